// Command cpoker plays the engine's auto-arranger head to head against paulhankin/cpoker, the
// strongest published Chinese Poker player (MIT, https://github.com/paulhankin/cpoker), on
// duplicate deals. Run it through scripts/vs-cpoker.sh, which builds the C library, extracts
// cpoker and its evaluator github.com/paulhankin/poker into a scratch directory and builds this
// program against them (nothing of theirs lives in this repository).
//
// Deal i is the engine's seeded deal of round i (`sss deal --players 2 --seed S --round I`): X is
// seat 0's 13 cards, Y seat 1's. Each deal is played twice, ours holding X and cpoker Y, then ours
// holding Y and cpoker X; the deal scores the mean of ours' points in the two games. Two results
// come from the same deals:
//
//   - chinese_poker: ours is the arranger of preset chinese_poker (2 players, card removal on),
//     cpoker plays its shipped coefficients, and the games are settled by the engine under
//     chinese_poker (2-4 scoring: 1 a lane, 1 for the majority of lanes; the game cpoker is
//     trained for);
//   - hk: ours is the arranger of preset hk (2 players) and declares a special where its advice
//     says so (Arranger.Play), cpoker plays the same lanes as above and declares nothing, and the
//     games are settled under hk.
//
// Every arrangement is checked to hold exactly its 13 cards (an error otherwise) and counted if it
// fouls under either rule set (expected 0; a foul is settled as one); the first games are settled again by cpoker's own CompareHands as a check of the
// scoring convention. With -self each side plays a second instance of itself instead, and every
// deal must score exactly 0.
package main

import (
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paulhankin/cpoker"
	"github.com/paulhankin/poker/v2/poker"
	ss "github.com/shisanshui/shisanshui/go"
)

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "vs-cpoker: error: "+format+"\n", args...)
	os.Exit(1)
}

// roundSeed is the seed of round i of a run seeded seed (RULES.md §10, core's round_seed):
// SplitMix64 of seed + (i + 1) · 0x9E3779B97F4A7C15. Deal(2, roundSeed(seed, i)) is
// `sss deal --players 2 --seed seed --round i`.
func roundSeed(seed, i uint64) uint64 {
	z := seed + (i+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// Card mapping. Ours: code (rank − 2) · 4 + suit, rank 2..14 (ace 14), suit ♦ 0, ♣ 1, ♥ 2, ♠ 3.
// poker's: (Rank − 1) · 4 + Suit, Rank 1 (ace) .. 13 (king), Suit clubs 0, diamonds 1, hearts 2,
// spades 3. Both sides rank the ace high (and low only in the wheel A-2-3-4-5).
var (
	oursToPokerSuit = [4]poker.Suit{poker.Diamond, poker.Club, poker.Heart, poker.Spade}
	pokerToOursSuit = map[poker.Suit]ss.Suit{poker.Diamond: ss.Diamonds, poker.Club: ss.Clubs,
		poker.Heart: ss.Hearts, poker.Spade: ss.Spades}
	toPokerTable   [52]poker.Card
	fromPokerTable [52]ss.Card
)

// initCards builds both tables and checks them: a bijection of the 52 cards that keeps every
// card's name (ours "Td" is poker's "DT").
func initCards() {
	seen := map[poker.Card]bool{}
	for code := 0; code < 52; code++ {
		c := ss.Card(code)
		r := poker.Rank(c.Rank())
		if c.Rank() == 14 {
			r = 1
		}
		pc, err := poker.MakeCard(oursToPokerSuit[c.Suit()], r)
		if err != nil {
			fail("card mapping: %v", err)
		}
		if !pc.Valid() || seen[pc] {
			fail("card mapping: %v maps to %v twice or out of range", c, pc)
		}
		seen[pc] = true
		// Names: ours rank letter then suit letter ("Td", "As"); poker's suit letter then rank.
		ours, theirs := c.String(), pc.String()
		if len(ours) != 2 || len(theirs) != 2 || ours[0] != theirs[1] || strings.ToUpper(ours[1:]) != theirs[:1] {
			fail("card mapping: ours %q is poker's %q", ours, theirs)
		}
		toPokerTable[code] = pc
		fromPokerTable[pc] = c
	}
	for pc := poker.Card(0); pc < 52; pc++ {
		back := fromPokerTable[pc]
		if toPokerTable[back] != pc {
			fail("card mapping does not round-trip at poker card %v", pc)
		}
		if s, ok := pokerToOursSuit[pc.Suit()]; !ok || s != back.Suit() {
			fail("card mapping: suit of %v", pc)
		}
	}
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// checkEvaluators compares the engine's lane order under chinese_poker with poker's Eval3 and
// Eval5 (the ranks cpoker plays and scores by): random pairs of 3- and 5-card hands, pairs that
// differ only in suits (which tie: no suit tie-break), and the straights and straight flushes
// from the wheel A-2-3-4-5 (the lowest, as in poker) to A-K-Q-J-T. It returns the number of
// comparisons; a disagreement is fatal.
func checkEvaluators(pairs int) int {
	rng := rand.New(rand.NewSource(1))
	deck := make([]ss.Card, 52)
	for i := range deck {
		deck[i] = ss.Card(i)
	}
	n := 0
	compare := func(a, b []ss.Card) {
		ours, err := cpRules.Compare(a, b)
		if err != nil {
			fail("evaluator check: %v", err)
		}
		pa, pb := make([]poker.Card, len(a)), make([]poker.Card, len(b))
		for i := range a {
			pa[i], pb[i] = toPoker(a[i]), toPoker(b[i])
		}
		var theirs int
		if len(a) == 3 {
			theirs = sign(int(poker.Eval3((*[3]poker.Card)(pa))) - int(poker.Eval3((*[3]poker.Card)(pb))))
		} else {
			theirs = sign(int(poker.Eval5((*[5]poker.Card)(pa))) - int(poker.Eval5((*[5]poker.Card)(pb))))
		}
		if ours != theirs {
			fail("evaluator check: the engine orders %v against %v as %d, poker as %d", a, b, ours, theirs)
		}
		n++
	}
	for i := 0; i < pairs; i++ {
		rng.Shuffle(len(deck), func(x, y int) { deck[x], deck[y] = deck[y], deck[x] })
		size := 5
		if i%2 == 1 {
			size = 3
		}
		a := append([]ss.Card(nil), deck[:size]...)
		compare(a, deck[size:2*size])
		// The same ranks in other suits: a tie unless a flush appears or goes.
		flush := func(h []ss.Card) bool {
			for _, c := range h {
				if c.Suit() != h[0].Suit() {
					return false
				}
			}
			return size == 5
		}
		if !flush(a) {
			b := make([]ss.Card, size)
			for k, c := range a {
				b[k] = ss.Card(int(c)&^3 | (int(c)+1+k%3)&3)
			}
			if !flush(b) && distinct(b) {
				compare(a, b)
			}
		}
	}
	// Straights and straight flushes in order, the wheel first.
	for _, suited := range []bool{false, true} {
		var prev []ss.Card
		for top := 5; top <= 14; top++ {
			h := make([]ss.Card, 5)
			for k := 0; k < 5; k++ {
				r := top - k
				if r == 1 {
					r = 14
				}
				suit := ss.Suit(k % 2)
				if suited {
					suit = ss.Spades
				}
				c, err := ss.NewCard(r, suit)
				if err != nil {
					fail("evaluator check: %v", err)
				}
				h[k] = c
			}
			if prev != nil {
				compare(h, prev)
			}
			prev = h
		}
	}
	return n
}

// distinct says the cards are all different.
func distinct(h []ss.Card) bool {
	var m uint64
	for _, c := range h {
		m |= 1 << c
	}
	return popcount(m) == len(h)
}

func toPoker(c ss.Card) poker.Card {
	if int(c) >= 52 {
		fail("card code %d is not a card of one deck", c)
	}
	return toPokerTable[c]
}

func fromPoker(c poker.Card) ss.Card {
	if !c.Valid() {
		fail("poker card %d is not a card", c)
	}
	return fromPokerTable[c]
}

func lanesToHand(l *ss.Lanes) cpoker.Hand {
	var h cpoker.Hand
	for i, c := range l.Front {
		h.Front[i] = toPoker(c)
	}
	for i := range l.Middle {
		h.Middle[i] = toPoker(l.Middle[i])
		h.Back[i] = toPoker(l.Back[i])
	}
	return h
}

func handToLanes(h *cpoker.Hand) ss.Lanes {
	var l ss.Lanes
	for i, c := range h.Front {
		l.Front[i] = fromPoker(c)
	}
	for i := range h.Middle {
		l.Middle[i] = fromPoker(h.Middle[i])
		l.Back[i] = fromPoker(h.Back[i])
	}
	return l
}

func sameCards(a, b []ss.Card) bool {
	if len(a) != len(b) {
		return false
	}
	var ma, mb uint64
	for i := range a {
		ma |= 1 << a[i]
		mb |= 1 << b[i]
	}
	return ma == mb && popcount(ma) == len(a)
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// laneKey is a lane as a set of cards, for "the same arrangement" counts.
func laneKey(l ss.Lanes) [3]uint64 {
	var k [3]uint64
	for _, c := range l.Front {
		k[0] |= 1 << c
	}
	for i := range l.Middle {
		k[1] |= 1 << l.Middle[i]
		k[2] |= 1 << l.Back[i]
	}
	return k
}

// play is how one side played one hand.
type play struct {
	lanes ss.Lanes    // the lanes under chinese_poker
	hand  cpoker.Hand // the same lanes as poker cards
	cp    ss.Seat     // the seat settled under chinese_poker
	hk    ss.Seat     // the seat settled under hk (ours may declare a special)
}

// player is one side: ours (two arrangers) or cpoker (an evaluator).
type player interface {
	play(w *worker, cards []ss.Card) (play, error)
}

type ours struct {
	cp, hk *ss.Arranger
}

func newOurs() *ours {
	cp, err := ss.NewArrangerWith(cpRules, ss.DefaultArrangerOptions(2))
	if err != nil {
		fail("chinese_poker arranger: %v", err)
	}
	hk, err := ss.NewArrangerWith(hkRules, ss.DefaultArrangerOptions(2))
	if err != nil {
		fail("hk arranger: %v", err)
	}
	return &ours{cp: cp, hk: hk}
}

func (o *ours) play(w *worker, cards []ss.Card) (play, error) {
	a, err := o.cp.Arrange(cards)
	if err != nil {
		return play{}, fmt.Errorf("our chinese_poker arranger: %w", err)
	}
	hk, err := o.hk.Play(cards)
	if err != nil {
		return play{}, fmt.Errorf("our hk arranger: %w", err)
	}
	w.st.oursHands++
	if hk.Kind() == ss.SeatSpecial {
		w.st.declared++
	}
	lanes := a.Lanes
	if !sameCards(lanes.Cards(), cards) || !sameCards(hk.Cards(), cards) {
		return play{}, fmt.Errorf("our seats %v and %v do not hold the cards %v", lanes, hk, cards)
	}
	// The engine's arrangements never foul; counted as cpoker's are.
	if err := w.countFoul(cpRules, lanes.Cards(), &w.st.oursFouls); err != nil {
		return play{}, err
	}
	if hk.Kind() == ss.SeatArranged {
		if err := w.countFoul(hkRules, hk.Cards(), &w.st.oursFouls); err != nil {
			return play{}, err
		}
	}
	return play{lanes: lanes, hand: lanesToHand(&lanes), cp: a.Seat(), hk: hk}, nil
}

type cpokerPlayer struct {
	ev *cpoker.SampledEvaluator
}

func (p *cpokerPlayer) play(w *worker, cards []ss.Card) (play, error) {
	pc := make([]poker.Card, len(cards))
	for i, c := range cards {
		pc[i] = toPoker(c)
	}
	h, _ := cpoker.Play(pc, p.ev)
	lanes := handToLanes(&h)
	// The cards must be exactly the hand's: a mapping error would show here first.
	if !sameCards(lanes.Cards(), cards) {
		return play{}, fmt.Errorf("cpoker's arrangement %v (poker %v) does not hold the cards %v", lanes, h.String(), cards)
	}
	seat, err := ss.ArrangedSeat(lanes.Front[:], lanes.Middle[:], lanes.Back[:])
	if err != nil {
		return play{}, fmt.Errorf("cpoker's arrangement %v: %w", lanes, err)
	}
	// Fouls under both rule sets (expected none: cpoker plays front < middle < back strictly).
	if err := w.countFoul(cpRules, lanes.Cards(), &w.st.fouls); err != nil {
		return play{}, err
	}
	if err := w.countFoul(hkRules, lanes.Cards(), &w.st.hkFouls); err != nil {
		return play{}, err
	}
	w.st.cpokerHands++
	return play{lanes: lanes, hand: h, cp: seat, hk: seat}, nil
}

var cpRules, hkRules *ss.Rules

// countFoul checks lanes (13 cards in lane order) under a rule set and counts a foul; the first
// few are written to stderr.
func (w *worker) countFoul(r *ss.Rules, lanes []ss.Card, count *int64) error {
	e, err := r.Check13(lanes)
	if err != nil {
		return fmt.Errorf("checking the arrangement %v: %w", lanes, err)
	}
	if e.IsFoul() {
		*count++
		if w.st.fouls+w.st.hkFouls+w.st.oursFouls <= 5 {
			fmt.Fprintf(os.Stderr, "vs-cpoker: a foul: %v\n", lanes)
		}
	}
	return nil
}

// stats are a worker's counts (summed at the end; counts do not depend on the order).
type stats struct {
	cpokerHands      int64 // hands cpoker played (each checked)
	fouls, hkFouls   int64 // of them, arrangements fouling under chinese_poker / hk
	oursHands        int64 // hands our arrangers played
	oursFouls        int64 // of them, fouling arrangements (chinese_poker or hk lanes)
	declared         int64 // of them, hands where ours declared a special under hk
	same             int64 // hands where both sides played the same lanes (as sets)
	crossGames       int64 // games settled again by cpoker.CompareHands
	crossAgree       int64
	crossDisagreeMsg []string
}

type worker struct {
	cpSettle, hkSettle *ss.Settlement
	st                 stats
}

// settle is seat a's points against seat b, exactly, in 1/840 units.
func (w *worker) settle(r *ss.Rules, s **ss.Settlement, a, b ss.Seat) (int64, error) {
	seats := []ss.Seat{a, b}
	if *s == nil {
		x, err := r.Settle(seats)
		if err != nil {
			return 0, err
		}
		*s = x
	} else if err := r.SettleInto(*s, seats); err != nil {
		return 0, err
	}
	t, err := (*s).Totals()
	if err != nil {
		return 0, err
	}
	if len(t) != 2 || t[0].Units != -t[1].Units {
		return 0, fmt.Errorf("settlement totals %v are not two opposite amounts", t)
	}
	return t[0].Units, nil
}

// result is one deal's: the sum of hero's points in its two games (1/840 units), per rule set,
// and the deal's line of the -tsv file.
type result struct {
	cp, hk int64
	row    string
}

func (w *worker) crossCheck(what string, a, b *play) error {
	ours, err := w.settle(cpRules, &w.cpSettle, a.cp, b.cp)
	if err != nil {
		return err
	}
	theirs := cpoker.CompareHands(&a.hand, &b.hand)
	w.st.crossGames++
	if ours == int64(theirs)*ss.WaterUnitsPerPoint {
		w.st.crossAgree++
	} else if len(w.st.crossDisagreeMsg) < 5 {
		w.st.crossDisagreeMsg = append(w.st.crossDisagreeMsg, fmt.Sprintf("%s: %v against %v: engine %v, cpoker %d",
			what, a.lanes, b.lanes, ss.WaterFromUnits(ours), theirs))
	}
	return nil
}

// deal plays deal i: hero against villain, each holding X then Y.
func (w *worker) deal(seed, i uint64, hero, villain player, cross, row bool) (result, error) {
	hands, err := ss.Deal(2, roundSeed(seed, i))
	if err != nil {
		return result{}, err
	}
	x, y := hands[0], hands[1]
	hx, err := hero.play(w, x)
	if err != nil {
		return result{}, err
	}
	hy, err := hero.play(w, y)
	if err != nil {
		return result{}, err
	}
	vx, err := villain.play(w, x)
	if err != nil {
		return result{}, err
	}
	vy, err := villain.play(w, y)
	if err != nil {
		return result{}, err
	}
	if laneKey(hx.lanes) == laneKey(vx.lanes) {
		w.st.same++
	}
	if laneKey(hy.lanes) == laneKey(vy.lanes) {
		w.st.same++
	}
	var r result
	for _, g := range [2][2]*play{{&hx, &vy}, {&hy, &vx}} {
		p, err := w.settle(cpRules, &w.cpSettle, g[0].cp, g[1].cp)
		if err != nil {
			return result{}, fmt.Errorf("chinese_poker settlement: %w", err)
		}
		r.cp += p
		q, err := w.settle(hkRules, &w.hkSettle, g[0].hk, g[1].hk)
		if err != nil {
			return result{}, fmt.Errorf("hk settlement: %w", err)
		}
		r.hk += q
	}
	if row {
		r.row = fmt.Sprintf("%d\t%v\t%v\t%v\t%v\t%v\t%v\t%v\t%v\n", i, hx.lanes, vy.lanes, hy.lanes, vx.lanes,
			hx.hk, hy.hk, ss.WaterFromUnits(r.cp), ss.WaterFromUnits(r.hk))
	}
	if cross {
		// The villain against itself on X and Y, and both games of the match.
		if err := w.crossCheck("villain(X) v villain(Y)", &vx, &vy); err != nil {
			return result{}, err
		}
		if err := w.crossCheck("hero(X) v villain(Y)", &hx, &vy); err != nil {
			return result{}, err
		}
		if err := w.crossCheck("hero(Y) v villain(X)", &hy, &vx); err != nil {
			return result{}, err
		}
	}
	return r, nil
}

// summary is the mean of the deals' scores (each the mean of two games, in points per hand) and
// its 95% interval, 1.96 standard errors over deals; sums in deal order, so the figures do not
// depend on the worker count.
type summary struct {
	n                  int
	sum, sumSq         float64
	mean, ci95, sd     float64
	wins, losses, ties int
}

func summarize(units []int64) summary {
	s := summary{n: len(units)}
	for _, u := range units {
		v := float64(u) / (2 * ss.WaterUnitsPerPoint)
		s.sum += v
		s.sumSq += v * v
		switch {
		case u > 0:
			s.wins++
		case u < 0:
			s.losses++
		default:
			s.ties++
		}
	}
	if s.n == 0 {
		return s
	}
	s.mean = s.sum / float64(s.n)
	if s.n > 1 {
		v := (s.sumSq - float64(s.n)*s.mean*s.mean) / float64(s.n-1)
		if v < 0 {
			v = 0
		}
		s.sd = math.Sqrt(v)
		s.ci95 = 1.96 * s.sd / math.Sqrt(float64(s.n))
	}
	return s
}

func (s summary) String() string {
	return fmt.Sprintf("%+.4f ± %.4f points per hand (95%%: [%+.4f, %+.4f]; sd per deal %.3f)", s.mean, s.ci95,
		s.mean-s.ci95, s.mean+s.ci95, s.sd)
}

func main() {
	deals := flag.Int("deals", 2000, "deals to play (each twice, seats swapped)")
	first := flag.Uint64("first", 0, "first deal (round) index: play deals first .. first+deals-1")
	seed := flag.Uint64("seed", 1, "seed of the deals: deal i is `sss deal --players 2 --seed S --round i`")
	threads := flag.Int("threads", 2, "worker goroutines (the results do not depend on it)")
	coeffs := flag.String("coefficients", "coefficients.data", "cpoker's trained coefficients (its coefficients.data)")
	self := flag.Bool("self", false, "symmetry self-check: ours against ours and cpoker against cpoker, each deal must score exactly 0")
	crossN := flag.Int("crosscheck", 2000, "deals whose games are also scored by cpoker.CompareHands (3 games a deal)")
	checkpoints := flag.Int("checkpoints", 5, "running means printed during the run")
	tsv := flag.String("tsv", "", "write every deal's lanes and points to this file (tab-separated, one line a deal)")
	flag.Parse()
	if *deals < 1 || *threads < 1 || *checkpoints < 1 || *crossN < 0 {
		fail("-deals, -threads and -checkpoints must be at least 1, -crosscheck at least 0")
	}
	if flag.NArg() != 0 {
		fail("unexpected arguments %v", flag.Args())
	}
	initCards()

	var err error
	if cpRules, err = ss.NewRules("chinese_poker"); err != nil {
		fail("rules chinese_poker: %v", err)
	}
	if hkRules, err = ss.NewRules("hk"); err != nil {
		fail("rules hk: %v", err)
	}
	fmt.Printf("evaluator check (engine under chinese_poker v poker.Eval3/Eval5, wheel and ties included): %d comparisons agree\n",
		checkEvaluators(100000))
	loadCpoker := func() *cpokerPlayer {
		ev, err := cpoker.LoadSampledEvaluator(*coeffs)
		if err != nil {
			fail("loading cpoker's coefficients %s: %v", *coeffs, err)
		}
		for lane := 0; lane < 3; lane++ {
			if n := len(ev.WinProbabilities(lane)); n != poker.ScoreMax+1 {
				fail("cpoker's coefficients %s: lane %d has %d entries, poker.ScoreMax+1 is %d", *coeffs, lane, n,
					poker.ScoreMax+1)
			}
		}
		return &cpokerPlayer{ev: ev}
	}
	us := newOurs()
	opts, err := us.cp.Options()
	if err != nil {
		fail("arranger options: %v", err)
	}
	them := loadCpoker()

	type match struct {
		name          string
		hero, villain player
	}
	var matches []match
	if *self {
		matches = []match{{"ours v ours", us, newOurs()}, {"cpoker v cpoker", them, loadCpoker()}}
	} else {
		matches = []match{{"ours v cpoker", us, them}}
	}

	fmt.Printf("engine %s (C ABI %d); our arranger: presets chinese_poker and hk, %d players, level %v, card removal %v\n",
		ss.Version(), ss.NativeABIVersion(), opts.Players, opts.Level, opts.CardRemoval)
	fmt.Printf("deals %d .. %d of seed %d (deal i = `sss deal --players 2 --seed %d --round i`: X seat 0, Y seat 1), %d workers\n",
		*first, *first+uint64(*deals)-1, *seed, *seed, *threads)

	failed := false
	for _, m := range matches {
		fmt.Printf("\n== %s: %d deals, %d hands\n", m.name, *deals, 2**deals)
		cp := make([]int64, *deals)
		hk := make([]int64, *deals)
		var rows []string
		if *tsv != "" {
			rows = make([]string, *deals)
		}
		done := make([]bool, *deals)
		var mu sync.Mutex
		var next int64 = -1
		var errOnce sync.Once
		var firstErr error
		var stop int32 // set once a deal fails
		var all stats
		start := time.Now()
		cond := sync.NewCond(&mu)
		contiguous := 0 // deals 0 .. contiguous-1 are done
		var wg sync.WaitGroup
		for t := 0; t < *threads; t++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w := &worker{}
				defer func() {
					mu.Lock()
					all.cpokerHands += w.st.cpokerHands
					all.fouls += w.st.fouls
					all.hkFouls += w.st.hkFouls
					all.declared += w.st.declared
					all.oursHands += w.st.oursHands
					all.oursFouls += w.st.oursFouls
					all.same += w.st.same
					all.crossGames += w.st.crossGames
					all.crossAgree += w.st.crossAgree
					all.crossDisagreeMsg = append(all.crossDisagreeMsg, w.st.crossDisagreeMsg...)
					mu.Unlock()
				}()
				for {
					k := atomic.AddInt64(&next, 1)
					if k >= int64(*deals) || atomic.LoadInt32(&stop) != 0 {
						return
					}
					r, err := w.deal(*seed, *first+uint64(k), m.hero, m.villain, k < int64(*crossN), rows != nil)
					if err != nil {
						mu.Lock()
						errOnce.Do(func() { firstErr = fmt.Errorf("deal %d: %w", *first+uint64(k), err) })
						atomic.StoreInt32(&stop, 1)
						cond.Broadcast()
						mu.Unlock()
						return
					}
					mu.Lock()
					cp[k], hk[k], done[k] = r.cp, r.hk, true
					if rows != nil {
						rows[k] = r.row
					}
					for contiguous < *deals && done[contiguous] {
						contiguous++
					}
					cond.Broadcast()
					mu.Unlock()
				}
			}()
		}
		// Checkpoints in deal order: the running means over the first deals.
		for c := 1; c <= *checkpoints; c++ {
			at := *deals * c / *checkpoints
			if at == 0 {
				continue
			}
			mu.Lock()
			for contiguous < at && firstErr == nil {
				cond.Wait()
			}
			stopped := firstErr != nil
			mu.Unlock()
			if stopped {
				break
			}
			if c < *checkpoints {
				el := time.Since(start)
				fmt.Printf("  after %7d deals (%6.1fs): chinese_poker %+.4f ± %.4f, hk %+.4f ± %.4f\n", at,
					el.Seconds(), summarize(cp[:at]).mean, summarize(cp[:at]).ci95, summarize(hk[:at]).mean,
					summarize(hk[:at]).ci95)
			}
		}
		wg.Wait()
		if firstErr != nil {
			fail("%s: %v", m.name, firstErr)
		}
		el := time.Since(start)
		if rows != nil {
			name := *tsv
			if len(matches) > 1 {
				name = strings.TrimSuffix(name, ".tsv") + "-" + strings.ReplaceAll(m.name, " ", "-") + ".tsv"
			}
			head := "deal\thero X (chinese_poker)\tvillain Y\thero Y\tvillain X\thero X (hk seat)\thero Y (hk seat)\t" +
				"chinese_poker points (sum of both games)\thk points (sum)\n"
			if err := os.WriteFile(name, []byte(head+strings.Join(rows, "")), 0o644); err != nil {
				fail("writing %s: %v", name, err)
			}
			fmt.Printf("per-deal lines written to %s\n", name)
		}
		scp, shk := summarize(cp), summarize(hk)
		fmt.Printf("chinese_poker (2-4 scoring), hero %s:\n  %v\n  deals won/lost/tied by hero %d/%d/%d\n",
			strings.SplitN(m.name, " v ", 2)[0], scp, scp.wins, scp.losses, scp.ties)
		fmt.Printf("hk (ours: preset hk's arranger, declaring specials per its advice; cpoker: its lanes, declaring nothing), hero %s:\n  %v\n  deals won/lost/tied by hero %d/%d/%d\n",
			strings.SplitN(m.name, " v ", 2)[0], shk, shk.wins, shk.losses, shk.ties)
		if all.oursHands > 0 {
			fmt.Printf("  our hands declared as specials under hk: %d of %d\n", all.declared, all.oursHands)
		}
		fmt.Printf("deals %d, hands %d, time %.1fs (%.2f ms a deal, %d workers)\n", *deals, 2**deals, el.Seconds(),
			1000*el.Seconds()/float64(*deals), *threads)
		fmt.Printf("the same lanes on both sides: %d of %d hands (%.1f%%)\n", all.same, 2**deals,
			100*float64(all.same)/float64(2**deals))
		if all.cpokerHands > 0 {
			fmt.Printf("cpoker fouls (%d arrangements, each holding exactly its 13 cards): %d under chinese_poker, %d under hk\n",
				all.cpokerHands, all.fouls, all.hkFouls)
		}
		if all.oursHands > 0 {
			fmt.Printf("our fouls (%d hands, chinese_poker and hk lanes): %d\n", all.oursHands, all.oursFouls)
		}
		if all.fouls+all.hkFouls+all.oursFouls != 0 {
			fmt.Printf("WARNING: fouls were expected to be 0 (settled as fouls; see stderr for the first)\n")
		}
		fmt.Printf("scoring cross-check (engine's chinese_poker settlement v cpoker.CompareHands): %d of %d games agree\n",
			all.crossAgree, all.crossGames)
		sort.Strings(all.crossDisagreeMsg)
		for _, s := range all.crossDisagreeMsg {
			fmt.Printf("  disagree: %s\n", s)
		}
		if all.crossAgree != all.crossGames {
			failed = true
		}
		if *self {
			nonzero := 0
			for k := range cp {
				if cp[k] != 0 || hk[k] != 0 {
					nonzero++
				}
			}
			fmt.Printf("self-check %s: %d of %d deals score non-zero (expected 0): %s\n", m.name, nonzero, *deals,
				map[bool]string{true: "OK", false: "FAILED"}[nonzero == 0])
			if nonzero != 0 || all.same != int64(2**deals) {
				if all.same != int64(2**deals) {
					fmt.Printf("  the two instances played different lanes on %d hands\n", int64(2**deals)-all.same)
				}
				failed = true
			}
		}
	}
	if failed {
		fail("a check failed (see above)")
	}
}
