//! Water into money (RULES.md §8): `settleMoney` and `escape`.

use js_sys::{Array, Reflect};
use shisanshui::money::{escape as core_escape, Rake};
use shisanshui::{settle_money as core_settle_money, Error, Stakes, Water};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::error::{describe, index_arg, invalid, plain, to_js, JsResult, OrThrow};

fn money_error(text: String) -> JsValue {
    to_js(Error::InvalidMoney(text))
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// A whole number of minor units (a safe integer).
fn integer(v: &JsValue, what: &str) -> JsResult<i64> {
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_991.0 => Ok(x as i64),
        _ => Err(money_error(format!("{what} must be a whole number (a safe integer), got {}", describe(v)))),
    }
}

/// One seat's water: `{num, den}` (a settlement's `totals`), a number that is a whole number
/// of 840ths (integers; halves, thirds… as JavaScript writes them, read as the nearest 840th
/// when within 1e-6 of it), or a fraction's text (`"-7/3"`).
fn water_in(v: &JsValue, seat: usize) -> JsResult<Water> {
    if let Some(x) = v.as_f64() {
        let units = x * Water::DENOMINATOR as f64;
        let whole = units.round();
        if !x.is_finite() || (units - whole).abs() > 1e-6 || whole.abs() > 1e15 {
            return Err(money_error(format!(
                "water {x} of seat {seat} is not a whole number of 840ths of a point; pass {{num, den}}"
            )));
        }
        return Ok(Water::from_units(whole as i64));
    }
    if let Some(text) = v.as_string() {
        let (n, d) = text.split_once('/').unwrap_or((&text, "1"));
        let (n, d) = (n.trim().parse::<i64>(), d.trim().parse::<i64>());
        return match (n, d) {
            (Ok(n), Ok(d)) => Water::new(n, d).or_throw(),
            _ => Err(money_error(format!("water {:?} of seat {seat} is not a fraction", crate::error::excerpt(&text)))),
        };
    }
    if v.is_object() {
        let (n, d) = (get(v, "num"), get(v, "den"));
        return Water::new(integer(&n, "num")?, integer(&d, "den")?).or_throw();
    }
    Err(money_error(format!("water of seat {seat} must be a number, a fraction's text or {{num, den}}")))
}

/// Stakes: `{base, carries?, rake?}`; a rake is a whole percent (`5`), `[numerator,
/// denominator]` or `{numerator, denominator}`.
fn stakes_in(v: &JsValue) -> JsResult<Stakes> {
    if !v.is_object() {
        return Err(money_error("stakes must be an object {base, carries, rake}".into()));
    }
    let base = integer(&get(v, "base"), "base")?;
    let carries = get(v, "carries");
    let carries = if carries.is_undefined() || carries.is_null() {
        None
    } else if Array::is_array(&carries) {
        let list: &Array = carries.unchecked_ref();
        if list.length() > shisanshui::settle::MAX_SEATS as u32 {
            return Err(money_error(format!(
                "{} carries: a table has at most {} seats",
                list.length(),
                shisanshui::settle::MAX_SEATS
            )));
        }
        Some(list.iter().map(|c| integer(&c, "a carry")).collect::<JsResult<Vec<i64>>>()?)
    } else {
        return Err(money_error("carries must be an array of minor units, one per seat".into()));
    };
    let rake = get(v, "rake");
    let rake = if rake.is_undefined() || rake.is_null() {
        Rake::NONE
    } else if rake.as_f64().is_some() {
        Rake::percent(integer(&rake, "rake (a whole percent)")?)
    } else if Array::is_array(&rake) {
        let r: &Array = rake.unchecked_ref();
        if r.length() != 2 {
            return Err(money_error("a rake array is [numerator, denominator]".into()));
        }
        Rake { numerator: integer(&r.get(0), "rake numerator")?, denominator: integer(&r.get(1), "rake denominator")? }
    } else if rake.is_object() {
        Rake {
            numerator: integer(&get(&rake, "numerator"), "rake numerator")?,
            denominator: integer(&get(&rake, "denominator"), "rake denominator")?,
        }
    } else {
        return Err(money_error(format!(
            "a rake is a whole percent, [numerator, denominator] or {{numerator, denominator}}, got {}",
            describe(&rake)
        )));
    };
    Ok(Stakes { base, carries, rake })
}

/// `settleMoney(water, stakes)`: each seat's water in money, `trunc(water × base)` minor units,
/// capped at each carry, the larger side scaled to the smaller, rake on the winners.
#[wasm_bindgen(js_name = "settleMoney")]
pub fn settle_money(water: JsValue, stakes: JsValue) -> JsResult<JsValue> {
    if !Array::is_array(&water) {
        return Err(money_error("water must be an array, one entry per seat".into()));
    }
    let list: &Array = water.unchecked_ref();
    if list.length() > shisanshui::settle::MAX_SEATS as u32 {
        return Err(to_js(Error::InvalidTable(format!(
            "{} seats: a table has at most {}",
            list.length(),
            shisanshui::settle::MAX_SEATS
        ))));
    }
    let water = list.iter().enumerate().map(|(i, w)| water_in(&w, i)).collect::<JsResult<Vec<Water>>>()?;
    let result = core_settle_money(&water, &stakes_in(&stakes)?).or_throw()?;
    money_object(&result)
}

/// `escape(seats, leaver, stakes)`: an escape (逃跑): the leaver pays 18 water × base, every
/// other seat receives 1 × base.
#[wasm_bindgen]
pub fn escape(seats: JsValue, leaver: JsValue, stakes: JsValue) -> JsResult<JsValue> {
    let seats = index_arg(&seats, "the number of seats")?.ok_or_else(|| invalid("escape needs the number of seats"))?;
    let leaver = index_arg(&leaver, "the leaver's seat")?.ok_or_else(|| invalid("escape needs the leaver's seat"))?;
    let result = core_escape(seats, leaver, &stakes_in(&stakes)?).or_throw()?;
    money_object(&result)
}

/// The money result in the engine's JSON form, with `amounts` (each seat's final amount) added.
fn money_object(result: &shisanshui::MoneyResult) -> JsResult<JsValue> {
    let mut value = serde_json::to_value(result).map_err(|e| crate::error::invalid(e.to_string()))?;
    value["amounts"] = serde_json::json!(result.amounts());
    plain(&value)
}
