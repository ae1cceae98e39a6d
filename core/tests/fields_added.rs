//! `model_tables::add_fields`: field models handed over at run time (what a build without the
//! `built-in-fields` feature does) join the committed ones until the first arranger, and bad or
//! repeated tables are refused. Its own test binary: the field list is chosen once per process.

use shisanshui::arrange::model_tables::{add_fields, committed, decode, encode, field_in};
use shisanshui::arrange::Arranger;
use shisanshui::{Error, Preset, Rules, SuitSet};

const BIG: &[u8] = include_bytes!("../src/arrange/model_tables_big.bin");

#[test]
fn added_fields_join_until_the_first_arranger() {
    // Not a table at all, and a table whose checksum is broken.
    assert!(
        matches!(add_fields(b"not a table"), Err(Error::InvalidArgument(m)) if m.contains("not a field-model table"))
    );
    let mut broken = BIG.to_vec();
    broken[100] ^= 1;
    assert!(matches!(add_fields(&broken), Err(Error::InvalidArgument(m)) if m.contains("checksum")));

    // A table the committed ones have (with the default features every committed model is built in).
    let models = decode(BIG).unwrap();
    #[cfg(feature = "built-in-fields")]
    assert!(matches!(add_fields(&encode(&models[..1])), Err(Error::InvalidArgument(m)) if m.contains("there already")));

    // A table nobody trained: the 8-seat classic field, relabelled for 7 seats of four doubled suits.
    let dchs = SuitSet::from_bits(0b1111).unwrap();
    let mut seven = models
        .iter()
        .find(|m| m.preset == Preset::Classic && m.players == 8 && m.extra_suits == dchs)
        .expect("the 8-seat classic field is committed")
        .clone();
    seven.players = 7;
    // Twice in one file is a repeat too.
    assert!(add_fields(&encode(&[seven.clone(), seven.clone()])).is_err());
    assert_eq!(add_fields(&encode(&[seven.clone()])).unwrap(), 1);

    let chosen = field_in(Preset::Classic, 7, dchs).unwrap();
    assert_eq!((chosen.players, chosen.extra_suits), (7, dchs));
    assert!(committed().iter().any(|m| m.players == 7));
    let rules = Rules { extra_suits: dchs, ..Rules::classic() };
    Arranger::new(&rules, 7).unwrap();

    // The fields are chosen: nothing more joins.
    let mut six = seven;
    six.players = 6;
    assert!(
        matches!(add_fields(&encode(&[six])), Err(Error::InvalidArgument(m)) if m.contains("before the first arranger"))
    );
}
