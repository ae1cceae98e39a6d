//! Wild jokers (RULES.md §12) on the command line: `--jokers N`, `--joker-lanes` and
//! `--jokers-in-specials` on every command that takes a rule set, checked against the shared
//! vectors of `tests/vectors/jokers.json` and the library's own answers; bad joker input named
//! (exit 1); and the demo's joker round.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};
use shisanshui::arrange::Arranger;
use shisanshui::deck::MAX_JOKERS;
use shisanshui::simulate::{round_deal_for, run, SimConfig};
use shisanshui::{
    format_cards, parse_cards_in, settle, Arrangement, Card, Category, Deck, JokerLanes, Lane, PlayerHand, Rules,
    SuitSet, Water,
};

const SSS: &str = env!("CARGO_BIN_EXE_sss");
const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors");

fn sss(args: &[&str]) -> Output {
    Command::new(SSS).args(args).stdin(Stdio::null()).output().expect("sss starts")
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

/// A bad-input run: exit 1, a message on stderr containing every needle, and with `--json` an
/// error object of this `kind` on stdout.
fn bad(args: &[&str], kind: &str, needles: &[&str]) {
    let out = sss(args);
    assert_eq!(out.status.code(), Some(1), "sss {args:?}: {}", text(&out.stderr));
    let err = text(&out.stderr);
    for needle in needles {
        assert!(err.starts_with("sss: ") && err.contains(needle), "sss {args:?}: {err:?} lacks {needle:?}");
    }
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let out = sss(&all);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_str(&text(&out.stdout)).expect("errors are JSON under --json");
    assert_eq!(v["error"]["kind"], kind, "sss {args:?}: {v}");
    for needle in needles {
        assert!(v["error"]["message"].as_str().unwrap().contains(needle), "{v}");
    }
}

fn vectors() -> Value {
    let path = Path::new(VECTORS).join("jokers.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The biggest deck: every suit twice and six jokers, so that any vector's codes convert.
fn any_deck() -> Deck {
    Deck::new(SuitSet::ALL, MAX_JOKERS).unwrap()
}

/// Cards of codes, as many copies as the codes say (a lane as played may repeat a card more
/// often than any deck holds it).
fn cards(v: &Value) -> Vec<Card> {
    v.as_array().unwrap().iter().map(|c| Card::from_any_code(c.as_u64().unwrap() as u8).unwrap()).collect()
}

fn shown(v: &Value) -> String {
    format_cards(&cards(v))
}

/// The rule set JSON of a vector rule set by name.
fn rules_json<'a>(v: &'a Value, name: &str) -> &'a str {
    v["rules"].as_array().unwrap().iter().find(|r| r["name"] == name).unwrap()["json"].as_str().unwrap()
}

fn category_id(index: &Value) -> String {
    let c = Category::from_index(index.as_u64().unwrap() as u8).unwrap();
    c.name().replace(' ', "_")
}

fn classic_with(jokers: u8, reading: JokerLanes) -> Rules {
    Rules { jokers, joker_lanes: reading, ..Rules::classic() }
}

/// `SJ as As, BJ as Kh` of an arrangement's jokers under a rule set, per lane.
fn library_stands_for(a: &Arrangement, rules: &Rules, lane: Lane) -> Vec<String> {
    a.evaluate_jokers(rules)
        .stands_for(a)
        .into_iter()
        .filter(|(l, ..)| *l == lane)
        .map(|(_, _, joker, card)| format!("{joker} as {card}"))
        .collect()
}

#[test]
fn the_vector_rule_sets_load_and_the_options_make_them() {
    let v = vectors();
    for r in v["rules"].as_array().unwrap() {
        let json = r["json"].as_str().unwrap();
        let want: Value = serde_json::from_str(json).unwrap();
        assert_eq!(ok_json(&["--rules", json, "rules"]), want, "{}", r["name"]);
    }
    // The options give the same rule sets as the vectors' JSON.
    let j2 = ok_json(&["--jokers", "2", "rules"]);
    assert_eq!(j2, serde_json::from_str::<Value>(rules_json(&v, "classic_j2")).unwrap());
    let avoid = ok_json(&["--jokers", "2", "--joker-lanes", "avoid_foul", "rules"]);
    assert_eq!(avoid, serde_json::from_str::<Value>(rules_json(&v, "classic_j2_avoid")).unwrap());
    let sh = ok_json(&["--preset", "regional", "--extra-suits", "hs", "--jokers", "6", "rules"]);
    assert_eq!(sh, serde_json::from_str::<Value>(rules_json(&v, "regional_j6_sh")).unwrap());
    // Without the options the JSON names no joker field (as before jokers).
    let plain = ok(&["rules"]);
    assert!(!plain.contains("joker"), "{plain}");
    // The options change a --rules file's fields too.
    let from_file =
        ok_json(&["--rules", rules_json(&v, "classic_j2"), "--jokers", "4", "--joker-lanes", "AVOID_FOUL", "rules"]);
    assert_eq!((from_file["jokers"].clone(), from_file["joker_lanes"].clone()), (json!(4), json!("avoid_foul")));
}

#[test]
fn card_text_reads_and_shows_jokers() {
    let v = vectors();
    for c in v["cards"].as_array().unwrap() {
        let hand = format!("{} 2c 3d", c["text"].as_str().unwrap());
        let out = ok_json(&["--jokers", "2", "eval", &hand]);
        let want = format!("{} 2c 3d", c["display"].as_str().unwrap());
        assert_eq!(out["cards"], want, "{c}");
        let code = c["code"].as_u64().unwrap() as u8;
        assert_eq!(Card::from_any_code(code).unwrap().to_string(), c["display"].as_str().unwrap());
    }
}

#[test]
fn deals_match_the_vectors() {
    let v = vectors();
    for d in v["deals"].as_array().unwrap() {
        let rules = rules_json(&v, d["rules"].as_str().unwrap());
        let players = d["players"].to_string();
        let seed = d["seed"].to_string();
        let out = ok_json(&["--rules", rules, "--players", &players, "deal", "--seed", &seed]);
        let want: Vec<String> = d["hands"].as_array().unwrap().iter().map(shown).collect();
        assert_eq!(out["hands"], json!(want), "{d}");
        let text = ok(&["--rules", rules, "--players", &players, "deal", "--seed", &seed]);
        for (i, h) in want.iter().enumerate() {
            assert!(text.contains(&format!("seat {i}: {h}\n")), "{text}");
        }
    }
    // `--jokers 2` deals what the vector's classic_j2 deals, and every joker is dealt somewhere
    // over a few seeds (54 cards, 52 dealt).
    let first = &v["deals"][0];
    assert_eq!(first["rules"], "classic_j2");
    let out = ok_json(&["--jokers", "2", "--players", "4", "deal", "--seed", &first["seed"].to_string()]);
    let want: Vec<String> = first["hands"].as_array().unwrap().iter().map(shown).collect();
    assert_eq!(out["hands"], json!(want));
    let mut seen = String::new();
    for seed in 0..8 {
        let out = ok_json(&["--jokers", "2", "deal", "--seed", &seed.to_string()]);
        seen.push_str(&out["hands"].to_string());
    }
    assert!(seen.contains("SJ") && seen.contains("BJ"), "{seen}");
    // No joker without the option.
    for seed in 0..8 {
        let out = ok_json(&["deal", "--seed", &seed.to_string()]);
        assert!(!out["hands"].to_string().contains("SJ") && !out["hands"].to_string().contains("BJ"));
    }
    // A simulated round replays with its jokers.
    let rules = classic_with(2, JokerLanes::EachBest);
    let hands = round_deal_for(&rules, 5, 3, 4).unwrap();
    let out = ok_json(&["--jokers", "2", "deal", "--seed", "5", "--round", "3"]);
    assert_eq!(out["hands"], json!(hands.iter().map(|h| format_cards(h)).collect::<Vec<_>>()));
}

#[test]
fn lanes_match_the_vectors() {
    let v = vectors();
    for l in v["lanes"].as_array().unwrap() {
        let rules = rules_json(&v, l["rules"].as_str().unwrap());
        let input = match l["text"].as_str() {
            Some(t) => t.to_string(),
            None => shown(&l["codes"]),
        };
        let out = ok_json(&["--rules", rules, "eval", &input]);
        assert_eq!(out["value"], l["value"], "{l}");
        assert_eq!(out["category"], category_id(&l["category"]), "{l}");
        assert_eq!(out["cards"], shown(&l["codes"]), "{l}");
        assert_eq!(out["played"], shown(&l["played"]), "{l}");
        // The text says what each joker stands for, in the order of the lane.
        let text = ok(&["--rules", rules, "eval", &input]);
        let given = cards(&l["codes"]);
        let played = cards(&l["played"]);
        let pairs: Vec<String> =
            given.iter().zip(&played).filter(|(c, _)| c.is_joker()).map(|(j, p)| format!("{j} as {p}")).collect();
        let value = format!("value {:#x}", l["value"].as_u64().unwrap());
        if pairs.is_empty() {
            assert!(text.ends_with(&format!("{value}\n")) && !text.contains(" as "), "{text}");
        } else {
            assert!(text.ends_with(&format!("{value}, {}\n", pairs.join(", "))), "{text}");
        }
    }
    // The Chinese text too.
    let zh = ok(&["--jokers", "2", "--lang", "zh", "eval", "As Ah Ad Ac SJ"]);
    assert!(zh.contains("五同") && zh.ends_with("SJ 当 As\n"), "{zh}");
}

#[test]
fn arrangements_match_the_vectors() {
    let v = vectors();
    for a in v["arrangements"].as_array().unwrap() {
        let rules = rules_json(&v, a["rules"].as_str().unwrap());
        let lanes = format!("{} / {} / {}", shown(&a["front"]), shown(&a["middle"]), shown(&a["back"]));
        let out = ok_json(&["--rules", rules, "check", &lanes]);
        assert_eq!(out["foul"]["front_over_middle"], a["front_over_middle"], "{a}");
        assert_eq!(out["foul"]["middle_over_back"], a["middle_over_back"], "{a}");
        let values: Vec<&Value> = out["lanes"].as_array().unwrap().iter().map(|l| &l["value"]).collect();
        assert_eq!(json!(values), a["values"], "{a}");
        let played: Vec<String> = a["played"].as_array().unwrap().iter().map(shown).collect();
        let got: Vec<&Value> = out["lanes"].as_array().unwrap().iter().map(|l| &l["played"]).collect();
        assert_eq!(json!(got), json!(played), "{a}");
        assert_eq!(out["played"], played.join(" / "), "{a}");
        // Each joker of the JSON's list stands for its played card.
        for j in out["jokers"].as_array().unwrap() {
            let lane = ["front", "middle", "back"].iter().position(|l| j["lane"] == *l).unwrap();
            let slot = j["slot"].as_u64().unwrap() as usize;
            let played_lane = cards(&a["played"][lane]);
            assert_eq!(j["as"], played_lane[slot].to_string(), "{a}");
            assert_eq!(j["joker"], cards([&a["front"], &a["middle"], &a["back"]][lane])[slot].to_string());
        }
    }
}

#[test]
fn rounds_match_the_vectors() {
    let v = vectors();
    for r in v["rounds"].as_array().unwrap() {
        let name = r["rules"].as_str().unwrap();
        let rules_text = rules_json(&v, name);
        let rules = Rules::from_json(rules_text).unwrap();
        let seats: Vec<String> = r["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let c = cards(s);
                Arrangement::new_in(&c[..3], &c[3..8], &c[8..], rules.deck_spec()).unwrap().to_string()
            })
            .collect();
        let round = json!({"seats": seats}).to_string();
        let out = ok_json(&["--rules", rules_text, "settle", &round]);
        let totals: Vec<String> = out["settlement"]["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| serde_json::from_value::<Water>(w.clone()).unwrap().to_string())
            .collect();
        assert_eq!(json!(totals), r["totals"], "{r}");
        // The rule set given in the round JSON instead settles the same.
        let inline = json!({"rules": serde_json::from_str::<Value>(rules_text).unwrap(), "seats": seats});
        assert_eq!(ok_json(&["settle", &inline.to_string()])["settlement"], out["settlement"]);
        // Each seat as played, and its jokers in the text.
        let text = ok(&["--rules", rules_text, "settle", &round]);
        for (i, s) in seats.iter().enumerate() {
            let a = Arrangement::parse_in(s, rules.deck_spec()).unwrap();
            let je = a.evaluate_jokers(&rules);
            assert_eq!(out["played"][i], je.played.to_string(), "{r}");
            let line = text.lines().find(|l| l.starts_with(&format!("seat {i}: "))).unwrap();
            let pairs: Vec<String> = je.stands_for(&a).into_iter().map(|(_, _, j, c)| format!("{j} as {c}")).collect();
            if pairs.is_empty() {
                assert!(!line.contains(" as "), "{line}");
            } else {
                assert!(line.ends_with(&format!("({})", pairs.join(", "))), "{line}");
            }
        }
    }
}

#[test]
fn arranged_hands_match_the_vectors() {
    let v = vectors();
    for a in v["arranged"].as_array().unwrap() {
        let rules = rules_json(&v, a["rules"].as_str().unwrap());
        let players = a["players"].to_string();
        let hand = shown(&a["codes"]);
        let out = ok_json(&["--rules", rules, "--players", &players, "arrange", &hand]);
        for lane in ["front", "middle", "back"] {
            assert_eq!(out[lane], shown(&a[lane]), "{a}");
        }
        let ev = out["expected_water"].as_f64().unwrap();
        assert!((ev - a["expected_water"].as_f64().unwrap()).abs() < 1e-6, "{a}: {ev}");
        // The text names the jokers' cards, as the library plays them.
        let r = Rules::from_json(rules).unwrap();
        let arrangement = Arrangement::parse_in(out["arrangement"].as_str().unwrap(), r.deck_spec()).unwrap();
        assert!(!arrangement.evaluate(&r).foul.is_foul());
        let je = arrangement.evaluate_jokers(&r);
        assert_eq!(out["played"], je.played.to_string());
        let text = ok(&["--rules", rules, "--players", &players, "arrange", &hand]);
        let pairs: Vec<String> = je
            .stands_for(&arrangement)
            .into_iter()
            .map(|(lane, _, j, c)| format!("{j} as {c} ({})", lane.name()))
            .collect();
        assert!(!pairs.is_empty(), "the vector hands hold jokers: {a}");
        assert!(text.contains(&format!("\njokers: {}\n", pairs.join(", "))), "{text}");
    }
}

#[test]
fn vector_errors_are_named() {
    let v = vectors();
    for e in v["errors"].as_array().unwrap() {
        let kind = e["kind"].as_str().unwrap();
        if let Some(t) = e["text"].as_str() {
            let rules = rules_json(&v, e["rules"].as_str().unwrap());
            let position = format!("position {}", e["position"]);
            let card = parse_cards_in(t, any_deck()).unwrap()[e["position"].as_u64().unwrap() as usize].to_string();
            bad(&["--rules", rules, "eval", t], kind, &["cards: ", &position, &card]);
        } else if let Some(r) = e["rules_json"].as_str() {
            let path = format!("`{}`", e["path"].as_str().unwrap());
            bad(&["--rules", r, "rules"], kind, &["--rules (inline JSON)", &path]);
        }
    }
}

/// Lanes of RULES.md §12's example: back K K 9 9 3, middle Q Q J 5 + joker.
const EXAMPLE: &str = "4c 3d 2h / Qs Qh Jd 5c SJ / Kd Kc 9s 9h 3s";

#[test]
fn the_joker_lanes_option_reads_the_foul_check() {
    let each = ok_json(&["--jokers", "1", "check", EXAMPLE]);
    assert_eq!(each["fouled"], true, "{each}");
    assert_eq!(each["foul"]["middle_over_back"], true);
    assert_eq!(each["lanes"][1]["category"], "three_of_a_kind");
    let avoid = ok_json(&["--jokers", "1", "--joker-lanes", "avoid_foul", "check", EXAMPLE]);
    assert_eq!(avoid["fouled"], false, "{avoid}");
    assert_eq!(avoid["lanes"][1]["category"], "two_pair");
    // The middle is played as queens and jacks: the joker is a jack.
    assert_eq!(avoid["jokers"][0]["lane"], "middle");
    assert!(avoid["jokers"][0]["as"].as_str().unwrap().starts_with('J'), "{avoid}");
    assert_eq!(avoid["lanes"][1]["played"].as_str().unwrap().matches('J').count(), 2, "{avoid}");
    assert!(each["jokers"][0]["as"].as_str().unwrap().starts_with('Q'), "{each}");
    let text = ok(&["--jokers", "1", "--joker-lanes", "avoid_foul", "check", EXAMPLE]);
    assert!(text.contains("two pair  (SJ as J") && text.contains("\nlegal\n"), "{text}");
    let text = ok(&["--jokers", "1", "check", EXAMPLE]);
    assert!(text.contains("three of a kind  (SJ as Q") && text.contains("foul (middle over back)"), "{text}");

    // Settled: under each_best the seat fouls, under avoid_foul it plays; both as the library.
    let other = "2d 3c 5h / 7s 7d 9c Js Td / As Ad 4d 6d 8s";
    let round = json!({"seats": [EXAMPLE, other]}).to_string();
    for (reading, args) in [
        (JokerLanes::EachBest, vec!["--jokers", "1"]),
        (JokerLanes::AvoidFoul, vec!["--jokers", "1", "--joker-lanes", "avoid_foul"]),
    ] {
        let rules = classic_with(1, reading);
        let hands: Vec<PlayerHand> = [EXAMPLE, other]
            .iter()
            .map(|s| PlayerHand::Arranged(Arrangement::parse_in(s, rules.deck_spec()).unwrap()))
            .collect();
        let want = settle(&hands, &rules).unwrap();
        let mut all = args.clone();
        all.extend(["settle", &round]);
        let out = ok_json(&all);
        assert_eq!(out["settlement"]["totals"], serde_json::to_value(&want.totals).unwrap(), "{reading}");
        let text = ok(&all);
        assert_eq!(text.contains("FOUL"), reading == JokerLanes::EachBest, "{text}");
    }
    let each = ok_json(&["--jokers", "1", "settle", &round]);
    let avoid = ok_json(&["--jokers", "1", "--joker-lanes", "avoid_foul", "settle", &round]);
    assert_ne!(each["settlement"]["totals"], avoid["settlement"]["totals"]);
}

/// A hand of 13 with both jokers.
const JOKER_HAND: &str = "SJ 2c 3d 4h 5s 7c 8d 9h Tc Jd Qs Kh BJ";

#[test]
fn arrange_suggest_special_and_simulate_take_the_joker_options() {
    for (reading, extra) in [(JokerLanes::EachBest, "each_best"), (JokerLanes::AvoidFoul, "avoid_foul")] {
        let rules = classic_with(2, reading);
        let hand = parse_cards_in(JOKER_HAND, rules.deck_spec()).unwrap();
        let opts = ["--jokers", "2", "--joker-lanes", extra];
        // arrange: the library's arrangement, its jokers shown.
        let mut args = opts.to_vec();
        args.extend(["arrange", JOKER_HAND]);
        let out = ok_json(&args);
        let best = Arranger::new(&rules, 4).unwrap().arrange(&hand).unwrap();
        assert_eq!(out["arrangement"], best.arrangement.to_string());
        assert!((out["expected_water"].as_f64().unwrap() - best.expected_water).abs() < 1e-9);
        assert_eq!(out["played"], best.arrangement.evaluate_jokers(&rules).played.to_string());
        assert_eq!(out["jokers"].as_array().unwrap().len(), 2);
        let text = ok(&args);
        for lane in Lane::ALL {
            for s in library_stands_for(&best.arrangement, &rules, lane) {
                assert!(text.contains(&format!("{s} ({})", lane.name())), "{text}");
            }
        }
        // suggest: each suggestion as the library suggests it, never a foul, jokers shown.
        let mut args = opts.to_vec();
        args.extend(["suggest", "-n", "3", JOKER_HAND]);
        let out = ok_json(&args);
        let want = Arranger::new(&rules, 4).unwrap().suggest(&hand, 3).unwrap();
        let got = out["suggestions"].as_array().unwrap();
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(&want) {
            assert_eq!(g["arrangement"], w.arrangement.to_string());
            assert!(!w.arrangement.evaluate(&rules).foul.is_foul());
            assert_eq!(g["played"], w.arrangement.evaluate_jokers(&rules).played.to_string());
        }
        let text = ok(&args);
        assert_eq!(text.matches("   jokers: ").count(), want.len(), "{text}");
    }
    // special: a hand holding a joker makes no special (§12), and the cards are read.
    let six_pairs_with_joker = "2c 2s 4d 4h 6c 6h 9d 9s Jc Jd Kc Ks SJ";
    let out = ok_json(&["--jokers", "2", "special", six_pairs_with_joker]);
    assert_eq!(out["best"], Value::Null, "{out}");
    assert_eq!(out["cards"], "2c 2s 4d 4h 6c 6h 9d 9s Jc Jd Kc Ks SJ");
    // With --jokers-in-specials the joker makes the thirteenth card: six pairs and a single
    // (or, pairing the joker, five pairs and trips).
    let out = ok_json(&["--jokers", "2", "--jokers-in-specials", "special", six_pairs_with_joker]);
    assert_eq!(out["best"]["special"], "FPT", "{out}");
    assert_eq!(out["all"][1]["special"], "SP", "{out}");
    assert_eq!(out["advice"]["special"], "FPT", "{out}");
    // simulate: the library's report of a joker table, under either reading.
    for (reading, extra) in [(JokerLanes::EachBest, "each_best"), (JokerLanes::AvoidFoul, "avoid_foul")] {
        let out = ok_json(&["--jokers", "2", "--joker-lanes", extra, "simulate", "--rounds", "120", "--seed", "4"]);
        let c = SimConfig::new(classic_with(2, reading), 4, 120, 4);
        let mut want: Value = serde_json::from_str(&serde_json::to_string(&run(&c).unwrap()).unwrap()).unwrap();
        want["rules"] = serde_json::from_str(&c.rules.to_json()).unwrap();
        let mut out = out;
        // The report names its preset, changed by the options; the rest is the library's.
        assert_eq!(out.as_object_mut().unwrap().remove("preset"), Some(json!("classic (changed)")));
        assert_eq!(out, want, "simulate {extra}");
        assert_eq!(out["rules"]["jokers"], 2);
        assert_eq!(out["fouls"], 0, "the arranger never fouls");
    }
    // The lane hints and completion read jokers (tools/tests/sss_hints_jokers.rs checks them).
    let out = ok_json(&["--jokers", "2", "combos", "-c", "pair", JOKER_HAND]);
    assert!(out.to_string().contains("SJ"), "{out}");
}

#[test]
fn bad_joker_input_is_named() {
    let round =
        json!({"seats": ["SJ Kh Qs / Jd Tc 9h 8d 7c / BJ 5s 4h 3d 2c", "2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s"]})
            .to_string();
    // Seven jokers: the engine's message at `jokers`, named as the option, on every command.
    let commands: [Vec<&str>; 6] = [
        vec!["deal", "--seed", "1"],
        vec!["eval", "As Ks Qs"],
        vec!["arrange", JOKER_HAND],
        vec!["suggest", JOKER_HAND],
        vec!["settle", &round],
        vec!["simulate", "--rounds", "10"],
    ];
    for c in &commands {
        let mut args = vec!["--jokers", "7"];
        args.extend(c);
        bad(&args, "invalid_rules", &["--jokers: invalid rule set at `jokers`: 7 jokers (expected 0 to 6)"]);
        let mut args = vec!["--joker-lanes", "greedy"];
        args.extend(c);
        bad(&args, "invalid_rules", &["--joker-lanes: ", "`joker_lanes`", "\"greedy\""]);
    }
    // A joker count the rule set file refuses is named there.
    bad(&["--rules", "{\"jokers\": 9}", "deal"], "invalid_rules", &["--rules (inline JSON)", "`jokers`"]);
    // Not a number: a usage error.
    for v in ["x", "-1", "300"] {
        let out = sss(&["--jokers", v, "deal"]);
        assert_eq!(out.status.code(), Some(2), "--jokers {v}");
        assert!(text(&out.stderr).contains("--jokers") && text(&out.stderr).contains("(0 to 6)"), "{v}");
    }
    // A joker without --jokers: the card is named, on every command that reads cards.
    let needles = ["SJ", "a joker the deck does not hold", "no jokers"];
    bad(&["eval", "As SJ Kd"], "joker_not_in_deck", &["cards: card SJ at position 1"]);
    bad(&["arrange", JOKER_HAND], "joker_not_in_deck", &needles);
    bad(&["suggest", JOKER_HAND], "joker_not_in_deck", &needles);
    bad(&["special", JOKER_HAND], "joker_not_in_deck", &needles);
    bad(&["check", "SJ Kh Qs / Jd Tc 9h 8d 7c / BJ 5s 4h 3d 2c"], "joker_not_in_deck", &["arrangement: ", "SJ"]);
    bad(&["settle", &round], "joker_not_in_deck", &["round JSON at `seats[0]`", "SJ"]);
    bad(&["--lang", "zh", "eval", "小王 2c 3d"], "joker_not_in_deck", &["card SJ at position 0"]);
    // One joker is the small one: a big joker is not in that deck.
    bad(&["--jokers", "1", "eval", "BJ 2c 3d"], "joker_not_in_deck", &["card BJ", "the small joker SJ"]);
    bad(&["--jokers", "1", "settle", &round], "joker_not_in_deck", &["round JSON at `seats[0]`", "BJ"]);
    // A joker more often than the deck deals it.
    bad(&["--jokers", "2", "eval", "SJ 2c SJ"], "duplicate_card", &["duplicate card SJ at position 2"]);
    bad(&["--jokers", "4", "eval", "SJ SJ SJ"], "too_many_copies", &["card SJ at position 2"]);
    let twice =
        json!({"seats": ["SJ Kh Qs / Jd Tc 9h 8d 7c / BJ 5s 4h 3d 2c", "SJ 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s"]})
            .to_string();
    bad(&["--jokers", "2", "settle", &twice], "duplicate_card", &["seat 1 holds SJ, and so does seat 0"]);
    // The check names the lane of the wrong size with jokers in the text too.
    bad(
        &["--jokers", "2", "check", "SJ Kh Qs / Jd Tc 9h 8d / BJ 5s 4h 3d 2c 7c"],
        "wrong_card_count",
        &["middle lane"],
    );
}

/// Run the demo (the example of the engine crate) with these arguments, built by the same
/// profile as this test.
fn demo(args: &[&str]) -> Output {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut c = Command::new(env!("CARGO"));
    c.current_dir(root).args(["run", "-q", "-p", "shisanshui", "--example", "demo"]);
    if !cfg!(debug_assertions) {
        c.arg("--release");
    }
    c.arg("--").args(args).stdin(Stdio::null()).output().expect("cargo starts")
}

#[test]
fn the_demo_plays_a_joker_round() {
    let out = demo(&["--jokers", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let header =
        "十三水 shisanshui — demo round: preset classic, seed 2026, 4 seats, 2 jokers (54 cards), joker lanes \
                  each_best\n";
    assert!(shown.starts_with(header), "{shown}");
    // The library's round: the deal, each seat's arrangement and what its jokers stand for.
    let rules = classic_with(2, JokerLanes::EachBest);
    let hands = shisanshui::deal::deal_for(&rules, 4, Some(2026)).unwrap();
    let arranger = Arranger::new(&rules, 4).unwrap();
    let mut jokers = 0;
    let mut seats = Vec::new();
    for (i, hand) in hands.iter().enumerate() {
        let start = shown.find(&format!("Seat {i} dealt")).unwrap();
        let block = &shown[start..];
        let block = &block[..block.find("\n\n").unwrap()];
        let best = arranger.arrange(hand).unwrap();
        for lane in Lane::ALL {
            let line = block.lines().find(|l| l.starts_with(&format!("    {:<6} ", lane.name()))).unwrap();
            let list: Vec<String> = best
                .arrangement
                .evaluate_jokers(&rules)
                .stands_for(&best.arrangement)
                .into_iter()
                .filter(|(l, ..)| *l == lane)
                .map(|(_, _, j, c)| format!("{} as {}", j.to_symbol_string(), c.to_symbol_string()))
                .collect();
            jokers += list.len();
            if list.is_empty() {
                assert!(!line.contains(" as "), "{line}");
            } else {
                assert!(line.ends_with(&format!("  {}", list.join(", "))), "{line}");
            }
        }
        seats.push(PlayerHand::Arranged(best.arrangement));
    }
    assert!(jokers > 0, "the seed deals a joker: {shown}");
    // The totals are the library's settlement of those seats.
    let s = settle(&seats, &rules).unwrap();
    for (i, w) in s.totals.iter().enumerate() {
        let w = if *w > Water::ZERO { format!("+{w}") } else { w.to_string() };
        assert!(shown.contains(&format!("  seat {i}: {w:>6} water")), "seat {i} {w}: {shown}");
    }
    // avoid_foul is named in the header; bad values exit 2 naming the option.
    let out = demo(&["--jokers", "2", "--joker-lanes", "avoid_foul", "--seed", "7"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).lines().next().unwrap().ends_with("2 jokers (54 cards), joker lanes avoid_foul"));
    let out = demo(&["--jokers", "7"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--jokers 7: invalid rule set at `jokers`"), "{}", text(&out.stderr));
    let out = demo(&["--joker-lanes", "greedy"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--joker-lanes: ") && text(&out.stderr).contains("greedy"));
    // Without jokers the demo says nothing of them.
    let out = demo(&[]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!text(&out.stdout).contains("joker") && !text(&out.stdout).contains(" as "));
}
