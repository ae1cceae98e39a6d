package shisanshui

// #include "shisanshui.h"
import "C"

// Stakes are a room's money settings (RULES.md §8): the money of one water, and the rake taken
// from each positive result as RakeNumerator / RakeDenominator (5/100 is 5%; no rake is 0/1, and
// a denominator below 1 is ErrInvalidMoney).
type Stakes struct {
	Base            int64
	RakeNumerator   int64
	RakeDenominator int64
}

// NewStakes is a base stake with a rake in percent (checked where used, or by RakeCheck).
func NewStakes(base int64, rakePercent int64) Stakes {
	return Stakes{Base: base, RakeNumerator: rakePercent, RakeDenominator: 100}
}

func (s Stakes) c() C.SssStakes {
	return C.SssStakes{base: C.int64_t(s.Base), rake_numerator: C.int64_t(s.RakeNumerator),
		rake_denominator: C.int64_t(s.RakeDenominator)}
}

// RakeCheck checks a rake: a denominator of at least 1, from 0 to 100%. ErrInvalidMoney otherwise.
func RakeCheck(numerator, denominator int64) error {
	return call(func() C.SssStatus { return C.sss_rake_check(C.int64_t(numerator), C.int64_t(denominator)) })
}

// MoneyLine is one seat's money.
type MoneyLine struct {
	Water  Water
	Raw    int64 // water × base
	Capped int64 // a loss capped at the seat's carry
	Scaled int64 // the winners' share of what the losers paid
	Rake   int64
	Amount int64 // what the seat receives (negative: pays)
}

// MoneyTotals are the round's house figures.
type MoneyTotals struct {
	Rake      int64
	Rounding  int64
	House     int64 // Rake + Rounding
	Unclaimed int64
}

// MoneyResult is a round settled in money.
type MoneyResult struct {
	Lines  []MoneyLine
	Totals MoneyTotals
}

// Amounts is each seat's amount.
func (m MoneyResult) Amounts() []int64 {
	out := make([]int64, len(m.Lines))
	for i, l := range m.Lines {
		out[i] = l.Amount
	}
	return out
}

func moneyResult(lines []C.SssMoneyLine, n C.size_t, t C.SssMoneyTotals) MoneyResult {
	r := MoneyResult{Lines: make([]MoneyLine, int(n)), Totals: MoneyTotals{Rake: int64(t.rake),
		Rounding: int64(t.rounding), House: int64(t.house), Unclaimed: int64(t.unclaimed)}}
	for i := range r.Lines {
		l := lines[i]
		r.Lines[i] = MoneyLine{Water: waterOf(l.water), Raw: int64(l.raw), Capped: int64(l.capped),
			Scaled: int64(l.scaled), Rake: int64(l.rake), Amount: int64(l.amount)}
	}
	return r
}

// MoneySettle turns a round's water into money (only each Water's Units is read, so Totals,
// WholeWater and WaterFromUnits all do): each seat's water × base, losses capped at the seat's
// carry (nil: no caps, else one carry per seat), the larger side scaled down to the smaller,
// the rake taken from each positive result. Not 2 to 8 seats is ErrInvalidTable; a bad stake,
// carry or rake is ErrInvalidMoney.
func MoneySettle(water []Water, stakes Stakes, carries []int64) (MoneyResult, error) {
	var buf [MaxSeats]C.int64_t
	units := buf[:]
	if len(water) > len(buf) {
		// The engine refuses the table with its own message.
		units = make([]C.int64_t, len(water))
	}
	for i, w := range water {
		units[i] = C.int64_t(w.Units)
	}
	st := stakes.c()
	var lines [MaxSeats]C.SssMoneyLine
	var n C.size_t
	var t C.SssMoneyTotals
	err := call(func() C.SssStatus {
		return C.sss_money_settle(&units[0], C.size_t(len(water)), &st, i64Ptr(carries), C.size_t(len(carries)),
			&lines[0], C.size_t(len(lines)), &n, &t)
	})
	if err != nil {
		return MoneyResult{}, err
	}
	return moneyResult(lines[:], n, t), nil
}

// Escape is an escape in money (逃跑, RULES.md §8): seat leaver of a seats-seat table pays 18
// water × base and every other seat receives 1 × base, each capped at its carry (nil: no caps);
// the stayers are scaled down to what the leaver actually pays, and raked. Not zero-sum: what no
// one receives is Totals.Unclaimed.
func Escape(seats, leaver int, stakes Stakes, carries []int64) (MoneyResult, error) {
	if seats < 0 || leaver < 0 {
		return MoneyResult{}, argError(StatusInvalidTable, "seats and the leaver are counts from 0")
	}
	st := stakes.c()
	var lines [MaxSeats]C.SssMoneyLine
	var n C.size_t
	var t C.SssMoneyTotals
	err := call(func() C.SssStatus {
		return C.sss_money_escape(C.size_t(seats), C.size_t(leaver), &st, i64Ptr(carries), C.size_t(len(carries)),
			&lines[0], C.size_t(len(lines)), &n, &t)
	})
	if err != nil {
		return MoneyResult{}, err
	}
	return moneyResult(lines[:], n, t), nil
}
