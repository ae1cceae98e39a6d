package shisanshui

// #include <stdlib.h>
// #include "shisanshui.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// Policy is who plays a seat in a simulation.
type Policy uint32

// The policies.
const (
	PolicyArranger Policy = C.SSS_POLICY_ARRANGER // the engine's arranger, declaring per its advice
	PolicyGreedy   Policy = C.SSS_POLICY_GREEDY   // strongest five to the back, then the middle; declares every special
	PolicyProduct  Policy = C.SSS_POLICY_PRODUCT  // the legal split with the largest product of lane ranks; declares every special
)

// String names the policy.
func (p Policy) String() string {
	switch p {
	case PolicyArranger:
		return "arranger"
	case PolicyGreedy:
		return "greedy"
	case PolicyProduct:
		return "product"
	}
	return "policy " + itoa(int(p))
}

// SimConfig is a simulation: many seeded rounds under one rule set (the Rules given to Simulate).
type SimConfig struct {
	Rounds  uint64 // rounds to play, 1 to 2^32
	Seed    uint64 // round i is the deal of a seed mixed from Seed and i
	Players int    // seats: 2 to the rule set's MaxPlayers
	// Policies: none (the arranger at every seat), one for every seat, or one per seat.
	Policies []Policy
	Threads  int  // worker threads; 0 for one per core (the figures do not depend on it)
	Specials bool // seats declare specials (the arranger per its advice, baselines always)
	// Money settles every round in money with Stakes and Carries (nil: no caps).
	Money   bool
	Stakes  Stakes
	Carries []int64
	// Banker names the banker's seat of a banker room (the rules' table is banker), the same
	// seat every round; nil at an all-pairs table.
	Banker *int
}

// NewSimConfig is the default simulation of rounds at players seats from seed: the arranger at
// every seat, specials declared, no money, one thread.
func NewSimConfig(players int, rounds, seed uint64) SimConfig {
	return SimConfig{Rounds: rounds, Seed: seed, Players: players, Threads: 1, Specials: true,
		Stakes: Stakes{Base: 1, RakeNumerator: 0, RakeDenominator: 1}}
}

// cConfig lays the configuration out for C, in C memory (the caller frees it).
func (c SimConfig) cConfig() (*C.SssSimConfig, error) {
	if c.Players < 0 || c.Threads < 0 {
		return nil, argError(StatusInvalidArgument, "players and threads are counts, not "+itoa(c.Players)+" and "+itoa(c.Threads))
	}
	if len(c.Policies) > MaxSeats {
		return nil, argError(StatusInvalidArgument, "policies: "+itoa(len(c.Policies))+" given, at most one per seat (8)")
	}
	if len(c.Carries) > MaxSeats {
		return nil, argError(StatusInvalidMoney, "carries: "+itoa(len(c.Carries))+" given, at most one per seat (8)")
	}
	p := (*C.SssSimConfig)(C.calloc(1, C.sizeof_SssSimConfig))
	if st := C.sss_sim_config_init(p, C.uint32_t(c.Players), C.uint64_t(c.Rounds), C.uint64_t(c.Seed)); st != C.SSS_OK {
		C.free(unsafe.Pointer(p))
		return nil, argError(Status(st), "sss_sim_config_init failed")
	}
	p.threads = C.uint32_t(c.Threads)
	p.declare_specials = flag(c.Specials)
	p.policy_count = C.uint32_t(len(c.Policies))
	for i, pol := range c.Policies {
		p.policies[i] = C.uint32_t(pol)
	}
	p.with_money = flag(c.Money)
	p.stakes = c.Stakes.c()
	p.carry_count = C.uint32_t(len(c.Carries))
	for i, v := range c.Carries {
		p.carries[i] = C.int64_t(v)
	}
	if c.Banker != nil {
		if *c.Banker < 0 {
			C.free(unsafe.Pointer(p))
			return nil, argError(StatusInvalidTable, "the banker seat "+itoa(*c.Banker)+" is not at the table")
		}
		p.has_banker = 1
		p.banker = C.uint32_t(*c.Banker)
	}
	return p, nil
}

// SimReport is a finished simulation: its counts and figures (Summary, Lanes, Special, JSON) and
// the exact tallies that let shards of one run merge (Merge, State). Close releases it (a
// finalizer does if it is never closed).
type SimReport struct {
	h *C.SssSimReport
}

func newSimReport(h *C.SssSimReport) *SimReport {
	r := &SimReport{h: h}
	runtime.SetFinalizer(r, (*SimReport).Close)
	return r
}

// Close releases the report; later calls return ErrClosed. Closing twice is harmless.
func (r *SimReport) Close() error {
	if r != nil && r.h != nil {
		C.sss_sim_report_free(r.h)
		r.h = nil
		runtime.SetFinalizer(r, nil)
	}
	return nil
}

func (r *SimReport) use(f func(h *C.SssSimReport) C.SssStatus) error {
	if r == nil || r.h == nil {
		return ErrClosed
	}
	err := call(func() C.SssStatus { return f(r.h) })
	runtime.KeepAlive(r)
	return err
}

// Simulate plays the configured rounds under the rule set.
func (rules *Rules) Simulate(config SimConfig) (*SimReport, error) {
	return rules.SimulateShard(config, 0)
}

// SimulateShard plays rounds firstRound .. firstRound + Rounds of the run the configuration
// describes: shards of one run merge into the report of all their rounds (SimReport.Merge).
func (rules *Rules) SimulateShard(config SimConfig, firstRound uint64) (*SimReport, error) {
	h, err := rules.ptr()
	if err != nil {
		return nil, err
	}
	c, err := config.cConfig()
	if err != nil {
		return nil, err
	}
	defer C.free(unsafe.Pointer(c))
	var out *C.SssSimReport
	err = call(func() C.SssStatus {
		if firstRound == 0 {
			return C.sss_simulate(h, c, &out)
		}
		return C.sss_simulate_shard(h, c, C.uint64_t(firstRound), &out)
	})
	runtime.KeepAlive(rules)
	if err != nil {
		return nil, err
	}
	return newSimReport(out), nil
}

// SimReportFromState rebuilds a report from its State (another process's shard).
func SimReportFromState(state string) (*SimReport, error) {
	p, n := strPtr(state)
	var out *C.SssSimReport
	if err := call(func() C.SssStatus { return C.sss_sim_report_from_state(p, n, &out) }); err != nil {
		return nil, err
	}
	return newSimReport(out), nil
}

// Merge adds another shard of the same run into this report: the same configuration, and round
// ranges that meet (other starts where this one ends, or ends where it starts). On failure this
// report is unchanged. It must not run while another goroutine reads the report.
func (r *SimReport) Merge(other *SimReport) error {
	if other == nil || other.h == nil {
		return ErrClosed
	}
	err := r.use(func(h *C.SssSimReport) C.SssStatus { return C.sss_sim_report_merge(h, other.h) })
	runtime.KeepAlive(other)
	return err
}

// FirstRound is the report's first round (0 for a whole run).
func (r *SimReport) FirstRound() (uint64, error) {
	var v C.uint64_t
	err := r.use(func(h *C.SssSimReport) C.SssStatus { return C.sss_sim_report_first_round(h, &v) })
	return uint64(v), err
}

// State is the report's mergeable state as compact JSON (SimReportFromState reads it).
func (r *SimReport) State() (string, error) {
	return r.text(func(h *C.SssSimReport, buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_sim_report_to_state(h, buf, cap, n)
	})
}

// JSON is the whole report as JSON (quantiles and histograms included).
func (r *SimReport) JSON() (string, error) {
	return r.text(func(h *C.SssSimReport, buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_sim_report_to_json(h, buf, cap, n)
	})
}

func (r *SimReport) text(f func(h *C.SssSimReport, buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus) (string, error) {
	if r == nil || r.h == nil {
		return "", ErrClosed
	}
	s, err := textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus { return f(r.h, buf, cap, n) })
	runtime.KeepAlive(r)
	return s, err
}

// SimStat is a mean with its spread.
type SimStat struct {
	Count             uint64
	Mean, SD          float64
	CI95Low, CI95High float64
}

func simStat(s C.SssSimStat) SimStat {
	return SimStat{Count: uint64(s.count), Mean: float64(s.mean), SD: float64(s.sd), CI95Low: float64(s.ci95_low),
		CI95High: float64(s.ci95_high)}
}

// SimSummary is a run's headline figures.
type SimSummary struct {
	Rounds, Hands, Declared, Fouls, Shots, HomeRuns uint64
	Players, SpecialCount                           int
	Seats                                           []SimStat // each seat's water per round
	Water, Swing                                    SimStat
	HasMoney                                        bool
	MoneySeats                                      []SimStat // each seat's amount per round (HasMoney)
	Rake, House                                     SimStat
	TotalRake, TotalHouse                           int64
}

// Summary is the report's headline figures.
func (r *SimReport) Summary() (SimSummary, error) {
	s := (*C.SssSimSummary)(C.malloc(C.sizeof_SssSimSummary))
	defer C.free(unsafe.Pointer(s))
	if err := r.use(func(h *C.SssSimReport) C.SssStatus { return C.sss_sim_report_summary(h, s) }); err != nil {
		return SimSummary{}, err
	}
	out := SimSummary{Rounds: uint64(s.rounds), Hands: uint64(s.hands), Declared: uint64(s.declared),
		Fouls: uint64(s.fouls), Shots: uint64(s.shots), HomeRuns: uint64(s.home_runs), Players: int(s.players),
		SpecialCount: int(s.special_count), Water: simStat(s.water), Swing: simStat(s.swing),
		HasMoney: s.has_money != 0, Rake: simStat(s.rake), House: simStat(s.house),
		TotalRake: int64(s.total_rake), TotalHouse: int64(s.total_house)}
	for i := 0; i < out.Players && i < MaxSeats; i++ {
		out.Seats = append(out.Seats, simStat(s.seats[i]))
		if out.HasMoney {
			out.MoneySeats = append(out.MoneySeats, simStat(s.money_seats[i]))
		}
	}
	return out, nil
}

// SimLanes is how often a run's lanes made one category (hands that played lanes and did not foul).
type SimLanes struct {
	Category            Category
	Front, Middle, Back uint64
	HandsWith           uint64  // hands with at least one lane of it
	HandRate            float64 // HandsWith per hand played
}

// Lanes is how often the run's lanes made a category.
func (r *SimReport) Lanes(category Category) (SimLanes, error) {
	var l C.SssSimLanes
	err := r.use(func(h *C.SssSimReport) C.SssStatus { return C.sss_sim_report_lanes(h, C.uint32_t(category), &l) })
	return SimLanes{Category: Category(l.category), Front: uint64(l.front), Middle: uint64(l.middle),
		Back: uint64(l.back), HandsWith: uint64(l.hands_with), HandRate: float64(l.hand_rate)}, err
}

// SimSpecial is how often a run's hands made and declared one special.
type SimSpecial struct {
	Special        Special
	Made, Declared uint64
	MadeRate       float64
	Water          uint32
}

// Special is special i of the run (0 to Summary().SpecialCount − 1, the rule set's order).
func (r *SimReport) Special(i int) (SimSpecial, error) {
	if i < 0 {
		return SimSpecial{}, argError(StatusInvalidArgument, "special "+itoa(i)+" is not in the report")
	}
	var s C.SssSimSpecial
	err := r.use(func(h *C.SssSimReport) C.SssStatus { return C.sss_sim_report_special(h, C.size_t(i), &s) })
	return SimSpecial{Special: Special(s.special), Made: uint64(s.made), Declared: uint64(s.declared),
		MadeRate: float64(s.made_rate), Water: uint32(s.water)}, err
}
