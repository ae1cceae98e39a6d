package shisanshui

import (
	"math"
	"strings"
	"sync"
	"testing"
)

// arrangers keeps one arranger per (preset, table, role, players) for a test.
type arrangers map[string]*Arranger

func (c arrangers) get(t *testing.T, preset, table, role string, players int) *Arranger {
	t.Helper()
	key := preset + "/" + table + "/" + role + "/" + itoa(players)
	if a := c[key]; a != nil {
		return a
	}
	r := MustRules(preset)
	defer r.Close()
	var a *Arranger
	var err error
	if table == "banker" {
		if err = r.SetTable(TableBanker); err != nil {
			t.Fatal(err)
		}
		ro := RolePlayer
		if role == "banker" {
			ro = RoleBanker
		}
		a, err = NewArrangerFor(r, players, ro)
	} else {
		a, err = NewArranger(r, players)
	}
	if err != nil {
		t.Fatalf("%s: %v", key, err)
	}
	c[key] = a
	return a
}

func (c arrangers) close() {
	for _, a := range c {
		a.Close()
	}
}

// matchesArranged compares an arrangement with a vector record's lanes, categories and water.
func matchesArranged(t *testing.T, what string, a Arranged, o obj) {
	t.Helper()
	if !sameCards(a.Lanes.Front[:], cardsOf(o["front"])) || !sameCards(a.Lanes.Middle[:], cardsOf(o["middle"])) ||
		!sameCards(a.Lanes.Back[:], cardsOf(o["back"])) {
		t.Errorf("%s: %v, want %v / %v / %v", what, a.Lanes, o["front"], o["middle"], o["back"])
	}
	if cats, ok := o["categories"]; ok {
		for l, c := range list(cats) {
			if int(a.Categories[l]) != num(c) {
				t.Errorf("%s: categories %v, want %v", what, a.Categories, cats)
				break
			}
		}
	}
	if w := o["expected_water"]; w != nil && math.Abs(a.ExpectedWater-f64(w)) > 1e-6 {
		t.Errorf("%s: expected water %.9f, want %.9f", what, a.ExpectedWater, f64(w))
	}
}

func TestArrangeVectors(t *testing.T) {
	doc := loadObj(t, "arrange.json")
	n := num(doc["suggestions_n"])
	cache := arrangers{}
	defer cache.close()
	for i, hv := range records(t, doc, "hands") {
		o := hv.(obj)
		what := "hand " + itoa(i)
		a := cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"]))
		hands, err := Deal(num(o["players"]), u64(o["seed"]))
		if err != nil || !sameCards(hands[num(o["seat"])], cardsOf(o["codes"])) {
			t.Errorf("%s: the seeded deal", what)
		}
		got, err := a.Arrange(cardsOf(o["codes"]))
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		matchesArranged(t, what, got, o)
		w, err := a.ExpectedWater(got.Lanes.Cards())
		if err != nil || math.Abs(w-got.ExpectedWater) > 1e-9 {
			t.Errorf("%s: ExpectedWater %v, %v; Arrange said %v", what, w, err, got.ExpectedWater)
		}
		sugg, err := a.Suggest(cardsOf(o["codes"]), n)
		want := list(o["suggestions"])
		if err != nil || len(sugg) != len(want) {
			t.Errorf("%s: %d suggestions, %v; want %d", what, len(sugg), err, len(want))
			continue
		}
		for k, sv := range want {
			so := sv.(obj)
			if sugg[k].Kind.String() != str(so["kind"]) {
				t.Errorf("%s suggestion %d: %s, want %s", what, k, sugg[k].Kind, str(so["kind"]))
			}
			matchesArranged(t, what+" suggestion "+itoa(k), sugg[k].Arranged, so)
		}
	}
	for i, av := range records(t, doc, "advice") {
		o := av.(obj)
		what := "advice " + itoa(i)
		a := cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"]))
		adv, err := a.SpecialAdvice(cardsOf(o["codes"]))
		if o["special"] == nil {
			if err != nil || adv != nil {
				t.Errorf("%s: advice %v, %v for a hand without a special", what, adv, err)
			}
			continue
		}
		if err != nil || adv == nil {
			t.Errorf("%s: %v %v", what, adv, err)
			continue
		}
		if adv.Special.String() != str(o["special"]) || adv.Declare() != (o["declare"] == true) ||
			math.Abs(adv.DeclareWater-f64(o["declare_water"])) > 1e-6 || math.Abs(adv.LaneWater-f64(o["lane_water"])) > 1e-6 {
			t.Errorf("%s: %+v, want %v", what, adv, o)
		}
		matchesArranged(t, what, adv.BestLanes, obj{"front": o["front"], "middle": o["middle"], "back": o["back"]})
		seat, err := a.Play(cardsOf(o["codes"]))
		if err != nil || (seat.Kind() == SeatSpecial) != adv.Declare() || (adv.Declare() && seat.Special() != adv.Special) {
			t.Errorf("%s: Play gives %v, %v", what, seat, err)
		}
	}
	for i, rv := range records(t, doc, "roles") {
		o := rv.(obj)
		what := "role " + itoa(i)
		a := cache.get(t, str(o["preset"]), str(o["table"]), str(o["role"]), num(o["players"]))
		got, err := a.Arrange(cardsOf(o["codes"]))
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		matchesArranged(t, what, got, o)
	}
	for i, pv := range records(t, doc, "plain") {
		o := pv.(obj)
		what := "plain " + itoa(i)
		a := cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"]))
		off, err := a.WithCardRemoval(false)
		if err != nil {
			t.Fatal(err)
		}
		got, err := off.Arrange(cardsOf(o["codes"]))
		if err != nil {
			t.Errorf("%s: %v", what, err)
		} else {
			matchesArranged(t, what, got, o)
		}
		// The same arranger from options.
		r := MustRules(str(o["preset"]))
		opts := DefaultArrangerOptions(num(o["players"]))
		opts.CardRemoval = false
		made, err := NewArrangerWith(r, opts)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := made.Arrange(cardsOf(o["codes"])); err != nil || !sameCards(again.Lanes.Cards(), got.Lanes.Cards()) {
			t.Errorf("%s: the arranger from options plays %v, %v", what, again.Lanes, err)
		}
		if back, err := made.Options(); err != nil || back != opts {
			t.Errorf("%s: options read back %+v, %v", what, back, err)
		}
		on, _ := a.Arrange(cardsOf(o["codes"]))
		if apart := !sameCards(on.Lanes.Cards(), got.Lanes.Cards()); apart != (o["differs"] == true) {
			t.Errorf("%s: card removal plays apart: %v, want %v", what, apart, o["differs"])
		}
		cr, _ := off.CardRemoval()
		if cr {
			t.Errorf("%s: card removal reads on", what)
		}
		made.Close()
		r.Close()
		off.Close()
	}
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		what := "error " + itoa(i) + " (" + str(o["call"]) + ")"
		var err error
		switch str(o["call"]) {
		case "arranger":
			var a *Arranger
			a, err = NewArrangerPreset(str(o["preset"]), num(o["players"]))
			if a != nil {
				t.Errorf("%s: an arranger on failure", what)
			}
		case "arrange":
			_, err = cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"])).Arrange(cardsOf(o["codes"]))
		case "suggest":
			_, err = cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"])).Suggest(cardsOf(o["codes"]), num(o["n"]))
		case "special_advice":
			_, err = cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"])).SpecialAdvice(cardsOf(o["codes"]))
		default:
			t.Fatalf("%s: unknown call", what)
		}
		expectKind(t, err, str(o["kind"]), what)
		if p, ok := o["position"]; ok && err != nil && !strings.Contains(err.Error(), "position "+itoa(num(p))) {
			t.Errorf("%s: %q does not name position %d", what, err, num(p))
		}
	}
}

func TestLevelVectors(t *testing.T) {
	doc := loadObj(t, "levels.json")
	cache := arrangers{}
	defer cache.close()
	apart := 0
	for i, hv := range records(t, doc, "hands") {
		o := hv.(obj)
		what := "level hand " + itoa(i)
		level, err := ParseLevel(str(o["level"]))
		if err != nil {
			t.Fatal(err)
		}
		base := cache.get(t, str(o["preset"]), str(o["table"]), str(o["role"]), num(o["players"]))
		bot, err := base.WithLevel(level, u64(o["seed"]))
		if err != nil {
			t.Fatal(err)
		}
		got, err := bot.Arrange(cardsOf(o["codes"]))
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		matchesArranged(t, what, got, o)
		if l, s, _ := bot.Level(); l != level || s != u64(o["seed"]) {
			t.Errorf("%s: level %v seed %d read back", what, l, s)
		}
		// From options, in one call.
		r, _ := base.Rules()
		role, _ := base.Role()
		made, err := NewArrangerWith(r, ArrangerOptions{Players: num(o["players"]), Role: role, Level: level,
			Seed: u64(o["seed"]), CardRemoval: true})
		if err != nil {
			t.Fatal(err)
		}
		if again, err := made.Arrange(cardsOf(o["codes"])); err != nil || !sameCards(again.Lanes.Cards(), got.Lanes.Cards()) {
			t.Errorf("%s: the arranger from options plays %v, %v", what, again.Lanes, err)
		}
		best, _ := base.Arrange(cardsOf(o["codes"]))
		if level != LevelBest && !sameCards(best.Lanes.Cards(), got.Lanes.Cards()) {
			apart++
		}
		made.Close()
		r.Close()
		bot.Close()
	}
	if apart == 0 {
		t.Error("no lower level plays apart from the best")
	}
	for i, nv := range records(t, doc, "names") {
		o := nv.(obj)
		l, err := ParseLevel(str(o["text"]))
		if err != nil || int(l) != num(o["level"]) {
			t.Errorf("level name %d %q: %v %v", i, str(o["text"]), l, err)
		}
	}
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		var err error
		if text, ok := o["text"].(string); ok {
			_, err = ParseLevel(text)
		} else {
			a := cache.get(t, "classic", "all_pairs", "player", 2)
			_, err = a.WithLevel(Level(num(o["level"])), 1)
		}
		expectKind(t, err, str(o["kind"]), "level error "+itoa(i))
	}
	if LevelCasual.String() != "casual" {
		t.Errorf("%s", LevelCasual)
	}
}

func TestArrangerIsSharedAcrossGoroutines(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	a, err := NewArranger(r, 4)
	if err != nil {
		t.Fatal(err)
	}
	var hands [][]Card
	for seed := uint64(0); seed < 6; seed++ {
		h, _ := Deal(4, seed)
		hands = append(hands, h...)
	}
	want := make([]Arranged, len(hands))
	for i, h := range hands {
		if want[i], err = a.Arrange(h); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := range hands {
				i := (k + g) % len(hands)
				got, err := a.Arrange(hands[i])
				if err != nil || got != want[i] {
					t.Errorf("goroutine %d hand %d: %v, %v", g, i, got.Lanes, err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	a.Close()
	if _, err := a.Arrange(hands[0]); !errorsIs(err, ErrClosed) {
		t.Errorf("a closed arranger: %v", err)
	}
	if _, err := NewArrangerWith(r, ArrangerOptions{Players: 4, Level: Level(9), CardRemoval: true}); !errorsIs(err, ErrInvalidArgument) {
		t.Errorf("level 9: %v", err)
	}
	if _, err := NewArrangerWith(r, ArrangerOptions{Players: 4, Role: RoleBanker}); !errorsIs(err, ErrInvalidTable) {
		t.Errorf("the banker at an all-pairs table: %v", err)
	}
	if _, err := NewArranger(r, -1); !errorsIs(err, ErrInvalidTable) {
		t.Errorf("-1 players: %v", err)
	}
}
