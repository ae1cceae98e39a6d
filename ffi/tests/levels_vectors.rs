//! The shared bot-level vectors `tests/vectors/levels.json` (`Arranger::with_level`).
//!
//! Format (one JSON object, one record per line inside each list):
//! ```text
//! {
//!   "version": 1,
//!   "hands":  [ {"preset": "classic", "table": "all_pairs" | "banker", "role": "player" | "banker",
//!                "players": 2, "level": "casual", "seed": 7, "codes": [13 codes],
//!                "front": [3 codes], "middle": [5], "back": [5], "categories": [f, m, b],
//!                "expected_water": 1.234567890}, ... ],
//!   "names":  [ {"text": "beginner", "level": 0}, {"text": " Casual ", "level": 1}, ... ],
//!   "errors": [ {"text": "expert", "kind": "invalid_argument"},
//!               {"level": 4, "kind": "invalid_argument"}, ... ]
//! }
//! ```
//! - `hands`: the preset's rules (with `table` set as given), an arranger for (`players`,
//!   `role`) made at `level` with `seed`, arranges `codes` into `front`/`middle`/`back` (each
//!   lane highest card first) with lane `categories` (`Category` numbers) and `expected_water`
//!   (rounded to 1e-9: compare within 1e-9). The same cards in another order give the same
//!   answer. `best` records are the plain arranger's answer.
//! - `names`: parsing `text` gives the level numbered `level` (0 beginner, 1 casual, 2 strong,
//!   3 best: the C ABI's `SSS_LEVEL_*`); the first four are the names every surface prints.
//! - `errors`: parsing `text`, or taking the level numbered `level`, fails with `kind` (the
//!   snake_case `shisanshui::Error` variant).
//!
//! Before anything is written, every record is checked: the arrangement holds the hand's cards,
//! is legal, and is priced as reported; the cards reversed give the same; `best` is the plain
//! arranger's; the C ABI's arranger at the level gives the same.
//!
//! `UPDATE_VECTORS=1 cargo test -p shisanshui-ffi --test levels_vectors` rewrites the file; the
//! test fails when the committed file differs from what the engine does today.

use engine::arrange::{Arranged, Arranger, Level, Role};
use engine::{Arrangement, Card, Error, Rules, Table};

use shisanshui::arrange::{
    sss_arrange, sss_arranger_free, sss_arranger_get_level, sss_arranger_new_for, sss_arranger_with_level,
    sss_level_name, sss_level_parse, SssArranged,
};
use shisanshui::rules::{sss_rules_free, sss_rules_new_preset, sss_rules_set_table, SssTable};
use shisanshui::SssStatus;

#[path = "../../core/tests/support/mod.rs"]
mod support;

use support::{check_vectors, document, SplitMix};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/levels.json");

/// The tables recorded: (preset, table, role, players).
const TABLES: &[(&str, Table, Role, usize)] = &[
    ("classic", Table::AllPairs, Role::Player, 2),
    ("classic", Table::AllPairs, Role::Player, 4),
    ("kx", Table::AllPairs, Role::Player, 4),
    ("ranked", Table::AllPairs, Role::Player, 2),
    ("hk", Table::AllPairs, Role::Player, 3),
    ("classic", Table::Banker, Role::Banker, 4),
    ("classic", Table::Banker, Role::Player, 4),
];
/// Seeds of the levels' draws recorded per table and level.
const SEEDS: [u64; 2] = [7, 4_000_000_007];
/// Hands per (table, level, seed).
const HANDS: usize = 3;

fn codes_of(cards: &[Card]) -> Vec<u8> {
    cards.iter().map(|c| c.code()).collect()
}

fn codes_json(codes: &[u8]) -> String {
    support::codes_json(codes.iter().copied())
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

fn rules_of(preset: &str, table: Table) -> Rules {
    let mut rules = Rules::from_preset_name(preset).unwrap();
    rules.table = table;
    rules
}

/// The C ABI's arranger for the table at the level: its answer on `codes`, and its level and
/// seed read back.
fn c_arrange(
    preset: &str,
    table: Table,
    role: Role,
    players: usize,
    level: Level,
    seed: u64,
    codes: &[u8],
) -> SssArranged {
    let mut r = std::ptr::null_mut();
    assert_eq!(unsafe { sss_rules_new_preset(preset.as_ptr(), preset.len(), &mut r) }, SssStatus::SSS_OK);
    let t = match table {
        Table::Banker => SssTable::SSS_TABLE_BANKER,
        _ => SssTable::SSS_TABLE_ALL_PAIRS,
    };
    assert_eq!(unsafe { sss_rules_set_table(r, t as u32) }, SssStatus::SSS_OK);
    let mut base = std::ptr::null_mut();
    assert_eq!(unsafe { sss_arranger_new_for(r, players as u32, role as u32, &mut base) }, SssStatus::SSS_OK);
    let mut a = std::ptr::null_mut();
    assert_eq!(unsafe { sss_arranger_with_level(base, level.index(), seed, &mut a) }, SssStatus::SSS_OK);
    let (mut l, mut s) = (99u32, 99u64);
    assert_eq!(unsafe { sss_arranger_get_level(a, &mut l, &mut s) }, SssStatus::SSS_OK);
    assert_eq!((l, s), (level.index(), seed));
    assert_eq!(unsafe { sss_arranger_get_level(base, &mut l, &mut s) }, SssStatus::SSS_OK);
    assert_eq!((l, s), (Level::Best.index(), 0));
    let mut out = SssArranged::default();
    assert_eq!(unsafe { sss_arrange(a, codes.as_ptr(), codes.len(), &mut out) }, SssStatus::SSS_OK);
    unsafe {
        sss_arranger_free(a);
        sss_arranger_free(base);
        sss_rules_free(r);
    }
    out
}

fn same(c: &SssArranged, a: &Arranged) -> bool {
    c.front == a.arrangement.front.map(|c| c.code())
        && c.middle == a.arrangement.middle.map(|c| c.code())
        && c.back == a.arrangement.back.map(|c| c.code())
        && c.categories == a.categories.map(|c| c as u8)
        && c.expected_water == a.expected_water
}

#[allow(clippy::too_many_arguments)]
fn hand_record(
    preset: &str,
    table: Table,
    role: Role,
    players: usize,
    base: &Arranger,
    level: Level,
    seed: u64,
    codes: &[u8],
) -> String {
    let what = format!("{preset} {table} {role} {players}p {level} seed {seed} {codes:?}");
    let cards = engine::cards_from_codes(codes).unwrap();
    let a = base.clone().with_level(level, seed);
    let got = a.arrange(&cards).unwrap();
    let mut mine = codes_of(&got.arrangement.cards());
    mine.sort_unstable();
    let mut want = codes.to_vec();
    want.sort_unstable();
    assert_eq!(mine, want, "{what}: the hand's cards");
    let e = got.arrangement.evaluate(a.rules());
    assert!(!e.foul.is_foul(), "{what}: fouls");
    assert_eq!(got.categories, [e.front.category(), e.middle.category(), e.back.category()], "{what}");
    assert!((a.expected_water(&got.arrangement) - got.expected_water).abs() < 1e-9, "{what}: price");
    let mut reversed = cards.clone();
    reversed.reverse();
    assert_eq!(a.arrange(&reversed).unwrap(), got, "{what}: order of the cards");
    if level == Level::Best {
        assert_eq!(got, base.arrange(&cards).unwrap(), "{what}: best is the plain arranger");
    }
    let c = c_arrange(preset, table, role, players, level, seed, codes);
    assert!(same(&c, &got), "{what}: C {c:?} vs {got:?}");
    format!(
        "{{\"preset\": \"{preset}\", \"table\": \"{table}\", \"role\": \"{role}\", \"players\": {players}, \
         \"level\": \"{level}\", \"seed\": {seed}, \"codes\": {}, {}, \"categories\": {}, \"expected_water\": {}}}",
        codes_json(codes),
        lanes_json(&got.arrangement),
        codes_json(&got.categories.map(|c| c as u8)),
        water(got.expected_water)
    )
}

fn kind(e: &Error) -> &'static str {
    match e {
        Error::InvalidArgument(_) => "invalid_argument",
        other => panic!("no vector kind for {other:?}"),
    }
}

fn generate() -> String {
    let mut rng = SplitMix(0x1E7E15);
    let mut hands = Vec::new();
    for &(preset, table, role, players) in TABLES {
        let base = Arranger::new_for(&rules_of(preset, table), players, role).unwrap();
        // The same hands at every level, so a surface sees the levels differ on the same cards.
        let dealt: Vec<Vec<u8>> = (0..HANDS * SEEDS.len()).map(|_| rng.deal(13)).collect();
        for level in Level::ALL {
            for (i, seed) in SEEDS.into_iter().enumerate() {
                for codes in &dealt[i * HANDS..(i + 1) * HANDS] {
                    hands.push(hand_record(preset, table, role, players, &base, level, seed, codes));
                }
            }
        }
    }

    let mut names = Vec::new();
    let texts: Vec<(String, Level)> = Level::ALL
        .iter()
        .map(|l| (l.name().to_string(), *l))
        .chain([
            (" Casual ".to_string(), Level::Casual),
            ("BEST".into(), Level::Best),
            ("\tstrong\n".into(), Level::Strong),
        ])
        .collect();
    for (text, level) in texts {
        assert_eq!(text.parse::<Level>().unwrap(), level);
        let mut n = 99u32;
        assert_eq!(unsafe { sss_level_parse(text.as_ptr(), text.len(), &mut n) }, SssStatus::SSS_OK);
        assert_eq!(n, level.index());
        let mut buf = [0u8; 16];
        let mut len = 0;
        assert_eq!(unsafe { sss_level_name(level.index(), buf.as_mut_ptr(), 16, &mut len) }, SssStatus::SSS_OK);
        assert_eq!(&buf[..len], level.name().as_bytes());
        names.push(format!("{{\"text\": {}, \"level\": {}}}", support::js(&text), level.index()));
    }

    let mut errors = Vec::new();
    for text in ["expert", "", "best2", "beginners", "0"] {
        let e = text.parse::<Level>().unwrap_err();
        assert!(e.to_string().contains("beginner, casual, strong or best"), "{e}");
        let mut n = 99u32;
        assert_eq!(unsafe { sss_level_parse(text.as_ptr(), text.len(), &mut n) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert_eq!(n, 99, "nothing written on an error");
        errors.push(format!("{{\"text\": {}, \"kind\": \"{}\"}}", support::js(text), kind(&e)));
    }
    for level in [4u32, 255, u32::MAX] {
        let e = Level::from_index(level).unwrap_err();
        let mut buf = [0u8; 16];
        let mut len = 0;
        assert_eq!(
            unsafe { sss_level_name(level, buf.as_mut_ptr(), 16, &mut len) },
            SssStatus::SSS_ERR_INVALID_ARGUMENT
        );
        let mut out = std::ptr::null_mut();
        let mut a = std::ptr::null_mut();
        let name = "classic";
        assert_eq!(
            unsafe { shisanshui::arrange::sss_arranger_new_preset(name.as_ptr(), name.len(), 2, &mut a) },
            SssStatus::SSS_OK
        );
        assert_eq!(unsafe { sss_arranger_with_level(a, level, 1, &mut out) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert!(out.is_null(), "nothing written on an error");
        unsafe { sss_arranger_free(a) };
        errors.push(format!("{{\"level\": {level}, \"kind\": \"{}\"}}", kind(&e)));
    }

    document("", &[("hands", &hands), ("names", &names), ("errors", &errors)])
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
        "cargo test -p shisanshui-ffi --test levels_vectors",
        " (have the levels changed?)",
    );
}

/// Every level and both table kinds appear, and the lower levels do not all play the best.
#[test]
fn vectors_cover_the_cases() {
    let text = generated();
    for level in Level::ALL {
        assert!(text.contains(&format!("\"level\": \"{level}\"")), "no {level} record");
    }
    assert!(text.contains("\"table\": \"banker\", \"role\": \"banker\""));
    assert!(text.contains("\"table\": \"banker\", \"role\": \"player\""));
    // Some hand a lower level plays apart from the best (same table, seed and cards).
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("\"codes\"")).collect();
    let key = |l: &str| {
        let cut = |a: &str, b: &str| l.split(a).nth(1).and_then(|r| r.split(b).next()).unwrap_or("").to_string();
        (cut("\"level\": ", ","), cut("\"codes\": ", "]"), cut("\"front\": ", "], \"categories"))
    };
    let best: Vec<_> = lines.iter().map(|l| key(l)).filter(|k| k.0 == "\"best\"").collect();
    let apart =
        lines.iter().map(|l| key(l)).filter(|k| k.0 != "\"best\"" && best.iter().any(|b| b.1 == k.1 && b.2 != k.2));
    assert!(apart.count() > 0, "every lower-level record plays the best");
}
