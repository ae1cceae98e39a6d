package shisanshui

// #include "shisanshui.h"
import "C"

import "runtime"

// Wheel is where A-2-3-4-5 ranks among straights (RULES.md §3).
type Wheel uint32

// The wheel options.
const (
	WheelSecondHighest Wheel = C.SSS_WHEEL_SECOND_HIGHEST // below A-K-Q-J-10, above K-Q-J-10-9
	WheelLowest        Wheel = C.SSS_WHEEL_LOWEST         // below 6-5-4-3-2, as in poker
)

// Table is which pairs of seats a round settles (RULES.md §5a).
type Table uint32

// The table options.
const (
	TableAllPairs Table = C.SSS_TABLE_ALL_PAIRS // every pair of seats (the default)
	TableBanker   Table = C.SSS_TABLE_BANKER    // banker mode (庄家): only the pairs with the banker
)

// JokerLanes is how a lane holding jokers is read for the foul check (RULES.md §12).
type JokerLanes uint32

// The two readings of §12.
const (
	JokerLanesEachBest  JokerLanes = C.SSS_JOKER_LANES_EACH_BEST  // each lane its best, even if that fouls
	JokerLanesAvoidFoul JokerLanes = C.SSS_JOKER_LANES_AVOID_FOUL // the best readings that do not foul
)

// ExtraSuits is the set of suits a deck holds twice (RULES.md §11): a bit per suit code.
type ExtraSuits uint8

// The extra-suit bits, and two decks (every suit twice).
const (
	ExtraDiamonds ExtraSuits = 1
	ExtraClubs    ExtraSuits = 2
	ExtraHearts   ExtraSuits = 4
	ExtraSpades   ExtraSuits = 8
	TwoDecks      ExtraSuits = 0xF
)

// Presets are the names NewRules takes.
var Presets = []string{"classic", "regional", "kx", "hk", "ranked", "chinese_poker"}

// Rules is a rule set (RULES.md §2–§12). Make one with NewRules or RulesFromJSON; Close releases
// it (a finalizer does if it is never closed). Reading it from several goroutines at once is
// safe; a Set... method must not run while another goroutine uses it.
type Rules struct {
	h *C.SssRules
}

func newRules(h *C.SssRules) *Rules {
	r := &Rules{h: h}
	runtime.SetFinalizer(r, (*Rules).Close)
	return r
}

// NewRules makes the rule set of a preset: "classic", "regional", "kx", "hk", "ranked" or
// "chinese_poker" (ASCII case-insensitive). An unknown name is ErrUnknownPreset.
func NewRules(preset string) (*Rules, error) {
	p, n := strPtr(preset)
	var h *C.SssRules
	if err := call(func() C.SssStatus { return C.sss_rules_new_preset(p, n, &h) }); err != nil {
		return nil, err
	}
	return newRules(h), nil
}

// MustRules is NewRules for a preset named in the program: it panics on an unknown name.
func MustRules(preset string) *Rules {
	r, err := NewRules(preset)
	if err != nil {
		panic(err)
	}
	return r
}

// RulesFromJSON loads a rule set from the JSON Rules.JSON writes (every option; fields left out
// take the classic preset's values) and validates it. A bad value is ErrInvalidRules naming the
// field's JSON path.
func RulesFromJSON(json string) (*Rules, error) {
	p, n := strPtr(json)
	var h *C.SssRules
	if err := call(func() C.SssStatus { return C.sss_rules_from_json(p, n, &h) }); err != nil {
		return nil, err
	}
	return newRules(h), nil
}

// Close releases the rule set; later calls with it return ErrClosed. Closing twice is harmless.
// Handles made from it (an Arranger) keep their own copy.
func (r *Rules) Close() error {
	if r != nil && r.h != nil {
		C.sss_rules_free(r.h)
		r.h = nil
		runtime.SetFinalizer(r, nil)
	}
	return nil
}

// use runs a call with the live handle; a closed (or nil) rule set is ErrClosed.
func (r *Rules) use(f func(h *C.SssRules) C.SssStatus) error {
	if r == nil || r.h == nil {
		return ErrClosed
	}
	err := call(func() C.SssStatus { return f(r.h) })
	runtime.KeepAlive(r)
	return err
}

// ptr is the live handle, or ErrClosed; the caller keeps r alive past its C call
// (runtime.KeepAlive) so the finalizer cannot free it meanwhile.
func (r *Rules) ptr() (*C.SssRules, error) {
	if r == nil || r.h == nil {
		return nil, ErrClosed
	}
	return r.h, nil
}

// Clone is an independent copy.
func (r *Rules) Clone() (*Rules, error) {
	var h *C.SssRules
	if err := r.use(func(p *C.SssRules) C.SssStatus { return C.sss_rules_clone(p, &h) }); err != nil {
		return nil, err
	}
	return newRules(h), nil
}

// JSON is the whole rule set as JSON (RulesFromJSON reads it back).
func (r *Rules) JSON() (string, error) {
	if r == nil || r.h == nil {
		return "", ErrClosed
	}
	s, err := textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_rules_to_json(r.h, buf, cap, n)
	})
	runtime.KeepAlive(r)
	return s, err
}

// String is the rule set's JSON.
func (r *Rules) String() string {
	s, err := r.JSON()
	if err != nil {
		return "Rules(" + err.Error() + ")"
	}
	return s
}

// Validate checks the rule set's values against each other.
func (r *Rules) Validate() error {
	return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_validate(h) })
}

func flag(b bool) C.uint8_t {
	if b {
		return 1
	}
	return 0
}

// Wheel is where A-2-3-4-5 ranks.
func (r *Rules) Wheel() (Wheel, error) {
	var v C.uint32_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_get_wheel(h, &v) })
	return Wheel(v), err
}

// SetWheel sets where A-2-3-4-5 ranks.
func (r *Rules) SetWheel(w Wheel) error {
	return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_set_wheel(h, C.uint32_t(w)) })
}

// SuitTiebreak says whether suits break ties between equal hands (RULES.md §3).
func (r *Rules) SuitTiebreak() (bool, error) {
	var v C.uint8_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_get_suit_tiebreak(h, &v) })
	return v != 0, err
}

// SetSuitTiebreak sets whether suits break ties.
func (r *Rules) SetSuitTiebreak(on bool) error {
	return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_set_suit_tiebreak(h, flag(on)) })
}

// StrictOrder says whether equal lanes are a foul (RULES.md §2).
func (r *Rules) StrictOrder() (bool, error) {
	var v C.uint8_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_get_strict_order(h, &v) })
	return v != 0, err
}

// SetStrictOrder sets whether equal lanes are a foul.
func (r *Rules) SetStrictOrder(on bool) error {
	return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_set_strict_order(h, flag(on)) })
}

// Table is which pairs a round settles.
func (r *Rules) Table() (Table, error) {
	var v C.uint32_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_get_table(h, &v) })
	return Table(v), err
}

// SetTable sets which pairs a round settles; banker mode under ranked scoring is ErrInvalidRules.
func (r *Rules) SetTable(t Table) error {
	return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_set_table(h, C.uint32_t(t)) })
}

// MajorityBonus is the water a majority win adds (0 to 1000).
func (r *Rules) MajorityBonus() (uint32, error) {
	var v C.uint32_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_get_majority_bonus(h, &v) })
	return uint32(v), err
}

// SetMajorityBonus sets the majority bonus (0 to 1000 water; 0 under ranked scoring).
func (r *Rules) SetMajorityBonus(water uint32) error {
	return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_set_majority_bonus(h, C.uint32_t(water)) })
}

// ExtraSuits is the set of suits the deck holds twice (RULES.md §11).
func (r *Rules) ExtraSuits() (ExtraSuits, error) {
	var v C.uint8_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_get_extra_suits(h, &v) })
	return ExtraSuits(v), err
}

// SetExtraSuits sets the suits the deck holds twice; each adds 13 cards and a seat.
func (r *Rules) SetExtraSuits(s ExtraSuits) error {
	return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_set_extra_suits(h, C.uint8_t(s)) })
}

// MaxPlayers is the most seats the rule set's deck deals (4 for one deck, up to 8).
func (r *Rules) MaxPlayers() (int, error) {
	var v C.uint32_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_get_max_players(h, &v) })
	return int(v), err
}

// Jokers is the number of jokers the deck deals (0 to 6, RULES.md §12).
func (r *Rules) Jokers() (int, error) {
	var v C.uint8_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_get_jokers(h, &v) })
	return int(v), err
}

// SetJokers sets the number of jokers the deck deals (0 to 6).
func (r *Rules) SetJokers(n int) error {
	if n < 0 || n > 255 {
		return argError(StatusInvalidRules, "jokers: "+itoa(n)+" is not 0 to 6")
	}
	return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_set_jokers(h, C.uint8_t(n)) })
}

// JokerLanes is how lanes with jokers are read for the foul check.
func (r *Rules) JokerLanes() (JokerLanes, error) {
	var v C.uint32_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_get_joker_lanes(h, &v) })
	return JokerLanes(v), err
}

// SetJokerLanes sets how lanes with jokers are read.
func (r *Rules) SetJokerLanes(l JokerLanes) error {
	return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_set_joker_lanes(h, C.uint32_t(l)) })
}

// JokersInSpecials says whether jokers count toward specials.
func (r *Rules) JokersInSpecials() (bool, error) {
	var v C.uint8_t
	err := r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_get_jokers_in_specials(h, &v) })
	return v != 0, err
}

// SetJokersInSpecials sets whether jokers count toward specials.
func (r *Rules) SetJokersInSpecials(on bool) error {
	return r.use(func(h *C.SssRules) C.SssStatus { return C.sss_rules_set_jokers_in_specials(h, flag(on)) })
}

// ParseCards reads a hand of the rule set's deck: a card of an extra suit may be there twice,
// jokers when it deals them.
func (r *Rules) ParseCards(text string) ([]Card, error) {
	if r == nil || r.h == nil {
		return nil, ErrClosed
	}
	c, err := parseCards(r, text, C.SSS_MAX_DECK_SIZE_WITH_JOKERS)
	runtime.KeepAlive(r)
	return c, err
}

// ValidateCards checks codes as a hand of the rule set's deck.
func (r *Rules) ValidateCards(cards []Card) error {
	return r.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_cards_validate_for(h, cardsPtr(cards), C.size_t(len(cards)))
	})
}
