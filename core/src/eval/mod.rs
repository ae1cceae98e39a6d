//! Hand evaluation: every 5-card and 3-card hand to one comparable [`HandRank`].
//!
//! Each card has a 64-bit key (`CARD_KEYS`): a per-rank key in the top 19 bits and a 1 in its
//! suit's nibble. The sum of a hand's keys tells, without sorting or branching on card order,
//! the multiset of ranks (the rank-key sum, unique per multiset, five of a kind included) and
//! whether some suit holds five cards (a nibble reaching 5). One lookup in a displacement-hashed table (`tables.rs`, made
//! by `gen.rs`) turns the rank-key sum into the packed rank; a flush (rare, so a cold branch)
//! then moves that high card or straight up to flush or straight flush (`gen::flush_of`; with the
//! copies of a doubled suit, RULES.md §11, a flush may also hold a pair or two pairs).
//!
//! Cards may repeat when the rule set's deck holds a suit twice (§11): the same code twice is
//! two copies of one card, and every fast path here gives the right rank for it (five of a
//! kind, paired flushes). [`Evaluator::evaluate`] checks the copies against the deck.
//!
//! Speed (see `BENCHMARKS.md`): the first four codes are read as two `u16`s that index a table of
//! pair sums directly, so a hand costs three key loads, two table loads and a dozen ALU ops.
//! Sorted batches go faster through `Evaluator::eval5_batch` (`batch.rs`), which shares the work
//! of neighbouring hands.

pub(crate) mod batch;
// The table generator, public for the tools and tests only (hidden, outside semver).
#[doc(hidden)]
pub mod gen;
pub(crate) mod joker;
// Generated text, compared byte for byte by `tables_match_generator`: keep `cargo fmt` off it.
#[rustfmt::skip]
mod tables;

use std::cmp::Ordering;
use std::fmt;

use crate::card::{exact_cards_in, Card, Rank, Suit, SuitSet};
use crate::deck::Deck;
use crate::error::{Error, Result};
use crate::rules::{JokerLanes, Rules, Wheel};

/// The category of a hand (§3), lowest first. The discriminant is the number used in RULES.md.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
#[repr(u8)]
pub enum Category {
    /// 乌龙 / 散牌.
    HighCard = 0,
    /// 对子.
    OnePair = 1,
    /// 两对.
    TwoPair = 2,
    /// 三条 (三尖刀 / 冲三 in the front).
    ThreeOfAKind = 3,
    /// 顺子.
    Straight = 4,
    /// 同花.
    Flush = 5,
    /// 葫芦.
    FullHouse = 6,
    /// 铁支 / 炸弹.
    FourOfAKind = 7,
    /// 同花顺.
    StraightFlush = 8,
    /// 五同 (only with extra decks, §11).
    FiveOfAKind = 9,
}

impl Category {
    /// All categories, lowest first.
    pub const ALL: [Category; 10] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
        Category::FiveOfAKind,
    ];

    /// From the number of RULES.md §3 (0 = high card … 9 = five of a kind).
    pub const fn from_index(i: u8) -> Option<Category> {
        if i < 10 {
            Some(Category::ALL[i as usize])
        } else {
            None
        }
    }

    /// English name.
    pub const fn name(self) -> &'static str {
        [
            "high card",
            "one pair",
            "two pair",
            "three of a kind",
            "straight",
            "flush",
            "full house",
            "four of a kind",
            "straight flush",
            "five of a kind",
        ][self as usize]
    }

    /// Chinese name.
    pub const fn chinese_name(self) -> &'static str {
        ["乌龙", "对子", "两对", "三条", "顺子", "同花", "葫芦", "铁支", "同花顺", "五同"][self as usize]
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The strength of a 3- or 5-card hand as one integer: a higher value is a stronger hand.
///
/// Layout (stable, also used by the C, Python and C# surfaces):
/// bits 22..26 the [`Category`]; bits 2..22 five 4-bit tie-break ranks, highest-priority
/// first (the group, then kickers; rank index 0 = 2 … 12 = A; a straight holds only its top:
/// under the `second_highest` wheel the wheel is 13 and A-high 14, under `lowest` the wheel is 3); bits 0..2 the suit of the top group when
/// `suit_tiebreak` is on, else 0. A 3-card hand fills the first three rank nibbles.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(transparent)]
pub struct HandRank(u32);

impl HandRank {
    pub(crate) const fn pack(cat: Category, n: [u8; 5]) -> HandRank {
        HandRank(
            (cat as u32) << 22
                | (n[0] as u32) << 18
                | (n[1] as u32) << 14
                | (n[2] as u32) << 10
                | (n[3] as u32) << 6
                | (n[4] as u32) << 2,
        )
    }

    /// The raw comparable value.
    pub const fn value(self) -> u32 {
        self.0
    }

    /// From a raw value; rejects values that no hand produces in layout.
    pub fn from_value(v: u32) -> Result<HandRank> {
        if v >> 26 != 0 || (v >> 22) > 9 {
            return Err(Error::InvalidArgument(format!("{v:#x} is not a hand rank value")));
        }
        Ok(HandRank(v))
    }

    /// The hand's category.
    pub const fn category(self) -> Category {
        Category::ALL[((self.0 >> 22) & 0xF) as usize % 10]
    }

    /// The rank with any suit tie-break removed: what the foul check compares.
    pub const fn ranks_only(self) -> HandRank {
        HandRank(self.0 & !3)
    }

    /// The suit that broke a tie, when the rank was made with `suit_tiebreak` on.
    pub const fn tiebreak_suit(self) -> Suit {
        Suit::ALL[(self.0 & 3) as usize]
    }

    /// The five tie-break nibbles, highest priority first (see the type's docs).
    pub const fn nibbles(self) -> [u8; 5] {
        let v = self.0;
        [(v >> 18 & 15) as u8, (v >> 14 & 15) as u8, (v >> 10 & 15) as u8, (v >> 6 & 15) as u8, (v >> 2 & 15) as u8]
    }

    /// The rank of the top group (the card that decides first; for a wheel the A under
    /// `second_highest` and the 5 under `lowest`).
    pub const fn top_rank(self) -> Rank {
        let n = (self.0 >> 18 & 15) as u8;
        Rank::ALL[if n > 12 { 12 } else { n as usize }]
    }

    /// Category and the first three tie-break ranks: how a 3-card front meets a 5-card middle
    /// (§2: `K K 9` equals `K K 9 5 3`).
    pub const fn front_key(self) -> u32 {
        self.0 >> 10
    }

    /// A short description, e.g. `full house, K over 9`, `straight, A high`.
    pub fn describe(self) -> String {
        let n = self.nibbles();
        let r = |i: u8| Rank::ALL[i.min(12) as usize].to_char();
        match self.category() {
            Category::Straight | Category::StraightFlush if n[0] == 13 => {
                format!("{}, wheel (A-2-3-4-5)", self.category())
            }
            Category::Straight | Category::StraightFlush => format!("{}, {} high", self.category(), r(n[0])),
            Category::FullHouse => format!("full house, {} over {}", r(n[0]), r(n[3])),
            Category::FourOfAKind | Category::FiveOfAKind | Category::ThreeOfAKind | Category::OnePair => {
                format!("{}, {}", self.category(), r(n[0]))
            }
            Category::TwoPair => format!("two pair, {} and {}", r(n[0]), r(n[2])),
            _ => format!("{}, {} high", self.category(), r(n[0])),
        }
    }
}

impl fmt::Debug for HandRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HandRank({:#x}: {})", self.0, self.describe())
    }
}

impl fmt::Display for HandRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// Evaluates hands under the ranking options of a rule set (wheel and suit tie-break).
///
/// Cheap to build and `Copy`; holds references to static tables only.
#[derive(Copy, Clone, Debug)]
pub struct Evaluator {
    five: &'static [u32; gen::FIVE_SLOTS],
    wheel: Wheel,
    suit_tiebreak: bool,
    /// The rule set's deck (§11, §12): how often [`Evaluator::evaluate`] lets a card repeat, and
    /// whether a lane may hold jokers.
    deck: Deck,
    /// How the foul check reads lanes with jokers (§12).
    joker_lanes: JokerLanes,
}

/// Key sums of two cards, indexed by their codes read as a little-endian `u16` (`gen::pair_keys`).
static PAIR_KEYS: [u64; gen::PAIR_LEN] = gen::pair_keys(&tables::CARD_KEYS);
/// Card keys indexed by any `u8`, so the lookup needs no bounds check.
static CARD_KEYS: [u64; 256] = gen::padded_keys(&tables::CARD_KEYS);

/// The two codes at `c[i]`, `c[i + 1]` as an index into `PAIR_KEYS` (codes are below 64).
#[inline(always)]
fn pair(c: &[Card], i: usize) -> usize {
    (u16::from_le_bytes([c[i].code(), c[i + 1].code()]) & 0x3F3F) as usize
}

/// The hash lookup of `gen::Packed::read` on a key sum: key and row are its top bits.
#[inline(always)]
fn read<const N: usize>(offsets: &[u16; gen::OFFSETS_LEN], values: &[u32; N], sum: u64) -> u32 {
    let key = (sum >> gen::KEY_SHIFT) as u32;
    let off = offsets[(sum >> (gen::KEY_SHIFT + gen::LOOKUP_ROW_SHIFT)) as usize] as u32;
    values[key.wrapping_add(off) as usize & (N - 1)]
}

/// A flush's rank from the same ranks without one (kept out of line: 0.2% of hands).
#[cold]
#[inline(never)]
fn flushed(plain: u32) -> HandRank {
    gen::flush_of(HandRank(plain))
}

impl Evaluator {
    /// An evaluator for these ranking options.
    pub const fn with_options(wheel: Wheel, suit_tiebreak: bool) -> Evaluator {
        let five = match wheel {
            Wheel::SecondHighest => &tables::FIVE_WHEEL_SECOND,
            Wheel::Lowest => &tables::FIVE_WHEEL_LOWEST,
        };
        Evaluator { five, wheel, suit_tiebreak, deck: Deck::ONE, joker_lanes: JokerLanes::EachBest }
    }

    /// This evaluator for a deck with `extra_suits` twice (§11): [`Evaluator::evaluate`] then
    /// accepts two copies of their cards. Ranks do not depend on it: every evaluation path
    /// ranks five of a kind and paired flushes, whatever the deck.
    pub const fn with_extra_suits(self, extra_suits: SuitSet) -> Evaluator {
        Evaluator { deck: Deck::with_jokers_unchecked(extra_suits, self.deck.jokers()), ..self }
    }

    /// This evaluator for a rule set's deck, jokers included (§12): [`Evaluator::evaluate`] then
    /// takes the jokers the deck deals and values their lanes as §12 says, and the foul check
    /// reads them as `joker_lanes` says.
    pub const fn with_deck(self, deck: Deck, joker_lanes: JokerLanes) -> Evaluator {
        Evaluator { deck, joker_lanes, ..self }
    }

    /// An evaluator for a rule set's ranking options and deck.
    pub fn new(rules: &Rules) -> Evaluator {
        Evaluator::with_options(rules.wheel, rules.suit_tiebreak).with_deck(rules.deck_spec(), rules.joker_lanes)
    }

    /// The suits the deck holds twice.
    pub const fn extra_suits(&self) -> SuitSet {
        self.deck.extra_suits()
    }

    /// The deck whose cards [`Evaluator::evaluate`] takes.
    pub const fn deck(&self) -> Deck {
        self.deck
    }

    /// How the foul check reads lanes with jokers.
    pub const fn joker_lanes(&self) -> JokerLanes {
        self.joker_lanes
    }

    /// The wheel option in force.
    pub const fn wheel(&self) -> Wheel {
        self.wheel
    }

    /// Whether suits break ties.
    pub const fn suit_tiebreak(&self) -> bool {
        self.suit_tiebreak
    }

    /// Evaluate five cards. Copies are ranked as RULES.md §11 says (five of a kind, a flush
    /// holding a pair); whether the deck holds them is not checked here (use
    /// [`Evaluator::evaluate`] for untrusted input). Never panics.
    #[inline]
    pub fn eval5(&self, c: &[Card; 5]) -> HandRank {
        let sum = PAIR_KEYS[pair(c, 0)] + PAIR_KEYS[pair(c, 2)] + CARD_KEYS[c[4].code() as usize];
        let plain = read(&tables::FIVE_OFFSETS, self.five, sum);
        // A suit nibble reaches 5 exactly when adding 3 sets its top bit.
        let rank = if (sum as u32).wrapping_add(0x3333) & 0x8888 != 0 { flushed(plain) } else { HandRank(plain) };
        if self.suit_tiebreak {
            rank.with_suit_of_top(c)
        } else {
            rank
        }
    }

    /// [`Evaluator::eval5`] on five codes (the batches of `crate::batch`, which check the codes
    /// first): the same loads and arithmetic, so the same rank. A code of 52 or more gives a
    /// meaningless rank, never a panic (every table is padded or masked for any `u8`).
    #[inline]
    pub(crate) fn eval5_codes(&self, c: &[u8; 5]) -> HandRank {
        let pair = |i: usize| (u16::from_le_bytes([c[i], c[i + 1]]) & 0x3F3F) as usize;
        let sum = PAIR_KEYS[pair(0)] + PAIR_KEYS[pair(2)] + CARD_KEYS[c[4] as usize];
        let plain = read(&tables::FIVE_OFFSETS, self.five, sum);
        let rank = if (sum as u32).wrapping_add(0x3333) & 0x8888 != 0 { flushed(plain) } else { HandRank(plain) };
        if self.suit_tiebreak {
            rank.with_suit_set(c.iter().fold(0, |set, &x| set | CARD_BITS[x as usize]))
        } else {
            rank
        }
    }

    /// [`Evaluator::eval3`] on three codes, as [`Evaluator::eval5_codes`].
    #[inline]
    pub(crate) fn eval3_codes(&self, c: &[u8; 3]) -> HandRank {
        let sum = PAIR_KEYS[(u16::from_le_bytes([c[0], c[1]]) & 0x3F3F) as usize] + CARD_KEYS[c[2] as usize];
        let rank = HandRank(read(&tables::THREE_OFFSETS, &tables::THREE_VALUES, sum));
        if self.suit_tiebreak {
            rank.with_suit_set(c.iter().fold(0, |set, &x| set | CARD_BITS[x as usize]))
        } else {
            rank
        }
    }

    /// Evaluate three cards (a front lane); copies as for [`Evaluator::eval5`].
    #[inline]
    pub fn eval3(&self, c: &[Card; 3]) -> HandRank {
        let sum = PAIR_KEYS[pair(c, 0)] + CARD_KEYS[c[2].code() as usize];
        let rank = HandRank(read(&tables::THREE_OFFSETS, &tables::THREE_VALUES, sum));
        if self.suit_tiebreak {
            rank.with_suit_of_top(c)
        } else {
            rank
        }
    }

    /// Evaluate 3 or 5 cards, checking the count and that no card repeats more often than the
    /// deck holds it ([`Error::DuplicateCard`], [`Error::TooManyCopies`],
    /// [`Error::JokerNotInDeck`]). A lane with jokers is worth its best hand (§12; see
    /// [`Evaluator::evaluate_jokers`] for the cards they stand for).
    pub fn evaluate(&self, cards: &[Card]) -> Result<HandRank> {
        if self.deck.jokers() != 0 {
            return Ok(self.evaluate_jokers(cards)?.1);
        }
        match cards.len() {
            3 => Ok(self.eval3(&exact_cards_in::<3>(cards, self.deck)?)),
            5 => Ok(self.eval5(&exact_cards_in::<5>(cards, self.deck)?)),
            n => Err(Error::WrongCardCount { expected: if n < 4 { 3 } else { 5 }, found: n, lane: None }),
        }
    }

    /// [`Evaluator::evaluate`], with the lane as played: each joker replaced by the card it
    /// stands for in the best hand (RULES.md §12), the cards as given where there is none.
    pub fn evaluate_jokers(&self, cards: &[Card]) -> Result<(Vec<Card>, HandRank)> {
        match cards.len() {
            3 => {
                let (played, rank) = self.eval3_jokers(&exact_cards_in::<3>(cards, self.deck)?);
                Ok((played.to_vec(), rank))
            }
            5 => {
                let (played, rank) = self.eval5_jokers(&exact_cards_in::<5>(cards, self.deck)?);
                Ok((played.to_vec(), rank))
            }
            n => Err(Error::WrongCardCount { expected: if n < 4 { 3 } else { 5 }, found: n, lane: None }),
        }
    }
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        Evaluator::with_options(Wheel::SecondHighest, false)
    }
}

impl HandRank {
    /// Add the suit of the top group (§3: a group counts as its highest suit).
    #[inline]
    fn with_suit_of_top(self, cards: &[Card]) -> HandRank {
        // Table loads, ORs and shifts only: compare-and-select versions (even `min`) compile to
        // branches on the rank, which mispredict on a third of shuffled hands.
        let mut set = 0u64;
        for c in cards {
            set |= CARD_BITS[c.code() as usize];
        }
        self.with_suit_set(set)
    }

    /// The same from the hand's `CARD_BITS` already ORed together (`eval5_batch` keeps those
    /// of a run's shared cards).
    #[inline]
    fn with_suit_set(self, set: u64) -> HandRank {
        // The top group's rank is the first nibble (13 and 14 mean the ace, see `CARD_BITS`);
        // its suits are that nibble of the card set, as codes are rank * 4 + suit.
        let top = self.0 >> 18 & 15;
        HandRank(self.0 | HIGHEST_BIT[(set >> (4 * top)) as usize & 15] as u32)
    }
}

/// Bit `code` for each card code, padded so that any `u8` indexes it without a check. An ace
/// also sets its bit in nibbles 13 and 14, where the wheel (under `second_highest`) and A-high
/// straights put their top rank.
static CARD_BITS: [u64; 256] = {
    let mut bits = [0u64; 256];
    let mut code = 0;
    while code < 52 {
        bits[code] = 1 << code;
        if code >= 48 {
            bits[code] |= 1 << (code + 4) | 1 << (code + 8);
        }
        code += 1;
    }
    bits
};

/// The highest set bit of a nibble (the suit of a group's highest card); 0 for an empty group,
/// which only a meaningless hand can have.
static HIGHEST_BIT: [u8; 16] = [0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3];

/// Compare two hands of the same size (or a front with a front); a convenience for `a.cmp(&b)`.
pub fn compare(a: HandRank, b: HandRank) -> Ordering {
    a.cmp(&b)
}

#[cfg(test)]
mod tests;
