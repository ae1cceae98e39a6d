//! Seeded dealing (RULES.md §10): the same seed deals the same cards on every surface.

use js_sys::Array;
use shisanshui::deal::{deal_for, Dealer};
use wasm_bindgen::prelude::*;

use crate::cards::texts;
use crate::error::{index_arg, invalid, JsResult, OrThrow};
use crate::rules::JsRules;

/// A seed: a non-negative safe integer or a `BigInt` below 2^64.
pub(crate) fn seed_in(v: &JsValue) -> JsResult<Option<u64>> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    if let Some(x) = v.as_f64() {
        if x.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&x) {
            return Ok(Some(x as u64));
        }
        return Err(invalid(format!(
            "seed {x} is not a whole number from 0 to 2^53 - 1 (use a BigInt for larger seeds)"
        )));
    }
    if v.is_bigint() {
        return u64::try_from(v.clone()).map(Some).map_err(|_| invalid("a BigInt seed must be from 0 to 2^64 - 1"));
    }
    Err(invalid("a seed is a number or a BigInt"))
}

/// `deal(players, seed, rules)`: `players` hands of 13 cards (card texts) from the rule set's
/// deck, its jokers included; the seeded deal of every surface, or an unseeded one when `seed` is `undefined`.
#[wasm_bindgen]
pub fn deal(players: JsValue, seed: JsValue, rules: &JsRules) -> JsResult<Array> {
    let players = index_arg(&players, "the number of players")?.unwrap_or(4);
    let hands = deal_for(rules.inner(), players, seed_in(&seed)?).or_throw()?;
    Ok(hands.iter().map(|h| JsValue::from(texts(h))).collect())
}

/// `shuffledDeck(seed, rules)`: the whole deck of the rule set in its seeded order, its jokers
/// included (RULES.md §12; without jokers the one-deck or doubled-suit shuffle, card for card).
#[wasm_bindgen(js_name = "shuffledDeck")]
pub fn shuffled_deck(seed: JsValue, rules: &JsRules) -> JsResult<Array> {
    let seed = seed_in(&seed)?.ok_or_else(|| invalid("shuffledDeck needs a seed"))?;
    Ok(texts(&Dealer::from_seed(seed).shuffle_cards(rules.inner().deck_spec())))
}

/// `roundSeed(seed, round)`: the deal seed of round `round` of a simulation (SplitMix64), as a
/// BigInt.
#[wasm_bindgen(js_name = "roundSeed")]
pub fn round_seed(seed: JsValue, round: JsValue) -> JsResult<u64> {
    let seed = seed_in(&seed)?.ok_or_else(|| invalid("roundSeed needs a seed"))?;
    let round = seed_in(&round)?.ok_or_else(|| invalid("roundSeed needs a round"))?;
    Ok(shisanshui::simulate::round_seed(seed, round))
}
