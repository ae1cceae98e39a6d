//! Lane strength as a dense ordinal: every distinct 5-card rank class (7462 of them) and
//! 3-card rank class (455) numbered from the weakest, suits ignored.
//!
//! The model's tables are indexed by these ordinals, and the search compares them instead of
//! [`HandRank`]s: two hands have the same ordinal exactly when they are equal for the foul
//! check (RULES.md §2 compares ranks only). The ordinal of a card set comes from one lookup in
//! a displacement-hashed table keyed like the evaluator's own (`eval::gen`), so it costs what
//! an `eval5` costs.

use std::sync::OnceLock;

use crate::eval::gen::{
    classify, lookup_card_keys, multisets, pack, rank_key, KEY_SHIFT, LOOKUP_ROW_SHIFT, OFFSETS_LEN, RANK_KEYS,
};
use crate::eval::{Category, HandRank};
use crate::rules::Wheel;

/// Number of distinct 5-card rank classes with one deck (no five of a kind).
pub const FIVE_CLASSES: usize = 7462;
/// Number of distinct 3-card rank classes.
pub const THREE_CLASSES: usize = 455;

/// The ordinal tables of one wheel option.
#[derive(Debug)]
pub struct Strength {
    keys: [u64; 52],
    five_offsets: Box<[u16; OFFSETS_LEN]>,
    five_values: Box<[u16; FIVE_SLOTS]>,
    /// The flush ordinal of the plain (high card or straight) ordinal of the same five ranks.
    flush_of: Vec<u16>,
    three_offsets: Box<[u16; OFFSETS_LEN]>,
    three_values: Box<[u16; THREE_SLOTS]>,
    /// Ranks-only [`HandRank`] of each 5-card ordinal.
    pub five_rank: Vec<HandRank>,
    /// Ranks-only [`HandRank`] of each 3-card ordinal.
    pub three_rank: Vec<HandRank>,
    /// `front_key` of each 5-card ordinal (how a middle meets a front, §2).
    pub five_front_key: Vec<u32>,
    /// `front_key` of each 3-card ordinal.
    pub three_front_key: Vec<u32>,
    /// For each 5-card ordinal, the highest 3-card ordinal that may sit in front of it
    /// (front key ≤ middle key); a cap for the search's bounds.
    pub front_cap: Vec<u16>,
    /// `front_below[strict][m]`: how many 3-card ordinals may sit in front of 5-card ordinal
    /// `m` (front keys rise with the ordinal, so a front is legal exactly when its ordinal is
    /// below this), without and with `strict_order`; zero-padded to a power of two.
    pub front_below: [Box<[u16; 8192]>; 2],
    /// Category of each 5-card ordinal.
    pub five_category: Vec<Category>,
    /// Category of each 3-card ordinal.
    pub three_category: Vec<Category>,
    /// `five_group_cap[cat * 16 + r]`: the highest 5-card ordinal of category `cat` whose top
    /// group (first tie-break rank) is at most rank index `r`; 0 when there is none.
    pub five_group_cap: [u16; 160],
    /// The same for 3-card hands.
    pub three_group_cap: [u16; 64],
    /// The weakest three-card hand of each category and group rank (`category * 16 + rank`,
    /// `u16::MAX` where none): a front holding that group is at least this.
    pub three_group_low: [u16; 64],
    /// `straight_cap[rank mask]`: the ordinal of the best (non-flush) straight those ranks make.
    pub straight_cap: Vec<u16>,
    /// `suited_cap[rank mask]`: the best flush or straight flush five cards of one suit with
    /// those ranks make (for masks of at least five ranks).
    pub suited_cap: Vec<u16>,
    /// Rank counts of each 5-card ordinal, one nibble per rank (a class fixes its ranks).
    pub five_counts: Vec<u64>,
}

// Fixed power-of-two table sizes, so that masked indices need no bounds checks. The five-card
// table holds the 6175 rank multisets only (flushes take a second, rarely read step).
const FIVE_SLOTS: usize = 8192;
const THREE_SLOTS: usize = 512;

/// Copy a table into a fixed-size, zero-padded array.
fn fixed<T: Copy + Default, const N: usize>(v: &[T]) -> Box<[T; N]> {
    assert!(v.len() <= N, "table of {} entries exceeds {N}", v.len());
    let mut out = Box::new([T::default(); N]);
    out[..v.len()].copy_from_slice(v);
    out
}

/// The distinct ranks of some hands, weakest first (their ordinals).
fn sorted_ranks(ranks: impl Iterator<Item = HandRank>) -> Vec<HandRank> {
    let mut v: Vec<HandRank> = ranks.collect();
    v.sort();
    v.dedup();
    v
}

/// Pack `(rank key, ordinal)` pairs into the evaluator's displacement-hash layout.
fn packed<const N: usize>(entries: &[(u32, u16)]) -> (Box<[u16; OFFSETS_LEN]>, Box<[u16; N]>) {
    let p = pack(&entries.iter().map(|&(k, o)| (k, o as u32)).collect::<Vec<_>>(), N);
    let values: Vec<u16> = p.values.iter().map(|&v| v as u16).collect();
    (fixed(&p.offsets), fixed(&values))
}

impl Strength {
    fn build(wheel: Wheel) -> Strength {
        let mut plain = Vec::new();
        let mut flushes = Vec::new();
        for counts in multisets(5) {
            let p = classify(&counts, false, wheel);
            plain.push((rank_key(&counts), p));
            if counts.iter().all(|&c| c <= 1) {
                flushes.push((p, classify(&counts, true, wheel)));
            }
        }
        let five_rank = sorted_ranks(plain.iter().map(|e| e.1).chain(flushes.iter().map(|e| e.1)));
        let ord5 = |r: HandRank| five_rank.binary_search(&r).expect("rank listed") as u16;
        let (five_offsets, five_values) =
            packed::<FIVE_SLOTS>(&plain.iter().map(|&(k, r)| (k, ord5(r))).collect::<Vec<_>>());
        let mut flush_of = vec![0u16; FIVE_CLASSES];
        for &(p, f) in &flushes {
            flush_of[ord5(p) as usize] = ord5(f);
        }
        let three: Vec<(u32, HandRank)> =
            multisets(3).iter().map(|c| (rank_key(c), classify(c, false, wheel))).collect();
        let three_rank = sorted_ranks(three.iter().map(|e| e.1));
        let (three_offsets, three_values) = packed::<THREE_SLOTS>(
            &three.iter().map(|&(k, r)| (k, three_rank.binary_search(&r).unwrap() as u16)).collect::<Vec<_>>(),
        );
        assert_eq!(five_rank.len(), FIVE_CLASSES);
        assert_eq!(three_rank.len(), THREE_CLASSES);
        let five_front_key: Vec<u32> = five_rank.iter().map(|r| r.front_key()).collect();
        let three_front_key: Vec<u32> = three_rank.iter().map(|r| r.front_key()).collect();
        let front_cap = five_front_key
            .iter()
            .map(|&k| three_front_key.iter().rposition(|&f| f <= k).map_or(0, |p| p as u16))
            .collect();
        let front_below = [false, true].map(|strict| {
            let mut t = Box::new([0u16; 8192]);
            for (slot, &k) in t.iter_mut().zip(&five_front_key) {
                // Front keys rise with the ordinal (a test checks it): a partition point.
                *slot = three_front_key.partition_point(|&f| if strict { f < k } else { f <= k }) as u16;
            }
            t
        });
        let mut keys = [0u64; 52];
        keys.copy_from_slice(&lookup_card_keys());
        let mut five_group_cap = [0u16; 160];
        for (o, r) in five_rank.iter().enumerate() {
            let slot = r.category() as usize * 16 + r.nibbles()[0].min(12) as usize;
            five_group_cap[slot] = five_group_cap[slot].max(o as u16);
        }
        let mut three_group_cap = [0u16; 64];
        let mut three_group_low = [u16::MAX; 64];
        for (o, r) in three_rank.iter().enumerate() {
            let slot = r.category() as usize * 16 + r.nibbles()[0] as usize;
            three_group_cap[slot] = three_group_cap[slot].max(o as u16);
            three_group_low[slot] = three_group_low[slot].min(o as u16);
        }
        for cat in 0..10 {
            for r in 1..16 {
                five_group_cap[cat * 16 + r] = five_group_cap[cat * 16 + r].max(five_group_cap[cat * 16 + r - 1]);
                if cat < 4 {
                    three_group_cap[cat * 16 + r] =
                        three_group_cap[cat * 16 + r].max(three_group_cap[cat * 16 + r - 1]);
                }
            }
        }
        Strength {
            keys,
            five_offsets,
            five_values,
            flush_of,
            three_offsets,
            three_values,
            five_category: five_rank.iter().map(|r| r.category()).collect(),
            three_category: three_rank.iter().map(|r| r.category()).collect(),
            five_rank,
            three_rank,
            five_front_key,
            three_front_key,
            front_cap,
            front_below,
            five_group_cap,
            three_group_cap,
            three_group_low,
            straight_cap: Vec::new(),
            suited_cap: Vec::new(),
            five_counts: Vec::new(),
        }
        .with_straight_caps()
        .with_counts()
    }

    /// Fill `five_counts` by evaluating one hand of every rank multiset.
    fn with_counts(mut self) -> Strength {
        let mut counts = vec![0u64; FIVE_CLASSES];
        for ms in multisets(5) {
            let nib: u64 = ms.iter().enumerate().map(|(r, &c)| (c as u64) << (4 * r)).sum();
            // Suits spread so that no five share one; the flush of distinct ranks as well.
            let mut codes = Vec::new();
            for (r, &c) in ms.iter().enumerate() {
                for _ in 0..c {
                    codes.push(r as u8 * 4 + codes.len() as u8 % 4);
                }
            }
            let plain = self.five([codes[0], codes[1], codes[2], codes[3], codes[4]]);
            counts[plain as usize] = nib;
            if ms.iter().all(|&c| c <= 1) {
                let flush = self.five(std::array::from_fn(|i| codes[i] & !3));
                counts[flush as usize] = nib;
            }
        }
        self.five_counts = counts;
        self
    }

    /// Bounds of the best five-card hand without flushes (rank groups and straights) and the
    /// best three-card hand among cards given by their per-rank counts (one nibble per rank).
    #[inline]
    pub fn count_caps(&self, counts: u64) -> (u16, u16) {
        let (flag, top) = (|n: u64| held_at_least(counts, n), top_rank);
        let f1 = flag(1);
        let mut five = self.five_group_cap[top(f1)];
        let mut three = self.three_group_cap[top(f1)];
        // Five present ranks in a row; the wheel is A-2-3-4-5.
        let run = f1 & f1 >> 4 & f1 >> 8 & f1 >> 12 & f1 >> 16;
        if run != 0 {
            five = five.max(self.straight_cap[0x1F << top(run)]);
        }
        if f1 & 0x0008_0000_0000_8888 == 0x0008_0000_0000_8888 {
            five = five.max(self.straight_cap[0x100F]);
        }
        let f2 = flag(2);
        if f2 != 0 {
            let p = top(f2);
            let two = f2 & (f2 - 1) != 0;
            five = five.max(self.five_group_cap[(1 + two as usize) * 16 + p]);
            three = three.max(self.three_group_cap[16 + p]);
            let f3 = flag(3);
            if f3 != 0 {
                let t = top(f3);
                five = five.max(self.five_group_cap[(3 + 3 * two as usize) * 16 + t]);
                three = three.max(self.three_group_cap[3 * 16 + t]);
                let f4 = flag(4);
                if f4 != 0 {
                    five = five.max(self.five_group_cap[7 * 16 + top(f4)]);
                }
            }
        }
        (five, three)
    }

    /// A bound of the middles at most `top` (an ordinal) among cards given by their per-rank
    /// counts (one nibble per rank), given `cap`, a bound of every hand they make (`u16::MAX`
    /// when unknown). When `cap` is above `top` (the back is weaker than what its other eight
    /// cards make: common in weak hands) and the back is at most trips, a legal middle is of a
    /// lower category, or of the back's with its group no higher: the cards' better groups,
    /// straights and flushes cannot sit in it whole. Otherwise `min(cap, top)`.
    #[inline(always)]
    pub fn middle_below(&self, counts: u64, cap: u16, top: u16) -> u16 {
        if cap <= top {
            cap
        } else {
            self.middle_strictly_below(counts, top)
        }
    }

    /// [`Strength::middle_below`] when what the cards make may be above `top`.
    #[inline(never)]
    fn middle_strictly_below(&self, counts: u64, top: u16) -> u16 {
        let cat = self.five_category[top as usize];
        if cat > Category::ThreeOfAKind {
            return top;
        }
        let top_of = top_rank;
        // The cards' groups of the back's category are those no higher than its group.
        let group = self.five_rank[top as usize].nibbles()[0] as usize;
        let at_most = |f: u64, c: Category| if c == cat { f & ((16u64 << (4 * group)) - 1) } else { f };
        let mut m = 0u16;
        let (present, pairs, trips) = (held_at_least(counts, 1), held_at_least(counts, 2), held_at_least(counts, 3));
        if present != 0 {
            m = self.five_group_cap[top_of(present)];
        }
        if cat >= Category::OnePair {
            let p = at_most(pairs, Category::OnePair);
            if p != 0 {
                m = m.max(self.five_group_cap[16 + top_of(p)]);
            }
        }
        if cat >= Category::TwoPair {
            let p = at_most(pairs, Category::TwoPair);
            if p & p.wrapping_sub(1) != 0 {
                m = m.max(self.five_group_cap[2 * 16 + top_of(p)]);
            }
        }
        if cat >= Category::ThreeOfAKind {
            let t = at_most(trips, Category::ThreeOfAKind);
            if t != 0 {
                m = m.max(self.five_group_cap[3 * 16 + top_of(t)]);
            }
        }
        m.min(top)
    }

    /// The best high-card three-card hand of the ranks flagged in `f` (bit `4r + 3` for rank
    /// `r`): its three highest ranks; `None` with fewer than three.
    #[inline]
    pub fn high_three(&self, mut f: u64) -> Option<u16> {
        let mut sum = 0;
        for _ in 0..3 {
            if f == 0 {
                return None;
            }
            let r = top_rank(f);
            sum += (RANK_KEYS[r] as u64) << KEY_SHIFT;
            f &= !(8u64 << (4 * r));
        }
        Some(self.three_from_sum(sum))
    }

    /// The best five-card hand without flushes among cards given by their per-rank counts (one
    /// nibble per rank; at least five cards), exactly: the strongest hand of the highest
    /// category the cards make (the top group, then the top kickers), looked up. Categories are
    /// tried from the top, since every hand of a category is above every hand of the ones below.
    #[inline]
    pub fn exact_five_cap(&self, counts: u64) -> u16 {
        let (flag, top) = (|n: u64| held_at_least(counts, n), top_rank);
        let rk = |r: usize| (RANK_KEYS[r] as u64) << KEY_SHIFT;
        let without = |f: u64, r: usize| f & !(8u64 << (4 * r));
        // Sum of the keys of the `n` highest ranks flagged in `f`, if it flags that many.
        let tops = |mut f: u64, n: usize| -> Option<u64> {
            let mut sum = 0;
            for _ in 0..n {
                if f == 0 {
                    return None;
                }
                let r = top(f);
                sum += rk(r);
                f = without(f, r);
            }
            Some(sum)
        };
        let (f1, f2) = (flag(1), flag(2));
        // Trips need a pair first (every rank held three times is also held twice).
        let f3 = if f2 != 0 { flag(3) } else { 0 };
        if f3 != 0 {
            let f4 = flag(4);
            if f4 != 0 {
                let q = top(f4);
                if let Some(s) = tops(without(f1, q), 1) {
                    return self.five_plain(4 * rk(q) + s);
                }
            }
            let t = top(f3);
            let pairs = without(f2, t);
            if pairs != 0 {
                return self.five_plain(3 * rk(t) + 2 * rk(top(pairs)));
            }
        }
        // The best straight: the highest run, or the wheel (A-2-3-4-5), which outranks every
        // other run but the ace-high one where it ranks second.
        let run = f1 & f1 >> 4 & f1 >> 8 & f1 >> 12 & f1 >> 16;
        let wheel = f1 & 0x0008_0000_0000_8888 == 0x0008_0000_0000_8888;
        if run != 0 || wheel {
            let high = if run != 0 { self.straight_cap[0x1F << top(run)] } else { 0 };
            return high.max(if wheel { self.straight_cap[0x100F] } else { 0 });
        }
        if f3 != 0 {
            let t = top(f3);
            if let Some(s) = tops(without(f1, t), 2) {
                return self.five_plain(3 * rk(t) + s);
            }
        }
        if f2 != 0 {
            let p = top(f2);
            let rest = without(f1, p);
            let lower = without(f2, p);
            if lower != 0 {
                let q = top(lower);
                if let Some(s) = tops(without(rest, q), 1) {
                    return self.five_plain(2 * rk(p) + 2 * rk(q) + s);
                }
            }
            if let Some(s) = tops(rest, 3) {
                return self.five_plain(2 * rk(p) + s);
            }
        }
        tops(f1, 5).map_or(0, |s| self.five_plain(s))
    }

    /// Fill `straight_cap` and `suited_cap` (five consecutive ranks, the wheel included).
    fn with_straight_caps(mut self) -> Strength {
        let runs: Vec<u16> = (0..9).map(|lo| 0b11111u16 << lo).chain([0b1_0000_0000_1111]).collect();
        let key_of = |ranks: u16, mixed: bool| -> u64 {
            let mut sum = 0u64;
            let mut first = true;
            for r in 0..13u8 {
                if ranks >> r & 1 == 1 {
                    let suit = if mixed && first { 1 } else { 0 };
                    sum += self.key(r * 4 + suit);
                    first = false;
                }
            }
            sum
        };
        let straight: Vec<(u16, u16, u16)> = runs
            .iter()
            .map(|&m| (m, self.five_from_sum(key_of(m, true)), self.five_from_sum(key_of(m, false))))
            .collect();
        let mut straight_cap = vec![0u16; 8192];
        let mut suited_cap = vec![0u16; 8192];
        for mask in 0..8192u16 {
            for &(run, plain, suited) in &straight {
                if mask & run == run {
                    straight_cap[mask as usize] = straight_cap[mask as usize].max(plain);
                    suited_cap[mask as usize] = suited_cap[mask as usize].max(suited);
                }
            }
            if mask.count_ones() >= 5 {
                // The best plain flush: the top five ranks.
                let mut top = 0u16;
                let mut m = mask;
                for _ in 0..5 {
                    let hi = 15 - m.leading_zeros() as u16;
                    top |= 1 << hi;
                    m &= !(1 << hi);
                }
                suited_cap[mask as usize] = suited_cap[mask as usize].max(self.five_from_sum(key_of(top, false)));
            }
        }
        self.straight_cap = straight_cap;
        self.suited_cap = suited_cap;
        self
    }

    /// Upper bounds of the best five-card and three-card hands among some cards, given as the
    /// four suits' rank masks.
    #[inline]
    pub fn caps(&self, suits: [u16; 4]) -> (u16, u16) {
        let g = RankGroups::of(suits);
        let (five, three) = self.group_caps(&g);
        (five.max(self.shape_cap(g.ranks, suits)), three)
    }

    /// The straight and flush part of [`Strength::caps`]: the best straight, flush or straight
    /// flush the cards make (0 when none).
    #[inline]
    pub fn shape_cap(&self, ranks: u16, suits: [u16; 4]) -> u16 {
        let mut five = self.straight_cap[ranks as usize];
        for s in suits {
            // At least five ranks in the suit (no popcount: not every target has one).
            let mut m = s;
            for _ in 0..4 {
                m &= m.wrapping_sub(1);
            }
            if m != 0 {
                five = five.max(self.suited_cap[s as usize]);
            }
        }
        five
    }

    /// The rank-group part of [`Strength::caps`] (high card, pairs, trips, full house, quads):
    /// bounds of the best five- and three-card hands.
    #[inline]
    pub fn group_caps(&self, g: &RankGroups) -> (u16, u16) {
        let top = |m: u16| 15 - m.leading_zeros() as usize;
        let mut five = self.five_group_cap[top(g.ranks)];
        let mut three = self.three_group_cap[top(g.ranks)];
        if g.pairs != 0 {
            let p = top(g.pairs);
            let two = g.pairs & (g.pairs - 1) != 0;
            five = five.max(self.five_group_cap[(1 + two as usize) * 16 + p]);
            three = three.max(self.three_group_cap[16 + p]);
            if g.trips != 0 {
                let t = top(g.trips);
                five = five.max(self.five_group_cap[(3 + 3 * two as usize) * 16 + t]);
                three = three.max(self.three_group_cap[3 * 16 + t]);
                if g.quads != 0 {
                    five = five.max(self.five_group_cap[7 * 16 + top(g.quads)]);
                }
            }
        }
        (five, three)
    }

    /// The tables for a wheel option (built once per process).
    pub fn get(wheel: Wheel) -> &'static Strength {
        static HIGH: OnceLock<Strength> = OnceLock::new();
        static LOW: OnceLock<Strength> = OnceLock::new();
        match wheel {
            Wheel::Lowest => LOW.get_or_init(|| Strength::build(Wheel::Lowest)),
            _ => HIGH.get_or_init(|| Strength::build(Wheel::SecondHighest)),
        }
    }

    /// The per-card key of a card code (the evaluator's layout).
    #[inline]
    pub fn key(&self, code: u8) -> u64 {
        self.keys[code as usize]
    }

    /// Ordinal of five cards given the sum of their keys.
    #[inline]
    pub fn five_from_sum(&self, sum: u64) -> u16 {
        let plain = self.five_plain(sum);
        // A suit nibble reaches 5 exactly for a flush.
        if ((sum & 0xFFFF) + 0x3333) & 0x8888 != 0 {
            self.flush_of[plain as usize]
        } else {
            plain
        }
    }

    /// The flush ordinal of the plain (high card or straight) ordinal of the same five ranks.
    #[inline]
    pub fn flush_ord(&self, plain: u16) -> u16 {
        self.flush_of[plain as usize]
    }

    /// Ordinal of five cards that are known not to be a flush, given the sum of their keys.
    #[inline]
    pub fn five_plain(&self, sum: u64) -> u16 {
        let key = (sum >> KEY_SHIFT) as usize;
        let off = self.five_offsets[(key >> LOOKUP_ROW_SHIFT) & (OFFSETS_LEN - 1)] as usize;
        self.five_values[(key + off) & (FIVE_SLOTS - 1)]
    }

    /// Ordinal of three cards given the sum of their keys.
    #[inline]
    pub fn three_from_sum(&self, sum: u64) -> u16 {
        let key = (sum >> KEY_SHIFT) as usize;
        let off = self.three_offsets[(key >> LOOKUP_ROW_SHIFT) & (OFFSETS_LEN - 1)] as usize;
        self.three_values[(key + off) & (THREE_SLOTS - 1)]
    }

    /// Suit counts (a nibble per suit) in a sum of card keys.
    #[inline]
    pub fn suits_of_sum(sum: u64) -> u16 {
        sum as u16
    }

    /// Ordinal of five distinct card codes.
    #[inline]
    pub fn five(&self, codes: [u8; 5]) -> u16 {
        self.five_from_sum(codes.iter().map(|&c| self.key(c)).sum())
    }

    /// Ordinal of three distinct card codes.
    #[inline]
    pub fn three(&self, codes: [u8; 3]) -> u16 {
        self.three_from_sum(codes.iter().map(|&c| self.key(c)).sum())
    }
}

/// The ranks held at least once, twice, three and four times by a set of cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RankGroups {
    /// Ranks present.
    pub ranks: u16,
    /// Ranks held at least twice.
    pub pairs: u16,
    /// Ranks held at least three times.
    pub trips: u16,
    /// Ranks held four times.
    pub quads: u16,
}

impl RankGroups {
    /// From the four suits' rank masks, with no counting loop.
    #[inline]
    pub fn of(s: [u16; 4]) -> RankGroups {
        let (a01, a23, o01, o23) = (s[0] & s[1], s[2] & s[3], s[0] | s[1], s[2] | s[3]);
        RankGroups {
            ranks: o01 | o23,
            pairs: a01 | a23 | (o01 & o23),
            trips: (a01 & o23) | (a23 & o01),
            quads: a01 & a23,
        }
    }

    /// The groups after taking `n` cards of rank index `r` away (`n` at most the count).
    #[inline]
    pub fn without(self, r: usize, n: u32) -> RankGroups {
        let bit = 1u16 << r;
        let count = [self.ranks, self.pairs, self.trips, self.quads].iter().filter(|&&m| m & bit != 0).count() as u32;
        let left = count - n;
        let keep = |at_least: u32| if left >= at_least { 0xFFFF } else { !bit };
        RankGroups {
            ranks: self.ranks & keep(1),
            pairs: self.pairs & keep(2),
            trips: self.trips & keep(3),
            quads: self.quads & keep(4),
        }
    }
}

/// A card as a bit of the suit-major 64-bit layout the search uses: bit `16 · suit + rank`.
#[inline]
pub fn suit_major_bit(code: u8) -> u64 {
    1u64 << (16 * (code & 3) as u32 + (code >> 2) as u32)
}

/// The four suits' rank masks of a suit-major card set.
#[inline]
pub fn suit_masks(cards: u64) -> [u16; 4] {
    [cards as u16 & 0x1FFF, (cards >> 16) as u16 & 0x1FFF, (cards >> 32) as u16 & 0x1FFF, (cards >> 48) as u16 & 0x1FFF]
}

/// The ranks held at least `n` times (1 to 4) among cards given by their per-rank counts (a
/// nibble per rank): bit `4r + 3` set for rank `r`. Counts are at most 4, so adding `8 - n` to
/// every nibble never carries into the next.
#[inline(always)]
pub fn held_at_least(counts: u64, n: u64) -> u64 {
    const LOW: u64 = 0x1111_1111_1111_1111;
    (counts + (8 - n) * LOW) & (8 * LOW) & 0xF_FFFF_FFFF_FFFF
}

/// The highest rank flagged as [`held_at_least`] flags them (`flags` not 0).
#[inline(always)]
pub fn top_rank(flags: u64) -> usize {
    (63 - flags.leading_zeros() as usize) / 4
}

/// The 1287 five-card and 286 three-card subsets of 13 positions, as 13-bit masks in
/// lexicographic order, and the inverse map from a mask to its index in that order.
#[derive(Debug)]
pub struct Subsets {
    /// Masks of the five-card subsets.
    pub five: [u16; 1287],
    /// Masks of the three-card subsets.
    pub three: [u16; 286],
    /// `index[mask]`: position of a 5- or 3-card mask in `five` / `three`.
    pub index: [u16; 8192],
    /// The five-card subsets in a revolving-door order (each differs from the one before by
    /// one card out and one in): entry `i` is `out | in << 4 | index << 16` (positions and
    /// the subset's index in `five`); entry 0 has the first subset's lowest position as `out`
    /// and `in` unused. Evaluating subsets in this order costs one add and one subtract of card
    /// keys each.
    pub five_door: Box<[u32; 1287]>,
    /// The same for the three-card subsets (index in `three`).
    pub three_door: [u32; 286],
    /// `splits[back]`: the 56 ways to split the other eight positions into a middle and a
    /// front, each as `middle index | front index << 16` (what the search reads per back).
    pub splits: Box<[[u32; 56]; 1287]>,
}

impl Subsets {
    /// The shared tables.
    pub fn get() -> &'static Subsets {
        static S: OnceLock<Subsets> = OnceLock::new();
        S.get_or_init(|| {
            let mut s = Subsets {
                five: [0; 1287],
                three: [0; 286],
                index: [u16::MAX; 8192],
                splits: vec![[0u32; 56]; 1287].into_boxed_slice().try_into().expect("1287 backs"),
                five_door: Box::new([0; 1287]),
                three_door: [0; 286],
            };
            let mut i = 0;
            for a in 0..13 {
                for b in a + 1..13 {
                    for c in b + 1..13 {
                        for d in c + 1..13 {
                            for e in d + 1..13 {
                                let m = 1u16 << a | 1 << b | 1 << c | 1 << d | 1 << e;
                                s.five[i] = m;
                                s.index[m as usize] = i as u16;
                                i += 1;
                            }
                        }
                    }
                }
            }
            let mut i = 0;
            for a in 0..13 {
                for b in a + 1..13 {
                    for c in b + 1..13 {
                        let m = 1u16 << a | 1 << b | 1 << c;
                        s.three[i] = m;
                        s.index[m as usize] = i as u16;
                        i += 1;
                    }
                }
            }
            for (k, slot) in [(5u32, &mut s.five_door[..]), (3, &mut s.three_door[..])] {
                for (i, (prev, next)) in
                    std::iter::once(0).chain(revolving_door(13, k)).zip(revolving_door(13, k)).enumerate()
                {
                    let index = s.index[next as usize] as u32;
                    slot[i] = if i == 0 {
                        next.trailing_zeros() | index << 16
                    } else {
                        (prev & !next).trailing_zeros() | (next & !prev).trailing_zeros() << 4 | index << 16
                    };
                }
            }
            for (bi, &back) in s.five.iter().enumerate() {
                let rest = !back & 0x1FFF;
                let fronts = s.three.iter().filter(|&&f| f & back == 0);
                for (slot, &front) in s.splits[bi].iter_mut().zip(fronts) {
                    *slot = s.index[(rest ^ front) as usize] as u32 | (s.index[front as usize] as u32) << 16;
                }
            }
            s
        })
    }
}

/// The `k`-subsets of `n` positions as masks in a revolving-door order: consecutive subsets
/// differ by one position out and one in (the recursive construction R(n, k) = R(n−1, k), then
/// R(n−1, k−1) reversed with position n−1 added).
pub fn revolving_door(n: u32, k: u32) -> Vec<u16> {
    if k == 0 {
        return vec![0];
    }
    if k == n {
        return vec![((1u32 << n) - 1) as u16];
    }
    let mut out = revolving_door(n - 1, k);
    out.extend(revolving_door(n - 1, k - 1).into_iter().rev().map(|m| m | 1 << (n - 1)));
    out
}

/// Walk the subsets of a revolving-door table (`Subsets::five_door` or `three_door`, whose
/// first subset is `first`), calling `put(index, sum of card keys)` for each: one card out and
/// one in per step (exact integer sums: the keys' fields never borrow).
#[inline(always)]
pub(crate) fn walk_door(door: &[u32], first: u16, k: &[u64; 16], mut put: impl FnMut(usize, u64)) {
    let mut sum: u64 = (0..13).filter(|&i| first >> i & 1 == 1).map(|i| k[i]).sum();
    put((door[0] >> 16) as usize, sum);
    for &step in &door[1..] {
        sum = sum.wrapping_sub(k[(step & 15) as usize]).wrapping_add(k[(step >> 4 & 15) as usize]);
        put((step >> 16) as usize, sum);
    }
}

/// The ordinals of every five- and three-card subset of a 13-card hand, in [`Subsets`] order,
/// and each five-card subset's suit counts (a nibble per suit).
pub fn subset_ordinals(
    st: &Strength,
    codes: &[u8; 13],
    five: &mut [u16; 1287],
    five_suits: &mut [u16; 1287],
    three: &mut [u16; 286],
) {
    // Padded to 16 so that a 4-bit position needs no bounds check.
    let k: [u64; 16] = std::array::from_fn(|i| if i < 13 { st.key(codes[i]) } else { 0 });
    let sub = Subsets::get();
    // Ordinals as if none were a flush, and suit counts.
    walk_door(&sub.five_door[..], sub.five[(sub.five_door[0] >> 16) as usize], &k, |i, sum| {
        five[i] = st.five_plain(sum);
        five_suits[i] = Strength::suits_of_sum(sum);
    });
    // Flushes: only the five-card subsets of one suit's cards, when a suit holds five or more
    // (few: 1 of 1287 with five, 21 with seven), are looked up again.
    let mut suited = [0u16; 4];
    for (i, &c) in codes.iter().enumerate() {
        suited[(c & 3) as usize] |= 1 << i;
    }
    for mut mask in suited {
        if mask.count_ones() < 5 {
            continue;
        }
        let mut pos = [0u16; 13];
        let mut n = 0;
        while mask != 0 {
            pos[n] = mask & mask.wrapping_neg();
            mask &= mask - 1;
            n += 1;
        }
        let index = &sub.index;
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        for e in d + 1..n {
                            let i = index[(pos[a] | pos[b] | pos[c] | pos[d] | pos[e]) as usize] as usize;
                            five[i] = st.flush_of[five[i] as usize];
                        }
                    }
                }
            }
        }
    }
    walk_door(&sub.three_door[..], sub.three[(sub.three_door[0] >> 16) as usize], &k, |i, sum| {
        three[i] = st.three_from_sum(sum);
    });
}
