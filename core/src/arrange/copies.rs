//! Auto-arrangement of 13 cards that hold copies (RULES.md §11: a deck with extra suits).
//!
//! A hand with a repeated code can make what one deck cannot, five of a kind and flushes that
//! hold a pair, and it is no bit set, so the one-deck search (`search.rs`, built on bit sets
//! and the one-deck strength ordinals) does not read it. This search reads it exactly:
//! - every five- and three-card subset of the 13 positions is ranked from sums of card keys
//!   taken in revolving-door order, as the one-deck search ranks them: a five-card multiset
//!   without five of a kind is one that one deck has, so the one-deck tables give its ordinal
//!   and rank; flushes (a flush may hold a pair) and five of a kind are ranked as the evaluator
//!   ranks them (§11). Legality (RULES.md §2) is checked on the exact ranks (ranks only), so an
//!   answer is never a foul;
//! - the objective is the arranger's own ([`Objective::ev`]) on lane ordinals: a lane's ordinal
//!   is that of the strongest one-deck class at or below it (exact for every hand one deck can
//!   make; a paired flush counts as the plain flush below it, five of a kind as the top straight
//!   flush, the strongest class the fields know), and a five of a kind in the middle or back
//!   adds [`Objective::five_kind_extra`], so that its lane is priced with its own lane water
//!   (RULES.md §11) rather than the straight flush's; the sweep terms (shooting, home runs,
//!   the majority bonus) still read it as the top straight flush, its water included;
//! - backs are taken best bound first, in buckets of 32 ordinals (a counting sort; a bucket's
//!   backs in any order): the bucket ends the search when the bound of its strongest ordinal
//!   ([`Objective::upper_bound`] with the strongest front and middle that back allows) is below
//!   the best split found. Each back is then bounded by its own ordinal, by the strongest five
//!   and three cards of the other eight (legal or not), and by the strongest legal front and
//!   middle it has (with the tight sweep bound); each of its legal splits by its lane values and
//!   that sweep bound, and only the splits still reaching the best are valued exactly;
//! - the two copies of a card make splits that differ only by which copy lies where: one of each
//!   such family is visited (the one the tie-break prefers);
//! - ties are broken as the one-deck search breaks them (position masks), so the answer is
//!   [`exhaustive`]'s, which the tests check.

use super::model::Objective;
use super::search::Split;
use super::strength::{walk_door, Strength, Subsets, FIVE_CLASSES};
use crate::card::Card;
use crate::eval::gen::flush_of;
use crate::eval::{Category, Evaluator, HandRank};
use crate::lanes::Foul;

/// The ranks and ordinals of every subset of one hand with copies.
pub(crate) struct CopiesHand {
    /// The codes, ascending (position `i` is `codes[i]`).
    pub codes: [u8; 13],
    /// Rank (ranks only: what the foul check reads) of each five-card subset, in [`Subsets`]
    /// order.
    pub five_rank: Box<[HandRank; 1287]>,
    /// Lane ordinal of each five-card subset (see the module docs).
    pub five_ord: Box<[u16; 1287]>,
    /// Rank (ranks only) of each three-card subset.
    pub three_rank: Box<[HandRank; 286]>,
    /// Lane ordinal of each three-card subset (exact: three cards make no new class).
    pub three_ord: Box<[u16; 286]>,
    /// Bit `i` set when positions `i` and `i + 1` hold the same code (two copies of a card).
    pub dup: u16,
    /// Whether some five-card subset is a five of a kind.
    pub five_kind: bool,
}

impl CopiesHand {
    /// Rank every subset from sums of card keys taken in revolving-door order (one card out
    /// and one in per subset), as the one-deck search does: a rank multiset without five of a
    /// kind is one that one deck has, so its ordinal is the one-deck table's and its rank that
    /// ordinal's; a flush (a suit nibble reaching 5) moves up as the evaluator moves it; five
    /// of a kind, only where a rank holds five or more cards, is ranked by the evaluator.
    pub fn new(st: &Strength, eval: &Evaluator, cards: &[Card; 13]) -> CopiesHand {
        if cards.iter().any(|c| c.is_joker()) {
            return CopiesHand::with_jokers(st, eval, cards);
        }
        let mut codes = cards.map(|c| c.code());
        codes.sort_unstable();
        let sub = Subsets::get();
        let k: [u64; 16] = std::array::from_fn(|i| if i < 13 { st.key(codes[i]) } else { 0 });
        let mut h = CopiesHand {
            codes,
            five_rank: boxed(),
            five_ord: boxed(),
            three_rank: boxed(),
            three_ord: boxed(),
            dup: 0,
            five_kind: false,
        };
        for i in 0..12 {
            h.dup |= u16::from(codes[i] == codes[i + 1]) << i;
        }
        {
            let (five_rank, five_ord) = (&mut h.five_rank, &mut h.five_ord);
            walk_door(&sub.five_door[..], sub.five[(sub.five_door[0] >> 16) as usize], &k, |i, sum| {
                let plain = st.five_plain(sum);
                if ((sum & 0xFFFF) + 0x3333) & 0x8888 != 0 {
                    let (r, o) = flush_rank(st, plain);
                    five_rank[i] = r;
                    five_ord[i] = o;
                } else {
                    five_rank[i] = st.five_rank[plain as usize];
                    five_ord[i] = plain;
                }
            });
        }
        // Five of a kind: the five-card subsets of a rank's five or more positions (their key
        // sums are no one-deck multiset, so the walk's entries for them are overwritten).
        let mut at = 0;
        while at < 13 {
            let rank = codes[at] >> 2;
            let mut end = at;
            while end < 13 && codes[end] >> 2 == rank {
                end += 1;
            }
            if end - at >= 5 {
                h.five_kind = true;
                let group = ((1u32 << end) - (1u32 << at)) as u16;
                for (i, &m) in sub.five.iter().enumerate() {
                    if m & group == m {
                        let mut c5 = [0u8; 5];
                        let mut mm = m;
                        for c in c5.iter_mut() {
                            *c = codes[mm.trailing_zeros() as usize];
                            mm &= mm - 1;
                        }
                        let r = eval.eval5_codes(&c5).ranks_only();
                        h.five_rank[i] = r;
                        h.five_ord[i] = ordinal_at_or_below(&st.five_rank, r);
                    }
                }
            }
            at = end;
        }
        {
            let (three_rank, three_ord) = (&mut h.three_rank, &mut h.three_ord);
            walk_door(&sub.three_door[..], sub.three[(sub.three_door[0] >> 16) as usize], &k, |i, sum| {
                let o = st.three_from_sum(sum);
                three_rank[i] = st.three_rank[o as usize];
                three_ord[i] = o;
            });
        }
        h
    }

    /// A hand with jokers (RULES.md §12): every subset valued as its best hand over the cards its
    /// jokers can stand for (the cards [`Evaluator::eval5_jokers`] plays them as, a handful of
    /// checks, then ranked from their key sum as the one-deck search ranks a subset), at the
    /// ordinal of the strongest one-deck class at or below it, as for copies.
    /// The foul check reads those best values: the `each_best` reading, whose legal splits are
    /// legal under `avoid_foul` too with the same values.
    fn with_jokers(st: &Strength, eval: &Evaluator, cards: &[Card; 13]) -> CopiesHand {
        let mut codes = cards.map(|c| c.code());
        codes.sort_unstable();
        let sub = Subsets::get();
        let card = |i: u32| Card::from_any_code(codes[i as usize]).unwrap_or(Card::SMALL_JOKER);
        fn pick<const N: usize>(mut m: u16, card: impl Fn(u32) -> Card) -> [Card; N] {
            std::array::from_fn(|_| {
                let i = m.trailing_zeros();
                m &= m.wrapping_sub(1);
                card(i)
            })
        }
        let mut h = CopiesHand {
            codes,
            five_rank: boxed(),
            five_ord: boxed(),
            three_rank: boxed(),
            three_ord: boxed(),
            dup: 0,
            five_kind: false,
        };
        for i in 0..12 {
            h.dup |= u16::from(codes[i] == codes[i + 1]) << i;
        }
        // The jokers sort last: positions from the first joker's on.
        let jokers = cards.iter().filter(|c| c.is_joker()).count();
        let joker_mask = (0x1FFF >> (13 - jokers) << (13 - jokers)) as u16;
        for (i, &m) in sub.five.iter().enumerate() {
            let lane = pick(m, card);
            let (r, o) = five_played(st, eval, &if m & joker_mask == 0 { lane } else { eval.played5(&lane) });
            h.five_kind |= r.category() == Category::FiveOfAKind;
            h.five_rank[i] = r;
            h.five_ord[i] = o;
        }
        for (i, &m) in sub.three.iter().enumerate() {
            let lane = pick(m, card);
            let played = if m & joker_mask == 0 { lane } else { eval.played3(&lane) };
            let o = st.three_from_sum(played.iter().map(|c| st.key(c.code())).sum());
            h.three_rank[i] = st.three_rank[o as usize];
            h.three_ord[i] = o;
        }
        h
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

/// The rank (ranks only) and lane ordinal of five real cards as a joker lane plays them: from
/// their key sum, as [`CopiesHand::new`] ranks a subset (a flush as `flush_rank`), five of a
/// kind (one rank five times) by the evaluator.
#[inline]
fn five_played(st: &Strength, eval: &Evaluator, p: &[Card; 5]) -> (HandRank, u16) {
    let rank = p[0].code() >> 2;
    if p.iter().all(|c| c.code() >> 2 == rank) {
        let r = eval.eval5(p).ranks_only();
        return (r, ordinal_at_or_below(&st.five_rank, r));
    }
    let sum: u64 = p.iter().map(|c| st.key(c.code())).sum();
    let plain = st.five_plain(sum);
    if ((sum & 0xFFFF) + 0x3333) & 0x8888 != 0 {
        flush_rank(st, plain)
    } else {
        (st.five_rank[plain as usize], plain)
    }
}

/// A zeroed array on the heap, never on the stack (the hand's tables are moved as pointers).
fn boxed<T: Copy + Default, const N: usize>() -> Box<[T; N]> {
    vec![T::default(); N].into_boxed_slice().try_into().ok().expect("N entries")
}

/// The rank (ranks only) and lane ordinal of five cards of one suit whose ranks, read as no
/// flush, have one-deck ordinal `plain`: a flush of five ranks is the one-deck flush, a flush
/// holding a pair is priced at the strongest class below it.
#[cold]
#[inline(never)]
fn flush_rank(st: &Strength, plain: u16) -> (HandRank, u16) {
    let r = flush_of(st.five_rank[plain as usize]);
    match st.five_category[plain as usize] {
        Category::HighCard | Category::Straight => (r, st.flush_ord(plain)),
        _ => (r, ordinal_at_or_below(&st.five_rank, r)),
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
#[inline]
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

/// Back buckets of `1 << BUCKET_SHIFT` ordinals ([`best`]'s counting sort).
const BUCKET_SHIFT: u32 = 5;
const BUCKETS: usize = (FIVE_CLASSES >> BUCKET_SHIFT) + 1;

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
    let [front_cap, middle_cap, back_cap] = [&obj.lanes[0].value_cap, &obj.lanes[1].value_cap, &obj.lanes[2].value_cap];
    // Two copies of a card (positions `i` and `i + 1`, bit `i` of `dup`) make splits that
    // differ only by which copy is where: the same cards in every lane, so the same value, and
    // the one with the higher position in the back (then in the middle) has the larger
    // tie-break key. Only that one is visited: backs holding copy `i` without `i + 1`, and
    // middles holding `i` while the front holds `i + 1`, are skipped.
    let dup = h.dup;
    // Backs by ordinal, strongest first: the bound of a back (the strongest front and middle
    // it allows) grows with its ordinal, so this is best bound first. Most hands stop within
    // the strongest backs; the backs are put in buckets of 32 ordinals (a counting sort) and
    // visited bucket by bucket.
    let mut count = [0u16; BUCKETS + 1];
    for (bi, &b) in sub.five.iter().enumerate() {
        count[(h.five_ord[bi] >> BUCKET_SHIFT) as usize] += u16::from(b & dup & !(b >> 1) == 0);
    }
    // `start[j]`: where bucket `j` begins, the strongest bucket first.
    let mut start = [0u16; BUCKETS + 1];
    let mut at = 0u16;
    for j in (0..BUCKETS).rev() {
        start[j] = at;
        at += count[j];
    }
    let mut keys = [0u32; 1287];
    let mut fill = start;
    for (bi, &b) in sub.five.iter().enumerate() {
        if b & dup & !(b >> 1) == 0 {
            let o = h.five_ord[bi];
            let j = (o >> BUCKET_SHIFT) as usize;
            keys[fill[j] as usize] = u32::from(o) << 16 | bi as u32;
            fill[j] += 1;
        }
    }
    let mut best = NONE;
    let mut legal_pairs = [0u32; 56];
    let s = u32::from(strict);
    // A bound of every split whose back has ordinal at most `ob` (its strongest front and
    // middle allowed), non-decreasing in `ob`.
    let bound_at = |ob: u16| {
        let front = top_front.min(st.front_cap[ob as usize]);
        let b = obj.upper_bound(front, ob, ob);
        if h.five_kind && ob == top_five {
            b + em + eb
        } else {
            b
        }
    };
    for j in (0..BUCKETS).rev() {
        if count[j] == 0 {
            continue;
        }
        // The bucket's backs in any order, once its strongest ordinal's bound reaches the best
        // split found (the bounds of weaker buckets are no higher: the search ends).
        let top = ((((j + 1) << BUCKET_SHIFT) - 1) as u16).min(top_five);
        if bound_at(top) < best.ev {
            break;
        }
        let from = start[j] as usize;
        for &key in &keys[from..from + count[j] as usize] {
            let (ob, bi) = ((key >> 16) as u16, (key & 0xFFFF) as usize);
            if ob != top && bound_at(ob) < best.ev {
                continue;
            }
            let rb = h.five_rank[bi];
            let fk_b = if rb.value() >> 22 == Category::FiveOfAKind as u32 { eb } else { 0.0 };
            // A cheaper bound first: the strongest five and three cards of the other eight, legal
            // or not (a legal middle is also at most the back).
            let (mut cap_m, mut cap_f) = (0u16, 0u16);
            for &pair in sub.splits[bi].iter() {
                cap_m = cap_m.max(h.five_ord[(pair & 0xFFFF) as usize]);
                cap_f = cap_f.max(h.three_ord[(pair >> 16) as usize]);
            }
            let cap_m = cap_m.min(ob);
            let cap_f = cap_f.min(st.front_cap[cap_m as usize]);
            let lanes = back_cap[ob as usize] + middle_cap[cap_m as usize] + front_cap[cap_f as usize];
            let fk_any = fk_b + if ob == top_five && h.five_kind { em } else { 0.0 };
            let slack = 1e-9 * (1.0 + lanes.abs()) + fk_any;
            if lanes + obj.backs[ob as usize].sweep + slack < best.ev
                || lanes + obj.sweep_bound_tight(cap_f, cap_m, ob) + slack < best.ev
            {
                continue;
            }
            let bmask = sub.five[bi];
            // The legal splits of this back (one of each family of copies), and the bound again
            // with the strongest legal front and middle among them.
            let (mut top_f, mut top_m, mut fk_m, mut nl) = (0u16, 0u16, false, 0);
            // The foul check (RULES.md §2) on ranks only: the front's key at most the middle's,
            // the middle at most the back (strictly below both under `strict_order`).
            let rbv = rb.value();
            for &pair in sub.splits[bi].iter() {
                let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
                let rm = h.five_rank[mi].value();
                let rf = h.three_rank[fi].front_key();
                let canonical = sub.five[mi] & dup & (sub.three[fi] >> 1) == 0;
                if canonical && rm + s <= rbv && rf + s <= rm >> 10 {
                    top_f = top_f.max(h.three_ord[fi]);
                    top_m = top_m.max(h.five_ord[mi]);
                    fk_m |= rm >> 22 == Category::FiveOfAKind as u32;
                    legal_pairs[nl] = pair;
                    nl += 1;
                }
            }
            if nl == 0 {
                continue;
            }
            let fk_extra = fk_b + if fk_m { em } else { 0.0 };
            let sweep = obj.sweep_bound_tight(top_f, top_m, ob);
            let lanes = back_cap[ob as usize] + middle_cap[top_m as usize] + front_cap[top_f as usize];
            if lanes + sweep + 1e-9 * (1.0 + lanes.abs()) + fk_extra < best.ev {
                continue;
            }
            // Each split by its lane values and the back's sweep bound before its exact value.
            for &pair in &legal_pairs[..nl] {
                let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
                let (of, om) = (h.three_ord[fi], h.five_ord[mi]);
                let lanes = obj.lane_sum(of, om, ob);
                if lanes + sweep + 1e-9 * (1.0 + lanes.abs()) + fk_extra < best.ev {
                    continue;
                }
                let ev = split_ev(obj, h, [of, om, ob], mi, bi);
                let mmask = sub.five[mi];
                if best.is_beaten_by(ev, bmask, mmask) {
                    best = Split { front: sub.three[fi], middle: mmask, back: bmask, ordinals: [of, om, ob], ev };
                }
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

    /// A hand with jokers ranks every subset as the evaluator values it (RULES.md §12), at the
    /// ordinal of the strongest one-deck class at or below that value: one deck and two, one to
    /// six jokers, both wheels.
    #[test]
    fn joker_subsets_are_ranked_as_the_evaluator_values_them() {
        let mut seen = 0;
        for (i, (extra, jokers)) in [("", 1), ("", 2), ("", 4), ("sh", 6), ("dchs", 3)].into_iter().enumerate() {
            let mut rules = Rules::preset(if i % 2 == 0 { Preset::Classic } else { Preset::Hk });
            rules.extra_suits = extra.parse().unwrap();
            rules.jokers = jokers;
            let st = Strength::get(rules.wheel);
            let eval = Evaluator::new(&rules);
            let mut dealer = Dealer::from_seed(40 + i as u64);
            for _ in 0..30 {
                for hand in dealer.deal_for(&rules, 4).unwrap() {
                    if !hand.iter().any(|c| c.is_joker()) {
                        continue;
                    }
                    seen += 1;
                    let h = CopiesHand::new(st, &eval, &hand);
                    let sub = Subsets::get();
                    let card = |i: u32| Card::from_any_code(h.codes[i as usize]).unwrap();
                    let pick = |m: u16| (0..13).filter(|&i| m >> i & 1 == 1).map(card).collect::<Vec<_>>();
                    for (j, &m) in sub.five.iter().enumerate() {
                        let r = eval.eval5_jokers(&pick(m).try_into().unwrap()).1.ranks_only();
                        assert_eq!(h.five_rank[j], r, "{:?}", pick(m));
                        assert_eq!(h.five_ord[j], ordinal_at_or_below(&st.five_rank, r), "{:?}", pick(m));
                    }
                    for (j, &m) in sub.three.iter().enumerate() {
                        let r = eval.eval3_jokers(&pick(m).try_into().unwrap()).1.ranks_only();
                        assert_eq!(h.three_rank[j], r, "{:?}", pick(m));
                        assert_eq!(h.three_ord[j], ordinal_at_or_below(&st.three_rank, r), "{:?}", pick(m));
                    }
                }
            }
        }
        assert!(seen > 100, "{seen} hands with jokers");
    }

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
            // More ranks of five or more, with straight flushes and paired flushes beside them.
            for hand in [
                "9s 9s 9h 9h 9d 9c 9c Ks Qs Js Ts 2d 3d",
                "As As Ah Ah Ad Ks Ks Kh Kh Kd Qc Qc Qd",
                "5h 5h 5s 5s 5d 6h 7h 8h 9h 9h Th Jh 2c",
                "2c 2c 2d 2d 2h 3c 3c 3d 3d 3h 4s 4s 4h",
            ] {
                let hand = parse_cards_in(hand, SuitSet::ALL).unwrap();
                for strict in [false, true] {
                    let rules = Rules { strict_order: strict, ..rules.clone() };
                    let arranger = Arranger::new(&rules, 8).unwrap();
                    let a = arranger.arrange(&hand).unwrap();
                    assert_eq!(arranger.arrange_copies_exhaustive(&hand).unwrap(), a, "{preset:?} {}", a.arrangement);
                }
            }
        }
    }
}
