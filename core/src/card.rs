//! Cards, ranks, suits and the interchange code of RULES.md §1: `code = (rank - 2) * 4 + suit`.

use std::fmt;
use std::str::FromStr;

use crate::deck::Deck;
use crate::error::{Error, Result};

/// A card rank, `Two` (lowest) to `Ace` (highest). The discriminant is the rank index 0..=12.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All ranks from low to high.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// Rank from its index 0..=12 (2 = 0, A = 12).
    pub const fn from_index(i: u8) -> Option<Rank> {
        if i < 13 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }

    /// Index 0..=12 (2 = 0, A = 12).
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The rank's face number 2..=14 (J = 11, Q = 12, K = 13, A = 14).
    pub const fn number(self) -> u8 {
        self as u8 + 2
    }

    /// One-character display form: `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn to_char(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }
}

/// A suit. Discriminants follow the interchange code: ♦ = 0, ♣ = 1, ♥ = 2, ♠ = 3, which is
/// also the tie-break order of seed 001 (♠ > ♥ > ♣ > ♦).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Suit {
    Diamonds = 0,
    Clubs = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    /// All suits from low to high.
    pub const ALL: [Suit; 4] = [Suit::Diamonds, Suit::Clubs, Suit::Hearts, Suit::Spades];

    /// Suit from its index 0..=3.
    pub const fn from_index(i: u8) -> Option<Suit> {
        if i < 4 {
            Some(Suit::ALL[i as usize])
        } else {
            None
        }
    }

    /// Index 0..=3.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// Lower-case letter: `d`, `c`, `h`, `s`.
    pub const fn letter(self) -> char {
        b"dchs"[self as usize] as char
    }

    /// Unicode symbol: ♦ ♣ ♥ ♠.
    pub const fn symbol(self) -> char {
        ['♦', '♣', '♥', '♠'][self as usize]
    }

    /// ♥ and ♦ are red (for 凑一色 and the regional one-colour specials).
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }
}

/// One card, held as its interchange code: 0..=51 for the standard deck, 52 and 53 for the small
/// and big joker (小王, 大王; RULES.md §12).
///
/// Ordering is by code, i.e. rank first, then suit — a higher code is a higher card, and the
/// jokers come last. A joker has no rank or suit of its own: [`Card::rank`] and [`Card::suit`]
/// give an ace and a meaningless suit for it, so code that may meet one asks
/// [`Card::is_joker`] first (the evaluator values a lane with jokers as §12 says).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Card(u8);

impl Card {
    /// Number of distinct cards of the standard deck (the jokers not counted).
    pub const COUNT: usize = 52;
    /// The small joker (小王), code 52.
    pub const SMALL_JOKER: Card = Card(52);
    /// The big joker (大王), code 53.
    pub const BIG_JOKER: Card = Card(53);

    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card with this interchange code, or [`Error::BadCardCode`].
    pub const fn from_code(code: u8) -> Result<Card> {
        if code < 52 {
            Ok(Card(code))
        } else {
            Err(Error::BadCardCode { code: code as u32 })
        }
    }

    /// The card with this interchange code, the jokers included: 0..=53, else
    /// [`Error::BadCardCode`]. Whether a rule set's deck holds a joker is checked where cards
    /// meet a rule set ([`crate::deck::Deck`]).
    pub const fn from_any_code(code: u8) -> Result<Card> {
        if code < 54 {
            Ok(Card(code))
        } else {
            Err(Error::BadCardCode { code: code as u32 })
        }
    }

    /// The interchange code: 0..=51, or 52 and 53 for the jokers.
    pub const fn code(self) -> u8 {
        self.0
    }

    /// Whether this is one of the two jokers (codes 52 and 53).
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The card's rank (an ace for a joker, which has none: see the type's docs).
    pub const fn rank(self) -> Rank {
        RANK_OF_CODE[(self.0 >> 2) as usize & 63]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 & 3) as usize]
    }

    /// Display form with a suit symbol instead of a letter: `A♠`, `T♥` (`SJ`, `BJ` for the jokers).
    pub fn to_symbol_string(self) -> String {
        match joker_name(self) {
            Some(name) => name.to_string(),
            None => format!("{}{}", self.rank().to_char(), self.suit().symbol()),
        }
    }

    /// Parse one card token; `position` is only used in the error. `SJ` / `小王` and `BJ` /
    /// `大王` (any case) are the jokers; whether the deck holds them is for its caller to check.
    pub fn parse_at(token: &str, position: usize) -> Result<Card> {
        if let Some(joker) = joker_of_text(token) {
            return Ok(joker);
        }
        let mut chars = token.chars();
        let last = chars.next_back();
        // A lone rank ("A") is a card missing its suit, not an unknown rank.
        let (rank_text, suit_char) = match last {
            Some(c) if !chars.as_str().is_empty() => (chars.as_str(), Some(c)),
            _ => (token, None),
        };
        let Some(rank) = rank_from_text(rank_text) else {
            return Err(Error::unknown_rank(token, position));
        };
        let suit = match suit_char.map(|c| c.to_ascii_lowercase()) {
            Some('d' | '♦' | '♢') => Suit::Diamonds,
            Some('c' | '♣' | '♧') => Suit::Clubs,
            Some('h' | '♥' | '♡') => Suit::Hearts,
            Some('s' | '♠' | '♤') => Suit::Spades,
            _ => return Err(Error::unknown_suit(token, position)),
        };
        Ok(Card::new(rank, suit))
    }
}

/// Rank of each `code >> 2`: the thirteen ranks, then aces for the jokers' 13 and for the
/// values no card has (so the lookup needs no bounds check and never panics).
const RANK_OF_CODE: [Rank; 64] = {
    let mut out = [Rank::Ace; 64];
    let mut i = 0;
    while i < 13 {
        out[i] = Rank::ALL[i];
        i += 1;
    }
    out
};

/// `SJ` or `BJ` for a joker, else `None`.
const fn joker_name(card: Card) -> Option<&'static str> {
    match card.0 {
        52 => Some("SJ"),
        53 => Some("BJ"),
        _ => None,
    }
}

/// The joker a token names: `SJ` / `小王` (small) or `BJ` / `大王` (big), any case.
fn joker_of_text(token: &str) -> Option<Card> {
    if token.eq_ignore_ascii_case("SJ") || token == "小王" {
        Some(Card::SMALL_JOKER)
    } else if token.eq_ignore_ascii_case("BJ") || token == "大王" {
        Some(Card::BIG_JOKER)
    } else {
        None
    }
}

/// The length in bytes of a joker's name at the start of `s`, if one starts there.
fn joker_prefix(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() >= 2 && matches!(b[0], b'S' | b's' | b'B' | b'b') && matches!(b[1], b'J' | b'j') {
        Some(2)
    } else if s.starts_with("小王") || s.starts_with("大王") {
        Some("小王".len())
    } else {
        None
    }
}

/// The rank written as `text`: `10` or one of `2-9 T J Q K A` (any case).
fn rank_from_text(text: &str) -> Option<Rank> {
    let mut chars = text.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some('1'), Some('0'), None) => Some(Rank::Ten),
        (Some(c), None, _) => match c.to_ascii_uppercase() {
            '2'..='9' => Rank::from_index(c as u8 - b'2'),
            'T' => Some(Rank::Ten),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            'A' => Some(Rank::Ace),
            _ => None,
        },
        _ => None,
    }
}

impl TryFrom<u8> for Card {
    type Error = Error;
    fn try_from(code: u8) -> Result<Card> {
        Card::from_code(code)
    }
}

impl TryFrom<u32> for Card {
    type Error = Error;
    fn try_from(code: u32) -> Result<Card> {
        if code < 52 {
            Ok(Card(code as u8))
        } else {
            Err(Error::BadCardCode { code })
        }
    }
}

impl From<Card> for u8 {
    fn from(c: Card) -> u8 {
        c.0
    }
}

impl fmt::Display for Card {
    /// `As`, `Td`; `SJ` and `BJ` for the jokers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match joker_name(*self) {
            Some(name) => f.write_str(name),
            None => write!(f, "{}{}", self.rank().to_char(), self.suit().letter()),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = Error;
    fn from_str(s: &str) -> Result<Card> {
        let mut tokens = Tokens(s);
        let first = tokens.next();
        // Counted without being kept: the text may be long.
        let more = tokens.count();
        match first {
            Some(token) if more == 0 => Card::parse_at(token, 0),
            _ => Err(Error::WrongCardCount { expected: 1, found: usize::from(first.is_some()) + more, lane: None }),
        }
    }
}

/// Whether `c` separates cards.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// Whether `c` is a suit letter or symbol, which ends a card token.
fn is_suit_char(c: char) -> bool {
    matches!(c, 'd' | 'c' | 'h' | 's' | 'D' | 'C' | 'H' | 'S' | '♦' | '♣' | '♥' | '♠' | '♢' | '♧' | '♡' | '♤')
}

/// The card tokens of a text, as slices of it. Cards may be separated by spaces or commas, or
/// written together (`AsKsQs`, `10h9h`): a token ends at its suit character. Each character is
/// looked at once and nothing is copied, so bad text of any size costs no memory.
#[derive(Clone)]
struct Tokens<'a>(&'a str);

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        let s = self.0.trim_start_matches(is_separator);
        // A joker's name is a token of its own (`SJ` would otherwise end at its `S`).
        if let Some(end) = joker_prefix(s) {
            let (token, rest) = s.split_at(end);
            self.0 = rest;
            return Some(token);
        }
        let end = s
            .char_indices()
            .find_map(|(i, c)| {
                if is_separator(c) {
                    Some(i)
                } else if is_suit_char(c) {
                    Some(i + c.len_utf8())
                } else {
                    None
                }
            })
            .unwrap_or(s.len());
        let (token, rest) = s.split_at(end);
        self.0 = rest;
        (!token.is_empty()).then_some(token)
    }
}

/// Copies of each card added so far, checked against a rule set's deck (RULES.md §11, §12): the
/// one count behind every "no card more often than the deck holds it".
///
/// Two bit sets over the codes (cards held once, cards held twice) and the codes the deck holds
/// twice, so for one deck adding a card costs what inserting it in a [`CardSet`] does, and a
/// counter is a few words on the stack. The jokers, of which a deck may hold three of a code,
/// are counted apart.
#[derive(Copy, Clone, Debug)]
pub(crate) struct CopyCounter {
    once: u64,
    twice: u64,
    doubled: u64,
    /// Jokers held so far, small and big.
    jokers: [u8; 2],
    deck: Deck,
}

impl CopyCounter {
    /// No card yet, for this deck.
    pub(crate) const fn new(deck: Deck) -> CopyCounter {
        // The suit nibble repeated for each of the 13 ranks: bit `code` for every doubled card.
        let doubled = deck.extra_suits().0 as u64 * 0x1_1111_1111_1111;
        CopyCounter { once: 0, twice: 0, doubled, jokers: [0; 2], deck }
    }

    /// Count one more copy of `card`, which stands at `position` (only used in the error).
    /// One copy more than the deck holds is [`Error::DuplicateCard`] for a card it holds once,
    /// [`Error::TooManyCopies`] for a card of a doubled suit or a joker it holds more than once,
    /// and [`Error::JokerNotInDeck`] for a joker it does not hold.
    #[inline]
    pub(crate) fn add(&mut self, card: Card, position: usize) -> Result<()> {
        if card.is_joker() {
            return self.add_joker(card, position);
        }
        let bit = 1u64 << card.0;
        if self.once & bit == 0 {
            self.once |= bit;
            return Ok(());
        }
        if self.doubled & !self.twice & bit != 0 {
            self.twice |= bit;
            return Ok(());
        }
        Err(self.too_many(card, position))
    }

    fn add_joker(&mut self, card: Card, position: usize) -> Result<()> {
        let copies = self.deck.copies(card);
        let held = &mut self.jokers[(card.0 - 52) as usize & 1];
        if *held < copies {
            *held += 1;
            return Ok(());
        }
        Err(match copies {
            0 => Error::JokerNotInDeck { card, position, jokers: self.deck.jokers() },
            1 => Error::DuplicateCard { card, position, seats: None },
            copies => Error::TooManyCopies { card, position, copies },
        })
    }

    #[cold]
    fn too_many(&self, card: Card, position: usize) -> Error {
        match 1 + (self.doubled >> card.0 & 1) as u8 {
            1 => Error::DuplicateCard { card, position, seats: None },
            copies => Error::TooManyCopies { card, position, copies },
        }
    }
}

/// Parse a list of cards (`"As Kd 10h"`, `"As,Kd"`, `"AsKdTh"`), rejecting duplicates.
///
/// One pass that stops at the first bad token; the only allocation is the result (at most 52
/// cards, as a 53rd must repeat one).
pub fn parse_cards(s: &str) -> Result<Vec<Card>> {
    parse_cards_in(s, SuitSet::EMPTY)
}

/// [`parse_cards`] for a rule set's deck (a [`Deck`], or the [`SuitSet`] it doubles; RULES.md §11,
/// §12): a card of a doubled suit may be written twice, one more is [`Error::TooManyCopies`];
/// `SJ` / `BJ` as often as the deck holds them. One pass that stops at the first bad token; the
/// result holds at most 110 cards.
pub fn parse_cards_in(s: &str, deck: impl Into<Deck>) -> Result<Vec<Card>> {
    let mut out = Vec::new();
    parse_copies_into(s, &mut CopyCounter::new(deck.into()), &mut out)?;
    Ok(out)
}

/// [`parse_cards_in`] appending to `out`, with positions and copies counted from what `out` and
/// `held` already hold (the lanes of one arrangement).
#[inline]
pub(crate) fn parse_copies_into(s: &str, held: &mut CopyCounter, out: &mut Vec<Card>) -> Result<()> {
    for token in Tokens(s) {
        let position = out.len();
        let card = Card::parse_at(token, position)?;
        held.add(card, position)?;
        out.push(card);
    }
    Ok(())
}

/// [`cards_from_codes`] for a rule set's deck (RULES.md §11, §12): codes 52 and 53 are the jokers
/// where the deck deals jokers; where it deals none they are [`Error::BadCardCode`], as any code
/// above 51 is for one deck.
pub fn cards_from_codes_in(codes: &[u8], deck: impl Into<Deck>) -> Result<Vec<Card>> {
    let deck = deck.into();
    let code = if deck.jokers() == 0 { Card::from_code } else { Card::from_any_code };
    let cards = codes.iter().map(|&c| code(c)).collect::<Result<Vec<Card>>>()?;
    check_copies(&cards, deck)?;
    Ok(cards)
}

impl CardSet {
    /// The set of `cards`, or [`Error::InvalidArgument`] when a card repeats: a bit set holds
    /// each card once, so a hand with copies (RULES.md §11) must be passed as cards or codes.
    pub fn try_from_cards(cards: &[Card]) -> Result<CardSet> {
        let mut set = CardSet::EMPTY;
        for &card in cards {
            if !set.insert(card) {
                return Err(Error::InvalidArgument(format!(
                    "a card set (bit mask) holds each card once, but {card} is there twice; pass hands with copies as card codes"
                )));
            }
        }
        Ok(set)
    }
}

/// Convert interchange codes to cards, rejecting codes ≥ 52 and duplicates.
pub fn cards_from_codes(codes: &[u8]) -> Result<Vec<Card>> {
    let mut held = CopyCounter::new(Deck::ONE);
    let mut out = Vec::with_capacity(codes.len());
    for (position, &code) in codes.iter().enumerate() {
        let card = Card::from_code(code)?;
        held.add(card, position)?;
        out.push(card);
    }
    Ok(out)
}

/// Check that `cards` has exactly `N` distinct cards and return them as an array.
pub fn exact_cards<const N: usize>(cards: &[Card]) -> Result<[Card; N]> {
    exact_cards_in(cards, SuitSet::EMPTY)
}

/// Check that `cards` holds no card more often than a rule set's deck does (RULES.md §11: twice for
/// a card of a doubled suit, once for any other; §12: each joker as often as the deck deals it).
/// The error names the first occurrence too many: [`Error::DuplicateCard`] for a card the deck
/// holds once, [`Error::TooManyCopies`] for one copy more than it holds twice or more,
/// [`Error::JokerNotInDeck`] for a joker it does not deal.
pub fn check_copies(cards: &[Card], deck: impl Into<Deck>) -> Result<()> {
    let mut held = CopyCounter::new(deck.into());
    cards.iter().enumerate().try_for_each(|(position, &card)| held.add(card, position))
}

/// [`exact_cards`] for a rule set's deck (RULES.md §11, §12): exactly `N` cards, none more often
/// than the deck holds it.
pub fn exact_cards_in<const N: usize>(cards: &[Card], deck: impl Into<Deck>) -> Result<[Card; N]> {
    if cards.len() != N {
        return Err(Error::WrongCardCount { expected: N, found: cards.len(), lane: None });
    }
    check_copies(cards, deck)?;
    let mut out = [Card(0); N];
    out.copy_from_slice(cards);
    Ok(out)
}

/// A set of suits, bit `suit` per suit: the suits a rule set's deck holds twice (加色, RULES.md
/// §11). Written as letters in code order (`"hs"`), in JSON as a list (`["h", "s"]`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct SuitSet(u8);

impl SuitSet {
    /// No suit: one deck.
    pub const EMPTY: SuitSet = SuitSet(0);
    /// Every suit: two decks.
    pub const ALL: SuitSet = SuitSet(0xF);

    /// From the bits (bit `suit`), or [`Error::InvalidArgument`] for a bit above 3.
    pub fn from_bits(bits: u8) -> Result<SuitSet> {
        if bits >> 4 != 0 {
            return Err(Error::InvalidArgument(format!("suit mask {bits:#x} has bits above the four suits (0..=0xF)")));
        }
        Ok(SuitSet(bits))
    }
    /// The bits, bit `suit` per suit.
    pub const fn bits(self) -> u8 {
        self.0
    }
    /// The set of these suits (a suit given twice is in it once; parsing text refuses that).
    pub fn of(suits: &[Suit]) -> SuitSet {
        SuitSet(suits.iter().fold(0, |m, &s| m | 1 << s as u8))
    }
    /// Number of suits in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// True for one deck.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Whether the suit is in the set.
    pub const fn contains(self, suit: Suit) -> bool {
        self.0 >> suit as u8 & 1 == 1
    }
    /// How many copies of each card of `suit` the deck holds: 2 when the suit is doubled, else 1.
    pub const fn copies(self, suit: Suit) -> u8 {
        1 + (self.0 >> suit as u8 & 1)
    }
    /// The suits, lowest code first.
    pub fn iter(self) -> impl Iterator<Item = Suit> {
        Suit::ALL.into_iter().filter(move |&s| self.contains(s))
    }
    /// The deck with these suits doubled, in the order RULES.md §11 deals from: codes `0..=51`,
    /// then one more copy of every card of the doubled suits, ascending.
    pub fn deck(self) -> Vec<Card> {
        let mut deck: Vec<Card> = (0..Card::COUNT as u8).map(Card).collect();
        deck.extend((0..Card::COUNT as u8).map(Card).filter(|c| self.contains(c.suit())));
        deck
    }
    /// Seats the deck deals 13 cards to: 4 plus one per doubled suit (RULES.md §11).
    pub const fn max_players(self) -> usize {
        4 + self.len()
    }
}

impl fmt::Display for SuitSet {
    /// The letters in code order (`d c h s`), e.g. `hs`; empty for one deck.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|s| write!(f, "{}", s.letter()))
    }
}

impl fmt::Debug for SuitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SuitSet({self})")
    }
}

/// The suit of one letter or symbol (`d c h s`, any case, or `♦ ♣ ♥ ♠`).
fn suit_of_char(c: char) -> Option<Suit> {
    match c.to_ascii_lowercase() {
        'd' | '♦' | '♢' => Some(Suit::Diamonds),
        'c' | '♣' | '♧' => Some(Suit::Clubs),
        'h' | '♥' | '♡' => Some(Suit::Hearts),
        's' | '♠' | '♤' => Some(Suit::Spades),
        _ => None,
    }
}

impl FromStr for SuitSet {
    type Err = Error;
    /// Suit letters or symbols, optionally separated by spaces or commas (`"sh"`, `"s,h"`,
    /// `"♠♥"`); the empty text is one deck. A suit given twice or an unknown character is
    /// [`Error::InvalidRules`] at `extra_suits`.
    fn from_str(s: &str) -> Result<SuitSet> {
        let mut set = SuitSet::EMPTY;
        for c in s.chars().filter(|&c| !is_separator(c)) {
            set = set.with(c)?;
        }
        Ok(set)
    }
}

impl SuitSet {
    /// This set and the suit of `c`, refusing an unknown character or a suit already in it.
    pub(crate) fn with(self, c: char) -> Result<SuitSet> {
        let bad = |reason: String| Error::InvalidRules { path: "extra_suits".into(), reason };
        let suit = suit_of_char(c).ok_or_else(|| bad(format!("unknown suit {c:?} (expected d, c, h or s)")))?;
        if self.contains(suit) {
            return Err(bad(format!("suit {} is listed twice", suit.letter())));
        }
        Ok(SuitSet(self.0 | 1 << suit as u8))
    }
}

/// Display a slice of cards as `As Kd Th`.
pub fn format_cards(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// A set of cards as a bitmask: bit `code` is set when the card is present.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CardSet(pub u64);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// The full 52-card deck.
    pub const FULL_DECK: CardSet = CardSet((1u64 << 52) - 1);

    /// The set's bits; bit `code` per card.
    pub const fn bits(self) -> u64 {
        self.0
    }
    /// From raw bits, rejecting bits at 52 and above.
    pub fn from_bits(bits: u64) -> Result<CardSet> {
        if bits >> 52 != 0 {
            return Err(Error::BadCardCode { code: 63 - (bits.leading_zeros()) });
        }
        Ok(CardSet(bits))
    }
    /// Number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// True when no card is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Whether the card is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.0 & 1 == 1
    }
    /// Add a card; returns whether it was new.
    pub fn insert(&mut self, card: Card) -> bool {
        let new = !self.contains(card);
        self.0 |= 1 << card.0;
        new
    }
    /// Remove a card; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.0);
        had
    }
    /// Set union.
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
    /// Set intersection.
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
    /// Cards in `self` but not `other`.
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
    /// The 4-bit suit mask of the cards of one rank (bit `suit`).
    pub const fn rank_suits(self, rank: Rank) -> u8 {
        (self.0 >> (rank as u8 * 4) & 0xF) as u8
    }
    /// 13-bit mask of the ranks present in one suit (bit `rank index`).
    pub fn suit_ranks(self, suit: Suit) -> u16 {
        let mut m = 0u16;
        for r in 0..13 {
            m |= ((self.0 >> (r * 4 + suit as u32) & 1) as u16) << r;
        }
        m
    }
    /// How many cards of each rank, indexed by rank index.
    pub fn rank_counts(self) -> [u8; 13] {
        let mut c = [0u8; 13];
        for (r, n) in c.iter_mut().enumerate() {
            *n = (self.0 >> (r * 4) & 0xF).count_ones() as u8;
        }
        c
    }
    /// Iterate the cards from the lowest code up.
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
    /// The cards as a vector, lowest code first.
    pub fn to_vec(self) -> Vec<Card> {
        self.iter().collect()
    }
}

/// Iterator over a [`CardSet`], lowest code first.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let code = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(code))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl<'a> FromIterator<&'a Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = &'a Card>>(iter: I) -> CardSet {
        iter.into_iter().copied().collect()
    }
}

impl fmt::Display for CardSet {
    /// Highest card first, e.g. `As Kd 2c`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cards = self.to_vec();
        cards.reverse();
        f.write_str(&format_cards(&cards))
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

impl FromStr for CardSet {
    type Err = Error;
    /// Parse cards as [`parse_cards`] does; duplicates are an error, not merged.
    fn from_str(s: &str) -> Result<CardSet> {
        Ok(parse_cards(s)?.into_iter().collect())
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Card {
        fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }
    /// A list of one-letter suits in code order: `["h", "s"]`.
    impl Serialize for SuitSet {
        fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
            s.collect_seq(self.iter().map(|suit| suit.letter().to_string()))
        }
    }
    impl<'de> Deserialize<'de> for SuitSet {
        fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<SuitSet, D::Error> {
            use serde::de::Error as _;
            let letters = Vec::<String>::deserialize(d)?;
            let mut set = SuitSet::EMPTY;
            for text in &letters {
                let mut chars = text.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return Err(D::Error::custom(format!(
                        "{:?} is not one suit letter (expected d, c, h or s)",
                        crate::error::short_name(text)
                    )));
                };
                set = set.with(c).map_err(|e| match e {
                    Error::InvalidRules { reason, .. } => D::Error::custom(reason),
                    other => D::Error::custom(other),
                })?;
            }
            Ok(set)
        }
    }
    impl<'de> Deserialize<'de> for Card {
        fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Card, D::Error> {
            let s = String::deserialize(d)?;
            s.parse().map_err(serde::de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_rules_section_1() {
        assert_eq!(Card::new(Rank::Two, Suit::Diamonds).code(), 0);
        assert_eq!(Card::new(Rank::Two, Suit::Spades).code(), 3);
        assert_eq!(Card::new(Rank::Ace, Suit::Spades).code(), 51);
        for code in 0..52u8 {
            let c = Card::from_code(code).unwrap();
            assert_eq!(Card::new(c.rank(), c.suit()), c);
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
        assert_eq!(Card::from_code(52), Err(Error::BadCardCode { code: 52 }));
    }

    #[test]
    fn every_text_form_parses() {
        let as_ = Card::new(Rank::Ace, Suit::Spades);
        assert_eq!("As".parse::<Card>().unwrap(), as_);
        assert_eq!("aS".parse::<Card>().unwrap(), as_);
        assert_eq!("A♠".parse::<Card>().unwrap(), as_);
        assert_eq!("10h".parse::<Card>().unwrap(), Card::new(Rank::Ten, Suit::Hearts));
        assert_eq!("Td".parse::<Card>().unwrap(), Card::new(Rank::Ten, Suit::Diamonds));
        assert_eq!("q♣".parse::<Card>().unwrap(), Card::new(Rank::Queen, Suit::Clubs));
        let hand = parse_cards("AsKsQs").unwrap();
        assert_eq!(format_cards(&hand), "As Ks Qs");
        assert_eq!(format_cards(&parse_cards("10h, 9h 8♥").unwrap()), "Th 9h 8h");
    }

    #[test]
    fn bad_text_is_named() {
        assert_eq!(
            parse_cards("As Xs").unwrap_err(),
            Error::UnknownRank { token: "Xs".into(), token_len: 2, position: 1 }
        );
        assert_eq!(
            parse_cards("As Kx").unwrap_err(),
            Error::UnknownSuit { token: "Kx".into(), token_len: 2, position: 1 }
        );
        assert_eq!(
            "A".parse::<Card>().unwrap_err(),
            Error::UnknownSuit { token: "A".into(), token_len: 1, position: 0 }
        );
        assert_eq!(
            "1h".parse::<Card>().unwrap_err(),
            Error::UnknownRank { token: "1h".into(), token_len: 2, position: 0 }
        );
        assert_eq!(
            parse_cards("As Kd As").unwrap_err(),
            Error::DuplicateCard { card: "As".parse().unwrap(), position: 2, seats: None }
        );
        assert_eq!(
            exact_cards::<3>(&parse_cards("As Kd").unwrap()).unwrap_err(),
            Error::WrongCardCount { expected: 3, found: 2, lane: None }
        );
    }

    #[test]
    fn copy_counter_names_the_copy_too_many() {
        let (ah, as_) = (Card::new(Rank::Ace, Suit::Hearts), Card::new(Rank::Ace, Suit::Spades));
        let mut one = CopyCounter::new(SuitSet::EMPTY.into());
        assert_eq!(one.add(ah, 0), Ok(()));
        assert_eq!(one.add(ah, 1), Err(Error::DuplicateCard { card: ah, position: 1, seats: None }));
        let mut hearts = CopyCounter::new(SuitSet::of(&[Suit::Hearts]).into());
        for (position, card) in [ah, as_, ah].into_iter().enumerate() {
            assert_eq!(hearts.add(card, position), Ok(()));
        }
        assert_eq!(hearts.add(as_, 3), Err(Error::DuplicateCard { card: as_, position: 3, seats: None }));
        assert_eq!(hearts.add(ah, 4), Err(Error::TooManyCopies { card: ah, position: 4, copies: 2 }));
        // Every code of a doubled suit, and none of the others, may be added twice.
        for code in 0..52u8 {
            let card = Card::from_code(code).unwrap();
            let mut c = CopyCounter::new(SuitSet::of(&[Suit::Clubs, Suit::Spades]).into());
            c.add(card, 0).unwrap();
            assert_eq!(c.add(card, 1).is_ok(), matches!(card.suit(), Suit::Clubs | Suit::Spades), "{card}");
        }
    }

    #[test]
    fn cardset_basics() {
        let s: CardSet = "As Ks 2d".parse().unwrap();
        assert_eq!(s.len(), 3);
        assert_eq!(s.to_string(), "As Ks 2d");
        assert_eq!(s.rank_counts()[12], 1);
        assert_eq!(s.suit_ranks(Suit::Spades), (1 << 12) | (1 << 11));
        assert!(CardSet::from_bits(1 << 52).is_err());
        assert_eq!(CardSet::FULL_DECK.len(), 52);
    }
}
