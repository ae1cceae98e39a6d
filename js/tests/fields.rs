//! The compressed field tables this crate carries are exactly the core's committed tables.
//! After retraining: `lzma -9e -c core/src/arrange/model_tables.bin > js/fields/model_tables.bin.lzma`
//! (and the same for `model_tables_big.bin` and `model_tables_jokers.bin`).

use shisanshui_js::fields::decompress;

fn check(compressed: &str, committed: &str) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let packed = std::fs::read(format!("{root}/js/fields/{compressed}")).unwrap();
    let want = std::fs::read(format!("{root}/core/src/arrange/{committed}")).unwrap();
    let got = decompress(&packed).unwrap();
    assert!(
        got == want,
        "js/fields/{compressed} is stale: regenerate it with lzma -9e from core/src/arrange/{committed}"
    );
}

#[test]
fn one_deck_tables_are_the_committed_ones() {
    check("model_tables.bin.lzma", "model_tables.bin");
}

#[test]
fn big_tables_are_the_committed_ones() {
    check("model_tables_big.bin.lzma", "model_tables_big.bin");
}

#[test]
fn joker_tables_are_the_committed_ones() {
    check("model_tables_jokers.bin.lzma", "model_tables_jokers.bin");
}

#[test]
fn bad_bytes_are_an_error() {
    assert!(decompress(b"not lzma at all").is_err());
    assert!(decompress(&[]).is_err());
}
