package shisanshui

import "testing"

// stakesOf reads a vector's {"base", "carries" (or null), "rake": [num, den]}.
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

// checkMoney compares money with a vector's amounts, rake, rounding, house (and unclaimed), and
// checks each line's own arithmetic: amount = scaled − rake, and the round balances.
func checkMoney(t *testing.T, what string, m MoneyResult, o obj) {
	t.Helper()
	amounts := list(o["amounts"])
	if len(m.Lines) != len(amounts) {
		t.Errorf("%s: %d lines, want %d", what, len(m.Lines), len(amounts))
	}
	var sum, rake int64
	for i, a := range amounts {
		if i < len(m.Lines) && m.Lines[i].Amount != int64(num(a)) {
			t.Errorf("%s: amounts %v, want %v", what, m.Amounts(), amounts)
			break
		}
	}
	for i, l := range m.Lines {
		if l.Amount != l.Scaled-l.Rake {
			t.Errorf("%s: seat %d: %+v", what, i, l)
		}
		sum += l.Amount
		rake += l.Rake
	}
	tot := m.Totals
	if tot.Rake != int64(num(o["rake"])) || tot.Rounding != int64(num(o["rounding"])) ||
		tot.House != int64(num(o["house"])) || tot.Rake != rake || tot.House != tot.Rake+tot.Rounding {
		t.Errorf("%s: totals %+v, want %v", what, tot, o)
	}
	if u, ok := o["unclaimed"]; ok {
		if tot.Unclaimed != int64(num(u)) {
			t.Errorf("%s: unclaimed %d, want %v", what, tot.Unclaimed, u)
		}
	} else if sum+tot.House != 0 || tot.Unclaimed != 0 {
		t.Errorf("%s: the seats and the house do not balance: %d + %d", what, sum, tot.House)
	}
}

func TestMoneyVectors(t *testing.T) {
	doc := loadObj(t, "settle.json")
	water := func(v interface{}) []Water {
		var out []Water
		for _, u := range list(v) {
			out = append(out, Water{Units: int64(num(u))})
		}
		return out
	}
	money := records(t, doc, "money")
	for i, mv := range money {
		o := mv.(obj)
		stakes, carries := stakesOf(o["stakes"])
		m, err := MoneySettle(water(o["units"]), stakes, carries)
		if err != nil {
			t.Errorf("money %d: %v", i, err)
			continue
		}
		checkMoney(t, "money "+itoa(i), m, o)
		for k, l := range m.Lines {
			if l.Water.Units != int64(num(list(o["units"])[k])) || l.Water != WaterFromUnits(l.Water.Units) {
				t.Errorf("money %d seat %d: water %+v", i, k, l.Water)
			}
		}
	}
	escapes := records(t, doc, "escapes")
	for i, ev := range escapes {
		o := ev.(obj)
		stakes, carries := stakesOf(o["stakes"])
		m, err := Escape(num(o["seats"]), num(o["leaver"]), stakes, carries)
		if err != nil {
			t.Errorf("escape %d: %v", i, err)
			continue
		}
		checkMoney(t, "escape "+itoa(i), m, o)
	}
	moneyErrs := records(t, doc, "money_errors")
	for i, ev := range moneyErrs {
		o := ev.(obj)
		stakes, carries := stakesOf(o["stakes"])
		m, err := MoneySettle(water(o["units"]), stakes, carries)
		expectKind(t, err, str(o["kind"]), "money error "+itoa(i))
		if m.Lines != nil {
			t.Errorf("money error %d: lines on failure", i)
		}
	}
	t.Logf("settle.json: %d money, %d escapes, %d money errors", len(money), len(escapes), len(moneyErrs))
}

func TestMoneyWorkedExamples(t *testing.T) {
	// Seed 003: carries 1000/500/200/500 yuan, results −200/−800/+900/+100 at 1 yuan (100 cents)
	// a water, 5% rake: −85.71, −214.28, +190.00, +95.00.
	water := []Water{WholeWater(-200), WholeWater(-800), WholeWater(900), WholeWater(100)}
	kx := NewStakes(100, 5)
	m, err := MoneySettle(water, kx, []int64{100000, 50000, 20000, 50000})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Amounts(); len(got) != 4 || got[0] != -8571 || got[1] != -21428 || got[2] != 19000 || got[3] != 9500 {
		t.Errorf("seed 003: %v", got)
	}
	if l := m.Lines[1]; l.Raw != -80000 || l.Capped != -50000 || l.Scaled != -21428 || l.Water.String() != "-800" {
		t.Errorf("seed 003 seat 1: %+v", l)
	}
	if m.Lines[2].Rake != 1000 || m.Lines[3].Rake != 500 {
		t.Errorf("seed 003 rake: %+v", m.Lines)
	}
	if (m.Totals != MoneyTotals{Rake: 1500, Rounding: -1, House: 1499}) {
		t.Errorf("seed 003 house: %+v", m.Totals)
	}
	// Escape: seat 2 of 4 leaves; 5% rake: 95 each, 1500 belongs to no one, the house 15.
	e, err := Escape(4, 2, kx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Amounts(); len(got) != 4 || got[0] != 95 || got[1] != 95 || got[2] != -1800 || got[3] != 95 ||
		e.Totals.Unclaimed != 1500 || e.Totals.House != 15 {
		t.Errorf("escape: %v %+v", got, e.Totals)
	}
	// From a settlement: example C under classic at 250 cents a water, no caps, no rake.
	classic := MustRules("classic")
	defer classic.Close()
	s := mustSettle(t, classic, arrs(t, tableC))
	defer s.Close()
	m, err = s.Money(Stakes{Base: 250, RakeNumerator: 0, RakeDenominator: 1}, nil)
	if got := m.Amounts(); err != nil || len(got) != 3 || got[0] != 34000 || got[1] != -16750 || got[2] != -17250 ||
		m.Totals.House != 0 {
		t.Errorf("C in money: %v %v", got, err)
	}
	// Fractions: table I under ranked at 100 a water.
	ranked := MustRules("ranked")
	defer ranked.Close()
	si := mustSettle(t, ranked, tableI(t))
	defer si.Close()
	m, err = si.Money(NewStakes(100, 0), nil)
	if got := m.Amounts(); err != nil || len(got) != 4 || got[0] != -1333 || got[1] != 400 || got[2] != 1666 ||
		got[3] != -733 {
		t.Errorf("I in money: %v %v", got, err)
	}
	// A third to the house.
	m, err = MoneySettle([]Water{WholeWater(-100), WholeWater(100)}, Stakes{Base: 1, RakeNumerator: 1, RakeDenominator: 3}, nil)
	if got := m.Amounts(); err != nil || got[0] != -100 || got[1] != 66 || m.Totals.House != 34 {
		t.Errorf("a third: %v %+v %v", got, m.Totals, err)
	}
	// Water made from units reads back as the engine writes it.
	for units, want := range map[int64]string{0: "0", 840: "1", -9240: "-11", 2100: "5/2", -1120: "-4/3", 1: "1/840"} {
		if got := WaterFromUnits(units).String(); got != want || (Water{Units: units}).String() != want {
			t.Errorf("%d units: %s, want %s", units, got, want)
		}
	}
	if w := WholeWater(-3); w.String() != "-3" || w.Float() != -3 || w != WaterFromUnits(-2520) {
		t.Errorf("whole water: %+v", w)
	}
}

func TestMoneyErrors(t *testing.T) {
	two := []Water{WholeWater(-1), WholeWater(1)}
	plain := Stakes{Base: 1, RakeNumerator: 0, RakeDenominator: 1}
	_, err := MoneySettle(two, plain, []int64{5, -3})
	expectErr(t, err, ErrInvalidMoney, "the carry of seat 1 is negative (-3)", "a negative carry")
	_, err = MoneySettle(two, plain, []int64{5})
	expectErr(t, err, ErrInvalidMoney, "1 carries for 2 seats", "one carry")
	_, err = MoneySettle(two, Stakes{Base: -1, RakeDenominator: 1}, nil)
	expectErr(t, err, ErrInvalidMoney, "the base stake is negative (-1)", "a negative stake")
	_, err = MoneySettle(two, NewStakes(1, 101), nil)
	expectErr(t, err, ErrInvalidMoney, "rake 101/100 is over 100%", "a rake over 100%")
	_, err = MoneySettle(two, Stakes{Base: 1}, nil)
	expectErr(t, err, ErrInvalidMoney, "denominator", "rake 0/0")
	_, err = MoneySettle(two[:1], plain, nil)
	expectErr(t, err, ErrInvalidTable, "2 to 8 players, got 1", "one seat")
	_, err = MoneySettle(nil, plain, nil)
	expectErr(t, err, ErrInvalidTable, "got 0", "no seats")
	nine := make([]Water, 9)
	_, err = MoneySettle(nine, plain, nil)
	expectErr(t, err, ErrInvalidTable, "2 to 8 players, got 9", "nine seats")
	_, err = Escape(4, 4, plain, nil)
	expectErr(t, err, ErrInvalidTable, "leaver", "leaver 4")
	_, err = Escape(4, -1, plain, nil)
	expectErr(t, err, ErrInvalidTable, "leaver", "leaver -1")
	_, err = Escape(9, 0, plain, nil)
	expectErr(t, err, ErrInvalidTable, "9", "escape at nine seats")
	_, err = Escape(4, 0, plain, []int64{1, 2})
	expectErr(t, err, ErrInvalidMoney, "2 carries for 4 seats", "escape with two carries")
	// The check alone, for a room that refuses a bad rake where it is set.
	expectErr(t, RakeCheck(101, 100), ErrInvalidMoney, "rake 101/100 is over 100%", "RakeCheck over")
	expectErr(t, RakeCheck(-1, 100), ErrInvalidMoney, "rake -1/100 is negative", "RakeCheck negative")
	expectErr(t, RakeCheck(5, 0), ErrInvalidMoney, "denominator must be at least 1", "RakeCheck 5/0")
	for _, ok := range [][2]int64{{5, 100}, {0, 1}, {1, 1}, {100, 100}} {
		if err := RakeCheck(ok[0], ok[1]); err != nil {
			t.Errorf("RakeCheck(%d, %d): %v", ok[0], ok[1], err)
		}
	}
}
