package shisanshui

import (
	"strings"
	"testing"
)

func TestHintVectors(t *testing.T) {
	doc := loadObj(t, "hints.json")
	for i, cv := range records(t, doc, "combos") {
		o := cv.(obj)
		r := rulesWith(t, str(o["wheel"]), o["suit_tiebreak"] == true, false)
		got, err := r.Combos(cardsOf(o["codes"]), Category(num(o["category"])))
		want := list(o["combos"])
		if err != nil || len(got) != len(want) {
			t.Errorf("combos %d: %d, %v; want %d", i, len(got), err, len(want))
			r.Close()
			continue
		}
		for k, c := range want {
			if !sameCards(got[k].Cards, cardsOf(c)) || int(got[k].Category) != num(o["category"]) {
				t.Errorf("combos %d #%d: %v, want %v", i, k, got[k], c)
			}
		}
		// Without jokers a combination is played as it is.
		played, err := r.CombosPlayed(cardsOf(o["codes"]), Category(num(o["category"])))
		if err != nil || len(played) != len(got) || (len(got) > 0 && !sameCards(played[0].Cards, got[0].Cards)) {
			t.Errorf("combos %d: played %v, %v", i, played, err)
		}
		r.Close()
	}
	cache := arrangers{}
	defer cache.close()
	for i, cv := range records(t, doc, "complete") {
		o := cv.(obj)
		a := cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"]))
		got, err := a.Complete(cardsOf(o["codes"]), cardsOf(o["fixed_front"]), cardsOf(o["fixed_middle"]), cardsOf(o["fixed_back"]))
		if err != nil {
			t.Errorf("complete %d: %v", i, err)
			continue
		}
		matchesArranged(t, "complete "+itoa(i), got, o)
	}
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		what := "hint error " + itoa(i) + " (" + str(o["call"]) + ")"
		var err error
		if str(o["call"]) == "combos" {
			r := rulesWith(t, str(o["wheel"]), o["suit_tiebreak"] == true, false)
			_, err = r.Combos(cardsOf(o["codes"]), Category(num(o["category"])))
			r.Close()
		} else {
			a := cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"]))
			_, err = a.Complete(cardsOf(o["codes"]), cardsOf(o["fixed_front"]), cardsOf(o["fixed_middle"]), cardsOf(o["fixed_back"]))
		}
		expectKind(t, err, str(o["kind"]), what)
		if p, ok := o["position"]; ok && err != nil && !strings.Contains(err.Error(), itoa(num(p))) {
			t.Errorf("%s: %q does not name %d", what, err, num(p))
		}
	}
}
