//! `Arrangement` (13 cards set out as front 3 / middle 5 / back 5), `ArrangementEval` (lane
//! ranks and the foul check of RULES.md §2) and `check_arrangement`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use shisanshui::{Arrangement, ArrangementEval, Card, Deck, Rules, SuitSet};

use crate::card::{cards_at_in, cards_in, PyCard};
use crate::errors::OrRaise;
use crate::eval::PyHandRank;
use crate::rules::{with_rules, PyRules};
use crate::text::utf8;

/// Thirteen cards set out as front (3), middle (5) and back (5).
///
/// `Arrangement("As Kd Qh / 9s 9d 5c 5h 2s / ...")` (lanes split by `/` or `|`, or 13 cards in
/// lane order), `Arrangement(front, middle, back)` with any "cards" argument per lane. The cards
/// are distinct, or with `rules=` a rule set whose `extra_suits` (RULES.md §11) let them repeat
/// as often as its deck holds them.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "Arrangement")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyArrangement(pub Arrangement);

/// Read three lanes; error positions count across the lanes (front 0–2, middle 3–7, back 8–12).
/// A card may repeat as often as `deck` holds it (a rule set's `deck_spec()`, RULES.md §11, §12).
pub fn lanes_in(
    front: &Bound<'_, PyAny>,
    middle: &Bound<'_, PyAny>,
    back: &Bound<'_, PyAny>,
    deck: impl Into<Deck>,
) -> PyResult<Arrangement> {
    let deck: Deck = deck.into();
    let f = cards_at_in(front, 0, deck)?;
    let m = cards_at_in(middle, f.len(), deck)?;
    let b = cards_at_in(back, f.len() + m.len(), deck)?;
    Arrangement::new_in(&f, &m, &b, deck).or_raise()
}

/// A card repeated in an `Arrangement` built without `rules=`: the message also says where the
/// rule set goes, the one place a Python user passes it (the arrangement keeps its cards; the
/// rule set given later to `evaluate` does not widen what was read).
fn where_repeats_go(py: Python<'_>, e: PyErr, rules_given: bool) -> PyErr {
    if !rules_given && e.is_instance_of::<crate::errors::DuplicateCardError>(py) {
        let value = e.value(py);
        if let Ok(message) = value.str() {
            let hinted = format!(
                "{message}; to let cards repeat, give the arrangement its rule set: \
                 Arrangement(..., rules=Rules(\"classic\", extra_suits=[\"s\"]))"
            );
            let _ = value.setattr("args", (hinted,));
        }
    }
    e
}

/// An arrangement from one argument: an `Arrangement`, its text, or 13 cards in lane order; cards
/// may repeat as in [`lanes_in`].
pub fn arrangement_in(obj: &Bound<'_, PyAny>, deck: impl Into<Deck>) -> PyResult<Arrangement> {
    let deck: Deck = deck.into();
    if let Ok(a) = obj.cast::<PyArrangement>() {
        return Ok(a.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let text = utf8(s)?;
        return Arrangement::parse_in(&text, deck).or_raise();
    }
    Arrangement::from_cards_in(&cards_in(obj, deck)?, deck).or_raise()
}

/// An `Arrangement` object (built under its own rule set) about to be valued under a rule set
/// whose deck is `deck`: a joker that deck does not deal has no value there, so it is
/// `JokerNotInDeckError` (a joker more often than the deck deals it `DuplicateCardError` or
/// `TooManyCopiesError`). Arrangements without jokers are valued under any rule set, as before.
pub fn check_jokers(a: &Arrangement, deck: Deck) -> PyResult<()> {
    if a.has_jokers() {
        shisanshui::card::check_copies(&a.cards(), deck).or_raise()?;
    }
    Ok(())
}

/// The suits of the cards that `cards` holds more than once: the least `extra_suits` a deck needs
/// for them (with at most two copies of each).
pub fn repeated_suits(cards: &[Card]) -> SuitSet {
    let mut seen = [false; Card::COUNT];
    let mut suits = Vec::new();
    for c in cards.iter().filter(|c| !c.is_joker()) {
        if std::mem::replace(&mut seen[c.code() as usize], true) {
            suits.push(c.suit());
        }
    }
    SuitSet::of(&suits)
}

/// The fewest jokers a deck deals for the jokers among `cards` (RULES.md §12: SJ, BJ, SJ, …).
pub fn jokers_needed(cards: &[Card]) -> u8 {
    let small = cards.iter().filter(|&&c| c == Card::SMALL_JOKER).count();
    let big = cards.iter().filter(|&&c| c == Card::BIG_JOKER).count();
    (small * 2).saturating_sub(1).max(big * 2).min(usize::from(u8::MAX)) as u8
}

/// `, rules=Rules(extra_suits='…', jokers=n)` for the `repr` of cards that repeat or hold jokers
/// (a deck that holds them), else nothing.
pub fn rules_suffix(cards: &[Card]) -> String {
    let suits = repeated_suits(cards);
    let jokers = jokers_needed(cards);
    let mut args = Vec::new();
    if !suits.is_empty() {
        args.push(format!("extra_suits='{suits}'"));
    }
    if jokers > 0 {
        args.push(format!("jokers={jokers}"));
    }
    if args.is_empty() {
        String::new()
    } else {
        format!(", rules=Rules({})", args.join(", "))
    }
}

/// The deck of a `rules=` argument (one deck of 52 for None): the deck cards are read against.
pub fn suits_of(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Deck> {
    with_rules(rules, |r| Ok(r.deck_spec()))
}

fn card_tuple<'py>(py: Python<'py>, cards: &[Card]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, cards.iter().map(|&c| PyCard(c)))
}

#[pymethods]
impl PyArrangement {
    /// The lanes as dicts and lists (the JavaScript package's and ``sss --json``'s form).
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json_forms::dict(py, &crate::json_forms::lanes(&self.0))
    }

    /// :meth:`to_dict` as pretty-printed JSON text.
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_json(&self) -> String {
        crate::json_forms::text(&crate::json_forms::lanes(&self.0))
    }

    #[new]
    #[pyo3(signature = (front, middle = None, back = None, *, rules = None))]
    fn new(
        front: &Bound<'_, PyAny>,
        middle: Option<&Bound<'_, PyAny>>,
        back: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let suits = suits_of(rules)?;
        match (middle, back) {
            (None, None) => arrangement_in(front, suits).map(PyArrangement),
            (Some(m), Some(b)) => lanes_in(front, m, b, suits).map(PyArrangement),
            _ => Err(PyTypeError::new_err(
                "Arrangement() takes one argument (the whole arrangement) or three (front, middle, back)",
            )),
        }
        .map_err(|e| where_repeats_go(front.py(), e, rules.is_some()))
    }

    /// From 13 cards in lane order: 3 front, 5 middle, 5 back (copies as the deck of `rules`
    /// holds them).
    #[staticmethod]
    #[pyo3(signature = (cards, *, rules = None))]
    fn from_cards(cards: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let suits = suits_of(rules)?;
        (|| Arrangement::from_cards_in(&cards_in(cards, suits)?, suits).or_raise().map(PyArrangement))()
            .map_err(|e| where_repeats_go(cards.py(), e, rules.is_some()))
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
    /// classic), with the lanes as played (`ArrangementEval.played`: each joker replaced by the
    /// card it stands for under the rule set's `joker_lanes`, RULES.md §12). The rule set must
    /// deal the arrangement's jokers: a joker it does not deal is `JokerNotInDeckError`.
    #[pyo3(signature = (rules = None))]
    fn evaluate(&self, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyArrangementEval> {
        with_rules(rules, |r| PyArrangementEval::checked(&self.0, r))
    }

    /// The arrangement as played under a rule set (RULES.md §12): each joker (`SJ`, `BJ`)
    /// replaced by the card it stands for under the rule set's `joker_lanes` reading; without
    /// jokers the arrangement itself. `rules`: a `Rules`, a preset name, or None for classic;
    /// errors as `evaluate`.
    #[pyo3(signature = (rules = None))]
    fn played(&self, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyArrangement> {
        with_rules(rules, |r| Ok(PyArrangement(PyArrangementEval::checked(&self.0, r)?.played)))
    }

    /// Whether a lane holds a joker (`SJ`, `BJ`, RULES.md §12).
    #[getter]
    fn has_jokers(&self) -> bool {
        self.0.has_jokers()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// `Arrangement('…')`; with copies (RULES.md §11) also the deck that holds them:
    /// `Arrangement('…', rules=Rules(extra_suits='s'))`.
    fn __repr__(&self) -> String {
        format!("Arrangement('{}'{})", self.0, rules_suffix(&self.0.cards()))
    }

    /// `Arrangement(text)`; an arrangement holding copies (RULES.md §11) is rebuilt with a rule
    /// set whose deck holds them (`functools.partial(Arrangement, rules=...)`).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let py = slf.py();
        let a = slf.get().0;
        let suits = repeated_suits(&a.cards());
        let jokers = jokers_needed(&a.cards());
        let text = a.to_string();
        if suits.is_empty() && jokers == 0 {
            return Ok((slf.get_type().into_any(), (text,)));
        }
        let rules = Bound::new(py, PyRules(Rules { extra_suits: suits, jokers, ..Rules::classic() }))?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("rules", rules)?;
        let partial = py.import("functools")?.getattr("partial")?.call((slf.get_type(),), Some(&kwargs))?;
        Ok((partial, (text,)))
    }
}

/// The ranks of an arrangement's lanes and whether it fouls (倒水), with the lanes as played
/// (RULES.md §12: each joker replaced by the card it stands for).
///
/// Equal (and hashed) by the ranks and the foul check alone: two arrangements worth the same
/// compare equal, whatever cards, jokers included, they are played with.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "ArrangementEval")]
#[derive(Clone, Copy)]
pub struct PyArrangementEval {
    pub eval: ArrangementEval,
    pub played: Arrangement,
}

impl PartialEq for PyArrangementEval {
    fn eq(&self, other: &Self) -> bool {
        self.eval == other.eval
    }
}

impl Eq for PyArrangementEval {}

impl std::hash::Hash for PyArrangementEval {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.eval.hash(state);
    }
}

impl PyArrangementEval {
    /// `a` evaluated under `rules`, with its lanes as played (`a` itself without jokers).
    pub fn of(a: &Arrangement, rules: &Rules) -> Self {
        if a.has_jokers() {
            let j = a.evaluate_jokers(rules);
            PyArrangementEval { eval: j.eval, played: j.played }
        } else {
            PyArrangementEval { eval: a.evaluate(rules), played: *a }
        }
    }

    /// [`PyArrangementEval::of`] after [`check_jokers`].
    pub fn checked(a: &Arrangement, rules: &Rules) -> PyResult<Self> {
        check_jokers(a, rules.deck_spec())?;
        Ok(Self::of(a, rules))
    }
}

#[pymethods]
impl PyArrangementEval {
    /// The evaluation as dicts and lists (the JavaScript package's and ``sss --json``'s form).
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json_forms::dict(py, &crate::json_forms::arrangement_eval(&self.eval, &self.played))
    }

    /// :meth:`to_dict` as pretty-printed JSON text.
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_json(&self) -> String {
        crate::json_forms::text(&crate::json_forms::arrangement_eval(&self.eval, &self.played))
    }

    /// The lanes as played (an `Arrangement`): each joker replaced by the card it stands for in
    /// its lane's value under the rule set's `joker_lanes` (RULES.md §12); the arrangement itself
    /// when it holds no joker. A fouled arrangement shows each lane at its best.
    #[getter]
    fn played(&self) -> PyArrangement {
        PyArrangement(self.played)
    }

    /// Front rank (a 3-card `HandRank`).
    #[getter]
    fn front(&self) -> PyHandRank {
        PyHandRank(self.eval.front)
    }

    /// Middle rank.
    #[getter]
    fn middle(&self) -> PyHandRank {
        PyHandRank(self.eval.middle)
    }

    /// Back rank.
    #[getter]
    fn back(&self) -> PyHandRank {
        PyHandRank(self.eval.back)
    }

    /// The front beats the middle (or equals it under `strict_order`).
    #[getter]
    fn front_over_middle(&self) -> bool {
        self.eval.foul.front_over_middle
    }

    /// The middle beats the back (or equals it under `strict_order`).
    #[getter]
    fn middle_over_back(&self) -> bool {
        self.eval.foul.middle_over_back
    }

    /// Whether the arrangement is a foul: either lane pair out of order.
    #[getter]
    fn is_foul(&self) -> bool {
        self.eval.foul.is_foul()
    }

    fn __repr__(&self) -> String {
        let e = &self.eval;
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
/// positions count across the lanes (front 0–2, middle 3–7, back 8–12). Cards may repeat as
/// the deck of `rules` holds them (its `extra_suits`, RULES.md §11).
#[pyfunction]
#[pyo3(signature = (front, middle, back, rules = None))]
fn check_arrangement(
    front: &Bound<'_, PyAny>,
    middle: &Bound<'_, PyAny>,
    back: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArrangementEval> {
    with_rules(rules, |r| Ok(PyArrangementEval::of(&lanes_in(front, middle, back, r.deck_spec())?, r)))
}

/// Add `Arrangement`, `ArrangementEval` and `check_arrangement` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyArrangement>()?;
    m.add_class::<PyArrangementEval>()?;
    m.add_function(wrap_pyfunction!(check_arrangement, m)?)?;
    Ok(())
}
