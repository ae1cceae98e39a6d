//! Special hands (报到): `detectSpecial`.

use shisanshui::SpecialDetector;
use wasm_bindgen::prelude::*;

use crate::cards::hand_in;
use crate::error::{plain, JsResult, OrThrow};
use crate::rules::JsRules;

/// `detectSpecial(cards, rules)`: `{best, all, arrangement}` of 13 cards: the highest enabled
/// special (its id, `"SD"`, or `null`), every one they make (highest first), and for the three
/// straights / flushes the lanes that show it.
#[wasm_bindgen(js_name = "detectSpecial")]
pub fn detect_special(cards: JsValue, rules: &JsRules) -> JsResult<JsValue> {
    let cards = hand_in(&cards, rules.inner().deck_spec())?;
    let detection = SpecialDetector::new(rules.inner()).or_throw()?.detect(&cards).or_throw()?;
    plain(&detection)
}

/// `parseSpecial(name)`: the id (`"SD"`) of a special named by its id, English or Chinese name
/// (`"dragon"`, `"一条龙"`), as rule sets and seats read it; `UnknownSpecialError` otherwise.
#[wasm_bindgen(js_name = "parseSpecial")]
pub fn parse_special(name: &str) -> JsResult<String> {
    name.parse::<shisanshui::Special>().or_throw().map(|s| s.id().to_string())
}

/// `specials()`: every special the engine knows, as `{id, name, chinese}`, highest first in
/// the classic order.
#[wasm_bindgen]
pub fn specials() -> JsResult<JsValue> {
    let list: Vec<_> = shisanshui::Special::ALL
        .iter()
        .map(|s| serde_json::json!({ "id": s.id(), "name": s.name(), "chinese": s.chinese_name() }))
        .collect();
    plain(&list)
}
