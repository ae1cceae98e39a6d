//! The majority bonus (2-4 scoring): a pair's water for winning more of its lanes, priced from the
//! copula.

use super::*;

/// The majority bonus (2-4 scoring) of an objective. With `W_L` "the opponent is below me in
/// lane `L`" at my majority coordinate `a_L` (a tie counted half won, half lost), I win more
/// lanes than one opponent when I win at least two: the expected bonus is
/// `n · bonus · (2 P(≥ 2 wins) − 1)` with `P(≥ 2 wins) = C(a_f, a_m, 1) + C(a_f, 1, a_b) +
/// C(1, a_m, a_b) − 2 C(a_f, a_m, a_b)`, `C` the copula's cumulative grid, interpolated. It
/// grows with every lane: it is the expectation of a monotone function of the lanes' outcomes
/// under the interpolated copula, a true measure.
#[derive(Clone, Debug)]
pub(super) struct Majority {
    /// `n · majority_bonus`: the expected bonus is `scale · (2 P(≥ 2 wins) − 1)`.
    pub(super) scale: f64,
    /// Knots of P(opponent's three lanes all below a point), padded as `Sweeps::win_padded`.
    pub(super) grid: Box<[f64; PADDED]>,
    /// Per lane and ordinal, the majority coordinate as the knot offset of its cell along the
    /// lane's axis and the fraction within it (apart from `SweepCoord`, which shooting reads
    /// and which stays smaller without them).
    pub(super) at: [Vec<(u32, f64)>; 3],
}

/// Bilinear interpolation in a padded grid on the plane through knot offset `base` spanned
/// by strides `s1` and `s2`, at fractions `t1` and `t2`.
#[inline(always)]
pub(super) fn bilerp(grid: &[f64; PADDED], base: usize, s1: usize, s2: usize, t1: f64, t2: f64) -> f64 {
    let at = |o: usize| grid[o & (PADDED - 1)];
    let lerp = |a: f64, b: f64, t: f64| a + (b - a) * t;
    lerp(lerp(at(base), at(base + s2), t2), lerp(at(base + s1), at(base + s1 + s2), t2), t1)
}

/// Linear interpolation in a padded grid along stride `s` from knot offset `base`.
#[inline(always)]
pub(super) fn linerp(grid: &[f64; PADDED], base: usize, s: usize, t: f64) -> f64 {
    let (a, b) = (grid[base & (PADDED - 1)], grid[(base + s) & (PADDED - 1)]);
    a + (b - a) * t
}

/// Knot offset of the last knot (coordinate 1) along each axis.
pub(super) const TOP: [usize; 3] = [GRID * STRIDE[0], GRID * STRIDE[1], GRID * STRIDE[2]];

impl Majority {
    /// The three lanes' majority coordinates: knot offsets and fractions.
    #[inline(always)]
    pub(super) fn coords(&self, [f, m, b]: [u16; 3]) -> ([usize; 3], [f64; 3]) {
        let (cf, cm, cb) = (self.at[0][f as usize], self.at[1][m as usize], self.at[2][b as usize]);
        ([cf.0 as usize, cm.0 as usize, cb.0 as usize], [cf.1, cm.1, cb.1])
    }

    /// `P(≥ 2 wins)` at the three lanes' majority coordinates.
    #[inline(always)]
    pub(super) fn p_two(&self, ord: [u16; 3]) -> f64 {
        let g = &self.grid;
        let ([f, m, b], [tf, tm, tb]) = self.coords(ord);
        let [all] = interp_at(g, |x| [x], f + m + b, [tf, tm, tb]);
        let (sx, sy, sz) = (STRIDE[0], STRIDE[1], STRIDE[2]);
        let fm = bilerp(g, f + m + TOP[2], sx, sy, tf, tm);
        let fb = bilerp(g, f + TOP[1] + b, sx, sz, tf, tb);
        let mb = bilerp(g, TOP[0] + m + b, sy, sz, tm, tb);
        fm + fb + mb - 2.0 * all
    }

    /// The expected bonus at the three lanes' coordinates. Out of line: inlined, it made the
    /// sweep terms' callers too large to inline where there is no majority bonus.
    #[inline(never)]
    pub(super) fn value(&self, ord: [u16; 3]) -> f64 {
        self.scale * (2.0 * self.p_two(ord) - 1.0)
    }

    /// The bound of the bonus over the splits of one back whose fronts and middles are at most
    /// the caps: lines along the front's and the middle's axes into `out`, and the constant
    /// returned ([`MajorityLines`]). With `x ≤ X`, `y ≤ Y` the front's and middle's coordinates
    /// and `z` the back's, `P(≥ 2 wins) = A(x) + B(y) + Q(x, y) − T(x, y)` where
    /// `A(x) = C(x, 1, z)`, `B(y) = C(1, y, z)`, `T = C(·, ·, z)` and `Q = C(·, ·, 1) − T` (both
    /// lanes won, the back lost). `Q` grows in each coordinate, so `Q(x, y) ≤ min(Q(x, Y),
    /// Q(X, y))`; `T(X, Y) − T(x, Y) − T(X, y) + T(x, y)` is the mass of a box, so
    /// `T(x, y) ≥ T(x, Y) + T(X, y) − T(X, Y)`. Hence `P(≥ 2 wins) ≤ [A(x) − T(x, Y)] +
    /// [B(y) − T(X, y)] + T(X, Y) + min(Q(x, Y), Q(X, y))`, equal to the value at the caps; each
    /// bracket and each `Q` is exact along its grid line (the interpolation is linear along one
    /// axis within a cell). Only the cells up to the caps' are filled: a weaker lane's
    /// coordinate is never higher.
    #[inline(never)]
    pub(super) fn lines(&self, caps: [u16; 3], out: &mut MajorityLines) -> f64 {
        let g = &self.grid;
        let (sx, sy, sz) = (STRIDE[0], STRIDE[1], STRIDE[2]);
        let ([f, m, b], [tf, tm, tb]) = self.coords(caps);
        let k = 2.0 * self.scale;
        // At front knot offset i, with the middle at its cap and the back fixed: k(A − T), kQ.
        let front = |i: usize| {
            let a = linerp(g, i + TOP[1] + b, sz, tb);
            let c2 = linerp(g, i + m + TOP[2], sy, tm);
            let t = bilerp(g, i + m + b, sy, sz, tm, tb);
            (k * (a - t), k * (c2 - t))
        };
        let middle = |j: usize| {
            let bb = linerp(g, TOP[0] + j + b, sz, tb);
            let c2 = linerp(g, f + j + TOP[2], sx, tf);
            let t = bilerp(g, f + j + b, sx, sz, tf, tb);
            (k * (bb - t), k * (c2 - t))
        };
        fn fill(
            sep: &mut [(f64, f64); GRID],
            q: &mut [(f64, f64); GRID],
            upto: usize,
            stride: usize,
            at: impl Fn(usize) -> (f64, f64),
        ) {
            let mut lo = at(0);
            for i in 0..=upto.min(GRID - 1) {
                let hi = at((i + 1) * stride);
                sep[i] = (lo.0, hi.0 - lo.0);
                q[i] = (lo.1, hi.1 - lo.1);
                lo = hi;
            }
        }
        let MajorityLines { sep, q } = out;
        fill(&mut sep.front, &mut q.front, f / sx, sx, front);
        fill(&mut sep.middle, &mut q.middle, m / sy, sy, middle);
        let t = interp_at(g, |x| [x], f + m + b, [tf, tm, tb])[0];
        k * t - self.scale
    }
}

/// The lines of the majority bonus's bound for one back ([`Majority::lines`]): the bound of a
/// split with front `f` and middle `m` is a constant plus `sep`'s parts plus the lesser of
/// `q`'s front part and middle part, all read at the majority coordinates.
#[derive(Clone, Default)]
pub(crate) struct MajorityLines {
    pub(super) sep: SweepLines,
    pub(super) q: SweepLines,
}

impl MajorityLines {
    /// The split's part of the bound (`mid`: [`Objective::mid_pos`]).
    #[inline(always)]
    pub(super) fn part(&self, mid: &[(u32, f64); 2 * ORD_PAD], f: u16, m: u16) -> f64 {
        let (pf, pm) = (mid[f as usize & (ORD_PAD - 1)], mid[ORD_PAD | m as usize & (ORD_PAD - 1)]);
        self.sep.part(0, pf) + self.sep.part(1, pm) + self.q.part(0, pf).min(self.q.part(1, pm))
    }
}
