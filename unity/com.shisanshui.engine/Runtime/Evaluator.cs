// Evaluate and compare hands, and check an arrangement (3 + 5 + 5) for a foul, under a rule set.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Shisanshui
{
    /// <summary>The lanes of an arrangement and whether it fouls (倒水).</summary>
    public struct ArrangementEval
    {
        private readonly HandRank front;
        private readonly HandRank middle;
        private readonly HandRank back;
        private readonly byte foulBits;

        internal ArrangementEval(NativeArrangementEval n)
        {
            front = new HandRank(n.front);
            middle = new HandRank(n.middle);
            back = new HandRank(n.back);
            foulBits = n.foul_bits;
        }

        public HandRank Front { get { return front; } }

        public HandRank Middle { get { return middle; } }

        public HandRank Back { get { return back; } }

        /// <summary>Bit 0: front over middle; bit 1: middle over back.</summary>
        public int FoulBits { get { return foulBits; } }

        /// <summary>The front beats the middle (or equals it under strict order).</summary>
        public bool FrontOverMiddle { get { return (foulBits & 1) != 0; } }

        /// <summary>The middle beats the back (or equals it under strict order).</summary>
        public bool MiddleOverBack { get { return (foulBits & 2) != 0; } }

        /// <summary>Whether the arrangement is a foul.</summary>
        public bool IsFoul { get { return foulBits != 0; } }
    }

    /// <summary>Hand evaluation under a rule set's ranking options (wheel, suit tie-break, strict order).</summary>
    public static class Evaluator
    {
        private static RulesHandle H(Rules rules)
        {
            if (rules == null)
            {
                throw new ArgumentNullException("rules");
            }
            return rules.Handle;
        }

        /// <summary>Evaluate 3 or 5 cards (WrongCardCount, DuplicateCard otherwise). Under extra suits
        /// (RULES.md §11) a card of an extra suit may be there twice: five of a kind
        /// (<see cref="Category.FiveOfAKind"/>), a flush with a pair; a third copy is
        /// TooManyCopiesException.</summary>
        public static HandRank Evaluate(Rules rules, IList<Card> cards)
        {
            return Evaluate(rules, Card.Codes(cards, "cards"));
        }

        /// <summary>Evaluate 3 or 5 raw codes (BadCardCode, WrongCardCount, DuplicateCard).</summary>
        public static HandRank Evaluate(Rules rules, byte[] codes)
        {
            if (codes == null)
            {
                throw new ArgumentNullException("codes");
            }
            NativeHandRank r;
            Native.Check(Native.sss_evaluate(H(rules), codes, Native.Len(codes), out r));
            return new HandRank(r);
        }

        /// <summary>Evaluate a hand written as text ("As Ks Qs Js Ts"), read for the rule set's deck
        /// (a card of an extra suit may be written twice).</summary>
        public static HandRank Evaluate(Rules rules, string hand)
        {
            return Evaluate(rules, Card.ParseHand(hand, rules));
        }

        /// <summary>-1, 0 or 1 as a is weaker, tied or stronger; the hands must have the same size.</summary>
        public static int Compare(Rules rules, IList<Card> a, IList<Card> b)
        {
            byte[] ca = Card.Codes(a, "a");
            byte[] cb = Card.Codes(b, "b");
            int order;
            Native.Check(Native.sss_compare(H(rules), ca, Native.Len(ca), cb, Native.Len(cb), out order));
            return order;
        }

        /// <summary>Evaluate three lanes (3, 5, 5 cards) and check for a foul.</summary>
        public static ArrangementEval CheckArrangement(Rules rules, IList<Card> front, IList<Card> middle, IList<Card> back)
        {
            byte[] f = Card.Codes(front, "front");
            byte[] m = Card.Codes(middle, "middle");
            byte[] b = Card.Codes(back, "back");
            NativeArrangementEval e;
            Native.Check(Native.sss_arrangement_check(H(rules), f, Native.Len(f), m, Native.Len(m), b, Native.Len(b), out e));
            return new ArrangementEval(e);
        }

        /// <summary>As CheckArrangement, with 13 cards in lane order (3 front, 5 middle, 5 back).</summary>
        public static ArrangementEval CheckArrangement(Rules rules, IList<Card> thirteen)
        {
            byte[] c = Card.Codes(thirteen, "thirteen");
            NativeArrangementEval e;
            Native.Check(Native.sss_arrangement_check13(H(rules), c, Native.Len(c), out e));
            return new ArrangementEval(e);
        }
    }

    /// <summary>Mirror of the C struct SssArrangementEval (28 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeArrangementEval
    {
        public NativeHandRank front;
        public NativeHandRank middle;
        public NativeHandRank back;
        public byte foul_bits;
        public byte is_foul;
    }

    internal static partial class Native
    {
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_evaluate(RulesHandle rules, byte[] codes, UIntPtr count, out NativeHandRank outRank);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_compare(RulesHandle rules, byte[] a, UIntPtr aCount, byte[] b, UIntPtr bCount,
            out int outOrder);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arrangement_check(RulesHandle rules, byte[] front, UIntPtr frontCount,
            byte[] middle, UIntPtr middleCount, byte[] back, UIntPtr backCount, out NativeArrangementEval outEval);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arrangement_check13(RulesHandle rules, byte[] codes, UIntPtr count,
            out NativeArrangementEval outEval);
    }
}
