//! The exhaustive walk: every legal split, the reference the search is tested against, and the
//! visitor the baselines and training use.

use super::model::Objective;
use super::removal::Corrections;
use super::search::*;
use super::strength::{Strength, Subsets};
use super::subsets::HandSubsets;

/// The reference: every one of the 72,072 splits, fouls skipped, same objective and order.
pub fn exhaustive(obj: &Objective, st: &Strength, h: &HandSubsets, strict: bool) -> Split {
    exhaustive_with(obj, st, h, strict, None)
}

/// [`exhaustive`] with card removal's corrections: the reference of [`best_with`].
pub fn exhaustive_with(
    obj: &Objective,
    st: &Strength,
    h: &HandSubsets,
    strict: bool,
    corr: Option<&Corrections>,
) -> Split {
    let sub = Subsets::get();
    let mut best = NONE;
    for (bi, &bmask) in sub.five.iter().enumerate() {
        let ob = h.five[bi];
        for (fi, &fmask) in sub.three.iter().enumerate() {
            if fmask & bmask != 0 {
                continue;
            }
            let mmask = !(bmask | fmask) & 0x1FFF;
            let om = h.five[sub.index[mmask as usize] as usize];
            let of = h.three[fi];
            if !legal(st, of, om, ob, strict) {
                continue;
            }
            // As the search values a split: the lane sum, its corrections, then the sweeps (the
            // same additions in the same order, so the same bits).
            let lanes = obj.lane_sum(of, om, ob);
            let lanes = match corr {
                Some(c) => lanes + c.of(fi, sub.index[mmask as usize] as usize, bi),
                None => lanes,
            };
            let ev = lanes + obj.sweep_value(of, om, ob);
            if best.is_beaten_by(ev, bmask, mmask) {
                best = Split { front: fmask, middle: mmask, back: bmask, ordinals: [of, om, ob], ev };
            }
        }
    }
    best
}

/// Call `f` on every legal split of a hand with its lane ordinals (for suggestions and
/// baselines that need them all).
pub fn for_each_legal(st: &Strength, h: &HandSubsets, strict: bool, mut f: impl FnMut(u16, u16, u16, [u16; 3])) {
    let sub = Subsets::get();
    for (bi, &bmask) in sub.five.iter().enumerate() {
        let ob = h.five[bi];
        let rest = !bmask & 0x1FFF;
        let p = positions(rest);
        for a in 0..6 {
            for b in a + 1..7 {
                for &pc in &p[b + 1..] {
                    let fmask = p[a] | p[b] | pc;
                    let mmask = rest ^ fmask;
                    let om = h.five[sub.index[mmask as usize] as usize];
                    let of = h.three[sub.index[fmask as usize] as usize];
                    if legal(st, of, om, ob, strict) {
                        f(fmask, mmask, bmask, [of, om, ob]);
                    }
                }
            }
        }
    }
}
