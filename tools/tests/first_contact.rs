//! What a newcomer types first, and what it now answers: the table options read alike by `sss`
//! and the demo (`--table banker`, `--banker`, `--extra-suits` with its seat count as the default,
//! the joker options), the help and docs checked against the code (seats up to 8, the presets
//! described, 0-based positions, what `--lang zh` translates), `sss eval` with a wrong number of
//! cards, the eval text without a repeated category, and a repeated card's message naming the
//! option that deals it twice (which, followed, works).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};
use shisanshui::{parse_cards_in, Card, Deck, Error, Preset, Rules, ScoringMode, SuitSet, Wheel};

const SSS: &str = env!("CARGO_BIN_EXE_sss");
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn sss(args: &[&str]) -> Output {
    Command::new(SSS).args(args).stdin(Stdio::null()).output().expect("sss starts")
}

/// Stdout of a successful run.
fn ok(args: &[&str]) -> String {
    let out = sss(args);
    assert_eq!(out.status.code(), Some(0), "sss {args:?} failed: {}", text(&out.stderr));
    text(&out.stdout)
}

fn ok_json(args: &[&str]) -> Value {
    let all: Vec<&str> = ["--json"].iter().chain(args).copied().collect();
    serde_json::from_str(&ok(&all)).expect("--json writes JSON")
}

/// A bad-input run (exit 1): the message, after checking its `--json` kind.
fn bad(args: &[&str], kind: &str) -> String {
    let out = sss(args);
    assert_eq!(out.status.code(), Some(1), "sss {args:?}: {}", text(&out.stderr));
    let all: Vec<&str> = ["--json"].iter().chain(args).copied().collect();
    let v: Value = serde_json::from_str(&text(&sss(&all).stdout)).expect("errors are JSON under --json");
    assert_eq!(v["error"]["kind"], kind, "sss {args:?}: {v}");
    let err = text(&out.stderr);
    assert_eq!(v["error"]["message"].as_str().map(|m| format!("sss: {m}\n")), Some(err.clone()));
    err
}

/// The demo, built beside `sss` (same profile, same target folder) when it is missing or older
/// than its source.
fn demo_binary() -> PathBuf {
    let sss = Path::new(SSS);
    let profile_dir = sss.parent().expect("sss is in a folder");
    let demo = profile_dir.join("examples").join(format!("demo{}", std::env::consts::EXE_SUFFIX));
    let source = Path::new(ROOT).join("core/examples/demo.rs");
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let fresh = matches!((modified(&demo), modified(&source)), (Some(d), Some(s)) if d >= s);
    if !fresh {
        let mut c = Command::new(option_env!("CARGO").unwrap_or("cargo"));
        c.current_dir(ROOT).args(["build", "-q", "-p", "shisanshui", "--features", "serde", "--example", "demo"]);
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            c.arg("--release");
        }
        let status = c.status().expect("cargo starts");
        assert!(status.success(), "building the demo failed");
    }
    demo
}

fn demo(args: &[&str]) -> Output {
    Command::new(demo_binary()).args(args).stdin(Stdio::null()).output().expect("the demo starts")
}

/// The demo's output of a run that succeeded.
fn demo_ok(args: &[&str]) -> String {
    let out = demo(args);
    assert_eq!(out.status.code(), Some(0), "demo {args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// The hands of the demo's `Seat N dealt …` lines, as sorted codes.
fn demo_hands(out: &str) -> Vec<Vec<u8>> {
    let any = Deck::new(SuitSet::ALL, 6).unwrap();
    out.lines()
        .filter_map(|l| l.strip_prefix("Seat ").and_then(|l| l.split_once(" dealt ")))
        .map(|(_, cards)| sorted(&parse_cards_in(cards, any).unwrap()))
        .collect()
}

fn sorted(cards: &[Card]) -> Vec<u8> {
    let mut v: Vec<u8> = cards.iter().map(|c| c.code()).collect();
    v.sort_unstable();
    v
}

/// The hands of `sss deal --json`, as sorted codes.
fn sss_hands(v: &Value) -> Vec<Vec<u8>> {
    let any = Deck::new(SuitSet::ALL, 6).unwrap();
    v["hands"].as_array().unwrap().iter().map(|h| sorted(&parse_cards_in(h.as_str().unwrap(), any).unwrap())).collect()
}

#[test]
fn the_table_options_work_on_sss_as_on_the_demo() {
    // `--table banker` is an option of every command, as in the demo.
    let by_option = ok_json(&["--table", "banker", "deal", "--seed", "2026"]);
    let by_rules = ok_json(&["--rules", r#"{"table": "banker"}"#, "deal", "--seed", "2026"]);
    assert_eq!(by_option, by_rules);
    assert_eq!(ok_json(&["--table", "banker", "rules"])["table"], "banker");
    assert_eq!(ok_json(&["--table", "BANKER", "--preset", "kx", "rules"])["table"], "banker");
    assert_eq!(ok_json(&["--rules", r#"{"table": "banker"}"#, "--table", "all_pairs", "rules"])["table"], "all_pairs");
    assert!(bad(&["--table", "round_robin", "deal"], "invalid_rules").contains("--table: "));
    // The demo's banker room deals what sss deals from the same seed and table.
    let out = demo_ok(&["--table", "banker"]);
    assert!(out.contains("seat 0 is the banker"), "{out}");
    assert_eq!(demo_hands(&out), sss_hands(&by_option));

    // Without --players, a deck deals all its seats: 4 + one per extra suit (RULES.md §11),
    // counted here from the letters; jokers add none (§12).
    for (letters, seats) in [("", 4), ("s", 5), ("sh", 6), ("dhs", 7), ("dchs", 8)] {
        let mut args = vec!["deal", "--seed", "7"];
        if !letters.is_empty() {
            args = [&["--extra-suits", letters][..], &args].concat();
        }
        let v = ok_json(&args);
        assert_eq!((v["players"].as_u64(), v["hands"].as_array().unwrap().len()), (Some(seats), seats as usize));
        assert_eq!(ok(&args).lines().count(), seats as usize, "{letters}");
        // The arranger's table is the same default.
        let hand = v["hands"][0].as_str().unwrap().to_string();
        let mut arrange = args[..args.len() - 3].to_vec();
        arrange.extend(["arrange", &hand]);
        assert_eq!(ok_json(&arrange)["players"].as_u64(), Some(seats), "{letters}");
        // And the demo's.
        let out = if letters.is_empty() {
            demo_ok(&["--seed", "7"])
        } else {
            demo_ok(&["--seed", "7", "--extra-suits", letters])
        };
        assert!(out.contains(&format!(", {seats} seats")), "{letters}: {out}");
        assert_eq!(demo_hands(&out), sss_hands(&v), "{letters}");
    }
    assert_eq!(ok_json(&["--jokers", "2", "deal", "--seed", "1"])["players"], 4);
    // --players still chooses, and is checked against the deck.
    assert_eq!(ok_json(&["--extra-suits", "sh", "--players", "3", "deal", "--seed", "1"])["players"], 3);
    assert!(bad(&["--extra-suits", "s", "--players", "6", "deal"], "invalid_table").contains("6 players"));
    assert_eq!(demo(&["--extra-suits", "s", "--players", "6"]).status.code(), Some(2));

    // The demo prints the suits as typed; sss's rule set lists them in the engine's order, as its
    // help says.
    let out = demo_ok(&["--extra-suits", "sh"]);
    assert!(out.lines().next().unwrap().contains("extra suits sh (78 cards)"), "{out}");
    assert!(demo_ok(&["--extra-suits", "hs"]).lines().next().unwrap().contains("extra suits hs (78 cards)"));
    assert_eq!(ok_json(&["--extra-suits", "sh", "rules"])["extra_suits"], json!(["h", "s"]));
    let help = ok(&["--help"]);
    assert!(help.contains("in any order") && help.contains("order d, c, h, s"), "{help}");
    let usage = text(&demo(&["--help"]).stderr);
    assert!(usage.contains("printed as typed"), "{usage}");

    // --banker: the banker's seat, in simulate as in the demo (seat 0 when not given).
    let simulate = ["--table", "banker", "simulate", "--rounds", "60", "--seed", "3"];
    assert!(ok(&simulate).contains("banker: seat 0\n"));
    let unnamed = ok_json(&simulate);
    assert_eq!(unnamed, ok_json(&[&simulate[..], &["--banker", "0"]].concat()));
    let seat2 = ok_json(&["--banker", "2", "--table", "banker", "simulate", "--rounds", "60", "--seed", "3"]);
    assert_ne!(seat2["seats"], unnamed["seats"], "another banker, other figures");
    assert!(ok(&["--table", "banker", "--banker", "2", "simulate", "--rounds", "20"]).contains("banker: seat 2\n"));
    assert!(demo_ok(&["--table", "banker", "--banker", "2"]).contains("seat 2 is the banker"));
    // A banker seat without a banker table is refused by both, and so is a seat not at the table.
    assert_eq!(demo(&["--banker", "1"]).status.code(), Some(2));
    assert!(bad(&["--banker", "1", "simulate", "--rounds", "10"], "invalid_table").contains("banker"));
    assert_eq!(demo(&["--table", "banker", "--banker", "4"]).status.code(), Some(2));
    bad(&["--table", "banker", "--banker", "4", "simulate", "--rounds", "10"], "invalid_table");
    // The commands on one hand take --role, and say so.
    assert!(bad(&["--banker", "0", "arrange", "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"], "invalid_input")
        .contains("--role"));
    // settle: the round's banker, or --banker before or after the command.
    let seats = [
        "2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s",
        "Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h",
        "2c 3s 4h / 5c 5d 5s 6c 6h / Jc Jd Ks Kc Ah",
    ];
    let round = json!({"seats": seats}).to_string();
    let before = ok_json(&["--table", "banker", "--banker", "1", "settle", &round]);
    assert_eq!(before, ok_json(&["--table", "banker", "settle", "--banker", "1", &round]));
    assert_eq!(before["banker"], 1);
    // A given round's banker is not guessed.
    assert!(bad(&["--table", "banker", "settle", &round], "invalid_table").contains("--banker N"));

    // The joker options: the demo takes the three sss takes.
    let out = demo_ok(&["--jokers", "2", "--joker-lanes", "avoid_foul", "--jokers-in-specials"]);
    let head = out.lines().next().unwrap();
    assert!(head.contains("2 jokers (54 cards), joker lanes avoid_foul, jokers in specials"), "{head}");
    let rules = ok_json(&["--jokers", "2", "--joker-lanes", "avoid_foul", "--jokers-in-specials", "rules"]);
    assert_eq!((rules["jokers"].clone(), rules["joker_lanes"].clone()), (json!(2), json!("avoid_foul")));
    assert_eq!(rules["jokers_in_specials"], true);
    assert_eq!(
        demo_hands(&demo_ok(&["--jokers", "2"])),
        sss_hands(&ok_json(&["--jokers", "2", "deal", "--seed", "2026"]))
    );
}

#[test]
fn a_big_round_settles_with_its_help_and_its_money() {
    // The help no longer says four seats is the most.
    let help = ok(&["settle", "--help"]);
    assert!(!help.contains("(2 to 4 seats)"), "{help}");
    assert!(help.contains("up to 8 with extra suits"), "{help}");
    let players_help = ok(&["deal", "--help"]);
    assert!(players_help.contains("one more per extra suit (up to 8)"), "{players_help}");
    // A six-seat round: each seat arranged by sss, then settled with a carry for each of the six.
    let deal = ok_json(&["--extra-suits", "sh", "deal", "--seed", "11"]);
    let seats: Vec<String> = deal["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            ok_json(&["--extra-suits", "sh", "arrange", h.as_str().unwrap()])["arrangement"].as_str().unwrap().into()
        })
        .collect();
    assert_eq!(seats.len(), 6);
    let round = json!({"rules": {"extra_suits": ["h", "s"]}, "seats": seats, "money": {"base": 100, "carries": vec![100_000; 6]}});
    let out = ok_json(&["settle", &round.to_string()]);
    assert_eq!(out["players"], 6);
    let lines = out["money"]["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 6);
    // Money is zero-sum without a rake.
    assert_eq!(lines.iter().map(|l| l["amount"].as_i64().unwrap()).sum::<i64>(), 0, "{out}");
    // Seven carries for six seats is the money's error, named.
    let seven =
        json!({"rules": {"extra_suits": ["h", "s"]}, "seats": seats, "money": {"base": 100, "carries": vec![1; 7]}});
    assert!(bad(&["settle", &seven.to_string()], "invalid_money").contains("7 carries for 6 seats"));

    // docs/arrange.md says the arranger's table size as the code has it.
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/arrange.md")).unwrap();
    for line in doc.lines().filter(|l| l.contains("2..=4")) {
        assert!(line.contains("one deck"), "docs/arrange.md: a stale seat range: {line}");
    }
    assert!(doc.contains("2..=rules.max_players()"));
    let one_deck = Rules::classic();
    let two_suits = Rules { extra_suits: "sh".parse().unwrap(), ..Rules::classic() };
    assert!(shisanshui::arrange::Arranger::new(&one_deck, 5).is_err());
    assert!(shisanshui::arrange::Arranger::new(&two_suits, 6).is_ok());
    assert_eq!((one_deck.max_players(), two_suits.max_players()), (4, 6));
}

/// The first number after `label` in `text`.
fn number_after(text: &str, label: &str) -> Option<u32> {
    let rest = &text[text.find(label)? + label.len()..];
    rest.trim_start().split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

#[test]
fn presets_say_what_each_preset_is() {
    let out = ok(&["presets"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), Preset::ALL.len(), "{out}");
    let json = ok_json(&["presets"]);
    for (i, (p, line)) in Preset::ALL.iter().zip(&lines).enumerate() {
        let (name, summary) = line.split_once(' ').unwrap();
        let summary = summary.trim();
        assert_eq!(name, p.name());
        assert!(summary.len() > 30, "{line}");
        assert_eq!(json[i]["summary"], summary);
        // Each figure the line states is the preset's own.
        let r = Rules::preset(*p);
        let lw = &r.lane_water;
        if let Some(n) = number_after(summary, "front trips") {
            assert_eq!(n, lw.front_trips, "{name}: front trips");
        }
        if let Some(n) = number_after(summary, "back quads") {
            assert_eq!(n, lw.back_quads, "{name}: back quads");
            assert_eq!(number_after(summary, "straight flush"), Some(lw.back_straight_flush), "{name}");
        }
        if let Some(n) = number_after(summary, "five of a kind") {
            assert_eq!(Some(n), lw.back_five_kind, "{name}: five of a kind");
        }
        let every_lane_1 =
            [lw.front_trips, lw.middle_full_house, lw.back_quads, lw.back_straight_flush].iter().all(|&w| w == 1);
        assert_eq!(summary.contains("every lane 1"), every_lane_1, "{name}");
        if summary.contains("no specials") {
            assert!(r.specials.is_empty(), "{name}");
        } else {
            let count = summary.rsplit(", ").find_map(|part| part.strip_suffix(" specials")).unwrap();
            assert_eq!(count.parse::<usize>().unwrap(), r.specials.len(), "{name}: specials");
        }
        assert_eq!(summary.contains("lowest straight"), r.wheel == Wheel::Lowest, "{name}: wheel");
        assert_eq!(summary.contains("suit tie-break"), r.suit_tiebreak, "{name}: suit tie-break");
        assert_eq!(summary.contains("ranked scoring"), r.scoring == ScoringMode::Ranked, "{name}: scoring");
        assert_eq!(summary.contains("no shooting"), !r.shooting.enabled, "{name}: shooting");
        if let Some(n) = number_after(summary, "majority bonus") {
            assert_eq!(n, r.majority_bonus, "{name}");
        }
    }
}

#[test]
fn positions_count_from_zero_as_the_help_and_readme_say() {
    let help = ok(&["--help"]);
    assert!(help.contains("count cards from 0"), "{help}");
    // The tenth card given, the back's second in "front / middle / back".
    let hand = "5s Ks 8s 2h 7h 5c 7c 6h 9h 6h Th 2s 8h";
    let tenth = hand
        .split(' ')
        .position(|c| c == "6h")
        .map(|first| first + 1 + hand.split(' ').skip(first + 1).position(|c| c == "6h").unwrap());
    assert_eq!(tenth, Some(9));
    assert!(bad(&["arrange", hand], "duplicate_card").contains("duplicate card 6h at position 9"));
    assert!(bad(&["check", "5s Ks 8s / 2h 7h 5c 7c 6h / 9h 6h Th 2s 8h"], "duplicate_card").contains("position 9"));
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let cli = &readme[readme.find("### Command line").unwrap()..];
    let cli = &cli[..cli[4..].find("\n#").map_or(cli.len(), |i| i + 4)];
    assert!(cli.contains("positions count the\ncards from 0") || cli.contains("positions count the cards from 0"));
    assert!(readme.contains("a `position` counts the cards from 0"));
}

#[test]
fn lang_zh_translates_the_names_and_says_the_errors_stay_english() {
    let help = ok(&["--help"]);
    assert!(help.contains("Error messages stay in English"), "{help}");
    // As the help says: names in Chinese, the error in English.
    assert!(ok(&["--lang", "zh", "eval", "As Ks Qs Js Ts"]).contains("同花顺"));
    let err = bad(&["--lang", "zh", "eval", "As As Kd"], "duplicate_card");
    assert!(err.contains("duplicate card As at position 1"), "{err}");
}

#[test]
fn eval_says_a_lane_has_three_or_five_cards() {
    for cards in ["As Kd Qh Jc", "As Kd", "As Kd Qh Jc Ts 9s"] {
        let n = cards.split(' ').count();
        let err = bad(&["eval", cards], "wrong_card_count");
        assert!(err.contains("3 cards (front) or 5 (middle or back)") && err.ends_with(&format!("got {n}\n")), "{err}");
    }
    ok(&["eval", "As Kd Qh"]);
    ok(&["eval", "As Kd Qh Jc 9s"]);
}

#[test]
fn the_eval_text_names_the_category_once() {
    let hands = [
        ("As Kd Qh", "high card", "high card, A high"),
        ("As Kd 9h 7c 3s", "high card", "high card, A high"),
        ("As Ad 9h", "one pair", "one pair, A"),
        ("As Ad 9h 9c 3s", "two pair", "two pair, A and 9"),
        ("7s 7d 7h", "three of a kind", "three of a kind, 7"),
        ("9s Td Jh Qc Ks", "straight", "straight, K high"),
        ("2s 5s 9s Js Ks", "flush", "flush, K high"),
        ("Ks Kd Kh 9c 9s", "full house", "full house, K over 9"),
        ("Ks Kd Kh Kc 9s", "four of a kind", "four of a kind, K"),
        ("9s Ts Js Qs Ks", "straight flush", "straight flush, K high"),
    ];
    for (cards, category, description) in hands {
        let line = ok(&["eval", cards]);
        assert!(line.starts_with(&format!("{cards}: {description}, value 0x")), "{line}");
        // "straight" is in "straight flush": count the category as a whole phrase.
        let said = line.matches(category).count()
            - if category == "straight" { line.matches("straight flush").count() } else { 0 };
        assert_eq!(said, 1, "{line}");
        assert_eq!(ok_json(&["eval", cards])["description"], description);
    }
}

#[test]
fn a_repeated_card_names_the_rule_that_deals_it_twice() {
    // The engine's message, on every surface: the rule option, the kind and fields unchanged.
    let e = Error::DuplicateCard { card: "6h".parse().unwrap(), position: 9, seats: None };
    assert_eq!(e.kind(), "duplicate_card");
    let message = e.to_string();
    assert!(message.starts_with("duplicate card 6h at position 9 ("), "{message}");
    assert!(message.contains("extra suits") && message.contains("extra_suits"), "{message}");
    let sj = Error::DuplicateCard { card: Card::SMALL_JOKER, position: 2, seats: None }.to_string();
    assert!(sj.contains("3 or more jokers") && sj.contains("rule option jokers"), "{sj}");
    let bj = Error::DuplicateCard { card: Card::BIG_JOKER, position: 2, seats: None }.to_string();
    assert!(bj.contains("4 or more jokers"), "{bj}");
    // What the message says is so: the decks it names hold the card twice.
    let twice = |rules: &Rules, text: &str| parse_cards_in(text, rules.deck_spec()).is_ok();
    assert!(!twice(&Rules::classic(), "6h 6h"));
    assert!(twice(&Rules { extra_suits: "h".parse().unwrap(), ..Rules::classic() }, "6h 6h"));
    assert!(!twice(&Rules { jokers: 2, ..Rules::classic() }, "SJ SJ"));
    assert!(twice(&Rules { jokers: 3, ..Rules::classic() }, "SJ SJ"));
    assert!(!twice(&Rules { jokers: 3, ..Rules::classic() }, "BJ BJ"));
    assert!(twice(&Rules { jokers: 4, ..Rules::classic() }, "BJ BJ"));

    // sss names its own option, and following it works.
    let hand = "5s Ks 8s 2h 7h 5c 7c 6h 9h 6h Th 2s 8h";
    let err = bad(&["arrange", hand], "duplicate_card");
    assert!(err.contains("here, --extra-suits h deals it twice"), "{err}");
    ok(&["--extra-suits", "h", "arrange", hand]);
    // With a suit already doubled, the option keeps it.
    let err = bad(&["--extra-suits", "s", "arrange", hand], "duplicate_card");
    assert!(err.contains("--extra-suits hs deals it twice"), "{err}");
    ok(&["--extra-suits", "hs", "arrange", hand]);
    // A joker: enough jokers.
    let err = bad(&["--jokers", "2", "eval", "SJ 2c SJ"], "duplicate_card");
    assert!(err.contains("--jokers 3 deals it twice"), "{err}");
    ok(&["--jokers", "3", "eval", "SJ 2c SJ"]);
    let err = bad(&["--jokers", "3", "eval", "BJ 2c BJ"], "duplicate_card");
    assert!(err.contains("--jokers 4 deals it twice"), "{err}");
    ok(&["--jokers", "4", "eval", "BJ 2c BJ"]);
    // A card in two seats of a round: the option, or the round's own rules.
    let seats = [
        "2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s",
        "2d Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h",
        "2c 3s 4h / 5c 5d 5s 6c 6h / Jc Jd Ks Kc Ah",
    ];
    let err = bad(&["settle", &json!({"seats": seats}).to_string()], "duplicate_card");
    assert!(err.contains("seat 1 holds 2d, and so does seat 0"), "{err}");
    assert!(err.contains(r#"--extra-suits d or "rules": {"extra_suits": ["d"]} deals it twice"#), "{err}");
    ok(&["--extra-suits", "d", "settle", &json!({"seats": seats}).to_string()]);
    ok(&["settle", &json!({"rules": {"extra_suits": ["d"]}, "seats": seats}).to_string()]);
}

/// `sss play`: the seat a good player puts on the table. A dragon is declared, and its `--json`
/// seat goes into `sss settle`'s round as it is, paid its water (RULES.md §6) by each other seat;
/// a hand without a special plays the arranger's lanes.
#[test]
fn play_declares_a_special_and_settle_pays_it() {
    let dragon = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac";
    let out = ok(&["play", dragon]);
    assert!(out.starts_with("declare DR dragon (36 water"), "{out}");
    let seat = ok_json(&["play", dragon]);
    assert_eq!(seat["declare"], json!(true));
    let water = Rules::classic().special_water(shisanshui::Special::Dragon).unwrap();
    assert_eq!(seat["water"], json!(water));
    // Three seats of lanes from the other 39 cards, each played by `sss play` too.
    let held: Vec<Card> = parse_cards_in(dragon, Deck::ONE).unwrap();
    let rest: Vec<Card> = (0..52).map(|c| Card::from_code(c).unwrap()).filter(|c| !held.contains(c)).collect();
    let mut seats = vec![seat["seat"].clone()];
    for k in 0..3 {
        // Mixed by a stride coprime to 39 (a stride of 3 would deal each seat a dragon).
        let cards: Vec<String> = (13 * k..13 * k + 13).map(|i| rest[i * 7 % 39].to_string()).collect();
        let played = ok_json(&["play", &cards.join(" ")]);
        assert_eq!(played["declare"], json!(false), "{played}");
        let arranged = ok_json(&["arrange", &cards.join(" ")]);
        assert_eq!(played["seat"], arranged["arrangement"]);
        seats.push(played["seat"].clone());
    }
    let round = json!({ "seats": seats }).to_string();
    let settled = ok_json(&["settle", &round]);
    assert_eq!(settled["settlement"]["totals"][0], json!({"num": 3 * water, "den": 1}), "{settled}");
    assert_eq!(settled["settlement"]["events"][0], json!({"kind": "special", "seat": 0, "special": "DR"}));
}
