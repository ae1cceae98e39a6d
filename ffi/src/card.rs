//! Cards: parse text into interchange codes (`code = (rank - 2) * 4 + suit`, RULES.md §1),
//! format codes as text, validate codes. The `*_for` calls take a rule set, whose deck may hold
//! the cards of its extra suits twice (RULES.md §11).

use engine::{cards_from_codes, cards_from_codes_in, parse_cards, parse_cards_in, Card, Rank, Suit};

use crate::boundary::{handle_ref, slice_in, text_in, BufOut, Failure, Out, SssStatus, TextOut};
use crate::rules::SssRules;

/// How cards are written out by `sss_cards_format`.
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[allow(non_camel_case_types)]
pub enum SssCardStyle {
    /// Rank then suit letter: `As Kd Th 2c`.
    SSS_CARD_STYLE_LETTERS = 0,
    /// Rank then suit symbol: `A♠ K♦ T♥ 2♣`.
    SSS_CARD_STYLE_SYMBOLS = 1,
}

/// Most codes `sss_cards_parse` can return (a full deck: duplicates are rejected), so a buffer
/// of this many codes is always large enough. `sss_cards_parse_for` returns up to
/// `SSS_MAX_DECK_SIZE` (a deck with extra suits holds some cards twice).
pub const SSS_MAX_CARDS: usize = 52;

pub(crate) fn card_style(style: u32) -> Result<SssCardStyle, Failure> {
    match style {
        0 => Ok(SssCardStyle::SSS_CARD_STYLE_LETTERS),
        1 => Ok(SssCardStyle::SSS_CARD_STYLE_SYMBOLS),
        v => Err(Failure::invalid_argument(format!("card style {v} is not 0 (letters) or 1 (symbols)"))),
    }
}

/// The biggest deck a rule set deals (every suit twice, `SSS_MAX_JOKERS` jokers): what the calls
/// that take no rule set accept, leaving the rule set's own deck to the call that settles.
pub(crate) fn biggest_deck() -> engine::Deck {
    engine::Deck::new(engine::SuitSet::ALL, crate::rules::SSS_MAX_JOKERS).unwrap_or_default()
}

/// Card codes from C converted to cards, each code checked (duplicates are the caller's to
/// check). Up to 13 cards live on the stack, so the hot calls (evaluate, arrangement check)
/// allocate nothing.
pub(crate) enum CardsIn {
    Inline([Card; 13], usize),
    Heap(Vec<Card>),
}

impl std::ops::Deref for CardsIn {
    type Target = [Card];
    fn deref(&self) -> &[Card] {
        match self {
            CardsIn::Inline(buf, len) => &buf[..*len],
            CardsIn::Heap(v) => v,
        }
    }
}

/// The card of `code` where `deck` is dealt: a joker code (52, 53) is a card only where the deck
/// deals jokers, and stays `SSS_ERR_BAD_CARD_CODE` elsewhere (as before jokers existed). Copies
/// are the deck check's to count.
pub(crate) fn card_in_deck(code: u8, deck: engine::Deck) -> Result<Card, Failure> {
    Ok(if deck.jokers() == 0 { Card::from_code(code)? } else { Card::from_any_code(code)? })
}

/// Card codes from C converted to cards where `deck` is dealt ([`card_in_deck`], each code in
/// order); copies are the caller's to check.
pub(crate) fn cards_in_deck(codes: &[u8], deck: engine::Deck) -> Result<CardsIn, Failure> {
    if codes.len() <= 13 {
        let mut buf = [Card::new(Rank::Two, Suit::Diamonds); 13];
        for (slot, &code) in buf.iter_mut().zip(codes) {
            *slot = card_in_deck(code, deck)?;
        }
        Ok(CardsIn::Inline(buf, codes.len()))
    } else {
        Ok(CardsIn::Heap(codes.iter().map(|&c| card_in_deck(c, deck)).collect::<Result<_, _>>()?))
    }
}

/// Parse one card (`As`, `10h`, `td`, `Q♣`) into its code.
///
/// Errors: `SSS_ERR_UNKNOWN_RANK`, `SSS_ERR_UNKNOWN_SUIT`, `SSS_ERR_WRONG_CARD_COUNT` (the text
/// holds no card or more than one), `SSS_ERR_INVALID_UTF8`, `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `text` must be valid for `len` bytes (or NULL when `len` is 0); `out_code` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_card_parse(text: *const u8, len: usize, out_code: *mut u8) -> SssStatus {
    ffi_boundary!({
        let text = unsafe { text_in(text, len, "text")? };
        let out = unsafe { Out::new(out_code, "out_code")? };
        let card: Card = text.parse()?;
        unsafe { out.write(card.code()) };
        Ok(())
    })
}

/// Parse a hand (`As Kd 10h`, `As,Kd`, `AsKdTh`) into codes, in the order written.
///
/// Writes the codes into `out_codes` (capacity `cap`) and their number into `*out_count`. When
/// `cap` is too small returns `SSS_ERR_BUFFER_TOO_SMALL` with the needed count in `*out_count`.
/// Errors also: `SSS_ERR_UNKNOWN_RANK`, `SSS_ERR_UNKNOWN_SUIT`, `SSS_ERR_DUPLICATE_CARD` (each
/// naming the 0-based position), `SSS_ERR_INVALID_UTF8`, `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `text` must be valid for `len` bytes (or NULL when `len` is 0); `out_codes` for `cap` writes
/// (or NULL when `cap` is 0); `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_cards_parse(
    text: *const u8,
    len: usize,
    out_codes: *mut u8,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let text = unsafe { text_in(text, len, "text")? };
        let out =
            unsafe { BufOut::with_names(out_codes, cap, out_count, "out_codes", "out_count", "hand (card codes)")? };
        let codes: Vec<u8> = parse_cards(text)?.iter().map(|c| c.code()).collect();
        unsafe { out.write_items(&codes, None) }
    })
}

/// Write card codes as text, separated by single spaces: `As Kd Th` (style
/// `SSS_CARD_STYLE_LETTERS`) or `A♠ K♦ T♥` (`SSS_CARD_STYLE_SYMBOLS`).
///
/// This call takes no rule set, so it writes any hand of the biggest deck: a card may be there
/// twice (two decks hold each card twice, RULES.md §11: a hand at a big table), and the jokers
/// (RULES.md §12) are written `SJ` (code 52) and `BJ` (53) in either style, each as often as
/// `SSS_MAX_JOKERS` jokers deal it; one copy more is an error.
///
/// Errors: `SSS_ERR_BAD_CARD_CODE` (a code above 53), `SSS_ERR_TOO_MANY_COPIES`,
/// `SSS_ERR_INVALID_ARGUMENT` (unknown style), `SSS_ERR_BUFFER_TOO_SMALL`, `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `codes` must be valid for `count` bytes (or NULL when `count` is 0); `buf` for `cap` writes
/// (or NULL when `cap` is 0); `out_len` for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_cards_format(
    codes: *const u8,
    count: usize,
    style: u32,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { TextOut::new(buf, cap, out_len)? };
        let style = card_style(style)?;
        let cards = cards_from_codes_in(codes, biggest_deck())?;
        let text = match style {
            SssCardStyle::SSS_CARD_STYLE_LETTERS => engine::format_cards(&cards),
            SssCardStyle::SSS_CARD_STYLE_SYMBOLS => {
                cards.iter().map(|c| c.to_symbol_string()).collect::<Vec<_>>().join(" ")
            }
        };
        unsafe { out.write(&text) }
    })
}

/// Check card codes: every code in 0..=51 and no card twice. Returns `SSS_OK`,
/// `SSS_ERR_BAD_CARD_CODE` or `SSS_ERR_DUPLICATE_CARD` (naming the position).
///
/// # Safety
/// `codes` must be valid for `count` bytes (or NULL when `count` is 0).
#[no_mangle]
pub unsafe extern "C" fn sss_cards_validate(codes: *const u8, count: usize) -> SssStatus {
    ffi_boundary!({
        let codes = unsafe { slice_in(codes, count, "codes")? };
        cards_from_codes(codes)?;
        Ok(())
    })
}

/// Parse a hand as `sss_cards_parse` does, for the rule set's deck (RULES.md §11): a card of an
/// extra suit may be written twice; a third copy is `SSS_ERR_TOO_MANY_COPIES` and a repeated
/// card of a suit the deck holds once `SSS_ERR_DUPLICATE_CARD`, each naming the card and its
/// 0-based position. Up to `SSS_MAX_DECK_SIZE` codes. With no extra suit this is
/// `sss_cards_parse`. Errors as `sss_cards_parse`, and `SSS_ERR_INVALID_HANDLE`.
///
/// # Safety
/// `rules` must be a live handle; `text` valid for `len` bytes (or NULL when `len` is 0);
/// `out_codes` for `cap` writes (or NULL when `cap` is 0); `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_cards_parse_for(
    rules: *const SssRules,
    text: *const u8,
    len: usize,
    out_codes: *mut u8,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let text = unsafe { text_in(text, len, "text")? };
        let out =
            unsafe { BufOut::with_names(out_codes, cap, out_count, "out_codes", "out_count", "hand (card codes)")? };
        let codes: Vec<u8> = parse_cards_in(text, rules.inner.deck_spec())?.iter().map(|c| c.code()).collect();
        unsafe { out.write_items(&codes, None) }
    })
}

/// Check card codes against the rule set's deck (RULES.md §11, §12): every code in 0..=51, or
/// 52/53 where the rule set deals jokers, and no card more often than the deck holds it.
/// Returns `SSS_OK`, `SSS_ERR_BAD_CARD_CODE`, `SSS_ERR_JOKER_NOT_IN_DECK` (a joker beyond the ones
/// it deals),
/// `SSS_ERR_DUPLICATE_CARD` (a second copy of a card the deck holds once) or
/// `SSS_ERR_TOO_MANY_COPIES` (a third copy), naming the position; `SSS_ERR_INVALID_HANDLE`.
///
/// # Safety
/// `rules` must be a live handle; `codes` valid for `count` bytes (or NULL when `count` is 0).
#[no_mangle]
pub unsafe extern "C" fn sss_cards_validate_for(rules: *const SssRules, codes: *const u8, count: usize) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        cards_from_codes_in(codes, rules.inner.deck_spec())?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boundary::tests::last_error;
    use std::ptr::{null, null_mut};

    fn parse_hand(text: &str) -> (SssStatus, Vec<u8>) {
        let mut codes = [0xEEu8; 64];
        let mut n = 0usize;
        let st = unsafe { sss_cards_parse(text.as_ptr(), text.len(), codes.as_mut_ptr(), codes.len(), &mut n) };
        (st, codes[..if st == SssStatus::SSS_OK { n } else { 0 }].to_vec())
    }

    fn format(codes: &[u8], style: u32) -> (SssStatus, String) {
        let mut buf = [0u8; 256];
        let mut n = 0usize;
        let st = unsafe { sss_cards_format(codes.as_ptr(), codes.len(), style, buf.as_mut_ptr(), buf.len(), &mut n) };
        (st, String::from_utf8(buf[..if st == SssStatus::SSS_OK { n } else { 0 }].to_vec()).unwrap())
    }

    #[test]
    fn one_card() {
        // Independent of the engine: the code formula of RULES.md §1.
        let ranks = "23456789TJQKA";
        let suits = "dchs";
        for (r, rc) in ranks.chars().enumerate() {
            for (s, sc) in suits.chars().enumerate() {
                let text = format!("{rc}{sc}");
                let mut code = 0xEEu8;
                assert_eq!(unsafe { sss_card_parse(text.as_ptr(), text.len(), &mut code) }, SssStatus::SSS_OK);
                assert_eq!(code as usize, r * 4 + s, "{text}");
            }
        }
        let mut code = 0xEEu8;
        assert_eq!(unsafe { sss_card_parse("10♥".as_ptr(), "10♥".len(), &mut code) }, SssStatus::SSS_OK);
        assert_eq!(code, 8 * 4 + 2);
    }

    #[test]
    fn one_card_errors() {
        let mut code = 0xEEu8;
        let cases: [(&str, SssStatus, &str); 5] = [
            ("Xs", SssStatus::SSS_ERR_UNKNOWN_RANK, "unknown rank in card \"Xs\" at position 0"),
            ("Ax", SssStatus::SSS_ERR_UNKNOWN_SUIT, "unknown suit in card \"Ax\" at position 0"),
            ("As Kd", SssStatus::SSS_ERR_WRONG_CARD_COUNT, "expected 1 cards, got 2"),
            ("", SssStatus::SSS_ERR_WRONG_CARD_COUNT, "expected 1 cards, got 0"),
            ("A", SssStatus::SSS_ERR_UNKNOWN_SUIT, "\"A\""),
        ];
        for (text, status, msg) in cases {
            assert_eq!(unsafe { sss_card_parse(text.as_ptr(), text.len(), &mut code) }, status, "{text}");
            assert!(last_error().contains(msg), "{text}: {}", last_error());
            assert_eq!(code, 0xEE, "no write on failure");
        }
        let bad = [b'A', 0xFF];
        assert_eq!(unsafe { sss_card_parse(bad.as_ptr(), 2, &mut code) }, SssStatus::SSS_ERR_INVALID_UTF8);
        assert!(last_error().contains("offset 1"), "{}", last_error());
        assert_eq!(unsafe { sss_card_parse(null(), 2, &mut code) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `text` is NULL");
        assert_eq!(unsafe { sss_card_parse(b"As".as_ptr(), 2, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out_code` is NULL");
        // NULL with length 0 is empty text, not a NULL error.
        assert_eq!(unsafe { sss_card_parse(null(), 0, &mut code) }, SssStatus::SSS_ERR_WRONG_CARD_COUNT);
    }

    #[test]
    fn hands_parse_and_format() {
        assert_eq!(parse_hand("As Kd 10h"), (SssStatus::SSS_OK, vec![51, 44, 34]));
        assert_eq!(parse_hand("AsKdTh"), (SssStatus::SSS_OK, vec![51, 44, 34]));
        assert_eq!(parse_hand("a♠,k♦ ,t♥"), (SssStatus::SSS_OK, vec![51, 44, 34]));
        assert_eq!(parse_hand(""), (SssStatus::SSS_OK, vec![]));
        assert_eq!(format(&[51, 44, 34, 1], 0), (SssStatus::SSS_OK, "As Kd Th 2c".to_string()));
        assert_eq!(format(&[51, 44, 34, 1], 1), (SssStatus::SSS_OK, "A♠ K♦ T♥ 2♣".to_string()));
        assert_eq!(format(&[], 0), (SssStatus::SSS_OK, String::new()));
        let full: Vec<u8> = (0..52).collect();
        let (st, text) = format(&full, 0);
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!(parse_hand(&text), (SssStatus::SSS_OK, full));
    }

    #[test]
    fn hand_errors() {
        assert_eq!(parse_hand("As Xs").0, SssStatus::SSS_ERR_UNKNOWN_RANK);
        assert!(last_error().contains("position 1"));
        assert_eq!(parse_hand("As Kd As").0, SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert_eq!(
            last_error(),
            "duplicate card As at position 2 (one deck holds it once; a rule set with extra suits holds their cards twice: rule option extra_suits)"
        );
        assert_eq!(format(&[1, 54], 0).0, SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert!(last_error().contains("card code 54"));
        // The jokers are written SJ and BJ in both styles, as often as six jokers deal them.
        assert_eq!(format(&[52, 51, 53], 0), (SssStatus::SSS_OK, "SJ As BJ".to_string()));
        assert_eq!(format(&[53, 52], 1), (SssStatus::SSS_OK, "BJ SJ".to_string()));
        assert_eq!(format(&[52, 52, 52, 53, 53, 53], 0), (SssStatus::SSS_OK, "SJ SJ SJ BJ BJ BJ".to_string()));
        assert_eq!(format(&[52, 52, 52, 52], 0).0, SssStatus::SSS_ERR_TOO_MANY_COPIES);
        assert!(last_error().contains("SJ at position 3"), "{}", last_error());
        // Two copies format (two decks); a third is refused.
        assert_eq!(format(&[1, 1], 0), (SssStatus::SSS_OK, "2c 2c".to_string()));
        assert_eq!(format(&[1, 1, 1], 0).0, SssStatus::SSS_ERR_TOO_MANY_COPIES);
        assert_eq!(last_error(), "card 2c at position 2 is one copy too many (the deck holds 2)");
        assert_eq!(format(&[1], 2).0, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert!(last_error().contains("card style 2"));

        assert_eq!(unsafe { sss_cards_validate([0u8, 1, 51].as_ptr(), 3) }, SssStatus::SSS_OK);
        assert_eq!(unsafe { sss_cards_validate(null(), 0) }, SssStatus::SSS_OK);
        assert_eq!(unsafe { sss_cards_validate(null(), 1) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_cards_validate([0u8, 200].as_ptr(), 2) }, SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert_eq!(unsafe { sss_cards_validate([7u8, 7].as_ptr(), 2) }, SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert!(last_error().contains("position 1"));
    }

    #[test]
    fn huge_bad_text_makes_a_small_error() {
        let x = "x".repeat(10_000_000);
        assert_eq!(parse_hand(&x).0, SssStatus::SSS_ERR_UNKNOWN_RANK);
        let expected = format!("unknown rank in card \"{}\"… (10000000 bytes) at position 0", "x".repeat(32));
        assert_eq!(last_error(), expected);
        let mut code = 0xEEu8;
        assert_eq!(unsafe { sss_card_parse(x.as_ptr(), x.len(), &mut code) }, SssStatus::SSS_ERR_UNKNOWN_RANK);
        assert_eq!(crate::sss_last_error_length(), expected.len());
        let spaced = "x ".repeat(5_000_000);
        assert_eq!(parse_hand(&spaced).0, SssStatus::SSS_ERR_UNKNOWN_RANK);
        assert_eq!(last_error(), "unknown rank in card \"x\" at position 0");
        let st = unsafe { sss_card_parse(spaced.as_ptr(), spaced.len(), &mut code) };
        assert_eq!(st, SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(last_error(), "expected 1 cards, got 5000000");
        assert_eq!(code, 0xEE);
    }

    #[test]
    fn small_buffers() {
        let text = "As Kd Qh";
        let mut codes = [0xEEu8; 2];
        let mut n = 0usize;
        let st = unsafe { sss_cards_parse(text.as_ptr(), text.len(), codes.as_mut_ptr(), 2, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
        assert_eq!(n, 3);
        assert_eq!(codes, [0xEE; 2], "nothing written on failure");
        assert!(last_error().contains("needs 3"), "{}", last_error());
        let st = unsafe { sss_cards_parse(text.as_ptr(), text.len(), null_mut(), 0, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
        let st = unsafe { sss_cards_parse(text.as_ptr(), text.len(), null_mut(), 3, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out_codes` is NULL");
        let st = unsafe { sss_cards_parse(text.as_ptr(), text.len(), codes.as_mut_ptr(), 2, null_mut()) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out_count` is NULL");

        // Text: "As Kd" is 5 bytes; 5 fits without NUL, 6 with.
        let mut buf = [0xAAu8; 6];
        let st = unsafe { sss_cards_format([51u8, 44].as_ptr(), 2, 0, buf.as_mut_ptr(), 4, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 5));
        assert_eq!(buf, [0xAA; 6]);
        let st = unsafe { sss_cards_format([51u8, 44].as_ptr(), 2, 0, buf.as_mut_ptr(), 5, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_OK, 5));
        assert_eq!(&buf, b"As Kd\xAA");
        let st = unsafe { sss_cards_format([51u8, 44].as_ptr(), 2, 0, buf.as_mut_ptr(), 6, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_OK, 5));
        assert_eq!(&buf, b"As Kd\0");
    }

    #[test]
    fn hands_with_copies() {
        let r = crate::rules::tests::preset("classic");
        let parse_for = |text: &str| {
            let mut codes = [0xEEu8; 128];
            let mut n = 0usize;
            let st =
                unsafe { sss_cards_parse_for(r, text.as_ptr(), text.len(), codes.as_mut_ptr(), codes.len(), &mut n) };
            (st, codes[..if st == SssStatus::SSS_OK { n } else { 0 }].to_vec())
        };
        // One deck: exactly sss_cards_parse.
        assert_eq!(parse_for("As Kd"), (SssStatus::SSS_OK, vec![51, 44]));
        assert_eq!(parse_for("As As").0, SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert_eq!(unsafe { crate::rules::sss_rules_set_extra_suits(r, 0xC) }, SssStatus::SSS_OK);
        assert_eq!(parse_for("As As Kd"), (SssStatus::SSS_OK, vec![51, 51, 44]));
        assert_eq!(parse_for("As As A♠").0, SssStatus::SSS_ERR_TOO_MANY_COPIES);
        assert_eq!(last_error(), "card As at position 2 is one copy too many (the deck holds 2)");
        assert_eq!(parse_for("Kd Kd").0, SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert_eq!(
            last_error(),
            "duplicate card Kd at position 1 (one deck holds it once; a rule set with extra suits holds their cards twice: rule option extra_suits)"
        );
        // The whole deck with its copies parses.
        let mut deck = [0u8; 104];
        let mut n = 0;
        assert_eq!(unsafe { crate::deal::sss_deck(r, deck.as_mut_ptr(), 104, &mut n) }, SssStatus::SSS_OK);
        let (st, text) = format(&deck[..52], 0);
        assert_eq!(st, SssStatus::SSS_OK);
        let copies = format(&deck[52..n], 0).1;
        assert_eq!(parse_for(&format!("{text} {copies}")), (SssStatus::SSS_OK, deck[..n].to_vec()));

        let validate = |codes: &[u8]| unsafe { sss_cards_validate_for(r, codes.as_ptr(), codes.len()) };
        assert_eq!(validate(&[51, 51, 50, 50, 0]), SssStatus::SSS_OK);
        assert_eq!(validate(&[51, 51, 51]), SssStatus::SSS_ERR_TOO_MANY_COPIES);
        assert!(last_error().contains("As at position 2"), "{}", last_error());
        assert_eq!(validate(&[0, 0]), SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert_eq!(validate(&[52]), SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert_eq!(unsafe { sss_cards_validate_for(r, null(), 0) }, SssStatus::SSS_OK);
        assert_eq!(unsafe { sss_cards_validate_for(r, null(), 1) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_cards_validate_for(null(), [0u8].as_ptr(), 1) }, SssStatus::SSS_ERR_NULL_POINTER);
        // The plain calls still take one deck.
        assert_eq!(unsafe { sss_cards_validate([51u8, 51].as_ptr(), 2) }, SssStatus::SSS_ERR_DUPLICATE_CARD);
        let mut n = 0usize;
        let st = unsafe { sss_cards_parse_for(r, b"As As".as_ptr(), 5, null_mut(), 0, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 2));
        let st = unsafe { sss_cards_parse_for(null(), b"As".as_ptr(), 2, null_mut(), 0, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        unsafe { crate::rules::sss_rules_free(r) };
    }
}
