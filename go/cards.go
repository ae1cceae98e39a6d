package shisanshui

// #include <stdlib.h>
// #include "shisanshui.h"
import "C"

import "unsafe"

// Card is a card code: (rank − 2) × 4 + suit, suit 0 ♦, 1 ♣, 2 ♥, 3 ♠ (2♦ is 0, A♠ is 51), and the
// jokers of RULES.md §12: 52 the small joker, 53 the big one.
type Card uint8

// The jokers (鬼牌): wild cards, dealt when the rule set says so (Rules.SetJokers).
const (
	SmallJoker Card = 52
	BigJoker   Card = 53
)

// Suit is a card's suit, in the order of the codes.
type Suit uint8

// The four suits.
const (
	Diamonds Suit = 0
	Clubs    Suit = 1
	Hearts   Suit = 2
	Spades   Suit = 3
)

// CardStyle is how FormatCards writes cards.
type CardStyle uint32

// The card styles.
const (
	Letters CardStyle = C.SSS_CARD_STYLE_LETTERS // As Kd Th 2c
	Symbols CardStyle = C.SSS_CARD_STYLE_SYMBOLS // A♠ K♦ T♥ 2♣
)

// NewCard is the card of a rank (2 to 14, ace high) and suit.
func NewCard(rank int, suit Suit) (Card, error) {
	if rank < 2 || rank > 14 || suit > Spades {
		return 0, argError(StatusInvalidArgument, "a card's rank is 2 to 14 and its suit 0 to 3, not rank "+
			itoa(rank)+" suit "+itoa(int(suit)))
	}
	return Card((rank-2)*4 + int(suit)), nil
}

// Rank is the card's rank, 2 to 14 (ace); 0 for a joker.
func (c Card) Rank() int {
	if c.IsJoker() {
		return 0
	}
	return int(c)/4 + 2
}

// Suit is the card's suit (meaningless for a joker).
func (c Card) Suit() Suit { return Suit(c % 4) }

// IsJoker says whether the card is a joker (52 or 53).
func (c Card) IsJoker() bool { return c == SmallJoker || c == BigJoker }

// String writes the card as the engine does: "As", "Td", "SJ"; "?(N)" for a code that is no card.
func (c Card) String() string {
	s, err := FormatCards([]Card{c}, Letters)
	if err != nil {
		return "?(" + itoa(int(c)) + ")"
	}
	return s
}

// ParseCard reads one card: "As", "10h", "td", "A♠", "SJ", "大王".
func ParseCard(text string) (Card, error) {
	p, n := strPtr(text)
	out := (*C.uint8_t)(C.malloc(1))
	defer C.free(unsafe.Pointer(out))
	if err := call(func() C.SssStatus { return C.sss_card_parse(p, n, out) }); err != nil {
		return 0, err
	}
	return Card(*out), nil
}

// ParseCards reads a hand of one deck ("As Kd 10h", commas and no separators too); a repeated card
// is ErrDuplicateCard. For a rule set's bigger deck (extra suits, jokers) use Rules.ParseCards.
func ParseCards(text string) ([]Card, error) {
	return parseCards(nil, text, C.SSS_MAX_CARDS)
}

func parseCards(r *Rules, text string, max int) ([]Card, error) {
	p, n := strPtr(text)
	out := (*C.uint8_t)(C.malloc(C.size_t(max)))
	defer C.free(unsafe.Pointer(out))
	count := (*C.size_t)(C.malloc(C.size_t(unsafe.Sizeof(C.size_t(0)))))
	defer C.free(unsafe.Pointer(count))
	err := call(func() C.SssStatus {
		if r == nil {
			return C.sss_cards_parse(p, n, out, C.size_t(max), count)
		}
		return C.sss_cards_parse_for(r.h, p, n, out, C.size_t(max), count)
	})
	if err != nil {
		return nil, err
	}
	cards := make([]Card, int(*count))
	copy(cards, unsafe.Slice((*Card)(unsafe.Pointer(out)), int(*count)))
	return cards, nil
}

// MustParseCards is ParseCards for literals in programs and tests: it panics on bad text.
func MustParseCards(text string) []Card {
	c, err := ParseCards(text)
	if err != nil {
		panic(err)
	}
	return c
}

// FormatCards writes cards separated by single spaces. It writes any hand of the biggest deck (a
// card twice, jokers as SJ and BJ); a code above 53 is ErrBadCardCode.
func FormatCards(cards []Card, style CardStyle) (string, error) {
	return textOut(func(buf *C.uint8_t, cap C.size_t, n *C.size_t) C.SssStatus {
		return C.sss_cards_format(cardsPtr(cards), C.size_t(len(cards)), C.uint32_t(style), buf, cap, n)
	})
}

// ValidateCards checks codes as a hand of one deck: each below 52, none twice.
func ValidateCards(cards []Card) error {
	return call(func() C.SssStatus { return C.sss_cards_validate(cardsPtr(cards), C.size_t(len(cards))) })
}
