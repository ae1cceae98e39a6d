//! `Card`, `parse_cards`, `format_cards`, `deck`, and the one reader of "cards" arguments that
//! every other function uses (text, or an iterable of `Card` / card text / int codes).
//!
//! A card may repeat as often as the rule set's deck holds it (RULES.md §11, §12): once, twice
//! for a card of one of its `extra_suits`, a joker as often as its `jokers` deal it. The readers
//! take the rule set's deck (`Rules::deck_spec`); one more copy is a `DuplicateCardError` (a card
//! the deck holds once) or a `TooManyCopiesError` (more than it holds), and a joker the deck does
//! not deal is a `JokerNotInDeckError`. The int codes 52 and 53 are jokers only where the deck
//! deals jokers: elsewhere they stay `BadCardCodeError`, as before jokers existed.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyByteArray, PyBytes, PyString, PyType};
use shisanshui::{Card, CardSet, Deck, Error as CoreError};

use crate::enums;
use crate::errors::{bad_card_code, to_pyerr, OrRaise};
use crate::rules::with_rules;
use crate::text::utf8;

/// One card: one of the 52 of a deck, or a wild joker (RULES.md §12: the small joker `SJ`,
/// code 52, and the big joker `BJ`, code 53). Immutable, hashable, ordered by its code (rank,
/// then suit; the jokers last).
#[pyclass(frozen, eq, ord, hash, module = "shisanshui", name = "Card")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyCard(pub Card);

#[pymethods]
impl PyCard {
    /// `Card("As")`, `Card("10h")`, `Card("q♣")`, the jokers `Card("SJ")` / `Card("小王")` and
    /// `Card("BJ")` / `Card("大王")`; a `Card` is returned as itself. A card on its own belongs to
    /// no rule set: whether a deck deals a joker is checked where cards meet a rule set (a hand,
    /// a lane, a round: `JokerNotInDeckError` there).
    #[new]
    fn new(card: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(c) = card.cast::<PyCard>() {
            return Ok(*c.get());
        }
        if let Ok(s) = card.cast::<PyString>() {
            return utf8(s)?.parse::<Card>().or_raise().map(PyCard);
        }
        let hint = if crate::ints::is_int(card) { "; use Card.from_code(n) for an int code" } else { "" };
        Err(PyTypeError::new_err(format!("Card() takes card text such as 'As', not {}{hint}", card.get_type().name()?)))
    }

    /// The card with this interchange code, `(rank - 2) * 4 + suit`, 0..=51. With `rules` (a
    /// `Rules` or a preset name) whose deck deals jokers (`Rules.jokers`, RULES.md §12), 52 is
    /// the small joker and 53 the big one (`JokerNotInDeckError` for the big one under
    /// `jokers=1`, which deals only the small one); elsewhere they are `BadCardCodeError`, as in
    /// every list of codes read against such a rule set.
    #[staticmethod]
    #[pyo3(signature = (code, *, rules = None))]
    fn from_code(code: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        with_rules(rules, |r| {
            let deck = r.deck_spec();
            let card = card_item_in_code(code, deck)?;
            shisanshui::card::check_copies(&[card], deck).or_raise()?;
            Ok(PyCard(card))
        })
    }

    /// The small joker (小王), `SJ`, code 52.
    #[classattr]
    #[allow(non_snake_case)]
    fn SMALL_JOKER() -> PyCard {
        PyCard(Card::SMALL_JOKER)
    }

    /// The big joker (大王), `BJ`, code 53.
    #[classattr]
    #[allow(non_snake_case)]
    fn BIG_JOKER() -> PyCard {
        PyCard(Card::BIG_JOKER)
    }

    /// Whether this is a wild joker (`SJ` or `BJ`, RULES.md §12).
    #[getter]
    fn is_joker(&self) -> bool {
        self.0.is_joker()
    }

    /// The card of this rank and suit (`Rank`/`Suit` members or their int values).
    #[staticmethod]
    fn from_rank_suit(rank: &Bound<'_, PyAny>, suit: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCard(Card::new(enums::rank_from(rank)?, enums::suit_from(suit)?)))
    }

    /// All 52 cards, lowest code first (no joker).
    #[staticmethod]
    fn all() -> Vec<PyCard> {
        CardSet::FULL_DECK.iter().map(PyCard).collect()
    }

    /// The interchange code: 0..=51, or 52 and 53 for the jokers.
    #[getter]
    fn code(&self) -> u8 {
        self.0.code()
    }

    /// The rank, a `Rank`; None for a joker, which has none (it stands for any card).
    #[getter]
    fn rank<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        (!self.0.is_joker()).then(|| enums::rank(py, self.0.rank())).transpose()
    }

    /// The suit, a `Suit`; None for a joker.
    #[getter]
    fn suit<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        (!self.0.is_joker()).then(|| enums::suit(py, self.0.suit())).transpose()
    }

    /// Display form with a suit symbol: `A♠` (`SJ`, `BJ` for the jokers).
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

/// An int code read against `deck`: 0..=51, and 52 and 53 where `deck` deals jokers.
fn card_item_in_code(code: &Bound<'_, PyAny>, deck: Deck) -> PyResult<Card> {
    match joker_code(code, deck) {
        Some(joker) => Ok(joker),
        None => card_from_code(code),
    }
}

/// One item of a card list read against `deck`: as [`card_item`], and the int codes 52 and 53
/// are the jokers where `deck` deals jokers.
pub fn card_item_in(item: &Bound<'_, PyAny>, position: usize, deck: Deck) -> PyResult<Card> {
    match joker_code(item, deck) {
        Some(joker) => Ok(joker),
        None => card_item(item, position),
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
pub fn card_item(item: &Bound<'_, PyAny>, position: usize) -> PyResult<Card> {
    if let Ok(c) = item.cast::<PyCard>() {
        return Ok(c.get().0);
    }
    if let Ok(s) = item.cast::<PyString>() {
        return Card::parse_at(utf8(s)?.trim(), position).or_raise();
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
        CoreError::DuplicateCard { card, position, seats } => {
            CoreError::DuplicateCard { card, position: position + offset, seats }
        }
        CoreError::TooManyCopies { card, position, copies } => {
            CoreError::TooManyCopies { card, position: position + offset, copies }
        }
        CoreError::JokerNotInDeck { card, position, jokers } => {
            CoreError::JokerNotInDeck { card, position: position + offset, jokers }
        }
        other => other,
    }
}

/// Read a "cards" argument: text (`"As Kd 10h"`, `"AsKd"`, `"As,Kd"`) or an iterable of
/// `Card`, card text or int codes (mixed is fine). No card may repeat more often than `deck`
/// holds it: a rule set's `deck_spec()` (its `extra_suits` twice, its jokers, RULES.md §11, §12)
/// or its `extra_suits` alone (no jokers). A joker the deck does not deal is
/// `JokerNotInDeckError` (codes 52/53 stay `BadCardCodeError` there, as before jokers). Positions
/// in errors count from `offset` (so a lane's errors can name the card's place in the whole hand).
pub fn cards_at_in(obj: &Bound<'_, PyAny>, offset: usize, deck: impl Into<Deck>) -> PyResult<Vec<Card>> {
    let deck: Deck = deck.into();
    if let Ok(s) = obj.cast::<PyString>() {
        return shisanshui::parse_cards_in(&utf8(s)?, deck).map_err(|e| to_pyerr(shifted(e, offset)));
    }
    // Bytes iterate as ints, which would silently read `b"As"` as codes 65 and 115.
    if obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyByteArray>() || obj.cast::<PyCard>().is_ok() {
        return Err(not_cards(obj));
    }
    let iter = obj.try_iter().map_err(|_| not_cards(obj))?;
    let mut held = [0u8; Card::COUNT + 2];
    let mut out = Vec::new();
    // Terminates: past the deck's size (at most 104 cards) some card must repeat once too often,
    // which is an error.
    for (i, item) in iter.enumerate() {
        let position = offset + i;
        let card = card_item_in(&item?, position, deck)?;
        let n = &mut held[card.code() as usize];
        *n += 1;
        let copies = deck.copies(card);
        if *n > copies {
            return Err(to_pyerr(if copies == 0 {
                CoreError::JokerNotInDeck { card, position, jokers: deck.jokers() }
            } else if copies == 1 {
                CoreError::DuplicateCard { card, position, seats: None }
            } else {
                CoreError::TooManyCopies { card, position, copies }
            }));
        }
        out.push(card);
    }
    Ok(out)
}

/// The joker of an int code 52 or 53 when `deck` deals jokers (elsewhere those codes stay bad
/// codes, as they were before jokers).
fn joker_code(item: &Bound<'_, PyAny>, deck: Deck) -> Option<Card> {
    if deck.jokers() == 0 || !crate::ints::is_int(item) {
        return None;
    }
    item.extract::<u8>().ok().filter(|c| (52..=53).contains(c)).and_then(|c| Card::from_any_code(c).ok())
}

/// [`cards_at_in`] from position 0.
pub fn cards_in(obj: &Bound<'_, PyAny>, deck: impl Into<Deck>) -> PyResult<Vec<Card>> {
    cards_at_in(obj, 0, deck)
}

fn not_cards(obj: &Bound<'_, PyAny>) -> PyErr {
    let ty = obj.get_type().name().map(|n| n.to_string()).unwrap_or_default();
    PyTypeError::new_err(format!(
        "cards must be text such as 'As Kd 10h' or an iterable of Card, card text or int codes, not {ty}"
    ))
}

/// Parse card text (`"As Kd 10h"`, `"AsKd"`, `"As,Kd"`) into a list of cards: distinct ones, or
/// under a rule set with `extra_suits` (RULES.md §11) up to two copies of the cards of those
/// suits. `rules`: a `Rules`, a preset name, or None for classic (one deck).
#[pyfunction]
#[pyo3(signature = (text, rules = None))]
fn parse_cards(text: PyBackedStr, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PyCard>> {
    with_rules(rules, |r| {
        Ok(shisanshui::parse_cards_in(&text, r.deck_spec()).or_raise()?.into_iter().map(PyCard).collect())
    })
}

/// Display cards as `As Kd Th` (any "cards" argument: text, or Card / text / int items; copies
/// as the deck of `rules` holds them).
#[pyfunction]
#[pyo3(signature = (cards, rules = None))]
fn format_cards(cards: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    with_rules(rules, |r| Ok(shisanshui::format_cards(&cards_in(cards, r.deck_spec())?)))
}

/// The deck of a rule set in the order it is dealt from (RULES.md §11, §12): the 52 cards by
/// code, then one more copy of every card of its `extra_suits`, by code, then its `jokers` (SJ,
/// BJ, SJ, …); 52 to 110 cards.
#[pyfunction]
#[pyo3(signature = (rules = None))]
fn deck(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PyCard>> {
    with_rules(rules, |r| Ok(r.deck().into_iter().map(PyCard).collect()))
}

/// Add `Card`, `parse_cards`, `format_cards` and `deck` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyCard>()?;
    m.add_function(wrap_pyfunction!(parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(format_cards, m)?)?;
    m.add_function(wrap_pyfunction!(deck, m)?)?;
    Ok(())
}
