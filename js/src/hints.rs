//! 理牌 hints for arranging by hand: `combos`, the combinations of one category a hand holds.

use js_sys::Array;
use shisanshui::Category;
use wasm_bindgen::prelude::*;

use crate::cards::{hand_in, texts};
use crate::error::{invalid, JsResult, OrThrow};
use crate::eval::category_name;
use crate::rules::JsRules;

/// A category: its number (0 high card … 9 five of a kind), its JSON name (`"one_pair"`,
/// `"straight_flush"`), its English name (`"pair"`, `"full house"`) or its Chinese name (`"同花顺"`).
pub(crate) fn category_in(v: &JsValue) -> JsResult<Category> {
    if let Some(x) = v.as_f64() {
        return (x.fract() == 0.0 && (0.0..=9.0).contains(&x))
            .then(|| Category::from_index(x as u8))
            .flatten()
            .ok_or_else(|| invalid(format!("category {x} is not 0 to 9")));
    }
    let Some(text) = v.as_string() else { return Err(invalid("a category is a number or a name such as \"pair\"")) };
    let t = text.trim().to_ascii_lowercase().replace(['_', '-'], " ");
    Category::ALL
        .into_iter()
        .find(|c| c.name() == t || c.chinese_name() == text.trim() || (t == "pair" && *c == Category::OnePair))
        .ok_or_else(|| {
            invalid(format!(
                "unknown category {:?} (a number, or a name such as \"pair\", \"two_pair\", \"flush\", \"同花\")",
                crate::error::excerpt(&text)
            ))
        })
}

/// `combos(cards, category, rules)`: every combination of `category` the hand holds, strongest
/// first (what a 对子 … 同花顺 button cycles through), each `{category, cards, fits_front}`, and
/// `played` (the cards with each joker replaced by what it stands for) when it holds a joker.
#[wasm_bindgen]
pub fn combos(cards: JsValue, category: JsValue, rules: &JsRules) -> JsResult<Array> {
    let hand = hand_in(&cards, rules.inner().deck_spec())?;
    let category = category_in(&category)?;
    let list = shisanshui::combos(&hand, category, rules.inner()).or_throw()?;
    Ok(list
        .iter()
        .map(|c| {
            let o = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&o, &"category".into(), &JsValue::from_str(&category_name(c.category())));
            let _ = js_sys::Reflect::set(&o, &"cards".into(), &texts(c.cards()));
            let _ = js_sys::Reflect::set(&o, &"fits_front".into(), &JsValue::from_bool(c.fits_front()));
            if c.has_jokers() {
                // What each joker stands for in this combination (RULES.md §12).
                let _ = js_sys::Reflect::set(&o, &"played".into(), &texts(c.played()));
            }
            JsValue::from(o)
        })
        .collect())
}
