//! Property tests over random rounds: random deals (seeded ChaCha), random legal and fouled
//! arrangements, random declared specials, random rule variations, random stakes.
//!
//! Checked on every round:
//! - water sums to zero (pairwise and ranked), the matrix is antisymmetric, totals are its row
//!   sums, and every pair's water is the sum of its own steps;
//! - the totals equal an independent oracle written from RULES.md in another shape: lane water
//!   first, then what shots, home runs and specials add on top; ranked lanes by the literal
//!   place formula `(p + 1 − 2k)·t` with tied places averaged;
//! - swapping two seats swaps their results (totals and matrix, the banker seat following);
//! - banker mode (§5a): only the banker's pairs are settled, two other seats settle 0, at two
//!   seats banker mode is all-pairs, and each banker pair is the all-pairs pair of the same seats
//!   (its home run aside); the majority bonus of 2-4 scoring (§4) is part of the lane water;
//!   chinese_poker totals equal a brute-force 2-4 scorer written here from RULES.md alone;
//! - money plus the house's share (plus the unclaimed part of an escape) sums to zero, nobody
//!   wins or loses more than their carry, nobody changes sign, and truncation moves less than one
//!   minor unit per seat;
//! - bad tables (a card used twice, a special the cards do not make) fail with the typed error
//!   and leave the output untouched.
//!
//! `SSS_SETTLE_ROUNDS=1000000 cargo test --release -p shisanshui --test settle_properties`
//! runs a million rounds (about 10 s); the default is a sample of 20,000 (5,000 in a debug build).
//! The banker and 2-4 properties run [`BANKER_ROUNDS`] rounds each in release
//! (`SSS_BANKER_ROUNDS` changes it). `SSS_SETTLE_SEED` picks another seed.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use shisanshui::money::{escape, settle_money, Rake, Stakes};
use shisanshui::settle::{Event, PairKind, PlayerHand, Settlement, Settler, Water};
use shisanshui::{
    detect_special, Arrangement, Card, Category, Error, HandRank, Preset, Rules, ScoringMode, SuitSet, Table,
};

/// The sample in the normal suite: smaller in a debug build, which runs ~20× slower.
const DEFAULT_ROUNDS: u64 = if cfg!(debug_assertions) { 5_000 } else { 20_000 };

fn rounds() -> u64 {
    std::env::var("SSS_SETTLE_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(DEFAULT_ROUNDS)
}

/// Rounds of each banker-mode and 2-4 scoring property: a million in release.
const BANKER_ROUNDS: u64 = if cfg!(debug_assertions) { 20_000 } else { 1_000_000 };

fn banker_rounds() -> u64 {
    std::env::var("SSS_BANKER_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(BANKER_ROUNDS)
}

struct Rng(ChaCha8Rng);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.0.next_u64() % 100 < percent
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

fn deck() -> Vec<Card> {
    (0..52u8).map(|c| Card::from_code(c).unwrap()).collect()
}

// ---------------------------------------------------------------------------------------------
// Random rules, hands and specials
// ---------------------------------------------------------------------------------------------

/// A preset with random changes; drawn again until the rule set validates.
fn random_rules(rng: &mut Rng) -> Rules {
    loop {
        let r = random_rules_once(rng);
        if r.validate().is_ok() {
            return r;
        }
    }
}

fn random_rules_once(rng: &mut Rng) -> Rules {
    let mut r = Rules::preset(Preset::ALL[rng.below(Preset::ALL.len())]);
    if rng.chance(25) {
        r.foul_counts_as_shot = true;
    }
    if rng.chance(15) {
        r.shooting.allows_ties = !r.shooting.allows_ties;
    }
    if rng.chance(10) {
        r.strict_order = true;
    }
    if rng.chance(10) {
        r.shooting.min_players = 2 + rng.below(3) as u8;
    }
    if rng.chance(10) {
        r.home_run.min_players = 2 + rng.below(3) as u8;
        r.home_run.enabled = r.shooting.enabled;
    }
    if rng.chance(10) {
        r.shooting.multiplier = 1 + rng.below(3) as u32;
        r.home_run.bonus_per_victim = rng.below(20) as u32;
    }
    if r.scoring == ScoringMode::Pairwise {
        // The pairwise-only options (ranked with them would not validate).
        if rng.chance(15) {
            r.majority_bonus = rng.below(4) as u32;
        }
        if rng.chance(35) {
            r.table = Table::Banker;
        }
    }
    r
}

/// A banker seat for a round of `rules` at `n` seats: one exactly in banker mode.
fn random_banker(rng: &mut Rng, rules: &Rules, n: usize) -> Option<usize> {
    (rules.table == Table::Banker).then(|| rng.below(n))
}

/// Random 3/5/5 split in the given order (copies allowed: the settlement checks the deck).
fn split(c: &[Card]) -> Arrangement {
    Arrangement::new_in(&c[..3], &c[3..8], &c[8..13], SuitSet::ALL).unwrap()
}

/// A random arrangement: plain random (mostly fouls), the first legal of a few random tries, or
/// the biggest rank groups at the back (mostly legal, with bonus hands).
fn random_arrangement(rng: &mut Rng, cards: &mut [Card], rules: &Rules) -> Arrangement {
    match rng.below(3) {
        0 => {
            rng.shuffle(cards);
            split(cards)
        }
        1 => {
            let mut a = split(cards);
            for _ in 0..8 {
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
            // Biggest groups first: back, then middle, then front.
            let (back, rest) = cards.split_at(5);
            let (middle, front) = rest.split_at(5);
            Arrangement::new_in(front, middle, back, SuitSet::ALL).unwrap()
        }
    }
}

/// Try to take from `pool` 13 cards that make a special shape; on success remove them.
fn take_special_shape(rng: &mut Rng, pool: &mut Vec<Card>) -> Option<Vec<Card>> {
    rng.shuffle(pool);
    let by_rank = |pool: &[Card], r: usize| pool.iter().copied().filter(|c| c.rank() as usize == r).collect::<Vec<_>>();
    // Ranks with at least k cards in the pool, shuffled.
    let ranks_with = |rng: &mut Rng, pool: &[Card], k: usize| {
        let mut v: Vec<usize> = (0..13).filter(|&r| by_rank(pool, r).len() >= k).collect();
        rng.shuffle(&mut v);
        v
    };
    let groups = |rng: &mut Rng, pool: &[Card], sizes: &[usize]| -> Option<Vec<Card>> {
        let mut used_ranks = Vec::new();
        let mut out = Vec::new();
        for &k in sizes {
            let r = ranks_with(rng, pool, k).into_iter().find(|r| !used_ranks.contains(r))?;
            used_ranks.push(r);
            out.extend(by_rank(pool, r).into_iter().take(k));
        }
        // One more card of an unused rank when the shapes leave one free.
        if out.len() == 12 {
            out.push(pool.iter().copied().find(|c| !used_ranks.contains(&(c.rank() as usize)))?);
        }
        Some(out)
    };
    let filtered = |pool: &[Card], keep: &dyn Fn(Card) -> bool| {
        let v: Vec<Card> = pool.iter().copied().filter(|&c| keep(c)).take(13).collect();
        (v.len() == 13).then_some(v)
    };
    let hand = match rng.below(9) {
        0 => groups(rng, pool, &[2, 2, 2, 2, 2, 2]),
        1 => groups(rng, pool, &[3, 2, 2, 2, 2, 2]),
        2 => groups(rng, pool, &[3, 3, 3, 3]),
        3 => groups(rng, pool, &[4, 4, 4]),
        4 => groups(rng, pool, &[4, 3, 3, 3]),
        5 => (0..13).map(|r| by_rank(pool, r).first().copied()).collect::<Option<Vec<_>>>(),
        6 => filtered(pool, &|c: Card| c.rank() as usize <= 6),
        7 => filtered(pool, &|c: Card| c.rank() as usize >= 6),
        _ => {
            let red = rng.chance(50);
            filtered(pool, &|c: Card| c.suit().is_red() == red)
        }
    }?;
    // One card of the pool per card taken (with copies, the other copy stays).
    for c in &hand {
        let at = pool.iter().position(|p| p == c).expect("taken from the pool");
        pool.swap_remove(at);
    }
    Some(hand)
}

/// A random table. Returns the hands, and whether a declared special was made up on purpose.
/// With extra suits (RULES.md §11) the table has 5 seats or more, as many as the deck deals to.
fn random_table(rng: &mut Rng, rules: &Rules) -> (Vec<PlayerHand>, Option<usize>) {
    let n = if rules.extra_suits.is_empty() { 2 + rng.below(3) } else { 5 + rng.below(rules.max_players() - 4) };
    random_table_at(rng, rules, n)
}

/// A random table of `n` seats (see [`random_table`]).
fn random_table_at(rng: &mut Rng, rules: &Rules, n: usize) -> (Vec<PlayerHand>, Option<usize>) {
    let mut pool = if rules.extra_suits.is_empty() { deck() } else { rules.deck() };
    rng.shuffle(&mut pool);
    let mut hands: Vec<Option<PlayerHand>> = vec![None; n];
    // Specials first (they need particular cards), then everyone else from what is left.
    for h in hands.iter_mut() {
        if rng.chance(12) {
            if let Some(cards) = take_special_shape(rng, &mut pool) {
                let found = detect_special(&cards, rules).unwrap();
                if !found.all.is_empty() {
                    let special = found.all[rng.below(found.all.len())];
                    *h = Some(PlayerHand::special_in(special, &cards, rules.extra_suits).unwrap());
                } else {
                    // Not special under these rules (e.g. not enabled): play it as lanes.
                    let mut c = cards;
                    *h = Some(PlayerHand::Arranged(random_arrangement(rng, &mut c, rules)));
                }
            }
        }
    }
    rng.shuffle(&mut pool);
    for h in hands.iter_mut().filter(|h| h.is_none()) {
        let mut cards: Vec<Card> = pool.drain(..13).collect();
        *h = Some(PlayerHand::Arranged(random_arrangement(rng, &mut cards, rules)));
    }
    let mut hands: Vec<PlayerHand> = hands.into_iter().map(Option::unwrap).collect();
    // Now and then declare a special the cards do not make.
    let mut fake = None;
    if rng.chance(1) {
        let seat = rng.below(n);
        let cards = hands[seat].cards();
        let found = detect_special(&cards, rules).unwrap();
        if let Some(sw) = rules.specials.iter().find(|s| !found.all.contains(&s.special)) {
            hands[seat] = PlayerHand::special_in(sw.special, &cards, rules.extra_suits).unwrap();
            fake = Some(seat);
        }
    }
    (hands, fake)
}

// ---------------------------------------------------------------------------------------------
// The oracle: RULES.md §4–§6 and §9 ranked, restated independently of the engine's structure.
// All water in units of 1/840 (every share of a special among 1 to 8 normal players).
// ---------------------------------------------------------------------------------------------

#[derive(Copy, Clone)]
enum OSeat {
    Lanes { r: [HandRank; 3], foul: bool },
    Special { water: i64, order: usize },
}

fn bonus(rules: &Rules, lane: usize, rank: HandRank) -> i64 {
    let lw = &rules.lane_water;
    (match (lane, rank.category()) {
        (0, Category::ThreeOfAKind) => lw.front_trips,
        (1, Category::FullHouse) => lw.middle_full_house,
        (1, Category::FourOfAKind) => lw.middle_quads,
        (2, Category::FourOfAKind) => lw.back_quads,
        (1, Category::StraightFlush) => lw.middle_straight_flush,
        (2, Category::StraightFlush) => lw.back_straight_flush,
        (1, Category::FiveOfAKind) => lw.middle_five_kind.unwrap_or(1),
        (2, Category::FiveOfAKind) => lw.back_five_kind.unwrap_or(1),
        _ => 1,
    }) as i64
}

/// +1 when `a` beats `b` in `lane`, −1 when it loses, 0 for a tie (fouls lose to legal hands).
fn lane_cmp(a: &OSeat, b: &OSeat, lane: usize) -> i64 {
    match (*a, *b) {
        (OSeat::Lanes { r: ra, foul: fa }, OSeat::Lanes { r: rb, foul: fb }) => match (fa, fb) {
            (true, true) => 0,
            (true, false) => -1,
            (false, true) => 1,
            (false, false) => (ra[lane] > rb[lane]) as i64 - (ra[lane] < rb[lane]) as i64,
        },
        _ => unreachable!(),
    }
}

fn oracle(hands: &[PlayerHand], rules: &Rules, banker: Option<usize>) -> Vec<i64> {
    const D: i64 = 840;
    let n = hands.len();
    // Banker mode: only the pairs with the banker exist (§5a).
    let settled = |i: usize, j: usize| banker.map_or(true, |k| i == k || j == k);
    let seats: Vec<OSeat> = hands
        .iter()
        .map(|h| match h {
            PlayerHand::Arranged(a) => {
                let e = a.evaluate(rules);
                OSeat::Lanes { r: [e.front, e.middle, e.back], foul: e.foul.is_foul() }
            }
            PlayerHand::Special { special, .. } => OSeat::Special {
                water: rules.special_water(*special).unwrap() as i64,
                order: rules.special_order(*special).unwrap(),
            },
        })
        .collect();
    let normal: Vec<usize> = (0..n).filter(|&i| matches!(seats[i], OSeat::Lanes { .. })).collect();
    let specials: Vec<usize> = (0..n).filter(|&i| matches!(seats[i], OSeat::Special { .. })).collect();
    let p = normal.len() as i64;
    let ranked = rules.scoring == ScoringMode::Ranked;
    let mut total = vec![0i64; n];

    // Lane water won by i from j in each lane (0 unless i wins it).
    let t: Vec<i64> = (0..3)
        .map(|lane| {
            normal
                .iter()
                .filter_map(|&i| match seats[i] {
                    OSeat::Lanes { r, foul: false } => Some(r[lane]),
                    _ => None,
                })
                .max()
                .map_or(1, |best| bonus(rules, lane, best))
        })
        .collect();
    // 2-4 scoring: what i receives from j for winning more lanes than it loses (−: pays).
    let majority = |i: usize, j: usize| -> i64 {
        let m: i64 = (0..3).map(|l| lane_cmp(&seats[i], &seats[j], l)).sum();
        m.signum() * rules.majority_bonus as i64
    };
    let won = |i: usize, j: usize, lane: usize| -> i64 {
        if lane_cmp(&seats[i], &seats[j], lane) <= 0 {
            return 0;
        }
        match seats[i] {
            OSeat::Lanes { r, .. } => {
                if ranked {
                    t[lane]
                } else {
                    bonus(rules, lane, r[lane])
                }
            }
            _ => unreachable!(),
        }
    };

    // 1. Lanes.
    if ranked {
        // Literal place scores: sort the normal seats per lane, average the tied places.
        for (lane, &t_lane) in t.iter().enumerate() {
            let mut order = normal.clone();
            order.sort_by(|&a, &b| lane_cmp(&seats[b], &seats[a], lane).cmp(&0));
            let mut k = 0;
            while k < order.len() {
                let mut end = k + 1;
                while end < order.len() && lane_cmp(&seats[order[k]], &seats[order[end]], lane) == 0 {
                    end += 1;
                }
                // Places k+1 ..= end share the average of (p + 1 − 2·place)·t.
                let sum: i64 = (k + 1..=end).map(|place| p + 1 - 2 * place as i64).sum();
                for &s in &order[k..end] {
                    total[s] += sum * t_lane * D / (end - k) as i64;
                }
                k = end;
            }
        }
    } else {
        for &i in &normal {
            for &j in &normal {
                if i != j && settled(i, j) {
                    total[i] += ((0..3).map(|l| won(i, j, l) - won(j, i, l)).sum::<i64>() + majority(i, j)) * D;
                }
            }
        }
    }

    // 2. Shots, then a home run, as extra payments on top of the lanes.
    let shooting = rules.shooting.enabled && n >= rules.shooting.min_players as usize;
    let shoots = |i: usize, j: usize| -> bool {
        let (OSeat::Lanes { foul: fi, .. }, OSeat::Lanes { foul: fj, .. }) = (seats[i], seats[j]) else {
            return false;
        };
        if !shooting || fi || (fj && !rules.foul_counts_as_shot) || !settled(i, j) {
            return false;
        }
        let w: Vec<i64> = (0..3).map(|l| lane_cmp(&seats[i], &seats[j], l)).collect();
        let wins = w.iter().filter(|&&x| x > 0).count();
        let losses = w.iter().filter(|&&x| x < 0).count();
        losses == 0 && (wins == 3 || (rules.shooting.allows_ties && wins > 0))
    };
    // "players − 1" (§9): seats at the table pairwise, normal players ranked.
    let players = if ranked { p as usize } else { n };
    let bonus_at = rules.shooting.bonus.at(players) as i64;
    let shot_value = |i: usize, j: usize| -> (i64, i64) {
        // The shot multiplies the lane water, majority bonus included (§4).
        let l: i64 = (0..3).map(|lane| won(i, j, lane)).sum::<i64>() + majority(i, j);
        (l, l * rules.shooting.multiplier as i64 + bonus_at)
    };
    let hr = &rules.home_run;
    let home_run = (hr.enabled && shooting && specials.is_empty() && n >= hr.min_players as usize)
        .then(|| (0..n).find(|&i| (0..n).all(|j| j == i || shoots(i, j))))
        .flatten();
    for i in 0..n {
        for j in 0..n {
            if i != j && shoots(i, j) {
                let (l, s) = shot_value(i, j);
                let paid = if home_run == Some(i) {
                    (s + hr.bonus_per_victim as i64) * hr.multiplier.at(players) as i64
                } else {
                    s
                };
                total[i] += (paid - l) * D;
                total[j] -= (paid - l) * D;
            }
        }
    }

    // 3. Specials.
    let top_special = specials
        .iter()
        .map(|&s| match seats[s] {
            OSeat::Special { water, .. } => water,
            _ => 0,
        })
        .max()
        .unwrap_or(0);
    for &s in &specials {
        let OSeat::Special { water, order } = seats[s] else { unreachable!() };
        for &q in normal.iter().filter(|&&q| settled(s, q)) {
            let share = if ranked { water * D / p } else { water * D };
            total[s] += share;
            total[q] -= share;
        }
        for &o in specials.iter().filter(|&&o| settled(s, o)) {
            if let OSeat::Special { order: oo, .. } = seats[o] {
                if order < oo {
                    let w = if ranked && p == 0 { top_special } else { water };
                    total[s] += w * D;
                    total[o] -= w * D;
                }
            }
        }
    }
    total
}

// ---------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------

#[derive(Default, Debug)]
struct Tally {
    rounds: u64,
    seats: u64,
    fouls: u64,
    specials: u64,
    special_pairs: u64,
    shots: u64,
    home_runs: u64,
    fractions: u64,
    bad_tables: u64,
    capped: u64,
    banker: u64,
    majority: u64,
    majorities: u64,
}

fn check_structure(s: &Settlement, n: usize, banker: Option<usize>) {
    assert_eq!(s.banker, banker);
    let banker_events: Vec<&Event> = s.events.iter().filter(|e| matches!(e, Event::Banker { .. })).collect();
    match banker {
        Some(seat) => {
            assert_eq!(s.events.first(), Some(&Event::Banker { seat }), "the banker is the first event");
            assert_eq!(banker_events.len(), 1);
        }
        None => assert!(banker_events.is_empty()),
    }
    assert_eq!(s.totals.iter().copied().sum::<Water>(), Water::ZERO, "water sums to zero");
    assert_eq!(s.matrix.len(), n);
    for i in 0..n {
        assert_eq!(s.matrix[i][i], Water::ZERO);
        assert_eq!(s.totals[i], s.matrix[i].iter().copied().sum::<Water>());
        for j in 0..n {
            assert_eq!(s.matrix[i][j], -s.matrix[j][i]);
        }
    }
    match banker {
        None => assert_eq!(s.pairs.len(), n * (n - 1) / 2),
        Some(k) => {
            // Only the banker's pairs; two other seats settle nothing.
            assert_eq!(s.pairs.len(), n - 1);
            assert!(s.pairs.iter().all(|p| p.seats.contains(&k)));
            for i in (0..n).filter(|&i| i != k) {
                for j in (0..n).filter(|&j| j != k) {
                    assert_eq!(s.matrix[i][j], Water::ZERO, "players {i} and {j} under banker {k}");
                }
            }
            if let Some(Event::HomeRun { seat, .. }) = s.events.last() {
                assert!(*seat == k || n == 2, "only the banker makes a home run at {n} seats");
            }
        }
    }
    for w in s.pairs.windows(2) {
        assert!(w[0].seats < w[1].seats, "pairs in order");
    }
    for p in &s.pairs {
        let [a, b] = p.seats;
        assert_eq!(p.water, s.matrix[a][b]);
        let sign = |seat: usize| if seat == a { 1 } else { -1 };
        let expected = match (p.home_run, p.shot, p.special) {
            (Some(h), Some(shot), None) => sign(shot.shooter) * h.value,
            (None, Some(shot), None) => sign(shot.shooter) * shot.value,
            (None, None, Some(sp)) => {
                let w = match sp.winner {
                    Some(x) => sign(x) * sp.water.units(),
                    None => 0,
                };
                assert_eq!(p.water.units(), w);
                continue;
            }
            (None, None, None) => p.lane_water,
            other => panic!("impossible pair steps {other:?}"),
        };
        assert_eq!(p.water, Water::from_int(expected));
        if let Some(lanes) = p.lanes {
            let lanes_net: i64 = lanes
                .iter()
                .map(|l| match l.winner {
                    Some(w) => sign(w) * l.water as i64,
                    None => 0,
                })
                .sum();
            let won = |seat: usize| lanes.iter().filter(|l| l.winner == Some(seat)).count();
            let majority = match p.majority {
                Some(m) => {
                    assert!(won(m.winner) > won(if m.winner == a { b } else { a }), "{p:?}");
                    sign(m.winner) * m.water as i64
                }
                None => 0,
            };
            let net = lanes_net + majority;
            assert_eq!(net, p.lane_water);
            if let Some(shot) = p.shot {
                assert_eq!(shot.lane_water, net.abs());
                assert!(p.majority.map_or(true, |m| m.winner == shot.shooter));
                assert!(lanes.iter().all(|l| l.winner != Some(shot.victim)), "a shot victim wins no lane");
            }
        }
        if matches!(p.kind, PairKind::SpecialVsNormal | PairKind::SpecialVsSpecial) {
            assert!(p.shot.is_none() && p.lanes.is_none(), "specials never shoot nor are shot");
        }
    }
}

fn check_swap(settler: &Settler, hands: &[PlayerHand], banker: Option<usize>, s: &Settlement, rng: &mut Rng) {
    let n = hands.len();
    let i = rng.below(n);
    let j = (i + 1 + rng.below(n - 1)) % n;
    let mut swapped = hands.to_vec();
    swapped.swap(i, j);
    let perm = |k: usize| {
        if k == i {
            j
        } else if k == j {
            i
        } else {
            k
        }
    };
    let t = settler.settle_with_banker(&swapped, banker.map(perm)).unwrap();
    for a in 0..n {
        assert_eq!(t.totals[a], s.totals[perm(a)], "swapping seats {i} and {j}");
        for b in 0..n {
            assert_eq!(t.matrix[a][b], s.matrix[perm(a)][perm(b)]);
        }
    }
    assert_eq!(t.events.len(), s.events.len());
}

fn random_stakes(rng: &mut Rng, n: usize) -> Stakes {
    let base = rng.below(501) as i64;
    let carries = (!rng.chance(30)).then(|| (0..n).map(|_| rng.below(base as usize * 60 + 1) as i64).collect());
    let rake = match rng.below(3) {
        0 => Rake::NONE,
        1 => Rake::percent(rng.below(101) as i64),
        _ => {
            let den = 1 + rng.below(1000) as i64;
            Rake { numerator: rng.below(den as usize + 1) as i64, denominator: den }
        }
    };
    Stakes { base, carries, rake }
}

fn check_money(water: &[Water], stakes: &Stakes, tally: &mut Tally, rng: &mut Rng) {
    let n = water.len();
    let m = settle_money(water, stakes).unwrap();
    let sum: i64 = m.lines.iter().map(|l| l.amount).sum();
    assert_eq!(sum + m.house, 0, "money plus the house's share is zero");
    assert_eq!(m.unclaimed, 0);
    assert!(m.rounding.abs() < n as i64, "truncation moves less than a unit per seat: {m:?}");
    for (k, l) in m.lines.iter().enumerate() {
        if let Some(c) = &stakes.carries {
            assert!(l.amount.abs() <= c[k], "seat {k} exceeds its carry");
            tally.capped += (l.capped != l.raw) as u64;
        }
        assert!(l.amount.signum() * water[k].units().signum() >= 0, "no seat changes sign");
        assert!(l.rake >= 0 && l.rake <= l.scaled.max(0));
    }
    if stakes.carries.is_none() && stakes.rake.numerator == 0 && water.iter().all(|w| w.is_integer()) {
        let exact: Vec<i64> = water.iter().map(|w| w.to_integer().unwrap() * stakes.base).collect();
        assert_eq!(m.amounts(), exact);
    }
    // Swapping two seats (and their carries) swaps their money.
    let (i, j) = (rng.below(n), rng.below(n));
    let mut w2 = water.to_vec();
    w2.swap(i, j);
    let mut s2 = stakes.clone();
    if let Some(c) = &mut s2.carries {
        c.swap(i, j);
    }
    let mut a2 = settle_money(&w2, &s2).unwrap().amounts();
    a2.swap(i, j);
    assert_eq!(a2, m.amounts());
    // An escape at the same table.
    let e = escape(n, rng.below(n), stakes).unwrap();
    let sum: i64 = e.lines.iter().map(|l| l.amount).sum();
    assert_eq!(sum + e.house + e.unclaimed, 0);
    assert!(e.unclaimed >= 0 && e.rounding >= 0);
    if let Some(c) = &stakes.carries {
        assert!(e.lines.iter().zip(c).all(|(l, c)| l.amount.abs() <= *c));
    }
}

/// `big`: every rule set has extra suits (RULES.md §11) and every table 5 seats or more.
fn run(seed: u64, rounds: u64, big: bool) -> Tally {
    let mut rng = Rng(ChaCha8Rng::seed_from_u64(seed));
    let mut tally = Tally::default();
    let mut out = Settlement::default();
    // A handful of rule sets, reused so that the settler is built once per rule set.
    let rule_sets: Vec<Rules> = (0..64)
        .map(|_| {
            let mut r = random_rules(&mut rng);
            if big {
                r.extra_suits = SuitSet::from_bits(1 + rng.below(15) as u8).unwrap();
            }
            r
        })
        .collect();
    for round in 0..rounds {
        let rules = &rule_sets[rng.below(rule_sets.len())];
        let settler = Settler::new(rules).unwrap();
        let (hands, fake) = random_table(&mut rng, rules);
        let n = hands.len();
        let banker = random_banker(&mut rng, rules, n);
        tally.rounds += 1;
        tally.seats += n as u64;
        tally.banker += banker.is_some() as u64;
        tally.majority += (rules.majority_bonus > 0) as u64;

        if let Some(seat) = fake {
            let before = out.clone();
            match settler.settle_into_with_banker(&hands, banker, &mut out) {
                Err(Error::SpecialNotAllowed { .. }) => {}
                other => panic!("round {round}: a special the cards do not make at seat {seat}: {other:?}"),
            }
            assert_eq!(out, before, "nothing half-settled");
            tally.bad_tables += 1;
            continue;
        }
        if rng.chance(1) {
            // A card of seat 0 at other seats too: once more than the deck holds it.
            let mut bad = hands.clone();
            let card = bad[0].cards()[rng.below(13)];
            for _ in 0..rules.copies(card) {
                let victim = 1 + rng.below(n - 1);
                let mut c = bad[victim].cards();
                let k = (0..13).map(|k| (k + rng.below(13)) % 13).find(|&k| c[k] != card).unwrap();
                c[k] = card;
                bad[victim] = PlayerHand::Arranged(Arrangement {
                    front: [c[0], c[1], c[2]],
                    middle: [c[3], c[4], c[5], c[6], c[7]],
                    back: [c[8], c[9], c[10], c[11], c[12]],
                });
            }
            let before = out.clone();
            let got = settler.settle_into_with_banker(&bad, banker, &mut out);
            let over = bad.iter().flat_map(|h| h.cards()).filter(|&c| c == card).count() > rules.copies(card) as usize;
            if over {
                assert!(matches!(got, Err(Error::DuplicateCard { .. } | Error::TooManyCopies { .. })), "{got:?}");
                assert_eq!(out, before, "nothing half-settled");
                tally.bad_tables += 1;
            }
        }
        if rng.chance(1) {
            // The wrong banker seat for the rules: missing, out of range, or not wanted.
            let wrong = match banker {
                Some(_) if rng.chance(50) => None,
                Some(_) => Some(n + rng.below(3)),
                None => Some(rng.below(n)),
            };
            let before = out.clone();
            let got = settler.settle_into_with_banker(&hands, wrong, &mut out);
            assert!(matches!(got, Err(Error::InvalidTable(_))), "banker {wrong:?} under {:?}: {got:?}", rules.table);
            assert_eq!(out, before, "nothing half-settled");
            tally.bad_tables += 1;
        }

        settler.settle_into_with_banker(&hands, banker, &mut out).unwrap_or_else(|e| panic!("round {round}: {e}"));
        let s = &out;
        check_structure(s, n, banker);
        let expected = oracle(&hands, rules, banker);
        let got: Vec<i64> = s.totals.iter().map(|w| w.units()).collect();
        assert_eq!(got, expected, "round {round}: engine against the oracle\n{hands:?}\n{rules:?}");
        if round % 4 == 0 {
            check_swap(&settler, &hands, banker, s, &mut rng);
        }
        check_money(&s.totals, &random_stakes(&mut rng, n), &mut tally, &mut rng);

        tally.fouls += s.seats.iter().filter(|x| x.is_foul()).count() as u64;
        tally.specials += s.seats.iter().filter(|x| x.special().is_some()).count() as u64;
        tally.special_pairs += s.pairs.iter().filter(|p| p.kind == PairKind::SpecialVsSpecial).count() as u64;
        tally.shots += s.pairs.iter().filter(|p| p.shot.is_some()).count() as u64;
        tally.home_runs += s.pairs.iter().any(|p| p.home_run.is_some()) as u64;
        tally.majorities += s.pairs.iter().filter(|p| p.majority.is_some()).count() as u64;
        tally.fractions += s.totals.iter().any(|w| !w.is_integer()) as u64;
    }
    tally
}

#[test]
fn random_rounds() {
    let n = rounds();
    let start = std::time::Instant::now();
    let seed = std::env::var("SSS_SETTLE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x005E_771E);
    let t = run(seed, n, false);
    eprintln!("{n} random rounds (seed {seed}) in {:.1?}: {t:?}", start.elapsed());
    // The generator must actually reach every branch the properties are about.
    assert!(
        t.fouls > 0 && t.specials > 0 && t.shots > 0 && t.home_runs > 0 && t.bad_tables > 0 && t.capped > 0,
        "{t:?}"
    );
    assert!(t.banker > 0 && t.majority > 0 && t.majorities > 0, "{t:?}");
    if n >= 5_000 {
        assert!(t.fractions > 0, "ranked fractions never came up: {t:?}");
    }
}

/// Big tables (RULES.md §11): 5 to 8 seats dealt from decks with extra suits, every property of
/// [`random_rounds`] (the oracle, antisymmetry, seat swaps, money at 5 to 8 seats).
#[test]
fn big_table_rounds() {
    let n = rounds();
    let start = std::time::Instant::now();
    let seed = std::env::var("SSS_SETTLE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0xB16_7AB1E);
    let t = run(seed, n, true);
    eprintln!("{n} random big-table rounds (seed {seed}) in {:.1?}: {t:?}", start.elapsed());
    assert!(t.seats >= 5 * t.rounds, "{t:?}");
    assert!(
        t.fouls > 0 && t.specials > 0 && t.shots > 0 && t.home_runs > 0 && t.bad_tables > 0 && t.capped > 0,
        "{t:?}"
    );
    assert!(t.banker > 0 && t.majority > 0 && t.majorities > 0, "{t:?}");
}

#[test]
fn oracle_agrees_with_a_hand_computed_round() {
    // Worked example D (classic): 204, −55, −76, −73 — the oracle is itself checked by hand.
    let hands: Vec<PlayerHand> = [
        "Ac Ad Ah / Kc Kd Kh Ks 2c / 4s 5s 6s 7s 8s",
        "Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s 5c",
        "Tc Td 4c / 6c 6d 6h 3h 3s / 7c 7d 7h Th Ts",
        "Qh Qs As / 5d 5h 4d 4h Js / 8c 8d 8h 2h 2s",
    ]
    .iter()
    .map(|s| PlayerHand::Arranged(s.parse().unwrap()))
    .collect();
    let units = |v: &[i64]| v.iter().map(|x| x * 840).collect::<Vec<_>>();
    assert_eq!(oracle(&hands, &Rules::classic(), None), units(&[204, -55, -76, -73]));
    assert_eq!(oracle(&hands, &Rules::preset(Preset::Ranked), None), units(&[288, -67, -117, -104]));
    assert_eq!(oracle(&hands, &Rules::preset(Preset::Kx), None), units(&[192, -45, -78, -69]));
}

// ---------------------------------------------------------------------------------------------
// Banker mode (§5a) against all pairs
// ---------------------------------------------------------------------------------------------

/// A random pairwise rule set (banker mode needs pairwise scoring), with the table mode `table`.
fn random_pairwise_rules(rng: &mut Rng, table: Table) -> Rules {
    loop {
        let r = random_rules(rng);
        if r.scoring == ScoringMode::Pairwise {
            return Rules { table, ..r };
        }
    }
}

/// Banker mode at random tables, against the same table settled all pairs:
/// - at two seats the two modes are the same game (either seat the banker);
/// - at three and four seats every banker pair is the all-pairs pair of the same seats, except
///   that a home run exists only when the banker made it (then it is the same one);
/// - the structure of a banker round (only its pairs, two players settle 0) and the oracle.
#[test]
fn banker_mode_is_all_pairs_restricted_to_the_banker() {
    let rounds = banker_rounds();
    let start = std::time::Instant::now();
    let mut rng = Rng(ChaCha8Rng::seed_from_u64(0xBA4C_E500));
    let sets: Vec<(Rules, Rules)> = (0..64)
        .map(|_| {
            let r = random_pairwise_rules(&mut rng, Table::AllPairs);
            (r.clone(), Rules { table: Table::Banker, ..r })
        })
        .collect();
    let settlers: Vec<(Settler, Settler)> =
        sets.iter().map(|(a, b)| (Settler::new(a).unwrap(), Settler::new(b).unwrap())).collect();
    let (mut two_seat, mut home_runs_kept, mut home_runs_lost, mut shots) = (0u64, 0u64, 0u64, 0u64);
    let (mut all, mut bk) = (Settlement::default(), Settlement::default());
    for round in 0..rounds {
        let k = rng.below(sets.len());
        let (rules, banker_rules) = (&sets[k].0, &sets[k].1);
        let n = 2 + rng.below(3);
        let (hands, fake) = random_table_at(&mut rng, rules, n);
        if fake.is_some() {
            continue;
        }
        let banker = rng.below(n);
        settlers[k].0.settle_into(&hands, &mut all).unwrap();
        settlers[k].1.settle_into_with_banker(&hands, Some(banker), &mut bk).unwrap();
        check_structure(&bk, n, Some(banker));
        let units: Vec<i64> = bk.totals.iter().map(|w| w.units()).collect();
        assert_eq!(units, oracle(&hands, banker_rules, Some(banker)), "round {round}: banker {banker}");
        let others: Water = (0..n).filter(|&i| i != banker).map(|i| bk.totals[i]).sum();
        assert_eq!(bk.totals[banker], -others);
        if n == 2 {
            two_seat += 1;
            assert_eq!((&bk.totals, &bk.matrix, &bk.pairs), (&all.totals, &all.matrix, &all.pairs), "round {round}");
            assert_eq!(bk.events[1..], all.events[..], "round {round}");
            continue;
        }
        let all_home_run = all.events.iter().find_map(|e| match *e {
            Event::HomeRun { seat, .. } => Some(seat),
            _ => None,
        });
        for p in &bk.pairs {
            let q = all.pair(p.seats[0], p.seats[1]).unwrap();
            assert_eq!(
                (p.kind, p.lanes, p.lane_water, p.majority, p.shot, p.special),
                (q.kind, q.lanes, q.lane_water, q.majority, q.shot, q.special),
                "round {round}"
            );
            shots += p.shot.is_some() as u64;
            if all_home_run == Some(banker) {
                assert_eq!((p.home_run, p.water), (q.home_run, q.water), "round {round}: the banker's home run");
                home_runs_kept += 1;
            } else {
                assert_eq!(p.home_run, None, "round {round}: only the banker makes a home run");
                if q.home_run.is_some() {
                    home_runs_lost += 1;
                } else {
                    assert_eq!(p.water, q.water, "round {round}");
                }
            }
        }
    }
    eprintln!(
        "{rounds} banker rounds in {:.1?}: {two_seat} at two seats, {shots} shots, home runs kept {home_runs_kept}, \
         lost {home_runs_lost}",
        start.elapsed()
    );
    assert!(two_seat > 0 && shots > 0 && home_runs_kept > 0 && home_runs_lost > 0);
}

// ---------------------------------------------------------------------------------------------
// 2-4 scoring (chinese_poker) by brute force from RULES.md alone
// ---------------------------------------------------------------------------------------------

/// A hand as [`cp_hand`] writes it: category, then ranks in tie-break order.
type CpHand = (u8, Vec<u8>);

/// A hand as RULES.md §3 orders it under chinese_poker (wheel lowest, no suit tie-break): the
/// category number of §3's table, then the ranks in tie-break order (groups by size, then rank,
/// high to low; a straight by its top card, the wheel's top being the 5). Written from the
/// text, without the engine's evaluator.
fn cp_hand(cards: &[Card]) -> (u8, Vec<u8>) {
    let mut count = [0u8; 13];
    for c in cards {
        count[c.rank() as usize] += 1;
    }
    let mut groups: Vec<(u8, u8)> =
        (0..13u8).filter(|&r| count[r as usize] > 0).map(|r| (count[r as usize], r)).collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let order: Vec<u8> = groups.iter().flat_map(|&(n, r)| std::iter::repeat(r).take(n as usize)).collect();
    let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
    if cards.len() == 3 {
        let category = match shape[..] {
            [3] => 3,
            [2, 1] => 1,
            _ => 0,
        };
        return (category, order);
    }
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let straight_top = if shape.len() == 5 && order[0] - order[4] == 4 {
        Some(order[0])
    } else if order == [12, 3, 2, 1, 0] {
        Some(3) // A-2-3-4-5 with the wheel lowest: a 5-high straight
    } else {
        None
    };
    match (straight_top, flush, &shape[..]) {
        (Some(top), true, _) => (8, vec![top]),
        (_, _, [4, 1]) => (7, order),
        (_, _, [3, 2]) => (6, order),
        (_, true, _) => (5, order),
        (Some(top), false, _) => (4, vec![top]),
        (_, _, [3, 1, 1]) => (3, order),
        (_, _, [2, 2, 1]) => (2, order),
        (_, _, [2, 1, 1, 1]) => (1, order),
        _ => (0, order),
    }
}

/// Whether the front (3 cards) is above the middle (5 cards): category, then the front's ranks
/// against the middle's first three (§2).
fn cp_front_over_middle(front: &(u8, Vec<u8>), middle: &(u8, Vec<u8>)) -> bool {
    // A straight is written by its top card alone; its category already decides.
    let three = &middle.1[..middle.1.len().min(3)];
    (front.0, &front.1[..]) > (middle.0, three)
}

/// The water seat `i` receives from seat `j` under 2-4 scoring: one per lane won, one more to
/// the majority, a fouled seat losing all three lanes (4 in all) and two fouled seats 0.
fn two_four(i: &[(u8, Vec<u8>); 3], fi: bool, j: &[(u8, Vec<u8>); 3], fj: bool) -> i64 {
    match (fi, fj) {
        (true, true) => 0,
        (true, false) => -4,
        (false, true) => 4,
        (false, false) => {
            let wins = (0..3).filter(|&l| i[l] > j[l]).count() as i64;
            let losses = (0..3).filter(|&l| i[l] < j[l]).count() as i64;
            wins - losses + (wins - losses).signum()
        }
    }
}

/// chinese_poker's totals, all pairs and banker mode, against the brute force above.
#[test]
fn chinese_poker_is_two_four_scoring() {
    let rounds = banker_rounds();
    let start = std::time::Instant::now();
    let mut rng = Rng(ChaCha8Rng::seed_from_u64(0x0024_5C0E));
    let cp = Rules::preset(Preset::ChinesePoker);
    let cp_banker = Rules { table: Table::Banker, ..cp.clone() };
    let (settler, banker_settler) = (Settler::new(&cp).unwrap(), Settler::new(&cp_banker).unwrap());
    let mut out = Settlement::default();
    let mut seen = std::collections::HashMap::<i64, u64>::new();
    let mut fouls = 0u64;
    for round in 0..rounds {
        let n = 2 + rng.below(3);
        let (hands, _) = random_table_at(&mut rng, &cp, n);
        let seats: Vec<([CpHand; 3], bool)> = hands
            .iter()
            .map(|h| {
                let PlayerHand::Arranged(a) = h else { panic!("chinese_poker has no specials") };
                let lanes = [cp_hand(&a.front), cp_hand(&a.middle), cp_hand(&a.back)];
                let foul = cp_front_over_middle(&lanes[0], &lanes[1]) || lanes[1] > lanes[2];
                (lanes, foul)
            })
            .collect();
        fouls += seats.iter().filter(|s| s.1).count() as u64;
        let banker = (round % 2 == 1).then(|| rng.below(n));
        let mut want = vec![0i64; n];
        for i in 0..n {
            for j in 0..n {
                if i != j && banker.map_or(true, |k| i == k || j == k) {
                    let w = two_four(&seats[i].0, seats[i].1, &seats[j].0, seats[j].1);
                    want[i] += w;
                    if i < j {
                        *seen.entry(w.abs()).or_default() += 1;
                    }
                }
            }
        }
        match banker {
            None => settler.settle_into(&hands, &mut out).unwrap(),
            Some(_) => banker_settler.settle_into_with_banker(&hands, banker, &mut out).unwrap(),
        }
        let got: Vec<i64> = out.totals.iter().map(|w| w.to_integer().unwrap()).collect();
        assert_eq!(got, want, "round {round}, banker {banker:?}: {hands:?}");
        check_structure(&out, n, banker);
    }
    eprintln!("{rounds} chinese_poker rounds in {:.1?}: pair results {seen:?}, {fouls} fouls", start.elapsed());
    // Every result 2-4 scoring can give a pair: 0 (ties), 2 (2-1 or one lane and two ties),
    // 3 (two lanes and a tie), 4 (3-0 or a foul).
    for w in [0, 2, 3, 4] {
        assert!(seen.get(&w).copied().unwrap_or(0) > 0, "no pair result {w}: {seen:?}");
    }
    assert_eq!(seen.keys().filter(|&&w| ![0, 2, 3, 4].contains(&w)).count(), 0, "{seen:?}");
    assert!(fouls > 0);
}
