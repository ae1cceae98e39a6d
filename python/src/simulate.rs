//! House-rule analytics: `simulate(...)`, many seeded rounds with the arranger at every seat
//! (the core's `simulate::run`), and its `SimResult`; shards of a run (`first_round=`) merge
//! exactly (`SimResult.merge`, `SimResult.sum`) and pickle through the report's state.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use shisanshui::settle::MAX_SEATS;
use shisanshui::simulate::{run_until, validate, Policy, SimConfig, SimReport};
use shisanshui::Error as CoreError;

use crate::deal::{index_arg, int_arg, players_for};
use crate::errors::{invalid_argument, to_pyerr, OrRaise};
use crate::money::money_args;
use crate::rules::with_rules;
use crate::text::utf8;

/// What a simulation saw (see :func:`simulate`). The figures are attributes; :meth:`to_dict`
/// and :meth:`to_json` give all of them, in the format ``sss simulate --json`` writes.
///
/// Results of shards of one run (``simulate(..., first_round=k)``, disjoint round ranges that
/// together are contiguous) merge exactly: ``SimResult.sum(shards)`` (any order) or
/// ``a.merge(b, ...)`` equals the result of one ``simulate`` call of all the rounds, every
/// figure. ``a + b`` merges too, so the builtin ``sum(shards)`` works for shards listed in round
/// order. Results pickle (through :meth:`to_state`) and compare with ``==``.
#[pyclass(frozen, module = "shisanshui", name = "SimResult")]
pub struct PySimResult {
    report: SimReport,
    json: String,
}

impl PySimResult {
    fn part<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        self.to_dict(py)?.get_item(key)
    }

    fn new(report: SimReport) -> PySimResult {
        let json = report_json(&report);
        PySimResult { report, json }
    }

    /// The merge of results, with the engine's errors as the package's.
    fn merged<'a>(reports: impl IntoIterator<Item = &'a SimReport>) -> PyResult<PySimResult> {
        Ok(PySimResult::new(SimReport::merged(reports).or_raise()?))
    }
}

/// The results in `items` (each a SimResult, else a TypeError naming `what`).
fn collect_results<'py>(
    items: impl Iterator<Item = PyResult<Bound<'py, PyAny>>>,
    what: &str,
) -> PyResult<Vec<Bound<'py, PySimResult>>> {
    items
        .map(|item| {
            let item = item?;
            item.cast_into::<PySimResult>().map_err(|e| {
                PyTypeError::new_err(format!(
                    "{what} takes SimResult objects, not {}",
                    e.into_inner().get_type().name().map(|n| n.to_string()).unwrap_or_default()
                ))
            })
        })
        .collect()
}

/// The result whose :meth:`SimResult.to_state` is ``state`` (what unpickling calls).
#[pyfunction]
fn _sim_result_from_state(state: &Bound<'_, PyString>) -> PyResult<PySimResult> {
    Ok(PySimResult::new(SimReport::from_state(&utf8(state)?).or_raise()?))
}

#[pymethods]
impl PySimResult {
    /// Rounds played.
    #[getter]
    fn rounds(&self) -> u64 {
        self.report.rounds
    }

    /// The first round played: the result covers rounds ``first_round`` to
    /// ``first_round + rounds - 1``.
    #[getter]
    fn first_round(&self) -> u64 {
        self.report.first_round
    }

    /// This result merged with ``others``, shards of the same run (same rules, seats, seed,
    /// policies, specials, stakes and banker) whose round ranges, with this one's, are disjoint
    /// and together contiguous, in any order: a new result equal to one ``simulate`` of all
    /// their rounds. ``InvalidArgumentError`` naming what differs, overlaps or is missing.
    #[pyo3(signature = (*others))]
    fn merge(slf: &Bound<'_, Self>, others: &Bound<'_, PyTuple>) -> PyResult<PySimResult> {
        let others = collect_results(others.iter().map(Ok), "SimResult.merge")?;
        let me = slf.get();
        PySimResult::merged(std::iter::once(&me.report).chain(others.iter().map(|o| &o.get().report)))
    }

    /// The merge of an iterable of results of shards of one run, in any order (as
    /// :meth:`merge`): ``SimResult.sum(client.gather(futures))``. ``InvalidArgumentError`` for
    /// an empty iterable, shards of different runs, overlaps or gaps.
    #[staticmethod]
    fn sum(results: &Bound<'_, PyAny>) -> PyResult<PySimResult> {
        let all = collect_results(results.try_iter()?, "SimResult.sum")?;
        PySimResult::merged(all.iter().map(|o| &o.get().report))
    }

    /// ``a + b``: :meth:`merge`. ``0 + a`` is ``a``, so the builtin ``sum(shards)`` works when
    /// the shards are listed in round order (each partial sum must be contiguous).
    fn __add__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        match other.cast::<PySimResult>() {
            Ok(o) => {
                Ok(PySimResult::merged([&slf.get().report, &o.get().report])?.into_pyobject(py)?.into_any().unbind())
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __radd__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if other.cast::<pyo3::types::PyInt>().is_ok_and(|i| i.extract::<i64>().is_ok_and(|v| v == 0)) {
            return Ok(slf.clone().into_any().unbind());
        }
        match other.cast::<PySimResult>() {
            Ok(o) => {
                Ok(PySimResult::merged([&o.get().report, &slf.get().report])?.into_pyobject(py)?.into_any().unbind())
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    /// The mergeable state as compact JSON text: the configuration, the round range and the
    /// exact tallies. :meth:`from_state` rebuilds an equal result (pickling uses it).
    fn to_state(&self) -> String {
        self.report.to_state()
    }

    /// The result whose :meth:`to_state` is ``state``, checked (``InvalidArgumentError`` for a
    /// malformed state, the rule set's and stakes' own errors for a bad configuration).
    #[staticmethod]
    fn from_state(state: &Bound<'_, PyString>) -> PyResult<PySimResult> {
        _sim_result_from_state(state)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let f = slf.py().import("shisanshui._native")?.getattr("_sim_result_from_state")?;
        Ok((f, (slf.get().report.to_state(),)))
    }

    /// Equal results: the same run's same rounds (every figure and tally equal).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PySimResult>().is_ok_and(|o| o.get().report == self.report)
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

    /// The lanes played, per category (by name, high card first): ``{"front", "middle", "back",
    /// "hands_with", "hand_rate"}``, counting the lanes of hands that played lanes and did not
    /// foul, valued as settlement values them (jokers at what they stand for).
    #[getter]
    fn lanes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for l in self.part(py, "lanes")?.try_iter()? {
            let l = l?;
            let category = l.get_item("category")?;
            l.del_item("category")?;
            out.set_item(category, l)?;
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
        let from = match self.report.first_round {
            0 => String::new(),
            f => format!(" from round {f}"),
        };
        format!(
            "<SimResult {} rounds{from} at {} seats (seed {}): swing {:.3} water/round [{:.3}, {:.3}]>",
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
        utf8(s)?.parse::<Policy>().or_raise()
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
/// ``rules.max_players`` seats (4 from one deck, up to 8 with ``extra_suits``, RULES.md §11;
/// the rule set's ``jokers`` are dealt too, §12); ``seed``: round ``i`` is the deal of a seed mixed from ``seed`` and ``i`` (the same as
/// ``sss deal --seed SEED --round I``). ``first_round``: play rounds ``first_round`` to
/// ``first_round + rounds - 1`` of that run (a shard: results of disjoint contiguous shards
/// merge exactly with :meth:`SimResult.sum`). ``policy``: who plays — ``'arranger'`` (default:
/// the engine's arranger, declaring specials per its advice), ``'greedy'`` or ``'product'`` (the
/// baselines, declaring every special), one name for every seat or a list of one per seat;
/// ``specials=False``: nobody declares. Money with ``base`` (minor units per water point),
/// ``carries`` (one per seat) and ``rake`` (an int percent, ``rake=5`` for 5% as on the
/// command line, or an exact ``Fraction`` share such as ``Fraction(5, 100)``). ``threads``:
/// worker threads, None for every core; the figures do not depend on it. ``progress``: called
/// as ``progress(done, rounds)`` on the calling thread about ten times a second and once at the
/// end (an exception it raises stops the run and propagates). The run releases the GIL and
/// checks for signals between blocks of rounds: Ctrl-C stops it within a fraction of a second
/// with ``KeyboardInterrupt``. ``banker``: the banker's seat at a banker table (``table`` is
/// ``Table.BANKER``), arranged as the banker every round while the other seats play as players.
///
/// Raises ``InvalidTableError`` (seats), ``UnknownPresetError``, ``InvalidRulesError``,
/// ``InvalidMoneyError`` (stakes) and ``InvalidArgumentError`` (rounds, first round, policy,
/// threads).
#[pyfunction]
#[pyo3(
    signature = (rules = None, players = None, rounds = None, seed = None, *, first_round = None, policy = None, specials = true, base = None, carries = None, rake = None, threads = None, progress = None, banker = None),
    text_signature = "(rules=None, players=4, rounds=10000, seed=0, *, first_round=0, policy='arranger', specials=True, base=None, carries=None, rake=None, threads=None, progress=None, banker=None)"
)]
#[allow(clippy::too_many_arguments)]
fn simulate(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    rounds: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    first_round: Option<&Bound<'_, PyAny>>,
    policy: Option<&Bound<'_, PyAny>>,
    specials: bool,
    base: Option<&Bound<'_, PyAny>>,
    carries: Option<&Bound<'_, PyAny>>,
    rake: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
    banker: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySimResult> {
    let progress = progress.filter(|p| !p.is_none());
    if let Some(p) = progress {
        if !p.is_callable() {
            return Err(PyTypeError::new_err(format!(
                "progress must be a callable progress(done, rounds), not {}",
                p.get_type().name().map(|n| n.to_string()).unwrap_or_default()
            )));
        }
    }
    let config =
        sim_config(rules, players, rounds, seed, first_round, policy, specials, base, carries, rake, threads, banker)?;
    let report = run_checked(py, &config, progress)?;
    Ok(PySimResult::new(report))
}

/// Check the arguments of :func:`simulate` as it checks them, and play nothing: the errors it
/// would raise before its first round (``shisanshui.dask`` calls it before it submits a shard).
#[pyfunction]
#[pyo3(
    signature = (rules = None, players = None, rounds = None, seed = None, *, first_round = None, policy = None, specials = true, base = None, carries = None, rake = None, threads = None, banker = None),
    text_signature = "(rules=None, players=4, rounds=10000, seed=0, *, first_round=0, policy='arranger', specials=True, base=None, carries=None, rake=None, threads=None, banker=None)"
)]
#[allow(clippy::too_many_arguments)]
fn _validate_simulation(
    rules: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    rounds: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    first_round: Option<&Bound<'_, PyAny>>,
    policy: Option<&Bound<'_, PyAny>>,
    specials: bool,
    base: Option<&Bound<'_, PyAny>>,
    carries: Option<&Bound<'_, PyAny>>,
    rake: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    banker: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    let config =
        sim_config(rules, players, rounds, seed, first_round, policy, specials, base, carries, rake, threads, banker)?;
    validate(&config).or_raise()
}

/// The engine's configuration from :func:`simulate`'s arguments.
#[allow(clippy::too_many_arguments)]
fn sim_config(
    rules: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    rounds: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    first_round: Option<&Bound<'_, PyAny>>,
    policy: Option<&Bound<'_, PyAny>>,
    specials: bool,
    base: Option<&Bound<'_, PyAny>>,
    carries: Option<&Bound<'_, PyAny>>,
    rake: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    banker: Option<&Bound<'_, PyAny>>,
) -> PyResult<SimConfig> {
    let banker = match banker.filter(|b| !b.is_none()) {
        None => None,
        // A negative or huge int is no seat: the engine's own out-of-table error.
        Some(b) => Some(int_arg(b, "banker")?.extract::<usize>().unwrap_or(usize::MAX)),
    };
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
    let first_round = match first_round.filter(|f| !f.is_none()) {
        None => 0,
        Some(f) => int_arg(f, "first_round")?.extract::<u64>().map_err(|_| {
            invalid_argument(format!(
                "first_round {} is out of range (a round number is an int from 0 to 2**64 - 1)",
                f.str().map(|x| x.to_string()).unwrap_or_default()
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
        config.first_round = first_round;
        config.policies = policies;
        config.specials = specials;
        config.stakes = stakes;
        config.threads = threads;
        config.banker = banker;
        if r.table == shisanshui::Table::Banker && banker.is_none() {
            return Err(to_pyerr(CoreError::InvalidTable(
                "the rules are in banker mode (table = banker): name the banker seat with simulate(..., banker=seat)"
                    .into(),
            )));
        }
        Ok(config)
    })
}

/// How often the calling thread checks for signals and reports progress during a run.
const POLL: Duration = Duration::from_millis(100);

/// Run the simulation on its own threads without the GIL while the calling thread, every
/// [`POLL`], takes the GIL to check for signals (Ctrl-C) and call `progress(done, rounds)`. An
/// exception from either stops the workers after their current block and is raised.
fn run_checked(py: Python<'_>, config: &SimConfig, progress: Option<&Bound<'_, PyAny>>) -> PyResult<SimReport> {
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let mut raised: Option<PyErr> = None;
    let rounds = config.rounds;
    let outcome = std::thread::scope(|s| {
        let worker = s.spawn(|| {
            let r = run_until(config, &|n| {
                done.fetch_max(n, Ordering::Relaxed);
                if stop.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            finished.store(true, Ordering::Release);
            r
        });
        let mut shown = u64::MAX;
        loop {
            let over = py.detach(|| {
                let mut waited = Duration::ZERO;
                while waited < POLL && !finished.load(Ordering::Acquire) {
                    std::thread::sleep(Duration::from_millis(5));
                    waited += Duration::from_millis(5);
                }
                finished.load(Ordering::Acquire)
            });
            let step = py.check_signals().and_then(|()| {
                let n = done.load(Ordering::Relaxed);
                match progress {
                    Some(p) if n != shown && !over => {
                        shown = n;
                        p.call1((n, rounds)).map(drop)
                    }
                    _ => Ok(()),
                }
            });
            if let Err(e) = step {
                stop.store(true, Ordering::Relaxed);
                raised = Some(e);
            }
            if over || raised.is_some() {
                break;
            }
        }
        // Stopped workers end within a block; wait for them without the GIL.
        py.detach(|| worker.join())
    });
    let result = match outcome {
        Ok(r) => r,
        // A worker panics only on an engine bug: pass it on unchanged.
        Err(p) => std::panic::resume_unwind(p),
    };
    if let Some(e) = raised {
        return Err(e);
    }
    match result.or_raise()? {
        Some(report) => {
            if let Some(p) = progress {
                p.call1((rounds, rounds))?;
            }
            Ok(report)
        }
        None => Err(invalid_argument("the simulation was stopped".into())),
    }
}

/// The report and the rules as one JSON object, as `sss simulate --json` writes it.
fn report_json(report: &SimReport) -> String {
    let mut v = serde_json::to_value(report).expect("a report serialises");
    let rules: serde_json::Value = serde_json::from_str(&report.rules().to_json()).expect("the rules' own JSON parses");
    if let Some(o) = v.as_object_mut() {
        o.insert("rules".into(), rules);
    }
    serde_json::to_string_pretty(&v).expect("JSON values serialise")
}

/// Add `simulate` and `SimResult` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySimResult>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(_validate_simulation, m)?)?;
    m.add_function(wrap_pyfunction!(_sim_result_from_state, m)?)?;
    Ok(())
}
