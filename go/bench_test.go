package shisanshui

import (
	"testing"
	"time"
)

// The workloads of tools/examples/js_peer.rs, so scripts/bench-go.sh can put the native figures
// beside these in one run: every five-card hand through the batch on one thread, and the hands of
// 1,000 seeded four-seat classic deals arranged one by one and through ArrangeMany. Single calls
// show what a call over cgo costs.

func allFiveCardHands() []Card {
	out := make([]Card, 0, 5*2598960)
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

func dealtHands(b *testing.B, deals uint64) [][]Card {
	var hands [][]Card
	for s := uint64(0); s < deals; s++ {
		h, err := Deal(4, s)
		if err != nil {
			b.Fatal(err)
		}
		hands = append(hands, h...)
	}
	return hands
}

func BenchmarkEvaluate5ManyAllHands(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	cards := allFiveCardHands()
	out := make([]uint32, len(cards)/5)
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if err := r.Evaluate5Many(cards, out, 1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(out))*float64(b.N)/time.Since(start).Seconds(), "hands/s")
}

func BenchmarkEvaluateOneLane(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	lane := MustParseCards("Ks Kd Kh 9c 9d")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := r.Evaluate(lane); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkArrange(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	a, err := NewArranger(r, 4)
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	hands := dealtHands(b, 1000)
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
	for _, h := range dealtHands(b, 1000) {
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
	b.ReportMetric(time.Since(start).Seconds()*1e6/float64(b.N*len(cards)/HandSize), "us/hand")
}

func BenchmarkSettleFourSeats(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	a, err := NewArranger(r, 4)
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	seats := make([]Seat, 4)
	for i, h := range dealtHands(b, 1) {
		if seats[i], err = a.Play(h); err != nil {
			b.Fatal(err)
		}
	}
	s, err := r.Settle(seats)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := r.SettleInto(s, seats); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDetectSpecial(b *testing.B) {
	r := MustRules("classic")
	defer r.Close()
	hand := MustParseCards("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := r.DetectSpecial(hand); err != nil {
			b.Fatal(err)
		}
	}
}
