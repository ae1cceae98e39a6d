//! Settling a round: 4-player tables in water, one round per iteration, and the money step.
//!
//! Run: `cargo bench -p shisanshui-benches --bench settle`. Figures are in `BENCHMARKS.md`.
//! The tables are real deals made before timing: a seeded ChaCha shuffle of the deck, four
//! hands of 13, each arranged as the first legal split of a few random tries (so most seats are
//! legal and some foul, as at a real table). Each iteration settles the next table of the set,
//! so the branch predictor cannot learn one round.
//!
//! Peers in one group: the one-shot `settle()` (validates the rule set each call), a prepared
//! `Settler` returning a fresh `Settlement`, and `Settler::settle_into` reusing one.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shisanshui::money::{settle_money, Rake, Stakes};
use shisanshui::settle::{settle, PlayerHand, Settlement, Settler, Water};
use shisanshui::{parse_cards, Arrangement, Card, Evaluator, Preset, Rules, Special};

const TABLES: usize = 1024;

fn deck() -> Vec<Card> {
    (0..52u8).map(|c| Card::from_code(c).unwrap()).collect()
}

fn arrange(cards: &mut [Card], rules: &Rules, rng: &mut ChaCha8Rng) -> Arrangement {
    let mut a = Arrangement::from_cards(cards).unwrap();
    for _ in 0..30 {
        cards.shuffle(rng);
        a = Arrangement::from_cards(cards).unwrap();
        if !a.evaluate(rules).foul.is_foul() {
            break;
        }
    }
    a
}

/// `TABLES` four-player tables of arranged hands.
fn tables(rules: &Rules, seed: u64) -> Vec<Vec<PlayerHand>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..TABLES)
        .map(|_| {
            let mut d = deck();
            d.shuffle(&mut rng);
            d.chunks_mut(13).map(|c| PlayerHand::Arranged(arrange(c, rules, &mut rng))).collect()
        })
        .collect()
}

/// Tables where seat 0 declares six pairs and the three others play lanes.
fn tables_with_special(rules: &Rules, seed: u64) -> Vec<Vec<PlayerHand>> {
    let six_pairs = parse_cards("2d 2c 3s 3c 5s 5d 7s 7c 9s 9d Js Jc 4s").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..TABLES)
        .map(|_| {
            let mut rest: Vec<Card> = deck().into_iter().filter(|c| !six_pairs.contains(c)).collect();
            rest.shuffle(&mut rng);
            let mut t = vec![PlayerHand::special(Special::SixPairs, &six_pairs).unwrap()];
            t.extend(rest.chunks_mut(13).map(|c| PlayerHand::Arranged(arrange(c, rules, &mut rng))));
            t
        })
        .collect()
}

fn configure(g: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    g.throughput(Throughput::Elements(1));
    g.sample_size(50);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
}

fn four_players(c: &mut Criterion) {
    let mut g = c.benchmark_group("settle_4_players_water");
    configure(&mut g);
    for preset in [Preset::Classic, Preset::Ranked, Preset::Hk] {
        let rules = Rules::preset(preset);
        let set = tables(&rules, 0x005E_771E);
        let settler = Settler::new(&rules).unwrap();
        let name = preset.name();
        if preset == Preset::Classic {
            let mut i = 0;
            g.bench_function(format!("settle_fn/{name}"), |b| {
                b.iter(|| {
                    i = (i + 1) % TABLES;
                    settle(black_box(&set[i]), black_box(&rules)).unwrap()
                })
            });
            let mut i = 0;
            g.bench_function(format!("settler/{name}"), |b| {
                b.iter(|| {
                    i = (i + 1) % TABLES;
                    settler.settle(black_box(&set[i])).unwrap()
                })
            });
        }
        if preset == Preset::Classic {
            // The floor: evaluating the four arrangements and their foul checks, nothing else.
            let eval = Evaluator::new(&rules);
            let arranged: Vec<[Arrangement; 4]> = set
                .iter()
                .map(|t| {
                    let a: Vec<Arrangement> = t
                        .iter()
                        .map(|h| match h {
                            PlayerHand::Arranged(a) => *a,
                            _ => unreachable!(),
                        })
                        .collect();
                    [a[0], a[1], a[2], a[3]]
                })
                .collect();
            let mut i = 0;
            g.bench_function(format!("evaluate_only/{name}"), |b| {
                b.iter(|| {
                    i = (i + 1) % TABLES;
                    black_box(&arranged[i]).map(|a| a.evaluate_with(&eval, false))
                })
            });
        }
        let mut out = Settlement::default();
        let mut i = 0;
        g.bench_function(format!("settle_into/{name}"), |b| {
            b.iter(|| {
                i = (i + 1) % TABLES;
                settler.settle_into(black_box(&set[i]), &mut out).unwrap();
                black_box(out.totals[0])
            })
        });
    }
    g.finish();

    // A declared special costs its detection (special::detect) on top.
    let mut g = c.benchmark_group("settle_4_players_one_special");
    configure(&mut g);
    let rules = Rules::classic();
    let set = tables_with_special(&rules, 0x005E_771F);
    let settler = Settler::new(&rules).unwrap();
    let mut out = Settlement::default();
    let mut i = 0;
    g.bench_function("settle_into/classic", |b| {
        b.iter(|| {
            i = (i + 1) % TABLES;
            settler.settle_into(black_box(&set[i]), &mut out).unwrap();
            black_box(out.totals[0])
        })
    });
    g.finish();
}

fn money(c: &mut Criterion) {
    let mut g = c.benchmark_group("settle_money_4_players");
    configure(&mut g);
    let rules = Rules::classic();
    let settler = Settler::new(&rules).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0x3003);
    let water: Vec<Vec<Water>> =
        tables(&rules, 0x005E_7720).iter().map(|t| settler.settle(t).unwrap().totals).collect();
    let stakes: Vec<Stakes> = (0..TABLES)
        .map(|_| Stakes {
            base: 100,
            carries: Some((0..4).map(|_| rng.gen_range(0..5_000)).collect()),
            rake: Rake::percent(5),
        })
        .collect();
    let mut i = 0;
    g.bench_function("carry_cap_and_rake", |b| {
        b.iter(|| {
            i = (i + 1) % TABLES;
            settle_money(black_box(&water[i]), black_box(&stakes[i])).unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, four_players, money);
criterion_main!(benches);
