package shisanshui

// #include <stdlib.h>
// #include "shisanshui.h"
import "C"

import (
	"math"
	"runtime"
)

// Policy is who plays a seat in a simulation.
type Policy uint32

// The policies.
const (
	PolicyArranger Policy = C.SSS_POLICY_ARRANGER // the engine's arranger, declaring specials per its advice
	PolicyGreedy   Policy = C.SSS_POLICY_GREEDY   // strongest five to the back, then the middle; declares every special
	PolicyProduct  Policy = C.SSS_POLICY_PRODUCT  // the legal split with the largest product of lane ranks; declares every special
)

// String names the policy as ParsePolicy reads it ("arranger", "greedy", "product"), or
// "policy N" for a number the engine does not know.
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

// ParsePolicy reads a policy's name ("arranger", "greedy" or "product", as String writes it and
// as `sss simulate --policies` takes it); anything else is ErrInvalidArgument.
func ParsePolicy(name string) (Policy, error) {
	for _, p := range []Policy{PolicyArranger, PolicyGreedy, PolicyProduct} {
		if p.String() == name {
			return p, nil
		}
	}
	return 0, argError(StatusInvalidArgument, "unknown policy \""+name+"\" (arranger, greedy or product)")
}

// SimConfig is what to simulate: Rounds seeded rounds at Players seats under the rule set given
// to Rules.Simulate. Start from NewSimConfig (the engine's defaults) and change what differs; the
// engine checks the whole configuration when the run starts.
type SimConfig struct {
	// Rounds to play, 1 to 2^32.
	Rounds uint64
	// Seed of the deals: round i is the deal of a seed mixed from Seed and i (as
	// `sss deal --seed SEED --round I`).
	Seed uint64
	// Players is the seats at the table: 2 to the rule set's MaxPlayers.
	Players int
	// Policies: none (the arranger at every seat), one for every seat, or one per seat.
	Policies []Policy
	// Threads is the worker threads; 0 for one per core. The figures do not depend on it.
	Threads int
	// Specials: seats declare specials (the arranger per its advice, baselines always).
	Specials bool
	// Money settles every round in money with Stakes, and with Carries when they are given
	// (one per seat; nil for no caps). Without Money the run reports water only, Stakes are not
	// read and Carries must be nil.
	Money   bool
	Stakes  Stakes
	Carries []int64
	// Banker is the banker's seat (0-based) in a banker room (the rule set's Table is
	// TableBanker), the same seat every round: the arranger plays it as the banker and the other
	// seats as players. It must be nil at an all-pairs table, and set in a banker room
	// (ErrInvalidTable otherwise).
	Banker *int
}

// NewSimConfig is the engine's default run (sss_sim_config_init) of rounds rounds at players
// seats from seed: the arranger at every seat, specials declared, no money, one thread.
func NewSimConfig(players int, rounds, seed uint64) SimConfig {
	var d C.SssSimConfig
	// Cannot fail: its only error is a NULL output.
	_ = call(func() C.SssStatus { return C.sss_sim_config_init(&d, 0, C.uint64_t(rounds), C.uint64_t(seed)) })
	return SimConfig{
		Rounds:   uint64(d.rounds),
		Seed:     uint64(d.seed),
		Players:  players,
		Threads:  int(d.threads),
		Specials: d.declare_specials != 0,
		Money:    d.with_money != 0,
		Stakes: Stakes{Base: int64(d.stakes.base), RakeNumerator: int64(d.stakes.rake_numerator),
			RakeDenominator: int64(d.stakes.rake_denominator)},
	}
}

// cConfig lays the configuration out for C. Only what the C struct cannot carry is refused here
// (negative counts, more entries than seats); the engine checks everything else, with its
// messages.
func (c SimConfig) cConfig() (C.SssSimConfig, error) {
	var p C.SssSimConfig
	players, err := playersIn(c.Players)
	if err != nil {
		return p, err
	}
	threads, err := threadsIn(c.Threads)
	if err != nil {
		return p, err
	}
	if len(c.Policies) > MaxSeats {
		return p, argError(StatusInvalidArgument, itoa(len(c.Policies))+" policies for "+itoa(c.Players)+
			" seats (give none, one for every seat, or one per seat)")
	}
	if len(c.Carries) > MaxSeats {
		if !c.Money {
			return p, argError(StatusInvalidArgument, "carries given without Money")
		}
		return p, argError(StatusInvalidMoney, itoa(len(c.Carries))+" carries for "+itoa(c.Players)+" seats")
	}
	// Filled by the engine first, so that fields this binding does not know keep their defaults.
	if err := call(func() C.SssStatus {
		return C.sss_sim_config_init(&p, players, C.uint64_t(c.Rounds), C.uint64_t(c.Seed))
	}); err != nil {
		return p, err
	}
	p.threads = threads
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
		if *c.Banker < 0 || uint64(*c.Banker) > math.MaxUint32 {
			return p, argError(StatusInvalidTable, "the banker seat "+itoa(*c.Banker)+" is not at the table")
		}
		p.has_banker = 1
		p.banker = C.uint32_t(*c.Banker)
	}
	return p, nil
}

// SimReport is a finished run: its headline figures (Summary), the lanes it played (Lanes), the
// specials it saw (Special, Specials), the whole report as JSON, and the exact tallies that let
// shards of one run merge (Merge, State, SimReportFromState). Reading it from several goroutines
// at once is safe; Merge and Close must not run while another goroutine uses it. Close releases
// it (a finalizer does if it is never closed).
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

// use runs a call with the live handle; a closed (or nil) report is ErrClosed.
func (r *SimReport) use(f func(h *C.SssSimReport) C.SssStatus) error {
	if r == nil || r.h == nil {
		return ErrClosed
	}
	err := call(func() C.SssStatus { return f(r.h) })
	runtime.KeepAlive(r)
	return err
}

// Simulate plays the configured rounds (0 to Rounds − 1 of the run) under the rule set and
// reports what the table saw. The figures are the same for any thread count, and the same as
// every other surface's (Rust's simulate::run, Python's simulate, `sss simulate`). Errors:
// ErrInvalidTable (a seat count the engine does not simulate; a banker room without Banker, a
// banker seat not at the table, a Banker at an all-pairs table), ErrInvalidArgument (Rounds
// outside 1 to 2^32, an unknown policy, a policy count other than 0, 1 or Players, carries
// without Money, a negative thread count), ErrInvalidMoney (stakes, carries), ErrInvalidRules,
// ErrClosed for closed rules.
func (r *Rules) Simulate(config SimConfig) (*SimReport, error) {
	return r.simulate(config, 0, false)
}

// SimulateShard plays rounds firstRound to firstRound + Rounds − 1 of the run the configuration
// describes, each the deal of its own round seed: the report holds exactly what those rounds of
// the one-call run saw, and the reports of adjacent shards merge (SimReport.Merge) into the
// one-call report, every figure equal. firstRound 0 is Simulate. Errors as Simulate, and
// ErrInvalidArgument when the last round would be past 2^64 − 1.
func (r *Rules) SimulateShard(config SimConfig, firstRound uint64) (*SimReport, error) {
	return r.simulate(config, firstRound, true)
}

func (r *Rules) simulate(config SimConfig, firstRound uint64, shard bool) (*SimReport, error) {
	c, err := config.cConfig()
	if err != nil {
		return nil, err
	}
	var out *C.SssSimReport
	err = r.use(func(h *C.SssRules) C.SssStatus {
		if shard {
			return C.sss_simulate_shard(h, &c, C.uint64_t(firstRound), &out)
		}
		return C.sss_simulate(h, &c, &out)
	})
	if err != nil {
		return nil, err
	}
	return newSimReport(out), nil
}

// SimReportFromState rebuilds a report from its State (a shard played in another process), to
// merge it here. Everything is checked: ErrInvalidArgument for text that is not a state
// (malformed, inconsistent tallies), ErrInvalidRules, ErrInvalidTable or ErrInvalidMoney for the
// configuration it carries.
func SimReportFromState(state string) (*SimReport, error) {
	p, n := strPtr(state)
	var out *C.SssSimReport
	err := call(func() C.SssStatus { return C.sss_sim_report_from_state(p, n, &out) })
	runtime.KeepAlive(state)
	if err != nil {
		return nil, err
	}
	return newSimReport(out), nil
}

// Merge adds the report of another shard of the same run into this one: afterwards this report
// is the report of both round ranges, every figure (quantiles and histograms included) what one
// SimulateShard call of those rounds reports. other is only read. ErrInvalidArgument when the
// reports are of different runs (the message says what differs) or their round ranges overlap or
// leave a gap (other must start where this one ends, or end where it starts); this report is
// unchanged on failure. No other goroutine may use this report meanwhile.
func (r *SimReport) Merge(other *SimReport) error {
	if other == nil || other.h == nil {
		return ErrClosed
	}
	err := r.use(func(h *C.SssSimReport) C.SssStatus { return C.sss_sim_report_merge(h, other.h) })
	runtime.KeepAlive(other)
	return err
}

// FirstRound is the report's first round: it covers rounds FirstRound to FirstRound + Rounds − 1
// (0 for Simulate; the smallest of the shards' for a merged report).
func (r *SimReport) FirstRound() (uint64, error) {
	var v C.uint64_t
	err := r.use(func(h *C.SssSimReport) C.SssStatus { return C.sss_sim_report_first_round(h, &v) })
	return uint64(v), err
}

// State is the report's mergeable state (its configuration, round range and exact tallies) as
// compact JSON: what SimReportFromState reads, to carry a shard between processes.
func (r *SimReport) State() (string, error) {
	return r.text(func(h *C.SssSimReport, buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_sim_report_to_state(h, buf, cap, n)
	})
}

// JSON is the whole report as pretty-printed JSON, quantiles and histograms included (the shape
// of `sss simulate --json` and Python's SimResult.to_json()).
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

// SimStat is one quantity per round over a run: how many rounds, their mean, their sample
// standard deviation (0 for fewer than two) and the 95% interval of the mean
// (mean ∓ 1.96 · SD / √Count).
type SimStat struct {
	Count             uint64
	Mean, SD          float64
	CI95Low, CI95High float64
}

func simStat(s C.SssSimStat) SimStat {
	return SimStat{Count: uint64(s.count), Mean: float64(s.mean), SD: float64(s.sd), CI95Low: float64(s.ci95_low),
		CI95High: float64(s.ci95_high)}
}

// SimSummary is a run's headline figures; the quantiles and histograms are in its JSON.
type SimSummary struct {
	Rounds   uint64 // rounds played
	Hands    uint64 // hands played: Rounds × Players
	Declared uint64 // hands that declared a special
	Fouls    uint64 // hands that fouled
	Shots    uint64 // shots (one per shooter and victim)
	HomeRuns uint64 // rounds with a home run
	Players  int
	// SpecialCount is the specials the rule set enables (SimReport.Special 0 to SpecialCount − 1).
	SpecialCount int
	Seats        []SimStat // each seat's water per round, one per seat
	Water        SimStat   // every seat's water per round, together
	Swing        SimStat   // the water that changed hands per round
	// HasMoney says the run settled money; the money figures are empty or zero otherwise.
	HasMoney   bool
	MoneySeats []SimStat // each seat's amount per round in minor units, one per seat (nil without money)
	Rake       SimStat   // the rake per round
	House      SimStat   // the house's share per round (rake and rounding)
	TotalRake  int64     // all the rake of the run
	TotalHouse int64     // all the house's share of the run
}

// Summary is the run's headline figures.
func (r *SimReport) Summary() (SimSummary, error) {
	var s C.SssSimSummary
	if err := r.use(func(h *C.SssSimReport) C.SssStatus { return C.sss_sim_report_summary(h, &s) }); err != nil {
		return SimSummary{}, err
	}
	out := SimSummary{Rounds: uint64(s.rounds), Hands: uint64(s.hands), Declared: uint64(s.declared),
		Fouls: uint64(s.fouls), Shots: uint64(s.shots), HomeRuns: uint64(s.home_runs), Players: int(s.players),
		SpecialCount: int(s.special_count), Water: simStat(s.water), Swing: simStat(s.swing),
		HasMoney: s.has_money != 0, Rake: simStat(s.rake), House: simStat(s.house),
		TotalRake: int64(s.total_rake), TotalHouse: int64(s.total_house)}
	n := out.Players
	if n > MaxSeats {
		n = MaxSeats
	}
	out.Seats = make([]SimStat, n)
	for i := range out.Seats {
		out.Seats[i] = simStat(s.seats[i])
	}
	if out.HasMoney {
		out.MoneySeats = make([]SimStat, n)
		for i := range out.MoneySeats {
			out.MoneySeats[i] = simStat(s.money_seats[i])
		}
	}
	return out, nil
}

// SimLanes is how often a run's lanes made one category: the lanes of hands that played lanes
// and did not foul, valued as settlement values them (jokers at what they stand for).
type SimLanes struct {
	Category            Category
	Front, Middle, Back uint64  // lanes of each row that made it
	HandsWith           uint64  // hands with at least one lane of it
	HandRate            float64 // HandsWith per hand played
}

// Lanes is how often the run's lanes made category (HighCard to FiveOfAKind); another value is
// ErrInvalidArgument.
func (r *SimReport) Lanes(category Category) (SimLanes, error) {
	var l C.SssSimLanes
	if err := r.use(func(h *C.SssSimReport) C.SssStatus {
		return C.sss_sim_report_lanes(h, C.uint32_t(category), &l)
	}); err != nil {
		return SimLanes{}, err
	}
	return SimLanes{Category: Category(l.category), Front: uint64(l.front), Middle: uint64(l.middle),
		Back: uint64(l.back), HandsWith: uint64(l.hands_with), HandRate: float64(l.hand_rate)}, nil
}

// SimSpecial is how often a run's hands made and declared one special.
type SimSpecial struct {
	Special  Special
	Made     uint64  // hands that made it
	Declared uint64  // hands that made and declared it
	MadeRate float64 // Made per hand played
	Water    uint32  // its water under the rule set
}

// Special is special i of the run: 0 to Summary().SpecialCount − 1, in the rule set's order
// (highest first). Another index is ErrInvalidArgument.
func (r *SimReport) Special(i int) (SimSpecial, error) {
	if i < 0 {
		return SimSpecial{}, argError(StatusInvalidArgument, "special "+itoa(i)+" does not exist")
	}
	var s C.SssSimSpecial
	if err := r.use(func(h *C.SssSimReport) C.SssStatus {
		return C.sss_sim_report_special(h, C.size_t(i), &s)
	}); err != nil {
		return SimSpecial{}, err
	}
	return SimSpecial{Special: Special(s.special), Made: uint64(s.made), Declared: uint64(s.declared),
		MadeRate: float64(s.made_rate), Water: uint32(s.water)}, nil
}

// Specials is every special the rule set enables, highest first, with how often the run's hands
// made and declared it.
func (r *SimReport) Specials() ([]SimSpecial, error) {
	s, err := r.Summary()
	if err != nil {
		return nil, err
	}
	out := make([]SimSpecial, s.SpecialCount)
	for i := range out {
		if out[i], err = r.Special(i); err != nil {
			return nil, err
		}
	}
	return out, nil
}
