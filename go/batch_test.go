package shisanshui

import (
	"errors"
	"testing"
)

func TestBatchesMatchOneCallAndDoNotAllocate(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	deck, _ := ShuffledDeck(9)
	// Five-card lanes: the batch gives Evaluate's values, from codes and from masks.
	lanes := make([]Card, 0, 50)
	for i := 0; i+5 <= 50; i += 5 {
		lanes = append(lanes, deck[i:i+5]...)
	}
	values := make([]uint32, 10)
	masks := make([]uint64, 10)
	for i := range masks {
		for _, c := range lanes[5*i : 5*i+5] {
			masks[i] |= 1 << c
		}
	}
	if err := r.Evaluate5Many(lanes, values, 1); err != nil {
		t.Fatal(err)
	}
	fromMasks := make([]uint32, 10)
	if err := r.Evaluate5MasksMany(masks, fromMasks, 2); err != nil {
		t.Fatal(err)
	}
	for i := range values {
		h, _ := r.Evaluate(lanes[5*i : 5*i+5])
		if values[i] != h.Value || fromMasks[i] != h.Value {
			t.Errorf("lane %d: %d and %d, want %d", i, values[i], fromMasks[i], h.Value)
		}
	}
	fronts := deck[:30]
	fv := make([]uint32, 10)
	if err := r.Evaluate3Many(fronts, fv, 0); err != nil {
		t.Fatal(err)
	}
	fm := make([]uint64, 10)
	for i := range fm {
		for _, c := range fronts[3*i : 3*i+3] {
			fm[i] |= 1 << c
		}
	}
	fmv := make([]uint32, 10)
	if err := r.Evaluate3MasksMany(fm, fmv, 0); err != nil {
		t.Fatal(err)
	}
	for i := range fv {
		h, _ := r.Evaluate(fronts[3*i : 3*i+3])
		if fv[i] != h.Value || fmv[i] != h.Value {
			t.Errorf("front %d: %d %d, want %d", i, fv[i], fmv[i], h.Value)
		}
	}
	// Arranging and settling many: what the one-hand calls give.
	a, err := NewArranger(r, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var hands []Card
	for seed := uint64(0); seed < 3; seed++ {
		h, _ := Deal(4, seed)
		for _, x := range h {
			hands = append(hands, x...)
		}
	}
	arranged := make([]Card, len(hands))
	if err := a.ArrangeMany(hands, arranged, 2); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(hands)/13; i++ {
		one, _ := a.Arrange(hands[13*i : 13*i+13])
		if !sameCards(one.Lanes.Cards(), arranged[13*i:13*i+13]) {
			t.Errorf("hand %d: %v, want %v", i, arranged[13*i:13*i+13], one.Lanes)
		}
	}
	units := make([]int64, len(hands)/13)
	if err := r.SettleMany(4, arranged, units, 1); err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 3; round++ {
		seats := make([]Seat, 4)
		for k := range seats {
			c := arranged[(4*round+k)*13:]
			seats[k], _ = ArrangedSeat(c[:3], c[3:8], c[8:13])
		}
		s, _ := r.Settle(seats)
		totals, _ := s.Totals()
		for k := range seats {
			if totals[k].Units != units[4*round+k] {
				t.Errorf("round %d seat %d: %d, want %d", round, k, units[4*round+k], totals[k].Units)
			}
		}
		s.Close()
	}
	// Nothing is allocated per call.
	for name, f := range map[string]func(){
		"Evaluate5Many":      func() { _ = r.Evaluate5Many(lanes, values, 1) },
		"Evaluate5MasksMany": func() { _ = r.Evaluate5MasksMany(masks, values, 1) },
		"Evaluate3Many":      func() { _ = r.Evaluate3Many(fronts, fv, 1) },
		"ArrangeMany":        func() { _ = a.ArrangeMany(hands[:13], arranged[:13], 1) },
		"SettleMany":         func() { _ = r.SettleMany(4, arranged[:52], units[:4], 1) },
		"DetectSpecialMany": func() {
			_ = r.DetectSpecialMany(hands[:26], make([]Special, 2)[:0:0], nil, 1)
		},
	} {
		if name == "DetectSpecialMany" {
			best := make([]Special, 2)
			f = func() { _ = r.DetectSpecialMany(hands[:26], best, nil, 1) }
		}
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s allocates %.1f times a call", name, n)
		}
	}
	// A bad row is named, and nothing is written.
	bad := append([]Card{}, lanes...)
	bad[12] = bad[11]
	before := append([]uint32{}, values...)
	err = r.Evaluate5Many(bad, values, 2)
	var be *BatchError
	if !errors.As(err, &be) || be.Row != 2 || !errors.Is(err, ErrDuplicateCard) {
		t.Errorf("a repeated card in row 2: %v", err)
	}
	for i := range values {
		if values[i] != before[i] {
			t.Fatal("a failed batch wrote its output")
		}
	}
	if err := r.Evaluate5Many(lanes[:7], values, 1); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("a short input: %v", err)
	}
	// A banker table: each round's banker named.
	banker := MustRules("classic")
	defer banker.Close()
	if err := banker.SetTable(TableBanker); err != nil {
		t.Fatal(err)
	}
	if err := banker.SettleManyWithBanker(4, []uint8{2}, arranged[:52], units[:4], 1); err != nil {
		t.Fatal(err)
	}
	seats := make([]Seat, 4)
	for k := range seats {
		c := arranged[13*k:]
		seats[k], _ = ArrangedSeat(c[:3], c[3:8], c[8:13])
	}
	s, err := banker.SettleWithBanker(seats, 2)
	if err != nil {
		t.Fatal(err)
	}
	totals, _ := s.Totals()
	for k := range seats {
		if totals[k].Units != units[k] {
			t.Errorf("banker round seat %d: %d, want %d", k, units[k], totals[k].Units)
		}
	}
	s.Close()
	if err := r.SettleManyWithBanker(4, []uint8{0}, arranged[:52], units[:4], 1); !errors.Is(err, ErrInvalidTable) {
		t.Errorf("a banker at an all-pairs table: %v", err)
	}
}
