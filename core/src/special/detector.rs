//! Detection of every special hand of RULES.md §6 under one rule set.
//!
//! The rank-shape, colour and dragon specials are a handful of popcounts on [`HandBits`]; the
//! three-piece specials go through [`Pieces`]. Nothing allocates unless the hand qualifies.

use super::copies;
use super::hand::{HandBits, ALL_RANKS};
use super::jokers;
use super::split::Pieces;
use super::{Special, SpecialDetection};
use crate::card::{check_copies, Card, CardSet, SuitSet};
use crate::deck::Deck;
use crate::error::{Error, Result};
use crate::eval::Evaluator;
use crate::lanes::Arrangement;
use crate::rules::Rules;

/// Ranks 2 to 7 (nibbles 0..=5): none of them in all big.
const BELOW_EIGHT: u64 = 0xFF_FFFF;
/// Ranks 9 to A (nibbles 7..=12): none of them in all small.
const ABOVE_EIGHT: u64 = 0xFF_FFFF << 28;

const fn bit(s: Special) -> u16 {
    1 << s as u8
}

/// A rule set prepared for detecting special hands: build once, detect many hands.
///
/// ```
/// use shisanshui::{parse_cards, Preset, Rules, Special};
/// use shisanshui::special::SpecialDetector;
/// let detector = SpecialDetector::new(&Rules::preset(Preset::Classic)).unwrap();
/// let hand = parse_cards("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad").unwrap();
/// let found = detector.detect(&hand).unwrap();
/// assert_eq!(found.best, Some(Special::Dragon));
/// assert_eq!(found.all, [Special::Dragon, Special::ThreeStraights]);
/// ```
#[derive(Clone, Debug)]
pub struct SpecialDetector {
    /// Enabled specials, highest first.
    order: [Special; 16],
    len: usize,
    /// Bit `special as u8` per enabled special.
    enabled: u16,
    twelve_royals_min: u32,
    split_quads: bool,
    strict_order: bool,
    eval: Evaluator,
    /// Suits the deck holds twice (§11): hands may repeat their cards.
    extra_suits: SuitSet,
    /// The rule set's deck, for hands with jokers (§12).
    deck: Deck,
    /// Whether a hand holding a joker makes the specials its jokers' cards can make (§12).
    jokers_in_specials: bool,
}

impl SpecialDetector {
    /// Prepare `rules` for detection. Fails with [`Error::InvalidRules`] when a special is listed
    /// twice or `twelve_royals_min` is not 12 or 13 (the parts of the rule set detection reads).
    pub fn new(rules: &Rules) -> Result<SpecialDetector> {
        let mut order = [Special::SupremeDragon; 16];
        let mut enabled = 0u16;
        for (i, s) in rules.specials.iter().enumerate() {
            if enabled & bit(s.special) != 0 {
                let j = rules.specials.iter().position(|t| t.special == s.special).unwrap_or(0);
                return Err(Error::InvalidRules {
                    path: format!("specials[{i}].special"),
                    reason: format!("{} is listed twice (also at {j})", s.special),
                });
            }
            enabled |= bit(s.special);
            order[i] = s.special;
        }
        if !(12..=13).contains(&rules.twelve_royals_min) {
            return Err(Error::InvalidRules {
                path: "twelve_royals_min".into(),
                reason: format!("{} must be 12 or 13", rules.twelve_royals_min),
            });
        }
        Ok(SpecialDetector {
            order,
            len: rules.specials.len(),
            enabled,
            twelve_royals_min: rules.twelve_royals_min as u32,
            split_quads: rules.split_quads,
            strict_order: rules.strict_order,
            eval: Evaluator::new(rules),
            extra_suits: rules.extra_suits,
            deck: rules.deck_spec(),
            jokers_in_specials: rules.jokers_in_specials,
        })
    }

    /// A hand holding a joker (RULES.md §12): its cards checked against the deck, then no special
    /// unless `jokers_in_specials`, and with it every special some choice of the jokers makes.
    #[cold]
    fn with_jokers(&self, cards: &[Card]) -> Result<SpecialDetection> {
        check_copies(cards, self.deck)?;
        if !self.jokers_in_specials {
            return Ok(SpecialDetection { best: None, all: Vec::new(), arrangement: None });
        }
        let cards: &[Card; 13] =
            cards.try_into().map_err(|_| Error::WrongCardCount { expected: 13, found: cards.len(), lane: None })?;
        let (q, found) = self.read(cards, jokers::qualify);
        Ok(self.detection(q, found))
    }

    /// A 13-card reading (`copies::qualify` for hands with copies, `jokers::qualify` for hands
    /// holding jokers) under this detector's options.
    fn read(&self, cards: &[Card; 13], qualify: Qualify) -> (u16, [Option<Arrangement>; 3]) {
        qualify(cards, self.enabled, self.twelve_royals_min, self.split_quads, &self.eval, self.strict_order)
    }

    /// The detection of a qualifying set `q` (any bits) and the three-piece arrangements found,
    /// indexed as `SPLITS`.
    fn detection(&self, q: u16, found: [Option<Arrangement>; 3]) -> SpecialDetection {
        let q = q & self.enabled;
        let all: Vec<Special> = self.order[..self.len].iter().copied().filter(|&s| q & bit(s) != 0).collect();
        let best = all.first().copied();
        let arrangement = best.and_then(|s| found[SPLITS.iter().position(|&(special, _)| special == s)?]);
        SpecialDetection { best, all, arrangement }
    }

    /// Detect the specials of 13 cards: distinct ones, or with the rule set's extra suits
    /// (RULES.md §11) up to two copies of their cards.
    ///
    /// Errors: [`Error::WrongCardCount`] unless there are 13 cards, [`Error::DuplicateCard`]
    /// naming the second occurrence of a card the deck holds once, [`Error::TooManyCopies`]
    /// the third of one it holds twice.
    pub fn detect(&self, cards: &[Card]) -> Result<SpecialDetection> {
        match hand_bits(cards) {
            Ok(bits) if bits >> 52 != 0 => self.with_jokers(cards),
            Ok(bits) => Ok(self.detect_bits(bits)),
            Err(Error::DuplicateCard { .. }) if cards.iter().any(|c| c.is_joker()) => self.with_jokers(cards),
            Err(Error::DuplicateCard { .. }) if !self.extra_suits.is_empty() => {
                check_copies(cards, self.extra_suits)?;
                let cards: &[Card; 13] = cards.try_into().expect("hand_bits checked the count");
                Ok(self.detect_copies(cards))
            }
            Err(e) => Err(e),
        }
    }

    /// Detection on the reading of a hand with copies (`copies.rs`): what [`SpecialDetector::detect`]
    /// does for hands that repeat a card. It also reads distinct cards, the same as the bit-set
    /// path does (the tests check that), so it is public for checking, not for speed.
    #[doc(hidden)]
    pub fn detect_copies(&self, cards: &[Card; 13]) -> SpecialDetection {
        let (q, found) = self.read(cards, copies::qualify);
        self.detection(q, found)
    }

    /// The best realising arrangement of a three-piece special on the reading of a hand with
    /// copies (no joker; copies not checked against the deck): what
    /// [`SpecialDetector::arrangement_for`] finds for hands that repeat a card. Public for checking.
    #[doc(hidden)]
    pub fn arrangement_copies(&self, cards: &[Card; 13], special: Special) -> Option<Arrangement> {
        copies::PieceKind::of(special).and_then(|kind| copies::best_split(cards, kind, &self.eval, self.strict_order))
    }

    /// Detect the specials of a 13-card set ([`Error::WrongCardCount`] for any other size).
    pub fn detect_set(&self, cards: CardSet) -> Result<SpecialDetection> {
        if cards.len() != 13 {
            return Err(Error::WrongCardCount { expected: 13, found: cards.len(), lane: None });
        }
        // A set's bits above the 52 cards (the jokers' 52 and 53) are refused as `from_bits` does.
        let cards = CardSet::from_bits(cards.bits())?;
        Ok(self.detect_bits(cards.bits()))
    }

    /// The best legal arrangement that realises a three-piece special (TSF, TF or TS) with these
    /// cards, whether or not it is enabled or the highest; `None` when the cards do not make it
    /// (or, under `strict_order`, make it only with equal middle and back). Other specials are
    /// not arrangements and give `None`. Preference: see [`SpecialDetection::arrangement`].
    pub fn arrangement_for(&self, cards: &[Card], special: Special) -> Result<Option<Arrangement>> {
        if cards.len() == 13 && cards.iter().any(|c| c.is_joker()) {
            check_copies(cards, self.deck)?;
            let cards: &[Card; 13] = cards.try_into().expect("13 cards");
            return Ok(match copies::PieceKind::of(special) {
                Some(kind) if self.jokers_in_specials => jokers::best_split(cards, kind, &self.eval, self.strict_order),
                _ => None,
            });
        }
        let bits = match hand_bits(cards) {
            Ok(bits) => bits,
            Err(Error::DuplicateCard { .. }) if !self.extra_suits.is_empty() => {
                check_copies(cards, self.extra_suits)?;
                let cards: &[Card; 13] = cards.try_into().expect("hand_bits checked the count");
                return Ok(copies::PieceKind::of(special)
                    .and_then(|kind| copies::best_split(cards, kind, &self.eval, self.strict_order)));
            }
            Err(e) => return Err(e),
        };
        let h = HandBits::new(bits);
        Ok(pieces_of(special).and_then(|p| p.best_arrangement(&h, &self.eval, self.strict_order)))
    }

    /// The suits the rule set's deck holds twice (RULES.md §11).
    pub fn extra_suits(&self) -> SuitSet {
        self.extra_suits
    }

    /// The rule set's deck (RULES.md §11, §12): its extra suits and jokers.
    pub fn deck(&self) -> Deck {
        self.deck
    }

    /// [`SpecialDetector::qualifying_bits`] of 13 cards that may repeat (copies are not checked
    /// against the deck here; [`SpecialDetector::detect`] checks them).
    pub fn qualifying_copies(&self, cards: &[Card; 13]) -> u16 {
        let bits = cards.iter().fold(0u64, |b, c| b | 1 << c.code());
        if bits >> 52 != 0 || cards.iter().any(|c| c.is_joker()) {
            return self.qualifying_jokers(cards);
        }
        if bits.count_ones() == 13 {
            return self.qualifying_bits(CardSet(bits));
        }
        let (q, _) = self.read(cards, copies::qualify);
        q & self.enabled
    }

    /// [`SpecialDetector::qualifying_copies`] of a hand holding jokers (RULES.md §12): none
    /// unless the rule set's `jokers_in_specials`.
    #[cold]
    fn qualifying_jokers(&self, cards: &[Card; 13]) -> u16 {
        if !self.jokers_in_specials {
            return 0;
        }
        let (q, _) = self.read(cards, jokers::qualify);
        q & self.enabled
    }

    /// Bit `special as u8` for every enabled special the cards qualify for (a set of 13 cards;
    /// other sizes give meaningless bits). The allocation-free core of detection.
    #[inline]
    pub fn qualifying_bits(&self, cards: CardSet) -> u16 {
        self.qualify(&HandBits::new(cards.bits()), &mut [None; 3])
    }

    /// The highest special of a [`SpecialDetector::qualifying_bits`] set under the rule set's
    /// order (what [`SpecialDetection::best`] is); `None` for an empty set. Bits of specials the
    /// rule set does not enable are ignored.
    pub fn best_of(&self, bits: u16) -> Option<Special> {
        self.order[..self.len].iter().copied().find(|&s| bits & bit(s) != 0)
    }

    fn detect_bits(&self, bits: u64) -> SpecialDetection {
        let h = HandBits::new(bits);
        let mut searched = [None; 3];
        let q = self.qualify(&h, &mut searched);
        if q == 0 {
            return SpecialDetection { best: None, all: Vec::new(), arrangement: None };
        }
        let all: Vec<Special> = self.order[..self.len].iter().copied().filter(|&s| q & bit(s) != 0).collect();
        let best = all.first().copied();
        let arrangement = best.and_then(|s| {
            let k = SPLITS.iter().position(|&(special, _)| special == s)?;
            searched[k].unwrap_or_else(|| SPLITS[k].1.best_arrangement(&h, &self.eval, self.strict_order))
        });
        SpecialDetection { best, all, arrangement }
    }

    /// `searched[k]` receives the search result for `SPLITS[k]` when a search was needed.
    fn qualify(&self, h: &HandBits, searched: &mut [Option<Option<Arrangement>>; 3]) -> u16 {
        let cards = h.cards;
        let mut q = 0u16;

        if h.ranks == ALL_RANKS {
            q |= bit(Special::Dragon);
            if h.suit_counts.contains(&13) {
                q |= bit(Special::SupremeDragon);
            }
        }
        let royals = (cards >> 36) as u16; // J, Q, K, A: rank nibbles 9..=12, the top 16 card bits
        if royals.count_ones() >= self.twelve_royals_min {
            q |= bit(Special::TwelveRoyals);
        }
        if cards & BELOW_EIGHT == 0 {
            q |= bit(Special::AllBig);
        }
        if cards & ABOVE_EIGHT == 0 {
            q |= bit(Special::AllSmall);
        }
        match h.suit_counts[0] + h.suit_counts[2] {
            0 | 13 => q |= bit(Special::OneColor),
            1 => q |= bit(Special::TwelveBlackOneRed),
            12 => q |= bit(Special::TwelveRedOneBlack),
            _ => {}
        }

        // Rank shapes. 13 cards fix the rest: e.g. one trips, no single and no quads leave five
        // pairs. A quad serves as two pairs or as trips + single only with `split_quads`.
        let [_, ones, _, threes, fours] = h.count_histogram();
        let split = self.split_quads;
        if fours == 3 {
            q |= bit(Special::ThreeQuads);
        }
        if fours == 1 && threes == 3 {
            q |= bit(Special::ThreeTripsQuad);
        }
        if threes == 4 || (split && fours == 1 && threes == 3) {
            q |= bit(Special::FourTrips);
        }
        if threes == 1 && ones == 0 && (split || fours == 0) {
            q |= bit(Special::FivePairsTrips);
        }
        if ones == 1 && threes == 0 && (split || fours == 0) {
            q |= bit(Special::SixPairs);
        }

        for (k, &(special, pieces)) in SPLITS.iter().enumerate() {
            if self.enabled & bit(special) == 0 || !pieces.split_exists(h) {
                continue;
            }
            if self.strict_order {
                // Only a search tells whether some split avoids equal middle and back; keep
                // its answer for the arrangement.
                let found = pieces.best_arrangement(h, &self.eval, true);
                searched[k] = Some(found);
                if found.is_none() {
                    continue;
                }
            }
            q |= bit(special);
        }
        q & self.enabled
    }
}

/// The signature of the readings of `copies.rs` and `jokers.rs`: the cards, the enabled specials,
/// `twelve_royals_min`, `split_quads`, the evaluator and `strict_order`.
type Qualify = fn(&[Card; 13], u16, u32, bool, &Evaluator, bool) -> (u16, [Option<Arrangement>; 3]);

/// The three-piece specials and their pieces.
const SPLITS: [(Special, Pieces); 3] = [
    (Special::ThreeStraightFlushes, Pieces::StraightFlushes),
    (Special::ThreeFlushes, Pieces::Flushes),
    (Special::ThreeStraights, Pieces::Straights),
];

/// The pieces of a three-piece special.
fn pieces_of(special: Special) -> Option<Pieces> {
    SPLITS.iter().find(|&&(s, _)| s == special).map(|&(_, p)| p)
}

/// 13 distinct cards as bits, or the error naming what is wrong.
#[inline]
fn hand_bits(cards: &[Card]) -> Result<u64> {
    let Ok(thirteen) = <&[Card; 13]>::try_from(cards) else {
        return Err(Error::WrongCardCount { expected: 13, found: cards.len(), lane: None });
    };
    // A fixed-size array: the loop unrolls.
    let mut bits = 0u64;
    for c in thirteen {
        bits |= 1 << c.code();
    }
    if bits.count_ones() == 13 {
        return Ok(bits);
    }
    // Fewer than 13 bits: some card repeats. Name its second occurrence.
    let mut seen = 0u64;
    for (position, &card) in cards.iter().enumerate() {
        let b = 1u64 << card.code();
        if seen & b != 0 {
            return Err(Error::DuplicateCard { card, position, seats: None });
        }
        seen |= b;
    }
    // Unreachable by counting (13 cards, fewer distinct codes); an error rather than a panic.
    Err(Error::InvalidArgument("13 cards with a repeated card".into()))
}
