//! Python exceptions: one base `shisanshui.Error` and one subclass per `shisanshui::Error`
//! variant. The base derives from `ValueError` because every engine error is bad input
//! (there is no I/O in the engine), so `except ValueError` also catches them.
//!
//! Each raised exception carries the variant's fields as attributes (`token`, `token_len`,
//! `position`, `code`, `card`, `copies`, `jokers`, `expected`, `found`, `path`, `reason`, ...)
//! and `kind`, the variant's snake_case name used by the shared test vectors. The message is the
//! Rust `Display` text. A bad card token longer than 32 characters is kept as its first 32
//! (`token`), with its whole length in bytes of UTF-8 (`token_len`), so that huge bad input
//! makes a small error.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyType;
use shisanshui::Error as CoreError;

use crate::card::PyCard;

create_exception!(shisanshui, Error, PyValueError, "Base class of every error raised by the shisanshui engine.");
create_exception!(shisanshui, UnknownRankError, Error, "A card's rank text is not 2-9, T/10, J, Q, K or A.");
create_exception!(shisanshui, UnknownSuitError, Error, "A card's suit text is not d c h s or ♦ ♣ ♥ ♠.");
create_exception!(shisanshui, BadCardCodeError, Error, "A card code outside 0..=51.");
create_exception!(shisanshui, DuplicateCardError, Error, "The same card appears twice.");
create_exception!(
    shisanshui,
    TooManyCopiesError,
    DuplicateCardError,
    "A card of a doubled suit (extra_suits, RULES.md §11) more often than the deck holds it."
);
create_exception!(
    shisanshui,
    JokerNotInDeckError,
    Error,
    "A joker (SJ, BJ) the rule set does not deal, or not that one (jokers, RULES.md §12): `card`, `position`, and \
     `jokers`, how many the rule set deals. A card error beside DuplicateCardError."
);
create_exception!(shisanshui, WrongCardCountError, Error, "A hand, lane or deal with the wrong number of cards.");
create_exception!(shisanshui, InvalidRulesError, Error, "A rule-set value out of range or contradicting another.");
create_exception!(shisanshui, UnknownPresetError, Error, "A preset name that is not a shipped preset.");
create_exception!(shisanshui, UnknownSpecialError, Error, "A special-hand name or id the engine does not know.");
create_exception!(shisanshui, SpecialNotAllowedError, Error, "A declared special the cards or the rules do not allow.");
create_exception!(shisanshui, InvalidTableError, Error, "A table or round that cannot be settled or dealt.");
create_exception!(shisanshui, InvalidMoneyError, Error, "Money input out of range.");
create_exception!(shisanshui, InvalidArgumentError, Error, "Any other argument out of range.");
create_exception!(
    shisanshui,
    CardNotInHandError,
    Error,
    "A card given as part of a hand (a fixed lane) that the hand lacks."
);
create_exception!(shisanshui, NoLegalArrangementError, Error, "No legal arrangement keeps the lanes the player fixed.");

/// Build the Python exception for an engine error, with its fields as attributes.
pub fn to_pyerr(e: CoreError) -> PyErr {
    Python::attach(|py| {
        let message = e.to_string();
        let (ty, kind): (Bound<'_, PyType>, &str) = match &e {
            CoreError::UnknownRank { .. } => (py.get_type::<UnknownRankError>(), "unknown_rank"),
            CoreError::UnknownSuit { .. } => (py.get_type::<UnknownSuitError>(), "unknown_suit"),
            CoreError::BadCardCode { .. } => (py.get_type::<BadCardCodeError>(), "bad_card_code"),
            CoreError::DuplicateCard { .. } => (py.get_type::<DuplicateCardError>(), "duplicate_card"),
            CoreError::TooManyCopies { .. } => (py.get_type::<TooManyCopiesError>(), "too_many_copies"),
            CoreError::JokerNotInDeck { .. } => (py.get_type::<JokerNotInDeckError>(), "joker_not_in_deck"),
            CoreError::WrongCardCount { .. } => (py.get_type::<WrongCardCountError>(), "wrong_card_count"),
            CoreError::InvalidRules { .. } => (py.get_type::<InvalidRulesError>(), "invalid_rules"),
            CoreError::UnknownPreset(_) => (py.get_type::<UnknownPresetError>(), "unknown_preset"),
            CoreError::UnknownSpecial(_) => (py.get_type::<UnknownSpecialError>(), "unknown_special"),
            CoreError::SpecialNotAllowed { .. } => (py.get_type::<SpecialNotAllowedError>(), "special_not_allowed"),
            CoreError::InvalidTable(_) => (py.get_type::<InvalidTableError>(), "invalid_table"),
            CoreError::InvalidMoney(_) => (py.get_type::<InvalidMoneyError>(), "invalid_money"),
            CoreError::InvalidArgument(_) => (py.get_type::<InvalidArgumentError>(), "invalid_argument"),
            CoreError::CardNotInHand { .. } => (py.get_type::<CardNotInHandError>(), "card_not_in_hand"),
            CoreError::NoLegalArrangement(_) => (py.get_type::<NoLegalArrangementError>(), "no_legal_arrangement"),
            // `Error` is non_exhaustive: a variant added later still raises, as the base class.
            _ => (py.get_type::<Error>(), "error"),
        };
        let attrs = || -> PyResult<Vec<(&'static str, Bound<'_, PyAny>)>> {
            Ok(match e {
                CoreError::UnknownRank { token, token_len, position }
                | CoreError::UnknownSuit { token, token_len, position } => {
                    vec![
                        ("token", token.into_pyobject(py)?.into_any()),
                        ("token_len", token_len.into_pyobject(py)?.into_any()),
                        ("position", position.into_pyobject(py)?.into_any()),
                    ]
                }
                CoreError::BadCardCode { code } => {
                    vec![("code", code.into_pyobject(py)?.into_any())]
                }
                CoreError::TooManyCopies { card, position, copies } => vec![
                    ("card", Bound::new(py, PyCard(card))?.into_any()),
                    ("position", position.into_pyobject(py)?.into_any()),
                    ("copies", copies.into_pyobject(py)?.into_any()),
                ],
                CoreError::DuplicateCard { card, position, seats } => {
                    let mut attrs = vec![
                        ("card", Bound::new(py, PyCard(card))?.into_any()),
                        ("position", position.into_pyobject(py)?.into_any()),
                    ];
                    // At a table: the seat of the second occurrence and of the first.
                    if let Some(s) = seats {
                        attrs.push(("seat", s.seat.into_pyobject(py)?.into_any()));
                        attrs.push(("first_seat", s.first.into_pyobject(py)?.into_any()));
                    }
                    attrs
                }
                CoreError::CardNotInHand { card, position } => vec![
                    ("card", Bound::new(py, PyCard(card))?.into_any()),
                    ("position", position.into_pyobject(py)?.into_any()),
                ],
                CoreError::JokerNotInDeck { card, position, jokers } => vec![
                    ("card", Bound::new(py, PyCard(card))?.into_any()),
                    ("position", position.into_pyobject(py)?.into_any()),
                    ("jokers", jokers.into_pyobject(py)?.into_any()),
                ],
                CoreError::WrongCardCount { expected, found, lane } => {
                    let mut attrs = vec![
                        ("expected", expected.into_pyobject(py)?.into_any()),
                        ("found", found.into_pyobject(py)?.into_any()),
                    ];
                    if let Some(lane) = lane {
                        attrs.push(("lane", lane.name().into_pyobject(py)?.into_any()));
                    }
                    attrs
                }
                CoreError::InvalidRules { path, reason } => {
                    vec![("path", path.into_pyobject(py)?.into_any()), ("reason", reason.into_pyobject(py)?.into_any())]
                }
                CoreError::SpecialNotAllowed { special, reason } => vec![
                    ("special", special.into_pyobject(py)?.into_any()),
                    ("reason", reason.into_pyobject(py)?.into_any()),
                ],
                CoreError::UnknownPreset(name) => {
                    vec![("name", name.into_pyobject(py)?.into_any())]
                }
                CoreError::UnknownSpecial(name) => {
                    vec![("name", name.into_pyobject(py)?.into_any())]
                }
                _ => Vec::new(),
            })
        };
        raise_with(&ty, message, kind, attrs())
    })
}

/// An error of type `ty` with `kind` and extra attributes; a failure to build the attributes
/// (out of memory, in practice) is raised instead, so nothing is lost silently.
pub fn raise_with<'py>(
    ty: &Bound<'py, PyType>,
    message: String,
    kind: &str,
    attrs: PyResult<Vec<(&'static str, Bound<'py, PyAny>)>>,
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let value = ty.call1((message,))?;
        value.setattr("kind", kind)?;
        for (name, v) in attrs? {
            value.setattr(name, v)?;
        }
        Ok(PyErr::from_value(value))
    };
    build().unwrap_or_else(|e| e)
}

/// A `BadCardCodeError` for a Python integer that does not even fit the core's `u32` code
/// (negative or huge); same message as the core's `Display`.
pub fn bad_card_code(value: &Bound<'_, PyAny>) -> PyErr {
    let py = value.py();
    let shown = value.str().map(|s| s.to_string()).unwrap_or_else(|_| "?".into());
    raise_with(
        &py.get_type::<BadCardCodeError>(),
        format!("card code {shown} is out of range (valid codes are 0..=51)"),
        "bad_card_code",
        Ok(vec![("code", value.clone())]),
    )
}

/// An `InvalidRulesError` raised by the binding itself (a value Python cannot even store in
/// the field, such as a negative count), shaped like the core's.
pub fn invalid_rules(path: &str, reason: String) -> PyErr {
    to_pyerr(CoreError::InvalidRules { path: path.to_string(), reason })
}

/// An `InvalidTableError` raised by the binding itself (a seat or seat count Python cannot even
/// store as an index), shaped like the core's.
pub fn invalid_table(message: String) -> PyErr {
    to_pyerr(CoreError::InvalidTable(message))
}

/// An `InvalidArgumentError` raised by the binding itself.
pub fn invalid_argument(message: String) -> PyErr {
    to_pyerr(CoreError::InvalidArgument(message))
}

/// `?`-friendly conversion of engine results: `rules.validate().or_raise()?`.
///
/// (The orphan rule forbids `impl From<shisanshui::Error> for PyErr` in this crate; this trait
/// is the same mapping with one extra word at the call site.)
pub trait OrRaise<T> {
    /// The value, or the engine error as its Python exception.
    fn or_raise(self) -> PyResult<T>;
}

impl<T> OrRaise<T> for Result<T, CoreError> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(to_pyerr)
    }
}

/// Test hook (private): raise the exception of one engine error kind with sample fields, so
/// the tests can check the mapping of kinds that no public function raises yet.
#[pyfunction]
fn _raise_error(kind: PyBackedStr) -> PyResult<()> {
    let card = shisanshui::Card::from_code(51).or_raise()?;
    let e = match &*kind {
        "unknown_rank" => CoreError::unknown_rank("Xs", 1),
        "unknown_suit" => CoreError::unknown_suit("Kx", 2),
        "bad_card_code" => CoreError::BadCardCode { code: 52 },
        "duplicate_card" => CoreError::DuplicateCard { card, position: 3, seats: None },
        "too_many_copies" => CoreError::TooManyCopies { card, position: 7, copies: 2 },
        "joker_not_in_deck" => {
            CoreError::JokerNotInDeck { card: shisanshui::Card::SMALL_JOKER, position: 4, jokers: 0 }
        }
        "wrong_card_count" => CoreError::WrongCardCount { expected: 5, found: 4, lane: None },
        "invalid_rules" => CoreError::InvalidRules { path: "shooting.multiplier".into(), reason: "too big".into() },
        "unknown_preset" => CoreError::UnknownPreset("nope".into()),
        "unknown_special" => CoreError::UnknownSpecial("XYZ".into()),
        "special_not_allowed" => CoreError::SpecialNotAllowed { special: "SD".into(), reason: "not enabled".into() },
        "invalid_table" => CoreError::InvalidTable("5 players".into()),
        "invalid_money" => CoreError::InvalidMoney("negative stake".into()),
        "invalid_argument" => CoreError::InvalidArgument("0 suggestions".into()),
        "card_not_in_hand" => CoreError::CardNotInHand { card, position: 8 },
        "no_legal_arrangement" => CoreError::NoLegalArrangement("the fixed back fouls".into()),
        _ => return Err(PyValueError::new_err(format!("no error kind {kind:?}"))),
    };
    Err(to_pyerr(e))
}

/// Add the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(_raise_error, m)?)?;
    m.add("Error", py.get_type::<Error>())?;
    m.add("UnknownRankError", py.get_type::<UnknownRankError>())?;
    m.add("UnknownSuitError", py.get_type::<UnknownSuitError>())?;
    m.add("BadCardCodeError", py.get_type::<BadCardCodeError>())?;
    m.add("DuplicateCardError", py.get_type::<DuplicateCardError>())?;
    m.add("TooManyCopiesError", py.get_type::<TooManyCopiesError>())?;
    m.add("JokerNotInDeckError", py.get_type::<JokerNotInDeckError>())?;
    m.add("WrongCardCountError", py.get_type::<WrongCardCountError>())?;
    m.add("InvalidRulesError", py.get_type::<InvalidRulesError>())?;
    m.add("UnknownPresetError", py.get_type::<UnknownPresetError>())?;
    m.add("UnknownSpecialError", py.get_type::<UnknownSpecialError>())?;
    m.add("SpecialNotAllowedError", py.get_type::<SpecialNotAllowedError>())?;
    m.add("InvalidTableError", py.get_type::<InvalidTableError>())?;
    m.add("InvalidMoneyError", py.get_type::<InvalidMoneyError>())?;
    m.add("InvalidArgumentError", py.get_type::<InvalidArgumentError>())?;
    m.add("CardNotInHandError", py.get_type::<CardNotInHandError>())?;
    m.add("NoLegalArrangementError", py.get_type::<NoLegalArrangementError>())?;
    Ok(())
}
