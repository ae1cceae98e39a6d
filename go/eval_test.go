package shisanshui

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// rulesWith is the classic preset with the three ranking options of eval.json changed (wheel
// "lowest" or "second_highest").
func rulesWith(t *testing.T, wheel string, suitTiebreak, strict bool) *Rules {
	t.Helper()
	r := MustRules("classic")
	w := WheelSecondHighest
	switch wheel {
	case "lowest":
		w = WheelLowest
	case "second_highest":
	default:
		t.Fatalf("wheel %q", wheel)
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

// evalRules keeps one rule set per option combination of the eval vectors.
type evalRules map[string]*Rules

func (c evalRules) get(t *testing.T, o obj, withStrict bool) *Rules {
	t.Helper()
	strict := withStrict && o["strict_order"] == true
	key := str(o["wheel"]) + "/" + strconv.FormatBool(o["suit_tiebreak"] == true) + "/" + strconv.FormatBool(strict)
	if r := c[key]; r != nil {
		return r
	}
	r := rulesWith(t, str(o["wheel"]), o["suit_tiebreak"] == true, strict)
	c[key] = r
	return r
}

func (c evalRules) close() {
	for _, r := range c {
		r.Close()
	}
}

func maskOf(cards []Card) uint64 {
	var m uint64
	for _, c := range cards {
		m |= 1 << c
	}
	return m
}

func TestEvalVectors(t *testing.T) {
	doc := loadObj(t, "eval.json")
	if num(doc["version"]) != 1 {
		t.Fatalf("eval.json version %v", doc["version"])
	}
	classic := MustRules("classic")
	defer classic.Close()
	cards := records(t, doc, "cards")
	if len(cards) < 52 {
		t.Errorf("only %d cards", len(cards))
	}
	for i, c := range cards {
		o := c.(obj)
		text, code := str(o["text"]), Card(num(o["code"]))
		if i < 52 && code != Card(i) {
			t.Errorf("card %d of the vectors is code %d: the first 52 are 0 to 51", i, code)
		}
		card, err := ParseCard(text)
		if err != nil || card != code {
			t.Errorf("ParseCard(%q) = %v, %v; want code %d", text, card, err, code)
		}
		if forRules, err := classic.ParseCards(text); err != nil || len(forRules) != 1 || forRules[0] != code {
			t.Errorf("classic ParseCards(%q) = %v, %v", text, forRules, err)
		}
		if got := code.String(); got != str(o["display"]) {
			t.Errorf("card %d is written %q, want %q", code, got, str(o["display"]))
		}
		if got, err := FormatCards([]Card{code}, Letters); err != nil || got != str(o["display"]) {
			t.Errorf("FormatCards(%d) = %q, %v", code, got, err)
		}
	}

	rules := evalRules{}
	defer rules.close()
	// The hands of each rule set again through the batches, by size.
	type batch struct {
		cards []Card
		masks []uint64
		want  []uint32
	}
	batches := map[*Rules]*[2]batch{}
	hands := records(t, doc, "hands")
	if len(hands) < 100 {
		t.Errorf("only %d hands", len(hands))
	}
	for i, h := range hands {
		o := h.(obj)
		r := rules.get(t, o, false)
		text, want := str(o["text"]), cardsOf(o["codes"])
		what := "hand " + itoa(i) + " " + strconv.Quote(text) + " (" + str(o["wheel"]) + ", suit tie-break " +
			strconv.FormatBool(o["suit_tiebreak"] == true) + ")"
		if got, err := ParseCards(text); err != nil || !sameCards(got, want) {
			t.Errorf("%s: parses to %v, %v; want %v", what, got, err, want)
		}
		rank, err := r.Evaluate(want)
		value := uint32(num(o["value"]))
		if err != nil || rank.Value != value || int(rank.Category) != num(o["category"]) ||
			rank.CardCount != uint8(len(want)) || uint32(rank.Category) != rank.Value>>22 {
			t.Errorf("%s: %+v, %v; want value %d category %d", what, rank, err, value, num(o["category"]))
		}
		b := batches[r]
		if b == nil {
			b = &[2]batch{}
			batches[r] = b
		}
		k := 0
		if len(want) == 3 {
			k = 1
		}
		b[k].cards = append(b[k].cards, want...)
		b[k].masks = append(b[k].masks, maskOf(want))
		b[k].want = append(b[k].want, value)
	}
	for r, b := range batches {
		for k, size := range []int{5, 3} {
			n := len(b[k].want)
			fromCodes, fromMasks := make([]uint32, n), make([]uint32, n)
			var e1, e2 error
			if size == 5 {
				e1 = r.Evaluate5Many(b[k].cards, fromCodes, 2)
				e2 = r.Evaluate5MasksMany(b[k].masks, fromMasks, 1)
			} else {
				e1 = r.Evaluate3Many(b[k].cards, fromCodes, 1)
				e2 = r.Evaluate3MasksMany(b[k].masks, fromMasks, 2)
			}
			if e1 != nil || e2 != nil {
				t.Errorf("%d-card batches: %v %v", size, e1, e2)
				continue
			}
			for i := range b[k].want {
				if fromCodes[i] != b[k].want[i] || fromMasks[i] != b[k].want[i] {
					t.Errorf("%d-card batch row %d: %d and %d, want %d", size, i, fromCodes[i], fromMasks[i], b[k].want[i])
				}
			}
		}
	}

	for i, a := range records(t, doc, "arrangements") {
		o := a.(obj)
		r := rules.get(t, o, true)
		front, middle, back := cardsOf(o["front"]), cardsOf(o["middle"]), cardsOf(o["back"])
		e, err := r.Check(front, middle, back)
		want := Foul{FrontOverMiddle: o["front_over_middle"] == true, MiddleOverBack: o["middle_over_back"] == true}
		if err != nil || e.Foul != want || e.IsFoul() != want.Any() {
			t.Errorf("arrangement %d: %+v, %v; want %+v", i, e.Foul, err, want)
		}
		lanes := append(append(append([]Card{}, front...), middle...), back...)
		if e13, err := r.Check13(lanes); err != nil || e13 != e {
			t.Errorf("arrangement %d: Check13 %+v, %v differs from Check %+v", i, e13, err, e)
		}
		// The lanes valued as Evaluate values them.
		for k, lane := range [][]Card{front, middle, back} {
			h, _ := r.Evaluate(lane)
			if got := []HandRank{e.Front, e.Middle, e.Back}[k]; got != h {
				t.Errorf("arrangement %d lane %d: %+v, Evaluate gives %+v", i, k, got, h)
			}
		}
	}

	for i, e := range records(t, doc, "errors") {
		o := e.(obj)
		kind := str(o["kind"])
		var err error
		what := "error " + itoa(i)
		if text, ok := o["text"].(string); ok {
			// Text inputs are parsed as a hand, then evaluated.
			what += " (text " + strconv.Quote(text) + ")"
			var cards []Card
			if cards, err = ParseCards(text); err == nil {
				_, err = classic.Evaluate(cards)
			}
		} else {
			what += " (codes)"
			_, err = classic.Evaluate(cardsOf(o["codes"]))
		}
		expectKind(t, err, kind, what)
		var engine *Error
		if !errors.As(err, &engine) || engine.Status.String() != kind {
			t.Errorf("%s: %#v is not an engine error of status %s", what, err, kind)
		}
		if p, ok := o["position"]; ok && (err == nil || !strings.Contains(err.Error(), "position "+itoa(num(p)))) {
			t.Errorf("%s: %v does not name position %d", what, err, num(p))
		}
	}
}

func TestHandRankDescribesAndCompares(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	h, err := r.Evaluate(MustParseCards("Ks Kd Kh 9c 9d"))
	if err != nil || h.String() != "full house, K over 9" || h.Category != FullHouse || h.TopRank != 11 {
		t.Fatalf("%+v %v", h, err)
	}
	en := []string{"high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
		"four of a kind", "straight flush", "five of a kind"}
	zh := []string{"乌龙", "对子", "两对", "三条", "顺子", "同花", "葫芦", "铁支", "同花顺", "五同"}
	for c := HighCard; c <= FiveOfAKind; c++ {
		e, err1 := c.Name(English)
		z, err2 := c.Name(Chinese)
		if e != en[c] || c.String() != en[c] || err1 != nil || err2 != nil || z != zh[c] {
			t.Errorf("category %d: %q %q %v %v", c, e, z, err1, err2)
		}
	}
	if _, err := Category(10).Name(English); !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), "category 10") {
		t.Errorf("category 10: %v", err)
	}
	for _, c := range []struct {
		a, b string
		want int
	}{{"As Ad 3h 3c 2d", "Ks Kd Kh 9c 9d", -1}, {"Ks Kd Kh 9c 9d", "As Ad 3h 3c 2d", 1},
		{"As Kd Qh", "Ac Kh Qd", 0}, {"As Ks Qs Js Ts", "Ah 2h 3h 4h 5h", 1}} {
		if got, err := r.Compare(MustParseCards(c.a), MustParseCards(c.b)); err != nil || got != c.want {
			t.Errorf("%s against %s: %d, %v; want %d", c.a, c.b, got, err, c.want)
		}
	}
	if _, err := r.Compare(MustParseCards("As Ad 3h"), MustParseCards("Ks Kd Kh 9c 9d")); !errorsIs(err, ErrWrongCardCount) {
		t.Errorf("a front against a middle: %v", err)
	}
}
