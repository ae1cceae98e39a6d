//! Field models of decks with wild jokers (RULES.md §12): trained on hands dealt with their
//! jokers, recorded in format version 3 (a jokers byte per model; tables without jokers keep
//! the version 2 bytes), and chosen by the arrangers of a joker table before a one-deck model.
//! Its own test binary: `add_fields` works until the first arranger of the process.

use shisanshui::arrange::model::{FieldModel, Training};
use shisanshui::arrange::model_tables::{add_fields, decode, encode, field_in_deck, fnv1a, nearest};
use shisanshui::arrange::strength::Strength;
use shisanshui::arrange::train::{train, TrainConfig};
use shisanshui::arrange::{Arranger, Role};
use shisanshui::{Category, Deck, Preset, Rules, SuitSet, Table};

fn small(jokers: u8) -> FieldModel {
    let training = Training { seed: 11, deals: 300, iterations: 1 };
    train(
        &TrainConfig {
            preset: Preset::Classic,
            players: 4,
            extra_suits: SuitSet::EMPTY,
            jokers,
            training,
            card_removal: false,
            home_runs: true,
        },
        |_, _| {},
    )
}

/// The share of the back distribution from `from` (an ordinal) up.
fn top_share(m: &FieldModel, from: usize) -> u64 {
    m.back[from..].iter().map(|&v| v as u64).sum()
}

#[test]
fn joker_fields_are_trained_encoded_and_chosen() {
    let plain = small(0);
    let two = small(2);
    assert_eq!((plain.jokers, two.jokers), (0, 2));
    // The deals held jokers: backs of four of a kind or better come far more often.
    let st = Strength::get(Rules::classic().wheel);
    let from = st.five_rank.iter().position(|r| r.category() >= Category::FourOfAKind).unwrap();
    let (with, without) = (top_share(&two, from), top_share(&plain, from));
    assert!(with > 2 * without, "{with} vs {without}");

    // Format: version 2 without jokers, version 3 with; both decode to what was encoded.
    let v2 = encode(std::slice::from_ref(&plain));
    assert_eq!(v2[4], 2);
    let v3 = encode(&[plain.clone(), two.clone()]);
    assert_eq!(v3[4], 3);
    assert_eq!(decode(&v3).unwrap(), vec![plain.clone(), two.clone()]);
    assert_eq!(decode(&v2).unwrap(), vec![plain.clone()]);
    // A jokers byte past six is refused (checksum recomputed so that only the byte is wrong).
    let mut bad = v3[..v3.len() - 8].to_vec();
    let at = 4 + 1 + 1 + 1 + 1 + 1; // magic, version, count, preset, players, seat: the jokers byte
    assert_eq!(bad[at], 0);
    bad[at] = 7;
    let h = fnv1a(&bad);
    bad.extend_from_slice(&h.to_le_bytes());
    assert!(decode(&bad).unwrap_err().contains("7 jokers"));

    // Choice: the nearest by seats, extra suits and jokers.
    let models = [plain.clone(), two.clone()];
    let deck = |jokers| Deck::new(SuitSet::EMPTY, jokers).unwrap();
    let pick =
        |jokers, players| nearest(&models, Preset::Classic, players, deck(jokers), Table::AllPairs, Role::Player);
    assert_eq!(pick(0, 4).unwrap().jokers, 0);
    assert_eq!(pick(2, 4).unwrap().jokers, 2);
    assert_eq!(pick(4, 4).unwrap().jokers, 2);
    assert_eq!(pick(1, 4).unwrap().jokers, 2, "one joker: as near to both, the bigger deck");
    assert!(nearest(&models, Preset::Hk, 4, deck(2), Table::AllPairs, Role::Player).is_none());

    // Added before the first arranger (and before any lookup, which fixes the list): a table the
    // committed ones have is refused, a table nobody trained joins.
    #[cfg(feature = "built-in-fields")]
    {
        let refused = add_fields(&encode(std::slice::from_ref(&two)));
        assert!(matches!(&refused, Err(e) if e.to_string().contains("there already")), "{refused:?}");
    }
    let mut three = two.clone();
    (three.players, three.jokers) = (3, 5);
    assert_eq!(add_fields(&encode(std::slice::from_ref(&three))).unwrap(), 1);
    assert_eq!(field_in_deck(Preset::Classic, 3, deck(5)).unwrap(), &three);
    // The committed tables hold classic at four seats with two jokers (with the default features).
    #[cfg(feature = "built-in-fields")]
    {
        let committed = field_in_deck(Preset::Classic, 4, deck(2)).unwrap();
        assert_eq!((committed.players, committed.jokers, committed.training.deals), (4, 2, 100_000));
    }
    assert_eq!(field_in_deck(Preset::Classic, 4, deck(0)).unwrap().jokers, 0);
    let rules = Rules { jokers: 5, ..Rules::classic() };
    let arranger = Arranger::new(&rules, 3).unwrap();
    let hand = shisanshui::card::parse_cards_in("As Ah Ad Ac SJ Ks Kh 2c 3d 4h 7s 8s 9s", rules.deck_spec()).unwrap();
    let got = arranger.arrange(&hand).unwrap();
    assert!(!got.arrangement.evaluate(&rules).foul.is_foul());
}
