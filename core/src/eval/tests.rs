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
        Error::WrongCardCount { expected: 3, found: 2, lane: None }
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

// ---------------------------------------------------------------------------------------------
// `eval5_batch`: exactly `eval5` (itself proven against rs_poker and an independent classifier
// in `core/tests/exhaustive.rs`), in every order, under every ranking option.
// ---------------------------------------------------------------------------------------------

const OPTIONS: [(Wheel, bool); 4] =
    [(Wheel::SecondHighest, false), (Wheel::SecondHighest, true), (Wheel::Lowest, false), (Wheel::Lowest, true)];

fn card(code: u8) -> Card {
    Card::from_code(code).unwrap()
}

/// Every five-card hand, codes ascending, in enumeration (lexicographic) order.
fn every_five_card_hand() -> Vec<[Card; 5]> {
    let mut hands = Vec::with_capacity(2_598_960);
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        hands.push([card(a), card(b), card(c), card(d), card(e)]);
                    }
                }
            }
        }
    }
    hands
}

fn shuffle<T>(v: &mut [T], seed: u64) {
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for i in (1..v.len()).rev() {
        v.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
}

/// `eval5_batch` over `hands` (in `chunk`-sized calls) equals `eval5` hand by hand.
fn assert_batch_is_eval5(e: &Evaluator, hands: &[[Card; 5]], chunk: usize, what: &str) {
    let mut got = vec![HandRank::default(); hands.len()];
    for (h, o) in hands.chunks(chunk).zip(got.chunks_mut(chunk)) {
        e.eval5_batch(h, o).unwrap();
    }
    let want: Vec<HandRank> = hands.iter().map(|h| e.eval5(h)).collect();
    if got != want {
        let i = (0..hands.len()).find(|&i| got[i] != want[i]).unwrap();
        panic!("{what} ({e:?}): hand {i} {:?}: batch {:?}, eval5 {:?}", hands[i], got[i], want[i]);
    }
}

#[test]
fn batch_is_eval5_on_every_hand_in_order() {
    let hands = every_five_card_hand();
    assert_eq!(hands.len(), 2_598_960);
    for (wheel, tiebreak) in OPTIONS {
        assert_batch_is_eval5(&Evaluator::with_options(wheel, tiebreak), &hands, hands.len(), "in order");
    }
    // Calls that cut runs anywhere (a prime length) give the same.
    assert_batch_is_eval5(&Evaluator::with_options(Wheel::Lowest, true), &hands, 4099, "in order, chunks of 4099");
}

/// The full-deck passes below are slow in debug builds: there they cover the two presets'
/// extremes (classic and hk), in release every option.
#[cfg(debug_assertions)]
const FULL_DECK_OPTIONS: [(Wheel, bool); 2] = [(Wheel::SecondHighest, false), (Wheel::Lowest, true)];
#[cfg(not(debug_assertions))]
const FULL_DECK_OPTIONS: [(Wheel, bool); 4] = OPTIONS;

#[test]
fn batch_is_eval5_on_every_hand_shuffled() {
    let mut hands = every_five_card_hand();
    shuffle(&mut hands, 0x5EED);
    for (wheel, tiebreak) in FULL_DECK_OPTIONS {
        assert_batch_is_eval5(&Evaluator::with_options(wheel, tiebreak), &hands, hands.len(), "shuffled");
    }
}

#[test]
fn batch_is_eval5_with_cards_in_any_order_within_hands() {
    // Enumeration order with each run's three shared cards in one of their six orders and the
    // last two swapped on every other hand: runs still form, and the pair index, flush check
    // and suit tie-break see cards in every position.
    let mut hands = every_five_card_hand();
    const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    for (i, h) in hands.iter_mut().enumerate() {
        let order = ORDERS[(h[0].code() as usize + h[1].code() as usize + h[2].code() as usize) % 6];
        *h = [h[order[0]], h[order[1]], h[order[2]], h[3 + i % 2], h[4 - i % 2]];
    }
    for (wheel, tiebreak) in FULL_DECK_OPTIONS {
        assert_batch_is_eval5(&Evaluator::with_options(wheel, tiebreak), &hands, hands.len(), "permuted cards");
    }
}

#[test]
fn batch_checks_every_card_of_a_run() {
    // Runs of every length 1..=13 back to back, and single intruders that differ from the run
    // in exactly one of its three shared cards (rank or suit only), at every position of a run:
    // a hand must never be ranked by a run it does not belong to.
    let prefixes: [[u8; 3]; 4] = [
        [0, 20, 40],  // 2d 7d Qd: one suit, so the run looks for flushes
        [1, 22, 43],  // mixed suits
        [48, 49, 50], // Ad Ac Ah: trips
        [12, 32, 36], // 5d Td Jd: flush and straight draws
    ];
    let run_of = |p: [u8; 3]| -> Vec<[Card; 5]> {
        let mut run = Vec::new();
        for d in 0..52u8 {
            for e in d + 1..52 {
                if !p.contains(&d) && !p.contains(&e) {
                    run.push([card(p[0]), card(p[1]), card(p[2]), card(d), card(e)]);
                }
            }
        }
        run
    };
    for p in prefixes {
        let run = run_of(p);
        let mut hands = Vec::new();
        // Runs of lengths 1..=13 taken from all over the run, separated by a run of another prefix.
        for len in 1..=13 {
            hands.extend_from_slice(&run[len * 37 % 900..][..len]);
            hands.extend_from_slice(&run_of([p[0] ^ 1, p[1], p[2]])[..len]);
        }
        // Intruders: same hand but one shared card moved by one code (suit) or four (rank).
        for at in 0..13 {
            for card_no in 0..3 {
                for step in [1u8, 4] {
                    let mut seq = run[100..113].to_vec();
                    let mut intruder = seq[at];
                    let moved = (intruder[card_no].code() + step) % 52;
                    if intruder.iter().any(|c| c.code() == moved) {
                        continue;
                    }
                    intruder[card_no] = card(moved);
                    seq[at] = intruder;
                    hands.extend_from_slice(&seq);
                }
            }
        }
        for (wheel, tiebreak) in OPTIONS {
            let e = Evaluator::with_options(wheel, tiebreak);
            assert_batch_is_eval5(&e, &hands, hands.len(), "run edges");
            // And every suffix, so that runs start at every offset of a call.
            for skip in 1..8 {
                assert_batch_is_eval5(&e, &hands[skip..], hands.len(), "run edges, suffix");
            }
        }
    }
}

#[test]
fn batch_matches_eval5_on_duplicated_cards() {
    // Like `eval5`, the batch does not check for duplicates; it must give the same meaningless
    // ranks, never a panic (runs of one card three times, five equal cards, one suit only).
    let mut hands = Vec::new();
    for x in 0..52u8 {
        for y in 0..52u8 {
            hands.push([card(x), card(x), card(x), card(y), card(y)]);
            hands.push([card(x), card(x), card(x), card(x), card(y)]);
            hands.push([card(x), card((x + 4) % 52), card(x), card(y), card((y + 8) % 52)]);
        }
    }
    for (wheel, tiebreak) in OPTIONS {
        assert_batch_is_eval5(&Evaluator::with_options(wheel, tiebreak), &hands, hands.len(), "duplicates");
    }
}

#[test]
fn batch_lengths() {
    let e = Evaluator::default();
    let hands: Vec<[Card; 5]> = every_five_card_hand().into_iter().step_by(99_991).collect();
    // Unequal lengths: a typed error, and the output is left as it was.
    let mut out = vec![HandRank::default(); hands.len() + 1];
    let err = e.eval5_batch(&hands, &mut out).unwrap_err();
    let expected = format!("{} hands but {} output slots", hands.len(), hands.len() + 1);
    assert!(matches!(err, Error::InvalidArgument(ref m) if m.contains(&expected)), "{err}");
    assert!(out.iter().all(|&r| r == HandRank::default()));
    assert!(matches!(e.eval5_batch(&hands[..3], &mut out[..2]), Err(Error::InvalidArgument(_))));
    assert!(matches!(e.eval5_batch(&[], &mut out[..1]), Err(Error::InvalidArgument(_))));
    // Every length from empty up works.
    e.eval5_batch(&[], &mut []).unwrap();
    for n in 1..hands.len() {
        assert_batch_is_eval5(&e, &hands[..n], n, "short");
    }
}
