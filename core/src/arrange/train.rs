//! The self-play generator of the field models (`model_tables.bin`).
//!
//! For one preset, table size and deck (its extra suits, RULES.md §11):
//! 1. deal `deals` tables of four hands from the seeded ChaCha20 stream (four hands of the
//!    bigger deck when it has extra suits: a hand's cards do not depend on how many seats
//!    are dealt) and arrange every hand
//!    greedily (what servers ship): the empirical lane distributions and copula of those
//!    arrangements are field 0;
//! 2. iteration `k` (1..=`iterations`) deals fresh tables (stream `seed + k`), arranges every
//!    hand by the exact search against field `k − 1` — a best response to it, with card
//!    removal (the field conditioned on the hand's own cards, as the default arranger plays)
//!    unless [`TrainConfig::card_removal`] is off — and records the result; field `k` is the average of iterations 1..=k weighted by `k` (later, better
//!    informed iterations count more; averaging damps the oscillation of pure best responses).
//!
//! A banker table ([`train_banker`]) has two fields, one per role: a player plays the banker's
//! hands, the banker plays the players' hands, and the two roles arrange by different
//! objectives (a player is settled against one seat and can be home-run by the banker; the
//! banker against every seat, and only it makes home runs), so their hands differ. Both are
//! trained together: every hand is arranged once as the banker, against the players' field
//! of the iteration before, and once as a player, against the banker's field.
//!
//! A hand of a bigger deck that holds copies is arranged by the exact search for such hands
//! (`copies.rs`), and its lanes are recorded at their one-deck ordinals (five of a kind as the
//! top straight flush); every other hand as at one deck.
//!
//! Every step is deterministic (integer counts, a fixed dealing stream, a deterministic
//! search), so a configuration always regenerates the same bytes.

use crate::card::SuitSet;
use crate::deal::Dealer;
use crate::rules::{Preset, Rules, Table};

use super::baseline;
use super::copies;
use super::hand::SearchHand;
use super::model::{FieldModel, Objective, Role, Training, GRID, SCALE};
use super::search;
use super::strength::{Strength, FIVE_CLASSES, THREE_CLASSES};

/// What to train.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrainConfig {
    /// Preset whose rules the field plays under.
    pub preset: Preset,
    /// Seats at the table (2 to 8; more than 4 need extra suits).
    pub players: u8,
    /// The suits the deck holds twice (RULES.md §11; empty: one deck).
    pub extra_suits: SuitSet,
    /// The deck's wild jokers (RULES.md §12; 0: none).
    pub jokers: u8,
    /// How many tables, the seed, and the number of self-play iterations.
    pub training: Training,
    /// Whether each iteration's best response conditions the field on the hand's own cards
    /// (card removal, as the default arranger plays): the field is then the self-play
    /// distribution of the arranger that ships. Hands of one deck only; a hand with copies or
    /// jokers is searched without, as the arranger does.
    pub card_removal: bool,
    /// Whether the preset's home runs are played. Off, the field is trained under the preset's
    /// rules with home runs disabled (RULES.md §5): a measurement of what pricing them costs,
    /// played with `sss-tournament --no-home-run`; no committed field is trained so.
    pub home_runs: bool,
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

    fn field(&self, cfg: &TrainConfig, training: Training, table: Table, role: Role) -> FieldModel {
        FieldModel {
            preset: cfg.preset,
            players: cfg.players,
            extra_suits: cfg.extra_suits,
            jokers: cfg.jokers,
            table,
            role,
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

/// The rule set and tables one training run plays with.
struct Play<'a> {
    rules: &'a Rules,
    st: &'static Strength,
    strict: bool,
    card_removal: bool,
}

impl Play<'_> {
    /// Arrange every hand of `deals` four-hand tables from stream `seed` with `policy`, in
    /// deal order. The hands are dealt first, one stream as ever, then arranged on every core
    /// in contiguous chunks joined in order, so the result does not depend on the cores.
    fn hands<T: Send>(&self, seed: u64, deals: u32, policy: impl Fn(&SearchHand) -> T + Sync) -> Vec<T> {
        let mut dealer = Dealer::from_seed(seed);
        let mut dealt: Vec<[crate::card::Card; 13]> = Vec::with_capacity(deals as usize * 4);
        for _ in 0..deals {
            if self.rules.extra_suits.is_empty() && self.rules.jokers == 0 {
                dealt.extend(dealer.deal_four());
            } else {
                dealt.extend(dealer.deal_for(self.rules, 4).expect("four seats fit every deck"));
            }
        }
        let arrange = |hand: &[crate::card::Card; 13]| policy(&SearchHand::new(self.st, self.rules, hand));
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(dealt.len().max(1));
        if threads <= 1 {
            return dealt.iter().map(arrange).collect();
        }
        let chunk = dealt.len().div_ceil(threads);
        std::thread::scope(|scope| {
            let parts: Vec<_> =
                dealt.chunks(chunk).map(|c| scope.spawn(|| c.iter().map(&arrange).collect::<Vec<T>>())).collect();
            parts.into_iter().flat_map(|p| p.join().expect("a training thread panicked")).collect()
        })
    }

    /// The greedy baseline's lanes.
    fn greedy(&self, d: &SearchHand) -> [u16; 3] {
        match d {
            SearchHand::Plain(h) => baseline::greedy(h, self.st, self.strict).ordinals,
            SearchHand::Copies(h) => copies::greedy(h, self.strict).ordinals,
        }
    }

    /// The lanes of the best response to `obj`.
    fn best(&self, obj: &Objective, d: &SearchHand) -> [u16; 3] {
        match d {
            SearchHand::Plain(h) => {
                obj.with_corrections(h, self.card_removal, |corr| {
                    search::best_with(obj, self.st, h, self.strict, corr, None)
                })
                .ordinals
            }
            SearchHand::Copies(h) => copies::best(obj, self.st, h, self.strict).ordinals,
        }
    }
}

/// The rule set a configuration trains under (the preset's, with the deck's extra suits and
/// jokers).
fn rules_of(cfg: &TrainConfig) -> Rules {
    let mut rules = Rules::preset(cfg.preset);
    rules.extra_suits = cfg.extra_suits;
    rules.jokers = cfg.jokers;
    if !cfg.home_runs {
        rules.home_run.enabled = false;
    }
    rules
}

/// Train a field model. `progress` is told each finished iteration (number, seconds).
pub fn train(cfg: &TrainConfig, mut progress: impl FnMut(u8, f64)) -> FieldModel {
    let rules = rules_of(cfg);
    let st = Strength::get(rules.wheel);
    let p = Play { rules: &rules, st, strict: rules.strict_order, card_removal: cfg.card_removal };
    let t = cfg.training;
    let start = std::time::Instant::now();
    let all = |c: &Counts, training| c.field(cfg, training, Table::AllPairs, Role::Player);
    let greedy = p.hands(t.seed, t.deals, |h| p.greedy(h));
    let mut field = all(&Counts::of(&greedy), Training { iterations: 0, ..t });
    progress(0, start.elapsed().as_secs_f64());
    let mut acc = Counts::new();
    for k in 1..=t.iterations {
        let obj = Objective::new(&field, &rules, cfg.players as usize);
        let samples = p.hands(t.seed.wrapping_add(k as u64), t.deals, |h| p.best(&obj, h));
        acc.add_weighted(&Counts::of(&samples), k as u64);
        field = all(&acc, Training { iterations: k, ..t });
        progress(k, start.elapsed().as_secs_f64());
    }
    field
}

/// Train the two fields of a banker table (the preset's rules with `table = banker`):
/// `[player's field, banker's field]` — the banker's hands and the players' hands. As
/// [`train`], with every hand arranged in both roles: greedily for field 0 (the same for
/// both), then in iteration `k` as the banker against the players' field `k − 1` and as a
/// player against the banker's field `k − 1`.
pub fn train_banker(cfg: &TrainConfig, mut progress: impl FnMut(u8, f64)) -> [FieldModel; 2] {
    let mut rules = rules_of(cfg);
    rules.table = Table::Banker;
    let st = Strength::get(rules.wheel);
    let p = Play { rules: &rules, st, strict: rules.strict_order, card_removal: cfg.card_removal };
    let t = cfg.training;
    let players = cfg.players as usize;
    let start = std::time::Instant::now();
    let of = |c: &Counts, training, role| c.field(cfg, training, Table::Banker, role);
    let greedy = Counts::of(&p.hands(t.seed, t.deals, |h| p.greedy(h)));
    let zero = Training { iterations: 0, ..t };
    // fields[0]: what a player faces (the banker's hands); fields[1]: what the banker faces.
    let mut fields = [of(&greedy, zero, Role::Player), of(&greedy, zero, Role::Banker)];
    progress(0, start.elapsed().as_secs_f64());
    let (mut bankers, mut players_acc) = (Counts::new(), Counts::new());
    for k in 1..=t.iterations {
        let as_player = Objective::new_for(&fields[0], &rules, players, Role::Player);
        let as_banker = Objective::new_for(&fields[1], &rules, players, Role::Banker);
        let both = p.hands(t.seed.wrapping_add(k as u64), t.deals, |h| (p.best(&as_banker, h), p.best(&as_player, h)));
        let (banker_hands, player_hands): (Vec<[u16; 3]>, Vec<[u16; 3]>) = both.into_iter().unzip();
        bankers.add_weighted(&Counts::of(&banker_hands), k as u64);
        players_acc.add_weighted(&Counts::of(&player_hands), k as u64);
        let done = Training { iterations: k, ..t };
        fields = [of(&bankers, done, Role::Player), of(&players_acc, done, Role::Banker)];
        progress(k, start.elapsed().as_secs_f64());
    }
    fields
}
