//! Special hands (特殊牌型, 报到; RULES.md §6): detect them on 13 card codes under a rule set,
//! name them, read their water and enabled order, parse them from an id or a name.
//!
//! Specials cross the boundary as the engine's numbers (`SssSpecial`, 0 = supreme dragon …
//! 15 = twelve red one black): plain integers in, validated on entry; `uint8_t` in structs.

use engine::{Special, SpecialDetection};

use crate::boundary::{handle_ref, slice_in, text_in, BufOut, Failure, Out, SssStatus, TextOut};
use crate::rules::SssRules;

/// Special hands (RULES.md §6), numbered as the engine numbers them. The numbers are ABI.
/// Functions take them as plain integers (`uint32_t`) and reject any other value with
/// `SSS_ERR_INVALID_ARGUMENT`; structs carry them as `uint8_t`.
#[repr(u8)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[allow(non_camel_case_types)]
pub enum SssSpecial {
    /// SD 至尊清龙: A to K, all one suit.
    SSS_SPECIAL_SUPREME_DRAGON = 0,
    /// DR 一条龙: A to K, one of each rank.
    SSS_SPECIAL_DRAGON = 1,
    /// TR 十二皇族: every card J, Q, K or A (all but one with `twelve_royals_min` 12).
    SSS_SPECIAL_TWELVE_ROYALS = 2,
    /// TSF 三同花顺: a 3-card and two 5-card straight flushes.
    SSS_SPECIAL_THREE_STRAIGHT_FLUSHES = 3,
    /// TQ 三套炸弹: three four-of-a-kinds + 1.
    SSS_SPECIAL_THREE_QUADS = 4,
    /// AB 全大: every rank 8 to A.
    SSS_SPECIAL_ALL_BIG = 5,
    /// AS 全小: every rank 2 to 8.
    SSS_SPECIAL_ALL_SMALL = 6,
    /// OC 凑一色: all red or all black.
    SSS_SPECIAL_ONE_COLOR = 7,
    /// TTQ 三套冲三加炸弹: 3 + 3 + 3 + 4 of a kind.
    SSS_SPECIAL_THREE_TRIPS_QUAD = 8,
    /// FT 四套冲三: four three-of-a-kinds + 1.
    SSS_SPECIAL_FOUR_TRIPS = 9,
    /// FPT 五对冲三: five pairs + one three-of-a-kind.
    SSS_SPECIAL_FIVE_PAIRS_TRIPS = 10,
    /// SP 六对半: six pairs + 1.
    SSS_SPECIAL_SIX_PAIRS = 11,
    /// TF 三同花: 3 + 5 + 5 cards, each one suit.
    SSS_SPECIAL_THREE_FLUSHES = 12,
    /// TS 三顺子: a 3-card and two 5-card straights.
    SSS_SPECIAL_THREE_STRAIGHTS = 13,
    /// BR 全黑一点红 (regional extra): 12 black cards + 1 red.
    SSS_SPECIAL_TWELVE_BLACK_ONE_RED = 14,
    /// RB 全红一点黑 (regional extra): 12 red cards + 1 black.
    SSS_SPECIAL_TWELVE_RED_ONE_BLACK = 15,
}

/// Number of specials the engine knows (the `SssSpecial` values are 0 to this − 1), and so the
/// most a hand can qualify for: the size of `SssSpecialDetection.all`.
pub const SSS_SPECIAL_COUNT: usize = 16;

/// The value of an unused special slot: `SssSpecialDetection.best` without a best special and
/// `all[i]` for `i >= count`. Unused card slots hold it too (no card has code 255).
pub const SSS_SPECIAL_NONE: u8 = 255;

// The C struct's `all` must hold every special; a new engine special needs a new ABI version.
const _: () = assert!(Special::ALL.len() == SSS_SPECIAL_COUNT);

/// What a 13-card hand qualifies for under a rule set (`sss_special_detect`). 33 bytes, all
/// `uint8_t`, no padding.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SssSpecialDetection {
    /// 1 when the hand qualifies for an enabled special, else 0.
    pub has_best: u8,
    /// The highest enabled special in the rule set's order (an `SssSpecial`), or
    /// `SSS_SPECIAL_NONE`.
    pub best: u8,
    /// Number of specials in `all`.
    pub count: u8,
    /// Every enabled special the hand qualifies for, in the rule set's order (highest first);
    /// slots from `count` on hold `SSS_SPECIAL_NONE`.
    pub all: [u8; SSS_SPECIAL_COUNT],
    /// 1 when `best` is three straight flushes, three flushes or three straights: the lanes
    /// below then hold the legal arrangement that realises it. Else 0.
    pub has_arrangement: u8,
    /// Front lane card codes, highest first (`SSS_SPECIAL_NONE` without an arrangement).
    pub front: [u8; 3],
    /// Middle lane card codes, highest first.
    pub middle: [u8; 5],
    /// Back lane card codes, highest first.
    pub back: [u8; 5],
}

impl SssSpecialDetection {
    /// Nothing found; the starting point of [`detection_out`].
    const EMPTY: SssSpecialDetection = SssSpecialDetection {
        has_best: 0,
        best: SSS_SPECIAL_NONE,
        count: 0,
        all: [SSS_SPECIAL_NONE; SSS_SPECIAL_COUNT],
        has_arrangement: 0,
        front: [SSS_SPECIAL_NONE; 3],
        middle: [SSS_SPECIAL_NONE; 5],
        back: [SSS_SPECIAL_NONE; 5],
    };
}

impl Default for SssSpecialDetection {
    fn default() -> Self {
        SssSpecialDetection::EMPTY
    }
}

pub(crate) fn detection_out(d: &SpecialDetection) -> SssSpecialDetection {
    let mut out = SssSpecialDetection::EMPTY;
    if let Some(best) = d.best {
        out.has_best = 1;
        out.best = best as u8;
    }
    // At most one of each special, so `all` always fits.
    for (slot, s) in out.all.iter_mut().zip(&d.all) {
        *slot = *s as u8;
    }
    out.count = d.all.len().min(SSS_SPECIAL_COUNT) as u8;
    if let Some(a) = &d.arrangement {
        out.has_arrangement = 1;
        for (slot, c) in out.front.iter_mut().zip(&a.front) {
            *slot = c.code();
        }
        for (slot, c) in out.middle.iter_mut().zip(&a.middle) {
            *slot = c.code();
        }
        for (slot, c) in out.back.iter_mut().zip(&a.back) {
            *slot = c.code();
        }
    }
    out
}

/// A special from C's integer, or `SSS_ERR_INVALID_ARGUMENT` naming it.
pub(crate) fn special_in(value: u32) -> Result<Special, Failure> {
    u8::try_from(value).ok().and_then(Special::from_index).ok_or_else(|| {
        Failure::invalid_argument(format!("special {value} is not an SssSpecial (0..={})", SSS_SPECIAL_COUNT - 1))
    })
}

/// Detect the special hands of 13 card codes under a rule set: the highest enabled special,
/// every enabled special the hand qualifies for (in the rule set's order), and for three straight
/// flushes, three flushes or three straights the legal arrangement that realises it.
///
/// A special the rule set does not list is never reported (under `hk`, which lists no supreme
/// dragon, a supreme dragon is a dragon). With extra suits (RULES.md §11) the hand may hold two
/// copies of a card of an extra suit, and the shapes read each rank's cards as one group (split
/// into quads, trips and pairs only under `split_quads`). Errors, in the order of the engine's
/// `detect_codes` (every code's range first, then the count, then copies): `SSS_ERR_BAD_CARD_CODE`,
/// `SSS_ERR_WRONG_CARD_COUNT` (not 13 codes), `SSS_ERR_DUPLICATE_CARD` or
/// `SSS_ERR_TOO_MANY_COPIES` (naming the position), `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `rules` must be a live handle; `codes` valid for `count` bytes (or NULL when `count` is 0);
/// `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_special_detect(
    rules: *const SssRules,
    codes: *const u8,
    count: usize,
    out: *mut SssSpecialDetection,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { Out::new(out, "out")? };
        // The order of the engine's `detect_codes` (every code's range, then the count, then
        // copies), with joker codes taken where the rule set deals them: a hand holding a joker
        // makes no special (RULES.md §12).
        let deck = rules.inner.deck_spec();
        let cards = codes.iter().map(|&c| crate::card::card_in_deck(c, deck)).collect::<Result<Vec<_>, _>>()?;
        let found = engine::special::detect(&cards, &rules.inner)?;
        unsafe { out.write(detection_out(&found)) };
        Ok(())
    })
}

/// Copy the name of a special (`SssSpecial`) in a language (`SssLanguage`: 0 English
/// `three straights`, 1 Chinese `三顺子`) into `buf`. Unknown numbers are
/// `SSS_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` must be valid for `cap` bytes (or NULL when `cap` is 0); `out_len` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_special_name(
    special: u32,
    language: u32,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let out = unsafe { TextOut::new(buf, cap, out_len)? };
        let s = special_in(special)?;
        let name = match language {
            0 => s.name(),
            1 => s.chinese_name(),
            v => return Err(Failure::invalid_argument(format!("language {v} is not 0 (English) or 1 (Chinese)"))),
        };
        unsafe { out.write(name) }
    })
}

/// Copy the short id of a special (`SD`, `TSF`, …, `BR`, `RB`; the ids of RULES.md §6 and of
/// the rule-set JSON) into `buf`. Unknown numbers are `SSS_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` must be valid for `cap` bytes (or NULL when `cap` is 0); `out_len` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_special_id(special: u32, buf: *mut u8, cap: usize, out_len: *mut usize) -> SssStatus {
    ffi_boundary!({
        let out = unsafe { TextOut::new(buf, cap, out_len)? };
        let s = special_in(special)?;
        unsafe { out.write(s.id()) }
    })
}

/// Parse a special from its id (`TSF`), English name (`three straight flushes` or
/// `three_straight_flushes`; ASCII case-insensitive) or Chinese name (`三同花顺`) into its
/// `SssSpecial` number. Errors: `SSS_ERR_UNKNOWN_SPECIAL` (naming the text),
/// `SSS_ERR_INVALID_UTF8`, `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `text` must be valid for `len` bytes (or NULL when `len` is 0); `out_special` valid for a
/// write.
#[no_mangle]
pub unsafe extern "C" fn sss_special_parse(text: *const u8, len: usize, out_special: *mut u8) -> SssStatus {
    ffi_boundary!({
        let text = unsafe { text_in(text, len, "text")? };
        let out = unsafe { Out::new(out_special, "out_special")? };
        let s: Special = text.parse()?;
        unsafe { out.write(s as u8) };
        Ok(())
    })
}

/// The water a special wins under a rule set into `*out_water`: 0 when the rule set does not
/// enable it (an enabled special is always worth at least 1). Unknown numbers are
/// `SSS_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `rules` must be a live handle; `out_water` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_special_water(rules: *const SssRules, special: u32, out_water: *mut u32) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out_water, "out_water")? };
        let s = special_in(special)?;
        unsafe { out.write(rules.inner.special_water(s).unwrap_or(0)) };
        Ok(())
    })
}

/// Copy the specials a rule set enables, highest first (its order), as `SssSpecial` numbers
/// into `out_specials` (capacity `cap`; `SSS_SPECIAL_COUNT` always suffices) and their number
/// into `*out_count`. When `cap` is too small returns `SSS_ERR_BUFFER_TOO_SMALL` with the needed
/// count in `*out_count`. Read each one's water with `sss_special_water`.
///
/// # Safety
/// `rules` must be a live handle; `out_specials` valid for `cap` writes (or NULL when `cap` is
/// 0); `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_rules_get_specials(
    rules: *const SssRules,
    out_specials: *mut u8,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe {
            BufOut::with_names(out_specials, cap, out_count, "out_specials", "out_count", "special list (specials)")?
        };
        let list: Vec<u8> = rules.inner.specials.iter().map(|s| s.special as u8).collect();
        unsafe { out.write_items(&list, None) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boundary::tests::last_error;
    use crate::rules::tests::preset;
    use crate::rules::{sss_rules_free, sss_rules_from_json, sss_rules_set_strict_order};
    use engine::{cards_from_codes, Arrangement, Rules};
    use std::ptr::{null, null_mut};

    fn codes(text: &str) -> Vec<u8> {
        engine::parse_cards(text).unwrap().iter().map(|c| c.code()).collect()
    }

    fn detect(rules: *const SssRules, text: &str) -> SssSpecialDetection {
        let c = codes(text);
        let mut out = SssSpecialDetection::default();
        let st = unsafe { sss_special_detect(rules, c.as_ptr(), c.len(), &mut out) };
        assert_eq!(st, SssStatus::SSS_OK, "{text}: {}", last_error());
        out
    }

    fn ids(d: &SssSpecialDetection) -> Vec<&'static str> {
        d.all[..d.count as usize].iter().map(|&s| Special::from_index(s).unwrap().id()).collect()
    }

    fn lanes(d: &SssSpecialDetection) -> String {
        let text = |codes: &[u8]| engine::format_cards(&cards_from_codes(codes).unwrap());
        format!("{} / {} / {}", text(&d.front), text(&d.middle), text(&d.back))
    }

    fn json_rules(json: &str) -> (SssStatus, *mut SssRules) {
        let mut out = null_mut();
        let st = unsafe { sss_rules_from_json(json.as_ptr(), json.len(), &mut out) };
        (st, out)
    }

    #[test]
    fn c_numbers_are_the_engine_numbers() {
        // Spelled out independently of the engine's tables: RULES.md §6 in its table order.
        let expected = [
            (SssSpecial::SSS_SPECIAL_SUPREME_DRAGON, "SD"),
            (SssSpecial::SSS_SPECIAL_DRAGON, "DR"),
            (SssSpecial::SSS_SPECIAL_TWELVE_ROYALS, "TR"),
            (SssSpecial::SSS_SPECIAL_THREE_STRAIGHT_FLUSHES, "TSF"),
            (SssSpecial::SSS_SPECIAL_THREE_QUADS, "TQ"),
            (SssSpecial::SSS_SPECIAL_ALL_BIG, "AB"),
            (SssSpecial::SSS_SPECIAL_ALL_SMALL, "AS"),
            (SssSpecial::SSS_SPECIAL_ONE_COLOR, "OC"),
            (SssSpecial::SSS_SPECIAL_THREE_TRIPS_QUAD, "TTQ"),
            (SssSpecial::SSS_SPECIAL_FOUR_TRIPS, "FT"),
            (SssSpecial::SSS_SPECIAL_FIVE_PAIRS_TRIPS, "FPT"),
            (SssSpecial::SSS_SPECIAL_SIX_PAIRS, "SP"),
            (SssSpecial::SSS_SPECIAL_THREE_FLUSHES, "TF"),
            (SssSpecial::SSS_SPECIAL_THREE_STRAIGHTS, "TS"),
            (SssSpecial::SSS_SPECIAL_TWELVE_BLACK_ONE_RED, "BR"),
            (SssSpecial::SSS_SPECIAL_TWELVE_RED_ONE_BLACK, "RB"),
        ];
        assert_eq!(expected.len(), SSS_SPECIAL_COUNT);
        for (i, (c, id)) in expected.into_iter().enumerate() {
            assert_eq!(c as usize, i);
            assert_eq!(Special::ALL[i] as usize, i);
            assert_eq!(Special::ALL[i].id(), id);
            let mut buf = [0u8; 8];
            let mut n = 0;
            assert_eq!(unsafe { sss_special_id(i as u32, buf.as_mut_ptr(), 8, &mut n) }, SssStatus::SSS_OK);
            assert_eq!(&buf[..n], id.as_bytes());
            let mut parsed = 0xEE;
            assert_eq!(unsafe { sss_special_parse(id.as_ptr(), id.len(), &mut parsed) }, SssStatus::SSS_OK);
            assert_eq!(parsed as usize, i);
        }
        assert_eq!(std::mem::size_of::<SssSpecialDetection>(), 33);
        assert_eq!(std::mem::align_of::<SssSpecialDetection>(), 1);
    }

    #[test]
    fn names_and_parsing() {
        let name = |s: u32, lang: u32| {
            let mut buf = [0u8; 64];
            let mut n = 0;
            let st = unsafe { sss_special_name(s, lang, buf.as_mut_ptr(), buf.len(), &mut n) };
            (st, String::from_utf8(buf[..if st == SssStatus::SSS_OK { n } else { 0 }].to_vec()).unwrap())
        };
        assert_eq!(name(13, 0), (SssStatus::SSS_OK, "three straights".into()));
        assert_eq!(name(13, 1), (SssStatus::SSS_OK, "三顺子".into()));
        assert_eq!(name(0, 1), (SssStatus::SSS_OK, "至尊清龙".into()));
        assert_eq!(name(11, 1), (SssStatus::SSS_OK, "六对半".into()));
        assert_eq!(name(16, 0).0, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert!(last_error().contains("special 16 is not an SssSpecial"), "{}", last_error());
        assert_eq!(name(256, 0).0, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert_eq!(name(u32::MAX, 0).0, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert_eq!(name(3, 2).0, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert!(last_error().contains("language 2"));
        let mut small = [0u8; 4];
        let mut n = 0;
        // 三顺子 is 9 bytes of UTF-8.
        assert_eq!(
            unsafe { sss_special_name(13, 1, small.as_mut_ptr(), 4, &mut n) },
            SssStatus::SSS_ERR_BUFFER_TOO_SMALL
        );
        assert_eq!(n, 9);
        assert_eq!(unsafe { sss_special_id(17, small.as_mut_ptr(), 4, &mut n) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);

        let parse = |t: &str| {
            let mut s = 0xEE;
            let st = unsafe { sss_special_parse(t.as_ptr(), t.len(), &mut s) };
            (st, s)
        };
        assert_eq!(parse("tsf"), (SssStatus::SSS_OK, 3));
        assert_eq!(parse("Three Straight Flushes"), (SssStatus::SSS_OK, 3));
        assert_eq!(parse("three_straight_flushes"), (SssStatus::SSS_OK, 3));
        assert_eq!(parse("三同花顺"), (SssStatus::SSS_OK, 3));
        assert_eq!(parse("全黑一点红"), (SssStatus::SSS_OK, 14));
        assert_eq!(parse(" DR "), (SssStatus::SSS_OK, 1));
        assert_eq!(parse("XYZ"), (SssStatus::SSS_ERR_UNKNOWN_SPECIAL, 0xEE));
        assert_eq!(last_error(), "unknown special hand \"XYZ\"");
        assert_eq!(parse(""), (SssStatus::SSS_ERR_UNKNOWN_SPECIAL, 0xEE));
        let mut s = 0;
        assert_eq!(unsafe { sss_special_parse([0xFFu8].as_ptr(), 1, &mut s) }, SssStatus::SSS_ERR_INVALID_UTF8);
        assert_eq!(unsafe { sss_special_parse(null(), 2, &mut s) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_special_parse(b"SD".as_ptr(), 2, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out_special` is NULL");
    }

    #[test]
    fn detects_under_presets() {
        let classic = preset("classic");
        let hk = preset("hk");
        // Supreme dragon: SD first, no arrangement; hk lists no SD, so it is a dragon there.
        let sd = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As";
        let d = detect(classic, sd);
        assert_eq!((d.has_best, d.best), (1, SssSpecial::SSS_SPECIAL_SUPREME_DRAGON as u8));
        assert_eq!(ids(&d), ["SD", "DR", "TSF", "OC", "TF", "TS"]);
        assert_eq!(d.has_arrangement, 0);
        assert_eq!((d.front, d.back[4]), ([SSS_SPECIAL_NONE; 3], SSS_SPECIAL_NONE));
        assert_eq!(&d.all[6..], &[SSS_SPECIAL_NONE; 10]);
        let d = detect(hk, sd);
        assert_eq!(ids(&d), ["DR", "TF", "TS"]);

        // Three straights is the best: its arrangement comes back, legal under the rules.
        let ts = "3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc";
        let d = detect(classic, ts);
        assert_eq!(ids(&d), ["TS"]);
        assert_eq!(d.has_arrangement, 1);
        assert_eq!(lanes(&d), "5c 4d 3s / Jc Td 9d 8h 7h / Kc Qd Jh Ts 9s");
        let a =
            Arrangement::from_cards(&cards_from_codes(&[&d.front[..], &d.middle, &d.back].concat()).unwrap()).unwrap();
        assert!(!a.evaluate(&Rules::classic()).foul.is_foul());

        // Nothing at all.
        let d = detect(classic, "2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad");
        assert_eq!(d, SssSpecialDetection::default());
        assert_eq!((d.has_best, d.best, d.count), (0, SSS_SPECIAL_NONE, 0));
        unsafe {
            sss_rules_free(classic);
            sss_rules_free(hk);
        }
    }

    #[test]
    fn strict_order_and_json_rule_sets() {
        // Two flushes of the same ranks: legal as middle and back, a foul under strict order,
        // and no other split makes three flushes (each suit is exactly one lane).
        let r = preset("classic");
        let hand = "2c 3c 5c  As Qs 9s 5s 3s  Ah Qh 9h 5h 3h";
        assert_eq!(ids(&detect(r, hand)), ["TF"]);
        assert_eq!(unsafe { sss_rules_set_strict_order(r, 1) }, SssStatus::SSS_OK);
        assert_eq!(ids(&detect(r, hand)), Vec::<&str>::new());
        unsafe { sss_rules_free(r) };

        // The regional extras, enabled through JSON; and a malformed specials list.
        let mut json = Rules::classic();
        json.set_special_water(Special::TwelveBlackOneRed, 5);
        json.set_special_water(Special::TwelveRedOneBlack, 5);
        let (st, extras) = json_rules(&json.to_json());
        assert_eq!(st, SssStatus::SSS_OK);
        let d = detect(extras, "2s 3s 4s 5s 6s 7c 8c 9c Tc Jc Qs Ks Ah");
        assert!(ids(&d).ends_with(&["BR"]), "{:?}", ids(&d));
        let mut w = 0;
        assert_eq!(unsafe { sss_special_water(extras, 14, &mut w) }, SssStatus::SSS_OK);
        assert_eq!(w, 5);
        unsafe { sss_rules_free(extras) };

        let bad = json.to_json().replacen("\"BR\"", "\"XX\"", 1);
        assert_eq!(json_rules(&bad).0, SssStatus::SSS_ERR_INVALID_RULES);
        assert!(last_error().contains("specials[13].special"), "{}", last_error());
        let twice = json.to_json().replacen("\"BR\"", "\"SD\"", 1);
        assert_eq!(json_rules(&twice).0, SssStatus::SSS_ERR_INVALID_RULES);
        assert!(last_error().contains("specials[13].special"), "{}", last_error());
    }

    #[test]
    fn water_and_order() {
        let kx = preset("kx");
        let hk = preset("hk");
        let mut w = 99;
        unsafe {
            assert_eq!(sss_special_water(kx, 0, &mut w), SssStatus::SSS_OK);
            assert_eq!(w, 32);
            assert_eq!(sss_special_water(kx, 13, &mut w), SssStatus::SSS_OK);
            assert_eq!(w, 4);
            assert_eq!(sss_special_water(hk, 0, &mut w), SssStatus::SSS_OK);
            assert_eq!(w, 0, "hk does not enable the supreme dragon");
            w = 99;
            assert_eq!(sss_special_water(hk, 16, &mut w), SssStatus::SSS_ERR_INVALID_ARGUMENT);
            assert_eq!(w, 99);
            assert_eq!(sss_special_water(null(), 0, &mut w), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(sss_special_water(hk, 0, null_mut()), SssStatus::SSS_ERR_NULL_POINTER);

            let mut list = [0xEEu8; SSS_SPECIAL_COUNT];
            let mut n = 0;
            assert_eq!(sss_rules_get_specials(hk, list.as_mut_ptr(), list.len(), &mut n), SssStatus::SSS_OK);
            // hk: DR TR TF TS SP FPT.
            assert_eq!(&list[..n], &[1, 2, 12, 13, 11, 10]);
            assert_eq!(sss_rules_get_specials(kx, null_mut(), 0, &mut n), SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
            assert_eq!(n, 13);
            assert_eq!(sss_rules_get_specials(kx, list.as_mut_ptr(), 5, &mut n), SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
            assert!(last_error().contains("needs 13"), "{}", last_error());
            assert_eq!(sss_rules_get_specials(kx, null_mut(), 3, &mut n), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(last_error(), "argument `out_specials` is NULL");
            sss_rules_free(kx);
            sss_rules_free(hk);
        }
    }

    #[test]
    fn detection_errors() {
        let r = preset("classic");
        let mut out = SssSpecialDetection { count: 77, ..Default::default() };
        let run = |c: &[u8], out: &mut SssSpecialDetection| unsafe { sss_special_detect(r, c.as_ptr(), c.len(), out) };
        let hand = codes("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad");
        assert_eq!(run(&hand[..12], &mut out), SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(last_error(), "expected 13 cards, got 12");
        let mut fourteen = hand.clone();
        fourteen.push(0);
        assert_eq!(run(&fourteen, &mut out), SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(last_error(), "expected 13 cards, got 14");
        let mut dup = hand.clone();
        dup[7] = dup[2];
        assert_eq!(run(&dup, &mut out), SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert_eq!(
            last_error(),
            "duplicate card 4s at position 7 (one deck holds it once; a rule set with extra suits holds their cards twice: rule option extra_suits)"
        );
        // The engine's order of checks: a short hand with a duplicate is what detect_codes says.
        let engine_says =
            crate::boundary::Failure::from(engine::special::detect_codes(&[5, 5], &Rules::classic()).unwrap_err());
        assert_eq!(run(&[5, 5], &mut out), engine_says.status);
        assert_eq!(last_error(), engine_says.message);
        let mut bad = hand.clone();
        bad[12] = 52;
        assert_eq!(run(&bad, &mut out), SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert!(last_error().contains("card code 52"));
        assert_eq!(run(&[], &mut out), SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(out.count, 77, "no write on failure");
        unsafe {
            assert_eq!(sss_special_detect(null(), hand.as_ptr(), 13, &mut out), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(last_error(), "argument `rules` is NULL");
            assert_eq!(sss_special_detect(r, null(), 13, &mut out), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(last_error(), "argument `codes` is NULL");
            assert_eq!(sss_special_detect(r, hand.as_ptr(), 13, null_mut()), SssStatus::SSS_ERR_NULL_POINTER);
            assert_eq!(last_error(), "argument `out` is NULL");
            sss_rules_free(r);
        }
    }

    #[test]
    fn detects_hands_with_copies() {
        let r = preset("classic");
        assert_eq!(unsafe { crate::rules::sss_rules_set_extra_suits(r, 0xF) }, SssStatus::SSS_OK);
        let rules = unsafe { &(&*r).inner };
        let hands = [
            // 5 + 4 + 4: three quads under split_quads (5 = 4 + 1).
            "As As Ah Ah Ad Ks Ks Kh Kh Qs Qs Qh Qh",
            // Six pairs from copies.
            "As As Kh Kh Qd Qd Jc Jc 9s 9s 5h 5h 2c",
            // A dragon of distinct ranks, one copy each: as with one deck.
            "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad",
            // Nothing special.
            "As As Kh 9h 8d 7d 6c 4c 3s 2s 2h Jh Tc",
        ];
        for text in hands {
            let cards = engine::parse_cards_in(text, rules.extra_suits).unwrap();
            let c: Vec<u8> = cards.iter().map(|c| c.code()).collect();
            let mut out = SssSpecialDetection::default();
            assert_eq!(unsafe { sss_special_detect(r, c.as_ptr(), 13, &mut out) }, SssStatus::SSS_OK, "{text}");
            let expected = engine::detect_special(&cards, rules).unwrap();
            assert_eq!(out, detection_out(&expected), "{text}");
        }
        let tq = engine::parse_cards_in(hands[0], rules.extra_suits).unwrap();
        let found = engine::detect_special(&tq, rules).unwrap();
        assert!(found.all.contains(&Special::ThreeQuads), "{found:?}");
        assert_eq!(found.best, Some(Special::TwelveRoyals), "every card J to A: twelve royals ranks higher");
        let mut third: Vec<u8> = tq.iter().map(|c| c.code()).collect();
        third[4] = 51;
        let mut out = SssSpecialDetection::default();
        assert_eq!(unsafe { sss_special_detect(r, third.as_ptr(), 13, &mut out) }, SssStatus::SSS_ERR_TOO_MANY_COPIES);
        assert_eq!(last_error(), "card As at position 4 is one copy too many (the deck holds 2)");
        // One deck: the same hand is a duplicate.
        assert_eq!(unsafe { crate::rules::sss_rules_set_extra_suits(r, 0) }, SssStatus::SSS_OK);
        let c: Vec<u8> = tq.iter().map(|c| c.code()).collect();
        assert_eq!(unsafe { sss_special_detect(r, c.as_ptr(), 13, &mut out) }, SssStatus::SSS_ERR_DUPLICATE_CARD);
        unsafe { sss_rules_free(r) };
    }
}
