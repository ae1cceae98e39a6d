package shisanshui

import (
	"math"
	"strings"
	"testing"
)

func TestJokerVectors(t *testing.T) {
	doc := loadObj(t, "jokers.json")
	rules := rulesNamed(t, records(t, doc, "rules"))
	defer func() {
		for _, r := range rules {
			r.Close()
		}
	}()
	j2 := rules["classic_j2"]
	for i, cv := range records(t, doc, "cards") {
		o := cv.(obj)
		c, err := j2.ParseCards(str(o["text"]))
		if err != nil || len(c) != 1 || c[0] != Card(num(o["code"])) || c[0].String() != str(o["display"]) {
			t.Errorf("card %d %q: %v %v", i, str(o["text"]), c, err)
		}
	}
	for i, dv := range records(t, doc, "deals") {
		o := dv.(obj)
		hands, err := rules[str(o["rules"])].Deal(num(o["players"]), u64(o["seed"]))
		for k, h := range list(o["hands"]) {
			if err != nil || k >= len(hands) || !sameCards(hands[k], cardsOf(h)) {
				t.Errorf("deal %d hand %d: %v %v", i, k, hands, err)
				break
			}
		}
	}
	for i, lv := range records(t, doc, "lanes") {
		o := lv.(obj)
		r := rules[str(o["rules"])]
		codes := cardsOf(o["codes"])
		if text, ok := o["text"].(string); ok {
			if c, err := r.ParseCards(text); err != nil || !sameCards(c, codes) {
				t.Errorf("lane %d: %q parses to %v, %v", i, text, c, err)
			}
		}
		h, played, err := r.EvaluatePlayed(codes)
		if err != nil || h.Value != uint32(num(o["value"])) || int(h.Category) != num(o["category"]) ||
			!sameCards(played, cardsOf(o["played"])) {
			t.Errorf("lane %d: %+v %v, %v; want %v", i, h, played, err, o)
		}
	}
	for i, av := range records(t, doc, "arrangements") {
		o := av.(obj)
		r := rules[str(o["rules"])]
		lanes := append(append(append([]Card{}, cardsOf(o["front"])...), cardsOf(o["middle"])...), cardsOf(o["back"])...)
		e, played, err := r.Check13Played(lanes)
		want := Foul{FrontOverMiddle: o["front_over_middle"] == true, MiddleOverBack: o["middle_over_back"] == true}
		values := list(o["values"])
		if err != nil || e.Foul != want || e.Front.Value != uint32(num(values[0])) ||
			e.Middle.Value != uint32(num(values[1])) || e.Back.Value != uint32(num(values[2])) {
			t.Errorf("arrangement %d: %+v, %v; want %v", i, e, err, o)
		}
		p := list(o["played"])
		wantPlayed := append(append(append([]Card{}, cardsOf(p[0])...), cardsOf(p[1])...), cardsOf(p[2])...)
		if !sameCards(played, wantPlayed) {
			t.Errorf("arrangement %d: played %v, want %v", i, played, wantPlayed)
		}
	}
	for i, sv := range records(t, doc, "specials") {
		o := sv.(obj)
		d, err := rules[str(o["rules"])].DetectSpecial(cardsOf(o["codes"]))
		if err != nil || (o["best"] == nil) == d.HasBest || (d.HasBest && d.Best.String() != str(o["best"])) ||
			len(d.All) != len(list(o["all"])) || (o["arrangement"] == nil) != (d.Arrangement == nil) {
			t.Errorf("special %d: %+v, %v; want %v", i, d, err, o)
		}
	}
	for i, rv := range records(t, doc, "rounds") {
		o := rv.(obj)
		var seats []Seat
		for _, s := range list(o["seats"]) {
			c := cardsOf(s)
			seat, err := ArrangedSeat(c[:3], c[3:8], c[8:])
			if err != nil {
				t.Fatal(err)
			}
			seats = append(seats, seat)
		}
		s, err := rules[str(o["rules"])].Settle(seats)
		if err != nil {
			t.Errorf("round %d: %v", i, err)
			continue
		}
		totals, _ := s.Totals()
		for k, w := range list(o["totals"]) {
			if totals[k].String() != str(w) {
				t.Errorf("round %d seat %d: %v, want %s", i, k, totals[k], str(w))
			}
		}
		s.Close()
	}
	for i, av := range records(t, doc, "arranged") {
		o := av.(obj)
		a, err := NewArranger(rules[str(o["rules"])], num(o["players"]))
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.Arrange(cardsOf(o["codes"]))
		if err != nil || !sameCards(got.Lanes.Front[:], cardsOf(o["front"])) || !sameCards(got.Lanes.Middle[:], cardsOf(o["middle"])) ||
			!sameCards(got.Lanes.Back[:], cardsOf(o["back"])) || math.Abs(got.ExpectedWater-f64(o["expected_water"])) > 1e-6 {
			t.Errorf("arranged %d: %v %.9f, %v; want %v", i, got.Lanes, got.ExpectedWater, err, o)
		}
		a.Close()
	}
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		what := "joker error " + itoa(i)
		var err error
		switch {
		case o["rules_json"] != nil:
			_, err = RulesFromJSON(str(o["rules_json"]))
			if err != nil && !strings.Contains(err.Error(), str(o["path"])) {
				t.Errorf("%s: %q does not name %s", what, err, str(o["path"]))
			}
		case o["text"] != nil:
			_, err = rules[str(o["rules"])].ParseCards(str(o["text"]))
		default:
			err = rules[str(o["rules"])].ValidateCards(cardsOf(o["codes"]))
		}
		expectKind(t, err, str(o["kind"]), what)
		if p, ok := o["position"]; ok && err != nil && !strings.Contains(err.Error(), "position "+itoa(num(p))) {
			t.Errorf("%s: %q does not name position %d", what, err, num(p))
		}
	}
}
