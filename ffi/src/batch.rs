//! Batches (`sss_*_many`): many hands or rounds per call, into arrays the caller owns, on one
//! thread or several. Shells over the engine's `shisanshui::batch::Batch`.
//!
//! The conventions they share are in the documentation of [`sss_evaluate5_many`] (the header
//! shows it there).

use engine::batch::{Batch, BatchError};
use engine::{Evaluator, HandRank, Settler, SpecialDetector, Water};

use crate::arrange::SssArranger;
use crate::boundary::{handle_ref, slice_in, Failure};
use crate::rules::SssRules;
use crate::SssStatus;

/// A batch failure as the boundary reports it, with the row written to `error_row`.
fn failure(e: BatchError, error_row: *mut usize) -> Failure {
    if !error_row.is_null() && (error_row as usize) & (std::mem::align_of::<usize>() - 1) == 0 {
        // SAFETY: the caller's contract: NULL or valid for a write of `size_t`.
        unsafe { error_row.write(e.row().unwrap_or(usize::MAX)) };
    }
    let message = e.to_string();
    Failure { status: Failure::from(e.into_error()).status, message }
}

/// An output array `(ptr, len)`; NULL is accepted when `len` is 0. The engine only writes to it.
///
/// # Safety
/// When non-NULL, `ptr` must be valid for writes of `len` values of `T` for `'a`, with no other
/// access meanwhile.
unsafe fn slice_out<'a, T>(ptr: *mut T, len: usize, name: &str) -> Result<&'a mut [T], Failure> {
    if len == 0 {
        return Ok(&mut []);
    }
    if ptr.is_null() {
        return Err(Failure::null(name));
    }
    let fits = matches!(len.checked_mul(std::mem::size_of::<T>()), Some(b) if b <= isize::MAX as usize);
    if !fits {
        return Err(Failure::invalid_argument(format!("length {len} of argument `{name}` is too large")));
    }
    // Alignments are powers of two (and `is_aligned` is newer than the workspace's MSRV).
    if (ptr as usize) & (std::mem::align_of::<T>() - 1) != 0 {
        return Err(Failure::invalid_argument(format!("argument `{name}` is not aligned")));
    }
    // SAFETY: non-NULL, aligned, size checked; validity is the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

/// `n` hands of `N` codes from a flat byte array of `n × N` bytes.
///
/// # Safety
/// As [`slice_in`] for `n × N` bytes.
unsafe fn hands_in<'a, const N: usize>(codes: *const u8, n: usize, name: &str) -> Result<&'a [[u8; N]], Failure> {
    // `[u8; N]` has alignment 1 and size N: the flat array read as hands.
    unsafe { slice_in(codes.cast::<[u8; N]>(), n, name) }
}

/// Output ranks: `HandRank` is `repr(transparent)` over its `u32` value.
///
/// # Safety
/// As [`slice_out`] for `n` values of `uint32_t`.
unsafe fn ranks_out<'a>(out: *mut u32, n: usize, name: &str) -> Result<&'a mut [HandRank], Failure> {
    unsafe { slice_out(out.cast::<HandRank>(), n, name) }
}

/// A mask batch's failure: a mask without the hand's number of bits may be a hand with copies
/// (RULES.md §11) that no bit set can hold, so the message says where such hands go.
fn mask_failure(e: BatchError, error_row: *mut usize, codes_entry: &str) -> Failure {
    let mut f = failure(e, error_row);
    if f.status == SssStatus::SSS_ERR_WRONG_CARD_COUNT {
        f.message.push_str(&format!(
            " (a card mask holds each card once; pass a hand with copies as card codes to {codes_entry})"
        ));
    }
    f
}

fn batch(threads: u32) -> Batch {
    Batch::new().threads(threads as usize)
}

/// Evaluate `n_hands` five-card hands given as card codes, 5 bytes per hand (`codes` holds
/// `n_hands × 5` bytes): `out_values[i]` is the `SssHandRank.value` `sss_evaluate` gives hand `i`
/// (compare values to compare hands; the category is `value >> 22`).
///
/// Hands in enumeration order (or any sorted order) are about twice as fast as shuffled ones:
/// neighbours that share their first three cards share most of the work.
///
/// With extra suits (RULES.md §11) a hand may hold two copies of a card of an extra suit (five
/// of a kind, flushes with a pair), as in `sss_evaluate`. Where the rule set deals jokers
/// (RULES.md §12) a hand may hold codes 52 and 53 as often as the deck deals them, and is worth
/// its best value, as in `sss_evaluate`.
///
/// Errors (nothing written to `out_values`): `SSS_ERR_BAD_CARD_CODE` (a joker code under a rule
/// set without jokers included), `SSS_ERR_DUPLICATE_CARD`, `SSS_ERR_TOO_MANY_COPIES` or
/// `SSS_ERR_JOKER_NOT_IN_DECK` (message `row R: …`), `SSS_ERR_NULL_POINTER`.
///
/// The batch functions (`sss_*_many`) all work alike:
///
/// - Inputs are flat arrays of card codes (`n × 5`, `n × 3` or `n × 13` bytes, hand after
///   hand) or of 64-bit card masks (bit `code` set per card); outputs are arrays of `n` values
///   (or `n × 13` codes). NULL is accepted for an array only when `n` is 0.
/// - `threads`: 1 runs on the calling thread only; `t > 1` uses up to `t` threads (the calling
///   thread and `t - 1` more, started and joined inside the call); 0 uses one per core. The
///   results do not depend on it.
/// - Every input is checked before anything is computed: codes below 52 (and 52, 53 where the
///   rule set deals jokers), no card more often than the rule set's deck holds it (once, twice
///   for an extra suit, a joker as often as the deck deals it), masks with exactly the hand's
///   number of bits. A mask holds each card once (bits 52 and 53: one of each joker), so hands
///   with copies go in as codes. Rows with jokers give what the one-hand functions give them.
///   **A failed call writes nothing to its output arrays.** The last-error message starts with `row R: ` when the failure is
///   about one row (a hand, or a round for `sss_settle_many`): R is the first bad row, whatever
///   the thread count.
/// - `out_error_row`, when not NULL, receives that row on such a failure and `SIZE_MAX` on an
///   engine failure about the whole call (such as a bad seat count); it is left alone on
///   success and on argument failures (NULL pointers, bad handles). It is the one
///   out-parameter written on failure.
///
/// # Safety
/// `rules` must be a live handle; `codes` valid for `n_hands × 5` bytes and `out_values` for
/// `n_hands` writes (either may be NULL when `n_hands` is 0); `out_error_row` NULL or valid for
/// a write.
#[no_mangle]
pub unsafe extern "C" fn sss_evaluate5_many(
    rules: *const SssRules,
    codes: *const u8,
    n_hands: usize,
    out_values: *mut u32,
    threads: u32,
    out_error_row: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let hands = unsafe { hands_in::<5>(codes, n_hands, "codes")? };
        let out = unsafe { ranks_out(out_values, n_hands, "out_values")? };
        let eval = Evaluator::new(&rules.inner);
        batch(threads).eval5(&eval, hands, out).map_err(|e| failure(e, out_error_row))
    })
}

/// Evaluate `n_hands` five-card hands given as 64-bit card masks (bit `code` set for each
/// card): `out_values[i]` as in `sss_evaluate5_many`. A bit set holds each card once: a hand
/// with two copies of a card (extra suits, RULES.md §11) cannot be a mask; pass it as codes to
/// `sss_evaluate5_many`. Bits 52 and 53 are the small and the big joker where the rule set deals
/// them (RULES.md §12).
///
/// Errors (nothing written): `SSS_ERR_BAD_CARD_CODE` (a bit at 52 or above, but a joker's where
/// the rule set deals jokers), `SSS_ERR_JOKER_NOT_IN_DECK` (bit 53 where the deck deals one joker),
/// `SSS_ERR_WRONG_CARD_COUNT` (not exactly 5 bits; the message says that a mask holds each card
/// once), with `row R: ` in the message;
/// `SSS_ERR_NULL_POINTER`, `SSS_ERR_INVALID_ARGUMENT` (misaligned `masks`).
///
/// # Safety
/// As `sss_evaluate5_many`, with `masks` valid for `n_hands` reads of `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn sss_evaluate5_masks_many(
    rules: *const SssRules,
    masks: *const u64,
    n_hands: usize,
    out_values: *mut u32,
    threads: u32,
    out_error_row: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let masks = unsafe { slice_in(masks, n_hands, "masks")? };
        let out = unsafe { ranks_out(out_values, n_hands, "out_values")? };
        let eval = Evaluator::new(&rules.inner);
        batch(threads).eval5_masks(&eval, masks, out).map_err(|e| mask_failure(e, out_error_row, "sss_evaluate5_many"))
    })
}

/// Evaluate `n_hands` three-card hands (fronts) given as card codes, 3 bytes per hand. As
/// `sss_evaluate5_many`.
///
/// # Safety
/// As `sss_evaluate5_many`, with `codes` valid for `n_hands × 3` bytes.
#[no_mangle]
pub unsafe extern "C" fn sss_evaluate3_many(
    rules: *const SssRules,
    codes: *const u8,
    n_hands: usize,
    out_values: *mut u32,
    threads: u32,
    out_error_row: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let hands = unsafe { hands_in::<3>(codes, n_hands, "codes")? };
        let out = unsafe { ranks_out(out_values, n_hands, "out_values")? };
        let eval = Evaluator::new(&rules.inner);
        batch(threads).eval3(&eval, hands, out).map_err(|e| failure(e, out_error_row))
    })
}

/// Evaluate `n_hands` three-card hands given as card masks (exactly 3 bits each; a bit set holds
/// each card once, so a front with copies goes to `sss_evaluate3_many`). As
/// `sss_evaluate5_masks_many`.
///
/// # Safety
/// As `sss_evaluate5_masks_many`.
#[no_mangle]
pub unsafe extern "C" fn sss_evaluate3_masks_many(
    rules: *const SssRules,
    masks: *const u64,
    n_hands: usize,
    out_values: *mut u32,
    threads: u32,
    out_error_row: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let masks = unsafe { slice_in(masks, n_hands, "masks")? };
        let out = unsafe { ranks_out(out_values, n_hands, "out_values")? };
        let eval = Evaluator::new(&rules.inner);
        batch(threads).eval3_masks(&eval, masks, out).map_err(|e| mask_failure(e, out_error_row, "sss_evaluate3_many"))
    })
}

/// Detect the special hands of `n_hands` 13-card hands (`codes`: `n_hands × 13` bytes):
/// `out_best[i]` is the highest enabled special hand `i` makes (an `SssSpecial`), or
/// `SSS_SPECIAL_NONE`; when `out_all` is not NULL, `out_all[i]` has bit `s` set for every
/// enabled special `s` the hand makes. The same answers as `sss_special_detect` (which also
/// gives the arrangement of TSF, TF and TS).
///
/// With extra suits (RULES.md §11) a hand may hold two copies of a card of an extra suit, and
/// with jokers (RULES.md §12) the jokers the deck deals, as in `sss_special_detect` (a hand
/// holding a joker makes a special only under `jokers_in_specials`).
///
/// Errors (nothing written to either output): `SSS_ERR_BAD_CARD_CODE`,
/// `SSS_ERR_DUPLICATE_CARD`, `SSS_ERR_TOO_MANY_COPIES` or `SSS_ERR_JOKER_NOT_IN_DECK` (`row R: `
/// in the message),
/// `SSS_ERR_INVALID_RULES` (a rule set that
/// lists a special twice), `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `rules` must be a live handle; `codes` valid for `n_hands × 13` bytes, `out_best` for
/// `n_hands` writes, `out_all` NULL or valid for `n_hands` writes of `uint16_t`;
/// `out_error_row` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_special_detect_many(
    rules: *const SssRules,
    codes: *const u8,
    n_hands: usize,
    out_best: *mut u8,
    out_all: *mut u16,
    threads: u32,
    out_error_row: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let hands = unsafe { hands_in::<13>(codes, n_hands, "codes")? };
        let best = unsafe { slice_out(out_best, n_hands, "out_best")? };
        let all = if out_all.is_null() { None } else { Some(unsafe { slice_out(out_all, n_hands, "out_all")? }) };
        let detector = SpecialDetector::new(&rules.inner)?;
        batch(threads).detect_special(&detector, hands, best, all).map_err(|e| failure(e, out_error_row))
    })
}

/// Auto-arrange `n_hands` 13-card hands (`codes`: `n_hands × 13` bytes): `out_codes` receives,
/// hand after hand, the 13 codes of the arrangement `sss_arrange` gives, in lane order (front
/// 3, middle 5, back 5; a joker stays code 52 or 53 in the lane the arranger plays it in).
/// Threads share the arranger (it is only read).
///
/// Errors (nothing written): `SSS_ERR_BAD_CARD_CODE`, `SSS_ERR_DUPLICATE_CARD`,
/// `SSS_ERR_TOO_MANY_COPIES`, `SSS_ERR_JOKER_NOT_IN_DECK`,
/// `SSS_ERR_NO_LEGAL_ARRANGEMENT` (a hand with no legal arrangement under `strict_order`), each
/// with `row R: ` in the message; `SSS_ERR_NULL_POINTER`, `SSS_ERR_INVALID_HANDLE`.
///
/// # Safety
/// `arranger` must be a live handle; `codes` valid for `n_hands × 13` bytes and `out_codes` for
/// `n_hands × 13` writes (either may be NULL when `n_hands` is 0); `out_error_row` NULL or
/// valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arrange_many(
    arranger: *const SssArranger,
    codes: *const u8,
    n_hands: usize,
    out_codes: *mut u8,
    threads: u32,
    out_error_row: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let hands = unsafe { hands_in::<13>(codes, n_hands, "codes")? };
        let out = unsafe { slice_out(out_codes.cast::<[u8; 13]>(), n_hands, "out_codes")? };
        batch(threads).arrange(&arranger.inner, hands, out).map_err(|e| failure(e, out_error_row))
    })
}

/// Settle `n_rounds` rounds of `seats` players who all play their lanes. `codes` holds
/// `n_rounds × seats × 13` bytes: round after round, seat after seat, each hand's 13 codes in
/// lane order (front 3, middle 5, back 5, as `sss_arrange_many` writes them; a foul is settled as
/// a foul). `out_units[r × seats + s]` receives seat `s`'s total for round `r` in units of 1/840
/// of a water point (`SssWater.units`, the total `sss_settle` reports; divide by
/// `SSS_WATER_DENOMINATOR`: pairwise scoring is always whole, ranked scoring may share a
/// special's water among the normal players). Declared specials are settled one round at a time
/// with `sss_settle`. For rules that settle all pairs; a banker room's rounds go to
/// `sss_settle_many_with_banker`. `seats` is 2 to the rule set's `sss_rules_get_max_players`
/// (up to `SSS_MAX_SEATS` with extra suits, whose cards a table may hold twice).
///
/// Lanes with jokers (where the rule set deals them, RULES.md §12) are valued as `sss_settle`
/// values them; a round holds each joker as often as the deck deals it.
///
/// Errors (nothing written): `SSS_ERR_INVALID_TABLE` (a seat count the deck does not seat, the
/// message naming both; banker-mode rules, naming round 0), `SSS_ERR_BAD_CARD_CODE`,
/// `SSS_ERR_DUPLICATE_CARD`, `SSS_ERR_TOO_MANY_COPIES` or `SSS_ERR_JOKER_NOT_IN_DECK` (its
/// position counted across the table as `seat × 13 + index`; `row R: ` names the round),
/// `SSS_ERR_INVALID_RULES`,
/// `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `rules` must be a live handle; `codes` valid for `n_rounds × seats × 13` bytes and
/// `out_units` for `n_rounds × seats` writes (either may be NULL when `n_rounds` is 0);
/// `out_error_row` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_settle_many(
    rules: *const SssRules,
    seats: u32,
    codes: *const u8,
    n_rounds: usize,
    out_units: *mut i64,
    threads: u32,
    out_error_row: *mut usize,
) -> SssStatus {
    ffi_boundary!({ unsafe { settle_many(rules, seats, None, codes, n_rounds, out_units, threads, out_error_row) } })
}

/// As `sss_settle_many`, with each round's banker seat as `sss_settle_with_banker` takes it: for
/// a banker room (RULES.md §5a; rules with `SSS_TABLE_BANKER`) `bankers[r]` is round `r`'s banker
/// seat (0 to `seats − 1`; it may change from round to round), and only the pairs with it are
/// settled; `SSS_SEAT_NONE` for a round of rules that settle all pairs.
///
/// Errors (nothing written): those of `sss_settle_many`; `SSS_ERR_INVALID_TABLE`, naming the
/// first bad round, for a banker seat not at the table, `SSS_SEAT_NONE` under banker mode, or a
/// seat under all pairs.
///
/// # Safety
/// As `sss_settle_many`; `bankers` valid for `n_rounds` bytes (or NULL when `n_rounds` is 0).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn sss_settle_many_with_banker(
    rules: *const SssRules,
    seats: u32,
    bankers: *const u8,
    codes: *const u8,
    n_rounds: usize,
    out_units: *mut i64,
    threads: u32,
    out_error_row: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let bankers = unsafe { slice_in(bankers, n_rounds, "bankers")? };
        unsafe { settle_many(rules, seats, Some(bankers), codes, n_rounds, out_units, threads, out_error_row) }
    })
}

/// The two settlement batches: `bankers` is one seat per round, or `None` for all pairs.
///
/// # Safety
/// As `sss_settle_many`.
#[allow(clippy::too_many_arguments)]
unsafe fn settle_many(
    rules: *const SssRules,
    seats: u32,
    bankers: Option<&[u8]>,
    codes: *const u8,
    n_rounds: usize,
    out_units: *mut i64,
    threads: u32,
    out_error_row: *mut usize,
) -> Result<(), Failure> {
    let rules = unsafe { handle_ref(rules, "rules")? };
    let seats = seats as usize;
    let settler = Settler::new(&rules.inner)?;
    // Before anything is sized by `seats`: a bad count must not cost an allocation. The rule
    // set's seat limit (4 plus its extra suits) is at most the batch's (8).
    rules.inner.check_players(seats).map_err(|e| failure(BatchError::whole(e), out_error_row))?;
    let hands_len = n_rounds
        .checked_mul(seats)
        .ok_or_else(|| Failure::invalid_argument(format!("{n_rounds} rounds of {seats} seats is too large")))?;
    let hands = unsafe { hands_in::<13>(codes, hands_len, "codes")? };
    let out = unsafe { slice_out(out_units, hands_len, "out_units")? };
    let mut totals = vec![Water::ZERO; hands_len];
    let batch = batch(threads);
    match bankers {
        None => batch.settle(&settler, seats, hands, &mut totals),
        Some(b) => {
            let b: Vec<Option<usize>> = b.iter().map(|&seat| crate::settle::banker_in(seat)).collect();
            batch.settle_with_bankers(&settler, seats, &b, hands, &mut totals)
        }
    }
    .map_err(|e| failure(e, out_error_row))?;
    for (o, w) in out.iter_mut().zip(&totals) {
        *o = w.units();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boundary::tests::last_error;
    use crate::rules::sss_rules_new_preset;

    fn classic() -> *mut SssRules {
        let mut rules = std::ptr::null_mut();
        assert_eq!(unsafe { sss_rules_new_preset(b"classic".as_ptr(), 7, &mut rules) }, SssStatus::SSS_OK);
        rules
    }

    #[test]
    fn evaluate_many_and_its_errors() {
        let rules = classic();
        let codes = [51u8, 47, 43, 39, 35, 0, 1, 2, 3, 4];
        let mut out = [7u32; 2];
        let st = unsafe { sss_evaluate5_many(rules, codes.as_ptr(), 2, out.as_mut_ptr(), 2, std::ptr::null_mut()) };
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!(out[0] >> 22, 8, "straight flush");
        assert_eq!(out[1] >> 22, 7, "four of a kind");

        let bad = [51u8, 47, 43, 39, 35, 0, 1, 2, 3, 52];
        let mut out = [7u32; 2];
        let mut row = 0usize;
        let st = unsafe { sss_evaluate5_many(rules, bad.as_ptr(), 2, out.as_mut_ptr(), 1, &mut row) };
        assert_eq!(st, SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert_eq!((row, out), (1, [7, 7]));
        assert!(last_error().starts_with("row 1: card code 52"), "{}", last_error());

        // Not about one row: the row out-parameter says so.
        let st = unsafe { sss_evaluate5_many(rules, std::ptr::null(), 2, out.as_mut_ptr(), 1, &mut row) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(row, 1, "a boundary failure leaves the row alone");
        let st = unsafe { sss_settle_many(rules, 9, codes.as_ptr(), 0, std::ptr::null_mut(), 1, &mut row) };
        assert_eq!(st, SssStatus::SSS_ERR_INVALID_TABLE);
        assert_eq!(row, usize::MAX);
        let st = unsafe { sss_settle_many(rules, 5, codes.as_ptr(), 0, std::ptr::null_mut(), 1, &mut row) };
        assert_eq!(st, SssStatus::SSS_ERR_INVALID_TABLE);
        crate::boundary::tests::assert_names_table(5, 4);
        // Empty batches may pass NULL arrays.
        let st =
            unsafe { sss_evaluate3_many(rules, std::ptr::null(), 0, std::ptr::null_mut(), 0, std::ptr::null_mut()) };
        assert_eq!(st, SssStatus::SSS_OK);
        unsafe { crate::rules::sss_rules_free(rules) };
    }

    #[test]
    fn big_table_batches() {
        let rules = classic();
        assert_eq!(unsafe { crate::rules::sss_rules_set_extra_suits(rules, 0xF) }, SssStatus::SSS_OK);
        // Five aces and a paired flush as codes.
        let codes = [51u8, 51, 50, 50, 49, 51, 51, 47, 27, 3];
        let mut out = [0u32; 2];
        let st = unsafe { sss_evaluate5_many(rules, codes.as_ptr(), 2, out.as_mut_ptr(), 1, std::ptr::null_mut()) };
        assert_eq!(st, SssStatus::SSS_OK, "{}", last_error());
        assert_eq!((out[0] >> 22, out[1] >> 22), (9, 5));
        let third = [51u8, 51, 51, 50, 49];
        let mut row = 7usize;
        let st = unsafe { sss_evaluate5_many(rules, third.as_ptr(), 1, out.as_mut_ptr(), 1, &mut row) };
        assert_eq!((st, row), (SssStatus::SSS_ERR_TOO_MANY_COPIES, 0));
        // A mask cannot hold the copy: four bits, and the message says why.
        let mask = (1u64 << 51) | (1 << 50) | (1 << 49) | (1 << 48);
        let st = unsafe { sss_evaluate5_masks_many(rules, &mask, 1, out.as_mut_ptr(), 1, &mut row) };
        assert_eq!(st, SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert!(last_error().contains("a card mask holds each card once"), "{}", last_error());
        let st = unsafe { sss_evaluate3_masks_many(rules, &mask, 1, out.as_mut_ptr(), 1, &mut row) };
        assert_eq!(st, SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert!(last_error().contains("sss_evaluate3_many"), "{}", last_error());

        // Eight seats from two decks, settled in a batch as one at a time.
        let mut deal = [0u8; 104];
        let mut n = 0;
        let mut codes = Vec::new();
        let mut copies = 0;
        for seed in [3u64, 4] {
            let st = unsafe { crate::deal::sss_deal_for(rules, 8, seed, deal.as_mut_ptr(), 104, &mut n) };
            assert_eq!(st, SssStatus::SSS_OK);
            copies += deal[..n].chunks(13).filter(|h| engine::cards_from_codes(h).is_err()).count();
            codes.extend_from_slice(&deal[..n]);
        }
        assert!(copies > 0, "some seat holds a card twice");
        let mut units = [0i64; 16];
        let st = unsafe { sss_settle_many(rules, 8, codes.as_ptr(), 2, units.as_mut_ptr(), 2, &mut row) };
        assert_eq!(st, SssStatus::SSS_OK, "{}", last_error());
        let r = unsafe { &(&*rules).inner };
        for (round, got) in codes.chunks(104).zip(units.chunks(8)) {
            assert_eq!(got.iter().sum::<i64>(), 0);
            let hands: Vec<engine::PlayerHand> = round
                .chunks(13)
                .map(|c| {
                    let cards = engine::cards_from_codes_in(c, r.extra_suits).unwrap();
                    engine::PlayerHand::Arranged(engine::Arrangement::from_cards_in(&cards, r.extra_suits).unwrap())
                })
                .collect();
            let expected: Vec<i64> = engine::settle(&hands, r).unwrap().totals.iter().map(|w| w.units()).collect();
            assert_eq!(got, &expected[..]);
        }
        let st = unsafe { sss_settle_many(rules, 9, codes.as_ptr(), 0, std::ptr::null_mut(), 1, &mut row) };
        assert_eq!(st, SssStatus::SSS_ERR_INVALID_TABLE);
        crate::boundary::tests::assert_names_table(9, 8);
        unsafe { crate::rules::sss_rules_free(rules) };
    }

    #[test]
    fn joker_batches() {
        let rules = classic();
        // Under no jokers a joker code is a bad code, as in `sss_evaluate`.
        let codes = [51u8, 47, 43, 39, 35, 52, 0, 4, 8, 12, 52, 53, 1, 5, 9];
        let mut out = [7u32; 3];
        let mut row = 9usize;
        let st = unsafe { sss_evaluate5_many(rules, codes.as_ptr(), 3, out.as_mut_ptr(), 1, &mut row) };
        assert_eq!((st, row, out), (SssStatus::SSS_ERR_BAD_CARD_CODE, 1, [7; 3]));
        assert!(last_error().starts_with("row 1: card code 52"), "{}", last_error());
        assert_eq!(unsafe { crate::rules::sss_rules_set_jokers(rules, 2) }, SssStatus::SSS_OK);
        let st = unsafe { sss_evaluate5_many(rules, codes.as_ptr(), 3, out.as_mut_ptr(), 2, &mut row) };
        assert_eq!(st, SssStatus::SSS_OK, "{}", last_error());
        for (hand, &value) in codes.chunks(5).zip(&out) {
            let mut one = crate::eval::SssHandRank::default();
            let st = unsafe { crate::eval::sss_evaluate(rules, hand.as_ptr(), 5, &mut one) };
            assert_eq!(st, SssStatus::SSS_OK);
            assert_eq!(value, one.value, "{hand:?}");
        }
        assert_eq!((out[1] >> 22, out[2] >> 22), (8, 8), "straight flushes with jokers");
        // A third joker under two; bit 53 under one.
        let third = [52u8, 53, 52, 1, 2];
        let st = unsafe { sss_evaluate5_many(rules, third.as_ptr(), 1, out.as_mut_ptr(), 1, &mut row) };
        assert_eq!((st, row), (SssStatus::SSS_ERR_DUPLICATE_CARD, 0));
        assert_eq!(unsafe { crate::rules::sss_rules_set_jokers(rules, 1) }, SssStatus::SSS_OK);
        let masks = [(1u64 << 52) | 0b1111, (1 << 53) | 0b1111];
        let st = unsafe { sss_evaluate5_masks_many(rules, masks.as_ptr(), 2, out.as_mut_ptr(), 1, &mut row) };
        assert_eq!((st, row), (SssStatus::SSS_ERR_JOKER_NOT_IN_DECK, 1));
        assert!(last_error().starts_with("row 1: "), "{}", last_error());
        unsafe { crate::rules::sss_rules_free(rules) };
    }
}
