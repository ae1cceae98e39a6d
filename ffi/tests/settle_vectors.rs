//! The shared settlement vectors `tests/vectors/settle.json`.
//!
//! Format (one JSON object, one record per line inside each list):
//! ```text
//! {
//!   "version": 1,
//!   "rule_sets": [ {"name": "classic", "json": "<Rules::to_json>"}, ... ],
//!   "tables": [ {"rules": "kx",
//!       "seats": [ {"kind": "arranged", "cards": [13 codes, lane order]},
//!                  {"kind": "special", "special": "SP", "cards": [13 codes]}, ... ],
//!       "totals": ["-40/3", "4", ...], "units": [-160, 48, ...],
//!       "matrix": [[units, ...], ...],
//!       "pairs": [ {"seats": [0, 1], "kind": "lanes", "winners": [0, null, 1], "lane_water": [1, 0, 2],
//!                   "net": -1, "shot": null | {"shooter": 0, "victim": 1, "lane_water": 8, "value": 16},
//!                   "home_run": null | 68,
//!                   "special": null | {"winner": 1 | null, "special": "SP" | null, "units": 16},
//!                   "units": -840}, ... ],
//!       "events": [ {"kind": "foul", "seat": 0, "foul_bits": 2}, {"kind": "special", "seat": 1, "special": "SP"},
//!                   {"kind": "shot", "seat": 2, "victim": 0, "value": 9}, {"kind": "home_run", "seat": 0, "value": 124} ],
//!       "ranked_lane_water": null | [4, 2, 1],
//!       "stakes": {"base": 100, "carries": null | [...], "rake": [5, 100]},
//!       "money": {"amounts": [...], "rake": 1500, "rounding": -1, "house": 1499}}, ... ],
//!   "money":   [ {"units": [...], "stakes": {...}, "amounts": [...], "rake": r, "rounding": x, "house": h}, ... ],
//!   "escapes": [ {"seats": 4, "leaver": 2, "stakes": {...}, "amounts": [...], "rake": r, "rounding": x,
//!                 "house": h, "unclaimed": u}, ... ],
//!   "errors":  [ {"rules": "classic", "seats": [...], "kind": "duplicate_card", "position": 38}, ... ],
//!   "seat_errors":  [ {"front": [...], "middle": [...], "back": [...], "kind": "wrong_card_count"},
//!                     {"special": "DR", "cards": [...], "kind": "duplicate_card", "position": 5}, ... ],
//!   "money_errors": [ {"units": [...], "stakes": {...}, "kind": "invalid_money"}, ... ]
//! }
//! ```
//! - Water: `totals` in the engine's text form (`-40/3`, `4`), everything else in units of 1/840
//!   of a point (`units / 840` water, `Water::units`). A pair's amounts are from its lower seat's side: `net` is the
//!   lane water before shots, `units` the final water; `winners[i]` is the seat that won lane
//!   `i` (front, middle, back) or null, `lane_water[i]` what that lane moved.
//! - `kind` of a pair is the snake_case `PairKind` (`lanes`, `one_fouled`, `both_fouled`,
//!   `special_vs_normal`, `special_vs_special`).
//! - Money: `stakes.base` minor units per water point, `carries` one per seat (null: no caps),
//!   `rake` as `[numerator, denominator]`. `money` of a table settles its `units`.
//! - Errors: `kind` is the snake_case `shisanshui::Error` variant; `position` (duplicates) counts
//!   across the table as `seat × 13 + index` for a table, within the seat for `seat_errors`.
//!
//! This test regenerates the whole file from the engine and fails when the committed file
//! differs. `UPDATE_VECTORS=1 cargo test -p shisanshui-ffi --test settle_vectors` rewrites it.
//!
//! The same test writes `tests/vectors/banker.json`: banker mode (RULES.md §5a), the majority
//! bonus of 2-4 scoring (§4, the `chinese_poker` preset) and "players − 1" (§9), in the same
//! format with three additions: each table has `"banker": seat | null` (settle with that banker
//! seat), each pair `"majority": null | {"winner": seat, "water": w}`, events may be
//! `{"kind": "banker", "seat": s}`; errors carry `"banker"` too, and `rules_errors` lists rule
//! sets that must not load: `{"json": "<rules JSON>", "kind": "invalid_rules", "path": "table"}`.
//! Its first tables are worked examples whose totals were computed by hand (the arithmetic is
//! beside each below); the generator checks the engine against them, the oracle and the C ABI.
//!
//! Before anything is written, every table is checked three ways: against an oracle written
//! here from RULES.md §4–§6, §8 and the ranked paragraph of §9 (lanes scored by the literal place
//! formula, shots and home runs as extra payments on top, money step by step), against the
//! invariants of a settlement (zero sum, antisymmetric matrix, rows summing to the totals), and
//! through the C ABI in this process (`sss_settle`, `sss_money_settle`), which must agree with
//! the engine field by field.

use engine::money::{escape, settle_money, MoneyResult, Rake, Stakes};
use engine::settle::{settle_with_banker, Event, PairKind, PlayerHand, Settlement, Water};
use engine::{Amount, Card, Category, Error, HandRank, Preset, Rules, ScoringMode, Special, Table};

use shisanshui::money::{sss_money_settle, SssMoneyLine, SssMoneyTotals, SssStakes};
use shisanshui::settle::{
    sss_settle, sss_settle_with_banker, sss_settlement_event, sss_settlement_free, sss_settlement_info,
    sss_settlement_matrix, sss_settlement_pair, sss_settlement_totals, SssEvent, SssPairResult, SssSeat,
    SssSettlementInfo, SssWater, SSS_SEAT_ARRANGED, SSS_SEAT_NONE, SSS_SEAT_SPECIAL,
};
use shisanshui::SssStatus;

#[path = "../../core/tests/support/mod.rs"]
mod support;

use support::{check_vectors, document, js, SplitMix};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/settle.json");
const BANKER_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/banker.json");
/// Random tables in the file.
const TABLES: usize = 60;

// ---------------------------------------------------------------------------------------------
// Random tables
// ---------------------------------------------------------------------------------------------

/// The rule sets tables are settled under: the presets of the seeds and a few changed options
/// (banker mode and the chinese_poker preset have their own file, `banker.json`; this list stays
/// as it is so that the random tables here do not move).
fn rule_sets() -> Vec<(&'static str, Rules)> {
    let seeds = [Preset::Classic, Preset::Regional, Preset::Kx, Preset::Hk, Preset::Ranked];
    let mut out: Vec<(&'static str, Rules)> = seeds.iter().map(|&p| (p.name(), Rules::preset(p))).collect();
    out.push(("classic_foul_shot", Rules { foul_counts_as_shot: true, ..Rules::classic() }));
    out.push(("kx_strict", Rules { strict_order: true, ..Rules::preset(Preset::Kx) }));
    let mut ranked = Rules::preset(Preset::Ranked);
    ranked.foul_counts_as_shot = true;
    out.push(("ranked_foul_shot", ranked));
    out
}

fn deck() -> Vec<Card> {
    (0..52u8).map(|c| Card::from_code(c).unwrap()).collect()
}

fn split(c: &[Card]) -> engine::Arrangement {
    engine::Arrangement::new(&c[..3], &c[3..8], &c[8..13]).unwrap()
}

/// A random arrangement of 13 cards: a plain random split (mostly fouls), the first legal one of
/// a few random splits, or the biggest rank groups at the back (bonus hands, mostly legal).
fn random_arrangement(rng: &mut SplitMix, cards: &mut [Card], rules: &Rules) -> engine::Arrangement {
    match rng.below(4) {
        0 => {
            rng.shuffle(cards);
            split(cards)
        }
        1 => {
            let mut a = split(cards);
            for _ in 0..30 {
                rng.shuffle(cards);
                a = split(cards);
                if !a.evaluate(rules).foul.is_foul() {
                    break;
                }
            }
            a
        }
        _ => {
            let mut count = [0u8; 13];
            for c in cards.iter() {
                count[c.rank() as usize] += 1;
            }
            cards.sort_by_key(|c| std::cmp::Reverse((count[c.rank() as usize], c.code())));
            let (back, rest) = cards.split_at(5);
            let (middle, front) = rest.split_at(5);
            engine::Arrangement::new(front, middle, back).unwrap()
        }
    }
}

/// Take 13 cards shaped for a special from `pool` (six pairs, four trips, a dragon, all small,
/// one colour); None when the pool cannot make the shape.
fn special_shape(rng: &mut SplitMix, pool: &mut Vec<Card>) -> Option<Vec<Card>> {
    rng.shuffle(pool);
    let of_rank = |pool: &[Card], r: usize| pool.iter().copied().filter(|c| c.rank() as usize == r).collect::<Vec<_>>();
    let groups = |rng: &mut SplitMix, pool: &[Card], sizes: &[usize]| -> Option<Vec<Card>> {
        let mut ranks: Vec<usize> = (0..13).collect();
        rng.shuffle(&mut ranks);
        let mut out = Vec::new();
        let mut used = Vec::new();
        for &k in sizes {
            let r = *ranks.iter().find(|&&r| !used.contains(&r) && of_rank(pool, r).len() >= k)?;
            used.push(r);
            out.extend(of_rank(pool, r).into_iter().take(k));
        }
        out.push(pool.iter().copied().find(|c| !used.contains(&(c.rank() as usize)))?);
        Some(out)
    };
    let filtered = |pool: &[Card], keep: &dyn Fn(&Card) -> bool| {
        let v: Vec<Card> = pool.iter().copied().filter(|c| keep(c)).take(13).collect();
        (v.len() == 13).then_some(v)
    };
    let hand = match rng.below(5) {
        0 => groups(rng, pool, &[2, 2, 2, 2, 2, 2]),
        1 => groups(rng, pool, &[3, 3, 3, 3]),
        2 => (0..13).map(|r| of_rank(pool, r).first().copied()).collect::<Option<Vec<_>>>(),
        3 => filtered(pool, &|c| (c.rank() as usize) <= 6),
        _ => {
            let red = rng.chance(50);
            filtered(pool, &|c| c.suit().is_red() == red)
        }
    }?;
    pool.retain(|c| !hand.contains(c));
    Some(hand)
}

fn random_table(rng: &mut SplitMix, rules: &Rules) -> Vec<PlayerHand> {
    let n = 2 + rng.below(3);
    let mut pool = deck();
    let mut hands: Vec<Option<PlayerHand>> = vec![None; n];
    for h in hands.iter_mut() {
        if rng.chance(20) {
            if let Some(mut cards) = special_shape(rng, &mut pool) {
                let found = engine::detect_special(&cards, rules).unwrap();
                *h = Some(if found.all.is_empty() {
                    PlayerHand::Arranged(random_arrangement(rng, &mut cards, rules))
                } else {
                    PlayerHand::special(found.all[rng.below(found.all.len())], &cards).unwrap()
                });
            }
        }
    }
    rng.shuffle(&mut pool);
    for h in hands.iter_mut().filter(|h| h.is_none()) {
        let mut cards: Vec<Card> = pool.drain(..13).collect();
        *h = Some(PlayerHand::Arranged(random_arrangement(rng, &mut cards, rules)));
    }
    hands.into_iter().map(Option::unwrap).collect()
}

fn random_stakes(rng: &mut SplitMix, n: usize) -> Stakes {
    let base = [1, 100, 250, 1000][rng.below(4)];
    let carries = rng.chance(60).then(|| (0..n).map(|_| [0, 500, 2_000, 10_000, 100_000][rng.below(5)]).collect());
    let rake =
        [Rake::NONE, Rake::percent(5), Rake::basis_points(250), Rake { numerator: 1, denominator: 3 }][rng.below(4)];
    Stakes { base, carries, rake }
}

// ---------------------------------------------------------------------------------------------
// The oracle: RULES.md restated independently of the engine's structure (units of 1/840 throughout)
// ---------------------------------------------------------------------------------------------

/// Units of 1/`D` of a water point: the vectors' exact amounts (840 = lcm(1..8), RULES.md §11).
const D: i64 = 840;

/// Water of a won lane in pairwise mode: the winning hand's lane bonus or 1 (§4, §9 table).
fn lane_bonus(rules: &Rules, lane: usize, rank: HandRank) -> i64 {
    let lw = &rules.lane_water;
    (match (lane, rank.category()) {
        (0, Category::ThreeOfAKind) => lw.front_trips,
        (1, Category::FullHouse) => lw.middle_full_house,
        (1, Category::FourOfAKind) => lw.middle_quads,
        (1, Category::StraightFlush) => lw.middle_straight_flush,
        (1, Category::FiveOfAKind) => lw.middle_five_kind.unwrap_or(1),
        (2, Category::FourOfAKind) => lw.back_quads,
        (2, Category::StraightFlush) => lw.back_straight_flush,
        (2, Category::FiveOfAKind) => lw.back_five_kind.unwrap_or(1),
        _ => 1,
    }) as i64
}

enum OSeat {
    Lanes([HandRank; 3], bool),
    Special(i64, usize),
}

/// Totals in units; `banker` is the banker seat of a banker-mode round (only its pairs).
fn oracle_totals(hands: &[PlayerHand], rules: &Rules, banker: Option<usize>) -> Vec<i64> {
    let n = hands.len();
    let settled = |i: usize, j: usize| banker.is_none_or(|k| i == k || j == k);
    let seats: Vec<OSeat> = hands
        .iter()
        .map(|h| match h {
            PlayerHand::Arranged(a) => {
                let e = a.evaluate(rules);
                OSeat::Lanes([e.front, e.middle, e.back], e.foul.is_foul())
            }
            PlayerHand::Special { special, .. } => {
                OSeat::Special(rules.special_water(*special).unwrap() as i64, rules.special_order(*special).unwrap())
            }
        })
        .collect();
    let normal: Vec<usize> = (0..n).filter(|&i| matches!(seats[i], OSeat::Lanes(..))).collect();
    let p = normal.len() as i64;
    let ranked = rules.scoring == ScoringMode::Ranked;
    // +1: i beats j in the lane, −1: loses, 0: tie (a fouled seat loses to any legal one).
    let cmp = |i: usize, j: usize, lane: usize| -> i64 {
        let (OSeat::Lanes(ri, fi), OSeat::Lanes(rj, fj)) = (&seats[i], &seats[j]) else { unreachable!() };
        match (fi, fj) {
            (true, true) => 0,
            (true, false) => -1,
            (false, true) => 1,
            _ => (ri[lane] > rj[lane]) as i64 - (ri[lane] < rj[lane]) as i64,
        }
    };
    let t: Vec<i64> = (0..3)
        .map(|lane| {
            let best = normal
                .iter()
                .filter_map(|&i| match &seats[i] {
                    OSeat::Lanes(r, false) => Some(r[lane]),
                    _ => None,
                })
                .max();
            best.map_or(1, |b| lane_bonus(rules, lane, b))
        })
        .collect();
    // What i takes from j for the lanes it wins against j, and the majority bonus when it wins
    // more lanes than it loses (2-4 scoring, §4).
    let won = |i: usize, j: usize| -> i64 {
        let lanes: i64 = (0..3)
            .filter(|&l| cmp(i, j, l) > 0)
            .map(|l| match &seats[i] {
                OSeat::Lanes(r, _) if !ranked => lane_bonus(rules, l, r[l]),
                _ => t[l],
            })
            .sum();
        let margin: i64 = (0..3).map(|l| cmp(i, j, l)).sum();
        lanes + if margin > 0 { rules.majority_bonus as i64 } else { 0 }
    };
    let mut total = vec![0i64; n];
    // Lanes: ranked by the literal place scores (p + 1 − 2k)·t, tied places averaged.
    if ranked {
        for (lane, &tl) in t.iter().enumerate() {
            for &i in &normal {
                let better = normal.iter().filter(|&&j| cmp(j, i, lane) > 0).count() as i64;
                let tied = normal.iter().filter(|&&j| cmp(j, i, lane) == 0).count() as i64; // i included
                                                                                            // Places better+1 ..= better+tied share their average score.
                let sum: i64 = (better + 1..=better + tied).map(|k| p + 1 - 2 * k).sum();
                total[i] += sum * tl * D / tied;
            }
        }
    } else {
        for &i in &normal {
            for &j in &normal {
                if i != j && settled(i, j) {
                    total[i] += (won(i, j) - won(j, i)) * D;
                }
            }
        }
    }
    // Shots and the home run, as what they add on top of the lanes.
    let sh = &rules.shooting;
    let shooting = sh.enabled && n >= sh.min_players as usize;
    let shoots = |i: usize, j: usize| -> bool {
        let (OSeat::Lanes(_, fi), OSeat::Lanes(_, fj)) = (&seats[i], &seats[j]) else { return false };
        if !shooting || *fi || (*fj && !rules.foul_counts_as_shot) || !settled(i, j) {
            return false;
        }
        let wins = (0..3).filter(|&l| cmp(i, j, l) > 0).count();
        let losses = (0..3).filter(|&l| cmp(i, j, l) < 0).count();
        losses == 0 && (wins == 3 || (sh.allows_ties && wins > 0))
    };
    // "players − 1" (§9): the seats at the table pairwise, the normal players ranked.
    let players = if ranked { p as usize } else { n };
    let shot_bonus = sh.bonus.at(players) as i64;
    let hr = &rules.home_run;
    let no_specials = normal.len() == n;
    let home_run = (hr.enabled && shooting && no_specials && n >= hr.min_players as usize)
        .then(|| (0..n).find(|&i| (0..n).all(|j| j == i || shoots(i, j))))
        .flatten();
    for i in 0..n {
        for j in 0..n {
            if i != j && shoots(i, j) {
                let l = won(i, j);
                let mut pay = l * sh.multiplier as i64 + shot_bonus;
                if home_run == Some(i) {
                    pay = (pay + hr.bonus_per_victim as i64) * hr.multiplier.at(players) as i64;
                }
                total[i] += (pay - l) * D;
                total[j] -= (pay - l) * D;
            }
        }
    }
    // Specials: every normal seat pays (ranked: w / p each); between specials the higher wins.
    let top = seats.iter().filter_map(|s| if let OSeat::Special(w, _) = s { Some(*w) } else { None }).max();
    for s in 0..n {
        let OSeat::Special(w, order) = seats[s] else { continue };
        for &q in normal.iter().filter(|&&q| settled(s, q)) {
            let share = if ranked { w * D / p } else { w * D };
            total[s] += share;
            total[q] -= share;
        }
        for o in (0..n).filter(|&o| settled(s, o)) {
            if let OSeat::Special(_, other) = seats[o] {
                if order < other {
                    let paid = if ranked && p == 0 { top.unwrap() } else { w };
                    total[s] += paid * D;
                    total[o] -= paid * D;
                }
            }
        }
    }
    total
}

/// §8 step by step: `(amounts, rake, rounding)`.
fn oracle_money(units: &[i64], stakes: &Stakes) -> (Vec<i64>, i64, i64) {
    let raw: Vec<i128> = units.iter().map(|&t| t as i128 * stakes.base as i128 / D as i128).collect();
    let capped: Vec<i128> = raw
        .iter()
        .enumerate()
        .map(|(i, &r)| match &stakes.carries {
            Some(c) => r.clamp(-(c[i] as i128), c[i] as i128),
            None => r,
        })
        .collect();
    let wins: i128 = capped.iter().filter(|&&x| x > 0).sum();
    let losses: i128 = -capped.iter().filter(|&&x| x < 0).sum::<i128>();
    let scaled: Vec<i128> = capped
        .iter()
        .map(|&x| {
            if wins < losses && x < 0 {
                x * wins / losses
            } else if losses < wins && x > 0 {
                x * losses / wins
            } else {
                x
            }
        })
        .collect();
    let (num, den) = (stakes.rake.numerator as i128, stakes.rake.denominator as i128);
    let amounts: Vec<i64> = scaled.iter().map(|&x| if x > 0 { x * (den - num) / den } else { x } as i64).collect();
    let rake: i64 = scaled.iter().zip(&amounts).map(|(&s, &a)| s as i64 - a).sum();
    let rounding = -scaled.iter().sum::<i128>() as i64;
    (amounts, rake, rounding)
}

// ---------------------------------------------------------------------------------------------
// Checks through the C ABI
// ---------------------------------------------------------------------------------------------

fn seat_in(h: &PlayerHand) -> SssSeat {
    let mut cards = [0u8; 13];
    for (slot, c) in cards.iter_mut().zip(h.cards()) {
        *slot = c.code();
    }
    match h {
        PlayerHand::Arranged(_) => SssSeat { kind: SSS_SEAT_ARRANGED, special: 255, cards },
        PlayerHand::Special { special, .. } => SssSeat { kind: SSS_SEAT_SPECIAL, special: *special as u8, cards },
    }
}

fn rules_handle(r: &Rules) -> *mut shisanshui::rules::SssRules {
    let json = r.to_json();
    let mut out = std::ptr::null_mut();
    let st = unsafe { shisanshui::rules::sss_rules_from_json(json.as_ptr(), json.len(), &mut out) };
    assert_eq!(st, SssStatus::SSS_OK);
    out
}

fn same_water(c: SssWater, w: Water) -> bool {
    c.units == w.units() && c.num == w.numer() && c.den == w.denom()
}

/// The C ABI settles the table exactly as the engine does (`sss_settle` for all pairs,
/// `sss_settle_with_banker` for a banker seat).
fn check_c_abi(hands: &[PlayerHand], rules: &Rules, banker: Option<usize>, s: &Settlement, what: &str) {
    let seats: Vec<SssSeat> = hands.iter().map(seat_in).collect();
    let r = rules_handle(rules);
    let mut out = std::ptr::null_mut();
    let st = match banker {
        None => unsafe { sss_settle(r, seats.as_ptr(), seats.len(), &mut out) },
        Some(b) => unsafe { sss_settle_with_banker(r, seats.as_ptr(), seats.len(), b as u8, &mut out) },
    };
    assert_eq!(st, SssStatus::SSS_OK, "{what}");
    let mut info = SssSettlementInfo::default();
    assert_eq!(unsafe { sss_settlement_info(out, &mut info) }, SssStatus::SSS_OK);
    assert_eq!((info.seat_count as usize, info.event_count as usize), (s.seats.len(), s.events.len()), "{what}");
    assert_eq!(info.pair_count as usize, s.pairs.len(), "{what}");
    assert_eq!(info.banker_seat, banker.map_or(SSS_SEAT_NONE, |b| b as u8), "{what}");
    let n = s.seats.len();
    let mut buf = [SssWater::default(); 16];
    let mut len = 0;
    assert_eq!(unsafe { sss_settlement_totals(out, buf.as_mut_ptr(), 16, &mut len) }, SssStatus::SSS_OK);
    assert!(buf[..len].iter().zip(&s.totals).all(|(&c, &w)| same_water(c, w)), "{what}: totals");
    assert_eq!(unsafe { sss_settlement_matrix(out, buf.as_mut_ptr(), 16, &mut len) }, SssStatus::SSS_OK);
    assert_eq!(len, n * n);
    for i in 0..n {
        for j in 0..n {
            assert!(same_water(buf[i * n + j], s.matrix[i][j]), "{what}: matrix {i} {j}");
        }
    }
    for (k, p) in s.pairs.iter().enumerate() {
        let mut c = SssPairResult::default();
        assert_eq!(unsafe { sss_settlement_pair(out, k, &mut c) }, SssStatus::SSS_OK);
        assert!(same_water(c.water, p.water) && c.lane_water == p.lane_water, "{what}: pair {k}");
        assert_eq!(c.has_shot == 1, p.shot.is_some());
        assert_eq!((c.seat_a as usize, c.seat_b as usize), (p.seats[0], p.seats[1]), "{what}: pair {k}");
        assert_eq!(c.majority_winner, p.majority.map_or(SSS_SEAT_NONE, |m| m.winner as u8), "{what}: pair {k}");
        assert_eq!(c.home_run_value, p.home_run.map_or(0, |h| h.value));
        if let Some(l) = p.lanes {
            for (cl, el) in c.lanes.iter().zip(l) {
                assert_eq!((cl.winner, cl.water), (el.winner.map_or(SSS_SEAT_NONE, |w| w as u8), el.water));
            }
        }
    }
    for (k, e) in s.events.iter().enumerate() {
        let mut c = SssEvent::default();
        assert_eq!(unsafe { sss_settlement_event(out, k, &mut c) }, SssStatus::SSS_OK);
        assert_eq!(c.kind, event_kind(e), "{what}: event {k}");
    }
    unsafe {
        sss_settlement_free(out);
        shisanshui::rules::sss_rules_free(r);
    }
}

fn event_kind(e: &Event) -> u8 {
    match e {
        Event::Foul { .. } => 0,
        Event::Special { .. } => 1,
        Event::Shot { .. } => 2,
        Event::HomeRun { .. } => 3,
        Event::Banker { .. } => 4,
        other => panic!("no vector form for {other:?}"),
    }
}

fn check_c_money(units: &[i64], stakes: &Stakes, m: &MoneyResult) {
    let c_stakes = SssStakes {
        base: stakes.base,
        rake_numerator: stakes.rake.numerator,
        rake_denominator: stakes.rake.denominator,
    };
    let carries = stakes.carries.clone().unwrap_or_default();
    let mut lines = [SssMoneyLine::default(); 8];
    let (mut n, mut totals) = (0usize, SssMoneyTotals::default());
    let st = unsafe {
        sss_money_settle(
            units.as_ptr(),
            units.len(),
            &c_stakes,
            carries.as_ptr(),
            carries.len(),
            lines.as_mut_ptr(),
            lines.len(),
            &mut n,
            &mut totals,
        )
    };
    assert_eq!(st, SssStatus::SSS_OK);
    assert_eq!(lines[..n].iter().map(|l| l.amount).collect::<Vec<_>>(), m.amounts());
    assert_eq!((totals.rake, totals.rounding, totals.house, totals.unclaimed), (m.rake, m.rounding, m.house, 0));
}

/// The invariants of §5 and of `Settlement`'s documentation.
fn check_invariants(s: &Settlement, what: &str) {
    let n = s.seats.len();
    assert_eq!(s.totals.iter().copied().sum::<Water>(), Water::ZERO, "{what}: zero sum");
    for i in 0..n {
        assert_eq!(s.matrix[i][i], Water::ZERO);
        assert_eq!(s.matrix[i].iter().copied().sum::<Water>(), s.totals[i], "{what}: row {i}");
        for j in 0..n {
            assert_eq!(s.matrix[i][j], -s.matrix[j][i], "{what}: antisymmetric");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

fn list<T>(items: impl IntoIterator<Item = T>, f: impl Fn(T) -> String) -> String {
    let v: Vec<String> = items.into_iter().map(f).collect();
    format!("[{}]", v.join(", "))
}

fn opt<T>(v: Option<T>, f: impl Fn(T) -> String) -> String {
    v.map_or("null".to_string(), f)
}

fn seats_json(hands: &[PlayerHand]) -> String {
    list(hands, |h| match h {
        PlayerHand::Arranged(_) => {
            format!("{{\"kind\": \"arranged\", \"cards\": {}}}", list(h.cards(), |c| c.code().to_string()))
        }
        PlayerHand::Special { special, cards } => format!(
            "{{\"kind\": \"special\", \"special\": {}, \"cards\": {}}}",
            js(special.id()),
            list(cards, |c| c.code().to_string())
        ),
    })
}

fn stakes_json(s: &Stakes) -> String {
    format!(
        "{{\"base\": {}, \"carries\": {}, \"rake\": [{}, {}]}}",
        s.base,
        opt(s.carries.as_ref(), |c| list(c, |x| x.to_string())),
        s.rake.numerator,
        s.rake.denominator
    )
}

fn pair_kind(k: PairKind) -> &'static str {
    match k {
        PairKind::Lanes => "lanes",
        PairKind::OneFouled => "one_fouled",
        PairKind::BothFouled => "both_fouled",
        PairKind::SpecialVsNormal => "special_vs_normal",
        PairKind::SpecialVsSpecial => "special_vs_special",
        other => panic!("no vector form for {other:?}"),
    }
}

/// A settlement's fields; `extended` adds the banker-file fields (`majority` per pair).
fn settlement_json(s: &Settlement, extended: bool) -> String {
    let pairs = list(&s.pairs, |p| {
        let (winners, water) = match p.lanes {
            Some(lanes) => (list(lanes, |l| opt(l.winner, |w| w.to_string())), list(lanes, |l| l.water.to_string())),
            None => ("null".to_string(), "null".to_string()),
        };
        let base = format!(
            "{{\"seats\": [{}, {}], \"kind\": \"{}\", \"winners\": {winners}, \"lane_water\": {water}, \"net\": {}, \
             \"shot\": {}, \"home_run\": {}, \"special\": {}, \"units\": {}}}",
            p.seats[0],
            p.seats[1],
            pair_kind(p.kind),
            p.lane_water,
            opt(p.shot, |s| format!(
                "{{\"shooter\": {}, \"victim\": {}, \"lane_water\": {}, \"value\": {}}}",
                s.shooter, s.victim, s.lane_water, s.value
            )),
            opt(p.home_run, |h| h.value.to_string()),
            opt(p.special, |sp| format!(
                "{{\"winner\": {}, \"special\": {}, \"units\": {}}}",
                opt(sp.winner, |w| w.to_string()),
                opt(sp.special, |s| js(s.id())),
                sp.water.units()
            )),
            p.water.units()
        );
        if !extended {
            return base;
        }
        let majority = opt(p.majority, |m| format!("{{\"winner\": {}, \"water\": {}}}", m.winner, m.water));
        format!("{}, \"majority\": {majority}}}", &base[..base.len() - 1])
    });
    let events = list(&s.events, |e| match *e {
        Event::Foul { seat, foul } => {
            format!("{{\"kind\": \"foul\", \"seat\": {seat}, \"foul_bits\": {}}}", foul.bits())
        }
        Event::Special { seat, special } => {
            format!("{{\"kind\": \"special\", \"seat\": {seat}, \"special\": {}}}", js(special.id()))
        }
        Event::Shot { shooter, victim, value } => {
            format!("{{\"kind\": \"shot\", \"seat\": {shooter}, \"victim\": {victim}, \"value\": {value}}}")
        }
        Event::HomeRun { seat, value } => format!("{{\"kind\": \"home_run\", \"seat\": {seat}, \"value\": {value}}}"),
        Event::Banker { seat } => format!("{{\"kind\": \"banker\", \"seat\": {seat}}}"),
        other => panic!("no vector form for {other:?}"),
    });
    format!(
        "\"totals\": {}, \"units\": {}, \"matrix\": {}, \"pairs\": {pairs}, \"events\": {events}, \"ranked_lane_water\": {}",
        list(&s.totals, |w| js(&w.to_string())),
        list(&s.totals, |w| w.units().to_string()),
        list(&s.matrix, |row| list(row, |w| w.units().to_string())),
        opt(s.ranked_lane_water, |t| list(t, |x| x.to_string())),
    )
}

fn money_json(m: &MoneyResult) -> String {
    format!(
        "\"amounts\": {}, \"rake\": {}, \"rounding\": {}, \"house\": {}",
        list(m.amounts(), |a| a.to_string()),
        m.rake,
        m.rounding,
        m.house
    )
}

fn kind(e: &Error) -> (&'static str, Option<usize>) {
    match e {
        Error::BadCardCode { .. } => ("bad_card_code", None),
        Error::DuplicateCard { position, .. } => ("duplicate_card", Some(*position)),
        Error::WrongCardCount { .. } => ("wrong_card_count", None),
        Error::SpecialNotAllowed { .. } => ("special_not_allowed", None),
        Error::InvalidTable(_) => ("invalid_table", None),
        Error::InvalidMoney(_) => ("invalid_money", None),
        other => panic!("no vector kind for {other:?}"),
    }
}

fn error_json(e: &Error) -> String {
    let (k, pos) = kind(e);
    format!("\"kind\": {}{}", js(k), pos.map_or(String::new(), |p| format!(", \"position\": {p}")))
}

#[derive(Default)]
struct Tally {
    tables: usize,
    seats: usize,
    fouls: usize,
    specials: usize,
    special_pairs: usize,
    shots: usize,
    home_runs: usize,
    fractions: usize,
    ranked: usize,
    capped: usize,
    raked: usize,
}

struct Writer {
    /// Writing `banker.json`: tables and errors name their banker, pairs their majority bonus.
    extended: bool,
    rules: Vec<(&'static str, Rules)>,
    tables: Vec<String>,
    money: Vec<String>,
    escapes: Vec<String>,
    errors: Vec<String>,
    seat_errors: Vec<String>,
    money_errors: Vec<String>,
    tally: Tally,
}

impl Writer {
    fn rules(&self, name: &str) -> Rules {
        self.rules.iter().find(|r| r.0 == name).unwrap_or_else(|| panic!("no rule set {name}")).1.clone()
    }

    fn table(&mut self, rules_name: &str, hands: &[PlayerHand], stakes: &Stakes) {
        self.banker_table(rules_name, hands, None, stakes);
    }

    /// A table settled with a banker seat (or none), checked as `table` does; returns its
    /// totals for the worked examples to compare with their hand arithmetic.
    fn banker_table(
        &mut self,
        rules_name: &str,
        hands: &[PlayerHand],
        banker: Option<usize>,
        stakes: &Stakes,
    ) -> Vec<Water> {
        let rules = self.rules(rules_name);
        let what = format!("table {} under {rules_name}, banker {banker:?}", self.tables.len());
        let s = settle_with_banker(hands, &rules, banker).unwrap_or_else(|e| panic!("{what}: {e}"));
        check_invariants(&s, &what);
        let units: Vec<i64> = s.totals.iter().map(|w| w.units()).collect();
        assert_eq!(units, oracle_totals(hands, &rules, banker), "{what}: the engine disagrees with the oracle");
        check_c_abi(hands, &rules, banker, &s, &what);
        let m = settle_money(&s.totals, stakes).unwrap();
        assert_eq!(oracle_money(&units, stakes), (m.amounts(), m.rake, m.rounding), "{what}: money");
        check_c_money(&units, stakes, &m);

        let t = &mut self.tally;
        t.tables += 1;
        t.seats += hands.len();
        t.fouls += s.seats.iter().filter(|r| r.is_foul()).count();
        t.specials += s.seats.iter().filter(|r| r.special().is_some()).count();
        t.special_pairs += s.pairs.iter().filter(|p| p.kind == PairKind::SpecialVsSpecial).count();
        t.shots += s.pairs.iter().filter(|p| p.shot.is_some()).count();
        t.home_runs += s.events.iter().filter(|e| matches!(e, Event::HomeRun { .. })).count();
        t.fractions += s.totals.iter().filter(|w| !w.is_integer()).count();
        t.ranked += (s.mode == ScoringMode::Ranked) as usize;
        t.capped += m.lines.iter().filter(|l| l.capped != l.raw).count();
        t.raked += (m.rake > 0) as usize;
        let banker_field =
            if self.extended { format!("\"banker\": {}, ", opt(banker, |b| b.to_string())) } else { String::new() };
        self.tables.push(format!(
            "{{\"rules\": {}, {banker_field}\"seats\": {}, {}, \"stakes\": {}, \"money\": {{{}}}}}",
            js(rules_name),
            seats_json(hands),
            settlement_json(&s, self.extended),
            stakes_json(stakes),
            money_json(&m)
        ));
        s.totals
    }

    fn money(&mut self, units: &[i64], stakes: &Stakes) {
        let water: Vec<Water> = units.iter().map(|&t| Water::from_units(t)).collect();
        let m = settle_money(&water, stakes).unwrap();
        assert_eq!(oracle_money(units, stakes), (m.amounts(), m.rake, m.rounding));
        check_c_money(units, stakes, &m);
        self.money.push(format!(
            "{{\"units\": {}, \"stakes\": {}, {}}}",
            list(units, |t| t.to_string()),
            stakes_json(stakes),
            money_json(&m)
        ));
    }

    fn escape(&mut self, seats: usize, leaver: usize, stakes: &Stakes) {
        let m = escape(seats, leaver, stakes).unwrap();
        let paid: i64 = m.amounts().iter().sum();
        assert_eq!(paid + m.house + m.unclaimed, 0, "escape conserves money");
        self.escapes.push(format!(
            "{{\"seats\": {seats}, \"leaver\": {leaver}, \"stakes\": {}, {}, \"unclaimed\": {}}}",
            stakes_json(stakes),
            money_json(&m),
            m.unclaimed
        ));
    }

    fn error(&mut self, rules_name: &str, hands: &[PlayerHand]) {
        self.banker_error(rules_name, hands, None);
    }

    fn banker_error(&mut self, rules_name: &str, hands: &[PlayerHand], banker: Option<usize>) {
        let e = settle_with_banker(hands, &self.rules(rules_name), banker).expect_err("a bad table");
        let banker_field =
            if self.extended { format!("\"banker\": {}, ", opt(banker, |b| b.to_string())) } else { String::new() };
        self.errors.push(format!(
            "{{\"rules\": {}, {banker_field}\"seats\": {}, {}}}",
            js(rules_name),
            seats_json(hands),
            error_json(&e)
        ));
    }

    fn lane_error(&mut self, front: &[Card], middle: &[Card], back: &[Card]) {
        let e = PlayerHand::arranged(front, middle, back).expect_err("a bad seat");
        let codes = |c: &[Card]| list(c, |c| c.code().to_string());
        self.seat_errors.push(format!(
            "{{\"front\": {}, \"middle\": {}, \"back\": {}, {}}}",
            codes(front),
            codes(middle),
            codes(back),
            error_json(&e)
        ));
    }

    fn special_error(&mut self, special: Special, cards: &[Card]) {
        let e = PlayerHand::special(special, cards).expect_err("a bad seat");
        self.seat_errors.push(format!(
            "{{\"special\": {}, \"cards\": {}, {}}}",
            js(special.id()),
            list(cards, |c| c.code().to_string()),
            error_json(&e)
        ));
    }

    fn money_error(&mut self, units: &[i64], stakes: &Stakes) {
        let water: Vec<Water> = units.iter().map(|&t| Water::from_units(t)).collect();
        let e = settle_money(&water, stakes).expect_err("bad money");
        self.money_errors.push(format!(
            "{{\"units\": {}, \"stakes\": {}, {}}}",
            list(units, |t| t.to_string()),
            stakes_json(stakes),
            error_json(&e)
        ));
    }

    fn finish(self) -> String {
        let rule_sets: Vec<String> = self
            .rules
            .iter()
            .map(|(n, r)| format!("{{\"name\": {}, \"json\": {}}}", js(n), js(&r.to_json())))
            .collect();
        document(
            "",
            &[
                ("rule_sets", &rule_sets),
                ("tables", &self.tables),
                ("money", &self.money),
                ("escapes", &self.escapes),
                ("errors", &self.errors),
                ("seat_errors", &self.seat_errors),
                ("money_errors", &self.money_errors),
            ],
        )
    }
}

fn arr(text: &str) -> PlayerHand {
    PlayerHand::Arranged(text.parse().unwrap())
}

fn cards(text: &str) -> Vec<Card> {
    engine::parse_cards(text).unwrap()
}

fn generate() -> (String, Tally) {
    let mut w = Writer {
        extended: false,
        rules: rule_sets(),
        tables: vec![],
        money: vec![],
        escapes: vec![],
        errors: vec![],
        seat_errors: vec![],
        money_errors: vec![],
        tally: Tally::default(),
    };
    let names: Vec<&'static str> = w.rules.iter().map(|r| r.0).collect();
    let mut rng = SplitMix(0x5EED_0004);
    for i in 0..TABLES {
        let name = names[i % names.len()];
        let hands = random_table(&mut rng, &w.rules(name));
        let stakes = random_stakes(&mut rng, hands.len());
        w.table(name, &hands, &stakes);
    }
    // Worked example I of core/tests/settle_examples.rs: ranked fractions (−40/3, 4, 50/3, −22/3).
    let six_pairs = PlayerHand::special(Special::SixPairs, &cards("2d 2c 3s 3c 5s 5d 7s 7c 9s 9d Js Jc 4s")).unwrap();
    let table_i = [
        arr("2s 3d 4c / 5h 6s 7d 8c 9h / Ts Jd Qc Kh As"),
        six_pairs,
        arr("Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c"),
        arr("4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh"),
    ];
    for name in ["ranked", "classic"] {
        let stakes = random_stakes(&mut rng, 4);
        w.table(name, &table_i, &stakes);
    }

    // Money: the seed 003 example, fractions, both sides scaled, a zero carry, 100% rake.
    let s = |base, carries: Option<Vec<i64>>, rake| Stakes { base, carries, rake };
    let kx = s(100, Some(vec![100_000, 50_000, 20_000, 50_000]), Rake::percent(5));
    w.money(&[-200 * D, -800 * D, 900 * D, 100 * D], &kx);
    w.money(&[-160, 48, 200, -88].map(|t| t * D / 12), &s(100, None, Rake::NONE));
    w.money(&[-18, -18, 36].map(|t| t * D / 12), &s(1, None, Rake::NONE));
    w.money(&[300 * D, -100 * D, -200 * D], &s(1, Some(vec![50, 1000, 1000]), Rake::NONE));
    w.money(&[-300 * D, 100 * D, 200 * D], &s(1, Some(vec![50, 1000, 1000]), Rake::percent(5)));
    w.money(&[5 * D, -5 * D], &s(10, Some(vec![0, 100]), Rake::NONE));
    w.money(&[-7 * D, 3 * D, 4 * D], &s(10, None, Rake::percent(100)));
    w.money(&[-100 * D, 100 * D], &s(1, None, Rake { numerator: 1, denominator: 3 }));

    // Escapes (seed 000: the leaver pays 18, every other seat gets 1).
    w.escape(4, 2, &s(100, None, Rake::NONE));
    w.escape(4, 2, &s(100, None, Rake::percent(5)));
    w.escape(4, 2, &s(100, Some(vec![1000, 1000, 100, 1000]), Rake::NONE));
    w.escape(3, 0, &s(100, Some(vec![5000, 40, 5000]), Rake::NONE));
    w.escape(2, 1, &s(250, None, Rake::basis_points(250)));

    // Bad tables.
    let p = [
        "Ac Ad Ah / Kc Kd Kh Ks 2c / 4s 5s 6s 7s 8s",
        "Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s 5c",
        "Tc Td 4c / 6c 6d 6h 3h 3s / 7c 7d 7h Th Ts",
        "Qh Qs As / 5d 5h 4d 4h Js / 8c 8d 8h 2h 2s",
    ];
    let four: Vec<PlayerHand> = p.iter().map(|t| arr(t)).collect();
    w.error("classic", &four[..1]);
    let mut five = four.clone();
    five.push(arr("Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah"));
    w.error("classic", &five);
    w.error("kx", &[four[1].clone(), arr("Ac Ad Ah / Kc Kd Kh Ks 2c / 4s 5s 6s 7s Qc")]);
    let dragon = cards("2s 3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As");
    w.error("classic", &[four[0].clone(), PlayerHand::special(Special::Dragon, &dragon).unwrap()]);
    w.error(
        "hk",
        &[four[3].clone(), PlayerHand::special(Special::Dragon, &cards(p[1].replace('/', "").as_str())).unwrap()],
    );
    let big = cards("8s 9c 9d Ts Jd Qc Kh Ac Kd Qd Jc Th Ad");
    w.error("hk", &[four[3].clone(), PlayerHand::special(Special::AllBig, &big).unwrap()]);
    let sd = cards("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As");
    w.error(
        "hk",
        &[arr("2d 3d 4d / 5d 6d 7d 8d 9d / Td Jd Qd Kd Ad"), PlayerHand::special(Special::SupremeDragon, &sd).unwrap()],
    );

    // Bad seats.
    let c = cards("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah");
    w.lane_error(&c[..2], &c[2..7], &c[7..12]);
    w.lane_error(&c[..3], &c[3..9], &c[9..14]);
    w.lane_error(&c[..3], &c[3..8], &c[8..12]);
    w.lane_error(&c[..3], &c[3..8], &[c[8], c[9], c[10], c[11], c[0]]);
    w.special_error(Special::Dragon, &dragon[..12]);
    w.special_error(Special::Dragon, &c);
    let mut twice = dragon.clone();
    twice[5] = twice[2];
    w.special_error(Special::Dragon, &twice);

    // Bad money.
    let water = [-D, D];
    w.money_error(&water, &s(-1, None, Rake::NONE));
    w.money_error(&water, &s(1, Some(vec![5, -3]), Rake::NONE));
    w.money_error(&water, &s(1, Some(vec![5]), Rake::NONE));
    w.money_error(&water, &s(1, None, Rake::percent(101)));
    w.money_error(&water, &s(1, None, Rake::percent(-5)));
    w.money_error(&water, &s(1, None, Rake { numerator: 0, denominator: 0 }));
    w.money_error(&[D], &s(1, None, Rake::NONE));
    // Nine seats: more than any table (two decks seat 8).
    w.money_error(&[D, D, D, D, D, D, D, D, -8 * D], &s(1, None, Rake::NONE));

    let tally = std::mem::take(&mut w.tally);
    (w.finish(), tally)
}

// ---------------------------------------------------------------------------------------------
// banker.json: banker mode, 2-4 scoring, "players − 1"
// ---------------------------------------------------------------------------------------------

/// The rule sets of `banker.json`.
fn banker_rule_sets() -> Vec<(&'static str, Rules)> {
    let banker = |r: Rules| Rules { table: Table::Banker, ..r };
    let pmo = |mut r: Rules| {
        r.shooting.bonus = Amount::PlayersMinusOne;
        r.home_run.multiplier = Amount::PlayersMinusOne;
        r
    };
    vec![
        ("classic", Rules::classic()),
        ("classic_banker", banker(Rules::classic())),
        ("kx_banker", banker(Rules::preset(Preset::Kx))),
        ("hk_banker", banker(Rules::preset(Preset::Hk))),
        ("regional_banker", banker(Rules { foul_counts_as_shot: true, ..Rules::preset(Preset::Regional) })),
        ("chinese_poker", Rules::preset(Preset::ChinesePoker)),
        ("chinese_poker_banker", banker(Rules::preset(Preset::ChinesePoker))),
        // A shot's bonus and a home run's multiplier of "players − 1", pairwise (§9: seats).
        ("classic_pmo", pmo(Rules::classic())),
        ("classic_pmo_banker", banker(pmo(Rules::classic()))),
        // The majority bonus inside a shot's multiplier: kx with 2-4's +1.
        ("kx_majority_banker", banker(Rules { majority_bonus: 1, ..Rules::preset(Preset::Kx) })),
    ]
}

fn generate_banker() -> String {
    let mut w = Writer {
        extended: true,
        rules: banker_rule_sets(),
        tables: vec![],
        money: vec![],
        escapes: vec![],
        errors: vec![],
        seat_errors: vec![],
        money_errors: vec![],
        tally: Tally::default(),
    };
    let mut rng = SplitMix(0x5EED_BA4C);
    let plain = Stakes { base: 100, carries: None, rake: Rake::NONE };
    let example = |w: &mut Writer, rules: &str, hands: &[PlayerHand], banker: Option<usize>, want: &[i64]| {
        let got: Vec<i64> =
            w.banker_table(rules, hands, banker, &plain).iter().map(|t| t.to_integer().expect("whole water")).collect();
        assert_eq!(got, want, "worked example under {rules}, banker {banker:?}: the hand arithmetic disagrees");
    };

    // Table D (worked example D of core/tests/settle_examples.rs), lane by lane:
    //   D0 AAA / KKKK 2 / 8-high straight flush; D1 QQ2 / JJJ33 / 9999 5;
    //   D2 TT4 / 66633 / 777TT; D3 QQA / 5544J / 88822.
    //   front D0 > D3 > D1 > D2, middle D0 > D1 > D2 > D3, back D0 > D1 > D3 > D2.
    //   Classic and kx water of a won lane: D0 3 + 8 + 5 = 16; D1 1 / 2 / 4; D2 1 / 2 / 1; D3 1 / 1 / 1.
    let d: Vec<PlayerHand> = [
        "Ac Ad Ah / Kc Kd Kh Ks 2c / 4s 5s 6s 7s 8s",
        "Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s 5c",
        "Tc Td 4c / 6c 6d 6h 3h 3s / 7c 7d 7h Th Ts",
        "Qh Qs As / 5d 5h 4d 4h Js / 8c 8d 8h 2h 2s",
    ]
    .iter()
    .map(|t| arr(t))
    .collect();
    // Classic, banker 0, four seats — the banker's home run: D0 shoots each player
    // (16 + 1 = 17), a home run ×4: 68 from each. 3 × 68 = 204.
    example(&mut w, "classic_banker", &d, Some(0), &[204, -68, -68, -68]);
    // Kx, banker 0, four seats: each shot 16 × 2 = 32, the home run ×2 on top: 64 each.
    example(&mut w, "kx_banker", &d, Some(0), &[192, -64, -64, -64]);
    // Classic, banker 1, four seats — a player shoots the banker: D0 wins all three against D1
    // (16 + 1 = 17; no home run, D0 is not settled against D2, D3). D1 against D2: 1 + 2 + 4 = 7,
    // a shot: 8. D1 against D3: front lost (1), middle 2 and back 4 won: +5.
    // D1: −17 + 8 + 5 = −4.
    example(&mut w, "classic_banker", &d, Some(1), &[17, -4, -8, -5]);
    // Kx, banker 1: D0 shoots D1: 16 × 2 = 32; D1 shoots D2: 7 × 2 = 14; D1 − D3 +5.
    // D1: −32 + 14 + 5 = −13.
    example(&mut w, "kx_banker", &d, Some(1), &[32, -13, -14, -5]);
    // A plain round, three seats D1, D2, D3, banker D3 (seat 2): D1 against D3 +5 as above; D2
    // against D3: front lost (1), middle full house won (2), back full house lost (1): 0.
    let d123 = [d[1].clone(), d[2].clone(), d[3].clone()];
    example(&mut w, "classic_banker", &d123, Some(2), &[5, 0, -5]);
    example(&mut w, "kx_banker", &d123, Some(2), &[5, 0, -5]);
    // "players − 1" (classic_pmo: shot bonus and home-run multiplier n − 1), banker 0 at four
    // seats: each shot 16 + 3 = 19, the home run × 3: 57 each, 171.
    example(&mut w, "classic_pmo_banker", &d, Some(0), &[171, -57, -57, -57]);

    // Table C (core/tests/settle_examples.rs): C0 QQQ / 2222 9 / royal flush (3 + 8 + 5 = 16);
    // C1 AA3 / KK55 7 / flush; C2 AK4 / 66 / TTT88.
    let c0 = arr("Qs Qh Qd / 2c 2d 2h 2s 9c / Tc Jc Qc Kc Ac");
    let c1 = arr("As Ad 3c / Ks Kd 5c 5d 7s / 3s 4s 6s 8s Js");
    let c2 = arr("Ah Kh 4c / 6c 6d 7c 8c 9d / Th Td Ts 8d 8h");
    let c = [c0.clone(), c1.clone(), c2.clone()];
    // Classic, banker 0, three seats: shots 17 each, a home run ×4 (3+ seats): 68 each.
    example(&mut w, "classic_banker", &c, Some(0), &[136, -68, -68]);
    // Kx at three seats: shots 16 × 2 = 32 each; kx's home run needs four seats.
    example(&mut w, "kx_banker", &c, Some(0), &[64, -32, -32]);
    // Classic, banker 1: C0 shoots the banker (17); banker against C2: front 1 and middle 1
    // won, back 1 lost: +1. C1: −17 + 1 = −16.
    example(&mut w, "classic_banker", &c, Some(1), &[17, -16, -1]);
    // Kx, banker 1: C0 shoots the banker 16 × 2 = 32; banker − C2 +1.
    example(&mut w, "kx_banker", &c, Some(1), &[32, -31, -1]);
    // Kx with a majority bonus of 1, banker 0: each pair's lane water 16 + 1 = 17, the shot × 2:
    // 34 each (the multiplier applies to the bonus).
    example(&mut w, "kx_majority_banker", &c, Some(0), &[68, -34, -34]);
    // A fouled banker: C1's cards as J87 / AA55 3 / KK 643 (middle over back). C0 takes its own
    // lane values 3 + 8 + 5 = 16, C2 its own 1 + 1 + 1 = 3; a foul is no shot here. −16 − 3 = −19.
    let c1_foul = arr("Js 8s 7s / As Ad 3c 5c 5d / Ks Kd 3s 4s 6s");
    let c_foul = [c0.clone(), c1_foul.clone(), c2.clone()];
    example(&mut w, "classic_banker", &c_foul, Some(1), &[16, -19, 3]);
    example(&mut w, "kx_banker", &c_foul, Some(1), &[16, -19, 3]);

    // Table I: I0 234 / 5-9 straight / T-A straight; I1 six pairs (classic and kx: 4);
    // I2 AAA / QQQTT / KKK66 (3 + 2 + 1 = 6 when it wins all three); I3 442 / 888 59 / heart flush.
    let six_pairs = PlayerHand::special(Special::SixPairs, &cards("2d 2c 3s 3c 5s 5d 7s 7c 9s 9d Js Jc 4s")).unwrap();
    let i = [
        arr("2s 3d 4c / 5h 6s 7d 8c 9h / Ts Jd Qc Kh As"),
        six_pairs,
        arr("Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c"),
        arr("4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh"),
    ];
    // The banker's special (banker 1): every player pays six pairs its 4.
    example(&mut w, "classic_banker", &i, Some(1), &[-4, 12, -4, -4]);
    example(&mut w, "kx_banker", &i, Some(1), &[-4, 12, -4, -4]);
    // A player's special (banker 2): the banker pays six pairs 4; the banker shoots I0 and I3
    // (6 + 1 = 7 each; no home run with a special at the table). I2: 7 + 7 − 4 = 10.
    example(&mut w, "classic_banker", &i, Some(2), &[-7, 4, 10, -7]);
    // Kx: shots 6 × 2 = 12. I2: 12 + 12 − 4 = 20.
    example(&mut w, "kx_banker", &i, Some(2), &[-12, 4, 20, -12]);
    // "players − 1" with a special at the table (§9: the seats, 4, not the 3 normal players):
    // all pairs, shot bonus 3. I0: −4 (special) − (6 + 3) − 1 (I3 wins 2 lanes to 1) = −14;
    // I1: 3 × 4 = 12; I2: 9 + 9 − 4 = 14; I3: −4 + 1 − 9 = −12.
    example(&mut w, "classic_pmo", &i, None, &[-14, 12, 14, -12]);
    // The same in banker mode, banker 2: I0 −9, I1 +4, I2 9 + 9 − 4 = 14, I3 −9.
    example(&mut w, "classic_pmo_banker", &i, Some(2), &[-9, 4, 14, -9]);

    // 2-4 scoring (chinese_poker: every won lane 1, +1 to the majority, no shots).
    // 3-0: C0 wins all three against C1: 3 + 1 = 4.
    example(&mut w, "chinese_poker", &c[..2], None, &[4, -4]);
    // 2-1: D1 against D3: front lost, middle and back won: 2 − 1 + 1 = 2.
    example(&mut w, "chinese_poker", &[d[1].clone(), d[3].clone()], None, &[2, -2]);
    // Ties. X K-Q-9 / 22 / AA; Y K-Q-9 / 33 / 44: front tied, Y the middle, X the back: 0.
    // W K-Q-9 / JJJ / 555AA ties both fronts and wins the other two lanes: 2 + 1 = 3 from each.
    let x = arr("Kc Qc 9c / 2c 2d 3c 4d 6h / Ah Ad 7c 8c Tc");
    let y = arr("Kd Qd 9d / 3d 3h 5c 6c 8h / 4h 4s 7d 8d Td");
    let wk = arr("Kh Qs 9s / Jc Jd Jh 2h 3s / As Ac 5d 5s 5h");
    example(&mut w, "chinese_poker", &[x.clone(), y.clone()], None, &[0, 0]);
    example(&mut w, "chinese_poker", &[x.clone(), y.clone(), wk.clone()], None, &[-3, -3, 6]);
    // Banker X: X − Y 0, X − W −3; Y and W settle nothing.
    example(&mut w, "chinese_poker_banker", &[x.clone(), y.clone(), wk.clone()], Some(0), &[-3, 0, 3]);
    // A foul counts as losing all three lanes, majority included: 4. C2 fouled as TTT / AK 66 4 /
    // 9 888 7 (front over middle); two fouled seats settle 0.
    let c2_foul = arr("Th Td Ts / Ah Kh 4c 6c 6d / 7c 8c 9d 8d 8h");
    example(&mut w, "chinese_poker", &[c0.clone(), c1_foul.clone(), c2_foul.clone()], None, &[8, -4, -4]);
    // The fouled banker C1: pays C0 4, settles 0 with the fouled C2.
    example(&mut w, "chinese_poker_banker", &[c0.clone(), c1_foul.clone(), c2_foul.clone()], Some(1), &[4, -4, 0]);

    // Random tables under every rule set, banker mode with a random banker seat.
    let names: Vec<&'static str> = w.rules.iter().map(|r| r.0).collect();
    for k in 0..40 {
        let name = names[k % names.len()];
        let rules = w.rules(name);
        let hands = random_table(&mut rng, &rules);
        let banker = (rules.table == Table::Banker).then(|| rng.below(hands.len()));
        let stakes = random_stakes(&mut rng, hands.len());
        w.banker_table(name, &hands, banker, &stakes);
    }

    // Bad rounds: a banker-mode round without a banker, a banker seat not at the table, a banker
    // seat under all pairs.
    w.banker_error("classic_banker", &c, None);
    w.banker_error("kx_banker", &c, Some(3));
    w.banker_error("chinese_poker_banker", &c[..2], Some(7));
    w.banker_error("classic", &c, Some(0));
    w.banker_error("chinese_poker", &c, Some(1));

    // Rule sets that must not load: banker mode or a majority bonus under ranked scoring, a
    // negative or too large majority bonus.
    let mut rules_errors = Vec::new();
    let mut bad_rules = |json: String, path: &str| {
        match Rules::from_json(&json) {
            Err(Error::InvalidRules { path: p, .. }) => assert_eq!(p, path),
            other => panic!("{path}: {other:?}"),
        }
        rules_errors.push(format!("{{\"json\": {}, \"kind\": \"invalid_rules\", \"path\": {}}}", js(&json), js(path)));
    };
    let ranked = Rules::preset(Preset::Ranked).to_json();
    bad_rules(ranked.replace("\"table\": \"all_pairs\"", "\"table\": \"banker\""), "table");
    bad_rules(ranked.replace("\"majority_bonus\": 0", "\"majority_bonus\": 1"), "majority_bonus");
    let cp = Rules::preset(Preset::ChinesePoker).to_json();
    bad_rules(cp.replace("\"majority_bonus\": 1", "\"majority_bonus\": -1"), "majority_bonus");
    bad_rules(cp.replace("\"majority_bonus\": 1", "\"majority_bonus\": 1001"), "majority_bonus");
    bad_rules(cp.replace("\"table\": \"all_pairs\"", "\"table\": \"dealer\""), "table");

    let rule_sets: Vec<String> =
        w.rules.iter().map(|(n, r)| format!("{{\"name\": {}, \"json\": {}}}", js(n), js(&r.to_json()))).collect();
    assert!(
        w.tables.iter().any(|t| t.contains("\"kind\": \"home_run\""))
            && w.tables.iter().any(|t| t.contains("\"majority\": {"))
    );
    document(
        "",
        &[("rule_sets", &rule_sets), ("tables", &w.tables), ("errors", &w.errors), ("rules_errors", &rules_errors)],
    )
}

#[test]
fn banker_vectors_match_the_engine() {
    check_vectors(BANKER_PATH, &generate_banker(), "cargo test -p shisanshui-ffi --test settle_vectors", "");
}

/// The file's text, made once per test run (both tests read it).
fn generated() -> &'static (String, Tally) {
    static TEXT: std::sync::OnceLock<(String, Tally)> = std::sync::OnceLock::new();
    TEXT.get_or_init(generate)
}

#[test]
fn vectors_match_the_engine() {
    check_vectors(PATH, &generated().0, "cargo test -p shisanshui-ffi --test settle_vectors", "");
}

/// The random tables cover what the surfaces must see.
#[test]
fn vectors_cover_settlement() {
    let t = &generated().1;
    eprintln!(
        "{} tables, {} seats: {} fouls, {} specials ({} special pairs), {} shots, {} home runs, \
         {} fractional totals in {} ranked tables; {} capped seats, {} raked tables",
        t.tables,
        t.seats,
        t.fouls,
        t.specials,
        t.special_pairs,
        t.shots,
        t.home_runs,
        t.fractions,
        t.ranked,
        t.capped,
        t.raked
    );
    assert!(t.tables >= 50);
    assert!(t.fouls >= 10 && t.specials >= 5 && t.special_pairs >= 1);
    assert!(t.shots >= 10 && t.home_runs >= 2);
    assert!(t.fractions >= 1 && t.ranked >= 10);
    assert!(t.capped >= 5 && t.raked >= 10);
}
