//! Cards in and out: text (`"As Kd 10h"`), an array of codes (0..51) or card texts, or a
//! `Uint8Array` of codes in; card text out.
//!
//! Cards are read against a rule set's deck (`Rules::deck_spec`, RULES.md §11, §12): a card may
//! repeat as often as the deck holds it, and the wild jokers (`SJ` / `小王`, `BJ` / `大王`) count
//! as cards the deck deals `jokers` of. The codes 52 (SJ) and 53 (BJ) are jokers only where the
//! deck deals jokers; elsewhere they stay bad codes, as any code above 51 is for one deck.

use js_sys::{Array, Uint8Array};
use shisanshui::card::check_copies;
use shisanshui::{cards_from_codes_in, format_cards, parse_cards_in, Card, Deck, Error, Rules};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::error::{invalid, JsResult, OrThrow};
use crate::rules::JsRules;

/// The cards of a JavaScript argument, as `deck` holds them: no card more often
/// than the deck has it (the error names the first one too many).
pub(crate) fn cards_in(v: &JsValue, deck: impl Into<Deck>) -> JsResult<Vec<Card>> {
    read_cards(v, deck.into(), true)
}

/// The cards of a hand handed to a core call that checks the count and then the copies itself
/// (`evaluate`, `detectSpecial`, the arranger, `combos`, an arrangement, a declared special):
/// codes and card texts are read one by one without the copy check, so the errors come in the
/// core's order (four codes `[7, 7]` for a 13-card call are `wrong_card_count`, as on every other
/// surface, not `duplicate_card`). Text is parsed as `parseCards` parses it (copies are checked
/// as it reads, as every surface's text parsing does). A list longer than any hand of the deck
/// repeats a card: it is read as `cards_in` reads it, which stops at the first card too many.
pub(crate) fn hand_in(v: &JsValue, deck: impl Into<Deck>) -> JsResult<Vec<Card>> {
    read_cards(v, deck.into(), false)
}

fn read_cards(v: &JsValue, deck: Deck, check: bool) -> JsResult<Vec<Card>> {
    if let Some(text) = v.as_string() {
        return parse_cards_in(&text, deck).or_throw();
    }
    // The deck's size bounds a valid list: a longer one repeats a card, and the copy check
    // stops there, so at most that many are copied out of the array.
    let limit = deck.len() as u32 + 1;
    if let Some(bytes) = v.dyn_ref::<Uint8Array>() {
        let codes = bytes.subarray(0, bytes.length().min(limit)).to_vec();
        if check || bytes.length() >= limit {
            return cards_from_codes_in(&codes, deck).or_throw();
        }
        return codes.iter().map(|&c| code_in(c, deck)).collect::<shisanshui::Result<Vec<Card>>>().or_throw();
    }
    if Array::is_array(v) {
        let items: &Array = v.unchecked_ref();
        let n = items.length().min(limit);
        let mut out = Vec::with_capacity(n as usize);
        for i in 0..n {
            out.push(card_item(&items.get(i), i as usize, deck)?);
        }
        if check || items.length() >= limit {
            check_copies(&out, deck).or_throw()?;
        }
        return Ok(out);
    }
    Err(invalid(
        "cards must be text (\"As Kd 10h\"), an array of card codes (0-51, 52 and 53 the jokers) or card texts, or a Uint8Array of codes",
    ))
}

/// The card of a code read against `deck`: 0..=51, and 52 (SJ) and 53 (BJ) where it deals jokers.
fn code_in(code: u8, deck: Deck) -> shisanshui::Result<Card> {
    if deck.jokers() == 0 {
        Card::from_code(code)
    } else {
        Card::from_any_code(code)
    }
}

/// One card of an array, read against `deck`: its code or its text.
pub(crate) fn card_item(item: &JsValue, position: usize, deck: Deck) -> JsResult<Card> {
    if let Some(x) = item.as_f64() {
        if x.fract() != 0.0 || !(0.0..=u32::MAX as f64).contains(&x) {
            return Err(invalid(format!("card code {x} at position {position} is not an integer from 0 to 51")));
        }
        return code_in(u8::try_from(x as u32).unwrap_or(u8::MAX), deck)
            .map_err(|_| crate::error::to_js(Error::BadCardCode { code: x as u32 }));
    }
    if let Some(text) = item.as_string() {
        return Card::parse_at(text.trim(), position).or_throw();
    }
    Err(invalid(format!("card at position {position} is neither a code nor text")))
}

/// Cards as an array of their texts.
pub(crate) fn texts(cards: &[Card]) -> Array {
    cards.iter().map(|c| JsValue::from_str(&c.to_string())).collect()
}

/// `parseCards(text, rules)`: the codes of the cards, checked against the deck of `rules`.
#[wasm_bindgen(js_name = "parseCards")]
pub fn parse_cards(cards: JsValue, rules: &JsRules) -> JsResult<Vec<u8>> {
    Ok(cards_in(&cards, rules.inner().deck_spec())?.iter().map(|c| c.code()).collect())
}

/// `formatCards(cards, rules)`: the cards' text, space-separated (`"As Kd Th"`).
#[wasm_bindgen(js_name = "formatCards")]
pub fn format(cards: JsValue, rules: &JsRules) -> JsResult<String> {
    Ok(format_cards(&cards_in(&cards, rules.inner().deck_spec())?))
}

/// `cardCode(text)`: the code of one card (`"As"` → 51; the jokers `"SJ"` / `"小王"` → 52 and
/// `"BJ"` / `"大王"` → 53).
#[wasm_bindgen(js_name = "cardCode")]
pub fn card_code(text: &str) -> JsResult<u8> {
    Card::parse_at(text.trim(), 0).or_throw().map(Card::code)
}

/// `cardText(code)`: the text of one card of one deck (51 → `"As"`; the package's `cardText`
/// reads the jokers' codes against a rule set).
#[wasm_bindgen(js_name = "cardText")]
pub fn card_text(code: JsValue) -> JsResult<String> {
    card_item(&code, 0, Deck::ONE).map(|c| c.to_string())
}

/// `deck(rules)`: every card of the rule set's deck as text, lowest first (copies twice), then
/// its jokers (`SJ`, `BJ`, `SJ`, …).
#[wasm_bindgen]
pub fn deck(rules: &JsRules) -> Array {
    texts(&Rules::deck(rules.inner()))
}
