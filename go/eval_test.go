package shisanshui

import (
	"strings"
	"testing"
)

// rulesWith is the classic preset with the three ranking options of eval.json changed.
func rulesWith(t *testing.T, wheel string, suitTiebreak, strict bool) *Rules {
	t.Helper()
	r := MustRules("classic")
	w := WheelSecondHighest
	if wheel == "lowest" {
		w = WheelLowest
	}
	if err := r.SetWheel(w); err != nil {
		t.Fatal(err)
	}
	if err := r.SetSuitTiebreak(suitTiebreak); err != nil {
		t.Fatal(err)
	}
	if err := r.SetStrictOrder(strict); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestEvalVectors(t *testing.T) {
	doc := loadObj(t, "eval.json")
	for _, c := range records(t, doc, "cards") {
		o := c.(obj)
		card, err := ParseCard(str(o["text"]))
		if err != nil || card != Card(num(o["code"])) {
			t.Errorf("ParseCard(%q) = %v, %v; want code %d", str(o["text"]), card, err, num(o["code"]))
		}
		if got := Card(num(o["code"])).String(); got != str(o["display"]) {
			t.Errorf("card %d is written %q, want %q", num(o["code"]), got, str(o["display"]))
		}
	}
	hands := records(t, doc, "hands")
	for _, h := range hands {
		o := h.(obj)
		r := rulesWith(t, str(o["wheel"]), o["suit_tiebreak"] == true, false)
		want := cardsOf(o["codes"])
		got, err := ParseCards(str(o["text"]))
		if err != nil || !sameCards(got, want) {
			t.Errorf("ParseCards(%q) = %v, %v; want %v", str(o["text"]), got, err, want)
		}
		rank, err := r.Evaluate(want)
		if err != nil || rank.Value != uint32(num(o["value"])) || int(rank.Category) != num(o["category"]) {
			t.Errorf("Evaluate(%q) = %+v, %v; want value %d category %d", str(o["text"]), rank, err, num(o["value"]), num(o["category"]))
		}
		if rank.CardCount != uint8(len(want)) {
			t.Errorf("%q: card count %d", str(o["text"]), rank.CardCount)
		}
		r.Close()
	}
	for i, a := range records(t, doc, "arrangements") {
		o := a.(obj)
		r := rulesWith(t, str(o["wheel"]), o["suit_tiebreak"] == true, o["strict_order"] == true)
		front, middle, back := cardsOf(o["front"]), cardsOf(o["middle"]), cardsOf(o["back"])
		e, err := r.Check(front, middle, back)
		want := Foul{FrontOverMiddle: o["front_over_middle"] == true, MiddleOverBack: o["middle_over_back"] == true}
		if err != nil || e.Foul != want || e.IsFoul() != want.Any() {
			t.Errorf("arrangement %d: %+v, %v; want %+v", i, e.Foul, err, want)
		}
		e13, err := r.Check13(append(append(append([]Card{}, front...), middle...), back...))
		if err != nil || e13 != e {
			t.Errorf("arrangement %d: Check13 %+v, %v differs from Check %+v", i, e13, err, e)
		}
		r.Close()
	}
	classic := MustRules("classic")
	defer classic.Close()
	for i, e := range records(t, doc, "errors") {
		o := e.(obj)
		kind := str(o["kind"])
		var err error
		what := ""
		if text, ok := o["text"].(string); ok {
			what = "text " + text
			var cards []Card
			cards, err = ParseCards(text)
			if err == nil {
				_, err = classic.Evaluate(cards)
			}
		} else {
			what = "codes"
			_, err = classic.Evaluate(cardsOf(o["codes"]))
		}
		expectKind(t, err, kind, what)
		if p, ok := o["position"]; ok && err != nil && !strings.Contains(err.Error(), "position "+itoa(num(p))) {
			t.Errorf("error %d (%s): %q does not name position %d", i, what, err, num(p))
		}
	}
	if len(hands) < 100 {
		t.Errorf("only %d hands", len(hands))
	}
}

func TestHandRankDescribesAndCompares(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	h, err := r.Evaluate(MustParseCards("Ks Kd Kh 9c 9d"))
	if err != nil || h.String() != "full house, K over 9" || h.Category != FullHouse {
		t.Fatalf("%v %v", h, err)
	}
	if n, _ := FullHouse.Name(Chinese); n != "葫芦" {
		t.Errorf("full house in Chinese: %q", n)
	}
	c, err := r.Compare(MustParseCards("As Ad 3h 3c 2d"), MustParseCards("Ks Kd Kh 9c 9d"))
	if err != nil || c != -1 {
		t.Errorf("two pair against a full house: %d, %v", c, err)
	}
	if _, err := r.Compare(MustParseCards("As Ad 3h"), MustParseCards("Ks Kd Kh 9c 9d")); !errorsIs(err, ErrWrongCardCount) {
		t.Errorf("a front against a middle: %v", err)
	}
}
