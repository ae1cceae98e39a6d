package shisanshui

import (
	"strings"
	"testing"
)

func TestRulesPresetsOptionsAndJSON(t *testing.T) {
	for _, p := range Presets {
		r, err := NewRules(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		js, err := r.JSON()
		if err != nil {
			t.Fatal(err)
		}
		back, err := RulesFromJSON(js)
		if err != nil {
			t.Fatalf("%s round trip: %v", p, err)
		}
		if again, _ := back.JSON(); again != js {
			t.Errorf("%s: the JSON does not round-trip", p)
		}
		if err := r.Validate(); err != nil {
			t.Errorf("%s: %v", p, err)
		}
		r.Close()
		back.Close()
	}
	if _, err := NewRules("texas"); !errorsIs(err, ErrUnknownPreset) || !strings.Contains(err.Error(), "chinese_poker") {
		t.Errorf("an unknown preset: %v", err)
	}
	r := MustRules("CLASSIC")
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
	if w != WheelLowest || !st || !so || tb != TableBanker || mb != 2 || es != ExtraHearts|ExtraSpades || mp != 6 ||
		j != 2 || jl != JokerLanesAvoidFoul || !js {
		t.Errorf("read back: %v %v %v %v %v %v %v %v %v %v", w, st, so, tb, mb, es, mp, j, jl, js)
	}
	// A clone is independent.
	c, err := r.Clone()
	check("clone", err)
	check("clone jokers", c.SetJokers(0))
	if j, _ := r.Jokers(); j != 2 {
		t.Errorf("the clone changed the original: %d jokers", j)
	}
	c.Close()
	// Bad values are refused and leave the rule set as it was.
	if err := r.SetJokers(7); !errorsIs(err, ErrInvalidRules) || !strings.Contains(err.Error(), "jokers") {
		t.Errorf("seven jokers: %v", err)
	}
	if err := r.SetWheel(Wheel(9)); !errorsIs(err, ErrInvalidArgument) {
		t.Errorf("wheel 9: %v", err)
	}
	if err := r.SetExtraSuits(0x10); !errorsIs(err, ErrInvalidArgument) {
		t.Errorf("extra suits 0x10: %v", err)
	}
	if err := r.SetMajorityBonus(1001); !errorsIs(err, ErrInvalidRules) {
		t.Errorf("majority 1001: %v", err)
	}
	if _, err := RulesFromJSON(`{"jokers": 7}`); !errorsIs(err, ErrInvalidRules) || !strings.Contains(err.Error(), "jokers") {
		t.Errorf("JSON with seven jokers: %v", err)
	}
	if j, _ := r.Jokers(); j != 2 {
		t.Errorf("a refused change changed the rule set: %d jokers", j)
	}
	// A closed rule set is refused, never used.
	r2 := MustRules("kx")
	r2.Close()
	r2.Close()
	if _, err := r2.Evaluate(MustParseCards("As Ks Qs")); !errorsIs(err, ErrClosed) {
		t.Errorf("a closed rule set: %v", err)
	}
	if _, err := NewArranger(r2, 4); !errorsIs(err, ErrClosed) {
		t.Errorf("an arranger of a closed rule set: %v", err)
	}
	var nilRules *Rules
	if _, err := nilRules.JSON(); !errorsIs(err, ErrClosed) {
		t.Errorf("a nil rule set: %v", err)
	}
}
