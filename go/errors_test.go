package shisanshui

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
)

func errorsIs(err, target error) bool { return errors.Is(err, target) }

// The statuses of the C ABI and their names, spelled out here independently of the library.
var statusNames = []struct {
	status Status
	name   string
	value  int
}{
	{StatusOK, "ok", 0}, {StatusUnknownRank, "unknown_rank", 1}, {StatusUnknownSuit, "unknown_suit", 2},
	{StatusBadCardCode, "bad_card_code", 3}, {StatusDuplicateCard, "duplicate_card", 4},
	{StatusWrongCardCount, "wrong_card_count", 5}, {StatusInvalidRules, "invalid_rules", 6},
	{StatusUnknownPreset, "unknown_preset", 7}, {StatusUnknownSpecial, "unknown_special", 8},
	{StatusSpecialNotAllowed, "special_not_allowed", 9}, {StatusInvalidTable, "invalid_table", 10},
	{StatusInvalidMoney, "invalid_money", 11}, {StatusInvalidArgument, "invalid_argument", 12},
	{StatusCardNotInHand, "card_not_in_hand", 13}, {StatusNoLegalArrangement, "no_legal_arrangement", 14},
	{StatusTooManyCopies, "too_many_copies", 15}, {StatusJokerNotInDeck, "joker_not_in_deck", 16},
	{StatusNullPointer, "null_pointer", -1}, {StatusBufferTooSmall, "buffer_too_small", -1},
	{StatusInvalidUTF8, "invalid_utf8", -1}, {StatusPanic, "panic", -1}, {StatusInvalidHandle, "invalid_handle", -1},
}

var sentinels = []*Error{ErrUnknownRank, ErrUnknownSuit, ErrBadCardCode, ErrDuplicateCard, ErrWrongCardCount,
	ErrInvalidRules, ErrUnknownPreset, ErrUnknownSpecial, ErrSpecialNotAllowed, ErrInvalidTable, ErrInvalidMoney,
	ErrInvalidArgument, ErrCardNotInHand, ErrNoLegalArrangement, ErrTooManyCopies, ErrJokerNotInDeck,
	ErrNullPointer, ErrBufferTooSmall, ErrInvalidUTF8, ErrPanic, ErrInvalidHandle}

func TestStatusNames(t *testing.T) {
	seen := map[Status]bool{}
	for _, s := range statusNames {
		if s.status.String() != s.name || (s.value >= 0 && int(s.status) != s.value) {
			t.Errorf("status %d is named %q, want %q (%d)", s.status, s.status.String(), s.name, s.value)
		}
		if seen[s.status] {
			t.Errorf("status %d twice", s.status)
		}
		seen[s.status] = true
	}
	for _, bad := range []Status{77, -1, 1 << 20} {
		if got := bad.String(); got != "status "+itoa(int(bad)) {
			t.Errorf("status %d is written %q", bad, got)
		}
	}
	// A sentinel for every status but ok, each matching its own status only.
	if len(sentinels) != len(statusNames)-1 {
		t.Errorf("%d sentinels for %d statuses", len(sentinels), len(statusNames)-1)
	}
	for i, s := range sentinels {
		if s.Status != statusNames[i+1].status || s.Error() != "shisanshui: "+statusNames[i+1].name {
			t.Errorf("sentinel %d: %v %q", i, s.Status, s.Error())
		}
		for j, other := range sentinels {
			if errors.Is(s, other) != (i == j) {
				t.Errorf("errors.Is(%v, %v) = %v", s.Status, other.Status, !(i == j))
			}
		}
	}
}

func TestErrorsMatchTheirSentinels(t *testing.T) {
	classic := MustRules("classic")
	defer classic.Close()
	second := func(_ interface{}, err error) error { return err }
	// Each kind through the public API that reaches it, and a text its message holds.
	notMade, _ := SpecialSeat(Dragon, MustParseCards("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Kh"))
	other, _ := ArrangedSeat(MustParseCards("2d 3d 4d"), MustParseCards("5d 7d 8d 9d Jd"), MustParseCards("As Ks Qs Js Ts"))
	arranger, err := NewArranger(classic, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer arranger.Close()
	thirteen := MustParseCards("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad")
	cases := []struct {
		err      error
		sentinel *Error
		text     string
	}{
		{second(ParseCard("Zs")), ErrUnknownRank, `unknown rank in card "Zs" at position 0`},
		{second(ParseCard("1s")), ErrUnknownRank, `"1s"`},
		{second(ParseCard("Ax")), ErrUnknownSuit, `unknown suit in card "Ax"`},
		{second(ParseCards("As Kd Qx")), ErrUnknownSuit, "at position 2"},
		{second(ParseCards("As Zd")), ErrUnknownRank, `"Zd" at position 1`},
		{second(ParseCard("As Kd")), ErrWrongCardCount, "expected 1 cards, got 2"},
		{second(classic.Evaluate([]Card{0, 52, 3})), ErrBadCardCode, "52"},
		{ValidateCards([]Card{3, 52}), ErrBadCardCode, "card code 52 is out of range"},
		{second(FormatCards([]Card{3, 255}, Letters)), ErrBadCardCode, "card code 255"},
		{second(ParseCards("As Kd As")), ErrDuplicateCard, "duplicate card As at position 2"},
		{ValidateCards([]Card{7, 7}), ErrDuplicateCard, "position 1"},
		{second(classic.Evaluate([]Card{0, 1, 2, 3})), ErrWrongCardCount, "expected 5 cards, got 4"},
		{second(classic.Evaluate([]Card{0, 1})), ErrWrongCardCount, "expected 3 cards, got 2"},
		{second(classic.Evaluate(nil)), ErrWrongCardCount, "got 0"},
		{second(RulesFromJSON("{")), ErrInvalidRules, "invalid rule set"},
		{second(NewRules("macau")), ErrUnknownPreset, `unknown preset "macau"`},
		{second(ParseSpecial("XYZ")), ErrUnknownSpecial, `"XYZ"`},
		{second(classic.Settle([]Seat{notMade, other})), ErrSpecialNotAllowed, ""},
		{second(Deal(5, 1)), ErrInvalidTable, "got 5"},
		{RakeCheck(1, 0), ErrInvalidMoney, ""},
		{classic.SetWheel(7), ErrInvalidArgument, "wheel 7"},
		{second(Category(12).Name(English)), ErrInvalidArgument, "category 12"},
		{second(FullHouse.Name(Language(5))), ErrInvalidArgument, "language 5"},
		{second(FormatCards([]Card{3}, CardStyle(2))), ErrInvalidArgument, "card style 2"},
		{second(HandRank{Value: 0xFFFFFFFF}.Describe()), ErrInvalidArgument, "not a hand rank"},
		{second(arranger.Complete(thirteen, MustParseCards("As Ah Ac"), nil, nil)), ErrCardNotInHand, ""},
		{second(classic.ParseCards("SJ")), ErrJokerNotInDeck, "SJ at position 0"},
		{second(ParseCard("A\xff")), ErrInvalidUTF8, "offset 1"},
		{second(NewRules("\xc3")), ErrInvalidUTF8, "`name`"},
		{ErrClosed, ErrInvalidHandle, "the handle is closed"},
	}
	two := MustRules("classic")
	defer two.Close()
	if err := two.SetExtraSuits(TwoDecks); err != nil {
		t.Fatal(err)
	}
	cases = append(cases, struct {
		err      error
		sentinel *Error
		text     string
	}{second(two.ParseCards("As As As")), ErrTooManyCopies, "card As at position 2 is one copy too many"})
	for i, c := range cases {
		var e *Error
		if !errors.As(c.err, &e) || e.Status != c.sentinel.Status || !errors.Is(c.err, c.sentinel) ||
			!strings.Contains(e.Message, c.text) || e.Error() != "shisanshui: "+e.Message {
			t.Errorf("case %d: %#v, want %s naming %q", i, c.err, c.sentinel.Status, c.text)
			continue
		}
		// No other sentinel matches, and a wrapped error still does.
		for _, s := range sentinels {
			if s != c.sentinel && errors.Is(c.err, s) {
				t.Errorf("case %d (%s) matches %s", i, c.sentinel.Status, s.Status)
			}
		}
		if !errors.Is(fmt.Errorf("dealing round 3: %w", c.err), c.sentinel) {
			t.Errorf("case %d: a wrapped error does not match", i)
		}
	}
	// Any *Error of a status matches, whatever its message; other errors never do.
	if !errors.Is(&Error{Status: StatusDuplicateCard, Message: "x"}, ErrDuplicateCard) || errors.Is(errors.New("duplicate_card"), ErrDuplicateCard) {
		t.Error("matching by status")
	}
	if ErrClosed.Status != StatusInvalidHandle || !errors.Is(ErrClosed, ErrInvalidHandle) {
		t.Errorf("ErrClosed: %v", ErrClosed)
	}
	// The binding's own refusals are *Error values too.
	var e *Error
	if _, err := Deal(-1, 1); !errors.As(err, &e) || e.Status != StatusInvalidTable {
		t.Errorf("Deal(-1): %#v", err)
	}
	if NativeABIVersion() != ABIVersion || Version() == "" {
		t.Errorf("ABI %d, version %q", NativeABIVersion(), Version())
	}
}

func TestBadTextIsRefused(t *testing.T) {
	// The message of bad card text names the card and its position (0-based) in the text.
	for _, c := range []struct {
		text     string
		sentinel *Error
		message  string
	}{
		{"As Xs Kd", ErrUnknownRank, "position 1"},
		{"As Kx Qh", ErrUnknownSuit, "position 1"},
		{"As Kd Qh Jc T", ErrUnknownSuit, "position 4"},
		{"10h Th 9h", ErrDuplicateCard, "position 1"},
	} {
		_, err := ParseCards(c.text)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, c.sentinel) || !strings.Contains(e.Message, c.message) {
			t.Errorf("%q: %v, want %s naming %q", c.text, err, c.sentinel.Status, c.message)
		}
	}
	if _, err := ParseCard(string([]byte{0xff, 0xfe})); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("invalid UTF-8: %v", err)
	}
	if _, err := ParseCards("As As"); !errors.Is(err, ErrDuplicateCard) || !strings.Contains(err.Error(), "extra_suits") {
		t.Errorf("a repeated card: %v", err)
	}
	if _, err := FormatCards([]Card{60}, Letters); !errors.Is(err, ErrBadCardCode) {
		t.Errorf("code 60: %v", err)
	}
	if Card(60).String() != "?(60)" {
		t.Errorf("code 60 written %q", Card(60).String())
	}
	if _, err := NewCard(15, Spades); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("rank 15: %v", err)
	}
	if c, err := NewCard(14, Spades); err != nil || c != 51 || c.Rank() != 14 || c.Suit() != Spades {
		t.Errorf("A♠: %v %v", c, err)
	}
	if s, _ := FormatCards(MustParseCards("As Kd"), Symbols); s != "A♠ K♦" {
		t.Errorf("symbols: %q", s)
	}
}

// The engine keeps the last error per thread: many goroutines failing at once each read their
// own message (the binding holds a goroutine on its thread from the call to the read).
func TestErrorsStayWithTheirGoroutine(t *testing.T) {
	var wg sync.WaitGroup
	failures := make(chan string, 16)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			rank := "BEFGILMNOPRUVWXY"[g : g+1]
			for i := 0; i < 300; i++ {
				text := "As Kd " + rank + "h"
				_, err := ParseCards(text)
				if err == nil || !strings.Contains(err.Error(), `"`+rank+`h" at position 2`) {
					failures <- fmt.Sprintf("goroutine %d: %v", g, err)
					return
				}
				if _, err := ParseCards("As Kd Qh"); err != nil {
					failures <- fmt.Sprintf("goroutine %d: good text: %v", g, err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
}
