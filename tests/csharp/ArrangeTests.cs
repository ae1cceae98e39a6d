// Dealing and auto-arrangement through the C# wrapper: the shared vectors
// tests/vectors/deal.json (core/tests/deal.rs) and arrange.json (ffi/tests/arrange_vectors.rs,
// checked there against a brute force), the library's own foul check on many seeded deals, and
// bad input. Compiled with Tests.cs, whose runner (T, Json) it uses; Program.Main calls
// ArrangeTests.Run.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.RegularExpressions;
using System.Threading;
using Shisanshui;

namespace Shisanshui.Tests
{
    internal static class ArrangeTests
    {
        private const string Dragon = "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad";
        private const string Plain = "2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad";
        private const string Hand = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd";
        private static readonly string[] Presets = { "classic", "regional", "kx", "hk", "ranked", "chinese_poker" };
        private static readonly string[] KindNames = { "best", "strongest_back", "strongest_middle", "alternative" };

        /// <summary>Every test; `evalPath` is tests/vectors/eval.json (deal.json and arrange.json sit beside it).</summary>
        internal static void Run(string evalPath)
        {
            string dir = System.IO.Path.GetDirectoryName(evalPath);
            if (dir == null || dir == "") dir = ".";
            var tests = new KeyValuePair<string, Action>[]
            {
                new KeyValuePair<string, Action>("arrange layouts", Layouts),
                new KeyValuePair<string, Action>("deal vectors", () => DealVectors(dir)),
                new KeyValuePair<string, Action>("dealing", Dealing),
                new KeyValuePair<string, Action>("arrange vectors", () => ArrangeVectors(dir)),
                new KeyValuePair<string, Action>("arrange many deals", ManyDeals),
                new KeyValuePair<string, Action>("special advice", Advice),
                new KeyValuePair<string, Action>("play", Play),
                new KeyValuePair<string, Action>("arrange threads", Threads),
                new KeyValuePair<string, Action>("arrange errors", Errors),
                new KeyValuePair<string, Action>("banker roles", BankerRoles),
                new KeyValuePair<string, Action>("level vectors", () => LevelVectors(dir)),
                new KeyValuePair<string, Action>("levels", Levels_),
                new KeyValuePair<string, Action>("arranger options", Options),
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

        private static byte[] Codes(object o)
        {
            var l = L(o);
            byte[] b = new byte[l.Count];
            for (int i = 0; i < l.Count; i++) b[i] = (byte)(double)l[i];
            return b;
        }

        private static byte[] Codes(IList<Card> cards)
        {
            byte[] b = new byte[cards.Count];
            for (int i = 0; i < b.Length; i++) b[i] = cards[i].Code;
            return b;
        }

        private static string Show(byte[] b) { return string.Join(",", Array.ConvertAll(b, x => x.ToString())); }

        private static bool Same(byte[] a, byte[] b) { return Show(a) == Show(b); }

        private static readonly Dictionary<string, Arranger> Cache = new Dictionary<string, Arranger>();

        private static Arranger For(string preset, int players)
        {
            string key = preset + "/" + players;
            Arranger a;
            if (!Cache.TryGetValue(key, out a))
            {
                a = Arranger.ForPreset(preset, players);
                Cache[key] = a;
            }
            return a;
        }

        /// <summary>The arrangement holds the hand's cards, each lane highest first, and passes the library's foul check.</summary>
        private static void CheckLegal(Rules rules, byte[] hand, Arranged a, string what)
        {
            byte[] lanes = Codes(a.Arrangement.Cards());
            byte[] sorted = (byte[])lanes.Clone();
            byte[] want = (byte[])hand.Clone();
            Array.Sort(sorted);
            Array.Sort(want);
            T.Check(Same(sorted, want), what + ": the arrangement is the hand's cards");
            foreach (IList<Card> lane in new[] { a.Arrangement.Front, a.Arrangement.Middle, a.Arrangement.Back })
            {
                for (int i = 1; i < lane.Count; i++) T.Check(lane[i - 1] > lane[i], what + ": lanes highest card first");
            }
            ArrangementEval e = a.Arrangement.Evaluate(rules);
            T.Check(!e.IsFoul, what + ": " + a.Arrangement + " fouls");
            T.Check(e.Front.Category == a.Categories[0] && e.Middle.Category == a.Categories[1] && e.Back.Category == a.Categories[2],
                what + ": categories");
        }

        private static bool SameArranged(Arranged a, Arranged b)
        {
            return a.Arrangement.ToString() == b.Arrangement.ToString() && a.Categories[0] == b.Categories[0] &&
                a.Categories[1] == b.Categories[1] && a.Categories[2] == b.Categories[2] && a.ExpectedWater == b.ExpectedWater;
        }

        /// <summary>The vector record's lanes, categories and water (within 1e-9) match.</summary>
        private static void Matches(Dictionary<string, object> rec, Arranged a, string what)
        {
            T.Eq(Show(Codes(rec["front"])), Show(Codes(a.Arrangement.Front)), what + ": front");
            T.Eq(Show(Codes(rec["middle"])), Show(Codes(a.Arrangement.Middle)), what + ": middle");
            T.Eq(Show(Codes(rec["back"])), Show(Codes(a.Arrangement.Back)), what + ": back");
            byte[] cats = Codes(rec["categories"]);
            T.Check(cats.Length == 3 && cats[0] == (byte)a.Categories[0] && cats[1] == (byte)a.Categories[1] &&
                cats[2] == (byte)a.Categories[2], what + ": categories");
            double want = (double)rec["expected_water"];
            T.Check(Math.Abs(want - a.ExpectedWater) <= 1e-9, what + ": water " + a.ExpectedWater + " vs " + want);
        }

        // -----------------------------------------------------------------------------------

        private static void Layouts()
        {
            T.Eq(24, Marshal.SizeOf(typeof(NativeArranged)), "SssArranged size");
            T.Eq(8, (int)Marshal.OffsetOf(typeof(NativeArranged), "f0"), "front offset");
            T.Eq(21, (int)Marshal.OffsetOf(typeof(NativeArranged), "c0"), "categories offset");
            T.Eq(32, Marshal.SizeOf(typeof(NativeSuggestion)), "SssSuggestion size");
            T.Eq(24, (int)Marshal.OffsetOf(typeof(NativeSuggestion), "kind"), "kind offset");
            T.Eq(56, Marshal.SizeOf(typeof(NativeSpecialAdvice)), "SssSpecialAdvice size");
            T.Eq(48, (int)Marshal.OffsetOf(typeof(NativeSpecialAdvice), "has_special"), "has_special offset");
            T.Eq(50, (int)Marshal.OffsetOf(typeof(NativeSpecialAdvice), "declare"), "declare offset");
        }

        private static void DealVectors(string dir)
        {
            string text = System.IO.File.ReadAllText(System.IO.Path.Combine(dir, "deal.json"), Encoding.UTF8);
            var doc = O(Json.Parse(text));
            T.Eq(1.0, (double)doc["version"], "deal vector version");
            var keystream = L(doc["keystream"]);
            var deals = L(doc["deals"]);
            // The JSON reader keeps numbers as doubles, which cannot hold every u64 seed (2^64 - 1):
            // read the seeds from the text, in file order (the keystream records come first).
            var seeds = new List<ulong>();
            foreach (Match m in Regex.Matches(text, "\"seed\": ([0-9]+)"))
            {
                seeds.Add(ulong.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture));
            }
            T.Eq(keystream.Count + deals.Count, seeds.Count, "seeds in the text");
            T.Check(deals.Count >= 24 && seeds.Contains(ulong.MaxValue), "deals recorded, up to 2^64 - 1");
            for (int i = 0; i < deals.Count && keystream.Count + i < seeds.Count; i++)
            {
                var d = O(deals[i]);
                ulong seed = seeds[keystream.Count + i];
                int players = (int)(double)d["players"];
                T.Check((double)seed == (double)d["seed"], "seed " + seed + " from the text is the record's");
                Card[][] hands = Dealer.Deal(players, seed);
                var want = L(d["hands"]);
                T.Eq(want.Count, hands.Length, "seed " + seed + ": seats");
                for (int p = 0; p < hands.Length && p < want.Count; p++)
                {
                    T.Eq(Show(Codes(want[p])), Show(Codes(hands[p])), "seed " + seed + ", " + players + " players, seat " + p);
                }
                if (d.ContainsKey("deck"))
                {
                    T.Eq(Show(Codes(d["deck"])), Show(Codes(Dealer.ShuffledDeck(seed))), "seed " + seed + ": deck");
                }
            }
            foreach (object o in L(doc["errors"]))
            {
                var e = O(o);
                int players = (int)(double)e["players"];
                T.Eq("invalid_table", (string)e["kind"], "error kind");
                T.Throws<InvalidTableException>(() => Dealer.Deal(players, 1), "got " + players, "deal " + players);
                T.Throws<InvalidTableException>(() => Dealer.DealUnseeded(players), "got " + players, "unseeded " + players);
            }
        }

        private static void Dealing()
        {
            Card[][] a = Dealer.DealUnseeded(4);
            Card[][] b = Dealer.DealUnseeded(4);
            var seen = new HashSet<byte>();
            foreach (Card[] h in a) foreach (Card c in h) seen.Add(c.Code);
            T.Eq(52, seen.Count, "an unseeded deal is a deck");
            T.Check(Show(Codes(a[0])) + Show(Codes(a[1])) != Show(Codes(b[0])) + Show(Codes(b[1])), "unseeded deals differ");
            T.Eq(2, Dealer.DealUnseeded(2).Length, "two seats");
            Card[][] x = Dealer.Deal(3, 77), y = Dealer.Deal(3, 77), z = Dealer.Deal(4, 77);
            for (int p = 0; p < 3; p++)
            {
                T.Check(Same(Codes(x[p]), Codes(y[p])), "same seed, same deal");
                T.Check(Same(Codes(x[p]), Codes(z[p])), "fewer seats deal the first seats of the same shuffle");
            }
            T.Check(!Same(Codes(Dealer.Deal(4, 78)[0]), Codes(z[0])), "another seed, another deal");
            Card[] deck = Dealer.ShuffledDeck(77);
            for (int i = 0; i < 13; i++) T.Check(deck[13 * 3 + i] == z[3][i], "seat 3 is deck positions 39..51");
            foreach (int bad in new[] { 0, 1, 5, -1, int.MinValue })
            {
                T.Throws<InvalidTableException>(() => Dealer.Deal(bad, 1), "got " + bad, "deal " + bad + " players");
                T.Throws<InvalidTableException>(() => Dealer.DealUnseeded(bad), "got " + bad, "unseeded " + bad + " players");
            }
        }

        private static void ArrangeVectors(string dir)
        {
            var doc = O(Json.Parse(System.IO.File.ReadAllText(System.IO.Path.Combine(dir, "arrange.json"), Encoding.UTF8)));
            T.Eq(1.0, (double)doc["version"], "arrange vector version");
            int n = (int)(double)doc["suggestions_n"];
            var hands = L(doc["hands"]);
            T.Check(hands.Count >= 100, "hands recorded");
            var rules = new Dictionary<string, Rules>();
            try
            {
                foreach (string p in Presets) rules[p] = Rules.Preset(p);
                for (int i = 0; i < hands.Count; i++)
                {
                    var h = O(hands[i]);
                    string preset = (string)h["preset"];
                    int players = (int)(double)h["players"];
                    string what = "hand " + i + " (" + preset + ", " + players + " players)";
                    Arranger arr = For(preset, players);
                    byte[] codes = Codes(h["codes"]);
                    T.Check(Same(codes, Codes(Dealer.Deal(players, (ulong)(double)h["seed"])[(int)(double)h["seat"]])),
                        what + ": the seeded deal");
                    Arranged best = arr.Arrange(codes);
                    Matches(h, best, what);
                    CheckLegal(rules[preset], codes, best, what);
                    byte[] reversed = (byte[])codes.Clone();
                    Array.Reverse(reversed);
                    T.Check(SameArranged(best, arr.Arrange(reversed)), what + ": the order of the cards does not matter");
                    T.Check(SameArranged(best, arr.Arrange(Card.FromCodes(codes))), what + ": cards or codes");

                    IList<Suggestion> list = arr.Suggest(codes, n);
                    var want = L(h["suggestions"]);
                    T.Eq(want.Count, list.Count, what + ": suggestions");
                    T.Check(list.Count >= 1 && list[0].Kind == SuggestionKind.Best && SameArranged(list[0].Arranged, best),
                        what + ": the first suggestion is the arrangement");
                    for (int k = 0; k < list.Count && k < want.Count; k++)
                    {
                        var w = O(want[k]);
                        T.Eq((string)w["kind"], KindNames[(int)list[k].Kind], what + ": kind " + k);
                        Matches(w, list[k].Arranged, what + " suggestion " + k);
                        CheckLegal(rules[preset], codes, list[k].Arranged, what + " suggestion " + k);
                        for (int m = 0; m < k; m++)
                        {
                            T.Check(list[m].Categories[0] != list[k].Categories[0] || list[m].Categories[1] != list[k].Categories[1] ||
                                list[m].Categories[2] != list[k].Categories[2], what + ": distinct suggestions");
                        }
                    }
                }

                foreach (object o in L(doc["advice"]))
                {
                    var r = O(o);
                    string what = "advice " + r["text"] + " (" + r["preset"] + ")";
                    byte[] codes = Codes(r["codes"]);
                    SpecialAdvice adv = For((string)r["preset"], (int)(double)r["players"]).SpecialAdvice(codes);
                    if (r["special"] == null)
                    {
                        T.Check(adv == null, what + ": no special");
                        continue;
                    }
                    T.Check(adv != null, what + ": a special");
                    if (adv == null) continue;
                    T.Eq(SpecialNames.Parse((string)r["special"]), adv.Special, what + ": special");
                    T.Eq((bool)r["declare"], adv.Declare, what + ": declare");
                    T.Check(Math.Abs((double)r["declare_water"] - adv.DeclareWater) <= 1e-9, what + ": declare water " + adv.DeclareWater);
                    T.Check(Math.Abs((double)r["lane_water"] - adv.LaneWater) <= 1e-9, what + ": lane water " + adv.LaneWater);
                    T.Eq(Show(Codes(r["front"])), Show(Codes(adv.BestLanes.Arrangement.Front)), what + ": lanes");
                    T.Eq(Show(Codes(r["back"])), Show(Codes(adv.BestLanes.Arrangement.Back)), what + ": back");
                    CheckLegal(rules[(string)r["preset"]], codes, adv.BestLanes, what);
                }

                foreach (object o in L(doc["errors"]))
                {
                    var e = O(o);
                    string call = (string)e["call"], kind = (string)e["kind"];
                    string preset = (string)e["preset"];
                    int players = (int)(double)e["players"];
                    string what = "error " + call + " " + kind;
                    try
                    {
                        if (call == "arranger")
                        {
                            using (Arranger.ForPreset(preset, players)) { }
                        }
                        else
                        {
                            Arranger arr = For(preset, players);
                            byte[] codes = Codes(e["codes"]);
                            if (call == "arrange") arr.Arrange(codes);
                            else if (call == "suggest") arr.Suggest(codes, (int)(double)e["n"]);
                            else arr.SpecialAdvice(codes);
                        }
                        T.Check(false, what + ": nothing thrown");
                    }
                    catch (ShisanshuiException ex)
                    {
                        T.Eq(kind, Snake(ex.Status.ToString()), what + ": status");
                        if (e.ContainsKey("position"))
                        {
                            T.Check(ex.Message.Contains("position " + (int)(double)e["position"]), what + ": " + ex.Message);
                        }
                    }
                }
            }
            finally
            {
                foreach (Rules r in rules.Values) r.Dispose();
            }
            RoleVectors(L(doc["roles"]));
            PlainVectors(L(doc["plain"]));
        }

        /// <summary>ArrangerOptions: the defaults, and each bad value refused as the other constructors refuse it.</summary>
        private static void Options()
        {
            var o = new ArrangerOptions();
            T.Check(o.Players == 4 && o.Role == Role.Player && o.Level == Level.Best && o.Seed == 0 && o.CardRemoval,
                "the default options " + o);
            using (Rules rules = Rules.Preset("classic"))
            {
                using (var a = new Arranger(rules, new ArrangerOptions(3) { Level = Level.Strong, Seed = 5 }))
                {
                    T.Check(a.Players == 3 && a.Level == Level.Strong && a.Seed == 5 && a.CardRemoval, "options made " + a.Options);
                }
                T.Throws<InvalidArgumentException>(() => new Arranger(rules, new ArrangerOptions { Level = (Level)4 }),
                    "SSS_LEVEL_BEST = 3", "level 4");
                T.Throws<InvalidArgumentException>(() => new Arranger(rules, new ArrangerOptions { Role = (Role)2 }),
                    "SSS_ROLE_BANKER = 1", "role 2");
                T.Throws<InvalidTableException>(() => new Arranger(rules, new ArrangerOptions { Role = Role.Banker }),
                    "banker", "the banker at an all-pairs table");
                T.Throws<InvalidTableException>(() => new Arranger(rules, new ArrangerOptions(5)), "5", "five seats");
                T.Throws<InvalidTableException>(() => new Arranger(rules, new ArrangerOptions(-1)), "-1", "negative seats");
                T.Throws<ArgumentNullException>(() => new Arranger(rules, (ArrangerOptions)null), "options", "null options");
            }
        }

        /// <summary>Card removal off (WithCardRemoval(false)): the arranger that plays the field as trained;
        /// the first arranger keeps card removal on and plays the records marked `differs` otherwise.</summary>
        private static void PlainVectors(List<object> records)
        {
            T.Check(records.Count >= 12, "card-removal-off records");
            int differ = 0;
            for (int i = 0; i < records.Count; i++)
            {
                var r = O(records[i]);
                string preset = (string)r["preset"];
                int players = (int)(double)r["players"];
                string what = "plain " + i + " (" + preset + ", " + players + " players)";
                byte[] codes = Codes(r["codes"]);
                T.Check(Same(codes, Codes(Dealer.Deal(players, (ulong)(double)r["seed"])[(int)(double)r["seat"]])),
                    what + ": the seeded deal");
                Arranger on = For(preset, players);
                using (Arranger off = on.WithCardRemoval(false))
                using (var offRules = Rules.Preset(preset))
                using (Arranger optioned = new Arranger(offRules, new ArrangerOptions(players) { CardRemoval = false }))
                {
                    T.Check(on.CardRemoval && !off.CardRemoval, what + ": CardRemoval reads back");
                    Arranged best = off.Arrange(codes);
                    Matches(r, best, what);
                    Matches(r, optioned.Arrange(codes), what + " (ArrangerOptions)");
                    T.Check(!optioned.Options.CardRemoval && optioned.CardRemoval == false, what + ": Options read back");
                    using (var rules = Rules.Preset(preset)) CheckLegal(rules, codes, best, what);
                    bool apart = on.Arrange(codes).Arrangement.ToString() != best.Arrangement.ToString();
                    T.Check(apart == (bool)r["differs"], what + ": card removal on plays " + (apart ? "apart" : "the same"));
                    if (apart) differ++;
                }
            }
            T.Check(differ >= 6, "card removal plays " + differ + " records apart");
        }

        /// <summary>Banker tables: the preset with Table.Banker and an arranger for the seat's role; the other
        /// role prices every hand differently and arranges some differently.</summary>
        private static void RoleVectors(List<object> records)
        {
            T.Check(records.Count >= 24, "banker-table records");
            int differ = 0;
            for (int i = 0; i < records.Count; i++)
            {
                var r = O(records[i]);
                string preset = (string)r["preset"], role = (string)r["role"];
                int players = (int)(double)r["players"];
                string what = "role " + i + " (" + preset + " banker table of " + players + ", " + role + ")";
                T.Eq("banker", (string)r["table"], what + ": table");
                Role mine = role == "banker" ? Role.Banker : Role.Player;
                T.Check(role == "banker" || role == "player", what + ": role name");
                byte[] codes = Codes(r["codes"]);
                T.Check(Same(codes, Codes(Dealer.Deal(players, (ulong)(double)r["seed"])[(int)(double)r["seat"]])),
                    what + ": the seeded deal");
                using (var rules = Rules.Preset(preset))
                {
                    rules.Table = Table.Banker;
                    using (var arr = new Arranger(rules, players, mine))
                    using (var other = new Arranger(rules, players, mine == Role.Banker ? Role.Player : Role.Banker))
                    {
                        T.Eq(mine, arr.Role, what + ": Role");
                        Arranged best = arr.Arrange(codes);
                        Matches(r, best, what);
                        CheckLegal(rules, codes, best, what);
                        Arranged theirs = other.Arrange(codes);
                        T.Check(theirs.ExpectedWater != best.ExpectedWater, what + ": the other role prices it differently");
                        if (best.Arrangement.ToString() != theirs.Arrangement.ToString()) differ++;
                    }
                }
            }
            T.Check(differ >= 4, "the roles arrange " + differ + " records differently");
        }

        private static string Snake(string pascal)
        {
            var sb = new StringBuilder();
            for (int i = 0; i < pascal.Length; i++)
            {
                if (char.IsUpper(pascal[i]) && i > 0) sb.Append('_');
                sb.Append(char.ToLowerInvariant(pascal[i]));
            }
            return sb.ToString();
        }

        private static void ManyDeals()
        {
            int fouls = 0, checkedHands = 0;
            foreach (string preset in Presets)
            {
                using (Rules rules = Rules.Preset(preset))
                {
                    for (int players = 2; players <= 4; players++)
                    {
                        using (Arranger fromRules = new Arranger(rules, players))
                        {
                            Arranger arr = For(preset, players);
                            T.Eq(players, arr.Players, "players");
                            for (ulong seed = 2000; seed < 2008; seed++)
                            {
                                foreach (Card[] hand in Dealer.Deal(players, seed))
                                {
                                    string what = preset + " " + players + "p seed " + seed;
                                    Arranged a = arr.Arrange(hand);
                                    if (Evaluator.CheckArrangement(rules, a.Arrangement.Cards()).IsFoul) fouls++;
                                    checkedHands++;
                                    T.Check(SameArranged(a, fromRules.Arrange(hand)), what + ": from rules or from the preset name");
                                    T.Check(Math.Abs(arr.ExpectedWater(a.Arrangement) - a.ExpectedWater) < 1e-9, what + ": priced");
                                    IList<Suggestion> list = arr.Suggest(hand, 4);
                                    T.Check(list.Count >= 1 && list.Count <= 4 && SameArranged(list[0].Arranged, a), what + ": suggestions");
                                    foreach (Suggestion s in list) CheckLegal(rules, Codes(hand), s.Arranged, what);
                                }
                            }
                        }
                    }
                }
            }
            T.Eq(0, fouls, "fouls among " + checkedHands + " arrangements");
            T.Eq(Presets.Length * 8 * (2 + 3 + 4), checkedHands, "hands arranged");
        }

        private static void Advice()
        {
            using (Rules classic = Rules.Classic())
            using (Arranger arr = new Arranger(classic))
            {
                SpecialAdvice a = arr.SpecialAdvice(Dragon);
                T.Check(a != null && a.Special == Special.Dragon, "a dragon");
                if (a != null)
                {
                    // RULES.md §6: each of the three other seats pays the dragon's 36.
                    T.Check(Math.Abs(a.DeclareWater - 3 * 36) < 1e-9, "declare water " + a.DeclareWater);
                    T.Check(a.Declare && a.Advantage == a.DeclareWater - a.LaneWater, "declare");
                    T.Check(SameArranged(a.BestLanes, arr.Arrange(Dragon)) && a.LaneWater == a.BestLanes.ExpectedWater, "best lanes");
                    T.Check(a.ToString().StartsWith("DR: declare"), a.ToString());
                }
                T.Check(arr.SpecialAdvice(Plain) == null, "no special");
                T.Check(arr.Arrange(Hand).ToString().Contains("expected water"), "Arranged.ToString");
            }
            using (Arranger hk = Arranger.ForPreset("hk", 2))
            {
                SpecialAdvice a = hk.SpecialAdvice(Card.ParseHand(Dragon));
                T.Check(a != null && Math.Abs(a.DeclareWater - 13) < 1e-9, "hk, two seats: one opponent pays 13");
            }
        }

        // Arranger.Play: a dragon is declared and paid 36 by each of three seats (RULES.md §6); the
        // other seats play Arrange's lanes, passed to Settle as Arranged values.
        private static void Play()
        {
            using (Rules classic = Rules.Classic())
            using (Arranger arr = new Arranger(classic))
            {
                PlayerHand dragon = arr.Play(Dragon);
                T.Check(dragon.IsSpecial && dragon.Special == Special.Dragon, "declared: " + dragon);
                var held = new HashSet<Card>(Card.ParseHand(Dragon));
                var rest = new List<Card>();
                for (int c = 0; c < 52; c++)
                {
                    if (!held.Contains(Card.FromCode(c))) rest.Add(Card.FromCode(c));
                }
                var seats = new List<PlayerHand> { dragon };
                for (int k = 0; k < 3; k++)
                {
                    // A stride coprime to 39 mixes the ranks (a stride of 3 would deal dragons).
                    var hand = new Card[13];
                    for (int i = 0; i < 13; i++) hand[i] = rest[(13 * k + i) * 7 % 39];
                    PlayerHand played = arr.Play(hand);
                    T.Check(!played.IsSpecial && played.ToString() == ((PlayerHand)arr.Arrange(hand)).ToString(), "lanes: " + played);
                    seats.Add(arr.Arrange(hand));
                }
                using (Settlement s = Settlement.Settle(classic, seats))
                {
                    T.Eq(3 * 36L, s.Totals[0].Num, "the dragon's total");
                }
                T.Throws<WrongCardCountException>(() => arr.Play(Card.ParseHand("As Ks")), "expected 13 cards, got 2", "two cards");
            }
        }

        private static void Threads()
        {
            Arranger arr = For("classic", 4);
            var hands = new List<Card[]>();
            for (ulong seed = 0; seed < 4; seed++) hands.AddRange(Dealer.Deal(4, 3000 + seed));
            var expected = hands.ConvertAll(h => arr.Arrange(h).ToString());
            var ok = new bool[4];
            var threads = new Thread[4];
            for (int t = 0; t < threads.Length; t++)
            {
                int me = t;
                threads[t] = new Thread(() =>
                {
                    bool all = true;
                    for (int i = 0; i < hands.Count; i++) all &= arr.Arrange(hands[i]).ToString() == expected[i];
                    ok[me] = all;
                });
                threads[t].Start();
            }
            foreach (Thread t in threads) t.Join();
            T.Check(Array.TrueForAll(ok, b => b), "threads agree");
        }

        /// <summary>A preset's rules at a banker table (its JSON with the table's value replaced).</summary>
        /// <summary>
        /// levels.json (ffi/tests/levels_vectors.rs): each record's arranger at the level and seed
        /// arranges the hand as recorded, whatever the cards' order; names and errors.
        /// </summary>
        private static void LevelVectors(string dir)
        {
            var doc = O(Json.Parse(System.IO.File.ReadAllText(System.IO.Path.Combine(dir, "levels.json"), Encoding.UTF8)));
            T.Eq(1.0, (double)doc["version"], "levels vector version");
            var hands = L(doc["hands"]);
            T.Check(hands.Count >= 100, "level hands recorded");
            int apart = 0;
            for (int i = 0; i < hands.Count; i++)
            {
                var h = O(hands[i]);
                string preset = (string)h["preset"], table = (string)h["table"], role = (string)h["role"];
                int players = (int)(double)h["players"];
                Level level = Levels.Parse((string)h["level"]);
                ulong seed = (ulong)(double)h["seed"];
                string what = "level hand " + i + " (" + preset + " " + table + " " + role + " " + players + ", " + h["level"] + ")";
                byte[] codes = Codes(h["codes"]);
                using (Rules rules = table == "banker" ? BankerRules(preset) : Rules.Preset(preset))
                using (Arranger best = new Arranger(rules, players, role == "banker" ? Role.Banker : Role.Player))
                using (Arranger arr = best.WithLevel(level, seed))
                using (Arranger direct = new Arranger(rules, players, role == "banker" ? Role.Banker : Role.Player, level, seed))
                {
                    T.Eq(level, arr.Level, what + ": level");
                    T.Eq(seed, arr.Seed, what + ": seed");
                    T.Eq(Level.Best, best.Level, what + ": the plain arranger's level");
                    Arranged a = arr.Arrange(codes);
                    Matches(h, a, what);
                    CheckLegal(rules, codes, a, what);
                    byte[] reversed = (byte[])codes.Clone();
                    Array.Reverse(reversed);
                    T.Check(SameArranged(a, arr.Arrange(reversed)), what + ": the order of the cards does not matter");
                    T.Check(SameArranged(a, direct.Arrange(codes)), what + ": the constructor and WithLevel agree");
                    ArrangerOptions back = direct.Options;
                    T.Check(back.Players == players && back.Level == level && back.Seed == seed && back.CardRemoval
                        && back.Role == (role == "banker" ? Role.Banker : Role.Player), what + ": Options read back " + back);
                    Arranged top = best.Arrange(codes);
                    if (level == Level.Best) T.Check(SameArranged(a, top), what + ": best is the plain arranger");
                    else if (!SameArranged(a, top)) apart++;
                }
            }
            T.Check(apart > 0, "some lower-level record plays apart from the best");
            var names = L(doc["names"]);
            for (int i = 0; i < names.Count; i++)
            {
                var r = O(names[i]);
                Level level = (Level)(uint)(double)r["level"];
                T.Eq(level, Levels.Parse((string)r["text"]), "parse " + r["text"]);
                if (i < 4) T.Eq((string)r["text"], Levels.Name(level), "name of " + level);
            }
            foreach (object o in L(doc["errors"]))
            {
                var e = O(o);
                T.Eq("invalid_argument", (string)e["kind"], "level error kind");
                if (e.ContainsKey("text"))
                {
                    string text = (string)e["text"];
                    T.Throws<InvalidArgumentException>(() => Levels.Parse(text), "beginner, casual, strong or best", "parse " + text);
                }
                else
                {
                    Level bad = (Level)(uint)(double)e["level"];
                    using (Arranger a = Arranger.ForPreset("classic", 2))
                    {
                        T.Throws<InvalidArgumentException>(() => a.WithLevel(bad, 1), "SSS_LEVEL_BEST = 3", "level " + (uint)bad);
                    }
                    T.Throws<InvalidArgumentException>(() => Levels.Name(bad), "unknown level", "name of level " + (uint)bad);
                }
            }
        }

        /// <summary>Levels never foul, repeat on the same seed and differ on another; suggestions ignore the level.</summary>
        private static void Levels_()
        {
            using (Arranger best = Arranger.ForPreset("classic", 4))
            using (Arranger casual = best.WithLevel(Level.Casual, 7))
            using (Arranger other = best.WithLevel(Level.Casual, 8))
            using (Rules rules = Rules.Classic())
            {
                T.Eq(0UL, best.Seed, "plain seed");
                int differ = 0;
                for (ulong s = 0; s < 30; s++)
                {
                    foreach (IList<Card> hand in Dealer.Deal(4, s))
                    {
                        byte[] codes = Codes(hand);
                        Arranged a = casual.Arrange(codes);
                        CheckLegal(rules, codes, a, "casual seed " + s);
                        T.Check(SameArranged(a, casual.Arrange(codes)), "the same seed repeats");
                        if (!SameArranged(a, other.Arrange(codes))) differ++;
                    }
                }
                T.Check(differ > 0, "another seed changes some choice");
                IList<Suggestion> x = casual.Suggest(Hand, 4), y = best.Suggest(Hand, 4);
                T.Eq(y.Count, x.Count, "suggestions at a level");
                for (int i = 0; i < x.Count && i < y.Count; i++) T.Check(SameArranged(x[i].Arranged, y[i].Arranged), "suggestion " + i);
            }
        }

        private static Rules BankerRules(string preset)
        {
            using (Rules r = Rules.Preset(preset))
            {
                string json = r.ToJson();
                T.Check(json.Contains("\"all_pairs\""), "the rules JSON names its table");
                return Rules.FromJson(json.Replace("\"all_pairs\"", "\"banker\""));
            }
        }

        /// <summary>
        /// Banker tables (RULES.md §5a): the role-less constructor refuses them, the Role overload
        /// takes the seat; Banker needs a banker table; a value that is no Role is an argument
        /// error; a table of two is the heads-up game in either role; a player's special is paid
        /// by the banker alone, the banker's by every player.
        /// </summary>
        private static void BankerRoles()
        {
            using (Rules banker = BankerRules("classic"))
            using (Rules classic = Rules.Classic())
            {
                T.Throws<InvalidTableException>(() => new Arranger(banker, 4), "new Arranger(rules, players, Role.Banker) or Role.Player",
                    "no role at a banker table: the error names this API");
                try { new Arranger(banker, 4).Dispose(); }
                catch (InvalidTableException e) { T.Check(!e.Message.Contains("new_for"), "the error names no Rust or C function: " + e.Message); }
                T.Throws<InvalidTableException>(() => new Arranger(classic, 4, Role.Banker), "banker", "banker at all pairs");
                T.Throws<InvalidArgumentException>(() => new Arranger(banker, 4, (Role)7), "unknown seat role 7", "role 7");
                T.ThrowsTable(() => new Arranger(banker, 5, Role.Player), 5, 4, "5 seats");
                T.Throws<ArgumentNullException>(() => new Arranger(null, 4, Role.Player), null, "null rules");
                using (Arranger player = new Arranger(banker, 4, Role.Player))
                using (Arranger bank = new Arranger(banker, 4, Role.Banker))
                using (Arranger every = new Arranger(classic, 4, Role.Player))
                using (Arranger plain = new Arranger(classic, 4))
                using (Arranger headsUp = new Arranger(classic, 2))
                using (Arranger twoPlayer = new Arranger(banker, 2, Role.Player))
                using (Arranger twoBanker = new Arranger(banker, 2, Role.Banker))
                {
                    T.Eq(Role.Player, player.Role, "player role");
                    T.Eq(Role.Banker, bank.Role, "banker role");
                    T.Eq(Role.Player, plain.Role, "all-pairs role");
                    T.Eq(36.0, player.SpecialAdvice(Dragon).DeclareWater, "player's dragon");
                    T.Eq(108.0, bank.SpecialAdvice(Dragon).DeclareWater, "banker's dragon");
                    for (ulong seed = 0; seed < 4; seed++)
                    {
                        foreach (var cards in Dealer.Deal(4, 600 + seed))
                        {
                            byte[] hand = Codes(cards);
                            string what = "seed " + (600 + seed);
                            CheckLegal(banker, hand, player.Arrange(hand), what + " player");
                            CheckLegal(banker, hand, bank.Arrange(hand), what + " banker");
                            T.Check(SameArranged(every.Arrange(hand), plain.Arrange(hand)), what + ": Role.Player at all pairs");
                            Arranged want = headsUp.Arrange(hand);
                            T.Check(SameArranged(twoPlayer.Arrange(hand), want), what + ": two seats, player");
                            T.Check(SameArranged(twoBanker.Arrange(hand), want), what + ": two seats, banker");
                        }
                    }
                }
            }
            using (Arranger cp = Arranger.ForPreset("chinese_poker", 2))
            using (Rules cpRules = Rules.Preset("chinese_poker"))
            {
                foreach (var cards in Dealer.Deal(4, 77))
                {
                    Arranged a = cp.Arrange(cards);
                    CheckLegal(cpRules, Codes(cards), a, "chinese_poker");
                    T.Check(Math.Abs(a.ExpectedWater) <= 4.0 + 1e-9, "chinese_poker water within the lanes' and majority's range");
                }
            }
        }

        private static void Errors()
        {
            using (Rules classic = Rules.Classic())
            {
                Arranger arr = For("classic", 4);
                byte[] hand = Codes(Card.ParseHand(Hand));
                byte[] twelve = new byte[12];
                Array.Copy(hand, twelve, 12);
                byte[] fourteen = new byte[14];
                Array.Copy(hand, fourteen, 13);
                fourteen[13] = 20;
                byte[] dup = (byte[])hand.Clone();
                dup[9] = dup[2];
                byte[] bad = (byte[])hand.Clone();
                bad[5] = 52;

                T.Throws<WrongCardCountException>(() => arr.Arrange(twelve), "expected 13 cards, got 12", "12 cards");
                T.Throws<WrongCardCountException>(() => arr.Arrange(fourteen), "got 14", "14 cards");
                T.Throws<WrongCardCountException>(() => arr.Arrange(new byte[0]), "got 0", "no cards");
                T.Throws<WrongCardCountException>(() => arr.Arrange(Card.ParseHand("As Kd")), "got 2", "2 cards");
                T.Throws<DuplicateCardException>(() => arr.Arrange(dup), "position 9", "duplicate");
                T.Throws<BadCardCodeException>(() => arr.Arrange(bad), "card code 52", "bad code");
                T.Throws<WrongCardCountException>(() => arr.Suggest(twelve), "got 12", "suggest 12 cards");
                T.Throws<DuplicateCardException>(() => arr.Suggest(dup), "position 9", "suggest duplicate");
                T.Throws<BadCardCodeException>(() => arr.SpecialAdvice(bad), "card code 52", "advice bad code");
                T.Throws<WrongCardCountException>(() => arr.SpecialAdvice(twelve), "got 12", "advice 12 cards");
                T.Throws<InvalidArgumentException>(() => arr.Suggest(hand, 0), "0 suggestions", "n = 0");
                T.Throws<InvalidArgumentException>(() => arr.Suggest(hand, -3), "-3 suggestions", "n = -3");
                T.Check(arr.Suggest(hand, int.MaxValue).Count >= 1, "a huge n lists every combination");
                T.Throws<WrongCardCountException>(() => arr.ExpectedWater(Card.FromCodes(twelve)), "got 12", "water 12 cards");
                T.Throws<UnknownRankException>(() => arr.Arrange("As Xd"), "position 1", "text");

                T.Throws<UnknownPresetException>(() => Arranger.ForPreset("macau"), "\"macau\"", "unknown preset");
                foreach (int players in new[] { 0, 1, 5, -1 })
                {
                    if (players < 0)
                    {
                        T.Throws<InvalidTableException>(() => new Arranger(classic, players), "got " + players, "players " + players);
                        T.Throws<InvalidTableException>(() => Arranger.ForPreset("kx", players), "got " + players, "preset players " + players);
                    }
                    else
                    {
                        T.ThrowsTable(() => new Arranger(classic, players), players, 4, "players " + players);
                        T.ThrowsTable(() => Arranger.ForPreset("kx", players), players, 4, "preset players " + players);
                    }
                }
                T.Throws<ArgumentNullException>(() => new Arranger(null), null, "null rules");
                T.Throws<ArgumentNullException>(() => Arranger.ForPreset(null), null, "null name");
                T.Throws<ArgumentNullException>(() => arr.Arrange((byte[])null), null, "null codes");
                T.Throws<ArgumentNullException>(() => arr.Arrange((IList<Card>)null), null, "null cards");
                T.Throws<ArgumentNullException>(() => arr.ExpectedWater((Arrangement)null), null, "null arrangement");

                Arranger gone = new Arranger(classic, 3);
                T.Eq(3, gone.Players, "players");
                gone.Dispose();
                gone.Dispose();
                T.Check(gone.IsDisposed, "disposed");
                T.Throws<ObjectDisposedException>(() => gone.Arrange(hand), null, "use after dispose");
            }
            foreach (Arranger a in Cache.Values) a.Dispose();
            Cache.Clear();
        }
    }
}
