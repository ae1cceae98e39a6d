use super::*;
use crate::card::parse_cards;

fn ev(s: &str, e: &Evaluator) -> HandRank {
    e.evaluate(&parse_cards(s).unwrap()).unwrap()
}

#[test]
fn tables_match_generator() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/eval/tables.rs");
    let fresh = gen::tables_source();
    let committed = std::fs::read_to_string(path).unwrap();
    if fresh != committed {
        if std::env::var_os("UPDATE_TABLES").is_some() {
            std::fs::write(path, &fresh).unwrap();
            panic!("tables.rs was stale and has been rewritten; rebuild and run again");
        }
        panic!("core/src/eval/tables.rs differs from what gen.rs makes; run UPDATE_TABLES=1 cargo test -p shisanshui tables_match_generator");
    }
}

#[test]
fn categories_of_simple_hands() {
    let e = Evaluator::default();
    assert_eq!(ev("As Ks Qs Js Ts", &e).category(), Category::StraightFlush);
    assert_eq!(ev("As Ad Ah Ac 2d", &e).category(), Category::FourOfAKind);
    assert_eq!(ev("As Ad Ah 2c 2d", &e).category(), Category::FullHouse);
    assert_eq!(ev("As 9s 7s 4s 2s", &e).category(), Category::Flush);
    assert_eq!(ev("As 2d 3h 4c 5d", &e).category(), Category::Straight);
    assert_eq!(ev("As Ad Ah 3c 2d", &e).category(), Category::ThreeOfAKind);
    assert_eq!(ev("As Ad 3h 3c 2d", &e).category(), Category::TwoPair);
    assert_eq!(ev("As Ad 4h 3c 2d", &e).category(), Category::OnePair);
    assert_eq!(ev("As Jd 4h 3c 2d", &e).category(), Category::HighCard);
    assert_eq!(ev("As Ad Ah", &e).category(), Category::ThreeOfAKind);
    assert_eq!(ev("As Ad Kh", &e).category(), Category::OnePair);
    assert_eq!(ev("As Kd Qh", &e).category(), Category::HighCard);
    assert!(ev("As Kd Qh", &e) > ev("As Kd Jh", &e));
}

#[test]
fn wheel_options() {
    let hi = Evaluator::with_options(Wheel::SecondHighest, false);
    let lo = Evaluator::with_options(Wheel::Lowest, false);
    let wheel = "As 2d 3h 4c 5d";
    let broadway = "As Kd Qh Jc Td";
    let king = "Ks Qd Jh Tc 9d";
    let six = "6s 2d 3h 4c 5d";
    assert!(ev(broadway, &hi) > ev(wheel, &hi));
    assert!(ev(wheel, &hi) > ev(king, &hi));
    assert!(ev(six, &lo) > ev(wheel, &lo));
    assert!(ev(six, &hi) < ev(wheel, &hi));
    assert_eq!(ev(wheel, &hi).top_rank(), Rank::Ace);
    assert_eq!(ev(wheel, &lo).top_rank(), Rank::Five);
    assert_eq!(ev(wheel, &lo).describe(), "straight, 5 high");
    assert_eq!(ev(wheel, &hi).describe(), "straight, wheel (A-2-3-4-5)");
    assert_eq!(ev("As 2s 3s 4s 5s", &hi).category(), Category::StraightFlush);
}

#[test]
fn suit_tiebreak_uses_top_group() {
    let e = Evaluator::with_options(Wheel::Lowest, true);
    // Same ranks: the higher suit of the top group wins.
    assert!(ev("Ks Kd 9h 5c 3d", &e) > ev("Kh Kc 9s 5s 3s", &e));
    assert!(ev("As Qs 9s 5s 3s", &e) > ev("Ah Qh 9h 5h 3h", &e));
    // Wheel under `lowest`: the 5 decides.
    assert!(ev("Ad 2d 3h 4c 5s", &e) > ev("As 2s 3s 4c 5h", &e));
    // Ranks first, suits only after.
    assert!(ev("Kd Kc 9d 5c 4d", &e) > ev("Ks Kh 9s 5s 3h", &e));
    assert_eq!(ev("Ks Kd 9h 5c 3d", &e).ranks_only(), ev("Kh Kc 9s 5s 3s", &e).ranks_only());
}

#[test]
fn bad_input() {
    let e = Evaluator::default();
    assert_eq!(
        e.evaluate(&parse_cards("As Kd").unwrap()).unwrap_err(),
        Error::WrongCardCount { expected: 3, found: 2 }
    );
    let dup = [Card::from_code(5).unwrap(); 5];
    assert!(matches!(e.evaluate(&dup).unwrap_err(), Error::DuplicateCard { position: 1, .. }));
}

#[test]
fn meaningless_input_never_panics() {
    // eval5/eval3 promise a meaningless rank, never a panic, for duplicated cards: this covers
    // the flush path (five equal suits), the suit tie-break and every code, in debug builds too.
    for wheel in [Wheel::SecondHighest, Wheel::Lowest] {
        for st in [false, true] {
            let e = Evaluator::with_options(wheel, st);
            for code in 0..52u8 {
                let c = Card::from_code(code).unwrap();
                let _ = e.eval5(&[c; 5]);
                let _ = e.eval3(&[c; 3]);
                let d = Card::from_code((code + 4) % 52).unwrap();
                let _ = e.eval5(&[c, c, d, d, c]);
            }
        }
    }
}

#[test]
fn flushes_move_up_from_the_same_ranks() {
    // The evaluator's tables hold no flush keys: a flush is its high card moved up five
    // categories, a straight flush its straight moved up four, with the same tie-break ranks.
    for (flush, plain) in [
        ("As Qs 9s 5s 3s", "As Qh 9s 5s 3s"),
        ("Ah 2h 3h 4h 5h", "Ah 2c 3h 4h 5h"),
        ("9d Td Jd Qd Kd", "9d Td Jd Qd Kc"),
    ] {
        for wheel in [Wheel::SecondHighest, Wheel::Lowest] {
            let e = Evaluator::with_options(wheel, false);
            let (f, p) = (ev(flush, &e), ev(plain, &e));
            assert_eq!(f.nibbles(), p.nibbles(), "{flush}");
            let step = if p.category() == Category::Straight { 4 } else { 5 };
            assert_eq!(f.category() as u8, p.category() as u8 + step, "{flush}");
        }
    }
}
