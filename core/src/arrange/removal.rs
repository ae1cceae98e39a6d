//! Card removal: the field's lanes conditioned on the 13 cards the hand holds.
//!
//! The field is what opponents' lanes look like over all deals; but the cards I hold are not
//! theirs (holding three aces makes an opposing pair of aces rare, holding six spades makes
//! their spade flushes rarer). Each opponent lane class `y` is reweighted by how much likelier
//! its cards are to be dealt from the 39 unseen cards than from a full deck, a *ratio*
//! `ρ(y)`; the conditioned distribution is `p(y) ρ(y) / Z`. What changes is each lane's value
//! (the pairwise lane water `n · (w(x) F(x−) − S(x))`, with `F` the distribution below my
//! ordinal and `S` the water-weighted one above it), and only at the hand's own subsets: a
//! per-hand correction of each subset's lane value ([`Corrections`]), which the search adds
//! exactly ([`super::search::best_with`]). Shots, home runs and the majority bonus keep the
//! unconditioned copula (the correction is to the lanes' win and loss water).
//!
//! Ratios, in `O(runs)` a hand rather than `O(classes)`: ordinals come in runs that share a
//! category and the ranks that define it (a pair's rank and top kicker, a high card's or a
//! flush's two top ranks, two pairs' ranks, trips', a full house's and quads' rank, each
//! straight), and a run's classes share one ratio: over the defining ranks
//! `Π C(4 − h_r, k_r) / C(4, k_r)` (`h_r` of rank `r` held, `k_r` in the class), times the
//! average over the run's free cards (its other kickers, a full house's pair) of theirs — an
//! elementary symmetric polynomial of the single-card ratios of the ranks they may have; for a
//! flush, the share of suits in which I hold none of its top ranks, each weighted by the share
//! of its possible lower cards I do not hold in that suit. Within a run
//! the distribution keeps its shape. Three-card classes are few (455), each its own run, so
//! the front's ratios are exact. One deck only: the bigger decks of RULES.md §11 hold other
//! counts per rank, and their arrangers play the unconditioned field.

use super::strength::{Strength, Subsets, FIVE_CLASSES, THREE_CLASSES};
use super::subsets::HandSubsets;
use crate::eval::Category;

/// Runs per lane are fewer than this (checked when the tables are built): the per-hand
/// lines are a fixed array indexed by a masked run.
const RUNS: usize = 512;
/// Ordinal-indexed tables padded to this length (a masked ordinal needs no bounds check).
const ORD: usize = 8192;
/// Three-card ordinal tables padded to this length (455 classes).
const THREE_ORD: usize = 512;

/// [`Corrections`]' arrays of the 286 three-card and the 1,287 five-card subsets, padded to
/// powers of two.
pub const FRONT_PAD: usize = 512;
/// See [`FRONT_PAD`].
pub const FIVE_PAD: usize = 2048;

/// A rank index whose single-card factor is 0 (deflating by it changes nothing).
const NO_RANK: u8 = 13;
/// Index of the flattened factor table's constant 1.
const G_ONE: u8 = 65;

/// A zeroed array on the heap, made there (a boxed array built on the stack would be copied).
fn zeros<const N: usize>() -> Box<[f64; N]> {
    vec![0.0; N].into_boxed_slice().try_into().expect("N entries")
}

/// `C(n, k)` for the small numbers here.
fn choose(n: u32, k: u32) -> f64 {
    if k > n {
        0.0
    } else {
        (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
    }
}

/// What decides a run's ratio, compiled to straight-line work: the product of five entries of
/// the per-hand factor table (`G_ONE` pads), times the free kickers' elementary symmetric
/// polynomial `e[kick]` of the ranks below `below` deflated by up to two ranks (`NO_RANK`
/// pads), times a full house's pair averaged over the ranks but `pair_of_others`, times
/// `inv_norm`; or for a flush, the per-suit count.
#[derive(Copy, Clone, PartialEq, Debug)]
struct Code {
    factors: [u8; 5],
    below: u8,
    kick: u8,
    deflate: [u8; 2],
    /// A full house's trips rank, whose pair is any other rank (`NO_RANK`: none).
    pair_of_others: u8,
    /// The rank mask of a flush's key (0: not a flush).
    flush_mask: u16,
    /// For a flush's run: the rank below which its three free cards lie (0: a straight
    /// flush, whose five ranks are all in the key).
    flush_low: u8,
    inv_norm: f64,
}

impl Code {
    /// The code of a class's run from its category and rank counts (one nibble per rank);
    /// `exact` keys every rank (the three-card classes, few enough to be runs of one).
    fn of(cat: Category, counts: u64, exact: bool) -> Code {
        let count = |r: usize| (counts >> (4 * r) & 0xF) as u8;
        // Ranks held n times in the class, strongest first.
        let with = |n: u8| (0..13u8).rev().filter(move |&r| count(r as usize) == n);
        let mut key: Vec<(u8, u8)> = Vec::new();
        let mut take = |n: u8, k: usize| key.extend(with(n).take(k).map(|r| (r, n)));
        // (free kickers, the rank they lie below)
        let mut kick = (0u8, 0u8);
        let mut pair_of_others = NO_RANK;
        let flush = matches!(cat, Category::Flush | Category::StraightFlush);
        if exact {
            for n in (1..=4).rev() {
                take(n, 13);
            }
        } else {
            match cat {
                Category::HighCard | Category::Flush => {
                    take(1, 2);
                    kick = (3, key[1].0);
                }
                Category::Straight | Category::StraightFlush => take(1, 5),
                Category::OnePair => {
                    take(2, 1);
                    take(1, 1);
                    kick = (2, key[1].0);
                }
                Category::TwoPair => {
                    take(2, 2);
                    kick = (1, 13);
                }
                Category::ThreeOfAKind => {
                    take(3, 1);
                    kick = (2, 13);
                }
                Category::FullHouse => {
                    take(3, 1);
                    pair_of_others = key[0].0;
                }
                _ => {
                    // Four of a kind (five of a kind is not a one-deck class).
                    take(4, 1);
                    kick = (1, 13);
                }
            }
        }
        let mut factors = [G_ONE; 5];
        let mut deflate = [NO_RANK; 2];
        let mut flush_mask = 0u16;
        let mut inv_norm = 1.0;
        if flush {
            flush_mask = key.iter().fold(0u16, |m, &(r, _)| m | 1 << r);
            if key.len() == 2 {
                inv_norm = 1.0 / choose(key[1].0 as u32, 3);
            }
        } else {
            for (f, &(r, n)) in factors.iter_mut().zip(&key) {
                *f = r * 5 + n;
            }
            if kick.0 > 0 {
                let below: Vec<u8> = key.iter().map(|&(r, _)| r).filter(|&r| r < kick.1).collect();
                deflate[..below.len()].copy_from_slice(&below);
                inv_norm = 1.0 / choose(kick.1 as u32 - below.len() as u32, kick.0 as u32);
            }
            if pair_of_others != NO_RANK {
                inv_norm /= 12.0;
            }
        }
        Code {
            factors,
            below: kick.1,
            kick: kick.0,
            deflate,
            pair_of_others,
            flush_mask,
            flush_low: if flush && key.len() == 2 { key[1].0 } else { 0 },
            inv_norm,
        }
    }
}

/// Runs of equal codes over ordinals: each ordinal's run, each run's code.
fn runs(codes: impl Iterator<Item = Code>) -> (Vec<u32>, Vec<Code>) {
    let (mut of, mut keys): (Vec<u32>, Vec<Code>) = (Vec::new(), Vec::new());
    for c in codes {
        if keys.last() != Some(&c) {
            keys.push(c);
        }
        of.push(keys.len() as u32 - 1);
    }
    (of, keys)
}

/// Rank counts of every three-card ordinal (one nibble per rank).
fn three_counts(st: &Strength) -> Vec<u64> {
    let mut out = vec![0u64; THREE_CLASSES];
    for a in 0..13u8 {
        for b in a..13 {
            for c in b..13 {
                if a == c {
                    // Three of one rank: suits 0, 1, 2.
                    out[st.three([a << 2, a << 2 | 1, a << 2 | 2]) as usize] = 3 << (4 * a);
                    continue;
                }
                let codes = [a << 2, b << 2 | (a == b) as u8, c << 2 | (b == c) as u8];
                out[st.three(codes) as usize] = codes.iter().map(|&x| 1u64 << (4 * (x >> 2))).sum();
            }
        }
    }
    out
}

/// One lane's static view of its runs: per run its mass, water-weighted mass, the mass of the
/// runs below it, the water-weighted mass of those above, and my water winning with it (one
/// category a run, so one water); per ordinal `d = w · (its run's mass below it) − (its run's
/// water-weighted mass above it)`.
#[derive(Clone, Debug, Default)]
struct Lane {
    /// Per run: `[mass, wmass, below, above_w, water]`.
    runs: Vec<[f64; 5]>,
    d: Vec<f64>,
}

impl Lane {
    fn new(of: &[u32], count: usize, pmf: &[f64], water: &[f64]) -> Lane {
        let mut runs = vec![[0.0; 5]; count];
        let mut d = vec![0.0; pmf.len()];
        let mut acc = 0.0;
        for x in 0..pmf.len() {
            if x == 0 || of[x - 1] != of[x] {
                acc = 0.0;
            }
            d[x] = water[x] * acc;
            acc += pmf[x];
            let r = &mut runs[of[x] as usize];
            r[0] += pmf[x];
            r[1] += pmf[x] * water[x];
            r[4] = water[x];
        }
        let mut acc = 0.0;
        for x in (0..pmf.len()).rev() {
            if x + 1 == pmf.len() || of[x + 1] != of[x] {
                acc = 0.0;
            }
            d[x] -= acc;
            acc += pmf[x] * water[x];
        }
        let (mut s, mut t) = (0.0, 0.0);
        for r in runs.iter_mut() {
            r[2] = s;
            s += r[0];
        }
        for r in runs.iter_mut().rev() {
            r[3] = t;
            t += r[1];
        }
        d.resize(ORD, 0.0);
        Lane { runs, d }
    }
}

/// The largest of `v` (−∞ when empty), with four running maxima: a maximum is exact in any
/// order, and four chains overlap where one would wait on each comparison. (The reference's:
/// the fast path keeps its maxima while filling.)
#[cfg(test)]
fn top(v: &[f64]) -> f64 {
    let mut t = [f64::NEG_INFINITY; 4];
    let mut chunks = v.chunks_exact(4);
    for c in &mut chunks {
        for k in 0..4 {
            t[k] = if c[k] > t[k] { c[k] } else { t[k] };
        }
    }
    for &x in chunks.remainder() {
        t[0] = if x > t[0] { x } else { t[0] };
    }
    let a = if t[1] > t[0] { t[1] } else { t[0] };
    let b = if t[3] > t[2] { t[3] } else { t[2] };
    if b > a {
        b
    } else {
        a
    }
}

/// What a run of five-card classes computes its ratio with, so that runs of one shape share a
/// loop without branches: a flush's suit count, or the product of `factors` entries of the
/// factor table, the free kickers' `e[kick]` (after both deflations) and, with `pair`, a full
/// house's pair. What a shape leaves out is a product by 1 (the `G_ONE` pads, `e[0]`, the pair
/// factor of `NO_RANK`), exact, so every shape's ratio is [`Factors::generic`]'s to the bit.
#[derive(Copy, Clone, PartialEq, Debug)]
enum Shape {
    Flush,
    Plain {
        factors: u8,
        kick: u8,
        /// Deflations applied: the real ones (`NO_RANK` pads come last), or more when runs of
        /// fewer share a segment (a pad's deflation changes nothing).
        deflate: u8,
        pair: bool,
    },
    /// Anything else (no run has it today): the generic computation.
    Generic,
}

impl Shape {
    fn of(c: &Code) -> Shape {
        if c.flush_mask != 0 {
            return Shape::Flush;
        }
        let factors = c.factors.iter().position(|&f| f == G_ONE).unwrap_or(5);
        // Pads at the end only, and `e[0]` read from the row of no ranks (whose `e[0]` is 1).
        if c.factors[factors..].iter().any(|&f| f != G_ONE) || (c.kick == 0 && c.below != 0) || c.kick > 3 {
            return Shape::Generic;
        }
        let deflate = c.deflate.iter().position(|&d| d == NO_RANK).unwrap_or(2);
        if c.deflate[deflate..].iter().any(|&d| d != NO_RANK) {
            return Shape::Generic;
        }
        let deflate = if c.kick == 0 { 0 } else { deflate as u8 };
        Shape::Plain { factors: factors as u8, kick: c.kick, deflate, pair: c.pair_of_others != NO_RANK }
    }

    /// The shape that computes the runs of both, if any: plain shapes that differ in their
    /// deflations alone share the larger count.
    fn merge(self, other: Shape) -> Option<Shape> {
        match (self, other) {
            _ if self == other => Some(self),
            (
                Shape::Plain { factors, kick, deflate, pair },
                Shape::Plain { factors: f, kick: k, deflate: d, pair: p },
            ) if (factors, kick, pair) == (f, k, p) => {
                Some(Shape::Plain { factors, kick, deflate: deflate.max(d), pair })
            }
            _ => None,
        }
    }
}

/// The per-hand tables every run's ratio reads (see [`Removal::fill`]).
struct Factors {
    /// `gf[5 r + k]`: the factor of `k` cards of rank `r` (index `G_ONE`: 1), padded to every
    /// `u8` index (read unmasked, with no bounds check).
    gf: [f64; 256],
    /// The single-card factor of each rank (0 past rank 12: `NO_RANK` deflates nothing).
    v1: [f64; 16],
    /// `elementary[t][j]`: `e_j` of the single-card factors of the ranks below `t`.
    elementary: [[f64; 4]; 16],
    /// The ranks I hold, per suit.
    by_suit: [u16; 4],
    /// `triples[s][t]`: `C(ranks below t I hold none of in suit s, 3)`.
    triples: [[f64; 14]; 4],
    /// A full house's pair: any rank but its trips' (`NO_RANK`, no pair: a factor of 1).
    pair_of: [f64; 16],
}

impl Factors {
    fn new(h: &HandSubsets) -> Factors {
        // G[held][k] = C(4 − held, k) / C(4, k): how much rarer k cards of a rank are among
        // the unseen cards when I hold `held` of it.
        const G: [[f64; 5]; 5] = [
            [1.0, 1.0, 1.0, 1.0, 1.0],
            [1.0, 0.75, 0.5, 0.25, 0.0],
            [1.0, 0.5, 1.0 / 6.0, 0.0, 0.0],
            [1.0, 0.25, 0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0, 0.0, 0.0],
        ];
        let mut gf = [1.0f64; 256];
        let mut v1 = [0.0f64; 16];
        let mut v2 = [0.0f64; 16];
        for r in 0..13 {
            let g = &G[((h.counts >> (4 * r) & 0xF) as usize).min(4)];
            gf[r * 5..r * 5 + 5].copy_from_slice(g);
            (v1[r], v2[r]) = (g[1], g[2]);
        }
        let pairs: f64 = v2.iter().sum();
        let mut elementary = [[0.0f64; 4]; 16];
        elementary[0][0] = 1.0;
        for t in 0..13 {
            let (v, p) = (v1[t], elementary[t]);
            elementary[t + 1] = [1.0, p[1] + v * p[0], p[2] + v * p[1], p[3] + v * p[2]];
        }
        let mut by_suit = [0u16; 4];
        for &c in &h.codes {
            by_suit[(c & 3) as usize] |= 1 << (c >> 2);
        }
        const C3: [f64; 14] = [0.0, 0.0, 0.0, 1.0, 4.0, 10.0, 20.0, 35.0, 56.0, 84.0, 120.0, 165.0, 220.0, 286.0];
        let triples: [[f64; 14]; 4] = std::array::from_fn(|su| {
            std::array::from_fn(|t| C3[(t as u32 - (by_suit[su] & ((1u16 << t) - 1)).count_ones()) as usize])
        });
        let mut pair_of = [1.0f64; 16];
        for r in 0..13 {
            pair_of[r] = pairs - v2[r];
        }
        Factors { gf, v1, elementary, by_suit, triples, pair_of }
    }

    /// A flush's ratio: the share of suits in which I hold none of its key's ranks, each
    /// weighted by the share of its possible lower cards I do not hold in that suit.
    #[inline(always)]
    fn flush(&self, c: &Code) -> f64 {
        let mut sum = 0.0;
        for su in 0..4 {
            if self.by_suit[su] & c.flush_mask == 0 {
                sum += if c.flush_low == 0 { 1.0 } else { self.triples[su][c.flush_low as usize % 14] };
            }
        }
        sum * c.inv_norm * 0.25
    }

    /// [`Factors::flush`] without branches: a suit that does not count adds 0 (exact: the sum
    /// starts at +0 and its terms are not negative), and `lows[s][0]` is a straight flush's 1.
    #[inline(always)]
    fn flush_lanes(&self, c: &Code, lows: &[[f64; 16]; 4]) -> f64 {
        let mut sum = 0.0;
        for (row, &held) in lows.iter().zip(&self.by_suit) {
            let term = row[c.flush_low as usize & 15];
            sum += if held & c.flush_mask == 0 { term } else { 0.0 };
        }
        sum * c.inv_norm * 0.25
    }

    /// Any run's ratio, every part of its code applied (the reference of the shapes).
    #[inline(always)]
    fn generic(&self, c: &Code) -> f64 {
        if c.flush_mask != 0 {
            return self.flush(c);
        }
        let f = c.factors.map(|i| self.gf[i as usize]);
        let own = f[0] * f[1] * f[2] * f[3] * f[4];
        // The free kickers averaged over every choice of them: e_j of the ranks below
        // `below`, less the key's (deflated: e_j(S \ {r}) = e_j(S) − v_r e_{j−1}(S \ {r})).
        // A `NO_RANK` pad has v = 0: deflating by it changes nothing.
        let mut e = self.elementary[c.below as usize & 15];
        for &d in &c.deflate {
            let v = self.v1[d as usize & 15];
            e[1] -= v * e[0];
            e[2] -= v * e[1];
            e[3] -= v * e[2];
        }
        own * e[c.kick as usize & 3] * self.pair_of[c.pair_of_others as usize & 15] * c.inv_norm
    }

    /// [`Factors::generic`] of a [`Shape::Plain`] run, without its products by 1.
    #[inline(always)]
    fn plain<const FACTORS: usize, const KICK: usize, const DEFLATE: usize, const PAIR: bool>(&self, c: &Code) -> f64 {
        let f = |k: usize| self.gf[c.factors[k % 5] as usize];
        let mut r = f(0);
        for k in 1..FACTORS {
            r *= f(k);
        }
        if KICK > 0 {
            let mut e = self.elementary[c.below as usize & 15];
            for &d in &c.deflate[..DEFLATE] {
                let v = self.v1[d as usize & 15];
                e[1] -= v * e[0];
                if KICK >= 2 {
                    e[2] -= v * e[1];
                }
                if KICK >= 3 {
                    e[3] -= v * e[2];
                }
            }
            r *= e[KICK & 3];
        }
        if PAIR {
            r *= self.pair_of[c.pair_of_others as usize & 15];
        }
        r * c.inv_norm
    }
}

/// The ratios of one segment of five-card runs into `rho`, with the middle's and the back's
/// running sums of mass times ratio carried on: each run's into `below` (the runs' before it),
/// the last the normaliser Z.
#[inline(always)]
fn segment(
    codes: &[Code],
    runs: &[Run5],
    rho: &mut [f64],
    below: &mut [[f64; 2]],
    mut z: [f64; 2],
    ratio: impl Fn(&Code) -> f64,
) -> [f64; 2] {
    for (((c, r), p), b) in codes.iter().zip(runs).zip(rho.iter_mut()).zip(below.iter_mut()) {
        let v = ratio(c);
        *p = v;
        *b = z;
        z = [z[0] + v * r[0][0], z[1] + v * r[0][1]];
    }
    z
}

/// A front run's constants: `[mass, wmass, below, above_w, n · water]` (see [`Lane`]; the last
/// is the number of opponents times my water winning with it).
type Run3 = [f64; 5];
/// A five-card run's constants, as [`Run3`], each `[middle, back]`.
type Run5 = [[f64; 2]; 5];

/// The per-hand working space of [`Removal::fill`], kept per thread (nothing in it is read
/// before it is written for the hand).
struct Scratch {
    rho3: [f64; RUNS],
    rho5: [f64; RUNS],
    /// Per run, the ratio-weighted mass of the runs below it: the front's, the five-card
    /// lanes' side by side.
    below3: [f64; RUNS],
    below5: [[f64; 2]; RUNS],
    /// Per run, the correction as `a + b · d`: the front's `a` (its runs are single classes,
    /// whose `d` is 0), and the five-card lanes' `[[a middle, a back], [b middle, b back]]`.
    lines3: [f64; RUNS],
    lines5: [[[f64; 2]; 2]; RUNS],
}

/// This thread's scratch and corrections, reused by every hand ([`Removal::with_corrections`]).
struct Work {
    scratch: Scratch,
    corr: Corrections,
}

impl Work {
    fn new() -> Box<Work> {
        let scratch = Scratch {
            rho3: [0.0; RUNS],
            rho5: [0.0; RUNS],
            below3: [0.0; RUNS],
            below5: [[0.0; 2]; RUNS],
            lines3: [0.0; RUNS],
            lines5: [[[0.0; 2]; 2]; RUNS],
        };
        let corr = Corrections { front: zeros(), middle: zeros(), back: zeros(), top_front_middle: 0.0, slack: 0.0 };
        Box::new(Work { scratch, corr })
    }
}

thread_local! {
    /// Taken while in use (a nested use, which nothing does, would make its own).
    static WORK: std::cell::Cell<Option<Box<Work>>> = const { std::cell::Cell::new(None) };
}

/// `f` on this thread's [`Work`] (a new one when it is in use or gone).
fn with_work<R>(f: impl FnOnce(&mut Work) -> R) -> R {
    let mut w = WORK.try_with(|w| w.take()).ok().flatten().unwrap_or_else(Work::new);
    let r = f(&mut w);
    let _ = WORK.try_with(move |c| c.set(Some(w)));
    r
}

/// The card-removal tables of one objective.
#[derive(Clone, Debug)]
pub(crate) struct Removal {
    /// Unique to the tables (clones share it): what a cache of one hand's corrections is keyed by.
    pub(crate) id: u64,
    opponents: f64,
    /// Each five-card ordinal's run (shared by the middle and the back) and each run's code.
    #[cfg(test)]
    five_of: Box<[u16; ORD]>,
    five_codes: Vec<Code>,
    /// The five-card runs cut into segments of one [`Shape`]: `(shape, first run, end)`.
    segments: Vec<(Shape, usize, usize)>,
    /// Each three-card ordinal's run (the identity: every three-card class is its own run).
    #[cfg(test)]
    three_of: Box<[u16; THREE_ORD]>,
    /// Per three-card run (one class each), the factor-table entries of its ranks: its ratio
    /// is their product (every other part of an exact class's code is 1).
    three_factors: Vec<[u8; 3]>,
    /// Front, middle, back (the reference of the tests reads them).
    #[cfg(test)]
    lanes: [Lane; 3],
    /// Per run, the front's and the five-card lanes' constants.
    three_runs: Vec<Run3>,
    five_runs: Vec<Run5>,
    /// Per five-card ordinal, the middle's and the back's `d` side by side, and its run: one
    /// load for what each subset reads.
    five_d: Box<[Ordinal5; ORD]>,
}

/// A five-card ordinal's `d` of the middle and of the back, and its run.
#[derive(Copy, Clone, Debug, Default)]
struct Ordinal5 {
    d: [f64; 2],
    run: u32,
}

impl Removal {
    /// The tables for lane distributions `pmf` and my lane water `water` (front, middle,
    /// back), against `opponents` opponents.
    pub(crate) fn new(st: &Strength, pmf: [&[f64]; 3], water: [&[f64]; 3], opponents: usize) -> Removal {
        let (five_of, five_codes) =
            runs((0..FIVE_CLASSES).map(|o| Code::of(st.five_category[o], st.five_counts[o], false)));
        let (three_of, three_codes) = runs(three_counts(st).into_iter().map(|c| Code::of(Category::HighCard, c, true)));
        assert!(five_codes.len() <= RUNS && three_codes.len() <= RUNS, "runs fit the per-hand lines");
        assert!(three_of.len() <= THREE_ORD && five_of.len() <= ORD, "ordinals fit the tables");
        let lanes = [
            Lane::new(&three_of, three_codes.len(), pmf[0], water[0]),
            Lane::new(&five_of, five_codes.len(), pmf[1], water[1]),
            Lane::new(&five_of, five_codes.len(), pmf[2], water[2]),
        ];
        let three_factors = three_codes
            .iter()
            .map(|c| {
                debug_assert!(c.factors[3..] == [G_ONE; 2] && c.kick == 0 && c.flush_mask == 0);
                debug_assert!(c.pair_of_others == NO_RANK && c.inv_norm == 1.0);
                [c.factors[0], c.factors[1], c.factors[2]]
            })
            .collect();
        let mut segments: Vec<(Shape, usize, usize)> = Vec::new();
        for (i, c) in five_codes.iter().enumerate() {
            let shape = Shape::of(c);
            match segments.last_mut().and_then(|(s, _, end)| Some((s.merge(shape)?, s, end))) {
                Some((merged, s, end)) => (*s, *end) = (merged, i + 1),
                None => segments.push((shape, i, i + 1)),
            }
        }
        let n = opponents as f64;
        let three_runs = lanes[0].runs.iter().map(|r| [r[0], r[1], r[2], r[3], n * r[4]]).collect();
        let five_runs = lanes[1]
            .runs
            .iter()
            .zip(&lanes[2].runs)
            .map(|(m, b)| std::array::from_fn(|k| if k == 4 { [n * m[4], n * b[4]] } else { [m[k], b[k]] }))
            .collect();
        #[cfg(test)]
        let five_of_table = {
            let mut t = Box::new([0u16; ORD]);
            for (t, &r) in t.iter_mut().zip(&five_of) {
                *t = r as u16;
            }
            t
        };
        // The front's correction is its run's `a` read at the ordinal: each three-card class is
        // a run of its own, in ordinal order, so its `d` (the run's mass around it) is 0.
        assert!(three_of.iter().enumerate().all(|(x, &r)| r as usize == x), "three-card runs are classes");
        assert!(lanes[0].d.iter().all(|&d| d == 0.0), "a three-card class's d is 0");
        #[cfg(test)]
        let three_of_table = {
            let mut t = Box::new([0u16; THREE_ORD]);
            for (t, &r) in t.iter_mut().zip(&three_of) {
                *t = r as u16;
            }
            t
        };
        let five_d = (0..ORD)
            .map(|x| Ordinal5 { d: [lanes[1].d[x], lanes[2].d[x]], run: five_of.get(x).copied().unwrap_or(0) })
            .collect::<Vec<_>>()
            .into_boxed_slice()
            .try_into()
            .expect("ORD entries");
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let id = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Removal {
            id,
            opponents: n,
            #[cfg(test)]
            five_of: five_of_table,
            five_codes,
            segments,
            #[cfg(test)]
            three_of: three_of_table,
            three_factors,
            #[cfg(test)]
            lanes,
            three_runs,
            five_runs,
            five_d,
        }
    }

    /// The corrections of one hand's subsets, in new arrays.
    pub(crate) fn corrections(&self, h: &HandSubsets) -> Corrections {
        let mut out = Corrections { front: zeros(), middle: zeros(), back: zeros(), top_front_middle: 0.0, slack: 0.0 };
        with_work(|w| self.fill(h, &mut w.scratch, &mut out));
        out
    }

    /// `f` of the corrections of one hand's subsets, made in this thread's reused arrays (no
    /// allocation, nothing zeroed: every entry is written for the hand).
    pub(crate) fn with_corrections<R>(&self, h: &HandSubsets, f: impl FnOnce(&Corrections) -> R) -> R {
        with_work(|w| {
            self.fill(h, &mut w.scratch, &mut w.corr);
            f(&w.corr)
        })
    }

    /// Write every entry of `out` for hand `h`. The same operations on the same values, in
    /// the same order for every running sum, as the module docs' formulas one lane and one run
    /// at a time: the middle's and the back's chains go side by side, the front's beside them,
    /// and each run's line is made from its running sums after them.
    fn fill(&self, h: &HandSubsets, s: &mut Scratch, out: &mut Corrections) {
        let t = Factors::new(h);
        let z3 = self.front_ratios(&t, &mut s.rho3, &mut s.below3);
        let z5 = self.five_ratios(&t, &mut s.rho5, &mut s.below5);
        self.lines(s, z3, z5);
        let top_front = self.fill_front(s, h, &mut out.front);
        let [top_middle, top_back] = self.fill_five(s, h, &mut out.middle, &mut out.back);
        out.top_front_middle = top_front + top_middle;
        out.slack = out.top_front_middle + top_back;
    }

    /// The front's runs' ratios into `rho`, and their normaliser Z (each run's mass times its
    /// ratio, in run order). Each stage of [`Removal::fill`] is out of line: in one body, the
    /// running sums were kept in memory rather than in registers.
    #[inline(never)]
    fn front_ratios(&self, t: &Factors, rho: &mut [f64; RUNS], below: &mut [f64; RUNS]) -> f64 {
        let mut z = 0.0;
        for (((p, b), r), &[f0, f1, f2]) in
            rho.iter_mut().zip(below.iter_mut()).zip(&self.three_runs).zip(&self.three_factors)
        {
            // The front's classes are runs of one: a ratio is the product of its ranks' factors.
            let v = t.gf[f0 as usize] * t.gf[f1 as usize] * t.gf[f2 as usize];
            *p = v;
            *b = z;
            z += v * r[0];
        }
        z
    }

    /// The five-card runs' ratios into `rho`, and the middle's and the back's Z.
    #[inline(never)]
    fn five_ratios(&self, t: &Factors, rho: &mut [f64; RUNS], below: &mut [[f64; 2]; RUNS]) -> [f64; 2] {
        let lows: [[f64; 16]; 4] =
            std::array::from_fn(|su| std::array::from_fn(|low| if low == 0 { 1.0 } else { t.triples[su][low % 14] }));
        let mut z = [0.0; 2];
        for &(shape, start, end) in &self.segments {
            let (codes, runs) = (&self.five_codes[start..end], &self.five_runs[start..end]);
            let (rho, below) = (&mut rho[start..end], &mut below[start..end]);
            z = match shape {
                Shape::Plain { factors: 2, kick: 3, deflate: 0, pair: false } => {
                    segment(codes, runs, rho, below, z, |c| t.plain::<2, 3, 0, false>(c))
                }
                Shape::Plain { factors: 2, kick: 2, deflate: 1, pair: false } => {
                    segment(codes, runs, rho, below, z, |c| t.plain::<2, 2, 1, false>(c))
                }
                Shape::Plain { factors: 2, kick: 1, deflate: 2, pair: false } => {
                    segment(codes, runs, rho, below, z, |c| t.plain::<2, 1, 2, false>(c))
                }
                Shape::Plain { factors: 1, kick: 2, deflate: 1, pair: false } => {
                    segment(codes, runs, rho, below, z, |c| t.plain::<1, 2, 1, false>(c))
                }
                Shape::Plain { factors: 1, kick: 1, deflate: 1, pair: false } => {
                    segment(codes, runs, rho, below, z, |c| t.plain::<1, 1, 1, false>(c))
                }
                Shape::Plain { factors: 1, kick: 0, deflate: 0, pair: true } => {
                    segment(codes, runs, rho, below, z, |c| t.plain::<1, 0, 0, true>(c))
                }
                Shape::Plain { factors: 5, kick: 0, deflate: 0, pair: false } => {
                    segment(codes, runs, rho, below, z, |c| t.plain::<5, 0, 0, false>(c))
                }
                Shape::Flush => segment(codes, runs, rho, below, z, |c| t.flush_lanes(c, &lows)),
                _ => segment(codes, runs, rho, below, z, |c| t.generic(c)),
            };
        }
        z
    }

    /// Each run's line, walking the runs from the top down with the running sums of the runs
    /// above (per run, the ratio-weighted water-weighted mass of those above it): with
    /// `α = ρ/Z − 1`, `β` the conditioned mass below less the field's and `γ` the same of the
    /// water-weighted mass above, `a = n (w β − γ)` and `b = n α` (module docs). The front's
    /// chain and the five-card lanes' go side by side in one loop; the sums of the runs below
    /// came with the ratios, the normalisers Z being their totals. A lane whose Z is not
    /// positive gets no correction.
    #[inline(never)]
    fn lines(&self, s: &mut Scratch, z3: f64, z5: [f64; 2]) {
        let n = self.opponents;
        let l3 = self.three_runs.len().min(RUNS);
        let l5 = self.five_runs.len().min(RUNS);
        let (runs3, rho3, below3) = (&self.three_runs[..l3], &s.rho3[..l3], &s.below3[..l3]);
        let (runs5, rho5, below5) = (&self.five_runs[..l5], &s.rho5[..l5], &s.below5[..l5]);
        let (lines3, lines5) = (&mut s.lines3[..l3], &mut s.lines5[..l5]);
        let inv3 = 1.0 / z3;
        let inv5 = [1.0 / z5[0], 1.0 / z5[1]];
        let line3 = |j: usize, above: f64| {
            let r = &runs3[j];
            let a = -n * (above * inv3 - r[3]);
            a + r[4] * (below3[j] * inv3 - r[2])
        };
        let line5 = |j: usize, above: [f64; 2]| {
            let (r, p, below) = (&runs5[j], rho5[j], below5[j]);
            let line = |l: usize| {
                let a = -n * (above[l] * inv5[l] - r[3][l]);
                [a + r[4][l] * (below[l] * inv5[l] - r[2][l]), n * (p * inv5[l] - 1.0)]
            };
            let (m, b) = (line(0), line(1));
            [[m[0], b[0]], [m[1], b[1]]]
        };
        let (mut a3, mut a5) = (0.0, [0.0; 2]);
        let both = l3.min(l5);
        for k in 0..both {
            let (j3, j5) = (l3 - 1 - k, l5 - 1 - k);
            lines3[j3] = line3(j3, a3);
            a3 += rho3[j3] * runs3[j3][1];
            lines5[j5] = line5(j5, a5);
            let (p, r) = (rho5[j5], &runs5[j5][1]);
            a5 = [a5[0] + p * r[0], a5[1] + p * r[1]];
        }
        for k in both..l3 {
            let j3 = l3 - 1 - k;
            lines3[j3] = line3(j3, a3);
            a3 += rho3[j3] * runs3[j3][1];
        }
        for k in both..l5 {
            let j5 = l5 - 1 - k;
            lines5[j5] = line5(j5, a5);
            let (p, r) = (rho5[j5], &runs5[j5][1]);
            a5 = [a5[0] + p * r[0], a5[1] + p * r[1]];
        }
        if z3 <= 0.0 {
            lines3.fill(0.0);
        }
        for (l, z) in z5.into_iter().enumerate() {
            if z <= 0.0 {
                for o in lines5.iter_mut() {
                    (o[0][l], o[1][l]) = (0.0, 0.0);
                }
            }
        }
    }

    /// Each front subset's correction, its class's line at `d` = 0 (a three-card ordinal is
    /// its run), and the largest of them.
    #[inline(never)]
    fn fill_front(&self, s: &Scratch, h: &HandSubsets, out: &mut [f64; FRONT_PAD]) -> f64 {
        let mut top = f64::NEG_INFINITY;
        for (o, &x) in out.iter_mut().zip(&h.three) {
            let c = s.lines3[x as usize & (RUNS - 1)];
            *o = c;
            top = if c > top { c } else { top };
        }
        top
    }

    /// Each five-card subset's corrections as the middle and as the back, and the largest of
    /// each (a maximum is exact in any order).
    #[inline(never)]
    fn fill_five(
        &self,
        s: &Scratch,
        h: &HandSubsets,
        middle: &mut [f64; FIVE_PAD],
        back: &mut [f64; FIVE_PAD],
    ) -> [f64; 2] {
        let (ords, lines) = (&self.five_d, &s.lines5);
        let mut top = [f64::NEG_INFINITY; 2];
        let mut put = |i: usize, top: &mut [f64; 2]| {
            let o = ords[h.five[i] as usize & (ORD - 1)];
            let [a, slope] = lines[o.run as usize & (RUNS - 1)];
            let (m, b) = (a[0] + slope[0] * o.d[0], a[1] + slope[1] * o.d[1]);
            (middle[i], back[i]) = (m, b);
            *top = [if m > top[0] { m } else { top[0] }, if b > top[1] { b } else { top[1] }];
        };
        // Two subsets a step (1,287 is odd: the last alone).
        let mut i = 0;
        while i + 1 < h.five.len() {
            put(i, &mut top);
            put(i + 1, &mut top);
            i += 2;
        }
        put(h.five.len() - 1, &mut top);
        top
    }
}

/// What card removal adds to each subset's lane value for one hand: by subset index (as
/// [`HandSubsets`] orders them), and a bound of what it adds to any split.
#[derive(Clone, Debug)]
pub struct Corrections {
    /// Per three-card subset, its correction as the front (286 of them; the rest 0, padding
    /// that lets an index be masked into range instead of reduced).
    pub front: Box<[f64; FRONT_PAD]>,
    /// Per five-card subset, as the middle (1,287 of them, padded as the front).
    pub middle: Box<[f64; FIVE_PAD]>,
    /// Per five-card subset, as the back (padded as the front).
    pub back: Box<[f64; FIVE_PAD]>,
    /// The largest front correction plus the largest middle correction: with a back's own,
    /// at least what any split behind that back adds.
    pub top_front_middle: f64,
    /// `top_front_middle` plus the largest back correction: at least what any split adds.
    pub slack: f64,
}

impl Corrections {
    /// The corrections of a split given by subset indices.
    #[inline]
    pub fn of(&self, front: usize, middle: usize, back: usize) -> f64 {
        self.front[front & (FRONT_PAD - 1)] + self.middle[middle & (FIVE_PAD - 1)] + self.back[back & (FIVE_PAD - 1)]
    }

    /// The corrections of a split given by its lanes' cards, front, middle and back, each a
    /// bitmask of card codes within `hand`, the 13 cards' (a card's place in the hand is the
    /// number of the hand's cards below it, the order of [`HandSubsets::codes`]).
    pub fn of_lanes(&self, hand: u64, lanes: [u64; 3]) -> f64 {
        let sub = Subsets::get();
        let index = |lane: u64| {
            let mut place = 0u16;
            let mut rest = lane;
            while rest != 0 {
                place |= 1 << (hand & ((1u64 << rest.trailing_zeros()) - 1)).count_ones();
                rest &= rest - 1;
            }
            sub.index[place as usize & 0x1FFF] as usize
        };
        self.of(index(lanes[0]), index(lanes[1]), index(lanes[2]))
    }
}

#[cfg(test)]
mod tests {
    //! The corrections as they were computed one lane and one run at a time, before the
    //! reused working space and the shapes: the fast ones must equal them to the bit.

    use super::*;
    use crate::arrange::Arranger;
    use crate::rules::Rules;

    impl Lane {
        /// Per run, the correction as `a + b · d`: with `α = ρ/Z − 1`, `β` the conditioned mass
        /// below less the field's and `γ` the same of the water-weighted mass above,
        /// `a = n (w β − γ)` and `b = n α` (module docs).
        fn lines(&self, rho: &[f64], n: f64, out: &mut [[f64; 2]; RUNS]) {
            let z: f64 = self.runs.iter().zip(rho).map(|(r, p)| r[0] * p).sum();
            if z <= 0.0 {
                return;
            }
            let inv = 1.0 / z;
            let mut above = 0.0;
            for ((o, r), p) in out.iter_mut().zip(&self.runs).zip(rho).rev() {
                o[0] = -n * (above * inv - r[3]);
                o[1] = n * (p * inv - 1.0);
                above += p * r[1];
            }
            let mut below = 0.0;
            for ((o, r), p) in out.iter_mut().zip(&self.runs).zip(rho) {
                o[0] += n * r[4] * (below * inv - r[2]);
                below += p * r[0];
            }
        }
    }

    /// [`Lane::lines`] of the middle and the back at once: they share the runs and the ratios, and
    /// their running sums are independent, so one loop carries both chains side by side (the same
    /// operations on each lane, in the same order, as two calls would do).
    fn five_lines(
        [mid, back]: [&Lane; 2],
        rho: &[f64],
        n: f64,
        out_mid: &mut [[f64; 2]; RUNS],
        out_back: &mut [[f64; 2]; RUNS],
    ) {
        let runs = mid.runs.len().min(back.runs.len()).min(rho.len()).min(RUNS);
        debug_assert!(mid.runs.len() == runs && back.runs.len() == runs && rho.len() == runs);
        let (rm, rb, rho) = (&mid.runs[..runs], &back.runs[..runs], &rho[..runs]);
        let (mut zm, mut zb) = (0.0, 0.0);
        for i in 0..runs {
            zm += rm[i][0] * rho[i];
            zb += rb[i][0] * rho[i];
        }
        if zm <= 0.0 || zb <= 0.0 {
            mid.lines(rho, n, out_mid);
            back.lines(rho, n, out_back);
            return;
        }
        let (im, ib) = (1.0 / zm, 1.0 / zb);
        let (om, ob) = (&mut out_mid[..runs], &mut out_back[..runs]);
        let (mut am, mut ab) = (0.0, 0.0);
        for i in (0..runs).rev() {
            let p = rho[i];
            om[i] = [-n * (am * im - rm[i][3]), n * (p * im - 1.0)];
            ob[i] = [-n * (ab * ib - rb[i][3]), n * (p * ib - 1.0)];
            am += p * rm[i][1];
            ab += p * rb[i][1];
        }
        let (mut bm, mut bb) = (0.0, 0.0);
        for i in 0..runs {
            let p = rho[i];
            om[i][0] += n * rm[i][4] * (bm * im - rm[i][2]);
            ob[i][0] += n * rb[i][4] * (bb * ib - rb[i][2]);
            bm += p * rm[i][0];
            bb += p * rb[i][0];
        }
    }

    impl Removal {
        pub(super) fn reference(&self, h: &HandSubsets) -> Corrections {
            // G[held][k] = C(4 − held, k) / C(4, k): how much rarer k cards of a rank are among
            // the unseen cards when I hold `held` of it.
            const G: [[f64; 5]; 5] = [
                [1.0, 1.0, 1.0, 1.0, 1.0],
                [1.0, 0.75, 0.5, 0.25, 0.0],
                [1.0, 0.5, 1.0 / 6.0, 0.0, 0.0],
                [1.0, 0.25, 0.0, 0.0, 0.0],
                [1.0, 0.0, 0.0, 0.0, 0.0],
            ];
            // Padded to powers of two: an index masked into range needs no bounds check.
            let mut gf = [1.0f64; 128];
            let mut v1 = [0.0f64; 16];
            let mut v2 = [0.0f64; 16];
            for r in 0..13 {
                let g = &G[((h.counts >> (4 * r) & 0xF) as usize).min(4)];
                gf[r * 5..r * 5 + 5].copy_from_slice(g);
                (v1[r], v2[r]) = (g[1], g[2]);
            }
            let pairs: f64 = v2.iter().sum();
            // elementary[t][j]: e_j of the single-card ratios of the ranks below t.
            let mut elementary = [[0.0f64; 4]; 16];
            elementary[0][0] = 1.0;
            for t in 0..13 {
                let (v, p) = (v1[t], elementary[t]);
                elementary[t + 1] = [1.0, p[1] + v * p[0], p[2] + v * p[1], p[3] + v * p[2]];
            }
            let mut by_suit = [0u16; 4];
            for &c in &h.codes {
                by_suit[(c & 3) as usize] |= 1 << (c >> 2);
            }
            // triples[s][t]: C(ranks below t I hold none of in suit s, 3).
            const C3: [f64; 14] = [0.0, 0.0, 0.0, 1.0, 4.0, 10.0, 20.0, 35.0, 56.0, 84.0, 120.0, 165.0, 220.0, 286.0];
            let triples: [[f64; 14]; 4] = std::array::from_fn(|su| {
                std::array::from_fn(|t| C3[(t as u32 - (by_suit[su] & ((1u16 << t) - 1)).count_ones()) as usize])
            });
            // A full house's pair: any rank but its trips' (`NO_RANK`, no pair: a factor of 1).
            let mut pair_of = [1.0f64; 16];
            for r in 0..13 {
                pair_of[r] = pairs - v2[r];
            }
            let ratio = |c: &Code| -> f64 {
                if c.flush_mask != 0 {
                    let mut sum = 0.0;
                    for su in 0..4 {
                        if by_suit[su] & c.flush_mask == 0 {
                            sum += if c.flush_low == 0 { 1.0 } else { triples[su][c.flush_low as usize] };
                        }
                    }
                    return sum * c.inv_norm * 0.25;
                }
                let f = c.factors.map(|i| gf[i as usize & 127]);
                let own = f[0] * f[1] * f[2] * f[3] * f[4];
                // The free kickers averaged over every choice of them: e_j of the ranks below
                // `below`, less the key's (deflated: e_j(S \ {r}) = e_j(S) − v_r e_{j−1}(S \ {r})).
                // A `NO_RANK` pad has v = 0: deflating by it changes nothing.
                let mut e = elementary[c.below as usize & 15];
                for &d in &c.deflate {
                    let v = v1[d as usize & 15];
                    e[1] -= v * e[0];
                    e[2] -= v * e[1];
                    e[3] -= v * e[2];
                }
                own * e[c.kick as usize & 3] * pair_of[c.pair_of_others as usize & 15] * c.inv_norm
            };
            // The front's classes are runs of one: a ratio is the product of its ranks' factors.
            let rho3: Vec<f64> = self
                .three_factors
                .iter()
                .map(|&[a, b, c]| gf[a as usize & 127] * gf[b as usize & 127] * gf[c as usize & 127])
                .collect();
            let rho5: Vec<f64> = self.five_codes.iter().map(ratio).collect();
            let n = self.opponents;
            let mut lines = [[0.0; 2]; RUNS];
            let mut out =
                Corrections { front: zeros(), middle: zeros(), back: zeros(), top_front_middle: 0.0, slack: 0.0 };
            self.lanes[0].lines(&rho3, n, &mut lines);
            let (of, d) = (&self.three_of, &self.lanes[0].d);
            for (o, &x) in out.front.iter_mut().zip(&h.three) {
                let x = x as usize & (ORD - 1);
                let [a, b] = lines[of[x] as usize & (RUNS - 1)];
                *o = a + b * d[x];
            }
            let top_front = top(&out.front[..286]);
            // Both five-card lanes in one pass: they share the runs, and each ordinal's two `d`
            // sit side by side.
            // The front's lines are read: the middle's take their place.
            let (lines_middle, mut lines_back) = (&mut lines, [[0.0; 2]; RUNS]);
            five_lines([&self.lanes[1], &self.lanes[2]], &rho5, n, lines_middle, &mut lines_back);
            let (of, d) = (&self.five_of, &self.five_d);
            for ((m, b), &x) in out.middle.iter_mut().zip(out.back.iter_mut()).zip(&h.five) {
                let x = x as usize & (ORD - 1);
                let run = of[x] as usize & (RUNS - 1);
                let ([am, bm], [ab, bb], [dm, db]) = (lines_middle[run], lines_back[run], d[x].d);
                *m = am + bm * dm;
                *b = ab + bb * db;
            }
            let (top_middle, top_back) = (top(&out.middle[..1287]), top(&out.back[..1287]));
            out.top_front_middle = top_front + top_middle;
            out.slack = out.top_front_middle + top_back;
            out
        }
    }

    /// Every value's bits, but zero's sign: the fast front adds no `b · 0` (its `d` is 0), and a
    /// maximum over one chain may keep the other zero of a tie (no sum or comparison tells them
    /// apart).
    fn bits(c: &Corrections) -> Vec<u64> {
        let bits = |x: &f64| if *x == 0.0 { 0 } else { x.to_bits() };
        let mut v: Vec<u64> = c.front.iter().chain(c.middle.iter()).chain(c.back.iter()).map(bits).collect();
        v.extend([bits(&c.top_front_middle), bits(&c.slack)]);
        v
    }

    #[test]
    #[cfg_attr(miri, ignore)] // builds arrangers' objectives: minutes under Miri's interpreter
    fn fast_corrections_equal_the_reference() {
        let mut state = 0x5EED_u64;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for (rules, players) in [(Rules::classic(), 4), (Rules::classic(), 2), (Rules::preset(crate::Preset::Hk), 3)] {
            let a = Arranger::new(&rules, players).unwrap();
            let r = a.objective().removal().expect("one deck: card removal");
            let st = Strength::get(rules.wheel);
            assert!(r.segments.iter().all(|s| s.0 != Shape::Generic), "every run has a shape of its own");
            for i in 0..300 {
                let mut deck: Vec<u8> = (0..52).collect();
                for k in (1..52).rev() {
                    deck.swap(k, (next() % (k as u64 + 1)) as usize);
                }
                let mut codes: [u8; 13] = deck[..13].try_into().unwrap();
                if i % 10 == 0 {
                    // Thirteen cards of one suit.
                    codes = std::array::from_fn(|k| (k * 4 + i / 10 % 4) as u8);
                } else if i % 10 == 5 {
                    // Six pairs and a card.
                    codes = std::array::from_fn(|k| ((k / 2 + i / 10 % 7) * 4 + k % 2) as u8);
                }
                let h = HandSubsets::new(st, codes);
                let want = bits(&r.reference(&h));
                assert_eq!(bits(&r.corrections(&h)), want, "{codes:?}");
                assert_eq!(r.with_corrections(&h, bits), want, "{codes:?}");
            }
        }
    }
}
