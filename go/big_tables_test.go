package shisanshui

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// suitsOf is the extra-suit mask of suit letters ("hs" is hearts and spades).
func suitsOf(t *testing.T, letters string) ExtraSuits {
	t.Helper()
	var s ExtraSuits
	for _, c := range letters {
		i := strings.IndexRune("dchs", c)
		if i < 0 {
			t.Fatalf("suit letter %q", c)
		}
		s |= 1 << i
	}
	return s
}

// bigRules is a big_tables.json record's rule set: its preset (classic when it names none) with
// its extra suits, and, where the record gives them, its wheel, suit tie-break, strict order,
// table and split_quads (which has no setter: through the rule set's JSON).
func bigRules(t *testing.T, o obj) *Rules {
	t.Helper()
	preset := str(o["preset"])
	if preset == "" {
		preset = "classic"
	}
	r := MustRules(preset)
	if sq, ok := o["split_quads"].(bool); ok {
		js, err := r.JSON()
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]interface{}
		if err := json.Unmarshal([]byte(js), &m); err != nil {
			t.Fatal(err)
		}
		if _, ok := m["split_quads"]; !ok {
			t.Fatalf("split_quads is not in the rule set's JSON")
		}
		m["split_quads"] = sq
		b, _ := json.Marshal(m)
		r.Close()
		if r, err = RulesFromJSON(string(b)); err != nil {
			t.Fatal(err)
		}
	}
	check := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	check(r.SetExtraSuits(suitsOf(t, str(o["extra_suits"]))))
	switch w := o["wheel"]; w {
	case "lowest":
		check(r.SetWheel(WheelLowest))
	case "second_highest":
		check(r.SetWheel(WheelSecondHighest))
	case nil:
	default:
		t.Fatalf("wheel %v", w)
	}
	if b, ok := o["suit_tiebreak"].(bool); ok {
		check(r.SetSuitTiebreak(b))
	}
	if b, ok := o["strict_order"].(bool); ok {
		check(r.SetStrictOrder(b))
	}
	switch table := o["table"]; table {
	case "banker":
		check(r.SetTable(TableBanker))
	case "all_pairs", nil:
	default:
		t.Fatalf("table %v", table)
	}
	return r
}

// rawSeat is an arranged seat filled directly, as a C caller may fill SssSeat: the seat builders
// check the cards against the biggest deck, and these seats are for the settlement's own check.
func rawSeat(cards []Card) Seat {
	s := Seat{kind: SeatArranged, special: NoSpecial}
	copy(s.cards[:], cards)
	return s
}

// expectMessage checks a failure's status and its whole message.
func expectMessage(t *testing.T, err error, kind, message, what string) {
	t.Helper()
	expectKind(t, err, kind, what)
	var e *Error
	if errors.As(err, &e) && e.Message != message {
		t.Errorf("%s: message %q, want %q", what, e.Message, message)
	}
}

func TestBigTableVectors(t *testing.T) {
	doc := loadObj(t, "big_tables.json")
	if num(doc["version"]) != 1 {
		t.Fatalf("big_tables.json version %v", doc["version"])
	}
	sixSH := 0
	for i, dv := range records(t, doc, "deals") {
		o := dv.(obj)
		r := bigRules(t, o)
		players, seed := num(o["players"]), u64(o["seed"])
		what := "deal " + itoa(i) + " (extra suits " + str(o["extra_suits"]) + ", " + itoa(players) + " players)"
		want := cardsOf(o["deck"])
		deck, err := r.ShuffledDeck(seed)
		if err != nil || !sameCards(deck, want) {
			t.Errorf("%s: the shuffled deck %v, %v; want %v", what, deck, err, want)
		}
		model, _ := r.Deck()
		modelShuffle(model, seed)
		if !sameCards(model, want) {
			t.Errorf("%s: the model shuffles %v", what, model)
		}
		hands, err := r.Deal(players, seed)
		if err != nil || len(hands) != players || len(list(o["hands"])) != players {
			t.Errorf("%s: %d hands, %v", what, len(hands), err)
		} else {
			for p, h := range list(o["hands"]) {
				if !sameCards(hands[p], cardsOf(h)) {
					t.Errorf("%s seat %d: %v, want %v", what, p, hands[p], h)
				}
			}
		}
		if mp, _ := r.MaxPlayers(); mp != 4+len(str(o["extra_suits"])) {
			t.Errorf("%s: %d seats", what, mp)
		}
		if players == 6 && str(o["extra_suits"]) == "sh" {
			sixSH++
		}
		r.Close()
	}
	if sixSH != 1 {
		t.Errorf("the vectors hold %d six-seat deals with extra suits sh", sixSH)
	}

	for i, ev := range records(t, doc, "evaluations") {
		o := ev.(obj)
		r := bigRules(t, o)
		cards := cardsOf(o["cards"])
		what := "evaluation " + itoa(i) + " " + str(o["extra_suits"])
		h, err := r.Evaluate(cards)
		value := uint32(num(o["value"]))
		if err != nil || h.Value != value || int(h.Category) != num(o["category"]) {
			t.Errorf("%s: %+v, %v; want %d, category %d", what, h, err, value, num(o["category"]))
		}
		many := make([]uint32, 1)
		if len(cards) == 5 {
			err = r.Evaluate5Many(cards, many, 1)
		} else {
			err = r.Evaluate3Many(cards, many, 1)
		}
		if err != nil || many[0] != value {
			t.Errorf("%s: the batch gives %d, %v", what, many[0], err)
		}
		r.Close()
	}

	for i, sv := range records(t, doc, "specials") {
		o := sv.(obj)
		r := bigRules(t, o)
		cards := cardsOf(o["cards"])
		what := "special " + itoa(i) + " (" + str(o["preset"]) + ", " + str(o["extra_suits"]) + ")"
		d, err := r.DetectSpecial(cards)
		if err != nil || !sameSpecials(t, d.All, list(o["all"])) || (o["best"] == nil) == d.HasBest ||
			(d.HasBest && d.Best.String() != str(o["best"])) {
			t.Errorf("%s: %+v, %v; want %v %v", what, d, err, o["best"], o["all"])
		}
		best := make([]Special, 1)
		all := make([]uint16, 1)
		var bits uint16
		for _, s := range d.All {
			bits |= 1 << s
		}
		if err := r.DetectSpecialMany(cards, best, all, 1); err != nil || best[0] != d.Best || all[0] != bits {
			t.Errorf("%s: the batch gives %v %b, %v", what, best[0], all[0], err)
		}
		r.Close()
	}

	eight := 0
	for i, sv := range records(t, doc, "settlements") {
		o := sv.(obj)
		r := bigRules(t, o)
		what := "settlement " + itoa(i) + " (" + str(o["preset"]) + ", " + str(o["extra_suits"]) + ", " + str(o["table"]) + ")"
		var seats []Seat
		var lanes []Card
		declared := false
		for _, s := range list(o["seats"]) {
			so := s.(obj)
			var seat Seat
			var err error
			if a, ok := so["arranged"]; ok {
				c := cardsOf(a)
				seat, err = ArrangedSeat(c[:3], c[3:8], c[8:])
				lanes = append(lanes, c...)
			} else {
				var sp Special
				if sp, err = ParseSpecial(str(so["special"])); err == nil {
					seat, err = SpecialSeat(sp, cardsOf(so["cards"]))
				}
				declared = true
			}
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			seats = append(seats, seat)
		}
		banker := NoSeat
		if o["banker"] != nil {
			banker = num(o["banker"])
		}
		s, err := r.SettleWithBanker(seats, banker)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			r.Close()
			continue
		}
		totals, err := s.Totals()
		units := list(o["units"])
		if err != nil || len(totals) != len(seats) || len(list(o["totals"])) != len(seats) || len(units) != len(seats) {
			t.Errorf("%s: %d totals, %v", what, len(totals), err)
		} else {
			var sum int64
			for k, tv := range list(o["totals"]) {
				to := tv.(obj)
				if totals[k].Num != int64(num(to["num"])) || totals[k].Den != int64(num(to["den"])) ||
					totals[k].Units != int64(num(units[k])) {
					t.Errorf("%s seat %d: %+v, want %v (%v units)", what, k, totals[k], to, units[k])
				}
				sum += totals[k].Units
			}
			if sum != 0 {
				t.Errorf("%s: the totals sum to %d units", what, sum)
			}
			// Rounds of lanes only go through the batch too.
			if !declared {
				out := make([]int64, len(seats))
				if o["banker"] == nil {
					err = r.SettleMany(len(seats), lanes, out, 1)
				} else {
					err = r.SettleManyWithBanker(len(seats), []uint8{uint8(banker)}, lanes, out, 1)
				}
				for k := range out {
					if err != nil || out[k] != totals[k].Units {
						t.Errorf("%s: the batch gives %v, %v", what, out, err)
						break
					}
				}
			}
		}
		if len(seats) == 8 {
			eight++
		}
		s.Close()
		r.Close()
	}
	if eight == 0 {
		t.Error("the vectors hold no settlement at 8 seats")
	}

	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		kind := str(o["kind"])
		what := "error " + itoa(i) + " (" + kind + ")"
		var err error
		r := bigRules(t, o)
		switch kind {
		case "rules_json":
			var bad *Rules
			bad, err = RulesFromJSON(str(o["json"]))
			if bad != nil {
				t.Errorf("%s: rules made from a bad rule set", what)
			}
		case "parse":
			_, err = r.ParseCards(str(o["text"]))
		case "evaluate":
			_, err = r.Evaluate(cardsOf(o["cards"]))
		case "deal":
			_, err = r.Deal(num(o["players"]), u64(o["seed"]))
		case "settle":
			var seats []Seat
			for _, s := range list(o["seats"]) {
				seats = append(seats, rawSeat(cardsOf(s.(obj)["arranged"])))
			}
			var s *Settlement
			s, err = r.Settle(seats)
			if s != nil {
				t.Errorf("%s: a settlement with the error", what)
			}
		default:
			t.Errorf("%s: unknown kind", what)
		}
		r.Close()
		expectMessage(t, err, str(o["error"]), str(o["message"]), what)
	}
}

func TestExtraSuitsRules(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	if s, err := r.ExtraSuits(); err != nil || s != 0 {
		t.Errorf("classic's extra suits: %v %v", s, err)
	}
	if err := r.SetExtraSuits(ExtraHearts | ExtraSpades); err != nil {
		t.Fatal(err)
	}
	js, _ := r.JSON()
	if !strings.Contains(js, "\"extra_suits\": [\n    \"h\",\n    \"s\"\n  ]") {
		t.Errorf("extra_suits in the JSON: %s", js)
	}
	back, err := RulesFromJSON(js)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := back.ExtraSuits(); s != 0xC {
		t.Errorf("read back: %v", s)
	}
	back.Close()
	for bad, text := range map[ExtraSuits]string{0x10: "0x10", 0xFF: "0xff"} {
		if err := r.SetExtraSuits(bad); !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), text) {
			t.Errorf("mask %s: %v", text, err)
		}
	}
	if s, _ := r.ExtraSuits(); s != 0xC {
		t.Errorf("a refused mask changed the rule set: %v", s)
	}
}

func TestHandsWithCopies(t *testing.T) {
	r, one := MustRules("classic"), MustRules("classic")
	defer r.Close()
	defer one.Close()
	if err := r.SetExtraSuits(TwoDecks); err != nil {
		t.Fatal(err)
	}
	eval := func(text string) HandRank {
		t.Helper()
		c, err := r.ParseCards(text)
		if err != nil {
			t.Fatal(err)
		}
		h, err := r.Evaluate(c)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	five, flush, sf := eval("As As Ah Ah Ad"), eval("As As Ks 7s 2s"), eval("Ks Qs Js Ts 9s")
	if five.Category != FiveOfAKind || five.TopRank != 12 || flush.Category != Flush || five.Value <= sf.Value ||
		flush.Value <= eval("As Ks Qs Js 9s").Value {
		t.Errorf("five of a kind %+v, the flush with a pair %+v", five, flush)
	}
	// A third copy names the card and its position; one deck refuses the second.
	third := append(append([]Card{}, mustParse(t, r, "As As Ks")...), 51, 43)
	if _, err := r.Evaluate(third); !errors.Is(err, ErrTooManyCopies) ||
		!strings.Contains(err.Error(), "card As at position 3 is one copy too many") {
		t.Errorf("a third copy: %v", err)
	}
	if err := r.ValidateCards(third); !errors.Is(err, ErrTooManyCopies) || !strings.Contains(err.Error(), "As at position 3") {
		t.Errorf("validate a third copy: %v", err)
	}
	if _, err := r.ParseCards("As As As"); !errors.Is(err, ErrTooManyCopies) || !strings.Contains(err.Error(), "card As at position 2") {
		t.Errorf("parse a third copy: %v", err)
	}
	if _, err := one.ParseCards("As As"); !errors.Is(err, ErrDuplicateCard) || !strings.Contains(err.Error(), "duplicate card As at position 1") {
		t.Errorf("one deck: %v", err)
	}
	if _, err := ParseCards("As As"); !errors.Is(err, ErrDuplicateCard) {
		t.Errorf("ParseCards is one deck: %v", err)
	}
	// ErrTooManyCopies is not ErrDuplicateCard: each has its own status.
	if _, err := r.ParseCards("As As As"); errors.Is(err, ErrDuplicateCard) {
		t.Errorf("too many copies matched the duplicate sentinel: %v", err)
	}
	fives := mustParse(t, r, "As As Ah Ah Ad")
	if _, err := one.Evaluate(fives); !errors.Is(err, ErrDuplicateCard) || !strings.Contains(err.Error(), "As at position 1") {
		t.Errorf("five aces under one deck: %v", err)
	}
	if c, err := r.Compare(fives, fives); err != nil || c != 0 {
		t.Errorf("compare: %d %v", c, err)
	}
	// Batches take copies as codes; a mask cannot hold them and says so.
	batch := append(append([]Card{}, fives...), mustParse(t, r, "As As Ks 7s 2s")...)
	values := make([]uint32, 2)
	if err := r.Evaluate5Many(batch, values, 1); err != nil || values[0]>>22 != 9 || values[1]>>22 != 5 {
		t.Errorf("copies in a batch: %v %v", values, err)
	}
	var be *BatchError
	err := r.Evaluate5MasksMany([]uint64{1<<51 | 1<<50 | 1<<49 | 1<<48}, values[:1], 1)
	if !errors.As(err, &be) || be.Row != 0 || !errors.Is(err, ErrWrongCardCount) ||
		!strings.Contains(err.Error(), "a card mask holds each card once") {
		t.Errorf("a mask of four aces: %v", err)
	}
	// An arrangement with copies, checked and built into a seat.
	lanes := mustParse(t, r, "Kd Kc 9h Qs Qs Qh Qh 3c As As Ah Ah Ad")
	if e, err := r.Check13(lanes); err != nil || e.IsFoul() || e.Middle.Category != FourOfAKind || e.Back.Category != FiveOfAKind {
		t.Errorf("lanes with copies: %+v %v", e, err)
	}
	if _, err := ArrangedSeat(lanes[:3], lanes[3:8], lanes[8:]); err != nil {
		t.Errorf("a seat with copies: %v", err)
	}
	lanes[0] = 51
	if _, err := ArrangedSeat(lanes[:3], lanes[3:8], lanes[8:]); !errors.Is(err, ErrTooManyCopies) ||
		!strings.Contains(err.Error(), "As at position") {
		t.Errorf("a third copy in a seat: %v", err)
	}
}

func mustParse(t *testing.T, r *Rules, text string) []Card {
	t.Helper()
	c, err := r.ParseCards(text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return c
}

func TestBigTableSeatCounts(t *testing.T) {
	one, two := MustRules("classic"), MustRules("classic")
	defer one.Close()
	defer two.Close()
	if err := two.SetExtraSuits(TwoDecks); err != nil {
		t.Fatal(err)
	}
	_, err := one.Deal(5, 7)
	expectTable(t, err, 5, 4, "5 players at one deck")
	_, err = two.Deal(9, 7)
	expectTable(t, err, 9, 8, "9 players at two decks")
	// Eight seats from two decks, played in deal order (legal or fouled, both settle).
	hands, err := two.Deal(8, 99)
	if err != nil || len(hands) != 8 {
		t.Fatalf("deal 8: %v", err)
	}
	seats := make([]Seat, 8)
	var all []Card
	copies := 0
	for p, h := range hands {
		if seats[p], err = ArrangedSeat(h[:3], h[3:8], h[8:]); err != nil {
			t.Fatal(err)
		}
		all = append(all, h...)
		for j := range h {
			for k := j + 1; k < len(h); k++ {
				if h[j] == h[k] {
					copies++
				}
			}
		}
	}
	if copies == 0 {
		t.Error("no seat of the deal holds a card twice")
	}
	s, err := two.Settle(seats)
	if err != nil {
		t.Fatal(err)
	}
	totals, _ := s.Totals()
	info, _ := s.Info()
	if len(totals) != 8 || info.Seats != 8 || info.Pairs != 28 {
		t.Errorf("8 seats: %d totals, %+v", len(totals), info)
	}
	var sum int64
	units := make([]int64, 8)
	for p, w := range totals {
		sum += w.Units
		if w.Units*w.Den != w.Num*WaterUnitsPerPoint {
			t.Errorf("seat %d: %+v: units and the fraction disagree", p, w)
		}
	}
	if sum != 0 {
		t.Errorf("8 seats sum to %d units", sum)
	}
	s.Close()
	if err := two.SettleMany(8, all, units, 1); err != nil {
		t.Fatal(err)
	}
	for p := range units {
		if units[p] != totals[p].Units {
			t.Errorf("the batch settles seat %d for %d units, Settle %d", p, units[p], totals[p].Units)
		}
	}
	// The arranger at 8 seats plays the dealt hands (copies included), never a foul.
	a, err := NewArranger(two, 8)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := a.Players(); n != 8 {
		t.Errorf("an arranger for %d seats", n)
	}
	played := make([]Seat, 8)
	for p, h := range hands {
		x, err := a.Arrange(h)
		if err != nil {
			t.Fatal(err)
		}
		if e, err := two.Check13(x.Lanes.Cards()); err != nil || e.IsFoul() {
			t.Errorf("seat %d: the arranger fouls: %v %v", p, x.Lanes, err)
		}
		played[p] = x.Seat()
	}
	a.Close()
	if s, err := two.Settle(played); err != nil {
		t.Errorf("settling the arranged 8: %v", err)
	} else {
		s.Close()
	}
	_, err = NewArranger(two, 9)
	expectTable(t, err, 9, 8, "an arranger for 9")
	_, err = NewArranger(one, 5)
	expectTable(t, err, 5, 4, "an arranger for 5 at one deck")
	// Nine seats, and five at one deck, are refused naming both numbers.
	_, err = two.Settle(append(seats, seats[0]))
	expectTable(t, err, 9, 8, "settle 9")
	_, err = one.Settle(seats[:5])
	expectTable(t, err, 5, 4, "settle 5 at one deck")
	err = one.SettleMany(5, all[:65], units[:5], 1)
	expectTable(t, err, 5, 4, "SettleMany 5 at one deck")
	var be *BatchError
	if errors.As(err, &be) {
		t.Errorf("a seat count is about the whole call, not row %d", be.Row)
	}
}
