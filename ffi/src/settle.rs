//! Settling a round (RULES.md §4–§6, §5a banker mode, §9 ranked): seats in, an opaque
//! `SssSettlement` out, read back through accessors into fixed `#[repr(C)]` structs, or whole
//! as JSON. A banker-mode round (`SSS_TABLE_BANKER`) is settled with `sss_settle_with_banker`.
//!
//! A seat crosses the boundary as a 15-byte `SssSeat` (kind, special, 13 card codes in lane
//! order), all `uint8_t`, so an array of seats is one flat byte block (C# passes a `byte[]`).
//! Water crosses as `SssWater`: the exact amount in units of 1/840 of a point
//! (`SSS_WATER_DENOMINATOR`; 840 = lcm(1..8), so ranked shares among 5 to 8 normal players stay
//! exact), and the same amount as a reduced fraction `num / den` (`den` divides 840; 1 for whole
//! water).
//!
//! A table seats 2 to the rule set's `sss_rules_get_max_players` (4, plus one per extra suit:
//! at most `SSS_MAX_SEATS`, 8); with extra suits a card of an extra suit may be at the table
//! twice (RULES.md §11).
//!
//! Output structs put every 8-byte field first and pad themselves to a multiple of 8 bytes, so
//! their layout is the same whether a platform aligns `int64_t` to 4 or to 8.

use engine::settle::{Event, PairKind, PairResult, PlayerHand, SeatResult, Settlement, Settler, Water};
use engine::{Card, Rank, Rules, ScoringMode, Suit};

use crate::boundary::{
    handle_free, handle_mut, handle_new, handle_ref, slice_in, BufOut, Failure, Out, SssStatus, Tagged, TextOut,
};
use crate::card::cards_in_deck;
use crate::eval::{arrangement_out, SssArrangementEval};
use crate::rules::SssRules;
use crate::special::{special_in, SSS_SPECIAL_NONE};

/// Fewest seats at a table.
pub const SSS_MIN_SEATS: usize = 2;
/// Most seats at any table: two decks (every suit extra, RULES.md §11). A rule set's own limit
/// is `sss_rules_get_max_players` (4 for one deck).
pub const SSS_MAX_SEATS: usize = 8;
/// Water is exact in units of 1/`SSS_WATER_DENOMINATOR` of a point (`SssWater.units`): 840 is
/// the least common multiple of 1 to 8, so every ranked share at 2 to 8 seats is whole.
pub const SSS_WATER_DENOMINATOR: i64 = 840;

// The C constants are ABI; the engine's must agree.
const _: () = assert!(engine::settle::MAX_SEATS == SSS_MAX_SEATS && engine::settle::MIN_SEATS == SSS_MIN_SEATS);
const _: () = assert!(Water::DENOMINATOR == SSS_WATER_DENOMINATOR);

/// `SssSeat.kind`: the seat plays three lanes (cards in lane order: 3 front, 5 middle, 5 back).
pub const SSS_SEAT_ARRANGED: u8 = 0;
/// `SssSeat.kind`: the seat declares a special (报到) with its 13 cards.
pub const SSS_SEAT_SPECIAL: u8 = 1;

/// No seat: a lane or special payment without a winner (a tie), an event without a victim.
pub const SSS_SEAT_NONE: u8 = 255;
/// No category: a lane without a winner.
pub const SSS_CATEGORY_NONE: u8 = 255;

/// `SssPairResult.kind`: two legal arrangements compared lane by lane.
pub const SSS_PAIR_LANES: u8 = 0;
/// `SssPairResult.kind`: one seat fouled and loses every lane to the other.
pub const SSS_PAIR_ONE_FOULED: u8 = 1;
/// `SssPairResult.kind`: both fouled; nothing moves.
pub const SSS_PAIR_BOTH_FOULED: u8 = 2;
/// `SssPairResult.kind`: a declared special against lanes (legal or fouled).
pub const SSS_PAIR_SPECIAL_VS_NORMAL: u8 = 3;
/// `SssPairResult.kind`: two declared specials.
pub const SSS_PAIR_SPECIAL_VS_SPECIAL: u8 = 4;

/// `SssEvent.kind`: a seat fouled (倒水); `foul_bits` says which lanes are out of order.
pub const SSS_EVENT_FOUL: u8 = 0;
/// `SssEvent.kind`: a seat declared a special (报到).
pub const SSS_EVENT_SPECIAL: u8 = 1;
/// `SssEvent.kind`: a shot (打枪): `seat` shot `victim`, who pays `value`.
pub const SSS_EVENT_SHOT: u8 = 2;
/// `SssEvent.kind`: a home run (全垒打): `seat` shot every other seat; the victims pay `value`
/// together.
pub const SSS_EVENT_HOME_RUN: u8 = 3;
/// `SssEvent.kind`: `seat` is the banker of a banker-mode round (庄家); always the first event,
/// and only in banker mode.
pub const SSS_EVENT_BANKER: u8 = 4;

/// `SssSettlementInfo.mode`: every pair compared lane by lane.
pub const SSS_SCORING_PAIRWISE: u8 = 0;
/// `SssSettlementInfo.mode`: each lane ranks the players (seed 002).
pub const SSS_SCORING_RANKED: u8 = 1;

/// One seat's hand as input to `sss_settle`: 15 bytes, all `uint8_t`.
///
/// `kind` is `SSS_SEAT_ARRANGED` (cards in lane order: front 0–2, middle 3–7, back 8–12) or
/// `SSS_SEAT_SPECIAL` (`special` is the declared `SssSpecial`; the cards in any order). `special`
/// is ignored for an arrangement. Build one with `sss_seat_arranged` / `sss_seat_special` to have
/// lane sizes and card codes checked, or fill it directly.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssSeat {
    /// `SSS_SEAT_ARRANGED` or `SSS_SEAT_SPECIAL`.
    pub kind: u8,
    /// The declared `SssSpecial` when `kind` is `SSS_SEAT_SPECIAL`.
    pub special: u8,
    /// The seat's 13 card codes.
    pub cards: [u8; 13],
}

/// An exact amount of water, positive when received: `units / SSS_WATER_DENOMINATOR` (840), the
/// same value as the reduced fraction `num / den`.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssWater {
    /// The amount in units of 1/840 of a water point (every amount is a whole number of units).
    pub units: i64,
    /// Numerator of the reduced fraction (sign included).
    pub num: i64,
    /// Denominator of the reduced fraction: a divisor of 840 (1 for whole water).
    pub den: i64,
}

pub(crate) fn water_out(w: Water) -> SssWater {
    SssWater { units: w.units(), num: w.numer(), den: w.denom() }
}

/// The round as a whole (`sss_settlement_info`). 20 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssSettlementInfo {
    /// Ranked mode only: the water `t` of a lane win in the front, middle and back (the lane
    /// water of the best non-fouled hand in the lane); 0 in pairwise mode.
    pub ranked_lane_water: [u32; 3],
    /// Number of seats (2 to 8).
    pub seat_count: u8,
    /// Number of settled pairs: seat_count × (seat_count − 1) / 2, or seat_count − 1 in banker
    /// mode.
    pub pair_count: u8,
    /// Number of events (`sss_settlement_event`).
    pub event_count: u8,
    /// `SSS_SCORING_PAIRWISE` or `SSS_SCORING_RANKED`.
    pub mode: u8,
    /// 1 when `ranked_lane_water` is set (ranked mode), else 0.
    pub has_ranked_lane_water: u8,
    /// The seat that made a home run, or `SSS_SEAT_NONE`.
    pub home_run_seat: u8,
    /// The banker seat of a banker-mode round, or `SSS_SEAT_NONE` when every pair was settled.
    pub banker_seat: u8,
    /// Always 0.
    pub reserved: u8,
}

/// What one seat played and its result (`sss_settlement_seat`). 64 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssSeatResult {
    /// The seat's result for the round (positive: received).
    pub total: SssWater,
    /// Lane ranks and the engine's foul check (`SSS_SEAT_ARRANGED` only; zero for a special).
    pub eval: SssArrangementEval,
    /// The declared special's water under the rule set (`SSS_SEAT_SPECIAL` only, else 0).
    pub special_water: u32,
    /// `SSS_SEAT_ARRANGED` or `SSS_SEAT_SPECIAL`.
    pub kind: u8,
    /// The declared `SssSpecial`, or `SSS_SPECIAL_NONE`.
    pub special: u8,
    /// 1 when the seat played lanes and fouled, else 0.
    pub is_foul: u8,
    /// Always 0.
    pub reserved: [u8; 5],
}

/// One lane of one pair. 8 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssLaneResult {
    /// Water the loser pays the winner for this lane before any shot or home run (pairwise: the
    /// value of the winner's own hand; ranked: the lane's `t`); 0 without a winner.
    pub water: u32,
    /// 0 front, 1 middle, 2 back.
    pub lane: u8,
    /// The seat that won the lane, or `SSS_SEAT_NONE` (a tie, or two fouled seats).
    pub winner: u8,
    /// The `SssCategory` of the winning hand, or `SSS_CATEGORY_NONE`.
    pub hand: u8,
    /// Always 0.
    pub reserved: u8,
}

/// The settlement of one pair of seats (`sss_settlement_pair`); every signed amount is from
/// `seat_a`'s side. 120 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssPairResult {
    /// What `seat_a` receives from `seat_b` in the end (negative: pays).
    pub water: SssWater,
    /// With `has_special`: what the special's winner receives (ranked: `w / p`, maybe a
    /// fraction); 0 for a tie.
    pub special_water: SssWater,
    /// Net lane water from `seat_a`'s side, majority bonus included, before any shot or home run.
    pub lane_water: i64,
    /// With `has_shot`: the lane water the shooter won (what the pair moved before the shot).
    pub shot_lane_water: i64,
    /// With `has_shot`: what the victim pays after the shot (`lane water × multiplier + bonus`).
    pub shot_value: i64,
    /// With `has_home_run`: what the victim pays after the home run.
    pub home_run_value: i64,
    /// Front, middle, back (with `has_lanes`; zero otherwise).
    pub lanes: [SssLaneResult; 3],
    /// The lower seat.
    pub seat_a: u8,
    /// The higher seat.
    pub seat_b: u8,
    /// `SSS_PAIR_*`.
    pub kind: u8,
    /// 1 when lanes were compared (`SSS_PAIR_LANES`, `_ONE_FOULED`, `_BOTH_FOULED`).
    pub has_lanes: u8,
    /// 1 when one seat shot the other.
    pub has_shot: u8,
    /// The shooter, or `SSS_SEAT_NONE`.
    pub shooter: u8,
    /// The victim of the shot, or `SSS_SEAT_NONE`.
    pub victim: u8,
    /// 1 when the shot is part of a home run.
    pub has_home_run: u8,
    /// 1 when a special settled the pair (`SSS_PAIR_SPECIAL_VS_*`).
    pub has_special: u8,
    /// The seat the special pays, or `SSS_SEAT_NONE` when two equal specials tie.
    pub special_winner: u8,
    /// The `SssSpecial` that is paid, or `SSS_SPECIAL_NONE`.
    pub special: u8,
    /// The seat that won more lanes than it lost and received the rule set's majority bonus
    /// (2-4 scoring; included in `lane_water`), or `SSS_SEAT_NONE` (no bonus paid).
    pub majority_winner: u8,
    /// Always 0.
    pub reserved: [u8; 4],
}

/// Something worth showing, in the order a client animates it (`sss_settlement_event`). 16 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssEvent {
    /// Shot: what the victim pays (before any home run). Home run: what the victims pay
    /// together. Otherwise 0.
    pub value: i64,
    /// `SSS_EVENT_*`.
    pub kind: u8,
    /// The seat that fouled, declared, shot, made the home run, or is the banker.
    pub seat: u8,
    /// Shot: the victim; otherwise `SSS_SEAT_NONE`.
    pub victim: u8,
    /// Foul: bit 0 front over middle, bit 1 middle over back; otherwise 0.
    pub foul_bits: u8,
    /// Special: the declared `SssSpecial`; otherwise `SSS_SPECIAL_NONE`.
    pub special: u8,
    /// Always 0.
    pub reserved: [u8; 3],
}

/// A settled round. Made by `sss_settle`, refilled by `sss_settle_into`, released by
/// `sss_settlement_free`. Functions taking `const SssSettlement *` only read it and may run on
/// several threads at once.
pub struct SssSettlement(Tagged<Settlement>);
handle_type!(SssSettlement, Settlement, b"sss:setl");

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/// One seat as the engine takes it, its cards checked against a deck with `extra_suits` twice.
pub(crate) fn hand_in(seat: &SssSeat, index: usize, deck: engine::Deck) -> Result<PlayerHand, Failure> {
    let mut cards = [Card::new(Rank::Two, Suit::Diamonds); 13];
    for (slot, &code) in cards.iter_mut().zip(&seat.cards) {
        *slot = crate::card::card_in_deck(code, deck)?;
    }
    let hand = match seat.kind {
        SSS_SEAT_ARRANGED => {
            engine::Arrangement::new_in(&cards[..3], &cards[3..8], &cards[8..], deck).map(PlayerHand::Arranged)
        }
        SSS_SEAT_SPECIAL => {
            let special = special_in(seat.special as u32)
                .map_err(|f| Failure { message: format!("seat {index}: {}", f.message), ..f })?;
            PlayerHand::special_in(special, &cards, deck)
        }
        k => {
            return Err(Failure::invalid_argument(format!(
                "seat {index}: kind {k} is not 0 (SSS_SEAT_ARRANGED) or 1 (SSS_SEAT_SPECIAL)"
            )))
        }
    };
    Ok(hand.map_err(|e| e.at_seat(index))?)
}

/// The seats of a round under `rules`: the seat count first, as the engine checks it (a table
/// of 9, or of 5 at one deck, is that, not its cards), then each seat's cards; copies across the
/// table are the engine's to check when settling.
pub(crate) fn hands_in(seats: &[SssSeat], rules: &Rules) -> Result<Vec<PlayerHand>, Failure> {
    rules.check_players(seats.len())?;
    seats.iter().enumerate().map(|(i, s)| hand_in(s, i, rules.deck_spec())).collect()
}

/// Build an arrangement seat from its three lanes (3 + 5 + 5 codes), checking the card codes,
/// the lane sizes and that no card is there more than twice. This call takes no rule set, so it
/// accepts the copies of the biggest deck (two decks, RULES.md §11, and its jokers, codes 52 and
/// 53, §12): a card twice is fine here, and settling checks the table against the rule set's
/// deck (`SSS_ERR_DUPLICATE_CARD` for a card it holds once, `SSS_ERR_BAD_CARD_CODE` for a joker
/// code where it deals none). Errors: `SSS_ERR_BAD_CARD_CODE`, `SSS_ERR_WRONG_CARD_COUNT` (a lane of
/// the wrong size), `SSS_ERR_TOO_MANY_COPIES` (a third copy; position counted across the lanes:
/// front 0–2, middle 3–7, back 8–12), `SSS_ERR_NULL_POINTER`. Whether it fouls is the engine's
/// to say when settling.
///
/// # Safety
/// Each lane pointer valid for its count (or NULL when 0); `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_seat_arranged(
    front: *const u8,
    front_count: usize,
    middle: *const u8,
    middle_count: usize,
    back: *const u8,
    back_count: usize,
    out: *mut SssSeat,
) -> SssStatus {
    ffi_boundary!({
        let front = unsafe { slice_in(front, front_count, "front")? };
        let middle = unsafe { slice_in(middle, middle_count, "middle")? };
        let back = unsafe { slice_in(back, back_count, "back")? };
        let out = unsafe { Out::new(out, "out")? };
        let deck = crate::card::biggest_deck();
        let (front, middle, back) =
            (cards_in_deck(front, deck)?, cards_in_deck(middle, deck)?, cards_in_deck(back, deck)?);
        let a = engine::Arrangement::new_in(&front, &middle, &back, deck)?;
        let mut seat = SssSeat { kind: SSS_SEAT_ARRANGED, special: SSS_SPECIAL_NONE, cards: [0; 13] };
        for (slot, c) in seat.cards.iter_mut().zip(a.cards()) {
            *slot = c.code();
        }
        unsafe { out.write(seat) };
        Ok(())
    })
}

/// Build a declared-special seat from an `SssSpecial` and 13 card codes, checking the codes
/// (range, then copies, in order) and the count. Like `sss_seat_arranged` it takes no rule set
/// and accepts the cards of the biggest deck (two copies of a card, RULES.md §11, and the
/// jokers, §12); settling checks the table against the rule set's deck (a hand holding a joker
/// makes no special unless the rule set says so: `SSS_ERR_SPECIAL_NOT_ALLOWED`). Whether the cards make the special and the rule set enables it
/// is checked when settling too (`SSS_ERR_SPECIAL_NOT_ALLOWED`). Errors:
/// `SSS_ERR_INVALID_ARGUMENT` (not an `SssSpecial`), `SSS_ERR_BAD_CARD_CODE`,
/// `SSS_ERR_TOO_MANY_COPIES` (a third copy), `SSS_ERR_WRONG_CARD_COUNT`, `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `codes` valid for `count` bytes (or NULL when 0); `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_seat_special(
    special: u32,
    codes: *const u8,
    count: usize,
    out: *mut SssSeat,
) -> SssStatus {
    ffi_boundary!({
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { Out::new(out, "out")? };
        let special = special_in(special)?;
        let deck = crate::card::biggest_deck();
        let cards = engine::cards_from_codes_in(codes, deck)?;
        let hand = PlayerHand::special_in(special, &cards, deck)?;
        let mut seat = SssSeat { kind: SSS_SEAT_SPECIAL, special: special as u8, cards: [0; 13] };
        for (slot, c) in seat.cards.iter_mut().zip(hand.cards()) {
            *slot = c.code();
        }
        unsafe { out.write(seat) };
        Ok(())
    })
}

// ---------------------------------------------------------------------------------------------
// Settling
// ---------------------------------------------------------------------------------------------

/// Settle one round: `count` seats (2 to the rule set's `sss_rules_get_max_players`: 4 for one
/// deck, up to `SSS_MAX_SEATS` with extra suits; in seat order) under a rule set that settles
/// all pairs (`SSS_TABLE_ALL_PAIRS`; a banker-mode rule set needs `sss_settle_with_banker`, else
/// `SSS_ERR_INVALID_TABLE`). Free the result with `sss_settlement_free`.
///
/// Everything is checked before anything is settled, and `*out` is written only on success:
/// `SSS_ERR_INVALID_TABLE` (a seat count the deck does not seat, the message naming both),
/// `SSS_ERR_INVALID_ARGUMENT` (a seat kind or special number out of range, naming the seat),
/// `SSS_ERR_BAD_CARD_CODE`, `SSS_ERR_DUPLICATE_CARD` (a card the deck holds once used twice
/// anywhere at the table) or `SSS_ERR_TOO_MANY_COPIES` (a third copy of a card of an extra
/// suit), the position counted across the table as `seat × 13 + index`,
/// `SSS_ERR_SPECIAL_NOT_ALLOWED` (a declared special the
/// cards do not make or the rule set does not enable), `SSS_ERR_INVALID_RULES`,
/// `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `rules` must be a live handle; `seats` valid for `count` seats (or NULL when 0); `out` valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_settle(
    rules: *const SssRules,
    seats: *const SssSeat,
    count: usize,
    out: *mut *mut SssSettlement,
) -> SssStatus {
    unsafe { sss_settle_with_banker(rules, seats, count, SSS_SEAT_NONE, out) }
}

/// The banker argument: `SSS_SEAT_NONE` for none, else a seat number (checked by the engine).
pub(crate) fn banker_in(banker: u8) -> Option<usize> {
    (banker != SSS_SEAT_NONE).then_some(banker as usize)
}

/// Settle one round with its banker seat: `banker` is the banker's seat (0 to `count − 1`)
/// under a banker-mode rule set (`SSS_TABLE_BANKER`, RULES.md §5a), or `SSS_SEAT_NONE` under
/// `SSS_TABLE_ALL_PAIRS` (then this is `sss_settle`). Only the pairs with the banker are settled.
///
/// Errors as `sss_settle`, and `SSS_ERR_INVALID_TABLE` for a banker-mode rule set with
/// `SSS_SEAT_NONE`, a banker seat not at the table, or a banker seat under all pairs.
///
/// # Safety
/// As `sss_settle`.
#[no_mangle]
pub unsafe extern "C" fn sss_settle_with_banker(
    rules: *const SssRules,
    seats: *const SssSeat,
    count: usize,
    banker: u8,
    out: *mut *mut SssSettlement,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let seats = unsafe { slice_in(seats, count, "seats")? };
        let out = unsafe { Out::new(out, "out")? };
        let hands = hands_in(seats, &rules.inner)?;
        let settlement = Settler::new(&rules.inner)?.settle_with_banker(&hands, banker_in(banker))?;
        // SAFETY: checked when the call began; valid for a write (caller's contract).
        unsafe { out.write(handle_new::<SssSettlement>(settlement)) };
        Ok(())
    })
}

/// As `sss_settle`, into an existing settlement, reusing its memory (no allocation once it has
/// held a table as large). On any error `settlement` is left exactly as it was.
///
/// # Safety
/// `rules` must be a live handle; `seats` valid for `count` seats (or NULL when 0);
/// `settlement` a live handle not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sss_settle_into(
    rules: *const SssRules,
    seats: *const SssSeat,
    count: usize,
    settlement: *mut SssSettlement,
) -> SssStatus {
    unsafe { sss_settle_into_with_banker(rules, seats, count, SSS_SEAT_NONE, settlement) }
}

/// As `sss_settle_with_banker`, into an existing settlement (see `sss_settle_into`). On any
/// error `settlement` is left exactly as it was.
///
/// # Safety
/// As `sss_settle_into`.
#[no_mangle]
pub unsafe extern "C" fn sss_settle_into_with_banker(
    rules: *const SssRules,
    seats: *const SssSeat,
    count: usize,
    banker: u8,
    settlement: *mut SssSettlement,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let seats = unsafe { slice_in(seats, count, "seats")? };
        let settlement = unsafe { handle_mut(settlement, "settlement")? };
        let hands = hands_in(seats, &rules.inner)?;
        Settler::new(&rules.inner)?.settle_into_with_banker(&hands, banker_in(banker), &mut settlement.inner)?;
        Ok(())
    })
}

/// Release a settlement. NULL is ignored. Each handle must be freed exactly once and not used
/// afterwards. A pointer that is not a live `SssSettlement` (best effort, as `sss_rules_free`)
/// is not freed: the call only records an `SSS_ERR_INVALID_HANDLE` message as the last error.
///
/// # Safety
/// `settlement` must be NULL or a handle from `sss_settle` that has not been freed.
#[no_mangle]
pub unsafe extern "C" fn sss_settlement_free(settlement: *mut SssSettlement) {
    ffi_boundary!(fallback = (); { unsafe { handle_free(settlement, "settlement") } })
}

// ---------------------------------------------------------------------------------------------
// Reading a settlement
// ---------------------------------------------------------------------------------------------

fn seat_u8(seat: usize) -> u8 {
    // At most 8 seats: always fits.
    seat as u8
}

fn index_in(index: usize, len: usize, what: &str) -> Result<usize, Failure> {
    if index < len {
        Ok(index)
    } else {
        Err(Failure::invalid_argument(format!("{what} {index} does not exist (the settlement has {len})")))
    }
}

fn no_c_form(what: impl std::fmt::Debug) -> Failure {
    // The engine's enums are non_exhaustive: a variant added later needs a C number first.
    Failure::invalid_argument(format!("{what:?} has no C form yet"))
}

fn info_out(s: &Settlement) -> Result<SssSettlementInfo, Failure> {
    let mode = match s.mode {
        ScoringMode::Pairwise => SSS_SCORING_PAIRWISE,
        ScoringMode::Ranked => SSS_SCORING_RANKED,
        other => return Err(no_c_form(other)),
    };
    let home_run_seat = s
        .events
        .iter()
        .find_map(|e| match *e {
            Event::HomeRun { seat, .. } => Some(seat_u8(seat)),
            _ => None,
        })
        .unwrap_or(SSS_SEAT_NONE);
    Ok(SssSettlementInfo {
        ranked_lane_water: s.ranked_lane_water.unwrap_or([0; 3]),
        seat_count: seat_u8(s.seats.len()),
        pair_count: s.pairs.len() as u8,
        event_count: s.events.len() as u8,
        mode,
        has_ranked_lane_water: s.ranked_lane_water.is_some() as u8,
        home_run_seat,
        banker_seat: s.banker.map_or(SSS_SEAT_NONE, seat_u8),
        reserved: 0,
    })
}

fn seat_out(r: &SeatResult, total: Water) -> Result<SssSeatResult, Failure> {
    let mut out = SssSeatResult { total: water_out(total), special: SSS_SPECIAL_NONE, ..Default::default() };
    match *r {
        SeatResult::Arranged { eval } => {
            out.kind = SSS_SEAT_ARRANGED;
            out.eval = arrangement_out(&eval);
            out.is_foul = eval.foul.is_foul() as u8;
        }
        SeatResult::Special { special, water } => {
            out.kind = SSS_SEAT_SPECIAL;
            out.special = special as u8;
            out.special_water = water;
        }
        other => return Err(no_c_form(other)),
    }
    Ok(out)
}

fn pair_out(p: &PairResult) -> Result<SssPairResult, Failure> {
    let kind = match p.kind {
        PairKind::Lanes => SSS_PAIR_LANES,
        PairKind::OneFouled => SSS_PAIR_ONE_FOULED,
        PairKind::BothFouled => SSS_PAIR_BOTH_FOULED,
        PairKind::SpecialVsNormal => SSS_PAIR_SPECIAL_VS_NORMAL,
        PairKind::SpecialVsSpecial => SSS_PAIR_SPECIAL_VS_SPECIAL,
        other => return Err(no_c_form(other)),
    };
    let mut out = SssPairResult {
        water: water_out(p.water),
        lane_water: p.lane_water,
        seat_a: seat_u8(p.seats[0]),
        seat_b: seat_u8(p.seats[1]),
        kind,
        shooter: SSS_SEAT_NONE,
        victim: SSS_SEAT_NONE,
        special_winner: SSS_SEAT_NONE,
        special: SSS_SPECIAL_NONE,
        majority_winner: p.majority.map_or(SSS_SEAT_NONE, |m| seat_u8(m.winner)),
        ..Default::default()
    };
    if let Some(lanes) = &p.lanes {
        out.has_lanes = 1;
        for (slot, l) in out.lanes.iter_mut().zip(lanes) {
            *slot = SssLaneResult {
                water: l.water,
                lane: l.lane as u8,
                winner: l.winner.map_or(SSS_SEAT_NONE, seat_u8),
                hand: l.hand.map_or(SSS_CATEGORY_NONE, |c| c as u8),
                reserved: 0,
            };
        }
    }
    if let Some(shot) = p.shot {
        out.has_shot = 1;
        out.shooter = seat_u8(shot.shooter);
        out.victim = seat_u8(shot.victim);
        out.shot_lane_water = shot.lane_water;
        out.shot_value = shot.value;
    }
    if let Some(hr) = p.home_run {
        out.has_home_run = 1;
        out.home_run_value = hr.value;
    }
    if let Some(sp) = p.special {
        out.has_special = 1;
        out.special_winner = sp.winner.map_or(SSS_SEAT_NONE, seat_u8);
        out.special = sp.special.map_or(SSS_SPECIAL_NONE, |s| s as u8);
        out.special_water = water_out(sp.water);
    }
    Ok(out)
}

fn event_out(e: &Event) -> Result<SssEvent, Failure> {
    let blank = SssEvent { victim: SSS_SEAT_NONE, special: SSS_SPECIAL_NONE, ..Default::default() };
    Ok(match *e {
        Event::Foul { seat, foul } => {
            SssEvent { kind: SSS_EVENT_FOUL, seat: seat_u8(seat), foul_bits: foul.bits(), ..blank }
        }
        Event::Special { seat, special } => {
            SssEvent { kind: SSS_EVENT_SPECIAL, seat: seat_u8(seat), special: special as u8, ..blank }
        }
        Event::Shot { shooter, victim, value } => {
            SssEvent { kind: SSS_EVENT_SHOT, seat: seat_u8(shooter), victim: seat_u8(victim), value, ..blank }
        }
        Event::HomeRun { seat, value } => SssEvent { kind: SSS_EVENT_HOME_RUN, seat: seat_u8(seat), value, ..blank },
        Event::Banker { seat } => SssEvent { kind: SSS_EVENT_BANKER, seat: seat_u8(seat), ..blank },
        other => return Err(no_c_form(other)),
    })
}

/// Read the round as a whole: seat, pair and event counts, the scoring mode, ranked lane water,
/// the home-run seat and the banker seat.
///
/// # Safety
/// `settlement` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_settlement_info(
    settlement: *const SssSettlement,
    out: *mut SssSettlementInfo,
) -> SssStatus {
    ffi_boundary!({
        let s = unsafe { handle_ref(settlement, "settlement")? };
        let out = unsafe { Out::new(out, "out")? };
        let info = info_out(&s.inner)?;
        unsafe { out.write(info) };
        Ok(())
    })
}

/// Copy each seat's total (seat order) into `out` (capacity `cap` waters; `SSS_MAX_SEATS`
/// always suffices) and their number into `*out_count`; `SSS_ERR_BUFFER_TOO_SMALL` with the
/// needed count when `cap` is too small. The totals sum to zero.
///
/// # Safety
/// `settlement` must be a live handle; `out` valid for `cap` writes (or NULL when `cap` is 0);
/// `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_settlement_totals(
    settlement: *const SssSettlement,
    out: *mut SssWater,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let s = unsafe { handle_ref(settlement, "settlement")? };
        let out = unsafe { BufOut::with_names(out, cap, out_count, "out", "out_count", "totals (waters)")? };
        let totals: Vec<SssWater> = s.inner.totals.iter().map(|&w| water_out(w)).collect();
        unsafe { out.write_items(&totals, None) }
    })
}

/// Copy the pairwise matrix, row by row (`n × n` waters for `n` seats), into `out`:
/// entry `i × n + j` is what seat `i` receives from seat `j` (negative: pays); the diagonal is 0
/// and entry `j × n + i` is the negative of `i × n + j`. Copy-out as `sss_settlement_totals`
/// (`SSS_MAX_SEATS²` always suffices).
///
/// # Safety
/// As `sss_settlement_totals`.
#[no_mangle]
pub unsafe extern "C" fn sss_settlement_matrix(
    settlement: *const SssSettlement,
    out: *mut SssWater,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let s = unsafe { handle_ref(settlement, "settlement")? };
        let out = unsafe { BufOut::with_names(out, cap, out_count, "out", "out_count", "matrix (waters)")? };
        let matrix: Vec<SssWater> = s.inner.matrix.iter().flatten().map(|&w| water_out(w)).collect();
        unsafe { out.write_items(&matrix, None) }
    })
}

/// Read what seat `index` played and its total. An index past the last seat is
/// `SSS_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `settlement` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_settlement_seat(
    settlement: *const SssSettlement,
    index: usize,
    out: *mut SssSeatResult,
) -> SssStatus {
    ffi_boundary!({
        let s = unsafe { handle_ref(settlement, "settlement")? };
        let out = unsafe { Out::new(out, "out")? };
        let i = index_in(index, s.inner.seats.len(), "seat")?;
        let seat = seat_out(&s.inner.seats[i], s.inner.totals[i])?;
        unsafe { out.write(seat) };
        Ok(())
    })
}

/// Read pair `index`: the settled pairs in the order `(0,1), (0,2), …, (n−2, n−1)` (lower seat
/// first): all of them, or in banker mode the `n − 1` pairs with the banker. An index past the
/// last pair (`pair_count` of `sss_settlement_info`) is `SSS_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `settlement` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_settlement_pair(
    settlement: *const SssSettlement,
    index: usize,
    out: *mut SssPairResult,
) -> SssStatus {
    ffi_boundary!({
        let s = unsafe { handle_ref(settlement, "settlement")? };
        let out = unsafe { Out::new(out, "out")? };
        let i = index_in(index, s.inner.pairs.len(), "pair")?;
        let pair = pair_out(&s.inner.pairs[i])?;
        unsafe { out.write(pair) };
        Ok(())
    })
}

/// Read event `index`. Events come as a client animates them: the banker (banker mode), fouls
/// and specials by seat, then shots by pair, then the home run. An index past the last event is `SSS_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `settlement` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_settlement_event(
    settlement: *const SssSettlement,
    index: usize,
    out: *mut SssEvent,
) -> SssStatus {
    ffi_boundary!({
        let s = unsafe { handle_ref(settlement, "settlement")? };
        let out = unsafe { Out::new(out, "out")? };
        let i = index_in(index, s.inner.events.len(), "event")?;
        let event = event_out(&s.inner.events[i])?;
        unsafe { out.write(event) };
        Ok(())
    })
}

/// Copy the whole settlement as pretty-printed JSON (UTF-8) into `buf`: `mode`, `banker`,
/// `seats`, `totals` and `matrix` (water as `{"num": n, "den": d}`), `pairs`, `events` and
/// `ranked_lane_water`, the shape of the engine's `Settlement` (see the copy-out convention;
/// pass `cap` 0 to ask for the length).
///
/// # Safety
/// `settlement` must be a live handle; `buf` valid for `cap` bytes (or NULL when `cap` is 0);
/// `out_len` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_settlement_to_json(
    settlement: *const SssSettlement,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let s = unsafe { handle_ref(settlement, "settlement")? };
        let out = unsafe { TextOut::new(buf, cap, out_len)? };
        unsafe { out.write(&s.inner.to_json()) }
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::boundary::tests::last_error;
    use crate::rules::sss_rules_free;
    use crate::rules::tests::preset;
    use std::ptr::{null, null_mut};

    /// Codes of `text`, which may hold two copies of a card (as two decks do).
    pub(crate) fn codes(text: &str) -> Vec<u8> {
        engine::parse_cards_in(text, engine::SuitSet::ALL).unwrap().iter().map(|c| c.code()).collect()
    }

    /// An arrangement seat from `front / middle / back` text.
    pub(crate) fn arr(text: &str) -> SssSeat {
        let lanes: Vec<Vec<u8>> = text.split('/').map(codes).collect();
        let mut seat = SssSeat::default();
        let st = unsafe {
            sss_seat_arranged(
                lanes[0].as_ptr(),
                lanes[0].len(),
                lanes[1].as_ptr(),
                lanes[1].len(),
                lanes[2].as_ptr(),
                lanes[2].len(),
                &mut seat,
            )
        };
        assert_eq!(st, SssStatus::SSS_OK, "{text}: {}", last_error());
        seat
    }

    pub(crate) fn special(s: engine::Special, text: &str) -> SssSeat {
        let c = codes(text);
        let mut seat = SssSeat::default();
        assert_eq!(unsafe { sss_seat_special(s as u32, c.as_ptr(), c.len(), &mut seat) }, SssStatus::SSS_OK);
        seat
    }

    fn settle(rules: *const SssRules, seats: &[SssSeat]) -> Result<*mut SssSettlement, SssStatus> {
        let mut out = null_mut();
        match unsafe { sss_settle(rules, seats.as_ptr(), seats.len(), &mut out) } {
            SssStatus::SSS_OK => Ok(out),
            st => {
                assert!(out.is_null(), "no write on failure");
                Err(st)
            }
        }
    }

    fn totals(s: *const SssSettlement) -> Vec<i64> {
        let mut buf = [SssWater::default(); SSS_MAX_SEATS];
        let mut n = 0;
        assert_eq!(unsafe { sss_settlement_totals(s, buf.as_mut_ptr(), buf.len(), &mut n) }, SssStatus::SSS_OK);
        buf[..n].iter().map(|w| w.units).collect()
    }

    fn events(s: *const SssSettlement) -> Vec<SssEvent> {
        let mut info = SssSettlementInfo::default();
        assert_eq!(unsafe { sss_settlement_info(s, &mut info) }, SssStatus::SSS_OK);
        (0..info.event_count as usize)
            .map(|i| {
                let mut e = SssEvent::default();
                assert_eq!(unsafe { sss_settlement_event(s, i, &mut e) }, SssStatus::SSS_OK);
                e
            })
            .collect()
    }

    // Worked example C of core/tests/settle_examples.rs: a 3-player home run.
    const C0: &str = "Qs Qh Qd / 2c 2d 2h 2s 9c / Tc Jc Qc Kc Ac";
    const C1: &str = "As Ad 3c / Ks Kd 5c 5d 7s / 3s 4s 6s 8s Js";
    const C2: &str = "Ah Kh 4c / 6c 6d 7c 8c 9d / Th Td Ts 8d 8h";

    #[test]
    fn home_run_through_the_c_abi() {
        let r = preset("classic");
        let s = settle(r, &[arr(C0), arr(C1), arr(C2)]).unwrap();
        // Classic: L = 3 + 8 + 5 = 16, shot 17, home run ×4 = 68 per victim; P1 beats P2 by 1.
        assert_eq!(totals(s), [136, -67, -69].map(|w| w * 840));
        let mut info = SssSettlementInfo::default();
        unsafe { sss_settlement_info(s, &mut info) };
        assert_eq!((info.seat_count, info.pair_count, info.mode, info.home_run_seat), (3, 3, SSS_SCORING_PAIRWISE, 0));
        assert_eq!(info.has_ranked_lane_water, 0);
        let ev = events(s);
        assert_eq!(
            ev.iter().map(|e| (e.kind, e.seat, e.victim, e.value)).collect::<Vec<_>>(),
            [(SSS_EVENT_SHOT, 0, 1, 17), (SSS_EVENT_SHOT, 0, 2, 17), (SSS_EVENT_HOME_RUN, 0, SSS_SEAT_NONE, 136)]
        );
        let mut p = SssPairResult::default();
        assert_eq!(unsafe { sss_settlement_pair(s, 0, &mut p) }, SssStatus::SSS_OK);
        assert_eq!((p.seat_a, p.seat_b, p.kind, p.has_lanes, p.lane_water), (0, 1, SSS_PAIR_LANES, 1, 16));
        assert_eq!((p.has_shot, p.shooter, p.victim, p.shot_lane_water, p.shot_value), (1, 0, 1, 16, 17));
        assert_eq!((p.has_home_run, p.home_run_value, p.water.num, p.water.den), (1, 68, 68, 1));
        assert_eq!(p.lanes.map(|l| (l.lane, l.winner, l.water, l.hand)), [(0, 0, 3, 3), (1, 0, 8, 7), (2, 0, 5, 8)]);
        assert_eq!((p.has_special, p.special_winner, p.special), (0, SSS_SEAT_NONE, SSS_SPECIAL_NONE));
        let mut seat = SssSeatResult::default();
        assert_eq!(unsafe { sss_settlement_seat(s, 2, &mut seat) }, SssStatus::SSS_OK);
        assert_eq!((seat.kind, seat.is_foul, seat.total.num, seat.eval.back.category), (SSS_SEAT_ARRANGED, 0, -69, 6));
        // The matrix, row by row.
        let mut m = [SssWater::default(); 16];
        let mut n = 0;
        assert_eq!(unsafe { sss_settlement_matrix(s, m.as_mut_ptr(), 16, &mut n) }, SssStatus::SSS_OK);
        assert_eq!(n, 9);
        assert_eq!(m[..9].iter().map(|w| w.num).collect::<Vec<_>>(), [0, 68, 68, -68, 0, 1, -68, -1, 0]);
        unsafe {
            sss_settlement_free(s);
            sss_rules_free(r);
        }
    }

    fn settle_banker(rules: *const SssRules, seats: &[SssSeat], banker: u8) -> Result<*mut SssSettlement, SssStatus> {
        let mut out = null_mut();
        match unsafe { sss_settle_with_banker(rules, seats.as_ptr(), seats.len(), banker, &mut out) } {
            SssStatus::SSS_OK => Ok(out),
            st => {
                assert!(out.is_null(), "no write on failure");
                Err(st)
            }
        }
    }

    #[test]
    fn banker_mode_through_the_c_abi() {
        let r = preset("classic");
        assert_eq!(unsafe { crate::rules::sss_rules_set_table(r, 1) }, SssStatus::SSS_OK);
        let c = [arr(C0), arr(C1), arr(C2)];
        // Banker 1: P0 shoots the banker (3 + 8 + 5 = 16, +1 = 17) but cannot make a home run;
        // the banker beats P2 front and middle (1 + 1) and loses the back (1): +1. P0–P2 is not
        // settled. Totals 17, −17 + 1 = −16, −1.
        let s = settle_banker(r, &c, 1).unwrap();
        assert_eq!(totals(s), [17, -16, -1].map(|w| w * 840));
        let mut info = SssSettlementInfo::default();
        unsafe { sss_settlement_info(s, &mut info) };
        assert_eq!((info.pair_count, info.banker_seat, info.home_run_seat), (2, 1, SSS_SEAT_NONE));
        let ev = events(s);
        assert_eq!(
            ev.iter().map(|e| (e.kind, e.seat, e.victim, e.value)).collect::<Vec<_>>(),
            [(SSS_EVENT_BANKER, 1, SSS_SEAT_NONE, 0), (SSS_EVENT_SHOT, 0, 1, 17)]
        );
        let mut p = SssPairResult::default();
        assert_eq!(unsafe { sss_settlement_pair(s, 1, &mut p) }, SssStatus::SSS_OK);
        assert_eq!((p.seat_a, p.seat_b, p.lane_water, p.water.num, p.majority_winner), (1, 2, 1, 1, SSS_SEAT_NONE));
        assert_eq!(unsafe { sss_settlement_pair(s, 2, &mut p) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        let mut m = [SssWater::default(); 16];
        let mut n = 0;
        assert_eq!(unsafe { sss_settlement_matrix(s, m.as_mut_ptr(), 16, &mut n) }, SssStatus::SSS_OK);
        assert_eq!(m[..9].iter().map(|w| w.num).collect::<Vec<_>>(), [0, 17, 0, -17, 0, 1, 0, -1, 0]);
        // Banker 0 shoots both: 17 each, a home run ×4: 68 each.
        let mut len = 0;
        assert_eq!(
            unsafe { sss_settle_into_with_banker(r, c.as_ptr(), 3, 0, s) },
            SssStatus::SSS_OK,
            "{}",
            last_error()
        );
        assert_eq!(totals(s), [136, -68, -68].map(|w| w * 840));
        unsafe { sss_settlement_info(s, &mut info) };
        assert_eq!((info.banker_seat, info.home_run_seat), (0, 0));
        assert_eq!(unsafe { sss_settlement_to_json(s, null_mut(), 0, &mut len) }, SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
        let mut buf = vec![0u8; len + 1];
        assert_eq!(unsafe { sss_settlement_to_json(s, buf.as_mut_ptr(), buf.len(), &mut len) }, SssStatus::SSS_OK);
        let json = String::from_utf8(buf[..len].to_vec()).unwrap();
        assert!(json.contains("\"banker\": 0"), "{json}");

        // The wrong banker argument: missing, not at the table, or not wanted; nothing changes.
        assert_eq!(settle_banker(r, &c, SSS_SEAT_NONE).unwrap_err(), SssStatus::SSS_ERR_INVALID_TABLE);
        assert!(last_error().contains("banker mode"), "{}", last_error());
        assert_eq!(settle(r, &c).unwrap_err(), SssStatus::SSS_ERR_INVALID_TABLE);
        assert_eq!(settle_banker(r, &c, 3).unwrap_err(), SssStatus::SSS_ERR_INVALID_TABLE);
        assert!(last_error().contains("banker seat 3"), "{}", last_error());
        assert_eq!(unsafe { sss_settle_into_with_banker(r, c.as_ptr(), 3, 7, s) }, SssStatus::SSS_ERR_INVALID_TABLE);
        assert_eq!(totals(s), [136, -68, -68].map(|w| w * 840), "unchanged on failure");
        let all = preset("classic");
        assert_eq!(settle_banker(all, &c, 0).unwrap_err(), SssStatus::SSS_ERR_INVALID_TABLE);
        assert!(last_error().contains("all_pairs"), "{}", last_error());
        let t = settle_banker(all, &c, SSS_SEAT_NONE).unwrap();
        assert_eq!(totals(t), [136, -67, -69].map(|w| w * 840), "SSS_SEAT_NONE under all pairs is sss_settle");
        unsafe { sss_settlement_info(t, &mut info) };
        assert_eq!((info.pair_count, info.banker_seat), (3, SSS_SEAT_NONE));

        // chinese_poker, 2-4 scoring: P0 wins all three lanes, 3 + 1.
        let cp = preset("chinese_poker");
        let u = settle(cp, &c[..2]).unwrap();
        assert_eq!(totals(u), [4 * 840, -4 * 840]);
        assert_eq!(unsafe { sss_settlement_pair(u, 0, &mut p) }, SssStatus::SSS_OK);
        assert_eq!((p.lane_water, p.majority_winner, p.has_shot), (4, 0, 0));
        unsafe {
            sss_settlement_free(s);
            sss_settlement_free(t);
            sss_settlement_free(u);
            sss_rules_free(r);
            sss_rules_free(all);
            sss_rules_free(cp);
        }
    }

    #[test]
    fn ranked_fractions_and_specials() {
        // Worked example I: ranked, six pairs and three normals: −40/3, 4, 50/3, −22/3.
        let r = preset("ranked");
        let seats = [
            arr("2s 3d 4c / 5h 6s 7d 8c 9h / Ts Jd Qc Kh As"),
            special(engine::Special::SixPairs, "2d 2c 3s 3c 5s 5d 7s 7c 9s 9d Js Jc 4s"),
            arr("Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c"),
            arr("4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh"),
        ];
        let s = settle(r, &seats).unwrap();
        assert_eq!(totals(s), [-160, 48, 200, -88].map(|t| t * 70), "twelfths × 70");
        let mut w = [SssWater::default(); 4];
        let mut n = 0;
        unsafe { sss_settlement_totals(s, w.as_mut_ptr(), 4, &mut n) };
        assert_eq!(w.map(|w| (w.num, w.den)), [(-40, 3), (4, 1), (50, 3), (-22, 3)]);
        let mut info = SssSettlementInfo::default();
        unsafe { sss_settlement_info(s, &mut info) };
        assert_eq!((info.mode, info.has_ranked_lane_water, info.ranked_lane_water), (SSS_SCORING_RANKED, 1, [4, 2, 1]));
        let mut p = SssPairResult::default();
        unsafe { sss_settlement_pair(s, 0, &mut p) };
        assert_eq!((p.kind, p.has_special, p.special_winner, p.special), (SSS_PAIR_SPECIAL_VS_NORMAL, 1, 1, 11));
        assert_eq!((p.special_water.num, p.special_water.den, p.water.units), (4, 3, -16 * 70));
        assert_eq!(p.has_lanes, 0);
        let mut seat = SssSeatResult::default();
        unsafe { sss_settlement_seat(s, 1, &mut seat) };
        assert_eq!(
            (seat.kind, seat.special, seat.special_water, seat.eval),
            (SSS_SEAT_SPECIAL, 11, 4, Default::default())
        );
        let ev = events(s);
        assert_eq!((ev[0].kind, ev[0].seat, ev[0].special), (SSS_EVENT_SPECIAL, 1, 11));
        assert_eq!((ev[1].kind, ev[1].seat, ev[1].victim, ev[1].value), (SSS_EVENT_SHOT, 2, 0, 9));
        // JSON: the engine's shape.
        let mut len = 0;
        assert_eq!(unsafe { sss_settlement_to_json(s, null_mut(), 0, &mut len) }, SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
        let mut buf = vec![0u8; len + 1];
        assert_eq!(unsafe { sss_settlement_to_json(s, buf.as_mut_ptr(), buf.len(), &mut len) }, SssStatus::SSS_OK);
        let json = std::str::from_utf8(&buf[..len]).unwrap();
        assert_eq!(json, unsafe { &(&*s).inner }.to_json());
        assert!(json.contains("\"num\": -40,\n      \"den\": 3"), "{json}");
        unsafe {
            sss_settlement_free(s);
            sss_rules_free(r);
        }
    }

    #[test]
    fn fouls_and_settle_into() {
        // Worked example F (classic): two fouls; P0 −13, P1 −13, P2 31, P3 −5.
        let r = preset("classic");
        let f = [
            arr("5d 6d 8c / Kc Kd 3s 3h 9c / Ac Qd Jd 7s 4s"),
            arr("Qs Qh 2d / Ah Kh 9d 7d 5s / Th Tc 6c 6s 2s"),
            arr("4c 4d 4h / Jc Jh Js 8d 8s / 5h 6h 7h 8h 9h"),
            arr("5c 2c 2h / 3c 3d Qc 9s 7c / Ad As Td Ts Ks"),
        ];
        let s = settle(r, &f).unwrap();
        assert_eq!(totals(s), [-13, -13, 31, -5].map(|w| w * 840));
        let ev = events(s);
        assert_eq!(
            ev.iter().map(|e| (e.kind, e.seat, e.foul_bits)).take(2).collect::<Vec<_>>(),
            [(SSS_EVENT_FOUL, 0, 2), (SSS_EVENT_FOUL, 1, 1)]
        );
        let mut p = SssPairResult::default();
        unsafe { sss_settlement_pair(s, 0, &mut p) };
        assert_eq!(p.kind, SSS_PAIR_BOTH_FOULED);
        assert!(p.lanes.iter().all(|l| l.winner == SSS_SEAT_NONE && l.hand == SSS_CATEGORY_NONE && l.water == 0));
        // Refill with a smaller table, then fail: the handle keeps the last good round.
        let two = [arr(C0), arr(C1)];
        assert_eq!(unsafe { sss_settle_into(r, two.as_ptr(), 2, s) }, SssStatus::SSS_OK);
        assert_eq!(totals(s), [16 * 840, -16 * 840]);
        let before = unsafe { (&*s).inner.clone() };
        let dup = [arr(C0), arr(C0)];
        assert_eq!(unsafe { sss_settle_into(r, dup.as_ptr(), 2, s) }, SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert_eq!(unsafe { &(&*s).inner }, &before);
        assert_eq!(unsafe { sss_settle_into(r, two.as_ptr(), 2, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        unsafe {
            sss_settlement_free(s);
            sss_settlement_free(null_mut());
            sss_rules_free(r);
        }
    }

    #[test]
    fn bad_tables() {
        let r = preset("classic");
        let (a, b, c) = (arr(C0), arr(C1), arr(C2));
        assert_eq!(settle(r, &[a]), Err(SssStatus::SSS_ERR_INVALID_TABLE));
        crate::boundary::tests::assert_names_table(1, 4);
        assert_eq!(settle(r, &[a, b, c, a, b]), Err(SssStatus::SSS_ERR_INVALID_TABLE));
        crate::boundary::tests::assert_names_table(5, 4);
        assert_eq!(settle(r, &[]), Err(SssStatus::SSS_ERR_INVALID_TABLE));
        // A card twice across the table: C0's first card Qs as the last card of seat 2.
        let mut dup = c;
        dup.cards[12] = a.cards[0];
        assert_eq!(settle(r, &[a, b, dup]), Err(SssStatus::SSS_ERR_DUPLICATE_CARD));
        assert_eq!(
            last_error(),
            "duplicate card Qs at position 38 (one deck holds it once; a rule set with extra suits holds their cards twice: rule option extra_suits): seat 2 holds Qs, and so does seat 0"
        );
        // Within one seat filled by hand.
        let mut twice = b;
        twice.cards[5] = twice.cards[1];
        assert_eq!(settle(r, &[a, twice]), Err(SssStatus::SSS_ERR_DUPLICATE_CARD));
        assert_eq!(
            last_error(),
            "duplicate card Ad at position 18 (one deck holds it once; a rule set with extra suits holds their cards twice: rule option extra_suits): seat 1 holds Ad twice"
        );
        let mut bad = b;
        bad.cards[3] = 52;
        assert_eq!(settle(r, &[a, bad]), Err(SssStatus::SSS_ERR_BAD_CARD_CODE));
        let mut kind = b;
        kind.kind = 2;
        assert_eq!(settle(r, &[a, kind]), Err(SssStatus::SSS_ERR_INVALID_ARGUMENT));
        assert!(last_error().contains("seat 1: kind 2"), "{}", last_error());
        let mut sp = b;
        sp.kind = SSS_SEAT_SPECIAL;
        sp.special = 16;
        assert_eq!(settle(r, &[a, sp]), Err(SssStatus::SSS_ERR_INVALID_ARGUMENT));
        assert!(last_error().contains("seat 1: special 16"), "{}", last_error());
        // A special the cards do not make, and one the rules do not enable.
        sp.special = engine::Special::Dragon as u8;
        assert_eq!(settle(r, &[a, sp]), Err(SssStatus::SSS_ERR_SPECIAL_NOT_ALLOWED));
        assert!(last_error().contains("do not make"), "{}", last_error());
        let hk = preset("hk");
        let big = special(engine::Special::AllBig, "8s 9c 9d Ts Jd Qc Kh Ac Kd Qd Jc Th Ad");
        let small = arr("2c 3c 4c / 5c 6c 7c 2d 3d / 4d 5d 6d 7d 2h");
        assert_eq!(settle(hk, &[small, big]), Err(SssStatus::SSS_ERR_SPECIAL_NOT_ALLOWED));
        assert!(last_error().contains("not enabled"), "{}", last_error());
        let ok = settle(r, &[small, big]).unwrap();
        assert_eq!(totals(ok), [-15 * 840, 15 * 840], "all big pays 15 under classic");
        // NULLs.
        let mut out = null_mut();
        assert_eq!(unsafe { sss_settle(null(), [a, b].as_ptr(), 2, &mut out) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_settle(r, null(), 2, &mut out) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_settle(r, [a, b].as_ptr(), 2, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out` is NULL");
        unsafe {
            sss_settlement_free(ok);
            sss_rules_free(r);
            sss_rules_free(hk);
        }
    }

    #[test]
    fn seat_builders() {
        let mut seat = SssSeat { kind: 9, ..Default::default() };
        let (f, m, b) = (codes("As Kd"), codes("Qh Jh Th 9h 8h"), codes("2c 3c 4c 5c 6c"));
        let st = unsafe { sss_seat_arranged(f.as_ptr(), 2, m.as_ptr(), 5, b.as_ptr(), 5, &mut seat) };
        assert_eq!(st, SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(last_error(), "front lane (头墩): expected 3 cards, got 2");
        let m6 = codes("Qh Jh Th 9h 8h 7h");
        let f3 = codes("As Kd Qd");
        let st = unsafe { sss_seat_arranged(f3.as_ptr(), 3, m6.as_ptr(), 6, b.as_ptr(), 5, &mut seat) };
        assert_eq!(st, SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(last_error(), "middle lane (中墩): expected 5 cards, got 6");
        // No rule set here: two copies of a card are accepted (two decks), a third is not.
        let qh3 = codes("Qh Kd Qd");
        let st = unsafe { sss_seat_arranged(qh3.as_ptr(), 3, m.as_ptr(), 5, m.as_ptr(), 5, &mut seat) };
        assert_eq!(st, SssStatus::SSS_ERR_TOO_MANY_COPIES);
        assert_eq!(last_error(), "card Qh at position 8 is one copy too many (the deck holds 2)");
        assert_eq!(seat.kind, 9, "no write on failure");
        let st = unsafe { sss_seat_arranged(f3.as_ptr(), 3, m.as_ptr(), 5, m.as_ptr(), 5, &mut seat) };
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!(seat.cards.to_vec(), [f3.clone(), m.clone(), m.clone()].concat());
        let st = unsafe { sss_seat_arranged(f3.as_ptr(), 3, m.as_ptr(), 5, b.as_ptr(), 5, &mut seat) };
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!(seat.kind, SSS_SEAT_ARRANGED);
        assert_eq!(seat.cards.to_vec(), [f3, m.clone(), b].concat());

        let dragon = codes("2s 3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As");
        let st = unsafe { sss_seat_special(1, dragon.as_ptr(), 12, &mut seat) };
        assert_eq!(st, SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(last_error(), "expected 13 cards, got 12");
        let st = unsafe { sss_seat_special(16, dragon.as_ptr(), 13, &mut seat) };
        assert_eq!(st, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert_eq!(unsafe { sss_seat_special(1, null(), 13, &mut seat) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_seat_special(1, dragon.as_ptr(), 13, &mut seat) }, SssStatus::SSS_OK);
        assert_eq!((seat.kind, seat.special, seat.cards.to_vec()), (SSS_SEAT_SPECIAL, 1, dragon.clone()));
        let mut pairs = dragon.clone();
        pairs[1] = pairs[0];
        assert_eq!(unsafe { sss_seat_special(11, pairs.as_ptr(), 13, &mut seat) }, SssStatus::SSS_OK);
        assert_eq!(seat.cards.to_vec(), pairs);
        pairs[2] = pairs[0];
        assert_eq!(unsafe { sss_seat_special(11, pairs.as_ptr(), 13, &mut seat) }, SssStatus::SSS_ERR_TOO_MANY_COPIES);
        assert!(last_error().contains("2s at position 2"), "{}", last_error());
    }

    #[test]
    fn accessor_errors() {
        let r = preset("kx");
        let s = settle(r, &[arr(C0), arr(C1)]).unwrap();
        let mut seat = SssSeatResult { special_water: 77, ..Default::default() };
        assert_eq!(unsafe { sss_settlement_seat(s, 2, &mut seat) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert_eq!(last_error(), "seat 2 does not exist (the settlement has 2)");
        assert_eq!(seat.special_water, 77);
        let mut p = SssPairResult::default();
        assert_eq!(unsafe { sss_settlement_pair(s, 1, &mut p) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        let mut e = SssEvent::default();
        assert_eq!(unsafe { sss_settlement_event(s, 1, &mut e) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert_eq!(unsafe { sss_settlement_event(s, 0, &mut e) }, SssStatus::SSS_OK, "kx shoots at 2 seats");
        let mut w = [SssWater::default(); 1];
        let mut n = 0;
        assert_eq!(unsafe { sss_settlement_totals(s, w.as_mut_ptr(), 1, &mut n) }, SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
        assert_eq!(n, 2);
        assert_eq!(unsafe { sss_settlement_matrix(s, null_mut(), 0, &mut n) }, SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
        assert_eq!(n, 4);
        assert_eq!(
            unsafe { sss_settlement_totals(null(), w.as_mut_ptr(), 1, &mut n) },
            SssStatus::SSS_ERR_NULL_POINTER
        );
        assert_eq!(unsafe { sss_settlement_info(s, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        unsafe {
            sss_settlement_free(s);
            sss_rules_free(r);
        }
    }

    /// Seats from a deal of `rules` (arranged in deal order: a legal arrangement or a foul, both
    /// settle).
    fn dealt_seats(rules: *const SssRules, players: u32, seed: u64) -> Vec<SssSeat> {
        let mut codes = [0u8; 104];
        let mut n = 0;
        let st = unsafe { crate::deal::sss_deal_for(rules, players, seed, codes.as_mut_ptr(), 104, &mut n) };
        assert_eq!(st, SssStatus::SSS_OK, "{}", last_error());
        codes[..n]
            .chunks(13)
            .map(|c| SssSeat { kind: SSS_SEAT_ARRANGED, special: SSS_SPECIAL_NONE, cards: c.try_into().unwrap() })
            .collect()
    }

    #[test]
    fn big_tables() {
        let r = preset("classic");
        // One deck: 5 seats are refused naming both numbers, before any card is read.
        let five = [arr(C0), arr(C1), arr(C2), arr(C0), arr(C1)];
        assert_eq!(settle(r, &five), Err(SssStatus::SSS_ERR_INVALID_TABLE));
        crate::boundary::tests::assert_names_table(5, 4);
        // Two decks: 8 seats settle and sum to zero, as the engine settles them.
        assert_eq!(unsafe { crate::rules::sss_rules_set_extra_suits(r, 0xF) }, SssStatus::SSS_OK);
        for seed in [1u64, 2, 3, 99] {
            let seats = dealt_seats(r, 8, seed);
            let s = settle(r, &seats).unwrap();
            let t = totals(s);
            assert_eq!(t.len(), 8);
            assert_eq!(t.iter().sum::<i64>(), 0, "seed {seed}: {t:?}");
            let rules = unsafe { &(&*r).inner };
            let hands = hands_in(&seats, rules).unwrap();
            let expected = engine::settle(&hands, rules).unwrap();
            assert_eq!(t, expected.totals.iter().map(|w| w.units()).collect::<Vec<_>>());
            let mut info = SssSettlementInfo::default();
            unsafe { sss_settlement_info(s, &mut info) };
            assert_eq!((info.seat_count, info.pair_count), (8, 28));
            let mut m = [SssWater::default(); 64];
            let mut n = 0;
            assert_eq!(unsafe { sss_settlement_matrix(s, m.as_mut_ptr(), 64, &mut n) }, SssStatus::SSS_OK);
            assert_eq!(n, 64);
            unsafe { sss_settlement_free(s) };
        }
        let mut nine = dealt_seats(r, 8, 1);
        nine.push(nine[0]);
        assert_eq!(settle(r, &nine), Err(SssStatus::SSS_ERR_INVALID_TABLE));
        crate::boundary::tests::assert_names_table(9, 8);
        // A third copy across the table, its position counted across the table.
        let mut seats = dealt_seats(r, 3, 5);
        let card = seats[0].cards[0];
        seats[1].cards[0] = card;
        seats[2].cards[0] = card;
        let name = engine::Card::from_code(card).unwrap();
        match settle(r, &seats) {
            Err(SssStatus::SSS_ERR_TOO_MANY_COPIES) => {
                assert_eq!(last_error(), format!("card {name} at position 26 is one copy too many (the deck holds 2)"))
            }
            // Seat 0 may already hold the card twice (position 13 is then the third).
            other => assert!(
                seats[0].cards[1..].contains(&card) && other == Err(SssStatus::SSS_ERR_TOO_MANY_COPIES),
                "{other:?}: {}",
                last_error()
            ),
        }
        // With one extra suit a repeated card of another suit is a duplicate.
        assert_eq!(unsafe { crate::rules::sss_rules_set_extra_suits(r, 0x8) }, SssStatus::SSS_OK);
        let twice = arr("Qs Qs Qd / 2c 2d 2h 2s 9c / Tc Jc Qc Kc Ac");
        let other = arr("As Ad 3c / Ks Kd 5c 5d 7s / 3s 4s 6s 8s Js");
        let s = settle(r, &[twice, other]).unwrap();
        assert_eq!(totals(s).iter().sum::<i64>(), 0);
        let dd = arr("Qd Qs Qd / 2c 2d 2h 2s 9c / Tc Jc Qc Kc Ac");
        assert_eq!(settle(r, &[dd, other]), Err(SssStatus::SSS_ERR_DUPLICATE_CARD));
        assert_eq!(
            last_error(),
            "duplicate card Qd at position 2 (one deck holds it once; a rule set with extra suits holds their cards twice: rule option extra_suits): seat 0 holds Qd twice"
        );
        unsafe {
            sss_settlement_free(s);
            sss_rules_free(r);
        }
    }

    #[test]
    fn struct_layouts_are_fixed() {
        use std::mem::{align_of, offset_of, size_of};
        assert_eq!((size_of::<SssSeat>(), align_of::<SssSeat>()), (15, 1));
        assert_eq!(size_of::<SssWater>(), 24);
        assert_eq!(size_of::<SssSettlementInfo>(), 20);
        assert_eq!(size_of::<SssSeatResult>(), 64);
        assert_eq!((offset_of!(SssSeatResult, eval), offset_of!(SssSeatResult, special_water)), (24, 52));
        assert_eq!(offset_of!(SssSeatResult, kind), 56);
        assert_eq!(size_of::<SssLaneResult>(), 8);
        assert_eq!(size_of::<SssPairResult>(), 120);
        assert_eq!((offset_of!(SssPairResult, lanes), offset_of!(SssPairResult, seat_a)), (80, 104));
        assert_eq!(offset_of!(SssPairResult, special), 114);
        assert_eq!(size_of::<SssEvent>(), 16);
        // Fields added in reserved bytes keep every offset.
        assert_eq!(
            (offset_of!(SssSettlementInfo, home_run_seat), offset_of!(SssSettlementInfo, banker_seat)),
            (17, 18)
        );
        assert_eq!(offset_of!(SssPairResult, majority_winner), 115);
    }
}
