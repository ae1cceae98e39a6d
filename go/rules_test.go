package shisanshui

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"testing"
)

func TestRulesPresets(t *testing.T) {
	if strings.Join(Presets, " ") != "classic regional kx hk ranked chinese_poker" {
		t.Errorf("Presets: %v", Presets)
	}
	// Each preset's ranking and table options (RULES.md §9), by name in any ASCII case.
	for _, p := range []struct {
		name     string
		wheel    Wheel
		tiebreak bool
		majority uint32
	}{{"classic", WheelSecondHighest, false, 0}, {"regional", WheelSecondHighest, false, 0},
		{"kx", WheelSecondHighest, false, 0}, {"hk", WheelLowest, true, 0}, {"ranked", WheelSecondHighest, false, 0},
		{"chinese_poker", WheelLowest, false, 1}, {"HK", WheelLowest, true, 0}, {"Classic", WheelSecondHighest, false, 0}} {
		r, err := NewRules(p.name)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if err := r.Validate(); err != nil {
			t.Errorf("%s: %v", p.name, err)
		}
		w, e1 := r.Wheel()
		tb, e2 := r.SuitTiebreak()
		so, e3 := r.StrictOrder()
		table, e4 := r.Table()
		mb, e5 := r.MajorityBonus()
		es, e6 := r.ExtraSuits()
		mp, e7 := r.MaxPlayers()
		j, e8 := r.Jokers()
		jl, e9 := r.JokerLanes()
		jis, e10 := r.JokersInSpecials()
		for _, err := range []error{e1, e2, e3, e4, e5, e6, e7, e8, e9, e10} {
			if err != nil {
				t.Errorf("%s: %v", p.name, err)
			}
		}
		if w != p.wheel || tb != p.tiebreak || so || table != TableAllPairs || mb != p.majority || es != 0 || mp != 4 ||
			j != 0 || jl != JokerLanesEachBest || jis {
			t.Errorf("%s: wheel %d, tie-break %v, strict %v, table %d, majority %d, extra %d, seats %d, jokers %d %d %v",
				p.name, w, tb, so, table, mb, es, mp, j, jl, jis)
		}
		// The JSON round-trips exactly, and String is it.
		js, err := r.JSON()
		if err != nil || r.String() != js {
			t.Fatalf("%s: %v", p.name, err)
		}
		back, err := RulesFromJSON(js)
		if err != nil {
			t.Fatalf("%s round trip: %v", p.name, err)
		}
		if again, _ := back.JSON(); again != js {
			t.Errorf("%s: the JSON does not round-trip", p.name)
		}
		back.Close()
		r.Close()
	}
}

func TestUnknownPreset(t *testing.T) {
	for _, name := range []string{"macau", "texas", "", "classic_poker"} {
		r, err := NewRules(name)
		var e *Error
		if r != nil || !errors.Is(err, ErrUnknownPreset) || !errors.As(err, &e) || e.Status != StatusUnknownPreset ||
			!strings.Contains(e.Message, "unknown preset \""+name+"\"") {
			t.Errorf("preset %q: %v (rules made: %v)", name, err, r != nil)
		}
	}
	if _, err := NewRules("\xff"); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("a preset name that is not UTF-8: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustRules of an unknown preset did not panic")
		}
	}()
	MustRules("macau")
}

func TestRulesJSON(t *testing.T) {
	hk := MustRules("hk")
	defer hk.Close()
	if err := hk.SetStrictOrder(true); err != nil {
		t.Fatal(err)
	}
	js, _ := hk.JSON()
	if !strings.Contains(js, `"wheel": "lowest"`) || !strings.Contains(js, `"strict_order": true`) || len(js) <= 256 {
		t.Fatalf("the JSON (longer than the first buffer, %d bytes): %s", len(js), js)
	}
	back, err := RulesFromJSON(js)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := back.JSON(); again != js {
		t.Error("the JSON does not round-trip")
	}
	so, _ := back.StrictOrder()
	tb, _ := back.SuitTiebreak()
	if w, _ := back.Wheel(); !so || !tb || w != WheelLowest {
		t.Errorf("read back: strict %v, tie-break %v, wheel %d", so, tb, w)
	}
	back.Close()
	edited, err := RulesFromJSON(strings.Replace(js, `"strict_order": true`, `"strict_order": false`, 1))
	if err != nil {
		t.Fatal(err)
	}
	if so, _ := edited.StrictOrder(); so {
		t.Error("an edited JSON is not read")
	}
	edited.Close()
	// Bad JSON: refused, the message naming the JSON path (or the syntax problem).
	for _, c := range []struct{ json, path string }{
		{strings.Replace(js, `"front_trips": 1`, `"front_trips": "three"`, 1), "lane_water.front_trips"},
		{strings.Replace(js, `"front_trips": 1`, `"front_trips": 0`, 1), "lane_water.front_trips"},
		{strings.Replace(js, `"wheel": "lowest"`, `"wheel": "sideways"`, 1), "wheel"},
		{strings.Replace(js, `"strict_order": true`, `"strict_order": true, "wild_cards": 2`, 1), "wild_cards"},
		{js[:len(js)/2], "invalid rule set"},
		{"[]", ""}, {"", ""}, {"{", ""},
		{`{"front_trip": 4}`, "front_trip"},
		{`{"majority_bonus": 1001}`, "majority_bonus"},
		{`{"jokers": 7}`, "jokers"},
	} {
		r, err := RulesFromJSON(c.json)
		if r != nil || !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), c.path) {
			t.Errorf("%.60q: %v", c.json, err)
		}
	}
	if _, err := RulesFromJSON(`{"preset": "macau"}`); !errors.Is(err, ErrUnknownPreset) || !strings.Contains(err.Error(), "macau") {
		t.Errorf("a partial rule set's unknown preset: %v", err)
	}
	if _, err := RulesFromJSON("{\"wheel\": \"\xff\"}"); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("JSON that is not UTF-8: %v", err)
	}
	// A partial rule set: a preset to start from (classic by default), then only the changes.
	for _, c := range []struct{ json, preset string }{
		{`{"lane_water": {"front_trips": 4}}`, "classic"},
		{`{"preset": "kx", "lane_water": {"front_trips": 4}}`, "kx"},
	} {
		partial, err := RulesFromJSON(c.json)
		if err != nil {
			t.Fatal(err)
		}
		preset := MustRules(c.preset)
		got, _ := partial.JSON()
		want, _ := preset.JSON()
		if got != strings.Replace(want, `"front_trips": 3`, `"front_trips": 4`, 1) {
			t.Errorf("%s is not %s with front_trips 4", c.json, c.preset)
		}
		partial.Close()
		preset.Close()
	}
}

func TestRulesSettersAndGetters(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	check := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	check("wheel", r.SetWheel(WheelLowest))
	check("suit tie-break", r.SetSuitTiebreak(true))
	check("strict order", r.SetStrictOrder(true))
	check("table", r.SetTable(TableBanker))
	check("majority", r.SetMajorityBonus(2))
	check("extra suits", r.SetExtraSuits(ExtraHearts|ExtraSpades))
	check("jokers", r.SetJokers(2))
	check("joker lanes", r.SetJokerLanes(JokerLanesAvoidFoul))
	check("jokers in specials", r.SetJokersInSpecials(true))
	read := func() string {
		w, _ := r.Wheel()
		st, _ := r.SuitTiebreak()
		so, _ := r.StrictOrder()
		tb, _ := r.Table()
		mb, _ := r.MajorityBonus()
		es, _ := r.ExtraSuits()
		mp, _ := r.MaxPlayers()
		j, _ := r.Jokers()
		jl, _ := r.JokerLanes()
		js, _ := r.JokersInSpecials()
		return strings.Join([]string{itoa(int(w)), boolText(st), boolText(so), itoa(int(tb)), itoa(int(mb)),
			itoa(int(es)), itoa(mp), itoa(j), itoa(int(jl)), boolText(js)}, " ")
	}
	const want = "1 true true 1 2 12 6 2 1 true"
	if got := read(); got != want {
		t.Errorf("read back %q, want %q", got, want)
	}
	// The JSON carries every option, and so does a rule set read from it.
	js, _ := r.JSON()
	for _, field := range []string{`"wheel": "lowest"`, `"suit_tiebreak": true`, `"strict_order": true`,
		`"table": "banker"`, `"majority_bonus": 2`, `"jokers": 2`, `"joker_lanes": "avoid_foul"`,
		`"jokers_in_specials": true`, "\"extra_suits\": [\n    \"h\",\n    \"s\"\n  ]"} {
		if !strings.Contains(js, field) {
			t.Errorf("the JSON lacks %s", field)
		}
	}
	// Setting a flag back and forth.
	check("suit tie-break off", r.SetSuitTiebreak(false))
	if st, _ := r.SuitTiebreak(); st {
		t.Error("suit tie-break stayed on")
	}
	check("suit tie-break on", r.SetSuitTiebreak(true))
	// Bad values are refused, as the header says, and leave the rule set as it was.
	for what, c := range map[string]struct {
		err      error
		sentinel *Error
		text     string
	}{
		"wheel 2":                {r.SetWheel(2), ErrInvalidArgument, "wheel 2"},
		"wheel 9":                {r.SetWheel(9), ErrInvalidArgument, "wheel 9"},
		"table 2":                {r.SetTable(2), ErrInvalidArgument, "table"},
		"majority 1001":          {r.SetMajorityBonus(1001), ErrInvalidRules, "majority_bonus"},
		"majority 2^32 − 1":      {r.SetMajorityBonus(1<<32 - 1), ErrInvalidRules, "majority_bonus"},
		"extra suits 0x10":       {r.SetExtraSuits(0x10), ErrInvalidArgument, "0x10"},
		"jokers 7":               {r.SetJokers(7), ErrInvalidRules, "jokers"},
		"jokers -1":              {r.SetJokers(-1), ErrInvalidRules, "jokers"},
		"joker lanes 2":          {r.SetJokerLanes(2), ErrInvalidArgument, "joker_lanes 2"},
		"JSON with seven jokers": {rulesErr(RulesFromJSON(`{"jokers": 7}`)), ErrInvalidRules, "jokers"},
	} {
		if !errors.Is(c.err, c.sentinel) || !strings.Contains(c.err.Error(), c.text) {
			t.Errorf("%s: %v, want %s naming %q", what, c.err, c.sentinel.Status, c.text)
		}
	}
	if got := read(); got != want {
		t.Errorf("refused values changed the rule set: %q", got)
	}
	// Banker tables are pairwise: ranked scoring refuses them, and any majority bonus.
	ranked := MustRules("ranked")
	defer ranked.Close()
	if err := ranked.SetTable(TableBanker); !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), "table") {
		t.Errorf("a banker table under ranked scoring: %v", err)
	}
	if err := ranked.SetMajorityBonus(1); !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), "majority_bonus") {
		t.Errorf("a majority bonus under ranked scoring: %v", err)
	}
	if tb, _ := ranked.Table(); tb != TableAllPairs {
		t.Errorf("a refused table changed the rule set: %d", tb)
	}
	check("ranked majority 0", ranked.SetMajorityBonus(0))
	check("back to all pairs", r.SetTable(TableAllPairs))
	if err := r.Validate(); err != nil {
		t.Errorf("set through the setters, the rule set is valid: %v", err)
	}
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// rulesErr is the error of a call that makes rules.
func rulesErr(_ *Rules, err error) error { return err }

func TestRulesCloneIsIndependent(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	if err := r.SetWheel(WheelLowest); err != nil {
		t.Fatal(err)
	}
	if err := r.SetJokers(2); err != nil {
		t.Fatal(err)
	}
	c, err := r.Clone()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.SetJokers(0); err != nil {
		t.Fatal(err)
	}
	if err := c.SetWheel(WheelSecondHighest); err != nil {
		t.Fatal(err)
	}
	if err := r.SetStrictOrder(true); err != nil {
		t.Fatal(err)
	}
	if j, _ := r.Jokers(); j != 2 {
		t.Errorf("changing the clone changed the original: %d jokers", j)
	}
	if w, _ := r.Wheel(); w != WheelLowest {
		t.Errorf("changing the clone changed the original's wheel: %d", w)
	}
	if so, _ := c.StrictOrder(); so {
		t.Error("changing the original changed the clone")
	}
	if cj, _ := c.JSON(); cj == r.String() {
		t.Error("the clone's JSON is the original's after changes")
	}
	// A clone outlives its original.
	d, _ := r.Clone()
	r.Close()
	if j, err := d.Jokers(); err != nil || j != 2 {
		t.Errorf("a clone after its original closed: %d %v", j, err)
	}
	d.Close()
}

func TestRulesClosed(t *testing.T) {
	r := MustRules("kx")
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Errorf("closing twice: %v", err)
	}
	hand := MustParseCards("As Ks Qs")
	thirteen := MustParseCards("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad")
	errs := map[string]error{}
	_, errs["Clone"] = r.Clone()
	_, errs["JSON"] = r.JSON()
	errs["Validate"] = r.Validate()
	_, errs["Wheel"] = r.Wheel()
	errs["SetWheel"] = r.SetWheel(WheelLowest)
	_, errs["SuitTiebreak"] = r.SuitTiebreak()
	errs["SetSuitTiebreak"] = r.SetSuitTiebreak(true)
	_, errs["StrictOrder"] = r.StrictOrder()
	errs["SetStrictOrder"] = r.SetStrictOrder(true)
	_, errs["Table"] = r.Table()
	errs["SetTable"] = r.SetTable(TableBanker)
	_, errs["MajorityBonus"] = r.MajorityBonus()
	errs["SetMajorityBonus"] = r.SetMajorityBonus(1)
	_, errs["ExtraSuits"] = r.ExtraSuits()
	errs["SetExtraSuits"] = r.SetExtraSuits(ExtraSpades)
	_, errs["MaxPlayers"] = r.MaxPlayers()
	_, errs["Jokers"] = r.Jokers()
	errs["SetJokers"] = r.SetJokers(1)
	_, errs["JokerLanes"] = r.JokerLanes()
	errs["SetJokerLanes"] = r.SetJokerLanes(JokerLanesAvoidFoul)
	_, errs["JokersInSpecials"] = r.JokersInSpecials()
	errs["SetJokersInSpecials"] = r.SetJokersInSpecials(true)
	_, errs["ParseCards"] = r.ParseCards("As")
	errs["ValidateCards"] = r.ValidateCards(hand)
	_, errs["Evaluate"] = r.Evaluate(hand)
	_, _, errs["EvaluatePlayed"] = r.EvaluatePlayed(hand)
	_, errs["Compare"] = r.Compare(hand, hand)
	_, errs["Check13"] = r.Check13(thirteen)
	_, errs["DetectSpecial"] = r.DetectSpecial(thirteen)
	_, errs["Specials"] = r.Specials()
	_, errs["SpecialWater"] = r.SpecialWater(Dragon)
	_, errs["Deck"] = r.Deck()
	_, errs["Deal"] = r.Deal(4, 1)
	_, errs["NewArranger"] = NewArranger(r, 4)
	for what, err := range errs {
		if err != ErrClosed || !errors.Is(err, ErrClosed) || !errors.Is(err, ErrInvalidHandle) {
			t.Errorf("%s on closed rules: %v", what, err)
		}
	}
	if !strings.Contains(r.String(), "closed") {
		t.Errorf("closed rules are written %q", r.String())
	}
	var none *Rules
	if _, err := none.JSON(); err != ErrClosed {
		t.Errorf("nil rules: %v", err)
	}
	if _, err := none.Evaluate(hand); err != ErrClosed {
		t.Errorf("nil rules evaluate: %v", err)
	}
	if err := none.Close(); err != nil {
		t.Errorf("closing nil rules: %v", err)
	}
}

func TestRulesFinalizerAndSharing(t *testing.T) {
	// Rule sets never closed are freed by their finalizer without trouble.
	for i := 0; i < 200; i++ {
		c, _ := MustRules([]string{"kx", "hk"}[i%2]).Clone()
		_ = c
	}
	runtime.GC()
	runtime.GC()
	r := MustRules("classic")
	defer r.Close()
	if h, err := r.Evaluate(MustParseCards("As Ks Qs Js Ts")); err != nil || h.Category != StraightFlush {
		t.Fatalf("after the finalizers: %+v %v", h, err)
	}
	// One rule set read from many goroutines at once gives each the same answers.
	deck, _ := ShuffledDeck(11)
	want := make([]HandRank, 10)
	for i := range want {
		want[i], _ = r.Evaluate(deck[5*i : 5*i+5])
	}
	var wg sync.WaitGroup
	failures := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 200; round++ {
				for i := range want {
					if h, err := r.Evaluate(deck[5*i : 5*i+5]); err != nil || h != want[i] {
						failures <- "lane " + itoa(i)
						return
					}
				}
				if _, err := r.Evaluate(deck[:4]); !errors.Is(err, ErrWrongCardCount) || !strings.Contains(err.Error(), "got 4") {
					failures <- "the error of another goroutine: " + err.Error()
					return
				}
			}
		}()
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
}
