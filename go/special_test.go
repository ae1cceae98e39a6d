package shisanshui

import (
	"strings"
	"testing"
)

func TestSpecialVectors(t *testing.T) {
	doc := loadObj(t, "special.json")
	for _, sv := range records(t, doc, "specials") {
		o := sv.(obj)
		s := Special(num(o["number"]))
		name, _ := s.Name(English)
		chinese, _ := s.Name(Chinese)
		if s.String() != str(o["id"]) || name != str(o["name"]) || chinese != str(o["chinese"]) {
			t.Errorf("special %d: %s %q %q, want %v", num(o["number"]), s, name, chinese, o)
		}
	}
	rules := rulesNamed(t, records(t, doc, "rule_sets"))
	defer func() {
		for _, r := range rules {
			r.Close()
		}
	}()
	best := make([]Special, 0)
	var many []Card
	classic := rules["classic"]
	for i, hv := range records(t, doc, "hands") {
		o := hv.(obj)
		r := rules[str(o["rules"])]
		cards := cardsOf(o["codes"])
		d, err := r.DetectSpecial(cards)
		if err != nil {
			t.Errorf("hand %d: %v", i, err)
			continue
		}
		what := "hand " + itoa(i) + " " + str(o["text"])
		if o["best"] == nil {
			if d.HasBest {
				t.Errorf("%s: best %s, want none", what, d.Best)
			}
		} else if !d.HasBest || d.Best.String() != str(o["best"]) {
			t.Errorf("%s: best %v %s, want %v", what, d.HasBest, d.Best, o["best"])
		} else if w, err := r.SpecialWater(d.Best); err != nil || w != uint32(num(o["water"])) {
			t.Errorf("%s: water %d, %v, want %d", what, w, err, num(o["water"]))
		}
		all := list(o["all"])
		if len(all) != len(d.All) {
			t.Errorf("%s: all %v, want %v", what, d.All, all)
		} else {
			for k, s := range all {
				if d.All[k].String() != str(s) {
					t.Errorf("%s: all %v, want %v", what, d.All, all)
					break
				}
			}
		}
		if a, ok := o["arrangement"].(obj); ok {
			if d.Arrangement == nil || !sameCards(d.Arrangement.Front[:], cardsOf(a["front"])) ||
				!sameCards(d.Arrangement.Middle[:], cardsOf(a["middle"])) || !sameCards(d.Arrangement.Back[:], cardsOf(a["back"])) {
				t.Errorf("%s: arrangement %v, want %v", what, d.Arrangement, a)
			}
		} else if d.Arrangement != nil {
			t.Errorf("%s: an arrangement the vectors do not have", what)
		}
		if r == classic {
			many = append(many, cards...)
			if d.HasBest {
				best = append(best, d.Best)
			} else {
				best = append(best, NoSpecial)
			}
		}
	}
	// The batch gives what one call at a time gives.
	got := make([]Special, len(best))
	all := make([]uint16, len(best))
	if err := classic.DetectSpecialMany(many, got, all, 2); err != nil {
		t.Fatal(err)
	}
	for i := range best {
		if got[i] != best[i] {
			t.Errorf("batch hand %d: %v, want %v", i, got[i], best[i])
		}
		if (best[i] == NoSpecial) != (all[i] == 0) || (best[i] != NoSpecial && all[i]&(1<<best[i]) == 0) {
			t.Errorf("batch hand %d: all %b with best %v", i, all[i], best[i])
		}
	}
	for i, nv := range records(t, doc, "names") {
		o := nv.(obj)
		s, err := ParseSpecial(str(o["text"]))
		if kind := str(o["kind"]); kind != "" {
			expectKind(t, err, kind, "name "+itoa(i))
			continue
		}
		if err != nil || s.String() != str(o["special"]) {
			t.Errorf("name %d %q: %v %v", i, str(o["text"]), s, err)
		}
	}
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		var err error
		if js, ok := o["rules_json"].(string); ok {
			_, err = RulesFromJSON(js)
			if path := str(o["path"]); err != nil && !strings.Contains(err.Error(), path) {
				t.Errorf("special error %d: %q does not name %s", i, err, path)
			}
		} else if text, ok := o["text"].(string); ok {
			_, err = ParseSpecial(text)
		} else {
			_, err = rules[str(o["rules"])].DetectSpecial(cardsOf(o["codes"]))
		}
		expectKind(t, err, str(o["kind"]), "special error "+itoa(i))
	}
	specials, err := classic.Specials()
	if err != nil || len(specials) != 13 || specials[0] != SupremeDragon {
		t.Errorf("classic's specials: %v %v", specials, err)
	}
	cp := MustRules("chinese_poker")
	if s, err := cp.Specials(); err != nil || len(s) != 0 {
		t.Errorf("chinese_poker has no specials: %v %v", s, err)
	}
	cp.Close()
}

func TestDealVectors(t *testing.T) {
	doc := loadObj(t, "deal.json")
	for i, dv := range records(t, doc, "deals") {
		o := dv.(obj)
		hands, err := Deal(num(o["players"]), u64(o["seed"]))
		if err != nil {
			t.Errorf("deal %d: %v", i, err)
			continue
		}
		want := list(o["hands"])
		if len(hands) != len(want) {
			t.Errorf("deal %d: %d hands", i, len(hands))
			continue
		}
		for k, h := range want {
			if !sameCards(hands[k], cardsOf(h)) {
				t.Errorf("deal %d hand %d: %v, want %v", i, k, hands[k], h)
			}
		}
		classic := MustRules("classic")
		again, err := classic.Deal(num(o["players"]), u64(o["seed"]))
		if err != nil || len(again) != len(hands) || !sameCards(again[0], hands[0]) {
			t.Errorf("deal %d: the classic rule set deals %v, %v", i, again, err)
		}
		classic.Close()
	}
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		_, err := Deal(num(o["players"]), 1)
		expectKind(t, err, str(o["kind"]), "deal error "+itoa(i))
		_, err = DealUnseeded(num(o["players"]))
		expectKind(t, err, str(o["kind"]), "unseeded deal error "+itoa(i))
	}
	deck, err := ShuffledDeck(7)
	if err != nil || len(deck) != 52 || ValidateCards(deck) != nil {
		t.Errorf("a shuffled deck: %v %v", deck, err)
	}
	h, err := DealUnseeded(3)
	if err != nil || len(h) != 3 || len(h[2]) != 13 {
		t.Errorf("an unseeded deal: %v %v", h, err)
	}
}
