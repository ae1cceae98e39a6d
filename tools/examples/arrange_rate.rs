//! The Rust side of the Python benchmark's like-for-like arrangement figure
//! (`benches/python/bench.py`): `Batch::arrange` on one thread over the hands in a file of
//! 13 card codes per hand (what the benchmark's `arrange_many` gets), classic at four seats, the
//! best of `repeat` passes. Prints the microseconds per hand.
//!
//! `cargo run --release -p shisanshui-tools --example arrange_rate -- HANDS_FILE [repeat]`
use std::time::Instant;

use shisanshui::batch::Batch;
use shisanshui::{Arranger, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: arrange_rate HANDS_FILE [repeat]");
    let repeat: usize = args.next().map_or(5, |a| a.parse().expect("repeat"));
    let bytes = std::fs::read(&path).expect("read the hands");
    assert!(bytes.len() % 13 == 0 && !bytes.is_empty(), "{path}: not whole hands of 13 codes");
    let hands: Vec<[u8; 13]> = bytes.chunks_exact(13).map(|h| h.try_into().unwrap()).collect();
    let arranger = Arranger::new(&Rules::classic(), 4).expect("arranger");
    let mut out = vec![[0u8; 13]; hands.len()];
    let batch = Batch::new();
    batch.arrange(&arranger, &hands[..hands.len().min(10)], &mut out[..hands.len().min(10)]).expect("warm-up");
    let best = (0..repeat)
        .map(|_| {
            let t = Instant::now();
            batch.arrange(&arranger, &hands, &mut out).expect("arrange");
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min);
    println!("{:.3}", best / hands.len() as f64 * 1e6);
}
