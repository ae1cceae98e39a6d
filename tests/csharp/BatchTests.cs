// Batches through the C# wrapper (Runtime/Batch.cs): every row against the one-hand calls, 1, 2
// and 0 (one per core) threads, offsets into larger arrays, and failed calls that name the first
// bad row and leave the outputs as they were. Compiled with Tests.cs; Program.Main calls Run.
using System;
using System.Collections.Generic;
using Shisanshui;

namespace Shisanshui.Tests
{
    internal static class BatchTests
    {
        internal static void Run()
        {
            var tests = new KeyValuePair<string, Action>[]
            {
                new KeyValuePair<string, Action>("batch evaluation", Evaluation),
                new KeyValuePair<string, Action>("batch evaluation errors", EvaluationErrors),
                new KeyValuePair<string, Action>("batch specials", Specials_),
                new KeyValuePair<string, Action>("batch arrange and settle", ArrangeAndSettle),
                new KeyValuePair<string, Action>("batch banker rooms", BankerRooms),
            };
            string outer = T.Current;
            foreach (var t in tests)
            {
                T.Current = t.Key;
                try
                {
                    t.Value();
                }
                catch (Exception e)
                {
                    T.Check(false, "unexpected exception: " + e);
                }
            }
            T.Current = outer;
        }

        /// <summary>Every 5-card hand in enumeration order, 5 codes each.</summary>
        private static byte[] AllFives()
        {
            var codes = new byte[2598960 * 5];
            int n = 0;
            for (int a = 0; a < 52; a++)
                for (int b = a + 1; b < 52; b++)
                    for (int c = b + 1; c < 52; c++)
                        for (int d = c + 1; d < 52; d++)
                            for (int e = d + 1; e < 52; e++)
                            {
                                codes[n++] = (byte)a; codes[n++] = (byte)b; codes[n++] = (byte)c;
                                codes[n++] = (byte)d; codes[n++] = (byte)e;
                            }
            return codes;
        }

        /// <summary>`n` hands of `k` distinct codes (k = 52 gives whole shuffled decks).</summary>
        private static byte[] Random(int n, int k, int seed)
        {
            var rng = new System.Random(seed);
            var output = new byte[n * k];
            var deck = new byte[52];
            for (int i = 0; i < n; i++)
            {
                for (int c = 0; c < 52; c++) deck[c] = (byte)c;
                for (int c = 51; c > 0; c--)
                {
                    int j = rng.Next(c + 1);
                    byte t = deck[c]; deck[c] = deck[j]; deck[j] = t;
                }
                Array.Copy(deck, 0, output, i * k, k);
            }
            return output;
        }

        private static bool Same<TV>(TV[] a, TV[] b)
        {
            if (a.Length != b.Length) return false;
            var eq = EqualityComparer<TV>.Default;
            for (int i = 0; i < a.Length; i++)
            {
                if (!eq.Equals(a[i], b[i])) return false;
            }
            return true;
        }

        private static void Evaluation()
        {
            using (var classic = Rules.Preset("classic"))
            using (var hk = Rules.Preset("hk"))
            {
                byte[] codes = AllFives();
                int n = codes.Length / 5;
                var masks = new ulong[n];
                for (int i = 0; i < n; i++)
                {
                    for (int c = 0; c < 5; c++) masks[i] |= 1UL << codes[5 * i + c];
                }
                foreach (Rules rules in new[] { classic, hk })
                {
                    uint[] one = Batch.Evaluate5(rules, codes);
                    uint[] two = Batch.Evaluate5(rules, codes, 2);
                    uint[] all = Batch.Evaluate5(rules, codes, 0);
                    var byMask = new uint[n];
                    Batch.Evaluate5Masks(rules, masks, 0, n, byMask, 0, 2);
                    T.Check(Same(one, two) && Same(one, all), "the same ranks on 1, 2 and 0 threads");
                    T.Check(Same(one, byMask), "masks give the ranks of codes");
                    bool agree = true;
                    var hand = new byte[5];
                    for (int i = 0; i < n && agree; i += 211)
                    {
                        Array.Copy(codes, 5 * i, hand, 0, 5);
                        agree = Evaluator.Evaluate(rules, hand).Value == one[i];
                    }
                    T.Check(agree, "every 211th hand as Evaluator.Evaluate ranks it");
                }

                // Offsets: hands 1000..1099 of the codes into slots 7..106 of a larger array.
                var values = new uint[120];
                Batch.Evaluate5(classic, codes, 5 * 1000, 100, values, 7);
                uint[] whole = Batch.Evaluate5(classic, codes);
                bool offsets = values[6] == 0 && values[107] == 0;
                for (int i = 0; i < 100; i++) offsets &= values[7 + i] == whole[1000 + i];
                T.Check(offsets, "offsets into input and output");

                // Every front, in descending card order, codes and masks.
                var threes = new byte[22100 * 3];
                var tmasks = new ulong[22100];
                int k = 0;
                for (int a = 0; a < 52; a++)
                    for (int b = a + 1; b < 52; b++)
                        for (int c = b + 1; c < 52; c++)
                        {
                            threes[3 * k] = (byte)c; threes[3 * k + 1] = (byte)b; threes[3 * k + 2] = (byte)a;
                            tmasks[k] = 1UL << a | 1UL << b | 1UL << c;
                            k++;
                        }
                uint[] fronts = Batch.Evaluate3(hk, threes, 2);
                var frontMasks = new uint[22100];
                Batch.Evaluate3Masks(hk, tmasks, 0, 22100, frontMasks, 0);
                bool fronts3 = Same(fronts, frontMasks);
                var front = new byte[3];
                for (int i = 0; i < 22100 && fronts3; i++)
                {
                    Array.Copy(threes, 3 * i, front, 0, 3);
                    fronts3 = Evaluator.Evaluate(hk, front).Value == fronts[i];
                }
                T.Check(fronts3, "all 22,100 fronts as Evaluator.Evaluate ranks them");
            }
        }

        private static void EvaluationErrors()
        {
            using (var rules = Rules.Preset("classic"))
            {
                byte[] codes = Random(50000, 5, 3);
                var values = new uint[50000];
                for (int i = 0; i < values.Length; i++) values[i] = 0xDEADBEEF;
                codes[5 * 40000 + 2] = 52;
                codes[5 * 30000 + 4] = codes[5 * 30000 + 1];
                foreach (int threads in new[] { 1, 2, 4 })
                {
                    var dup = T.Throws<DuplicateCardException>(() => Batch.Evaluate5(rules, codes, 0, 50000, values, 0, threads),
                        "row 30000: duplicate card", "a repeated card, " + threads + " threads");
                    if (dup != null) T.Eq(30000L, dup.Row, "Row of the repeated card");
                }
                codes[5 * 30000 + 4] = (byte)(codes[5 * 30000 + 1] == 0 ? 1 : 0);
                if (codes[5 * 30000 + 4] == codes[5 * 30000] || codes[5 * 30000 + 4] == codes[5 * 30000 + 2] ||
                    codes[5 * 30000 + 4] == codes[5 * 30000 + 3])
                {
                    Array.Copy(new byte[] { 10, 20, 30, 40, 50 }, 0, codes, 5 * 30000, 5);
                }
                var bad = T.Throws<BadCardCodeException>(() => Batch.Evaluate5(rules, codes, 0, 50000, values, 0, 2),
                    "row 40000: card code 52 is out of range", "a code out of range");
                if (bad != null) T.Eq(40000L, bad.Row, "Row of the bad code");
                // The same hands from offset 5 × 39990: the row counts from the first hand given.
                bad = T.Throws<BadCardCodeException>(() => Batch.Evaluate5(rules, codes, 5 * 39990, 20, values, 0),
                    "row 10:", "a code out of range after an offset");
                if (bad != null) T.Eq(10L, bad.Row, "Row counts from the offset");
                bool untouched = true;
                foreach (uint v in values) untouched &= v == 0xDEADBEEF;
                T.Check(untouched, "failed calls wrote nothing");

                var masks = new ulong[] { 0x1F, 0x3F, 0x1F };
                var mv = new uint[3];
                var wrong = T.Throws<WrongCardCountException>(() => Batch.Evaluate5Masks(rules, masks, 0, 3, mv, 0),
                    "row 1: expected 5 cards, got 6", "a mask of six cards");
                if (wrong != null) T.Eq(1L, wrong.Row, "Row of the mask");
                T.Check(mv[0] == 0 && mv[2] == 0, "a failed mask batch wrote nothing");

                T.Throws<ArgumentOutOfRangeException>(() => Batch.Evaluate5(rules, codes, 5, 50000, values, 0), null,
                    "input past its array");
                T.Throws<ArgumentOutOfRangeException>(() => Batch.Evaluate5(rules, codes, 0, 10, values, 49995), null,
                    "output past its array");
                T.Throws<ArgumentOutOfRangeException>(() => Batch.Evaluate5(rules, codes, 0, 10, values, 0, -1), null,
                    "negative threads");
                T.Throws<ArgumentNullException>(() => Batch.Evaluate5(rules, null), null, "null codes");
                T.Throws<ArgumentException>(() => Batch.Evaluate5(rules, new byte[7]), "whole number", "7 codes");
                T.Eq(0, Batch.Evaluate5(rules, new byte[0]).Length, "an empty batch");
                var other = T.Throws<InvalidTableException>(
                    () => Batch.Settle(rules, 5, new byte[65], 0, 1, new long[5], 0), "5 players", "five seats");
                if (other != null) T.Eq(-1L, other.Row, "no Row for a whole-call error");
            }
            var disposed = Rules.Preset("classic");
            disposed.Dispose();
            T.Throws<ObjectDisposedException>(() => Batch.Evaluate5(disposed, new byte[5] { 0, 1, 2, 3, 4 }), null,
                "disposed rules");
        }

        private static void Specials_()
        {
            using (var rules = Rules.Preset("classic"))
            {
                const int n = 2000;
                byte[] hands = Random(n, 13, 5);
                for (int c = 0; c < 13; c++) hands[13 * 9 + c] = (byte)(4 * c + c % 4); // a dragon
                var best = new byte[n];
                var all = new ushort[n];
                Batch.DetectSpecials(rules, hands, 0, n, best, 0, all, 0, 2);
                var bestOnly = new byte[n];
                Batch.DetectSpecials(rules, hands, 0, n, bestOnly, 0);
                T.Check(Same(best, bestOnly), "best with and without `all`");
                T.Eq((byte)Special.Dragon, best[9], "the dragon");
                bool agree = true;
                var hand = new byte[13];
                for (int i = 0; i < n && agree; i++)
                {
                    Array.Copy(hands, 13 * i, hand, 0, 13);
                    SpecialDetection d = Specials.Detect(rules, hand);
                    ushort bits = 0;
                    foreach (Special s in d.All) bits |= (ushort)(1 << (int)s);
                    agree = (d.Best.HasValue ? (byte)d.Best.Value : Batch.NoSpecial) == best[i] && bits == all[i];
                }
                T.Check(agree, "every hand as Specials.Detect finds it");

                hands[13 * 1500 + 12] = hands[13 * 1500];
                for (int i = 0; i < n; i++) best[i] = 0xAB;
                var dup = T.Throws<DuplicateCardException>(() => Batch.DetectSpecials(rules, hands, 0, n, best, 0, all, 0, 2),
                    "row 1500: duplicate card", "a repeated card");
                if (dup != null) T.Eq(1500L, dup.Row, "Row of the repeated card");
                bool untouched = true;
                foreach (byte b in best) untouched &= b == 0xAB;
                T.Check(untouched, "a failed detection wrote nothing");
            }
        }

        /// <summary>Round <paramref name="r"/> of flat 13-code hands in lane order, as the seats Settlement.Settle takes.</summary>
        private static PlayerHand[] Round(byte[] codes, int r, int seats)
        {
            var table = new PlayerHand[seats];
            for (int p = 0; p < seats; p++)
            {
                var h = new Card[13];
                for (int c = 0; c < 13; c++) h[c] = Card.FromCode(codes[13 * (r * seats + p) + c]);
                table[p] = PlayerHand.Arranged(new[] { h[0], h[1], h[2] }, new[] { h[3], h[4], h[5], h[6], h[7] },
                    new[] { h[8], h[9], h[10], h[11], h[12] });
            }
            return table;
        }

        private static void ArrangeAndSettle()
        {
            using (var rules = Rules.Preset("classic"))
            using (var arranger = new Arranger(rules, 4))
            {
                const int rounds = 6, seats = 4, hands = rounds * seats;
                byte[] dealt = Random(rounds, 52, 9);
                byte[] arranged = Batch.Arrange(arranger, dealt);
                byte[] arranged2 = Batch.Arrange(arranger, dealt, 2);
                T.Check(Same(arranged, arranged2), "the same arrangements on 1 and 2 threads");
                bool agree = true;
                var hand = new byte[13];
                for (int i = 0; i < hands && agree; i++)
                {
                    Array.Copy(dealt, 13 * i, hand, 0, 13);
                    Arrangement a = arranger.Arrange(hand).Arrangement;
                    var lanes = new List<byte>();
                    foreach (Card c in a.Front) lanes.Add(c.Code);
                    foreach (Card c in a.Middle) lanes.Add(c.Code);
                    foreach (Card c in a.Back) lanes.Add(c.Code);
                    for (int c = 0; c < 13; c++) agree &= lanes[c] == arranged[13 * i + c];
                }
                T.Check(agree, "every hand as Arranger.Arrange arranges it");

                var units = new long[hands];
                Batch.Settle(rules, seats, arranged, 0, rounds, units, 0, 2);
                bool same = true;
                for (int r = 0; r < rounds && same; r++)
                {
                    PlayerHand[] table = Round(arranged, r, seats);
                    using (Settlement s = Settlement.Settle(rules, table))
                    {
                        long sum = 0;
                        for (int p = 0; p < seats; p++)
                        {
                            same &= s.Totals[p].Units == units[r * seats + p];
                            sum += units[r * seats + p];
                        }
                        same &= sum == 0;
                    }
                }
                T.Check(same, "every round as Settlement.Settle settles it");

                var output = new byte[13 * hands];
                for (int i = 0; i < output.Length; i++) output[i] = 0x5A;
                dealt[13 * 17 + 3] = 77;
                var bad = T.Throws<BadCardCodeException>(() => Batch.Arrange(arranger, dealt, 0, hands, output, 0, 2),
                    "row 17: card code 77", "arrange a bad code");
                if (bad != null) T.Eq(17L, bad.Row, "Row of the bad code");
                bool untouched = true;
                foreach (byte b in output) untouched &= b == 0x5A;
                T.Check(untouched, "a failed arrangement wrote nothing");

                arranged[13 * (4 * seats + 2) + 5] = arranged[13 * (4 * seats)];
                var dup = T.Throws<DuplicateCardException>(() => Batch.Settle(rules, seats, arranged, 0, rounds, units, 0),
                    "row 4: duplicate card", "a card at two seats");
                if (dup != null) T.Eq(4L, dup.Row, "Row names the round");
            }
        }

        private static void BankerRooms()
        {
            using (var rules = Rules.Preset("classic"))
            {
                rules.Table = Table.Banker;
                const int rounds = 20, seats = 3, hands = rounds * seats;
                byte[] dealt = Random(rounds, 39, 21);
                // Round r's banker at bankers[2 + r]: the banker moves, and the array has an offset.
                var bankers = new byte[rounds + 2];
                for (int r = 0; r < rounds; r++) bankers[2 + r] = (byte)((r * 5 + 1) % seats);
                var units = new long[hands + 1];
                Batch.SettleWithBanker(rules, seats, bankers, 2, dealt, 0, rounds, units, 1, 2);
                bool same = true;
                for (int r = 0; r < rounds && same; r++)
                {
                    PlayerHand[] table = Round(dealt, r, seats);
                    using (Settlement s = Settlement.SettleWithBanker(rules, bankers[2 + r], table))
                    {
                        same &= s.Banker == bankers[2 + r];
                        for (int p = 0; p < seats; p++) same &= s.Totals[p].Units == units[1 + r * seats + p];
                    }
                }
                T.Check(same, "every round as Settlement.SettleWithBanker settles it");

                var output = new long[hands];
                for (int i = 0; i < hands; i++) output[i] = 777;
                bankers[2 + 13] = seats;
                var off = T.Throws<InvalidTableException>(
                    () => Batch.SettleWithBanker(rules, seats, bankers, 2, dealt, 0, rounds, output, 0, 2),
                    "row 13: invalid table: banker seat 3 is not at the table", "a banker seat off the table");
                if (off != null) T.Eq(13L, off.Row, "Row names the round");
                var none = T.Throws<InvalidTableException>(() => Batch.Settle(rules, seats, dealt, 0, rounds, output, 0),
                    "name the banker seat", "banker rules without bankers");
                if (none != null) T.Eq(0L, none.Row, "Row of the first round");
                T.Throws<ArgumentOutOfRangeException>(
                    () => Batch.SettleWithBanker(rules, seats, bankers, 3, dealt, 0, rounds, output, 0), "bankers",
                    "too few banker seats after the offset");
                T.Throws<ArgumentNullException>(
                    () => Batch.SettleWithBanker(rules, seats, null, 0, dealt, 0, rounds, output, 0), "bankers", "null bankers");
                bankers[2 + 13] = 0;
                rules.Table = Table.AllPairs;
                T.Throws<InvalidTableException>(() => Batch.SettleWithBanker(rules, seats, bankers, 2, dealt, 0, rounds, output, 0),
                    "all_pairs", "bankers under all pairs");
                bool untouched = true;
                foreach (long v in output) untouched &= v == 777;
                T.Check(untouched, "failed banker batches wrote nothing");
            }
        }
    }
}
