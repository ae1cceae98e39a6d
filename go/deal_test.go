package shisanshui

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"strconv"
	"strings"
	"testing"
)

// An independent model of the deal (RULES.md §10, core/src/deal.rs): RFC 8439 ChaCha20 with a
// zero nonce keyed by the seed's 8 little-endian bytes and 24 zero bytes, its u32 words drawn by
// rejection into a Fisher-Yates shuffle from the top. The engine must deal what it says.
type chachaWords struct {
	key     [8]uint32
	counter uint32
	block   [16]uint32
	next    int
}

func newChachaWords(seed uint64) *chachaWords {
	c := &chachaWords{next: 16}
	c.key[0] = uint32(seed)
	c.key[1] = uint32(seed >> 32)
	return c
}

func (c *chachaWords) word() uint32 {
	if c.next == 16 {
		c.refill()
	}
	w := c.block[c.next]
	c.next++
	return w
}

func (c *chachaWords) refill() {
	state := [16]uint32{0x61707865, 0x3320646E, 0x79622D32, 0x6B206574}
	copy(state[4:12], c.key[:])
	state[12] = c.counter
	s := state
	quarter := func(a, b, cc, d int) {
		s[a] += s[b]
		s[d] = bits.RotateLeft32(s[d]^s[a], 16)
		s[cc] += s[d]
		s[b] = bits.RotateLeft32(s[b]^s[cc], 12)
		s[a] += s[b]
		s[d] = bits.RotateLeft32(s[d]^s[a], 8)
		s[cc] += s[d]
		s[b] = bits.RotateLeft32(s[b]^s[cc], 7)
	}
	for i := 0; i < 10; i++ {
		quarter(0, 4, 8, 12)
		quarter(1, 5, 9, 13)
		quarter(2, 6, 10, 14)
		quarter(3, 7, 11, 15)
		quarter(0, 5, 10, 15)
		quarter(1, 6, 11, 12)
		quarter(2, 7, 8, 13)
		quarter(3, 4, 9, 14)
	}
	for i := range s {
		c.block[i] = s[i] + state[i]
	}
	c.counter++
	c.next = 0
}

// modelShuffle shuffles deck in place as the engine documents: for i from the top down, j drawn
// below i + 1 by rejection (x < 2^32 − 2^32 mod n), then deck[i] and deck[j] swapped.
func modelShuffle(deck []Card, seed uint64) {
	shuffleFrom(deck, newChachaWords(seed))
}

// shuffleFrom is modelShuffle drawing from a stream already in use (a dealer dealing deal after
// deal from one seed).
func shuffleFrom(deck []Card, words *chachaWords) {
	for i := len(deck) - 1; i > 0; i-- {
		n := uint64(i + 1)
		limit := (1 << 32) - (1<<32)%n
		x := uint64(words.word())
		for x >= limit {
			x = uint64(words.word())
		}
		j := int(x % n)
		deck[i], deck[j] = deck[j], deck[i]
	}
}

func modelDeck(seed uint64) []Card {
	deck := make([]Card, 52)
	for i := range deck {
		deck[i] = Card(i)
	}
	modelShuffle(deck, seed)
	return deck
}

func TestChachaModelIsRFC8439(t *testing.T) {
	// RFC 8439 appendix A.1, test vector #1: the all-zero key (seed 0), block 0.
	want := "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7" +
		"da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"
	w := newChachaWords(0)
	got := make([]byte, 64)
	for i := 0; i < 16; i++ {
		binary.LittleEndian.PutUint32(got[4*i:], w.word())
	}
	const hex = "0123456789abcdef"
	var text strings.Builder
	for _, b := range got {
		text.WriteByte(hex[b>>4])
		text.WriteByte(hex[b&15])
	}
	if text.String() != want {
		t.Fatalf("the model's first block is %s", text.String())
	}
}

func TestDealVectors(t *testing.T) {
	doc := loadObj(t, "deal.json")
	if num(doc["version"]) != 1 {
		t.Fatalf("deal.json version %v", doc["version"])
	}
	keystream := records(t, doc, "keystream")
	for i, kv := range keystream {
		o := kv.(obj)
		w := newChachaWords(u64(o["seed"]))
		for k, x := range list(o["first_words"]) {
			if got := w.word(); uint64(got) != u64(x) {
				t.Errorf("keystream %d (seed %d) word %d: %d, want %v", i, u64(o["seed"]), k, got, x)
				break
			}
		}
	}
	classic := MustRules("classic")
	defer classic.Close()
	deals := records(t, doc, "deals")
	if len(deals) < 24 {
		t.Errorf("only %d deals", len(deals))
	}
	seeds := map[uint64]bool{}
	decks := 0
	for i, dv := range deals {
		o := dv.(obj)
		seed, players := u64(o["seed"]), num(o["players"])
		seeds[seed] = true
		what := "deal " + itoa(i) + " (seed " + strconv.FormatUint(seed, 10) + ", " + itoa(players) + " players)"
		want := list(o["hands"])
		got, err := Deal(players, seed)
		if err != nil || len(got) != players || len(want) != players {
			t.Errorf("%s: %d hands, %v; the vector has %d", what, len(got), err, len(want))
			continue
		}
		for p := range want {
			if !sameCards(got[p], cardsOf(want[p])) {
				t.Errorf("%s seat %d: %v, want %v", what, p, got[p], want[p])
			}
		}
		// The same deal from the classic rule set's deck, and from the model.
		again, err := classic.Deal(players, seed)
		if err != nil || len(again) != players {
			t.Errorf("%s: the classic rule set deals %v, %v", what, again, err)
		} else {
			for p := range again {
				if !sameCards(again[p], got[p]) {
					t.Errorf("%s seat %d: the classic rule set deals %v", what, p, again[p])
				}
			}
		}
		model := modelDeck(seed)
		for p := range got {
			if !sameCards(got[p], model[13*p:13*p+13]) {
				t.Errorf("%s seat %d: the model deals %v", what, p, model[13*p:13*p+13])
			}
		}
		if d, ok := o["deck"]; ok {
			decks++
			deck, err := ShuffledDeck(seed)
			if err != nil || !sameCards(deck, cardsOf(d)) || !sameCards(model, cardsOf(d)) {
				t.Errorf("%s: the shuffled deck %v (%v), model %v, want %v", what, deck, err, model, d)
			}
			if forRules, err := classic.ShuffledDeck(seed); err != nil || !sameCards(forRules, deck) {
				t.Errorf("%s: the classic rule set's shuffled deck %v, %v", what, forRules, err)
			}
		}
	}
	if !seeds[0] || !seeds[1<<64-1] {
		t.Errorf("the vectors lack seed 0 or 2^64 − 1")
	}
	if decks == 0 {
		t.Errorf("no deal record has its deck")
	}
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		players := num(o["players"])
		what := "deal error " + itoa(i) + " (" + itoa(players) + " players)"
		if str(o["kind"]) != "invalid_table" {
			t.Errorf("%s: kind %s", what, str(o["kind"]))
		}
		_, err := Deal(players, 1)
		expectKind(t, err, str(o["kind"]), what)
		expectOneDeck(t, err, players, what)
		_, err = DealUnseeded(players)
		expectKind(t, err, str(o["kind"]), "unseeded "+what)
		expectOneDeck(t, err, players, "unseeded "+what)
		_, err = classic.Deal(players, 1)
		expectTable(t, err, players, 4, "classic "+what)
		_, err = classic.DealUnseeded(players)
		expectTable(t, err, players, 4, "classic unseeded "+what)
	}
}

// expectTable checks an ErrInvalidTable refusing `players` seats whose message names both the
// seats given and the most the deck seats ("2 to <most>"; the wording around them is the engine's).
func expectTable(t *testing.T, err error, players, most int, what string) {
	t.Helper()
	seats := itoa(players) + " player"
	if !errors.Is(err, ErrInvalidTable) || !strings.Contains(err.Error(), seats) ||
		!strings.Contains(err.Error(), "2 to "+itoa(most)) {
		t.Errorf("%s: %v, want invalid_table naming %q and \"2 to %d\"", what, err, seats, most)
	}
}

// expectOneDeck checks Deal's refusal of a seat count: ErrInvalidTable naming the count and the
// seats one deck deals.
func expectOneDeck(t *testing.T, err error, players int, what string) {
	t.Helper()
	if !errors.Is(err, ErrInvalidTable) || !strings.Contains(err.Error(), "got "+itoa(players)) ||
		!strings.Contains(err.Error(), "2 to 4 players") {
		t.Errorf("%s: %v, want invalid_table naming \"got %d\" and \"2 to 4 players\"", what, err, players)
	}
}

func TestDealing(t *testing.T) {
	// An unseeded deal is a partition of one deck and not a replay.
	a, err := DealUnseeded(4)
	if err != nil || len(a) != 4 {
		t.Fatalf("unseeded: %v %v", a, err)
	}
	var all []Card
	for _, h := range a {
		if len(h) != HandSize {
			t.Fatalf("an unseeded hand of %d cards", len(h))
		}
		all = append(all, h...)
	}
	if err := ValidateCards(all); err != nil || len(all) != 52 {
		t.Errorf("an unseeded deal of 4 is not the deck: %v", err)
	}
	b, _ := DealUnseeded(4)
	if sameCards(a[0], b[0]) && sameCards(a[1], b[1]) {
		t.Error("two unseeded deals are the same")
	}
	if two, err := DealUnseeded(2); err != nil || len(two) != 2 {
		t.Errorf("unseeded 2: %v %v", two, err)
	}
	// Same seed, same deal; each hand's capacity ends with it.
	x, _ := Deal(4, 77)
	y, _ := Deal(4, 77)
	for p := range x {
		if !sameCards(x[p], y[p]) {
			t.Errorf("seed 77 seat %d differs between two deals", p)
		}
	}
	if cap(x[0]) != HandSize {
		t.Errorf("a hand's capacity is %d: appending to it would write over the next", cap(x[0]))
	}
	_ = append(x[0], 0)
	if !sameCards(x[1], y[1]) {
		t.Error("appending to hand 0 changed hand 1")
	}
	// Seat counts: the engine names the count; counts that do not fit the C ABI never reach it.
	for _, players := range []int{5, 1, 0, -1} {
		_, err := Deal(players, 77)
		expectOneDeck(t, err, players, "Deal("+itoa(players)+")")
	}
	if _, err := Deal(1<<32+2, 77); !errors.Is(err, ErrInvalidTable) {
		t.Errorf("2^32 + 2 players (2 once cut to 32 bits): %v", err)
	}
	if _, err := DealUnseeded(-3); !errors.Is(err, ErrInvalidTable) {
		t.Errorf("unseeded -3 players: %v", err)
	}
	r := MustRules("classic")
	if _, err := r.Deal(1<<32+4, 1); !errors.Is(err, ErrInvalidTable) {
		t.Errorf("the rule set, 2^32 + 4 players: %v", err)
	}
	// Closed rules are refused by every rule-set deal.
	r.Close()
	_, e1 := r.Deal(4, 1)
	_, e2 := r.DealUnseeded(4)
	_, e3 := r.ShuffledDeck(1)
	_, e4 := r.Deck()
	for i, err := range []error{e1, e2, e3, e4} {
		if err != ErrClosed {
			t.Errorf("call %d on closed rules: %v", i+1, err)
		}
	}
}

// withinDeck says whether cards hold no card more often than the rule set's deck does.
func withinDeck(t *testing.T, r *Rules, cards []Card) bool {
	t.Helper()
	deck, err := r.Deck()
	if err != nil {
		t.Fatal(err)
	}
	held := map[Card]int{}
	for _, c := range deck {
		held[c]++
	}
	for _, c := range cards {
		held[c]--
		if held[c] < 0 {
			return false
		}
	}
	return true
}

func TestRuleSetDecks(t *testing.T) {
	tables := []struct {
		suits  ExtraSuits
		jokers int
		size   int
		most   int
	}{{0, 0, 52, 4}, {ExtraSpades, 0, 65, 5}, {ExtraHearts | ExtraSpades, 0, 78, 6},
		{ExtraClubs | ExtraHearts | ExtraSpades, 0, 91, 7}, {TwoDecks, 0, 104, 8},
		{0, 2, 54, 4}, {TwoDecks, 6, MaxDeckSize, 8}}
	for _, tb := range tables {
		what := "extra suits " + itoa(int(tb.suits)) + ", " + itoa(tb.jokers) + " jokers"
		r := MustRules("classic")
		if err := r.SetExtraSuits(tb.suits); err != nil {
			t.Fatal(err)
		}
		if err := r.SetJokers(tb.jokers); err != nil {
			t.Fatal(err)
		}
		deck, err := r.Deck()
		if err != nil || len(deck) != tb.size {
			t.Errorf("%s: a deck of %d cards, %v; want %d", what, len(deck), err, tb.size)
			r.Close()
			continue
		}
		// The 52, then the copies of the extra suits in ascending code, then the jokers.
		want := []Card{}
		for c := Card(0); c < 52; c++ {
			want = append(want, c)
		}
		for c := Card(0); c < 52; c++ {
			if tb.suits&(1<<c.Suit()) != 0 {
				want = append(want, c)
			}
		}
		for j := 0; j < tb.jokers; j++ {
			want = append(want, SmallJoker+Card(j%2))
		}
		if !sameCards(deck, want) {
			t.Errorf("%s: the deck is %v", what, deck)
		}
		if mp, _ := r.MaxPlayers(); mp != tb.most {
			t.Errorf("%s: %d seats, want %d", what, mp, tb.most)
		}
		// A seeded shuffle of the rule set's deck is the model's shuffle of Deck, and deals it.
		for _, seed := range []uint64{0, 5, 1<<64 - 1} {
			shuffled, err := r.ShuffledDeck(seed)
			model := append([]Card(nil), deck...)
			modelShuffle(model, seed)
			if err != nil || !sameCards(shuffled, model) {
				t.Errorf("%s seed %d: the shuffled deck is not the model's (%v)", what, seed, err)
			}
			hands, err := r.Deal(tb.most, seed)
			if err != nil || len(hands) != tb.most {
				t.Errorf("%s seed %d: %d hands, %v", what, seed, len(hands), err)
				continue
			}
			for p, h := range hands {
				if !sameCards(h, shuffled[13*p:13*p+13]) {
					t.Errorf("%s seed %d seat %d: %v is not the shuffled deck's", what, seed, p, h)
				}
			}
		}
		// Unseeded: every seat count the deck deals, within the deck; one seat more is refused.
		for players := 2; players <= tb.most; players++ {
			hands, err := r.DealUnseeded(players)
			var got []Card
			for _, h := range hands {
				got = append(got, h...)
			}
			if err != nil || len(hands) != players || len(got) != 13*players || !withinDeck(t, r, got) {
				t.Errorf("%s: unseeded %d seats: %d hands, %v", what, players, len(hands), err)
			}
		}
		_, err = r.DealUnseeded(tb.most + 1)
		expectTable(t, err, tb.most+1, tb.most, what+", unseeded, one seat too many")
		_, err = r.Deal(tb.most+1, 3)
		expectTable(t, err, tb.most+1, tb.most, what+", one seat too many")
		r.Close()
	}
	// Two unseeded deals of two decks to eight seats: each the whole deck, in different orders.
	r := MustRules("classic")
	defer r.Close()
	if err := r.SetExtraSuits(TwoDecks); err != nil {
		t.Fatal(err)
	}
	a, _ := r.DealUnseeded(8)
	b, _ := r.DealUnseeded(8)
	count := map[Card]int{}
	differ := false
	for p := range a {
		for k := range a[p] {
			count[a[p][k]]++
			differ = differ || a[p][k] != b[p][k]
		}
	}
	for c := Card(0); c < 52; c++ {
		if count[c] != 2 {
			t.Errorf("eight unseeded seats at two decks hold %v %d times", c, count[c])
		}
	}
	if !differ {
		t.Error("two unseeded deals of two decks are the same")
	}
	if _, err := Deal(5, 7); !errors.Is(err, ErrInvalidTable) {
		t.Errorf("Deal is one deck: 5 players gave %v", err)
	}
}
