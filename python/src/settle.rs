//! Settling a round (RULES.md §4–§6, §9 ranked): `PlayerHand`, `settle`, `Settlement` and the
//! records it is read through (`SeatResult`, `PairResult`, `LaneResult`, `Shot`,
//! `SpecialPayment`, `Event`).
//!
//! Water is exact: every amount of water is a `fractions.Fraction` (whole water compares equal
//! to its int), and `totals_units` gives the totals as integer units of 1/840 of a point
//! (`WATER_DENOMINATOR`: 840 = lcm(1..8), so a ranked special shared among up to 8 normal
//! players is always a whole number of units).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple, PyType};
use shisanshui::settle::{
    Event, LaneResult, PairKind, PairResult, PlayerHand, SeatResult, Settlement, Settler, Shot, SpecialPayment, Water,
    MAX_SEATS,
};
use shisanshui::{Arrangement, Special};

use crate::card::{cards_in, PyCard};
use crate::deal::int_arg;
use crate::enums;
use crate::errors::OrRaise;
use crate::lanes::{arrangement_in, lanes_in, rules_suffix, suits_of, PyArrangement, PyArrangementEval};
use crate::money::{money_args, too_many_seats, PyMoneyResult};
use crate::rules::with_rules;
use crate::special::member;
use crate::text::utf8;

static FRACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Water as a `fractions.Fraction`.
pub fn fraction(py: Python<'_>, w: Water) -> PyResult<Bound<'_, PyAny>> {
    FRACTION.import(py, "fractions", "Fraction")?.call1((w.numer(), w.denom()))
}

fn fractions<'py>(py: Python<'py>, ws: &[Water]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, ws.iter().map(|&w| fraction(py, w)).collect::<PyResult<Vec<_>>>()?)
}

fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type().name().map(|n| n.to_string()).unwrap_or_default()
}

/// A special from a `Special` member (a `str`) or its id / English / Chinese name.
fn special_in(obj: &Bound<'_, PyAny>) -> PyResult<Special> {
    let s = obj.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!("a special must be a Special or its name, not {}", type_name(obj)))
    })?;
    utf8(s)?.parse().or_raise()
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/// What one seat puts on the table: three lanes, or a declared special (报到) with its 13 cards.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "PlayerHand")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPlayerHand(pub PlayerHand);

#[pymethods]
impl PyPlayerHand {
    /// The seat (what settle reads back) as dicts and lists (the JavaScript package's and ``sss --json``'s form).
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::json_forms::dict(py, &crate::json_forms::seat(&self.0))
    }

    /// :meth:`to_dict` as pretty-printed JSON text.
    #[allow(clippy::wrong_self_convention)] // a Python method takes &self, Copy or not
    fn to_json(&self) -> String {
        crate::json_forms::text(&crate::json_forms::seat(&self.0))
    }

    /// Three lanes: one argument (an `Arrangement`, its text `"front / middle / back"`, or 13
    /// cards in lane order) or three (front, middle, back). Lanes of the wrong size raise
    /// `WrongCardCountError`; whether it fouls is the engine's to say when settling. Cards may
    /// repeat as the deck of `rules` holds them (its `extra_suits`, RULES.md §11).
    #[staticmethod]
    #[pyo3(signature = (front, middle = None, back = None, *, rules = None))]
    fn arranged(
        front: &Bound<'_, PyAny>,
        middle: Option<&Bound<'_, PyAny>>,
        back: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let suits = suits_of(rules)?;
        let a =
            match (middle, back) {
                (None, None) => arrangement_in(front, suits)?,
                (Some(m), Some(b)) => lanes_in(front, m, b, suits)?,
                _ => return Err(PyTypeError::new_err(
                    "PlayerHand.arranged() takes one argument (the whole arrangement) or three (front, middle, back)",
                )),
            };
        Ok(PyPlayerHand(PlayerHand::Arranged(a)))
    }

    /// A declared special (a `Special` or its id / name) with the seat's 13 cards: distinct, or
    /// repeating as the deck of `rules` holds them (its `extra_suits`, RULES.md §11). Whether the
    /// cards make it and the rules enable it is checked when settling (`SpecialNotAllowedError`).
    #[staticmethod]
    #[pyo3(signature = (special, cards, *, rules = None))]
    fn declare(
        special: &Bound<'_, PyAny>,
        cards: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let s = special_in(special)?;
        let suits = suits_of(rules)?;
        PlayerHand::special_in(s, &cards_in(cards, suits)?, suits).or_raise().map(PyPlayerHand)
    }

    /// `'arranged'` or `'special'`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            PlayerHand::Arranged(_) => "arranged",
            PlayerHand::Special { .. } => "special",
        }
    }

    /// The lanes, for an arranged hand; else None.
    #[getter]
    fn arrangement(&self) -> Option<PyArrangement> {
        match self.0 {
            PlayerHand::Arranged(a) => Some(PyArrangement(a)),
            PlayerHand::Special { .. } => None,
        }
    }

    /// The declared `Special`; None for an arranged hand.
    #[getter]
    fn special<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.0 {
            PlayerHand::Special { special, .. } => member(py, special).map(Some),
            PlayerHand::Arranged(_) => Ok(None),
        }
    }

    /// The seat's 13 cards (lane order for an arranged hand).
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.cards().iter().map(|&c| PyCard(c)))
    }

    /// `PlayerHand.arranged('…')` or `PlayerHand.declare('SP', '…')`, with the `rules=` of a deck
    /// that holds the cards when they repeat (RULES.md §11).
    fn __repr__(&self) -> String {
        let rules = rules_suffix(&self.0.cards());
        match &self.0 {
            PlayerHand::Arranged(a) => format!("PlayerHand.arranged('{a}'{rules})"),
            PlayerHand::Special { special, cards } => {
                format!("PlayerHand.declare('{}', '{}'{rules})", special.id(), shisanshui::format_cards(cards))
            }
        }
    }
}

/// A seat from a `PlayerHand`, an `Arrangement`, an `Arranged` (the arranger's lanes) or
/// arrangement text (read against the rule set's deck; the settler checks the cards of the
/// whole table against it).
fn hand_in(obj: &Bound<'_, PyAny>, deck: shisanshui::Deck) -> PyResult<PlayerHand> {
    if let Ok(h) = obj.cast::<PyPlayerHand>() {
        return Ok(h.get().0.clone());
    }
    if let Ok(a) = obj.cast::<crate::arrange::PyArranged>() {
        return Ok(PlayerHand::from(a.get().0));
    }
    if let Ok(a) = obj.cast::<PyArrangement>() {
        return Ok(PlayerHand::Arranged(a.get().0));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Arrangement::parse_in(&utf8(s)?, deck).or_raise().map(PlayerHand::Arranged);
    }
    Err(PyTypeError::new_err(format!(
        "a seat must be a PlayerHand, an Arrangement, an Arranged or arrangement text, not {}",
        type_name(obj)
    )))
}

fn hands_in(hands: &Bound<'_, PyAny>, deck: shisanshui::Deck) -> PyResult<Vec<PlayerHand>> {
    // A str is iterable too, but never a table.
    if hands.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "hands must be a sequence of seats (PlayerHand, Arrangement or text), not str",
        ));
    }
    let iter = hands
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("hands must be a sequence of seats, not {}", type_name(hands))))?;
    let mut out = Vec::new();
    for item in iter {
        // Past the most seats a table has, the rest is not read (the iterable may be endless).
        if out.len() == MAX_SEATS {
            return Err(too_many_seats(hands));
        }
        out.push(hand_in(&item?, deck)?);
    }
    Ok(out)
}

/// Settle one round: `hands` in seat order (2 to `rules.max_players` `PlayerHand`,
/// `Arrangement` or arrangement text: 4 from one deck, up to 8 with `extra_suits`, RULES.md
/// §11) under a rule set (a `Rules`, a preset name, or None for classic). `banker` is the
/// banker's seat of a banker-mode round (`rules.table` is `Table.BANKER`, RULES.md §5a: only the
/// pairs with the banker are settled), None when the rules settle all pairs.
///
/// Everything is checked before anything is settled: `InvalidTableError` (a seat count the
/// deck does not deal to, naming both numbers; at most 9 items of `hands` are read),
/// `DuplicateCardError` (a card used twice at the table that the deck holds once; `position`
/// counted across the table as `seat × 13 + index`), `TooManyCopiesError` (a third copy of a
/// card of an extra suit), `SpecialNotAllowedError` (a declared special the cards do not make
/// or the rules do not enable), and `InvalidTableError` for banker mode without a banker seat,
/// a banker seat not at the table, or a banker seat under all pairs (`TypeError` for a banker
/// that is not an int).
#[pyfunction]
#[pyo3(signature = (hands, rules = None, banker = None))]
fn settle(
    hands: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    banker: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySettlement> {
    let banker = match banker.filter(|b| !b.is_none()) {
        None => None,
        // A negative or huge int is no seat: the engine's own out-of-table error, with usize::MAX.
        Some(b) => Some(crate::deal::int_arg(b, "banker")?.extract::<usize>().unwrap_or(usize::MAX)),
    };
    with_rules(rules, |r| {
        let hands = hands_in(hands, r.deck_spec())?;
        if r.table == shisanshui::Table::Banker && banker.is_none() {
            return Err(crate::errors::invalid_table(
                "the rules are in banker mode (table = banker): name the banker seat with settle(..., banker=seat)"
                    .into(),
            ));
        }
        let settlement = Settler::new(r).and_then(|s| s.settle_with_banker(&hands, banker)).or_raise()?;
        // The lanes as the seats played them (RULES.md §12: the card each joker stands for).
        let played = hands
            .iter()
            .map(|h| match h {
                PlayerHand::Arranged(a) => Some(PyArrangementEval::of(a, r).played),
                PlayerHand::Special { .. } => None,
            })
            .collect();
        Ok(PySettlement(settlement, played))
    })
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

/// A settled round: per-seat totals, the pairwise matrix, every pair with its lanes, shots,
/// home runs and specials, and the events a client animates.
#[pyclass(frozen, eq, module = "shisanshui", name = "Settlement")]
#[derive(Clone, PartialEq, Eq)]
pub struct PySettlement(pub Settlement, Vec<Option<Arrangement>>);

#[pymethods]
impl PySettlement {
    /// How the round was scored (`ScoringMode`).
    #[getter]
    fn mode<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        enums::scoring(py, self.0.mode)
    }

    /// The banker seat of a banker-mode round (RULES.md §5a), or None when every pair was
    /// settled.
    #[getter]
    fn banker(&self) -> Option<usize> {
        self.0.banker
    }

    /// Number of seats.
    #[getter]
    fn seat_count(&self) -> usize {
        self.0.seat_count()
    }

    /// Each seat's result (positive: received) as a `Fraction`; they sum to zero.
    #[getter]
    fn totals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        fractions(py, &self.0.totals)
    }

    /// Each seat's result in units of 1/840 of a water point (`WATER_DENOMINATOR`; exact
    /// integers, what `settle_many` returns).
    #[getter]
    fn totals_units<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.totals.iter().map(|w| w.units()))
    }

    /// `matrix[i][j]`: what seat `i` receives from seat `j` (negative: pays).
    #[getter]
    fn matrix<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.matrix.iter().map(|row| fractions(py, row)).collect::<PyResult<Vec<_>>>()?)
    }

    /// What each seat played, with its total.
    #[getter]
    fn seats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let seats = self.0.seats.iter().zip(&self.0.totals).zip(&self.1);
        PyTuple::new(py, seats.map(|((&r, &t), &played)| PySeatResult(r, t, played)))
    }

    /// Every settled pair `(i, j)`, `i < j`, in the order (0,1), (0,2), …: all of them, or in
    /// banker mode the pairs with the banker.
    #[getter]
    fn pairs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.pairs.iter().map(|&p| PyPairResult(p)))
    }

    /// The pair of seats `a` and `b` (either order), or None (also for a seat that is not at
    /// the table, negative or huge included).
    fn pair(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<Option<PyPairResult>> {
        // An int that fits no index is no seat either.
        let (a, b) = (int_arg(a, "a")?.extract::<usize>().ok(), int_arg(b, "b")?.extract::<usize>().ok());
        Ok(a.zip(b).and_then(|(a, b)| self.0.pair(a, b)).map(|&p| PyPairResult(p)))
    }

    /// The banker (banker mode), fouls and specials by seat, then shots by pair, then the home
    /// run.
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.0.events.iter().map(|&e| PyEvent(e)))
    }

    /// Ranked mode: the water `t` of a lane win in the front, middle and back; else None.
    #[getter]
    fn ranked_lane_water(&self) -> Option<(u32, u32, u32)> {
        self.0.ranked_lane_water.map(|[f, m, b]| (f, m, b))
    }

    /// The seat that shot every other seat (全垒打), or None.
    #[getter]
    fn home_run_seat(&self) -> Option<usize> {
        self.0.events.iter().find_map(|e| match *e {
            Event::HomeRun { seat, .. } => Some(seat),
            _ => None,
        })
    }

    /// The whole settlement as pretty-printed JSON (water as `{"num": n, "den": d}`).
    fn to_json(&self) -> String {
        self.0.to_json()
    }

    /// The JSON form as dicts and lists.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.0.to_json(),))
    }

    /// The round in money (RULES.md §8): see `settle_money`.
    #[pyo3(signature = (base, carries = None, rake = None))]
    fn money(
        &self,
        base: &Bound<'_, PyAny>,
        carries: Option<&Bound<'_, PyAny>>,
        rake: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyMoneyResult> {
        let stakes = money_args(self.0.totals.len(), base, carries, rake)?;
        shisanshui::money::settle_money(&self.0.totals, &stakes).or_raise().map(PyMoneyResult)
    }

    fn __repr__(&self) -> String {
        let totals: Vec<String> = self.0.totals.iter().map(|w| w.to_string()).collect();
        let mode = match self.0.mode {
            shisanshui::ScoringMode::Ranked => "ranked",
            _ => "pairwise",
        };
        format!("<Settlement {mode}; totals {}; {} events>", totals.join(", "), self.0.events.len())
    }
}

/// What one seat played and its total.
#[pyclass(frozen, eq, module = "shisanshui", name = "SeatResult")]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PySeatResult(SeatResult, Water, Option<Arrangement>);

#[pymethods]
impl PySeatResult {
    /// `'arranged'` or `'special'`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            SeatResult::Special { .. } => "special",
            _ => "arranged",
        }
    }

    /// Lane ranks and the engine's foul check, for an arranged seat, with the lanes as played
    /// (`ArrangementEval.played`: the card each joker stood for, RULES.md §12); else None.
    #[getter]
    fn eval(&self) -> Option<PyArrangementEval> {
        match (self.0, self.2) {
            (SeatResult::Arranged { eval }, Some(played)) => Some(PyArrangementEval { eval, played }),
            _ => None,
        }
    }

    /// Whether the seat played lanes and fouled (倒水).
    #[getter]
    fn is_foul(&self) -> bool {
        self.0.is_foul()
    }

    /// The declared `Special`, or None.
    #[getter]
    fn special<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.special().map(|s| member(py, s)).transpose()
    }

    /// The declared special's water under the rule set, or None.
    #[getter]
    fn special_water(&self) -> Option<u32> {
        match self.0 {
            SeatResult::Special { water, .. } => Some(water),
            _ => None,
        }
    }

    /// The seat's result for the round (a `Fraction`).
    #[getter]
    fn total<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.1)
    }

    fn __repr__(&self) -> String {
        let what = match self.0 {
            SeatResult::Special { special, water } => format!("special {} ({water})", special.id()),
            SeatResult::Arranged { eval } if eval.foul.is_foul() => "foul".to_string(),
            _ => "lanes".to_string(),
        };
        format!("<SeatResult {what}; total {}>", self.1)
    }
}

/// One lane of one pair.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "LaneResult")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyLaneResult(LaneResult);

#[pymethods]
impl PyLaneResult {
    /// `'front'`, `'middle'` or `'back'`.
    #[getter]
    fn lane(&self) -> &'static str {
        self.0.lane.name()
    }

    /// The seat that won the lane; None for a tie or two fouled seats.
    #[getter]
    fn winner(&self) -> Option<usize> {
        self.0.winner
    }

    /// Water the loser pays for this lane before any shot (pairwise: the winner's own hand's
    /// value; ranked: the lane's `t`); 0 without a winner.
    #[getter]
    fn water(&self) -> u32 {
        self.0.water
    }

    /// The `Category` of the winning hand, or None.
    #[getter]
    fn hand<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.hand.map(|c| enums::category(py, c)).transpose()
    }

    fn __repr__(&self) -> String {
        match self.0.winner {
            Some(w) => format!("<LaneResult {}: seat {w} wins {}>", self.0.lane.name(), self.0.water),
            None => format!("<LaneResult {}: no winner>", self.0.lane.name()),
        }
    }
}

/// A shot (打枪) within a pair.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "Shot")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyShot(Shot);

#[pymethods]
impl PyShot {
    /// Who shot.
    #[getter]
    fn shooter(&self) -> usize {
        self.0.shooter
    }

    /// Who was shot.
    #[getter]
    fn victim(&self) -> usize {
        self.0.victim
    }

    /// The lane water the shooter won (what the pair moved before the shot).
    #[getter]
    fn lane_water(&self) -> i64 {
        self.0.lane_water
    }

    /// What the victim pays after the shot: `lane_water × shoot_multiplier + shoot_bonus`.
    #[getter]
    fn value(&self) -> i64 {
        self.0.value
    }

    fn __repr__(&self) -> String {
        let s = &self.0;
        format!("<Shot {} -> {}: {} -> {}>", s.shooter, s.victim, s.lane_water, s.value)
    }
}

/// A pair settled by a special.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "SpecialPayment")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PySpecialPayment(SpecialPayment);

#[pymethods]
impl PySpecialPayment {
    /// The seat that is paid; None when two equal specials tie.
    #[getter]
    fn winner(&self) -> Option<usize> {
        self.0.winner
    }

    /// The `Special` that is paid, or None.
    #[getter]
    fn special<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.special.map(|s| member(py, s)).transpose()
    }

    /// What the winner receives (ranked: `w / p`, maybe a fraction).
    #[getter]
    fn water<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.0.water)
    }

    fn __repr__(&self) -> String {
        match (self.0.winner, self.0.special) {
            (Some(w), Some(s)) => format!("<SpecialPayment seat {w} paid {} for {}>", self.0.water, s.id()),
            _ => "<SpecialPayment tie>".to_string(),
        }
    }
}

/// The settlement of one pair of seats; every signed amount is from `seats[0]`'s side.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "PairResult")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPairResult(PairResult);

#[pymethods]
impl PyPairResult {
    /// The two seats, lower first.
    #[getter]
    fn seats(&self) -> (usize, usize) {
        (self.0.seats[0], self.0.seats[1])
    }

    /// `'lanes'`, `'one_fouled'`, `'both_fouled'`, `'special_vs_normal'` or
    /// `'special_vs_special'`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0.kind {
            PairKind::Lanes => "lanes",
            PairKind::OneFouled => "one_fouled",
            PairKind::BothFouled => "both_fouled",
            PairKind::SpecialVsNormal => "special_vs_normal",
            PairKind::SpecialVsSpecial => "special_vs_special",
            _ => "unknown",
        }
    }

    /// Front, middle and back, when lanes were compared; else None.
    #[getter]
    fn lanes<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.0.lanes.map(|l| PyTuple::new(py, l.iter().map(|&r| PyLaneResult(r)))).transpose()
    }

    /// Net lane water from `seats[0]`'s side, majority bonus included, before any shot or home
    /// run.
    #[getter]
    fn lane_water(&self) -> i64 {
        self.0.lane_water
    }

    /// The majority bonus (2-4 scoring) as `(winner seat, water)`, when the rules pay one and
    /// one seat won more lanes than the other; else None.
    #[getter]
    fn majority(&self) -> Option<(usize, u32)> {
        self.0.majority.map(|m| (m.winner, m.water))
    }

    /// The shot, if one seat shot the other.
    #[getter]
    fn shot(&self) -> Option<PyShot> {
        self.0.shot.map(PyShot)
    }

    /// What the victim pays after a home run (全垒打), if the shot is part of one.
    #[getter]
    fn home_run(&self) -> Option<i64> {
        self.0.home_run.map(|h| h.value)
    }

    /// The special payment, for a pair settled by a special.
    #[getter]
    fn special(&self) -> Option<PySpecialPayment> {
        self.0.special.map(PySpecialPayment)
    }

    /// What `seats[0]` receives from `seats[1]` in the end (a `Fraction`).
    #[getter]
    fn water<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.0.water)
    }

    fn __repr__(&self) -> String {
        let [a, b] = self.0.seats;
        format!("<PairResult ({a}, {b}) {}: {}>", self.kind(), self.0.water)
    }
}

/// Something worth showing, in the order a client animates it.
#[pyclass(frozen, eq, hash, module = "shisanshui", name = "Event")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyEvent(Event);

#[pymethods]
impl PyEvent {
    /// `'banker'`, `'foul'`, `'special'`, `'shot'` or `'home_run'`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            Event::Foul { .. } => "foul",
            Event::Special { .. } => "special",
            Event::Shot { .. } => "shot",
            Event::HomeRun { .. } => "home_run",
            Event::Banker { .. } => "banker",
            _ => "unknown",
        }
    }

    /// The seat that fouled, declared, shot, made the home run, or is the banker.
    #[getter]
    fn seat(&self) -> Option<usize> {
        match self.0 {
            Event::Foul { seat, .. }
            | Event::Special { seat, .. }
            | Event::HomeRun { seat, .. }
            | Event::Banker { seat } => Some(seat),
            Event::Shot { shooter, .. } => Some(shooter),
            _ => None,
        }
    }

    /// A shot's victim; else None.
    #[getter]
    fn victim(&self) -> Option<usize> {
        match self.0 {
            Event::Shot { victim, .. } => Some(victim),
            _ => None,
        }
    }

    /// A shot: what the victim pays (before any home run). A home run: what the victims pay
    /// together. Else None.
    #[getter]
    fn value(&self) -> Option<i64> {
        match self.0 {
            Event::Shot { value, .. } | Event::HomeRun { value, .. } => Some(value),
            _ => None,
        }
    }

    /// A special: the declared `Special`; else None.
    #[getter]
    fn special<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.0 {
            Event::Special { special, .. } => member(py, special).map(Some),
            _ => Ok(None),
        }
    }

    /// A foul: whether the front beats the middle; else None.
    #[getter]
    fn front_over_middle(&self) -> Option<bool> {
        match self.0 {
            Event::Foul { foul, .. } => Some(foul.front_over_middle),
            _ => None,
        }
    }

    /// A foul: whether the middle beats the back; else None.
    #[getter]
    fn middle_over_back(&self) -> Option<bool> {
        match self.0 {
            Event::Foul { foul, .. } => Some(foul.middle_over_back),
            _ => None,
        }
    }

    fn __repr__(&self) -> String {
        match self.0 {
            Event::Foul { seat, foul } => format!("<Event foul seat {seat} (bits {})>", foul.bits()),
            Event::Special { seat, special } => format!("<Event special seat {seat} {}>", special.id()),
            Event::Shot { shooter, victim, value } => format!("<Event shot {shooter} -> {victim}: {value}>"),
            Event::HomeRun { seat, value } => format!("<Event home_run seat {seat}: {value}>"),
            Event::Banker { seat } => format!("<Event banker seat {seat}>"),
            _ => "<Event>".to_string(),
        }
    }
}

/// Add the settlement classes, `settle` and `WATER_DENOMINATOR` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPlayerHand>()?;
    m.add_class::<PySettlement>()?;
    m.add_class::<PySeatResult>()?;
    m.add_class::<PyPairResult>()?;
    m.add_class::<PyLaneResult>()?;
    m.add_class::<PyShot>()?;
    m.add_class::<PySpecialPayment>()?;
    m.add_class::<PyEvent>()?;
    m.add_function(wrap_pyfunction!(settle, m)?)?;
    m.add("WATER_DENOMINATOR", Water::DENOMINATOR)?;
    Ok(())
}
