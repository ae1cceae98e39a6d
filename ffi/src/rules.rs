//! The rule set as an opaque handle: presets, JSON, the three ranking options, the table mode,
//! the majority bonus, the extra suits and the three joker options as getters/setters
//! (everything else through JSON), the deck's seat limit, clone, validate, free.

use engine::{JokerLanes, Rules, SuitSet, Table, Wheel};

use crate::boundary::{
    flag_in, handle_free, handle_mut, handle_new, handle_ref, text_in, Failure, Out, SssStatus, Tagged, TextOut,
};

/// A rule set (RULES.md §2–§9). Made by `sss_rules_new_preset`, `sss_rules_from_json` or
/// `sss_rules_clone`; released by `sss_rules_free`. Functions taking `const SssRules *` only
/// read it and may run on several threads at once; a setter needs exclusive access.
pub struct SssRules(Tagged<Rules>);
handle_type!(SssRules, Rules, b"sss:rule");

/// Where the wheel A-2-3-4-5 ranks among straights (RULES.md §3).
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[allow(non_camel_case_types)]
pub enum SssWheel {
    /// Below A-K-Q-J-10 and above K-Q-J-10-9.
    SSS_WHEEL_SECOND_HIGHEST = 0,
    /// Below 6-5-4-3-2, as in ordinary poker.
    SSS_WHEEL_LOWEST = 1,
}

pub(crate) fn wheel_in(value: u32) -> Result<Wheel, Failure> {
    match value {
        0 => Ok(Wheel::SecondHighest),
        1 => Ok(Wheel::Lowest),
        v => Err(Failure::invalid_argument(format!("wheel {v} is not 0 (second highest) or 1 (lowest)"))),
    }
}

fn wheel_out(wheel: Wheel) -> Result<SssWheel, Failure> {
    match wheel {
        Wheel::SecondHighest => Ok(SssWheel::SSS_WHEEL_SECOND_HIGHEST),
        Wheel::Lowest => Ok(SssWheel::SSS_WHEEL_LOWEST),
        // The engine's enum is non_exhaustive; a new option needs a number here first.
        other => Err(Failure::invalid_argument(format!("wheel option {other:?} has no C value yet"))),
    }
}

/// Which pairs of seats a round settles (RULES.md §5a).
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[allow(non_camel_case_types)]
pub enum SssTable {
    /// Every pair of seats (the default).
    SSS_TABLE_ALL_PAIRS = 0,
    /// Banker mode (庄家): only the pairs with the round's banker seat (`sss_settle_with_banker`).
    SSS_TABLE_BANKER = 1,
}

fn table_in(value: u32) -> Result<Table, Failure> {
    match value {
        0 => Ok(Table::AllPairs),
        1 => Ok(Table::Banker),
        v => Err(Failure::invalid_argument(format!("table {v} is not 0 (all pairs) or 1 (banker)"))),
    }
}

fn table_out(table: Table) -> Result<SssTable, Failure> {
    match table {
        Table::AllPairs => Ok(SssTable::SSS_TABLE_ALL_PAIRS),
        Table::Banker => Ok(SssTable::SSS_TABLE_BANKER),
        other => Err(Failure::invalid_argument(format!("table mode {other:?} has no C value yet"))),
    }
}

/// Most jokers a rule set's deck deals (RULES.md §12).
pub const SSS_MAX_JOKERS: u8 = 6;
const _: () = assert!(engine::deck::MAX_JOKERS == SSS_MAX_JOKERS);

/// How a lane with jokers is read when an arrangement is valued (RULES.md §12).
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[allow(non_camel_case_types)]
pub enum SssJokerLanes {
    /// Each lane takes its own best reading, even if the arrangement then fouls (the default).
    SSS_JOKER_LANES_EACH_BEST = 0,
    /// The lanes take the best readings that keep the arrangement from fouling, if any do.
    SSS_JOKER_LANES_AVOID_FOUL = 1,
}

fn joker_lanes_in(value: u32) -> Result<JokerLanes, Failure> {
    match value {
        0 => Ok(JokerLanes::EachBest),
        1 => Ok(JokerLanes::AvoidFoul),
        v => Err(Failure::invalid_argument(format!("joker_lanes {v} is not 0 (each best) or 1 (avoid foul)"))),
    }
}

fn joker_lanes_out(lanes: JokerLanes) -> Result<SssJokerLanes, Failure> {
    match lanes {
        JokerLanes::EachBest => Ok(SssJokerLanes::SSS_JOKER_LANES_EACH_BEST),
        JokerLanes::AvoidFoul => Ok(SssJokerLanes::SSS_JOKER_LANES_AVOID_FOUL),
        other => Err(Failure::invalid_argument(format!("joker lanes option {other:?} has no C value yet"))),
    }
}

/// Apply `change` to a copy of the rule set and keep it only if the result validates
/// (`SSS_ERR_INVALID_RULES` naming the field otherwise, the rule set unchanged).
fn set_validated(rules: &mut Rules, change: impl FnOnce(&mut Rules)) -> Result<(), Failure> {
    let mut next = rules.clone();
    change(&mut next);
    next.validate()?;
    *rules = next;
    Ok(())
}

fn new_handle(out: Out<*mut SssRules>, rules: Rules) {
    let ptr = handle_new::<SssRules>(rules);
    // SAFETY: `out` was checked when the call began and is still valid (caller's contract).
    unsafe { out.write(ptr) };
}

/// Make the rule set of a preset by name: `classic`, `regional`, `kx`, `hk`, `ranked` or
/// `chinese_poker` (ASCII case-insensitive). Errors: `SSS_ERR_UNKNOWN_PRESET`, `SSS_ERR_INVALID_UTF8`,
/// `SSS_ERR_NULL_POINTER`. Free the result with `sss_rules_free`.
///
/// # Safety
/// `name` must be valid for `len` bytes (or NULL when `len` is 0); `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_new_preset(name: *const u8, len: usize, out: *mut *mut SssRules) -> SssStatus {
    ffi_boundary!({
        let name = unsafe { text_in(name, len, "name")? };
        let out = unsafe { Out::new(out, "out")? };
        let rules = Rules::from_preset_name(name)?;
        new_handle(out, rules);
        Ok(())
    })
}

/// Load a rule set from JSON (the shape `sss_rules_to_json` writes) and validate it. The JSON
/// may name a `"preset"` to start from (default `classic`) and give only the fields it changes,
/// e.g. `{"preset": "kx", "lane_water": {"front_trips": 4}}`; a complete rule set loads as
/// itself. Errors: `SSS_ERR_INVALID_RULES` for malformed JSON, unknown fields, wrong types and
/// values out of range, the message naming the JSON path (e.g. `lane_water.front_trips`);
/// `SSS_ERR_UNKNOWN_PRESET` for a `"preset"` that is not one; `SSS_ERR_INVALID_UTF8`,
/// `SSS_ERR_NULL_POINTER`. Free the result with `sss_rules_free`.
///
/// # Safety
/// `json` must be valid for `len` bytes (or NULL when `len` is 0); `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_from_json(json: *const u8, len: usize, out: *mut *mut SssRules) -> SssStatus {
    ffi_boundary!({
        let json = unsafe { text_in(json, len, "json")? };
        let out = unsafe { Out::new(out, "out")? };
        let rules = Rules::from_json(json)?;
        new_handle(out, rules);
        Ok(())
    })
}

/// Copy the rule set as pretty-printed JSON into `buf` (see the copy-out convention; pass `cap`
/// 0 to ask for the length).
///
/// # Safety
/// `rules` must be a live handle; `buf` valid for `cap` bytes (or NULL when `cap` is 0);
/// `out_len` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_to_json(
    rules: *const SssRules,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { TextOut::new(buf, cap, out_len)? };
        unsafe { out.write(&rules.inner.to_json()) }
    })
}

/// Make an independent copy of a rule set. Free it with `sss_rules_free`.
///
/// # Safety
/// `rules` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_clone(rules: *const SssRules, out: *mut *mut SssRules) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out, "out")? };
        new_handle(out, rules.inner.clone());
        Ok(())
    })
}

/// Release a rule set. NULL is ignored. Each handle must be freed exactly once and not used
/// afterwards. A pointer that is not a live `SssRules` (a handle of another type, or one
/// already freed, as far as its tag tells: best effort) is not freed: the call only records an
/// `SSS_ERR_INVALID_HANDLE` message as the last error.
///
/// # Safety
/// `rules` must be NULL or a handle from this library that has not been freed.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_free(rules: *mut SssRules) {
    ffi_boundary!(fallback = (); { unsafe { handle_free(rules, "rules") } })
}

/// Check every value of the rule set for range and consistency (`SSS_ERR_INVALID_RULES`
/// naming the field). Sets through the setters cannot make a rule set invalid (a setter whose
/// value would is refused); this is for callers that want the check explicitly.
///
/// # Safety
/// `rules` must be a live handle.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_validate(rules: *const SssRules) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        rules.inner.validate()?;
        Ok(())
    })
}

/// Read where the wheel ranks: `SSS_WHEEL_SECOND_HIGHEST` or `SSS_WHEEL_LOWEST`.
///
/// # Safety
/// `rules` must be a live handle; `out_wheel` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_get_wheel(rules: *const SssRules, out_wheel: *mut u32) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out_wheel, "out_wheel")? };
        let w = wheel_out(rules.inner.wheel)?;
        unsafe { out.write(w as u32) };
        Ok(())
    })
}

/// Set where the wheel ranks (`SSS_WHEEL_*`; another value is `SSS_ERR_INVALID_ARGUMENT`).
///
/// # Safety
/// `rules` must be a live handle not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_set_wheel(rules: *mut SssRules, wheel: u32) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_mut(rules, "rules")? };
        rules.inner.wheel = wheel_in(wheel)?;
        Ok(())
    })
}

/// Read whether suits break ties when every rank is equal (1) or not (0).
///
/// # Safety
/// `rules` must be a live handle; `out_flag` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_get_suit_tiebreak(rules: *const SssRules, out_flag: *mut u8) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out_flag, "out_flag")? };
        unsafe { out.write(rules.inner.suit_tiebreak as u8) };
        Ok(())
    })
}

/// Set whether suits break ties: `flag` 0 or 1 (another value is `SSS_ERR_INVALID_ARGUMENT`).
///
/// # Safety
/// `rules` must be a live handle not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_set_suit_tiebreak(rules: *mut SssRules, flag: u8) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_mut(rules, "rules")? };
        rules.inner.suit_tiebreak = flag_in(flag, "flag")?;
        Ok(())
    })
}

/// Read whether equal lanes are a foul too (1) or not (0).
///
/// # Safety
/// `rules` must be a live handle; `out_flag` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_get_strict_order(rules: *const SssRules, out_flag: *mut u8) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out_flag, "out_flag")? };
        unsafe { out.write(rules.inner.strict_order as u8) };
        Ok(())
    })
}

/// Set whether equal lanes are a foul: `flag` 0 or 1 (another value is
/// `SSS_ERR_INVALID_ARGUMENT`).
///
/// # Safety
/// `rules` must be a live handle not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_set_strict_order(rules: *mut SssRules, flag: u8) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_mut(rules, "rules")? };
        rules.inner.strict_order = flag_in(flag, "flag")?;
        Ok(())
    })
}

/// Read which pairs a round settles: `SSS_TABLE_ALL_PAIRS` or `SSS_TABLE_BANKER`.
///
/// # Safety
/// `rules` must be a live handle; `out_table` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_get_table(rules: *const SssRules, out_table: *mut u32) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out_table, "out_table")? };
        let t = table_out(rules.inner.table)?;
        unsafe { out.write(t as u32) };
        Ok(())
    })
}

/// Set which pairs a round settles (`SSS_TABLE_*`; another value is `SSS_ERR_INVALID_ARGUMENT`).
/// Banker mode is pairwise only: `SSS_TABLE_BANKER` on a ranked rule set is
/// `SSS_ERR_INVALID_RULES` (at `table`), the rule set unchanged.
///
/// # Safety
/// `rules` must be a live handle not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_set_table(rules: *mut SssRules, table: u32) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_mut(rules, "rules")? };
        let table = table_in(table)?;
        set_validated(&mut rules.inner, |r| r.table = table)
    })
}

/// Read the majority bonus (2-4 scoring, RULES.md §4): the water a player who wins more lanes
/// of a pair than it loses receives on top of the lanes; 0 for none.
///
/// # Safety
/// `rules` must be a live handle; `out_water` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_get_majority_bonus(rules: *const SssRules, out_water: *mut u32) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out_water, "out_water")? };
        unsafe { out.write(rules.inner.majority_bonus) };
        Ok(())
    })
}

/// Set the majority bonus: 0 to 1000 water, and 0 under ranked scoring (pairwise only).
/// Anything else is `SSS_ERR_INVALID_RULES` (at `majority_bonus`), the rule set unchanged; a
/// negative C int converted to `uint32_t` is far out of range and refused the same way.
///
/// # Safety
/// `rules` must be a live handle not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_set_majority_bonus(rules: *mut SssRules, water: u32) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_mut(rules, "rules")? };
        set_validated(&mut rules.inner, |r| r.majority_bonus = water)
    })
}

/// Read the suits the deck holds twice (加色, RULES.md §11) as a bit mask, bit = suit code:
/// diamonds 1, clubs 2, hearts 4, spades 8; 0 for one deck of 52, 0xF for two decks of 104.
///
/// # Safety
/// `rules` must be a live handle; `out_mask` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_get_extra_suits(rules: *const SssRules, out_mask: *mut u8) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out_mask, "out_mask")? };
        unsafe { out.write(rules.inner.extra_suits.bits()) };
        Ok(())
    })
}

/// Set the suits the deck holds twice (bit = suit code: diamonds 1, clubs 2, hearts 4,
/// spades 8). Each extra suit adds 13 cards and one seat (RULES.md §11): 0 deals 2 to 4 seats,
/// 0xF (two decks) 2 to 8. A mask above 0xF is `SSS_ERR_INVALID_ARGUMENT`, the rule set unchanged.
///
/// # Safety
/// `rules` must be a live handle not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_set_extra_suits(rules: *mut SssRules, mask: u8) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_mut(rules, "rules")? };
        let suits = SuitSet::from_bits(mask)?;
        set_validated(&mut rules.inner, |r| r.extra_suits = suits)
    })
}

/// Read the most seats the rule set's deck deals 13 cards to: 4 plus one per extra suit, at
/// most `SSS_MAX_SEATS` (8).
///
/// # Safety
/// `rules` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_get_max_players(rules: *const SssRules, out: *mut u32) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out, "out")? };
        unsafe { out.write(rules.inner.max_players() as u32) };
        Ok(())
    })
}

/// Read how many jokers the deck deals (RULES.md §12): 0 to 6.
///
/// # Safety
/// `rules` must be a live handle; `out_jokers` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_get_jokers(rules: *const SssRules, out_jokers: *mut u8) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out_jokers, "out_jokers")? };
        unsafe { out.write(rules.inner.jokers) };
        Ok(())
    })
}

/// Set how many jokers the deck deals: 0 to 6, alternately small (code 52, `SJ`) and big (53,
/// `BJ`). Jokers add no seat. Anything else is `SSS_ERR_INVALID_RULES` (at `jokers`), the rule
/// set unchanged.
///
/// # Safety
/// `rules` must be a live handle not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_set_jokers(rules: *mut SssRules, jokers: u8) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_mut(rules, "rules")? };
        set_validated(&mut rules.inner, |r| r.jokers = jokers)
    })
}

/// Read how lanes with jokers are read: `SSS_JOKER_LANES_EACH_BEST` or `SSS_JOKER_LANES_AVOID_FOUL`.
///
/// # Safety
/// `rules` must be a live handle; `out_lanes` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_get_joker_lanes(rules: *const SssRules, out_lanes: *mut u32) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out_lanes, "out_lanes")? };
        let l = joker_lanes_out(rules.inner.joker_lanes)?;
        unsafe { out.write(l as u32) };
        Ok(())
    })
}

/// Set how lanes with jokers are read (`SSS_JOKER_LANES_*`; another value is
/// `SSS_ERR_INVALID_ARGUMENT`, the rule set unchanged).
///
/// # Safety
/// `rules` must be a live handle not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_set_joker_lanes(rules: *mut SssRules, lanes: u32) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_mut(rules, "rules")? };
        let lanes = joker_lanes_in(lanes)?;
        set_validated(&mut rules.inner, |r| r.joker_lanes = lanes)
    })
}

/// Read whether a hand holding a joker may make a special hand (1) or not (0).
///
/// # Safety
/// `rules` must be a live handle; `out_flag` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_get_jokers_in_specials(rules: *const SssRules, out_flag: *mut u8) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out_flag, "out_flag")? };
        unsafe { out.write(rules.inner.jokers_in_specials as u8) };
        Ok(())
    })
}

/// Set whether a hand holding a joker may make a special hand (0 or 1; another value is
/// `SSS_ERR_INVALID_ARGUMENT`, the rule set unchanged). On, a hand holding jokers makes every
/// special some choice of their cards makes (RULES.md §12).
///
/// # Safety
/// `rules` must be a live handle not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_set_jokers_in_specials(rules: *mut SssRules, flag: u8) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_mut(rules, "rules")? };
        let flag = flag_in(flag, "flag")?;
        set_validated(&mut rules.inner, |r| r.jokers_in_specials = flag)
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// `json` with the object value of `"field": {…}` (no nested braces) replaced by `with`.
    fn regex_free_replace(json: &str, field: &str, with: &str) -> String {
        let start = json.find(&format!("\"{field}\"")).unwrap();
        let end = start + json[start..].find('}').unwrap() + 1;
        format!("{}{with}{}", &json[..start], &json[end..])
    }
    use crate::boundary::tests::last_error;
    use std::ptr::{null, null_mut};

    /// A preset handle (test helper); panics on failure.
    pub(crate) fn preset(name: &str) -> *mut SssRules {
        let mut out = null_mut();
        assert_eq!(unsafe { sss_rules_new_preset(name.as_ptr(), name.len(), &mut out) }, SssStatus::SSS_OK);
        assert!(!out.is_null());
        out
    }

    pub(crate) fn to_json(rules: *const SssRules) -> String {
        let mut len = 0usize;
        assert_eq!(unsafe { sss_rules_to_json(rules, null_mut(), 0, &mut len) }, SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
        let mut buf = vec![0u8; len + 1];
        assert_eq!(unsafe { sss_rules_to_json(rules, buf.as_mut_ptr(), buf.len(), &mut len) }, SssStatus::SSS_OK);
        assert_eq!(buf[len], 0);
        String::from_utf8(buf[..len].to_vec()).unwrap()
    }

    fn from_json(json: &str) -> (SssStatus, *mut SssRules) {
        let mut out = null_mut();
        let st = unsafe { sss_rules_from_json(json.as_ptr(), json.len(), &mut out) };
        (st, out)
    }

    #[test]
    fn presets_match_the_engine() {
        for name in ["classic", "regional", "kx", "hk", "ranked", "chinese_poker", "KX", " hk "] {
            let r = preset(name);
            let expected = Rules::from_preset_name(name).unwrap();
            assert_eq!(unsafe { &(&*r).inner }, &expected);
            assert_eq!(unsafe { sss_rules_validate(r) }, SssStatus::SSS_OK);
            unsafe { sss_rules_free(r) };
        }
        let mut out = null_mut();
        assert_eq!(unsafe { sss_rules_new_preset(b"macau".as_ptr(), 5, &mut out) }, SssStatus::SSS_ERR_UNKNOWN_PRESET);
        assert!(out.is_null(), "no write on failure");
        assert!(last_error().contains("\"macau\""), "{}", last_error());
        assert_eq!(unsafe { sss_rules_new_preset(null(), 3, &mut out) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_rules_new_preset(b"kx".as_ptr(), 2, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out` is NULL");
    }

    #[test]
    fn json_round_trip_and_errors() {
        let hk = preset("hk");
        let json = to_json(hk);
        let (st, back) = from_json(&json);
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!(unsafe { &(&*back).inner }, unsafe { &(&*hk).inner });
        assert_eq!(to_json(back), json);

        let wrong_type = json.replace("\"front_trips\": 1", "\"front_trips\": \"three\"");
        assert_ne!(wrong_type, json);
        assert_eq!(from_json(&wrong_type).0, SssStatus::SSS_ERR_INVALID_RULES);
        assert!(last_error().contains("lane_water.front_trips"), "{}", last_error());

        let zero = json.replace("\"front_trips\": 1", "\"front_trips\": 0");
        assert_eq!(from_json(&zero).0, SssStatus::SSS_ERR_INVALID_RULES);
        assert!(last_error().contains("lane_water.front_trips"), "{}", last_error());

        assert_eq!(from_json("{\"wheel\": ").0, SssStatus::SSS_ERR_INVALID_RULES);
        assert_eq!(from_json("").0, SssStatus::SSS_ERR_INVALID_RULES);

        // Only the object form: a struct's fields as a positional array are refused.
        let lane_water = "\"lane_water\": [3, 2, 8, 4, 10, 5, 20, 10]";
        let positional = regex_free_replace(&to_json(hk), "lane_water", lane_water);
        let (st, r) = from_json(&positional);
        assert_eq!(st, SssStatus::SSS_ERR_INVALID_RULES);
        assert!(r.is_null());
        assert!(
            last_error().contains("at `lane_water`: invalid type: sequence, expected a JSON object of named fields"),
            "{}",
            last_error()
        );
        assert_eq!(from_json("[\"second_highest\", false]").0, SssStatus::SSS_ERR_INVALID_RULES);
        assert!(last_error().contains("expected a JSON object of named fields (struct Rules)"), "{}", last_error());
        // A huge bad value is quoted as an excerpt.
        let huge = format!("{{\"wheel\": \"{}\"}}", "x".repeat(10_000_000));
        assert_eq!(from_json(&huge).0, SssStatus::SSS_ERR_INVALID_RULES);
        assert!(crate::sss_last_error_length() < 400, "{}", crate::sss_last_error_length());
        assert!(last_error().contains("… (10000000 bytes)"), "{}", last_error());
        let bad_utf8 = [b'{', 0xC3];
        let mut out = null_mut();
        assert_eq!(unsafe { sss_rules_from_json(bad_utf8.as_ptr(), 2, &mut out) }, SssStatus::SSS_ERR_INVALID_UTF8);
        assert!(out.is_null());

        let mut small = [0u8; 8];
        let mut len = 0;
        assert_eq!(
            unsafe { sss_rules_to_json(hk, small.as_mut_ptr(), small.len(), &mut len) },
            SssStatus::SSS_ERR_BUFFER_TOO_SMALL
        );
        assert_eq!(len, json.len());
        assert_eq!(
            unsafe { sss_rules_to_json(null(), small.as_mut_ptr(), 8, &mut len) },
            SssStatus::SSS_ERR_NULL_POINTER
        );
        assert_eq!(last_error(), "argument `rules` is NULL");
        unsafe {
            sss_rules_free(hk);
            sss_rules_free(back);
            sss_rules_free(null_mut());
        }
    }

    #[test]
    fn options_get_set_and_clone() {
        let r = preset("classic");
        let mut w = 99u32;
        let mut f = 99u8;
        unsafe {
            assert_eq!(sss_rules_get_wheel(r, &mut w), SssStatus::SSS_OK);
            assert_eq!(w, SssWheel::SSS_WHEEL_SECOND_HIGHEST as u32);
            assert_eq!(sss_rules_set_wheel(r, 1), SssStatus::SSS_OK);
            assert_eq!(sss_rules_get_wheel(r, &mut w), SssStatus::SSS_OK);
            assert_eq!(w, 1);
            assert_eq!((&*r).inner.wheel, Wheel::Lowest);
            assert_eq!(sss_rules_set_wheel(r, 2), SssStatus::SSS_ERR_INVALID_ARGUMENT);
            assert!(last_error().contains("wheel 2"));
            assert_eq!((&*r).inner.wheel, Wheel::Lowest, "unchanged on failure");

            assert_eq!(sss_rules_set_suit_tiebreak(r, 1), SssStatus::SSS_OK);
            assert_eq!(sss_rules_get_suit_tiebreak(r, &mut f), SssStatus::SSS_OK);
            assert_eq!(f, 1);
            assert_eq!(sss_rules_set_suit_tiebreak(r, 2), SssStatus::SSS_ERR_INVALID_ARGUMENT);
            assert_eq!(sss_rules_set_strict_order(r, 1), SssStatus::SSS_OK);
            assert_eq!(sss_rules_get_strict_order(r, &mut f), SssStatus::SSS_OK);
            assert_eq!(f, 1);
            assert_eq!(sss_rules_set_strict_order(r, 255), SssStatus::SSS_ERR_INVALID_ARGUMENT);
            assert!((&*r).inner.strict_order);

            let mut c = null_mut();
            assert_eq!(sss_rules_clone(r, &mut c), SssStatus::SSS_OK);
            assert_ne!(c, r);
            assert_eq!((&*c).inner, (&*r).inner);
            assert_eq!(sss_rules_set_strict_order(c, 0), SssStatus::SSS_OK);
            assert!((&*r).inner.strict_order, "a clone is independent");

            assert_eq!(sss_rules_get_wheel(null(), &mut w), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_get_wheel(r, null_mut()), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_set_wheel(null_mut(), 0), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_get_suit_tiebreak(r, null_mut()), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_get_strict_order(null(), &mut f), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_clone(null(), &mut c), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_clone(r, null_mut()), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_validate(null()), SssStatus::SSS_ERR_NULL_POINTER);
            sss_rules_free(r);
            sss_rules_free(c);
        }
    }

    #[test]
    fn table_and_majority_bonus() {
        let (kx, ranked) = (preset("kx"), preset("ranked"));
        let (mut t, mut m) = (99u32, 99u32);
        unsafe {
            assert_eq!(sss_rules_get_table(kx, &mut t), SssStatus::SSS_OK);
            assert_eq!(t, SssTable::SSS_TABLE_ALL_PAIRS as u32);
            assert_eq!(sss_rules_set_table(kx, SssTable::SSS_TABLE_BANKER as u32), SssStatus::SSS_OK);
            assert_eq!(sss_rules_get_table(kx, &mut t), SssStatus::SSS_OK);
            assert_eq!(t, 1);
            assert_eq!((&*kx).inner.table, Table::Banker);
            assert_eq!(sss_rules_set_table(kx, 2), SssStatus::SSS_ERR_INVALID_ARGUMENT);
            assert!(last_error().contains("table 2"), "{}", last_error());
            assert!(to_json(kx).contains("\"table\": \"banker\""));

            assert_eq!(sss_rules_get_majority_bonus(kx, &mut m), SssStatus::SSS_OK);
            assert_eq!(m, 0);
            assert_eq!(sss_rules_set_majority_bonus(kx, 2), SssStatus::SSS_OK);
            assert_eq!(sss_rules_get_majority_bonus(kx, &mut m), SssStatus::SSS_OK);
            assert_eq!(m, 2);
            assert_eq!(sss_rules_set_majority_bonus(kx, 1001), SssStatus::SSS_ERR_INVALID_RULES);
            assert!(last_error().contains("majority_bonus"), "{}", last_error());
            assert_eq!(sss_rules_set_majority_bonus(kx, -1i32 as u32), SssStatus::SSS_ERR_INVALID_RULES);
            assert_eq!((&*kx).inner.majority_bonus, 2, "unchanged on failure");

            // Pairwise-only options on a ranked rule set: refused, the rule set unchanged.
            assert_eq!(sss_rules_set_table(ranked, 1), SssStatus::SSS_ERR_INVALID_RULES);
            assert!(last_error().contains("at `table`"), "{}", last_error());
            assert_eq!(sss_rules_set_majority_bonus(ranked, 1), SssStatus::SSS_ERR_INVALID_RULES);
            assert!(last_error().contains("at `majority_bonus`"), "{}", last_error());
            assert_eq!((&*ranked).inner, Rules::preset(engine::Preset::Ranked));
            assert_eq!(sss_rules_set_table(ranked, 0), SssStatus::SSS_OK);

            let cp = preset("chinese_poker");
            assert_eq!(sss_rules_get_majority_bonus(cp, &mut m), SssStatus::SSS_OK);
            assert_eq!(m, 1);
            assert_eq!(sss_rules_get_table(null(), &mut t), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_get_table(kx, null_mut()), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_set_table(null_mut(), 0), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_get_majority_bonus(kx, null_mut()), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_set_majority_bonus(null_mut(), 0), SssStatus::SSS_ERR_NULL_POINTER);
            sss_rules_free(kx);
            sss_rules_free(ranked);
            sss_rules_free(cp);
        }
    }

    #[test]
    fn joker_options_get_set_and_refuse() {
        let r = preset("classic");
        unsafe {
            let (mut n, mut lanes, mut flag) = (9u8, 9u32, 9u8);
            assert_eq!(sss_rules_set_jokers(r, 2), SssStatus::SSS_OK);
            assert_eq!(sss_rules_get_jokers(r, &mut n), SssStatus::SSS_OK);
            assert_eq!(n, 2);
            assert_eq!(sss_rules_set_jokers(r, 7), SssStatus::SSS_ERR_INVALID_RULES);
            assert!(last_error().contains("jokers") && last_error().contains('7'), "{}", last_error());
            assert_eq!((&*r).inner.jokers, 2, "unchanged on failure");

            assert_eq!(sss_rules_set_joker_lanes(r, 1), SssStatus::SSS_OK);
            assert_eq!(sss_rules_get_joker_lanes(r, &mut lanes), SssStatus::SSS_OK);
            assert_eq!(lanes, SssJokerLanes::SSS_JOKER_LANES_AVOID_FOUL as u32);
            assert_eq!((&*r).inner.joker_lanes, JokerLanes::AvoidFoul);
            assert_eq!(sss_rules_set_joker_lanes(r, 5), SssStatus::SSS_ERR_INVALID_ARGUMENT);
            assert!(last_error().contains("joker_lanes 5"), "{}", last_error());
            assert_eq!((&*r).inner.joker_lanes, JokerLanes::AvoidFoul);

            assert_eq!(sss_rules_set_jokers_in_specials(r, 2), SssStatus::SSS_ERR_INVALID_ARGUMENT);
            assert!(last_error().contains("flag"), "{}", last_error());
            assert_eq!(sss_rules_get_jokers_in_specials(r, &mut flag), SssStatus::SSS_OK);
            assert_eq!(flag, 0);
            assert_eq!(sss_rules_set_jokers_in_specials(r, 1), SssStatus::SSS_OK);
            assert!((&*r).inner.jokers_in_specials && (&*r).inner.jokers > 0);

            assert_eq!(sss_rules_get_jokers(null(), &mut n), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_get_joker_lanes(r, null_mut()), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_set_jokers(null_mut(), 1), SssStatus::SSS_ERR_NULL_POINTER);
            sss_rules_free(r);
        }
    }

    #[test]
    fn extra_suits_get_set_and_json() {
        let r = preset("classic");
        let (mut m, mut p) = (99u8, 99u32);
        unsafe {
            assert_eq!(sss_rules_get_extra_suits(r, &mut m), SssStatus::SSS_OK);
            assert_eq!(m, 0);
            assert_eq!(sss_rules_get_max_players(r, &mut p), SssStatus::SSS_OK);
            assert_eq!(p, 4);
            // Spades and hearts: bits 8 and 4.
            assert_eq!(sss_rules_set_extra_suits(r, 0xC), SssStatus::SSS_OK);
            assert_eq!(sss_rules_get_extra_suits(r, &mut m), SssStatus::SSS_OK);
            assert_eq!(m, 0xC);
            assert_eq!((&*r).inner.extra_suits, "sh".parse::<SuitSet>().unwrap());
            assert_eq!(sss_rules_get_max_players(r, &mut p), SssStatus::SSS_OK);
            assert_eq!(p, 6);
            let json = to_json(r);
            assert!(json.contains("\"extra_suits\": [\n    \"h\",\n    \"s\"\n  ]"), "{json}");
            let (st, back) = from_json(&json);
            assert_eq!(st, SssStatus::SSS_OK);
            assert_eq!(sss_rules_get_extra_suits(back, &mut m), SssStatus::SSS_OK);
            assert_eq!(m, 0xC);

            assert_eq!(sss_rules_set_extra_suits(r, 0x10), SssStatus::SSS_ERR_INVALID_ARGUMENT);
            assert!(last_error().contains("0x10"), "{}", last_error());
            assert_eq!(sss_rules_set_extra_suits(r, 0xFF), SssStatus::SSS_ERR_INVALID_ARGUMENT);
            assert_eq!((&*r).inner.extra_suits.bits(), 0xC, "unchanged on failure");
            assert_eq!(sss_rules_set_extra_suits(r, 0xF), SssStatus::SSS_OK);
            assert_eq!(sss_rules_get_max_players(r, &mut p), SssStatus::SSS_OK);
            assert_eq!(p, 8);

            let (st, bad) = from_json(&json.replace("\"h\",", "\"h\", \"h\","));
            assert_eq!(st, SssStatus::SSS_ERR_INVALID_RULES);
            assert!(bad.is_null());
            assert!(last_error().contains("extra_suits"), "{}", last_error());

            assert_eq!(sss_rules_get_extra_suits(null(), &mut m), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_get_extra_suits(r, null_mut()), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_set_extra_suits(null_mut(), 1), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_get_max_players(null(), &mut p), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_rules_get_max_players(r, null_mut()), SssStatus::SSS_ERR_NULL_POINTER);
            sss_rules_free(r);
            sss_rules_free(back);
        }
    }

    #[test]
    fn validate_reports_the_field() {
        let r = preset("classic");
        unsafe {
            (&mut *r).inner.lane_water.back_quads = 0;
            assert_eq!(sss_rules_validate(r), SssStatus::SSS_ERR_INVALID_RULES);
            sss_rules_free(r);
        }
        assert!(last_error().contains("lane_water.back_quads"), "{}", last_error());
    }
}
