//! The shared cross-language vectors of seeded simulation, `tests/vectors/simulate.json`
//! (format: `tests/vectors/README.md`): runs at banker rooms (the banker's seat named, the
//! arranger playing it as the banker), with money, baselines, shards, two decks and jokers, an
//! all-pairs run beside them, and the configurations refused. Every surface that simulates runs
//! the same configurations and compares its report with these figures. Regenerated from the
//! engine and compared with the committed file;
//! `UPDATE_VECTORS=1 cargo test -p shisanshui --features serde --test simulate_vectors` rewrites
//! it. The figures themselves are checked against a round-by-round replay in `simulate.rs`.
#![cfg(feature = "serde")]

use shisanshui::money::{Rake, Stakes};
use shisanshui::simulate::{run, Policy, SimConfig};
use shisanshui::Rules;

mod support;

use support::{check_vectors, document, js};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/simulate.json");

/// One run: name, rule-set JSON, seats, rounds, first round, seed, banker seat, policies (none:
/// the arranger everywhere), specials declared, stakes (base, rake numerator and denominator,
/// carries).
struct Run {
    name: &'static str,
    rules: &'static str,
    players: usize,
    rounds: u64,
    first_round: u64,
    seed: u64,
    banker: Option<usize>,
    policies: &'static [&'static str],
    specials: bool,
    stakes: Option<(i64, i64, i64, &'static [i64])>,
}

const RUNS: &[Run] = &[
    Run {
        name: "kx_banker",
        rules: r#"{"preset": "kx", "table": "banker"}"#,
        players: 4,
        rounds: 40,
        first_round: 0,
        seed: 11,
        banker: Some(2),
        policies: &[],
        specials: true,
        stakes: None,
    },
    Run {
        name: "classic_banker_money",
        rules: r#"{"preset": "classic", "table": "banker"}"#,
        players: 3,
        rounds: 40,
        first_round: 0,
        seed: 3,
        banker: Some(0),
        policies: &[],
        specials: true,
        stakes: Some((100, 1, 20, &[5_000, 5_000, 5_000])),
    },
    Run {
        name: "regional_banker_six_seats",
        rules: r#"{"preset": "regional", "table": "banker", "extra_suits": ["s", "h"]}"#,
        players: 6,
        rounds: 20,
        first_round: 0,
        seed: 8,
        banker: Some(5),
        policies: &["arranger", "greedy", "product", "arranger", "greedy", "arranger"],
        specials: false,
        stakes: None,
    },
    Run {
        name: "classic_banker_shard",
        rules: r#"{"preset": "classic", "table": "banker"}"#,
        players: 4,
        rounds: 15,
        first_round: 25,
        seed: 11,
        banker: Some(1),
        policies: &["greedy"],
        specials: true,
        stakes: Some((10, 0, 1, &[])),
    },
    Run {
        name: "classic_banker_jokers",
        rules: r#"{"preset": "classic", "table": "banker", "jokers": 2}"#,
        players: 4,
        rounds: 20,
        first_round: 0,
        seed: 5,
        banker: Some(3),
        policies: &[],
        specials: true,
        stakes: None,
    },
    Run {
        name: "classic_all_pairs",
        rules: r#"{"preset": "classic"}"#,
        players: 4,
        rounds: 30,
        first_round: 0,
        seed: 4,
        banker: None,
        policies: &[],
        specials: true,
        stakes: None,
    },
];

/// Refused configurations: rule-set JSON, seats, banker seat, the error's kind.
const ERRORS: &[(&str, usize, Option<usize>)] = &[
    (r#"{"preset": "kx", "table": "banker"}"#, 4, None),
    (r#"{"preset": "kx", "table": "banker"}"#, 4, Some(4)),
    (r#"{"preset": "classic"}"#, 4, Some(0)),
];

fn config(r: &Run) -> SimConfig {
    let mut c = SimConfig::new(Rules::from_json(r.rules).unwrap(), r.players, r.rounds, r.seed);
    c.first_round = r.first_round;
    c.banker = r.banker;
    c.policies = r.policies.iter().map(|p| p.parse::<Policy>().unwrap()).collect();
    c.specials = r.specials;
    c.stakes = r.stakes.map(|(base, numerator, denominator, carries)| Stakes {
        base,
        carries: (!carries.is_empty()).then(|| carries.to_vec()),
        rake: Rake { numerator, denominator },
    });
    c
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "null".to_string(), |v| v.to_string())
}

fn list<T: ToString>(v: impl IntoIterator<Item = T>) -> String {
    format!("[{}]", v.into_iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "))
}

fn generate() -> String {
    let mut runs = Vec::new();
    for r in RUNS {
        let report = run(&config(r)).unwrap();
        let stakes = r.stakes.map(|(base, numerator, denominator, carries)| {
            let carries = if carries.is_empty() { "null".to_string() } else { list(carries.iter()) };
            format!("{{\"base\": {base}, \"rake\": [{numerator}, {denominator}], \"carries\": {carries}}}")
        });
        let money = report.money.as_ref();
        runs.push(format!(
            "{{\"name\": {}, \"rules_json\": {}, \"players\": {}, \"rounds\": {}, \"first_round\": {}, \"seed\": {}, \
             \"banker\": {}, \"policies\": {}, \"specials\": {}, \"stakes\": {}, \"hands\": {}, \"declared\": {}, \
             \"fouls\": {}, \"shots\": {}, \"home_runs\": {}, \"seat_means\": {}, \"swing_mean\": {}, \
             \"money_seat_means\": {}, \"total_rake\": {}, \"total_house\": {}}}",
            js(r.name),
            js(r.rules),
            r.players,
            r.rounds,
            r.first_round,
            r.seed,
            opt(r.banker),
            list(r.policies.iter().map(|p| js(p))),
            r.specials,
            opt(stakes),
            report.hands,
            report.declared,
            report.fouls,
            report.shots,
            report.home_runs,
            list(report.seats.iter().map(|s| s.summary.mean)),
            report.swing.summary.mean,
            opt(money.map(|m| list(m.seats.iter().map(|s| s.mean)))),
            opt(money.map(|m| m.total_rake)),
            opt(money.map(|m| m.total_house)),
        ));
    }
    let mut errors = Vec::new();
    for &(rules, players, banker) in ERRORS {
        let mut c = SimConfig::new(Rules::from_json(rules).unwrap(), players, 5, 1);
        c.banker = banker;
        let e = run(&c).unwrap_err();
        errors.push(format!(
            "{{\"rules_json\": {}, \"players\": {players}, \"banker\": {}, \"kind\": {}}}",
            js(rules),
            opt(banker),
            js(e.kind())
        ));
    }
    document("", &[("runs", &runs), ("errors", &errors)])
}

#[test]
// Arranges about 900 hands: far too slow under the interpreter.
#[cfg_attr(miri, ignore)]
fn simulate_vectors_are_current() {
    check_vectors(PATH, &generate(), "cargo test -p shisanshui --features serde --test simulate_vectors", "");
}
