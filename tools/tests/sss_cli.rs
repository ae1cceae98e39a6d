//! `sss` as a user runs it: every command's text and `--json` output against the library's own
//! answers (computed here) and the shared vectors of `tests/vectors/`, bad input (exit 1 with
//! a message naming what is wrong), usage errors (exit 2) and `--help` (exit 0).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};
use shisanshui::arrange::Arranger;
use shisanshui::simulate::{round_deal, run, Policy, SimConfig};
use shisanshui::{cards_from_codes, format_cards, parse_cards, Arrangement, Card, Evaluator, Preset, Rules};

const SSS: &str = env!("CARGO_BIN_EXE_sss");
const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors");

fn sss(args: &[&str]) -> Output {
    sss_env(args, &[])
}

fn sss_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(SSS);
    c.args(args).stdin(Stdio::null());
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("sss starts")
}

fn sss_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(SSS)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sss starts");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Stdout of a successful run.
fn ok(args: &[&str]) -> String {
    let out = sss(args);
    assert_eq!(out.status.code(), Some(0), "sss {args:?} failed: {}", text(&out.stderr));
    text(&out.stdout)
}

/// The JSON of a successful `--json` run.
fn ok_json(args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&ok(&all)).expect("--json writes JSON")
}

/// A bad-input run: exit 1, a message on stderr containing `needle`, and with `--json` an
/// error object of this `kind` on stdout.
fn bad(args: &[&str], kind: &str, needle: &str) {
    let out = sss(args);
    assert_eq!(out.status.code(), Some(1), "sss {args:?}: {}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.starts_with("sss: ") && err.contains(needle), "sss {args:?}: {err:?} lacks {needle:?}");
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let out = sss(&all);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_str(&text(&out.stdout)).expect("errors are JSON under --json");
    assert_eq!(v["error"]["kind"], kind, "sss {args:?}: {v}");
    assert!(v["error"]["message"].as_str().unwrap().contains(needle));
}

fn vectors(name: &str) -> Value {
    let path = Path::new(VECTORS).join(name);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn codes(v: &Value) -> Vec<Card> {
    let codes: Vec<u8> = v.as_array().unwrap().iter().map(|c| c.as_u64().unwrap() as u8).collect();
    cards_from_codes(&codes).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sss-cli").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const COMMANDS: [&str; 12] = [
    "eval", "check", "special", "arrange", "suggest", "combos", "complete", "settle", "deal", "simulate", "rules",
    "presets",
];
const HAND: &str = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd";

#[test]
fn help_exits_zero_on_every_command() {
    let top = ok(&["--help"]);
    for c in COMMANDS {
        assert!(top.contains(c), "--help does not list {c}");
        let help = ok(&[c, "--help"]);
        for o in ["Usage: sss", "--preset", "--rules", "--players", "--json", "--lang"] {
            assert!(help.contains(o), "sss {c} --help lacks {o}:\n{help}");
        }
    }
    for p in Preset::ALL {
        assert!(top.contains(p.name()), "--help does not name preset {p}");
    }
    assert!(ok(&["settle", "--help"]).contains("Round JSON"));
    for o in ["--rounds", "--seed", "--threads", "--player", "--base", "--carries", "--rake", "--plot"] {
        assert!(ok(&["simulate", "--help"]).contains(o), "simulate --help lacks {o}");
    }
    assert!(ok(&["--version"]).contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_exit_two() {
    for c in COMMANDS {
        let out = sss(&[c, "--no-such-option"]);
        assert_eq!(out.status.code(), Some(2), "sss {c} --no-such-option");
        assert!(text(&out.stderr).contains("--no-such-option"));
        assert!(out.stdout.is_empty());
    }
    for args in [
        &["eval"][..],
        &[],
        &["simulate", "--rounds", "many"],
        &["simulate", "--rake", "5"],
        &["--lang", "fr", "presets"],
    ] {
        assert_eq!(sss(args).status.code(), Some(2), "sss {args:?}");
    }
}

#[test]
fn eval_matches_the_shared_vectors() {
    let v = vectors("eval.json");
    for h in v["hands"].as_array().unwrap().iter().step_by(7).take(40) {
        let rules = json!({"wheel": h["wheel"], "suit_tiebreak": h["suit_tiebreak"]}).to_string();
        let out = ok_json(&["--rules", &rules, "eval", h["text"].as_str().unwrap()]);
        assert_eq!(out["value"], h["value"], "{h}");
        let cat = shisanshui::Category::from_index(h["category"].as_u64().unwrap() as u8).unwrap();
        assert_eq!(out["category"], cat.name().replace(' ', "_"));
        assert_eq!(out["name"], cat.name());
        assert_eq!(
            ok_json(&["--lang", "zh", "--rules", &rules, "eval", h["text"].as_str().unwrap()])["name"],
            cat.chinese_name()
        );
    }
    let text = ok(&["eval", "As", "Ks", "Qs", "Js", "Ts"]);
    assert!(text.starts_with("As Ks Qs Js Ts: straight flush"), "{text}");
    assert!(ok(&["--lang", "zh", "eval", "As Ks Qs Js Ts"]).contains("同花顺"));
    for e in v["errors"].as_array().unwrap().iter().filter(|e| e.get("text").is_some()) {
        bad(&["eval", e["text"].as_str().unwrap()], e["kind"].as_str().unwrap(), "cards: ");
    }
}

#[test]
fn check_matches_the_shared_vectors_and_the_arranger() {
    let v = vectors("eval.json");
    for a in v["arrangements"].as_array().unwrap().iter().step_by(5).take(30) {
        let arr = Arrangement::new(&codes(&a["front"]), &codes(&a["middle"]), &codes(&a["back"])).unwrap();
        let rules =
            json!({"wheel": a["wheel"], "suit_tiebreak": a["suit_tiebreak"], "strict_order": a["strict_order"]});
        let out = ok_json(&["--rules", &rules.to_string(), "check", &arr.to_string()]);
        assert_eq!(out["foul"]["front_over_middle"], a["front_over_middle"], "{a}");
        assert_eq!(out["foul"]["middle_over_back"], a["middle_over_back"], "{a}");
        let fouled = a["front_over_middle"].as_bool().unwrap() || a["middle_over_back"].as_bool().unwrap();
        assert_eq!(out["fouled"], fouled);
    }
    let arr: Arrangement = "2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s".parse().unwrap();
    let rules = Rules::preset(Preset::Kx);
    let ev = Arranger::new(&rules, 3).unwrap().expected_water(&arr);
    let out = ok_json(&["--preset", "kx", "--players", "3", "check", &arr.to_string()]);
    // JSON text carries the value to within its last digit.
    assert!((out["expected_water"].as_f64().unwrap() - ev).abs() < 1e-12, "{out} vs {ev}");
    let e = arr.evaluate(&rules);
    assert_eq!(out["lanes"][2]["value"], e.back.value());
    let text = ok(&["check", "As Ad Ah / Ks Kh 9s 5s 3h / Qs Qd 7h 4c 3d"]);
    assert!(text.contains("foul (front over middle, middle over back)"), "{text}");
    assert!(ok(&["--lang", "zh", "check", "As Ad Ah / Ks Kh 9s 5s 3h / Qs Qd 7h 4c 3d"]).contains("倒水"));
    bad(
        &["check", "As Kd / Qh Jh Th 9h 8h / 2c 3c 4c 5c 6c"],
        "wrong_card_count",
        "arrangement: front lane (头墩): expected 3 cards, got 2",
    );
    bad(&["check", "As Kd Qh / As Jh Th 9h 8h / 2c 3c 4c 5c 6c"], "duplicate_card", "duplicate card As");
}

#[test]
fn special_matches_the_shared_vectors() {
    let v = vectors("special.json");
    let sets: std::collections::HashMap<String, String> = v["rule_sets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["name"].as_str().unwrap().to_string(), r["json"].as_str().unwrap().to_string()))
        .collect();
    for h in v["hands"].as_array().unwrap().iter().step_by(12) {
        let rules = &sets[h["rules"].as_str().unwrap()];
        let out = ok_json(&["--rules", rules, "special", h["text"].as_str().unwrap()]);
        match h["best"].as_str() {
            None => assert!(out["best"].is_null(), "{h}: {out}"),
            Some(best) => {
                assert_eq!(out["best"]["special"], best, "{h}");
                assert_eq!(out["best"]["water"], h["water"]);
            }
        }
        let all: Vec<&Value> = out["all"].as_array().unwrap().iter().map(|s| &s["special"]).collect();
        assert_eq!(all, h["all"].as_array().unwrap().iter().collect::<Vec<_>>(), "{h}");
        let arrangement = h["arrangement"].as_object().map(|a| {
            Arrangement::new(&codes(&a["front"]), &codes(&a["middle"]), &codes(&a["back"])).unwrap().to_string()
        });
        if let Some(a) = arrangement {
            assert_eq!(out["arrangement"], a, "{h}");
        }
    }
    let a = vectors("arrange.json");
    for adv in a["advice"].as_array().unwrap().iter().take(12) {
        let players = adv["players"].to_string();
        let out = ok_json(&[
            "--preset",
            adv["preset"].as_str().unwrap(),
            "--players",
            &players,
            "special",
            adv["text"].as_str().unwrap(),
        ]);
        if adv["special"].is_null() {
            assert!(out["advice"].is_null(), "{adv}: {out}");
            continue;
        }
        assert_eq!(out["advice"]["special"], adv["special"], "{adv}");
        assert_eq!(out["advice"]["declare"], adv["declare"], "{adv}");
        assert!((out["advice"]["lane_water"].as_f64().unwrap() - adv["lane_water"].as_f64().unwrap()).abs() < 1e-6);
        assert!(
            (out["advice"]["declare_water"].as_f64().unwrap() - adv["declare_water"].as_f64().unwrap()).abs() < 1e-6
        );
    }
    let text = ok(&["special", "2c 2d 4c 4d 6c 6d 9c 9d Jc Jd Kc Kd Ah"]);
    assert!(text.contains("SP six pairs") && text.contains("advice: declare"), "{text}");
    assert!(ok(&["--lang", "zh", "special", "2c 2d 4c 4d 6c 6d 9c 9d Jc Jd Kc Kd Ah"]).contains("六对半"));
    bad(&["special", "2c 2d 4c"], "wrong_card_count", "expected 13 cards, got 3");
}

#[test]
fn arrange_and_suggest_match_the_shared_vectors() {
    let v = vectors("arrange.json");
    let n = v["suggestions_n"].to_string();
    for h in v["hands"].as_array().unwrap().iter().step_by(10) {
        let cards = format_cards(&codes(&h["codes"]));
        let (preset, players) = (h["preset"].as_str().unwrap(), h["players"].to_string());
        let out = ok_json(&["--preset", preset, "--players", &players, "arrange", &cards]);
        let want = Arrangement::new(&codes(&h["front"]), &codes(&h["middle"]), &codes(&h["back"])).unwrap();
        assert_eq!(out["arrangement"], want.to_string(), "{h}");
        assert!((out["expected_water"].as_f64().unwrap() - h["expected_water"].as_f64().unwrap()).abs() < 1e-6);
        let out = ok_json(&["--preset", preset, "--players", &players, "suggest", "-n", &n, &cards]);
        let got = out["suggestions"].as_array().unwrap();
        let want = h["suggestions"].as_array().unwrap();
        assert_eq!(got.len(), want.len(), "{h}");
        for (g, w) in got.iter().zip(want) {
            assert_eq!(g["kind"], w["kind"]);
            let a = Arrangement::new(&codes(&w["front"]), &codes(&w["middle"]), &codes(&w["back"])).unwrap();
            assert_eq!(g["arrangement"], a.to_string());
        }
    }
    // Text output is the library's answer at the chosen table size.
    let cards = parse_cards(HAND).unwrap();
    let best = Arranger::new(&Rules::classic(), 2).unwrap().arrange(&cards).unwrap();
    let text = ok(&["--players", "2", "arrange", HAND]);
    assert!(text.starts_with(&best.arrangement.to_string()), "{text}");
    assert!(text.contains(&format!("{:+.3}", best.expected_water)));
    let list = Arranger::new(&Rules::classic(), 4).unwrap().suggest(&cards, 3).unwrap();
    let text = ok(&["suggest", "-n", "3", HAND]);
    assert_eq!(text.lines().count(), list.len());
    for (line, s) in text.lines().zip(&list) {
        assert!(line.contains(&s.arrangement.to_string()), "{line}");
    }
    bad(&["arrange", "As Ad"], "wrong_card_count", "expected 13 cards, got 2");
    bad(&["suggest", "-n", "0", HAND], "invalid_argument", "0 suggestions");
    bad(
        &["--players", "5", "arrange", HAND],
        "invalid_table",
        "5 players, but a table of one deck (52 cards) seats 2 to 4",
    );
    bad(
        &["--players", "1", "suggest", HAND],
        "invalid_table",
        "1 player, but a table of one deck (52 cards) seats 2 to 4",
    );
    bad(&["--preset", "nope", "arrange", HAND], "unknown_preset", "unknown preset \"nope\"");
}

#[test]
fn arrange_levels_match_the_shared_vectors() {
    let v = vectors("levels.json");
    for h in v["hands"].as_array().unwrap().iter().step_by(3) {
        let cards = format_cards(&codes(&h["codes"]));
        let (preset, players) = (h["preset"].as_str().unwrap(), h["players"].to_string());
        let (level, seed) = (h["level"].as_str().unwrap(), h["seed"].to_string());
        let rules = format!("{{\"preset\": \"{preset}\", \"table\": \"{}\"}}", h["table"].as_str().unwrap());
        let role = h["role"].as_str().unwrap();
        let out = ok_json(&[
            "--rules",
            &rules,
            "--players",
            &players,
            "--role",
            role,
            "arrange",
            "--level",
            level,
            "--seed",
            &seed,
            &cards,
        ]);
        let want = Arrangement::new(&codes(&h["front"]), &codes(&h["middle"]), &codes(&h["back"])).unwrap();
        assert_eq!(out["arrangement"], want.to_string(), "{h}");
        assert!((out["expected_water"].as_f64().unwrap() - h["expected_water"].as_f64().unwrap()).abs() < 1e-6);
        assert_eq!((out["level"].as_str().unwrap(), out["seed"].to_string()), (level, seed));
    }
    // Best and no --level are the same; a lower level names itself and its seed in the text.
    assert_eq!(ok(&["arrange", HAND]), ok(&["arrange", "--level", "BEST", "--seed", "9", HAND]));
    assert!(ok(&["arrange", "--level", "casual", "--seed", "7", HAND]).contains("[casual, seed 7]"));
    for e in v["errors"].as_array().unwrap() {
        if let Some(text) = e["text"].as_str() {
            if !text.is_empty() {
                bad(
                    &["arrange", "--level", text, HAND],
                    e["kind"].as_str().unwrap(),
                    "beginner, casual, strong or best",
                );
            }
        }
    }
    assert_eq!(sss(&["arrange", "--seed", "x", HAND]).status.code(), Some(2));
}

#[test]
fn arrange_without_card_removal_matches_the_shared_vectors() {
    let v = vectors("arrange.json");
    let plain = v["plain"].as_array().unwrap();
    assert!(plain.len() >= 12);
    for h in plain {
        let cards = format_cards(&codes(&h["codes"]));
        let (preset, players) = (h["preset"].as_str().unwrap(), h["players"].to_string());
        let run = |extra: &[&str]| {
            let mut args = vec!["--preset", preset, "--players", &players, "arrange"];
            args.extend_from_slice(extra);
            args.push(&cards);
            ok_json(&args)
        };
        let off = run(&["--no-card-removal"]);
        let want = Arrangement::new(&codes(&h["front"]), &codes(&h["middle"]), &codes(&h["back"])).unwrap();
        assert_eq!(off["arrangement"], want.to_string(), "{h}");
        assert!((off["expected_water"].as_f64().unwrap() - h["expected_water"].as_f64().unwrap()).abs() < 1e-6);
        assert_eq!(off["card_removal"], false);
        let on = run(&[]);
        assert_eq!(on["card_removal"], true);
        assert_eq!(on["arrangement"] != off["arrangement"], h["differs"].as_bool().unwrap(), "{h}");
    }
}

/// A settle.json table as a round of the CLI's JSON format.
fn round_of(table: &Value, rule_sets: &Value) -> Value {
    let name = table["rules"].as_str().unwrap();
    let rules: Value = rule_sets
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .map(|r| serde_json::from_str(r["json"].as_str().unwrap()).unwrap())
        .unwrap();
    let seats: Vec<Value> = table["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let cards = codes(&s["cards"]);
            if s["kind"] == "special" {
                json!({"special": s["special"], "cards": format_cards(&cards)})
            } else {
                json!(Arrangement::from_cards(&cards).unwrap().to_string())
            }
        })
        .collect();
    let mut round = json!({"rules": rules, "seats": seats});
    if let Some(st) = table.get("stakes").filter(|s| !s.is_null()) {
        round["money"] = json!({
            "base": st["base"],
            "carries": st["carries"],
            "rake": {"numerator": st["rake"][0], "denominator": st["rake"][1]},
        });
    }
    round
}

#[test]
fn settle_matches_the_shared_vectors() {
    let v = vectors("settle.json");
    let dir = scratch("settle");
    for (i, t) in v["tables"].as_array().unwrap().iter().enumerate() {
        let round = round_of(t, &v["rule_sets"]);
        let path = dir.join(format!("round{i}.json"));
        std::fs::write(&path, round.to_string()).unwrap();
        let out = ok_json(&["settle", path.to_str().unwrap()]);
        let units: Vec<i64> = out["settlement"]["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["num"].as_i64().unwrap() * 840 / w["den"].as_i64().unwrap())
            .collect();
        assert_eq!(json!(units), t["units"], "table {i}");
        if let Some(m) = t.get("money").filter(|m| !m.is_null()) {
            let amounts: Vec<&Value> = out["money"]["lines"].as_array().unwrap().iter().map(|l| &l["amount"]).collect();
            assert_eq!(json!(amounts), m["amounts"], "table {i}");
            assert_eq!(out["money"]["house"], m["house"], "table {i}");
        }
        // The same round inline and on standard input.
        assert_eq!(ok_json(&["settle", &round.to_string()]), out);
        let piped = sss_stdin(&["--json", "settle", "-"], &round.to_string());
        assert_eq!(serde_json::from_str::<Value>(&text(&piped.stdout)).unwrap(), out);
    }
    // Text: every seat, every pair and the totals, in either language.
    let round = json!({
        "rules": "classic",
        "seats": ["2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s", {"lanes": "Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h"}],
        "money": {"base": 100, "rake": "5%"}
    })
    .to_string();
    let text = ok(&["settle", &round]);
    assert!(text.contains("totals: 0: -8  1: +8"), "{text}");
    assert!(text.contains("money: 0: -800  1: +760  rake 40"), "{text}");
    assert!(ok(&["--lang", "zh", "settle", &round]).contains("总计: 0: -8  1: +8"));
    // A preset name in the round wins over --preset; a rules object changes it.
    let hk = json!({"rules": "hk", "seats": ["2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s", "Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h"]});
    assert_eq!(ok_json(&["--preset", "kx", "settle", &hk.to_string()])["settlement"]["totals"][1]["num"], 4);
    let changed = json!({"rules": {"shooting": {"min_players": 2}}, "seats": hk["seats"]});
    assert_eq!(ok_json(&["settle", &changed.to_string()])["settlement"]["totals"][1]["num"], 9);
}

#[test]
fn settle_names_what_is_wrong_with_a_round() {
    let a = "2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s";
    let b = "Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h";
    let cases: Vec<(Value, &str, &str)> = vec![
        (
            json!({"seats": [a]}),
            "invalid_table",
            "`seats`: invalid table: 1 player, but a table of one deck (52 cards) seats 2 to 4",
        ),
        (json!({"seats": [a, b, a, b, a]}), "invalid_table", "5 players"),
        (json!({"seats": [a, a]}), "duplicate_card", "`seats[1]`: duplicate card 2d at position 13"),
        (json!({"seats": [a, 7]}), "invalid_round", "`seats[1]`: a seat is an arrangement"),
        (
            json!({"seats": [a, "Qd Qc / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h"]}),
            "wrong_card_count",
            "`seats[1]`: front lane (头墩): expected 3 cards, got 2",
        ),
        (
            json!({"seats": [a, "Qd Qc 2h / 8h 8d 8c 3h 3d"]}),
            "invalid_argument",
            "`seats[1]`: invalid argument: an arrangement has 3 lanes",
        ),
        (
            json!({"seats": [a, {"special": "XX", "cards": b}]}),
            "unknown_special",
            "`seats[1].special`: unknown special hand \"XX\"",
        ),
        (
            json!({"seats": [a, {"special": "SP", "cards": b}]}),
            "special_not_allowed",
            "the cards do not make six pairs",
        ),
        (json!({"seats": [a, b], "rules": "nope"}), "unknown_preset", "`rules`: unknown preset \"nope\""),
        (
            json!({"seats": [a, b], "rules": {"lane_water": {"front_trips": 0}}}),
            "invalid_rules",
            "lane_water.front_trips",
        ),
        (json!({"seats": [a, b], "extra": 1}), "invalid_round", "`extra`: unknown field"),
        (json!({"seats": [a, b], "money": {"base": 1, "rake": "150%"}}), "invalid_money", "over 100%"),
        (json!({"seats": [a, b], "money": {"base": 1, "carries": [1]}}), "invalid_money", "1 carries for 2 seats"),
        (json!({"seats": [a, b], "money": {"bass": 1}}), "invalid_round", "`money.bass`: unknown field"),
    ];
    for (round, kind, needle) in cases {
        bad(&["settle", &round.to_string()], kind, needle);
    }
    let file = scratch("bad-round").join("list.json");
    std::fs::write(&file, json!([a, b]).to_string()).unwrap();
    bad(&["settle", file.to_str().unwrap()], "invalid_round", "a round is a JSON object");
    bad(&["settle", "{\"seats\": [1,"], "invalid_round", "round JSON: EOF");
    bad(&["settle", "/no/such/round.json"], "io", "/no/such/round.json");
    bad(&["--players", "3", "settle", &json!({"seats": [a, b]}).to_string()], "invalid_table", "the round has 2 seats");
}

#[test]
fn deal_matches_the_shared_vectors_and_replays_simulated_rounds() {
    let v = vectors("deal.json");
    for d in v["deals"].as_array().unwrap().iter().take(10) {
        let (seed, players) = (d["seed"].to_string(), d["players"].to_string());
        let out = ok_json(&["--players", &players, "deal", "--seed", &seed]);
        let want: Vec<String> = d["hands"].as_array().unwrap().iter().map(|h| format_cards(&codes(h))).collect();
        assert_eq!(out["hands"], json!(want), "{d}");
        let text = ok(&["--players", &players, "deal", "--seed", &seed]);
        assert_eq!(text.lines().count(), want.len());
        assert!(text.lines().next().unwrap().ends_with(&want[0]));
    }
    let round = round_deal(5, 17, 3).unwrap();
    let out = ok_json(&["--players", "3", "deal", "--seed", "5", "--round", "17"]);
    assert_eq!(out["hands"], json!(round.iter().map(|h| format_cards(h)).collect::<Vec<_>>()));
    let a = ok_json(&["deal"]);
    assert_eq!(a["hands"].as_array().unwrap().len(), 4);
    assert_ne!(a["hands"], ok_json(&["deal"])["hands"], "unseeded deals differ");
    bad(&["--players", "5", "deal", "--seed", "1"], "invalid_table", "5 players");
    assert_eq!(sss(&["deal", "--round", "3"]).status.code(), Some(2), "--round needs --seed");
}

/// The library's report as `sss simulate --json` writes it (through the same JSON text, so
/// that floating-point figures compare exactly).
fn library_json(c: &SimConfig) -> Value {
    let report = run(c).unwrap();
    let mut v: Value = serde_json::from_str(&serde_json::to_string(&report).unwrap()).unwrap();
    v["rules"] = serde_json::from_str(&c.rules.to_json()).unwrap();
    v
}

#[test]
fn simulate_reports_what_the_library_reports() {
    let args = ["--preset", "kx", "--players", "3", "simulate", "--rounds", "150", "--seed", "9"];
    let out = ok_json(&args);
    let mut c = SimConfig::new(Rules::preset(Preset::Kx), 3, 150, 9);
    let mut out = out;
    // The report names its rule set's preset (for the plot's title); the rest is the library's.
    assert_eq!(out.as_object_mut().unwrap().remove("preset"), Some(json!("kx")));
    assert_eq!(out, library_json(&c));
    // Any thread count, the same figures.
    let mut one = args.to_vec();
    one.extend(["--threads", "1"]);
    let mut three = args.to_vec();
    three.extend(["--threads", "3"]);
    assert_eq!(ok_json(&one), ok_json(&three));
    // Baselines per seat, no specials, and money.
    let out = ok_json(&[
        "--players",
        "3",
        "simulate",
        "--rounds",
        "200",
        "--seed",
        "4",
        "--player",
        "greedy,product,arranger",
        "--no-specials",
        "--base",
        "100",
        "--carries",
        "3000,2000,1000",
        "--rake",
        "1/20",
    ]);
    c = SimConfig::new(Rules::classic(), 3, 200, 4);
    c.policies = vec![Policy::Greedy, Policy::Product, Policy::Arranger];
    c.specials = false;
    c.stakes = Some(shisanshui::money::Stakes {
        base: 100,
        carries: Some(vec![3000, 2000, 1000]),
        rake: shisanshui::money::Rake { numerator: 1, denominator: 20 },
    });
    let mut out = out;
    assert_eq!(out.as_object_mut().unwrap().remove("preset"), Some(json!("classic")));
    assert_eq!(out, library_json(&c));
    assert_eq!(out["declared"], 0);
    // The text table shows the same counts.
    let report = run(&c).unwrap();
    let text = ok(&[
        "--players",
        "3",
        "simulate",
        "--rounds",
        "200",
        "--seed",
        "4",
        "--player",
        "greedy,product,arranger",
        "--no-specials",
        "--base",
        "100",
        "--carries",
        "3000,2000,1000",
        "--rake",
        "1/20",
    ]);
    assert!(text.contains(&format!("shots {}", report.shots)), "{text}");
    assert!(
        text.contains(&format!(
            "rake {}, house {}",
            report.money.as_ref().unwrap().total_rake,
            report.money.as_ref().unwrap().total_house
        )),
        "{text}"
    );
    assert!(text.contains("greedy, product, arranger"), "{text}");
    let zh = ok(&["--lang", "zh", "--players", "2", "simulate", "--rounds", "50"]);
    assert!(zh.contains("打枪") && zh.contains("每座每局水数"), "{zh}");
    // Every special the rule set enables has a row.
    let classic = ok(&["simulate", "--rounds", "20"]);
    for s in &Rules::classic().specials {
        assert!(classic.contains(s.special.name()), "no row for {}", s.special);
    }
}

#[test]
fn simulate_names_bad_input() {
    bad(
        &["--players", "5", "simulate", "--rounds", "10"],
        "invalid_table",
        "5 players, but a table of one deck (52 cards) seats 2 to 4",
    );
    // With extra suits the deck seats more (RULES.md §11).
    assert!(ok_json(&["--extra-suits", "s", "--players", "5", "simulate", "--rounds", "4"])["players"] == 5);
    bad(&["simulate", "--rounds", "0"], "invalid_argument", "0 rounds");
    bad(&["simulate", "--rounds", "10", "--player", "nobody"], "invalid_argument", "unknown player \"nobody\"");
    bad(&["simulate", "--rounds", "10", "--player", "greedy,greedy"], "invalid_argument", "2 policies for 4 seats");
    bad(&["simulate", "--rounds", "10", "--base", "1", "--carries", "1,2"], "invalid_money", "2 carries for 4 seats");
    bad(&["simulate", "--rounds", "10", "--base", "1", "--rake", "101"], "invalid_money", "over 100%");
    bad(&["--preset", "nope", "simulate"], "unknown_preset", "unknown preset");
    bad(&["--rules", "{\"scoring\": \"sideways\"}", "simulate"], "invalid_rules", "scoring");
}

#[test]
fn simulate_plots_with_matplotlib_or_says_it_is_missing() {
    let dir = scratch("plot");
    let png = dir.join("water.png");
    // An interpreter that cannot import matplotlib: a clear error before any round is played.
    let fake = dir.join("no-matplotlib-python");
    std::fs::write(&fake, "#!/bin/sh\nexit 1\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let out = sss_env(
        &["simulate", "--rounds", "10", "--plot", png.to_str().unwrap()],
        &[("SSS_PYTHON", fake.to_str().unwrap())],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--plot needs matplotlib"), "{}", text(&out.stderr));
    assert!(!png.exists());
    let out =
        sss_env(&["simulate", "--rounds", "10", "--plot", png.to_str().unwrap()], &[("SSS_PYTHON", "/no/such/python")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--plot needs Python 3 with matplotlib"));
    // With matplotlib (when this machine has it): a PNG.
    let python = std::env::var("SSS_PYTHON").unwrap_or_else(|_| "python3".into());
    let has = Command::new(&python).args(["-c", "import matplotlib"]).status().is_ok_and(|s| s.success());
    if has {
        let out = sss_env(
            &["--players", "2", "simulate", "--rounds", "100", "--plot", png.to_str().unwrap()],
            &[("SSS_PYTHON", &python)],
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains(&format!("plot written to {}", png.display())));
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    } else {
        eprintln!("matplotlib is not installed for {python}: the PNG itself was not drawn");
    }
}

#[test]
fn rules_and_presets_print_what_the_library_has() {
    for p in Preset::ALL {
        let out = ok_json(&["--preset", p.name(), "rules"]);
        let want: Value = serde_json::from_str(&Rules::preset(p).to_json()).unwrap();
        assert_eq!(out, want, "{p}");
    }
    // A line each: the name, then what the preset is (tools/tests/first_contact.rs checks the
    // descriptions against the presets).
    let names: Vec<String> =
        ok(&["presets"]).lines().map(|l| l.split_whitespace().next().unwrap_or_default().to_string()).collect();
    assert_eq!(names, Preset::ALL.iter().map(|p| p.name().to_string()).collect::<Vec<_>>());
    assert_eq!(ok_json(&["presets"]).as_array().unwrap().len(), Preset::ALL.len());
    // --rules: changes from --preset, a whole rule set from a file, or standard input.
    let out = ok_json(&["--preset", "kx", "--rules", "{\"lane_water\": {\"front_trips\": 4}}", "rules"]);
    assert_eq!(out["lane_water"]["front_trips"], 4);
    assert_eq!(out["lane_water"]["back_quads"], 4);
    assert_eq!(out["shooting"]["multiplier"], 2, "kx's other fields stay");
    let dir = scratch("rules");
    let file = dir.join("hk.json");
    std::fs::write(&file, Rules::preset(Preset::Hk).to_json()).unwrap();
    assert_eq!(ok_json(&["--rules", file.to_str().unwrap(), "rules"]), ok_json(&["--preset", "hk", "rules"]));
    let piped = sss_stdin(&["--json", "--rules", "-", "rules"], &Rules::preset(Preset::Hk).to_json());
    assert_eq!(serde_json::from_str::<Value>(&text(&piped.stdout)).unwrap(), ok_json(&["--preset", "hk", "rules"]));
    // The evaluator sees the changed rules.
    let lowest = Evaluator::new(&Rules { wheel: shisanshui::Wheel::Lowest, ..Rules::classic() });
    let wheel = lowest.evaluate(&parse_cards("As 2d 3c 4h 5s").unwrap()).unwrap();
    assert_eq!(ok_json(&["--rules", "{\"wheel\": \"lowest\"}", "eval", "As 2d 3c 4h 5s"])["value"], wheel.value());
    bad(
        &["--rules", "{\"lane_water\": {\"front_trips\": 0}}", "rules"],
        "invalid_rules",
        "--rules (inline JSON): invalid rule set at `lane_water.front_trips`",
    );
    bad(&["--rules", "{\"nope\": 1}", "rules"], "invalid_rules", "nope");
    bad(&["--rules", "/no/such/rules.json", "rules"], "io", "/no/such/rules.json");
}

#[test]
fn combos_and_complete_match_the_shared_vectors() {
    let v = vectors("hints.json");
    for h in v["combos"].as_array().unwrap().iter().step_by(16) {
        let rules = json!({"wheel": h["wheel"], "suit_tiebreak": h["suit_tiebreak"]}).to_string();
        let cards = format_cards(&codes(&h["codes"]));
        let cat = h["category"].to_string();
        let out = ok_json(&["--rules", &rules, "combos", "--category", &cat, &cards]);
        let want: Vec<String> = h["combos"].as_array().unwrap().iter().map(|c| format_cards(&codes(c))).collect();
        let got: Vec<&Value> = out["combos"].as_array().unwrap().iter().map(|c| &c["cards"]).collect();
        assert_eq!(json!(got), json!(want), "{h}");
        let text = ok(&["--rules", &rules, "combos", "-c", &cat, &cards]);
        if let Some(first) = want.first() {
            assert!(text.starts_with(&format!("1. {first}")), "{text}");
        }
    }
    let lane = |v: &Value| v.as_array().map(|_| format_cards(&codes(v)));
    for c in v["complete"].as_array().unwrap().iter().step_by(3) {
        let mut args = vec![
            "--preset".to_string(),
            c["preset"].as_str().unwrap().into(),
            "--players".into(),
            c["players"].to_string(),
            "complete".into(),
        ];
        for (name, key) in [("--front", "fixed_front"), ("--middle", "fixed_middle"), ("--back", "fixed_back")] {
            if let Some(l) = lane(&c[key]) {
                args.extend([name.to_string(), l]);
            }
        }
        args.push(format_cards(&codes(&c["codes"])));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = ok_json(&args);
        let want = Arrangement::new(&codes(&c["front"]), &codes(&c["middle"]), &codes(&c["back"])).unwrap();
        assert_eq!(out["arrangement"], want.to_string(), "{c}");
        assert!((out["expected_water"].as_f64().unwrap() - c["expected_water"].as_f64().unwrap()).abs() < 1e-6);
    }
    assert!(ok(&["--lang", "zh", "combos", "-c", "对子", HAND]).starts_with("1. As Ad"));
    bad(&["combos", "-c", "nothing", HAND], "invalid_argument", "--category: invalid argument: unknown category");
    bad(&["complete", "--front", "Qs Qd Qh", HAND], "card_not_in_hand", "card Qs at position 0 is not in the hand");
    bad(&["complete", "--front", "As Ad", HAND], "wrong_card_count", "expected 3 cards, got 2");
    bad(
        &["complete", "--back", "3h 2c 4s 5d 7h", "--middle", "As Ad Kh Kc 9s", HAND],
        "no_legal_arrangement",
        "no legal arrangement",
    );
}

/// Big tables (RULES.md §11) from the command line: the deal, arrangement, settlement and
/// simulation of 5 to 8 seats with `--extra-suits`, against the shared vectors and the library.
#[test]
fn big_tables_from_the_command_line() {
    let v = vectors("big_tables.json");
    for d in v["deals"].as_array().unwrap() {
        let (extra, players, seed) =
            (d["extra_suits"].as_str().unwrap(), d["players"].as_u64().unwrap(), d["seed"].as_u64().unwrap());
        let mut args =
            vec!["deal".to_string(), "--players".into(), players.to_string(), "--seed".into(), seed.to_string()];
        if !extra.is_empty() {
            args.extend(["--extra-suits".to_string(), extra.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = ok_json(&args);
        let want: Vec<String> = d["hands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| {
                let codes: Vec<u8> = h.as_array().unwrap().iter().map(|c| c.as_u64().unwrap() as u8).collect();
                format_cards(&codes.iter().map(|&c| Card::from_code(c).unwrap()).collect::<Vec<_>>())
            })
            .collect();
        assert_eq!(out["hands"], json!(want), "{args:?}");
    }
    // A hand with copies: arranged legally, five of a kind where it pays.
    let hand = "9s 9s 9h 9d 9c Kd Qc 7h 6c 5d 4s 3h 2c";
    let out = ok_json(&["--extra-suits", "dchs", "--players", "8", "arrange", hand]);
    let rules = Rules { extra_suits: shisanshui::SuitSet::ALL, ..Rules::classic() };
    let lanes = out["arrangement"].as_str().unwrap_or_default().to_string();
    let a = Arrangement::parse_in(&lanes, rules.extra_suits).unwrap();
    assert!(!a.evaluate(&rules).foul.is_foul());
    assert!(lanes.contains("9s 9s"), "{out}");
    // Eval of five of a kind, and a third copy named.
    let e = ok_json(&["--extra-suits", "s", "eval", "As As Ah Ad Ac"]);
    assert_eq!(e["category"], "five_of_a_kind", "{e}");
    bad(&["--extra-suits", "s", "eval", "As As As Ad Ac"], "too_many_copies", "one copy too many");
    bad(&["--players", "6", "deal", "--seed", "1"], "invalid_table", "6 players");
    bad(&["--extra-suits", "sx", "rules"], "invalid_rules", "--extra-suits");
    // A round of six from the deal, settled: water sums to zero.
    let deal = ok_json(&["--extra-suits", "sh", "--players", "6", "deal", "--seed", "3"]);
    let seats: Vec<Value> = deal["hands"].as_array().unwrap().clone();
    let round = json!({"rules": {"extra_suits": ["h", "s"]}, "seats": seats});
    let s = ok_json(&["settle", &round.to_string()]);
    let total: i64 = s["settlement"]["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["num"].as_i64().unwrap() * 840 / w["den"].as_i64().unwrap())
        .sum();
    assert_eq!((s["players"].as_u64(), total), (Some(6), 0), "{s}");
    // The simulation of six seats is the library's.
    let sim = ok_json(&["--extra-suits", "sh", "--players", "6", "simulate", "--rounds", "20", "--seed", "5"]);
    let mut c = SimConfig::new(Rules { extra_suits: "sh".parse().unwrap(), ..Rules::classic() }, 6, 20, 5);
    c.policies = vec![Policy::Arranger];
    let r = run(&c).unwrap();
    assert_eq!(sim["fouls"].as_u64(), Some(r.fouls), "{sim}");
    assert_eq!(sim["players"].as_u64(), Some(6), "{sim}");
}

/// The rules of a banker room under classic.
const BANKER_RULES: &str = r#"{"table": "banker"}"#;

#[test]
fn banker_rooms_play_from_the_command_line() {
    let mut rules = Rules::classic();
    rules.table = shisanshui::Table::Banker;
    // Without a role the commands that arrange say which option names it.
    for cmd in ["arrange", "suggest", "special"] {
        bad(&["--rules", BANKER_RULES, cmd, HAND], "invalid_table", "say which with --role banker or --role player");
    }
    // Each role is the library's arranger for that role.
    for (role, r) in [("banker", shisanshui::arrange::Role::Banker), ("player", shisanshui::arrange::Role::Player)] {
        let out = ok_json(&["--rules", BANKER_RULES, "--role", role, "arrange", HAND]);
        let want = Arranger::new_for(&rules, 4, r).unwrap().arrange(&parse_cards(HAND).unwrap()).unwrap();
        assert_eq!(out["arrangement"], want.arrangement.to_string(), "{role}");
        let got = out["expected_water"].as_f64().unwrap();
        assert!((got - want.expected_water).abs() < 1e-12, "{role}: {got} vs {}", want.expected_water);
    }
    bad(&["--role", "banker", "arrange", HAND], "invalid_table", "--role");

    // simulate: --banker names the banker's seat (seat 0 when not given, as in the demo); the
    // figures are the library's.
    let mut out = ok_json(&["--rules", BANKER_RULES, "simulate", "--rounds", "120", "--seed", "4", "--banker", "1"]);
    let mut c = SimConfig::new(rules.clone(), 4, 120, 4);
    c.threads = 0;
    c.banker = Some(1);
    assert_eq!(out.as_object_mut().unwrap().remove("preset"), Some(json!("classic (changed)")));
    assert_eq!(out, library_json(&c));
    let text = ok(&["--rules", BANKER_RULES, "simulate", "--rounds", "50", "--banker", "2"]);
    assert!(text.contains("banker: seat 2"), "{text}");

    // settle: "banker" in the round JSON, or --banker.
    let seats = [
        "2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s",
        "Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h",
        "2c 3s 4h / 5c 5d 5s 6c 6h / Jc Jd Ks Kc Ah",
    ];
    let hands: Vec<shisanshui::PlayerHand> =
        seats.iter().map(|s| shisanshui::PlayerHand::Arranged(s.parse().unwrap())).collect();
    let want = shisanshui::settle::settle_with_banker(&hands, &rules, Some(0)).unwrap();
    let round = json!({"rules": {"table": "banker"}, "seats": seats, "banker": 0}).to_string();
    let out = ok_json(&["settle", &round]);
    assert_eq!(out["banker"], 0);
    assert_eq!(out["settlement"], serde_json::to_value(&want).unwrap());
    let unnamed = json!({"rules": {"table": "banker"}, "seats": seats}).to_string();
    assert_eq!(ok_json(&["settle", "--banker", "0", &unnamed])["settlement"], out["settlement"]);
    assert!(ok(&["settle", &round]).starts_with("banker: seat 0\n"));
    bad(&["settle", &unnamed], "invalid_table", "name the banker seat with --banker N or \"banker\": N");
    bad(&["settle", "--banker", "1", &round], "invalid_input", "give one");
    let far = json!({"rules": {"table": "banker"}, "seats": seats, "banker": 3}).to_string();
    bad(&["settle", &far], "invalid_table", "banker seat 3 is not at the table");
    let all_pairs = json!({"seats": seats, "banker": 0}).to_string();
    bad(&["settle", &all_pairs], "invalid_table", "settle all pairs");
    bad(&["settle", &json!({"seats": seats, "banker": "zero"}).to_string()], "invalid_round", "`banker`");
}

/// The round JSON printed by `sss settle --help`, without its notes in parentheses.
fn help_round() -> String {
    let help = ok(&["settle", "--help"]);
    let start = help.find("Round JSON:").expect("the help shows the round format");
    let mut json = String::new();
    for line in help[start..].lines().skip(1) {
        // Notes continued on their own line sit far to the right.
        if line.len() - line.trim_start().len() > 30 {
            continue;
        }
        let code = match line.find("  (") {
            Some(i) => &line[..i],
            None => line,
        };
        if code.trim().is_empty() {
            continue;
        }
        if !code.starts_with("  ") || code.trim_start().starts_with("A banker room") {
            break;
        }
        json.push_str(code);
        json.push('\n');
        if code == "  }" {
            break;
        }
    }
    json
}

#[test]
fn the_settle_help_example_is_a_valid_round() {
    let round = help_round();
    let v: Value = serde_json::from_str(&round).unwrap_or_else(|e| panic!("{e}:\n{round}"));
    assert_eq!(v["seats"].as_array().unwrap().len(), 3);
    let dir = scratch("help-round");
    let file = dir.join("round.json");
    std::fs::write(&file, &round).unwrap();
    let out = ok_json(&["settle", file.to_str().unwrap()]);
    assert_eq!(out["players"], 3);
    // Its third seat declares six pairs and is paid for it: the text says who is paid for what.
    let text = ok(&["settle", file.to_str().unwrap()]);
    assert!(text.contains("seat 2 is paid for six pairs"), "{text}");
    assert!(ok(&["--lang", "zh", "settle", file.to_str().unwrap()]).contains("座位 2 以六对半收水"));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::Write;
    // sss reads its rules from standard input, so the pipe is closed before it writes a byte.
    for args in [&["--rules", "-", "suggest", HAND][..], &["--json", "--rules", "-", "rules"][..]] {
        let mut child = Command::new(SSS)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        // The rules it waits for (it reads them to the end, then writes its output).
        child.stdin.take().unwrap().write_all(b"{}").unwrap();
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "sss {args:?} on a closed pipe: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn the_first_day_messages_name_what_is_wrong() {
    // A missing rules file names the option.
    bad(&["--rules", "nofile.json", "eval", "As Ks Qs Js Ts"], "io", "--rules nofile.json: ");
    // A partial rule set may name the preset it starts from, on the command line and in a round.
    let kx4 = ok_json(&["--rules", r#"{"preset": "kx", "lane_water": {"front_trips": 4}}"#, "rules"]);
    let mut want = Rules::preset(Preset::Kx);
    want.lane_water.front_trips = 4;
    assert_eq!(kx4, serde_json::from_str::<Value>(&want.to_json()).unwrap());
    assert_eq!(ok_json(&["--rules", r#"{"lane_water": {"front_trips": 4}}"#, "rules"])["wheel"], "second_highest");
    bad(&["--preset", "hk", "--rules", r#"{"preset": "kx"}"#, "rules"], "invalid_input", "give one");
    // Chinese text is Chinese: no English description in it.
    let zh = ok(&["--lang", "zh", "eval", "As Ks Qs Js Ts"]);
    assert!(zh.contains("同花顺") && !zh.contains("straight") && !zh.contains("value"), "{zh}");
    // A command's own options come before the table options in its help.
    let help = ok(&["complete", "--help"]);
    let (own, table) = help.split_once("Table options:").expect("a Table options heading");
    assert!(own.contains("--front") && !own.contains("--preset"), "{help}");
    assert!(table.contains("--preset") && table.contains("--role") && !table.contains("--front"), "{help}");
    // A lane of the wrong size is named.
    bad(
        &["check", "Kd Kc 9h 2s / Ks Kh 9s 5s / As Ad Ah 2c 2d"],
        "wrong_card_count",
        "arrangement: front lane (头墩): expected 3 cards, got 4",
    );
    // Combos of a category no one-deck hand has is an error, not an empty list.
    bad(&["combos", "-c", "9", HAND], "invalid_argument", "more than one deck");
}

#[test]
fn a_failed_plot_is_checked_before_the_run_or_reported_after_it() {
    let dir = scratch("plot-checks");
    // A bad extension or folder: before any round is played (a million rounds would take minutes).
    let jpg = dir.join("water.jpg");
    bad(&["simulate", "--rounds", "1000000", "--plot", jpg.to_str().unwrap()], "plot", "ending in .png");
    let nowhere = dir.join("no-such-folder").join("water.png");
    bad(&["simulate", "--rounds", "1000000", "--plot", nowhere.to_str().unwrap()], "plot", "there is no folder");
    bad(&["simulate", "--rounds", "1000000", "--plot", dir.to_str().unwrap()], "plot", "ending in .png");
    // Drawing that fails after the run: the report is printed, then the error, exit 1.
    let fake = dir.join("failing-python");
    std::fs::write(&fake, "#!/bin/sh\n[ \"$2\" = \"import matplotlib\" ] && exit 0\necho 'cannot draw' >&2\nexit 1\n")
        .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let png = dir.join("water.png");
    let out = sss_env(
        &["simulate", "--rounds", "100", "--plot", png.to_str().unwrap()],
        &[("SSS_PYTHON", fake.to_str().unwrap())],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("swing"), "the report is printed: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains("--plot: cannot draw"), "{}", text(&out.stderr));
    let out = sss_env(
        &["--json", "simulate", "--rounds", "100", "--plot", png.to_str().unwrap()],
        &[("SSS_PYTHON", fake.to_str().unwrap())],
    );
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(v["rounds"], 100);
    assert_eq!(v["error"]["kind"], "plot");
    assert!(!png.exists(), "the check leaves no file behind");
}
