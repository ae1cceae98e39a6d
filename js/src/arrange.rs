//! `Arranger`: the auto-arranger (RULES.md §7) for one rule set, table size and seat role.

use std::sync::Arc;

use js_sys::{Array, Float64Array, Uint8Array};
use shisanshui::arrange::{shared_arranger, shared_arranger_for, Level, Role, SpecialAdvice, SuggestionKind};
use shisanshui::batch::Batch;
use shisanshui::hints::FixedLanes;
use shisanshui::{Arranged, Arranger, Card, Error, PlayerHand, Table};
use wasm_bindgen::prelude::*;

use crate::cards::{cards_in, hand_in, texts};
use crate::deal::seed_in;
use crate::error::{at_row, flag_arg, index_arg, invalid, text_arg, to_js, JsResult, OrThrow};
use crate::eval::{arrangement_in, arrangement_object, category_name};
use crate::rules::JsRules;

/// Arranges 13 cards for one rule set at one table size and, at a banker table, one seat's
/// role. Making one builds the objective (shared with other arrangers of the same table);
/// keep it and reuse it.
#[wasm_bindgen(js_name = "Arranger")]
pub struct JsArranger(Arc<Arranger>);

fn set(o: &js_sys::Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(o, &JsValue::from_str(key), value);
}

/// `{arrangement, categories, expected_water}`.
pub(crate) fn arranged_object(a: &Arranged) -> js_sys::Object {
    let o = js_sys::Object::new();
    set(&o, "arrangement", &arrangement_object(&a.arrangement));
    let cats: Array = a.categories.iter().map(|c| JsValue::from_str(&category_name(*c))).collect();
    set(&o, "categories", &cats);
    set(&o, "expected_water", &JsValue::from_f64(a.expected_water));
    o
}

fn kind_number(k: SuggestionKind) -> u8 {
    match k {
        SuggestionKind::Best => 0,
        SuggestionKind::StrongestBack => 1,
        SuggestionKind::StrongestMiddle => 2,
        _ => 3,
    }
}

/// Numbers of one packed arrangement: 13 card codes in lane order (front 3, middle 5, back 5),
/// the three lanes' category numbers, the expected water and a tag (a suggestion's kind).
pub const PACKED: usize = 18;

fn pack(out: &mut Vec<f64>, a: &Arranged, tag: u8) {
    out.extend(a.arrangement.cards().iter().map(|c| c.code() as f64));
    out.extend(a.categories.iter().map(|&c| c as u8 as f64));
    out.push(a.expected_water);
    out.push(tag as f64);
}

fn advice_object(a: &SpecialAdvice) -> js_sys::Object {
    let o = js_sys::Object::new();
    set(&o, "special", &JsValue::from_str(a.special.id()));
    set(&o, "declare_water", &JsValue::from_f64(a.declare_water));
    set(&o, "lane_water", &JsValue::from_f64(a.lane_water));
    set(&o, "advantage", &JsValue::from_f64(a.advantage()));
    set(&o, "declare", &JsValue::from_bool(a.declare()));
    set(&o, "best_lanes", &arranged_object(&a.best_lanes));
    o
}

/// A seat as `settle` takes it: `{special, cards}` for a declared special (its id and the 13
/// card texts), `{front, middle, back}` for lanes.
pub(crate) fn seat_object(seat: &PlayerHand) -> js_sys::Object {
    match seat {
        PlayerHand::Special { special, cards } => {
            let o = js_sys::Object::new();
            set(&o, "special", &JsValue::from_str(special.id()));
            set(&o, "cards", &texts(cards));
            o
        }
        PlayerHand::Arranged(a) => arrangement_object(a),
    }
}

/// One lane of `complete`'s fixed lanes: `undefined`/`null` when free.
fn fixed_lane(fixed: &JsValue, name: &str, extra: shisanshui::Deck) -> JsResult<Option<Vec<Card>>> {
    if fixed.is_undefined() || fixed.is_null() {
        return Ok(None);
    }
    let v = js_sys::Reflect::get(fixed, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    cards_in(&v, extra).map(Some)
}

#[wasm_bindgen(js_class = "Arranger")]
impl JsArranger {
    /// `new Arranger(rules, players, role, level, seed, cardRemoval)`: `players` seats (2 to
    /// `rules.maxPlayers`); `role` `"player"` or `"banker"` at a banker table (required there),
    /// `undefined` otherwise; `level` a bot level name (`undefined`: `"best"`) whose draws `seed`
    /// (a number or BigInt; `undefined`: 0) seeds; `cardRemoval` `true` (`undefined`) or `false`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        rules: &JsRules,
        players: JsValue,
        role: JsValue,
        level: JsValue,
        seed: JsValue,
        card_removal: JsValue,
    ) -> JsResult<JsArranger> {
        let card_removal = flag_arg(&card_removal, "cardRemoval")?.unwrap_or(true);
        let level = if level.is_undefined() || level.is_null() {
            Level::Best
        } else {
            text_arg(&level, "a level (\"beginner\", \"casual\", \"strong\" or \"best\")")?
                .parse::<Level>()
                .or_throw()?
        };
        let seed = seed_in(&seed)?.unwrap_or(0);
        let rules = rules.inner();
        let players = index_arg(&players, "the number of players")?.unwrap_or(4);
        let role = if role.is_undefined() || role.is_null() {
            None
        } else {
            Some(text_arg(&role, "a seat role (\"player\" or \"banker\")")?.parse::<Role>().or_throw()?)
        };
        if role.is_none() && rules.table == Table::Banker {
            return Err(to_js(Error::InvalidTable(
                "a banker table has two kinds of seat: say which with role \"banker\" or \"player\"".into(),
            )));
        }
        let arranger = match role {
            None => shared_arranger(rules, players),
            Some(role) => shared_arranger_for(rules, players, role),
        }
        .or_throw()?;
        if level == Level::Best && seed == 0 && card_removal {
            return Ok(JsArranger(arranger));
        }
        // A clone shares the objective: the shared arranger stays at its best.
        Ok(JsArranger(Arc::new((*arranger).clone().with_level(level, seed).with_card_removal(card_removal))))
    }

    /// Whether card removal is on (`true` unless made with `cardRemoval: false`).
    #[wasm_bindgen(getter, js_name = "cardRemoval")]
    pub fn card_removal(&self) -> bool {
        self.0.card_removal()
    }

    /// The bot level: `"beginner"`, `"casual"`, `"strong"` or `"best"`.
    #[wasm_bindgen(getter)]
    pub fn level(&self) -> String {
        self.0.level().name().to_string()
    }

    /// The seed of the level's draws, a BigInt.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> u64 {
        self.0.seed()
    }

    /// Seats at the table.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> u32 {
        self.0.players() as u32
    }

    /// `"player"` or `"banker"`.
    #[wasm_bindgen(getter)]
    pub fn role(&self) -> String {
        self.0.role().name().to_string()
    }

    /// A copy of the arranger's rule set.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> JsRules {
        JsRules::new(self.0.rules().clone())
    }

    /// `arrangePacked(cards)`: the best arrangement of 13 cards as [`PACKED`] numbers (the
    /// package's `arrange` makes the object: one typed array crosses instead of two dozen strings).
    #[wasm_bindgen(js_name = "arrangePacked")]
    pub fn arrange_packed(&self, cards: JsValue) -> JsResult<Float64Array> {
        let hand = hand_in(&cards, self.0.rules().deck_spec())?;
        let mut out = Vec::with_capacity(PACKED);
        pack(&mut out, &self.0.arrange(&hand).or_throw()?, 0);
        Ok(Float64Array::from(&out[..]))
    }

    /// `suggestPacked(cards, n)`: up to `n` arrangements worth showing (default 3), best first,
    /// [`PACKED`] numbers each, the last their kind (0 best, 1 strongest back, 2 strongest middle,
    /// 3 another combination of categories).
    #[wasm_bindgen(js_name = "suggestPacked")]
    pub fn suggest_packed(&self, cards: JsValue, n: JsValue) -> JsResult<Float64Array> {
        let hand = hand_in(&cards, self.0.rules().deck_spec())?;
        let n = index_arg(&n, "the number of suggestions")?.unwrap_or(3);
        let list = self.0.suggest(&hand, n).or_throw()?;
        let mut out = Vec::with_capacity(PACKED * list.len());
        for s in &list {
            let a = Arranged { arrangement: s.arrangement, categories: s.categories, expected_water: s.expected_water };
            pack(&mut out, &a, kind_number(s.kind));
        }
        Ok(Float64Array::from(&out[..]))
    }

    /// Whether to declare the special the cards make: `null` when they make none, else
    /// `{special, declare_water, lane_water, advantage, declare, best_lanes}`.
    #[wasm_bindgen(js_name = "specialAdvice")]
    pub fn special_advice(&self, cards: JsValue) -> JsResult<JsValue> {
        let hand = hand_in(&cards, self.0.rules().deck_spec())?;
        Ok(self.0.special_advice(&hand).or_throw()?.map_or(JsValue::NULL, |a| advice_object(&a).into()))
    }

    /// The seat a good player puts on the table with these 13 cards, as `settle` takes it: the
    /// special they make, declared (`{special, cards}`, RULES.md §6), where `specialAdvice` says
    /// declaring is worth more than the lanes; the lanes of `arrange` otherwise (`{front,
    /// middle, back}`).
    pub fn play(&self, cards: JsValue) -> JsResult<JsValue> {
        let hand = hand_in(&cards, self.0.rules().deck_spec())?;
        Ok(seat_object(&self.0.play(&hand).or_throw()?).into())
    }

    /// The expected water of any arrangement at this table (a foul is priced as losing every
    /// lane to every opponent).
    #[wasm_bindgen(js_name = "expectedWater")]
    pub fn expected_water(&self, arrangement: JsValue) -> JsResult<f64> {
        let a = arrangement_in(&arrangement, self.0.rules().deck_spec())?;
        Ok(self.0.expected_water(&a))
    }

    /// `completePacked(cards, fixed)`: the best legal arrangement that keeps the lanes fixed by
    /// hand (理牌), `fixed = {front?, middle?, back?}` each the cards of a lane, as [`PACKED`] numbers.
    #[wasm_bindgen(js_name = "completePacked")]
    pub fn complete_packed(&self, cards: JsValue, fixed: JsValue) -> JsResult<Float64Array> {
        let extra = self.0.rules().deck_spec();
        let hand = hand_in(&cards, extra)?;
        if !(fixed.is_undefined() || fixed.is_null() || fixed.is_object()) {
            return Err(invalid("fixed lanes are an object {front, middle, back}"));
        }
        let (f, m, b) = (
            fixed_lane(&fixed, "front", extra)?,
            fixed_lane(&fixed, "middle", extra)?,
            fixed_lane(&fixed, "back", extra)?,
        );
        let lanes = FixedLanes { front: f.as_deref(), middle: m.as_deref(), back: b.as_deref() };
        let mut out = Vec::with_capacity(PACKED);
        pack(&mut out, &self.0.complete(&hand, &lanes).or_throw()?, 0);
        Ok(Float64Array::from(&out[..]))
    }

    /// `arrangeMany(hands)`: a `Uint8Array` of N × 13 card codes in, N × 13 codes out, each
    /// hand's arrangement in lane order (front 3, middle 5, back 5). A bad row throws with
    /// `row` set, and nothing is returned.
    #[wasm_bindgen(js_name = "arrangeMany")]
    pub fn arrange_many(&self, hands: &Uint8Array) -> JsResult<Uint8Array> {
        let codes = hands.to_vec();
        if !codes.len().is_multiple_of(13) {
            return Err(invalid(format!("{} codes is not a whole number of 13-card hands", codes.len())));
        }
        let rows: Vec<[u8; 13]> = codes.chunks_exact(13).map(|c| c.try_into().expect("13 codes")).collect();
        let mut out = vec![[0u8; 13]; rows.len()];
        Batch::new().threads(1).arrange(&self.0, &rows, &mut out).map_err(at_row)?;
        Ok(Uint8Array::from(out.as_flattened()))
    }
}
