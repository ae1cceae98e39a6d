//! The shared cross-language vectors of wild jokers (RULES.md §12), `tests/vectors/jokers.json`
//! (format: `tests/vectors/README.md`): joker rule sets, card text, seeded deals, lanes valued
//! with the cards their jokers stand for, the foul check under both readings, specials, settled
//! rounds, arrangements and bad inputs. Regenerated from the engine and compared with the
//! committed file; `UPDATE_VECTORS=1 cargo test -p shisanshui --features serde --test jokers_vectors`
//! rewrites it. The engine's correctness is proven in `jokers.rs`; this file only records it.
#![cfg(feature = "serde")]

use shisanshui::card::{cards_from_codes_in, parse_cards_in};
use shisanshui::deal::Dealer;
use shisanshui::{settle, Arrangement, Arranger, Card, Error, Evaluator, PlayerHand, Rules};

mod support;

use support::{check_vectors, codes_json, document, js, SplitMix};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/jokers.json");

/// The rule sets the records name: (name, JSON changes on a preset).
const RULES: &[(&str, &str)] = &[
    ("classic_j2", r#"{"preset": "classic", "jokers": 2}"#),
    ("classic_j2_avoid", r#"{"preset": "classic", "jokers": 2, "joker_lanes": "avoid_foul"}"#),
    ("hk_j4", r#"{"preset": "hk", "jokers": 4}"#),
    ("kx_j1_strict", r#"{"preset": "kx", "jokers": 1, "strict_order": true}"#),
    ("regional_j6_sh", r#"{"preset": "regional", "jokers": 6, "extra_suits": ["s", "h"]}"#),
    ("classic", r#"{"preset": "classic"}"#),
    ("classic_j2_specials", r#"{"preset": "classic", "jokers": 2, "jokers_in_specials": true}"#),
    (
        "regional_j4_specials_strict",
        r#"{"preset": "regional", "jokers": 4, "jokers_in_specials": true, "strict_order": true}"#,
    ),
];

fn rules(name: &str) -> Rules {
    let (_, json) = RULES.iter().find(|(n, _)| *n == name).expect("a named rule set");
    Rules::from_json(json).unwrap()
}

fn codes(cards: &[Card]) -> String {
    codes_json(cards.iter().map(|c| c.code()))
}

/// A hand of `jokers` jokers (as the deck deals them) and natural cards from a shuffled deck.
fn hand_with(rng: &mut SplitMix, r: &Rules, jokers: usize, n: usize) -> Vec<Card> {
    let mut deck = r.deck();
    rng.shuffle(&mut deck);
    let mut out: Vec<Card> = deck.iter().copied().filter(|c| c.is_joker()).take(jokers).collect();
    out.extend(deck.iter().copied().filter(|c| !c.is_joker()).take(n - out.len()));
    rng.shuffle(&mut out);
    out
}

fn error_kind(e: &Error) -> String {
    match e {
        Error::DuplicateCard { position, .. }
        | Error::TooManyCopies { position, .. }
        | Error::JokerNotInDeck { position, .. }
        | Error::UnknownRank { position, .. }
        | Error::UnknownSuit { position, .. } => format!("{}, \"position\": {position}", js(e.kind())),
        Error::InvalidRules { path, .. } => format!("{}, \"path\": {}", js(e.kind()), js(path)),
        _ => js(e.kind()),
    }
}

/// A specials record: the best special, every one the hand makes (the rule set's order), and
/// for a three-piece best its arrangement with the jokers in it.
fn special_row(name: &str, r: &Rules, cards: &[Card]) -> String {
    let found = shisanshui::detect_special(cards, r).unwrap();
    let best = found.best.map_or("null".to_string(), |s| js(s.id()));
    let all = found.all.iter().map(|s| js(s.id())).collect::<Vec<_>>().join(", ");
    let arrangement = found.arrangement.map_or("null".to_string(), |a| js(&a.to_string()));
    format!(
        "{{\"rules\": {}, \"codes\": {}, \"best\": {best}, \"all\": [{all}], \"arrangement\": {arrangement}}}",
        js(name),
        codes(cards)
    )
}

fn generate() -> String {
    let mut rng = SplitMix(0x10_4E55);
    let rule_rows: Vec<String> = RULES
        .iter()
        .map(|(name, _)| format!("{{\"name\": {}, \"json\": {}}}", js(name), js(&rules(name).to_json())))
        .collect();

    let cards: Vec<String> = [("SJ", 52), ("BJ", 53), ("sj", 52), ("Bj", 53), ("小王", 52), ("大王", 53)]
        .iter()
        .map(|(text, code)| {
            format!(
                "{{\"text\": {}, \"code\": {code}, \"display\": {}}}",
                js(text),
                js(&Card::from_any_code(*code).unwrap().to_string())
            )
        })
        .collect();

    let mut deals = Vec::new();
    for (name, players, seed) in [
        ("classic_j2", 4, 1u64),
        ("classic_j2", 2, 7),
        ("hk_j4", 4, 3),
        ("kx_j1_strict", 3, 11),
        ("regional_j6_sh", 6, 5),
    ] {
        let r = rules(name);
        let hands = Dealer::from_seed(seed).deal_for(&r, players).unwrap();
        let hands: Vec<String> = hands.iter().map(|h| codes(h)).collect();
        deals.push(format!(
            "{{\"rules\": {}, \"players\": {players}, \"seed\": {seed}, \"hands\": [{}]}}",
            js(name),
            hands.join(", ")
        ));
    }

    let mut lanes = Vec::new();
    let texts = [
        ("classic_j2", "As Ah Ad Ac SJ"),
        ("regional_j6_sh", "Ks Ks SJ Qs Qs"),
        ("classic_j2", "As Ks 7s SJ BJ"),
        ("classic_j2", "9s Ts Js Qs SJ"),
        ("classic_j2", "2s 5s 9s Js SJ"),
        ("classic_j2", "Ad 2c 3h 4s BJ"),
        ("hk_j4", "Ad 2c 3h 4s BJ"),
        ("hk_j4", "SJ BJ SJ"),
        ("hk_j4", "7d SJ BJ"),
        ("hk_j4", "Kh 9c SJ"),
        ("hk_j4", "2h 2c SJ 9d 9s"),
        ("regional_j6_sh", "SJ SJ SJ BJ BJ"),
        ("regional_j6_sh", "As As Ks SJ Qs"),
    ];
    for (name, text) in texts {
        let r = rules(name);
        let cards = parse_cards_in(text, r.deck_spec()).unwrap();
        let (played, rank) = Evaluator::new(&r).evaluate_jokers(&cards).unwrap();
        lanes.push(format!(
            "{{\"rules\": {}, \"text\": {}, \"codes\": {}, \"value\": {}, \"category\": {}, \"played\": {}}}",
            js(name),
            js(text),
            codes(&cards),
            rank.value(),
            rank.category() as u8,
            codes(&played)
        ));
    }
    for (i, name) in ["classic_j2", "hk_j4", "regional_j6_sh"].iter().cycle().take(24).enumerate() {
        let r = rules(name);
        let n = if i % 3 == 0 { 3 } else { 5 };
        let cards = hand_with(&mut rng, &r, 1 + i % 2, n);
        let (played, rank) = Evaluator::new(&r).evaluate_jokers(&cards).unwrap();
        lanes.push(format!(
            "{{\"rules\": {}, \"codes\": {}, \"value\": {}, \"category\": {}, \"played\": {}}}",
            js(name),
            codes(&cards),
            rank.value(),
            rank.category() as u8,
            codes(&played)
        ));
    }

    let arrangement_row = |name: &str, a: &Arrangement| -> String {
        let r = rules(name);
        let e = a.evaluate_jokers(&r);
        format!(
            "{{\"rules\": {}, \"front\": {}, \"middle\": {}, \"back\": {}, \"front_over_middle\": {}, \"middle_over_back\": {}, \"values\": [{}, {}, {}], \"played\": [{}, {}, {}]}}",
            js(name),
            codes(&a.front),
            codes(&a.middle),
            codes(&a.back),
            e.eval.foul.front_over_middle,
            e.eval.foul.middle_over_back,
            e.eval.front.value(),
            e.eval.middle.value(),
            e.eval.back.value(),
            codes(&e.played.front),
            codes(&e.played.middle),
            codes(&e.played.back)
        )
    };
    let mut arrangements = Vec::new();
    // RULES.md §12's example under both readings, then the same kind of lanes at random.
    for name in ["classic_j2", "classic_j2_avoid", "kx_j1_strict"] {
        let r = rules(name);
        let a = Arrangement::parse_in("2c 3d 4h / Qs Qh Jd 5c SJ / Kd Kc 9h 9s 3c", r.deck_spec()).unwrap();
        arrangements.push(arrangement_row(name, &a));
    }
    for (i, name) in ["classic_j2", "classic_j2_avoid", "hk_j4", "kx_j1_strict", "regional_j6_sh"]
        .iter()
        .cycle()
        .take(40)
        .enumerate()
    {
        let r = rules(name);
        let cards = hand_with(&mut rng, &r, 1 + i % r.jokers.min(3) as usize, 13);
        let a = Arrangement::from_cards_in(&cards, r.deck_spec()).unwrap();
        arrangements.push(arrangement_row(name, &a));
    }

    let mut specials = Vec::new();
    for (name, text) in [
        ("classic_j2", "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd SJ"),
        ("classic_j2", "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad"),
        ("classic_j2", "2s 2h 4s 4h 6d 6h 8c 8h Td Tc Qd Qs BJ"),
    ] {
        let r = rules(name);
        let cards = parse_cards_in(text, r.deck_spec()).unwrap();
        specials.push(special_row(name, &r, &cards));
    }
    // With `jokers_in_specials`: hands one or two jokers away from a special, and one that the
    // jokers cannot make special.
    for (name, text) in [
        ("classic_j2_specials", "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd SJ"),
        ("classic_j2_specials", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs SJ BJ"),
        ("classic_j2_specials", "As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd 2c BJ"),
        ("classic_j2_specials", "2s 2h 4s 4h 6d 6h 8c 8h Td Tc Qd Qs BJ"),
        ("classic_j2_specials", "As 2h SJ 4c 5d 6h 7s 8c 8d 9h Tc Js Qd"),
        ("classic_j2_specials", "2h 3h SJ 4c 6c 7c 8c BJ 9d Td Jd Qd Kd"),
        ("classic_j2_specials", "2h 5h 9h 3c 6c 7c Jc Kc 4d 8d Td SJ Ad"),
        ("classic_j2_specials", "2s 3s 4s 5s 7s 9c Tc Jc Qc Kc Ac 8s SJ"),
        ("classic_j2_specials", "2s 2h 3d 5c 7s 8h 9d Jc Qs Kh Ad 4c SJ"),
        ("regional_j4_specials_strict", "SJ 3h 4h 5d 6d 7d 8d 9d 5s 6s 7s 8s BJ"),
        ("regional_j4_specials_strict", "Js Qs Ks As Jh Qh Kh Ah Jd Qd Kd SJ 2c"),
        ("regional_j4_specials_strict", "2s 2h 2d 3s 3h 3d 4s 4h 4d 5s 5h SJ BJ"),
    ] {
        let r = rules(name);
        let cards = parse_cards_in(text, r.deck_spec()).unwrap();
        specials.push(special_row(name, &r, &cards));
    }

    let mut rounds = Vec::new();
    let fixed = [
        "2c 3d 4h / As Ah Ad Ac 5c / Ks Kh Kd Kc SJ",
        "5d 6d 8h / 9s 9h 9d 7c 7d / Ts Tc Td 6h 6c",
        "7s 8c 2d / Qs Qh Jd 5h BJ / Js Jc 3s 3h 2h",
    ];
    for name in ["classic_j2", "classic_j2_avoid"] {
        let r = rules(name);
        let seats: Vec<Arrangement> = fixed.iter().map(|s| Arrangement::parse_in(s, r.deck_spec()).unwrap()).collect();
        rounds.push(round_row(name, &r, &seats));
    }
    for (i, name) in ["classic_j2", "classic_j2_avoid", "hk_j4", "regional_j6_sh"].iter().cycle().take(8).enumerate() {
        let r = rules(name);
        let players = if *name == "regional_j6_sh" { 6 } else { 2 + i % 3 };
        let hands = Dealer::from_seed(100 + i as u64).deal_for(&r, players).unwrap();
        let arranger = Arranger::new(&r, players).unwrap();
        let seats: Vec<Arrangement> = hands.iter().map(|h| arranger.arrange(h).unwrap().arrangement).collect();
        rounds.push(round_row(name, &r, &seats));
    }

    let mut arranged = Vec::new();
    for (i, name) in ["classic_j2", "hk_j4", "regional_j6_sh", "classic_j2_avoid"].iter().cycle().take(12).enumerate() {
        let r = rules(name);
        let players = if *name == "regional_j6_sh" { 6 } else { 4 };
        let cards = hand_with(&mut rng, &r, 1 + i % 2, 13);
        let best = Arranger::new(&r, players).unwrap().arrange(&cards).unwrap();
        arranged.push(format!(
            "{{\"rules\": {}, \"players\": {players}, \"codes\": {}, \"front\": {}, \"middle\": {}, \"back\": {}, \"expected_water\": {:.9}}}",
            js(name),
            codes(&cards),
            codes(&best.arrangement.front),
            codes(&best.arrangement.middle),
            codes(&best.arrangement.back),
            best.expected_water
        ));
    }

    let mut errors = Vec::new();
    for (name, code_list) in [
        ("classic", &[0u8, 52, 3][..]),
        ("classic_j2", &[0, 52, 52]),
        ("kx_j1_strict", &[53, 1, 2]),
        ("classic_j2", &[0, 54, 3]),
        ("hk_j4", &[52, 52, 52]),
    ] {
        let r = rules(name);
        let e = cards_from_codes_in(code_list, r.deck_spec()).unwrap_err();
        errors.push(format!(
            "{{\"rules\": {}, \"codes\": {}, \"kind\": {}}}",
            js(name),
            codes_json(code_list.iter().copied()),
            error_kind(&e)
        ));
    }
    for (name, text) in [("classic", "As SJ Kd"), ("kx_j1_strict", "BJ"), ("classic_j2", "SJ 2c SJ")] {
        let r = rules(name);
        let e = parse_cards_in(text, r.deck_spec()).unwrap_err();
        errors.push(format!("{{\"rules\": {}, \"text\": {}, \"kind\": {}}}", js(name), js(text), error_kind(&e)));
    }
    for json in
        [r#"{"jokers": 7}"#, r#"{"joker_lanes": "greedy"}"#, r#"{"jokers": -1}"#, r#"{"jokers_in_specials": "yes"}"#]
    {
        let e = Rules::from_json(json).unwrap_err();
        errors.push(format!("{{\"rules_json\": {}, \"kind\": {}}}", js(json), error_kind(&e)));
    }

    let sections: [(&str, &[String]); 9] = [
        ("rules", &rule_rows),
        ("cards", &cards),
        ("deals", &deals),
        ("lanes", &lanes),
        ("arrangements", &arrangements),
        ("specials", &specials),
        ("rounds", &rounds),
        ("arranged", &arranged),
        ("errors", &errors),
    ];
    document("", &sections)
}

fn round_row(name: &str, r: &Rules, seats: &[Arrangement]) -> String {
    let hands: Vec<PlayerHand> = seats.iter().map(|a| PlayerHand::Arranged(*a)).collect();
    let s = settle(&hands, r).unwrap();
    let seat_codes: Vec<String> = seats.iter().map(|a| codes(&a.cards())).collect();
    let totals: Vec<String> = s.totals.iter().map(|t| js(&t.to_string())).collect();
    format!("{{\"rules\": {}, \"seats\": [{}], \"totals\": [{}]}}", js(name), seat_codes.join(", "), totals.join(", "))
}

#[test]
fn jokers_vectors_are_current() {
    check_vectors(PATH, &generate(), "cargo test -p shisanshui --features serde --test jokers_vectors", "");
}
