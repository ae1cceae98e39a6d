//! The two baseline players the tournament measures against. Both never foul.
//!
//! - **Greedy strongest-back-first** — what game servers ship: the strongest five cards go to
//!   the back, the strongest five of the remaining eight to the middle, the last three in front.
//!   (The front can never beat the middle: the middle was the best five of eight cards that
//!   include the front.)
//! - **Product of lane ranks** — among legal splits, maximise
//!   `(front rank) × (middle rank) × (back rank)`, where a lane's rank is its strength ordinal
//!   plus one (1 = the weakest possible hand of that size, 455 / 7462 the strongest).
//!
//! Both are deterministic: greedy breaks ties by the lowest subset index, the product by the
//! search's fixed order.

use std::sync::OnceLock;

use super::model::Objective;
use super::search::{self, for_each_legal, legal, HandSubsets, Split};
use super::strength::{Strength, Subsets, FIVE_CLASSES, THREE_CLASSES};
use crate::rules::Wheel;

/// Greedy strongest back, then strongest middle: the legal split with the lexicographically
/// largest (back, middle) ordinals.
pub fn greedy(h: &HandSubsets, st: &Strength, strict: bool) -> Split {
    let sub = Subsets::get();
    let (mut bi, mut ob) = (0usize, 0u16);
    for (i, &o) in h.five.iter().enumerate() {
        if o > ob || i == 0 {
            (bi, ob) = (i, o);
        }
    }
    let back = sub.five[bi];
    let rest = !back & 0x1FFF;
    let (mut middle, mut om) = (0u16, 0u16);
    let mut first = true;
    for (i, &m) in sub.five.iter().enumerate() {
        if m & back == 0 && (first || h.five[i] > om) {
            (middle, om, first) = (m, h.five[i], false);
        }
    }
    let front = rest ^ middle;
    let of = h.three[sub.index[front as usize] as usize];
    if legal(st, of, om, ob, strict) {
        return Split { front, middle, back, ordinals: [of, om, ob], ev: 0.0 };
    }
    // Only `strict_order` can get here (two equal hands): take the best legal split instead.
    let mut best: Option<Split> = None;
    for_each_legal(st, h, strict, |front, middle, back, ords| {
        let key = |s: &Split| (s.ordinals[2], s.ordinals[1], s.ordinals[0]);
        let cand = Split { front, middle, back, ordinals: ords, ev: 0.0 };
        if best.as_ref().map_or(true, |b| key(&cand) > key(b)) {
            best = Some(cand);
        }
    });
    best.expect("a legal split always exists")
}

/// The legal split maximising the product of the three lane ranks: the exact search on the
/// sum of their logarithms (distinct products of at most 455 · 7462² differ by far more than
/// the rounding of a sum of three logarithms, so the order is the product's).
pub fn product(h: &HandSubsets, st: &Strength, strict: bool) -> Split {
    static HIGH: OnceLock<Objective> = OnceLock::new();
    static LOW: OnceLock<Objective> = OnceLock::new();
    let wheel = if std::ptr::eq(st, Strength::get(Wheel::Lowest)) { Wheel::Lowest } else { Wheel::SecondHighest };
    let cell = if wheel == Wheel::Lowest { &LOW } else { &HIGH };
    let obj = cell.get_or_init(|| {
        let logs = |n: usize| (0..n).map(|o| ((o + 1) as f64).ln()).collect::<Vec<f64>>();
        Objective::from_lane_values([logs(THREE_CLASSES), logs(FIVE_CLASSES), logs(FIVE_CLASSES)], wheel)
            .expect("logarithms increase")
    });
    search::best(obj, st, h, strict, None)
}
