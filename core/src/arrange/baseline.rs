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

use super::copies;
use super::hand::SearchHand;
use super::model::Objective;
use super::search::{self, for_each_legal, legal, Split};
use super::strength::{Strength, Subsets, FIVE_CLASSES, THREE_CLASSES};
use super::subsets::HandSubsets;
use crate::card::{exact_cards_in, Card};
use crate::error::Result;
use crate::lanes::Arrangement;
use crate::rules::{Rules, Wheel};

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
    search::best(product_objective(st), st, h, strict, None)
}

/// The product of lane ranks as an objective (the sum of their logarithms).
fn product_objective(st: &Strength) -> &'static Objective {
    static HIGH: OnceLock<Objective> = OnceLock::new();
    static LOW: OnceLock<Objective> = OnceLock::new();
    let wheel = if std::ptr::eq(st, Strength::get(Wheel::Lowest)) { Wheel::Lowest } else { Wheel::SecondHighest };
    let cell = if wheel == Wheel::Lowest { &LOW } else { &HIGH };
    cell.get_or_init(|| {
        let logs = |n: usize| (0..n).map(|o| ((o + 1) as f64).ln()).collect::<Vec<f64>>();
        Objective::from_lane_values([logs(THREE_CLASSES), logs(FIVE_CLASSES), logs(FIVE_CLASSES)], wheel)
            .expect("logarithms increase")
    })
}

/// Which baseline plays ([`arrange_with`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Baseline {
    /// [`greedy`].
    Greedy,
    /// [`product`].
    Product,
}

/// A baseline's arrangement of any 13 cards of the rule set's deck, copies included (RULES.md
/// §11): without copies exactly [`greedy`] or [`product`]; with copies the same choice on the
/// exact lane ranks (greedy: the legal split with the strongest back, then middle, then front;
/// product: of the lane ordinals at or below each lane, as the arranger reads copies).
///
/// Errors: those of [`crate::Arranger::arrange`] for the cards, and
/// [`crate::Error::NoLegalArrangement`] when `strict_order` leaves no legal split.
pub fn arrange_with(baseline: Baseline, cards: &[Card], rules: &Rules) -> Result<Arrangement> {
    let cards = exact_cards_in::<13>(cards, rules.deck_spec())?;
    let st = Strength::get(rules.wheel);
    let strict = rules.strict_order;
    // Hands with copies or jokers (RULES.md §11, §12) are read subset by subset.
    let (codes, s) = match SearchHand::new(st, rules, &cards) {
        SearchHand::Plain(h) => {
            let s = match baseline {
                Baseline::Greedy => greedy(&h, st, strict),
                Baseline::Product => product(&h, st, strict),
            };
            (h.codes, s)
        }
        SearchHand::Copies(h) => {
            let s = match baseline {
                Baseline::Greedy => copies::greedy(&h, strict),
                Baseline::Product => copies::best(product_objective(st), st, &h, strict),
            };
            (h.codes, s)
        }
    };
    if s.ev == f64::NEG_INFINITY {
        return Err(super::no_legal());
    }
    Ok(super::to_arrangement(&codes, &s))
}
