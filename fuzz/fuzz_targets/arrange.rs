//! Auto-arrangement on fuzz-chosen hands, every preset, 2 to 4 seats, with and without
//! `strict_order`; some hands hold one to four jokers (RULES.md §12), arranged under a deck of
//! six and either `joker_lanes` reading.
//!
//! Invariants: the arrangement is never a foul (the engine's own foul check), holds exactly the
//! 13 cards, reports its lanes' categories and its own expected water (`expected_water` of it),
//! does not depend on the order the cards come in, and equals the C ABI's; suggestions start
//! with it, are never fouls, hold the cards, have distinct categories and no more water; the
//! special advice is there exactly when the cards make an enabled special. One input in
//! `EXHAUSTIVE_EVERY` (chosen by the input, so a crash reproduces) is also checked against the
//! exhaustive walk of all 72,072 splits (`search::exhaustive`, the oracle of
//! core/tests/arrange_search.rs): same value, same lanes; a hand with jokers against the walk
//! of every split that reads jokers (`Arranger::arrange_copies_exhaustive`, the oracle of
//! core/tests/jokers.rs): same value. With jokers the arrangement also holds the same cards
//! (jokers counted), never fouls under the `joker_lanes` reading in force, and its lanes as
//! played are real cards that make their values, each at least a fuzz-chosen substitution of its
//! jokers.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shisanshui_fuzz::engine::arrange::search::{self, HandSubsets};
use shisanshui_fuzz::engine::arrange::strength::Strength;
use shisanshui_fuzz::engine::arrange::SuggestionKind;
use shisanshui_fuzz::engine::{detect_special, Arrangement, Card, CardSet, Evaluator, Rules};
use shisanshui_fuzz::sss::arrange::{sss_arrange, sss_suggest, SssArranged, SssSuggestion};
use shisanshui_fuzz::sss::SssStatus;
use shisanshui_fuzz::{
    arranger, c_arranger, call, check_joker_arrangement, codes, distinct_cards, permute, rules_of, sorted_codes,
    with_jokers, Sentinel,
};

/// One input in this many gets the exhaustive check (about 72,000 split values each).
const EXHAUSTIVE_EVERY: u8 = 4;

#[derive(Arbitrary, Debug)]
struct Input {
    preset: u8,
    strict: bool,
    players: u8,
    cards: [u8; 13],
    order: [u8; 13],
    n: u8,
    exhaustive: u8,
    /// Jokers in the hand (`% 5`), the big one first, and `avoid_foul` (RULES.md §12).
    jokers: Option<(u8, bool, bool)>,
    /// The cards the jokers are tried as.
    subs: [u8; 13],
}

fn lanes_of(a: &Arrangement) -> [CardSet; 3] {
    [a.front.iter().collect(), a.middle.iter().collect(), a.back.iter().collect()]
}

fn check_lanes(what: &str, a: &Arrangement, hand: &[Card], rules: &Rules) {
    assert_eq!(sorted_codes(&a.cards()), sorted_codes(hand), "{what}: the arrangement holds exactly the hand's cards");
    assert!(!a.evaluate(rules).foul.is_foul(), "{what}: a foul: {a}");
    for lane in [&a.front[..], &a.middle[..], &a.back[..]] {
        // Only a joker may be held twice (a deck of six deals each three times).
        let ordered = |w: &[Card]| w[0].code() > w[1].code() || (w[0] == w[1] && w[0].is_joker());
        assert!(lane.windows(2).all(ordered), "{what}: lane listed highest first: {a}");
    }
}

fn c_lanes(c: &SssArranged) -> Vec<u8> {
    c.front.iter().chain(&c.middle).chain(&c.back).copied().collect()
}

fuzz_target!(|input: Input| {
    let mut rules = rules_of(input.preset, input.strict, false);
    let players = 2 + input.players as usize % 3;
    // Jokers: the hand's natural cards from one deck, then its jokers, big and small in turn.
    let (wild, big) = input.jokers.map_or((0, false), |(k, big, _)| (k as usize % 5, big));
    if let Some((_, _, avoid_foul)) = input.jokers {
        rules = with_jokers(rules, 6, avoid_foul, false);
    }
    let mut cards = distinct_cards(&input.cards, 13 - wild);
    cards.extend((0..wild).map(|i| if (i % 2 == 0) == big { Card::BIG_JOKER } else { Card::SMALL_JOKER }));
    let jokers = wild > 0;
    let arr = arranger(&rules, players);
    let st = Strength::get(rules.wheel);
    // The one-deck search's subsets read real cards only.
    let h = (!jokers).then(|| HandSubsets::new(st, std::array::from_fn(|i| cards[i].code())));

    let best = match arr.arrange(&cards) {
        Ok(best) => best,
        Err(e) => {
            // Only strict_order can leave 13 cards without a legal arrangement; the oracle agrees.
            assert!(rules.strict_order, "no arrangement: {e}");
            match &h {
                Some(h) => {
                    let slow = search::exhaustive(arr.objective(), st, h, true);
                    assert_eq!(slow.ev, f64::NEG_INFINITY, "the exhaustive walk found a legal split");
                }
                None => assert!(arr.arrange_copies_exhaustive(&cards).is_err(), "the walk found a legal split"),
            }
            return;
        }
    };
    let a = best.arrangement;
    check_lanes("arrange", &a, &cards, &rules);
    let ev = a.evaluate(&rules);
    assert_eq!(best.categories, [ev.front.category(), ev.middle.category(), ev.back.category()]);
    if jokers {
        // Read subset by subset, as hands with copies are (core/tests/jokers.rs allows 1e-9).
        assert!((arr.expected_water(&a) - best.expected_water).abs() < 1e-9, "its own expected water");
        let eval = Evaluator::new(&rules);
        check_joker_arrangement(&eval, rules.strict_order, &a, &a.evaluate_jokers(&rules), &input.subs);
    } else {
        assert_eq!(arr.expected_water(&a), best.expected_water, "its own expected water");
    }
    assert!(best.expected_water.is_finite());

    // The order of the cards does not matter.
    let mut shuffled = cards.clone();
    permute(&mut shuffled, &input.order);
    assert_eq!(arr.arrange(&shuffled).unwrap(), best, "the answer depends on the card order");

    // The C ABI gives the same.
    let ca = c_arranger(&rules, players);
    let sh = codes(&shuffled);
    let mut out = Sentinel::<SssArranged>::new();
    let status = call("sss_arrange", || unsafe { sss_arrange(ca, sh.as_ptr(), sh.len(), out.ptr()) });
    assert_eq!(status, SssStatus::SSS_OK);
    let c = out.get();
    assert_eq!(c_lanes(&c), codes(&a.cards()), "C lanes equal Rust's");
    assert_eq!(c.expected_water, best.expected_water);
    assert_eq!(c.categories, best.categories.map(|k| k as u8));

    // Suggestions.
    let n = 1 + input.n as usize % 8;
    let list = arr.suggest(&shuffled, n).unwrap();
    assert!(!list.is_empty() && list.len() <= n);
    assert_eq!(list[0].kind, SuggestionKind::Best);
    assert_eq!((list[0].arrangement, list[0].expected_water), (a, best.expected_water), "first suggestion is the best");
    for (i, s) in list.iter().enumerate() {
        check_lanes("suggestion", &s.arrangement, &cards, &rules);
        assert!(s.expected_water <= best.expected_water, "suggestion {i} beats the best");
        if jokers {
            assert!((arr.expected_water(&s.arrangement) - s.expected_water).abs() < 1e-9, "suggestion {i}'s water");
        } else {
            assert_eq!(arr.expected_water(&s.arrangement), s.expected_water, "suggestion {i}'s own water");
        }
        assert!(list[..i].iter().all(|o| o.categories != s.categories), "suggestion {i} repeats categories");
        if i > 0 {
            assert_ne!(s.kind, SuggestionKind::Best);
        }
    }
    let mut c_list = vec![Sentinel::<SssSuggestion>::new().get(); n];
    let mut count = usize::MAX;
    let status = call("sss_suggest", || unsafe {
        sss_suggest(ca, sh.as_ptr(), sh.len(), n, c_list.as_mut_ptr(), n, &mut count)
    });
    assert_eq!(status, SssStatus::SSS_OK);
    assert_eq!(count, list.len());
    for (c, s) in c_list.iter().zip(&list) {
        assert_eq!(c_lanes(&c.arranged), codes(&s.arrangement.cards()), "C suggestion equals Rust's");
        assert_eq!(c.arranged.expected_water, s.expected_water);
    }

    // Special advice exactly when the cards make an enabled special.
    let special = detect_special(&cards, &rules).unwrap().best;
    let advice = arr.special_advice(&cards).unwrap();
    assert_eq!(advice.map(|a| a.special), special);
    if let Some(adv) = advice {
        assert_eq!(adv.best_lanes, best);
        assert_eq!(adv.lane_water, best.expected_water);
    }

    // The exhaustive oracle.
    if input.exhaustive % EXHAUSTIVE_EVERY != 0 {
        return;
    }
    let Some(h) = h else {
        let all = arr.arrange_copies_exhaustive(&cards).expect("the walk finds the legal split the search found");
        assert!(
            (all.expected_water - best.expected_water).abs() < 1e-9,
            "the walk of every split has another value: {} vs {}",
            all.expected_water,
            best.expected_water
        );
        return;
    };
    {
        // The arranger plays with card removal: the oracle walks the same corrected values.
        let corr = arr.objective().corrections(&h);
        let slow = search::exhaustive_with(arr.objective(), st, &h, rules.strict_order, corr.as_ref());
        assert_eq!(slow.ev, best.expected_water, "the exhaustive optimum has another value");
        let lane = |mask: u16| -> CardSet {
            (0..13).filter(|&i| mask >> i & 1 == 1).map(|i| Card::from_code(h.codes[i]).unwrap()).collect()
        };
        assert_eq!([lane(slow.front), lane(slow.middle), lane(slow.back)], lanes_of(&a), "another optimum split");
    }
});
