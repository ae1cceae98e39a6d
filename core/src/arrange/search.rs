//! The exact search: the legal split of 13 cards with the highest [`Objective::ev`].
//!
//! Every split is a back (5 of 13), a middle (5 of the other 8) and the front (the last 3):
//! 1287 × 56 = 72,072 of them. The ordinals of all 1287 five-card and 286 three-card subsets
//! are computed once per hand (`strength.rs`), so a split costs a few loads. Then ([`best`]):
//!
//! 1. the strongest back's best split by lane values, then its other splits that can beat
//!    it, give a first incumbent;
//! 2. every other back is bounded by its ordinal alone (the objective grows with each lane's
//!    ordinal, a legal middle is never above its back nor the front above the middle), then by
//!    what the other eight cards' ranks can make in the middle — when they make more than a
//!    weak back, only what fits under it ([`Strength::middle_below`]);
//! 3. the survivors, about best bound first (`Queue`), get a joint bound of middle and
//!    front from the ranks, with the strongest front and middle any legal split can have;
//! 4. the backs whose joint bound reaches the incumbent are *settled*, in the same order: one
//!    pass over their legal splits bounds each split's sweep terms by a constant less a part
//!    of its front and a part of its middle (`Objective::sweep_slices`), and values exactly
//!    only the splits that still reach the incumbent. Weak hands have hundreds of backs worth
//!    nearly the same (every split pays about the same price of being shot); a bound at two
//!    caps lets one split have the strongest front and another the strongest middle, and
//!    cannot tell them apart, where this one can. Once a hand has settled many backs, the
//!    rest share one such bound, folded into per-subset values (`Shared`). The first bound
//!    below the best found ends the search.
//!
//! Splits that differ only by swapping same-rank cards that can never be in a flush are worth
//! the same; one of each such family is visited ([`HandSubsets::canonical`]).
//!
//! Ties are broken by a fixed total order (expected water, then the back's and the middle's
//! position masks), so the result does not depend on visiting order: [`exhaustive`] visits all
//! 72,072 splits in plain order and must return the same split — the tests check it.

use super::model::{Objective, SweepLines, SweepSlices, ORD_PAD};
pub use super::removal::Corrections;
use super::removal::FIVE_PAD;
use super::strength::{held_at_least, suit_masks, top_rank, Strength, Subsets};
// The per-hand data lives in its own module, which the model and card removal read too; its home
// is `subsets`, re-exported here for the search's callers.
pub use super::exhaustive::{exhaustive, exhaustive_with, for_each_legal};
#[cfg(test)]
pub use super::groups::{all_groups, all_groups_with};
pub use super::groups::{suggestion_groups, suggestion_groups_with};
use super::queue::{Queue, NIL, RANKED};
use super::subsets::canonical;
pub use super::subsets::HandSubsets;
use crate::eval::Category;

/// A split of 13 card positions (bit `i` = the hand's `i`-th card) with its lane ordinals.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Split {
    /// Positions of the 3 front cards.
    pub front: u16,
    /// Positions of the 5 middle cards.
    pub middle: u16,
    /// Positions of the 5 back cards.
    pub back: u16,
    /// Strength ordinals (front, middle, back).
    pub ordinals: [u16; 3],
    /// The objective's value.
    pub ev: f64,
}

impl Split {
    /// The fixed tie-break key: a larger key wins among equal values.
    #[inline]
    fn key(back: u16, middle: u16) -> u32 {
        (back as u32) << 13 | middle as u32
    }

    /// Whether `(ev, back, middle)` beats this split in the search's total order.
    #[inline]
    pub fn is_beaten_by(&self, ev: f64, back: u16, middle: u16) -> bool {
        ev > self.ev || (ev == self.ev && Split::key(back, middle) > Split::key(self.back, self.middle))
    }
}

/// Whether lane ordinals `(f, m, b)` are legal (RULES.md §2, ranks only).
#[inline]
pub fn legal(st: &Strength, f: u16, m: u16, b: u16, strict: bool) -> bool {
    let (fk, mk) = (st.three_front_key[f as usize], st.five_front_key[m as usize]);
    if strict {
        m < b && fk < mk
    } else {
        m <= b && fk <= mk
    }
}

pub(super) const NONE: Split = Split { front: 0, middle: 0, back: 0, ordinals: [0; 3], ev: f64::NEG_INFINITY };

/// Positions of the set bits of an 8-card mask.
#[inline]
pub(super) fn positions(mut rest: u16) -> [u16; 8] {
    let mut p = [0u16; 8];
    for slot in p.iter_mut() {
        *slot = rest & rest.wrapping_neg();
        rest &= rest - 1;
    }
    p
}

/// A bound of `middle value + front value` over every legal way to split eight cards (given
/// as per-rank counts in nibbles, with the best flush they make, or 0) with the middle at most
/// `top`, and the ordinal caps of middle and front it used.
///
/// The front is a high card (at best the three highest ranks, or the three below the top one
/// when the middle can only be a high card holding it), a pair or trips. For each,
/// the middle is bounded by what the eight cards make without the front's group: a front
/// pair of the highest pair rank leaves the middle without those two cards; any lower front
/// group is bounded by the second highest group's front and the middle of all eight cards.
#[inline]
fn inner_cap(st: &Strength, caps: &[f64; 2 * ORD_PAD], counts: u64, flush: u16, top: u16) -> (f64, u16, u16) {
    let top_of = top_rank;
    let five_all = st.exact_five_cap(counts);
    let om_all = st.middle_below(counts, five_all.max(flush), top);
    let mut best = f64::NEG_INFINITY;
    let (mut om_max, mut of_max) = (0u16, 0u16);
    let mut option = |om: u16, front: u16| {
        let of = front.min(st.front_cap[om as usize]);
        best = max_f64(best, caps[ORD_PAD | om as usize & (ORD_PAD - 1)] + caps[of as usize & (ORD_PAD - 1)]);
        om_max = om_max.max(om);
        of_max = of_max.max(of);
    };
    let ranks = held_at_least(counts, 1);
    let r = top_of(ranks);
    // When every legal middle is a high card (the eight cards make nothing better, or the
    // back allows nothing better), a front holding the only card of the top rank would beat
    // it: the front's best is then the three highest of the other ranks.
    let high = if (counts >> (4 * r)) & 0xF == 1 && st.five_category[om_all as usize] == Category::HighCard {
        st.high_three(ranks & !(8 << (4 * r)))
    } else {
        st.high_three(ranks)
    };
    if let Some(high) = high {
        option(om_all, high);
    }
    // A pair (2 cards) or trips (3) in front.
    for (n, cat) in [(2u64, 1usize), (3, 3)] {
        let groups = held_at_least(counts, n);
        if groups == 0 {
            continue;
        }
        let r = top_of(groups);
        // A front holding the group is at least its weakest hand: when every middle is
        // below that, no split of this kind is legal. The middle of all eight cards bounds
        // the rest's (checked first: it is known).
        let low = st.three_group_low[cat * 16 + r];
        if low <= st.front_cap[om_all as usize] {
            // Straights and flushes are kept whole: a bound, not the exact remainder.
            let rest = counts - (n << (4 * r));
            let cap = st.middle_below(rest, st.exact_five_cap(rest).max(flush), top);
            if low <= st.front_cap[cap as usize] {
                option(cap, st.three_group_cap[cat * 16 + r]);
            }
        }
        let lower = groups & !(0xF << (4 * r));
        if lower != 0 && st.three_group_low[cat * 16 + bottom_rank(lower)] <= st.front_cap[om_all as usize] {
            option(om_all, st.three_group_cap[cat * 16 + top_of(lower)]);
        }
    }
    (best, om_max, of_max)
}

/// The lowest rank flagged in rank-count flags (one bit per nibble).
#[inline]
fn bottom_rank(flags: u64) -> usize {
    flags.trailing_zeros() as usize / 4
}

/// What the rank bound finds behind one back ([`Ctx::coarse_bound`]).
#[derive(Copy, Clone)]
pub(super) struct Coarse {
    /// A bound of the value of every legal split.
    pub(super) bound: f64,
    /// Its sweep part: a bound of the sweep terms of every legal split.
    pub(super) sweep: f64,
    /// The strongest front and middle any legal split can have.
    pub(super) caps: [u16; 2],
    /// The sweep bound interpolated at the caps, when it was computed (not when the back's
    /// own sweep bound sufficed): settling with the shared lines starts from it.
    pub(super) at_caps: Option<f64>,
}

/// Per-hand values the search reads.
pub(super) struct Ctx<'a> {
    pub(super) obj: &'a Objective,
    pub(super) st: &'a Strength,
    pub(super) h: &'a HandSubsets,
    pub(super) sub: &'static Subsets,
    pub(super) strict: bool,
    pub(super) sweeps: bool,
    /// Whether the objective has a majority bonus.
    pub(super) majority: bool,
    /// Card removal's corrections of this hand's subsets, if any ([`best_with`]).
    pub(super) corr: Option<&'a Corrections>,
}

impl Ctx<'_> {
    /// A split's card-removal corrections (by subset indices), zero without them.
    #[inline(always)]
    fn corr_of(&self, front: usize, middle: usize, back: usize) -> f64 {
        match self.corr {
            Some(c) => c.of(front, middle, back),
            None => 0.0,
        }
    }

    /// What card removal can add to any split behind back `bi`: its own correction and the
    /// largest of the middles' and fronts' (zero without corrections). Added to every bound of
    /// a back, it keeps them bounds of the corrected value.
    #[inline(always)]
    fn back_slack(&self, bi: usize) -> f64 {
        match self.corr {
            Some(c) => c.back[bi & (FIVE_PAD - 1)] + c.top_front_middle,
            None => 0.0,
        }
    }

    /// The corrected value's shift that suggestions keep their values under (see
    /// [`suggestion_groups_with`]).
    #[inline(always)]
    pub(super) fn extra_shifted(&self, front: usize, middle: usize, back: usize) -> f64 {
        match self.corr {
            Some(c) => c.of(front, middle, back) - c.slack,
            None => 0.0,
        }
    }

    /// The rank counts of the eight cards behind back `bi`, the best flush they make (0 without
    /// one) and the middle's ceiling.
    #[inline]
    fn rest_of(&self, bi: usize) -> (u64, u16, u16) {
        let (st, h) = (self.st, self.h);
        let ob = h.five[bi];
        // A class fixes its ranks: the hand's counts less the back's.
        let counts = h.counts - self.obj.backs[ob as usize & (ORD_PAD - 1)].counts;
        let suits_left = h.suit_counts - h.five_suits[bi];
        let flush = if (suits_left + 0x3333) & 0x8888 != 0 {
            st.shape_cap(0, suit_masks(h.rest_cards(self.sub.five[bi])))
        } else {
            0
        };
        (counts, flush, if self.strict { ob.saturating_sub(1) } else { ob })
    }

    /// The bound of back `bi` at the largest caps of middle and front its other eight cards'
    /// ranks allow (one sweep value), with its parts ([`Coarse`]).
    #[inline]
    pub(super) fn coarse_bound(&self, bi: usize, best_ev: f64) -> Coarse {
        let (st, obj) = (self.st, self.obj);
        let ob = self.h.five[bi];
        let row = &obj.backs[ob as usize & (ORD_PAD - 1)];
        let (counts, flush, top) = self.rest_of(bi);
        let (lanes, om_cap, of_cap) = inner_cap(st, &obj.caps_front_middle, counts, flush, top);
        let lanes = row.value + lanes + self.back_slack(bi);
        let caps = [of_cap, om_cap];
        if !self.sweeps {
            return Coarse { bound: lanes, sweep: 0.0, caps, at_caps: None };
        }
        // The back's own sweep bound (any middle up to the back) first: a load, where the
        // bound at these caps costs an interpolation.
        let loose = row.sweep;
        if lanes + loose < best_ev {
            return Coarse { bound: lanes + loose, sweep: loose, caps, at_caps: None };
        }
        let tight = obj.sweep_bound_tight(of_cap, om_cap, ob);
        let sweep = tight.min(loose);
        Coarse { bound: lanes + sweep, sweep, caps, at_caps: Some(tight) }
    }

    /// Value every legal split behind back `bi` that can beat the best found, given `cap`, a
    /// bound of their sweep values, and `caps`, the strongest front and middle any of them
    /// can have ([`Ctx::coarse_bound`]). `slices` is scratch space.
    ///
    /// One pass over the back's legal splits (a few loads each, from the split table;
    /// legality is one threshold per middle ordinal) bounds each split by its lane value plus
    /// `cap`, then plus a bound of its sweep terms that is a constant less a part of its front
    /// and a part of its middle ([`Objective::sweep_slices`]), and values exactly the splits
    /// that still reach the best found. Weak hands have hundreds of backs worth nearly the
    /// same: every split pays about the same price of being shot, and a bound at two caps
    /// (which lets one split have the strongest front and another the strongest middle)
    /// cannot tell their splits apart, where this one can.
    #[inline]
    fn settle_back(
        &self,
        bi: usize,
        cap: f64,
        caps: [u16; 2],
        slices: &mut SweepSlices,
        best: &mut Split,
        evaluated: &mut u32,
    ) {
        if self.majority {
            self.settle_back_with::<true>(bi, cap, caps, slices, best, evaluated)
        } else {
            self.settle_back_with::<false>(bi, cap, caps, slices, best, evaluated)
        }
    }

    /// [`Ctx::settle_back`] with or without a majority bonus (`MAJ`), compiled apart so that
    /// the split loop of the tables without one is what it was.
    #[inline]
    fn settle_back_with<const MAJ: bool>(
        &self,
        bi: usize,
        cap: f64,
        caps: [u16; 2],
        slices: &mut SweepSlices,
        best: &mut Split,
        evaluated: &mut u32,
    ) {
        if !canonical(self.h.twins, self.sub.five[bi], 0) {
            // No split of this back is a representative: its twin back stands for it.
            return;
        }
        let obj = self.obj;
        let (twins, bmask, masks) = (self.h.twins, self.sub.five[bi], &self.sub.five);
        let ob = self.h.five[bi];
        let vb = obj.lanes[2].value[ob as usize];
        let [f_cap, m_cap] = caps;
        let sweeps = self.sweeps;
        if sweeps {
            obj.sweep_slices(f_cap, m_cap, ob, slices);
        }
        let (pos, win, mid) = (obj.lose_pos(), obj.win_pos(), obj.mid_pos());
        self.legal_splits(bi, ob, vb, |of, om, [i5, i3], l| {
            // With card removal, the split's lane value is corrected here, exactly, so every
            // bound below is of the corrected value.
            let l = if self.corr.is_some() { l + self.corr_of(i3, i5, bi) } else { l };
            if l + cap < best.ev {
                return;
            }
            // The caps bound every legal split (`rank_caps_bound_every_legal_split`).
            debug_assert!(of <= f_cap && om <= m_cap);
            if sweeps && l + slices.bound::<MAJ>(pos, win, mid, of, om) < best.ev {
                return;
            }
            let mmask = masks[i5];
            if canonical(twins, bmask, mmask) {
                self.value_split([of, om, ob], l, bmask, mmask, best, evaluated);
            }
        });
    }

    /// As [`Ctx::settle_back`], with the bound's lines shared by many backs ([`Shared`]):
    /// folded into per-subset values, a split's bound costs what its lane value does. Out of
    /// line: inlined into the search's main loop, its split loop lost registers.
    #[inline(never)]
    fn settle_shared(
        &self,
        bi: usize,
        caps: [u16; 2],
        at_caps: Option<f64>,
        shared: &Shared,
        best: &mut Split,
        evaluated: &mut u32,
    ) {
        if !canonical(self.h.twins, self.sub.five[bi], 0) {
            return;
        }
        let obj = self.obj;
        let (twins, bmask, masks) = (self.h.twins, self.sub.five[bi], &self.sub.five);
        let ob = self.h.five[bi];
        let [f_cap, m_cap] = caps;
        // The bound at this back's caps (computed by the rank bound) plus both parts there, as
        // in `Objective::sweep_slices`.
        let at_caps = at_caps.unwrap_or_else(|| obj.sweep_bound_tight(f_cap, m_cap, ob));
        debug_assert_eq!(at_caps.to_bits(), obj.sweep_bound_tight(f_cap, m_cap, ob).to_bits());
        let pos = obj.lose_pos();
        let base = at_caps + shared.lines.parts(pos, f_cap, m_cap);
        let base = obj.lanes[2].value[ob as usize] + base + 1e-9 * (1.0 + at_caps.abs() + base.abs());
        // The shared tables hold the middles' and fronts' corrections; the back's is here.
        let base = if let Some(c) = self.corr { base + c.back[bi & (FIVE_PAD - 1)] } else { base };
        let (c5, c3) = (&shared.middle, &shared.front);
        // The bound first: it needs no ordinal, and most splits fail it. Four splits at a time,
        // their bounds compared together (a vector compare where the target has one); a split
        // that passes is then checked for legality and valued. (Comparing with the best found
        // less the constant rounds differently, far inside the constant's margin.)
        let mut floor = best.ev - base;
        for quad in self.sub.splits[bi].chunks_exact(4) {
            let v: [f64; 4] = std::array::from_fn(|k| {
                let pair = quad[k] as usize;
                c5[pair & 2047] + c3[pair >> 16 & 511]
            });
            if !((v[0] >= floor) | (v[1] >= floor) | (v[2] >= floor) | (v[3] >= floor)) {
                continue;
            }
            for (&pair, &v) in quad.iter().zip(&v) {
                if v < floor {
                    continue;
                }
                let Some((of, om)) = self.legal_split(ob, pair) else { continue };
                debug_assert!(of <= f_cap && om <= m_cap);
                let mmask = masks[(pair & 0xFFFF) as usize % 1287];
                if canonical(twins, bmask, mmask) {
                    let lanes = obj.lane_sum(of, om, ob);
                    let lanes = if self.corr.is_some() {
                        lanes + self.corr_of((pair >> 16) as usize, (pair & 0xFFFF) as usize, bi)
                    } else {
                        lanes
                    };
                    self.value_split([of, om, ob], lanes, bmask, mmask, best, evaluated);
                    floor = best.ev - base;
                }
            }
        }
    }

    /// Value the legal split behind back `bi` with the best lane value (the first incumbent:
    /// with it, settling the back values few of its splits).
    fn value_top_split(&self, bi: usize, best: &mut Split, evaluated: &mut u32) {
        let ob = self.h.five[bi];
        let vb = self.obj.lanes[2].value[ob as usize];
        let masks = &self.sub.five;
        let mut top = (f64::NEG_INFINITY, 0u16, 0u16, 0u16, 0usize);
        self.legal_splits(bi, ob, vb, |of, om, [i5, i3], l| {
            // Ties go to the larger middle mask, as in the search's order. That split is a
            // representative: a split that is not has a twin with the same lane value and a
            // larger middle mask (the same-rank card moved from the front to the middle).
            let l = if self.corr.is_some() { l + self.corr_of(i3, i5, bi) } else { l };
            if l > top.0 || (l == top.0 && masks[i5] > top.3) {
                top = (l, of, om, masks[i5], i5);
            }
        });
        let (l, of, om, mmask, _) = top;
        if l > f64::NEG_INFINITY {
            self.value_split([of, om, ob], l, masks[bi], mmask, best, evaluated);
        }
    }

    /// Value a split (ordinals, lane value, back and middle masks) exactly and keep it if it
    /// beats the best found. Out of line: the search's loops keep their registers.
    #[inline(never)]
    fn value_split(&self, ord: [u16; 3], lanes: f64, bmask: u16, mmask: u16, best: &mut Split, evaluated: &mut u32) {
        let ev = if ord == best.ordinals {
            // The value is a function of the ordinals: a symmetric twin of the best.
            best.ev
        } else {
            *evaluated += 1;
            lanes + self.obj.sweep_value(ord[0], ord[1], ord[2])
        };
        if best.is_beaten_by(ev, bmask, mmask) {
            *best = Split { front: !bmask & 0x1FFF ^ mmask, middle: mmask, back: bmask, ordinals: ord, ev };
        }
    }

    /// The front and middle ordinals of split `pair` (as in `Subsets::splits`) behind a back of
    /// ordinal `ob`, if it is legal: [`Ctx::legal_splits`] for one split.
    #[inline(always)]
    fn legal_split(&self, ob: u16, pair: u32) -> Option<(u16, u16)> {
        let (i5, i3) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
        let om = self.h.five[i5 % 1287];
        if om as i32 > ob as i32 - self.strict as i32 {
            return None;
        }
        let of = self.h.three[i3 % 286];
        (of < self.st.front_below[self.strict as usize][om as usize & (ORD_PAD - 1)]).then_some((of, om))
    }

    /// Call `f(front, middle, [middle index, front index], lane value)` on every legal split
    /// behind back `bi` (ordinal `ob`, lane value `vb`), symmetric twins included: the loop
    /// every stage shares. The middle's position mask is `Subsets::five[index]`, read by `f`
    /// only when it needs it (as the lane value: what `f` does not read is not loaded).
    #[inline(always)]
    pub(super) fn legal_splits(&self, bi: usize, ob: u16, vb: f64, mut f: impl FnMut(u16, u16, [usize; 2], f64)) {
        // Everything the loop reads, in locals: the compiler would otherwise reload the table
        // pointers through `self` on every split.
        let (five, three) = (&self.h.five, &self.h.three);
        let fm: &[f64; 2 * ORD_PAD] = &self.obj.front_middle;
        let below: &[u16; ORD_PAD] = &self.st.front_below[self.strict as usize];
        // Strict order: the middle strictly below the back.
        let om_max = ob as i32 - self.strict as i32;
        for &pair in self.sub.splits[bi].iter() {
            let (i5, i3) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
            let om = five[i5];
            if om as i32 > om_max {
                continue;
            }
            let of = three[i3];
            if of >= below[om as usize & (ORD_PAD - 1)] {
                continue;
            }
            f(of, om, [i5, i3], vb + fm[ORD_PAD | om as usize & (ORD_PAD - 1)] + fm[of as usize & (ORD_PAD - 1)]);
        }
    }
}

/// After this many backs are settled in one hand, most of the rest share one set of lines for
/// their sweep bound ([`Shared`]): few random hands get there, every hard hand does.
const SHARE_AFTER: u32 = 24;

/// The separable sweep bound's lines ([`Objective::shared_lines`]) for every back at or below
/// their caps, folded into per-subset values: each five-card subset's middle lane value less
/// its middle part, each three-card subset's front lane value less its front part. A split's
/// bound is then its back's constant plus one value of each.
struct Shared {
    lines: SweepLines,
    /// The caps it holds under: front, middle, back.
    caps: [u16; 3],
    /// Padded to powers of two: an index masked into range needs no bounds check.
    middle: Box<[f64; 2048]>,
    front: Box<[f64; 512]>,
}

/// Each subset's lane value less its part on `line` (per cell: the value at its lower knot
/// and the slope to the next), from the subsets' ordinals (offset into the lanes' tables by
/// `lane`), padded with zeros to `n`. A subset above `cap` is in no legal split of a back the
/// lines cover: it gets −∞ (its table entries are not read).
#[inline(never)]
fn fill(obj: &Objective, ordinals: &[u16], lane: usize, cap: u16, line: &[(f64, f64); 16], n: usize) -> Box<[f64]> {
    let (fm, pos) = (&obj.front_middle, obj.lose_pos());
    let mut v = Vec::with_capacity(n);
    v.extend(ordinals.iter().map(|&o| {
        if o > cap {
            return f64::NEG_INFINITY;
        }
        let o = lane | o as usize & (ORD_PAD - 1);
        let (cell, t) = pos[o];
        let (at, slope) = line[cell as usize & 15];
        fm[o] - (at + slope * t)
    }));
    v.resize(n, 0.0);
    v.into_boxed_slice()
}

impl Shared {
    fn new(obj: &Objective, h: &HandSubsets, caps: [u16; 3], corr: Option<&Corrections>) -> Option<Shared> {
        let lines = obj.shared_lines(caps)?;
        // Collected in place (a boxed array built on the stack would be copied), then padded.
        let mut middle = fill(obj, &h.five, ORD_PAD, caps[1], lines.middle(), 2048);
        let mut front = fill(obj, &h.three, 0, caps[0], lines.front(), 512);
        if let Some(c) = corr {
            // Card removal's corrections, each subset's own (−∞ stays −∞).
            for (v, &x) in middle.iter_mut().zip(c.middle.iter()) {
                *v += x;
            }
            for (v, &x) in front.iter_mut().zip(c.front.iter()) {
                *v += x;
            }
        }
        Some(Shared { lines, caps, middle: middle.try_into().ok()?, front: front.try_into().ok()? })
    }

    /// Whether the lines hold for a back of ordinal `ob` whose splits are under `caps`.
    fn covers(&self, caps: [u16; 2], ob: u16) -> bool {
        let c = self.caps;
        caps[0] <= c[0] && caps[1] <= c[1] && ob <= c[2]
    }
}

/// The best legal split by branch and bound (see the module docs). Counts of the work done go
/// to `stats` when given.
pub fn best(obj: &Objective, st: &Strength, h: &HandSubsets, strict: bool, stats: Option<&mut Stats>) -> Split {
    best_with(obj, st, h, strict, None, stats)
}

/// [`best`] of the objective plus card removal's corrections of this hand's subsets
/// (`removal.rs`), exactly: a split is worth its objective value plus its front's, middle's and
/// back's corrections. Every split the search walks has its corrections added before any
/// bound of it is read; a back's bounds, read before its splits, add the back's own
/// correction and the largest of the middles' and the fronts'.
pub fn best_with(
    obj: &Objective,
    st: &Strength,
    h: &HandSubsets,
    strict: bool,
    corr: Option<&Corrections>,
    stats: Option<&mut Stats>,
) -> Split {
    let sub = Subsets::get();
    let lb = &obj.lanes[2];
    let ctx = Ctx { obj, st, h, sub, strict, sweeps: obj.has_sweeps(), majority: obj.has_majority(), corr };
    // The strongest back (the first of equals): a plain maximum, then its position, which
    // vectorise where one loop tracking both would not.
    let top = h.five.iter().copied().max().unwrap_or(0);
    let first = (h.five.iter().position(|&o| o == top).unwrap_or(0), top);
    let mut best = NONE;
    let mut evaluated = 0u32;
    let mut loose = 0u32;
    let mut ranked_count = 0u32;
    // Pass 1: the strongest back, for a first incumbent.
    let mut slices = SweepSlices::default();
    let Coarse { sweep: cap, caps, .. } = ctx.coarse_bound(first.0, f64::INFINITY);
    ctx.value_top_split(first.0, &mut best, &mut evaluated);
    ctx.settle_back(first.0, cap, caps, &mut slices, &mut best, &mut evaluated);
    // Pass 2: bound every other back by its ordinal alone, then by what the other eight cards'
    // rank groups can make at best (the middle only; cheap).
    // Room for every back twice (each may come back bounded from its ranks): no regrowth.
    let mut cands: Vec<(f64, u16, u16)> = Vec::with_capacity(2 * 1287);
    let mut top_bound = f64::NEG_INFINITY;
    // Backs below this ordinal cannot reach the incumbent: one compare each, no table load.
    let floor = obj.lowest_back_reaching(best.ev - corr.map_or(0.0, |c| c.slack));
    let (backs, caps) = (&obj.backs, &obj.caps_front_middle);
    for (bi, &ob) in h.five.iter().enumerate() {
        if ob < floor {
            continue;
        }
        let row = &backs[ob as usize & (ORD_PAD - 1)];
        let slack = ctx.back_slack(bi);
        if row.bound + slack < best.ev || bi == first.0 || !h.canonical(sub.five[bi], 0) {
            continue;
        }
        loose += 1;
        // The other eight cards' rank counts are the hand's less the back's (a class fixes its
        // ranks); a flush is possible only while a suit still holds five cards.
        let counts = h.counts - row.counts;
        let suits_left = h.suit_counts - h.five_suits[bi];
        let top_middle = if strict { ob.saturating_sub(1) } else { ob };
        let (five, three) = st.count_caps(counts);
        // With a flush possible, what the cards make best is not known here.
        let made = if (suits_left + 0x3333) & 0x8888 != 0 { u16::MAX } else { five };
        let om = st.middle_below(counts, made, top_middle);
        let of = three.min(st.front_cap[om as usize]);
        let bound = row.value
            + caps[ORD_PAD | om as usize & (ORD_PAD - 1)]
            + caps[of as usize & (ORD_PAD - 1)]
            + row.sweep
            + slack;
        if bound >= best.ev {
            top_bound = max_f64(top_bound, bound);
            cands.push((bound, bi as u16, NIL));
        }
    }
    let cands_total = cands.len();
    // Pass 3, about best first: a back with the highest bound (to a 64th of the range) gets
    // the joint bound of middle and front from the ranks and goes back with it; at its next
    // turn it is settled (its splits that can beat the best found are valued). A back is thus
    // settled only while its bound is about the highest of all, never because the best found
    // was still low when it came up. The first bound below the best found ends the search.
    let mut queue = Queue::new(best.ev, top_bound, cands);
    // Per back bounded from its ranks: its index, what the rank bound found, and whether it
    // is settled.
    let mut ranked: Vec<(usize, Coarse, bool)> = Vec::with_capacity(cands_total);
    let mut settled = 1u32;
    let mut shared: Option<Shared> = None;
    let mut shared_settles = 0u32;
    while let Some((bound, tag)) = queue.pop(best.ev) {
        if tag & RANKED == 0 {
            ranked_count += 1;
            let i = tag as usize;
            let coarse = ctx.coarse_bound(i, best.ev);
            if coarse.bound >= best.ev {
                // Never above the bound it was queued with: the queue only moves down.
                queue.push(coarse.bound.min(bound), RANKED | ranked.len() as u16);
                ranked.push((i, coarse, false));
            }
            continue;
        }
        let i = (tag & !RANKED) as usize;
        let (bi, Coarse { sweep: cap, caps, at_caps, .. }, _) = ranked[i];
        ranked[i].2 = true;
        settled += 1;
        let ob = h.five[bi];
        if settled == SHARE_AFTER && ctx.sweeps {
            // Lines under the caps of this back (the next to be settled) and of every waiting
            // back whose back is in the same grid cell or a weaker one. A few strong backs wait
            // that are seldom settled (the best found passes their bounds first), and lines
            // read at their cell would be much looser for all the others; if settled, they get
            // their own lines.
            let cell = lb.lose_lo[ob as usize];
            let mut c = [caps[0], caps[1], ob];
            for &(b, Coarse { caps: k, .. }, done) in &ranked {
                let o = h.five[b];
                if !done && lb.lose_lo[o as usize] >= cell {
                    c = [c[0].max(k[0]), c[1].max(k[1]), c[2].max(o)];
                }
            }
            shared = Shared::new(obj, h, c, corr);
        }
        match &shared {
            Some(sh) if sh.covers(caps, ob) => {
                shared_settles += 1;
                ctx.settle_shared(bi, caps, at_caps, sh, &mut best, &mut evaluated);
            }
            _ => ctx.settle_back(bi, cap, caps, &mut slices, &mut best, &mut evaluated),
        }
    }
    if let Some(s) = stats {
        s.backs += settled as u64;
        s.shared += shared_settles as u64;
        s.splits += evaluated as u64;
        s.hands += 1;
        s.screened += cands_total as u64;
        s.loose += loose as u64;
        s.ranked += ranked_count as u64;
    }
    best
}

/// The larger of two numbers that are never NaN (one compare; `f64::max` also handles NaN).
#[inline(always)]
fn max_f64(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// Work counters of [`best`].
#[derive(Copy, Clone, Default, Debug)]
pub struct Stats {
    /// Hands searched.
    pub hands: u64,
    /// Backs whose legal splits were walked (settled).
    pub backs: u64,
    /// Of those, backs settled with the bound shared by many backs.
    pub shared: u64,
    /// Splits whose full value was computed.
    pub splits: u64,
    /// Backs that passed the bound of their other eight cards' middle (pass 2).
    pub screened: u64,
    /// Backs that passed the bound of their ordinal alone (pass 2).
    pub loose: u64,
    /// Backs given the joint bound of middle and front from their ranks (pass 3).
    pub ranked: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrange::{model_tables, Role};
    use crate::deal::Dealer;
    use crate::rules::{Preset, Rules, Table};

    /// Hands for the bound tests: random deals, hands rich in straights (the wheel and a
    /// six-high run together), and the hardest known (weak, near-tied backs).
    fn hands(random: usize) -> Vec<[u8; 13]> {
        let mut out: Vec<[u8; 13]> = Vec::new();
        let mut dealer = Dealer::from_seed(606);
        while out.len() < random {
            out.extend(dealer.deal_four().map(|h| std::array::from_fn(|i| h[i].code())));
        }
        for text in [
            "Ac 2d 3h 4s 5c 6d Kh Kd Kc Ks Th Tc 9d",
            "As 2s 3h 4d 5c 6c 7d 8h Jc Qd Kh Kd 9s",
            "2h 3d 4h 6c 7d 8c 9d Js Qc Kd Kh Ac Ah",
            "2h 3s 4d 6d 7c 8d 9h Jh Qc Ks Ad Ah As",
            "2c 2h 3d 3s 4d 5c 5s 8h 9c Td Js Kh Ah",
            "3c 4c 5c 6c 7c 8c 9c Tc Jd Qd Kd Ad 2d",
        ] {
            let cards = crate::parse_cards(text).unwrap();
            out.push(std::array::from_fn(|i| cards[i].code()));
        }
        out
    }

    /// Every legal split of back `bi`: front, middle and back ordinals, middle index and
    /// front index.
    fn legal_of(ctx: &Ctx, bi: usize) -> Vec<(u16, u16, u16, usize, usize)> {
        let ob = ctx.h.five[bi];
        let mut out = Vec::new();
        for &pair in ctx.sub.splits[bi].iter() {
            let (i5, i3) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
            let (om, of) = (ctx.h.five[i5], ctx.h.three[i3]);
            if legal(ctx.st, of, om, ob, ctx.strict) {
                out.push((of, om, ob, i5, i3));
            }
        }
        out
    }

    /// The rule sets, table sizes and roles the bound tests run under: every preset at two and
    /// four seats; every pairwise preset at banker tables of three and four in both roles;
    /// a majority bonus on a preset with shots and home runs (all pairs and banker).
    fn configs() -> Vec<(Rules, usize, Role)> {
        let mut out = Vec::new();
        for preset in Preset::ALL {
            for players in [2usize, 4] {
                out.push((Rules::preset(preset), players, Role::Player));
            }
            let mut banker = Rules::preset(preset);
            banker.table = Table::Banker;
            if banker.validate().is_ok() {
                for players in [3usize, 4] {
                    for role in Role::ALL {
                        out.push((banker.clone(), players, role));
                    }
                }
            }
        }
        for (table, players, role) in [(Table::AllPairs, 4, Role::Player), (Table::Banker, 4, Role::Banker)] {
            let mut rules = Rules::preset(Preset::Classic);
            (rules.majority_bonus, rules.table) = (2, table);
            out.push((rules, players, role));
        }
        out
    }

    /// Run `check` on every back with a legal split of every test hand, under every
    /// configuration of [`configs`], both orders.
    fn for_each_back(random: usize, mut check: impl FnMut(&Ctx, usize, usize, &[(u16, u16, u16, usize, usize)])) {
        let hands = hands(random);
        let mut serial = 0;
        for (rules, players, role) in configs() {
            for strict in [false, true] {
                let mut rules = rules.clone();
                rules.strict_order = strict;
                let preset = crate::arrange::nearest_preset(&rules);
                let field = model_tables::field_for(preset, players, rules.table, role).unwrap();
                let obj = Objective::new_for(field, &rules, players, role);
                let st = Strength::get(rules.wheel);
                for codes in &hands {
                    let h = HandSubsets::new(st, *codes);
                    let sub = Subsets::get();
                    let ctx = Ctx {
                        obj: &obj,
                        st,
                        h: &h,
                        sub,
                        strict,
                        sweeps: obj.has_sweeps(),
                        majority: obj.has_majority(),
                        corr: None,
                    };
                    serial += 1;
                    for bi in 0..1287 {
                        let splits = legal_of(&ctx, bi);
                        if !splits.is_empty() {
                            check(&ctx, serial, bi, &splits);
                        }
                    }
                }
            }
        }
    }

    /// Suggestions from the pruned walk ([`suggestion_groups`]) are those from every legal split
    /// ([`all_groups`]): the same arrangements, kinds, categories and values to the bit, for
    /// several list lengths, under every preset at two to four seats (strict order too, and
    /// a majority bonus on classic), on random deals and the hard hands.
    #[test]
    fn suggestions_from_the_pruned_walk_are_those_from_every_split() {
        let random = if cfg!(debug_assertions) { 8 } else { 240 };
        let hands = hands(random);
        let mut configs: Vec<(Rules, usize)> = Vec::new();
        for preset in Preset::ALL {
            for players in 2..=4 {
                configs.push((Rules::preset(preset), players));
            }
        }
        let mut strict = Rules::preset(Preset::Classic);
        strict.strict_order = true;
        configs.push((strict, 4));
        let mut majority = Rules::preset(Preset::Classic);
        majority.majority_bonus = 2;
        configs.push((majority, 4));
        let mut checked = 0usize;
        for (rules, players) in &configs {
            let arranger = crate::arrange::Arranger::new(rules, *players).unwrap();
            for codes in &hands {
                let cards = crate::card::cards_from_codes(codes).unwrap();
                for n in [1, 3, 5, 8, 40] {
                    let fast = arranger.suggest(&cards, n);
                    let slow = arranger.suggest_exhaustive(&cards, n);
                    match (&fast, &slow) {
                        (Ok(f), Ok(s)) => {
                            assert_eq!(f.len(), s.len(), "{codes:?}, n = {n}");
                            for (a, b) in f.iter().zip(s) {
                                assert_eq!(
                                    (a.kind, &a.arrangement, a.categories, a.expected_water.to_bits()),
                                    (b.kind, &b.arrangement, b.categories, b.expected_water.to_bits()),
                                    "{codes:?}, n = {n}, {players} players"
                                );
                            }
                        }
                        _ => assert_eq!(fast, slow, "{codes:?}"),
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked >= configs.len() * hands.len() * 5);
    }

    /// The joint bound from the ranks is a bound: its caps are at least every legal split's
    /// front and middle (the separable bounds rely on it), and the bound at least every legal
    /// split's value.
    #[test]
    fn rank_caps_bound_every_legal_split() {
        for_each_back(if cfg!(debug_assertions) { 2 } else { 60 }, |ctx, _, bi, splits| {
            let Coarse { bound, sweep: cap, caps: [f_cap, m_cap], .. } = ctx.coarse_bound(bi, f64::NEG_INFINITY);
            for &(of, om, ob, _, _) in splits {
                assert!(of <= f_cap && om <= m_cap, "back {bi}: split ({of}, {om}) above the caps ({f_cap}, {m_cap})");
                let sweep = ctx.obj.sweep_value(of, om, ob);
                assert!(sweep <= cap + 1e-9, "back {bi}: sweep {sweep} above its bound {cap}");
                assert!(ctx.obj.ev(of, om, ob) <= bound + 1e-9, "back {bi}: ({of}, {om}) above {bound}");
            }
        });
    }

    /// The separable sweep bound holds for every legal split: per back, at the back's rank
    /// caps ([`Objective::sweep_slices`]), and shared by every back under the hand's largest
    /// caps ([`Shared`]); it is also strictly tighter than the bound at the caps for some
    /// splits (else it would be useless).
    #[test]
    fn separable_sweep_bounds_hold() {
        let mut tighter = 0u64;
        let mut sets: (usize, Vec<Shared>) = (0, Vec::new());
        let mut hands_seen = 0usize;
        let mut covered_by_part = 0u64;
        let mut with_majority = 0u64;
        let mut tighter_majority = 0u64;
        for_each_back(if cfg!(debug_assertions) { 2 } else { 40 }, |ctx, serial, bi, splits| {
            if !ctx.sweeps {
                return;
            }
            let obj = ctx.obj;
            let ob = ctx.h.five[bi];
            let Coarse { sweep: cap, caps, .. } = ctx.coarse_bound(bi, f64::NEG_INFINITY);
            let mut slices = SweepSlices::default();
            obj.sweep_slices(caps[0], caps[1], ob, &mut slices);
            // Shared sets per hand: one under caps that cover every back, and others under the
            // caps of single backs (as the search builds them), which cover only some.
            // With a majority bonus there are no shared lines: every back has its own.
            if obj.has_majority() {
                assert!(obj.shared_lines([0, 0, 0]).is_none());
                with_majority += splits.len() as u64;
            } else if sets.0 != serial || sets.1.is_empty() {
                let mut c = [0u16; 3];
                let mut each = Vec::new();
                for b in 0..1287 {
                    let k = ctx.coarse_bound(b, f64::NEG_INFINITY).caps;
                    c = [c[0].max(k[0]), c[1].max(k[1]), c[2].max(ctx.h.five[b])];
                    if b % 61 == 0 {
                        each.push([k[0], k[1], ctx.h.five[b]]);
                    }
                }
                sets = (
                    serial,
                    std::iter::once(c).chain(each).map(|c| Shared::new(obj, ctx.h, c, None).unwrap()).collect(),
                );
                hands_seen += 1;
            }
            let shared = if obj.has_majority() { &[][..] } else { &sets.1[..] };
            assert!(obj.has_majority() || shared[0].covers(caps, ob));
            for (k, sh) in shared.iter().enumerate().filter(|(_, sh)| sh.covers(caps, ob)) {
                covered_by_part += (k > 0) as u64;
                let at_caps = obj.sweep_bound_tight(caps[0], caps[1], ob);
                let base = at_caps + sh.lines.parts(obj.lose_pos(), caps[0], caps[1]);
                let base = base + 1e-9 * (1.0 + at_caps.abs() + base.abs());
                for &(of, om, _, i5, i3) in splits {
                    let exact = obj.sweep_value(of, om, ob);
                    let lanes = obj.lane_sum(of, om, ob) - obj.lanes[2].value[ob as usize];
                    let by_shared = base + sh.middle[i5] + sh.front[i3] - lanes;
                    assert!(
                        exact <= by_shared,
                        "back {bi}: ({of}, {om}) sweep {exact} above shared bound {k}: {by_shared}"
                    );
                }
            }
            for &(of, om, _, _, _) in splits {
                let exact = obj.sweep_value(of, om, ob);
                let (pos, win, mid) = (obj.lose_pos(), obj.win_pos(), obj.mid_pos());
                let own = if ctx.majority {
                    slices.bound::<true>(pos, win, mid, of, om)
                } else {
                    slices.bound::<false>(pos, win, mid, of, om)
                };
                assert!(exact <= own, "back {bi}: ({of}, {om}) sweep {exact} above its separable bound {own}");
                tighter += (own < cap - 1e-6) as u64;
                tighter_majority += (obj.has_majority() && own < cap - 1e-6) as u64;
            }
        });
        assert!(tighter_majority > 1000, "the majority's separable bound is never tighter ({tighter_majority})");
        assert!(covered_by_part > 1000, "the partial shared sets are hardly tested ({covered_by_part})");
        assert!(with_majority > 1000, "the majority bound is hardly tested ({with_majority})");
        assert!(hands_seen > 0 && tighter > 1000, "the separable bound is never tighter ({tighter})");
    }
}
