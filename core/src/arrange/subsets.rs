//! The per-hand data every search reads: the strength ordinal of each of a hand's 1287 five-card
//! and 286 three-card subsets, computed once per hand, with the hand's cards in the layouts the
//! bounds read. A leaf of `arrange/`: the search, the field model and card removal all read it.

#[cfg(doc)]
use super::strength::Subsets;
use super::strength::{subset_ordinals, suit_major_bit, Strength};

/// The subset ordinals of one hand (what every search over it reads).
#[derive(Clone)]
pub struct HandSubsets {
    /// Card codes in position order: ascending, so that cards of one rank are adjacent.
    pub codes: [u8; 13],
    /// Bit `i` set when the cards at positions `i` and `i + 1` are interchangeable: the same
    /// rank, and neither suit holds five cards in the hand (so neither can be in a flush).
    /// Splits that differ only by swapping such cards are worth the same; the search visits
    /// one of each kind (see [`HandSubsets::canonical`]).
    pub twins: u16,
    /// Ordinal of each five-card subset, in [`Subsets`] order.
    pub five: [u16; 1287],
    /// Suit counts of each five-card subset, one nibble per suit.
    pub five_suits: [u16; 1287],
    /// Each card in the suit-major layout ([`suit_major_bit`]).
    pub bits: [u64; 13],
    /// All 13 cards in the suit-major layout.
    pub cards: u64,
    /// Rank counts of the 13 cards, one nibble per rank.
    pub counts: u64,
    /// Suit counts of the 13 cards, one nibble per suit.
    pub suit_counts: u16,
    /// Ordinal of each three-card subset.
    pub three: [u16; 286],
}

impl HandSubsets {
    /// Compute the ordinals of every subset of 13 distinct card codes (sorted first: every
    /// position mask refers to [`HandSubsets::codes`]).
    pub fn new(st: &Strength, mut codes: [u8; 13]) -> HandSubsets {
        codes.sort_unstable();
        let bits = codes.map(suit_major_bit);
        let cards = bits.iter().fold(0, |a, b| a | b);
        let counts = codes.iter().map(|&c| 1u64 << (4 * (c >> 2))).sum();
        let suit_counts: u16 = codes.iter().map(|&c| 1u16 << (4 * (c & 3))).sum();
        let plain = |c: u8| (suit_counts >> (4 * (c & 3)) & 0xF) < 5;
        let twins = (0..12)
            .filter(|&i| codes[i] >> 2 == codes[i + 1] >> 2 && plain(codes[i]) && plain(codes[i + 1]))
            .fold(0u16, |m, i| m | 1 << i);
        let mut h = HandSubsets {
            codes,
            twins,
            five: [0; 1287],
            five_suits: [0; 1287],
            bits,
            cards,
            counts,
            suit_counts,
            three: [0; 286],
        };
        subset_ordinals(st, &codes, &mut h.five, &mut h.five_suits, &mut h.three);
        h
    }
}

impl HandSubsets {
    /// Whether a back and middle are the representative of their kind: of interchangeable
    /// cards, the back holds the highest positions and the middle the next (so the fixed
    /// tie-break, which prefers higher masks, picks exactly this one among equals).
    #[inline]
    pub fn canonical(&self, back: u16, middle: u16) -> bool {
        canonical(self.twins, back, middle)
    }

    /// The cards not in a five-card position mask, in the suit-major layout.
    #[inline]
    pub fn rest_cards(&self, five: u16) -> u64 {
        let mut m = five;
        let mut out = self.cards;
        for _ in 0..5 {
            out ^= self.bits[(m.trailing_zeros() & 15) as usize % 13];
            m &= m.wrapping_sub(1);
        }
        out
    }
}

/// [`HandSubsets::canonical`] with the hand's twin mask given.
#[inline(always)]
pub(crate) fn canonical(twins: u16, back: u16, middle: u16) -> bool {
    (back & twins) & !(back >> 1) == 0 && (middle & twins) & !((middle | back) >> 1) == 0
}
