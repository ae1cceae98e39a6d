//! `sss`, the engine on the command line: evaluate, check, detect, arrange, suggest, settle,
//! deal and simulate, in readable text (English or Chinese names) or JSON.
//!
//! Every command takes the table options: `--preset NAME` (default `classic`), `--rules
//! FILE.json` (a rule set as `sss rules` prints it, or only the fields to change from the
//! preset, which the JSON may name as `"preset"`; inline JSON when it starts with `{`; `-` for
//! standard input), `--table all_pairs|banker` and `--banker SEAT` (§5a), `--players N` (default:
//! the seats the deck deals, 4 plus one per extra suit), `--extra-suits LETTERS` (RULES.md §11),
//! `--jokers N`, `--joker-lanes each_best|avoid_foul` and `--jokers-in-specials` (wild jokers, §12:
//! cards `SJ`/`小王` and `BJ`/`大王`), `--json`, `--lang en|zh` and, at a banker table, `--role
//! player|banker`. The demo (`core/examples/demo.rs`) reads the table options with the same
//! meanings and defaults. Exit
//! codes: 0 done, 1 bad input (the message names what is wrong, from the engine's typed errors)
//! or a failed write, 2 usage (unknown option, missing argument). A reader that closes the pipe
//! early (`sss presets | head -1`) is not a failure: the command exits as it would have.
//!
//! The modules: [`names`] (English and Chinese names), [`hand`] (`eval`, `check`, `special`,
//! `arrange`, `suggest`), [`hints`] (`combos`, `complete`), [`round`] (`settle` and its round JSON, `deal`), [`sim`]
//! (`simulate`, its table, progress bar and plot).

pub mod hand;
pub mod hints;
pub mod names;
pub mod round;
pub mod sim;

use std::fmt;
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use serde_json::Value;
use shisanshui::arrange::{Arranger, Role};
use shisanshui::{Error, Preset, Rules, Table};

pub use names::Lang;

/// Thirteen Water (十三水) on the command line: hands, arrangements, rounds and simulations
/// under any house rules.
///
/// Exit codes: 0 done, 1 bad input (the message says what is wrong), 2 usage error. Positions
/// in error messages count cards from 0: `duplicate card 6h at position 9` is the tenth card
/// given (in "front / middle / back", 0-2 are the front, 3-7 the middle, 8-12 the back). Seats
/// count from 0 too.
#[derive(Parser, Debug)]
#[command(name = "sss", version, propagate_version = true)]
pub struct Cli {
    #[command(flatten)]
    pub table: TableArgs,

    #[command(subcommand)]
    pub command: Command,
}

/// The options every command takes (listed under "Table options" in each command's help).
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = TABLE_OPTIONS)]
pub struct TableArgs {
    /// The rule set's preset (the list is in `sss presets`); default classic.
    #[arg(long, global = true, value_name = "NAME")]
    pub preset: Option<String>,

    /// A rule set in JSON (as `sss rules` prints it), or only the fields to change from
    /// --preset (or from the JSON's own "preset", default classic), e.g.
    /// '{"lane_water": {"front_trips": 4}}'. A file name, `-` for standard input, or the JSON
    /// itself when it starts with `{`.
    #[arg(long, global = true, value_name = "FILE.json")]
    pub rules: Option<String>,

    /// How a round settles (RULES.md §5a): `all_pairs` (every pair of seats, the presets') or
    /// `banker` (庄家: each seat against the banker only). Overrides the rule set's `table`.
    #[arg(long, global = true, value_name = "all_pairs|banker")]
    pub table: Option<String>,

    /// The banker's seat (0-based) at a banker table, for `simulate` (default seat 0, as in the
    /// demo) and `settle` (where the round JSON's "banker" may name it instead: a given round is
    /// not guessed at). The commands on one hand take --role instead.
    #[arg(long, global = true, value_name = "SEAT")]
    pub banker: Option<usize>,

    /// Seats at the table: 2 to 4 with one deck, one more per extra suit (up to 8). Default:
    /// all the seats the deck deals (4, 5 with --extra-suits s, 6 with sh, ...); `settle`
    /// counts the round's seats.
    #[arg(long, global = true, value_name = "N")]
    pub players: Option<usize>,

    /// Suits the deck holds twice (加色, RULES.md §11), as letters in any order: `s` (65 cards,
    /// up to 5 seats), `sh` (78, 6), `dhs` (91, 7), `dchs` (two decks, 8). Overrides the rule
    /// set's `extra_suits`; `sss rules` lists them in the engine's order d, c, h, s.
    #[arg(long, global = true, value_name = "LETTERS")]
    pub extra_suits: Option<String>,

    /// Wild jokers in the deck (鬼牌, RULES.md §12), 0 to 6: cards `SJ`/`小王` and `BJ`/`大王`
    /// (2: one of each, 4: two of each; an odd count has one small joker more). They add no
    /// seat. Overrides the rule set's `jokers`.
    #[arg(long, global = true, value_name = "N", value_parser = jokers_arg, allow_negative_numbers = true)]
    pub jokers: Option<u8>,

    /// How the foul check reads lanes holding jokers: `each_best` (each lane at its best, the
    /// default) or `avoid_foul` (each lane at its best that keeps the order). Overrides the
    /// rule set's `joker_lanes`.
    #[arg(long, global = true, value_name = "READING")]
    pub joker_lanes: Option<String>,

    /// Let a hand holding jokers make specials (the rule set's `jokers_in_specials`): every
    /// special some choice of the jokers' cards makes. Without it a joker hand makes none.
    #[arg(long, global = true)]
    pub jokers_in_specials: bool,

    /// The rule set once read: `--rules -` reads standard input, which can be read only once.
    #[arg(skip)]
    pub read_rules: std::cell::OnceCell<Rules>,

    /// Write JSON to standard output instead of text.
    #[arg(long, global = true)]
    pub json: bool,

    /// Language of the names in text output (JSON names follow it too, beside stable ids):
    /// categories, lanes, specials and labels. Error messages stay in English.
    #[arg(long, global = true, value_enum, default_value_t = Lang::En)]
    pub lang: Lang,

    /// At a banker table (table = banker): the seat's role for check, special, arrange, suggest
    /// and complete. A banker is settled against every seat, a player against the banker only.
    #[arg(long, global = true, value_enum, value_name = "ROLE")]
    pub role: Option<RoleArg>,
}

/// The heading of the table options in every command's help.
pub const TABLE_OPTIONS: &str = "Table options";

/// A seat's role at a banker table (`--role`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoleArg {
    /// Settled against the banker only.
    Player,
    /// Settled against every other seat.
    Banker,
}

impl From<RoleArg> for Role {
    fn from(r: RoleArg) -> Role {
        match r {
            RoleArg::Player => Role::Player,
            RoleArg::Banker => Role::Banker,
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Evaluate a 3- or 5-card hand: its category and comparable value.
    Eval(hand::CardsArgs),
    /// Check an arrangement "front / middle / back": lane categories, foul (倒水), expected water.
    Check(hand::CardsArgs),
    /// The special hands (报到) 13 cards make, and whether declaring beats the lanes.
    Special(hand::CardsArgs),
    /// The arranger's best arrangement of 13 cards (never a foul), or a weaker bot's (--level).
    Arrange(hand::ArrangeArgs),
    /// The seat a good player puts on the table: the special declared (报到) where that is worth
    /// more, the arranger's lanes otherwise; `--json` gives the seat as `sss settle` reads it.
    Play(hand::CardsArgs),
    /// Several good arrangements of 13 cards with distinct lane categories.
    Suggest(hand::SuggestArgs),
    /// 理牌 hints: every combination of one category the cards hold (对子 … 同花顺 buttons).
    Combos(hints::CombosArgs),
    /// 理牌 hints: the best legal arrangement around lanes fixed by hand.
    Complete(hints::CompleteArgs),
    /// Settle a round given as JSON (see `sss settle --help` for the format).
    Settle(round::SettleArgs),
    /// Deal hands of 13 from a seed (the same deal as every language binding).
    Deal(round::DealArgs),
    /// Play many seeded rounds with the arranger at every seat and report the figures.
    Simulate(sim::SimulateArgs),
    /// Print the selected rule set as JSON (the format --rules reads).
    Rules,
    /// List the presets.
    Presets,
}

/// Exit code of bad input.
pub const EXIT_BAD_INPUT: u8 = 1;
/// Exit code of a usage error (clap's own).
pub const EXIT_USAGE: u8 = 2;

/// Write what a command prints to standard output. A reader that closed the pipe early
/// (`sss presets | head -c1`) wanted no more: that is no error, and the command exits as it
/// would have (`Ok`). Any other failure to write is returned.
fn write_stdout(text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r,
    }
}

/// Write a message to standard error, ignoring a closed standard error (nothing can report it).
fn write_stderr(text: &str) {
    use std::io::Write;
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Print a command's output (JSON or text): the exit code of a failed write, if it failed.
fn print_output(out: &Output, json: bool) -> Option<ExitCode> {
    let text = if json {
        serde_json::to_string_pretty(&out.json).expect("JSON values serialise") + "\n"
    } else {
        out.text.clone()
    };
    match write_stdout(&text) {
        Ok(()) => None,
        Err(e) => {
            write_stderr(&format!("sss: standard output: {e}\n"));
            Some(ExitCode::from(EXIT_BAD_INPUT))
        }
    }
}

/// Why a command failed: bad input for the engine, bad input around it, or a failed step.
#[derive(Debug)]
pub enum CliError {
    /// The engine refused the input; `context` says where it was (a JSON path, an option).
    Engine { context: Option<String>, error: Error },
    /// Input the engine never saw: unreadable file, malformed JSON, a bad option value.
    Input { kind: &'static str, message: String },
    /// A step after the command's work failed (writing `simulate --plot`'s PNG): the output
    /// is still printed, then the error, and the exit code is 1.
    AfterOutput { output: Box<Output>, error: Box<CliError> },
}

impl CliError {
    pub fn engine(context: impl Into<String>, error: Error) -> CliError {
        CliError::Engine { context: Some(context.into()), error }
    }

    pub fn input(message: impl Into<String>) -> CliError {
        CliError::Input { kind: "invalid_input", message: message.into() }
    }

    /// A stable snake_case name: the engine error's variant (as the shared vectors and the
    /// Python errors name them), or `invalid_input`, `io`, `plot`.
    pub fn kind(&self) -> &'static str {
        match self {
            CliError::Engine { error, .. } => error_kind(error),
            CliError::Input { kind, .. } => kind,
            CliError::AfterOutput { error, .. } => error.kind(),
        }
    }
}

impl From<Error> for CliError {
    fn from(error: Error) -> CliError {
        CliError::Engine { context: None, error }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Engine { context: Some(c), error } => write!(f, "{c}: {error}"),
            CliError::Engine { context: None, error } => write!(f, "{error}"),
            CliError::Input { message, .. } => f.write_str(message),
            CliError::AfterOutput { error, .. } => error.fmt(f),
        }
    }
}

/// The snake_case name of an engine error variant ([`Error::kind`]).
pub fn error_kind(e: &Error) -> &'static str {
    e.kind()
}

pub type CliResult<T> = Result<T, CliError>;

/// What a command prints: text, or one JSON value.
#[derive(Debug)]
pub struct Output {
    pub text: String,
    pub json: Value,
}

/// The command line as parsed, with the preset list filled into the help.
pub fn command() -> clap::Command {
    let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
    Cli::command()
        .mut_arg("preset", |a| a.help(format!("The rule set's preset: {} (default classic)", names.join(", "))))
}

/// Run `sss` with these arguments (the first is the program name); what `main` returns.
pub fn main_with<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let matches = match command().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            // --help and --version print and exit 0; usage errors exit 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { 0 });
        }
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let json = cli.table.json;
    match run(cli) {
        Ok(out) => print_output(&out, json).unwrap_or(ExitCode::SUCCESS),
        Err(CliError::AfterOutput { mut output, error }) => {
            // The work is done: print it (in JSON with the error beside it), then the error.
            if let Some(o) = output.json.as_object_mut() {
                o.insert("error".into(), serde_json::json!({"kind": error.kind(), "message": error.to_string()}));
            }
            if let Some(code) = print_output(&output, json) {
                return code;
            }
            write_stderr(&format!("sss: {error}\n"));
            ExitCode::from(EXIT_BAD_INPUT)
        }
        Err(e) => {
            write_stderr(&format!("sss: {e}\n"));
            if json {
                let v = serde_json::json!({"error": {"kind": e.kind(), "message": e.to_string()}});
                let text = serde_json::to_string_pretty(&v).expect("JSON values serialise") + "\n";
                let _ = write_stdout(&text);
            }
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// Run one parsed command.
pub fn run(cli: Cli) -> CliResult<Output> {
    let t = &cli.table;
    if let Some(seat) = t.banker {
        if !matches!(cli.command, Command::Settle(_) | Command::Simulate(_)) {
            return Err(CliError::input(format!(
                "--banker {seat}: the banker's seat is for settle and simulate; the commands on one hand take --role banker|player"
            )));
        }
    }
    run_command(&cli).map_err(|e| with_repeat_hint(e, t))
}

/// A card refused as a repeat also names the option that deals it twice, here: the deck with
/// its suit added (`--extra-suits`), or with enough jokers (`--jokers`).
fn with_repeat_hint(e: CliError, t: &TableArgs) -> CliError {
    let CliError::Engine { error: Error::DuplicateCard { card, .. }, .. } = &e else { return e };
    let Some(option) = t.rules().ok().and_then(|r| repeat_option(&r, *card)) else { return e };
    CliError::Input { kind: "duplicate_card", message: format!("{e}; here, {option} deals it twice") }
}

/// The option that makes a deck hold `card` twice: `--extra-suits` with the card's suit added to
/// the rule set's, or `--jokers 3` (two small jokers) / `--jokers 4` (two big ones).
pub fn repeat_option(rules: &Rules, card: shisanshui::Card) -> Option<String> {
    if card.is_joker() {
        let n = if card == shisanshui::Card::SMALL_JOKER { 3 } else { 4 };
        return Some(format!("--jokers {}", n.max(rules.jokers + 1)));
    }
    let suits: String = rules.extra_suits.iter().map(|s| s.letter()).chain([card.suit().letter()]).collect();
    let set: shisanshui::SuitSet = suits.parse().ok()?;
    Some(format!("--extra-suits {set}"))
}

fn run_command(cli: &Cli) -> CliResult<Output> {
    let t = &cli.table;
    match &cli.command {
        Command::Eval(a) => hand::eval(t, a),
        Command::Check(a) => hand::check(t, a),
        Command::Special(a) => hand::special(t, a),
        Command::Arrange(a) => hand::arrange(t, a),
        Command::Play(a) => hand::play(t, a),
        Command::Suggest(a) => hand::suggest(t, a),
        Command::Combos(a) => hints::combos(t, a),
        Command::Complete(a) => hints::complete(t, a),
        Command::Settle(a) => round::settle(t, a),
        Command::Deal(a) => round::deal(t, a),
        Command::Simulate(a) => sim::simulate(t, a),
        Command::Rules => {
            let rules = t.rules()?;
            let text = rules.to_json() + "\n";
            Ok(Output { json: serde_json::from_str(&text).expect("the rules' own JSON parses"), text })
        }
        Command::Presets => {
            let mut text = String::new();
            for p in Preset::ALL {
                text.push_str(&format!("{:<14} {}\n", p.name(), names::preset_summary(p)));
            }
            let json = Value::Array(
                Preset::ALL
                    .iter()
                    .map(|&p| {
                        let rules: Value =
                            serde_json::from_str(&Rules::preset(p).to_json()).expect("the rules' own JSON parses");
                        serde_json::json!({"name": p.name(), "summary": names::preset_summary(p), "rules": rules})
                    })
                    .collect(),
            );
            Ok(Output { text, json })
        }
    }
}

impl TableArgs {
    /// The rule set: `--preset` (default classic) with `--rules`, then `--extra-suits` and the
    /// joker options, applied.
    pub fn rules(&self) -> CliResult<Rules> {
        if let Some(r) = self.read_rules.get() {
            return Ok(r.clone());
        }
        let rules = self.read_rules_once()?;
        Ok(self.read_rules.get_or_init(|| rules).clone())
    }

    fn read_rules_once(&self) -> CliResult<Rules> {
        let base = match &self.preset {
            None => Rules::classic(),
            Some(name) => Rules::from_preset_name(name).map_err(|e| CliError::engine("--preset", e))?,
        };
        let mut rules = match &self.rules {
            None => base,
            Some(source) => {
                let (text, place) = read_source(source).map_err(|e| match e {
                    CliError::Input { kind, message } => {
                        CliError::Input { kind, message: format!("--rules {message}") }
                    }
                    e => e,
                })?;
                let context = format!("--rules {place}");
                match (&self.preset, named_preset(&text)) {
                    (Some(flag), Some(named)) if !flag.eq_ignore_ascii_case(&named) => Err(CliError::input(format!(
                        "{context}: the JSON starts from preset {named:?} and --preset names {flag:?}: give one"
                    ))),
                    // No --preset, or the JSON names the preset to start from: the JSON's own
                    // meaning (`Rules::from_json`: its "preset", default classic, then its fields).
                    (None, _) | (Some(_), Some(_)) => Rules::from_json(&text).map_err(|e| CliError::engine(context, e)),
                    (Some(_), None) => base.with_json_changes(&text).map_err(|e| CliError::engine(context, e)),
                }?
            }
        };
        if let Some(table) = &self.table {
            rules.table = table.parse().map_err(|e| CliError::engine("--table", e))?;
        }
        if let Some(letters) = &self.extra_suits {
            rules.extra_suits = letters.parse().map_err(|e| CliError::engine("--extra-suits", e))?;
        }
        if let Some(n) = self.jokers {
            rules.jokers = n;
        }
        if let Some(reading) = &self.joker_lanes {
            rules.joker_lanes = reading.parse().map_err(|e| CliError::engine("--joker-lanes", e))?;
        }
        if self.jokers_in_specials {
            rules.jokers_in_specials = true;
        }
        if self.jokers.is_some() {
            // The rule set was valid before the option: what fails now is the joker count.
            rules.validate().map_err(|e| CliError::engine("--jokers", e))?;
        }
        Ok(rules)
    }

    /// `--players`, checked against the rule set's deck (2 to 4, one more per extra suit);
    /// default every seat the deck deals ([`Rules::max_players`]), as in the demo.
    pub fn players(&self) -> CliResult<usize> {
        let rules = self.rules()?;
        let n = self.players.unwrap_or_else(|| rules.max_players());
        check_players(&rules, n, "--players")?;
        Ok(n)
    }

    /// Cards of the text, as many copies of a card (and of a joker) as the rule set's deck holds.
    pub fn cards(&self, text: &str, context: &str) -> CliResult<Vec<shisanshui::Card>> {
        let deck = self.rules()?.deck_spec();
        shisanshui::parse_cards_in(text, deck).map_err(|e| CliError::engine(context, e))
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The arranger of a seat: at a banker table for `--role` (which it needs), elsewhere
    /// for any seat (`--role banker` there is the engine's error).
    pub fn arranger(&self, rules: &Rules, players: usize) -> CliResult<Arranger> {
        match (self.role, rules.table) {
            (Some(role), _) => {
                Arranger::new_for(rules, players, role.into()).map_err(|e| CliError::engine("--role", e))
            }
            (None, Table::Banker) => Err(CliError::engine(
                "--role",
                Error::InvalidTable(
                    "a banker table has two kinds of seat: say which with --role banker or --role player".into(),
                ),
            )),
            (None, _) => Ok(Arranger::new(rules, players)?),
        }
    }
}

/// clap value parser of `--jokers`: a small whole number. Its range (0 to 6) is the rule set's
/// own check, which names the field as every surface does.
fn jokers_arg(s: &str) -> Result<u8, String> {
    s.trim().parse().map_err(|_| format!("{s:?} is not a number of jokers (0 to 6)"))
}

/// The `"preset"` a rule-set JSON object names, if the text is an object that names one.
pub fn named_preset(text: &str) -> Option<String> {
    match serde_json::from_str::<Value>(text).ok()? {
        Value::Object(o) => o.get("preset").and_then(Value::as_str).map(str::to_string),
        _ => None,
    }
}

/// A seat count the rule set's deck cannot deal is the engine's `InvalidTable`.
pub fn check_players(rules: &Rules, n: usize, context: &str) -> CliResult<()> {
    rules.check_players(n).map_err(|e| CliError::engine(context, e))
}

/// Text from a file, standard input (`-`) or inline JSON (starting with `{`), and how to name
/// it in messages.
pub fn read_source(source: &str) -> CliResult<(String, String)> {
    if source.trim_start().starts_with('{') {
        return Ok((source.to_string(), "(inline JSON)".into()));
    }
    if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| CliError::Input { kind: "io", message: format!("standard input: {e}") })?;
        return Ok((text, "(standard input)".into()));
    }
    let path = PathBuf::from(source);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| CliError::Input { kind: "io", message: format!("{}: {e}", path.display()) })?;
    Ok((text, path.display().to_string()))
}

/// Cards given as one or several arguments: joined with spaces.
pub fn joined(words: &[String]) -> String {
    words.join(" ")
}

/// A JSON value from a serialisable engine type.
pub fn to_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("engine types serialise")
}
