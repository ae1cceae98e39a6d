//! A reference for card removal: the arranger against its field *conditioned on the 13 cards it
//! holds*, rebuilt for every hand (tens of milliseconds a hand: a measurement, not a player).
//!
//! Each lane's distribution of an opponent's ordinal is reweighted by how much likelier or
//! rarer that ordinal's cards are among the 39 unseen cards than in a full deck: a class with
//! rank counts `k_r` has `Π_r C(4 − h_r, k_r)` ways to be dealt from what I do not hold (`h_r`
//! of rank `r` held) against `Π_r C(4, k_r)` from the deck, flushes and the suits of distinct
//! ranks counted per suit. The copula (how an opponent's three lanes move together) is kept.
//! What this buys against the unconditioned arranger bounds what a fast approximation of it
//! can buy.

use shisanshui::arrange::model::{FieldModel, SCALE};
use shisanshui::arrange::strength::Strength;
use shisanshui::arrange::{model_tables, nearest_preset, Arranged, Arranger, Role};
use shisanshui::{Card, Category, Error, Rules};

/// `C(n, k)` for the small numbers here.
fn choose(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The cards held: per rank the count, per suit the ranks as a 13-bit mask.
struct Held {
    counts: [u32; 13],
    by_suit: [u16; 4],
}

impl Held {
    fn of(cards: &[Card; 13]) -> Held {
        let mut h = Held { counts: [0; 13], by_suit: [0; 4] };
        for c in cards {
            let code = c.code();
            let (rank, suit) = ((code >> 2) as usize, (code & 3) as usize);
            h.counts[rank] += 1;
            h.by_suit[suit] |= 1 << rank;
        }
        h
    }

    /// How many times likelier a class of these rank counts (`ranks`: rank → count) is to be
    /// dealt from the unseen cards than from a full deck, relative (the normalisation is the
    /// caller's). `flush`: the class is a flush (all one suit); `distinct`: five distinct ranks
    /// that are not a flush (the flushes among their ways are another class).
    fn ratio(&self, counts: &[u32; 13], flush: bool, distinct: bool) -> f64 {
        let mask: u16 = (0..13).filter(|&r| counts[r] > 0).fold(0, |m, r| m | 1 << r);
        let free_suits = self.by_suit.iter().filter(|&&s| s & mask == 0).count() as f64;
        if flush {
            return free_suits / 4.0;
        }
        let mut all = 1.0;
        let mut unseen = 1.0;
        for (&k, &held) in counts.iter().zip(&self.counts) {
            if k > 0 {
                all *= choose(4, k);
                unseen *= choose(4 - held, k);
            }
        }
        if distinct {
            (unseen - free_suits) / (all - 4.0)
        } else {
            unseen / all
        }
    }
}

/// Rank counts, flush and distinctness of every ordinal of one lane size, by ordinal.
struct Classes {
    five: Vec<([u32; 13], bool, bool)>,
    three: Vec<[u32; 13]>,
}

fn classes(st: &Strength) -> Classes {
    let five = (0..st.five_counts.len())
        .map(|o| {
            let c = st.five_counts[o];
            let counts: [u32; 13] = std::array::from_fn(|r| (c >> (4 * r) & 0xF) as u32);
            let cat = st.five_category[o];
            let flush = matches!(cat, Category::Flush | Category::StraightFlush);
            let distinct = !flush && counts.iter().all(|&k| k <= 1);
            (counts, flush, distinct)
        })
        .collect();
    // Three-card classes by their ordinal: every rank multiset, valued.
    let mut three = vec![[0u32; 13]; st.three_rank.len()];
    for a in 0..13u8 {
        for b in a..13 {
            for c in b..13 {
                let ranks = [a, b, c];
                let mut counts = [0u32; 13];
                for &r in &ranks {
                    counts[r as usize] += 1;
                }
                if counts.iter().any(|&k| k > 3) {
                    continue;
                }
                // Suits: distinct codes for a rank held twice or three times.
                let mut seen = [0u8; 13];
                let codes = ranks.map(|r| {
                    let s = seen[r as usize];
                    seen[r as usize] += 1;
                    r << 2 | s
                });
                three[st.three(codes) as usize] = counts;
            }
        }
    }
    Classes { five, three }
}

/// A lane's distribution reweighted and rounded back to fixed point summing to `SCALE`.
fn reweight(pmf: &[u32], ratio: impl Fn(usize) -> f64) -> Vec<u32> {
    let w: Vec<f64> = pmf.iter().enumerate().map(|(o, &p)| p as f64 * ratio(o)).collect();
    let total: f64 = w.iter().sum();
    if total <= 0.0 {
        return pmf.to_vec();
    }
    let mut out: Vec<u32> = w.iter().map(|&x| (x / total * SCALE as f64).round() as u32).collect();
    // Rounding leaves a few units over or under: the largest entry takes them.
    let sum: i64 = out.iter().map(|&x| x as i64).sum();
    let top = (0..out.len()).max_by_key(|&i| out[i]).unwrap_or(0);
    out[top] = (out[top] as i64 + SCALE as i64 - sum).max(0) as u32;
    out
}

/// The field conditioned on the cards held (see the module docs).
pub fn conditioned(field: &FieldModel, st: &Strength, cards: &[Card; 13]) -> FieldModel {
    let held = Held::of(cards);
    let cl = classes(st);
    let five = |o: usize| {
        let (c, f, d) = &cl.five[o];
        held.ratio(c, *f, *d)
    };
    FieldModel {
        front: reweight(&field.front, |o| held.ratio(&cl.three[o], false, false)),
        middle: reweight(&field.middle, five),
        back: reweight(&field.back, five),
        ..field.clone()
    }
}

/// The reference arranger with card removal: for each hand an arranger against the
/// conditioned field (one-deck tables; all pairs, or a seat's role at a banker table).
pub struct Conditioned {
    rules: Rules,
    players: usize,
    role: Role,
    field: &'static FieldModel,
    st: &'static Strength,
}

impl Conditioned {
    /// The reference for `rules` at `players` seats in `role`.
    pub fn new(rules: &Rules, players: usize, role: Role) -> Result<Conditioned, Error> {
        if !rules.extra_suits.is_empty() {
            return Err(Error::InvalidArgument("the card-removal reference plays one deck".into()));
        }
        let field = model_tables::field_for_deck(nearest_preset(rules), players, rules.deck_spec(), rules.table, role)
            .ok_or_else(|| Error::InvalidArgument("no trained field".into()))?;
        Ok(Conditioned { rules: rules.clone(), players, role, field, st: Strength::get(rules.wheel) })
    }

    /// The arranger for one hand.
    pub fn arranger(&self, cards: &[Card; 13]) -> Result<Arranger, Error> {
        let f = conditioned(self.field, self.st, cards);
        Arranger::with_field_for(&self.rules, self.players, self.role, &f)
    }

    /// The hand's arrangement with card removal.
    pub fn arrange(&self, cards: &[Card; 13]) -> Result<Arranged, Error> {
        self.arranger(cards)?.arrange(cards)
    }
}
