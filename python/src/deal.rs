//! Dealing (RULES.md §10): `deal` (seeded or from the operating system's randomness) and
//! `shuffled_deck`. A seed gives the same deal in Rust, C, Python and C# (the algorithm is
//! documented in the core's `deal` module and recorded in `tests/vectors/deal.json`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use shisanshui::deal as core_deal;
use shisanshui::Error as CoreError;

use crate::card::PyCard;
use crate::errors::{invalid_argument, to_pyerr, OrRaise};

/// The type name of a Python object, for messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_default()
}

/// An int argument (never a bool, which Python counts as an int).
pub fn int_arg<'a, 'py>(obj: &'a Bound<'py, PyAny>, name: &str) -> PyResult<&'a Bound<'py, PyAny>> {
    if !crate::ints::is_int(obj) {
        return Err(PyTypeError::new_err(format!("{name} must be an int, not {}", type_name(obj))));
    }
    Ok(obj)
}

/// A player count. Values that do not even fit `usize` (negative, huge) are reported with
/// `out_of_range(value)`, the same error the core gives for any other count outside 2..=4.
pub fn players_arg(obj: &Bound<'_, PyAny>, out_of_range: impl Fn(String) -> CoreError) -> PyResult<usize> {
    let obj = int_arg(obj, "players")?;
    match obj.extract::<usize>() {
        Ok(n) => Ok(n),
        Err(_) => Err(to_pyerr(out_of_range(obj.str()?.to_string()))),
    }
}

/// An index or count that must fit `usize` (a seat, a seat count). Values that do not (negative,
/// huge) are reported with `out_of_range(value)`, the typed error of any other value out of
/// range, never a bare `OverflowError`; a non-int is a `TypeError` naming `name`.
pub fn index_arg(obj: &Bound<'_, PyAny>, name: &str, out_of_range: impl FnOnce(String) -> PyErr) -> PyResult<usize> {
    let obj = int_arg(obj, name)?;
    match obj.extract::<usize>() {
        Ok(n) => Ok(n),
        Err(_) => Err(out_of_range(obj.str()?.to_string())),
    }
}

/// A `u64` seed: an int in 0..=2**64 - 1 (`InvalidArgumentError` outside it).
fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    let obj = int_arg(obj, "seed")?;
    obj.extract::<u64>().map_err(|_| {
        let shown = obj.str().map(|s| s.to_string()).unwrap_or_default();
        invalid_argument(format!("seed {shown} is out of range (a seed is an int from 0 to 2**64 - 1)"))
    })
}

fn hand(cards: &[shisanshui::Card]) -> Vec<PyCard> {
    cards.iter().map(|&c| PyCard(c)).collect()
}

/// Shuffle one deck and deal `players` hands of 13 cards (2 to 4 players), seat by seat.
///
/// With a ``seed`` (an int from 0 to 2**64 - 1) the deal is the documented ChaCha20 shuffle of
/// that seed, the same in every language; without one it is keyed from the operating system
/// and cannot be predicted or replayed. Raises ``InvalidTableError`` for a player count outside
/// 2..4 and ``InvalidArgumentError`` for a seed out of range.
#[pyfunction]
#[pyo3(signature = (players = None, seed = None), text_signature = "(players=4, seed=None)")]
fn deal(players: Option<&Bound<'_, PyAny>>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Vec<PyCard>>> {
    let players = match players {
        None => core_deal::MAX_PLAYERS,
        Some(p) => players_arg(p, |v| {
            CoreError::InvalidTable(format!(
                "a deal is for {} to {} players from one deck, got {v}",
                core_deal::MIN_PLAYERS,
                core_deal::MAX_PLAYERS
            ))
        })?,
    };
    let seed = seed.filter(|s| !s.is_none()).map(seed_arg).transpose()?;
    let hands = core_deal::deal(players, seed).or_raise()?;
    Ok(hands.iter().map(|h| hand(h)).collect())
}

/// The shuffled deck of a seed (52 cards), before it is dealt: ``deal(players, seed)`` gives
/// seat ``p`` the cards at positions ``13 * p`` to ``13 * p + 12``.
#[pyfunction]
fn shuffled_deck(seed: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
    let seed = seed_arg(seed)?;
    Ok(hand(&core_deal::shuffled_deck(seed)))
}

/// Add `deal` and `shuffled_deck` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(deal, m)?)?;
    m.add_function(wrap_pyfunction!(shuffled_deck, m)?)?;
    Ok(())
}
