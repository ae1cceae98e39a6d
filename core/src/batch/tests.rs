use super::*;
use crate::card::{parse_cards, parse_cards_in};
use crate::rules::{Rules, Wheel};
use crate::special::Special;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every hand of `N` codes in enumeration order (lowest codes first).
fn all_hands<const N: usize>() -> Vec<[u8; N]> {
    fn rec<const N: usize>(start: u8, depth: usize, cur: &mut [u8; N], out: &mut Vec<[u8; N]>) {
        if depth == N {
            out.push(*cur);
            return;
        }
        for c in start..52 {
            cur[depth] = c;
            rec(c + 1, depth + 1, cur, out);
        }
    }
    let mut out = Vec::new();
    rec(0, 0, &mut [0; N], &mut out);
    out
}

fn shuffle<T>(v: &mut [T], seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in (1..v.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
}

/// `n` random hands of 13 distinct codes, each shuffled within itself.
fn random_thirteens(n: usize, seed: u64) -> Vec<[u8; 13]> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let mut deck: Vec<u8> = (0..52).collect();
            for i in (1..52).rev() {
                deck.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
            }
            deck[..13].try_into().unwrap()
        })
        .collect()
}

fn cards<const N: usize>(h: &[u8; N]) -> Vec<Card> {
    h.iter().map(|&c| Card::from_code(c).unwrap()).collect()
}

fn mask(h: &[u8]) -> u64 {
    h.iter().fold(0, |m, &c| m | 1 << c)
}

fn evaluators() -> [Evaluator; 4] {
    [
        Evaluator::with_options(Wheel::SecondHighest, false),
        Evaluator::with_options(Wheel::Lowest, false),
        Evaluator::with_options(Wheel::SecondHighest, true),
        Evaluator::with_options(Wheel::Lowest, true),
    ]
}

#[test]
fn eval5_codes_and_masks_match_evaluate_on_every_hand() {
    let mut hands = all_hands::<5>();
    assert_eq!(hands.len(), 2_598_960);
    // Permute cards within some hands (and shuffle the order) so runs and singles both occur.
    shuffle(&mut hands[1_000_000..], 7);
    for h in hands[2_000_000..].iter_mut() {
        h.rotate_left(2);
    }
    let masks: Vec<u64> = hands.iter().map(|h| mask(h)).collect();
    for eval in evaluators() {
        let mut by_codes = vec![HandRank::default(); hands.len()];
        let mut by_masks = vec![HandRank::default(); hands.len()];
        Batch::new().eval5(&eval, &hands, &mut by_codes).unwrap();
        Batch::new().eval5_masks(&eval, &masks, &mut by_masks).unwrap();
        for (i, h) in hands.iter().enumerate() {
            let want = eval.evaluate(&cards(h)).unwrap();
            assert_eq!(by_codes[i], want, "codes {h:?}");
            assert_eq!(by_masks[i], want, "mask of {h:?}");
        }
    }
}

#[test]
fn eval3_codes_and_masks_match_evaluate_on_every_hand() {
    let mut hands = all_hands::<3>();
    shuffle(&mut hands[10_000..], 3);
    let masks: Vec<u64> = hands.iter().map(|h| mask(h)).collect();
    for eval in evaluators() {
        let mut by_codes = vec![HandRank::default(); hands.len()];
        let mut by_masks = vec![HandRank::default(); hands.len()];
        Batch::new().eval3(&eval, &hands, &mut by_codes).unwrap();
        Batch::new().threads(3).eval3_masks(&eval, &masks, &mut by_masks).unwrap();
        for (i, h) in hands.iter().enumerate() {
            let want = eval.evaluate(&cards(h)).unwrap();
            assert_eq!(by_codes[i], want, "{h:?}");
            assert_eq!(by_masks[i], want, "{h:?}");
        }
    }
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let mut hands = all_hands::<5>();
    shuffle(&mut hands[..1_300_000], 11);
    let eval = Evaluator::with_options(Wheel::Lowest, true);
    let mut one = vec![HandRank::default(); hands.len()];
    Batch::new().eval5(&eval, &hands, &mut one).unwrap();
    for threads in [0, 2, 3, 7] {
        let mut many = vec![HandRank::default(); hands.len()];
        Batch::new().threads(threads).eval5(&eval, &hands, &mut many).unwrap();
        assert!(one == many, "eval5 with {threads} threads");
    }

    let thirteens = random_thirteens(3000, 5);
    let rules = Rules::classic();
    let det = SpecialDetector::new(&rules).unwrap();
    let (mut best1, mut all1) = (vec![0u8; 3000], vec![0u16; 3000]);
    Batch::new().detect_special(&det, &thirteens, &mut best1, Some(&mut all1)).unwrap();
    for threads in [2, 3, 5] {
        let (mut best, mut all) = (vec![0u8; 3000], vec![0u16; 3000]);
        Batch::new().threads(threads).detect_special(&det, &thirteens, &mut best, Some(&mut all)).unwrap();
        assert_eq!((&best1, &all1), (&best, &all), "detect_special with {threads} threads");
    }

    let arranger = Arranger::new(&rules, 4).unwrap();
    let few = &thirteens[..40];
    let mut arranged1 = vec![[0u8; 13]; few.len()];
    Batch::new().arrange(&arranger, few, &mut arranged1).unwrap();
    for threads in [2, 3] {
        let mut arranged = vec![[0u8; 13]; few.len()];
        Batch::new().threads(threads).arrange(&arranger, few, &mut arranged).unwrap();
        assert_eq!(arranged1, arranged, "arrange with {threads} threads");
    }

    let settler = Settler::new(&rules).unwrap();
    let tables = dealt_rounds(1500, 4, 9);
    let mut water1 = vec![Water::ZERO; tables.len()];
    Batch::new().settle(&settler, 4, &tables, &mut water1).unwrap();
    for threads in [2, 4] {
        let mut water = vec![Water::ZERO; tables.len()];
        Batch::new().threads(threads).settle(&settler, 4, &tables, &mut water).unwrap();
        assert_eq!(water1, water, "settle with {threads} threads");
    }
}

#[test]
fn special_detection_matches_detect() {
    let mut hands = random_thirteens(4000, 21);
    // Hands that make specials: a dragon, six pairs, three flushes, twelve royals.
    for text in [
        "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad",
        "2s 2h 4s 4h 6d 6h 8c 8h Td Tc Qd Qs Ad",
        "2s 5s 9s 3h 4h 8h Th Kh 2d 6d 7d Jd Ad",
        "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah Ad Ac",
    ] {
        let c: Vec<u8> = parse_cards(text).unwrap().iter().map(|c| c.code()).collect();
        hands.push(c.try_into().unwrap());
    }
    for preset in ["classic", "regional", "kx", "hk", "ranked"] {
        let rules = Rules::from_preset_name(preset).unwrap();
        let det = SpecialDetector::new(&rules).unwrap();
        let (mut best, mut all) = (vec![0u8; hands.len()], vec![0u16; hands.len()]);
        let mut best_only = vec![0u8; hands.len()];
        Batch::new().detect_special(&det, &hands, &mut best, Some(&mut all)).unwrap();
        Batch::new().threads(2).detect_special(&det, &hands, &mut best_only, None).unwrap();
        assert_eq!(best, best_only);
        let mut found = 0;
        for (i, h) in hands.iter().enumerate() {
            let d = det.detect(&cards(h)).unwrap();
            assert_eq!(best[i], d.best.map_or(NO_SPECIAL, |s| s as u8), "{preset} {h:?}");
            let bits = d.all.iter().fold(0u16, |b, &s| b | 1 << s as u8);
            assert_eq!(all[i], bits, "{preset} {h:?}");
            found += usize::from(d.best.is_some());
        }
        assert!(found >= 4, "{preset}: only {found} specials among the hands");
    }
    assert_eq!(Special::from_index(0), Some(Special::SupremeDragon));
}

#[test]
fn arrangement_matches_arrange() {
    let hands = random_thirteens(60, 33);
    for (preset, players) in [("classic", 4), ("hk", 2), ("ranked", 3)] {
        let arranger = Arranger::new(&Rules::from_preset_name(preset).unwrap(), players).unwrap();
        let mut out = vec![[0u8; 13]; hands.len()];
        Batch::new().threads(2).arrange(&arranger, &hands, &mut out).unwrap();
        for (h, o) in hands.iter().zip(&out) {
            let want = arranger.arrange(&cards(h)).unwrap().arrangement.cards().map(|c| c.code());
            assert_eq!(*o, want, "{preset} {h:?}");
        }
    }
}

/// `rounds` tables of `seats` hands dealt from one deck each, every hand arranged (and so
/// sometimes fouled) by sorting its codes in three lanes as dealt.
fn dealt_rounds(rounds: usize, seats: usize, seed: u64) -> Vec<[u8; 13]> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..rounds {
        let mut deck: Vec<u8> = (0..52).collect();
        for i in (1..52).rev() {
            deck.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        for s in 0..seats {
            out.push(deck[s * 13..s * 13 + 13].try_into().unwrap());
        }
    }
    out
}

/// A round's hands (13 codes in lane order each) as the seats `Settler::settle` takes.
fn seats_of(round: &[[u8; 13]]) -> Vec<PlayerHand> {
    round
        .iter()
        .map(|h| {
            let c = cards(h);
            PlayerHand::arranged(&c[..3], &c[3..8], &c[8..]).unwrap()
        })
        .collect()
}

#[test]
fn settlement_matches_settle() {
    for (preset, seats) in [("classic", 4), ("kx", 3), ("ranked", 4), ("hk", 2)] {
        let rules = Rules::from_preset_name(preset).unwrap();
        let settler = Settler::new(&rules).unwrap();
        let tables = dealt_rounds(300, seats, 17);
        let mut water = vec![Water::ZERO; tables.len()];
        Batch::new().threads(2).settle(&settler, seats, &tables, &mut water).unwrap();
        let mut fouls = 0;
        for (r, round) in tables.chunks(seats).enumerate() {
            let hands = seats_of(round);
            let s = settler.settle(&hands).unwrap();
            fouls += s
                .seats
                .iter()
                .filter(|seat| matches!(seat, crate::settle::SeatResult::Arranged { eval } if eval.foul.is_foul()))
                .count();
            assert_eq!(&water[r * seats..(r + 1) * seats], &s.totals[..], "{preset} round {r}");
        }
        assert!(fouls > 0, "the dealt hands include fouls");
    }
}

#[test]
fn banker_rounds_match_settle_with_banker() {
    use crate::rules::Table;
    for (preset, seats) in [("classic", 4), ("kx", 3), ("regional", 3), ("hk", 2)] {
        let mut rules = Rules::from_preset_name(preset).unwrap();
        rules.table = Table::Banker;
        let settler = Settler::new(&rules).unwrap();
        let tables = dealt_rounds(300, seats, 23);
        // The banker moves around the table from round to round.
        let bankers: Vec<Option<usize>> = (0..300).map(|r| Some((r * 7 + 1) % seats)).collect();
        let mut water = vec![Water::ZERO; tables.len()];
        Batch::new().settle_with_bankers(&settler, seats, &bankers, &tables, &mut water).unwrap();
        for threads in [2, 3] {
            let mut again = vec![Water::ZERO; tables.len()];
            Batch::new().threads(threads).settle_with_bankers(&settler, seats, &bankers, &tables, &mut again).unwrap();
            assert_eq!(water, again, "{preset} with {threads} threads");
        }
        for (r, round) in tables.chunks(seats).enumerate() {
            let hands = seats_of(round);
            let s = settler.settle_with_banker(&hands, bankers[r]).unwrap();
            assert_eq!(&water[r * seats..(r + 1) * seats], &s.totals[..], "{preset} round {r}");
            assert_eq!(s.banker, bankers[r]);
        }
    }
}

#[test]
fn banker_round_errors() {
    use crate::rules::Table;
    let mut banker_rules = Rules::classic();
    banker_rules.table = Table::Banker;
    let banker = Settler::new(&banker_rules).unwrap();
    let all_pairs_rules = Rules::classic();
    let all_pairs = Settler::new(&all_pairs_rules).unwrap();
    let tables = dealt_rounds(400, 3, 8);
    let mut bankers = vec![Some(0usize); 400];

    // Banker rules without bankers, and bankers under all-pairs rules: the first round is bad;
    // under all pairs, no banker in any round is settle itself.
    let e = unchanged(Water::from_int(5), tables.len(), |o| Batch::new().threads(2).settle(&banker, 3, &tables, o));
    assert!(matches!((e.row(), e.error()), (Some(0), Error::InvalidTable(_))), "{e}");
    let e = unchanged(Water::from_int(5), tables.len(), |o| {
        Batch::new().settle_with_bankers(&all_pairs, 3, &bankers, &tables, o)
    });
    assert!(matches!((e.row(), e.error()), (Some(0), Error::InvalidTable(_))), "{e}");
    assert!(e.to_string().contains("all_pairs"), "{e}");
    let (mut plain, mut none) = (vec![Water::ZERO; tables.len()], vec![Water::ZERO; tables.len()]);
    Batch::new().settle(&all_pairs, 3, &tables, &mut plain).unwrap();
    Batch::new().threads(2).settle_with_bankers(&all_pairs, 3, &vec![None; 400], &tables, &mut none).unwrap();
    assert_eq!(plain, none);

    // A banker seat not at the table in round 301, a duplicate card in round 302: the first wins,
    // whatever the thread count.
    bankers[301] = Some(3);
    let mut dup = tables.clone();
    dup[302 * 3 + 1][0] = dup[302 * 3][0];
    for threads in [1, 2, 4] {
        let e = unchanged(Water::from_int(5), tables.len(), |o| {
            Batch::new().threads(threads).settle_with_bankers(&banker, 3, &bankers, &dup, o)
        });
        assert_eq!(e.row(), Some(301), "{e}");
        assert_eq!(e.to_string(), "row 301: invalid table: banker seat 3 is not at the table (seats 0 to 2)");
    }
    bankers[301] = None;
    let e = unchanged(Water::from_int(5), tables.len(), |o| {
        Batch::new().threads(2).settle_with_bankers(&banker, 3, &bankers, &dup, o)
    });
    assert!(matches!((e.row(), e.error()), (Some(301), Error::InvalidTable(_))), "{e}");
    assert!(e.to_string().contains("name the banker seat"), "{e}");
    bankers[301] = Some(2);
    let e = unchanged(Water::from_int(5), tables.len(), |o| {
        Batch::new().threads(2).settle_with_bankers(&banker, 3, &bankers, &dup, o)
    });
    assert!(matches!((e.row(), e.error()), (Some(302), Error::DuplicateCard { .. })), "{e}");

    // One banker per round, no more and no fewer.
    let e = unchanged(Water::ZERO, tables.len(), |o| {
        Batch::new().settle_with_bankers(&banker, 3, &bankers[..399], &tables, o)
    });
    assert!(matches!((e.row(), e.error()), (None, Error::InvalidArgument(_))), "{e}");
    assert_eq!(e.to_string(), "invalid argument: 399 banker entries for 400 rounds (one per round)");
}

/// Runs `f` on a fresh output filled with `fill` and checks that a failure left it untouched.
fn unchanged<T: Clone + PartialEq + std::fmt::Debug>(
    fill: T,
    n: usize,
    f: impl FnOnce(&mut [T]) -> Result<(), BatchError>,
) -> BatchError {
    let mut out = vec![fill.clone(); n];
    let err = f(&mut out).unwrap_err();
    assert!(out.iter().all(|o| *o == fill), "a failed batch wrote to its output");
    err
}

#[test]
fn bad_rows_are_named_and_nothing_is_written() {
    let eval = Evaluator::default();
    let sentinel = HandRank::from_value(0x3FF_FFFF & !(0xF << 22) | 9 << 22).unwrap();
    let mut hands = all_hands::<5>()[..300_000].to_vec();
    let n = hands.len();
    for threads in [1, 2, 4] {
        let batch = Batch::new().threads(threads);
        // A code out of range late in the batch, then a duplicate earlier: the earlier wins.
        hands[250_001][4] = 52;
        let e = unchanged(sentinel, n, |o| batch.eval5(&eval, &hands, o));
        assert_eq!((e.row(), e.error().clone()), (Some(250_001), Error::BadCardCode { code: 52 }));
        assert_eq!(e.to_string(), "row 250001: card code 52 is out of range (valid codes are 0..=51)");
        hands[170_000][3] = hands[170_000][1];
        let e = unchanged(sentinel, n, |o| batch.eval5(&eval, &hands, o));
        assert_eq!(e.row(), Some(170_000));
        assert!(matches!(e.error(), Error::DuplicateCard { position: 3, .. }), "{e}");
        // Codes of 64 and up (masked away by the fast check's tables) are caught too.
        hands[3][0] = 64 + hands[3][1];
        let e = unchanged(sentinel, n, |o| batch.eval5(&eval, &hands, o));
        assert_eq!((e.row(), e.error().clone()), (Some(3), Error::BadCardCode { code: 64 + u32::from(hands[3][1]) }));
        hands[3][0] = 255;
        let e = unchanged(sentinel, n, |o| batch.eval5(&eval, &hands, o));
        assert_eq!((e.row(), e.error().clone()), (Some(3), Error::BadCardCode { code: 255 }));
        hands[3] = [0, 1, 2, 3, 4];
        hands[170_000] = [0, 1, 2, 3, 5];
        hands[250_001] = [0, 1, 2, 3, 6];
    }
    // Every bad code and every repeated pair of positions is caught, in 3- and 5-card hands.
    for code in 52..=255u8 {
        for pos in 0..5 {
            let mut h = [[10u8, 20, 30, 40, 50]; 70];
            h[69][pos] = code;
            let e = unchanged(sentinel, 70, |o| Batch::new().eval5(&eval, &h, o));
            assert_eq!((e.row(), e.error().clone()), (Some(69), Error::BadCardCode { code: code.into() }));
        }
        for pos in 0..3 {
            let mut h = [[10u8, 20, 30]; 5];
            h[2][pos] = code;
            let e = unchanged(sentinel, 5, |o| Batch::new().eval3(&eval, &h, o));
            assert_eq!((e.row(), e.error().clone()), (Some(2), Error::BadCardCode { code: code.into() }));
        }
    }
    for a in 0..5 {
        for b in a + 1..5 {
            let mut h = [[10u8, 20, 30, 40, 50]; 3];
            h[1][b] = h[1][a];
            let e = unchanged(sentinel, 3, |o| Batch::new().eval5(&eval, &h, o));
            assert_eq!(e.row(), Some(1));
            assert!(matches!(e.error(), Error::DuplicateCard { position, .. } if *position == b), "{e}");
        }
    }
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        let mut h = [[10u8, 20, 30]; 2];
        h[0][b] = h[0][a];
        let e = unchanged(sentinel, 2, |o| Batch::new().eval3(&eval, &h, o));
        assert_eq!(e.row(), Some(0));
        assert!(matches!(e.error(), Error::DuplicateCard { position, .. } if *position == b), "{e}");
    }
    // Masks: a bit at 52+, the wrong number of bits.
    let good = mask(&[1, 2, 3, 4, 5]);
    let e = unchanged(sentinel, 4, |o| Batch::new().eval5_masks(&eval, &[good, good, good | 1 << 60, 0], o));
    assert_eq!((e.row(), e.error().clone()), (Some(2), Error::BadCardCode { code: 60 }));
    let e = unchanged(sentinel, 3, |o| Batch::new().eval5_masks(&eval, &[good, good | 1, good], o));
    assert_eq!((e.row(), e.error().clone()), (Some(1), Error::WrongCardCount { expected: 5, found: 6, lane: None }));
    let e = unchanged(sentinel, 2, |o| Batch::new().eval3_masks(&eval, &[0b111, 0b11], o));
    assert_eq!((e.row(), e.error().clone()), (Some(1), Error::WrongCardCount { expected: 3, found: 2, lane: None }));
    // Lengths.
    let e = unchanged(sentinel, 2, |o| Batch::new().eval5(&eval, &[[0, 1, 2, 3, 4]], o));
    assert_eq!(e.row(), None);
    assert!(matches!(e.error(), Error::InvalidArgument(_)), "{e}");

    // 13-card batches.
    let rules = Rules::classic();
    let det = SpecialDetector::new(&rules).unwrap();
    let mut thirteens = random_thirteens(2500, 1);
    thirteens[2100][12] = thirteens[2100][0];
    thirteens[2400][5] = 99;
    for threads in [1, 3] {
        let e = unchanged(7u8, thirteens.len(), |o| {
            Batch::new().threads(threads).detect_special(&det, &thirteens, o, None)
        });
        assert_eq!(e.row(), Some(2100));
        assert!(matches!(e.error(), Error::DuplicateCard { position: 12, .. }), "{e}");
        let mut all = vec![9u16; thirteens.len()];
        let e = unchanged(7u8, thirteens.len(), |o| {
            Batch::new().threads(threads).detect_special(&det, &thirteens, o, Some(&mut all))
        });
        assert_eq!(e.row(), Some(2100));
        assert!(all.iter().all(|&a| a == 9));
    }
    let arranger = Arranger::new(&rules, 4).unwrap();
    let mut few = random_thirteens(9, 2);
    few[6][1] = 52;
    let e = unchanged([1u8; 13], 9, |o| Batch::new().threads(2).arrange(&arranger, &few, o));
    assert_eq!((e.row(), e.error().clone()), (Some(6), Error::BadCardCode { code: 52 }));

    // Settlement: a card repeated across two seats of round 5, a bad seat count, part rounds.
    let settler = Settler::new(&rules).unwrap();
    let mut tables = dealt_rounds(400, 3, 4);
    tables[5 * 3 + 2][7] = tables[5 * 3][1];
    let e = unchanged(Water::from_int(99), tables.len(), |o| Batch::new().threads(2).settle(&settler, 3, &tables, o));
    assert_eq!(e.row(), Some(5));
    assert!(matches!(e.error(), Error::DuplicateCard { position: 33, .. }), "{e}");
    let e = unchanged(Water::ZERO, tables.len(), |o| Batch::new().settle(&settler, 5, &tables, o));
    assert!(matches!((e.row(), e.error()), (None, Error::InvalidTable(_))), "{e}");
    let e = unchanged(Water::ZERO, 4, |o| Batch::new().settle(&settler, 3, &tables[..4], o));
    assert!(matches!((e.row(), e.error()), (None, Error::InvalidArgument(_))), "{e}");
}

#[test]
fn thread_counts() {
    assert_eq!(Batch::default(), Batch::new());
    assert_eq!(Batch::new().thread_count(), 1);
    let b = Batch::new().threads(8);
    assert_eq!(b.threads_for(10, 4), 3);
    assert_eq!(b.threads_for(1 << 20, MIN_ROWS_EVAL), 8);
    assert_eq!(b.threads_for(0, 4), 1);
    assert!(Batch::new().threads(0).threads_for(usize::MAX, 1) >= 1);
    // Empty batches succeed.
    Batch::new().threads(4).eval5(&Evaluator::default(), &[], &mut []).unwrap();
}

// ---------------------------------------------------------------------------------------------
// Jokers (RULES.md §12)
// ---------------------------------------------------------------------------------------------

/// Rule sets with jokers: (name, rules).
fn joker_rules() -> Vec<(&'static str, Rules)> {
    let with = |preset: &str, jokers: u8, f: &dyn Fn(&mut Rules)| {
        let mut r = Rules::from_preset_name(preset).unwrap();
        r.jokers = jokers;
        f(&mut r);
        r
    };
    vec![
        ("classic j2", with("classic", 2, &|_| {})),
        ("classic j4 avoid_foul", with("classic", 4, &|r| r.joker_lanes = crate::rules::JokerLanes::AvoidFoul)),
        ("hk j3 suit_tiebreak", with("hk", 3, &|r| r.suit_tiebreak = true)),
        ("regional j4 specials", with("regional", 4, &|r| r.jokers_in_specials = true)),
        (
            "classic j2 extra s specials",
            with("classic", 2, &|r| {
                r.extra_suits = crate::card::SuitSet::of(&[crate::card::Suit::Spades]);
                r.jokers_in_specials = true;
            }),
        ),
    ]
}

/// `n` rows of `N` codes from `rules`' deck: every third row without a joker, the others with 1
/// to 3 (as many as the deck deals), the natural cards drawn from the deck, each row shuffled.
fn joker_rows<const N: usize>(rules: &Rules, n: usize, seed: u64) -> Vec<[u8; N]> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deck: Vec<u8> = rules.deck().iter().map(|c| c.code()).collect();
    let (naturals, jokers): (Vec<u8>, Vec<u8>) = deck.iter().partition(|&&c| c < 52);
    (0..n)
        .map(|i| {
            let k = if i % 3 == 0 { 0 } else { 1 + (rng.next_u64() % 3) as usize }.min(jokers.len()).min(N);
            let mut js = jokers.clone();
            shuffle(&mut js, rng.next_u64());
            let mut nat = naturals.clone();
            shuffle(&mut nat, rng.next_u64());
            let mut row = [0u8; N];
            row[..k].copy_from_slice(&js[..k]);
            row[k..].copy_from_slice(&nat[..N - k]);
            shuffle(&mut row, rng.next_u64());
            row
        })
        .collect()
}

fn any_cards(h: &[u8]) -> Vec<Card> {
    h.iter().map(|&c| Card::from_any_code(c).unwrap()).collect()
}

fn has_joker(h: &[u8]) -> bool {
    h.iter().any(|&c| c >= 52)
}

/// The best value of a lane over every card its jokers may stand for (RULES.md §12: any of the
/// 52, repeats allowed), by trying them all.
fn brute_best(eval: &Evaluator, h: &[u8]) -> HandRank {
    fn rec(eval: &Evaluator, cur: &mut Vec<Card>, at: usize) -> HandRank {
        if at == cur.len() {
            return match cur.len() {
                3 => eval.eval3(&cur[..].try_into().unwrap()),
                _ => eval.eval5(&cur[..].try_into().unwrap()),
            };
        }
        if !cur[at].is_joker() {
            return rec(eval, cur, at + 1);
        }
        let mut best = HandRank::default();
        for code in 0..52 {
            cur[at] = Card::from_code(code).unwrap();
            best = best.max(rec(eval, cur, at + 1));
        }
        cur[at] = Card::SMALL_JOKER;
        best
    }
    rec(eval, &mut any_cards(h), 0)
}

#[test]
fn joker_lanes_match_evaluate_and_a_brute_force() {
    for (name, rules) in joker_rules() {
        let eval = Evaluator::new(&rules);
        let fives = joker_rows::<5>(&rules, 3000, 41);
        let threes = joker_rows::<3>(&rules, 3000, 42);
        assert!(fives.iter().filter(|h| has_joker(&h[..])).count() > 1500, "{name}");
        for threads in [1, 3] {
            let batch = Batch::new().threads(threads);
            let mut r5 = vec![HandRank::default(); fives.len()];
            batch.eval5(&eval, &fives, &mut r5).unwrap();
            let mut r3 = vec![HandRank::default(); threes.len()];
            batch.eval3(&eval, &threes, &mut r3).unwrap();
            for (h, r) in fives.iter().zip(&r5) {
                assert_eq!(*r, eval.evaluate(&any_cards(h)).unwrap(), "{name} {h:?}");
            }
            for (h, r) in threes.iter().zip(&r3) {
                assert_eq!(*r, eval.evaluate(&any_cards(h)).unwrap(), "{name} {h:?}");
            }
            // Masks hold one of each joker and no repeated card: the rows that fit.
            let m5: Vec<u64> = fives.iter().filter(|h| mask(&h[..]).count_ones() == 5).map(|h| mask(&h[..])).collect();
            let m3: Vec<u64> = threes.iter().filter(|h| mask(&h[..]).count_ones() == 3).map(|h| mask(&h[..])).collect();
            assert!(m5.iter().filter(|&&m| m >> 52 != 0).count() > 500, "{name}");
            let mut rm5 = vec![HandRank::default(); m5.len()];
            batch.eval5_masks(&eval, &m5, &mut rm5).unwrap();
            let mut rm3 = vec![HandRank::default(); m3.len()];
            batch.eval3_masks(&eval, &m3, &mut rm3).unwrap();
            let of_mask = |m: u64| (0..54u8).filter(|&c| m >> c & 1 == 1).collect::<Vec<u8>>();
            for (&m, r) in m5.iter().zip(&rm5).chain(m3.iter().zip(&rm3)) {
                assert_eq!(*r, eval.evaluate(&any_cards(&of_mask(m))).unwrap(), "{name} {m:#x}");
            }
        }
        // The values themselves, against every choice of the jokers' cards.
        let few = |rows: &[[u8; 5]]| rows.iter().filter(|h| has_joker(&h[..])).take(60).copied().collect::<Vec<_>>();
        let mut picked = few(&fives);
        picked.extend(fives.iter().filter(|h| h.iter().filter(|&&c| c >= 52).count() == 3).take(2));
        let mut got = vec![HandRank::default(); picked.len()];
        Batch::new().eval5(&eval, &picked, &mut got).unwrap();
        for (h, r) in picked.iter().zip(&got) {
            assert_eq!(*r, brute_best(&eval, h), "{name} {h:?}");
        }
        let picked3: Vec<[u8; 3]> = threes.iter().filter(|h| has_joker(&h[..])).take(200).copied().collect();
        let mut got = vec![HandRank::default(); picked3.len()];
        Batch::new().eval3(&eval, &picked3, &mut got).unwrap();
        for (h, r) in picked3.iter().zip(&got) {
            assert_eq!(*r, brute_best(&eval, h), "{name} {h:?}");
        }
    }
}

#[test]
fn joker_hands_detect_arrange_and_settle_as_one_at_a_time() {
    for (name, rules) in joker_rules() {
        // Specials.
        let det = SpecialDetector::new(&rules).unwrap();
        let mut hands = joker_rows::<13>(&rules, 1200, 51);
        // Hands with jokers that make specials when the jokers may count (six pairs, a dragon).
        for text in ["2s 2h 4s 4h 6d 6h 8c 8h Td Tc Qd SJ Ad", "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd SJ Ad"] {
            hands.push(
                parse_cards_in(text, rules.deck_spec())
                    .unwrap()
                    .iter()
                    .map(|c| c.code())
                    .collect::<Vec<_>>()
                    .try_into()
                    .unwrap(),
            );
        }
        let (mut best, mut all, mut best_only) =
            (vec![0u8; hands.len()], vec![0u16; hands.len()], vec![0u8; hands.len()]);
        Batch::new().detect_special(&det, &hands, &mut best, Some(&mut all)).unwrap();
        Batch::new().threads(2).detect_special(&det, &hands, &mut best_only, None).unwrap();
        assert_eq!(best, best_only, "{name}");
        let mut with_jokers = 0;
        for (i, h) in hands.iter().enumerate() {
            let d = det.detect(&any_cards(h)).unwrap();
            assert_eq!(best[i], d.best.map_or(NO_SPECIAL, |s| s as u8), "{name} {h:?}");
            assert_eq!(all[i], d.all.iter().fold(0u16, |b, &s| b | 1 << s as u8), "{name} {h:?}");
            with_jokers += usize::from(has_joker(h) && d.best.is_some());
        }
        if rules.jokers_in_specials {
            assert!(with_jokers >= 2, "{name}: {with_jokers} specials with jokers");
        }

        // Arrangement.
        let arranger = Arranger::new(&rules, 4).unwrap();
        let few = &hands[..24];
        let mut out = vec![[0u8; 13]; few.len()];
        Batch::new().threads(2).arrange(&arranger, few, &mut out).unwrap();
        for (h, o) in few.iter().zip(&out) {
            let want = arranger.arrange(&any_cards(h)).unwrap().arrangement.cards().map(|c| c.code());
            assert_eq!(*o, want, "{name} {h:?}");
        }
        assert!(out.iter().any(|o| has_joker(o)), "{name}: the arrangements keep their jokers");

        // Settlement: rounds dealt from the whole deck, lanes as dealt.
        let settler = Settler::new(&rules).unwrap();
        let seats = 4;
        let mut rng = ChaCha8Rng::seed_from_u64(53);
        let deck: Vec<u8> = rules.deck().iter().map(|c| c.code()).collect();
        let mut tables = Vec::new();
        for _ in 0..300 {
            let mut d = deck.clone();
            shuffle(&mut d, rng.next_u64());
            tables.extend(d[..13 * seats].chunks(13).map(|h| <[u8; 13]>::try_from(h).unwrap()));
        }
        let mut water = vec![Water::ZERO; tables.len()];
        Batch::new().threads(2).settle(&settler, seats, &tables, &mut water).unwrap();
        let mut joker_rounds = 0;
        for (r, round) in tables.chunks(seats).enumerate() {
            let table: Vec<PlayerHand> = round
                .iter()
                .map(|h| {
                    let c = any_cards(h);
                    PlayerHand::Arranged(Arrangement::new_in(&c[..3], &c[3..8], &c[8..], rules.deck_spec()).unwrap())
                })
                .collect();
            let s = settler.settle(&table).unwrap();
            assert_eq!(&water[r * seats..(r + 1) * seats], &s.totals[..], "{name} round {r}");
            joker_rounds += usize::from(round.iter().any(|h| has_joker(h)));
        }
        assert!(joker_rounds > 50, "{name}: {joker_rounds} rounds with jokers");
    }
}

/// The rules of `preset` with `jokers` jokers.
fn jokers(n: u8) -> Rules {
    let mut r = Rules::classic();
    r.jokers = n;
    r
}

#[test]
fn joker_errors_name_the_row() {
    let sentinel = HandRank::from_value(0x3FF_FFFF & !(0xF << 22) | 9 << 22).unwrap();
    let (sj, bj) = (Card::SMALL_JOKER, Card::BIG_JOKER);
    // (rules, a bad five, the error): a joker under none, a joker the deck does not deal, one
    // joker too many.
    let cases = [
        (0, [52u8, 1, 2, 3, 4], Error::BadCardCode { code: 52 }),
        (0, [0, 1, 2, 3, 53], Error::BadCardCode { code: 53 }),
        (1, [0, 1, 53, 3, 4], Error::JokerNotInDeck { card: bj, position: 2, jokers: 1 }),
        (2, [52, 53, 2, 52, 4], Error::DuplicateCard { card: sj, position: 3, seats: None }),
        (3, [52, 53, 52, 52, 4], Error::TooManyCopies { card: sj, position: 3, copies: 2 }),
    ];
    for (n, bad, want) in cases {
        let rules = jokers(n);
        let eval = Evaluator::new(&rules);
        // The one-hand function on the same codes gives the same error.
        let one = |codes: &[u8]| cards_from_codes_in(codes, rules.deck_spec()).and_then(|c| eval.evaluate(&c));
        assert_eq!(one(&bad).unwrap_err(), want);
        let mut hands = joker_rows::<5>(&rules, 200, 61);
        hands[150] = bad;
        hands[170] = [0, 1, 2, 3, 99];
        for threads in [1, 4] {
            let e = unchanged(sentinel, hands.len(), |o| Batch::new().threads(threads).eval5(&eval, &hands, o));
            assert_eq!((e.row(), e.error()), (Some(150), &want), "jokers {n}: {e}");
        }
        let mut threes = joker_rows::<3>(&rules, 100, 62);
        threes[77] = [bad[0], bad[1], bad[2]];
        if let Err(w) = one(&threes[77]) {
            let e = unchanged(sentinel, threes.len(), |o| Batch::new().eval3(&eval, &threes, o));
            assert_eq!((e.row(), e.error()), (Some(77), &w), "jokers {n}: {e}");
        }
        // 13 cards: the bad five and eight more, in each 13-card batch.
        let mut thirteens = joker_rows::<13>(&rules, 40, 63);
        let mut row = [0u8; 13];
        row[..5].copy_from_slice(&bad);
        row[5..].copy_from_slice(&[10, 11, 12, 13, 14, 15, 16, 17]);
        thirteens[31] = row;
        let one = crate::special::detect_codes(&row, &rules).map(|_| ()).unwrap_err();
        assert_eq!(one, want);
        let det = SpecialDetector::new(&rules).unwrap();
        for threads in [1, 2] {
            let e = unchanged(7u8, thirteens.len(), |o| {
                Batch::new().threads(threads).detect_special(&det, &thirteens, o, None)
            });
            assert_eq!((e.row(), e.error()), (Some(31), &want), "jokers {n}: {e}");
        }
        let arranger = Arranger::new(&rules, 4).unwrap();
        let few = &thirteens[25..35];
        let e = unchanged([1u8; 13], few.len(), |o| Batch::new().threads(2).arrange(&arranger, few, o));
        assert_eq!((e.row(), e.error()), (Some(6), &want), "jokers {n}: {e}");
    }
    // Masks: a joker's bit where the deck deals no joker, or not that one.
    let good = mask(&[1, 2, 3, 4, 5]);
    let with_sj = mask(&[1, 2, 3, 4, 52]);
    let with_bj = mask(&[1, 2, 3, 4, 53]);
    let eval = Evaluator::new(&jokers(0));
    let e = unchanged(sentinel, 3, |o| Batch::new().eval5_masks(&eval, &[good, with_sj, good], o));
    assert_eq!((e.row(), e.error().clone()), (Some(1), Error::BadCardCode { code: 52 }));
    let eval = Evaluator::new(&jokers(1));
    let mut out = [sentinel; 2];
    Batch::new().eval5_masks(&eval, &[good, with_sj], &mut out).unwrap();
    assert_eq!(out[1].category(), crate::eval::Category::FourOfAKind, "three twos, a three and a joker");
    let e = unchanged(sentinel, 3, |o| Batch::new().eval5_masks(&eval, &[good, with_sj, with_bj], o));
    assert_eq!((e.row(), e.error().clone()), (Some(2), Error::JokerNotInDeck { card: bj, position: 4, jokers: 1 }));
    let e = unchanged(sentinel, 3, |o| Batch::new().eval3_masks(&eval, &[0b111, 0b11 | 1 << 53, 0b111], o));
    assert_eq!((e.row(), e.error().clone()), (Some(1), Error::JokerNotInDeck { card: bj, position: 2, jokers: 1 }));
    let e = unchanged(sentinel, 2, |o| Batch::new().eval5_masks(&eval, &[with_sj, with_sj | 1 << 54], o));
    assert_eq!((e.row(), e.error().clone()), (Some(1), Error::BadCardCode { code: 54 }));
    let e = unchanged(sentinel, 2, |o| Batch::new().eval5_masks(&eval, &[with_sj, with_sj | 1 << 53], o));
    assert_eq!((e.row(), e.error().clone()), (Some(1), Error::WrongCardCount { expected: 5, found: 6, lane: None }));

    // Settlement: a joker in two seats of round 3 under one joker; its position across the table.
    let rules = jokers(1);
    let settler = Settler::new(&rules).unwrap();
    let mut tables = dealt_rounds(10, 3, 8);
    tables[3 * 3][0] = 52;
    tables[3 * 3 + 2][4] = 52;
    let e = unchanged(Water::from_int(99), tables.len(), |o| Batch::new().threads(2).settle(&settler, 3, &tables, o));
    assert_eq!((e.row(), e.error().clone()), (Some(3), Error::DuplicateCard { card: sj, position: 30, seats: None }));
    tables[3 * 3 + 2][4] = 53;
    let e = unchanged(Water::from_int(99), tables.len(), |o| Batch::new().settle(&settler, 3, &tables, o));
    assert_eq!((e.row(), e.error().clone()), (Some(3), Error::JokerNotInDeck { card: bj, position: 30, jokers: 1 }));
    let none = jokers(0);
    let settler = Settler::new(&none).unwrap();
    let e = unchanged(Water::from_int(99), tables.len(), |o| Batch::new().settle(&settler, 3, &tables, o));
    assert_eq!((e.row(), e.error().clone()), (Some(3), Error::BadCardCode { code: 52 }));
}
