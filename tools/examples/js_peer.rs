//! The native figures beside the npm package's (`js/bench/bench.mjs`, the same workloads):
//! `Batch::eval5` of all 2,598,960 five-card hands in order from codes on one thread (best of
//! 5), and `Arranger::arrange` of the hands of 1,000 seeded four-seat deals under classic (best
//! of 3), per hand and through `Batch::arrange`. One JSON object on stdout.
//!
//!     cargo run --release -p shisanshui-tools --example js_peer
//!
//! `scripts/bench-js.sh` runs it and the Node benchmark one after the other.

use std::hint::black_box;
use std::time::Instant;

use shisanshui::arrange::Arranger;
use shisanshui::batch::Batch;
use shisanshui::{Card, Evaluator, HandRank, Rules};

fn best(n: usize, mut f: impl FnMut()) -> f64 {
    (0..n)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let rules = Rules::classic();
    let mut all = Vec::with_capacity(2_598_960);
    for a in 0..52u8 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        all.push([a, b, c, d, e]);
                    }
                }
            }
        }
    }
    let eval = Evaluator::new(&rules);
    let mut out = vec![HandRank::default(); all.len()];
    let batch = Batch::new().threads(1);
    let eval_s = best(5, || batch.eval5(&eval, black_box(&all), &mut out).unwrap());

    let hands: Vec<[Card; 13]> = (0..1000u64).flat_map(|s| shisanshui::deal::deal(4, Some(s)).unwrap()).collect();
    let codes: Vec<[u8; 13]> = hands.iter().map(|h| h.map(|c| c.code())).collect();
    let arranger = Arranger::new(&rules, 4).unwrap();
    let arrange_s = best(3, || {
        for h in &hands {
            black_box(arranger.arrange(black_box(h)).unwrap());
        }
    });
    let mut lanes = vec![[0u8; 13]; codes.len()];
    let many_s = best(3, || batch.arrange(&arranger, black_box(&codes), &mut lanes).unwrap());
    println!(
        "{{\"eval5_hands_per_second\": {:.0}, \"eval5_ms\": {:.3}, \"arrange_us_per_hand\": {:.3}, \"arrange_many_us_per_hand\": {:.3}, \"hands\": {}}}",
        all.len() as f64 / eval_s,
        eval_s * 1e3,
        arrange_s / hands.len() as f64 * 1e6,
        many_s / hands.len() as f64 * 1e6,
        hands.len()
    );
}
