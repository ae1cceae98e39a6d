//! Hand evaluation (`evaluate`) and the foul check (`checkArrangement`); with wild jokers
//! (RULES.md §12) also the cards they stand for (`evaluatePlayed`, `played`).

use shisanshui::{Arrangement, ArrangementEval, Category, Deck, Evaluator, HandRank};
use wasm_bindgen::prelude::*;

use crate::cards::{hand_in, texts};
use crate::error::{invalid, plain, JsResult, OrThrow};
use crate::rules::JsRules;

/// A category's name in the engine's JSON form (`"straight_flush"`).
pub(crate) fn category_name(c: Category) -> String {
    serde_json::to_value(c).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_else(|| c.name().to_string())
}

/// `{value, category, text}` of a hand rank.
pub(crate) fn rank_object(r: HandRank) -> serde_json::Value {
    serde_json::json!({ "value": r.value(), "category": category_name(r.category()), "text": r.describe() })
}

fn eval_object(e: &ArrangementEval) -> serde_json::Value {
    serde_json::json!({
        "front": rank_object(e.front),
        "middle": rank_object(e.middle),
        "back": rank_object(e.back),
        "front_over_middle": e.foul.front_over_middle,
        "middle_over_back": e.foul.middle_over_back,
        "is_foul": e.foul.is_foul(),
    })
}

/// `__evaluateValue(cards, rules)`: the value of a 3- or 5-card hand's rank (a larger value is
/// a stronger hand); the package's `evaluate` adds the category and the description.
#[wasm_bindgen(js_name = "__evaluateValue")]
pub fn evaluate_value(cards: JsValue, rules: &JsRules) -> JsResult<u32> {
    let cards = hand_in(&cards, rules.inner().deck_spec())?;
    Ok(Evaluator::new(rules.inner()).evaluate(&cards).or_throw()?.value())
}

/// `evaluatePlayed(cards, rules)`: a 3- or 5-card lane as played (RULES.md §12): `{value,
/// category, text, played}`, `played` the lane's cards in the order given with each joker
/// replaced by the card it stands for in the lane's best hand (a lane without jokers is played
/// as given).
#[wasm_bindgen(js_name = "evaluatePlayed")]
pub fn evaluate_played(cards: JsValue, rules: &JsRules) -> JsResult<JsValue> {
    let cards = hand_in(&cards, rules.inner().deck_spec())?;
    let (played, rank) = Evaluator::new(rules.inner()).evaluate_jokers(&cards).or_throw()?;
    let mut o = rank_object(rank);
    o["played"] = card_texts(&played);
    plain(&o)
}

/// Card texts as a JSON list.
fn card_texts(cards: &[shisanshui::Card]) -> serde_json::Value {
    cards.iter().map(|c| serde_json::Value::from(c.to_string())).collect()
}

/// The `{front, middle, back}` of an arrangement as JSON lists of card texts.
pub(crate) fn lanes_json(a: &Arrangement) -> serde_json::Value {
    serde_json::json!({ "front": card_texts(&a.front), "middle": card_texts(&a.middle), "back": card_texts(&a.back) })
}

/// `__describeRank(value)`: the English description of a hand rank (`"straight flush, ace high"`).
#[wasm_bindgen(js_name = "__describeRank")]
pub fn describe_rank(value: u32) -> JsResult<String> {
    Ok(HandRank::from_value(value).or_throw()?.describe())
}

/// `__categories()`: the category names in the engine's JSON form, by number (0 high card …).
#[wasm_bindgen(js_name = "__categories")]
pub fn categories() -> Vec<String> {
    Category::ALL.iter().map(|c| category_name(*c)).collect()
}

/// An arrangement argument: text (`"As Kd Qh / … / …"` or 13 cards in lane order), 13 cards as
/// an array, or an object `{front, middle, back}` of lanes (an `Arrangement`, or what the
/// arranger returns).
pub(crate) fn arrangement_in(v: &JsValue, deck: impl Into<Deck>) -> JsResult<Arrangement> {
    let extra: Deck = deck.into();
    if let Some(text) = v.as_string() {
        return Arrangement::parse_in(&text, extra).or_throw();
    }
    if js_sys::Array::is_array(v) || v.is_instance_of::<js_sys::Uint8Array>() {
        return Arrangement::from_cards_in(&hand_in(v, extra)?, extra).or_throw();
    }
    if v.is_object() {
        let lane = |name: &str| -> JsResult<Vec<shisanshui::Card>> {
            let value = js_sys::Reflect::get(v, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
            if value.is_undefined() {
                return Err(invalid(format!("an arrangement object needs front, middle and back; {name} is missing")));
            }
            hand_in(&value, extra)
        };
        let (front, middle, back) = (lane("front")?, lane("middle")?, lane("back")?);
        return Arrangement::new_in(&front, &middle, &back, extra).or_throw();
    }
    Err(invalid("an arrangement is text, 13 cards, or an object {front, middle, back}"))
}

/// The plain `{front, middle, back}` form of an arrangement (card texts, as the engine lists them).
pub(crate) fn arrangement_object(a: &Arrangement) -> js_sys::Object {
    let o = js_sys::Object::new();
    for (name, cards) in [("front", &a.front[..]), ("middle", &a.middle[..]), ("back", &a.back[..])] {
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(name), &texts(cards));
    }
    o
}

/// `parseArrangement(value, rules)`: an arrangement argument checked (lane sizes, copies) as
/// `{front, middle, back}`.
#[wasm_bindgen(js_name = "parseArrangement")]
pub fn parse_arrangement(value: JsValue, rules: &JsRules) -> JsResult<js_sys::Object> {
    Ok(arrangement_object(&arrangement_in(&value, rules.inner().deck_spec())?))
}

/// `checkArrangement(arrangement, rules)`: each lane's rank and the foul check (RULES.md §2).
/// An arrangement holding jokers is valued as the rule set's `joker_lanes` reads it (§12) and
/// the result adds `played`, its lanes with each joker replaced by the card it stands for.
#[wasm_bindgen(js_name = "checkArrangement")]
pub fn check_arrangement(arrangement: JsValue, rules: &JsRules) -> JsResult<JsValue> {
    let a = arrangement_in(&arrangement, rules.inner().deck_spec())?;
    if a.has_jokers() {
        let j = a.evaluate_jokers(rules.inner());
        let mut o = eval_object(&j.eval);
        o["played"] = lanes_json(&j.played);
        return plain(&o);
    }
    plain(&eval_object(&a.evaluate(rules.inner())))
}
