package shisanshui

// #include "shisanshui.h"
import "C"

import "runtime"

// Dealing (RULES.md §10–§12): a seeded deal is the same in every language (the engine's ChaCha20
// stream); an unseeded one draws its seed from the operating system.

// dealOut runs a deal-like call into a buffer big enough for any deck and returns what it wrote.
func dealOut(f func(out *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus) ([]Card, error) {
	var buf [C.SSS_MAX_DECK_SIZE_WITH_JOKERS]C.uint8_t
	var n C.size_t
	if err := call(func() C.SssStatus { return f(&buf[0], C.size_t(len(buf)), &n) }); err != nil {
		return nil, err
	}
	out := make([]Card, int(n))
	for i := range out {
		out[i] = Card(buf[i])
	}
	return out, nil
}

// hands cuts a deal into 13-card hands.
func hands(codes []Card) [][]Card {
	if codes == nil {
		return nil
	}
	out := make([][]Card, len(codes)/HandSize)
	for i := range out {
		out[i] = codes[i*HandSize : (i+1)*HandSize : (i+1)*HandSize]
	}
	return out
}

// Deal deals one deck to 2 to 4 players from a seed: the same hands on every surface.
func Deal(players int, seed uint64) ([][]Card, error) {
	if players < 0 {
		return nil, argError(StatusInvalidTable, "a table has 2 to 4 players, got "+itoa(players))
	}
	codes, err := dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_deal(C.uint32_t(players), C.uint64_t(seed), out, cap, n)
	})
	return hands(codes), err
}

// DealUnseeded deals one deck with a seed from the operating system.
func DealUnseeded(players int) ([][]Card, error) {
	if players < 0 {
		return nil, argError(StatusInvalidTable, "a table has 2 to 4 players, got "+itoa(players))
	}
	codes, err := dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_deal_unseeded(C.uint32_t(players), out, cap, n)
	})
	return hands(codes), err
}

// ShuffledDeck is the 52 cards of one deck in the order a seed shuffles them.
func ShuffledDeck(seed uint64) ([]Card, error) {
	return dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_shuffled_deck(C.uint64_t(seed), out, cap, n)
	})
}

// Deck is the rule set's deck in order: the 52 cards, the extra suits' copies, then the jokers.
func (r *Rules) Deck() ([]Card, error) {
	h, err := r.ptr()
	if err != nil {
		return nil, err
	}
	codes, err := dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_deck(h, out, cap, n)
	})
	runtime.KeepAlive(r)
	return codes, err
}

// Deal deals the rule set's deck (extra suits, jokers) to players (2 to MaxPlayers) from a seed.
func (r *Rules) Deal(players int, seed uint64) ([][]Card, error) {
	if players < 0 {
		return nil, argError(StatusInvalidTable, "a table has 2 to 8 players, got "+itoa(players))
	}
	h, err := r.ptr()
	if err != nil {
		return nil, err
	}
	codes, err := dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_deal_for(h, C.uint32_t(players), C.uint64_t(seed), out, cap, n)
	})
	runtime.KeepAlive(r)
	return hands(codes), err
}

// DealUnseeded deals the rule set's deck with a seed from the operating system.
func (r *Rules) DealUnseeded(players int) ([][]Card, error) {
	if players < 0 {
		return nil, argError(StatusInvalidTable, "a table has 2 to 8 players, got "+itoa(players))
	}
	h, err := r.ptr()
	if err != nil {
		return nil, err
	}
	codes, err := dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_deal_for_unseeded(h, C.uint32_t(players), out, cap, n)
	})
	runtime.KeepAlive(r)
	return hands(codes), err
}

// ShuffledDeck is the rule set's whole deck in the order a seed shuffles it.
func (r *Rules) ShuffledDeck(seed uint64) ([]Card, error) {
	h, err := r.ptr()
	if err != nil {
		return nil, err
	}
	codes, err := dealOut(func(out *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_shuffled_deck_for(h, C.uint64_t(seed), out, cap, n)
	})
	runtime.KeepAlive(r)
	return codes, err
}
