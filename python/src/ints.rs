//! What counts as an int argument: a Python `int` (never a `bool`, which Python counts as one
//! but is never a card, a count or a seed), or any object `operator.index` accepts — NumPy's
//! integer scalars (`np.uint8(51)`, `np.int64(4)`), 0-d integer arrays and other integer types.
//! Floats, strings and `numpy.bool_` are refused (they have no `__index__`, or it fails).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

/// Whether `obj` is an int argument. PyO3's integer extraction goes through `__index__` too, so
/// after this check `obj.extract::<u32>()` and the like read the value (or report it out of
/// range).
pub fn is_int(obj: &Bound<'_, PyAny>) -> bool {
    if obj.is_instance_of::<PyInt>() {
        return !obj.is_instance_of::<PyBool>();
    }
    // Not an int subclass: what `operator.index` says (a failing `__index__`, such as a
    // 1-element array's, or none at all, is no int). `PyNumber_Index` is in the stable ABI.
    // SAFETY: `obj` is a live object; the call returns a new reference or NULL with an error set,
    // and both are consumed here.
    let index = unsafe { pyo3::ffi::PyNumber_Index(obj.as_ptr()) };
    if index.is_null() {
        drop(PyErr::take(obj.py()));
        return false;
    }
    // SAFETY: a new reference, owned from here on.
    let index = unsafe { Bound::from_owned_ptr(obj.py(), index) };
    index.is_instance_of::<PyInt>()
}
