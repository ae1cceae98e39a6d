//! Writes the committed seed corpora of the text targets (`cards`, `rules_json`) into
//! `fuzz/corpus/<target>/`. The structured targets (`settle`, `arrange`, `ffi_calls`) read
//! their input through `arbitrary`, whose byte layout is not meant to be written by hand: their
//! seeds are the smallest inputs of a short run, kept by libFuzzer's `-merge=1` (see
//! docs/safety.md).
//!
//!     cargo +nightly run --manifest-path fuzz/Cargo.toml --example make_corpus

use std::fs;
use std::path::Path;

use engine::{Preset, Rules};

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    fs::write(dir.join(name), bytes).unwrap();
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");

    let cards = root.join("cards");
    fs::create_dir_all(&cards).unwrap();
    let hands: &[(&str, &str)] = &[
        ("one", "As"),
        ("ten", "10h"),
        ("spaced", "As Kd Qh Jc Ts"),
        ("commas", "As,Kd,10h"),
        ("together", "AsKsQsJsTs9s8s"),
        ("symbols", "A♠ K♦ T♥ 2♣"),
        ("hollow_symbols", "A♤K♢T♡2♧"),
        ("lowercase", "as kd th"),
        ("thirteen", "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac"),
        ("duplicate", "As Kd As"),
        ("unknown_rank", "Xs"),
        ("unknown_suit", "Ax"),
        ("lone_rank", "A"),
        ("empty", ""),
        ("separators", " ,\t\n"),
    ];
    for (name, text) in hands {
        write(&cards, name, text.as_bytes());
    }
    let deck: Vec<String> = (0..52u8).map(|c| engine::Card::from_code(c).unwrap().to_string()).collect();
    write(&cards, "deck", deck.join(" ").as_bytes());
    // Jokers (RULES.md §12): text, codes 52 and 53, and more of them than any deck deals.
    write(&cards, "jokers", "As SJ BJ 小王 大王 sj".as_bytes());
    write(&cards, "joker_codes", &[52, 53, 0, 52, 53, 54]);
    write(&cards, "seven_jokers", &[52, 53, 52, 53, 52, 53, 52]);
    write(&cards, "codes", &[0, 1, 2, 51, 13]);
    write(&cards, "not_utf8", b"As \xff Kd");

    // rules_json: header byte, then the JSON (see fuzz_targets/rules_json.rs). Even header
    // bytes load a whole rule set; odd ones change preset (h >> 1) % 5.
    let rules = root.join("rules_json");
    fs::create_dir_all(&rules).unwrap();
    for (i, p) in Preset::ALL.into_iter().enumerate() {
        // Seats: 2 + (h >> 4) % 3; bit 3 declares specials.
        let header = ((i as u8 % 3) << 4) | 8;
        let mut bytes = vec![header];
        bytes.extend(Rules::preset(p).to_json().into_bytes());
        write(&rules, &format!("preset_{p}"), &bytes);
    }
    let changes: &[(&str, &str)] = &[
        ("strict", r#"{"strict_order": true}"#),
        ("lane_water", r#"{"lane_water": {"front_trips": 5, "back_quads": 8}}"#),
        ("shooting", r#"{"shooting": {"multiplier": 3}}"#),
        ("wheel", r#"{"wheel": "lowest", "suit_tiebreak": true}"#),
        ("specials", r#"{"specials": [{"special": "SP", "water": 3}, {"special": "TF", "water": 3}]}"#),
        ("ranked", r#"{"scoring": "ranked"}"#),
        ("empty", "{}"),
        ("unknown_field", r#"{"strict_ordr": true}"#),
        ("bad_value", r#"{"twelve_royals_min": 7}"#),
        ("not_object", "[1, 2]"),
        // Jokers (RULES.md §12): in range, out of range, bad readings and flags.
        ("jokers", r#"{"jokers": 2}"#),
        ("jokers_avoid_foul", r#"{"jokers": 4, "joker_lanes": "avoid_foul"}"#),
        ("jokers_specials", r#"{"jokers": 6, "joker_lanes": "each_best", "jokers_in_specials": true}"#),
        ("jokers_out_of_range", r#"{"jokers": 7}"#),
        ("jokers_negative", r#"{"jokers": -1}"#),
        ("joker_lanes_bad", r#"{"jokers": 1, "joker_lanes": "wild"}"#),
        ("jokers_in_specials_bad", r#"{"jokers_in_specials": 1}"#),
    ];
    for (k, (name, json)) in changes.iter().enumerate() {
        let mut bytes = vec![1 + 2 * (k as u8 % 5) + ((k as u8 % 3) << 4)];
        bytes.extend(json.as_bytes());
        write(&rules, &format!("changes_{name}"), &bytes);
    }
    write(&rules, "truncated", &[0, b'{', b'"', b'w']);
    for (name, json) in [
        ("whole_jokers", r#"{"preset": "kx", "jokers": 3, "joker_lanes": "AVOID_FOUL"}"#),
        ("whole_jokers_bad", r#"{"preset": "hk", "jokers": "2", "joker_lanes": " each_best "}"#),
    ] {
        let mut bytes = vec![0x18];
        bytes.extend(json.as_bytes());
        write(&rules, name, &bytes);
    }
    let mut jokers = Rules::classic();
    jokers.jokers = 2;
    jokers.joker_lanes = engine::JokerLanes::AvoidFoul;
    let mut bytes = vec![0x28];
    bytes.extend(jokers.to_json().into_bytes());
    write(&rules, "classic_two_jokers", &bytes);
    println!("wrote {}", root.display());
}
