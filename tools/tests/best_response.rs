//! The best-response measurement (`sss-tournament best-response`): a best response never loses
//! to the choice it is measured against where it was chosen, finds the gain a weak player leaves,
//! and is reproducible.

use shisanshui::arrange::baseline;
use shisanshui::arrange::search::HandSubsets;
use shisanshui::arrange::strength::Strength;
use shisanshui::arrange::{Arranger, Role};
use shisanshui::settle::PlayerHand;
use shisanshui::{Arrangement, Card, Error, Rules, SuitSet, Table};
use shisanshui_tools::best_response::{arranger_play, interval, run, run_of, Config, Seats};

fn config(players: usize) -> Config {
    Config { rules: Rules::classic(), players, hands: 16, opponents: 60, screen: 24, seed: 7, role: Role::Player }
}

/// The greedy baseline's play: strongest five to the back, then the middle, no specials.
fn greedy(cards: &[Card; 13]) -> Result<PlayerHand, Error> {
    let st = Strength::get(Rules::classic().wheel);
    let h = HandSubsets::new(st, cards.map(|c| c.code()));
    let s = baseline::greedy(&h, st, false);
    let card = |i: usize| Card::from_code(h.codes[i]).expect("a hand's codes are cards");
    let lane = |mask: u16| -> Vec<Card> { (0..13).filter(|&i| mask >> i & 1 == 1).map(card).collect() };
    Ok(PlayerHand::Arranged(Arrangement::new(&lane(s.front), &lane(s.middle), &lane(s.back))?))
}

#[test]
fn never_behind_where_chosen_and_reproducible() {
    let arranger = Arranger::new(&Rules::classic(), 2).unwrap();
    let c = config(2);
    let first = run(&c, &arranger).unwrap();
    assert_eq!(first.len(), 16);
    for r in &first {
        // The arranger's own choice is a candidate, so on the choosing set the best is never below it.
        assert!(r.in_sample >= 0.0, "{r:?}");
        if r.same {
            assert_eq!(r.gain, 0.0, "{r:?}");
        }
    }
    assert_eq!(first, run(&c, &arranger).unwrap(), "the same seed measures the same");
    let other = run(&Config { seed: 8, ..c }, &arranger).unwrap();
    assert_ne!(first, other, "another seed samples other hands");
}

#[test]
fn finds_what_a_weak_player_leaves() {
    // Greedy loses about 0.8 water a hand heads-up to the arranger: a best response to greedy's
    // choices, scored on deals it was not chosen on, must win a clear part of that back.
    let arranger = Arranger::new(&Rules::classic(), 2).unwrap();
    let c = Config { hands: 24, ..config(2) };
    let weak = run_of(&c, &Seats::all_pairs(&arranger), &greedy).unwrap();
    let (gain, half) = interval(&weak.iter().map(|r| r.gain).collect::<Vec<_>>());
    assert!(gain - half > 0.2, "best response to greedy gains {gain:+.3} ± {half:.3}");
    assert!(weak.iter().filter(|r| r.same).count() < weak.len() / 2, "greedy's choice is rarely the best");
    // Against the arranger itself the gain is an order smaller.
    let own = run(&c, &arranger).unwrap();
    let (own_gain, _) = interval(&own.iter().map(|r| r.gain).collect::<Vec<_>>());
    assert!(own_gain < gain / 4.0, "own {own_gain:+.3}, greedy {gain:+.3}");
}

#[test]
fn four_seats() {
    let arranger = Arranger::new(&Rules::classic(), 4).unwrap();
    let c = Config { hands: 6, opponents: 30, ..config(4) };
    let r = run(&c, &arranger).unwrap();
    assert!(r.iter().all(|r| r.in_sample >= 0.0), "{r:?}");
}

#[test]
fn refuses_what_it_cannot_measure() {
    let arranger = Arranger::new(&Rules::classic(), 2).unwrap();
    for (c, what) in [
        (Config { players: 5, ..config(2) }, "seats"),
        (Config { opponents: 0, ..config(2) }, "at least 1"),
        (Config { screen: 0, ..config(2) }, "at least 1"),
        (Config { rules: Rules { table: Table::Banker, ..Rules::classic() }, ..config(2) }, "3 or more seats"),
        (Config { rules: Rules { table: Table::Banker, ..Rules::classic() }, ..config(4) }, "banker's arranger"),
        (Config { role: Role::Banker, ..config(2) }, "banker tables"),
    ] {
        let e = run(&c, &arranger).unwrap_err().to_string();
        assert!(e.contains(what), "{e}");
    }
}

/// A banker table, each role measured: the measured seat is settled against the seats its role
/// faces (a player against the banker alone), every opponent plays its role's arranger, and a
/// best response never loses where it was chosen.
#[test]
fn banker_tables_in_both_roles() {
    let rules = Rules { table: Table::Banker, ..Rules::classic() };
    let seats = Seats::new(&rules, 4).unwrap();
    for role in Role::ALL {
        let c = Config { rules: rules.clone(), hands: 6, opponents: 30, role, ..config(4) };
        let own = match role {
            Role::Banker => seats.banker.clone().unwrap(),
            _ => seats.player.clone(),
        };
        let r = run_of(&c, &seats, &|h| arranger_play(&own, h)).unwrap();
        assert_eq!(r.len(), 6);
        assert!(r.iter().all(|r| r.in_sample >= 0.0), "{role}: {r:?}");
        assert_eq!(r, run_of(&c, &seats, &|h| arranger_play(&own, h)).unwrap(), "{role}: reproducible");
    }
    // The roles answer different tables: the same seed gives other gains.
    let gains = |role| {
        let c = Config { rules: rules.clone(), hands: 6, opponents: 30, role, ..config(4) };
        let own = if role == Role::Banker { seats.banker.clone().unwrap() } else { seats.player.clone() };
        run_of(&c, &seats, &|h| arranger_play(&own, h)).unwrap().iter().map(|r| r.in_sample).collect::<Vec<_>>()
    };
    assert_ne!(gains(Role::Banker), gains(Role::Player));
}

/// A big table (six seats, two extra suits): hands of the bigger deck, copies and all.
#[test]
fn big_tables() {
    let rules = Rules { extra_suits: "sh".parse::<SuitSet>().unwrap(), ..Rules::classic() };
    let arranger = Arranger::new(&rules, 6).unwrap();
    let c = Config { rules, hands: 4, opponents: 12, ..config(6) };
    let r = run(&c, &arranger).unwrap();
    assert_eq!(r.len(), 4);
    assert!(r.iter().all(|r| r.in_sample >= 0.0), "{r:?}");
}
