// Hand categories and the comparable strength of a 3- or 5-card hand.
using System;
using System.Runtime.InteropServices;

namespace Shisanshui
{
    /// <summary>Hand category (RULES.md §3), lowest first; the value is the SssCategory number.</summary>
    public enum Category : byte
    {
        HighCard = 0,
        OnePair = 1,
        TwoPair = 2,
        ThreeOfAKind = 3,
        Straight = 4,
        Flush = 5,
        FullHouse = 6,
        FourOfAKind = 7,
        StraightFlush = 8,
        FiveOfAKind = 9,
    }

    /// <summary>Language of names (SssLanguage).</summary>
    public enum Language : uint
    {
        English = 0,
        Chinese = 1,
    }

    /// <summary>Category names from the library.</summary>
    public static class CategoryNames
    {
        /// <summary>"full house" / "葫芦".</summary>
        public static string Name(this Category category, Language language = Language.English)
        {
            return Native.CopyString((byte[] b, UIntPtr c, out UIntPtr l) =>
                Native.sss_category_name((uint)category, (uint)language, b, c, out l));
        }
    }

    /// <summary>
    /// The strength of a 3- or 5-card hand under a rule set. A larger Value is a stronger hand;
    /// compare hands of the same size (a front against a middle is the foul check's job).
    /// </summary>
    public struct HandRank : IComparable<HandRank>, IEquatable<HandRank>
    {
        private readonly uint value;
        private readonly Category category;
        private readonly Rank topRank;
        private readonly Suit tiebreakSuit;
        private readonly byte cardCount;

        internal HandRank(NativeHandRank n)
        {
            value = n.value;
            category = (Category)n.category;
            topRank = (Rank)n.top_rank;
            tiebreakSuit = (Suit)n.tiebreak_suit;
            cardCount = n.card_count;
        }

        /// <summary>The comparable value (layout documented on SssHandRank.value).</summary>
        public uint Value { get { return value; } }

        public Category Category { get { return category; } }

        /// <summary>The rank of the group that decides first (a wheel: A, or 5 under Wheel.Lowest).</summary>
        public Rank TopRank { get { return topRank; } }

        /// <summary>Suit of the top group when the rules break ties by suit, else Diamonds (0).</summary>
        public Suit TiebreakSuit { get { return tiebreakSuit; } }

        /// <summary>3 or 5.</summary>
        public int CardCount { get { return cardCount; } }

        /// <summary>"full house, K over 9".</summary>
        public string Describe()
        {
            uint v = value;
            return Native.CopyString((byte[] b, UIntPtr c, out UIntPtr l) => Native.sss_hand_rank_describe(v, b, c, out l));
        }

        public int CompareTo(HandRank other) { return value.CompareTo(other.value); }

        /// <summary>
        /// Equal exactly when neither is stronger: the Value alone, as CompareTo, the operators and
        /// the engine compare (the card count is not part of the strength).
        /// </summary>
        public bool Equals(HandRank other) { return value == other.value; }

        public override bool Equals(object obj) { return obj is HandRank && Equals((HandRank)obj); }

        public override int GetHashCode() { return (int)value; }

        public override string ToString() { return Describe(); }

        public static bool operator <(HandRank a, HandRank b) { return a.value < b.value; }

        public static bool operator >(HandRank a, HandRank b) { return a.value > b.value; }

        public static bool operator <=(HandRank a, HandRank b) { return a.value <= b.value; }

        public static bool operator >=(HandRank a, HandRank b) { return a.value >= b.value; }

        public static bool operator ==(HandRank a, HandRank b) { return a.Equals(b); }

        public static bool operator !=(HandRank a, HandRank b) { return !a.Equals(b); }
    }

    /// <summary>Mirror of the C struct SssHandRank (8 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeHandRank
    {
        public uint value;
        public byte category;
        public byte top_rank;
        public byte tiebreak_suit;
        public byte card_count;
    }

    internal static partial class Native
    {
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_category_name(uint category, uint language, [Out] byte[] buf, UIntPtr cap,
            out UIntPtr outLen);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_hand_rank_describe(uint value, [Out] byte[] buf, UIntPtr cap, out UIntPtr outLen);
    }
}
