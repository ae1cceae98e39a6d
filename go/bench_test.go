package shisanshui

import (
	"math/rand"
	"testing"
	"time"
)

// What one call costs over cgo, beside the native engine's criterion benches on the same
// workloads (scripts/bench-go.sh runs both and prints them side by side; BENCHMARKS.md "Go (cgo)"):
//
//	BenchmarkEvaluate5       eval5_all_2598960/shisanshui/in_order   every five-card hand in order
//	BenchmarkEvaluate3       eval3_all_22100/shisanshui/in_order     every three-card hand in order
//	BenchmarkEvaluate5Many   batch_eval5_2598960/codes_1_thread/in_order
//	BenchmarkArrange         arrange/random/classic_4p               its 1,000 hands, the same cards
//	BenchmarkArrangeMany     arrange/random/classic_4p               the same hands as one batch
//	BenchmarkSettleInto      settle_4_players_water/settle_into/classic (and settle_fn/classic)
//	BenchmarkDetectSpecial   special_random_4096/detect_special/classic (and detector/classic)
//
// A single-call benchmark's op is one call, cycling through its workload; a batch's op is one
// call over the whole workload and it reports ns/hand as well. BenchmarkCgoCall is the floor: a
// call into C that does nothing and reads no error.

// dealtTables is the hands of four-seat deals seeded 0 to deals − 1.
func dealtTables(b *testing.B, deals uint64) [][][]Card {
	out := make([][][]Card, 0, deals)
	for s := uint64(0); s < deals; s++ {
		h, err := Deal(4, s)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, h)
	}
	return out
}

// arrangeBenchHands is the 1,000 hands of benches/benches/arrange.rs: Dealer::from_seed(0xBE7C)
// dealing four hands at a time from one ChaCha20 stream, each deal a fresh deck shuffled with
// the stream's next words. The shuffle is deal_test.go's model of the engine's; the first deal is
// checked against the engine's Deal.
func arrangeBenchHands(b *testing.B) [][]Card {
	words := newChachaWords(0xBE7C)
	var out [][]Card
	for len(out) < 1000 {
		deck := make([]Card, 52)
		for i := range deck {
			deck[i] = Card(i)
		}
		shuffleFrom(deck, words)
		for p := 0; p < 4; p++ {
			out = append(out, deck[13*p:13*p+13])
		}
	}
	first, err := Deal(4, 0xBE7C)
	if err != nil {
		b.Fatal(err)
	}
	for p := range first {
		if !sameCards(first[p], out[p]) {
			b.Fatalf("the model of the deal does not deal the engine's hand %d: %v, engine %v", p, out[p], first[p])
		}
	}
	return out
}

func BenchmarkCgoCall(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if NativeABIVersion() != ABIVersion {
			b.Fatal("ABI version")
		}
	}
}

func BenchmarkEvaluate5(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	cards := everyFiveCardHand()
	b.ReportAllocs()
	b.ResetTimer()
	for i, k := 0, 0; i < b.N; i++ {
		if _, err := r.Evaluate(cards[k : k+5]); err != nil {
			b.Fatal(err)
		}
		if k += 5; k == len(cards) {
			k = 0
		}
	}
}

func BenchmarkEvaluate3(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	var cards []Card
	for a := Card(0); a < 52; a++ {
		for c := a + 1; c < 52; c++ {
			for d := c + 1; d < 52; d++ {
				cards = append(cards, a, c, d)
			}
		}
	}
	if len(cards) != 3*22100 {
		b.Fatalf("%d three-card hands", len(cards)/3)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i, k := 0, 0; i < b.N; i++ {
		if _, err := r.Evaluate(cards[k : k+3]); err != nil {
			b.Fatal(err)
		}
		if k += 3; k == len(cards) {
			k = 0
		}
	}
}

func BenchmarkEvaluate5Many(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	cards := everyFiveCardHand()
	out := make([]uint32, len(cards)/5)
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if err := r.Evaluate5Many(cards, out, 1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N)/float64(len(out)), "ns/hand")
}

func BenchmarkArrange(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	a, err := NewArranger(r, 4)
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	hands := arrangeBenchHands(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := a.Arrange(hands[i%len(hands)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkArrangeMany(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	a, err := NewArranger(r, 4)
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	var cards []Card
	for _, h := range arrangeBenchHands(b) {
		cards = append(cards, h...)
	}
	out := make([]Card, len(cards))
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if err := a.ArrangeMany(cards, out, 1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N)/float64(len(cards)/HandSize), "ns/hand")
}

// settleTables is 1,024 four-seat tables laid out as benches/benches/settle.rs lays its own: each
// hand split as the first legal one of up to 30 random orders (so a few seats foul, as at a real
// table). The deals and the orders come from other generators than the bench's (its ChaCha8 is
// not in the engine's API), so the tables are alike, not the same.
func settleTables(b *testing.B, r *Rules) [][]Seat {
	rng := rand.New(rand.NewSource(0x005E771E))
	var out [][]Seat
	for _, deal := range dealtTables(b, 1024) {
		table := make([]Seat, 4)
		for p, hand := range deal {
			cards := append([]Card(nil), hand...)
			for try := 0; try < 30; try++ {
				rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
				e, err := r.Check13(cards)
				if err != nil {
					b.Fatal(err)
				}
				if !e.IsFoul() {
					break
				}
			}
			seat, err := ArrangedSeat(cards[:3], cards[3:8], cards[8:])
			if err != nil {
				b.Fatal(err)
			}
			table[p] = seat
		}
		out = append(out, table)
	}
	return out
}

func BenchmarkSettleInto(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	tables := settleTables(b, r)
	s, err := r.Settle(tables[0])
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := r.SettleInto(s, tables[i%len(tables)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDetectSpecial detects the specials of 4,096 random hands (those of 1,024 seeded deals)
// one call each, as special_random_4096 does on its own 4,096 random hands.
func BenchmarkDetectSpecial(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	var hands [][]Card
	for _, deal := range dealtTables(b, 1024) {
		hands = append(hands, deal...)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.DetectSpecial(hands[i%len(hands)]); err != nil {
			b.Fatal(err)
		}
	}
}
