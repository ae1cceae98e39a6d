//! Hand evaluation, comparison, category names and the arrangement (foul) check, all under a
//! rule set's ranking options and deck: with extra suits (RULES.md §11) a hand may hold two
//! copies of a card of an extra suit, so five of a kind and flushes with a pair occur.

use std::cmp::Ordering;

use engine::{Arrangement, ArrangementEval, Category, Evaluator, HandRank};

use crate::boundary::{handle_ref, slice_in, Failure, Out, SssStatus, TextOut};
use crate::card::cards_in_deck;
use crate::rules::SssRules;

/// Hand categories (RULES.md §3), lowest first; the value of `SssHandRank.category`.
#[repr(u8)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[allow(non_camel_case_types)]
pub enum SssCategory {
    /// 乌龙: high card.
    SSS_CATEGORY_HIGH_CARD = 0,
    /// 对子: one pair.
    SSS_CATEGORY_ONE_PAIR = 1,
    /// 两对: two pair.
    SSS_CATEGORY_TWO_PAIR = 2,
    /// 三条: three of a kind.
    SSS_CATEGORY_THREE_OF_A_KIND = 3,
    /// 顺子: straight.
    SSS_CATEGORY_STRAIGHT = 4,
    /// 同花: flush.
    SSS_CATEGORY_FLUSH = 5,
    /// 葫芦: full house.
    SSS_CATEGORY_FULL_HOUSE = 6,
    /// 铁支: four of a kind.
    SSS_CATEGORY_FOUR_OF_A_KIND = 7,
    /// 同花顺: straight flush.
    SSS_CATEGORY_STRAIGHT_FLUSH = 8,
    /// 五同: five of a kind (extra decks only).
    SSS_CATEGORY_FIVE_OF_A_KIND = 9,
}

/// Language of names copied out by `sss_category_name`.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[allow(non_camel_case_types)]
pub enum SssLanguage {
    /// English (`full house`).
    SSS_LANGUAGE_ENGLISH = 0,
    /// Chinese (`葫芦`).
    SSS_LANGUAGE_CHINESE = 1,
}

/// The strength of a 3- or 5-card hand.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssHandRank {
    /// Comparable value: a larger value is a stronger hand (compare hands of the same size).
    /// Bits 22..26 the category; bits 2..22 five 4-bit tie-break ranks, highest priority first;
    /// bits 0..2 the suit of the top group when the rules have `suit_tiebreak`, else 0.
    pub value: u32,
    /// An `SssCategory` value (0 high card … 9 five of a kind).
    pub category: u8,
    /// Rank index of the group that decides first (0 = 2 … 12 = A; a wheel's top is the A under
    /// `SSS_WHEEL_SECOND_HIGHEST` and the 5 under `SSS_WHEEL_LOWEST`).
    pub top_rank: u8,
    /// Suit (0 ♦, 1 ♣, 2 ♥, 3 ♠) of the top group when the rules have `suit_tiebreak`, else 0.
    pub tiebreak_suit: u8,
    /// 3 or 5.
    pub card_count: u8,
}

/// The lanes of an arrangement and whether it fouls (倒水).
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssArrangementEval {
    /// Front (3 cards).
    pub front: SssHandRank,
    /// Middle (5 cards).
    pub middle: SssHandRank,
    /// Back (5 cards).
    pub back: SssHandRank,
    /// Bit 0: the front beats the middle (or equals it under `strict_order`); bit 1: the middle
    /// beats the back (likewise). 0 is a legal arrangement.
    pub foul_bits: u8,
    /// 1 when `foul_bits` is non-zero, else 0.
    pub is_foul: u8,
}

pub(crate) fn hand_rank_out(rank: HandRank, card_count: usize) -> SssHandRank {
    SssHandRank {
        value: rank.value(),
        category: rank.category() as u8,
        top_rank: rank.top_rank().index(),
        tiebreak_suit: rank.tiebreak_suit().index(),
        card_count: card_count as u8,
    }
}

pub(crate) fn arrangement_out(e: &ArrangementEval) -> SssArrangementEval {
    SssArrangementEval {
        front: hand_rank_out(e.front, 3),
        middle: hand_rank_out(e.middle, 5),
        back: hand_rank_out(e.back, 5),
        foul_bits: e.foul.bits(),
        is_foul: e.foul.is_foul() as u8,
    }
}

fn evaluate(rules: &SssRules, codes: &[u8]) -> Result<HandRank, Failure> {
    let cards = cards_in_deck(codes, rules.inner.deck_spec())?;
    Ok(Evaluator::new(&rules.inner).evaluate(&cards)?)
}

/// Evaluate 3 or 5 card codes under the rules' wheel, suit tie-break and deck. A card of an
/// extra suit (RULES.md §11) may be there twice: five of a kind is `SSS_CATEGORY_FIVE_OF_A_KIND`,
/// and a flush holding a pair is still a flush. Where the rule set deals jokers (RULES.md §12),
/// codes 52 (small) and 53 (big) are wild: the lane takes its best reading (`sss_evaluate_played`
/// also gives the cards they stand for); elsewhere they are `SSS_ERR_BAD_CARD_CODE`.
///
/// Errors: `SSS_ERR_BAD_CARD_CODE`, `SSS_ERR_JOKER_NOT_IN_DECK` (a joker beyond the ones the
/// deck deals), `SSS_ERR_WRONG_CARD_COUNT` (not 3 or 5),
/// `SSS_ERR_DUPLICATE_CARD` (a card the deck holds once, repeated), `SSS_ERR_TOO_MANY_COPIES`
/// (a third copy), `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `rules` must be a live handle; `codes` valid for `count` bytes (or NULL when `count` is 0);
/// `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_evaluate(
    rules: *const SssRules,
    codes: *const u8,
    count: usize,
    out: *mut SssHandRank,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { Out::new(out, "out")? };
        let rank = evaluate(rules, codes)?;
        unsafe { out.write(hand_rank_out(rank, codes.len())) };
        Ok(())
    })
}

/// Compare two hands of the same size: `*out_order` is -1 when `a` is weaker, 0 for a tie, 1
/// when `a` is stronger. Hands of different sizes are `SSS_ERR_WRONG_CARD_COUNT` (use
/// `sss_arrangement_check` to compare a front with a middle). Other errors as `sss_evaluate`.
///
/// # Safety
/// `rules` must be a live handle; `a`/`b` valid for `a_count`/`b_count` bytes (or NULL when the
/// count is 0); `out_order` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_compare(
    rules: *const SssRules,
    a: *const u8,
    a_count: usize,
    b: *const u8,
    b_count: usize,
    out_order: *mut i32,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let a = unsafe { slice_in(a, a_count, "a")? };
        let b = unsafe { slice_in(b, b_count, "b")? };
        let out = unsafe { Out::new(out_order, "out_order")? };
        let ra = evaluate(rules, a)?;
        let rb = evaluate(rules, b)?;
        if a.len() != b.len() {
            return Err(engine::Error::WrongCardCount { expected: a.len(), found: b.len(), lane: None }.into());
        }
        let order = match ra.cmp(&rb) {
            Ordering::Less => -1,
            Ordering::Equal => 0,
            Ordering::Greater => 1,
        };
        unsafe { out.write(order) };
        Ok(())
    })
}

/// Copy the name of a category (`SssCategory`) in a language (`SssLanguage`) into `buf`.
/// Unknown numbers are `SSS_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` must be valid for `cap` bytes (or NULL when `cap` is 0); `out_len` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_category_name(
    category: u32,
    language: u32,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let out = unsafe { TextOut::new(buf, cap, out_len)? };
        let cat = u8::try_from(category)
            .ok()
            .and_then(Category::from_index)
            .ok_or_else(|| Failure::invalid_argument(format!("category {category} is not 0..=9")))?;
        let name = match language {
            0 => cat.name(),
            1 => cat.chinese_name(),
            v => return Err(Failure::invalid_argument(format!("language {v} is not 0 (English) or 1 (Chinese)"))),
        };
        unsafe { out.write(name) }
    })
}

/// Copy a short English description of a hand value (`full house, K over 9`,
/// `straight, wheel (A-2-3-4-5)`) into `buf`. A value no hand has is `SSS_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` must be valid for `cap` bytes (or NULL when `cap` is 0); `out_len` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_hand_rank_describe(
    value: u32,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let out = unsafe { TextOut::new(buf, cap, out_len)? };
        let rank = HandRank::from_value(value)?;
        unsafe { out.write(&rank.describe()) }
    })
}

/// Evaluate an arrangement given as its three lanes (3 + 5 + 5 codes) and check it for a foul
/// under the rules (`strict_order` included; suits never decide a foul). The 13 cards may hold
/// the deck's copies (RULES.md §11) and jokers (§12), read as the rule set's `joker_lanes` says
/// (`sss_arrangement_check13_played` also gives the cards they stand for).
///
/// Errors: `SSS_ERR_BAD_CARD_CODE`, `SSS_ERR_WRONG_CARD_COUNT` (a lane of the wrong size),
/// `SSS_ERR_DUPLICATE_CARD` or `SSS_ERR_TOO_MANY_COPIES` (position counted across the lanes:
/// front 0–2, middle 3–7, back 8–12), `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `rules` must be a live handle; each lane pointer valid for its count (or NULL when 0);
/// `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arrangement_check(
    rules: *const SssRules,
    front: *const u8,
    front_count: usize,
    middle: *const u8,
    middle_count: usize,
    back: *const u8,
    back_count: usize,
    out: *mut SssArrangementEval,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let front = unsafe { slice_in(front, front_count, "front")? };
        let middle = unsafe { slice_in(middle, middle_count, "middle")? };
        let back = unsafe { slice_in(back, back_count, "back")? };
        let out = unsafe { Out::new(out, "out")? };
        let deck = rules.inner.deck_spec();
        let (front, middle, back) =
            (cards_in_deck(front, deck)?, cards_in_deck(middle, deck)?, cards_in_deck(back, deck)?);
        let a = Arrangement::new_in(&front, &middle, &back, deck)?;
        unsafe { out.write(arrangement_out(&a.evaluate(&rules.inner))) };
        Ok(())
    })
}

/// As `sss_arrangement_check`, with the 13 codes in lane order: 3 front, 5 middle, 5 back.
///
/// # Safety
/// `rules` must be a live handle; `codes` valid for `count` bytes (or NULL when 0); `out` valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arrangement_check13(
    rules: *const SssRules,
    codes: *const u8,
    count: usize,
    out: *mut SssArrangementEval,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { Out::new(out, "out")? };
        let deck = rules.inner.deck_spec();
        let a = Arrangement::from_cards_in(&cards_in_deck(codes, deck)?, deck)?;
        unsafe { out.write(arrangement_out(&a.evaluate(&rules.inner))) };
        Ok(())
    })
}

/// As `sss_evaluate`, also writing the lane as played: the `count` codes in their order, each
/// joker (RULES.md §12) replaced by the card it stands for in the lane's best reading, so
/// `out_played` holds no joker code. Without jokers it is the lane unchanged.
///
/// Errors as `sss_evaluate`, and `SSS_ERR_NULL_POINTER` for `out_played`; nothing is written on
/// failure.
///
/// # Safety
/// `rules` must be a live handle; `codes` valid for `count` bytes (or NULL when `count` is 0);
/// `out` valid for a write; `out_played` valid for `count` writes.
#[no_mangle]
pub unsafe extern "C" fn sss_evaluate_played(
    rules: *const SssRules,
    codes: *const u8,
    count: usize,
    out: *mut SssHandRank,
    out_played: *mut u8,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { Out::new(out, "out")? };
        if out_played.is_null() {
            return Err(Failure::null("out_played"));
        }
        let cards = cards_in_deck(codes, rules.inner.deck_spec())?;
        let (played, rank) = Evaluator::new(&rules.inner).evaluate_jokers(&cards)?;
        debug_assert_eq!(played.len(), codes.len());
        // SAFETY: `out_played` is non-null and valid for `count` writes (caller's contract), and
        // `played` has one card per input code.
        let dest = unsafe { std::slice::from_raw_parts_mut(out_played, codes.len()) };
        for (slot, card) in dest.iter_mut().zip(&played) {
            *slot = card.code();
        }
        unsafe { out.write(hand_rank_out(rank, codes.len())) };
        Ok(())
    })
}

/// As `sss_arrangement_check13`, also writing the arrangement as played: its 13 codes in lane
/// order, each joker (RULES.md §12) replaced by the card it stands for under the rule set's
/// `joker_lanes` reading, so the values and foul bits in `*out` are those of `out_played`.
/// Without jokers it is the arrangement unchanged.
///
/// Errors as `sss_arrangement_check13`, and `SSS_ERR_NULL_POINTER` for `out_played`; nothing is
/// written on failure.
///
/// # Safety
/// `rules` must be a live handle; `codes` valid for `count` bytes (or NULL when 0); `out` valid
/// for a write; `out_played` valid for 13 writes.
#[no_mangle]
pub unsafe extern "C" fn sss_arrangement_check13_played(
    rules: *const SssRules,
    codes: *const u8,
    count: usize,
    out: *mut SssArrangementEval,
    out_played: *mut u8,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { Out::new(out, "out")? };
        if out_played.is_null() {
            return Err(Failure::null("out_played"));
        }
        let deck = rules.inner.deck_spec();
        let a = Arrangement::from_cards_in(&cards_in_deck(codes, deck)?, deck)?;
        let joker_eval = a.evaluate_jokers(&rules.inner);
        // SAFETY: `out_played` is non-null and valid for 13 writes (caller's contract).
        let dest = unsafe { std::slice::from_raw_parts_mut(out_played, 13) };
        for (slot, card) in dest.iter_mut().zip(joker_eval.played.cards()) {
            *slot = card.code();
        }
        unsafe { out.write(arrangement_out(&joker_eval.eval)) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boundary::tests::last_error;
    use crate::rules::tests::preset;
    use crate::rules::{sss_rules_free, sss_rules_set_strict_order, sss_rules_set_wheel};
    use std::ptr::{null, null_mut};

    fn codes(text: &str) -> Vec<u8> {
        engine::parse_cards(text).unwrap().iter().map(|c| c.code()).collect()
    }

    fn eval(rules: *const SssRules, text: &str) -> SssHandRank {
        let c = codes(text);
        let mut out = SssHandRank::default();
        assert_eq!(unsafe { sss_evaluate(rules, c.as_ptr(), c.len(), &mut out) }, SssStatus::SSS_OK, "{text}");
        out
    }

    fn cmp(rules: *const SssRules, a: &str, b: &str) -> i32 {
        let (a, b) = (codes(a), codes(b));
        let mut o = 99;
        assert_eq!(unsafe { sss_compare(rules, a.as_ptr(), a.len(), b.as_ptr(), b.len(), &mut o) }, SssStatus::SSS_OK);
        o
    }

    #[test]
    fn evaluates_and_compares() {
        let r = preset("classic");
        let sf = eval(r, "As Ks Qs Js Ts");
        assert_eq!((sf.category, sf.top_rank, sf.card_count, sf.tiebreak_suit), (8, 12, 5, 0));
        let trips = eval(r, "7d 7c 7h");
        assert_eq!((trips.category, trips.top_rank, trips.card_count), (3, 5, 3));
        assert_eq!(cmp(r, "As Ks Qs Js Ts", "Ad Kd Qd Jd Td"), 0);
        assert_eq!(cmp(r, "As Ad Ah Ac 2d", "Ks Kd Kh Kc Ad"), 1);
        assert_eq!(cmp(r, "2s 3d 4h", "2d 3c 5h"), -1);
        // Wheel: second highest under classic, lowest after the setter.
        assert_eq!(cmp(r, "As 2d 3h 4c 5d", "Ks Qd Jh Tc 9d"), 1);
        assert_eq!(unsafe { sss_rules_set_wheel(r, 1) }, SssStatus::SSS_OK);
        assert_eq!(cmp(r, "As 2d 3h 4c 5d", "6s 2c 3d 4d 5h"), -1);
        let wheel = eval(r, "As 2d 3h 4c 5d");
        assert_eq!(wheel.top_rank, 3, "the 5 tops a low wheel");
        unsafe { sss_rules_free(r) };

        let hk = preset("hk");
        let a = eval(hk, "As Ks Qs Js 9s");
        assert_eq!(a.tiebreak_suit, 3);
        assert_eq!(cmp(hk, "As Ks Qs Js 9s", "Ah Kh Qh Jh 9h"), 1);
        unsafe { sss_rules_free(hk) };
    }

    #[test]
    fn evaluation_errors() {
        let r = preset("classic");
        let mut out = SssHandRank { value: 7, ..Default::default() };
        let run = |c: &[u8], out: &mut SssHandRank| unsafe { sss_evaluate(r, c.as_ptr(), c.len(), out) };
        assert_eq!(run(&[0, 52, 3], &mut out), SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert_eq!(run(&[0, 1, 0], &mut out), SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert!(last_error().contains("position 2"));
        assert_eq!(run(&[0, 1, 2, 3], &mut out), SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(last_error(), "expected 5 cards, got 4");
        assert_eq!(run(&[], &mut out), SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        // More than 13 codes take the heap path of `cards_in`; codes are still checked first.
        let many: Vec<u8> = (0..20).collect();
        assert_eq!(run(&many, &mut out), SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(last_error(), "expected 5 cards, got 20");
        let mut bad = many.clone();
        bad[15] = 60;
        assert_eq!(run(&bad, &mut out), SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert!(last_error().contains("card code 60"));
        assert_eq!(out.value, 7, "no write on failure");
        assert_eq!(unsafe { sss_evaluate(null(), [0u8, 1, 2].as_ptr(), 3, &mut out) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_evaluate(r, null(), 3, &mut out) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_evaluate(r, [0u8, 1, 2].as_ptr(), 3, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);

        let (a, b) = (codes("As Ks Qs"), codes("2d 3d 4d 5d 7c"));
        let mut o = 99;
        assert_eq!(
            unsafe { sss_compare(r, a.as_ptr(), 3, b.as_ptr(), 5, &mut o) },
            SssStatus::SSS_ERR_WRONG_CARD_COUNT
        );
        assert_eq!(o, 99);
        assert_eq!(
            unsafe { sss_compare(r, a.as_ptr(), 3, a.as_ptr(), 3, null_mut()) },
            SssStatus::SSS_ERR_NULL_POINTER
        );
        unsafe { sss_rules_free(r) };
    }

    #[test]
    fn names_and_descriptions() {
        let name = |cat: u32, lang: u32| {
            let mut buf = [0u8; 64];
            let mut n = 0;
            let st = unsafe { sss_category_name(cat, lang, buf.as_mut_ptr(), buf.len(), &mut n) };
            (st, String::from_utf8(buf[..n].to_vec()).unwrap())
        };
        assert_eq!(name(6, 0), (SssStatus::SSS_OK, "full house".into()));
        assert_eq!(name(6, 1), (SssStatus::SSS_OK, "葫芦".into()));
        assert_eq!(name(0, 1), (SssStatus::SSS_OK, "乌龙".into()));
        assert_eq!(name(10, 0).0, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert_eq!(name(256, 0).0, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert_eq!(name(1, 2).0, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        let mut small = [0u8; 3];
        let mut n = 0;
        // "葫芦" is 6 bytes of UTF-8.
        assert_eq!(
            unsafe { sss_category_name(6, 1, small.as_mut_ptr(), 3, &mut n) },
            SssStatus::SSS_ERR_BUFFER_TOO_SMALL
        );
        assert_eq!(n, 6);

        let r = preset("classic");
        let fh = eval(r, "Ks Kd Kh 9c 9d");
        let mut buf = [0u8; 64];
        assert_eq!(unsafe { sss_hand_rank_describe(fh.value, buf.as_mut_ptr(), 64, &mut n) }, SssStatus::SSS_OK);
        assert_eq!(&buf[..n], b"full house, K over 9");
        assert_eq!(
            unsafe { sss_hand_rank_describe(u32::MAX, buf.as_mut_ptr(), 64, &mut n) },
            SssStatus::SSS_ERR_INVALID_ARGUMENT
        );
        unsafe { sss_rules_free(r) };
    }

    #[test]
    fn arrangements_and_fouls() {
        let r = preset("classic");
        let check = |f: &str, m: &str, b: &str| {
            let (f, m, b) = (codes(f), codes(m), codes(b));
            let mut out = SssArrangementEval::default();
            let st = unsafe {
                sss_arrangement_check(r, f.as_ptr(), f.len(), m.as_ptr(), m.len(), b.as_ptr(), b.len(), &mut out)
            };
            (st, out)
        };
        // K K 9 equals K K 9 5 3 in the first three ranks: legal, foul under strict_order.
        let (st, e) = check("Kd Kc 9h", "Ks Kh 9s 5s 3h", "As Ad Ah 2c 2d");
        assert_eq!((st, e.foul_bits, e.is_foul), (SssStatus::SSS_OK, 0, 0));
        assert_eq!((e.front.category, e.middle.category, e.back.category), (1, 1, 6));
        assert_eq!((e.front.card_count, e.middle.card_count), (3, 5));
        let (_, e) = check("As Ad Ah", "Ks Kh 9s 5s 3h", "Qs Qd 7h 4c 3d");
        assert_eq!((e.foul_bits, e.is_foul), (3, 1));
        let (_, e) = check("2d 3c 5h", "Ks Kh 9s 9c 3h", "Qs Qd 7h 4c 3d");
        assert_eq!((e.foul_bits, e.is_foul), (2, 1));

        unsafe { assert_eq!(sss_rules_set_strict_order(r, 1), SssStatus::SSS_OK) };
        let (_, e) = check("Kd Kc 9h", "Ks Kh 9s 5s 3h", "As Ad Ah 2c 2d");
        assert_eq!((e.foul_bits, e.is_foul), (1, 1));

        let all = codes("Kd Kc 9h Ks Kh 9s 5s 3h As Ad Ah 2c 2d");
        let mut out = SssArrangementEval::default();
        assert_eq!(unsafe { sss_arrangement_check13(r, all.as_ptr(), 13, &mut out) }, SssStatus::SSS_OK);
        assert_eq!(out.foul_bits, 1);

        // Errors.
        let (st, _) = check("As Kd", "Qh Jh Th 9h 8h", "2c 3c 4c 5c 6c");
        assert_eq!(st, SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(last_error(), "front lane (头墩): expected 3 cards, got 2");
        let (st, _) = check("As Kd Qh", "As Jh Th 9h 8h", "2c 3c 4c 5c 6c");
        assert_eq!(st, SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert_eq!(
            last_error(),
            "duplicate card As at position 3 (one deck holds it once; a rule set with extra suits holds their cards twice: rule option extra_suits)"
        );
        assert_eq!(
            unsafe { sss_arrangement_check13(r, all.as_ptr(), 12, &mut out) },
            SssStatus::SSS_ERR_WRONG_CARD_COUNT
        );
        let mut bad = all.clone();
        bad[12] = 60;
        assert_eq!(unsafe { sss_arrangement_check13(r, bad.as_ptr(), 13, &mut out) }, SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert_eq!(
            unsafe { sss_arrangement_check13(r, all.as_ptr(), 13, null_mut()) },
            SssStatus::SSS_ERR_NULL_POINTER
        );
        let st = unsafe { sss_arrangement_check(r, null(), 3, all.as_ptr(), 5, all.as_ptr(), 5, &mut out) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `front` is NULL");
        unsafe { sss_rules_free(r) };
    }

    #[test]
    fn big_table_hands() {
        let r = preset("classic");
        let parse = |text: &str| -> Vec<u8> {
            engine::parse_cards_in(text, "sh".parse::<engine::SuitSet>().unwrap())
                .unwrap()
                .iter()
                .map(|c| c.code())
                .collect()
        };
        let run = |c: &[u8], out: &mut SssHandRank| unsafe { sss_evaluate(r, c.as_ptr(), c.len(), out) };
        let mut out = SssHandRank::default();
        let five = parse("As As Ah Ah Ad");
        // One deck: a repeated card is a duplicate.
        assert_eq!(run(&five, &mut out), SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert_eq!(unsafe { crate::rules::sss_rules_set_extra_suits(r, 0xC) }, SssStatus::SSS_OK);
        assert_eq!(run(&five, &mut out), SssStatus::SSS_OK);
        assert_eq!((out.category, out.top_rank), (SssCategory::SSS_CATEGORY_FIVE_OF_A_KIND as u8, 12));
        let paired_flush = parse("As As Ks 7s 2s");
        assert_eq!(run(&paired_flush, &mut out), SssStatus::SSS_OK);
        assert_eq!(out.category, SssCategory::SSS_CATEGORY_FLUSH as u8);
        // A♠ A♠ K♠ 7♠ 2♠ beats A♠ K♠ Q♠ J♠ 9♠ (RULES.md §11); five aces beat a straight flush.
        let (a, b) = (paired_flush.clone(), parse("As Ks Qs Js 9s"));
        let mut o = 99;
        assert_eq!(unsafe { sss_compare(r, a.as_ptr(), 5, b.as_ptr(), 5, &mut o) }, SssStatus::SSS_OK);
        assert_eq!(o, 1);
        let sf = parse("Ks Qs Js Ts 9s");
        assert_eq!(unsafe { sss_compare(r, five.as_ptr(), 5, sf.as_ptr(), 5, &mut o) }, SssStatus::SSS_OK);
        assert_eq!(o, 1);
        assert_eq!(unsafe { sss_compare(r, five.as_ptr(), 5, five.as_ptr(), 5, &mut o) }, SssStatus::SSS_OK);
        assert_eq!(o, 0, "identical hands tie");
        // A third copy; a repeated diamond (one copy in this deck).
        assert_eq!(
            run(&parse("As As Ah Ah Ad")[..4].iter().chain(&[51]).copied().collect::<Vec<_>>(), &mut out),
            SssStatus::SSS_ERR_TOO_MANY_COPIES
        );
        assert_eq!(last_error(), "card As at position 4 is one copy too many (the deck holds 2)");
        assert_eq!(run(&[0, 0, 4], &mut out), SssStatus::SSS_ERR_DUPLICATE_CARD);

        // Arrangements with copies: a legal one, and a third copy across the lanes.
        let all = parse("Kd Kc 9h Qs Qs Qh Qh 3c As As Ah Ah Ad");
        let mut e = SssArrangementEval::default();
        assert_eq!(unsafe { sss_arrangement_check13(r, all.as_ptr(), 13, &mut e) }, SssStatus::SSS_OK);
        assert_eq!((e.front.category, e.middle.category, e.back.category, e.is_foul), (1, 7, 9, 0));
        let st =
            unsafe { sss_arrangement_check(r, all.as_ptr(), 3, all[3..].as_ptr(), 5, all[8..].as_ptr(), 5, &mut e) };
        assert_eq!(st, SssStatus::SSS_OK);
        let mut third = all.clone();
        third[0] = 51;
        assert_eq!(
            unsafe { sss_arrangement_check13(r, third.as_ptr(), 13, &mut e) },
            SssStatus::SSS_ERR_TOO_MANY_COPIES
        );
        assert!(last_error().contains("As at position"), "{}", last_error());
        unsafe { sss_rules_free(r) };
    }

    #[test]
    fn struct_layouts_are_fixed() {
        assert_eq!(std::mem::size_of::<SssHandRank>(), 8);
        assert_eq!(std::mem::align_of::<SssHandRank>(), 4);
        assert_eq!(std::mem::size_of::<SssArrangementEval>(), 28);
        assert_eq!(std::mem::offset_of!(SssArrangementEval, foul_bits), 24);
        assert_eq!(std::mem::offset_of!(SssArrangementEval, is_foul), 25);
    }

    #[test]
    fn jokers_evaluate_as_played() {
        let (two, none) = (preset("classic"), preset("classic"));
        assert_eq!(unsafe { crate::rules::sss_rules_set_jokers(two, 2) }, SssStatus::SSS_OK);
        // A A A A + SJ: five aces, the joker playing the ace of spades (RULES.md §12).
        let lane = [51u8, 50, 48, 49, 52];
        let (mut rank, mut played) = (SssHandRank::default(), [0xEEu8; 6]);
        let st = unsafe { sss_evaluate_played(two, lane.as_ptr(), 5, &mut rank, played.as_mut_ptr()) };
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!(rank.category, SssCategory::SSS_CATEGORY_FIVE_OF_A_KIND as u8);
        assert_eq!(played, [51, 50, 48, 49, 51, 0xEE], "exactly `count` codes written");
        let mut plain = SssHandRank::default();
        assert_eq!(unsafe { sss_evaluate(two, lane.as_ptr(), 5, &mut plain) }, SssStatus::SSS_OK);
        assert_eq!(plain, rank);
        // Without jokers in the deck, code 52 is no card; NULL out_played is refused, nothing written.
        let mut untouched = [0xEEu8; 5];
        let st = unsafe { sss_evaluate_played(none, lane.as_ptr(), 5, &mut rank, untouched.as_mut_ptr()) };
        assert_eq!(st, SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert_eq!(untouched, [0xEE; 5]);
        let st = unsafe { sss_evaluate_played(two, lane.as_ptr(), 5, &mut rank, null_mut()) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert!(last_error().contains("out_played"), "{}", last_error());
        let third = [52u8, 53, 52];
        let st = unsafe { sss_evaluate_played(two, third.as_ptr(), 3, &mut rank, untouched.as_mut_ptr()) };
        assert_eq!(st, SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert!(last_error().contains("SJ at position 2"), "{}", last_error());

        // RULES.md §12's example under both readings: back K K 9 9 3, middle Q Q J 5 + joker.
        let mut hand = codes("4d 3c 2h Qs Qh Jd 5c");
        hand.push(52);
        hand.extend(codes("Ks Kd 9s 9d 3s"));
        let (mut e, mut out) = (SssArrangementEval::default(), [0u8; 13]);
        let st = unsafe { sss_arrangement_check13_played(two, hand.as_ptr(), 13, &mut e, out.as_mut_ptr()) };
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!((e.foul_bits, e.middle.category), (2, SssCategory::SSS_CATEGORY_THREE_OF_A_KIND as u8));
        assert_eq!(out[7] >> 2, 10, "each_best: the joker plays a queen");
        assert_eq!(
            unsafe {
                crate::rules::sss_rules_set_joker_lanes(
                    two,
                    crate::rules::SssJokerLanes::SSS_JOKER_LANES_AVOID_FOUL as u32,
                )
            },
            SssStatus::SSS_OK
        );
        let st = unsafe { sss_arrangement_check13_played(two, hand.as_ptr(), 13, &mut e, out.as_mut_ptr()) };
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!((e.foul_bits, e.middle.category), (0, SssCategory::SSS_CATEGORY_TWO_PAIR as u8));
        assert_eq!(out[7] >> 2, 9, "avoid_foul: the joker plays a jack");
        assert_eq!(&out[..7], &hand[..7]);
        assert_eq!(&out[8..], &hand[8..]);
        let mut check = SssArrangementEval::default();
        assert_eq!(unsafe { sss_arrangement_check13(two, hand.as_ptr(), 13, &mut check) }, SssStatus::SSS_OK);
        assert_eq!(check, e);
        unsafe {
            sss_rules_free(two);
            sss_rules_free(none);
        }
    }
}
