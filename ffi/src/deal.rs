//! Shuffling and dealing (RULES.md §10): seeded deals that are the same on every surface (the
//! algorithm is documented in the core's `deal` module and recorded in
//! `tests/vectors/deal.json`), unseeded deals keyed from the operating system, and the shuffled
//! deck of a seed. The `*_for` calls deal from a rule set's deck (RULES.md §11): with extra
//! suits, 65 to 104 cards to 5 to 8 seats; with none, the one-deck deal card for card.
//!
//! A deal comes out as one flat array of card codes: seat `p` (0-based) holds
//! `codes[13p .. 13p + 13]`, in the order the cards were dealt.

use engine::deal::{self, DECK_SIZE, HAND_SIZE, MAX_DECK_SIZE};
use engine::Card;

use crate::boundary::{handle_ref, BufOut, Failure, SssStatus};
use crate::rules::SssRules;

/// Cards in one player's hand.
pub const SSS_HAND_SIZE: usize = 13;
/// Cards in the deck (one standard deck, no jokers).
pub const SSS_DECK_SIZE: usize = 52;
/// Fewest players a deal is for.
pub const SSS_DEAL_MIN_PLAYERS: u32 = 2;
/// Most players a deal from one deck is for (`sss_deal`); `sss_deal_for` deals to up to
/// `SSS_MAX_SEATS` from a rule set with extra suits.
pub const SSS_DEAL_MAX_PLAYERS: u32 = 4;
/// Cards in the biggest deck without jokers (two decks: every suit extra, RULES.md §11), so a
/// buffer of this many codes always holds `sss_deal_for`, and `sss_deck` and
/// `sss_shuffled_deck_for` of a rule set without jokers.
pub const SSS_MAX_DECK_SIZE: usize = 104;
/// Cards in the biggest deck with jokers (two decks and `SSS_MAX_JOKERS` jokers, RULES.md §12),
/// so a buffer of this many codes always holds `sss_deck` and `sss_shuffled_deck_for`.
pub const SSS_MAX_DECK_SIZE_WITH_JOKERS: usize = 110;

// The C constants are ABI; the engine's must agree.
const _: () = assert!(HAND_SIZE == SSS_HAND_SIZE && DECK_SIZE == SSS_DECK_SIZE);
const _: () = assert!(deal::MIN_PLAYERS == SSS_DEAL_MIN_PLAYERS as usize);
const _: () = assert!(deal::MAX_PLAYERS == SSS_DEAL_MAX_PLAYERS as usize);
const _: () = assert!(SSS_MAX_DECK_SIZE_WITH_JOKERS == SSS_MAX_DECK_SIZE + crate::rules::SSS_MAX_JOKERS as usize);
const _: () = assert!(MAX_DECK_SIZE == SSS_MAX_DECK_SIZE);

/// The player count as the engine takes it. A `uint32_t` always fits `usize` on the platforms
/// Rust supports for this library (32 and 64 bits), and the engine rejects anything but 2 to
/// the deck's seat count.
fn players_in(players: u32) -> usize {
    players as usize
}

fn codes_of(hands: &[deal::Hand]) -> Vec<u8> {
    hands.iter().flatten().map(|c: &Card| c.code()).collect()
}

fn deal_out(players: u32, seed: Option<u64>, out: BufOut<u8>) -> Result<(), Failure> {
    let hands = deal::deal(players_in(players), seed)?;
    unsafe { out.write_items(&codes_of(&hands), None) }
}

/// Shuffle one deck with the documented ChaCha20 shuffle keyed by `seed` and deal `players`
/// hands of 13 (2 to 4 players). The result is the same in every language for the same seed.
///
/// Writes `players × 13` codes into `out_codes` (capacity `cap`; `SSS_DECK_SIZE` always
/// suffices), seat `p` at `out_codes[13p .. 13p + 13]`, and their number into `*out_count`.
/// Errors: `SSS_ERR_INVALID_TABLE` (players outside 2..=4, checked first),
/// `SSS_ERR_BUFFER_TOO_SMALL` (with the needed count in `*out_count`), `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `out_codes` must be valid for `cap` writes (or NULL when `cap` is 0); `out_count` valid for
/// a write.
#[no_mangle]
pub unsafe extern "C" fn sss_deal(
    players: u32,
    seed: u64,
    out_codes: *mut u8,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let out =
            unsafe { BufOut::with_names(out_codes, cap, out_count, "out_codes", "out_count", "deal (card codes)")? };
        deal_out(players, Some(seed), out)
    })
}

/// As `sss_deal`, keyed from the operating system's random source instead of a seed: the deal
/// cannot be predicted or replayed. Errors as `sss_deal`, and `SSS_ERR_INVALID_ARGUMENT` if the
/// operating system provides no randomness.
///
/// # Safety
/// As `sss_deal`.
#[no_mangle]
pub unsafe extern "C" fn sss_deal_unseeded(
    players: u32,
    out_codes: *mut u8,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let out =
            unsafe { BufOut::with_names(out_codes, cap, out_count, "out_codes", "out_count", "deal (card codes)")? };
        deal_out(players, None, out)
    })
}

/// The whole shuffled deck of a seed (52 codes, before it is dealt): `sss_deal` gives seat `p`
/// positions `13p .. 13p + 13` of it. Errors: `SSS_ERR_BUFFER_TOO_SMALL` (cap below 52, with 52
/// in `*out_count`), `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `out_codes` must be valid for `cap` writes (or NULL when `cap` is 0); `out_count` valid for
/// a write.
#[no_mangle]
pub unsafe extern "C" fn sss_shuffled_deck(
    seed: u64,
    out_codes: *mut u8,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let out =
            unsafe { BufOut::with_names(out_codes, cap, out_count, "out_codes", "out_count", "deck (card codes)")? };
        let deck: Vec<u8> = deal::shuffled_deck(seed).iter().map(|c| c.code()).collect();
        unsafe { out.write_items(&deck, None) }
    })
}

fn codes(cards: &[Card]) -> Vec<u8> {
    cards.iter().map(|c| c.code()).collect()
}

/// The rule set's deck in the order RULES.md §11 deals from: codes 0 to 51, then one more copy
/// of every card of the extra suits in ascending code, then the jokers as RULES.md §12 deals
/// them (52 to `SSS_MAX_DECK_SIZE_WITH_JOKERS` codes).
/// Errors: `SSS_ERR_BUFFER_TOO_SMALL` (with the deck's size in `*out_count`),
/// `SSS_ERR_NULL_POINTER`, `SSS_ERR_INVALID_HANDLE`.
///
/// # Safety
/// `rules` must be a live handle; `out_codes` valid for `cap` writes (or NULL when `cap` is 0);
/// `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_deck(
    rules: *const SssRules,
    out_codes: *mut u8,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out =
            unsafe { BufOut::with_names(out_codes, cap, out_count, "out_codes", "out_count", "deck (card codes)")? };
        unsafe { out.write_items(&codes(&rules.inner.deck()), None) }
    })
}

/// Shuffle the rule set's deck (`sss_deck`: with its extra suits, RULES.md §11) keyed by `seed`
/// and deal `players` hands of 13: 2 to 4 seats from one deck, up to 4 + the number of extra
/// suits (at most `SSS_MAX_SEATS`) otherwise. With no extra suit this is `sss_deal`, card for
/// card. A hand may hold two copies of a card of an extra suit.
///
/// Writes `players × 13` codes into `out_codes` (`SSS_MAX_DECK_SIZE` always suffices), seat `p`
/// at `out_codes[13p .. 13p + 13]`, and their number into `*out_count`. Errors:
/// `SSS_ERR_INVALID_TABLE` (a seat count the deck cannot deal, the message naming both, checked
/// before the buffer), `SSS_ERR_BUFFER_TOO_SMALL` (with the needed count in `*out_count`),
/// `SSS_ERR_NULL_POINTER`, `SSS_ERR_INVALID_HANDLE`.
///
/// # Safety
/// `rules` must be a live handle; `out_codes` valid for `cap` writes (or NULL when `cap` is 0);
/// `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_deal_for(
    rules: *const SssRules,
    players: u32,
    seed: u64,
    out_codes: *mut u8,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out =
            unsafe { BufOut::with_names(out_codes, cap, out_count, "out_codes", "out_count", "deal (card codes)")? };
        let hands = deal::deal_for(&rules.inner, players_in(players), Some(seed))?;
        unsafe { out.write_items(&codes_of(&hands), None) }
    })
}

/// As `sss_deal_for`, keyed from the operating system's random source instead of a seed: a deal
/// of the rule set's deck (with its extra suits, to up to `SSS_MAX_SEATS`) that cannot be
/// predicted or replayed, as `sss_deal_unseeded` is for one deck. Errors as `sss_deal_for`, and
/// `SSS_ERR_INVALID_ARGUMENT` if the operating system provides no randomness.
///
/// # Safety
/// As `sss_deal_for`.
#[no_mangle]
pub unsafe extern "C" fn sss_deal_for_unseeded(
    rules: *const SssRules,
    players: u32,
    out_codes: *mut u8,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out =
            unsafe { BufOut::with_names(out_codes, cap, out_count, "out_codes", "out_count", "deal (card codes)")? };
        let hands = deal::deal_for(&rules.inner, players_in(players), None)?;
        unsafe { out.write_items(&codes_of(&hands), None) }
    })
}

/// The rule set's whole deck shuffled by `seed` (`sss_deck`'s size), before it is dealt:
/// `sss_deal_for` gives seat `p` positions `13p .. 13p + 13` of it. With no extra suit this is
/// `sss_shuffled_deck`. Errors: `SSS_ERR_BUFFER_TOO_SMALL` (with the deck's size in
/// `*out_count`), `SSS_ERR_NULL_POINTER`, `SSS_ERR_INVALID_HANDLE`.
///
/// # Safety
/// `rules` must be a live handle; `out_codes` valid for `cap` writes (or NULL when `cap` is 0);
/// `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_shuffled_deck_for(
    rules: *const SssRules,
    seed: u64,
    out_codes: *mut u8,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out =
            unsafe { BufOut::with_names(out_codes, cap, out_count, "out_codes", "out_count", "deck (card codes)")? };
        let deck = deal::Dealer::from_seed(seed).shuffle_cards(rules.inner.deck_spec());
        unsafe { out.write_items(&codes(&deck), None) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boundary::tests::last_error;
    use std::collections::HashSet;
    use std::ptr::null_mut;

    fn seeded(players: u32, seed: u64) -> (SssStatus, Vec<u8>) {
        let mut buf = [0xEEu8; 60];
        let mut n = 0usize;
        let st = unsafe { sss_deal(players, seed, buf.as_mut_ptr(), buf.len(), &mut n) };
        (st, buf[..if st == SssStatus::SSS_OK { n } else { 0 }].to_vec())
    }

    #[test]
    fn seeded_deals_are_the_engines() {
        for seed in [0, 1, 42, 1 << 63, u64::MAX] {
            let deck: Vec<u8> = deal::shuffled_deck(seed).iter().map(|c| c.code()).collect();
            for players in 2..=4u32 {
                let (st, codes) = seeded(players, seed);
                assert_eq!(st, SssStatus::SSS_OK);
                // Seat p gets deck positions 13p.. (the documented step 4), so the deal is a
                // prefix of the shuffled deck.
                assert_eq!(codes, deck[..13 * players as usize], "seed {seed}, {players} players");
            }
            let mut out = [0u8; 52];
            let mut n = 0;
            assert_eq!(unsafe { sss_shuffled_deck(seed, out.as_mut_ptr(), 52, &mut n) }, SssStatus::SSS_OK);
            assert_eq!((n, out.to_vec()), (52, deck));
        }
        assert_ne!(seeded(4, 1).1, seeded(4, 2).1);
    }

    #[test]
    fn unseeded_deals_are_deals() {
        let mut a = [0u8; 52];
        let mut b = [0u8; 52];
        let mut n = 0;
        assert_eq!(unsafe { sss_deal_unseeded(4, a.as_mut_ptr(), 52, &mut n) }, SssStatus::SSS_OK);
        assert_eq!(n, 52);
        assert_eq!(a.iter().copied().collect::<HashSet<u8>>().len(), 52);
        assert_eq!(unsafe { sss_deal_unseeded(4, b.as_mut_ptr(), 52, &mut n) }, SssStatus::SSS_OK);
        assert_ne!(a, b, "two OS-keyed deals collide with probability 1/52!");
        assert_eq!(unsafe { sss_deal_unseeded(3, a.as_mut_ptr(), 52, &mut n) }, SssStatus::SSS_OK);
        assert_eq!(n, 39);
    }

    #[test]
    fn errors() {
        for players in [0u32, 1, 5, u32::MAX] {
            let mut buf = [0xEEu8; 52];
            let mut n = 77usize;
            let st = unsafe { sss_deal(players, 7, buf.as_mut_ptr(), 52, &mut n) };
            assert_eq!(st, SssStatus::SSS_ERR_INVALID_TABLE, "{players}");
            assert!(last_error().contains(&format!("got {players}")), "{}", last_error());
            let st = unsafe { sss_deal_unseeded(players, buf.as_mut_ptr(), 52, &mut n) };
            assert_eq!(st, SssStatus::SSS_ERR_INVALID_TABLE);
            assert_eq!((n, buf), (77, [0xEE; 52]), "no write on failure");
        }
        // The player count is checked before the buffer.
        let mut n = 0;
        assert_eq!(unsafe { sss_deal(9, 7, null_mut(), 0, &mut n) }, SssStatus::SSS_ERR_INVALID_TABLE);
        let mut small = [0xEEu8; 26];
        let st = unsafe { sss_deal(3, 7, small.as_mut_ptr(), 26, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 39));
        assert_eq!(small, [0xEE; 26]);
        assert!(last_error().contains("needs 39"), "{}", last_error());
        assert_eq!(unsafe { sss_deal(2, 7, null_mut(), 26, &mut n) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out_codes` is NULL");
        assert_eq!(unsafe { sss_deal(2, 7, small.as_mut_ptr(), 26, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out_count` is NULL");
        let st = unsafe { sss_shuffled_deck(7, small.as_mut_ptr(), 26, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 52));
        assert_eq!(unsafe { sss_shuffled_deck(7, null_mut(), 0, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
    }

    fn rules_with(mask: u8) -> *mut SssRules {
        let r = crate::rules::tests::preset("classic");
        assert_eq!(unsafe { crate::rules::sss_rules_set_extra_suits(r, mask) }, SssStatus::SSS_OK);
        r
    }

    fn deal_for(rules: *const SssRules, players: u32, seed: u64) -> (SssStatus, Vec<u8>) {
        let mut buf = [0xEEu8; SSS_MAX_DECK_SIZE];
        let mut n = 0usize;
        let st = unsafe { sss_deal_for(rules, players, seed, buf.as_mut_ptr(), buf.len(), &mut n) };
        (st, buf[..if st == SssStatus::SSS_OK { n } else { 0 }].to_vec())
    }

    #[test]
    fn big_table_deals_are_the_engines() {
        for (mask, most) in [(0u8, 4u32), (0x8, 5), (0xC, 6), (0xE, 7), (0xF, 8)] {
            let r = rules_with(mask);
            let rules = unsafe { &(&*r).inner };
            let mut deck = [0u8; SSS_MAX_DECK_SIZE];
            let mut n = 0;
            assert_eq!(unsafe { sss_deck(r, deck.as_mut_ptr(), deck.len(), &mut n) }, SssStatus::SSS_OK);
            assert_eq!(n, 52 + 13 * (most as usize - 4));
            assert_eq!(deck[..n], codes(&rules.deck())[..]);
            for seed in [0, 7, u64::MAX] {
                let shuffled = codes(&deal::shuffled_deck_of(rules.extra_suits, seed));
                let mut out = [0u8; SSS_MAX_DECK_SIZE];
                let st = unsafe { sss_shuffled_deck_for(r, seed, out.as_mut_ptr(), out.len(), &mut n) };
                assert_eq!((st, &out[..n]), (SssStatus::SSS_OK, &shuffled[..]));
                for players in 2..=most {
                    let (st, got) = deal_for(r, players, seed);
                    assert_eq!(st, SssStatus::SSS_OK);
                    let hands = deal::deal_for(rules, players as usize, Some(seed)).unwrap();
                    assert_eq!(got, codes_of(&hands));
                    assert_eq!(got, shuffled[..13 * players as usize]);
                    if mask == 0 {
                        assert_eq!(got, seeded(players, seed).1, "one deck: sss_deal card for card");
                    }
                }
                let (st, _) = deal_for(r, most + 1, seed);
                assert_eq!(st, SssStatus::SSS_ERR_INVALID_TABLE);
                crate::boundary::tests::assert_names_table(most as usize + 1, most as usize);
            }
            unsafe { crate::rules::sss_rules_free(r) };
        }
    }

    fn unseeded_for(rules: *const SssRules, players: u32) -> (SssStatus, Vec<u8>) {
        let mut buf = [0xEEu8; SSS_MAX_DECK_SIZE];
        let mut n = 0usize;
        let st = unsafe { sss_deal_for_unseeded(rules, players, buf.as_mut_ptr(), buf.len(), &mut n) };
        (st, buf[..if st == SssStatus::SSS_OK { n } else { 0 }].to_vec())
    }

    #[test]
    fn unseeded_big_table_deals_are_deals_of_the_deck() {
        for (mask, most) in [(0u8, 4u32), (0x8, 5), (0xC, 6), (0xF, 8)] {
            let r = rules_with(mask);
            let deck = codes(&unsafe { &(&*r).inner }.deck());
            let mut held = [0usize; 52];
            for &c in &deck {
                held[c as usize] += 1;
            }
            for players in 2..=most {
                let (st, got) = unseeded_for(r, players);
                assert_eq!((st, got.len()), (SssStatus::SSS_OK, 13 * players as usize), "{mask:#x}, {players} seats");
                let mut seen = [0usize; 52];
                for &c in &got {
                    seen[c as usize] += 1;
                    assert!(seen[c as usize] <= held[c as usize], "code {c} more often than the deck holds it");
                }
            }
            let (st, _) = unseeded_for(r, most + 1);
            assert_eq!(st, SssStatus::SSS_ERR_INVALID_TABLE);
            crate::boundary::tests::assert_names_table(most as usize + 1, most as usize);
            unsafe { crate::rules::sss_rules_free(r) };
        }
        // Two decks to eight seats: the whole deck, in an order no two calls share in practice.
        let r = rules_with(0xF);
        let (a, b) = (unseeded_for(r, 8).1, unseeded_for(r, 8).1);
        assert_ne!(a, b, "two OS-keyed deals of 104 cards collide with negligible probability");
        let (mut sa, mut sb) = (a.clone(), b.clone());
        sa.sort_unstable();
        sb.sort_unstable();
        assert_eq!(sa, sb, "eight seats take the whole deck");
        unsafe { crate::rules::sss_rules_free(r) };
    }

    #[test]
    fn unseeded_big_table_errors() {
        let r = rules_with(0xC);
        let mut n = 77usize;
        let mut small = [0xEEu8; 13];
        // The seat count is checked before the buffer; nothing is written on failure.
        let st = unsafe { sss_deal_for_unseeded(r, 7, null_mut(), 0, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_INVALID_TABLE, 77));
        crate::boundary::tests::assert_names_table(7, 6);
        let st = unsafe { sss_deal_for_unseeded(r, 1, small.as_mut_ptr(), 13, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_INVALID_TABLE, 77));
        let st = unsafe { sss_deal_for_unseeded(r, 6, small.as_mut_ptr(), 13, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 78));
        assert_eq!(small, [0xEE; 13]);
        assert!(last_error().contains("needs 78"), "{}", last_error());
        let st = unsafe { sss_deal_for_unseeded(std::ptr::null(), 2, small.as_mut_ptr(), 13, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `rules` is NULL");
        let st = unsafe { sss_deal_for_unseeded(r, 2, null_mut(), 26, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out_codes` is NULL");
        let mut buf = [0u8; 26];
        let st = unsafe { sss_deal_for_unseeded(r, 2, buf.as_mut_ptr(), 26, null_mut()) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out_count` is NULL");
        unsafe { crate::rules::sss_rules_free(r) };
    }

    #[test]
    fn big_table_errors() {
        let r = rules_with(0);
        assert_eq!(deal_for(r, 5, 7).0, SssStatus::SSS_ERR_INVALID_TABLE);
        crate::boundary::tests::assert_names_table(5, 4);
        unsafe { crate::rules::sss_rules_free(r) };
        let r = rules_with(0xF);
        assert_eq!(deal_for(r, 9, 7).0, SssStatus::SSS_ERR_INVALID_TABLE);
        crate::boundary::tests::assert_names_table(9, 8);
        let mut n = 0;
        // The seat count is checked before the buffer.
        assert_eq!(unsafe { sss_deal_for(r, 1, 7, null_mut(), 0, &mut n) }, SssStatus::SSS_ERR_INVALID_TABLE);
        let mut small = [0xEEu8; 13];
        let st = unsafe { sss_deal_for(r, 8, 7, small.as_mut_ptr(), 13, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 104));
        assert_eq!(small, [0xEE; 13]);
        let st = unsafe { sss_deck(r, small.as_mut_ptr(), 13, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 104));
        let st = unsafe { sss_shuffled_deck_for(r, 7, null_mut(), 0, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 104));
        assert_eq!(
            unsafe { sss_deal_for(std::ptr::null(), 2, 7, small.as_mut_ptr(), 13, &mut n) },
            SssStatus::SSS_ERR_NULL_POINTER
        );
        assert_eq!(unsafe { sss_deck(r, small.as_mut_ptr(), 13, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(
            unsafe { sss_shuffled_deck_for(std::ptr::null(), 7, small.as_mut_ptr(), 13, &mut n) },
            SssStatus::SSS_ERR_NULL_POINTER
        );
        unsafe { crate::rules::sss_rules_free(r) };
    }
}
