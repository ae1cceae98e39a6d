//! Card removal (`arrange/removal.rs`): the search with per-hand corrections against the
//! exhaustive oracle with the same corrections, and the corrections against the conditioned
//! field computed independently, class by class. Run in release:
//! `cargo test -p shisanshui --release --test arrange_removal`.

use shisanshui::arrange::search::{self, Corrections, HandSubsets};
use shisanshui::arrange::strength::Strength;
use shisanshui::arrange::{model_tables, Arranger, FieldModel, Objective, Role};
use shisanshui::deal::Dealer;
use shisanshui::{parse_cards, Card, Category, Lane, Preset, Rules, Table};

fn hands(seed: u64, n: usize) -> Vec<[Card; 13]> {
    let mut d = Dealer::from_seed(seed);
    (0..n.div_ceil(4)).flat_map(|_| d.deal_four()).take(n).collect()
}

fn subsets(st: &Strength, hand: &[Card; 13]) -> HandSubsets {
    HandSubsets::new(st, hand.map(|c| c.code()))
}

/// Corrections that are an arbitrary function of each subset's ordinal (large, of both signs):
/// the search must stay exact whatever they are.
fn scrambled(h: &HandSubsets, seed: u64, scale: f64) -> Corrections {
    let f = |lane: u64, x: u16| {
        let z = (x as u64 ^ lane << 20 ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((z >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * scale
    };
    // The arrays are padded to powers of two past the 286 and 1,287 subsets, with zeros.
    let front: [f64; 512] = std::array::from_fn(|i| if i < 286 { f(0, h.three[i]) } else { 0.0 });
    let middle: [f64; 2048] = std::array::from_fn(|i| if i < 1287 { f(1, h.five[i]) } else { 0.0 });
    let back: [f64; 2048] = std::array::from_fn(|i| if i < 1287 { f(2, h.five[i]) } else { 0.0 });
    let top = |v: &[f64]| v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let top_front_middle = top(&front[..286]) + top(&middle[..1287]);
    let slack = top_front_middle + top(&back[..1287]);
    Corrections { front: Box::new(front), middle: Box::new(middle), back: Box::new(back), top_front_middle, slack }
}

fn configs() -> Vec<(Rules, usize, Role)> {
    let mut out = Vec::new();
    for preset in Preset::ALL {
        for players in [2usize, 4] {
            for strict in [false, true] {
                let mut r = Rules::preset(preset);
                r.strict_order = strict;
                out.push((r, players, Role::Player));
            }
        }
    }
    for role in Role::ALL {
        let mut r = Rules::classic();
        r.table = Table::Banker;
        out.push((r, 3, role));
    }
    out
}

fn objective(rules: &Rules, players: usize, role: Role) -> Objective {
    let f = model_tables::field_for(shisanshui::arrange::nearest_preset(rules), players, rules.table, role)
        .expect("a committed field");
    Objective::new_for(f, rules, players, role)
}

#[test]
fn search_with_corrections_equals_exhaustive() {
    let n = if cfg!(debug_assertions) { 2 } else { 24 };
    for (k, (rules, players, role)) in configs().into_iter().enumerate() {
        let obj = objective(&rules, players, role);
        let st = Strength::get(rules.wheel);
        for (i, hand) in hands(100 + k as u64, n).iter().enumerate() {
            let h = subsets(st, hand);
            let real = obj.corrections(&h).expect("a one-deck objective has corrections");
            for (what, c) in [("real", real), ("scrambled", scrambled(&h, i as u64, 4.0))] {
                let fast = search::best_with(&obj, st, &h, rules.strict_order, Some(&c), None);
                let slow = search::exhaustive_with(&obj, st, &h, rules.strict_order, Some(&c));
                assert_eq!(fast, slow, "{what} corrections, {:?} {players} {role}: {hand:?}", rules.scoring);
            }
        }
    }
}

#[test]
fn hard_hands_with_corrections() {
    let rules = Rules::classic();
    let st = Strength::get(rules.wheel);
    let obj = objective(&rules, 4, Role::Player);
    for text in [
        "2h 3d 4h 6c 7d 8c 9d Js Qc Kd Kh Ac Ah",
        "2h 3s 4d 6d 7c 8d 9h Jh Qc Ks Ad Ah As",
        "3c 4c 5c 6c 7c 8c 9c Tc Jd Qd Kd Ad 2d",
        "Ac Ad Ah Kc Kd Kh Qc Qd Qh Jc Jd Jh Tc",
    ] {
        let hand: [Card; 13] = parse_cards(text).unwrap().try_into().unwrap();
        let h = subsets(st, &hand);
        for c in [obj.corrections(&h).unwrap(), scrambled(&h, 7, 1.0), scrambled(&h, 8, 20.0)] {
            let fast = search::best_with(&obj, st, &h, false, Some(&c), None);
            assert_eq!(fast, search::exhaustive_with(&obj, st, &h, false, Some(&c)), "{text}");
        }
    }
}

/// The conditioned lane value of one lane, class by class: the field's distribution reweighted
/// by the run ratio the module documents, recomputed here from the counting formulas directly.
fn conditioned_values(st: &Strength, pmf: &[f64], water: &[f64], n: f64, ratio: &dyn Fn(usize) -> f64) -> Vec<f64> {
    let w: Vec<f64> = pmf.iter().enumerate().map(|(y, p)| p * ratio(y)).collect();
    let z: f64 = w.iter().sum();
    let _ = st;
    let mut out = vec![0.0; pmf.len()];
    let mut below = 0.0;
    let above_total: f64 = w.iter().zip(water).map(|(p, w)| p * w).sum::<f64>() / z;
    let mut above = above_total;
    for x in 0..pmf.len() {
        above -= w[x] * water[x] / z;
        out[x] = n * (water[x] * below - above);
        below += w[x] / z;
    }
    out
}

fn choose(n: i64, k: i64) -> f64 {
    if k < 0 || k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |a, i| a * (n - i) as f64 / (i + 1) as f64)
}

#[test]
fn front_corrections_are_the_exact_conditioned_values() {
    // The front's runs are single classes: its correction is exactly the conditioned value
    // less the field's, with each class's ratio the count of its cards among the unseen.
    let rules = Rules::classic();
    let st = Strength::get(rules.wheel);
    let field: &FieldModel = model_tables::field(Preset::Classic, 4).unwrap();
    let obj = Objective::new(field, &rules, 4);
    let pmf: Vec<f64> = field.front.iter().map(|&c| c as f64 / (1u64 << 20) as f64).collect();
    let water: Vec<f64> = st
        .three_category
        .iter()
        .map(|&c| if c == Category::ThreeOfAKind { rules.lane_water.front_trips as f64 } else { 1.0 })
        .collect();
    for hand in hands(9, 12) {
        let h = subsets(st, &hand);
        let c = obj.corrections(&h).unwrap();
        let mut held = [0i64; 13];
        for card in &hand {
            held[(card.code() >> 2) as usize] += 1;
        }
        let ratio = |y: usize| -> f64 {
            // Rank counts of class y from its ranks-only HandRank's nibbles are awkward; read
            // them off a representative: the first three-card subset of a full deck with that
            // ordinal.
            let counts = class_counts(st, y);
            counts
                .iter()
                .enumerate()
                .filter(|(_, &k)| k > 0)
                .map(|(r, &k)| choose(4 - held[r], k) / choose(4, k))
                .product()
        };
        let exact = conditioned_values(st, &pmf, &water, 3.0, &ratio);
        for (i, &x) in h.three.iter().enumerate() {
            let want = exact[x as usize] - obj.lane_values(Lane::Front)[x as usize];
            assert!((c.front[i] - want).abs() < 1e-9, "{hand:?} front {x}: {} vs {want}", c.front[i]);
        }
    }
}

/// Rank counts of a three-card ordinal, by search over rank multisets.
fn class_counts(st: &Strength, y: usize) -> [i64; 13] {
    for a in 0..13u8 {
        for b in a..13 {
            for c in b..13 {
                if a == c {
                    if st.three([a << 2, a << 2 | 1, a << 2 | 2]) as usize == y {
                        let mut k = [0; 13];
                        k[a as usize] = 3;
                        return k;
                    }
                    continue;
                }
                let codes = [a << 2, b << 2 | (a == b) as u8, c << 2 | (b == c) as u8];
                if st.three(codes) as usize == y {
                    let mut k = [0; 13];
                    for x in codes {
                        k[(x >> 2) as usize] += 1;
                    }
                    return k;
                }
            }
        }
    }
    unreachable!("every ordinal is a class")
}

#[test]
fn holding_three_aces_makes_an_opposing_pair_of_aces_rare() {
    // With three aces held, an ace pair in front wins more often than the field says, so its
    // front correction is positive; a weak front's is negative (more opponents' fronts are low).
    let rules = Rules::classic();
    let st = Strength::get(rules.wheel);
    let a = Arranger::new(&rules, 4).unwrap();
    let hand: [Card; 13] = parse_cards("As Ah Ad Kc Qd 9s 8h 7c 6d 5s 4h 3c 2d").unwrap().try_into().unwrap();
    let h = subsets(st, &hand);
    let c = a.objective().corrections(&h).unwrap();
    let pair_aces = (0..286)
        .find(|&i| {
            st.three_category[h.three[i] as usize] == Category::OnePair && {
                let r = st.three_rank[h.three[i] as usize];
                r.nibbles()[0] == 14 || r.nibbles()[0] == 12
            }
        })
        .expect("a front with two aces");
    assert!(c.front[pair_aces] > 0.0, "{}", c.front[pair_aces]);
    // Off, the arranger plays the field as trained: its expected water is the objective's.
    let plain = a.clone().with_card_removal(false);
    let arr = plain.arrange(&hand).unwrap();
    let st_ = st;
    let f = st_.three(arr.arrangement.front.map(|c| c.code()));
    let m = st_.five(arr.arrangement.middle.map(|c| c.code()));
    let b = st_.five(arr.arrangement.back.map(|c| c.code()));
    assert_eq!(arr.expected_water, a.objective().ev(f, m, b));
    // On, the expected water of its own choice is what expected_water reports for it.
    let on = a.arrange(&hand).unwrap();
    assert_eq!(on.expected_water, a.expected_water(&on.arrangement));
    assert!(a.card_removal() && !plain.card_removal());
}
