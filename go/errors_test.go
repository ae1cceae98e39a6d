package shisanshui

import (
	"errors"
	"strings"
	"testing"
)

func errorsIs(err, target error) bool { return errors.Is(err, target) }

func TestErrorsMatchTheirSentinels(t *testing.T) {
	_, err := ParseCards("As Xs Kd")
	if !errors.Is(err, ErrUnknownRank) || errors.Is(err, ErrUnknownSuit) {
		t.Fatalf("%v", err)
	}
	var e *Error
	if !errors.As(err, &e) || e.Status != StatusUnknownRank || !strings.Contains(e.Message, "position 1") {
		t.Fatalf("%#v", err)
	}
	if !strings.HasPrefix(err.Error(), "shisanshui: ") {
		t.Errorf("%q", err.Error())
	}
	if StatusDuplicateCard.String() != "duplicate_card" || StatusInvalidHandle.String() != "invalid_handle" {
		t.Errorf("status names: %s %s", StatusDuplicateCard, StatusInvalidHandle)
	}
	if Status(99).String() != "status 99" {
		t.Errorf("an unknown status: %s", Status(99))
	}
	// Every status the engine names is a sentinel's.
	for _, s := range []*Error{ErrUnknownRank, ErrUnknownSuit, ErrBadCardCode, ErrDuplicateCard, ErrWrongCardCount,
		ErrInvalidRules, ErrUnknownPreset, ErrUnknownSpecial, ErrSpecialNotAllowed, ErrInvalidTable, ErrInvalidMoney,
		ErrInvalidArgument, ErrCardNotInHand, ErrNoLegalArrangement, ErrTooManyCopies, ErrJokerNotInDeck,
		ErrNullPointer, ErrBufferTooSmall, ErrInvalidUTF8, ErrPanic, ErrInvalidHandle} {
		if strings.HasPrefix(s.Status.String(), "status ") {
			t.Errorf("sentinel %d has no name", s.Status)
		}
	}
	if NativeABIVersion() != ABIVersion || Version() == "" {
		t.Errorf("ABI %d, version %q", NativeABIVersion(), Version())
	}
}

func TestBadTextIsRefused(t *testing.T) {
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
	if err := ValidateCards([]Card{1, 1}); !errors.Is(err, ErrDuplicateCard) {
		t.Errorf("validate: %v", err)
	}
}
