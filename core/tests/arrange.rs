//! Auto-arrangement through its public API: never a foul, the optimum of its objective
//! (checked against every arrangement with the engine's own foul check), suggestions, special
//! advice, the committed models and bad input. Run in release:
//! `cargo test -p shisanshui --release --test arrange`.

use shisanshui::arrange::model_tables::{committed, decode, encode};
use shisanshui::arrange::strength::Strength;
use shisanshui::arrange::{self, Arranger, SuggestionKind};
use shisanshui::deal::Dealer;
use shisanshui::{parse_cards, Arrangement, Card, Category, Error, Lane, Preset, Rules, Special};

fn hands(seed: u64, n: usize) -> Vec<[Card; 13]> {
    let mut d = Dealer::from_seed(seed);
    let mut out = Vec::new();
    while out.len() < n {
        out.extend(d.deal_four());
    }
    out.truncate(n);
    out
}

/// Every 3/5/5 arrangement of 13 cards (72,072), built without the search's code.
fn all_arrangements(cards: &[Card; 13], mut f: impl FnMut(Arrangement)) {
    for b in 0u16..8192 {
        if b.count_ones() != 5 {
            continue;
        }
        let rest = !b & 0x1FFF;
        let mut m = rest;
        while m != 0 {
            if m.count_ones() == 5 {
                let pick =
                    |mask: u16| -> Vec<Card> { (0..13).filter(|&i| mask >> i & 1 == 1).map(|i| cards[i]).collect() };
                f(Arrangement::new(&pick(rest ^ m), &pick(m), &pick(b)).unwrap());
            }
            m = (m - 1) & rest;
        }
    }
}

#[test]
fn never_fouls_and_uses_exactly_the_cards() {
    for preset in Preset::ALL {
        let rules = Rules::preset(preset);
        for players in [2, 3, 4] {
            let a = Arranger::new(&rules, players).unwrap();
            for hand in hands(preset as u64 * 10 + players as u64, if cfg!(debug_assertions) { 40 } else { 400 }) {
                let got = a.arrange(&hand).unwrap();
                let eval = got.arrangement.evaluate(&rules);
                assert!(!eval.foul.is_foul(), "{preset} {players}p fouled: {}", got.arrangement);
                let mut used: Vec<Card> = got.arrangement.cards().to_vec();
                let mut given = hand.to_vec();
                used.sort();
                given.sort();
                assert_eq!(used, given);
                assert_eq!(got.categories, [eval.front.category(), eval.middle.category(), eval.back.category()]);
                assert!(got.expected_water.is_finite());
            }
        }
    }
}

/// Under `strict_order` equal lanes foul too; the arranger must respect it.
#[test]
fn never_fouls_under_strict_order() {
    let mut rules = Rules::classic();
    rules.strict_order = true;
    let a = Arranger::new(&rules, 4).unwrap();
    let mut all = hands(77, 300);
    all.push(parse_cards("2c 3c 4c 5c 6c 2d 3d 4d 5d 6d 7h 7s 8h").unwrap().try_into().unwrap());
    all.push(parse_cards("Ac Kc Qc Jc Tc Ad Kd Qd Jd Td Ah Kh Qh").unwrap().try_into().unwrap());
    for hand in all {
        let got = a.arrange(&hand).unwrap();
        assert!(!got.arrangement.evaluate(&rules).foul.is_foul(), "{}", got.arrangement);
    }
}

/// The arrangement is the best of all 72,072 by the model's own pricing, with legality
/// decided by `Arrangement::evaluate` (independent of the search's ordinals and pruning).
#[test]
fn is_the_optimum_of_its_objective() {
    for (preset, players) in [(Preset::Classic, 4), (Preset::Kx, 2), (Preset::Ranked, 4), (Preset::Hk, 3)] {
        let rules = Rules::preset(preset);
        let a = Arranger::new(&rules, players).unwrap();
        for hand in hands(preset as u64 + 100, if cfg!(debug_assertions) { 2 } else { 12 }) {
            let got = a.arrange(&hand).unwrap();
            let mut best = f64::NEG_INFINITY;
            all_arrangements(&hand, |arr| {
                if !arr.evaluate(&rules).foul.is_foul() {
                    best = best.max(a.expected_water(&arr));
                }
            });
            assert_eq!(got.expected_water, best, "{preset} {players}p");
            assert_eq!(a.expected_water(&got.arrangement), best);
        }
    }
}

#[test]
fn is_deterministic_and_order_independent() {
    let rules = Rules::preset(Preset::Kx);
    for hand in hands(5, 50) {
        let first = arrange::auto_arrange(&hand, &rules).unwrap();
        let mut reversed = hand;
        reversed.reverse();
        assert_eq!(arrange::auto_arrange(&reversed, &rules).unwrap(), first);
        assert_eq!(arrange::auto_arrange(&hand, &rules).unwrap(), first);
    }
}

/// Obvious hands get the obvious play.
#[test]
fn plays_the_obvious() {
    let rules = Rules::classic();
    // A royal flush goes in the back, trips in front are kept out of a foul.
    let cards = parse_cards("As Ks Qs Js Ts 9d 9c 9h 4c 4d 7h 7c 2s").unwrap();
    let got = arrange::auto_arrange(&cards, &rules).unwrap();
    assert_eq!(got.categories[2], Category::StraightFlush);
    // Three full houses' worth of cards: a full house must not be broken into the front.
    let cards = parse_cards("Ac Ad Ah Kc Kd 2c 2d 2h 3c 3d 9s 8s 5h").unwrap();
    let got = arrange::auto_arrange(&cards, &rules).unwrap();
    assert!(got.categories[1] >= Category::ThreeOfAKind && got.categories[2] == Category::FullHouse);
}

/// Pricing grows with every lane: a stronger lane never lowers the expected water.
#[test]
fn objective_is_monotone_per_lane() {
    for preset in Preset::ALL {
        let rules = Rules::preset(preset);
        for players in [2, 4] {
            let a = Arranger::new(&rules, players).unwrap();
            for lane in [Lane::Front, Lane::Middle, Lane::Back] {
                let v = a.objective().lane_values(lane);
                assert!(v.windows(2).all(|w| w[0] <= w[1] + 1e-12), "{preset} {players}p {lane}");
            }
            let obj = a.objective();
            let mut rng = Dealer::from_seed(preset as u64);
            for _ in 0..20_000 {
                let f = (rng.next_word() % 455) as u16;
                let m = (rng.next_word() % 7462) as u16;
                let b = (rng.next_word() % 7462) as u16;
                let (f2, m2, b2) = ((f + 7).min(454), (m + 100).min(7461), (b + 100).min(7461));
                assert!(obj.ev(f, m, b) <= obj.upper_bound(f2, m2, b2), "{preset} {players}p bound");
                assert!(obj.sweep_value(f, m, b) <= obj.sweep_bound_tight(f2, m2, b2));
                assert!(obj.sweep_bound_tight(f2, m2, b2) <= obj.sweep_bound(f2, m2, b2) + 1e-9);
                assert!(obj.ev(f, m, b) <= obj.ev(f2, m2, b2) + 1e-9, "{preset} {players}p monotone");
            }
        }
    }
}

#[test]
fn suggestions() {
    let rules = Rules::classic();
    for hand in hands(9, 60) {
        let best = arrange::auto_arrange(&hand, &rules).unwrap();
        let list = arrange::suggest(&hand, &rules, 5).unwrap();
        assert!(!list.is_empty() && list.len() <= 5);
        assert_eq!(list[0].kind, SuggestionKind::Best);
        assert_eq!(list[0].arrangement, best.arrangement);
        assert_eq!(list[0].expected_water, best.expected_water);
        let a = Arranger::new(&rules, 4).unwrap();
        for (i, s) in list.iter().enumerate() {
            let e = s.arrangement.evaluate(&rules);
            assert!(!e.foul.is_foul());
            assert_eq!(s.categories, [e.front.category(), e.middle.category(), e.back.category()]);
            assert_eq!(s.expected_water, a.expected_water(&s.arrangement));
            assert!(s.expected_water <= best.expected_water);
            assert!(list[..i].iter().all(|o| o.categories != s.categories), "distinct categories");
        }
        // The strongest-back entry really has the strongest back category any legal split has.
        if let Some(sb) = list.iter().find(|s| s.kind == SuggestionKind::StrongestBack) {
            let mut top = Category::HighCard;
            all_arrangements(&hand, |arr| {
                let e = arr.evaluate(&rules);
                if !e.foul.is_foul() {
                    top = top.max(e.back.category());
                }
            });
            assert_eq!(sb.categories[2], top);
        }
        assert_eq!(arrange::suggest(&hand, &rules, 1).unwrap().len(), 1);
    }
}

#[test]
fn special_advice() {
    let rules = Rules::classic();
    // A dragon (36 from each of three opponents) is worth far more than its lanes.
    let dragon = parse_cards("Ac 2d 3h 4s 5c 6d 7h 8s 9c Td Jh Qs Kc").unwrap();
    let adv = arrange::special_advice(&dragon, &rules).unwrap().unwrap();
    assert_eq!(adv.special, Special::Dragon);
    assert!(adv.declare());
    assert_eq!(adv.declare_water, 108.0);
    assert!((adv.advantage() - (adv.declare_water - adv.lane_water)).abs() < 1e-12);
    // Three straight flushes in lanes score 3 straight flushes' worth of lane water, but the
    // special pays 22 from each seat: still declare.
    let tsf = parse_cards("Ac 2c 3c 4d 5d 6d 7d 8d 8h 9h Th Jh Qh").unwrap();
    let adv = arrange::special_advice(&tsf, &rules).unwrap().unwrap();
    assert_eq!(adv.special, Special::ThreeStraightFlushes);
    assert!(adv.declare(), "{adv:?}");
    // Three flushes with two strong flushes: the lanes may be worth more than 3 from each.
    let tf = parse_cards("2c 3c 5c Ah Kh Qh Jh 9h As Ks Qs Js 9s").unwrap();
    let adv = arrange::special_advice(&tf, &rules).unwrap().unwrap();
    assert_eq!(adv.special, Special::ThreeFlushes);
    assert_eq!(adv.declare_water, 9.0);
    assert_eq!(adv.declare(), adv.lane_water < 9.0);
    // No special: no advice.
    let plain = parse_cards("Ac Kd 9h 8s 7c 5d 4h 3s 2c Td Jh 2s 6d").unwrap();
    assert!(arrange::special_advice(&plain, &rules).unwrap().is_none());
}

#[test]
fn bad_input_is_a_typed_error() {
    let rules = Rules::classic();
    let cards = parse_cards("Ac 2d 3h 4s 5c 6d 7h 8s 9c Td Jh Qs Kc").unwrap();
    assert_eq!(
        arrange::auto_arrange(&cards[..12], &rules).unwrap_err(),
        Error::WrongCardCount { expected: 13, found: 12 }
    );
    let mut fourteen = cards.clone();
    fourteen.push(parse_cards("Ks").unwrap()[0]);
    assert_eq!(
        arrange::auto_arrange(&fourteen, &rules).unwrap_err(),
        Error::WrongCardCount { expected: 13, found: 14 }
    );
    let mut dup = cards.clone();
    dup[12] = dup[0];
    assert!(matches!(arrange::auto_arrange(&dup, &rules).unwrap_err(), Error::DuplicateCard { position: 12, .. }));
    assert!(matches!(arrange::suggest(&dup, &rules, 3).unwrap_err(), Error::DuplicateCard { .. }));
    assert!(matches!(arrange::special_advice(&dup, &rules).unwrap_err(), Error::DuplicateCard { .. }));
    assert!(matches!(arrange::suggest(&cards, &rules, 0).unwrap_err(), Error::InvalidArgument(_)));
    assert_eq!(Arranger::for_preset("vegas", 4).unwrap_err(), Error::UnknownPreset("vegas".into()));
    assert!(Arranger::for_preset("KX", 4).is_ok());
    for players in [0, 1, 5] {
        assert!(matches!(Arranger::new(&rules, players).unwrap_err(), Error::InvalidTable(_)));
    }
    let mut bad = Rules::classic();
    bad.shooting.multiplier = 0;
    assert!(matches!(arrange::auto_arrange(&cards, &bad).unwrap_err(), Error::InvalidRules { .. }));
}

/// Custom rules are priced with their own water against the nearest preset's field.
#[test]
fn custom_rules_use_their_own_water() {
    let mut rules = Rules::classic();
    rules.lane_water.front_trips = 30;
    assert_eq!(arrange::nearest_preset(&rules), Preset::Classic);
    let cards = parse_cards("9c 9d 9h Ac Ad Ah Kc Kd Ks 7c 5d 4h 3s").unwrap();
    let got = arrange::auto_arrange(&cards, &rules).unwrap();
    assert_eq!(got.categories[0], Category::ThreeOfAKind, "front trips worth 30 belong in front");
    let mut hk_like = Rules::preset(Preset::Hk);
    hk_like.shooting.bonus = shisanshui::Amount::Fixed(2);
    assert_eq!(arrange::nearest_preset(&hk_like), Preset::Hk);
}

#[test]
fn committed_models_are_complete_and_sane() {
    let models = committed();
    for preset in Preset::ALL {
        if preset == Preset::ChinesePoker && !models.iter().any(|m| m.preset == preset) {
            // Until its own field is trained, chinese_poker plays against its nearest trained
            // neighbour (the one other preset with the low wheel and every lane worth 1).
            assert_eq!(arrange::nearest_preset(&Rules::preset(preset)), Preset::Hk);
            continue;
        }
        for players in [2, 4] {
            let m = models.iter().find(|m| m.preset == preset && m.players == players);
            let m = m.unwrap_or_else(|| panic!("no committed {preset} model at {players} seats"));
            m.check().unwrap();
            assert!(m.training.deals >= 50_000 && m.training.iterations >= 3, "{preset} {players}p trained too little");
            // Every arrangement has back ≥ middle, so the back distribution dominates.
            let cdf = |v: &[u32]| -> Vec<u64> {
                v.iter()
                    .scan(0u64, |s, &x| {
                        *s += x as u64;
                        Some(*s)
                    })
                    .collect()
            };
            let (cm, cb) = (cdf(&m.middle), cdf(&m.back));
            assert!(cm.iter().zip(&cb).all(|(m, b)| b <= &(m + 64)), "{preset} {players}p back dominates middle");
            // The copula has uniform margins: each front slice holds about 1/GRID of the mass.
            let g = shisanshui::arrange::model::GRID;
            for i in 0..g {
                let slice: u64 = (0..g * g).map(|jk| m.copula[i * g * g + jk] as u64).sum();
                let share = slice as f64 / shisanshui::arrange::model::SCALE as f64;
                assert!(share < 3.0 / g as f64, "{preset} {players}p copula slice {i}: {share}");
            }
            // Lanes are positively dependent: both top cells hold more than independence gives.
            let top = m.copula[g * g * g - 1] as f64 / shisanshui::arrange::model::SCALE as f64;
            assert!(top > 1.0 / (g * g * g) as f64, "{preset} {players}p");
        }
    }
    assert_eq!(decode(&encode(models)).unwrap(), models.to_vec());
}

#[test]
fn corrupt_tables_are_rejected() {
    let bytes = encode(committed());
    let mut bad = bytes.clone();
    bad[40] ^= 1;
    assert!(decode(&bad).is_err());
    assert!(decode(&bytes[..bytes.len() - 1]).is_err());
    assert!(decode(b"nope").is_err());
}

/// The strength tables are shared by both wheels' hands consistently with the evaluator.
#[test]
fn wheel_changes_the_ordinals() {
    let hi = Strength::get(shisanshui::Wheel::SecondHighest);
    let lo = Strength::get(shisanshui::Wheel::Lowest);
    let wheel = parse_cards("Ac 2d 3h 4s 5c").unwrap().iter().map(|c| c.code()).collect::<Vec<_>>();
    let six = parse_cards("2c 3d 4h 5s 6c").unwrap().iter().map(|c| c.code()).collect::<Vec<_>>();
    let w: [u8; 5] = wheel.try_into().unwrap();
    let s: [u8; 5] = six.try_into().unwrap();
    assert!(hi.five(w) > hi.five(s));
    assert!(lo.five(w) < lo.five(s));
}
