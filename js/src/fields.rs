//! The arranger's field models. The core is built without them (`built-in-fields` off): this
//! module carries the one-deck tables LZMA-compressed (`fields/model_tables.bin.lzma`, made from
//! the core's `model_tables.bin` with `lzma -9e`; the crate's test checks it and the files below
//! decompress to the core's bytes) and hands them over when the module starts; the big tables'
//! and the joker tables' files (`model_tables_big.bin.lzma`, `model_tables_jokers.bin.lzma`:
//! inside the `.wasm` they would take it past its download budget)
//! (`model_tables_big.bin.lzma`) ships beside the `.wasm` and the package's entry module hands it
//! over with `__addFields` before anything else runs.

use wasm_bindgen::prelude::*;

use crate::error::{invalid, JsResult, OrThrow};

/// The one-deck tables, compressed.
pub static ONE_DECK: &[u8] = include_bytes!("../fields/model_tables.bin.lzma");

/// Largest decompressed table accepted (the committed files are 0.5 MiB each).
const MAX_TABLE: u64 = 8 << 20;

/// Decompress an LZMA (`.lzma`, "alone") stream of at most [`MAX_TABLE`] bytes.
pub fn decompress(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let options = lzma_rs::decompress::Options { memlimit: Some(64 << 20), ..Default::default() };
    lzma_rs::lzma_decompress_with_options(&mut &bytes[..], &mut out, &options).map_err(|e| e.to_string())?;
    if out.len() as u64 > MAX_TABLE {
        return Err(format!("{} bytes decompressed, more than a field table has", out.len()));
    }
    Ok(out)
}

/// Hand the one-deck tables to the core when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() -> JsResult<()> {
    let table = decompress(ONE_DECK).map_err(|e| invalid(format!("the built-in field tables: {e}")))?;
    shisanshui::arrange::model_tables::add_fields(&table).or_throw().map(|_| ())
}

/// `__addFields(bytes)`: hand over LZMA-compressed field models in the committed format (the
/// package's `model_tables_big.bin.lzma` and `model_tables_jokers.bin.lzma`) before the first
/// arranger; returns how many were added.
#[wasm_bindgen(js_name = "__addFields")]
pub fn add_fields(bytes: &[u8]) -> JsResult<u32> {
    let table = decompress(bytes).map_err(|e| invalid(format!("not a compressed field table: {e}")))?;
    shisanshui::arrange::model_tables::add_fields(&table).map(|n| n as u32).or_throw()
}
