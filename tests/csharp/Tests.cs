// Tests of the C# wrapper (unity/com.shisanshui.engine/Runtime) against the native library, with a
// tiny self-contained runner (no NUnit). Compiled together with the wrapper so internal members are
// reachable.
// Usage: mono tests.exe <path to tests/vectors/eval.json> (special.json is read from beside it)
// Last line: "C# tests: N passed, M failed" (N counts checks).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;
using Shisanshui;

namespace Shisanshui.Tests
{
    internal static class T
    {
        internal static int Passed;
        internal static int Failed;
        internal static string Current = "";

        internal static void Check(bool ok, string what)
        {
            if (ok)
            {
                Passed++;
            }
            else
            {
                Failed++;
                Console.Error.WriteLine("FAIL [" + Current + "]: " + what);
            }
        }

        internal static void Eq<TV>(TV expected, TV actual, string what)
        {
            Check(EqualityComparer<TV>.Default.Equals(expected, actual),
                what + ": expected <" + expected + ">, got <" + actual + ">");
        }

        /// <summary>InvalidTableException refusing <paramref name="players"/> seats at a deck that seats
        /// 2 to <paramref name="most"/>, its message naming both numbers (the wording is the engine's).</summary>
        internal static void ThrowsTable(Action action, int players, int most, string what)
        {
            var e = Throws<InvalidTableException>(action, players + " player", what);
            T.Check(e != null && e.Message.Contains("2 to " + most), what + ": \"" + (e == null ? "" : e.Message) + "\" names 2 to " + most);
        }

        /// <summary>The action must throw exactly TE (with the native message containing `needle`).</summary>
        internal static TE Throws<TE>(Action action, string needle, string what) where TE : Exception
        {
            try
            {
                action();
            }
            catch (Exception e)
            {
                TE typed = e as TE;
                Check(typed != null && e.GetType() == typeof(TE),
                    what + ": expected " + typeof(TE).Name + ", got " + e.GetType().Name + ": " + e.Message);
                if (typed != null && needle != null)
                {
                    Check(e.Message.Contains(needle), what + ": message \"" + e.Message + "\" lacks \"" + needle + "\"");
                }
                return typed;
            }
            Check(false, what + ": expected " + typeof(TE).Name + ", nothing thrown");
            return null;
        }
    }

    /// <summary>Raw imports with IntPtr where the wrapper passes handles, to reach NULL pointers.</summary>
    internal static class Raw
    {
        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_evaluate(IntPtr rules, byte[] codes, UIntPtr count, IntPtr outRank);

        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_to_json(IntPtr rules, byte[] buf, UIntPtr cap, out UIntPtr outLen);

        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_new_preset(byte[] name, UIntPtr len, IntPtr outRules);

        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern void sss_rules_free(IntPtr rules);
    }

    /// <summary>A small JSON reader: objects become Dictionary, arrays List, numbers double.</summary>
    internal sealed class Json
    {
        private readonly string s;
        private int i;

        private Json(string s) { this.s = s; }

        internal static object Parse(string text)
        {
            Json p = new Json(text);
            object v = p.Value();
            p.Ws();
            if (p.i != p.s.Length)
            {
                throw new FormatException("trailing characters at " + p.i);
            }
            return v;
        }

        private void Ws()
        {
            while (i < s.Length && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) i++;
        }

        private Exception Bad(string what) { return new FormatException(what + " at " + i); }

        private object Value()
        {
            Ws();
            if (i >= s.Length) throw Bad("unexpected end");
            char c = s[i];
            if (c == '{')
            {
                var obj = new Dictionary<string, object>();
                i++;
                Ws();
                if (i < s.Length && s[i] == '}') { i++; return obj; }
                while (true)
                {
                    Ws();
                    if (i >= s.Length || s[i] != '"') throw Bad("expected a member name");
                    string key = Str();
                    Ws();
                    if (i >= s.Length || s[i] != ':') throw Bad("expected ':'");
                    i++;
                    obj[key] = Value();
                    Ws();
                    if (i < s.Length && s[i] == ',') { i++; continue; }
                    if (i < s.Length && s[i] == '}') { i++; return obj; }
                    throw Bad("expected ',' or '}'");
                }
            }
            if (c == '[')
            {
                var list = new List<object>();
                i++;
                Ws();
                if (i < s.Length && s[i] == ']') { i++; return list; }
                while (true)
                {
                    list.Add(Value());
                    Ws();
                    if (i < s.Length && s[i] == ',') { i++; continue; }
                    if (i < s.Length && s[i] == ']') { i++; return list; }
                    throw Bad("expected ',' or ']'");
                }
            }
            if (c == '"') return Str();
            if (string.CompareOrdinal(s, i, "true", 0, 4) == 0) { i += 4; return true; }
            if (string.CompareOrdinal(s, i, "false", 0, 5) == 0) { i += 5; return false; }
            if (string.CompareOrdinal(s, i, "null", 0, 4) == 0) { i += 4; return null; }
            int start = i;
            while (i < s.Length && "+-0123456789.eE".IndexOf(s[i]) >= 0) i++;
            if (start == i) throw Bad("unexpected character");
            return double.Parse(s.Substring(start, i - start), NumberStyles.Float, CultureInfo.InvariantCulture);
        }

        private string Str()
        {
            var sb = new StringBuilder();
            i++;
            while (true)
            {
                if (i >= s.Length) throw Bad("unterminated string");
                char c = s[i++];
                if (c == '"') return sb.ToString();
                if (c != '\\') { sb.Append(c); continue; }
                if (i >= s.Length) throw Bad("bad escape");
                char e = s[i++];
                switch (e)
                {
                    case '"': sb.Append('"'); break;
                    case '\\': sb.Append('\\'); break;
                    case '/': sb.Append('/'); break;
                    case 'b': sb.Append('\b'); break;
                    case 'f': sb.Append('\f'); break;
                    case 'n': sb.Append('\n'); break;
                    case 'r': sb.Append('\r'); break;
                    case 't': sb.Append('\t'); break;
                    case 'u':
                        sb.Append((char)int.Parse(s.Substring(i, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                        i += 4;
                        break;
                    default: throw Bad("bad escape");
                }
            }
        }
    }

    internal static class Program
    {
        private static readonly List<KeyValuePair<string, Action>> Tests = new List<KeyValuePair<string, Action>>();

        private static void Add(string name, Action a) { Tests.Add(new KeyValuePair<string, Action>(name, a)); }

        private static string vectorsPath = "tests/vectors/eval.json";

        private static int Main(string[] args)
        {
            if (args.Length > 0) vectorsPath = args[0];
            Add("version", TestVersion);
            Add("cards", TestCards);
            Add("card errors", TestCardErrors);
            Add("every error kind", TestEveryErrorKind);
            Add("rules", TestRules);
            Add("rules json", TestRulesJson);
            Add("dispose", TestDispose);
            Add("evaluation", TestEvaluation);
            Add("arrangements", TestArrangements);
            Add("threads", TestThreads);
            Add("vectors", TestVectors);
            // Special hands.
            Add("specials", SpecialTests.TestSpecials);
            Add("special errors", SpecialTests.TestSpecialErrors);
            Add("special vectors", () => SpecialTests.TestSpecialVectors(vectorsPath));
            Add("settlement", () => SettleTests.Run(vectorsPath)); // tests/csharp/SettleTests.cs
            Add("dealing and arrangement", () => ArrangeTests.Run(vectorsPath)); // tests/csharp/ArrangeTests.cs
            Add("safety nets", SafetyTests.Run); // tests/csharp/SafetyTests.cs
            Add("batches", BatchTests.Run); // tests/csharp/BatchTests.cs
            Add("batches with jokers", BatchJokersTests.Run); // tests/csharp/BatchJokersTests.cs
            Add("hints", () => HintsTests.Run(vectorsPath)); // tests/csharp/HintsTests.cs
            Add("hints with jokers", HintsJokersTests.Run); // tests/csharp/HintsJokersTests.cs
            Add("simulation", () => SimulateTests.Run(vectorsPath)); // tests/csharp/SimulateTests.cs
            Add("simulation shards", SimulateTests.Shards); // tests/csharp/SimulateTests.cs
            Add("big tables", () => BigTablesTests.Run(vectorsPath)); // tests/csharp/BigTablesTests.cs
            Add("jokers", () => JokersTests.Run(vectorsPath)); // tests/csharp/JokersTests.cs
            foreach (var t in Tests)
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
            Console.WriteLine("C# tests: " + T.Passed + " passed, " + T.Failed + " failed");
            return T.Failed == 0 ? 0 : 1;
        }

        private static Card C(string text) { return Card.Parse(text); }

        private static Card[] H(string text) { return Card.ParseHand(text); }

        // ---------------------------------------------------------------------------------------

        private static void TestVersion()
        {
            T.Eq(ShisanshuiLibrary.ExpectedAbiVersion, ShisanshuiLibrary.AbiVersion, "ABI version");
            ShisanshuiLibrary.EnsureCompatible();
            string v = ShisanshuiLibrary.Version;
            T.Check(v.Split('.').Length >= 3, "version looks like x.y.z: " + v);
            T.Eq(8, Marshal.SizeOf(typeof(NativeHandRank)), "SssHandRank size");
            T.Eq(28, Marshal.SizeOf(typeof(NativeArrangementEval)), "SssArrangementEval size");
            T.Eq(24, (int)Marshal.OffsetOf(typeof(NativeArrangementEval), "foul_bits"), "foul_bits offset");
        }

        private static void TestCards()
        {
            const string ranks = "23456789TJQKA";
            const string suits = "dchs";
            string[] symbols = { "\u2666", "\u2663", "\u2665", "\u2660" };
            for (int r = 0; r < 13; r++)
            {
                for (int s = 0; s < 4; s++)
                {
                    int code = r * 4 + s; // RULES.md §1
                    string text = "" + ranks[r] + suits[s];
                    Card c = C(text);
                    T.Eq(code, (int)c.Code, "code of " + text);
                    T.Eq((Rank)r, c.Rank, "rank of " + text);
                    T.Eq((Suit)s, c.Suit, "suit of " + text);
                    T.Eq(text, c.ToString(), "ToString");
                    T.Eq(c, new Card((Rank)r, (Suit)s), "from rank and suit");
                    T.Eq(c, Card.FromCode(code), "FromCode");
                    string sym = (r == 8 ? "10" : ranks[r].ToString()) + symbols[s];
                    T.Eq(c, C(sym), "symbol form " + sym);
                    T.Eq(c, C(text.ToLowerInvariant()), "lower case " + text);
                    T.Eq(ranks[r] + symbols[s], c.ToSymbolString(), "ToSymbolString");
                    T.Eq(c.ToSymbolString(), Card.Format(new[] { c }, true), "native symbol format");
                }
            }
            Card[] hand = H("As Kd 10h");
            T.Eq(3, hand.Length, "hand length");
            T.Eq("As Kd Th", Card.Format(hand), "format hand");
            T.Eq("A\u2660 K\u2666 T\u2665", Card.Format(hand, true), "format symbols");
            T.Eq("As Ks Qs", Card.Format(H("AsKsQs")), "packed");
            T.Eq("2c 3c 4c", Card.Format(H("2c,3c, 4c")), "commas");
            T.Eq(0, H("").Length, "empty hand");
            T.Eq("", Card.Format(new Card[0]), "format nothing");
            T.Check(C("As") > C("Ks") && C("Ks") > C("Kh") && C("2s") < C("3d"), "ordering by code");
            T.Check(C("As").Equals((object)C("A\u2660")) && C("As").GetHashCode() == 51, "equality");
            Card parsed;
            T.Check(Card.TryParse("Qc", out parsed) && parsed.Code == 41, "TryParse good");
            T.Check(!Card.TryParse("Qx", out parsed), "TryParse bad");
            T.Check(!Card.TryParse(null, out parsed), "TryParse null");
            Card[] deck = new Card[52];
            for (int i = 0; i < 52; i++) deck[i] = Card.FromCode(51 - i);
            string text52 = Card.Format(deck);
            Card[] back = H(text52);
            T.Eq(52, back.Length, "deck round trip length");
            bool same = true;
            for (int i = 0; i < 52; i++) same &= back[i] == deck[i];
            T.Check(same, "deck round trip");
            T.Eq(3, Card.FromCodes(new byte[] { 0, 1, 51 }).Length, "FromCodes");
        }

        private static void TestCardErrors()
        {
            var e1 = T.Throws<UnknownRankException>(() => C("Xs"), "unknown rank in card \"Xs\" at position 0", "rank");
            if (e1 != null) T.Eq(StatusCode.UnknownRank, e1.Status, "rank status");
            T.Throws<UnknownSuitException>(() => C("Ax"), "\"Ax\"", "suit");
            T.Throws<UnknownSuitException>(() => H("As Kd Q"), "position 2", "suit position");
            T.Throws<UnknownRankException>(() => H("As 1s"), "\"1s\" at position 1", "rank position");
            T.Throws<DuplicateCardException>(() => H("As Kd As"), "duplicate card As at position 2", "dup text");
            T.Throws<DuplicateCardException>(() => Card.FromCodes(new byte[] { 7, 7 }), "position 1", "dup codes");
            T.Throws<WrongCardCountException>(() => C("As Kd"), "expected 1 cards, got 2", "one card");
            T.Throws<BadCardCodeException>(() => Card.FromCode(52), "card code 52 is out of range", "code 52");
            T.Throws<BadCardCodeException>(() => Card.FromCode(255), "card code 255", "code 255");
            T.Throws<BadCardCodeException>(() => Card.FromCode(-1), "card code -1", "code -1");
            T.Throws<BadCardCodeException>(() => Card.FromCodes(new byte[] { 0, 99 }), "card code 99", "FromCodes 99");
            T.Throws<InvalidArgumentException>(() => new Card((Rank)13, Suit.Spades), "rank 13", "rank enum");
            T.Throws<InvalidArgumentException>(() => new Card(Rank.Ace, (Suit)4), "suit 4", "suit enum");
            T.Throws<ArgumentNullException>(() => C(null), null, "null text");
            T.Throws<ArgumentNullException>(() => H(null), null, "null hand");
            T.Throws<ArgumentNullException>(() => Card.Format(null), null, "null cards");
        }

        private static void TestEveryErrorKind()
        {
            // Through the public API where one reaches the error.
            using (Rules classic = Rules.Classic())
            {
                T.Throws<UnknownRankException>(() => C("Zs"), "Zs", "unknown_rank");
                T.Throws<UnknownSuitException>(() => C("Az"), "Az", "unknown_suit");
                T.Throws<BadCardCodeException>(() => Evaluator.Evaluate(classic, new byte[] { 0, 52, 3 }), "52", "bad_card_code");
                T.Throws<DuplicateCardException>(() => Evaluator.Evaluate(classic, new byte[] { 0, 1, 0 }), "position 2",
                    "duplicate_card");
                T.Throws<WrongCardCountException>(() => Evaluator.Evaluate(classic, new byte[] { 0, 1, 2, 3 }),
                    "expected 5 cards, got 4", "wrong_card_count");
                T.Throws<InvalidRulesException>(() => Rules.FromJson("{"), "invalid rule set", "invalid_rules");
                T.Throws<UnknownPresetException>(() => Rules.Preset("macau"), "unknown preset \"macau\"", "unknown_preset");
                T.Throws<InvalidArgumentException>(() => classic.Wheel = (Wheel)7, "wheel 7", "invalid_argument");
                T.Throws<InvalidArgumentException>(() => ((Category)12).Name(), "category 12", "category");
                T.Throws<InvalidArgumentException>(() => Category.FullHouse.Name((Language)5), "language 5", "language");

                // The boundary's own errors, through raw calls and Native.Check.
                UIntPtr len;
                int st = Raw.sss_rules_to_json(IntPtr.Zero, new byte[8], (UIntPtr)8, out len);
                T.Eq((int)StatusCode.NullPointer, st, "NULL rules");
                T.Throws<NullPointerException>(() => Native.Check(st), "argument `rules` is NULL", "null_pointer");
                st = Raw.sss_evaluate(classic.Handle.DangerousGetHandle(), new byte[] { 0, 1, 2 }, (UIntPtr)3, IntPtr.Zero);
                T.Throws<NullPointerException>(() => Native.Check(st), "argument `out` is NULL", "null out");
                st = Raw.sss_rules_new_preset(Encoding.UTF8.GetBytes("kx"), (UIntPtr)2, IntPtr.Zero);
                T.Throws<NullPointerException>(() => Native.Check(st), "argument `out` is NULL", "null preset out");
                byte code;
                st = Native.sss_card_parse(null, (UIntPtr)2, out code);
                T.Throws<NullPointerException>(() => Native.Check(st), "argument `text` is NULL", "null text");

                byte[] small = new byte[4];
                st = Native.sss_cards_format(new byte[] { 51, 44 }, (UIntPtr)2, 0, small, (UIntPtr)small.Length, out len);
                T.Eq((int)StatusCode.BufferTooSmall, st, "small buffer status");
                T.Eq(5UL, len.ToUInt64(), "needed length reported");
                T.Throws<BufferTooSmallException>(() => Native.Check(st), "needs 5", "buffer_too_small");

                st = Native.sss_card_parse(new byte[] { (byte)'A', 0xFF }, (UIntPtr)2, out code);
                T.Throws<InvalidUtf8Exception>(() => Native.Check(st), "offset 1", "invalid_utf8");
            }

            // Kinds no current call can produce: the status -> exception map itself.
            var kinds = new Dictionary<StatusCode, Type>
            {
                { StatusCode.UnknownRank, typeof(UnknownRankException) },
                { StatusCode.UnknownSuit, typeof(UnknownSuitException) },
                { StatusCode.BadCardCode, typeof(BadCardCodeException) },
                { StatusCode.DuplicateCard, typeof(DuplicateCardException) },
                { StatusCode.TooManyCopies, typeof(TooManyCopiesException) },
                { StatusCode.JokerNotInDeck, typeof(JokerNotInDeckException) },
                { StatusCode.WrongCardCount, typeof(WrongCardCountException) },
                { StatusCode.InvalidRules, typeof(InvalidRulesException) },
                { StatusCode.UnknownPreset, typeof(UnknownPresetException) },
                { StatusCode.UnknownSpecial, typeof(UnknownSpecialException) },
                { StatusCode.SpecialNotAllowed, typeof(SpecialNotAllowedException) },
                { StatusCode.InvalidTable, typeof(InvalidTableException) },
                { StatusCode.InvalidMoney, typeof(InvalidMoneyException) },
                { StatusCode.InvalidArgument, typeof(InvalidArgumentException) },
                { StatusCode.NullPointer, typeof(NullPointerException) },
                { StatusCode.BufferTooSmall, typeof(BufferTooSmallException) },
                { StatusCode.InvalidUtf8, typeof(InvalidUtf8Exception) },
                { StatusCode.Panic, typeof(NativePanicException) },
            };
            foreach (var kv in kinds)
            {
                ShisanshuiException e = ShisanshuiException.FromStatus((int)kv.Key, "msg");
                T.Eq(kv.Value, e.GetType(), "exception for " + kv.Key);
                T.Eq(kv.Key, e.Status, "status of " + kv.Key);
                T.Eq("msg", e.Message, "message of " + kv.Key);
                // The native library agrees on each number's name.
                string name = Native.CopyString((byte[] b, UIntPtr c, out UIntPtr l) =>
                    Native.sss_status_name((int)kv.Key, b, c, out l));
                T.Eq(Snake(kv.Key.ToString()), name, "native name of " + kv.Key);
            }
            T.Eq(typeof(ShisanshuiException), ShisanshuiException.FromStatus(77, "x").GetType(), "unknown status");
            T.Throws<InvalidArgumentException>(() => Native.CopyString((byte[] b, UIntPtr c, out UIntPtr l) =>
                Native.sss_status_name(77, b, c, out l)), "77 is not a status code", "status 77");
        }

        private static string Snake(string pascal)
        {
            var sb = new StringBuilder();
            foreach (char ch in pascal)
            {
                if (char.IsUpper(ch) && sb.Length > 0) sb.Append('_');
                sb.Append(char.ToLowerInvariant(ch));
            }
            return sb.ToString();
        }

        private static void TestRules()
        {
            string[] names = { "classic", "regional", "kx", "hk", "ranked", "HK", "chinese_poker" };
            foreach (string n in names)
            {
                using (Rules r = Rules.Preset(n))
                {
                    r.Validate();
                    bool hk = n.ToLowerInvariant() == "hk", cp = n == "chinese_poker";
                    T.Eq(hk || cp ? Wheel.Lowest : Wheel.SecondHighest, r.Wheel, n + " wheel");
                    T.Eq(hk, r.SuitTiebreak, n + " suit tie-break");
                    T.Eq(false, r.StrictOrder, n + " strict order");
                    T.Eq(Table.AllPairs, r.Table, n + " table");
                    T.Eq(cp ? 1 : 0, r.MajorityBonus, n + " majority bonus");
                }
            }
            using (Rules r = Rules.Classic())
            {
                r.Wheel = Wheel.Lowest;
                r.SuitTiebreak = true;
                r.StrictOrder = true;
                T.Eq(Wheel.Lowest, r.Wheel, "set wheel");
                T.Check(r.SuitTiebreak && r.StrictOrder, "set flags");
                using (Rules copy = r.Clone())
                {
                    copy.StrictOrder = false;
                    copy.Wheel = Wheel.SecondHighest;
                    T.Check(r.StrictOrder && r.Wheel == Wheel.Lowest, "clone is independent");
                    T.Check(!copy.StrictOrder && copy.SuitTiebreak, "clone kept the other fields");
                }
                T.Throws<InvalidArgumentException>(() => r.Wheel = (Wheel)2, "wheel 2", "bad wheel");
                T.Eq(Wheel.Lowest, r.Wheel, "failed set changes nothing");
            }
            T.Throws<ArgumentNullException>(() => Rules.Preset(null), null, "null preset");
            T.Throws<ArgumentNullException>(() => Rules.FromJson(null), null, "null json");
        }

        private static void TestRulesJson()
        {
            using (Rules hk = Rules.Preset("hk"))
            {
                hk.StrictOrder = true;
                string json = hk.ToJson();
                T.Check(json.Contains("\"wheel\": \"lowest\"") && json.Contains("\"strict_order\": true"), "json content");
                T.Check(json.Length > 128, "json longer than the first buffer (exercises the retry)");
                using (Rules back = Rules.FromJson(json))
                {
                    T.Eq(json, back.ToJson(), "round trip");
                    T.Check(back.StrictOrder && back.SuitTiebreak && back.Wheel == Wheel.Lowest, "round trip fields");
                }
                using (Rules edited = Rules.FromJson(json.Replace("\"strict_order\": true", "\"strict_order\": false")))
                {
                    T.Check(!edited.StrictOrder, "edited json");
                }
                T.Throws<InvalidRulesException>(() => Rules.FromJson(json.Replace("\"front_trips\": 1", "\"front_trips\": \"x\"")),
                    "lane_water.front_trips", "wrong type");
                T.Throws<InvalidRulesException>(() => Rules.FromJson(json.Replace("\"front_trips\": 1", "\"front_trips\": 0")),
                    "lane_water.front_trips", "zero water");
                T.Throws<InvalidRulesException>(() => Rules.FromJson(json.Replace("\"wheel\": \"lowest\"", "\"wheel\": \"up\"")),
                    "wheel", "unknown variant");
                T.Throws<InvalidRulesException>(() => Rules.FromJson(json.Substring(0, json.Length / 2)), null, "truncated");
                T.Throws<InvalidRulesException>(() => Rules.FromJson(""), null, "empty");
                // A partial rule set: a "preset" to start from (default classic), then only the changes.
                using (Rules classic = Rules.Classic())
                using (Rules kx = Rules.Preset("kx"))
                using (Rules partial = Rules.FromJson("{\"lane_water\": {\"front_trips\": 4}}"))
                using (Rules partialKx = Rules.FromJson("{\"preset\": \"kx\", \"lane_water\": {\"front_trips\": 4}}"))
                {
                    T.Eq(classic.ToJson().Replace("\"front_trips\": 3", "\"front_trips\": 4"), partial.ToJson(), "partial from classic");
                    T.Eq(kx.ToJson().Replace("\"front_trips\": 3", "\"front_trips\": 4"), partialKx.ToJson(), "partial from kx");
                }
                T.Throws<UnknownPresetException>(() => Rules.FromJson("{\"preset\": \"macau\"}"), "macau", "partial's unknown preset");
                T.Throws<InvalidRulesException>(() => Rules.FromJson("{\"front_trip\": 4}"), "front_trip", "partial's unknown field");
            }
        }

        private static void TestDispose()
        {
            Rules r = Rules.Classic();
            T.Check(!r.IsDisposed, "fresh rules are live");
            r.Dispose();
            T.Check(r.IsDisposed, "disposed");
            r.Dispose(); // a second Dispose is harmless
            T.Check(r.IsDisposed, "double dispose");
            T.Throws<ObjectDisposedException>(() => r.ToJson(), null, "use after dispose");
            T.Throws<ObjectDisposedException>(() => { var w = r.Wheel; }, null, "property after dispose");
            T.Throws<ObjectDisposedException>(() => Evaluator.Evaluate(r, H("As Ks Qs")), null, "evaluate after dispose");
            T.Throws<ArgumentNullException>(() => Evaluator.Evaluate(null, H("As Ks Qs")), null, "null rules");
            // Undisposed rule sets are freed by the finalizer without trouble.
            for (int i = 0; i < 200; i++)
            {
                Rules.Preset(i % 2 == 0 ? "kx" : "hk").Clone();
            }
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            using (Rules after = Rules.Classic())
            {
                T.Eq(Category.StraightFlush, Evaluator.Evaluate(after, "As Ks Qs Js Ts").Category, "still working after GC");
            }
        }

        private static void TestEvaluation()
        {
            // Strictly increasing under classic (wheel second highest): poker order known by heart.
            string[] ladder =
            {
                "7c 5d 4h 3s 2c", "Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c", "Ac Ad Kh Qs Jc", "3c 3d 2h 2s 4c",
                "Ac Ad Kh Ks Qc", "2c 2d 2h 3s 4c", "Ac Ad Ah Ks Qc", "6c 5d 4h 3s 2c", "Kc Qd Jh Ts 9c",
                "5c 4d 3h 2s Ac", "Ac Kd Qh Js Tc", "7c 5c 4c 3c 2c", "Ac Kc Qc Jc 9c", "2c 2d 2h 3s 3c",
                "Ac Ad Ah Ks Kc", "2c 2d 2h 2s 3c", "Ac Ad Ah As Kc", "6h 5h 4h 3h 2h", "Kh Qh Jh Th 9h",
                "5d 4d 3d 2d Ad", "As Ks Qs Js Ts",
            };
            Category[] cats =
            {
                Category.HighCard, Category.HighCard, Category.OnePair, Category.OnePair, Category.TwoPair,
                Category.TwoPair, Category.ThreeOfAKind, Category.ThreeOfAKind, Category.Straight, Category.Straight,
                Category.Straight, Category.Straight, Category.Flush, Category.Flush, Category.FullHouse,
                Category.FullHouse, Category.FourOfAKind, Category.FourOfAKind, Category.StraightFlush,
                Category.StraightFlush, Category.StraightFlush, Category.StraightFlush,
            };
            using (Rules classic = Rules.Classic())
            using (Rules hk = Rules.Preset("hk"))
            {
                HandRank prev = new HandRank();
                for (int i = 0; i < ladder.Length; i++)
                {
                    HandRank r = Evaluator.Evaluate(classic, ladder[i]);
                    T.Eq(cats[i], r.Category, "category of " + ladder[i]);
                    T.Eq(5, r.CardCount, "card count");
                    T.Eq((uint)r.Category, r.Value >> 22, "value carries the category");
                    if (i > 0)
                    {
                        T.Check(r > prev && r.CompareTo(prev) > 0, ladder[i] + " above " + ladder[i - 1]);
                        T.Eq(1, Evaluator.Compare(classic, H(ladder[i]), H(ladder[i - 1])), "compare " + ladder[i]);
                        T.Eq(-1, Evaluator.Compare(classic, H(ladder[i - 1]), H(ladder[i])), "compare back " + ladder[i]);
                    }
                    prev = r;
                }
                T.Eq(Rank.Ace, Evaluator.Evaluate(classic, "5c 4d 3h 2s Ac").TopRank, "second-highest wheel tops at A");
                string[] three = { "4c 3d 2h", "Ac Kd Qh", "2c 2d 3h", "Ac Ad Kh", "2c 2d 2h", "Ac Ad Ah" };
                for (int i = 1; i < three.Length; i++)
                {
                    T.Check(Evaluator.Evaluate(classic, three[i]) > Evaluator.Evaluate(classic, three[i - 1]), three[i]);
                }
                T.Eq(3, Evaluator.Evaluate(classic, "Ac Kc Qc").CardCount, "front count");
                T.Eq(Category.HighCard, Evaluator.Evaluate(classic, "Ac Kc Qc").Category, "no 3-card flush");
                T.Eq(0, Evaluator.Compare(classic, H("As Kd Qh Js 9c"), H("Ac Kh Qd Jc 9s")), "tie");
                HandRank tie1 = Evaluator.Evaluate(classic, "As Kd Qh Js 9c"), tie2 = Evaluator.Evaluate(classic, "Ac Kh Qd Jc 9s");
                T.Check(tie1 == tie2 && tie1.Equals(tie2) && tie1.GetHashCode() == tie2.GetHashCode(), "a tie is equal");
                // == agrees with < and CompareTo: the value alone decides, whatever the card count says.
                HandRank v3 = new HandRank(new NativeHandRank { value = 0x1234, card_count = 3 });
                HandRank v5 = new HandRank(new NativeHandRank { value = 0x1234, card_count = 5 });
                T.Check(v3 == v5 && !(v3 != v5) && v3 <= v5 && v3 >= v5 && v3.CompareTo(v5) == 0, "equal values are equal");
                T.Check(v3.Equals((object)v5) && v3.GetHashCode() == v5.GetHashCode(), "Equals and the hash agree");
                for (int i = 0; i < ladder.Length; i++)
                {
                    for (int j = 0; j < ladder.Length; j++)
                    {
                        HandRank a = Evaluator.Evaluate(classic, ladder[i]), b = Evaluator.Evaluate(classic, ladder[j]);
                        T.Check((a == b) == (!(a < b) && !(a > b)) && (a == b) == (a.CompareTo(b) == 0),
                            "== agrees with < and CompareTo: " + ladder[i] + " / " + ladder[j]);
                    }
                }
                T.Eq(1, Evaluator.Compare(classic, H("Kc Kd 9h 5s 3c"), H("Kh Ks 9c 5d 2c")), "kicker");
                T.Throws<WrongCardCountException>(() => Evaluator.Compare(classic, H("As Ks Qs"), H("2d 3d 4d 5d 7c")),
                    "expected 3 cards, got 5", "3 against 5");

                classic.Wheel = Wheel.Lowest;
                T.Eq(-1, Evaluator.Compare(classic, H("5c 4d 3h 2s Ac"), H("6c 5d 4h 3s 2c")), "lowest wheel");
                T.Eq(Rank.Five, Evaluator.Evaluate(classic, "5c 4d 3h 2s Ac").TopRank, "low wheel tops at 5");

                T.Eq(1, Evaluator.Compare(hk, H("As Kd Qh Js 9c"), H("Ac Kh Qd Jc 9s")), "suit tie-break");
                T.Eq(-1, Evaluator.Compare(hk, H("Kc Kd 9h 5s 3c"), H("Kh Ks 9c 5d 3d")), "pair suits");
                T.Eq(Suit.Hearts, Evaluator.Evaluate(hk, "Kc Kh 9h 5s 3c").TiebreakSuit, "tie-break suit");

                HandRank fh = Evaluator.Evaluate(hk, "Kc Kd Kh 9c 9d");
                T.Eq("full house, K over 9", fh.Describe(), "describe");
                T.Eq("full house, K over 9", fh.ToString(), "ToString");
                string[] en = { "high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
                    "four of a kind", "straight flush", "five of a kind" };
                string[] zh = { "乌龙", "对子", "两对", "三条", "顺子", "同花", "葫芦", "铁支", "同花顺", "五同" };
                for (int c = 0; c < 10; c++)
                {
                    T.Eq(en[c], ((Category)c).Name(), "English name " + c);
                    T.Eq(zh[c], ((Category)c).Name(Language.Chinese), "Chinese name " + c);
                }
            }
        }

        private static void TestArrangements()
        {
            using (Rules r = Rules.Classic())
            {
                ArrangementEval e = Evaluator.CheckArrangement(r, H("Kd Kc 9h"), H("Ks Kh 9s 5s 3h"), H("As Ad Ah 2c 2d"));
                T.Check(!e.IsFoul && e.FoulBits == 0, "K K 9 equals K K 9 5 3: legal");
                T.Eq(Category.FullHouse, e.Back.Category, "back category");
                T.Eq(3, e.Front.CardCount, "front count");
                e = Evaluator.CheckArrangement(r, H("As Ad Ah"), H("Ks Kh 9s 5s 3h"), H("Qs Qd 7h 4c 3d"));
                T.Check(e.IsFoul && e.FrontOverMiddle && e.MiddleOverBack && e.FoulBits == 3, "double foul");
                e = Evaluator.CheckArrangement(r, H("2d 3c 5h"), H("Ks Kh 9s 9c 3h"), H("Qs Qd 7h 4c 3d"));
                T.Check(e.IsFoul && !e.FrontOverMiddle && e.MiddleOverBack, "middle over back");
                e = Evaluator.CheckArrangement(r, H("2d 3c 4d As Qs 9s 5s 3s Ah Qh 9h 5h 3h"));
                T.Check(!e.IsFoul, "equal middle and back are legal");
                r.StrictOrder = true;
                e = Evaluator.CheckArrangement(r, H("2d 3c 4d As Qs 9s 5s 3s Ah Qh 9h 5h 3h"));
                T.Check(e.IsFoul && e.MiddleOverBack && !e.FrontOverMiddle, "strict order");
                r.StrictOrder = false;
                r.SuitTiebreak = true;
                e = Evaluator.CheckArrangement(r, H("2d 3c 4d As Qs 9s 5s 3s Ah Qh 9h 5h 3h"));
                T.Check(!e.IsFoul && e.Middle > e.Back, "suits never decide a foul");

                T.Throws<WrongCardCountException>(() => Evaluator.CheckArrangement(r, H("As Kd"), H("Qh Jh Th 9h 8h"),
                    H("2c 3c 4c 5c 6c")), "expected 3 cards, got 2", "short front");
                T.Throws<DuplicateCardException>(() => Evaluator.CheckArrangement(r, H("As Kd Qh"), H("As Jh Th 9h 8h"),
                    H("2c 3c 4c 5c 6c")), "duplicate card As at position 3", "duplicate across lanes");
                T.Throws<WrongCardCountException>(() => Evaluator.CheckArrangement(r, H("As Kd Qh Js Jh Th 9h 8h 2c 3c 4c 5c")),
                    "expected 13 cards, got 12", "12 cards");
                T.Throws<ArgumentNullException>(() => Evaluator.CheckArrangement(r, null, H("Qh Jh Th 9h 8h"),
                    H("2c 3c 4c 5c 6c")), null, "null lane");
            }
        }

        private static void TestThreads()
        {
            T.Throws<UnknownRankException>(() => C("Zz"), "\"Zz\"", "error on the main thread");
            using (Rules shared = Rules.Classic())
            {
                int errors = 0;
                ulong[] fresh = new ulong[2];
                string[] messages = new string[2];
                Thread[] threads = new Thread[2];
                for (int k = 0; k < 2; k++)
                {
                    int id = k;
                    threads[k] = new Thread(() =>
                    {
                        fresh[id] = Native.sss_last_error_length().ToUInt64();
                        for (int i = 0; i < 500; i++)
                        {
                            if (Evaluator.Evaluate(shared, new byte[] { 51, 47, 43, 39, 35 }).Category != Category.StraightFlush)
                            {
                                Interlocked.Increment(ref errors);
                            }
                        }
                        try { C(id == 0 ? "Yd" : "Wc"); }
                        catch (UnknownRankException e) { messages[id] = e.Message; }
                    });
                    threads[k].Start();
                }
                foreach (Thread t in threads) t.Join();
                T.Eq(0UL, fresh[0], "a new thread has no last error");
                T.Eq(0UL, fresh[1], "a new thread has no last error (2)");
                T.Eq(0, errors, "concurrent evaluation");
                T.Check(messages[0] != null && messages[0].Contains("\"Yd\""), "thread 0 message");
                T.Check(messages[1] != null && messages[1].Contains("\"Wc\""), "thread 1 message");
                T.Check(Native.LastErrorMessage().Contains("\"Zz\""), "main thread's message kept");
            }
        }

        // ---------------------------------------------------------------------------------------
        // Shared vectors

        private static List<object> L(object o) { return (List<object>)o; }

        private static Dictionary<string, object> O(object o) { return (Dictionary<string, object>)o; }

        private static byte[] Codes(object arr)
        {
            List<object> l = L(arr);
            byte[] b = new byte[l.Count];
            for (int i = 0; i < l.Count; i++) b[i] = (byte)(double)l[i];
            return b;
        }

        private static Rules VectorRules(Dictionary<string, object> v, bool withStrict)
        {
            Rules r = Rules.Classic();
            string wheel = (string)v["wheel"];
            T.Check(wheel == "lowest" || wheel == "second_highest", "wheel name " + wheel);
            r.Wheel = wheel == "lowest" ? Wheel.Lowest : Wheel.SecondHighest;
            r.SuitTiebreak = (bool)v["suit_tiebreak"];
            if (withStrict) r.StrictOrder = (bool)v["strict_order"];
            return r;
        }

        private static void TestVectors()
        {
            var doc = O(Json.Parse(System.IO.File.ReadAllText(vectorsPath, Encoding.UTF8)));
            T.Eq(1.0, (double)doc["version"], "vector version");
            int nCards = 0, nHands = 0, nArr = 0, nErr = 0;

            foreach (object o in L(doc["cards"]))
            {
                var c = O(o);
                string text = (string)c["text"];
                int code = (int)(double)c["code"];
                Card card = C(text);
                T.Eq(code, (int)card.Code, "card " + text);
                T.Eq((string)c["display"], card.ToString(), "display of " + text);
                T.Eq((string)c["display"], Card.Format(new[] { Card.FromCode(code) }), "native display of " + code);
                nCards++;
            }

            foreach (object o in L(doc["hands"]))
            {
                var h = O(o);
                string text = (string)h["text"];
                byte[] want = Codes(h["codes"]);
                Card[] parsed = H(text);
                T.Eq(Convert.ToBase64String(want), Convert.ToBase64String(Card.Codes(parsed, "p")), "codes of " + text);
                using (Rules r = VectorRules(h, false))
                {
                    HandRank rank = Evaluator.Evaluate(r, want);
                    T.Eq((uint)(double)h["value"], rank.Value, "value of " + text + " (" + h["wheel"] + ", tb " + h["suit_tiebreak"] + ")");
                    T.Eq((Category)(int)(double)h["category"], rank.Category, "category of " + text);
                    T.Eq(want.Length, rank.CardCount, "count of " + text);
                }
                nHands++;
            }

            foreach (object o in L(doc["arrangements"]))
            {
                var a = O(o);
                Card[] f = Card.FromCodes(Codes(a["front"]));
                Card[] m = Card.FromCodes(Codes(a["middle"]));
                Card[] b = Card.FromCodes(Codes(a["back"]));
                using (Rules r = VectorRules(a, true))
                {
                    ArrangementEval e = Evaluator.CheckArrangement(r, f, m, b);
                    T.Eq((bool)a["front_over_middle"], e.FrontOverMiddle, "front over middle #" + nArr);
                    T.Eq((bool)a["middle_over_back"], e.MiddleOverBack, "middle over back #" + nArr);
                    var all = new List<Card>(f);
                    all.AddRange(m);
                    all.AddRange(b);
                    T.Eq(e.FoulBits, Evaluator.CheckArrangement(r, all).FoulBits, "13-card form #" + nArr);
                }
                nArr++;
            }

            var types = new Dictionary<string, Type>
            {
                { "unknown_rank", typeof(UnknownRankException) },
                { "unknown_suit", typeof(UnknownSuitException) },
                { "bad_card_code", typeof(BadCardCodeException) },
                { "duplicate_card", typeof(DuplicateCardException) },
                { "wrong_card_count", typeof(WrongCardCountException) },
            };
            using (Rules classic = Rules.Classic())
            {
                foreach (object o in L(doc["errors"]))
                {
                    var e = O(o);
                    string kind = (string)e["kind"];
                    T.Check(types.ContainsKey(kind), "known kind " + kind);
                    Exception caught = null;
                    try
                    {
                        if (e.ContainsKey("text"))
                        {
                            Evaluator.Evaluate(classic, (string)e["text"]); // parse, then evaluate
                        }
                        else
                        {
                            Evaluator.Evaluate(classic, Codes(e["codes"]));
                        }
                    }
                    catch (Exception ex)
                    {
                        caught = ex;
                    }
                    string label = e.ContainsKey("text") ? "\"" + e["text"] + "\"" : "codes #" + nErr;
                    T.Check(caught != null && types.ContainsKey(kind) && caught.GetType() == types[kind],
                        label + ": expected " + kind + ", got " + (caught == null ? "nothing" : caught.GetType().Name));
                    if (caught != null && e.ContainsKey("position"))
                    {
                        string needle = "position " + (int)(double)e["position"];
                        T.Check(caught.Message.Contains(needle), label + ": \"" + caught.Message + "\" lacks " + needle);
                    }
                    nErr++;
                }
            }
            T.Check(nCards >= 52 && nHands > 0 && nArr > 0 && nErr > 0, "vectors are not empty");
            Console.WriteLine("vectors: " + nCards + " cards, " + nHands + " hands, " + nArr + " arrangements, " + nErr + " errors");
        }
    }

    // -------------------------------------------------------------------------------------------
    // Special hands: detection, names, water, errors and the shared special vectors.

    internal static class SpecialTests
    {
        // RULES.md §6 in table order: the SssSpecial numbers, spelled out independently of the library.
        private static readonly string[] Ids =
            { "SD", "DR", "TR", "TSF", "TQ", "AB", "AS", "OC", "TTQ", "FT", "FPT", "SP", "TF", "TS", "BR", "RB" };

        private static Card[] H(string text) { return Card.ParseHand(text); }

        private static string IdsOf(IList<Special> list)
        {
            var parts = new List<string>();
            foreach (Special s in list) parts.Add(Ids[(int)s]);
            return string.Join(" ", parts.ToArray());
        }

        private static Special FromId(string id)
        {
            int i = Array.IndexOf(Ids, id);
            T.Check(i >= 0, "known special id " + id);
            return (Special)Math.Max(i, 0);
        }

        private static bool LaneStraight(IList<Card> lane)
        {
            var seen = new bool[13];
            foreach (Card c in lane)
            {
                if (seen[(int)c.Rank]) return false;
                seen[(int)c.Rank] = true;
            }
            // A-2-3 and A-2-3-4-5 count; K-A-2 does not (RULES.md §6).
            if (seen[12] && seen[0] && seen[1] && (lane.Count == 3 || (seen[2] && seen[3]))) return true;
            int lo = Array.IndexOf(seen, true), run = 0;
            for (int r = lo; r < 13 && seen[r]; r++) run++;
            return run == lane.Count;
        }

        private static bool LaneFlush(IList<Card> lane)
        {
            foreach (Card c in lane) if (c.Suit != lane[0].Suit) return false;
            return true;
        }

        /// <summary>An arrangement comes back exactly for TSF/TF/TS, holds the hand's 13 cards,
        /// lists each lane highest first, has the special's shape in each lane and is legal.</summary>
        private static void CheckArrangement(Rules rules, Card[] hand, SpecialDetection d, string what)
        {
            bool split = d.Best.HasValue && d.Best.Value.IsLaneSplit();
            T.Eq(split, d.Arrangement != null, what + ": arrangement present");
            if (d.Arrangement == null) return;
            var used = new HashSet<Card>(d.Arrangement.Cards());
            T.Check(used.Count == 13 && used.SetEquals(hand), what + ": the arrangement is the hand's cards");
            foreach (IList<Card> lane in new[] { d.Arrangement.Front, d.Arrangement.Middle, d.Arrangement.Back })
            {
                bool straight = LaneStraight(lane), flush = LaneFlush(lane);
                bool shape = d.Best.Value == Special.ThreeFlushes ? flush
                    : d.Best.Value == Special.ThreeStraights ? straight : straight && flush;
                T.Check(shape, what + ": lane " + Card.Format(lane) + " has the special's shape");
                for (int i = 1; i < lane.Count; i++)
                {
                    T.Check(lane[i - 1].Rank >= lane[i].Rank, what + ": lane " + Card.Format(lane) + " highest first");
                }
            }
            T.Check(!d.Arrangement.Evaluate(rules).IsFoul, what + ": " + d.Arrangement + " is legal");
            T.Check(!Evaluator.CheckArrangement(rules, d.Arrangement.Cards()).IsFoul, what + ": 13-card check");
        }

        /// <summary>A preset, or "extras": regional with the two regional extras put first through JSON.</summary>
        private static Rules RulesNamed(string name)
        {
            if (name != "extras") return Rules.Preset(name);
            using (Rules regional = Rules.Preset("regional"))
            {
                string json = regional.ToJson();
                T.Check(json.Contains("\"specials\": ["), "regional JSON lists specials");
                return Rules.FromJson(json.Replace("\"specials\": [",
                    "\"specials\": [{\"special\": \"BR\", \"water\": 7}, {\"special\": \"RB\", \"water\": 9},"));
            }
        }

        internal static void TestSpecials()
        {
            // Hand-written: the answer worked out from RULES.md §6 and §9 for each hand.
            string[][] cases =
            {
                // Supreme dragon: SD first; hk lists no SD, so there it is a dragon.
                new[] { "classic", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", "SD DR TSF OC TF TS", null },
                new[] { "hk", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", "DR TF TS", null },
                new[] { "classic", "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad", "DR TS", null },
                new[] { "classic", "2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad", "", null },
                // Twelve royals: 13 royals (three quads, six pairs by split quads); 12 only under hk.
                new[] { "classic", "Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As", "TR TQ AB SP", null },
                new[] { "hk", "Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As", "TR SP", null },
                new[] { "hk", "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah Ad 2c", "TR", null },
                new[] { "classic", "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah Ad 2c", "FT", null },
                new[] { "hk", "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah 3d 2c", "", null },
                // Three straight flushes with its arrangement; the wheel is the back only under classic.
                new[] { "classic", "Ah 2h 3h 5c 6c 7c 8c 9c 9d Td Jd Qd Kd", "TSF TF TS", "Ah 3h 2h / 9c 8c 7c 6c 5c / Kd Qd Jd Td 9d" },
                new[] { "classic", "Jh Qh Kh Ac 2c 3c 4c 5c 5d 6d 7d 8d 9d", "TSF TF TS", "Kh Qh Jh / 9d 8d 7d 6d 5d / Ac 5c 4c 3c 2c" },
                new[] { "hk", "Jh Qh Kh Ac 2c 3c 4c 5c 5d 6d 7d 8d 9d", "TF TS", "Kh Qh Jh / Ac 5c 4c 3c 2c / 9d 8d 7d 6d 5d" },
                new[] { "classic", "Ah 2h 3d 5c 6c 7c 8c 9c 9d Td Jd Qd Kd", "TS", "Ah 3d 2h / 9c 8c 7c 6c 5c / Kd Qd Jd Td 9d" },
                // Three quads; without a TQ (hk) six pairs.
                new[] { "classic", "2s 2h 2d 2c 5s 5h 5d 5c 9s 9h 9d 9c Kd", "TQ SP", null },
                new[] { "hk", "2s 2h 2d 2c 5s 5h 5d 5c 9s 9h 9d 9c Kd", "SP", null },
                // All big, all small, near misses.
                new[] { "classic", "8s 9h Td Jc Qs Kh Ad 8d 9c Tc Js Qd 8c", "AB", null },
                new[] { "classic", "2s 2h 2d 3c 4s 5h 6d 7c 8s 3h 4d 5c 6s", "AS", null },
                new[] { "classic", "2s 2h 2d 3c 4s 5h 6d 7c 9s 3h 4d 5c 6s", "", null },
                // One colour.
                new[] { "classic", "2s 3s 5s 7s 9s Js Ks 2c 4c 6c 8c Tc Qc", "OC", null },
                new[] { "classic", "2h 3h 5h 7h 9h Jh Kh 2d 4d 6d 8d Td Qd", "OC", null },
                new[] { "classic", "2s 3s 5s 7s 9s Js Ks 2c 4c 6c 8c Tc Qh", "", null },
                // Three trips and a quad (regional); classic splits the quad into four trips.
                new[] { "regional", "2s 2h 2d 2c 5s 5h 5d 9s 9h 9d Ks Kh Kd", "TTQ FT", null },
                new[] { "classic", "2s 2h 2d 2c 5s 5h 5d 9s 9h 9d Ks Kh Kd", "FT", null },
                // Four trips (none in hk), five pairs + trips, six pairs (quads as two pairs).
                new[] { "classic", "2s 2h 2d 5s 5h 5d 9s 9h 9d Ks Kh Kd 3c", "FT", null },
                new[] { "hk", "2s 2h 2d 5s 5h 5d 9s 9h 9d Ks Kh Kd 3c", "", null },
                new[] { "classic", "2s 2h 2d 5s 5h 7d 7c 9s 9h Jd Jc Ks Kh", "FPT", null },
                new[] { "classic", "2s 2h 2d 2c 5s 5h 5d 7d 7c 9s 9h Ks Kh", "FPT", null },
                new[] { "classic", "2s 2h 4d 4c 6s 6h 8d 8c Ts Th Qd Qc As", "SP", null },
                new[] { "classic", "2s 2h 2d 2c 4d 4c 6s 6h 8d 8c Ts Th As", "SP", null },
                new[] { "classic", "2s 2h 4d 4c 6s 6h 8d 8c Ts Th Qd Kc As", "", null },
                // Trips never split: five pairs + trips is not six pairs.
                new[] { "classic", "2s 2h 2d 4d 4c 6s 6h 8d 8c Ts Th Qd Qc", "FPT", null },
                // Three flushes; three straights (the worked case: 3-4-5 / 7-J / 9-K).
                new[] { "classic", "2h 5h 9h 3c 6c 8c Tc Qc 4d 7d Jd Kd 2d", "TF", "9h 5h 2h / Qc Tc 8c 6c 3c / Kd Jd 7d 4d 2d" },
                new[] { "classic", "3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc", "TS", "5c 4d 3s / Jc Td 9d 8h 7h / Kc Qd Jh Ts 9s" },
                new[] { "classic", "3s 4d 6c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc", "", null },
                // Several specials, in each preset's order.
                new[] { "classic", "2s 3s 4s 5s 6s 7s 8s 2c 3c 4c 5c 6c 7c", "AS OC SP", null },
                new[] { "regional", "2s 3s 4s 5s 6s 7s 8s 2c 3c 4c 5c 6c 7c", "OC AS SP", null },
                new[] { "hk", "2s 3s 4s 5s 6s 7s 8s 2c 3c 4c 5c 6c 7c", "SP", null },
                // The regional extras, enabled (first) through JSON.
                new[] { "extras", "2s 3s 5s 7s 9s Js Ks 2c 4c 6c 8c Tc Qh", "BR", null },
                new[] { "extras", "2h 3h 5h 7h 9h Jh Kh 2d 4d 6d 8d Td Qs", "RB", null },
                new[] { "extras", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ah", "BR DR TS", null },
                new[] { "classic", "As Kd Qh Js 9c 8d 7h 5s 4c 3d 2h Tc Td", "", null },
            };
            foreach (string[] c in cases)
            {
                string what = c[1] + " under " + c[0];
                using (Rules rules = RulesNamed(c[0]))
                {
                    Card[] hand = H(c[1]);
                    SpecialDetection d = Specials.Detect(rules, hand);
                    T.Eq(c[2], IdsOf(d.All), what + ": specials");
                    if (c[2] == "") T.Check(d.Best == null && d.All.Count == 0, what + ": nothing");
                    else T.Check(d.Best == d.All[0], what + ": best is the first");
                    T.Eq(c[3], d.Arrangement == null ? null : d.Arrangement.ToString(), what + ": arrangement");
                    CheckArrangement(rules, hand, d, what);
                    // The text and code overloads agree.
                    T.Eq(d.ToString(), Specials.Detect(rules, c[1]).ToString(), what + ": text overload");
                    T.Eq(d.ToString(), Specials.Detect(rules, Card.Codes(hand, "h")).ToString(), what + ": codes overload");
                }
            }

            // Two flushes of the same ranks: legal as middle and back, a foul under strict order.
            using (Rules r = Rules.Classic())
            {
                const string tf = "2c 3c 5c As Qs 9s 5s 3s Ah Qh 9h 5h 3h";
                T.Eq("TF", IdsOf(Specials.Detect(r, tf).All), "equal flushes");
                r.StrictOrder = true;
                SpecialDetection d = Specials.Detect(r, tf);
                T.Check(d.Best == null && d.Arrangement == null && d.ToString() == "none", "equal flushes under strict order");
            }

            // Names, ids and parsing of every special (independent tables).
            string[] en = { "supreme dragon", "dragon", "twelve royals", "three straight flushes", "three quads", "all big",
                "all small", "one color", "three trips and a quad", "four trips", "five pairs and trips", "six pairs",
                "three flushes", "three straights", "twelve black one red", "twelve red one black" };
            string[] zh = { "至尊清龙", "一条龙", "十二皇族", "三同花顺", "三套炸弹", "全大", "全小", "凑一色", "三套冲三加炸弹",
                "四套冲三", "五对冲三", "六对半", "三同花", "三顺子", "全黑一点红", "全红一点黑" };
            T.Eq(16, SpecialNames.Count, "special count");
            T.Eq(16, Enum.GetValues(typeof(Special)).Length, "enum members");
            for (int i = 0; i < 16; i++)
            {
                Special s = (Special)i;
                T.Eq(Ids[i], s.Id(), "id " + i);
                T.Eq(en[i], s.Name(), "English " + i);
                T.Eq(zh[i], s.Name(Language.Chinese), "Chinese " + i);
                T.Eq(s, SpecialNames.Parse(Ids[i].ToLowerInvariant()), "parse id " + Ids[i]);
                T.Eq(s, SpecialNames.Parse(en[i].ToUpperInvariant().Replace(' ', '_')), "parse English " + en[i]);
                T.Eq(s, SpecialNames.Parse(zh[i]), "parse Chinese " + zh[i]);
                T.Eq(i >= 3 && (i == 3 || i == 12 || i == 13), s.IsLaneSplit(), "lane split " + Ids[i]);
            }
            Special parsed;
            T.Check(SpecialNames.TryParse("三顺子", out parsed) && parsed == Special.ThreeStraights, "TryParse good");
            T.Check(!SpecialNames.TryParse("三顺", out parsed), "TryParse bad");
            T.Check(!SpecialNames.TryParse(null, out parsed), "TryParse null");

            // Water and order (RULES.md §9).
            using (Rules kx = Rules.Preset("kx"))
            using (Rules hk = Rules.Preset("hk"))
            using (Rules classic = Rules.Classic())
            {
                T.Eq((int?)32, Specials.Water(kx, Special.SupremeDragon), "kx SD water");
                T.Eq((int?)4, Specials.Water(kx, Special.ThreeStraights), "kx TS water");
                T.Eq((int?)3, Specials.Water(kx, Special.ThreeFlushes), "kx TF water");
                T.Eq((int?)null, Specials.Water(hk, Special.SupremeDragon), "hk has no SD");
                T.Eq((int?)13, Specials.Water(hk, Special.Dragon), "hk DR water");
                T.Eq("DR TR TF TS SP FPT", IdsOf(Specials.Enabled(hk)), "hk order");
                T.Eq("SD DR TR TSF TQ AB AS OC FT FPT SP TS TF", IdsOf(Specials.Enabled(kx)), "kx order");
                int[] water = { 108, 36, 24, 22, 20, 15, 12, 10, 6, 5, 4, 3, 3 };
                Special[] order = Specials.Enabled(classic);
                T.Eq(13, order.Length, "classic enables 13");
                for (int i = 0; i < order.Length && i < water.Length; i++)
                {
                    T.Eq((int?)water[i], Specials.Water(classic, order[i]), "classic water of " + Ids[(int)order[i]]);
                }
            }
        }

        internal static void TestSpecialErrors()
        {
            using (Rules r = Rules.Classic())
            {
                Card[] hand = H("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad");
                var twelve = new Card[12];
                Array.Copy(hand, twelve, 12);
                T.Throws<WrongCardCountException>(() => Specials.Detect(r, twelve), "expected 13 cards, got 12", "12 cards");
                T.Throws<WrongCardCountException>(() => Specials.Detect(r, "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad 2d"),
                    "expected 13 cards, got 14", "14 cards");
                T.Throws<WrongCardCountException>(() => Specials.Detect(r, new byte[0]), "got 0", "no cards");
                byte[] codes = Card.Codes(hand, "hand");
                codes[7] = codes[2];
                T.Throws<DuplicateCardException>(() => Specials.Detect(r, codes), "duplicate card 4s at position 7", "dup codes");
                var dupCards = (Card[])hand.Clone();
                dupCards[12] = dupCards[0];
                T.Throws<DuplicateCardException>(() => Specials.Detect(r, dupCards), "position 12", "dup cards");
                T.Throws<DuplicateCardException>(() => Specials.Detect(r, "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd 2s"),
                    "duplicate card 2s at position 12", "dup text");
                codes[7] = 52;
                T.Throws<BadCardCodeException>(() => Specials.Detect(r, codes), "card code 52", "bad code");
                T.Throws<UnknownRankException>(() => Specials.Detect(r, "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd 1d"),
                    "\"1d\" at position 12", "bad text");
                T.Throws<ArgumentNullException>(() => Specials.Detect(null, hand), null, "null rules");
                T.Throws<ArgumentNullException>(() => Specials.Detect(r, (byte[])null), null, "null codes");
                T.Throws<ArgumentNullException>(() => Specials.Detect(r, (IList<Card>)null), null, "null cards");
                // Unknown specials: names and numbers.
                T.Throws<UnknownSpecialException>(() => SpecialNames.Parse("XYZ"), "unknown special hand \"XYZ\"", "XYZ");
                T.Throws<UnknownSpecialException>(() => SpecialNames.Parse(""), null, "empty name");
                T.Throws<ArgumentNullException>(() => SpecialNames.Parse(null), null, "null name");
                T.Throws<InvalidArgumentException>(() => ((Special)16).Name(), "special 16 is not an SssSpecial", "name 16");
                T.Throws<InvalidArgumentException>(() => ((Special)255).Id(), "special 255", "id 255");
                T.Throws<InvalidArgumentException>(() => Special.Dragon.Name((Language)2), "language 2", "language 2");
                T.Throws<InvalidArgumentException>(() => Specials.Water(r, (Special)16), "special 16", "water 16");
                // Malformed rule sets name the JSON path of the bad special.
                string json = r.ToJson();
                T.Throws<InvalidRulesException>(() => Rules.FromJson(ReplaceFirst(json, "\"TSF\"", "\"XYZ\"")),
                    "specials[3].special", "unknown special in JSON");
                var twice = T.Throws<InvalidRulesException>(() => Rules.FromJson(ReplaceFirst(json, "\"TSF\"", "\"DR\"")),
                    "specials[3].special", "special listed twice");
                if (twice != null) T.Check(twice.Message.Contains("listed twice"), "listed twice: " + twice.Message);
                T.Throws<InvalidRulesException>(() => Rules.FromJson(ReplaceFirst(json, "\"twelve_royals_min\": 13",
                    "\"twelve_royals_min\": 14")), "twelve_royals_min", "twelve royals 14");
            }
            Rules disposed = Rules.Classic();
            disposed.Dispose();
            T.Throws<ObjectDisposedException>(() => Specials.Detect(disposed, "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad"),
                null, "disposed rules");
        }

        private static string ReplaceFirst(string s, string from, string to)
        {
            int at = s.IndexOf(from, StringComparison.Ordinal);
            T.Check(at >= 0, "\"" + from + "\" is in the JSON");
            return at < 0 ? s : s.Substring(0, at) + to + s.Substring(at + from.Length);
        }

        private static List<object> L(object o) { return (List<object>)o; }

        private static Dictionary<string, object> O(object o) { return (Dictionary<string, object>)o; }

        private static byte[] Codes(object arr)
        {
            List<object> l = L(arr);
            byte[] b = new byte[l.Count];
            for (int i = 0; i < l.Count; i++) b[i] = (byte)(double)l[i];
            return b;
        }

        private static string CodesText(object arr) { return Card.Format(Card.FromCodes(Codes(arr))); }

        /// <summary>tests/vectors/special.json (made by ffi/tests/special_vectors.rs), beside eval.json.</summary>
        internal static void TestSpecialVectors(string evalPath)
        {
            string dir = System.IO.Path.GetDirectoryName(evalPath);
            string path = System.IO.Path.Combine(dir == null || dir == "" ? "." : dir, "special.json");
            var doc = O(Json.Parse(System.IO.File.ReadAllText(path, Encoding.UTF8)));
            T.Eq(1.0, (double)doc["version"], "special vector version");
            int nHands = 0, nNames = 0, nErr = 0;

            foreach (object o in L(doc["specials"]))
            {
                var s = O(o);
                var special = (Special)(int)(double)s["number"];
                T.Eq((string)s["id"], Ids[(int)special], "id table " + special);
                T.Eq((string)s["id"], special.Id(), "id of " + special);
                T.Eq((string)s["name"], special.Name(), "name of " + special);
                T.Eq((string)s["chinese"], special.Name(Language.Chinese), "Chinese name of " + special);
            }

            var rules = new Dictionary<string, Rules>();
            try
            {
                foreach (object o in L(doc["rule_sets"]))
                {
                    var rs = O(o);
                    rules[(string)rs["name"]] = Rules.FromJson((string)rs["json"]);
                }
                foreach (object o in L(doc["hands"]))
                {
                    var h = O(o);
                    string text = (string)h["text"], rname = (string)h["rules"];
                    string what = text + " under " + rname;
                    Card[] hand = H(text);
                    T.Eq(Convert.ToBase64String(Codes(h["codes"])), Convert.ToBase64String(Card.Codes(hand, "h")), what + ": codes");
                    Rules r = rules[rname];
                    SpecialDetection d = Specials.Detect(r, Codes(h["codes"]));
                    var want = new List<string>();
                    foreach (object id in L(h["all"])) want.Add((string)id);
                    T.Eq(string.Join(" ", want.ToArray()), IdsOf(d.All), what + ": specials");
                    if (h["best"] == null)
                    {
                        T.Check(d.Best == null, what + ": no best");
                    }
                    else
                    {
                        T.Eq((Special?)FromId((string)h["best"]), d.Best, what + ": best");
                        T.Eq((int?)(int)(double)h["water"], Specials.Water(r, d.Best.Value), what + ": water");
                    }
                    if (h["arrangement"] == null)
                    {
                        T.Check(d.Arrangement == null, what + ": no arrangement");
                    }
                    else
                    {
                        var a = O(h["arrangement"]);
                        string lanes = CodesText(a["front"]) + " / " + CodesText(a["middle"]) + " / " + CodesText(a["back"]);
                        T.Eq(lanes, d.Arrangement == null ? null : d.Arrangement.ToString(), what + ": arrangement");
                    }
                    CheckArrangement(r, hand, d, what);
                    nHands++;
                }
                var kinds = new Dictionary<string, Type>
                {
                    { "bad_card_code", typeof(BadCardCodeException) },
                    { "duplicate_card", typeof(DuplicateCardException) },
                    { "wrong_card_count", typeof(WrongCardCountException) },
                    { "invalid_rules", typeof(InvalidRulesException) },
                    { "unknown_special", typeof(UnknownSpecialException) },
                };
                foreach (object o in L(doc["names"]))
                {
                    var n = O(o);
                    string text = (string)n["text"];
                    if (n.ContainsKey("special"))
                    {
                        T.Eq(FromId((string)n["special"]), SpecialNames.Parse(text), "parse \"" + text + "\"");
                    }
                    else
                    {
                        Exception caught = null;
                        try { SpecialNames.Parse(text); } catch (Exception e) { caught = e; }
                        T.Check(caught != null && caught.GetType() == kinds[(string)n["kind"]],
                            "parse \"" + text + "\": expected " + n["kind"] + ", got " + (caught == null ? "nothing" : caught.GetType().Name));
                    }
                    nNames++;
                }
                foreach (object o in L(doc["errors"]))
                {
                    var e = O(o);
                    string kind = (string)e["kind"];
                    Exception caught = null;
                    try
                    {
                        if (e.ContainsKey("rules_json")) Rules.FromJson((string)e["rules_json"]).Dispose();
                        else Specials.Detect(rules[(string)e["rules"]], Codes(e["codes"]));
                    }
                    catch (Exception ex)
                    {
                        caught = ex;
                    }
                    string label = "special error #" + nErr + " (" + kind + ")";
                    T.Check(caught != null && kinds.ContainsKey(kind) && caught.GetType() == kinds[kind],
                        label + ": got " + (caught == null ? "nothing" : caught.GetType().Name + ": " + caught.Message));
                    string needle = e.ContainsKey("position") ? "position " + (int)(double)e["position"]
                        : e.ContainsKey("path") ? (string)e["path"] : null;
                    if (caught != null && needle != null)
                    {
                        T.Check(caught.Message.Contains(needle), label + ": \"" + caught.Message + "\" lacks " + needle);
                    }
                    nErr++;
                }
            }
            finally
            {
                foreach (Rules r in rules.Values) r.Dispose();
            }
            T.Check(nHands >= 100 && nNames > 0 && nErr > 0, "special vectors are not empty");
            Console.WriteLine("special vectors: " + nHands + " hands, " + nNames + " names, " + nErr + " errors");
        }
    }
}
