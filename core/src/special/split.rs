//! The three specials made by splitting the hand into its lanes (RULES.md §6): three straight
//! flushes (TSF), three flushes (TF) and three straights (TS).
//!
//! Existence is decided on bitmasks without looking at any split: suit counts for TF, per-suit
//! rank windows for TSF, and for TS the rank counts written as the sum of two 5-card and one
//! 3-card straight window. The arrangement is found by pairing candidate 5-card pieces (the
//! straights or flushes the hand holds), never by walking the 72,072 splits.
//!
//! Lane order: the front piece is always high card (three distinct ranks), below any straight or
//! flush, so with ordinary order every split is legal once the stronger 5-card piece is put in
//! the back. Under `strict_order` a split whose middle and back are equal on ranks (the same
//! straight twice, two flushes of the same ranks in different suits, the same straight flush in
//! two suits) is a foul, and the special exists only if another split avoids that.

use super::hand::{
    cards_of, gather, is_straight3, is_straight5, nonzero_nibbles, spread, straights_within, HandBits, NIBBLE_LOW,
    STRAIGHT3, STRAIGHT5, STRAIGHT5_NIBBLES,
};
use crate::eval::{Evaluator, HandRank};
use crate::lanes::{Arrangement, Foul};

/// Which pieces a three-piece special is made of.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Pieces {
    /// TSF: every piece a straight flush.
    StraightFlushes,
    /// TF: every piece one suit.
    Flushes,
    /// TS: every piece a straight (a straight flush counts).
    Straights,
}

/// Suit counts that a suit can contribute to a 3/5/5 split of one-suit pieces: nothing, a front,
/// a 5-card lane, front + lane, two lanes, or all three. Any four counts from this set that sum
/// to 13 can be dealt out as exactly one 3 and two 5s (13 = 3+5+5 = 3+10 = 8+5 = 13).
const FLUSH_SUIT_COUNTS: u32 = 1 | 1 << 3 | 1 << 5 | 1 << 8 | 1 << 10 | 1 << 13;

impl Pieces {
    /// Whether the 13 cards split into the three pieces, ignoring lane order. Exact.
    #[inline]
    pub fn split_exists(self, h: &HandBits) -> bool {
        match self {
            Pieces::Flushes => flush_counts_fit(h),
            Pieces::StraightFlushes => {
                flush_counts_fit(h)
                    && (0..4).all(|suit| {
                        let ranks = h.suit_ranks(suit);
                        let (threes, fives) = pieces_for_count(ranks.count_ones());
                        covers_with_runs(ranks, threes, fives)
                    })
            }
            Pieces::Straights => straight_windows(h) != 0,
        }
    }

    /// The best legal arrangement realising the special, or `None` when no split is legal.
    ///
    /// Preference, among all legal realisations: the strongest back, then the strongest middle,
    /// then the strongest front, by the rule set's hand values (wheel and suit tie-break included).
    pub fn best_arrangement(self, h: &HandBits, eval: &Evaluator, strict_order: bool) -> Option<Arrangement> {
        if !self.split_exists(h) {
            return None;
        }
        let mut pieces = self.candidate_pieces(h, eval);
        // Backs are tried by value, strongest first, one value at a time: the first value that
        // some legal split realises is the answer's back value, and usually the first tried.
        // Middles need no order: every one is scored.
        let mut best: Option<Found> = None;
        while best.is_none() {
            let top = pieces.iter().map(|p| p.rank).max()?;
            for back in pieces.iter().filter(|p| p.rank == top) {
                for middle in &pieces {
                    if middle.bits & back.bits != 0 || middle.rank.ranks_only() > back.rank.ranks_only() {
                        continue;
                    }
                    let front_bits = h.cards & !(middle.bits | back.bits);
                    if !self.front_fits(front_bits) {
                        continue;
                    }
                    let front = eval.eval3(&cards_of::<3>(front_bits));
                    if Foul::check(front, middle.rank, back.rank, strict_order).is_foul() {
                        continue;
                    }
                    let found = Found { front: Piece { bits: front_bits, rank: front }, middle: *middle, back: *back };
                    if best.map_or(true, |b| found.key() > b.key()) {
                        best = Some(found);
                    }
                }
            }
            pieces.retain(|p| p.rank != top);
        }
        best.map(|f| Arrangement {
            front: cards_of::<3>(f.front.bits),
            middle: cards_of::<5>(f.middle.bits),
            back: cards_of::<5>(f.back.bits),
        })
    }

    /// Whether three cards make the front piece.
    fn front_fits(self, front: u64) -> bool {
        let one_suit = || (0..4).any(|s| front & !(NIBBLE_LOW << s) == 0);
        let run = || {
            let ranks = gather((front | front >> 1 | front >> 2 | front >> 3) & NIBBLE_LOW);
            ranks.count_ones() == 3 && is_straight3(ranks)
        };
        match self {
            Pieces::StraightFlushes => one_suit() && run(),
            Pieces::Flushes => one_suit(),
            Pieces::Straights => run(),
        }
    }

    /// Every 5-card piece of this kind that can take part in a split of the hand.
    fn candidate_pieces(self, h: &HandBits, eval: &Evaluator) -> Vec<Piece> {
        let mut out = Vec::new();
        let mut push = |bits: u64| out.push(Piece { bits, rank: eval.eval5(&cards_of::<5>(bits)) });
        match self {
            Pieces::StraightFlushes => {
                for suit in 0..4 {
                    let ranks = h.suit_ranks(suit);
                    for &w in &STRAIGHT5 {
                        if ranks & w == w {
                            push(spread(w) << suit);
                        }
                    }
                }
            }
            Pieces::Flushes => {
                for suit in 0..4 {
                    let suit_cards = h.cards & NIBBLE_LOW << suit;
                    if suit_cards.count_ones() >= 5 {
                        for_each_five_subset(suit_cards, &mut push);
                    }
                }
            }
            Pieces::Straights => {
                let windows = straight_windows(h);
                for (i, &w) in STRAIGHT5.iter().enumerate() {
                    if windows >> i & 1 == 1 {
                        for_each_pick(h.cards, w, &mut push);
                    }
                }
            }
        }
        out
    }
}

/// A 5-card piece (or the front) with its value under the rule set.
#[derive(Copy, Clone, Debug)]
struct Piece {
    bits: u64,
    rank: HandRank,
}

/// A legal realisation found by the search.
#[derive(Copy, Clone, Debug)]
struct Found {
    front: Piece,
    middle: Piece,
    back: Piece,
}

impl Found {
    /// The preference: lane values back to front, then (for equal values) higher card codes in
    /// the back, then in the middle. Unique per split, so the answer never depends on search order.
    fn key(&self) -> (HandRank, HandRank, HandRank, u64, u64) {
        (self.back.rank, self.middle.rank, self.front.rank, self.back.bits, self.middle.bits)
    }
}

/// Every suit count can be dealt into one-suit pieces.
#[inline]
fn flush_counts_fit(h: &HandBits) -> bool {
    h.suit_counts.iter().all(|&c| FLUSH_SUIT_COUNTS >> c & 1 == 1)
}

/// How many 3-card and 5-card pieces a suit of `count` cards must form in a flush split.
fn pieces_for_count(count: u32) -> (u8, u8) {
    match count {
        3 => (1, 0),
        5 => (0, 1),
        8 => (1, 1),
        10 => (0, 2),
        13 => (1, 2),
        _ => (0, 0),
    }
}

/// Whether a suit's rank mask is exactly `threes` disjoint 3-card and `fives` 5-card straights.
fn covers_with_runs(ranks: u16, threes: u8, fives: u8) -> bool {
    if threes == 0 && fives == 0 {
        return ranks == 0;
    }
    match (threes, fives) {
        (1, 0) => is_straight3(ranks),
        (0, 1) => is_straight5(ranks),
        _ if fives > 0 => STRAIGHT5.iter().any(|&w| ranks & w == w && covers_with_runs(ranks ^ w, threes, fives - 1)),
        _ => false,
    }
}

/// The 5-card straight windows (bit `i` for `STRAIGHT5[i]`) used by some way of writing the rank
/// counts as two 5-card straights plus a 3-card straight; 0 when the ranks allow no such split.
///
/// Counts are nibbles, so subtracting a window's nibble mask removes one card of each of its
/// ranks, and the remainder equals a 3-card window exactly when the counts are that sum.
#[inline]
fn straight_windows(h: &HandBits) -> u16 {
    if h.counts & NIBBLE_LOW << 2 != 0 {
        return 0; // a rank held four times cannot sit in three pieces of distinct ranks
    }
    let fives = straights_within(h.ranks);
    if fives == 0 || h.ranks & !(straight_cover(fives) | run3_cover(h.ranks)) != 0 {
        return 0; // some rank is in no straight the hand holds
    }
    let mut used = 0u16;
    let mut outer = fives;
    while outer != 0 {
        let i = outer.trailing_zeros() as usize;
        outer &= outer - 1;
        let rest = h.counts - STRAIGHT5_NIBBLES[i];
        // The second straight: the same window or a later one (pieces are unordered).
        let mut inner = straights_within(gather(nonzero_nibbles(rest))) >> i << i;
        while inner != 0 {
            let j = inner.trailing_zeros() as usize;
            inner &= inner - 1;
            let front = rest - STRAIGHT5_NIBBLES[j];
            if front & !NIBBLE_LOW == 0 && is_straight3(gather(front)) {
                used |= 1 << i | 1 << j;
            }
        }
    }
    used
}

/// The ranks of the 5-card straights in `windows` (bits as from `straights_within`).
#[inline]
fn straight_cover(windows: u16) -> u16 {
    let starts = windows >> 1; // bit k: the straight of ranks k..k+4
    let wheel = if windows & 1 == 1 { STRAIGHT5[0] } else { 0 };
    starts | starts << 1 | starts << 2 | starts << 3 | starts << 4 | wheel
}

/// The ranks of the 3-card straights inside a rank mask.
#[inline]
fn run3_cover(ranks: u16) -> u16 {
    let starts = ranks & ranks >> 1 & ranks >> 2 & 0x7FF; // bit k: ranks k..k+2 present
    let a23 = if ranks & STRAIGHT3[0] == STRAIGHT3[0] { STRAIGHT3[0] } else { 0 };
    starts | starts << 1 | starts << 2 | a23
}

/// Call `f` with every 5-card subset of `cards`.
fn for_each_five_subset(cards: u64, f: &mut impl FnMut(u64)) {
    let mut codes = [0u32; 13];
    let mut n = 0;
    let mut rest = cards;
    while rest != 0 && n < codes.len() {
        codes[n] = rest.trailing_zeros();
        rest &= rest - 1;
        n += 1;
    }
    // Gosper's hack over n-bit index masks with five bits set.
    let mut m: u32 = 0b11111;
    while m < 1 << n {
        let mut bits = 0u64;
        let mut idx = m;
        while idx != 0 {
            bits |= 1 << codes[idx.trailing_zeros() as usize];
            idx &= idx - 1;
        }
        f(bits);
        let c = m & m.wrapping_neg();
        let r = m + c;
        m = (((r ^ m) >> 2) / c) | r;
    }
}

/// Call `f` with every choice of one card of each rank of `window` from `cards`.
fn for_each_pick(cards: u64, window: u16, f: &mut impl FnMut(u64)) {
    let mut ranks = [0u32; 5];
    let mut n = 0;
    for r in 0..13 {
        if window >> r & 1 == 1 {
            ranks[n] = r;
            n += 1;
        }
    }
    fn go(cards: u64, ranks: &[u32], acc: u64, f: &mut impl FnMut(u64)) {
        let Some((&r, more)) = ranks.split_first() else {
            f(acc);
            return;
        };
        let mut nibble = cards >> (4 * r) & 0xF;
        while nibble != 0 {
            let suit = nibble.trailing_zeros();
            nibble &= nibble - 1;
            go(cards, more, acc | 1 << (4 * r + suit), f);
        }
    }
    go(cards, &ranks[..n], 0, f);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::CardSet;

    fn bits(s: &str) -> HandBits {
        HandBits::new(s.parse::<CardSet>().unwrap().bits())
    }

    #[test]
    fn five_subsets_and_picks_are_complete() {
        let mut seen = Vec::new();
        for_each_five_subset(0b1111111 << 3, &mut |b| seen.push(b));
        assert_eq!(seen.len(), 21);
        assert!(seen.iter().all(|b| b.count_ones() == 5 && b & !(0b1111111 << 3) == 0));
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 21);

        let h = bits("2d 2c 3s 4h 4d 4c 5s 6s");
        let mut picks = Vec::new();
        for_each_pick(h.cards, STRAIGHT5[1], &mut |b| picks.push(b));
        assert_eq!(picks.len(), 2 * 3);
    }

    #[test]
    fn straight_windows_find_overlapping_straights() {
        // front 3-4-5, middle 7-8-9-T-J, back 9-T-J-Q-K
        let h = bits("3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc");
        assert_eq!(straight_windows(&h), 1 << 6 | 1 << 8);
        assert!(!Pieces::Flushes.split_exists(&h));
    }

    #[test]
    fn runs_cover_suits() {
        assert!(covers_with_runs(0x1FFF, 1, 2));
        assert!(covers_with_runs(1 << 12 | 0b1111 | 0b111 << 9, 1, 1), "wheel + J-Q-K");
        assert!(!covers_with_runs(1 << 12 | 1 << 11 | 1 << 0, 1, 0), "K-A-2");
    }
}
