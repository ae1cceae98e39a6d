// Batches on hands with wild jokers (RULES.md §12) through the C# wrapper (Runtime/Batch.cs): mixed
// batches (rows with and without jokers) against the one-hand calls, and the typed errors naming
// the bad row (a joker under a rule set without jokers, one joker too many, a joker the deck does
// not deal). Compiled with Tests.cs; Program.Main calls Run.
using System;
using System.Collections.Generic;
using Shisanshui;

namespace Shisanshui.Tests
{
    internal static class BatchJokersTests
    {
        internal static void Run()
        {
            var tests = new KeyValuePair<string, Action>[]
            {
                new KeyValuePair<string, Action>("batch evaluation with jokers", Evaluation),
                new KeyValuePair<string, Action>("batch specials, arrange and settle with jokers", ThirteenCards),
                new KeyValuePair<string, Action>("batch joker errors", Errors),
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

        private static Rules WithJokers(int jokers, bool inSpecials)
        {
            var rules = Rules.Preset("classic");
            rules.Jokers = jokers;
            rules.JokersInSpecials = inSpecials;
            return rules;
        }

        /// <summary>`n` rows of `k` codes: every third row without a joker, the others with the small
        /// joker or both, the natural cards distinct, each row in a random order.</summary>
        private static byte[] JokerRows(int n, int k, int seed)
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
                int jokers = i % 3 == 0 ? 0 : 1 + rng.Next(2);
                if (jokers >= 1) deck[0] = 52;
                if (jokers == 2) deck[1] = 53;
                for (int c = k - 1; c > 0; c--)
                {
                    int j = rng.Next(c + 1);
                    byte t = deck[c]; deck[c] = deck[j]; deck[j] = t;
                }
                Array.Copy(deck, 0, output, i * k, k);
            }
            return output;
        }

        private static bool HasJoker(byte[] codes, int offset, int k)
        {
            for (int c = 0; c < k; c++)
            {
                if (codes[offset + c] >= 52) return true;
            }
            return false;
        }

        private static void Evaluation()
        {
            using (var rules = WithJokers(2, false))
            {
                const int n = 3000;
                byte[] fives = JokerRows(n, 5, 1);
                byte[] threes = JokerRows(n, 3, 2);
                uint[] v5 = Batch.Evaluate5(rules, fives);
                uint[] v5two = Batch.Evaluate5(rules, fives, 2);
                uint[] v3 = Batch.Evaluate3(rules, threes, 0);
                var m5 = new ulong[n];
                var m3 = new ulong[n];
                for (int i = 0; i < n; i++)
                {
                    for (int c = 0; c < 5; c++) m5[i] |= 1UL << fives[5 * i + c];
                    for (int c = 0; c < 3; c++) m3[i] |= 1UL << threes[3 * i + c];
                }
                var mv5 = new uint[n];
                var mv3 = new uint[n];
                Batch.Evaluate5Masks(rules, m5, 0, n, mv5, 0, 2);
                Batch.Evaluate3Masks(rules, m3, 0, n, mv3, 0);
                bool agree = true;
                int jokers = 0;
                var hand5 = new byte[5];
                var hand3 = new byte[3];
                for (int i = 0; i < n && agree; i++)
                {
                    Array.Copy(fives, 5 * i, hand5, 0, 5);
                    Array.Copy(threes, 3 * i, hand3, 0, 3);
                    uint one5 = Evaluator.Evaluate(rules, hand5).Value;
                    uint one3 = Evaluator.Evaluate(rules, hand3).Value;
                    agree = one5 == v5[i] && one5 == v5two[i] && one5 == mv5[i] && one3 == v3[i] && one3 == mv3[i];
                    if (HasJoker(fives, 5 * i, 5)) jokers++;
                }
                T.Check(agree, "every row, codes and masks, as Evaluator.Evaluate ranks it");
                T.Check(jokers > n / 2, jokers + " of the rows hold jokers");
            }
        }

        private static void ThirteenCards()
        {
            using (var rules = WithJokers(2, true))
            using (var arranger = new Arranger(rules, 4))
            {
                const int n = 400;
                byte[] hands = JokerRows(n, 13, 3);
                // Row 4: six pairs with a joker (2 2 4 4 6 6 8 8 T T Q SJ A).
                Array.Copy(new byte[] { 3, 2, 11, 10, 17, 18, 25, 26, 33, 34, 41, 52, 51 }, 0, hands, 13 * 4, 13);
                var best = new byte[n];
                var all = new ushort[n];
                Batch.DetectSpecials(rules, hands, 0, n, best, 0, all, 0, 2);
                T.Eq((byte)Special.SixPairs, best[4], "six pairs with a joker");
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

                // Rounds dealt from the joker deck: arranged, then settled as arranged and as dealt.
                const int rounds = 10, seats = 4, count = rounds * seats;
                var dealt = new byte[13 * count];
                for (int r = 0; r < rounds; r++)
                {
                    Card[][] table = Dealer.Deal(rules, seats, (ulong)(200 + r));
                    for (int p = 0; p < seats; p++)
                        for (int c = 0; c < 13; c++) dealt[13 * (r * seats + p) + c] = table[p][c].Code;
                }
                byte[] arranged = Batch.Arrange(arranger, dealt, 2);
                agree = true;
                int kept = 0;
                for (int i = 0; i < count && agree; i++)
                {
                    Array.Copy(dealt, 13 * i, hand, 0, 13);
                    Arrangement a = arranger.Arrange(hand).Arrangement;
                    var lanes = new List<byte>();
                    foreach (Card c in a.Front) lanes.Add(c.Code);
                    foreach (Card c in a.Middle) lanes.Add(c.Code);
                    foreach (Card c in a.Back) lanes.Add(c.Code);
                    for (int c = 0; c < 13; c++) agree &= lanes[c] == arranged[13 * i + c];
                    if (HasJoker(arranged, 13 * i, 13)) kept++;
                }
                T.Check(agree, "every hand as Arranger.Arrange arranges it");
                T.Check(kept > 5, kept + " arranged hands keep their jokers");

                foreach (byte[] codes in new[] { arranged, dealt })
                {
                    var units = new long[count];
                    Batch.Settle(rules, seats, codes, 0, rounds, units, 0, 2);
                    bool same = true;
                    for (int r = 0; r < rounds && same; r++)
                    {
                        var table = new PlayerHand[seats];
                        for (int p = 0; p < seats; p++)
                        {
                            var h = new Card[13];
                            for (int c = 0; c < 13; c++) h[c] = Card.FromAnyCode(codes[13 * (r * seats + p) + c]);
                            table[p] = PlayerHand.Arranged(h);
                        }
                        using (Settlement s = Settlement.Settle(rules, table))
                        {
                            for (int p = 0; p < seats; p++) same &= s.Totals[p].Units == units[r * seats + p];
                        }
                    }
                    T.Check(same, "every round as Settlement.Settle settles it");
                }
            }
        }

        private static void Errors()
        {
            using (var none = WithJokers(0, false))
            using (var one = WithJokers(1, false))
            using (var two = WithJokers(2, false))
            {
                byte[] codes = JokerRows(100, 5, 4);
                Array.Copy(new byte[] { 0, 4, 8, 12, 16 }, 0, codes, 0, 5);
                var values = new uint[100];
                for (int i = 0; i < values.Length; i++) values[i] = 0xDEADBEEF;
                // Under no jokers the first row holding one is a bad code.
                int first = 0;
                while (!HasJoker(codes, 5 * first, 5)) first++;
                var bad = T.Throws<BadCardCodeException>(() => Batch.Evaluate5(none, codes, 0, 100, values, 0, 2),
                    "row " + first + ": card code 5", "a joker under none");
                if (bad != null) T.Eq((long)first, bad.Row, "Row of the joker");

                // A third joker under two.
                Array.Copy(new byte[] { 52, 53, 52, 1, 2 }, 0, codes, 5 * 70, 5);
                var dup = T.Throws<DuplicateCardException>(() => Batch.Evaluate5(two, codes, 0, 100, values, 0, 2),
                    "row 70: ", "a third joker under two");
                if (dup != null) T.Eq(70L, dup.Row, "Row of the third joker");

                // The big joker under one, as codes and as a mask.
                var fronts = new byte[] { 0, 4, 8, 52, 5, 9, 1, 53, 6 };
                var fv = new uint[3];
                var nd = T.Throws<JokerNotInDeckException>(() => Batch.Evaluate3(one, fronts, 0, 3, fv, 0),
                    "row 2: ", "the big joker under one");
                if (nd != null) T.Eq(2L, nd.Row, "Row of the big joker");
                var masks = new ulong[] { 0x1F, (1UL << 52) | 0xF, (1UL << 53) | 0xF };
                var mv = new uint[3];
                nd = T.Throws<JokerNotInDeckException>(() => Batch.Evaluate5Masks(one, masks, 0, 3, mv, 0),
                    "row 2: ", "the big joker's bit under one");
                if (nd != null) T.Eq(2L, nd.Row, "Row of the big joker's mask");
                var mbad = T.Throws<BadCardCodeException>(() => Batch.Evaluate5Masks(none, masks, 0, 3, mv, 0),
                    "row 1: ", "a joker's bit under none");
                if (mbad != null) T.Eq(1L, mbad.Row, "Row of the joker's mask");
                bool untouched = mv[0] == 0 && mv[1] == 0 && mv[2] == 0 && fv[0] == 0;
                foreach (uint v in values) untouched &= v == 0xDEADBEEF;
                T.Check(untouched, "failed calls wrote nothing");

                // 13 cards: a third joker in row 3; settlement with the small joker at two seats.
                byte[] hands = JokerRows(8, 13, 5);
                Array.Copy(new byte[] { 52, 53, 52, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36 }, 0, hands, 13 * 3, 13);
                var best = new byte[8];
                dup = T.Throws<DuplicateCardException>(() => Batch.DetectSpecials(two, hands, 0, 8, best, 0), "row 3: ",
                    "specials, a third joker");
                if (dup != null) T.Eq(3L, dup.Row, "Row of the third joker (specials)");
                using (var arranger = new Arranger(two, 4))
                {
                    dup = T.Throws<DuplicateCardException>(() => Batch.Arrange(arranger, hands, 2), "row 3: ",
                        "arrange, a third joker");
                    if (dup != null) T.Eq(3L, dup.Row, "Row of the third joker (arrange)");
                }
                var round = new byte[13 * 4 * 2];
                for (int i = 0; i < 52; i++) { round[i] = (byte)i; round[52 + i] = (byte)i; }
                round[52 + 0] = 52;
                round[52 + 13] = 52;
                var units = new long[8];
                dup = T.Throws<DuplicateCardException>(() => Batch.Settle(one, 4, round, 0, 2, units, 0), "row 1: ",
                    "settle, the small joker at two seats");
                if (dup != null) T.Eq(1L, dup.Row, "Row names the round");
                bad = T.Throws<BadCardCodeException>(() => Batch.Settle(none, 4, round, 0, 2, units, 0), "row 1: ",
                    "settle, a joker under none");
                if (bad != null) T.Eq(1L, bad.Row, "Row names the round (no jokers)");
            }
        }
    }
}
