//! Shooting and home runs (打枪, 全垒打): the sweeps priced from the copula, and the lines and
//! slices the search bounds them with.

use super::*;

/// What the sweep terms read of one lane ordinal, in one place (one cache line instead of
/// seven tables).
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct SweepCoord {
    /// Knot offset of the win coordinate's cell along this lane's axis.
    pub(super) win: u32,
    /// Knot offset of the lose coordinate's cell.
    pub(super) lose: u32,
    /// Fraction of the win coordinate within its cell.
    pub(super) win_frac: f64,
    /// Fraction of the lose coordinate within its cell.
    pub(super) lose_frac: f64,
    /// `LaneTab::water`, `water_cap` and `above_water`.
    pub(super) water: f64,
    pub(super) water_cap: f64,
    pub(super) above: f64,
}

/// Below this much water gained by shooting at a back's caps, [`Objective::sweep_slices`]
/// keeps the shooting part at the caps in its constant (weak backs); above it, the part is
/// bounded split by split (strong backs, where it is most of the terms).
pub(super) const SHOOTING_IN_BASE: f64 = 0.05;

/// The two grid lines of a separable sweep bound ([`Objective::sweep_lines`]): `α · P` (with
/// the home-run grid's share) along the front's and the middle's axes, per cell: the value at
/// the cell's lower knot and the slope to the next.
#[derive(Clone, Default)]
pub(crate) struct SweepLines {
    pub(super) front: [(f64, f64); GRID],
    pub(super) middle: [(f64, f64); GRID],
}

impl SweepLines {
    /// The part of the front (`lane` 0) or the middle (1) at a lose coordinate (cell and
    /// fraction, [`Objective::lose_pos`]): interpolated on its line.
    #[inline(always)]
    pub(crate) fn part(&self, lane: usize, (cell, t): (u32, f64)) -> f64 {
        let (v, slope) = if lane == 0 { &self.front } else { &self.middle }[cell as usize & (GRID - 1)];
        v + slope * t
    }

    /// The front's line: per cell, the value at its lower knot and the slope to the next.
    pub(crate) fn front(&self) -> &[(f64, f64); GRID] {
        &self.front
    }

    /// The middle's line, as [`SweepLines::front`].
    pub(crate) fn middle(&self) -> &[(f64, f64); GRID] {
        &self.middle
    }

    /// Both parts of a split with front `f` and middle `m`.
    #[inline(always)]
    pub(crate) fn parts(&self, pos: &[(u32, f64); 2 * ORD_PAD], f: u16, m: u16) -> f64 {
        self.part(0, pos[f as usize & (ORD_PAD - 1)]) + self.part(1, pos[ORD_PAD | m as usize & (ORD_PAD - 1)])
    }
}

/// A bound of one back's sweep terms, separable in front and middle
/// ([`Objective::sweep_slices`]).
#[derive(Default)]
pub(crate) struct SweepSlices {
    /// The bound at the caps of being shot, plus both parts there, and the majority bound's
    /// constant (and a rounding margin).
    pub(super) base: f64,
    /// Whether shooting is priced (else `lines` and `shoot` are unused).
    pub(super) sweeps: bool,
    pub(super) lines: SweepLines,
    /// Whether a split under the caps can shoot anyone: then the chance of shooting is bounded
    /// per split, by the lesser of its value along two grid lines through the knots above the
    /// caps (it only grows with each lane), each a linear interpolation.
    pub(super) shoot: bool,
    /// The chance of shooting along the front's and the middle's lines (no weights).
    pub(super) shoot_lines: SweepLines,
    /// What a shot and a home run gain at most (my water at the caps), per unit of chance.
    pub(super) gain: f64,
    pub(super) gain_home_run: f64,
    pub(super) opponents: usize,
    /// The majority bonus's bound, when there is one: the base plus a part of the front and a
    /// part of the middle, read at their majority coordinates. Boxed, made on first use: the
    /// tables without a majority bonus do not pay for clearing it.
    pub(super) majority_lines: Option<Box<MajorityLines>>,
}

impl SweepSlices {
    /// The bound of the sweep terms of a split with front `f` and middle `m` (`pos`:
    /// [`Objective::lose_pos`], `win`: [`Objective::win_pos`], `mid`: [`Objective::mid_pos`]).
    /// `MAJ`: whether the objective has a majority bonus (without one, the shooting lines
    /// always apply: the search bounds sweep terms only where there are some).
    #[inline(always)]
    pub(crate) fn bound<const MAJ: bool>(
        &self,
        pos: &[(u32, f64); 2 * ORD_PAD],
        win: &[(u32, f64); 2 * ORD_PAD],
        mid: &[(u32, f64); 2 * ORD_PAD],
        f: u16,
        m: u16,
    ) -> f64 {
        let mut shot = self.base;
        if !MAJ || self.sweeps {
            shot -= self.lines.parts(pos, f, m);
        }
        if let (true, Some(lines)) = (MAJ, &self.majority_lines) {
            shot += lines.part(mid, f, m);
        }
        if !self.shoot {
            return shot;
        }
        let (f, m) = (f as usize & (ORD_PAD - 1), ORD_PAD | m as usize & (ORD_PAD - 1));
        let p = self.shoot_lines.part(0, win[f]).min(self.shoot_lines.part(1, win[m]));
        shot + p * self.gain + powu(p, self.opponents) * self.gain_home_run
    }
}

/// The shooting and home-run part of an objective.
#[derive(Clone, Debug)]
pub(super) struct Sweeps {
    /// `shoot_multiplier − 1`: extra lane water paid in a shot.
    pub(super) mult_minus_1: f64,
    /// Shot multiplier.
    pub(super) mult: f64,
    /// Flat shot bonus.
    pub(super) bonus: f64,
    /// The majority bonus: part of a shot pair's lane water (RULES.md §4), so it is added to
    /// both sides' lane water in a shot.
    pub(super) lane_extra: f64,
    /// Home run: `(multiplier − 1, bonus × multiplier)` when I can make one.
    pub(super) home_run: Option<(f64, f64)>,
    /// The same when an opponent can make one on me.
    pub(super) home_run_by: Option<(f64, f64)>,
    /// Knots of P(opponent's three lanes all below a point) over the win coordinates
    /// (`KNOTS³`, zero-padded so that masked indices need no bounds checks).
    pub(super) win_padded: Box<[f64; PADDED]>,
    /// Knots of P(opponent's three lanes all above a point) over the lose coordinates, and
    /// the same with each opponent weighted by the chance it also shoots every other opponent
    /// (its home run), interleaved: they are always read at the same point.
    pub(super) lose_padded: Box<[[f64; 2]; PADDED]>,
}
