//! What a run reports: the counts, each seat's water and money with their spread, and the
//! configuration the tallies belong to, so that shards of one run merge exactly.

use super::*;
use crate::error::{Error, Result};
use crate::eval::Category;
use crate::money::Stakes;
use crate::rules::Rules;
use crate::special::Special;

/// The quantiles every distribution reports.
pub const QUANTILES: [f64; 9] = [0.0, 0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99, 1.0];

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
    pub(super) state: Box<State>,
}

/// What must agree for two reports to merge: everything that decides a round's outcome but its
/// number.
#[derive(Clone, PartialEq)]
pub(super) struct Key {
    pub(super) rules: Rules,
    pub(super) players: usize,
    pub(super) seed: u64,
    /// One per seat.
    pub(super) policies: Vec<Policy>,
    pub(super) specials: bool,
    pub(super) stakes: Option<Stakes>,
    pub(super) banker: Option<usize>,
}

/// A report's mergeable state.
#[derive(Clone, PartialEq)]
pub(super) struct State {
    pub(super) key: Key,
    pub(super) tally: Tally,
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
    pub(super) fn difference(&self, other: &Key) -> Option<&'static str> {
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
