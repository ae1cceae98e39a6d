package shisanshui

// #include <stdlib.h>
// #include "shisanshui.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// Role is the seat an arranger plays at a banker table (RULES.md §5a).
type Role uint32

// The roles.
const (
	RolePlayer Role = C.SSS_ROLE_PLAYER // a player (settled against the banker); every seat at an all-pairs table
	RoleBanker Role = C.SSS_ROLE_BANKER // the banker (settled against every other seat)
)

// String names the role.
func (r Role) String() string {
	switch r {
	case RolePlayer:
		return "player"
	case RoleBanker:
		return "banker"
	}
	return "role " + itoa(int(r))
}

// Level is a bot's strength: below LevelBest the arrangement is one of the best of each
// lane-category combination, drawn from the level's seed.
type Level uint32

// The levels.
const (
	LevelBeginner Level = C.SSS_LEVEL_BEGINNER // often clearly weaker (about −1.0 water a hand heads-up)
	LevelCasual   Level = C.SSS_LEVEL_CASUAL   // sound, with regular slips (about −0.4)
	LevelStrong   Level = C.SSS_LEVEL_STRONG   // nearly the best (about −0.1)
	LevelBest     Level = C.SSS_LEVEL_BEST     // the best arrangement every time
)

// String is the level's name ("casual").
func (l Level) String() string {
	s, err := textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_level_name(C.uint32_t(l), buf, cap, n)
	})
	if err != nil {
		return "level " + itoa(int(l))
	}
	return s
}

// ParseLevel reads a level name ("beginner", "casual", "strong", "best"; any case).
func ParseLevel(text string) (Level, error) {
	p, n := strPtr(text)
	var out C.uint32_t
	err := call(func() C.SssStatus { return C.sss_level_parse(p, n, &out) })
	return Level(out), err
}

// ArrangerOptions is what an arranger is made for and how it plays beyond its rule set. A new way
// to play is a new field here (it crosses the C ABI as one struct, SssArrangerOptions).
type ArrangerOptions struct {
	Players     int    // seats at the table: 2 to the rule set's MaxPlayers
	Role        Role   // RolePlayer (every seat at an all-pairs table) or RoleBanker
	Level       Level  // LevelBest plays the best arrangement every time
	Seed        uint64 // the seed of a level's draws (kept, not used, at LevelBest)
	CardRemoval bool   // play against the field conditioned on the cards held (the default)
}

// DefaultArrangerOptions are the options of a table of `players`: a player's seat, LevelBest,
// seed 0, card removal on.
func DefaultArrangerOptions(players int) ArrangerOptions {
	return ArrangerOptions{Players: players, Role: RolePlayer, Level: LevelBest, CardRemoval: true}
}

// Arranger arranges 13 cards for one rule set at one table: the objective is built once, then
// every call is a search. It never changes after it is made, so one Arranger may be shared by
// any number of goroutines. Close releases it (a finalizer does if it is never closed).
type Arranger struct {
	h *C.SssArranger
}

func newArranger(h *C.SssArranger) *Arranger {
	a := &Arranger{h: h}
	runtime.SetFinalizer(a, (*Arranger).Close)
	return a
}

func playersIn(players int) (C.uint32_t, error) {
	if players < 0 || players > 1<<16 {
		return 0, argError(StatusInvalidTable, "a table has 2 to 8 players, got "+itoa(players))
	}
	return C.uint32_t(players), nil
}

// NewArranger is an arranger for a rule set at an all-pairs table of `players` seats. Banker
// tables have two kinds of seat: NewArrangerFor.
func NewArranger(rules *Rules, players int) (*Arranger, error) {
	p, err := playersIn(players)
	if err != nil {
		return nil, err
	}
	h, err := rules.ptr()
	if err != nil {
		return nil, err
	}
	var out *C.SssArranger
	err = call(func() C.SssStatus { return C.sss_arranger_new(h, p, &out) })
	runtime.KeepAlive(rules)
	if err != nil {
		return nil, err
	}
	return newArranger(out), nil
}

// NewArrangerFor is an arranger for one seat's role (RoleBanker only at a banker table).
func NewArrangerFor(rules *Rules, players int, role Role) (*Arranger, error) {
	p, err := playersIn(players)
	if err != nil {
		return nil, err
	}
	h, err := rules.ptr()
	if err != nil {
		return nil, err
	}
	var out *C.SssArranger
	err = call(func() C.SssStatus { return C.sss_arranger_new_for(h, p, C.uint32_t(role), &out) })
	runtime.KeepAlive(rules)
	if err != nil {
		return nil, err
	}
	return newArranger(out), nil
}

// NewArrangerWith is an arranger made from options, in one call.
func NewArrangerWith(rules *Rules, options ArrangerOptions) (*Arranger, error) {
	p, err := playersIn(options.Players)
	if err != nil {
		return nil, err
	}
	h, err := rules.ptr()
	if err != nil {
		return nil, err
	}
	o := (*C.SssArrangerOptions)(C.malloc(C.sizeof_SssArrangerOptions))
	defer C.free(unsafe.Pointer(o))
	var out *C.SssArranger
	err = call(func() C.SssStatus {
		if st := C.sss_arranger_options_init(o, C.sizeof_SssArrangerOptions, p); st != C.SSS_OK {
			return st
		}
		o.role = C.uint32_t(options.Role)
		o.level = C.uint32_t(options.Level)
		o.seed = C.uint64_t(options.Seed)
		o.card_removal = flag(options.CardRemoval)
		return C.sss_arranger_new_with(h, o, &out)
	})
	runtime.KeepAlive(rules)
	if err != nil {
		return nil, err
	}
	return newArranger(out), nil
}

// NewArrangerPreset is an arranger for a preset by name at an all-pairs table.
func NewArrangerPreset(preset string, players int) (*Arranger, error) {
	p, err := playersIn(players)
	if err != nil {
		return nil, err
	}
	name, n := strPtr(preset)
	var out *C.SssArranger
	if err := call(func() C.SssStatus { return C.sss_arranger_new_preset(name, n, p, &out) }); err != nil {
		return nil, err
	}
	return newArranger(out), nil
}

// Close releases the arranger; later calls return ErrClosed. Closing twice is harmless. It must
// not run while another goroutine uses the arranger.
func (a *Arranger) Close() error {
	if a != nil && a.h != nil {
		C.sss_arranger_free(a.h)
		a.h = nil
		runtime.SetFinalizer(a, nil)
	}
	return nil
}

func (a *Arranger) ptr() (*C.SssArranger, error) {
	if a == nil || a.h == nil {
		return nil, ErrClosed
	}
	return a.h, nil
}

func (a *Arranger) use(f func(h *C.SssArranger) C.SssStatus) error {
	h, err := a.ptr()
	if err != nil {
		return err
	}
	err = call(func() C.SssStatus { return f(h) })
	runtime.KeepAlive(a)
	return err
}

// WithLevel is a new arranger playing like this one at a bot level, its draws seeded by seed
// (the objective is shared; this one is unchanged).
func (a *Arranger) WithLevel(level Level, seed uint64) (*Arranger, error) {
	var out *C.SssArranger
	if err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_arranger_with_level(h, C.uint32_t(level), C.uint64_t(seed), &out)
	}); err != nil {
		return nil, err
	}
	return newArranger(out), nil
}

// WithCardRemoval is a new arranger playing like this one with card removal on or off.
func (a *Arranger) WithCardRemoval(on bool) (*Arranger, error) {
	var out *C.SssArranger
	if err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_arranger_with_card_removal(h, flag(on), &out)
	}); err != nil {
		return nil, err
	}
	return newArranger(out), nil
}

// Options is what the arranger plays with (NewArrangerWith makes the same arranger from it).
func (a *Arranger) Options() (ArrangerOptions, error) {
	o := (*C.SssArrangerOptions)(C.malloc(C.sizeof_SssArrangerOptions))
	defer C.free(unsafe.Pointer(o))
	o.size = C.sizeof_SssArrangerOptions
	if err := a.use(func(h *C.SssArranger) C.SssStatus { return C.sss_arranger_get_options(h, o) }); err != nil {
		return ArrangerOptions{}, err
	}
	return ArrangerOptions{Players: int(o.players), Role: Role(o.role), Level: Level(o.level), Seed: uint64(o.seed),
		CardRemoval: o.card_removal != 0}, nil
}

// Players is the arranger's table size.
func (a *Arranger) Players() (int, error) {
	var v C.uint32_t
	err := a.use(func(h *C.SssArranger) C.SssStatus { return C.sss_arranger_get_players(h, &v) })
	return int(v), err
}

// Role is the seat's role the arranger was made for.
func (a *Arranger) Role() (Role, error) {
	var v C.uint32_t
	err := a.use(func(h *C.SssArranger) C.SssStatus { return C.sss_arranger_get_role(h, &v) })
	return Role(v), err
}

// Level is the arranger's bot level and the seed of its draws.
func (a *Arranger) Level() (Level, uint64, error) {
	var l C.uint32_t
	var s C.uint64_t
	err := a.use(func(h *C.SssArranger) C.SssStatus { return C.sss_arranger_get_level(h, &l, &s) })
	return Level(l), uint64(s), err
}

// CardRemoval says whether card removal is on.
func (a *Arranger) CardRemoval() (bool, error) {
	var v C.uint8_t
	err := a.use(func(h *C.SssArranger) C.SssStatus { return C.sss_arranger_get_card_removal(h, &v) })
	return v != 0, err
}

// Rules is a copy of the arranger's rule set (close it when done).
func (a *Arranger) Rules() (*Rules, error) {
	var out *C.SssRules
	if err := a.use(func(h *C.SssArranger) C.SssStatus { return C.sss_arranger_get_rules(h, &out) }); err != nil {
		return nil, err
	}
	return newRules(out), nil
}

// Arranged is an arrangement with its lane categories and expected water against the field.
type Arranged struct {
	Lanes         Lanes
	Categories    [3]Category // front, middle, back
	ExpectedWater float64
}

func arrangedOf(x *C.SssArranged) Arranged {
	l := lanesOf((*[3]C.uint8_t)(unsafe.Pointer(&x.front[0])), (*[5]C.uint8_t)(unsafe.Pointer(&x.middle[0])),
		(*[5]C.uint8_t)(unsafe.Pointer(&x.back[0])))
	return Arranged{Lanes: *l, ExpectedWater: float64(x.expected_water),
		Categories: [3]Category{Category(x.categories[0]), Category(x.categories[1]), Category(x.categories[2])}}
}

// Seat is the arrangement as a seat for settlement.
func (a Arranged) Seat() Seat {
	s := Seat{kind: SeatArranged, special: noSpecial}
	copy(s.cards[:], a.Lanes.Cards())
	return s
}

// Arrange is the legal arrangement of 13 cards with the highest expected water (never a foul);
// at a lower level, the level's draw.
func (a *Arranger) Arrange(cards []Card) (Arranged, error) {
	var out C.SssArranged
	err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_arrange(h, cardsPtr(cards), C.size_t(len(cards)), &out)
	})
	if err != nil {
		return Arranged{}, err
	}
	return arrangedOf(&out), nil
}

// Play is the seat a good player puts down with 13 cards: the special they make declared where
// declaring is worth more than the lanes, else the lanes of Arrange. Settle takes it as it is.
func (a *Arranger) Play(cards []Card) (Seat, error) {
	var out C.SssSeat
	err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_arranger_play(h, cardsPtr(cards), C.size_t(len(cards)), &out)
	})
	return seatOf(out), err
}

// ExpectedWater is the expected water of an arrangement (13 cards in lane order) against the
// field; a foul is priced as losing every lane to every opponent.
func (a *Arranger) ExpectedWater(lanes []Card) (float64, error) {
	var out C.double
	err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_arranger_expected_water(h, cardsPtr(lanes), C.size_t(len(lanes)), &out)
	})
	return float64(out), err
}

// SuggestionKind says why a suggestion is offered.
type SuggestionKind uint8

// The suggestion kinds.
const (
	SuggestBest            SuggestionKind = C.SSS_SUGGESTION_BEST             // the best arrangement (Arrange's)
	SuggestStrongestBack   SuggestionKind = C.SSS_SUGGESTION_STRONGEST_BACK   // best with the strongest back category
	SuggestStrongestMiddle SuggestionKind = C.SSS_SUGGESTION_STRONGEST_MIDDLE // best with the strongest middle category
	SuggestAlternative     SuggestionKind = C.SSS_SUGGESTION_ALTERNATIVE      // another combination of lane categories
)

// String is the kind's snake_case name.
func (k SuggestionKind) String() string {
	switch k {
	case SuggestBest:
		return "best"
	case SuggestStrongestBack:
		return "strongest_back"
	case SuggestStrongestMiddle:
		return "strongest_middle"
	case SuggestAlternative:
		return "alternative"
	}
	return "suggestion kind " + itoa(int(k))
}

// Suggestion is one arrangement a player may be shown.
type Suggestion struct {
	Arranged
	Kind SuggestionKind
}

// Suggest is up to n distinct arrangements worth showing (理牌): the best first, then the best
// with the strongest back and middle, then other lane-category combinations.
func (a *Arranger) Suggest(cards []Card, n int) ([]Suggestion, error) {
	if n < 0 || n > 1<<16 {
		return nil, argError(StatusInvalidArgument, "n is a count of suggestions, not "+itoa(n))
	}
	buf := make([]C.SssSuggestion, n)
	var ptr *C.SssSuggestion
	if n > 0 {
		ptr = &buf[0]
	}
	var count C.size_t
	err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_suggest(h, cardsPtr(cards), C.size_t(len(cards)), C.size_t(n), ptr, C.size_t(n), &count)
	})
	if err != nil {
		return nil, err
	}
	out := make([]Suggestion, int(count))
	for i := range out {
		out[i] = Suggestion{Arranged: arrangedOf(&buf[i].arranged), Kind: SuggestionKind(buf[i].kind)}
	}
	return out, nil
}

// SpecialAdvice weighs declaring a special against playing lanes.
type SpecialAdvice struct {
	Special      Special
	DeclareWater float64 // expected water of declaring
	LaneWater    float64 // expected water of the best lanes
	BestLanes    Arranged
}

// Declare says whether declaring is worth more than the lanes.
func (s SpecialAdvice) Declare() bool { return s.DeclareWater > s.LaneWater }

// Advantage is how much more declaring is worth (negative: the lanes are worth more).
func (s SpecialAdvice) Advantage() float64 { return s.DeclareWater - s.LaneWater }

// SpecialAdvice is the advice for 13 cards, or nil when they make no enabled special.
func (a *Arranger) SpecialAdvice(cards []Card) (*SpecialAdvice, error) {
	var out C.SssSpecialAdvice
	err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_special_advice(h, cardsPtr(cards), C.size_t(len(cards)), &out)
	})
	if err != nil || out.has_special == 0 {
		return nil, err
	}
	return &SpecialAdvice{Special: Special(out.special), DeclareWater: float64(out.declare_water),
		LaneWater: float64(out.lane_water), BestLanes: arrangedOf(&out.best_lanes)}, nil
}

// Complete is the best arrangement of 13 cards that keeps the lanes the player fixed (each lane
// empty, or all of its cards): ErrCardNotInHand, ErrNoLegalArrangement as the header says.
func (a *Arranger) Complete(cards, front, middle, back []Card) (Arranged, error) {
	var out C.SssArranged
	err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_complete(h, cardsPtr(cards), C.size_t(len(cards)), cardsPtr(front), C.size_t(len(front)),
			cardsPtr(middle), C.size_t(len(middle)), cardsPtr(back), C.size_t(len(back)), &out)
	})
	if err != nil {
		return Arranged{}, err
	}
	return arrangedOf(&out), nil
}
