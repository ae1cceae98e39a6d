//! 理牌 hints for a client's manual-arranging buttons: the combinations of one category a hand
//! holds (`sss_combos`, for the 对子 … 同花顺 buttons) and the best legal completion of lanes the
//! player fixed by hand (`sss_complete`). What a combination is, which suits stand for a
//! collapsed entry and the order of the list are defined in the engine's `hints` module docs
//! (and repeated on `sss_combos`).

use engine::hints::{self, Combo, FixedLanes, MAX_COMBOS, MAX_HAND};
use engine::{cards_from_codes_in, Card, Category};

use crate::arrange::{SssArranged, SssArranger};
use crate::boundary::{handle_ref, slice_in, BufOut, Failure, Out, SssStatus};
use crate::rules::SssRules;

/// Most entries `sss_combos` can write (the flushes of 13 cards of one suit): a buffer of this
/// many `SssCombo` never needs a size query.
pub const SSS_COMBOS_MAX: usize = 1287;
const _: () = assert!(SSS_COMBOS_MAX == MAX_COMBOS);

/// Most cards `sss_combos` looks at (a hand, or what is left of it).
pub const SSS_HAND_MAX: usize = 13;
const _: () = assert!(SSS_HAND_MAX == MAX_HAND);

/// The value of an unused card slot of an `SssCombo`.
pub const SSS_NO_CARD: u8 = 255;

/// One combination of a category in a hand (`sss_combos`): the category's own cards, highest
/// code first, without kickers. 8 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SssCombo {
    /// Card codes, highest first; slots from `len` on hold `SSS_NO_CARD` (255).
    pub cards: [u8; 5],
    /// Number of cards: 2 (pair), 3 (trips), 4 (two pair, quads) or 5.
    pub len: u8,
    /// The `SssCategory`.
    pub category: u8,
    /// Always 0.
    pub reserved: u8,
}

impl Default for SssCombo {
    fn default() -> Self {
        SssCombo { cards: [SSS_NO_CARD; 5], len: 0, category: 0, reserved: 0 }
    }
}

/// One entry of `sss_combos` (`cards` the combination's own) or `sss_combos_played` (`cards` as
/// played: `Combo::played`, slot by slot with `Combo::cards`).
fn combo_out(c: &Combo, cards: &[Card]) -> SssCombo {
    let mut out = SssCombo { category: c.category() as u8, len: cards.len() as u8, ..SssCombo::default() };
    for (slot, card) in out.cards.iter_mut().zip(cards) {
        *slot = card.code();
    }
    out
}

/// `sss_combos` and `sss_combos_played`: the same checks, list and buffer protocol; `played`
/// only picks which cards fill each entry.
#[allow(clippy::too_many_arguments)]
unsafe fn combos_into(
    rules: *const SssRules,
    codes: *const u8,
    count: usize,
    category: u32,
    out_combos: *mut SssCombo,
    cap: usize,
    out_count: *mut usize,
    played: bool,
) -> Result<(), Failure> {
    let rules = unsafe { handle_ref(rules, "rules")? };
    let codes = unsafe { slice_in(codes, count, "codes")? };
    let out = unsafe {
        BufOut::with_names(out_combos, cap, out_count, "out_combos", "out_count", "combination list (combos)")?
    };
    let cards = cards_from_codes_in(codes, rules.inner.deck_spec())?;
    let category = category_in(category)?;
    let list = hints::combos(&cards, category, &rules.inner)?;
    let list: Vec<SssCombo> = list.iter().map(|c| combo_out(c, if played { c.played() } else { c.cards() })).collect();
    unsafe { out.write_items(&list, None) }
}

fn category_in(category: u32) -> Result<Category, Failure> {
    u8::try_from(category)
        .ok()
        .and_then(Category::from_index)
        .ok_or_else(|| Failure::invalid_argument(format!("category {category} is not 0..=9")))
}

/// Every distinct combination of one category (`SssCategory`, 1 one pair … 8 straight flush)
/// in up to 13 cards, strongest first, for the 对子 / 两对 / 三条 / 顺子 / 同花 / 葫芦 / 铁支 / 同花顺
/// buttons (each press shows the next entry).
///
/// A combination is the category's own cards without kickers: a pair's 2, two pair's 4,
/// trips' 3, quads' 4, and the 5 of a straight, flush, full house or straight flush. A rank may
/// serve a smaller group (three kings give a king pair), never twice in one combination (four
/// kings are no two pair); a straight is not all one suit, a flush not a run. One entry per
/// rank pattern (pair rank; the two pair ranks; trips rank; the run's top; trips and pair rank;
/// quad rank), made of each rank's highest suits (♠ > ♥ > ♣ > ♦; for a straight whose highest
/// suits are all one suit, the lowest card with another suit takes its next-highest one).
/// Flushes and straight flushes keep every suit-distinct set. Order: the evaluator's rank
/// under the rule set (the wheel where `wheel` puts it), groups by their ranks, then the higher
/// cards. The list depends only on the set of codes, not their order.
///
/// Writes the entries into `out_combos` (capacity `cap`; `SSS_COMBOS_MAX` always suffices) and
/// their number into `*out_count`. When `cap` is too small returns `SSS_ERR_BUFFER_TOO_SMALL`
/// with the needed count in `*out_count` (pass `cap` 0 to ask).
///
/// The codes are checked against the rule set's deck: with extra suits (RULES.md §11) a card of
/// an extra suit may be there twice, and the engine decides the combinations of such a hand.
///
/// Errors: `SSS_ERR_BAD_CARD_CODE`, `SSS_ERR_DUPLICATE_CARD` or `SSS_ERR_TOO_MANY_COPIES` (codes
/// checked in order), `SSS_ERR_WRONG_CARD_COUNT` (more than 13 codes), `SSS_ERR_INVALID_ARGUMENT` (a
/// category number that is not 0..=9; 0, high card, which has no combination; 9, five of a kind,
/// under a rule set of one deck without jokers, which cannot make it), `SSS_ERR_NULL_POINTER`.
/// Where the deck deals jokers (RULES.md §12) a joker joins a combination where it makes the
/// pattern, as few jokers as it takes; the codes are the hand's own, jokers included.
///
/// # Safety
/// `rules` must be a live handle; `codes` valid for `count` bytes (or NULL when `count` is 0);
/// `out_combos` valid for `cap` writes (or NULL when `cap` is 0); `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_combos(
    rules: *const SssRules,
    codes: *const u8,
    count: usize,
    category: u32,
    out_combos: *mut SssCombo,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({ unsafe { combos_into(rules, codes, count, category, out_combos, cap, out_count, false) } })
}

/// `sss_combos` with each entry's cards as played: the same arguments, checks, errors and
/// buffer protocol, the same entries in the same order, each with every joker (RULES.md §12)
/// replaced by the card it stands for, slot by slot with the entry `sss_combos` writes (the
/// codes are not re-sorted: the jokers' slots come first there, so they do here). An entry
/// without a joker is the one `sss_combos` writes. What a joker stands for (the engine's
/// `hints` module docs): in a group (pair, trips, quads, the groups of two pair and full house,
/// five of a kind) the group's rank in the highest suits the group lacks (K♦ + joker plays
/// K♠ K♦), ♠ again once it holds all four; in a straight the missing rank in ♠, unless that
/// makes all five one suit; in a straight flush the missing cards of its suit; in a flush the
/// cards that make the strongest flush (a second A♠ included).
///
/// Writes the entries into `out_combos` (capacity `cap`; `SSS_COMBOS_MAX` always suffices) and
/// their number into `*out_count`. When `cap` is too small returns `SSS_ERR_BUFFER_TOO_SMALL`
/// with the needed count in `*out_count` (pass `cap` 0 to ask).
///
/// Errors: as `sss_combos`: `SSS_ERR_BAD_CARD_CODE`, `SSS_ERR_DUPLICATE_CARD` or
/// `SSS_ERR_TOO_MANY_COPIES` (codes checked in order), `SSS_ERR_WRONG_CARD_COUNT` (more than 13
/// codes), `SSS_ERR_INVALID_ARGUMENT` (a category number that is not 0..=9, 0 high card, 9 five of
/// a kind under a rule set that cannot make it), `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `rules` must be a live handle; `codes` valid for `count` bytes (or NULL when `count` is 0);
/// `out_combos` valid for `cap` writes (or NULL when `cap` is 0); `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_combos_played(
    rules: *const SssRules,
    codes: *const u8,
    count: usize,
    category: u32,
    out_combos: *mut SssCombo,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({ unsafe { combos_into(rules, codes, count, category, out_combos, cap, out_count, true) } })
}

/// A fixed lane from C: `len` 0 is an open lane (the pointer may then be NULL).
unsafe fn lane_in(ptr: *const u8, len: usize, name: &str, deck: engine::Deck) -> Result<Option<Vec<Card>>, Failure> {
    if len == 0 {
        return Ok(None);
    }
    let codes = unsafe { slice_in(ptr, len, name)? };
    // Range only (joker codes where the deck deals them): duplicates and membership are the
    // engine's to report, with lane slots.
    let cards = codes.iter().map(|&c| crate::card::card_in_deck(c, deck)).collect::<Result<Vec<_>, _>>()?;
    Ok(Some(cards))
}

/// The best legal arrangement of 13 cards that keeps the lanes the player fixed by hand, by
/// the arranger's expected water (the value `sss_arranger_expected_water` gives it): the other
/// cards are placed in the open lanes in every possible way, fouls skipped. A lane is fixed by
/// giving its codes (3 front, 5 middle, 5 back, in any order) and open with length 0 (its
/// pointer may then be NULL). Ties go to the larger back, then the larger middle, as
/// `sss_arrange` breaks them: with no lane fixed this is `sss_arrange`; with all three fixed
/// it returns them when they are legal. Lanes come back highest card first. The answer does
/// not depend on the order of any of the codes.
///
/// Errors, in this order: `SSS_ERR_BAD_CARD_CODE` (hand, then front, middle, back),
/// `SSS_ERR_DUPLICATE_CARD` or `SSS_ERR_TOO_MANY_COPIES` (against the arranger's deck: a card of
/// an extra suit may be there twice) and `SSS_ERR_WRONG_CARD_COUNT` in the hand (not 13 codes);
/// `SSS_ERR_WRONG_CARD_COUNT` for a fixed lane of the wrong size; `SSS_ERR_DUPLICATE_CARD` for
/// a card fixed twice and `SSS_ERR_CARD_NOT_IN_HAND` for one the hand lacks (the message names
/// its lane slot: front 0–2, middle 3–7, back 8–12); `SSS_ERR_NO_LEGAL_ARRANGEMENT` when every
/// completion fouls (a fixed back weaker than any middle the other cards make, fixed lanes out
/// of order); `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `arranger` must be a live handle; `codes` valid for `count` bytes and each lane pointer for
/// its length (each may be NULL when its length is 0); `out` valid for a write.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn sss_complete(
    arranger: *const SssArranger,
    codes: *const u8,
    count: usize,
    front: *const u8,
    front_len: usize,
    middle: *const u8,
    middle_len: usize,
    back: *const u8,
    back_len: usize,
    out: *mut SssArranged,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { Out::new(out, "out")? };
        let deck = arranger.inner.rules().deck_spec();
        let hand = cards_from_codes_in(codes, deck)?;
        let front = unsafe { lane_in(front, front_len, "front", deck)? };
        let middle = unsafe { lane_in(middle, middle_len, "middle", deck)? };
        let back = unsafe { lane_in(back, back_len, "back", deck)? };
        let fixed = FixedLanes { front: front.as_deref(), middle: middle.as_deref(), back: back.as_deref() };
        let best = arranger.inner.complete(&hand, &fixed)?;
        let a = &best.arrangement;
        unsafe {
            out.write(SssArranged {
                expected_water: best.expected_water,
                front: a.front.map(|c| c.code()),
                middle: a.middle.map(|c| c.code()),
                back: a.back.map(|c| c.code()),
                categories: best.categories.map(|c| c as u8),
            })
        };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use std::ptr::{null, null_mut};

    use super::*;
    use crate::arrange::{sss_arranger_free, sss_arranger_new_preset};
    use crate::boundary::tests::last_error;
    use crate::rules::{sss_rules_free, sss_rules_new_preset};

    fn codes(s: &str) -> Vec<u8> {
        // Jokers by their RULES.md §12 codes: parse_cards reads against one deck without jokers.
        s.split_whitespace()
            .map(|t| match t {
                "SJ" => 52,
                "BJ" => 53,
                _ => engine::parse_cards(t).unwrap()[0].code(),
            })
            .collect()
    }

    fn rules() -> *mut SssRules {
        let mut r = null_mut();
        assert_eq!(unsafe { sss_rules_new_preset(b"classic".as_ptr(), 7, &mut r) }, SssStatus::SSS_OK);
        r
    }

    #[test]
    fn layout() {
        assert_eq!(std::mem::size_of::<SssCombo>(), 8);
        assert_eq!(std::mem::offset_of!(SssCombo, len), 5);
        assert_eq!(std::mem::offset_of!(SssCombo, category), 6);
    }

    #[test]
    fn combos_through_c() {
        let r = rules();
        let hand = codes("Ks Kh Kd 9s 9c 5h 6h 7h 8h 4c 2d 3d Ad");
        let mut n = 0usize;
        // Size query, then the list.
        let st = unsafe { sss_combos(r, hand.as_ptr(), hand.len(), 1, null_mut(), 0, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 2));
        let mut buf = [SssCombo::default(); 4];
        let st = unsafe { sss_combos(r, hand.as_ptr(), hand.len(), 1, buf.as_mut_ptr(), buf.len(), &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_OK, 2));
        assert_eq!(
            buf[0],
            SssCombo { cards: [codes("Ks")[0], codes("Kh")[0], 255, 255, 255], len: 2, category: 1, reserved: 0 }
        );
        assert_eq!(buf[2], SssCombo::default(), "nothing past the count");
        // Bad category numbers and high card.
        for cat in [0u32, 10, 256, u32::MAX] {
            let st = unsafe { sss_combos(r, hand.as_ptr(), hand.len(), cat, buf.as_mut_ptr(), 4, &mut n) };
            assert_eq!(st, SssStatus::SSS_ERR_INVALID_ARGUMENT, "{cat}");
        }
        let mut bad = hand.clone();
        bad[3] = 52;
        let st = unsafe { sss_combos(r, bad.as_ptr(), 13, 1, buf.as_mut_ptr(), 4, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_BAD_CARD_CODE);
        let st = unsafe { sss_combos(r, hand.as_ptr(), 13, 1, null_mut(), 4, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        let st = unsafe { sss_combos(null(), hand.as_ptr(), 13, 1, buf.as_mut_ptr(), 4, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        let st = unsafe { sss_combos(r, null(), 0, 5, buf.as_mut_ptr(), 4, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_OK, 0), "no cards, no flush");
        unsafe { sss_rules_free(r) };
    }

    #[test]
    fn combos_played_through_c() {
        let r = rules();
        assert_eq!(unsafe { crate::rules::sss_rules_set_jokers(r, 2) }, SssStatus::SSS_OK);
        let combo = |cards: &str, category: u8| {
            let c = codes(cards);
            let mut out = SssCombo { len: c.len() as u8, category, ..SssCombo::default() };
            out.cards[..c.len()].copy_from_slice(&c);
            out
        };
        type CombosFn =
            unsafe extern "C" fn(*const SssRules, *const u8, usize, u32, *mut SssCombo, usize, *mut usize) -> SssStatus;
        let run = |f: CombosFn, hand: &[u8], cat: u32| {
            let mut buf = [SssCombo::default(); SSS_COMBOS_MAX];
            let mut n = 0usize;
            let st = unsafe { f(r, hand.as_ptr(), hand.len(), cat, buf.as_mut_ptr(), buf.len(), &mut n) };
            assert_eq!(st, SssStatus::SSS_OK, "{}", last_error());
            buf[..n].to_vec()
        };
        // The aces as they are, then the joker with the K♦ as the highest king the pair lacks.
        let hand = codes("As Ah Kd SJ");
        assert_eq!(run(sss_combos, &hand, 1), [combo("As Ah", 1), combo("SJ Kd", 1)]);
        assert_eq!(run(sss_combos_played, &hand, 1), [combo("As Ah", 1), combo("Ks Kd", 1)]);
        // Two jokers alone: a pair of each rank, the big joker the higher suit.
        let two = run(sss_combos_played, &codes("SJ BJ"), 1);
        assert_eq!((two.len(), two[0], two[12]), (13, combo("As Ah", 1), combo("2s 2h", 1)));
        // A joker-free hand: the same list.
        let plain = codes("Ks Kh Kd 9s 9c 5h 6h 7h 8h 4c 2d 3d Ad");
        for cat in 1..=8 {
            assert_eq!(run(sss_combos_played, &plain, cat), run(sss_combos, &plain, cat), "{cat}");
        }
        // The buffer protocol and the errors of sss_combos.
        let mut n = 0usize;
        let mut buf = [SssCombo::default(); 1];
        let st = unsafe { sss_combos_played(r, hand.as_ptr(), hand.len(), 1, null_mut(), 0, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 2));
        let st = unsafe { sss_combos_played(r, hand.as_ptr(), hand.len(), 1, buf.as_mut_ptr(), 1, &mut n) };
        assert_eq!((st, n, buf[0]), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 2, SssCombo::default()));
        let st = unsafe { sss_combos_played(r, hand.as_ptr(), hand.len(), 0, buf.as_mut_ptr(), 1, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        let bad = [51u8, 54];
        let st = unsafe { sss_combos_played(r, bad.as_ptr(), 2, 1, buf.as_mut_ptr(), 1, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_BAD_CARD_CODE);
        let st = unsafe { sss_combos_played(r, hand.as_ptr(), 4, 1, buf.as_mut_ptr(), 1, null_mut()) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out_count` is NULL");
        let st = unsafe { sss_combos_played(null(), hand.as_ptr(), 4, 1, buf.as_mut_ptr(), 1, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        unsafe { sss_rules_free(r) };
    }

    #[test]
    fn complete_through_c() {
        let mut a = null_mut();
        assert_eq!(unsafe { sss_arranger_new_preset(b"classic".as_ptr(), 7, 4, &mut a) }, SssStatus::SSS_OK);
        let hand = codes("As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd");
        let front = codes("Jd As Ad");
        let mut out = SssArranged::default();
        let run = |f: &[u8], m: &[u8], b: &[u8], out: &mut SssArranged| unsafe {
            sss_complete(a, hand.as_ptr(), 13, f.as_ptr(), f.len(), m.as_ptr(), m.len(), b.as_ptr(), b.len(), out)
        };
        assert_eq!(run(&front, &[], &[], &mut out), SssStatus::SSS_OK);
        let mut f = out.front;
        f.sort();
        let mut want = front.clone();
        want.sort();
        assert_eq!(f.to_vec(), want);
        // The engine's answer, field by field.
        let cards = |c: &[u8]| c.iter().map(|&c| Card::from_code(c).unwrap()).collect::<Vec<_>>();
        let (h, fr) = (cards(&hand), cards(&front));
        let best = unsafe { &*a }.inner.complete(&h, &FixedLanes { front: Some(&fr), ..FixedLanes::NONE }).unwrap();
        assert_eq!(out.expected_water, best.expected_water);
        assert_eq!(out.back, best.arrangement.back.map(|c| c.code()));
        // Nothing fixed: sss_complete is sss_arrange.
        let mut plain = SssArranged::default();
        assert_eq!(unsafe { crate::arrange::sss_arrange(a, hand.as_ptr(), 13, &mut plain) }, SssStatus::SSS_OK);
        let st = unsafe { sss_complete(a, hand.as_ptr(), 13, null(), 0, null(), 0, null(), 0, &mut out) };
        assert_eq!((st, out), (SssStatus::SSS_OK, plain));

        let before = out;
        assert_eq!(run(&codes("Qs As Ad"), &[], &[], &mut out), SssStatus::SSS_ERR_CARD_NOT_IN_HAND);
        assert_eq!(last_error(), "card Qs at position 0 is not in the hand");
        assert_eq!(run(&[], &[], &codes("2c 3h 4s 6c 7h"), &mut out), SssStatus::SSS_ERR_NO_LEGAL_ARRANGEMENT);
        assert!(
            last_error().starts_with("no legal arrangement: ") && last_error().contains("fixed back"),
            "{}",
            last_error()
        );
        assert_eq!(run(&codes("As Ad"), &[], &[], &mut out), SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(run(&[hand[0], hand[1], hand[0]], &[], &[], &mut out), SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert_eq!(run(&[hand[0], hand[1], 60], &[], &[], &mut out), SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert_eq!(out, before, "no write on failure");
        let st = unsafe { sss_complete(a, hand.as_ptr(), 13, null(), 3, null(), 0, null(), 0, &mut out) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `front` is NULL");
        let st = unsafe { sss_complete(a, hand.as_ptr(), 13, null(), 0, null(), 0, null(), 0, null_mut()) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        unsafe { sss_arranger_free(a) };
    }
}
