package shisanshui

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
)

// The batches against their oracles: the one-hand calls on every row (or a regular sample of
// millions), the same batch on 1, 2 and 0 (one per core) threads, and sentinel-filled outputs that
// a failed call must leave as they were, its error naming the first bad row.

// randomHands is n rows of k distinct codes each (k = 52 deals whole decks), from a fixed seed.
func randomHands(rng *rand.Rand, n, k int) []Card {
	out := make([]Card, 0, n*k)
	for i := 0; i < n; i++ {
		for _, c := range rng.Perm(52)[:k] {
			out = append(out, Card(c))
		}
	}
	return out
}

// expectRow checks a *BatchError of the first bad row, the engine's status and message inside.
func expectRow(t *testing.T, err error, row int, sentinel *Error, text, what string) {
	t.Helper()
	var be *BatchError
	if !errors.As(err, &be) || be.Row != row || !errors.Is(err, sentinel) || !strings.Contains(err.Error(), text) ||
		!strings.HasPrefix(be.Err.Message, "row "+itoa(row)+": ") {
		t.Errorf("%s: %v, want row %d, %s, naming %q", what, err, row, sentinel.Status, text)
	}
}

// expectWhole checks a failure about the whole call: an *Error that is no *BatchError.
func expectWhole(t *testing.T, err error, sentinel *Error, what string) {
	t.Helper()
	var be *BatchError
	if !errors.Is(err, sentinel) || errors.As(err, &be) {
		t.Errorf("%s: %#v, want %s about the whole call", what, err, sentinel.Status)
	}
}

func everyFiveCardHand() []Card {
	out := make([]Card, 0, 2598960*5)
	for a := Card(0); a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			for c := b + 1; c < 52; c++ {
				for d := c + 1; d < 52; d++ {
					for e := d + 1; e < 52; e++ {
						out = append(out, a, b, c, d, e)
					}
				}
			}
		}
	}
	return out
}

func TestEvaluateManyAllHands(t *testing.T) {
	if testing.Short() {
		t.Skip("every five-card hand")
	}
	rng := rand.New(rand.NewSource(0x9E3779B9))
	codes := everyFiveCardHand()
	n := len(codes) / 5
	if n != 2598960 {
		t.Fatalf("%d hands", n)
	}
	// The second half shuffled (each hand still sorted), every 7th hand's first and last card
	// swapped: the batch takes any order.
	for i := n - 1; i > n/2; i-- {
		j := n/2 + rng.Intn(i-n/2+1)
		for k := 0; k < 5; k++ {
			codes[5*i+k], codes[5*j+k] = codes[5*j+k], codes[5*i+k]
		}
	}
	for i := 0; i < n; i += 7 {
		codes[5*i], codes[5*i+4] = codes[5*i+4], codes[5*i]
	}
	masks := make([]uint64, n)
	for i := range masks {
		masks[i] = maskOf(codes[5*i : 5*i+5])
	}
	one, two, all, byMask := make([]uint32, n), make([]uint32, n), make([]uint32, n), make([]uint32, n)
	for _, preset := range []string{"classic", "hk"} {
		r := MustRules(preset)
		for _, err := range []error{r.Evaluate5Many(codes, one, 1), r.Evaluate5Many(codes, two, 2),
			r.Evaluate5Many(codes, all, 0), r.Evaluate5MasksMany(masks, byMask, 2)} {
			if err != nil {
				t.Fatalf("%s: %v", preset, err)
			}
		}
		for i := range one {
			if one[i] != two[i] || one[i] != all[i] || one[i] != byMask[i] {
				t.Fatalf("%s hand %d: %d on 1 thread, %d on 2, %d on all, %d from its mask", preset, i, one[i], two[i],
					all[i], byMask[i])
			}
		}
		for i := 0; i < n; i += 97 {
			if h, err := r.Evaluate(codes[5*i : 5*i+5]); err != nil || h.Value != one[i] {
				t.Fatalf("%s hand %d %v: batch %#x, Evaluate %#x (%v)", preset, i, codes[5*i:5*i+5], one[i], h.Value, err)
			}
		}
		r.Close()
	}

	// Every front, cards in descending order, codes and masks, against Evaluate.
	hk := MustRules("hk")
	defer hk.Close()
	var threes []Card
	var tmasks []uint64
	for a := Card(0); a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			for c := b + 1; c < 52; c++ {
				threes = append(threes, c, b, a)
				tmasks = append(tmasks, maskOf([]Card{a, b, c}))
			}
		}
	}
	v, vm := make([]uint32, len(tmasks)), make([]uint32, len(tmasks))
	if len(tmasks) != 22100 || hk.Evaluate3Many(threes, v, 2) != nil || hk.Evaluate3MasksMany(tmasks, vm, 1) != nil {
		t.Fatalf("%d fronts", len(tmasks))
	}
	for i := range v {
		if h, err := hk.Evaluate(threes[3*i : 3*i+3]); err != nil || h.Value != v[i] || vm[i] != v[i] {
			t.Fatalf("front %d: %d and %d from its mask, Evaluate %d (%v)", i, v[i], vm[i], h.Value, err)
		}
	}

	// Errors: the first bad row is named, nothing is written, whatever the thread count.
	classic := MustRules("classic")
	defer classic.Close()
	untouched := func(out []uint32, what string) {
		t.Helper()
		for i := range out {
			if out[i] != 0xDEADBEEF {
				t.Fatalf("%s wrote row %d", what, i)
			}
		}
	}
	for threads := 1; threads <= 4; threads *= 2 {
		what := itoa(threads) + " threads"
		codes[5*2000000+3] = 77               // a bad code late
		codes[5*1500000+4] = codes[5*1500000] // a repeated card earlier
		saved := append([]Card(nil), codes[5*1500000:5*1500000+5]...)
		for i := range one {
			one[i] = 0xDEADBEEF
		}
		err := classic.Evaluate5Many(codes, one, threads)
		expectRow(t, err, 1500000, ErrDuplicateCard, "row 1500000: duplicate card", "a repeated card, "+what)
		copy(codes[5*1500000:], codes[5*1500001:5*1500001+5])
		err = classic.Evaluate5Many(codes, one, threads)
		expectRow(t, err, 2000000, ErrBadCardCode, "row 2000000: card code 77 is out of range", "a bad code, "+what)
		copy(codes[5*2000000:], codes[5*2000001:5*2000001+5])
		copy(codes[5*1500000:], saved)
		codes[5*1500000+4] = saved[4]
		masks[12345] = 0x3F // codes 0 to 5: six cards
		err = classic.Evaluate5MasksMany(masks, one, threads)
		expectRow(t, err, 12345, ErrWrongCardCount, "row 12345: expected 5 cards, got 6", "a mask of six, "+what)
		masks[12345] = maskOf(codes[5*12345 : 5*12345+5])
		masks[99] |= 1 << 58
		err = classic.Evaluate5MasksMany(masks, one, threads)
		expectRow(t, err, 99, ErrBadCardCode, "row 99: card code 58", "bit 58, "+what)
		masks[99] = maskOf(codes[5*99 : 5*99+5])
		untouched(one, "a failed batch on "+what)
	}
}

func TestDetectSpecialMany(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	const n = 3000
	hands := randomHands(rand.New(rand.NewSource(1)), n, 13)
	// Row 17: a dragon; row 18: six pairs.
	for c := 0; c < 13; c++ {
		hands[17*13+c] = Card(4*c + c%4)
	}
	for c := 0; c < 12; c++ {
		hands[18*13+c] = Card(4*(c/2) + c%2)
	}
	hands[18*13+12] = 51
	best, best2 := make([]Special, n), make([]Special, n)
	all := make([]uint16, n)
	if err := r.DetectSpecialMany(hands, best, all, 1); err != nil {
		t.Fatal(err)
	}
	if err := r.DetectSpecialMany(hands, best2, nil, 2); err != nil {
		t.Fatal(err)
	}
	if best[17] != Dragon || best[18] != SixPairs {
		t.Errorf("rows 17 and 18: %v %v", best[17], best[18])
	}
	found := 0
	for i := 0; i < n; i++ {
		d, err := r.DetectSpecial(hands[13*i : 13*i+13])
		var bits uint16
		for _, s := range d.All {
			bits |= 1 << s
		}
		if err != nil || d.Best != best[i] || best2[i] != best[i] || bits != all[i] {
			t.Fatalf("hand %d: batch %v %b (%v without all), one call %v %b (%v)", i, best[i], all[i], best2[i], d.Best, bits, err)
		}
		if d.HasBest {
			found++
		}
	}
	if found < 3 {
		t.Errorf("only %d hands make a special", found)
	}
	for i := range best2 {
		best2[i] = 0xAB
	}
	hands[2500*13+9] = hands[2500*13+2]
	err := r.DetectSpecialMany(hands, best2, all, 2)
	expectRow(t, err, 2500, ErrDuplicateCard, "row 2500: duplicate card", "a repeated card")
	for i := range best2 {
		if best2[i] != 0xAB {
			t.Fatalf("a failed detection wrote row %d", i)
		}
	}
}

func TestArrangeAndSettleMany(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	a, err := NewArrangerPreset("classic", 4)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	const rounds, seats = 12, 4
	dealt := randomHands(rand.New(rand.NewSource(2)), rounds, 52) // whole decks: 4 seats a round
	arranged, arranged2 := make([]Card, len(dealt)), make([]Card, len(dealt))
	if err := a.ArrangeMany(dealt, arranged, 1); err != nil {
		t.Fatal(err)
	}
	if err := a.ArrangeMany(dealt, arranged2, 2); err != nil || !sameCards(arranged, arranged2) {
		t.Fatalf("on 2 threads: %v", err)
	}
	for i := 0; i < rounds*seats; i++ {
		one, err := a.Arrange(dealt[13*i : 13*i+13])
		if err != nil || !sameCards(one.Lanes.Cards(), arranged[13*i:13*i+13]) {
			t.Fatalf("hand %d: %v, Arrange %v (%v)", i, arranged[13*i:13*i+13], one.Lanes, err)
		}
	}
	// Settle the arranged rounds, and the dealt ones as lanes (mostly fouls), against Settle.
	for _, table := range [][]Card{arranged, dealt} {
		units, units2 := make([]int64, rounds*seats), make([]int64, rounds*seats)
		if err := r.SettleMany(seats, table, units, 1); err != nil {
			t.Fatal(err)
		}
		if err := r.SettleMany(seats, table, units2, 2); err != nil {
			t.Fatal(err)
		}
		for round := 0; round < rounds; round++ {
			ss := make([]Seat, seats)
			for p := range ss {
				h := table[13*(round*seats+p):]
				ss[p], _ = ArrangedSeat(h[:3], h[3:8], h[8:13])
			}
			s, err := r.Settle(ss)
			if err != nil {
				t.Fatal(err)
			}
			totals, _ := s.Totals()
			var sum int64
			for p := range ss {
				k := round*seats + p
				if totals[p].Units != units[k] || units2[k] != units[k] {
					t.Errorf("round %d seat %d: %d (%d on 2 threads), Settle %d", round, p, units[k], units2[k], totals[p].Units)
				}
				sum += units[k]
			}
			if sum != 0 {
				t.Errorf("round %d sums to %d", round, sum)
			}
			s.Close()
		}
	}
	// Errors: a repeated card across seats names the round; a bad seat count the whole call.
	out := make([]int64, rounds*seats)
	for i := range out {
		out[i] = 777
	}
	saved := arranged[13*(7*seats+3)+10]
	arranged[13*(7*seats+3)+10] = arranged[13*(7*seats+1)]
	err = r.SettleMany(seats, arranged, out, 2)
	expectRow(t, err, 7, ErrDuplicateCard, "row 7: duplicate card", "a card twice in round 7")
	err = r.SettleMany(5, arranged[:65], out[:5], 1)
	expectWhole(t, err, ErrInvalidTable, "5 seats at one deck")
	expectTable(t, err, 5, 4, "5 seats at one deck")
	for i := range out {
		if out[i] != 777 {
			t.Fatalf("a failed SettleMany wrote entry %d", i)
		}
	}
	arranged[13*(7*seats+3)+10] = saved
	for i := range arranged2 {
		arranged2[i] = 0x5A
	}
	dealt[13*30] = 52
	err = a.ArrangeMany(dealt, arranged2, 2)
	expectRow(t, err, 30, ErrBadCardCode, "row 30: card code 52", "a joker's code without jokers")
	for i := range arranged2 {
		if arranged2[i] != 0x5A {
			t.Fatalf("a failed ArrangeMany wrote card %d", i)
		}
	}
}

func TestSettleManyWithBanker(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	if err := r.SetTable(TableBanker); err != nil {
		t.Fatal(err)
	}
	const rounds, seats = 40, 3
	rng := rand.New(rand.NewSource(3))
	dealt := randomHands(rng, rounds, seats*13)
	bankers := make([]uint8, rounds)
	for i := range bankers {
		bankers[i] = uint8((i*5 + 2) % seats)
	}
	units, units2 := make([]int64, rounds*seats), make([]int64, rounds*seats)
	if err := r.SettleManyWithBanker(seats, bankers, dealt, units, 1); err != nil {
		t.Fatal(err)
	}
	if err := r.SettleManyWithBanker(seats, bankers, dealt, units2, 2); err != nil {
		t.Fatal(err)
	}
	moved := 0
	for round := 0; round < rounds; round++ {
		ss := make([]Seat, seats)
		for p := range ss {
			h := dealt[13*(round*seats+p):]
			ss[p], _ = ArrangedSeat(h[:3], h[3:8], h[8:13])
		}
		s, err := r.SettleWithBanker(ss, int(bankers[round]))
		if err != nil {
			t.Fatal(err)
		}
		totals, _ := s.Totals()
		for p := range ss {
			k := round*seats + p
			if totals[p].Units != units[k] || units2[k] != units[k] {
				t.Errorf("round %d seat %d: %d (%d on 2 threads), SettleWithBanker %d", round, p, units[k], units2[k],
					totals[p].Units)
			}
		}
		s.Close()
		if round > 0 && bankers[round] != bankers[round-1] {
			moved++
		}
	}
	if moved == 0 {
		t.Error("the banker never moved")
	}
	out := make([]int64, rounds*seats)
	for i := range out {
		out[i] = 777
	}
	bankers[9] = seats
	err := r.SettleManyWithBanker(seats, bankers, dealt, out, 2)
	expectRow(t, err, 9, ErrInvalidTable, "row 9: invalid table: banker seat 3 is not at the table", "banker seat 3")
	bankers[9] = NoSeat
	err = r.SettleManyWithBanker(seats, bankers, dealt, out, 1)
	expectRow(t, err, 9, ErrInvalidTable, "row 9:", "no banker at a banker table")
	bankers[9] = 0
	err = r.SettleMany(seats, dealt, out, 1)
	expectRow(t, err, 0, ErrInvalidTable, "row 0:", "SettleMany under banker rules")
	if err := r.SettleManyWithBanker(seats, nil, dealt, out, 1); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("no bankers for 40 rounds: %v", err)
	}
	if err := r.SetTable(TableAllPairs); err != nil {
		t.Fatal(err)
	}
	err = r.SettleManyWithBanker(seats, bankers, dealt, out, 1)
	if !errors.Is(err, ErrInvalidTable) || !strings.Contains(err.Error(), "all_pairs") {
		t.Errorf("bankers under all pairs: %v", err)
	}
	for i := range out {
		if out[i] != 777 {
			t.Fatalf("a failed banker batch wrote entry %d", i)
		}
	}
	// NoSeat in every round under all pairs: SettleMany itself.
	for i := range bankers {
		bankers[i] = NoSeat
	}
	if err := r.SettleManyWithBanker(seats, bankers, dealt, units, 2); err != nil {
		t.Fatal(err)
	}
	if err := r.SettleMany(seats, dealt, units2, 1); err != nil {
		t.Fatal(err)
	}
	for i := range units {
		if units[i] != units2[i] {
			t.Fatalf("entry %d: %d with NoSeat bankers, %d from SettleMany", i, units[i], units2[i])
		}
	}
}

// jokerRows is n rows of `size` codes from a deck with one of each joker: every third row
// without a joker, the others with one or both, in a random order.
func jokerRows(rng *rand.Rand, n, size int) []Card {
	out := make([]Card, 0, n*size)
	for r := 0; r < n; r++ {
		row := make([]Card, size)
		for i, c := range rng.Perm(52)[:size] {
			row[i] = Card(c)
		}
		if r%3 != 0 {
			row[0] = SmallJoker
			if rng.Intn(2) == 1 {
				row[1] = BigJoker
			}
		}
		rng.Shuffle(size, func(i, j int) { row[i], row[j] = row[j], row[i] })
		out = append(out, row...)
	}
	return out
}

func hasJoker(cards []Card) bool {
	for _, c := range cards {
		if c.IsJoker() {
			return true
		}
	}
	return false
}

func TestBatchesWithJokers(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	r := withJokers(t, 2)
	defer r.Close()
	const n = 3000
	fives, threes := jokerRows(rng, n, 5), jokerRows(rng, n, 3)
	m5, m3 := make([]uint64, n), make([]uint64, n)
	for i := range m5 {
		m5[i], m3[i] = maskOf(fives[5*i:5*i+5]), maskOf(threes[3*i:3*i+3])
	}
	v5, v5t, v3, m5v, m3v := make([]uint32, n), make([]uint32, n), make([]uint32, n), make([]uint32, n), make([]uint32, n)
	for _, err := range []error{r.Evaluate5Many(fives, v5, 1), r.Evaluate5Many(fives, v5t, 2), r.Evaluate3Many(threes, v3, 0),
		r.Evaluate5MasksMany(m5, m5v, 2), r.Evaluate3MasksMany(m3, m3v, 1)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	jokers := 0
	for i := 0; i < n; i++ {
		a, e1 := r.Evaluate(fives[5*i : 5*i+5])
		b, e2 := r.Evaluate(threes[3*i : 3*i+3])
		if e1 != nil || e2 != nil || a.Value != v5[i] || v5t[i] != v5[i] || m5v[i] != v5[i] || b.Value != v3[i] || m3v[i] != v3[i] {
			t.Fatalf("row %d: batch %d/%d, one hand %d/%d (%v %v)", i, v5[i], v3[i], a.Value, b.Value, e1, e2)
		}
		if hasJoker(fives[5*i : 5*i+5]) {
			jokers++
		}
	}
	if jokers <= n/2 {
		t.Errorf("only %d rows hold jokers", jokers)
	}
	// Errors, each naming its row, the outputs untouched.
	out := []uint32{7, 7, 7, 7}
	third := []Card{0, 4, 8, 12, 16, 52, 53, 1, 5, 9, 52, 53, 52, 2, 6, 3, 7, 11, 15, 19}
	expectRow(t, r.Evaluate5Many(third, out, 2), 2, ErrDuplicateCard, "row 2: ", "a third joker under two")
	none, one := MustRules("classic"), withJokers(t, 1)
	defer none.Close()
	defer one.Close()
	expectRow(t, none.Evaluate5Many(third, out, 1), 1, ErrBadCardCode, "row 1: card code 52", "a joker under none")
	masks := []uint64{0x1F, 1<<52 | 0xF, 0x1F}
	expectRow(t, none.Evaluate5MasksMany(masks, out[:3], 1), 1, ErrBadCardCode, "row 1: ", "a joker's bit under none")
	if err := one.Evaluate5MasksMany(masks, out[:3], 1); err != nil {
		t.Errorf("the small joker under one: %v", err)
	}
	out = []uint32{7, 7, 7, 7}
	masks[2] = 1<<53 | 0xF
	expectRow(t, one.Evaluate5MasksMany(masks, out[:3], 1), 2, ErrJokerNotInDeck, "row 2: ", "the big joker's bit under one")
	expectRow(t, one.Evaluate3Many([]Card{0, 4, 8, 53, 1, 5}, out[:2], 1), 1, ErrJokerNotInDeck, "row 1: ",
		"the big joker under one")
	if out[0] != 7 || out[1] != 7 || out[2] != 7 || out[3] != 7 {
		t.Errorf("failed batches wrote %v", out)
	}

	// Specials, arrangement and settlement with jokers.
	rs := withJokers(t, 2)
	defer rs.Close()
	if err := rs.SetJokersInSpecials(true); err != nil {
		t.Fatal(err)
	}
	const hands, seats, rounds = 600, 4, 40
	rows := jokerRows(rng, hands, 13)
	copy(rows[5*13:], []Card{3, 2, 11, 10, 17, 18, 25, 26, 33, 34, 41, 52, 51}) // six pairs with a joker
	best, best2 := make([]Special, hands), make([]Special, hands)
	all := make([]uint16, hands)
	if err := rs.DetectSpecialMany(rows, best, all, 1); err != nil {
		t.Fatal(err)
	}
	if err := rs.DetectSpecialMany(rows, best2, nil, 2); err != nil {
		t.Fatal(err)
	}
	if best[5] != SixPairs {
		t.Errorf("six pairs with a joker: %v", best[5])
	}
	for i := 0; i < hands; i++ {
		d, err := rs.DetectSpecial(rows[13*i : 13*i+13])
		var bits uint16
		for _, s := range d.All {
			bits |= 1 << s
		}
		if err != nil || d.Best != best[i] || best2[i] != best[i] || bits != all[i] {
			t.Fatalf("hand %d: batch %v %b, one call %v %b (%v)", i, best[i], all[i], d.Best, bits, err)
		}
	}
	a, err := NewArranger(rs, seats)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var dealt []Card
	for round := 0; round < rounds; round++ {
		h, err := rs.Deal(seats, 100+uint64(round))
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range h {
			dealt = append(dealt, x...)
		}
	}
	arranged := make([]Card, len(dealt))
	if err := a.ArrangeMany(dealt, arranged, 2); err != nil {
		t.Fatal(err)
	}
	kept := 0
	for i := 0; i < rounds*seats; i++ {
		x, err := a.Arrange(dealt[13*i : 13*i+13])
		if err != nil || !sameCards(x.Lanes.Cards(), arranged[13*i:13*i+13]) {
			t.Fatalf("hand %d: %v, Arrange %v (%v)", i, arranged[13*i:13*i+13], x.Lanes, err)
		}
		if hasJoker(arranged[13*i : 13*i+13]) {
			kept++
		}
	}
	if kept <= 10 {
		t.Errorf("only %d arranged hands keep their jokers", kept)
	}
	for _, table := range [][]Card{arranged, dealt} {
		units := make([]int64, rounds*seats)
		if err := rs.SettleMany(seats, table, units, 2); err != nil {
			t.Fatal(err)
		}
		for round := 0; round < rounds; round++ {
			ss := make([]Seat, seats)
			for p := range ss {
				h := table[13*(round*seats+p):]
				ss[p], _ = ArrangedSeat(h[:3], h[3:8], h[8:13])
			}
			s, err := rs.Settle(ss)
			if err != nil {
				t.Fatal(err)
			}
			totals, _ := s.Totals()
			for p := range ss {
				if totals[p].Units != units[round*seats+p] {
					t.Errorf("round %d seat %d: %d, Settle %d", round, p, units[round*seats+p], totals[p].Units)
				}
			}
			s.Close()
		}
	}
	// Errors naming the row: a third joker under two; a joker under none.
	copy(rows[9*13:], []Card{52, 53, 52, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36})
	expectRow(t, rs.DetectSpecialMany(rows, best2, nil, 2), 9, ErrDuplicateCard, "row 9: ", "a third joker, detection")
	codesOut := make([]Card, 12*13)
	expectRow(t, a.ArrangeMany(rows[:12*13], codesOut, 2), 9, ErrDuplicateCard, "row 9: ", "a third joker, arrangement")
	units := make([]int64, rounds*seats)
	saved0, saved1 := arranged[13*(6*seats)], arranged[13*(6*seats+1)]
	arranged[13*(6*seats)], arranged[13*(6*seats+1)] = SmallJoker, SmallJoker
	expectRow(t, rs.SettleMany(seats, arranged, units, 2), 6, ErrDuplicateCard, "row 6: ", "the small joker twice in round 6")
	arranged[13*(6*seats)], arranged[13*(6*seats+1)] = saved0, saved1
	plain, err := NewArranger(none, seats)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	first := -1
	for i := 0; i < rounds*seats && first < 0; i++ {
		if hasJoker(dealt[13*i : 13*i+13]) {
			first = i
		}
	}
	if first < 0 {
		t.Fatal("no dealt hand holds a joker")
	}
	expectRow(t, plain.ArrangeMany(dealt, make([]Card, len(dealt)), 2), first, ErrBadCardCode, "card code 5",
		"a joker under none, arrangement")
	expectRow(t, none.DetectSpecialMany(dealt, make([]Special, rounds*seats), nil, 1), first, ErrBadCardCode, "",
		"a joker under none, detection")
	expectRow(t, none.SettleMany(seats, dealt, units, 1), first/seats, ErrBadCardCode, "", "a joker under none, settlement")
}

func TestBatchArguments(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	lanes := MustParseCards("As Ks Qs Js Ts 9h 9d 9c 2s 2h")
	values := make([]uint32, 2)
	// Slices of the wrong sizes and bad thread counts never reach the engine.
	for what, err := range map[string]error{
		"7 cards for 2 lanes":           r.Evaluate5Many(lanes[:7], values, 1),
		"10 cards for 3 fronts":         r.Evaluate3Many(lanes, make([]uint32, 3), 1),
		"3 masks for 2 outputs":         r.Evaluate5MasksMany(make([]uint64, 3), values, 1),
		"1 mask for 2 fronts":           r.Evaluate3MasksMany(make([]uint64, 1), values, 1),
		"threads -1":                    r.Evaluate5Many(lanes, values, -1),
		"10 cards for one special hand": r.DetectSpecialMany(lanes[:10], make([]Special, 1), nil, 1),
		"all of another size":           r.DetectSpecialMany(make([]Card, 26), make([]Special, 2), make([]uint16, 1), 1),
		"out not whole rounds":          r.SettleMany(4, make([]Card, 13*5), make([]int64, 5), 1),
		"cards for another table":       r.SettleMany(4, make([]Card, 13*3), make([]int64, 4), 1),
	} {
		var be *BatchError
		if !errors.Is(err, ErrInvalidArgument) || errors.As(err, &be) {
			t.Errorf("%s: %v", what, err)
		}
	}
	if err := r.SettleMany(0, nil, nil, 1); !errors.Is(err, ErrInvalidTable) {
		t.Errorf("no seats: %v", err)
	}
	if err := r.SettleMany(-2, nil, nil, 1); !errors.Is(err, ErrInvalidTable) {
		t.Errorf("-2 seats: %v", err)
	}
	// Empty batches are fine, nil slices included.
	for what, err := range map[string]error{
		"Evaluate5Many":        r.Evaluate5Many(nil, nil, 3),
		"Evaluate3Many":        r.Evaluate3Many([]Card{}, nil, 0),
		"Evaluate5MasksMany":   r.Evaluate5MasksMany(nil, nil, 1),
		"Evaluate3MasksMany":   r.Evaluate3MasksMany(nil, []uint32{}, 1),
		"DetectSpecialMany":    r.DetectSpecialMany(nil, nil, nil, 1),
		"SettleMany":           r.SettleMany(4, nil, nil, 1),
		"SettleManyWithBanker": r.SettleManyWithBanker(4, nil, nil, nil, 1),
	} {
		if err != nil {
			t.Errorf("an empty %s: %v", what, err)
		}
	}
	// The misaligned-masks error cannot happen: a []uint64 is aligned. Closed handles are refused.
	a, err := NewArranger(r, 4)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.ArrangeMany(make([]Card, 12), make([]Card, 12), 1); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("12 cards to arrange: %v", err)
	}
	if err := a.ArrangeMany(make([]Card, 13), make([]Card, 26), 1); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("13 cards into 26: %v", err)
	}
	a.Close()
	if err := a.ArrangeMany(lanes[:0], nil, 1); err != ErrClosed {
		t.Errorf("a closed arranger: %v", err)
	}
	closed := MustRules("classic")
	closed.Close()
	for what, err := range map[string]error{
		"Evaluate5Many":        closed.Evaluate5Many(lanes, values, 1),
		"Evaluate3Many":        closed.Evaluate3Many(lanes[:6], values, 1),
		"Evaluate5MasksMany":   closed.Evaluate5MasksMany(make([]uint64, 2), values, 1),
		"Evaluate3MasksMany":   closed.Evaluate3MasksMany(make([]uint64, 2), values, 1),
		"DetectSpecialMany":    closed.DetectSpecialMany(nil, nil, nil, 1),
		"SettleMany":           closed.SettleMany(4, nil, nil, 1),
		"SettleManyWithBanker": closed.SettleManyWithBanker(4, nil, nil, nil, 1),
	} {
		if err != ErrClosed {
			t.Errorf("%s on closed rules: %v", what, err)
		}
	}
	be := &BatchError{Row: 3, Err: &Error{Status: StatusDuplicateCard, Message: "row 3: duplicate card"}}
	if be.Error() != "shisanshui: row 3: duplicate card" || !errors.Is(be, ErrDuplicateCard) || errors.Is(be, ErrBadCardCode) {
		t.Errorf("a BatchError: %q", be.Error())
	}
}

// Nothing is allocated per call, by any batch, on one thread or two: a server reuses its slices.
func TestBatchesDoNotAllocate(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	banker := MustRules("classic")
	defer banker.Close()
	if err := banker.SetTable(TableBanker); err != nil {
		t.Fatal(err)
	}
	a, err := NewArranger(r, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	deck, _ := ShuffledDeck(9)
	fives, fronts := deck[:50], deck[:30]
	masks5, masks3 := make([]uint64, 10), make([]uint64, 10)
	for i := range masks5 {
		masks5[i], masks3[i] = maskOf(fives[5*i:5*i+5]), maskOf(fronts[3*i:3*i+3])
	}
	values := make([]uint32, 10)
	best, all := make([]Special, 4), make([]uint16, 4)
	arranged := make([]Card, 52)
	if err := a.ArrangeMany(deck, arranged, 1); err != nil {
		t.Fatal(err)
	}
	units := make([]int64, 4)
	bankers := []uint8{2}
	for _, threads := range []int{1, 2} {
		for name, f := range map[string]func() error{
			"Evaluate5Many":        func() error { return r.Evaluate5Many(fives, values, threads) },
			"Evaluate3Many":        func() error { return r.Evaluate3Many(fronts, values, threads) },
			"Evaluate5MasksMany":   func() error { return r.Evaluate5MasksMany(masks5, values, threads) },
			"Evaluate3MasksMany":   func() error { return r.Evaluate3MasksMany(masks3, values, threads) },
			"DetectSpecialMany":    func() error { return r.DetectSpecialMany(deck, best, all, threads) },
			"ArrangeMany":          func() error { return a.ArrangeMany(deck, arranged, threads) },
			"SettleMany":           func() error { return r.SettleMany(4, arranged, units, threads) },
			"SettleManyWithBanker": func() error { return banker.SettleManyWithBanker(4, bankers, arranged, units, threads) },
		} {
			var err error
			if n := testing.AllocsPerRun(20, func() { err = f() }); n != 0 || err != nil {
				t.Errorf("%s on %d threads: %.1f allocations a call, %v", name, threads, n, err)
			}
		}
	}
}
