//! 理牌 hints against brute force: `combos` against every 5- and 3-card subset of the hand,
//! evaluated and grouped here (and, for short hands, against every subset classified by its
//! shape); `Arranger::complete` against every one of the 72,072 arrangements of the hand that
//! keeps the fixed lanes, checked with the engine's own foul check and valued by
//! `Arranger::expected_water`. Run in release for the full counts:
//! `cargo test -p shisanshui --release --test hints`.

use std::collections::BTreeMap;

use shisanshui::hints::{combos, Combo, FixedLanes, MAX_COMBOS};
use shisanshui::{
    parse_cards, Arrangement, Arranger, Card, CardSet, Category, Error, Evaluator, Lane, Preset, Rules, Wheel,
};

mod support;
use support::SplitMix;

const CATEGORIES: [Category; 8] = [
    Category::OnePair,
    Category::TwoPair,
    Category::ThreeOfAKind,
    Category::Straight,
    Category::Flush,
    Category::FullHouse,
    Category::FourOfAKind,
    Category::StraightFlush,
];

fn release_or(debug: usize, release: usize) -> usize {
    if cfg!(debug_assertions) {
        debug
    } else {
        release
    }
}

fn cards_of(codes: &[u8]) -> Vec<Card> {
    codes.iter().map(|&c| Card::from_code(c).unwrap()).collect()
}

fn bits(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |b, c| b | 1 << c.code())
}

fn rules(wheel: Wheel, suit_tiebreak: bool) -> Rules {
    let mut r = Rules::classic();
    r.wheel = wheel;
    r.suit_tiebreak = suit_tiebreak;
    r
}

/// Every `k`-subset of `cards`.
fn subsets(cards: &[Card], k: usize, f: &mut impl FnMut(&[Card])) {
    fn go(cards: &[Card], k: usize, start: usize, pick: &mut Vec<Card>, f: &mut impl FnMut(&[Card])) {
        if pick.len() == k {
            f(pick);
            return;
        }
        for i in start..cards.len() {
            pick.push(cards[i]);
            go(cards, k, i + 1, pick, f);
            pick.pop();
        }
    }
    go(cards, k, 0, &mut Vec::new(), f);
}

/// The category's own cards of an evaluated hand: the cards whose rank appears `n` times for
/// the groups, all of them for the five-card categories.
fn core_of(hand: &[Card], cat: Category) -> Vec<Card> {
    let count = |c: &Card| hand.iter().filter(|d| d.rank() == c.rank()).count();
    let keep = |n: usize| hand.iter().copied().filter(|c| count(c) == n).collect::<Vec<_>>();
    match cat {
        Category::OnePair | Category::TwoPair => keep(2),
        Category::ThreeOfAKind => keep(3),
        Category::FourOfAKind => keep(4),
        _ => hand.to_vec(),
    }
}

/// Brute force of `combos` from the hands the cards make: (group key, sort key, card bits).
/// The group is the rank multiset of the core, or the core itself for (straight) flushes; the
/// entry is the group's largest bit mask; the order is the evaluator's rank (the group's
/// nibbles only, for cores with kickers), then the larger bit mask.
fn by_hands(cards: &[Card], cat: Category, eval: &Evaluator) -> Vec<u64> {
    let mut groups: BTreeMap<Vec<u8>, (u32, u64)> = BTreeMap::new();
    let mut add = |hand: &[Card]| {
        let rank = eval.evaluate(hand).unwrap();
        if rank.category() != cat {
            return;
        }
        let core = core_of(hand, cat);
        let b = bits(&core);
        let suited = matches!(cat, Category::Flush | Category::StraightFlush);
        let mut group: Vec<u8> = if suited {
            core.iter().map(|c| c.code()).collect()
        } else {
            core.iter().map(|c| c.rank() as u8).collect()
        };
        group.sort();
        let key = if core.len() == 5 {
            rank.value()
        } else {
            // Category and the core's own tie-break nibbles (the kickers' and the suit dropped).
            rank.value() >> (2 + 4 * (5 - core.len() as u32))
        };
        let e = groups.entry(group).or_insert((key, b));
        assert_eq!(e.0 >> if core.len() == 5 { 2 } else { 0 }, key >> if core.len() == 5 { 2 } else { 0 });
        if b > e.1 {
            *e = (key, b);
        }
    };
    subsets(cards, 5, &mut |h: &[Card]| add(h));
    if matches!(cat, Category::OnePair | Category::ThreeOfAKind) {
        subsets(cards, 3, &mut |h: &[Card]| add(h));
    }
    let mut v: Vec<(u32, u64)> = groups.into_values().collect();
    v.sort_by(|a, b| b.cmp(a));
    v.into_iter().map(|(_, b)| b).collect()
}

/// Whether five cards of distinct ranks make a run (the wheel included).
fn is_run(ranks: &mut [u8]) -> bool {
    ranks.sort();
    ranks.windows(2).all(|w| w[1] == w[0] + 1) || ranks == [0, 1, 2, 3, 12]
}

/// The shape of a set of 2 to 5 cards, by counting (no evaluator): the category it makes on its
/// own, if it is a whole combination.
fn shape(core: &[Card]) -> Option<Category> {
    let mut counts: BTreeMap<u8, usize> = BTreeMap::new();
    for c in core {
        *counts.entry(c.rank() as u8).or_default() += 1;
    }
    let mut n: Vec<usize> = counts.values().copied().collect();
    n.sort();
    let suited = core.iter().all(|c| c.suit() == core[0].suit());
    Some(match (core.len(), n.as_slice()) {
        (2, [2]) => Category::OnePair,
        (3, [3]) => Category::ThreeOfAKind,
        (4, [4]) => Category::FourOfAKind,
        (4, [2, 2]) => Category::TwoPair,
        (5, [2, 3]) => Category::FullHouse,
        (5, [1, 1, 1, 1, 1]) => {
            let mut r: Vec<u8> = counts.keys().copied().collect();
            match (is_run(&mut r), suited) {
                (true, true) => Category::StraightFlush,
                (true, false) => Category::Straight,
                (false, true) => Category::Flush,
                (false, false) => return None,
            }
        }
        _ => return None,
    })
}

/// Brute force of `combos` from shapes: every subset of the category's size whose shape is the
/// category, grouped and ordered as in [`by_hands`] (a 5-card set evaluated as it is; a group
/// ordered by its ranks high to low).
fn by_shapes(cards: &[Card], cat: Category, eval: &Evaluator) -> Vec<u64> {
    let size = match cat {
        Category::OnePair => 2,
        Category::ThreeOfAKind => 3,
        Category::TwoPair | Category::FourOfAKind => 4,
        _ => 5,
    };
    let mut groups: BTreeMap<Vec<u8>, (u64, u64)> = BTreeMap::new();
    subsets(cards, size, &mut |core: &[Card]| {
        if shape(core) != Some(cat) {
            return;
        }
        let b = bits(core);
        let suited = matches!(cat, Category::Flush | Category::StraightFlush);
        let mut ranks: Vec<u8> = core.iter().map(|c| c.rank() as u8).collect();
        ranks.sort_by(|a, b| b.cmp(a));
        let key = if size == 5 {
            eval.evaluate(core).unwrap().value() as u64
        } else {
            // Two pair: ranks high to low already put the higher pair first.
            ranks.iter().fold(0u64, |k, &r| k << 4 | r as u64)
        };
        let group = if suited { core.iter().map(|c| c.code()).collect() } else { ranks };
        let e = groups.entry(group).or_insert((key, b));
        if b > e.1 {
            *e = (key, b);
        }
    });
    let mut v: Vec<(u64, u64)> = groups.into_values().collect();
    v.sort_by(|a, b| b.cmp(a));
    v.into_iter().map(|(_, b)| b).collect()
}

fn combo_bits(list: &[Combo]) -> Vec<u64> {
    list.iter().map(|c| bits(c.cards())).collect()
}

fn check_combo_list(list: &[Combo], cat: Category) {
    for c in list {
        assert_eq!(c.category(), cat);
        assert!(c.cards().windows(2).all(|w| w[0] > w[1]), "highest code first: {:?}", c.cards());
        assert_eq!(c.card_set(), c.cards().iter().copied().collect::<CardSet>());
        assert_eq!(c.fits_front(), matches!(cat, Category::OnePair | Category::ThreeOfAKind));
    }
}

#[test]
fn combos_match_every_hand_the_cards_make() {
    let mut rng = SplitMix(0x4849_4e54);
    let mut checked = 0usize;
    for _ in 0..release_or(30, 600) {
        let n = 9 + rng.below(5);
        // Half the hands are drawn from a short deck (few ranks or suits), so that groups, runs
        // and flushes are common.
        let codes: Vec<u8> = if rng.coin() {
            let lo = rng.below(6) as u8;
            let mut deck: Vec<u8> = (lo * 4..(lo + 8) * 4).collect();
            rng.shuffle(&mut deck);
            deck.truncate(n);
            deck
        } else {
            rng.deal(n)
        };
        let hand = cards_of(&codes);
        for (wheel, tb) in
            [(Wheel::SecondHighest, false), (Wheel::Lowest, true), (Wheel::Lowest, false), (Wheel::SecondHighest, true)]
        {
            let r = rules(wheel, tb);
            let eval = Evaluator::new(&r);
            for cat in CATEGORIES {
                let got = combos(&hand, cat, &r).unwrap();
                check_combo_list(&got, cat);
                assert_eq!(combo_bits(&got), by_hands(&hand, cat, &eval), "{cat} in {hand:?} ({wheel:?}, {tb})");
                checked += got.len();
            }
        }
    }
    eprintln!("{checked} combos checked against every subset");
    assert!(checked > release_or(100, 10_000), "{checked} combos checked");
}

#[test]
fn combos_of_short_hands_match_their_shapes() {
    let mut rng = SplitMix(0x5348_4150);
    for _ in 0..release_or(60, 3000) {
        let n = rng.below(14);
        let codes: Vec<u8> = if rng.coin() {
            let mut deck: Vec<u8> = (16..44).collect();
            rng.shuffle(&mut deck);
            deck.truncate(n);
            deck
        } else {
            rng.deal(n)
        };
        let hand = cards_of(&codes);
        let r = rules(if rng.coin() { Wheel::Lowest } else { Wheel::SecondHighest }, rng.coin());
        let eval = Evaluator::new(&r);
        for cat in CATEGORIES {
            let got = combos(&hand, cat, &r).unwrap();
            check_combo_list(&got, cat);
            assert_eq!(combo_bits(&got), by_shapes(&hand, cat, &eval), "{cat} in {hand:?}");
            // The order of the cards given changes nothing.
            let mut shuffled = hand.clone();
            rng.shuffle(&mut shuffled);
            assert_eq!(combos(&shuffled, cat, &r).unwrap(), got);
        }
        assert!(
            matches!(combos(&hand, Category::FiveOfAKind, &r), Err(Error::InvalidArgument(m)) if m.contains("more than one deck"))
        );
    }
}

#[test]
fn combos_examples_and_the_wheel() {
    let r = Rules::classic();
    let show = |list: Vec<Combo>| list.iter().map(|c| shisanshui::format_cards(c.cards())).collect::<Vec<_>>();
    let hand = parse_cards("Ks Kh Kd 9s 9c 5h 6h 7h 8h 4c 2d 3d Ad").unwrap();
    assert_eq!(show(combos(&hand, Category::OnePair, &r).unwrap()), ["Ks Kh", "9s 9c"]);
    assert_eq!(show(combos(&hand, Category::TwoPair, &r).unwrap()), ["Ks Kh 9s 9c"]);
    assert_eq!(show(combos(&hand, Category::ThreeOfAKind, &r).unwrap()), ["Ks Kh Kd"]);
    assert_eq!(show(combos(&hand, Category::FullHouse, &r).unwrap()), ["Ks Kh Kd 9s 9c"]);
    // 5-9 (with the 9s: the hearts alone would be 5-8 only), 4-8 and the runs below, the wheel
    // second highest under classic.
    let straights = show(combos(&hand, Category::Straight, &r).unwrap());
    assert_eq!(straights, ["Ad 5h 4c 3d 2d", "9s 8h 7h 6h 5h", "8h 7h 6h 5h 4c", "7h 6h 5h 4c 3d", "6h 5h 4c 3d 2d"]);
    let mut low = r.clone();
    low.wheel = Wheel::Lowest;
    let straights = show(combos(&hand, Category::Straight, &low).unwrap());
    assert_eq!(straights, ["9s 8h 7h 6h 5h", "8h 7h 6h 5h 4c", "7h 6h 5h 4c 3d", "6h 5h 4c 3d 2d", "Ad 5h 4c 3d 2d"]);
    // A run held in one suit only is a straight flush, not a straight; with a second suit of its
    // lowest card it is both.
    let sf = parse_cards("9h 8h 7h 6h 5h").unwrap();
    assert!(combos(&sf, Category::Straight, &r).unwrap().is_empty());
    assert_eq!(combos(&sf, Category::StraightFlush, &r).unwrap().len(), 1);
    let both = parse_cards("9h 8h 7h 6h 5h 5s").unwrap();
    assert_eq!(show(combos(&both, Category::Straight, &r).unwrap()), ["9h 8h 7h 6h 5s"]);
    // Flushes keep their suits: six hearts make six flushes, minus the straight flush among them.
    let hearts = parse_cards("Ah 9h 8h 7h 6h 5h").unwrap();
    assert_eq!(combos(&hearts, Category::Flush, &r).unwrap().len(), 5);
    assert_eq!(combos(&hearts, Category::Flush, &r).unwrap()[0].cards()[0], parse_cards("Ah").unwrap()[0]);
    // Thirteen of one suit: the most flushes there can be.
    let all: Vec<Card> = (0..13).map(|r| Card::from_code(r * 4 + 3).unwrap()).collect();
    assert_eq!(
        combos(&all, Category::Flush, &r).unwrap().len() + combos(&all, Category::StraightFlush, &r).unwrap().len(),
        MAX_COMBOS
    );
    // Four kings: a pair, trips and quads, never two pair.
    let quads = parse_cards("Ks Kh Kd Kc 2d").unwrap();
    assert_eq!(show(combos(&quads, Category::OnePair, &r).unwrap()), ["Ks Kh"]);
    assert_eq!(show(combos(&quads, Category::FourOfAKind, &r).unwrap()), ["Ks Kh Kc Kd"]);
    assert!(combos(&quads, Category::TwoPair, &r).unwrap().is_empty());
}

#[test]
fn combos_errors() {
    let r = Rules::classic();
    let hand = parse_cards("Ks Kh Kd 9s 9c 5h 6h 7h 8h 4c 2d 3d Ad").unwrap();
    assert!(matches!(combos(&hand, Category::HighCard, &r), Err(Error::InvalidArgument(m)) if m.contains("high card")));
    let mut dup = hand.clone();
    dup[5] = dup[0];
    assert_eq!(
        combos(&dup, Category::OnePair, &r),
        Err(Error::DuplicateCard { card: dup[0], position: 5, seats: None })
    );
    let fourteen = cards_of(&(0..14).collect::<Vec<u8>>());
    assert_eq!(
        combos(&fourteen, Category::OnePair, &r),
        Err(Error::WrongCardCount { expected: 13, found: 14, lane: None })
    );
    assert_eq!(combos(&[], Category::Flush, &r), Ok(vec![]));
}

/// Every legal arrangement of a hand with its value, found without the arranger's code: the
/// engine's own foul check and `Arranger::expected_water`.
fn all_legal(a: &Arranger, hand: &[Card; 13]) -> Vec<(Arrangement, f64)> {
    let mut out = Vec::new();
    for b in 0u16..8192 {
        if b.count_ones() != 5 {
            continue;
        }
        let rest = !b & 0x1FFF;
        let mut m = rest;
        while m != 0 {
            if m.count_ones() == 5 {
                let pick =
                    |mask: u16| -> Vec<Card> { (0..13).filter(|&i| mask >> i & 1 == 1).map(|i| hand[i]).collect() };
                let arr = Arrangement::new(&pick(rest ^ m), &pick(m), &pick(b)).unwrap();
                if !arr.evaluate(a.rules()).foul.is_foul() {
                    out.push((arr, a.expected_water(&arr)));
                }
            }
            m = (m - 1) & rest;
        }
    }
    out
}

/// The brute force's answer for fixed lanes: the best consistent legal arrangement, ties to the
/// larger back, then the larger middle (as card bit masks).
fn brute_complete(all: &[(Arrangement, f64)], fixed: [Option<u64>; 3]) -> Option<(Arrangement, f64)> {
    let mut best: Option<(Arrangement, f64)> = None;
    for &(arr, ev) in all {
        let lanes = [bits(&arr.front), bits(&arr.middle), bits(&arr.back)];
        if (0..3).any(|i| fixed[i].is_some_and(|f| f != lanes[i])) {
            continue;
        }
        let better = match &best {
            None => true,
            Some((b, v)) => ev > *v || (ev == *v && (lanes[2], lanes[1]) > (bits(&b.back), bits(&b.middle))),
        };
        if better {
            best = Some((arr, ev));
        }
    }
    best
}

#[test]
fn complete_is_the_best_consistent_legal_arrangement() {
    let mut rng = SplitMix(0x434f_4d50);
    let mut strict = Rules::classic();
    strict.strict_order = true;
    let arrangers: Vec<Arranger> = vec![
        Arranger::new(&Rules::classic(), 4).unwrap(),
        Arranger::new(&Rules::preset(Preset::Hk), 3).unwrap(),
        Arranger::new(&Rules::preset(Preset::Regional), 2).unwrap(),
        Arranger::new(&Rules::preset(Preset::Kx), 4).unwrap(),
        Arranger::new(&Rules::preset(Preset::Ranked), 4).unwrap(),
        Arranger::new(&strict, 3).unwrap(),
    ];
    // Which lanes are fixed: bit 0 front, 1 middle, 2 back.
    let patterns = [0b001u8, 0b010, 0b100, 0b011, 0b101, 0b110, 0b111, 0b000];
    let (mut found, mut none) = (0usize, 0usize);
    for i in 0..release_or(12, 1200) {
        let a = &arrangers[i % arrangers.len()];
        let codes = rng.deal(13);
        let hand: [Card; 13] = cards_of(&codes).try_into().unwrap();
        let all = all_legal(a, &hand);
        for &p in &patterns {
            // Lanes to fix from a legal arrangement (some completion exists) and from a random
            // layout (often none does).
            let random = {
                let mut c = hand.to_vec();
                rng.shuffle(&mut c);
                Arrangement::from_cards(&c).unwrap()
            };
            let sources = [all[rng.below(all.len())].0, random];
            for src in sources {
                let lanes = [bits(&src.front), bits(&src.middle), bits(&src.back)];
                let fixed_bits: [Option<u64>; 3] = std::array::from_fn(|l| (p >> l & 1 == 1).then_some(lanes[l]));
                let mut fixed = FixedLanes::NONE;
                // Give the fixed lanes in a shuffled order: the answer must not depend on it.
                let mut shuffled: Vec<Vec<Card>> = Lane::ALL.iter().map(|&l| src.lane(l).to_vec()).collect();
                for s in &mut shuffled {
                    rng.shuffle(s);
                }
                for (l, lane) in Lane::ALL.into_iter().enumerate() {
                    if p >> l & 1 == 1 {
                        fixed = fixed.with(lane, &shuffled[l]);
                    }
                }
                let mut given = hand.to_vec();
                rng.shuffle(&mut given);
                let got = a.complete(&given, &fixed);
                match brute_complete(&all, fixed_bits) {
                    Some((arr, ev)) => {
                        let got = got.unwrap_or_else(|e| panic!("{e} for {hand:?} pattern {p:03b}"));
                        let lanes = |a: &Arrangement| [bits(&a.front), bits(&a.middle), bits(&a.back)];
                        assert_eq!(lanes(&got.arrangement), lanes(&arr), "pattern {p:03b} of {hand:?}");
                        for lane in Lane::ALL {
                            assert!(got.arrangement.lane(lane).windows(2).all(|w| w[0] > w[1]), "highest first");
                        }
                        assert_eq!(got.expected_water, ev);
                        let e = arr.evaluate(a.rules());
                        assert_eq!(got.categories, [e.front.category(), e.middle.category(), e.back.category()]);
                        if p == 0 {
                            assert_eq!(got, a.arrange(&hand).unwrap(), "nothing fixed is arrange");
                        }
                        found += 1;
                    }
                    None => {
                        assert!(matches!(got, Err(Error::NoLegalArrangement(_))), "pattern {p:03b}: {got:?}");
                        none += 1;
                    }
                }
            }
        }
    }
    eprintln!("{found} completions and {none} impossible fixed lanes checked against brute force");
    assert!(found > release_or(50, 10_000) && none > release_or(5, 1_000), "{found} completions, {none} impossible");
}

#[test]
fn complete_errors() {
    let a = Arranger::new(&Rules::classic(), 4).unwrap();
    let hand = parse_cards("As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd").unwrap();
    let c = |s: &str| parse_cards(s).unwrap();
    let front = c("As Ad Jd");
    // Hand checks first.
    assert_eq!(
        a.complete(&hand[..12], &FixedLanes::NONE.with(Lane::Front, &front)),
        Err(Error::WrongCardCount { expected: 13, found: 12, lane: None })
    );
    // Wrong lane sizes.
    let two = c("As Ad");
    assert_eq!(
        a.complete(&hand, &FixedLanes::NONE.with(Lane::Front, &two)),
        Err(Error::WrongCardCount { expected: 3, found: 2, lane: Some(Lane::Front) })
    );
    let four = c("Kh Kc 9s 9d");
    assert_eq!(
        a.complete(&hand, &FixedLanes::NONE.with(Lane::Back, &four)),
        Err(Error::WrongCardCount { expected: 5, found: 4, lane: Some(Lane::Back) })
    );
    // A card the hand lacks, at its lane slot.
    let middle = c("Kh Kc 9s 9d Qs");
    assert!(matches!(
        a.complete(&hand, &FixedLanes::NONE.with(Lane::Middle, &middle)),
        Err(Error::CardNotInHand { card, position: 7 }) if card == c("Qs")[0]
    ));
    // Fixed twice: within a lane and across lanes.
    let dup_front = [front[0], front[1], front[0]];
    assert_eq!(
        a.complete(&hand, &FixedLanes::NONE.with(Lane::Front, &dup_front)),
        Err(Error::DuplicateCard { card: front[0], position: 2, seats: None })
    );
    let back = c("Ad Kh Kc 9s 9d");
    assert!(matches!(
        a.complete(&hand, &FixedLanes::NONE.with(Lane::Front, &front).with(Lane::Back, &back)),
        Err(Error::DuplicateCard { position: 8, .. })
    ));
    // A fixed back weaker than any middle the other eight make (they hold A-A and K-K).
    let weak_back = c("2c 3h 4s 6c 7h");
    let e = a.complete(&hand, &FixedLanes::NONE.with(Lane::Back, &weak_back)).unwrap_err();
    assert!(matches!(&e, Error::NoLegalArrangement(m) if m.contains("back")), "{e}");
    // Fixed lanes already out of order.
    let trips_front = c("As Ad 2c");
    let pair_middle = c("Kh Kc 3h 4s 5d");
    let e = a.complete(&hand, &FixedLanes::NONE.with(Lane::Front, &trips_front).with(Lane::Middle, &pair_middle));
    assert!(matches!(e, Err(Error::NoLegalArrangement(_))), "{e:?}");
}
