//! The self-play generator of the field models (`model_tables.bin`).
//!
//! For one preset and table size:
//! 1. deal `deals` tables of four hands from the seeded ChaCha20 stream and arrange every hand
//!    greedily (what servers ship): the empirical lane distributions and copula of those
//!    arrangements are field 0;
//! 2. iteration `k` (1..=`iterations`) deals fresh tables (stream `seed + k`), arranges every
//!    hand by the exact search against field `k − 1` — a best response to it — and records
//!    the result; field `k` is the average of iterations 1..=k weighted by `k` (later, better
//!    informed iterations count more; averaging damps the oscillation of pure best responses).
//!
//! Every step is deterministic (integer counts, a fixed dealing stream, a deterministic
//! search), so a configuration always regenerates the same bytes.

use crate::deal::Dealer;
use crate::rules::{Preset, Rules};

use super::baseline;
use super::model::{FieldModel, Objective, Training, GRID, SCALE};
use super::search::{self, HandSubsets};
use super::strength::{Strength, FIVE_CLASSES, THREE_CLASSES};

/// What to train.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrainConfig {
    /// Preset whose rules the field plays under.
    pub preset: Preset,
    /// Seats at the table (2 to 4).
    pub players: u8,
    /// How many tables, the seed, and the number of self-play iterations.
    pub training: Training,
}

/// Integer sample counts of one iteration (or a weighted sum of several).
#[derive(Clone)]
struct Counts {
    lanes: [Vec<u64>; 3],
    copula: Vec<u64>,
}

impl Counts {
    fn new() -> Counts {
        Counts {
            lanes: [vec![0; THREE_CLASSES], vec![0; FIVE_CLASSES], vec![0; FIVE_CLASSES]],
            copula: vec![0; GRID * GRID * GRID],
        }
    }

    /// Counts of a list of arranged hands' ordinals. The copula axis of a sample is its lane's
    /// mid-percentile within this very sample, so the copula is free of the marginals.
    fn of(samples: &[[u16; 3]]) -> Counts {
        let mut c = Counts::new();
        for s in samples {
            for (counts, &o) in c.lanes.iter_mut().zip(s) {
                counts[o as usize] += 1;
            }
        }
        let n = samples.len() as f64;
        let mid: Vec<Vec<f64>> = c
            .lanes
            .iter()
            .map(|counts| {
                let mut acc = 0u64;
                counts
                    .iter()
                    .map(|&k| {
                        let m = (acc as f64 + 0.5 * k as f64) / n;
                        acc += k;
                        m
                    })
                    .collect()
            })
            .collect();
        let cell = |u: f64| ((u * GRID as f64) as usize).min(GRID - 1);
        for s in samples {
            let (i, j, k) = (cell(mid[0][s[0] as usize]), cell(mid[1][s[1] as usize]), cell(mid[2][s[2] as usize]));
            c.copula[(i * GRID + j) * GRID + k] += 1;
        }
        c
    }

    fn add_weighted(&mut self, other: &Counts, w: u64) {
        for lane in 0..3 {
            for (a, b) in self.lanes[lane].iter_mut().zip(&other.lanes[lane]) {
                *a += b * w;
            }
        }
        for (a, b) in self.copula.iter_mut().zip(&other.copula) {
            *a += b * w;
        }
    }

    fn field(&self, cfg: &TrainConfig, training: Training) -> FieldModel {
        FieldModel {
            preset: cfg.preset,
            players: cfg.players,
            training,
            front: quantize(&self.lanes[0]),
            middle: quantize(&self.lanes[1]),
            back: quantize(&self.lanes[2]),
            copula: quantize(&self.copula),
        }
    }
}

/// Scale counts to integers summing to exactly `SCALE` (largest remainder; ties to the lower
/// index), keeping every sampled class at least 1 so that no observed hand is "impossible".
pub fn quantize(counts: &[u64]) -> Vec<u32> {
    let total: u64 = counts.iter().sum();
    assert!(total > 0, "no samples");
    let scale = SCALE as u128;
    let mut out: Vec<u32> = Vec::with_capacity(counts.len());
    let mut rema: Vec<(u128, usize)> = Vec::new();
    let mut used: u64 = 0;
    for (i, &c) in counts.iter().enumerate() {
        let exact = c as u128 * scale;
        let q = (exact / total as u128) as u32;
        out.push(q);
        used += q as u64;
        rema.push((exact % total as u128, i));
    }
    // Hand out the remaining units by largest remainder.
    rema.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut left = SCALE as u64 - used;
    for &(_, i) in &rema {
        if left == 0 {
            break;
        }
        out[i] += 1;
        left -= 1;
    }
    // A sampled class must stay possible: lift zeros, taking the units from the largest entry.
    for i in 0..counts.len() {
        if counts[i] > 0 && out[i] == 0 {
            let j = (0..out.len()).max_by_key(|&j| (out[j], std::cmp::Reverse(j))).unwrap();
            out[j] -= 1;
            out[i] = 1;
        }
    }
    out
}

/// Arrange every hand of `deals` four-hand tables from stream `seed` with `policy`.
fn play(seed: u64, deals: u32, st: &Strength, mut policy: impl FnMut(&HandSubsets) -> [u16; 3]) -> Vec<[u16; 3]> {
    let mut dealer = Dealer::from_seed(seed);
    let mut out = Vec::with_capacity(deals as usize * 4);
    for _ in 0..deals {
        for hand in dealer.deal_four() {
            let codes: [u8; 13] = std::array::from_fn(|i| hand[i].code());
            out.push(policy(&HandSubsets::new(st, codes)));
        }
    }
    out
}

/// Train a field model. `progress` is told each finished iteration (number, seconds).
pub fn train(cfg: &TrainConfig, mut progress: impl FnMut(u8, f64)) -> FieldModel {
    let rules = Rules::preset(cfg.preset);
    let st = Strength::get(rules.wheel);
    let strict = rules.strict_order;
    let t = cfg.training;
    let start = std::time::Instant::now();
    let greedy = play(t.seed, t.deals, st, |h| baseline::greedy(h, st, strict).ordinals);
    let mut field = Counts::of(&greedy).field(cfg, Training { iterations: 0, ..t });
    progress(0, start.elapsed().as_secs_f64());
    let mut acc = Counts::new();
    for k in 1..=t.iterations {
        let obj = Objective::new(&field, &rules, cfg.players as usize);
        let samples =
            play(t.seed.wrapping_add(k as u64), t.deals, st, |h| search::best(&obj, st, h, strict, None).ordinals);
        acc.add_weighted(&Counts::of(&samples), k as u64);
        field = acc.field(cfg, Training { iterations: k, ..t });
        progress(k, start.elapsed().as_secs_f64());
    }
    field
}
