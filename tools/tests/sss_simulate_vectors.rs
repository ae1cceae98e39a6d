//! `sss simulate` against the shared simulation vectors (`tests/vectors/simulate.json`): each run
//! given as command-line options (the rule set as a `--rules` file, `--banker`, `--player`,
//! `--no-specials`, `--base`/`--rake`/`--carries`, `--first-round`) prints, with `--json`, the
//! figures the engine wrote, as C, C# and Python read them. The refused configurations are
//! refused here too, but for a banker room without a banker seat, which the command line plays
//! with seat 0 as the banker (as the demo does).

use std::process::{Command, Stdio};

use serde_json::Value;

const SSS: &str = env!("CARGO_BIN_EXE_sss");
const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/simulate.json");

/// `sss --json --rules FILE ARGS… simulate` with the rule set written to a file of its own;
/// (exit code, stdout as JSON).
fn simulate(name: &str, rules_json: &str, table: &[String], sim: &[String]) -> (Option<i32>, Value) {
    let dir = std::env::temp_dir().join(format!("sss-simvec-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("rules.json");
    std::fs::write(&rules, rules_json).unwrap();
    let out = Command::new(SSS)
        .args(["--json", "--rules"])
        .arg(&rules)
        .args(table)
        .arg("simulate")
        .args(sim)
        .stdin(Stdio::null())
        .output()
        .expect("sss starts");
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let v = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("{name}: not JSON ({e}): {stdout} / {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code(), v)
}

fn close(a: &Value, b: &Value) -> bool {
    (a.as_f64().unwrap() - b.as_f64().unwrap()).abs() < 1e-9
}

fn means(list: &Value, key: Option<&str>) -> Vec<f64> {
    list.as_array().unwrap().iter().map(|v| key.map_or(v, |k| &v[k]).as_f64().unwrap()).collect()
}

fn same(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-9)
}

#[test]
fn the_command_line_reports_the_shared_simulation_vectors() {
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(VECTORS).unwrap()).unwrap();
    let runs = doc["runs"].as_array().unwrap();
    assert!(runs.len() >= 5);
    for v in runs {
        let name = v["name"].as_str().unwrap();
        let mut table = vec!["--players".to_string(), v["players"].to_string()];
        if let Some(b) = v["banker"].as_u64() {
            table.extend(["--banker".into(), b.to_string()]);
        }
        let mut sim = vec![
            "--rounds".to_string(),
            v["rounds"].to_string(),
            "--seed".into(),
            v["seed"].to_string(),
            "--first-round".into(),
            v["first_round"].to_string(),
            "--threads".into(),
            "1".into(),
        ];
        let policies: Vec<&str> = v["policies"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
        if !policies.is_empty() {
            sim.extend(["--player".into(), policies.join(",")]);
        }
        if v["specials"] == false {
            sim.push("--no-specials".into());
        }
        if let Some(stakes) = v["stakes"].as_object() {
            sim.extend(["--base".into(), stakes["base"].to_string()]);
            sim.extend(["--rake".into(), format!("{}/{}", stakes["rake"][0], stakes["rake"][1])]);
            if let Some(carries) = stakes["carries"].as_array() {
                let c: Vec<String> = carries.iter().map(|c| c.to_string()).collect();
                sim.extend(["--carries".into(), c.join(",")]);
            }
        }
        let (code, r) = simulate(name, v["rules_json"].as_str().unwrap(), &table, &sim);
        assert_eq!(code, Some(0), "{name}: {r}");
        for key in ["hands", "declared", "fouls", "shots", "home_runs", "first_round"] {
            assert_eq!(r[key], v[key], "{name}: {key}");
        }
        assert!(same(&means(&r["seats"], Some("mean")), &means(&v["seat_means"], None)), "{name}: seat means");
        assert!(close(&r["swing"]["mean"], &v["swing_mean"]), "{name}: swing");
        if v["money_seat_means"].is_null() {
            assert!(r["money"].is_null(), "{name}: no money");
        } else {
            let m = &r["money"];
            assert!(same(&means(&m["seats"], Some("mean")), &means(&v["money_seat_means"], None)), "{name}: money");
            assert_eq!((&m["total_rake"], &m["total_house"]), (&v["total_rake"], &v["total_house"]), "{name}");
        }
    }
    for (i, e) in doc["errors"].as_array().unwrap().iter().enumerate() {
        let rules = e["rules_json"].as_str().unwrap();
        let mut table = vec!["--players".to_string(), e["players"].to_string()];
        let sim = ["--rounds", "5", "--seed", "1", "--threads", "1"].map(String::from);
        match e["banker"].as_u64() {
            Some(b) => {
                table.extend(["--banker".into(), b.to_string()]);
                let (code, r) = simulate(&format!("error{i}"), rules, &table, &sim);
                assert_eq!(code, Some(1), "{r}");
                assert_eq!(r["error"]["kind"], e["kind"], "{r}");
            }
            None => {
                // The command line names seat 0 the banker where none is given.
                let (code, r) = simulate(&format!("error{i}"), rules, &table, &sim);
                assert_eq!(code, Some(0), "{r}");
                table.extend(["--banker".into(), "0".into()]);
                let (_, with_seat_0) = simulate(&format!("error{i}b"), rules, &table, &sim);
                assert_eq!(r, with_seat_0);
            }
        }
    }
}
