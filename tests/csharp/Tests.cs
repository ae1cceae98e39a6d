// Tests of the C# wrapper (ffi/csharp) against the native library, with a tiny self-contained
// runner (no NUnit). Compiled together with the wrapper so internal members are reachable.
// Usage: mono tests.exe <path to tests/vectors/eval.json>
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
            string[] names = { "classic", "regional", "kx", "hk", "ranked", "HK" };
            foreach (string n in names)
            {
                using (Rules r = Rules.Preset(n))
                {
                    r.Validate();
                    bool hk = n.ToLowerInvariant() == "hk";
                    T.Eq(hk ? Wheel.Lowest : Wheel.SecondHighest, r.Wheel, n + " wheel");
                    T.Eq(hk, r.SuitTiebreak, n + " suit tie-break");
                    T.Eq(false, r.StrictOrder, n + " strict order");
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
}
