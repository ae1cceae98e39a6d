//! The shared auto-arrangement vectors `tests/vectors/arrange.json` (RULES.md §7).
//!
//! Format (one JSON object, one record per line inside each list):
//! ```text
//! {
//!   "version": 1,
//!   "suggestions_n": 3,
//!   "hands":   [ {"preset": "classic", "players": 4, "seed": 100, "seat": 0, "codes": [13 codes],
//!                 "front": [3 codes], "middle": [5], "back": [5], "categories": [f, m, b],
//!                 "expected_water": 1.234567890,
//!                 "suggestions": [ {"kind": "best", "front": [..], "middle": [..], "back": [..],
//!                                   "categories": [..], "expected_water": ..}, ... ]}, ... ],
//!   "advice":  [ {"preset": "classic", "players": 4, "text": "2s 3h ...", "codes": [13],
//!                 "special": "DR" | null, "declare": true, "declare_water": 108.0,
//!                 "lane_water": ..., "front": [..], "middle": [..], "back": [..]}, ... ],
//!   "errors":  [ {"call": "arrange" | "suggest" | "special_advice" | "arranger", "preset": "classic",
//!                 "players": 4, "codes": [..], "n": 0, "kind": "duplicate_card", "position": 9}, ... ],
//!   "roles":   [ {"preset": "classic", "table": "banker", "role": "banker" | "player", "players": 3,
//!                 "seed": 300, "seat": 0, "codes": [13], "front": [3], "middle": [5], "back": [5],
//!                 "categories": [f, m, b], "expected_water": 1.234567890}, ... ],
//!   "plain":   [ {"preset": "classic", "players": 4, "seed": 500, "seat": 0, "codes": [13],
//!                 "front": [3], "middle": [5], "back": [5], "categories": [f, m, b],
//!                 "expected_water": 1.234567890, "differs": true}, ... ]
//! }
//! ```
//! - `hands`: an arranger for (`preset`, `players`) arranges `codes` (seat `seat` of the seeded
//!   deal `deal(players, seed)`; the codes are what to pass) into `front`/`middle`/`back` (each
//!   lane highest card first) with lane `categories` (`Category` numbers) and `expected_water`
//!   (rounded to 1e-9: compare within 1e-9). `suggestions` is what `suggest(codes, n)` returns
//!   for `n = suggestions_n`; `kind` is `best`, `strongest_back`, `strongest_middle` or
//!   `alternative`.
//! - `advice`: special advice on `codes`: `special` is the special's id, or null when the cards
//!   make none (the surfaces then report no advice, and the other fields are absent);
//!   `declare_water`, `lane_water` (1e-9) and the best lanes.
//! - `roles`: banker tables (RULES.md §5a): the preset with `table` set to `banker`, and an
//!   arranger made for the seat's `role` at a table of `players` (`Arranger::new_for`), arranges
//!   `codes` as `hands` says (suggestions and special advice are for all-pairs tables, so there
//!   are none).
//! - `plain`: the preset's arranger with card removal off (`Arranger::with_card_removal(false)`:
//!   the field as trained, whatever the hand holds) arranges `codes` as `hands` says, priced by
//!   that arranger. `differs` is whether the arranger with card removal on (the default) plays
//!   another arrangement; every preset has such a record, so a surface whose switch did nothing
//!   fails on it.
//! - `errors`: the call fails with `kind` (the snake_case `shisanshui::Error` variant; `position`
//!   for duplicates). Card codes are checked (range, duplicates, in order) before `n`, and `n`
//!   before the count. `arranger` records fail when the arranger is made (unknown preset,
//!   players outside 2..=4).
//!
//! Before anything is written, every record is checked against oracles written here and not
//! taken from the search: the arrangement holds the hand's cards and is legal; a brute force
//! over all 72,072 ways to lay out the cards (for the first hands of each preset) finds no legal
//! arrangement worth more, and confirms each suggestion is the best of its lane categories, the
//! strongest back and middle categories, and the number of distinct category combinations;
//! declaring pays the special's water from every other seat (RULES.md §6). The C ABI is checked
//! against the engine on every record too.
//!
//! `UPDATE_VECTORS=1 cargo test -p shisanshui-ffi --test arrange_vectors` rewrites the file; the
//! test fails when the committed file differs from what the engine does today (for instance after
//! the arrangement model changes).

use engine::arrange::{Arranged, Arranger, Role, Suggestion, SuggestionKind};
use engine::deal::deal;
use engine::{parse_cards, Arrangement, Card, Category, Error, Evaluator, Preset, Rules, ScoringMode, Special, Table};

use shisanshui::arrange::{
    sss_arrange, sss_arranger_free, sss_arranger_get_card_removal, sss_arranger_new_for, sss_arranger_new_preset,
    sss_arranger_with_card_removal, sss_special_advice, sss_suggest, SssArranged, SssArranger, SssSpecialAdvice,
    SssSuggestion,
};
use shisanshui::rules::{sss_rules_free, sss_rules_new_preset, sss_rules_set_table, SssTable};
use shisanshui::SssStatus;

#[path = "../../core/tests/support/mod.rs"]
mod support;

use support::{check_vectors, document};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/arrange.json");

/// Hands recorded per preset.
const HANDS_PER_PRESET: u64 = 30;
/// Hands per preset checked by brute force (each is 72,072 layouts).
const BRUTE_FORCE_PER_PRESET: u64 = 2;
/// The `n` of the recorded suggestion lists.
const SUGGESTIONS_N: usize = 3;

/// Hands for special advice: (preset, players, text).
const ADVICE: &[(&str, usize, &str)] = &[
    // A dragon: 36 from each of three opponents under classic.
    ("classic", 4, "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad"),
    ("hk", 2, "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad"),
    ("ranked", 4, "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad"),
    // A supreme dragon; hk lists none, so it is a dragon there.
    ("kx", 3, "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"),
    ("hk", 4, "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"),
    // Six pairs, three straights, three flushes.
    ("classic", 4, "2s 2h 4d 4c 6s 6h 8d 8c Ts Th Qd Qc As"),
    ("kx", 4, "3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc"),
    ("classic", 3, "2h 5h 9h 3c 6c 8c Tc Qc 4d 7d Jd Kd 2d"),
    // Three flushes whose lanes hold two straight flushes: the lanes are worth more.
    ("classic", 4, "Ah Kh 2h 9s Ts Js Qs Ks 2d 3d 4d 5d 6d"),
    ("regional", 2, "Ah Kh 2h 9s Ts Js Qs Ks 2d 3d 4d 5d 6d"),
    // Nothing special.
    ("classic", 4, "2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad"),
    ("hk", 3, "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd"),
];

fn codes_of(cards: &[Card]) -> Vec<u8> {
    cards.iter().map(|c| c.code()).collect()
}

fn codes_json(codes: &[u8]) -> String {
    support::codes_json(codes.iter().copied())
}

fn cats(c: &[Category; 3]) -> String {
    codes_json(&c.map(|c| c as u8))
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

fn lanes_json(a: &Arrangement) -> String {
    format!(
        "\"front\": {}, \"middle\": {}, \"back\": {}",
        codes_json(&codes_of(&a.front)),
        codes_json(&codes_of(&a.middle)),
        codes_json(&codes_of(&a.back))
    )
}

fn kind_name(k: SuggestionKind) -> &'static str {
    match k {
        SuggestionKind::Best => "best",
        SuggestionKind::StrongestBack => "strongest_back",
        SuggestionKind::StrongestMiddle => "strongest_middle",
        SuggestionKind::Alternative => "alternative",
        other => panic!("no vector name for {other:?}"),
    }
}

/// The snake_case name of an error variant and its position, if any.
fn error_kind(e: &Error) -> (&'static str, Option<usize>) {
    match e {
        Error::BadCardCode { .. } => ("bad_card_code", None),
        Error::DuplicateCard { position, .. } => ("duplicate_card", Some(*position)),
        Error::WrongCardCount { .. } => ("wrong_card_count", None),
        Error::UnknownPreset(_) => ("unknown_preset", None),
        Error::InvalidTable(_) => ("invalid_table", None),
        Error::InvalidArgument(_) => ("invalid_argument", None),
        other => panic!("no vector kind for {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Oracles
// ---------------------------------------------------------------------------------------------

/// The arrangement is exactly the hand's cards and legal under the rules; its categories are
/// the evaluator's; its water is the arranger's price of it.
fn check_arranged(
    arranger: &Arranger,
    cards: &[Card],
    a: &Arrangement,
    categories: [Category; 3],
    ev: f64,
    what: &str,
) {
    let mut mine = codes_of(&a.cards());
    mine.sort_unstable();
    let mut want = codes_of(cards);
    want.sort_unstable();
    assert_eq!(mine, want, "{what}: the arrangement holds the hand's cards");
    let e = a.evaluate(arranger.rules());
    assert!(!e.foul.is_foul(), "{what}: {a} fouls");
    assert_eq!(categories, [e.front.category(), e.middle.category(), e.back.category()], "{what}: categories");
    for lane in [&a.front[..], &a.middle, &a.back] {
        assert!(lane.windows(2).all(|w| w[0] > w[1]), "{what}: lanes are listed highest card first: {a}");
    }
    let priced = arranger.expected_water(a);
    assert!((priced - ev).abs() < 1e-9, "{what}: reported {ev}, priced {priced}");
}

/// Every legal layout of 13 cards: (categories, expected water), by brute force over all
/// C(13,3) × C(10,5) = 72,072 ways to deal them into the lanes.
fn all_legal(arranger: &Arranger, cards: &[Card]) -> Vec<([Category; 3], f64)> {
    let rules = arranger.rules();
    let eval = Evaluator::new(rules);
    let masks = |k: u32| -> Vec<u16> { (0u16..1 << 13).filter(|m| m.count_ones() == k).collect() };
    let (threes, fives) = (masks(3), masks(5));
    let mut out = Vec::new();
    for &f in &threes {
        for &m in &fives {
            if m & f != 0 {
                continue;
            }
            let pick = |mask: u16| -> Vec<Card> { (0..13).filter(|i| mask >> i & 1 == 1).map(|i| cards[i]).collect() };
            let b = !(f | m) & 0x1FFF;
            let a = Arrangement::new(&pick(f), &pick(m), &pick(b)).unwrap();
            let e = a.evaluate_with(&eval, rules.strict_order);
            if e.foul.is_foul() {
                continue;
            }
            out.push(([e.front.category(), e.middle.category(), e.back.category()], arranger.expected_water(&a)));
        }
    }
    assert!(!out.is_empty());
    out
}

/// The best arrangement and the suggestion list against the brute force.
fn check_with_brute_force(
    arranger: &Arranger,
    cards: &[Card],
    best: &Arranged,
    list: &[Suggestion],
    n: usize,
    what: &str,
) {
    let legal = all_legal(arranger, cards);
    let top = legal.iter().map(|l| l.1).fold(f64::NEG_INFINITY, f64::max);
    assert!(
        (top - best.expected_water).abs() < 1e-9,
        "{what}: best {} but a layout is worth {top}",
        best.expected_water
    );

    // Best of each category combination.
    let mut groups: Vec<([Category; 3], f64)> = Vec::new();
    for &(c, w) in &legal {
        match groups.iter_mut().find(|g| g.0 == c) {
            Some(g) => g.1 = g.1.max(w),
            None => groups.push((c, w)),
        }
    }
    assert_eq!(list.len(), n.min(groups.len()), "{what}: {} suggestions of {} combinations", list.len(), groups.len());
    let group_best = |c: [Category; 3]| groups.iter().find(|g| g.0 == c).map(|g| g.1);
    for s in list {
        let g =
            group_best(s.categories).unwrap_or_else(|| panic!("{what}: {:?} is no legal combination", s.categories));
        assert!(
            (g - s.expected_water).abs() < 1e-9,
            "{what}: {:?} suggested at {} but worth {g}",
            s.categories,
            s.expected_water
        );
        match s.kind {
            SuggestionKind::Best => assert!((s.expected_water - top).abs() < 1e-9),
            SuggestionKind::StrongestBack => {
                assert_eq!(s.categories[2], groups.iter().map(|g| g.0[2]).max().unwrap(), "{what}: strongest back")
            }
            SuggestionKind::StrongestMiddle => {
                assert_eq!(s.categories[1], groups.iter().map(|g| g.0[1]).max().unwrap(), "{what}: strongest middle")
            }
            SuggestionKind::Alternative => {
                // No combination left off the list is worth more than an alternative on it.
                for g in &groups {
                    if !list.iter().any(|t| t.categories == g.0) {
                        assert!(
                            g.1 <= s.expected_water + 1e-9,
                            "{what}: {:?} ({}) beats alternative {:?}",
                            g.0,
                            g.1,
                            s.categories
                        );
                    }
                }
            }
            other => panic!("{what}: unknown kind {other:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The C ABI on the same records
// ---------------------------------------------------------------------------------------------

struct CArranger(*mut SssArranger);

impl CArranger {
    fn new(preset: &str, players: usize) -> CArranger {
        let mut out = std::ptr::null_mut();
        let st = unsafe { sss_arranger_new_preset(preset.as_ptr(), preset.len(), players as u32, &mut out) };
        assert_eq!(st, SssStatus::SSS_OK);
        CArranger(out)
    }
}

impl Drop for CArranger {
    fn drop(&mut self) {
        unsafe { sss_arranger_free(self.0) };
    }
}

fn same(c: &SssArranged, a: &Arrangement, categories: [Category; 3], ev: f64) -> bool {
    c.front == a.front.map(|c| c.code())
        && c.middle == a.middle.map(|c| c.code())
        && c.back == a.back.map(|c| c.code())
        && c.categories == categories.map(|c| c as u8)
        && c.expected_water == ev
}

fn check_c_abi(preset: &str, players: usize, codes: &[u8], best: &Arranged, list: &[Suggestion]) {
    let c = CArranger::new(preset, players);
    let mut out = SssArranged::default();
    assert_eq!(unsafe { sss_arrange(c.0, codes.as_ptr(), codes.len(), &mut out) }, SssStatus::SSS_OK);
    assert!(same(&out, &best.arrangement, best.categories, best.expected_water), "{out:?} vs {best:?}");
    let mut buf = vec![SssSuggestion::default(); SUGGESTIONS_N];
    let mut n = 0;
    let st =
        unsafe { sss_suggest(c.0, codes.as_ptr(), codes.len(), SUGGESTIONS_N, buf.as_mut_ptr(), buf.len(), &mut n) };
    assert_eq!(st, SssStatus::SSS_OK);
    assert_eq!(n, list.len());
    for (b, s) in buf.iter().zip(list) {
        assert!(same(&b.arranged, &s.arrangement, s.categories, s.expected_water));
        assert_eq!(kind_name(s.kind), ["best", "strongest_back", "strongest_middle", "alternative"][b.kind as usize]);
    }
}

// ---------------------------------------------------------------------------------------------
// The file
// ---------------------------------------------------------------------------------------------

fn hand_record(preset: Preset, i: u64) -> String {
    let players = 2 + (i % 3) as usize;
    let seat = (i as usize) % players;
    let seed = 100 + i;
    let cards = deal(players, Some(seed)).unwrap()[seat].to_vec();
    let codes = codes_of(&cards);
    let arranger = Arranger::for_preset(preset.name(), players).unwrap();
    let what = format!("{} {players}p seed {seed} seat {seat}", preset.name());

    let best = arranger.arrange(&cards).unwrap();
    check_arranged(&arranger, &cards, &best.arrangement, best.categories, best.expected_water, &what);
    // Same input, same output, whatever the order of the cards.
    let mut reversed = cards.clone();
    reversed.reverse();
    assert_eq!(arranger.arrange(&reversed).unwrap(), best, "{what}: order of the cards");

    let list = arranger.suggest(&cards, SUGGESTIONS_N).unwrap();
    assert_eq!(list[0].kind, SuggestionKind::Best);
    assert_eq!(
        (list[0].arrangement, list[0].categories, list[0].expected_water),
        (best.arrangement, best.categories, best.expected_water)
    );
    for (k, s) in list.iter().enumerate() {
        check_arranged(&arranger, &cards, &s.arrangement, s.categories, s.expected_water, &what);
        assert!(list[..k].iter().all(|t| t.categories != s.categories), "{what}: distinct categories");
    }
    if i < BRUTE_FORCE_PER_PRESET {
        check_with_brute_force(&arranger, &cards, &best, &list, SUGGESTIONS_N, &what);
    }
    check_c_abi(preset.name(), players, &codes, &best, &list);

    let suggestions: Vec<String> = list
        .iter()
        .map(|s| {
            format!(
                "{{\"kind\": \"{}\", {}, \"categories\": {}, \"expected_water\": {}}}",
                kind_name(s.kind),
                lanes_json(&s.arrangement),
                cats(&s.categories),
                water(s.expected_water)
            )
        })
        .collect();
    format!(
        "{{\"preset\": \"{}\", \"players\": {players}, \"seed\": {seed}, \"seat\": {seat}, \"codes\": {}, {}, \
         \"categories\": {}, \"expected_water\": {}, \"suggestions\": [{}]}}",
        preset.name(),
        codes_json(&codes),
        lanes_json(&best.arrangement),
        cats(&best.categories),
        water(best.expected_water),
        suggestions.join(", ")
    )
}

fn advice_record(preset: &str, players: usize, text: &str) -> String {
    let cards = parse_cards(text).unwrap();
    let codes = codes_of(&cards);
    let arranger = Arranger::for_preset(preset, players).unwrap();
    let rules = Rules::from_preset_name(preset).unwrap();
    let what = format!("{preset} {players}p {text}");
    let advice = arranger.special_advice(&cards).unwrap();
    let detected = engine::detect_special(&cards, &rules).unwrap().best;
    assert_eq!(advice.map(|a| a.special), detected, "{what}: the special is the detected best");

    let c = CArranger::new(preset, players);
    let mut out = SssSpecialAdvice::default();
    assert_eq!(unsafe { sss_special_advice(c.0, codes.as_ptr(), 13, &mut out) }, SssStatus::SSS_OK);

    let head = format!(
        "{{\"preset\": \"{preset}\", \"players\": {players}, \"text\": \"{text}\", \"codes\": {}",
        codes_json(&codes)
    );
    let Some(a) = advice else {
        assert_eq!(out, SssSpecialAdvice::default(), "{what}: C reports no special");
        return format!("{head}, \"special\": null}}");
    };
    // RULES.md §6: a declared special is paid its water by every other (normal) seat; ranked
    // scoring shares it out so that the table pays it once in all.
    let w = rules.special_water(a.special).unwrap() as f64;
    let declare = if rules.scoring == ScoringMode::Ranked { w } else { (players - 1) as f64 * w };
    assert!((a.declare_water - declare).abs() < 1e-9, "{what}: declaring is worth {} not {declare}", a.declare_water);
    let best = arranger.arrange(&cards).unwrap();
    check_arranged(&arranger, &cards, &best.arrangement, best.categories, best.expected_water, &what);
    assert_eq!(a.best_lanes, best, "{what}: the lanes are the best arrangement");
    assert_eq!(a.lane_water, best.expected_water);
    assert_eq!(a.declare(), a.declare_water > a.lane_water);
    assert_eq!((out.has_special, out.special, out.declare), (1, a.special as u8, a.declare() as u8));
    assert_eq!((out.declare_water, out.lane_water, out.advantage), (a.declare_water, a.lane_water, a.advantage()));
    assert!(same(&out.best_lanes, &best.arrangement, best.categories, best.expected_water));
    format!(
        "{head}, \"special\": \"{}\", \"declare\": {}, \"declare_water\": {}, \"lane_water\": {}, {}}}",
        a.special.id(),
        a.declare(),
        water(a.declare_water),
        water(a.lane_water),
        lanes_json(&best.arrangement)
    )
}

/// Banker tables whose seats' arrangements are recorded: (preset, seats), each in both roles.
const ROLE_TABLES: &[(&str, usize)] =
    &[("classic", 3), ("classic", 4), ("regional", 3), ("kx", 4), ("hk", 3), ("chinese_poker", 4)];
/// Hands per (table, role).
const HANDS_PER_ROLE: u64 = 3;

/// A banker-table seat's arrangement: the engine's arranger for the role, checked against the
/// brute force (the first hand of each), the card order, and the C ABI's arranger for the role.
fn role_record(preset: &str, players: usize, role: Role, seed: u64, seat: usize) -> String {
    let mut rules = Rules::from_preset_name(preset).unwrap();
    rules.table = Table::Banker;
    let i = seed - 300;
    let cards = deal(players, Some(seed)).unwrap()[seat].to_vec();
    let codes = codes_of(&cards);
    let arranger = Arranger::new_for(&rules, players, role).unwrap();
    let what = format!("{preset} banker table of {players}, {} seed {seed} seat {seat}", role.name());
    let best = arranger.arrange(&cards).unwrap();
    check_arranged(&arranger, &cards, &best.arrangement, best.categories, best.expected_water, &what);
    let mut reversed = cards.clone();
    reversed.reverse();
    assert_eq!(arranger.arrange(&reversed).unwrap(), best, "{what}: order of the cards");
    if i == 0 {
        let top = all_legal(&arranger, &cards).iter().map(|l| l.1).fold(f64::NEG_INFINITY, f64::max);
        assert!(
            (top - best.expected_water).abs() < 1e-9,
            "{what}: best {} but a layout is worth {top}",
            best.expected_water
        );
    }
    // The C ABI: the preset's rules with the banker table, an arranger for the role.
    let mut r = std::ptr::null_mut();
    assert_eq!(unsafe { sss_rules_new_preset(preset.as_ptr(), preset.len(), &mut r) }, SssStatus::SSS_OK);
    assert_eq!(unsafe { sss_rules_set_table(r, SssTable::SSS_TABLE_BANKER as u32) }, SssStatus::SSS_OK);
    let mut a = std::ptr::null_mut();
    assert_eq!(unsafe { sss_arranger_new_for(r, players as u32, role as u32, &mut a) }, SssStatus::SSS_OK);
    let mut out = SssArranged::default();
    assert_eq!(unsafe { sss_arrange(a, codes.as_ptr(), codes.len(), &mut out) }, SssStatus::SSS_OK);
    assert!(same(&out, &best.arrangement, best.categories, best.expected_water), "{what}: C {out:?} vs {best:?}");
    unsafe {
        sss_arranger_free(a);
        sss_rules_free(r);
    }
    format!(
        "{{\"preset\": \"{preset}\", \"table\": \"banker\", \"role\": \"{}\", \"players\": {players}, \"seed\": {seed}, \
         \"seat\": {seat}, \"codes\": {}, {}, \"categories\": {}, \"expected_water\": {}}}",
        role.name(),
        codes_json(&codes),
        lanes_json(&best.arrangement),
        cats(&best.categories),
        water(best.expected_water)
    )
}

/// The first seed from 1,000 (within 2,000) whose seat 0 a player and the banker arrange apart.
fn roles_differ(preset: &str, players: usize) -> Option<u64> {
    let mut rules = Rules::from_preset_name(preset).unwrap();
    rules.table = Table::Banker;
    let player = Arranger::new_for(&rules, players, Role::Player).unwrap();
    let banker = Arranger::new_for(&rules, players, Role::Banker).unwrap();
    (1000..3000).find(|&seed| {
        let cards = deal(players, Some(seed)).unwrap()[0].to_vec();
        player.arrange(&cards).unwrap().arrangement != banker.arrange(&cards).unwrap().arrangement
    })
}

/// Hands recorded per preset with card removal off (seeds 500..), besides the first seed that
/// card removal plays differently.
const HANDS_PER_PLAIN: u64 = 3;

/// A hand arranged with card removal off: checked against the brute force of that arranger's
/// own objective (the first hand of each preset), the card order, and the C ABI's switch.
fn plain_record(preset: &str, players: usize, seed: u64, seat: usize, brute: bool) -> (String, bool) {
    let on = Arranger::for_preset(preset, players).unwrap();
    let arranger = on.clone().with_card_removal(false);
    assert!(on.card_removal() && !arranger.card_removal());
    let cards = deal(players, Some(seed)).unwrap()[seat].to_vec();
    let codes = codes_of(&cards);
    let what = format!("{preset} {players}p seed {seed} seat {seat}, card removal off");
    let best = arranger.arrange(&cards).unwrap();
    check_arranged(&arranger, &cards, &best.arrangement, best.categories, best.expected_water, &what);
    let mut reversed = cards.clone();
    reversed.reverse();
    assert_eq!(arranger.arrange(&reversed).unwrap(), best, "{what}: order of the cards");
    if brute {
        let top = all_legal(&arranger, &cards).iter().map(|l| l.1).fold(f64::NEG_INFINITY, f64::max);
        assert!(
            (top - best.expected_water).abs() < 1e-9,
            "{what}: best {} but a layout is worth {top}",
            best.expected_water
        );
    }
    let differs = on.arrange(&cards).unwrap().arrangement != best.arrangement;
    // The C ABI: the switch makes a new handle, reads back, and leaves the first one as it was.
    let c = CArranger::new(preset, players);
    let mut off = std::ptr::null_mut();
    assert_eq!(unsafe { sss_arranger_with_card_removal(c.0, 0, &mut off) }, SssStatus::SSS_OK);
    let off = CArranger(off);
    let (mut flag_on, mut flag_off) = (9u8, 9u8);
    assert_eq!(unsafe { sss_arranger_get_card_removal(c.0, &mut flag_on) }, SssStatus::SSS_OK);
    assert_eq!(unsafe { sss_arranger_get_card_removal(off.0, &mut flag_off) }, SssStatus::SSS_OK);
    assert_eq!((flag_on, flag_off), (1, 0), "{what}: C flags");
    let mut none = std::ptr::null_mut();
    assert_eq!(unsafe { sss_arranger_with_card_removal(c.0, 2, &mut none) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
    assert!(none.is_null(), "{what}: no handle on an error");
    let mut out = SssArranged::default();
    assert_eq!(unsafe { sss_arrange(off.0, codes.as_ptr(), codes.len(), &mut out) }, SssStatus::SSS_OK);
    assert!(same(&out, &best.arrangement, best.categories, best.expected_water), "{what}: C {out:?} vs {best:?}");
    let record = format!(
        "{{\"preset\": \"{preset}\", \"players\": {players}, \"seed\": {seed}, \"seat\": {seat}, \"codes\": {}, {}, \
         \"categories\": {}, \"expected_water\": {}, \"differs\": {differs}}}",
        codes_json(&codes),
        lanes_json(&best.arrangement),
        cats(&best.categories),
        water(best.expected_water)
    );
    (record, differs)
}

/// The records with card removal off for one preset: seeds 500.. and the first seed from
/// 2,000 (seat 0, four seats) that card removal plays differently.
fn plain_records(preset: &str) -> Vec<String> {
    let mut out: Vec<String> = (0..HANDS_PER_PLAIN)
        .map(|i| {
            let players = 2 + (i % 3) as usize;
            plain_record(preset, players, 500 + i, (i as usize) % players, i == 0).0
        })
        .collect();
    let apart = (2000..4000)
        .map(|seed| plain_record(preset, 4, seed, 0, false))
        .find(|r| r.1)
        .unwrap_or_else(|| panic!("{preset}: card removal plays no hand apart in 2,000 deals"));
    out.push(apart.0);
    out
}

/// An error record: `call` on (preset, players) fails as the engine says it does, and as the
/// test expects (`want`, written here by hand).
fn error_record(call: &str, preset: &str, players: usize, codes: &[u8], n: Option<usize>, want: &str) -> String {
    let run = || -> Result<(), Error> {
        let arranger = Arranger::for_preset(preset, players)?;
        // Card codes first (range, duplicates), as every surface reads them.
        let cards = engine::cards_from_codes(codes)?;
        match call {
            "arrange" => arranger.arrange(&cards).map(drop),
            "suggest" => arranger.suggest(&cards, n.unwrap()).map(drop),
            "special_advice" => arranger.special_advice(&cards).map(drop),
            other => panic!("no call {other}"),
        }
    };
    let e = run().expect_err("an error");
    let (kind, position) = error_kind(&e);
    assert_eq!(kind, want, "{call} {preset} {players}p {codes:?}: {e}");
    let mut rec = format!("{{\"call\": \"{call}\", \"preset\": \"{preset}\", \"players\": {players}");
    if call != "arranger" {
        rec += &format!(", \"codes\": {}", codes_json(codes));
    }
    if let Some(n) = n {
        rec += &format!(", \"n\": {n}");
    }
    rec += &format!(", \"kind\": \"{kind}\"");
    if let Some(p) = position {
        rec += &format!(", \"position\": {p}");
    }
    rec + "}"
}

fn generate() -> String {
    let mut hands = Vec::new();
    for preset in Preset::ALL {
        for i in 0..HANDS_PER_PRESET {
            hands.push(hand_record(preset, i));
        }
    }
    let advice: Vec<String> = ADVICE.iter().map(|&(p, n, t)| advice_record(p, n, t)).collect();

    let hand = codes_of(&parse_cards("As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd").unwrap());
    let mut dup = hand.clone();
    dup[9] = dup[2];
    let mut bad = hand.clone();
    bad[5] = 52;
    let thirteen_plus = [&hand[..], &[20]].concat();
    let e = error_record;
    let errors = [
        e("arrange", "classic", 4, &hand[..12], None, "wrong_card_count"),
        e("arrange", "classic", 4, &thirteen_plus, None, "wrong_card_count"),
        e("arrange", "hk", 2, &[], None, "wrong_card_count"),
        e("arrange", "classic", 4, &dup, None, "duplicate_card"),
        e("arrange", "kx", 3, &bad, None, "bad_card_code"),
        e("arrange", "classic", 4, &[0, 1, 255], None, "bad_card_code"),
        e("suggest", "classic", 4, &hand, Some(0), "invalid_argument"),
        e("suggest", "ranked", 4, &dup, Some(3), "duplicate_card"),
        e("suggest", "classic", 4, &hand[..10], Some(3), "wrong_card_count"),
        e("special_advice", "classic", 4, &dup, None, "duplicate_card"),
        e("special_advice", "regional", 4, &hand[..3], None, "wrong_card_count"),
        e("arranger", "macau", 4, &[], None, "unknown_preset"),
        e("arranger", "", 4, &[], None, "unknown_preset"),
        e("arranger", "classic", 1, &[], None, "invalid_table"),
        e("arranger", "classic", 5, &[], None, "invalid_table"),
        e("arranger", "hk", 0, &[], None, "invalid_table"),
    ];

    let mut roles = Vec::new();
    for &(preset, players) in ROLE_TABLES {
        // Seeds 300.., and the first seed from 1,000 whose seat 0 the two roles arrange
        // differently (where the table has one within 2,000 deals), so that a surface that
        // mixed the roles up would get the lanes wrong as well as the value.
        let mut seeds: Vec<(u64, usize)> = (0..HANDS_PER_ROLE).map(|i| (300 + i, (i as usize) % players)).collect();
        seeds.extend(roles_differ(preset, players).map(|seed| (seed, 0)));
        for role in Role::ALL {
            for &(seed, seat) in &seeds {
                roles.push(role_record(preset, players, role, seed, seat));
            }
        }
    }

    let plain: Vec<String> = Preset::ALL.iter().flat_map(|p| plain_records(p.name())).collect();

    document(
        &format!("  \"suggestions_n\": {SUGGESTIONS_N},\n"),
        &[("hands", &hands), ("advice", &advice), ("errors", &errors), ("roles", &roles), ("plain", &plain)],
    )
}

fn generated() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(generate)
}

#[test]
fn vectors_match_the_engine() {
    check_vectors(
        PATH,
        generated(),
        "cargo test -p shisanshui-ffi --test arrange_vectors",
        " (has the arrangement model changed?)",
    );
}

/// The records cover what the surfaces must see: every preset and table size, every suggestion
/// kind, specials worth declaring and not, hands without one.
#[test]
fn vectors_cover_the_cases() {
    let text = generated();
    for preset in Preset::ALL {
        for players in 2..=4 {
            let needle = format!("\"preset\": \"{}\", \"players\": {players}, \"seed\"", preset.name());
            assert!(text.contains(&needle), "no hand for {} at {players}", preset.name());
        }
    }
    for kind in ["best", "strongest_back", "strongest_middle", "alternative"] {
        assert!(text.contains(&format!("\"kind\": \"{kind}\"")), "no {kind} suggestion");
    }
    assert!(text.contains("\"declare\": true") && text.contains("\"declare\": false"));
    assert!(text.contains("\"special\": null"));
    assert!(text.contains(&format!("\"special\": \"{}\"", Special::Dragon.id())));
    for preset in Preset::ALL {
        let needle = format!("\"preset\": \"{}\", \"players\": 4, \"seed\"", preset.name());
        let plain = &text[text.find("\"plain\"").expect("a plain list")..];
        assert!(
            plain.lines().any(|l| l.contains(&needle) && l.contains("\"differs\": true")),
            "no hand that card removal plays apart under {}",
            preset.name()
        );
    }
}
