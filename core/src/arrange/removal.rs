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

/// The largest of `v` (−∞ when empty), with four running maxima: a maximum is exact in any
/// order, and four chains overlap where one would wait on each comparison.
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

/// The card-removal tables of one objective.
#[derive(Clone, Debug)]
pub(crate) struct Removal {
    /// Unique to the tables (clones share it): what a cache of one hand's corrections is keyed by.
    pub(crate) id: u64,
    opponents: f64,
    /// Each five-card ordinal's run (shared by the middle and the back) and each run's code.
    five_of: Vec<u32>,
    five_codes: Vec<Code>,
    three_of: Vec<u32>,
    /// Per three-card run (one class each), the factor-table entries of its ranks: its ratio
    /// is their product (every other part of an exact class's code is 1).
    three_factors: Vec<[u8; 3]>,
    /// Front, middle, back.
    lanes: [Lane; 3],
    /// Per five-card ordinal, the middle's and the back's `d` side by side.
    five_d: Vec<[f64; 2]>,
}

impl Removal {
    /// The tables for lane distributions `pmf` and my lane water `water` (front, middle,
    /// back), against `opponents` opponents.
    pub(crate) fn new(st: &Strength, pmf: [&[f64]; 3], water: [&[f64]; 3], opponents: usize) -> Removal {
        let (five_of, five_codes) =
            runs((0..FIVE_CLASSES).map(|o| Code::of(st.five_category[o], st.five_counts[o], false)));
        let (three_of, three_codes) = runs(three_counts(st).into_iter().map(|c| Code::of(Category::HighCard, c, true)));
        debug_assert!(five_codes.len() <= RUNS && three_codes.len() <= RUNS, "runs fit the per-hand lines");
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
        let pad = |mut v: Vec<u32>| {
            v.resize(ORD, 0);
            v
        };
        let (five_of, three_of) = (pad(five_of), pad(three_of));
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let id = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let five_d = (0..ORD).map(|x| [lanes[1].d[x], lanes[2].d[x]]).collect();
        Removal { id, opponents: opponents as f64, five_of, five_codes, three_of, three_factors, lanes, five_d }
    }

    /// The corrections of one hand's subsets (inlined into `Objective::corrections`, its one
    /// caller, as the compiler chose before; out of line it costs 0.5% more instructions).
    #[inline]
    pub(crate) fn corrections(&self, h: &HandSubsets) -> Corrections {
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
        let mut out = Corrections { front: zeros(), middle: zeros(), back: zeros(), top_front_middle: 0.0, slack: 0.0 };
        self.lanes[0].lines(&rho3, n, &mut lines);
        let (of, d) = (&self.three_of, &self.lanes[0].d);
        for (o, &x) in out.front.iter_mut().zip(&h.three) {
            let x = x as usize & (ORD - 1);
            let [a, b] = lines[of[x] as usize & (RUNS - 1)];
            *o = a + b * d[x];
        }
        let top_front = top(&out.front[..]);
        // Both five-card lanes in one pass: they share the runs, and each ordinal's two `d`
        // sit side by side.
        // The front's lines are read: the middle's take their place.
        let (lines_middle, mut lines_back) = (&mut lines, [[0.0; 2]; RUNS]);
        five_lines([&self.lanes[1], &self.lanes[2]], &rho5, n, lines_middle, &mut lines_back);
        let (of, d) = (&self.five_of, &self.five_d);
        for ((m, b), &x) in out.middle.iter_mut().zip(out.back.iter_mut()).zip(&h.five) {
            let x = x as usize & (ORD - 1);
            let run = of[x] as usize & (RUNS - 1);
            let ([am, bm], [ab, bb], [dm, db]) = (lines_middle[run], lines_back[run], d[x]);
            *m = am + bm * dm;
            *b = ab + bb * db;
        }
        let (top_middle, top_back) = (top(&out.middle[..]), top(&out.back[..]));
        out.top_front_middle = top_front + top_middle;
        out.slack = out.top_front_middle + top_back;
        out
    }
}
/// What card removal adds to each subset's lane value for one hand: by subset index (as
/// [`HandSubsets`] orders them), and a bound of what it adds to any split.
#[derive(Clone, Debug)]
pub struct Corrections {
    /// Per three-card subset, its correction as the front.
    pub front: Box<[f64; 286]>,
    /// Per five-card subset, as the middle.
    pub middle: Box<[f64; 1287]>,
    /// Per five-card subset, as the back.
    pub back: Box<[f64; 1287]>,
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
        self.front[front % 286] + self.middle[middle % 1287] + self.back[back % 1287]
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
