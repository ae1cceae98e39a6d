//! The exact search: the legal split of 13 cards with the highest [`Objective::ev`].
//!
//! Every split is a back (5 of 13), a middle (5 of the other 8) and the front (the last 3):
//! 1287 × 56 = 72,072 of them. The ordinals of all 1287 five-card and 286 three-card subsets
//! are computed once per hand (`strength.rs`), so a split costs a few loads. Then ([`best`]):
//!
//! 1. the strongest back's splits give a first incumbent;
//! 2. every other back is bounded by its ordinal alone (the objective grows with each lane's
//!    ordinal, a legal middle is never above its back nor the front above the middle), then by
//!    what the other eight cards' ranks can make in the middle — when they make more than a
//!    weak back, only what fits under it ([`Strength::middle_below`]);
//! 3. the survivors, best bound first, get a joint bound of middle and front from the ranks,
//!    then a *scan* of their legal splits' lane values: the exact lane bound of the back and
//!    the strongest legal front and middle, at which the sweep terms are bounded. Weak hands
//!    have many backs worth nearly the same (every split pays about the same price of being
//!    shot), and only this bound tells them apart. The scan also values the back's best split
//!    by lane values, raising the incumbent early;
//! 4. the backs whose scanned bound reaches the incumbent are searched, best bound first: their
//!    splits that can reach it, nearly a staircase in the split table's order (a stronger front
//!    for a weaker middle), are bounded by runs, each at its own strongest front and middle,
//!    and only the splits of runs that still reach the incumbent are valued exactly. The first
//!    bound below the best found ends the search.
//!
//! Splits that differ only by swapping same-rank cards that can never be in a flush are worth
//! the same; one of each such family is visited ([`HandSubsets::canonical`]).
//!
//! Ties are broken by a fixed total order (expected water, then the back's and the middle's
//! position masks), so the result does not depend on visiting order: [`exhaustive`] visits all
//! 72,072 splits in plain order and must return the same split — the tests check it.

use super::model::{LaneTab, Objective, ORD_PAD};
use super::strength::{held_at_least, subset_ordinals, suit_major_bit, suit_masks, top_rank, Strength, Subsets};
use crate::eval::Category;

/// A split of 13 card positions (bit `i` = the hand's `i`-th card) with its lane ordinals.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Split {
    /// Positions of the 3 front cards.
    pub front: u16,
    /// Positions of the 5 middle cards.
    pub middle: u16,
    /// Positions of the 5 back cards.
    pub back: u16,
    /// Strength ordinals (front, middle, back).
    pub ordinals: [u16; 3],
    /// The objective's value.
    pub ev: f64,
}

impl Split {
    /// The fixed tie-break key: a larger key wins among equal values.
    #[inline]
    fn key(back: u16, middle: u16) -> u32 {
        (back as u32) << 13 | middle as u32
    }

    /// Whether `(ev, back, middle)` beats this split in the search's total order.
    #[inline]
    pub fn is_beaten_by(&self, ev: f64, back: u16, middle: u16) -> bool {
        ev > self.ev || (ev == self.ev && Split::key(back, middle) > Split::key(self.back, self.middle))
    }
}

/// The subset ordinals of one hand (what every search over it reads).
#[derive(Clone)]
pub struct HandSubsets {
    /// Card codes in position order: ascending, so that cards of one rank are adjacent.
    pub codes: [u8; 13],
    /// Bit `i` set when the cards at positions `i` and `i + 1` are interchangeable: the same
    /// rank, and neither suit holds five cards in the hand (so neither can be in a flush).
    /// Splits that differ only by swapping such cards are worth the same; the search visits
    /// one of each kind (see [`HandSubsets::canonical`]).
    pub twins: u16,
    /// Ordinal of each five-card subset, in [`Subsets`] order.
    pub five: [u16; 1287],
    /// Suit counts of each five-card subset, one nibble per suit.
    pub five_suits: [u16; 1287],
    /// Each card in the suit-major layout ([`suit_major_bit`]).
    pub bits: [u64; 13],
    /// All 13 cards in the suit-major layout.
    pub cards: u64,
    /// Rank counts of the 13 cards, one nibble per rank.
    pub counts: u64,
    /// Suit counts of the 13 cards, one nibble per suit.
    pub suit_counts: u16,
    /// Ordinal of each three-card subset.
    pub three: [u16; 286],
}

impl HandSubsets {
    /// Compute the ordinals of every subset of 13 distinct card codes (sorted first: every
    /// position mask refers to [`HandSubsets::codes`]).
    pub fn new(st: &Strength, mut codes: [u8; 13]) -> HandSubsets {
        codes.sort_unstable();
        let bits = codes.map(suit_major_bit);
        let cards = bits.iter().fold(0, |a, b| a | b);
        let counts = codes.iter().map(|&c| 1u64 << (4 * (c >> 2))).sum();
        let suit_counts: u16 = codes.iter().map(|&c| 1u16 << (4 * (c & 3))).sum();
        let plain = |c: u8| (suit_counts >> (4 * (c & 3)) & 0xF) < 5;
        let twins = (0..12)
            .filter(|&i| codes[i] >> 2 == codes[i + 1] >> 2 && plain(codes[i]) && plain(codes[i + 1]))
            .fold(0u16, |m, i| m | 1 << i);
        let mut h = HandSubsets {
            codes,
            twins,
            five: [0; 1287],
            five_suits: [0; 1287],
            bits,
            cards,
            counts,
            suit_counts,
            three: [0; 286],
        };
        subset_ordinals(st, &codes, &mut h.five, &mut h.five_suits, &mut h.three);
        h
    }
}

impl HandSubsets {
    /// Whether a back and middle are the representative of their kind: of interchangeable
    /// cards, the back holds the highest positions and the middle the next (so the fixed
    /// tie-break, which prefers higher masks, picks exactly this one among equals).
    #[inline]
    pub fn canonical(&self, back: u16, middle: u16) -> bool {
        canonical(self.twins, back, middle)
    }

    /// The cards not in a five-card position mask, in the suit-major layout.
    #[inline]
    pub fn rest_cards(&self, five: u16) -> u64 {
        let mut m = five;
        let mut out = self.cards;
        for _ in 0..5 {
            out ^= self.bits[(m.trailing_zeros() & 15) as usize % 13];
            m &= m.wrapping_sub(1);
        }
        out
    }
}

/// What [`Ctx::scan`] finds behind one back.
struct Scan {
    /// The largest lane value (back + middle + front) of a legal split.
    top: f64,
    /// The strongest legal front.
    of_cap: u16,
    /// The strongest legal middle.
    om_cap: u16,
    /// The split with `top`: front and middle ordinals, middle mask.
    arg: (u16, u16, u16),
}

/// [`HandSubsets::canonical`] with the hand's twin mask given.
#[inline(always)]
fn canonical(twins: u16, back: u16, middle: u16) -> bool {
    (back & twins) & !(back >> 1) == 0 && (middle & twins) & !((middle | back) >> 1) == 0
}

/// Whether lane ordinals `(f, m, b)` are legal (RULES.md §2, ranks only).
#[inline]
pub fn legal(st: &Strength, f: u16, m: u16, b: u16, strict: bool) -> bool {
    let (fk, mk) = (st.three_front_key[f as usize], st.five_front_key[m as usize]);
    if strict {
        m < b && fk < mk
    } else {
        m <= b && fk <= mk
    }
}

const NONE: Split = Split { front: 0, middle: 0, back: 0, ordinals: [0; 3], ev: f64::NEG_INFINITY };

/// Positions of the set bits of an 8-card mask.
#[inline]
fn positions(mut rest: u16) -> [u16; 8] {
    let mut p = [0u16; 8];
    for slot in p.iter_mut() {
        *slot = rest & rest.wrapping_neg();
        rest &= rest - 1;
    }
    p
}

/// A bound of `middle value + front value` over every legal way to split eight cards (given
/// as per-rank counts in nibbles, with the best flush they make, or 0) with the middle at most
/// `top`, and the ordinal caps of middle and front it used.
///
/// The front is a high card (at best the three highest ranks, or the three below the top one
/// when the middle can only be a high card holding it), a pair or trips. For each,
/// the middle is bounded by what the eight cards make without the front's group: a front
/// pair of the highest pair rank leaves the middle without those two cards; any lower front
/// group is bounded by the second highest group's front and the middle of all eight cards.
#[inline]
fn inner_cap(st: &Strength, lm: &LaneTab, lf: &LaneTab, counts: u64, flush: u16, top: u16) -> (f64, u16, u16) {
    let top_of = top_rank;
    let five_all = st.exact_five_cap(counts);
    let om_all = st.middle_below(counts, five_all.max(flush), top);
    let mut best = f64::NEG_INFINITY;
    let (mut om_max, mut of_max) = (0u16, 0u16);
    let mut option = |om: u16, front: u16| {
        let of = front.min(st.front_cap[om as usize]);
        best = max_f64(best, lm.value_cap[om as usize] + lf.value_cap[of as usize]);
        om_max = om_max.max(om);
        of_max = of_max.max(of);
    };
    let ranks = held_at_least(counts, 1);
    let r = top_of(ranks);
    // When the eight cards make nothing better than a high card (no flush either), every
    // middle is a high card, and a front holding the only card of the top rank would beat it:
    // the front's best is then the three highest of the other ranks.
    let high =
        if flush == 0 && (counts >> (4 * r)) & 0xF == 1 && st.five_category[five_all as usize] == Category::HighCard {
            st.high_three(ranks & !(8 << (4 * r)))
        } else {
            st.high_three(ranks)
        };
    if let Some(high) = high {
        option(om_all, high);
    }
    // A pair (2 cards) or trips (3) in front.
    for (n, cat) in [(2u64, 1usize), (3, 3)] {
        let groups = held_at_least(counts, n);
        if groups == 0 {
            continue;
        }
        let r = top_of(groups);
        // Straights and flushes are kept whole: a bound, not the exact remainder.
        let rest = counts - (n << (4 * r));
        let cap = st.middle_below(rest, st.exact_five_cap(rest).max(flush), top);
        option(cap, st.three_group_cap[cat * 16 + r]);
        let lower = groups & !(0xF << (4 * r));
        if lower != 0 {
            option(om_all, st.three_group_cap[cat * 16 + top_of(lower)]);
        }
    }
    (best, om_max, of_max)
}

/// Per-hand values the search reads.
struct Ctx<'a> {
    obj: &'a Objective,
    st: &'a Strength,
    h: &'a HandSubsets,
    sub: &'static Subsets,
    strict: bool,
    sweeps: bool,
}

impl Ctx<'_> {
    /// The rank counts of the eight cards behind back `bi`, the best flush they make (0 without
    /// one) and the middle's ceiling.
    #[inline]
    fn rest_of(&self, bi: usize) -> (u64, u16, u16) {
        let (st, h) = (self.st, self.h);
        let ob = h.five[bi];
        // A class fixes its ranks: the hand's counts less the back's.
        let counts = h.counts - st.five_counts[ob as usize];
        let suits_left = h.suit_counts - h.five_suits[bi];
        let flush = if (suits_left + 0x3333) & 0x8888 != 0 {
            st.shape_cap(0, suit_masks(h.rest_cards(self.sub.five[bi])))
        } else {
            0
        };
        (counts, flush, if self.strict { ob.saturating_sub(1) } else { ob })
    }

    /// The bound of back `bi` at the largest caps of middle and front its other eight cards'
    /// ranks allow (one sweep value), and the sweep part of it.
    #[inline]
    fn coarse_bound(&self, bi: usize, best_ev: f64) -> Option<(f64, f64)> {
        let (st, obj) = (self.st, self.obj);
        let [lf, lm, lb] = &obj.lanes;
        let ob = self.h.five[bi];
        let (counts, flush, top) = self.rest_of(bi);
        let (lanes, om_cap, of_cap) = inner_cap(st, lm, lf, counts, flush, top);
        let lanes = lb.value[ob as usize] + lanes;
        if !self.sweeps {
            return Some((lanes, 0.0));
        }
        // The back's own sweep bound (any middle up to the back) first: a load, where the
        // bound at these caps costs an interpolation.
        let loose = obj.back_sweep[ob as usize];
        if lanes + loose < best_ev {
            return Some((lanes + loose, loose));
        }
        let sweep = obj.sweep_bound_tight(of_cap, om_cap, ob).min(loose);
        Some((lanes + sweep, sweep))
    }

    /// The bound of back `bi` from its legal splits (see [`Ctx::scan`]), with the sweep part
    /// of it (capped by `cap`, a bound of the sweep values found otherwise); `None` when no
    /// legal split exists. The split with the best lane values is valued on the way, which
    /// raises the best found cheaply before whole backs are searched.
    #[inline]
    fn bound_back(&self, bi: usize, cap: f64, best: &mut Split, evaluated: &mut u32) -> Option<(f64, f64)> {
        let ob = self.h.five[bi];
        let vb = self.obj.lanes[2].value[ob as usize];
        let scan = self.scan(bi, ob, vb)?;
        let sweep_cap =
            if self.sweeps { self.obj.sweep_bound_tight(scan.of_cap, scan.om_cap, ob).min(cap) } else { 0.0 };
        let bound = scan.top + sweep_cap;
        if bound >= best.ev {
            let (of, om, mmask) = scan.arg;
            self.value_split([of, om, ob], scan.top, self.sub.five[bi], mmask, best, evaluated);
        }
        Some((bound, sweep_cap))
    }

    /// Value every legal split behind back `bi` that can beat the best found, given
    /// `sweep_cap`, a bound of their sweep values ([`Ctx::bound_back`]). Only with sweep terms:
    /// without them the scan's best split is the back's best.
    ///
    /// The splits that pass `sweep_cap` come in the split table's order, nearly a staircase
    /// (fronts ascending, so middles descending: a card moved from the middle to the front
    /// trades one for the other), and are bounded by halves: a run of the
    /// staircase is worth at most its best lane value plus the sweep terms at its strongest
    /// front and middle, which lie much closer to its splits than the back's two caps. Weak
    /// hands search many backs whose splits are nearly all below the best found, but only by
    /// a little; this prunes most of them with a few bounds instead of an exact value each
    /// (the hardest hands: a fifth to a tenth of the exact values).
    #[inline]
    fn search_back(&self, bi: usize, sweep_cap: f64, best: &mut Split, evaluated: &mut u32) {
        let obj = self.obj;
        let (twins, bmask, masks) = (self.h.twins, self.sub.five[bi], &self.sub.five);
        let ob = self.h.five[bi];
        let vb = obj.lanes[2].value[ob as usize];
        // The candidates, in the table's order: fronts by ascending position mask, so middles
        // roughly descend and fronts ascend (a staircase).
        let mut cand = [(0u16, 0u16, 0u16); 64];
        let mut lanes = [0f64; 64];
        let mut n = 0usize;
        self.legal_splits(bi, ob, vb, |of, om, i5, l| {
            if l + sweep_cap < best.ev {
                return;
            }
            let mmask = masks[i5];
            if !canonical(twins, bmask, mmask) {
                return;
            }
            cand[n & 63] = (of, om, mmask);
            lanes[n & 63] = l;
            n += 1;
        });
        let mut value = |i: usize, cap: f64, best: &mut Split| {
            let (l, (of, om, mmask)) = (lanes[i], cand[i]);
            if l + cap >= best.ev {
                self.value_split([of, om, ob], l, bmask, mmask, best, evaluated);
            }
        };
        if n <= 4 {
            for i in 0..n {
                value(i, sweep_cap, best);
            }
            return;
        }
        // A binary tree over runs of the staircase, each node holding the best lane value,
        // the strongest front and the strongest middle of its run; depth first, a run is
        // halved only while its bound reaches the best found.
        let leaves = n.div_ceil(2).next_power_of_two();
        let mut top = [0f64; 64];
        let mut front = [0u16; 64];
        let mut middle = [0u16; 64];
        // Leaves: pairs of candidates (the last one alone when `n` is odd; leaves past the
        // candidates are empty, with a bound of -inf).
        for leaf in 0..leaves {
            let node = (leaves + leaf) & 63;
            let i = 2 * leaf;
            if i >= n {
                top[node] = f64::NEG_INFINITY;
                continue;
            }
            let j = (i + 1).min(n - 1);
            top[node] = max_f64(lanes[i & 63], lanes[j & 63]);
            front[node] = cand[i & 63].0.max(cand[j & 63].0);
            middle[node] = cand[i & 63].1.max(cand[j & 63].1);
        }
        for node in (1..leaves).rev() {
            let (l, r) = ((2 * node) & 63, (2 * node + 1) & 63);
            top[node] = max_f64(top[l], top[r]);
            front[node] = front[l].max(front[r]);
            middle[node] = middle[l].max(middle[r]);
        }
        // The root's bound is the back's; depth at most log2(32) + 1, two entries a level.
        let mut stack = [(0usize, 0f64); 16];
        stack[0] = (2, sweep_cap);
        stack[1] = (3, sweep_cap);
        let mut depth = 2;
        while depth > 0 {
            depth -= 1;
            let (node, cap) = stack[depth & 15];
            let node = node & 63;
            if top[node] + cap < best.ev {
                continue;
            }
            if node >= leaves {
                // A leaf: its one or two candidates (none past the last; those leaves' bound
                // is -inf, but the best found could be -inf too).
                let i = 2 * (node - leaves);
                if i < n {
                    value(i, cap, best);
                }
                if i + 1 < n {
                    value(i + 1, cap, best);
                }
                continue;
            }
            let cap = obj.sweep_bound_tight(front[node], middle[node], ob).min(cap);
            if top[node] + cap < best.ev {
                continue;
            }
            stack[depth & 15] = (2 * node + 1, cap);
            stack[(depth + 1) & 15] = (2 * node, cap);
            depth += 2;
        }
    }

    /// Value a split (ordinals, lane value, back and middle masks) exactly and keep it if it
    /// beats the best found. Out of line: the search's loops keep their registers.
    #[inline(never)]
    fn value_split(&self, ord: [u16; 3], lanes: f64, bmask: u16, mmask: u16, best: &mut Split, evaluated: &mut u32) {
        let ev = if ord == best.ordinals {
            // The value is a function of the ordinals: a symmetric twin of the best.
            best.ev
        } else {
            *evaluated += 1;
            lanes + self.obj.sweep_value(ord[0], ord[1], ord[2])
        };
        if best.is_beaten_by(ev, bmask, mmask) {
            *best = Split { front: !bmask & 0x1FFF ^ mmask, middle: mmask, back: bmask, ordinals: ord, ev };
        }
    }

    /// Call `f(front, middle, middle index, lane value)` on every legal split behind back `bi`
    /// (ordinal `ob`, lane value `vb`), symmetric twins included: the loop both stages share.
    /// The middle's position mask is `Subsets::five[index]`, read by `f` only when it needs it.
    #[inline(always)]
    fn legal_splits(&self, bi: usize, ob: u16, vb: f64, mut f: impl FnMut(u16, u16, usize, f64)) {
        // Everything the loop reads, in locals: the compiler would otherwise reload the table
        // pointers through `self` on every split.
        let (five, three) = (&self.h.five, &self.h.three);
        let fm: &[f64; 2 * ORD_PAD] = &self.obj.front_middle;
        let below: &[u16; ORD_PAD] = &self.st.front_below[self.strict as usize];
        // Strict order: the middle strictly below the back.
        let om_max = ob as i32 - self.strict as i32;
        for &pair in self.sub.splits[bi].iter() {
            let i5 = (pair & 0xFFFF) as usize;
            let om = five[i5];
            if om as i32 > om_max {
                continue;
            }
            let of = three[(pair >> 16) as usize];
            if of >= below[om as usize & (ORD_PAD - 1)] {
                continue;
            }
            f(of, om, i5, vb + fm[ORD_PAD | om as usize & (ORD_PAD - 1)] + fm[of as usize & (ORD_PAD - 1)]);
        }
    }

    /// Over the legal splits behind back `bi` (ordinal `ob`, lane value `vb`): the largest
    /// lane value, the split that has it, and the strongest front and middle any legal split
    /// reaches. A few loads per split: this exact bound of the lane values, with the sweep
    /// terms bounded at the two caps, separates near-tied backs where caps from the cards'
    /// ranks alone cannot (those let the front and the middle both have the best cards).
    #[inline]
    fn scan(&self, bi: usize, ob: u16, vb: f64) -> Option<Scan> {
        if !canonical(self.h.twins, self.sub.five[bi], 0) {
            // No split of this back is a representative: its twin back stands for it.
            return None;
        }
        let (mut top, mut of_cap, mut om_cap) = (f64::NEG_INFINITY, 0u16, 0u16);
        let mut arg = (0u16, 0u16, 0u16);
        let masks = &self.sub.five;
        self.legal_splits(bi, ob, vb, |of, om, i5, lanes| {
            // Ties go to the larger middle mask, as in the search's order. That split is a
            // representative: a split that is not has a twin with the same lane value and a
            // larger middle mask (the same-rank card moved from the front to the middle).
            if lanes > top || (lanes == top && masks[i5] > arg.2) {
                top = lanes;
                arg = (of, om, masks[i5]);
            }
            of_cap = of_cap.max(of);
            om_cap = om_cap.max(om);
        });
        (top > f64::NEG_INFINITY).then_some(Scan { top, of_cap, om_cap, arg })
    }
}

/// The best legal split by branch and bound (see the module docs). Counts of the work done go
/// to `stats` when given.
pub fn best(obj: &Objective, st: &Strength, h: &HandSubsets, strict: bool, stats: Option<&mut Stats>) -> Split {
    let sub = Subsets::get();
    let [lf, lm, lb] = &obj.lanes;
    let ctx = Ctx { obj, st, h, sub, strict, sweeps: obj.has_sweeps() };
    // The strongest back (the first of equals): a plain maximum, then its position, which
    // vectorise where one loop tracking both would not.
    let top = h.five.iter().copied().max().unwrap_or(0);
    let first = (h.five.iter().position(|&o| o == top).unwrap_or(0), top);
    let mut best = NONE;
    let mut evaluated = 0u32;
    let mut loose = 0u32;
    let mut scanned = 0u32;
    // Pass 1: the strongest back, for a first incumbent.
    if let Some((_, cap)) = ctx.bound_back(first.0, f64::INFINITY, &mut best, &mut evaluated) {
        if ctx.sweeps {
            ctx.search_back(first.0, cap, &mut best, &mut evaluated);
        }
    }
    // Pass 2: bound every other back by its ordinal alone, then by what the other eight cards'
    // rank groups can make at best (the middle only; cheap).
    let mut cands: Vec<u64> = Vec::with_capacity(256);
    // Backs below this ordinal cannot reach the incumbent: one compare each, no table load.
    let floor = obj.lowest_back_reaching(best.ev);
    for (bi, &ob) in h.five.iter().enumerate() {
        if ob < floor || obj.back_bound[ob as usize] < best.ev || bi == first.0 || !h.canonical(sub.five[bi], 0) {
            continue;
        }
        loose += 1;
        // The other eight cards' rank counts are the hand's less the back's (a class fixes its
        // ranks); a flush is possible only while a suit still holds five cards.
        let counts = h.counts - st.five_counts[ob as usize];
        let suits_left = h.suit_counts - h.five_suits[bi];
        let top_middle = if strict { ob.saturating_sub(1) } else { ob };
        let (five, three) = st.count_caps(counts);
        // With a flush possible, what the cards make best is not known here.
        let made = if (suits_left + 0x3333) & 0x8888 != 0 { u16::MAX } else { five };
        let om = st.middle_below(counts, made, top_middle);
        let of = three.min(st.front_cap[om as usize]);
        let bound =
            lb.value[ob as usize] + lm.value_cap[om as usize] + lf.value_cap[of as usize] + obj.back_sweep[ob as usize];
        if bound >= best.ev {
            // The bound's order key with the back in its low bits (level 0; see pass 3).
            cands.push(order_key(bound) & !0xFFFF | (0x7FF ^ bi as u64));
        }
    }
    let cands_total = cands.len();
    // Pass 3, best first: the back with the highest bound is refined one level (the joint
    // bound of middle and front from the ranks; the scan of its legal splits; finally its
    // splits searched) and goes back with its tighter bound. A back
    // is thus refined only while its bound is the highest of all, never because the best found
    // was still low when it came up: each level runs only on backs whose previous bound
    // reaches the optimum. The first bound below the best found ends the search.
    //
    // Keys: the bound's order key, its low 16 bits replaced by the level (2 bits, deeper
    // first among equals) and the back's index (11 bits): plain integers in a heap.
    let pack = |bound: f64, level: u64, bi: usize| order_key(bound) & !0xFFFF | level << 13 | (0x7FF ^ bi as u64);
    let mut heap = std::collections::BinaryHeap::from(cands);
    // Sweep caps found at the last level (a bound of the sweep value of every split behind a
    // back), read by the next.
    let mut caps = [f64::INFINITY; 1287];
    let mut visited = 1u32;
    while let Some(key) = heap.pop() {
        // Every bound left is at most the largest bound with this key's upper bits.
        if from_order_key(key | 0xFFFF) < best.ev {
            break;
        }
        let (level, bi) = ((key >> 13) & 3, (0x7FF ^ key & 0x7FF) as usize);
        let refined = match level {
            0 => ctx.coarse_bound(bi, best.ev),
            1 => {
                scanned += 1;
                ctx.bound_back(bi, caps[bi], &mut best, &mut evaluated)
            }
            _ => {
                visited += 1;
                ctx.search_back(bi, caps[bi], &mut best, &mut evaluated);
                None
            }
        };
        if let Some((bound, cap)) = refined {
            // Without sweeps a back's value is its lane value, so the scan has already valued
            // its best split: there is nothing left to search.
            if bound >= best.ev && (level == 0 || ctx.sweeps) {
                caps[bi] = cap;
                heap.push(pack(bound, level + 1, bi));
            }
        }
    }
    if let Some(s) = stats {
        s.backs += visited as u64;
        s.splits += evaluated as u64;
        s.hands += 1;
        s.screened += cands_total as u64;
        s.loose += loose as u64;
        s.scanned += scanned as u64;
    }
    best
}

/// The larger of two numbers that are never NaN (one compare; `f64::max` also handles NaN).
#[inline(always)]
fn max_f64(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// A `u64` that orders like `f64::total_cmp` (to heap bounds as plain integers).
#[inline]
fn order_key(x: f64) -> u64 {
    let b = x.to_bits();
    if b >> 63 == 1 {
        !b
    } else {
        b | 1 << 63
    }
}

/// The inverse of [`order_key`].
#[inline]
fn from_order_key(k: u64) -> f64 {
    f64::from_bits(if k >> 63 == 1 { k & !(1 << 63) } else { !k })
}

/// Work counters of [`best`].
#[derive(Copy, Clone, Default, Debug)]
pub struct Stats {
    /// Hands searched.
    pub hands: u64,
    /// Backs whose splits were enumerated.
    pub backs: u64,
    /// Splits whose full value was computed.
    pub splits: u64,
    /// Backs that passed the bound of their other eight cards' middle (pass 2).
    pub screened: u64,
    /// Backs that passed the bound of their ordinal alone (pass 2).
    pub loose: u64,
    /// Backs whose legal splits were scanned for their own bound (pass 3a).
    pub scanned: u64,
}

/// The reference: every one of the 72,072 splits, fouls skipped, same objective and order.
pub fn exhaustive(obj: &Objective, st: &Strength, h: &HandSubsets, strict: bool) -> Split {
    let sub = Subsets::get();
    let mut best = NONE;
    for (bi, &bmask) in sub.five.iter().enumerate() {
        let ob = h.five[bi];
        for (fi, &fmask) in sub.three.iter().enumerate() {
            if fmask & bmask != 0 {
                continue;
            }
            let mmask = !(bmask | fmask) & 0x1FFF;
            let om = h.five[sub.index[mmask as usize] as usize];
            let of = h.three[fi];
            if !legal(st, of, om, ob, strict) {
                continue;
            }
            let ev = obj.ev(of, om, ob);
            if best.is_beaten_by(ev, bmask, mmask) {
                best = Split { front: fmask, middle: mmask, back: bmask, ordinals: [of, om, ob], ev };
            }
        }
    }
    best
}

/// Call `f` on every legal split of a hand with its lane ordinals (for suggestions and
/// baselines that need them all).
pub fn for_each_legal(st: &Strength, h: &HandSubsets, strict: bool, mut f: impl FnMut(u16, u16, u16, [u16; 3])) {
    let sub = Subsets::get();
    for (bi, &bmask) in sub.five.iter().enumerate() {
        let ob = h.five[bi];
        let rest = !bmask & 0x1FFF;
        let p = positions(rest);
        for a in 0..6 {
            for b in a + 1..7 {
                for &pc in &p[b + 1..] {
                    let fmask = p[a] | p[b] | pc;
                    let mmask = rest ^ fmask;
                    let om = h.five[sub.index[mmask as usize] as usize];
                    let of = h.three[sub.index[fmask as usize] as usize];
                    if legal(st, of, om, ob, strict) {
                        f(fmask, mmask, bmask, [of, om, ob]);
                    }
                }
            }
        }
    }
}
