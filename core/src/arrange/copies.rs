//! Auto-arrangement of 13 cards that hold copies (RULES.md §11: a deck with extra suits).
//!
//! A hand with a repeated code can make what one deck cannot, five of a kind and flushes that
//! hold a pair, and it is no bit set, so the one-deck search (`search.rs`, built on bit sets
//! and the one-deck strength ordinals) does not read it. This search reads it exactly:
//! - every five- and three-card subset of the 13 positions is ranked by the evaluator, which
//!   ranks copies as §11 says; legality (RULES.md §2) is checked on those ranks, so an answer is
//!   never a foul;
//! - the objective is the arranger's own ([`Objective::ev`]) on lane ordinals: a lane's ordinal
//!   is that of the strongest one-deck class at or below it (exact for every hand one deck can
//!   make; a paired flush counts as the plain flush below it, five of a kind as the top straight
//!   flush, the strongest class the fields know), and a five of a kind in the middle or back
//!   adds [`Objective::five_kind_extra`], so that its lane is priced with its own lane water
//!   (RULES.md §11) rather than the straight flush's; the sweep terms (shooting, home runs,
//!   the majority bonus) still read it as the top straight flush, its water included;
//! - backs are taken best bound first ([`Objective::upper_bound`] of the back with the
//!   strongest front and middle it allows), each bounded again with the strongest legal front
//!   and middle it really has, and the search stops at the first bound below the best split
//!   found; ties are broken as the one-deck search breaks them (position masks), so the answer
//!   is [`exhaustive`]'s, which the tests check.

use super::model::Objective;
use super::search::Split;
use super::strength::{Strength, Subsets};
use crate::card::Card;
use crate::eval::{Category, Evaluator, HandRank};
use crate::lanes::Foul;

/// The ranks and ordinals of every subset of one hand with copies.
pub(crate) struct CopiesHand {
    /// The codes, ascending (position `i` is `codes[i]`).
    pub codes: [u8; 13],
    /// Rank (suits included) of each five-card subset, in [`Subsets`] order.
    pub five_rank: Vec<HandRank>,
    /// Lane ordinal of each five-card subset (see the module docs).
    pub five_ord: Vec<u16>,
    /// Rank of each three-card subset.
    pub three_rank: Vec<HandRank>,
    /// Lane ordinal of each three-card subset (exact: three cards make no new class).
    pub three_ord: Vec<u16>,
}

impl CopiesHand {
    pub fn new(st: &Strength, eval: &Evaluator, cards: &[Card; 13]) -> CopiesHand {
        let mut codes = cards.map(|c| c.code());
        codes.sort_unstable();
        let sub = Subsets::get();
        let pick = |mask: u16, out: &mut [Card]| {
            let mut m = mask;
            for slot in out.iter_mut() {
                let i = m.trailing_zeros() as usize;
                *slot = Card::from_code(codes[i]).expect("a hand's codes are cards");
                m &= m - 1;
            }
        };
        let mut five_rank = Vec::with_capacity(1287);
        let mut five_ord = Vec::with_capacity(1287);
        let mut c5 = [cards[0]; 5];
        for &m in sub.five.iter() {
            pick(m, &mut c5);
            let r = eval.eval5(&c5);
            five_rank.push(r);
            // A class one deck has (no flush, at most four of a rank) is read from the strength
            // tables directly; a flush or five of a kind may be new, and is looked up by rank.
            let one_suit = c5.iter().all(|c| c.suit() == c5[0].suit());
            let ord = if one_suit || r.category() == Category::FiveOfAKind {
                ordinal_at_or_below(&st.five_rank, r)
            } else {
                st.five(c5.map(|c| c.code()))
            };
            five_ord.push(ord);
        }
        let mut three_rank = Vec::with_capacity(286);
        let mut three_ord = Vec::with_capacity(286);
        let mut c3 = [cards[0]; 3];
        for &m in sub.three.iter() {
            pick(m, &mut c3);
            let r = eval.eval3(&c3);
            three_rank.push(r);
            three_ord.push(st.three(c3.map(|c| c.code())));
        }
        CopiesHand { codes, five_rank, five_ord, three_rank, three_ord }
    }

    /// The categories of a split's lanes (front, middle, back), from the exact ranks.
    pub fn categories(&self, s: &Split) -> [Category; 3] {
        let sub = Subsets::get();
        [
            self.three_rank[sub.index[s.front as usize] as usize].category(),
            self.five_rank[sub.index[s.middle as usize] as usize].category(),
            self.five_rank[sub.index[s.back as usize] as usize].category(),
        ]
    }
}

/// The ordinal of the strongest class at or below `rank` (ranks only), in a table of classes
/// listed weakest first.
pub(crate) fn ordinal_at_or_below(classes: &[HandRank], rank: HandRank) -> u16 {
    let r = rank.ranks_only();
    classes.partition_point(|c| *c <= r).saturating_sub(1) as u16
}

/// Whether front, middle and back are legal (RULES.md §2), on the exact ranks.
#[inline]
fn legal(f: HandRank, m: HandRank, b: HandRank, strict: bool) -> bool {
    !Foul::check(f, m, b, strict).is_foul()
}

/// The objective of a split of a hand with copies: [`Objective::ev`] at its ordinals, and
/// what a five of a kind in the middle (subset `mi`) or back (`bi`) adds to it.
#[inline]
fn split_ev(obj: &Objective, h: &CopiesHand, ords: [u16; 3], mi: usize, bi: usize) -> f64 {
    ev_of_ranks(obj, ords, h.five_rank[mi], h.five_rank[bi])
}

/// The objective of a hand with copies from the exact ranks of its lanes (the rank of its
/// middle and back say whether each is a five of a kind) at their ordinals.
pub(crate) fn ev_of_ranks(obj: &Objective, ords: [u16; 3], middle: HandRank, back: HandRank) -> f64 {
    let [em, eb] = obj.five_kind_extra();
    let fk = |r: HandRank| r.category() == Category::FiveOfAKind;
    obj.ev(ords[0], ords[1], ords[2]) + if fk(middle) { em } else { 0.0 } + if fk(back) { eb } else { 0.0 }
}

/// Call `f` with every legal split, its ordinals and objective ([`split_ev`]).
pub(crate) fn for_each_legal(obj: &Objective, h: &CopiesHand, strict: bool, mut f: impl FnMut(Split)) {
    let sub = Subsets::get();
    for (bi, &bmask) in sub.five.iter().enumerate() {
        for &pair in sub.splits[bi].iter() {
            let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
            if legal(h.three_rank[fi], h.five_rank[mi], h.five_rank[bi], strict) {
                let ordinals = [h.three_ord[fi], h.five_ord[mi], h.five_ord[bi]];
                let ev = split_ev(obj, h, ordinals, mi, bi);
                f(Split { front: sub.three[fi], middle: sub.five[mi], back: bmask, ordinals, ev });
            }
        }
    }
}

const NONE: Split = Split { front: 0, middle: 0, back: 0, ordinals: [0; 3], ev: f64::NEG_INFINITY };

/// The legal split with the highest [`Objective::ev`], ties broken by the position masks.
pub(crate) fn best(obj: &Objective, st: &Strength, h: &CopiesHand, strict: bool) -> Split {
    let sub = Subsets::get();
    let top_front = h.three_ord.iter().copied().max().unwrap_or(0);
    // What a five of a kind can still add to a bound: only at the top back ordinal (a five of
    // a kind's proxy; a five-of-a-kind middle needs a five-of-a-kind back), and only when the
    // hand holds one.
    let [em, eb] = obj.five_kind_extra().map(|e| e.max(0.0));
    let top_five = st.five_rank.len() as u16 - 1;
    let fk_any = h.five_rank.iter().any(|r| r.category() == Category::FiveOfAKind);
    // Backs by ordinal, strongest first: the bound of a back (the strongest front and middle
    // it allows) grows with its ordinal, so this is best bound first, and a bound is computed
    // once per ordinal.
    let mut backs: Vec<u32> = (0..1287u32).map(|bi| u32::from(h.five_ord[bi as usize]) << 16 | bi).collect();
    // Most hands stop within the strongest backs: order those first, the rest only if needed.
    const FIRST: usize = 96;
    backs.select_nth_unstable_by(FIRST, |a, b| b.cmp(a));
    backs[..FIRST].sort_unstable_by(|a, b| b.cmp(a));
    let mut sorted_rest = false;
    let mut best = NONE;
    let mut last: Option<(u16, f64)> = None;
    let mut k = 0;
    while k < backs.len() {
        if k == FIRST && !sorted_rest {
            backs[FIRST..].sort_unstable_by(|a, b| b.cmp(a));
            sorted_rest = true;
        }
        let key = backs[k];
        k += 1;
        let (ob, bi) = ((key >> 16) as u16, (key & 0xFFFF) as usize);
        let bound = match last {
            Some((o, b)) if o == ob => b,
            _ => {
                let front = top_front.min(st.front_cap[ob as usize]);
                let mut b = obj.upper_bound(front, ob, ob);
                if fk_any && ob == top_five {
                    b += em + eb;
                }
                last = Some((ob, b));
                b
            }
        };
        if bound < best.ev {
            break;
        }
        let bmask = sub.five[bi];
        let (rb, ob) = (h.five_rank[bi], h.five_ord[bi]);
        // The bound again with the strongest legal front and middle this back has.
        let (mut top_f, mut top_m, mut fk_m) = (0u16, 0u16, false);
        for &pair in sub.splits[bi].iter() {
            let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
            if legal(h.three_rank[fi], h.five_rank[mi], rb, strict) {
                top_f = top_f.max(h.three_ord[fi]);
                top_m = top_m.max(h.five_ord[mi]);
                fk_m |= h.five_rank[mi].category() == Category::FiveOfAKind;
            }
        }
        let fk_extra = if rb.category() == Category::FiveOfAKind { eb } else { 0.0 } + if fk_m { em } else { 0.0 };
        if obj.upper_bound(top_f, top_m, ob) + fk_extra < best.ev {
            continue;
        }
        for &pair in sub.splits[bi].iter() {
            let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
            if !legal(h.three_rank[fi], h.five_rank[mi], rb, strict) {
                continue;
            }
            let (of, om) = (h.three_ord[fi], h.five_ord[mi]);
            let ev = split_ev(obj, h, [of, om, ob], mi, bi);
            let mmask = sub.five[mi];
            if best.is_beaten_by(ev, bmask, mmask) {
                best = Split { front: sub.three[fi], middle: mmask, back: bmask, ordinals: [of, om, ob], ev };
            }
        }
    }
    best
}

/// [`best`] by visiting every split in plain order (the reference the tests compare it with).
pub(crate) fn exhaustive(obj: &Objective, h: &CopiesHand, strict: bool) -> Split {
    let mut best = NONE;
    for_each_legal(obj, h, strict, |s| {
        if best.is_beaten_by(s.ev, s.back, s.middle) {
            best = s;
        }
    });
    best
}

/// The greedy baseline on exact ranks: the legal split with the strongest back, then middle,
/// then front (ranks only; the first such split in plain order). `ev` is 0 when one exists.
///
/// Backs are visited strongest rank first, a group of equal ranks at a time in plain order: a
/// legal split with a back of the group beats every split with a weaker back, so the first
/// group that has one holds the answer, which is what a scan of every split in plain order
/// finds ([`greedy_scan`], the reference the tests compare it with).
pub(crate) fn greedy(h: &CopiesHand, strict: bool) -> Split {
    let sub = Subsets::get();
    let mut backs: Vec<(u32, u16)> =
        (0..1287u16).map(|bi| (h.five_rank[bi as usize].ranks_only().value(), bi)).collect();
    // Strongest first; equal ranks in plain (index) order.
    backs.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut start = 0;
    while start < backs.len() {
        let rank = backs[start].0;
        let end = start + backs[start..].iter().take_while(|b| b.0 == rank).count();
        let mut best = NONE;
        let mut key = None;
        for &(_, bi) in &backs[start..end] {
            let bi = bi as usize;
            for &pair in sub.splits[bi].iter() {
                let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
                let (f, m, b) = (h.three_rank[fi], h.five_rank[mi], h.five_rank[bi]);
                if !legal(f, m, b, strict) {
                    continue;
                }
                let k = (m.ranks_only(), f.ranks_only());
                if key.map_or(true, |old| k > old) {
                    key = Some(k);
                    let ords = [h.three_ord[fi], h.five_ord[mi], h.five_ord[bi]];
                    best = Split {
                        front: sub.three[fi],
                        middle: sub.five[mi],
                        back: sub.five[bi],
                        ordinals: ords,
                        ev: 0.0,
                    };
                }
            }
        }
        if key.is_some() {
            return best;
        }
        start = end;
    }
    NONE
}

/// [`greedy`] by scanning every split in plain order.
#[cfg(test)]
fn greedy_scan(h: &CopiesHand, strict: bool) -> Split {
    let sub = Subsets::get();
    let mut best = NONE;
    let mut key = None;
    for (bi, &bmask) in sub.five.iter().enumerate() {
        for &pair in sub.splits[bi].iter() {
            let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
            let (f, m, b) = (h.three_rank[fi], h.five_rank[mi], h.five_rank[bi]);
            if !legal(f, m, b, strict) {
                continue;
            }
            let k = (b.ranks_only(), m.ranks_only(), f.ranks_only());
            if key.map_or(true, |old| k > old) {
                key = Some(k);
                let ords = [h.three_ord[fi], h.five_ord[mi], h.five_ord[bi]];
                best = Split { front: sub.three[fi], middle: sub.five[mi], back: bmask, ordinals: ords, ev: 0.0 };
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards_in, SuitSet};
    use crate::deal::Dealer;
    use crate::lanes::Lane;
    use crate::rules::Preset;
    use crate::{Arranger, Rules};

    /// The grouped greedy is the plain-order scan, split for split, on dealt hands with copies
    /// (two decks; strict and lenient order).
    #[test]
    fn greedy_by_back_groups_is_the_plain_scan() {
        let mut rules = Rules::preset(Preset::Classic);
        rules.extra_suits = SuitSet::ALL;
        let st = Strength::get(rules.wheel);
        let eval = Evaluator::new(&rules);
        let mut dealer = Dealer::from_seed(31);
        let mut seen = 0;
        while seen < 300 {
            for hand in dealer.deal_for(&rules, 8).unwrap() {
                if !super::super::has_copies(&hand) {
                    continue;
                }
                seen += 1;
                let h = CopiesHand::new(st, &eval, &hand);
                for strict in [false, true] {
                    let (a, b) = (greedy(&h, strict), greedy_scan(&h, strict));
                    assert_eq!((a.front, a.middle, a.back, a.ordinals), (b.front, b.middle, b.back, b.ordinals));
                }
            }
        }
    }

    /// A five of a kind in the middle or back is priced with its own lane water: the arranged
    /// split's expected water exceeds the objective at its ordinals (where five of a kind is
    /// the top straight flush) by exactly the straight flush's value scaled to the five of a
    /// kind's water. Priced as a straight flush, the difference would be zero.
    #[test]
    fn five_of_a_kind_is_priced_with_its_own_water() {
        for preset in [Preset::Classic, Preset::Kx, Preset::Ranked] {
            let rules = Rules { extra_suits: SuitSet::ALL, ..Rules::preset(preset) };
            let arranger = Arranger::new(&rules, 8).unwrap();
            let obj = arranger.objective();
            let st = Strength::get(rules.wheel);
            let top = st.five_rank.len() - 1;
            let [em, eb] = obj.five_kind_extra();
            for (lane, extra) in [(Lane::Middle, em), (Lane::Back, eb)] {
                let w = |c| super::super::model::lane_water(&rules, lane, c) as f64;
                let sf = obj.lane_values(lane)[top];
                assert!(sf > 0.0 && extra > 0.0, "{preset:?} {lane:?}: {sf} {extra}");
                let want = sf * (w(Category::FiveOfAKind) / w(Category::StraightFlush) - 1.0);
                assert!((extra - want).abs() < 1e-12, "{preset:?} {lane:?}: {extra} against {want}");
            }
            // One five of a kind (the back), then two (middle and back).
            for (hand, want) in
                [("9s 9s 9h 9d 9c Kd Qc 7h 6c 5d 4s 3h 2c", eb), ("9s 9s 9h 9d 9c Ks Ks Kh Kd Kc 3h 2c 4d", em + eb)]
            {
                let hand = parse_cards_in(hand, SuitSet::ALL).unwrap();
                let a = arranger.arrange(&hand).unwrap();
                let e = Evaluator::new(&rules);
                let arr = &a.arrangement;
                let ords = [
                    ordinal_at_or_below(&st.three_rank, e.eval3(&arr.front)),
                    ordinal_at_or_below(&st.five_rank, e.eval5(&arr.middle)),
                    ordinal_at_or_below(&st.five_rank, e.eval5(&arr.back)),
                ];
                let as_straight_flush = obj.ev(ords[0], ords[1], ords[2]);
                assert!((a.expected_water - as_straight_flush - want).abs() < 1e-9, "{preset:?} {arr}");
                assert!((arranger.expected_water(arr) - a.expected_water).abs() < 1e-9);
                assert_eq!(arranger.arrange_copies_exhaustive(&hand).unwrap(), a);
            }
        }
    }
}
