//! The handle tags: every entry point that takes a handle refuses a live handle of another type
//! and one whose tag says it was freed (`SSS_ERR_INVALID_HANDLE`, nothing written), and the free
//! functions leave such pointers alone. Deterministic: no test reads freed memory; a freed
//! handle is simulated by writing the freed tag into a live one.

use std::ptr::{null_mut, NonNull};

use crate::arrange::*;
use crate::boundary::tests::last_error;
use crate::boundary::{handle_new, SssStatus, TAG_FREED};
use crate::deal::*;
use crate::eval::*;
use crate::rules::tests::preset;
use crate::rules::*;
use crate::settle::tests::{arr, codes};
use crate::settle::*;
use crate::special::*;

const INVALID: SssStatus = SssStatus::SSS_ERR_INVALID_HANDLE;

/// A zeroed out-struct (all of them are plain C data, for which zero is a value).
fn zeroed<T>() -> T {
    // SAFETY: only used for the repr(C) integer/float structs of the ABI.
    unsafe { std::mem::zeroed() }
}

fn expect_invalid(st: SssStatus, arg: &str, ty: &str) {
    assert_eq!(st, INVALID, "{}", last_error());
    let m = last_error();
    assert!(m.contains(&format!("argument `{arg}` is not a live {ty} handle")), "{m}");
}

struct Table {
    rules: *mut SssRules,
    arranger: *mut SssArranger,
    settlement: *mut SssSettlement,
}

fn table() -> Table {
    let rules = preset("classic");
    let mut arranger = null_mut();
    assert_eq!(unsafe { sss_arranger_new(rules, 4, &mut arranger) }, SssStatus::SSS_OK);
    let seats = [arr("As Ks Qs / Jh Th 9h 8h 7h / 6d 5d 4d 3d 2d"), arr("Ac Kc Qc / Jd Td 9d 8d 6c / 5c 4c 3c 2c 7c")];
    let mut settlement = null_mut();
    assert_eq!(unsafe { sss_settle(rules, seats.as_ptr(), 2, &mut settlement) }, SssStatus::SSS_OK);
    Table { rules, arranger, settlement }
}

impl Drop for Table {
    fn drop(&mut self) {
        unsafe {
            sss_settlement_free(self.settlement);
            sss_arranger_free(self.arranger);
            sss_rules_free(self.rules);
        }
    }
}

/// Every function taking `const SssRules *` / `SssRules *`, called with `r` and otherwise valid
/// arguments; the status of each.
fn rules_calls(r: *mut SssRules) -> Vec<(&'static str, SssStatus)> {
    let hand = codes("As Ks Qs Js Ts");
    let h13 = codes("As Ks Qs Jh Th 9h 8h 7h 6d 5d 4d 3d 2d");
    let seats = [arr("As Ks Qs / Jh Th 9h 8h 7h / 6d 5d 4d 3d 2d"), arr("Ac Kc Qc / Jd Td 9d 8d 6c / 5c 4c 3c 2c 7c")];
    let mut buf = [0u8; 4096];
    let (mut n, mut w, mut f) = (0usize, 0u32, 0u8);
    let mut order = 0i32;
    let mut out_rules = null_mut();
    let mut out_arranger = null_mut();
    let mut out_settlement = null_mut();
    let t = table();
    let calls = unsafe {
        vec![
            ("to_json", sss_rules_to_json(r, buf.as_mut_ptr(), buf.len(), &mut n)),
            ("clone", sss_rules_clone(r, &mut out_rules)),
            ("validate", sss_rules_validate(r)),
            ("get_wheel", sss_rules_get_wheel(r, &mut w)),
            ("set_wheel", sss_rules_set_wheel(r, 1)),
            ("get_suit_tiebreak", sss_rules_get_suit_tiebreak(r, &mut f)),
            ("set_suit_tiebreak", sss_rules_set_suit_tiebreak(r, 1)),
            ("get_strict_order", sss_rules_get_strict_order(r, &mut f)),
            ("set_strict_order", sss_rules_set_strict_order(r, 1)),
            ("evaluate", sss_evaluate(r, hand.as_ptr(), 5, &mut zeroed())),
            ("compare", sss_compare(r, hand.as_ptr(), 5, hand.as_ptr(), 5, &mut order)),
            (
                "arrangement_check",
                sss_arrangement_check(r, h13.as_ptr(), 3, h13[3..].as_ptr(), 5, h13[8..].as_ptr(), 5, &mut zeroed()),
            ),
            ("arrangement_check13", sss_arrangement_check13(r, h13.as_ptr(), 13, &mut zeroed())),
            ("special_detect", sss_special_detect(r, h13.as_ptr(), 13, &mut zeroed())),
            ("special_water", sss_special_water(r, 1, &mut w)),
            ("get_specials", sss_rules_get_specials(r, buf.as_mut_ptr(), buf.len(), &mut n)),
            ("arranger_new", sss_arranger_new(r, 4, &mut out_arranger)),
            ("settle", sss_settle(r, seats.as_ptr(), 2, &mut out_settlement)),
            ("settle_into", sss_settle_into(r, seats.as_ptr(), 2, t.settlement)),
            ("deck", sss_deck(r, buf.as_mut_ptr(), buf.len(), &mut n)),
            ("deal_for", sss_deal_for(r, 4, 7, buf.as_mut_ptr(), buf.len(), &mut n)),
            ("deal_for_unseeded", sss_deal_for_unseeded(r, 4, buf.as_mut_ptr(), buf.len(), &mut n)),
            ("shuffled_deck_for", sss_shuffled_deck_for(r, 7, buf.as_mut_ptr(), buf.len(), &mut n)),
        ]
    };
    // Successful calls made handles; release them.
    unsafe {
        sss_rules_free(out_rules);
        sss_arranger_free(out_arranger);
        sss_settlement_free(out_settlement);
    }
    calls
}

fn arranger_calls(a: *mut SssArranger) -> Vec<(&'static str, SssStatus)> {
    let h13 = codes("As Ks Qs Jh Th 9h 8h 7h 6d 5d 4d 3d 2d");
    let mut players = 0u32;
    let mut out_rules = null_mut();
    let mut list: [SssSuggestion; 4] = zeroed();
    let mut n = 0usize;
    let mut water = 0f64;
    let calls = unsafe {
        vec![
            ("get_players", sss_arranger_get_players(a, &mut players)),
            ("get_rules", sss_arranger_get_rules(a, &mut out_rules)),
            ("arrange", sss_arrange(a, h13.as_ptr(), 13, &mut zeroed())),
            ("suggest", sss_suggest(a, h13.as_ptr(), 13, 2, list.as_mut_ptr(), list.len(), &mut n)),
            ("special_advice", sss_special_advice(a, h13.as_ptr(), 13, &mut zeroed())),
            ("expected_water", sss_arranger_expected_water(a, h13.as_ptr(), 13, &mut water)),
        ]
    };
    unsafe { sss_rules_free(out_rules) };
    calls
}

fn settlement_calls(s: *mut SssSettlement) -> Vec<(&'static str, SssStatus)> {
    let mut water: [SssWater; 16] = zeroed();
    let mut n = 0usize;
    let mut buf = [0u8; 1 << 16];
    let t = table();
    let seats = [arr("As Ks Qs / Jh Th 9h 8h 7h / 6d 5d 4d 3d 2d"), arr("Ac Kc Qc / Jd Td 9d 8d 6c / 5c 4c 3c 2c 7c")];
    unsafe {
        vec![
            ("info", sss_settlement_info(s, &mut zeroed())),
            ("totals", sss_settlement_totals(s, water.as_mut_ptr(), water.len(), &mut n)),
            ("matrix", sss_settlement_matrix(s, water.as_mut_ptr(), water.len(), &mut n)),
            ("seat", sss_settlement_seat(s, 0, &mut zeroed())),
            ("pair", sss_settlement_pair(s, 0, &mut zeroed())),
            ("event", sss_settlement_event(s, 0, &mut zeroed())),
            ("to_json", sss_settlement_to_json(s, buf.as_mut_ptr(), buf.len(), &mut n)),
            ("settle_into", sss_settle_into(t.rules, seats.as_ptr(), 2, s)),
        ]
    }
}

#[test]
fn the_calls_work_on_the_right_handles() {
    // The same calls with the right handles succeed (except `event 0`, which this round may
    // lack), so the refusals below are about the handle alone.
    let t = table();
    let hk = preset("hk");
    for (name, st) in rules_calls(hk).into_iter().chain(arranger_calls(t.arranger)) {
        assert_eq!(st, SssStatus::SSS_OK, "{name}: {}", last_error());
    }
    unsafe { sss_rules_free(hk) };
    for (name, st) in settlement_calls(t.settlement) {
        assert!(st == SssStatus::SSS_OK || name == "event", "{name}: {st:?} {}", last_error());
    }
}

#[test]
fn a_handle_of_another_type_is_refused() {
    let t = table();
    for wrong in [t.arranger.cast::<SssRules>(), t.settlement.cast::<SssRules>()] {
        for (name, st) in rules_calls(wrong) {
            assert_eq!(st, INVALID, "{name}");
            expect_invalid(st, "rules", "SssRules");
        }
    }
    for wrong in [t.rules.cast::<SssArranger>(), t.settlement.cast::<SssArranger>()] {
        for (name, st) in arranger_calls(wrong) {
            assert_eq!(st, INVALID, "{name}");
            expect_invalid(st, "arranger", "SssArranger");
        }
    }
    for wrong in [t.rules.cast::<SssSettlement>(), t.arranger.cast::<SssSettlement>()] {
        for (name, st) in settlement_calls(wrong) {
            assert_eq!(st, INVALID, "{name}");
            expect_invalid(st, "settlement", "SssSettlement");
        }
    }
    // The handles themselves are untouched and still work.
    let mut players = 0u32;
    assert_eq!(unsafe { sss_arranger_get_players(t.arranger, &mut players) }, SssStatus::SSS_OK);
    assert_eq!(players, 4);
    let mut wheel = 9u32;
    assert_eq!(unsafe { sss_rules_get_wheel(t.rules, &mut wheel) }, SssStatus::SSS_OK);
    assert_eq!(wheel, 0, "the setters with a wrong handle changed nothing");
}

#[test]
fn a_wrong_type_is_not_freed() {
    let t = table();
    unsafe { sss_rules_free(t.arranger.cast()) };
    expect_invalid(INVALID, "rules", "SssRules");
    unsafe { sss_arranger_free(t.settlement.cast()) };
    expect_invalid(INVALID, "arranger", "SssArranger");
    unsafe { sss_settlement_free(t.rules.cast()) };
    expect_invalid(INVALID, "settlement", "SssSettlement");
    // All three are still alive (and freed properly by `Table`'s drop).
    let mut players = 0u32;
    assert_eq!(unsafe { sss_arranger_get_players(t.arranger, &mut players) }, SssStatus::SSS_OK);
    assert_eq!(unsafe { sss_settlement_info(t.settlement, &mut zeroed()) }, SssStatus::SSS_OK);
    assert_eq!(unsafe { sss_rules_validate(t.rules) }, SssStatus::SSS_OK);
}

/// Run `f` on a live handle whose tag reads as freed (what `*_free` leaves until the memory is
/// reused), then restore the tag so that the handle can be freed for real.
fn with_freed_tag<H>(h: *mut H, f: impl FnOnce()) {
    let tag = h.cast::<u64>();
    let saved = unsafe { tag.read() };
    unsafe { tag.write(TAG_FREED) };
    f();
    unsafe { tag.write(saved) };
}

#[test]
fn a_freed_tag_is_refused_and_not_freed_again() {
    let t = table();
    with_freed_tag(t.rules, || {
        for (name, st) in rules_calls(t.rules) {
            assert_eq!(st, INVALID, "{name}");
            assert!(last_error().ends_with("(already freed)"), "{}", last_error());
        }
        unsafe { sss_rules_free(t.rules) };
        assert!(last_error().contains("`rules` is not a live SssRules handle (already freed)"), "{}", last_error());
    });
    with_freed_tag(t.arranger, || {
        for (name, st) in arranger_calls(t.arranger) {
            assert_eq!(st, INVALID, "{name}");
        }
        unsafe { sss_arranger_free(t.arranger) };
        assert!(last_error().contains("(already freed)"));
    });
    with_freed_tag(t.settlement, || {
        for (name, st) in settlement_calls(t.settlement) {
            assert_eq!(st, INVALID, "{name}");
        }
        unsafe { sss_settlement_free(t.settlement) };
        assert!(last_error().contains("(already freed)"));
    });
    // Restored: alive again, freed by drop.
    assert_eq!(unsafe { sss_rules_validate(t.rules) }, SssStatus::SSS_OK);
}

#[test]
fn junk_and_misaligned_pointers_are_refused() {
    // Memory that is no handle at all (zeros, text), and a pointer into the middle of a handle.
    let mut junk = [0u64; 8];
    let r = junk.as_mut_ptr().cast::<SssRules>();
    for (name, st) in rules_calls(r) {
        assert_eq!(st, INVALID, "{name}");
    }
    // Another type's tag, but no arranger behind it (written through `r`, which C would hold).
    unsafe { r.cast::<u64>().write(u64::from_le_bytes(*b"sss:arng")) };
    unsafe { sss_rules_free(r) };
    assert!(last_error().contains("a handle of another type"), "{}", last_error());
    let t = table();
    let inside = NonNull::new(unsafe { t.rules.cast::<u8>().add(4) }).unwrap().as_ptr().cast::<SssRules>();
    assert_eq!(unsafe { sss_rules_validate(inside) }, INVALID);
    assert!(last_error().ends_with("(misaligned)"), "{}", last_error());
    // NULL is still a NULL-pointer error, and freeing NULL still does nothing.
    assert_eq!(unsafe { sss_rules_validate(std::ptr::null()) }, SssStatus::SSS_ERR_NULL_POINTER);
    unsafe { sss_rules_free(null_mut()) };
}

#[test]
fn a_new_handle_carries_its_tag() {
    let r = handle_new::<SssRules>(engine::Rules::classic());
    assert_eq!(unsafe { r.cast::<u64>().read() }, u64::from_le_bytes(*b"sss:rule"));
    assert_eq!(unsafe { sss_rules_validate(r) }, SssStatus::SSS_OK);
    unsafe { sss_rules_free(r) };
}
