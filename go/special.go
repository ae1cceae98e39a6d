package shisanshui

// #include "shisanshui.h"
import "C"

import (
	"sync"
	"unsafe"
)

// Special is a special hand (报到, RULES.md §6): 13 cards declared whole instead of played in
// lanes. Its value is the engine's SssSpecial number; which specials a rule set enables, in what
// order and for how much water, is the rule set's (Rules.Specials, Rules.SpecialWater).
type Special uint8

// The specials the engine knows, in its numbering (0 to SpecialCount − 1).
const (
	SupremeDragon        Special = C.SSS_SPECIAL_SUPREME_DRAGON         // SD 至尊清龙: A to K, one suit
	Dragon               Special = C.SSS_SPECIAL_DRAGON                 // DR 一条龙: A to K
	TwelveRoyals         Special = C.SSS_SPECIAL_TWELVE_ROYALS          // TR 十二皇族: every card J, Q, K or A
	ThreeStraightFlushes Special = C.SSS_SPECIAL_THREE_STRAIGHT_FLUSHES // TSF 三同花顺
	ThreeQuads           Special = C.SSS_SPECIAL_THREE_QUADS            // TQ 三套炸弹: three quads + 1
	AllBig               Special = C.SSS_SPECIAL_ALL_BIG                // AB 全大: every rank 8 to A
	AllSmall             Special = C.SSS_SPECIAL_ALL_SMALL              // AS 全小: every rank 2 to 8
	OneColor             Special = C.SSS_SPECIAL_ONE_COLOR              // OC 凑一色: all red or all black
	ThreeTripsQuad       Special = C.SSS_SPECIAL_THREE_TRIPS_QUAD       // TTQ 三套冲三加炸弹: 3 + 3 + 3 + 4
	FourTrips            Special = C.SSS_SPECIAL_FOUR_TRIPS             // FT 四套冲三: four trips + 1
	FivePairsTrips       Special = C.SSS_SPECIAL_FIVE_PAIRS_TRIPS       // FPT 五对冲三: five pairs + trips
	SixPairs             Special = C.SSS_SPECIAL_SIX_PAIRS              // SP 六对半: six pairs + 1
	ThreeFlushes         Special = C.SSS_SPECIAL_THREE_FLUSHES          // TF 三同花: 3 + 5 + 5 of one suit each
	ThreeStraights       Special = C.SSS_SPECIAL_THREE_STRAIGHTS        // TS 三顺子
	TwelveBlackOneRed    Special = C.SSS_SPECIAL_TWELVE_BLACK_ONE_RED   // BR 全黑一点红 (regional extra)
	TwelveRedOneBlack    Special = C.SSS_SPECIAL_TWELVE_RED_ONE_BLACK   // RB 全红一点黑 (regional extra)
)

// NoSpecial (255) is no special: SpecialDetection.Best and DetectSpecialMany's entry for a hand
// that makes none, and the Special of a seat or event without one.
const NoSpecial Special = C.SSS_SPECIAL_NONE

// noSpecial is NoSpecial under the name the rest of the package uses.
const noSpecial = NoSpecial

// AllSpecials lists every special the engine knows, in its numbering.
var AllSpecials = func() []Special {
	all := make([]Special, SpecialCount)
	for i := range all {
		all[i] = Special(i)
	}
	return all
}()

// The ids are read from the engine once: String runs in every log line and error message.
var (
	specialIDsOnce sync.Once
	specialIDs     [SpecialCount]string
)

// ID is the special's short id ("SD", "TSF", …, "RB": RULES.md §6 and the rule-set JSON). A
// number the engine does not know is ErrInvalidArgument.
func (s Special) ID() (string, error) {
	return textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_special_id(C.uint32_t(s), buf, cap, n)
	})
}

// Name is the special's name in a language: "six pairs", "六对半". An unknown special or
// language is ErrInvalidArgument.
func (s Special) Name(lang Language) (string, error) {
	return textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_special_name(C.uint32_t(s), C.uint32_t(lang), buf, cap, n)
	})
}

// String is the special's id ("DR"), "none" for NoSpecial, "special(N)" for another number the
// engine does not know.
func (s Special) String() string {
	specialIDsOnce.Do(func() {
		for i := range specialIDs {
			if id, err := Special(i).ID(); err == nil {
				specialIDs[i] = id
			}
		}
	})
	if int(s) < len(specialIDs) && specialIDs[s] != "" {
		return specialIDs[s]
	}
	if s == NoSpecial {
		return "none"
	}
	return "special(" + itoa(int(s)) + ")"
}

// ParseSpecial reads a special from its id ("TSF"), English name ("three straight flushes" or
// "three_straight_flushes"; ASCII case-insensitive) or Chinese name ("三同花顺"). Anything else is
// ErrUnknownSpecial naming the text; text that is not UTF-8 is ErrInvalidUTF8.
func ParseSpecial(text string) (Special, error) {
	p, n := strPtr(text)
	var out C.uint8_t
	if err := call(func() C.SssStatus { return C.sss_special_parse(p, n, &out) }); err != nil {
		return NoSpecial, err
	}
	return Special(out), nil
}

// SpecialWater is the water the rule set pays for a special: 0 when the rule set does not enable
// it (an enabled special is always worth at least 1). A number the engine does not know is
// ErrInvalidArgument.
func (r *Rules) SpecialWater(s Special) (uint32, error) {
	var out C.uint32_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_special_water(h, C.uint32_t(s), &out) })
	if err != nil {
		return 0, err
	}
	return uint32(out), nil
}

// Specials lists the specials the rule set enables, highest first (the order DetectSpecial
// reports them in); empty for a rule set without specials (chinese_poker).
func (r *Rules) Specials() ([]Special, error) {
	var buf [SpecialCount]C.uint8_t
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
	// Best is the highest enabled special the cards make, in the rule set's order; HasBest says
	// whether there is one (Best is NoSpecial when not).
	Best    Special
	HasBest bool
	// All is every enabled special the cards make, highest first (empty when none).
	All []Special
	// Arrangement is the legal arrangement that realises Best when Best is three straight
	// flushes, three flushes or three straights (each lane highest card first; jokers stay
	// jokers); nil otherwise.
	Arrangement *Lanes
}

// Has says whether the cards make special s (s is in All).
func (d SpecialDetection) Has(s Special) bool {
	for _, x := range d.All {
		if x == s {
			return true
		}
	}
	return false
}

// Lanes is an arrangement's three lanes: front 3 cards, middle 5, back 5.
type Lanes struct {
	Front  [3]Card
	Middle [5]Card
	Back   [5]Card
}

// Cards is the 13 cards in lane order (front, middle, back), the layout Check13, ArrangedSeat and
// the batches take.
func (l Lanes) Cards() []Card {
	out := make([]Card, 0, HandSize)
	out = append(out, l.Front[:]...)
	out = append(out, l.Middle[:]...)
	return append(out, l.Back[:]...)
}

// String writes the lanes as "front / middle / back": "Ah 3h 2h / 9c 8c 7c 6c 5c / Kd Qd Jd Td 9d".
func (l Lanes) String() string {
	return laneText(l.Front[:]) + " / " + laneText(l.Middle[:]) + " / " + laneText(l.Back[:])
}

func laneText(cards []Card) string {
	s, err := FormatCards(cards, Letters)
	if err != nil {
		// Not cards (a zero Lanes is not, a made-up one may hold bad codes): each code as String.
		s = ""
		for i, c := range cards {
			if i > 0 {
				s += " "
			}
			s += c.String()
		}
	}
	return s
}

// lanesOf copies the C ABI's three lane arrays.
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

// DetectSpecial finds the specials 13 cards make under the rule set (in any order; a card of an
// extra suit may be there twice, jokers where the deck deals them, counting toward a special only
// under JokersInSpecials). Errors, the codes checked first, then the count, then copies:
// ErrBadCardCode, ErrWrongCardCount (not 13 cards), ErrDuplicateCard or ErrTooManyCopies naming
// the position; ErrClosed for closed rules.
func (r *Rules) DetectSpecial(cards []Card) (SpecialDetection, error) {
	var out C.SssSpecialDetection
	err := r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_special_detect(h, cardsPtr(cards), C.size_t(len(cards)), &out)
	})
	if err != nil {
		return SpecialDetection{Best: NoSpecial}, err
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
