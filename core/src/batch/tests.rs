use super::*;
use crate::card::parse_cards;
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
    assert_eq!((e.row(), e.error().clone()), (Some(1), Error::WrongCardCount { expected: 5, found: 6 }));
    let e = unchanged(sentinel, 2, |o| Batch::new().eval3_masks(&eval, &[0b111, 0b11], o));
    assert_eq!((e.row(), e.error().clone()), (Some(1), Error::WrongCardCount { expected: 3, found: 2 }));
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
