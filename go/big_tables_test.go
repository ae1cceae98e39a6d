package shisanshui

import (
	"encoding/json"
	"strings"
	"testing"
)

func suitsOf(letters string) ExtraSuits {
	var s ExtraSuits
	for _, c := range letters {
		s |= map[rune]ExtraSuits{'d': ExtraDiamonds, 'c': ExtraClubs, 'h': ExtraHearts, 's': ExtraSpades}[c]
	}
	return s
}

// bigRules is a vector record's rule set: its preset (classic by default) with the record's
// extra suits, table and other fields changed.
func bigRules(t *testing.T, o obj) *Rules {
	t.Helper()
	preset := str(o["preset"])
	if preset == "" {
		preset = "classic"
	}
	r := MustRules(preset)
	if w := str(o["wheel"]); w == "lowest" {
		if err := r.SetWheel(WheelLowest); err != nil {
			t.Fatal(err)
		}
	}
	if o["suit_tiebreak"] == true {
		if err := r.SetSuitTiebreak(true); err != nil {
			t.Fatal(err)
		}
	}
	if o["strict_order"] == true {
		if err := r.SetStrictOrder(true); err != nil {
			t.Fatal(err)
		}
	}
	if str(o["table"]) == "banker" {
		if err := r.SetTable(TableBanker); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.SetExtraSuits(suitsOf(str(o["extra_suits"]))); err != nil {
		t.Fatal(err)
	}
	if sq, ok := o["split_quads"].(bool); ok {
		// An option without a setter of its own: through the JSON.
		js, _ := r.JSON()
		var m map[string]interface{}
		if err := json.Unmarshal([]byte(js), &m); err != nil {
			t.Fatal(err)
		}
		m["split_quads"] = sq
		b, _ := json.Marshal(m)
		r.Close()
		var err error
		if r, err = RulesFromJSON(string(b)); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func TestBigTableVectors(t *testing.T) {
	doc := loadObj(t, "big_tables.json")
	for i, dv := range records(t, doc, "deals") {
		o := dv.(obj)
		r := bigRules(t, o)
		hands, err := r.Deal(num(o["players"]), u64(o["seed"]))
		if err != nil {
			t.Errorf("deal %d: %v", i, err)
		}
		for k, h := range list(o["hands"]) {
			if k >= len(hands) || !sameCards(hands[k], cardsOf(h)) {
				t.Errorf("deal %d hand %d: %v, want %v", i, k, hands, h)
				break
			}
		}
		if deck, err := r.ShuffledDeck(u64(o["seed"])); err != nil || !sameCards(deck, cardsOf(o["deck"])) {
			t.Errorf("deal %d: the shuffled deck differs (%v)", i, err)
		}
		if mp, _ := r.MaxPlayers(); mp != 4+len(str(o["extra_suits"])) {
			t.Errorf("deal %d: %d seats for extra suits %q", i, mp, str(o["extra_suits"]))
		}
		r.Close()
	}
	for i, ev := range records(t, doc, "evaluations") {
		o := ev.(obj)
		r := bigRules(t, o)
		h, err := r.Evaluate(cardsOf(o["cards"]))
		if err != nil || h.Value != uint32(num(o["value"])) || int(h.Category) != num(o["category"]) {
			t.Errorf("evaluation %d: %+v, %v; want %v", i, h, err, o)
		}
		r.Close()
	}
	for i, sv := range records(t, doc, "specials") {
		o := sv.(obj)
		r := bigRules(t, o)
		d, err := r.DetectSpecial(cardsOf(o["cards"]))
		if err != nil || (o["best"] == nil) == d.HasBest || (d.HasBest && d.Best.String() != str(o["best"])) ||
			len(d.All) != len(list(o["all"])) {
			t.Errorf("special %d: %+v, %v; want %v %v", i, d, err, o["best"], o["all"])
		}
		for k, s := range list(o["all"]) {
			if k < len(d.All) && d.All[k].String() != str(s) {
				t.Errorf("special %d: all %v, want %v", i, d.All, o["all"])
			}
		}
		r.Close()
	}
	for i, sv := range records(t, doc, "settlements") {
		o := sv.(obj)
		r := bigRules(t, o)
		var seats []Seat
		for _, s := range list(o["seats"]) {
			so := s.(obj)
			var seat Seat
			var err error
			if a, ok := so["arranged"]; ok {
				c := cardsOf(a)
				seat, err = ArrangedSeat(c[:3], c[3:8], c[8:])
			} else {
				sp, _ := ParseSpecial(str(so["special"]))
				seat, err = SpecialSeat(sp, cardsOf(so["cards"]))
			}
			if err != nil {
				t.Fatal(err)
			}
			seats = append(seats, seat)
		}
		s, err := settleTable(r, seats, o["banker"])
		if err != nil {
			t.Errorf("settlement %d: %v", i, err)
			r.Close()
			continue
		}
		totals, _ := s.Totals()
		for k, tv := range list(o["totals"]) {
			to := tv.(obj)
			if totals[k].Num != int64(num(to["num"])) || totals[k].Den != int64(num(to["den"])) ||
				totals[k].Units != int64(num(list(o["units"])[k])) {
				t.Errorf("settlement %d seat %d: %+v, want %v", i, k, totals[k], to)
			}
		}
		s.Close()
		r.Close()
	}
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		what := "error " + itoa(i) + " (" + str(o["kind"]) + ")"
		var err error
		switch str(o["kind"]) {
		case "rules_json":
			_, err = RulesFromJSON(str(o["json"]))
		default:
			r := bigRules(t, o)
			switch str(o["kind"]) {
			case "parse":
				_, err = r.ParseCards(str(o["text"]))
			case "evaluate":
				_, err = r.Evaluate(cardsOf(o["cards"]))
			case "deal":
				_, err = r.Deal(num(o["players"]), u64(o["seed"]))
			case "settle":
				// A seat's own cards are checked when it is built (against the biggest deck),
				// the table's when it is settled.
				var seats []Seat
				for _, s := range list(o["seats"]) {
					c := cardsOf(s.(obj)["arranged"])
					seat, serr := ArrangedSeat(c[:3], c[3:8], c[8:])
					if serr != nil && err == nil {
						err = serr
					}
					seats = append(seats, seat)
				}
				if err == nil {
					_, err = settleTable(r, seats, o["banker"])
				}
			default:
				t.Fatalf("%s: unknown kind", what)
			}
			r.Close()
		}
		expectKind(t, err, str(o["error"]), what)
		if err != nil && !strings.Contains(err.Error(), str(o["message"])) {
			t.Errorf("%s: %q, want %q", what, err, str(o["message"]))
		}
	}
}
