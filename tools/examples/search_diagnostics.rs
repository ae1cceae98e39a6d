//! Diagnostics of the arranger's exact search: how much work it does and where its time goes.
//! They print, and check nothing (the checks are `core/tests/arrange_search.rs`); speed is
//! measured by the criterion benchmarks and these, never asserted.
//!
//! `cargo run --release -p shisanshui-tools --example search_diagnostics -- WHAT`, WHAT one of
//! `work`, `hard`, `timing`, `hardest`, `one`, `slowest` (`timing` and `slowest` read `HANDS`).

use shisanshui::arrange::search::{self, HandSubsets, Stats};
use shisanshui::arrange::strength::Strength;
use shisanshui::arrange::Objective;
use shisanshui::deal::Dealer;
use shisanshui::{Card, Preset, Rules};

fn codes(hand: &[Card; 13]) -> [u8; 13] {
    std::array::from_fn(|i| hand[i].code())
}

/// The preset whose committed field `preset`'s arranger uses: itself, or (a preset whose field
/// is not trained yet) its nearest trained neighbour.
fn trained(preset: Preset) -> Preset {
    shisanshui::arrange::nearest_preset(&Rules::preset(preset))
}

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    match what.as_str() {
        "work" => search_work_profile(),
        "hard" => search_work_hard_hands(),
        "timing" => timing_breakdown(),
        "hardest" => hardest_hands(),
        "one" => one_hard_hand(),
        "slowest" => slowest_random_hands(),
        _ => {
            eprintln!("usage: search_diagnostics work|hard|timing|hardest|one|slowest");
            std::process::exit(2);
        }
    }
}

/// Diagnostics, not checks: how much work the search does.
fn search_work_profile() {
    for players in [2usize, 4] {
        let field = shisanshui::arrange::model_tables::field(Preset::Classic, players).unwrap();
        let rules = Rules::classic();
        let obj = Objective::new(field, &rules, players);
        let st = Strength::get(rules.wheel);
        let mut dealer = Dealer::from_seed(5);
        let mut stats = Stats::default();
        for _ in 0..2000 {
            for hand in dealer.deal_four() {
                let h = HandSubsets::new(st, codes(&hand));
                search::best(&obj, st, &h, false, Some(&mut stats));
            }
        }
        let n = stats.hands as f64;
        eprintln!(
            "{players}p: screened {:.0} loose {:.0} visited {:.0} evaluated {:.0}",
            stats.screened as f64 / n,
            stats.loose as f64 / n,
            stats.backs as f64 / n,
            stats.splits as f64 / n
        );
    }
}

/// Diagnostics: the search's work on constructed hard hands.
fn search_work_hard_hands() {
    let field = shisanshui::arrange::model_tables::field(Preset::Classic, 4).unwrap();
    let rules = Rules::classic();
    let obj = Objective::new(field, &rules, 4);
    let st = Strength::get(rules.wheel);
    for text in [
        "Ac Ad Ah Kc Kd Kh Qc Qd Qh Jc Jd Jh Tc",
        "2c 2d 2h 3c 3d 3h 4c 4d 4h 5c 5d 5h 6c",
        "6c 7c 8c 9c Tc 6d 7d 8d 9d Td 6h 7h 8h",
        "2h 3s 4d 6d 7c 8d 9h Jh Qc Ks Ad Ah As",
        "2s 3c 4h 6d 7s 8c 9c Jc Qd Kd Ks Ah As",
    ] {
        let cards = shisanshui::parse_cards(text).unwrap();
        let h = HandSubsets::new(st, std::array::from_fn(|i| cards[i].code()));
        let mut stats = Stats::default();
        let b = search::best(&obj, st, &h, false, Some(&mut stats));
        eprintln!("{text}: {stats:?} ev {:.3} ords {:?}", b.ev, b.ordinals);
    }
}

/// Diagnostics: subset ordinals against search time (`HANDS=n`); speed is measured by the
/// criterion benchmark, never asserted.
fn timing_breakdown() {
    let rules = Rules::classic();
    let st = Strength::get(rules.wheel);
    let mut dealer = Dealer::from_seed(5);
    let n: usize = std::env::var("HANDS").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000);
    let hands: Vec<[u8; 13]> = (0..n / 4).flat_map(|_| dealer.deal_four()).map(|h| codes(&h)).collect();
    let t = std::time::Instant::now();
    let subs: Vec<HandSubsets> = hands.iter().map(|c| HandSubsets::new(st, *c)).collect();
    let t_sub = t.elapsed().as_secs_f64() / hands.len() as f64 * 1e6;
    for players in [2usize, 4] {
        let field = shisanshui::arrange::model_tables::field(Preset::Classic, players).unwrap();
        let obj = Objective::new(field, &rules, players);
        let t = std::time::Instant::now();
        let mut acc = 0.0;
        for h in &subs {
            acc += search::best(&obj, st, h, false, None).ev;
        }
        let t_search = t.elapsed().as_secs_f64() / hands.len() as f64 * 1e6;
        eprintln!("{players}p: subsets {t_sub:.2} µs, search {t_search:.2} µs ({acc:.1})");
    }
}

/// Diagnostics: hill-climb towards hands that make the search work hardest (more backs
/// searched, more exact sweep values) under each preset at four seats, and print them; the
/// worst are timed by `sss-tournament speed` and the `arrange/hard` benchmark.
fn hardest_hands() {
    let cost = |s: &Stats| s.backs * 56 + s.splits * 10 + s.loose;
    for preset in Preset::ALL {
        let rules = Rules::preset(preset);
        let st = Strength::get(rules.wheel);
        let field = shisanshui::arrange::model_tables::field(trained(preset), 4).unwrap();
        let obj = Objective::new(field, &rules, 4);
        let mut rng = Dealer::from_seed(99);
        let mut worst: Vec<(u64, [u8; 13])> = Vec::new();
        for _ in 0..30 {
            let mut hand = codes(&rng.deal_four()[0]);
            let measure = |hand: &[u8; 13]| {
                let mut s = Stats::default();
                search::best(&obj, st, &HandSubsets::new(st, *hand), false, Some(&mut s));
                cost(&s)
            };
            let mut c = measure(&hand);
            for _ in 0..300 {
                // Swap one card for one not in the hand.
                let mut next = hand;
                let i = (rng.next_word() % 13) as usize;
                let card = (rng.next_word() % 52) as u8;
                if hand.contains(&card) {
                    continue;
                }
                next[i] = card;
                let nc = measure(&next);
                if nc >= c {
                    (hand, c) = (next, nc);
                }
            }
            worst.push((c, hand));
        }
        worst.sort();
        for (c, h) in worst.iter().rev().take(3) {
            let mut cards: Vec<Card> = h.iter().map(|&x| Card::from_code(x).unwrap()).collect();
            cards.sort();
            eprintln!("{preset}: cost {c}: {}", shisanshui::format_cards(&cards));
        }
    }
}

/// Diagnostics: one hard hand searched repeatedly (for a profiler).
fn one_hard_hand() {
    let rules = Rules::preset(Preset::Kx);
    let st = Strength::get(rules.wheel);
    let obj = Objective::new(shisanshui::arrange::model_tables::field(Preset::Kx, 4).unwrap(), &rules, 4);
    let cards = shisanshui::parse_cards("2h 3s 4d 6d 7c 8d 9h Jh Qc Ks Ad Ah As").unwrap();
    let h = HandSubsets::new(st, std::array::from_fn(|i| cards[i].code()));
    let mut stats = Stats::default();
    for _ in 0..200 {
        search::best(&obj, st, &h, false, Some(&mut stats));
    }
    eprintln!("{stats:?}");
}

/// Diagnostics: the slowest of `HANDS` random hands (default 20,000) at four seats under classic
/// and kx, each timed alone (best of two calls), with the search's work counters — where the
/// tail of the time distribution comes from. Speed is measured, never asserted.
fn slowest_random_hands() {
    let n: usize = std::env::var("HANDS").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000);
    for preset in [Preset::Classic, Preset::Kx] {
        let rules = Rules::preset(preset);
        let st = Strength::get(rules.wheel);
        let obj = Objective::new(shisanshui::arrange::model_tables::field(trained(preset), 4).unwrap(), &rules, 4);
        let mut dealer = Dealer::from_seed(1234);
        let mut timed = vec![];
        for _ in 0..n / 4 {
            for hand in dealer.deal_four() {
                let codes = codes(&hand);
                let mut fastest = f64::INFINITY;
                let mut stats = Stats::default();
                for _ in 0..2 {
                    let t = std::time::Instant::now();
                    let h = HandSubsets::new(st, codes);
                    stats = Stats::default();
                    std::hint::black_box(search::best(&obj, st, &h, false, Some(&mut stats)));
                    fastest = fastest.min(t.elapsed().as_secs_f64() * 1e6);
                }
                timed.push((fastest, codes, stats));
            }
        }
        timed.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mean = timed.iter().map(|r| r.0).sum::<f64>() / timed.len() as f64;
        eprintln!(
            "{preset}: mean {mean:.1} µs, p99 {:.1}, p99.9 {:.1}",
            timed[timed.len() / 100].0,
            timed[timed.len() / 1000].0
        );
        for (t, codes, s) in timed.iter().take(5) {
            let mut cards: Vec<Card> = codes.iter().map(|&c| Card::from_code(c).unwrap()).collect();
            cards.sort();
            eprintln!("  {t:.1} µs {} {s:?}", shisanshui::format_cards(&cards));
        }
    }
}
