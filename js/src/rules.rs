//! `Rules`: a validated rule set (RULES.md), built from a preset, a preset with changes, or the
//! rule-set JSON every surface reads.

use shisanshui::{Preset, Rules, Special};
use wasm_bindgen::prelude::*;

use crate::cards::card_item;
use crate::error::{invalid, plain, text_arg, JsResult, OrThrow};

/// A rule set. Immutable: `copy(changes)` makes a changed one.
#[wasm_bindgen(js_name = "Rules")]
#[derive(Clone)]
pub struct JsRules(Rules);

impl JsRules {
    pub(crate) fn inner(&self) -> &Rules {
        &self.0
    }

    pub(crate) fn new(rules: Rules) -> JsRules {
        JsRules(rules)
    }
}

/// The JSON text of a plain object of changes (`undefined` or `null` for none).
fn changes_json(changes: &JsValue) -> JsResult<Option<String>> {
    if changes.is_undefined() || changes.is_null() {
        return Ok(None);
    }
    if !changes.is_object() {
        return Err(invalid("rule-set changes must be an object ({\"strict_order\": true, ...})"));
    }
    let text = js_sys::JSON::stringify(changes).map_err(|_| invalid("rule-set changes cannot be written as JSON"))?;
    Ok(text.as_string())
}

#[wasm_bindgen(js_class = "Rules")]
impl JsRules {
    /// A shipped preset by name (`classic`, `regional`, `kx`, `hk`, `ranked`, `chinese_poker`),
    /// with optional changes in the rule-set JSON form (`{"strict_order": true}`).
    pub fn preset(name: JsValue, changes: JsValue) -> JsResult<JsRules> {
        let base = Rules::from_preset_name(&text_arg(&name, "a preset name")?).or_throw()?;
        match changes_json(&changes)? {
            None => Ok(JsRules(base)),
            Some(json) => base.with_json_changes(&json).or_throw().map(JsRules),
        }
    }

    /// The names of the shipped presets.
    pub fn presets() -> Vec<String> {
        Preset::ALL.iter().map(|p| p.name().to_string()).collect()
    }

    /// A rule set from its JSON text; it may name a `"preset"` to start from (default classic)
    /// and give only the fields it changes.
    #[wasm_bindgen(js_name = "fromJSON")]
    pub fn from_json(text: JsValue) -> JsResult<JsRules> {
        Rules::from_json(&text_arg(&text, "rule-set JSON")?).or_throw().map(JsRules)
    }

    /// A rule set from the plain-object form of its JSON (as `fromJSON`).
    #[wasm_bindgen(js_name = "fromObject")]
    pub fn from_object(object: JsValue) -> JsResult<JsRules> {
        let json = changes_json(&object)?.unwrap_or_else(|| "{}".to_string());
        Rules::from_json(&json).or_throw().map(JsRules)
    }

    /// A copy with the changes (rule-set JSON form) applied, validated together.
    pub fn copy(&self, changes: JsValue) -> JsResult<JsRules> {
        match changes_json(&changes)? {
            None => Ok(self.clone()),
            Some(json) => self.0.with_json_changes(&json).or_throw().map(JsRules),
        }
    }

    /// The rule set as a plain object in its JSON form (what `JSON.stringify` writes).
    #[wasm_bindgen(js_name = "toJSON")]
    pub fn to_json(&self) -> JsResult<JsValue> {
        plain(&self.0)
    }

    /// Pretty-printed JSON text (the form `fromJSON` and every other surface read).
    #[wasm_bindgen(js_name = "toString")]
    pub fn to_json_text(&self) -> String {
        self.0.to_json()
    }

    /// Check every value for range and consistency (throws `InvalidRulesError`).
    pub fn validate(&self) -> JsResult<()> {
        self.0.validate().or_throw()
    }

    /// Whether two rule sets are the same in every field.
    pub fn equals(&self, other: &JsRules) -> bool {
        self.0 == other.0
    }

    /// The most seats the deck deals 13 cards to: 4 plus one per extra suit (jokers add none).
    #[wasm_bindgen(getter, js_name = "maxPlayers")]
    pub fn max_players(&self) -> u32 {
        self.0.max_players() as u32
    }

    /// The suits whose cards are in the deck twice (加色, RULES.md §11), as letters.
    #[wasm_bindgen(getter, js_name = "extraSuits")]
    pub fn extra_suits(&self) -> Vec<String> {
        self.0.extra_suits.iter().map(|s| s.letter().to_string()).collect()
    }

    /// Wild jokers the deck adds (RULES.md §12), 0 to 6: 1 deals the small joker `SJ`, 2 both
    /// `SJ` and `BJ`, more add further copies alternately. (`jokers` in the rule-set JSON.)
    #[wasm_bindgen(getter)]
    pub fn jokers(&self) -> u8 {
        self.0.jokers
    }

    /// How a hand's jokers are read when its lanes are valued (RULES.md §12): `"each_best"`
    /// (each lane as strong as it can be) or `"avoid_foul"` (the reading that keeps the hand
    /// from fouling first). (`joker_lanes` in the rule-set JSON.)
    #[wasm_bindgen(getter, js_name = "jokerLanes")]
    pub fn joker_lanes(&self) -> String {
        self.0.joker_lanes.name().to_string()
    }

    /// Whether a joker may complete a special hand (RULES.md §12). (`jokers_in_specials` in the
    /// rule-set JSON.)
    #[wasm_bindgen(getter, js_name = "jokersInSpecials")]
    pub fn jokers_in_specials(&self) -> bool {
        self.0.jokers_in_specials
    }

    /// How many copies of a card (code or text) the deck holds: 1, or 2 for an extra suit; for
    /// a joker (`"SJ"`, `"BJ"`, or its code where the deck deals jokers) as many as it deals.
    pub fn copies(&self, card: JsValue) -> JsResult<u8> {
        card_item(&card, 0, self.0.deck_spec()).map(|c| self.0.copies(c))
    }

    /// The water of a special (id `"SD"`, English or Chinese name), or `null` if disabled.
    #[wasm_bindgen(js_name = "specialWater")]
    pub fn special_water(&self, special: JsValue) -> JsResult<Option<u32>> {
        let s: Special = text_arg(&special, "a special's id or name")?.parse().or_throw()?;
        Ok(self.0.special_water(s))
    }
}
