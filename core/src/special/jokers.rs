//! Special hands of 13 cards holding wild jokers (RULES.md §12, option `jokers_in_specials`).
//!
//! Such a hand makes every special that some choice of its jokers' cards makes (§6, with §11's
//! grouping of repeated ranks, since a joker may stand for a card held already). No choice is
//! enumerated as a whole hand:
//! - the card-property specials are bounds on counts: a joker can be any rank and either colour;
//! - the rank shapes walk the ways the jokers add to the rank counts, ranks of equal count taken
//!   as interchangeable, so each multiset of counts is tried once;
//! - the three-piece specials walk the splits of the natural cards with the jokers filling the
//!   lanes. A lane's jokers take only cards that keep its piece (the piece's one suit, the missing
//!   ranks of a straight window), and the lanes are valued from the back (the back at its best
//!   piece, the middle at its best piece not above it, the front likewise), which finds a legal
//!   choice whenever one exists and the best one by the preference of
//!   [`super::SpecialDetection::arrangement`].
//!
//! `tests/special_jokers.rs` checks all of it against a brute force that substitutes every card
//! for every joker and reads the result as a hand with copies.

use super::copies::{shape_fits, PieceKind, SHAPES};
use super::hand::{spread, STRAIGHT3, STRAIGHT5, STRAIGHT5_NIBBLES};
use super::Special;
use crate::card::Card;
use crate::eval::joker::{card, fill, rank_multisets};
use crate::eval::{Evaluator, HandRank};
use crate::lanes::Arrangement;

const fn bit(s: Special) -> u16 {
    1 << s as u8
}

/// Bit `special as u8` for every special (enabled or not, the three-piece ones only where
/// `wanted`) that 13 cards holding at least one joker qualify for, and the realising
/// arrangement of each three-piece special found, indexed as `PieceKind`'s variants.
pub(crate) fn qualify(
    cards: &[Card; 13],
    wanted: u16,
    twelve_royals_min: u32,
    split_quads: bool,
    eval: &Evaluator,
    strict: bool,
) -> (u16, [Option<Arrangement>; 3]) {
    let (naturals, jokers) = parts(cards);
    let k = jokers.len() as u32;
    let mut q = 0u16;
    let mut rank_counts = [0u8; 13];
    let mut suits = 0u8;
    let mut red = 0u32;
    for c in &naturals {
        rank_counts[c.rank().index() as usize] += 1;
        suits |= 1 << c.suit() as u8;
        red += c.suit().is_red() as u32;
    }
    // Dragons: the jokers take the missing ranks (in the naturals' one suit for the supreme one).
    if rank_counts.iter().all(|&n| n <= 1) {
        q |= bit(Special::Dragon);
        if suits.count_ones() <= 1 {
            q |= bit(Special::SupremeDragon);
        }
    }
    let royals: u32 = rank_counts[9..].iter().map(|&n| n as u32).sum();
    if royals + k >= twelve_royals_min {
        q |= bit(Special::TwelveRoyals);
    }
    if rank_counts[..6].iter().all(|&n| n == 0) {
        q |= bit(Special::AllBig);
    }
    if rank_counts[7..].iter().all(|&n| n == 0) {
        q |= bit(Special::AllSmall);
    }
    // The red cards number anything from the naturals' red ones to that plus every joker.
    let black = naturals.len() as u32 - red;
    if red == 0 || black == 0 {
        q |= bit(Special::OneColor);
    }
    if red <= 1 && red + k >= 1 {
        q |= bit(Special::TwelveBlackOneRed);
    }
    if red <= 12 && red + k >= 12 {
        q |= bit(Special::TwelveRedOneBlack);
    }
    q |= shapes(&rank_counts, k as u8, split_quads);

    let mut found = [None; 3];
    for (i, special) in
        [Special::ThreeStraightFlushes, Special::ThreeFlushes, Special::ThreeStraights].into_iter().enumerate()
    {
        if wanted & bit(special) == 0 {
            continue;
        }
        let kind = PieceKind::of(special).expect("a three-piece special");
        if let Some(a) = best_split_of(&naturals, &jokers, kind, eval, strict) {
            q |= bit(special);
            found[i] = Some(a);
        }
    }
    (q, found)
}

/// The best legal arrangement of 13 cards holding jokers into three pieces of `kind` (see the
/// module docs), with the jokers in its lanes; `None` when no split and choice of the jokers
/// makes one.
pub(crate) fn best_split(cards: &[Card; 13], kind: PieceKind, eval: &Evaluator, strict: bool) -> Option<Arrangement> {
    let (naturals, jokers) = parts(cards);
    best_split_of(&naturals, &jokers, kind, eval, strict)
}

/// The natural cards in code order and the jokers, highest code first.
fn parts(cards: &[Card; 13]) -> (Vec<Card>, Vec<Card>) {
    let mut naturals: Vec<Card> = cards.iter().copied().filter(|c| !c.is_joker()).collect();
    let mut jokers: Vec<Card> = cards.iter().copied().filter(|c| c.is_joker()).collect();
    naturals.sort_unstable();
    jokers.sort_unstable_by(|a, b| b.cmp(a));
    (naturals, jokers)
}

/// Bit `special as u8` for every rank-shape special some placing of `jokers` more cards on the
/// ranks makes. Ranks holding the same count are interchangeable, so the jokers added to such
/// ranks are taken in non-increasing order; jokers on ranks not held form new groups, as a
/// partition of what is left.
fn shapes(rank_counts: &[u8; 13], jokers: u8, split: bool) -> u16 {
    let mut present: Vec<u8> = rank_counts.iter().copied().filter(|&n| n > 0).collect();
    present.sort_unstable_by(|a, b| b.cmp(a));
    let all = SHAPES.iter().fold(0u16, |m, &(s, _)| m | bit(s));
    let mut walk = ShapeWalk { present: &present, absent: 13 - present.len(), split, found: 0, all };
    let mut counts = present.clone();
    walk.add(0, jokers, u8::MAX, &mut counts);
    walk.found
}

struct ShapeWalk<'a> {
    present: &'a [u8],
    absent: usize,
    split: bool,
    found: u16,
    all: u16,
}

impl ShapeWalk<'_> {
    /// Add up to `left` jokers to the present rank `i` and those after it; `cap` bounds the
    /// addition where rank `i` holds as many cards as rank `i - 1`.
    fn add(&mut self, i: usize, left: u8, cap: u8, counts: &mut Vec<u8>) {
        if self.found == self.all {
            return;
        }
        if i == self.present.len() {
            self.new_ranks(left, left, self.absent, counts);
            return;
        }
        let cap = if i > 0 && self.present[i] == self.present[i - 1] { cap.min(left) } else { left };
        for j in 0..=cap {
            counts[i] = self.present[i] + j;
            self.add(i + 1, left - j, j, counts);
        }
        counts[i] = self.present[i];
    }

    /// Put the `left` remaining jokers on ranks not held, in groups of at most `max`.
    fn new_ranks(&mut self, left: u8, max: u8, absent: usize, counts: &mut Vec<u8>) {
        if left == 0 {
            for &(special, want) in &SHAPES {
                if self.found & bit(special) == 0 && shape_fits(counts, want, self.split) {
                    self.found |= bit(special);
                }
            }
            return;
        }
        if absent == 0 {
            return;
        }
        for part in (1..=max.min(left)).rev() {
            counts.push(part);
            self.new_ranks(left - part, part, absent - 1, counts);
            counts.pop();
        }
    }
}

/// A split's preference: lane values back, middle, front, then the cards as played, back then
/// middle (codes, highest first), so the answer does not depend on the walk.
type Key = ([HandRank; 3], [u8; 5], [u8; 5]);

fn best_split_of(
    naturals: &[Card],
    jokers: &[Card],
    kind: PieceKind,
    eval: &Evaluator,
    strict: bool,
) -> Option<Arrangement> {
    let (n, k) = (naturals.len(), jokers.len());
    if !could_split(naturals, kind) {
        return None;
    }
    let tiebreak = eval.suit_tiebreak();
    let all = (1u16 << n) - 1;
    // Every five-card lane that makes the piece (its natural cards' positions and its number of
    // jokers), strongest first. They serve as backs and as middles; once a legal split is found,
    // a weaker back cannot beat it, so most backs are never paired with a middle.
    let mut fives: Vec<(HandRank, u16, usize, [Card; 5])> = Vec::new();
    for j in 0..=k.min(5) {
        for mask in subsets(all, 5 - j) {
            let cards: [Card; 5] = lane(naturals, mask, &jokers[..j]);
            if !could_be(kind, &cards) {
                continue;
            }
            if let Some((_, v)) = piece(&cards, kind, tiebreak, &|c| eval.eval5(c), &|_| true) {
                fives.push((v, mask, j, cards));
            }
        }
    }
    fives.sort_by_key(|f| std::cmp::Reverse(f.0));
    let mut is_five = vec![false; 6 << n];
    for &(_, mask, j, _) in &fives {
        is_five[j << n | mask as usize] = true;
    }
    // Which fronts (positions, jokers) could make the piece at all.
    let mut fronts = vec![false; 4 << n];
    for j in 0..=k.min(3) {
        for mask in subsets(all, 3 - j) {
            let cards: [Card; 3] = lane(naturals, mask, &jokers[..j]);
            fronts[j << n | mask as usize] = could_be(kind, &cards);
        }
    }
    let mut best: Option<(Key, Arrangement)> = None;
    for &(b, back, jb, back_cards) in &fives {
        if best.as_ref().is_some_and(|((v, _, _), _)| b < v[0]) {
            break;
        }
        // §2's comparisons, as `Foul::check` makes them.
        let under_back = |v: HandRank| {
            if strict {
                v.ranks_only() < b.ranks_only()
            } else {
                v.ranks_only() <= b.ranks_only()
            }
        };
        let back_played = piece(&back_cards, kind, tiebreak, &|c| eval.eval5(c), &|_| true).map(|(p, _)| p);
        let Some(back_played) = back_played else { continue };
        for (jm, middle) in (0..=(k - jb).min(5))
            .filter(|&jm| k - jb - jm <= 3)
            .flat_map(|jm| subsets(all & !back, 5 - jm).map(move |m| (jm, m)))
        {
            let jf = k - jb - jm;
            let front = all & !back & !middle;
            if !is_five[jm << n | middle as usize] || !fronts[jf << n | front as usize] {
                continue;
            }
            // The jokers after the back's go to the middle, the rest to the front.
            let middle_cards: [Card; 5] = lane(naturals, middle, &jokers[jb..jb + jm]);
            let front_cards: [Card; 3] = lane(naturals, front, &jokers[jb + jm..]);
            let Some((middle_played, m)) = piece(&middle_cards, kind, tiebreak, &|c| eval.eval5(c), &under_back) else {
                continue;
            };
            let under_middle = |v: HandRank| {
                if strict {
                    v.front_key() < m.front_key()
                } else {
                    v.front_key() <= m.front_key()
                }
            };
            let Some((_, f)) = piece(&front_cards, kind, tiebreak, &|c| eval.eval3(c), &under_middle) else {
                continue;
            };
            let key = ([b, m, f], codes(back_played), codes(middle_played));
            if best.as_ref().map_or(true, |(k, _)| key > *k) {
                let arrangement = Arrangement {
                    front: highest_first(front_cards),
                    middle: highest_first(middle_cards),
                    back: highest_first(back_cards),
                };
                best = Some((key, arrangement));
            }
        }
    }
    best.map(|(_, a)| a)
}

/// Whether the natural cards fit three pieces of `kind` with jokers filling the rest, legality
/// aside, so that most hands skip the walk. Exact for flushes (each lane one suit: every suit's
/// cards fit the lanes given that suit) and for straights (each lane a window: every rank's
/// count fits the windows holding it); both for straight flushes, where it is only necessary.
fn could_split(naturals: &[Card], kind: PieceKind) -> bool {
    let mut suit_counts = [0u8; 4];
    let mut counts = 0u64;
    for c in naturals {
        suit_counts[c.suit() as usize] += 1;
        counts += 1 << (4 * c.rank().index() as u32);
    }
    let by_suit = || {
        (0..64u32).any(|map| {
            let mut room = [0u8; 4];
            for (lane, size) in [3u8, 5, 5].into_iter().enumerate() {
                room[(map >> (2 * lane) & 3) as usize] += size;
            }
            (0..4).all(|s| suit_counts[s] <= room[s])
        })
    };
    let by_rank = || {
        // A rank's nibble of `room | 8` less its count keeps bit 3 exactly when the count fits
        // (counts and room are at most 3 once no rank holds four, so nothing borrows).
        const EIGHTS: u64 = 0x8_8888_8888_8888;
        if (counts + 0x4_4444_4444_4444) & EIGHTS != 0 {
            return false; // a rank held four times or more fits no three windows
        }
        STRAIGHT3.iter().any(|&w3| {
            let w3 = spread(w3);
            (0..10).any(|a| {
                (a..10).any(|b| {
                    let room = w3 + STRAIGHT5_NIBBLES[a] + STRAIGHT5_NIBBLES[b];
                    ((room | EIGHTS) - counts) & EIGHTS == EIGHTS
                })
            })
        })
    };
    match kind {
        PieceKind::Flush => by_suit(),
        PieceKind::Straight => by_rank(),
        PieceKind::StraightFlush => by_suit() && by_rank(),
    }
}

/// The naturals at the set positions of `mask`, then `jokers`.
fn lane<const N: usize>(naturals: &[Card], mask: u16, jokers: &[Card]) -> [Card; N] {
    let mut out = [Card::SMALL_JOKER; N];
    let mut i = 0;
    for (p, &c) in naturals.iter().enumerate() {
        if mask >> p & 1 == 1 {
            out[i] = c;
            i += 1;
        }
    }
    out[i..].copy_from_slice(jokers);
    out
}

fn highest_first<const N: usize>(mut cards: [Card; N]) -> [Card; N] {
    cards.sort_unstable_by(|a, b| b.cmp(a));
    cards
}

fn codes(cards: [Card; 5]) -> [u8; 5] {
    highest_first(cards).map(|c| c.code())
}

/// Every subset of `of`'s bits with `size` bits, by Gosper's hack over the positions of `of`.
fn subsets(of: u16, size: usize) -> impl Iterator<Item = u16> {
    let positions: Vec<u16> = (0..16).filter(|&i| of >> i & 1 == 1).collect();
    let n = positions.len() as u32;
    let mut x: u32 = if size as u32 <= n { (1 << size) - 1 } else { 1 << n };
    let mut done = false;
    std::iter::from_fn(move || {
        if done || x >> n != 0 {
            return None;
        }
        let mask = positions.iter().enumerate().filter(|&(i, _)| x >> i & 1 == 1).fold(0, |m, (_, &p)| m | 1 << p);
        if x == 0 {
            // The one empty subset.
            done = true;
            return Some(mask);
        }
        let c = x & x.wrapping_neg();
        let r = x + c;
        x = (((r ^ x) >> 2) / c) | r;
        Some(mask)
    })
}

/// Whether a lane's natural cards could still be a piece of `kind` with its jokers: one suit
/// for a flush, distinct ranks inside one window for a straight.
fn could_be(kind: PieceKind, cards: &[Card]) -> bool {
    let mut suits = 0u8;
    let mut ranks = 0u16;
    let mut repeat = false;
    for c in cards.iter().filter(|c| !c.is_joker()) {
        suits |= 1 << c.suit() as u8;
        repeat |= ranks >> c.rank().index() & 1 == 1;
        ranks |= 1 << c.rank().index();
    }
    let windows: &[u16] = if cards.len() == 5 { &STRAIGHT5 } else { &STRAIGHT3 };
    let run = || !repeat && windows.iter().any(|&w| ranks & !w == 0);
    match kind {
        PieceKind::Flush => suits.count_ones() <= 1,
        PieceKind::Straight => run(),
        PieceKind::StraightFlush => suits.count_ones() <= 1 && run(),
    }
}

/// The best value, among the choices of a lane's jokers that make it a piece of `kind` and
/// whose value `fits`, with the lane as played; `None` when there is none.
fn piece<const N: usize>(
    cards: &[Card; N],
    kind: PieceKind,
    tiebreak: bool,
    value: &dyn Fn(&[Card; N]) -> HandRank,
    fits: &dyn Fn(HandRank) -> bool,
) -> Option<([Card; N], HandRank)> {
    let mut suits = 0u8;
    let mut ranks = 0u16;
    let mut jokers = 0usize;
    for c in cards {
        if c.is_joker() {
            jokers += 1;
        } else {
            suits |= 1 << c.suit() as u8;
            ranks |= 1 << c.rank().index();
        }
    }
    let mut found: Option<([Card; N], HandRank)> = None;
    let mut consider = |played: [Card; N]| {
        debug_assert!(kind.fits(&played), "{played:?} is not a {kind:?}");
        let v = value(&played);
        if fits(v) && found.map_or(true, |(_, f)| v > f) {
            found = Some((played, v));
        }
    };
    if jokers == 0 {
        if kind.fits(cards) {
            consider(*cards);
        }
        return found;
    }
    // The suits a one-suit piece may take: the naturals' one suit, or any where all are jokers.
    let one_suit: &[u32] = match suits.count_ones() {
        0 => &[0, 1, 2, 3],
        1 => &[[0, 1, 2, 3][suits.trailing_zeros() as usize]],
        _ => &[],
    };
    let windows: &[u16] = if N == 5 { &STRAIGHT5 } else { &STRAIGHT3 };
    match kind {
        PieceKind::Flush => {
            for &s in one_suit {
                rank_multisets(jokers, &mut |rs| {
                    let mut i = 0;
                    consider(fill(cards, || {
                        i += 1;
                        card(rs[i - 1], s)
                    }));
                });
            }
        }
        PieceKind::Straight | PieceKind::StraightFlush => {
            for &w in windows {
                if ranks & !w != 0 || (w & !ranks).count_ones() as usize != jokers {
                    continue;
                }
                let missing: Vec<u32> = (0..13).filter(|&r| (w & !ranks) >> r & 1 == 1).collect();
                if kind == PieceKind::StraightFlush {
                    for &s in one_suit {
                        let mut i = 0;
                        consider(fill(cards, || {
                            i += 1;
                            card(missing[i - 1], s)
                        }));
                    }
                } else if tiebreak {
                    // Every suit for every joker: under the suit tie-break they decide the value.
                    for suits in 0..1u32 << (2 * jokers) {
                        let mut i = 0;
                        consider(fill(cards, || {
                            i += 1;
                            card(missing[i - 1], suits >> (2 * (i - 1)) & 3)
                        }));
                    }
                } else {
                    // Otherwise the suits decide only whether it is a straight flush: every joker
                    // in the naturals' one suit, or one joker off it.
                    let s = one_suit.first().copied().unwrap_or(0);
                    let off = (s + 1) % 4;
                    for odd in [None, Some(0)] {
                        if odd.is_some() && one_suit.is_empty() {
                            continue; // two suits already: no straight flush to avoid
                        }
                        let mut i = 0;
                        consider(fill(cards, || {
                            i += 1;
                            card(missing[i - 1], if odd == Some(i - 1) { off } else { s })
                        }));
                    }
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `shapes` against every multiset of ranks the jokers can take, up to six jokers.
    #[test]
    #[cfg_attr(miri, ignore)] // thousands of walks: minutes under the interpreter, nothing unsafe
    fn shapes_are_every_placing_of_the_jokers() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        for _ in 0..3000 {
            let jokers = 1 + next(6) as u8;
            let mut counts = [0u8; 13];
            for _ in 0..13 - jokers {
                // Lean on few ranks so that the shapes are near.
                let span = if next(2) == 0 { 5 } else { 13 };
                counts[next(span) as usize] += 1;
            }
            for split in [false, true] {
                let mut want = 0u16;
                rank_multisets(jokers as usize, &mut |rs| {
                    let mut c = counts;
                    for &r in rs {
                        c[r as usize] += 1;
                    }
                    let present: Vec<u8> = c.iter().copied().filter(|&n| n > 0).collect();
                    for &(special, shape) in &SHAPES {
                        if shape_fits(&present, shape, split) {
                            want |= bit(special);
                        }
                    }
                });
                assert_eq!(shapes(&counts, jokers, split), want, "{counts:?} + {jokers} jokers, split {split}");
            }
        }
    }

    #[test]
    fn subsets_are_every_subset_once() {
        let of = 0b1011_0110_1101u16;
        for size in 0..=9 {
            let got: Vec<u16> = subsets(of, size).collect();
            let want: Vec<u16> = (0..=of).filter(|&m| m & !of == 0 && m.count_ones() as usize == size).collect();
            let mut sorted = got.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, want, "size {size}");
        }
    }
}
