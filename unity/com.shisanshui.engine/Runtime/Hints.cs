// 理牌 hints for manual arranging: the combinations of one category a hand holds (the 对子 … 同花顺
// buttons: each press shows the next entry) and the best legal completion of lanes fixed by hand.
// What a combination is and the order of the list: the engine's hints module (and sss_combos).
using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Runtime.InteropServices;

namespace Shisanshui
{
    /// <summary>One combination of a category in a hand (Hints.Combos): the category's own cards, highest code first, without kickers.</summary>
    public sealed class Combo : IEquatable<Combo>
    {
        private readonly Category category;
        private readonly ReadOnlyCollection<Card> cards;
        private readonly ReadOnlyCollection<Card> played;

        // n from sss_combos; p the same entry from sss_combos_played, or null when the hand holds
        // no joker (the played cards are then the cards).
        internal Combo(NativeCombo n, NativeCombo? p)
        {
            category = Check(n);
            cards = Read(n);
            if (p == null)
            {
                played = cards;
                return;
            }
            NativeCombo q = p.Value;
            if (Check(q) != category || q.len != n.len)
            {
                throw new InvalidArgumentException("native played combination does not match its combination");
            }
            played = Read(q);
        }

        private static Category Check(NativeCombo n)
        {
            if (n.category > (byte)Category.FiveOfAKind || n.len < 2 || n.len > 5)
            {
                throw new InvalidArgumentException("native combination has category " + n.category + " and " + n.len + " cards");
            }
            return (Category)n.category;
        }

        private static ReadOnlyCollection<Card> Read(NativeCombo n)
        {
            byte[] all = { n.c0, n.c1, n.c2, n.c3, n.c4 };
            Card[] list = new Card[n.len];
            for (int i = 0; i < list.Length; i++)
            {
                list[i] = Card.FromAnyCode(all[i]);
            }
            return Array.AsReadOnly(list);
        }

        /// <summary>The category the cards make.</summary>
        public Category Category { get { return category; } }

        /// <summary>The cards (2 to 5), highest code first.</summary>
        public IList<Card> Cards { get { return cards; } }

        /// <summary>
        /// The cards as played, slot by slot with Cards: each joker (RULES.md §12) replaced by the
        /// card it stands for (a joker with K♦ plays K♠), the other cards as they are. The cards
        /// themselves when they hold no joker.
        /// </summary>
        public IList<Card> Played { get { return played; } }

        /// <summary>Whether the cards hold a joker.</summary>
        public bool HasJokers
        {
            get
            {
                foreach (Card c in cards)
                {
                    if (c.IsJoker) return true;
                }
                return false;
            }
        }

        /// <summary>Whether the combination fits a front lane (3 cards): pairs and trips.</summary>
        public bool FitsFront { get { return category == Category.OnePair || category == Category.ThreeOfAKind; } }

        public bool Equals(Combo other)
        {
            if (other == null || other.category != category || other.cards.Count != cards.Count)
            {
                return false;
            }
            for (int i = 0; i < cards.Count; i++)
            {
                if (!cards[i].Equals(other.cards[i])) return false;
            }
            return true;
        }

        public override bool Equals(object obj) { return Equals(obj as Combo); }

        public override int GetHashCode()
        {
            int h = (int)category;
            foreach (Card c in cards) h = h * 53 + c.Code;
            return h;
        }

        /// <summary>"OnePair: Ks Kh".</summary>
        public override string ToString()
        {
            var parts = new string[cards.Count];
            for (int i = 0; i < parts.Length; i++) parts[i] = cards[i].ToString();
            return category + ": " + string.Join(" ", parts);
        }
    }

    /// <summary>
    /// 理牌 hints: Combos for the 对子 / 两对 / 三条 / 顺子 / 同花 / 葫芦 / 铁支 / 同花顺 buttons, and
    /// Complete (an extension of Arranger) for lanes the player fixed by hand.
    /// </summary>
    public static class Hints
    {
        /// <summary>Most entries Combos can return (the flushes of 13 cards of one suit).</summary>
        public const int MaxCombos = 1287;

        /// <summary>
        /// Every distinct combination of a category (OnePair … StraightFlush) in up to 13 cards,
        /// strongest first. A combination is the category's own cards without kickers (a pair's 2,
        /// two pair's 4, trips' 3, quads' 4, the 5 of a straight, flush, full house or straight
        /// flush); one entry per rank pattern, from each rank's highest suits; flushes and straight
        /// flushes keep every suit-distinct set. Ordered by the evaluator's rank under the rules (the
        /// wheel where the rules put it), then the higher cards; the order of the cards given
        /// changes nothing. HighCard or an undefined category: InvalidArgumentException.
        /// </summary>
        public static IList<Combo> Combos(IList<Card> cards, Category category, Rules rules)
        {
            return Combos(Card.Codes(cards, "cards"), category, rules);
        }

        /// <summary>Combinations in a hand written as text ("Ks Kh Kd 9s …").</summary>
        public static IList<Combo> Combos(string hand, Category category, Rules rules)
        {
            return Combos(Card.ParseHand(hand), category, rules);
        }

        /// <summary>Combinations in raw codes (BadCardCode, DuplicateCard, WrongCardCount over 13).</summary>
        public static IList<Combo> Combos(byte[] codes, Category category, Rules rules)
        {
            if (codes == null) throw new ArgumentNullException("codes");
            if (rules == null) throw new ArgumentNullException("rules");
            NativeCombo[] buf = Fetch(codes, category, rules, false);
            // The played cards differ only where a joker is in the hand: a second call only then.
            NativeCombo[] played = Array.Exists(codes, c => c == Card.SmallJoker.Code || c == Card.BigJoker.Code)
                ? Fetch(codes, category, rules, true)
                : null;
            if (played != null && played.Length != buf.Length)
            {
                throw new InvalidArgumentException("native played list has " + played.Length + " entries, not " + buf.Length);
            }
            var list = new List<Combo>(buf.Length);
            for (int i = 0; i < buf.Length; i++)
            {
                list.Add(new Combo(buf[i], played == null ? (NativeCombo?)null : played[i]));
            }
            return list.AsReadOnly();
        }

        // sss_combos or sss_combos_played, trimmed to the entries written.
        private static NativeCombo[] Fetch(byte[] codes, Category category, Rules rules, bool played)
        {
            // Sized for the longest possible list, so one call always suffices; the retry covers a
            // library whose list could grow.
            NativeCombo[] buf = new NativeCombo[MaxCombos];
            UIntPtr count;
            int st = Call(codes, category, rules, buf, out count, played);
            if (st == Native.BufferTooSmall)
            {
                buf = new NativeCombo[checked((int)count.ToUInt64())];
                st = Call(codes, category, rules, buf, out count, played);
            }
            Native.Check(st);
            Array.Resize(ref buf, checked((int)count.ToUInt64()));
            return buf;
        }

        private static int Call(byte[] codes, Category category, Rules rules, NativeCombo[] buf, out UIntPtr count, bool played)
        {
            return played
                ? HintsNative.sss_combos_played(rules.Handle, codes, Native.Len(codes), (uint)category, buf, (UIntPtr)buf.Length, out count)
                : HintsNative.sss_combos(rules.Handle, codes, Native.Len(codes), (uint)category, buf, (UIntPtr)buf.Length, out count);
        }

        /// <summary>
        /// The best legal arrangement of 13 cards that keeps the lanes fixed by hand (front 3 cards,
        /// middle and back 5; null: open), by the arranger's expected water: the other cards are
        /// placed in the open lanes in every possible way, fouls skipped. With no lane fixed this is
        /// Arrange. CardNotInHandException for a fixed card the hand lacks, DuplicateCardException for
        /// one fixed twice (the message names its lane slot: front 0-2, middle 3-7, back 8-12),
        /// WrongCardCountException for a lane of the wrong size, NoLegalArrangementException when
        /// every completion fouls.
        /// </summary>
        public static Arranged Complete(this Arranger arranger, IList<Card> cards, IList<Card> front = null,
            IList<Card> middle = null, IList<Card> back = null)
        {
            return Complete(arranger, Card.Codes(cards, "cards"), Lane(front, "front"), Lane(middle, "middle"), Lane(back, "back"));
        }

        /// <summary>Complete a hand written as text; each fixed lane as text too (null: open).</summary>
        public static Arranged Complete(this Arranger arranger, string hand, string front = null, string middle = null,
            string back = null)
        {
            return Complete(arranger, Card.ParseHand(hand), Text(front), Text(middle), Text(back));
        }

        /// <summary>Complete raw codes; a null or empty lane is open.</summary>
        public static Arranged Complete(this Arranger arranger, byte[] codes, byte[] front, byte[] middle, byte[] back)
        {
            if (arranger == null) throw new ArgumentNullException("arranger");
            if (codes == null) throw new ArgumentNullException("codes");
            byte[] f = front ?? new byte[0], m = middle ?? new byte[0], b = back ?? new byte[0];
            NativeArranged n;
            Native.Check(HintsNative.sss_complete(arranger.Handle, codes, Native.Len(codes), f, Native.Len(f), m, Native.Len(m),
                b, Native.Len(b), out n));
            return new Arranged(n);
        }

        private static byte[] Lane(IList<Card> lane, string name)
        {
            return lane == null ? null : Card.Codes(lane, name);
        }

        private static Card[] Text(string lane)
        {
            return lane == null ? null : Card.ParseHand(lane);
        }
    }

    /// <summary>Mirror of the C struct SssCombo (8 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeCombo
    {
        public byte c0, c1, c2, c3, c4;
        public byte len;
        public byte category;
        public byte reserved;
    }

    internal static class HintsNative
    {
        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_combos(RulesHandle rules, byte[] codes, UIntPtr count, uint category,
            [Out] NativeCombo[] outCombos, UIntPtr cap, out UIntPtr outCount);

        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_combos_played(RulesHandle rules, byte[] codes, UIntPtr count, uint category,
            [Out] NativeCombo[] outCombos, UIntPtr cap, out UIntPtr outCount);

        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_complete(ArrangerHandle arranger, byte[] codes, UIntPtr count, byte[] front,
            UIntPtr frontLen, byte[] middle, UIntPtr middleLen, byte[] back, UIntPtr backLen, out NativeArranged outArranged);
    }
}
