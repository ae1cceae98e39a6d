// Evaluate and compare hands, and check an arrangement (3 + 5 + 5) for a foul, under a rule set;
// lanes with wild jokers (RULES.md §12) also as played, each joker replaced by the card it stands for.
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

    /// <summary>A lane's value with the lane as played (RULES.md §12): each joker replaced by the card
    /// it stands for in the lane's best reading, the other cards where they were.</summary>
    public sealed class PlayedLane
    {
        private readonly HandRank rank;
        private readonly Card[] played;

        internal PlayedLane(HandRank rank, Card[] played)
        {
            this.rank = rank;
            this.played = played;
        }

        /// <summary>The lane's value (its best reading).</summary>
        public HandRank Rank { get { return rank; } }

        /// <summary>The lane as played, in the order given: no joker in it.</summary>
        public IList<Card> Played { get { return Array.AsReadOnly(played); } }

        /// <summary>"Kd Kc 9h: three of a kind, …".</summary>
        public override string ToString() { return Card.Format(played) + ": " + rank; }
    }

    /// <summary>An arrangement's evaluation with the lanes as played (RULES.md §12): the values and
    /// foul check under the rule set's <see cref="Rules.JokerLanes"/>, and the lanes with each joker
    /// replaced by the card it stands for in that reading.</summary>
    public sealed class PlayedArrangement
    {
        private readonly ArrangementEval eval;
        private readonly Arrangement played;

        internal PlayedArrangement(ArrangementEval eval, Arrangement played)
        {
            this.eval = eval;
            this.played = played;
        }

        /// <summary>The lanes' values and which are out of order (as <see cref="Evaluator.CheckArrangement(Rules, IList{Card})"/>).</summary>
        public ArrangementEval Eval { get { return eval; } }

        /// <summary>The lanes as played: no joker in them.</summary>
        public Arrangement Played { get { return played; } }

        /// <summary>Whether the arrangement is a foul.</summary>
        public bool IsFoul { get { return eval.IsFoul; } }

        public override string ToString() { return played + (eval.IsFoul ? " (foul)" : ""); }
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

        /// <summary>
        /// Evaluate 3 or 5 cards that may hold the rule set's jokers (RULES.md §12) and give the lane as
        /// played: each joker replaced by the card it stands for in the best reading. Without jokers the
        /// lane is played as it is. Errors as <see cref="Evaluate(Rules, byte[])"/>.
        /// </summary>
        public static PlayedLane EvaluatePlayed(Rules rules, IList<Card> cards)
        {
            return EvaluatePlayed(rules, Card.Codes(cards, "cards"));
        }

        /// <summary>As <see cref="EvaluatePlayed(Rules, IList{Card})"/> for a lane written as text
        /// ("As Ah Ad Ac SJ"), read for the rule set's deck.</summary>
        public static PlayedLane EvaluatePlayed(Rules rules, string lane)
        {
            return EvaluatePlayed(rules, Card.ParseHand(lane, rules));
        }

        /// <summary>As <see cref="EvaluatePlayed(Rules, IList{Card})"/> on raw codes.</summary>
        public static PlayedLane EvaluatePlayed(Rules rules, byte[] codes)
        {
            if (codes == null)
            {
                throw new ArgumentNullException("codes");
            }
            RulesHandle h = H(rules);
            NativeHandRank r;
            // One code out per code in; an empty buffer still needs a non-NULL array.
            byte[] played = new byte[Math.Max(codes.Length, 1)];
            Native.Check(Native.sss_evaluate_played(h, codes, Native.Len(codes), out r, played));
            return new PlayedLane(new HandRank(r), Card.FromCodes(played, codes.Length));
        }

        /// <summary>
        /// Evaluate an arrangement of 13 cards in lane order (3 front, 5 middle, 5 back) that may hold
        /// the rule set's jokers, reading them as its <see cref="Rules.JokerLanes"/> says, with the lanes
        /// as played. Errors as <see cref="CheckArrangement(Rules, IList{Card})"/>.
        /// </summary>
        public static PlayedArrangement CheckArrangementPlayed(Rules rules, IList<Card> thirteen)
        {
            byte[] c = Card.Codes(thirteen, "thirteen");
            RulesHandle h = H(rules);
            NativeArrangementEval e;
            byte[] played = new byte[13];
            Native.Check(Native.sss_arrangement_check13_played(h, c, Native.Len(c), out e, played));
            Card[] cards = Card.FromCodes(played, 13);
            var lanes = new Arrangement(Slice(cards, 0, 3), Slice(cards, 3, 5), Slice(cards, 8, 5));
            return new PlayedArrangement(new ArrangementEval(e), lanes);
        }

        /// <summary>As <see cref="CheckArrangementPlayed(Rules, IList{Card})"/> with the three lanes
        /// (3, 5, 5 cards).</summary>
        public static PlayedArrangement CheckArrangementPlayed(Rules rules, IList<Card> front, IList<Card> middle, IList<Card> back)
        {
            if (front == null) throw new ArgumentNullException("front");
            if (middle == null) throw new ArgumentNullException("middle");
            if (back == null) throw new ArgumentNullException("back");
            if (front.Count != 3 || middle.Count != 5 || back.Count != 5)
            {
                // The lane sizes are the library's to check: the separate-lanes call says which.
                CheckArrangement(rules, front, middle, back);
            }
            var all = new List<Card>(front);
            all.AddRange(middle);
            all.AddRange(back);
            return CheckArrangementPlayed(rules, all);
        }

        private static Card[] Slice(Card[] cards, int start, int n)
        {
            Card[] part = new Card[n];
            Array.Copy(cards, start, part, 0, n);
            return part;
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

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_evaluate_played(RulesHandle rules, byte[] codes, UIntPtr count,
            out NativeHandRank outRank, [Out] byte[] outPlayed);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arrangement_check13_played(RulesHandle rules, byte[] codes, UIntPtr count,
            out NativeArrangementEval outEval, [Out] byte[] outPlayed);
    }
}
