//! Special-hand detection (RULES.md §6) on random 13-card hands, per preset.
//!
//! Run: `cargo bench -p shisanshui-benches --bench special`. Figures are in `BENCHMARKS.md`.
//! Hands are dealt before timing from a seeded ChaCha generator. Each iteration runs full
//! detection (input checks, every special, the `Vec` of results, the arrangement when the best
//! special is a three-piece one) on every hand and folds the answers into a checksum that goes
//! through `black_box`. Throughput is in hands, so criterion's time / 4,096 is the time per hand.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shisanshui::special::SpecialDetector;
use shisanshui::{detect_special, Card, Preset, Rules};

const HANDS: usize = 4096;

fn random_hands(seed: u64) -> Vec<[Card; 13]> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<Card> = (0..52).map(|c| Card::from_code(c).unwrap()).collect();
    (0..HANDS)
        .map(|_| {
            deck.shuffle(&mut rng);
            deck[..13].try_into().unwrap()
        })
        .collect()
}

fn configure(g: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    g.throughput(Throughput::Elements(HANDS as u64));
    g.sample_size(50);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
}

fn detect_all(d: &SpecialDetector, hands: &[[Card; 13]]) -> usize {
    hands.iter().fold(0, |acc, h| {
        let found = d.detect(h).unwrap();
        acc + found.all.len() + found.arrangement.is_some() as usize
    })
}

fn random(c: &mut Criterion) {
    let hands = random_hands(0x005E_ED13);
    let mut g = c.benchmark_group("special_random_4096");
    configure(&mut g);
    for preset in Preset::ALL {
        let d = SpecialDetector::new(&Rules::preset(preset)).unwrap();
        g.bench_function(format!("detector/{preset}"), |b| b.iter(|| detect_all(black_box(&d), black_box(&hands))));
    }
    // Strict order: three-piece specials that pass the bitmask test are confirmed by a search.
    let strict = SpecialDetector::new(&Rules { strict_order: true, ..Rules::classic() }).unwrap();
    g.bench_function("detector/classic+strict", |b| b.iter(|| detect_all(black_box(&strict), black_box(&hands))));
    // The one-call form, which prepares the rule set on every hand.
    let classic = Rules::classic();
    g.bench_function("detect_special/classic", |b| {
        b.iter(|| {
            black_box(&hands).iter().fold(0, |acc, h| acc + detect_special(h, black_box(&classic)).unwrap().all.len())
        })
    });
    // The allocation-free core: the bit set of qualifying specials.
    let d = SpecialDetector::new(&classic).unwrap();
    let sets: Vec<shisanshui::CardSet> = hands.iter().map(|h| h.iter().collect()).collect();
    g.bench_function("qualifying_bits/classic", |b| {
        b.iter(|| black_box(&sets).iter().fold(0u32, |acc, &s| acc.wrapping_add(d.qualifying_bits(s) as u32)))
    });
    g.finish();
}

/// Hands that do make a special: the cost when detection has to build the answer (and, for
/// three-piece specials, search for the arrangement).
fn with_specials(c: &mut Criterion) {
    let classic = SpecialDetector::new(&Rules::classic()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0x005E_ED14);
    let mut deck: Vec<Card> = (0..52).map(|c| Card::from_code(c).unwrap()).collect();
    // Deal from two suits only: flush splits and one-colour hands are common there.
    let mut hands = Vec::new();
    while hands.len() < HANDS {
        deck.shuffle(&mut rng);
        let two_suits: Vec<Card> = deck.iter().copied().filter(|c| (c.suit() as u8) < 2).take(13).collect();
        let h: [Card; 13] = two_suits.try_into().unwrap();
        if classic.detect(&h).unwrap().best.is_some() {
            hands.push(h);
        }
    }
    let mut g = c.benchmark_group("special_two_suit_hands_with_a_special_4096");
    configure(&mut g);
    g.bench_function("detector/classic", |b| b.iter(|| detect_all(black_box(&classic), black_box(&hands))));
    g.finish();
}

criterion_group!(benches, random, with_specials);
criterion_main!(benches);
