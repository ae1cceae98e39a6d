package shisanshui

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
)

// withJokers is the classic preset dealing n jokers.
func withJokers(t *testing.T, n int) *Rules {
	t.Helper()
	r := MustRules("classic")
	if err := r.SetJokers(n); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestJokerVectors(t *testing.T) {
	doc := loadObj(t, "jokers.json")
	if num(doc["version"]) != 1 {
		t.Fatalf("jokers.json version %v", doc["version"])
	}
	sets := records(t, doc, "rules")
	rules := rulesNamed(t, sets)
	defer func() {
		for _, r := range rules {
			r.Close()
		}
	}()
	// Each rule set's JSON round-trips and its joker fields read back through the getters (a rule
	// set without jokers writes none of them).
	for _, sv := range sets {
		o := sv.(obj)
		name, text := str(o["name"]), str(o["json"])
		r := rules[name]
		if js, err := r.JSON(); err != nil || js != text {
			t.Errorf("rule set %s: the JSON does not round-trip (%v)", name, err)
		}
		var fields map[string]interface{}
		if err := json.Unmarshal([]byte(text), &fields); err != nil {
			t.Fatal(err)
		}
		jokers, _ := fields["jokers"].(float64)
		lanes := JokerLanesEachBest
		if fields["joker_lanes"] == "avoid_foul" {
			lanes = JokerLanesAvoidFoul
		}
		gotJokers, e1 := r.Jokers()
		gotLanes, e2 := r.JokerLanes()
		inSpecials, e3 := r.JokersInSpecials()
		if e1 != nil || e2 != nil || e3 != nil || gotJokers != int(jokers) || gotLanes != lanes ||
			inSpecials != (fields["jokers_in_specials"] == true) {
			t.Errorf("rule set %s: %d jokers, lanes %d, in specials %v (%v %v %v)", name, gotJokers, gotLanes,
				inSpecials, e1, e2, e3)
		}
		if mp, _ := r.MaxPlayers(); jokers > 0 && fields["extra_suits"] == nil && mp != 4 {
			t.Errorf("rule set %s: jokers add no seat, yet %d", name, mp)
		}
	}
	if rules["classic_j2"] == nil || rules["classic_j2_avoid"] == nil {
		t.Fatal("the vectors lack classic_j2 or classic_j2_avoid")
	}

	j2 := rules["classic_j2"]
	for i, cv := range records(t, doc, "cards") {
		o := cv.(obj)
		text, code := str(o["text"]), Card(num(o["code"]))
		what := "card " + itoa(i) + " " + text
		if c, err := ParseCard(text); err != nil || c != code {
			t.Errorf("%s: ParseCard %v, %v", what, c, err)
		}
		if c, err := j2.ParseCards(text); err != nil || len(c) != 1 || c[0] != code {
			t.Errorf("%s: the rule set parses %v, %v", what, c, err)
		}
		if code.String() != str(o["display"]) || !code.IsJoker() {
			t.Errorf("%s: written %q", what, code.String())
		}
		if s, err := FormatCards([]Card{code}, Letters); err != nil || s != str(o["display"]) {
			t.Errorf("%s: FormatCards %q, %v", what, s, err)
		}
	}

	for i, dv := range records(t, doc, "deals") {
		o := dv.(obj)
		r := rules[str(o["rules"])]
		players, seed := num(o["players"]), u64(o["seed"])
		what := "deal " + itoa(i) + " (" + str(o["rules"]) + ")"
		hands, err := r.Deal(players, seed)
		want := list(o["hands"])
		if err != nil || len(hands) != players || len(want) != players {
			t.Errorf("%s: %d hands, %v", what, len(hands), err)
			continue
		}
		deck, _ := r.ShuffledDeck(seed)
		for p := range want {
			if !sameCards(hands[p], cardsOf(want[p])) || !sameCards(hands[p], deck[13*p:13*p+13]) {
				t.Errorf("%s seat %d: %v, want %v", what, p, hands[p], want[p])
			}
		}
	}

	for i, lv := range records(t, doc, "lanes") {
		o := lv.(obj)
		r := rules[str(o["rules"])]
		codes := cardsOf(o["codes"])
		what := "lane " + itoa(i) + " (" + str(o["rules"]) + ")"
		if text, ok := o["text"].(string); ok {
			if c, err := r.ParseCards(text); err != nil || !sameCards(c, codes) {
				t.Errorf("%s: %q parses to %v, %v", what, text, c, err)
			}
		}
		h, played, err := r.EvaluatePlayed(codes)
		if err != nil || h.Value != uint32(num(o["value"])) || int(h.Category) != num(o["category"]) ||
			!sameCards(played, cardsOf(o["played"])) {
			t.Errorf("%s: %+v %v, %v; want %v", what, h, played, err, o)
		}
		if plain, err := r.Evaluate(codes); err != nil || plain != h {
			t.Errorf("%s: Evaluate gives %+v, %v", what, plain, err)
		}
	}

	avoided := 0
	for i, av := range records(t, doc, "arrangements") {
		o := av.(obj)
		name := str(o["rules"])
		r := rules[name]
		what := "arrangement " + itoa(i) + " (" + name + ")"
		front, middle, back := cardsOf(o["front"]), cardsOf(o["middle"]), cardsOf(o["back"])
		lanes := append(append(append([]Card{}, front...), middle...), back...)
		e, played, err := r.Check13Played(lanes)
		want := Foul{FrontOverMiddle: o["front_over_middle"] == true, MiddleOverBack: o["middle_over_back"] == true}
		values := list(o["values"])
		if err != nil || e.Foul != want || e.IsFoul() != want.Any() || len(values) != 3 ||
			e.Front.Value != uint32(num(values[0])) || e.Middle.Value != uint32(num(values[1])) ||
			e.Back.Value != uint32(num(values[2])) {
			t.Errorf("%s: %+v, %v; want %v", what, e, err, o)
		}
		p := list(o["played"])
		if len(p) != 3 {
			t.Errorf("%s: %d played lanes", what, len(p))
			continue
		}
		wantPlayed := append(append(append([]Card{}, cardsOf(p[0])...), cardsOf(p[1])...), cardsOf(p[2])...)
		if !sameCards(played, wantPlayed) {
			t.Errorf("%s: played %v, want %v", what, played, wantPlayed)
		}
		if split, err := r.Check(front, middle, back); err != nil || split != e {
			t.Errorf("%s: Check gives %+v, %v", what, split, err)
		}
		if strings.HasSuffix(name, "_avoid") {
			avoided++
		}
	}
	if avoided == 0 {
		t.Error("no arrangement under avoid_foul")
	}

	for i, sv := range records(t, doc, "specials") {
		o := sv.(obj)
		r := rules[str(o["rules"])]
		what := "special " + itoa(i) + " (" + str(o["rules"]) + ")"
		cards := cardsOf(o["codes"])
		d, err := r.DetectSpecial(cards)
		if err != nil || (o["best"] == nil) == d.HasBest || (d.HasBest && d.Best != specialByID(t, str(o["best"]))) ||
			!sameSpecials(t, d.All, list(o["all"])) {
			t.Errorf("%s: %+v, %v; want %v %v", what, d, err, o["best"], o["all"])
		}
		// A three-piece special's lanes, jokers in them, as the record writes them.
		lanes := ""
		if d.Arrangement != nil {
			lanes = d.Arrangement.String()
		}
		if want, _ := o["arrangement"].(string); lanes != want {
			t.Errorf("%s: lanes %q, want %q", what, lanes, want)
		}
		best := make([]Special, 1)
		if err := r.DetectSpecialMany(cards, best, nil, 1); err != nil || best[0] != d.Best {
			t.Errorf("%s: the batch gives %v, %v", what, best[0], err)
		}
	}

	for i, rv := range records(t, doc, "rounds") {
		o := rv.(obj)
		r := rules[str(o["rules"])]
		what := "round " + itoa(i) + " (" + str(o["rules"]) + ")"
		var seats []Seat
		var all []Card
		for _, s := range list(o["seats"]) {
			c := cardsOf(s)
			seat, err := ArrangedSeat(c[:3], c[3:8], c[8:])
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			seats = append(seats, seat)
			all = append(all, c...)
		}
		s, err := r.Settle(seats)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		totals, err := s.Totals()
		want := list(o["totals"])
		if err != nil || len(totals) != len(want) {
			t.Errorf("%s: %d totals, %v", what, len(totals), err)
		}
		units := make([]int64, len(seats))
		if err := r.SettleMany(len(seats), all, units, 1); err != nil {
			t.Errorf("%s: the batch: %v", what, err)
		}
		for k := 0; k < len(want) && k < len(totals); k++ {
			if totals[k].String() != str(want[k]) || units[k] != totals[k].Units {
				t.Errorf("%s seat %d: %v (batch %d units), want %s", what, k, totals[k], units[k], str(want[k]))
			}
		}
		s.Close()
	}

	for i, av := range records(t, doc, "arranged") {
		o := av.(obj)
		what := "arranged " + itoa(i) + " (" + str(o["rules"]) + ")"
		a, err := NewArranger(rules[str(o["rules"])], num(o["players"]))
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		want := f64(o["expected_water"])
		got, err := a.Arrange(cardsOf(o["codes"]))
		if err != nil || !sameCards(got.Lanes.Front[:], cardsOf(o["front"])) ||
			!sameCards(got.Lanes.Middle[:], cardsOf(o["middle"])) || !sameCards(got.Lanes.Back[:], cardsOf(o["back"])) ||
			math.Abs(got.ExpectedWater-want) > 1e-6 {
			t.Errorf("%s: %v %.9f, %v; want %v", what, got.Lanes, got.ExpectedWater, err, o)
		}
		if ew, err := a.ExpectedWater(got.Lanes.Cards()); err != nil || math.Abs(ew-want) > 1e-6 {
			t.Errorf("%s: ExpectedWater of the lanes %.9f, %v", what, ew, err)
		}
		a.Close()
	}

	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		kind := str(o["kind"])
		what := "joker error " + itoa(i) + " (" + kind + ")"
		needle := ""
		if p, ok := o["position"]; ok {
			needle = "position " + itoa(num(p))
		} else if p, ok := o["path"]; ok {
			needle = "`" + str(p) + "`"
		}
		var errs []error
		switch {
		case o["rules_json"] != nil:
			r, err := RulesFromJSON(str(o["rules_json"]))
			if r != nil {
				t.Errorf("%s: rules made from a bad rule set", what)
			}
			errs = append(errs, err)
		case o["text"] != nil:
			_, err := rules[str(o["rules"])].ParseCards(str(o["text"]))
			errs = append(errs, err)
		default:
			r := rules[str(o["rules"])]
			codes := cardsOf(o["codes"])
			_, err := r.Evaluate(codes)
			errs = append(errs, r.ValidateCards(codes), err)
		}
		for _, err := range errs {
			expectKind(t, err, kind, what)
			if err != nil && !strings.Contains(err.Error(), needle) {
				t.Errorf("%s: %q does not name %s", what, err, needle)
			}
		}
	}
}

func TestJokerOptions(t *testing.T) {
	if StatusJokerNotInDeck != 16 || MaxJokers != 6 || MaxDeckSize != 110 || JokerLanesEachBest != 0 ||
		JokerLanesAvoidFoul != 1 || StatusJokerNotInDeck.String() != "joker_not_in_deck" {
		t.Fatalf("constants: %d %d %d", StatusJokerNotInDeck, MaxJokers, MaxDeckSize)
	}
	r := MustRules("classic")
	defer r.Close()
	j, _ := r.Jokers()
	l, _ := r.JokerLanes()
	f, _ := r.JokersInSpecials()
	js, _ := r.JSON()
	if j != 0 || l != JokerLanesEachBest || f || strings.Contains(js, "joker") {
		t.Errorf("defaults: %d %d %v; the JSON names jokers: %v", j, l, f, strings.Contains(js, "joker"))
	}
	if err := r.SetJokers(2); err != nil {
		t.Fatal(err)
	}
	if err := r.SetJokerLanes(JokerLanesAvoidFoul); err != nil {
		t.Fatal(err)
	}
	js, _ = r.JSON()
	if !strings.Contains(js, `"jokers": 2`) || !strings.Contains(js, `"joker_lanes": "avoid_foul"`) {
		t.Errorf("the JSON: %s", js)
	}
	back, err := RulesFromJSON(js)
	if err != nil {
		t.Fatal(err)
	}
	if j, _ := back.Jokers(); j != 2 {
		t.Errorf("read back %d jokers", j)
	}
	if l, _ := back.JokerLanes(); l != JokerLanesAvoidFoul {
		t.Errorf("read back joker lanes %d", l)
	}
	back.Close()
	if mp, _ := r.MaxPlayers(); mp != 4 {
		t.Errorf("jokers add no seat: %d", mp)
	}
	deck, _ := r.Deck()
	if len(deck) != 54 || deck[52] != SmallJoker || deck[53] != BigJoker {
		t.Errorf("the deck with two jokers: %v", deck)
	}
	// Bad values: refused naming them, the rule set unchanged.
	for _, n := range []int{7, 255, -1, 256} {
		if err := r.SetJokers(n); !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), "jokers") ||
			!strings.Contains(err.Error(), itoa(n)) {
			t.Errorf("%d jokers: %v", n, err)
		}
	}
	for _, l := range []JokerLanes{2, 5, 99} {
		if err := r.SetJokerLanes(l); !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), "joker_lanes "+itoa(int(l))) {
			t.Errorf("joker lanes %d: %v", l, err)
		}
	}
	j, _ = r.Jokers()
	l, _ = r.JokerLanes()
	f, _ = r.JokersInSpecials()
	if j != 2 || l != JokerLanesAvoidFoul || f {
		t.Errorf("refused values changed the rule set: %d %d %v", j, l, f)
	}
	// Six jokers is the most; specials with jokers go on with or without jokers, in either order.
	if err := r.SetJokers(6); err != nil {
		t.Fatal(err)
	}
	if d, _ := r.ShuffledDeck(3); len(d) != 58 {
		t.Errorf("a shuffled deck with six jokers: %d cards", len(d))
	}
	if err := r.SetJokersInSpecials(true); err != nil {
		t.Fatal(err)
	}
	if err := r.SetJokers(0); err != nil {
		t.Fatal(err)
	}
	if err := r.SetJokers(1); err != nil {
		t.Fatal(err)
	}
	if f, _ := r.JokersInSpecials(); !f {
		t.Error("jokers_in_specials did not stay on")
	}
	if js, _ := r.JSON(); !strings.Contains(js, `"jokers_in_specials": true`) {
		t.Errorf("the JSON: %s", js)
	}
	for _, bad := range []string{`{"jokers": 7}`, `{"joker_lanes": "greedy"}`} {
		if _, err := RulesFromJSON(bad); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("%s: %v", bad, err)
		}
	}
	// Two decks and six jokers: the biggest deck, dealt to eight.
	big := withJokers(t, 6)
	defer big.Close()
	if err := big.SetExtraSuits(TwoDecks); err != nil {
		t.Fatal(err)
	}
	deck, _ = big.Deck()
	shuffled, _ := big.ShuffledDeck(5)
	jokers := 0
	for _, c := range shuffled {
		if c.IsJoker() {
			jokers++
		}
	}
	if len(deck) != 110 || len(shuffled) != 110 || jokers != 6 {
		t.Errorf("two decks and six jokers: %d cards, shuffled %d with %d jokers", len(deck), len(shuffled), jokers)
	}
	if hands, err := big.Deal(8, 5); err != nil || len(hands) != 8 {
		t.Errorf("8 seats from 110 cards: %v", err)
	}
	two := withJokers(t, 2)
	defer two.Close()
	_, err = two.Deal(5, 1)
	expectTable(t, err, 5, 4, "jokers add no seat to a deal")
}

func TestJokerCodesAndText(t *testing.T) {
	none, one, two := MustRules("classic"), withJokers(t, 1), withJokers(t, 2)
	defer none.Close()
	defer one.Close()
	defer two.Close()
	expect := func(err error, sentinel *Error, text, what string) {
		t.Helper()
		if !errors.Is(err, sentinel) || !strings.Contains(err.Error(), text) {
			t.Errorf("%s: %v, want %s naming %q", what, err, sentinel.Status, text)
		}
	}
	// Without jokers code 52 stays a bad code, and text names the joker.
	_, err := none.Evaluate([]Card{51, 50, 52})
	expect(err, ErrBadCardCode, "52", "code 52 without jokers")
	expect(none.ValidateCards([]Card{51, 50, 52}), ErrBadCardCode, "52", "validate 52 without jokers")
	_, err = none.ParseCards("As SJ")
	expect(err, ErrJokerNotInDeck, "SJ at position 1", "SJ without jokers")
	_, err = none.ParseCards("BJ")
	expect(err, ErrJokerNotInDeck, "BJ", "BJ without jokers")
	_, err = ParseCards("As SJ")
	expect(err, ErrJokerNotInDeck, "SJ", "SJ without a rule set")
	// One joker is the small one.
	expect(one.ValidateCards([]Card{0, 53}), ErrJokerNotInDeck, "BJ at position 1", "BJ under one joker")
	_, err = one.Evaluate([]Card{53, 1, 2})
	expect(err, ErrJokerNotInDeck, "position 0", "evaluate BJ under one joker")
	// Two jokers are one of each.
	hand, err := two.ParseCards("As Ah Ad Ac SJ")
	if err != nil || len(hand) != 5 || hand[4] != SmallJoker || two.ValidateCards(hand) != nil {
		t.Fatalf("SJ under two jokers: %v %v", hand, err)
	}
	h, played, err := two.EvaluatePlayed(hand)
	if err != nil || h.Category != FiveOfAKind || !sameCards(played, []Card{51, 50, 48, 49, 51}) {
		t.Errorf("five aces with a joker: %+v %v %v", h, played, err)
	}
	if plain, err := two.Evaluate(hand); err != nil || plain != h {
		t.Errorf("Evaluate and EvaluatePlayed disagree: %+v %v", plain, err)
	}
	if _, played, err := none.EvaluatePlayed([]Card{0, 5, 10}); err != nil || !sameCards(played, []Card{0, 5, 10}) {
		t.Errorf("a lane without jokers plays as it is: %v %v", played, err)
	}
	_, _, err = none.EvaluatePlayed([]Card{51, 50, 52})
	expect(err, ErrBadCardCode, "52", "played without jokers")
	front, played, err := two.EvaluatePlayed([]Card{52, 53, 21})
	if err != nil || front.Category != ThreeOfAKind || played[2] != 21 || played[0].Rank() != 7 || played[1].Rank() != 7 {
		t.Errorf("SJ BJ 7c: %+v %v %v", front, played, err)
	}
	expect(two.ValidateCards([]Card{52, 52, 0}), ErrDuplicateCard, "position 1", "SJ twice")
	expect(two.ValidateCards([]Card{52, 53, 52}), ErrDuplicateCard, "SJ at position 2", "a third joker")
	_, err = two.ParseCards("SJ BJ SJ")
	expect(err, ErrDuplicateCard, "position 2", "a third joker as text")
	expect(two.ValidateCards([]Card{0, 54}), ErrBadCardCode, "54", "code 54")
	if err := two.ValidateCards([]Card{53, 52, 0}); err != nil {
		t.Errorf("SJ and BJ: %v", err)
	}
	// Formatting takes no rule set: SJ and BJ in both styles; a code above 53 is bad.
	if s, err := FormatCards([]Card{52, 53, 51}, Letters); err != nil || s != "SJ BJ As" {
		t.Errorf("jokers written %q, %v", s, err)
	}
	if s, err := FormatCards([]Card{53, 51}, Symbols); err != nil || s != "BJ A♠" {
		t.Errorf("jokers written %q with symbols, %v", s, err)
	}
	if _, err := FormatCards([]Card{52, 53, 54}, Letters); !errors.Is(err, ErrBadCardCode) || !strings.Contains(err.Error(), "card code 54") {
		t.Errorf("code 54: %v", err)
	}
	// A whole arrangement as played: each lane its best, five aces over the straight flush.
	lanes, err := two.ParseCards("2d 3c SJ  As Ah Ad Ac BJ  Ks Qs Js Ts 9s")
	if err != nil || len(lanes) != 13 {
		t.Fatalf("13 cards: %v", err)
	}
	e, played, err := two.Check13Played(lanes)
	if err != nil || e.Middle.Category != FiveOfAKind || played[7] != 51 || !e.Foul.MiddleOverBack || e.Foul.FrontOverMiddle ||
		played[2].IsJoker() || !sameCards(played[8:], lanes[8:]) {
		t.Errorf("as played: %+v %v %v", e, played, err)
	}
	if plain, err := two.Check13(lanes); err != nil || plain != e {
		t.Errorf("Check13 disagrees: %+v %v", plain, err)
	}
	_, err = none.Check13(lanes)
	expect(err, ErrBadCardCode, "52", "lanes with jokers without jokers")
	// RULES.md §12's example: back K K 9 9 3, middle Q Q J 5 + joker, under both readings.
	avoid := withJokers(t, 2)
	defer avoid.Close()
	if err := avoid.SetJokerLanes(JokerLanesAvoidFoul); err != nil {
		t.Fatal(err)
	}
	f, m, b := MustParseCards("4d 3c 2h"), mustParse(t, two, "Qs Qh Jd 5c SJ"), MustParseCards("Ks Kd 9s 9d 3s")
	best, err := two.Check(f, m, b)
	if err != nil || !best.Foul.MiddleOverBack || best.Middle.Category != ThreeOfAKind {
		t.Errorf("each_best: %+v %v", best, err)
	}
	kept, err := avoid.Check(f, m, b)
	if err != nil || kept.IsFoul() || kept.Middle.Category != TwoPair {
		t.Errorf("avoid_foul: %+v %v", kept, err)
	}
	// Seats take no rule set; settling checks their jokers against the deck, the position
	// counted across the table (seat × 13 + index).
	a := []Card{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	c := []Card{13, 14, 15, 16, 53, 17, 18, 19, 20, 21, 22, 23, 24}
	seat0, _ := ArrangedSeat(a[:3], a[3:8], a[8:])
	seat1, err := ArrangedSeat(c[:3], c[3:8], c[8:])
	if err != nil {
		t.Fatal(err)
	}
	_, err = one.Settle([]Seat{seat0, seat1})
	expect(err, ErrJokerNotInDeck, "BJ at position 17", "BJ under one joker at the table")
	_, err = none.Settle([]Seat{seat0, seat1})
	expect(err, ErrBadCardCode, "53", "BJ under no joker at the table")
	c[4] = 52
	seat1, _ = ArrangedSeat(c[:3], c[3:8], c[8:])
	if s, err := one.Settle([]Seat{seat0, seat1}); err != nil {
		t.Errorf("SJ under one joker: %v", err)
	} else {
		s.Close()
	}
	c[0], c[1], c[2], c[3] = 52, 52, 52, 52
	_, err = ArrangedSeat(c[:3], c[3:8], c[8:])
	expect(err, ErrTooManyCopies, "SJ at position 3", "more SJ than six jokers deal")
	// The arranger places jokers and never fouls with them.
	arranger, err := NewArranger(two, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer arranger.Close()
	got, err := arranger.Arrange(mustParse(t, two, "SJ BJ As Ah Kd Qc Jh 9s 8d 7c 5h 4s 2d"))
	placed := 0
	for _, x := range got.Lanes.Cards() {
		if x.IsJoker() {
			placed++
		}
	}
	if e, cerr := two.Check13(got.Lanes.Cards()); err != nil || cerr != nil || e.IsFoul() || placed != 2 {
		t.Errorf("arranged with jokers: %v %v %v", got.Lanes, err, cerr)
	}
	_, err = arranger.Arrange([]Card{52, 53, 52, 50, 44, 41, 38, 31, 24, 21, 14, 11, 0})
	expect(err, ErrDuplicateCard, "SJ at position 2", "a third joker's code under two")
}
