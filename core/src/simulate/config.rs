//! What a run is asked: the rule set, the table, the seats' policies, the rounds and their seeds.

use crate::card::Card;
use crate::deal::{Dealer, HAND_SIZE};
use crate::error::{Error, Result};
use crate::money::Stakes;
use crate::rules::Rules;

/// Most rounds one run may ask for (about a day of one core's work).
pub const MAX_ROUNDS: u64 = 1 << 32;

/// Who plays a seat.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Policy {
    /// The engine's auto-arranger ([`Arranger`](crate::Arranger)) and its special-hand advice.
    #[default]
    Arranger,
    /// Strongest five to the back, then the middle ([`baseline::greedy`](crate::arrange::baseline::greedy)); declares every special.
    Greedy,
    /// The legal split with the largest product of lane ranks ([`baseline::product`](crate::arrange::baseline::product));
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
    /// (see [`SimReport::merge`](super::SimReport::merge)). [`SimConfig::new`] sets 0.
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
