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
//!   [`Arranger`] for the rule set at this table size: when the cards make an enabled special
//!   it declares it exactly when [`SpecialAdvice::declare`](crate::arrange::SpecialAdvice::declare)
//!   says so, and plays the best lanes otherwise. The baselines ([`baseline`]) declare every
//!   special the cards make, as game servers do. With `specials: false` nobody declares.
//! - **Settlement** is [`Settler::settle`]; money, when `stakes` are given, is
//!   [`settle_money`] of the round's totals, every round starting from the same carries.
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

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use crate::arrange::baseline::Baseline;
use crate::arrange::player::{play_seat, PlayerType};
use crate::arrange::{Arranger, Role};
use crate::card::Card;
use crate::deal::{Dealer, HAND_SIZE};
use crate::error::{Error, Result};
use crate::eval::Category;
use crate::money::{settle_money, Stakes};
use crate::rules::{Rules, Table as RulesTable};
use crate::settle::{Event, PlayerHand, SeatResult, Settlement, Settler, Water};
use crate::special::{Special, SpecialDetector};

/// Most rounds one run may ask for (about a day of one core's work).
pub const MAX_ROUNDS: u64 = 1 << 32;

/// Rounds a worker takes at a time: small enough to balance two to dozens of cores, large
/// enough that handing them out costs nothing.
const BLOCK: u64 = 64;

/// The quantiles every distribution reports.
pub const QUANTILES: [f64; 9] = [0.0, 0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99, 1.0];

/// Who plays a seat.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Policy {
    /// The engine's auto-arranger ([`Arranger`]) and its special-hand advice.
    #[default]
    Arranger,
    /// Strongest five to the back, then the middle ([`baseline::greedy`]); declares every special.
    Greedy,
    /// The legal split with the largest product of lane ranks ([`baseline::product`]);
    /// declares every special.
    Product,
}

impl Policy {
    /// Every policy.
    pub const ALL: [Policy; 3] = [Policy::Arranger, Policy::Greedy, Policy::Product];

    /// The policy's name: `arranger`, `greedy` or `product`.
    pub const fn name(self) -> &'static str {
        match self {
            Policy::Arranger => "arranger",
            Policy::Greedy => "greedy",
            Policy::Product => "product",
        }
    }
}

impl std::fmt::Display for Policy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Policy {
    type Err = Error;
    /// `arranger` (or `ours`), `greedy` or `product`, ASCII case-insensitive.
    fn from_str(s: &str) -> Result<Policy> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("ours") {
            return Ok(Policy::Arranger);
        }
        Policy::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(t)).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "unknown player {:?} (expected arranger, greedy or product)",
                crate::error::short_name(s)
            ))
        })
    }
}

/// What to simulate.
#[derive(Clone, PartialEq, Debug)]
#[non_exhaustive]
pub struct SimConfig {
    /// The rule set.
    pub rules: Rules,
    /// Seats at the table, 2 to 4.
    pub players: usize,
    /// Rounds to play, 1 to [`MAX_ROUNDS`].
    pub rounds: u64,
    /// The first round played: the run plays rounds `first_round .. first_round + rounds`, each
    /// the deal of its [`round_seed`], so a shard of a long run plays exactly that run's rounds
    /// (see [`SimReport::merge`]). [`SimConfig::new`] sets 0.
    pub first_round: u64,
    /// Seed of the deals (see [`round_seed`]).
    pub seed: u64,
    /// Who plays each seat: empty for the arranger at every seat, one policy for every seat,
    /// or one per seat.
    pub policies: Vec<Policy>,
    /// Whether seats declare specials (per the arranger's advice; baselines always).
    pub specials: bool,
    /// Money settings; `None` reports water only.
    pub stakes: Option<Stakes>,
    /// Worker threads; 0 for every core ([`std::thread::available_parallelism`]). The figures
    /// do not depend on it. [`SimConfig::new`] sets 1: a library call does not take every
    /// core unless asked to.
    pub threads: usize,
    /// The banker's seat at a banker table (`table = banker`, RULES.md §5a), the same seat every
    /// round: the arranger plays it as the banker and the other seats as players. `None` at an
    /// all-pairs table.
    pub banker: Option<usize>,
}

impl SimConfig {
    /// `rounds` rounds at `players` seats under `rules` from `seed`: the arranger at every seat,
    /// specials declared per its advice, no money, one thread.
    pub fn new(rules: Rules, players: usize, rounds: u64, seed: u64) -> SimConfig {
        SimConfig {
            rules,
            players,
            rounds,
            first_round: 0,
            seed,
            policies: Vec::new(),
            specials: true,
            stakes: None,
            threads: 1,
            banker: None,
        }
    }

    /// The policy of every seat (validated).
    pub fn seat_policies(&self) -> Result<Vec<Policy>> {
        match self.policies.len() {
            0 => Ok(vec![Policy::Arranger; self.players]),
            1 => Ok(vec![self.policies[0]; self.players]),
            n if n == self.players => Ok(self.policies.clone()),
            n => Err(Error::InvalidArgument(format!(
                "{n} policies for {} seats (give none, one for every seat, or one per seat)",
                self.players
            ))),
        }
    }

    /// The threads a run uses: `threads`, or every core for 0.
    pub fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }
}

/// The seed of round `i` of a run seeded `seed`: SplitMix64 of `seed + (i + 1) · φ`, with
/// `φ = 0x9E3779B97F4A7C15` (Steele, Lea and Flood's mixer, which every language can
/// reproduce). Round `i` is the deal of this seed.
pub const fn round_seed(seed: u64, round: u64) -> u64 {
    let mut z = seed.wrapping_add(round.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The hands of round `round` of a run: `deal::deal(players, Some(round_seed(seed, round)))`.
pub fn round_deal(seed: u64, round: u64, players: usize) -> Result<Vec<[Card; HAND_SIZE]>> {
    Dealer::from_seed(round_seed(seed, round)).deal(players)
}

/// The hands of round `round` of a run under `rules` (their deck, RULES.md §11):
/// `deal::deal_for(rules, players, Some(round_seed(seed, round)))`.
pub fn round_deal_for(rules: &Rules, seed: u64, round: u64, players: usize) -> Result<Vec<[Card; HAND_SIZE]>> {
    Dealer::from_seed(round_seed(seed, round)).deal_for(rules, players)
}

/// How often one special was made and declared.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct SpecialCount {
    /// The special.
    pub special: Special,
    /// Its water under the rule set.
    pub water: u32,
    /// Hands whose highest enabled special it was.
    pub made: u64,
    /// Hands that declared it.
    pub declared: u64,
    /// `made / hands`.
    pub made_rate: f64,
    /// `declared / hands`.
    pub declared_rate: f64,
}

/// How many played lanes made one category.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct LaneCount {
    /// The category.
    pub category: Category,
    /// Front lanes that made it (three-card categories only).
    pub front: u64,
    /// Middle lanes that made it.
    pub middle: u64,
    /// Back lanes that made it.
    pub back: u64,
    /// Hands with at least one lane of it, over every hand played: `hands_with / hands`.
    pub hand_rate: f64,
    /// Hands with at least one lane of it.
    pub hands_with: u64,
}

/// Mean, spread and a 95% interval of the mean.
#[derive(Clone, PartialEq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Summary {
    /// Observations.
    pub count: u64,
    /// Their mean.
    pub mean: f64,
    /// Their sample standard deviation (0 for fewer than two).
    pub sd: f64,
    /// `mean ± 1.96 · sd / √count`.
    pub ci95: [f64; 2],
}

/// One quantile of a distribution.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Quantile {
    /// The level, 0 to 1.
    pub q: f64,
    /// The value (nearest rank).
    pub value: f64,
}

/// One value of a histogram and how often it occurred.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Bin {
    /// The value.
    pub value: f64,
    /// Its count.
    pub count: u64,
}

/// A distribution: its summary, mean absolute value, quantiles and the exact histogram (one
/// bin per value that occurred, lowest first).
#[derive(Clone, PartialEq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Distribution {
    /// Count, mean, standard deviation and interval.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub summary: Summary,
    /// The mean of the absolute values.
    pub mean_abs: f64,
    /// At the levels of [`QUANTILES`].
    pub quantiles: Vec<Quantile>,
    /// Every value that occurred with its count.
    pub histogram: Vec<Bin>,
}

/// The money of a run (when stakes were given), in minor units.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct MoneyReport {
    /// The stakes every round was settled with.
    pub stakes: Stakes,
    /// Each seat's amount per round.
    pub seats: Vec<Summary>,
    /// Every seat's amount per round, together.
    pub amount: Distribution,
    /// The rake per round (the house's cut of the winners).
    pub rake: Summary,
    /// The house's share per round: rake and rounding (see [`crate::money`]).
    pub house: Summary,
    /// All the rake of the run.
    pub total_rake: i64,
    /// All the house's share of the run.
    pub total_house: i64,
}

/// What a run saw.
///
/// Besides its figures a report keeps the run's exact tallies (integer counts and histograms,
/// not serialised with the figures) and the configuration they belong to, so that reports of
/// disjoint round ranges of one run merge ([`SimReport::merge`]) into exactly the report of the
/// whole run.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct SimReport {
    /// Rounds played.
    pub rounds: u64,
    /// The first round played: the report covers rounds `first_round .. first_round + rounds`.
    pub first_round: u64,
    /// Seats at the table.
    pub players: usize,
    /// The run's seed.
    pub seed: u64,
    /// Who played each seat.
    pub policies: Vec<Policy>,
    /// Whether seats declared specials.
    pub specials_declared: bool,
    /// Hands played: `rounds × players`.
    pub hands: u64,
    /// Every special the rule set enables, in its order (highest first).
    pub specials: Vec<SpecialCount>,
    /// Hands that declared a special.
    pub declared: u64,
    /// For every category (high card to five of a kind), how many lanes played made it: the
    /// lanes of hands that played lanes and did not foul, valued as settlement values them
    /// (jokers at what they stand for under `joker_lanes`).
    pub lanes: Vec<LaneCount>,
    /// Hands that fouled.
    pub fouls: u64,
    /// Shots (one per shooter and victim).
    pub shots: u64,
    /// Rounds with a home run.
    pub home_runs: u64,
    /// Each seat's water per round.
    pub seats: Vec<Distribution>,
    /// Every seat's water per round, together (what a seat can expect to win or lose).
    pub water: Distribution,
    /// The water that changed hands per round.
    pub swing: Distribution,
    /// Money, when stakes were given.
    pub money: Option<MoneyReport>,
    /// The exact tallies behind the figures and the configuration they belong to.
    #[cfg_attr(feature = "serde", serde(skip))]
    state: Box<State>,
}

/// What must agree for two reports to merge: everything that decides a round's outcome but its
/// number.
#[derive(Clone, PartialEq)]
struct Key {
    rules: Rules,
    players: usize,
    seed: u64,
    /// One per seat.
    policies: Vec<Policy>,
    specials: bool,
    stakes: Option<Stakes>,
    banker: Option<usize>,
}

/// A report's mergeable state.
#[derive(Clone, PartialEq)]
struct State {
    key: Key,
    tally: Tally,
}

impl std::fmt::Debug for State {
    // The figures beside it show the tallies; the state names its configuration only.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("State")
            .field("players", &self.key.players)
            .field("seed", &self.key.seed)
            .field("policies", &self.key.policies)
            .field("banker", &self.key.banker)
            .finish_non_exhaustive()
    }
}

impl SimReport {
    /// The rule set the rounds were played under.
    pub fn rules(&self) -> &Rules {
        &self.state.key.rules
    }

    /// The banker's seat at a banker table, `None` at an all-pairs table.
    pub fn banker(&self) -> Option<usize> {
        self.state.key.banker
    }

    /// One past the last round: `first_round + rounds`.
    pub fn end_round(&self) -> u64 {
        self.first_round + self.rounds
    }

    /// Merge `other` into this report: afterwards it is the report of both round ranges,
    /// exactly (every figure, quantiles and histograms included) what one run of those rounds
    /// reports. The ranges must be adjacent (`other` right before or right after this one), as
    /// [`SimReport::merged`] requires. On error the report is unchanged.
    pub fn merge(&mut self, other: &SimReport) -> Result<()> {
        *self = SimReport::merged([&*self, other])?;
        Ok(())
    }

    /// The report of several shards of one run, given in any order: equal, every field, to the
    /// report of one run of all their rounds.
    ///
    /// Errors ([`Error::InvalidArgument`], naming what differs): no reports; reports of
    /// different runs (rule set, seats, seed, policies, specials, stakes or banker differ);
    /// round ranges that overlap or leave a gap; tallies too large to add.
    pub fn merged<'a, I: IntoIterator<Item = &'a SimReport>>(reports: I) -> Result<SimReport> {
        let mut shards: Vec<&SimReport> = reports.into_iter().collect();
        let Some(first) = shards.first() else {
            return Err(Error::InvalidArgument("no reports to merge".into()));
        };
        let key = &first.state.key;
        for (i, r) in shards.iter().enumerate().skip(1) {
            if let Some(what) = key.difference(&r.state.key) {
                return Err(Error::InvalidArgument(format!(
                    "report {i} is of another run than report 0: the {what} differ{}",
                    if what.ends_with('s') { "" } else { "s" }
                )));
            }
        }
        shards.sort_by_key(|r| r.first_round);
        let mut tally = shards[0].state.tally.clone();
        for pair in shards.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let range = |r: &SimReport| format!("{}..{}", r.first_round, r.end_round());
            if b.first_round < a.end_round() {
                return Err(Error::InvalidArgument(format!(
                    "rounds {} and rounds {} overlap: shards must cover disjoint ranges",
                    range(a),
                    range(b)
                )));
            }
            if b.first_round > a.end_round() {
                return Err(Error::InvalidArgument(format!(
                    "rounds {}..{} are in no report (between rounds {} and rounds {}): shards must \
                     cover one contiguous range",
                    a.end_round(),
                    b.first_round,
                    range(a),
                    range(b)
                )));
            }
            tally.try_merge(&b.state.tally)?;
        }
        Ok(tally.report(key.clone(), shards[0].first_round))
    }
}

impl Key {
    /// The first field in which `other` differs, by name.
    fn difference(&self, other: &Key) -> Option<&'static str> {
        if self.rules != other.rules {
            Some("rules")
        } else if self.players != other.players {
            Some("players")
        } else if self.seed != other.seed {
            Some("seed")
        } else if self.policies != other.policies {
            Some("policies")
        } else if self.specials != other.specials {
            Some("specials setting")
        } else if self.stakes != other.stakes {
            Some("stakes")
        } else if self.banker != other.banker {
            Some("banker seat")
        } else {
            None
        }
    }
}

#[cfg(feature = "serde")]
impl SimReport {
    /// As pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a SimReport always serialises")
    }

    /// The report's mergeable state as compact JSON: the configuration that must agree for a
    /// merge (rules, seats, seed, policies, specials, stakes, banker), the round range, and the
    /// exact tallies (counters and one `[value, count]` histogram per quantity, in units of
    /// 1/840 water or minor units). [`SimReport::from_state`] rebuilds an equal report, so a
    /// shard's report can cross processes (pickling, a cluster's workers).
    pub fn to_state(&self) -> String {
        use std::fmt::Write;
        let t = &self.state.tally;
        let k = &self.state.key;
        // Written directly (numbers, fixed names and the rules' own JSON), not through serde:
        // the library grows by little.
        let mut out = String::with_capacity(4096);
        let bins = |out: &mut String, e: &Exact| {
            out.push('[');
            for (i, (x, n)) in e.histogram.iter().enumerate() {
                let _ = write!(out, "{}[{x},{n}]", if i > 0 { "," } else { "" });
            }
            out.push(']');
        };
        let counts = |out: &mut String, a: &[u64; Special::ALL.len()]| {
            out.push('[');
            for (i, s) in Special::ALL.iter().filter(|s| a[**s as usize] > 0).enumerate() {
                let _ = write!(out, "{}[\"{}\",{}]", if i > 0 { "," } else { "" }, s.id(), a[*s as usize]);
            }
            out.push(']');
        };
        let opt = |v: Option<String>| v.unwrap_or_else(|| "null".into());
        // The rules' JSON without its indentation (JSON strings hold no raw line breaks).
        let rules: String = k.rules.to_json().lines().map(str::trim_start).collect();
        let policies: Vec<String> = k.policies.iter().map(|p| format!("\"{}\"", p.name())).collect();
        let stakes = k.stakes.as_ref().map(|st| {
            let carries = st.carries.as_ref().map(|c| format!("{c:?}").replace(' ', ""));
            format!(
                "{{\"base\":{},\"carries\":{},\"rake\":{{\"numerator\":{},\"denominator\":{}}}}}",
                st.base,
                opt(carries),
                st.rake.numerator,
                st.rake.denominator
            )
        });
        let _ = write!(
            out,
            "{{\"format\":\"{STATE_FORMAT}\",\"rules\":{rules},\"players\":{},\"seed\":{},\"policies\":[{}],\
             \"specials\":{},\"stakes\":{},\"banker\":{},\"first_round\":{},\"rounds\":{},\"made\":",
            k.players,
            k.seed,
            policies.join(","),
            k.specials,
            opt(stakes),
            opt(k.banker.map(|b| b.to_string())),
            self.first_round,
            t.rounds
        );
        counts(&mut out, &t.made);
        out.push_str(",\"declared\":");
        counts(&mut out, &t.declared);
        out.push_str(",\"lanes\":[");
        for (i, row) in t.lanes.iter().enumerate() {
            let _ = write!(out, "{}[{},{},{},{}]", if i > 0 { "," } else { "" }, row[0], row[1], row[2], row[3]);
        }
        out.push(']');
        let _ = write!(out, ",\"fouls\":{},\"shots\":{},\"home_runs\":{},\"seats\":[", t.fouls, t.shots, t.home_runs);
        for (i, e) in t.seats.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            bins(&mut out, e);
        }
        out.push_str("],\"swing\":");
        bins(&mut out, &t.swing);
        out.push_str(",\"money\":[");
        if k.stakes.is_some() {
            for (i, e) in t.money.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                bins(&mut out, e);
            }
        }
        out.push_str("],\"rake\":");
        bins(&mut out, &t.rake);
        out.push_str(",\"house\":");
        bins(&mut out, &t.house);
        out.push('}');
        out
    }

    /// The report whose [`SimReport::to_state`] is `state`, checked: the configuration as
    /// [`run`] checks it, the round range, every histogram (values strictly increasing, counts
    /// positive, one observation per round) and the sums it implies. Errors: the configuration's
    /// own ([`Error::InvalidRules`], [`Error::InvalidTable`], [`Error::InvalidMoney`]) and
    /// [`Error::InvalidArgument`] for anything else malformed. Memory is proportional to the
    /// text.
    pub fn from_state(state: &str) -> Result<SimReport> {
        use serde_json::Value;
        let bad = |m: String| Error::InvalidArgument(format!("not a simulation state: {m}"));
        let v: Value = serde_json::from_str(state).map_err(|e| bad(e.to_string()))?;
        let o = v.as_object().ok_or_else(|| bad("not a JSON object".into()))?;
        if let Some(k) = o.keys().find(|k| !STATE_FIELDS.contains(&k.as_str())) {
            return Err(bad(format!("unknown field {:?}", crate::error::short_name(k))));
        }
        let field = |name: &str| o.get(name).ok_or_else(|| bad(format!("missing field {name:?}")));
        let int = |name: &str| {
            field(name)?.as_u64().ok_or_else(|| bad(format!("{name} is not an integer from 0 to 2^64 - 1")))
        };
        let list = |name: &str| field(name)?.as_array().ok_or_else(|| bad(format!("{name} is not a list")));
        let bins_of = |v: &Value, name: &str| -> Result<Vec<(i64, u64)>> {
            let pair = |b: &Value| {
                let b = b.as_array().filter(|b| b.len() == 2)?;
                Some((b[0].as_i64()?, b[1].as_u64()?))
            };
            v.as_array()
                .ok_or_else(|| bad(format!("the {name} histogram is not a list")))?
                .iter()
                .map(|b| {
                    pair(b).ok_or_else(|| bad(format!("the {name} histogram holds a bin that is not [value, count]")))
                })
                .collect()
        };
        let counts_of = |name: &str| -> Result<Vec<(Special, u64)>> {
            list(name)?
                .iter()
                .map(|e| {
                    let e = e.as_array().filter(|e| e.len() == 2);
                    let special = e.and_then(|e| {
                        let id = e[0].as_str()?;
                        Special::ALL.into_iter().find(|s| s.id() == id)
                    });
                    match (special, e.and_then(|e| e[1].as_u64())) {
                        (Some(s), Some(n)) => Ok((s, n)),
                        _ => Err(bad(format!("{name} holds an entry that is not [special, count]"))),
                    }
                })
                .collect()
        };
        let format = field("format")?.as_str().unwrap_or_default();
        if format != STATE_FORMAT {
            return Err(bad(format!("format {:?}, expected {STATE_FORMAT:?}", crate::error::short_name(format))));
        }
        let rules = Rules::from_json_value(field("rules")?.clone())?;
        let players = usize::try_from(int("players")?).map_err(|_| bad("players out of range".into()))?;
        let (seed, first_round, rounds) = (int("seed")?, int("first_round")?, int("rounds")?);
        if rounds == 0 {
            return Err(bad("0 rounds".into()));
        }
        if first_round.checked_add(rounds).is_none() {
            return Err(bad(format!("rounds {rounds} from {first_round} end past {}", u64::MAX)));
        }
        let mut config = SimConfig::new(rules, players, 1, seed);
        config.first_round = first_round;
        config.policies = list("policies")?
            .iter()
            .map(|p| {
                let name = p.as_str().unwrap_or_default();
                Policy::ALL.into_iter().find(|q| q.name() == name).ok_or_else(|| bad(format!("unknown policy {p}")))
            })
            .collect::<Result<_>>()?;
        config.specials = field("specials")?.as_bool().ok_or_else(|| bad("specials is not true or false".into()))?;
        config.stakes = match field("stakes")? {
            Value::Null => None,
            st => Some(stakes_of(st).ok_or_else(|| bad(format!("stakes {st} are not {{base, carries, rake}}")))?),
        };
        config.banker = match field("banker")? {
            Value::Null => None,
            b => Some(
                b.as_u64().and_then(|b| usize::try_from(b).ok()).ok_or_else(|| bad("banker out of range".into()))?,
            ),
        };
        let (policies, _, banker) = checked(&config)?;
        if config.policies.len() != players {
            return Err(bad(format!("{} policies for {players} seats", config.policies.len())));
        }
        let hist = |bins: &[(i64, u64)], what: &str| -> Result<Exact> {
            let e = Exact::from_bins(bins).ok_or_else(|| {
                bad(format!("the {what} histogram is not increasing values with positive counts, or too large"))
            })?;
            if e.count != rounds {
                return Err(bad(format!("the {what} histogram counts {} rounds, not {rounds}", e.count)));
            }
            Ok(e)
        };
        let seats = list("seats")?;
        if seats.len() != players {
            return Err(bad(format!("{} seat histograms for {players} seats", seats.len())));
        }
        let mut tally = Tally::new(players);
        tally.rounds = rounds;
        for (i, bins) in seats.iter().enumerate() {
            tally.seats[i] = hist(&bins_of(bins, "seat")?, "seat")?;
        }
        tally.swing = hist(&bins_of(field("swing")?, "swing")?, "swing")?;
        let money = list("money")?;
        let (rake, house) = (bins_of(field("rake")?, "rake")?, bins_of(field("house")?, "house")?);
        if config.stakes.is_some() {
            if money.len() != players {
                return Err(bad(format!("{} money histograms for {players} seats", money.len())));
            }
            for (i, bins) in money.iter().enumerate() {
                tally.money[i] = hist(&bins_of(bins, "money")?, "money")?;
            }
            tally.rake = hist(&rake, "rake")?;
            tally.house = hist(&house, "house")?;
        } else if !money.is_empty() || !rake.is_empty() || !house.is_empty() {
            return Err(bad("money histograms without stakes".into()));
        }
        let hands = rounds.checked_mul(players as u64).ok_or_else(|| bad("too many hands".into()))?;
        for (name, into) in [("made", &mut tally.made), ("declared", &mut tally.declared)] {
            for (special, n) in counts_of(name)? {
                let slot = &mut into[special as usize];
                if *slot != 0 || n > hands {
                    return Err(bad(format!("special {special:?} counted twice or more often than hands")));
                }
                *slot = n;
            }
        }
        let lanes = list("lanes")?;
        if lanes.len() != Category::ALL.len() {
            return Err(bad(format!("{} lane rows for {} categories", lanes.len(), Category::ALL.len())));
        }
        for (row, into) in lanes.iter().zip(tally.lanes.iter_mut()) {
            let row: Option<Vec<u64>> =
                row.as_array().filter(|r| r.len() == 4).and_then(|r| r.iter().map(|n| n.as_u64()).collect());
            match row {
                Some(row) if row.iter().all(|&n| n <= hands) => into.copy_from_slice(&row),
                _ => {
                    return Err(bad(
                        "lanes holds a row that is not [front, middle, back, hands], each at most the hands".into(),
                    ))
                }
            }
        }
        (tally.fouls, tally.shots, tally.home_runs) = (int("fouls")?, int("shots")?, int("home_runs")?);
        let key = Key {
            rules: config.rules,
            players,
            seed,
            policies,
            specials: config.specials,
            stakes: config.stakes,
            banker,
        };
        Ok(tally.report(key, first_round))
    }
}

/// The name and version of [`SimReport::to_state`]'s format.
#[cfg(feature = "serde")]
const STATE_FORMAT: &str = "shisanshui-sim-state/2";

/// The stakes of a state: `{"base", "carries" (a list or null), "rake": {"numerator",
/// "denominator"}}`, ranges unchecked (the run's own check follows).
#[cfg(feature = "serde")]
fn stakes_of(v: &serde_json::Value) -> Option<Stakes> {
    let o = v.as_object().filter(|o| o.len() == 3)?;
    let rake = o.get("rake")?.as_object().filter(|r| r.len() == 2)?;
    let carries = match o.get("carries")? {
        serde_json::Value::Null => None,
        c => Some(c.as_array()?.iter().map(|c| c.as_i64()).collect::<Option<Vec<i64>>>()?),
    };
    Some(Stakes {
        base: o.get("base")?.as_i64()?,
        carries,
        rake: crate::money::Rake {
            numerator: rake.get("numerator")?.as_i64()?,
            denominator: rake.get("denominator")?.as_i64()?,
        },
    })
}

/// The fields of [`SimReport::to_state`]'s JSON object, all required.
#[cfg(feature = "serde")]
const STATE_FIELDS: [&str; 21] = [
    "format",
    "rules",
    "players",
    "seed",
    "policies",
    "specials",
    "stakes",
    "banker",
    "first_round",
    "rounds",
    "made",
    "declared",
    "lanes",
    "fouls",
    "shots",
    "home_runs",
    "seats",
    "swing",
    "money",
    "rake",
    "house",
];

/// Play the rounds of `config` and report.
///
/// Errors: [`Error::InvalidRules`] for an invalid rule set, [`Error::InvalidTable`] for a seat
/// count outside 2..=4, [`Error::InvalidMoney`] for bad stakes (carries not one per seat,
/// negative amounts, a rake over 100%), [`Error::InvalidArgument`] for 0 rounds (or more than
/// [`MAX_ROUNDS`]), a last round past `u64::MAX` (`first_round + rounds`) or a policy list of
/// the wrong length.
pub fn run(config: &SimConfig) -> Result<SimReport> {
    run_with_progress(config, &|_| {})
}

/// [`run`], calling `progress(rounds_done)` from the workers as blocks of rounds finish (for
/// a progress bar; the calls' order across threads is not fixed, `rounds_done` only grows).
pub fn run_with_progress(config: &SimConfig, progress: &(dyn Fn(u64) + Sync)) -> Result<SimReport> {
    let report = run_until(config, &|done| {
        progress(done);
        ControlFlow::Continue(())
    })?;
    // The callback never stops the run, so there is always a report.
    report.ok_or_else(|| Error::InvalidArgument("the simulation was stopped".into()))
}

/// [`run_with_progress`] that the callback can stop: when `progress(rounds_done)` returns
/// `ControlFlow::Break`, the workers finish the block they are playing (at most 64 rounds each)
/// and play no more, and the result is `Ok(None)`. For hosts that must answer an interrupt
/// (Python's Ctrl-C) or a cancel button during a long run.
pub fn run_until(config: &SimConfig, progress: &(dyn Fn(u64) -> ControlFlow<()> + Sync)) -> Result<Option<SimReport>> {
    let (policies, settler, banker) = checked(config)?;
    let players = config.players;
    let rules = &config.rules;
    let table = Table {
        settler,
        arranger: match (banker, policies.contains(&Policy::Arranger)) {
            (_, false) => None,
            (None, true) => Some(Arranger::new(rules, players)?),
            (Some(_), true) => Some(Arranger::new_for(rules, players, Role::Player)?),
        },
        banker_arranger: match (banker, policies.contains(&Policy::Arranger)) {
            (Some(_), true) => Some(Arranger::new_for(rules, players, Role::Banker)?),
            _ => None,
        },
        banker,
        detector: SpecialDetector::new(rules)?,
        policies,
        config,
    };

    let blocks = config.rounds.div_ceil(BLOCK);
    let threads = (config.thread_count() as u64).clamp(1, blocks) as usize;
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stopped = AtomicBool::new(false);
    let first_error: Mutex<Option<Error>> = Mutex::new(None);
    let work = || -> Tally {
        let mut tally = Tally::new(players);
        let mut scratch = Scratch::new(players);
        loop {
            let block = next.fetch_add(1, Ordering::Relaxed);
            if block >= blocks {
                break;
            }
            let start = block * BLOCK;
            let end = (start + BLOCK).min(config.rounds);
            for round in start..end {
                if let Err(e) = table.play(config.first_round + round, &mut tally, &mut scratch) {
                    // Cannot happen on validated input; reported rather than unwrapped.
                    first_error.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
                    next.store(blocks, Ordering::Relaxed);
                    return tally;
                }
            }
            if progress(done.fetch_add(end - start, Ordering::Relaxed) + (end - start)).is_break() {
                stopped.store(true, Ordering::Relaxed);
                next.store(blocks, Ordering::Relaxed);
            }
        }
        tally
    };
    let mut total = if threads == 1 {
        work()
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
            let mut total = Tally::new(players);
            for h in handles {
                // A worker only panics on an engine bug; pass it on unchanged.
                total.merge(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
            }
            total
        })
    };
    if let Some(e) = first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    if stopped.into_inner() {
        return Ok(None);
    }
    total.rounds = config.rounds;
    let key = Key {
        rules: config.rules.clone(),
        players,
        seed: config.seed,
        policies: table.policies,
        specials: config.specials,
        stakes: config.stakes.clone(),
        banker: table.banker,
    };
    Ok(Some(total.report(key, config.first_round)))
}

/// Check `config` as [`run`] does before it plays a round, and play none: the errors [`run`]
/// would return for it, without building an arranger. For hosts that hand a run's rounds to
/// other processes ([`SimReport::merge`]) and must refuse a bad configuration before any of
/// them starts.
pub fn validate(config: &SimConfig) -> Result<()> {
    checked(config)?;
    SpecialDetector::new(&config.rules)?;
    Ok(())
}

/// The seats' policies, the settler and the banker seat of a checked configuration (checked in
/// this order, so a configuration with several faults names the first).
fn checked(config: &SimConfig) -> Result<(Vec<Policy>, Settler<'_>, Option<usize>)> {
    let players = config.players;
    config.rules.check_players(players)?;
    if config.rounds == 0 || config.rounds > MAX_ROUNDS {
        return Err(Error::InvalidArgument(format!(
            "{} rounds: a simulation plays 1 to {MAX_ROUNDS} rounds",
            config.rounds
        )));
    }
    if config.first_round.checked_add(config.rounds).is_none() {
        return Err(Error::InvalidArgument(format!(
            "first round {} and {} rounds: the last round would be past {}",
            config.first_round,
            config.rounds,
            u64::MAX
        )));
    }
    let policies = config.seat_policies()?;
    let settler = Settler::new(&config.rules)?;
    let banker = match (config.rules.table, config.banker) {
        (RulesTable::AllPairs, None) => None,
        (RulesTable::Banker, Some(b)) if b < players => Some(b),
        (RulesTable::Banker, Some(b)) => {
            return Err(Error::InvalidTable(format!(
                "banker seat {b} is not at the table (seats 0 to {})",
                players - 1
            )))
        }
        (RulesTable::Banker, None) => {
            return Err(Error::InvalidTable(
                "the rules are in banker mode (table = banker): name the banker seat (SimConfig::banker)".into(),
            ))
        }
        (_, Some(b)) => {
            return Err(Error::InvalidTable(format!(
                "banker seat {b} given, but the rules settle all pairs (table = all_pairs)"
            )))
        }
    };
    if let Some(stakes) = &config.stakes {
        // Checks the stakes against this table (carries per seat, ranges) before any play.
        settle_money(&vec![Water::ZERO; players], stakes)?;
    }
    Ok((policies, settler, banker))
}

/// Everything a worker reads.
struct Table<'c> {
    settler: Settler<'c>,
    arranger: Option<Arranger>,
    /// The banker seat's arranger at a banker table (`arranger` plays the other seats).
    banker_arranger: Option<Arranger>,
    banker: Option<usize>,
    detector: SpecialDetector,
    policies: Vec<Policy>,
    config: &'c SimConfig,
}

/// A worker's buffers, reused round after round.
struct Scratch {
    hands: Vec<PlayerHand>,
    settlement: Settlement,
    totals: Vec<Water>,
}

impl Scratch {
    fn new(players: usize) -> Scratch {
        Scratch { hands: Vec::with_capacity(players), settlement: Settlement::default(), totals: Vec::new() }
    }
}

impl Table<'_> {
    /// One seat's hand and the special its cards make (the highest enabled one), if any.
    fn seat(&self, seat: usize, policy: Policy, cards: &[Card; HAND_SIZE]) -> Result<(PlayerHand, Option<Special>)> {
        let arranger = if self.banker == Some(seat) { &self.banker_arranger } else { &self.arranger };
        let player = match (policy, arranger) {
            (Policy::Arranger, Some(arranger)) => PlayerType::Arranger(arranger),
            (Policy::Product, _) => PlayerType::Baseline(Baseline::Product),
            _ => PlayerType::Baseline(Baseline::Greedy),
        };
        play_seat(player, cards, &self.config.rules, Some(&self.detector), self.config.specials)
    }

    fn play(&self, round: u64, tally: &mut Tally, s: &mut Scratch) -> Result<()> {
        let players = self.config.players;
        let rules = &self.config.rules;
        // One deck: the allocation-free deal of four (the same cards as `deal`, §10).
        let (four, big);
        let deal: &[[Card; HAND_SIZE]] = if rules.extra_suits.is_empty() && rules.jokers == 0 {
            four = Dealer::from_seed(round_seed(self.config.seed, round)).deal_four();
            &four[..players]
        } else {
            big = Dealer::from_seed(round_seed(self.config.seed, round)).deal_for(rules, players)?;
            &big
        };
        s.hands.clear();
        for (seat, cards) in deal.iter().enumerate() {
            let (hand, made) = self.seat(seat, self.policies[seat], cards)?;
            if let Some(special) = made {
                tally.made[special as usize] += 1;
            }
            if let PlayerHand::Special { special, .. } = hand {
                tally.declared[special as usize] += 1;
            }
            s.hands.push(hand);
        }
        self.settler.settle_into_with_banker(&s.hands, self.banker, &mut s.settlement)?;
        for seat in &s.settlement.seats {
            if let SeatResult::Arranged { eval } = seat {
                if !eval.foul.is_foul() {
                    let cats = [eval.front.category(), eval.middle.category(), eval.back.category()];
                    for (lane, c) in cats.into_iter().enumerate() {
                        tally.lanes[c as usize][lane] += 1;
                    }
                    for (i, c) in cats.into_iter().enumerate() {
                        // Once per hand and category.
                        if !cats[..i].contains(&c) {
                            tally.lanes[c as usize][3] += 1;
                        }
                    }
                }
            }
        }
        for event in &s.settlement.events {
            match event {
                Event::Foul { .. } => tally.fouls += 1,
                Event::Shot { .. } => tally.shots += 1,
                Event::HomeRun { .. } => tally.home_runs += 1,
                _ => {}
            }
        }
        let totals = &s.settlement.totals;
        let mut swing = 0i64;
        for (seat, w) in totals.iter().enumerate() {
            let t = w.units();
            tally.seats[seat].add(t);
            swing += t.max(0);
        }
        tally.swing.add(swing);
        if let Some(stakes) = &self.config.stakes {
            s.totals.clone_from(totals);
            let money = settle_money(&s.totals, stakes)?;
            for (seat, line) in money.lines.iter().enumerate() {
                tally.money[seat].add(line.amount);
            }
            tally.rake.add(money.rake);
            tally.house.add(money.house);
        }
        Ok(())
    }
}

/// Exact running figures of integer observations: count, sums and every value's count (the
/// histogram alone determines the rest).
#[derive(Clone, Default, PartialEq)]
struct Exact {
    count: u64,
    sum: i128,
    sum_sq: i128,
    sum_abs: i128,
    histogram: BTreeMap<i64, u64>,
}

impl Exact {
    fn add(&mut self, x: i64) {
        self.count += 1;
        self.sum += x as i128;
        self.sum_sq += (x as i128) * (x as i128);
        self.sum_abs += x.unsigned_abs() as i128;
        *self.histogram.entry(x).or_insert(0) += 1;
    }

    fn merge(&mut self, other: Exact) {
        self.count += other.count;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
        self.sum_abs += other.sum_abs;
        for (x, n) in other.histogram {
            *self.histogram.entry(x).or_insert(0) += n;
        }
    }

    /// [`Exact::merge`] of figures from outside a run: `None` (and `self` unchanged) when a sum
    /// would overflow.
    fn try_merge(&mut self, other: &Exact) -> Option<()> {
        let count = self.count.checked_add(other.count)?;
        let sum = self.sum.checked_add(other.sum)?;
        let sum_sq = self.sum_sq.checked_add(other.sum_sq)?;
        let sum_abs = self.sum_abs.checked_add(other.sum_abs)?;
        for (x, n) in &other.histogram {
            self.histogram.get(x).unwrap_or(&0).checked_add(*n)?;
        }
        (self.count, self.sum, self.sum_sq, self.sum_abs) = (count, sum, sum_sq, sum_abs);
        for (&x, &n) in &other.histogram {
            *self.histogram.entry(x).or_insert(0) += n;
        }
        Some(())
    }

    /// The figures of a histogram of strictly increasing values with positive counts; `None`
    /// for any other list or one whose sums overflow.
    #[cfg(feature = "serde")]
    fn from_bins(bins: &[(i64, u64)]) -> Option<Exact> {
        let mut e = Exact::default();
        let mut last = None;
        for &(x, n) in bins {
            if n == 0 || last.is_some_and(|l| l >= x) {
                return None;
            }
            last = Some(x);
            let (xi, ni) = (x as i128, n as i128);
            e.count = e.count.checked_add(n)?;
            e.sum = e.sum.checked_add(xi.checked_mul(ni)?)?;
            e.sum_sq = e.sum_sq.checked_add(xi.checked_mul(xi)?.checked_mul(ni)?)?;
            e.sum_abs = e.sum_abs.checked_add((x.unsigned_abs() as i128).checked_mul(ni)?)?;
            e.histogram.insert(x, n);
        }
        Some(e)
    }

    /// The summary in units of `unit` observations (840 for units of water, 1 for money).
    fn summary(&self, unit: f64) -> Summary {
        let n = self.count;
        if n == 0 {
            return Summary::default();
        }
        let nf = n as f64;
        let mean = self.sum as f64 / nf / unit;
        // n·Σx² − (Σx)² exactly, then scaled: no cancellation however large the sums (in floats
        // only past i128, which no run reaches but merged outside figures might).
        let spread = (n as i128)
            .checked_mul(self.sum_sq)
            .zip(self.sum.checked_mul(self.sum))
            .and_then(|(a, b)| a.checked_sub(b))
            .map_or_else(|| nf * self.sum_sq as f64 - (self.sum as f64).powi(2), |s| s as f64);
        let sd = if n > 1 { (spread / (nf * (nf - 1.0))).max(0.0).sqrt() / unit } else { 0.0 };
        let half = 1.96 * sd / nf.sqrt();
        Summary { count: n, mean, sd, ci95: [mean - half, mean + half] }
    }

    fn distribution(&self, unit: f64) -> Distribution {
        let n = self.count;
        let quantiles = QUANTILES
            .iter()
            .map(|&q| {
                // Nearest rank: the smallest value with at least ceil(q·n) observations at or
                // below it (the minimum for q = 0).
                let rank = ((q * n as f64).ceil() as u64).max(1);
                let mut seen = 0;
                let value = self
                    .histogram
                    .iter()
                    .find(|&(_, &c)| {
                        seen += c;
                        seen >= rank
                    })
                    .map_or(0, |(&x, _)| x);
                Quantile { q, value: value as f64 / unit }
            })
            .collect();
        Distribution {
            summary: self.summary(unit),
            mean_abs: if n == 0 { 0.0 } else { self.sum_abs as f64 / n as f64 / unit },
            quantiles,
            histogram: self.histogram.iter().map(|(&x, &count)| Bin { value: x as f64 / unit, count }).collect(),
        }
    }
}

/// A worker's counts.
#[derive(Clone, PartialEq)]
struct Tally {
    rounds: u64,
    made: [u64; Special::ALL.len()],
    declared: [u64; Special::ALL.len()],
    /// Lanes made, by category and lane (front, middle, back); the last column counts hands
    /// with at least one lane of the category.
    lanes: [[u64; 4]; Category::ALL.len()],
    fouls: u64,
    shots: u64,
    home_runs: u64,
    /// Water per seat, in units of 1/840.
    seats: Vec<Exact>,
    swing: Exact,
    /// Money per seat, in minor units.
    money: Vec<Exact>,
    rake: Exact,
    house: Exact,
}

impl Tally {
    fn new(players: usize) -> Tally {
        Tally {
            rounds: 0,
            made: [0; Special::ALL.len()],
            declared: [0; Special::ALL.len()],
            lanes: [[0; 4]; Category::ALL.len()],
            fouls: 0,
            shots: 0,
            home_runs: 0,
            seats: vec![Exact::default(); players],
            swing: Exact::default(),
            money: vec![Exact::default(); players],
            rake: Exact::default(),
            house: Exact::default(),
        }
    }

    fn merge(&mut self, o: Tally) {
        for i in 0..Special::ALL.len() {
            self.made[i] += o.made[i];
            self.declared[i] += o.declared[i];
        }
        for (a, b) in self.lanes.iter_mut().flatten().zip(o.lanes.iter().flatten()) {
            *a += b;
        }
        self.fouls += o.fouls;
        self.shots += o.shots;
        self.home_runs += o.home_runs;
        for (a, b) in self.seats.iter_mut().zip(o.seats) {
            a.merge(b);
        }
        self.swing.merge(o.swing);
        for (a, b) in self.money.iter_mut().zip(o.money) {
            a.merge(b);
        }
        self.rake.merge(o.rake);
        self.house.merge(o.house);
    }

    /// [`Tally::merge`] of another report's counts, checked: an error (and `self` unchanged)
    /// when a count would overflow.
    fn try_merge(&mut self, o: &Tally) -> Result<()> {
        let mut t = self.clone();
        let big = || Error::InvalidArgument("the merged counts would overflow".into());
        let add = |a: &mut u64, b: u64| -> Result<()> {
            *a = a.checked_add(b).ok_or_else(big)?;
            Ok(())
        };
        add(&mut t.rounds, o.rounds)?;
        for i in 0..Special::ALL.len() {
            add(&mut t.made[i], o.made[i])?;
            add(&mut t.declared[i], o.declared[i])?;
        }
        for (a, &b) in t.lanes.iter_mut().flatten().zip(o.lanes.iter().flatten()) {
            add(a, b)?;
        }
        add(&mut t.fouls, o.fouls)?;
        add(&mut t.shots, o.shots)?;
        add(&mut t.home_runs, o.home_runs)?;
        let exacts = t.seats.iter_mut().chain(t.money.iter_mut()).chain([&mut t.swing, &mut t.rake, &mut t.house]);
        let others = o.seats.iter().chain(o.money.iter()).chain([&o.swing, &o.rake, &o.house]);
        for (a, b) in exacts.zip(others) {
            a.try_merge(b).ok_or_else(big)?;
        }
        t.rounds.checked_mul(t.seats.len() as u64).ok_or_else(big)?;
        *self = t;
        Ok(())
    }

    /// The report of these counts of the run configured as `key` from round `first_round`.
    fn report(self, key: Key, first_round: u64) -> SimReport {
        let config = &key;
        let units = Water::DENOMINATOR as f64;
        let hands = self.rounds * config.players as u64;
        let rate = |n: u64| n as f64 / hands as f64;
        let specials = config
            .rules
            .specials
            .iter()
            .map(|s| {
                let (made, declared) = (self.made[s.special as usize], self.declared[s.special as usize]);
                SpecialCount {
                    special: s.special,
                    water: s.water,
                    made,
                    declared,
                    made_rate: rate(made),
                    declared_rate: rate(declared),
                }
            })
            .collect();
        let lanes = Category::ALL
            .iter()
            .map(|&category| {
                let [front, middle, back, hands_with] = self.lanes[category as usize];
                LaneCount { category, front, middle, back, hands_with, hand_rate: rate(hands_with) }
            })
            .collect();
        let mut pooled = Exact::default();
        for s in &self.seats {
            pooled.merge(s.clone());
        }
        let money = config.stakes.as_ref().map(|stakes| {
            let mut amount = Exact::default();
            for s in &self.money {
                amount.merge(s.clone());
            }
            MoneyReport {
                stakes: stakes.clone(),
                seats: self.money.iter().map(|s| s.summary(1.0)).collect(),
                amount: amount.distribution(1.0),
                rake: self.rake.summary(1.0),
                house: self.house.summary(1.0),
                total_rake: self.rake.sum as i64,
                total_house: self.house.sum as i64,
            }
        });
        SimReport {
            rounds: self.rounds,
            first_round,
            players: config.players,
            seed: config.seed,
            policies: config.policies.clone(),
            specials_declared: config.specials,
            hands,
            specials,
            declared: self.declared.iter().sum(),
            lanes,
            fouls: self.fouls,
            shots: self.shots,
            home_runs: self.home_runs,
            seats: self.seats.iter().map(|s| s.distribution(units)).collect(),
            water: pooled.distribution(units),
            swing: self.swing.distribution(units),
            money,
            state: Box::new(State { key, tally: self }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_seeds_are_splitmix64() {
        // SplitMix64's published first outputs for state 0 (seed 0, rounds 0, 1, 2).
        assert_eq!(round_seed(0, 0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(round_seed(0, 1), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(round_seed(0, 2), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn quantiles_are_nearest_rank() {
        let mut e = Exact::default();
        for x in [5, 1, 3, 2, 4] {
            e.add(x);
        }
        let d = e.distribution(1.0);
        let at = |q: f64| d.quantiles.iter().find(|x| x.q == q).unwrap().value;
        assert_eq!((at(0.0), at(0.25), at(0.5), at(0.75), at(1.0)), (1.0, 2.0, 3.0, 4.0, 5.0));
        assert_eq!(d.summary.mean, 3.0);
        assert!((d.summary.sd - 2.5f64.sqrt()).abs() < 1e-12);
        assert_eq!(d.histogram.len(), 5);
    }

    #[test]
    fn policies_parse_by_name() {
        assert_eq!("Greedy".parse::<Policy>().unwrap(), Policy::Greedy);
        assert_eq!("ours".parse::<Policy>().unwrap(), Policy::Arranger);
        assert!(matches!("nobody".parse::<Policy>(), Err(Error::InvalidArgument(_))));
    }
}
