//! `Rules`: the house rules of a table (RULES.md §2–§9) as a Python object, the `PRESETS`
//! names, and `with_rules`, the reader of the `rules=` argument every engine function takes.
//!
//! Every scalar option is a property. A `Rules` object is always valid: a setter (or
//! `copy(**changes)`) applies the change to a copy, runs the core's `validate`, and only then
//! keeps it, so a bad value raises `InvalidRulesError` naming the field's JSON path and leaves
//! the object as it was. Nested groups are flattened with the option names of RULES.md
//! (`shoot_multiplier` is `shooting.multiplier` in JSON).

use std::sync::OnceLock;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};
use shisanshui::{Amount, JokerLanes, Preset, Rules, ScoringMode, Special, SpecialWater, Suit, SuitSet, Table, Wheel};

use crate::enums;
use crate::errors::{invalid_rules, OrRaise};
use crate::text::utf8;

/// The default preset of `Rules()`, as a [`PyBackedStr`] like the argument it stands in for.
fn classic_name() -> PyBackedStr {
    Python::attach(|py| PyString::intern(py, "classic").try_into()).expect("ASCII text encodes")
}

/// The string that stands for [`Amount::PlayersMinusOne`] (as in the JSON form).
const PLAYERS_MINUS_ONE: &str = "players_minus_one";

/// Every scalar option: Python property name and JSON path (used in errors and `repr`).
const FIELDS: [(&str, &str); 30] = [
    ("wheel", "wheel"),
    ("suit_tiebreak", "suit_tiebreak"),
    ("strict_order", "strict_order"),
    ("foul_counts_as_shot", "foul_counts_as_shot"),
    ("twelve_royals_min", "twelve_royals_min"),
    ("split_quads", "split_quads"),
    ("scoring", "scoring"),
    ("table", "table"),
    ("majority_bonus", "majority_bonus"),
    ("extra_suits", "extra_suits"),
    ("jokers", "jokers"),
    ("joker_lanes", "joker_lanes"),
    ("jokers_in_specials", "jokers_in_specials"),
    ("front_trips", "lane_water.front_trips"),
    ("middle_full_house", "lane_water.middle_full_house"),
    ("middle_quads", "lane_water.middle_quads"),
    ("back_quads", "lane_water.back_quads"),
    ("middle_straight_flush", "lane_water.middle_straight_flush"),
    ("back_straight_flush", "lane_water.back_straight_flush"),
    ("middle_five_kind", "lane_water.middle_five_kind"),
    ("back_five_kind", "lane_water.back_five_kind"),
    ("shoot_enabled", "shooting.enabled"),
    ("shoot_bonus", "shooting.bonus"),
    ("shoot_multiplier", "shooting.multiplier"),
    ("shoot_allows_ties", "shooting.allows_ties"),
    ("shoot_min_players", "shooting.min_players"),
    ("home_run_enabled", "home_run.enabled"),
    ("home_run_bonus", "home_run.bonus_per_victim"),
    ("home_run_multiplier", "home_run.multiplier"),
    ("home_run_min_players", "home_run.min_players"),
];

/// The value of one scalar option, typed as the core holds it.
#[derive(Clone, PartialEq)]
enum Value {
    Bool(bool),
    Int(u32),
    OptInt(Option<u32>),
    Wheel(Wheel),
    Scoring(ScoringMode),
    Table(Table),
    Amount(Amount),
    Suits(SuitSet),
    JokerLanes(JokerLanes),
}

impl Value {
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
            Value::Int(n) => n.into_pyobject(py)?.into_any(),
            Value::OptInt(n) => n.into_pyobject(py)?,
            Value::Wheel(w) => enums::wheel(py, *w)?,
            Value::Scoring(s) => enums::scoring(py, *s)?,
            Value::Table(t) => enums::table(py, *t)?,
            Value::Amount(Amount::Fixed(n)) => n.into_pyobject(py)?.into_any(),
            Value::Amount(_) => PLAYERS_MINUS_ONE.into_pyobject(py)?.into_any(),
            Value::Suits(s) => PyList::new(py, suit_letters(*s))?.into_any(),
            Value::JokerLanes(j) => enums::joker_lanes(py, *j)?,
        })
    }

    /// Python source for the value, as a setter accepts it (for `repr`).
    fn repr(&self) -> PyResult<String> {
        Ok(match self {
            Value::Bool(b) => if *b { "True" } else { "False" }.to_string(),
            Value::Int(n) | Value::OptInt(Some(n)) | Value::Amount(Amount::Fixed(n)) => n.to_string(),
            Value::OptInt(None) => "None".to_string(),
            Value::Wheel(w) => format!("'{}'", enums::wheel_name(*w)?),
            Value::Scoring(s) => format!("'{}'", enums::scoring_name(*s)?),
            Value::Table(t) => format!("'{}'", t.name()),
            Value::Amount(_) => format!("'{PLAYERS_MINUS_ONE}'"),
            Value::JokerLanes(j) => format!("'{}'", j.name()),
            Value::Suits(s) => {
                let letters: Vec<String> = suit_letters(*s).iter().map(|l| format!("'{l}'")).collect();
                format!("[{}]", letters.join(", "))
            }
        })
    }
}

fn get(r: &Rules, name: &str) -> PyResult<Value> {
    let (lw, sh, hr) = (&r.lane_water, &r.shooting, &r.home_run);
    Ok(match name {
        "wheel" => Value::Wheel(r.wheel),
        "suit_tiebreak" => Value::Bool(r.suit_tiebreak),
        "strict_order" => Value::Bool(r.strict_order),
        "foul_counts_as_shot" => Value::Bool(r.foul_counts_as_shot),
        "twelve_royals_min" => Value::Int(r.twelve_royals_min.into()),
        "split_quads" => Value::Bool(r.split_quads),
        "scoring" => Value::Scoring(r.scoring),
        "table" => Value::Table(r.table),
        "majority_bonus" => Value::Int(r.majority_bonus),
        "extra_suits" => Value::Suits(r.extra_suits),
        "jokers" => Value::Int(r.jokers.into()),
        "joker_lanes" => Value::JokerLanes(r.joker_lanes),
        "jokers_in_specials" => Value::Bool(r.jokers_in_specials),
        "front_trips" => Value::Int(lw.front_trips),
        "middle_full_house" => Value::Int(lw.middle_full_house),
        "middle_quads" => Value::Int(lw.middle_quads),
        "back_quads" => Value::Int(lw.back_quads),
        "middle_straight_flush" => Value::Int(lw.middle_straight_flush),
        "back_straight_flush" => Value::Int(lw.back_straight_flush),
        "middle_five_kind" => Value::OptInt(lw.middle_five_kind),
        "back_five_kind" => Value::OptInt(lw.back_five_kind),
        "shoot_enabled" => Value::Bool(sh.enabled),
        "shoot_bonus" => Value::Amount(sh.bonus),
        "shoot_multiplier" => Value::Int(sh.multiplier),
        "shoot_allows_ties" => Value::Bool(sh.allows_ties),
        "shoot_min_players" => Value::Int(sh.min_players.into()),
        "home_run_enabled" => Value::Bool(hr.enabled),
        "home_run_bonus" => Value::Int(hr.bonus_per_victim),
        "home_run_multiplier" => Value::Amount(hr.multiplier),
        "home_run_min_players" => Value::Int(hr.min_players.into()),
        _ => return Err(PyTypeError::new_err(format!("Rules has no option {name:?}"))),
    })
}

fn path_of(name: &str) -> &'static str {
    FIELDS.iter().find(|f| f.0 == name).map_or("?", |f| f.1)
}

fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type().name().map(|n| n.to_string()).unwrap_or_default()
}

fn boolean(v: &Bound<'_, PyAny>, path: &str) -> PyResult<bool> {
    v.cast::<PyBool>()
        .map(|b| b.is_true())
        .map_err(|_| PyTypeError::new_err(format!("`{path}` must be a bool, not {}", type_name(v))))
}

/// A non-negative int that fits `max`; the core's `validate` then checks the rule's own range.
fn count(v: &Bound<'_, PyAny>, path: &str, max: u32) -> PyResult<u32> {
    if !crate::ints::is_int(v) {
        return Err(PyTypeError::new_err(format!("`{path}` must be an int, not {}", type_name(v))));
    }
    match v.extract::<u64>() {
        Ok(n) if n <= u64::from(max) => Ok(n as u32),
        _ => Err(invalid_rules(path, format!("{v} is out of range (0 to {max})"))),
    }
}

fn small(v: &Bound<'_, PyAny>, path: &str) -> PyResult<u8> {
    count(v, path, u8::MAX.into()).map(|n| n as u8)
}

fn optional_count(v: &Bound<'_, PyAny>, path: &str) -> PyResult<Option<u32>> {
    if v.is_none() {
        Ok(None)
    } else {
        count(v, path, u32::MAX).map(Some)
    }
}

fn amount(v: &Bound<'_, PyAny>, path: &str) -> PyResult<Amount> {
    if let Ok(s) = v.cast::<PyString>() {
        let s = utf8(s)?;
        return if s.eq_ignore_ascii_case(PLAYERS_MINUS_ONE) {
            Ok(Amount::PlayersMinusOne)
        } else {
            Err(invalid_rules(path, format!("{s:?} is not an amount (an int or '{PLAYERS_MINUS_ONE}')")))
        };
    }
    if !crate::ints::is_int(v) {
        return Err(PyTypeError::new_err(format!(
            "`{path}` must be an int or '{PLAYERS_MINUS_ONE}', not {}",
            type_name(v)
        )));
    }
    count(v, path, u32::MAX).map(Amount::Fixed)
}

/// The letters of a suit set in code order (`["h", "s"]`), the JSON form.
fn suit_letters(s: SuitSet) -> Vec<String> {
    s.iter().map(|suit| suit.letter().to_string()).collect()
}

/// `extra_suits` from text (`"sh"`, `"s,h"`, `"♠♥"`, `""`) or an iterable of suits, each a
/// `Suit` member or one letter or symbol (a plain int is refused: it reads as a card code as
/// easily as a suit). An unknown suit or one given twice
/// is `InvalidRulesError` at `extra_suits`, as in JSON.
fn suits_from(v: &Bound<'_, PyAny>) -> PyResult<SuitSet> {
    const PATH: &str = "extra_suits";
    if let Ok(s) = v.cast::<PyString>() {
        return utf8(s)?.parse::<SuitSet>().or_raise();
    }
    let not_suits = || {
        PyTypeError::new_err(format!(
            "`{PATH}` must be suit letters such as 'sh' or a list of suits such as ['s', 'h'], not {}",
            type_name(v)
        ))
    };
    if v.is_instance_of::<PyBool>() || crate::ints::is_int(v) {
        return Err(not_suits());
    }
    let iter = v.try_iter().map_err(|_| not_suits())?;
    let suit_class = v.py().import("shisanshui._enums")?.getattr("Suit")?;
    let not_suits_item = |i: usize, item: &Bound<'_, PyAny>| {
        PyTypeError::new_err(format!(
            "`{PATH}` items must be Suit members or suit letters, not {} (item {i})",
            type_name(item)
        ))
    };
    let mut suits: Vec<Suit> = Vec::new();
    for (i, item) in iter.enumerate() {
        let item = item?;
        let suit = if let Ok(s) = item.cast::<PyString>() {
            let text = utf8(s)?;
            let mut chars = text.chars();
            let one = match (chars.next(), chars.next()) {
                (Some(_), None) => text.parse::<SuitSet>().or_raise()?.iter().next(),
                _ => None,
            };
            // A separator (space, comma) parses as no suit at all.
            one.ok_or_else(|| {
                invalid_rules(
                    &format!("{PATH}[{i}]"),
                    format!("{text:?} is not one suit letter (expected d, c, h or s)"),
                )
            })?
        } else if item.is_instance(&suit_class)? {
            // A `Suit` member (an IntEnum; a plain int is no suit here).
            item.extract::<u8>().ok().and_then(Suit::from_index).ok_or_else(|| not_suits_item(i, &item))?
        } else {
            return Err(not_suits_item(i, &item));
        };
        // The core's check, made here so that an endless iterable stops at its first repeat.
        if suits.contains(&suit) {
            return Err(invalid_rules(PATH, format!("suit {} is listed twice", suit.letter())));
        }
        suits.push(suit);
    }
    Ok(SuitSet::of(&suits))
}

/// Store one option (unvalidated: the caller validates the whole rule set).
fn set(r: &mut Rules, name: &str, v: &Bound<'_, PyAny>) -> PyResult<()> {
    let path = path_of(name);
    let (lw, sh, hr) = (&mut r.lane_water, &mut r.shooting, &mut r.home_run);
    match name {
        "wheel" => r.wheel = enums::wheel_from(v, path)?,
        "suit_tiebreak" => r.suit_tiebreak = boolean(v, path)?,
        "strict_order" => r.strict_order = boolean(v, path)?,
        "foul_counts_as_shot" => r.foul_counts_as_shot = boolean(v, path)?,
        "twelve_royals_min" => r.twelve_royals_min = small(v, path)?,
        "split_quads" => r.split_quads = boolean(v, path)?,
        "scoring" => r.scoring = enums::scoring_from(v, path)?,
        "table" => r.table = enums::table_from(v, path)?,
        "majority_bonus" => r.majority_bonus = count(v, path, u32::MAX)?,
        "extra_suits" => r.extra_suits = suits_from(v)?,
        "jokers" => r.jokers = small(v, path)?,
        "joker_lanes" => r.joker_lanes = enums::joker_lanes_from(v, path)?,
        "jokers_in_specials" => r.jokers_in_specials = boolean(v, path)?,
        "front_trips" => lw.front_trips = count(v, path, u32::MAX)?,
        "middle_full_house" => lw.middle_full_house = count(v, path, u32::MAX)?,
        "middle_quads" => lw.middle_quads = count(v, path, u32::MAX)?,
        "back_quads" => lw.back_quads = count(v, path, u32::MAX)?,
        "middle_straight_flush" => lw.middle_straight_flush = count(v, path, u32::MAX)?,
        "back_straight_flush" => lw.back_straight_flush = count(v, path, u32::MAX)?,
        "middle_five_kind" => lw.middle_five_kind = optional_count(v, path)?,
        "back_five_kind" => lw.back_five_kind = optional_count(v, path)?,
        "shoot_enabled" => sh.enabled = boolean(v, path)?,
        "shoot_bonus" => sh.bonus = amount(v, path)?,
        "shoot_multiplier" => sh.multiplier = count(v, path, u32::MAX)?,
        "shoot_allows_ties" => sh.allows_ties = boolean(v, path)?,
        "shoot_min_players" => sh.min_players = small(v, path)?,
        "home_run_enabled" => hr.enabled = boolean(v, path)?,
        "home_run_bonus" => hr.bonus_per_victim = count(v, path, u32::MAX)?,
        "home_run_multiplier" => hr.multiplier = amount(v, path)?,
        "home_run_min_players" => hr.min_players = small(v, path)?,
        "specials" => r.specials = specials_from(v)?,
        _ => return Err(PyTypeError::new_err(format!("Rules has no option {name:?}"))),
    }
    Ok(())
}

/// Specials from a dict `{id: water}` or an iterable of `(id, water)` pairs, highest first.
/// An id may be the short id (`"TSF"`), the English or the Chinese name.
fn specials_from(v: &Bound<'_, PyAny>) -> PyResult<Vec<SpecialWater>> {
    let pairs: Bound<'_, PyAny> = match v.cast::<PyDict>() {
        Ok(d) => d.items().into_any(),
        Err(_) if v.is_instance_of::<PyString>() => {
            return Err(PyTypeError::new_err("`specials` must be a list of (special, water) pairs, not str"))
        }
        Err(_) => v.clone(),
    };
    let iter = pairs.try_iter().map_err(|_| {
        PyTypeError::new_err(format!("`specials` must be a list of (special, water) pairs, not {}", type_name(v)))
    })?;
    let mut out = Vec::new();
    for (i, item) in iter.enumerate() {
        let item = item?;
        let pair = item.cast::<PyTuple>().ok().filter(|t| t.len() == 2).ok_or_else(|| {
            PyTypeError::new_err(format!("specials[{i}] must be a (special, water) pair, not {}", type_name(&item)))
        })?;
        let (id, water) = (pair.get_item(0)?, pair.get_item(1)?);
        let id = id.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!("specials[{i}].special must be a str such as 'SD', not {}", type_name(&id)))
        })?;
        let special: Special = utf8(id)?.parse().or_raise()?;
        let water = count(&water, &format!("specials[{i}].water"), u32::MAX)?;
        // The core's check, made here so that an endless iterable stops at its first repeat.
        if let Some(j) = out.iter().position(|s: &SpecialWater| s.special == special) {
            return Err(invalid_rules(
                &format!("specials[{i}].special"),
                format!("{special} is listed twice (also at {j})"),
            ));
        }
        out.push(SpecialWater { special, water });
    }
    Ok(out)
}

/// `(Special, water)` pairs; `Special` is a `str` enum of the ids, so the pairs still equal
/// `(id, water)` tuples.
fn specials_to_py<'py>(py: Python<'py>, r: &Rules) -> PyResult<Bound<'py, PyList>> {
    let pairs = r
        .specials
        .iter()
        .map(|s| Ok((crate::special::member(py, s.special)?, s.water)))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, pairs)
}

fn specials_repr(r: &Rules) -> String {
    let items: Vec<String> = r.specials.iter().map(|s| format!("('{}', {})", s.special.id(), s.water)).collect();
    format!("[{}]", items.join(", "))
}

/// The JSON groups whose fields a keyword may give as a dict of their JSON names
/// (`lane_water={"front_trips": 4}`).
const GROUPS: [&str; 3] = ["lane_water", "shooting", "home_run"];

/// Store a group's fields given by their JSON names, e.g. `lane_water={"front_trips": 4}`.
fn set_group(r: &mut Rules, group: &str, v: &Bound<'_, PyAny>) -> PyResult<()> {
    let fields = v.cast::<PyDict>().map_err(|_| {
        PyTypeError::new_err(format!(
            "`{group}` must be a dict of its JSON fields (e.g. {{'{}': ...}}), not {}",
            FIELDS.iter().find_map(|f| f.1.strip_prefix(group).and_then(|x| x.strip_prefix('.'))).unwrap_or("?"),
            type_name(v)
        ))
    })?;
    for (k, value) in fields.iter() {
        let key = k
            .cast::<PyString>()
            .map_err(|_| PyTypeError::new_err(format!("`{group}` keys are str field names, not {}", type_name(&k))))?;
        let path = format!("{group}.{}", utf8(key)?);
        let Some((name, _)) = FIELDS.iter().find(|f| f.1 == path) else {
            let known: Vec<&str> =
                FIELDS.iter().filter_map(|f| f.1.strip_prefix(group).and_then(|x| x.strip_prefix('.'))).collect();
            return Err(invalid_rules(&path, format!("unknown field (expected one of: {})", known.join(", "))));
        };
        set(r, name, &value)?;
    }
    Ok(())
}

/// Apply keyword changes to a copy of `base` and validate the result. A keyword is a property
/// name (`front_trips=4`) or a JSON name (`lane_water={"front_trips": 4}`, `table="banker"`).
fn changed(base: &Rules, changes: Option<&Bound<'_, PyDict>>) -> PyResult<Rules> {
    let mut next = base.clone();
    if let Some(changes) = changes {
        for (k, v) in changes.iter() {
            let name = utf8(k.cast::<PyString>()?)?;
            if GROUPS.contains(&name.as_str()) {
                set_group(&mut next, &name, &v)?;
            } else {
                set(&mut next, &name, &v)?;
            }
        }
    }
    next.validate().or_raise()?;
    Ok(next)
}

/// The house rules of a table: a preset of RULES.md §9, changed option by option.
///
/// `Rules()` is the classic preset; `Rules("kx", strict_order=True)` is kx with one change.
#[pyclass(eq, module = "shisanshui", name = "Rules")]
#[derive(Clone, PartialEq)]
pub struct PyRules(pub Rules);

impl PyRules {
    fn get<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        get(&self.0, name)?.to_py(py)
    }

    fn set(&mut self, name: &str, v: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut next = self.0.clone();
        set(&mut next, name, v)?;
        next.validate().or_raise()?;
        self.0 = next;
        Ok(())
    }
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (preset = classic_name(), **changes), text_signature = "(preset=\"classic\", **changes)")]
    fn new(preset: PyBackedStr, changes: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Ok(PyRules(changed(&Rules::from_preset_name(&preset).or_raise()?, changes)?))
    }

    /// The rules of a preset (`"classic"`, `"regional"`, `"kx"`, `"hk"`, `"ranked"`,
    /// `"chinese_poker"`), with optional changes.
    #[staticmethod]
    #[pyo3(signature = (name, **changes))]
    fn preset(name: PyBackedStr, changes: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Self::new(name, changes)
    }

    /// Load from JSON (the `to_json` form) and validate. Errors name the JSON path. The JSON may
    /// name a ``"preset"`` to start from (default classic) and give only the fields it changes:
    /// ``Rules.from_json('{"preset": "kx", "lane_water": {"front_trips": 4}}')``.
    #[staticmethod]
    fn from_json(text: PyBackedStr) -> PyResult<Self> {
        Rules::from_json(&text).or_raise().map(PyRules)
    }

    /// Save as pretty-printed JSON.
    fn to_json(&self) -> String {
        self.0.to_json()
    }

    /// The JSON form as Python dicts and lists.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.0.to_json(),))
    }

    /// Load from the `to_dict` form and validate; like :meth:`from_json`, a dict may name a
    /// ``"preset"`` and give only the fields it changes.
    #[staticmethod]
    fn from_dict(data: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text: PyBackedStr = data.py().import("json")?.call_method1("dumps", (data,))?.extract()?;
        Self::from_json(text)
    }

    /// Check every value for range and consistency (always passes for an object built and
    /// changed through this API; kept for symmetry with the other surfaces).
    fn validate(&self) -> PyResult<()> {
        self.0.validate().or_raise()
    }

    /// A copy, with optional changes applied and validated together (so that changes which
    /// only make sense together, such as disabling shooting and home runs, can be made).
    #[pyo3(signature = (**changes))]
    fn copy(&self, changes: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        changed(&self.0, changes).map(PyRules)
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().getattr("from_json")?, (slf.borrow().0.to_json(),)))
    }

    /// `Rules.preset('<closest preset>', <changed options>...)`.
    fn __repr__(&self) -> PyResult<String> {
        let mut best: Option<(Preset, Vec<String>)> = None;
        for p in Preset::ALL {
            let base = Rules::preset(p);
            let mut diff = Vec::new();
            for (name, _) in FIELDS {
                let v = get(&self.0, name)?;
                if v != get(&base, name)? {
                    diff.push(format!("{name}={}", v.repr()?));
                }
            }
            if self.0.specials != base.specials {
                diff.push(format!("specials={}", specials_repr(&self.0)));
            }
            if best.as_ref().is_none_or(|b| diff.len() < b.1.len()) {
                best = Some((p, diff));
            }
        }
        let (p, diff) = best.expect("there are presets");
        let mut args = vec![format!("'{}'", p.name())];
        args.extend(diff);
        Ok(format!("Rules.preset({})", args.join(", ")))
    }

    /// The water of a special (`"SD"`, `"dragon"`, `"一条龙"`, …), or None when disabled.
    fn special_water(&self, special: PyBackedStr) -> PyResult<Option<u32>> {
        Ok(self.0.special_water(special.parse().or_raise()?))
    }

    /// Enabled specials, highest first, as `(id, water)` pairs. Settable from a list of pairs
    /// or a dict `{id: water}`.
    #[getter]
    fn specials<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        specials_to_py(py, &self.0)
    }
    #[setter]
    fn set_specials(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("specials", v)
    }

    /// Where the wheel A-2-3-4-5 ranks: `Wheel.SECOND_HIGHEST` or `Wheel.LOWEST` (§3).
    #[getter]
    fn wheel<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "wheel")
    }
    #[setter]
    fn set_wheel(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("wheel", v)
    }

    /// Suits break ties when every rank is equal (§3).
    #[getter]
    fn suit_tiebreak<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "suit_tiebreak")
    }
    #[setter]
    fn set_suit_tiebreak(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("suit_tiebreak", v)
    }

    /// Equal lanes are a foul too (§2).
    #[getter]
    fn strict_order<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "strict_order")
    }
    #[setter]
    fn set_strict_order(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("strict_order", v)
    }

    /// A fouled player also pays as shot (§4).
    #[getter]
    fn foul_counts_as_shot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "foul_counts_as_shot")
    }
    #[setter]
    fn set_foul_counts_as_shot(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("foul_counts_as_shot", v)
    }

    /// Least number of J/Q/K/A cards for twelve royals: 13 or 12 (§6).
    #[getter]
    fn twelve_royals_min<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "twelve_royals_min")
    }
    #[setter]
    fn set_twelve_royals_min(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("twelve_royals_min", v)
    }

    /// A four of a kind may serve as two pairs or trips + single in specials (§6).
    #[getter]
    fn split_quads<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "split_quads")
    }
    #[setter]
    fn set_split_quads(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("split_quads", v)
    }

    /// `ScoringMode.PAIRWISE` or `ScoringMode.RANKED` (§9).
    #[getter]
    fn scoring<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "scoring")
    }
    #[setter]
    fn set_scoring(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("scoring", v)
    }

    /// Which pairs a round settles: `Table.ALL_PAIRS` or `Table.BANKER` (banker mode, §5a:
    /// only the pairs with the round's banker seat; pairwise scoring only).
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "table")
    }
    #[setter]
    fn set_table(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("table", v)
    }

    /// Majority bonus (2-4 scoring, §4): water for winning more lanes of a pair than losing,
    /// inside the pair's lane water; 0 (none) to 1000, and 0 under ranked scoring.
    #[getter]
    fn majority_bonus<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "majority_bonus")
    }
    #[setter]
    fn set_majority_bonus(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("majority_bonus", v)
    }

    /// Suits whose 13 cards are in the deck twice (加色, RULES.md §11), as a list of letters in
    /// code order (`['h', 's']`); `[]` is one deck of 52. Settable from letters (`"sh"`,
    /// `"s,h"`, `"♠♥"`) or a list of `Suit` members or letters; an unknown suit or one given
    /// twice is `InvalidRulesError` at `extra_suits`.
    #[getter]
    fn extra_suits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "extra_suits")
    }
    #[setter]
    fn set_extra_suits(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("extra_suits", v)
    }

    /// Wild jokers the deck adds (RULES.md §12), 0 to 6: 1 is the small joker SJ, 2 both
    /// jokers SJ and BJ, more add further copies alternately. Out of range is
    /// `InvalidRulesError` at `jokers`.
    #[getter]
    fn jokers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "jokers")
    }
    #[setter]
    fn set_jokers(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("jokers", v)
    }

    /// How the jokers of a hand are read when its lanes are valued and checked for a foul
    /// (RULES.md §12), a `JokerLanes`: `EACH_BEST` (each lane at its own best; the default) or
    /// `AVOID_FOUL` (from the back, each lane at its best not above the lane behind it).
    /// Settable from the enum or its string value (`"each_best"`, `"avoid_foul"`); another
    /// name is `InvalidRulesError` at `joker_lanes`.
    #[getter]
    fn joker_lanes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "joker_lanes")
    }
    #[setter]
    fn set_joker_lanes(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("joker_lanes", v)
    }

    /// Whether a joker may complete a special hand (RULES.md §12): on, a hand holding jokers makes
    /// every special some choice of their cards makes (off: none).
    #[getter]
    fn jokers_in_specials<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "jokers_in_specials")
    }
    #[setter]
    fn set_jokers_in_specials(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("jokers_in_specials", v)
    }

    /// The most seats the deck deals 13 cards to: 4 plus one per extra suit, 4 to 8.
    #[getter]
    fn max_players(&self) -> usize {
        self.0.max_players()
    }

    /// How many copies of a card (a `Card`, card text or int code) the deck holds: 2 for a card
    /// of an extra suit, else 1; for a joker as many as `jokers` deals it (RULES.md §12: the
    /// small joker ⌈jokers/2⌉, the big one ⌊jokers/2⌋), 0 when it deals none. The codes 52 and
    /// 53 are jokers where the deck deals jokers (elsewhere `BadCardCodeError`, as every reader
    /// of codes says).
    fn copies(&self, card: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.0.copies(crate::card::card_item_in(card, 0, self.0.deck_spec())?))
    }

    /// Water of front three of a kind (`lane_water.front_trips`).
    #[getter]
    fn front_trips<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "front_trips")
    }
    #[setter]
    fn set_front_trips(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("front_trips", v)
    }

    /// Water of a middle full house (`lane_water.middle_full_house`).
    #[getter]
    fn middle_full_house<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "middle_full_house")
    }
    #[setter]
    fn set_middle_full_house(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("middle_full_house", v)
    }

    /// Water of a middle four of a kind (`lane_water.middle_quads`).
    #[getter]
    fn middle_quads<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "middle_quads")
    }
    #[setter]
    fn set_middle_quads(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("middle_quads", v)
    }

    /// Water of a back four of a kind (`lane_water.back_quads`).
    #[getter]
    fn back_quads<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "back_quads")
    }
    #[setter]
    fn set_back_quads(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("back_quads", v)
    }

    /// Water of a middle straight flush (`lane_water.middle_straight_flush`).
    #[getter]
    fn middle_straight_flush<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "middle_straight_flush")
    }
    #[setter]
    fn set_middle_straight_flush(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("middle_straight_flush", v)
    }

    /// Water of a back straight flush (`lane_water.back_straight_flush`).
    #[getter]
    fn back_straight_flush<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "back_straight_flush")
    }
    #[setter]
    fn set_back_straight_flush(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("back_straight_flush", v)
    }

    /// Water of a middle five of a kind, or None where unlisted (`lane_water.middle_five_kind`).
    #[getter]
    fn middle_five_kind<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "middle_five_kind")
    }
    #[setter]
    fn set_middle_five_kind(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("middle_five_kind", v)
    }

    /// Water of a back five of a kind, or None where unlisted (`lane_water.back_five_kind`).
    #[getter]
    fn back_five_kind<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "back_five_kind")
    }
    #[setter]
    fn set_back_five_kind(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("back_five_kind", v)
    }

    /// Whether shooting is paid at all (`shooting.enabled`).
    #[getter]
    fn shoot_enabled<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "shoot_enabled")
    }
    #[setter]
    fn set_shoot_enabled(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("shoot_enabled", v)
    }

    /// Flat water added to a shot: an int or `'players_minus_one'` (`shooting.bonus`).
    #[getter]
    fn shoot_bonus<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "shoot_bonus")
    }
    #[setter]
    fn set_shoot_bonus(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("shoot_bonus", v)
    }

    /// Multiplier on a shot pair's lane water, at least 1 (`shooting.multiplier`).
    #[getter]
    fn shoot_multiplier<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "shoot_multiplier")
    }
    #[setter]
    fn set_shoot_multiplier(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("shoot_multiplier", v)
    }

    /// 辗过: wins plus ties (at least one win) count as a shot (`shooting.allows_ties`).
    #[getter]
    fn shoot_allows_ties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "shoot_allows_ties")
    }
    #[setter]
    fn set_shoot_allows_ties(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("shoot_allows_ties", v)
    }

    /// Fewest seats at the table for shooting to count, 2 to 8 (`shooting.min_players`).
    #[getter]
    fn shoot_min_players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "shoot_min_players")
    }
    #[setter]
    fn set_shoot_min_players(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("shoot_min_players", v)
    }

    /// Whether a home run is paid at all (`home_run.enabled`).
    #[getter]
    fn home_run_enabled<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "home_run_enabled")
    }
    #[setter]
    fn set_home_run_enabled(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("home_run_enabled", v)
    }

    /// Water added per victim before the multiplier (`home_run.bonus_per_victim`).
    #[getter]
    fn home_run_bonus<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "home_run_bonus")
    }
    #[setter]
    fn set_home_run_bonus(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("home_run_bonus", v)
    }

    /// Multiplier on each victim's payment: an int or `'players_minus_one'`
    /// (`home_run.multiplier`).
    #[getter]
    fn home_run_multiplier<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "home_run_multiplier")
    }
    #[setter]
    fn set_home_run_multiplier(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("home_run_multiplier", v)
    }

    /// Fewest seats at the table for a home run, 2 to 8 (`home_run.min_players`).
    #[getter]
    fn home_run_min_players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.get(py, "home_run_min_players")
    }
    #[setter]
    fn set_home_run_min_players(&mut self, v: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set("home_run_min_players", v)
    }
}

static CLASSIC: OnceLock<Rules> = OnceLock::new();

/// Run `f` with the rule set a `rules=` argument names: a `Rules` (borrowed, not copied), a
/// preset name, or None for classic.
pub fn with_rules<R>(arg: Option<&Bound<'_, PyAny>>, f: impl FnOnce(&Rules) -> PyResult<R>) -> PyResult<R> {
    let Some(obj) = arg.filter(|o| !o.is_none()) else {
        return f(CLASSIC.get_or_init(Rules::classic));
    };
    if let Ok(r) = obj.cast::<PyRules>() {
        return f(&r.try_borrow()?.0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return f(&Rules::from_preset_name(&utf8(s)?).or_raise()?);
    }
    Err(PyTypeError::new_err(format!("rules must be a Rules, a preset name or None, not {}", type_name(obj))))
}

/// Add `Rules`, `PRESETS` and `PLAYERS_MINUS_ONE` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRules>()?;
    m.add("PRESETS", PyTuple::new(m.py(), Preset::ALL.map(|p| p.name()))?)?;
    m.add("PLAYERS_MINUS_ONE", PLAYERS_MINUS_ONE)?;
    Ok(())
}
