//! Wild jokers (RULES.md §12): a lane's best value with the cards its jokers stand for, beside the
//! same lanes' natural cards evaluated without jokers in the same group, and auto-arranging hands
//! dealt from a deck with two jokers, and detecting the specials of hands holding jokers.
//!
//! Run: `cargo bench -p shisanshui-benches --bench jokers`. Figures are in `BENCHMARKS.md`.
//! Inputs are built before timing: 4,096 lanes a row, drawn from a seeded ChaCha8 shuffle; each
//! iteration values every lane once and folds the values into a `black_box`ed checksum.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shisanshui::deal::Dealer;
use shisanshui::{Arranger, Card, Evaluator, Rules, SpecialDetector, Wheel};

const LANES: usize = 4096;

/// `LANES` lanes of `N` cards, `jokers` of them jokers at random places, the rest from one deck.
fn lanes<const N: usize>(jokers: usize, seed: u64) -> Vec<[Card; N]> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<Card> = (0..52).map(|c| Card::from_code(c).unwrap()).collect();
    (0..LANES)
        .map(|_| {
            deck.shuffle(&mut rng);
            let mut lane: [Card; N] = std::array::from_fn(|i| deck[i]);
            for (j, slot) in lane.iter_mut().take(jokers).enumerate() {
                *slot = if j % 2 == 0 { Card::SMALL_JOKER } else { Card::BIG_JOKER };
            }
            lane.shuffle(&mut rng);
            lane
        })
        .collect()
}

fn configure(g: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>, n: usize) {
    g.throughput(Throughput::Elements(n as u64));
    g.sample_size(30);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
}

fn evaluation(c: &mut Criterion) {
    let mut g = c.benchmark_group("jokers_eval");
    configure(&mut g, LANES);
    for (name, eval) in [
        ("classic", Evaluator::with_options(Wheel::SecondHighest, false)),
        ("hk", Evaluator::with_options(Wheel::Lowest, true)),
    ] {
        for jokers in [1, 2] {
            let five = lanes::<5>(jokers, 7 + jokers as u64);
            g.bench_function(format!("five_{jokers}_joker/{name}"), |b| {
                b.iter(|| five.iter().fold(0u32, |acc, l| acc.wrapping_add(eval.eval5_jokers(black_box(l)).1.value())))
            });
        }
        let three = lanes::<3>(1, 3);
        g.bench_function(format!("three_1_joker/{name}"), |b| {
            b.iter(|| three.iter().fold(0u32, |acc, l| acc.wrapping_add(eval.eval3_jokers(black_box(l)).1.value())))
        });
        // Peers in the same run: lanes without jokers through the same call and through `eval5`.
        let plain = lanes::<5>(0, 11);
        g.bench_function(format!("five_no_joker_eval5_jokers/{name}"), |b| {
            b.iter(|| plain.iter().fold(0u32, |acc, l| acc.wrapping_add(eval.eval5_jokers(black_box(l)).1.value())))
        });
        g.bench_function(format!("five_no_joker_eval5/{name}"), |b| {
            b.iter(|| plain.iter().fold(0u32, |acc, l| acc.wrapping_add(eval.eval5(black_box(l)).value())))
        });
    }
    g.finish();
}

fn arrangement(c: &mut Criterion) {
    let mut g = c.benchmark_group("jokers_arrange");
    let mut rules = Rules::classic();
    rules.jokers = 2;
    let mut dealer = Dealer::from_seed(0x10_4E55);
    let dealt: Vec<Vec<Card>> = (0..64).flat_map(|_| dealer.deal_for(&rules, 4).unwrap()).map(|h| h.to_vec()).collect();
    let with: Vec<Vec<Card>> = dealt.iter().filter(|h| h.iter().any(|c| c.is_joker())).cloned().collect();
    let arranger = Arranger::new(&rules, 4).unwrap();
    configure(&mut g, dealt.len());
    g.sample_size(10);
    g.bench_function("dealt_hands/classic_2_jokers_4_seats", |b| {
        b.iter(|| dealt.iter().fold(0f64, |acc, h| acc + arranger.arrange(black_box(h)).unwrap().expected_water))
    });
    configure(&mut g, with.len());
    g.sample_size(10);
    g.bench_function("hands_holding_a_joker/classic_2_jokers_4_seats", |b| {
        b.iter(|| with.iter().fold(0f64, |acc, h| acc + arranger.arrange(black_box(h)).unwrap().expected_water))
    });
    g.finish();
}

/// Special detection of dealt hands holding a joker with `jokers_in_specials` on, beside the same
/// count of dealt hands without jokers under the same rule set.
fn specials(c: &mut Criterion) {
    let mut g = c.benchmark_group("jokers_specials");
    let mut rules = Rules::classic();
    rules.jokers = 2;
    rules.jokers_in_specials = true;
    let mut dealer = Dealer::from_seed(0x5BEC_1A15);
    let dealt: Vec<Vec<Card>> =
        (0..256).flat_map(|_| dealer.deal_for(&rules, 4).unwrap()).map(|h| h.to_vec()).collect();
    let (with, without): (Vec<Vec<Card>>, Vec<Vec<Card>>) =
        dealt.into_iter().partition(|h| h.iter().any(|c| c.is_joker()));
    let detector = SpecialDetector::new(&rules).unwrap();
    for (name, hands) in [("hands_holding_a_joker", &with), ("hands_without_jokers", &without)] {
        configure(&mut g, hands.len());
        g.bench_function(format!("{name}/classic_2_jokers"), |b| {
            b.iter(|| hands.iter().filter(|h| detector.detect(black_box(h)).unwrap().best.is_some()).count())
        });
    }
    g.finish();
}

criterion_group!(benches, evaluation, arrangement, specials);
criterion_main!(benches);
