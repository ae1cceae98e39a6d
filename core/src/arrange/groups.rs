//! The best split of each combination of lane categories: what the suggestions (`Arranger::suggest`)
//! show, found by the search's bounds.

use super::model::{Objective, ORD_PAD};
use super::removal::Corrections;
use super::search::*;
use super::strength::{Strength, Subsets};
use super::subsets::{canonical, HandSubsets};
use crate::eval::Category;

/// The best split of each combination of lane categories (front, middle, back) that
/// [`crate::arrange::Arranger::suggest`] can show: what `all_groups` (the tests' reference,
/// from every legal split) would list, but only the groups that can be chosen are exact (the
/// others may be missing or hold a weaker split).
/// Exact are:
///
/// - the `k` best groups (by value, then categories, as the suggestions sort them);
/// - the best group whose back has the strongest category any legal split's back has, and
///   the best whose middle has the strongest middle category, and those two categories
///   (every legal split's best back and middle category has a group here).
///
/// A split is valued only while its bound reaches the `k`-th best group found so far, or the
/// best found with the strongest back (middle) category when it has that category. Backs go
/// about best bound first, so those thresholds rise early and most backs are passed over on
/// the bound of their ordinal alone. The result's order is not defined.
pub fn suggestion_groups(
    obj: &Objective,
    st: &Strength,
    h: &HandSubsets,
    strict: bool,
    k: usize,
) -> Vec<([Category; 3], Split)> {
    suggestion_groups_with(obj, st, h, strict, None, k)
}

/// [`suggestion_groups`] with card removal's corrections: the walk keeps every value lowered by
/// `corr.slack` (at least any split's corrections together), so a bound of the uncorrected
/// value below a kept value still proves a split cannot matter; the groups' splits are then
/// valued exactly.
pub fn suggestion_groups_with(
    obj: &Objective,
    st: &Strength,
    h: &HandSubsets,
    strict: bool,
    corr: Option<&Corrections>,
    k: usize,
) -> Vec<([Category; 3], Split)> {
    let mut groups = groups_search(obj, st, h, strict, corr, k);
    if let Some(c) = corr {
        revalue(obj, c, &mut groups);
    }
    groups
}

/// Each group's split valued as the search values a split (lane sum, corrections, sweeps):
/// the walk compared values lowered by the slack, which round differently.
fn revalue(obj: &Objective, c: &Corrections, groups: &mut [([Category; 3], Split)]) {
    let sub = Subsets::get();
    let idx = |m: u16| sub.index[m as usize] as usize;
    for (_, s) in groups.iter_mut() {
        let [f, m, b] = s.ordinals;
        s.ev = obj.ev_corrected(f, m, b, c.of(idx(s.front), idx(s.middle), idx(s.back)));
    }
}

fn groups_search(
    obj: &Objective,
    st: &Strength,
    h: &HandSubsets,
    strict: bool,
    corr: Option<&Corrections>,
    k: usize,
) -> Vec<([Category; 3], Split)> {
    let sub = Subsets::get();
    let ctx = Ctx { obj, st, h, sub, strict, sweeps: obj.has_sweeps(), majority: obj.has_majority(), corr };
    let cat5 = |o: u16| st.five_category[o as usize];
    let cat3 = |o: u16| st.three_category[o as usize];
    // More than there can be combinations is all of them (and never a capacity to overflow).
    let k = k.clamp(1, 1 << 12);
    let Some((top_back, top_middle)) = top_categories(&ctx) else { return Vec::new() };

    // The walk's order: canonical backs by the bound of their ordinal, highest first, sorted as
    // integers: the bound's bits, ordered as the floats are and complemented (highest
    // first), over the back's index. The low bits of the bound give way to the index, so the
    // order is the bounds' only to 2^-36 of their size: it decides how soon the thresholds
    // rise, never what is found (every back is still tested against its own bound).
    let order_key = |v: f64| {
        let b = v.to_bits();
        !(if b >> 63 == 1 { !b } else { b | 1 << 63 })
    };
    let mut backs: Vec<u64> = (0..1287)
        .filter(|&bi| canonical(h.twins, sub.five[bi], 0))
        .map(|bi| order_key(obj.backs[h.five[bi] as usize & (ORD_PAD - 1)].bound) & !0xFFFF | bi as u64)
        .collect();
    backs.sort_unstable();

    let mut groups: Vec<([Category; 3], Split)> = Vec::new();
    // Group of each category combination (indexed by `slot`), u16::MAX for none yet.
    let mut slot_of = [u16::MAX; 1 << 12];
    let slot = |c: [Category; 3]| (c[0] as usize) << 8 | (c[1] as usize) << 4 | c[2] as usize;
    // The k best groups (value, group), best first; the best with the top back / middle.
    let mut top: Vec<(f64, usize)> = Vec::with_capacity(k + 1);
    let (mut best_top_back, mut best_top_middle) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    let kth = |top: &Vec<(f64, usize)>| if top.len() >= k { top[k - 1].0 } else { f64::NEG_INFINITY };

    for &key in &backs {
        let bi = (key & 0xFFFF) as usize;
        let ob = h.five[bi];
        let row_bound = obj.backs[ob as usize & (ORD_PAD - 1)].bound;
        let cb = cat5(ob);
        // What a split of this back must reach to matter: the k-th group, or the best with
        // the top back (middle) category when this back (one of its middles) can have it.
        let mut need = kth(&top);
        if cb == top_back {
            need = need.min(best_top_back);
        }
        if cb >= top_middle {
            need = need.min(best_top_middle);
        }
        if row_bound < need {
            continue;
        }
        let coarse = ctx.coarse_bound(bi, need);
        if coarse.bound < need {
            continue;
        }
        let (bmask, twins) = (sub.five[bi], h.twins);
        let vb = obj.lanes[2].value[ob as usize];
        ctx.legal_splits(bi, ob, vb, |of, om, [i5, i3], l| {
            let cats = [cat3(of), cat5(om), cb];
            let mut need = kth(&top);
            if cb == top_back {
                need = need.min(best_top_back);
            }
            if cats[1] == top_middle {
                need = need.min(best_top_middle);
            }
            if l + coarse.sweep < need {
                return;
            }
            let bound = l + obj.sweep_bound(of, om, ob);
            if bound < need {
                return;
            }
            let mmask = sub.five[i5];
            if !canonical(twins, bmask, mmask) {
                return;
            }
            let g = match slot_of[slot(cats)] {
                u16::MAX => None,
                g => Some(g as usize),
            };
            if let Some(g) = g {
                // Nothing below this group's best can change it.
                if bound < groups[g].1.ev {
                    return;
                }
            }
            let ev = l + ctx.extra_shifted(i3, i5, bi) + obj.sweep_value(of, om, ob);
            let split =
                Split { front: !bmask & 0x1FFF ^ mmask, middle: mmask, back: bmask, ordinals: [of, om, ob], ev };
            let g = match g {
                Some(g) if !groups[g].1.is_beaten_by(ev, bmask, mmask) => return,
                Some(g) => {
                    groups[g].1 = split;
                    g
                }
                None => {
                    slot_of[slot(cats)] = groups.len() as u16;
                    groups.push((cats, split));
                    groups.len() - 1
                }
            };
            if cb == top_back {
                best_top_back = best_top_back.max(ev);
            }
            if cats[1] == top_middle {
                best_top_middle = best_top_middle.max(ev);
            }
            // Keep the k best groups' values, best first.
            match top.iter().position(|t| t.1 == g) {
                Some(p) => top[p].0 = ev,
                None if top.len() < k => top.push((ev, g)),
                None if ev > top[k - 1].0 => top[k - 1] = (ev, g),
                None => return,
            }
            top.sort_by(|a, b| b.0.total_cmp(&a.0));
        });
    }
    groups
}

/// The strongest back category and the strongest middle category of any legal split (each
/// maximised on its own), or `None` when no split is legal (only possible under strict order).
fn top_categories(ctx: &Ctx<'_>) -> Option<(Category, Category)> {
    let (st, h, sub, strict) = (ctx.st, ctx.h, ctx.sub, ctx.strict);
    let cat5 = |o: u16| st.five_category[o as usize];
    let top = cat5(h.five.iter().copied().max().unwrap_or(0));
    // Category by category from the strongest the hand makes: the first that some five-card
    // subset of it has as a back (as a middle) in a legal split. Almost always the first
    // subset tried.
    let as_back = |bi: usize| {
        let mut any = false;
        ctx.legal_splits(bi, h.five[bi], 0.0, |_, _, _, _| any = true);
        any
    };
    let as_middle = |mi: usize| {
        let (rest, om) = (!sub.five[mi] & 0x1FFF, h.five[mi]);
        let p = positions(rest);
        (0..6).any(|a| {
            (a + 1..7).any(|b| {
                p[b + 1..].iter().any(|&c| {
                    let fmask = p[a] | p[b] | c;
                    let ob = h.five[sub.index[(rest ^ fmask) as usize] as usize];
                    legal(st, h.three[sub.index[fmask as usize] as usize], om, ob, strict)
                })
            })
        })
    };
    let strongest = |ok: &dyn Fn(usize) -> bool| {
        (0..=top as usize).rev().find_map(|c| {
            let c = Category::ALL[c];
            (0..1287).any(|i| cat5(h.five[i]) == c && ok(i)).then_some(c)
        })
    };
    Some((strongest(&as_back)?, strongest(&as_middle)?))
}

#[cfg(test)]
/// Every category combination's best legal split, from every legal split: the reference for
/// [`suggestion_groups`] (the tests compare what suggestions each gives).
pub fn all_groups(obj: &Objective, st: &Strength, h: &HandSubsets, strict: bool) -> Vec<([Category; 3], Split)> {
    all_groups_with(obj, st, h, strict, None)
}

#[cfg(test)]
/// [`all_groups`] with card removal's corrections (the reference for
/// [`suggestion_groups_with`]).
pub fn all_groups_with(
    obj: &Objective,
    st: &Strength,
    h: &HandSubsets,
    strict: bool,
    corr: Option<&Corrections>,
) -> Vec<([Category; 3], Split)> {
    let sub = Subsets::get();
    let mut groups: Vec<([Category; 3], Split)> = Vec::new();
    for_each_legal(st, h, strict, |front, middle, back, o| {
        let cats = [st.three_category[o[0] as usize], st.five_category[o[1] as usize], st.five_category[o[2] as usize]];
        let idx = |m: u16| sub.index[m as usize] as usize;
        let extra = corr.map_or(0.0, |c| c.of(idx(front), idx(middle), idx(back)) - c.slack);
        let lanes = obj.lane_sum(o[0], o[1], o[2]) + extra;
        let slot = groups.iter().position(|g| g.0 == cats);
        if let Some(i) = slot {
            if lanes + obj.sweep_bound(o[0], o[1], o[2]) < groups[i].1.ev {
                return;
            }
        }
        let ev = lanes + obj.sweep_value(o[0], o[1], o[2]);
        match slot {
            Some(i) if !groups[i].1.is_beaten_by(ev, back, middle) => {}
            Some(i) => groups[i].1 = Split { front, middle, back, ordinals: o, ev },
            None => groups.push((cats, Split { front, middle, back, ordinals: o, ev })),
        }
    });
    if let Some(c) = corr {
        revalue(obj, c, &mut groups);
    }
    groups
}
