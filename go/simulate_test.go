package shisanshui

import (
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// Simulation, checked as tests/c/test_simulate.c and tests/csharp/SimulateTests.cs check it: runs
// replayed round by round with the one-hand calls (the documented round seed, Deal, Arrange,
// Settle; at a banker room the arrangers of each role and SettleWithBanker), the same report on 1
// and 2 threads, money conserved, the runs of tests/vectors/simulate.json reported as Rust and
// Python report them, refused configurations, and shards merged (directly and through the state
// text) byte for byte into the one-call report.

// near is the C and C# tests' tolerance for a mean.
func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// simConfigOf is a vector run's configuration, built as the C test builds it.
func simConfigOf(t *testing.T, o obj) SimConfig {
	t.Helper()
	c := NewSimConfig(num(o["players"]), u64(o["rounds"]), u64(o["seed"]))
	specials, ok := o["specials"].(bool)
	if !ok {
		t.Fatalf("%s: specials is not a boolean", str(o["name"]))
	}
	c.Specials = specials
	for _, p := range list(o["policies"]) {
		pol, err := ParsePolicy(str(p))
		if err != nil {
			t.Fatalf("%s: %v", str(o["name"]), err)
		}
		c.Policies = append(c.Policies, pol)
	}
	if st, ok := o["stakes"].(obj); ok {
		rake := list(st["rake"])
		c.Money = true
		c.Stakes = Stakes{Base: int64(num(st["base"])), RakeNumerator: int64(num(rake[0])),
			RakeDenominator: int64(num(rake[1]))}
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

func reportJSON(t *testing.T, r *SimReport) string {
	t.Helper()
	s, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func reportState(t *testing.T, r *SimReport) string {
	t.Helper()
	s, err := r.State()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func summaryOf(t *testing.T, r *SimReport) SimSummary {
	t.Helper()
	s, err := r.Summary()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSimulateVectors(t *testing.T) {
	doc := loadObj(t, "simulate.json")
	if v := num(doc["version"]); v != 1 {
		t.Fatalf("simulate.json version %d, this test reads version 1", v)
	}
	runs, bankers := records(t, doc, "runs"), 0
	for _, rv := range runs {
		o := rv.(obj)
		name := str(o["name"])
		rules, err := RulesFromJSON(str(o["rules_json"]))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		config := simConfigOf(t, o)
		if config.Banker != nil {
			bankers++
		}
		first := u64(o["first_round"])
		rep, err := rules.SimulateShard(config, first)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			rules.Close()
			continue
		}
		s := summaryOf(t, rep)
		if s.Rounds != u64(o["rounds"]) || s.Players != num(o["players"]) || s.Hands != u64(o["hands"]) ||
			s.Declared != u64(o["declared"]) || s.Fouls != u64(o["fouls"]) || s.Shots != u64(o["shots"]) ||
			s.HomeRuns != u64(o["home_runs"]) {
			t.Errorf("%s: rounds %d, players %d, hands %d, declared %d, fouls %d, shots %d, home runs %d; want %v %v %v %v %v %v %v",
				name, s.Rounds, s.Players, s.Hands, s.Declared, s.Fouls, s.Shots, s.HomeRuns, o["rounds"], o["players"],
				o["hands"], o["declared"], o["fouls"], o["shots"], o["home_runs"])
		}
		means := list(o["seat_means"])
		same := len(means) == s.Players && len(s.Seats) == s.Players
		for k := 0; same && k < len(means); k++ {
			same = near(s.Seats[k].Mean, f64(means[k])) && s.Seats[k].Count == s.Rounds
		}
		if !same {
			t.Errorf("%s: seats %+v, want means %v", name, s.Seats, means)
		}
		if !near(s.Swing.Mean, f64(o["swing_mean"])) {
			t.Errorf("%s: swing %v, want %v", name, s.Swing.Mean, f64(o["swing_mean"]))
		}
		if money := list(o["money_seat_means"]); o["money_seat_means"] != nil {
			m := s.HasMoney && len(money) == s.Players && len(s.MoneySeats) == s.Players
			for k := 0; m && k < len(money); k++ {
				m = near(s.MoneySeats[k].Mean, f64(money[k]))
			}
			if !m || s.TotalRake != int64(num(o["total_rake"])) || s.TotalHouse != int64(num(o["total_house"])) {
				t.Errorf("%s: money %v %+v, rake %d, house %d; want %v, %v, %v", name, s.HasMoney, s.MoneySeats,
					s.TotalRake, s.TotalHouse, money, o["total_rake"], o["total_house"])
			}
		} else if s.HasMoney || s.MoneySeats != nil || s.TotalRake != 0 || s.TotalHouse != 0 {
			t.Errorf("%s: money %v %+v where the vectors have none", name, s.HasMoney, s.MoneySeats)
		}
		if fr, err := rep.FirstRound(); err != nil || fr != first {
			t.Errorf("%s: first round %d, %v; want %d", name, fr, err, first)
		}

		// The run in two shards on two threads, the second through its state text, merged: the
		// same report, byte for byte.
		rounds := config.Rounds
		half, rest := config, config
		half.Rounds, rest.Rounds = rounds/2, rounds-rounds/2
		half.Threads, rest.Threads = 2, 2
		a, err := rules.SimulateShard(half, first)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, err := rules.SimulateShard(rest, first+rounds/2)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b2, err := SimReportFromState(reportState(t, b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := a.Merge(b2); err != nil {
			t.Errorf("%s: merge: %v", name, err)
		} else if reportJSON(t, a) != reportJSON(t, rep) || reportState(t, a) != reportState(t, rep) {
			t.Errorf("%s: the merged shards differ from the whole run", name)
		}
		for _, r := range []*SimReport{rep, a, b, b2} {
			r.Close()
		}
		rules.Close()
	}
	// The C and C# tests ask for these: banker rooms are what the file is for.
	if len(runs) < 5 || bankers < 4 {
		t.Errorf("simulate.json has %d runs, %d of them banker rooms", len(runs), bankers)
	}

	refused := records(t, doc, "errors")
	for i, ev := range refused {
		o := ev.(obj)
		what := "refused configuration " + itoa(i) + " (" + str(o["rules_json"]) + ")"
		if str(o["kind"]) != "invalid_table" {
			t.Errorf("%s: kind %q, the C and C# tests expect invalid_table", what, str(o["kind"]))
		}
		rules, err := RulesFromJSON(str(o["rules_json"]))
		if err != nil {
			t.Fatal(err)
		}
		c := NewSimConfig(num(o["players"]), 5, 1)
		if isNum(o["banker"]) {
			b := num(o["banker"])
			c.Banker = &b
		}
		rep, err := rules.Simulate(c)
		expectKind(t, err, str(o["kind"]), what)
		if !errorsIs(err, ErrInvalidTable) {
			t.Errorf("%s: %v is not ErrInvalidTable", what, err)
		}
		if rep != nil {
			t.Errorf("%s: a report on failure", what)
		}
		rules.Close()
	}
}

// roundSeed is the documented seed of round i: SplitMix64 of seed + (i + 1) · 0x9E3779B97F4A7C15.
func roundSeed(seed, round uint64) uint64 {
	z := seed + (round+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// replaySim plays rounds rounds of seed at players seats round by round with the one-hand calls
// (the arranger at every seat, nobody declaring) and checks that the simulation reports what the
// replay saw; banker >= 0 plays the preset as a banker room with that seat the banker.
func replaySim(t *testing.T, preset string, players int, rounds, seed uint64, banker int) {
	what := preset + " at " + itoa(players) + " seats"
	rules := MustRules(preset)
	defer rules.Close()
	var arranger, bankerArranger *Arranger
	var err error
	config := NewSimConfig(players, rounds, seed)
	config.Specials = false
	if banker >= 0 {
		what += ", banker " + itoa(banker)
		if err := rules.SetTable(TableBanker); err != nil {
			t.Fatal(err)
		}
		if arranger, err = NewArrangerFor(rules, players, RolePlayer); err != nil {
			t.Fatal(err)
		}
		if bankerArranger, err = NewArrangerFor(rules, players, RoleBanker); err != nil {
			t.Fatal(err)
		}
		defer bankerArranger.Close()
		config.Banker = &banker
	} else if arranger, err = NewArranger(rules, players); err != nil {
		t.Fatal(err)
	}
	defer arranger.Close()

	report, err := rules.Simulate(config)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	defer report.Close()
	s := summaryOf(t, report)

	sums := make([]int64, players)
	var swing int64
	var shots, fouls uint64
	for i := uint64(0); i < rounds; i++ {
		dealt, err := Deal(players, roundSeed(seed, i))
		if err != nil {
			t.Fatal(err)
		}
		seats := make([]Seat, players)
		for p, hand := range dealt {
			a := arranger
			if p == banker {
				a = bankerArranger
			}
			arranged, err := a.Arrange(hand)
			if err != nil {
				t.Fatalf("%s: round %d seat %d: %v", what, i, p, err)
			}
			seats[p] = arranged.Seat()
		}
		var settled *Settlement
		if banker >= 0 {
			settled, err = rules.SettleWithBanker(seats, banker)
		} else {
			settled, err = rules.Settle(seats)
		}
		if err != nil {
			t.Fatalf("%s: round %d: %v", what, i, err)
		}
		totals, err := settled.Totals()
		if err != nil {
			t.Fatal(err)
		}
		for p, w := range totals {
			sums[p] += w.Units
			if w.Units > 0 {
				swing += w.Units
			}
		}
		events, err := settled.Events()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range events {
			switch e.Kind {
			case EventShot:
				shots++
			case EventFoul:
				fouls++
			}
		}
		settled.Close()
	}

	if s.Rounds != rounds || s.Hands != rounds*uint64(players) || s.Players != players || s.Declared != 0 {
		t.Errorf("%s: rounds %d, hands %d, players %d, declared %d", what, s.Rounds, s.Hands, s.Players, s.Declared)
	}
	if s.Shots != shots || s.Fouls != fouls {
		t.Errorf("%s: shots %d and fouls %d, the replay %d and %d", what, s.Shots, s.Fouls, shots, fouls)
	}
	all := 0.0
	for p := 0; p < players; p++ {
		want := float64(sums[p]) / WaterUnitsPerPoint / float64(rounds)
		if p >= len(s.Seats) || !near(s.Seats[p].Mean, want) || s.Seats[p].Count != rounds {
			t.Errorf("%s: seat %d %+v, the replay's mean %v", what, p, s.Seats, want)
			continue
		}
		all += s.Seats[p].Mean
	}
	if !near(all, 0) || !near(s.Water.Mean, 0) {
		t.Errorf("%s: the seats' water sums to %v (water mean %v)", what, all, s.Water.Mean)
	}
	if want := float64(swing) / WaterUnitsPerPoint / float64(rounds); !near(s.Swing.Mean, want) {
		t.Errorf("%s: swing %v, the replay's %v", what, s.Swing.Mean, want)
	}
	if s.Water.CI95Low > s.Water.Mean || s.Water.Mean > s.Water.CI95High {
		t.Errorf("%s: the interval %+v", what, s.Water)
	}
	if s.HasMoney || s.MoneySeats != nil {
		t.Errorf("%s: money without stakes", what)
	}

	// The same report on two threads, byte for byte.
	config.Threads = 2
	two, err := rules.Simulate(config)
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()
	one := reportJSON(t, report)
	if one != reportJSON(t, two) || !strings.Contains(one, `"rounds"`) || !strings.Contains(one, `"swing"`) {
		t.Errorf("%s: the report differs on 2 threads", what)
	}
}

func TestSimulateReplay(t *testing.T) {
	replaySim(t, "classic", 4, 40, 5, -1)
	replaySim(t, "hk", 2, 60, 6, -1)
	replaySim(t, "ranked", 3, 30, 7, -1)
	replaySim(t, "kx", 4, 30, 8, 1)
	replaySim(t, "classic", 2, 30, 9, 0)
}

func TestSimulateMoneyAndSpecials(t *testing.T) {
	rules := MustRules("kx")
	defer rules.Close()
	config := NewSimConfig(4, 300, 77)
	config.Money = true
	config.Stakes = Stakes{Base: 100, RakeNumerator: 5, RakeDenominator: 100}
	config.Policies = []Policy{PolicyArranger, PolicyGreedy, PolicyProduct, PolicyGreedy}
	report, err := rules.Simulate(config)
	if err != nil {
		t.Fatal(err)
	}
	defer report.Close()
	s := summaryOf(t, report)
	if !s.HasMoney || len(s.MoneySeats) != 4 || s.Rake.Count != 300 || s.House.Count != 300 {
		t.Fatalf("money: %+v", s)
	}
	// Money is conserved: what the seats win and lose together is minus the house's share.
	seats := 0.0
	for _, m := range s.MoneySeats {
		seats += m.Mean
	}
	if math.Abs(seats*300+float64(s.TotalHouse)) > 1e-6 || s.TotalRake <= 0 || s.TotalHouse < 0 {
		t.Errorf("money: seats %v a round, rake %d, house %d in all", seats, s.TotalRake, s.TotalHouse)
	}
	if s.Seats[0].Mean <= s.Seats[1].Mean {
		t.Errorf("the arranger (%v) does not beat greedy (%v)", s.Seats[0].Mean, s.Seats[1].Mean)
	}

	specials, err := report.Specials()
	if err != nil {
		t.Fatal(err)
	}
	if s.SpecialCount == 0 || len(specials) != s.SpecialCount {
		t.Fatalf("kx enables %d specials, Specials gives %d", s.SpecialCount, len(specials))
	}
	var made uint64
	for i, sp := range specials {
		one, err := report.Special(i)
		if err != nil || one != sp {
			t.Errorf("special %d: %+v, %v; Specials says %+v", i, one, err, sp)
		}
		if sp.Declared > sp.Made || sp.Water == 0 || sp.Special >= SpecialCount ||
			!near(sp.MadeRate, float64(sp.Made)/float64(s.Hands)) {
			t.Errorf("special %d: %+v", i, sp)
		}
		made += sp.Made
	}
	if s.Declared > made {
		t.Errorf("declared %d of %d made", s.Declared, made)
	}
	_, err = report.Special(s.SpecialCount)
	expectErr(t, err, ErrInvalidArgument, "does not exist", "a special past the last")
	_, err = report.Special(-1)
	expectErr(t, err, ErrInvalidArgument, "does not exist", "special -1")

	// Lanes by category: each lane of every hand that played lanes without fouling, once.
	var front, middle, back uint64
	for c := HighCard; c <= FiveOfAKind; c++ {
		l, err := report.Lanes(c)
		if err != nil {
			t.Fatalf("lanes %v: %v", c, err)
		}
		if l.Category != c || l.HandsWith > l.Front+l.Middle+l.Back || math.Abs(l.HandRate-float64(l.HandsWith)/float64(s.Hands)) > 1e-12 {
			t.Errorf("lanes %v: %+v", c, l)
		}
		if l.Front != 0 && c != HighCard && c != OnePair && c != ThreeOfAKind {
			t.Errorf("lanes %v: %d front lanes of five-card category", c, l.Front)
		}
		front, middle, back = front+l.Front, middle+l.Middle, back+l.Back
	}
	if played := s.Hands - s.Fouls - s.Declared; front != played || middle != played || back != played {
		t.Errorf("lanes: %d %d %d of %d hands played", front, middle, back, played)
	}
	_, err = report.Lanes(FiveOfAKind + 1)
	expectErr(t, err, ErrInvalidArgument, "category 10", "no category 10")
	if j := reportJSON(t, report); !strings.Contains(j, `"lanes"`) || !strings.Contains(j, `"specials"`) {
		t.Errorf("the JSON lacks the lanes or the specials")
	}

	// classic enables the 13 specials, the highest first (as the C# test checks).
	classic := MustRules("classic")
	defer classic.Close()
	small, err := classic.Simulate(NewSimConfig(4, 5, 1))
	if err != nil {
		t.Fatal(err)
	}
	defer small.Close()
	if sp, err := small.Specials(); err != nil || len(sp) != 13 || sp[0].Special != SupremeDragon {
		t.Errorf("classic's specials: %+v, %v", sp, err)
	}
}

func TestSimConfigDefaultsAndPolicies(t *testing.T) {
	want := SimConfig{Rounds: 10, Seed: 3, Players: 4, Threads: 1, Specials: true,
		Stakes: Stakes{Base: 1, RakeNumerator: 0, RakeDenominator: 1}}
	if got := NewSimConfig(4, 10, 3); !reflect.DeepEqual(got, want) {
		t.Errorf("NewSimConfig: %+v, want %+v", got, want)
	}
	for _, p := range []Policy{PolicyArranger, PolicyGreedy, PolicyProduct} {
		if q, err := ParsePolicy(p.String()); err != nil || q != p {
			t.Errorf("policy %d: %q reads back as %v, %v", uint32(p), p.String(), q, err)
		}
	}
	if PolicyArranger != 0 || PolicyGreedy != 1 || PolicyProduct != 2 || Policy(9).String() != "policy 9" {
		t.Errorf("policy numbers or names: %v %v %v %v", PolicyArranger, PolicyGreedy, PolicyProduct, Policy(9))
	}
	_, err := ParsePolicy("Greedy")
	expectErr(t, err, ErrInvalidArgument, `unknown policy "Greedy"`, "a policy name with a capital")
}

func TestSimulateRefused(t *testing.T) {
	rules := MustRules("classic")
	defer rules.Close()
	seat := func(n int) *int { return &n }
	cases := []struct {
		what   string
		change func(c *SimConfig)
		want   *Error
		text   string
	}{
		{"five seats", func(c *SimConfig) { c.Players = 5 }, ErrInvalidTable, "players"},
		{"negative seats", func(c *SimConfig) { c.Players = -1 }, ErrInvalidTable, "-1"},
		{"no rounds", func(c *SimConfig) { c.Rounds = 0 }, ErrInvalidArgument, "rounds"},
		{"past 2^32 rounds", func(c *SimConfig) { c.Rounds = 1<<32 + 1 }, ErrInvalidArgument, "rounds"},
		{"three policies at four seats", func(c *SimConfig) { c.Policies = make([]Policy, 3) }, ErrInvalidArgument, "policies"},
		{"nine policies", func(c *SimConfig) { c.Policies = make([]Policy, 9) }, ErrInvalidArgument, "9 policies"},
		{"an unknown policy", func(c *SimConfig) { c.Policies = []Policy{9} }, ErrInvalidArgument, "unknown policy 9"},
		{"negative threads", func(c *SimConfig) { c.Threads = -2 }, ErrInvalidArgument, "threads"},
		{"a rake over 100%", func(c *SimConfig) {
			c.Money, c.Stakes = true, Stakes{Base: 100, RakeNumerator: 2, RakeDenominator: 1}
		}, ErrInvalidMoney, "rake"},
		{"a negative stake", func(c *SimConfig) { c.Money, c.Stakes.Base = true, -5 }, ErrInvalidMoney, ""},
		{"a negative carry", func(c *SimConfig) { c.Money, c.Carries = true, []int64{10, 10, -5, 10} }, ErrInvalidMoney, "carr"},
		{"three carries at four seats", func(c *SimConfig) { c.Money, c.Carries = true, []int64{1, 2, 3} }, ErrInvalidMoney, "carries"},
		{"nine carries", func(c *SimConfig) { c.Money, c.Carries = true, make([]int64, 9) }, ErrInvalidMoney, "9 carries"},
		{"carries without money", func(c *SimConfig) { c.Carries = []int64{1, 2, 3, 4} }, ErrInvalidArgument, "without"},
		{"nine carries without money", func(c *SimConfig) { c.Carries = make([]int64, 9) }, ErrInvalidArgument, "without"},
		{"a banker at an all-pairs table", func(c *SimConfig) { c.Banker = seat(0) }, ErrInvalidTable, ""},
		{"a negative banker seat", func(c *SimConfig) { c.Banker = seat(-1) }, ErrInvalidTable, "-1"},
	}
	for _, tc := range cases {
		c := NewSimConfig(4, 10, 1)
		tc.change(&c)
		rep, err := rules.Simulate(c)
		expectErr(t, err, tc.want, tc.text, tc.what)
		if rep != nil {
			t.Errorf("%s: a report on failure", tc.what)
		}
	}

	banker := MustRules("kx")
	defer banker.Close()
	if err := banker.SetTable(TableBanker); err != nil {
		t.Fatal(err)
	}
	_, err := banker.Simulate(NewSimConfig(4, 5, 1))
	expectErr(t, err, ErrInvalidTable, "", "a banker room without a banker")
	c := NewSimConfig(4, 5, 1)
	c.Banker = seat(4)
	_, err = banker.Simulate(c)
	expectErr(t, err, ErrInvalidTable, "", "a banker seat past the table")

	closed := MustRules("classic")
	closed.Close()
	if _, err := closed.Simulate(NewSimConfig(4, 5, 1)); !errorsIs(err, ErrClosed) {
		t.Errorf("closed rules: %v", err)
	}
	var none *Rules
	if _, err := none.SimulateShard(NewSimConfig(4, 5, 1), 3); !errorsIs(err, ErrClosed) {
		t.Errorf("nil rules: %v", err)
	}
}

func TestSimulateShards(t *testing.T) {
	rules := MustRules("classic")
	defer rules.Close()
	config := NewSimConfig(4, 100, 21)
	config.Money = true
	config.Stakes.Base = 10
	config.Policies = []Policy{PolicyGreedy}
	shard := func(c SimConfig, first, rounds uint64) *SimReport {
		t.Helper()
		c.Rounds = rounds
		r, err := rules.SimulateShard(c, first)
		if err != nil {
			t.Fatalf("shard %d+%d: %v", first, rounds, err)
		}
		return r
	}
	whole, err := rules.Simulate(config)
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()
	want, wantState := reportJSON(t, whole), reportState(t, whole)

	// Three shards merged out of order: the middle one takes its neighbours.
	a, b, c := shard(config, 0, 30), shard(config, 30, 45), shard(config, 75, 25)
	defer a.Close()
	defer b.Close()
	defer c.Close()
	if fr, err := b.FirstRound(); err != nil || fr != 30 {
		t.Errorf("a shard's first round: %d, %v", fr, err)
	}
	if err := b.Merge(c); err != nil {
		t.Fatalf("merge the later shard: %v", err)
	}
	if err := b.Merge(a); err != nil {
		t.Fatalf("merge the earlier shard: %v", err)
	}
	if fr, err := b.FirstRound(); err != nil || fr != 0 {
		t.Errorf("the merged first round: %d, %v", fr, err)
	}
	if reportJSON(t, b) != want || reportState(t, b) != wantState {
		t.Errorf("three shards do not merge into the one-call report")
	}

	// Through the state text, as between processes.
	state := reportState(t, a)
	a2, err := SimReportFromState(state)
	if err != nil {
		t.Fatal(err)
	}
	defer a2.Close()
	if reportJSON(t, a2) != reportJSON(t, a) || reportState(t, a2) != state {
		t.Errorf("a report rebuilt from its state differs")
	}
	rest := shard(config, 30, 70)
	defer rest.Close()
	if err := a2.Merge(rest); err != nil {
		t.Fatalf("merge into a rebuilt report: %v", err)
	}
	if reportJSON(t, a2) != want {
		t.Errorf("a shard rebuilt from its state does not merge into the same report")
	}

	// Refused, the report unchanged: overlap, itself, a gap, another seed, other stakes.
	expectErr(t, a2.Merge(rest), ErrInvalidArgument, "overlap", "overlapping shards")
	expectErr(t, a2.Merge(a2), ErrInvalidArgument, "itself", "a report with itself")
	gap := shard(config, 101, 5)
	defer gap.Close()
	expectErr(t, a2.Merge(gap), ErrInvalidArgument, "no report", "a gap")
	reseeded := config
	reseeded.Seed = 22
	other := shard(reseeded, 100, 5)
	defer other.Close()
	expectErr(t, a2.Merge(other), ErrInvalidArgument, "seed differs", "another seed")
	water := config
	water.Money = false
	watery := shard(water, 100, 5)
	defer watery.Close()
	expectErr(t, a2.Merge(watery), ErrInvalidArgument, "stakes differ", "other stakes")
	if reportJSON(t, a2) != want {
		t.Errorf("a refused merge changed the report")
	}

	// States that are not a report's, and a range past the last round.
	for what, bad := range map[string]string{"a cut state": state[:len(state)/2], "an empty object": "{}", "no text": ""} {
		r, err := SimReportFromState(bad)
		expectErr(t, err, ErrInvalidArgument, "not a simulation state", what)
		if r != nil {
			t.Errorf("%s: a report", what)
		}
	}
	_, err = rules.SimulateShard(config, math.MaxUint64-50)
	expectErr(t, err, ErrInvalidArgument, "past", "a last round past 2^64 − 1")
	late := shard(config, 1<<40, 20)
	defer late.Close()
	if fr, err := late.FirstRound(); err != nil || fr != 1<<40 {
		t.Errorf("a first round far into the run: %d, %v", fr, err)
	}

	// A nil or closed other report.
	if err := a.Merge(nil); !errorsIs(err, ErrClosed) {
		t.Errorf("merge with nil: %v", err)
	}
	closed := shard(config, 30, 5)
	closed.Close()
	if err := a.Merge(closed); !errorsIs(err, ErrClosed) {
		t.Errorf("merge with a closed report: %v", err)
	}
}

func TestSimReportClosedAndShared(t *testing.T) {
	rules := MustRules("classic")
	defer rules.Close()
	config := NewSimConfig(4, 20, 2)
	config.Money = true
	report, err := rules.Simulate(config)
	if err != nil {
		t.Fatal(err)
	}
	// Eight goroutines read one report at once and see the same figures.
	want, wantSummary := reportJSON(t, report), summaryOf(t, report)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				j, err := report.JSON()
				s, err2 := report.Summary()
				l, err3 := report.Lanes(OnePair)
				if err != nil || err2 != nil || err3 != nil || j != want || !reflect.DeepEqual(s, wantSummary) ||
					l.Category != OnePair {
					errs <- "a goroutine read another report"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}

	report.Close()
	report.Close() // twice is harmless
	var none *SimReport
	for _, r := range []*SimReport{report, none} {
		if _, err := r.Summary(); !errorsIs(err, ErrClosed) {
			t.Errorf("Summary: %v", err)
		}
		if _, err := r.Lanes(HighCard); !errorsIs(err, ErrClosed) {
			t.Errorf("Lanes: %v", err)
		}
		if _, err := r.Special(0); !errorsIs(err, ErrClosed) {
			t.Errorf("Special: %v", err)
		}
		if _, err := r.Specials(); !errorsIs(err, ErrClosed) {
			t.Errorf("Specials: %v", err)
		}
		if _, err := r.FirstRound(); !errorsIs(err, ErrClosed) {
			t.Errorf("FirstRound: %v", err)
		}
		if _, err := r.JSON(); !errorsIs(err, ErrClosed) {
			t.Errorf("JSON: %v", err)
		}
		if _, err := r.State(); !errorsIs(err, ErrClosed) {
			t.Errorf("State: %v", err)
		}
		live, err := rules.Simulate(NewSimConfig(4, 2, 2))
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Merge(live); !errorsIs(err, ErrClosed) {
			t.Errorf("Merge into a closed report: %v", err)
		}
		live.Close()
		if err := r.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	}
}
