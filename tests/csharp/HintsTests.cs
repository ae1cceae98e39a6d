// 理牌 hints through the C# wrapper: Hints.Combos and Arranger.Complete (an extension) against the
// shared vectors tests/vectors/hints.json (ffi/tests/hints_vectors.rs, proven against brute force
// in core/tests/hints.rs), the library's own foul check, and bad input. Compiled with Tests.cs,
// whose runner (T, Json) it uses; Program.Main calls HintsTests.Run.
using System;
using System.Collections.Generic;
using System.Text;
using Shisanshui;

namespace Shisanshui.Tests
{
    internal static class HintsTests
    {
        private const string Hand = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd";

        /// <summary>Every test; `evalPath` is tests/vectors/eval.json (hints.json sits beside it).</summary>
        internal static void Run(string evalPath)
        {
            string dir = System.IO.Path.GetDirectoryName(evalPath);
            if (dir == null || dir == "") dir = ".";
            var tests = new KeyValuePair<string, Action>[]
            {
                new KeyValuePair<string, Action>("hints vectors", () => Vectors(dir)),
                new KeyValuePair<string, Action>("hints examples", Examples),
                new KeyValuePair<string, Action>("hints errors", Errors),
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

        private static Dictionary<string, object> O(object o) { return (Dictionary<string, object>)o; }

        private static List<object> L(object o) { return (List<object>)o; }

        private static byte[] B(object o)
        {
            if (o == null) return null;
            var l = L(o);
            var b = new byte[l.Count];
            for (int i = 0; i < l.Count; i++) b[i] = (byte)(double)l[i];
            return b;
        }

        private static string Codes(IList<Card> cards)
        {
            var parts = new string[cards.Count];
            for (int i = 0; i < parts.Length; i++) parts[i] = cards[i].Code.ToString();
            return string.Join(",", parts);
        }

        private static string Codes(byte[] codes)
        {
            var parts = new string[codes.Length];
            for (int i = 0; i < parts.Length; i++) parts[i] = codes[i].ToString();
            return string.Join(",", parts);
        }

        private static Rules RulesOf(Dictionary<string, object> rec)
        {
            Rules r = Rules.Classic();
            r.Wheel = (string)rec["wheel"] == "lowest" ? Wheel.Lowest : Wheel.SecondHighest;
            r.SuitTiebreak = (bool)rec["suit_tiebreak"];
            return r;
        }

        private static readonly Dictionary<string, Arranger> Arrangers = new Dictionary<string, Arranger>();

        private static Arranger ArrangerFor(Dictionary<string, object> rec)
        {
            string key = (string)rec["preset"] + "/" + (double)rec["players"];
            Arranger a;
            if (!Arrangers.TryGetValue(key, out a))
            {
                a = Arranger.ForPreset((string)rec["preset"], (int)(double)rec["players"]);
                Arrangers[key] = a;
            }
            return a;
        }

        private static void Vectors(string dir)
        {
            var doc = O(Json.Parse(System.IO.File.ReadAllText(System.IO.Path.Combine(dir, "hints.json"), Encoding.UTF8)));
            T.Eq(1.0, (double)doc["version"], "hints vector version");
            var combos = L(doc["combos"]);
            T.Check(combos.Count >= 300, "combination records: " + combos.Count);
            foreach (object o in combos)
            {
                var rec = O(o);
                using (Rules r = RulesOf(rec))
                {
                    var cat = (Category)(byte)(double)rec["category"];
                    IList<Combo> got = Hints.Combos(B(rec["codes"]), cat, r);
                    var want = L(rec["combos"]);
                    bool same = got.Count == want.Count;
                    for (int i = 0; same && i < got.Count; i++)
                    {
                        same = Codes(got[i].Cards) == Codes(B(want[i])) && got[i].Category == cat;
                    }
                    T.Check(same, "combos of " + Codes(B(rec["codes"])) + " (" + cat + ")");
                }
            }
            var complete = L(doc["complete"]);
            T.Check(complete.Count >= 20, "completion records: " + complete.Count);
            foreach (object o in complete)
            {
                var rec = O(o);
                Arranger a = ArrangerFor(rec);
                Arranged got = a.Complete(B(rec["codes"]), B(rec["fixed_front"]), B(rec["fixed_middle"]), B(rec["fixed_back"]));
                Arrangement arr = got.Arrangement;
                T.Eq(Codes(B(rec["front"])) + "/" + Codes(B(rec["middle"])) + "/" + Codes(B(rec["back"])),
                    Codes(arr.Front) + "/" + Codes(arr.Middle) + "/" + Codes(arr.Back), "completion lanes");
                T.Check(Math.Abs(got.ExpectedWater - (double)rec["expected_water"]) < 1e-9, "completion water");
                var cats = L(rec["categories"]);
                for (int i = 0; i < 3; i++) T.Eq((byte)(double)cats[i], (byte)got.Categories[i], "category " + i);
                using (Rules rules = Rules.Preset((string)rec["preset"]))
                {
                    T.Check(!Evaluator.CheckArrangement(rules, arr.Front, arr.Middle, arr.Back).IsFoul, "completion is legal");
                }
            }
            var errors = L(doc["errors"]);
            T.Check(errors.Count >= 20, "error records: " + errors.Count);
            foreach (object o in errors)
            {
                var rec = O(o);
                string kind = (string)rec["kind"];
                try
                {
                    if ((string)rec["call"] == "combos")
                    {
                        using (Rules r = RulesOf(rec))
                        {
                            // A raw number: category 10 is no Category member, and must still be refused.
                            Hints.Combos(B(rec["codes"]), (Category)(byte)(double)rec["category"], r);
                        }
                    }
                    else
                    {
                        ArrangerFor(rec).Complete(B(rec["codes"]), B(rec["fixed_front"]), B(rec["fixed_middle"]), B(rec["fixed_back"]));
                    }
                    T.Check(false, kind + ": nothing thrown");
                }
                catch (ShisanshuiException e)
                {
                    T.Eq(kind, Native.CopyString((byte[] buf, UIntPtr cap, out UIntPtr len) =>
                        Native.sss_status_name((int)e.Status, buf, cap, out len)), "error kind");
                    T.Check(e.GetType() == Expected(kind), kind + ": thrown as " + e.GetType().Name);
                    if (rec.ContainsKey("position"))
                    {
                        T.Check(e.Message.Contains("position " + (double)rec["position"]), kind + ": " + e.Message);
                    }
                }
            }
        }

        private static Type Expected(string kind)
        {
            switch (kind)
            {
                case "bad_card_code": return typeof(BadCardCodeException);
                case "duplicate_card": return typeof(DuplicateCardException);
                case "wrong_card_count": return typeof(WrongCardCountException);
                case "invalid_argument": return typeof(InvalidArgumentException);
                case "card_not_in_hand": return typeof(CardNotInHandException);
                case "no_legal_arrangement": return typeof(NoLegalArrangementException);
                default: return typeof(ShisanshuiException);
            }
        }

        private static void Examples()
        {
            using (Rules classic = Rules.Classic())
            using (Arranger a = Arranger.ForPreset("classic"))
            {
                IList<Combo> pairs = Hints.Combos("Ks Kh Kd 9s 9c 5h 6h 7h 8h 4c 2d 3d Ad", Category.OnePair, classic);
                T.Eq(2, pairs.Count, "two pair ranks");
                T.Eq("OnePair: Ks Kh", pairs[0].ToString(), "first pair");
                T.Check(pairs[0].FitsFront && pairs[0].Equals(Hints.Combos("Kh Ks", Category.OnePair, classic)[0]), "equality");
                Arranged done = a.Complete(Hand, "Jd As Ad");
                T.Eq("As Ad Jd", string.Join(" ", new[] { done.Arrangement.Front[0].ToString(), done.Arrangement.Front[1].ToString(),
                    done.Arrangement.Front[2].ToString() }), "front kept, highest first");
                T.Check(Math.Abs(done.ExpectedWater - a.ExpectedWater(done.Arrangement)) < 1e-12, "water is the arranger's price");
                T.Eq(a.Arrange(Hand).ToString(), a.Complete(Hand).ToString(), "nothing fixed is Arrange");
            }
        }

        private static void Errors()
        {
            using (Rules classic = Rules.Classic())
            using (Arranger a = Arranger.ForPreset("classic"))
            {
                T.Throws<InvalidArgumentException>(() => Hints.Combos(Hand, Category.HighCard, classic), "high card", "high card");
                T.Throws<InvalidArgumentException>(() => Hints.Combos(Hand, (Category)10, classic), "category 10", "category 10");
                T.Throws<CardNotInHandException>(() => a.Complete(Hand, null, null, "Kh Kc 9s 9d Qs"), "position 12", "Qs");
                T.Throws<NoLegalArrangementException>(() => a.Complete(Hand, null, null, "2c 3h 4s 6c 7h"), "back", "weak back");
                T.Throws<WrongCardCountException>(() => a.Complete(Hand, "As Ad"), "expected 3", "short front");
                T.Throws<DuplicateCardException>(() => a.Complete(Hand, "As Ad Jd", null, "Ad Kh Kc 9s 9d"), "position 8", "fixed twice");
                T.Throws<ArgumentNullException>(() => Hints.Combos(Hand, Category.OnePair, null), null, "null rules");
                T.Throws<ArgumentNullException>(() => Hints.Complete(null, Hand), null, "null arranger");
                a.Dispose();
                T.Throws<ObjectDisposedException>(() => a.Complete(Hand), null, "disposed arranger");
            }
        }
    }
}
