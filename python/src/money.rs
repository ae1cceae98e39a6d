//! Money (RULES.md §8): `settle_money`, `escape`, `MoneyResult` and `MoneyLine`.
//!
//! Amounts are ints of minor units (cents); water and the rake are exact (`int` or
//! `fractions.Fraction`; a float is refused, since it cannot say 5% exactly).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};
use shisanshui::money::{
    escape as core_escape, settle_money as core_settle_money, MoneyLine, MoneyResult, Rake, Stakes,
};
use shisanshui::settle::Water;
use shisanshui::Error as CoreError;

use shisanshui::settle::{MAX_SEATS, MIN_SEATS};

use crate::deal::index_arg;
use crate::errors::{invalid_table, to_pyerr, OrRaise};
use crate::settle::fraction;

fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type().name().map(|n| n.to_string()).unwrap_or_default()
}

fn invalid_money(message: String) -> PyErr {
    to_pyerr(CoreError::InvalidMoney(message))
}

/// The error for more seats than a table has, found without reading the rest of `items`: its
/// length when it has one (as the core would say), else "more than 8".
pub fn too_many_seats(items: &Bound<'_, PyAny>) -> PyErr {
    let got = items.len().map_or_else(|_| format!("more than {MAX_SEATS}"), |n| n.to_string());
    invalid_table(format!("a table has {MIN_SEATS} to {MAX_SEATS} players, got {got}"))
}

/// An exact int (not a bool) that fits 64 bits; `what` names it in errors.
fn int64(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<i64> {
    if !crate::ints::is_int(obj) {
        return Err(PyTypeError::new_err(format!("{what} must be an int, not {}", type_name(obj))));
    }
    obj.extract::<i64>().map_err(|_| invalid_money(format!("{what} {obj} is out of range (64-bit minor units)")))
}

/// `(numerator, denominator)` of an int or a `Fraction` (anything rational with int parts).
fn rational(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(i64, i64)> {
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!("{what} must be an int or a Fraction, not {}", type_name(obj))));
    }
    if crate::ints::is_int(obj) {
        return Ok((int64(obj, what)?, 1));
    }
    let (Ok(n), Ok(d)) = (obj.getattr("numerator"), obj.getattr("denominator")) else {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int or a Fraction (exact), not {}",
            type_name(obj)
        )));
    };
    Ok((int64(&n, what)?, int64(&d, what)?))
}

/// Water from an int or a `Fraction`: it must be a whole number of units (its denominator
/// divides 840, `WATER_DENOMINATOR`).
fn water_in(obj: &Bound<'_, PyAny>) -> PyResult<Water> {
    let (n, d) = rational(obj, "water")?;
    Water::new(n, d).or_raise()
}

/// Stakes from Python arguments: `base` (int minor units per water point), `carries` (None or
/// one int per seat), `rake` (None, an int percent 0 to 100, or a `Fraction` share such as
/// `Fraction(5, 100)`).
pub fn money_args(
    seats: usize,
    base: &Bound<'_, PyAny>,
    carries: Option<&Bound<'_, PyAny>>,
    rake: Option<&Bound<'_, PyAny>>,
) -> PyResult<Stakes> {
    let base = int64(base, "base")?;
    let carries = match carries.filter(|c| !c.is_none()) {
        None => None,
        Some(c) if c.is_instance_of::<PyString>() => {
            return Err(PyTypeError::new_err("carries must be a sequence of ints, not str"))
        }
        Some(c) => {
            let iter = c.try_iter().map_err(|_| {
                PyTypeError::new_err(format!("carries must be a sequence of ints, not {}", type_name(c)))
            })?;
            let mut out = Vec::new();
            for x in iter {
                // One per seat: past the most seats a table has, the rest is not read.
                if out.len() == MAX_SEATS {
                    return Err(invalid_money(match c.len() {
                        Ok(n) => format!("{n} carries for {seats} seats"),
                        Err(_) => format!("more than {MAX_SEATS} carries for {seats} seats"),
                    }));
                }
                out.push(int64(&x?, "carry")?);
            }
            Some(out)
        }
    };
    let rake = match rake.filter(|r| !r.is_none()) {
        None => Rake::NONE,
        Some(r) => rake_arg(r)?,
    };
    Ok(Stakes { base, carries, rake })
}

/// A rake: an int is a whole percent, as on every other surface (`rake=5` is 5%); a `Fraction`
/// is the share itself (`Fraction(5, 100)` is 5% too). Out of range is `InvalidMoneyError`
/// with the reading that was used.
pub fn rake_arg(r: &Bound<'_, PyAny>) -> PyResult<Rake> {
    let (numerator, denominator) = rational(r, "rake")?;
    if crate::ints::is_int(r) {
        if !(0..=100).contains(&numerator) {
            return Err(invalid_money(format!(
                "rake={numerator} is {}: an int rake is a percent from 0 to 100 (rake=5 is 5%)",
                if numerator < 0 { "negative" } else { "over 100%" }
            )));
        }
        return Ok(Rake::percent(numerator));
    }
    let rake = Rake { numerator, denominator };
    rake.validate().map_err(|e| {
        invalid_money(format!(
            "{}: a Fraction rake is the share itself (Fraction(5, 100) is 5%; an int is a percent, rake=5)",
            match e {
                CoreError::InvalidMoney(m) => m,
                e => e.to_string(),
            }
        ))
    })?;
    Ok(rake)
}

/// Settle a round's water in money (RULES.md §8). `water`: one amount per seat (int or
/// `Fraction`, e.g. `Settlement.totals`); `base`: minor units per water point (底注); `carries`:
/// each seat's cap (携带分) or None; `rake`: the house's cut of positive results, an int percent
/// (`rake=5` for 5%, as `sss --rake 5` and C#'s `Rake.Percent(5)`), an exact `Fraction` share
/// (`Fraction(5, 100)`, also 5%) or None.
///
/// Each result is `trunc(water × base)`, capped at its carry; the larger side (wins or losses)
/// is scaled down to the smaller, truncating; a positive result pays the rake. What truncation
/// and rake take is the house's share: `sum(amounts) + house == 0`. Errors:
/// `InvalidMoneyError` (water that does not sum to zero, as no settlement makes — an escape is
/// `escape`; negative base or carry, carries not one per seat, rake below 0 or over 100%),
/// `InvalidTableError` (not 2 to 8 seats; at most 9 items of `water` are read).
#[pyfunction]
#[pyo3(signature = (water, base, carries = None, rake = None))]
fn settle_money(
    water: &Bound<'_, PyAny>,
    base: &Bound<'_, PyAny>,
    carries: Option<&Bound<'_, PyAny>>,
    rake: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyMoneyResult> {
    if water.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("water must be a sequence of ints or Fractions, not str"));
    }
    let iter = water
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("water must be a sequence, not {}", type_name(water))))?;
    let mut seats = Vec::new();
    for w in iter {
        // Past the most seats a table has, the rest is not read (the iterable may be endless).
        if seats.len() == MAX_SEATS {
            return Err(too_many_seats(water));
        }
        seats.push(water_in(&w?)?);
    }
    let stakes = money_args(seats.len(), base, carries, rake)?;
    core_settle_money(&seats, &stakes).or_raise().map(PyMoneyResult)
}

/// An escape (逃跑, seed 000) in money: seat `leaver` of a `seats`-seat table pays 18 water ×
/// base and every other seat receives 1 × base, each capped at its carry; the stayers are scaled
/// down to what the leaver actually pays; rake on positive results. Not zero-sum: what no one
/// receives is `unclaimed` (`sum(amounts) + house + unclaimed == 0`).
///
/// `seats` and `leaver` are ints; any out of range (negative or huge too) is `InvalidTableError`.
#[pyfunction]
#[pyo3(signature = (seats, leaver, base, carries = None, rake = None))]
fn escape(
    seats: &Bound<'_, PyAny>,
    leaver: &Bound<'_, PyAny>,
    base: &Bound<'_, PyAny>,
    carries: Option<&Bound<'_, PyAny>>,
    rake: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyMoneyResult> {
    let seats = index_arg(seats, "seats", |v| {
        invalid_table(format!("a table has {MIN_SEATS} to {MAX_SEATS} players, got {v}"))
    })?;
    let leaver = index_arg(leaver, "leaver", |v| {
        invalid_table(format!("the leaver is seat {v}, but the table has {seats} seats"))
    })?;
    let stakes = money_args(seats, base, carries, rake)?;
    core_escape(seats, leaver, &stakes).or_raise().map(PyMoneyResult)
}

/// One seat's way from water to money.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "MoneyLine")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMoneyLine(MoneyLine);

#[pymethods]
impl PyMoneyLine {
    /// The line as dicts and lists (the JavaScript package's and ``sss --json``'s form).
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json_forms::dict(py, &crate::json_forms::money_line(&self.0))
    }

    /// :meth:`to_dict` as pretty-printed JSON text.
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_json(&self) -> String {
        crate::json_forms::text(&crate::json_forms::money_line(&self.0))
    }

    /// The seat's water (a `Fraction`).
    #[getter]
    fn water<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.0.water)
    }

    /// `trunc(water × base)`.
    #[getter]
    fn raw(&self) -> i64 {
        self.0.raw
    }

    /// After the carry cap.
    #[getter]
    fn capped(&self) -> i64 {
        self.0.capped
    }

    /// After the proportional scaling of the larger side.
    #[getter]
    fn scaled(&self) -> i64 {
        self.0.scaled
    }

    /// Rake taken from a positive result (0 otherwise).
    #[getter]
    fn rake(&self) -> i64 {
        self.0.rake
    }

    /// What the seat receives (negative: pays): `scaled − rake`.
    #[getter]
    fn amount(&self) -> i64 {
        self.0.amount
    }

    fn __repr__(&self) -> String {
        let l = &self.0;
        format!(
            "<MoneyLine water {} raw {} capped {} scaled {} rake {} amount {}>",
            l.water, l.raw, l.capped, l.scaled, l.rake, l.amount
        )
    }
}

/// A round in money.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "MoneyResult")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMoneyResult(pub MoneyResult);

#[pymethods]
impl PyMoneyResult {
    /// The money result as dicts and lists (the JavaScript package's and ``sss --json``'s form).
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json_forms::dict(py, &crate::json_forms::money(&self.0))
    }

    /// :meth:`to_dict` as pretty-printed JSON text.
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_json(&self) -> String {
        crate::json_forms::text(&crate::json_forms::money(&self.0))
    }

    /// One line per seat.
    #[getter]
    fn lines<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.lines.iter().map(|&l| PyMoneyLine(l)))
    }

    /// Each seat's final amount in minor units.
    #[getter]
    fn amounts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.amounts())
    }

    /// Total rake.
    #[getter]
    fn rake(&self) -> i64 {
        self.0.rake
    }

    /// What truncation left over: `−sum(scaled)` (signed).
    #[getter]
    fn rounding(&self) -> i64 {
        self.0.rounding
    }

    /// The house's share: `rake + rounding`.
    #[getter]
    fn house(&self) -> i64 {
        self.0.house
    }

    /// Escape only: what the leaver pays that no one receives; 0 otherwise.
    #[getter]
    fn unclaimed(&self) -> i64 {
        self.0.unclaimed
    }

    fn __repr__(&self) -> String {
        let amounts: Vec<String> = self.0.amounts().iter().map(|a| a.to_string()).collect();
        format!("<MoneyResult amounts {}; house {}>", amounts.join(", "), self.0.house)
    }
}

/// Add `settle_money`, `escape`, `MoneyResult` and `MoneyLine` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMoneyResult>()?;
    m.add_class::<PyMoneyLine>()?;
    m.add_function(wrap_pyfunction!(settle_money, m)?)?;
    m.add_function(wrap_pyfunction!(escape, m)?)?;
    Ok(())
}
