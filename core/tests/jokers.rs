//! Wild jokers (RULES.md §12) proved against an oracle that shares no code with the engine: a
//! classifier written here straight from §3 and §11 (counts, a flush, a straight, the groups in
//! tie-break order, the top group's highest suit) that tries every card each joker can stand for.
//!
//! - every five-card lane with one joker (all 270,725 sets of four natural cards), and every
//!   three-card lane with one to three jokers, under both wheels, with and without the suit
//!   tie-break;
//! - samples of five-card lanes with two to four jokers, from one deck and from two;
//! - the `avoid_foul` reading's "best value not above" searches against the same brute force;
//! - RULES.md §12's example, dealing, parsing and the deck's bad inputs.

use shisanshui::card::{parse_cards_in, Card};
use shisanshui::{Arrangement, Deck, Error, Evaluator, Foul, HandRank, JokerLanes, Rules, SuitSet, Wheel};

mod support;
use support::SplitMix;

const WHEELS: [Wheel; 2] = [Wheel::SecondHighest, Wheel::Lowest];

/// The documented `HandRank` layout: category at bit 22, five rank nibbles from bit 18 down,
/// the tie-break suit in bits 0..2.
fn pack(category: u32, nibbles: [u32; 5], suit: u32) -> u32 {
    category << 22 | nibbles[0] << 18 | nibbles[1] << 14 | nibbles[2] << 10 | nibbles[3] << 6 | nibbles[4] << 2 | suit
}

/// §3 and §11 for five or three real cards (codes below 52, repeats allowed).
fn oracle(codes: &[u8], wheel: Wheel, suit_tiebreak: bool) -> u32 {
    let mut count = [0u32; 13];
    let mut best_suit = [0u32; 13];
    for &c in codes {
        let (r, s) = ((c / 4) as usize, (c % 4) as u32);
        count[r] += 1;
        best_suit[r] = best_suit[r].max(s);
    }
    // Groups by (count, rank), highest first, expanded: the tie-break order.
    let mut order: Vec<usize> = (0..13).filter(|&r| count[r] > 0).collect();
    order.sort_by(|&a, &b| (count[b], b).cmp(&(count[a], a)));
    let mut nibbles = [0u32; 5];
    let mut i = 0;
    for &r in &order {
        for _ in 0..count[r] {
            nibbles[i] = r as u32;
            i += 1;
        }
    }
    let suit_of = |rank: usize| if suit_tiebreak { best_suit[rank] } else { 0 };
    if codes.len() == 3 {
        let category = [0, 0, 1, 3][count[order[0]] as usize];
        return pack(category, nibbles, suit_of(order[0]));
    }
    let flush = codes.iter().all(|&c| c % 4 == codes[0] % 4);
    let ranks: u32 = order.iter().map(|&r| 1 << r).sum();
    let distinct = order.len() == 5;
    // The straight's top nibble and the rank whose card is its top card.
    let straight = if !distinct {
        None
    } else if ranks == 0x100F {
        Some(match wheel {
            Wheel::SecondHighest => (13, 12),
            _ => (3, 3),
        })
    } else if ranks >> ranks.trailing_zeros() == 0x1F {
        let top = ranks.trailing_zeros() + 4;
        Some((if top == 12 && wheel == Wheel::SecondHighest { 14 } else { top }, top as usize))
    } else {
        None
    };
    let (c0, c1) = (count[order[0]], order.get(1).map_or(0, |&r| count[r]));
    let group = |category: u32| pack(category, nibbles, suit_of(order[0]));
    if c0 == 5 {
        return group(9);
    }
    if let (Some((top, rank)), true) = (straight, flush) {
        return pack(8, [top, 0, 0, 0, 0], suit_of(rank));
    }
    match (c0, c1) {
        (4, _) => return group(7),
        (3, 2) => return group(6),
        _ => {}
    }
    if flush {
        let mut sorted = nibbles;
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        return pack(5, sorted, suit_of(sorted[0] as usize));
    }
    if let Some((top, rank)) = straight {
        return pack(4, [top, 0, 0, 0, 0], suit_of(rank));
    }
    group(match (c0, c1) {
        (3, _) => 3,
        (2, 2) => 2,
        (2, _) => 1,
        _ => 0,
    })
}

/// Calls `f` with every choice of real cards for `k` jokers (a multiset of codes, ascending:
/// the jokers are interchangeable).
fn substitutions(k: usize, f: &mut impl FnMut(&[u8])) {
    fn rec(at: usize, from: u8, cur: &mut [u8; 6], k: usize, f: &mut impl FnMut(&[u8])) {
        if at == k {
            f(&cur[..k]);
            return;
        }
        for c in from..52 {
            cur[at] = c;
            rec(at + 1, c, cur, k, f);
        }
    }
    rec(0, 0, &mut [0; 6], k, f);
}

/// The codes of a lane with each joker replaced by the next of `subs`.
fn substituted(lane: &[Card], subs: &[u8]) -> Vec<u8> {
    let mut next = subs.iter();
    lane.iter().map(|c| if c.is_joker() { *next.next().unwrap() } else { c.code() }).collect()
}

/// The best value of a lane over every substitution, by brute force, and whether `value` is
/// made by the cards `played` (the lane with its jokers replaced).
fn brute_best(lane: &[Card], wheel: Wheel, stb: bool, mut fits: impl FnMut(u32) -> bool) -> Option<u32> {
    let k = lane.iter().filter(|c| c.is_joker()).count();
    let mut best: Option<u32> = None;
    substitutions(k, &mut |subs| {
        let v = oracle(&substituted(lane, subs), wheel, stb);
        if fits(v) && best.map_or(true, |b| v > b) {
            best = Some(v);
        }
    });
    best
}

fn check_lane(eval: &Evaluator, lane: &[Card]) {
    let (wheel, stb) = (eval.wheel(), eval.suit_tiebreak());
    let expected = brute_best(lane, wheel, stb, |_| true).unwrap();
    let (played, rank) = match lane.len() {
        5 => {
            let (p, r) = eval.eval5_jokers(lane.try_into().unwrap());
            (p.to_vec(), r)
        }
        _ => {
            let (p, r) = eval.eval3_jokers(lane.try_into().unwrap());
            (p.to_vec(), r)
        }
    };
    assert_eq!(rank.value(), expected, "{lane:?} under {wheel:?}, suit tie-break {stb}: got {rank:?} as {played:?}");
    // The lane as played is real cards, keeps every natural card in its slot, and makes the value.
    for (given, shown) in lane.iter().zip(&played) {
        assert!(!shown.is_joker());
        assert!(given.is_joker() || given == shown, "{lane:?} played as {played:?}");
    }
    let codes: Vec<u8> = played.iter().map(|c| c.code()).collect();
    assert_eq!(oracle(&codes, wheel, stb), expected, "{lane:?} played as {played:?}");
}

fn evaluators() -> Vec<Evaluator> {
    WHEELS.iter().flat_map(|&w| [false, true].map(|stb| Evaluator::with_options(w, stb))).collect()
}

fn card(code: u8) -> Card {
    Card::from_any_code(code).unwrap()
}

#[test]
fn every_five_card_lane_with_one_joker() {
    let evals = evaluators();
    let mut lanes = 0;
    for a in 0..52u8 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    // The joker's slot moves with the hand, so every slot is tried.
                    let mut lane = [a, b, c, d].map(card).to_vec();
                    lane.insert(lanes % 5, if lanes % 2 == 0 { Card::SMALL_JOKER } else { Card::BIG_JOKER });
                    for e in &evals {
                        check_lane(e, &lane);
                    }
                    lanes += 1;
                }
            }
        }
    }
    assert_eq!(lanes, 270_725);
}

#[test]
fn every_three_card_lane_with_jokers() {
    for e in evaluators() {
        for a in 0..52u8 {
            for b in a + 1..52 {
                check_lane(&e, &[card(a), Card::SMALL_JOKER, card(b)]);
            }
            check_lane(&e, &[Card::BIG_JOKER, card(a), Card::SMALL_JOKER]);
        }
        check_lane(&e, &[Card::SMALL_JOKER, Card::BIG_JOKER, Card::SMALL_JOKER]);
    }
}

/// Five-card lanes with `k` jokers from `pool` (natural cards may repeat where the pool does).
fn sample_lanes(rng: &mut SplitMix, pool: &[u8], k: usize, count: usize) -> Vec<Vec<Card>> {
    (0..count)
        .map(|_| {
            let mut deck = pool.to_vec();
            rng.shuffle(&mut deck);
            let mut lane: Vec<Card> = deck[..5 - k].iter().map(|&c| card(c)).collect();
            for j in 0..k {
                lane.insert(rng.below(lane.len() + 1), if j % 2 == 0 { Card::SMALL_JOKER } else { Card::BIG_JOKER });
            }
            lane
        })
        .collect()
}

#[test]
fn five_card_lanes_with_two_to_four_jokers() {
    let one_deck: Vec<u8> = (0..52).collect();
    let two_decks: Vec<u8> = (0..104).map(|c| (c % 52) as u8).collect();
    let mut rng = SplitMix(7);
    let evals = evaluators();
    for (k, count) in [(2, 600), (3, 60)] {
        for pool in [&one_deck, &two_decks] {
            for (i, lane) in sample_lanes(&mut rng, pool, k, count).iter().enumerate() {
                check_lane(&evals[i % 4], lane);
            }
        }
    }
    // Four jokers: one natural card, so every natural card.
    for c in 0..52 {
        let lane = [Card::SMALL_JOKER, card(c), Card::BIG_JOKER, Card::SMALL_JOKER, Card::BIG_JOKER];
        check_lane(&evals[c as usize % 4], &lane);
    }
}

#[test]
fn five_jokers_are_five_aces() {
    for e in evaluators() {
        let lane = [Card::SMALL_JOKER; 5];
        let (played, rank) = e.eval5_jokers(&lane);
        assert_eq!(rank.describe(), "five of a kind, A");
        assert!(played.iter().all(|c| c.to_string() == "As"));
    }
}

#[test]
fn categories_named_in_rules() {
    let e = Evaluator::default();
    let lane =
        |s: &str| -> [Card; 5] { parse_cards_in(s, Deck::new(SuitSet::ALL, 6).unwrap()).unwrap().try_into().unwrap() };
    // A A A A + joker is five aces from one deck.
    assert_eq!(e.eval5_jokers(&lane("As Ah Ad Ac SJ")).1.describe(), "five of a kind, A");
    // K♠ K♠ K♠ Q♠ Q♠ is a full house, a flush holding trips a flush.
    assert_eq!(e.eval5_jokers(&lane("Ks Ks SJ Qs Qs")).1.describe(), "full house, K over Q");
    let (played, flush) = e.eval5_jokers(&lane("As Ks 7s SJ BJ"));
    assert_eq!(flush.describe(), "flush, A high");
    assert_eq!(played.map(|c| c.to_string()), ["As", "Ks", "7s", "As", "As"]);
    // A joker may be a second A♠ in a flush.
    assert!(e.eval5_jokers(&lane("As 9s 7s 3s SJ")).1 > e.evaluate(&lane("As Ks Qs Js 9s")).unwrap());
    // 2 jokers + x is trips of x in the front, three jokers trips of aces.
    let front = |s: &str| -> [Card; 3] {
        parse_cards_in(s, Deck::new(SuitSet::EMPTY, 4).unwrap()).unwrap().try_into().unwrap()
    };
    assert_eq!(e.eval3_jokers(&front("7d SJ BJ")).1.describe(), "three of a kind, 7");
    assert_eq!(e.eval3_jokers(&front("SJ BJ SJ")).1.describe(), "three of a kind, A");
    // The greedy mistake public engines make ("the most frequent rank"): four spades and a joker
    // are a flush or better, not a pair.
    assert_eq!(e.eval5_jokers(&lane("2s 2h 9s Js SJ")).1.describe(), "three of a kind, 2");
    assert_eq!(e.eval5_jokers(&lane("2s 5s 9s Js SJ")).1.describe(), "flush, A high");
    assert_eq!(e.eval5_jokers(&lane("9s Ts Js Qs SJ")).1.describe(), "straight flush, K high");
}

/// The "not above" searches of `avoid_foul` against the brute force, with bounds from real hands.
#[test]
fn best_not_above_a_bound() {
    let mut rng = SplitMix(99);
    let one_deck: Vec<u8> = (0..52).collect();
    let evals = evaluators();
    for i in 0..1_500 {
        let e = &evals[i % 4];
        let (wheel, stb) = (e.wheel(), e.suit_tiebreak());
        let k = 1 + (i % 7 == 0) as usize;
        let lane = &sample_lanes(&mut rng, &one_deck, k, 1)[0];
        let lane: [Card; 5] = lane.as_slice().try_into().unwrap();
        let bound_cards: Vec<Card> = rng.deal(5).into_iter().map(card).collect();
        let bound = e.eval5(&bound_cards.as_slice().try_into().unwrap());
        let strict = rng.coin();
        let key = bound.ranks_only().value();
        let expected = brute_best(&lane, wheel, stb, |v| if strict { v & !3 < key } else { v & !3 <= key });
        let got = e.eval5_jokers_at_most(&lane, bound, strict);
        assert_eq!(got.map(|(_, r)| r.value()), expected, "{lane:?} not above {bound:?} (strict {strict})");
        if let Some((played, r)) = got {
            let codes: Vec<u8> = played.iter().map(|c| c.code()).collect();
            assert_eq!(oracle(&codes, wheel, stb), r.value());
        }
        // A front not above the same hand as a middle: category and the first three ranks.
        let front: [Card; 3] = [lane[0], lane[1], lane[2]];
        let front = if front.iter().any(|c| c.is_joker()) { front } else { [front[0], front[1], Card::SMALL_JOKER] };
        let mkey = bound.value() >> 10;
        let expected = brute_best(&front, wheel, stb, |v| if strict { v >> 10 < mkey } else { v >> 10 <= mkey });
        let got = e.eval3_jokers_at_most(&front, bound, strict);
        assert_eq!(got.map(|(_, r)| r.value()), expected, "{front:?} not above {bound:?} (strict {strict})");
    }
}

fn joker_rules(jokers: u8, lanes: JokerLanes) -> Rules {
    let mut r = Rules::classic();
    r.jokers = jokers;
    r.joker_lanes = lanes;
    r
}

#[test]
fn rules_example_of_the_two_readings() {
    // RULES.md §12: back K K 9 9 3, middle Q Q J 5 + joker.
    for (lanes, foul) in [(JokerLanes::EachBest, true), (JokerLanes::AvoidFoul, false)] {
        let rules = joker_rules(2, lanes);
        let a = Arrangement::parse_in("2c 3d 4h / Qs Qh Jd 5c SJ / Kd Kc 9h 9s 3c", rules.deck_spec()).unwrap();
        let e = a.evaluate_jokers(&rules);
        assert_eq!(e.eval.foul.is_foul(), foul, "{lanes}");
        assert_eq!(a.evaluate(&rules).foul.is_foul(), foul);
        if foul {
            assert_eq!(e.eval.middle.describe(), "three of a kind, Q");
            assert_eq!(e.eval.foul, Foul { front_over_middle: false, middle_over_back: true });
        } else {
            assert_eq!(e.eval.middle.describe(), "two pair, Q and J");
            assert_eq!(e.stands_for(&a), [(shisanshui::Lane::Middle, 4, Card::SMALL_JOKER, "Js".parse().unwrap())]);
        }
    }
    // With strict order the middle must be strictly below the back: still two pair, Q and J.
    let mut strict = joker_rules(2, JokerLanes::AvoidFoul);
    strict.strict_order = true;
    let a = Arrangement::parse_in("2c 3d 4h / Qs Qh Jd 5c SJ / Kd Kc 9h 9s 3c", strict.deck_spec()).unwrap();
    assert!(!a.evaluate(&strict).foul.is_foul());
    // Where no choice keeps the order, avoid_foul fouls too: the front's trips need no joker.
    let a = Arrangement::parse_in("As Ad Ah / Qs Qh Jd 5c SJ / Kd Kc 9h 9s 3c", strict.deck_spec()).unwrap();
    assert_eq!(a.evaluate(&strict).foul, Foul { front_over_middle: true, middle_over_back: false });
    // A front joker lowered under a middle of a pair of fours (kickers 8 6 2): a pair of fours
    // with a king would be above it, so the joker pairs the two.
    let rules = joker_rules(2, JokerLanes::AvoidFoul);
    let a = Arrangement::parse_in("Ks 2d BJ / 4s 4h 8d 6c 2c / Ad Ac 9h 9s 3c", rules.deck_spec()).unwrap();
    let e = a.evaluate_jokers(&rules);
    assert!(!e.eval.foul.is_foul());
    assert!(e.eval.front.front_key() <= e.eval.middle.front_key());
    assert_eq!(e.eval.front.describe(), "one pair, 2");
    assert!(a.evaluate(&joker_rules(2, JokerLanes::EachBest)).foul.is_foul());
}

/// `avoid_foul` against the brute force of its definition on whole arrangements: the back at
/// its best, the middle the best not above it, the front the best not above that.
#[test]
fn avoid_foul_arrangements_against_brute_force() {
    let mut rng = SplitMix(5);
    for i in 0..300 {
        let mut rules = joker_rules(2, JokerLanes::AvoidFoul);
        rules.strict_order = i % 3 == 0;
        let (wheel, stb) = (rules.wheel, rules.suit_tiebreak);
        let mut deck: Vec<Card> = rng.deal(11).into_iter().map(card).collect();
        deck.push(Card::SMALL_JOKER);
        deck.push(Card::BIG_JOKER);
        rng.shuffle(&mut deck);
        let a = Arrangement::from_cards_in(&deck, rules.deck_spec()).unwrap();
        let e = a.evaluate(&rules);
        let back = brute_best(&a.back, wheel, stb, |_| true).unwrap();
        let strict = rules.strict_order;
        let middle =
            brute_best(&a.middle, wheel, stb, |v| if strict { v & !3 < back & !3 } else { v & !3 <= back & !3 });
        let front = middle.and_then(|m| {
            brute_best(&a.front, wheel, stb, |v| if strict { v >> 10 < m >> 10 } else { v >> 10 <= m >> 10 })
        });
        assert_eq!(e.foul.is_foul(), front.is_none(), "{a}");
        if let (Some(m), Some(f)) = (middle, front) {
            assert_eq!((e.front.value(), e.middle.value(), e.back.value()), (f, m, back), "{a}");
        }
        // each_best is never more lenient.
        let each = a.evaluate(&joker_rules(2, JokerLanes::EachBest));
        assert!(!each.foul.is_foul() || e.foul.is_foul() || front.is_some());
        if !each.foul.is_foul() {
            assert_eq!(each, e, "{a}: without a foul both readings agree");
        }
    }
}

#[test]
fn parsing_and_deck_errors() {
    let two = Deck::new(SuitSet::EMPTY, 2).unwrap();
    let cards = parse_cards_in("As sj 大王 Kd", two).unwrap();
    assert_eq!(cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["As", "SJ", "BJ", "Kd"]);
    assert_eq!(parse_cards_in("AsSJKdbj", two).unwrap().len(), 4);
    assert_eq!(parse_cards_in("小王", two).unwrap(), [Card::SMALL_JOKER]);
    // A joker the deck does not deal names the card; a second small joker under two jokers is
    // one copy too many.
    assert_eq!(
        parse_cards_in("As SJ", Deck::ONE).unwrap_err(),
        Error::JokerNotInDeck { card: Card::SMALL_JOKER, position: 1, jokers: 0 }
    );
    assert_eq!(
        parse_cards_in("As SJ SJ", two).unwrap_err(),
        Error::DuplicateCard { card: Card::SMALL_JOKER, position: 2, seats: None }
    );
    let one = Deck::new(SuitSet::EMPTY, 1).unwrap();
    let e = parse_cards_in("BJ", one).unwrap_err();
    assert_eq!(e.kind(), "joker_not_in_deck");
    assert!(e.to_string().contains("one joker, the small joker SJ"), "{e}");
    let six = Deck::new(SuitSet::EMPTY, 6).unwrap();
    assert_eq!(parse_cards_in("SJ SJ SJ BJ BJ BJ", six).unwrap().len(), 6);
    assert_eq!(
        parse_cards_in("SJ SJ SJ SJ", six).unwrap_err(),
        Error::TooManyCopies { card: Card::SMALL_JOKER, position: 3, copies: 3 }
    );
    // Codes: 52 and 53 are jokers where the deck deals them, out of range where it deals none.
    assert_eq!(shisanshui::cards_from_codes_in(&[0, 52, 53], two).unwrap()[2], Card::BIG_JOKER);
    assert_eq!(shisanshui::cards_from_codes_in(&[0, 52], Deck::ONE).unwrap_err(), Error::BadCardCode { code: 52 });
    assert_eq!(shisanshui::cards_from_codes_in(&[54], two).unwrap_err(), Error::BadCardCode { code: 54 });
    assert!(Card::from_code(52).is_err());
    // The rule set's options.
    let mut r = Rules::classic();
    r.jokers = 7;
    assert!(matches!(r.validate(), Err(Error::InvalidRules { ref path, .. }) if path == "jokers"));
    assert_eq!("AVOID_FOUL".parse::<JokerLanes>().unwrap(), JokerLanes::AvoidFoul);
    assert!(
        matches!("greedy".parse::<JokerLanes>(), Err(Error::InvalidRules { ref path, .. }) if path == "joker_lanes")
    );
    // Evaluating checks the deck too.
    let e = Evaluator::new(&joker_rules(2, JokerLanes::EachBest));
    assert_eq!(e.evaluate(&[Card::SMALL_JOKER, Card::SMALL_JOKER, card(0)]).unwrap_err().kind(), "duplicate_card");
    assert_eq!(
        Evaluator::new(&Rules::classic()).evaluate(&[Card::SMALL_JOKER, card(1), card(0)]).unwrap_err().kind(),
        "joker_not_in_deck"
    );
    assert_eq!(e.evaluate(&[Card::SMALL_JOKER, card(1), card(0)]).unwrap().describe(), "three of a kind, 2");
    assert_eq!(e.evaluate(&[Card::SMALL_JOKER, card(5), card(0)]).unwrap().describe(), "one pair, 3");
    let _: HandRank = e.evaluate(&[Card::SMALL_JOKER, card(1), card(0), card(9), card(30)]).unwrap();
}

#[test]
fn dealing_with_jokers() {
    use shisanshui::deal::Dealer;
    // Without jokers the deal is today's, card for card.
    let rules = Rules::classic();
    let mut with = joker_rules(2, JokerLanes::EachBest);
    assert_eq!(Dealer::from_seed(3).deal_for(&rules, 4).unwrap(), Dealer::from_seed(3).deal(4).unwrap());
    // The deck order of §12 and the documented shuffle over it.
    let deck: Vec<u8> = with.deck().iter().map(|c| c.code()).collect();
    assert_eq!(deck.len(), 54);
    assert_eq!(&deck[52..], [52, 53]);
    for seed in 0..20 {
        let mut expected = deck.clone();
        let mut words = Dealer::from_seed(seed);
        support::documented_shuffle(&mut expected, || words.next_word());
        let hands = Dealer::from_seed(seed).deal_for(&with, 4).unwrap();
        let dealt: Vec<u8> = hands.iter().flatten().map(|c| c.code()).collect();
        assert_eq!(dealt, expected[..52]);
    }
    // Jokers add no seat; every seed deals each joker at most as often as the deck holds it.
    assert!(Dealer::from_seed(1).deal_for(&with, 5).is_err());
    with.jokers = 6;
    with.extra_suits = SuitSet::ALL;
    for seed in 0..50 {
        let hands = Dealer::from_seed(seed).deal_for(&with, 8).unwrap();
        let all: Vec<Card> = hands.iter().flatten().copied().collect();
        with.check_cards(&all).unwrap();
    }
}

#[test]
fn arranger_plays_jokers_exactly_and_never_fouls() {
    use shisanshui::Arranger;
    let mut rng = SplitMix(21);
    for (i, lanes) in [JokerLanes::EachBest, JokerLanes::AvoidFoul].into_iter().cycle().take(60).enumerate() {
        let mut rules = joker_rules(if i % 3 == 0 { 4 } else { 2 }, lanes);
        rules.strict_order = i % 5 == 0;
        let arranger = Arranger::new(&rules, 4).unwrap();
        let mut deck = rules.deck();
        rng.shuffle(&mut deck);
        // Hands that hold one to four jokers.
        let jokers: Vec<Card> = deck.iter().copied().filter(|c| c.is_joker()).collect();
        let mut hand: Vec<Card> = deck.iter().copied().filter(|c| !c.is_joker()).take(13).collect();
        let k = 1 + i % jokers.len();
        hand.truncate(13 - k);
        hand.extend(&jokers[..k]);
        let best = match arranger.arrange(&hand) {
            Ok(best) => best,
            Err(e) => {
                assert!(rules.strict_order, "{hand:?}: {e}");
                continue;
            }
        };
        let mut given = hand.clone();
        let mut back = best.arrangement.cards().to_vec();
        given.sort();
        back.sort();
        assert_eq!(given, back, "the same cards back");
        assert!(!best.arrangement.evaluate(&rules).foul.is_foul(), "{}", best.arrangement);
        // Exact against every split (the walk of the exhaustive reference).
        let all = arranger.arrange_copies_exhaustive(&hand).unwrap();
        assert!((best.expected_water - all.expected_water).abs() < 1e-9, "{hand:?}");
        assert!((arranger.expected_water(&best.arrangement) - best.expected_water).abs() < 1e-9);
        assert!(arranger.suggest(&hand, 3).unwrap()[0].expected_water == best.expected_water);
    }
}

/// Under `avoid_foul` the arranger searches the splits that reading alone makes legal too (a
/// lane with a joker lowered below its best to stay behind the next): its answer is the best of
/// every split of the 13 cards, each valued by `Arrangement::evaluate` (the lanes' reading of
/// RULES.md §12) and `Arranger::expected_water`, a walk that shares no search code with it. Some
/// of the sampled hands play a split that `each_best` fouls.
#[test]
fn arranger_under_avoid_foul_is_the_best_of_every_split() {
    use shisanshui::Arranger;
    let mut rng = SplitMix(77);
    let (mut lowered, mut better) = (0, 0);
    for i in 0..60 {
        // Under strict order with four jokers: two straight flushes, queen high, where the
        // middle's comes down to jack high (each_best fouls it: equal lanes).
        let (jokers, strict, hand) = if i == 0 {
            (
                4,
                true,
                parse_cards_in("6c 5s 3c SJ Js Ts 9s 8s BJ BJ Jd 9d 8d", Deck::new(SuitSet::EMPTY, 4).unwrap())
                    .unwrap(),
            )
        } else {
            // One to three jokers (three from a deck of four, under strict order).
            let k = if i % 5 == 4 { 3 } else { 1 + i % 2 };
            let mut hand: Vec<Card> = rng.deal(13 - k).into_iter().map(card).collect();
            hand.extend([Card::SMALL_JOKER, Card::BIG_JOKER, Card::SMALL_JOKER][..k].iter().copied());
            (if k == 3 { 4 } else { 2 }, k == 3 || i % 4 == 3, hand)
        };
        let mut rules = joker_rules(jokers, JokerLanes::AvoidFoul);
        rules.strict_order = strict;
        let arranger = Arranger::new(&rules, 4).unwrap();
        let mut each = rules.clone();
        each.joker_lanes = JokerLanes::EachBest;
        let each = Arranger::new(&each, 4).unwrap();
        let mut top = f64::NEG_INFINITY;
        for back in subsets(13, 5) {
            let rest: Vec<usize> = (0..13).filter(|p| !back.contains(p)).collect();
            for middle in subsets(8, 5) {
                let middle: Vec<usize> = middle.iter().map(|&j| rest[j]).collect();
                let lane = |ps: &[usize]| ps.iter().map(|&p| hand[p]).collect::<Vec<_>>();
                let front: Vec<usize> = rest.iter().copied().filter(|p| !middle.contains(p)).collect();
                let a = Arrangement {
                    front: lane(&front).try_into().unwrap(),
                    middle: lane(&middle).try_into().unwrap(),
                    back: lane(&back).try_into().unwrap(),
                };
                if !a.evaluate(&rules).foul.is_foul() {
                    top = top.max(arranger.expected_water(&a));
                }
            }
        }
        let best = arranger.arrange(&hand).unwrap();
        assert!(!best.arrangement.evaluate(&rules).foul.is_foul(), "{}", best.arrangement);
        assert!((best.expected_water - top).abs() < 1e-9, "{hand:?}: {} against {top}", best.expected_water);
        assert!((arranger.expected_water(&best.arrangement) - best.expected_water).abs() < 1e-9);
        let e = best.arrangement.evaluate(&rules);
        assert_eq!(best.categories, [e.front.category(), e.middle.category(), e.back.category()]);
        lowered += usize::from(best.arrangement.evaluate(&each.rules().clone()).foul.is_foul());
        let plain = each.arrange(&hand).unwrap().expected_water;
        assert!(best.expected_water >= plain - 1e-9);
        better += usize::from(best.expected_water > plain + 1e-9);
        // The exhaustive reference and the suggestions agree.
        let all = arranger.arrange_copies_exhaustive(&hand).unwrap();
        assert!((all.expected_water - top).abs() < 1e-9);
        assert_eq!(arranger.suggest(&hand, 3).unwrap()[0].expected_water, best.expected_water);
    }
    eprintln!("{lowered} of 60 play a split each_best fouls, {better} gain by it");
    assert!(lowered > 0 && better > 0, "{lowered} {better}");
}

/// The `k`-element subsets of `0..n`, as position lists.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == k)
        .map(|m| (0..n).filter(|i| m >> i & 1 == 1).collect())
        .collect()
}

#[test]
fn arranger_places_jokers_where_they_pay() {
    use shisanshui::{Arranger, Category};
    let rules = joker_rules(2, JokerLanes::EachBest);
    let arranger = Arranger::new(&rules, 4).unwrap();
    let hand = |s: &str| parse_cards_in(s, rules.deck_spec()).unwrap();
    // Four aces and a joker among loose cards: five aces in the back.
    let best = arranger.arrange(&hand("As Ah Ad Ac SJ 2c 3d 5h 7s 9c Jd Qh 4s")).unwrap();
    assert_eq!(best.categories[2], Category::FiveOfAKind, "{}", best.arrangement);
    // Four spades in a row and a joker: the joker makes a straight flush in the back.
    let best = arranger.arrange(&hand("9s Ts Js Qs BJ Kd Kc Kh 3d 3c 2h 5c 7d")).unwrap();
    assert_eq!(best.categories[2], Category::StraightFlush, "{}", best.arrangement);
    assert!(best.arrangement.back.contains(&Card::BIG_JOKER));
    // Both: five aces and a straight flush, or the home run a pair in front makes possible; the
    // arranger's choice is worth at least each of those in its own objective.
    let cards = hand("As Ah Ad Ac SJ 9s Ts Js Qs BJ 2d 5c 7h");
    let best = arranger.arrange(&cards).unwrap();
    for other in ["2d 5c 7h / BJ Qs Js Ts 9s / As Ah Ad Ac SJ", "SJ 7h 5c / As Ah Ac Ad 2d / BJ Qs Js Ts 9s"] {
        let a = Arrangement::parse_in(other, rules.deck_spec()).unwrap();
        assert!(best.expected_water >= arranger.expected_water(&a) - 1e-9, "{other}");
    }
}

#[test]
fn settling_a_joker_round() {
    use shisanshui::{settle, PlayerHand};
    let rules = joker_rules(2, JokerLanes::EachBest);
    let a = |s: &str| PlayerHand::Arranged(Arrangement::parse_in(s, rules.deck_spec()).unwrap());
    // Seat 0's back is five of a kind with a joker: 10 water under classic.
    let hands = [
        a("2c 3d 4h / As Ah Ad Ac 5c / Ks Kh Kd Kc SJ"),
        a("5d 6d 8h / 9s 9h 9d 7c 7d / Ts Tc Td 6h 6c"),
        a("7s 8c 2d / Qs Qh Jd 5h BJ / Js Jc 3s 3h 2h"),
    ];
    // Seat 0 beats seat 1 in the middle (quads, 8) and back (five kings, 10) and loses the
    // front: +17. Seat 2's middle is Q Q Q J 5 over its back's two pair (each_best): a foul that
    // pays seat 0 its lane values 1 + 8 + 10 and seat 1 its 1 + 2 + 1.
    let s = settle(&hands, &rules).unwrap();
    assert_eq!(s.totals, [36, -13, -23].map(shisanshui::Water::from));
    let e = hands[0].clone();
    let PlayerHand::Arranged(arr) = e else { unreachable!() };
    assert_eq!(arr.evaluate(&rules).back.describe(), "five of a kind, K");
    // A joker under a rule set that deals none is refused with the card named.
    let classic = Rules::classic();
    assert_eq!(settle(&hands, &classic).unwrap_err().kind(), "joker_not_in_deck");
}

#[test]
fn simulating_joker_tables() {
    use shisanshui::simulate::{run, SimConfig};
    // Two jokers at four seats, a banker room of four, and six seats with two extra suits.
    for (extra, players, banker) in [("", 4, None), ("", 4, Some(0)), ("sh", 6, None)] {
        let mut rules = joker_rules(2, JokerLanes::EachBest);
        rules.extra_suits = extra.parse().unwrap();
        if banker.is_some() {
            rules.table = shisanshui::Table::Banker;
        }
        let mut c = SimConfig::new(rules.clone(), players, 40, 3);
        c.banker = banker;
        let one = run(&c).unwrap();
        c.threads = 2;
        let two = run(&c).unwrap();
        assert_eq!(one.water, two.water, "the report does not depend on the threads");
        assert_eq!(one.hands, 40 * players as u64);
        assert_eq!(one.fouls, 0, "the arranger never fouls");
        // The rounds are dealt from the deck with its jokers.
        let dealt: usize = (0..40)
            .map(|r| shisanshui::simulate::round_deal_for(&rules, 3, r, players).unwrap())
            .map(|hands| hands.iter().flatten().filter(|c| c.is_joker()).count())
            .sum();
        assert!(dealt > 40, "{dealt} jokers dealt in 40 rounds");
    }
}
