//! House-rule analytics: `simulate(...)`, many seeded rounds with the arranger at every seat
//! (the core's `simulate::run`), and its `SimResult`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use shisanshui::settle::MAX_SEATS;
use shisanshui::simulate::{run, Policy, SimConfig, SimReport};
use shisanshui::Error as CoreError;

use crate::deal::{index_arg, int_arg, players_for};
use crate::errors::{invalid_argument, to_pyerr, OrRaise};
use crate::money::money_args;
use crate::rules::with_rules;

/// What a simulation saw (see :func:`simulate`). The figures are attributes; :meth:`to_dict`
/// and :meth:`to_json` give all of them, in the format ``sss simulate --json`` writes.
#[pyclass(frozen, module = "shisanshui", name = "SimResult")]
pub struct PySimResult {
    report: SimReport,
    json: String,
}

impl PySimResult {
    fn part<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        self.to_dict(py)?.get_item(key)
    }
}

#[pymethods]
impl PySimResult {
    /// Rounds played.
    #[getter]
    fn rounds(&self) -> u64 {
        self.report.rounds
    }

    /// Seats at the table.
    #[getter]
    fn players(&self) -> usize {
        self.report.players
    }

    /// The seed of the deals.
    #[getter]
    fn seed(&self) -> u64 {
        self.report.seed
    }

    /// Hands played (rounds × players).
    #[getter]
    fn hands(&self) -> u64 {
        self.report.hands
    }

    /// Who played each seat: ``'arranger'``, ``'greedy'`` or ``'product'``.
    #[getter]
    fn policies(&self) -> Vec<&'static str> {
        self.report.policies.iter().map(|p| p.name()).collect()
    }

    /// Hands that declared a special.
    #[getter]
    fn declared(&self) -> u64 {
        self.report.declared
    }

    /// Hands that fouled.
    #[getter]
    fn fouls(&self) -> u64 {
        self.report.fouls
    }

    /// Shots (one per shooter and victim).
    #[getter]
    fn shots(&self) -> u64 {
        self.report.shots
    }

    /// Rounds with a home run.
    #[getter]
    fn home_runs(&self) -> u64 {
        self.report.home_runs
    }

    /// Per special the rule set enables (by id, highest first): ``{"water", "made",
    /// "declared", "made_rate", "declared_rate"}``.
    #[getter]
    fn specials<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for s in self.part(py, "specials")?.try_iter()? {
            let s = s?;
            let id = s.get_item("special")?;
            s.del_item("special")?;
            out.set_item(id, s)?;
        }
        Ok(out)
    }

    /// Each seat's water per round: the mean of each seat.
    #[getter]
    fn seat_means(&self) -> Vec<f64> {
        self.report.seats.iter().map(|s| s.summary.mean).collect()
    }

    /// Every seat's water per round together: ``{"count", "mean", "sd", "ci95", "mean_abs",
    /// "quantiles", "histogram"}``.
    #[getter]
    fn water<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.part(py, "water")
    }

    /// The water that changed hands per round, as :attr:`water`.
    #[getter]
    fn swing<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.part(py, "swing")
    }

    /// The money figures (per seat, rake and the house's share per round, totals) when stakes
    /// were given; else None.
    #[getter]
    fn money<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.part(py, "money")
    }

    /// The mean rake per round in minor units, when stakes were given; else None.
    #[getter]
    fn rake_mean(&self) -> Option<f64> {
        self.report.money.as_ref().map(|m| m.rake.mean)
    }

    /// Every figure and the rule set, as JSON text.
    fn to_json(&self) -> &str {
        &self.json
    }

    /// Every figure and the rule set, as a dict (``json.loads(self.to_json())``).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.json.as_str(),))
    }

    fn __repr__(&self) -> String {
        let s = &self.report.swing.summary;
        format!(
            "<SimResult {} rounds at {} seats (seed {}): swing {:.3} water/round [{:.3}, {:.3}]>",
            self.report.rounds, self.report.players, self.report.seed, s.mean, s.ci95[0], s.ci95[1]
        )
    }
}

/// The policies of a `policy=` argument: None, a name, or one name per seat.
fn policies(arg: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Policy>> {
    let Some(obj) = arg.filter(|o| !o.is_none()) else { return Ok(Vec::new()) };
    let one = |o: &Bound<'_, PyAny>| -> PyResult<Policy> {
        let s = o
            .cast::<PyString>()
            .map_err(|_| PyTypeError::new_err("a policy is a str: 'arranger', 'greedy' or 'product'"))?;
        s.to_cow()?.parse::<Policy>().or_raise()
    };
    if obj.is_instance_of::<PyString>() {
        return Ok(vec![one(obj)?]);
    }
    let mut out = Vec::new();
    for item in obj.try_iter().map_err(|_| PyTypeError::new_err("policy must be a str or a sequence of str"))? {
        if out.len() == MAX_SEATS {
            return Err(invalid_argument(format!("more than {MAX_SEATS} policies (one per seat at most)")));
        }
        out.push(one(&item?)?);
    }
    Ok(out)
}

/// Play ``rounds`` seeded rounds under a rule set and report what the table saw.
///
/// ``rules``: a :class:`Rules`, a preset name or None (classic); ``players``: 2 to
/// ``rules.max_players`` seats (4 from one deck, up to 8 with ``extra_suits``, RULES.md §11);
/// ``seed``: round ``i`` is the deal of a seed mixed from ``seed`` and ``i`` (the same as
/// ``sss deal --seed SEED --round I``). ``policy``: who plays — ``'arranger'`` (default: the
/// engine's arranger, declaring specials per its advice), ``'greedy'`` or ``'product'`` (the
/// baselines, declaring every special), one name for every seat or a list of one per seat;
/// ``specials=False``: nobody declares. Money with ``base`` (minor units per water point),
/// ``carries`` (one per seat) and ``rake`` (an int percent of 0 or 1, or a ``Fraction`` such
/// as ``Fraction(5, 100)``). ``threads``: worker threads, None for every core; the figures do
/// not depend on it. The run releases the GIL.
///
/// Raises ``InvalidTableError`` (seats), ``UnknownPresetError``, ``InvalidRulesError``,
/// ``InvalidMoneyError`` (stakes) and ``InvalidArgumentError`` (rounds, policy, threads).
#[pyfunction]
#[pyo3(
    signature = (rules = None, players = None, rounds = None, seed = None, *, policy = None, specials = true, base = None, carries = None, rake = None, threads = None),
    text_signature = "(rules=None, players=4, rounds=10000, seed=0, *, policy='arranger', specials=True, base=None, carries=None, rake=None, threads=None)"
)]
#[allow(clippy::too_many_arguments)]
fn simulate(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    rounds: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    policy: Option<&Bound<'_, PyAny>>,
    specials: bool,
    base: Option<&Bound<'_, PyAny>>,
    carries: Option<&Bound<'_, PyAny>>,
    rake: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySimResult> {
    let rounds = match rounds {
        None => 10_000,
        Some(r) => {
            index_arg(r, "rounds", |v| invalid_argument(format!("{v} rounds: a simulation plays 1 or more rounds")))?
                as u64
        }
    };
    let seed = match seed.filter(|s| !s.is_none()) {
        None => 0,
        Some(s) => int_arg(s, "seed")?.extract::<u64>().map_err(|_| {
            invalid_argument(format!(
                "seed {} is out of range (a seed is an int from 0 to 2**64 - 1)",
                s.str().map(|x| x.to_string()).unwrap_or_default()
            ))
        })?,
    };
    let threads = match threads.filter(|t| !t.is_none()) {
        None => 0,
        Some(t) => index_arg(t, "threads", |v| {
            invalid_argument(format!("threads={v}: give 1 or more, or None for every core"))
        })?,
    };
    let policies = policies(policy)?;
    with_rules(rules, |r| {
        let players = match players {
            None => 4,
            Some(p) => players_for(p, r)?,
        };
        let stakes = match base.filter(|b| !b.is_none()) {
            Some(b) => Some(money_args(players, b, carries, rake)?),
            None if carries.is_some_and(|c| !c.is_none()) || rake.is_some_and(|r| !r.is_none()) => {
                return Err(to_pyerr(CoreError::InvalidMoney(
                    "carries and rake need a base (minor units per water point)".into(),
                )))
            }
            None => None,
        };
        let mut config = SimConfig::new(r.clone(), players, rounds, seed);
        config.policies = policies;
        config.specials = specials;
        config.stakes = stakes;
        config.threads = threads;
        let report = py.detach(|| run(&config)).or_raise()?;
        let json = report_json(&report, &config);
        Ok(PySimResult { report, json })
    })
}

/// The report and the rules as one JSON object, as `sss simulate --json` writes it.
fn report_json(report: &SimReport, config: &SimConfig) -> String {
    let mut v = serde_json::to_value(report).expect("a report serialises");
    let rules: serde_json::Value = serde_json::from_str(&config.rules.to_json()).expect("the rules' own JSON parses");
    if let Some(o) = v.as_object_mut() {
        o.insert("rules".into(), rules);
    }
    serde_json::to_string_pretty(&v).expect("JSON values serialise")
}

/// Add `simulate` and `SimResult` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySimResult>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    Ok(())
}
