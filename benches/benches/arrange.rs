//! Auto-arrangement, dealing and the baselines.
//!
//! Run: `cargo bench -p shisanshui-benches --bench arrange`. Figures are in `BENCHMARKS.md`.
//!
//! - `arrange/random`: `Arranger::arrange` on 1,000 seeded random hands per iteration, per
//!   preset and table size (the time per element is the mean per hand), and for the formats of
//!   banker tables (each role) and 2-4 scoring (`chinese_poker`);
//! - `arrange/hard`: one constructed hard hand per benchmark (many pairs, trips, straights, long
//!   suits), so the worst cases are visible by name, under the same kinds of table;
//! - `arrange/exact_vs_exhaustive`: the branch-and-bound search against the plain 72,072-split
//!   enumeration on the same 20 hands (same objective, same answers);
//! - `arrange/baselines`: the greedy and product-of-ranks players on the same hands;
//! - `arrange/suggest`: five suggestions per hand;
//! - `arrange/big_tables`: hands dealt at big tables (RULES.md §11: 5, 6 and 8 seats with one,
//!   two and four extra suits), all of them and those holding copies alone, a constructed hand
//!   (`five_kinds_and_pairs`) and the slowest dealt hand found (`slowest_dealt`);
//! - `deal`: shuffling and dealing four hands;
//! - `arrange/card_removal`: the random hands with card removal on (the default) and off.
//!
//! Inputs are built before timing; every result goes through `black_box`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use shisanshui::arrange::search::{self, HandSubsets};
use shisanshui::arrange::strength::Strength;
use shisanshui::arrange::{baseline, Arranger, Role};
use shisanshui::deal::Dealer;
use shisanshui::{parse_cards, Card, Preset, Rules, Table};

fn hands(n: usize) -> Vec<[Card; 13]> {
    let mut d = Dealer::from_seed(0xBE7C);
    let mut out = Vec::new();
    while out.len() < n {
        out.extend(d.deal_four());
    }
    out.truncate(n);
    out
}

/// Hard hands for the search: many pairs and trips (many near-equal splits), long straights
/// and suits (many strong five-card hands to choose from).
const HARD: [(&str, &str); 13] = [
    ("six_pairs", "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 8c"),
    ("four_trips", "2c 2d 2h 3c 3d 3h 4c 4d 4h 5c 5d 5h 6c"),
    ("three_trips_royal", "Ac Ad Ah Kc Kd Kh Qc Qd Qh Jc Jd Jh Tc"),
    ("ladder_pairs", "4c 4d 5c 5d 6c 6h 7c 7h 8c 8s 9d 9h Tc"),
    ("three_runs", "6c 7c 8c 9c Tc 6d 7d 8d 9d Td 6h 7h 8h"),
    ("thirteen_ranks", "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"),
    ("twelve_hearts", "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh 2s"),
    ("two_suits", "3c 4c 5c 6c 7c 8c 9c Tc Jd Qd Kd Ad 2d"),
    // Found by hill-climbing on the search's work (`search_diagnostics hardest`, tools/examples).
    ("climbed_classic", "2s 3c 4h 6d 7s 8c 9c Jc Qd Kd Ks Ah As"),
    ("climbed_kx", "2h 3s 4d 6d 7c 8d 9h Jh Qc Ks Ad Ah As"),
    ("climbed_hk", "2h 3d 4h 6d 7s 8d 9c Js Qs Kc Ad Ah As"),
    // The slowest of 20,000 random hands (`search_diagnostics slowest`, tools/examples).
    ("slowest_random", "2h 3d 4h 6c 7d 8c 9d Js Qc Kd Kh Ac Ah"),
    // The slowest of 50,000 random hands by the per-hand report of `sss-tournament speed`.
    ("slowest_random_50k", "2s 3s 4h 6h 7c 8h 9c Jd Qs Qd Ks Ah Ad"),
];

fn configure(g: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    g.sample_size(30);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(4));
}

fn random(c: &mut Criterion) {
    let hs = hands(1000);
    let mut g = c.benchmark_group("arrange/random");
    configure(&mut g);
    g.throughput(Throughput::Elements(hs.len() as u64));
    for (preset, players) in
        [(Preset::Classic, 4), (Preset::Classic, 2), (Preset::Kx, 4), (Preset::Ranked, 4), (Preset::Hk, 2)]
    {
        let a = Arranger::new(&Rules::preset(preset), players).unwrap();
        g.bench_function(format!("{preset}_{players}p"), |b| {
            b.iter(|| {
                let mut acc = 0.0;
                for h in &hs {
                    acc += a.arrange(black_box(h)).unwrap().expected_water;
                }
                black_box(acc)
            })
        });
    }
    for (name, a) in new_formats() {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut acc = 0.0;
                for h in &hs {
                    acc += a.arrange(black_box(h)).unwrap().expected_water;
                }
                black_box(acc)
            })
        });
    }
    g.finish();
}

fn hard(c: &mut Criterion) {
    let mut g = c.benchmark_group("arrange/hard");
    configure(&mut g);
    // Ranked heads-up is where the near-tied hands cost most (its shots are priced largest).
    let mut arrangers: Vec<(String, Arranger)> =
        [(Preset::Classic, 4), (Preset::Kx, 4), (Preset::Hk, 4), (Preset::Ranked, 2)]
            .into_iter()
            .map(|(preset, players)| {
                (format!("{preset}_{players}p"), Arranger::new(&Rules::preset(preset), players).unwrap())
            })
            .collect();
    arrangers.extend(new_formats());
    for (config, a) in &arrangers {
        for (name, text) in HARD {
            let cards = parse_cards(text).unwrap();
            g.bench_function(format!("{config}/{name}"), |b| b.iter(|| a.arrange(black_box(&cards)).unwrap()));
        }
    }
    g.finish();
}

/// The arrangers of the formats beyond all pairs: 2-4 scoring heads-up and at four seats, and
/// banker tables of four in each role (classic: home runs, which only the banker makes; kx:
/// shots ×2 and a home run at four seats).
fn new_formats() -> Vec<(String, Arranger)> {
    let mut out = Vec::new();
    for players in [2, 4] {
        out.push((format!("chinese_poker_{players}p"), Arranger::for_preset("chinese_poker", players).unwrap()));
    }
    for preset in [Preset::Classic, Preset::Kx] {
        let mut rules = Rules::preset(preset);
        rules.table = Table::Banker;
        for role in Role::ALL {
            out.push((format!("{preset}_banker_4p_{role}"), Arranger::new_for(&rules, 4, role).unwrap()));
        }
    }
    out
}

fn exact_vs_exhaustive(c: &mut Criterion) {
    let rules = Rules::classic();
    let a = Arranger::new(&rules, 4).unwrap();
    let st = Strength::get(rules.wheel);
    let subsets: Vec<HandSubsets> = hands(20).iter().map(|h| HandSubsets::new(st, h.map(|c| c.code()))).collect();
    let mut g = c.benchmark_group("arrange/exact_vs_exhaustive");
    configure(&mut g);
    g.throughput(Throughput::Elements(subsets.len() as u64));
    g.bench_function("branch_and_bound", |b| {
        b.iter(|| subsets.iter().map(|h| search::best(a.objective(), st, black_box(h), false, None).ev).sum::<f64>())
    });
    g.bench_function("exhaustive", |b| {
        b.iter(|| subsets.iter().map(|h| search::exhaustive(a.objective(), st, black_box(h), false).ev).sum::<f64>())
    });
    g.finish();
}

fn baselines(c: &mut Criterion) {
    let rules = Rules::classic();
    let st = Strength::get(rules.wheel);
    let hs = hands(200);
    let mut g = c.benchmark_group("arrange/baselines");
    configure(&mut g);
    g.throughput(Throughput::Elements(hs.len() as u64));
    g.bench_function("greedy", |b| {
        b.iter(|| {
            hs.iter()
                .map(|h| {
                    baseline::greedy(&HandSubsets::new(st, black_box(h).map(|c| c.code())), st, false).ordinals[2]
                        as u64
                })
                .sum::<u64>()
        })
    });
    g.bench_function("product", |b| {
        b.iter(|| {
            hs.iter()
                .map(|h| {
                    baseline::product(&HandSubsets::new(st, black_box(h).map(|c| c.code())), st, false).ordinals[2]
                        as u64
                })
                .sum::<u64>()
        })
    });
    g.finish();
}

fn suggest(c: &mut Criterion) {
    let a = Arranger::new(&Rules::classic(), 4).unwrap();
    let hs = hands(50);
    let mut g = c.benchmark_group("arrange/suggest");
    configure(&mut g);
    g.throughput(Throughput::Elements(hs.len() as u64));
    g.bench_function("classic_4p_n5", |b| {
        b.iter(|| hs.iter().map(|h| a.suggest(black_box(h), 5).unwrap().len()).sum::<usize>())
    });
    g.finish();
}

fn deal(c: &mut Criterion) {
    let mut g = c.benchmark_group("deal");
    configure(&mut g);
    g.throughput(Throughput::Elements(1));
    let mut d = Dealer::from_seed(1);
    g.bench_function("four_hands_stream", |b| b.iter(|| black_box(d.deal_four())));
    g.bench_function("seeded_deal_fn", |b| b.iter(|| shisanshui::deal::deal(4, Some(black_box(7))).unwrap()));
    g.finish();
}

/// Big tables (RULES.md §11): the deal's hands of 300 seeded rounds, all and those with copies.
fn big_tables(c: &mut Criterion) {
    let mut g = c.benchmark_group("arrange/big_tables");
    configure(&mut g);
    for (preset, extra, players) in
        [(Preset::Classic, "dchs", 8), (Preset::Kx, "dchs", 8), (Preset::Classic, "sh", 6), (Preset::Classic, "s", 5)]
    {
        let rules = Rules { extra_suits: extra.parse().unwrap(), ..Rules::preset(preset) };
        let a = Arranger::new(&rules, players).unwrap();
        let all: Vec<[Card; 13]> =
            (0..300u64).flat_map(|seed| shisanshui::deal::deal_for(&rules, players, Some(seed)).unwrap()).collect();
        let copies: Vec<[Card; 13]> =
            all.iter().copied().filter(|h| h.iter().fold(0u64, |m, c| m | 1 << c.code()).count_ones() != 13).collect();
        for (what, hs) in [("all", &all), ("copies", &copies)] {
            g.throughput(Throughput::Elements(hs.len() as u64));
            g.bench_function(format!("{preset}_{extra}_{players}p/{what}"), |b| {
                b.iter(|| {
                    let mut acc = 0.0;
                    for h in hs.iter() {
                        acc += a.arrange(black_box(h)).unwrap().expected_water;
                    }
                    black_box(acc)
                })
            });
        }
    }
    let rules = Rules { extra_suits: shisanshui::SuitSet::ALL, ..Rules::classic() };
    let a = Arranger::new(&rules, 8).unwrap();
    let hard = shisanshui::parse_cards_in("As As Ah Ah Kd Kd Kc 9s 9s 9h 5c 5c 2d", rules.extra_suits).unwrap();
    g.throughput(Throughput::Elements(1));
    g.bench_function("classic_dchs_8p/five_kinds_and_pairs", |b| b.iter(|| a.arrange(black_box(&hard)).unwrap()));
    // The slowest dealt hand of the classic and kx rows before the copies search's bounds
    // (tools/examples/big_table_speed: one pair of copies in a weak hand).
    let slow = shisanshui::parse_cards_in("6d 4h Kd 9c Jd 7d 3c 4h 8s Ac 6h 2s Qs", rules.extra_suits).unwrap();
    g.bench_function("classic_dchs_8p/slowest_dealt", |b| b.iter(|| a.arrange(black_box(&slow)).unwrap()));
    g.finish();
}

/// Card removal's cost: the same hands arranged with it (the default) and without it, in one
/// run, at the tables BENCHMARKS.md reports.
fn card_removal(c: &mut Criterion) {
    let hs = hands(1000);
    let mut g = c.benchmark_group("arrange/card_removal");
    configure(&mut g);
    g.throughput(Throughput::Elements(hs.len() as u64));
    for (preset, players) in [(Preset::Classic, 4), (Preset::Classic, 2), (Preset::Kx, 4), (Preset::Ranked, 4)] {
        let on = Arranger::new(&Rules::preset(preset), players).unwrap();
        let off = on.clone().with_card_removal(false);
        for (what, a) in [("on", &on), ("off", &off)] {
            g.bench_function(format!("{preset}_{players}p/{what}"), |b| {
                b.iter(|| {
                    let mut acc = 0.0;
                    for h in &hs {
                        acc += a.arrange(black_box(h)).unwrap().expected_water;
                    }
                    black_box(acc)
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, random, hard, exact_vs_exhaustive, baselines, suggest, big_tables, deal, card_removal);
criterion_main!(benches);
