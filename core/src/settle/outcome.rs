//! What a settled round reports: enough for a client to animate it step by step and for a
//! server to audit every point of water. All of it serialises to JSON with the `serde` feature.

use crate::eval::Category;
use crate::lanes::{ArrangementEval, Foul, Lane};
use crate::rules::ScoringMode;
use crate::special::Special;

use super::Water;

/// A settled round.
///
/// Seats are numbered `0..n` in the order the hands were given. Invariants (checked by the
/// tests): `matrix[i][j] == -matrix[j][i]`, `totals[i]` is the sum of row `i`, every pair's
/// `water` is the sum of its steps, and the totals sum to zero. In banker mode the matrix is 0
/// between two seats that are not the banker.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Settlement {
    /// How the round was scored.
    pub mode: ScoringMode,
    /// The banker seat of a banker-mode round (RULES.md §5a); `None` when every pair is settled.
    #[cfg_attr(feature = "serde", serde(default))]
    pub banker: Option<usize>,
    /// What each seat played.
    pub seats: Vec<SeatResult>,
    /// Each seat's result for the round (positive: received).
    pub totals: Vec<Water>,
    /// `matrix[i][j]`: the water seat `i` receives from seat `j` (negative: pays); the diagonal is 0.
    pub matrix: Vec<Vec<Water>>,
    /// Every settled pair `(i, j)` with `i < j`, in the order (0,1), (0,2), …, (n-2, n-1): all
    /// `n(n−1)/2` pairs, or in banker mode the `n − 1` pairs that include the banker.
    pub pairs: Vec<PairResult>,
    /// The banker (banker mode), fouls and specials by seat, then shots by pair, then the home
    /// run, if any.
    pub events: Vec<Event>,
    /// Ranked mode only: the water `t` of a lane win in each lane (front, middle, back), i.e.
    /// the lane water of the best non-fouled hand in that lane (1 when every normal seat fouled).
    pub ranked_lane_water: Option<[u32; 3]>,
}

impl Settlement {
    /// The pair of seats `a` and `b` (in either order), if both are at the table and the pair
    /// was settled (in banker mode, one of them is the banker).
    pub fn pair(&self, a: usize, b: usize) -> Option<&PairResult> {
        let key = if a < b { [a, b] } else { [b, a] };
        self.pairs.iter().find(|p| p.seats == key)
    }

    /// Number of seats.
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }
}

#[cfg(feature = "serde")]
impl Settlement {
    /// As pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a Settlement always serialises")
    }
}

/// What one seat played.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
#[non_exhaustive]
pub enum SeatResult {
    /// Three lanes, with their ranks and the engine's own foul check.
    Arranged {
        /// The lane ranks and the foul check.
        eval: ArrangementEval,
    },
    /// A declared special (报到), verified against the cards.
    Special {
        /// The special.
        special: Special,
        /// Its water under the rule set.
        water: u32,
    },
}

impl SeatResult {
    /// Whether the seat played lanes and fouled.
    pub fn is_foul(&self) -> bool {
        matches!(self, SeatResult::Arranged { eval } if eval.foul.is_foul())
    }

    /// The declared special, if any.
    pub fn special(&self) -> Option<Special> {
        match *self {
            SeatResult::Special { special, .. } => Some(special),
            SeatResult::Arranged { .. } => None,
        }
    }
}

/// How a pair of seats was settled.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum PairKind {
    /// Two legal arrangements compared lane by lane.
    Lanes,
    /// One seat fouled: it loses every lane to the other (§4).
    OneFouled,
    /// Both fouled: nothing moves (§4).
    BothFouled,
    /// A declared special against lanes (legal or fouled): the lanes pay the special (§6).
    SpecialVsNormal,
    /// Two declared specials: the higher wins its water, equal specials tie (§6).
    SpecialVsSpecial,
}

/// One lane of one pair.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LaneResult {
    /// Which lane.
    pub lane: Lane,
    /// The seat that won the lane; `None` for a tie or two fouled seats.
    pub winner: Option<usize>,
    /// Water the loser pays the winner for this lane, before any shot or home run
    /// (pairwise: the value of the winner's own hand; ranked: the lane's `t`); 0 without a winner.
    pub water: u32,
    /// The category of the winning hand: the hand that earned a bonus, when `water` > 1.
    pub hand: Option<Category>,
}

/// The majority bonus of a pair (2-4 scoring, `majority_bonus`): the seat that won more lanes
/// than it lost receives it, inside the pair's `lane_water`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MajorityBonus {
    /// The seat that won the majority of the lanes (all three against a fouled seat).
    pub winner: usize,
    /// The bonus, `rules.majority_bonus`.
    pub water: u32,
}

/// A shot (打枪) within a pair.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Shot {
    /// Who shot.
    pub shooter: usize,
    /// Who was shot.
    pub victim: usize,
    /// The water of the lanes the shooter won (what the pair moved before the shot).
    pub lane_water: i64,
    /// What the victim pays after the shot: `lane_water × shoot_multiplier + shoot_bonus`.
    pub value: i64,
}

/// A pair's share of a home run (全垒打).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HomeRunPayment {
    /// The seat that shot every other seat.
    pub shooter: usize,
    /// What this victim pays after the home run: `(shot value + home_run_bonus) × home_run_multiplier`.
    pub value: i64,
}

/// A pair settled by a special.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpecialPayment {
    /// The seat that is paid; `None` when two equal specials tie.
    pub winner: Option<usize>,
    /// The special that is paid, if any.
    pub special: Option<Special>,
    /// What the winner receives from the other seat (ranked: `w / p`, possibly a fraction).
    pub water: Water,
}

/// The settlement of one pair of seats.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PairResult {
    /// The two seats, lower first. Every signed amount is from `seats[0]`'s side.
    pub seats: [usize; 2],
    /// How the pair was settled.
    pub kind: PairKind,
    /// Front, middle and back, when lanes were compared (`Lanes`, `OneFouled`, `BothFouled`).
    pub lanes: Option<[LaneResult; 3]>,
    /// Net lane water from `seats[0]`'s side, majority bonus included, before any shot or home
    /// run.
    pub lane_water: i64,
    /// The majority bonus, when the rules pay one and one seat won more lanes than the other.
    #[cfg_attr(feature = "serde", serde(default))]
    pub majority: Option<MajorityBonus>,
    /// The shot, if one seat shot the other.
    pub shot: Option<Shot>,
    /// The home run, if the shooter shot every other seat.
    pub home_run: Option<HomeRunPayment>,
    /// The special payment, for `SpecialVsNormal` and `SpecialVsSpecial`.
    pub special: Option<SpecialPayment>,
    /// What `seats[0]` receives from `seats[1]` in the end (negative: pays).
    pub water: Water,
}

/// Something worth showing, in the order a client would animate it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Event {
    /// A seat fouled (倒水); `foul` says which lanes are out of order.
    Foul {
        /// The seat.
        seat: usize,
        /// The out-of-order lanes.
        foul: Foul,
    },
    /// A seat declared a special (报到).
    Special {
        /// The seat.
        seat: usize,
        /// The special.
        special: Special,
    },
    /// A shot (打枪).
    Shot {
        /// Who shot.
        shooter: usize,
        /// Who was shot.
        victim: usize,
        /// What the victim pays after the shot (before any home run).
        value: i64,
    },
    /// A home run (全垒打): `seat` shot every other seat.
    HomeRun {
        /// The seat.
        seat: usize,
        /// What the victims pay together after the home run.
        value: i64,
    },
    /// The banker seat of a banker-mode round (庄家, RULES.md §5a); always the first event.
    Banker {
        /// The banker seat.
        seat: usize,
    },
}
