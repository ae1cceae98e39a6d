//! How well the arranger's objective prices its sweep terms (shots, home runs, the majority
//! bonus) against play, and what pricing them on the field conditioned on the hand would do.
//! Measurements behind docs/arrange.md ("Best response"); they print and check nothing.
//!
//! ```text
//! cargo run --release -p shisanshui-tools --example sweep_pricing -- \
//!     splits PRESET PLAYERS HANDS OPPONENT_DEALS ALTERNATIVES [independent] [reference] [homerun]
//! cargo run --release -p shisanshui-tools --example sweep_pricing -- \
//!     hybrid PRESET PLAYERS HANDS OPPONENT_DEALS [top N]
//! ```
//!
//! `splits`: for sampled hands, the difference between the arranger's own split and each of the
//! next best splits by its objective, as the objective prices it and as play settles it, cut
//! into the lanes' part and the rest.
//! - Each alternative is one of the `ALTERNATIVES` splits the objective values highest after
//!   the arranger's own (hands whose advice is to declare a special are skipped). Each split is
//!   settled exactly (`Settler`) against the same `OPPONENT_DEALS` deals of the other seats,
//!   each opponent playing the arranger. The lanes' part of the settlement is the pairwise lane
//!   water (a lane won pays my lane water, a lane lost the opponent's); the rest is the
//!   settlement less it. The objective's lanes' part is its value less its sweep terms
//!   (`Objective::sweep_value`), card removal's corrections included.
//! - `independent` (heads-up only) deals each opponent from a full deck of its own, as the
//!   field and its copula are priced (no card removal), settled under two-deck rules so that a
//!   card both seats hold is allowed; otherwise the opponents hold the cards I do not.
//! - `reference` also prices the lanes and the sweep terms on the field conditioned on the
//!   hand's cards, as the class-by-class reference does (`shisanshui_tools::card_removal`, one
//!   deck).
//! - `homerun` also cuts the rest into the home run's part (priced: the sweep terms less those of
//!   an objective of the same field without the home run; settled: the settlement less the one of
//!   rules without it) and the shots'.
//!
//! For each part it prints the mean difference priced and settled, the slope of the settled
//! differences on the priced ones, and the root mean square of their gap (which includes the
//! settlement's sampling noise).
//!
//! `hybrid`: the best response (`shisanshui_tools::best_response`, seed 1, screen 64) against a
//! hero that values every legal split by the arranger's lanes (its card-removal corrections
//! included) plus the sweep terms of the reference's conditioned field, and declares specials
//! as the arranger advises (`top N`: only the N splits the arranger values highest); the other
//! seats play the arranger. Then the same against the arranger's own choices, on the same hands
//! and deals, and the difference of the two hand by hand.
//!
//! `gains`: where a best response's gain lies (`shisanshui_tools::best_response`, screen 64, the
//! seed given): the hands where it differs from the arranger, by how it moves the objective's
//! chance of shooting a given opponent (up or down by more than 0.02, or less), and the specials
//! apart. `detail` also prints each hand whose chance moves: both splits, their chances as the
//! objective prices them, as the class-by-class reference prices them (the copula read at the
//! conditioned lanes' percentiles), and as 2,000 deals of the unseen cards settle them (every
//! opponent the arranger).
//!
//! `chances`: self-play deals (every seat the arranger, lanes only), and for every seat the
//! chances its objective weighs for its split (`Objective::shot_chances`: of shooting a given
//! opponent, of being shot by one, of a home run against it) next to what the deals settle: the
//! share of its opponents it shoots and that shoot it, its home runs against the objective's
//! `p^n` (the opponents taken as independent) and the home runs against it.

use shisanshui::arrange::strength::Strength;
use shisanshui::arrange::{model_tables, Arranger, Objective, Role};
use shisanshui::deal::Dealer;
use shisanshui::settle::{PlayerHand, Settlement, Settler};
use shisanshui::simulate::round_seed;
use shisanshui::{Arrangement, Card, Evaluator, HandRank, Lane, Preset, Rules, SuitSet};
use shisanshui_tools::best_response::{arranger_play, interval, legal, opponents, run_of, same_play, Config, Seats};
use shisanshui_tools::card_removal::Conditioned;

/// Per (hand, alternative): the alternative less the arranger's own split, priced and settled,
/// as `[lanes priced, rest priced, lanes settled, rest settled, lanes and rest priced by the
/// reference, the home run's part of the rest priced and settled]`.
type Row = [f64; 8];

struct Setup {
    rules: Rules,
    players: usize,
    opponents: usize,
    alternatives: usize,
    independent: bool,
    arranger: Arranger,
    reference: Option<Conditioned>,
    /// `homerun`: the objective of the same field without the home run, whose difference from
    /// the arranger's is the home run's part.
    without_home_run: Option<Objective>,
}

/// The lane ordinals of an arrangement: front, middle, back.
fn ordinals(st: &Strength, a: &Arrangement) -> (u16, u16, u16) {
    (st.three(a.front.map(|c| c.code())), st.five(a.middle.map(|c| c.code())), st.five(a.back.map(|c| c.code())))
}

fn hand_rows(s: &Setup, i: u64) -> Vec<Row> {
    let rules = &s.rules;
    let eval = Evaluator::new(rules);
    let st = Strength::get(rules.wheel);
    // Two-deck rules settle independently dealt seats (a card may be held twice); settlement
    // of one-deck hands is otherwise the same.
    let mut settle_rules = rules.clone();
    if s.independent {
        settle_rules.extra_suits = SuitSet::ALL;
    }
    let settler = Settler::new(&settle_rules).expect("valid rules");
    let mut no_hr_rules = settle_rules.clone();
    no_hr_rules.home_run.enabled = false;
    let settler_no_hr = s.without_home_run.is_some().then(|| Settler::new(&no_hr_rules).expect("valid rules"));
    let deck = Dealer::from_seed(round_seed(1, i)).shuffle();
    let hero: [Card; 13] = deck[..13].try_into().expect("13 cards");
    let arr = &s.arranger;
    let Ok(PlayerHand::Arranged(own)) = arranger_play(arr, &hero) else { return Vec::new() };
    let seats = s.players - 1;
    let deals: Vec<Vec<PlayerHand>> = (0..s.opponents as u64)
        .map(|j| {
            let seed = round_seed(0x5917_0000 ^ i, j);
            let hands = if s.independent {
                let cards = Dealer::from_seed(seed).shuffle();
                (0..seats).map(|k| cards[k * 13..k * 13 + 13].try_into().expect("13 cards")).collect()
            } else {
                opponents(&deck[13..], seats, seed)
            };
            hands.iter().map(|h| arranger_play(arr, h).expect("plays")).collect()
        })
        .collect();
    let ranks = |a: &Arrangement| {
        let e = a.evaluate_with(&eval, rules.strict_order);
        let r = [e.front, e.middle, e.back];
        if rules.suit_tiebreak {
            r
        } else {
            r.map(HandRank::ranks_only)
        }
    };
    let lanes = [Lane::Front, Lane::Middle, Lane::Back];
    // (mean settled water, mean lane water, mean home-run water) of a split over the deals.
    let settled = |a: &Arrangement| -> (f64, f64, f64) {
        let me = ranks(a);
        let (mut total, mut lane, mut home_run) = (0i64, 0i64, 0i64);
        let mut table = Vec::with_capacity(s.players);
        for opps in &deals {
            table.clear();
            table.push(PlayerHand::Arranged(*a));
            table.extend_from_slice(opps);
            let t = settler.settle(&table).expect("settles").totals[0].units();
            total += t;
            if let Some(no_hr) = &settler_no_hr {
                home_run += t - no_hr.settle(&table).expect("settles").totals[0].units();
            }
            for o in opps {
                let PlayerHand::Arranged(o) = o else { continue };
                let them = ranks(o);
                for l in 0..3 {
                    if me[l] > them[l] {
                        lane += settler.lane_water(lanes[l], me[l]) as i64;
                    } else if me[l] < them[l] {
                        lane -= settler.lane_water(lanes[l], them[l]) as i64;
                    }
                }
            }
        }
        let n = deals.len() as f64;
        let d = shisanshui::Water::DENOMINATOR as f64;
        (total as f64 / n / d, lane as f64 / n, home_run as f64 / n / d)
    };
    let reference = s.reference.as_ref().map(|r| r.arranger(&hero).expect("a one-deck hand"));
    // (lanes, rest) priced, the same by the reference, and the home run's part of the rest.
    let priced = |a: &Arrangement| -> (f64, f64, f64, f64, f64) {
        let (f, m, b) = ordinals(st, a);
        let sweep = arr.objective().sweep_value(f, m, b);
        let (ref_lanes, ref_sweep) = reference.as_ref().map_or((0.0, 0.0), |r| {
            let sweep = r.objective().sweep_value(f, m, b);
            (r.expected_water(a) - sweep, sweep)
        });
        let home_run = s.without_home_run.as_ref().map_or(0.0, |o| sweep - o.sweep_value(f, m, b));
        (arr.expected_water(a) - sweep, sweep, ref_lanes, ref_sweep, home_run)
    };
    let same = |a: &Arrangement| same_play(&PlayerHand::Arranged(*a), &PlayerHand::Arranged(own));
    let mut candidates: Vec<(f64, Arrangement)> = legal(&hero, &eval, rules.strict_order)
        .into_iter()
        .map(|(a, _)| a)
        .filter(|a| !same(a))
        .map(|a| (arr.expected_water(&a), a))
        .collect();
    candidates.sort_by(|x, y| y.0.total_cmp(&x.0));
    let (own_settled, own_priced) = (settled(&own), priced(&own));
    candidates
        .iter()
        .take(s.alternatives)
        .map(|(_, a)| {
            let ((total, lane, hr), (pl, ps, rl, rs, ph)) = (settled(a), priced(a));
            let settled_lanes = lane - own_settled.1;
            [
                pl - own_priced.0,
                ps - own_priced.1,
                settled_lanes,
                total - own_settled.0 - settled_lanes,
                rl - own_priced.2,
                rs - own_priced.3,
                ph - own_priced.4,
                hr - own_settled.2,
            ]
        })
        .collect()
}

/// Mean priced, mean settled, slope of settled on priced, and the root mean square gap.
fn summary(priced: &[f64], settled: &[f64]) -> String {
    let n = priced.len() as f64;
    let (mp, ms) = (priced.iter().sum::<f64>() / n, settled.iter().sum::<f64>() / n);
    let cov: f64 = priced.iter().zip(settled).map(|(p, s)| (p - mp) * (s - ms)).sum();
    let var: f64 = priced.iter().map(|p| (p - mp) * (p - mp)).sum();
    let rms = (priced.iter().zip(settled).map(|(p, s)| (p - s) * (p - s)).sum::<f64>() / n).sqrt();
    format!("priced {mp:+.4} settled {ms:+.4} slope {:.3} rms gap {rms:.4}", cov / var)
}

const USAGE: &str =
    "usage: sweep_pricing splits PRESET PLAYERS HANDS OPPONENT_DEALS ALTERNATIVES [independent] [reference] [homerun]
       sweep_pricing hybrid PRESET PLAYERS HANDS OPPONENT_DEALS [top N]
       sweep_pricing chances PRESET PLAYERS DEALS
       sweep_pricing gains PRESET PLAYERS HANDS OPPONENT_DEALS SEED [detail]";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("splits") => splits(&args[1..]),
        Some("hybrid") => hybrid(&args[1..]),
        Some("chances") => chances(&args[1..]),
        Some("gains") => gains(&args[1..]),
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    }
}

/// The preset and the numbers that follow it.
fn parse(args: &[String], count: usize) -> (Preset, Vec<usize>) {
    let bad = || -> ! {
        eprintln!("{USAGE}");
        std::process::exit(2)
    };
    let preset = args.first().and_then(|a| a.parse().ok()).unwrap_or_else(|| bad());
    let nums = (1..=count).map(|k| args.get(k).and_then(|a| a.parse().ok()).unwrap_or_else(|| bad())).collect();
    (preset, nums)
}

fn chances(args: &[String]) {
    let (preset, n) = parse(args, 2);
    let (players, deals) = (n[0], n[1] as u64);
    let rules = Rules::preset(preset);
    let arr = Arranger::new(&rules, players).expect("2 to 4 seats");
    let st = Strength::get(rules.wheel);
    let settler = Settler::new(&rules).expect("a valid preset");
    let opponents = (players - 1) as f64;
    // Sums over seats of: predicted [shoot, shot, home run (p^n), home run against],
    // settled [the same], and the sum of p^n where the seat's p is in each tenth.
    let (mut pred, mut seen) = ([0.0f64; 4], [0.0f64; 4]);
    let mut by_p = vec![[0.0f64; 3]; 10];
    let mut count = 0u64;
    for i in 0..deals {
        let deck = Dealer::from_seed(round_seed(0x0C4A_0000, i)).shuffle();
        let arranged: Vec<Arrangement> =
            (0..players).map(|s| arr.arrange(&deck[13 * s..13 * s + 13]).expect("13 cards").arrangement).collect();
        let hands: Vec<PlayerHand> = arranged.iter().map(|a| PlayerHand::Arranged(*a)).collect();
        let result = settler.settle(&hands).expect("settled");
        for (seat, a) in arranged.iter().enumerate() {
            let (f, m, b) = ordinals(st, a);
            let Some([p_shoot, p_shot, p_hr_by]) = arr.objective().shot_chances(f, m, b) else {
                eprintln!("{preset} has no shooting");
                return;
            };
            let p_hr = p_shoot.powi(players as i32 - 1);
            let [shoots, shot, hr, hr_by] = seat_sweeps(&result, seat);
            let p_given = [p_shoot, p_shot, p_hr, opponents * p_hr_by];
            let got = [shoots / opponents, shot / opponents, hr, hr_by];
            for k in 0..4 {
                pred[k] += p_given[k];
                seen[k] += got[k];
            }
            let bucket = &mut by_p[((p_shoot * 10.0) as usize).min(9)];
            *bucket = [bucket[0] + 1.0, bucket[1] + p_hr, bucket[2] + hr];
            count += 1;
        }
    }
    let c = count as f64;
    println!("{preset} {players} seats, {deals} self-play deals, {count} seat hands: priced / settled");
    for (k, what) in
        ["shoot a given opponent", "shot by a given opponent", "home run", "home run against"].iter().enumerate()
    {
        println!("  {what:<26} {:.5} / {:.5}  (settled / priced {:.3})", pred[k] / c, seen[k] / c, seen[k] / pred[k]);
    }
    println!("  home runs by the chance of shooting one opponent (tenths): hands, p^n priced, settled");
    for (t, [hands, p, hr]) in by_p.iter().enumerate().filter(|(_, b)| b[0] > 0.0) {
        println!(
            "    {:.1}-{:.1}: {hands:>8} {:.5} {:.5}",
            t as f64 / 10.0,
            (t + 1) as f64 / 10.0,
            p / hands,
            hr / hands
        );
    }
}

fn hybrid(args: &[String]) {
    let (preset, n) = parse(args, 3);
    let (players, hands, opponents) = (n[0], n[1] as u64, n[2]);
    // `top N`: choose among the N splits the arranger values highest only.
    let top =
        args.iter().position(|a| a == "top").map(|k| args.get(k + 1).and_then(|a| a.parse().ok()).expect("top N"));
    let rules = Rules::preset(preset);
    let arr = Arranger::new(&rules, players).expect("2 to 4 seats");
    let st = Strength::get(rules.wheel);
    let eval = Evaluator::new(&rules);
    let reference = Conditioned::new(&rules, players, Role::Player).expect("one deck");
    let hero = |cards: &[Card; 13]| -> Result<PlayerHand, shisanshui::Error> {
        if let Some(a) = arr.special_advice(cards)? {
            if a.declare() {
                return Ok(PlayerHand::Special { special: a.special, cards: *cards });
            }
        }
        let conditioned = reference.arranger(cards)?;
        let value = |a: &Arrangement| {
            let (f, m, b) = ordinals(st, a);
            arr.expected_water(a) - arr.objective().sweep_value(f, m, b) + conditioned.objective().sweep_value(f, m, b)
        };
        let mut splits: Vec<(f64, Arrangement)> =
            legal(cards, &eval, rules.strict_order).into_iter().map(|(a, _)| (arr.expected_water(&a), a)).collect();
        if let Some(top) = top {
            splits.sort_by(|x, y| y.0.total_cmp(&x.0));
            splits.truncate(top);
        }
        let best =
            splits.into_iter().map(|(_, a)| (value(&a), a)).max_by(|x, y| x.0.total_cmp(&y.0)).expect("a legal split");
        Ok(PlayerHand::Arranged(best.1))
    };
    let config = Config { rules: rules.clone(), players, hands, opponents, screen: 64, seed: 1, role: Role::Player };
    let seats = Seats::all_pairs(&arr);
    let results = run_of(&config, &seats, &hero).expect("measured");
    let gains: Vec<f64> = results.iter().map(|r| r.gain).collect();
    let (mean, half) = interval(&gains);
    let same = results.iter().filter(|r| r.same).count() as f64 / results.len() as f64;
    println!(
        "{preset} {players} seats, against lanes + the reference's sweeps: best-response gain {mean:+.4} [{:+.4}, {:+.4}] ({hands} hands, {opponents} + {opponents} deals); same choice {:.1}%",
        mean - half,
        mean + half,
        100.0 * same
    );
    // The arranger's own on the same hands and deals: the difference is paired.
    let ours = run_of(&config, &seats, &|c| arranger_play(&arr, c)).expect("measured");
    let ours: Vec<f64> = ours.iter().map(|r| r.gain).collect();
    let (mean, half) = interval(&ours);
    println!("  against the arranger: {mean:+.4} [{:+.4}, {:+.4}]", mean - half, mean + half);
    let paired: Vec<f64> = gains.iter().zip(&ours).map(|(h, o)| h - o).collect();
    let (mean, half) = interval(&paired);
    println!("  the difference, paired: {mean:+.4} [{:+.4}, {:+.4}]", mean - half, mean + half);
}

fn splits(args: &[String]) {
    let (preset, n) = parse(args, 4);
    let (players, hands, opponents, alternatives) = (n[0], n[1] as u64, n[2], n[3]);
    let independent = args.iter().any(|a| a == "independent");
    assert!(!independent || players == 2, "independent deals are heads-up only (a card may be held at most twice)");
    let rules = Rules::preset(preset);
    let arranger = Arranger::new(&rules, players).expect("2 to 4 seats");
    let reference = args
        .iter()
        .any(|a| a == "reference")
        .then(|| Conditioned::new(&rules, players, Role::Player).expect("one deck"));
    let without_home_run = args.iter().any(|a| a == "homerun").then(|| {
        let mut r = rules.clone();
        r.home_run.enabled = false;
        let field = model_tables::field(preset, players).expect("a committed field");
        Objective::new_for(field, &r, players, Role::Player)
    });
    let setup = Setup { rules, players, opponents, alternatives, independent, arranger, reference, without_home_run };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let rows: Vec<Row> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let setup = &setup;
                scope.spawn(move || {
                    (t..hands).step_by(threads as usize).flat_map(|i| hand_rows(setup, i)).collect::<Vec<Row>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("worker")).collect()
    });
    let col = |k: usize| rows.iter().map(|r| r[k]).collect::<Vec<f64>>();
    let sum = |a: usize, b: usize| rows.iter().map(|r| r[a] + r[b]).collect::<Vec<f64>>();
    println!(
        "{preset} {players} seats, {} deals ({}), {} alternatives to the arranger's split:",
        opponents,
        if independent { "independent" } else { "the unseen cards" },
        rows.len()
    );
    println!("  lanes: {}", summary(&col(0), &col(2)));
    println!("  rest:  {}", summary(&col(1), &col(3)));
    println!("  total: {}", summary(&sum(0, 1), &sum(2, 3)));
    if setup.without_home_run.is_some() {
        println!("  home run: {}", summary(&col(6), &col(7)));
        let diff = |a: usize, b: usize| rows.iter().map(|r| r[a] - r[b]).collect::<Vec<f64>>();
        println!("  shots (the rest but the home run): {}", summary(&diff(1, 6), &diff(3, 7)));
    }
    if setup.reference.is_some() {
        println!("  lanes, the reference: {}", summary(&col(4), &col(2)));
        println!("  rest, the reference: {}", summary(&col(5), &col(3)));
        println!("  total, the reference: {}", summary(&sum(4, 5), &sum(2, 3)));
        println!("  total, the arranger's lanes + the reference's rest: {}", summary(&sum(0, 5), &sum(2, 3)));
    }
}

/// What one settlement did to `seat`: how many opponents it shot and were shot by, and whether it
/// made a home run and whether one was made on it (1 or 0).
fn seat_sweeps(result: &Settlement, seat: usize) -> [f64; 4] {
    let mut t = [0.0f64; 4];
    for p in result.pairs.iter().filter(|p| p.seats.contains(&seat)) {
        if let Some(s) = p.shot {
            t[usize::from(s.shooter != seat)] += 1.0;
        }
        if let Some(h) = p.home_run {
            t[2 + usize::from(h.shooter != seat)] = 1.0;
        }
    }
    t
}

/// What settles for `mine` over `deals` deals of the unseen cards (every opponent the arranger):
/// the share of the opponents it shoots and that shoot it, and its home runs.
fn settled_chances(arr: &Arranger, settler: &Settler, mine: &PlayerHand, unseen: &[Card], deals: u64) -> [f64; 3] {
    let seats = arr.players() - 1;
    let mut t = [0.0f64; 3];
    for j in 0..deals {
        let mut hands = vec![mine.clone()];
        for o in opponents(unseen, seats, round_seed(0x6A1_0000, j)) {
            hands.push(arranger_play(arr, &o).expect("13 cards"));
        }
        let [shoots, shot, hr, _] = seat_sweeps(&settler.settle(&hands).expect("settled"), 0);
        t = [t[0] + shoots, t[1] + shot, t[2] + hr];
    }
    let (per, d) = ((seats as u64 * deals) as f64, deals as f64);
    [t[0] / per, t[1] / per, t[2] / d]
}

/// How far the best response must move the chance of shooting a given opponent for `gains` to
/// count the hand as shooting more or less.
const MOVED: f64 = 0.02;

fn gains(args: &[String]) {
    let (preset, n) = parse(args, 4);
    let (players, hands, opponents, seed) = (n[0], n[1] as u64, n[2], n[3] as u64);
    let detail = args.iter().any(|a| a == "detail");
    let rules = Rules::preset(preset);
    let arr = Arranger::new(&rules, players).expect("2 to 4 seats");
    let st = Strength::get(rules.wheel);
    let settler = Settler::new(&rules).expect("a valid preset");
    let reference = Conditioned::new(&rules, players, Role::Player).expect("one deck");
    let config = Config { rules: rules.clone(), players, hands, opponents, screen: 64, seed, role: Role::Player };
    let results = run_of(&config, &Seats::all_pairs(&arr), &|c| arranger_play(&arr, c)).expect("measured");
    let gains: Vec<f64> = results.iter().map(|r| r.gain).collect();
    let (mean, half) = interval(&gains);
    println!(
        "{preset} {players} seats, seed {seed}: best-response gain {mean:+.4} [{:+.4}, {:+.4}] ({hands} hands, {opponents} + {opponents} deals)",
        mean - half,
        mean + half
    );
    const CLASSES: [&str; 5] = ["same play", "a special", "shoots less", "shoots about as often", "shoots more"];
    let mut by = [(0usize, 0.0f64); 5];
    for r in &results {
        let class = match (&r.own, &r.best) {
            _ if r.same => 0,
            (PlayerHand::Arranged(own), PlayerHand::Arranged(best)) => {
                let (o, b) = (ordinals(st, own), ordinals(st, best));
                let chances = |(f, m, b): (u16, u16, u16)| arr.objective().shot_chances(f, m, b).unwrap_or([0.0; 3]);
                let (po, pb) = (chances(o), chances(b));
                let moved = pb[0] - po[0];
                if detail && moved.abs() > MOVED {
                    let held: Vec<Card> = [&own.front[..], &own.middle[..], &own.back[..]].concat();
                    let cards: [Card; 13] = held.clone().try_into().expect("13 cards");
                    let unseen: Vec<Card> =
                        Dealer::from_seed(0).shuffle().into_iter().filter(|c| !held.contains(c)).collect();
                    let cond = reference.arranger(&cards).expect("one deck");
                    let conditioned =
                        |(f, m, b): (u16, u16, u16)| cond.objective().shot_chances(f, m, b).unwrap_or([0.0; 3]);
                    let (qo, qb) = (conditioned(o), conditioned(b));
                    let (so, sb) = (
                        settled_chances(&arr, &settler, &r.own, &unseen, 2000),
                        settled_chances(&arr, &settler, &r.best, &unseen, 2000),
                    );
                    println!("  gain {:+.3}: {own} against {best}", r.gain);
                    for (who, p, q, s) in [("arranger", po, qo, so), ("best response", pb, qb, sb)] {
                        println!(
                            "    {who:<13} shoot {:.3} / conditioned {:.3} / settled {:.3}; shot {:.3} / {:.3} / {:.3}; home run (p^n) {:.3} / settled {:.3}",
                            p[0], q[0], s[0], p[1], q[1], s[1], p[0].powi(players as i32 - 1), s[2]
                        );
                    }
                }
                if moved > MOVED {
                    4
                } else if moved < -MOVED {
                    2
                } else {
                    3
                }
            }
            _ => 1,
        };
        by[class] = (by[class].0 + 1, by[class].1 + r.gain);
    }
    println!(
        "  hands by how the best response moves the chance of shooting a given opponent: hands, gain per hand of all"
    );
    for (what, (count, gain)) in CLASSES.iter().zip(by) {
        println!("    {what:<22} {count:>5} {:+.4}", gain / hands as f64);
    }
}
