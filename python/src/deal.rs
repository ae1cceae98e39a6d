//! Dealing (RULES.md §10, §11, §12): `deal` (seeded or from the operating system's randomness)
//! and `shuffled_deck`, from one deck or a rule set's bigger deck (`extra_suits`, `jokers`). A
//! seed gives the same deal in Rust, C, Python and C# (the algorithm is documented in the core's
//! `deal` module and recorded in `tests/vectors/deal.json`, `tests/vectors/big_tables.json` and
//! `tests/vectors/jokers.json`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use shisanshui::deal as core_deal;
use shisanshui::{Error as CoreError, Rules};

use crate::card::PyCard;
use crate::errors::{invalid_argument, to_pyerr, OrRaise};
use crate::rules::with_rules;

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
pub fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    let obj = int_arg(obj, "seed")?;
    obj.extract::<u64>().map_err(|_| {
        let shown = obj.str().map(|s| s.to_string()).unwrap_or_default();
        invalid_argument(format!("seed {shown} is out of range (a seed is an int from 0 to 2**64 - 1)"))
    })
}

fn hand(cards: &[shisanshui::Card]) -> Vec<PyCard> {
    cards.iter().map(|&c| PyCard(c)).collect()
}

/// The error for a seat count `shown` that does not even fit an index (negative, huge): the
/// core's own message for a count out of range under `rules`, naming the count as given and the
/// most seats the rule set's deck deals to.
pub fn seats_out_of_range(rules: &Rules, shown: &str) -> PyErr {
    match rules.check_players(0) {
        Err(CoreError::InvalidTable(message)) => {
            let rest = message.strip_prefix('0').unwrap_or(&message);
            to_pyerr(CoreError::InvalidTable(format!("{shown}{rest}")))
        }
        _ => to_pyerr(CoreError::InvalidTable(format!(
            "{shown} players, but the deck deals to 2 to {}",
            rules.max_players()
        ))),
    }
}

/// A seat count under a rule set: an int (never a bool); one that does not fit an index is
/// [`seats_out_of_range`]. Whether the deck deals to it is the core's check.
pub fn players_for(obj: &Bound<'_, PyAny>, rules: &Rules) -> PyResult<usize> {
    let obj = int_arg(obj, "players")?;
    obj.extract::<usize>().map_err(|_| seats_out_of_range(rules, &obj.str().map(|s| s.to_string()).unwrap_or_default()))
}

/// Shuffle the rule set's deck and deal `players` hands of 13 cards, seat by seat.
///
/// ``rules`` (a ``Rules``, a preset name, or None for classic) says the deck: one deck of 52
/// cards for 2 to 4 players, or with ``rules.extra_suits`` (RULES.md §11) 13 more cards and one
/// more seat per doubled suit, up to 104 cards for 8 (``rules.max_players``), and its
/// ``rules.jokers`` wild jokers after them (RULES.md §12: they add no seat; the cards past 13 a
/// seat are not dealt). With no extra suit and no joker the deal is the one-deck deal, card for
/// card. With a ``seed`` (an int from 0 to 2**64 - 1)
/// the deal is the documented ChaCha20 shuffle of that seed, the same in every language; without
/// one it is keyed from the operating system and cannot be predicted or replayed. Raises
/// ``InvalidTableError`` for a player count outside 2..rules.max_players (naming both) and
/// ``InvalidArgumentError`` for a seed out of range.
#[pyfunction]
#[pyo3(signature = (players = None, seed = None, rules = None), text_signature = "(players=4, seed=None, rules=None)")]
fn deal(
    players: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Vec<PyCard>>> {
    with_rules(rules, |r| {
        let players = match players {
            None => core_deal::MAX_PLAYERS,
            Some(p) => players_for(p, r)?,
        };
        let seed = seed.filter(|s| !s.is_none()).map(seed_arg).transpose()?;
        let hands = core_deal::deal_for(r, players, seed).or_raise()?;
        Ok(hands.iter().map(|h| hand(h)).collect())
    })
}

/// The shuffled deck of a seed, before it is dealt: 52 cards, or with the ``extra_suits`` and
/// ``jokers`` of ``rules`` (RULES.md §11, §12) up to 110. ``deal(players, seed, rules)`` gives seat ``p`` the cards
/// at positions ``13 * p`` to ``13 * p + 12``.
#[pyfunction]
#[pyo3(signature = (seed, rules = None))]
fn shuffled_deck(seed: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PyCard>> {
    let seed = seed_arg(seed)?;
    with_rules(rules, |r| Ok(hand(&core_deal::Dealer::from_seed(seed).shuffle_cards(r.deck_spec()))))
}

/// Add `deal` and `shuffled_deck` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(deal, m)?)?;
    m.add_function(wrap_pyfunction!(shuffled_deck, m)?)?;
    Ok(())
}
