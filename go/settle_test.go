package shisanshui

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
)

// seatsOf builds the seats of a vector table: {"kind": "arranged"|"special", "special", "cards"}.
func seatsOf(t *testing.T, v interface{}) []Seat {
	t.Helper()
	var out []Seat
	for _, s := range list(v) {
		o := s.(obj)
		cards := cardsOf(o["cards"])
		var seat Seat
		var err error
		if str(o["kind"]) == "special" {
			var sp Special
			if sp, err = ParseSpecial(str(o["special"])); err == nil {
				seat, err = SpecialSeat(sp, cards)
			}
		} else {
			seat, err = ArrangedSeat(cards[:3], cards[3:8], cards[8:])
		}
		if err != nil {
			t.Fatalf("seat %v: %v", o, err)
		}
		out = append(out, seat)
	}
	return out
}

// seatOrNone reads a vector's seat number, null being NoSeat.
func seatOrNone(v interface{}) int {
	if v == nil {
		return NoSeat
	}
	return num(v)
}

func settleTable(r *Rules, seats []Seat, banker interface{}) (*Settlement, error) {
	if isNum(banker) {
		return r.SettleWithBanker(seats, num(banker))
	}
	return r.Settle(seats)
}

// checkSettlement compares a settlement with a vector table as the C and C# tests do: the banker,
// totals (text and units, zero-sum, each seat's own total), the matrix, every pair field by
// field (seats, kind, net lane water, water, lanes, shot, home run, special, majority), every
// event, the scoring mode and ranked lane water.
func checkSettlement(t *testing.T, what string, s *Settlement, o obj, r *Rules) {
	t.Helper()
	info, err := s.Info()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if info.BankerSeat != seatOrNone(o["banker"]) {
		t.Errorf("%s: banker seat %d, want %v", what, info.BankerSeat, o["banker"])
	}
	totals, err := s.Totals()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	want := list(o["totals"])
	if len(totals) != len(want) || info.Seats != len(want) {
		t.Fatalf("%s: %d totals (%d seats), want %d", what, len(totals), info.Seats, len(want))
	}
	var sum int64
	for i, w := range want {
		if totals[i].String() != str(w) || totals[i].Units != int64(num(list(o["units"])[i])) {
			t.Errorf("%s: seat %d total %v (%d units), want %s", what, i, totals[i], totals[i].Units, str(w))
		}
		if totals[i].Units*totals[i].Den != totals[i].Num*WaterUnitsPerPoint {
			t.Errorf("%s: seat %d: %d units is not %v", what, i, totals[i].Units, totals[i])
		}
		sum += totals[i].Units
		seat, err := s.Seat(i)
		if err != nil || seat.Total != totals[i] {
			t.Errorf("%s: seat %d result total %v (%v), want %v", what, i, seat.Total, err, totals[i])
		}
	}
	if sum != 0 {
		t.Errorf("%s: totals sum to %d units", what, sum)
	}
	matrix, err := s.Matrix()
	if err != nil {
		t.Fatal(err)
	}
	if len(matrix) != len(want) {
		t.Errorf("%s: a %d-row matrix", what, len(matrix))
	}
	for a, row := range list(o["matrix"]) {
		for b, u := range list(row) {
			if a < len(matrix) && matrix[a][b].Units != int64(num(u)) {
				t.Errorf("%s: matrix[%d][%d] = %d, want %d", what, a, b, matrix[a][b].Units, num(u))
			}
		}
	}
	if rl, ok := o["ranked_lane_water"].([]interface{}); ok {
		if !info.HasRankedLaneWater || info.Mode != Ranked {
			t.Errorf("%s: not ranked: %+v", what, info)
		}
		for l, w := range rl {
			if info.RankedLaneWater[l] != uint32(num(w)) {
				t.Errorf("%s: ranked lane water %d = %d, want %d", what, l, info.RankedLaneWater[l], num(w))
			}
		}
	} else if info.HasRankedLaneWater || info.Mode != Pairwise {
		t.Errorf("%s: not pairwise: %+v", what, info)
	}
	bonus, err := r.MajorityBonus()
	if err != nil {
		t.Fatal(err)
	}
	pairs := list(o["pairs"])
	if info.Pairs != len(pairs) {
		t.Errorf("%s: %d pairs, want %d", what, info.Pairs, len(pairs))
	}
	for i, pv := range pairs {
		p := pv.(obj)
		got, err := s.Pair(i)
		if err != nil {
			t.Fatal(err)
		}
		w := what + " pair " + itoa(i)
		seats := list(p["seats"])
		if got.SeatA != num(seats[0]) || got.SeatB != num(seats[1]) || got.Kind.String() != str(p["kind"]) ||
			got.LaneWater != int64(num(p["net"])) || got.Water.Units != int64(num(p["units"])) {
			t.Errorf("%s: %d-%d %s net %d, %d units; want %v %s net %d, %d units", w, got.SeatA, got.SeatB, got.Kind,
				got.LaneWater, got.Water.Units, seats, str(p["kind"]), num(p["net"]), num(p["units"]))
		}
		if winners, ok := p["winners"].([]interface{}); ok {
			if !got.HasLanes {
				t.Errorf("%s: no lanes", w)
			}
			lw := list(p["lane_water"])
			for l, x := range winners {
				lane := got.Lanes[l]
				if lane.Lane != l || lane.Winner != seatOrNone(x) || lane.Water != uint32(num(lw[l])) {
					t.Errorf("%s: lane %d is %+v, want winner %v water %d", w, l, lane, x, num(lw[l]))
				}
			}
		} else if got.HasLanes {
			t.Errorf("%s: lanes where the vectors have none", w)
		}
		if shot, ok := p["shot"].(obj); ok {
			if !got.HasShot || got.Shooter != num(shot["shooter"]) || got.Victim != num(shot["victim"]) ||
				got.ShotValue != int64(num(shot["value"])) || got.ShotLaneWater != int64(num(shot["lane_water"])) {
				t.Errorf("%s: shot %+v, want %v", w, got, shot)
			}
		} else if got.HasShot || got.Shooter != NoSeat || got.Victim != NoSeat {
			t.Errorf("%s: a shot the vectors do not have: %+v", w, got)
		}
		if hr := p["home_run"]; hr != nil {
			if !got.HasHomeRun || got.HomeRunValue != int64(num(hr)) {
				t.Errorf("%s: home run %v %d, want %v", w, got.HasHomeRun, got.HomeRunValue, hr)
			}
		} else if got.HasHomeRun {
			t.Errorf("%s: a home run the vectors do not have", w)
		}
		if sp, ok := p["special"].(obj); ok {
			special := NoSpecial
			if sp["special"] != nil {
				if special, err = ParseSpecial(str(sp["special"])); err != nil {
					t.Fatal(err)
				}
			}
			if !got.HasSpecial || got.SpecialWinner != seatOrNone(sp["winner"]) || got.Special != special ||
				got.SpecialWater.Units != int64(num(sp["units"])) {
				t.Errorf("%s: special %v %d %v %d, want %v", w, got.HasSpecial, got.SpecialWinner, got.Special,
					got.SpecialWater.Units, sp)
			}
		} else if got.HasSpecial {
			t.Errorf("%s: a special payment the vectors do not have", w)
		}
		// banker.json writes the majority bonus ({"winner", "water"} or null); settle.json does not.
		if m, ok := p["majority"]; ok {
			if m == nil {
				if got.MajorityWinner != NoSeat {
					t.Errorf("%s: majority won by %d, want none", w, got.MajorityWinner)
				}
			} else if mo := m.(obj); got.MajorityWinner != num(mo["winner"]) || bonus != uint32(num(mo["water"])) {
				t.Errorf("%s: majority won by %d (bonus %d), want %v", w, got.MajorityWinner, bonus, mo)
			}
		} else if got.MajorityWinner != NoSeat {
			t.Errorf("%s: majority won by %d", w, got.MajorityWinner)
		}
	}
	events, err := s.Events()
	if err != nil {
		t.Fatal(err)
	}
	wantEvents := list(o["events"])
	if len(events) != len(wantEvents) || info.Events != len(wantEvents) {
		t.Errorf("%s: %d events, want %d", what, len(events), len(wantEvents))
	}
	for i := 0; i < len(events) && i < len(wantEvents); i++ {
		e, ev := wantEvents[i].(obj), events[i]
		if ev.Kind.String() != str(e["kind"]) || ev.Seat != num(e["seat"]) {
			t.Errorf("%s: event %d is %s of seat %d, want %v", what, i, ev.Kind, ev.Seat, e)
			continue
		}
		ok := true
		switch ev.Kind {
		case EventFoul:
			bits := 0
			if ev.Foul.FrontOverMiddle {
				bits |= 1
			}
			if ev.Foul.MiddleOverBack {
				bits |= 2
			}
			ok = bits == num(e["foul_bits"]) && ev.Victim == NoSeat
		case EventSpecial:
			ok = ev.Special.String() == str(e["special"]) && ev.Victim == NoSeat
		case EventShot:
			ok = ev.Victim == num(e["victim"]) && ev.Value == int64(num(e["value"]))
		case EventHomeRun:
			ok = ev.Value == int64(num(e["value"])) && info.HomeRunSeat == ev.Seat && ev.Victim == NoSeat
		case EventBanker:
			ok = i == 0 && info.BankerSeat == ev.Seat
		}
		if !ok {
			t.Errorf("%s: event %d is %+v, want %v", what, i, ev, e)
		}
	}
	if _, ok := firstEvent(events, EventHomeRun); !ok && info.HomeRunSeat != NoSeat {
		t.Errorf("%s: home run seat %d without its event", what, info.HomeRunSeat)
	}
}

func firstEvent(events []Event, kind EventKind) (Event, bool) {
	for _, e := range events {
		if e.Kind == kind {
			return e, true
		}
	}
	return Event{}, false
}

func settleVectors(t *testing.T, file string) {
	doc := loadObj(t, file)
	if num(doc["version"]) != 1 {
		t.Fatalf("%s: version %v", file, doc["version"])
	}
	rules := rulesNamed(t, records(t, doc, "rule_sets"))
	defer func() {
		for _, r := range rules {
			r.Close()
		}
	}()
	// One settlement per rule set, refilled table after table as a server would.
	reused := map[string]*Settlement{}
	defer func() {
		for _, s := range reused {
			s.Close()
		}
	}()
	tables := records(t, doc, "tables")
	for i, tv := range tables {
		o := tv.(obj)
		what := file + " table " + itoa(i) + " (" + str(o["rules"]) + ")"
		r := rules[str(o["rules"])]
		if r == nil {
			t.Fatalf("%s: no rule set", what)
		}
		seats := seatsOf(t, o["seats"])
		s, err := settleTable(r, seats, o["banker"])
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		checkSettlement(t, what, s, o, r)
		stakes, carries := stakesOf(o["stakes"])
		if m, err := s.Money(stakes, carries); err != nil {
			t.Errorf("%s: money: %v", what, err)
		} else {
			checkMoney(t, what+" money", m, o["money"].(obj))
		}
		key := str(o["rules"])
		if reused[key] == nil {
			reused[key] = s
			continue
		}
		s.Close()
		if isNum(o["banker"]) {
			err = r.SettleIntoWithBanker(reused[key], seats, num(o["banker"]))
		} else {
			err = r.SettleInto(reused[key], seats)
		}
		if err != nil {
			t.Errorf("%s: SettleInto: %v", what, err)
		} else {
			checkSettlement(t, what+" (into)", reused[key], o, r)
		}
	}
	errs := list(doc["errors"])
	for i, ev := range errs {
		o := ev.(obj)
		what := file + " error " + itoa(i)
		s, err := settleTable(rules[str(o["rules"])], seatsOf(t, o["seats"]), o["banker"])
		expectKind(t, err, str(o["kind"]), what)
		if s != nil {
			t.Errorf("%s: a settlement on failure", what)
		}
		expectPosition(t, err, o, what)
		// banker.json's errors are all about the banker, and say so.
		if _, ok := o["banker"]; ok && err != nil && !strings.Contains(err.Error(), "banker") {
			t.Errorf("%s: %q does not name the banker", what, err)
		}
	}
	seatErrs := list(doc["seat_errors"])
	for i, ev := range seatErrs {
		o := ev.(obj)
		what := file + " seat error " + itoa(i)
		var seat Seat
		var err error
		if sp, ok := o["special"].(string); ok {
			special, perr := ParseSpecial(sp)
			if perr != nil {
				t.Fatal(perr)
			}
			seat, err = SpecialSeat(special, cardsOf(o["cards"]))
		} else {
			seat, err = ArrangedSeat(cardsOf(o["front"]), cardsOf(o["middle"]), cardsOf(o["back"]))
		}
		if str(o["kind"]) == "duplicate_card" {
			// The builders take no rule set and accept a second copy (two decks hold one);
			// settling the seat under a one-deck rule set refuses it as the vector says.
			if err != nil {
				t.Errorf("%s: %v", what, err)
				continue
			}
			var s *Settlement
			s, err = rules["classic"].Settle([]Seat{seat, seat})
			if s != nil {
				t.Errorf("%s: a settlement on failure", what)
			}
		}
		expectKind(t, err, str(o["kind"]), what)
		expectPosition(t, err, o, what)
	}
	rulesErrs := list(doc["rules_errors"])
	for i, ev := range rulesErrs {
		o := ev.(obj)
		r, err := RulesFromJSON(str(o["json"]))
		what := file + " rules error " + itoa(i)
		expectKind(t, err, str(o["kind"]), what)
		if r != nil {
			t.Errorf("%s: a rule set on failure", what)
		}
		if p := "at `" + str(o["path"]) + "`"; err != nil && !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %q does not say %s", what, err, p)
		}
	}
	t.Logf("%s: %d tables, %d table errors, %d seat errors, %d rule-set errors", file, len(tables), len(errs),
		len(seatErrs), len(rulesErrs))
	if len(errs) == 0 || len(seatErrs)+len(rulesErrs) == 0 {
		t.Errorf("%s: error records missing", file)
	}
}

// expectPosition checks that an error names the vector's position ("position 25"), if it gives one.
func expectPosition(t *testing.T, err error, o obj, what string) {
	t.Helper()
	if p, ok := o["position"]; ok && err != nil && !strings.Contains(err.Error(), "position "+itoa(num(p))) {
		t.Errorf("%s: %q does not name position %d", what, err, num(p))
	}
}

func TestSettleVectors(t *testing.T) { settleVectors(t, "settle.json") }

func TestBankerVectors(t *testing.T) { settleVectors(t, "banker.json") }

// The worked examples of core/tests/settle_examples.rs, computed by hand from RULES.md there.
var (
	tableA = []string{"Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah", "9c 5c 4c / Ts Td Tc 4s 4h / 6s 6d 6h 6c 2s"}
	tableB = []string{"Ad Ac 5d / Jc Jd Js 3c 3d / 5h 6h 7h 8h 9h", "Ks Qd 2c / 4s 4d 7c 8d Ts / As Ah 2d 6s Qh"}
	tableC = []string{"Qs Qh Qd / 2c 2d 2h 2s 9c / Tc Jc Qc Kc Ac", "As Ad 3c / Ks Kd 5c 5d 7s / 3s 4s 6s 8s Js",
		"Ah Kh 4c / 6c 6d 7c 8c 9d / Th Td Ts 8d 8h"}
	tableF = []string{"5d 6d 8c / Kc Kd 3s 3h 9c / Ac Qd Jd 7s 4s", "Qs Qh 2d / Ah Kh 9d 7d 5s / Th Tc 6c 6s 2s",
		"4c 4d 4h / Jc Jh Js 8d 8s / 5h 6h 7h 8h 9h", "5c 2c 2h / 3c 3d Qc 9s 7c / Ad As Td Ts Ks"}
	tableTies = []string{"9s 7h 4d / Jc Jd 5c 5d 2c / Ac Ad Ah 3c 3d", "9d 7s 4h / Tc Td 6c 6d 2d / Kc Kd Kh 8c 7c",
		"Qs Qh 3s / 8s 8h 6s 6h Qd / Ts Js Qc Ks As"}
)

const (
	dragonCards   = "2s 3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As"
	sixPairsCards = "2d 2c 3s 3c 5s 5d 7s 7c 9s 9d Js Jc 4s"
)

// arr is an arranged seat from "front / middle / back".
func arr(t *testing.T, text string) Seat {
	t.Helper()
	lanes := strings.Split(text, "/")
	if len(lanes) != 3 {
		t.Fatalf("%q is not three lanes", text)
	}
	s, err := ArrangedSeat(MustParseCards(lanes[0]), MustParseCards(lanes[1]), MustParseCards(lanes[2]))
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return s
}

func declared(t *testing.T, special Special, text string) Seat {
	t.Helper()
	s, err := SpecialSeat(special, MustParseCards(text))
	if err != nil {
		t.Fatalf("%v %q: %v", special, text, err)
	}
	return s
}

func arrs(t *testing.T, texts []string) []Seat {
	t.Helper()
	out := make([]Seat, len(texts))
	for i, x := range texts {
		out[i] = arr(t, x)
	}
	return out
}

func mustSettle(t *testing.T, r *Rules, seats []Seat) *Settlement {
	t.Helper()
	s, err := r.Settle(seats)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// totalsText is the totals as "136 -67 -69".
func totalsText(t *testing.T, s *Settlement) string {
	t.Helper()
	totals, err := s.Totals()
	if err != nil {
		t.Fatal(err)
	}
	parts := make([]string, len(totals))
	for i, w := range totals {
		parts[i] = w.String()
	}
	return strings.Join(parts, " ")
}

func expectTotals(t *testing.T, r *Rules, seats []Seat, want, what string) {
	t.Helper()
	s := mustSettle(t, r, seats)
	defer s.Close()
	if got := totalsText(t, s); got != want {
		t.Errorf("%s: totals %s, want %s", what, got, want)
	}
}

func pairBetween(t *testing.T, s *Settlement, a, b int) PairResult {
	t.Helper()
	p, ok, err := s.PairBetween(a, b)
	if err != nil || !ok {
		t.Fatalf("pair (%d, %d): %v %v", a, b, ok, err)
	}
	return p
}

func event(t *testing.T, s *Settlement, i int) Event {
	t.Helper()
	e, err := s.Event(i)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func info(t *testing.T, s *Settlement) SettlementInfo {
	t.Helper()
	i, err := s.Info()
	if err != nil {
		t.Fatal(err)
	}
	return i
}

func TestSettleWorkedExamples(t *testing.T) {
	presets := []string{"classic", "regional", "kx", "hk", "ranked"}
	wantA := []string{"-5 5", "-6 6", "-5 5", "-1 1", "-5 5"}
	wantB := []string{"8 -8", "9 -9", "16 -16", "4 -4", "21 -21"}
	wantC := []string{"136 -67 -69", "168 -83 -85", "64 -31 -33", "8 -3 -5", "124 -55 -69"}
	wantF := []string{"-13 -13 31 -5", "-15 -15 37 -7", "-13 -13 40 -14", "-6 -6 10 2", "-22 -22 36 8"}
	for i, name := range presets {
		r := MustRules(name)
		expectTotals(t, r, arrs(t, tableA), wantA[i], "A "+name)
		expectTotals(t, r, arrs(t, tableB), wantB[i], "B "+name)
		expectTotals(t, r, arrs(t, tableC), wantC[i], "C "+name)
		expectTotals(t, r, arrs(t, tableF), wantF[i], "F "+name)

		// B: seat 0 sweeps; classic and regional shoot only from 3 seats, kx doubles, ranked adds a
		// home run at 2 seats.
		s := mustSettle(t, r, arrs(t, tableB))
		p, in := pairBetween(t, s, 0, 1), info(t, s)
		switch name {
		case "classic", "regional":
			if p.HasShot || in.Events != 0 {
				t.Errorf("B %s: a shot at 2 seats", name)
			}
		default:
			if e := event(t, s, 0); !p.HasShot || p.Shooter != 0 || p.Victim != 1 || e.Kind != EventShot ||
				e.Seat != 0 || e.Victim != 1 {
				t.Errorf("B %s: shot %+v, event %+v", name, p, e)
			}
		}
		if name == "kx" && (p.ShotLaneWater != 8 || p.ShotValue != 16 || in.HomeRunSeat != NoSeat) {
			t.Errorf("B kx: %+v %+v", p, in)
		}
		if name == "ranked" {
			// Shot 8 + (p − 1) = 9; a home run at 2 seats: (9 + 12) × 1 = 21.
			hr := event(t, s, 1)
			if p.ShotValue != 9 || !p.HasHomeRun || p.HomeRunValue != 21 || in.HomeRunSeat != 0 ||
				hr.Kind != EventHomeRun || hr.Value != 21 {
				t.Errorf("B ranked: %+v %+v %+v", p, in, hr)
			}
		}
		s.Close()
		r.Close()
	}

	classic := MustRules("classic")
	defer classic.Close()
	// A: lanes with bonus hands: 1 − 2 − 4.
	s := mustSettle(t, classic, arrs(t, tableA))
	p := pairBetween(t, s, 0, 1)
	wantLanes := [3]LaneResult{{Water: 1, Lane: 0, Winner: 0, Category: OnePair},
		{Water: 2, Lane: 1, Winner: 1, Category: FullHouse}, {Water: 4, Lane: 2, Winner: 1, Category: FourOfAKind}}
	if p.Kind != PairLanes || !p.HasLanes || p.HasShot || p.Lanes != wantLanes || p.LaneWater != -5 {
		t.Errorf("A: %+v", p)
	}
	if in := info(t, s); in.Events != 0 || in.Mode != Pairwise || in.HasRankedLaneWater {
		t.Errorf("A: %+v", in)
	}
	s.Close()

	// C: seat 0 shoots both (17 each) and makes a home run (×4 = 68 from each).
	s = mustSettle(t, classic, arrs(t, tableC))
	if in := info(t, s); in.Events != 3 || in.HomeRunSeat != 0 {
		t.Errorf("C: %+v", in)
	}
	wantEvents := []Event{
		{Kind: EventShot, Seat: 0, Victim: 1, Value: 17, Special: NoSpecial},
		{Kind: EventShot, Seat: 0, Victim: 2, Value: 17, Special: NoSpecial},
		{Kind: EventHomeRun, Seat: 0, Victim: NoSeat, Value: 136, Special: NoSpecial},
	}
	for i, w := range wantEvents {
		if e := event(t, s, i); e != w {
			t.Errorf("C event %d: %+v, want %+v", i, e, w)
		}
	}
	p = pairBetween(t, s, 2, 0)
	if p.ShotLaneWater != 16 || p.ShotValue != 17 || p.HomeRunValue != 68 || p.Water.String() != "68" {
		t.Errorf("C pair (0, 2): %+v", p)
	}
	if p := pairBetween(t, s, 1, 2); p.HasHomeRun || p.Water.Units != WaterUnitsPerPoint {
		t.Errorf("C pair (1, 2): %+v", p)
	}
	m, err := s.Matrix()
	if err != nil || len(m) != 3 || m[0][1].Num != 68 || m[1][0].Num != -68 || m[1][2].Num != 1 || m[2][1].Num != -1 ||
		m[1][1].Units != 0 || m[0][2] != WholeWater(68) {
		t.Errorf("C matrix: %v %v", m, err)
	}
	s.Close()
	kx := MustRules("kx")
	defer kx.Close()
	s = mustSettle(t, kx, arrs(t, tableC))
	if info(t, s).HomeRunSeat != NoSeat {
		t.Error("C kx: a home run at 3 seats")
	}
	s.Close()
	ranked := MustRules("ranked")
	defer ranked.Close()
	s = mustSettle(t, ranked, arrs(t, tableC))
	if in := info(t, s); in.Mode != Ranked || !in.HasRankedLaneWater || in.RankedLaneWater != [3]uint32{4, 8, 5} ||
		event(t, s, 0).Value != 19 || event(t, s, 2).Value != 124 {
		t.Errorf("C ranked: %+v", in)
	}
	s.Close()

	// Ties: two wins and a tie shoot under classic (辗过), not under kx.
	s = mustSettle(t, classic, arrs(t, tableTies))
	if got := totalsText(t, s); got != "4 -4 0" {
		t.Errorf("ties: %s", got)
	}
	p = pairBetween(t, s, 0, 1)
	if (p.Lanes[0] != LaneResult{Lane: 0, Winner: NoSeat, Category: Category(255)}) || !p.HasShot ||
		p.ShotLaneWater != 2 || p.ShotValue != 3 {
		t.Errorf("ties: %+v", p)
	}
	s.Close()
	s = mustSettle(t, kx, arrs(t, tableTies))
	if got := totalsText(t, s); got != "3 -3 0" || info(t, s).Events != 0 {
		t.Errorf("ties kx: %s", got)
	}
	s.Close()

	// F: seats 0 and 1 foul; seat 2 takes 10 from each and shoots seat 3 (11).
	s = mustSettle(t, classic, arrs(t, tableF))
	wantEvents = []Event{
		{Kind: EventFoul, Seat: 0, Victim: NoSeat, Foul: Foul{MiddleOverBack: true}, Special: NoSpecial},
		{Kind: EventFoul, Seat: 1, Victim: NoSeat, Foul: Foul{FrontOverMiddle: true}, Special: NoSpecial},
		{Kind: EventShot, Seat: 2, Victim: 3, Value: 11, Special: NoSpecial},
	}
	events, err := s.Events()
	if err != nil || len(events) != len(wantEvents) {
		t.Fatalf("F events: %v %v", events, err)
	}
	for i, w := range wantEvents {
		if events[i] != w {
			t.Errorf("F event %d: %+v, want %+v", i, events[i], w)
		}
	}
	if p := pairBetween(t, s, 0, 1); p.Kind != PairBothFouled || p.Water.Units != 0 || p.Lanes[2].Winner != NoSeat {
		t.Errorf("F pair (0, 1): %+v", p)
	}
	if p := pairBetween(t, s, 0, 2); p.Kind != PairOneFouled || p.HasShot {
		t.Errorf("F pair (0, 2): %+v", p)
	}
	if info(t, s).HomeRunSeat != NoSeat {
		t.Error("F: a home run with fouls")
	}
	seat0, _ := s.Seat(0)
	seat1, err := s.Seat(1)
	seat2, _ := s.Seat(2)
	if err != nil || seat1.Kind != SeatArranged || !seat1.IsFoul || !seat1.Eval.Foul.FrontOverMiddle ||
		!seat0.Eval.Foul.MiddleOverBack || seat2.IsFoul || seat1.Special != NoSpecial {
		t.Errorf("F seats: %+v %+v %+v %v", seat0, seat1, seat2, err)
	}
	s.Close()
	// Fouls counted as shots: seat 2 shoots all three (11 each), a home run ×4 = 44 from each.
	js, err := classic.JSON()
	if err != nil {
		t.Fatal(err)
	}
	shot, err := RulesFromJSON(strings.Replace(js, `"foul_counts_as_shot": false`, `"foul_counts_as_shot": true`, 1))
	if err != nil {
		t.Fatal(err)
	}
	defer shot.Close()
	expectTotals(t, shot, arrs(t, tableF), "-48 -48 132 -36", "F foul_counts_as_shot")
}

// tableI: ranked, six pairs and three normals: each normal pays six pairs 4/3.
func tableI(t *testing.T) []Seat {
	return []Seat{arr(t, "2s 3d 4c / 5h 6s 7d 8c 9h / Ts Jd Qc Kh As"), declared(t, SixPairs, sixPairsCards),
		arr(t, "Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c"), arr(t, "4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh")}
}

func TestSettleSpecialsAndFractions(t *testing.T) {
	classic := MustRules("classic")
	defer classic.Close()
	ranked := MustRules("ranked")
	defer ranked.Close()
	// G: six pairs against a legal hand and a foul; the foul pays the special in full.
	g := []Seat{declared(t, SixPairs, "2c 2d 5c 5d 7c 7d 9c 9d Jc Jd Kc Kd Ac"),
		arr(t, "Qs Qh 3s / 8s 8h 8d 4s 4h / Ts Th Td Tc 6s"), arr(t, "As Ah Ad / Ks Kh 2s 3h 5s / Js Jh 9s 9h 6h")}
	s := mustSettle(t, classic, g)
	if got := totalsText(t, s); got != "8 3 -11" {
		t.Errorf("G: %s", got)
	}
	if e := event(t, s, 0); (e != Event{Kind: EventSpecial, Seat: 0, Victim: NoSeat, Special: SixPairs}) {
		t.Errorf("G event 0: %+v", e)
	}
	if e := event(t, s, 1); e.Kind != EventFoul || e.Seat != 2 || !e.Foul.FrontOverMiddle || e.Foul.MiddleOverBack {
		t.Errorf("G event 1: %+v", e)
	}
	p := pairBetween(t, s, 0, 2)
	if p.Kind != PairSpecialVsNormal || p.HasLanes || p.HasShot || !p.HasSpecial || p.SpecialWinner != 0 ||
		p.Special != SixPairs || p.SpecialWater != WholeWater(4) || p.Water != WholeWater(4) {
		t.Errorf("G pair (0, 2): %+v", p)
	}
	if seat, err := s.Seat(0); err != nil || seat.Kind != SeatSpecial || seat.Special != SixPairs ||
		seat.SpecialWater != 4 || seat.IsFoul || seat.Eval != (ArrangementEval{}) {
		t.Errorf("G seat 0: %+v %v", seat, err)
	}
	s.Close()
	expectTotals(t, ranked, g, "4 5 -9", "G ranked")

	// H: a dragon and six pairs against two normals.
	h := []Seat{declared(t, Dragon, dragonCards), declared(t, SixPairs, sixPairsCards),
		arr(t, "Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c"), arr(t, "4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh")}
	s = mustSettle(t, classic, h)
	if got := totalsText(t, s); got != "108 -28 -33 -47" {
		t.Errorf("H: %s", got)
	}
	if p := pairBetween(t, s, 0, 1); p.Kind != PairSpecialVsSpecial || p.Special != Dragon || p.SpecialWinner != 0 {
		t.Errorf("H pair (0, 1): %+v", p)
	}
	if info(t, s).HomeRunSeat != NoSeat {
		t.Error("H: a home run")
	}
	s.Close()
	expectTotals(t, ranked, h, "72 -32 -12 -28", "H ranked")

	// I: ranked fractions.
	s = mustSettle(t, ranked, tableI(t))
	totals, err := s.Totals()
	if err != nil {
		t.Fatal(err)
	}
	want := []Water{{-11200, -40, 3}, {3360, 4, 1}, {14000, 50, 3}, {-6160, -22, 3}}
	for i := range want {
		if totals[i] != want[i] || WaterFromUnits(want[i].Units) != want[i] {
			t.Errorf("I seat %d: %+v, want %+v", i, totals[i], want[i])
		}
	}
	if got := totalsText(t, s); got != "-40/3 4 50/3 -22/3" {
		t.Errorf("I: %s", got)
	}
	m, err := s.Matrix()
	if err != nil || m[1][0].String() != "4/3" || m[0][2].Num != -9 || m[2][3].Num != 9 {
		t.Errorf("I matrix: %v %v", m, err)
	}
	if p := pairBetween(t, s, 0, 1); p.SpecialWater.String() != "4/3" {
		t.Errorf("I special share: %v", p.SpecialWater)
	}
	if in := info(t, s); in.RankedLaneWater != [3]uint32{4, 2, 1} || in.HomeRunSeat != NoSeat {
		t.Errorf("I: %+v", in)
	}
	s.Close()
	expectTotals(t, classic, tableI(t), "-12 12 10 -10", "I classic")

	// Equal specials tie.
	s = mustSettle(t, classic, []Seat{declared(t, SixPairs, sixPairsCards),
		declared(t, SixPairs, "6d 6c 8s 8d Td Tc Qs Qd Ks Kd Ad Ac 2h")})
	if p := pairBetween(t, s, 0, 1); p.SpecialWinner != NoSeat || p.Special != NoSpecial || totalsText(t, s) != "0 0" {
		t.Errorf("equal specials: %+v", p)
	}
	s.Close()
}

func TestSettlementJSON(t *testing.T) {
	ranked := MustRules("ranked")
	defer ranked.Close()
	s := mustSettle(t, ranked, tableI(t))
	text, err := s.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Mode   string
		Totals []struct{ Num, Den int64 }
		Events []struct{ Kind, Special string }
		Pairs  []interface{}
		Banker interface{}
		Ranked []int `json:"ranked_lane_water"`
	}
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Mode != "ranked" || len(doc.Totals) != 4 || doc.Totals[0].Num != -40 || doc.Totals[0].Den != 3 ||
		len(doc.Events) != 3 || doc.Events[0].Kind != "special" || doc.Events[0].Special != "SP" ||
		len(doc.Pairs) != 6 || doc.Banker != nil || len(doc.Ranked) != 3 || doc.Ranked[0] != 4 || doc.Ranked[1] != 2 {
		t.Errorf("settlement JSON: %+v", doc)
	}
	s.Close()
	s.Close()
	if _, err := s.JSON(); !errorsIs(err, ErrClosed) {
		t.Errorf("JSON of a closed settlement: %v", err)
	}
}

func TestSettleInto(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	c := arrs(t, tableC)
	s := mustSettle(t, r, c)
	defer s.Close()
	if err := r.SettleInto(s, c[:2]); err != nil || totalsText(t, s) != "16 -16" {
		t.Errorf("into 2 seats: %v %s", err, totalsText(t, s))
	}
	// A failed refill leaves the settlement as it was.
	err := r.SettleInto(s, []Seat{c[0], c[0]})
	if !errorsIs(err, ErrDuplicateCard) || !strings.Contains(err.Error(), "position 13") {
		t.Errorf("into a bad table: %v", err)
	}
	if got := totalsText(t, s); got != "16 -16" || info(t, s).Pairs != 1 {
		t.Errorf("after a failed refill: %s", got)
	}
	if err := r.SettleInto(s, c); err != nil || totalsText(t, s) != "136 -67 -69" || info(t, s).Pairs != 3 {
		t.Errorf("into 3 seats: %v", err)
	}
	closed := MustRules("classic")
	closed.Close()
	if err := closed.SettleInto(s, c); !errorsIs(err, ErrClosed) {
		t.Errorf("a closed rule set: %v", err)
	}
	if _, err := closed.Settle(c); !errorsIs(err, ErrClosed) {
		t.Errorf("a closed rule set: %v", err)
	}
	if _, err := closed.SettleWithBanker(c, 0); !errorsIs(err, ErrClosed) {
		t.Errorf("a closed rule set: %v", err)
	}
	if err := r.SettleInto(nil, c); !errorsIs(err, ErrClosed) {
		t.Errorf("into nil: %v", err)
	}
}

// expectErr checks an error's sentinel and that its message says what the C tests check.
func expectErr(t *testing.T, err error, sentinel *Error, text, what string) {
	t.Helper()
	if !errorsIs(err, sentinel) {
		t.Errorf("%s: %v, want %v", what, err, sentinel.Status)
	} else if !strings.Contains(err.Error(), text) {
		t.Errorf("%s: %q lacks %q", what, err, text)
	}
}

func TestSettleErrors(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	hk := MustRules("hk")
	defer hk.Close()
	seats := arrs(t, []string{"Ac Ad Ah / Kc Kd Kh Ks 2c / 4s 5s 6s 7s 8s", "Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s 5c",
		"Tc Td 4c / 6c 6d 6h 3h 3s / 7c 7d 7h Th Ts", "Qh Qs As / 5d 5h 4d 4h Js / 8c 8d 8h 2h 2s",
		"Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah"})
	for _, n := range []int{1, 5, 0} {
		s, err := r.Settle(seats[:n])
		expectErr(t, err, ErrInvalidTable, itoa(n)+" player", itoa(n)+" seats")
		if err != nil && !strings.Contains(err.Error(), "2 to 4") || s != nil {
			t.Errorf("%d seats: %v", n, err)
		}
	}

	// Lanes of the wrong size, a special of the wrong size or number: the builders refuse them.
	_, err := ArrangedSeat(MustParseCards("As Kd"), MustParseCards("Qh Jh Th 9h 8h"), MustParseCards("2c 3c 4c 5c 6c"))
	expectErr(t, err, ErrWrongCardCount, "expected 3 cards, got 2", "2-card front")
	_, err = ArrangedSeat(MustParseCards("As Kd Qd"), MustParseCards("Qh Jh Th 9h 8h 7h"), MustParseCards("2c 3c 4c 5c 6c"))
	expectErr(t, err, ErrWrongCardCount, "expected 5 cards, got 6", "6-card middle")
	_, err = ArrangedSeat(MustParseCards("As Kd Qd"), MustParseCards("Qh Jh Th 9h 8h"), MustParseCards("2c 3c 4c 5c"))
	expectErr(t, err, ErrWrongCardCount, "got 4", "4-card back")
	_, err = ArrangedSeat(nil, nil, nil)
	expectErr(t, err, ErrWrongCardCount, "got 0", "no lanes")
	_, err = SpecialSeat(Dragon, MustParseCards("Qh Jh Th 9h 8h 7h"))
	expectErr(t, err, ErrWrongCardCount, "expected 13", "6 cards")
	_, err = SpecialSeat(Special(16), MustParseCards("Qh Jh Th 9h 8h 7h"))
	expectErr(t, err, ErrInvalidArgument, "special 16", "special 16")
	_, err = ArrangedSeat(MustParseCards("As Kd Qd"), MustParseCards("Qh Jh Th 9h 8h"), []Card{2, 3, 4, 5, 60})
	expectErr(t, err, ErrBadCardCode, "60", "card code 60")

	// A card twice across the table: seat 1's last card is seat 0's first (Ac).
	two := []Seat{seats[0], seats[1]}
	two[1].cards[12] = seats[0].cards[0]
	_, err = r.Settle(two)
	expectErr(t, err, ErrDuplicateCard, "duplicate card Ac at position 25", "a card twice")
	expectErr(t, err, ErrDuplicateCard, "seat 1 holds Ac, and so does seat 0", "a card twice, by seat")
	// A joker is a card for the builders (a joker deck deals it) and not for a deck without one.
	joker, err := ArrangedSeat(MustParseCards("Qc Qd 2d"), []Card{SmallJoker, 31, 35, 4, 5}, MustParseCards("9c 9d 9h 9s 5c"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = r.Settle([]Seat{seats[0], joker})
	expectErr(t, err, ErrBadCardCode, "card code 52", "a joker under classic")
	bad := seats[1]
	bad.kind = 7
	_, err = r.Settle([]Seat{seats[0], bad})
	expectErr(t, err, ErrInvalidArgument, "seat 1: kind 7", "seat kind 7")
	// A special the cards do not make, and one the rules do not enable.
	_, err = r.Settle([]Seat{seats[0], declared(t, Dragon, "Qc Qd 2d Jc Jd Jh 3c 3d 9c 9d 9h 9s 5c")})
	expectErr(t, err, ErrSpecialNotAllowed, "do not make", "not a dragon")
	expectErr(t, err, ErrSpecialNotAllowed, "DR", "not a dragon names it")
	_, err = r.Settle([]Seat{seats[0], declared(t, Dragon, dragonCards)})
	expectErr(t, err, ErrDuplicateCard, "duplicate card 6s at position 17", "a card twice across a special")
	big := declared(t, AllBig, "8s 9c 9d Ts Jd Qc Kh Ac Kd Qd Jc Th Ad")
	_, err = hk.Settle([]Seat{seats[3], big})
	expectErr(t, err, ErrSpecialNotAllowed, "not enabled", "all big under hk")
	expectTotals(t, r, []Seat{seats[3], big}, "-15 15", "all big under classic")

	// Readers: an index past the end.
	s := mustSettle(t, r, seats[:4])
	defer s.Close()
	if got := totalsText(t, s); got != "204 -55 -76 -73" {
		t.Errorf("D: %s", got)
	}
	_, err = s.Seat(4)
	expectErr(t, err, ErrInvalidArgument, "seat 4 does not exist", "seat 4")
	_, err = s.Seat(-1)
	expectErr(t, err, ErrInvalidArgument, "seat -1", "seat -1")
	_, err = s.Pair(6)
	expectErr(t, err, ErrInvalidArgument, "pair 6", "pair 6")
	_, err = s.Event(5)
	expectErr(t, err, ErrInvalidArgument, "event 5", "event 5")
	if _, ok, err := s.PairBetween(1, 1); ok || err != nil {
		t.Errorf("a pair of one seat: %v %v", ok, err)
	}
}

func TestBankerMode(t *testing.T) {
	classic := MustRules("classic")
	defer classic.Close()
	c := arrs(t, tableC)
	if table, err := classic.Table(); err != nil || table != TableAllPairs {
		t.Errorf("default table: %v %v", table, err)
	}
	_, err := classic.SettleWithBanker(c, 0)
	expectErr(t, err, ErrInvalidTable, "all_pairs", "a banker under all pairs")
	// NoSeat under all pairs is Settle.
	s, err := classic.SettleWithBanker(c, NoSeat)
	if err != nil || totalsText(t, s) != "136 -67 -69" || info(t, s).BankerSeat != NoSeat {
		t.Errorf("no banker under all pairs: %v", err)
	}
	s.Close()
	if err := classic.SetTable(TableBanker); err != nil {
		t.Fatal(err)
	}
	_, err = classic.Settle(c)
	expectErr(t, err, ErrInvalidTable, "banker mode", "banker mode without a banker")
	_, err = classic.SettleWithBanker(c, 3)
	expectErr(t, err, ErrInvalidTable, "banker seat 3", "banker 3")
	_, err = classic.SettleWithBanker(c, -1)
	expectErr(t, err, ErrInvalidTable, "banker seat -1", "banker -1")
	// Banker 1: seat 0 shoots the banker (3 + 8 + 5 + 1 = 17); the banker beats seat 2 by 1.
	s, err = classic.SettleWithBanker(c, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	in := info(t, s)
	if got := totalsText(t, s); got != "17 -16 -1" || in.BankerSeat != 1 || in.Pairs != 2 ||
		event(t, s, 0) != (Event{Kind: EventBanker, Seat: 1, Victim: NoSeat, Special: NoSpecial}) {
		t.Errorf("banker 1: %s %+v", got, in)
	}
	if _, ok, err := s.PairBetween(0, 2); ok || err != nil {
		t.Errorf("two players settled a pair: %v", err)
	}
	if m, _ := s.Matrix(); m[0][2].Units != 0 {
		t.Errorf("two players moved water: %v", m)
	}
	if js, err := s.JSON(); err != nil || !strings.Contains(js, `"banker": 1`) {
		t.Errorf("the JSON does not name the banker: %v", err)
	}
	// Into the same settlement, banker 0: a home run, 68 from each.
	if err := classic.SettleIntoWithBanker(s, c, 0); err != nil {
		t.Fatal(err)
	}
	if got := totalsText(t, s); got != "136 -68 -68" || info(t, s).HomeRunSeat != 0 || info(t, s).BankerSeat != 0 {
		t.Errorf("banker 0: %s", got)
	}
	err = classic.SettleIntoWithBanker(s, c, 300)
	expectErr(t, err, ErrInvalidTable, "banker seat 300", "banker 300")
	if got := totalsText(t, s); got != "136 -68 -68" {
		t.Errorf("after a refused banker: %s", got)
	}
	// 2-4 scoring: seat 0 wins all three lanes against seat 1: 3 + 1 majority.
	cp := MustRules("chinese_poker")
	defer cp.Close()
	s2 := mustSettle(t, cp, c[:2])
	defer s2.Close()
	if p := pairBetween(t, s2, 0, 1); totalsText(t, s2) != "4 -4" || p.MajorityWinner != 0 || p.LaneWater != 4 {
		t.Errorf("2-4: %+v", p)
	}
}

// A server reads one settlement from many goroutines; Close ends it for all of them.
func TestSettlementIsSharedAndClosed(t *testing.T) {
	r := MustRules("kx")
	defer r.Close()
	hands, err := Deal(4, 34)
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewArranger(r, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	seats := make([]Seat, 4)
	for i, h := range hands {
		if seats[i], err = a.Play(h); err != nil {
			t.Fatal(err)
		}
	}
	s, err := r.Settle(seats)
	if err != nil {
		t.Fatal(err)
	}
	// The round of the README: six pairs declared by seat 1.
	if got := totalsText(t, s); got != "-11 12 -4 3" || seats[1].Kind() != SeatSpecial || seats[1].Special() != SixPairs {
		t.Errorf("kx seed 34: %s, seat 1 %v", got, seats[1])
	}
	wantJSON, _ := s.JSON()
	wantPairs := make([]PairResult, info(t, s).Pairs)
	for i := range wantPairs {
		wantPairs[i], _ = s.Pair(i)
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 100; k++ {
				p, err := s.Pair((g + k) % len(wantPairs))
				js, jerr := s.JSON()
				if err != nil || jerr != nil || p != wantPairs[(g+k)%len(wantPairs)] || js != wantJSON {
					t.Errorf("reader %d saw %+v, %v, %v", g, p, err, jerr)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	s.Close()
	s.Close()
	checks := map[string]error{}
	_, checks["Totals"] = s.Totals()
	_, checks["Matrix"] = s.Matrix()
	_, checks["Info"] = s.Info()
	_, checks["Seat"] = s.Seat(0)
	_, checks["Pair"] = s.Pair(0)
	_, _, checks["PairBetween"] = s.PairBetween(0, 1)
	_, checks["Event"] = s.Event(0)
	_, checks["Events"] = s.Events()
	_, checks["JSON"] = s.JSON()
	_, checks["Money"] = s.Money(NewStakes(1, 0), nil)
	checks["SettleInto"] = r.SettleInto(s, seats)
	checks["SettleIntoWithBanker"] = r.SettleIntoWithBanker(s, seats, 0)
	for name, err := range checks {
		if !errorsIs(err, ErrClosed) {
			t.Errorf("%s of a closed settlement: %v", name, err)
		}
	}
	var none *Settlement
	if _, err := none.Totals(); !errorsIs(err, ErrClosed) || none.Close() != nil {
		t.Errorf("a nil settlement: %v", err)
	}
}

// The batch settlements allocate nothing per call, banker tables included (batch_test.go covers
// SettleMany against Settle).
func TestSettleManyDoesNotAllocate(t *testing.T) {
	r := MustRules("classic")
	defer r.Close()
	banker := MustRules("classic")
	defer banker.Close()
	if err := banker.SetTable(TableBanker); err != nil {
		t.Fatal(err)
	}
	var cards []Card
	for _, x := range tableC {
		cards = append(cards, arr(t, x).Cards()...)
	}
	cards = append(cards, cards...)
	out := make([]int64, 6)
	bankers := []uint8{1, 0}
	if err := banker.SettleManyWithBanker(3, bankers, cards, out, 1); err != nil {
		t.Fatal(err)
	}
	want := []int64{17, -16, -1, 136, -68, -68}
	for i, w := range want {
		if out[i] != w*WaterUnitsPerPoint {
			t.Errorf("banker rounds: %v, want %v (whole water)", out, want)
			break
		}
	}
	if err := r.SettleMany(3, cards, out, 2); err != nil || out[0] != 136*WaterUnitsPerPoint || out[5] != -69*WaterUnitsPerPoint {
		t.Errorf("all-pairs rounds: %v %v", out, err)
	}
	for name, f := range map[string]func(){
		"SettleMany":           func() { _ = r.SettleMany(3, cards, out, 1) },
		"SettleManyWithBanker": func() { _ = banker.SettleManyWithBanker(3, bankers, cards, out, 1) },
		"SettleManyWithBanker threads": func() {
			_ = banker.SettleManyWithBanker(3, bankers, cards, out, 2)
		},
	} {
		if n := testing.AllocsPerRun(50, f); n != 0 {
			t.Errorf("%s allocates %.1f times a call", name, n)
		}
	}
	// A bad round is named, and nothing is written.
	bad := append([]Card(nil), cards...)
	bad[39+12] = bad[39]
	before := append([]int64(nil), out...)
	var be *BatchError
	if err := r.SettleMany(3, bad, out, 1); !errors.As(err, &be) || be.Row != 1 || !errorsIs(err, ErrDuplicateCard) {
		t.Errorf("a card twice in round 1: %v", err)
	}
	for i := range out {
		if out[i] != before[i] {
			t.Fatal("a failed batch wrote its output")
		}
	}
	if err := banker.SettleManyWithBanker(3, []uint8{1}, cards, out, 1); !errorsIs(err, ErrInvalidArgument) {
		t.Errorf("one banker for two rounds: %v", err)
	}
}
