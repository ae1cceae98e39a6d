//! Speed of `Arranger::suggest` over random hands: mean and maximum per hand (each hand the
//! fastest of a few calls, so that the machine's noise is not the figure), for each preset at
//! four seats. `cargo run --release -p shisanshui-tools --example suggest_speed -- [hands] [n]`
//!
//! With a third argument `once`, each hand is suggested for once under classic at four seats
//! and nothing is timed: the run to count instructions in, e.g.
//! `valgrind --tool=callgrind --toggle-collect='shisanshui::arrange::Arranger::suggest'
//! target/profiling/examples/suggest_speed 2000 5 once` (profile `profiling`).
use std::time::Instant;

use shisanshui::deal::Dealer;
use shisanshui::{Arranger, Preset, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let hands: usize = args.next().map_or(2000, |a| a.parse().expect("hands"));
    let n: usize = args.next().map_or(5, |a| a.parse().expect("n"));
    if args.next().as_deref() == Some("once") {
        let arranger = Arranger::new(&Rules::classic(), 4).expect("arranger");
        let mut dealer = Dealer::from_seed(1);
        let mut shown = 0;
        for _ in 0..hands.div_ceil(4) {
            for h in dealer.deal_four() {
                shown += arranger.suggest(&h, n).expect("suggest").len();
            }
        }
        println!("{shown} suggestions");
        return;
    }
    for preset in Preset::ALL {
        let arranger = Arranger::new(&Rules::preset(preset), 4).expect("arranger");
        let mut dealer = Dealer::from_seed(1);
        let mut all = Vec::new();
        while all.len() < hands {
            all.extend(dealer.deal_four());
        }
        let (mut sum, mut max, mut arrange_sum) = (0.0f64, 0.0f64, 0.0f64);
        for h in &all[..hands] {
            let fastest = |f: &dyn Fn()| {
                (0..3)
                    .map(|_| {
                        let t = Instant::now();
                        f();
                        t.elapsed().as_secs_f64()
                    })
                    .fold(f64::INFINITY, f64::min)
            };
            let t = fastest(&|| {
                std::hint::black_box(arranger.suggest(std::hint::black_box(h), n).unwrap());
            });
            arrange_sum += fastest(&|| {
                std::hint::black_box(arranger.arrange(std::hint::black_box(h)).unwrap());
            });
            sum += t;
            max = max.max(t);
        }
        println!(
            "{preset:>14} 4 seats, n = {n}: suggest mean {:7.1} µs, max {:7.1} µs; arrange mean {:5.1} µs ({hands} hands)",
            sum / hands as f64 * 1e6,
            max * 1e6,
            arrange_sum / hands as f64 * 1e6
        );
    }
}
