//! House-rule analytics: many seeded rounds under one rule set, every seat played by the
//! engine's own arranger (or a baseline), and what the table saw — how often each special was
//! made and declared, fouls, shots and home runs, the water per seat and its spread, and the
//! money with carries and rake when stakes are given.
//!
//! ```
//! use shisanshui::simulate::{run, SimConfig};
//! use shisanshui::Rules;
//!
//! let mut config = SimConfig::new(Rules::classic(), 4, 20, 7);
//! config.threads = 2; // the figures are the same for any thread count
//! let report = run(&config).unwrap();
//! assert_eq!(report.hands, 80);
//! assert_eq!(report.water.summary.mean, 0.0); // every round is zero-sum
//! ```
//!
//! The same rounds in two shards, merged:
//!
//! ```
//! use shisanshui::simulate::{run, SimConfig, SimReport};
//! use shisanshui::Rules;
//!
//! let whole = run(&SimConfig::new(Rules::classic(), 4, 20, 7)).unwrap();
//! let mut first = SimConfig::new(Rules::classic(), 4, 12, 7);
//! let mut rest = first.clone();
//! (rest.first_round, rest.rounds) = (12, 8);
//! first.threads = 2;
//! let merged = SimReport::merged([&run(&rest).unwrap(), &run(&first).unwrap()]).unwrap();
//! assert_eq!(merged, whole); // every figure, quantiles and histograms included
//! ```
//!
//! # What a run does (the contract the tests check)
//!
//! - **Deals.** Round `i` (0-based) is the deal of seed [`round_seed`]`(seed, i)`: exactly
//!   `deal::deal_for(rules, players, Some(round_seed(seed, i)))` (with one deck, `deal::deal`),
//!   so any round can be replayed alone.
//! - **Play.** Each seat's 13 cards go to its [`Policy`]. [`Policy::Arranger`] is
//!   [`Arranger`](crate::Arranger) for the rule set at this table size: when the cards make an enabled special
//!   it declares it exactly when [`SpecialAdvice::declare`](crate::arrange::SpecialAdvice::declare)
//!   says so, and plays the best lanes otherwise. The baselines ([`baseline`](crate::arrange::baseline)) declare every
//!   special the cards make, as game servers do. With `specials: false` nobody declares.
//! - **Settlement** is [`Settler::settle`](crate::settle::Settler::settle); money, when `stakes` are given, is
//!   [`settle_money`](crate::money::settle_money) of the round's totals, every round starting from the same carries.
//! - **Threads.** Rounds are handed out in blocks to `threads` workers ([`std::thread::scope`]);
//!   every figure is accumulated exactly (integers: water in units of 1/840, money in minor units)
//!   and merged at the end, so the report is identical for any thread count.
//! - **Shards.** [`SimConfig::first_round`] `k` plays rounds `k .. k + rounds` (round `i` still
//!   the deal of `round_seed(seed, i)`), so a shard plays exactly those rounds of the long run.
//!   A report keeps its exact tallies and the configuration they belong to; [`SimReport::merged`]
//!   adds shards of one run whose ranges are disjoint and together contiguous, in any order, and
//!   derives every figure again from the sums: the result `==` the one-process report of all the
//!   rounds. `SimReport::to_state` and `SimReport::from_state` (feature `serde`) carry that
//!   state between processes.
//!
//! # The figures
//!
//! Means, standard deviations (sample, `n − 1`) and 95% intervals (`mean ± 1.96 · sd / √n`) are
//! computed from the exact sums. Quantiles are nearest-rank (the smallest value with at least
//! `q · n` observations at or below it), read from the exact histogram. The water figures are
//! in water points (exact fractions under ranked scoring). A round's **swing** is the
//! water that changes hands: the sum of the winners' totals (equally, of the losers' payments).

mod config;
mod report;
mod runner;
#[cfg(feature = "serde")]
mod state;
mod tally;
#[cfg(test)]
mod tests;

pub use config::*;
pub use report::*;
pub use runner::*;
// The parts' own items, for one another (each part reads them through `super`).
#[allow(unused_imports)]
use {report::*, runner::*, tally::*};
