//! The shared 理牌 hints vectors `tests/vectors/hints.json`: combinations per category
//! (`combos`) and completions of fixed lanes (`complete`).
//!
//! Format (one JSON object, one record per line inside each list):
//! ```text
//! {
//!   "version": 1,
//!   "combos":   [ {"wheel": "second_highest" | "lowest", "suit_tiebreak": false, "codes": [0..13 codes],
//!                  "category": 1, "combos": [[codes of the 1st], [codes of the 2nd], ...]}, ... ],
//!   "complete": [ {"preset": "classic", "players": 4, "codes": [13 codes],
//!                  "fixed_front": [3 codes] | null, "fixed_middle": [5] | null, "fixed_back": [5] | null,
//!                  "front": [3], "middle": [5], "back": [5], "categories": [f, m, b],
//!                  "expected_water": 1.234567890}, ... ],
//!   "errors":   [ {"call": "combos", "wheel": ..., "suit_tiebreak": ..., "codes": [..], "category": 0,
//!                  "kind": "invalid_argument"},
//!                 {"call": "complete", "preset": ..., "players": ..., "codes": [..], "fixed_front": ..,
//!                  "fixed_middle": .., "fixed_back": .., "kind": "card_not_in_hand", "position": 2}, ... ]
//! }
//! ```
//! - `combos`: `combos(codes, category)` under the classic rules with `wheel` and `suit_tiebreak`
//!   changed returns exactly `combos`, in order; each entry lists the category's own cards,
//!   highest code first (what a combination is, which suits stand for a collapsed entry and the
//!   order: the `hints` module docs of the engine). `category` is the `Category` number.
//! - `complete`: an arranger for (`preset`, `players`) completes `codes` around the fixed lanes
//!   (null: open; fixed lanes are written in a shuffled order on purpose, the answer must not
//!   depend on it) into `front` / `middle` / `back` (each highest card first) with `categories`
//!   and `expected_water` (rounded to 1e-9: compare within 1e-9).
//! - `errors`: the call fails with `kind` (the snake_case `shisanshui::Error` variant);
//!   `position` for `duplicate_card` and `card_not_in_hand` (for a fixed card, its lane slot:
//!   front 0–2, middle 3–7, back 8–12). A `category` of 10 is a number no category has
//!   (surfaces with a category type pass it as a raw number where they can).
//!
//! The brute-force proofs are in `core/tests/hints.rs` (every subset of the hand for `combos`,
//! every arrangement for `complete`); here every record is also checked through the C ABI
//! against the engine, and every completion for legality and for keeping its fixed lanes.
//! `UPDATE_VECTORS=1 cargo test -p shisanshui-ffi --test hints_vectors` rewrites the file; the
//! test fails when the committed file differs from what the engine does today.

use engine::arrange::{Arranged, Arranger};
use engine::hints::{combos, FixedLanes};
use engine::{parse_cards, Arrangement, Card, Category, Error, Lane, Rules, Wheel};

use shisanshui::arrange::{sss_arranger_free, sss_arranger_new_preset, SssArranged, SssArranger};
use shisanshui::hints::{sss_combos, sss_complete, SssCombo, SSS_COMBOS_MAX};
use shisanshui::rules::{sss_rules_free, sss_rules_new_preset, sss_rules_set_suit_tiebreak, sss_rules_set_wheel};
use shisanshui::SssStatus;

#[path = "../../core/tests/support/mod.rs"]
mod support;

use support::{check_vectors, document, SplitMix};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/hints.json");

/// Hands whose combinations are recorded under every option set (text, on purpose varied).
const COMBO_HANDS: &[&str] = &[
    "Ks Kh Kd 9s 9c 5h 6h 7h 8h 4c 2d 3d Ad",
    "As 2s 3s 4s 5s 5h 6d Kc Kd Qh Jh Th 9c",
    "2s 2h 2d 2c 3s 3h 3d 4s 4h 5s 6s 7s 8s",
    "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h",
    "Ad Kc Qh Js Td 9c 8h 7s 6d 5c 4h 3s 2d",
    "9s 8h 7h 6h 5h",
    "Ks Kh",
    "",
];

/// The option sets the combination hands are recorded under.
const OPTIONS: [(Wheel, bool); 4] =
    [(Wheel::SecondHighest, false), (Wheel::SecondHighest, true), (Wheel::Lowest, false), (Wheel::Lowest, true)];

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

/// (preset, players) of the completion records, in turn.
const TABLES: [(&str, usize); 5] = [("classic", 4), ("hk", 3), ("regional", 2), ("kx", 4), ("ranked", 4)];

fn wheel_name(w: Wheel) -> &'static str {
    match w {
        Wheel::SecondHighest => "second_highest",
        Wheel::Lowest => "lowest",
        _ => unreachable!("a new wheel option needs a vector name"),
    }
}

fn rules(wheel: Wheel, suit_tiebreak: bool) -> Rules {
    let mut r = Rules::classic();
    r.wheel = wheel;
    r.suit_tiebreak = suit_tiebreak;
    r
}

fn codes_of(cards: &[Card]) -> Vec<u8> {
    cards.iter().map(|c| c.code()).collect()
}

fn codes_json(codes: &[u8]) -> String {
    support::codes_json(codes.iter().copied())
}

fn opt_json(lane: Option<&[Card]>) -> String {
    lane.map_or("null".to_string(), |l| codes_json(&codes_of(l)))
}

/// Water rounded to 1e-9 (never `-0`).
fn water(x: f64) -> String {
    assert!(x.is_finite(), "water {x}");
    let s = format!("{x:.9}");
    if s == "-0.000000000" {
        "0.000000000".to_string()
    } else {
        s
    }
}

fn error_kind(e: &Error) -> (&'static str, Option<usize>) {
    match e {
        Error::BadCardCode { .. } => ("bad_card_code", None),
        Error::DuplicateCard { position, .. } => ("duplicate_card", Some(*position)),
        Error::WrongCardCount { .. } => ("wrong_card_count", None),
        Error::InvalidArgument(_) => ("invalid_argument", None),
        Error::CardNotInHand { position, .. } => ("card_not_in_hand", Some(*position)),
        Error::NoLegalArrangement(_) => ("no_legal_arrangement", None),
        other => panic!("no vector kind for {other:?}"),
    }
}

fn status_of(kind: &str) -> SssStatus {
    match kind {
        "bad_card_code" => SssStatus::SSS_ERR_BAD_CARD_CODE,
        "duplicate_card" => SssStatus::SSS_ERR_DUPLICATE_CARD,
        "wrong_card_count" => SssStatus::SSS_ERR_WRONG_CARD_COUNT,
        "invalid_argument" => SssStatus::SSS_ERR_INVALID_ARGUMENT,
        "card_not_in_hand" => SssStatus::SSS_ERR_CARD_NOT_IN_HAND,
        "no_legal_arrangement" => SssStatus::SSS_ERR_NO_LEGAL_ARRANGEMENT,
        other => panic!("no status for {other}"),
    }
}

// ---------------------------------------------------------------------------------------------
// The C ABI, called as C does
// ---------------------------------------------------------------------------------------------

fn c_combos(wheel: Wheel, tb: bool, codes: &[u8], category: u32) -> Result<Vec<SssCombo>, SssStatus> {
    let mut r = std::ptr::null_mut();
    unsafe {
        assert_eq!(sss_rules_new_preset(b"classic".as_ptr(), 7, &mut r), SssStatus::SSS_OK);
        let w = if wheel == Wheel::Lowest { 1 } else { 0 };
        assert_eq!(sss_rules_set_wheel(r, w), SssStatus::SSS_OK);
        assert_eq!(sss_rules_set_suit_tiebreak(r, tb as u8), SssStatus::SSS_OK);
        let mut buf = vec![SssCombo::default(); SSS_COMBOS_MAX];
        let mut n = 0usize;
        let st = sss_combos(r, codes.as_ptr(), codes.len(), category, buf.as_mut_ptr(), buf.len(), &mut n);
        sss_rules_free(r);
        if st != SssStatus::SSS_OK {
            return Err(st);
        }
        buf.truncate(n);
        Ok(buf)
    }
}

fn c_arranger(preset: &str, players: usize) -> *mut SssArranger {
    let mut a = std::ptr::null_mut();
    let st = unsafe { sss_arranger_new_preset(preset.as_ptr(), preset.len(), players as u32, &mut a) };
    assert_eq!(st, SssStatus::SSS_OK);
    a
}

fn c_complete(a: *const SssArranger, codes: &[u8], lanes: [&[u8]; 3]) -> Result<SssArranged, SssStatus> {
    let mut out = SssArranged::default();
    let [f, m, b] = lanes;
    let st = unsafe {
        sss_complete(
            a,
            codes.as_ptr(),
            codes.len(),
            f.as_ptr(),
            f.len(),
            m.as_ptr(),
            m.len(),
            b.as_ptr(),
            b.len(),
            &mut out,
        )
    };
    if st == SssStatus::SSS_OK {
        Ok(out)
    } else {
        Err(st)
    }
}

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

/// Hands for the combination records: the fixed ones, then seeded ones from short decks (so
/// that groups, runs and flushes are common) of 5 to 13 cards.
fn combo_hands() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = COMBO_HANDS.iter().map(|t| codes_of(&parse_cards(t).unwrap())).collect();
    let mut rng = SplitMix(0x434f_4d42);
    for i in 0..16 {
        let lo = rng.below(5) as u8;
        let mut deck: Vec<u8> = (lo * 4..(lo + 9) * 4).collect();
        rng.shuffle(&mut deck);
        deck.truncate(5 + i % 9);
        out.push(deck);
    }
    out
}

fn combo_rows() -> Vec<String> {
    let mut rows = Vec::new();
    for (h, codes) in combo_hands().iter().enumerate() {
        let cards: Vec<Card> = codes.iter().map(|&c| Card::from_code(c).unwrap()).collect();
        // The fixed hands under every option set, the seeded ones under one each.
        let options: Vec<(Wheel, bool)> =
            if h < COMBO_HANDS.len() { OPTIONS.to_vec() } else { vec![OPTIONS[h % OPTIONS.len()]] };
        for (wheel, tb) in options {
            let r = rules(wheel, tb);
            for cat in CATEGORIES {
                let list = combos(&cards, cat, &r).unwrap();
                let c = c_combos(wheel, tb, codes, cat as u32).unwrap();
                assert_eq!(c.len(), list.len());
                for (x, y) in c.iter().zip(&list) {
                    assert_eq!(&x.cards[..x.len as usize], codes_of(y.cards()).as_slice());
                    assert_eq!(x.category, cat as u8);
                }
                let entries: Vec<String> = list.iter().map(|c| codes_json(&codes_of(c.cards()))).collect();
                rows.push(format!(
                    "{{\"wheel\": \"{}\", \"suit_tiebreak\": {tb}, \"codes\": {}, \"category\": {}, \"combos\": [{}]}}",
                    wheel_name(wheel),
                    codes_json(codes),
                    cat as u8,
                    entries.join(", ")
                ));
            }
        }
    }
    rows
}

/// One completion record: the engine's answer, checked through C, for legality and for keeping
/// its fixed lanes.
fn complete_row(preset: &str, players: usize, hand: &[Card], fixed: [Option<Vec<Card>>; 3]) -> Result<String, String> {
    let arranger = Arranger::for_preset(preset, players).unwrap();
    let fl = FixedLanes { front: fixed[0].as_deref(), middle: fixed[1].as_deref(), back: fixed[2].as_deref() };
    let head = format!(
        "\"preset\": \"{preset}\", \"players\": {players}, \"codes\": {}, \"fixed_front\": {}, \"fixed_middle\": {}, \"fixed_back\": {}",
        codes_json(&codes_of(hand)),
        opt_json(fl.front),
        opt_json(fl.middle),
        opt_json(fl.back)
    );
    let a = c_arranger(preset, players);
    let lane_codes: Vec<Vec<u8>> = fixed.iter().map(|l| l.as_deref().map(codes_of).unwrap_or_default()).collect();
    let c = c_complete(a, &codes_of(hand), [&lane_codes[0], &lane_codes[1], &lane_codes[2]]);
    unsafe { sss_arranger_free(a) };
    match arranger.complete(hand, &fl) {
        Ok(Arranged { arrangement: arr, categories, expected_water }) => {
            let e = arr.evaluate(arranger.rules());
            assert!(!e.foul.is_foul(), "{arr} fouls");
            assert_eq!(categories, [e.front.category(), e.middle.category(), e.back.category()]);
            for (l, lane) in Lane::ALL.into_iter().enumerate() {
                if let Some(f) = &fixed[l] {
                    let (mut x, mut y) = (codes_of(f), codes_of(arr.lane(lane)));
                    x.sort();
                    y.sort();
                    assert_eq!(x, y, "the fixed {lane} is kept");
                }
            }
            assert_eq!(arranger.expected_water(&arr), expected_water);
            let c = c.expect("C agrees");
            assert_eq!(
                (c.front, c.middle, c.back, c.expected_water),
                (arr.front.map(|c| c.code()), arr.middle.map(|c| c.code()), arr.back.map(|c| c.code()), expected_water)
            );
            let cats = codes_json(&categories.map(|c| c as u8));
            Ok(format!(
                "{{{head}, \"front\": {}, \"middle\": {}, \"back\": {}, \"categories\": {cats}, \"expected_water\": {}}}",
                codes_json(&codes_of(&arr.front)),
                codes_json(&codes_of(&arr.middle)),
                codes_json(&codes_of(&arr.back)),
                water(expected_water)
            ))
        }
        Err(e) => {
            let (kind, position) = error_kind(&e);
            assert_eq!(c, Err(status_of(kind)), "C agrees on {e}");
            let pos = position.map_or(String::new(), |p| format!(", \"position\": {p}"));
            Err(format!("{{\"call\": \"complete\", {head}, \"kind\": \"{kind}\"{pos}}}"))
        }
    }
}

fn complete_rows(errors: &mut Vec<String>) -> Vec<String> {
    let mut rows = Vec::new();
    let mut rng = SplitMix(0x4649_5845);
    // Which lanes are fixed: bit 0 front, 1 middle, 2 back.
    let patterns = [0b001u8, 0b010, 0b100, 0b011, 0b101, 0b110, 0b111, 0b000];
    for i in 0..40 {
        let (preset, players) = TABLES[i % TABLES.len()];
        let codes = rng.deal(13);
        let hand: Vec<Card> = codes.iter().map(|&c| Card::from_code(c).unwrap()).collect();
        let p = patterns[i % patterns.len()];
        // Fix lanes of the best arrangement, or of a random layout (which often has no legal
        // completion: those are error records).
        let src: Arrangement = if i % 3 == 2 {
            let mut c = hand.clone();
            rng.shuffle(&mut c);
            Arrangement::from_cards(&c).unwrap()
        } else {
            let best = Arranger::for_preset(preset, players).unwrap().arrange(&hand).unwrap().arrangement;
            // Fix the best's lanes after swapping two cards between the middle and the back,
            // so the completion has something to find.
            let mut cards = best.cards();
            cards.swap(3 + rng.below(5), 8 + rng.below(5));
            Arrangement::from_cards(&cards).unwrap()
        };
        let fixed: [Option<Vec<Card>>; 3] = std::array::from_fn(|l| {
            (p >> l & 1 == 1).then(|| {
                let mut v = src.lane(Lane::ALL[l]).to_vec();
                rng.shuffle(&mut v);
                v
            })
        });
        match complete_row(preset, players, &hand, fixed) {
            Ok(r) => rows.push(r),
            Err(e) => errors.push(e),
        }
    }
    rows
}

fn error_rows(errors: &mut Vec<String>) {
    let hand = parse_cards("As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd").unwrap();
    let c = |s: &str| parse_cards(s).unwrap();
    // combos: high card, a number no category has, a duplicate, too many cards, a bad code.
    let combo_errors: Vec<(Vec<u8>, u32)> = vec![
        (codes_of(&hand), 0),
        (codes_of(&hand), 10),
        (vec![0, 5, 9, 5], 1),
        ((0..14).collect(), 1),
        (vec![3, 52, 7], 1),
    ];
    for (codes, category) in combo_errors {
        let e = match Category::from_index(category as u8).filter(|_| category <= 9) {
            None => Error::InvalidArgument(format!("category {category} is not 0..=9")),
            Some(cat) => {
                let cards = engine::cards_from_codes(&codes);
                cards.and_then(|cards| combos(&cards, cat, &Rules::classic())).unwrap_err()
            }
        };
        let (kind, position) = error_kind(&e);
        assert_eq!(c_combos(Wheel::SecondHighest, false, &codes, category).unwrap_err(), status_of(kind));
        let pos = position.map_or(String::new(), |p| format!(", \"position\": {p}"));
        errors.push(format!(
            "{{\"call\": \"combos\", \"wheel\": \"second_highest\", \"suit_tiebreak\": false, \"codes\": {}, \"category\": {category}, \"kind\": \"{kind}\"{pos}}}",
            codes_json(&codes)
        ));
    }
    // complete: every check in its order.
    type Lanes = [Option<Vec<Card>>; 3];
    let cases: Vec<(Vec<Card>, Lanes)> = vec![
        (hand[..12].to_vec(), [Some(c("As Ad Jd")), None, None]),
        (hand.clone(), [Some(c("As Ad")), None, None]),
        (hand.clone(), [None, None, Some(c("Kh Kc 9s 9d"))]),
        (hand.clone(), [Some(c("Qs As Ad")), None, None]),
        (hand.clone(), [None, Some(c("Kh Kc 9s 9d Qs")), None]),
        (hand.clone(), [Some(vec![hand[0], hand[1], hand[0]]), None, None]),
        (hand.clone(), [Some(c("As Ad Jd")), None, Some(c("Ad Kh Kc 9s 9d"))]),
        (hand.clone(), [None, None, Some(c("2c 3h 4s 6c 7h"))]),
        (hand.clone(), [Some(c("As Ad 2c")), Some(c("Kh Kc 3h 4s 5d")), None]),
        (hand.clone(), [Some(c("As Ad Jd")), Some(c("6c 5d 4s 3h 2c")), Some(c("Kh Kc 9s 9d 7h"))]),
    ];
    for (cards, fixed) in cases {
        let row = complete_row("classic", 4, &cards, fixed);
        errors.push(row.expect_err("an error case"));
    }
}

#[test]
fn hints_vectors_are_current() {
    let mut errors = Vec::new();
    let combos = combo_rows();
    let complete = complete_rows(&mut errors);
    error_rows(&mut errors);
    assert!(complete.len() >= 20 && errors.len() >= 20, "{} completions, {} errors", complete.len(), errors.len());
    let fresh = document("", &[("combos", &combos), ("complete", &complete), ("errors", &errors)]);
    check_vectors(PATH, &fresh, "cargo test -p shisanshui-ffi --test hints_vectors", "");
}
