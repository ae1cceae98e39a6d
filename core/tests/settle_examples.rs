//! Worked examples of settlement in water (RULES.md §4–§6, §9), every number computed by hand
//! in the comments from the rule text and the preset table — not from the engine.
//!
//! Each table is settled under all five presets; expectations are the pairwise matrix entries
//! `(a, b, water a receives from b)` and the totals. Lane water per preset (front trips /
//! middle full house / middle quads / back quads / middle SF / back SF):
//! classic 3/2/8/4/10/5, regional 4/2/10/5/12/6, kx 3/2/8/4/10/5, hk all 1, ranked 4/2/8/4/10/5
//! (ranked pays every lane win at the lane's `t` instead). Shooting: classic and regional +1 with
//! ties (辗过) from 3 seats; kx ×2 from 2 seats; hk +1 from 2 seats; ranked +(p−1) from 2 seats.
//! Home run: classic and regional ×4 from 3 seats; kx ×2 at 4 seats; hk none; ranked
//! (shot + 12) × (p−1) from 2 seats.

use shisanshui::settle::{settle, Event, PairKind, PlayerHand, Settlement, Water};
use shisanshui::{parse_cards, Category, Lane, Preset, Rules, Special};

fn arr(s: &str) -> PlayerHand {
    PlayerHand::Arranged(s.parse().unwrap_or_else(|e| panic!("{s}: {e}")))
}

fn sp(special: Special, s: &str) -> PlayerHand {
    PlayerHand::special(special, &parse_cards(s).unwrap()).unwrap()
}

fn w(n: i64) -> Water {
    Water::from_int(n)
}

fn rules(p: Preset) -> Rules {
    Rules::preset(p)
}

/// Settle and compare with the hand-computed pairs and totals (whole water).
fn check(hands: &[PlayerHand], rules: &Rules, pairs: &[(usize, usize, i64)], totals: &[i64]) -> Settlement {
    let s = settle(hands, rules).unwrap_or_else(|e| panic!("settle failed: {e}"));
    let n = hands.len();
    assert_eq!(pairs.len(), n * (n - 1) / 2, "every pair must be listed");
    for &(a, b, water) in pairs {
        assert_eq!(s.matrix[a][b], w(water), "pair ({a},{b}) under {:?}", rules.scoring);
        assert_eq!(s.matrix[b][a], w(-water), "pair ({b},{a})");
        assert_eq!(s.pair(a, b).unwrap().water, if a < b { w(water) } else { w(-water) });
    }
    let t: Vec<Water> = totals.iter().map(|&x| w(x)).collect();
    assert_eq!(s.totals, t);
    s
}

fn shots(s: &Settlement) -> Vec<(usize, usize, i64)> {
    s.events
        .iter()
        .filter_map(|e| match *e {
            Event::Shot { shooter, victim, value } => Some((shooter, victim, value)),
            _ => None,
        })
        .collect()
}

fn home_run(s: &Settlement) -> Option<(usize, i64)> {
    s.events.iter().find_map(|e| match *e {
        Event::HomeRun { seat, value } => Some((seat, value)),
        _ => None,
    })
}

// ---------------------------------------------------------------------------------------------
// A. A plain 2-player round: split lanes, bonus hands, no shot.
//   P0: Qs Qh 4d (pair Q) / 7c 7d 8s 8h Kc (two pair) / 2h 3h 9h Jh Ah (flush)
//   P1: 9c 5c 4c (9 high) / Ts Td Tc 4s 4h (full house) / 6s 6d 6h 6c 2s (quads)
//   front: P0 (pair beats high card) 1; middle: P1 full house (middle FH bonus);
//   back: P1 quads (back quads bonus).
// ---------------------------------------------------------------------------------------------
fn table_a() -> Vec<PlayerHand> {
    vec![arr("Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah"), arr("9c 5c 4c / Ts Td Tc 4s 4h / 6s 6d 6h 6c 2s")]
}

#[test]
fn a_plain_two_players() {
    // classic: 1 − 2 − 4 = −5.
    let s = check(&table_a(), &rules(Preset::Classic), &[(0, 1, -5)], &[-5, 5]);
    let lanes = s.pairs[0].lanes.unwrap();
    assert_eq!((lanes[0].winner, lanes[0].water, lanes[0].hand), (Some(0), 1, Some(Category::OnePair)));
    assert_eq!((lanes[1].winner, lanes[1].water, lanes[1].hand), (Some(1), 2, Some(Category::FullHouse)));
    assert_eq!((lanes[2].winner, lanes[2].water, lanes[2].hand), (Some(1), 4, Some(Category::FourOfAKind)));
    assert_eq!(lanes.map(|l| l.lane), Lane::ALL);
    assert_eq!(s.pairs[0].kind, PairKind::Lanes);
    assert!(s.events.is_empty());
    // regional: back quads 5: 1 − 2 − 5 = −6.
    check(&table_a(), &rules(Preset::Regional), &[(0, 1, -6)], &[-6, 6]);
    // kx: as classic, −5.
    check(&table_a(), &rules(Preset::Kx), &[(0, 1, -5)], &[-5, 5]);
    // hk: every lane 1: 1 − 1 − 1 = −1.
    check(&table_a(), &rules(Preset::Hk), &[(0, 1, -1)], &[-1, 1]);
    // ranked, p = 2: t = best front (pair Q) 1, best middle (FH) 2, best back (quads) 4: 1 − 2 − 4.
    let s = check(&table_a(), &rules(Preset::Ranked), &[(0, 1, -5)], &[-5, 5]);
    assert_eq!(s.ranked_lane_water, Some([1, 2, 4]));
}

// ---------------------------------------------------------------------------------------------
// B. A 2-player shot.
//   P0: Ad Ac 5d (pair A) / Jc Jd Js 3c 3d (full house) / 5h 6h 7h 8h 9h (straight flush)
//   P1: Ks Qd 2c (K high) / 4s 4d 7c 8d Ts (pair 4) / As Ah 2d 6s Qh (pair A)
//   P0 wins every lane: front 1 + middle FH + back SF.
// ---------------------------------------------------------------------------------------------
fn table_b() -> Vec<PlayerHand> {
    vec![arr("Ad Ac 5d / Jc Jd Js 3c 3d / 5h 6h 7h 8h 9h"), arr("Ks Qd 2c / 4s 4d 7c 8d Ts / As Ah 2d 6s Qh")]
}

#[test]
fn b_shot_two_players() {
    // classic: L = 1 + 2 + 5 = 8; shooting needs 3 seats, so no shot: 8.
    let s = check(&table_b(), &rules(Preset::Classic), &[(0, 1, 8)], &[8, -8]);
    assert!(shots(&s).is_empty() && s.pairs[0].shot.is_none());
    // regional: 1 + 2 + 6 = 9, no shot.
    check(&table_b(), &rules(Preset::Regional), &[(0, 1, 9)], &[9, -9]);
    // kx: L = 8, shot ×2 = 16 (2 seats suffice); home run needs 4 seats.
    let s = check(&table_b(), &rules(Preset::Kx), &[(0, 1, 16)], &[16, -16]);
    assert_eq!(shots(&s), [(0, 1, 16)]);
    assert_eq!(s.pairs[0].shot.unwrap().lane_water, 8);
    assert_eq!(home_run(&s), None);
    // hk: L = 3, shot +1 = 4.
    let s = check(&table_b(), &rules(Preset::Hk), &[(0, 1, 4)], &[4, -4]);
    assert_eq!(shots(&s), [(0, 1, 4)]);
    // ranked, p = 2: t = 1, 2, 5, L = 8; shot +(p−1) = 9; a home run from 2 seats:
    // (9 + 12) × (2 − 1) = 21.
    let s = check(&table_b(), &rules(Preset::Ranked), &[(0, 1, 21)], &[21, -21]);
    assert_eq!(shots(&s), [(0, 1, 9)]);
    assert_eq!(home_run(&s), Some((0, 21)));
    assert_eq!(s.pairs[0].home_run.unwrap().value, 21);
}

// ---------------------------------------------------------------------------------------------
// C. A 3-player home run.
//   P0: Qs Qh Qd (trips) / 2c 2d 2h 2s 9c (quads) / Tc Jc Qc Kc Ac (straight flush)
//   P1: As Ad 3c (pair A) / Ks Kd 5c 5d 7s (two pair) / 3s 4s 6s 8s Js (flush)
//   P2: Ah Kh 4c (A high) / 6c 6d 7c 8c 9d (pair 6) / Th Td Ts 8d 8h (full house)
//   P0 beats both everywhere: L = front trips + middle quads + back SF.
//   P1 vs P2: front P1 1, middle P1 1, back P2 (back full house = 1): P1 +1, no shot.
// ---------------------------------------------------------------------------------------------
fn table_c() -> Vec<PlayerHand> {
    vec![
        arr("Qs Qh Qd / 2c 2d 2h 2s 9c / Tc Jc Qc Kc Ac"),
        arr("As Ad 3c / Ks Kd 5c 5d 7s / 3s 4s 6s 8s Js"),
        arr("Ah Kh 4c / 6c 6d 7c 8c 9d / Th Td Ts 8d 8h"),
    ]
}

#[test]
fn c_home_run_three_players() {
    // classic: L = 3 + 8 + 5 = 16, shot 17, home run (3 seats) ×4 = 68 per victim.
    // P0 = 136, P1 = −68 + 1 = −67, P2 = −68 − 1 = −69.
    let s = check(&table_c(), &rules(Preset::Classic), &[(0, 1, 68), (0, 2, 68), (1, 2, 1)], &[136, -67, -69]);
    assert_eq!(shots(&s), [(0, 1, 17), (0, 2, 17)]);
    assert_eq!(home_run(&s), Some((0, 136)));
    // regional: L = 4 + 10 + 6 = 20, shot 21, ×4 = 84: P0 168, P1 −83, P2 −85.
    check(&table_c(), &rules(Preset::Regional), &[(0, 1, 84), (0, 2, 84), (1, 2, 1)], &[168, -83, -85]);
    // kx: L = 16, shot ×2 = 32; home run needs 4 seats: P0 64, P1 −31, P2 −33.
    let s = check(&table_c(), &rules(Preset::Kx), &[(0, 1, 32), (0, 2, 32), (1, 2, 1)], &[64, -31, -33]);
    assert_eq!(home_run(&s), None);
    // hk: L = 3, shot +1 = 4, no home runs: P0 8, P1 −3, P2 −5.
    check(&table_c(), &rules(Preset::Hk), &[(0, 1, 4), (0, 2, 4), (1, 2, 1)], &[8, -3, -5]);
    // ranked, p = 3: t = 4 (trips), 8 (quads), 5 (SF). P0 vs each: L = 17, shot +2 = 19, home
    // run (19 + 12) × 2 = 62. P1 vs P2: +4 + 8 − 5 = +7. P0 124, P1 −55, P2 −69.
    // Place scores (p + 1 − 2k)·t agree on the lanes: front 8/0/−8, middle 16/0/−16, back
    // P0 10, P2 0, P1 −10 → P0 34, P1 −10, P2 −24 = pairwise 17 + 17, −17 + 7, −17 − 7.
    let s = check(&table_c(), &rules(Preset::Ranked), &[(0, 1, 62), (0, 2, 62), (1, 2, 7)], &[124, -55, -69]);
    assert_eq!(s.ranked_lane_water, Some([4, 8, 5]));
    assert_eq!(shots(&s), [(0, 1, 19), (0, 2, 19)]);
    assert_eq!(home_run(&s), Some((0, 124)));
}

// ---------------------------------------------------------------------------------------------
// C'. Ties and 辗过 (3 players, no bonus hands).
//   P0: 9s 7h 4d / Jc Jd 5c 5d 2c (two pair J) / Ac Ad Ah 3c 3d (full house)
//   P1: 9d 7s 4h / Tc Td 6c 6d 2d (two pair T) / Kc Kd Kh 8c 7c (trips)
//   P2: Qs Qh 3s (pair Q) / 8s 8h 6s 6h Qd (two pair 8) / Ts Js Qc Ks As (straight)
//   P0 vs P1: front 9-7-4 = 9-7-4 tie, middle P0, back P0 (L = 2).
//   P0 vs P2: front P2, middle P0, back P0: +1.  P1 vs P2: front P2, middle P1, back P2: −1.
// ---------------------------------------------------------------------------------------------
fn table_ties() -> Vec<PlayerHand> {
    vec![
        arr("9s 7h 4d / Jc Jd 5c 5d 2c / Ac Ad Ah 3c 3d"),
        arr("9d 7s 4h / Tc Td 6c 6d 2d / Kc Kd Kh 8c 7c"),
        arr("Qs Qh 3s / 8s 8h 6s 6h Qd / Ts Js Qc Ks As"),
    ]
}

#[test]
fn c_ties_and_zhanguo() {
    // classic: two wins + one tie is a shot (辗过): 2 + 1 = 3. P0 4, P1 −4, P2 0.
    let s = check(&table_ties(), &rules(Preset::Classic), &[(0, 1, 3), (0, 2, 1), (1, 2, -1)], &[4, -4, 0]);
    let lanes = s.pair(0, 1).unwrap().lanes.unwrap();
    assert_eq!((lanes[0].winner, lanes[0].water, lanes[0].hand), (None, 0, None));
    assert_eq!(shots(&s), [(0, 1, 3)]);
    assert_eq!(s.pair(0, 1).unwrap().shot.unwrap().lane_water, 2);
    // regional: the same (no bonus hands).
    check(&table_ties(), &rules(Preset::Regional), &[(0, 1, 3), (0, 2, 1), (1, 2, -1)], &[4, -4, 0]);
    // kx: ties do not shoot: 2 + 1 = 3, P1 −3.
    let s = check(&table_ties(), &rules(Preset::Kx), &[(0, 1, 2), (0, 2, 1), (1, 2, -1)], &[3, -3, 0]);
    assert!(shots(&s).is_empty());
    // hk: suits break the front tie: 9♠ over 9♦, so P0 wins all three and shoots: 3 + 1 = 4.
    // P0 5, P1 −5, P2 0.
    let s = check(&table_ties(), &rules(Preset::Hk), &[(0, 1, 4), (0, 2, 1), (1, 2, -1)], &[5, -5, 0]);
    assert_eq!(s.pair(0, 1).unwrap().lanes.unwrap()[0].winner, Some(0));
    // ranked: no ties in shots; t = 1 in every lane (pair Q, two pair, back full house).
    let s = check(&table_ties(), &rules(Preset::Ranked), &[(0, 1, 2), (0, 2, 1), (1, 2, -1)], &[3, -3, 0]);
    assert_eq!(s.ranked_lane_water, Some([1, 1, 1]));
}

// ---------------------------------------------------------------------------------------------
// T. Three ties never shoot (3 players).
//   P0: 2c 3c 5d / 7c 7d 9c Jc Kd / Ac Ad 4c 6d 8c
//   P1: 2d 3d 5c / 7h 7s 9d Jd Kc / Ah As 4d 6c 8d      (the same ranks as P0 in every lane)
//   P2: Qs Qh Qc (trips) / Th Ts Tc Td 2h (quads) / 2s 3s 4s 5s 6s (straight flush)
// ---------------------------------------------------------------------------------------------
fn table_three_ties() -> Vec<PlayerHand> {
    vec![
        arr("2c 3c 5d / 7c 7d 9c Jc Kd / Ac Ad 4c 6d 8c"),
        arr("2d 3d 5c / 7h 7s 9d Jd Kc / Ah As 4d 6c 8d"),
        arr("Qs Qh Qc / Th Ts Tc Td 2h / 2s 3s 4s 5s 6s"),
    ]
}

#[test]
fn t_three_ties_are_no_shot() {
    // classic: P0 vs P1 three ties: 0 and no shot even with 辗过. P2 shoots both (3 + 8 + 5 + 1
    // = 17) and makes a home run: ×4 = 68 each.
    let s =
        check(&table_three_ties(), &rules(Preset::Classic), &[(0, 1, 0), (0, 2, -68), (1, 2, -68)], &[-68, -68, 136]);
    assert!(s.pair(0, 1).unwrap().shot.is_none());
    assert!(s.pair(0, 1).unwrap().lanes.unwrap().iter().all(|l| l.winner.is_none()));
    assert_eq!(home_run(&s), Some((2, 136)));
    // regional: 4 + 10 + 6 + 1 = 21, ×4 = 84.
    check(&table_three_ties(), &rules(Preset::Regional), &[(0, 1, 0), (0, 2, -84), (1, 2, -84)], &[-84, -84, 168]);
    // kx: 16 × 2 = 32, no home run at 3 seats.
    check(&table_three_ties(), &rules(Preset::Kx), &[(0, 1, 0), (0, 2, -32), (1, 2, -32)], &[-32, -32, 64]);
    // hk: suits decide every P0/P1 lane: front top card 5♣ (P1) over 5♦, middle pair 7♠ over
    // 7♣, back pair A♠ over A♣: P1 shoots P0, 3 + 1 = 4. P2 shoots both: 3 + 1 = 4.
    check(&table_three_ties(), &rules(Preset::Hk), &[(0, 1, -4), (0, 2, -4), (1, 2, -4)], &[-8, 0, 8]);
    // ranked, p = 3: t = 4, 8, 5; P2 vs each 17 + 2 = 19, home run (19 + 12) × 2 = 62.
    check(&table_three_ties(), &rules(Preset::Ranked), &[(0, 1, 0), (0, 2, -62), (1, 2, -62)], &[-62, -62, 124]);
}

// ---------------------------------------------------------------------------------------------
// D. A 4-player home run, and a shot between two victims.
//   P0: Ac Ad Ah (trips A) / Kc Kd Kh Ks 2c (quads) / 4s 5s 6s 7s 8s (straight flush)
//   P1: Qc Qd 2d (pair Q, 2) / Jc Jd Jh 3c 3d (full house) / 9c 9d 9h 9s 5c (quads)
//   P2: Tc Td 4c (pair T) / 6c 6d 6h 3h 3s (full house) / 7c 7d 7h Th Ts (full house)
//   P3: Qh Qs As (pair Q, A) / 5d 5h 4d 4h Js (two pair) / 8c 8d 8h 2h 2s (full house)
//   P0 beats everyone in every lane.
//   P1 vs P2: front P1 1, middle P1 (middle FH), back P1 (back quads): a shot.
//   P1 vs P3: front P3 1 (kicker A), middle P1 (FH), back P1 (quads).
//   P2 vs P3: front P3 1, middle P2 (FH), back P3 (back FH 1).
// ---------------------------------------------------------------------------------------------
fn table_d() -> Vec<PlayerHand> {
    vec![
        arr("Ac Ad Ah / Kc Kd Kh Ks 2c / 4s 5s 6s 7s 8s"),
        arr("Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s 5c"),
        arr("Tc Td 4c / 6c 6d 6h 3h 3s / 7c 7d 7h Th Ts"),
        arr("Qh Qs As / 5d 5h 4d 4h Js / 8c 8d 8h 2h 2s"),
    ]
}

#[test]
fn d_home_run_four_players() {
    // classic: P0 vs each L = 3 + 8 + 5 = 16, shot 17, home run ×4 = 68.
    // P1 vs P2: 1 + 2 + 4 = 7, shot 8. P1 vs P3: −1 + 2 + 4 = 5. P2 vs P3: −1 + 2 − 1 = 0.
    // P0 204, P1 −68 + 8 + 5 = −55, P2 −68 − 8 = −76, P3 −68 − 5 = −73.
    let s = check(
        &table_d(),
        &rules(Preset::Classic),
        &[(0, 1, 68), (0, 2, 68), (0, 3, 68), (1, 2, 8), (1, 3, 5), (2, 3, 0)],
        &[204, -55, -76, -73],
    );
    assert_eq!(shots(&s), [(0, 1, 17), (0, 2, 17), (0, 3, 17), (1, 2, 8)]);
    assert_eq!(home_run(&s), Some((0, 204)));
    assert!(s.pair(1, 2).unwrap().home_run.is_none(), "only the home-run seat's pairs are multiplied");
    // regional: P0 vs each 4 + 10 + 6 = 20, shot 21, ×4 = 84. P1 vs P2 1 + 2 + 5 = 8, shot 9.
    // P1 vs P3 −1 + 2 + 5 = 6. P2 vs P3 0. P0 252, P1 −69, P2 −93, P3 −90.
    check(
        &table_d(),
        &rules(Preset::Regional),
        &[(0, 1, 84), (0, 2, 84), (0, 3, 84), (1, 2, 9), (1, 3, 6), (2, 3, 0)],
        &[252, -69, -93, -90],
    );
    // kx (4 seats): P0 vs each 16 × 2 = 32, home run ×2 = 64. P1 vs P2 7 × 2 = 14. P1 vs P3 5.
    // P0 192, P1 −64 + 14 + 5 = −45, P2 −64 − 14 = −78, P3 −64 − 5 = −69.
    check(
        &table_d(),
        &rules(Preset::Kx),
        &[(0, 1, 64), (0, 2, 64), (0, 3, 64), (1, 2, 14), (1, 3, 5), (2, 3, 0)],
        &[192, -45, -78, -69],
    );
    // hk: every lane 1, shot +1, no home runs. P0 vs each 4. P1 vs P2 4. P1 vs P3 +1. P2 vs P3 −1.
    // P0 12, P1 −4 + 4 + 1 = 1, P2 −4 − 4 − 1 = −9, P3 −4 − 1 + 1 = −4.
    check(
        &table_d(),
        &rules(Preset::Hk),
        &[(0, 1, 4), (0, 2, 4), (0, 3, 4), (1, 2, 4), (1, 3, 1), (2, 3, -1)],
        &[12, 1, -9, -4],
    );
    // ranked, p = 4: t = 4, 8, 5 (17 for three lanes), shot +3, home run (20 + 12) × 3 = 96.
    // P1 vs P2: 17 + 3 = 20. P1 vs P3: −4 + 8 + 5 = 9. P2 vs P3: −4 + 8 − 5 = −1.
    // P0 288, P1 −96 + 20 + 9 = −67, P2 −96 − 20 − 1 = −117, P3 −96 − 9 + 1 = −104.
    // Place scores (3t, t, −t, −3t): front P0 12, P3 4, P1 −4, P2 −12; middle P0 24, P1 8,
    // P2 −8, P3 −24; back P0 15, P1 5, P3 −5, P2 −15: lanes P0 51, P1 9, P2 −35, P3 −25,
    // which the pairwise lanes give too (P1: −17 + 17 + 9).
    let s = check(
        &table_d(),
        &rules(Preset::Ranked),
        &[(0, 1, 96), (0, 2, 96), (0, 3, 96), (1, 2, 20), (1, 3, 9), (2, 3, -1)],
        &[288, -67, -117, -104],
    );
    assert_eq!(home_run(&s), Some((0, 288)));
}

// ---------------------------------------------------------------------------------------------
// E. A foul (3 players).
//   P0: Ks Kh Kd (trips) / Qs Qh 5c 6d 7h (pair) / As Ad 2c 3c 4d — front over middle: foul.
//   P1: Jc Jd Jh (trips) / Ts Td Tc 8s 8d (full house) / 9s 9d 9c 9h 2d (quads)
//   P2: Ac 7c 3d (A high) / 6c 6h 8h 5h 4h (pair) / Qd Qc 2h 7s 7d (two pair)
//   P0 loses every lane to P1 (at P1's values) and to P2 (1 each).
//   P1 vs P2: P1 wins all three: front trips, middle FH, back quads.
// ---------------------------------------------------------------------------------------------
fn table_e() -> Vec<PlayerHand> {
    vec![
        arr("Ks Kh Kd / Qs Qh 5c 6d 7h / As Ad 2c 3c 4d"),
        arr("Jc Jd Jh / Ts Td Tc 8s 8d / 9s 9d 9c 9h 2d"),
        arr("Ac 7c 3d / 6c 6h 8h 5h 4h / Qd Qc 2h 7s 7d"),
    ]
}

#[test]
fn e_foul_three_players() {
    // classic: P1 vs P0 3 + 2 + 4 = 9 (no shot: a foul is not a shot by default); P2 vs P0 3;
    // P1 shoots P2: 9 + 1 = 10; no home run (P0's foul does not count as shot).
    // P0 −12, P1 19, P2 −7.
    let s = check(&table_e(), &rules(Preset::Classic), &[(0, 1, -9), (0, 2, -3), (1, 2, 10)], &[-12, 19, -7]);
    assert_eq!(
        s.events[0],
        Event::Foul { seat: 0, foul: shisanshui::Foul { front_over_middle: true, middle_over_back: false } }
    );
    assert_eq!(shots(&s), [(1, 2, 10)]);
    assert_eq!(home_run(&s), None);
    assert_eq!(s.pair(0, 1).unwrap().kind, PairKind::OneFouled);
    let lanes = s.pair(0, 1).unwrap().lanes.unwrap();
    assert_eq!(lanes.map(|l| (l.winner, l.water)), [(Some(1), 3), (Some(1), 2), (Some(1), 4)]);
    assert!(s.seats[0].is_foul() && !s.seats[1].is_foul());
    // classic with foul_counts_as_shot: P1 shoots P0 (9 + 1) and P2 (10): a home run, ×4 = 40
    // each; P2 shoots P0: 3 + 1 = 4. P0 −44, P1 80, P2 −36.
    let mut r = rules(Preset::Classic);
    r.foul_counts_as_shot = true;
    let s = check(&table_e(), &r, &[(0, 1, -40), (0, 2, -4), (1, 2, 40)], &[-44, 80, -36]);
    assert_eq!(shots(&s), [(1, 0, 10), (2, 0, 4), (1, 2, 10)]);
    assert_eq!(home_run(&s), Some((1, 80)));
    // regional: P1's lanes 4 + 2 + 5 = 11; P1 vs P2 11 + 1 = 12. P0 −14, P1 23, P2 −9.
    check(&table_e(), &rules(Preset::Regional), &[(0, 1, -11), (0, 2, -3), (1, 2, 12)], &[-14, 23, -9]);
    // kx: P1 vs P0 9; P1 vs P2 9 × 2 = 18. P0 −12, P1 27, P2 −15.
    check(&table_e(), &rules(Preset::Kx), &[(0, 1, -9), (0, 2, -3), (1, 2, 18)], &[-12, 27, -15]);
    // hk: P1 vs P0 3, P2 vs P0 3, P1 vs P2 3 + 1. P0 −6, P1 7, P2 −1.
    check(&table_e(), &rules(Preset::Hk), &[(0, 1, -3), (0, 2, -3), (1, 2, 4)], &[-6, 7, -1]);
    // ranked, p = 3: t from the best non-fouled hands (all P1's): 4, 2, 4 → 10 a sweep, and P2
    // also takes 10 from the fouled P0. P1 vs P2 10 + 2 = 12. P0 −20, P1 22, P2 −2.
    let s = check(&table_e(), &rules(Preset::Ranked), &[(0, 1, -10), (0, 2, -10), (1, 2, 12)], &[-20, 22, -2]);
    assert_eq!(s.ranked_lane_water, Some([4, 2, 4]));
}

// ---------------------------------------------------------------------------------------------
// F. Two fouls (4 players).
//   P0: 5d 6d 8c / Kc Kd 3s 3h 9c (two pair) / Ac Qd Jd 7s 4s (A high) — middle over back.
//   P1: Qs Qh 2d (pair) / Ah Kh 9d 7d 5s (A high) / Th Tc 6c 6s 2s — front over middle.
//   P2: 4c 4d 4h (trips) / Jc Jh Js 8d 8s (full house) / 5h 6h 7h 8h 9h (straight flush)
//   P3: 5c 2c 2h (pair) / 3c 3d Qc 9s 7c (pair) / Ad As Td Ts Ks (two pair)
//   P0 vs P1: 0. P2 takes front trips + middle FH + back SF from each foul; P3 takes 1 + 1 + 1.
//   P2 vs P3: P2 wins all three (same values): a shot from 2 (kx, hk, ranked) or 3 seats.
// ---------------------------------------------------------------------------------------------
fn table_f() -> Vec<PlayerHand> {
    vec![
        arr("5d 6d 8c / Kc Kd 3s 3h 9c / Ac Qd Jd 7s 4s"),
        arr("Qs Qh 2d / Ah Kh 9d 7d 5s / Th Tc 6c 6s 2s"),
        arr("4c 4d 4h / Jc Jh Js 8d 8s / 5h 6h 7h 8h 9h"),
        arr("5c 2c 2h / 3c 3d Qc 9s 7c / Ad As Td Ts Ks"),
    ]
}

#[test]
fn f_two_fouls_four_players() {
    // classic: P2 vs a foul 3 + 2 + 5 = 10, P3 vs a foul 3; P2 shoots P3: 10 + 1 = 11; no home
    // run (fouls are not shots). P0 −13, P1 −13, P2 31, P3 −5.
    let s = check(
        &table_f(),
        &rules(Preset::Classic),
        &[(0, 1, 0), (0, 2, -10), (0, 3, -3), (1, 2, -10), (1, 3, -3), (2, 3, 11)],
        &[-13, -13, 31, -5],
    );
    assert_eq!(s.pair(0, 1).unwrap().kind, PairKind::BothFouled);
    assert!(s.pair(0, 1).unwrap().lanes.unwrap().iter().all(|l| l.winner.is_none() && l.water == 0));
    let fouls: Vec<_> = s.events.iter().filter(|e| matches!(e, Event::Foul { .. })).collect();
    assert_eq!(fouls.len(), 2);
    assert_eq!(
        s.events[..2],
        [
            Event::Foul { seat: 0, foul: shisanshui::Foul { front_over_middle: false, middle_over_back: true } },
            Event::Foul { seat: 1, foul: shisanshui::Foul { front_over_middle: true, middle_over_back: false } },
        ]
    );
    assert_eq!(home_run(&s), None);
    // classic with foul_counts_as_shot: P2 shoots all three (11 each) → home run ×4 = 44 each;
    // P3 shoots both fouls: 3 + 1 = 4. P0 −48, P1 −48, P2 132, P3 −44 + 8 = −36.
    let mut r = rules(Preset::Classic);
    r.foul_counts_as_shot = true;
    let s = check(
        &table_f(),
        &r,
        &[(0, 1, 0), (0, 2, -44), (0, 3, -4), (1, 2, -44), (1, 3, -4), (2, 3, 44)],
        &[-48, -48, 132, -36],
    );
    assert_eq!(home_run(&s), Some((2, 132)));
    assert!(s.pair(0, 1).unwrap().shot.is_none(), "two fouls never shoot each other");
    // regional: P2 vs a foul 4 + 2 + 6 = 12; P2 vs P3 12 + 1 = 13. P0 −15, P1 −15, P2 37, P3 −7.
    check(
        &table_f(),
        &rules(Preset::Regional),
        &[(0, 1, 0), (0, 2, -12), (0, 3, -3), (1, 2, -12), (1, 3, -3), (2, 3, 13)],
        &[-15, -15, 37, -7],
    );
    // kx: P2 vs P3 10 × 2 = 20 (home run impossible: the fouls are not shot). P0 −13, P1 −13,
    // P2 40, P3 −14.
    check(
        &table_f(),
        &rules(Preset::Kx),
        &[(0, 1, 0), (0, 2, -10), (0, 3, -3), (1, 2, -10), (1, 3, -3), (2, 3, 20)],
        &[-13, -13, 40, -14],
    );
    // hk: 3 per foul from P2 and from P3; P2 vs P3 3 + 1. P0 −6, P1 −6, P2 10, P3 2.
    check(
        &table_f(),
        &rules(Preset::Hk),
        &[(0, 1, 0), (0, 2, -3), (0, 3, -3), (1, 2, -3), (1, 3, -3), (2, 3, 4)],
        &[-6, -6, 10, 2],
    );
    // ranked, p = 4: t = 4, 2, 5 = 11 a sweep (the fouls' lanes count for nothing); P3 also
    // takes 11 from each foul; P2 vs P3 11 + 3 = 14. P0 −22, P1 −22, P2 36, P3 8.
    check(
        &table_f(),
        &rules(Preset::Ranked),
        &[(0, 1, 0), (0, 2, -11), (0, 3, -11), (1, 2, -11), (1, 3, -11), (2, 3, 14)],
        &[-22, -22, 36, 8],
    );
}

// ---------------------------------------------------------------------------------------------
// G. A special against normals (3 players).
//   P0: six pairs 2c 2d 5c 5d 7c 7d 9c 9d Jc Jd Kc Kd Ac.
//   P1: Qs Qh 3s (pair) / 8s 8h 8d 4s 4h (full house) / Ts Th Td Tc 6s (quads)
//   P2: As Ah Ad (trips) / Ks Kh 2s 3h 5s (pair) / Js Jh 9s 9h 6h — front over middle: foul.
//   P1 takes 1 + FH + quads from the foul; both pay the special.
// ---------------------------------------------------------------------------------------------
fn table_g() -> Vec<PlayerHand> {
    vec![
        sp(Special::SixPairs, "2c 2d 5c 5d 7c 7d 9c 9d Jc Jd Kc Kd Ac"),
        arr("Qs Qh 3s / 8s 8h 8d 4s 4h / Ts Th Td Tc 6s"),
        arr("As Ah Ad / Ks Kh 2s 3h 5s / Js Jh 9s 9h 6h"),
    ]
}

#[test]
fn g_special_against_normals() {
    // classic: SP 4 from each (the fouled seat pays in full); P1 vs P2 1 + 2 + 4 = 7.
    // P0 8, P1 −4 + 7 = 3, P2 −11.
    let s = check(&table_g(), &rules(Preset::Classic), &[(0, 1, 4), (0, 2, 4), (1, 2, 7)], &[8, 3, -11]);
    assert_eq!(s.events[0], Event::Special { seat: 0, special: Special::SixPairs });
    assert_eq!(
        s.events[1],
        Event::Foul { seat: 2, foul: shisanshui::Foul { front_over_middle: true, middle_over_back: false } }
    );
    let p = s.pair(0, 2).unwrap();
    assert_eq!(p.kind, PairKind::SpecialVsNormal);
    assert!(p.lanes.is_none() && p.shot.is_none());
    assert_eq!(p.special.unwrap().winner, Some(0));
    assert_eq!(p.special.unwrap().special, Some(Special::SixPairs));
    assert_eq!(s.seats[0].special(), Some(Special::SixPairs));
    // classic with foul_counts_as_shot: P1 shoots P2 (7 + 1 = 8) but shoots no one else: the
    // special can be neither shot nor part of a home run. P0 8, P1 4, P2 −12.
    let mut r = rules(Preset::Classic);
    r.foul_counts_as_shot = true;
    let s = check(&table_g(), &r, &[(0, 1, 4), (0, 2, 4), (1, 2, 8)], &[8, 4, -12]);
    assert_eq!(home_run(&s), None);
    // regional: SP 3; P1 vs P2 1 + 2 + 5 = 8. P0 6, P1 5, P2 −11.
    check(&table_g(), &rules(Preset::Regional), &[(0, 1, 3), (0, 2, 3), (1, 2, 8)], &[6, 5, -11]);
    // kx: SP 4; 1 + 2 + 4 = 7. P0 8, P1 3, P2 −11.
    check(&table_g(), &rules(Preset::Kx), &[(0, 1, 4), (0, 2, 4), (1, 2, 7)], &[8, 3, -11]);
    // hk: SP 3; 1 + 1 + 1 = 3. P0 6, P1 0, P2 −6.
    check(&table_g(), &rules(Preset::Hk), &[(0, 1, 3), (0, 2, 3), (1, 2, 3)], &[6, 0, -6]);
    // ranked: p = 2 normals, each pays SP 4 / 2 = 2; t from P1 alone: 1, 2, 4.
    // P0 4, P1 −2 + 7 = 5, P2 −2 − 7 = −9.
    check(&table_g(), &rules(Preset::Ranked), &[(0, 1, 2), (0, 2, 2), (1, 2, 7)], &[4, 5, -9]);
}

// ---------------------------------------------------------------------------------------------
// H. Two specials (4 players).
//   P0: dragon 2s 3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As.
//   P1: six pairs 2d 2c 3s 3c 5s 5d 7s 7c 9s 9d Js Jc 4s.
//   P2: Ad Ac Ah (trips) / Qs Qd Qh Td Tc (full house) / Ks Kd Kc 6d 6c (full house)
//   P3: 4d 4h 2h (pair) / 8s 8d 8h 5c 9c (trips) / 3h 6h 7h Th Jh (flush)
//   The dragon beats six pairs (own water); normals pay both; P2 sweeps P3 (front trips,
//   middle FH, back FH 1); no home run with specials at the table.
// ---------------------------------------------------------------------------------------------
const DRAGON: &str = "2s 3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As";
const SIX_PAIRS: &str = "2d 2c 3s 3c 5s 5d 7s 7c 9s 9d Js Jc 4s";

fn table_h() -> Vec<PlayerHand> {
    vec![
        sp(Special::Dragon, DRAGON),
        sp(Special::SixPairs, SIX_PAIRS),
        arr("Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c"),
        arr("4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh"),
    ]
}

#[test]
fn h_two_specials_four_players() {
    // classic: DR 36, SP 4; P2 vs P3 3 + 2 + 1 = 6, shot 7.
    // P0 108, P1 −36 + 8 = −28, P2 −36 − 4 + 7 = −33, P3 −36 − 4 − 7 = −47.
    let s = check(
        &table_h(),
        &rules(Preset::Classic),
        &[(0, 1, 36), (0, 2, 36), (0, 3, 36), (1, 2, 4), (1, 3, 4), (2, 3, 7)],
        &[108, -28, -33, -47],
    );
    let p = s.pair(0, 1).unwrap();
    assert_eq!(p.kind, PairKind::SpecialVsSpecial);
    assert_eq!(p.special.unwrap().special, Some(Special::Dragon));
    assert_eq!(home_run(&s), None);
    assert_eq!(shots(&s), [(2, 3, 7)]);
    // regional: DR 26, SP 3; P2 vs P3 4 + 2 + 1 = 7, shot 8.
    // P0 78, P1 −26 + 6 = −20, P2 −26 − 3 + 8 = −21, P3 −26 − 3 − 8 = −37.
    check(
        &table_h(),
        &rules(Preset::Regional),
        &[(0, 1, 26), (0, 2, 26), (0, 3, 26), (1, 2, 3), (1, 3, 3), (2, 3, 8)],
        &[78, -20, -21, -37],
    );
    // kx: DR 30, SP 4; P2 vs P3 6 × 2 = 12. P0 90, P1 −22, P2 −22, P3 −46.
    check(
        &table_h(),
        &rules(Preset::Kx),
        &[(0, 1, 30), (0, 2, 30), (0, 3, 30), (1, 2, 4), (1, 3, 4), (2, 3, 12)],
        &[90, -22, -22, -46],
    );
    // hk: DR 13, SP 3; P2 vs P3 3 + 1 = 4. P0 39, P1 −7, P2 −12, P3 −20.
    check(
        &table_h(),
        &rules(Preset::Hk),
        &[(0, 1, 13), (0, 2, 13), (0, 3, 13), (1, 2, 3), (1, 3, 3), (2, 3, 4)],
        &[39, -7, -12, -20],
    );
    // ranked, p = 2: each normal pays DR 36/2 = 18 and SP 4/2 = 2; DR beats SP for its own 36
    // (§6). t = 4, 2, 1; P2 vs P3 7 + 1 = 8.
    // P0 36 + 18 + 18 = 72, P1 −36 + 2 + 2 = −32, P2 −18 − 2 + 8 = −12, P3 −18 − 2 − 8 = −28.
    check(
        &table_h(),
        &rules(Preset::Ranked),
        &[(0, 1, 36), (0, 2, 18), (0, 3, 18), (1, 2, 2), (1, 3, 2), (2, 3, 8)],
        &[72, -32, -12, -28],
    );
}

// ---------------------------------------------------------------------------------------------
// I. Ranked fractions: one special and three normals (4 players).
//   P0: 2s 3d 4c (4 high) / 5h 6s 7d 8c 9h (straight) / Ts Jd Qc Kh As (straight) — the
//       dragon's cards played as lanes.
//   P1: six pairs (as in H).  P2, P3: as in H.
//   P0 vs P2: P2 sweeps. P0 vs P3: front P3, middle P0 (straight over trips), back P3 (flush).
//   P2 vs P3: P2 sweeps.
// ---------------------------------------------------------------------------------------------
fn table_i() -> Vec<PlayerHand> {
    vec![
        arr("2s 3d 4c / 5h 6s 7d 8c 9h / Ts Jd Qc Kh As"),
        sp(Special::SixPairs, SIX_PAIRS),
        arr("Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c"),
        arr("4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh"),
    ]
}

#[test]
fn i_ranked_fractions() {
    // ranked, p = 3: each normal pays SP 4/3. t = 4 (trips A), 2 (FH), 1 (back FH).
    // P0 vs P2: 4 + 2 + 1 = 7, shot +2 = 9. P0 vs P3: −4 + 2 − 1 = −3. P2 vs P3: 9.
    // P0 −9 − 3 − 4/3 = −40/3; P1 3 × 4/3 = 4; P2 18 − 4/3 = 50/3; P3 3 − 9 − 4/3 = −22/3.
    let s = settle(&table_i(), &rules(Preset::Ranked)).unwrap();
    let q = |n, d| Water::new(n, d).unwrap();
    assert_eq!(s.totals, vec![q(-40, 3), w(4), q(50, 3), q(-22, 3)]);
    assert_eq!(s.matrix[1][0], q(4, 3));
    assert_eq!(s.matrix[0][2], w(-9));
    assert_eq!(s.matrix[0][3], w(-3));
    assert_eq!(s.matrix[2][3], w(9));
    assert_eq!(s.totals[0].to_string(), "-40/3");
    assert_eq!(home_run(&s), None, "a special at the table makes a home run impossible");
    // classic, for contrast: SP 4 from each; P2 vs P0 3 + 2 + 1 + 1 = 7; P0 vs P3 −1 + 1 − 1 = −1;
    // P2 vs P3 7. P0 −12, P1 12, P2 10, P3 −10.
    check(
        &table_i(),
        &rules(Preset::Classic),
        &[(0, 1, -4), (0, 2, -7), (0, 3, -1), (1, 2, 4), (1, 3, 4), (2, 3, 7)],
        &[-12, 12, 10, -10],
    );
}

// ---------------------------------------------------------------------------------------------
// Specials against specials.
// ---------------------------------------------------------------------------------------------
const SIX_PAIRS_2: &str = "6d 6c 8s 8d Td Tc Qs Qd Ks Kd Ad Ac 2h";
/// Three straights: Q-K-A / 4-8 / 9-K, not a dragon (no 2 or 3).
const THREE_STRAIGHTS: &str = "Qs Kd Ad 4d 5c 6d 7h 8s 9c Td Jh Qd Kc";

#[test]
fn equal_specials_tie_and_two_player_specials() {
    // Six pairs against six pairs: 0 under every preset with specials (chinese_poker has none).
    for p in Preset::ALL {
        let hands = [sp(Special::SixPairs, SIX_PAIRS), sp(Special::SixPairs, SIX_PAIRS_2)];
        if p == Preset::ChinesePoker {
            assert!(matches!(settle(&hands, &rules(p)), Err(shisanshui::Error::SpecialNotAllowed { .. })));
            continue;
        }
        let s = check(
            &[sp(Special::SixPairs, SIX_PAIRS), sp(Special::SixPairs, SIX_PAIRS_2)],
            &rules(p),
            &[(0, 1, 0)],
            &[0, 0],
        );
        assert_eq!(s.pairs[0].special.unwrap().winner, None);
    }
    // Dragon against six pairs, 2 players: classic 36, regional 26, kx 30, hk 13, ranked 36.
    for (p, dr) in
        [(Preset::Classic, 36), (Preset::Regional, 26), (Preset::Kx, 30), (Preset::Hk, 13), (Preset::Ranked, 36)]
    {
        check(&[sp(Special::SixPairs, SIX_PAIRS), sp(Special::Dragon, DRAGON)], &rules(p), &[(0, 1, -dr)], &[-dr, dr]);
    }
}

#[test]
fn three_specials() {
    // DR, SP, TS (3 players, all specials).
    let t = || {
        vec![
            sp(Special::Dragon, DRAGON),
            sp(Special::SixPairs, SIX_PAIRS),
            sp(Special::ThreeStraights, THREE_STRAIGHTS),
        ]
    };
    // classic: DR beats both (36 each); SP (4) is above TS in the order: SP wins its 4.
    check(&t(), &rules(Preset::Classic), &[(0, 1, 36), (0, 2, 36), (1, 2, 4)], &[72, -32, -40]);
    // kx: DR 30; the order ends … SP 4, TS 4, TF 3: SP is above TS and wins its 4.
    check(&t(), &rules(Preset::Kx), &[(0, 1, 30), (0, 2, 30), (1, 2, 4)], &[60, -26, -34]);
    // hk order DR, TR, TF, TS, SP, FPT: TS (3) is above SP (3), so TS wins 3.
    check(&t(), &rules(Preset::Hk), &[(0, 1, 13), (0, 2, 13), (1, 2, -3)], &[26, -16, -10]);
    // ranked with every seat special: they rank DR > SP > TS, every win worth t = 36 (the
    // highest special's water): place scores 72, 0, −72.
    check(&t(), &rules(Preset::Ranked), &[(0, 1, 36), (0, 2, 36), (1, 2, 36)], &[72, 0, -72]);
}

#[test]
fn a_lower_special_may_be_declared() {
    // The dragon's cards also make three straights; declaring the lower one is the player's
    // choice and it is settled as declared: classic TS ranks below SP, so SP wins its 4.
    check(
        &[sp(Special::ThreeStraights, DRAGON), sp(Special::SixPairs, SIX_PAIRS)],
        &rules(Preset::Classic),
        &[(0, 1, -4)],
        &[-4, 4],
    );
}

#[test]
fn hk_supreme_dragon_is_declared_as_a_dragon() {
    let sd = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As";
    let pairs = "2d 2c 3h 3c 5h 5d 7h 7c 9h 9d Jh Jc 4h"; // six pairs without a spade
    let r = rules(Preset::Hk);
    check(&[sp(Special::Dragon, sd), sp(Special::SixPairs, pairs)], &r, &[(0, 1, 13)], &[13, -13]);
    assert!(matches!(
        settle(&[sp(Special::SupremeDragon, sd), sp(Special::SixPairs, pairs)], &r),
        Err(shisanshui::Error::SpecialNotAllowed { .. })
    ));
    // classic: the supreme dragon pays 108.
    check(
        &[sp(Special::SupremeDragon, sd), sp(Special::SixPairs, pairs)],
        &rules(Preset::Classic),
        &[(0, 1, 108)],
        &[108, -108],
    );
}

#[test]
fn strict_order_makes_equal_lanes_a_foul() {
    // Front K K 9 equals the middle's K K 9 5 3 in its first three ranks: legal by default,
    // a foul under strict_order (§2).
    let t =
        || vec![arr("Kd Kc 9h / Ks Kh 9s 5s 3h / As Ad Ah 2c 2d"), arr("Qs Qc 4d / 7c 7d 8s 8c Jc / 2h 4h 6h Th Jh")];
    // default: front pair K vs pair Q: P0 1; middle two pair beats pair K: P1 1; back FH vs
    // flush: P0 1. kx (no ties, 2 seats): P0 +1.
    check(&t(), &rules(Preset::Kx), &[(0, 1, 1)], &[1, -1]);
    let mut r = rules(Preset::Kx);
    r.strict_order = true;
    // strict: P0 fouls and loses three lanes at P1's values (1 each).
    let s = check(&t(), &r, &[(0, 1, -3)], &[-3, 3]);
    assert!(s.seats[0].is_foul());
}
