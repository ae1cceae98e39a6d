//! 理牌 hints for manual arranging: `combos` (the 对子 … 同花顺 buttons) and its result class
//! `Combo`, and the body of `Arranger.complete` (the best legal arrangement around lanes the
//! player fixed). What a combination is and the order of the list: the core's `hints` module.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};
use shisanshui::arrange::Arranger;
use shisanshui::hints::{Combo, FixedLanes};
use shisanshui::{Card, Category, Deck};

use crate::arrange::PyArranged;
use crate::card::{cards_at_in, cards_in, PyCard};
use crate::enums;
use crate::errors::{invalid_argument, OrRaise};
use crate::rules::with_rules;
use crate::text::utf8;

/// One combination of a category in a hand (:func:`combos`): the category's own cards,
/// highest code first, without kickers.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "Combo")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyCombo(Combo);

#[pymethods]
impl PyCombo {
    /// The combination as dicts and lists (the JavaScript package's and ``sss --json``'s form).
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json_forms::dict(py, &crate::json_forms::combo(&self.0))
    }

    /// :meth:`to_dict` as pretty-printed JSON text.
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_json(&self) -> String {
        crate::json_forms::text(&crate::json_forms::combo(&self.0))
    }

    /// The :class:`Category` the cards make.
    #[getter]
    fn category<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        enums::category(py, self.0.category())
    }

    /// The cards (2 to 5), highest code first, as a tuple of :class:`Card`.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.cards().iter().map(|&c| PyCard(c)))
    }

    /// The cards as played: :attr:`cards` with each joker replaced by the card it stands for in
    /// this combination (RULES.md §12); the cards themselves when none is a joker.
    #[getter]
    fn played<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.played().iter().map(|&c| PyCard(c)))
    }

    /// Whether the combination holds a joker (``SJ``, ``BJ``).
    #[getter]
    fn has_jokers(&self) -> bool {
        self.0.has_jokers()
    }

    /// Whether the combination fits a front lane (3 cards): pairs and trips.
    #[getter]
    fn fits_front(&self) -> bool {
        self.0.fits_front()
    }

    fn __len__(&self) -> usize {
        self.0.cards().len()
    }

    /// `<Combo one pair: Ks Kh>`.
    fn __repr__(&self) -> String {
        format!("<Combo {}: {}>", self.0.category(), shisanshui::format_cards(self.0.cards()))
    }
}

/// A category from a :class:`Category` member, its int value 0..=9 (a `bool` is refused), or
/// its name as the command line takes it: English (``"pair"``, ``"one_pair"``, ``"two pair"``,
/// ``"FLUSH"``) or Chinese (``"对子"``).
fn category_arg(obj: &Bound<'_, PyAny>) -> PyResult<Category> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = utf8(text)?;
        let t = text.trim().to_ascii_lowercase().replace(['_', '-'], " ");
        return Category::ALL
            .into_iter()
            .find(|c| c.name() == t || c.chinese_name() == text.trim() || (t == "pair" && *c == Category::OnePair))
            .ok_or_else(|| {
                let short: String = text.chars().take(32).collect();
                invalid_argument(format!(
                    "unknown category {short:?} (a Category, its number, or a name such as 'pair', 'two_pair', 'flush', '同花')"
                ))
            });
    }
    if obj.is_instance_of::<PyBool>() || !obj.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "category must be a Category, an int or a name such as 'pair', not {}",
            obj.get_type().name()?
        )));
    }
    obj.extract::<i64>()
        .ok()
        .and_then(|i| u8::try_from(i).ok())
        .and_then(Category::from_index)
        .ok_or_else(|| invalid_argument(format!("category {obj} is not 0..=9")))
}

/// Every distinct combination of ``category`` (a :class:`Category`, its number, or its name as
/// ``sss combos -c`` takes it: ``'pair'``, ``'two_pair'``, ``'flush'``, ``'同花'``) in up to 13
/// cards, strongest first, for the 对子 / 两对 / 三条 / 顺子 / 同花 / 葫芦 / 铁支 / 同花顺 buttons:
/// a list of :class:`Combo`.
///
/// A combination is the category's own cards without kickers (a pair's 2, two pair's 4, trips'
/// 3, quads' 4, the 5 of a straight, flush, full house or straight flush). One entry per rank
/// pattern, made of each rank's highest suits (♠ > ♥ > ♣ > ♦); flushes and straight flushes
/// keep every suit-distinct set. Ordered by the evaluator's rank under ``rules`` (the wheel
/// where the ``wheel`` option puts it), then by the higher cards; the list depends only on the
/// set of cards. ``HIGH_CARD`` has no combination (``InvalidArgumentError``), and neither has
/// ``FIVE_OF_A_KIND`` under a rule set of one deck without jokers. The cards may repeat as the
/// deck of ``rules`` holds them (``extra_suits``, RULES.md §11): two copies make a pair, five
/// cards of a rank five of a kind, and a flush may hold a pair. A joker (RULES.md §12) joins a
/// combination where it makes the pattern, as few jokers as it takes (:attr:`Combo.played`
/// shows what each stands for).
#[pyfunction]
#[pyo3(signature = (cards, category, rules = None), text_signature = "(cards, category, rules=None)")]
fn combos(
    cards: &Bound<'_, PyAny>,
    category: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyCombo>> {
    with_rules(rules, |r| {
        let hand = cards_in(cards, r.deck_spec())?;
        let category = category_arg(category)?;
        shisanshui::hints::combos(&hand, category, r).or_raise()
    })
    .map(|list| list.into_iter().map(PyCombo).collect())
}

/// A fixed lane: None (open) or cards, their error positions counted from the lane's first slot.
fn lane_arg(obj: Option<&Bound<'_, PyAny>>, slot: usize, deck: Deck) -> PyResult<Option<Vec<Card>>> {
    match obj.filter(|o| !o.is_none()) {
        None => Ok(None),
        Some(o) => cards_at_in(o, slot, deck).map(Some),
    }
}

/// The body of `Arranger.complete` (a method of `PyArranger` in `arrange.rs`).
pub fn complete(
    py: Python<'_>,
    arranger: &Arranger,
    cards: &Bound<'_, PyAny>,
    front: Option<&Bound<'_, PyAny>>,
    middle: Option<&Bound<'_, PyAny>>,
    back: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArranged> {
    let suits = arranger.rules().deck_spec();
    let hand = cards_in(cards, suits)?;
    let lanes = [lane_arg(front, 0, suits)?, lane_arg(middle, 3, suits)?, lane_arg(back, 8, suits)?];
    let fixed = FixedLanes { front: lanes[0].as_deref(), middle: lanes[1].as_deref(), back: lanes[2].as_deref() };
    py.detach(|| arranger.complete(&hand, &fixed)).or_raise().map(PyArranged)
}

/// Add `combos` and `Combo` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyCombo>()?;
    m.add_function(wrap_pyfunction!(combos, m)?)?;
    Ok(())
}
