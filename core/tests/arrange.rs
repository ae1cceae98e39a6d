//! Auto-arrangement through its public API: never a foul, the optimum of its objective
//! (checked against every arrangement with the engine's own foul check), suggestions, special
//! advice, the committed models and bad input. Run in release:
//! `cargo test -p shisanshui --release --test arrange`.

use shisanshui::arrange::model_tables::{self, committed, decode, encode};
use shisanshui::arrange::strength::Strength;
use shisanshui::arrange::{self, Arranger, Role, SuggestionKind};
use shisanshui::deal::Dealer;
use shisanshui::{parse_cards, Arrangement, Card, Category, Error, Lane, Preset, Rules, Special, SuitSet, Table};

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

/// Pricing grows with every lane: a stronger lane never lowers the expected water. Every
/// preset at two and four seats; every pairwise preset at banker tables of three and four in
/// both roles; majority bonuses on presets with shots (all pairs and banker).
#[test]
fn objective_is_monotone_per_lane() {
    let mut configs: Vec<(Rules, usize, Role)> = Vec::new();
    for preset in Preset::ALL {
        for players in [2, 4] {
            configs.push((Rules::preset(preset), players, Role::Player));
        }
        let mut banker = Rules::preset(preset);
        banker.table = Table::Banker;
        if banker.validate().is_ok() {
            for players in [3, 4] {
                for role in Role::ALL {
                    configs.push((banker.clone(), players, role));
                }
            }
        }
        let mut majority = Rules::preset(preset);
        majority.majority_bonus = 2;
        if majority.validate().is_ok() && preset != Preset::ChinesePoker {
            configs.push((majority.clone(), 4, Role::Player));
            majority.table = Table::Banker;
            configs.push((majority.clone(), 4, Role::Player));
            configs.push((majority, 3, Role::Banker));
        }
    }
    for (rules, players, role) in configs {
        let preset = format!("{} {}{}", arrange::nearest_preset(&rules), rules.table, rules.majority_bonus);
        {
            let a = Arranger::new_for(&rules, players, role).unwrap();
            for lane in [Lane::Front, Lane::Middle, Lane::Back] {
                let v = a.objective().lane_values(lane);
                assert!(v.windows(2).all(|w| w[0] <= w[1] + 1e-12), "{preset} {players}p {lane}");
            }
            let obj = a.objective();
            let mut rng = Dealer::from_seed(players as u64 + 10 * rules.majority_bonus as u64);
            for _ in 0..20_000 {
                let f = (rng.next_word() % 455) as u16;
                let m = (rng.next_word() % 7462) as u16;
                let b = (rng.next_word() % 7462) as u16;
                let (f2, m2, b2) = ((f + 7).min(454), (m + 100).min(7461), (b + 100).min(7461));
                assert!(obj.ev(f, m, b) <= obj.upper_bound(f2, m2, b2), "{preset} {players}p bound");
                assert!(obj.sweep_value(f, m, b) <= obj.sweep_bound_tight(f2, m2, b2));
                assert!(obj.sweep_bound_tight(f2, m2, b2) <= obj.sweep_bound(f2, m2, b2) + 1e-9);
                assert!(obj.ev(f, m, b) <= obj.ev(f2, m2, b2) + 1e-9, "{preset} {players}p monotone");
                // The majority alone, one lane at a time.
                let mj = obj.majority_value(f, m, b);
                for (g, n, c) in [(f2, m, b), (f, m2, b), (f, m, b2)] {
                    assert!(mj <= obj.majority_value(g, n, c) + 1e-12, "{preset} {players}p {role} majority");
                }
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
        Error::WrongCardCount { expected: 13, found: 12, lane: None }
    );
    let mut fourteen = cards.clone();
    fourteen.push(parse_cards("Ks").unwrap()[0]);
    assert_eq!(
        arrange::auto_arrange(&fourteen, &rules).unwrap_err(),
        Error::WrongCardCount { expected: 13, found: 14, lane: None }
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

/// At a banker table a seat's role matters: `Arranger::new` refuses it and says why,
/// `new_for` takes the role; the banker role needs a banker table. A banker table of two is
/// the heads-up game in either role.
#[test]
fn banker_tables_need_a_role() {
    let mut banker = Rules::classic();
    banker.table = Table::Banker;
    let cards = parse_cards("As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd").unwrap();
    for players in 2..=4 {
        let err = Arranger::new(&banker, players).unwrap_err();
        assert!(matches!(&err, Error::InvalidTable(m) if m.contains("new_for")), "{err}");
    }
    assert!(matches!(arrange::auto_arrange(&cards, &banker).unwrap_err(), Error::InvalidTable(_)));
    assert!(matches!(arrange::suggest(&cards, &banker, 2).unwrap_err(), Error::InvalidTable(_)));
    assert!(matches!(
        Arranger::with_field(&banker, 4, committed().first().unwrap()).unwrap_err(),
        Error::InvalidTable(_)
    ));
    let classic = Rules::classic();
    let err = Arranger::new_for(&classic, 4, Role::Banker).unwrap_err();
    assert!(matches!(&err, Error::InvalidTable(m) if m.contains("banker")), "{err}");
    // At an all-pairs table the player's role is every seat's.
    let a = Arranger::new_for(&classic, 4, Role::Player).unwrap();
    let b = Arranger::new(&classic, 4).unwrap();
    assert_eq!(a.arrange(&cards).unwrap(), b.arrange(&cards).unwrap());
    assert_eq!((a.role(), b.role()), (Role::Player, Role::Player));
    // Other errors come first as before.
    assert!(matches!(Arranger::new_for(&banker, 5, Role::Banker).unwrap_err(), Error::InvalidTable(_)));
    let mut ranked_banker = Rules::preset(Preset::Ranked);
    ranked_banker.table = Table::Banker;
    assert!(matches!(Arranger::new_for(&ranked_banker, 4, Role::Banker).unwrap_err(), Error::InvalidRules { .. }));
    // Roles by name.
    assert_eq!("Banker".parse::<Role>().unwrap(), Role::Banker);
    assert_eq!(" player ".parse::<Role>().unwrap(), Role::Player);
    assert!(matches!("dealer".parse::<Role>().unwrap_err(), Error::InvalidArgument(m) if m.contains("dealer")));
    // Two seats: both roles play exactly the all-pairs heads-up game.
    let heads_up = Arranger::new(&classic, 2).unwrap();
    for hand in hands(77, 40) {
        let want = heads_up.arrange(&hand).unwrap();
        for role in Role::ALL {
            let got = Arranger::new_for(&banker, 2, role).unwrap().arrange(&hand).unwrap();
            assert_eq!(got, want, "{role}");
        }
    }
    // The shared cache keeps roles apart.
    let p = arrange::shared_arranger_for(&banker, 4, Role::Player).unwrap();
    let k = arrange::shared_arranger_for(&banker, 4, Role::Banker).unwrap();
    assert_eq!((p.role(), k.role()), (Role::Player, Role::Banker));
}

/// Who pays whom at a banker table of four (classic): a player's special is paid by the banker
/// alone, the banker's by all three players; a player is settled against one seat, so its
/// lanes are worth about a third of the banker's; the banker never fears a home run, a player
/// does (the banker makes them), so a player's weak arrangements are dearer per opponent.
#[test]
fn banker_tables_price_each_role() {
    let mut banker = Rules::classic();
    banker.table = Table::Banker;
    let player = Arranger::new_for(&banker, 4, Role::Player).unwrap();
    let bank = Arranger::new_for(&banker, 4, Role::Banker).unwrap();
    assert_eq!(player.objective().special_value(36), 36.0);
    assert_eq!(bank.objective().special_value(36), 108.0);
    let strong = parse_cards("As Ks Qs Js Ts Ah Ad Ac Kd Kh Qd Qh Qc").unwrap();
    let (p, b) = (player.arrange(&strong).unwrap(), bank.arrange(&strong).unwrap());
    assert!(p.expected_water > 0.0 && b.expected_water > 2.0 * p.expected_water, "{p:?} {b:?}");
    // The banker's top lanes make home runs: worth more than three times a player's shots.
    let o = bank.objective();
    let top = |l: Lane| o.lane_values(l).len() as u16 - 1;
    assert!(o.sweep_value(top(Lane::Front), top(Lane::Middle), top(Lane::Back)) > 0.0);
    for hand in hands(5, 200) {
        for a in [&player, &bank] {
            let got = a.arrange(&hand).unwrap();
            assert!(!got.arrangement.evaluate(&banker).foul.is_foul());
            assert!((a.expected_water(&got.arrangement) - got.expected_water).abs() < 1e-9);
        }
    }
}

/// The chances the sweep terms weigh: chances, near certain for the top lanes (they shoot and
/// are never shot) and for the bottom ones (shot), growing with each lane; none without shooting.
#[test]
fn shot_chances_are_chances() {
    let a = Arranger::new(&Rules::classic(), 4).unwrap();
    let o = a.objective();
    let top = |l: Lane| o.lane_values(l).len() as u16 - 1;
    let (tf, tm, tb) = (top(Lane::Front), top(Lane::Middle), top(Lane::Back));
    let [shoot, shot, home_run_by] = o.shot_chances(tf, tm, tb).unwrap();
    assert!(shoot > 0.99 && shot == 0.0 && home_run_by == 0.0, "{shoot} {shot} {home_run_by}");
    let [shoot, shot, home_run_by] = o.shot_chances(0, 0, 0).unwrap();
    assert!(shoot == 0.0 && shot > 0.9 && home_run_by > 0.0 && home_run_by < shot, "{shoot} {shot} {home_run_by}");
    let mut last = [0.0, 1.0];
    for b in (0..=tb).step_by(97) {
        let [shoot, shot, hr] = o.shot_chances(tf / 2, tm / 2, b).unwrap();
        assert!((0.0..=1.0).contains(&shoot) && (0.0..=1.0).contains(&shot) && (0.0..=shot + 1e-12).contains(&hr));
        assert!(shoot >= last[0] - 1e-12 && shot <= last[1] + 1e-12, "back {b}: {shoot} {shot} after {last:?}");
        last = [shoot, shot];
    }
    let no_shots = Arranger::new(&Rules::preset(Preset::ChinesePoker), 4).unwrap();
    assert_eq!(no_shots.objective().shot_chances(0, 0, 0), None);
}

/// 2-4 scoring (chinese_poker): winning two lanes of three is worth the majority on top, so
/// the objective's majority part runs from −n to +n per unit of bonus and grows with every
/// lane; a hand strong in every lane collects it almost surely.
#[test]
fn majority_bonus_is_priced() {
    let rules = Rules::preset(Preset::ChinesePoker);
    for players in [2usize, 4] {
        let a = Arranger::new(&rules, players).unwrap();
        let o = a.objective();
        assert!(o.has_majority() && o.has_sweeps());
        let n = (players - 1) as f64;
        let top = |l: Lane| o.lane_values(l).len() as u16 - 1;
        let best = o.majority_value(top(Lane::Front), top(Lane::Middle), top(Lane::Back));
        let worst = o.majority_value(0, 0, 0);
        assert!(best > 0.97 * n && best <= n + 1e-9, "{players}p best {best}");
        assert!(worst < -0.97 * n && worst >= -n - 1e-9, "{players}p worst {worst}");
        // Doubling the bonus doubles the part.
        let mut double = rules.clone();
        double.majority_bonus = 2;
        let d = Arranger::new(&double, players).unwrap();
        let (f, m, b) = (300u16, 3000u16, 5000u16);
        let (one, two) = (o.majority_value(f, m, b), d.objective().majority_value(f, m, b));
        assert!((two - 2.0 * one).abs() < 1e-12, "{one} {two}");
        // A fouled hand pays every lane and the majority to every opponent.
        let mut no_majority = rules.clone();
        no_majority.majority_bonus = 0;
        let z = Arranger::new(&no_majority, players).unwrap();
        assert!((z.objective().foul_value() - o.foul_value() - n).abs() < 1e-9);
        assert!(!z.objective().has_sweeps());
    }
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
    // Every preset at two and four seats (all pairs); each banker table whose roles differ from
    // heads-up (home runs, or shots only from three seats) in both roles.
    let mut wanted: Vec<(Preset, u8, SuitSet, Table, Role)> = Vec::new();
    let one_deck = SuitSet::EMPTY;
    for preset in Preset::ALL {
        wanted.extend([2, 4].map(|players| (preset, players, one_deck, Table::AllPairs, Role::Player)));
        let mut banker = Rules::preset(preset);
        banker.table = Table::Banker;
        for players in [3u8, 4] {
            if banker.validate().is_ok() && !model_tables::banker_is_heads_up(&banker, players as usize) {
                wanted.extend(Role::ALL.map(|role| (preset, players, one_deck, Table::Banker, role)));
            }
        }
    }
    // Big tables (RULES.md §11): five seats with one extra suit, six with two, eight with two
    // decks, all pairs under classic, regional, kx and ranked; banker tables of five and six.
    let big: [(u8, SuitSet); 3] = [(5, "s".parse().unwrap()), (6, "sh".parse().unwrap()), (8, SuitSet::ALL)];
    for preset in [Preset::Classic, Preset::Regional, Preset::Kx, Preset::Ranked] {
        wanted.extend(big.map(|(players, suits)| (preset, players, suits, Table::AllPairs, Role::Player)));
    }
    for preset in [Preset::Classic, Preset::Regional, Preset::Kx] {
        for &(players, suits) in &big[..2] {
            wanted.extend(Role::ALL.map(|role| (preset, players, suits, Table::Banker, role)));
        }
    }
    assert!(wanted.len() >= 12 + 10 + 12 + 12, "{wanted:?}");
    for (preset, players, suits, table, role) in wanted {
        {
            let key = (preset, players, suits, table, role);
            let m = models.iter().find(|m| (m.preset, m.players, m.extra_suits, m.table, m.role) == key);
            let m = m.unwrap_or_else(|| {
                panic!("no committed {preset} {table} model for the {role} at {players} seats, extra suits {suits:?}")
            });
            // The seat's lookup finds it, and so does an arranger for that table.
            assert!(std::ptr::eq(model_tables::field_for_in(preset, players as usize, suits, table, role).unwrap(), m));
            if suits.is_empty() {
                assert!(std::ptr::eq(model_tables::field_for(preset, players as usize, table, role).unwrap(), m));
            }
            m.check().unwrap();
            assert!(m.training.deals >= 50_000 && m.training.iterations >= 3, "{preset} {players}p trained too little");
            let mut rules = Rules::preset(preset);
            rules.extra_suits = suits;
            rules.table = table;
            if players > 2 || table == Table::AllPairs {
                let a = shisanshui::Arranger::new_for(&rules, players as usize, role).unwrap();
                let fresh = shisanshui::arrange::Objective::new_for(m, &rules, players as usize, role);
                let probe = [200u16, 5000, 7000];
                assert_eq!(a.objective().ev(probe[0], probe[1], probe[2]), fresh.ev(probe[0], probe[1], probe[2]));
            }
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
