//! `simulate`: many seeded rounds ([`shisanshui::simulate`]) as a table, JSON or a plot.

use std::fmt::Write;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::Value;
use shisanshui::money::Stakes;
use shisanshui::simulate::{run_with_progress, Distribution, Policy, SimConfig, SimReport, Summary};

use super::names::{number, pad};
use super::round::parse_rake;
use super::{CliError, CliResult, Lang, Output, TableArgs};

/// The plotting script (also usable alone: `python3 tools/plot_simulation.py REPORT.json OUT.png`).
const PLOT_SCRIPT: &str = include_str!("../../plot_simulation.py");

/// Exit code of the plotting script when matplotlib is missing.
const PLOT_NO_MATPLOTLIB: i32 = 3;

#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// Rounds to play.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub rounds: u64,

    /// Seed of the deals (round i is the deal of a seed mixed from S and i; `sss deal --seed S
    /// --round I` replays it).
    #[arg(long, value_name = "S", value_parser = crate::seed_arg, default_value = "1")]
    pub seed: u64,

    /// Play rounds K to K + N − 1 of the run (a shard: the JSON reports of adjacent shards
    /// merge into the report of one run of all their rounds, as Python's `SimResult.merge`).
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub first_round: u64,

    /// Worker threads (default: every core); the figures do not depend on it.
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,

    /// Who plays: arranger, greedy or product, for every seat or comma-separated per seat.
    #[arg(long, value_name = "P[,P...]", default_value = "arranger")]
    pub player: String,

    /// Nobody declares specials (by default the arranger declares per its advice, the
    /// baselines always).
    #[arg(long)]
    pub no_specials: bool,

    /// Money: minor units per water point (底注); enables the money figures.
    #[arg(long, value_name = "UNITS")]
    pub base: Option<i64>,

    /// Money: each seat's carry (携带分) in minor units, comma-separated (needs --base).
    #[arg(long, value_name = "C,...", requires = "base", value_delimiter = ',')]
    pub carries: Option<Vec<i64>>,

    /// Money: the house's rake (抽水), e.g. 5, 5% or 1/20 (needs --base).
    #[arg(long, value_name = "RAKE", requires = "base", value_parser = parse_rake)]
    pub rake: Option<shisanshui::money::Rake>,

    /// Also draw a PNG histogram of the water per seat per round (needs Python 3 with
    /// matplotlib; the interpreter is $SSS_PYTHON or python3). The destination and the
    /// interpreter are checked before the run; the report is printed even if drawing fails.
    #[arg(long, value_name = "FILE.png")]
    pub plot: Option<PathBuf>,
}

/// Fail before a long run rather than after it when the plot cannot be written: the file
/// name must end in `.png` (the format drawn), its folder must exist, and the file must be
/// writable there (checked by opening it; a file made by the check is removed again).
pub fn check_plot_path(path: &std::path::Path) -> CliResult<()> {
    let fail = |why: String| CliError::Input { kind: "plot", message: format!("--plot {}: {why}", path.display()) };
    let png = path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if !png {
        return Err(fail("the plot is drawn as a PNG: give a file name ending in .png".into()));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    if !dir.is_dir() {
        return Err(fail(format!("there is no folder {}", dir.display())));
    }
    if path.is_dir() {
        return Err(fail("that is a folder".into()));
    }
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| fail(format!("cannot write it: {e}")))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

fn python() -> String {
    std::env::var("SSS_PYTHON").unwrap_or_else(|_| "python3".into())
}

/// Fail before a long run rather than after it when the plot cannot be drawn.
fn check_plotting() -> CliResult<()> {
    let py = python();
    let status = Command::new(&py)
        .args(["-c", "import matplotlib"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| CliError::Input {
            kind: "plot",
            message: format!("--plot needs Python 3 with matplotlib: {py}: {e}"),
        })?;
    if !status.success() {
        return Err(CliError::Input {
            kind: "plot",
            message: format!(
                "--plot needs matplotlib, which {py} cannot import (install it: {py} -m pip install matplotlib)"
            ),
        });
    }
    Ok(())
}

fn plot(report: &Value, out: &std::path::Path) -> CliResult<()> {
    let fail = |message: String| CliError::Input { kind: "plot", message };
    let dir = std::env::temp_dir().join(format!("sss-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| fail(format!("{}: {e}", dir.display())))?;
    let json_path = dir.join("report.json");
    std::fs::write(&json_path, serde_json::to_string(report).expect("JSON values serialise"))
        .map_err(|e| fail(format!("{}: {e}", json_path.display())))?;
    let py = python();
    let result = Command::new(&py).arg("-c").arg(PLOT_SCRIPT).arg(&json_path).arg(out).stdin(Stdio::null()).output();
    let _ = std::fs::remove_dir_all(&dir);
    let output = result.map_err(|e| fail(format!("--plot: {py}: {e}")))?;
    match output.status.code() {
        Some(0) => Ok(()),
        Some(PLOT_NO_MATPLOTLIB) => Err(fail(format!("--plot needs matplotlib ({py} -m pip install matplotlib)"))),
        _ => Err(fail(format!("--plot: {}", String::from_utf8_lossy(&output.stderr).trim()))),
    }
}

/// The configuration the options describe.
pub fn config(t: &TableArgs, a: &SimulateArgs) -> CliResult<SimConfig> {
    let rules = t.rules()?;
    let players = t.players()?;
    let mut c = SimConfig::new(rules, players, a.rounds, a.seed);
    c.policies = a
        .player
        .split(',')
        .map(|p| p.parse::<Policy>().map_err(|e| CliError::engine("--player", e)))
        .collect::<CliResult<_>>()?;
    c.specials = !a.no_specials;
    c.first_round = a.first_round;
    c.threads = a.threads.unwrap_or(0);
    c.stakes = a.base.map(|base| Stakes { base, carries: a.carries.clone(), rake: a.rake.unwrap_or_default() });
    // The table option --banker; at a banker table without it seat 0 is the banker, as in the
    // demo (the deals are seeded alike for every seat, so no seat is favoured).
    c.banker = match (t.banker, c.rules.table) {
        (None, shisanshui::Table::Banker) => Some(0),
        (b, _) => b,
    };
    Ok(c)
}

/// `simulate`.
pub fn simulate(t: &TableArgs, a: &SimulateArgs) -> CliResult<Output> {
    let c = config(t, a)?;
    if let Some(path) = &a.plot {
        check_plot_path(path)?;
        check_plotting()?;
    }
    let bar = if std::io::stderr().is_terminal() && c.rounds >= 1000 {
        let bar = ProgressBar::with_draw_target(Some(c.rounds), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} rounds  {elapsed} (eta {eta})") {
            bar.set_style(style);
        }
        Some(bar)
    } else {
        None
    };
    let shown = AtomicU64::new(0);
    let start = Instant::now();
    let report = run_with_progress(&c, &|done| {
        // Workers finish blocks in any order: only ever move the bar forward.
        if let Some(bar) = &bar {
            if shown.fetch_max(done, Ordering::Relaxed) < done {
                bar.set_position(done);
            }
        }
    })?;
    let seconds = start.elapsed().as_secs_f64();
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let mut json = report_json(&report, &c);
    json["preset"] = Value::String(preset_label(t, &c));
    let mut text = table(&report, &c, t.lang(), seconds);
    if let Some(path) = &a.plot {
        if let Err(error) = plot(&json, path) {
            return Err(CliError::AfterOutput { output: Box::new(Output { text, json }), error: Box::new(error) });
        }
        let _ = writeln!(text, "\n{} {}", t.lang().pick("plot written to", "图已写入"), path.display());
        json["plot"] = Value::String(path.display().to_string());
    }
    Ok(Output { text, json })
}

/// The rule set's name for the plot's title: its preset, with "(changed)" when `--rules`
/// changed it.
fn preset_label(t: &TableArgs, c: &SimConfig) -> String {
    // Standard input was read once already: only a file or inline JSON is read again.
    let named = t
        .rules
        .as_deref()
        .filter(|r| *r != "-")
        .and_then(|r| super::read_source(r).ok())
        .and_then(|(text, _)| super::named_preset(&text));
    let name = t.preset.clone().or(named).unwrap_or_else(|| "classic".into()).to_ascii_lowercase();
    match shisanshui::Rules::from_preset_name(&name) {
        Ok(p) if p == c.rules => name,
        _ => format!("{name} (changed)"),
    }
}

fn ci(s: &Summary) -> String {
    format!("{:+.4} [{:+.4}, {:+.4}]", s.mean, s.ci95[0], s.ci95[1])
}

fn quantiles(d: &Distribution) -> String {
    d.quantiles.iter().map(|q| number(q.value)).collect::<Vec<_>>().join(" ")
}

/// The readable table of a report.
pub fn table(r: &SimReport, c: &SimConfig, lang: Lang, seconds: f64) -> String {
    let l = |en, zh| lang.pick(en, zh);
    let mut t = String::new();
    let players: Vec<&str> = r.policies.iter().map(|&p| lang.policy(p)).collect();
    let _ = writeln!(
        t,
        "{} {}  {} {}  {} {}  {}: {}  ({} {}, {seconds:.1} s)",
        r.rounds,
        l("rounds", "局"),
        r.players,
        l("seats", "人"),
        l("seed", "种子"),
        r.seed,
        l("players", "摆牌"),
        players.join(", "),
        c.thread_count().min(r.rounds.div_ceil(64) as usize).max(1),
        l("threads", "线程"),
    );
    if let Some(b) = c.banker {
        let _ = writeln!(t, "{}: {} {b}", l("banker", "庄家"), l("seat", "座位"));
    }
    let per = |n: u64, of: u64| if of == 0 { 0.0 } else { n as f64 / of as f64 };
    let _ = writeln!(
        t,
        "{} {}  {} {} ({:.3}%)  {} {}  {} {} ({:.4}/{})  {} {} ({:.3}%)",
        l("hands", "手牌"),
        r.hands,
        l("declared specials", "报到"),
        r.declared,
        100.0 * per(r.declared, r.hands),
        l("fouls", "倒水"),
        r.fouls,
        l("shots", "打枪"),
        r.shots,
        per(r.shots, r.rounds),
        l("round", "局"),
        l("home runs", "全垒打"),
        r.home_runs,
        100.0 * per(r.home_runs, r.rounds),
    );
    if !r.specials.is_empty() {
        let _ = writeln!(
            t,
            "\n{} {:>6} {:>9} {:>9} {:>9} {:>9}",
            pad(l("special", "特殊牌型"), 28),
            l("water", "水"),
            l("made", "拿到"),
            "%",
            l("declared", "报到"),
            "%"
        );
        for s in &r.specials {
            let name = format!("{} {}", s.special.id(), lang.special(s.special));
            let _ = writeln!(
                t,
                "{} {:>6} {:>9} {:>9.4} {:>9} {:>9.4}",
                pad(&name, 28),
                s.water,
                s.made,
                100.0 * s.made_rate,
                s.declared,
                100.0 * s.declared_rate
            );
        }
    }
    // The lanes played, strongest categories first; categories no lane made are left out.
    let made: Vec<_> = r.lanes.iter().rev().filter(|c| c.front + c.middle + c.back > 0).collect();
    if !made.is_empty() {
        let _ = writeln!(
            t,
            "\n{} {:>9} {:>9} {:>9} {:>9}",
            pad(l("lanes played", "所摆牌道"), 28),
            l("front", "头道"),
            l("middle", "中道"),
            l("back", "尾道"),
            l("% hands", "% 手牌")
        );
        for c in made {
            let _ = writeln!(
                t,
                "{} {:>9} {:>9} {:>9} {:>9.4}",
                pad(lang.category(c.category), 28),
                c.front,
                c.middle,
                c.back,
                100.0 * c.hand_rate
            );
        }
    }
    let _ = writeln!(
        t,
        "\n{}",
        l(
            "water per seat per round: mean [95% interval], sd, mean |water|, quantiles 0 1 5 25 50 75 95 99 100%",
            "每座每局水数: 均值 [95% 区间], 标准差, 平均绝对值, 分位数 0 1 5 25 50 75 95 99 100%"
        )
    );
    for (i, d) in r.seats.iter().enumerate() {
        let _ = writeln!(
            t,
            "  {} {i:<4} {}  sd {:.3}  |w| {:.3}  q {}",
            l("seat", "座位"),
            ci(&d.summary),
            d.summary.sd,
            d.mean_abs,
            quantiles(d)
        );
    }
    let d = &r.water;
    let _ = writeln!(
        t,
        "  {:<9} {}  sd {:.3}  |w| {:.3}  q {}",
        l("all", "全部"),
        ci(&d.summary),
        d.summary.sd,
        d.mean_abs,
        quantiles(d)
    );
    let _ = writeln!(
        t,
        "{}: {}  sd {:.3}",
        l("swing (water changing hands per round)", "每局易手水数"),
        ci(&r.swing.summary),
        r.swing.summary.sd
    );
    if let Some(m) = &r.money {
        let rake = m.stakes.rake;
        let _ = writeln!(
            t,
            "\n{} ({} {}, {} {}/{}{}):",
            l("money per round, minor units", "每局金额 (最小单位)"),
            l("base", "底注"),
            m.stakes.base,
            l("rake", "抽水"),
            rake.numerator,
            rake.denominator,
            match &m.stakes.carries {
                Some(c) => format!(", {} {:?}", l("carries", "携带"), c),
                None => String::new(),
            }
        );
        for (i, s) in m.seats.iter().enumerate() {
            let _ = writeln!(t, "  {} {i:<4} {}  sd {:.1}", l("seat", "座位"), ci(s), s.sd);
        }
        let _ = writeln!(t, "  {:<9} {}  sd {:.1}", l("rake", "抽水"), ci(&m.rake), m.rake.sd);
        let _ = writeln!(t, "  {:<9} {}  sd {:.1}", l("house", "平台"), ci(&m.house), m.house.sd);
        let _ = writeln!(
            t,
            "  {}: {} {}, {} {}",
            l("totals", "合计"),
            l("rake", "抽水"),
            m.total_rake,
            l("house", "平台"),
            m.total_house
        );
    }
    t
}

/// The JSON of a report as `sss simulate --json` writes it (the report and the rules).
pub fn report_json(report: &SimReport, c: &SimConfig) -> Value {
    let mut json = serde_json::to_value(report).expect("a report serialises");
    json["rules"] = serde_json::from_str(&c.rules.to_json()).expect("the rules' own JSON parses");
    json
}
