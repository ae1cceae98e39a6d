//! Specials of hands holding wild jokers (RULES.md §12, `jokers_in_specials`) against a brute
//! force: every multiset of cards the jokers can stand for, each read as a hand without jokers by
//! the detector's §6/§11 reading (itself checked against a split search in
//! `tests/special_oracle.rs`). The hand makes exactly the union of what those substitutions make;
//! a three-piece special's arrangement holds the hand's cards, jokers included, and some choice
//! of its jokers makes every lane the piece, legally, with lane values equal to the best any
//! substitution's arrangement reaches. Without `jokers_in_specials`, a hand holding a joker makes
//! none.
//!
//! The hands lean towards specials (dragons, three pieces, rank shapes, colours, royals, big and
//! small cards, from one deck and with an extra suit), with one to three cards replaced by jokers.

use shisanshui::card::Card;
use shisanshui::special::SpecialDetector;
use shisanshui::{Evaluator, Foul, HandRank, Rules, Special, SpecialWater, SuitSet};

mod support;
use support::SplitMix;

const SPLITS: [Special; 3] = [Special::ThreeStraightFlushes, Special::ThreeFlushes, Special::ThreeStraights];

/// A rule set with every special enabled, `jokers` jokers and specials made with them.
fn rules(jokers: u8, f: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = Rules::classic();
    r.specials = Special::ALL.iter().map(|&special| SpecialWater { special, water: 3 }).collect();
    r.jokers = jokers;
    r.jokers_in_specials = true;
    f(&mut r);
    r.validate().expect("a valid rule set");
    r
}

fn card(code: u8) -> Card {
    Card::from_any_code(code).expect("a card code")
}

/// A lane of real cards (codes below 52) as §6 defines the pieces: one suit; distinct ranks
/// forming A-2-3 … Q-K-A (three cards) or the wheel … T-A (five).
fn is_piece(special: Special, lane: &[u8]) -> bool {
    let flush = lane.iter().all(|&c| c % 4 == lane[0] % 4);
    let mut ranks: Vec<u8> = lane.iter().map(|&c| c / 4).collect();
    ranks.sort_unstable();
    ranks.dedup();
    let run = ranks.len() == lane.len() && {
        let wheel_like: Vec<u8> = if lane.len() == 3 { vec![0, 1, 12] } else { vec![0, 1, 2, 3, 12] };
        ranks == wheel_like || ranks[ranks.len() - 1] - ranks[0] == lane.len() as u8 - 1
    };
    match special {
        Special::ThreeStraightFlushes => flush && run,
        Special::ThreeFlushes => flush,
        _ => run,
    }
}

fn values(eval: &Evaluator, f: &[u8], m: &[u8], b: &[u8]) -> [HandRank; 3] {
    let five = |l: &[u8]| eval.eval5(&[card(l[0]), card(l[1]), card(l[2]), card(l[3]), card(l[4])]);
    [five(b), five(m), eval.eval3(&[card(f[0]), card(f[1]), card(f[2])])]
}

/// Every non-decreasing sequence of `k` codes below 52.
fn multisets(k: usize, f: &mut impl FnMut(&[u8])) {
    fn rec(cur: &mut Vec<u8>, from: u8, k: usize, f: &mut impl FnMut(&[u8])) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for c in from..52 {
            cur.push(c);
            rec(cur, c, k, f);
            cur.pop();
        }
    }
    rec(&mut Vec::new(), 0, k, f);
}

/// What the brute force finds: the specials' bits, and for each three-piece special the best
/// [back, middle, front] values any substitution's arrangement reaches.
fn brute(detector: &SpecialDetector, eval: &Evaluator, cards: &[Card]) -> (u16, [Option<[HandRank; 3]>; 3]) {
    let naturals: Vec<u8> = cards.iter().map(|c| c.code()).filter(|&c| c < 52).collect();
    let k = 13 - naturals.len();
    let mut q = 0u16;
    let mut best: [Option<[HandRank; 3]>; 3] = [None; 3];
    multisets(k, &mut |subst| {
        let mut hand: Vec<u8> = naturals.clone();
        hand.extend_from_slice(subst);
        let hand: [Card; 13] = std::array::from_fn(|i| card(hand[i]));
        let mut sorted = hand.map(|c| c.code());
        sorted.sort_unstable();
        let distinct = sorted.windows(2).all(|w| w[0] != w[1]);
        let found =
            if distinct { detector.detect(&hand).expect("13 distinct cards") } else { detector.detect_copies(&hand) };
        for &s in &found.all {
            q |= 1 << s as u8;
            if let Some(i) = SPLITS.iter().position(|&t| t == s) {
                let a = if distinct {
                    detector.arrangement_for(&hand, s).expect("13 distinct cards")
                } else {
                    detector.arrangement_copies(&hand, s)
                }
                .expect("a detected three-piece special has an arrangement");
                let code = |l: &[Card]| l.iter().map(|c| c.code()).collect::<Vec<u8>>();
                let v = values(eval, &code(&a.front), &code(&a.middle), &code(&a.back));
                if best[i].map_or(true, |b| v > b) {
                    best[i] = Some(v);
                }
            }
        }
    });
    (q, best)
}

/// The best legal values of an arrangement holding jokers with every lane the piece of
/// `special`, over every card each of its jokers can stand for.
fn realised(eval: &Evaluator, a: &shisanshui::Arrangement, special: Special, strict: bool) -> Option<[HandRank; 3]> {
    let lanes: Vec<Vec<u8>> =
        [&a.front[..], &a.middle[..], &a.back[..]].iter().map(|l| l.iter().map(|c| c.code()).collect()).collect();
    let jokers: Vec<(usize, usize)> =
        (0..3).flat_map(|l| (0..lanes[l].len()).map(move |i| (l, i))).filter(|&(l, i)| lanes[l][i] >= 52).collect();
    let mut best = None;
    let mut lanes = lanes;
    let mut go = |lanes: &Vec<Vec<u8>>| {
        if (0..3).all(|l| is_piece(special, &lanes[l])) {
            let v = values(eval, &lanes[0], &lanes[1], &lanes[2]);
            if !Foul::check(v[2], v[1], v[0], strict).is_foul() && best.map_or(true, |b| v > b) {
                best = Some(v);
            }
        }
    };
    fn rec(at: usize, jokers: &[(usize, usize)], lanes: &mut Vec<Vec<u8>>, go: &mut impl FnMut(&Vec<Vec<u8>>)) {
        if at == jokers.len() {
            go(lanes);
            return;
        }
        let (l, i) = jokers[at];
        for c in 0..52 {
            lanes[l][i] = c;
            rec(at + 1, jokers, lanes, go);
        }
    }
    rec(0, &jokers, &mut lanes, &mut go);
    best
}

/// Thirteen natural codes leaning towards a special (a deck check comes later).
fn special_like(rng: &mut SplitMix) -> Vec<u8> {
    let suit = |rng: &mut SplitMix| rng.below(4) as u8;
    let from = |rng: &mut SplitMix, pool: Vec<u8>| -> Vec<u8> {
        let mut pool = pool;
        rng.shuffle(&mut pool);
        pool.truncate(13);
        pool
    };
    let window = |rng: &mut SplitMix, len: u8| -> Vec<u8> {
        // A-2-3 / the wheel as start 13 (rank 12 then 0, 1, …).
        let start = rng.below(if len == 3 { 11 } else { 9 }) as u8;
        if start == 0 && rng.coin() {
            let mut w: Vec<u8> = (0..len - 1).collect();
            w.push(12);
            return w;
        }
        (start..start + len).collect()
    };
    let mut hand: Vec<u8> = match rng.below(9) {
        0 => {
            let one = rng.coin();
            let s = suit(rng);
            (0..13).map(|r| r * 4 + if one { s } else { suit(rng) }).collect()
        }
        1 | 2 => {
            // Three pieces: straights in one suit (or random suits), or flushes of random ranks.
            let mut h = Vec::new();
            let flushes = rng.chance(30);
            for len in [3u8, 5, 5] {
                let s = suit(rng);
                let one = rng.coin();
                if flushes {
                    for _ in 0..len {
                        h.push(rng.below(13) as u8 * 4 + s);
                    }
                } else {
                    for r in window(rng, len) {
                        h.push(r * 4 + if one { s } else { suit(rng) });
                    }
                }
            }
            h
        }
        3 | 4 => {
            let shapes: [&[u8]; 5] =
                [&[4, 4, 4, 1], &[3, 3, 3, 4], &[3, 3, 3, 3, 1], &[2, 2, 2, 2, 2, 3], &[2, 2, 2, 2, 2, 2, 1]];
            let shape = shapes[rng.below(5)];
            let mut ranks: Vec<u8> = (0..13).collect();
            rng.shuffle(&mut ranks);
            let mut h = Vec::new();
            for (i, &n) in shape.iter().enumerate() {
                let mut suits = vec![0u8, 1, 2, 3];
                rng.shuffle(&mut suits);
                h.extend(suits[..n as usize].iter().map(|s| ranks[i] * 4 + s));
            }
            h
        }
        5 => {
            let red = rng.coin();
            from(rng, (0..52).filter(|c| (c % 4 == 1 || c % 4 == 2) == red).collect())
        }
        6 => from(rng, (36..52).collect()),
        7 => {
            let big = rng.coin();
            from(rng, if big { (24..52).collect() } else { (0..28).collect() })
        }
        _ => from(rng, (0..52).collect()),
    };
    if rng.chance(25) {
        let i = rng.below(13);
        hand[i] = rng.below(52) as u8;
    }
    hand
}

/// A hand of `jokers` jokers (as the deck deals them: SJ, BJ, SJ, …) in random places of a
/// special-like hand that the rule set's deck holds.
fn hand_with_jokers(rng: &mut SplitMix, r: &Rules, jokers: usize) -> Vec<Card> {
    loop {
        let mut codes = special_like(rng);
        let mut places: Vec<usize> = (0..13).collect();
        rng.shuffle(&mut places);
        for (j, &p) in places[..jokers].iter().enumerate() {
            codes[p] = 52 + (j % 2) as u8;
        }
        let cards: Vec<Card> = codes.iter().map(|&c| card(c)).collect();
        if shisanshui::card::check_copies(&cards, r.deck_spec()).is_ok() {
            return cards;
        }
    }
}

fn check(r: &Rules, hands: usize, jokers: usize, seed: u64) {
    let detector = SpecialDetector::new(r).unwrap();
    let eval = Evaluator::new(r);
    let mut rng = SplitMix(seed);
    let mut made = 0;
    for n in 0..hands {
        let cards = hand_with_jokers(&mut rng, r, jokers);
        let got = detector.detect(&cards).unwrap();
        let (q, best) = brute(&detector, &eval, &cards);
        let want: Vec<Special> = r.specials.iter().map(|s| s.special).filter(|&s| q >> s as u8 & 1 == 1).collect();
        let text = shisanshui::format_cards(&cards);
        assert_eq!(got.all, want, "hand {n}: {text}");
        assert_eq!(got.best, want.first().copied(), "{text}");
        made += !want.is_empty() as usize;
        for (i, &s) in SPLITS.iter().enumerate() {
            let a = detector.arrangement_for(&cards, s).unwrap();
            assert_eq!(a.is_some(), best[i].is_some(), "{s} of {text}: {a:?}");
            let Some(a) = a else { continue };
            let mut held: Vec<u8> = a.cards().iter().map(|c| c.code()).collect();
            let mut given: Vec<u8> = cards.iter().map(|c| c.code()).collect();
            held.sort_unstable();
            given.sort_unstable();
            assert_eq!(held, given, "{s} of {text}: {a}");
            assert_eq!(realised(&eval, &a, s, r.strict_order), best[i], "{s} of {text}: {a}");
            if got.best == Some(s) {
                assert_eq!(got.arrangement, Some(a), "{text}");
            }
        }
        if !got.best.is_some_and(|s| s.is_lane_split()) {
            assert_eq!(got.arrangement, None, "{text}");
        }
    }
    // The generator leans towards specials: most hands make one.
    assert!(made * 2 > hands, "only {made} of {hands} hands make a special");
}

#[test]
fn one_joker_from_one_deck() {
    check(&rules(2, |_| {}), 1500, 1, 1);
}

#[test]
fn one_joker_strict_order_exact_shapes_twelve_royals() {
    check(
        &rules(1, |r| {
            r.strict_order = true;
            r.split_quads = false;
            r.twelve_royals_min = 12;
        }),
        1000,
        1,
        2,
    );
}

#[test]
fn suit_tiebreak_and_the_lowest_wheel() {
    let r = rules(2, |r| {
        r.suit_tiebreak = true;
        r.wheel = shisanshui::Wheel::Lowest;
    });
    check(&r, 800, 1, 8);
    check(&r, 60, 2, 9);
}

#[test]
fn one_joker_with_an_extra_suit() {
    check(&rules(2, |r| r.extra_suits = SuitSet::of(&[shisanshui::Suit::Hearts])), 1000, 1, 3);
}

#[test]
fn two_jokers() {
    check(&rules(2, |_| {}), 200, 2, 4);
    check(&rules(2, |r| r.strict_order = true), 100, 2, 5);
}

#[test]
fn three_jokers() {
    check(&rules(4, |_| {}), 20, 3, 6);
}

#[test]
fn without_the_option_a_joker_makes_no_special() {
    let mut r = rules(2, |_| {});
    r.jokers_in_specials = false;
    let detector = SpecialDetector::new(&r).unwrap();
    let mut rng = SplitMix(7);
    for _ in 0..200 {
        let jokers = 1 + rng.below(2);
        let cards = hand_with_jokers(&mut rng, &r, jokers);
        let got = detector.detect(&cards).unwrap();
        assert_eq!((got.best, got.all.len(), got.arrangement), (None, 0, None));
        for s in SPLITS {
            assert_eq!(detector.arrangement_for(&cards, s).unwrap(), None);
        }
    }
}

#[test]
fn examples() {
    let r = rules(2, |_| {});
    let detector = SpecialDetector::new(&r).unwrap();
    let parse = |s: &str| shisanshui::card::parse_cards_in(s, r.deck_spec()).unwrap();
    // Twelve ranks and a joker: a dragon; one suit: a supreme dragon.
    let found = detector.detect(&parse("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks SJ")).unwrap();
    assert_eq!(found.best, Some(Special::SupremeDragon));
    assert!(found.all.contains(&Special::Dragon));
    // Quads, quads, trips + a joker: three quads (and, quads splitting, more shapes).
    let found = detector.detect(&parse("As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd 2c BJ")).unwrap();
    assert!(found.all.contains(&Special::ThreeQuads), "{:?}", found.all);
    // Three straights with a joker filling a gap; the arrangement holds the joker.
    let found = detector.detect(&parse("As 2h SJ  4c 5d 6h 7s 8c  8d 9h Tc Js Qd")).unwrap();
    assert_eq!(found.best, Some(Special::ThreeStraights));
    let a = found.arrangement.unwrap();
    assert!(a.has_jokers(), "{a}");
    // Twelve black and the joker: one colour, and twelve black one red.
    let found = detector.detect(&parse("2s 3s 4s 5s 7s 9c Tc Jc Qc Kc Ac 8s SJ")).unwrap();
    assert!(found.all.contains(&Special::OneColor) && found.all.contains(&Special::TwelveBlackOneRed));
}
