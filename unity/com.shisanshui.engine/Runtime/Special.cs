// Special hands (特殊牌型, 报到; RULES.md §6): detect them on 13 cards under a rule set, name
// them, read their water and order, parse them from an id or a name.
using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Runtime.InteropServices;
using System.Text;

namespace Shisanshui
{
    /// <summary>A special hand; the value is the SssSpecial number of the C ABI (stable).</summary>
    public enum Special : byte
    {
        /// <summary>SD 至尊清龙: A to K, all one suit.</summary>
        SupremeDragon = 0,
        /// <summary>DR 一条龙: A to K, one of each rank.</summary>
        Dragon = 1,
        /// <summary>TR 十二皇族: every card J, Q, K or A (all but one with twelve_royals_min 12).</summary>
        TwelveRoyals = 2,
        /// <summary>TSF 三同花顺: a 3-card and two 5-card straight flushes.</summary>
        ThreeStraightFlushes = 3,
        /// <summary>TQ 三套炸弹: three four-of-a-kinds + 1.</summary>
        ThreeQuads = 4,
        /// <summary>AB 全大: every rank 8 to A.</summary>
        AllBig = 5,
        /// <summary>AS 全小: every rank 2 to 8.</summary>
        AllSmall = 6,
        /// <summary>OC 凑一色: all red or all black.</summary>
        OneColor = 7,
        /// <summary>TTQ 三套冲三加炸弹: 3 + 3 + 3 + 4 of a kind.</summary>
        ThreeTripsQuad = 8,
        /// <summary>FT 四套冲三: four three-of-a-kinds + 1.</summary>
        FourTrips = 9,
        /// <summary>FPT 五对冲三: five pairs + one three-of-a-kind.</summary>
        FivePairsTrips = 10,
        /// <summary>SP 六对半: six pairs + 1.</summary>
        SixPairs = 11,
        /// <summary>TF 三同花: 3 + 5 + 5 cards, each one suit.</summary>
        ThreeFlushes = 12,
        /// <summary>TS 三顺子: a 3-card and two 5-card straights.</summary>
        ThreeStraights = 13,
        /// <summary>BR 全黑一点红 (regional extra): 12 black cards + 1 red.</summary>
        TwelveBlackOneRed = 14,
        /// <summary>RB 全红一点黑 (regional extra): 12 red cards + 1 black.</summary>
        TwelveRedOneBlack = 15,
    }

    /// <summary>Names of specials (from the library, so they match every other surface) and parsing.</summary>
    public static class SpecialNames
    {
        /// <summary>Number of specials the library knows (SSS_SPECIAL_COUNT).</summary>
        public const int Count = 16;

        /// <summary>"three straights" / "三顺子".</summary>
        public static string Name(this Special special, Language language = Language.English)
        {
            return Native.CopyString((byte[] b, UIntPtr c, out UIntPtr l) =>
                Native.sss_special_name((uint)special, (uint)language, b, c, out l));
        }

        /// <summary>The short id of RULES.md §6 and of the rule-set JSON: "SD", "TSF", …, "BR", "RB".</summary>
        public static string Id(this Special special)
        {
            return Native.CopyString((byte[] b, UIntPtr c, out UIntPtr l) => Native.sss_special_id((uint)special, b, c, out l));
        }

        /// <summary>Whether the special is a split into the three lanes (TSF, TF, TS), detected with its arrangement.</summary>
        public static bool IsLaneSplit(this Special special)
        {
            return special == Special.ThreeStraightFlushes || special == Special.ThreeFlushes || special == Special.ThreeStraights;
        }

        /// <summary>
        /// A special from its id ("TSF"), English name ("three straight flushes" or "three_straight_flushes",
        /// any case) or Chinese name ("三同花顺"); UnknownSpecialException otherwise.
        /// </summary>
        public static Special Parse(string text)
        {
            byte[] bytes = Native.Utf8(text, "text");
            byte s;
            Native.Check(Native.sss_special_parse(bytes, Native.Len(bytes), out s));
            return (Special)s;
        }

        /// <summary>As Parse, without throwing on unknown text (null is false too).</summary>
        public static bool TryParse(string text, out Special special)
        {
            special = Special.SupremeDragon;
            if (text == null)
            {
                return false;
            }
            byte[] bytes = Encoding.UTF8.GetBytes(text);
            byte s;
            if (Native.sss_special_parse(bytes, Native.Len(bytes), out s) != Native.Ok)
            {
                return false;
            }
            special = (Special)s;
            return true;
        }
    }

    /// <summary>Thirteen cards set out as front (3), middle (5) and back (5), each lane highest card first.</summary>
    public sealed class Arrangement
    {
        private readonly Card[] front;
        private readonly Card[] middle;
        private readonly Card[] back;

        internal Arrangement(Card[] front, Card[] middle, Card[] back)
        {
            this.front = front;
            this.middle = middle;
            this.back = back;
        }

        /// <summary>头墩, 3 cards.</summary>
        public IList<Card> Front { get { return Array.AsReadOnly(front); } }

        /// <summary>中墩, 5 cards.</summary>
        public IList<Card> Middle { get { return Array.AsReadOnly(middle); } }

        /// <summary>尾墩, 5 cards.</summary>
        public IList<Card> Back { get { return Array.AsReadOnly(back); } }

        /// <summary>All 13 cards in lane order (what Evaluator.CheckArrangement(rules, thirteen) takes).</summary>
        public Card[] Cards()
        {
            Card[] all = new Card[13];
            front.CopyTo(all, 0);
            middle.CopyTo(all, 3);
            back.CopyTo(all, 8);
            return all;
        }

        /// <summary>Lane ranks and the foul check under a rule set.</summary>
        public ArrangementEval Evaluate(Rules rules)
        {
            return Evaluator.CheckArrangement(rules, front, middle, back);
        }

        /// <summary>Lane ranks and the foul check under a rule set, with the lanes as played (each
        /// joker replaced by the card it stands for, RULES.md §12).</summary>
        public PlayedArrangement EvaluatePlayed(Rules rules)
        {
            return Evaluator.CheckArrangementPlayed(rules, Cards());
        }

        /// <summary>"As Kd Qh / 9s 9d 5c 5h 2s / …".</summary>
        public override string ToString()
        {
            return Card.Format(front) + " / " + Card.Format(middle) + " / " + Card.Format(back);
        }
    }

    /// <summary>What a 13-card hand qualifies for under a rule set.</summary>
    public sealed class SpecialDetection
    {
        private readonly Special? best;
        private readonly ReadOnlyCollection<Special> all;
        private readonly Arrangement arrangement;

        internal SpecialDetection(Special? best, Special[] all, Arrangement arrangement)
        {
            this.best = best;
            this.all = Array.AsReadOnly(all);
            this.arrangement = arrangement;
        }

        /// <summary>The highest enabled special in the rule set's order, or null.</summary>
        public Special? Best { get { return best; } }

        /// <summary>Every enabled special the hand qualifies for, in the rule set's order (highest first).</summary>
        public IList<Special> All { get { return all; } }

        /// <summary>For three straight flushes, three flushes or three straights as Best: the legal
        /// arrangement that realises it (strongest back, then middle, then front). Otherwise null.</summary>
        public Arrangement Arrangement { get { return arrangement; } }

        /// <summary>"TS (TS); 5c 4d 3s / Jc Td 9d 8h 7h / Kc Qd Jh Ts 9s", or "none".</summary>
        public override string ToString()
        {
            if (best == null)
            {
                return "none";
            }
            var ids = new List<string>();
            foreach (Special s in all) ids.Add(s.Id());
            string text = best.Value.Id() + " (" + string.Join(" ", ids.ToArray()) + ")";
            return arrangement == null ? text : text + "; " + arrangement;
        }
    }

    /// <summary>Special-hand detection, water and order under a rule set.</summary>
    public static class Specials
    {
        // Layout of the C struct SssSpecialDetection: 33 bytes, all uint8_t, no padding.
        internal const int DetectionSize = 33;
        private const int HasBestAt = 0;
        private const int BestAt = 1;
        private const int CountAt = 2;
        private const int AllAt = 3;
        private const int HasArrangementAt = AllAt + SpecialNames.Count;
        private const int FrontAt = HasArrangementAt + 1;
        private const int MiddleAt = FrontAt + 3;
        private const int BackAt = MiddleAt + 5;

        private static RulesHandle H(Rules rules)
        {
            if (rules == null)
            {
                throw new ArgumentNullException("rules");
            }
            return rules.Handle;
        }

        /// <summary>Detect the specials of 13 cards (WrongCardCount, DuplicateCard otherwise).</summary>
        public static SpecialDetection Detect(Rules rules, IList<Card> cards)
        {
            return Detect(rules, Card.Codes(cards, "cards"));
        }

        /// <summary>Detect the specials of 13 raw codes (BadCardCode, DuplicateCard, WrongCardCount).</summary>
        public static SpecialDetection Detect(Rules rules, byte[] codes)
        {
            if (codes == null)
            {
                throw new ArgumentNullException("codes");
            }
            byte[] raw = new byte[DetectionSize];
            Native.Check(Native.sss_special_detect(H(rules), codes, Native.Len(codes), raw));
            return Decode(raw);
        }

        /// <summary>Detect the specials of a hand written as text ("3s 4d 5c 7h 8h …"), read for the rule
        /// set's deck (a card of an extra suit may be written twice, RULES.md §11).</summary>
        public static SpecialDetection Detect(Rules rules, string hand)
        {
            return Detect(rules, Card.ParseHand(hand, rules));
        }

        internal static SpecialDetection Decode(byte[] raw)
        {
            int count = raw[CountAt];
            if (count > SpecialNames.Count)
            {
                throw new InvalidArgumentException("native detection lists " + count + " specials");
            }
            Special[] all = new Special[count];
            for (int i = 0; i < count; i++)
            {
                all[i] = (Special)raw[AllAt + i];
            }
            Special? best = raw[HasBestAt] != 0 ? (Special)raw[BestAt] : (Special?)null;
            Arrangement arrangement = null;
            if (raw[HasArrangementAt] != 0)
            {
                arrangement = new Arrangement(Lane(raw, FrontAt, 3), Lane(raw, MiddleAt, 5), Lane(raw, BackAt, 5));
            }
            return new SpecialDetection(best, all, arrangement);
        }

        private static Card[] Lane(byte[] raw, int at, int n)
        {
            Card[] cards = new Card[n];
            for (int i = 0; i < n; i++)
            {
                cards[i] = Card.FromAnyCode(raw[at + i]);
            }
            return cards;
        }

        /// <summary>The water the special wins under the rules, or null when the rules do not enable it.</summary>
        public static int? Water(Rules rules, Special special)
        {
            uint w;
            Native.Check(Native.sss_special_water(H(rules), (uint)special, out w));
            return w == 0 ? (int?)null : checked((int)w);
        }

        /// <summary>The specials the rules enable, highest first (the rule set's order).</summary>
        public static Special[] Enabled(Rules rules)
        {
            byte[] buf = new byte[SpecialNames.Count];
            UIntPtr n;
            Native.Check(Native.sss_rules_get_specials(H(rules), buf, (UIntPtr)buf.Length, out n));
            Special[] list = new Special[checked((int)n.ToUInt64())];
            for (int i = 0; i < list.Length; i++)
            {
                list[i] = (Special)buf[i];
            }
            return list;
        }
    }

    internal static partial class Native
    {
        /// <summary>`out` is an SssSpecialDetection*; a byte[33] is that struct (byte-only, align 1).</summary>
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_special_detect(RulesHandle rules, byte[] codes, UIntPtr count, [Out] byte[] outDetection);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_special_name(uint special, uint language, [Out] byte[] buf, UIntPtr cap,
            out UIntPtr outLen);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_special_id(uint special, [Out] byte[] buf, UIntPtr cap, out UIntPtr outLen);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_special_parse(byte[] text, UIntPtr len, out byte outSpecial);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_special_water(RulesHandle rules, uint special, out uint outWater);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_get_specials(RulesHandle rules, [Out] byte[] outSpecials, UIntPtr cap,
            out UIntPtr outCount);
    }
}
