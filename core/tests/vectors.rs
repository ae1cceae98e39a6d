//! The shared cross-language vectors `tests/vectors/eval.json` (format: `tests/vectors/README.md`).
//!
//! This test regenerates the whole file from the engine and fails when the committed file
//! differs, so the C, Python and C# surfaces always check themselves against what the Rust core
//! does today. `UPDATE_VECTORS=1 cargo test -p shisanshui --test vectors` rewrites it.
//! The engine's correctness itself is proven in `exhaustive.rs`; this file only records it.

use shisanshui::{cards_from_codes, parse_cards, Arrangement, Card, Error, Evaluator, Rules, Wheel};

mod support;

use support::{check_vectors, document, js, SplitMix};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/eval.json");

/// The four ranking-option combinations every edge-case hand is recorded under.
const OPTIONS: [(Wheel, bool); 4] =
    [(Wheel::SecondHighest, false), (Wheel::SecondHighest, true), (Wheel::Lowest, false), (Wheel::Lowest, true)];

fn wheel_name(w: Wheel) -> &'static str {
    match w {
        Wheel::SecondHighest => "second_highest",
        Wheel::Lowest => "lowest",
        _ => unreachable!("a new wheel option needs a vector name"),
    }
}

fn rules(wheel: Wheel, suit_tiebreak: bool, strict_order: bool) -> Rules {
    let mut r = Rules::classic();
    r.wheel = wheel;
    r.suit_tiebreak = suit_tiebreak;
    r.strict_order = strict_order;
    r
}

/// Card codes as a JSON array.
fn codes_json(cards: &[Card]) -> String {
    support::codes_json(cards.iter().map(|c| c.code()))
}

fn display(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// Snake-case name of an error variant, as every surface reports it.
fn kind(e: &Error) -> (&'static str, Option<usize>) {
    match e {
        Error::UnknownRank { position, .. } => ("unknown_rank", Some(*position)),
        Error::UnknownSuit { position, .. } => ("unknown_suit", Some(*position)),
        Error::BadCardCode { .. } => ("bad_card_code", None),
        Error::DuplicateCard { position, .. } => ("duplicate_card", Some(*position)),
        Error::WrongCardCount { .. } => ("wrong_card_count", None),
        other => panic!("unexpected error kind in the vectors: {other:?}"),
    }
}

/// Edge-case hands, written in varied text forms on purpose (every form must parse the same).
const EDGE_HANDS: &[&str] = &[
    // Straight flushes: royal, K-high, the wheel, the lowest regular one.
    "As Ks Qs Js Ts",
    "Kh Qh Jh Th 9h",
    "5d 4d 3d 2d Ad",
    "6c 5c 4c 3c 2c",
    "Ah Kh Qh Jh Th",
    // Straights: broadway, the wheel (both suit layouts), K-high, 6-high, and near misses.
    "As Kd Qh Jc Ts",
    "Ah 2d 3c 4s 5h",
    "Ad 2d 3h 4c 5s",
    "As 2s 3s 4c 5h",
    "Kd Qc Jh Ts 9s",
    "6s 5d 4h 3c 2d",
    "Ks Ad 2h 3c 4d",
    "As Kd Qh Jc 9s",
    // Four of a kind with every kind of kicker.
    "Ad Ac Ah As Kd",
    "Ad Ac Ah As 2c",
    "2d 2c 2h 2s As",
    "Kc Kd Kh Ks Qd",
    "Kc Kd Kh Ks Ad",
    // Full houses.
    "As Ah Ad Ks Kh",
    "Ks Kh Kd As Ah",
    "2s 2h 2d 3c 3d",
    "3s 3h 3d 2c 2d",
    // Flushes, including two equal but for suits.
    "As Qs 9s 5s 3s",
    "Ah Qh 9h 5h 3h",
    "7d 5d 4d 3d 2d",
    "Ac Kc Qc Jc 9c",
    // Three of a kind and its kickers.
    "Qs Qh Qd 9c 2d",
    "Qs Qh Qd 9c 3d",
    "2s 2h 2d 4c 3d",
    "As Ah Ad Kc Qd",
    // Two pair: the kicker decides, then (with suit_tiebreak) the higher pair's suit.
    "Ks Kd 9h 9c 5d",
    "Ks Kd 9h 9c 6d",
    "Ks Kd 9h 9c Ad",
    "Kh Kc 9s 9d 5s",
    "3s 3d 2h 2c 4d",
    // One pair.
    "Ks Kd 9h 5c 3d",
    "Kh Kc 9s 5s 3s",
    "As Ad Kh Qc Jd",
    "2s 2d 3h 4c 5d",
    // High card.
    "As Jd 4h 3c 2d",
    "Ad Jc 4s 3h 2s",
    "7s 5d 4h 3c 2d",
    "Ah Kd Qc Js 9h",
    // Other text forms: 10, symbols, lower case, commas, no separators.
    "10h 9h 8h 7h 6h",
    "A♠ K♠ Q♠ J♠ 10♠",
    "as kd qh jc ts",
    "Qs,Qh,Qd,9c,2d",
    "AsAdAhAc2d",
    // Three-card fronts: trips, pairs, high cards; no 3-card straight or flush category.
    "As Ad Ah",
    "Ac Ad Ah",
    "2s 2d 2h",
    "As Ad Kh",
    "Ah Ac Ks",
    "Kh Kc As",
    "2d 2c 3h",
    "As Kd Qh",
    "Ah Kc Qs",
    "4s 3d 2h",
    "Qs Ks As",
    "2s 3s 4s",
    "Kd Kc 9h",
    "Ks Kh 9s",
    "5h 3♣ 2d",
];

/// Edge-case arrangements `front / middle / back`; each is recorded under all 8 option sets.
const EDGE_ARRANGEMENTS: &[&str] = &[
    // Front equals middle in its three ranks: legal, but a foul under strict_order.
    "Kd Kc 9h / Ks Kh 9s 5s 3h / As Ad Ah 2c 2d",
    "As Kd Qh / Ac Kh Qd 5c 3s / 7s 7d 7h 2s 2h",
    // Both lanes out of order.
    "As Ad Ah / Ks Kh 9s 5s 3h / Qs Qd 7h 4c 3d",
    // Middle equals back by ranks, suits differ (suits never decide a foul).
    "2d 3c 4h / As Qs 9s 5s 3s / Ah Qh 9h 5h 3h",
    // Only the front is too strong.
    "As Ad 3h / Ks Kd 9h 5c 4d / Qs Qh Qd 2c 2d",
    // Only the middle is too strong.
    "2d 3c 5h / Ks Kd Kh 5c 4d / Qs Qh 9d 8c 7d",
    // The wheel in the middle against K-high and 6-high straights: depends on the wheel option.
    "7c 8d 6h / Ad 2d 3h 4c 5s / Ks Qd Jh Tc 9d",
    "Kd Qc 9h / Ad 2d 3h 4c 5s / 6s 5d 4h 3c 2c",
    // Broadway over a wheel, and the reverse.
    "7c 8d 6h / As Kd Qh Jc Ts / Ac 2c 3d 4d 5h",
    "7c 8d 6h / Ac 2c 3d 4d 5h / As Kd Qh Jc Ts",
    // Front trips against middle trips and middle two pair.
    "Qs Qh Qd / Js Jh Jd 3c 2c / 4d 4c 4h 4s 9d",
    "Qs Qh Qd / Js Jh 3d 3c 2c / 4d 4c 4h 4s 9d",
    "2s 2h 2d / Js Jh Jd 3c 4c / 5d 5c 5h 5s 9d",
    // Front pair against middle pair with a lower and an equal third rank.
    "Ks Kd 9h / Kh Kc 8s 5s 3h / As Ad Ah 2c 2d",
    "Ks Kd 9h / Kh Kc 9s 8s 3h / As Ad Ah 2c 2d",
    // A typical legal arrangement.
    "2d 3c 5h / 8s 8d 9c 9h Kd / As Ks Qs Js Ts",
];

struct Writer {
    cards: Vec<String>,
    hands: Vec<String>,
    arrangements: Vec<String>,
    errors: Vec<String>,
}

impl Writer {
    fn hand(&mut self, text: &str, cards: &[Card], wheel: Wheel, st: bool) {
        let rank = Evaluator::with_options(wheel, st).evaluate(cards).unwrap();
        self.hands.push(format!(
            "{{\"text\": {}, \"codes\": {}, \"wheel\": {}, \"suit_tiebreak\": {}, \"value\": {}, \"category\": {}}}",
            js(text),
            codes_json(cards),
            js(wheel_name(wheel)),
            st,
            rank.value(),
            rank.category() as u8
        ));
    }

    fn arrangement(&mut self, a: &Arrangement, wheel: Wheel, st: bool, strict: bool) {
        let e = a.evaluate(&rules(wheel, st, strict));
        self.arrangements.push(format!(
            "{{\"front\": {}, \"middle\": {}, \"back\": {}, \"wheel\": {}, \"suit_tiebreak\": {}, \"strict_order\": {}, \"front_over_middle\": {}, \"middle_over_back\": {}}}",
            codes_json(&a.front),
            codes_json(&a.middle),
            codes_json(&a.back),
            js(wheel_name(wheel)),
            st,
            strict,
            e.foul.front_over_middle,
            e.foul.middle_over_back
        ));
    }

    fn text_error(&mut self, text: &str) {
        let err = parse_cards(text).and_then(|c| Evaluator::default().evaluate(&c)).expect_err(text);
        let (k, pos) = kind(&err);
        let pos = pos.map_or(String::new(), |p| format!(", \"position\": {p}"));
        self.errors.push(format!("{{\"text\": {}, \"kind\": {}{pos}}}", js(text), js(k)));
    }

    fn code_error(&mut self, codes: &[u8]) {
        let err = cards_from_codes(codes).and_then(|c| Evaluator::default().evaluate(&c)).expect_err("an error");
        let (k, pos) = kind(&err);
        let pos = pos.map_or(String::new(), |p| format!(", \"position\": {p}"));
        let v: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        self.errors.push(format!("{{\"codes\": [{}], \"kind\": {}{pos}}}", v.join(", "), js(k)));
    }

    fn finish(self) -> String {
        document(
            "",
            &[
                ("cards", &self.cards),
                ("hands", &self.hands),
                ("arrangements", &self.arrangements),
                ("errors", &self.errors),
            ],
        )
    }
}

fn generate() -> String {
    let mut w = Writer { cards: vec![], hands: vec![], arrangements: vec![], errors: vec![] };

    // Cards: every code in its display form, then other accepted spellings of a few.
    let mut card_texts: Vec<String> = (0..52u8).map(|c| Card::from_code(c).unwrap().to_string()).collect();
    for alt in ["10h", "10♣", "td", "tS", "A♠", "a♥", "q♣", "K♦", "2♦", "jC", "9S", "5♥", "10d", "Ac", "3♠"]
    {
        card_texts.push(alt.to_string());
    }
    for text in &card_texts {
        let card: Card = text.parse().unwrap();
        w.cards.push(format!(
            "{{\"text\": {}, \"code\": {}, \"display\": {}}}",
            js(text),
            card.code(),
            js(&card.to_string())
        ));
    }

    // Hands: the edge cases under all four option sets, then seeded random hands.
    for text in EDGE_HANDS {
        let cards = parse_cards(text).unwrap();
        for (wheel, st) in OPTIONS {
            w.hand(text, &cards, wheel, st);
        }
    }
    let mut rng = SplitMix(0x5E_ED0F_5A5A_0001);
    for i in 0..200 {
        let cards = cards_from_codes(&rng.deal(if i % 4 == 3 { 3 } else { 5 })).unwrap();
        let (wheel, st) = OPTIONS[rng.below(4)];
        w.hand(&display(&cards), &cards, wheel, st);
    }

    // Arrangements: edge cases under every option set, then random deals (most foul), each
    // also recorded with its middle and back swapped into order so legal ones appear too.
    for text in EDGE_ARRANGEMENTS {
        let a: Arrangement = text.parse().unwrap();
        for (wheel, st) in OPTIONS {
            for strict in [false, true] {
                w.arrangement(&a, wheel, st, strict);
            }
        }
    }
    let ev = Evaluator::default();
    for _ in 0..30 {
        let c = cards_from_codes(&rng.deal(13)).unwrap();
        let a = Arrangement::from_cards(&c).unwrap();
        let (wheel, st) = OPTIONS[rng.below(4)];
        let strict = rng.coin();
        w.arrangement(&a, wheel, st, strict);
        let mut b = a;
        if ev.eval5(&b.middle) > ev.eval5(&b.back) {
            std::mem::swap(&mut b.middle, &mut b.back);
        }
        w.arrangement(&b, wheel, st, strict);
    }

    // Errors: one defect per input, so every surface agrees on which it reports.
    for text in [
        "As Xs Kd",
        "Zs Kd Qh",
        "11h Kd Qh",
        "1s",
        "As Kx Qh",
        "As Kd Q",
        "As Kd Qh Jc T",
        "As Ks As",
        "10h Th 9h",
        "As Kd Qh Jc As",
        "As Ks",
        "As Ks Qs Js",
        "As Ks Qs Js Ts 9s",
        "",
    ] {
        w.text_error(text);
    }
    let code_errors: [&[u8]; 12] = [
        &[0, 52, 3],
        &[255, 1, 2],
        &[0, 1, 2, 3, 64],
        &[0, 1, 0],
        &[5, 5, 6, 7, 8],
        &[10, 20, 30, 40, 10],
        &[0, 1, 2, 3],
        &[0, 1],
        &[],
        &[51],
        &[0, 1, 2, 3, 4, 5],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    ];
    for codes in code_errors {
        w.code_error(codes);
    }
    w.finish()
}

#[test]
fn vectors_match_engine() {
    check_vectors(PATH, &generate(), "cargo test -p shisanshui --test vectors", "");
}

/// The file is valid JSON, and what it says is self-consistent from a reader's point of view.
#[test]
fn vectors_read_back() {
    let v: serde_json::Value = serde_json::from_str(&generate()).expect("valid JSON");
    assert_eq!(v["version"], 1);
    let cards = v["cards"].as_array().unwrap();
    assert!(cards.len() >= 52);
    for c in cards {
        let card: Card = c["text"].as_str().unwrap().parse().unwrap();
        assert_eq!(card.code() as u64, c["code"].as_u64().unwrap());
        assert_eq!(card.to_string(), c["display"].as_str().unwrap());
    }
    let hands = v["hands"].as_array().unwrap();
    assert!(hands.len() >= 300, "a few hundred hands, got {}", hands.len());
    let mut seen_categories = [false; 9];
    for h in hands {
        let parsed: Vec<u64> =
            parse_cards(h["text"].as_str().unwrap()).unwrap().iter().map(|c| c.code() as u64).collect();
        let codes: Vec<u64> = h["codes"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
        assert_eq!(parsed, codes, "{h}");
        let value = h["value"].as_u64().unwrap();
        assert_eq!(value >> 22, h["category"].as_u64().unwrap(), "category sits in bits 22..26: {h}");
        if h["suit_tiebreak"] == false {
            assert_eq!(value & 3, 0, "no suit bits without suit_tiebreak: {h}");
        }
        seen_categories[(value >> 22) as usize] = true;
    }
    assert!(seen_categories.iter().all(|&s| s), "every one-deck category appears");
    let arr = v["arrangements"].as_array().unwrap();
    assert!(arr.len() >= 100);
    // Fouls both ways, and the equal front/middle case with and without strict_order.
    let count = |f: &dyn Fn(&serde_json::Value) -> bool| arr.iter().filter(|a| f(a)).count();
    assert!(count(&|a| a["front_over_middle"] == true && a["middle_over_back"] == false) > 0);
    assert!(count(&|a| a["front_over_middle"] == false && a["middle_over_back"] == true) > 0);
    assert!(count(&|a| a["front_over_middle"] == true && a["middle_over_back"] == true) > 0);
    assert!(count(&|a| a["front_over_middle"] == false && a["middle_over_back"] == false) > 0);
    let errors = v["errors"].as_array().unwrap();
    for k in ["unknown_rank", "unknown_suit", "bad_card_code", "duplicate_card", "wrong_card_count"] {
        assert!(errors.iter().any(|e| e["kind"] == k), "an error case of kind {k}");
    }
}
