package shisanshui

import (
	"math"
	"testing"
)

// simConfigOf is a vector run's configuration.
func simConfigOf(o obj) SimConfig {
	c := NewSimConfig(num(o["players"]), u64(o["rounds"]), u64(o["seed"]))
	c.Specials = o["specials"] != false
	for _, p := range list(o["policies"]) {
		c.Policies = append(c.Policies, map[string]Policy{"arranger": PolicyArranger, "greedy": PolicyGreedy,
			"product": PolicyProduct}[str(p)])
	}
	if st, ok := o["stakes"].(obj); ok {
		c.Money = true
		rake := list(st["rake"])
		c.Stakes = Stakes{Base: int64(num(st["base"])), RakeNumerator: int64(num(rake[0])), RakeDenominator: int64(num(rake[1]))}
		for _, v := range list(st["carries"]) {
			c.Carries = append(c.Carries, int64(num(v)))
		}
	}
	if isNum(o["banker"]) {
		b := num(o["banker"])
		c.Banker = &b
	}
	return c
}

func close6(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func TestSimulateVectors(t *testing.T) {
	doc := loadObj(t, "simulate.json")
	for _, rv := range records(t, doc, "runs") {
		o := rv.(obj)
		name := str(o["name"])
		rules, err := RulesFromJSON(str(o["rules_json"]))
		if err != nil {
			t.Fatal(err)
		}
		config := simConfigOf(o)
		config.Threads = 2
		rep, err := rules.SimulateShard(config, u64(o["first_round"]))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		s, err := rep.Summary()
		if err != nil {
			t.Fatal(err)
		}
		if s.Hands != u64(o["hands"]) || s.Declared != u64(o["declared"]) || s.Fouls != u64(o["fouls"]) ||
			s.Shots != u64(o["shots"]) || s.HomeRuns != u64(o["home_runs"]) || s.Rounds != u64(o["rounds"]) {
			t.Errorf("%s: %+v, want %v", name, s, o)
		}
		for k, m := range list(o["seat_means"]) {
			if !close6(s.Seats[k].Mean, f64(m)) {
				t.Errorf("%s: seat %d mean %v, want %v", name, k, s.Seats[k].Mean, f64(m))
			}
		}
		if !close6(s.Swing.Mean, f64(o["swing_mean"])) {
			t.Errorf("%s: swing %v, want %v", name, s.Swing.Mean, f64(o["swing_mean"]))
		}
		if means, ok := o["money_seat_means"].([]interface{}); ok {
			if !s.HasMoney || s.TotalRake != int64(num(o["total_rake"])) || s.TotalHouse != int64(num(o["total_house"])) {
				t.Errorf("%s: money %v %d %d", name, s.HasMoney, s.TotalRake, s.TotalHouse)
			}
			for k, m := range means {
				if !close6(s.MoneySeats[k].Mean, f64(m)) {
					t.Errorf("%s: seat %d money %v, want %v", name, k, s.MoneySeats[k].Mean, f64(m))
				}
			}
		} else if s.HasMoney {
			t.Errorf("%s: money where the vectors have none", name)
		}
		if fr, _ := rep.FirstRound(); fr != u64(o["first_round"]) {
			t.Errorf("%s: first round %d", name, fr)
		}
		// Two shards merged, directly and through the state text, are the whole run.
		rounds := u64(o["rounds"])
		first, second := config, config
		first.Rounds, second.Rounds = rounds/2, rounds-rounds/2
		a, err := rules.SimulateShard(first, u64(o["first_round"]))
		if err != nil {
			t.Fatal(err)
		}
		b, err := rules.SimulateShard(second, u64(o["first_round"])+rounds/2)
		if err != nil {
			t.Fatal(err)
		}
		state, err := b.State()
		if err != nil {
			t.Fatal(err)
		}
		b2, err := SimReportFromState(state)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Merge(b2); err != nil {
			t.Fatalf("%s: merge: %v", name, err)
		}
		whole, _ := rep.JSON()
		merged, _ := a.JSON()
		if whole != merged {
			t.Errorf("%s: the merged shards differ from the whole run", name)
		}
		if err := a.Merge(b); !errorsIs(err, ErrInvalidArgument) && !errorsIs(err, ErrInvalidTable) && err == nil {
			t.Errorf("%s: a shard merged twice: %v", name, err)
		}
		if ln, err := rep.Lanes(OnePair); err != nil || ln.Category != OnePair || ln.HandRate < 0 {
			t.Errorf("%s: lanes %+v, %v", name, ln, err)
		}
		for k := 0; k < s.SpecialCount; k++ {
			if sp, err := rep.Special(k); err != nil || sp.Declared > sp.Made {
				t.Errorf("%s: special %d %+v, %v", name, k, sp, err)
			}
		}
		if _, err := rep.Special(s.SpecialCount); !errorsIs(err, ErrInvalidArgument) {
			t.Errorf("%s: a special past the last: %v", name, err)
		}
		for _, r := range []*SimReport{rep, a, b, b2} {
			r.Close()
		}
		rules.Close()
	}
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		rules, err := RulesFromJSON(str(o["rules_json"]))
		if err != nil {
			t.Fatal(err)
		}
		c := NewSimConfig(num(o["players"]), 4, 1)
		if isNum(o["banker"]) {
			b := num(o["banker"])
			c.Banker = &b
		}
		rep, err := rules.Simulate(c)
		expectKind(t, err, str(o["kind"]), "simulate error "+itoa(i))
		if rep != nil {
			t.Errorf("simulate error %d: a report on failure", i)
		}
		rules.Close()
	}
	rep := &SimReport{}
	if _, err := rep.Summary(); !errorsIs(err, ErrClosed) {
		t.Errorf("a closed report: %v", err)
	}
}
