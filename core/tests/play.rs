//! `Arranger::play` and `play`: the seat a good player puts on the table. A hand that makes a
//! special worth more declared than played is declared (报到, RULES.md §6) and paid its water by
//! every other seat; any other hand plays the arranger's lanes. `settle` takes the arranger's
//! answers as they come.

use shisanshui::card::parse_cards_in;
use shisanshui::{play, settle, Arranger, PlayerHand, Rules, Special, Water};

fn cards(text: &str, rules: &Rules) -> Vec<shisanshui::Card> {
    parse_cards_in(text, rules.deck_spec()).unwrap()
}

#[test]
fn a_dragon_is_declared_and_paid_its_water() {
    let rules = Rules::classic();
    // 一条龙: one card of every rank, two to ace (mixed suits: not the supreme dragon).
    let dragon = cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac", &rules);
    let seat = play(&dragon, &rules).unwrap();
    let PlayerHand::Special { special, .. } = seat else { panic!("{seat:?} does not declare") };
    assert_eq!(special, Special::Dragon);
    let water = rules.special_water(Special::Dragon).unwrap() as i64;
    assert!(water > 0);
    // The other 39 cards to three seats that play their arranger's lanes: each pays the
    // dragon its water (§6).
    let arranger = Arranger::new(&rules, 4).unwrap();
    let rest: Vec<_> = rules.deck().into_iter().filter(|c| !dragon.contains(c)).collect();
    let mut seats = vec![seat];
    for k in 0..3 {
        let h: Vec<_> = rest.iter().copied().skip(k).step_by(3).collect();
        seats.push(arranger.arrange(&h).unwrap().into());
    }
    let s = settle(&seats, &rules).unwrap();
    assert_eq!(s.totals[0], Water::from_int(3 * water), "{:?}", s.totals);
}

#[test]
fn a_hand_without_a_special_plays_the_arranged_lanes() {
    let rules = Rules::classic();
    let arranger = Arranger::new(&rules, 4).unwrap();
    let hand = cards("As Ah Ad Kc Kd 2s 3s 4s 5d 7c 8c 9d Jh", &rules);
    let seat = arranger.play(&hand).unwrap();
    assert_eq!(seat, PlayerHand::Arranged(arranger.arrange(&hand).unwrap().arrangement));
    assert_eq!(seat, PlayerHand::from(arranger.arrange(&hand).unwrap()));
}

#[test]
fn a_special_worth_less_than_its_lanes_is_played_as_lanes() {
    // Six pairs (六对半) pays 3 under classic; six pairs that hold four of a kind and a full
    // house can play lanes worth more: whatever the advice says, play follows it.
    let rules = Rules::classic();
    let arranger = Arranger::new(&rules, 4).unwrap();
    let hand = cards("As Ah Ad Ac Ks Kh Qs Qh Js Jh Ts Th 2c", &rules);
    let advice = arranger.special_advice(&hand).unwrap().expect("six pairs");
    let seat = arranger.play(&hand).unwrap();
    match seat {
        PlayerHand::Special { special, .. } => {
            assert!(advice.declare());
            assert_eq!(special, advice.special);
        }
        PlayerHand::Arranged(a) => {
            assert!(!advice.declare());
            assert_eq!(a, advice.best_lanes.arrangement);
        }
    }
}

#[test]
fn jokers_reach_the_shared_arranger() {
    let mut rules = Rules::classic();
    rules.jokers = 2;
    let hand = cards("As Ah Ad Ac SJ 2c 3d 5h 7s 9c Jd Qh 4s", &rules);
    assert!(shisanshui::auto_arrange(&hand, &rules).is_ok());
    assert!(shisanshui::suggest(&hand, &rules, 2).is_ok());
    let PlayerHand::Arranged(a) = play(&hand, &rules).unwrap() else { panic!("no special here") };
    assert!(a.cards().contains(&shisanshui::Card::SMALL_JOKER));
    // Under rules without jokers the joker is refused, naming it.
    let err = play(&hand, &Rules::classic()).unwrap_err();
    assert!(err.to_string().contains("SJ"), "{err}");
}
