//! Every C entry point, in fuzz-chosen sequences, with arbitrary bytes, lengths, codes, enum
//! numbers, indices and int64 extremes, on a pool of live handles (rules, arrangers,
//! settlements) that the sequence makes, changes, clones and frees. Pointers are always valid
//! for the lengths given, or NULL (the API checks every pointer), or a live handle of another
//! type (refused as `SSS_ERR_INVALID_HANDLE`): the API's contract, never undefined behaviour.
//!
//! Every call is checked for what the header promises of all calls (a known status, never
//! `SSS_ERR_PANIC`, a message on failure, the last error unchanged on success, out-parameters
//! untouched on failure, copy-outs refusing short buffers with the needed size), and against a
//! shadow model in Rust: each rules handle has the engine `Rules` it should hold (setters
//! included), each settlement the engine `Settlement`, each arranger its rules and table size;
//! results and statuses must equal the engine's.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shisanshui_fuzz::engine::arrange::shared_arranger;
use shisanshui_fuzz::engine::eval::HandRank;
use shisanshui_fuzz::engine::money::{escape, settle_money, MoneyResult, Rake, Stakes};
use shisanshui_fuzz::engine::rules::Table;
use shisanshui_fuzz::engine::settle::{settle_with_banker, PlayerHand, Settlement, Water};
use shisanshui_fuzz::engine::special::detect_codes;
use shisanshui_fuzz::engine::{
    cards_from_codes, cards_from_codes_in, deal, parse_cards_in, settle, Arrangement, Card, Category, Evaluator,
    JokerLanes, Preset, Rules, Special, SuitSet, Wheel,
};
use shisanshui_fuzz::sss::arrange::*;
use shisanshui_fuzz::sss::batch::*;
use shisanshui_fuzz::sss::card::*;
use shisanshui_fuzz::sss::deal::*;
use shisanshui_fuzz::sss::eval::*;
use shisanshui_fuzz::sss::hints::*;
use shisanshui_fuzz::sss::money::*;
use shisanshui_fuzz::sss::rules::*;
use shisanshui_fuzz::sss::settle::*;
use shisanshui_fuzz::sss::simulate::*;
use shisanshui_fuzz::sss::special::*;
use shisanshui_fuzz::sss::*;
use shisanshui_fuzz::{
    call, check_c_settlement, check_joker_arrangement, check_joker_lane, check_settlement, last_error, status_of,
    text_out, Sentinel, I64,
};
use std::ptr::{null, null_mut};

const OK: SssStatus = SssStatus::SSS_OK;
const TOO_SMALL: SssStatus = SssStatus::SSS_ERR_BUFFER_TOO_SMALL;

// ---------------------------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------------------------

#[derive(Arbitrary, Debug, Clone, Copy)]
enum Len {
    Zero,
    One,
    Small(u8),
    Huge,
    Max,
}

impl Len {
    fn get(self) -> usize {
        match self {
            Len::Zero => 0,
            Len::One => 1,
            Len::Small(n) => n as usize,
            Len::Huge => 1 << 40,
            Len::Max => usize::MAX,
        }
    }
}

/// Input bytes: real ones (valid for their length), NULL with a length, or something meaningful.
#[derive(Arbitrary, Debug, Clone)]
enum Bytes {
    Raw(Vec<u8>),
    Null(Len),
    /// `take` distinct codes of a seeded deck from `start` (valid cards).
    Deck {
        seed: u64,
        start: u8,
        take: u8,
    },
    /// `take` codes of a seeded deck with the suits of `suits` (low 4 bits) twice, from `start`
    /// (valid cards of that deck, copies included: RULES.md §11).
    BigDeck {
        suits: u8,
        seed: u64,
        start: u8,
        take: u8,
    },
    /// `take` codes of a seeded deck holding `jokers % 7` jokers and the suits of `suits` (low 4
    /// bits) twice, from `start`, then the slots set in `wild` made jokers, small and big in turn
    /// from `big`: jokers the deck deals, and more of them than a rule set's deck holds (RULES.md
    /// §12).
    JokerDeck {
        jokers: u8,
        suits: u8,
        seed: u64,
        start: u8,
        take: u8,
        wild: u16,
        big: bool,
    },
    /// Rule-set JSON naming a preset and the three joker options, each in range or not (a count
    /// above 6, a negative or a string; an unknown reading; a flag that is no boolean), or left out.
    JokerJson {
        preset: u8,
        jokers: Option<JokerCount>,
        lanes: Option<u8>,
        specials: Option<u8>,
    },
    /// A name the API knows (preset, special id or name), in any case.
    Name {
        which: u8,
        upper: bool,
    },
    /// The JSON of the rules in a pool slot.
    SlotJson(u8),
}

/// A `"jokers"` value in rule-set JSON.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum JokerCount {
    InRange(u8),
    Any(i16),
    Text,
}

/// `"joker_lanes"` values: both readings as JSON writes them, as any case and spacing reads
/// them, and some that are no reading.
const JOKER_LANES: &[&str] = &[
    "\"each_best\"",
    "\"avoid_foul\"",
    "\"AVOID_FOUL\"",
    "\" each_best \"",
    "\"avoid foul\"",
    "\"wild\"",
    "\"\"",
    "1",
    "null",
];

/// `"jokers_in_specials"` values: the two booleans and some that are none.
const JOKER_FLAGS: &[&str] = &["true", "false", "1", "\"yes\"", "null"];

const NAMES: &[&str] = &[
    "classic",
    "regional",
    "kx",
    "hk",
    "ranked",
    "SD",
    "DR",
    "TR",
    "TSF",
    "TQ",
    "AB",
    "AS",
    "OC",
    "TTQ",
    "FT",
    "FPT",
    "SP",
    "TF",
    "TS",
    "BR",
    "RB",
    "six pairs",
    "three flushes",
    "六对半",
    "一条龙",
    "",
];

/// A copy-out buffer: NULL with a capacity (0: a size query), or a real one of some size.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum OutBuf {
    Null(Len),
    Buf(u8),
}

/// An out-parameter: real, or NULL.
#[derive(Arbitrary, Debug, Clone, Copy)]
struct OutPtr {
    null: bool,
}

/// A handle argument: a live one from the pool, NULL, or a live handle of another type.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum H {
    Slot(u8),
    Null,
    Other(u8),
}

#[derive(Arbitrary, Debug, Clone)]
struct SeatIn {
    kind: u8,
    special: u8,
    cards: Bytes,
}

/// A simulation's configuration, every field as C could send it (counts, codes and flags out of
/// range included); rounds are few, to keep an input fast.
#[derive(Arbitrary, Debug, Clone, Copy)]
struct SimIn {
    players: u8,
    rounds: u8,
    seed: u64,
    policy_count: u8,
    policies: [u8; 8],
    threads: u8,
    declare: u8,
    money: u8,
    has_banker: u8,
    banker: u8,
    reserved: u8,
    stakes: [I64; 3],
    carry_count: u8,
    carries: [I64; 8],
}

#[derive(Arbitrary, Debug, Clone)]
enum Call {
    AbiVersion,
    Version(OutBuf, OutPtr),
    LastError(OutBuf, OutPtr),
    StatusName(i32, OutBuf),
    CardParse(Bytes, OutPtr),
    CardsParse(Bytes, OutBuf, OutPtr),
    CardsFormat(Bytes, u32, OutBuf),
    CardsValidate(Bytes),
    Evaluate(H, Bytes, OutPtr),
    Compare(H, Bytes, Bytes, OutPtr),
    CategoryName(u32, u32, OutBuf),
    HandRankDescribe(u32, OutBuf),
    ArrangementCheck(H, Bytes, Bytes, Bytes, OutPtr),
    ArrangementCheck13(H, Bytes, OutPtr),
    RulesNewPreset(Bytes, OutPtr),
    RulesFromJson(Bytes, OutPtr),
    RulesToJson(H, OutBuf),
    RulesClone(H, OutPtr),
    RulesFree(H),
    RulesValidate(H),
    GetWheel(H, OutPtr),
    SetWheel(H, u32),
    GetSuitTiebreak(H, OutPtr),
    SetSuitTiebreak(H, u8),
    GetStrictOrder(H, OutPtr),
    SetStrictOrder(H, u8),
    GetTable(H, OutPtr),
    SetTable(H, u32),
    GetMajorityBonus(H, OutPtr),
    SetMajorityBonus(H, u32),
    GetExtraSuits(H, OutPtr),
    SetExtraSuits(H, u8),
    GetMaxPlayers(H, OutPtr),
    GetJokers(H, OutPtr),
    SetJokers(H, u8),
    GetJokerLanes(H, OutPtr),
    SetJokerLanes(H, u32),
    GetJokersInSpecials(H, OutPtr),
    SetJokersInSpecials(H, u8),
    /// `sss_evaluate_played`; the last field chooses a substitution of the lane's jokers that
    /// its value must be at least.
    EvaluatePlayed(H, Bytes, OutPtr, OutPtr, [u8; 5]),
    /// `sss_arrangement_check13_played`; the last field chooses a substitution as above.
    Check13Played(H, Bytes, OutPtr, OutPtr, [u8; 13]),
    Deck(H, OutBuf),
    DealFor(H, u32, u64, OutBuf),
    ShuffledDeckFor(H, u64, OutBuf),
    CardsParseFor(H, Bytes, OutBuf),
    CardsValidateFor(H, Bytes),
    SpecialDetect(H, Bytes, OutPtr),
    SpecialName(u32, u32, OutBuf),
    SpecialId(u32, OutBuf),
    SpecialParse(Bytes, OutPtr),
    SpecialWater(H, u32, OutPtr),
    RulesGetSpecials(H, OutBuf, OutPtr),
    MoneySettle {
        water: Vec<I64>,
        null_water: bool,
        stakes: Option<[I64; 3]>,
        carries: Vec<I64>,
        out: OutBuf,
    },
    MoneyEscape {
        seats: Len,
        leaver: Len,
        stakes: Option<[I64; 3]>,
        carries: Vec<I64>,
        out: OutBuf,
    },
    SeatArranged(Bytes, Bytes, Bytes, OutPtr),
    SeatSpecial(u32, Bytes, OutPtr),
    Settle(H, Vec<SeatIn>, OutPtr),
    SettleInto(H, Vec<SeatIn>, H),
    SettleWithBanker(H, Vec<SeatIn>, u8, OutPtr),
    SettleIntoWithBanker(H, Vec<SeatIn>, u8, H),
    SettlementFree(H),
    SettlementInfo(H, OutPtr),
    SettlementTotals(H, OutBuf),
    SettlementMatrix(H, OutBuf),
    SettlementSeat(H, Len, OutPtr),
    SettlementPair(H, Len, OutPtr),
    SettlementEvent(H, Len, OutPtr),
    SettlementToJson(H, OutBuf),
    ArrangerNew(H, u32, OutPtr),
    ArrangerNewPreset(Bytes, u32, OutPtr),
    /// An arranger for a seat's role; checked, then freed (the pool's shadows play no role).
    ArrangerNewFor(H, u32, u32, OutPtr),
    ArrangerFree(H),
    /// A simulation under a pooled rule set, against `simulate::run` of the same configuration.
    Simulate(H, SimIn, OutPtr),
    ArrangerGetPlayers(H, OutPtr),
    ArrangerGetRules(H, OutPtr),
    Arrange(H, Bytes, OutPtr),
    Suggest(H, Bytes, Len, OutBuf),
    SpecialAdvice(H, Bytes, OutPtr),
    ExpectedWater(H, Bytes, OutPtr),
    /// The batch calls: `rows` rows of the bytes (padded with code order), N = 5, 3 or 13.
    EvaluateMany {
        h: H,
        five: bool,
        masks: bool,
        bytes: Bytes,
        rows: u8,
        threads: u8,
        null_out: bool,
    },
    DetectMany {
        h: H,
        bytes: Bytes,
        rows: u8,
        threads: u8,
        with_all: bool,
    },
    ArrangeMany {
        h: H,
        bytes: Bytes,
        rows: u8,
        threads: u8,
    },
    /// Seats 0 to 8: the codes must be valid for rounds × seats × 13 bytes whatever the count.
    SettleMany {
        h: H,
        seats: u8,
        bytes: Bytes,
        rounds: u8,
        threads: u8,
        banker: Option<u8>,
    },
    Combos {
        h: H,
        bytes: Bytes,
        category: u32,
        out: OutBuf,
    },
    Complete {
        h: H,
        hand: Bytes,
        front: Bytes,
        middle: Bytes,
        back: Bytes,
        p: OutPtr,
    },
    Deal(u32, u64, OutBuf),
    DealUnseeded(u32, OutBuf),
    ShuffledDeck(u64, OutBuf),
    DealForUnseeded(H, u32, OutBuf),
    /// Any bytes as a simulation report's state: a checked report or an error, never a panic.
    SimFromState(Bytes, OutPtr),
}

// ---------------------------------------------------------------------------------------------
// The pool of live handles and their shadows
// ---------------------------------------------------------------------------------------------

struct RulesSlot {
    c: *mut SssRules,
    shadow: Rules,
}
struct ArrangerSlot {
    c: *mut SssArranger,
    rules: Rules,
    players: usize,
    /// False for the process-wide arranger every input starts with (never freed).
    owned: bool,
}
struct SettlementSlot {
    c: *mut SssSettlement,
    shadow: Settlement,
}

/// Most handles of one kind alive at once; most arrangers made per input (a few ms each, more
/// under ASan: every input also starts with one made once per process).
const POOL: usize = 6;
const ARRANGERS_PER_INPUT: usize = 2;

struct World {
    rules: Vec<RulesSlot>,
    arrangers: Vec<ArrangerSlot>,
    settlements: Vec<SettlementSlot>,
    arrangers_made: usize,
}

/// A resolved handle argument: the pointer to pass and, when live and of the right type, the
/// slot it is.
struct Resolved<P> {
    ptr: P,
    slot: Option<usize>,
}

impl World {
    fn new() -> World {
        let mut c = null_mut();
        let st = unsafe { sss_rules_new_preset(b"classic".as_ptr(), 7, &mut c) };
        assert_eq!(st, OK);
        let shared = shisanshui_fuzz::c_arranger(&Rules::classic(), 4) as *mut SssArranger;
        World {
            rules: vec![RulesSlot { c, shadow: Rules::classic() }],
            arrangers: vec![ArrangerSlot { c: shared, rules: Rules::classic(), players: 4, owned: false }],
            settlements: vec![],
            arrangers_made: 0,
        }
    }

    /// Some live handle of a type other than the one asked for, as an untyped pointer.
    fn other(&self, i: u8, not: u8) -> *mut u8 {
        let mut all: Vec<*mut u8> = Vec::new();
        if not != 0 {
            all.extend(self.rules.iter().map(|s| s.c as *mut u8));
        }
        if not != 1 {
            all.extend(self.arrangers.iter().map(|s| s.c as *mut u8));
        }
        if not != 2 {
            all.extend(self.settlements.iter().map(|s| s.c as *mut u8));
        }
        if all.is_empty() {
            null_mut()
        } else {
            all[i as usize % all.len()]
        }
    }

    fn rules_h(&self, h: H) -> Resolved<*mut SssRules> {
        match h {
            H::Slot(i) if !self.rules.is_empty() => {
                let k = i as usize % self.rules.len();
                Resolved { ptr: self.rules[k].c, slot: Some(k) }
            }
            H::Other(i) => Resolved { ptr: self.other(i, 0).cast(), slot: None },
            _ => Resolved { ptr: null_mut(), slot: None },
        }
    }

    fn arranger_h(&self, h: H) -> Resolved<*mut SssArranger> {
        match h {
            H::Slot(i) if !self.arrangers.is_empty() => {
                let k = i as usize % self.arrangers.len();
                Resolved { ptr: self.arrangers[k].c, slot: Some(k) }
            }
            H::Other(i) => Resolved { ptr: self.other(i, 1).cast(), slot: None },
            _ => Resolved { ptr: null_mut(), slot: None },
        }
    }

    fn settlement_h(&self, h: H) -> Resolved<*mut SssSettlement> {
        match h {
            H::Slot(i) if !self.settlements.is_empty() => {
                let k = i as usize % self.settlements.len();
                Resolved { ptr: self.settlements[k].c, slot: Some(k) }
            }
            H::Other(i) => Resolved { ptr: self.other(i, 2).cast(), slot: None },
            _ => Resolved { ptr: null_mut(), slot: None },
        }
    }

    fn add_rules(&mut self, c: *mut SssRules, shadow: Rules) {
        check_rules_handle(c, &shadow);
        if self.rules.len() < POOL {
            self.rules.push(RulesSlot { c, shadow });
        } else {
            unsafe { sss_rules_free(c) };
        }
    }

    fn add_settlement(&mut self, c: *mut SssSettlement, shadow: Settlement) {
        check_c_settlement(c, &shadow);
        if self.settlements.len() < POOL {
            self.settlements.push(SettlementSlot { c, shadow });
        } else {
            unsafe { sss_settlement_free(c) };
        }
    }

    fn free_all(&mut self) {
        for s in self.rules.drain(..) {
            unsafe { sss_rules_free(s.c) };
        }
        for s in self.arrangers.drain(..).filter(|s| s.owned) {
            unsafe { sss_arranger_free(s.c) };
        }
        for s in self.settlements.drain(..) {
            unsafe { sss_settlement_free(s.c) };
        }
    }
}

fn check_rules_handle(c: *const SssRules, shadow: &Rules) {
    let (st, json) = text_out("rules json", |b, cap, l| unsafe { sss_rules_to_json(c, b, cap, l) });
    assert_eq!(st, OK);
    assert_eq!(json.unwrap(), shadow.to_json(), "the handle holds its shadow's rules");
}

/// Bytes resolved to a pointer and length, with the slice when real.
struct In {
    _keep: Vec<u8>,
    ptr: *const u8,
    len: usize,
    /// None when the pointer is NULL with a non-zero length (the call must fail).
    bytes: Option<Vec<u8>>,
}

fn bytes_in(b: &Bytes, world: &World) -> In {
    let v: Vec<u8> = match b {
        Bytes::Raw(v) => v.clone(),
        Bytes::Null(len) => {
            let len = len.get();
            return In { _keep: vec![], ptr: null(), len, bytes: if len == 0 { Some(vec![]) } else { None } };
        }
        Bytes::Deck { seed, start, take } => {
            let deck = deal::shuffled_deck(*seed);
            let start = *start as usize % 52;
            let take = (*take as usize % 14).min(52 - start);
            deck[start..start + take].iter().map(|c| c.code()).collect()
        }
        Bytes::BigDeck { suits, seed, start, take } => {
            let deck = deal::shuffled_deck_of(SuitSet::from_bits(suits & 0xF).unwrap(), *seed);
            let start = *start as usize % deck.len();
            let take = (*take as usize % 14).min(deck.len() - start);
            deck[start..start + take].iter().map(|c| c.code()).collect()
        }
        Bytes::JokerDeck { jokers, suits, seed, start, take, wild, big } => {
            let deck = engine::Deck::new(SuitSet::from_bits(suits & 0xF).unwrap(), jokers % 7).unwrap();
            let deck = deal::Dealer::from_seed(*seed).shuffle_cards(deck);
            let start = *start as usize % deck.len();
            let take = (*take as usize % 14).min(deck.len() - start);
            let mut codes: Vec<u8> = deck[start..start + take].iter().map(|c| c.code()).collect();
            let mut next = *big as u8;
            for (i, c) in codes.iter_mut().enumerate() {
                if wild >> i & 1 == 1 {
                    *c = 52 + next;
                    next ^= 1;
                }
            }
            codes
        }
        Bytes::JokerJson { preset, jokers, lanes, specials } => {
            let mut fields = vec![format!("\"preset\": \"{}\"", NAMES[*preset as usize % 5])];
            if let Some(j) = jokers {
                let v = match j {
                    JokerCount::InRange(n) => (n % 8).to_string(),
                    JokerCount::Any(n) => n.to_string(),
                    JokerCount::Text => "\"2\"".to_string(),
                };
                fields.push(format!("\"jokers\": {v}"));
            }
            if let Some(l) = lanes {
                fields.push(format!("\"joker_lanes\": {}", JOKER_LANES[*l as usize % JOKER_LANES.len()]));
            }
            if let Some(f) = specials {
                fields.push(format!("\"jokers_in_specials\": {}", JOKER_FLAGS[*f as usize % JOKER_FLAGS.len()]));
            }
            format!("{{{}}}", fields.join(", ")).into_bytes()
        }
        Bytes::Name { which, upper } => {
            let n = NAMES[*which as usize % NAMES.len()];
            if *upper { n.to_uppercase() } else { n.to_string() }.into_bytes()
        }
        Bytes::SlotJson(i) => {
            if world.rules.is_empty() {
                vec![]
            } else {
                world.rules[*i as usize % world.rules.len()].shadow.to_json().into_bytes()
            }
        }
    };
    // An empty input is passed as a dangling, non-NULL pointer half the time (both are allowed).
    let ptr = if v.is_empty() { std::ptr::NonNull::<u8>::dangling().as_ptr() } else { v.as_ptr() };
    In { ptr, len: v.len(), bytes: Some(v.clone()), _keep: v }
}

fn text_of(i: &In) -> Option<Result<&str, ()>> {
    i.bytes.as_ref().map(|b| std::str::from_utf8(b).map_err(|_| ()))
}

/// An out-parameter for one value.
fn out_ptr<T: Copy>(o: OutPtr, s: &mut Sentinel<T>) -> *mut T {
    if o.null {
        null_mut()
    } else {
        s.ptr()
    }
}

/// A copy-out: call with the buffer asked for and check the protocol against the full answer
/// (None when the call should fail for another reason). Returns the status.
fn copy_out<T: Copy + PartialEq + std::fmt::Debug>(
    what: &str,
    o: OutBuf,
    nul: bool,
    count_null: bool,
    expected: Option<&[T]>,
    f: impl FnOnce(*mut T, usize, *mut usize) -> SssStatus,
) -> SssStatus {
    let (mut buf, cap, null_buf): (Vec<Sentinel<T>>, usize, bool) = match o {
        OutBuf::Null(len) => (vec![], len.get(), true),
        OutBuf::Buf(n) => ((0..n).map(|_| Sentinel::new()).collect(), n as usize, false),
    };
    let ptr: *mut T = if null_buf { null_mut() } else { buf.as_mut_ptr().cast() };
    let mut count = Sentinel::<usize>::new();
    let count_ptr = if count_null { null_mut() } else { count.ptr() };
    let st = call(what, || f(ptr, cap, count_ptr));
    let buffer_untouched = buf.iter().all(|s| s.untouched());
    if count_null || (null_buf && cap > 0) {
        assert_ne!(st, OK, "{what}: NULL output accepted");
        assert!(buffer_untouched && count.untouched(), "{what}: written on failure");
        return st;
    }
    match expected {
        Some(items) if st == OK => {
            assert!(cap >= items.len(), "{what}: OK with a short buffer");
            assert_eq!(count.get(), items.len(), "{what}: count");
            let got: Vec<T> = buf[..items.len()].iter().map(|s| s.get()).collect();
            assert_eq!(&got[..], items, "{what}: items equal the engine's");
            let mut rest = &buf[items.len()..];
            if nul && !rest.is_empty() {
                // Text: a NUL terminator when there is room.
                let b = unsafe { std::slice::from_raw_parts(rest.as_ptr() as *const u8, 1) }[0];
                assert_eq!(b, 0, "{what}: NUL appended when there is room");
                rest = &rest[1..];
            }
            assert!(rest.iter().all(|s| s.untouched()), "{what}: written past the count");
        }
        Some(items) => {
            assert!(cap < items.len(), "{what}: failed ({st:?}) with room: {}", last_error());
            assert_eq!(st, TOO_SMALL, "{what}");
            assert_eq!(count.get(), items.len(), "{what}: needed count");
            assert!(buffer_untouched, "{what}: short buffer written");
        }
        None => {
            assert_ne!(st, OK, "{what}: OK where the engine fails");
            if st != TOO_SMALL {
                assert!(count.untouched(), "{what}: count written on {st:?}");
            }
            assert!(buffer_untouched, "{what}: written on failure");
        }
    }
    st
}

/// A single out-parameter call: on failure the output is untouched; NULL output fails.
fn single<T: Copy>(what: &str, o: OutPtr, f: impl FnOnce(*mut T) -> SssStatus) -> (SssStatus, Option<T>) {
    let mut s = Sentinel::<T>::new();
    let p = out_ptr(o, &mut s);
    let st = call(what, || f(p));
    if o.null {
        assert_ne!(st, OK, "{what}: NULL out accepted");
    }
    if st == OK {
        (st, Some(s.get()))
    } else {
        assert!(s.untouched(), "{what}: out written on failure {st:?}");
        (st, None)
    }
}

/// The expected status when every pointer is valid (`Some`), or None when one is NULL with a
/// length (then the call must fail, status unchecked).
fn expect<T>(st: SssStatus, ok_inputs: bool, handle_live: bool, r: impl FnOnce() -> engine::Result<T>) -> Option<T> {
    if !ok_inputs || !handle_live {
        assert_ne!(st, OK, "accepted a NULL or dead argument");
        return None;
    }
    let r = r();
    assert_eq!(st, status_of(&r), "status differs from the engine's ({:?}): {}", r.as_ref().err(), last_error());
    r.ok()
}

mod engine {
    pub use shisanshui_fuzz::engine::{Deck, Result};
}

/// Codes to cards checking only the codes: the lane calls check each lane's size before
/// duplicates across the lanes (shisanshui.h).
/// The cards of `b` under a rule set: codes 52 and 53 are jokers where it deals them (RULES.md §12).
fn lane_for(b: &In, rules: &Rules) -> engine::Result<Vec<Card>> {
    let code = if rules.jokers == 0 { Card::from_code } else { Card::from_any_code };
    b.bytes.as_ref().unwrap().iter().map(|&c| code(c)).collect()
}

/// The deck a call without a rule set reads cards against: every suit twice and six jokers.
fn biggest_deck() -> engine::Deck {
    engine::Deck::new(SuitSet::ALL, 6).unwrap()
}

fn water_of(w: &Water) -> SssWater {
    SssWater { units: w.units(), num: w.numer(), den: w.denom() }
}

fn hand_rank_c(r: HandRank, n: usize) -> (u32, u8, u8) {
    (r.value(), r.category() as u8, n as u8)
}

/// A seat as C sends it and the engine's reading of it under a rule set's deck (its copies and
/// jokers, RULES.md §11, §12).
fn seat_hand(s: &SeatIn, world: &World, extra: engine::Deck) -> (SssSeat, Option<Result<PlayerHand, ()>>) {
    let b = bytes_in(&s.cards, world);
    let mut cards = [0u8; 13];
    let v = b.bytes.clone().unwrap_or_default();
    for (i, c) in cards.iter_mut().enumerate() {
        *c = v.get(i).copied().unwrap_or(i as u8);
    }
    let seat = SssSeat { kind: s.kind, special: s.special, cards };
    let hand = (|| -> Result<PlayerHand, ()> {
        let cs = cards_from_codes_in(&cards, extra).map_err(|_| ())?;
        match s.kind {
            SSS_SEAT_ARRANGED => Arrangement::from_cards_in(&cs, extra).map(PlayerHand::Arranged).map_err(|_| ()),
            SSS_SEAT_SPECIAL => {
                let sp = Special::from_index(s.special).ok_or(())?;
                PlayerHand::special_in(sp, &cs, extra).map_err(|_| ())
            }
            _ => Err(()),
        }
    })();
    (seat, Some(hand))
}

fn stakes_of(s: &Option<[I64; 3]>, carries: &[I64]) -> Option<(SssStakes, Stakes, Vec<i64>)> {
    let [b, n, d] = (*s)?;
    let carries: Vec<i64> = carries.iter().take(5).map(|c| c.get()).collect();
    Some((
        SssStakes { base: b.get(), rake_numerator: n.get(), rake_denominator: d.get() },
        Stakes {
            base: b.get(),
            carries: (!carries.is_empty()).then(|| carries.clone()),
            rake: Rake { numerator: n.get(), denominator: d.get() },
        },
        carries,
    ))
}

fn money_lines(m: &MoneyResult) -> Vec<SssMoneyLine> {
    m.lines
        .iter()
        .map(|l| SssMoneyLine {
            water: water_of(&l.water),
            raw: l.raw,
            capped: l.capped,
            scaled: l.scaled,
            rake: l.rake,
            amount: l.amount,
        })
        .collect()
}

fn check_money_totals(m: &MoneyResult, totals: &Sentinel<SssMoneyTotals>, st: SssStatus) {
    if st == OK {
        let t = totals.get();
        assert_eq!((t.rake, t.rounding, t.house, t.unclaimed), (m.rake, m.rounding, m.house, m.unclaimed));
        let sum: i128 = m.lines.iter().map(|l| l.amount as i128).sum();
        assert_eq!(sum + m.house as i128 + m.unclaimed as i128, 0, "money conserved");
    } else {
        assert!(totals.untouched(), "money totals written on failure");
    }
}

// ---------------------------------------------------------------------------------------------
// One call
// ---------------------------------------------------------------------------------------------

fn run(world: &mut World, c: &Call) {
    match c {
        Call::AbiVersion => assert_eq!(sss_abi_version(), SSS_ABI_VERSION),
        Call::Version(o, p) => {
            let v = shisanshui_fuzz::engine::VERSION.as_bytes();
            copy_out("version", *o, true, p.null, Some(v), |b, cap, l| unsafe { sss_version(b, cap, l) });
        }
        Call::LastError(o, p) => {
            let before = last_error();
            let mut buf: Vec<u8> = match o {
                OutBuf::Buf(n) => vec![0xAA; *n as usize],
                OutBuf::Null(_) => vec![],
            };
            let (ptr, cap) = match o {
                OutBuf::Buf(_) => (buf.as_mut_ptr(), buf.len()),
                OutBuf::Null(len) => (null_mut(), len.get()),
            };
            let mut len = usize::MAX;
            let lp = if p.null { null_mut() } else { &mut len as *mut usize };
            let st = unsafe { sss_last_error_message(ptr, cap, lp) };
            assert_eq!(last_error(), before, "reading the last error never changes it");
            if st == OK {
                assert_eq!(&buf[..len], before.as_bytes());
            } else if st == TOO_SMALL {
                assert_eq!(len, before.len());
            }
        }
        Call::StatusName(code, o) => {
            let name = SssStatus::from_i32(*code).map(|s| s.name().as_bytes().to_vec());
            copy_out("status name", *o, true, false, name.as_deref(), |b, cap, l| unsafe {
                sss_status_name(*code, b, cap, l)
            });
        }
        Call::CardParse(b, p) => {
            let i = bytes_in(b, world);
            let (st, out) = single("card parse", *p, |o| unsafe { sss_card_parse(i.ptr, i.len, o) });
            if let (Some(Ok(t)), false) = (text_of(&i), p.null) {
                assert_eq!(st, status_of(&t.parse::<Card>()));
                if let Some(code) = out {
                    assert_eq!(code, t.parse::<Card>().unwrap().code());
                }
            } else if let (Some(Err(())), false) = (text_of(&i), p.null) {
                assert_eq!(st, SssStatus::SSS_ERR_INVALID_UTF8);
            }
        }
        Call::CardsParse(b, o, p) => {
            let i = bytes_in(b, world);
            let expected = match text_of(&i) {
                Some(Ok(t)) => shisanshui_fuzz::engine::parse_cards(t).ok().map(|c| shisanshui_fuzz::codes(&c)),
                _ => None,
            };
            let st = copy_out("cards parse", *o, false, p.null, expected.as_deref(), |b, cap, l| unsafe {
                sss_cards_parse(i.ptr, i.len, b, cap, l)
            });
            if let (Some(Err(())), false, OutBuf::Buf(_)) = (text_of(&i), p.null, o) {
                assert_eq!(st, SssStatus::SSS_ERR_INVALID_UTF8);
            }
        }
        Call::CardsFormat(b, style, o) => {
            let i = bytes_in(b, world);
            // No rule set: what the biggest deck holds formats (two decks, six jokers).
            let two_decks = i.bytes.as_ref().map(|v| cards_from_codes_in(v, biggest_deck()));
            let expected = match (two_decks, style) {
                (Some(Ok(cards)), 0) => Some(shisanshui_fuzz::engine::format_cards(&cards).into_bytes()),
                (Some(Ok(cards)), 1) => {
                    Some(cards.iter().map(|c| c.to_symbol_string()).collect::<Vec<_>>().join(" ").into_bytes())
                }
                _ => None,
            };
            copy_out("cards format", *o, true, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_cards_format(i.ptr, i.len, *style, b, cap, l)
            });
        }
        Call::CardsValidate(b) => {
            let i = bytes_in(b, world);
            let st = call("validate", || unsafe { sss_cards_validate(i.ptr, i.len) });
            expect(st, i.bytes.is_some(), true, || cards_from_codes(i.bytes.as_ref().unwrap()));
        }
        Call::Evaluate(h, b, p) => {
            let r = world.rules_h(*h);
            let i = bytes_in(b, world);
            let (st, out) = single("evaluate", *p, |o| unsafe { sss_evaluate(r.ptr, i.ptr, i.len, o) });
            if p.null {
                return;
            }
            let rank = expect(st, i.bytes.is_some(), r.slot.is_some(), || {
                let rules = &world.rules[r.slot.unwrap()].shadow;
                Evaluator::new(rules).evaluate(&lane_for(&i, rules)?)
            });
            if let (Some(rank), Some(out)) = (rank, out) {
                assert_eq!((out.value, out.category, out.card_count), hand_rank_c(rank, i.len));
            }
        }
        Call::Compare(h, a, b, p) => {
            let r = world.rules_h(*h);
            let (ia, ib) = (bytes_in(a, world), bytes_in(b, world));
            let (st, out) = single("compare", *p, |o| unsafe { sss_compare(r.ptr, ia.ptr, ia.len, ib.ptr, ib.len, o) });
            if p.null {
                return;
            }
            let order = expect(st, ia.bytes.is_some() && ib.bytes.is_some(), r.slot.is_some(), || {
                let rules = &world.rules[r.slot.unwrap()].shadow;
                let e = Evaluator::new(rules);
                let ra = e.evaluate(&lane_for(&ia, rules)?)?;
                let rb = e.evaluate(&lane_for(&ib, rules)?)?;
                if ia.len != ib.len {
                    return Err(shisanshui_fuzz::engine::Error::wrong_card_count(ia.len, ib.len));
                }
                Ok(ra.cmp(&rb) as i32)
            });
            if let (Some(order), Some(out)) = (order, out) {
                assert_eq!(out, order);
            }
        }
        Call::CategoryName(cat, lang, o) => {
            let name = match (u8::try_from(*cat).ok().and_then(Category::from_index), lang) {
                (Some(k), 0) => Some(k.name()),
                (Some(k), 1) => Some(k.chinese_name()),
                _ => None,
            };
            copy_out("category name", *o, true, false, name.map(str::as_bytes), |b, cap, l| unsafe {
                sss_category_name(*cat, *lang, b, cap, l)
            });
        }
        Call::HandRankDescribe(v, o) => {
            let expected = HandRank::from_value(*v).ok().map(|r| r.describe().into_bytes());
            copy_out("describe", *o, true, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_hand_rank_describe(*v, b, cap, l)
            });
        }
        Call::ArrangementCheck(h, f, m, b, p) => {
            let r = world.rules_h(*h);
            let (i_f, i_m, i_b) = (bytes_in(f, world), bytes_in(m, world), bytes_in(b, world));
            let (st, out) = single("check", *p, |o| unsafe {
                sss_arrangement_check(r.ptr, i_f.ptr, i_f.len, i_m.ptr, i_m.len, i_b.ptr, i_b.len, o)
            });
            if p.null || i_f.bytes.is_none() || i_m.bytes.is_none() || i_b.bytes.is_none() || r.slot.is_none() {
                assert_ne!(st, OK);
                return;
            }
            let rules = &world.rules[r.slot.unwrap()].shadow;
            let deck = rules.deck_spec();
            let a = (|| {
                Arrangement::new_in(&lane_for(&i_f, rules)?, &lane_for(&i_m, rules)?, &lane_for(&i_b, rules)?, deck)
            })();
            assert_eq!(st == OK, a.is_ok(), "check accepts what Arrangement::new_in does: {}", last_error());
            if let (Ok(a), Some(out)) = (a, out) {
                let e = a.evaluate(&world.rules[r.slot.unwrap()].shadow);
                assert_eq!(out.foul_bits, e.foul.bits());
                assert_eq!(out.back.value, e.back.value());
            }
        }
        Call::ArrangementCheck13(h, b, p) => {
            let r = world.rules_h(*h);
            let i = bytes_in(b, world);
            let (st, out) = single("check13", *p, |o| unsafe { sss_arrangement_check13(r.ptr, i.ptr, i.len, o) });
            if p.null {
                return;
            }
            let a = expect(st, i.bytes.is_some(), r.slot.is_some(), || {
                let rules = &world.rules[r.slot.unwrap()].shadow;
                Arrangement::from_cards_in(&lane_for(&i, rules)?, rules.deck_spec())
            });
            if let (Some(a), Some(out)) = (a, out) {
                let e = a.evaluate(&world.rules[r.slot.unwrap()].shadow);
                assert_eq!((out.foul_bits, out.is_foul), (e.foul.bits(), e.foul.is_foul() as u8));
                assert_eq!(
                    (out.front.value, out.middle.value, out.back.value),
                    (e.front.value(), e.middle.value(), e.back.value())
                );
            }
        }
        Call::RulesNewPreset(b, p) | Call::RulesFromJson(b, p) => {
            let from_json = matches!(c, Call::RulesFromJson(..));
            let i = bytes_in(b, world);
            let (st, out) = single("rules new", *p, |o| unsafe {
                if from_json {
                    sss_rules_from_json(i.ptr, i.len, o)
                } else {
                    sss_rules_new_preset(i.ptr, i.len, o)
                }
            });
            if p.null {
                return;
            }
            let rules = match text_of(&i) {
                None => {
                    assert_ne!(st, OK);
                    None
                }
                Some(Err(())) => {
                    assert_eq!(st, SssStatus::SSS_ERR_INVALID_UTF8);
                    None
                }
                Some(Ok(t)) => {
                    let r = if from_json { Rules::from_json(t) } else { Rules::from_preset_name(t) };
                    assert_eq!(st, status_of(&r), "{}", last_error());
                    r.ok()
                }
            };
            if let (Some(rules), Some(ptr)) = (rules, out) {
                world.add_rules(ptr, rules);
            }
        }
        Call::RulesToJson(h, o) => {
            let r = world.rules_h(*h);
            let expected = r.slot.map(|k| world.rules[k].shadow.to_json().into_bytes());
            copy_out("rules to json", *o, true, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_rules_to_json(r.ptr, b, cap, l)
            });
        }
        Call::RulesClone(h, p) => {
            let r = world.rules_h(*h);
            let (st, out) = single("clone", *p, |o| unsafe { sss_rules_clone(r.ptr, o) });
            assert_eq!(st == OK, r.slot.is_some() && !p.null);
            if let (Some(k), Some(ptr)) = (r.slot, out) {
                let shadow = world.rules[k].shadow.clone();
                world.add_rules(ptr, shadow);
            }
        }
        Call::RulesFree(h) => {
            let r = world.rules_h(*h);
            let before = last_error();
            unsafe { sss_rules_free(r.ptr) };
            match r.slot {
                Some(k) => {
                    world.rules.remove(k);
                    assert_eq!(last_error(), before);
                }
                // NULL is ignored; a handle of another type is refused with a message and kept.
                None if r.ptr.is_null() => assert_eq!(last_error(), before),
                None => assert!(last_error().contains("not a live"), "{}", last_error()),
            }
        }
        Call::RulesValidate(h) => {
            let r = world.rules_h(*h);
            let st = call("validate", || unsafe { sss_rules_validate(r.ptr) });
            expect(st, true, r.slot.is_some(), || world.rules[r.slot.unwrap()].shadow.validate());
        }
        Call::GetWheel(h, p) | Call::GetSuitTiebreak(h, p) | Call::GetStrictOrder(h, p) => {
            let r = world.rules_h(*h);
            let (st, v) = single::<u32>("get", *p, |o| unsafe {
                match c {
                    Call::GetWheel(..) => sss_rules_get_wheel(r.ptr, o),
                    Call::GetSuitTiebreak(..) => sss_rules_get_suit_tiebreak(r.ptr, o.cast()),
                    _ => sss_rules_get_strict_order(r.ptr, o.cast()),
                }
            });
            assert_eq!(st == OK, r.slot.is_some() && !p.null);
            if let (Some(k), Some(v)) = (r.slot, v) {
                let s = &world.rules[k].shadow;
                match c {
                    Call::GetWheel(..) => assert_eq!(v, s.wheel as u32),
                    Call::GetSuitTiebreak(..) => assert_eq!(v & 0xFF, s.suit_tiebreak as u32),
                    _ => assert_eq!(v & 0xFF, s.strict_order as u32),
                }
            }
        }
        Call::SetWheel(h, v) => {
            let r = world.rules_h(*h);
            let st = call("set wheel", || unsafe { sss_rules_set_wheel(r.ptr, *v) });
            let valid = *v <= 1 && r.slot.is_some();
            assert_eq!(st == OK, valid, "set wheel {v}");
            if let (true, Some(k)) = (valid, r.slot) {
                world.rules[k].shadow.wheel = if *v == 0 { Wheel::SecondHighest } else { Wheel::Lowest };
                check_rules_handle(r.ptr, &world.rules[k].shadow);
            }
        }
        Call::SetSuitTiebreak(h, v) | Call::SetStrictOrder(h, v) => {
            let r = world.rules_h(*h);
            let suit = matches!(c, Call::SetSuitTiebreak(..));
            let st = call("set flag", || unsafe {
                if suit {
                    sss_rules_set_suit_tiebreak(r.ptr, *v)
                } else {
                    sss_rules_set_strict_order(r.ptr, *v)
                }
            });
            let valid = *v <= 1 && r.slot.is_some();
            assert_eq!(st == OK, valid, "set flag {v}");
            if let (true, Some(k)) = (valid, r.slot) {
                let s = &mut world.rules[k].shadow;
                if suit {
                    s.suit_tiebreak = *v == 1;
                } else {
                    s.strict_order = *v == 1;
                }
                check_rules_handle(r.ptr, &world.rules[k].shadow);
            }
        }
        Call::GetTable(h, p) | Call::GetMajorityBonus(h, p) => {
            let r = world.rules_h(*h);
            let table = matches!(c, Call::GetTable(..));
            let (st, v) = single::<u32>("get table/bonus", *p, |o| unsafe {
                if table {
                    sss_rules_get_table(r.ptr, o)
                } else {
                    sss_rules_get_majority_bonus(r.ptr, o)
                }
            });
            assert_eq!(st == OK, r.slot.is_some() && !p.null);
            if let (Some(k), Some(v)) = (r.slot, v) {
                let s = &world.rules[k].shadow;
                let want = if table { (s.table == Table::Banker) as u32 } else { s.majority_bonus };
                assert_eq!(v, want);
            }
        }
        Call::SetTable(h, v) | Call::SetMajorityBonus(h, v) => {
            let r = world.rules_h(*h);
            let table = matches!(c, Call::SetTable(..));
            let st = call("set table/bonus", || unsafe {
                if table {
                    sss_rules_set_table(r.ptr, *v)
                } else {
                    sss_rules_set_majority_bonus(r.ptr, *v)
                }
            });
            let Some(k) = r.slot else {
                assert_ne!(st, OK);
                return;
            };
            // The shadow: the value set, then validated; refused values leave the rules as they were.
            let mut changed = world.rules[k].shadow.clone();
            let expected = if table {
                match v {
                    0 => Ok(Table::AllPairs),
                    1 => Ok(Table::Banker),
                    _ => Err(SssStatus::SSS_ERR_INVALID_ARGUMENT),
                }
                .map(|t| changed.table = t)
            } else {
                changed.majority_bonus = *v;
                Ok(())
            }
            .and_then(|()| changed.validate().map_err(|e| status_of::<()>(&Err(e))));
            match expected {
                Ok(()) => {
                    assert_eq!(st, OK, "{}", last_error());
                    world.rules[k].shadow = changed;
                }
                Err(want) => assert_eq!(st, want, "{}", last_error()),
            }
            check_rules_handle(r.ptr, &world.rules[k].shadow);
        }
        Call::GetExtraSuits(h, p) | Call::GetMaxPlayers(h, p) => {
            let r = world.rules_h(*h);
            let suits = matches!(c, Call::GetExtraSuits(..));
            let (st, v) = single::<u32>("get extra suits/max players", *p, |o| unsafe {
                if suits {
                    // A u8 out-parameter: the rest of the u32 sentinel stays as it was.
                    sss_rules_get_extra_suits(r.ptr, o.cast())
                } else {
                    sss_rules_get_max_players(r.ptr, o)
                }
            });
            assert_eq!(st == OK, r.slot.is_some() && !p.null);
            if let (Some(k), Some(v)) = (r.slot, v) {
                let s = &world.rules[k].shadow;
                if suits {
                    assert_eq!(v.to_ne_bytes()[0], s.extra_suits.bits());
                } else {
                    assert_eq!(v as usize, s.max_players());
                }
            }
        }
        Call::SetExtraSuits(h, mask) => {
            let r = world.rules_h(*h);
            let st = call("set extra suits", || unsafe { sss_rules_set_extra_suits(r.ptr, *mask) });
            let Some(k) = r.slot else {
                assert_ne!(st, OK);
                return;
            };
            // The shadow: a mask of the four suits, validated; anything else leaves the rules.
            match SuitSet::from_bits(*mask) {
                Ok(suits) => {
                    let mut changed = world.rules[k].shadow.clone();
                    changed.extra_suits = suits;
                    let want = changed.validate();
                    assert_eq!(st, status_of(&want), "{}", last_error());
                    if want.is_ok() {
                        world.rules[k].shadow = changed;
                    }
                }
                Err(e) => assert_eq!(st, status_of::<()>(&Err(e)), "mask {mask:#x}: {}", last_error()),
            }
            check_rules_handle(r.ptr, &world.rules[k].shadow);
        }
        Call::GetJokers(h, p) | Call::GetJokerLanes(h, p) | Call::GetJokersInSpecials(h, p) => {
            let r = world.rules_h(*h);
            let (st, v) = single::<u32>("get joker option", *p, |o| unsafe {
                match c {
                    // u8 out-parameters: the rest of the u32 sentinel stays as it was.
                    Call::GetJokers(..) => sss_rules_get_jokers(r.ptr, o.cast()),
                    Call::GetJokerLanes(..) => sss_rules_get_joker_lanes(r.ptr, o),
                    _ => sss_rules_get_jokers_in_specials(r.ptr, o.cast()),
                }
            });
            assert_eq!(st == OK, r.slot.is_some() && !p.null);
            if let (Some(k), Some(v)) = (r.slot, v) {
                let s = &world.rules[k].shadow;
                let [low, rest @ ..] = v.to_ne_bytes();
                match c {
                    Call::GetJokers(..) => assert_eq!((low, rest), (s.jokers, [0xAA; 3]), "jokers"),
                    Call::GetJokerLanes(..) => {
                        let want = match s.joker_lanes {
                            JokerLanes::EachBest => SssJokerLanes::SSS_JOKER_LANES_EACH_BEST,
                            JokerLanes::AvoidFoul => SssJokerLanes::SSS_JOKER_LANES_AVOID_FOUL,
                            other => panic!("a joker_lanes reading the C ABI does not name: {other:?}"),
                        };
                        assert_eq!(v, want as u32, "joker_lanes");
                    }
                    _ => assert_eq!((low, rest), (s.jokers_in_specials as u8, [0xAA; 3]), "jokers_in_specials"),
                }
            }
        }
        Call::SetJokers(h, _) | Call::SetJokerLanes(h, _) | Call::SetJokersInSpecials(h, _) => {
            let r = world.rules_h(*h);
            let st = call("set joker option", || unsafe {
                match c {
                    Call::SetJokers(_, v) => sss_rules_set_jokers(r.ptr, *v),
                    Call::SetJokerLanes(_, v) => sss_rules_set_joker_lanes(r.ptr, *v),
                    Call::SetJokersInSpecials(_, v) => sss_rules_set_jokers_in_specials(r.ptr, *v),
                    _ => unreachable!(),
                }
            });
            let Some(k) = r.slot else {
                assert_ne!(st, OK);
                return;
            };
            // The model: a C value that names no option is refused as an argument; the option
            // set, then validated (0 to 6 jokers; the rule set decides whether specials take
            // jokers); a refused change leaves the rule set as it was.
            let bad_arg = SssStatus::SSS_ERR_INVALID_ARGUMENT;
            let mut changed = world.rules[k].shadow.clone();
            let expected = match c {
                Call::SetJokers(_, v) => {
                    changed.jokers = *v;
                    Ok(())
                }
                Call::SetJokerLanes(_, v) => match v {
                    0 => Ok(JokerLanes::EachBest),
                    1 => Ok(JokerLanes::AvoidFoul),
                    _ => Err(bad_arg),
                }
                .map(|l| changed.joker_lanes = l),
                Call::SetJokersInSpecials(_, v) => match v {
                    0 => Ok(false),
                    1 => Ok(true),
                    _ => Err(bad_arg),
                }
                .map(|f| changed.jokers_in_specials = f),
                _ => unreachable!(),
            }
            .and_then(|()| changed.validate().map_err(|e| status_of::<()>(&Err(e))));
            match expected {
                Ok(()) => {
                    assert_eq!(st, OK, "{c:?}: {}", last_error());
                    world.rules[k].shadow = changed;
                }
                Err(want) => {
                    assert_eq!(st, want, "{c:?}: {}", last_error());
                    let msg = last_error();
                    assert!(msg.contains("joker") || msg.contains("flag"), "{c:?}: the message names the option: {msg}");
                }
            }
            check_rules_handle(r.ptr, &world.rules[k].shadow);
        }
        Call::EvaluatePlayed(h, b, p, pp, subs) => {
            let r = world.rules_h(*h);
            let i = bytes_in(b, world);
            // `out_played` valid for `count` writes (one more slot, to see nothing is written past).
            let n = i.bytes.as_ref().map_or(0, |v| v.len());
            let mut played = vec![Sentinel::<u8>::new(); n + 1];
            let pp_ptr: *mut u8 = if pp.null { null_mut() } else { played.as_mut_ptr().cast() };
            let (st, out) =
                single("evaluate played", *p, |o| unsafe { sss_evaluate_played(r.ptr, i.ptr, i.len, o, pp_ptr) });
            assert!(played[n].untouched(), "evaluate played: written past the count");
            if st != OK {
                assert!(played.iter().all(|s| s.untouched()), "evaluate played: out_played written on failure");
            }
            if p.null || pp.null {
                assert_ne!(st, OK, "evaluate played: a NULL output accepted");
                return;
            }
            let want = expect(st, i.bytes.is_some(), r.slot.is_some(), || {
                let rules = &world.rules[r.slot.unwrap()].shadow;
                Evaluator::new(rules).evaluate_jokers(&lane_for(&i, rules)?)
            });
            if let (Some((want_played, rank)), Some(out)) = (want, out) {
                assert_eq!((out.value, out.category, out.card_count), hand_rank_c(rank, i.len));
                let got: Vec<u8> = played[..n].iter().map(|s| s.get()).collect();
                assert_eq!(got, shisanshui_fuzz::codes(&want_played), "the lane as played");
                let rules = &world.rules[r.slot.unwrap()].shadow;
                check_joker_lane(&Evaluator::new(rules), &lane_for(&i, rules).unwrap(), &want_played, rank, subs);
                // sss_evaluate values the lane alike.
                let mut plain = SssHandRank::default();
                assert_eq!(unsafe { sss_evaluate(r.ptr, i.ptr, i.len, &mut plain) }, OK);
                assert_eq!(plain.value, out.value, "sss_evaluate and sss_evaluate_played agree");
            }
        }
        Call::Check13Played(h, b, p, pp, subs) => {
            let r = world.rules_h(*h);
            let i = bytes_in(b, world);
            let mut played = vec![Sentinel::<u8>::new(); 14];
            let pp_ptr: *mut u8 = if pp.null { null_mut() } else { played.as_mut_ptr().cast() };
            let (st, out) = single("check13 played", *p, |o| unsafe {
                sss_arrangement_check13_played(r.ptr, i.ptr, i.len, o, pp_ptr)
            });
            assert!(played[13].untouched(), "check13 played: written past 13 codes");
            if st != OK {
                assert!(played.iter().all(|s| s.untouched()), "check13 played: out_played written on failure");
            }
            if p.null || pp.null {
                assert_ne!(st, OK, "check13 played: a NULL output accepted");
                return;
            }
            let a = expect(st, i.bytes.is_some(), r.slot.is_some(), || {
                let rules = &world.rules[r.slot.unwrap()].shadow;
                Arrangement::from_cards_in(&lane_for(&i, rules)?, rules.deck_spec())
            });
            if let (Some(a), Some(out)) = (a, out) {
                let rules = &world.rules[r.slot.unwrap()].shadow;
                let eval = Evaluator::new(rules);
                let je = a.evaluate_jokers_with(&eval, rules.strict_order);
                let e = je.eval;
                assert_eq!((out.foul_bits, out.is_foul), (e.foul.bits(), e.foul.is_foul() as u8));
                assert_eq!(
                    (out.front.value, out.middle.value, out.back.value),
                    (e.front.value(), e.middle.value(), e.back.value())
                );
                let got: Vec<u8> = played[..13].iter().map(|s| s.get()).collect();
                assert_eq!(got, shisanshui_fuzz::codes(&je.played.cards()), "the arrangement as played");
                check_joker_arrangement(&eval, rules.strict_order, &a, &je, subs);
                // The settlement's reading (`evaluate`) and sss_arrangement_check13 agree with it.
                assert_eq!(a.evaluate(rules), e, "evaluate and evaluate_jokers agree");
                let mut plain = Sentinel::<SssArrangementEval>::new();
                assert_eq!(unsafe { sss_arrangement_check13(r.ptr, i.ptr, i.len, plain.ptr()) }, OK);
                let plain = plain.get();
                assert_eq!(
                    (plain.front.value, plain.middle.value, plain.back.value, plain.foul_bits, plain.is_foul),
                    (out.front.value, out.middle.value, out.back.value, out.foul_bits, out.is_foul),
                    "sss_arrangement_check13 and _played agree"
                );
            }
        }
        Call::Deck(h, o) => {
            let r = world.rules_h(*h);
            let expected: Option<Vec<u8>> =
                r.slot.map(|k| world.rules[k].shadow.deck().iter().map(|c| c.code()).collect());
            copy_out("deck for", *o, false, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_deck(r.ptr, b, cap, l)
            });
        }
        Call::DealFor(h, players, seed, o) => {
            let r = world.rules_h(*h);
            let expected: Option<Vec<u8>> = r.slot.and_then(|k| {
                deal::deal_for(&world.rules[k].shadow, *players as usize, Some(*seed))
                    .ok()
                    .map(|hands| hands.iter().flatten().map(|c| c.code()).collect())
            });
            let st = copy_out("deal for", *o, false, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_deal_for(r.ptr, *players, *seed, b, cap, l)
            });
            let valid_buffer = match o {
                OutBuf::Buf(_) => true,
                OutBuf::Null(len) => len.get() == 0,
            };
            if let (Some(k), true) = (r.slot, valid_buffer) {
                let want = world.rules[k].shadow.check_players(*players as usize);
                if want.is_err() {
                    // After the pointers, the seat count is checked before the buffer's size.
                    assert_eq!(st, status_of(&want), "{}", last_error());
                }
            }
        }
        Call::ShuffledDeckFor(h, seed, o) => {
            let r = world.rules_h(*h);
            let expected: Option<Vec<u8>> = r.slot.map(|k| {
                let deck = world.rules[k].shadow.deck_spec();
                deal::Dealer::from_seed(*seed).shuffle_cards(deck).iter().map(|c| c.code()).collect()
            });
            copy_out("shuffled deck for", *o, false, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_shuffled_deck_for(r.ptr, *seed, b, cap, l)
            });
        }
        Call::CardsParseFor(h, b, o) => {
            let r = world.rules_h(*h);
            let i = bytes_in(b, world);
            let expected = match (r.slot, text_of(&i)) {
                (Some(k), Some(Ok(t))) => {
                    parse_cards_in(t, world.rules[k].shadow.deck_spec()).ok().map(|c| shisanshui_fuzz::codes(&c))
                }
                _ => None,
            };
            copy_out("cards parse for", *o, false, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_cards_parse_for(r.ptr, i.ptr, i.len, b, cap, l)
            });
        }
        Call::CardsValidateFor(h, b) => {
            let r = world.rules_h(*h);
            let i = bytes_in(b, world);
            let st = call("validate for", || unsafe { sss_cards_validate_for(r.ptr, i.ptr, i.len) });
            expect(st, i.bytes.is_some(), r.slot.is_some(), || {
                cards_from_codes_in(i.bytes.as_ref().unwrap(), world.rules[r.slot.unwrap()].shadow.deck_spec())
            });
        }
        Call::SettleWithBanker(h, seats, banker, p) => {
            let r = world.rules_h(*h);
            let (cseats, hands) = seats_of(seats, world, *h);
            let (st, out) = single("settle with banker", *p, |o| unsafe {
                sss_settle_with_banker(r.ptr, cseats.as_ptr(), cseats.len(), *banker, o)
            });
            if p.null || r.slot.is_none() {
                assert_ne!(st, OK);
                return;
            }
            let s = shadow_settle_banker(st, &hands, &world.rules[r.slot.unwrap()].shadow, *banker);
            if let (Some(s), Some(ptr)) = (s, out) {
                world.add_settlement(ptr, s);
            }
        }
        Call::SettleIntoWithBanker(h, seats, banker, t) => {
            let r = world.rules_h(*h);
            let target = world.settlement_h(*t);
            let (cseats, hands) = seats_of(seats, world, *h);
            let st = call("settle into with banker", || unsafe {
                sss_settle_into_with_banker(r.ptr, cseats.as_ptr(), cseats.len(), *banker, target.ptr)
            });
            let (Some(rk), Some(tk)) = (r.slot, target.slot) else {
                assert_ne!(st, OK);
                return;
            };
            if let Some(s) = shadow_settle_banker(st, &hands, &world.rules[rk].shadow, *banker) {
                world.settlements[tk].shadow = s;
            }
            check_c_settlement(target.ptr, &world.settlements[tk].shadow);
        }
        Call::SpecialDetect(h, b, p) => {
            let r = world.rules_h(*h);
            let i = bytes_in(b, world);
            let (st, out) = single("detect", *p, |o| unsafe { sss_special_detect(r.ptr, i.ptr, i.len, o) });
            if p.null {
                return;
            }
            let d = expect(st, i.bytes.is_some(), r.slot.is_some(), || {
                detect_codes(i.bytes.as_ref().unwrap(), &world.rules[r.slot.unwrap()].shadow)
            });
            if let (Some(d), Some(out)) = (d, out) {
                assert_eq!(out.has_best, d.best.is_some() as u8);
                assert_eq!(out.best, d.best.map_or(SSS_SPECIAL_NONE, |s| s as u8));
                assert_eq!(out.count as usize, d.all.len());
                let all: Vec<u8> = d.all.iter().map(|&s| s as u8).collect();
                assert_eq!(&out.all[..d.all.len()], &all[..]);
                assert!(out.all[d.all.len()..].iter().all(|&s| s == SSS_SPECIAL_NONE));
                assert_eq!(out.has_arrangement, d.arrangement.is_some() as u8);
            }
        }
        Call::SpecialName(s, lang, o) => {
            let name = match (u8::try_from(*s).ok().and_then(Special::from_index), lang) {
                (Some(k), 0) => Some(k.name()),
                (Some(k), 1) => Some(k.chinese_name()),
                _ => None,
            };
            copy_out("special name", *o, true, false, name.map(str::as_bytes), |b, cap, l| unsafe {
                sss_special_name(*s, *lang, b, cap, l)
            });
        }
        Call::SpecialId(s, o) => {
            let expected = u8::try_from(*s).ok().and_then(Special::from_index).map(|sp| sp.id().as_bytes().to_vec());
            copy_out("special id", *o, true, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_special_id(*s, b, cap, l)
            });
        }
        Call::SpecialParse(b, p) => {
            let i = bytes_in(b, world);
            let (st, out) = single("special parse", *p, |o| unsafe { sss_special_parse(i.ptr, i.len, o) });
            if p.null {
                return;
            }
            match text_of(&i) {
                None => assert_ne!(st, OK),
                Some(Err(())) => assert_eq!(st, SssStatus::SSS_ERR_INVALID_UTF8),
                Some(Ok(t)) => {
                    let r = t.parse::<Special>();
                    assert_eq!(st, status_of(&r));
                    if let (Ok(sp), Some(out)) = (r, out) {
                        assert_eq!(out, sp as u8);
                    }
                }
            }
        }
        Call::SpecialWater(h, s, p) => {
            let r = world.rules_h(*h);
            let (st, out) = single("special water", *p, |o| unsafe { sss_special_water(r.ptr, *s, o) });
            let sp = u8::try_from(*s).ok().and_then(Special::from_index);
            assert_eq!(st == OK, r.slot.is_some() && sp.is_some() && !p.null);
            if let (Some(k), Some(sp), Some(out)) = (r.slot, sp, out) {
                assert_eq!(out, world.rules[k].shadow.special_water(sp).unwrap_or(0));
            }
        }
        Call::RulesGetSpecials(h, o, p) => {
            let r = world.rules_h(*h);
            let expected: Option<Vec<u8>> =
                r.slot.map(|k| world.rules[k].shadow.specials.iter().map(|s| s.special as u8).collect());
            copy_out("specials", *o, false, p.null, expected.as_deref(), |b, cap, l| unsafe {
                sss_rules_get_specials(r.ptr, b, cap, l)
            });
        }
        Call::MoneySettle { water, null_water, stakes, carries, out } => {
            let w: Vec<i64> = water.iter().take(6).map(|v| v.get()).collect();
            let wp = if *null_water { null() } else { w.as_ptr() };
            let Some((cst, rst, cv)) = stakes_of(stakes, carries) else {
                let mut lines = [SssMoneyLine::default(); 4];
                let mut count = 0usize;
                let mut totals = SssMoneyTotals::default();
                let st = call("money", || unsafe {
                    sss_money_settle(
                        w.as_ptr(),
                        w.len(),
                        null(),
                        null(),
                        0,
                        lines.as_mut_ptr(),
                        4,
                        &mut count,
                        &mut totals,
                    )
                });
                assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
                return;
            };
            let m = settle_money(&w.iter().map(|&t| Water::from_units(t)).collect::<Vec<_>>(), &rst);
            let expected = if *null_water && !w.is_empty() { None } else { m.as_ref().ok().map(money_lines) };
            let mut totals = Sentinel::<SssMoneyTotals>::new();
            let st = copy_out("money settle", *out, false, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_money_settle(wp, w.len(), &cst, cv.as_ptr(), cv.len(), b, cap, l, totals.ptr())
            });
            if let (Ok(m), false) = (&m, *null_water && !w.is_empty()) {
                check_money_totals(m, &totals, st);
            } else if !(*null_water && !w.is_empty()) && !matches!(out, OutBuf::Null(l) if l.get() > 0) {
                assert_eq!(st, status_of(&m));
            }
        }
        Call::MoneyEscape { seats, leaver, stakes, carries, out } => {
            let Some((cst, rst, cv)) = stakes_of(stakes, carries) else { return };
            let m = escape(seats.get(), leaver.get(), &rst);
            let expected = m.as_ref().ok().map(money_lines);
            let mut totals = Sentinel::<SssMoneyTotals>::new();
            let st = copy_out("money escape", *out, false, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_money_escape(seats.get(), leaver.get(), &cst, cv.as_ptr(), cv.len(), b, cap, l, totals.ptr())
            });
            if let Ok(m) = &m {
                check_money_totals(m, &totals, st);
            } else if !matches!(out, OutBuf::Null(l) if l.get() > 0) {
                assert_eq!(st, status_of(&m));
            }
        }
        Call::SeatArranged(f, m, b, p) => {
            let (i_f, i_m, i_b) = (bytes_in(f, world), bytes_in(m, world), bytes_in(b, world));
            let (st, out) = single("seat arranged", *p, |o| unsafe {
                sss_seat_arranged(i_f.ptr, i_f.len, i_m.ptr, i_m.len, i_b.ptr, i_b.len, o)
            });
            if p.null || i_f.bytes.is_none() || i_m.bytes.is_none() || i_b.bytes.is_none() {
                assert_ne!(st, OK);
                return;
            }
            // No rule set: the copies of two decks and six jokers are accepted, one more is not.
            let any = |b: &In| -> engine::Result<Vec<Card>> {
                b.bytes.as_ref().unwrap().iter().map(|&c| Card::from_any_code(c)).collect()
            };
            let a = (|| Arrangement::new_in(&any(&i_f)?, &any(&i_m)?, &any(&i_b)?, biggest_deck()))();
            assert_eq!(st, status_of(&a));
            if let (Ok(a), Some(out)) = (a, out) {
                assert_eq!(out.kind, SSS_SEAT_ARRANGED);
                assert_eq!(out.cards, a.cards().map(|c| c.code()));
            }
        }
        Call::SeatSpecial(s, b, p) => {
            let i = bytes_in(b, world);
            let (st, out) = single("seat special", *p, |o| unsafe { sss_seat_special(*s, i.ptr, i.len, o) });
            if p.null {
                return;
            }
            let sp = u8::try_from(*s).ok().and_then(Special::from_index);
            if i.bytes.is_none() || sp.is_none() {
                assert_ne!(st, OK);
                return;
            }
            let h = (|| {
                let cards = cards_from_codes_in(i.bytes.as_ref().unwrap(), biggest_deck())?;
                PlayerHand::special_in(sp.unwrap(), &cards, biggest_deck())
            })();
            assert_eq!(st, status_of(&h));
            if let Some(out) = out {
                assert_eq!((out.kind, out.special), (SSS_SEAT_SPECIAL, *s as u8));
            }
        }
        Call::Settle(h, seats, p) => {
            let r = world.rules_h(*h);
            let (cseats, hands) = seats_of(seats, world, *h);
            let (st, out) = single("settle", *p, |o| unsafe { sss_settle(r.ptr, cseats.as_ptr(), cseats.len(), o) });
            if p.null || r.slot.is_none() {
                assert_ne!(st, OK);
                return;
            }
            let s = shadow_settle(st, &hands, &world.rules[r.slot.unwrap()].shadow);
            if let (Some(s), Some(ptr)) = (s, out) {
                world.add_settlement(ptr, s);
            }
        }
        Call::SettleInto(h, seats, t) => {
            let r = world.rules_h(*h);
            let target = world.settlement_h(*t);
            let (cseats, hands) = seats_of(seats, world, *h);
            let st =
                call("settle into", || unsafe { sss_settle_into(r.ptr, cseats.as_ptr(), cseats.len(), target.ptr) });
            let (Some(rk), Some(tk)) = (r.slot, target.slot) else {
                assert_ne!(st, OK);
                return;
            };
            match shadow_settle(st, &hands, &world.rules[rk].shadow) {
                Some(s) => world.settlements[tk].shadow = s,
                None => {} // Left as it was: checked below against the unchanged shadow.
            }
            check_c_settlement(target.ptr, &world.settlements[tk].shadow);
        }
        Call::SettlementFree(h) => {
            let s = world.settlement_h(*h);
            let before = last_error();
            unsafe { sss_settlement_free(s.ptr) };
            match s.slot {
                Some(k) => {
                    world.settlements.remove(k);
                    assert_eq!(last_error(), before);
                }
                None if s.ptr.is_null() => assert_eq!(last_error(), before),
                None => assert!(last_error().contains("not a live"), "{}", last_error()),
            }
        }
        Call::SettlementInfo(h, p) => {
            let s = world.settlement_h(*h);
            let (st, out) = single("info", *p, |o| unsafe { sss_settlement_info(s.ptr, o) });
            assert_eq!(st == OK, s.slot.is_some() && !p.null);
            if let (Some(k), Some(out)) = (s.slot, out) {
                let sh = &world.settlements[k].shadow;
                assert_eq!((out.seat_count as usize, out.event_count as usize), (sh.seats.len(), sh.events.len()));
                assert_eq!(out.has_ranked_lane_water, sh.ranked_lane_water.is_some() as u8);
            }
        }
        Call::SettlementTotals(h, o) | Call::SettlementMatrix(h, o) => {
            let s = world.settlement_h(*h);
            let matrix = matches!(c, Call::SettlementMatrix(..));
            let expected: Option<Vec<SssWater>> = s.slot.map(|k| {
                let sh = &world.settlements[k].shadow;
                if matrix {
                    sh.matrix.iter().flatten().map(water_of).collect()
                } else {
                    sh.totals.iter().map(water_of).collect()
                }
            });
            copy_out("totals/matrix", *o, false, false, expected.as_deref(), |b, cap, l| unsafe {
                if matrix {
                    sss_settlement_matrix(s.ptr, b, cap, l)
                } else {
                    sss_settlement_totals(s.ptr, b, cap, l)
                }
            });
        }
        Call::SettlementSeat(h, idx, p) => {
            let s = world.settlement_h(*h);
            let (st, out) = single("seat", *p, |o| unsafe { sss_settlement_seat(s.ptr, idx.get(), o) });
            let n = s.slot.map(|k| world.settlements[k].shadow.seats.len());
            assert_eq!(st == OK, matches!(n, Some(n) if idx.get() < n) && !p.null);
            if let (Some(k), Some(out)) = (s.slot, out) {
                let sh = &world.settlements[k].shadow;
                assert_eq!(out.total, water_of(&sh.totals[idx.get()]));
                assert_eq!(out.is_foul, sh.seats[idx.get()].is_foul() as u8);
            }
        }
        Call::SettlementPair(h, idx, p) => {
            let s = world.settlement_h(*h);
            let (st, out) = single("pair", *p, |o| unsafe { sss_settlement_pair(s.ptr, idx.get(), o) });
            let n = s.slot.map(|k| world.settlements[k].shadow.pairs.len());
            assert_eq!(st == OK, matches!(n, Some(n) if idx.get() < n) && !p.null);
            if let (Some(k), Some(out)) = (s.slot, out) {
                let pr = &world.settlements[k].shadow.pairs[idx.get()];
                assert_eq!((out.seat_a as usize, out.seat_b as usize), (pr.seats[0], pr.seats[1]));
                assert_eq!(out.water, water_of(&pr.water));
                assert_eq!(out.lane_water, pr.lane_water);
            }
        }
        Call::SettlementEvent(h, idx, p) => {
            let s = world.settlement_h(*h);
            let (st, _) = single::<SssEvent>("event", *p, |o| unsafe { sss_settlement_event(s.ptr, idx.get(), o) });
            let n = s.slot.map(|k| world.settlements[k].shadow.events.len());
            assert_eq!(st == OK, matches!(n, Some(n) if idx.get() < n) && !p.null);
        }
        Call::SettlementToJson(h, o) => {
            let s = world.settlement_h(*h);
            let expected = s.slot.map(|k| world.settlements[k].shadow.to_json().into_bytes());
            copy_out("settlement json", *o, true, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_settlement_to_json(s.ptr, b, cap, l)
            });
        }
        Call::ArrangerNew(h, players, p) => {
            if world.arrangers_made >= ARRANGERS_PER_INPUT {
                return;
            }
            world.arrangers_made += 1;
            let r = world.rules_h(*h);
            let (st, out) = single("arranger new", *p, |o| unsafe { sss_arranger_new(r.ptr, *players, o) });
            if p.null || r.slot.is_none() {
                assert_ne!(st, OK);
                return;
            }
            let rules = world.rules[r.slot.unwrap()].shadow.clone();
            let ok = (2..=4).contains(players);
            assert_eq!(st == OK, ok, "arranger for {players} players: {}", last_error());
            if let Some(ptr) = out {
                add_arranger(world, ptr, rules, *players as usize);
            }
        }
        Call::ArrangerNewPreset(b, players, p) => {
            if world.arrangers_made >= ARRANGERS_PER_INPUT {
                return;
            }
            world.arrangers_made += 1;
            let i = bytes_in(b, world);
            let (st, out) =
                single("arranger preset", *p, |o| unsafe { sss_arranger_new_preset(i.ptr, i.len, *players, o) });
            if p.null {
                return;
            }
            let rules = match text_of(&i) {
                Some(Ok(t)) => t.parse::<Preset>().ok().map(Rules::preset),
                _ => None,
            };
            if rules.is_none() || !(2..=4).contains(players) {
                assert_ne!(st, OK);
            }
            if let (Some(rules), Some(ptr)) = (rules, out) {
                add_arranger(world, ptr, rules, *players as usize);
            }
        }
        Call::ArrangerNewFor(h, players, role, p) => {
            if world.arrangers_made >= ARRANGERS_PER_INPUT {
                return;
            }
            world.arrangers_made += 1;
            let r = world.rules_h(*h);
            let (st, out) =
                single("arranger new for", *p, |o| unsafe { sss_arranger_new_for(r.ptr, *players, *role, o) });
            let Some(k) = r.slot.filter(|_| !p.null) else {
                assert_ne!(st, OK);
                return;
            };
            let banker_table = world.rules[k].shadow.table == Table::Banker;
            let valid = (2..=4).contains(players) && (*role == 0 || (*role == 1 && banker_table));
            assert_eq!(st == OK, valid, "arranger for {players} players, role {role}: {}", last_error());
            if *role > 1 {
                assert_eq!(st, SssStatus::SSS_ERR_INVALID_ARGUMENT);
            }
            if let Some(a) = out {
                let (st, got) =
                    single::<u32>("role", OutPtr { null: false }, |o| unsafe { sss_arranger_get_role(a, o) });
                assert_eq!((st, got), (OK, Some(*role)));
                let (st, got) =
                    single::<u32>("players", OutPtr { null: false }, |o| unsafe { sss_arranger_get_players(a, o) });
                assert_eq!((st, got), (OK, Some(*players)));
                unsafe { sss_arranger_free(a) };
            }
        }
        Call::Simulate(h, sim, p) => {
            let r = world.rules_h(*h);
            let c = SssSimConfig {
                rounds: (sim.rounds % 5) as u64,
                seed: sim.seed,
                players: (sim.players % 10) as u32,
                policy_count: (sim.policy_count % 10) as u32,
                policies: sim.policies.map(|x| (x % 4) as u32),
                threads: (sim.threads % 3) as u32,
                declare_specials: sim.declare % 3,
                with_money: sim.money % 3,
                has_banker: sim.has_banker % 3,
                reserved: [sim.reserved % 2],
                stakes: SssStakes {
                    base: sim.stakes[0].get(),
                    rake_numerator: sim.stakes[1].get(),
                    rake_denominator: sim.stakes[2].get(),
                },
                carry_count: (sim.carry_count % 10) as u32,
                banker: (sim.banker % 10) as u32,
                carries: sim.carries.map(|x| x.get()),
            };
            let (st, out) = single("simulate", *p, |o| unsafe { sss_simulate(r.ptr, &c, o) });
            let Some(k) = r.slot.filter(|_| !p.null) else {
                assert_ne!(st, OK);
                return;
            };
            // The oracle: the engine's run of the same configuration, read field by field.
            let want = sim_oracle(&world.rules[k].shadow, &c);
            assert_eq!(st, status_of(&want), "simulate: {:?} vs {}", want.as_ref().err(), last_error());
            if let (Some(report), Ok(want)) = (out, want) {
                let mut s = Sentinel::<SssSimSummary>::new();
                assert_eq!(unsafe { sss_sim_report_summary(report, s.ptr()) }, OK);
                let s = s.get();
                assert_eq!(
                    (s.rounds, s.hands, s.fouls, s.shots, s.home_runs),
                    (want.rounds, want.hands, want.fouls, want.shots, want.home_runs)
                );
                assert_eq!((s.has_money == 1, s.special_count as usize), (want.money.is_some(), want.specials.len()));
                let (st, json) =
                    text_out("sim report json", |b, cap, len| unsafe { sss_sim_report_to_json(report, b, cap, len) });
                assert_eq!((st, json.as_deref()), (OK, Some(want.to_json().as_str())), "simulate: the report's JSON");
                if c.rounds >= 2 {
                    sim_shards(&c, r.ptr, report);
                }
                unsafe { sss_sim_report_free(report) };
            }
        }
        Call::SimFromState(b, p) => {
            let i = bytes_in(b, world);
            let (st, out) = single("sim from state", *p, |o| unsafe { sss_sim_report_from_state(i.ptr, i.len, o) });
            if let Some(report) = out {
                assert_eq!(st, OK);
                // A report rebuilt from a state gives that state back, and merges with nothing of its own.
                let (st, state) =
                    text_out("sim state", |b, cap, len| unsafe { sss_sim_report_to_state(report, b, cap, len) });
                assert_eq!(st, OK);
                let want =
                    shisanshui_fuzz::engine::simulate::SimReport::from_state(text_of(&i).unwrap().unwrap()).unwrap();
                assert_eq!(state.as_deref(), Some(want.to_state().as_str()));
                assert_ne!(unsafe { sss_sim_report_merge(report, report) }, OK);
                unsafe { sss_sim_report_free(report) };
            }
        }
        Call::ArrangerFree(h) => {
            let a = world.arranger_h(*h);
            if a.slot.is_some_and(|k| !world.arrangers[k].owned) {
                return; // The process-wide arranger stays.
            }
            let before = last_error();
            unsafe { sss_arranger_free(a.ptr) };
            match a.slot {
                Some(k) => {
                    world.arrangers.remove(k);
                    assert_eq!(last_error(), before);
                }
                None if a.ptr.is_null() => assert_eq!(last_error(), before),
                None => assert!(last_error().contains("not a live"), "{}", last_error()),
            }
        }
        Call::ArrangerGetPlayers(h, p) => {
            let a = world.arranger_h(*h);
            let (st, out) = single("players", *p, |o| unsafe { sss_arranger_get_players(a.ptr, o) });
            assert_eq!(st == OK, a.slot.is_some() && !p.null);
            if let (Some(k), Some(out)) = (a.slot, out) {
                assert_eq!(out as usize, world.arrangers[k].players);
            }
        }
        Call::ArrangerGetRules(h, p) => {
            let a = world.arranger_h(*h);
            let (st, out) = single("arranger rules", *p, |o| unsafe { sss_arranger_get_rules(a.ptr, o) });
            assert_eq!(st == OK, a.slot.is_some() && !p.null);
            if let (Some(k), Some(ptr)) = (a.slot, out) {
                let rules = world.arrangers[k].rules.clone();
                world.add_rules(ptr, rules);
            }
        }
        Call::Arrange(h, b, p) | Call::SpecialAdvice(h, b, p) | Call::ExpectedWater(h, b, p) => {
            let a = world.arranger_h(*h);
            let i = bytes_in(b, world);
            let shadow =
                a.slot.map(|k| shared_arranger(&world.arrangers[k].rules, world.arrangers[k].players).unwrap());
            // The hand's codes are checked against the arranger's deck (its copies and jokers).
            let extra = a.slot.map_or(engine::Deck::ONE, |k| world.arrangers[k].rules.deck_spec());
            match c {
                Call::Arrange(..) => {
                    let (st, out) = single("arrange", *p, |o| unsafe { sss_arrange(a.ptr, i.ptr, i.len, o) });
                    if p.null {
                        return;
                    }
                    let best = expect(st, i.bytes.is_some(), a.slot.is_some(), || {
                        shadow.as_ref().unwrap().arrange(&cards_from_codes_in(i.bytes.as_ref().unwrap(), extra)?)
                    });
                    if let (Some(best), Some(out)) = (best, out) {
                        let lanes: Vec<u8> = out.front.iter().chain(&out.middle).chain(&out.back).copied().collect();
                        assert_eq!(lanes, best.arrangement.cards().map(|c| c.code()).to_vec());
                        assert_eq!(out.expected_water, best.expected_water);
                    }
                }
                Call::SpecialAdvice(..) => {
                    let (st, out) = single("advice", *p, |o| unsafe { sss_special_advice(a.ptr, i.ptr, i.len, o) });
                    if p.null {
                        return;
                    }
                    let adv = expect(st, i.bytes.is_some(), a.slot.is_some(), || {
                        shadow.as_ref().unwrap().special_advice(&cards_from_codes_in(i.bytes.as_ref().unwrap(), extra)?)
                    });
                    if let (Some(adv), Some(out)) = (adv, out) {
                        assert_eq!(out.has_special, adv.is_some() as u8);
                        if let Some(adv) = adv {
                            assert_eq!(out.special, adv.special as u8);
                            assert_eq!(out.declare, adv.declare() as u8);
                        }
                    }
                }
                _ => {
                    let (st, out) = single("expected water", *p, |o| unsafe {
                        sss_arranger_expected_water(a.ptr, i.ptr, i.len, o)
                    });
                    if p.null {
                        return;
                    }
                    let ev = expect(st, i.bytes.is_some(), a.slot.is_some(), || {
                        let arr =
                            Arrangement::from_cards_in(&cards_from_codes_in(i.bytes.as_ref().unwrap(), extra)?, extra)?;
                        Ok(shadow.as_ref().unwrap().expected_water(&arr))
                    });
                    if let (Some(ev), Some(out)) = (ev, out) {
                        assert_eq!(out, ev);
                    }
                }
            }
        }
        Call::Suggest(h, b, n, o) => {
            let a = world.arranger_h(*h);
            let i = bytes_in(b, world);
            let n = n.get();
            let expected: Option<Vec<SssSuggestion>> = match (a.slot, &i.bytes) {
                (Some(k), Some(v)) => {
                    let arr = shared_arranger(&world.arrangers[k].rules, world.arrangers[k].players).unwrap();
                    cards_from_codes_in(v, world.arrangers[k].rules.deck_spec())
                        .and_then(|cards| arr.suggest(&cards, n))
                        .ok()
                        .map(|l| l.iter().map(suggestion_c).collect())
                }
                _ => None,
            };
            // At most 255 slots of 32 bytes; n itself may be anything (usize::MAX included).
            copy_out("suggest", *o, false, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_suggest(a.ptr, i.ptr, i.len, n, b, cap, l)
            });
        }
        Call::EvaluateMany { h, five, masks, bytes, rows, threads, null_out } => {
            let r = world.rules_h(*h);
            let n = if *five { 5 } else { 3 };
            let rows = *rows as usize % 9;
            let flat = flat_rows(bytes, world, rows, n);
            // Masks: each row's codes as bits (bad codes set no bit: a wrong count).
            let mask_rows: Vec<u64> =
                flat.chunks(n).map(|row| row.iter().filter(|&&c| c < 64).fold(0u64, |m, &c| m | 1u64 << c)).collect();
            let mut out = vec![Sentinel::<u32>::new(); rows];
            let op: *mut u32 = if *null_out { null_mut() } else { out.as_mut_ptr().cast() };
            let mut err_row = Sentinel::<usize>::new();
            let st = call("evaluate many", || unsafe {
                match (*five, *masks) {
                    (true, false) => {
                        sss_evaluate5_many(r.ptr, flat.as_ptr(), rows, op, threads_of(*threads), err_row.ptr())
                    }
                    (false, false) => {
                        sss_evaluate3_many(r.ptr, flat.as_ptr(), rows, op, threads_of(*threads), err_row.ptr())
                    }
                    (true, true) => sss_evaluate5_masks_many(
                        r.ptr,
                        mask_rows.as_ptr(),
                        rows,
                        op,
                        threads_of(*threads),
                        err_row.ptr(),
                    ),
                    (false, true) => sss_evaluate3_masks_many(
                        r.ptr,
                        mask_rows.as_ptr(),
                        rows,
                        op,
                        threads_of(*threads),
                        err_row.ptr(),
                    ),
                }
            });
            let msg = last_error();
            // One row at a time through sss_evaluate (masks: the row's cards in code order).
            let single: Vec<Option<u32>> = (0..rows)
                .map(|i| {
                    let codes: Vec<u8> = if *masks {
                        (0..64u8).filter(|&b| mask_rows[i] >> b & 1 == 1).collect()
                    } else {
                        flat[i * n..i * n + n].to_vec()
                    };
                    if *masks && codes.len() != n {
                        return None;
                    }
                    let mut rank = SssHandRank::default();
                    let st = unsafe { sss_evaluate(r.ptr, codes.as_ptr(), codes.len(), &mut rank) };
                    (st == OK).then_some(rank.value)
                })
                .collect();
            check_batch(
                "evaluate many",
                st,
                r.slot.is_some() && (!*null_out || rows == 0),
                &single,
                &out,
                &err_row,
                &msg,
            );
        }
        Call::DetectMany { h, bytes, rows, threads, with_all } => {
            let r = world.rules_h(*h);
            let rows = *rows as usize % 6;
            let flat = flat_rows(bytes, world, rows, 13);
            let mut best = vec![Sentinel::<u8>::new(); rows];
            let mut all = vec![Sentinel::<u16>::new(); rows];
            let ap: *mut u16 = if *with_all { all.as_mut_ptr().cast() } else { null_mut() };
            let mut err_row = Sentinel::<usize>::new();
            let st = call("detect many", || unsafe {
                sss_special_detect_many(
                    r.ptr,
                    flat.as_ptr(),
                    rows,
                    best.as_mut_ptr().cast(),
                    ap,
                    threads_of(*threads),
                    err_row.ptr(),
                )
            });
            let msg = last_error();
            // best and all packed in one u32 per row (a tuple's padding would not stay 0xAA).
            let pack = |b: u8, a: u16| b as u32 | (if *with_all { a as u32 } else { 0 }) << 8;
            let single: Vec<Option<u32>> = (0..rows)
                .map(|i| {
                    let mut d = Sentinel::<SssSpecialDetection>::new();
                    let st = unsafe { sss_special_detect(r.ptr, flat[i * 13..].as_ptr(), 13, d.ptr()) };
                    (st == OK).then(|| {
                        let d = d.get();
                        pack(d.best, d.all[..d.count as usize].iter().fold(0u16, |m, &s| m | 1 << s))
                    })
                })
                .collect();
            let got: Vec<Sentinel<u32>> = best
                .iter()
                .zip(&all)
                .map(|(b, a)| {
                    let mut s = Sentinel::<u32>::new();
                    if !b.untouched() {
                        unsafe { s.ptr().write(pack(b.get(), a.get())) };
                    }
                    s
                })
                .collect();
            check_batch("detect many", st, r.slot.is_some(), &single, &got, &err_row, &msg);
            if !*with_all {
                assert!(all.iter().all(|s| s.untouched()));
            }
        }
        Call::ArrangeMany { h, bytes, rows, threads } => {
            let a = world.arranger_h(*h);
            let rows = *rows as usize % 4;
            let flat = flat_rows(bytes, world, rows, 13);
            let mut out = vec![Sentinel::<[u8; 13]>::new(); rows];
            let mut err_row = Sentinel::<usize>::new();
            let st = call("arrange many", || unsafe {
                sss_arrange_many(
                    a.ptr,
                    flat.as_ptr(),
                    rows,
                    out.as_mut_ptr().cast(),
                    threads_of(*threads),
                    err_row.ptr(),
                )
            });
            let msg = last_error();
            let single: Vec<Option<[u8; 13]>> = (0..rows)
                .map(|i| {
                    let mut o = Sentinel::<SssArranged>::new();
                    let st = unsafe { sss_arrange(a.ptr, flat[i * 13..].as_ptr(), 13, o.ptr()) };
                    (st == OK).then(|| {
                        let o = o.get();
                        let v: Vec<u8> = o.front.iter().chain(&o.middle).chain(&o.back).copied().collect();
                        v.try_into().unwrap()
                    })
                })
                .collect();
            check_batch("arrange many", st, a.slot.is_some(), &single, &out, &err_row, &msg);
        }
        Call::SettleMany { h, seats, bytes, rounds, threads, banker } => {
            let r = world.rules_h(*h);
            let rounds = *rounds as usize % 4;
            let seats = &((*seats % 10) as u32);
            let n = *seats as usize;
            let flat = flat_rows(bytes, world, rounds * n, 13);
            let mut out = vec![Sentinel::<i64>::new(); rounds * n];
            let mut err_row = Sentinel::<usize>::new();
            // A banker room's batch: the banker moves from round to round, at times off the table
            // (a seat up to 8, or SSS_SEAT_NONE).
            let bankers: Option<Vec<u8>> = banker.map(|b| {
                (0..rounds).map(|k| if b == SSS_SEAT_NONE { b } else { (b as usize + k) as u8 % 9 }).collect()
            });
            let st = call("settle many", || unsafe {
                match &bankers {
                    None => sss_settle_many(
                        r.ptr,
                        *seats,
                        flat.as_ptr(),
                        rounds,
                        out.as_mut_ptr().cast(),
                        threads_of(*threads),
                        err_row.ptr(),
                    ),
                    Some(b) => sss_settle_many_with_banker(
                        r.ptr,
                        *seats,
                        b.as_ptr(),
                        flat.as_ptr(),
                        rounds,
                        out.as_mut_ptr().cast(),
                        threads_of(*threads),
                        err_row.ptr(),
                    ),
                }
            });
            let msg = last_error();
            // 2 to the deck's seats: 4, plus one per extra suit (RULES.md §11).
            let most = r.slot.map_or(4, |k| world.rules[k].shadow.max_players()) as u32;
            if !(2..=most).contains(seats) {
                if rounds > 0 || r.slot.is_none() {
                    assert_ne!(st, OK, "settle many with {seats} seats");
                }
                assert!(out.iter().all(|s| s.untouched()));
                return;
            }
            // Each round through sss_settle: row = round, values = its seats' totals.
            let single: Vec<Option<Vec<i64>>> = (0..rounds)
                .map(|k| {
                    let cs: Vec<SssSeat> = (0..n)
                        .map(|s| {
                            let mut cards = [0u8; 13];
                            cards.copy_from_slice(&flat[(k * n + s) * 13..(k * n + s) * 13 + 13]);
                            SssSeat { kind: SSS_SEAT_ARRANGED, special: 0, cards }
                        })
                        .collect();
                    let mut s = null_mut();
                    let st = match &bankers {
                        None => unsafe { sss_settle(r.ptr, cs.as_ptr(), n, &mut s) },
                        Some(b) => unsafe { sss_settle_with_banker(r.ptr, cs.as_ptr(), n, b[k], &mut s) },
                    };
                    (st == OK).then(|| {
                        let mut t = [SssWater::default(); 4];
                        let mut c = 0;
                        unsafe { sss_settlement_totals(s, t.as_mut_ptr(), 4, &mut c) };
                        unsafe { sss_settlement_free(s) };
                        t[..n].iter().map(|w| w.units).collect()
                    })
                })
                .collect();
            let live = r.slot.is_some();
            if !live {
                assert_ne!(st, OK);
                return;
            }
            if single.iter().all(|o| o.is_some()) {
                assert_eq!(st, OK, "settle many refused what sss_settle settles: {msg}");
                for (k, want) in single.iter().enumerate() {
                    let row: Vec<i64> = out[k * n..k * n + n].iter().map(|s| s.get()).collect();
                    assert_eq!(&row, want.as_ref().unwrap(), "round {k}");
                }
                assert!(err_row.untouched(), "error row written on success");
            } else {
                assert_ne!(st, OK, "settle many settled what sss_settle refuses");
                assert!(out.iter().all(|s| s.untouched()), "settle many wrote on failure");
                let first = single.iter().position(|o| o.is_none()).unwrap();
                if !err_row.untouched() && err_row.get() != usize::MAX {
                    assert_eq!(err_row.get(), first, "the first bad round");
                    assert!(msg.starts_with(&format!("row {first}: ")), "settle many: {msg}");
                }
            }
        }
        Call::Combos { h, bytes, category, out } => {
            let r = world.rules_h(*h);
            let i = bytes_in(bytes, world);
            // The whole list first, with room for any, then the fuzz-chosen buffer against it.
            let mut all = vec![Sentinel::<SssCombo>::new().get(); SSS_COMBOS_MAX];
            let mut count = 0usize;
            let st = call("combos", || unsafe {
                sss_combos(r.ptr, i.ptr, i.len, *category, all.as_mut_ptr(), all.len(), &mut count)
            });
            let expected = (st == OK).then(|| all[..count].to_vec());
            if let Some(list) = &expected {
                for c in list {
                    assert!(c.len as usize <= 5 && c.category as u32 == *category && c.reserved == 0, "{c:?}");
                    let cards = &c.cards[..c.len as usize];
                    let v = i.bytes.as_ref().unwrap();
                    assert!(cards.iter().all(|x| v.contains(x)), "a combination of cards not in the hand");
                }
            }
            copy_out("combos", *out, false, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_combos(r.ptr, i.ptr, i.len, *category, b, cap, l)
            });
        }
        Call::Complete { h, hand, front, middle, back, p } => {
            let a = world.arranger_h(*h);
            let (ih, i_f, i_m, i_b) =
                (bytes_in(hand, world), bytes_in(front, world), bytes_in(middle, world), bytes_in(back, world));
            let (st, out) = single("complete", *p, |o| unsafe {
                sss_complete(a.ptr, ih.ptr, ih.len, i_f.ptr, i_f.len, i_m.ptr, i_m.len, i_b.ptr, i_b.len, o)
            });
            let Some(out) = out else { return };
            let lanes: Vec<u8> = out.front.iter().chain(&out.middle).chain(&out.back).copied().collect();
            let mut sorted = lanes.clone();
            sorted.sort();
            let mut hand_sorted = ih.bytes.clone().unwrap();
            hand_sorted.sort();
            assert_eq!(sorted, hand_sorted, "a completion holds exactly the hand");
            let k = a.slot.unwrap();
            let rules = &world.arrangers[k].rules;
            let deck = rules.deck_spec();
            let a2 = Arrangement::from_cards_in(&cards_from_codes_in(&lanes, deck).unwrap(), deck).unwrap();
            let e = a2.evaluate(rules);
            assert!(!e.foul.is_foul(), "a completion fouls");
            for (fixed, lane) in [(&i_f, &out.front[..]), (&i_m, &out.middle[..]), (&i_b, &out.back[..])] {
                let v = fixed.bytes.as_ref().unwrap();
                if !v.is_empty() {
                    let mut x = v.clone();
                    x.sort();
                    let mut y = lane.to_vec();
                    y.sort();
                    assert_eq!(x, y, "a fixed lane moved");
                }
            }
            let arr = shared_arranger(rules, world.arrangers[k].players).unwrap();
            assert_eq!(out.expected_water, arr.expected_water(&a2));
            if i_f.len == 0 && i_m.len == 0 && i_b.len == 0 {
                let best = arr.arrange(&cards_from_codes_in(&lanes, deck).unwrap()).unwrap();
                assert_eq!(best.arrangement, a2, "nothing fixed: the completion is sss_arrange's");
            }
            assert_eq!(st, OK);
        }
        Call::Deal(players, seed, o) => {
            let expected = deal::deal(*players as usize, Some(*seed))
                .ok()
                .map(|hands| hands.iter().flatten().map(|c| c.code()).collect::<Vec<u8>>());
            copy_out("deal", *o, false, false, expected.as_deref(), |b, cap, l| unsafe {
                sss_deal(*players, *seed, b, cap, l)
            });
        }
        Call::DealUnseeded(players, o) => {
            let mut buf = [0xAAu8; 52];
            let (bp, cap) = match o {
                OutBuf::Null(len) => (null_mut(), len.get()),
                OutBuf::Buf(k) => (buf.as_mut_ptr(), (*k as usize).min(52)),
            };
            let mut count = usize::MAX;
            let st = call("deal unseeded", || unsafe { sss_deal_unseeded(*players, bp, cap, &mut count) });
            if st == OK {
                assert!((2..=4).contains(players));
                assert_eq!(count, *players as usize * 13);
                assert!(cards_from_codes(&buf[..count]).is_ok(), "an unseeded deal of distinct cards");
            } else if (2..=4).contains(players) && !bp.is_null() {
                assert_eq!(st, TOO_SMALL);
                assert_eq!(count, *players as usize * 13);
            }
        }
        Call::DealForUnseeded(h, players, o) => {
            let r = world.rules_h(*h);
            let mut buf = [0xAAu8; 104];
            let (bp, cap) = match o {
                OutBuf::Null(len) => (null_mut(), len.get()),
                OutBuf::Buf(k) => (buf.as_mut_ptr(), (*k as usize).min(104)),
            };
            let mut count = usize::MAX;
            let st =
                call("deal for unseeded", || unsafe { sss_deal_for_unseeded(r.ptr, *players, bp, cap, &mut count) });
            let Some(k) = r.slot else {
                assert_ne!(st, OK, "a deal from no live rule set");
                return;
            };
            let rules = &world.rules[k].shadow;
            let seats = rules.check_players(*players as usize);
            if st == OK {
                assert!(seats.is_ok());
                assert_eq!(count, *players as usize * 13);
                // Every card at most as often as the deck holds it.
                let deck = rules.deck_spec();
                assert!(cards_from_codes_in(&buf[..count], deck).is_ok(), "an unseeded deal of the deck");
            } else if !bp.is_null() {
                if seats.is_err() {
                    // The seat count is checked before the buffer's size.
                    assert_eq!(st, status_of(&seats), "{}", last_error());
                } else {
                    assert_eq!(st, TOO_SMALL);
                    assert_eq!(count, *players as usize * 13);
                }
            }
        }
        Call::ShuffledDeck(seed, o) => {
            let expected: Vec<u8> = deal::shuffled_deck(*seed).iter().map(|c| c.code()).collect();
            copy_out("deck", *o, false, false, Some(&expected[..]), |b, cap, l| unsafe {
                sss_shuffled_deck(*seed, b, cap, l)
            });
        }
    }
}

fn threads_of(t: u8) -> u32 {
    (t % 5) as u32
}

/// `rows × n` codes from fuzz bytes: the bytes, then code order (so short inputs are still
/// mostly valid rows), cut to size.
fn flat_rows(b: &Bytes, world: &World, rows: usize, n: usize) -> Vec<u8> {
    let mut v = bytes_in(b, world).bytes.unwrap_or_default();
    let mut k = 0u8;
    while v.len() < rows * n {
        v.push(k % 52);
        k = k.wrapping_add(1);
    }
    v.truncate(rows * n);
    v
}

/// A batch result against the same rows one at a time: all rows good → OK and equal values;
/// any bad → a failure that wrote nothing (but the error row, which names the first bad row).
fn check_batch<T: Copy + PartialEq + std::fmt::Debug>(
    what: &str,
    st: SssStatus,
    args_ok: bool,
    single: &[Option<T>],
    out: &[Sentinel<T>],
    err_row: &Sentinel<usize>,
    msg: &str,
) {
    if !args_ok {
        assert_ne!(st, OK, "{what}: bad arguments accepted");
        assert!(out.iter().all(|s| s.untouched()), "{what}: wrote on failure ({st:?}, {msg})");
        return;
    }
    match single.iter().position(|o| o.is_none()) {
        None => {
            assert_eq!(st, OK, "{what}: refused rows that pass one at a time: {msg}");
            for (i, (o, s)) in out.iter().zip(single).enumerate() {
                assert_eq!(o.get(), s.unwrap(), "{what}: row {i}");
            }
            assert!(err_row.untouched(), "{what}: error row written on success");
        }
        Some(first) => {
            assert_ne!(st, OK, "{what}: accepted row {first}, which fails alone");
            assert!(out.iter().all(|s| s.untouched()), "{what}: wrote on failure");
            if !err_row.untouched() && err_row.get() != usize::MAX {
                assert_eq!(err_row.get(), first, "{what}: the first bad row");
                assert!(msg.starts_with(&format!("row {first}: ")), "{what}: {msg}");
            }
        }
    }
}

/// A successful run of `c` (2 rounds or more) split into two shards at a cut the seed picks:
/// the second, through its state text, merged into the first is the whole run's report; merging
/// the second again (an overlap) is refused and changes nothing.
fn sim_shards(c: &SssSimConfig, rules: *const SssRules, whole: *const SssSimReport) {
    let cut = 1 + c.seed % (c.rounds - 1);
    let shard = |first: u64, rounds: u64| {
        let c = SssSimConfig { rounds, ..*c };
        let (st, out) =
            single("simulate shard", OutPtr { null: false }, |o| unsafe { sss_simulate_shard(rules, &c, first, o) });
        assert_eq!(st, OK, "shard {first}+{rounds}: {}", last_error());
        out.unwrap()
    };
    let (a, b) = (shard(0, cut), shard(cut, c.rounds - cut));
    let (st, state) = text_out("sim state", |buf, cap, len| unsafe { sss_sim_report_to_state(b, buf, cap, len) });
    assert_eq!(st, OK);
    let state = state.unwrap();
    let (st, back) = single("sim from state", OutPtr { null: false }, |o| unsafe {
        sss_sim_report_from_state(state.as_ptr(), state.len(), o)
    });
    assert_eq!(st, OK, "{}", last_error());
    let back = back.unwrap();
    assert_eq!(unsafe { sss_sim_report_merge(a, back) }, OK, "{}", last_error());
    let json = |r: *const SssSimReport| {
        text_out("sim report json", |buf, cap, len| unsafe { sss_sim_report_to_json(r, buf, cap, len) }).1
    };
    assert_eq!(json(a), json(whole), "simulate: two shards merge into the whole run");
    assert_ne!(unsafe { sss_sim_report_merge(a, b) }, OK);
    assert_eq!(json(a), json(whole), "a refused merge changes nothing");
    for r in [a, b, back] {
        unsafe { sss_sim_report_free(r) };
    }
}

/// What `sss_simulate` should do with `c` under `rules`: the engine's run of the configuration
/// the C struct describes, or the error it should report.
fn sim_oracle(rules: &Rules, c: &SssSimConfig) -> engine::Result<shisanshui_fuzz::engine::simulate::SimReport> {
    use shisanshui_fuzz::engine::money::{Rake, Stakes};
    use shisanshui_fuzz::engine::simulate::{run, Policy, SimConfig};
    use shisanshui_fuzz::engine::Error;
    let bad = |m: &str| Err(Error::InvalidArgument(m.into()));
    if c.reserved != [0] || c.policy_count > 8 || c.carry_count > 8 {
        return bad("reserved or count");
    }
    let mut policies = Vec::new();
    for &p in &c.policies[..c.policy_count as usize] {
        policies.push(match p {
            0 => Policy::Arranger,
            1 => Policy::Greedy,
            2 => Policy::Product,
            _ => return bad("policy"),
        });
    }
    if c.declare_specials > 1 || c.with_money > 1 || c.has_banker > 1 {
        return bad("flag");
    }
    if c.has_banker == 0 && c.banker != 0 {
        return bad("banker without has_banker");
    }
    if c.with_money == 0 && c.carry_count != 0 {
        return bad("carries without money");
    }
    let mut config = SimConfig::new(rules.clone(), c.players as usize, c.rounds, c.seed);
    config.policies = policies;
    config.threads = c.threads as usize;
    config.specials = c.declare_specials == 1;
    config.banker = (c.has_banker == 1).then_some(c.banker as usize);
    if c.with_money == 1 {
        let carries = &c.carries[..c.carry_count as usize];
        config.stakes = Some(Stakes {
            base: c.stakes.base,
            carries: (!carries.is_empty()).then(|| carries.to_vec()),
            rake: Rake { numerator: c.stakes.rake_numerator, denominator: c.stakes.rake_denominator },
        });
    }
    if c.rounds == 0 {
        return bad("rounds");
    }
    run(&config)
}

fn suggestion_c(s: &shisanshui_fuzz::engine::Suggestion) -> SssSuggestion {
    use shisanshui_fuzz::engine::arrange::SuggestionKind as K;
    let lane = |cards: &[Card], out: &mut [u8]| out.iter_mut().zip(cards).for_each(|(o, c)| *o = c.code());
    let mut arranged = SssArranged {
        expected_water: s.expected_water,
        front: [0; 3],
        middle: [0; 5],
        back: [0; 5],
        categories: s.categories.map(|c| c as u8),
    };
    lane(&s.arrangement.front, &mut arranged.front);
    lane(&s.arrangement.middle, &mut arranged.middle);
    lane(&s.arrangement.back, &mut arranged.back);
    let kind = match s.kind {
        K::Best => 0,
        K::StrongestBack => 1,
        K::StrongestMiddle => 2,
        _ => 3,
    };
    SssSuggestion { arranged, kind, reserved: [0; 7] }
}

/// Up to 9 seats (one more than two decks seat), read under the rules in `h`'s slot (one deck for
/// a dead handle, whose call fails anyway).
fn seats_of(seats: &[SeatIn], world: &World, h: H) -> (Vec<SssSeat>, Result<Vec<PlayerHand>, ()>) {
    let deck = world.rules_h(h).slot.map_or(engine::Deck::ONE, |k| world.rules[k].shadow.deck_spec());
    let mut c = Vec::new();
    let mut hands = Ok(Vec::new());
    for s in seats.iter().take(9) {
        let (seat, h) = seat_hand(s, world, deck);
        c.push(seat);
        match (h, &mut hands) {
            (Some(Ok(h)), Ok(v)) => v.push(h),
            _ => hands = Err(()),
        }
    }
    (c, hands)
}

/// The engine's settlement of the same seats, checked against the C call's status.
fn shadow_settle(st: SssStatus, hands: &Result<Vec<PlayerHand>, ()>, rules: &Rules) -> Option<Settlement> {
    match hands {
        Err(()) => {
            assert_ne!(st, OK, "C settled seats the engine cannot read");
            None
        }
        Ok(hands) => {
            let r = settle(hands, rules);
            assert_eq!(st, status_of(&r), "settle status: {}", last_error());
            let s = r.ok()?;
            check_settlement(&s, hands.len());
            Some(s)
        }
    }
}

/// As [`shadow_settle`], with a banker seat (`SSS_SEAT_NONE`: none).
fn shadow_settle_banker(
    st: SssStatus,
    hands: &Result<Vec<PlayerHand>, ()>,
    rules: &Rules,
    banker: u8,
) -> Option<Settlement> {
    let banker = (banker != SSS_SEAT_NONE).then_some(banker as usize);
    match hands {
        Err(()) => {
            assert_ne!(st, OK, "C settled seats the engine cannot read");
            None
        }
        Ok(hands) => {
            let r = settle_with_banker(hands, rules, banker);
            assert_eq!(st, status_of(&r), "settle with banker status: {}", last_error());
            let s = r.ok()?;
            check_settlement(&s, hands.len());
            Some(s)
        }
    }
}

fn add_arranger(world: &mut World, ptr: *mut SssArranger, rules: Rules, players: usize) {
    if world.arrangers.len() < POOL {
        world.arrangers.push(ArrangerSlot { c: ptr, rules, players, owned: true });
    } else {
        unsafe { sss_arranger_free(ptr) };
    }
}

fuzz_target!(|calls: Vec<Call>| {
    let mut world = World::new();
    for c in calls.iter().take(48) {
        run(&mut world, c);
    }
    world.free_all();
});
