//! The expected-water model: what the field's lanes look like (learned) and what an
//! arrangement is worth against it under a rule set (computed).
//!
//! A [`FieldModel`] is the learned part: for each lane the distribution of an opponent's lane
//! strength ordinal (`strength.rs`), and a copula — a `GRID³` histogram of the opponent's three
//! lane percentiles — that carries how the three lanes move together (a strong back comes with a
//! strong middle more often than independence says). It is trained by self-play (`train.rs`).
//!
//! An [`Objective`] combines a field model with a rule set and a table size. Everything that
//! depends on one lane only (win / loss probabilities, the opponent's bonus water, ranked
//! scoring's best-hand water) is folded into one value per lane and ordinal; shooting and home
//! runs depend on all three lanes at once and are priced from the copula, and so is the
//! majority bonus (2-4 scoring: a pair's water for winning more of its lanes). The search
//! maximises [`Objective::ev`] exactly; [`Objective::upper_bound`] is the admissible bound it
//! prunes with. The objective knows the table: all pairs, or a banker table from the player's
//! or the banker's seat ([`Role`]). `docs/arrange.md` derives the formulas.

use crate::eval::Category;
use crate::lanes::Lane;
use crate::rules::{Rules, ScoringMode};

use super::removal::{Corrections, Removal};
use super::strength::{Strength, FIVE_CLASSES, THREE_CLASSES};
use super::subsets::HandSubsets;

mod field;
mod majority;
mod role;
mod sweeps;

pub use field::{FieldModel, Training};
pub use role::Role;
pub(crate) use sweeps::{SweepCoord, SweepLines, SweepSlices};
#[allow(unused_imports)]
use {majority::*, role::*, sweeps::*};

/// Copula cells per axis.
pub const GRID: usize = 16;
/// Knots per axis (cell corners).
const KNOTS: usize = GRID + 1;
/// Every stored distribution sums to this (fixed point, 2^-20 resolution).
pub const SCALE: u32 = 1 << 20;

/// Per-lane tables of an objective, indexed by strength ordinal.
#[derive(Clone, Debug)]
pub(crate) struct LaneTab {
    /// Expected water of this lane against all opponents (lane wins and losses only).
    pub value: Vec<f64>,
    /// Prefix maximum of `value`: a bound for any hand at or below an ordinal.
    pub value_cap: Vec<f64>,
    /// Percentile coordinate for "I beat the opponent here" (copula axis), as a grid cell and
    /// the fraction within it.
    pub win_cell: Vec<(u32, f64)>,
    /// The same for "the opponent beats me here" (survival axis).
    pub lose_cell: Vec<(u32, f64)>,
    /// The majority bonus's coordinate: `P(y < x) + P(y = x) / 2` (a tie counts half won,
    /// half lost), as a grid cell and fraction.
    pub mid_cell: Vec<(u32, f64)>,
    /// The win coordinate rounded up to a knot, as its offset along this lane's axis: a cheap
    /// upper bound of the copula there.
    pub win_hi: Vec<u32>,
    /// The lose coordinate rounded down to a knot, as an offset: a cheap lower bound.
    pub lose_lo: Vec<u32>,
    /// My water when I win this lane.
    pub water: Vec<f64>,
    /// Prefix maximum of `water`.
    pub water_cap: Vec<f64>,
    /// Expected water of an opponent hand that beats this one (at least 1).
    pub above_water: Vec<f64>,
    /// The sweep terms' view of each ordinal (filled by the objective, which knows the axis).
    pub coords: Vec<SweepCoord>,
}

impl LaneTab {
    /// Fill `coords` for this lane's copula axis.
    fn with_coords(mut self, lane: usize) -> LaneTab {
        self.coords = (0..self.value.len())
            .map(|x| SweepCoord {
                win: self.win_cell[x].0 * STRIDE[lane] as u32,
                lose: self.lose_cell[x].0 * STRIDE[lane] as u32,
                win_frac: self.win_cell[x].1,
                lose_frac: self.lose_cell[x].1,
                water: self.water[x],
                water_cap: self.water_cap[x],
                above: self.above_water[x],
            })
            .collect();
        self
    }
}

/// What an arrangement is worth under one rule set at one table size against a field.
#[derive(Clone, Debug)]
pub struct Objective {
    pub(crate) lanes: [LaneTab; 3],
    opponents: f64,
    /// `opponents` as a count.
    opponents_count: usize,
    sweeps: Option<Sweeps>,
    majority: Option<Majority>,
    /// Ranked scoring (affects how specials are paid).
    ranked: bool,
    players: usize,
    /// Expected water of a fouled arrangement.
    foul: f64,
    /// Prefix maximum of the backs' `bound` ([`BackRow`]): non-decreasing, so a threshold on
    /// the ordinal decides it.
    pub(crate) back_bound_cap: Vec<f64>,
    /// The front's lane values at `[f]` and the middle's at `[ORD_PAD + m]`, zero-padded: the
    /// search's split loop reads both through one base, so that masked ordinals need no
    /// bounds check and the loop keeps one register for them.
    pub(crate) front_middle: Box<[f64; 2 * ORD_PAD]>,
    /// The lose coordinates of fronts and middles as grid cell and fraction, laid out as
    /// `front_middle` ([`SweepSlices::bound`]).
    pub(crate) lose_pos: Box<[(u32, f64); 2 * ORD_PAD]>,
    /// The same for the win coordinates ([`SweepSlices::bound`]).
    pub(crate) win_pos: Box<[(u32, f64); 2 * ORD_PAD]>,
    /// The same for the majority coordinates ([`SweepSlices::bound`]).
    pub(crate) mid_pos: Box<[(u32, f64); 2 * ORD_PAD]>,
    /// The front's `value_cap` at `[f]` and the middle's at `[ORD_PAD + m]`, laid out as
    /// `front_middle` (the rank bounds read them).
    pub(crate) caps_front_middle: Box<[f64; 2 * ORD_PAD]>,
    /// Per back ordinal, what the search reads of a back before its splits, side by side (one
    /// cache line where four tables took four), zero-padded to `ORD_PAD`.
    pub(crate) backs: Box<[BackRow; ORD_PAD]>,
    /// What a five of a kind (RULES.md §11) adds to the lane value of its proxy ordinal, the
    /// top straight flush, in the middle and in the back
    /// ([`Objective::five_kind_extra`]).
    five_kind_extra: [f64; 2],
    /// Card removal's tables (`removal.rs`): one-deck objectives of a field.
    removal: Option<Box<Removal>>,
}

/// One back ordinal's row of [`Objective::backs`].
#[derive(Copy, Clone, Default, Debug)]
pub(crate) struct BackRow {
    /// The back's lane value.
    pub value: f64,
    /// A bound of every split with that back (middle no stronger than the back, front no
    /// stronger than the middle).
    pub bound: f64,
    /// A bound of the sweep value of every split with that back.
    pub sweep: f64,
    /// The back's rank counts ([`Strength::five_counts`]).
    pub counts: u64,
}

/// Water of winning `lane` with a hand of `cat` (RULES.md §4), as settlement pays it.
pub(crate) fn lane_water(rules: &Rules, lane: Lane, cat: Category) -> u32 {
    rules.lane_water.won_with(lane, cat)
}

/// `x^k` by repeated multiplication (bit-for-bit the same on every platform, unlike `powi`).
#[inline(always)]
fn powu(x: f64, k: usize) -> f64 {
    match k {
        0 => 1.0,
        1 => x,
        2 => x * x,
        3 => x * x * x,
        _ => (0..k).fold(1.0, |acc, _| acc * x),
    }
}

/// Ordinal-indexed tables padded to this length (both ordinal ranges are below it).
pub(crate) const ORD_PAD: usize = 8192;

/// A grid or table copied into a zero-padded fixed array (`PADDED` = `ORD_PAD`).
fn pad<T: Copy + Default>(v: &[T]) -> Box<[T; PADDED]> {
    let mut out = Box::new([T::default(); PADDED]);
    out[..v.len()].copy_from_slice(v);
    out
}

/// The front's lane values and, from `ORD_PAD` on, the middle's, zero-padded
/// ([`Objective::front_middle`]).
fn front_middle<T: Copy + Default>(lanes: &[LaneTab; 3], of: impl Fn(&LaneTab) -> Vec<T>) -> Box<[T; 2 * ORD_PAD]> {
    let mut out: Box<[T; 2 * ORD_PAD]> =
        vec![T::default(); 2 * ORD_PAD].into_boxed_slice().try_into().ok().expect("2 * ORD_PAD");
    let (front, middle) = (of(&lanes[0]), of(&lanes[1]));
    out[..front.len()].copy_from_slice(&front);
    out[ORD_PAD..ORD_PAD + middle.len()].copy_from_slice(&middle);
    out
}

fn prefix_max(v: &[f64]) -> Vec<f64> {
    let mut m = f64::NEG_INFINITY;
    v.iter()
        .map(|&x| {
            m = m.max(x);
            m
        })
        .collect()
}

/// Trilinear interpolation in a `KNOTS³` grid at coordinates in `[0, 1]`.
#[inline(always)]
fn interp(knots: &[f64], x: f64, y: f64, z: f64) -> f64 {
    #[inline]
    fn cell(t: f64) -> (usize, f64) {
        let p = (t * GRID as f64).clamp(0.0, GRID as f64);
        let i = (p as usize).min(GRID - 1);
        (i, p - i as f64)
    }
    let (i, fx) = cell(x);
    let (j, fy) = cell(y);
    let (k, fz) = cell(z);
    let at = |a: usize, b: usize, c: usize| knots[(a * KNOTS + b) * KNOTS + c];
    let lerp = |a: f64, b: f64, t: f64| a + (b - a) * t;
    let c00 = lerp(at(i, j, k), at(i, j, k + 1), fz);
    let c01 = lerp(at(i, j + 1, k), at(i, j + 1, k + 1), fz);
    let c10 = lerp(at(i + 1, j, k), at(i + 1, j, k + 1), fz);
    let c11 = lerp(at(i + 1, j + 1, k), at(i + 1, j + 1, k + 1), fz);
    lerp(lerp(c00, c01, fy), lerp(c10, c11, fy), fx)
}

/// The cell of a coordinate in `[0, 1]` and the fraction within it (what [`interp`] computes).
fn grid_cell(t: f64) -> (u32, f64) {
    let p = (t * GRID as f64).clamp(0.0, GRID as f64);
    let i = (p as usize).min(GRID - 1);
    (i as u32, p - i as f64)
}

/// Knot strides of the three axes (front, middle, back).
const STRIDE: [usize; 3] = [KNOTS * KNOTS, KNOTS, 1];
/// Grids are stored padded to this many knots, so that masked indices need no bounds checks.
const PADDED: usize = 8192;

/// Fill a grid line's cells from `from` up with the value at each cell's lower knot and the
/// slope to the next (`knot(i)`: the value at knot `i`), as [`SweepLines`] reads them.
#[inline(always)]
fn knot_line(out: &mut [(f64, f64); GRID], from: u32, knot: impl Fn(usize) -> f64) {
    let from = from as usize & (GRID - 1);
    let mut lo = knot(from);
    for (i, cell) in out.iter_mut().enumerate().skip(from) {
        let hi = knot(i + 1);
        *cell = (lo, hi - lo);
        lo = hi;
    }
}

/// Trilinear interpolation in a padded `KNOTS³` grid from the knot offset of the cell (the three
/// axes' offsets summed) and the three fractions: bit-for-bit what [`interp`] computes.
#[inline(always)]
fn interp_at<T: Copy, const W: usize>(
    knots: &[T; PADDED],
    get: impl Fn(T) -> [f64; W],
    base: usize,
    t: [f64; 3],
) -> [f64; W] {
    let [fx, fy, fz] = t;
    // One bounds check for the cell's whole corner block instead of eight masks.
    let block = &knots[base..base + STRIDE[0] + STRIDE[1] + 2];
    let at = |o: usize| get(block[o]);
    #[inline(always)]
    fn lerp<const W: usize>(a: [f64; W], b: [f64; W], t: f64) -> [f64; W] {
        let mut out = a;
        for w in 0..W {
            out[w] = a[w] + (b[w] - a[w]) * t;
        }
        out
    }
    let (sx, sy) = (STRIDE[0], STRIDE[1]);
    let c00 = lerp(at(0), at(1), fz);
    let c01 = lerp(at(sy), at(sy + 1), fz);
    let c10 = lerp(at(sx), at(sx + 1), fz);
    let c11 = lerp(at(sx + sy), at(sx + sy + 1), fz);
    lerp(lerp(c00, c01, fy), lerp(c10, c11, fy), fx)
}

/// Cumulative knots of a cell histogram: `knot(i, j, k)` = mass of cells below `(i, j, k)` on
/// every axis. `reverse` flips the axes first, giving the mass above.
fn cumulate(cells: &[f64], reverse: bool) -> Vec<f64> {
    let g = GRID;
    let cell = |i: usize, j: usize, k: usize| {
        let (i, j, k) = if reverse { (g - 1 - i, g - 1 - j, g - 1 - k) } else { (i, j, k) };
        cells[(i * g + j) * g + k]
    };
    let mut knots = vec![0.0; KNOTS * KNOTS * KNOTS];
    for i in 1..KNOTS {
        for j in 1..KNOTS {
            for k in 1..KNOTS {
                let at = |a: usize, b: usize, c: usize| knots[(a * KNOTS + b) * KNOTS + c];
                let v = cell(i - 1, j - 1, k - 1) + at(i - 1, j, k) + at(i, j - 1, k) + at(i, j, k - 1)
                    - at(i - 1, j - 1, k)
                    - at(i - 1, j, k - 1)
                    - at(i, j - 1, k - 1)
                    + at(i - 1, j - 1, k - 1);
                knots[(i * KNOTS + j) * KNOTS + k] = v;
            }
        }
    }
    knots
}

impl Objective {
    /// Build the objective of `rules` at a table of `players` seats (2 to 4) against `field`,
    /// for a seat that plays every other (all pairs) or, at a banker table, for a player
    /// ([`Objective::new_for`] with [`Role::Player`]).
    pub fn new(field: &FieldModel, rules: &Rules, players: usize) -> Objective {
        Objective::new_for(field, rules, players, Role::Player)
    }

    /// Build the objective of `rules` at a table of `players` seats (2 to 4) against `field`
    /// for a seat's role. At an all-pairs table the role is ignored (every seat plays every
    /// other). At a banker table (RULES.md §5a) a player is settled against the banker alone,
    /// who can make a home run on it (shooting every other seat); the banker is settled
    /// against every player, and only it makes home runs. Shooting, a shot's bonus and a home
    /// run's multiplier count the seats at the table in every role.
    pub fn new_for(field: &FieldModel, rules: &Rules, players: usize, role: Role) -> Objective {
        let st = Strength::get(rules.wheel);
        let seat = Seat::of(rules.table, role, players);
        let n = seat.opponents;
        let ranked = rules.scoring == ScoringMode::Ranked;
        let sh = &rules.shooting;
        let shoot_active = rules.shooting_at(players);
        let hr = &rules.home_run;
        let hr_active = rules.home_run_at(players);
        let ties = sh.allows_ties;
        let suit = rules.suit_tiebreak;
        // Ranked scoring has no pairs to take a majority of (validation rejects the pair).
        let majority_bonus = if ranked { 0.0 } else { rules.majority_bonus as f64 };
        let pmfs = [Lane::Front, Lane::Middle, Lane::Back]
            .map(|lane| field.lane(lane).iter().map(|&c| c as f64 / SCALE as f64).collect::<Vec<f64>>());
        let waters = [Lane::Front, Lane::Middle, Lane::Back].map(|lane| {
            let cats: &[Category] = if lane == Lane::Front { &st.three_category } else { &st.five_category };
            cats.iter().map(|&c| lane_water(rules, lane, c) as f64).collect::<Vec<f64>>()
        });
        let lanes = [Lane::Front, Lane::Middle, Lane::Back].map(|lane| {
            let l = lane as usize;
            lane_tab(&pmfs[l], &waters[l], n, ranked, ties, suit).with_coords(l)
        });
        // Card removal needs four cards of every rank: one deck (RULES.md §11's bigger decks
        // play the field as it is).
        let removal = rules.extra_suits.is_empty().then(|| {
            Box::new(Removal::new(
                st,
                [&pmfs[0], &pmfs[1], &pmfs[2]].map(|v| v.as_slice()),
                [&waters[0], &waters[1], &waters[2]].map(|v| v.as_slice()),
                n,
            ))
        });
        let cells: Vec<f64> = field.copula.iter().map(|&c| c as f64 / SCALE as f64).collect();
        let win = cumulate(&cells, false);
        let sweeps = shoot_active.then(|| {
            let lose = cumulate(&cells, true);
            // An opponent in cell c shoots another random seat with probability ≈ win(centre
            // of c); to make a home run it must shoot the `players − 2` other seats as well as
            // me (at a banker table the banker's other seats are players, priced from the same
            // field: the approximation the all-pairs table makes too).
            let g = GRID as f64;
            let others = players.saturating_sub(2);
            let weighted: Vec<f64> = (0..cells.len())
                .map(|idx| {
                    let (i, j, k) = (idx / (GRID * GRID), idx / GRID % GRID, idx % GRID);
                    let pi = interp(&win, (i as f64 + 0.5) / g, (j as f64 + 0.5) / g, (k as f64 + 0.5) / g);
                    cells[idx] * powu(pi, others)
                })
                .collect();
            let lose2: Vec<[f64; 2]> = lose.iter().zip(cumulate(&weighted, true)).map(|(&a, b)| [a, b]).collect();
            let mult = sh.multiplier as f64;
            let home_run = hr_active.then(|| {
                let m = hr.multiplier.at(players) as f64;
                (m - 1.0, hr.bonus_per_victim as f64 * m)
            });
            Sweeps {
                mult_minus_1: mult - 1.0,
                mult,
                bonus: sh.bonus.at(players) as f64,
                lane_extra: majority_bonus,
                home_run: home_run.filter(|_| seat.home_run_mine),
                home_run_by: home_run.filter(|_| seat.home_run_theirs),
                win_padded: pad(&win),
                lose_padded: pad(&lose2),
            }
        });
        let majority = (majority_bonus > 0.0).then(|| Majority {
            scale: n as f64 * majority_bonus,
            grid: pad(&win),
            at: std::array::from_fn(|l| {
                lanes[l].mid_cell.iter().map(|&(cell, t)| (cell * STRIDE[l] as u32, t)).collect()
            }),
        });
        // A fouled hand loses every lane to every opponent, who is paid its own lane water and
        // the majority (and a shot on top only with `foul_counts_as_shot`).
        let expected_water: f64 = [Lane::Front, Lane::Middle, Lane::Back]
            .iter()
            .map(|&lane| {
                let cats: &[Category] = if lane == Lane::Front { &st.three_category } else { &st.five_category };
                field
                    .lane(lane)
                    .iter()
                    .zip(cats)
                    .map(|(&p, &c)| p as f64 / SCALE as f64 * lane_water(rules, lane, c) as f64)
                    .sum::<f64>()
            })
            .sum::<f64>()
            + majority_bonus;
        let mut foul = -(n as f64) * expected_water;
        if rules.foul_counts_as_shot && shoot_active {
            foul -= n as f64 * ((sh.multiplier as f64 - 1.0) * expected_water + sh.bonus.at(players) as f64);
        }
        // A five of a kind is its own lane water: the top straight flush's value (what the
        // field knows of the top: an opponent there ties or loses to it) scaled by the ratio of
        // the two waters. Exact in pairwise scoring, where the top ordinal's value is
        // `n · w · P(opponent below)`; ranked scoring takes the same scaling.
        let five_kind_extra = [Lane::Middle, Lane::Back].map(|lane| {
            let top = lanes[lane as usize].value[FIVE_CLASSES - 1];
            let w_sf = lane_water(rules, lane, Category::StraightFlush) as f64;
            let w_fk = lane_water(rules, lane, Category::FiveOfAKind) as f64;
            if w_sf > 0.0 {
                top * (w_fk / w_sf - 1.0)
            } else {
                0.0
            }
        });
        let obj = Objective {
            front_middle: front_middle(&lanes, |l| l.value.clone()),
            lose_pos: front_middle(&lanes, |l| l.lose_cell.clone()),
            win_pos: front_middle(&lanes, |l| l.win_cell.clone()),
            mid_pos: front_middle(&lanes, |l| l.mid_cell.clone()),
            caps_front_middle: front_middle(&lanes, |l| l.value_cap.clone()),
            backs: vec![BackRow::default(); ORD_PAD].into_boxed_slice().try_into().expect("ORD_PAD rows"),
            five_kind_extra,
            lanes,
            opponents: n as f64,
            opponents_count: n,
            sweeps,
            majority,
            ranked,
            players,
            foul,
            back_bound_cap: Vec::new(),
            removal,
        };
        obj.with_back_bounds(st)
    }

    /// An objective that is just the sum of given per-lane values (indexed by ordinal; front,
    /// middle, back), with no sweeps: for players that score lanes their own way, such as the
    /// product-of-ranks baseline (a sum of logarithms). Values must not decrease with the
    /// ordinal, or the search's bounds would not hold; [`crate::Error::InvalidArgument`] otherwise.
    pub fn from_lane_values(values: [Vec<f64>; 3], wheel: crate::rules::Wheel) -> crate::error::Result<Objective> {
        let sizes = [THREE_CLASSES, FIVE_CLASSES, FIVE_CLASSES];
        for (v, n) in values.iter().zip(sizes) {
            // NaN or a decrease both fail `w[0] <= w[1]`.
            if v.len() != n || !v.windows(2).all(|w| w[0] <= w[1]) {
                return Err(crate::error::Error::InvalidArgument(format!(
                    "lane values must be {n} non-decreasing numbers"
                )));
            }
        }
        let lanes = values.map(|value| {
            let len = value.len();
            LaneTab {
                value_cap: prefix_max(&value),
                value,
                win_cell: vec![(0, 0.0); len],
                lose_cell: vec![(0, 0.0); len],
                mid_cell: vec![(0, 0.0); len],
                win_hi: vec![0; len],
                lose_lo: vec![0; len],
                water: vec![1.0; len],
                water_cap: vec![1.0; len],
                above_water: vec![1.0; len],
                coords: Vec::new(),
            }
        });
        let obj = Objective {
            front_middle: front_middle(&lanes, |l| l.value.clone()),
            lose_pos: front_middle(&lanes, |l| l.lose_cell.clone()),
            win_pos: front_middle(&lanes, |l| l.win_cell.clone()),
            mid_pos: front_middle(&lanes, |l| l.mid_cell.clone()),
            caps_front_middle: front_middle(&lanes, |l| l.value_cap.clone()),
            backs: vec![BackRow::default(); ORD_PAD].into_boxed_slice().try_into().expect("ORD_PAD rows"),
            five_kind_extra: [0.0; 2],
            lanes,
            opponents: 1.0,
            opponents_count: 1,
            sweeps: None,
            majority: None,
            ranked: false,
            players: 2,
            foul: f64::NEG_INFINITY,
            back_bound_cap: Vec::new(),
            removal: None,
        };
        Ok(obj.with_back_bounds(Strength::get(wheel)))
    }

    /// Fill the per-back-ordinal rows the search screens backs with.
    fn with_back_bounds(mut self, st: &Strength) -> Objective {
        for b in 0..FIVE_CLASSES {
            let f = st.front_cap[b];
            let sweep = self.sweep_bound_tight(f, b as u16, b as u16);
            let value = self.lanes[2].value[b];
            let bound = value + self.lanes[1].value_cap[b] + self.lanes[0].value_cap[f as usize] + sweep;
            self.backs[b] = BackRow { value, bound, sweep, counts: st.five_counts[b] };
        }
        let bounds: Vec<f64> = self.backs[..FIVE_CLASSES].iter().map(|r| r.bound).collect();
        self.back_bound_cap = prefix_max(&bounds);
        self
    }

    /// Seats at the table this objective is for.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Card removal's corrections of a hand's subsets (`removal.rs`): what conditioning the
    /// field's lanes on the cards held adds to each subset's lane value. `None` for an
    /// objective without a field (`from_lane_values`) or of a bigger deck.
    pub fn corrections(&self, h: &HandSubsets) -> Option<Corrections> {
        self.removal.as_ref().map(|r| r.corrections(h))
    }

    /// `f` of card removal's corrections of a hand's subsets ([`Objective::corrections`]), made
    /// in this thread's reused arrays; `f(None)` when `on` is false or the objective has none.
    pub(crate) fn with_corrections<R>(
        &self,
        h: &HandSubsets,
        on: bool,
        f: impl FnOnce(Option<&Corrections>) -> R,
    ) -> R {
        match self.removal.as_ref().filter(|_| on) {
            Some(r) => r.with_corrections(h, |c| f(Some(c))),
            None => f(None),
        }
    }

    /// The card-removal tables, if any (for their tests).
    #[cfg(test)]
    pub(crate) fn removal(&self) -> Option<&Removal> {
        self.removal.as_deref()
    }

    /// The identity of the card-removal tables (`None` without them): equal for objectives
    /// that compute the same corrections.
    pub(crate) fn removal_id(&self) -> Option<u64> {
        self.removal.as_ref().map(|r| r.id)
    }

    /// Lane-only value of a front, middle and back ordinal (no sweeps).
    #[inline]
    pub fn lane_sum(&self, f: u16, m: u16, b: u16) -> f64 {
        self.lanes[2].value[b as usize] + self.lanes[1].value[m as usize] + self.lanes[0].value[f as usize]
    }

    /// Whether shooting or home runs enter the objective at this table.
    #[inline]
    pub fn has_sweeps(&self) -> bool {
        self.sweeps.is_some() || self.majority.is_some()
    }

    /// Whether the majority bonus (2-4 scoring) enters the objective.
    #[inline]
    pub fn has_majority(&self) -> bool {
        self.majority.is_some()
    }

    /// The part of the expected water of lane ordinals `(f, m, b)` that depends on all three
    /// lanes at once: shooting, home runs and the majority bonus (the "sweep terms").
    #[inline(always)]
    pub fn sweep_value(&self, f: u16, m: u16, b: u16) -> f64 {
        let mut v = match &self.sweeps {
            Some(s) => self.sweep_at::<false>(s, f, m, b),
            None => 0.0,
        };
        if let Some(mj) = &self.majority {
            v += mj.value([f, m, b]);
        }
        v
    }

    /// The majority bonus's part of [`Objective::sweep_value`] (0 without one).
    #[inline]
    pub fn majority_value(&self, f: u16, m: u16, b: u16) -> f64 {
        self.majority.as_ref().map_or(0.0, |mj| mj.value([f, m, b]))
    }

    /// The chances the sweep terms weigh at lane ordinals `(f, m, b)`: of shooting a given
    /// opponent, of being shot by a given opponent, and of a given opponent's home run against
    /// me (a home run of mine is priced at the first to the power of the opponents' number);
    /// `None` where nobody shoots.
    pub fn shot_chances(&self, f: u16, m: u16, b: u16) -> Option<[f64; 3]> {
        self.sweeps.as_ref().map(|s| self.sweep_chances(s, f, m, b).0)
    }

    /// The chances at `(f, m, b)` that the sweep terms weigh: of shooting an opponent, of being
    /// shot by one, and of a home run against me; with the three lanes' coordinates.
    #[inline(always)]
    fn sweep_chances(&self, s: &Sweeps, f: u16, m: u16, b: u16) -> ([f64; 3], [&SweepCoord; 3]) {
        let [lf, lm, lb] = &self.lanes;
        let (cf, cm, cb) = (&lf.coords[f as usize], &lm.coords[m as usize], &lb.coords[b as usize]);
        let win = (cf.win + cm.win + cb.win) as usize;
        // The grid is cumulative, so the cell's far corner is its largest: when it is zero (no
        // opponent is below me in all three lanes, as for every weak hand) so is every corner
        // and the interpolation, exactly (the knots are sums of multiples of 2^-20).
        let [p_shoot] = if s.win_padded[(win + STRIDE[0] + STRIDE[1] + 1) & (PADDED - 1)] == 0.0 {
            [0.0]
        } else {
            interp_at(&s.win_padded, |x| [x], win, [cf.win_frac, cm.win_frac, cb.win_frac])
        };
        let [p_shot, p_hr_by] = interp_at(
            &s.lose_padded,
            |x| x,
            (cf.lose + cm.lose + cb.lose) as usize,
            [cf.lose_frac, cm.lose_frac, cb.lose_frac],
        );
        ([p_shoot, p_shot, p_hr_by], [cf, cm, cb])
    }

    /// The sweep terms at `(f, m, b)`, with each lane's water (`CAP`: its prefix maximum).
    #[inline(always)]
    fn sweep_at<const CAP: bool>(&self, s: &Sweeps, f: u16, m: u16, b: u16) -> f64 {
        let (chances, coords) = self.sweep_chances(s, f, m, b);
        self.sweep_terms::<CAP>(s, chances, coords)
    }

    /// The sweep terms from their chances and the lanes' coordinates ([`Objective::sweep_at`]).
    #[inline(always)]
    fn sweep_terms<const CAP: bool>(&self, s: &Sweeps, chances: [f64; 3], [cf, cm, cb]: [&SweepCoord; 3]) -> f64 {
        let [p_shoot, p_shot, p_hr_by] = chances;
        let mine = if CAP { cf.water_cap + cm.water_cap + cb.water_cap } else { cf.water + cm.water + cb.water }
            + s.lane_extra;
        let theirs = cf.above + cm.above + cb.above + s.lane_extra;
        let n = self.opponents;
        let mut v = n * (p_shoot * (s.mult_minus_1 * mine + s.bonus) - p_shot * (s.mult_minus_1 * theirs + s.bonus));
        if let Some((m1, bm)) = s.home_run {
            v += n * powu(p_shoot, self.opponents_count) * ((mine * s.mult + s.bonus) * m1 + bm);
        }
        if let Some((m1, bm)) = s.home_run_by {
            v -= n * p_hr_by * ((theirs * s.mult + s.bonus) * m1 + bm);
        }
        v
    }

    /// Expected water of lane ordinals `(f, m, b)` against the field (the search's objective).
    #[inline]
    pub fn ev(&self, f: u16, m: u16, b: u16) -> f64 {
        self.lane_sum(f, m, b) + self.sweep_value(f, m, b)
    }

    /// [`Objective::ev`] with card removal's corrections of the split (`extra`) added to the
    /// lanes, as every caller adds them: the search, pricing an arrangement, completing lanes.
    #[inline]
    pub fn ev_corrected(&self, f: u16, m: u16, b: u16, extra: f64) -> f64 {
        self.lane_sum(f, m, b) + extra + self.sweep_value(f, m, b)
    }

    /// An upper bound of [`Objective::sweep_value`] over every `(f', m', b')` with
    /// `f' ≤ f`, `m' ≤ m`, `b' ≤ b` (ordinals). Admissible because the shoot probability and
    /// my water only grow with each lane, the chances of being shot only shrink, and an
    /// opponent who beats a lane wins at least 1 water there.
    #[inline]
    pub fn sweep_bound(&self, f: u16, m: u16, b: u16) -> f64 {
        // The majority bonus grows with each lane: its value at the point bounds it.
        let maj = self.majority_value(f, m, b);
        let Some(s) = &self.sweeps else { return maj + 1e-9 * (1.0 + maj.abs()) };
        let [lf, lm, lb] = &self.lanes;
        let (f, m, b) = (f as usize, m as usize, b as usize);
        // The grids are cumulative, hence monotone: the knot above the point bounds the shoot
        // probability from above, the knot below bounds the shot probability from below.
        let knot =
            |x: u32, y: u32, z: u32| (x as usize * STRIDE[0] + y as usize * STRIDE[1] + z as usize) & (PADDED - 1);
        let p_shoot = s.win_padded[knot(lf.win_hi[f], lm.win_hi[m], lb.win_hi[b])];
        let [p_shot, p_hr_by] = s.lose_padded[knot(lf.lose_lo[f], lm.lose_lo[m], lb.lose_lo[b])];
        let mine = lf.water_cap[f] + lm.water_cap[m] + lb.water_cap[b] + s.lane_extra;
        // `above_water` never grows with the ordinal: at the caps it is a lower bound.
        let theirs = lf.above_water[f] + lm.above_water[m] + lb.above_water[b] + s.lane_extra;
        let n = self.opponents;
        let mut v = n * (p_shoot * (s.mult_minus_1 * mine + s.bonus) - p_shot * (s.mult_minus_1 * theirs + s.bonus));
        if let Some((m1, bm)) = s.home_run {
            v += n * powu(p_shoot, self.opponents_count) * ((mine * s.mult + s.bonus) * m1 + bm);
        }
        if let Some((m1, bm)) = s.home_run_by {
            v -= n * p_hr_by * ((theirs * s.mult + s.bonus) * m1 + bm);
        }
        let v = v + maj;
        // Rounding in the cumulative sums is not monotone to the last bit.
        v + 1e-9 * (1.0 + v.abs())
    }

    /// As [`Objective::sweep_bound`], tighter: the copula is interpolated at the point rather
    /// than read at the knots around it (still admissible: the interpolation of a monotone grid
    /// is monotone). Costs about twice as much; the search uses it once per back.
    #[inline(always)]
    pub fn sweep_bound_tight(&self, f: u16, m: u16, b: u16) -> f64 {
        if !self.has_sweeps() {
            return 0.0;
        }
        // `above_water` never grows with the ordinal: at the caps it is a lower bound. The
        // majority bonus grows with each lane: its value at the caps bounds it.
        let mut v = match &self.sweeps {
            Some(s) => self.sweep_at::<true>(s, f, m, b),
            None => 0.0,
        };
        if let Some(mj) = &self.majority {
            v += mj.value([f, m, b]);
        }
        v + 1e-9 * (1.0 + v.abs())
    }

    /// A bound of the sweep terms of the splits of back `b` whose fronts are at most `f_cap`
    /// and middles at most `m_cap`: a constant less a part of the front and a part of the
    /// middle ([`SweepSlices::bound`]), much tighter than the terms at the caps when the
    /// splits trade the front against the middle.
    ///
    /// Why it holds. The chance `P` of being shot (and that of a home run against me) is the
    /// mass of the copula's cells above my three lanes: a cumulative sum over the lose
    /// coordinates, with the interpolation a true measure (uniform within each cell). For
    /// `f ≤ F` and `m ≤ M`, `P(f, m) − P(f, M) − P(F, m) + P(F, M)` is the mass of a box,
    /// never negative, so `P(f, m) ≥ P(F, M) + (P(f, M) − P(F, M)) + (P(F, m) − P(F, M))`.
    /// Each difference is the mass of a slab, which only shrinks when the slab's other two
    /// coordinates are rounded down to the knots below: read there, each is a linear
    /// interpolation along one grid line ([`Objective::sweep_lines`]). Being shot costs at
    /// least its cost at the caps (the water of an opponent above me never grows with my
    /// lanes), and the chance of shooting and my own water are largest at the caps, so the
    /// terms are at most their bound at the caps less `α` times each difference, `α` being
    /// that least cost.
    ///
    /// Written into `out` (reused from back to back).
    #[inline(always)]
    pub(crate) fn sweep_slices(&self, f_cap: u16, m_cap: u16, b: u16, out: &mut SweepSlices) {
        (out.sweeps, out.shoot) = (false, false);
        let (mut base, mut margin) = (0.0, 0.0);
        if let Some(s) = &self.sweeps {
            out.sweeps = true;
            (base, margin) = self.shot_slices(s, f_cap, m_cap, b, out);
        }
        if let Some(mj) = &self.majority {
            // The majority's bound (`Majority::lines`) is the same kind: a constant plus a part
            // of the front and a part of the middle.
            let c = mj.lines([f_cap, m_cap, b], out.majority_lines.get_or_insert_with(Default::default));
            base += c;
            margin += mj.scale + c.abs();
        }
        // Rounding: the lines are summed in another order than the grid's interpolation.
        out.base = base + 1e-9 * (1.0 + margin + base.abs());
    }

    /// The shooting part of [`Objective::sweep_slices`]: its base and the size of its terms
    /// at the caps (for the rounding margin).
    #[inline(always)]
    fn shot_slices(&self, s: &Sweeps, f_cap: u16, m_cap: u16, b: u16, out: &mut SweepSlices) -> (f64, f64) {
        let (f_pos, m_pos) = (self.lose_pos[f_cap as usize], self.lose_pos[ORD_PAD | m_cap as usize]);
        // The lines from the caps' cells up: every weaker lane lies there (lose coordinates
        // only grow as ordinals fall); the cells below are never read.
        self.sweep_lines(s, [f_cap, m_cap, b], [f_pos.0, m_pos.0], &mut out.lines);
        let (chances, coords) = self.sweep_chances(s, f_cap, m_cap, b);
        let at_caps = self.sweep_terms::<true>(s, chances, coords);
        let mut base = at_caps + out.lines.part(0, f_pos) + out.lines.part(1, m_pos);
        // The chance of shooting only grows with each lane. Where what it gains stays small
        // at the caps (every weak hand: nothing), its value there, in the base, bounds every
        // split well enough; else it is bounded split by split, by the lesser of its values
        // along two grid lines through the knots above the caps.
        let [cf, cm, cb] = coords;
        let mine = cf.water_cap + cm.water_cap + cb.water_cap + s.lane_extra;
        let n = self.opponents;
        let gain = n * (s.mult_minus_1 * mine + s.bonus);
        let gain_home_run = s.home_run.map_or(0.0, |(m1, bm)| n * ((mine * s.mult + s.bonus) * m1 + bm));
        let p = chances[0];
        let shooting = p * gain + powu(p, self.opponents_count) * gain_home_run;
        out.shoot = shooting > SHOOTING_IN_BASE;
        if out.shoot {
            (out.gain, out.gain_home_run, out.opponents) = (gain, gain_home_run, self.opponents_count);
            base -= shooting;
            let [lf, lm, lb] = &self.lanes;
            let (fw, mw, bw) = (
                lf.win_hi[f_cap as usize] as usize,
                lm.win_hi[m_cap as usize] as usize,
                lb.win_hi[b as usize] as usize,
            );
            let knot = |at: usize| s.win_padded[at & (PADDED - 1)];
            let (sx, sy) = (STRIDE[0], STRIDE[1]);
            knot_line(&mut out.shoot_lines.front, 0, |i| knot(i * sx + mw * sy + bw));
            knot_line(&mut out.shoot_lines.middle, 0, |j| knot(fw * sx + j * sy + bw));
        }
        (base, at_caps.abs())
    }

    /// The lines of [`Objective::sweep_slices`] under caps `[front, middle, back]`, whole
    /// (`None` without sweep terms). They hold for every back at or below the back cap whose
    /// fronts and middles are under the caps: read at the knots below the caps' coordinates,
    /// every slab of such a back is at least as large, and `α` at the caps is the least cost.
    /// With a majority bonus there are none: its lines depend on each back's coordinate, and
    /// every back is settled with its own.
    pub(crate) fn shared_lines(&self, caps: [u16; 3]) -> Option<SweepLines> {
        if self.majority.is_some() {
            return None;
        }
        let s = self.sweeps.as_ref()?;
        let mut lines = SweepLines::default();
        self.sweep_lines(s, caps, [0, 0], &mut lines);
        Some(lines)
    }

    /// Fill the lines of a separable bound under caps `[front, middle, back]` from cells
    /// `from` (front's, middle's) up.
    #[inline(always)]
    fn sweep_lines(&self, s: &Sweeps, [f_cap, m_cap, b]: [u16; 3], from: [u32; 2], out: &mut SweepLines) {
        let [lf, lm, lb] = &self.lanes;
        let (cf, cm, cb) = (&lf.coords[f_cap as usize], &lm.coords[m_cap as usize], &lb.coords[b as usize]);
        let theirs = cf.above + cm.above + cb.above + s.lane_extra;
        let n = self.opponents;
        let alpha = n * (s.mult_minus_1 * theirs + s.bonus);
        let beta = s.home_run_by.map_or(0.0, |(m1, bm)| n * ((theirs * s.mult + s.bonus) * m1 + bm));
        // Knots below the caps' and the back's coordinates.
        let (fk, mk, bk) = (lf.lose_lo[f_cap as usize], lm.lose_lo[m_cap as usize], lb.lose_lo[b as usize]);
        let grid = &s.lose_padded;
        let knot = |at: usize| {
            let [p, h] = grid[at & (PADDED - 1)];
            alpha * p + beta * h
        };
        let (sx, sy) = (STRIDE[0], STRIDE[1]);
        let (fk, mk, bk) = (fk as usize, mk as usize, bk as usize);
        knot_line(&mut out.front, from[0], |i| knot(i * sx + mk * sy + bk));
        knot_line(&mut out.middle, from[1], |j| knot(fk * sx + j * sy + bk));
    }

    /// The win coordinates of fronts and middles (what [`SweepSlices::bound`] reads).
    #[inline]
    pub(crate) fn win_pos(&self) -> &[(u32, f64); 2 * ORD_PAD] {
        &self.win_pos
    }

    /// The majority coordinates of fronts and middles (what [`SweepSlices::bound`] reads).
    #[inline]
    pub(crate) fn mid_pos(&self) -> &[(u32, f64); 2 * ORD_PAD] {
        &self.mid_pos
    }

    /// The lose coordinates of fronts and middles (what [`SweepSlices::bound`] reads).
    #[inline]
    pub(crate) fn lose_pos(&self) -> &[(u32, f64); 2 * ORD_PAD] {
        &self.lose_pos
    }

    /// An upper bound of [`Objective::ev`] over every ordinal triple at or below `(f, m, b)`.
    #[inline]
    pub fn upper_bound(&self, f: u16, m: u16, b: u16) -> f64 {
        let lanes = self.lanes[2].value_cap[b as usize]
            + self.lanes[1].value_cap[m as usize]
            + self.lanes[0].value_cap[f as usize];
        lanes + self.sweep_bound(f, m, b) + 1e-9 * (1.0 + lanes.abs())
    }

    /// Water of declaring a special worth `water` against the other seats, all playing lanes:
    /// each pays it in full (ranked: each pays `water / p`, so `water` in all).
    pub fn special_value(&self, water: u32) -> f64 {
        if self.ranked {
            water as f64
        } else {
            self.opponents * water as f64
        }
    }

    /// The lowest back ordinal whose splits may reach `value` (every weaker back is bounded
    /// below it).
    #[inline]
    pub(crate) fn lowest_back_reaching(&self, value: f64) -> u16 {
        self.back_bound_cap.partition_point(|&b| b < value) as u16
    }

    /// What a five of a kind adds, in the middle (`[0]`) and in the back (`[1]`), to the lane
    /// value of the ordinal it is priced at, the top straight flush: the difference of its own
    /// lane water (RULES.md §11) from the straight flush's. Negative when a rule set pays five
    /// of a kind less than a straight flush; zero for [`Objective::from_lane_values`]. The
    /// sweep terms still count a five of a kind's water as the straight flush's.
    #[inline]
    pub(crate) fn five_kind_extra(&self) -> [f64; 2] {
        self.five_kind_extra
    }

    /// Expected water of a fouled arrangement (never chosen by the search).
    pub fn foul_value(&self) -> f64 {
        self.foul
    }

    /// Per-ordinal lane values of one lane (for tests and the design note).
    pub fn lane_values(&self, lane: Lane) -> &[f64] {
        &self.lanes[lane as usize].value
    }
}

/// Fold one lane's field distribution and water into per-ordinal tables.
fn lane_tab(pmf: &[f64], water: &[f64], n: usize, ranked: bool, ties: bool, suit: bool) -> LaneTab {
    let len = pmf.len();
    // below[x] = P(opponent < x), above_w[x] = E[w(y) · 1{y > x}].
    let mut below = vec![0.0; len];
    let mut acc = 0.0;
    for x in 0..len {
        below[x] = acc;
        acc += pmf[x];
    }
    let mut above_w = vec![0.0; len];
    let mut above = vec![0.0; len];
    let (mut aw, mut a) = (0.0, 0.0);
    for x in (0..len).rev() {
        above_w[x] = aw;
        above[x] = a;
        aw += pmf[x] * water[x];
        a += pmf[x];
    }
    let value: Vec<f64> = if ranked {
        ranked_values(pmf, water, n)
    } else {
        // Ties move nothing (or, with suits breaking them, win and lose the same water evenly).
        (0..len).map(|x| n as f64 * (water[x] * below[x] - above_w[x])).collect()
    };
    let (win, lose): (Vec<f64>, Vec<f64>) = (0..len)
        .map(|x| {
            if suit {
                (below[x] + 0.5 * pmf[x], above[x] + 0.5 * pmf[x])
            } else if ties {
                (below[x] + pmf[x], above[x] + pmf[x])
            } else {
                (below[x], above[x])
            }
        })
        .unzip();
    // The water of an opponent hand above mine, kept non-increasing (a prefix minimum) so that
    // a stronger lane never makes being shot look dearer: the copula cannot say which of the
    // stronger hands a sweeping opponent holds, and this errs on the cheap side only where
    // being swept is already unlikely.
    let mut lowest = f64::INFINITY;
    let above_water = (0..len)
        .map(|x| {
            let w = if above[x] > 1e-12 { (above_w[x] / above[x]).max(1.0) } else { 1.0 };
            lowest = lowest.min(w);
            lowest
        })
        .collect();
    let g = GRID as f64;
    LaneTab {
        win_cell: win.iter().map(|&t| grid_cell(t)).collect(),
        lose_cell: lose.iter().map(|&t| grid_cell(t)).collect(),
        mid_cell: (0..len).map(|x| grid_cell(below[x] + 0.5 * pmf[x])).collect(),
        win_hi: win.iter().map(|&a| ((a * g).ceil() as usize).min(GRID) as u32).collect(),
        lose_lo: lose.iter().map(|&c| ((c * g).floor() as usize).min(GRID) as u32).collect(),
        value_cap: prefix_max(&value),
        value,
        water_cap: prefix_max(water),
        water: water.to_vec(),
        above_water,
        coords: Vec::new(),
    }
}

/// Ranked scoring: a lane won against one opponent pays `t`, the water of the best hand in
/// that lane at the whole table. With `n` opponents drawn from the field,
/// `value(x) = n · Σ_y p(y) · sign(x − y) · E[max(w(x), w(y), W_others)]`.
fn ranked_values(pmf: &[f64], water: &[f64], n: usize) -> Vec<f64> {
    let mut levels: Vec<f64> = water.to_vec();
    levels.sort_by(f64::total_cmp);
    levels.dedup();
    // Distribution of one opponent's water in this lane, and of the max over the n − 1 others.
    let p_level: Vec<f64> =
        levels.iter().map(|&l| pmf.iter().zip(water).filter(|(_, &w)| w == l).map(|(p, _)| p).sum()).collect();
    let cdf_one: Vec<f64> = p_level
        .iter()
        .scan(0.0, |s, p| {
            *s += p;
            Some(*s)
        })
        .collect();
    let cdf_max: Vec<f64> = cdf_one.iter().map(|c| powu(*c, n - 1)).collect();
    // q(c) = E[max(c, W_others)].
    let q = |c: f64| -> f64 {
        let mut e = 0.0;
        let mut prev = 0.0;
        for (i, &l) in levels.iter().enumerate() {
            let p = cdf_max[i] - prev;
            prev = cdf_max[i];
            e += p * l.max(c);
        }
        e + (1.0 - prev).max(0.0) * c
    };
    let lv = levels.len();
    let qmax: Vec<f64> = (0..lv * lv).map(|i| q(levels[i / lv].max(levels[i % lv]))).collect();
    let level_of: Vec<usize> = water.iter().map(|&w| levels.iter().position(|&l| l == w).unwrap()).collect();
    let len = pmf.len();
    let mut below_level = vec![0.0; lv];
    let mut out = vec![0.0; len];
    for x in 0..len {
        let lx = level_of[x];
        let mut v = 0.0;
        for l in 0..lv {
            let above = p_level[l] - below_level[l] - if l == lx { pmf[x] } else { 0.0 };
            v += (below_level[l] - above.max(0.0)) * qmax[lx * lv + l];
        }
        out[x] = n as f64 * v;
        below_level[lx] += pmf[x];
    }
    out
}
