//! `Arrangement` (13 cards set out as front 3 / middle 5 / back 5), `ArrangementEval` (lane
//! ranks and the foul check of RULES.md §2) and `check_arrangement`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};
use shisanshui::{Arrangement, ArrangementEval, Card, Error as CoreError, Lane};

use crate::card::{cards, cards_at, PyCard};
use crate::errors::{raise_with, to_pyerr, OrRaise, WrongCardCountError};
use crate::eval::PyHandRank;
use crate::rules::with_rules;

/// Thirteen distinct cards set out as front (3), middle (5) and back (5).
///
/// `Arrangement("As Kd Qh / 9s 9d 5c 5h 2s / ...")` (lanes split by `/` or `|`, or 13 cards in
/// lane order), `Arrangement(front, middle, back)` with any "cards" argument per lane.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "Arrangement")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyArrangement(pub Arrangement);

/// Read three lanes; error positions count across the lanes (front 0–2, middle 3–7, back 8–12).
pub fn lanes(front: &Bound<'_, PyAny>, middle: &Bound<'_, PyAny>, back: &Bound<'_, PyAny>) -> PyResult<Arrangement> {
    let f = cards_at(front, 0)?;
    let m = cards_at(middle, f.len())?;
    let b = cards_at(back, f.len() + m.len())?;
    Arrangement::new(&f, &m, &b).map_err(|e| lane_named(e, [f.len(), m.len(), b.len()]))
}

/// The core's error, with a wrong lane size naming the lane:
/// ``front lane (头墩): expected 3 cards, got 4`` (``WrongCardCountError`` with ``lane``).
fn lane_named(e: CoreError, sizes: [usize; 3]) -> PyErr {
    if let CoreError::WrongCardCount { .. } = e {
        if let Some((lane, found)) = Lane::ALL.into_iter().zip(sizes).find(|(l, n)| l.size() != *n) {
            return Python::attach(|py| {
                let attrs = (|| -> PyResult<Vec<(&'static str, Bound<'_, PyAny>)>> {
                    Ok(vec![
                        ("expected", lane.size().into_pyobject(py)?.into_any()),
                        ("found", found.into_pyobject(py)?.into_any()),
                        ("lane", lane.name().into_pyobject(py)?.into_any()),
                    ])
                })();
                raise_with(
                    &py.get_type::<WrongCardCountError>(),
                    format!(
                        "{} lane ({}): expected {} cards, got {found}",
                        lane.name(),
                        lane.chinese_name(),
                        lane.size()
                    ),
                    "wrong_card_count",
                    attrs,
                )
            });
        }
    }
    to_pyerr(e)
}

/// The number of cards of each lane of an arrangement's text, when it has three lanes that
/// parse.
fn text_lane_sizes(s: &str) -> Option<[usize; 3]> {
    let parts: Vec<&str> = s.splitn(4, ['/', '|']).collect();
    if parts.len() != 3 {
        return None;
    }
    let mut sizes = [0; 3];
    for (size, part) in sizes.iter_mut().zip(parts) {
        *size = shisanshui::parse_cards(part).ok()?.len();
    }
    Some(sizes)
}

/// An arrangement from one argument: an `Arrangement`, its text, or 13 cards in lane order.
pub fn arrangement(obj: &Bound<'_, PyAny>) -> PyResult<Arrangement> {
    if let Ok(a) = obj.cast::<PyArrangement>() {
        return Ok(a.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        return text.parse().map_err(|e| match text_lane_sizes(&text) {
            Some(sizes) => lane_named(e, sizes),
            None => to_pyerr(e),
        });
    }
    Arrangement::from_cards(&cards(obj)?).or_raise()
}

fn card_tuple<'py>(py: Python<'py>, cards: &[Card]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, cards.iter().map(|&c| PyCard(c)))
}

#[pymethods]
impl PyArrangement {
    #[new]
    #[pyo3(signature = (front, middle = None, back = None))]
    fn new(
        front: &Bound<'_, PyAny>,
        middle: Option<&Bound<'_, PyAny>>,
        back: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        match (middle, back) {
            (None, None) => arrangement(front).map(PyArrangement),
            (Some(m), Some(b)) => lanes(front, m, b).map(PyArrangement),
            _ => Err(PyTypeError::new_err(
                "Arrangement() takes one argument (the whole arrangement) or three (front, middle, back)",
            )),
        }
    }

    /// From 13 cards in lane order: 3 front, 5 middle, 5 back.
    #[staticmethod]
    fn from_cards(cards: &Bound<'_, PyAny>) -> PyResult<Self> {
        Arrangement::from_cards(&self::cards(cards)?).or_raise().map(PyArrangement)
    }

    /// The front lane (头墩), 3 cards.
    #[getter]
    fn front<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, &self.0.front)
    }

    /// The middle lane (中墩), 5 cards.
    #[getter]
    fn middle<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, &self.0.middle)
    }

    /// The back lane (尾墩), 5 cards.
    #[getter]
    fn back<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, &self.0.back)
    }

    /// All 13 cards in lane order.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        card_tuple(py, &self.0.cards())
    }

    /// Lane ranks and foul check under a rule set (a `Rules`, a preset name, or None for
    /// classic).
    #[pyo3(signature = (rules = None))]
    fn evaluate(&self, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyArrangementEval> {
        with_rules(rules, |r| Ok(PyArrangementEval(self.0.evaluate(r))))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Arrangement('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
        (slf.get_type(), (slf.get().0.to_string(),))
    }
}

/// The ranks of an arrangement's lanes and whether it fouls (倒水).
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "ArrangementEval")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyArrangementEval(pub ArrangementEval);

#[pymethods]
impl PyArrangementEval {
    /// Front rank (a 3-card `HandRank`).
    #[getter]
    fn front(&self) -> PyHandRank {
        PyHandRank(self.0.front)
    }

    /// Middle rank.
    #[getter]
    fn middle(&self) -> PyHandRank {
        PyHandRank(self.0.middle)
    }

    /// Back rank.
    #[getter]
    fn back(&self) -> PyHandRank {
        PyHandRank(self.0.back)
    }

    /// The front beats the middle (or equals it under `strict_order`).
    #[getter]
    fn front_over_middle(&self) -> bool {
        self.0.foul.front_over_middle
    }

    /// The middle beats the back (or equals it under `strict_order`).
    #[getter]
    fn middle_over_back(&self) -> bool {
        self.0.foul.middle_over_back
    }

    /// Whether the arrangement is a foul: either lane pair out of order.
    #[getter]
    fn is_foul(&self) -> bool {
        self.0.foul.is_foul()
    }

    fn __repr__(&self) -> String {
        let e = &self.0;
        let verdict = match (e.foul.front_over_middle, e.foul.middle_over_back) {
            (false, false) => "legal",
            (true, false) => "foul: front over middle",
            (false, true) => "foul: middle over back",
            (true, true) => "foul: front over middle, middle over back",
        };
        format!(
            "<ArrangementEval {verdict}; front {}; middle {}; back {}>",
            e.front.describe(),
            e.middle.describe(),
            e.back.describe()
        )
    }
}

/// Evaluate the three lanes and check for a foul. Each lane is any "cards" argument; error
/// positions count across the lanes (front 0–2, middle 3–7, back 8–12).
#[pyfunction]
#[pyo3(signature = (front, middle, back, rules = None))]
fn check_arrangement(
    front: &Bound<'_, PyAny>,
    middle: &Bound<'_, PyAny>,
    back: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArrangementEval> {
    let a = lanes(front, middle, back)?;
    with_rules(rules, |r| Ok(PyArrangementEval(a.evaluate(r))))
}

/// Add `Arrangement`, `ArrangementEval` and `check_arrangement` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyArrangement>()?;
    m.add_class::<PyArrangementEval>()?;
    m.add_function(wrap_pyfunction!(check_arrangement, m)?)?;
    Ok(())
}
