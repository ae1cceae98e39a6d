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
//!       "totals": ["-40/3", "4", ...], "twelfths": [-160, 48, ...],
//!       "matrix": [[twelfths, ...], ...],
//!       "pairs": [ {"seats": [0, 1], "kind": "lanes", "winners": [0, null, 1], "lane_water": [1, 0, 2],
//!                   "net": -1, "shot": null | {"shooter": 0, "victim": 1, "lane_water": 8, "value": 16},
//!                   "home_run": null | 68,
//!                   "special": null | {"winner": 1 | null, "special": "SP" | null, "twelfths": 16},
//!                   "twelfths": -12}, ... ],
//!       "events": [ {"kind": "foul", "seat": 0, "foul_bits": 2}, {"kind": "special", "seat": 1, "special": "SP"},
//!                   {"kind": "shot", "seat": 2, "victim": 0, "value": 9}, {"kind": "home_run", "seat": 0, "value": 124} ],
//!       "ranked_lane_water": null | [4, 2, 1],
//!       "stakes": {"base": 100, "carries": null | [...], "rake": [5, 100]},
//!       "money": {"amounts": [...], "rake": 1500, "rounding": -1, "house": 1499}}, ... ],
//!   "money":   [ {"twelfths": [...], "stakes": {...}, "amounts": [...], "rake": r, "rounding": x, "house": h}, ... ],
//!   "escapes": [ {"seats": 4, "leaver": 2, "stakes": {...}, "amounts": [...], "rake": r, "rounding": x,
//!                 "house": h, "unclaimed": u}, ... ],
//!   "errors":  [ {"rules": "classic", "seats": [...], "kind": "duplicate_card", "position": 38}, ... ],
//!   "seat_errors":  [ {"front": [...], "middle": [...], "back": [...], "kind": "wrong_card_count"},
//!                     {"special": "DR", "cards": [...], "kind": "duplicate_card", "position": 5}, ... ],
//!   "money_errors": [ {"twelfths": [...], "stakes": {...}, "kind": "invalid_money"}, ... ]
//! }
//! ```
//! - Water: `totals` in the engine's text form (`-40/3`, `4`), everything else in twelfths of a
//!   point (`twelfths / 12` water). A pair's amounts are from its lower seat's side: `net` is the
//!   lane water before shots, `twelfths` the final water; `winners[i]` is the seat that won lane
//!   `i` (front, middle, back) or null, `lane_water[i]` what that lane moved.
//! - `kind` of a pair is the snake_case `PairKind` (`lanes`, `one_fouled`, `both_fouled`,
//!   `special_vs_normal`, `special_vs_special`).
//! - Money: `stakes.base` minor units per water point, `carries` one per seat (null: no caps),
//!   `rake` as `[numerator, denominator]`. `money` of a table settles its `twelfths`.
//! - Errors: `kind` is the snake_case `shisanshui::Error` variant; `position` (duplicates) counts
//!   across the table as `seat × 13 + index` for a table, within the seat for `seat_errors`.
//!
//! This test regenerates the whole file from the engine and fails when the committed file
//! differs. `UPDATE_VECTORS=1 cargo test -p shisanshui-ffi --test settle_vectors` rewrites it.
//!
//! Before anything is written, every table is checked three ways: against an oracle written
//! here from RULES.md §4–§6, §8 and the ranked paragraph of §9 (lanes scored by the literal place
//! formula, shots and home runs as extra payments on top, money step by step), against the
//! invariants of a settlement (zero sum, antisymmetric matrix, rows summing to the totals), and
//! through the C ABI in this process (`sss_settle`, `sss_money_settle`), which must agree with
//! the engine field by field.

use engine::money::{escape, settle_money, MoneyResult, Rake, Stakes};
use engine::settle::{settle, Event, PairKind, PlayerHand, Settlement, Water};
use engine::{Card, Category, Error, HandRank, Preset, Rules, ScoringMode, Special};

use shisanshui::money::{sss_money_settle, SssMoneyLine, SssMoneyTotals, SssStakes};
use shisanshui::settle::{
    sss_settle, sss_settlement_event, sss_settlement_free, sss_settlement_info, sss_settlement_matrix,
    sss_settlement_pair, sss_settlement_totals, SssEvent, SssPairResult, SssSeat, SssSettlementInfo, SssWater,
    SSS_SEAT_ARRANGED, SSS_SEAT_NONE, SSS_SEAT_SPECIAL,
};
use shisanshui::SssStatus;

#[path = "../../core/tests/support/mod.rs"]
mod support;

use support::{check_vectors, document, js, SplitMix};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/settle.json");
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
// The oracle: RULES.md restated independently of the engine's structure (twelfths throughout)
// ---------------------------------------------------------------------------------------------

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

/// Totals in twelfths.
fn oracle_totals(hands: &[PlayerHand], rules: &Rules) -> Vec<i64> {
    let n = hands.len();
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
    // What i takes from j for the lanes it wins against j.
    let won = |i: usize, j: usize| -> i64 {
        (0..3)
            .filter(|&l| cmp(i, j, l) > 0)
            .map(|l| match &seats[i] {
                OSeat::Lanes(r, _) if !ranked => lane_bonus(rules, l, r[l]),
                _ => t[l],
            })
            .sum()
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
                total[i] += sum * tl * 12 / tied;
            }
        }
    } else {
        for &i in &normal {
            for &j in &normal {
                if i != j {
                    total[i] += (won(i, j) - won(j, i)) * 12;
                }
            }
        }
    }
    // Shots and the home run, as what they add on top of the lanes.
    let sh = &rules.shooting;
    let shooting = sh.enabled && n >= sh.min_players as usize;
    let shoots = |i: usize, j: usize| -> bool {
        let (OSeat::Lanes(_, fi), OSeat::Lanes(_, fj)) = (&seats[i], &seats[j]) else { return false };
        if !shooting || *fi || (*fj && !rules.foul_counts_as_shot) {
            return false;
        }
        let wins = (0..3).filter(|&l| cmp(i, j, l) > 0).count();
        let losses = (0..3).filter(|&l| cmp(i, j, l) < 0).count();
        losses == 0 && (wins == 3 || (sh.allows_ties && wins > 0))
    };
    let shot_bonus = sh.bonus.at(if ranked { p as usize } else { n }) as i64;
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
                    pay = (pay + hr.bonus_per_victim as i64) * hr.multiplier.at(n) as i64;
                }
                total[i] += (pay - l) * 12;
                total[j] -= (pay - l) * 12;
            }
        }
    }
    // Specials: every normal seat pays (ranked: w / p each); between specials the higher wins.
    let top = seats.iter().filter_map(|s| if let OSeat::Special(w, _) = s { Some(*w) } else { None }).max();
    for s in 0..n {
        let OSeat::Special(w, order) = seats[s] else { continue };
        for &q in &normal {
            let share = if ranked { w * 12 / p } else { w * 12 };
            total[s] += share;
            total[q] -= share;
        }
        for o in 0..n {
            if let OSeat::Special(_, other) = seats[o] {
                if order < other {
                    let paid = if ranked && p == 0 { top.unwrap() } else { w };
                    total[s] += paid * 12;
                    total[o] -= paid * 12;
                }
            }
        }
    }
    total
}

/// §8 step by step: `(amounts, rake, rounding)`.
fn oracle_money(twelfths: &[i64], stakes: &Stakes) -> (Vec<i64>, i64, i64) {
    let raw: Vec<i128> = twelfths.iter().map(|&t| t as i128 * stakes.base as i128 / 12).collect();
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
    c.twelfths == w.twelfths() && c.num == w.numer() && c.den == w.denom()
}

/// The C ABI settles the table exactly as the engine does.
fn check_c_abi(hands: &[PlayerHand], rules: &Rules, s: &Settlement, what: &str) {
    let seats: Vec<SssSeat> = hands.iter().map(seat_in).collect();
    let r = rules_handle(rules);
    let mut out = std::ptr::null_mut();
    assert_eq!(unsafe { sss_settle(r, seats.as_ptr(), seats.len(), &mut out) }, SssStatus::SSS_OK, "{what}");
    let mut info = SssSettlementInfo::default();
    assert_eq!(unsafe { sss_settlement_info(out, &mut info) }, SssStatus::SSS_OK);
    assert_eq!((info.seat_count as usize, info.event_count as usize), (s.seats.len(), s.events.len()), "{what}");
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
        other => panic!("no vector form for {other:?}"),
    }
}

fn check_c_money(twelfths: &[i64], stakes: &Stakes, m: &MoneyResult) {
    let c_stakes = SssStakes {
        base: stakes.base,
        rake_numerator: stakes.rake.numerator,
        rake_denominator: stakes.rake.denominator,
    };
    let carries = stakes.carries.clone().unwrap_or_default();
    let mut lines = [SssMoneyLine::default(); 4];
    let (mut n, mut totals) = (0usize, SssMoneyTotals::default());
    let st = unsafe {
        sss_money_settle(
            twelfths.as_ptr(),
            twelfths.len(),
            &c_stakes,
            carries.as_ptr(),
            carries.len(),
            lines.as_mut_ptr(),
            4,
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

fn settlement_json(s: &Settlement) -> String {
    let pairs = list(&s.pairs, |p| {
        let (winners, water) = match p.lanes {
            Some(lanes) => (list(lanes, |l| opt(l.winner, |w| w.to_string())), list(lanes, |l| l.water.to_string())),
            None => ("null".to_string(), "null".to_string()),
        };
        format!(
            "{{\"seats\": [{}, {}], \"kind\": \"{}\", \"winners\": {winners}, \"lane_water\": {water}, \"net\": {}, \
             \"shot\": {}, \"home_run\": {}, \"special\": {}, \"twelfths\": {}}}",
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
                "{{\"winner\": {}, \"special\": {}, \"twelfths\": {}}}",
                opt(sp.winner, |w| w.to_string()),
                opt(sp.special, |s| js(s.id())),
                sp.water.twelfths()
            )),
            p.water.twelfths()
        )
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
        other => panic!("no vector form for {other:?}"),
    });
    format!(
        "\"totals\": {}, \"twelfths\": {}, \"matrix\": {}, \"pairs\": {pairs}, \"events\": {events}, \"ranked_lane_water\": {}",
        list(&s.totals, |w| js(&w.to_string())),
        list(&s.totals, |w| w.twelfths().to_string()),
        list(&s.matrix, |row| list(row, |w| w.twelfths().to_string())),
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
        let rules = self.rules(rules_name);
        let what = format!("table {} under {rules_name}", self.tables.len());
        let s = settle(hands, &rules).unwrap_or_else(|e| panic!("{what}: {e}"));
        check_invariants(&s, &what);
        let twelfths: Vec<i64> = s.totals.iter().map(|w| w.twelfths()).collect();
        assert_eq!(twelfths, oracle_totals(hands, &rules), "{what}: the engine disagrees with the oracle");
        check_c_abi(hands, &rules, &s, &what);
        let m = settle_money(&s.totals, stakes).unwrap();
        assert_eq!(oracle_money(&twelfths, stakes), (m.amounts(), m.rake, m.rounding), "{what}: money");
        check_c_money(&twelfths, stakes, &m);

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
        self.tables.push(format!(
            "{{\"rules\": {}, \"seats\": {}, {}, \"stakes\": {}, \"money\": {{{}}}}}",
            js(rules_name),
            seats_json(hands),
            settlement_json(&s),
            stakes_json(stakes),
            money_json(&m)
        ));
    }

    fn money(&mut self, twelfths: &[i64], stakes: &Stakes) {
        let water: Vec<Water> = twelfths.iter().map(|&t| Water::from_twelfths(t)).collect();
        let m = settle_money(&water, stakes).unwrap();
        assert_eq!(oracle_money(twelfths, stakes), (m.amounts(), m.rake, m.rounding));
        check_c_money(twelfths, stakes, &m);
        self.money.push(format!(
            "{{\"twelfths\": {}, \"stakes\": {}, {}}}",
            list(twelfths, |t| t.to_string()),
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
        let e = settle(hands, &self.rules(rules_name)).expect_err("a bad table");
        self.errors.push(format!(
            "{{\"rules\": {}, \"seats\": {}, {}}}",
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

    fn money_error(&mut self, twelfths: &[i64], stakes: &Stakes) {
        let water: Vec<Water> = twelfths.iter().map(|&t| Water::from_twelfths(t)).collect();
        let e = settle_money(&water, stakes).expect_err("bad money");
        self.money_errors.push(format!(
            "{{\"twelfths\": {}, \"stakes\": {}, {}}}",
            list(twelfths, |t| t.to_string()),
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
    w.money(&[-200 * 12, -800 * 12, 900 * 12, 100 * 12], &kx);
    w.money(&[-160, 48, 200, -88], &s(100, None, Rake::NONE));
    w.money(&[-18, -18, 36], &s(1, None, Rake::NONE));
    w.money(&[300 * 12, -100 * 12, -200 * 12], &s(1, Some(vec![50, 1000, 1000]), Rake::NONE));
    w.money(&[-300 * 12, 100 * 12, 200 * 12], &s(1, Some(vec![50, 1000, 1000]), Rake::percent(5)));
    w.money(&[5 * 12, -5 * 12], &s(10, Some(vec![0, 100]), Rake::NONE));
    w.money(&[-7 * 12, 3 * 12, 4 * 12], &s(10, None, Rake::percent(100)));
    w.money(&[-100 * 12, 100 * 12], &s(1, None, Rake { numerator: 1, denominator: 3 }));

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
    let water = [-12, 12];
    w.money_error(&water, &s(-1, None, Rake::NONE));
    w.money_error(&water, &s(1, Some(vec![5, -3]), Rake::NONE));
    w.money_error(&water, &s(1, Some(vec![5]), Rake::NONE));
    w.money_error(&water, &s(1, None, Rake::percent(101)));
    w.money_error(&water, &s(1, None, Rake::percent(-5)));
    w.money_error(&water, &s(1, None, Rake { numerator: 0, denominator: 0 }));
    w.money_error(&[12], &s(1, None, Rake::NONE));
    w.money_error(&[12, 12, 12, 12, -48], &s(1, None, Rake::NONE));

    let tally = std::mem::take(&mut w.tally);
    (w.finish(), tally)
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
