//! JavaScript and WebAssembly bindings of the shisanshui engine (wasm-bindgen).
//!
//! A thin layer: every function converts its JavaScript arguments, calls the core and converts
//! the result; the game logic is all in `shisanshui`. The npm package's own JavaScript
//! (`js/package/index.js`) is the public face: it accepts a preset name or a plain object where
//! a rule set is asked for, builds the `Error` subclasses this layer throws, and documents every
//! export in `index.d.ts`. Results are plain objects in the engine's JSON form (the shape of
//! Python's `to_dict` and of `sss … --json`), cards as their text (`"As"`).

mod arrange;
mod batch;
mod cards;
mod deal;
mod error;
mod eval;
pub mod fields;
mod hints;
mod money;
mod rules;
mod settle;
mod special;

pub use arrange::JsArranger;
pub use rules::JsRules;

use wasm_bindgen::prelude::*;

/// The engine's version (the crate's, which is the npm package's).
#[wasm_bindgen]
pub fn version() -> String {
    shisanshui::VERSION.to_string()
}
