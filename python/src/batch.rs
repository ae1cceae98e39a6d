//! Batches over NumPy arrays: `evaluate_many`, `evaluate_masks_many`, `detect_special_many`,
//! `settle_many` and `Arranger.arrange_many` (through [`arrange_many`]). Shells over the core's
//! `shisanshui::batch::Batch`.
//!
//! - Inputs are NumPy arrays of the exact dtype (`uint8` codes, `uint64` masks), read in place
//!   when C-contiguous; a non-contiguous array (a slice with a step, a transpose) is copied
//!   once with `numpy.ascontiguousarray`. Another dtype is a `TypeError` (never a silent cast,
//!   which would wrap a code such as 300 to 44); a wrong shape is a `ValueError`.
//! - Outputs are new arrays, or the caller's `out=` array (exact dtype and shape, C-contiguous
//!   and writeable) so that a loop reuses one buffer.
//! - The work runs without the GIL (`Python::detach`), on `threads` threads (1 by default; 0:
//!   one per core). The results do not depend on `threads`.
//! - Bad cards raise the engine's error (`BadCardCodeError`, `DuplicateCardError`, …) with
//!   `row`, the index of the first bad row, as an attribute and `row R: ` at the start of the
//!   message; nothing is written to `out=` then.
//! - Jokers (RULES.md §12): where the rule set deals them a row may hold codes 52 and 53 as
//!   often as the deck deals them (a mask: bits 52 and 53, one of each), and gets what the
//!   one-hand function gives it (`evaluate`, `detect_special`, `Arranger.arrange`, `settle`).
//!   A joker code under a rule set without jokers is `BadCardCodeError`, one the deck does not
//!   deal `JokerNotInDeckError`, one too many `DuplicateCardError` or `TooManyCopiesError`,
//!   each with `row`.
//! - NumPy is optional: without it these functions raise `ModuleNotFoundError` naming the
//!   `shisanshui[numpy]` extra; the rest of the module does not need it.

use numpy::{
    dtype, Element, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyModuleNotFoundError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;
use shisanshui::batch::{Batch, BatchError};
use shisanshui::{Arranger, Evaluator, HandRank, Settler, SpecialDetector, Water};

use crate::deal::index_arg;
use crate::errors::{invalid_argument, to_pyerr, OrRaise};
use crate::rules::with_rules;

/// `numpy`, imported once; a clear error when it is not installed.
fn numpy(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    static NUMPY: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    NUMPY.get_or_try_init(py, || py.import("numpy").map(Bound::unbind)).map(|m| m.bind(py)).map_err(|e| {
        let err = PyModuleNotFoundError::new_err(
            "the batch functions of shisanshui need NumPy: pip install 'shisanshui[numpy]' (or numpy>=1.21)",
        );
        err.set_cause(py, Some(e));
        err
    })
}

/// The engine's exception for a failed batch, with `row` set (None when no one row is at fault)
/// and the message of `BatchError`'s `Display` (`row R: …`).
fn batch_error(py: Python<'_>, e: BatchError) -> PyErr {
    let message = e.to_string();
    let row = e.row();
    let err = to_pyerr(e.into_error());
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("row", row)?;
        value.setattr("args", PyTuple::new(py, [message])?)?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// The thread count of a `threads=` argument: an int from 0 (one per core) up.
fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Batch> {
    let n = match threads {
        None => 1,
        Some(t) => index_arg(t, "threads", |shown| {
            invalid_argument(format!("threads={shown} is out of range (0 for one per core, or 1 and up)"))
        })?,
    };
    Ok(Batch::new().threads(n))
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_default()
}

/// `obj` as a C-contiguous array of `T` with `ndim` dimensions (copied once when not
/// contiguous); `what` and `dtype_name` for messages.
fn array_in<'py, T: Element>(
    obj: &Bound<'py, PyAny>,
    ndim: usize,
    what: &str,
    dtype_name: &str,
) -> PyResult<Bound<'py, PyArrayDyn<T>>> {
    let py = obj.py();
    let np = numpy(py)?;
    let Ok(array) = obj.cast::<PyUntypedArray>() else {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a numpy.ndarray of {dtype_name}, not {} (use numpy.asarray({what}, dtype=numpy.{dtype_name}))",
            type_name(obj)
        )));
    };
    if !array.dtype().is_equiv_to(&dtype::<T>(py)) {
        return Err(PyTypeError::new_err(format!(
            "{what} must have dtype {dtype_name}, not {} (convert with {what}.astype(numpy.{dtype_name}) after \
             checking the values fit)",
            array.dtype()
        )));
    }
    if array.ndim() != ndim {
        return Err(PyValueError::new_err(format!(
            "{what} must have {ndim} dimension{}, not shape {:?}",
            if ndim == 1 { "" } else { "s" },
            array.shape()
        )));
    }
    let array = if array.is_c_contiguous() {
        array.clone()
    } else {
        np.call_method1("ascontiguousarray", (array,))?.cast_into::<PyUntypedArray>()?
    };
    Ok(array.cast_into::<PyArrayDyn<T>>()?)
}

/// The caller's `out=` array (exact dtype and shape, C-contiguous, writeable), or a new one.
fn array_out<'py, T: Element>(
    py: Python<'py>,
    out: Option<&Bound<'py, PyAny>>,
    shape: &[usize],
    dtype_name: &str,
) -> PyResult<Bound<'py, PyArrayDyn<T>>> {
    let Some(obj) = out.filter(|o| !o.is_none()) else {
        return Ok(PyArrayDyn::<T>::zeros(py, shape, false));
    };
    let Ok(array) = obj.cast::<PyUntypedArray>() else {
        return Err(PyTypeError::new_err(format!("out must be a numpy.ndarray, not {}", type_name(obj))));
    };
    if !array.dtype().is_equiv_to(&dtype::<T>(py)) {
        return Err(PyTypeError::new_err(format!("out must have dtype {dtype_name}, not {}", array.dtype())));
    }
    if array.shape() != shape {
        return Err(PyValueError::new_err(format!("out must have shape {shape:?}, not {:?}", array.shape())));
    }
    if !array.is_c_contiguous() {
        return Err(PyValueError::new_err("out must be C-contiguous"));
    }
    Ok(array.clone().cast_into::<PyArrayDyn<T>>()?)
}

/// Read `input`, write `output` and run `f` on them without the GIL. rust-numpy's borrow
/// checking refuses an `out=` that shares memory with the input, or one not writeable.
fn run<I: Element + Sync, O: Element + Send>(
    py: Python<'_>,
    input: &Bound<'_, PyArrayDyn<I>>,
    output: &Bound<'_, PyArrayDyn<O>>,
    f: impl FnOnce(&[I], &mut [O]) -> Result<(), BatchError> + Send,
) -> PyResult<()> {
    let input = input.try_readonly().map_err(|e| PyValueError::new_err(format!("the input cannot be read: {e}")))?;
    let mut output = output
        .try_readwrite()
        .map_err(|e| PyValueError::new_err(format!("out cannot be written (read-only, or shares the input): {e}")))?;
    let input = input.as_slice().map_err(|e| PyValueError::new_err(e.to_string()))?;
    let output = output.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.detach(|| f(input, output)).map_err(|e| batch_error(py, e))
}

/// Flat bytes as hands of `N` codes (the length is a multiple of `N`: the array's last axis).
fn rows_of<const N: usize>(flat: &[u8]) -> &[[u8; N]] {
    let n = flat.len() / N;
    // SAFETY: `[u8; N]` has size N and alignment 1, and `flat` holds at least `n * N` bytes.
    unsafe { std::slice::from_raw_parts(flat.as_ptr().cast::<[u8; N]>(), n) }
}

/// Ranks over `u32` values: `HandRank` is `repr(transparent)` over its value.
fn ranks(values: &mut [u32]) -> &mut [HandRank] {
    // SAFETY: same size, alignment and validity (every u32 is a HandRank the core may overwrite).
    unsafe { std::slice::from_raw_parts_mut(values.as_mut_ptr().cast::<HandRank>(), values.len()) }
}

/// Evaluate many hands at once: ``hands`` is a NumPy ``uint8`` array of card codes of shape
/// ``(n, 5)`` (five-card hands) or ``(n, 3)`` (fronts); returns a ``uint32`` array of ``n``
/// :attr:`HandRank.value` s (compare them as the ranks; ``value >> 22`` is the category).
///
/// ``rules``: a :class:`Rules`, a preset name or None for classic. ``threads``: 1 (default) runs
/// on the calling thread; 0 uses one per core. ``out``: a ``uint32`` array of shape ``(n,)`` to
/// write into instead of a new one. Hands in enumeration (sorted) order are about twice as fast
/// as shuffled ones. A row may repeat a card as the rule set's deck holds it (``extra_suits``,
/// RULES.md §11), and hold the jokers (codes 52, 53) the rule set deals (RULES.md §12): a lane
/// with jokers is worth its best value, as :func:`evaluate` gives it. Errors:
/// ``BadCardCodeError``, ``DuplicateCardError``, ``TooManyCopiesError`` or
/// ``JokerNotInDeckError`` with ``row`` (nothing written to ``out``); ``TypeError`` for another
/// dtype, ``ValueError`` for another shape.
#[pyfunction]
#[pyo3(signature = (hands, rules = None, *, threads = None, out = None), text_signature = "(hands, rules=None, *, threads=1, out=None)")]
fn evaluate_many<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let batch = threads_arg(threads)?;
    let input = array_in::<u8>(hands, 2, "hands", "uint8")?;
    let shape = input.shape().to_vec();
    let output = array_out::<u32>(py, out, &shape[..1], "uint32")?;
    let eval = with_rules(rules, |r| Ok(Evaluator::new(r)))?;
    match shape[1] {
        5 => run(py, &input, &output, |i, o| batch.eval5(&eval, rows_of::<5>(i), ranks(o)))?,
        3 => run(py, &input, &output, |i, o| batch.eval3(&eval, rows_of::<3>(i), ranks(o)))?,
        _ => {
            return Err(PyValueError::new_err(format!(
                "hands must have shape (n, 5) or (n, 3), not {shape:?} (one row of card codes per hand)"
            )))
        }
    }
    Ok(output.cast_into::<PyArray1<u32>>()?)
}

/// Evaluate many hands given as 64-bit card masks (bit ``code`` set for each card): ``masks``
/// is a NumPy ``uint64`` array of shape ``(n,)``, each mask with exactly ``size`` bits (5, or 3
/// for fronts); returns ``uint32`` values as :func:`evaluate_many`. A mask holds each card once,
/// so hands with copies (``extra_suits``, RULES.md §11) go to :func:`evaluate_many` as codes;
/// bits 52 and 53 are the small and the big joker where the rule set deals them (RULES.md §12).
/// Errors: ``BadCardCodeError`` (a bit at 52 or above, but a dealt joker's),
/// ``JokerNotInDeckError`` (the big joker's bit under one joker), ``WrongCardCountError`` (another number
/// of bits; under a rule set with extra suits the message says a mask cannot hold copies), with
/// ``row``.
#[pyfunction]
#[pyo3(signature = (masks, rules = None, *, size = None, threads = None, out = None), text_signature = "(masks, rules=None, *, size=5, threads=1, out=None)")]
fn evaluate_masks_many<'py>(
    py: Python<'py>,
    masks: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    size: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let batch = threads_arg(threads)?;
    let size = match size {
        None => 5,
        Some(s) => index_arg(s, "size", |shown| invalid_argument(format!("size={shown}: a hand has 5 or 3 cards")))?,
    };
    let input = array_in::<u64>(masks, 1, "masks", "uint64")?;
    let output = array_out::<u32>(py, out, input.shape(), "uint32")?;
    let eval = with_rules(rules, |r| Ok(Evaluator::new(r)))?;
    let done = match size {
        5 => run(py, &input, &output, |i, o| batch.eval5_masks(&eval, i, ranks(o))),
        3 => run(py, &input, &output, |i, o| batch.eval3_masks(&eval, i, ranks(o))),
        n => return Err(invalid_argument(format!("size={n}: a hand has 5 or 3 cards"))),
    };
    // A mask cannot hold a card twice: under a deck with extra suits the short count is most
    // likely a hand with copies, which the message says where to pass.
    done.map_err(|e| {
        if eval.extra_suits().is_empty() || !e.is_instance_of::<crate::errors::WrongCardCountError>(py) {
            return e;
        }
        let message = format!(
            "{} (a bit mask holds each card once: pass hands with copies to evaluate_many as card codes)",
            e.value(py)
        );
        match e.value(py).setattr("args", PyTuple::new(py, [message]).ok()) {
            Ok(()) => e,
            Err(other) => other,
        }
    })?;
    Ok(output.cast_into::<PyArray1<u32>>()?)
}

/// 13 codes per row: `(n, 13)` for hands.
fn thirteens<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Bound<'py, PyArrayDyn<u8>>> {
    let input = array_in::<u8>(obj, 2, what, "uint8")?;
    if input.shape()[1] != 13 {
        return Err(PyValueError::new_err(format!(
            "{what} must have shape (n, 13), not {:?} (one row of 13 card codes per hand)",
            input.shape()
        )));
    }
    Ok(input)
}

/// The special hands of many 13-card hands: ``hands`` is a ``uint8`` array of shape ``(n, 13)``;
/// returns a ``uint8`` array of the best special of each hand under the rule set (the
/// :class:`Special` member's ``number``: ``list(Special)[n]`` is the member) or ``NO_SPECIAL``
/// (255) for none. With ``all=True`` returns ``(best, all)``, ``all`` a ``uint16`` array with
/// bit ``number`` set
/// for every enabled special the hand makes. The same answers as :func:`detect_special`; rows
/// may repeat cards and hold jokers as the rule set's deck holds them (a hand with a joker makes
/// a special only under ``jokers_in_specials``, RULES.md §12). Errors: ``BadCardCodeError``,
/// ``DuplicateCardError``, ``TooManyCopiesError``, ``JokerNotInDeckError`` with ``row``.
#[pyfunction]
#[pyo3(signature = (hands, rules = None, *, threads = None, all = false), text_signature = "(hands, rules=None, *, threads=1, all=False)")]
fn detect_special_many<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    all: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let batch = threads_arg(threads)?;
    let input = thirteens(hands, "hands")?;
    let n = input.shape()[0];
    let detector = with_rules(rules, |r| SpecialDetector::new(r).or_raise())?;
    let best = PyArrayDyn::<u8>::zeros(py, &[n][..], false);
    if !all {
        run(py, &input, &best, |i, b| batch.detect_special(&detector, rows_of::<13>(i), b, None))?;
        return Ok(best.into_any());
    }
    let bits = PyArrayDyn::<u16>::zeros(py, &[n][..], false);
    {
        let mut b = best.readwrite();
        let b = b.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
        run(py, &input, &bits, |i, a| batch.detect_special(&detector, rows_of::<13>(i), b, Some(a)))?;
    }
    Ok(PyTuple::new(py, [best.into_any(), bits.into_any()])?.into_any())
}

/// `Arranger.arrange_many`: the arrangement of each row of `hands` as 13 codes in lane order.
pub fn arrange_many<'py>(
    py: Python<'py>,
    arranger: &Arranger,
    hands: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let batch = threads_arg(threads)?;
    let input = thirteens(hands, "hands")?;
    let output = PyArrayDyn::<u8>::zeros(py, input.shape(), false);
    run(py, &input, &output, |i, o| {
        let n = o.len() / 13;
        // SAFETY: as `rows_of`, for the output's rows.
        let o = unsafe { std::slice::from_raw_parts_mut(o.as_mut_ptr().cast::<[u8; 13]>(), n) };
        batch.arrange(arranger, rows_of::<13>(i), o)
    })?;
    Ok(output.cast_into::<PyArray2<u8>>()?)
}

/// Settle many rounds at once, every seat playing its lanes: ``hands`` is a ``uint8`` array of
/// shape ``(rounds, seats, 13)``, each hand's codes in lane order (front 3, middle 5, back 5, as
/// ``Arranger.arrange_many`` returns them; a foul is settled as a foul), 2 to
/// ``rules.max_players`` seats (4 from one deck, up to 8 with ``extra_suits``, RULES.md §11).
/// Returns an ``int64`` array of shape ``(rounds, seats)``: each seat's total in **units of
/// 1/840** of a water point (``WATER_DENOMINATOR``; divide by 840: pairwise scoring is always
/// whole, ranked scoring may share a special's water among up to 8 normal players). The totals
/// :func:`settle` reports. ``banker`` is a banker room's banker seat
/// (``rules.table`` is ``Table.BANKER``, RULES.md §5a): one int for every round, or an integer
/// array of one seat per round (the banker may move); None when the rules settle all pairs.
/// Errors: ``InvalidTableError`` (seats; a banker seat not at the table, missing under banker
/// mode or given under all pairs, ``row`` the round), ``BadCardCodeError``,
/// ``DuplicateCardError``, ``TooManyCopiesError`` or ``JokerNotInDeckError`` (a card more often
/// across the table than the deck holds it, jokers included: lanes with jokers are valued as
/// :func:`settle` values them; ``position`` counted across the table, ``row`` the round);
/// ``TypeError`` for a banker that is not an int or integer array, ``ValueError`` for an array
/// that is not one seat per round.
#[pyfunction]
#[pyo3(
    signature = (hands, rules = None, *, banker = None, threads = None),
    text_signature = "(hands, rules=None, *, banker=None, threads=1)"
)]
fn settle_many<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    banker: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<i64>>> {
    let batch = threads_arg(threads)?;
    let input = array_in::<u8>(hands, 3, "hands", "uint8")?;
    let shape = input.shape().to_vec();
    if shape[2] != 13 {
        return Err(PyValueError::new_err(format!(
            "hands must have shape (rounds, seats, 13), not {shape:?} (13 card codes per hand)"
        )));
    }
    let (rounds, seats) = (shape[0], shape[1]);
    let bankers = match banker.filter(|b| !b.is_none()) {
        None => None,
        Some(b) => Some(bankers_arg(b, rounds)?),
    };
    let output = PyArrayDyn::<i64>::zeros(py, &[rounds, seats][..], false);
    with_rules(rules, |r| {
        let settler = Settler::new(r).or_raise()?;
        run(py, &input, &output, |i, o| {
            let mut totals = vec![Water::ZERO; o.len()];
            match &bankers {
                None => batch.settle(&settler, seats, rows_of::<13>(i), &mut totals)?,
                Some(b) => batch.settle_with_bankers(&settler, seats, b, rows_of::<13>(i), &mut totals)?,
            }
            for (o, w) in o.iter_mut().zip(&totals) {
                *o = w.units();
            }
            Ok(())
        })
    })?;
    Ok(output.cast_into::<PyArray2<i64>>()?)
}

/// `settle_many`'s `banker`: one int for every round, or an integer sequence or array of one seat
/// per round. A negative or huge seat is no seat: the engine's out-of-table error for that round.
fn bankers_arg(obj: &Bound<'_, PyAny>, rounds: usize) -> PyResult<Vec<Option<usize>>> {
    let seat = |v: &Bound<'_, PyAny>| Some(v.extract::<usize>().unwrap_or(usize::MAX));
    if crate::ints::is_int(obj) {
        return Ok(vec![seat(obj); rounds]);
    }
    let py = obj.py();
    let array = numpy(py)?.call_method1("asarray", (obj,)).map_err(|_| {
        PyTypeError::new_err(format!("banker must be an int or an array of ints, not {}", type_name(obj)))
    })?;
    let array = array.cast_into::<PyUntypedArray>()?;
    let kind = array.dtype().kind();
    if !matches!(kind, b'i' | b'u') || array.ndim() != 1 {
        return Err(PyTypeError::new_err(format!(
            "banker must be an int or a 1-dimensional array of ints (one seat per round), not an array of \
             dtype {} and shape {:?}",
            array.dtype(),
            array.shape()
        )));
    }
    if array.len() != rounds {
        return Err(PyValueError::new_err(format!(
            "banker has {} seats for {rounds} rounds (one per round)",
            array.len()
        )));
    }
    array.try_iter()?.map(|v| Ok(seat(&v?))).collect()
}

/// Add the batch functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(evaluate_many, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_masks_many, m)?)?;
    m.add_function(wrap_pyfunction!(detect_special_many, m)?)?;
    m.add_function(wrap_pyfunction!(settle_many, m)?)?;
    m.add("NO_SPECIAL", shisanshui::batch::NO_SPECIAL)?;
    Ok(())
}
