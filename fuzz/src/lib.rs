//! Helpers shared by the fuzz targets in `fuzz_targets/`: calling the C ABI (through the
//! `shisanshui-ffi` rlib, renamed `sss`) with its conventions checked on every call, turning fuzz
//! bytes into cards, and the invariants every settlement must keep.
//!
//! Every check panics on failure; libFuzzer reports the panic as a crash with its input.
#![allow(clippy::missing_safety_doc)]

use std::collections::HashMap;
use std::mem::MaybeUninit;
use std::sync::{Mutex, OnceLock};

pub use engine;
pub use sss;

use engine::arrange::Arranger;
use engine::settle::{PlayerHand, Settlement, Water};
use engine::{Card, Preset, Rules};
use sss::boundary::Failure;
use sss::settle::{SssSeat, SssWater};
use sss::SssStatus;

// ---------------------------------------------------------------------------------------------
// The C ABI's conventions
// ---------------------------------------------------------------------------------------------

/// The calling thread's last error message.
pub fn last_error() -> String {
    let mut len = 0usize;
    let st = unsafe { sss::sss_last_error_message(std::ptr::null_mut(), 0, &mut len) };
    assert!(st == SssStatus::SSS_OK || st == SssStatus::SSS_ERR_BUFFER_TOO_SMALL, "size query: {st:?}");
    assert_eq!(len, sss::sss_last_error_length(), "last error length and size query agree");
    let mut buf = vec![0u8; len + 1];
    let st = unsafe { sss::sss_last_error_message(buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(st, SssStatus::SSS_OK);
    assert_eq!(buf[len], 0, "NUL appended when there is room");
    buf.truncate(len);
    String::from_utf8(buf).expect("the last error is UTF-8")
}

/// Run one C call and check what every call must do: return a known status, never
/// `SSS_ERR_PANIC`; a failure leaves a message naming what was wrong, a success leaves the
/// last error as it was.
pub fn call(what: &str, f: impl FnOnce() -> SssStatus) -> SssStatus {
    let before = last_error();
    let st = f();
    assert!(SssStatus::from_i32(st as i32).is_some(), "{what}: unknown status {}", st as i32);
    assert_ne!(st, SssStatus::SSS_ERR_PANIC, "{what}: the engine panicked: {}", last_error());
    let after = last_error();
    if st == SssStatus::SSS_OK {
        assert_eq!(after, before, "{what}: a successful call changed the last error");
    } else {
        assert!(!after.is_empty(), "{what}: failed with {st:?} and no message");
    }
    st
}

/// The status and message the C ABI gives for an engine error.
pub fn failure(e: engine::Error) -> Failure {
    Failure::from(e)
}

/// The status the C ABI gives for an engine result.
pub fn status_of<T>(r: &engine::Result<T>) -> SssStatus {
    match r {
        Ok(_) => SssStatus::SSS_OK,
        Err(e) => Failure::from(e.clone()).status,
    }
}

/// An out-parameter filled with 0xAA bytes, to check that a failing call left it alone.
/// Transparent, so that a `Vec<Sentinel<T>>` is an array of `T` to C.
#[repr(transparent)]
pub struct Sentinel<T>(MaybeUninit<T>);

impl<T: Copy> Sentinel<T> {
    /// A fresh sentinel.
    pub fn new() -> Sentinel<T> {
        let mut m = MaybeUninit::<T>::uninit();
        unsafe { std::ptr::write_bytes(m.as_mut_ptr() as *mut u8, 0xAA, std::mem::size_of::<T>()) };
        Sentinel(m)
    }
    /// The pointer to pass.
    pub fn ptr(&mut self) -> *mut T {
        self.0.as_mut_ptr()
    }
    /// Whether every byte is still 0xAA.
    pub fn untouched(&self) -> bool {
        let bytes = unsafe { std::slice::from_raw_parts(self.0.as_ptr() as *const u8, std::mem::size_of::<T>()) };
        bytes.iter().all(|&b| b == 0xAA)
    }
    /// The value a successful call wrote. Every type passed here is plain integers and floats,
    /// for which any bytes are a value.
    pub fn get(&self) -> T {
        unsafe { self.0.assume_init() }
    }
}

impl<T: Copy> Clone for Sentinel<T> {
    fn clone(&self) -> Self {
        Sentinel(self.0)
    }
}

impl<T: Copy> Default for Sentinel<T> {
    fn default() -> Self {
        Sentinel::new()
    }
}

/// Copy text out of a `(buf, cap, out_len)` call the documented way: a size query with a NULL
/// buffer, a buffer one byte short (refused, untouched), the exact size (no NUL), one more (NUL
/// appended). Returns the status of the exact-size call and the text on success.
pub fn text_out(what: &str, f: impl Fn(*mut u8, usize, *mut usize) -> SssStatus) -> (SssStatus, Option<String>) {
    let mut len = usize::MAX;
    let st = call(what, || f(std::ptr::null_mut(), 0, &mut len));
    match st {
        SssStatus::SSS_OK => {
            assert_eq!(len, 0, "{what}: a size query only succeeds for empty text");
        }
        SssStatus::SSS_ERR_BUFFER_TOO_SMALL => assert!(len > 0 && len < 1 << 24, "{what}: needed length {len}"),
        other => {
            assert_eq!(len, usize::MAX, "{what}: out_len written on failure {other:?}");
            return (other, None);
        }
    }
    let needed = len;
    if needed > 0 {
        let mut short = vec![0xAAu8; needed - 1];
        let mut l = usize::MAX;
        let st = call(what, || f(short.as_mut_ptr(), short.len(), &mut l));
        assert_eq!(st, SssStatus::SSS_ERR_BUFFER_TOO_SMALL, "{what}: one byte short");
        assert_eq!(l, needed, "{what}: needed length reported again");
        assert!(short.iter().all(|&b| b == 0xAA), "{what}: a refused buffer was written");
    }
    let mut exact = vec![0xAAu8; needed];
    let mut l = usize::MAX;
    let st = call(what, || f(exact.as_mut_ptr(), exact.len(), &mut l));
    assert_eq!(st, SssStatus::SSS_OK, "{what}: exact size");
    assert_eq!(l, needed);
    let mut roomy = vec![0xAAu8; needed + 1];
    let st = call(what, || f(roomy.as_mut_ptr(), roomy.len(), &mut l));
    assert_eq!(st, SssStatus::SSS_OK);
    assert_eq!(roomy[needed], 0, "{what}: NUL appended");
    assert_eq!(&roomy[..needed], &exact[..], "{what}: same text twice");
    (SssStatus::SSS_OK, Some(String::from_utf8(exact).expect("text out is UTF-8")))
}

// ---------------------------------------------------------------------------------------------
// Cards from fuzz bytes
// ---------------------------------------------------------------------------------------------

/// `n` distinct cards (n ≤ 52) chosen by the bytes: a partial Fisher-Yates shuffle of the deck
/// driven by them (missing bytes read as 0).
pub fn distinct_cards(bytes: &[u8], n: usize) -> Vec<Card> {
    let mut deck: Vec<u8> = (0..52).collect();
    for i in 0..n.min(52) {
        let b = bytes.get(i).copied().unwrap_or(0) as usize;
        let j = i + b % (52 - i);
        deck.swap(i, j);
    }
    deck[..n.min(52)].iter().map(|&c| Card::from_code(c).unwrap()).collect()
}

/// A permutation of `items` chosen by the bytes.
pub fn permute<T>(items: &mut [T], bytes: &[u8]) {
    let n = items.len();
    for i in 0..n.saturating_sub(1) {
        let b = bytes.get(i).copied().unwrap_or(0) as usize;
        items.swap(i, i + b % (n - i));
    }
}

/// The codes of cards.
pub fn codes(cards: &[Card]) -> Vec<u8> {
    cards.iter().map(|c| c.code()).collect()
}

// ---------------------------------------------------------------------------------------------
// Rules and arrangers, made once per process
// ---------------------------------------------------------------------------------------------

/// The preset of a fuzz byte.
pub fn preset(b: u8) -> Preset {
    Preset::ALL[b as usize % Preset::ALL.len()]
}

/// A preset, then `strict_order` and `suit_tiebreak` as the flags say.
pub fn rules_of(preset_byte: u8, strict: bool, suit_tiebreak: bool) -> Rules {
    let mut r = Rules::preset(preset(preset_byte));
    r.strict_order = strict;
    r.suit_tiebreak = suit_tiebreak;
    r
}

/// The arranger for a rule set and table size, made once per process (a few milliseconds and
/// a few MB each; the targets use at most a few dozen).
pub fn arranger(rules: &Rules, players: usize) -> &'static Arranger {
    static CACHE: OnceLock<Mutex<HashMap<(String, usize), &'static Arranger>>> = OnceLock::new();
    let key = (rules.to_json(), players);
    let mut map = CACHE.get_or_init(Default::default).lock().unwrap();
    map.entry(key).or_insert_with(|| Box::leak(Box::new(Arranger::new(rules, players).expect("valid rules"))))
}

/// A C rules handle, made once per process from JSON (never freed: the targets share it).
pub fn c_rules(rules: &Rules) -> *const sss::rules::SssRules {
    struct Ptr(*mut sss::rules::SssRules);
    // SAFETY: a const rules handle may be used from any thread (shisanshui.h).
    unsafe impl Send for Ptr {}
    static CACHE: OnceLock<Mutex<HashMap<String, Ptr>>> = OnceLock::new();
    let json = rules.to_json();
    let mut map = CACHE.get_or_init(Default::default).lock().unwrap();
    map.entry(json.clone())
        .or_insert_with(|| {
            let mut out = std::ptr::null_mut();
            let st = unsafe { sss::rules::sss_rules_from_json(json.as_ptr(), json.len(), &mut out) };
            assert_eq!(st, SssStatus::SSS_OK, "a Rust rule set's JSON loads in C: {}", last_error());
            Ptr(out)
        })
        .0
}

/// A C arranger handle for a rule set and table size, made once per process.
pub fn c_arranger(rules: &Rules, players: usize) -> *const sss::arrange::SssArranger {
    struct Ptr(*mut sss::arrange::SssArranger);
    // SAFETY: an arranger never changes after it is made (shisanshui.h).
    unsafe impl Send for Ptr {}
    static CACHE: OnceLock<Mutex<HashMap<(String, usize), Ptr>>> = OnceLock::new();
    let r = c_rules(rules);
    let mut map = CACHE.get_or_init(Default::default).lock().unwrap();
    map.entry((rules.to_json(), players))
        .or_insert_with(|| {
            let mut out = std::ptr::null_mut();
            let st = unsafe { sss::arrange::sss_arranger_new(r, players as u32, &mut out) };
            assert_eq!(st, SssStatus::SSS_OK, "arranger: {}", last_error());
            Ptr(out)
        })
        .0
}

// ---------------------------------------------------------------------------------------------
// Settlements
// ---------------------------------------------------------------------------------------------

/// The C seat of an engine hand.
pub fn c_seat(hand: &PlayerHand) -> SssSeat {
    let cards = hand.cards().map(|c| c.code());
    match hand {
        PlayerHand::Arranged(_) => SssSeat { kind: sss::settle::SSS_SEAT_ARRANGED, special: 0, cards },
        PlayerHand::Special { special, .. } => {
            SssSeat { kind: sss::settle::SSS_SEAT_SPECIAL, special: *special as u8, cards }
        }
    }
}

/// The invariants of every settlement: the matrix is antisymmetric with a zero diagonal, each
/// total is its row's sum, the totals sum to zero, each pair's water is its matrix entry (every
/// pair in order, or in banker mode only the banker's pairs, the others settling nothing), and
/// the JSON form reads back as the same settlement.
pub fn check_settlement(s: &Settlement, seats: usize) {
    assert_eq!(s.seats.len(), seats);
    assert_eq!(s.totals.len(), seats);
    assert_eq!(s.matrix.len(), seats);
    let mut sum = 0i128;
    for i in 0..seats {
        assert_eq!(s.matrix[i].len(), seats);
        assert_eq!(s.matrix[i][i], Water::ZERO, "diagonal");
        let mut row = 0i128;
        for j in 0..seats {
            assert_eq!(s.matrix[i][j].units(), -s.matrix[j][i].units(), "antisymmetric at {i},{j}");
            row += s.matrix[i][j].units() as i128;
        }
        assert_eq!(row, s.totals[i].units() as i128, "total {i} is its row");
        sum += row;
    }
    assert_eq!(sum, 0, "zero-sum");
    let expected: Vec<[usize; 2]> = (0..seats)
        .flat_map(|i| (i + 1..seats).map(move |j| [i, j]))
        .filter(|p| s.banker.map_or(true, |b| p.contains(&b)))
        .collect();
    let got: Vec<[usize; 2]> = s.pairs.iter().map(|p| p.seats).collect();
    assert_eq!(got, expected, "the pairs settled, in order");
    for p in &s.pairs {
        assert_eq!(p.water, s.matrix[p.seats[0]][p.seats[1]], "pair {:?} water is its matrix entry", p.seats);
    }
    for i in 0..seats {
        for j in 0..seats {
            if s.banker.is_some_and(|b| i != b && j != b) {
                assert_eq!(s.matrix[i][j], Water::ZERO, "banker mode: seats {i} and {j} settle nothing");
            }
        }
    }
    let json = s.to_json();
    let back: Settlement = serde_json::from_str(&json).expect("a settlement's JSON reads back");
    assert_eq!(&back, s, "settlement JSON round trip");
}

/// The banker seat to settle a round of `players` seats with under `rules`: a seat chosen by
/// `pick` in banker mode, none when every pair settles.
pub fn banker_of(rules: &Rules, players: usize, pick: u8) -> Option<usize> {
    (rules.table == engine::rules::Table::Banker).then_some(pick as usize % players)
}

/// The C form of a banker seat.
pub fn c_banker(banker: Option<usize>) -> u8 {
    banker.map_or(sss::settle::SSS_SEAT_NONE, |b| b as u8)
}

/// The C settlement of the same seats equals the engine's: totals, matrix, info and JSON.
pub fn check_c_settlement(c: *const sss::settle::SssSettlement, s: &Settlement) {
    let n = s.seats.len();
    let mut info = Sentinel::<sss::settle::SssSettlementInfo>::new();
    assert_eq!(call("info", || unsafe { sss::settle::sss_settlement_info(c, info.ptr()) }), SssStatus::SSS_OK);
    let info = info.get();
    assert_eq!(info.seat_count as usize, n);
    assert_eq!(info.pair_count as usize, s.pairs.len());
    assert_eq!(info.banker_seat, c_banker(s.banker));
    assert_eq!(info.event_count as usize, s.events.len());
    assert_eq!(info.reserved, 0);
    let mut totals = vec![SssWater::default(); n];
    let mut count = 0usize;
    let st = call("totals", || unsafe { sss::settle::sss_settlement_totals(c, totals.as_mut_ptr(), n, &mut count) });
    assert_eq!(st, SssStatus::SSS_OK);
    assert_eq!(count, n);
    for (t, w) in totals.iter().zip(&s.totals) {
        assert_eq!(t.units, w.units(), "C total equals the engine's");
        assert_eq!((t.num, t.den), (w.numer(), w.denom()));
    }
    let mut matrix = vec![SssWater::default(); n * n];
    let st =
        call("matrix", || unsafe { sss::settle::sss_settlement_matrix(c, matrix.as_mut_ptr(), n * n, &mut count) });
    assert_eq!(st, SssStatus::SSS_OK);
    assert_eq!(count, n * n);
    for i in 0..n {
        for j in 0..n {
            assert_eq!(matrix[i * n + j].units, s.matrix[i][j].units(), "C matrix {i},{j}");
        }
    }
    let (st, json) =
        text_out("settlement json", |b, cap, l| unsafe { sss::settle::sss_settlement_to_json(c, b, cap, l) });
    assert_eq!(st, SssStatus::SSS_OK);
    assert_eq!(json.unwrap(), s.to_json(), "C settlement JSON equals the engine's");
}

/// An `i64` as a fuzzer should pick it: the extremes, 0, ±1 and small values as often as any.
#[derive(arbitrary::Arbitrary, Debug, Clone, Copy)]
pub enum I64 {
    Min,
    Max,
    Zero,
    One,
    MinusOne,
    Small(i16),
    Any(i64),
}

impl I64 {
    /// The value.
    pub fn get(self) -> i64 {
        match self {
            I64::Min => i64::MIN,
            I64::Max => i64::MAX,
            I64::Zero => 0,
            I64::One => 1,
            I64::MinusOne => -1,
            I64::Small(v) => v as i64,
            I64::Any(v) => v,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Jokers (RULES.md §12)
// ---------------------------------------------------------------------------------------------

/// `rules` with the joker options a fuzz input picks: `jokers % 7` jokers, `avoid_foul` or
/// `each_best`, and `jokers_in_specials` where the rule set accepts it with those jokers
/// (`Rules::validate` decides; a refused flag is left off).
pub fn with_jokers(mut rules: Rules, jokers: u8, avoid_foul: bool, in_specials: bool) -> Rules {
    rules.jokers = jokers % (engine::deck::MAX_JOKERS + 1);
    rules.joker_lanes = if avoid_foul { engine::JokerLanes::AvoidFoul } else { engine::JokerLanes::EachBest };
    rules.jokers_in_specials = in_specials;
    if rules.validate().is_err() {
        rules.jokers_in_specials = false;
    }
    rules.validate().expect("a preset with 0 to 6 jokers is valid");
    rules
}

/// The rule set's whole deck (extra suits' copies and jokers) in an order chosen by the bytes.
pub fn shuffled_deck_of(rules: &Rules, bytes: &[u8]) -> Vec<Card> {
    let mut deck = rules.deck();
    permute(&mut deck, bytes);
    deck
}

/// The codes of cards, ascending: the same multiset of cards compares equal.
pub fn sorted_codes(cards: &[Card]) -> Vec<u8> {
    let mut v = codes(cards);
    v.sort_unstable();
    v
}

/// The lane with each joker replaced by a real card chosen by the bytes (`subs[i] % 52` for the
/// i-th joker): one of the choices RULES.md §12 takes the best of.
pub fn substituted(lane: &[Card], subs: &[u8]) -> Vec<Card> {
    let mut next = subs.iter().copied().chain(std::iter::repeat(0));
    lane.iter()
        .map(|&c| if c.is_joker() { Card::from_code(next.next().unwrap() % 52).unwrap() } else { c })
        .collect()
}

/// The value of three or five real cards (repeats allowed, RULES.md §11).
pub fn rank_of(eval: &engine::Evaluator, cards: &[Card]) -> engine::HandRank {
    match cards.len() {
        3 => eval.eval3(cards.try_into().unwrap()),
        5 => eval.eval5(cards.try_into().unwrap()),
        n => panic!("a lane of {n} cards"),
    }
}

/// A lane valued with jokers, as played: every card played is a real card (code below 52), the
/// natural cards stay in their slots, the played cards make the value, and the value is at least
/// that of the substitution the bytes choose (RULES.md §12: the best over every choice).
pub fn check_joker_lane(eval: &engine::Evaluator, lane: &[Card], played: &[Card], rank: engine::HandRank, subs: &[u8]) {
    assert_eq!(played.len(), lane.len(), "one card played per card of the lane");
    for (given, shown) in lane.iter().zip(played) {
        assert!(shown.code() < 52, "a joker stands for a real card: {lane:?} played as {played:?}");
        assert!(given.is_joker() || given == shown, "a natural card moved: {lane:?} played as {played:?}");
    }
    assert_eq!(rank_of(eval, played), rank, "the lane as played makes its value: {lane:?} as {played:?}");
    let other = substituted(lane, subs);
    let v = rank_of(eval, &other);
    assert!(v <= rank, "{lane:?} is worth {rank:?}, less than its substitution {other:?} ({v:?})");
}

/// An arrangement valued with jokers (`je` = `a.evaluate_jokers_with(eval, strict)`), checked
/// against its lanes as played and a substitution chosen by the bytes: the played lanes are real
/// cards that make the values; a legal arrangement's played lanes are in order; under
/// `each_best` every lane is its own best and the foul bits are §2's on those values; under
/// `avoid_foul` the back is its best, and the arrangement fouls only where no choice does not
/// (so where the substitution is legal, it is legal too).
pub fn check_joker_arrangement(
    eval: &engine::Evaluator,
    strict: bool,
    a: &engine::Arrangement,
    je: &engine::JokerEval,
    subs: &[u8],
) {
    use engine::{Foul, Lane};
    let e = &je.eval;
    for (lane, played, rank) in [
        (&a.front[..], &je.played.front[..], e.front),
        (&a.middle[..], &je.played.middle[..], e.middle),
        (&a.back[..], &je.played.back[..], e.back),
    ] {
        assert_eq!(played.len(), lane.len());
        for (given, shown) in lane.iter().zip(played) {
            assert!(shown.code() < 52, "a joker stands for a real card: {a} played as {}", je.played);
            assert!(given.is_joker() || given == shown, "a natural card moved: {a} played as {}", je.played);
        }
        assert_eq!(rank_of(eval, played), rank, "the lane as played makes its value: {a} as {}", je.played);
    }
    let best: Vec<engine::HandRank> = Lane::ALL
        .iter()
        .map(|&l| {
            let cards = a.lane(l);
            let (_, r) = eval.evaluate_jokers(cards).expect("a lane of an arrangement evaluates");
            r
        })
        .collect();
    assert_eq!(e.back, best[2], "the back is worth its best: {a}");
    let own = Foul::check(e.front, e.middle, e.back, strict);
    if !e.foul.is_foul() {
        assert_eq!(own, Foul::default(), "a legal arrangement's lanes as played are in order: {a}");
    }
    let sub: Vec<Card> = substituted(&a.cards(), subs);
    let sub_foul = Foul::check(rank_of(eval, &sub[..3]), rank_of(eval, &sub[3..8]), rank_of(eval, &sub[8..]), strict);
    match eval.joker_lanes() {
        engine::JokerLanes::EachBest => {
            assert_eq!([e.front, e.middle, e.back], [best[0], best[1], best[2]], "each lane its best: {a}");
            assert_eq!(e.foul, own, "each_best: §2 on the best values: {a}");
        }
        _ => {
            assert!(e.middle <= best[1] && e.front <= best[0], "avoid_foul never values a lane above its best: {a}");
            if !sub_foul.is_foul() {
                assert!(!e.foul.is_foul(), "avoid_foul: {a} fouls, but its jokers as {sub:?} keep the order");
            }
        }
    }
}
