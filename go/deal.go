package shisanshui

// #include "shisanshui.h"
import "C"

import "math"

// Dealing (RULES.md §10–§12). A seeded deal is the documented ChaCha20 shuffle keyed by the seed:
// the same seed gives the same hands in every language the engine is bound to, so a server can
// replay or audit a round from its seed. An unseeded deal is keyed from the operating system's
// random source and can be neither predicted nor replayed.

// seatsIn passes a seat count to the engine, which names what it refuses (the count and the
// seats the deck deals); only a count the C ABI's uint32 cannot carry is refused here, in the
// engine's words: oneDeck for Deal's, else Rules.Deal's.
func seatsIn(players int, oneDeck bool) (C.uint32_t, error) {
	if players < 0 || uint64(players) > math.MaxUint32 {
		if oneDeck {
			return 0, argError(StatusInvalidTable, "invalid table: a deal is for 2 to 4 players from one deck, got "+
				itoa(players))
		}
		return 0, argError(StatusInvalidTable, "invalid table: "+itoa(players)+
			" players, but a table seats 2 to the rule set's MaxPlayers (at most "+itoa(MaxSeats)+")")
	}
	return C.uint32_t(players), nil
}

// dealOut runs a deal-like call (through call or Rules.use) into a buffer that holds any deck
// (SSS_MAX_DECK_SIZE_WITH_JOKERS) and copies out what it wrote.
func dealOut(run func(out *C.uint8_t, cap C.size_t, n *C.size_t) error) ([]Card, error) {
	var buf [C.SSS_MAX_DECK_SIZE_WITH_JOKERS]C.uint8_t
	var n C.size_t
	if err := run(&buf[0], C.size_t(len(buf)), &n); err != nil {
		return nil, err
	}
	out := make([]Card, int(n))
	for i := range out {
		out[i] = Card(buf[i])
	}
	return out, nil
}

// hands cuts a deal into 13-card hands, seat p holding codes[13p : 13p+13]. Each hand's capacity
// ends with it, so appending to one never writes over the next.
func hands(codes []Card) [][]Card {
	out := make([][]Card, len(codes)/HandSize)
	for i := range out {
		out[i] = codes[i*HandSize : (i+1)*HandSize : (i+1)*HandSize]
	}
	return out
}

// Deal shuffles one deck of 52 with the seed and deals 13 cards to each of 2 to 4 players: hand p
// is ShuffledDeck(seed)[13p : 13p+13]. Another seat count is ErrInvalidTable. For a rule set's
// own deck (extra suits, jokers, up to 8 seats) use Rules.Deal.
func Deal(players int, seed uint64) ([][]Card, error) {
	p, err := seatsIn(players, true)
	if err != nil {
		return nil, err
	}
	codes, err := dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) error {
		return call(func() C.SssStatus { return C.sss_deal(p, C.uint64_t(seed), out, cap, n) })
	})
	if err != nil {
		return nil, err
	}
	return hands(codes), nil
}

// DealUnseeded is Deal keyed from the operating system's random source. Errors as Deal, and
// ErrInvalidArgument if the operating system provides no randomness.
func DealUnseeded(players int) ([][]Card, error) {
	p, err := seatsIn(players, true)
	if err != nil {
		return nil, err
	}
	codes, err := dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) error {
		return call(func() C.SssStatus { return C.sss_deal_unseeded(p, out, cap, n) })
	})
	if err != nil {
		return nil, err
	}
	return hands(codes), nil
}

// ShuffledDeck is the whole deck of 52 as the seed shuffles it, before it is dealt.
func ShuffledDeck(seed uint64) ([]Card, error) {
	return dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) error {
		return call(func() C.SssStatus { return C.sss_shuffled_deck(C.uint64_t(seed), out, cap, n) })
	})
}

// Deck is the rule set's deck in the order RULES.md §11 deals from: the 52 codes, then one more
// copy of every card of the extra suits in ascending code, then the jokers (52 to MaxDeckSize
// cards).
func (r *Rules) Deck() ([]Card, error) {
	return dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) error {
		return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_deck(h, out, cap, n) })
	})
}

// Deal shuffles the rule set's deck (Deck: extra suits, jokers) with the seed and deals 13 cards
// to each player: 2 to 4 from one deck, up to MaxPlayers (4 + the number of extra suits) from a
// bigger one; a hand may hold a card of an extra suit twice. Hand p is
// ShuffledDeck(seed)[13p : 13p+13]; with no extra suit and no joker this is Deal(players, seed).
// A seat count the deck cannot deal is ErrInvalidTable naming both; closed rules, ErrClosed.
func (r *Rules) Deal(players int, seed uint64) ([][]Card, error) {
	p, err := seatsIn(players, false)
	if err != nil {
		return nil, err
	}
	codes, err := dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) error {
		return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_deal_for(h, p, C.uint64_t(seed), out, cap, n) })
	})
	if err != nil {
		return nil, err
	}
	return hands(codes), nil
}

// DealUnseeded is Rules.Deal keyed from the operating system's random source. Errors as
// Rules.Deal, and ErrInvalidArgument if the operating system provides no randomness.
func (r *Rules) DealUnseeded(players int) ([][]Card, error) {
	p, err := seatsIn(players, false)
	if err != nil {
		return nil, err
	}
	codes, err := dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) error {
		return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_deal_for_unseeded(h, p, out, cap, n) })
	})
	if err != nil {
		return nil, err
	}
	return hands(codes), nil
}

// ShuffledDeck is the rule set's whole deck (Deck's size) as the seed shuffles it, before it is
// dealt; with no extra suit and no joker this is ShuffledDeck(seed).
func (r *Rules) ShuffledDeck(seed uint64) ([]Card, error) {
	return dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) error {
		return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_shuffled_deck_for(h, C.uint64_t(seed), out, cap, n) })
	})
}
