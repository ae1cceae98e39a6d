package shisanshui

// #include "shisanshui.h"
import "C"

// Combo is one combination of a category in a hand (理牌 hints: what the 对子 … 同花顺 buttons
// cycle through): the category's own cards, without kickers.
type Combo struct {
	Category Category
	// Cards is the hand's own cards, highest code first, jokers included: 2 (a pair), 3 (trips),
	// 4 (two pair, quads) or 5.
	Cards []Card
	// Played is Cards with each joker replaced by the card it stands for, slot by slot: in a
	// group, the group's rank in the highest suit it lacks; in a straight, the missing rank in ♠
	// (unless that makes a flush); in a straight flush, the missing card of its suit; in a flush,
	// the cards of the strongest flush. Without a joker it holds the same cards as Cards.
	Played []Card
}

// HasJokers says whether the combination holds a joker.
func (c Combo) HasJokers() bool {
	for _, x := range c.Cards {
		if x.IsJoker() {
			return true
		}
	}
	return false
}

// FitsFront says whether the combination can be the front lane's (3 cards): a pair or trips.
func (c Combo) FitsFront() bool { return c.Category == OnePair || c.Category == ThreeOfAKind }

// String writes the category and the cards ("one pair: Ks Kh").
func (c Combo) String() string {
	s, _ := FormatCards(c.Cards, Letters)
	return c.Category.String() + ": " + s
}

// Combos lists every combination of a category that up to 13 cards hold (a hand, or what is left
// of it), in the evaluator's order under the rule set, strongest first: one entry per rank
// pattern, made of each rank's highest suits; flushes and straight flushes keep every
// suit-distinct set. Where the deck deals jokers a joker joins a combination where it makes the
// pattern, as few as it takes, and Played says what it stands for. The list depends only on the
// set of cards. Errors: ErrBadCardCode, ErrDuplicateCard or ErrTooManyCopies (naming the
// position), ErrJokerNotInDeck, ErrWrongCardCount (more than 13 cards), ErrInvalidArgument for
// HighCard (no combination), a number that is no category, or FiveOfAKind under a rule set that
// cannot make it.
func (r *Rules) Combos(cards []Card, category Category) ([]Combo, error) {
	// SSS_COMBOS_MAX entries always suffice: no size query.
	buf := make([]C.SssCombo, C.SSS_COMBOS_MAX)
	var n C.size_t
	if err := r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_combos(h, cardsPtr(cards), C.size_t(len(cards)), C.uint32_t(category), &buf[0], C.size_t(len(buf)), &n)
	}); err != nil {
		return nil, err
	}
	out := make([]Combo, int(n))
	for i := range out {
		out[i] = Combo{Category: Category(buf[i].category), Cards: comboCards(&buf[i])}
	}
	jokers := false
	for _, c := range cards {
		jokers = jokers || c.IsJoker()
	}
	if !jokers {
		// Without a joker the played entries are the entries: one engine call is enough.
		for i := range out {
			out[i].Played = append([]Card(nil), out[i].Cards...)
		}
		return out, nil
	}
	var m C.size_t
	if err := r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_combos_played(h, cardsPtr(cards), C.size_t(len(cards)), C.uint32_t(category), &buf[0],
			C.size_t(len(buf)), &m)
	}); err != nil {
		return nil, err
	}
	if m != n {
		return nil, argError(StatusPanic, "the engine listed "+itoa(int(n))+" combinations, then "+itoa(int(m))+" played")
	}
	for i := range out {
		out[i].Played = comboCards(&buf[i])
	}
	return out, nil
}

func comboCards(c *C.SssCombo) []Card {
	cs := make([]Card, int(c.len))
	for k := range cs {
		cs[k] = Card(c.cards[k])
	}
	return cs
}
