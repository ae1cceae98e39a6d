//! The main job: one demo round. Deal 2–4 hands under a preset and a seed, detect specials,
//! auto-arrange every seat (declaring a special when it is worth more), settle in water and in
//! money, and print it all.
//!
//! ```text
//! cargo run --release -p shisanshui --example demo -- [--preset classic|regional|kx|hk|ranked]
//!                                                      [--seed N] [--players 2..4]
//! ```

use std::process::ExitCode;

use shisanshui::arrange::Arranger;
use shisanshui::deal;
use shisanshui::money::{settle_money, Rake, Stakes};
use shisanshui::settle::{Event, PlayerHand, SeatResult, Settler, Water};
use shisanshui::{Card, Lane, Rules};

struct Options {
    preset: String,
    seed: u64,
    players: usize,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options { preset: "classic".into(), seed: 2026, players: 4 };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--preset" => o.preset = value("--preset")?,
            "--seed" => o.seed = value("--seed")?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--players" => o.players = value("--players")?.parse().map_err(|e| format!("--players: {e}"))?,
            "-h" | "--help" => {
                return Err("usage: demo [--preset classic|regional|kx|hk|ranked] [--seed N] [--players 2..4]".into())
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    Ok(o)
}

fn show(cards: &[Card]) -> String {
    let mut v = cards.to_vec();
    v.sort_by(|a, b| b.cmp(a));
    v.iter().map(|c| c.to_symbol_string()).collect::<Vec<_>>().join(" ")
}

fn signed(w: &Water) -> String {
    if w.twelfths() > 0 {
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

fn run(o: &Options) -> shisanshui::Result<()> {
    let rules = Rules::from_preset_name(&o.preset)?;
    let arranger = Arranger::new(&rules, o.players)?;
    let hands = deal::deal(o.players, Some(o.seed))?;
    println!("十三水 shisanshui — demo round: preset {}, seed {}, {} seats\n", o.preset, o.seed, o.players);

    let mut seats = Vec::new();
    for (i, hand) in hands.iter().enumerate() {
        println!("Seat {} dealt  {}", i + 1, show(hand));
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
                seats.push(PlayerHand::special(advice.special, hand)?);
                println!();
                continue;
            }
        }
        let best = arranger.arrange(hand)?;
        println!("  auto-arranged, expected {:+.2} water against the field:", best.expected_water);
        for (lane, cat) in Lane::ALL.into_iter().zip(best.categories) {
            println!(
                "    {:<6} {}  {:<16} {:<15} {}",
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

    let settlement = Settler::new(&rules)?.settle(&seats)?;
    println!("Pairs (lane winners and the water each lane moved):");
    for p in &settlement.pairs {
        let [a, b] = p.seats;
        let lanes = match &p.lanes {
            Some(ls) => ls
                .iter()
                .map(|l| match l.winner {
                    Some(w) => format!("{} seat {} +{}", l.lane.name(), w + 1, l.water),
                    None => format!("{} tie", l.lane.name()),
                })
                .collect::<Vec<_>>()
                .join(", "),
            None => format!("{:?}", p.kind),
        };
        println!("  seat {} vs seat {}: {lanes}  => seat {} {}", a + 1, b + 1, a + 1, signed(&p.water));
    }
    println!("\nEvents:");
    if settlement.events.is_empty() {
        println!("  none");
    }
    for e in &settlement.events {
        match e {
            Event::Foul { seat, .. } => println!("  seat {} fouled (倒水)", seat + 1),
            Event::Special { seat, special } => {
                println!("  seat {} declared {} ({})", seat + 1, special.name(), special.chinese_name())
            }
            Event::Shot { shooter, victim, value } => {
                println!("  seat {} shoots seat {} (打枪), worth {value}", shooter + 1, victim + 1)
            }
            Event::HomeRun { seat, value } => println!("  seat {} hits a home run (全垒打), worth {value}", seat + 1),
            _ => println!("  {e:?}"),
        }
    }

    // Money: 1.00 per water point, everyone carries 50.00, 5% rake (seed 003's house rules).
    let stakes = Stakes { base: 100, carries: Some(vec![5_000; o.players]), rake: Rake::percent(5) };
    let m = settle_money(&settlement.totals, &stakes)?;
    println!("\nTotals (water; money at 1.00 per water, carry 50.00 each, 5% rake):");
    for (i, (w, line)) in settlement.totals.iter().zip(&m.lines).enumerate() {
        let what = match settlement.seats[i] {
            SeatResult::Special { special, .. } => format!("special {}", special.id()),
            ref s if s.is_foul() => "fouled".to_string(),
            _ => "lanes".to_string(),
        };
        println!("  seat {}: {:>6} water  {:>8}  ({what})", i + 1, signed(w), money(line.amount));
    }
    println!("  house:              {:>8}", money(m.house));
    Ok(())
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(msg) => {
            eprintln!("{msg}");
            return ExitCode::from(2);
        }
    };
    match run(&o) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
