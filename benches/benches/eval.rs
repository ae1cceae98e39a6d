//! Hand evaluation: every 5-card hand in enumeration order and shuffled, every 3-card hand,
//! with rs_poker 5.0.0 on the same hands in the same group so that the ratio comes from one run.
//!
//! Run: `cargo bench -p shisanshui-benches --bench eval`. Figures are in `BENCHMARKS.md`.
//! Inputs are built before timing (our `[Card; 5]` arrays, rs_poker's `[Card; 5]` arrays), so
//! only evaluation is measured. Each iteration evaluates every hand once and folds the results
//! into a checksum that goes through `black_box`, so no evaluation can be optimised away. The
//! `*_batch` rows call `Evaluator::eval5_batch` on consecutive slices of `BATCH` hands into one
//! reused buffer, which goes through `black_box` after each call (so every rank is written).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rs_poker::core::{Card as RsCard, Rankable, Suit as RsSuit, Value as RsValue};
use shisanshui::{Card, Evaluator, HandRank, Wheel};

fn all_hands<const N: usize>() -> Vec<[Card; N]> {
    fn rec<const N: usize>(start: u8, depth: usize, cur: &mut [Card; N], out: &mut Vec<[Card; N]>) {
        if depth == N {
            out.push(*cur);
            return;
        }
        for c in start..52 {
            cur[depth] = Card::from_code(c).unwrap();
            rec(c + 1, depth + 1, cur, out);
        }
    }
    let mut out = Vec::new();
    rec(0, 0, &mut [Card::from_code(0).unwrap(); N], &mut out);
    out
}

fn rs_hand(h: &[Card; 5]) -> [RsCard; 5] {
    h.map(|c| RsCard::new(RsValue::from_u8(c.rank() as u8), RsSuit::from_u8(c.suit() as u8)))
}

fn shuffled<T: Clone>(v: &[T]) -> Vec<T> {
    let mut out = v.to_vec();
    out.shuffle(&mut ChaCha8Rng::seed_from_u64(0x5EED));
    out
}

/// Modest times: CI machines have two cores, and a pass over all hands takes a few ms.
fn configure(g: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>, hands: usize) {
    g.throughput(Throughput::Elements(hands as u64));
    g.sample_size(30);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
}

fn ours5(e: &Evaluator, hands: &[[Card; 5]]) -> u32 {
    hands.iter().fold(0u32, |acc, h| acc.wrapping_add(e.eval5(h).value()))
}

/// Hands per `eval5_batch` call: a buffer that stays in cache, as a caller streaming through a
/// long list would use.
const BATCH: usize = 4096;

fn ours5_batch(e: &Evaluator, hands: &[[Card; 5]], buf: &mut [HandRank]) {
    for chunk in hands.chunks(BATCH) {
        let out = &mut buf[..chunk.len()];
        e.eval5_batch(chunk, out).unwrap();
        black_box(&*out);
    }
}

fn theirs5(hands: &[[RsCard; 5]]) -> u32 {
    hands.iter().fold(0u32, |acc, h| acc.wrapping_add(h[..].rank().value_bits() as u32))
}

fn five_card(c: &mut Criterion) {
    let in_order = all_hands::<5>();
    assert_eq!(in_order.len(), 2_598_960);
    let mixed = shuffled(&in_order);
    let rs_in_order: Vec<[RsCard; 5]> = in_order.iter().map(rs_hand).collect();
    let rs_mixed: Vec<[RsCard; 5]> = mixed.iter().map(rs_hand).collect();
    let classic = Evaluator::with_options(Wheel::SecondHighest, false);
    let hk = Evaluator::with_options(Wheel::Lowest, true);

    let mut buf = vec![HandRank::default(); BATCH];

    let mut g = c.benchmark_group("eval5_all_2598960");
    configure(&mut g, in_order.len());
    g.bench_function("shisanshui/in_order", |b| b.iter(|| ours5(black_box(&classic), black_box(&in_order))));
    g.bench_function("shisanshui_batch/in_order", |b| {
        b.iter(|| ours5_batch(black_box(&classic), black_box(&in_order), &mut buf))
    });
    g.bench_function("rs_poker/in_order", |b| b.iter(|| theirs5(black_box(&rs_in_order))));
    g.bench_function("shisanshui/shuffled", |b| b.iter(|| ours5(black_box(&classic), black_box(&mixed))));
    g.bench_function("shisanshui_batch/shuffled", |b| {
        b.iter(|| ours5_batch(black_box(&classic), black_box(&mixed), &mut buf))
    });
    g.bench_function("rs_poker/shuffled", |b| b.iter(|| theirs5(black_box(&rs_mixed))));
    // The hk preset: wheel lowest and suits breaking ties (one more pass over the cards).
    g.bench_function("shisanshui_suit_tiebreak/in_order", |b| b.iter(|| ours5(black_box(&hk), black_box(&in_order))));
    g.bench_function("shisanshui_suit_tiebreak/shuffled", |b| b.iter(|| ours5(black_box(&hk), black_box(&mixed))));
    g.bench_function("shisanshui_batch_suit_tiebreak/in_order", |b| {
        b.iter(|| ours5_batch(black_box(&hk), black_box(&in_order), &mut buf))
    });
    g.bench_function("shisanshui_batch_suit_tiebreak/shuffled", |b| {
        b.iter(|| ours5_batch(black_box(&hk), black_box(&mixed), &mut buf))
    });
    g.finish();
}

fn three_card(c: &mut Criterion) {
    let in_order = all_hands::<3>();
    assert_eq!(in_order.len(), 22_100);
    let mixed = shuffled(&in_order);
    let e = Evaluator::default();
    let run = |hands: &[[Card; 3]]| hands.iter().fold(0u32, |acc, h| acc.wrapping_add(e.eval3(h).value()));

    let mut g = c.benchmark_group("eval3_all_22100");
    configure(&mut g, in_order.len());
    g.bench_function("shisanshui/in_order", |b| b.iter(|| run(black_box(&in_order))));
    g.bench_function("shisanshui/shuffled", |b| b.iter(|| run(black_box(&mixed))));
    g.finish();
}

criterion_group!(benches, five_card, three_card);
criterion_main!(benches);
