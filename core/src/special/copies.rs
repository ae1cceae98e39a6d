//! Special hands of 13 cards that hold copies (RULES.md §11: a rule set with extra suits).
//!
//! A hand with a repeated code cannot be a bit set, so it gets its own, plainer reading of §6:
//! card counts per rank and suit for the conditions on card properties, a partition search for
//! the rank shapes, and a walk of every 3/5/5 split for the three-piece specials. Copies are rare
//! (one hand in a few at a table with extra suits) and every step here is bounded by the 72,072
//! splits of 13 positions, so the simple way is fast enough and easy to check.
//!
//! The shapes under copies (§11): each rank's cards form one group; with `split_quads` a rank of
//! four or more cards may serve as any groups of one to four cards that add up to its count,
//! while a rank of three is always trips and a pair always a pair. Without the option the groups
//! are exact, and a group of five or more fits no shape.

use super::hand::{is_straight3, is_straight5};
use super::Special;
use crate::card::Card;
use crate::eval::{Evaluator, HandRank};
use crate::lanes::{Arrangement, Foul};

/// The group sizes of each shape special: how many groups of 1, 2, 3 and 4 cards it is made of.
pub(crate) const SHAPES: [(Special, [u8; 4]); 5] = [
    (Special::ThreeQuads, [1, 0, 0, 3]),
    (Special::ThreeTripsQuad, [0, 0, 3, 1]),
    (Special::FourTrips, [1, 0, 4, 0]),
    (Special::FivePairsTrips, [0, 5, 1, 0]),
    (Special::SixPairs, [1, 6, 0, 0]),
];

/// Whether ranks holding `counts` cards (one entry per rank present) can be grouped into exactly
/// `want[k - 1]` groups of `k` cards for k = 1..=4, under the grouping rule of the module docs.
pub(crate) fn shape_fits(counts: &[u8], want: [u8; 4], split_quads: bool) -> bool {
    fn go(counts: &[u8], want: &mut [u8; 4], split: bool) -> bool {
        let Some((&c, rest)) = counts.split_first() else {
            return want.iter().all(|&w| w == 0);
        };
        if c < 4 || !split {
            // One group of exactly this size: 1 to 4 (five or more fits no shape).
            if !(1..=4).contains(&c) || want[c as usize - 1] == 0 {
                return false;
            }
            want[c as usize - 1] -= 1;
            let ok = go(rest, want, split);
            want[c as usize - 1] += 1;
            return ok;
        }
        // Four or more with `split_quads`: every multiset of parts of 1 to 4 summing to `c`.
        parts(c, 4, want, &mut |want| go(rest, want, split))
    }
    /// Call `then` with `want` less each partition of `left` into parts of at most `max` (parts
    /// taken in non-increasing order, so each partition once) that `want` still has room for.
    fn parts(left: u8, max: u8, want: &mut [u8; 4], then: &mut dyn FnMut(&mut [u8; 4]) -> bool) -> bool {
        if left == 0 {
            return then(want);
        }
        for k in (1..=max.min(left)).rev() {
            if want[k as usize - 1] == 0 {
                continue;
            }
            want[k as usize - 1] -= 1;
            let ok = parts(left - k, k, want, then);
            want[k as usize - 1] += 1;
            if ok {
                return true;
            }
        }
        false
    }
    let mut want = want;
    go(counts, &mut want, split_quads)
}

/// The pieces of a three-piece special, as predicates on a piece's cards.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum PieceKind {
    StraightFlush,
    Flush,
    Straight,
}

impl PieceKind {
    /// Whether these 3 or 5 cards make the piece: one suit for a flush (pairs allowed, §11), a run
    /// of distinct ranks for a straight (A-2-3 and the wheel included, K-A-2 not).
    pub(crate) fn fits(self, cards: &[Card]) -> bool {
        let one_suit = cards.iter().all(|c| c.suit() == cards[0].suit());
        let ranks = cards.iter().fold(0u16, |m, c| m | 1 << c.rank().index());
        let run = ranks.count_ones() as usize == cards.len()
            && if cards.len() == 3 { is_straight3(ranks) } else { is_straight5(ranks) };
        match self {
            PieceKind::StraightFlush => one_suit && run,
            PieceKind::Flush => one_suit,
            PieceKind::Straight => run,
        }
    }

    /// The piece kind of a three-piece special.
    pub(crate) fn of(special: Special) -> Option<PieceKind> {
        match special {
            Special::ThreeStraightFlushes => Some(PieceKind::StraightFlush),
            Special::ThreeFlushes => Some(PieceKind::Flush),
            Special::ThreeStraights => Some(PieceKind::Straight),
            _ => None,
        }
    }
}

/// A quick necessary condition for a 3/5/5 split into pieces of `kind`, so that most hands skip
/// the walk: one-suit pieces need each suit's count to be a sum of piece sizes (0, 3, 5, 8, 10
/// or 13); straight pieces need a five-card run among the ranks held.
fn could_split(cards: &[Card; 13], kind: PieceKind) -> bool {
    let mut suits = [0u8; 4];
    let mut ranks = 0u16;
    for c in cards {
        suits[c.suit() as usize] += 1;
        ranks |= 1 << c.rank().index();
    }
    let suits_fit = || suits.iter().all(|n| matches!(n, 0 | 3 | 5 | 8 | 10 | 13));
    let run = || super::hand::straights_within(ranks) != 0;
    match kind {
        PieceKind::Flush => suits_fit(),
        PieceKind::StraightFlush => suits_fit() && run(),
        PieceKind::Straight => run(),
    }
}

/// The best legal arrangement whose three lanes each make the piece, by the preference of
/// [`super::SpecialDetection::arrangement`] (the strongest back, then middle, then front, by the
/// rule set's hand values); `None` when no split is legal. Walks every split.
pub(crate) fn best_split(cards: &[Card; 13], kind: PieceKind, eval: &Evaluator, strict: bool) -> Option<Arrangement> {
    let mut sorted = *cards;
    sorted.sort_unstable();
    let mut best: Option<([HandRank; 3], u16, u16)> = None;
    for back in five_of(0x1FFF) {
        let back_cards = pick::<5>(&sorted, back);
        if !kind.fits(&back_cards) {
            continue;
        }
        let b = eval.eval5(&back_cards);
        if best.is_some_and(|(k, _, _)| b < k[0]) {
            continue;
        }
        for middle in five_of(0x1FFF & !back) {
            let middle_cards = pick::<5>(&sorted, middle);
            let front_cards = pick::<3>(&sorted, 0x1FFF & !back & !middle);
            if !kind.fits(&middle_cards) || !kind.fits(&front_cards) {
                continue;
            }
            let (m, f) = (eval.eval5(&middle_cards), eval.eval3(&front_cards));
            if Foul::check(f, m, b, strict).is_foul() {
                continue;
            }
            // Equal values: the higher position masks, so the answer does not depend on the walk.
            let key = ([b, m, f], back, middle);
            if best.map_or(true, |k| key > k) {
                best = Some(key);
            }
        }
    }
    best.map(|(_, back, middle)| Arrangement {
        front: pick::<3>(&sorted, 0x1FFF & !back & !middle),
        middle: pick::<5>(&sorted, middle),
        back: pick::<5>(&sorted, back),
    })
}

/// The cards at the set positions of `mask`, highest position first (so a lane reads high to low).
fn pick<const N: usize>(sorted: &[Card; 13], mask: u16) -> [Card; N] {
    let mut out = [sorted[0]; N];
    let mut m = mask;
    for slot in out.iter_mut() {
        let top = 15 - m.leading_zeros() as usize;
        *slot = sorted[top];
        m &= !(1 << top);
    }
    out
}

/// Every 5-position subset of `of` (a mask of 13 positions), by Gosper's hack over its bits.
fn five_of(of: u16) -> impl Iterator<Item = u16> {
    let positions: Vec<u16> = (0..13).filter(|&i| of >> i & 1 == 1).collect();
    let n = positions.len() as u32;
    let mut x: u32 = if n >= 5 { 0b11111 } else { 1 << n };
    std::iter::from_fn(move || {
        if x >> n != 0 {
            return None;
        }
        let mask = positions.iter().enumerate().filter(|&(i, _)| x >> i & 1 == 1).fold(0, |m, (_, &p)| m | 1 << p);
        let c = x & x.wrapping_neg();
        let r = x + c;
        x = (((r ^ x) >> 2) / c) | r;
        Some(mask)
    })
}

/// Bit `special as u8` for every special (enabled or not) that 13 cards with copies qualify for,
/// and the realising arrangement of each three-piece special found, indexed as `PieceKind`'s
/// variants. `twelve_royals_min`, `split_quads` and `strict_order` as in the rule set.
pub(crate) fn qualify(
    cards: &[Card; 13],
    wanted: u16,
    twelve_royals_min: u32,
    split_quads: bool,
    eval: &Evaluator,
    strict: bool,
) -> (u16, [Option<Arrangement>; 3]) {
    let bit = |s: Special| 1u16 << s as u8;
    let mut q = 0u16;
    let mut rank_counts = [0u8; 13];
    let mut suits = 0u8;
    let mut red = 0;
    for c in cards {
        rank_counts[c.rank().index() as usize] += 1;
        suits |= 1 << c.suit() as u8;
        red += c.suit().is_red() as u32;
    }
    let distinct_ranks = rank_counts.iter().filter(|&&n| n > 0).count();
    if distinct_ranks == 13 {
        q |= bit(Special::Dragon);
        if suits.count_ones() == 1 {
            q |= bit(Special::SupremeDragon);
        }
    }
    let royals: u32 = rank_counts[9..].iter().map(|&n| n as u32).sum();
    if royals >= twelve_royals_min {
        q |= bit(Special::TwelveRoyals);
    }
    if rank_counts[..6].iter().all(|&n| n == 0) {
        q |= bit(Special::AllBig);
    }
    if rank_counts[7..].iter().all(|&n| n == 0) {
        q |= bit(Special::AllSmall);
    }
    match red {
        0 | 13 => q |= bit(Special::OneColor),
        1 => q |= bit(Special::TwelveBlackOneRed),
        12 => q |= bit(Special::TwelveRedOneBlack),
        _ => {}
    }
    let present: Vec<u8> = rank_counts.iter().copied().filter(|&n| n > 0).collect();
    for (special, want) in SHAPES {
        if shape_fits(&present, want, split_quads) {
            q |= bit(special);
        }
    }
    let mut found = [None; 3];
    for (k, special) in
        [Special::ThreeStraightFlushes, Special::ThreeFlushes, Special::ThreeStraights].into_iter().enumerate()
    {
        if wanted & bit(special) == 0 {
            continue;
        }
        let kind = PieceKind::of(special).expect("a three-piece special");
        if !could_split(cards, kind) {
            continue;
        }
        if let Some(a) = best_split(cards, kind, eval, strict) {
            q |= bit(special);
            found[k] = Some(a);
        }
    }
    (q, found)
}
