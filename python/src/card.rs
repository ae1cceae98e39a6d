//! `Card`, `parse_cards`, `format_cards`, and the one reader of "cards" arguments that every
//! other function uses (text, or an iterable of `Card` / card text / int codes).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString, PyType};
use shisanshui::{Card, CardSet, Error as CoreError};

use crate::enums;
use crate::errors::{bad_card_code, to_pyerr, OrRaise};

/// One card of the 52-card deck. Immutable, hashable, ordered by its code (rank, then suit).
#[pyclass(frozen, eq, ord, hash, module = "shisanshui", name = "Card")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyCard(pub Card);

#[pymethods]
impl PyCard {
    /// `Card("As")`, `Card("10h")`, `Card("q♣")`; a `Card` is returned as itself.
    #[new]
    fn new(card: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(c) = card.cast::<PyCard>() {
            return Ok(*c.get());
        }
        if let Ok(s) = card.cast::<PyString>() {
            return s.to_cow()?.parse::<Card>().or_raise().map(PyCard);
        }
        let hint = if crate::ints::is_int(card) { "; use Card.from_code(n) for an int code" } else { "" };
        Err(PyTypeError::new_err(format!("Card() takes card text such as 'As', not {}{hint}", card.get_type().name()?)))
    }

    /// The card with this interchange code, `(rank - 2) * 4 + suit`, 0..=51.
    #[staticmethod]
    fn from_code(code: &Bound<'_, PyAny>) -> PyResult<Self> {
        card_from_code(code).map(PyCard)
    }

    /// The card of this rank and suit (`Rank`/`Suit` members or their int values).
    #[staticmethod]
    fn from_rank_suit(rank: &Bound<'_, PyAny>, suit: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCard(Card::new(enums::rank_from(rank)?, enums::suit_from(suit)?)))
    }

    /// All 52 cards, lowest code first.
    #[staticmethod]
    fn all() -> Vec<PyCard> {
        CardSet::FULL_DECK.iter().map(PyCard).collect()
    }

    /// The interchange code 0..=51.
    #[getter]
    fn code(&self) -> u8 {
        self.0.code()
    }

    /// The rank, a `Rank`.
    #[getter]
    fn rank<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        enums::rank(py, self.0.rank())
    }

    /// The suit, a `Suit`.
    #[getter]
    fn suit<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        enums::suit(py, self.0.suit())
    }

    /// Display form with a suit symbol: `A♠`.
    #[getter]
    fn symbol(&self) -> String {
        self.0.to_symbol_string()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
        (slf.get_type(), (slf.get().0.to_string(),))
    }
}

/// A card from a Python int code; `bool` is refused (it is an int to Python, never a card).
pub fn card_from_code(code: &Bound<'_, PyAny>) -> PyResult<Card> {
    if !crate::ints::is_int(code) {
        return Err(PyTypeError::new_err(format!("a card code must be an int, not {}", code.get_type().name()?)));
    }
    match code.extract::<u32>() {
        Ok(c) => Card::try_from(c).or_raise(),
        // Negative, or past u32: still a bad code, named as given.
        Err(_) => Err(bad_card_code(code)),
    }
}

/// One item of a card list: a `Card`, card text (`"As"`) or an int code. `position` is the
/// item's index, used in errors.
fn card_item(item: &Bound<'_, PyAny>, position: usize) -> PyResult<Card> {
    if let Ok(c) = item.cast::<PyCard>() {
        return Ok(c.get().0);
    }
    if let Ok(s) = item.cast::<PyString>() {
        return Card::parse_at(s.to_cow()?.trim(), position).or_raise();
    }
    if crate::ints::is_int(item) {
        return card_from_code(item);
    }
    Err(PyTypeError::new_err(format!(
        "card at position {position} must be a Card, card text or an int code, not {}",
        item.get_type().name()?
    )))
}

/// Move an error's position by `offset` (a lane parsed on its own inside an arrangement).
fn shifted(e: CoreError, offset: usize) -> CoreError {
    match e {
        CoreError::UnknownRank { token, token_len, position } => {
            CoreError::UnknownRank { token, token_len, position: position + offset }
        }
        CoreError::UnknownSuit { token, token_len, position } => {
            CoreError::UnknownSuit { token, token_len, position: position + offset }
        }
        CoreError::DuplicateCard { card, position } => CoreError::DuplicateCard { card, position: position + offset },
        other => other,
    }
}

/// Read a "cards" argument: text (`"As Kd 10h"`, `"AsKd"`, `"As,Kd"`) or an iterable of
/// `Card`, card text or int codes (mixed is fine). The cards must be distinct. Positions in
/// errors count from `offset` (so a lane's errors can name the card's place in the whole hand).
pub fn cards_at(obj: &Bound<'_, PyAny>, offset: usize) -> PyResult<Vec<Card>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return shisanshui::parse_cards(&s.to_cow()?).map_err(|e| to_pyerr(shifted(e, offset)));
    }
    // Bytes iterate as ints, which would silently read `b"As"` as codes 65 and 115.
    if obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyByteArray>() || obj.cast::<PyCard>().is_ok() {
        return Err(not_cards(obj));
    }
    let iter = obj.try_iter().map_err(|_| not_cards(obj))?;
    let mut seen = CardSet::EMPTY;
    let mut out = Vec::new();
    // Terminates: the 53rd card of any input must repeat one, which is an error.
    for (i, item) in iter.enumerate() {
        let position = offset + i;
        let card = card_item(&item?, position)?;
        if !seen.insert(card) {
            return Err(to_pyerr(CoreError::DuplicateCard { card, position }));
        }
        out.push(card);
    }
    Ok(out)
}

/// [`cards_at`] from position 0.
pub fn cards(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    cards_at(obj, 0)
}

fn not_cards(obj: &Bound<'_, PyAny>) -> PyErr {
    let ty = obj.get_type().name().map(|n| n.to_string()).unwrap_or_default();
    PyTypeError::new_err(format!(
        "cards must be text such as 'As Kd 10h' or an iterable of Card, card text or int codes, not {ty}"
    ))
}

/// Parse card text (`"As Kd 10h"`, `"AsKd"`, `"As,Kd"`) into a list of distinct cards.
#[pyfunction]
fn parse_cards(text: &str) -> PyResult<Vec<PyCard>> {
    Ok(shisanshui::parse_cards(text).or_raise()?.into_iter().map(PyCard).collect())
}

/// Display cards as `As Kd Th` (any "cards" argument: text, or Card / text / int items).
#[pyfunction]
fn format_cards(cards: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(shisanshui::format_cards(&self::cards(cards)?))
}

/// Add `Card`, `parse_cards` and `format_cards` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyCard>()?;
    m.add_function(wrap_pyfunction!(parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(format_cards, m)?)?;
    Ok(())
}
