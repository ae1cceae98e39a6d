//! Simulation in shards: runs of disjoint round ranges (`SimConfig::first_round`) merge with
//! `SimReport::merge` / `SimReport::merged` into exactly (`==`, every field) the report of one
//! run of all the rounds, in any order and on any thread counts; shards of other runs, and
//! ranges that overlap or leave a gap, are typed errors.

use shisanshui::money::{Rake, Stakes};
use shisanshui::simulate::{round_seed, run, Policy, SimConfig, SimReport};
use shisanshui::{Error, Preset, Rules, Table};

/// A small deterministic generator for the random splits (SplitMix64, as the deals).
struct Gen(u64, u64);

impl Gen {
    fn below(&mut self, n: u64) -> u64 {
        self.1 += 1;
        round_seed(self.0, self.1) % n
    }
}

fn shard(c: &SimConfig, first_round: u64, rounds: u64, threads: usize) -> SimReport {
    let mut s = c.clone();
    (s.first_round, s.rounds, s.threads) = (first_round, rounds, threads);
    run(&s).unwrap_or_else(|e| panic!("shard {first_round}+{rounds}: {e}"))
}

/// The configurations the property runs on: water only with the arranger, baselines with money
/// (carries and rake), a banker table, and a big table of two decks.
fn presets() -> Vec<(&'static str, SimConfig)> {
    let mut out = Vec::new();
    out.push(("classic arranger", SimConfig::new(Rules::preset(Preset::Classic), 4, 150, 3)));
    let mut money = SimConfig::new(Rules::preset(Preset::Kx), 3, 400, 5);
    money.policies = vec![Policy::Product, Policy::Greedy, Policy::Greedy];
    money.stakes = Some(Stakes { base: 100, carries: Some(vec![2000, 1500, 800]), rake: Rake::percent(5) });
    out.push(("kx with money", money));
    let mut rules = Rules::classic();
    rules.table = Table::Banker;
    let mut banker = SimConfig::new(rules, 4, 120, 11);
    banker.banker = Some(2);
    banker.policies = vec![Policy::Arranger, Policy::Greedy, Policy::Arranger, Policy::Product];
    out.push(("banker table", banker));
    let mut big = SimConfig::new(Rules::preset(Preset::Ranked), 6, 120, 8);
    big.rules.extra_suits = "sh".parse().unwrap();
    big.policies = vec![Policy::Greedy];
    big.stakes = Some(Stakes { base: 7, carries: None, rake: Rake::percent(3) });
    out.push(("big table", big));
    out
}

#[test]
fn shards_merge_into_the_one_process_report() {
    let mut g = Gen(0x5eed, 0);
    for (name, c) in presets() {
        // From round 0 and from a later first round: the one-process run of the same rounds.
        for first in [0, 1_000_003] {
            let mut whole = c.clone();
            whole.first_round = first;
            let one = run(&whole).unwrap();
            assert_eq!((one.first_round, one.rounds, one.end_round()), (first, c.rounds, first + c.rounds));
            for trial in 0..3 {
                // 1 to 5 shards at random cuts (distinct, so no shard is empty).
                let k = 1 + g.below(5);
                let mut cuts = vec![0, c.rounds];
                while (cuts.len() as u64) < k + 1 {
                    let cut = 1 + g.below(c.rounds - 1);
                    if !cuts.contains(&cut) {
                        cuts.push(cut);
                    }
                }
                cuts.sort_unstable();
                let mut shards: Vec<SimReport> =
                    cuts.windows(2).map(|w| shard(&c, first + w[0], w[1] - w[0], 1 + g.below(3) as usize)).collect();
                // In round order, folded with merge.
                let mut folded = shards[0].clone();
                for s in &shards[1..] {
                    folded.merge(s).unwrap();
                }
                assert_eq!(folded, one, "{name}: {k} shards at {cuts:?} (folded), trial {trial}");
                // In any order, merged at once.
                for i in (1..shards.len()).rev() {
                    shards.swap(i, g.below(i as u64 + 1) as usize);
                }
                let merged = SimReport::merged(&shards).unwrap();
                assert_eq!(merged, one, "{name}: {k} shards at {cuts:?} (shuffled), trial {trial}");
                #[cfg(feature = "serde")]
                {
                    assert_eq!(merged.to_json(), one.to_json(), "{name}");
                    // Through the state, as shards cross processes.
                    let back: Vec<SimReport> =
                        shards.iter().map(|s| SimReport::from_state(&s.to_state()).unwrap()).collect();
                    assert_eq!(back, shards, "{name}: the state rebuilds each shard");
                    assert_eq!(SimReport::merged(back.iter().rev()).unwrap(), one, "{name}: merged from states");
                }
            }
        }
    }
}

#[test]
fn merging_a_later_shard_before_an_earlier_one_works_both_ways() {
    let mut c = SimConfig::new(Rules::preset(Preset::Classic), 3, 90, 1);
    c.policies = vec![Policy::Greedy];
    let (a, b) = (shard(&c, 0, 40, 1), shard(&c, 40, 50, 2));
    let mut later = b.clone();
    later.merge(&a).unwrap();
    let mut earlier = a.clone();
    earlier.merge(&b).unwrap();
    assert_eq!(later, earlier);
    assert_eq!(later, run(&c).unwrap());
}

fn invalid(r: shisanshui::Result<SimReport>) -> String {
    match r {
        Err(Error::InvalidArgument(m)) => m,
        other => panic!("expected InvalidArgument, got {other:?}"),
    }
}

#[test]
fn shards_of_other_runs_overlapping_or_with_gaps_do_not_merge() {
    let mut c = SimConfig::new(Rules::preset(Preset::Classic), 4, 30, 2);
    c.policies = vec![Policy::Greedy];
    let a = shard(&c, 0, 10, 1);
    let b = shard(&c, 10, 10, 1);
    type Change = Box<dyn Fn(&mut SimConfig)>;
    let cases: Vec<(&str, Change)> = vec![
        ("rules", Box::new(|c| c.rules = Rules::preset(Preset::Kx))),
        ("players", Box::new(|c| c.players = 3)),
        ("seed", Box::new(|c| c.seed = 3)),
        ("policies", Box::new(|c| c.policies = vec![Policy::Product])),
        ("specials setting", Box::new(|c| c.specials = false)),
        ("stakes", Box::new(|c| c.stakes = Some(Stakes { base: 1, carries: None, rake: Rake::NONE }))),
    ];
    for (what, change) in cases {
        let mut other = c.clone();
        change(&mut other);
        let o = shard(&other, 10, 10, 1);
        let m = invalid(SimReport::merged([&a, &o]));
        assert!(m.contains(&format!("the {what} differ")), "{what}: {m}");
        let mut into = a.clone();
        assert!(into.merge(&o).is_err());
        assert_eq!(into, a, "a failed merge leaves the report unchanged");
    }
    // The same policy given once or per seat is the same run.
    let mut per_seat = c.clone();
    per_seat.policies = vec![Policy::Greedy; 4];
    assert_eq!(SimReport::merged([&a, &shard(&per_seat, 10, 10, 1)]).unwrap(), shard(&c, 0, 20, 1));
    // Banker seats.
    let mut rules = Rules::classic();
    rules.table = Table::Banker;
    let mut bank = SimConfig::new(rules, 3, 10, 2);
    bank.policies = vec![Policy::Greedy];
    bank.banker = Some(0);
    let b0 = shard(&bank, 0, 10, 1);
    bank.banker = Some(1);
    assert!(invalid(SimReport::merged([&b0, &shard(&bank, 10, 10, 1)])).contains("the banker seat differs"));
    // Overlaps: the same shard twice, a shard inside another, a partial overlap.
    let m = invalid(SimReport::merged([&a, &a]));
    assert!(m.contains("rounds 0..10 and rounds 0..10 overlap"), "{m}");
    let m = invalid(SimReport::merged([&shard(&c, 0, 20, 1), &shard(&c, 5, 3, 1)]));
    assert!(m.contains("overlap"), "{m}");
    let m = invalid(SimReport::merged([&b, &shard(&c, 5, 10, 1)]));
    assert!(m.contains("rounds 5..15 and rounds 10..20 overlap"), "{m}");
    // A gap.
    let m = invalid(SimReport::merged([&a, &shard(&c, 11, 5, 1)]));
    assert!(m.contains("rounds 10..11 are in no report"), "{m}");
    let mut into = a.clone();
    assert!(into.merge(&shard(&c, 25, 5, 1)).is_err());
    assert_eq!(into, a);
    // Nothing to merge.
    assert!(invalid(SimReport::merged(std::iter::empty())).contains("no reports"));
    // One report merges into itself.
    assert_eq!(SimReport::merged([&a]).unwrap(), a);
}

#[test]
fn the_first_round_may_be_anywhere_below_the_end_of_u64() {
    let mut c = SimConfig::new(Rules::preset(Preset::Classic), 2, 10, 4);
    c.policies = vec![Policy::Greedy];
    c.first_round = u64::MAX - 10;
    let r = run(&c).unwrap();
    assert_eq!((r.first_round, r.end_round()), (u64::MAX - 10, u64::MAX));
    c.first_round = u64::MAX - 9;
    let m = invalid(run(&c));
    assert!(m.contains("past"), "{m}");
    assert!(matches!(shisanshui::simulate::validate(&c), Err(Error::InvalidArgument(_))));
    // Validation reports what run reports, without playing.
    c.first_round = 0;
    assert!(shisanshui::simulate::validate(&c).is_ok());
    c.players = 5;
    assert!(matches!(shisanshui::simulate::validate(&c), Err(Error::InvalidTable(_))));
    c.players = 2;
    c.rules.shooting.multiplier = 0;
    assert!(matches!(shisanshui::simulate::validate(&c), Err(Error::InvalidRules { .. })));
}

#[cfg(feature = "serde")]
#[test]
fn a_bad_state_is_a_typed_error_never_a_panic() {
    let mut c = SimConfig::new(Rules::preset(Preset::Kx), 3, 40, 6);
    c.policies = vec![Policy::Greedy];
    c.stakes = Some(Stakes { base: 10, carries: None, rake: Rake::percent(5) });
    let r = run(&c).unwrap();
    let state = r.to_state();
    assert!(state.len() < 20_000, "compact: {} bytes", state.len());
    assert_eq!(SimReport::from_state(&state).unwrap(), r);
    let v: serde_json::Value = serde_json::from_str(&state).unwrap();
    let with = |path: &[&str], value: serde_json::Value| {
        let mut v = v.clone();
        let mut at = &mut v;
        for p in path {
            at = match p.parse::<usize>() {
                Ok(i) => &mut at[i],
                Err(_) => &mut at[*p],
            };
        }
        *at = value;
        v.to_string()
    };
    use serde_json::json;
    let bad = [
        String::new(),
        "{}".into(),
        "[1,2]".into(),
        state[..state.len() / 2].to_string(),
        with(&["format"], json!("shisanshui-sim-state/0")),
        with(&["rounds"], json!(0)),
        with(&["rounds"], json!(41)),
        with(&["first_round"], json!(u64::MAX)),
        with(&["players"], json!(9)),
        with(&["players"], json!(2)),
        with(&["policies"], json!(["greedy", "greedy"])),
        with(&["policies"], json!(["nobody"])),
        with(&["banker"], json!(0)),
        with(&["stakes"], json!(null)),
        with(&["stakes", "base"], json!(-1)),
        with(&["rules", "shooting", "multiplier"], json!(0)),
        with(&["rules"], json!("classic")),
        with(&["seats", "0"], json!([[5, 1], [3, 39]])),
        with(&["seats", "0"], json!([[5, 0], [6, 40]])),
        with(&["seats", "1"], json!([[i64::MAX, 40]])),
        with(&["seats", "1"], json!([[i64::MIN, u64::MAX]])),
        with(&["swing"], json!([])),
        with(&["money"], json!([])),
        with(&["made"], json!([["dragon", 1000]])),
        with(&["made"], json!([["six_pairs", 1], ["six_pairs", 1]])),
        with(&["made"], json!([["no_such_special", 1]])),
        with(&["extra"], json!(1)),
    ];
    for (i, text) in bad.iter().enumerate() {
        match SimReport::from_state(text) {
            Err(
                Error::InvalidArgument(_)
                | Error::InvalidRules { .. }
                | Error::InvalidMoney(_)
                | Error::InvalidTable(_),
            ) => {}
            other => panic!("case {i} ({text:.200}): {other:?}"),
        }
    }
    // Every one-byte change either parses to a checked report or is an error.
    let bytes = state.as_bytes();
    for i in (0..bytes.len()).step_by(7) {
        for b in [b'0', b'9', b'-', b']', b'"'] {
            let mut m = bytes.to_vec();
            m[i] = b;
            if let Ok(text) = std::str::from_utf8(&m) {
                let _ = SimReport::from_state(text);
            }
        }
    }
}
