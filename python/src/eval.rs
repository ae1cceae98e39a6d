//! `HandRank` and `evaluate`: the strength of a 3- or 5-card hand as one comparable value.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
use shisanshui::HandRank;

use crate::card::cards;
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
    /// A rank from its packed value (as read from `value`, a file or another language).
    #[staticmethod]
    fn from_value(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
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
#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
fn evaluate(cards: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyHandRank> {
    let hand = self::cards(cards)?;
    with_rules(rules, |r| shisanshui::Evaluator::new(r).evaluate(&hand).or_raise().map(PyHandRank))
}

/// Add `HandRank` and `evaluate` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyHandRank>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    Ok(())
}
