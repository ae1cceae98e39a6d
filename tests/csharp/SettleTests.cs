// Settlement and money through the C# wrapper: the worked examples of
// core/tests/settle_examples.rs (numbers computed by hand there), bad input, the seed 003 money
// example, and the shared vectors tests/vectors/settle.json (made by ffi/tests/settle_vectors.rs).
// Compiled with Tests.cs, whose runner (T, Json) it uses; Program.Main calls SettleTests.Run.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;
using Shisanshui;

namespace Shisanshui.Tests
{
    internal static class SettleTests
    {
        /// <summary>Every settlement test; `evalPath` is tests/vectors/eval.json (settle.json sits beside it).</summary>
        internal static void Run(string evalPath)
        {
            var tests = new KeyValuePair<string, Action>[]
            {
                new KeyValuePair<string, Action>("settle layouts", Layouts),
                new KeyValuePair<string, Action>("settle worked examples", WorkedExamples),
                new KeyValuePair<string, Action>("settle specials and fractions", SpecialsAndFractions),
                new KeyValuePair<string, Action>("settle json", JsonOutput),
                new KeyValuePair<string, Action>("money", MoneyTests),
                new KeyValuePair<string, Action>("settle errors", Errors),
                new KeyValuePair<string, Action>("settle vectors", () => Vectors(evalPath)),
                new KeyValuePair<string, Action>("banker mode", BankerMode),
                new KeyValuePair<string, Action>("banker vectors", () => BankerVectors(evalPath)),
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

        private static PlayerHand Arr(string text) { return PlayerHand.Arranged(text); }

        private static long[] Whole(Settlement s)
        {
            long[] w = new long[s.SeatCount];
            for (int i = 0; i < w.Length; i++)
            {
                T.Check(s.Totals[i].IsInteger, "whole total " + s.Totals[i]);
                w[i] = s.Totals[i].Num;
            }
            return w;
        }

        private static string Join<TV>(IEnumerable<TV> items)
        {
            var parts = new List<string>();
            foreach (TV x in items) parts.Add(x.ToString());
            return string.Join(" ", parts.ToArray());
        }

        private static void Totals(Rules rules, PlayerHand[] hands, string want, string what)
        {
            using (Settlement s = Settlement.Settle(rules, hands))
            {
                T.Eq(want, Join(Whole(s)), what);
                Water sum = Water.FromInt(0);
                foreach (Water w in s.Totals) sum = sum + w;
                T.Eq(Water.FromInt(0), sum, what + ": zero sum");
            }
        }

        // Worked examples (core/tests/settle_examples.rs).
        private static readonly string[] A = { "Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah", "9c 5c 4c / Ts Td Tc 4s 4h / 6s 6d 6h 6c 2s" };
        private static readonly string[] B = { "Ad Ac 5d / Jc Jd Js 3c 3d / 5h 6h 7h 8h 9h", "Ks Qd 2c / 4s 4d 7c 8d Ts / As Ah 2d 6s Qh" };
        private static readonly string[] C =
        {
            "Qs Qh Qd / 2c 2d 2h 2s 9c / Tc Jc Qc Kc Ac", "As Ad 3c / Ks Kd 5c 5d 7s / 3s 4s 6s 8s Js",
            "Ah Kh 4c / 6c 6d 7c 8c 9d / Th Td Ts 8d 8h",
        };
        private static readonly string[] F =
        {
            "5d 6d 8c / Kc Kd 3s 3h 9c / Ac Qd Jd 7s 4s", "Qs Qh 2d / Ah Kh 9d 7d 5s / Th Tc 6c 6s 2s",
            "4c 4d 4h / Jc Jh Js 8d 8s / 5h 6h 7h 8h 9h", "5c 2c 2h / 3c 3d Qc 9s 7c / Ad As Td Ts Ks",
        };
        private const string Dragon = "2s 3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As";
        private const string SixPairs = "2d 2c 3s 3c 5s 5d 7s 7c 9s 9d Js Jc 4s";

        private static PlayerHand[] Hands(string[] texts)
        {
            var h = new PlayerHand[texts.Length];
            for (int i = 0; i < texts.Length; i++) h[i] = Arr(texts[i]);
            return h;
        }

        private static void Layouts()
        {
            T.Eq(24, Marshal.SizeOf(typeof(NativeWater)), "SssWater size");
            T.Eq(20, Marshal.SizeOf(typeof(NativeSettlementInfo)), "SssSettlementInfo size");
            T.Eq(64, Marshal.SizeOf(typeof(NativeSeatResult)), "SssSeatResult size");
            T.Eq(24, (int)Marshal.OffsetOf(typeof(NativeSeatResult), "eval"), "SssSeatResult.eval");
            T.Eq(52, (int)Marshal.OffsetOf(typeof(NativeSeatResult), "special_water"), "SssSeatResult.special_water");
            T.Eq(56, (int)Marshal.OffsetOf(typeof(NativeSeatResult), "kind"), "SssSeatResult.kind");
            T.Eq(8, Marshal.SizeOf(typeof(NativeLaneResult)), "SssLaneResult size");
            T.Eq(120, Marshal.SizeOf(typeof(NativePairResult)), "SssPairResult size");
            T.Eq(80, (int)Marshal.OffsetOf(typeof(NativePairResult), "lane0"), "SssPairResult.lanes");
            T.Eq(104, (int)Marshal.OffsetOf(typeof(NativePairResult), "seat_a"), "SssPairResult.seat_a");
            T.Eq(114, (int)Marshal.OffsetOf(typeof(NativePairResult), "special"), "SssPairResult.special");
            T.Eq(115, (int)Marshal.OffsetOf(typeof(NativePairResult), "majority_winner"), "SssPairResult.majority_winner");
            T.Eq(18, (int)Marshal.OffsetOf(typeof(NativeSettlementInfo), "banker_seat"), "SssSettlementInfo.banker_seat");
            T.Eq(16, Marshal.SizeOf(typeof(NativeEvent)), "SssEvent size");
            T.Eq(8, (int)Marshal.OffsetOf(typeof(NativeEvent), "kind"), "SssEvent.kind");
            T.Eq(24, Marshal.SizeOf(typeof(NativeStakes)), "SssStakes size");
            T.Eq(64, Marshal.SizeOf(typeof(NativeMoneyLine)), "SssMoneyLine size");
            T.Eq(32, Marshal.SizeOf(typeof(NativeMoneyTotals)), "SssMoneyTotals size");
        }

        private static void WorkedExamples()
        {
            string[] presets = { "classic", "regional", "kx", "hk", "ranked" };
            string[] wantA = { "-5 5", "-6 6", "-5 5", "-1 1", "-5 5" };
            string[] wantB = { "8 -8", "9 -9", "16 -16", "4 -4", "21 -21" };
            string[] wantC = { "136 -67 -69", "168 -83 -85", "64 -31 -33", "8 -3 -5", "124 -55 -69" };
            string[] wantF = { "-13 -13 31 -5", "-15 -15 37 -7", "-13 -13 40 -14", "-6 -6 10 2", "-22 -22 36 8" };
            for (int i = 0; i < presets.Length; i++)
            {
                using (Rules r = Rules.Preset(presets[i]))
                {
                    Totals(r, Hands(A), wantA[i], "A " + presets[i]);
                    Totals(r, Hands(B), wantB[i], "B " + presets[i]);
                    Totals(r, Hands(C), wantC[i], "C " + presets[i]);
                    Totals(r, Hands(F), wantF[i], "F " + presets[i]);
                }
            }
            using (Rules classic = Rules.Classic())
            {
                using (Settlement s = Settlement.Settle(classic, Hands(A)))
                {
                    PairResult p = s.Pairs[0];
                    T.Eq(PairKind.Lanes, p.Kind, "A kind");
                    T.Eq("0:1:OnePair 1:2:FullHouse 1:4:FourOfAKind",
                        p.Lanes[0].Winner + ":" + p.Lanes[0].Water + ":" + p.Lanes[0].Hand + " "
                        + p.Lanes[1].Winner + ":" + p.Lanes[1].Water + ":" + p.Lanes[1].Hand + " "
                        + p.Lanes[2].Winner + ":" + p.Lanes[2].Water + ":" + p.Lanes[2].Hand, "A lanes");
                    T.Eq(Lane.Back, p.Lanes[2].Lane, "lane order");
                    T.Eq(0, s.Events.Count, "A has no events");
                    T.Eq(ScoringMode.Pairwise, s.Mode, "pairwise");
                    T.Check(s.RankedLaneWater == null, "no ranked lane water");
                }
                // C: a home run; P0 shoots both (17 each), ×4 = 68 per victim.
                using (Settlement s = Settlement.Settle(classic, Hands(C)))
                {
                    T.Eq("shot 0 -> 1: 17|shot 0 -> 2: 17|home run 0: 136", string.Join("|", Strings(s.Events)), "C events");
                    T.Eq((int?)0, s.HomeRunSeat, "C home run seat");
                    PairResult p = s.Pair(2, 0);
                    T.Eq(16L, p.LaneWater, "C lane water");
                    T.Eq(17L, p.Shot.Value, "C shot");
                    T.Eq((long?)68, p.HomeRun, "C home run");
                    T.Eq(Water.FromInt(68), s.MatrixAt(0, 2), "C matrix");
                    T.Eq(Water.FromInt(-1), s.MatrixAt(2, 1), "C matrix 2 1");
                    T.Check(s.Pair(1, 2).HomeRun == null && s.Pair(1, 1) == null, "C other pairs");
                }
                // Ties: two wins and a tie shoot under classic (辗过).
                string[] ties =
                {
                    "9s 7h 4d / Jc Jd 5c 5d 2c / Ac Ad Ah 3c 3d", "9d 7s 4h / Tc Td 6c 6d 2d / Kc Kd Kh 8c 7c",
                    "Qs Qh 3s / 8s 8h 6s 6h Qd / Ts Js Qc Ks As",
                };
                using (Settlement s = Settlement.Settle(classic, Hands(ties)))
                {
                    T.Eq("4 -4 0", Join(Whole(s)), "ties");
                    T.Check(s.Pair(0, 1).Lanes[0].Winner == null && s.Pair(0, 1).Lanes[0].Hand == null, "tied front");
                    T.Eq(2L, s.Pair(0, 1).Shot.LaneWater, "辗过 lane water");
                }
                // F: fouls.
                using (Settlement s = Settlement.Settle(classic, Hands(F)))
                {
                    T.Eq("foul 0 (2)|foul 1 (1)|shot 2 -> 3: 11", string.Join("|", Strings(s.Events)), "F events");
                    T.Eq(PairKind.BothFouled, s.Pair(0, 1).Kind, "both fouled");
                    T.Eq(PairKind.OneFouled, s.Pair(0, 2).Kind, "one fouled");
                    T.Check(s.Seats[0].IsFoul && s.Seats[0].Eval.Value.MiddleOverBack && !s.Seats[2].IsFoul, "foul seats");
                    T.Check(s.HomeRunSeat == null, "no home run with fouls");
                }
                using (Rules shot = Rules.FromJson(classic.ToJson().Replace("\"foul_counts_as_shot\": false", "\"foul_counts_as_shot\": true")))
                {
                    Totals(shot, Hands(F), "-48 -48 132 -36", "F foul_counts_as_shot");
                }
            }
            using (Rules kx = Rules.Preset("kx"))
            using (Settlement s = Settlement.Settle(kx, Hands(B)))
            {
                T.Eq(8L, s.Pairs[0].Shot.LaneWater, "B kx lane water");
                T.Eq(16L, s.Pairs[0].Shot.Value, "B kx shot");
                T.Check(s.HomeRunSeat == null, "kx home runs need 4 seats");
            }
            using (Rules ranked = Rules.Preset("ranked"))
            using (Settlement s = Settlement.Settle(ranked, Hands(C)))
            {
                T.Eq(ScoringMode.Ranked, s.Mode, "ranked");
                T.Eq("4 8 5", Join(s.RankedLaneWater), "ranked lane water");
                T.Eq((long?)19, s.Events[0].Value, "ranked shot");
            }
        }

        private static string[] Strings(IList<SettlementEvent> events)
        {
            var s = new string[events.Count];
            for (int i = 0; i < s.Length; i++) s[i] = events[i].ToString();
            return s;
        }

        private static PlayerHand[] TableI()
        {
            return new[]
            {
                Arr("2s 3d 4c / 5h 6s 7d 8c 9h / Ts Jd Qc Kh As"), PlayerHand.Declare(Special.SixPairs, SixPairs),
                Arr("Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c"), Arr("4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh"),
            };
        }

        private static void SpecialsAndFractions()
        {
            PlayerHand[] g =
            {
                PlayerHand.Declare(Special.SixPairs, "2c 2d 5c 5d 7c 7d 9c 9d Jc Jd Kc Kd Ac"),
                Arr("Qs Qh 3s / 8s 8h 8d 4s 4h / Ts Th Td Tc 6s"), Arr("As Ah Ad / Ks Kh 2s 3h 5s / Js Jh 9s 9h 6h"),
            };
            PlayerHand[] h =
            {
                PlayerHand.Declare(Special.Dragon, Dragon), PlayerHand.Declare(Special.SixPairs, SixPairs),
                Arr("Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c"), Arr("4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh"),
            };
            using (Rules classic = Rules.Classic())
            using (Rules ranked = Rules.Preset("ranked"))
            {
                using (Settlement s = Settlement.Settle(classic, g))
                {
                    T.Eq("8 3 -11", Join(Whole(s)), "G classic");
                    T.Eq("special 0 SP|foul 2 (1)", string.Join("|", Strings(s.Events)), "G events");
                    PairResult p = s.Pair(0, 2);
                    T.Eq(PairKind.SpecialVsNormal, p.Kind, "G kind");
                    T.Check(p.Lanes == null && p.Shot == null, "no lanes, no shot");
                    T.Eq((int?)0, p.Special.Winner, "G winner");
                    T.Eq((Special?)Special.SixPairs, p.Special.Special, "G special");
                    T.Eq(Water.FromInt(4), p.Special.Water, "G special water");
                    T.Check(s.Seats[0].IsSpecial && s.Seats[0].Eval == null && s.Seats[0].SpecialWater == 4, "G seat 0");
                }
                Totals(ranked, g, "4 5 -9", "G ranked");
                using (Settlement s = Settlement.Settle(classic, h))
                {
                    T.Eq("108 -28 -33 -47", Join(Whole(s)), "H classic");
                    T.Eq(PairKind.SpecialVsSpecial, s.Pair(0, 1).Kind, "H kind");
                    T.Eq((Special?)Special.Dragon, s.Pair(0, 1).Special.Special, "H special");
                }
                Totals(ranked, h, "72 -32 -12 -28", "H ranked");
                // I: ranked fractions: each normal pays six pairs 4/3.
                using (Settlement s = Settlement.Settle(ranked, TableI()))
                {
                    T.Eq("-40/3 4 50/3 -22/3", Join(s.Totals), "I ranked");
                    T.Eq("-11200 3360 14000 -6160", s.Totals[0].Units + " " + s.Totals[1].Units + " " + s.Totals[2].Units
                        + " " + s.Totals[3].Units, "I units (of 1/840)");
                    T.Eq(3L, s.Totals[0].Den, "I denominator");
                    T.Eq(-40L, s.Totals[0].Num, "I numerator");
                    T.Eq("4/3", s.MatrixAt(1, 0).ToString(), "I matrix");
                    T.Eq("4/3", s.Pair(0, 1).Special.Water.ToString(), "I special share");
                    T.Eq("4 2 1", Join(s.RankedLaneWater), "I ranked lane water");
                    T.Check(s.HomeRunSeat == null, "a special blocks the home run");
                }
                Totals(classic, TableI(), "-12 12 10 -10", "I classic");
                // Equal specials tie.
                using (Settlement s = Settlement.Settle(classic, PlayerHand.Declare(Special.SixPairs, SixPairs),
                    PlayerHand.Declare(Special.SixPairs, "6d 6c 8s 8d Td Tc Qs Qd Ks Kd Ad Ac 2h")))
                {
                    T.Check(s.Pairs[0].Special.Winner == null && s.Pairs[0].Special.Special == null, "equal specials tie");
                    T.Eq("0 0", Join(Whole(s)), "tie totals");
                }
            }
        }

        private static Dictionary<string, object> O(object o) { return (Dictionary<string, object>)o; }

        private static List<object> L(object o) { return (List<object>)o; }

        private static long N(object o) { return (long)(double)o; }

        private static void JsonOutput()
        {
            using (Rules ranked = Rules.Preset("ranked"))
            {
                Settlement s = Settlement.Settle(ranked, TableI());
                var doc = O(Json.Parse(s.ToJson()));
                T.Eq("ranked", (string)doc["mode"], "json mode");
                var total0 = O(L(doc["totals"])[0]);
                T.Eq(-40L, N(total0["num"]), "json total num");
                T.Eq(3L, N(total0["den"]), "json total den");
                var ev0 = O(L(doc["events"])[0]);
                T.Eq("special", (string)ev0["kind"], "json event kind");
                T.Eq("SP", (string)ev0["special"], "json event special");
                T.Eq(6, L(doc["pairs"]).Count, "json pairs");
                s.Dispose();
                s.Dispose();
                T.Throws<ObjectDisposedException>(() => s.ToJson(), null, "disposed settlement");
                T.Eq(4, s.SeatCount, "read values survive Dispose");
            }
        }

        private static void MoneyTests()
        {
            // Seed 003: carries 1000/500/200/500 yuan, results −200/−800/+900/+100 at 1 yuan (100 cents)
            // a point, 5% rake: −85.71, −214.28, +190.00, +95.00.
            var water = new[] { Water.FromInt(-200), Water.FromInt(-800), Water.FromInt(900), Water.FromInt(100) };
            MoneyResult m = Money.Settle(water, 100, new long[] { 100000, 50000, 20000, 50000 }, Rake.Percent(5));
            T.Eq("-8571 -21428 19000 9500", Join(m.Amounts()), "seed 003 amounts");
            T.Eq(-50000L, m.Lines[1].Capped, "capped");
            T.Eq(-21428L, m.Lines[1].Scaled, "scaled");
            T.Eq(1000L, m.Lines[2].Rake, "rake line");
            T.Eq("1500 -1 1499 0", m.Rake + " " + m.Rounding + " " + m.House + " " + m.Unclaimed, "seed 003 house");
            // Escape.
            MoneyResult e = Money.Escape(4, 2, 100, null, Rake.Percent(5));
            T.Eq("95 95 -1800 95", Join(e.Amounts()), "escape amounts");
            T.Eq(1500L, e.Unclaimed, "escape unclaimed");
            T.Eq(15L, e.House, "escape house");
            // From a settlement, and fractions.
            using (Rules ranked = Rules.Preset("ranked"))
            using (Settlement s = Settlement.Settle(ranked, TableI()))
            {
                T.Eq("-1333 400 1666 -733", Join(s.Money(100).Amounts()), "ranked money");
            }
            MoneyResult third = Money.Settle(new[] { Water.FromInt(-100), Water.FromInt(100) }, 1, null, new Rake(1, 3));
            T.Eq("-100 66", Join(third.Amounts()), "a third");
            T.Eq(34L, third.House, "a third to the house");
        }

        private static void Errors()
        {
            string[] full =
            {
                "Ac Ad Ah / Kc Kd Kh Ks 2c / 4s 5s 6s 7s 8s", "Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s 5c",
                "Tc Td 4c / 6c 6d 6h 3h 3s / 7c 7d 7h Th Ts", "Qh Qs As / 5d 5h 4d 4h Js / 8c 8d 8h 2h 2s",
                "Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah",
            };
            PlayerHand[] hands = Hands(full);
            using (Rules r = Rules.Classic())
            using (Rules hk = Rules.Preset("hk"))
            {
                T.ThrowsTable(() => Settlement.Settle(r, hands[0]), 1, 4, "1 seat");
                T.ThrowsTable(() => Settlement.Settle(r, hands), 5, 4, "5 seats at one deck");
                T.Throws<WrongCardCountException>(() => PlayerHand.Arranged("As Kd / Qh Jh Th 9h 8h / 2c 3c 4c 5c 6c"),
                    "expected 3 cards, got 2", "2-card front");
                T.Throws<WrongCardCountException>(() => PlayerHand.Arranged("As Kd Qd / Qh Jh Th 9h 8h 7h / 2c 3c 4c 5c 6c"),
                    "expected 5 cards, got 6", "6-card middle");
                T.Throws<WrongCardCountException>(() => PlayerHand.Arranged(Card.ParseHand("As Kd Qd Qh Jh Th 9h 8h 2c 3c 4c 5c")),
                    "expected 5 cards, got 4", "12 cards");
                T.Throws<WrongCardCountException>(() => PlayerHand.Declare(Special.Dragon, "2s 3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh"),
                    "expected 13 cards, got 12", "12-card special");
                T.Throws<DuplicateCardException>(() => Settlement.Settle(r, hands[0], Arr("Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s Ac")),
                    "duplicate card Ac at position 25", "card twice");
                T.Throws<DuplicateCardException>(() => Settlement.Settle(r, hands[0], Arr("Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s Ac")),
                    "seat 1 holds Ac, and so does seat 0", "card twice, named by seat");
                T.Throws<DuplicateCardException>(() => Settlement.Settle(r, hands[0], PlayerHand.Declare(Special.Dragon, Dragon)),
                    "duplicate card 6s at position 17", "card twice across a special");
                var sne = T.Throws<SpecialNotAllowedException>(
                    () => Settlement.Settle(r, hands[0], PlayerHand.Declare(Special.Dragon, Card.ParseHand(full[1].Replace("/", "")))),
                    "do not make", "not a dragon");
                T.Check(sne == null || sne.Message.Contains("DR"), "names the special");
                PlayerHand big = PlayerHand.Declare(Special.AllBig, "8s 9c 9d Ts Jd Qc Kh Ac Kd Qd Jc Th Ad");
                T.Throws<SpecialNotAllowedException>(() => Settlement.Settle(hk, hands[3], big), "not enabled", "all big under hk");
                using (Settlement ok = Settlement.Settle(r, hands[3], big))
                {
                    T.Eq("-15 15", Join(Whole(ok)), "all big under classic");
                }
                T.Throws<ArgumentNullException>(() => Settlement.Settle(null, hands[0], hands[1]), null, "null rules");
                T.Throws<ArgumentNullException>(() => Settlement.Settle(r, hands[0], null), null, "null seat");
                T.Throws<ArgumentNullException>(() => Settlement.Settle(r, (IList<PlayerHand>)null), null, "null hands");
            }
            var two = new[] { Water.FromInt(-1), Water.FromInt(1) };
            T.Throws<InvalidMoneyException>(() => Money.Settle(two, 1, new long[] { 5, -3 }), "the carry of seat 1 is negative (-3)",
                "negative carry");
            T.Throws<InvalidMoneyException>(() => Money.Settle(two, -1), "the base stake is negative (-1)", "negative stake");
            T.Throws<InvalidMoneyException>(() => Money.Settle(two, 1, null, Rake.Percent(101)), "rake 101/100 is over 100%",
                "rake over 100%");
            T.Throws<InvalidMoneyException>(() => Money.Settle(two, 1, null, new Rake(0, 0)), "denominator", "rake 0/0");
            // A rake out of range is refused when it is made, not later when it is used.
            T.Throws<InvalidMoneyException>(() => Rake.Percent(500), "invalid money setting: rake 500/100 is over 100%", "Rake.Percent(500)");
            T.Throws<InvalidMoneyException>(() => new Rake(1, 0), "invalid money setting: rake denominator must be at least 1, got 0", "new Rake(1, 0)");
            T.Throws<InvalidMoneyException>(() => Rake.Percent(-5), "is negative", "Rake.Percent(-5)");
            T.Throws<InvalidMoneyException>(() => Rake.BasisPoints(10001), "over 100%", "Rake.BasisPoints(10001)");
            T.Throws<InvalidMoneyException>(() => new Rake(1, 0), "denominator", "new Rake(1, 0)");
            T.Eq(5L, Rake.Percent(5).Numerator, "Rake.Percent(5) is 5/100");
            T.Eq(100L, Rake.Percent(100).Denominator, "Rake.Percent(100) is allowed");
            T.Throws<InvalidMoneyException>(() => Money.Settle(two, 1, new long[] { 5 }), "1 carries for 2 seats", "one carry");
            T.Throws<InvalidTableException>(() => Money.Settle(new[] { Water.FromInt(1) }, 1), "2 to 8 players, got 1", "one seat");
            T.Throws<InvalidTableException>(() => Money.Escape(4, 4, 1), "leaver", "leaver not at the table");
            T.Throws<ArgumentNullException>(() => Money.Settle(null, 1), null, "null water");
        }

        // -----------------------------------------------------------------------------------------
        // Shared vectors
        // -----------------------------------------------------------------------------------------

        private static PlayerHand Hand(Dictionary<string, object> seat)
        {
            var codes = L(seat["cards"]);
            var cards = new Card[codes.Count];
            for (int i = 0; i < cards.Length; i++) cards[i] = Card.FromCode((int)N(codes[i]));
            if ((string)seat["kind"] == "special")
            {
                return PlayerHand.Declare(SpecialNames.Parse((string)seat["special"]), cards);
            }
            return PlayerHand.Arranged(cards);
        }

        private static Card[] CardsOf(object list)
        {
            var codes = L(list);
            var cards = new Card[codes.Count];
            for (int i = 0; i < cards.Length; i++) cards[i] = Card.FromCode((int)N(codes[i]));
            return cards;
        }

        private static List<long> Longs(object list)
        {
            var r = new List<long>();
            foreach (object o in L(list)) r.Add(N(o));
            return r;
        }

        private static string Opt(object o) { return o == null ? "null" : N(o).ToString(); }

        private static void StakesOf(Dictionary<string, object> v, out long baseStake, out List<long> carries, out Rake rake)
        {
            var st = O(v["stakes"]);
            baseStake = N(st["base"]);
            carries = st["carries"] == null ? null : Longs(st["carries"]);
            var r = L(st["rake"]);
            rake = new Rake(N(r[0]), N(r[1]));
        }

        private static void CheckMoney(MoneyResult m, Dictionary<string, object> v, string what)
        {
            T.Eq(Join(Longs(v["amounts"])), Join(m.Amounts()), what + ": amounts");
            T.Eq(N(v["rake"]) + " " + N(v["rounding"]) + " " + N(v["house"]), m.Rake + " " + m.Rounding + " " + m.House,
                what + ": rake rounding house");
            if (v.ContainsKey("unclaimed")) T.Eq(N(v["unclaimed"]), m.Unclaimed, what + ": unclaimed");
        }

        private static void Vectors(string evalPath)
        {
            string dir = System.IO.Path.GetDirectoryName(evalPath);
            string path = System.IO.Path.Combine(dir == null || dir == "" ? "." : dir, "settle.json");
            var doc = O(Json.Parse(System.IO.File.ReadAllText(path, Encoding.UTF8)));
            T.Eq(1.0, (double)doc["version"], "settle vector version");
            var rules = new Dictionary<string, Rules>();
            int nTables = 0, nOther = 0;
            var kinds = new Dictionary<string, Type>
            {
                { "bad_card_code", typeof(BadCardCodeException) },
                { "duplicate_card", typeof(DuplicateCardException) },
                { "wrong_card_count", typeof(WrongCardCountException) },
                { "special_not_allowed", typeof(SpecialNotAllowedException) },
                { "invalid_table", typeof(InvalidTableException) },
                { "invalid_money", typeof(InvalidMoneyException) },
            };
            try
            {
                foreach (object o in L(doc["rule_sets"]))
                {
                    var rs = O(o);
                    rules[(string)rs["name"]] = Rules.FromJson((string)rs["json"]);
                }
                foreach (object o in L(doc["tables"]))
                {
                    var t = O(o);
                    string what = "vector table " + nTables + " (" + t["rules"] + ")";
                    CheckTable(t, rules[(string)t["rules"]], what);
                    nTables++;
                }
                foreach (object o in L(doc["money"]))
                {
                    var v = O(o);
                    long b;
                    List<long> carries;
                    Rake rake;
                    StakesOf(v, out b, out carries, out rake);
                    var water = new List<Water>();
                    foreach (long x in Longs(v["units"])) water.Add(Water.FromUnits(x));
                    CheckMoney(Money.Settle(water, b, carries, rake), v, "vector money " + nOther++);
                }
                foreach (object o in L(doc["escapes"]))
                {
                    var v = O(o);
                    long b;
                    List<long> carries;
                    Rake rake;
                    StakesOf(v, out b, out carries, out rake);
                    CheckMoney(Money.Escape((int)N(v["seats"]), (int)N(v["leaver"]), b, carries, rake), v, "vector escape " + nOther++);
                }
                foreach (object o in L(doc["errors"]))
                {
                    var v = O(o);
                    Rules r = rules[(string)v["rules"]];
                    var hands = new List<PlayerHand>();
                    foreach (object seat in L(v["seats"])) hands.Add(Hand(O(seat)));
                    ExpectError(() => Settlement.Settle(r, hands).Dispose(), v, kinds, "vector error " + nOther++);
                }
                foreach (object o in L(doc["seat_errors"]))
                {
                    var v = O(o);
                    if (v.ContainsKey("special"))
                        ExpectSeatError(() => PlayerHand.Declare(SpecialNames.Parse((string)v["special"]), CardsOf(v["cards"])), v, kinds,
                            "vector seat error " + nOther++);
                    else
                        ExpectSeatError(() => PlayerHand.Arranged(CardsOf(v["front"]), CardsOf(v["middle"]), CardsOf(v["back"])), v, kinds,
                            "vector seat error " + nOther++);
                }
                foreach (object o in L(doc["money_errors"]))
                {
                    var v = O(o);
                    var water = new List<Water>();
                    foreach (long x in Longs(v["units"])) water.Add(Water.FromUnits(x));
                    // A rake out of range is refused when it is made: the stakes are read inside the call.
                    ExpectError(() =>
                    {
                        long b;
                        List<long> carries;
                        Rake rake;
                        StakesOf(v, out b, out carries, out rake);
                        Money.Settle(water, b, carries, rake);
                    }, v, kinds, "vector money error " + nOther++);
                }
            }
            finally
            {
                foreach (Rules r in rules.Values) r.Dispose();
            }
            T.Check(nTables >= 50 && nOther > 0, "settle vectors are not empty");
            Console.WriteLine("settle vectors: " + nTables + " tables, " + nOther + " money, escape and error records");
        }

        /// <summary>One table of settle.json, or of banker.json (with "banker", and "majority" per pair).</summary>
        private static void CheckTable(Dictionary<string, object> t, Rules r, string what)
        {
            var hands = new List<PlayerHand>();
            foreach (object seat in L(t["seats"])) hands.Add(Hand(O(seat)));
            int? banker = t.ContainsKey("banker") && t["banker"] != null ? (int)N(t["banker"]) : (int?)null;
            using (Settlement s = Settlement.Settle(r, hands, banker))
            {
                T.Eq(banker == null ? "null" : banker.ToString(), s.Banker == null ? "null" : s.Banker.ToString(), what + ": banker");
                var totals = new List<string>();
                foreach (object x in L(t["totals"])) totals.Add((string)x);
                T.Eq(string.Join(" ", totals.ToArray()), Join(s.Totals), what + ": totals");
                var tw = new List<long>();
                foreach (Water w in s.Totals) tw.Add(w.Units);
                T.Eq(Join(Longs(t["units"])), Join(tw), what + ": units");
                var matrix = L(t["matrix"]);
                for (int i = 0; i < s.SeatCount; i++)
                    for (int j = 0; j < s.SeatCount; j++)
                        T.Eq(N(L(matrix[i])[j]), s.MatrixAt(i, j).Units, what + ": matrix");
                var pairs = L(t["pairs"]);
                T.Eq(pairs.Count, s.Pairs.Count, what + ": pairs");
                for (int k = 0; k < pairs.Count && k < s.Pairs.Count; k++)
                {
                    var v = O(pairs[k]);
                    PairResult p = s.Pairs[k];
                    var seats = L(v["seats"]);
                    string want = N(seats[0]) + "," + N(seats[1]) + " " + v["kind"] + " net " + N(v["net"]) + " water "
                        + N(v["units"]);
                    string kind = p.Kind == PairKind.Lanes ? "lanes" : p.Kind == PairKind.OneFouled ? "one_fouled"
                        : p.Kind == PairKind.BothFouled ? "both_fouled" : p.Kind == PairKind.SpecialVsNormal
                        ? "special_vs_normal" : "special_vs_special";
                    T.Eq(want, p.SeatA + "," + p.SeatB + " " + kind + " net " + p.LaneWater + " water " + p.Water.Units,
                        what + ": pair " + k);
                    if (v["winners"] == null)
                    {
                        T.Check(p.Lanes == null, what + ": no lanes");
                    }
                    else
                    {
                        var winners = L(v["winners"]);
                        var lw = L(v["lane_water"]);
                        for (int l = 0; l < 3 && p.Lanes != null; l++)
                        {
                            T.Eq(Opt(winners[l]) + ":" + N(lw[l]),
                                (p.Lanes[l].Winner == null ? "null" : p.Lanes[l].Winner.ToString()) + ":" + p.Lanes[l].Water,
                                what + ": lane " + l);
                        }
                    }
                    string shot = v["shot"] == null ? "null" : N(O(v["shot"])["shooter"]) + ">" + N(O(v["shot"])["victim"])
                        + " " + N(O(v["shot"])["lane_water"]) + " " + N(O(v["shot"])["value"]);
                    T.Eq(shot, p.Shot == null ? "null" : p.Shot.Shooter + ">" + p.Shot.Victim + " " + p.Shot.LaneWater + " "
                        + p.Shot.Value, what + ": shot");
                    T.Eq(Opt(v["home_run"]), p.HomeRun == null ? "null" : p.HomeRun.ToString(), what + ": home run");
                    string special = "null";
                    if (v["special"] != null)
                    {
                        var sp = O(v["special"]);
                        special = Opt(sp["winner"]) + " " + (sp["special"] ?? "null") + " " + N(sp["units"]);
                    }
                    T.Eq(special, p.Special == null ? "null" : (p.Special.Winner == null ? "null" : p.Special.Winner.ToString())
                        + " " + (p.Special.Special == null ? "null" : p.Special.Special.Value.Id()) + " " + p.Special.Water.Units,
                        what + ": special");
                    if (v.ContainsKey("majority"))
                    {
                        string majority = v["majority"] == null ? "null"
                            : N(O(v["majority"])["winner"]) + " " + N(O(v["majority"])["water"]);
                        T.Eq(majority, p.MajorityWinner == null ? "null" : p.MajorityWinner + " " + r.MajorityBonus,
                            what + ": majority");
                    }
                }
                var events = L(t["events"]);
                T.Eq(events.Count, s.Events.Count, what + ": events");
                for (int k = 0; k < events.Count && k < s.Events.Count; k++)
                {
                    var v = O(events[k]);
                    SettlementEvent e = s.Events[k];
                    string kind = (string)v["kind"];
                    string want = kind + " " + N(v["seat"]);
                    string got = (e.Kind == SettlementEventKind.Foul ? "foul" : e.Kind == SettlementEventKind.Special ? "special"
                        : e.Kind == SettlementEventKind.Shot ? "shot" : e.Kind == SettlementEventKind.Banker ? "banker" : "home_run")
                        + " " + e.Seat;
                    if (kind == "foul") { want += " " + N(v["foul_bits"]); got += " " + e.FoulBits; }
                    if (kind == "special") { want += " " + v["special"]; got += " " + (e.Special == null ? "?" : e.Special.Value.Id()); }
                    if (kind == "shot") { want += " " + N(v["victim"]); got += " " + e.Victim; }
                    if (kind == "shot" || kind == "home_run") { want += " " + N(v["value"]); got += " " + e.Value; }
                    T.Eq(want, got, what + ": event " + k);
                }
                T.Eq(t["ranked_lane_water"] == null ? "null" : Join(Longs(t["ranked_lane_water"])),
                    s.RankedLaneWater == null ? "null" : Join(s.RankedLaneWater), what + ": ranked lane water");
                long b;
                List<long> carries;
                Rake rake;
                StakesOf(t, out b, out carries, out rake);
                CheckMoney(s.Money(b, carries, rake), O(t["money"]), what + ": money");
            }
        }

        private static PlayerHand[] TableC()
        {
            return new[]
            {
                Arr("Qs Qh Qd / 2c 2d 2h 2s 9c / Tc Jc Qc Kc Ac"),
                Arr("As Ad 3c / Ks Kd 5c 5d 7s / 3s 4s 6s 8s Js"),
                Arr("Ah Kh 4c / 6c 6d 7c 8c 9d / Th Td Ts 8d 8h"),
            };
        }

        private static void ExpectThrows<TE>(Action a, string needle, string what) where TE : Exception
        {
            Exception caught = null;
            try { a(); } catch (Exception e) { caught = e; }
            T.Check(caught is TE && caught.Message.Contains(needle),
                what + ": got " + (caught == null ? "nothing" : caught.GetType().Name + ": " + caught.Message));
        }

        /// <summary>Banker mode and the majority bonus: properties, Settle with a banker, typed errors.</summary>
        private static void BankerMode()
        {
            PlayerHand[] c = TableC();
            using (Rules classic = Rules.Classic())
            using (Rules ranked = Rules.Preset("ranked"))
            using (Rules cp = Rules.Preset("chinese_poker"))
            {
                T.Eq(Table.AllPairs, classic.Table, "default table");
                ExpectThrows<InvalidTableException>(() => Settlement.Settle(classic, c, 0).Dispose(), "all_pairs", "banker under all pairs");
                classic.Table = Table.Banker;
                T.Eq(Table.Banker, classic.Table, "banker table");
                ExpectThrows<InvalidTableException>(() => Settlement.Settle(classic, c).Dispose(), "Settlement.Settle(rules, hands, banker)", "no banker");
                ExpectThrows<InvalidTableException>(() => Settlement.Settle(classic, c, 3).Dispose(), "banker seat 3", "banker 3");
                ExpectThrows<InvalidTableException>(() => Settlement.Settle(classic, c, -1).Dispose(), "banker seat -1", "banker -1");
                // Banker 1: C0 shoots the banker (3 + 8 + 5 + 1 = 17), the banker beats C2 by 1.
                using (Settlement s = Settlement.SettleWithBanker(classic, 1, c))
                {
                    T.Eq("17 -16 -1", Join(s.Totals), "banker 1 totals");
                    T.Eq((int?)1, s.Banker, "banker seat");
                    T.Eq(2, s.Pairs.Count, "banker pairs");
                    T.Check(s.Pair(0, 2) == null && s.MatrixAt(0, 2).Units == 0, "players settle nothing");
                    T.Eq(SettlementEventKind.Banker, s.Events[0].Kind, "first event");
                    T.Check(s.ToJson().Contains("\"banker\": 1"), "json names the banker");
                }
                // Banker 0 shoots both: a home run ×4, 68 each.
                using (Settlement s = Settlement.Settle(classic, c, 0))
                {
                    T.Eq("136 -68 -68", Join(s.Totals), "banker 0 totals");
                    T.Eq((int?)0, s.HomeRunSeat, "banker home run");
                }
                using (Settlement s = Settlement.Settle(Rules.Preset("classic"), c))
                {
                    T.Eq((int?)null, s.Banker, "all pairs: no banker");
                }
                ExpectThrows<InvalidRulesException>(() => ranked.Table = Table.Banker, "at `table`", "ranked banker");
                ExpectThrows<InvalidRulesException>(() => ranked.MajorityBonus = 1, "at `majority_bonus`", "ranked bonus");
                ExpectThrows<InvalidRulesException>(() => cp.MajorityBonus = -1, "majority_bonus", "negative bonus");
                ExpectThrows<InvalidRulesException>(() => cp.MajorityBonus = 1001, "majority_bonus", "bonus 1001");
                T.Eq(Table.AllPairs, ranked.Table, "unchanged on failure");
                T.Eq(1, cp.MajorityBonus, "chinese_poker bonus");
                // 2-4: C0 wins all three lanes against C1: 3 + 1 majority.
                using (Settlement s = Settlement.Settle(cp, c[0], c[1]))
                {
                    T.Eq("4 -4", Join(s.Totals), "2-4 totals");
                    T.Eq((int?)0, s.Pairs[0].MajorityWinner, "majority winner");
                    T.Eq(4L, s.Pairs[0].LaneWater, "majority in the lane water");
                }
                cp.MajorityBonus = 2;
                T.Check(cp.ToJson().Contains("\"majority_bonus\": 2"), "bonus in json");
            }
        }

        /// <summary>tests/vectors/banker.json (worked examples computed by hand first, then random tables).</summary>
        private static void BankerVectors(string evalPath)
        {
            string dir = System.IO.Path.GetDirectoryName(evalPath);
            string path = System.IO.Path.Combine(dir == null || dir == "" ? "." : dir, "banker.json");
            var doc = O(Json.Parse(System.IO.File.ReadAllText(path, Encoding.UTF8)));
            T.Eq(1.0, (double)doc["version"], "banker vector version");
            var rules = new Dictionary<string, Rules>();
            int nTables = 0, nErrors = 0, nRules = 0;
            var kinds = new Dictionary<string, Type> { { "invalid_table", typeof(InvalidTableException) } };
            try
            {
                foreach (object o in L(doc["rule_sets"]))
                {
                    var rs = O(o);
                    rules[(string)rs["name"]] = Rules.FromJson((string)rs["json"]);
                }
                foreach (object o in L(doc["tables"]))
                {
                    var t = O(o);
                    CheckTable(t, rules[(string)t["rules"]], "banker table " + nTables++ + " (" + t["rules"] + ")");
                }
                foreach (object o in L(doc["errors"]))
                {
                    var v = O(o);
                    Rules r = rules[(string)v["rules"]];
                    var hands = new List<PlayerHand>();
                    foreach (object seat in L(v["seats"])) hands.Add(Hand(O(seat)));
                    int? banker = v["banker"] == null ? (int?)null : (int)N(v["banker"]);
                    ExpectError(() => Settlement.Settle(r, hands, banker).Dispose(), v, kinds, "banker error " + nErrors++);
                }
                foreach (object o in L(doc["rules_errors"]))
                {
                    var v = O(o);
                    ExpectThrows<InvalidRulesException>(() => Rules.FromJson((string)v["json"]).Dispose(),
                        "at `" + v["path"] + "`", "rules error " + nRules++);
                }
            }
            finally
            {
                foreach (Rules r in rules.Values) r.Dispose();
            }
            T.Check(nTables >= 60 && nErrors >= 5 && nRules >= 5, "banker vectors are not empty");
            Console.WriteLine("banker vectors: " + nTables + " tables, " + nErrors + " errors, " + nRules + " rule-set errors");
        }

        /// <summary>A seat error of the vectors: the builders take no rule set and accept a second
        /// copy of a card (two decks), so a seat with a card twice builds and settling it under
        /// classic (one deck) refuses it as the vector says; other errors come from the builder.</summary>
        private static void ExpectSeatError(Func<PlayerHand> build, Dictionary<string, object> v, Dictionary<string, Type> kinds,
            string what)
        {
            if ((string)v["kind"] != "duplicate_card")
            {
                ExpectError(() => build(), v, kinds, what);
                return;
            }
            PlayerHand seat = build();
            using (Rules classic = Rules.Classic())
            {
                ExpectError(() => Settlement.Settle(classic, new[] { seat, seat }).Dispose(), v, kinds, what + " settled");
            }
        }

        private static void ExpectError(Action a, Dictionary<string, object> v, Dictionary<string, Type> kinds, string what)
        {
            string kind = (string)v["kind"];
            Exception caught = null;
            try { a(); } catch (Exception e) { caught = e; }
            T.Check(caught != null && kinds.ContainsKey(kind) && caught.GetType() == kinds[kind],
                what + " (" + kind + "): got " + (caught == null ? "nothing" : caught.GetType().Name + ": " + caught.Message));
            if (caught != null && v.ContainsKey("position"))
            {
                string needle = "position " + N(v["position"]);
                T.Check(caught.Message.Contains(needle), what + ": \"" + caught.Message + "\" lacks " + needle);
            }
        }
    }
}
