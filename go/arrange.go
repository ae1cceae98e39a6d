package shisanshui

// #include <stdlib.h>
// #include "shisanshui.h"
import "C"

import (
	"errors"
	"math"
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

// ParseLevel reads a level name ("beginner", "casual", "strong", "best"; any case, surrounding
// spaces ignored). Anything else is ErrInvalidArgument, naming the text and the choices.
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

// playersIn passes a seat count to the engine, which decides the tables it plays; only a count
// that does not fit the C ABI's uint32 is refused here.
func playersIn(players int) (C.uint32_t, error) {
	if players < 0 || uint64(players) > math.MaxUint32 {
		return 0, argError(StatusInvalidTable, "a table has 2 or more players, got "+itoa(players))
	}
	return C.uint32_t(players), nil
}

// NewArranger is an arranger for a rule set at an all-pairs table of `players` seats (2 to 4
// today: the engine decides). It keeps its own copy of the rules. A banker table has two kinds
// of seat: NewArrangerFor. Errors: ErrInvalidTable (a seat count the engine does not play, a
// banker-table rule set), ErrInvalidRules, ErrClosed for closed rules.
func NewArranger(rules *Rules, players int) (*Arranger, error) {
	p, err := playersIn(players)
	if err != nil {
		return nil, err
	}
	var out *C.SssArranger
	if err := rules.use(func(h *C.SssRules) C.SssStatus { return C.sss_arranger_new(h, p, &out) }); err != nil {
		return nil, err
	}
	return newArranger(out), nil
}

// NewArrangerFor is an arranger for one seat's role. At a banker table RoleBanker is settled
// against every other seat and RolePlayer against the banker alone; at an all-pairs table
// RolePlayer is every seat (NewArranger) and RoleBanker is ErrInvalidTable. Other errors as
// NewArranger, and ErrInvalidArgument for an unknown role.
func NewArrangerFor(rules *Rules, players int, role Role) (*Arranger, error) {
	p, err := playersIn(players)
	if err != nil {
		return nil, err
	}
	var out *C.SssArranger
	if err := rules.use(func(h *C.SssRules) C.SssStatus {
		return C.sss_arranger_new_for(h, p, C.uint32_t(role), &out)
	}); err != nil {
		return nil, err
	}
	return newArranger(out), nil
}

// NewArrangerWith is an arranger made from options in one call: NewArrangerFor at its seats and
// role, then WithCardRemoval and WithLevel. Errors as NewArrangerFor, and ErrInvalidArgument for
// an unknown level or role.
func NewArrangerWith(rules *Rules, options ArrangerOptions) (*Arranger, error) {
	p, err := playersIn(options.Players)
	if err != nil {
		return nil, err
	}
	// In C memory: the engine reads the struct by its size field, as a C caller's.
	o := (*C.SssArrangerOptions)(C.malloc(C.sizeof_SssArrangerOptions))
	defer C.free(unsafe.Pointer(o))
	var out *C.SssArranger
	err = rules.use(func(h *C.SssRules) C.SssStatus {
		if st := C.sss_arranger_options_init(o, C.sizeof_SssArrangerOptions, p); st != C.SSS_OK {
			return st
		}
		o.role = C.uint32_t(options.Role)
		o.level = C.uint32_t(options.Level)
		o.seed = C.uint64_t(options.Seed)
		o.card_removal = flag(options.CardRemoval)
		return C.sss_arranger_new_with(h, o, &out)
	})
	if err != nil {
		return nil, err
	}
	return newArranger(out), nil
}

// NewArrangerPreset is an arranger for a preset by name ("classic", "regional", "kx", "hk",
// "ranked", "chinese_poker"; any case) at an all-pairs table. Errors: ErrUnknownPreset,
// ErrInvalidTable.
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

// WithLevel is a new arranger playing like this one at a bot level, its draws seeded by seed:
// below LevelBest, Arrange plays one of the best arrangements of each lane-category combination
// (never a foul), a pure function of (seed, level, the cards as a set). The objective is shared
// (nothing is rebuilt) and this arranger is unchanged; Suggest is the same at every level.
// Errors: ErrInvalidArgument for an unknown level.
func (a *Arranger) WithLevel(level Level, seed uint64) (*Arranger, error) {
	var out *C.SssArranger
	if err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_arranger_with_level(h, C.uint32_t(level), C.uint64_t(seed), &out)
	}); err != nil {
		return nil, err
	}
	return newArranger(out), nil
}

// WithCardRemoval is a new arranger playing like this one, keeping its level, with card removal
// on (each hand plays against the field conditioned on the 13 cards it holds: the default) or
// off (against the field as trained: a little weaker, about twice as fast). Bigger decks always
// play the field as trained. This arranger is unchanged.
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

// Arranged is an arrangement chosen by the engine (never a foul): its lanes, each highest card
// first, their categories and its expected water against the field at the arranger's table.
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

// Seat is the arrangement as a seat for settlement (what ArrangedSeat makes of its lanes; the
// engine's lanes need no second check).
func (a Arranged) Seat() Seat {
	s := Seat{kind: SeatArranged, special: noSpecial}
	copy(s.cards[:], a.Lanes.Cards())
	return s
}

// Arrange is the legal arrangement of 13 cards with the highest expected water (never a foul);
// at a lower level, the level's draw. The order of the cards does not matter. Errors:
// ErrBadCardCode, ErrDuplicateCard or ErrTooManyCopies naming the position, ErrWrongCardCount.
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

// Play is the seat a good player puts down with 13 cards, ready for Settle: the special they make
// declared (SeatSpecial, 报到) where SpecialAdvice says declaring is worth more than the lanes,
// else the lanes of Arrange (SeatArranged). Errors as Arrange.
func (a *Arranger) Play(cards []Card) (Seat, error) {
	var out C.SssSeat
	err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_arranger_play(h, cardsPtr(cards), C.size_t(len(cards)), &out)
	})
	if err != nil {
		return Seat{}, err
	}
	return seatOf(out), nil
}

// ExpectedWater is the expected water of any arrangement (13 cards in lane order: 3 front,
// 5 middle, 5 back) against the arranger's field, the value Arrange maximises; a foul is priced
// as losing every lane to every opponent.
func (a *Arranger) ExpectedWater(lanes []Card) (float64, error) {
	var out C.double
	err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_arranger_expected_water(h, cardsPtr(lanes), C.size_t(len(lanes)), &out)
	})
	return float64(out), err
}

// SuggestionKind says why a suggestion is on the list.
type SuggestionKind uint8

// The suggestion kinds.
const (
	SuggestBest            SuggestionKind = C.SSS_SUGGESTION_BEST             // the best arrangement (Arrange's), always first
	SuggestStrongestBack   SuggestionKind = C.SSS_SUGGESTION_STRONGEST_BACK   // best with the strongest back category
	SuggestStrongestMiddle SuggestionKind = C.SSS_SUGGESTION_STRONGEST_MIDDLE // best with the strongest middle category
	SuggestAlternative     SuggestionKind = C.SSS_SUGGESTION_ALTERNATIVE      // the best of another lane-category combination
)

// String is the kind's snake_case name, as the shared vectors write it ("strongest_back").
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

// suggestFirstTry is how many suggestions the first call makes room for: a button row asks for
// a few, and a longer list is sized by the engine's count.
const suggestFirstTry = 8

// Suggest is up to n good arrangements of 13 cards with distinct lane categories (推荐牌型, 理牌):
// the best first (Arrange's), then the best with the strongest back category, the best with the
// strongest middle category, then the best of every other combination by expected water. None
// is a foul. Errors: those of Arrange, and ErrInvalidArgument for n < 1 (the cards are checked
// first when n is 0).
func (a *Arranger) Suggest(cards []Card, n int) ([]Suggestion, error) {
	if n < 0 {
		return nil, argError(StatusInvalidArgument, "n is a count of suggestions, got "+itoa(n))
	}
	size := n
	if size > suggestFirstTry {
		size = suggestFirstTry
	}
	if size == 0 {
		size = 1 // n = 0 goes to the engine, which names it
	}
	buf := make([]C.SssSuggestion, size)
	var count C.size_t
	suggest := func() error {
		return a.use(func(h *C.SssArranger) C.SssStatus {
			return C.sss_suggest(h, cardsPtr(cards), C.size_t(len(cards)), C.size_t(n), &buf[0], C.size_t(len(buf)),
				&count)
		})
	}
	err := suggest()
	if errors.Is(err, ErrBufferTooSmall) && int(count) > len(buf) {
		buf = make([]C.SssSuggestion, int(count))
		err = suggest()
	}
	if err != nil {
		return nil, err
	}
	out := make([]Suggestion, int(count))
	for i := range out {
		out[i] = Suggestion{Arranged: arrangedOf(&buf[i].arranged), Kind: SuggestionKind(buf[i].kind)}
	}
	return out, nil
}

// SpecialAdvice weighs declaring a special (报到) against playing the best lanes.
type SpecialAdvice struct {
	Special      Special // the highest special the rule set enables that the cards make
	DeclareWater float64 // expected water of declaring it (every other seat pays it)
	LaneWater    float64 // expected water of the best lanes instead (BestLanes.ExpectedWater)
	Advantage    float64 // DeclareWater − LaneWater (negative: the lanes are worth more)
	Declare      bool    // declaring is worth more than the lanes (Advantage > 0): what Play does
	BestLanes    Arranged
}

// SpecialAdvice is the advice for 13 cards, or nil (and no error) when they make no special the
// rule set enables. At a bot level the lanes are the level's own. Errors as Arrange.
func (a *Arranger) SpecialAdvice(cards []Card) (*SpecialAdvice, error) {
	var out C.SssSpecialAdvice
	err := a.use(func(h *C.SssArranger) C.SssStatus {
		return C.sss_special_advice(h, cardsPtr(cards), C.size_t(len(cards)), &out)
	})
	if err != nil || out.has_special == 0 {
		return nil, err
	}
	return &SpecialAdvice{Special: Special(out.special), DeclareWater: float64(out.declare_water),
		LaneWater: float64(out.lane_water), Advantage: float64(out.advantage), Declare: out.declare != 0,
		BestLanes: arrangedOf(&out.best_lanes)}, nil
}

// Complete is the best legal arrangement of 13 cards that keeps the lanes the player fixed (理牌
// by hand), by ExpectedWater. A lane is fixed by giving all its cards (3 front, 5 middle, 5 back,
// in any order) and open when empty (nil): with nothing fixed this is Arrange. Errors: those of
// Arrange for the hand, ErrWrongCardCount for a lane neither empty nor full, ErrDuplicateCard
// for a card fixed twice, ErrCardNotInHand for one the hand lacks (the message names its lane
// slot: front 0–2, middle 3–7, back 8–12), ErrNoLegalArrangement when every completion fouls.
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
