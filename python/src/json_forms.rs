//! The JSON forms of the results (`to_dict()` / `to_json()`): the keys and values the
//! JavaScript package's results and `sss … --json` use (cards as text, categories and specials by
//! their JSON names, water exact where it is exact), so a Python server and a JavaScript one
//! exchange them as they are.

use pyo3::prelude::*;
use serde_json::{json, Value};
use shisanshui::arrange::{Arranged, SpecialAdvice, Suggestion, SuggestionKind};
use shisanshui::hints::Combo;
use shisanshui::{Arrangement, ArrangementEval, Card, Category, HandRank, PlayerHand};

/// Pretty-printed JSON text of a form.
pub fn text(value: &Value) -> String {
    serde_json::to_string_pretty(value).expect("a JSON value prints")
}

/// A form as Python dicts, lists and scalars.
pub fn dict<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (serde_json::to_string(value).expect("a JSON value prints"),))
}

fn category(c: Category) -> Value {
    serde_json::to_value(c).expect("a category serialises")
}

fn cards(cs: &[Card]) -> Value {
    cs.iter().map(|c| Value::from(c.to_string())).collect()
}

/// `{value, category, text}`.
pub fn rank(r: HandRank) -> Value {
    json!({ "value": r.value(), "category": category(r.category()), "text": r.describe() })
}

/// `{front, middle, back}`, each a list of card texts.
pub fn lanes(a: &Arrangement) -> Value {
    json!({ "front": cards(&a.front), "middle": cards(&a.middle), "back": cards(&a.back) })
}

/// `{front, middle, back, front_over_middle, middle_over_back, is_foul, played}`: the lanes'
/// ranks, the foul check, and the lanes as played (each joker replaced by the card it stands
/// for; the lanes themselves when they hold none).
pub fn arrangement_eval(e: &ArrangementEval, played: &Arrangement) -> Value {
    json!({
        "front": rank(e.front),
        "middle": rank(e.middle),
        "back": rank(e.back),
        "front_over_middle": e.foul.front_over_middle,
        "middle_over_back": e.foul.middle_over_back,
        "is_foul": e.foul.is_foul(),
        "played": lanes(played),
    })
}

/// `{arrangement, categories, expected_water}`.
pub fn arranged(a: &Arranged) -> Value {
    json!({
        "arrangement": lanes(&a.arrangement),
        "categories": a.categories.iter().map(|&c| category(c)).collect::<Vec<_>>(),
        "expected_water": a.expected_water,
    })
}

/// `{kind, arrangement, categories, expected_water}`.
pub fn suggestion(s: &Suggestion) -> Value {
    let kind = match s.kind {
        SuggestionKind::Best => "best",
        SuggestionKind::StrongestBack => "strongest_back",
        SuggestionKind::StrongestMiddle => "strongest_middle",
        _ => "alternative",
    };
    let mut v =
        arranged(&Arranged { arrangement: s.arrangement, categories: s.categories, expected_water: s.expected_water });
    v["kind"] = Value::from(kind);
    v
}

/// `{special, declare_water, lane_water, advantage, declare, best_lanes}`.
pub fn special_advice(a: &SpecialAdvice) -> Value {
    json!({
        "special": a.special.id(),
        "declare_water": a.declare_water,
        "lane_water": a.lane_water,
        "advantage": a.advantage(),
        "declare": a.declare(),
        "best_lanes": arranged(&a.best_lanes),
    })
}

/// A seat as `settle` reads it back: `{special, cards}` for a declared special, the lanes
/// `{front, middle, back}` otherwise.
pub fn seat(p: &PlayerHand) -> Value {
    match p {
        PlayerHand::Special { special, cards: c } => json!({ "special": special.id(), "cards": cards(c) }),
        PlayerHand::Arranged(a) => lanes(a),
    }
}

/// `{category, cards, fits_front}`, and `played` when the combination holds a joker.
pub fn combo(c: &Combo) -> Value {
    let mut v = json!({ "category": category(c.category()), "cards": cards(c.cards()), "fits_front": c.fits_front() });
    if c.has_jokers() {
        v["played"] = cards(c.played());
    }
    v
}

/// The engine's serialised form of a special detection: `{best, all, arrangement}`.
pub fn special_detection(d: &shisanshui::SpecialDetection) -> Value {
    serde_json::to_value(d).expect("a detection serialises")
}

/// The engine's serialised form of a money result, with `amounts` (each seat's final amount).
pub fn money(m: &shisanshui::MoneyResult) -> Value {
    let mut v = serde_json::to_value(m).expect("a money result serialises");
    v["amounts"] = json!(m.amounts());
    v
}

/// One money line in the engine's serialised form.
pub fn money_line(l: &shisanshui::money::MoneyLine) -> Value {
    serde_json::to_value(l).expect("a money line serialises")
}
