//! Bad input to settlement: a typed error naming what is wrong, and nothing half-settled.
//! Also the JSON form of a settlement (with the `serde` feature).

use shisanshui::settle::{settle, PlayerHand, Settlement, Settler, Water};
use shisanshui::{parse_cards, Arrangement, Card, DuplicateSeats, Error, Lane, Preset, Rules, Special};

fn arr(s: &str) -> PlayerHand {
    PlayerHand::Arranged(s.parse().unwrap())
}

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

// A full deck in four legal hands (worked example D), and a fifth hand for a 5-player table.
const P0: &str = "Ac Ad Ah / Kc Kd Kh Ks 2c / 4s 5s 6s 7s 8s";
const P1: &str = "Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s 5c";
const P2: &str = "Tc Td 4c / 6c 6d 6h 3h 3s / 7c 7d 7h Th Ts";
const P3: &str = "Qh Qs As / 5d 5h 4d 4h Js / 8c 8d 8h 2h 2s";
const P4: &str = "Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah";
// Worked example A (classic: seat 0 −5), for the JSON test.
#[cfg(feature = "serde")]
const A0: &str = "Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah";
#[cfg(feature = "serde")]
const A1: &str = "9c 5c 4c / Ts Td Tc 4s 4h / 6s 6d 6h 6c 2s";

#[test]
fn player_count() {
    let r = Rules::classic();
    for n in [0usize, 1] {
        let hands: Vec<PlayerHand> = [P0, P1][..n].iter().map(|s| arr(s)).collect();
        let e = settle(&hands, &r).unwrap_err();
        let seats = if n == 1 { "1 player".to_string() } else { format!("{n} players") };
        assert_eq!(e, Error::InvalidTable(format!("{seats}, but a table of one deck (52 cards) seats 2 to 4")));
    }
    let five: Vec<PlayerHand> = [P0, P1, P2, P3, P4].iter().map(|s| arr(s)).collect();
    assert_eq!(
        settle(&five, &r).unwrap_err(),
        Error::InvalidTable("5 players, but a table of one deck (52 cards) seats 2 to 4".into())
    );
    // The four are a valid table.
    assert!(settle(&five[..4], &r).is_ok());
}

#[test]
fn wrong_lane_sizes() {
    let c = cards("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah");
    assert_eq!(
        PlayerHand::arranged(&c[..2], &c[2..7], &c[7..12]).unwrap_err(),
        Error::WrongCardCount { expected: 3, found: 2, lane: Some(Lane::Front) }
    );
    assert_eq!(
        PlayerHand::arranged(&c[..3], &c[3..9], &c[9..14]).unwrap_err(),
        Error::WrongCardCount { expected: 5, found: 6, lane: Some(Lane::Middle) }
    );
    assert_eq!(
        PlayerHand::arranged(&c[..3], &c[3..8], &c[8..12]).unwrap_err(),
        Error::WrongCardCount { expected: 5, found: 4, lane: Some(Lane::Back) }
    );
    assert_eq!(
        PlayerHand::special(Special::Dragon, &c[..12]).unwrap_err(),
        Error::WrongCardCount { expected: 13, found: 12, lane: None }
    );
    assert_eq!(
        PlayerHand::special(Special::Dragon, &c).unwrap_err(),
        Error::WrongCardCount { expected: 13, found: 14, lane: None }
    );
    assert!(PlayerHand::arranged(&c[..3], &c[3..8], &c[8..13]).is_ok());
}

#[test]
fn a_card_used_twice() {
    let r = Rules::classic();
    // Qc is P1's first card (seat 0, index 0) and the second hand's last (seat 1, index 12).
    let dup = arr("Ac Ad Ah / Kc Kd Kh Ks 2c / 4s 5s 6s 7s Qc");
    assert_eq!(
        settle(&[arr(P1), dup.clone()], &r).unwrap_err(),
        Error::DuplicateCard {
            card: "Qc".parse().unwrap(),
            position: 13 + 12,
            seats: Some(DuplicateSeats { seat: 1, first: 0 })
        }
    );
    assert!(settle(&[arr(P1), dup], &r).unwrap_err().to_string().ends_with(": seat 1 holds Qc, and so does seat 0"));
    // Within one hand built field by field (Arrangement::new would refuse it).
    let a: Arrangement = P0.parse().unwrap();
    let mut twice = a;
    twice.back[4] = twice.front[0];
    assert_eq!(
        settle(&[PlayerHand::Arranged(twice), arr(P1)], &r).unwrap_err(),
        Error::DuplicateCard {
            card: "Ac".parse().unwrap(),
            position: 12,
            seats: Some(DuplicateSeats { seat: 0, first: 0 })
        }
    );
    assert!(settle(&[PlayerHand::Arranged(twice), arr(P1)], &r)
        .unwrap_err()
        .to_string()
        .ends_with(": seat 0 holds Ac twice"));
    // Across an arrangement and a special: the dragon's fifth card, 6s, is in P0's back.
    let special = PlayerHand::special(Special::Dragon, &cards("2s 3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As")).unwrap();
    assert_eq!(
        settle(&[arr(P0), special], &r).unwrap_err(),
        Error::DuplicateCard {
            card: "6s".parse().unwrap(),
            position: 13 + 4,
            seats: Some(DuplicateSeats { seat: 1, first: 0 })
        }
    );
}

#[test]
fn undeclarable_specials() {
    let r = Rules::classic();
    // A dragon declared on P1's cards, which are no dragon.
    let c = cards("Qc Qd 2d Jc Jd Jh 3c 3d 9c 9d 9h 9s 5c");
    let e = settle(&[arr(P0), PlayerHand::special(Special::Dragon, &c).unwrap()], &r).unwrap_err();
    match e {
        Error::SpecialNotAllowed { special, reason } => {
            assert_eq!(special, "DR");
            assert!(reason.contains("do not make"), "{reason}");
        }
        other => panic!("expected SpecialNotAllowed, got {other:?}"),
    }
    // A special the preset does not enable: all big under hk.
    let big = cards("8s 9c 9d Ts Jd Qc Kh Ac Kd Qd Jc Th Ad");
    let hk = Rules::preset(Preset::Hk);
    match settle(&[arr(P3), PlayerHand::special(Special::AllBig, &big).unwrap()], &hk).unwrap_err() {
        Error::SpecialNotAllowed { special, reason } => {
            assert_eq!(special, "AB");
            assert!(reason.contains("not enabled"), "{reason}");
        }
        other => panic!("expected SpecialNotAllowed, got {other:?}"),
    }
    // The same cards are all big under classic.
    assert!(settle(&[arr(P3), PlayerHand::special(Special::AllBig, &big).unwrap()], &r).is_ok());
}

#[test]
fn invalid_rules() {
    let mut r = Rules::classic();
    r.shooting.multiplier = 0;
    assert!(matches!(settle(&[arr(P0), arr(P1)], &r), Err(Error::InvalidRules { .. })));
    assert!(matches!(Settler::new(&r), Err(Error::InvalidRules { .. })));
}

#[test]
fn nothing_half_settled() {
    let r = Rules::classic();
    let settler = Settler::new(&r).unwrap();
    let mut out = settler.settle(&[arr(P0), arr(P1), arr(P2)]).unwrap();
    let before = out.clone();
    // Each bad table fails with `out` untouched — errors found late (the last seat) included.
    let bad_special = PlayerHand::special(Special::Dragon, &cards("Qh Qs As 5d 5h 4d 4h Js 8c 8d 8h 2h 2s")).unwrap();
    let dup = arr("Qh Qs As / 5d 5h 4d 4h Js / 8c 8d 8h 2h Ac");
    for hands in [vec![arr(P0)], vec![arr(P0), arr(P1), arr(P2), dup], vec![arr(P0), arr(P1), arr(P2), bad_special]] {
        assert!(settler.settle_into(&hands, &mut out).is_err());
        assert_eq!(out, before);
    }
    // A good table overwrites everything, shrinking from 3 seats to 2.
    settler.settle_into(&[arr(P0), arr(P1)], &mut out).unwrap();
    assert_eq!(out, settle(&[arr(P0), arr(P1)], &r).unwrap());
    assert_eq!(out.matrix.len(), 2);
    assert!(out.matrix.iter().all(|row| row.len() == 2));
    // And growing to 4 seats.
    settler.settle_into(&[arr(P0), arr(P1), arr(P2), arr(P3)], &mut out).unwrap();
    assert_eq!(out, settle(&[arr(P0), arr(P1), arr(P2), arr(P3)], &r).unwrap());
}

#[test]
fn settlement_into_matches_settle_for_reused_buffers() {
    let r = Rules::preset(Preset::Ranked);
    let settler = Settler::new(&r).unwrap();
    let mut out = Settlement::default();
    for hands in [vec![arr(P0), arr(P1), arr(P2), arr(P3)], vec![arr(P2), arr(P0)], vec![arr(P3), arr(P1), arr(P0)]] {
        settler.settle_into(&hands, &mut out).unwrap();
        assert_eq!(out, settle(&hands, &r).unwrap());
        assert_eq!(out.totals.iter().copied().sum::<Water>(), Water::ZERO);
    }
}

#[cfg(feature = "serde")]
#[test]
fn json_form() {
    use serde_json::{json, Value};
    // Table A of the worked examples: P0 −5 under classic.
    let s = settle(&[arr(A0), arr(A1)], &Rules::classic()).unwrap();
    let v: Value = serde_json::from_str(&s.to_json()).unwrap();
    assert_eq!(v["mode"], json!("pairwise"));
    assert_eq!(v["totals"], json!([{"num": -5, "den": 1}, {"num": 5, "den": 1}]));
    assert_eq!(v["matrix"][0][1], json!({"num": -5, "den": 1}));
    assert_eq!(v["pairs"][0]["seats"], json!([0, 1]));
    assert_eq!(v["pairs"][0]["kind"], json!("lanes"));
    assert_eq!(v["pairs"][0]["lanes"][1], json!({"lane": "middle", "winner": 1, "water": 2, "hand": "full_house"}));
    assert_eq!(v["pairs"][0]["shot"], Value::Null);
    assert_eq!(v["seats"][0]["kind"], json!("arranged"));
    assert_eq!(v["seats"][0]["eval"]["foul"], json!({"front_over_middle": false, "middle_over_back": false}));
    assert_eq!(v["ranked_lane_water"], Value::Null);
    // Round trip.
    let back: Settlement = serde_json::from_str(&s.to_json()).unwrap();
    assert_eq!(back, s);

    // Events and a fraction: ranked, a special and three normals (worked example I).
    let special = PlayerHand::special(Special::SixPairs, &cards("2d 2c 3s 3c 5s 5d 7s 7c 9s 9d Js Jc 4s")).unwrap();
    let hands = [
        arr("2s 3d 4c / 5h 6s 7d 8c 9h / Ts Jd Qc Kh As"),
        special,
        arr("Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c"),
        arr("4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh"),
    ];
    let s = settle(&hands, &Rules::preset(Preset::Ranked)).unwrap();
    let v: Value = serde_json::to_value(&s).unwrap();
    assert_eq!(v["totals"][0], json!({"num": -40, "den": 3}));
    assert_eq!(v["events"][0], json!({"kind": "special", "seat": 1, "special": "SP"}));
    assert_eq!(v["events"][1], json!({"kind": "shot", "shooter": 2, "victim": 0, "value": 9}));
    assert_eq!(v["seats"][1], json!({"kind": "special", "special": "SP", "water": 4}));
    assert_eq!(v["pairs"][0]["special"], json!({"winner": 1, "special": "SP", "water": {"num": 4, "den": 3}}));
    assert_eq!(v["ranked_lane_water"], json!([4, 2, 1]));
    assert_eq!(serde_json::from_value::<Settlement>(v).unwrap(), s);

    // The input side serialises too.
    let h: PlayerHand = serde_json::from_str(&serde_json::to_string(&hands[1]).unwrap()).unwrap();
    assert_eq!(h, hands[1]);
    // A water that is not a whole number of 840ths is refused (1/5 is one: eight seats share).
    assert!(serde_json::from_value::<Water>(json!({"num": 1, "den": 9})).is_err());
    assert!(serde_json::from_value::<Water>(json!({"num": 1, "den": 5})).is_ok());
}
