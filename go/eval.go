package shisanshui

// #include "shisanshui.h"
import "C"

import "unsafe"

// Category is a hand's category (RULES.md §3), lowest first.
type Category uint8

// The categories.
const (
	HighCard      Category = C.SSS_CATEGORY_HIGH_CARD       // 乌龙
	OnePair       Category = C.SSS_CATEGORY_ONE_PAIR        // 对子
	TwoPair       Category = C.SSS_CATEGORY_TWO_PAIR        // 两对
	ThreeOfAKind  Category = C.SSS_CATEGORY_THREE_OF_A_KIND // 三条
	Straight      Category = C.SSS_CATEGORY_STRAIGHT        // 顺子
	Flush         Category = C.SSS_CATEGORY_FLUSH           // 同花
	FullHouse     Category = C.SSS_CATEGORY_FULL_HOUSE      // 葫芦
	FourOfAKind   Category = C.SSS_CATEGORY_FOUR_OF_A_KIND  // 铁支
	StraightFlush Category = C.SSS_CATEGORY_STRAIGHT_FLUSH  // 同花顺
	FiveOfAKind   Category = C.SSS_CATEGORY_FIVE_OF_A_KIND  // 五同 (extra decks and jokers)
)

// Language is the language of the names the engine writes.
type Language uint32

// The languages.
const (
	English Language = C.SSS_LANGUAGE_ENGLISH
	Chinese Language = C.SSS_LANGUAGE_CHINESE
)

// Name is the category's name in a language ("full house", "葫芦").
func (c Category) Name(lang Language) (string, error) {
	return textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_category_name(C.uint32_t(c), C.uint32_t(lang), buf, cap, n)
	})
}

// String is the English name.
func (c Category) String() string {
	s, err := c.Name(English)
	if err != nil {
		return "category(" + itoa(int(c)) + ")"
	}
	return s
}

// HandRank is the value of a 3- or 5-card lane. Value orders hands of the same size: larger is
// stronger (bits 22..26 the category, 2..22 five tie-break ranks, 0..2 the top group's suit under
// suit_tiebreak).
type HandRank struct {
	Value        uint32
	Category     Category
	TopRank      uint8 // rank index of the group that decides first (0 = 2 … 12 = A)
	TiebreakSuit Suit  // the top group's suit under suit_tiebreak, else 0
	CardCount    uint8 // 3 or 5
}

func handRank(h C.SssHandRank) HandRank {
	return HandRank{Value: uint32(h.value), Category: Category(h.category), TopRank: uint8(h.top_rank),
		TiebreakSuit: Suit(h.tiebreak_suit), CardCount: uint8(h.card_count)}
}

// Describe says the hand in words: "full house, K over 9".
func (h HandRank) Describe() (string, error) {
	return textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_hand_rank_describe(C.uint32_t(h.Value), buf, cap, n)
	})
}

// String is Describe's text.
func (h HandRank) String() string {
	s, err := h.Describe()
	if err != nil {
		return "HandRank(" + itoa(int(h.Value)) + ")"
	}
	return s
}

// Evaluate values a lane of 3 or 5 cards under the rule set; jokers take the lane's best reading.
func (r *Rules) Evaluate(cards []Card) (HandRank, error) {
	var out C.SssHandRank
	err := r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_evaluate(h, cardsPtr(cards), C.size_t(len(cards)), &out)
	})
	return handRank(out), err
}

// EvaluatePlayed is Evaluate that also gives the lane as played: each joker replaced by the card
// it stands for (the lane unchanged without jokers).
func (r *Rules) EvaluatePlayed(cards []Card) (HandRank, []Card, error) {
	var out C.SssHandRank
	played := make([]Card, len(cards))
	err := r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_evaluate_played(h, cardsPtr(cards), C.size_t(len(cards)), &out, cardsPtr(played))
	})
	if err != nil {
		return HandRank{}, nil, err
	}
	return handRank(out), played, nil
}

// Compare orders two hands of the same size: −1 when a is weaker, 0 for a tie, 1 when stronger.
func (r *Rules) Compare(a, b []Card) (int, error) {
	var out C.int32_t
	err := r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_compare(h, cardsPtr(a), C.size_t(len(a)), cardsPtr(b), C.size_t(len(b)), &out)
	})
	return int(out), err
}

// Foul says which lanes of an arrangement are out of order (倒水, RULES.md §2).
type Foul struct {
	FrontOverMiddle bool // the front beats the middle (or ties it under strict_order)
	MiddleOverBack  bool // the middle beats the back (or ties it)
}

// Any says whether the arrangement fouls.
func (f Foul) Any() bool { return f.FrontOverMiddle || f.MiddleOverBack }

// ArrangementEval is an arrangement's three lanes valued and its foul check.
type ArrangementEval struct {
	Front, Middle, Back HandRank
	Foul                Foul
}

// IsFoul says whether the arrangement fouls.
func (a ArrangementEval) IsFoul() bool { return a.Foul.Any() }

func arrangementEval(e C.SssArrangementEval) ArrangementEval {
	return ArrangementEval{Front: handRank(e.front), Middle: handRank(e.middle), Back: handRank(e.back),
		Foul: Foul{FrontOverMiddle: e.foul_bits&1 != 0, MiddleOverBack: e.foul_bits&2 != 0}}
}

// Check values three lanes (3, 5 and 5 cards) and checks their order under the rule set's
// reading of jokers.
func (r *Rules) Check(front, middle, back []Card) (ArrangementEval, error) {
	var out C.SssArrangementEval
	err := r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_arrangement_check(h, cardsPtr(front), C.size_t(len(front)), cardsPtr(middle),
			C.size_t(len(middle)), cardsPtr(back), C.size_t(len(back)), &out)
	})
	return arrangementEval(out), err
}

// Check13 is Check with the 13 cards in lane order: 3 front, 5 middle, 5 back.
func (r *Rules) Check13(cards []Card) (ArrangementEval, error) {
	var out C.SssArrangementEval
	err := r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_arrangement_check13(h, cardsPtr(cards), C.size_t(len(cards)), &out)
	})
	return arrangementEval(out), err
}

// Check13Played is Check13 that also gives the 13 cards as played (jokers replaced).
func (r *Rules) Check13Played(cards []Card) (ArrangementEval, []Card, error) {
	var out C.SssArrangementEval
	played := make([]Card, HandSize)
	if len(cards) != HandSize {
		// The engine reports the count; the buffer only has to be there.
		played = make([]Card, len(cards)+1)
	}
	err := r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_arrangement_check13_played(h, cardsPtr(cards), C.size_t(len(cards)), &out,
			(*C.uint8_t)(unsafe.Pointer(&played[0])))
	})
	if err != nil {
		return ArrangementEval{}, nil, err
	}
	return arrangementEval(out), played[:HandSize], nil
}
