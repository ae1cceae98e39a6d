//! `HandRank` and `evaluate`: the strength of a 3- or 5-card hand as one comparable value.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyTuple};
use shisanshui::{Card, HandRank};

use crate::card::{cards_in, PyCard};
use crate::enums;
use crate::errors::{invalid_argument, OrRaise};
use crate::rules::with_rules;

/// The strength of a 3- or 5-card hand. Compare with `<`, `==`, …: a greater rank is a
/// stronger hand. `value` is the packed integer documented on the core's `HandRank`.
///
/// Compare hands of the same size: a front meets a middle on its three ranks only, which is
/// what `check_arrangement` does.
#[pyclass(frozen, eq, ord, hash, module = "shisanshui", name = "HandRank")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyHandRank(pub HandRank);

#[pymethods]
impl PyHandRank {
    /// The rank as dicts and lists (the JavaScript package's and ``sss --json``'s form).
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json_forms::dict(py, &crate::json_forms::rank(self.0))
    }

    /// :meth:`to_dict` as pretty-printed JSON text.
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_json(&self) -> String {
        crate::json_forms::text(&crate::json_forms::rank(self.0))
    }

    /// A rank from its packed value (as read from `value`, a file or another language).
    #[staticmethod]
    fn from_value(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        if !crate::ints::is_int(value) {
            return Err(PyTypeError::new_err(format!(
                "a hand rank value must be an int, not {}",
                value.get_type().name()?
            )));
        }
        match value.extract::<u32>() {
            Ok(v) => HandRank::from_value(v).or_raise().map(PyHandRank),
            Err(_) => Err(invalid_argument(format!("{value} is not a hand rank value"))),
        }
    }

    /// The packed comparable value (u32).
    #[getter]
    fn value(&self) -> u32 {
        self.0.value()
    }

    /// The hand's `Category`.
    #[getter]
    fn category<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        enums::category(py, self.0.category())
    }

    /// The `Rank` of the top group: the card that decides first (for a wheel, the A under
    /// `second_highest` and the 5 under `lowest`).
    #[getter]
    fn top_rank<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        enums::rank(py, self.0.top_rank())
    }

    /// The same rank with any suit tie-break removed (what the foul check compares).
    fn ranks_only(&self) -> PyHandRank {
        PyHandRank(self.0.ranks_only())
    }

    /// A short description, e.g. `'full house, K over 9'`.
    fn describe(&self) -> String {
        self.0.describe()
    }

    fn __str__(&self) -> String {
        self.0.describe()
    }

    fn __repr__(&self) -> String {
        format!("<HandRank {} ({:#x})>", self.0.describe(), self.0.value())
    }

    fn __int__(&self) -> u32 {
        self.0.value()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u32,))> {
        Ok((slf.get_type().getattr("from_value")?, (slf.get().0.value(),)))
    }
}

/// Evaluate a 3-card (front) or 5-card hand under a rule set's ranking options (`wheel`,
/// `suit_tiebreak`). `cards`: text or an iterable of Card / text / int codes. `rules`: a
/// `Rules`, a preset name, or None for classic.
///
/// Cards may repeat as the rule set's deck holds them (`extra_suits`, RULES.md §11): five of a
/// kind is `Category.FIVE_OF_A_KIND`, above a straight flush; a flush may hold a pair and is
/// compared card by card; identical hands tie, under `suit_tiebreak` too. One copy too many is
/// `DuplicateCardError` (a card the deck holds once) or `TooManyCopiesError`.
///
/// Equal ranks may come back as the same `HandRank` object (ranks are immutable; a small
/// cache of recent ones saves making a new object per call).
#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
fn evaluate(py: Python<'_>, cards: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyHandRank>> {
    let mut small = [Card::from_code(0).or_raise()?; 5];
    let rank = if let Some(n) = int_codes(cards, &mut small) {
        with_rules(rules, |r| shisanshui::Evaluator::new(r).evaluate(&small[..n]).or_raise())?
    } else {
        with_rules(rules, |r| shisanshui::Evaluator::new(r).evaluate(&cards_in(cards, r.deck_spec())?).or_raise())?
    };
    rank_object(py, rank)
}

/// A lane (3 or 5 cards) as played under a rule set (RULES.md §12), with its rank: each joker
/// (`SJ`, `BJ`) replaced by the card it stands for in the lane's best hand. Returns
/// `(played, rank)`; a lane without jokers is played as given. Jokers must be dealt by `rules`
/// (`jokers`), else `JokerNotInDeckError`.
#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
fn evaluate_played(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Vec<PyCard>, Py<PyHandRank>)> {
    let (played, rank) = with_rules(rules, |r| {
        shisanshui::Evaluator::new(r).evaluate_jokers(&cards_in(cards, r.deck_spec())?).or_raise()
    })?;
    Ok((played.into_iter().map(PyCard).collect(), rank_object(py, rank)?))
}

/// Slots of the rank cache: a power of two, more than the 7,462 five-card classes of one deck.
const RANK_SLOTS: usize = 1 << 13;

/// The last `HandRank` object made for each slot (a rank's slot is a hash of its value). At most
/// `RANK_SLOTS` objects, about 400 KB, live for the process.
static RANKS: std::sync::Mutex<Vec<Option<Py<PyHandRank>>>> = std::sync::Mutex::new(Vec::new());

/// A `HandRank` object for `rank`: the cached one when its slot holds this rank, else a new one,
/// which takes the slot. Making an object costs more than the rest of `evaluate` together.
fn rank_object(py: Python<'_>, rank: HandRank) -> PyResult<Py<PyHandRank>> {
    let slot = (rank.value().wrapping_mul(0x9E37_79B1) >> (32 - RANK_SLOTS.trailing_zeros())) as usize;
    // The lock is never held while Python code can run (making an object can collect garbage,
    // and a finalizer could call back in): look, then make, then store.
    {
        let slots = RANKS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(Some(obj)) = slots.get(slot) {
            if obj.get().0 == rank {
                return Ok(obj.clone_ref(py));
            }
        }
    }
    let obj = Py::new(py, PyHandRank(rank))?;
    let old = {
        let mut slots = RANKS.lock().unwrap_or_else(|e| e.into_inner());
        if slots.is_empty() {
            slots.resize_with(RANK_SLOTS, || None);
        }
        slots[slot].replace(obj.clone_ref(py))
    };
    // Released outside the lock, for the same reason.
    drop(old);
    Ok(obj)
}

/// The cards of a list or tuple of 3 or 5 exact ints that are all valid codes, read into `out`
/// without an iterator object or a `Vec` (the common case of a hot loop, about half the cost of
/// the general reader). `None` for anything else, including a bad code: the general reader
/// (`card::cards`) then reads it and reports the error.
fn int_codes(obj: &Bound<'_, PyAny>, out: &mut [Card; 5]) -> Option<usize> {
    let read = |item: Bound<'_, PyAny>| -> Option<Card> {
        if !item.is_exact_instance_of::<PyInt>() {
            return None;
        }
        Card::try_from(item.extract::<u32>().ok()?).ok()
    };
    if let Ok(list) = obj.cast_exact::<PyList>() {
        let n = list.len();
        if n != 5 && n != 3 {
            return None;
        }
        for (i, slot) in out.iter_mut().take(n).enumerate() {
            *slot = read(list.get_item(i).ok()?)?;
        }
        return Some(n);
    }
    if let Ok(tuple) = obj.cast_exact::<PyTuple>() {
        let n = tuple.len();
        if n != 5 && n != 3 {
            return None;
        }
        for (i, slot) in out.iter_mut().take(n).enumerate() {
            *slot = read(tuple.get_item(i).ok()?)?;
        }
        return Some(n);
    }
    None
}

/// Add `HandRank` and `evaluate` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyHandRank>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_played, m)?)?;
    Ok(())
}
