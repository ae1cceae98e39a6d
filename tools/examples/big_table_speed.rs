//! Per-hand arrangement time at big tables (RULES.md §11): every hand of 300 seeded deals of a
//! table (`deal_for`, as the `arrange/big_tables` benchmark), each arranged `REPS` times; a
//! hand's time is the minimum of its repetitions (the least disturbed by other work on the
//! machine). Prints the mean over all hands and over those with copies, and the slowest hands.
//!
//!     cargo run --release -p shisanshui-tools --example big_table_speed -- classic dchs 8 [reps]
//!
//! With `reps` 0 each hand is arranged once, untimed (for `valgrind --tool=callgrind`). With
//! `HAND="As As …"` only that hand is arranged, `reps` times; with `CHECK=1` the hands with
//! copies are checked against the exhaustive walk (with and without `strict_order`).

use std::hint::black_box;
use std::time::Instant;

use shisanshui::arrange::Arranger;
use shisanshui::{Card, Preset, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset: Preset = args.first().map_or("classic", |s| s.as_str()).parse().expect("a preset");
    let extra = args.get(1).map_or("dchs", |s| s.as_str());
    let players: usize = args.get(2).map_or(8, |s| s.parse().expect("seats"));
    let reps: usize = args.get(3).map_or(5, |s| s.parse().expect("repetitions"));
    let rules = Rules { extra_suits: extra.parse().expect("suits"), ..Rules::preset(preset) };
    let a = Arranger::new(&rules, players).expect("a table");
    let hands: Vec<[Card; 13]> =
        (0..300u64).flat_map(|seed| shisanshui::deal::deal_for(&rules, players, Some(seed)).unwrap()).collect();
    let copies = |h: &[Card; 13]| h.iter().fold(0u64, |m, c| m | 1 << c.code()).count_ones() != 13;
    if let Ok(hand) = std::env::var("HAND") {
        // One hand, `reps` times (at least once): its time per arrangement.
        let h = shisanshui::parse_cards_in(&hand, rules.extra_suits).expect("cards");
        let t = Instant::now();
        for _ in 0..reps.max(1) {
            black_box(a.arrange(black_box(&h)).unwrap());
        }
        println!("{hand}: {:.1} µs", t.elapsed().as_secs_f64() * 1e6 / reps.max(1) as f64);
        return;
    }
    if std::env::var("CHECK").is_ok() {
        let mut n = 0;
        for strict in [false, true] {
            let rules = Rules { strict_order: strict, ..rules.clone() };
            let a = Arranger::new(&rules, players).expect("a table");
            for h in hands.iter().filter(|h| copies(h)).take(600) {
                let got = a.arrange(h);
                let want = a.arrange_copies_exhaustive(h);
                match (got, want) {
                    (Ok(g), Ok(w)) => assert_eq!(g, w, "{h:?}"),
                    (Err(_), Err(_)) => {}
                    (g, w) => panic!("{h:?}: {g:?} against {w:?}"),
                }
                n += 1;
            }
        }
        println!("{n} hands agree with the exhaustive walk");
        return;
    }
    if reps == 0 {
        let acc: f64 = hands.iter().map(|h| a.arrange(black_box(h)).unwrap().expected_water).sum();
        println!("{} hands, sum of expected water {acc:.6}", hands.len());
        return;
    }
    let mut times: Vec<(f64, usize)> = Vec::with_capacity(hands.len());
    for (i, h) in hands.iter().enumerate() {
        let mut best = f64::INFINITY;
        for _ in 0..reps {
            let t = Instant::now();
            black_box(a.arrange(black_box(h)).unwrap());
            best = best.min(t.elapsed().as_secs_f64() * 1e6);
        }
        times.push((best, i));
    }
    let mean = |f: &dyn Fn(&[Card; 13]) -> bool| {
        let v: Vec<f64> = times.iter().filter(|t| f(&hands[t.1])).map(|t| t.0).collect();
        (v.iter().sum::<f64>() / v.len() as f64, v.len())
    };
    let (all, n) = mean(&|_| true);
    let (cp, nc) = mean(&|h| copies(h));
    println!("{preset} {extra} {players} seats: {n} hands, mean {all:.1} µs; {nc} with copies, mean {cp:.1} µs");
    times.sort_by(|x, y| y.0.total_cmp(&x.0));
    for &(t, i) in times.iter().take(5) {
        let codes: Vec<String> = hands[i].iter().map(|c| c.to_string()).collect();
        println!("  {t:7.1} µs  {}{}", codes.join(" "), if copies(&hands[i]) { "" } else { "  (no copies)" });
    }
}
