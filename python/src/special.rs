//! Special hands (特殊牌型, 报到; RULES.md §6): `detect_special`, `SpecialDetection`,
//! `parse_special`, and the bridge to the `Special` enum of `_enums.py`.
//!
//! `Special` is a Python `str` enum whose values are the ids (`"SD"`, `"TSF"`, …), defined in
//! the core's order, so a member is found by the core's number and compares equal to its id.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple};
use shisanshui::special::SpecialDetector;
use shisanshui::{Special, SpecialDetection, SuitSet};

use crate::card::cards_in;
use crate::errors::OrRaise;
use crate::lanes::PyArrangement;
use crate::rules::with_rules;
use crate::text::utf8;

const MODULE: &str = "shisanshui._enums";

static MEMBERS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();

/// The `Special` member for a core special, from a table built on first use. The Python enum
/// must list every core special in the core's order with its id as value, or this raises.
pub fn member(py: Python<'_>, s: Special) -> PyResult<Bound<'_, PyAny>> {
    let members = MEMBERS.get_or_try_init(py, || -> PyResult<Vec<Py<PyAny>>> {
        let cls = py.import(MODULE)?.getattr("Special")?;
        let mut out: Vec<Py<PyAny>> = Vec::new();
        for m in cls.try_iter()? {
            let m = m?;
            let value: PyBackedStr = m.getattr("value")?.extract()?;
            match Special::ALL.get(out.len()) {
                Some(core) if core.id() == value => out.push(m.unbind()),
                _ => {
                    return Err(PyTypeError::new_err(format!(
                        "{MODULE}.Special must list the engine's specials in order; member {} is {value:?}",
                        out.len()
                    )))
                }
            }
        }
        if out.len() != Special::ALL.len() {
            return Err(PyTypeError::new_err(format!(
                "{MODULE}.Special has {} members, the engine {}",
                out.len(),
                Special::ALL.len()
            )));
        }
        Ok(out)
    })?;
    Ok(members[s as usize].bind(py).clone())
}

/// What a 13-card hand qualifies for under a rule set (`detect_special`).
#[pyclass(frozen, eq, module = "shisanshui", name = "SpecialDetection")]
#[derive(Clone, PartialEq, Eq)]
pub struct PySpecialDetection(pub SpecialDetection);

#[pymethods]
impl PySpecialDetection {
    /// The detection as dicts and lists (the JavaScript package's and ``sss --json``'s form).
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json_forms::dict(py, &crate::json_forms::special_detection(&self.0))
    }

    /// :meth:`to_dict` as pretty-printed JSON text.
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_json(&self) -> String {
        crate::json_forms::text(&crate::json_forms::special_detection(&self.0))
    }

    /// The highest enabled special in the rule set's order, or None.
    #[getter]
    fn best<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.best.map(|s| member(py, s)).transpose()
    }

    /// Every enabled special the hand qualifies for, in the rule set's order (highest first).
    #[getter]
    fn all<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let members = self.0.all.iter().map(|&s| member(py, s)).collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, members)
    }

    /// For three straight flushes, three flushes or three straights as `best`: the legal
    /// arrangement that realises it (strongest back, then middle, then front; each lane
    /// highest card first). Otherwise None.
    #[getter]
    fn arrangement(&self) -> Option<PyArrangement> {
        self.0.arrangement.map(PyArrangement)
    }

    /// `<SpecialDetection TS 三顺子; all TS; 5c 4d 3s / Jc Td 9d 8h 7h / Kc Qd Jh Ts 9s>`, or
    /// `<SpecialDetection none>`.
    fn __repr__(&self) -> String {
        let d = &self.0;
        let Some(best) = d.best else {
            return "<SpecialDetection none>".to_string();
        };
        let all: Vec<&str> = d.all.iter().map(|s| s.id()).collect();
        let mut text = format!("<SpecialDetection {} {}; all {}", best.id(), best.chinese_name(), all.join(" "));
        if let Some(a) = &d.arrangement {
            text += &format!("; {a}");
        }
        text + ">"
    }
}

/// Detect the special hands of 13 cards under a rule set (a `Rules`, a preset name, or None
/// for classic): the highest enabled special, every one the hand qualifies for in the rule
/// set's order, and for TSF / TF / TS the legal arrangement that realises it. A special the
/// rule set does not list is never reported (hk lists no supreme dragon: it is a dragon there).
/// The cards may repeat as the rule set's deck holds them (`extra_suits`, RULES.md §11); the
/// shapes then group each rank's cards (with `split_quads`, four or more of a rank may serve as
/// any groups of one to four).
#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
fn detect_special(cards: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PySpecialDetection> {
    with_rules(rules, |r| {
        // The core's order (`detect_codes`): bad codes, then the count, then copies against the
        // rule set's deck. So the cards are read as the biggest deck holds them (two copies,
        // which also stops an endless iterable, and the rule set's jokers) and the core checks
        // the rest.
        let hand = cards_in(cards, shisanshui::Deck::new(SuitSet::ALL, r.jokers).or_raise()?)?;
        let found = SpecialDetector::new(r).and_then(|d| d.detect(&hand)).or_raise()?;
        Ok(PySpecialDetection(found))
    })
}

/// The special named by an id (`"TSF"`), an English name (`"three straight flushes"` or
/// `"three_straight_flushes"`, any case) or a Chinese name (`"三同花顺"`).
#[pyfunction]
fn parse_special<'py>(py: Python<'py>, text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let text = text.cast::<PyString>().map_err(|_| {
        let ty = text.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        PyTypeError::new_err(format!("a special name must be a str, not {ty}"))
    })?;
    let s: Special = utf8(text)?.parse().or_raise()?;
    member(py, s)
}

/// Add `SpecialDetection`, `detect_special` and `parse_special` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySpecialDetection>()?;
    m.add_function(wrap_pyfunction!(detect_special, m)?)?;
    m.add_function(wrap_pyfunction!(parse_special, m)?)?;
    Ok(())
}
