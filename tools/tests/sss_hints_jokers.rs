//! The 理牌 hints with wild jokers (RULES.md §12) on the command line: `sss combos` lists the
//! combinations a joker makes with the joker in their cards, `sss complete` takes a joker fixed in
//! a lane or left free and never answers a foul under `--joker-lanes`. Oracles: hands worked out
//! by hand (RULES.md §12's example of the two readings), a brute force over the pairs of a short
//! hand written here, and the library's own foul check; the engine's lists are proven against a
//! full brute force in core/tests/joker_hints.rs.

use std::process::{Command, Output, Stdio};

use serde_json::Value;
use shisanshui::{parse_cards_in, Arrangement, Rules};

const SSS: &str = env!("CARGO_BIN_EXE_sss");

fn sss(args: &[&str]) -> Output {
    Command::new(SSS).args(args).stdin(Stdio::null()).output().expect("sss starts")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn ok_json(args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let out = sss(&all);
    assert_eq!(out.status.code(), Some(0), "sss {all:?} failed: {}", text(&out.stderr));
    serde_json::from_str(&text(&out.stdout)).expect("--json writes JSON")
}

fn error_kind(args: &[&str]) -> (String, String) {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let out = sss(&all);
    assert_eq!(out.status.code(), Some(1), "sss {all:?}: {}", text(&out.stderr));
    let v: Value = serde_json::from_str(&text(&out.stdout)).expect("errors are JSON under --json");
    (v["error"]["kind"].as_str().unwrap().to_string(), v["error"]["message"].as_str().unwrap().to_string())
}

const HAND10: &str = "Ks Kd Qh 9s 8s 7s 6d 3c 2h SJ";

#[test]
fn combos_with_a_joker() {
    let v = ok_json(&["--jokers", "2", "combos", "-c", "pair", HAND10]);
    let shown: Vec<&str> = v["combos"].as_array().unwrap().iter().map(|c| c["cards"].as_str().unwrap()).collect();
    // Brute force: a pair is two cards of one rank, the joker any card.
    let cards: Vec<&str> = HAND10.split(' ').collect();
    let mut ranks: Vec<char> = Vec::new();
    for (i, a) in cards.iter().enumerate() {
        for b in &cards[i + 1..] {
            let rank = match (*a, *b) {
                ("SJ", x) | (x, "SJ") => x.chars().next(),
                (x, y) if x.as_bytes()[0] == y.as_bytes()[0] => x.chars().next(),
                _ => None,
            };
            if let Some(r) = rank {
                if !ranks.contains(&r) {
                    ranks.push(r);
                }
            }
        }
    }
    assert_eq!(shown.len(), ranks.len(), "{shown:?} vs {ranks:?}");
    assert_eq!(shown[0], "Ks Kd", "kings without the joker");
    assert_eq!(shown[1], "SJ Qh", "the joker and the queen");
    assert!(shown[1..].iter().all(|s| s.starts_with("SJ ")), "{shown:?}");
    assert_eq!(v["combos"][1]["fits_front"], true);
    let v = ok_json(&["--jokers", "2", "combos", "-c", "three_of_a_kind", HAND10]);
    assert_eq!(v["combos"][0]["cards"], "SJ Ks Kd");
    let v = ok_json(&["--jokers", "2", "combos", "-c", "five_of_a_kind", "As Ah Ac Ad SJ 2c"]);
    assert_eq!(v["combos"][0]["cards"], "SJ As Ah Ac Ad");
    let (kind, message) = error_kind(&["combos", "-c", "pair", HAND10]);
    assert_eq!(kind, "joker_not_in_deck", "{message}");
    assert!(message.contains("SJ"), "{message}");
}

const HAND13: &str = "Ks Kh 9s 9h 3c Qs Qh Jd 5c SJ 4d 2c 7h";
const BACK: &str = "Ks Kh 9s 9h 3c";
const MIDDLE: &str = "Qs Qh Jd 5c SJ";

#[test]
fn complete_with_a_joker_under_both_readings() {
    for lanes in ["each_best", "avoid_foul"] {
        let mut rules = Rules::classic();
        rules.jokers = 2;
        rules.joker_lanes = lanes.parse().unwrap();
        let deck = rules.deck_spec();
        let base = ["--jokers", "2", "--joker-lanes", lanes, "complete"];
        let both = [&base[..], &["--middle", MIDDLE, "--back", BACK, HAND13]].concat();
        if lanes == "each_best" {
            let (kind, message) = error_kind(&both);
            assert_eq!(kind, "no_legal_arrangement", "{message}");
        } else {
            let v = ok_json(&both);
            assert_eq!(v["middle"], "SJ Qs Qh Jd 5c");
            assert_eq!(v["categories"][1], "two_pair", "{v}");
        }
        for fixed in [["--back", BACK], ["--front", "SJ 4d 2c"]] {
            let v = ok_json(&[&base[..], &fixed, &[HAND13]].concat());
            let lane = |k: &str| parse_cards_in(v[k].as_str().unwrap(), deck).unwrap();
            let a = Arrangement::new_in(&lane("front"), &lane("middle"), &lane("back"), deck).unwrap();
            assert!(!a.evaluate(&rules).foul.is_foul(), "{lanes}: {v}");
            let mut got: Vec<u8> = a.cards().iter().map(|c| c.code()).collect();
            let mut want: Vec<u8> = parse_cards_in(HAND13, deck).unwrap().iter().map(|c| c.code()).collect();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "{lanes}: the hand's cards");
        }
        let (kind, _) = error_kind(&[&base[..], &["--middle", "Qs Qh Jd 5c BJ", HAND13]].concat());
        assert_eq!(kind, "card_not_in_hand");
    }
}
