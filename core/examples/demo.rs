//! The main job: one demo round. Deal 2–8 hands under a preset and a seed, detect specials,
//! auto-arrange every seat (declaring a special when it is worth more), settle in water and in
//! money, and print it all.
//!
//! ```text
//! cargo run --release -p shisanshui --example demo -- [--preset classic|regional|kx|hk|ranked|chinese_poker]
//!                                                      [--seed N] [--players 2..8] [--extra-suits LETTERS]
//!                                                      [--table all_pairs|banker] [--banker N]
//!                                                      [--jokers 0..6] [--joker-lanes each_best|avoid_foul]
//!                                                      [--jokers-in-specials]
//! ```
//!
//! The table options mean what they mean to the command line `sss` (`sss --help`), with the same
//! defaults: `--players` defaults to every seat the deck deals (4, one more per extra suit).
//!
//! `--extra-suits sh` plays a big table (加色, RULES.md §11): the deck holds those suits twice
//! and seats one more per suit (six seats with `sh`; two decks and eight seats with `dchs`). The
//! headline prints the letters as typed.
//!
//! `--jokers 2` plays a joker room (鬼牌场, RULES.md §12): the deck deals that many wild jokers
//! (`SJ` 小王, `BJ` 大王), and each lane holding one says which card it stands for. `--joker-lanes
//! avoid_foul` values the lanes so that the jokers keep them in order where they can;
//! `--jokers-in-specials` lets a hand with jokers make specials.
//!
//! Seats are numbered from 0, as on every other surface. `--table banker` plays banker mode
//! (庄家, RULES.md §5a) with seat `--banker N` (0 to players − 1; seat 0 when not given, as in
//! `sss simulate`) as the banker. Every argument is checked before anything is dealt. Exit codes:
//! 0 done, 1 an engine error, 2 a bad argument; a reader that closes the pipe early (`| head`) is
//! not an error.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use shisanshui::arrange::{Arranger, Role};
use shisanshui::deal;
use shisanshui::money::{settle_money, Rake, Stakes};
use shisanshui::settle::{Event, PlayerHand, SeatResult, Settler, Water};
use shisanshui::SuitSet;
use shisanshui::{Card, JokerLanes, Lane, Rules, Table};

const USAGE: &str = "usage: demo [--preset classic|regional|kx|hk|ranked|chinese_poker] [--seed N] [--players 2..8] \
                     [--extra-suits LETTERS] [--table all_pairs|banker] [--banker N] [--jokers 0..6] \
                     [--joker-lanes each_best|avoid_foul] [--jokers-in-specials]\n\
                     The table options mean what they mean to `sss` (sss --help). --players defaults to every \
                     seat the deck deals: 4, one more per extra suit. --extra-suits LETTERS (any order, e.g. sh) \
                     is printed as typed. --banker N defaults to seat 0 at a banker table. Seats count from 0.";

struct Options {
    preset: String,
    seed: u64,
    /// Seats; every seat the deck deals when not given.
    players: Option<usize>,
    table: Option<Table>,
    /// The banker's seat (from 0).
    banker: Option<usize>,
    /// Suits the deck holds twice (RULES.md §11), and the letters as typed (what the headline
    /// prints: the set itself forgets their order).
    extra_suits: Option<(SuitSet, String)>,
    /// Wild jokers in the deck (RULES.md §12).
    jokers: Option<u8>,
    /// How the foul check reads lanes with jokers.
    joker_lanes: Option<JokerLanes>,
    /// Hands holding jokers make specials (RULES.md §12).
    jokers_in_specials: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        preset: "classic".into(),
        seed: 2026,
        players: None,
        table: None,
        banker: None,
        extra_suits: None,
        jokers: None,
        joker_lanes: None,
        jokers_in_specials: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--preset" => o.preset = value("--preset")?,
            "--seed" => o.seed = value("--seed")?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--players" => o.players = Some(value("--players")?.parse().map_err(|e| format!("--players: {e}"))?),
            "--extra-suits" => {
                let typed = value("--extra-suits")?;
                let set = typed.parse().map_err(|e| format!("--extra-suits: {e}"))?;
                o.extra_suits = Some((set, typed.trim().to_string()));
            }
            "--table" => o.table = Some(value("--table")?.parse().map_err(|e| format!("--table: {e}"))?),
            "--banker" => o.banker = Some(value("--banker")?.parse().map_err(|e| format!("--banker: {e}"))?),
            "--jokers" => o.jokers = Some(value("--jokers")?.parse().map_err(|e| format!("--jokers: {e}"))?),
            "--joker-lanes" => {
                o.joker_lanes = Some(value("--joker-lanes")?.parse().map_err(|e| format!("--joker-lanes: {e}"))?)
            }
            "--jokers-in-specials" => o.jokers_in_specials = true,
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    // Everything the round needs, checked before anything is dealt or arranged.
    let rules = rules_of(&o).map_err(|e| format!("--preset: {e}"))?;
    if let Some(j) = o.jokers {
        // 0 to 6 jokers (RULES.md §12).
        shisanshui::Deck::new(rules.extra_suits, j).map_err(|e| format!("--jokers {j}: {e}"))?;
    }
    // 2 to 4 seats from one deck, one more per extra suit (RULES.md §11); all of them by default.
    let players = *o.players.get_or_insert(rules.max_players());
    rules.check_players(players).map_err(|e| format!("--players {players}: {e}"))?;
    if let Some(b) = o.banker {
        if o.table.unwrap_or(rules.table) != Table::Banker {
            return Err(format!("--banker {b}: a banker seat needs --table banker"));
        }
        if b >= players {
            return Err(format!("--banker {b}: seats are numbered 0 to {} at a table of {players}", players - 1));
        }
    }
    Ok(o)
}

/// The rule set of the options: the preset with the table and deck options applied.
fn rules_of(o: &Options) -> shisanshui::Result<Rules> {
    let mut rules = Rules::from_preset_name(&o.preset)?;
    if let Some(table) = o.table {
        rules.table = table;
    }
    if let Some((extra, _)) = &o.extra_suits {
        rules.extra_suits = *extra;
    }
    if let Some(j) = o.jokers {
        rules.jokers = j;
    }
    if let Some(reading) = o.joker_lanes {
        rules.joker_lanes = reading;
    }
    if o.jokers_in_specials {
        rules.jokers_in_specials = true;
    }
    Ok(rules)
}

fn show(cards: &[Card]) -> String {
    let mut v = cards.to_vec();
    v.sort_by(|a, b| b.cmp(a));
    v.iter().map(|c| c.to_symbol_string()).collect::<Vec<_>>().join(" ")
}

fn signed(w: &Water) -> String {
    if w.units() > 0 {
        format!("+{w}")
    } else {
        w.to_string()
    }
}

fn money(cents: i64) -> String {
    let sign = if cents < 0 {
        "-"
    } else if cents > 0 {
        "+"
    } else {
        " "
    };
    format!("{sign}{}.{:02}", cents.abs() / 100, cents.abs() % 100)
}

/// The round as text.
fn run(o: &Options) -> shisanshui::Result<String> {
    let mut out = String::new();
    macro_rules! println {
        ($($t:tt)*) => {{
            let _ = writeln!(out, $($t)*);
        }};
    }
    let rules = rules_of(o)?;
    let players = o.players.unwrap_or_else(|| rules.max_players());
    // Banker mode without --banker makes seat 0 the banker.
    let banker = match (rules.table, o.banker) {
        (_, Some(n)) => Some(n),
        (Table::Banker, None) => Some(0),
        _ => None,
    };
    // At a banker table each seat is arranged for its role (§5a, §7): the banker plays every
    // other seat, a player the banker alone.
    let (arranger, banker_arranger) = match banker {
        Some(_) => {
            (Arranger::new_for(&rules, players, Role::Player)?, Some(Arranger::new_for(&rules, players, Role::Banker)?))
        }
        None => (Arranger::new(&rules, players)?, None),
    };
    let hands = deal::deal_for(&rules, players, Some(o.seed))?;
    let mut deck = String::new();
    if let Some((_, typed)) = o.extra_suits.as_ref().filter(|_| !rules.extra_suits.is_empty()) {
        let _ = write!(deck, ", extra suits {typed}");
    }
    if rules.jokers > 0 {
        let _ = write!(deck, ", {} joker{}", rules.jokers, if rules.jokers == 1 { "" } else { "s" });
    }
    if !deck.is_empty() {
        let _ = write!(deck, " ({} cards)", rules.deck().len());
    }
    if rules.jokers > 0 {
        let _ = write!(deck, ", joker lanes {}", rules.joker_lanes);
        if rules.jokers_in_specials {
            deck.push_str(", jokers in specials");
        }
    }
    println!("十三水 shisanshui — demo round: preset {}, seed {}, {players} seats{deck}", o.preset, o.seed);
    match banker {
        Some(b) => println!("banker mode (庄家): seat {} is the banker; only the banker's pairs are settled\n", b),
        None => println!("every pair of seats is settled\n"),
    }

    let mut seats = Vec::new();
    for (i, hand) in hands.iter().enumerate() {
        let arranger = match &banker_arranger {
            Some(b) if banker == Some(i) => b,
            _ => &arranger,
        };
        println!("Seat {} dealt  {}", i, show(hand));
        if let Some(advice) = arranger.special_advice(hand)? {
            println!(
                "  special: {} {} — declare ≈ {:+.2} water vs lanes ≈ {:+.2}: {}",
                advice.special.name(),
                advice.special.chinese_name(),
                advice.declare_water,
                advice.lane_water,
                if advice.declare() { "declared (报到)" } else { "played as lanes" }
            );
            if advice.declare() {
                seats.push(PlayerHand::special_in(advice.special, hand, rules.deck_spec())?);
                println!();
                continue;
            }
        }
        let best = arranger.arrange(hand)?;
        println!("  auto-arranged, expected {:+.2} water against the field:", best.expected_water);
        // The cards the jokers stand for, in the lanes as the rule set values them (RULES.md §12).
        let stands_for = best.arrangement.evaluate_jokers(&rules).stands_for(&best.arrangement);
        for (lane, cat) in Lane::ALL.into_iter().zip(best.categories) {
            let jokers: Vec<String> = stands_for
                .iter()
                .filter(|(l, ..)| *l == lane)
                .map(|(_, _, joker, card)| format!("{} as {}", joker.to_symbol_string(), card.to_symbol_string()))
                .collect();
            let jokers = if jokers.is_empty() { String::new() } else { format!("  {}", jokers.join(", ")) };
            println!(
                "    {:<6} {}  {:<16} {:<15} {}{jokers}",
                lane.name(),
                lane.chinese_name(),
                show(best.arrangement.lane(lane)),
                cat.name(),
                cat.chinese_name()
            );
        }
        println!();
        seats.push(PlayerHand::Arranged(best.arrangement));
    }

    let settlement = Settler::new(&rules)?.settle_with_banker(&seats, banker)?;
    println!("Pairs (lane winners and the water each lane moved):");
    for p in &settlement.pairs {
        let [a, b] = p.seats;
        let lanes = match &p.lanes {
            Some(ls) => ls
                .iter()
                .map(|l| match l.winner {
                    Some(w) => format!("{} seat {} +{}", l.lane.name(), w, l.water),
                    None => format!("{} tie", l.lane.name()),
                })
                .collect::<Vec<_>>()
                .join(", "),
            None => format!("{:?}", p.kind),
        };
        let lanes = match p.majority {
            Some(m) => format!("{lanes}, majority seat {} +{}", m.winner, m.water),
            None => lanes,
        };
        println!("  seat {} vs seat {}: {lanes}  => seat {} {}", a, b, a, signed(&p.water));
    }
    println!("\nEvents:");
    if settlement.events.is_empty() {
        println!("  none");
    }
    for e in &settlement.events {
        match e {
            Event::Foul { seat, .. } => println!("  seat {} fouled (倒水)", seat),
            Event::Special { seat, special } => {
                println!("  seat {} declared {} ({})", seat, special.name(), special.chinese_name())
            }
            Event::Shot { shooter, victim, value } => {
                println!("  seat {} shoots seat {} (打枪), worth {value}", shooter, victim)
            }
            Event::HomeRun { seat, value } => println!("  seat {} hits a home run (全垒打), worth {value}", seat),
            Event::Banker { seat } => println!("  seat {} is the banker (庄家)", seat),
            _ => println!("  {e:?}"),
        }
    }

    // Money: 1.00 per water point, everyone carries 50.00, 5% rake (seed 003's house rules).
    let stakes = Stakes { base: 100, carries: Some(vec![5_000; players]), rake: Rake::percent(5) };
    let m = settle_money(&settlement.totals, &stakes)?;
    println!("\nTotals (water; money at 1.00 per water, carry 50.00 each, 5% rake):");
    for (i, (w, line)) in settlement.totals.iter().zip(&m.lines).enumerate() {
        let what = match settlement.seats[i] {
            SeatResult::Special { special, .. } => format!("special {}", special.id()),
            ref s if s.is_foul() => "fouled".to_string(),
            _ => "lanes".to_string(),
        };
        println!("  seat {}: {:>6} water  {:>8}  ({what})", i, signed(w), money(line.amount));
    }
    println!("  house:              {:>8}", money(m.house));
    Ok(out)
}

/// Write to standard output; a closed pipe is the reader's choice, not an error.
fn print(text: &str) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let _ = writeln!(std::io::stderr(), "error: standard output: {e}");
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(msg) => {
            let _ = writeln!(std::io::stderr(), "{msg}");
            return ExitCode::from(2);
        }
    };
    match run(&o) {
        Ok(text) => print(&text),
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: {e}");
            ExitCode::FAILURE
        }
    }
}
