package shisanshui

import (
	"errors"
	"math"
	"sort"
	"strings"
	"sync"
	"testing"
)

// waterTolerance is how far an expected water may be from the vectors' (written with 9 decimals),
// as the C tests allow.
const waterTolerance = 1e-9

// arranged is an arranger of a test with a copy of its rule set (for the library's own foul check).
type arranged struct {
	a *Arranger
	r *Rules
}

// arrangers keeps one arranger per (preset, table, role, players) for a test.
type arrangers map[string]arranged

func (c arrangers) entry(t *testing.T, preset, table, role string, players int) arranged {
	t.Helper()
	key := preset + "/" + table + "/" + role + "/" + itoa(players)
	if e, ok := c[key]; ok {
		return e
	}
	r := MustRules(preset)
	defer r.Close()
	var a *Arranger
	var err error
	if table == "banker" {
		if err = r.SetTable(TableBanker); err != nil {
			t.Fatal(err)
		}
		a, err = NewArrangerFor(r, players, roleNamed(t, role))
	} else {
		a, err = NewArranger(r, players)
	}
	if err != nil {
		t.Fatalf("%s: %v", key, err)
	}
	own, err := a.Rules()
	if err != nil {
		t.Fatalf("%s: %v", key, err)
	}
	c[key] = arranged{a, own}
	return c[key]
}

func (c arrangers) get(t *testing.T, preset, table, role string, players int) *Arranger {
	t.Helper()
	return c.entry(t, preset, table, role, players).a
}

func (c arrangers) close() {
	for _, e := range c {
		e.a.Close()
		e.r.Close()
	}
}

func roleNamed(t *testing.T, role string) Role {
	t.Helper()
	switch role {
	case "player":
		return RolePlayer
	case "banker":
		return RoleBanker
	}
	t.Fatalf("role %q", role)
	return 0
}

// matchesArranged compares an arrangement with a vector record's lanes, categories and water.
func matchesArranged(t *testing.T, what string, a Arranged, o obj) {
	t.Helper()
	if !sameCards(a.Lanes.Front[:], cardsOf(o["front"])) || !sameCards(a.Lanes.Middle[:], cardsOf(o["middle"])) ||
		!sameCards(a.Lanes.Back[:], cardsOf(o["back"])) {
		t.Errorf("%s: %v, want %v / %v / %v", what, a.Lanes, o["front"], o["middle"], o["back"])
	}
	if cats, ok := o["categories"]; ok {
		want := list(cats)
		if len(want) != 3 {
			t.Fatalf("%s: categories %v", what, cats)
		}
		for l, c := range want {
			if int(a.Categories[l]) != num(c) {
				t.Errorf("%s: categories %v, want %v", what, a.Categories, cats)
				break
			}
		}
	}
	if w, ok := o["expected_water"]; ok && math.Abs(a.ExpectedWater-f64(w)) > waterTolerance {
		t.Errorf("%s: expected water %.9f, want %.9f", what, a.ExpectedWater, f64(w))
	}
}

// sortedCards is a copy of cards in ascending code.
func sortedCards(cards []Card) []Card {
	s := append([]Card(nil), cards...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s
}

// checkLegal checks an arrangement against the hand and the library's own foul check: the hand's
// 13 cards, no foul, and the evaluator's categories.
func checkLegal(t *testing.T, what string, rules *Rules, hand []Card, a Arranged) {
	t.Helper()
	if !sameCards(sortedCards(hand), sortedCards(a.Lanes.Cards())) {
		t.Errorf("%s: %v is not the hand %v", what, a.Lanes, hand)
	}
	e, err := rules.Check13(a.Lanes.Cards())
	if err != nil || e.IsFoul() {
		t.Errorf("%s: %v fouls (%+v, %v)", what, a.Lanes, e.Foul, err)
		return
	}
	if got := [3]Category{e.Front.Category, e.Middle.Category, e.Back.Category}; got != a.Categories {
		t.Errorf("%s: categories %v, the evaluator says %v", what, a.Categories, got)
	}
}

func reversed(cards []Card) []Card {
	out := make([]Card, len(cards))
	for i, c := range cards {
		out[len(cards)-1-i] = c
	}
	return out
}

func TestArrangeVectors(t *testing.T) {
	doc := loadObj(t, "arrange.json")
	n := num(doc["suggestions_n"])
	if n < 1 {
		t.Fatalf("suggestions_n %d", n)
	}
	cache := arrangers{}
	defer cache.close()
	hands := records(t, doc, "hands")
	for i, hv := range hands {
		o := hv.(obj)
		what := "hand " + itoa(i) + " (" + str(o["preset"]) + ", " + itoa(num(o["players"])) + " players)"
		e := cache.entry(t, str(o["preset"]), "all_pairs", "player", num(o["players"]))
		hand := cardsOf(o["codes"])
		dealt, err := Deal(num(o["players"]), u64(o["seed"]))
		if err != nil || !sameCards(dealt[num(o["seat"])], hand) {
			t.Errorf("%s: the seeded deal: %v", what, err)
		}
		got, err := e.a.Arrange(hand)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		matchesArranged(t, what, got, o)
		checkLegal(t, what, e.r, hand, got)
		// The order of the cards does not matter.
		if again, err := e.a.Arrange(reversed(hand)); err != nil || again != got {
			t.Errorf("%s: reversed, %v (%v)", what, again.Lanes, err)
		}
		// The arranger's price of its own answer is the answer's water.
		if w, err := e.a.ExpectedWater(got.Lanes.Cards()); err != nil || math.Abs(w-got.ExpectedWater) > waterTolerance {
			t.Errorf("%s: ExpectedWater %v, %v; Arrange said %v", what, w, err, got.ExpectedWater)
		}
		sugg, err := e.a.Suggest(hand, n)
		want := list(o["suggestions"])
		if err != nil || len(sugg) != len(want) || len(sugg) < 1 {
			t.Errorf("%s: %d suggestions, %v; want %d", what, len(sugg), err, len(want))
			continue
		}
		if sugg[0].Kind != SuggestBest || sugg[0].Arranged != got {
			t.Errorf("%s: the first suggestion is %s %v, not the arrangement", what, sugg[0].Kind, sugg[0].Lanes)
		}
		for k, sv := range want {
			so := sv.(obj)
			sw := what + " suggestion " + itoa(k)
			if sugg[k].Kind.String() != str(so["kind"]) {
				t.Errorf("%s: %s, want %s", sw, sugg[k].Kind, str(so["kind"]))
			}
			matchesArranged(t, sw, sugg[k].Arranged, so)
			checkLegal(t, sw, e.r, hand, sugg[k].Arranged)
			for m := 0; m < k; m++ {
				if sugg[m].Categories == sugg[k].Categories {
					t.Errorf("%s: the categories of suggestion %d", sw, m)
				}
			}
		}
		// Play: the lanes of Arrange unless declaring a special is worth more.
		adv, err := e.a.SpecialAdvice(hand)
		if err != nil {
			t.Errorf("%s: advice %v", what, err)
			continue
		}
		seat, err := e.a.Play(hand)
		if err != nil {
			t.Errorf("%s: play %v", what, err)
		} else if adv == nil || !adv.Declare {
			if seat != got.Seat() || seat.Kind() != SeatArranged || !sameCards(seat.Cards(), got.Lanes.Cards()) {
				t.Errorf("%s: Play gives %v, not the arrangement", what, seat)
			}
		} else if seat.Kind() != SeatSpecial || seat.Special() != adv.Special {
			t.Errorf("%s: Play gives %v, advice %+v", what, seat, adv)
		}
	}

	advice := records(t, doc, "advice")
	without := 0
	for i, av := range advice {
		o := av.(obj)
		what := "advice " + itoa(i)
		e := cache.entry(t, str(o["preset"]), "all_pairs", "player", num(o["players"]))
		hand := cardsOf(o["codes"])
		if text := str(o["text"]); text != "" {
			if parsed, err := ParseCards(text); err != nil || !sameCards(parsed, hand) {
				t.Errorf("%s: %q parses to %v, %v", what, text, parsed, err)
			}
		}
		adv, err := e.a.SpecialAdvice(hand)
		best, berr := e.a.Arrange(hand)
		if err != nil || berr != nil {
			t.Errorf("%s: %v %v", what, err, berr)
			continue
		}
		seat, err := e.a.Play(hand)
		if err != nil {
			t.Errorf("%s: play %v", what, err)
			continue
		}
		if o["special"] == nil {
			without++
			if adv != nil {
				t.Errorf("%s: advice %+v for a hand without a special", what, adv)
			}
			if seat != best.Seat() {
				t.Errorf("%s: Play gives %v, not the best lanes %v", what, seat, best.Lanes)
			}
			continue
		}
		if adv == nil {
			t.Errorf("%s: no advice, want %s", what, str(o["special"]))
			continue
		}
		if adv.Special.String() != str(o["special"]) || adv.Declare != (o["declare"] == true) {
			t.Errorf("%s: %s declare %v, want %s %v", what, adv.Special, adv.Declare, o["special"], o["declare"])
		}
		if math.Abs(adv.DeclareWater-f64(o["declare_water"])) > waterTolerance ||
			math.Abs(adv.LaneWater-f64(o["lane_water"])) > waterTolerance {
			t.Errorf("%s: waters %v %v, want %v %v", what, adv.DeclareWater, adv.LaneWater, o["declare_water"], o["lane_water"])
		}
		if adv.Advantage != adv.DeclareWater-adv.LaneWater || adv.Declare != (adv.Advantage > 0) {
			t.Errorf("%s: advantage %v of %v − %v, declare %v", what, adv.Advantage, adv.DeclareWater, adv.LaneWater, adv.Declare)
		}
		if adv.LaneWater != adv.BestLanes.ExpectedWater || adv.BestLanes != best {
			t.Errorf("%s: the advice's lanes %v (%v) are not the best %v", what, adv.BestLanes.Lanes, adv.LaneWater, best.Lanes)
		}
		matchesArranged(t, what, adv.BestLanes, obj{"front": o["front"], "middle": o["middle"], "back": o["back"]})
		checkLegal(t, what, e.r, hand, adv.BestLanes)
		if adv.Declare {
			if seat.Kind() != SeatSpecial || seat.Special() != adv.Special || seat.Lanes() != nil ||
				!sameCards(sortedCards(seat.Cards()), sortedCards(hand)) {
				t.Errorf("%s: Play gives %v, want %s declared", what, seat, adv.Special)
			}
		} else if seat != best.Seat() {
			t.Errorf("%s: Play gives %v, want the lanes", what, seat)
		}
	}
	if without == 0 || without == len(advice) {
		t.Errorf("%d of %d advice records without a special: both kinds are needed", without, len(advice))
	}

	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		what := "error " + itoa(i) + " (" + str(o["call"]) + " " + str(o["kind"]) + ")"
		var err error
		switch str(o["call"]) {
		case "arranger":
			var a *Arranger
			a, err = NewArrangerPreset(str(o["preset"]), num(o["players"]))
			if a != nil {
				t.Errorf("%s: an arranger on failure", what)
			}
		case "arrange":
			var got Arranged
			got, err = cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"])).Arrange(cardsOf(o["codes"]))
			if got != (Arranged{}) {
				t.Errorf("%s: %v on failure", what, got)
			}
		case "suggest":
			var got []Suggestion
			got, err = cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"])).Suggest(cardsOf(o["codes"]), num(o["n"]))
			if got != nil {
				t.Errorf("%s: %v on failure", what, got)
			}
		case "special_advice":
			var got *SpecialAdvice
			got, err = cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"])).SpecialAdvice(cardsOf(o["codes"]))
			if got != nil {
				t.Errorf("%s: %v on failure", what, got)
			}
		default:
			t.Fatalf("%s: unknown call", what)
		}
		expectKind(t, err, str(o["kind"]), what)
		expectPosition(t, err, o, what)
	}

	roles := records(t, doc, "roles")
	differ := 0
	for i, rv := range roles {
		o := rv.(obj)
		what := "role " + itoa(i) + " (" + str(o["preset"]) + " " + str(o["table"]) + " " + str(o["role"]) + ")"
		if str(o["table"]) != "banker" {
			t.Errorf("%s: a role record at a %s table", what, str(o["table"]))
		}
		e := cache.entry(t, str(o["preset"]), str(o["table"]), str(o["role"]), num(o["players"]))
		if r, err := e.a.Role(); err != nil || r.String() != str(o["role"]) {
			t.Errorf("%s: role %v, %v", what, r, err)
		}
		hand := cardsOf(o["codes"])
		got, err := e.a.Arrange(hand)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		matchesArranged(t, what, got, o)
		checkLegal(t, what, e.r, hand, got)
		// The other role at the same table prices every hand differently, so a mixed-up role
		// cannot pass.
		other := "banker"
		if str(o["role"]) == "banker" {
			other = "player"
		}
		theirs, err := cache.get(t, str(o["preset"]), str(o["table"]), other, num(o["players"])).Arrange(hand)
		if err != nil || theirs.ExpectedWater == got.ExpectedWater {
			t.Errorf("%s: the %s prices it %v too (%v)", what, other, theirs.ExpectedWater, err)
		}
		if theirs.Lanes != got.Lanes {
			differ++
		}
	}
	if differ < 4 {
		t.Errorf("the roles arrange %d of %d records differently", differ, len(roles))
	}

	plain := records(t, doc, "plain")
	apart, wantApart := 0, 0
	for i, pv := range plain {
		o := pv.(obj)
		what := "plain " + itoa(i)
		e := cache.entry(t, str(o["preset"]), "all_pairs", "player", num(o["players"]))
		hand := cardsOf(o["codes"])
		off, err := e.a.WithCardRemoval(false)
		if err != nil {
			t.Fatal(err)
		}
		if cr, err := off.CardRemoval(); err != nil || cr {
			t.Errorf("%s: card removal reads %v, %v", what, cr, err)
		}
		if cr, err := e.a.CardRemoval(); err != nil || !cr {
			t.Errorf("%s: the arranger it was made from reads %v, %v", what, cr, err)
		}
		got, err := off.Arrange(hand)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			off.Close()
			continue
		}
		matchesArranged(t, what, got, o)
		checkLegal(t, what, e.r, hand, got)
		// The same arranger from options, and its options back.
		opts := DefaultArrangerOptions(num(o["players"]))
		opts.CardRemoval = false
		made, err := NewArrangerWith(e.r, opts)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := made.Arrange(hand); err != nil || again != got {
			t.Errorf("%s: the arranger from options plays %v, %v", what, again.Lanes, err)
		}
		if back, err := made.Options(); err != nil || back != opts {
			t.Errorf("%s: options read back %+v, %v", what, back, err)
		}
		on, err := e.a.Arrange(hand)
		if err != nil {
			t.Errorf("%s: %v", what, err)
		}
		differs := on.Lanes.Front != got.Lanes.Front || on.Lanes.Middle != got.Lanes.Middle
		if d, ok := o["differs"].(bool); !ok || differs != d {
			t.Errorf("%s: card removal on plays apart: %v, want %v", what, differs, o["differs"])
		}
		if differs {
			apart++
		}
		if o["differs"] == true {
			wantApart++
		}
		made.Close()
		off.Close()
	}
	if apart != wantApart || apart == 0 {
		t.Errorf("card removal plays %d records apart, the vectors %d", apart, wantApart)
	}
}

func TestLevelVectors(t *testing.T) {
	doc := loadObj(t, "levels.json")
	cache := arrangers{}
	defer cache.close()
	apart := 0
	for i, hv := range records(t, doc, "hands") {
		o := hv.(obj)
		what := "level hand " + itoa(i) + " (" + str(o["level"]) + ", seed " + itoa(num(o["seed"])) + ")"
		level, err := ParseLevel(str(o["level"]))
		if err != nil || level.String() != str(o["level"]) {
			t.Fatalf("%s: %v %v", what, level, err)
		}
		e := cache.entry(t, str(o["preset"]), str(o["table"]), str(o["role"]), num(o["players"]))
		hand := cardsOf(o["codes"])
		seed := u64(o["seed"])
		bot, err := e.a.WithLevel(level, seed)
		if err != nil {
			t.Fatal(err)
		}
		if l, s, err := bot.Level(); err != nil || l != level || s != seed {
			t.Errorf("%s: level %v seed %d read back, %v", what, l, s, err)
		}
		got, err := bot.Arrange(hand)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			bot.Close()
			continue
		}
		matchesArranged(t, what, got, o)
		checkLegal(t, what, e.r, hand, got)
		// A pure function of the cards as a set.
		if again, err := bot.Arrange(reversed(hand)); err != nil || again != got {
			t.Errorf("%s: reversed, %v (%v)", what, again.Lanes, err)
		}
		// From options, in one call, and its options back.
		role, _ := e.a.Role()
		opts := ArrangerOptions{Players: num(o["players"]), Role: role, Level: level, Seed: seed, CardRemoval: true}
		made, err := NewArrangerWith(e.r, opts)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := made.Arrange(hand); err != nil || again != got {
			t.Errorf("%s: the arranger from options plays %v, %v", what, again.Lanes, err)
		}
		if back, err := made.Options(); err != nil || back != opts {
			t.Errorf("%s: options read back %+v, %v", what, back, err)
		}
		best, err := e.a.Arrange(hand)
		if err != nil {
			t.Errorf("%s: %v", what, err)
		}
		if level == LevelBest {
			if got != best {
				t.Errorf("%s: best plays %v, the plain arranger %v", what, got.Lanes, best.Lanes)
			}
		} else {
			if got.ExpectedWater > best.ExpectedWater {
				t.Errorf("%s: %v better than the best %v", what, got.ExpectedWater, best.ExpectedWater)
			}
			if got != best {
				apart++
			}
		}
		made.Close()
		bot.Close()
	}
	if apart == 0 {
		t.Error("no lower level plays apart from the best")
	}
	names := records(t, doc, "names")
	for i, nv := range names {
		o := nv.(obj)
		l, err := ParseLevel(str(o["text"]))
		if err != nil || int(l) != num(o["level"]) {
			t.Errorf("level name %d %q: %v %v", i, str(o["text"]), l, err)
		}
	}
	// The first four names are the canonical ones, in level order.
	for l := LevelBeginner; l <= LevelBest; l++ {
		if want := str(names[int(l)].(obj)["text"]); l.String() != want {
			t.Errorf("level %d is named %q, want %q", l, l.String(), want)
		}
	}
	cls := cache.get(t, "classic", "all_pairs", "player", 2)
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		what := "level error " + itoa(i)
		if text, ok := o["text"].(string); ok {
			_, err := ParseLevel(text)
			expectKind(t, err, str(o["kind"]), what)
			if err != nil && !strings.Contains(err.Error(), "beginner, casual, strong or best") {
				t.Errorf("%s: %q does not name the choices", what, err)
			}
			continue
		}
		level := Level(u64(o["level"]))
		bot, err := cls.WithLevel(level, 1)
		expectKind(t, err, str(o["kind"]), what)
		if bot != nil {
			t.Errorf("%s: an arranger on failure", what)
		}
		rules := MustRules("classic")
		_, err = NewArrangerWith(rules, ArrangerOptions{Players: 2, Level: level, CardRemoval: true})
		rules.Close()
		expectKind(t, err, str(o["kind"]), what+" from options")
		if s := level.String(); s != "level "+itoa(num(o["level"])) {
			t.Errorf("%s: named %q", what, s)
		}
	}
}

func TestArrangerHandle(t *testing.T) {
	r := MustRules("classic")
	a, err := NewArranger(r, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	// The defaults, read one by one and as options.
	if p, err := a.Players(); err != nil || p != 3 {
		t.Errorf("players %d, %v", p, err)
	}
	if ro, err := a.Role(); err != nil || ro != RolePlayer {
		t.Errorf("role %v, %v", ro, err)
	}
	if l, s, err := a.Level(); err != nil || l != LevelBest || s != 0 {
		t.Errorf("level %v seed %d, %v", l, s, err)
	}
	if cr, err := a.CardRemoval(); err != nil || !cr {
		t.Errorf("card removal %v, %v", cr, err)
	}
	if o, err := a.Options(); err != nil || o != DefaultArrangerOptions(3) {
		t.Errorf("options %+v, %v", o, err)
	}
	// The arranger keeps its own copy of the rules: closing them changes nothing.
	want, _ := r.JSON()
	r.Close()
	own, err := a.Rules()
	if err != nil {
		t.Fatal(err)
	}
	if got, err := own.JSON(); err != nil || got != want {
		t.Errorf("the arranger's rules: %v", err)
	}
	defer own.Close()
	hand, _ := ParseCards("As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd")
	got, err := a.Arrange(hand)
	if err != nil {
		t.Fatal(err)
	}
	byName, err := NewArrangerPreset("CLASSIC", 3)
	if err != nil {
		t.Fatal(err)
	}
	if again, err := byName.Arrange(hand); err != nil || again != got {
		t.Errorf("by the preset's name: %v, %v", again.Lanes, err)
	}
	byName.Close()

	// A level and card removal stack; each new arranger leaves its parent unchanged.
	bot, err := a.WithLevel(LevelCasual, 42)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := bot.WithCardRemoval(false)
	if err != nil {
		t.Fatal(err)
	}
	if o, err := plain.Options(); err != nil || o != (ArrangerOptions{Players: 3, Level: LevelCasual, Seed: 42}) {
		t.Errorf("casual without card removal: %+v, %v", o, err)
	}
	if l, _, _ := bot.Level(); l != LevelCasual {
		t.Errorf("the level's parent reads %v", l)
	}
	if cr, _ := bot.CardRemoval(); !cr {
		t.Error("card removal's parent reads off")
	}
	if l, _, _ := a.Level(); l != LevelBest {
		t.Errorf("the first arranger reads %v", l)
	}
	plain.Close()
	bot.Close()

	// Bad hands: the count, duplicates, codes; the message names what is wrong.
	bad := func(what string, err error, target error, text string) {
		t.Helper()
		if !errors.Is(err, target) || !strings.Contains(err.Error(), text) {
			t.Errorf("%s: %v, want %v naming %q", what, err, target, text)
		}
	}
	_, err = a.Arrange(hand[:12])
	bad("12 cards", err, ErrWrongCardCount, "expected 13 cards, got 12")
	dup := append([]Card(nil), hand...)
	dup[7] = dup[1]
	_, err = a.Arrange(dup)
	bad("a duplicate", err, ErrDuplicateCard, "position 7")
	code := append([]Card(nil), hand...)
	code[3] = SmallJoker
	_, err = a.Arrange(code)
	bad("a joker the deck lacks", err, ErrBadCardCode, "52")
	_, err = a.ExpectedWater(code)
	bad("the water of a bad code", err, ErrBadCardCode, "52")
	_, err = a.Play(dup)
	bad("playing a duplicate", err, ErrDuplicateCard, "position 7")
	_, err = a.Suggest(hand, -1)
	bad("-1 suggestions", err, ErrInvalidArgument, "-1")
	_, err = a.Complete(hand, hand[:2], nil, nil)
	bad("a short front", err, ErrWrongCardCount, "3")

	// A foul (a pair of aces in front of a high card) is priced as losing every lane to every
	// opponent: 3 lanes to each of 2 opponents at least, and below the best lanes.
	foul, _ := ParseCards("As Ad Kh Jd 7h 6c 5d 4s Kc 9s 9d 3h 2c")
	if e, err := own.Check13(foul); err != nil || !e.Foul.FrontOverMiddle {
		t.Fatalf("not a foul: %+v, %v", e.Foul, err)
	}
	if w, err := a.ExpectedWater(foul); err != nil || w > -6 || w >= got.ExpectedWater {
		t.Errorf("a foul's water %v, %v", w, err)
	}

	// Making arrangers: refusals.
	banker := MustRules("classic")
	defer banker.Close()
	if err := banker.SetTable(TableBanker); err != nil {
		t.Fatal(err)
	}
	classic := MustRules("classic")
	defer classic.Close()
	for _, c := range []struct {
		what   string
		err    error
		target error
	}{
		{"all pairs at a banker table", second(NewArranger(banker, 4)), ErrInvalidTable},
		{"the banker at an all-pairs table", second(NewArrangerFor(classic, 4, RoleBanker)), ErrInvalidTable},
		{"role 7", second(NewArrangerFor(banker, 4, Role(7))), ErrInvalidArgument},
		{"5 seats", second(NewArrangerFor(banker, 5, RolePlayer)), ErrInvalidTable},
		{"-1 seats", second(NewArranger(classic, -1)), ErrInvalidTable},
		{"1 seat", second(NewArranger(classic, 1)), ErrInvalidTable},
		{"level 9", second(NewArrangerWith(classic, ArrangerOptions{Players: 4, Level: Level(9), CardRemoval: true})), ErrInvalidArgument},
		{"role 2", second(NewArrangerWith(classic, ArrangerOptions{Players: 4, Role: Role(2), Level: LevelBest})), ErrInvalidArgument},
		{"the banker's options at an all-pairs table", second(NewArrangerWith(classic, ArrangerOptions{Players: 4, Role: RoleBanker})), ErrInvalidTable},
		{"an unknown preset", second(NewArrangerPreset("macau", 4)), ErrUnknownPreset},
		{"closed rules", second(NewArranger(r, 4)), ErrClosed},
		{"closed rules for a role", second(NewArrangerFor(r, 4, RolePlayer)), ErrClosed},
		{"closed rules with options", second(NewArrangerWith(r, DefaultArrangerOptions(4))), ErrClosed},
	} {
		if !errors.Is(c.err, c.target) {
			t.Errorf("%s: %v, want %v", c.what, c.err, c.target)
		}
	}
	// A banker table has both seats; a table of two is the heads-up game in either role.
	for _, ro := range []Role{RolePlayer, RoleBanker} {
		two, err := NewArrangerFor(banker, 2, ro)
		if err != nil {
			t.Fatal(err)
		}
		heads, _ := NewArranger(classic, 2)
		x, err1 := two.Arrange(hand)
		y, err2 := heads.Arrange(hand)
		if err1 != nil || err2 != nil || x != y {
			t.Errorf("%s at a banker table of two: %v, heads-up %v (%v %v)", ro, x.Lanes, y.Lanes, err1, err2)
		}
		two.Close()
		heads.Close()
	}

	// The names of the typed constants.
	for _, c := range []struct{ got, want string }{
		{RolePlayer.String(), "player"}, {RoleBanker.String(), "banker"}, {Role(5).String(), "role 5"},
		{LevelStrong.String(), "strong"}, {Level(7).String(), "level 7"},
		{SuggestBest.String(), "best"}, {SuggestStrongestBack.String(), "strongest_back"},
		{SuggestStrongestMiddle.String(), "strongest_middle"}, {SuggestAlternative.String(), "alternative"},
		{SuggestionKind(9).String(), "suggestion kind 9"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

func second(_ *Arranger, err error) error { return err }

func TestSuggestLongLists(t *testing.T) {
	a, err := NewArrangerPreset("classic", 4)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	hands, _ := Deal(4, 31)
	longest := 0
	for i, h := range hands {
		all, err := a.Suggest(h, 500)
		if err != nil || len(all) < 1 {
			t.Fatalf("hand %d: %d, %v", i, len(all), err)
		}
		if len(all) > longest {
			longest = len(all)
		}
		// A shorter list is the start of the longer one.
		three, err := a.Suggest(h, 3)
		if err != nil || len(three) != 3 || len(all) < 3 {
			t.Fatalf("hand %d: %d, %v", i, len(three), err)
		}
		for k := range three {
			if three[k] != all[k] {
				t.Errorf("hand %d suggestion %d: %v, the long list has %v", i, k, three[k].Lanes, all[k].Lanes)
			}
		}
		seen := map[[3]Category]bool{}
		for k, s := range all {
			if seen[s.Categories] || (k > 0 && s.Kind == SuggestBest) {
				t.Errorf("hand %d suggestion %d: %s %v again", i, k, s.Kind, s.Categories)
			}
			seen[s.Categories] = true
		}
		if exact, err := a.Suggest(h, len(all)); err != nil || len(exact) != len(all) {
			t.Errorf("hand %d: %d for %d, %v", i, len(exact), len(all), err)
		}
	}
	// Longer than the first try's room: the list is sized by the engine's count.
	if longest <= suggestFirstTry {
		t.Errorf("the longest list holds %d, at most the first try's %d", longest, suggestFirstTry)
	}
}

func TestArrangerClosed(t *testing.T) {
	a, err := NewArrangerPreset("classic", 2)
	if err != nil {
		t.Fatal(err)
	}
	hand, _ := ParseCards("As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd")
	if _, err := a.Arrange(hand); err != nil {
		t.Fatal(err)
	}
	a.Close()
	if err := a.Close(); err != nil {
		t.Errorf("closing twice: %v", err)
	}
	var none *Arranger
	for _, x := range []*Arranger{a, none} {
		_, e1 := x.Arrange(hand)
		_, e2 := x.Play(hand)
		_, e3 := x.Suggest(hand, 3)
		_, e4 := x.SpecialAdvice(hand)
		_, e5 := x.Complete(hand, nil, nil, nil)
		_, e6 := x.ExpectedWater(hand)
		_, e7 := x.WithLevel(LevelCasual, 1)
		_, e8 := x.WithCardRemoval(false)
		_, e9 := x.Players()
		_, e10 := x.Role()
		_, _, e11 := x.Level()
		_, e12 := x.CardRemoval()
		_, e13 := x.Options()
		_, e14 := x.Rules()
		e15 := x.ArrangeMany(hand, make([]Card, HandSize), 1)
		for i, err := range []error{e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15} {
			if err != ErrClosed || !errors.Is(err, ErrClosed) {
				t.Errorf("call %d on a closed arranger: %v", i+1, err)
			}
		}
	}
}

func TestArrangerIsSharedAcrossGoroutines(t *testing.T) {
	doc := loadObj(t, "arrange.json")
	a, err := NewArrangerPreset("classic", 4)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var hands [][]Card
	for _, hv := range records(t, doc, "hands") {
		o := hv.(obj)
		if str(o["preset"]) == "classic" && num(o["players"]) == 4 {
			hands = append(hands, cardsOf(o["codes"]))
		}
	}
	if len(hands) < 8 {
		t.Fatalf("%d classic hands of 4", len(hands))
	}
	type answer struct {
		arranged Arranged
		sugg     []Suggestion
		seat     Seat
	}
	ask := func(h []Card) (answer, error) {
		var x answer
		var err error
		if x.arranged, err = a.Arrange(h); err != nil {
			return x, err
		}
		if x.sugg, err = a.Suggest(h, 3); err != nil {
			return x, err
		}
		x.seat, err = a.Play(h)
		return x, err
	}
	same := func(x, y answer) bool {
		if x.arranged != y.arranged || x.seat != y.seat || len(x.sugg) != len(y.sugg) {
			return false
		}
		for i := range x.sugg {
			if x.sugg[i] != y.sugg[i] {
				return false
			}
		}
		return true
	}
	want := make([]answer, len(hands))
	for i, h := range hands {
		if want[i], err = ask(h); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			// Each goroutine starts at another hand, so different hands run at once.
			for k := range hands {
				i := (k + 3*g) % len(hands)
				got, err := ask(hands[i])
				if err != nil || !same(got, want[i]) {
					t.Errorf("goroutine %d hand %d: %v, %v; sequentially %v", g, i, got.arranged.Lanes, err, want[i].arranged.Lanes)
					return
				}
			}
		}(g)
	}
	wg.Wait()
}

func TestArrangeManyVectors(t *testing.T) {
	doc := loadObj(t, "arrange.json")
	cache := arrangers{}
	defer cache.close()
	// The vector hands of each table, arranged in one batch each.
	type batch struct {
		preset  string
		players int
		hands   []Card
		want    []Card
	}
	var batches []*batch
	byTable := map[string]*batch{}
	for _, hv := range records(t, doc, "hands") {
		o := hv.(obj)
		key := str(o["preset"]) + "/" + itoa(num(o["players"]))
		b := byTable[key]
		if b == nil {
			b = &batch{preset: str(o["preset"]), players: num(o["players"])}
			byTable[key] = b
			batches = append(batches, b)
		}
		b.hands = append(b.hands, cardsOf(o["codes"])...)
		b.want = append(b.want, cardsOf(o["front"])...)
		b.want = append(b.want, cardsOf(o["middle"])...)
		b.want = append(b.want, cardsOf(o["back"])...)
	}
	for _, b := range batches {
		a := cache.get(t, b.preset, "all_pairs", "player", b.players)
		out := make([]Card, len(b.hands))
		if err := a.ArrangeMany(b.hands, out, 2); err != nil {
			t.Errorf("%s %d: %v", b.preset, b.players, err)
			continue
		}
		for i := 0; i < len(out); i += HandSize {
			if !sameCards(out[i:i+HandSize], b.want[i:i+HandSize]) {
				t.Errorf("%s %d hand %d: %v, want %v", b.preset, b.players, i/HandSize, out[i:i+HandSize], b.want[i:i+HandSize])
			}
		}
	}
	// No allocation per call, on this thread and on two.
	b := batches[0]
	a := cache.get(t, b.preset, "all_pairs", "player", b.players)
	out := make([]Card, len(b.hands))
	for _, threads := range []int{1, 2} {
		var err error
		if allocs := testing.AllocsPerRun(3, func() { err = a.ArrangeMany(b.hands, out, threads) }); allocs != 0 || err != nil {
			t.Errorf("ArrangeMany on %d threads: %v allocations a call, %v", threads, allocs, err)
		}
	}
	// A bad hand: the row it is in, and the engine's error inside.
	bad := append([]Card(nil), b.hands[:3*HandSize]...)
	bad[2*HandSize+4] = bad[2*HandSize]
	err := a.ArrangeMany(bad, make([]Card, len(bad)), 1)
	var be *BatchError
	if !errors.As(err, &be) || be.Row != 2 || !errors.Is(err, ErrDuplicateCard) {
		t.Errorf("a duplicate in hand 2: %v", err)
	}
}
