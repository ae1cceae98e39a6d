//! The bridge to the Python enums of `shisanshui/_enums.py` (`Rank`, `Suit`, `Category`,
//! `Wheel`, `ScoringMode`, `Table`, `JokerLanes`).
//!
//! The enums are plain Python (`IntEnum`, or `str` enums for the rule options) so that they
//! behave as users expect: iteration, `Rank(12)`, `Rank["ACE"]`, comparison with ints. Rust
//! finds members by the core's number (int enums, cached on first use: calling an enum class
//! costs about a microsecond) or name (str enums); a member missing on the Python side raises,
//! and `tests/python/test_enums.py` checks that both sides agree.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyType};
use shisanshui::{Category, JokerLanes, Rank, ScoringMode, Suit, Table, Wheel};

use crate::errors::{invalid_argument, invalid_rules};
use crate::text::utf8;

const MODULE: &str = "shisanshui._enums";

static RANK: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
static SUIT: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
static CATEGORY: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
static WHEEL: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static SCORING: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static TABLE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static JOKER_LANES: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The member of the `str` enum `class` whose value is `value`.
fn member<'py, V: IntoPyObject<'py>>(
    py: Python<'py>,
    cell: &PyOnceLock<Py<PyType>>,
    class: &str,
    value: V,
) -> PyResult<Bound<'py, PyAny>> {
    cell.import(py, MODULE, class)?.call1((value,))
}

/// The member of the `IntEnum` `class` whose value is `value`, from a table of the members
/// by value, built on first use.
fn int_member<'py>(
    py: Python<'py>,
    cell: &PyOnceLock<Vec<Py<PyAny>>>,
    class: &str,
    value: u8,
) -> PyResult<Bound<'py, PyAny>> {
    let members = cell.get_or_try_init(py, || -> PyResult<Vec<Py<PyAny>>> {
        let cls = py.import(MODULE)?.getattr(class)?;
        let mut by_value: Vec<Py<PyAny>> = Vec::new();
        for member in cls.try_iter()? {
            let member = member?;
            if member.extract::<usize>()? != by_value.len() {
                return Err(PyTypeError::new_err(format!("{MODULE}.{class} must list its values 0, 1, 2, … in order")));
            }
            by_value.push(member.unbind());
        }
        Ok(by_value)
    })?;
    members
        .get(usize::from(value))
        .map(|m| m.bind(py).clone())
        .ok_or_else(|| PyTypeError::new_err(format!("{MODULE}.{class} has no member with value {value}")))
}

/// `Rank` member for a core rank (value = rank index 0..=12).
pub fn rank(py: Python<'_>, r: Rank) -> PyResult<Bound<'_, PyAny>> {
    int_member(py, &RANK, "Rank", r.index())
}

/// `Suit` member for a core suit (value = suit index 0..=3).
pub fn suit(py: Python<'_>, s: Suit) -> PyResult<Bound<'_, PyAny>> {
    int_member(py, &SUIT, "Suit", s.index())
}

/// `Category` member for a core category (value = RULES.md §3 number).
pub fn category(py: Python<'_>, c: Category) -> PyResult<Bound<'_, PyAny>> {
    int_member(py, &CATEGORY, "Category", c as u8)
}

/// The JSON / Python name of a wheel option.
pub fn wheel_name(w: Wheel) -> PyResult<&'static str> {
    match w {
        Wheel::SecondHighest => Ok("second_highest"),
        Wheel::Lowest => Ok("lowest"),
        _ => Err(PyTypeError::new_err("this wheel option is not supported by the Python binding yet")),
    }
}

/// `Wheel` member for a core wheel option.
pub fn wheel(py: Python<'_>, w: Wheel) -> PyResult<Bound<'_, PyAny>> {
    member(py, &WHEEL, "Wheel", wheel_name(w)?)
}

/// The JSON / Python name of a scoring mode.
pub fn scoring_name(s: ScoringMode) -> PyResult<&'static str> {
    match s {
        ScoringMode::Pairwise => Ok("pairwise"),
        ScoringMode::Ranked => Ok("ranked"),
        _ => Err(PyTypeError::new_err("this scoring mode is not supported by the Python binding yet")),
    }
}

/// `ScoringMode` member for a core scoring mode.
pub fn scoring(py: Python<'_>, s: ScoringMode) -> PyResult<Bound<'_, PyAny>> {
    member(py, &SCORING, "ScoringMode", scoring_name(s)?)
}

/// `Table` member for a core table mode (its name is the JSON one, `Table::name`).
pub fn table(py: Python<'_>, t: Table) -> PyResult<Bound<'_, PyAny>> {
    member(py, &TABLE, "Table", t.name())
}

/// A table mode from a `Table` member or its name (`"all_pairs"`, `"banker"`).
pub fn table_from(obj: &Bound<'_, PyAny>, path: &str) -> PyResult<Table> {
    let text = option_text(obj, path, "a Table or one of 'all_pairs', 'banker'")?;
    match text.to_ascii_lowercase().as_str() {
        "all_pairs" => Ok(Table::AllPairs),
        "banker" => Ok(Table::Banker),
        _ => Err(invalid_rules(path, format!("unknown table mode {text:?} (expected all_pairs or banker)"))),
    }
}

/// `JokerLanes` member for a core joker reading (its name is the JSON one, `JokerLanes::name`).
pub fn joker_lanes(py: Python<'_>, j: JokerLanes) -> PyResult<Bound<'_, PyAny>> {
    member(py, &JOKER_LANES, "JokerLanes", j.name())
}

/// A joker reading from a `JokerLanes` member or its name (`"each_best"`, `"avoid_foul"`, any
/// case); another name is `InvalidRulesError` at `path`.
pub fn joker_lanes_from(obj: &Bound<'_, PyAny>, path: &str) -> PyResult<JokerLanes> {
    let text = option_text(obj, path, "a JokerLanes or one of 'each_best', 'avoid_foul'")?;
    match text.to_ascii_lowercase().as_str() {
        "each_best" => Ok(JokerLanes::EachBest),
        "avoid_foul" => Ok(JokerLanes::AvoidFoul),
        _ => Err(invalid_rules(path, format!("unknown joker reading {text:?} (expected each_best or avoid_foul)"))),
    }
}

/// An exact int (a `Rank`/`Suit` member is one), refusing `bool`, which is an int to Python
/// but never a rank or a suit.
fn small_int(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<i64>> {
    if !crate::ints::is_int(obj) {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a {} or an int, not {}",
            capitalized(what),
            obj.get_type().name()?
        )));
    }
    Ok(obj.extract::<i64>().ok())
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// A core rank from a `Rank` member or its int value 0..=12.
pub fn rank_from(obj: &Bound<'_, PyAny>) -> PyResult<Rank> {
    small_int(obj, "rank")?
        .and_then(|i| u8::try_from(i).ok())
        .and_then(Rank::from_index)
        .ok_or_else(|| invalid_argument(format!("rank {obj} is out of range (0 = two .. 12 = ace)")))
}

/// A core suit from a `Suit` member or its int value 0..=3.
pub fn suit_from(obj: &Bound<'_, PyAny>) -> PyResult<Suit> {
    small_int(obj, "suit")?
        .and_then(|i| u8::try_from(i).ok())
        .and_then(Suit::from_index)
        .ok_or_else(|| invalid_argument(format!("suit {obj} is out of range (0 = diamonds .. 3 = spades)")))
}

/// The text of a `str`-valued option (a `Wheel`/`ScoringMode` member is a `str`).
fn option_text(obj: &Bound<'_, PyAny>, path: &str, expected: &str) -> PyResult<PyBackedStr> {
    let s = obj.cast::<PyString>().map_err(|_| {
        let ty = obj.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        PyTypeError::new_err(format!("`{path}` must be {expected}, not {ty}"))
    })?;
    utf8(s)
}

/// A wheel option from a `Wheel` member or its name (`"second_highest"`, `"lowest"`).
pub fn wheel_from(obj: &Bound<'_, PyAny>, path: &str) -> PyResult<Wheel> {
    let text = option_text(obj, path, "a Wheel or one of 'second_highest', 'lowest'")?;
    match text.to_ascii_lowercase().as_str() {
        "second_highest" => Ok(Wheel::SecondHighest),
        "lowest" => Ok(Wheel::Lowest),
        _ => Err(invalid_rules(path, format!("unknown wheel option {text:?} (expected second_highest or lowest)"))),
    }
}

/// A scoring mode from a `ScoringMode` member or its name (`"pairwise"`, `"ranked"`).
pub fn scoring_from(obj: &Bound<'_, PyAny>, path: &str) -> PyResult<ScoringMode> {
    let text = option_text(obj, path, "a ScoringMode or one of 'pairwise', 'ranked'")?;
    match text.to_ascii_lowercase().as_str() {
        "pairwise" => Ok(ScoringMode::Pairwise),
        "ranked" => Ok(ScoringMode::Ranked),
        _ => Err(invalid_rules(path, format!("unknown scoring mode {text:?} (expected pairwise or ranked)"))),
    }
}
