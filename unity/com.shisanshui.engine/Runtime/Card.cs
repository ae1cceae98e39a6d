// Cards and their interchange code: code = rank index * 4 + suit (2d = 0, As = 51).
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Shisanshui
{
    /// <summary>Card rank; the value is the rank index (Two = 0 ... Ace = 12).</summary>
    public enum Rank : byte
    {
        Two = 0, Three, Four, Five, Six, Seven, Eight, Nine, Ten, Jack, Queen, King, Ace,
    }

    /// <summary>Suit; the value is the code's low two bits, also the tie-break order (Spades highest).</summary>
    public enum Suit : byte
    {
        Diamonds = 0, Clubs = 1, Hearts = 2, Spades = 3,
    }

    /// <summary>
    /// One card of the 52-card deck, or one of the two wild jokers (RULES.md §12: the small joker
    /// SJ, code 52, and the big joker BJ, code 53, which a rule set deals when its
    /// <see cref="Rules.Jokers"/> is above 0). Ordered by code: rank first, then suit, the jokers last.
    /// A joker has no rank or suit of its own: ask <see cref="IsJoker"/> before reading them.
    /// </summary>
    public struct Card : IEquatable<Card>, IComparable<Card>
    {
        private const string RankChars = "23456789TJQKA";
        private const string SuitChars = "dchs";
        private static readonly string[] SuitSymbols = { "\u2666", "\u2663", "\u2665", "\u2660" };

        private readonly byte code;

        /// <summary>Number of distinct cards of the standard deck (the jokers not counted).</summary>
        public const int Count = 52;

        /// <summary>The small joker (小王), code 52, written SJ.</summary>
        public static readonly Card SmallJoker = new Card((byte)52);

        /// <summary>The big joker (大王), code 53, written BJ.</summary>
        public static readonly Card BigJoker = new Card((byte)53);

        private Card(byte code)
        {
            this.code = code;
        }

        /// <summary>The card of this rank and suit.</summary>
        public Card(Rank rank, Suit suit)
        {
            if ((byte)rank > 12)
            {
                throw new InvalidArgumentException("rank " + (int)rank + " is not 0..12");
            }
            if ((byte)suit > 3)
            {
                throw new InvalidArgumentException("suit " + (int)suit + " is not 0..3");
            }
            code = (byte)((int)rank * 4 + (int)suit);
        }

        /// <summary>The interchange code 0..51, or 52 and 53 for the jokers.</summary>
        public byte Code { get { return code; } }

        /// <summary>Whether this is one of the two jokers (codes 52 and 53).</summary>
        public bool IsJoker { get { return code >= Count; } }

        /// <summary>The rank (an ace for a joker, which has none: see <see cref="IsJoker"/>).</summary>
        public Rank Rank { get { return IsJoker ? Rank.Ace : (Rank)(code >> 2); } }

        /// <summary>The suit (meaningless for a joker: see <see cref="IsJoker"/>).</summary>
        public Suit Suit { get { return (Suit)(code & 3); } }

        /// <summary>The card with this code; BadCardCodeException outside 0..51.</summary>
        public static Card FromCode(int code)
        {
            if (code >= 0 && code < Count)
            {
                return new Card((byte)code);
            }
            if (code >= 0 && code <= 255)
            {
                // Let the library say it, so the message is the same in every language.
                Native.Check(Native.sss_cards_validate(new[] { (byte)code }, (UIntPtr)1));
            }
            throw new BadCardCodeException("card code " + code + " is out of range (valid codes are 0..=51)");
        }

        /// <summary>The card with this code, the jokers included (0..53); BadCardCodeException
        /// otherwise. Whether a rule set deals a joker is checked where cards meet it
        /// (<see cref="FromCodes(byte[], Rules)"/>, evaluation, settlement).</summary>
        public static Card FromAnyCode(int code)
        {
            if (code >= 0 && code <= BigJoker.code)
            {
                return new Card((byte)code);
            }
            throw new BadCardCodeException("card code " + code + " is out of range (valid codes are 0..=53 with the jokers)");
        }

        /// <summary>Parse one card: "As", "10h", "td", "Q\u2663"; "SJ" / "小王" and "BJ" / "大王" are the jokers.</summary>
        public static Card Parse(string text)
        {
            byte[] bytes = Native.Utf8(text, "text");
            byte c;
            Native.Check(Native.sss_card_parse(bytes, Native.Len(bytes), out c));
            return new Card(c);
        }

        /// <summary>Parse one card without throwing on bad text (null is false too).</summary>
        public static bool TryParse(string text, out Card card)
        {
            card = new Card();
            if (text == null)
            {
                return false;
            }
            byte[] bytes = System.Text.Encoding.UTF8.GetBytes(text);
            byte c;
            if (Native.sss_card_parse(bytes, Native.Len(bytes), out c) != Native.Ok)
            {
                return false;
            }
            card = new Card(c);
            return true;
        }

        /// <summary>Parse a hand ("As Kd 10h", "As,Kd", "AsKdTh") in the order written.</summary>
        public static Card[] ParseHand(string text)
        {
            byte[] bytes = Native.Utf8(text, "text");
            byte[] codes = new byte[Count];
            UIntPtr n;
            Native.Check(Native.sss_cards_parse(bytes, Native.Len(bytes), codes, (UIntPtr)codes.Length, out n));
            return FromCodes(codes, checked((int)n.ToUInt64()));
        }

        /// <summary>
        /// Parse a hand for a rule set's deck (RULES.md §11, §12): a card of one of its extra suits may
        /// be written twice; a third copy throws TooManyCopiesException and a repeated card of a suit
        /// the deck holds once DuplicateCardException, each naming the card and its position. The
        /// jokers ("SJ", "BJ") as often as the deck deals them; one it does not deal throws
        /// JokerNotInDeckException.
        /// </summary>
        public static Card[] ParseHand(string text, Rules rules)
        {
            if (rules == null)
            {
                throw new ArgumentNullException("rules");
            }
            byte[] bytes = Native.Utf8(text, "text");
            byte[] codes = new byte[Dealer.MaxDeckSizeWithJokers];
            UIntPtr n;
            Native.Check(Native.sss_cards_parse_for(rules.Handle, bytes, Native.Len(bytes), codes, (UIntPtr)codes.Length, out n));
            return FromCodes(codes, checked((int)n.ToUInt64()));
        }

        /// <summary>Check raw codes against a rule set's deck: each 0..51 (52 and 53 where it deals
        /// jokers) and no card more often than the deck holds it (BadCardCode / DuplicateCard /
        /// TooManyCopies / JokerNotInDeck).</summary>
        public static void Validate(byte[] codes, Rules rules)
        {
            if (codes == null)
            {
                throw new ArgumentNullException("codes");
            }
            if (rules == null)
            {
                throw new ArgumentNullException("rules");
            }
            Native.Check(Native.sss_cards_validate_for(rules.Handle, codes, Native.Len(codes)));
        }

        /// <summary>Cards from raw codes, validated against a rule set's deck.</summary>
        public static Card[] FromCodes(byte[] codes, Rules rules)
        {
            Validate(codes, rules);
            return FromCodes(codes, codes.Length);
        }

        /// <summary>Cards written "As Kd Th" (or with suit symbols), separated by spaces, the jokers
        /// "SJ" and "BJ". A card may be there twice (a hand from two decks, RULES.md §11); a third copy
        /// throws TooManyCopiesException.</summary>
        public static string Format(IList<Card> cards, bool symbols = false)
        {
            byte[] codes = Codes(cards, "cards");
            return Native.CopyString((byte[] b, UIntPtr c, out UIntPtr l) =>
                Native.sss_cards_format(codes, Native.Len(codes), symbols ? 1u : 0u, b, c, out l));
        }

        /// <summary>Check raw codes: each 0..51 and no card twice (BadCardCode / DuplicateCard).</summary>
        public static void Validate(byte[] codes)
        {
            if (codes == null)
            {
                throw new ArgumentNullException("codes");
            }
            Native.Check(Native.sss_cards_validate(codes, Native.Len(codes)));
        }

        /// <summary>Cards from raw codes, validated.</summary>
        public static Card[] FromCodes(byte[] codes)
        {
            Validate(codes);
            return FromCodes(codes, codes.Length);
        }

        internal static Card[] FromCodes(byte[] codes, int n)
        {
            Card[] cards = new Card[n];
            for (int i = 0; i < n; i++)
            {
                cards[i] = new Card(codes[i]);
            }
            return cards;
        }

        internal static byte[] Codes(IList<Card> cards, string paramName)
        {
            if (cards == null)
            {
                throw new ArgumentNullException(paramName);
            }
            byte[] codes = new byte[cards.Count];
            for (int i = 0; i < codes.Length; i++)
            {
                codes[i] = cards[i].code;
            }
            return codes;
        }

        /// <summary>"As", "Th", "2c"; "SJ" and "BJ" for the jokers.</summary>
        public override string ToString()
        {
            if (IsJoker)
            {
                return JokerName();
            }
            return new string(new[] { RankChars[code >> 2], SuitChars[code & 3] });
        }

        /// <summary>"A\u2660", "T\u2665"; "SJ" and "BJ" for the jokers.</summary>
        public string ToSymbolString()
        {
            if (IsJoker)
            {
                return JokerName();
            }
            return RankChars[code >> 2] + SuitSymbols[code & 3];
        }

        private string JokerName()
        {
            return code == SmallJoker.code ? "SJ" : "BJ";
        }

        public bool Equals(Card other) { return code == other.code; }

        public override bool Equals(object obj) { return obj is Card && Equals((Card)obj); }

        public override int GetHashCode() { return code; }

        public int CompareTo(Card other) { return code.CompareTo(other.code); }

        public static bool operator ==(Card a, Card b) { return a.code == b.code; }

        public static bool operator !=(Card a, Card b) { return a.code != b.code; }

        public static bool operator <(Card a, Card b) { return a.code < b.code; }

        public static bool operator >(Card a, Card b) { return a.code > b.code; }
    }

    internal static partial class Native
    {
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_card_parse(byte[] text, UIntPtr len, out byte outCode);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_cards_parse(byte[] text, UIntPtr len, [Out] byte[] outCodes, UIntPtr cap,
            out UIntPtr outCount);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_cards_format(byte[] codes, UIntPtr count, uint style, [Out] byte[] buf,
            UIntPtr cap, out UIntPtr outLen);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_cards_validate(byte[] codes, UIntPtr count);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_cards_parse_for(RulesHandle rules, byte[] text, UIntPtr len, [Out] byte[] outCodes,
            UIntPtr cap, out UIntPtr outCount);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_cards_validate_for(RulesHandle rules, byte[] codes, UIntPtr count);
    }
}
