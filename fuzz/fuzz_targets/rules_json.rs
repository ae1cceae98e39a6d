//! Rule-set JSON: `Rules::from_json` (or a preset's `with_json_changes`) and the C
//! `sss_rules_from_json` on the same bytes, then a round settled under the rules loaded.
//!
//! Input: one header byte, then the JSON text. Header bit 0: 0 = a whole rule set
//! (`from_json`, also fed to C as is), 1 = changes to preset `(h >> 1) % 5`; bit 3: seats
//! declare the special they make; `2 + (h >> 4) % 3` seats. The round is dealt from the rule
//! set's deck (its extra suits and jokers, RULES.md §11, §12) with a hash of the input as seed.
//!
//! Invariants: C and Rust accept the same texts, with the same status and message (the joker
//! options included: `jokers` 0 to 6, `joker_lanes` `each_best` or `avoid_foul`,
//! `jokers_in_specials` a boolean; anything else refused naming the field); an accepted rule set
//! is valid, round-trips through JSON (Rust and C), reads the same through the C getters (the
//! joker options too), settles a round (zero-sum, antisymmetric, `settle_into` equal to
//! `settle`, JSON round trip; a seat's lanes with jokers as played are real cards that make their
//! values), and the C settlement of that round equals the engine's.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shisanshui_fuzz::engine::settle::{PlayerHand, Settlement, Settler};
use shisanshui_fuzz::engine::{deal, detect_special, Arrangement, Evaluator, JokerLanes, Rules, Special};
use shisanshui_fuzz::sss::rules::{
    sss_rules_free, sss_rules_from_json, sss_rules_get_joker_lanes, sss_rules_get_jokers,
    sss_rules_get_jokers_in_specials, sss_rules_get_strict_order, sss_rules_get_suit_tiebreak, sss_rules_get_wheel,
    sss_rules_to_json, sss_rules_validate, SssJokerLanes, SssRules,
};
use shisanshui_fuzz::sss::settle::{sss_settle_into_with_banker, sss_settle_with_banker, sss_settlement_free};
use shisanshui_fuzz::sss::special::{sss_rules_get_specials, sss_special_water};
use shisanshui_fuzz::sss::SssStatus;
use shisanshui_fuzz::{
    banker_of, c_banker, c_seat, call, check_c_settlement, check_joker_arrangement, check_settlement, failure,
    last_error, preset, status_of, text_out, Sentinel,
};

fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

/// A round of `players` seats dealt from `seed` out of the rule set's deck: each seat declares
/// its special when `declare` and it makes one, otherwise plays its cards in code order (lowest
/// three in front), which may foul.
fn round(rules: &Rules, players: usize, seed: u64, declare: bool) -> Vec<PlayerHand> {
    let deck = rules.deck_spec();
    deal::deal_for(rules, players, Some(seed))
        .unwrap()
        .into_iter()
        .map(|mut hand| {
            hand.sort();
            let best = detect_special(&hand, rules).unwrap().best;
            match best {
                Some(special) if declare => PlayerHand::special_in(special, &hand, deck).unwrap(),
                _ => PlayerHand::Arranged(Arrangement::from_cards_in(&hand, deck).unwrap()),
            }
        })
        .collect()
}

unsafe fn check_c_rules(c: *const SssRules, rules: &Rules) {
    let (st, json) = text_out("sss_rules_to_json", |b, cap, l| unsafe { sss_rules_to_json(c, b, cap, l) });
    assert_eq!(st, SssStatus::SSS_OK);
    assert_eq!(json.unwrap(), rules.to_json(), "C JSON equals Rust's");
    assert_eq!(call("validate", || unsafe { sss_rules_validate(c) }), SssStatus::SSS_OK);
    let mut wheel = Sentinel::<u32>::new();
    assert_eq!(call("wheel", || unsafe { sss_rules_get_wheel(c, wheel.ptr()) }), SssStatus::SSS_OK);
    assert_eq!(wheel.get(), rules.wheel as u32);
    let mut flag = Sentinel::<u8>::new();
    assert_eq!(call("suit", || unsafe { sss_rules_get_suit_tiebreak(c, flag.ptr()) }), SssStatus::SSS_OK);
    assert_eq!(flag.get(), rules.suit_tiebreak as u8);
    assert_eq!(call("strict", || unsafe { sss_rules_get_strict_order(c, flag.ptr()) }), SssStatus::SSS_OK);
    assert_eq!(flag.get(), rules.strict_order as u8);
    let mut jokers = Sentinel::<u8>::new();
    assert_eq!(call("jokers", || unsafe { sss_rules_get_jokers(c, jokers.ptr()) }), SssStatus::SSS_OK);
    assert_eq!(jokers.get(), rules.jokers, "C jokers equal Rust's");
    let mut lanes = Sentinel::<u32>::new();
    assert_eq!(call("joker lanes", || unsafe { sss_rules_get_joker_lanes(c, lanes.ptr()) }), SssStatus::SSS_OK);
    let want = match rules.joker_lanes {
        JokerLanes::EachBest => SssJokerLanes::SSS_JOKER_LANES_EACH_BEST,
        JokerLanes::AvoidFoul => SssJokerLanes::SSS_JOKER_LANES_AVOID_FOUL,
        other => panic!("a joker_lanes reading the C ABI does not name: {other:?}"),
    };
    assert_eq!(lanes.get(), want as u32, "C joker_lanes equals Rust's");
    let st = call("jokers in specials", || unsafe { sss_rules_get_jokers_in_specials(c, flag.ptr()) });
    assert_eq!(st, SssStatus::SSS_OK);
    assert_eq!(flag.get(), rules.jokers_in_specials as u8, "C jokers_in_specials equals Rust's");
    let mut specials = [0xAAu8; 16];
    let mut count = 0usize;
    let st = call("specials", || unsafe { sss_rules_get_specials(c, specials.as_mut_ptr(), 16, &mut count) });
    assert_eq!(st, SssStatus::SSS_OK);
    let order: Vec<u8> = rules.specials.iter().map(|s| s.special as u8).collect();
    assert_eq!(&specials[..count], &order[..], "C special order equals Rust's");
    for special in Special::ALL {
        let mut water = Sentinel::<u32>::new();
        let st = call("special water", || unsafe { sss_special_water(c, special as u32, water.ptr()) });
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!(water.get(), rules.special_water(special).unwrap_or(0), "{special:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&header, body)) = data.split_first() else { return };
    let text = std::str::from_utf8(body);
    let whole = header & 1 == 0;
    let loaded: Result<engine_result::R, ()> = match text {
        Err(_) => Err(()),
        Ok(t) if whole => Ok(Rules::from_json(t)),
        Ok(t) => Ok(Rules::preset(preset(header >> 1)).with_json_changes(t)),
    };

    // C on the same bytes (a whole rule set only: C has no changes call).
    let mut c: *mut SssRules = std::ptr::null_mut();
    if whole {
        let st = call("sss_rules_from_json", || unsafe { sss_rules_from_json(body.as_ptr(), body.len(), &mut c) });
        match &loaded {
            Err(()) => assert_eq!(st, SssStatus::SSS_ERR_INVALID_UTF8),
            Ok(r) => {
                assert_eq!(st, status_of(r), "C and Rust agree on {:?}", r.as_ref().err());
                if let Err(e) = r {
                    assert_eq!(last_error(), failure(e.clone()).message);
                    assert!(c.is_null(), "out written on failure");
                }
            }
        }
    }
    // A text that sets a joker option the rule set cannot hold is refused naming that option.
    // (Another field may be the one reported first: checked on texts of a preset and the joker
    // options alone.)
    if let (Ok(Err(e)), true) = (&loaded, whole) {
        if (bad_jokers(body) || bad_joker_lanes(body)) && only_joker_options(body) {
            assert!(e.to_string().contains("joker"), "a joker option refused without naming it: {e}");
        }
    }
    let Ok(Ok(rules)) = loaded else { return };
    assert!(rules.jokers <= 6, "a rule set with {} jokers loaded", rules.jokers);

    rules.validate().expect("a loaded rule set is valid");
    let json = rules.to_json();
    assert_eq!(Rules::from_json(&json).unwrap(), rules, "JSON round trip");
    assert_eq!(rules.with_json_changes("{}").unwrap(), rules, "no changes change nothing");
    assert_eq!(rules.with_json_changes(&json).unwrap(), rules, "its own JSON as changes");
    if !whole {
        let st = call("sss_rules_from_json", || unsafe { sss_rules_from_json(json.as_ptr(), json.len(), &mut c) });
        assert_eq!(st, SssStatus::SSS_OK, "C loads Rust's JSON");
    }
    unsafe { check_c_rules(c, &rules) };

    // A round under these rules.
    let players = 2 + (header as usize >> 4) % 3;
    let seed = fnv(data);
    let hands = round(&rules, players, seed, header & 8 != 0);
    let settler = Settler::new(&rules).expect("a valid rule set settles");
    // Banker mode settles with a banker seat (chosen by the input), all pairs without.
    let banker = banker_of(&rules, players, (seed >> 8) as u8);
    let s = settler.settle_with_banker(&hands, banker).expect("a dealt round settles");
    check_settlement(&s, players);
    let eval = Evaluator::new(&rules);
    for hand in &hands {
        if let PlayerHand::Arranged(a) = hand {
            let je = a.evaluate_jokers(&rules);
            assert_eq!(je.eval, a.evaluate(&rules), "settled at the values its jokers give");
            check_joker_arrangement(&eval, rules.strict_order, a, &je, &seed.to_le_bytes());
        }
    }
    // settle_into a settlement that held another round (of another size) gives the same.
    let other_players = 2 + (players - 1) % 3;
    let other = round(&rules, other_players, seed ^ 1, false);
    let other_banker = banker_of(&rules, other_players, seed as u8);
    let mut reused: Settlement = settler.settle_with_banker(&other, other_banker).unwrap();
    settler.settle_into_with_banker(&hands, banker, &mut reused).unwrap();
    assert_eq!(reused, s, "settle_into equals settle");
    if banker.is_none() {
        assert_eq!(settler.settle(&hands).unwrap(), s, "settle is settle_with_banker(None)");
    }

    let seats: Vec<_> = hands.iter().map(c_seat).collect();
    let mut cs = std::ptr::null_mut();
    let st = call("sss_settle_with_banker", || unsafe {
        sss_settle_with_banker(c, seats.as_ptr(), seats.len(), c_banker(banker), &mut cs)
    });
    assert_eq!(st, SssStatus::SSS_OK);
    check_c_settlement(cs, &s);
    let other_seats: Vec<_> = other.iter().map(c_seat).collect();
    let mut cs2 = std::ptr::null_mut();
    let st = call("sss_settle_with_banker", || unsafe {
        sss_settle_with_banker(c, other_seats.as_ptr(), other_seats.len(), c_banker(other_banker), &mut cs2)
    });
    assert_eq!(st, SssStatus::SSS_OK);
    let st = call("sss_settle_into_with_banker", || unsafe {
        sss_settle_into_with_banker(c, seats.as_ptr(), seats.len(), c_banker(banker), cs2)
    });
    assert_eq!(st, SssStatus::SSS_OK);
    check_c_settlement(cs2, &s);
    unsafe {
        sss_settlement_free(cs);
        sss_settlement_free(cs2);
        sss_rules_free(c);
    }
});

mod engine_result {
    pub type R = shisanshui_fuzz::engine::Result<shisanshui_fuzz::engine::Rules>;
}

/// The text as a JSON object, when it is one.
fn object(body: &[u8]) -> Option<serde_json::Map<String, serde_json::Value>> {
    match serde_json::from_slice::<serde_json::Value>(body).ok()? {
        serde_json::Value::Object(m) => Some(m),
        _ => None,
    }
}

/// Whether the text's top-level `"jokers"` is no count from 0 to 6.
fn bad_jokers(body: &[u8]) -> bool {
    object(body).and_then(|m| m.get("jokers").cloned()).is_some_and(|v| !v.as_u64().is_some_and(|n| n <= 6))
}

/// Whether the text's top-level `"joker_lanes"` names no reading (RULES.md §12).
fn bad_joker_lanes(body: &[u8]) -> bool {
    object(body).and_then(|m| m.get("joker_lanes").cloned()).is_some_and(|v| {
        !v.as_str().is_some_and(|t| ["each_best", "avoid_foul"].iter().any(|n| n.eq_ignore_ascii_case(t.trim())))
    })
}

/// Whether the text is an object of the joker options and a known preset only.
fn only_joker_options(body: &[u8]) -> bool {
    object(body).is_some_and(|m| {
        m.iter().all(|(k, v)| match k.as_str() {
            "jokers" | "joker_lanes" => true,
            "jokers_in_specials" => v.is_boolean(),
            "preset" => v.as_str().is_some_and(|p| Rules::from_preset_name(p).is_ok()),
            _ => false,
        })
    })
}
