//! What a simulated round costs beside its four arrangements (BENCHMARKS.md, "Simulation").
//!
//! ```text
//! cargo build --profile profiling -p shisanshui-tools --example simulate_cost
//! valgrind --tool=callgrind target/profiling/examples/simulate_cost simulate 2000
//! valgrind --tool=callgrind target/profiling/examples/simulate_cost arrange 2000
//! ```
//!
//! `simulate N` plays N rounds of classic at four seats on one thread (`simulate::run`:
//! deal, special advice, arrangement, settlement, statistics); `arrange N` only arranges the
//! same 4·N hands with the same arranger. Run each at two N and take the difference per round,
//! so that the arranger's construction (the same in both) cancels.

use std::process::ExitCode;

use shisanshui::arrange::Arranger;
use shisanshui::simulate::{round_deal, run, SimConfig};
use shisanshui::Rules;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(mode), Some(Ok(rounds))) = (args.get(1), args.get(2).map(|n| n.parse::<u64>())) else {
        eprintln!("usage: simulate_cost simulate|arrange ROUNDS");
        return ExitCode::from(2);
    };
    let rules = Rules::classic();
    match mode.as_str() {
        "simulate" => {
            let report = run(&SimConfig::new(rules, 4, rounds, 1)).expect("a valid configuration");
            println!("{} rounds, swing {:.3}", report.rounds, report.swing.summary.mean);
        }
        "arrange" => {
            let arranger = Arranger::new(&rules, 4).expect("classic at four seats");
            let mut ev = 0.0;
            for i in 0..rounds {
                for hand in round_deal(1, i, 4).expect("four seats") {
                    ev += arranger.arrange(&hand).expect("13 cards").expected_water;
                }
            }
            println!("{rounds} rounds, mean expected water {:.3}", ev / (4 * rounds) as f64);
        }
        _ => {
            eprintln!("usage: simulate_cost simulate|arrange ROUNDS");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
