//! Python bindings for the shisanshui engine: the private extension module `shisanshui._native`,
//! re-exported by the pure-Python package `shisanshui` (`python/pysrc/shisanshui`).
//!
//! One Rust module per game concept, each with a `register(m)` that adds its classes and
//! functions; `_native` below calls them in turn. To bind a new part of the core (specials,
//! settlement, dealing, arrangement search): add `src/<concept>.rs` with its `register`, call it
//! here, re-export the names in `pysrc/shisanshui/__init__.py`, describe them in `_native.pyi`,
//! and test them in `tests/python/test_<concept>.py`.
//!
//! Conventions every module follows:
//! - engine errors become Python exceptions through `errors::OrRaise` (`.or_raise()?`), with the
//!   Rust `Display` text as message; wrong Python types raise `TypeError`;
//! - a "cards" argument is read by `card::cards_in` (text, or Card / text / int items) with the
//!   extra suits of the call's rule set, whose deck says how often a card may repeat (RULES.md
//!   §11); a call without rules reads one deck's distinct cards;
//! - a `rules=` argument is read by `rules::with_rules` (a `Rules`, a preset name, or None);
//! - enums cross as the Python enums of `_enums.py` through `enums`;
//! - text is read without a second copy: a `str` parameter is a `PyBackedStr`, and a
//!   `str` found inside an argument is read by `text::utf8`, never `to_cow`, `&str` or `String`.

use pyo3::prelude::*;

mod card;
mod enums;
mod errors;
mod eval;
// NumPy batches (`*_many`) and the int arguments NumPy scalars pass as.
mod batch;
mod ints;
mod lanes;
mod rules;
// Special hands.
mod special;
// `str` arguments read in place (PyBackedStr).
mod text;
// Settlement and money.
mod money;
mod settle;
// Dealing and auto-arrangement.
mod arrange;
mod deal;
// House-rule analytics.
mod simulate;
// 理牌 hints for manual arranging.
mod hints;
mod json_forms;

/// Native core of the `shisanshui` package; import `shisanshui` instead.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", shisanshui::VERSION)?;
    errors::register(m)?;
    card::register(m)?;
    eval::register(m)?;
    batch::register(m)?;
    rules::register(m)?;
    lanes::register(m)?;
    special::register(m)?;
    settle::register(m)?;
    money::register(m)?;
    deal::register(m)?;
    arrange::register(m)?;
    simulate::register(m)?;
    hints::register(m)?;
    Ok(())
}
