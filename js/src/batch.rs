//! Batches over typed arrays: `evaluateMany` (N × 5 or N × 3 codes → N hand values).

use js_sys::{Uint32Array, Uint8Array};
use shisanshui::batch::Batch;
use shisanshui::{Evaluator, HandRank};
use wasm_bindgen::prelude::*;

use crate::error::{at_row, index_arg, invalid, JsResult};
use crate::rules::JsRules;

/// `evaluateMany(hands, rules, size)`: the hand values (as `evaluate(...).value`) of N hands of
/// `size` (5 or 3) card codes each, one after another in a `Uint8Array`. Where the rule set deals
/// jokers (RULES.md §12) a hand may hold codes 52 and 53 as often as its deck deals them, and is
/// worth its best value, as `evaluate` gives it. A bad row throws with `row` set (a joker under a
/// rule set without jokers: `BadCardCodeError`; one the deck does not deal:
/// `JokerNotInDeckError`; one too many: `DuplicateCardError` or `TooManyCopiesError`).
#[wasm_bindgen(js_name = "evaluateMany")]
pub fn evaluate_many(hands: &Uint8Array, rules: &JsRules, size: JsValue) -> JsResult<Uint32Array> {
    let size = index_arg(&size, "the hand size")?.unwrap_or(5);
    let codes = hands.to_vec();
    if size != 5 && size != 3 {
        return Err(invalid(format!("hand size {size}: evaluateMany takes hands of 5 or 3 cards")));
    }
    if !codes.len().is_multiple_of(size) {
        return Err(invalid(format!("{} codes is not a whole number of {size}-card hands", codes.len())));
    }
    let eval = Evaluator::new(rules.inner());
    let mut out = vec![HandRank::default(); codes.len() / size];
    let batch = Batch::new().threads(1);
    if size == 5 {
        let rows: &[[u8; 5]] = as_rows(&codes);
        batch.eval5(&eval, rows, &mut out).map_err(at_row)?;
    } else {
        let rows: &[[u8; 3]] = as_rows(&codes);
        batch.eval3(&eval, rows, &mut out).map_err(at_row)?;
    }
    let values: Vec<u32> = out.iter().map(|r| r.value()).collect();
    Ok(Uint32Array::from(&values[..]))
}

fn as_rows<const N: usize>(codes: &[u8]) -> &[[u8; N]] {
    let (rows, rest) = codes.as_chunks::<N>();
    debug_assert!(rest.is_empty());
    rows
}
