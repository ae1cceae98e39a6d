//! `sss-tournament`: play strength and speed of the auto-arranger, measured.
//!
//! ```text
//! sss-tournament play     [--preset NAME,...|all] [--players 2,4] [--table all_pairs|banker]
//!                         [--extra-suits LETTERS] [--deals N] [--seed S]
//!                         [--hero PLAYER] [--villain PLAYER,...] [--other-preset NAME]
//!                         [--field FILE] [--villain-field FILE] [--no-specials] [--home-runs]
//! sss-tournament speed    [--preset NAME,...|all] [--players 2,4] [--table ..] [--hands N] [--seed S]
//!                         [--field FILE] [--once] [--player ours|beginner|casual|strong]
//! sss-tournament specials [--preset NAME,...|all] [--players 2,4] [--table ..] [--deals N] [--seed S]
//!                         [--field FILE]
//! sss-tournament best-response [--preset NAME,...|all] [--players 2,4] [--hands N] [--opponents K]
//!                         [--screen T] [--hero PLAYER] [--seed S]
//! ```
//!
//! A player is `ours` (the arranger at its best), `beginner`, `casual` or `strong` (the
//! arranger at that bot level, `Arranger::with_level`, its draws seeded by `--seed`), `greedy`
//! or `product` (the baselines), `other` (the arranger made for another preset's rules,
//! `--other-preset`), `plain` (ours without card removal) or `removal` (the class-by-class
//! reference of card removal, rebuilt per hand; slow).
//!
//! Every command takes `--no-home-run`: the presets' rules with home runs disabled (RULES.md
//! §4), in the arrangers' objectives and in settlement alike, to measure what home runs are
//! worth at a table.
//!
//! Every command takes `--jokers N` (RULES.md §12): the deals hold that many wild jokers.
//!
//! Every command takes `--extra-suits LETTERS` (RULES.md §11): the deals are then of the bigger
//! deck (`deal_for`, the table's seats; `speed` and `specials` deal four hands at a time), the
//! arranger plays the field of the nearest trained table, and the baselines read copies
//! (`baseline::arrange_with`).
//!
//! `--table banker` plays the presets' rules at a banker table (RULES.md §5a; ranked presets,
//! pairwise only, are skipped): seat 0 is the banker, and our player is made for each seat's
//! role. `play` then reports the hero as the banker (its one game per deal, against villains in
//! every player's seat) and as a player (the games with the hero in a player's seat, averaged
//! per deal), each with its interval; `speed` and `specials` run once per role.
//!
//! `play` deals from the seeded ChaCha20 stream and plays every deal in duplicate: each hand
//! is played once by the hero, in every seat, against villains holding the other hands
//! (heads-up: two games per deal, seats swapped; four seats: four games, the hero rotating
//! through the seats against three villains). Rounds are settled by the engine's own
//! settlement (`shisanshui::settle`). The hero's water per hand is averaged per deal, and the
//! 95% interval is mean ± 1.96 · sd / √deals over those per-deal averages. `--home-runs` adds a
//! line per result: how often the hero's games had a home run made by the hero and one made
//! against it, and the water per hand the home runs moved for the hero (its games settled again,
//! with the same arrangements, under the rules without home runs).
//!
//! `speed` times `Arranger::arrange` call by call (wall clock, release build) over random
//! hands and a set of constructed hard hands, and prints the distribution: once with each
//! call timed alone, once with each hand timed as the fastest of three calls in a row (what
//! the hand costs, without the interrupts a single call may absorb on a shared machine).
//!
//! `best-response` measures how much a player who knows the hero's choices could win against
//! them (`shisanshui_tools::best_response`, docs/arrange.md "Best response"): per sampled hand,
//! the best arrangement against K opponent deals played by ours, scored on K other deals. Every
//! opponent plays ours for its seat's role with `--field`'s models when given (the hero's too).
//! At a banker table (`--table banker`, three or more seats) it measures each role, the banker
//! in seat 0 and a player in seat 1; with `--extra-suits` the hands are of the bigger deck.
//!
//! `specials` counts, per special hand, how often declaring it is worth more than the best
//! lane play (`Arranger::special_advice`) over random hands.
//!
//! Exit codes: 0 done, 1 failed (an unreadable `--field`, an engine error), 2 usage error.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand, ValueEnum};
use shisanshui::arrange::baseline::Baseline;
use shisanshui::arrange::model_tables::{self, decode};
use shisanshui::arrange::player::{play_seat, PlayerType};
use shisanshui::arrange::{Arranger, FieldModel, Level, Role};
use shisanshui::deal::Dealer;
use shisanshui::settle::{PlayerHand, Settler};
use shisanshui::special::SpecialDetector;
use shisanshui::{format_cards, parse_cards_in, Card, Preset, Rules, SuitSet, Table as Seating};
use shisanshui_tools::{
    check_seats, players_arg, presets_arg, seed_arg, suits_arg, Players, Presets, EXIT_FAILURE, EXIT_USAGE,
};

/// Play strength and speed of the auto-arranger, measured on seeded deals.
///
/// Exit codes: 0 done, 1 failed (an unreadable --field, an engine error), 2 usage error.
#[derive(Parser, Debug)]
#[command(name = "sss-tournament", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Duplicate play of a hero against villains; prints water per hand with a 95% interval.
    Play(PlayArgs),
    /// Times Arranger::arrange over random hands and the constructed hard hands.
    Speed(SpeedArgs),
    /// How often declaring each special hand beats the best lane play.
    Specials(SpecialsArgs),
    /// The gain of a best response against the arranger's own choices (its exploitability),
    /// per hand with a 95% interval, chosen on one set of opponent deals and scored on another.
    BestResponse(BestResponseArgs),
}

#[derive(Args, Debug)]
struct BestResponseArgs {
    #[command(flatten)]
    table: Table,

    /// Hands sampled per configuration.
    #[arg(long, value_name = "N", default_value_t = 1_000, value_parser = clap::value_parser!(u64).range(2..))]
    hands: u64,

    /// Opponent deals per set (one set chooses, the other scores).
    #[arg(long, value_name = "K", default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    opponents: u64,

    /// The player whose choices are answered (the other seats are always ours).
    #[arg(long, value_enum, default_value_t = Player::Ours)]
    hero: Player,

    /// Candidates the lane-water pre-screen passes to exact settlement.
    #[arg(long, value_name = "T", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    screen: u64,
}

/// The table options every command takes.
#[derive(Args, Debug)]
struct Table {
    /// Presets: `all` or a comma-separated list (classic, regional, kx, hk, ranked,
    /// chinese_poker).
    #[arg(long, value_name = "NAME,...|all", value_parser = presets_arg, default_value = "all")]
    preset: Presets,

    /// Table sizes, comma-separated, each 2 to 8 (more than 4 need --extra-suits).
    #[arg(long, value_name = "N,...", value_parser = players_arg, default_value = "2,4")]
    players: Players,

    /// Suits the deck holds twice (RULES.md §11): letters such as `s`, `sh`, `dchs` (two
    /// decks); default none (one deck). Hands are then dealt from the bigger deck.
    #[arg(long, value_name = "LETTERS", value_parser = suits_arg, default_value = "")]
    extra_suits: SuitSet,

    /// Wild jokers in the deck (RULES.md §12), 0 to 6: the deals are then of the deck with its
    /// jokers (`deal_for`), every player reads them.
    #[arg(long, value_name = "N", value_parser = jokers_arg, default_value = "0")]
    jokers: u8,

    /// Which pairs are settled: `all_pairs`, or `banker` (seat 0 is the banker; RULES.md §5a).
    #[arg(long, value_name = "all_pairs|banker", value_parser = seating_arg, default_value = "all_pairs")]
    table: Seating,

    /// Seed of the deals (the ChaCha20 stream of `shisanshui::deal`), decimal or 0x hexadecimal.
    #[arg(long, value_name = "S", value_parser = seed_arg, default_value = "1")]
    seed: u64,

    /// Field models to arrange against (a file in the model_tables.bin format, as sss-train
    /// writes); default: the committed tables.
    #[arg(long, value_name = "FILE")]
    field: Option<PathBuf>,

    /// Play the presets' rules with home runs disabled (in the objectives and in settlement).
    #[arg(long)]
    no_home_run: bool,
}

#[derive(Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    table: Table,

    /// Duplicate deals per configuration.
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    deals: u64,

    /// The player measured.
    #[arg(long, value_enum, default_value_t = Player::Ours)]
    hero: Player,

    /// The player in every other seat; a comma-separated list plays each on the same deals,
    /// with the hero's arrangements made once.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "greedy")]
    villain: Vec<Player>,

    /// Nobody declares special hands (every hand is played in lanes).
    #[arg(long)]
    no_specials: bool,

    /// The preset whose arranger `other` is (default: kx for classic and regional, else
    /// classic).
    #[arg(long, value_name = "NAME", value_parser = preset_arg)]
    other_preset: Option<Preset>,

    /// Also report, per result, how often a home run was made by the hero and against it, and
    /// the water per hand the home runs moved (the same games settled without home runs).
    #[arg(long)]
    home_runs: bool,

    /// Field models the villains' `ours` plays against (a file as for --field; default: the
    /// hero's): our arranger on other fields, against ours.
    #[arg(long, value_name = "FILE")]
    villain_field: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct SpeedArgs {
    #[command(flatten)]
    table: Table,

    /// Random hands timed per configuration.
    #[arg(long, visible_alias = "deals", value_name = "N", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    hands: u64,

    /// Arrange every random hand and every hard hand once, with no warm-up and no timing
    /// passes: for instruction counts under callgrind (`Arranger::arrange`'s calls are one per
    /// hand, plus one for the lazily built tables, made before any is counted here).
    #[arg(long)]
    once: bool,

    /// The arranger times at this player's level: `ours` (the best; default), `beginner`,
    /// `casual` or `strong` (its draws seeded by --seed), or `plain` (the best without card
    /// removal).
    #[arg(long, value_enum, default_value_t = Player::Ours)]
    player: Player,
}

#[derive(Args, Debug)]
struct SpecialsArgs {
    #[command(flatten)]
    table: Table,

    /// Random hands examined per configuration.
    #[arg(long, visible_alias = "hands", value_name = "N", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    deals: u64,
}

/// Who plays a seat.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    /// The engine's auto-arranger (`Arranger`) and its special-hand advice.
    Ours,
    /// Strongest five to the back, then the middle; declares every special.
    Greedy,
    /// The legal split with the largest product of lane ranks; declares every special.
    Product,
    /// The auto-arranger made for another preset's rules (`--other-preset`) playing this
    /// table's cards; declares every special the cards make.
    Other,
    /// Ours without card removal: the field as trained, whatever the hand holds
    /// (`Arranger::with_card_removal(false)`).
    Plain,
    /// Ours against its field conditioned on the cards held, rebuilt per hand (the slow
    /// reference of card removal, `shisanshui_tools::card_removal`; one deck).
    Removal,
    /// Our arranger at the beginner bot level.
    Beginner,
    /// Our arranger at the casual bot level.
    Casual,
    /// Our arranger at the strong bot level.
    Strong,
}

impl Player {
    fn name(self) -> &'static str {
        match self {
            Player::Ours => "ours",
            Player::Greedy => "greedy",
            Player::Product => "product",
            Player::Other => "other",
            Player::Plain => "plain",
            Player::Removal => "removal",
            Player::Beginner => "beginner",
            Player::Casual => "casual",
            Player::Strong => "strong",
        }
    }

    /// The bot level our arranger plays at, `None` for the baselines.
    fn level(self) -> Option<Level> {
        match self {
            Player::Ours => Some(Level::Best),
            Player::Beginner => Some(Level::Beginner),
            Player::Casual => Some(Level::Casual),
            Player::Strong => Some(Level::Strong),
            Player::Greedy | Player::Product | Player::Other | Player::Plain | Player::Removal => None,
        }
    }
}

/// What the commands read: the parsed options with the field models loaded.
struct Opts {
    presets: Vec<Preset>,
    players: Vec<usize>,
    deals: u64,
    seed: u64,
    hero: Player,
    villains: Vec<Player>,
    field: Option<Vec<FieldModel>>,
    /// `--villain-field`'s models, if given.
    villain_field: Option<Vec<FieldModel>>,
    /// `--other-preset`, if given.
    other_preset: Option<Preset>,
    specials: bool,
    /// `--home-runs`: report the home runs of the hero's games.
    home_runs: bool,
    /// `--no-home-run`: the rules without home runs.
    no_home_run: bool,
    seating: Seating,
    extra_suits: SuitSet,
    jokers: u8,
    once: bool,
    /// `best-response`: opponent deals per set, and the candidates the pre-screen passes on.
    opponents: usize,
    screen: usize,
}

fn main() -> ExitCode {
    let cli = Cli::parse(); // usage errors exit 2, --help and --version 0
    let table = match &cli.command {
        Command::Play(a) => &a.table,
        Command::Speed(a) => &a.table,
        Command::Specials(a) => &a.table,
        Command::BestResponse(a) => &a.table,
    };
    if let Err(e) = check_seats(&table.players.0, table.extra_suits) {
        eprintln!("sss-tournament: {e}");
        return ExitCode::from(EXIT_USAGE);
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sss-tournament: {e}");
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

/// The models of a `--field` file.
fn read_models(path: &std::path::Path) -> Result<Vec<FieldModel>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

fn opts(table: &Table, deals: u64) -> Result<Opts, String> {
    let field = table.field.as_deref().map(read_models).transpose()?;
    Ok(Opts {
        presets: table.preset.0.clone(),
        players: table.players.0.iter().map(|&p| p as usize).collect(),
        deals,
        seed: table.seed,
        hero: Player::Ours,
        villains: vec![Player::Greedy],
        field,
        villain_field: None,
        other_preset: None,
        specials: true,
        home_runs: false,
        no_home_run: table.no_home_run,
        seating: table.table,
        extra_suits: table.extra_suits,
        jokers: table.jokers,
        once: false,
        opponents: 0,
        screen: 0,
    })
}

/// One command's work for one (preset, table size): under the rules (the preset's, with the
/// table of `--table`).
type Measure = fn(&Opts, Preset, &Rules, usize) -> Result<(), String>;

/// The rules of a preset at the table of `--table`, or `None` when the preset cannot be played
/// there (banker mode is pairwise only).
fn rules_for(o: &Opts, preset: Preset) -> Option<Rules> {
    let mut rules = Rules::preset(preset);
    rules.table = o.seating;
    rules.extra_suits = o.extra_suits;
    rules.jokers = o.jokers;
    if o.no_home_run {
        rules.home_run.enabled = false;
    }
    rules.validate().is_ok().then_some(rules)
}

/// The roles to measure: both at a banker table, else the one seat.
fn roles(rules: &Rules) -> &'static [Role] {
    if rules.table == Seating::Banker {
        &Role::ALL
    } else {
        &[Role::Player]
    }
}

/// `classic`, or `classic banker table, banker` with the role; `classic (no home runs)` under
/// `--no-home-run` (for a preset that has them).
fn label(preset: Preset, rules: &Rules, role: Option<Role>) -> String {
    let name = if Rules::preset(preset).home_run.enabled && !rules.home_run.enabled {
        format!("{preset} (no home runs)")
    } else {
        preset.to_string()
    };
    match (rules.table, role) {
        (Seating::Banker, Some(r)) => format!("{name} banker table, {r}"),
        (Seating::Banker, None) => format!("{name} banker table"),
        _ => name,
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let (o, each): (Opts, Measure) = match &cli.command {
        Command::Play(a) => {
            let o = Opts {
                hero: a.hero,
                villains: a.villain.clone(),
                specials: !a.no_specials,
                home_runs: a.home_runs,
                villain_field: a.villain_field.as_deref().map(read_models).transpose()?,
                other_preset: a.other_preset,
                ..opts(&a.table, a.deals)?
            };
            (o, play)
        }
        Command::Speed(a) => {
            if a.player.level().is_none() && a.player != Player::Plain {
                return Err(format!("speed times our arranger at a level or plain, not {}", a.player.name()));
            }
            (Opts { once: a.once, hero: a.player, ..opts(&a.table, a.hands)? }, speed)
        }
        Command::Specials(a) => (opts(&a.table, a.deals)?, specials),
        Command::BestResponse(a) => {
            let o = Opts {
                hero: a.hero,
                opponents: a.opponents as usize,
                screen: a.screen as usize,
                ..opts(&a.table, a.hands)?
            };
            (o, best_response)
        }
    };
    for &preset in &o.presets {
        let Some(rules) = rules_for(&o, preset) else {
            eprintln!("skipping {preset}: banker mode is pairwise only");
            continue;
        };
        for &players in &o.players {
            rules.check_players(players).map_err(|e| e.to_string())?;
            each(&o, preset, &rules, players)?;
        }
    }
    Ok(())
}

/// A player: how it arranges 13 cards and whether it declares a special. Ours is made for
/// each role of the table (one arranger at all pairs; the player's and the banker's at a
/// banker table, indexed by `Role as usize`).
enum Policy {
    Ours(Vec<Arranger>),
    Greedy,
    Product,
    /// Another preset's arrangers, per role as `Ours`.
    Other(Vec<Arranger>),
    /// The card-removal reference, per role as `Ours`.
    Removal(Vec<shisanshui_tools::card_removal::Conditioned>),
}

/// The preset whose arranger `--villain other` plays, unless `--other-preset` names one: a
/// trained preset with other lane water or scoring.
fn other_preset(preset: Preset) -> Preset {
    match preset {
        Preset::Classic | Preset::Regional => Preset::Kx,
        _ => Preset::Classic,
    }
}

/// One player of each role of the table (`roles`), in its order.
fn per_role<T>(rules: &Rules, make: impl FnMut(&Role) -> Result<T, String>) -> Result<Vec<T>, String> {
    roles(rules).iter().map(make).collect()
}

fn policy(who: Player, o: &Opts, rules: &Rules, players: usize) -> Result<Policy, String> {
    Ok(match who {
        Player::Ours | Player::Beginner | Player::Casual | Player::Strong => {
            let level = who.level().unwrap_or_default();
            Policy::Ours(per_role(rules, |&r| arranger(o, rules, players, r).map(|a| a.with_level(level, o.seed)))?)
        }
        Player::Greedy => Policy::Greedy,
        Player::Product => Policy::Product,
        Player::Plain => {
            Policy::Ours(per_role(rules, |&r| arranger(o, rules, players, r).map(|a| a.with_card_removal(false)))?)
        }
        Player::Removal => Policy::Removal(per_role(rules, |&r| {
            shisanshui_tools::card_removal::Conditioned::new(rules, players, r).map_err(|e| e.to_string())
        })?),
        Player::Other => {
            let preset = o.other_preset.unwrap_or_else(|| other_preset(shisanshui::arrange::nearest_preset(rules)));
            let mut theirs = Rules::preset(preset);
            (theirs.table, theirs.extra_suits) = (rules.table, rules.extra_suits);
            if theirs.validate().is_err() {
                // A ranked preset cannot sit at a banker table: its pairwise arranger plays.
                theirs.table = Seating::AllPairs;
            }
            Policy::Other(per_role(rules, |&r| {
                let role = if theirs.table == Seating::Banker { r } else { Role::Player };
                Arranger::new_for(&theirs, players, role).map_err(|e| e.to_string())
            })?)
        }
    })
}

/// `best-response`: the gain of a best response against the hero's choices at one table, each
/// role of a banker table in turn (`shisanshui_tools::best_response`).
fn best_response(o: &Opts, preset: Preset, rules: &Rules, players: usize) -> Result<(), String> {
    if rules.table == Seating::Banker && players < 3 {
        eprintln!("skipping {preset} at {players} seats: a banker table of two is the heads-up game");
        return Ok(());
    }
    // Every seat plays the arranger of its role, with --field's models when given.
    let seats = shisanshui_tools::best_response::Seats {
        player: arranger(o, rules, players, Role::Player)?,
        banker: (rules.table == Seating::Banker).then(|| arranger(o, rules, players, Role::Banker)).transpose()?,
    };
    let hero = policy(o.hero, o, rules, players)?;
    let detector = SpecialDetector::new(rules).map_err(|e| e.to_string())?;
    for &role in roles(rules) {
        let config = shisanshui_tools::best_response::Config {
            rules: rules.clone(),
            players,
            hands: o.deals,
            opponents: o.opponents,
            screen: o.screen,
            seed: o.seed,
            role,
        };
        let own = |c: &[Card; 13]| Ok(hero.play(c, rules, Some(&detector), role));
        let t = std::time::Instant::now();
        let results = shisanshui_tools::best_response::run_of(&config, &seats, &own).map_err(|e| e.to_string())?;
        let gains: Vec<f64> = results.iter().map(|r| r.gain).collect();
        let (mean, half) = shisanshui_tools::best_response::interval(&gains);
        let (ins, _) =
            shisanshui_tools::best_response::interval(&results.iter().map(|r| r.in_sample).collect::<Vec<_>>());
        let same = results.iter().filter(|r| r.same).count() as f64 / results.len() as f64;
        let mut places: Vec<usize> = results.iter().filter_map(|r| r.screen_place).collect();
        places.sort_unstable();
        let place_at = |q: f64| places.get(((places.len() as f64 - 1.0) * q) as usize).copied().unwrap_or(0);
        let mut steps = String::new();
        let mut n = 100;
        while n < gains.len() {
            let (m, h) = shisanshui_tools::best_response::interval(&gains[..n]);
            steps.push_str(&format!(" {n}: {m:+.4}±{h:.4};"));
            n *= 2;
        }
        let deck =
            if rules.extra_suits.is_empty() { String::new() } else { format!(" (extra suits {})", rules.extra_suits) };
        println!(
            "{} {players} seats{deck}, against {}: best-response gain {mean:+.4} [{:+.4}, {:+.4}] water a hand ({} hands, {} + {} opponent deals, screen {}); on the choosing set {ins:+.4}; same choice {:.1}%; the best response's place in the screen: median {}, 99th percentile {}, last {}; {:.0} s;{steps}",
            label(preset, rules, (rules.table == Seating::Banker).then_some(role)),
            o.hero.name(),
            mean - half,
            mean + half,
            o.deals,
            o.opponents,
            o.opponents,
            o.screen,
            100.0 * same,
            place_at(0.5),
            place_at(0.99),
            places.last().copied().unwrap_or(0),
            t.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

fn arranger(o: &Opts, rules: &Rules, players: usize, role: Role) -> Result<Arranger, String> {
    match &o.field {
        None => Arranger::new_for(rules, players, role).map_err(|e| e.to_string()),
        Some(models) => {
            let preset = shisanshui::arrange::nearest_preset(rules);
            // A banker table of two is the heads-up game; then the all-pairs fields serve.
            let (table, role_of) = match rules.table {
                Seating::Banker if players > 2 => (Seating::Banker, role),
                _ => (Seating::AllPairs, Role::Player),
            };
            let m =
                model_tables::nearest(models, preset, players, rules.deck_spec(), table, role_of).ok_or_else(|| {
                    match table {
                        Seating::Banker => format!("no {preset} banker-table model for the {role} in --field"),
                        _ => format!("no {preset} model in --field"),
                    }
                })?;
            Arranger::with_field_for(rules, players, role, m).map_err(|e| e.to_string())
        }
    }
}

impl Policy {
    /// The hand as this player plays it in a seat of `role` (`play_seat`, the core's one home for
    /// how each player type plays; specials off when `detector` is `None`).
    fn play(&self, hand: &[Card; 13], rules: &Rules, detector: Option<&SpecialDetector>, role: Role) -> PlayerHand {
        let seat = |player: PlayerType<'_>| {
            play_seat(player, hand, rules, detector, detector.is_some()).expect("a dealt hand").0
        };
        match self {
            Policy::Ours(by_role) => seat(PlayerType::Arranger(&by_role[(role as usize).min(by_role.len() - 1)])),
            Policy::Removal(by_role) => {
                let a = by_role[(role as usize).min(by_role.len() - 1)].arranger(hand).expect("a one-deck hand");
                seat(PlayerType::Arranger(&a))
            }
            Policy::Other(by_role) => {
                // Another rule set's arranger for the lanes; it declares every special, as a server does.
                if let Some(s) = detector.and_then(|d| d.detect(hand).expect("13 distinct cards").best) {
                    return PlayerHand::Special { special: s, cards: *hand };
                }
                let a = &by_role[(role as usize).min(by_role.len() - 1)];
                PlayerHand::Arranged(a.arrange(hand).expect("13 distinct cards").arrangement)
            }
            Policy::Greedy => seat(PlayerType::Baseline(Baseline::Greedy)),
            Policy::Product => seat(PlayerType::Baseline(Baseline::Product)),
        }
    }
}

/// Deals dealt, then played on every core, at a time (the per-deal results are summed in deal
/// order, so the report does not depend on the cores).
const BLOCK: usize = 2_000;

fn play(o: &Opts, preset: Preset, rules: &Rules, players: usize) -> Result<(), String> {
    let banker_table = rules.table == Seating::Banker;
    let hero = policy(o.hero, o, rules, players)?;
    // The villains' own fields, when given, take the place of the hero's.
    let vo = o.villain_field.as_ref().map(|f| Opts {
        field: Some(f.clone()),
        villain_field: None,
        presets: Vec::new(),
        players: Vec::new(),
        villains: Vec::new(),
        ..*o
    });
    let villains: Vec<Policy> =
        o.villains.iter().map(|&v| policy(v, vo.as_ref().unwrap_or(o), rules, players)).collect::<Result<_, _>>()?;
    let settler = Settler::new(rules).map_err(|e| e.to_string())?;
    // `--home-runs`: the same games settled again without home runs.
    let mut plain_rules = rules.clone();
    plain_rules.home_run.enabled = false;
    let without_home_runs =
        if o.home_runs { Some(Settler::new(&plain_rules).map_err(|e| e.to_string())?) } else { None };
    let detector = if o.specials { Some(SpecialDetector::new(rules).map_err(|e| e.to_string())?) } else { None };
    let role_of = |seat: usize| if banker_table && seat == 0 { Role::Banker } else { Role::Player };
    let banker = banker_table.then_some(0);
    // One deal: per villain, [all seats] at all pairs; [as the banker, as a player] at a banker
    // table; each the water, then (`--home-runs`) the share of games with a home run made by the
    // hero and against it, and the water the home runs moved.
    let one = |hands: &[[Card; 13]]| -> Result<Vec<[[f64; 5]; 2]>, String> {
        let play_all = |p: &Policy| -> Vec<PlayerHand> {
            hands.iter().enumerate().map(|(i, h)| p.play(h, rules, detector.as_ref(), role_of(i))).collect()
        };
        let by_hero = play_all(&hero);
        let mut table: Vec<PlayerHand> = Vec::with_capacity(players);
        villains
            .iter()
            .map(|v| {
                let by_villain = play_all(v);
                // The villain in every seat: what each seat is worth to the villain itself, so
                // that at a banker table a seat's water can be read against the seat's own value.
                let mirror = if banker_table {
                    Some(settler.settle_with_banker(&by_villain, banker).map_err(|e| e.to_string())?)
                } else {
                    None
                };
                let mut totals = [[0.0f64; 5]; 2];
                for seat in 0..players {
                    table.clear();
                    for i in 0..players {
                        table.push(if i == seat { by_hero[i].clone() } else { by_villain[i].clone() });
                    }
                    let s = settler.settle_with_banker(&table, banker).map_err(|e| e.to_string())?;
                    let t = &mut totals[(banker_table && seat > 0) as usize];
                    let water = s.totals[seat].to_f64();
                    t[0] += water;
                    t[4] += water - mirror.as_ref().map_or(0.0, |m| m.totals[seat].to_f64());
                    if let Some(plain) = &without_home_runs {
                        let by = s.events.iter().find_map(|e| match e {
                            shisanshui::settle::Event::HomeRun { seat, .. } => Some(*seat),
                            _ => None,
                        });
                        t[1] += (by == Some(seat)) as u8 as f64;
                        t[2] += by.is_some_and(|b| b != seat) as u8 as f64;
                        if by.is_some() {
                            let p = plain.settle_with_banker(&table, banker).map_err(|e| e.to_string())?;
                            t[3] += water - p.totals[seat].to_f64();
                        }
                    }
                }
                let per = |t: [f64; 5], games: usize| t.map(|x| x / games as f64);
                Ok(if banker_table {
                    [totals[0], per(totals[1], players - 1)]
                } else {
                    [per(totals[0], players), [0.0; 5]]
                })
            })
            .collect()
    };
    let mut dealer = Dealer::from_seed(o.seed);
    let start = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Per villain: sums and sums of squares of the per-deal results, and sums of the home-run
    // figures.
    let mut stats = vec![[(0.0f64, 0.0f64); 2]; villains.len()];
    // The same for the water against the villain in the same seat (banker tables).
    let mut seat_relative = vec![[(0.0f64, 0.0f64); 2]; villains.len()];
    let mut home_runs = vec![[[0.0f64; 3]; 2]; villains.len()];
    let mut left = o.deals as usize;
    while left > 0 {
        let n = left.min(BLOCK);
        left -= n;
        let deals: Vec<Vec<[Card; 13]>> = (0..n).map(|_| deal(&mut dealer, rules, players)).collect();
        let chunk = n.div_ceil(threads);
        let results: Vec<Vec<[[f64; 5]; 2]>> = std::thread::scope(|scope| {
            let parts: Vec<_> = deals
                .chunks(chunk)
                .map(|c| scope.spawn(|| c.iter().map(|h| one(h)).collect::<Result<Vec<_>, String>>()))
                .collect();
            parts.into_iter().map(|p| p.join().expect("a tournament thread panicked")).collect::<Result<Vec<_>, _>>()
        })?
        .into_iter()
        .flatten()
        .collect();
        for per_villain in results {
            for (((acc, rel), hr), r) in
                stats.iter_mut().zip(seat_relative.iter_mut()).zip(home_runs.iter_mut()).zip(per_villain)
            {
                for (((a, b), h), x) in acc.iter_mut().zip(rel.iter_mut()).zip(hr.iter_mut()).zip(r) {
                    a.0 += x[0];
                    a.1 += x[0] * x[0];
                    b.0 += x[4];
                    b.1 += x[4] * x[4];
                    for (h, x) in h.iter_mut().zip(&x[1..4]) {
                        *h += x;
                    }
                }
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let n = o.deals as f64;
    let interval = |(sum, sum2): (f64, f64)| {
        let mean = sum / n;
        let sd = ((sum2 / n - mean * mean) * n / (n - 1.0)).max(0.0).sqrt();
        (mean, 1.96 * sd / n.sqrt())
    };
    for (((villain, st), rel), hr) in o.villains.iter().zip(&stats).zip(&seat_relative).zip(&home_runs) {
        // (label, sums of the water, sums against the villain in the seat, home-run figures)
        type Line = (String, (f64, f64), Option<(f64, f64)>, [f64; 3]);
        let lines: Vec<Line> = if banker_table {
            vec![
                (label(preset, rules, Some(Role::Banker)), st[0], Some(rel[0]), hr[0]),
                (label(preset, rules, Some(Role::Player)), st[1], Some(rel[1]), hr[1]),
            ]
        } else {
            vec![(label(preset, rules, None), st[0], None, hr[0])]
        };
        for (name, sums, relative, [made, against, moved]) in lines {
            let (mean, half) = interval(sums);
            println!(
                "{name:<8} {players} seats{}  {} vs {}: {:+.4} water/hand  95% CI [{:+.4}, {:+.4}]  ({} duplicate deals, {:.1} s)",
                if rules.extra_suits.is_empty() { String::new() } else { format!(" +{}", rules.extra_suits) },
                o.hero.name(),
                villain.name(),
                mean,
                mean - half,
                mean + half,
                o.deals,
                secs
            );
            if let Some(r) = relative {
                // A banker table's seats are worth different amounts: the seat's water less the
                // villain's own in that seat (same cards, same other seats) is the duplicate score.
                let (m, h) = interval(r);
                println!(
                    "{name:<8} {players} seats  {} vs {}, against {} in the same seat: {:+.4} water/hand  95% CI [{:+.4}, {:+.4}]",
                    o.hero.name(),
                    villain.name(),
                    villain.name(),
                    m,
                    m - h,
                    m + h
                );
            }
            if o.home_runs {
                println!(
                    "{name:<8} {players} seats  {} vs {} home runs: made in {:.2}% of games, against in {:.2}%, \
                     moving {:+.4} water/hand",
                    o.hero.name(),
                    villain.name(),
                    100.0 * made / n,
                    100.0 * against / n,
                    moved / n
                );
            }
        }
    }
    Ok(())
}

/// How often declaring a special is worth more than the lanes, per special, over `--deals`
/// random hands.
fn specials(o: &Opts, preset: Preset, rules: &Rules, players: usize) -> Result<(), String> {
    for &role in roles(rules) {
        specials_for(o, preset, rules, players, role)?;
    }
    Ok(())
}

fn specials_for(o: &Opts, preset: Preset, rules: &Rules, players: usize, role: Role) -> Result<(), String> {
    let name = label(preset, rules, (rules.table == Seating::Banker).then_some(role));
    let a = arranger(o, rules, players, role)?;
    let mut dealer = Dealer::from_seed(o.seed);
    // Per special: hands, declared, sum of the advantage, smallest advantage.
    let mut tally: Vec<(shisanshui::Special, u64, u64, f64, f64)> = Vec::new();
    let mut seen = 0u64;
    while seen < o.deals {
        for hand in deal(&mut dealer, rules, 4) {
            seen += 1;
            if let Some(adv) = a.special_advice(&hand).map_err(|e| e.to_string())? {
                let i = match tally.iter().position(|t| t.0 == adv.special) {
                    Some(i) => i,
                    None => {
                        tally.push((adv.special, 0, 0, 0.0, f64::INFINITY));
                        tally.len() - 1
                    }
                };
                let t = &mut tally[i];
                t.1 += 1;
                t.2 += adv.declare() as u64;
                t.3 += adv.advantage();
                t.4 = t.4.min(adv.advantage());
            }
        }
    }
    tally.sort_by_key(|t| rules.special_order(t.0));
    println!("{name:<8} {players} seats, {seen} hands:");
    for (s, n, declared, sum, min) in tally {
        println!(
            "    {s:<4} {n:>6} hands ({:.3}%), declare in {:.1}%, mean advantage {:+.2} water, smallest {:+.2}",
            n as f64 * 100.0 / seen as f64,
            declared as f64 * 100.0 / n as f64,
            sum / n as f64,
            min
        );
    }
    Ok(())
}

/// Hands built to be hard for the search: many pairs, many straights, long suits.
pub const HARD_HANDS: [&str; 22] = [
    "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 8c",
    "Ac Ad Kc Kd Qc Qd Jc Jd Tc Td 9c 9d 8h",
    "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac",
    "3c 4c 5c 6c 7c 8c 9c Tc Jd Qd Kd Ad 2d",
    "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh 2s",
    "5c 5d 6c 6d 7c 7d 8c 8d 9c 9d Tc Td Jc",
    "Ah Kh Qh Jh Th 9h 8h 7s 6s 5s 4s 3s 2s",
    "2c 3c 4c 5c 6c 7d 8d 9d Td Jd Qs Ks As",
    "Ac Ad Ah Kc Kd Kh Qc Qd Qh Jc Jd Jh Tc",
    "4c 4d 5c 5d 6c 6h 7c 7h 8c 8s 9d 9h Tc",
    "6c 7c 8c 9c Tc 6d 7d 8d 9d Td 6h 7h 8h",
    "2c 2d 2h 3c 3d 3h 4c 4d 4h 5c 5d 5h 6c",
    // Found by hill-climbing on the search's work (`search_diagnostics hardest`, tools/examples):
    // near-straights around two or three aces.
    "2s 3c 4h 6d 7s 8c 9c Jc Qd Kd Ks Ah As",
    "2h 3s 4d 6d 7c 8d 9h Jh Qc Ks Ad Ah As",
    "2h 3d 4h 6d 7s 8d 9c Js Qs Kc Ad Ah As",
    "2c 2h 3d 3s 4d 5c 5s 8h 9c Td Js Kh Ah",
    "2d 2c 3d 3h 4d 4s 5s 6s 8s 9d Qc Kc Ac",
    // The slowest of 20,000 random hands (`search_diagnostics slowest`, tools/examples).
    "2h 3d 4h 6c 7d 8c 9d Js Qc Kd Kh Ac Ah",
    "3c 4c 5d 5s 6d 6h 8d 8s 9c Jc Qh Kh As",
    "2c 3c 5s 6d 7h 8h Td Jd Qc Qs Kc Ks Ah",
    // The slowest of 50,000 random hands by the per-hand report of `speed` (kx and ranked).
    "2s 3s 4h 6h 7c 8h 9c Jd Qs Qd Ks Ah Ad",
    "2h 3c 4c 6h 7c 8d 9s Js Qh Qs Kh As Ac",
];

fn speed(o: &Opts, preset: Preset, rules: &Rules, players: usize) -> Result<(), String> {
    for &role in roles(rules) {
        speed_for(o, preset, rules, players, role)?;
    }
    Ok(())
}

fn speed_for(o: &Opts, preset: Preset, rules: &Rules, players: usize, role: Role) -> Result<(), String> {
    let name = label(preset, rules, (rules.table == Seating::Banker).then_some(role));
    let level = o.hero.level().unwrap_or(Level::Best);
    let a = arranger(o, rules, players, role)?.with_level(level, o.seed).with_card_removal(o.hero != Player::Plain);
    let mut dealer = Dealer::from_seed(o.seed);
    let mut hands: Vec<[Card; 13]> = Vec::new();
    while (hands.len() as u64) < o.deals {
        hands.extend(deal(&mut dealer, rules, 4));
    }
    hands.truncate(o.deals as usize);
    if o.once {
        // The lazily built tables, then every hand once (what callgrind counts).
        a.arrange(&hands[0]).map_err(|e| e.to_string())?;
        let start = Instant::now();
        for h in &hands {
            std::hint::black_box(a.arrange(std::hint::black_box(h)).map_err(|e| e.to_string())?);
        }
        for text in HARD_HANDS {
            let cards = parse_cards_in(text, rules.extra_suits).map_err(|e| e.to_string())?;
            std::hint::black_box(a.arrange(std::hint::black_box(&cards)).map_err(|e| e.to_string())?);
        }
        println!(
            "{name:<8} {players} seats: {} random hands and {} hard hands once each, {:.2} s",
            hands.len(),
            HARD_HANDS.len(),
            start.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    // Warm up caches and the lazily built tables.
    for h in hands.iter().take(1000) {
        a.arrange(h).map_err(|e| e.to_string())?;
    }
    let mut times: Vec<f64> = Vec::with_capacity(hands.len());
    let start = Instant::now();
    for h in &hands {
        times.push(fastest_of(1, &a, h)?);
    }
    let total = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let q = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
    println!(
        "{name:<8} {players} seats: {} random hands, mean {:.2} µs (wall {:.2} µs/hand), p50 {:.2}, p90 {:.2}, p99 {:.2}, p99.9 {:.2}, max {:.2} µs",
        times.len(),
        times.iter().sum::<f64>() / times.len() as f64,
        total / times.len() as f64 * 1e6,
        q(0.5),
        q(0.9),
        q(0.99),
        q(0.999),
        times[times.len() - 1]
    );
    // The same hands, each timed as the fastest of three calls in a row: the cost of the
    // hand itself, without the interrupts and preemptions a single call may absorb on a
    // shared machine (which put the single-call maximum in milliseconds).
    let mut own: Vec<(f64, usize)> = Vec::with_capacity(hands.len());
    for (i, h) in hands.iter().enumerate() {
        own.push((fastest_of(3, &a, h)?, i));
    }
    own.sort_by(|x, y| x.0.total_cmp(&y.0));
    let q = |p: f64| own[((own.len() - 1) as f64 * p) as usize].0;
    let (max, slowest) = own[own.len() - 1];
    println!(
        "    per hand (fastest of 3): mean {:.2} µs, p50 {:.2}, p99 {:.2}, p99.9 {:.2}, max {:.2} µs ({})",
        own.iter().map(|x| x.0).sum::<f64>() / own.len() as f64,
        q(0.5),
        q(0.99),
        q(0.999),
        max,
        format_cards(&hands[slowest])
    );
    for text in HARD_HANDS {
        let cards = parse_cards_in(text, rules.extra_suits).map_err(|e| e.to_string())?;
        println!("    hard hand {text}: {:.2} µs (best of 20)", fastest_of(20, &a, &cards)?);
    }
    Ok(())
}

/// The hands of one deal of `players` seats: one deck's four hands cut to the table (the
/// stream as before big tables), or the rule set's bigger deck dealt to the table.
fn deal(dealer: &mut Dealer, rules: &Rules, players: usize) -> Vec<[Card; 13]> {
    if rules.extra_suits.is_empty() && rules.jokers == 0 {
        dealer.deal_four()[..players.min(4)].to_vec()
    } else {
        dealer.deal_for(rules, players).expect("the table's seats were checked")
    }
}

/// clap value parser of `--table`.
fn preset_arg(s: &str) -> Result<Preset, String> {
    s.parse().map_err(|e: shisanshui::Error| e.to_string())
}

/// clap value parser of `--jokers`: 0 to 6 (RULES.md §12).
fn jokers_arg(s: &str) -> Result<u8, String> {
    let n: u8 = s.trim().parse().map_err(|_| format!("{s:?} is not a number of jokers (0 to 6)"))?;
    shisanshui::Deck::new(shisanshui::SuitSet::EMPTY, n).map(|_| n).map_err(|e| e.to_string())
}

fn seating_arg(s: &str) -> Result<Seating, String> {
    s.parse::<Seating>().map_err(|e| e.to_string())
}

/// The fastest of `calls` calls in a row of `Arranger::arrange` on one hand, in µs.
fn fastest_of(calls: usize, a: &Arranger, cards: &[Card]) -> Result<f64, String> {
    let mut fastest = f64::INFINITY;
    for _ in 0..calls {
        let t = Instant::now();
        std::hint::black_box(a.arrange(std::hint::black_box(cards)).map_err(|e| e.to_string())?);
        fastest = fastest.min(t.elapsed().as_secs_f64() * 1e6);
    }
    Ok(fastest)
}
