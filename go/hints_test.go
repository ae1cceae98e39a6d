package shisanshui

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// hintHand is the hand of the C# hint examples.
const hintHand = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd"

func TestHintVectors(t *testing.T) {
	doc := loadObj(t, "hints.json")
	for i, cv := range records(t, doc, "combos") {
		o := cv.(obj)
		what := "combos " + itoa(i)
		cat := Category(num(o["category"]))
		r := rulesWith(t, str(o["wheel"]), o["suit_tiebreak"] == true, false)
		got, err := r.Combos(cardsOf(o["codes"]), cat)
		r.Close()
		want := list(o["combos"])
		if err != nil || len(got) != len(want) {
			t.Errorf("%s: %d, %v; want %d", what, len(got), err, len(want))
			continue
		}
		for k, c := range want {
			g := got[k]
			if !sameCards(g.Cards, cardsOf(c)) || g.Category != cat {
				t.Errorf("%s #%d: %v, want %v", what, k, g, c)
			}
			// Without jokers a combination is played as it is.
			if !sameCards(g.Played, g.Cards) || g.HasJokers() {
				t.Errorf("%s #%d: played %v", what, k, g.Played)
			}
			if g.FitsFront() != (len(g.Cards) <= 3) {
				t.Errorf("%s #%d: fits the front: %v", what, k, g.FitsFront())
			}
		}
	}
	cache := arrangers{}
	defer cache.close()
	for i, cv := range records(t, doc, "complete") {
		o := cv.(obj)
		what := "complete " + itoa(i)
		e := cache.entry(t, str(o["preset"]), "all_pairs", "player", num(o["players"]))
		hand := cardsOf(o["codes"])
		front, middle, back := cardsOf(o["fixed_front"]), cardsOf(o["fixed_middle"]), cardsOf(o["fixed_back"])
		got, err := e.a.Complete(hand, front, middle, back)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		matchesArranged(t, what, got, o)
		checkLegal(t, what, e.r, hand, got)
		// The fixed lanes are kept (highest card first), and the water is the arranger's price.
		for l, fixed := range [][]Card{front, middle, back} {
			lane := [][]Card{got.Lanes.Front[:], got.Lanes.Middle[:], got.Lanes.Back[:]}[l]
			if len(fixed) > 0 && !sameCards(sortedCards(fixed), sortedCards(lane)) {
				t.Errorf("%s: lane %d is %v, fixed %v", what, l, lane, fixed)
			}
		}
		if w, err := e.a.ExpectedWater(got.Lanes.Cards()); err != nil || math.Abs(w-got.ExpectedWater) > waterTolerance {
			t.Errorf("%s: ExpectedWater %v, %v; Complete said %v", what, w, err, got.ExpectedWater)
		}
	}
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		what := "hint error " + itoa(i) + " (" + str(o["call"]) + " " + str(o["kind"]) + ")"
		var err error
		switch str(o["call"]) {
		case "combos":
			r := rulesWith(t, str(o["wheel"]), o["suit_tiebreak"] == true, false)
			var got []Combo
			got, err = r.Combos(cardsOf(o["codes"]), Category(num(o["category"])))
			r.Close()
			if got != nil {
				t.Errorf("%s: %v on failure", what, got)
			}
		case "complete":
			a := cache.get(t, str(o["preset"]), "all_pairs", "player", num(o["players"]))
			var got Arranged
			got, err = a.Complete(cardsOf(o["codes"]), cardsOf(o["fixed_front"]), cardsOf(o["fixed_middle"]), cardsOf(o["fixed_back"]))
			if got != (Arranged{}) {
				t.Errorf("%s: %v on failure", what, got.Lanes)
			}
		default:
			t.Fatalf("%s: unknown call", what)
		}
		expectKind(t, err, str(o["kind"]), what)
		expectPosition(t, err, o, what)
	}
}

func TestHintExamples(t *testing.T) {
	classic := MustRules("classic")
	defer classic.Close()
	a, err := NewArrangerPreset("classic", 4)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	hand := MustParseCards(hintHand)
	pairs, err := classic.Combos(MustParseCards("Ks Kh Kd 9s 9c 5h 6h 7h 8h 4c 2d 3d Ad"), OnePair)
	if err != nil || len(pairs) != 2 {
		t.Fatalf("two pair ranks: %v, %v", pairs, err)
	}
	kings, _ := classic.Combos(MustParseCards("Kh Ks"), OnePair)
	if !sameCards(pairs[0].Cards, MustParseCards("Ks Kh")) || !pairs[0].FitsFront() || len(kings) != 1 ||
		!sameCards(kings[0].Cards, pairs[0].Cards) {
		t.Errorf("the kings: %v, from two cards %v", pairs[0], kings)
	}
	if s := pairs[0].String(); !strings.HasSuffix(s, ": Ks Kh") || !strings.HasPrefix(s, OnePair.String()) {
		t.Errorf("%q", s)
	}
	// A front fixed in any order comes back highest first; nothing fixed is Arrange.
	done, err := a.Complete(hand, MustParseCards("Jd As Ad"), nil, nil)
	if err != nil || !sameCards(done.Lanes.Front[:], MustParseCards("As Ad Jd")) {
		t.Errorf("the front kept: %v, %v", done.Lanes, err)
	}
	if w, err := a.ExpectedWater(done.Lanes.Cards()); err != nil || math.Abs(w-done.ExpectedWater) > 1e-12 {
		t.Errorf("the water is the arranger's price: %v %v", w, err)
	}
	free, err1 := a.Complete(hand, nil, nil, nil)
	best, err2 := a.Arrange(hand)
	if err1 != nil || err2 != nil || free != best {
		t.Errorf("nothing fixed: %v, Arrange %v (%v %v)", free.Lanes, best.Lanes, err1, err2)
	}
	all, err := a.Complete(hand, best.Lanes.Front[:], best.Lanes.Middle[:], best.Lanes.Back[:])
	if err != nil || all != best {
		t.Errorf("everything fixed: %v, %v", all.Lanes, err)
	}

	for _, c := range []struct {
		what   string
		err    error
		target error
		text   string
	}{
		{"high card", comboErr(classic.Combos(hand, HighCard)), ErrInvalidArgument, "high card"},
		{"category 10", comboErr(classic.Combos(hand, Category(10))), ErrInvalidArgument, "category 10"},
		{"five of a kind from one deck", comboErr(classic.Combos(hand, FiveOfAKind)), ErrInvalidArgument, ""},
		{"a joker the deck lacks", comboErr(classic.Combos([]Card{47, SmallJoker}, OnePair)), ErrBadCardCode, "52"},
		{"closed rules", comboErr((&Rules{}).Combos(hand, OnePair)), ErrClosed, ""},
		{"Qs is not in the hand", arrErr(a.Complete(hand, nil, nil, MustParseCards("Kh Kc 9s 9d Qs"))), ErrCardNotInHand, "position 12"},
		{"a weak back", arrErr(a.Complete(hand, nil, nil, MustParseCards("2c 3h 4s 6c 7h"))), ErrNoLegalArrangement, "back"},
		{"a short front", arrErr(a.Complete(hand, MustParseCards("As Ad"), nil, nil)), ErrWrongCardCount, "expected 3"},
		{"fixed twice", arrErr(a.Complete(hand, MustParseCards("As Ad Jd"), nil, MustParseCards("Ad Kh Kc 9s 9d"))), ErrDuplicateCard, "position 8"},
		{"12 cards", arrErr(a.Complete(hand[:12], nil, nil, nil)), ErrWrongCardCount, "got 12"},
	} {
		if !errors.Is(c.err, c.target) || !strings.Contains(c.err.Error(), c.text) {
			t.Errorf("%s: %v, want %v naming %q", c.what, c.err, c.target, c.text)
		}
	}
}

func comboErr(_ []Combo, err error) error { return err }

func arrErr(_ Arranged, err error) error { return err }

// combosPlayed writes each combination's cards as played, for comparing with a list.
func combosPlayed(c []Combo) [][]Card {
	out := make([][]Card, len(c))
	for i := range c {
		out[i] = c[i].Played
	}
	return out
}

func TestHintsWithJokers(t *testing.T) {
	// What a joker stands for, worked out by hand from the engine's hints docs (as the C# tests):
	// a group's missing highest suit, a run's missing rank in ♠, the strongest flush.
	rules := MustRules("classic")
	defer rules.Close()
	if err := rules.SetJokers(2); err != nil {
		t.Fatal(err)
	}
	// Ks Kd Qh 9s 8s 7s 6d 3c 2h SJ
	hand10 := []Card{47, 44, 42, 31, 27, 23, 16, 5, 2, 52}
	combos := func(cards []Card, cat Category) []Combo {
		t.Helper()
		c, err := rules.Combos(cards, cat)
		if err != nil {
			t.Fatalf("%v %s: %v", cards, cat, err)
		}
		return c
	}
	expect := func(what string, got, want []Card) {
		t.Helper()
		if !sameCards(got, want) {
			t.Errorf("%s: %v, want %v", what, got, want)
		}
	}
	pairs := combos(hand10, OnePair)
	if len(pairs) != 8 {
		t.Fatalf("the kings, and the joker with each other rank: %d", len(pairs))
	}
	expect("kings without the joker", pairs[0].Cards, []Card{47, 44})
	expect("kings as they are", pairs[0].Played, []Card{47, 44})
	expect("the joker and the queen", pairs[1].Cards, []Card{52, 42})
	expect("the joker as Q♠", pairs[1].Played, []Card{43, 42})
	expect("the joker with 6♦ as 6♠", pairs[5].Played, []Card{19, 16})
	expect("the joker with 2♥ as 2♠", pairs[7].Played, []Card{3, 2})
	if pairs[0].HasJokers() || !pairs[1].HasJokers() || !pairs[1].FitsFront() {
		t.Errorf("HasJokers %v %v", pairs[0].HasJokers(), pairs[1].HasJokers())
	}
	for i, c := range pairs {
		if len(c.Played) != len(c.Cards) {
			t.Errorf("pair %d: played %v for %v, not slot by slot", i, c.Played, c.Cards)
		}
	}
	aces := combos([]Card{51, 50, 44, 52}, OnePair) // As Ah Kd SJ
	if len(aces) != 2 {
		t.Fatalf("aces, then the joker's kings: %v", aces)
	}
	expect("the aces as they are", aces[0].Played, []Card{51, 50})
	expect("the joker with K♦ as K♠", aces[1].Played, []Card{47, 44})
	jokers := combos([]Card{53, 52}, OnePair)
	if len(jokers) != 13 {
		t.Fatalf("two jokers pair every rank: %d", len(jokers))
	}
	expect("aces: the big joker as A♠, the small as A♥", jokers[0].Played, []Card{51, 50})
	expect("twos", jokers[12].Played, []Card{3, 2})
	trips := combos(hand10, ThreeOfAKind)
	if len(trips) != 1 {
		t.Fatalf("trips: %v", trips)
	}
	expect("trips of kings with the joker", trips[0].Cards, []Card{52, 47, 44})
	expect("the joker as K♥, the suit the kings lack", trips[0].Played, []Card{46, 47, 44})
	flushes := combos(hand10, Flush)
	expect("the strongest flush", flushes[0].Cards, []Card{52, 47, 31, 27, 23})
	expect("the flush's joker as A♠", flushes[0].Played, []Card{51, 47, 31, 27, 23})
	// As the evaluator reads the lane.
	if _, played, err := rules.EvaluatePlayed(flushes[0].Cards); err != nil || !sameCards(played, flushes[0].Played) {
		t.Errorf("the lane as played: %v, %v", played, err)
	}
	straights := combos(hand10, Straight)
	if len(straights) != 2 || straights[0].Played[0] != 35 || straights[1].Played[0] != 15 {
		t.Errorf("6-7-8-9 with the joker as T♠ on top, then as 5♠ below: %v", combosPlayed(straights))
	}
	five := combos([]Card{51, 50, 49, 48, 52, 1}, FiveOfAKind)
	if len(five) != 1 {
		t.Fatalf("five of a kind: %v", five)
	}
	expect("four aces and the joker", five[0].Cards, []Card{52, 51, 50, 49, 48})
	if none := combos([]Card{51, 50, 49, 48, 1}, FiveOfAKind); len(none) != 0 {
		t.Errorf("five of a kind without a joker: %v", none)
	}

	// Completing lanes with a joker (RULES.md §12's example): back K K 9 9 3 and middle Q Q J 5 +
	// joker fixed foul under each_best (the joker reads as a queen), not under avoid_foul.
	hand13 := []Card{47, 46, 31, 30, 5, 43, 42, 36, 13, 52, 8, 1, 22}
	back := []Card{47, 46, 31, 30, 5}
	middle := []Card{43, 42, 36, 13, 52}
	for _, mode := range []JokerLanes{JokerLanesEachBest, JokerLanesAvoidFoul} {
		if err := rules.SetJokerLanes(mode); err != nil {
			t.Fatal(err)
		}
		a, err := NewArranger(rules, 4)
		if err != nil {
			t.Fatal(err)
		}
		both, err := a.Complete(hand13, nil, middle, back)
		if mode == JokerLanesEachBest {
			if !errors.Is(err, ErrNoLegalArrangement) {
				t.Errorf("each_best: %v, %v", both.Lanes, err)
			}
		} else if err != nil || both.Lanes.Middle[0] != SmallJoker || both.Categories[1] != TwoPair {
			t.Errorf("avoid_foul: %v %v, %v", both.Lanes, both.Categories, err)
		} else if e, played, err := rules.Check13Played(both.Lanes.Cards()); err != nil || e.IsFoul() ||
			played[3].Rank() != 11 {
			t.Errorf("avoid_foul: the joker as a jack: %v %v, %v", played, e.Foul, err)
		}
		for _, fixed := range [][3][]Card{{nil, nil, back}, {{52, 8, 1}, nil, nil}} {
			done, err := a.Complete(hand13, fixed[0], fixed[1], fixed[2])
			if err != nil {
				t.Errorf("%d: %v", mode, err)
				continue
			}
			if !sameCards(sortedCards(done.Lanes.Cards()), sortedCards(hand13)) {
				t.Errorf("%d: %v is not the hand", mode, done.Lanes)
			}
			if e, err := rules.Check13(done.Lanes.Cards()); err != nil || e.IsFoul() {
				t.Errorf("%d: %v fouls, %v", mode, done.Lanes, err)
			}
			if w, err := a.ExpectedWater(done.Lanes.Cards()); err != nil || math.Abs(w-done.ExpectedWater) > 1e-12 {
				t.Errorf("%d: water %v, %v", mode, w, err)
			}
		}
		_, err = a.Complete(hand13, nil, []Card{43, 42, 36, 13, 53}, nil)
		if !errors.Is(err, ErrCardNotInHand) || !strings.Contains(err.Error(), "BJ") {
			t.Errorf("a joker the hand lacks: %v", err)
		}
		a.Close()
	}
}
