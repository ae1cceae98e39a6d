//! 理牌 hints with jokers (RULES.md §12) against brute force: `combos` against every subset of
//! the hand with every choice of its jokers' cards, classified here by shape; `Arranger::complete`
//! against every split of the free cards, each checked for a foul with lane values found here by
//! trying every card for each joker (both `joker_lanes` readings) and valued by
//! `Arranger::expected_water`. Run in release: `cargo test -p shisanshui --release --test joker_hints`.

use std::collections::{BTreeMap, BTreeSet};

use shisanshui::hints::{combos, Combo, FixedLanes};
use shisanshui::{
    parse_cards_in, Arrangement, Arranger, Card, Category, Error, Evaluator, Foul, HandRank, JokerLanes, Lane, Rules,
    SuitSet,
};

mod support;
use support::SplitMix;

const CATEGORIES: [Category; 9] = [
    Category::OnePair,
    Category::TwoPair,
    Category::ThreeOfAKind,
    Category::Straight,
    Category::Flush,
    Category::FullHouse,
    Category::FourOfAKind,
    Category::StraightFlush,
    Category::FiveOfAKind,
];

fn release_or(debug: usize, release: usize) -> usize {
    if cfg!(debug_assertions) {
        debug
    } else {
        release
    }
}

fn rule_sets() -> Vec<(&'static str, Rules)> {
    let mut out = Vec::new();
    for (name, extra, jokers, lanes, stb) in [
        ("classic 2 jokers", "", 2, JokerLanes::EachBest, false),
        ("classic 3 jokers avoid_foul", "", 3, JokerLanes::AvoidFoul, false),
        ("extra s, 3 jokers, suit_tiebreak", "s", 3, JokerLanes::EachBest, true),
        ("extra hs, 4 jokers avoid_foul", "hs", 4, JokerLanes::AvoidFoul, false),
    ] {
        let mut r = Rules::classic();
        r.extra_suits = extra.parse::<SuitSet>().unwrap();
        r.jokers = jokers;
        r.joker_lanes = lanes;
        r.suit_tiebreak = stb;
        out.push((name, r));
    }
    out
}

/// `n` cards of the rule set's deck holding exactly `j` jokers.
fn deal(rng: &mut SplitMix, rules: &Rules, n: usize, j: usize) -> Vec<Card> {
    let deck = rules.deck_spec();
    let mut naturals: Vec<Card> = Vec::new();
    let mut jokers: Vec<Card> = Vec::new();
    for code in 0..54u8 {
        let c = Card::from_any_code(code).unwrap();
        for _ in 0..deck.copies(c) {
            if c.is_joker() {
                jokers.push(c);
            } else {
                naturals.push(c);
            }
        }
    }
    rng.shuffle(&mut naturals);
    rng.shuffle(&mut jokers);
    let mut hand: Vec<Card> = jokers[..j].to_vec();
    hand.extend_from_slice(&naturals[..n - j]);
    rng.shuffle(&mut hand);
    hand
}

/// Every multiset of `k` of the 52 cards (codes non-decreasing).
fn substitutions(k: usize, f: &mut impl FnMut(&[u8])) {
    fn rec(at: usize, from: u8, cur: &mut [u8; 5], k: usize, f: &mut impl FnMut(&[u8])) {
        if at == k {
            f(&cur[..k]);
            return;
        }
        for c in from..52 {
            cur[at] = c;
            rec(at + 1, c, cur, k, f);
        }
    }
    rec(0, 0, &mut [0; 5], k, f);
}

/// Every distinct sub-multiset of size `k` of `codes` (sorted ascending), jokers as one code.
fn sub_multisets(codes: &[u8], k: usize) -> BTreeSet<Vec<u8>> {
    let mut out = BTreeSet::new();
    let n = codes.len();
    for m in 0u32..1 << n {
        if m.count_ones() as usize == k {
            out.insert((0..n).filter(|&i| m >> i & 1 == 1).map(|i| codes[i]).collect());
        }
    }
    out
}

/// The key of an entry of `cat` that these real cards (no joker) are exactly the own cards of,
/// by shape alone; `None` when they are not. Flushes are keyed by the caller (their card set).
fn shape_key(cat: Category, cards: &[u8]) -> Option<u32> {
    let mut counts = [0u8; 13];
    for &c in cards {
        counts[(c >> 2) as usize] += 1;
    }
    let mut groups: Vec<(u8, usize)> = (0..13).filter(|&r| counts[r] > 0).map(|r| (counts[r], r)).collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let one_suit = cards.iter().all(|&c| c & 3 == cards[0] & 3);
    let ranks: u16 = groups.iter().fold(0, |m, g| m | 1 << g.1);
    let run = if cards.len() == 5 && ranks.count_ones() == 5 {
        if ranks == 0b1_0000_0000_1111 {
            Some(3u32)
        } else {
            let lo = ranks.trailing_zeros();
            (ranks >> lo == 0b11111).then_some(lo + 4)
        }
    } else {
        None
    };
    let n = cards.len();
    match cat {
        Category::OnePair if n == 2 && shape == [2] => Some(groups[0].1 as u32),
        Category::ThreeOfAKind if n == 3 && shape == [3] => Some(groups[0].1 as u32),
        Category::FourOfAKind if n == 4 && shape == [4] => Some(groups[0].1 as u32),
        Category::FiveOfAKind if n == 5 && shape == [5] => Some(groups[0].1 as u32),
        Category::TwoPair if n == 4 && shape == [2, 2] => Some((groups[0].1 as u32) << 4 | groups[1].1 as u32),
        Category::FullHouse if n == 5 && shape == [3, 2] => Some((groups[0].1 as u32) << 4 | groups[1].1 as u32),
        Category::Straight if !one_suit => run,
        Category::StraightFlush if one_suit => run.map(|top| top << 2 | (cards[0] & 3) as u32),
        Category::Flush if n == 5 && one_suit && run.is_none() && !matches!(shape[..], [3, 2] | [4, 1] | [5]) => {
            Some(0)
        }
        _ => None,
    }
}

fn size(cat: Category) -> usize {
    match cat {
        Category::OnePair => 2,
        Category::ThreeOfAKind => 3,
        Category::TwoPair | Category::FourOfAKind => 4,
        _ => 5,
    }
}

const JOKER: u8 = 60;

/// The brute force's entries of one category: key -> (fewest jokers, strongest value as the
/// evaluator ranks the substituted cards, for flushes). A flush is keyed by its cards (jokers
/// as `JOKER`), every other category by its shape key.
fn brute(hand: &[Card], cat: Category, eval: &Evaluator) -> BTreeMap<Vec<u32>, (usize, u32)> {
    let mut codes: Vec<u8> = hand.iter().map(|c| if c.is_joker() { JOKER } else { c.code() }).collect();
    codes.sort_unstable();
    let mut out: BTreeMap<Vec<u32>, (usize, u32)> = BTreeMap::new();
    for sub in sub_multisets(&codes, size(cat)) {
        let naturals: Vec<u8> = sub.iter().copied().filter(|&c| c != JOKER).collect();
        let u = sub.len() - naturals.len();
        substitutions(u, &mut |s| {
            let mut all = naturals.clone();
            all.extend_from_slice(s);
            let Some(k) = shape_key(cat, &all) else { return };
            let key: Vec<u32> = if cat == Category::Flush { sub.iter().map(|&c| c as u32).collect() } else { vec![k] };
            let value = if all.len() == 5 {
                let five: [Card; 5] = std::array::from_fn(|i| Card::from_code(all[i]).unwrap());
                eval.eval5(&five).value()
            } else {
                0
            };
            let e = out.entry(key).or_insert((u, value));
            e.0 = e.0.min(u);
            e.1 = e.1.max(value);
        });
    }
    out
}

fn key_of(c: &Combo) -> Vec<u32> {
    if c.category() == Category::Flush {
        let mut k: Vec<u32> =
            c.cards().iter().map(|c| if c.is_joker() { JOKER as u32 } else { c.code() as u32 }).collect();
        k.sort_unstable();
        k
    } else {
        let played: Vec<u8> = c.played().iter().map(|c| c.code()).collect();
        vec![shape_key(c.category(), &played).expect("played cards make the category")]
    }
}

fn is_sub_multiset(part: &[Card], whole: &[Card]) -> bool {
    let mut left = whole.to_vec();
    part.iter().all(|c| match left.iter().position(|d| d == c) {
        Some(i) => {
            left.swap_remove(i);
            true
        }
        None => false,
    })
}

fn check_combos(hand: &[Card], rules: &Rules, what: &str) {
    let eval = Evaluator::new(rules);
    let naturals: Vec<Card> = hand.iter().copied().filter(|c| !c.is_joker()).collect();
    for cat in CATEGORIES {
        let list = combos(hand, cat, rules).unwrap_or_else(|e| panic!("{what} {cat:?}: {e}"));
        let want = brute(hand, cat, &eval);
        let plain: BTreeMap<Vec<u32>, Combo> = if cat == Category::FiveOfAKind && rules.extra_suits.is_empty() {
            BTreeMap::new()
        } else {
            combos(&naturals, cat, rules).unwrap().into_iter().map(|c| (key_of(&c), c)).collect()
        };
        let mut got = BTreeSet::new();
        let mut last: Option<u32> = None;
        for c in &list {
            let ctx = format!("{what} {cat:?} {:?} as {:?}", c.cards(), c.played());
            assert_eq!(c.category(), cat, "{ctx}");
            assert_eq!(c.cards().len(), size(cat), "{ctx}");
            assert!(is_sub_multiset(c.cards(), hand), "{ctx}: cards not in the hand");
            assert!(c.cards().windows(2).all(|w| w[0] >= w[1]), "{ctx}: highest first");
            for (card, played) in c.cards().iter().zip(c.played()) {
                assert!(!played.is_joker(), "{ctx}");
                if !card.is_joker() {
                    assert_eq!(card, played, "{ctx}: a natural card plays as itself");
                }
            }
            let played: Vec<u8> = c.played().iter().map(|c| c.code()).collect();
            assert!(shape_key(cat, &played).is_some(), "{ctx}: played cards do not make the category");
            let key = key_of(c);
            assert!(got.insert(key.clone()), "{ctx}: offered twice");
            let Some(&(fewest, best)) = want.get(&key) else { panic!("{ctx}: not found by brute force") };
            let jokers = c.cards().iter().filter(|c| c.is_joker()).count();
            if cat == Category::Flush {
                let five: [Card; 5] = c.played().try_into().unwrap();
                assert_eq!(eval.eval5(&five).value(), best, "{ctx}: not the strongest flush of these cards");
            } else {
                assert_eq!(jokers, fewest, "{ctx}: not the fewest jokers");
            }
            if jokers == 0 && cat != Category::Flush {
                // As cards (the full houses of copies list their trips first).
                let p = plain.get(&key).unwrap_or_else(|| panic!("{ctx}: no entry without jokers"));
                assert_eq!(sorted(c.cards()), sorted(p.cards()), "{ctx}: differs from the entry without jokers");
            }
            // Strongest first.
            let strength = if size(cat) == 5 {
                let five: [Card; 5] = c.played().try_into().unwrap();
                eval.eval5(&five).value()
            } else {
                key[0]
            };
            if let Some(prev) = last {
                assert!(strength <= prev, "{ctx}: out of order");
            }
            last = Some(strength);
        }
        let want_keys: BTreeSet<Vec<u32>> = want.keys().cloned().collect();
        assert_eq!(got, want_keys, "{what} {cat:?}: offered vs brute force");
        // The list depends only on the cards, not their order.
        let mut rev = hand.to_vec();
        rev.reverse();
        assert_eq!(combos(&rev, cat, rules).unwrap(), list, "{what} {cat:?}: order of the cards");
    }
}

#[test]
fn combos_with_jokers_against_brute_force() {
    let mut rng = SplitMix(0x5eed_1234);
    let mut checked = 0;
    for (name, rules) in rule_sets() {
        for round in 0..release_or(1, 6) {
            for j in 1..=3.min(rules.jokers as usize) {
                let n = if round % 3 == 2 { 8 } else { 13 };
                let hand = deal(&mut rng, &rules, n, j);
                check_combos(&hand, &rules, &format!("{name}: {}", shisanshui::format_cards(&hand)));
                checked += 1;
            }
        }
    }
    assert!(checked >= 12);
}

#[test]
fn combos_with_jokers_by_hand() {
    let mut rules = Rules::classic();
    rules.jokers = 2;
    let deck = rules.deck_spec();
    let hand = parse_cards_in("Ks Kd Qh 9s 8s 7s 6d 3c 2h SJ", deck).unwrap();
    let shown = |c: &Combo| (shisanshui::format_cards(c.cards()), shisanshui::format_cards(c.played()));
    let pairs = combos(&hand, Category::OnePair, &rules).unwrap();
    // Kings without the joker; every other rank with it.
    assert_eq!(shown(&pairs[0]), ("Ks Kd".into(), "Ks Kd".into()));
    assert_eq!(shown(&pairs[1]), ("SJ Qh".into(), "Qs Qh".into()));
    assert_eq!(pairs.len(), 8);
    let trips = combos(&hand, Category::ThreeOfAKind, &rules).unwrap();
    assert_eq!(shown(&trips[0]), ("SJ Ks Kd".into(), "Kh Ks Kd".into()));
    assert_eq!(trips.len(), 1);
    let straights = combos(&hand, Category::Straight, &rules).unwrap();
    // 6-7-8-9 plus the joker as a 5 or a T.
    let runs: Vec<_> = straights.iter().map(shown).collect();
    assert!(runs.contains(&("SJ 9s 8s 7s 6d".into(), "Ts 9s 8s 7s 6d".into())), "{runs:?}");
    assert!(runs.contains(&("SJ 9s 8s 7s 6d".into(), "5s 9s 8s 7s 6d".into())), "{runs:?}");
    let flushes = combos(&hand, Category::Flush, &rules).unwrap();
    assert_eq!(shown(&flushes[0]), ("SJ Ks 9s 8s 7s".into(), "As Ks 9s 8s 7s".into()));
    // No deck of jokers makes five of a kind from one card: with one joker none.
    assert!(combos(&hand, Category::FiveOfAKind, &rules).unwrap().is_empty());
    let quads = parse_cards_in("As Ah Ac Ad SJ 2c", deck).unwrap();
    let five = combos(&quads, Category::FiveOfAKind, &rules).unwrap();
    assert_eq!(shown(&five[0]), ("SJ As Ah Ac Ad".into(), "As As Ah Ac Ad".into()));
    // Errors: high card, a joker the deck lacks.
    assert!(matches!(combos(&hand, Category::HighCard, &rules), Err(Error::InvalidArgument(_))));
    let classic = Rules::classic();
    assert!(matches!(combos(&hand, Category::OnePair, &classic), Err(Error::JokerNotInDeck { .. })));
    let mut one = Rules::classic();
    one.jokers = 1;
    let two = parse_cards_in("SJ BJ 2c", rules.deck_spec()).unwrap();
    assert!(combos(&two, Category::OnePair, &one).is_err());
}

// ---- completion ----

/// A lane's best value over every choice of its jokers' cards whose ranks are at most `bound`'s
/// (below when `strict`), or every choice when `bound` is `None`.
fn lane_best(eval: &Evaluator, lane: &[Card], bound: Option<HandRank>, strict: bool) -> Option<HandRank> {
    let naturals: Vec<Card> = lane.iter().copied().filter(|c| !c.is_joker()).collect();
    let mut best: Option<HandRank> = None;
    substitutions(lane.len() - naturals.len(), &mut |s| {
        let mut all = naturals.clone();
        all.extend(s.iter().map(|&c| Card::from_code(c).unwrap()));
        let r = match all.len() {
            3 => eval.eval3(&all[..].try_into().unwrap()),
            _ => eval.eval5(&all[..].try_into().unwrap()),
        };
        let fits = match bound {
            None => true,
            Some(b) if strict => r.ranks_only() < b.ranks_only(),
            Some(b) => r.ranks_only() <= b.ranks_only(),
        };
        if fits && best.map_or(true, |x| r > x) {
            best = Some(r);
        }
    });
    best
}

/// Whether an arrangement fouls under the rule set's `joker_lanes`, from [`lane_best`].
fn fouls(eval: &Evaluator, rules: &Rules, a: &Arrangement) -> bool {
    let strict = rules.strict_order;
    let (f, m, b) = (
        lane_best(eval, &a.front, None, strict).unwrap(),
        lane_best(eval, &a.middle, None, strict).unwrap(),
        lane_best(eval, &a.back, None, strict).unwrap(),
    );
    if !Foul::check(f, m, b, strict).is_foul() {
        return false;
    }
    if rules.joker_lanes == JokerLanes::EachBest {
        return true;
    }
    let Some(m) = lane_best(eval, &a.middle, Some(b), strict) else { return true };
    lane_best(eval, &a.front, Some(m), strict).is_none()
}

fn sorted(cards: &[Card]) -> Vec<Card> {
    let mut v = cards.to_vec();
    v.sort_unstable();
    v
}

/// Every completion of the open lanes from the free cards, legal by [`fouls`]: the best value.
fn brute_complete(arranger: &Arranger, rules: &Rules, hand: &[Card], fixed: [Option<Vec<Card>>; 3]) -> Option<f64> {
    let eval = Evaluator::new(rules);
    let mut rest = hand.to_vec();
    for l in fixed.iter().flatten() {
        for c in l {
            let i = rest.iter().position(|d| d == c).unwrap();
            rest.swap_remove(i);
        }
    }
    let open: Vec<Lane> = Lane::ALL.into_iter().filter(|&l| fixed[l as usize].is_none()).collect();
    let n = rest.len();
    let mut best: Option<f64> = None;
    for m in 0u32..1 << n {
        if m.count_ones() as usize != open[0].size() {
            continue;
        }
        let taken: Vec<Card> = (0..n).filter(|&i| m >> i & 1 == 1).map(|i| rest[i]).collect();
        let left: Vec<Card> = (0..n).filter(|&i| m >> i & 1 == 0).map(|i| rest[i]).collect();
        let lane = |l: Lane| -> Vec<Card> {
            if l == open[0] {
                taken.clone()
            } else {
                fixed[l as usize].clone().unwrap_or_else(|| left.clone())
            }
        };
        let a = Arrangement {
            front: lane(Lane::Front).try_into().unwrap(),
            middle: lane(Lane::Middle).try_into().unwrap(),
            back: lane(Lane::Back).try_into().unwrap(),
        };
        if fouls(&eval, rules, &a) {
            continue;
        }
        let ev = arranger.expected_water(&a);
        if best.map_or(true, |b| ev > b) {
            best = Some(ev);
        }
    }
    best
}

#[test]
fn complete_with_jokers_against_brute_force() {
    let mut rng = SplitMix(0xc0_ffee);
    let (mut done, mut none) = (0, 0);
    for (name, rules) in rule_sets() {
        let arranger = Arranger::new(&rules, 4).unwrap();
        let eval = Evaluator::new(&rules);
        for round in 0..release_or(2, 8) {
            let j = 1 + round % 3.min(rules.jokers as usize);
            let hand = deal(&mut rng, &rules, 13, j);
            // Fix one or two lanes from a shuffled hand: jokers land fixed or free.
            let mut order = hand.clone();
            rng.shuffle(&mut order);
            let lanes = [order[..3].to_vec(), order[3..8].to_vec(), order[8..].to_vec()];
            let pick = rng.below(6);
            let fixed: [Option<Vec<Card>>; 3] = std::array::from_fn(|i| match pick {
                0..=2 => (i == pick).then(|| lanes[i].clone()),
                _ => (i != pick - 3).then(|| lanes[i].clone()),
            });
            let what = format!("{name}: {} fixed {fixed:?}", shisanshui::format_cards(&hand));
            let fl = FixedLanes { front: fixed[0].as_deref(), middle: fixed[1].as_deref(), back: fixed[2].as_deref() };
            let want = brute_complete(&arranger, &rules, &hand, fixed.clone());
            match (arranger.complete(&hand, &fl), want) {
                (Ok(best), Some(ev)) => {
                    let a = &best.arrangement;
                    assert!(!fouls(&eval, &rules, a), "{what}: fouls");
                    assert_eq!(sorted(&a.cards()), sorted(&hand), "{what}: not the hand's cards");
                    for lane in Lane::ALL {
                        if let Some(f) = &fixed[lane as usize] {
                            assert_eq!(sorted(a.lane(lane)), sorted(f), "{what}: fixed lane moved");
                        }
                        assert!(a.lane(lane).windows(2).all(|w| w[0] >= w[1]), "{what}: highest first");
                    }
                    assert!((best.expected_water - ev).abs() < 1e-9, "{what}: {} vs {ev}", best.expected_water);
                    assert_eq!(best.expected_water, arranger.expected_water(a), "{what}");
                    let e = a.evaluate(&rules);
                    assert_eq!(best.categories, [e.front.category(), e.middle.category(), e.back.category()]);
                    done += 1;
                }
                (Err(Error::NoLegalArrangement(_)), None) => none += 1,
                (got, want) => panic!("{what}: {got:?} vs brute force {want:?}"),
            }
        }
    }
    assert!(done >= 8, "{done} completions, {none} with none");
}

#[test]
fn complete_reads_joker_lanes() {
    // RULES.md §12's example: back K K 9 9 3, middle Q Q J 5 + joker.
    for (lanes, legal) in [(JokerLanes::EachBest, false), (JokerLanes::AvoidFoul, true)] {
        let mut rules = Rules::classic();
        rules.jokers = 2;
        rules.joker_lanes = lanes;
        let deck = rules.deck_spec();
        let arranger = Arranger::new(&rules, 4).unwrap();
        let hand = parse_cards_in("Ks Kh 9s 9h 3c Qs Qh Jd 5c SJ 4d 2c 7h", deck).unwrap();
        let back = parse_cards_in("Ks Kh 9s 9h 3c", deck).unwrap();
        let middle = parse_cards_in("Qs Qh Jd 5c SJ", deck).unwrap();
        let fixed = FixedLanes::NONE.with(Lane::Back, &back).with(Lane::Middle, &middle);
        match arranger.complete(&hand, &fixed) {
            Ok(best) => {
                assert!(legal, "{lanes:?}");
                assert_eq!(best.arrangement.middle[0], Card::SMALL_JOKER, "the joker stays a joker");
                let played = best.arrangement.evaluate_jokers(&rules);
                assert!(!played.eval.foul.is_foul());
                assert_eq!(best.categories[1], Category::TwoPair);
            }
            Err(Error::NoLegalArrangement(why)) => assert!(!legal, "{lanes:?}: {why}"),
            Err(e) => panic!("{e}"),
        }
        // A free joker: the middle open.
        let fixed = FixedLanes::NONE.with(Lane::Back, &back);
        let best = arranger.complete(&hand, &fixed).unwrap();
        assert!(!best.arrangement.evaluate(&rules).foul.is_foul());
        assert!(best.arrangement.has_jokers());
        // Errors: a joker fixed that the hand lacks; a joker the deck lacks.
        let other = parse_cards_in("Qs Qh Jd 5c BJ", deck).unwrap();
        let fixed = FixedLanes::NONE.with(Lane::Middle, &other);
        assert!(matches!(arranger.complete(&hand, &fixed), Err(Error::CardNotInHand { position: 7, .. })));
        let classic = Arranger::new(&Rules::classic(), 4).unwrap();
        assert!(matches!(classic.complete(&hand, &FixedLanes::NONE), Err(Error::JokerNotInDeck { .. })));
    }
}
