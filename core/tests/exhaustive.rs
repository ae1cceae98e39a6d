//! Exhaustive proof that the evaluator is exact, against oracles that share no code with it:
//!
//! - rs_poker 5.0.0 (pinned) for the order and the ties of all 2,598,960 five-card hands;
//! - small sort-based classifiers written here, straight from RULES.md §2–§3, for the documented
//!   `HandRank` bit layout, the three-card order, the suit tie-break and the front/middle rule.
//!
//! Everything runs in the normal `cargo test` (a few seconds in debug, well under one in release).

use std::cmp::Ordering;

use rs_poker::core::{Card as RsCard, CoreRank, Rankable, Suit as RsSuit, Value as RsValue};
use shisanshui::{Card, Evaluator, Foul, HandRank, Wheel};

mod support;

// A fixed sequence, so that the sampled checks are reproducible.
use support::SplitMix;

const WHEELS: [Wheel; 2] = [Wheel::SecondHighest, Wheel::Lowest];

fn card(code: u8) -> Card {
    Card::from_code(code).unwrap()
}

/// Every `N`-card hand of one deck, codes ascending, in lexicographic order.
fn all_hands<const N: usize>() -> Vec<[Card; N]> {
    fn rec<const N: usize>(start: u8, depth: usize, cur: &mut [Card; N], out: &mut Vec<[Card; N]>) {
        if depth == N {
            out.push(*cur);
            return;
        }
        for c in start..52 {
            cur[depth] = card(c);
            rec(c + 1, depth + 1, cur, out);
        }
    }
    let mut out = Vec::new();
    rec(0, 0, &mut [card(0); N], &mut out);
    out
}

// ---------------------------------------------------------------------------------------------
// The independent classifier: RULES.md §3 read literally, by counting and sorting.
// ---------------------------------------------------------------------------------------------

/// What §3 says decides a hand: its category, its ranks in tie-break order (groups by size, then
/// by rank, high first; a straight by its top card), and the rank of the top group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Spec {
    category: u8,
    /// Tie-break ranks as `HandRank` documents them (2 = 0 … A = 12; straights: see `straight_nibble`).
    nibbles: [u8; 5],
    /// Rank index of the top group: the card(s) that decide first.
    top_rank: u8,
}

impl Spec {
    /// The documented layout: category in bits 22..26, nibbles from bit 18 down in steps of 4.
    fn packed(&self) -> u32 {
        let n = self.nibbles;
        (self.category as u32) << 22
            | (n[0] as u32) << 18
            | (n[1] as u32) << 14
            | (n[2] as u32) << 10
            | (n[3] as u32) << 6
            | (n[4] as u32) << 2
    }
}

/// Groups `(count, rank)` sorted by count then rank, both descending: the §3 tie-break order.
fn groups(cards: &[Card]) -> ([(u8, u8); 5], usize) {
    let mut counts = [0u8; 13];
    for c in cards {
        counts[c.rank() as usize] += 1;
    }
    let mut g = [(0u8, 0u8); 5];
    let mut n = 0;
    for r in (0..13u8).rev() {
        if counts[r as usize] > 0 {
            g[n] = (counts[r as usize], r);
            n += 1;
        }
    }
    g[..n].sort_by(|a, b| b.cmp(a));
    (g, n)
}

fn spec5(cards: &[Card; 5], wheel: Wheel) -> Spec {
    spec5_both(cards)[wheel_index(wheel)]
}

fn wheel_index(wheel: Wheel) -> usize {
    WHEELS.iter().position(|&w| w == wheel).unwrap()
}

/// The spec under each wheel option, in `WHEELS` order (only a straight's top differs).
fn spec5_both(cards: &[Card; 5]) -> [Spec; 2] {
    let (g, n) = groups(cards);
    let mut ranks = [0u8; 5];
    let mut i = 0;
    for &(count, r) in &g[..n] {
        for _ in 0..count {
            ranks[i] = r;
            i += 1;
        }
    }
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    // ranks[] is high to low when all five differ.
    let wheel_shape = n == 5 && ranks == [12, 3, 2, 1, 0];
    let straight = n == 5 && (ranks[0] - ranks[4] == 4 || wheel_shape);
    if straight {
        // RULES.md §3 and the `HandRank` docs: the wheel sits just under A-high (nibble 13, A-high
        // becomes 14) under `second_highest`, and is a 5-high straight under `lowest`.
        let category = if flush { 8 } else { 4 };
        let spec = |wheel| {
            let (nib, top) = match (wheel, wheel_shape) {
                (Wheel::SecondHighest, true) => (13, 12),
                (Wheel::SecondHighest, false) if ranks[0] == 12 => (14, 12),
                (Wheel::Lowest, true) => (3, 3),
                _ => (ranks[0], ranks[0]),
            };
            Spec { category, nibbles: [nib, 0, 0, 0, 0], top_rank: top }
        };
        return WHEELS.map(spec);
    }
    let category = match (g[0].0, g[1].0, flush) {
        (_, _, true) => 5,
        (4, _, _) => 7,
        (3, 2, _) => 6,
        (3, _, _) => 3,
        (2, 2, _) => 2,
        (2, _, _) => 1,
        _ => 0,
    };
    [Spec { category, nibbles: ranks, top_rank: g[0].1 }; 2]
}

fn spec3(cards: &[Card; 3]) -> Spec {
    let (g, n) = groups(cards);
    let mut ranks = [0u8; 5];
    let mut i = 0;
    for &(count, r) in &g[..n] {
        for _ in 0..count {
            ranks[i] = r;
            i += 1;
        }
    }
    // Three cards are never a straight or a flush as a category (§3).
    let category = match g[0].0 {
        3 => 3,
        2 => 1,
        _ => 0,
    };
    Spec { category, nibbles: ranks, top_rank: g[0].1 }
}

/// §3 with `suit_tiebreak`: a group counts as its highest suit.
fn top_suit(cards: &[Card], top_rank: u8) -> u8 {
    cards.iter().filter(|c| c.rank() as u8 == top_rank).map(|c| c.suit() as u8).max().unwrap()
}

// ---------------------------------------------------------------------------------------------
// rs_poker as the oracle of order and ties
// ---------------------------------------------------------------------------------------------

fn rs_card(c: Card) -> RsCard {
    // Any bijection of suits works: rs_poker only asks whether five share one.
    RsCard::new(RsValue::from_u8(c.rank() as u8), RsSuit::from_u8(c.suit() as u8))
}

fn rs_category(c: CoreRank) -> u8 {
    match c {
        CoreRank::HighCard => 0,
        CoreRank::OnePair => 1,
        CoreRank::TwoPair => 2,
        CoreRank::ThreeOfAKind => 3,
        CoreRank::Straight => 4,
        CoreRank::Flush => 5,
        CoreRank::FullHouse => 6,
        CoreRank::FourOfAKind => 7,
        CoreRank::StraightFlush => 8,
    }
}

/// rs_poker's score as a plain integer (category above the 12-bit sub-rank, as it documents).
fn rs_score(cards: &[Card; 5]) -> u32 {
    let h: [RsCard; 5] = cards.map(rs_card);
    let r = h[..].rank();
    (rs_category(r.category()) as u32 + 1) << 12 | r.value_bits() as u32
}

fn parse5(s: &str) -> [Card; 5] {
    shisanshui::parse_cards(s).unwrap().try_into().unwrap()
}

/// rs_poker ranks the wheel as the lowest straight. For `second_highest` the two wheel classes
/// (straight and straight flush) move to just below the matching A-high class; nothing else moves.
struct Oracle {
    wheel_straight: u32,
    wheel_sf: u32,
    ace_straight: u32,
    ace_sf: u32,
}

impl Oracle {
    fn new() -> Oracle {
        Oracle {
            wheel_straight: rs_score(&parse5("Ad 2c 3h 4s 5d")),
            wheel_sf: rs_score(&parse5("Ad 2d 3d 4d 5d")),
            ace_straight: rs_score(&parse5("Ts Jd Qh Kc Ad")),
            ace_sf: rs_score(&parse5("Ts Js Qs Ks As")),
        }
    }
    /// A key whose order is the order RULES.md wants under `wheel`.
    fn key(&self, score: u32, wheel: Wheel) -> u32 {
        match wheel {
            Wheel::SecondHighest if score == self.wheel_straight => 2 * self.ace_straight - 1,
            Wheel::SecondHighest if score == self.wheel_sf => 2 * self.ace_sf - 1,
            _ => 2 * score,
        }
    }
}

/// Everything learned from the full five-card enumeration, reused by the later checks.
struct FiveCardFacts {
    hands: Vec<[Card; 5]>,
    /// Per wheel option: the hands (indices into `hands`) of each class, weakest class first.
    members: [Vec<Vec<u32>>; 2],
    /// Per wheel option: one representative hand per class, and its rs_poker order key.
    reps: [Vec<([Card; 5], u32)>; 2],
}

/// The enumeration runs once per test binary; the tests that need it share it.
fn facts() -> &'static FiveCardFacts {
    static FACTS: std::sync::OnceLock<FiveCardFacts> = std::sync::OnceLock::new();
    FACTS.get_or_init(enumerate_five_card_hands)
}

#[test]
fn five_card_hands_match_rs_poker_and_the_documented_layout() {
    let f = facts();
    for w in 0..2 {
        assert_eq!(f.members[w].iter().map(Vec::len).sum::<usize>(), 2_598_960);
    }
}

fn enumerate_five_card_hands() -> FiveCardFacts {
    let hands = all_hands::<5>();
    assert_eq!(hands.len(), 2_598_960);
    let oracle = Oracle::new();
    let scores: Vec<u32> = hands.iter().map(rs_score).collect();
    let specs: Vec<[Spec; 2]> = hands.iter().map(spec5_both).collect();
    let mut ours_all = vec![0u32; hands.len()];
    let mut members: [Vec<Vec<u32>>; 2] = [vec![Vec::new(); 7462], vec![Vec::new(); 7462]];
    let mut reps: [Vec<([Card; 5], u32)>; 2] = [Vec::new(), Vec::new()];
    for (w, &wheel) in WHEELS.iter().enumerate() {
        let plain = Evaluator::with_options(wheel, false);
        let suited = Evaluator::with_options(wheel, true);
        // value_at[key] = our value for the hands with this oracle key (u32::MAX: none yet).
        let mut value_at = vec![u32::MAX; 2 * (10 << 12)];
        let mut rep_at: Vec<Option<[Card; 5]>> = vec![None; 2 * (10 << 12)];
        for (i, h) in hands.iter().enumerate() {
            let score = scores[i];
            // Sanity of the oracle itself: the wheel is its lowest straight (flush), A-high its highest.
            if rs_category_of(score) == 4 {
                assert!((oracle.wheel_straight..=oracle.ace_straight).contains(&score), "{h:?}");
            } else if rs_category_of(score) == 8 {
                assert!((oracle.wheel_sf..=oracle.ace_sf).contains(&score), "{h:?}");
            }
            let key = oracle.key(score, wheel) as usize;
            let ours = plain.eval5(h);
            ours_all[i] = ours.value();
            let spec = specs[i][w];
            // Layout and category as documented, from the independent classifier.
            assert_eq!(ours.value(), spec.packed(), "{h:?} under {wheel:?}: {ours:?} vs {spec:?}");
            assert_eq!(ours.category() as u8, rs_category_of(score), "{h:?}: category differs from rs_poker");
            // Card order never matters.
            let rev = [h[4], h[2], h[0], h[3], h[1]];
            assert_eq!(plain.eval5(&rev), ours, "{h:?} reordered");
            // Same ties: one value per oracle class.
            match value_at[key] {
                u32::MAX => {
                    value_at[key] = ours.value();
                    rep_at[key] = Some(*h);
                }
                v => assert_eq!(v, ours.value(), "{h:?} ties with {:?} in rs_poker but not here", rep_at[key]),
            }
            // suit_tiebreak: the ranks value plus the top group's highest suit, nothing else.
            let s = suited.eval5(h);
            assert_eq!(s.ranks_only(), ours, "{h:?}: suits changed the ranks");
            assert_eq!(s.value() & 3, top_suit(h, spec.top_rank) as u32, "{h:?}: wrong tie-break suit");
            assert_eq!(s.top_rank() as u8, spec.top_rank, "{h:?}: top_rank()");
        }
        // Same order: over the oracle's classes in ascending order our values strictly increase.
        let mut prev: Option<u32> = None;
        for (key, &v) in value_at.iter().enumerate() {
            if v == u32::MAX {
                continue;
            }
            if let Some(p) = prev {
                assert!(v > p, "order differs from rs_poker at key {key} ({:?}) under {wheel:?}", rep_at[key]);
            }
            prev = Some(v);
            reps[w].push((rep_at[key].unwrap(), key as u32));
        }
        assert_eq!(reps[w].len(), 7462, "exactly 7462 classes under {wheel:?}");
        // Class ids in ascending strength, for the later checks.
        let values: Vec<u32> = reps[w].iter().map(|(h, _)| plain.eval5(h).value()).collect();
        for (i, v) in ours_all.iter().enumerate() {
            members[w][values.binary_search(v).unwrap()].push(i as u32);
        }
    }
    FiveCardFacts { hands, members, reps }
}

fn rs_category_of(score: u32) -> u8 {
    (score >> 12) as u8 - 1
}

/// §3 with `suit_tiebreak`. Proven for all 2.6M hands above: the value with suits is the
/// ranks-only value plus the top group's highest suit in the two lowest bits. Hence hands of
/// different rank classes are ordered by ranks alone (the suit bits sit below every rank bit),
/// and two hands of one rank class are ordered by their top group's highest suit. Two such hands
/// that can coexist (disjoint cards) never tie: the top group has one rank r in both, and if both
/// highest suits were s, both hands would hold the card (r, s).
///
/// This test checks the claim directly, pair by pair: every pair of coexisting hands in every
/// class of at most 144 hands (straight flush, quads, full house, flush, trips, two pair: no
/// trips or full house pair can coexist, which is checked too), and for the big classes (one
/// pair: 384 hands, high card and straight: 1020) 200 random coexisting pairs each.
#[test]
fn suit_tiebreak_decides_every_tie_between_coexisting_hands() {
    let f = facts();
    let mut rng = SplitMix(0x7E1E_B4EA);
    let bits = |h: &[Card; 5]| h.iter().fold(0u64, |m, c| m | 1 << c.code());
    for (w, &wheel) in WHEELS.iter().enumerate() {
        let e = Evaluator::with_options(wheel, true);
        let (mut all_pairs, mut sampled) = (0usize, 0usize);
        for (class, members) in f.members[w].iter().enumerate() {
            // (cards as a bit set, value with suits, top suit by the independent rule)
            let rows: Vec<(u64, u32, u8)> = members
                .iter()
                .map(|&i| {
                    let h = &f.hands[i as usize];
                    (bits(h), e.eval5(h).value(), top_suit(h, spec5(h, wheel).top_rank))
                })
                .collect();
            let check = |a: &(u64, u32, u8), b: &(u64, u32, u8)| {
                let want = a.2.cmp(&b.2);
                assert_ne!(want, Ordering::Equal, "class {class}: {:#x} and {:#x} coexist yet tie", a.0, b.0);
                assert_eq!(a.1.cmp(&b.1), want, "class {class} under {wheel:?}: {:#x} vs {:#x}", a.0, b.0);
            };
            let category = HandRank::from_value(rows[0].1).unwrap().category() as u8;
            if rows.len() <= 144 {
                let mut coexisting = 0;
                for (i, a) in rows.iter().enumerate() {
                    for b in &rows[i + 1..] {
                        if a.0 & b.0 == 0 {
                            check(a, b);
                            coexisting += 1;
                        }
                    }
                }
                // One deck: two trips or two full houses of one rank cannot coexist.
                assert_eq!(coexisting == 0, matches!(category, 3 | 6 | 7), "class {class}");
                all_pairs += coexisting;
            } else {
                let mut found = 0;
                while found < 200 {
                    let (a, b) = (&rows[rng.below(rows.len())], &rows[rng.below(rows.len())]);
                    if a.0 & b.0 == 0 {
                        check(a, b);
                        found += 1;
                    }
                }
                sampled += found;
            }
            // Across classes ranks decide first, whatever the suits.
            if class + 1 < 7462 {
                let next_min = f.members[w][class + 1].iter().map(|&i| e.eval5(&f.hands[i as usize])).min().unwrap();
                let this_max = rows.iter().map(|r| r.1).max().unwrap();
                assert!(next_min.value() > this_max, "class {} must beat class {class} whatever the suits", class + 1);
            }
        }
        // By hand: a two pair hand coexists with 3 others of its class (the other two suits of
        // each pair, one of 3 kickers left): 858 * 144 * 3 / 2; a flush or straight flush class
        // has 4 hands, all disjoint: (1277 + 10) * 6.
        assert_eq!(all_pairs, 858 * 144 * 3 / 2 + (1277 + 10) * 6);
        assert_eq!(sampled, (2860 + 1277 + 10) * 200);
    }
}

#[test]
fn three_card_hands_have_455_classes_in_rule_order() {
    let hands = all_hands::<3>();
    assert_eq!(hands.len(), 22_100);
    for wheel in WHEELS {
        let plain = Evaluator::with_options(wheel, false);
        let suited = Evaluator::with_options(wheel, true);
        let mut classes: Vec<(Spec, u32)> = Vec::new();
        for h in &hands {
            let spec = spec3(h);
            let v = plain.eval3(h);
            assert_eq!(v.value(), spec.packed(), "{h:?}: {v:?} vs {spec:?}");
            assert_eq!(plain.eval3(&[h[2], h[0], h[1]]), v, "{h:?} reordered");
            let s = suited.eval3(h);
            assert_eq!(s.ranks_only(), v);
            assert_eq!(s.value() & 3, top_suit(h, spec.top_rank) as u32, "{h:?}: wrong tie-break suit");
            classes.push((spec, v.value()));
        }
        // Order by the rule (category, then the group-ordered ranks) and compare with our values:
        // equal specs must give equal values and a greater spec a strictly greater value.
        let key = |s: &Spec| (s.category, s.nibbles);
        classes.sort_by_key(|a| key(&a.0));
        classes.dedup_by(|a, b| {
            let same = key(&a.0) == key(&b.0);
            if same {
                assert_eq!(a.1, b.1, "{:?} split into two values", a.0);
            }
            same
        });
        assert_eq!(classes.len(), 455);
        for pair in classes.windows(2) {
            assert!(pair[1].1 > pair[0].1, "{:?} should beat {:?}", pair[1].0, pair[0].0);
        }
        // Coexisting equal-rank fronts are always decided by the suit tie-break.
        for (a, b) in [("Kd Kc 9h", "Ks Kh 9s"), ("As Kd Qh", "Ah Kc Qs"), ("5h 3c 2d", "5d 3s 2h")] {
            let a: [Card; 3] = shisanshui::parse_cards(a).unwrap().try_into().unwrap();
            let b: [Card; 3] = shisanshui::parse_cards(b).unwrap().try_into().unwrap();
            let want = top_suit(&a, spec3(&a).top_rank).cmp(&top_suit(&b, spec3(&b).top_rank));
            assert_eq!(suited.eval3(&a).cmp(&suited.eval3(&b)), want);
        }
    }
}

/// §2 read literally: category first, then the front's three ranks against the middle's first
/// three in tie-break order; all equal is equal. Packed as digits base 16 so that one integer
/// comparison is the lexicographic one (every nibble is below 16).
fn front_key(spec: &Spec) -> u32 {
    (spec.category as u32) << 12
        | (spec.nibbles[0] as u32) << 8
        | (spec.nibbles[1] as u32) << 4
        | spec.nibbles[2] as u32
}

/// How many (front class, middle class) pairs are equal under §2, counted by hand.
fn equal_front_middle_pairs() -> usize {
    let c2 = |m: usize| m * m.saturating_sub(1) / 2;
    let mut n = 0;
    // Front high card a > b > c meets middle high cards a b c x y (c > x > y), minus the two
    // shapes that are straights, not high cards: a b c c-1 c-2 consecutive, and A 5 4 3 2.
    for a in 0..13 {
        for b in 0..a {
            for c in 0..b {
                n += c2(c);
                n -= (a == c + 2 && b == c + 1 && c >= 2) as usize;
                n -= (a == 12 && b == 3 && c == 2) as usize;
            }
        }
    }
    // Front pair p p k meets middle pairs p p k x y (k > x > y, neither equal to p).
    for p in 0..13 {
        for k in (0..13).filter(|&k| k != p) {
            n += c2(k - (p < k) as usize);
        }
    }
    // Front trips t t t meets middle trips t t t x y: any two other ranks.
    n + 13 * c2(12)
}

#[test]
fn front_against_middle_follows_section_2_for_every_class_pair() {
    let f = facts();
    let fronts: Vec<[Card; 3]> = {
        let mut seen = std::collections::HashSet::new();
        all_hands::<3>().into_iter().filter(|h| seen.insert((spec3(h).category, spec3(h).nibbles))).collect()
    };
    assert_eq!(fronts.len(), 455);
    let royal = Evaluator::default().eval5(&parse5("As Ks Qs Js Ts"));
    for (w, &wheel) in WHEELS.iter().enumerate() {
        let mut equal = 0usize;
        // Ranks with and without suit bits: the foul check must ignore them.
        let [plain, suited] = [false, true].map(|st| Evaluator::with_options(wheel, st));
        let front_rows: Vec<(u32, [HandRank; 2])> =
            fronts.iter().map(|h| (front_key(&spec3(h)), [plain.eval3(h), suited.eval3(h)])).collect();
        for (m, _) in &f.reps[w] {
            let mkey = front_key(&spec5(m, wheel));
            let mranks = [plain.eval5(m), suited.eval5(m)];
            for (fkey, franks) in &front_rows {
                let want = fkey.cmp(&mkey);
                equal += (want == Ordering::Equal) as usize;
                for strict in [false, true] {
                    let expected = want == Ordering::Greater || (strict && want == Ordering::Equal);
                    for st in 0..2 {
                        let got = Foul::check(franks[st], mranks[st], royal, strict).front_over_middle;
                        if got != expected {
                            panic!("front {fkey:#x} vs middle {m:?} ({wheel:?}, suit_tiebreak {st}, strict {strict})");
                        }
                    }
                }
            }
        }
        assert_eq!(equal, equal_front_middle_pairs(), "equal front/middle class pairs under {wheel:?}");
    }
}

/// The middle-against-back half of the foul check is the plain rank order without suits,
/// already proven equal to rs_poker's above; check it on a sample of class pairs, with the back
/// a random hand of its class so that suits differ, under both wheel options and strict_order.
#[test]
fn middle_against_back_is_the_rank_order_without_suits() {
    let f = facts();
    let mut rng = SplitMix(0xBAC4);
    for (w, &wheel) in WHEELS.iter().enumerate() {
        let e = Evaluator::with_options(wheel, true);
        let front = e.eval3(&[card(0), card(5), card(10)]);
        for (ci, (m, mkey)) in f.reps[w].iter().enumerate() {
            let others: Vec<usize> = (0..64).map(|_| rng.below(7462)).chain([ci]).collect();
            for j in others {
                let (_, bkey) = f.reps[w][j];
                // A random hand of class j, so that suits differ from the middle's.
                let m_j = &f.members[w][j];
                let back = f.hands[m_j[rng.below(m_j.len())] as usize];
                let want = mkey.cmp(&bkey);
                for strict in [false, true] {
                    let got = Foul::check(front, e.eval5(m), e.eval5(&back), strict).middle_over_back;
                    assert_eq!(
                        got,
                        want == Ordering::Greater || (strict && want == Ordering::Equal),
                        "{m:?} vs {back:?}"
                    );
                }
            }
        }
    }
}
