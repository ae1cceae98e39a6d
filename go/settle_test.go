package shisanshui

import (
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

func settleTable(r *Rules, seats []Seat, banker interface{}) (*Settlement, error) {
	if isNum(banker) {
		return r.SettleWithBanker(seats, num(banker))
	}
	return r.Settle(seats)
}

// checkSettlement compares a settlement with a vector table: totals, units, the matrix, every
// pair (kind, seats, lanes, shots, home runs, specials, majority) and every event.
func checkSettlement(t *testing.T, what string, s *Settlement, o obj) {
	t.Helper()
	totals, err := s.Totals()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	for i, w := range list(o["totals"]) {
		if totals[i].String() != str(w) || totals[i].Units != int64(num(list(o["units"])[i])) {
			t.Errorf("%s: seat %d total %v (%d units), want %s", what, i, totals[i], totals[i].Units, str(w))
		}
	}
	if len(totals) != len(list(o["totals"])) {
		t.Errorf("%s: %d totals", what, len(totals))
	}
	matrix, err := s.Matrix()
	if err != nil {
		t.Fatal(err)
	}
	for a, row := range list(o["matrix"]) {
		for b, u := range list(row) {
			if matrix[a][b].Units != int64(num(u)) {
				t.Errorf("%s: matrix[%d][%d] = %d, want %d", what, a, b, matrix[a][b].Units, num(u))
			}
		}
	}
	info, err := s.Info()
	if err != nil {
		t.Fatal(err)
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
	} else if info.HasRankedLaneWater {
		t.Errorf("%s: ranked lane water where the vectors have none", what)
	}
	pairs := list(o["pairs"])
	if info.Pairs != len(pairs) || info.Seats != len(totals) {
		t.Errorf("%s: %d pairs and %d seats, want %d and %d", what, info.Pairs, info.Seats, len(pairs), len(totals))
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
			got.Water.Units != int64(num(p["units"])) {
			t.Errorf("%s: %d-%d %s %d units, want %v %s %d", w, got.SeatA, got.SeatB, got.Kind, got.Water.Units, seats,
				str(p["kind"]), num(p["units"]))
		}
		if winners, ok := p["winners"].([]interface{}); ok {
			for l, x := range winners {
				want := NoSeat
				if x != nil {
					want = num(x)
				}
				if got.Lanes[l].Winner != want {
					t.Errorf("%s: lane %d won by %d, want %v", w, l, got.Lanes[l].Winner, x)
				}
			}
			for l, x := range list(p["lane_water"]) {
				if got.Lanes[l].Water != uint32(num(x)) {
					t.Errorf("%s: lane %d water %d, want %d", w, l, got.Lanes[l].Water, num(x))
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
		} else if got.HasShot {
			t.Errorf("%s: a shot the vectors do not have", w)
		}
		if hr := p["home_run"]; isNum(hr) {
			if !got.HasHomeRun || got.HomeRunValue != int64(num(hr)) {
				t.Errorf("%s: home run %v %d, want %v", w, got.HasHomeRun, got.HomeRunValue, hr)
			}
		} else if got.HasHomeRun {
			t.Errorf("%s: a home run the vectors do not have", w)
		}
		if sp, ok := p["special"].(obj); ok {
			winner, special := NoSeat, noSpecial
			if sp["winner"] != nil {
				winner = num(sp["winner"])
			}
			if sp["special"] != nil {
				special, _ = ParseSpecial(str(sp["special"]))
			}
			if !got.HasSpecial || got.SpecialWinner != winner || got.Special != special ||
				got.SpecialWater.Units != int64(num(sp["units"])) {
				t.Errorf("%s: special %v %d %v %d, want %v", w, got.HasSpecial, got.SpecialWinner, got.Special,
					got.SpecialWater.Units, sp)
			}
		} else if got.HasSpecial {
			t.Errorf("%s: a special payment the vectors do not have", w)
		}
		if m := p["majority"]; isNum(m) && got.MajorityWinner != num(m) {
			t.Errorf("%s: majority won by %d, want %v", w, got.MajorityWinner, m)
		}
	}
	events, err := s.Events()
	if err != nil {
		t.Fatal(err)
	}
	want := list(o["events"])
	if len(events) != len(want) {
		t.Errorf("%s: %d events, want %d", what, len(events), len(want))
	}
	for i := 0; i < len(events) && i < len(want); i++ {
		e, ev := want[i].(obj), events[i]
		if ev.Kind.String() != str(e["kind"]) || ev.Seat != num(e["seat"]) {
			t.Errorf("%s: event %d is %s of seat %d, want %v", what, i, ev.Kind, ev.Seat, e)
		}
		if v, ok := e["victim"]; ok && ev.Victim != num(v) {
			t.Errorf("%s: event %d victim %d, want %v", what, i, ev.Victim, v)
		}
		if v, ok := e["value"]; ok && ev.Value != int64(num(v)) {
			t.Errorf("%s: event %d value %d, want %v", what, i, ev.Value, v)
		}
		if v, ok := e["special"]; ok && ev.Special.String() != str(v) {
			t.Errorf("%s: event %d special %v, want %v", what, i, ev.Special, v)
		}
		if v, ok := e["foul_bits"]; ok {
			bits := 0
			if ev.Foul.FrontOverMiddle {
				bits |= 1
			}
			if ev.Foul.MiddleOverBack {
				bits |= 2
			}
			if bits != num(v) {
				t.Errorf("%s: event %d foul bits %d, want %v", what, i, bits, v)
			}
		}
	}
}

func stakesOf(v interface{}) (Stakes, []int64) {
	o := v.(obj)
	rake := list(o["rake"])
	st := Stakes{Base: int64(num(o["base"])), RakeNumerator: int64(num(rake[0])), RakeDenominator: int64(num(rake[1]))}
	var carries []int64
	for _, c := range list(o["carries"]) {
		carries = append(carries, int64(num(c)))
	}
	return st, carries
}

func checkMoney(t *testing.T, what string, m MoneyResult, o obj) {
	t.Helper()
	for i, a := range list(o["amounts"]) {
		if i >= len(m.Lines) || m.Lines[i].Amount != int64(num(a)) {
			t.Errorf("%s: amounts %v, want %v", what, m.Amounts(), o["amounts"])
			break
		}
	}
	if m.Totals.Rake != int64(num(o["rake"])) || m.Totals.Rounding != int64(num(o["rounding"])) ||
		m.Totals.House != int64(num(o["house"])) {
		t.Errorf("%s: totals %+v, want %v", what, m.Totals, o)
	}
	if u, ok := o["unclaimed"]; ok && m.Totals.Unclaimed != int64(num(u)) {
		t.Errorf("%s: unclaimed %d, want %v", what, m.Totals.Unclaimed, u)
	}
}

func settleVectors(t *testing.T, file string) {
	doc := loadObj(t, file)
	rules := rulesNamed(t, records(t, doc, "rule_sets"))
	reuse := map[string]*Settlement{}
	for i, tv := range records(t, doc, "tables") {
		o := tv.(obj)
		what := file + " table " + itoa(i)
		r := rules[str(o["rules"])]
		seats := seatsOf(t, o["seats"])
		s, err := settleTable(r, seats, o["banker"])
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		checkSettlement(t, what, s, o)
		// The same round settled into a reused settlement.
		key := str(o["rules"])
		if reuse[key] == nil {
			reuse[key] = s
		} else {
			if isNum(o["banker"]) {
				err = r.SettleIntoWithBanker(reuse[key], seats, num(o["banker"]))
			} else {
				err = r.SettleInto(reuse[key], seats)
			}
			if err != nil {
				t.Errorf("%s: SettleInto: %v", what, err)
			} else {
				checkSettlement(t, what+" (into)", reuse[key], o)
			}
			s.Close()
		}
		if st, ok := o["stakes"]; ok && st != nil {
			stakes, carries := stakesOf(st)
			m, err := reuseOr(reuse[key], s, key).Money(stakes, carries)
			if err != nil {
				t.Errorf("%s: money: %v", what, err)
			} else {
				checkMoney(t, what+" money", m, o["money"].(obj))
			}
		}
	}
	for i, ev := range list(doc["errors"]) {
		o := ev.(obj)
		what := file + " error " + itoa(i)
		r := rules[str(o["rules"])]
		seats := seatsOf(t, o["seats"])
		s, err := settleTable(r, seats, o["banker"])
		expectKind(t, err, str(o["kind"]), what)
		if s != nil {
			t.Errorf("%s: a settlement on failure", what)
		}
		if p, ok := o["position"]; ok && err != nil && !strings.Contains(err.Error(), "position "+itoa(num(p))) {
			t.Errorf("%s: %q does not name position %d", what, err, num(p))
		}
	}
	for i, ev := range list(doc["seat_errors"]) {
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
			classic := MustRules("classic")
			_, err = classic.Settle([]Seat{seat, seat})
			classic.Close()
		}
		expectKind(t, err, str(o["kind"]), what)
		if p, ok := o["position"]; ok && err != nil && !strings.Contains(err.Error(), "position "+itoa(num(p))) {
			t.Errorf("%s: %q does not name position %d", what, err, num(p))
		}
	}
	for i, ev := range list(doc["rules_errors"]) {
		o := ev.(obj)
		_, err := RulesFromJSON(str(o["json"]))
		expectKind(t, err, str(o["kind"]), file+" rules error "+itoa(i))
		if p := str(o["path"]); p != "" && err != nil && !strings.Contains(err.Error(), p) {
			t.Errorf("%s rules error %d: %q does not name %s", file, i, err, p)
		}
	}
	for _, r := range rules {
		r.Close()
	}
}

// reuseOr is the settlement that holds the table just settled.
func reuseOr(reused, fresh *Settlement, _ string) *Settlement {
	if fresh != nil && fresh.h != nil {
		return fresh
	}
	return reused
}

func TestSettleVectors(t *testing.T) { settleVectors(t, "settle.json") }

func TestBankerVectors(t *testing.T) { settleVectors(t, "banker.json") }

func TestMoneyVectors(t *testing.T) {
	doc := loadObj(t, "settle.json")
	water := func(v interface{}) []Water {
		var out []Water
		for _, u := range list(v) {
			out = append(out, Water{Units: int64(num(u))})
		}
		return out
	}
	for i, mv := range records(t, doc, "money") {
		o := mv.(obj)
		stakes, carries := stakesOf(o["stakes"])
		m, err := MoneySettle(water(o["units"]), stakes, carries)
		if err != nil {
			t.Errorf("money %d: %v", i, err)
			continue
		}
		checkMoney(t, "money "+itoa(i), m, o)
	}
	for i, ev := range records(t, doc, "escapes") {
		o := ev.(obj)
		stakes, carries := stakesOf(o["stakes"])
		m, err := Escape(num(o["seats"]), num(o["leaver"]), stakes, carries)
		if err != nil {
			t.Errorf("escape %d: %v", i, err)
			continue
		}
		checkMoney(t, "escape "+itoa(i), m, o)
	}
	for i, ev := range records(t, doc, "money_errors") {
		o := ev.(obj)
		stakes, carries := stakesOf(o["stakes"])
		_, err := MoneySettle(water(o["units"]), stakes, carries)
		expectKind(t, err, str(o["kind"]), "money error "+itoa(i))
	}
	if err := RakeCheck(5, 100); err != nil {
		t.Error(err)
	}
	if err := RakeCheck(101, 100); !errorsIs(err, ErrInvalidMoney) {
		t.Errorf("a rake over 100%%: %v", err)
	}
}

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
	want, _ := s.Totals()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 200; k++ {
				got, err := s.Totals()
				if err != nil || len(got) != 4 || got[1] != want[1] {
					t.Errorf("a reader saw %v, %v", got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if js, err := s.JSON(); err != nil || !strings.Contains(js, "\"totals\"") {
		t.Errorf("JSON: %v", err)
	}
	s.Close()
	s.Close()
	if _, err := s.Totals(); !errorsIs(err, ErrClosed) {
		t.Errorf("a closed settlement: %v", err)
	}
	if err := r.SettleInto(s, seats); !errorsIs(err, ErrClosed) {
		t.Errorf("settling into a closed settlement: %v", err)
	}
}
