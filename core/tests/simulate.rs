//! `simulate::run` against an independent count over the same deals, for any thread count.

use std::collections::BTreeMap;

use shisanshui::arrange::Arranger;
use shisanshui::deal::{deal, deal_for};
use shisanshui::money::{settle_money, Rake, Stakes};
use shisanshui::settle::{settle, Event, PlayerHand};
use shisanshui::simulate::{round_deal, round_seed, run, Policy, SimConfig, SimReport};
use shisanshui::special::Special;
use shisanshui::{Category, Error, Preset, Rules};

fn config(preset: Preset, players: usize, rounds: u64, seed: u64) -> SimConfig {
    SimConfig::new(Rules::preset(preset), players, rounds, seed)
}

fn with_threads(c: &SimConfig, threads: usize) -> SimReport {
    let mut c = c.clone();
    c.threads = threads;
    run(&c).unwrap()
}

/// Big tables (RULES.md §11): the report is the replay of its rounds at 5 to 8 seats.
#[test]
fn big_tables_report_what_their_rounds_did() {
    for (preset, extra, players, rounds) in
        [(Preset::Classic, "s", 5, 60), (Preset::Ranked, "sh", 6, 40), (Preset::Kx, "dchs", 8, 30)]
    {
        let mut c = config(preset, players, rounds, 99);
        c.rules.extra_suits = extra.parse().unwrap();
        check_against_count(&c);
    }
    // More seats than the deck deals to are refused before any round.
    let c = config(Preset::Classic, 5, 10, 1);
    assert!(matches!(run(&c), Err(Error::InvalidTable(m)) if m.contains("5 players")));
}

/// Joker tables (RULES.md §12): the report is the replay of its rounds, dealt with their jokers;
/// the baselines play them too, never fouling.
#[test]
fn joker_tables_report_what_their_rounds_did() {
    for (preset, extra, jokers, players) in
        [(Preset::Classic, "", 2, 4), (Preset::Hk, "", 4, 3), (Preset::Kx, "sh", 6, 6)]
    {
        let mut c = config(preset, players, 40, 7);
        c.rules.extra_suits = extra.parse().unwrap();
        c.rules.jokers = jokers;
        check_against_count(&c);
        let dealt: usize = (0..40)
            .map(|r| shisanshui::simulate::round_deal_for(&c.rules, 7, r, players).unwrap())
            .map(|hands| hands.iter().flatten().filter(|c| c.is_joker()).count())
            .sum();
        assert!(dealt > 30, "{dealt} jokers dealt");
        c.policies = (0..players).map(|s| if s % 2 == 0 { Policy::Greedy } else { Policy::Product }).collect();
        let r = run(&c).unwrap();
        assert_eq!((r.hands, r.fouls), (40 * players as u64, 0));
    }
}

#[test]
fn a_seed_gives_the_same_report_and_another_seed_another() {
    let mut c = config(Preset::Classic, 4, 40, 11);
    c.policies = vec![Policy::Greedy];
    let a = run(&c).unwrap();
    assert_eq!(a, run(&c).unwrap());
    c.seed = 12;
    assert_ne!(a.water.histogram, run(&c).unwrap().water.histogram);
}

#[test]
fn the_report_does_not_depend_on_the_thread_count() {
    // More rounds than one block, not a multiple of it: blocks end unevenly across workers.
    let mut c = config(Preset::Kx, 3, 301, 5);
    c.policies = vec![Policy::Product, Policy::Greedy, Policy::Greedy];
    c.stakes = Some(Stakes { base: 100, carries: Some(vec![2000, 1500, 800]), rake: Rake::percent(5) });
    let one = with_threads(&c, 1);
    for threads in [2, 3, 8, 0] {
        assert_eq!(one, with_threads(&c, threads), "{threads} threads");
    }
    let mut arranged = config(Preset::Classic, 4, 70, 3);
    arranged.threads = 1;
    assert_eq!(run(&arranged).unwrap(), with_threads(&arranged, 2));
}

#[test]
fn round_i_is_the_deal_of_its_round_seed() {
    for i in [0, 1, 63, 64, 1000] {
        assert_eq!(round_deal(9, i, 3).unwrap(), deal(3, Some(round_seed(9, i))).unwrap());
    }
    assert_ne!(round_seed(9, 0), round_seed(9, 1));
    assert_ne!(round_seed(9, 0), round_seed(10, 0));
}

/// What `run` must find, counted here from deal + arranger + settle, round by round.
#[derive(Default, Debug, PartialEq)]
struct Count {
    made: BTreeMap<Special, u64>,
    declared: BTreeMap<Special, u64>,
    fouls: u64,
    shots: u64,
    home_runs: u64,
    seat_sums: Vec<i64>,
    histogram: BTreeMap<i64, u64>,
    swing: i64,
    rake: i64,
    house: i64,
    amounts: Vec<i64>,
    /// Lanes of played, unfouled hands by category: front, middle, back, hands with one.
    lanes: BTreeMap<Category, [u64; 4]>,
}

fn count(c: &SimConfig) -> Count {
    let arranger = Arranger::new(&c.rules, c.players).unwrap();
    let mut n = Count { seat_sums: vec![0; c.players], amounts: vec![0; c.players], ..Count::default() };
    for round in 0..c.rounds {
        // The rule set's deck: with no extra suit this is `deal` (the tests of deal.rs say so).
        let hands = deal_for(&c.rules, c.players, Some(round_seed(c.seed, round))).unwrap();
        let mut table = Vec::new();
        for cards in &hands {
            let hand = match arranger.special_advice(cards).unwrap() {
                Some(adv) => {
                    *n.made.entry(adv.special).or_default() += 1;
                    if adv.declare() {
                        *n.declared.entry(adv.special).or_default() += 1;
                        PlayerHand::special_in(adv.special, cards, c.rules.deck_spec()).unwrap()
                    } else {
                        PlayerHand::Arranged(adv.best_lanes.arrangement)
                    }
                }
                None => PlayerHand::Arranged(arranger.arrange(cards).unwrap().arrangement),
            };
            table.push(hand);
        }
        for hand in &table {
            if let PlayerHand::Arranged(a) = hand {
                let e = a.evaluate(&c.rules);
                if !e.foul.is_foul() {
                    let cats = [e.front.category(), e.middle.category(), e.back.category()];
                    for (lane, cat) in cats.iter().enumerate() {
                        n.lanes.entry(*cat).or_default()[lane] += 1;
                    }
                    let mut distinct = cats.to_vec();
                    distinct.sort();
                    distinct.dedup();
                    for cat in distinct {
                        n.lanes.entry(cat).or_default()[3] += 1;
                    }
                }
            }
        }
        let s = settle(&table, &c.rules).unwrap();
        for e in &s.events {
            match e {
                Event::Foul { .. } => n.fouls += 1,
                Event::Shot { .. } => n.shots += 1,
                Event::HomeRun { .. } => n.home_runs += 1,
                _ => {}
            }
        }
        for (seat, w) in s.totals.iter().enumerate() {
            n.seat_sums[seat] += w.units();
            *n.histogram.entry(w.units()).or_default() += 1;
            n.swing += w.units().max(0);
        }
        if let Some(stakes) = &c.stakes {
            let m = settle_money(&s.totals, stakes).unwrap();
            n.rake += m.rake;
            n.house += m.house;
            for (seat, a) in m.amounts().into_iter().enumerate() {
                n.amounts[seat] += a;
            }
        }
    }
    n
}

fn check_against_count(c: &SimConfig) {
    let r = run(c).unwrap();
    let n = count(c);
    let hands = c.rounds * c.players as u64;
    assert_eq!(r.hands, hands);
    for s in &r.specials {
        assert_eq!(s.made, n.made.get(&s.special).copied().unwrap_or(0), "{} made", s.special);
        assert_eq!(s.declared, n.declared.get(&s.special).copied().unwrap_or(0), "{} declared", s.special);
        assert_eq!(s.made_rate, s.made as f64 / hands as f64);
    }
    // Every special the hands made is one the rule set lists.
    assert_eq!(r.specials.iter().map(|s| s.made).sum::<u64>(), n.made.values().sum::<u64>());
    assert_eq!(r.declared, n.declared.values().sum::<u64>());
    assert_eq!((r.fouls, r.shots, r.home_runs), (n.fouls, n.shots, n.home_runs));
    assert_eq!(r.lanes.len(), Category::ALL.len());
    for l in &r.lanes {
        let want = n.lanes.get(&l.category).copied().unwrap_or_default();
        assert_eq!([l.front, l.middle, l.back, l.hands_with], want, "{:?} lanes", l.category);
        assert_eq!(l.hand_rate, l.hands_with as f64 / hands as f64);
    }
    for (seat, d) in r.seats.iter().enumerate() {
        assert_eq!(d.summary.count, c.rounds);
        assert_eq!(d.summary.mean, n.seat_sums[seat] as f64 / c.rounds as f64 / 840.0, "seat {seat}");
    }
    let histogram: BTreeMap<i64, u64> =
        r.water.histogram.iter().map(|b| ((b.value * 840.0).round() as i64, b.count)).collect();
    assert_eq!(histogram, n.histogram);
    assert_eq!(r.swing.summary.mean, n.swing as f64 / c.rounds as f64 / 840.0);
    if let Some(m) = &r.money {
        assert_eq!((m.total_rake, m.total_house), (n.rake, n.house));
        for (seat, s) in m.seats.iter().enumerate() {
            assert_eq!(s.mean, n.amounts[seat] as f64 / c.rounds as f64);
        }
    }
}

#[test]
fn figures_match_an_independent_count_over_the_same_deals() {
    // Classic at four seats: shots and home runs; seed 2 makes specials in these rounds.
    let mut c = config(Preset::Classic, 4, 60, 2);
    c.stakes = Some(Stakes { base: 10, carries: None, rake: Rake::percent(5) });
    check_against_count(&c);
    let r = run(&c).unwrap();
    assert!(r.shots > 0, "no shot in {} rounds: the count would not test shots", c.rounds);
    let made: u64 = r.specials.iter().map(|s| s.made).sum();
    assert!(made > 0 && r.declared > 0, "made {made}, declared {}: the count would not test specials", r.declared);
    // hk at two seats: shots heads-up, no home runs, specials worth less (declared less often).
    check_against_count(&config(Preset::Hk, 2, 80, 4));
    // Two jokers making specials: five of a kind in the lanes, specials with jokers declared.
    let mut c = config(Preset::Classic, 4, 150, 3);
    c.rules.jokers = 2;
    c.rules.jokers_in_specials = true;
    check_against_count(&c);
    let r = run(&c).unwrap();
    let five = r.lanes.iter().find(|l| l.category == Category::FiveOfAKind).unwrap();
    assert!(five.back + five.middle > 0 && r.declared > 0, "the count would not test five of a kind or specials");
}

#[test]
fn specials_are_counted_and_declared_per_the_policy() {
    // The greedy baseline declares every special it makes; with `specials: false` nobody does.
    let mut c = config(Preset::Regional, 4, 400, 8);
    c.policies = vec![Policy::Greedy];
    let r = run(&c).unwrap();
    let made: u64 = r.specials.iter().map(|s| s.made).sum();
    assert!(made > 0, "400 rounds at four seats made no special");
    for s in &r.specials {
        assert_eq!(s.declared, s.made, "{}", s.special);
    }
    c.specials = false;
    let quiet = run(&c).unwrap();
    assert_eq!(quiet.declared, 0);
    assert_eq!(quiet.specials.iter().map(|s| s.made).sum::<u64>(), made, "the same hands make the same specials");
    assert_eq!(quiet.fouls, 0, "the baselines never foul");
}

#[test]
fn every_round_is_zero_sum_in_water_and_money() {
    let mut c = config(Preset::Ranked, 3, 200, 6);
    c.policies = vec![Policy::Greedy];
    c.stakes = Some(Stakes { base: 100, carries: Some(vec![5000, 800, 3000]), rake: Rake::percent(3) });
    let r = run(&c).unwrap();
    let total: f64 = r.seats.iter().map(|s| s.summary.mean).sum();
    assert!(total.abs() < 1e-9, "seat means sum to {total}");
    assert_eq!(r.water.summary.mean, 0.0, "pooled water is exactly zero");
    // Ranked scoring shares specials in thirds: the histogram holds the exact units.
    let m = r.money.as_ref().unwrap();
    let paid: f64 = m.seats.iter().map(|s| s.mean * c.rounds as f64).sum();
    assert_eq!(paid.round() as i64 + m.total_house, 0, "amounts and the house's share cancel");
    assert!(m.total_rake > 0);
    let swing_from_water = r.water.mean_abs * c.players as f64 / 2.0;
    assert!((r.swing.summary.mean - swing_from_water).abs() < 1e-9, "swing = half the absolute water");
}

#[test]
fn bad_configurations_are_typed_errors() {
    for players in [0, 1, 5] {
        assert!(matches!(run(&config(Preset::Classic, players, 5, 1)), Err(Error::InvalidTable(_))), "{players}");
    }
    assert!(matches!(run(&config(Preset::Classic, 4, 0, 1)), Err(Error::InvalidArgument(_))));
    let mut c = config(Preset::Classic, 4, 5, 1);
    c.policies = vec![Policy::Greedy; 3];
    assert!(matches!(run(&c), Err(Error::InvalidArgument(_))));
    let mut c = config(Preset::Classic, 4, 5, 1);
    c.stakes = Some(Stakes { base: 1, carries: Some(vec![10, 10]), rake: Rake::NONE });
    assert!(matches!(run(&c), Err(Error::InvalidMoney(_))));
    c.stakes = Some(Stakes { base: 1, carries: None, rake: Rake::percent(101) });
    assert!(matches!(run(&c), Err(Error::InvalidMoney(_))));
    let mut c = config(Preset::Classic, 4, 5, 1);
    c.rules.shooting.multiplier = 0;
    assert!(matches!(run(&c), Err(Error::InvalidRules { .. })));
}

#[test]
fn a_run_stops_when_its_callback_says_so() {
    use std::ops::ControlFlow;
    use std::sync::atomic::{AtomicU64, Ordering};
    for threads in [1, 2] {
        let mut c = config(Preset::Classic, 4, 100_000, 3);
        c.threads = threads;
        let calls = AtomicU64::new(0);
        let seen = AtomicU64::new(0);
        let stopped = shisanshui::simulate::run_until(&c, &|done| {
            calls.fetch_add(1, Ordering::Relaxed);
            seen.fetch_max(done, Ordering::Relaxed);
            if done >= 256 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert!(stopped.is_none(), "a stopped run has no report");
        // Each worker finishes at most the block it was playing: far fewer than 100,000 rounds.
        assert!(seen.load(Ordering::Relaxed) < 256 + 64 * threads as u64 + 64, "{threads} threads");
        assert!(calls.load(Ordering::Relaxed) >= 4);
    }
    // A callback that never stops gives the report `run` gives.
    let c = config(Preset::Kx, 3, 500, 9);
    let full = shisanshui::simulate::run_until(&c, &|_| std::ops::ControlFlow::Continue(())).unwrap().unwrap();
    assert_eq!(format!("{full:?}"), format!("{:?}", run(&c).unwrap()));
}

#[test]
fn a_banker_table_plays_its_banker_against_every_seat() {
    let mut rules = Rules::classic();
    rules.table = shisanshui::Table::Banker;
    let mut c = SimConfig::new(rules, 4, 300, 11);
    // Without the banker's seat, out of the table, or at an all-pairs table: InvalidTable.
    assert!(matches!(run(&c), Err(Error::InvalidTable(m)) if m.contains("name the banker seat")));
    c.banker = Some(4);
    assert!(matches!(run(&c), Err(Error::InvalidTable(m)) if m.contains("not at the table")));
    let mut all_pairs = config(Preset::Classic, 4, 10, 1);
    all_pairs.banker = Some(0);
    assert!(matches!(run(&all_pairs), Err(Error::InvalidTable(m)) if m.contains("settle all pairs")));
    // Seat 2 banks: only its pairs are settled, so the other seats' water sums to minus its own.
    c.banker = Some(2);
    let r = run(&c).unwrap();
    let means: Vec<f64> = r.seats.iter().map(|s| s.summary.mean).collect();
    let others: f64 = means.iter().enumerate().filter(|&(i, _)| i != 2).map(|(_, m)| m).sum();
    assert!((others + means[2]).abs() < 1e-9, "{means:?}");
    // Replayed round by round with the arrangers of each role and settle_with_banker.
    let player = Arranger::new_for(&c.rules, 4, shisanshui::arrange::Role::Player).unwrap();
    let banker = Arranger::new_for(&c.rules, 4, shisanshui::arrange::Role::Banker).unwrap();
    let mut total = [shisanshui::settle::Water::ZERO; 4];
    for round in 0..c.rounds {
        let hands: Vec<PlayerHand> = round_deal(c.seed, round, 4)
            .unwrap()
            .iter()
            .enumerate()
            .map(|(seat, cards)| {
                let a = if seat == 2 { &banker } else { &player };
                match a.special_advice(cards).unwrap() {
                    Some(adv) if adv.declare() => PlayerHand::Special { special: adv.special, cards: *cards },
                    Some(adv) => PlayerHand::Arranged(adv.best_lanes.arrangement),
                    None => PlayerHand::Arranged(a.arrange(cards).unwrap().arrangement),
                }
            })
            .collect();
        let s = shisanshui::settle::settle_with_banker(&hands, &c.rules, Some(2)).unwrap();
        for (t, w) in total.iter_mut().zip(&s.totals) {
            *t += *w;
        }
    }
    for (seat, t) in total.iter().enumerate() {
        let mean = t.to_f64() / c.rounds as f64;
        assert!((mean - means[seat]).abs() < 1e-9, "seat {seat}: {mean} vs {}", means[seat]);
    }
}
