//! The developer tools as a user runs them: `--help`, usage errors (exit 2, nothing written),
//! and small real runs whose output is checked against the library.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use shisanshui::arrange::model_tables::{decode, encode, fnv1a};
use shisanshui::arrange::train::{train, TrainConfig};
use shisanshui::arrange::Training;
use shisanshui::{Preset, SuitSet};

const TRAIN: &str = env!("CARGO_BIN_EXE_sss-train");
const TOURNAMENT: &str = env!("CARGO_BIN_EXE_sss-tournament");
/// The tables the library embeds: no run of the tools may touch them unless named by `--out`.
const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/src/arrange/model_tables.bin");

fn run(exe: &str, args: &[&str], cwd: &Path) -> Output {
    Command::new(exe).args(args).current_dir(cwd).stdin(Stdio::null()).output().expect("the tool starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh, empty directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("tools-cli").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}

fn committed_hash() -> u64 {
    fnv1a(&std::fs::read(COMMITTED).expect("committed tables present"))
}

fn assert_help_names(exe: &str, args: &[&str], options: &[&str]) {
    let out = run(exe, args, Path::new(env!("CARGO_TARGET_TMPDIR")));
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
    let help = text(&out.stdout);
    assert!(help.contains("Usage:"), "{args:?} prints no usage line:\n{help}");
    for o in options {
        assert!(help.contains(o), "{args:?} does not name {o}:\n{help}");
    }
}

#[test]
fn help_exits_zero_and_names_every_option() {
    let train_opts = ["--out", "--preset", "--players", "--deals", "--iterations", "--seed", "--fresh", "--help"];
    assert_help_names(TRAIN, &["--help"], &train_opts);
    assert_help_names(TRAIN, &["-h"], &train_opts);
    assert_help_names(TOURNAMENT, &["--help"], &["play", "speed", "specials", "--help"]);
    let table = ["--preset", "--players", "--extra-suits", "--seed", "--field"];
    let play = [
        &table[..],
        &["--deals", "--hero", "--villain", "--villain-field", "--no-specials", "ours", "greedy", "product"],
    ]
    .concat();
    assert_help_names(TOURNAMENT, &["play", "--help"], &play);
    assert_help_names(TOURNAMENT, &["speed", "--help"], &[&table[..], &["--hands"]].concat());
    assert_help_names(TOURNAMENT, &["specials", "--help"], &[&table[..], &["--deals"]].concat());
    assert_help_names(TOURNAMENT, &["help", "play"], &play);
}

#[test]
fn usage_errors_exit_two_and_write_nothing() {
    let before = committed_hash();
    let dir = scratch("usage");
    let cases: &[(&str, &[&str], &str)] = &[
        (TRAIN, &[], "--out"),
        (TRAIN, &["--preset", "classic"], "--out"),
        (TRAIN, &["--out", "m.bin", "--players", "9"], "2 to 8"),
        (TRAIN, &["--out", "m.bin", "--players", "1,2"], "2 to 8"),
        (TRAIN, &["--out", "m.bin", "--players", "5"], "--players: invalid table: 5 players, but a table of one deck"),
        (TRAIN, &["--out", "m.bin", "--players", "7", "--extra-suits", "sh"], "seats 2 to 6"),
        (TRAIN, &["--out", "m.bin", "--extra-suits", "sx"], "--extra-suits"),
        (TRAIN, &["--out", "m.bin", "--preset", "nope"], "--preset"),
        (TRAIN, &["--out", "m.bin", "--deals", "0"], "--deals"),
        (TRAIN, &["--out", "m.bin", "--deals", "many"], "--deals"),
        (TRAIN, &["--out", "m.bin", "--iterations", "300"], "--iterations"),
        (TRAIN, &["--out", "m.bin", "--seed", "0xzz"], "--seed"),
        (TRAIN, &["--out"], "--out"),
        (TRAIN, &["--out", "m.bin", "--bogus"], "--bogus"),
        (TOURNAMENT, &[], "Usage"),
        (TOURNAMENT, &["duel"], "duel"),
        (TOURNAMENT, &["play", "--hero", "nobody"], "--hero"),
        (TOURNAMENT, &["play", "--players", "9"], "2 to 8"),
        (TOURNAMENT, &["play", "--players", "5"], "--players: invalid table: 5 players, but a table of one deck"),
        (TOURNAMENT, &["play", "--villain", "greedy,nobody"], "--villain"),
        (TOURNAMENT, &["play", "--deals", "0"], "--deals"),
        (TOURNAMENT, &["speed", "--hands", "0"], "--hands"),
        (TOURNAMENT, &["speed", "--no-specials"], "--no-specials"),
        (TOURNAMENT, &["specials", "--preset", "classic,nope"], "--preset"),
    ];
    for (exe, args, names) in cases {
        let out = run(exe, args, &dir);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{exe} {args:?} should be a usage error; stderr: {err}");
        assert!(err.contains(names), "{exe} {args:?}: the error does not name {names}: {err}");
        assert!(out.stdout.is_empty(), "{exe} {args:?} printed to stdout: {}", text(&out.stdout));
        assert_eq!(entries(&dir), Vec::<String>::new(), "{exe} {args:?} wrote a file");
    }
    assert_eq!(committed_hash(), before, "the committed tables changed");
}

/// The model the library trains for this small configuration, encoded alone (with card removal
/// in the loop, as `sss-train` trains by default).
fn small_model(preset: Preset, players: u8) -> Vec<u8> {
    small_model_in(preset, players, SuitSet::EMPTY)
}

/// [`small_model`] for a deck with extra suits.
fn small_model_in(preset: Preset, players: u8, extra_suits: SuitSet) -> Vec<u8> {
    small_model_with(preset, players, extra_suits, true)
}

/// [`small_model_in`] with card removal in the loop or not.
fn small_model_with(preset: Preset, players: u8, extra_suits: SuitSet, card_removal: bool) -> Vec<u8> {
    let cfg = TrainConfig {
        preset,
        players,
        extra_suits,
        jokers: 0,
        training: Training { seed: 7, deals: 400, iterations: 2 },
        card_removal,
        home_runs: true,
    };
    encode(&[train(&cfg, |_, _| {})])
}

#[test]
fn big_tables_train_and_play_from_the_tools() {
    let dir = scratch("big_tables");
    // A six-seat field of a deck with two extra suits: what train() makes, kept beside a
    // one-deck model of the same preset and seats, and read back with its suits.
    let args =
        [&["--out", "m.bin", "--preset", "kx", "--players", "6", "--extra-suits", "hs"][..], &SMALL[..]].concat();
    let out = run(TRAIN, &args, &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let six = small_model_in(Preset::Kx, 6, "sh".parse().unwrap());
    assert_eq!(std::fs::read(dir.join("m.bin")).unwrap(), six);
    let out = run(TRAIN, &[&["--out", "m.bin", "--preset", "kx", "--players", "4"][..], &SMALL[..]].concat(), &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let models = decode(&std::fs::read(dir.join("m.bin")).unwrap()).unwrap();
    let kept: Vec<(u8, String)> = models.iter().map(|m| (m.players, m.extra_suits.to_string())).collect();
    assert_eq!(kept, [(4, String::new()), (6, "hs".to_string())]);
    assert_eq!(encode(&models[1..]), six);

    // Eight seats from two decks, against both baselines on the same deals; and the field
    // file's six-seat model serves a table of six with those suits.
    let play = ["play", "--preset", "classic", "--players", "8", "--extra-suits", "dchs", "--deals", "20"];
    let out = run(TOURNAMENT, &[&play[..], &["--villain", "greedy,product"]].concat(), &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("classic  8 seats +dchs  ours vs greedy"), "{lines:?}");
    assert!(lines[1].starts_with("classic  8 seats +dchs  ours vs product"), "{lines:?}");
    let field =
        ["play", "--preset", "kx", "--players", "6", "--extra-suits", "sh", "--deals", "10", "--field", "m.bin"];
    let out = run(TOURNAMENT, &field, &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("kx       6 seats +hs"), "{}", text(&out.stdout));

    // --villain-field: ours on the same fields as the hero is a mirror (zero); on the committed
    // fields instead, the two differ.
    let mirror = [&field[..], &["--villain", "ours", "--villain-field", "m.bin"]].concat();
    let out = run(TOURNAMENT, &mirror, &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("ours vs ours: +0.0000 water/hand"), "{}", text(&out.stdout));
    let other = ["play", "--preset", "kx", "--players", "6", "--extra-suits", "sh", "--deals", "30"];
    let out = run(TOURNAMENT, &[&other[..], &["--villain", "ours", "--villain-field", "m.bin"]].concat(), &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!text(&out.stdout).contains("+0.0000 water/hand"), "{}", text(&out.stdout));
    let out = run(TOURNAMENT, &[&other[..], &["--villain-field", "nothing.bin"]].concat(), &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("nothing.bin"), "{}", text(&out.stderr));
}

const SMALL: [&str; 6] = ["--deals", "400", "--iterations", "2", "--seed", "7"];

#[test]
fn a_small_training_run_writes_what_the_library_trains() {
    let before = committed_hash();
    let dir = scratch("train");
    fn args<'a>(preset: &'a str, out: &'a str) -> Vec<&'a str> {
        [&["--out", out, "--preset", preset, "--players", "4"][..], &SMALL[..]].concat()
    }

    let out = run(TRAIN, &args("classic", "m.bin"), &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("wrote 1 models to m.bin"), "{}", text(&out.stderr));
    let classic = small_model(Preset::Classic, 4);
    let bytes = std::fs::read(dir.join("m.bin")).unwrap();
    assert_eq!(bytes, classic, "sss-train wrote other bytes than train() makes for the same settings");
    let models = decode(&bytes).unwrap();
    assert_eq!((models.len(), models[0].preset, models[0].players), (1, Preset::Classic, 4));
    assert_eq!(models[0].training, Training { seed: 7, deals: 400, iterations: 2 });
    assert_eq!(entries(&dir), ["m.bin"], "no temporary file is left behind");

    // --no-card-removal trains the field of the arranger without it: other bytes, the library's.
    let plain = [&args("classic", "-")[..], &["--no-card-removal"]].concat();
    let out = Command::new(TRAIN).args(&plain).current_dir(&dir).stdin(Stdio::null()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(out.stdout, small_model_with(Preset::Classic, 4, SuitSet::EMPTY, false));
    assert_ne!(out.stdout, classic);

    // A second preset into the same file keeps the first model.
    let out = run(TRAIN, &args("kx", "m.bin"), &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let models = decode(&std::fs::read(dir.join("m.bin")).unwrap()).unwrap();
    let kept: Vec<(Preset, u8)> = models.iter().map(|m| (m.preset, m.players)).collect();
    assert_eq!(kept, [(Preset::Classic, 4), (Preset::Kx, 4)]);
    assert_eq!(encode(&models[..1]), classic);
    assert_eq!(encode(&models[1..]), small_model(Preset::Kx, 4));

    // --fresh starts over; `--out -` writes the same bytes to stdout.
    let out = run(TRAIN, &[&args("kx", "m.bin")[..], &["--fresh"]].concat(), &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let kx = std::fs::read(dir.join("m.bin")).unwrap();
    assert_eq!(kx, small_model(Preset::Kx, 4));
    let out = run(TRAIN, &args("kx", "-"), &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(out.stdout, kx);
    assert_eq!(entries(&dir), ["m.bin"]);

    // A file that is not a models file is a failure (exit 1), left as it was.
    std::fs::write(dir.join("notes.txt"), b"not a model file").unwrap();
    let out = run(TRAIN, &args("classic", "notes.txt"), &dir);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("notes.txt"), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(dir.join("notes.txt")).unwrap(), b"not a model file");
    assert_eq!(committed_hash(), before, "the committed tables changed");
}

#[test]
fn the_tournament_plays_times_and_counts_small_runs() {
    let dir = scratch("tournament");
    let out = run(TOURNAMENT, &["play", "--preset", "classic,kx", "--players", "2", "--deals", "50"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("classic") && lines[1].starts_with("kx"), "{lines:?}");
    assert!(lines.iter().all(|l| l.contains("ours vs greedy") && l.contains("(50 duplicate deals")), "{lines:?}");

    // The same deals with the same player in every seat: every game is a mirror, zero water.
    let out =
        run(TOURNAMENT, &["play", "--preset", "hk", "--players", "4", "--deals", "20", "--villain", "ours"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("ours vs ours: +0.0000 water/hand"), "{}", text(&out.stdout));

    let out = run(TOURNAMENT, &["speed", "--preset", "ranked", "--players", "2", "--hands", "30"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let speed = text(&out.stdout);
    assert!(speed.contains("ranked   2 seats: 30 random hands"), "{speed}");
    assert_eq!(speed.matches("hard hand ").count(), 22, "{speed}");

    let out = run(TOURNAMENT, &["specials", "--preset", "classic", "--players", "4", "--deals", "400"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("classic  4 seats, 400 hands:"), "{}", text(&out.stdout));

    // --field: a file sss-train wrote is used; one that is not a models file fails with exit 1.
    std::fs::write(dir.join("field.bin"), small_model(Preset::Classic, 4)).unwrap();
    let out = run(
        TOURNAMENT,
        &["play", "--preset", "classic", "--players", "4", "--deals", "10", "--field", "field.bin"],
        &dir,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out =
        run(TOURNAMENT, &["play", "--preset", "kx", "--players", "4", "--deals", "10", "--field", "field.bin"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no kx model in --field"), "{}", text(&out.stderr));
    std::fs::write(dir.join("junk.bin"), b"SSSF junk").unwrap();
    let out = run(TOURNAMENT, &["speed", "--hands", "5", "--field", "junk.bin"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("junk.bin"), "{}", text(&out.stderr));
}

/// Banker tables: `play` reports the hero as the banker and as a player, `speed` runs each role
/// (`--once` for callgrind), ranked presets are skipped (banker mode is pairwise only), and a
/// mirror match sums to zero over the table; `sss-train --table banker` skips what needs no
/// model.
#[test]
fn banker_tables_are_played_per_role() {
    let dir = scratch("banker");
    let play = ["play", "--preset", "kx,ranked", "--players", "3", "--table", "banker", "--deals", "30"];
    let out = run(TOURNAMENT, &play, &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[0].starts_with("kx banker table, banker 3 seats  ours vs greedy"), "{lines:?}");
    assert!(lines[1].starts_with("kx banker table, banker 3 seats  ours vs greedy, against greedy in the same seat"));
    assert!(lines[2].starts_with("kx banker table, player 3 seats  ours vs greedy"), "{lines:?}");
    assert!(lines[3].starts_with("kx banker table, player 3 seats  ours vs greedy, against greedy in the same seat"));
    assert!(text(&out.stderr).contains("skipping ranked"), "{}", text(&out.stderr));
    let mirror =
        ["play", "--preset", "classic", "--players", "4", "--table", "banker", "--deals", "10", "--villain", "ours"];
    let out = run(TOURNAMENT, &mirror, &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // The same player in every seat: the banker's water is minus the three players' (the table
    // sums to zero), so as the banker it is −3 times what it is as a player.
    let value =
        |l: &str, after: &str| -> f64 { l.split(after).nth(1).unwrap().split(' ').next().unwrap().parse().unwrap() };
    let stdout = text(&out.stdout);
    let water: Vec<f64> =
        stdout.lines().filter(|l| l.contains("ours vs ours: ")).map(|l| value(l, "ours vs ours: ")).collect();
    assert_eq!(water.len(), 2, "{stdout}");
    assert!((water[0] + 3.0 * water[1]).abs() < 2e-4, "{water:?}");
    // Against itself in the same seat a player scores exactly nothing.
    let relative: Vec<f64> =
        stdout.lines().filter(|l| l.contains("in the same seat: ")).map(|l| value(l, "in the same seat: ")).collect();
    assert_eq!(relative, [0.0, 0.0], "{stdout}");
    let speed = ["speed", "--preset", "classic", "--players", "4", "--table", "banker", "--hands", "20", "--once"];
    let out = run(TOURNAMENT, &speed, &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("classic banker table, player 4 seats: 20 random hands and 22 hard hands once each"), "{s}");
    assert!(s.contains("classic banker table, banker 4 seats: 20 random hands"), "{s}");
    let out = run(TOURNAMENT, &["play", "--table", "dealer", "--deals", "1"], &dir);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    // Nothing to train: hk has no home run (its banker fields are the heads-up field), ranked is
    // not pairwise, two seats are heads-up; the file is left as it was.
    let train = ["--out", "none.bin", "--preset", "hk,ranked", "--players", "2,4", "--table", "banker"];
    let out = run(TRAIN, &train, &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("skipping hk banker table at 4 seats: priced as heads-up"), "{err}");
    assert!(err.contains("skipping ranked banker table at 2 seats: banker mode is pairwise only"), "{err}");
    assert!(err.contains("skipping hk banker table at 2 seats: a banker table of two"), "{err}");
}

/// `--home-runs` adds a line per result with the home runs of the hero's games (only the banker
/// makes them at a banker table), and `--no-home-run` plays the rules without them.
#[test]
fn the_tournament_reports_and_disables_home_runs() {
    let dir = scratch("home-runs");
    let play = ["play", "--preset", "classic", "--players", "3", "--table", "banker", "--deals", "300"];
    let out = run(TOURNAMENT, &[&play[..], &["--villain", "product", "--home-runs"]].concat(), &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let all: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    // Per role: the result, the result against the villain in the same seat, the home runs.
    assert_eq!(all.len(), 6, "{all:?}");
    let lines: Vec<&String> = all.iter().filter(|l| l.contains(" home runs: made in")).collect();
    assert_eq!(lines.len(), 2, "{all:?}");
    let share = |line: &str, what: &str| -> f64 {
        line.split(what).nth(1).unwrap().trim_start().split('%').next().unwrap().parse().unwrap()
    };
    assert!(
        lines[0].starts_with("classic banker table, banker 3 seats  ours vs product home runs: made in"),
        "{lines:?}"
    );
    assert!(share(lines[0], "made in") > 0.0 && share(lines[0], "against in") == 0.0, "{lines:?}");
    assert!(lines[1].starts_with("classic banker table, player 3 seats  ours vs product home runs:"), "{lines:?}");
    assert!(share(lines[1], "made in") == 0.0 && share(lines[1], "against in") > 0.0, "{lines:?}");
    assert!(lines[1].contains("moving -"), "{lines:?}");
    let out = run(TOURNAMENT, &[&play[..], &["--no-home-run", "--home-runs"]].concat(), &dir);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert!(lines[0].starts_with("classic (no home runs) banker table, banker 3 seats"), "{lines:?}");
    let hr: Vec<&String> = lines.iter().filter(|l| l.contains(" home runs: made in")).collect();
    assert_eq!(hr.len(), 2, "{lines:?}");
    assert!(
        hr.iter().all(|l| l.ends_with("made in 0.00% of games, against in 0.00%, moving +0.0000 water/hand")),
        "{lines:?}"
    );
}

/// `best-response` at a banker table measures both roles, one line each, and at a big table
/// deals the bigger deck.
#[test]
fn best_response_measures_banker_and_big_tables() {
    let dir = scratch("best_response_tables");
    let small = ["--hands", "2", "--opponents", "4", "--screen", "4"];
    let out = run(
        TOURNAMENT,
        &[&["best-response", "--preset", "classic", "--players", "3", "--table", "banker"], &small[..]].concat(),
        &dir,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = text(&out.stdout);
    assert!(lines.contains("classic banker table, banker 3 seats"), "{lines}");
    assert!(lines.contains("classic banker table, player 3 seats"), "{lines}");
    let out = run(
        TOURNAMENT,
        &[&["best-response", "--preset", "kx", "--players", "6", "--extra-suits", "sh"], &small[..]].concat(),
        &dir,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("kx 6 seats (extra suits"), "{}", text(&out.stdout));
}
