package shisanshui

// #include "shisanshui.h"
import "C"

// Combo is one combination of a category a hand holds (理牌 hints: the pair buttons, the flush
// buttons, ...): its cards, the hand's own (jokers included), and, for Combos, the same cards.
type Combo struct {
	Cards    []Card
	Category Category
}

// Combos lists every combination of a category that the cards hold (up to 13 cards), each as the
// hand's own cards: the hints a client cycles through. HighCard has none.
func (r *Rules) Combos(cards []Card, category Category) ([]Combo, error) {
	return r.combos(cards, category, false)
}

// CombosPlayed is Combos with each joker replaced by the card it stands for.
func (r *Rules) CombosPlayed(cards []Card, category Category) ([]Combo, error) {
	return r.combos(cards, category, true)
}

func (r *Rules) combos(cards []Card, category Category, played bool) ([]Combo, error) {
	buf := make([]C.SssCombo, C.SSS_COMBOS_MAX)
	var n C.size_t
	err := r.use(func(h *C.SssRules) C.SssStatus {
		if played {
			return C.sss_combos_played(h, cardsPtr(cards), C.size_t(len(cards)), C.uint32_t(category), &buf[0],
				C.size_t(len(buf)), &n)
		}
		return C.sss_combos(h, cardsPtr(cards), C.size_t(len(cards)), C.uint32_t(category), &buf[0], C.size_t(len(buf)), &n)
	})
	if err != nil {
		return nil, err
	}
	out := make([]Combo, int(n))
	for i := range out {
		c := buf[i]
		cs := make([]Card, int(c.len))
		for k := range cs {
			cs[k] = Card(c.cards[k])
		}
		out[i] = Combo{Cards: cs, Category: Category(c.category)}
	}
	return out, nil
}
