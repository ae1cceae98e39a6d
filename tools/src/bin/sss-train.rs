//! `sss-train`: the self-play generator of the field models (`docs/arrange.md`, "Training").
//!
//! ```text
//! sss-train --out FILE [--preset NAME,...|all] [--players 2,4] [--table all_pairs|banker]
//!           [--extra-suits LETTERS] [--deals N] [--iterations K] [--seed S] [--no-card-removal]
//!           [--no-home-run] [--fresh]
//! ```
//!
//! Each iteration's best response plays with card removal, as the default arranger does (the
//! field it trains is then the self-play of the arranger that ships); `--no-card-removal` trains
//! the field of the arranger without it.
//!
//! `--extra-suits` trains for a bigger deck (RULES.md §11: `s` at five seats, `sh` at six,
//! `dchs` — two decks — at seven or eight); a model is kept per (preset, seats, extra suits,
//! seat). `--table banker` trains a banker table's two fields (the player's and the banker's,
//! RULES.md §5a) at each table size of three or more; a banker table whose objectives are the heads-up
//! one times the opponents (no home run, shots as heads-up: `banker_is_heads_up`) needs none —
//! its fields are exactly the heads-up field — and is skipped with a note, as are ranked
//! presets (banker mode is pairwise only) and two seats (the heads-up game).
//!
//! The committed tables are regenerated with the commands in `core/src/arrange/model_tables.rs`.
//! There is no default output: the tables the library embeds are only rewritten when asked for
//! by name. Models for the (preset, players, seat) trained replace those already in `--out`;
//! the others are kept (unless `--fresh`), so the tables can be regenerated one model at a time.
//! The file is rewritten after each model (through a temporary file and a rename, so an
//! interrupted run leaves a whole, decodable file). `--out -` writes the models to stdout.
//! Deterministic for its arguments. Exit codes: 0 done, 1 failed (I/O, an unreadable `--out`),
//! 2 usage error.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use shisanshui::arrange::model_tables::{banker_is_heads_up, decode, encode};
use shisanshui::arrange::train::{train, train_banker, TrainConfig};
use shisanshui::arrange::{FieldModel, Role, Training};
use shisanshui::{Preset, Rules, SuitSet, Table};
use shisanshui_tools::{
    check_seats, players_arg, presets_arg, seed_arg, suits_arg, Players, Presets, EXIT_FAILURE, EXIT_USAGE,
};

/// Trains field models by self-play and writes them in the `model_tables.bin` format.
///
/// The defaults are the committed tables' settings (recorded in each model; see
/// docs/arrange.md). Exit codes: 0 done, 1 failed (I/O, an unreadable --out), 2 usage error.
#[derive(Parser, Debug)]
#[command(name = "sss-train", version)]
struct Args {
    /// File to write (required; `-` for stdout). Models already in it for other
    /// (preset, players, seat) are kept unless --fresh.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,

    /// Presets to train: `all` or a comma-separated list (classic, regional, kx, hk, ranked,
    /// chinese_poker).
    #[arg(long, value_name = "NAME,...|all", value_parser = presets_arg, default_value = "all")]
    preset: Presets,

    /// Table sizes to train, comma-separated, each 2 to 8 (more than 4 need --extra-suits).
    #[arg(long, value_name = "N,...", value_parser = players_arg, default_value = "2,4")]
    players: Players,

    /// Suits the deck holds twice (RULES.md §11): letters such as `s`, `sh`, `dchs` (two
    /// decks); default none (one deck).
    #[arg(long, value_name = "LETTERS", value_parser = suits_arg, default_value = "")]
    extra_suits: SuitSet,

    /// Wild jokers in the deck (RULES.md §12): 0 to 6; default none. Joker hands are arranged by
    /// the copies search and counted at the lanes they play.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=6))]
    jokers: u8,

    /// The table: `all_pairs` (every pair of seats settled) or `banker` (a banker table's two
    /// fields, one per role, at three or more seats).
    #[arg(long, value_name = "all_pairs|banker", value_parser = table_arg, default_value = "all_pairs")]
    table: Table,

    /// Tables of four hands dealt per self-play iteration.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u32).range(1..))]
    deals: u32,

    /// Self-play iterations after the greedy start (0: the greedy field alone).
    #[arg(long, value_name = "K", default_value_t = 8)]
    iterations: u8,

    /// Seed of the deals, decimal or 0x hexadecimal (iteration k deals from seed + k).
    #[arg(long, value_name = "S", value_parser = seed_arg, default_value = "0x53535f415252414e")] // "SSS_ARRAN"
    seed: u64,

    /// Train without card removal: each iteration's best response prices the field as it is,
    /// whatever its own cards (the arranger's `with_card_removal(false)`). By default it
    /// conditions the field on them, as the default arranger plays (one-deck hands).
    #[arg(long)]
    no_card_removal: bool,

    /// Train under the presets' rules with home runs disabled (RULES.md §5), for measuring what
    /// pricing them costs: play the result with `sss-tournament --no-home-run --field FILE`.
    /// The models are written under their presets' names: keep them out of the committed tables.
    #[arg(long)]
    no_home_run: bool,

    /// Start from no models instead of those already in --out.
    #[arg(long)]
    fresh: bool,
}

fn main() -> ExitCode {
    let args = Args::parse(); // usage errors exit 2, --help and --version 0
    if let Err(e) = check_seats(&args.players.0, args.extra_suits) {
        eprintln!("sss-train: {e}");
        return ExitCode::from(EXIT_USAGE);
    }
    let stdout = args.out == Path::new("-");
    if stdout && std::io::stdout().is_terminal() {
        eprintln!("sss-train: --out - writes binary models; redirect stdout to a file");
        return ExitCode::from(EXIT_USAGE);
    }
    match run(&args, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sss-train: {e}");
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

fn run(args: &Args, stdout: bool) -> Result<(), String> {
    let out = &args.out;
    let shown = out.display();
    let mut models: Vec<FieldModel> = if stdout || args.fresh {
        Vec::new()
    } else {
        match std::fs::read(out) {
            // An existing file that is not a models file is never overwritten.
            Ok(bytes) => decode(&bytes).map_err(|e| format!("{shown}: {e} (use --fresh to replace it)"))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(format!("{shown}: {e}")),
        }
    };
    let training = Training { seed: args.seed, deals: args.deals, iterations: args.iterations };
    for &preset in &args.preset.0 {
        for &players in &args.players.0 {
            let cfg = TrainConfig {
                preset,
                players,
                extra_suits: args.extra_suits,
                jokers: args.jokers,
                training,
                card_removal: !args.no_card_removal,
                home_runs: !args.no_home_run,
            };
            let mut banker = Rules::preset(preset);
            banker.extra_suits = args.extra_suits;
            banker.jokers = args.jokers;
            banker.table = Table::Banker;
            banker.home_run.enabled &= !args.no_home_run;
            if args.table == Table::Banker {
                let skip = if banker.validate().is_err() {
                    Some("banker mode is pairwise only")
                } else if players <= 2 {
                    Some("a banker table of two is the heads-up game")
                } else if args.extra_suits.is_empty()
                    && args.jokers == 0
                    && banker_is_heads_up(&banker, players as usize)
                {
                    Some("priced as heads-up (no home run), its fields are the heads-up field")
                } else {
                    None
                };
                if let Some(why) = skip {
                    eprintln!("skipping {preset} banker table at {players} seats: {why}");
                    continue;
                }
            }
            eprintln!(
                "training {preset} at {players} seats ({}, extra suits {:?}, {} jokers): {} tables x {} iterations, seed {}",
                args.table,
                args.extra_suits.to_string(),
                args.jokers,
                training.deals,
                training.iterations,
                training.seed
            );
            let progress = |k, secs| eprintln!("  iteration {k} done at {secs:.1} s");
            let trained: Vec<FieldModel> = match args.table {
                Table::Banker => train_banker(&cfg, progress).to_vec(),
                _ => vec![train(&cfg, progress)],
            };
            models.retain(|m| {
                !trained.iter().any(|t| {
                    (t.preset, t.players, t.extra_suits, t.jokers, t.table, t.role)
                        == (m.preset, m.players, m.extra_suits, m.jokers, m.table, m.role)
                })
            });
            models.extend(trained);
            models.sort_by_key(|m| {
                (
                    Preset::ALL.iter().position(|&x| x == m.preset),
                    m.table != Table::AllPairs,
                    m.extra_suits,
                    m.jokers,
                    m.players,
                    m.role == Role::Banker,
                )
            });
            if !stdout {
                write_whole(out, &encode(&models)).map_err(|e| format!("{shown}: {e}"))?;
            }
        }
    }
    if stdout {
        let mut so = std::io::stdout().lock();
        so.write_all(&encode(&models)).and_then(|()| so.flush()).map_err(|e| format!("stdout: {e}"))?;
        eprintln!("wrote {} models to stdout", models.len());
    } else {
        eprintln!("wrote {} models to {shown}", models.len());
    }
    Ok(())
}

/// clap value parser of `--table`.
fn table_arg(s: &str) -> Result<Table, String> {
    s.parse::<Table>().map_err(|e| e.to_string())
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}
