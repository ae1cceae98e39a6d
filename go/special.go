package shisanshui

// #include "shisanshui.h"
import "C"

import "unsafe"

// Special is a special hand (报到, RULES.md §6), declared with all 13 cards instead of lanes.
type Special uint8

// The specials the engine knows.
const (
	SupremeDragon        Special = C.SSS_SPECIAL_SUPREME_DRAGON         // SD 至尊清龙
	Dragon               Special = C.SSS_SPECIAL_DRAGON                 // DR 一条龙
	TwelveRoyals         Special = C.SSS_SPECIAL_TWELVE_ROYALS          // TR 十二皇族
	ThreeStraightFlushes Special = C.SSS_SPECIAL_THREE_STRAIGHT_FLUSHES // TSF 三同花顺
	ThreeQuads           Special = C.SSS_SPECIAL_THREE_QUADS            // TQ 三套炸弹
	AllBig               Special = C.SSS_SPECIAL_ALL_BIG                // AB 全大
	AllSmall             Special = C.SSS_SPECIAL_ALL_SMALL              // AS 全小
	OneColor             Special = C.SSS_SPECIAL_ONE_COLOR              // OC 凑一色
	ThreeTripsQuad       Special = C.SSS_SPECIAL_THREE_TRIPS_QUAD       // TTQ 三套冲三加炸弹
	FourTrips            Special = C.SSS_SPECIAL_FOUR_TRIPS             // FT 四套冲三
	FivePairsTrips       Special = C.SSS_SPECIAL_FIVE_PAIRS_TRIPS       // FPT 五对冲三
	SixPairs             Special = C.SSS_SPECIAL_SIX_PAIRS              // SP 六对半
	ThreeFlushes         Special = C.SSS_SPECIAL_THREE_FLUSHES          // TF 三同花
	ThreeStraights       Special = C.SSS_SPECIAL_THREE_STRAIGHTS        // TS 三顺子
	TwelveBlackOneRed    Special = C.SSS_SPECIAL_TWELVE_BLACK_ONE_RED   // BR 全黑一点红
	TwelveRedOneBlack    Special = C.SSS_SPECIAL_TWELVE_RED_ONE_BLACK   // RB 全红一点黑
	noSpecial            Special = C.SSS_SPECIAL_NONE
)

// AllSpecials lists every special, in the engine's numbering.
var AllSpecials = func() []Special {
	all := make([]Special, SpecialCount)
	for i := range all {
		all[i] = Special(i)
	}
	return all
}()

// ID is the special's short id ("SD", "DR", ...), the one rule-set JSON uses.
func (s Special) ID() (string, error) {
	return textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_special_id(C.uint32_t(s), buf, cap, n)
	})
}

// Name is the special's name in a language ("six pairs", "六对半").
func (s Special) Name(lang Language) (string, error) {
	return textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_special_name(C.uint32_t(s), C.uint32_t(lang), buf, cap, n)
	})
}

// String is the special's id, or "special(N)" for a number the engine does not know.
func (s Special) String() string {
	id, err := s.ID()
	if err != nil {
		return "special(" + itoa(int(s)) + ")"
	}
	return id
}

// ParseSpecial reads a special by id or name ("SP", "six_pairs", "六对半"); ErrUnknownSpecial otherwise.
func ParseSpecial(text string) (Special, error) {
	p, n := strPtr(text)
	var out C.uint8_t
	err := call(func() C.SssStatus { return C.sss_special_parse(p, n, &out) })
	return Special(out), err
}

// SpecialWater is what the rule set pays for a special, in water; ErrSpecialNotAllowed when the
// rule set does not enable it.
func (r *Rules) SpecialWater(s Special) (uint32, error) {
	var out C.uint32_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_special_water(h, C.uint32_t(s), &out) })
	return uint32(out), err
}

// Specials lists the specials the rule set enables, highest first.
func (r *Rules) Specials() ([]Special, error) {
	var buf [C.SSS_SPECIAL_COUNT]C.uint8_t
	var n C.size_t
	err := r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_rules_get_specials(h, &buf[0], C.size_t(len(buf)), &n)
	})
	if err != nil {
		return nil, err
	}
	out := make([]Special, int(n))
	for i := range out {
		out[i] = Special(buf[i])
	}
	return out, nil
}

// SpecialDetection is what 13 cards make as specials under a rule set.
type SpecialDetection struct {
	// Best is the highest enabled special the cards make; HasBest says whether there is one.
	Best    Special
	HasBest bool
	// All lists every enabled special the cards make, in the rule set's order.
	All []Special
	// Arrangement is the three lanes of a three-piece special (three flushes, straights or
	// straight flushes) as the cards make it, when Best is one; nil otherwise.
	Arrangement *Lanes
}

// Lanes is an arrangement's three lanes: 3, 5 and 5 cards.
type Lanes struct {
	Front  [3]Card
	Middle [5]Card
	Back   [5]Card
}

// Cards is the 13 cards in lane order (front, middle, back).
func (l Lanes) Cards() []Card {
	out := make([]Card, 0, HandSize)
	out = append(out, l.Front[:]...)
	out = append(out, l.Middle[:]...)
	return append(out, l.Back[:]...)
}

// String writes the lanes as "front / middle / back".
func (l Lanes) String() string {
	f, _ := FormatCards(l.Front[:], Letters)
	m, _ := FormatCards(l.Middle[:], Letters)
	b, _ := FormatCards(l.Back[:], Letters)
	return f + " / " + m + " / " + b
}

func lanesOf(front *[3]C.uint8_t, middle, back *[5]C.uint8_t) *Lanes {
	l := &Lanes{}
	for i := range l.Front {
		l.Front[i] = Card(front[i])
	}
	for i := range l.Middle {
		l.Middle[i] = Card(middle[i])
		l.Back[i] = Card(back[i])
	}
	return l
}

// DetectSpecial finds the specials 13 cards make under the rule set.
func (r *Rules) DetectSpecial(cards []Card) (SpecialDetection, error) {
	var out C.SssSpecialDetection
	err := r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_special_detect(h, cardsPtr(cards), C.size_t(len(cards)), &out)
	})
	if err != nil {
		return SpecialDetection{}, err
	}
	d := SpecialDetection{Best: Special(out.best), HasBest: out.has_best != 0, All: make([]Special, int(out.count))}
	for i := range d.All {
		d.All[i] = Special(out.all[i])
	}
	if out.has_arrangement != 0 {
		d.Arrangement = lanesOf((*[3]C.uint8_t)(unsafe.Pointer(&out.front[0])),
			(*[5]C.uint8_t)(unsafe.Pointer(&out.middle[0])), (*[5]C.uint8_t)(unsafe.Pointer(&out.back[0])))
	}
	return d, nil
}
