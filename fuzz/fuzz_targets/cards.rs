//! Card and hand text: the Rust parsers and the C parser on the same bytes, and round trips.
//!
//! Invariants: `parse_cards` accepts at most 52 distinct cards; what it accepts formats (letters
//! and symbols) and parses back to the same cards; `Card::from_str` agrees with it on one-card
//! text; the C parser returns the same codes, or the same status and message, for any bytes (not
//! UTF-8: `SSS_ERR_INVALID_UTF8`), and refuses a buffer one code short without writing it;
//! `sss_cards_format` of any codes succeeds exactly when `cards_from_codes` does and its text
//! parses back to them; `sss_cards_validate` agrees with `cards_from_codes`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shisanshui_fuzz::engine::{self, cards_from_codes, format_cards, parse_cards, Card, CardSet};
use shisanshui_fuzz::sss::card::{sss_card_parse, sss_cards_format, sss_cards_parse, sss_cards_validate};
use shisanshui_fuzz::sss::SssStatus;
use shisanshui_fuzz::{call, codes, failure, last_error, status_of, text_out, Sentinel};

fn c_parse(bytes: &[u8], cap: usize) -> (SssStatus, Vec<u8>, usize) {
    let mut out = vec![0xAAu8; cap];
    let mut count = usize::MAX;
    let st = call("sss_cards_parse", || unsafe {
        sss_cards_parse(bytes.as_ptr(), bytes.len(), out.as_mut_ptr(), cap, &mut count)
    });
    (st, out, count)
}

fn c_format(codes: &[u8], style: u32) -> (SssStatus, Option<String>) {
    text_out("sss_cards_format", |buf, cap, len| unsafe {
        sss_cards_format(codes.as_ptr(), codes.len(), style, buf, cap, len)
    })
}

fuzz_target!(|data: &[u8]| {
    // The bytes as text, both in Rust and in C.
    let rust = std::str::from_utf8(data).map(parse_cards);
    let (st, out, count) = c_parse(data, 52);
    match &rust {
        Err(_) => assert_eq!(st, SssStatus::SSS_ERR_INVALID_UTF8),
        Ok(Ok(cards)) => {
            assert!(cards.len() <= 52);
            let set: CardSet = cards.iter().collect();
            assert_eq!(set.len(), cards.len(), "parse_cards returned a duplicate");
            assert_eq!(st, SssStatus::SSS_OK, "C refused what Rust accepts: {}", last_error());
            assert_eq!(count, cards.len());
            assert_eq!(&out[..count], &codes(cards)[..], "C and Rust parse the same codes");
            assert!(out[count..].iter().all(|&b| b == 0xAA), "C wrote past the codes");
            // Round trips: letters and symbols.
            let text = format_cards(cards);
            assert_eq!(&parse_cards(&text).unwrap(), cards, "letters round trip: {text}");
            let symbols: Vec<String> = cards.iter().map(|c| c.to_symbol_string()).collect();
            assert_eq!(&parse_cards(&symbols.join(",")).unwrap(), cards, "symbols round trip");
            assert_eq!(&parse_cards(&symbols.concat()).unwrap(), cards, "written together");
            let s: &str = std::str::from_utf8(data).unwrap();
            assert_eq!(s.parse::<CardSet>().unwrap(), set);
            // One card: Card::from_str and sss_card_parse agree.
            let one = s.parse::<Card>();
            let mut code = Sentinel::<u8>::new();
            let st1 = call("sss_card_parse", || unsafe { sss_card_parse(data.as_ptr(), data.len(), code.ptr()) });
            assert_eq!(st1, status_of(&one));
            if cards.len() == 1 {
                assert_eq!(one.as_ref().unwrap(), &cards[0]);
                assert_eq!(code.get(), cards[0].code());
            } else {
                assert!(one.is_err(), "{} cards parsed as one", cards.len());
                assert!(code.untouched(), "sss_card_parse wrote its output on failure");
            }
            // A buffer one short is refused with the needed count and left alone.
            if !cards.is_empty() {
                let (st, out, count) = c_parse(data, cards.len() - 1);
                assert_eq!(st, SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
                assert_eq!(count, cards.len());
                assert!(out.iter().all(|&b| b == 0xAA), "a refused buffer was written");
            }
            // Formatting through C (both styles) parses back through C.
            for style in [0u32, 1] {
                let (st, text) = c_format(&codes(cards), style);
                assert_eq!(st, SssStatus::SSS_OK);
                let text = text.unwrap();
                if style == 0 {
                    assert_eq!(text, format_cards(cards), "C letters equal Rust's");
                }
                let (st, again, n) = c_parse(text.as_bytes(), 52);
                assert_eq!(st, SssStatus::SSS_OK);
                assert_eq!(&again[..n], &codes(cards)[..], "C format/parse round trip");
            }
        }
        Ok(Err(e)) => {
            let f = failure(e.clone());
            assert_eq!(st, f.status, "C and Rust fail alike");
            assert_eq!(last_error(), f.message, "C's message is the engine's");
            assert_eq!(count, usize::MAX, "count written on failure");
            assert!(out.iter().all(|&b| b == 0xAA), "codes written on failure");
        }
    }

    // The bytes as card codes.
    let by_code = cards_from_codes(data);
    let st = call("sss_cards_validate", || unsafe { sss_cards_validate(data.as_ptr(), data.len()) });
    assert_eq!(st, status_of(&by_code));
    let style = data.first().map_or(0, |&b| (b >> 6) as u32); // 2 and 3 are no style.
    let (st, text) = c_format(data, style);
    // Formatting takes no rule set and so takes what the biggest deck holds: two copies of a
    // card and six jokers (RULES.md §11, §12).
    let biggest = engine::Deck::new(engine::SuitSet::ALL, 6).unwrap();
    let formattable = engine::cards_from_codes_in(data, biggest);
    match (&formattable, style) {
        (Ok(cards), 0 | 1) => {
            assert_eq!(st, SssStatus::SSS_OK);
            let back = engine::parse_cards_in(&text.unwrap(), biggest).unwrap();
            assert_eq!(&back, cards, "format of codes parses back");
        }
        (Ok(_), _) => assert_eq!(st, SssStatus::SSS_ERR_INVALID_ARGUMENT, "style {style}"),
        (Err(_), _) => assert_ne!(st, SssStatus::SSS_OK, "formatted bad codes"),
    }
});
