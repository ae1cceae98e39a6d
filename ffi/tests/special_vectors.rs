//! The shared special-hand vectors `tests/vectors/special.json`.
//!
//! Format (one JSON object, one record per line inside each list):
//! ```text
//! {
//!   "version": 1,
//!   "specials":  [ {"id": "SD", "number": 0, "name": "supreme dragon", "chinese": "至尊清龙"}, ... ],
//!   "rule_sets": [ {"name": "classic", "json": "<the rule set as Rules::to_json writes it>"}, ... ],
//!   "hands":     [ {"text": "3s 4d 5c ...", "codes": [13 codes], "rules": "classic",
//!                   "best": "TS" | null, "all": ["TS", ...], "water": 3,
//!                   "arrangement": null | {"front": [3 codes], "middle": [5], "back": [5]}}, ... ],
//!   "names":     [ {"text": "三顺子", "special": "TS"}, {"text": "XYZ", "kind": "unknown_special"}, ... ],
//!   "errors":    [ {"codes": [...], "rules": "classic", "kind": "duplicate_card", "position": 9},
//!                  {"rules_json": "...", "kind": "invalid_rules", "path": "specials[3].special"}, ... ]
//! }
//! ```
//! - `specials`: every special the engine knows; `number` is `Special as u8` (the C ABI's
//!   `SssSpecial`), `name`/`chinese` its English and Chinese names.
//! - `rule_sets`: each hand names one; load the `json` string (`Rules::from_json`, C
//!   `sss_rules_from_json`, Python `Rules.from_json`, C# `Rules.FromJson`).
//! - `hands`: detecting `codes` (and parsing `text` gives `codes`) under the rule set gives `best`,
//!   `all` (in the rule set's order) and, for TSF/TF/TS as `best`, the `arrangement` (each lane
//!   highest card first); `water` is the best special's water under the rule set (0 for none).
//! - `names`: parsing `text` as a special gives the id `special`, or fails with `kind`.
//! - `errors`: detecting `codes` fails with `kind` (the snake_case `shisanshui::Error` variant;
//!   `position` as for `eval.json`); codes are checked (range, duplicates, in order) before the
//!   count. A `rules_json` record fails to load with `invalid_rules` naming `path`.
//!
//! This test regenerates the whole file from the engine and fails when the committed file
//! differs, so the C, Python and C# surfaces check themselves against what the Rust core does
//! today. `UPDATE_VECTORS=1 cargo test -p shisanshui-ffi --test special_vectors` rewrites it.
//!
//! Before anything is written, every record is checked against an oracle written here from
//! RULES.md §6 and not from the engine's code: counting for the rank and colour specials, and a
//! search of all 72,072 ways to lay out the 13 cards for three straight flushes, three flushes
//! and three straights (legal under the rule set, the preferred one having the strongest back,
//! then middle, then front). So a wrong engine cannot slip into the vectors unnoticed.

use engine::special::SpecialDetector;
use engine::{cards_from_codes, parse_cards, Arrangement, Card, Error, Preset, Rules, Special};

#[path = "../../core/tests/support/mod.rs"]
mod support;

use support::{check_vectors, document, js, SplitMix};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/special.json");

/// The rule sets the hands are detected under: the five presets and variations of them, each
/// recorded in full as JSON so every surface loads exactly the same rules.
fn rule_sets() -> Vec<(&'static str, Rules)> {
    let mut out: Vec<(&'static str, Rules)> = Preset::ALL.iter().map(|&p| (p.name(), Rules::preset(p))).collect();
    out.push(("classic_strict", Rules { strict_order: true, ..Rules::classic() }));
    out.push(("classic_no_split", Rules { split_quads: false, ..Rules::classic() }));
    out.push(("classic_tr12", Rules { twelve_royals_min: 12, ..Rules::classic() }));
    out.push(("hk_strict", Rules { strict_order: true, ..Rules::preset(Preset::Hk) }));
    // The two regional extras of seed 002, appended to the regional list.
    let mut extras = Rules::preset(Preset::Regional);
    extras.set_special_water(Special::TwelveBlackOneRed, 10);
    extras.set_special_water(Special::TwelveRedOneBlack, 10);
    out.push(("regional_extras", extras));
    // Every special the engine knows, in its own order, so every qualification shows.
    let mut all = Rules::classic();
    all.specials.clear();
    for (i, &s) in Special::ALL.iter().enumerate() {
        all.set_special_water(s, 100 - i as u32);
    }
    out.push(("all", all));
    out
}

/// Hand-built hands (specials, near misses, several specials at once) and the rule sets each
/// is recorded under. Lanes are written apart where a split is meant; the text is one hand.
const HANDS: &[(&str, &[&str])] = &[
    // Supreme dragon (一条龙 in one suit); hk lists no SD, so there it is a dragon.
    ("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", &["classic", "regional", "kx", "hk", "all"]),
    ("Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h", &["classic", "hk_strict"]),
    // Dragons.
    ("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad", &["classic", "hk", "ranked"]),
    ("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ah", &["classic", "regional_extras", "all"]),
    ("2s 3c 4s 5c 6s 7c 8s 9c Ts Jc Qs Kc As", &["classic", "regional"]),
    ("2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad", &["classic"]),
    // Twelve royals: 13 royals; 12 (only with twelve_royals_min 12, as hk has); 11.
    ("Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As", &["classic", "classic_no_split", "hk", "regional"]),
    ("Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah Ad 2c", &["classic", "hk", "classic_tr12"]),
    ("Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah 3d 2c", &["hk", "classic_tr12"]),
    ("Js Jh Qs Qh Qd Ks Kh Kd Kc As Ah Ad Ac", &["classic", "classic_no_split", "kx"]),
    // Three straight flushes.
    ("Ah 2h 3h  5c 6c 7c 8c 9c  9d Td Jd Qd Kd", &["classic", "kx", "hk", "classic_strict"]),
    ("Qh Kh Ah  2c 3c 4c 5c 6c  9d Td Jd Qd Kd", &["classic", "regional"]),
    // The wheel straight flush is the back under second_highest, the middle under lowest.
    ("Jh Qh Kh  Ac 2c 3c 4c 5c  5d 6d 7d 8d 9d", &["classic", "hk", "all"]),
    ("Ah 2h 3d  5c 6c 7c 8c 9c  9d Td Jd Qd Kd", &["classic"]),
    // Three quads (several specials with split quads).
    ("2s 2h 2d 2c 5s 5h 5d 5c 9s 9h 9d 9c Kd", &["classic", "classic_no_split", "regional", "hk"]),
    ("8s 8h 8d 8c 9s 9h 9d 9c Ts Th Td Tc As", &["classic", "kx"]),
    // Three trips and a quad (regional), four trips by splitting the quad.
    ("2s 2h 2d 2c 5s 5h 5d 9s 9h 9d Ks Kh Kd", &["regional", "classic", "classic_no_split", "all"]),
    // All big; near misses.
    ("8s 9h Td Jc Qs Kh Ad 8d 9c Tc Js Qd 8c", &["classic", "regional"]),
    ("8s 9h Td Jc Qs Kh Ad 8d 9c Tc Js Qd 7c", &["classic"]),
    // All small; 8 belongs to both all big and all small.
    ("2s 2h 2d 3c 4s 5h 6d 7c 8s 3h 4d 5c 6s", &["classic", "kx"]),
    ("2s 2h 2d 3c 4s 5h 6d 7c 9s 3h 4d 5c 6s", &["classic"]),
    // One colour, black and red; one card of the other colour (the regional extras).
    ("2s 3s 5s 7s 9s Js Ks 2c 4c 6c 8c Tc Qc", &["classic", "regional"]),
    ("2h 3h 5h 7h 9h Jh Kh 2d 4d 6d 8d Td Qd", &["classic", "regional"]),
    ("2s 3s 5s 7s 9s Js Ks 2c 4c 6c 8c Tc Qh", &["classic", "regional_extras", "all"]),
    ("2h 3h 5h 7h 9h Jh Kh 2d 4d 6d 8d Td Qs", &["classic", "regional_extras", "all"]),
    ("2h 3h 5h 7h 9h Jh Kh 2d 4d 6d 8d Qs Qc", &["regional_extras"]),
    // Four trips; five pairs and trips (also with a quad as two pairs); six pairs (likewise).
    ("2s 2h 2d 5s 5h 5d 9s 9h 9d Ks Kh Kd 3c", &["classic", "hk"]),
    ("2s 2h 2d 5s 5h 7d 7c 9s 9h Jd Jc Ks Kh", &["classic", "hk", "kx"]),
    ("2s 2h 2d 2c 5s 5h 5d 7d 7c 9s 9h Ks Kh", &["classic", "classic_no_split", "hk"]),
    ("2s 2h 4d 4c 6s 6h 8d 8c Ts Th Qd Qc As", &["classic", "hk", "regional"]),
    ("2s 2h 2d 2c 4d 4c 6s 6h 8d 8c Ts Th As", &["classic", "classic_no_split"]),
    ("2s 2h 4d 4c 6s 6h 8d 8c Ts Th Qd Kc As", &["classic"]),
    // Trips never split: five pairs + trips is not six pairs.
    ("2s 2h 2d 4d 4c 6s 6h 8d 8c Ts Th Qd Qc", &["classic", "hk"]),
    // Three flushes: 3 + 5 + 5 suits; 8 + 5 (one suit gives the front and a lane).
    ("2h 5h 9h  3c 6c 8c Tc Qc  4d 7d Jd Kd 2d", &["classic", "kx", "hk"]),
    ("2s 3s 4s 6s 8s Ts Qs As 2h 5h 7h 9h Jh", &["classic", "hk"]),
    // Two flushes of the same ranks: legal as middle and back, a foul under strict_order.
    ("2c 3c 5c  As Qs 9s 5s 3s  Ah Qh 9h 5h 3h", &["classic", "classic_strict", "hk_strict"]),
    // Three straights (the worked example: front 3-4-5, middle 7-J, back 9-K).
    ("3s 4d 5c  7h 8h 9d Td Jc  9s Ts Jh Qd Kc", &["classic", "kx", "hk", "classic_strict"]),
    ("Qs Kd Ac  Ah 2h 3d 4d 5c  6s 7s 8h 9c Tc", &["classic", "hk", "classic_strict"]),
    ("3s 4d 6c  7h 8h 9d Td Jc  9s Ts Jh Qd Kc", &["classic"]),
    // Straights of the same ranks in middle and back, with another split that avoids them.
    ("2d 3c 4h  5s 6d 7c 8h 9s  5d 6c 7d 8c 9d", &["classic", "classic_strict"]),
    ("Ad 2c 3h  4s 5d 6c 7h 8s  4d 5c 6d 7c 8d", &["classic", "classic_strict", "hk_strict"]),
    // Several at once: all small + one colour + six pairs, in each preset's order.
    ("2s 3s 4s 5s 6s 7s 8s 2c 3c 4c 5c 6c 7c", &["classic", "regional", "kx", "hk"]),
    // Nothing at all.
    ("As Kd Qh Js 9c 8d 7h 5s 4c 3d 2h Tc Td", &["classic", "all"]),
];

// ---------------------------------------------------------------------------------------------
// The oracle: RULES.md §6 written out directly
// ---------------------------------------------------------------------------------------------

fn rank(c: Card) -> usize {
    (c.code() / 4) as usize // 0 = two … 12 = ace
}

fn suit(c: Card) -> usize {
    (c.code() % 4) as usize // 0 ♦, 1 ♣, 2 ♥, 3 ♠
}

/// Three ranks in a row, A-2-3 … Q-K-A (never K-A-2).
fn straight3(cards: &[Card]) -> bool {
    let mut r = [rank(cards[0]), rank(cards[1]), rank(cards[2])];
    r.sort_unstable();
    r == [0, 1, 12] || (r[1] == r[0] + 1 && r[2] == r[1] + 1)
}

/// Five ranks in a row, the wheel A-2-3-4-5 included whatever the `wheel` option.
fn straight5(cards: &[Card]) -> bool {
    let mut r = [0usize; 5];
    for (slot, &c) in r.iter_mut().zip(cards) {
        *slot = rank(c);
    }
    r.sort_unstable();
    r == [0, 1, 2, 3, 12] || r.windows(2).all(|w| w[1] == w[0] + 1)
}

fn flush(cards: &[Card]) -> bool {
    cards.iter().all(|&c| suit(c) == suit(cards[0]))
}

#[derive(Copy, Clone, PartialEq, Debug)]
enum Piece {
    StraightFlush,
    Flush,
    Straight,
}

fn piece_ok(piece: Piece, cards: &[Card]) -> bool {
    let straight = || if cards.len() == 3 { straight3(cards) } else { straight5(cards) };
    match piece {
        Piece::StraightFlush => flush(cards) && straight(),
        Piece::Flush => flush(cards),
        Piece::Straight => straight(),
    }
}

/// The preferred legal realisation of a three-piece special by brute force over every layout
/// (286 fronts × 252 middles), as (back, middle, front) hand values; `None` when no legal
/// layout makes it.
fn best_layout(cards: &[Card], piece: Piece, rules: &Rules) -> Option<(u32, u32, u32)> {
    let fives: Vec<u32> = (0u32..1 << 10).filter(|m| m.count_ones() == 5).collect();
    let mut best = None;
    let n = cards.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                let front = [cards[a], cards[b], cards[c]];
                if !piece_ok(piece, &front) {
                    continue;
                }
                let mut rest = [front[0]; 10];
                for (slot, i) in rest.iter_mut().zip((0..n).filter(|&i| i != a && i != b && i != c)) {
                    *slot = cards[i];
                }
                for &mask in &fives {
                    let (mut middle, mut back) = ([front[0]; 5], [front[0]; 5]);
                    let (mut m, mut k) = (0, 0);
                    for (i, &card) in rest.iter().enumerate() {
                        if mask >> i & 1 == 1 {
                            middle[m] = card;
                            m += 1;
                        } else {
                            back[k] = card;
                            k += 1;
                        }
                    }
                    if !piece_ok(piece, &middle) || !piece_ok(piece, &back) {
                        continue;
                    }
                    let e = Arrangement::new(&front, &middle, &back).unwrap().evaluate(rules);
                    if e.foul.is_foul() {
                        continue;
                    }
                    let key = (e.back.value(), e.middle.value(), e.front.value());
                    // `None` orders below any `Some`.
                    if Some(key) > best {
                        best = Some(key);
                    }
                }
            }
        }
    }
    best
}

/// Every special the 13 cards make under the rule set's options, enabled or not.
fn oracle_qualifies(cards: &[Card], rules: &Rules) -> Vec<Special> {
    let mut count = [0usize; 13];
    for &c in cards {
        count[rank(c)] += 1;
    }
    let groups = |k: usize| count.iter().filter(|&&n| n == k).count();
    let (singles, pairs, trips, quads) = (groups(1), groups(2), groups(3), groups(4));
    let split = rules.split_quads;
    let reds = cards.iter().filter(|&&c| suit(c) == 0 || suit(c) == 2).count();
    let royals = cards.iter().filter(|&&c| rank(c) >= 9).count();
    let dragon = count.iter().all(|&n| n == 1);

    let mut q = Vec::new();
    let mut add = |s: Special, yes: bool| {
        if yes {
            q.push(s)
        }
    };
    add(Special::SupremeDragon, dragon && flush(cards));
    add(Special::Dragon, dragon);
    add(Special::TwelveRoyals, royals >= rules.twelve_royals_min as usize);
    add(Special::ThreeStraightFlushes, best_layout(cards, Piece::StraightFlush, rules).is_some());
    add(Special::ThreeQuads, quads == 3);
    add(Special::AllBig, cards.iter().all(|&c| rank(c) >= 6));
    add(Special::AllSmall, cards.iter().all(|&c| rank(c) <= 6));
    add(Special::OneColor, reds == 0 || reds == 13);
    add(Special::ThreeTripsQuad, quads == 1 && trips == 3);
    // A quad serves as trips + a single (FT) or as two pairs (FPT, SP) only with split_quads.
    add(Special::FourTrips, trips == 4 || (split && quads == 1 && trips == 3));
    add(Special::FivePairsTrips, trips == 1 && singles == 0 && pairs + 2 * quads == 5 && (split || quads == 0));
    add(Special::SixPairs, singles == 1 && trips == 0 && pairs + 2 * quads == 6 && (split || quads == 0));
    add(Special::ThreeFlushes, best_layout(cards, Piece::Flush, rules).is_some());
    add(Special::ThreeStraights, best_layout(cards, Piece::Straight, rules).is_some());
    add(Special::TwelveBlackOneRed, reds == 1);
    add(Special::TwelveRedOneBlack, reds == 12);
    q
}

fn piece_of(s: Special) -> Option<Piece> {
    match s {
        Special::ThreeStraightFlushes => Some(Piece::StraightFlush),
        Special::ThreeFlushes => Some(Piece::Flush),
        Special::ThreeStraights => Some(Piece::Straight),
        _ => None,
    }
}

/// Check the engine's detection of one hand against the oracle; panics naming the hand.
fn check_with_oracle(cards: &[Card], name: &str, rules: &Rules) {
    let label = format!("{} under {name}", engine::format_cards(cards));
    let got = SpecialDetector::new(rules).unwrap().detect(cards).unwrap();
    let qualifies = oracle_qualifies(cards, rules);
    let expected: Vec<Special> = rules.specials.iter().map(|s| s.special).filter(|s| qualifies.contains(s)).collect();
    assert_eq!(got.all, expected, "{label}");
    assert_eq!(got.best, expected.first().copied(), "{label}");
    match got.best.and_then(piece_of) {
        None => assert_eq!(got.arrangement, None, "{label}"),
        Some(piece) => {
            let a = got.arrangement.unwrap_or_else(|| panic!("{label}: no arrangement"));
            let mut used: Vec<u8> = a.cards().iter().map(|c| c.code()).collect();
            let mut given: Vec<u8> = cards.iter().map(|c| c.code()).collect();
            used.sort_unstable();
            given.sort_unstable();
            assert_eq!(used, given, "{label}: the arrangement uses the hand's cards");
            for lane in [&a.front[..], &a.middle, &a.back] {
                assert!(piece_ok(piece, lane), "{label}: lane {} is not a {piece:?}", engine::format_cards(lane));
                let mut sorted = lane.to_vec();
                sorted.sort_by(|x, y| y.cmp(x));
                let high_first = lane.iter().zip(&sorted).all(|(x, y)| rank(*x) == rank(*y));
                assert!(high_first, "{label}: lane {} is listed highest first", engine::format_cards(lane));
            }
            let e = a.evaluate(rules);
            assert!(!e.foul.is_foul(), "{label}: {a} fouls");
            let best = best_layout(cards, piece, rules).unwrap();
            assert_eq!((e.back.value(), e.middle.value(), e.front.value()), best, "{label}: {a} is not preferred");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

fn codes_json(cards: &[Card]) -> String {
    support::codes_json(cards.iter().map(|c| c.code()))
}

fn ids_json(specials: &[Special]) -> String {
    let v: Vec<String> = specials.iter().map(|s| js(s.id())).collect();
    format!("[{}]", v.join(", "))
}

/// The snake_case name of an error variant (the vectors' `kind`) and its position, if any.
fn kind(e: &Error) -> (&'static str, Option<usize>) {
    match e {
        Error::UnknownRank { position, .. } => ("unknown_rank", Some(*position)),
        Error::UnknownSuit { position, .. } => ("unknown_suit", Some(*position)),
        Error::BadCardCode { .. } => ("bad_card_code", None),
        Error::DuplicateCard { position, .. } => ("duplicate_card", Some(*position)),
        Error::WrongCardCount { .. } => ("wrong_card_count", None),
        Error::InvalidRules { .. } => ("invalid_rules", None),
        Error::UnknownSpecial(_) => ("unknown_special", None),
        other => panic!("no vector kind for {other:?}"),
    }
}

struct Writer {
    rules: Vec<(&'static str, Rules)>,
    specials: Vec<String>,
    rule_sets: Vec<String>,
    hands: Vec<String>,
    names: Vec<String>,
    errors: Vec<String>,
}

impl Writer {
    fn rules(&self, name: &str) -> &Rules {
        &self.rules.iter().find(|r| r.0 == name).unwrap_or_else(|| panic!("no rule set {name}")).1
    }

    fn hand(&mut self, text: &str, rules_name: &str) {
        let cards = parse_cards(text).unwrap();
        let rules = self.rules(rules_name).clone();
        check_with_oracle(&cards, rules_name, &rules);
        let d = engine::detect_special(&cards, &rules).unwrap();
        let best = d.best.map_or("null".to_string(), |s| js(s.id()));
        let water = d.best.and_then(|s| rules.special_water(s)).unwrap_or(0);
        let arrangement = d.arrangement.map_or("null".to_string(), |a| {
            format!(
                "{{\"front\": {}, \"middle\": {}, \"back\": {}}}",
                codes_json(&a.front),
                codes_json(&a.middle),
                codes_json(&a.back)
            )
        });
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        self.hands.push(format!(
            "{{\"text\": {}, \"codes\": {}, \"rules\": {}, \"best\": {best}, \"all\": {}, \"water\": {water}, \"arrangement\": {arrangement}}}",
            js(&text),
            codes_json(&cards),
            js(rules_name),
            ids_json(&d.all),
        ));
    }

    fn code_error(&mut self, codes: &[u8], rules_name: &str) {
        let err = engine::special::detect_codes(codes, self.rules(rules_name)).expect_err("an error");
        let (k, pos) = kind(&err);
        let pos = pos.map_or(String::new(), |p| format!(", \"position\": {p}"));
        let v: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        self.errors.push(format!(
            "{{\"codes\": [{}], \"rules\": {}, \"kind\": {}{pos}}}",
            v.join(", "),
            js(rules_name),
            js(k)
        ));
    }

    fn rules_error(&mut self, json: &str) {
        let err = Rules::from_json(json).expect_err("malformed rules");
        let Error::InvalidRules { path, .. } = &err else { panic!("{err:?}") };
        self.errors.push(format!(
            "{{\"rules_json\": {}, \"kind\": \"invalid_rules\", \"path\": {}}}",
            js(json),
            js(path)
        ));
    }

    fn name(&mut self, text: &str) {
        match text.parse::<Special>() {
            Ok(s) => self.names.push(format!("{{\"text\": {}, \"special\": {}}}", js(text), js(s.id()))),
            Err(e) => self.names.push(format!("{{\"text\": {}, \"kind\": {}}}", js(text), js(kind(&e).0))),
        }
    }

    fn finish(self) -> String {
        document(
            "",
            &[
                ("specials", &self.specials),
                ("rule_sets", &self.rule_sets),
                ("hands", &self.hands),
                ("names", &self.names),
                ("errors", &self.errors),
            ],
        )
    }
}

/// The file's text, made once per test run (both tests read it).
fn generated() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(generate)
}

fn generate() -> String {
    let mut w = Writer {
        rules: rule_sets(),
        specials: vec![],
        rule_sets: vec![],
        hands: vec![],
        names: vec![],
        errors: vec![],
    };
    for (i, s) in Special::ALL.iter().enumerate() {
        w.specials.push(format!(
            "{{\"id\": {}, \"number\": {i}, \"name\": {}, \"chinese\": {}}}",
            js(s.id()),
            js(s.name()),
            js(s.chinese_name())
        ));
    }
    for (name, r) in &w.rules {
        r.validate().unwrap();
        w.rule_sets.push(format!("{{\"name\": {}, \"json\": {}}}", js(name), js(&r.to_json())));
    }

    for (text, rule_sets) in HANDS {
        for r in *rule_sets {
            w.hand(text, r);
        }
    }
    // Near misses made mechanically: each hand-built hand with one card (the seventh) swapped
    // for the next card up that the hand does not hold.
    for (text, _) in HANDS {
        let mut cards = parse_cards(text).unwrap();
        let held: Vec<u8> = cards.iter().map(|c| c.code()).collect();
        let mut code = cards[6].code();
        loop {
            code = (code + 1) % 52;
            if !held.contains(&code) {
                break;
            }
        }
        cards[6] = Card::from_code(code).unwrap();
        w.hand(&engine::format_cards(&cards), "classic");
    }
    // Random deals: almost always nothing, sometimes a pair-shaped or colour special.
    let mut rng = SplitMix(0x5353_5f53_5045_4349);
    for i in 0..24 {
        let cards = cards_from_codes(&rng.deal(13)).unwrap();
        w.hand(&engine::format_cards(&cards), if i % 2 == 0 { "classic" } else { "hk" });
    }

    // Errors of detection on codes: count, duplicates, bad codes (codes checked first, in order).
    let hand: Vec<u8> = parse_cards(HANDS[2].0).unwrap().iter().map(|c| c.code()).collect();
    w.code_error(&hand[..12], "classic");
    w.code_error(&[&hand[..], &[0]].concat(), "classic");
    w.code_error(&[], "hk");
    let mut dup = hand.clone();
    dup[9] = dup[4];
    w.code_error(&dup, "classic");
    w.code_error(&[7, 7], "classic");
    let mut bad = hand.clone();
    bad[12] = 52;
    w.code_error(&bad, "classic");
    bad[3] = 200;
    w.code_error(&bad[..5], "kx");
    // Malformed rule sets: the JSON path names the field.
    let json = Rules::classic().to_json();
    w.rules_error(&json.replacen("\"TSF\"", "\"XYZ\"", 1));
    w.rules_error(&json.replacen("\"TSF\"", "\"SD\"", 1));
    w.rules_error(&json.replacen("\"water\": 3\n", "\"water\": 0\n", 1));
    w.rules_error(&json.replacen("\"twelve_royals_min\": 13", "\"twelve_royals_min\": 11", 1));
    w.rules_error(&json.replacen("\"water\": 36", "\"water\": \"lots\"", 1));

    // Special names: ids, English (spaces or underscores, any case), Chinese, and unknowns.
    for text in [
        "SD",
        "tsf",
        "Dragon",
        "twelve royals",
        "three_straight_flushes",
        "ALL BIG",
        "凑一色",
        "三套冲三加炸弹",
        "全黑一点红",
        "RB",
        "六对半",
        " TS ",
        "XYZ",
        "",
        "dragons",
        "三顺",
    ] {
        w.name(text);
    }
    w.finish()
}

#[test]
fn vectors_match_the_engine() {
    check_vectors(PATH, generated(), "cargo test -p shisanshui-ffi --test special_vectors", "");
}

/// The recorded hands cover what the surfaces must see: every special as the best somewhere,
/// hands with several specials, hands with none, and each lane-split special's arrangement.
#[test]
fn vectors_cover_every_special() {
    let text = generated();
    for s in Special::ALL {
        let needle = format!("\"best\": \"{}\"", s.id());
        assert!(text.contains(&needle), "no hand has {} as its best", s.id());
    }
    let hands = text.lines().filter(|l| l.contains("\"best\": ")).count();
    assert!(hands >= 100, "{hands} hands");
    assert!(text.lines().any(|l| l.contains("\"best\": null")));
    assert!(text.lines().any(|l| l.contains("\"all\": [\"AS\", \"OC\", \"SP\"]")));
}
