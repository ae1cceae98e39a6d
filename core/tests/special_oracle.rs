//! Special-hand detection checked against a brute-force oracle (RULES.md §6).
//!
//! The oracle reads the definitions straight off RULES.md with its own helpers: it never calls
//! the detector, its bitmask tricks or its window tables. For the three-piece specials it walks
//! the (3, 5, 5) splits of the 13 cards (13C3 × 10C5 = 72,072), keeps those whose pieces are
//! straights / flushes / straight flushes, judges legality with the lane evaluator
//! (`Arrangement::evaluate_with`, itself checked against rs_poker in `exhaustive.rs`) and picks
//! the documented preferred arrangement (strongest back, then middle, then front, then higher
//! card codes in the back and the middle). For the rank shapes it tries every way of cutting the
//! ranks into groups.
//!
//! Uniform hands almost never make a special, so most hands come from biased generators that
//! build hands at or one card away from each special. The sample runs in the normal suite;
//! `SSS_SPECIAL_SAMPLES=1000000 cargo test -p shisanshui --release --test special_oracle -- --nocapture`
//! is the long run (`SSS_SPECIAL_SEED` changes the seed).

use std::collections::BTreeMap;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use shisanshui::special::SpecialDetector;
use shisanshui::{Arrangement, Card, CardSet, Evaluator, HandRank, Preset, Rules, Special, SpecialWater, Wheel};

// ------------------------------------------------------------------------------------------
// The oracle
// ------------------------------------------------------------------------------------------

/// Face number 2..=14 of a card.
fn face(c: Card) -> u32 {
    c.rank().number() as u32
}

/// Per card: a bit for its face number and a bit for its suit.
#[derive(Copy, Clone)]
struct CardBits {
    face: u32,
    suit: u32,
}

/// `n` distinct consecutive faces, or the ace-low run (A-2-3, A-2-3-4-5). K-A-2 is not a run.
fn is_run(faces: u32, n: u32) -> bool {
    if faces.count_ones() != n {
        return false;
    }
    let lo = faces.trailing_zeros();
    let hi = 31 - faces.leading_zeros();
    let ace_low = (1 << 14) | (((1 << (n + 1)) - 1) & !0b11); // A and 2..=n
    hi - lo == n - 1 || faces == ace_low
}

fn one_suit(suits: u32) -> bool {
    suits.count_ones() == 1
}

/// Index 0 = TSF, 1 = TF, 2 = TS.
const SPLIT_SPECIALS: [Special; 3] = [Special::ThreeStraightFlushes, Special::ThreeFlushes, Special::ThreeStraights];

/// Every split whose pieces have the right kind, per three-piece special, lane order ignored.
struct Splits {
    found: [Vec<Arrangement>; 3],
    /// Splits looked at (all 72,072 without pruning).
    visited: u64,
}

/// Walk the 72,072 (front, middle, back) splits of `hand` (lanes as 13-bit masks of card
/// positions). With `prune`, splits are skipped only when a lane already rules out every
/// three-piece special: a front that is neither a 3-card straight nor one suit, or a middle
/// that is neither a 5-card straight nor one suit.
fn all_splits(hand: &[Card; 13], prune: bool) -> Splits {
    let bits: Vec<CardBits> =
        hand.iter().map(|&c| CardBits { face: 1 << face(c), suit: 1 << c.suit() as u32 }).collect();
    let lane = |mut mask: u32| {
        let (mut f, mut s) = (0, 0);
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            f |= bits[i].face;
            s |= bits[i].suit;
        }
        (f, s)
    };
    let all: u32 = (1 << 13) - 1;
    // Every 5-card middle, with its faces and suits; pruned to straights and one-suit sets.
    let middles: Vec<(u32, bool, bool)> = subsets(5)
        .iter()
        .map(|&m| {
            let (f, s) = lane(m);
            (m, is_run(f, 5), one_suit(s))
        })
        .filter(|&(_, run, suit)| !prune || run || suit)
        .collect();
    let mut out = Splits { found: [Vec::new(), Vec::new(), Vec::new()], visited: 0 };
    for &front in subsets(3) {
        let (ff, fs) = lane(front);
        let (f_run, f_suit) = (is_run(ff, 3), one_suit(fs));
        if prune && !f_run && !f_suit {
            continue;
        }
        for &(middle, m_run, m_suit) in &middles {
            if middle & front != 0 {
                continue;
            }
            out.visited += 1;
            let back = all & !front & !middle;
            let runs = f_run && m_run;
            let suits = f_suit && m_suit;
            if !(runs || suits) {
                continue;
            }
            let (bf, bs) = lane(back);
            let runs = runs && is_run(bf, 5);
            let suits = suits && one_suit(bs);
            if !(runs || suits) {
                continue;
            }
            let cards = |mask: u32| (0..13).filter(|&i| mask >> i & 1 == 1).map(|i| hand[i]).collect::<Vec<_>>();
            let arr = Arrangement {
                front: cards(front).try_into().unwrap(),
                middle: cards(middle).try_into().unwrap(),
                back: cards(back).try_into().unwrap(),
            };
            if runs && suits {
                out.found[0].push(arr);
            }
            if suits {
                out.found[1].push(arr);
            }
            if runs {
                out.found[2].push(arr);
            }
        }
    }
    out
}

/// The 13-bit masks with `k` bits set (k = 3 or 5), made once.
fn subsets(k: u32) -> &'static [u32] {
    static SETS: std::sync::OnceLock<[Vec<u32>; 2]> = std::sync::OnceLock::new();
    let sets = SETS.get_or_init(|| [3, 5].map(|k| (0u32..1 << 13).filter(|m| m.count_ones() == k).collect()));
    &sets[(k == 5) as usize]
}

/// Whether the ranks can be cut into groups of one rank with exactly these sizes. A rank's
/// cards form one group, except that with `split_quads` a four of a kind may be cut 2 + 2 or
/// 3 + 1 (RULES.md §6: two pairs, or trips + a single).
fn groups_fit(hand: &[Card; 13], sizes: &[u32], split_quads: bool) -> bool {
    let mut counts: BTreeMap<u32, u32> = BTreeMap::new();
    for &c in hand {
        *counts.entry(face(c)).or_default() += 1;
    }
    let mut want = sizes.to_vec();
    want.sort_unstable();
    let counts: Vec<u32> = counts.values().copied().collect();
    // Try every way of cutting each quad.
    let quads = counts.iter().filter(|&&n| n == 4).count();
    let ways = if split_quads { 3usize.pow(quads as u32) } else { 1 };
    (0..ways).any(|mut way| {
        let mut groups = Vec::new();
        for &n in &counts {
            if n == 4 && split_quads {
                match way % 3 {
                    0 => groups.push(4),
                    1 => groups.extend([2, 2]),
                    _ => groups.extend([3, 1]),
                }
                way /= 3;
            } else {
                groups.push(n);
            }
        }
        groups.sort_unstable();
        groups == want
    })
}

/// How much an arrangement is preferred (RULES.md §6 leaves the choice to the engine; the
/// detector documents this order): back, middle and front values, then the back's and the
/// middle's cards as bit sets (higher card codes first).
type Preference = (HandRank, HandRank, HandRank, u64, u64);

fn lane_bits(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, c| m | 1 << c.code())
}

fn preference(a: &Arrangement, eval: &Evaluator) -> Preference {
    let e = a.evaluate_with(eval, false);
    (e.back, e.middle, e.front, lane_bits(&a.back), lane_bits(&a.middle))
}

/// The oracle's view of one hand, computed once and judged under any rule set.
struct Truth {
    hand: [Card; 13],
    splits: Splits,
    /// The preference of every split, per evaluator (wheel, suit tie-break); filled on demand.
    ranked: BTreeMap<(u8, bool), [Vec<Preference>; 3]>,
}

impl Truth {
    fn new(hand: [Card; 13]) -> Truth {
        Truth { hand, splits: all_splits(&hand, true), ranked: BTreeMap::new() }
    }

    /// Every special the hand makes under `rules`, enabled or not, in `Special::ALL` order;
    /// and per three-piece special the preference of its preferred legal arrangement.
    fn judge(&mut self, rules: &Rules) -> (Vec<Special>, [Option<Preference>; 3]) {
        let h = &self.hand;
        let faces: Vec<u32> = h.iter().map(|&c| face(c)).collect();
        let distinct = faces.iter().fold(0u32, |m, &f| m | 1 << f).count_ones();
        let reds = h.iter().filter(|c| c.suit().is_red()).count();
        let one_suit_all = h.iter().all(|c| c.suit() == h[0].suit());
        let sq = rules.split_quads;

        let key = (rules.wheel as u8, rules.suit_tiebreak);
        let splits = &self.splits;
        let ranked = self.ranked.entry(key).or_insert_with(|| {
            let eval = Evaluator::with_options(rules.wheel, rules.suit_tiebreak);
            splits.found.clone().map(|list| list.iter().map(|a| preference(a, &eval)).collect())
        });
        let mut best: [Option<Preference>; 3] = [None; 3];
        for k in 0..3 {
            for r in &ranked[k] {
                let (back, middle, front, _, _) = *r;
                let foul = shisanshui::Foul::check(front, middle, back, rules.strict_order).is_foul();
                if !foul && best[k].map_or(true, |b| *r > b) {
                    best[k] = Some(*r);
                }
            }
        }

        let mut made = Vec::new();
        for s in Special::ALL {
            let yes = match s {
                Special::SupremeDragon => distinct == 13 && one_suit_all,
                Special::Dragon => distinct == 13,
                Special::TwelveRoyals => faces.iter().filter(|&&f| f >= 11).count() >= rules.twelve_royals_min as usize,
                Special::ThreeStraightFlushes => best[0].is_some(),
                Special::ThreeQuads => groups_fit(h, &[4, 4, 4, 1], sq),
                Special::AllBig => faces.iter().all(|&f| f >= 8),
                Special::AllSmall => faces.iter().all(|&f| f <= 8),
                Special::OneColor => reds == 0 || reds == 13,
                Special::ThreeTripsQuad => groups_fit(h, &[3, 3, 3, 4], sq),
                Special::FourTrips => groups_fit(h, &[3, 3, 3, 3, 1], sq),
                Special::FivePairsTrips => groups_fit(h, &[2, 2, 2, 2, 2, 3], sq),
                Special::SixPairs => groups_fit(h, &[2, 2, 2, 2, 2, 2, 1], sq),
                Special::ThreeFlushes => best[1].is_some(),
                Special::ThreeStraights => best[2].is_some(),
                Special::TwelveBlackOneRed => reds == 1,
                Special::TwelveRedOneBlack => reds == 12,
                other => panic!("the oracle does not know {other:?}"),
            };
            if yes {
                made.push(s);
            }
        }
        (made, best)
    }
}

// ------------------------------------------------------------------------------------------
// Hands: uniform, and built at or near every special
// ------------------------------------------------------------------------------------------

struct Gen(ChaCha8Rng);

const DECK: u64 = (1 << 52) - 1;

impl Gen {
    fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    /// A random card of `pool`.
    fn pick(&mut self, pool: u64) -> u64 {
        let mut k = self.below(pool.count_ones() as u64);
        let mut p = pool;
        loop {
            let low = p & p.wrapping_neg();
            if k == 0 {
                return low;
            }
            k -= 1;
            p &= p - 1;
        }
    }
    /// Add random cards of `pool` until the hand has `n`.
    fn fill(&mut self, mut hand: u64, pool: u64, n: u32) -> u64 {
        while hand.count_ones() < n && pool & !hand != 0 {
            hand |= self.pick(pool & !hand);
        }
        hand
    }
    /// Swap `k` cards of the hand for cards from outside it: the near misses.
    fn swap(&mut self, mut hand: u64, k: u32) -> u64 {
        for _ in 0..k {
            let out = self.pick(hand);
            let inn = self.pick(DECK & !hand);
            hand = hand & !out | inn;
        }
        hand
    }
    fn rank_cards(rank: u64) -> u64 {
        0xF << (4 * rank)
    }
    fn suit_cards(suit: u64) -> u64 {
        0x1_1111_1111_1111 << suit
    }
    /// Cards of faces `lo..=hi` (2..=14).
    fn faces(lo: u64, hi: u64) -> u64 {
        (lo..=hi).fold(0, |m, f| m | Gen::rank_cards(f - 2))
    }
    /// Face numbers of a run of `n` starting at window `start` (0 = ace-low).
    fn run(start: u64, n: u64) -> Vec<u64> {
        if start == 0 {
            let mut v = vec![14];
            v.extend(2..=n);
            v
        } else {
            (start + 1..=start + n).collect()
        }
    }

    /// One hand and the name of the generator that made it.
    fn hand(&mut self) -> (u64, &'static str) {
        loop {
            let g = self.below(10);
            let made = match g {
                0 | 1 => Some((self.fill(0, DECK, 13), "uniform")),
                2 => Some((self.suit_pattern(), "suit counts")),
                3 => self.runs(false).map(|h| (h, "straights")),
                4 => self.runs(true).map(|h| (h, "straight flushes")),
                5 => Some((self.shape(), "rank shapes")),
                6 => Some((self.rank_range(), "rank range")),
                7 => Some((self.colour(), "colours")),
                8 => Some((self.dragon(), "dragons")),
                _ => {
                    let (h, _) = self.hand();
                    let k = 1 + self.below(2) as u32;
                    Some((self.swap(h, k), "swapped"))
                }
            };
            if let Some((h, name)) = made {
                assert_eq!(h.count_ones(), 13, "{name} made a bad hand");
                return (h, name);
            }
        }
    }

    /// Suit counts that do or nearly do split into 3/5/5 one-suit pieces.
    fn suit_pattern(&mut self) -> u64 {
        const PATTERNS: [&[u64]; 14] = [
            &[5, 5, 3],
            &[8, 5],
            &[10, 3],
            &[5, 5, 3],
            &[8, 5],
            &[4, 4, 5],
            &[9, 4],
            &[6, 4, 3],
            &[5, 5, 2, 1],
            &[7, 6],
            &[11, 2],
            &[6, 5, 2],
            &[7, 3, 3],
            &[4, 3, 3, 3],
        ];
        let mut suits = [0u64, 1, 2, 3];
        for i in (1..4).rev() {
            suits.swap(i, self.below(i as u64 + 1) as usize);
        }
        if self.below(200) == 0 {
            return Gen::suit_cards(suits[0]); // all thirteen of one suit
        }
        let pattern = PATTERNS[self.below(PATTERNS.len() as u64) as usize];
        if pattern == [5, 5, 3] && self.chance(25) {
            // Twin flushes: the same ranks in two suits (equal lanes, a foul under strict order).
            let ranks = self.fill(0, Gen::suit_cards(0), 5);
            let third = self.fill(0, Gen::suit_cards(suits[2]), 3);
            return ranks << suits[0] | ranks << suits[1] | third;
        }
        let mut hand = 0;
        for (i, &n) in pattern.iter().enumerate() {
            hand |= self.fill(0, Gen::suit_cards(suits[i]), n as u32);
        }
        if self.chance(15) {
            hand = self.swap(hand, 1);
        }
        hand
    }

    /// A 3-card and two 5-card runs (often overlapping or identical), optionally one suit each.
    fn runs(&mut self, one_suit_each: bool) -> Option<u64> {
        let w3 = self.below(12);
        let a = self.below(10);
        let b = match self.below(4) {
            0 => a,
            1 => (a + 1 + self.below(3)).min(9),
            _ => self.below(10),
        };
        let mut hand = 0u64;
        for (start, n) in [(w3, 3), (a, 5), (b, 5)] {
            let suit = self.below(4);
            for f in Gen::run(start, n) {
                let mut tries = 0;
                loop {
                    let s = if one_suit_each && tries == 0 { suit } else { self.below(4) };
                    let card = 1u64 << ((f - 2) * 4 + s);
                    if hand & card == 0 {
                        hand |= card;
                        break;
                    }
                    tries += 1;
                    if tries > 12 {
                        return None; // a rank asked for five times
                    }
                }
            }
        }
        if self.chance(40) {
            hand = self.swap(hand, 1);
        }
        Some(hand)
    }

    /// Rank groups: exact special shapes, their split-quad forms and their near misses.
    fn shape(&mut self) -> u64 {
        const SHAPES: [&[u32]; 16] = [
            &[2, 2, 2, 2, 2, 2, 1],
            &[4, 2, 2, 2, 2, 1],
            &[4, 4, 2, 2, 1],
            &[3, 2, 2, 2, 2, 2],
            &[4, 3, 2, 2, 2],
            &[4, 4, 3, 2],
            &[3, 3, 3, 3, 1],
            &[4, 3, 3, 3],
            &[4, 4, 4, 1],
            &[2, 2, 2, 2, 2, 1, 1, 1],
            &[3, 3, 2, 2, 2, 1],
            &[3, 3, 3, 2, 2],
            &[4, 4, 3, 1, 1],
            &[4, 3, 3, 2, 1],
            &[4, 4, 2, 1, 1, 1],
            &[3, 3, 3, 1, 1, 1, 1],
        ];
        let shape: Vec<u32> = if self.chance(80) {
            SHAPES[self.below(SHAPES.len() as u64) as usize].to_vec()
        } else {
            let mut v = Vec::new();
            let mut left = 13;
            while left > 0 {
                let n = ([1, 2, 2, 3, 3, 4][self.below(6) as usize] as u32).min(left);
                v.push(n);
                left -= n;
            }
            v
        };
        let mut ranks: Vec<u64> = (0..13).collect();
        for i in (1..13).rev() {
            ranks.swap(i, self.below(i as u64 + 1) as usize);
        }
        let mut hand = 0;
        for (i, &n) in shape.iter().enumerate() {
            hand |= self.fill(0, Gen::rank_cards(ranks[i]), n);
        }
        if self.chance(10) {
            hand = self.swap(hand, 1);
        }
        hand
    }

    /// Only high or only low ranks, or royals with a card or two of anything.
    fn rank_range(&mut self) -> u64 {
        match self.below(5) {
            0 => self.fill(0, Gen::faces(8, 14), 13),
            1 => self.fill(0, Gen::faces(2, 8), 13),
            2 => self.fill(0, Gen::faces(11, 14), 13),
            3 => {
                let royals = self.fill(0, Gen::faces(11, 14), 12);
                self.fill(royals, DECK, 13)
            }
            _ => {
                let lo = 7 + self.below(3);
                let h = self.fill(0, Gen::faces(lo, 14), 12);
                self.fill(h, DECK, 13)
            }
        }
    }

    /// One colour, or all but one or two cards of one colour.
    fn colour(&mut self) -> u64 {
        let red = Gen::suit_cards(0) | Gen::suit_cards(2);
        let pool = if self.below(2) == 0 { red } else { DECK & !red };
        let n = [13, 13, 12, 11][self.below(4) as usize];
        let h = self.fill(0, pool, n);
        self.fill(h, DECK & !pool, 13)
    }

    /// Thirteen ranks, sometimes one suit, sometimes one card off.
    fn dragon(&mut self) -> u64 {
        let one = self.chance(2).then(|| self.below(4));
        let mut hand = 0;
        for r in 0..13 {
            hand |= 1 << (4 * r + one.unwrap_or_else(|| self.below(4)));
        }
        if self.chance(30) {
            hand = self.swap(hand, 1);
        }
        hand
    }
}

// ------------------------------------------------------------------------------------------
// The check
// ------------------------------------------------------------------------------------------

/// The rule sets checked: the five presets, and variants that turn on what no preset does:
/// strict order, the lowest wheel without suit tie-break, every special including the regional
/// extras, no quad splitting.
fn rule_sets() -> Vec<(String, Rules)> {
    let mut out: Vec<(String, Rules)> = Preset::ALL.iter().map(|&p| (p.to_string(), Rules::preset(p))).collect();
    let mut strict = Rules::classic();
    strict.strict_order = true;
    out.push(("classic+strict".into(), strict));
    let lowest = Rules { wheel: Wheel::Lowest, ..Rules::preset(Preset::Regional) };
    out.push(("regional+lowest".into(), lowest));
    let mut every = Rules::preset(Preset::Hk);
    every.strict_order = true;
    every.split_quads = false;
    every.specials = Special::ALL.iter().map(|&special| SpecialWater { special, water: 1 }).collect();
    out.push(("all16+strict+no_split+12royals+lowest".into(), every));
    out
}

fn sample_size() -> usize {
    match std::env::var("SSS_SPECIAL_SAMPLES") {
        Ok(s) => s.trim().parse().expect("SSS_SPECIAL_SAMPLES must be a number"),
        Err(_) if cfg!(debug_assertions) => 3_000,
        Err(_) => 30_000,
    }
}

#[derive(Default)]
struct Tally {
    /// Per rule set and special: hands that made it.
    made: BTreeMap<(String, Special), u64>,
    /// Per rule set and three-piece special: hands that split into the pieces but only with
    /// equal middle and back (a foul under strict order), so do not make it.
    excluded_by_order: BTreeMap<(String, Special), u64>,
    /// Per generator: hands, and hands that made some special under classic.
    generators: BTreeMap<&'static str, (u64, u64)>,
    time: BTreeMap<&'static str, f64>,
}

#[test]
fn detection_matches_the_brute_force_oracle() {
    let n = sample_size();
    let seed = std::env::var("SSS_SPECIAL_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5353_5331);
    let mut gen = Gen(ChaCha8Rng::seed_from_u64(seed));
    let sets = rule_sets();
    let detectors: Vec<SpecialDetector> = sets.iter().map(|(_, r)| SpecialDetector::new(r).unwrap()).collect();
    let mut tally = Tally::default();
    let start = std::time::Instant::now();

    for i in 0..n {
        let (bits, generator) = gen.hand();
        let set = CardSet(bits);
        let cards: [Card; 13] = set.to_vec().try_into().unwrap();
        let mut shuffled = cards;
        shuffled.rotate_left(i % 13); // card order must not matter
        let t0 = std::time::Instant::now();
        let mut truth = Truth::new(cards);
        let t_oracle = t0.elapsed().as_secs_f64();

        for ((name, rules), detector) in sets.iter().zip(&detectors) {
            let (made, best) = truth.judge(rules);
            let expect_all: Vec<Special> =
                rules.specials.iter().map(|s| s.special).filter(|s| made.contains(s)).collect();
            let got = detector.detect(&shuffled).unwrap();
            let ctx = || format!("hand {set} under {name} (generator {generator}, #{i})");
            assert_eq!(got.all, expect_all, "{}", ctx());
            assert_eq!(got.best, expect_all.first().copied(), "{}", ctx());
            let mask = expect_all.iter().fold(0u16, |m, &s| m | 1 << s as u8);
            assert_eq!(detector.qualifying_bits(set), mask, "{}", ctx());
            if name == "classic" {
                let e = tally.generators.entry(generator).or_default();
                e.0 += 1;
                e.1 += !got.all.is_empty() as u64;
                *tally.time.entry(generator).or_default() += t_oracle;
            }
            for s in &made {
                *tally.made.entry((name.clone(), *s)).or_default() += 1;
            }

            // Each three-piece special: the arrangement exists exactly when the oracle finds a
            // legal split, realises the special, and is the preferred one.
            let eval = Evaluator::new(rules);
            for (k, &special) in SPLIT_SPECIALS.iter().enumerate() {
                let arr = detector.arrangement_for(&shuffled, special).unwrap();
                if !truth.splits.found[k].is_empty() && best[k].is_none() {
                    *tally.excluded_by_order.entry((name.clone(), special)).or_default() += 1;
                }
                match (arr, best[k]) {
                    (None, None) => {}
                    (Some(a), Some(want)) => {
                        check_realises(&a, &cards, special, &ctx);
                        let e = a.evaluate_with(&eval, rules.strict_order);
                        assert!(!e.foul.is_foul(), "{special} arrangement {a} fouls: {}", ctx());
                        assert_eq!(preference(&a, &eval), want, "{special} arrangement {a} not preferred: {}", ctx());
                        if got.best == Some(special) {
                            assert_eq!(got.arrangement, Some(a), "{}", ctx());
                        }
                    }
                    (a, b) => panic!("{special}: detector {a:?}, oracle {b:?}: {}", ctx()),
                }
            }
            if !got.best.is_some_and(|s| s.is_lane_split()) {
                assert_eq!(got.arrangement, None, "{}", ctx());
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();

    println!("{n} hands × {} rule sets in {secs:.1} s (seed {seed:#x})", sets.len());
    for (g, (hands, special)) in &tally.generators {
        println!(
            "  generator {g:<17} {hands:>9} hands, {special:>9} with a special under classic, oracle {:.2} s",
            tally.time[g]
        );
    }
    for (name, _) in &sets {
        let row: Vec<String> = Special::ALL
            .iter()
            .map(|&s| format!("{}={}", s.id(), tally.made.get(&(name.clone(), s)).copied().unwrap_or(0)))
            .collect();
        println!("  made under {name}: {}", row.join(" "));
        let ex: Vec<String> = SPLIT_SPECIALS
            .iter()
            .map(|&s| format!("{}={}", s.id(), tally.excluded_by_order.get(&(name.clone(), s)).copied().unwrap_or(0)))
            .collect();
        println!("  split but illegal under {name}: {}", ex.join(" "));
    }

    // The sample must actually exercise every special, and the strict-order exclusions.
    let floor = (n as u64 / 2_000).max(1);
    for (name, rules) in &sets {
        for s in Special::ALL {
            let made = tally.made.get(&(name.clone(), s)).copied().unwrap_or(0);
            let hard = matches!(s, Special::SupremeDragon);
            assert!(made >= if hard { 1 } else { floor }, "{s} made only {made} times under {name}");
        }
        if rules.strict_order {
            for s in SPLIT_SPECIALS {
                let ex = tally.excluded_by_order.get(&(name.clone(), s)).copied().unwrap_or(0);
                assert!(ex >= 1, "no hand where strict order excludes {s} under {name}");
            }
        }
    }
}

/// The arrangement holds exactly the hand's cards and each lane is the special's piece.
fn check_realises(a: &Arrangement, hand: &[Card; 13], special: Special, ctx: &dyn Fn() -> String) {
    let mut lanes: Vec<Card> = a.cards().to_vec();
    lanes.sort();
    assert_eq!(lanes, hand.to_vec(), "{special} arrangement {a} is not the hand: {}", ctx());
    let bits =
        |cards: &[Card]| cards.iter().fold((0u32, 0u32), |(f, s), &c| (f | 1 << face(c), s | 1 << c.suit() as u32));
    let (ff, fs) = bits(&a.front);
    let (mf, ms) = bits(&a.middle);
    let (bf, bs) = bits(&a.back);
    let runs = is_run(ff, 3) && is_run(mf, 5) && is_run(bf, 5);
    let suits = one_suit(fs) && one_suit(ms) && one_suit(bs);
    let ok = match special {
        Special::ThreeStraightFlushes => runs && suits,
        Special::ThreeFlushes => suits,
        _ => runs,
    };
    assert!(ok, "{special} arrangement {a} does not realise it: {}", ctx());
}

#[test]
fn the_oracle_walks_every_split_and_knows_its_runs() {
    let hand: [Card; 13] =
        shisanshui::parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac").unwrap().try_into().unwrap();
    assert_eq!(all_splits(&hand, false).visited, 72_072);
    let f = |s: &str| shisanshui::parse_cards(s).unwrap().iter().fold(0u32, |m, &c| m | 1 << face(c));
    assert!(is_run(f("As 2d 3c"), 3));
    assert!(is_run(f("Qs Kd Ac"), 3));
    assert!(!is_run(f("Ks Ad 2c"), 3));
    assert!(is_run(f("As 2d 3c 4h 5h"), 5));
    assert!(is_run(f("Ts Jd Qc Kh Ah"), 5));
    assert!(!is_run(f("Js Qd Kc Ah 2h"), 5));
    assert!(!is_run(f("As 2d 3c 4h 6h"), 5));
    let hand: [Card; 13] =
        shisanshui::parse_cards("2c 2d 2h 2s 3c 3d 3h 4s 4c 4d 5h 5s 5c").unwrap().try_into().unwrap();
    assert!(groups_fit(&hand, &[4, 3, 3, 3], false));
    assert!(groups_fit(&hand, &[3, 3, 3, 3, 1], true));
    assert!(!groups_fit(&hand, &[3, 3, 3, 3, 1], false));
}
