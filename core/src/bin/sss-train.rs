//! `sss-train`: the self-play generator of the committed field models.
//!
//! ```text
//! sss-train [--preset NAME|all] [--players 2,3,4] [--deals N] [--iterations K] [--seed S]
//!           [--out core/src/arrange/model_tables.bin]
//! ```
//! Models for the (preset, players) pairs trained replace those in `--out`; the others are
//! kept, so the tables can be regenerated one model at a time. Deterministic for its arguments.

use std::process::ExitCode;

use shisanshui::arrange::model_tables::{decode, encode};
use shisanshui::arrange::train::{train, TrainConfig};
use shisanshui::arrange::{FieldModel, Training};
use shisanshui::Preset;

/// The committed tables' settings (recorded in each model; see `docs/arrange.md`).
const DEFAULT_SEED: u64 = 0x5353_5f41_5252_414e; // "SSS_ARRAN"
const DEFAULT_DEALS: u32 = 100_000;
const DEFAULT_ITERATIONS: u8 = 8;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sss-train: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut presets: Vec<Preset> = Preset::ALL.to_vec();
    let mut players: Vec<u8> = vec![2, 3, 4];
    let mut training = Training { seed: DEFAULT_SEED, deals: DEFAULT_DEALS, iterations: DEFAULT_ITERATIONS };
    let mut out = concat!(env!("CARGO_MANIFEST_DIR"), "/src/arrange/model_tables.bin").to_string();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().ok_or_else(|| format!("{a} needs a value"));
        match a.as_str() {
            "--preset" => {
                let v = val()?;
                presets = if v == "all" {
                    Preset::ALL.to_vec()
                } else {
                    v.split(',').map(|p| p.parse::<Preset>().map_err(|e| e.to_string())).collect::<Result<_, _>>()?
                }
            }
            "--players" => {
                players =
                    val()?.split(',').map(|p| p.parse::<u8>().map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
                if players.iter().any(|p| !(2..=4).contains(p)) {
                    return Err("players must be 2 to 4".into());
                }
            }
            "--deals" => training.deals = val()?.parse().map_err(|e| format!("--deals: {e}"))?,
            "--iterations" => training.iterations = val()?.parse().map_err(|e| format!("--iterations: {e}"))?,
            "--seed" => training.seed = val()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--out" => out = val()?.clone(),
            "-h" | "--help" => {
                println!("sss-train [--preset NAME,...|all] [--players 2,3,4] [--deals N] [--iterations K] [--seed S] [--out FILE]");
                return Ok(());
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    let mut models: Vec<FieldModel> = match std::fs::read(&out) {
        Ok(bytes) => decode(&bytes).map_err(|e| format!("{out}: {e}"))?,
        Err(_) => Vec::new(),
    };
    for &preset in &presets {
        for &p in &players {
            let cfg = TrainConfig { preset, players: p, training };
            eprintln!(
                "training {preset} at {p} seats: {} tables x {} iterations, seed {}",
                training.deals, training.iterations, training.seed
            );
            let model = train(&cfg, |k, secs| eprintln!("  iteration {k} done at {secs:.1} s"));
            models.retain(|m| !(m.preset == preset && m.players == p));
            models.push(model);
            models.sort_by_key(|m| (Preset::ALL.iter().position(|&x| x == m.preset), m.players));
            std::fs::write(&out, encode(&models)).map_err(|e| format!("{out}: {e}"))?;
        }
    }
    eprintln!("wrote {} models to {out}", models.len());
    Ok(())
}
