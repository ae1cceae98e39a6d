//! Engine errors as JavaScript errors: an instance of the package's `Error` subclass for the
//! variant (the classes are handed over once by `__setErrorClasses` when the package loads),
//! with `code` (the variant's snake_case name, as in the shared vectors) and the variant's
//! fields as properties.

use std::cell::RefCell;

use js_sys::{Array, Reflect};
use shisanshui::Error;
use wasm_bindgen::prelude::*;

thread_local! {
    static CLASSES: RefCell<JsValue> = const { RefCell::new(JsValue::UNDEFINED) };
}

/// Called once by the package's entry module with `{ code: constructor }` for every error code
/// and `error` for the base class.
#[wasm_bindgen(js_name = "__setErrorClasses")]
pub fn set_error_classes(classes: JsValue) {
    CLASSES.with(|c| *c.borrow_mut() = classes);
}

/// What a binding call returns: the value, or the JavaScript error it throws.
pub(crate) type JsResult<T> = Result<T, JsValue>;

fn construct(code: &str, message: &str) -> JsValue {
    let class = CLASSES.with(|c| {
        let classes = c.borrow();
        Reflect::get(&classes, &JsValue::from_str(code))
            .ok()
            .filter(|f| f.is_function())
            .or_else(|| Reflect::get(&classes, &JsValue::from_str("error")).ok().filter(|f| f.is_function()))
    });
    match class {
        Some(f) => Reflect::construct(f.unchecked_ref::<js_sys::Function>(), &Array::of1(&JsValue::from_str(message)))
            .unwrap_or_else(|_| js_sys::Error::new(message).into()),
        None => js_sys::Error::new(message).into(),
    }
}

fn set(target: &JsValue, key: &str, value: impl Into<JsValue>) {
    set_value(target, key, value.into())
}

// One copy of the call, not one per property: the .wasm has a download budget.
#[inline(never)]
fn set_value(target: &JsValue, key: &str, value: JsValue) {
    // Setting a property of a fresh error object cannot fail.
    let _ = Reflect::set(target, &JsValue::from_str(key), &value);
}

/// The JavaScript error for an engine error.
pub(crate) fn to_js(e: Error) -> JsValue {
    let err = construct(e.kind(), &e.to_string());
    set(&err, "code", e.kind());
    // A card error's card and position (its other fields below).
    if let Error::DuplicateCard { card, position, .. }
    | Error::CardNotInHand { card, position }
    | Error::TooManyCopies { card, position, .. }
    | Error::JokerNotInDeck { card, position, .. } = &e
    {
        set(&err, "card", card.to_string());
        set(&err, "position", *position as u32);
    }
    match e {
        Error::UnknownRank { token, token_len, position } | Error::UnknownSuit { token, token_len, position } => {
            set(&err, "token", token);
            set(&err, "tokenLength", token_len as u32);
            set(&err, "position", position as u32);
        }
        Error::BadCardCode { code } => set(&err, "cardCode", code),
        Error::DuplicateCard { seats: Some(s), .. } => {
            // At a table: the seat of the second occurrence and of the first.
            set(&err, "seat", s.seat as u32);
            set(&err, "firstSeat", s.first as u32);
        }
        Error::TooManyCopies { copies, .. } => set(&err, "copies", copies),
        Error::JokerNotInDeck { jokers, .. } => set(&err, "jokers", jokers),
        Error::WrongCardCount { expected, found, lane } => {
            set(&err, "expected", expected as u32);
            set(&err, "found", found as u32);
            if let Some(lane) = lane {
                set(&err, "lane", lane.name());
            }
        }
        Error::InvalidRules { path, reason } => {
            set(&err, "path", path);
            set(&err, "reason", reason);
        }
        Error::SpecialNotAllowed { special, reason } => {
            set(&err, "special", special);
            set(&err, "reason", reason);
        }
        Error::UnknownPreset(name) => set(&err, "preset", name),
        Error::UnknownSpecial(name) => set(&err, "special", name),
        _ => {}
    }
    err
}

/// An engine error at row `row` of a batch.
pub(crate) fn at_row(e: shisanshui::batch::BatchError) -> JsValue {
    let row = e.row();
    let err = to_js(e.into_error());
    if let Some(row) = row {
        set(&err, "row", row as f64);
    }
    err
}

/// `Error::InvalidArgument` with this text, as a JavaScript error.
pub(crate) fn invalid(text: impl Into<String>) -> JsValue {
    to_js(Error::InvalidArgument(text.into()))
}

/// `.map_err(to_js)` for engine results.
pub(crate) trait OrThrow<T> {
    fn or_throw(self) -> JsResult<T>;
}

impl<T> OrThrow<T> for shisanshui::Result<T> {
    fn or_throw(self) -> JsResult<T> {
        self.map_err(to_js)
    }
}

/// A plain JavaScript value (objects, arrays, numbers, strings) of a serialisable result: its
/// JSON text crosses once and `JSON.parse` builds it (one string instead of one per key).
pub(crate) fn plain<T: serde::Serialize + ?Sized>(value: &T) -> JsResult<JsValue> {
    let text = serde_json::to_string(value).map_err(|e| invalid(format!("cannot convert the result: {e}")))?;
    js_sys::JSON::parse(&text).map_err(|_| invalid("cannot convert the result"))
}

/// A text argument: a JavaScript string, or `InvalidArgumentError` naming `what` it should be.
/// (A `&str` parameter would let wasm-bindgen read a number or an object as a string's
/// pointer and length: a trap, "memory access out of bounds", not an error.)
pub(crate) fn text_arg(v: &JsValue, what: &str) -> JsResult<String> {
    v.as_string().ok_or_else(|| invalid(format!("{what} must be a string, got {}", describe(v))))
}

/// A switch: `true` or `false`, or `None` for `undefined` and `null` (not JavaScript's
/// truthiness: `"no"` and `0` are refused, not taken as a value).
pub(crate) fn flag_arg(v: &JsValue, what: &str) -> JsResult<Option<bool>> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.as_bool().map(Some).ok_or_else(|| invalid(format!("{what} must be true or false, got {}", describe(v))))
}

/// A count or a seat index: a whole number from 0 to 2^32 - 1, or `None` for `undefined` and
/// `null`. (A `u32` parameter would take 4.5 as 4, "x" as 0 and -1 as 4294967295.)
pub(crate) fn index_arg(v: &JsValue, what: &str) -> JsResult<Option<usize>> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    match v.as_f64() {
        Some(x) if x.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&x) => Ok(Some(x as usize)),
        _ => Err(invalid(format!("{what} must be a whole number from 0, got {}", describe(v)))),
    }
}

/// What a JavaScript value is, for an error message: a number as written, a string's first 32
/// characters quoted, otherwise its type.
pub(crate) fn describe(v: &JsValue) -> String {
    if let Some(x) = v.as_f64() {
        return x.to_string();
    }
    if let Some(s) = v.as_string() {
        return format!("{:?}", excerpt(&s));
    }
    match v.js_typeof().as_string().as_deref() {
        Some("object") if v.is_null() => "null".into(),
        Some("object") if js_sys::Array::is_array(v) => "an array".into(),
        Some(t) => format!("a value of type {t}"),
        None => "a value".into(),
    }
}

/// The first 32 characters of a text an error quotes: bad input of any size makes a small error.
pub(crate) fn excerpt(text: &str) -> &str {
    match text.char_indices().nth(shisanshui::error::EXCERPT_CHARS) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}
