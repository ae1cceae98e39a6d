//! Auto-arrangement (系统自动摆牌, RULES.md §7): the `Arranger` class, the free functions
//! `auto_arrange`, `suggest` and `special_advice`, and their results `Arranged`, `Suggestion`
//! and `SpecialAdvice`.
//!
//! An `Arranger` is made once per (rule set, table size, and at a banker table the seat's role:
//! `role="player"` or `"banker"`): making it builds the objective, every later call is only a
//! search, run with the GIL released. The free functions share arrangers
//! from the core's bounded cache (`set_arranger_cache_capacity`, `clear_arranger_cache`), so
//! calling them in a loop costs no more than keeping one. `Arranger(..., level="casual", seed=7)`
//! is a weaker bot (a `Level`), its choice a pure function of (seed, level, the cards as a set).

use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple, PyType};
use shisanshui::arrange::{Arranged, Arranger, Level, Role, SpecialAdvice, Suggestion, SuggestionKind};
use shisanshui::{ArrangerOptions, Card, Category, Error as CoreError, Preset, Rules};

use crate::card::cards_in;
use crate::deal::{index_arg, players_for, seed_arg};
use crate::enums;
use crate::errors::{invalid_argument, to_pyerr, OrRaise};
use crate::lanes::{arrangement_in, PyArrangement};
use crate::rules::{with_rules, PyRules};
use crate::settle::PyPlayerHand;
use crate::special;
use crate::text::utf8;

/// Seats assumed when `players` is not given: the standard full table.
const DEFAULT_PLAYERS: usize = 4;
/// Suggestions returned when `n` is not given.
const DEFAULT_SUGGESTIONS: usize = 3;

static SUGGESTION_KIND: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static LEVEL: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The `Level` member (a `str` enum of `_enums.py`) of a core level.
fn level_member(py: Python<'_>, level: Level) -> PyResult<Bound<'_, PyAny>> {
    LEVEL.import(py, "shisanshui._enums", "Level")?.call1((level.name(),))
}

/// A bot level: None (the best), or a `Level` member or its name (a plain str, any case); an
/// unknown name is an `InvalidArgumentError`, another type a `TypeError`.
fn level_arg(level: Option<&Bound<'_, PyAny>>) -> PyResult<Level> {
    let Some(obj) = level.filter(|o| !o.is_none()) else { return Ok(Level::Best) };
    match obj.cast::<PyString>() {
        Ok(s) => utf8(s)?.parse::<Level>().or_raise(),
        Err(_) => Err(PyTypeError::new_err(format!(
            "level must be a Level or one of 'beginner', 'casual', 'strong', 'best', not {}",
            obj.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))),
    }
}

/// The `SuggestionKind` member (a `str` enum of `_enums.py`) of a core kind.
fn kind_member(py: Python<'_>, kind: SuggestionKind) -> PyResult<Bound<'_, PyAny>> {
    let value = match kind {
        SuggestionKind::Best => "best",
        SuggestionKind::StrongestBack => "strongest_back",
        SuggestionKind::StrongestMiddle => "strongest_middle",
        SuggestionKind::Alternative => "alternative",
        // The core's enum is non_exhaustive: a new kind needs a member in _enums.py first.
        other => {
            return Err(PyTypeError::new_err(format!("suggestion kind {other:?} has no SuggestionKind member yet")))
        }
    };
    SUGGESTION_KIND.import(py, "shisanshui._enums", "SuggestionKind")?.call1((value,))
}

fn categories<'py>(py: Python<'py>, c: &[Category; 3]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, c.iter().map(|&c| enums::category(py, c)).collect::<PyResult<Vec<_>>>()?)
}

fn category_names(c: &[Category; 3]) -> String {
    c.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
}

/// An arrangement chosen by the engine (never a foul), with its lane categories and expected
/// water against the field.
#[pyclass(frozen, eq, module = "shisanshui", name = "Arranged")]
#[derive(Clone, PartialEq)]
pub struct PyArranged(pub Arranged);

#[pymethods]
impl PyArranged {
    /// The arrangement, its categories and expected water as dicts and lists (the JavaScript package's and ``sss --json``'s form).
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json_forms::dict(py, &crate::json_forms::arranged(&self.0))
    }

    /// :meth:`to_dict` as pretty-printed JSON text.
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_json(&self) -> String {
        crate::json_forms::text(&crate::json_forms::arranged(&self.0))
    }

    /// The three lanes, each listed highest card first.
    #[getter]
    fn arrangement(&self) -> PyArrangement {
        PyArrangement(self.0.arrangement)
    }

    /// The `Category` of the front, middle and back.
    #[getter]
    fn categories<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        categories(py, &self.0.categories)
    }

    /// Expected water against the field at this table (all opponents together); a float, so
    /// compare with a tolerance.
    #[getter]
    fn expected_water(&self) -> f64 {
        self.0.expected_water
    }

    /// `<Arranged 5c 4d 3s / … / …; high card, straight, full house; expected water 0.571>`.
    fn __repr__(&self) -> String {
        format!(
            "<Arranged {}; {}; expected water {:.3}>",
            self.0.arrangement,
            category_names(&self.0.categories),
            self.0.expected_water
        )
    }
}

/// One entry of a suggestion list (:func:`suggest`).
#[pyclass(frozen, eq, module = "shisanshui", name = "Suggestion")]
#[derive(Clone, PartialEq)]
pub struct PySuggestion(pub Suggestion);

#[pymethods]
impl PySuggestion {
    /// The suggestion as dicts and lists (the JavaScript package's and ``sss --json``'s form).
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json_forms::dict(py, &crate::json_forms::suggestion(&self.0))
    }

    /// :meth:`to_dict` as pretty-printed JSON text.
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_json(&self) -> String {
        crate::json_forms::text(&crate::json_forms::suggestion(&self.0))
    }

    /// Why it was suggested: a `SuggestionKind`.
    #[getter]
    fn kind<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        kind_member(py, self.0.kind)
    }

    /// The three lanes, each listed highest card first (never a foul).
    #[getter]
    fn arrangement(&self) -> PyArrangement {
        PyArrangement(self.0.arrangement)
    }

    /// The `Category` of the front, middle and back.
    #[getter]
    fn categories<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        categories(py, &self.0.categories)
    }

    /// Expected water against the field (a float).
    #[getter]
    fn expected_water(&self) -> f64 {
        self.0.expected_water
    }

    /// `<Suggestion best: 5c 4d 3s / … / …; high card, straight, full house; expected water 0.571>`.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let kind = kind_member(py, self.0.kind)?.getattr("value")?.str()?.to_string();
        Ok(format!(
            "<Suggestion {kind}: {}; {}; expected water {:.3}>",
            self.0.arrangement,
            category_names(&self.0.categories),
            self.0.expected_water
        ))
    }
}

/// Whether declaring a special (报到) beats the best lane play (:func:`special_advice`).
#[pyclass(frozen, eq, module = "shisanshui", name = "SpecialAdvice")]
#[derive(Clone, PartialEq)]
pub struct PySpecialAdvice(pub SpecialAdvice);

#[pymethods]
impl PySpecialAdvice {
    /// The advice as dicts and lists (the JavaScript package's and ``sss --json``'s form).
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json_forms::dict(py, &crate::json_forms::special_advice(&self.0))
    }

    /// :meth:`to_dict` as pretty-printed JSON text.
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_json(&self) -> String {
        crate::json_forms::text(&crate::json_forms::special_advice(&self.0))
    }

    /// The special the cards make (the highest the rule set enables), a `Special`.
    #[getter]
    fn special<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        special::member(py, self.0.special)
    }

    /// Expected water of declaring it (every other seat pays it, RULES.md §6).
    #[getter]
    fn declare_water(&self) -> f64 {
        self.0.declare_water
    }

    /// Expected water of the best lane arrangement instead.
    #[getter]
    fn lane_water(&self) -> f64 {
        self.0.lane_water
    }

    /// ``declare_water - lane_water`` (negative: the lanes are worth more).
    #[getter]
    fn advantage(&self) -> f64 {
        self.0.advantage()
    }

    /// Whether declaring is worth more than playing the lanes.
    #[getter]
    fn declare(&self) -> bool {
        self.0.declare()
    }

    /// The best lane arrangement, an `Arranged`.
    #[getter]
    fn best_lanes(&self) -> PyArranged {
        PyArranged(self.0.best_lanes)
    }

    /// `<SpecialAdvice DR 一条龙: declare (108.000 against lanes -1.492)>`.
    fn __repr__(&self) -> String {
        let a = &self.0;
        format!(
            "<SpecialAdvice {} {}: {} ({:.3} against lanes {:.3})>",
            a.special.id(),
            a.special.chinese_name(),
            if a.declare() { "declare" } else { "play the lanes" },
            a.declare_water,
            a.lane_water
        )
    }
}

/// The number of suggestions: an int; 0 reaches the core (which names it), a negative int is
/// reported the same way, and one past the largest index as out of range.
fn count_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    index_arg(obj, "n", |shown| {
        let negative = obj.lt(0).unwrap_or(false);
        invalid_argument(if negative {
            format!("asked for {shown} suggestions; n must be at least 1")
        } else {
            format!("asked for {shown} suggestions; n must be at most {}", usize::MAX)
        })
    })
}

/// The seats of a `players=` argument under `rules` (4 when not given); whether the arranger
/// plays that table is the core's check.
fn table_players(players: Option<&Bound<'_, PyAny>>, rules: &Rules) -> PyResult<usize> {
    match players {
        None => Ok(DEFAULT_PLAYERS),
        Some(p) => players_for(p, rules),
    }
}

/// A seat's role: None (an all-pairs table), or `"player"` / `"banker"` (a `Role` member or a
/// plain str, any case); an unknown name is an `InvalidArgumentError`, another type a
/// `TypeError`.
fn role_arg(role: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Role>> {
    let Some(obj) = role.filter(|o| !o.is_none()) else { return Ok(None) };
    match obj.cast::<PyString>() {
        Ok(s) => utf8(s)?.parse::<Role>().map(Some).or_raise(),
        Err(_) => Err(PyTypeError::new_err(format!(
            "role must be 'player', 'banker' or None, not {}",
            obj.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))),
    }
}

/// A banker table's seats are of two kinds: without `role=` the arranger cannot know which to
/// price, and the error says so in this API's terms (the core's names its Rust function).
fn check_role(rules: &Rules, role: Option<Role>) -> PyResult<()> {
    if role.is_none() && rules.table == shisanshui::Table::Banker {
        return Err(to_pyerr(CoreError::InvalidTable(
            "a banker table has two kinds of seat: say which with role='banker' or role='player' \
             (shisanshui.Role.BANKER / Role.PLAYER)"
                .into(),
        )));
    }
    Ok(())
}

/// An arranger for (rules, players, role), shared through the core's bounded cache.
fn shared(rules: &Rules, players: usize, role: Option<Role>) -> PyResult<Arc<Arranger>> {
    check_role(rules, role)?;
    match role {
        None => shisanshui::arrange::shared_arranger(rules, players),
        Some(role) => shisanshui::arrange::shared_arranger_for(rules, players, role),
    }
    .or_raise()
}

/// Bound the cache of arrangers that :func:`auto_arrange`, :func:`suggest` and
/// :func:`special_advice` share (one per rule set and table size in use, about 3 MB each) to
/// ``capacity`` arrangers, dropping the least recently used beyond it now; 0 keeps none (every
/// call then builds its own, up to about 20 ms). Returns the previous capacity; the default is
/// 16. An :class:`Arranger` you keep is not affected.
#[pyfunction]
fn set_arranger_cache_capacity(capacity: &Bound<'_, PyAny>) -> PyResult<usize> {
    let capacity = index_arg(capacity, "capacity", |shown| {
        invalid_argument(format!("cache capacity {shown} is out of range (0 to {})", usize::MAX))
    })?;
    Ok(shisanshui::arrange::set_cache_capacity(capacity))
}

/// The capacity of the shared arranger cache (see :func:`set_arranger_cache_capacity`).
#[pyfunction]
fn arranger_cache_capacity() -> usize {
    shisanshui::arrange::cache_capacity()
}

/// How many arrangers the shared cache holds now.
#[pyfunction]
fn arranger_cache_len() -> usize {
    shisanshui::arrange::cache_len()
}

/// Drop every arranger of the shared cache (its capacity stays).
#[pyfunction]
fn clear_arranger_cache() {
    shisanshui::arrange::clear_cache()
}

/// Arranges 13 cards for one rule set at one table size and seat (RULES.md §7).
///
/// ``Arranger(rules=None, players=4, role=None)``: ``rules`` is a :class:`Rules`, a preset name
/// or None for classic; ``players`` the seats at the table, 2 to ``rules.max_players`` (4 from one
/// deck, up to 8 with ``extra_suits``, RULES.md §11); ``role`` the seat at a banker table
/// (``rules.table == "banker"``, RULES.md §5a): ``"player"`` plays the banker alone,
/// ``"banker"`` plays every other seat (a :class:`Role` member or its name). At an all-pairs
/// table the role may be None or ``"player"``. ``level`` is the bot level (a :class:`Level` or
/// its name; default ``"best"``, the highest expected water) and ``seed`` (an int, 0 to
/// 2**64 - 1; default 0) seeds a lower level's draws: below ``"best"`` the arrangement is one of
/// the best of each lane-category combination, drawn so that it depends only on (seed, level,
/// the cards as a set); never a foul. :meth:`suggest` is the same at every level,
/// :meth:`special_advice` weighs declaring against the level's own lanes. The arranger keeps its own copy of the rules.
/// Making one builds the objective; every later call is only a search (run without the GIL), so
/// keep one per table and reuse it. Its hands may repeat cards as the rule set's deck holds them
/// (``extra_suits``). Raises ``InvalidTableError`` for a player count the deck does not seat
/// (naming both numbers), for a banker table without a role and for ``"banker"`` at an all-pairs
/// table;
/// ``InvalidArgumentError`` for an unknown role or level name or a seed out of range,
/// ``TypeError`` for a role or level that is not a str; ``UnknownPresetError``,
/// ``InvalidRulesError``.
#[pyclass(frozen, module = "shisanshui", name = "Arranger")]
pub struct PyArranger(Arc<Arranger>);

/// Run a search on 13 cards without the GIL (a search takes long enough for other Python
/// threads to use the time).
fn search<T: Send>(
    py: Python<'_>,
    arranger: &Arranger,
    hand: Vec<Card>,
    f: impl FnOnce(&Arranger, &[Card]) -> shisanshui::Result<T> + Send,
) -> PyResult<T> {
    py.detach(|| f(arranger, &hand)).or_raise()
}

fn suggestions(list: Vec<Suggestion>) -> Vec<PySuggestion> {
    list.into_iter().map(PySuggestion).collect()
}

/// The number of suggestions, `n` when not given.
fn suggestion_count(n: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    n.map_or(Ok(DEFAULT_SUGGESTIONS), count_arg)
}

impl PyArranger {
    /// A hand for this arranger: its cards may repeat as the rule set's deck holds them.
    fn hand(&self, cards: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
        cards_in(cards, self.0.rules().deck_spec())
    }
}

#[pymethods]
impl PyArranger {
    #[new]
    #[pyo3(
        signature = (rules = None, players = None, role = None, *, level = None, seed = None, card_removal = true),
        text_signature = "(rules=None, players=4, role=None, *, level='best', seed=0, card_removal=True)"
    )]
    fn new(
        rules: Option<&Bound<'_, PyAny>>,
        players: Option<&Bound<'_, PyAny>>,
        role: Option<&Bound<'_, PyAny>>,
        level: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        card_removal: bool,
    ) -> PyResult<Self> {
        let role = role_arg(role)?;
        let level = level_arg(level)?;
        let seed = seed.map_or(Ok(0), seed_arg)?;
        with_rules(rules, |r| {
            let players = table_players(players, r)?;
            check_role(r, role)?;
            // Past check_role, no role means every seat of an all-pairs table: a player's.
            let mut options = ArrangerOptions::new(players);
            options.role = role.unwrap_or(Role::Player);
            options.level = level;
            options.seed = seed;
            options.card_removal = card_removal;
            Ok(PyArranger(Arc::new(Arranger::with_options(r, &options).or_raise()?)))
        })
    }

    /// The same arranger with card removal on or off (the objective is shared, not rebuilt).
    #[pyo3(text_signature = "($self, on)")]
    fn with_card_removal(&self, on: bool) -> Self {
        PyArranger(Arc::new((*self.0).clone().with_card_removal(on)))
    }

    /// Whether card removal is on (``True`` unless made with ``card_removal=False``).
    #[getter]
    fn card_removal(&self) -> bool {
        self.0.card_removal()
    }

    /// The same arranger at another bot level and seed (the objective is shared, not rebuilt).
    #[pyo3(signature = (level, seed = None), text_signature = "($self, level, seed=0)")]
    fn with_level(&self, level: &Bound<'_, PyAny>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let level = level_arg(Some(level))?;
        let seed = seed.map_or(Ok(0), seed_arg)?;
        Ok(PyArranger(Arc::new((*self.0).clone().with_level(level, seed))))
    }

    /// The bot level, a :class:`Level` (``Level.BEST`` unless made weaker).
    #[getter]
    fn level<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        level_member(py, self.0.level())
    }

    /// The seed of the level's draws (0 unless given).
    #[getter]
    fn seed(&self) -> u64 {
        self.0.seed()
    }

    /// The seat's role, ``"player"`` or ``"banker"`` (``"player"`` at an all-pairs table).
    #[getter]
    fn role(&self) -> &'static str {
        self.0.role().name()
    }

    /// A copy of the rule set (changing it does not change the arranger).
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(self.0.rules().clone())
    }

    /// Seats at the table.
    #[getter]
    fn players(&self) -> usize {
        self.0.players()
    }

    /// The legal arrangement of 13 cards with the highest expected water (never a foul); below
    /// the best level, the level's draw. The answer does not depend on the order of the cards.
    fn arrange(&self, py: Python<'_>, cards: &Bound<'_, PyAny>) -> PyResult<PyArranged> {
        let hand = self.hand(cards)?;
        search(py, &self.0, hand, |a, h| a.arrange(h)).map(PyArranged)
    }

    /// Arrange many hands at once: ``hands`` is a NumPy ``uint8`` array of shape ``(n, 13)``
    /// (card codes, one hand per row); returns a ``uint8`` array of the same shape, each row the
    /// codes of :meth:`arrange`'s arrangement in lane order (front 3, middle 5, back 5, each
    /// lane highest first). ``threads``: 1 (default) or more, 0 for one per core; the answers do
    /// not depend on it. Runs without the GIL. Errors: ``BadCardCodeError``,
    /// ``DuplicateCardError`` with ``row`` (see :func:`evaluate_many`); needs NumPy.
    #[pyo3(signature = (hands, *, threads = None), text_signature = "($self, hands, *, threads=1)")]
    fn arrange_many<'py>(
        &self,
        py: Python<'py>,
        hands: &Bound<'py, PyAny>,
        threads: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, numpy::PyArray2<u8>>> {
        crate::batch::arrange_many(py, &self.0, hands, threads)
    }

    /// Up to ``n`` good arrangements with distinct lane categories: the best first (what
    /// :meth:`arrange` plays), then the best with the strongest back category, the best with
    /// the strongest middle category, then the best of other category combinations by expected
    /// water. ``n`` must be at least 1 (``InvalidArgumentError``).
    #[pyo3(signature = (cards, n = None), text_signature = "($self, cards, n=3)")]
    fn suggest(
        &self,
        py: Python<'_>,
        cards: &Bound<'_, PyAny>,
        n: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PySuggestion>> {
        let hand = self.hand(cards)?;
        let n = suggestion_count(n)?;
        search(py, &self.0, hand, |a, h| a.suggest(h, n)).map(suggestions)
    }

    /// When the 13 cards make a special the rules enable: its value if declared against the
    /// best lane play (a :class:`SpecialAdvice`). None when they make none.
    fn special_advice(&self, py: Python<'_>, cards: &Bound<'_, PyAny>) -> PyResult<Option<PySpecialAdvice>> {
        let hand = self.hand(cards)?;
        Ok(search(py, &self.0, hand, |a, h| a.special_advice(h))?.map(PySpecialAdvice))
    }

    /// The seat a good player puts on the table with these 13 cards (a :class:`PlayerHand` for
    /// :func:`settle`): the special they make, declared (报到, RULES.md §6), where
    /// :meth:`special_advice` says declaring is worth more than the lanes; the lanes of
    /// :meth:`arrange` otherwise. Errors: as :meth:`arrange`.
    fn play(&self, py: Python<'_>, cards: &Bound<'_, PyAny>) -> PyResult<PyPlayerHand> {
        let hand = self.hand(cards)?;
        search(py, &self.0, hand, |a, h| a.play(h)).map(PyPlayerHand)
    }

    /// Expected water of any arrangement (an :class:`Arrangement`, its text, or 13 cards in
    /// lane order) against this arranger's field; a foul is priced as losing every lane to
    /// every opponent.
    fn expected_water(&self, arrangement: &Bound<'_, PyAny>) -> PyResult<f64> {
        let deck = self.0.rules().deck_spec();
        let a = arrangement_in(arrangement, deck)?;
        crate::lanes::check_jokers(&a, deck)?;
        Ok(self.0.expected_water(&a))
    }

    /// The best legal arrangement of 13 cards that keeps the lanes fixed by hand (``front``: 3
    /// cards, ``middle`` / ``back``: 5, each None when open), by this arranger's expected water:
    /// the other cards are placed in the open lanes in every possible way, fouls skipped. With
    /// no lane fixed this is :meth:`arrange`. Raises ``CardNotInHandError`` for a fixed card the
    /// hand lacks, ``DuplicateCardError`` for one fixed twice (positions are lane slots: front
    /// 0-2, middle 3-7, back 8-12), ``WrongCardCountError`` for a lane of the wrong size, and
    /// ``NoLegalArrangementError`` when every completion fouls.
    #[pyo3(
        signature = (cards, front = None, middle = None, back = None),
        text_signature = "($self, cards, front=None, middle=None, back=None)"
    )]
    fn complete(
        &self,
        py: Python<'_>,
        cards: &Bound<'_, PyAny>,
        front: Option<&Bound<'_, PyAny>>,
        middle: Option<&Bound<'_, PyAny>>,
        back: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyArranged> {
        crate::hints::complete(py, &self.0, cards, front, middle, back)
    }

    /// `<Arranger classic, 4 players>` (`custom rules` when the rules are no preset), with
    /// `, casual, seed 7` below the best level and `, no card removal` with card removal off.
    fn __repr__(&self) -> String {
        let rules = self.0.rules();
        let name = Preset::ALL.into_iter().find(|&p| Rules::preset(p) == *rules).map_or("custom rules", |p| p.name());
        let mut level = match self.0.level() {
            Level::Best => String::new(),
            l => format!(", {l}, seed {}", self.0.seed()),
        };
        if !self.0.card_removal() {
            level += ", no card removal";
        }
        match rules.table {
            shisanshui::Table::Banker => {
                format!("<Arranger {name}, banker table of {} players, {}{level}>", self.0.players(), self.0.role())
            }
            _ => format!("<Arranger {name}, {} players{level}>", self.0.players()),
        }
    }
}

/// Arrange 13 cards: the legal arrangement with the highest expected water against the field
/// at a table of ``players`` seats under ``rules`` (a :class:`Rules`, a preset name, or None for
/// classic). Never a foul. Same as ``Arranger(rules, players, role).arrange(cards)``, with the
/// arranger shared between calls (``role``: the seat at a banker table, see :class:`Arranger`).
#[pyfunction]
#[pyo3(
    signature = (cards, rules = None, players = None, role = None),
    text_signature = "(cards, rules=None, players=4, role=None)"
)]
fn auto_arrange(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    role: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArranged> {
    let (hand, a) = with_rules(rules, |r| {
        let hand = cards_in(cards, r.deck_spec())?;
        let players = table_players(players, r)?;
        Ok((hand, shared(r, players, role_arg(role)?)?))
    })?;
    search(py, &a, hand, |a, h| a.arrange(h)).map(PyArranged)
}

/// Up to ``n`` distinct good arrangements of 13 cards for a 推荐牌型 button (see
/// :meth:`Arranger.suggest`); the first is what :func:`auto_arrange` plays.
#[pyfunction]
#[pyo3(
    signature = (cards, rules = None, n = None, players = None, role = None),
    text_signature = "(cards, rules=None, n=3, players=4, role=None)"
)]
fn suggest(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    n: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    role: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PySuggestion>> {
    let (hand, n, a) = with_rules(rules, |r| {
        let hand = cards_in(cards, r.deck_spec())?;
        let players = table_players(players, r)?;
        let n = suggestion_count(n)?;
        Ok((hand, n, shared(r, players, role_arg(role)?)?))
    })?;
    search(py, &a, hand, |a, h| a.suggest(h, n)).map(suggestions)
}

/// Whether declaring the special that 13 cards make beats the best lane play (a
/// :class:`SpecialAdvice`), or None when they make no special the rules enable.
#[pyfunction]
#[pyo3(
    signature = (cards, rules = None, players = None, role = None),
    text_signature = "(cards, rules=None, players=4, role=None)"
)]
fn special_advice(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    role: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<PySpecialAdvice>> {
    let (hand, a) = with_rules(rules, |r| {
        let hand = cards_in(cards, r.deck_spec())?;
        let players = table_players(players, r)?;
        Ok((hand, shared(r, players, role_arg(role)?)?))
    })?;
    Ok(search(py, &a, hand, |a, h| a.special_advice(h))?.map(PySpecialAdvice))
}

/// The seat a good player puts on the table with 13 cards (a :class:`PlayerHand`): the special
/// declared where that is worth more than the lanes, the best lanes otherwise. Same as
/// ``Arranger(rules, players, role).play(cards)``, with the arranger shared between calls.
#[pyfunction]
#[pyo3(
    signature = (cards, rules = None, players = None, role = None),
    text_signature = "(cards, rules=None, players=4, role=None)"
)]
fn play(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    role: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyPlayerHand> {
    let (hand, a) = with_rules(rules, |r| {
        let hand = cards_in(cards, r.deck_spec())?;
        let players = table_players(players, r)?;
        Ok((hand, shared(r, players, role_arg(role)?)?))
    })?;
    search(py, &a, hand, |a, h| a.play(h)).map(PyPlayerHand)
}

/// Add the arrangement classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyArranger>()?;
    m.add_class::<PyArranged>()?;
    m.add_class::<PySuggestion>()?;
    m.add_class::<PySpecialAdvice>()?;
    m.add_function(wrap_pyfunction!(auto_arrange, m)?)?;
    m.add_function(wrap_pyfunction!(suggest, m)?)?;
    m.add_function(wrap_pyfunction!(special_advice, m)?)?;
    m.add_function(wrap_pyfunction!(play, m)?)?;
    m.add_function(wrap_pyfunction!(set_arranger_cache_capacity, m)?)?;
    m.add_function(wrap_pyfunction!(arranger_cache_capacity, m)?)?;
    m.add_function(wrap_pyfunction!(arranger_cache_len, m)?)?;
    m.add_function(wrap_pyfunction!(clear_arranger_cache, m)?)?;
    Ok(())
}
