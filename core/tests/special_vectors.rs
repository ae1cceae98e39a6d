//! Hand-written special-hand vectors (RULES.md §6): every special, its near misses, the cases
//! other engines get wrong, and bad input. Expected answers were worked out by hand; the
//! reasoning for the less obvious ones is in the comments.

use shisanshui::special::{detect_codes, SpecialDetector};
use shisanshui::{detect_special, parse_cards, Card, CardSet, Error, Preset, Rules, Special, SpecialWater};

fn rules(name: &str) -> Rules {
    match name {
        "classic+strict" => Rules { strict_order: true, ..Rules::classic() },
        "classic+no_split" => Rules { split_quads: false, ..Rules::classic() },
        "all16" => Rules {
            specials: Special::ALL.iter().map(|&special| SpecialWater { special, water: 1 }).collect(),
            ..Rules::classic()
        },
        preset => Rules::from_preset_name(preset).unwrap(),
    }
}

fn hand(text: &str) -> Vec<Card> {
    parse_cards(&text.replace('/', " ")).unwrap()
}

/// `all` as ids in the rule set's order; `arrangement` as `front / middle / back`, each lane
/// highest card first.
fn check(text: &str, rule_set: &str, all: &[&str], arrangement: Option<&str>) {
    let r = rules(rule_set);
    let got = detect_special(&hand(text), &r).unwrap();
    let ids: Vec<&str> = got.all.iter().map(|s| s.id()).collect();
    assert_eq!(ids, all, "{text} under {rule_set}");
    assert_eq!(got.best.map(|s| s.id()), all.first().copied(), "{text} under {rule_set}");
    assert_eq!(got.arrangement.map(|a| a.to_string()).as_deref(), arrangement, "{text} under {rule_set}");
}

/// The preferred arrangement of a three-piece special, whether or not it is the best.
fn arrangement_for(text: &str, rule_set: &str, special: Special) -> Option<String> {
    let d = SpecialDetector::new(&rules(rule_set)).unwrap();
    d.arrangement_for(&hand(text), special).unwrap().map(|a| a.to_string())
}

#[test]
fn dragons() {
    let sd = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As";
    check(sd, "classic", &["SD", "DR", "TSF", "OC", "TF", "TS"], None);
    // hk lists DR but not SD: the supreme dragon is declared as a dragon.
    check(sd, "hk", &["DR", "TF", "TS"], None);
    check(sd, "all16", &["SD", "DR", "TSF", "OC", "TF", "TS"], None);
    // One suit, thirteen ranks: the three straight flushes with the strongest back is T-A.
    assert_eq!(
        arrangement_for(sd, "classic", Special::ThreeStraightFlushes).as_deref(),
        Some("4s 3s 2s / 9s 8s 7s 6s 5s / As Ks Qs Js Ts")
    );

    // The ace of another suit: a dragon, not supreme; 12 spades + 1 heart is no flush split.
    let near = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ah";
    check(near, "classic", &["DR", "TS"], None);
    check(near, "all16", &["DR", "TS", "BR"], None);
    // Strongest back: the K-high straight flush in spades beats the A-high straight; then the
    // 8-high straight flush, leaving A-2-3 in front.
    assert_eq!(
        arrangement_for(near, "classic", Special::ThreeStraights).as_deref(),
        Some("Ah 3s 2s / 8s 7s 6s 5s 4s / Ks Qs Js Ts 9s")
    );
    assert_eq!(arrangement_for(near, "classic", Special::ThreeFlushes), None);
    assert_eq!(arrangement_for(near, "classic", Special::SixPairs), None, "not a three-piece special");

    check("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad", "classic", &["DR", "TS"], None);
    // A missing rank (no 9, two 8s): no dragon, and no three straights either.
    check("2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad", "classic", &[], None);
}

#[test]
fn twelve_royals() {
    // Thirteen royals; three quads too, and six pairs + A with split quads.
    let tr = "Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As";
    check(tr, "classic", &["TR", "TQ", "AB", "SP"], None);
    check(tr, "classic+no_split", &["TR", "TQ", "AB"], None);
    check(tr, "hk", &["TR", "SP"], None);
    // Twelve royals + a 2: only where twelve_royals_min is 12 (hk). Four trips + 1 under classic.
    let twelve = "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah Ad 2c";
    check(twelve, "classic", &["FT"], None);
    check(twelve, "hk", &["TR"], None);
    // Eleven royals: nowhere.
    check("Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah 3d 2c", "hk", &[], None);
}

#[test]
fn three_straight_flushes() {
    // Q-K-A in front, the wheel and 6-T. Under second_highest the wheel straight flush is the
    // stronger piece and goes in the back; under hk (lowest) it is the weaker one.
    let tsf = "Qc Kc Ac / As 2s 3s 4s 5s / 6d 7d 8d 9d Td";
    check(tsf, "classic", &["TSF", "TF", "TS"], Some("Ac Kc Qc / Td 9d 8d 7d 6d / As 5s 4s 3s 2s"));
    check(tsf, "hk", &["TF", "TS"], Some("Ac Kc Qc / As 5s 4s 3s 2s / Td 9d 8d 7d 6d"));
    // Near miss: T of hearts. Still three straights (the ace of spades makes the wheel a
    // straight flush, so that piece is the back).
    let near = "Qc Kc Ac / As 2s 3s 4s 5s / 6d 7d 8d 9d Th";
    check(near, "classic", &["TS"], Some("Ac Kc Qc / Th 9d 8d 7d 6d / As 5s 4s 3s 2s"));
    // The same straight flush in two suits: equal middle and back, a foul under strict order,
    // and no other split exists (suit counts 3/5/5, one rank decomposition).
    let twins = "Qc Kc Ac / 5h 6h 7h 8h 9h / 5s 6s 7s 8s 9s";
    check(twins, "classic", &["TSF", "TF", "TS"], Some("Ac Kc Qc / 9h 8h 7h 6h 5h / 9s 8s 7s 6s 5s"));
    check(twins, "classic+strict", &[], None);
}

#[test]
fn rank_shapes() {
    let tq = "2s 2h 2d 2c 5s 5h 5d 5c 9s 9h 9d 9c Kd";
    check(tq, "classic", &["TQ", "SP"], None);
    check(tq, "classic+no_split", &["TQ"], None);

    // 4 + 3 + 3 + 3: its own special in regional; four trips (quad as trips + 1) with split_quads.
    let ttq = "2s 2h 2d 2c 5s 5h 5d 9s 9h 9d Ks Kh Kd";
    check(ttq, "regional", &["TTQ", "FT"], None);
    check(ttq, "classic", &["FT"], None);
    check(ttq, "classic+no_split", &[], None);

    check("2s 2h 2d 5s 5h 5d 9s 9h 9d Ks Kh Kd 3c", "classic", &["FT"], None);
    check("2s 2h 2d 5s 5h 5d 9s 9h 9d Ks Kh 3d 3c", "classic", &[], None);

    // Five pairs + trips is not six pairs (trips never split).
    let fpt = "2s 2h 2d 5s 5h 7d 7s 9s 9h Js Jh Ks Kh";
    check(fpt, "classic", &["FPT"], None);
    check(fpt, "hk", &["FPT"], None);
    // A quad as two of the five pairs.
    let fpt_quad = "2s 2h 2d 5s 5h 5d 5c 9s 9h Js Jh Ks Kh";
    check(fpt_quad, "classic", &["FPT"], None);
    check(fpt_quad, "classic+no_split", &[], None);
    // Two trips + four pairs: neither.
    check("2s 2h 2d 5s 5h 5d 9s 9h Js Jh Ks Kh 4c", "classic", &[], None);

    check("2s 2h 4d 4s 6h 6c 8s 8d Ts Th Qs Qh Ac", "classic", &["SP"], None);
    let sp_quad = "2s 2h 2d 2c 6h 6c 8s 8d Ts Th Qs Qh Ac";
    check(sp_quad, "classic", &["SP"], None);
    check(sp_quad, "classic+no_split", &[], None);
    check("2s 2h 4d 4s 6h 6c 8s 8d Ts Th Qs Kh Ac", "classic", &[], None);
}

#[test]
fn big_small_and_colours() {
    // 8s count as big: trips 8, four pairs, T and A single; no straights split (three 8s).
    check("8s 9h Td Jc Qs Kh Ad 8d 9c Js Qh Ks 8c", "classic", &["AB"], None);
    check("8s 9h Td Jc Qs Kh 7d 8d 9c Js Qh Ks 8c", "classic", &[], None);
    // 8s count as small too.
    check("2s 2d 2h 3c 4s 5h 6c 7d 8s 8h 8d 5s 6d", "classic", &["AS"], None);
    check("2s 2d 2h 3c 4s 5h 6c 7d 8s 9h 8d 5s 6d", "classic", &[], None);

    let red = "2h 2d 5h 9h Kh 3h 4d 7d 7h Td Jd Qd Ad";
    check(red, "classic", &["OC"], None);
    check(red, "regional", &["OC"], None);
    let red_one_black = "2h 2d 5h 9h Kh 3h 4d 7d 7h Td Jd Qs Ad";
    check(red_one_black, "classic", &[], None);
    check(red_one_black, "all16", &["RB"], None);
    check("2s 2c 5s 9s Ks 3s 4c 7c 7s Tc Jc Qc Ah", "all16", &["BR"], None);
    check("2s 2c 5s 9s Ks 3s 4c 7c 7s Tc Jc Qh Ah", "all16", &[], None);

    // Several at once: all big, one colour, six pairs + A.
    check("8s 9s Ts Js Qs Ks As 8c 9c Tc Jc Qc Kc", "classic", &["AB", "OC", "SP"], None);
    check("8s 9s Ts Js Qs Ks As 8c 9c Tc Jc Qc Kc", "regional", &["OC", "AB", "SP"], None);
}

#[test]
fn three_flushes() {
    // Suits 3/5/5: the K-high flush beats the Q-high one for the back. The ranks 2-K with a
    // second 9 also split 2-3-4 / 5-9 / 9-K: three straights as well.
    check(
        "2h 5h 9h / 3s 6s 8s Ts Qs / 4d 7d 9d Jd Kd",
        "classic",
        &["TF", "TS"],
        Some("9h 5h 2h / Qs Ts 8s 6s 3s / Kd Jd 9d 7d 4d"),
    );
    // Suits 8/5: the back takes the best five hearts, the front the three lowest.
    check(
        "2h 4h 6h 8h Th Qh Ah 3h / 2c 5c 7c 9c Jc",
        "classic",
        &["TF"],
        Some("4h 3h 2h / Jc 9c 7c 5c 2c / Ah Qh Th 8h 6h"),
    );
    // Suits 3/10: the ten spades hold the 8-Q straight flush, the strongest back.
    check(
        "2h 5h 9h / 2s 3s 5s 6s 8s 9s Ts Js Qs As",
        "classic",
        &["TF"],
        Some("9h 5h 2h / As 6s 5s 3s 2s / Qs Js Ts 9s 8s"),
    );
    // Suits 4/4/5 and 6/7: no.
    check("2h 5h 9h Jh / 3s 6s 8s Ts / 4d 7d 9d Jd Kd", "classic", &[], None);
    // Same ranks in two suits: equal middle and back, so a foul under strict order.
    let twins = "2c 5c 9c / Ah Kh 9h 7h 5h / As Ks 9s 7s 5s";
    check(twins, "classic", &["TF"], Some("9c 5c 2c / Ah Kh 9h 7h 5h / As Ks 9s 7s 5s"));
    check(twins, "hk", &["TF"], Some("9c 5c 2c / Ah Kh 9h 7h 5h / As Ks 9s 7s 5s"));
    check(twins, "classic+strict", &[], None);
    // A straight flush piece counts as a flush.
    check(
        "2h 5h 9h / 3s 4s 5s 6s 7s / 4d 7d 9d Jd Kd",
        "classic",
        &["TF"],
        Some("9h 5h 2h / Kd Jd 9d 7d 4d / 7s 6s 5s 4s 3s"),
    );
}

#[test]
fn three_straights() {
    // The case other engines miss: front 3-4-5, middle 7-8-9-T-J, back 9-T-J-Q-K.
    check(
        "3s 4d 5c / 7h 8h 9d Td Jc / 9s Ts Jh Qd Kc",
        "classic",
        &["TS"],
        Some("5c 4d 3s / Jc Td 9d 8h 7h / Kc Qd Jh Ts 9s"),
    );
    // One card off: 6 instead of 5 in front.
    check("3s 4d 6c / 7h 8h 9d Td Jc / 9s Ts Jh Qd Kc", "classic", &[], None);

    // A-2-3 ... two rank splits: wheel + 4-8 + 6-7-8, or 4-8 twice + A-2-3. Under
    // second_highest the wheel is the strongest back; under hk (lowest) 4-8 is, and the
    // strongest middle is then the other 4-8, leaving A-2-3 in front. hk's suit tie-break
    // gives the back the 8 of spades.
    let a23 = "As 2d 3c 4h 5h 6d 7c 8s 4d 5s 6c 7h 8d";
    check(a23, "classic", &["TS"], Some("8d 7c 6d / 8s 7h 6c 5h 4d / As 5s 4h 3c 2d"));
    check(a23, "hk", &["TS"], Some("As 3c 2d / 8d 7c 6d 5h 4d / 8s 7h 6c 5s 4h"));

    // Q-K-A in front and 5-9 twice: legal, except under strict order (no other split).
    let qka = "Qs Kd Ah / 5c 6d 7h 8s 9c / 5d 6h 7s 8c 9d";
    check(qka, "classic", &["TS"], Some("Ah Kd Qs / 9d 8c 7h 6d 5d / 9c 8s 7s 6h 5c"));
    check(qka, "classic+strict", &[], None);

    // K-A-2 is not a 3-card straight: the only candidate split needs it.
    check("Kd As 2c 3h 3d 4s 4d 5c 5h 6s 6c 7h 7d", "classic", &[], None);

    // The wheel as a 5-card lane: the back under second_highest, the middle under lowest.
    let wheel = "7c 8d 9h / As 2d 3c 4h 5s / 9s Tc Jd Qh Ks";
    check(wheel, "classic", &["TS"], Some("9h 8d 7c / Ks Qh Jd Tc 9s / As 5s 4h 3c 2d"));
    // hk breaks ties by suit: both backs are K-high (the K of spades), so the front decides and
    // takes the 9 of spades.
    check(wheel, "hk", &["TS"], Some("9s 8d 7c / As 5s 4h 3c 2d / Ks Qh Jd Tc 9h"));

    // A straight flush piece counts as a straight, and is the stronger back.
    check(
        "7c 8c 9c / 2h 3h 4h 5h 6h / 9s Td Jh Qc Kd",
        "classic",
        &["TS"],
        Some("9c 8c 7c / Kd Qc Jh Td 9s / 6h 5h 4h 3h 2h"),
    );

    // Strict order: 5-9 twice fouls, but 7-8-9 / 2-6 / 5-9 is another split of the same cards.
    let alt = "2c 3d 4h 5s 5c 6d 6h 7s 7c 8d 8h 9s 9c";
    check(alt, "classic", &["TS"], Some("4h 3d 2c / 9c 8d 7c 6d 5c / 9s 8h 7s 6h 5s"));
    check(alt, "classic+strict", &["TS"], Some("9c 8d 7c / 6d 5c 4h 3d 2c / 9s 8h 7s 6h 5s"));
    // Strict order: 5-9 twice, but one is a straight flush and so stronger.
    check(
        "2c 3c 4c / 5h 6h 7h 8h 9h / 5s 6d 7s 8d 9s",
        "classic+strict",
        &["TS"],
        Some("4c 3c 2c / 9s 8d 7s 6d 5s / 9h 8h 7h 6h 5h"),
    );
}

#[test]
fn only_enabled_specials_in_the_rule_sets_order() {
    // kx ranks TS above TF; hk ranks TF above TS and has no TSF.
    let both = "Qh Kh Ah / 5s 6s 7s 8s 9s / Td Jd Qd Kd Ad";
    check(both, "kx", &["TSF", "TS", "TF"], Some("Ah Kh Qh / 9s 8s 7s 6s 5s / Ad Kd Qd Jd Td"));
    let mut r = Rules::preset(Preset::Kx);
    r.specials.retain(|s| s.special != Special::ThreeStraightFlushes);
    let got = detect_special(&hand(both), &r).unwrap();
    assert_eq!(got.all, [Special::ThreeStraights, Special::ThreeFlushes]);
    check(both, "hk", &["TF", "TS"], Some("Ah Kh Qh / 9s 8s 7s 6s 5s / Ad Kd Qd Jd Td"));
    r.specials.clear();
    assert_eq!(detect_special(&hand(both), &r).unwrap().best, None);
}

#[test]
fn bad_input_is_a_typed_error() {
    let r = Rules::classic();
    let twelve = hand("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks");
    assert_eq!(detect_special(&twelve, &r), Err(Error::WrongCardCount { expected: 13, found: 12, lane: None }));
    let mut fourteen = hand("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As");
    fourteen.push("Ad".parse().unwrap());
    assert_eq!(detect_special(&fourteen, &r), Err(Error::WrongCardCount { expected: 13, found: 14, lane: None }));
    let mut dup = twelve.clone();
    dup.push("5s".parse().unwrap());
    assert_eq!(
        detect_special(&dup, &r),
        Err(Error::DuplicateCard { card: "5s".parse().unwrap(), position: 12, seats: None })
    );
    assert_eq!(detect_codes(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 52], &r), Err(Error::BadCardCode { code: 52 }));
    assert!(detect_codes(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], &r).is_ok());
    assert_eq!(detect_codes(&[0, 1], &r), Err(Error::WrongCardCount { expected: 13, found: 2, lane: None }));

    let d = SpecialDetector::new(&r).unwrap();
    let set: CardSet = twelve.iter().collect();
    assert_eq!(d.detect_set(set), Err(Error::WrongCardCount { expected: 13, found: 12, lane: None }));
    assert_eq!(
        d.arrangement_for(&twelve, Special::ThreeStraights),
        Err(Error::WrongCardCount { expected: 13, found: 12, lane: None })
    );

    // Rule sets detection cannot use.
    let mut twice = Rules::classic();
    twice.specials.push(SpecialWater { special: Special::SixPairs, water: 9 });
    match detect_special(&hand("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"), &twice) {
        Err(Error::InvalidRules { path, reason }) => {
            assert_eq!(path, "specials[13].special");
            assert!(reason.contains("SP is listed twice (also at 10)"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    let royals = Rules { twelve_royals_min: 11, ..Rules::classic() };
    assert!(
        matches!(SpecialDetector::new(&royals), Err(Error::InvalidRules { path, .. }) if path == "twelve_royals_min")
    );
}

#[test]
fn card_order_does_not_matter() {
    let mut cards = hand("3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc");
    let r = Rules::classic();
    let first = detect_special(&cards, &r).unwrap();
    for _ in 0..13 {
        cards.rotate_left(1);
        cards.swap(0, 7);
        assert_eq!(detect_special(&cards, &r).unwrap(), first);
    }
}
