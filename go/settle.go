package shisanshui

// #include "shisanshui.h"
import "C"

import (
	"runtime"
	"strconv"
	"unsafe"
)

// Water is an exact amount of water (水, points): Units of 1/840 (840 is the least common
// multiple of 1 to 8, so every share at 2 to 8 seats is whole), and the same as a reduced
// fraction Num/Den (Den ≥ 1). The engine fills all three; WholeWater and WaterFromUnits make one.
type Water struct {
	Units int64
	Num   int64
	Den   int64
}

// WaterUnitsPerPoint is the number of Units in one water.
const WaterUnitsPerPoint = C.SSS_WATER_DENOMINATOR

func waterOf(w C.SssWater) Water {
	return Water{Units: int64(w.units), Num: int64(w.num), Den: int64(w.den)}
}

// WholeWater is points whole water.
func WholeWater(points int64) Water {
	return Water{Units: points * WaterUnitsPerPoint, Num: points, Den: 1}
}

// WaterFromUnits is an amount in units of 1/840 water (as SettleMany writes totals), with its
// fraction reduced.
func WaterFromUnits(units int64) Water {
	a, b := units, int64(WaterUnitsPerPoint)
	if a < 0 {
		a = -a
	}
	for a != 0 {
		a, b = b%a, a
	}
	return Water{Units: units, Num: units / b, Den: WaterUnitsPerPoint / b}
}

// String writes the exact amount as the engine and the shared vectors do: "36", "-11", "5/2".
func (w Water) String() string {
	if w.Den == 0 {
		// Not filled by the engine: Units is the amount.
		w = WaterFromUnits(w.Units)
	}
	if w.Den == 1 {
		return strconv.FormatInt(w.Num, 10)
	}
	return strconv.FormatInt(w.Num, 10) + "/" + strconv.FormatInt(w.Den, 10)
}

// Float is the amount as a float64.
func (w Water) Float() float64 { return float64(w.Units) / WaterUnitsPerPoint }

// SeatKind says how a seat plays its 13 cards.
type SeatKind uint8

// The seat kinds.
const (
	SeatArranged SeatKind = C.SSS_SEAT_ARRANGED // three lanes (倒水 is checked when settling)
	SeatSpecial  SeatKind = C.SSS_SEAT_SPECIAL  // a special declared (报到) with all 13 cards
)

// String names the kind.
func (k SeatKind) String() string {
	switch k {
	case SeatArranged:
		return "arranged"
	case SeatSpecial:
		return "special"
	}
	return "seat kind " + itoa(int(k))
}

// Seat is one player's hand as put down for settlement: three lanes, or a declared special. Its
// layout is the C ABI's SssSeat, so a slice of seats goes to the engine without a copy.
type Seat struct {
	kind    SeatKind
	special Special
	cards   [HandSize]Card
}

func init() {
	if unsafe.Sizeof(Seat{}) != C.sizeof_SssSeat {
		panic("shisanshui: Seat does not have SssSeat's layout")
	}
}

// ArrangedSeat is a seat playing lanes: 3, 5 and 5 cards (checked: counts and codes).
func ArrangedSeat(front, middle, back []Card) (Seat, error) {
	var s C.SssSeat
	err := call(func() C.SssStatus {
		return C.sss_seat_arranged(cardsPtr(front), C.size_t(len(front)), cardsPtr(middle), C.size_t(len(middle)),
			cardsPtr(back), C.size_t(len(back)), &s)
	})
	return seatOf(s), err
}

// SpecialSeat is a seat declaring a special with its 13 cards; whether the cards make it is
// checked when settling (ErrSpecialNotAllowed).
func SpecialSeat(special Special, cards []Card) (Seat, error) {
	var s C.SssSeat
	err := call(func() C.SssStatus {
		return C.sss_seat_special(C.uint32_t(special), cardsPtr(cards), C.size_t(len(cards)), &s)
	})
	return seatOf(s), err
}

func seatOf(s C.SssSeat) Seat {
	return *(*Seat)(unsafe.Pointer(&s))
}

// Kind says whether the seat plays lanes or declares a special.
func (s Seat) Kind() SeatKind { return s.kind }

// Special is the declared special (meaningful for SeatSpecial).
func (s Seat) Special() Special { return s.special }

// Cards is the 13 cards: in lane order (front 3, middle 5, back 5) for an arranged seat.
func (s Seat) Cards() []Card { return append([]Card(nil), s.cards[:]...) }

// Lanes is an arranged seat's lanes (nil for a declared special).
func (s Seat) Lanes() *Lanes {
	if s.kind != SeatArranged {
		return nil
	}
	l := &Lanes{}
	copy(l.Front[:], s.cards[0:3])
	copy(l.Middle[:], s.cards[3:8])
	copy(l.Back[:], s.cards[8:13])
	return l
}

// String writes the seat: its lanes, or its special and cards.
func (s Seat) String() string {
	if s.kind == SeatArranged {
		return s.Lanes().String()
	}
	c, _ := FormatCards(s.cards[:], Letters)
	return s.special.String() + ": " + c
}

func seatsPtr(seats []Seat) *C.SssSeat {
	if len(seats) == 0 {
		return nil
	}
	return (*C.SssSeat)(unsafe.Pointer(&seats[0]))
}

// ScoringMode is how a round is scored (RULES.md §9).
type ScoringMode uint8

// The scoring modes.
const (
	Pairwise ScoringMode = C.SSS_SCORING_PAIRWISE // every pair compared lane by lane
	Ranked   ScoringMode = C.SSS_SCORING_RANKED   // each lane ranks the players
)

// NoSeat marks a lane or payment without a winner, or an event without a victim.
const NoSeat = C.SSS_SEAT_NONE

// Settlement is a settled round (RULES.md §4–§9): every seat's total, the pairwise matrix, each
// pair's lanes, shots, home runs and specials, and the events a client animates. Close releases
// it (a finalizer does if it is never closed). Reading it from several goroutines at once is
// safe; SettleInto and Close must not run while another goroutine uses it.
type Settlement struct {
	h *C.SssSettlement
}

func newSettlement(h *C.SssSettlement) *Settlement {
	s := &Settlement{h: h}
	runtime.SetFinalizer(s, (*Settlement).Close)
	return s
}

// Close releases the settlement; later calls return ErrClosed. Closing twice is harmless.
func (s *Settlement) Close() error {
	if s != nil && s.h != nil {
		C.sss_settlement_free(s.h)
		s.h = nil
		runtime.SetFinalizer(s, nil)
	}
	return nil
}

func (s *Settlement) use(f func(h *C.SssSettlement) C.SssStatus) error {
	if s == nil || s.h == nil {
		return ErrClosed
	}
	err := call(func() C.SssStatus { return f(s.h) })
	runtime.KeepAlive(s)
	return err
}

// Settle settles a round at an all-pairs table (2 to the rule set's MaxPlayers seats): a card
// twice across the table is ErrDuplicateCard (its position counted seat × 13 + index), a fouled
// arrangement pays as RULES.md says, a declared special the cards do not make is
// ErrSpecialNotAllowed. Banker tables name their banker: SettleWithBanker.
func (r *Rules) Settle(seats []Seat) (*Settlement, error) {
	h, err := r.ptr()
	if err != nil {
		return nil, err
	}
	var out *C.SssSettlement
	err = call(func() C.SssStatus { return C.sss_settle(h, seatsPtr(seats), C.size_t(len(seats)), &out) })
	runtime.KeepAlive(r)
	if err != nil {
		return nil, err
	}
	return newSettlement(out), nil
}

// SettleWithBanker settles a round with its banker seat (庄家, RULES.md §5a): under a banker-table
// rule set (TableBanker) only the pairs with the banker are settled; NoSeat under an all-pairs
// rule set is Settle. A banker under all pairs, NoSeat at a banker table or a seat not at the
// table is ErrInvalidTable; other errors as Settle.
func (r *Rules) SettleWithBanker(seats []Seat, banker int) (*Settlement, error) {
	if banker < 0 || banker > 255 {
		return nil, argError(StatusInvalidTable, "the banker seat "+itoa(banker)+" is not at the table")
	}
	h, err := r.ptr()
	if err != nil {
		return nil, err
	}
	var out *C.SssSettlement
	err = call(func() C.SssStatus {
		return C.sss_settle_with_banker(h, seatsPtr(seats), C.size_t(len(seats)), C.uint8_t(banker), &out)
	})
	runtime.KeepAlive(r)
	if err != nil {
		return nil, err
	}
	return newSettlement(out), nil
}

// SettleInto settles a round into an existing settlement, reusing its memory (a server settling
// round after round allocates nothing in the engine once the settlement has held a table as
// large). On failure the settlement is unchanged. No other goroutine may use s meanwhile.
func (r *Rules) SettleInto(s *Settlement, seats []Seat) error {
	h, err := r.ptr()
	if err != nil {
		return err
	}
	err = s.use(func(sh *C.SssSettlement) C.SssStatus {
		return C.sss_settle_into(h, seatsPtr(seats), C.size_t(len(seats)), sh)
	})
	runtime.KeepAlive(r)
	return err
}

// SettleIntoWithBanker is SettleInto at a banker table.
func (r *Rules) SettleIntoWithBanker(s *Settlement, seats []Seat, banker int) error {
	if banker < 0 || banker > 255 {
		return argError(StatusInvalidTable, "the banker seat "+itoa(banker)+" is not at the table")
	}
	h, err := r.ptr()
	if err != nil {
		return err
	}
	err = s.use(func(sh *C.SssSettlement) C.SssStatus {
		return C.sss_settle_into_with_banker(h, seatsPtr(seats), C.size_t(len(seats)), C.uint8_t(banker), sh)
	})
	runtime.KeepAlive(r)
	return err
}

// SettlementInfo is a settlement's shape.
type SettlementInfo struct {
	Seats, Pairs, Events int
	Mode                 ScoringMode
	// RankedLaneWater is the water of a lane win in the front, middle and back under ranked
	// scoring (HasRankedLaneWater).
	RankedLaneWater    [3]uint32
	HasRankedLaneWater bool
	// HomeRunSeat is the seat that shot every other, or NoSeat.
	HomeRunSeat int
	// BankerSeat is the banker of a banker-table round, or NoSeat.
	BankerSeat int
}

// Info is the settlement's shape.
func (s *Settlement) Info() (SettlementInfo, error) {
	var i C.SssSettlementInfo
	err := s.use(func(h *C.SssSettlement) C.SssStatus { return C.sss_settlement_info(h, &i) })
	return SettlementInfo{
		Seats: int(i.seat_count), Pairs: int(i.pair_count), Events: int(i.event_count), Mode: ScoringMode(i.mode),
		RankedLaneWater:    [3]uint32{uint32(i.ranked_lane_water[0]), uint32(i.ranked_lane_water[1]), uint32(i.ranked_lane_water[2])},
		HasRankedLaneWater: i.has_ranked_lane_water != 0, HomeRunSeat: int(i.home_run_seat), BankerSeat: int(i.banker_seat),
	}, err
}

// Totals is each seat's total for the round (they sum to zero).
func (s *Settlement) Totals() ([]Water, error) {
	var buf [MaxSeats]C.SssWater
	var n C.size_t
	err := s.use(func(h *C.SssSettlement) C.SssStatus {
		return C.sss_settlement_totals(h, &buf[0], C.size_t(len(buf)), &n)
	})
	if err != nil {
		return nil, err
	}
	out := make([]Water, int(n))
	for i := range out {
		out[i] = waterOf(buf[i])
	}
	return out, nil
}

// Matrix is what each seat receives from each other: Matrix[a][b] is a's from b.
func (s *Settlement) Matrix() ([][]Water, error) {
	var buf [MaxSeats * MaxSeats]C.SssWater
	var n C.size_t
	err := s.use(func(h *C.SssSettlement) C.SssStatus {
		return C.sss_settlement_matrix(h, &buf[0], C.size_t(len(buf)), &n)
	})
	if err != nil {
		return nil, err
	}
	seats := 0
	for seats*seats < int(n) {
		seats++
	}
	out := make([][]Water, seats)
	for a := range out {
		out[a] = make([]Water, seats)
		for b := range out[a] {
			out[a][b] = waterOf(buf[a*seats+b])
		}
	}
	return out, nil
}

// SeatResult is one seat's part of a round.
type SeatResult struct {
	Total Water
	// Eval is the seat's lanes valued and checked (an arranged seat; zero for a declared one).
	Eval ArrangementEval
	// SpecialWater is the water of the seat's declared special (a declared seat, else 0).
	SpecialWater uint32
	Kind         SeatKind
	// Special is the declared special, or NoSpecial.
	Special Special
	// IsFoul says the seat played lanes and fouled (倒水).
	IsFoul bool
}

// Seat is seat i's result.
func (s *Settlement) Seat(i int) (SeatResult, error) {
	if i < 0 {
		return SeatResult{}, argError(StatusInvalidArgument, "seat "+itoa(i)+" is not at the table")
	}
	var r C.SssSeatResult
	err := s.use(func(h *C.SssSettlement) C.SssStatus { return C.sss_settlement_seat(h, C.size_t(i), &r) })
	return SeatResult{Total: waterOf(r.total), Eval: arrangementEval(r.eval), SpecialWater: uint32(r.special_water),
		Kind: SeatKind(r.kind), Special: Special(r.special), IsFoul: r.is_foul != 0}, err
}

// PairKind is how a pair of seats was compared.
type PairKind uint8

// The pair kinds.
const (
	PairLanes            PairKind = C.SSS_PAIR_LANES              // two legal arrangements, lane by lane
	PairOneFouled        PairKind = C.SSS_PAIR_ONE_FOULED         // one fouled and loses every lane
	PairBothFouled       PairKind = C.SSS_PAIR_BOTH_FOULED        // both fouled; nothing moves
	PairSpecialVsNormal  PairKind = C.SSS_PAIR_SPECIAL_VS_NORMAL  // a declared special against lanes
	PairSpecialVsSpecial PairKind = C.SSS_PAIR_SPECIAL_VS_SPECIAL // two declared specials
)

// String is the kind's snake_case name, as the settlement's JSON writes it.
func (k PairKind) String() string {
	switch k {
	case PairLanes:
		return "lanes"
	case PairOneFouled:
		return "one_fouled"
	case PairBothFouled:
		return "both_fouled"
	case PairSpecialVsNormal:
		return "special_vs_normal"
	case PairSpecialVsSpecial:
		return "special_vs_special"
	}
	return "pair kind " + itoa(int(k))
}

// LaneResult is one lane of one pair.
type LaneResult struct {
	// Water the loser pays the winner for this lane before shots and home runs.
	Water uint32
	Lane  int
	// Winner is the seat that won the lane, or NoSeat.
	Winner int
	// Category is the winning hand's category (meaningful when Winner is a seat).
	Category Category
}

// PairResult is what one pair of seats settled.
type PairResult struct {
	SeatA, SeatB int
	Kind         PairKind
	// Water is what SeatA receives from SeatB in the end (negative: pays).
	Water Water
	// SpecialWater is the special payment's part of it (HasSpecial).
	SpecialWater             Water
	LaneWater, ShotLaneWater int64
	ShotValue, HomeRunValue  int64
	Lanes                    [3]LaneResult
	HasLanes                 bool
	HasShot                  bool
	Shooter, Victim          int
	HasHomeRun               bool
	HasSpecial               bool
	SpecialWinner            int
	Special                  Special
	// MajorityWinner is the seat that won the majority of lanes (2-4 scoring), or NoSeat.
	MajorityWinner int
}

// Pair is pair i's result (Info().Pairs of them).
func (s *Settlement) Pair(i int) (PairResult, error) {
	if i < 0 {
		return PairResult{}, argError(StatusInvalidArgument, "pair "+itoa(i)+" is not in the round")
	}
	var p C.SssPairResult
	err := s.use(func(h *C.SssSettlement) C.SssStatus { return C.sss_settlement_pair(h, C.size_t(i), &p) })
	r := PairResult{SeatA: int(p.seat_a), SeatB: int(p.seat_b), Kind: PairKind(p.kind), Water: waterOf(p.water),
		SpecialWater: waterOf(p.special_water), LaneWater: int64(p.lane_water), ShotLaneWater: int64(p.shot_lane_water),
		ShotValue: int64(p.shot_value), HomeRunValue: int64(p.home_run_value), HasLanes: p.has_lanes != 0,
		HasShot: p.has_shot != 0, Shooter: int(p.shooter), Victim: int(p.victim), HasHomeRun: p.has_home_run != 0,
		HasSpecial: p.has_special != 0, SpecialWinner: int(p.special_winner), Special: Special(p.special),
		MajorityWinner: int(p.majority_winner)}
	for l := range r.Lanes {
		x := p.lanes[l]
		r.Lanes[l] = LaneResult{Water: uint32(x.water), Lane: int(x.lane), Winner: int(x.winner), Category: Category(x.hand)}
	}
	return r, err
}

// PairBetween is the pair of seats a and b (either order); false when the round did not settle
// it (a banker round settles only the pairs with the banker).
func (s *Settlement) PairBetween(a, b int) (PairResult, bool, error) {
	if a > b {
		a, b = b, a
	}
	info, err := s.Info()
	if err != nil {
		return PairResult{}, false, err
	}
	for i := 0; i < info.Pairs; i++ {
		p, err := s.Pair(i)
		if err != nil {
			return PairResult{}, false, err
		}
		if p.SeatA == a && p.SeatB == b {
			return p, true, nil
		}
	}
	return PairResult{}, false, nil
}

// EventKind is what happened at the table.
type EventKind uint8

// The event kinds.
const (
	EventFoul    EventKind = C.SSS_EVENT_FOUL     // a seat fouled (倒水)
	EventSpecial EventKind = C.SSS_EVENT_SPECIAL  // a seat declared a special (报到)
	EventShot    EventKind = C.SSS_EVENT_SHOT     // a shot (打枪): Seat shot Victim
	EventHomeRun EventKind = C.SSS_EVENT_HOME_RUN // a home run (全垒打): Seat shot every other seat
	EventBanker  EventKind = C.SSS_EVENT_BANKER   // Seat is the round's banker (庄家)
)

// String is the kind's snake_case name, as the settlement's JSON writes it.
func (k EventKind) String() string {
	switch k {
	case EventFoul:
		return "foul"
	case EventSpecial:
		return "special"
	case EventShot:
		return "shot"
	case EventHomeRun:
		return "home_run"
	case EventBanker:
		return "banker"
	}
	return "event kind " + itoa(int(k))
}

// Event is one thing a client shows: a foul, a special, a shot, a home run, the banker.
type Event struct {
	Kind EventKind
	Seat int
	// Victim is the seat shot (EventShot), or NoSeat.
	Victim int
	// Value is what the victim pays (shots, home runs).
	Value int64
	// Foul says which lanes are out of order (EventFoul).
	Foul    Foul
	Special Special
}

// Event is event i (Info().Events of them), in the order a client shows them.
func (s *Settlement) Event(i int) (Event, error) {
	if i < 0 {
		return Event{}, argError(StatusInvalidArgument, "event "+itoa(i)+" is not in the round")
	}
	var e C.SssEvent
	err := s.use(func(h *C.SssSettlement) C.SssStatus { return C.sss_settlement_event(h, C.size_t(i), &e) })
	return Event{Kind: EventKind(e.kind), Seat: int(e.seat), Victim: int(e.victim), Value: int64(e.value),
		Foul: Foul{FrontOverMiddle: e.foul_bits&1 != 0, MiddleOverBack: e.foul_bits&2 != 0}, Special: Special(e.special)}, err
}

// Events is every event of the round, in order.
func (s *Settlement) Events() ([]Event, error) {
	info, err := s.Info()
	if err != nil {
		return nil, err
	}
	out := make([]Event, info.Events)
	for i := range out {
		if out[i], err = s.Event(i); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// JSON is the whole settlement as JSON, the form every surface writes.
func (s *Settlement) JSON() (string, error) {
	if s == nil || s.h == nil {
		return "", ErrClosed
	}
	out, err := textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_settlement_to_json(s.h, buf, cap, n)
	})
	runtime.KeepAlive(s)
	return out, err
}

// Money settles the round's totals in money (RULES.md §8): MoneySettle of Totals.
func (s *Settlement) Money(stakes Stakes, carries []int64) (MoneyResult, error) {
	totals, err := s.Totals()
	if err != nil {
		return MoneyResult{}, err
	}
	return MoneySettle(totals, stakes, carries)
}
