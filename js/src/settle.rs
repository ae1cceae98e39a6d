//! Settling a round in water: `settle`.

use js_sys::{Array, Reflect};
use shisanshui::deck::MAX_JOKERS;
use shisanshui::{Deck, PlayerHand, Special, SuitSet};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::cards::hand_in;
use crate::error::{index_arg, invalid, plain, JsResult, OrThrow};
use crate::eval::{arrangement_in, lanes_json};
use crate::rules::JsRules;

/// One seat: an arrangement (text, 13 cards, `{front, middle, back}`), an arranger's answer
/// (`{arrangement, …}`: its lanes), or a declared special `{special: "SD", cards}`.
pub(crate) fn seat_in(v: &JsValue, extra: Deck) -> JsResult<PlayerHand> {
    if v.is_object() && !Array::is_array(v) && !v.is_instance_of::<js_sys::Uint8Array>() {
        let arranged = Reflect::get(v, &JsValue::from_str("arrangement")).unwrap_or(JsValue::UNDEFINED);
        if !arranged.is_undefined() && !arranged.is_null() {
            return Ok(PlayerHand::Arranged(arrangement_in(&arranged, extra)?));
        }
        let special = Reflect::get(v, &JsValue::from_str("special")).unwrap_or(JsValue::UNDEFINED);
        if !special.is_undefined() && !special.is_null() {
            let name = special.as_string().ok_or_else(|| invalid("a seat's special is its id or name (\"SD\")"))?;
            let special: Special = name.parse().or_throw()?;
            let cards = Reflect::get(v, &JsValue::from_str("cards")).unwrap_or(JsValue::UNDEFINED);
            return PlayerHand::special_in(special, &hand_in(&cards, extra)?, extra).or_throw();
        }
    }
    Ok(PlayerHand::Arranged(arrangement_in(v, extra)?))
}

/// The seats of a round.
pub(crate) fn seats_in(hands: &JsValue, extra: Deck) -> JsResult<Vec<PlayerHand>> {
    if !Array::is_array(hands) {
        return Err(invalid("settle takes an array of seats"));
    }
    let hands: &Array = hands.unchecked_ref();
    // More seats than any table has is refused before any is read.
    if hands.length() > shisanshui::settle::MAX_SEATS as u32 {
        return Err(crate::error::to_js(shisanshui::Error::InvalidTable(format!(
            "{} seats: a table has 2 to {}",
            hands.length(),
            shisanshui::settle::MAX_SEATS
        ))));
    }
    hands.iter().map(|h| seat_in(&h, extra)).collect()
}

/// `settle(hands, rules, banker)`: one round's water between the seats (RULES.md §4-§5), in
/// the engine's JSON form (as Python's `Settlement.to_dict()`): `totals` (exact fractions
/// `{num, den}`), the `matrix`, every seat, pair and event; and `units`, the totals in 840ths.
/// A seat whose lanes hold jokers (RULES.md §12) adds `played`, its lanes with each joker
/// replaced by the card it stands for. `banker` is the banker's seat at a banker table
/// (`table: "banker"`), `undefined` otherwise.
#[wasm_bindgen]
pub fn settle(hands: JsValue, rules: &JsRules, banker: JsValue) -> JsResult<JsValue> {
    let banker = index_arg(&banker, "the banker's seat")?;
    // Each seat is read on the biggest deck (two decks, and every joker where the rule set deals
    // any: elsewhere codes 52 and 53 stay bad codes and the text of a joker is refused as the
    // seat is read) and the settlement checks them against the rule set's deck, in the core's
    // order: the table size and the banker seat first, then the cards across the table (a
    // repeat's position counts across it: seat 1's fifth card is 17; so does a joker more than
    // the rule set deals).
    let rules = rules.inner();
    let read = Deck::new(SuitSet::ALL, if rules.jokers == 0 { 0 } else { MAX_JOKERS }).or_throw()?;
    let seats = seats_in(&hands, read)?;
    let s = shisanshui::settle::settle_with_banker(&seats, rules, banker).or_throw()?;
    let mut value = serde_json::to_value(&s).map_err(|e| invalid(e.to_string()))?;
    value["units"] = serde_json::json!(s.totals.iter().map(|w| w.units()).collect::<Vec<i64>>());
    for (i, seat) in seats.iter().enumerate() {
        if let PlayerHand::Arranged(a) = seat {
            if a.has_jokers() {
                value["seats"][i]["played"] = lanes_json(&a.evaluate_jokers(rules).played);
            }
        }
    }
    plain(&value)
}
