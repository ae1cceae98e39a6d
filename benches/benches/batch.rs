//! The batch API (`shisanshui::batch::Batch`): all 2,598,960 five-card hands as codes and as
//! masks, in enumeration order and shuffled, on one and two threads, beside
//! `Evaluator::eval5_batch` on `[Card; 5]` (no input checks) and rs_poker 5.0.0 on the same
//! hands in the same group; 13-card hands arranged one by one and as a batch.
//!
//! Run: `cargo bench -p shisanshui-benches --bench batch`. Figures are in `BENCHMARKS.md`.
//! Every call writes all of its output, which goes through `black_box`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rs_poker::core::{Card as RsCard, Rankable, Suit as RsSuit, Value as RsValue};
use shisanshui::batch::Batch;
use shisanshui::{Arranger, Card, Evaluator, HandRank, Rules, Wheel};

fn all_hands() -> Vec<[u8; 5]> {
    let mut out = Vec::with_capacity(2_598_960);
    for a in 0..52u8 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        out.push([a, b, c, d, e]);
                    }
                }
            }
        }
    }
    out
}

fn shuffled<T: Clone>(v: &[T]) -> Vec<T> {
    let mut out = v.to_vec();
    out.shuffle(&mut ChaCha8Rng::seed_from_u64(0x5EED));
    out
}

fn configure(g: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>, rows: usize) {
    g.throughput(Throughput::Elements(rows as u64));
    g.sample_size(30);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
}

fn to_cards(h: &[u8; 5]) -> [Card; 5] {
    h.map(|c| Card::from_code(c).unwrap())
}

fn rs_hand(h: &[u8; 5]) -> [RsCard; 5] {
    h.map(|c| RsCard::new(RsValue::from_u8(c / 4), RsSuit::from_u8(c % 4)))
}

fn theirs(hands: &[[RsCard; 5]]) -> u32 {
    hands.iter().fold(0u32, |acc, h| acc.wrapping_add(h[..].rank().value_bits() as u32))
}

fn mask(h: &[u8; 5]) -> u64 {
    h.iter().fold(0, |m, &c| m | 1 << c)
}

fn five(c: &mut Criterion) {
    let in_order = all_hands();
    let mixed = shuffled(&in_order);
    let cards_in_order: Vec<[Card; 5]> = in_order.iter().map(to_cards).collect();
    let cards_mixed: Vec<[Card; 5]> = mixed.iter().map(to_cards).collect();
    let masks_in_order: Vec<u64> = in_order.iter().map(mask).collect();
    let masks_mixed: Vec<u64> = mixed.iter().map(mask).collect();
    let rs_in_order: Vec<[RsCard; 5]> = in_order.iter().map(rs_hand).collect();
    let rs_mixed: Vec<[RsCard; 5]> = mixed.iter().map(rs_hand).collect();
    let eval = Evaluator::with_options(Wheel::SecondHighest, false);
    let mut out = vec![HandRank::default(); in_order.len()];
    let one = Batch::new();
    let two = Batch::new().threads(2);

    let mut g = c.benchmark_group("batch_eval5_2598960");
    configure(&mut g, in_order.len());
    for (order, hands, cards, masks, rs) in [
        ("in_order", &in_order, &cards_in_order, &masks_in_order, &rs_in_order),
        ("shuffled", &mixed, &cards_mixed, &masks_mixed, &rs_mixed),
    ] {
        g.bench_function(format!("eval5_batch_cards/{order}"), |b| {
            b.iter(|| {
                eval.eval5_batch(black_box(cards), &mut out).unwrap();
                black_box(&out);
            })
        });
        g.bench_function(format!("codes_1_thread/{order}"), |b| {
            b.iter(|| {
                one.eval5(&eval, black_box(hands), &mut out).unwrap();
                black_box(&out);
            })
        });
        g.bench_function(format!("codes_2_threads/{order}"), |b| {
            b.iter(|| {
                two.eval5(&eval, black_box(hands), &mut out).unwrap();
                black_box(&out);
            })
        });
        g.bench_function(format!("masks_1_thread/{order}"), |b| {
            b.iter(|| {
                one.eval5_masks(&eval, black_box(masks), &mut out).unwrap();
                black_box(&out);
            })
        });
        g.bench_function(format!("rs_poker/{order}"), |b| b.iter(|| theirs(black_box(rs))));
    }
    g.finish();
}

fn arrange(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(0xA77);
    let hands: Vec<[u8; 13]> = (0..200)
        .map(|_| {
            let mut deck: Vec<u8> = (0..52).collect();
            deck.shuffle(&mut rng);
            deck[..13].try_into().unwrap()
        })
        .collect();
    let arranger = Arranger::new(&Rules::classic(), 4).unwrap();
    let mut out = vec![[0u8; 13]; hands.len()];
    let mut g = c.benchmark_group("batch_arrange_200");
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(5));
    g.bench_function("arrange_one_by_one", |b| {
        b.iter(|| {
            for (h, o) in hands.iter().zip(out.iter_mut()) {
                let cards: Vec<Card> = h.iter().map(|&c| Card::from_code(c).unwrap()).collect();
                *o = arranger.arrange(&cards).unwrap().arrangement.cards().map(Card::code);
            }
            black_box(&out);
        })
    });
    for threads in [1, 2] {
        g.bench_function(format!("batch_{threads}_thread"), |b| {
            b.iter(|| {
                Batch::new().threads(threads).arrange(&arranger, black_box(&hands), &mut out).unwrap();
                black_box(&out);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, five, arrange);
criterion_main!(benches);
