//! The exact search against an exhaustive oracle, and the strength ordinals against the
//! evaluator. Run in release: `cargo test -p shisanshui --release --test arrange_search`.

use shisanshui::arrange::search::{self, HandSubsets, Stats};
use shisanshui::arrange::strength::{Strength, Subsets, FIVE_CLASSES, THREE_CLASSES};
use shisanshui::arrange::train::{train, train_banker, TrainConfig};
use shisanshui::arrange::{FieldModel, Objective, Role, Training};
use shisanshui::deal::Dealer;
use shisanshui::{Card, Evaluator, Preset, Rules, SuitSet, Table, Wheel};

fn small_field(preset: Preset, players: u8) -> FieldModel {
    let cfg = TrainConfig {
        preset,
        players,
        extra_suits: SuitSet::EMPTY,
        jokers: 0,
        training: Training { seed: 11, deals: 300, iterations: 1 },
        card_removal: false,
        home_runs: true,
    };
    train(&cfg, |_, _| {})
}

fn codes(hand: &[Card; 13]) -> [u8; 13] {
    std::array::from_fn(|i| hand[i].code())
}

/// Weak hands where hundreds of backs are nearly tied, and hands of one long run and of trips.
const HARD_HANDS_FOR_EXACTNESS: [&str; 6] = [
    "2h 3d 4h 6c 7d 8c 9d Js Qc Kd Kh Ac Ah",
    "2s 3s 4h 6h 7c 8h 9c Jd Qs Qd Ks Ah Ad",
    "9s As Qh 7c Qs 6h Ac Js 4c Kh 3c 8d 2h",
    "2h 3s 4d 6d 7c 8d 9h Jh Qc Ks Ad Ah As",
    "2c 2h 3d 3s 4d 5c 5s 8h 9c Td Js Kh Ah",
    "3c 4c 5c 6c 7c 8c 9c Tc Jd Qd Kd Ad 2d",
];

/// Branch and bound returns exactly the exhaustive optimum (same split, same value) for every
/// preset, table size and `strict_order`, on random hands.
#[test]
fn branch_and_bound_equals_exhaustive() {
    let mut dealer = Dealer::from_seed(2024);
    let mut stats = Stats::default();
    for preset in Preset::ALL {
        let field = small_field(preset, 4);
        for players in 2..=4usize {
            for strict in [false, true] {
                let mut rules = Rules::preset(preset);
                rules.strict_order = strict;
                let obj = Objective::new(&field, &rules, players);
                let st = Strength::get(rules.wheel);
                // Release runs check 160 hands per configuration; debug builds a sample.
                for _ in 0..if cfg!(debug_assertions) { 3 } else { 40 } {
                    for hand in dealer.deal_four() {
                        let h = HandSubsets::new(st, codes(&hand));
                        let fast = search::best(&obj, st, &h, strict, Some(&mut stats));
                        let slow = search::exhaustive(&obj, st, &h, strict);
                        assert_eq!(fast, slow, "{preset} {players}p strict={strict}: {hand:?}");
                        assert!(search::legal(st, fast.ordinals[0], fast.ordinals[1], fast.ordinals[2], strict));
                    }
                }
            }
        }
    }
    eprintln!("{stats:?}");
}

/// The same on the hardest hands, with the shipped fields: weak hands where hundreds of backs
/// are nearly tied and the search prunes most splits by the separable sweep bound, so a bound
/// that was not admissible would show here first. Every preset, 2 and 4 seats, both orders.
#[test]
fn branch_and_bound_equals_exhaustive_on_hard_hands() {
    let hands = HARD_HANDS_FOR_EXACTNESS;
    for preset in Preset::ALL {
        for players in [2usize, 4] {
            let field = shisanshui::arrange::model_tables::field(trained(preset), players).unwrap();
            for strict in [false, true] {
                let mut rules = Rules::preset(preset);
                rules.strict_order = strict;
                let obj = Objective::new(field, &rules, players);
                let st = Strength::get(rules.wheel);
                for text in hands {
                    let cards = shisanshui::parse_cards(text).unwrap();
                    let h = HandSubsets::new(st, std::array::from_fn(|i| cards[i].code()));
                    let fast = search::best(&obj, st, &h, strict, None);
                    let slow = search::exhaustive(&obj, st, &h, strict);
                    assert_eq!(fast, slow, "{preset} {players}p strict={strict}: {text}");
                }
            }
        }
    }
}

/// The same on hands rich in straights: each holds A-2-3-4-5-6 (the wheel and a six-high run
/// at once, which rank differently under the two wheel rules) or a long run, with the other
/// cards random. Random deals rarely hold these; a cap that took the higher run for the best
/// straight, forgetting the wheel, went unnoticed by the tests above.
#[test]
fn branch_and_bound_equals_exhaustive_on_straight_hands() {
    let mut dealer = Dealer::from_seed(4242);
    let cores: [&[u8]; 3] = [&[12, 0, 1, 2, 3, 4], &[12, 0, 1, 2, 3, 4, 5, 6], &[4, 5, 6, 7, 8, 9, 10]];
    for preset in Preset::ALL {
        let field = shisanshui::arrange::model_tables::field(trained(preset), 4).unwrap();
        for strict in [false, true] {
            let mut rules = Rules::preset(preset);
            rules.strict_order = strict;
            let obj = Objective::new(field, &rules, 4);
            let st = Strength::get(rules.wheel);
            for round in 0..if cfg!(debug_assertions) { 3 } else { 24 } {
                // The core ranks in random suits, then other random cards.
                let deck = dealer.deal_four();
                let mut hand: Vec<u8> = Vec::new();
                for (k, &rank) in cores[round % 3].iter().enumerate() {
                    hand.push(rank * 4 + (deck[0][k].code() & 3));
                }
                for card in deck.iter().flatten().map(|c| c.code()) {
                    if hand.len() < 13 && !hand.contains(&card) {
                        hand.push(card);
                    }
                }
                let h = HandSubsets::new(st, hand.clone().try_into().unwrap());
                let fast = search::best(&obj, st, &h, strict, None);
                let slow = search::exhaustive(&obj, st, &h, strict);
                assert_eq!(fast, slow, "{preset} strict={strict}: {hand:?}");
            }
        }
    }
}

/// The objectives of banker tables and 2-4 scoring: every pairwise preset at banker tables of
/// two to four seats in both roles, `chinese_poker` at two to four seats (all pairs and
/// banker), and a majority bonus on presets with shots and home runs. What each configuration
/// searches with.
fn new_format_configs() -> Vec<(String, Rules, usize, Role)> {
    let mut out = Vec::new();
    for preset in Preset::ALL {
        let mut banker = Rules::preset(preset);
        banker.table = Table::Banker;
        if banker.validate().is_err() {
            continue; // ranked: banker mode is pairwise only
        }
        for players in 2..=4usize {
            for role in Role::ALL {
                out.push((format!("{preset} banker {players}p {role}"), banker.clone(), players, role));
            }
        }
    }
    for players in 2..=4usize {
        out.push((format!("chinese_poker {players}p"), Rules::preset(Preset::ChinesePoker), players, Role::Player));
    }
    for (preset, bonus) in [(Preset::Classic, 1), (Preset::Kx, 2)] {
        let mut rules = Rules::preset(preset);
        rules.majority_bonus = bonus;
        out.push((format!("{preset} +{bonus} majority 4p"), rules.clone(), 4, Role::Player));
        rules.table = Table::Banker;
        for role in Role::ALL {
            out.push((format!("{preset} +{bonus} majority banker 4p {role}"), rules.clone(), 4, role));
        }
    }
    out
}

/// Branch and bound equals the exhaustive optimum under the objectives of banker tables (each
/// role) and of 2-4 scoring, on random hands, with small fields trained for them
/// (`train_banker` for banker tables) and with the shipped ones.
#[test]
fn branch_and_bound_equals_exhaustive_at_banker_tables_and_with_majority() {
    let mut dealer = Dealer::from_seed(2025);
    let mut stats = Stats::default();
    let mut checked = 0u64;
    for (name, rules, players, role) in new_format_configs() {
        let preset = shisanshui::arrange::nearest_preset(&rules);
        let small = if rules.table == Table::Banker && players > 2 {
            let cfg = TrainConfig {
                preset,
                players: players as u8,
                extra_suits: SuitSet::EMPTY,
                jokers: 0,
                training: Training { seed: 12, deals: 200, iterations: 1 },
                card_removal: false,
                home_runs: true,
            };
            let [player, banker] = train_banker(&cfg, |_, _| {});
            if role == Role::Banker {
                banker
            } else {
                player
            }
        } else {
            small_field(preset, players as u8)
        };
        let shipped = shisanshui::arrange::model_tables::field_for(preset, players, rules.table, role).unwrap();
        for (field, rounds) in [(&small, 20), (shipped, 10)] {
            for strict in [false, true] {
                let mut rules = rules.clone();
                rules.strict_order = strict;
                let obj = Objective::new_for(field, &rules, players, role);
                let st = Strength::get(rules.wheel);
                for _ in 0..if cfg!(debug_assertions) { 1 } else { rounds } {
                    for hand in dealer.deal_four() {
                        let h = HandSubsets::new(st, codes(&hand));
                        let fast = search::best(&obj, st, &h, strict, Some(&mut stats));
                        let slow = search::exhaustive(&obj, st, &h, strict);
                        assert_eq!(fast, slow, "{name} strict={strict}: {hand:?}");
                        checked += 1;
                    }
                }
            }
        }
    }
    eprintln!("{checked} hands, {stats:?}");
}

/// The same on the hardest hands, with the shipped fields, under every new configuration.
#[test]
fn branch_and_bound_equals_exhaustive_on_hard_hands_at_banker_tables_and_with_majority() {
    for (name, rules, players, role) in new_format_configs() {
        let preset = shisanshui::arrange::nearest_preset(&rules);
        let field = shisanshui::arrange::model_tables::field_for(preset, players, rules.table, role).unwrap();
        for strict in [false, true] {
            let mut rules = rules.clone();
            rules.strict_order = strict;
            let obj = Objective::new_for(field, &rules, players, role);
            let st = Strength::get(rules.wheel);
            for text in HARD_HANDS_FOR_EXACTNESS {
                let cards = shisanshui::parse_cards(text).unwrap();
                let h = HandSubsets::new(st, std::array::from_fn(|i| cards[i].code()));
                let fast = search::best(&obj, st, &h, strict, None);
                let slow = search::exhaustive(&obj, st, &h, strict);
                assert_eq!(fast, slow, "{name} strict={strict}: {text}");
            }
        }
    }
}

/// Every 5-card hand's ordinal orders hands exactly as the evaluator does, suits ignored.
#[test]
fn ordinals_follow_the_evaluator() {
    for wheel in [Wheel::SecondHighest, Wheel::Lowest] {
        let st = Strength::get(wheel);
        let ev = Evaluator::with_options(wheel, false);
        let mut by_ord = vec![None; FIVE_CLASSES];
        let cards: Vec<Card> = (0..52).map(|c| Card::from_code(c).unwrap()).collect();
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            let hand = [cards[a], cards[b], cards[c], cards[d], cards[e]];
                            let o = st.five([a as u8, b as u8, c as u8, d as u8, e as u8]) as usize;
                            let v = ev.eval5(&hand).value();
                            match by_ord[o] {
                                None => by_ord[o] = Some(v),
                                Some(w) => assert_eq!(v, w, "ordinal {o} holds two ranks"),
                            }
                        }
                    }
                }
            }
        }
        let vals: Vec<u32> = by_ord.iter().map(|v| v.expect("every ordinal occurs")).collect();
        assert!(vals.windows(2).all(|w| w[0] < w[1]), "ordinals increase with strength");
        let mut by3 = vec![None; THREE_CLASSES];
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    let o = st.three([a as u8, b as u8, c as u8]) as usize;
                    let v = ev.eval3(&[cards[a], cards[b], cards[c]]).value();
                    assert_eq!(*by3[o].get_or_insert(v), v);
                }
            }
        }
        let vals: Vec<u32> = by3.iter().map(|v| v.unwrap()).collect();
        assert!(vals.windows(2).all(|w| w[0] < w[1]));
    }
    assert_eq!(Subsets::get().five.len(), 1287);
}

/// The search decides a front's legality by one threshold per middle (`front_below`): valid
/// because front keys rise with the 3-card ordinal. Checked against `legal` for every pair.
#[test]
fn front_legality_is_a_threshold() {
    for wheel in [Wheel::SecondHighest, Wheel::Lowest] {
        let st = Strength::get(wheel);
        assert!(st.three_front_key.windows(2).all(|w| w[0] < w[1]), "front keys rise with the ordinal");
        for m in 0..FIVE_CLASSES as u16 {
            for f in 0..THREE_CLASSES as u16 {
                for strict in [false, true] {
                    let by_threshold = f < st.front_below[strict as usize][m as usize];
                    // `legal` with the back above both (its own test is the middle-back order).
                    assert_eq!(by_threshold, search::legal(st, f, m, FIVE_CLASSES as u16, strict), "{f} {m} {strict}");
                }
            }
        }
    }
}

/// `exact_five_cap` is the best five of five to eight cards, flushes aside: checked against the
/// largest ordinal of every five-card subset, each read with its suits mixed (so none is a
/// flush), for random cards of each count and both wheels.
#[test]
fn exact_five_cap_is_the_best_plain_five() {
    let mut dealer = Dealer::from_seed(78);
    for wheel in [Wheel::SecondHighest, Wheel::Lowest] {
        let st = Strength::get(wheel);
        for round in 0..2000 {
            let n = 5 + round % 4;
            let deal = dealer.deal_four();
            // Two hands' worth of cards, so that ranks repeat as often as they can.
            let cards: Vec<u8> = deal[0].iter().chain(deal[1].iter()).map(|c| c.code()).take(n).collect();
            let counts: u64 = cards.iter().map(|&c| 1u64 << (4 * (c >> 2))).sum();
            let mut best = 0u16;
            let idx: Vec<usize> = (0..n).collect();
            for a in 0..n {
                for b in a + 1..n {
                    for c in b + 1..n {
                        for d in c + 1..n {
                            for e in d + 1..n {
                                // Suits 0,1,2,3,0: never five of one suit.
                                let five = [a, b, c, d, e].map(|i| cards[idx[i]] & !3);
                                let mixed = [five[0], five[1] | 1, five[2] | 2, five[3] | 3, five[4]];
                                best = best.max(st.five(mixed));
                            }
                        }
                    }
                }
            }
            assert_eq!(st.exact_five_cap(counts), best, "{wheel:?} cards {cards:?}");
        }
    }
}

/// `middle_below` bounds every five of eight cards that is at most a back's ordinal, checked by
/// enumerating the fives directly, for backs of every category up to trips and random cards;
/// and for some of them the bound is tighter than the back itself (else it would be useless).
#[test]
fn middle_below_bounds_every_legal_middle() {
    let mut dealer = Dealer::from_seed(77);
    for wheel in [Wheel::SecondHighest, Wheel::Lowest] {
        let st = Strength::get(wheel);
        let (mut checked, mut tighter) = (0, 0);
        for _ in 0..400 {
            let deal = dealer.deal_four();
            let (back, rest): (Vec<u8>, Vec<u8>) =
                (deal[0][..5].iter().map(|c| c.code()).collect(), deal[1][..8].iter().map(|c| c.code()).collect());
            let top = st.five([back[0], back[1], back[2], back[3], back[4]]);
            let counts: u64 = rest.iter().map(|&c| 1u64 << (4 * (c >> 2))).sum();
            let bound = st.middle_below(counts, u16::MAX, top);
            let mut best_legal = None;
            for a in 0..8 {
                for b in a + 1..8 {
                    for c in b + 1..8 {
                        for d in c + 1..8 {
                            for e in d + 1..8 {
                                let o = st.five([rest[a], rest[b], rest[c], rest[d], rest[e]]);
                                if o <= top {
                                    assert!(o <= bound, "{rest:?} under {top}: middle {o} above the bound {bound}");
                                    best_legal = best_legal.max(Some(o));
                                }
                            }
                        }
                    }
                }
            }
            checked += 1;
            tighter += (bound < top) as u32;
            assert!(best_legal.is_none_or(|o| o <= bound));
        }
        assert!(tighter > 0, "{checked} backs, none bounded below themselves");
    }
}

/// Every back's split table lists its 56 splits once each: the middle and front masks are
/// disjoint, miss the back, and cover the other eight positions.
#[test]
fn split_tables_cover_every_split() {
    let sub = Subsets::get();
    for (bi, &back) in sub.five.iter().enumerate() {
        let mut seen = std::collections::HashSet::new();
        for &pair in sub.splits[bi].iter() {
            let (middle, front) = (sub.five[(pair & 0xFFFF) as usize], sub.three[(pair >> 16) as usize]);
            assert_eq!(middle & front, 0);
            assert_eq!((middle | front) & back, 0);
            assert_eq!(middle | front | back, 0x1FFF);
            assert!(seen.insert(front));
        }
        assert_eq!(seen.len(), 56);
    }
}

/// The product-of-ranks baseline (searched as a sum of logarithms) reaches the brute-force
/// maximum of the product over every legal split.
#[test]
fn product_baseline_is_the_maximum_product() {
    let mut dealer = Dealer::from_seed(31);
    for (wheel, strict) in [(Wheel::SecondHighest, false), (Wheel::Lowest, false), (Wheel::SecondHighest, true)] {
        let st = Strength::get(wheel);
        for _ in 0..if cfg!(debug_assertions) { 2 } else { 25 } {
            for hand in dealer.deal_four() {
                let h = HandSubsets::new(st, codes(&hand));
                let got = shisanshui::arrange::baseline::product(&h, st, strict);
                let product = |o: [u16; 3]| o.iter().map(|&x| x as u64 + 1).product::<u64>();
                let mut best = 0u64;
                search::for_each_legal(st, &h, strict, |_, _, _, o| best = best.max(product(o)));
                assert_eq!(product(got.ordinals), best);
                assert!(search::legal(st, got.ordinals[0], got.ordinals[1], got.ordinals[2], strict));
            }
        }
    }
}

/// The per-hand subset ordinals (computed in a revolving-door order, flushes patched in
/// afterwards) equal the ordinal of each subset looked up directly, on random hands and on
/// hands with long suits.
#[test]
fn subset_ordinals_match_direct_lookups() {
    let sub = Subsets::get();
    for (k, door) in [(5usize, &sub.five_door[..]), (3, &sub.three_door[..])] {
        let masks: Vec<u16> = door
            .iter()
            .map(|&s| if k == 5 { sub.five[(s >> 16) as usize] } else { sub.three[(s >> 16) as usize] })
            .collect();
        let distinct: std::collections::HashSet<u16> = masks.iter().copied().collect();
        assert_eq!(distinct.len(), masks.len(), "each subset once");
        for (w, &s) in masks.windows(2).zip(&door[1..]) {
            assert_eq!((w[0] ^ w[1]).count_ones(), 2, "one card out, one in");
            assert_eq!(w[0] & !w[1], 1 << (s & 15));
            assert_eq!(w[1] & !w[0], 1 << (s >> 4 & 15));
        }
    }
    let st = Strength::get(Wheel::SecondHighest);
    let mut dealer = Dealer::from_seed(8);
    let mut hands: Vec<[u8; 13]> = (0..50).flat_map(|_| dealer.deal_four()).map(|h| codes(&h)).collect();
    for text in ["2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah", "2c 3c 4c 5c 6c 2d 3d 4d 5d 6d 7h 7s 8h"] {
        let cards = shisanshui::parse_cards(text).unwrap();
        hands.push(std::array::from_fn(|i| cards[i].code()));
    }
    for codes in hands {
        let h = HandSubsets::new(st, codes);
        for (i, &m) in sub.five.iter().enumerate() {
            let c: Vec<u8> = (0..13).filter(|&p| m >> p & 1 == 1).map(|p| h.codes[p]).collect();
            assert_eq!(h.five[i], st.five(c.clone().try_into().unwrap()));
        }
        for (i, &m) in sub.three.iter().enumerate() {
            let c: Vec<u8> = (0..13).filter(|&p| m >> p & 1 == 1).map(|p| h.codes[p]).collect();
            assert_eq!(h.three[i], st.three(c.try_into().unwrap()));
        }
    }
}

/// The preset whose committed field `preset`'s arranger uses: itself, or (a preset whose field
/// is not trained yet) its nearest trained neighbour.
fn trained(preset: Preset) -> Preset {
    shisanshui::arrange::nearest_preset(&Rules::preset(preset))
}
