//! Python `str` arguments read as UTF-8 without a second copy.
//!
//! The wheel is built for the stable ABI from CPython 3.9 (abi3-py39), which has no call that
//! lends a `str`'s UTF-8 bytes. There, PyO3's `&str` and `String` arguments (and
//! `PyString::to_cow`) encode the text to a UTF-8 `bytes` object and then copy that into a Rust
//! `String`: two copies of the text alive at once, 60 MB of peak for ten million spades. A
//! [`PyBackedStr`] keeps the `bytes` object and reads it in place: one copy (and none at all
//! when built for 3.10+ or without abi3, where it borrows the `str`'s own UTF-8). Every text the
//! module reads goes through it: `PyBackedStr` parameters, and [`utf8`] for a `str` found
//! inside an argument.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyString;

/// The UTF-8 text of a Python `str`, read in place (see the module docs). Fails only on a `str`
/// that is not valid Unicode (a lone surrogate), with Python's `UnicodeEncodeError`.
pub fn utf8(s: &Bound<'_, PyString>) -> PyResult<PyBackedStr> {
    PyBackedStr::try_from(s.clone())
}
