// Shuffling and dealing (RULES.md §10): a seed gives the same deal here as in Rust, C and Python
// (the ChaCha20 shuffle documented in core/src/deal.rs); an unseeded deal is keyed from the
// operating system and cannot be predicted or replayed. A rule set with extra suits (RULES.md §11)
// deals from its bigger deck to up to 8 seats, seeded or unseeded, and one with jokers (§12) deals
// them too (jokers add no seat).
using System;
using System.Runtime.InteropServices;

namespace Shisanshui
{
    /// <summary>Deals 13 cards to each of 2 to 4 players from one shuffled deck, or, for a rule set,
    /// to 2 to <see cref="Rules.MaxPlayers"/> from its deck (with its extra suits twice).</summary>
    public static class Dealer
    {
        /// <summary>Cards in a hand (SSS_HAND_SIZE).</summary>
        public const int HandSize = 13;

        /// <summary>Cards in the deck (SSS_DECK_SIZE).</summary>
        public const int DeckSize = 52;

        /// <summary>Fewest players a deal is for (SSS_DEAL_MIN_PLAYERS).</summary>
        public const int MinPlayers = 2;

        /// <summary>Most players a deal from one deck is for (SSS_DEAL_MAX_PLAYERS); a rule set
        /// with extra suits deals to <see cref="Rules.MaxPlayers"/>.</summary>
        public const int MaxPlayers = 4;

        /// <summary>Cards in the biggest deck without jokers, two decks (SSS_MAX_DECK_SIZE).</summary>
        public const int MaxDeckSize = 104;

        /// <summary>Cards in the biggest deck with jokers: two decks and <see cref="Rules.MaxJokers"/>
        /// jokers (SSS_MAX_DECK_SIZE_WITH_JOKERS).</summary>
        public const int MaxDeckSizeWithJokers = 110;

        /// <summary>
        /// The rule set's deck in the order RULES.md §11 and §12 deal from: codes 0 to 51, then one
        /// more copy of every card of its extra suits in ascending code, then its jokers 52, 53, 52, …
        /// (52 to 110 cards).
        /// </summary>
        public static Card[] Deck(Rules rules)
        {
            RulesHandle h = RulesOf(rules);
            return Codes((byte[] b, out UIntPtr n) => Native.sss_deck(h, b, (UIntPtr)b.Length, out n));
        }

        /// <summary>
        /// The seeded deal from the rule set's deck: 2 to <see cref="Rules.MaxPlayers"/> seats (a
        /// hand may hold two copies of a card of an extra suit, and the rule set's jokers). With no extra suit it is
        /// <see cref="Deal(int, ulong)"/> card for card. InvalidTableException, naming both numbers,
        /// for a seat count the deck cannot deal.
        /// </summary>
        public static Card[][] Deal(Rules rules, int players, ulong seed)
        {
            RulesHandle h = RulesOf(rules);
            uint p = Seats(rules, players);
            return Split(Codes((byte[] b, out UIntPtr n) => Native.sss_deal_for(h, p, seed, b, (UIntPtr)b.Length, out n)), players);
        }

        /// <summary>
        /// An unseeded deal from the rule set's deck, keyed from the operating system's randomness
        /// (never a replay): 2 to <see cref="Rules.MaxPlayers"/> seats, as
        /// <see cref="Deal(Rules, int, ulong)"/>; InvalidTableException, naming both numbers, for a
        /// seat count the deck cannot deal.
        /// </summary>
        public static Card[][] DealUnseeded(Rules rules, int players)
        {
            RulesHandle h = RulesOf(rules);
            uint p = Seats(rules, players);
            return Split(Codes((byte[] b, out UIntPtr n) => Native.sss_deal_for_unseeded(h, p, b, (UIntPtr)b.Length, out n)), players);
        }

        /// <summary>The rule set's whole deck shuffled by a seed, before it is dealt.</summary>
        public static Card[] ShuffledDeck(Rules rules, ulong seed)
        {
            RulesHandle h = RulesOf(rules);
            return Codes((byte[] b, out UIntPtr n) => Native.sss_shuffled_deck_for(h, seed, b, (UIntPtr)b.Length, out n));
        }

        private static RulesHandle RulesOf(Rules rules)
        {
            if (rules == null)
            {
                throw new ArgumentNullException("rules");
            }
            return rules.Handle;
        }

        private static uint Seats(Rules rules, int players)
        {
            if (players < 0)
            {
                // The library takes an unsigned count: a negative one is no table.
                throw new InvalidTableException("invalid table: a deal is for 2 to " + rules.MaxPlayers + " players, got " + players);
            }
            return (uint)players;
        }

        /// <summary>
        /// The seeded deal: hands[p] is seat p's 13 cards in the order dealt. The same seed gives the
        /// same deal on every platform and in every language. InvalidTableException outside 2..4 players.
        /// </summary>
        public static Card[][] Deal(int players, ulong seed)
        {
            uint p = Players(players);
            return Split(Codes((byte[] b, out UIntPtr n) => Native.sss_deal(p, seed, b, (UIntPtr)b.Length, out n)), players);
        }

        /// <summary>An unseeded deal, keyed from the operating system's randomness (never a replay).</summary>
        public static Card[][] DealUnseeded(int players)
        {
            uint p = Players(players);
            return Split(Codes((byte[] b, out UIntPtr n) => Native.sss_deal_unseeded(p, b, (UIntPtr)b.Length, out n)), players);
        }

        /// <summary>The shuffled deck of a seed (52 cards) before it is dealt: seat p gets positions 13p to 13p + 12.</summary>
        public static Card[] ShuffledDeck(ulong seed)
        {
            return Codes((byte[] b, out UIntPtr n) => Native.sss_shuffled_deck(seed, b, (UIntPtr)b.Length, out n));
        }

        private delegate int Fill(byte[] buf, out UIntPtr count);

        private static uint Players(int players)
        {
            if (players < 0)
            {
                // The library takes an unsigned count; say it as the library would.
                throw new InvalidTableException("invalid table: a deal is for 2 to 4 players from one deck, got " + players);
            }
            return (uint)players;
        }

        private static Card[] Codes(Fill fill)
        {
            byte[] buf = new byte[MaxDeckSizeWithJokers];
            UIntPtr n;
            Native.Check(fill(buf, out n));
            return Card.FromCodes(buf, checked((int)n.ToUInt64()));
        }

        private static Card[][] Split(Card[] cards, int players)
        {
            if (cards.Length != players * HandSize)
            {
                throw new InvalidArgumentException("native deal returned " + cards.Length + " cards for " + players + " players");
            }
            Card[][] hands = new Card[players][];
            for (int p = 0; p < players; p++)
            {
                hands[p] = new Card[HandSize];
                Array.Copy(cards, p * HandSize, hands[p], 0, HandSize);
            }
            return hands;
        }
    }

    internal static partial class Native
    {
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_deal(uint players, ulong seed, [Out] byte[] outCodes, UIntPtr cap, out UIntPtr outCount);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_deal_unseeded(uint players, [Out] byte[] outCodes, UIntPtr cap, out UIntPtr outCount);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_shuffled_deck(ulong seed, [Out] byte[] outCodes, UIntPtr cap, out UIntPtr outCount);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_deck(RulesHandle rules, [Out] byte[] outCodes, UIntPtr cap, out UIntPtr outCount);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_deal_for(RulesHandle rules, uint players, ulong seed, [Out] byte[] outCodes, UIntPtr cap,
            out UIntPtr outCount);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_deal_for_unseeded(RulesHandle rules, uint players, [Out] byte[] outCodes, UIntPtr cap,
            out UIntPtr outCount);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_shuffled_deck_for(RulesHandle rules, ulong seed, [Out] byte[] outCodes, UIntPtr cap,
            out UIntPtr outCount);
    }
}
