//! Thirteen cards as bitmasks: the one view every special-hand test reads.
//!
//! A card set is a `u64` with bit `4 * rank + suit`, so each rank owns a nibble. Counting the
//! bits of every nibble at once gives the rank counts; gathering bit 0 of every nibble gives a
//! 13-bit rank mask (bit `rank index`). Straights are windows of such masks.

use crate::card::{Card, Rank, Suit};

/// Bit 0 of each of the 13 rank nibbles.
pub(crate) const NIBBLE_LOW: u64 = 0x1_1111_1111_1111;
/// All 13 ranks as a rank mask.
pub(crate) const ALL_RANKS: u16 = 0x1FFF;

/// The ten 5-card straights as rank masks, the wheel (A-2-3-4-5) first, then 2-6 … T-A.
pub(crate) const STRAIGHT5: [u16; 10] = {
    let mut w = [0u16; 10];
    w[0] = 1 << 12 | 0b1111;
    let mut i = 1;
    while i < 10 {
        w[i] = 0b11111 << (i - 1);
        i += 1;
    }
    w
};

/// The twelve 3-card straights as rank masks: A-2-3, then 2-3-4 … Q-K-A (K-A-2 is not one).
pub(crate) const STRAIGHT3: [u16; 12] = {
    let mut w = [0u16; 12];
    w[0] = 1 << 12 | 0b11;
    let mut i = 1;
    while i < 12 {
        w[i] = 0b111 << (i - 1);
        i += 1;
    }
    w
};

/// The 5-card straights with one bit per rank nibble, for subtracting from rank counts.
pub(crate) const STRAIGHT5_NIBBLES: [u64; 10] = {
    let mut w = [0u64; 10];
    let mut i = 0;
    while i < 10 {
        w[i] = spread(STRAIGHT5[i]);
        i += 1;
    }
    w
};

/// A rank mask with bit `r` moved to bit `4r` (the inverse of [`gather`]).
pub(crate) const fn spread(ranks: u16) -> u64 {
    let mut out = 0u64;
    let mut r = 0;
    while r < 13 {
        out |= ((ranks >> r & 1) as u64) << (4 * r);
        r += 1;
    }
    out
}

/// Bit `4r` of `x` moved to bit `r`, for r in 0..13 (`x` must hold no other bits).
/// Shift-and-mask compression: nibbles to bytes, bytes to 16-bit units, and so on.
#[inline]
pub(crate) const fn gather(x: u64) -> u16 {
    let mut y = x;
    y = (y | y >> 3) & 0x0303_0303_0303_0303;
    y = (y | y >> 6) & 0x000F_000F_000F_000F;
    y = (y | y >> 12) & 0x0000_00FF_0000_00FF;
    y = (y | y >> 24) & 0xFFFF;
    y as u16
}

/// Whether a rank mask is exactly one 3-card straight.
#[inline]
pub(crate) fn is_straight3(ranks: u16) -> bool {
    ranks.count_ones() == 3 && (ranks >> ranks.trailing_zeros() == 0b111 || ranks == STRAIGHT3[0])
}

/// The 5-card straights inside a rank mask: bit `i` when `STRAIGHT5[i]` is present.
#[inline]
pub(crate) const fn straights_within(ranks: u16) -> u16 {
    let r = ranks as u32;
    // Bit k of `runs`: ranks k..k+4 all present (k = 0..=8 is window k + 1).
    let runs = r & r >> 1 & r >> 2 & r >> 3 & r >> 4 & 0x1FF;
    let wheel = (r & 0x100F == 0x100F) as u32;
    (runs << 1 | wheel) as u16
}

/// Whether a rank mask is exactly one 5-card straight.
#[inline]
pub(crate) fn is_straight5(ranks: u16) -> bool {
    STRAIGHT5.contains(&ranks)
}

/// The bitmask view of a hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct HandBits {
    /// The cards, bit `code`.
    pub cards: u64,
    /// Number of cards of each rank, one nibble per rank (0..=4).
    pub counts: u64,
    /// Ranks present (bit `rank index`).
    pub ranks: u16,
    /// Number of cards in each suit, indexed by suit.
    pub suit_counts: [u32; 4],
}

impl HandBits {
    /// The view of a card set (any number of cards).
    #[inline]
    pub fn new(cards: u64) -> HandBits {
        // Per-nibble popcount: 2-bit sums, then nibble sums.
        let x = cards - (cards >> 1 & 0x5555_5555_5555_5555);
        let counts = (x & 0x3333_3333_3333_3333) + (x >> 2 & 0x3333_3333_3333_3333);
        let ranks = gather(nonzero_nibbles(counts));
        let suit_counts = [0, 1, 2, 3].map(|s| nibble_sum(cards >> s & NIBBLE_LOW));
        HandBits { cards, counts, ranks, suit_counts }
    }

    /// Ranks present in one suit (suit index 0..=3).
    #[inline]
    pub fn suit_ranks(&self, suit: usize) -> u16 {
        gather(self.cards >> suit & NIBBLE_LOW)
    }

    /// How many ranks occur exactly 1, 2, 3 and 4 times (index 0 unused).
    #[inline]
    pub fn count_histogram(&self) -> [u32; 5] {
        let c = self.counts;
        // Counts are 0b000..0b100: 4 alone sets bit 2; 3 sets bits 0 and 1; 2 sets bit 1 only.
        let four = nibble_sum(c >> 2 & NIBBLE_LOW);
        let three = nibble_sum(c & c >> 1 & NIBBLE_LOW);
        let two = nibble_sum(c >> 1 & !c & NIBBLE_LOW);
        let one = nibble_sum(c & NIBBLE_LOW) - three;
        [0, one, two, three, four]
    }
}

/// How many of the 13 rank nibbles of `x` hold a 1 (`x` has no bits but bit 0 of each nibble).
/// Multiplying by `NIBBLE_LOW` adds every nibble into nibble 12; the sum is at most 13, so no
/// nibble carries. One multiply instead of a software popcount (the baseline x86-64 target has
/// no `popcnt`).
#[inline]
pub(crate) const fn nibble_sum(x: u64) -> u32 {
    (x.wrapping_mul(NIBBLE_LOW) >> 48 & 0xF) as u32
}

/// Bit `4r` set where nibble `r` of `counts` is non-zero (counts are at most 4).
#[inline]
pub(crate) const fn nonzero_nibbles(counts: u64) -> u64 {
    (counts | counts >> 1 | counts >> 2) & NIBBLE_LOW
}

/// The card with code `code` (< 52).
#[inline]
pub(crate) fn card_of(code: u32) -> Card {
    Card::new(Rank::ALL[(code >> 2) as usize % 13], Suit::ALL[(code & 3) as usize])
}

/// The cards of a set, highest code first; `N` must be the set's size.
#[inline]
pub(crate) fn cards_of<const N: usize>(mut bits: u64) -> [Card; N] {
    let mut out = [card_of(0); N];
    for slot in out.iter_mut() {
        let top = 63 - bits.leading_zeros();
        *slot = card_of(top);
        bits &= !(1u64 << top);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gather_inverts_spread() {
        for m in 0..=ALL_RANKS {
            assert_eq!(gather(spread(m)), m);
        }
    }

    #[test]
    fn counts_and_masks_match_a_naive_count() {
        // A fixed walk over many sets: every nibble pattern for every rank shows up.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let cards = x & ((1 << 52) - 1);
            let h = HandBits::new(cards);
            let mut hist = [0u32; 5];
            for r in 0..13 {
                let n = (cards >> (4 * r) & 0xF).count_ones();
                assert_eq!(h.counts >> (4 * r) & 0xF, n as u64);
                assert_eq!(h.ranks >> r & 1 == 1, n > 0);
                hist[n as usize] += 1;
                for s in 0..4 {
                    assert_eq!(h.suit_ranks(s) >> r & 1, (cards >> (4 * r + s) & 1) as u16);
                }
            }
            hist[0] = 0;
            assert_eq!(h.count_histogram(), hist);
            for s in 0..4 {
                assert_eq!(h.suit_counts[s], (cards & NIBBLE_LOW << s).count_ones());
            }
        }
    }

    #[test]
    fn windows() {
        assert_eq!(STRAIGHT5[1], 0b11111);
        assert_eq!(STRAIGHT5[9], 0b11111 << 8);
        assert_eq!(STRAIGHT3[11], 0b111 << 10);
        assert!(is_straight3(1 << 12 | 0b11), "A-2-3");
        assert!(!is_straight3(1 << 12 | 1 << 11 | 1), "K-A-2");
        assert!(is_straight5(1 << 12 | 0b1111), "the wheel");
        for m in 0..=ALL_RANKS {
            assert_eq!(is_straight3(m), STRAIGHT3.contains(&m), "{m:b}");
            let mut want = 0;
            for (i, &w) in STRAIGHT5.iter().enumerate() {
                want |= ((m & w == w) as u16) << i;
            }
            assert_eq!(straights_within(m), want, "{m:b}");
        }
        let cards: [Card; 3] = cards_of(0b1011 << 4);
        assert_eq!(cards.map(|c| c.code()), [7, 5, 4]);
    }
}
