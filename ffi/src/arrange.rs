//! Auto-arrangement (系统自动摆牌, RULES.md §7) through an opaque `SssArranger`: the legal
//! arrangement with the highest expected water, a short list of distinct suggestions for a
//! 推荐牌型 button, and whether declaring a special beats the best lane play.
//!
//! An arranger is made once per (rule set, table size, and at a banker table the seat's role:
//! `sss_arranger_new_for` with `SSS_ROLE_PLAYER` or `SSS_ROLE_BANKER`) and reused: making it
//! builds the objective, every later call is only a search. Expected water crosses as a `double` (water
//! points against all opponents together; not an exact amount, so compare with a tolerance).
//!
//! Bot levels: `sss_arranger_with_level` makes a weaker bot (`SSS_LEVEL_BEGINNER`,
//! `SSS_LEVEL_CASUAL`, `SSS_LEVEL_STRONG`) from an arranger, sharing its objective; its choice is
//! a pure function of (seed, level, the 13 cards as a set). `SSS_LEVEL_BEST`, what every arranger
//! plays unless made so, is the best arrangement.
//!
//! Output structs put every 8-byte field first and pad themselves to a multiple of 8 bytes, so
//! their layout is the same whether a platform aligns `double` to 4 or to 8.

use engine::arrange::{Arranged, Arranger, Level, Role, SpecialAdvice, Suggestion, SuggestionKind};
use engine::ArrangerOptions;
use engine::{cards_from_codes_in, Arrangement, Card, Error, PlayerHand, Rules};

use crate::boundary::{
    flag_in, handle_free, handle_new, handle_ref, ref_in, slice_in, text_in, BufOut, Failure, Out, SssStatus, Tagged,
    TextOut,
};
use crate::rules::SssRules;
use crate::settle::{SssSeat, SSS_SEAT_ARRANGED, SSS_SEAT_SPECIAL};
use crate::special::SSS_SPECIAL_NONE;

/// An arranger for one rule set at one table size (RULES.md §7). Made by `sss_arranger_new` or
/// `sss_arranger_new_preset`, released by `sss_arranger_free`. It never changes after it is
/// made, so every function taking `const SssArranger *` may run on several threads at once.
pub struct SssArranger(Tagged<Arranger>);
handle_type!(SssArranger, Arranger, b"sss:arng");

/// Why a suggestion is on the list (`SssSuggestion.kind`). The numbers are ABI.
#[repr(u8)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[allow(non_camel_case_types)]
pub enum SssSuggestionKind {
    /// The best arrangement overall (what `sss_arrange` plays); always first.
    SSS_SUGGESTION_BEST = 0,
    /// The best arrangement among those with the strongest possible back category.
    SSS_SUGGESTION_STRONGEST_BACK = 1,
    /// The best arrangement among those with the strongest possible middle category.
    SSS_SUGGESTION_STRONGEST_MIDDLE = 2,
    /// The best arrangement of another combination of lane categories.
    SSS_SUGGESTION_ALTERNATIVE = 3,
}

/// An arrangement chosen by the engine (never a foul). 24 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct SssArranged {
    /// Expected water of this arrangement against the field at this table (all opponents
    /// together), as a double.
    pub expected_water: f64,
    /// Front lane card codes, highest first.
    pub front: [u8; 3],
    /// Middle lane card codes, highest first.
    pub middle: [u8; 5],
    /// Back lane card codes, highest first.
    pub back: [u8; 5],
    /// `SssCategory` of the front, middle and back.
    pub categories: [u8; 3],
}

/// One entry of a suggestion list (`sss_suggest`). 32 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct SssSuggestion {
    /// The arrangement, its categories and expected water.
    pub arranged: SssArranged,
    /// An `SssSuggestionKind`.
    pub kind: u8,
    /// Always 0.
    pub reserved: [u8; 7],
}

/// Whether declaring a special (报到) beats the best lane play (`sss_special_advice`). 56 bytes.
///
/// Without a special (`has_special` 0) every other field is 0, and `special` as well as the lane
/// codes and categories of `best_lanes` are `SSS_SPECIAL_NONE` (255): use `sss_arrange` for the
/// lanes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct SssSpecialAdvice {
    /// Expected water of declaring the special (every other seat pays it, RULES.md §6).
    pub declare_water: f64,
    /// Expected water of the best lane arrangement instead (`best_lanes.expected_water`).
    pub lane_water: f64,
    /// `declare_water - lane_water` (negative: the lanes are worth more).
    pub advantage: f64,
    /// The best lane arrangement.
    pub best_lanes: SssArranged,
    /// 1 when the cards make an enabled special, else 0.
    pub has_special: u8,
    /// The special (an `SssSpecial`, the highest enabled one), or `SSS_SPECIAL_NONE`.
    pub special: u8,
    /// 1 when declaring is worth more than the lanes (`advantage > 0`), else 0.
    pub declare: u8,
    /// Always 0.
    pub reserved: [u8; 5],
}

impl SssArranged {
    const EMPTY: SssArranged = SssArranged {
        expected_water: 0.0,
        front: [SSS_SPECIAL_NONE; 3],
        middle: [SSS_SPECIAL_NONE; 5],
        back: [SSS_SPECIAL_NONE; 5],
        categories: [SSS_SPECIAL_NONE; 3],
    };
}

impl Default for SssArranged {
    fn default() -> Self {
        SssArranged::EMPTY
    }
}

impl Default for SssSuggestion {
    fn default() -> Self {
        SssSuggestion { arranged: SssArranged::EMPTY, kind: 0, reserved: [0; 7] }
    }
}

impl Default for SssSpecialAdvice {
    fn default() -> Self {
        SssSpecialAdvice {
            declare_water: 0.0,
            lane_water: 0.0,
            advantage: 0.0,
            best_lanes: SssArranged::EMPTY,
            has_special: 0,
            special: SSS_SPECIAL_NONE,
            declare: 0,
            reserved: [0; 5],
        }
    }
}

fn lane_codes<const N: usize>(lane: &[Card; N]) -> [u8; N] {
    lane.map(|c| c.code())
}

fn arranged_out(a: &Arrangement, categories: [engine::Category; 3], expected_water: f64) -> SssArranged {
    SssArranged {
        expected_water,
        front: lane_codes(&a.front),
        middle: lane_codes(&a.middle),
        back: lane_codes(&a.back),
        categories: categories.map(|c| c as u8),
    }
}

fn from_arranged(a: &Arranged) -> SssArranged {
    arranged_out(&a.arrangement, a.categories, a.expected_water)
}

fn kind_out(kind: SuggestionKind) -> Result<SssSuggestionKind, Failure> {
    Ok(match kind {
        SuggestionKind::Best => SssSuggestionKind::SSS_SUGGESTION_BEST,
        SuggestionKind::StrongestBack => SssSuggestionKind::SSS_SUGGESTION_STRONGEST_BACK,
        SuggestionKind::StrongestMiddle => SssSuggestionKind::SSS_SUGGESTION_STRONGEST_MIDDLE,
        SuggestionKind::Alternative => SssSuggestionKind::SSS_SUGGESTION_ALTERNATIVE,
        // The engine's enum is non_exhaustive; a new kind needs a number here first.
        other => return Err(Failure::invalid_argument(format!("suggestion kind {other:?} has no C value yet"))),
    })
}

fn suggestion_out(s: &Suggestion) -> Result<SssSuggestion, Failure> {
    Ok(SssSuggestion {
        arranged: arranged_out(&s.arrangement, s.categories, s.expected_water),
        kind: kind_out(s.kind)? as u8,
        reserved: [0; 7],
    })
}

fn advice_out(advice: Option<&SpecialAdvice>) -> SssSpecialAdvice {
    match advice {
        None => SssSpecialAdvice::default(),
        Some(a) => SssSpecialAdvice {
            declare_water: a.declare_water,
            lane_water: a.lane_water,
            advantage: a.advantage(),
            best_lanes: from_arranged(&a.best_lanes),
            has_special: 1,
            special: a.special as u8,
            declare: a.declare() as u8,
            reserved: [0; 5],
        },
    }
}

fn new_handle(out: Out<*mut SssArranger>, inner: Arranger) {
    let ptr = handle_new::<SssArranger>(inner);
    // SAFETY: `out` was checked when the call began and is still valid (caller's contract).
    unsafe { out.write(ptr) };
}

/// The player count as the engine takes it: passed through whole, so the engine's arranger
/// decides which tables it plays (2 to 4 seats today; big tables of RULES.md §11 as it learns
/// them); `uint32_t` fits `usize` on every platform this library builds for.
fn players_in(players: u32) -> usize {
    players as usize
}

/// The seat of a player at a banker table (`table = banker`, RULES.md §5a), settled against the
/// banker alone; at an all-pairs table, every seat (`sss_arranger_new_for`).
pub const SSS_ROLE_PLAYER: u32 = 0;
/// The banker's seat at a banker table: settled against every other seat (`sss_arranger_new_for`).
pub const SSS_ROLE_BANKER: u32 = 1;

/// The role a C value names, or `SSS_ERR_INVALID_ARGUMENT`.
fn role_in(role: u32) -> Result<Role, Error> {
    match role {
        SSS_ROLE_PLAYER => Ok(Role::Player),
        SSS_ROLE_BANKER => Ok(Role::Banker),
        other => Err(Error::InvalidArgument(format!(
            "unknown seat role {other} (expected SSS_ROLE_PLAYER = 0 or SSS_ROLE_BANKER = 1)"
        ))),
    }
}

/// Make an arranger for a rule set at a table of `players` seats where every pair of seats is
/// settled (`table = all_pairs`). The seat count goes to the engine as given, which decides the
/// tables it plays (2 to 4 today). The arranger keeps its own copy of the rules: later changes
/// to `rules` do not affect it.
///
/// Errors: `SSS_ERR_INVALID_TABLE` (a seat count the engine does not play, or banker-table rules, whose seats
/// differ: use `sss_arranger_new_for`), `SSS_ERR_INVALID_RULES` (an invalid rule set),
/// `SSS_ERR_NULL_POINTER`. Free the result with `sss_arranger_free`.
///
/// # Safety
/// `rules` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_new(
    rules: *const SssRules,
    players: u32,
    out: *mut *mut SssArranger,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out, "out")? };
        let arranger = Arranger::new(&rules.inner, players_in(players)).map_err(|e| match e {
            // The engine's message names its Rust constructor; name this ABI's.
            Error::InvalidTable(m) if m.contains("new_for") => Error::InvalidTable(
                "a banker table has two kinds of seat: say which with sss_arranger_new_for(rules, players, \
                 SSS_ROLE_BANKER or SSS_ROLE_PLAYER, out)"
                    .into(),
            ),
            e => e,
        })?;
        new_handle(out, arranger);
        Ok(())
    })
}

/// Make an arranger for one seat's role: `SSS_ROLE_PLAYER` or `SSS_ROLE_BANKER`. At a banker
/// table (`table = banker`, RULES.md §5a) a player plays the banker alone and the banker plays
/// every other seat (and alone makes home runs); at an all-pairs table `SSS_ROLE_PLAYER` is
/// every seat, as `sss_arranger_new`. A banker table of two is the heads-up game in either role.
///
/// Errors: as `sss_arranger_new`, and `SSS_ERR_INVALID_ARGUMENT` for an unknown role,
/// `SSS_ERR_INVALID_TABLE` for `SSS_ROLE_BANKER` at an all-pairs table. Free the result with
/// `sss_arranger_free`.
///
/// # Safety
/// `rules` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_new_for(
    rules: *const SssRules,
    players: u32,
    role: u32,
    out: *mut *mut SssArranger,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        let out = unsafe { Out::new(out, "out")? };
        let role = role_in(role)?;
        new_handle(out, Arranger::new_for(&rules.inner, players_in(players), role)?);
        Ok(())
    })
}

/// The seat's role the arranger was made for: `SSS_ROLE_PLAYER` (always at an all-pairs table)
/// or `SSS_ROLE_BANKER`.
///
/// # Safety
/// `arranger` must be a live handle; `out_role` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_get_role(arranger: *const SssArranger, out_role: *mut u32) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let out = unsafe { Out::new(out_role, "out_role")? };
        let role = match arranger.inner.role() {
            Role::Banker => SSS_ROLE_BANKER,
            _ => SSS_ROLE_PLAYER,
        };
        unsafe { out.write(role) };
        Ok(())
    })
}

/// The weakest bot level: often a clearly weaker arrangement (about −1.0 water per hand against
/// `SSS_LEVEL_BEST` heads-up).
pub const SSS_LEVEL_BEGINNER: u32 = 0;
/// A sound bot with regular slips (about −0.4 water per hand against `SSS_LEVEL_BEST`).
pub const SSS_LEVEL_CASUAL: u32 = 1;
/// Nearly the best (about −0.1 water per hand against `SSS_LEVEL_BEST`).
pub const SSS_LEVEL_STRONG: u32 = 2;
/// The best arrangement every time: what every arranger plays unless `sss_arranger_with_level`
/// made it weaker.
pub const SSS_LEVEL_BEST: u32 = 3;

/// The level a C value names, or `SSS_ERR_INVALID_ARGUMENT`.
fn level_in(level: u32) -> Result<Level, Error> {
    Level::from_index(level).map_err(|_| {
        Error::InvalidArgument(format!(
            "unknown level {level} (expected SSS_LEVEL_BEGINNER = 0, SSS_LEVEL_CASUAL = 1, SSS_LEVEL_STRONG = 2 \
             or SSS_LEVEL_BEST = 3)"
        ))
    })
}

/// Make a new arranger that plays like `arranger` at a bot level (`SSS_LEVEL_BEGINNER` to
/// `SSS_LEVEL_BEST`), its choices drawn from the stream of `seed`: below `SSS_LEVEL_BEST` the
/// arrangement is one of the best of each lane-category combination, never a foul, and a pure
/// function of (seed, level, the 13 cards as a set). The new handle shares the objective (no
/// rebuild); `sss_suggest` is the same at every level, `sss_special_advice` weighs declaring
/// against the level's own lanes. `arranger` is unchanged.
///
/// Errors: `SSS_ERR_INVALID_ARGUMENT` for an unknown level, `SSS_ERR_NULL_POINTER`,
/// `SSS_ERR_INVALID_HANDLE`. Free the result with `sss_arranger_free`.
///
/// # Safety
/// `arranger` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_with_level(
    arranger: *const SssArranger,
    level: u32,
    seed: u64,
    out: *mut *mut SssArranger,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let out = unsafe { Out::new(out, "out")? };
        let level = level_in(level)?;
        new_handle(out, arranger.inner.clone().with_level(level, seed));
        Ok(())
    })
}

/// The arranger's bot level (`SSS_LEVEL_BEST` unless made by `sss_arranger_with_level`) and the
/// seed of its draws (0 unless so made).
///
/// # Safety
/// `arranger` must be a live handle; `out_level` and `out_seed` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_get_level(
    arranger: *const SssArranger,
    out_level: *mut u32,
    out_seed: *mut u64,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let out_level = unsafe { Out::new(out_level, "out_level")? };
        let out_seed = unsafe { Out::new(out_seed, "out_seed")? };
        unsafe { out_level.write(arranger.inner.level().index()) };
        unsafe { out_seed.write(arranger.inner.seed()) };
        Ok(())
    })
}

/// Make a new arranger that plays like `arranger` with card removal on (`on` = 1, what every
/// arranger does unless made so) or off (`on` = 0). On, each hand plays against the field
/// conditioned on the 13 cards it holds (an opponent cannot hold them: holding three aces makes
/// an opposing pair of aces rare); off, against the field as trained, whatever the hand holds
/// (a little weaker, about twice as fast). Bigger decks (RULES.md §11) always play the field as
/// trained. The new handle shares the objective and keeps the level; `arranger` is unchanged.
///
/// Errors: `SSS_ERR_INVALID_ARGUMENT` when `on` is neither 0 nor 1, `SSS_ERR_NULL_POINTER`,
/// `SSS_ERR_INVALID_HANDLE`. Free the result with `sss_arranger_free`.
///
/// # Safety
/// `arranger` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_with_card_removal(
    arranger: *const SssArranger,
    on: u8,
    out: *mut *mut SssArranger,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let out = unsafe { Out::new(out, "out")? };
        let on = flag_in(on, "on")?;
        new_handle(out, arranger.inner.clone().with_card_removal(on));
        Ok(())
    })
}

/// Read whether card removal is on (1, unless made by `sss_arranger_with_card_removal`) or off
/// (0).
///
/// # Safety
/// `arranger` must be a live handle; `out_flag` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_get_card_removal(arranger: *const SssArranger, out_flag: *mut u8) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let out = unsafe { Out::new(out_flag, "out_flag")? };
        unsafe { out.write(arranger.inner.card_removal() as u8) };
        Ok(())
    })
}

/// What an arranger is made for and how it plays beyond its rule set, in one struct, so that a new
/// option is a new field rather than a new family of functions (`sss_arranger_new_with`). Fill it
/// with `sss_arranger_options_init`, then change fields.
///
/// The struct grows at its end: `size` says how many bytes of it the caller has (the `sizeof` its
/// header gave). A library reads the fields it knows within `size`; bytes past what it knows must
/// be 0, each future field's 0 meaning its default, so a program built against a newer header runs
/// on an older library as long as it leaves the newer options at their defaults.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SssArrangerOptions {
    /// Bytes of this struct the caller has: `sizeof(SssArrangerOptions)`.
    pub size: u32,
    /// Seats at the table: 2 to the rule set's `sss_rules_get_max_players`.
    pub players: u32,
    /// `SSS_ROLE_PLAYER` (every seat at an all-pairs table) or `SSS_ROLE_BANKER`.
    pub role: u32,
    /// `SSS_LEVEL_BEGINNER` to `SSS_LEVEL_BEST` (`sss_arranger_with_level`).
    pub level: u32,
    /// The seed of a level's draws (kept, not used, at `SSS_LEVEL_BEST`).
    pub seed: u64,
    /// Card removal: 1 on (the default), 0 off (`sss_arranger_with_card_removal`).
    pub card_removal: u8,
    /// 0: room for options to come.
    pub reserved: [u8; 7],
}

/// `sizeof(SssArrangerOptions)` as this library knows it.
const OPTIONS_SIZE: usize = std::mem::size_of::<SssArrangerOptions>();
/// The most bytes an options struct may claim: far beyond any version, so a garbage `size` is
/// refused before anything is read.
const OPTIONS_MAX_SIZE: usize = 4096;

/// Check an options struct's `size` and return it.
///
/// # Safety
/// `options` non-NULL and valid for reads of its first four bytes.
unsafe fn options_size(options: *const SssArrangerOptions, name: &str) -> Result<usize, Failure> {
    // SAFETY: non-NULL and aligned (checked by the caller), the size field is the first.
    let size = unsafe { std::ptr::read(options as *const u32) } as usize;
    if !(OPTIONS_SIZE..=OPTIONS_MAX_SIZE).contains(&size) {
        return Err(Failure::invalid_argument(format!(
            "`{name}.size` is {size}: set it to sizeof(SssArrangerOptions) ({OPTIONS_SIZE} with this library's \
             header), as sss_arranger_options_init does"
        )));
    }
    Ok(size)
}

/// Fill `out` with the defaults of a table of `players` seats: a player's seat, `SSS_LEVEL_BEST`,
/// seed 0, card removal on (what `sss_arranger_new_for` makes), and `out->size` = `size`, which is
/// `sizeof(SssArrangerOptions)` as the caller's header has it; bytes past what this library knows
/// are set to 0 (the defaults of newer options). Nothing else is checked here.
///
/// Errors: `SSS_ERR_INVALID_ARGUMENT` for a `size` below this header's first version (32) or above
/// 4096, `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `out` valid for `size` bytes of writes.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_options_init(
    out: *mut SssArrangerOptions,
    size: usize,
    players: u32,
) -> SssStatus {
    ffi_boundary!({
        let out = unsafe { Out::new(out, "out")? };
        if !(OPTIONS_SIZE..=OPTIONS_MAX_SIZE).contains(&size) {
            return Err(Failure::invalid_argument(format!(
                "`size` is {size}: pass sizeof(SssArrangerOptions) ({OPTIONS_SIZE} with this library's header)"
            )));
        }
        let p = out.as_ptr() as *mut u8;
        // SAFETY: valid for `size` bytes of writes (caller's contract); the struct is plain bytes.
        unsafe { std::ptr::write_bytes(p.add(OPTIONS_SIZE), 0, size - OPTIONS_SIZE) };
        let defaults = SssArrangerOptions {
            size: size as u32,
            players,
            role: SSS_ROLE_PLAYER,
            level: SSS_LEVEL_BEST,
            seed: 0,
            card_removal: 1,
            reserved: [0; 7],
        };
        unsafe { out.write(defaults) };
        Ok(())
    })
}

/// Make an arranger from options (`sss_arranger_options_init`, then fields changed): as
/// `sss_arranger_new_for` at its seats and role, then `sss_arranger_with_card_removal` and
/// `sss_arranger_with_level` with its options, in one call. A player's role at a banker table is a
/// player's seat.
///
/// Errors: as `sss_arranger_new_for`; `SSS_ERR_INVALID_ARGUMENT` for a bad `size` (below 32 or above
/// 4096), an unknown level or role, a `card_removal` other than 0 and 1, or a nonzero byte in
/// `reserved` or past the options this library knows (an option a newer library reads).
/// Free the result with `sss_arranger_free`.
///
/// # Safety
/// `rules` must be a live handle; `options` valid for `options->size` bytes of reads; `out` valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_new_with(
    rules: *const SssRules,
    options: *const SssArrangerOptions,
    out: *mut *mut SssArranger,
) -> SssStatus {
    ffi_boundary!({
        let rules = unsafe { handle_ref(rules, "rules")? };
        // NULL and alignment first, then the size, then the fields: a struct smaller than this
        // library's is refused before it is read whole.
        unsafe { ref_in(options as *const u32, "options")? };
        let size = unsafe { options_size(options, "options")? };
        let opts = unsafe { ref_in(options, "options")? };
        let out = unsafe { Out::new(out, "out")? };
        // SAFETY: valid for `size` bytes of reads (caller's contract).
        let bytes = unsafe { std::slice::from_raw_parts(options as *const u8, size) };
        if let Some(i) = bytes[OPTIONS_SIZE..].iter().position(|&b| b != 0) {
            return Err(Failure::invalid_argument(format!(
                "`options` sets byte {} past the {OPTIONS_SIZE} bytes of options this library knows: a newer \
                 library reads that option",
                OPTIONS_SIZE + i
            )));
        }
        if opts.reserved != [0; 7] {
            return Err(Failure::invalid_argument("`options.reserved` must be 0"));
        }
        let mut o = ArrangerOptions::new(players_in(opts.players));
        o.role = role_in(opts.role)?;
        o.level = level_in(opts.level)?;
        o.seed = opts.seed;
        o.card_removal = flag_in(opts.card_removal, "options.card_removal")?;
        new_handle(out, Arranger::with_options(&rules.inner, &o)?);
        Ok(())
    })
}

/// The options the arranger plays with (`sss_arranger_new_with` makes the same arranger from them).
/// Set `out->size` first (`sss_arranger_options_init` does): at most that many bytes are written,
/// those past what this library knows set to 0.
///
/// Errors: `SSS_ERR_INVALID_ARGUMENT` for a bad `out->size`, `SSS_ERR_NULL_POINTER`,
/// `SSS_ERR_INVALID_HANDLE`.
///
/// # Safety
/// `arranger` must be a live handle; `out` valid for `out->size` bytes of reads and writes.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_get_options(
    arranger: *const SssArranger,
    out: *mut SssArrangerOptions,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let out = unsafe { Out::new(out, "out")? };
        let size = unsafe { options_size(out.as_ptr(), "out")? };
        let o = arranger.inner.options();
        let p = out.as_ptr() as *mut u8;
        // SAFETY: valid for `size` bytes of writes (caller's contract).
        unsafe { std::ptr::write_bytes(p.add(OPTIONS_SIZE), 0, size - OPTIONS_SIZE) };
        let options = SssArrangerOptions {
            size: size as u32,
            players: o.players as u32,
            role: match o.role {
                Role::Banker => SSS_ROLE_BANKER,
                _ => SSS_ROLE_PLAYER,
            },
            level: o.level.index(),
            seed: o.seed,
            card_removal: o.card_removal as u8,
            reserved: [0; 7],
        };
        unsafe { out.write(options) };
        Ok(())
    })
}

/// Parse a level name (`beginner`, `casual`, `strong`, `best`; ASCII case-insensitive,
/// surrounding spaces ignored) into its `SSS_LEVEL_*` number. Errors: `SSS_ERR_INVALID_ARGUMENT`
/// (naming the text and the choices), `SSS_ERR_INVALID_UTF8`, `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `text` must be valid for `len` bytes (or NULL when `len` is 0); `out_level` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_level_parse(text: *const u8, len: usize, out_level: *mut u32) -> SssStatus {
    ffi_boundary!({
        let text = unsafe { text_in(text, len, "text")? };
        let out = unsafe { Out::new(out_level, "out_level")? };
        let level: Level = text.parse()?;
        unsafe { out.write(level.index()) };
        Ok(())
    })
}

/// Copy a level's name (`beginner`, `casual`, `strong` or `best`) into `buf`. Unknown numbers
/// are `SSS_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` must be valid for `cap` bytes (or NULL when `cap` is 0); `out_len` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_level_name(level: u32, buf: *mut u8, cap: usize, out_len: *mut usize) -> SssStatus {
    ffi_boundary!({
        let out = unsafe { TextOut::new(buf, cap, out_len)? };
        let level = level_in(level)?;
        unsafe { out.write(level.name()) }
    })
}

/// Make an arranger for a preset by name (`classic`, `regional`, `kx`, `hk`, `ranked`,
/// `chinese_poker`; ASCII
/// case-insensitive) at a table of `players` seats. Errors: `SSS_ERR_UNKNOWN_PRESET`,
/// `SSS_ERR_INVALID_TABLE`, `SSS_ERR_INVALID_UTF8`, `SSS_ERR_NULL_POINTER`. Free the result with
/// `sss_arranger_free`.
///
/// # Safety
/// `name` must be valid for `len` bytes (or NULL when `len` is 0); `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_new_preset(
    name: *const u8,
    len: usize,
    players: u32,
    out: *mut *mut SssArranger,
) -> SssStatus {
    ffi_boundary!({
        let name = unsafe { text_in(name, len, "name")? };
        let out = unsafe { Out::new(out, "out")? };
        new_handle(out, Arranger::for_preset(name, players_in(players))?);
        Ok(())
    })
}

/// Release an arranger. NULL is ignored. Each handle must be freed exactly once and not used
/// afterwards. A pointer that is not a live `SssArranger` (best effort, as `sss_rules_free`)
/// is not freed: the call only records an `SSS_ERR_INVALID_HANDLE` message as the last error.
///
/// # Safety
/// `arranger` must be NULL or a handle from this library that has not been freed.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_free(arranger: *mut SssArranger) {
    ffi_boundary!(fallback = (); { unsafe { handle_free(arranger, "arranger") } })
}

/// Read the number of seats the arranger plays for.
///
/// # Safety
/// `arranger` must be a live handle; `out_players` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_get_players(arranger: *const SssArranger, out_players: *mut u32) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let out = unsafe { Out::new(out_players, "out_players")? };
        // At most 8 seats, so it fits.
        unsafe { out.write(arranger.inner.players() as u32) };
        Ok(())
    })
}

/// Make a copy of the arranger's rule set as a new `SssRules` (free it with `sss_rules_free`),
/// e.g. to check an arrangement with `sss_arrangement_check` under exactly these rules.
///
/// # Safety
/// `arranger` must be a live handle; `out_rules` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_get_rules(
    arranger: *const SssArranger,
    out_rules: *mut *mut SssRules,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let out = unsafe { Out::new(out_rules, "out_rules")? };
        let rules: Rules = arranger.inner.rules().clone();
        // The same allocation as every other SssRules, so `sss_rules_free` releases it.
        unsafe { out.write(handle_new::<SssRules>(rules)) };
        Ok(())
    })
}

/// The 13 cards of a hand from C's codes: each code checked, then copies against the
/// arranger's deck (twice for a card of an extra suit, RULES.md §11), in order (the count is the
/// engine's to check, after them, as `sss_special_detect` does).
fn hand_in(arranger: &SssArranger, codes: &[u8]) -> Result<Vec<Card>, Failure> {
    Ok(cards_from_codes_in(codes, arranger.inner.rules().deck_spec())?)
}

/// Arrange 13 cards: the legal arrangement with the highest expected water against the field
/// (never a foul). The answer does not depend on the order of the codes.
///
/// The codes are checked against the arranger's deck: with extra suits (RULES.md §11) a card of
/// an extra suit may be there twice, and the engine's arranger decides what it plays.
///
/// Errors: `SSS_ERR_BAD_CARD_CODE`, `SSS_ERR_DUPLICATE_CARD` or `SSS_ERR_TOO_MANY_COPIES`
/// (naming the position; codes are checked in order before the count),
/// `SSS_ERR_WRONG_CARD_COUNT` (not 13 codes), `SSS_ERR_NO_LEGAL_ARRANGEMENT` (every split
/// fouls, possible only under `strict_order`), `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `arranger` must be a live handle; `codes` valid for `count` bytes (or NULL when `count` is
/// 0); `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arrange(
    arranger: *const SssArranger,
    codes: *const u8,
    count: usize,
    out: *mut SssArranged,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { Out::new(out, "out")? };
        let best = arranger.inner.arrange(&hand_in(arranger, codes)?)?;
        unsafe { out.write(from_arranged(&best)) };
        Ok(())
    })
}

/// Up to `n` good arrangements of 13 cards with distinct lane categories, for a 推荐牌型
/// button: the best first (equal to `sss_arrange`), then the best with the strongest back
/// category, the best with the strongest middle category, then the best of every other
/// category combination by expected water. None is a foul.
///
/// Writes the suggestions into `out_suggestions` (capacity `cap`; `n` always suffices) and
/// their number (1 to `n`) into `*out_count`. When `cap` is too small returns
/// `SSS_ERR_BUFFER_TOO_SMALL` with the needed count in `*out_count`.
/// Errors also: `SSS_ERR_INVALID_ARGUMENT` (`n` is 0), and those of `sss_arrange` (card codes
/// are checked before `n`, `n` before the count).
///
/// # Safety
/// `arranger` must be a live handle; `codes` valid for `count` bytes (or NULL when `count` is
/// 0); `out_suggestions` valid for `cap` writes (or NULL when `cap` is 0); `out_count` valid for
/// a write.
#[no_mangle]
pub unsafe extern "C" fn sss_suggest(
    arranger: *const SssArranger,
    codes: *const u8,
    count: usize,
    n: usize,
    out_suggestions: *mut SssSuggestion,
    cap: usize,
    out_count: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe {
            BufOut::with_names(
                out_suggestions,
                cap,
                out_count,
                "out_suggestions",
                "out_count",
                "suggestion list (suggestions)",
            )?
        };
        let list = arranger.inner.suggest(&hand_in(arranger, codes)?, n)?;
        let list: Vec<SssSuggestion> = list.iter().map(suggestion_out).collect::<Result<_, _>>()?;
        unsafe { out.write_items(&list, None) }
    })
}

/// Whether declaring the special that 13 cards make beats the best lane play: the special (the
/// highest the rule set enables), the expected water of declaring it and of the best lanes, and
/// the lanes themselves. Cards that make no enabled special give `has_special` 0 (see
/// `SssSpecialAdvice`). Errors as `sss_arrange`.
///
/// # Safety
/// `arranger` must be a live handle; `codes` valid for `count` bytes (or NULL when `count` is
/// 0); `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_special_advice(
    arranger: *const SssArranger,
    codes: *const u8,
    count: usize,
    out: *mut SssSpecialAdvice,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { Out::new(out, "out")? };
        let advice = arranger.inner.special_advice(&hand_in(arranger, codes)?)?;
        unsafe { out.write(advice_out(advice.as_ref())) };
        Ok(())
    })
}

/// The seat a good player puts on the table with 13 cards, ready for `sss_settle`: the special
/// they make declared (`SSS_SEAT_SPECIAL`, 报到) where `sss_special_advice` says declaring is
/// worth more than the lanes, else the lanes of `sss_arrange` (`SSS_SEAT_ARRANGED`, cards in lane
/// order, `special` `SSS_SPECIAL_NONE`, as `sss_seat_arranged` fills it). Errors as `sss_arrange`.
///
/// # Safety
/// `arranger` must be a live handle; `codes` valid for `count` bytes (or NULL when `count` is
/// 0); `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_play(
    arranger: *const SssArranger,
    codes: *const u8,
    count: usize,
    out: *mut SssSeat,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { Out::new(out, "out")? };
        let seat = match arranger.inner.play(&hand_in(arranger, codes)?)? {
            PlayerHand::Special { special, cards } => {
                SssSeat { kind: SSS_SEAT_SPECIAL, special: special as u8, cards: cards.map(|c| c.code()) }
            }
            PlayerHand::Arranged(a) => {
                SssSeat { kind: SSS_SEAT_ARRANGED, special: SSS_SPECIAL_NONE, cards: a.cards().map(|c| c.code()) }
            }
        };
        unsafe { out.write(seat) };
        Ok(())
    })
}

/// The expected water of any arrangement (13 codes in lane order: 3 front, 5 middle, 5 back)
/// against this arranger's field; a foul is priced as losing every lane to every opponent.
/// Errors: `SSS_ERR_BAD_CARD_CODE`, `SSS_ERR_DUPLICATE_CARD`, `SSS_ERR_WRONG_CARD_COUNT`,
/// `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `arranger` must be a live handle; `codes` valid for `count` bytes (or NULL when `count` is
/// 0); `out_water` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_arranger_expected_water(
    arranger: *const SssArranger,
    codes: *const u8,
    count: usize,
    out_water: *mut f64,
) -> SssStatus {
    ffi_boundary!({
        let arranger = unsafe { handle_ref(arranger, "arranger")? };
        let codes = unsafe { slice_in(codes, count, "codes")? };
        let out = unsafe { Out::new(out_water, "out_water")? };
        let a = Arrangement::from_cards_in(&hand_in(arranger, codes)?, arranger.inner.rules().deck_spec())?;
        unsafe { out.write(arranger.inner.expected_water(&a)) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boundary::tests::last_error;
    use crate::eval::{sss_arrangement_check13, SssArrangementEval};
    use crate::rules::tests::preset;
    use crate::rules::{sss_rules_free, sss_rules_set_strict_order};
    use engine::deal::Dealer;
    use std::ptr::{null, null_mut};

    fn codes(text: &str) -> Vec<u8> {
        engine::parse_cards(text).unwrap().iter().map(|c| c.code()).collect()
    }

    fn arranger(name: &str, players: u32) -> *mut SssArranger {
        let mut out = null_mut();
        let st = unsafe { sss_arranger_new_preset(name.as_ptr(), name.len(), players, &mut out) };
        assert_eq!(st, SssStatus::SSS_OK, "{}", last_error());
        out
    }

    fn arrange(a: *const SssArranger, hand: &[u8]) -> SssArranged {
        let mut out = SssArranged::default();
        assert_eq!(
            unsafe { sss_arrange(a, hand.as_ptr(), hand.len(), &mut out) },
            SssStatus::SSS_OK,
            "{}",
            last_error()
        );
        out
    }

    fn suggest(a: *const SssArranger, hand: &[u8], n: usize) -> Vec<SssSuggestion> {
        let mut out = vec![SssSuggestion::default(); n.max(1)];
        let mut count = 0;
        let st = unsafe { sss_suggest(a, hand.as_ptr(), hand.len(), n, out.as_mut_ptr(), out.len(), &mut count) };
        assert_eq!(st, SssStatus::SSS_OK, "{}", last_error());
        out.truncate(count);
        out
    }

    fn lane_order(a: &SssArranged) -> Vec<u8> {
        [&a.front[..], &a.middle, &a.back].concat()
    }

    /// The arrangement is the hand's 13 cards and the library's own foul check passes it.
    fn check_legal(rules: *const SssRules, hand: &[u8], a: &SssArranged) {
        let lanes = lane_order(a);
        let mut sorted = lanes.clone();
        sorted.sort_unstable();
        let mut want = hand.to_vec();
        want.sort_unstable();
        assert_eq!(sorted, want, "the arrangement holds the hand's cards");
        let mut e = SssArrangementEval::default();
        assert_eq!(unsafe { sss_arrangement_check13(rules, lanes.as_ptr(), 13, &mut e) }, SssStatus::SSS_OK);
        assert_eq!(e.is_foul, 0, "{lanes:?} fouls");
        assert_eq!(a.categories, [e.front.category, e.middle.category, e.back.category]);
    }

    #[test]
    fn arrangements_never_foul_and_repeat() {
        for (name, players) in [("classic", 4), ("hk", 2), ("ranked", 3)] {
            let a = arranger(name, players);
            let rules = preset(name);
            let mut dealer = Dealer::from_seed(11);
            for _ in 0..4 {
                for hand in dealer.deal_four() {
                    let hand: Vec<u8> = hand.iter().map(|c| c.code()).collect();
                    let best = arrange(a, &hand);
                    check_legal(rules, &hand, &best);
                    // Same input, same output; and the order of the codes does not matter.
                    assert_eq!(arrange(a, &hand), best);
                    let mut reversed = hand.clone();
                    reversed.reverse();
                    assert_eq!(arrange(a, &reversed), best);
                    // The reported water is the arranger's price of that arrangement.
                    let mut w = f64::NAN;
                    let lanes = lane_order(&best);
                    let st = unsafe { sss_arranger_expected_water(a, lanes.as_ptr(), 13, &mut w) };
                    assert_eq!(st, SssStatus::SSS_OK);
                    assert!((w - best.expected_water).abs() < 1e-9, "{w} vs {}", best.expected_water);
                }
            }
            unsafe {
                sss_arranger_free(a);
                sss_rules_free(rules);
            }
        }
    }

    #[test]
    // Arranges hands with copies at a table of 8: slow under the interpreter.
    #[cfg_attr(miri, ignore)]
    fn big_tables_are_the_engines() {
        let rules = preset("classic");
        assert_eq!(unsafe { crate::rules::sss_rules_set_extra_suits(rules, 0xF) }, SssStatus::SSS_OK);
        let engine_rules = unsafe { (&*rules).inner.clone() };
        let mut a = std::ptr::null_mut();
        let st = unsafe { sss_arranger_new(rules, 8, &mut a) };
        assert_eq!(st, SssStatus::SSS_OK, "{}", last_error());
        let mut players = 0;
        assert_eq!(unsafe { sss_arranger_get_players(a, &mut players) }, SssStatus::SSS_OK);
        assert_eq!(players, 8);
        let own = Arranger::new(&engine_rules, 8).unwrap();
        let hands = engine::deal::deal_for(&engine_rules, 8, Some(21)).unwrap();
        let mut copies = 0;
        for hand in &hands {
            let codes: Vec<u8> = hand.iter().map(|c| c.code()).collect();
            copies += (1..13).filter(|&i| codes[..i].contains(&codes[i])).count();
            let best = arrange(a, &codes);
            check_legal(rules, &codes, &best);
            let want = own.arrange(hand).unwrap();
            assert_eq!(lane_order(&best), want.arrangement.cards().map(|c| c.code()).to_vec());
        }
        assert!(copies > 0, "two decks deal some seat a card twice");
        // A third copy is refused before the arranger sees the hand.
        let mut third: Vec<u8> = hands[0].iter().map(|c| c.code()).collect();
        third[1] = third[0];
        third[2] = third[0];
        let mut out =
            SssArranged { expected_water: 7.0, front: [0; 3], middle: [0; 5], back: [0; 5], categories: [0; 3] };
        assert_eq!(unsafe { sss_arrange(a, third.as_ptr(), 13, &mut out) }, SssStatus::SSS_ERR_TOO_MANY_COPIES);
        assert_eq!(out.expected_water, 7.0);
        unsafe { sss_arranger_free(a) };
        // Nine seats, and five at one deck.
        let mut b = std::ptr::null_mut();
        assert_eq!(unsafe { sss_arranger_new(rules, 9, &mut b) }, SssStatus::SSS_ERR_INVALID_TABLE);
        crate::boundary::tests::assert_names_table(9, 8);
        unsafe { sss_rules_free(rules) };
        let one = preset("classic");
        assert_eq!(unsafe { sss_arranger_new(one, 5, &mut b) }, SssStatus::SSS_ERR_INVALID_TABLE);
        crate::boundary::tests::assert_names_table(5, 4);
        assert!(b.is_null());
        unsafe { sss_rules_free(one) };
    }

    #[test]
    fn suggestions_are_distinct_and_start_with_the_best() {
        let a = arranger("kx", 4);
        let rules = preset("kx");
        let mut dealer = Dealer::from_seed(5);
        for hand in dealer.deal_four() {
            let hand: Vec<u8> = hand.iter().map(|c| c.code()).collect();
            let best = arrange(a, &hand);
            for n in [1usize, 3, 6] {
                let list = suggest(a, &hand, n);
                assert!(!list.is_empty() && list.len() <= n);
                assert_eq!(list[0].arranged, best);
                assert_eq!(list[0].kind, SssSuggestionKind::SSS_SUGGESTION_BEST as u8);
                for (i, s) in list.iter().enumerate() {
                    check_legal(rules, &hand, &s.arranged);
                    assert!(s.kind <= 3 && s.reserved == [0; 7]);
                    assert!(s.arranged.expected_water <= best.expected_water + 1e-9);
                    for t in &list[..i] {
                        assert_ne!(t.arranged.categories, s.arranged.categories, "distinct categories");
                    }
                }
            }
        }
        unsafe {
            sss_arranger_free(a);
            sss_rules_free(rules);
        }
    }

    #[test]
    fn special_advice_with_and_without_a_special() {
        let a = arranger("classic", 4);
        // A dragon (一条龙): classic pays 36 from each of three opponents.
        let dragon = codes("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad");
        let mut out = SssSpecialAdvice::default();
        assert_eq!(unsafe { sss_special_advice(a, dragon.as_ptr(), 13, &mut out) }, SssStatus::SSS_OK);
        assert_eq!((out.has_special, out.special), (1, crate::special::SssSpecial::SSS_SPECIAL_DRAGON as u8));
        assert!((out.declare_water - 3.0 * 36.0).abs() < 1e-9, "{}", out.declare_water);
        assert_eq!(out.best_lanes, arrange(a, &dragon));
        assert_eq!(out.lane_water, out.best_lanes.expected_water);
        assert_eq!(out.advantage, out.declare_water - out.lane_water);
        assert_eq!(out.declare, 1, "a dragon is worth declaring");

        let plain = codes("2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad");
        let mut out = SssSpecialAdvice { declare: 9, ..Default::default() };
        assert_eq!(unsafe { sss_special_advice(a, plain.as_ptr(), 13, &mut out) }, SssStatus::SSS_OK);
        assert_eq!(out, SssSpecialAdvice::default());
        unsafe { sss_arranger_free(a) };
    }

    #[test]
    fn play_declares_a_dragon_and_arranges_the_rest() {
        let a = arranger("classic", 4);
        let dragon = codes("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad");
        let mut seat = SssSeat { kind: 9, special: 9, cards: [0; 13] };
        assert_eq!(unsafe { sss_arranger_play(a, dragon.as_ptr(), 13, &mut seat) }, SssStatus::SSS_OK);
        assert_eq!((seat.kind, seat.special), (SSS_SEAT_SPECIAL, crate::special::SssSpecial::SSS_SPECIAL_DRAGON as u8));
        let (mut got, mut want) = (seat.cards.to_vec(), dragon.clone());
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want);
        // No special: the lanes of sss_arrange, front, middle and back.
        let plain = codes("2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad");
        assert_eq!(unsafe { sss_arranger_play(a, plain.as_ptr(), 13, &mut seat) }, SssStatus::SSS_OK);
        let best = arrange(a, &plain);
        assert_eq!((seat.kind, seat.special), (SSS_SEAT_ARRANGED, SSS_SPECIAL_NONE));
        let lanes: Vec<u8> = best.front.iter().chain(&best.middle).chain(&best.back).copied().collect();
        assert_eq!(seat.cards.to_vec(), lanes);
        // Bad input: as sss_arrange, the seat untouched.
        let before = seat;
        assert_eq!(unsafe { sss_arranger_play(a, plain.as_ptr(), 12, &mut seat) }, SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(unsafe { sss_arranger_play(a, plain.as_ptr(), 13, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert!(last_error().contains("out"), "{}", last_error());
        assert_eq!((seat.kind, seat.cards), (before.kind, before.cards));
        unsafe { sss_arranger_free(a) };
    }

    #[test]
    fn arrangers_from_rule_sets() {
        let rules = preset("classic");
        unsafe { assert_eq!(sss_rules_set_strict_order(rules, 1), SssStatus::SSS_OK) };
        let mut a = null_mut();
        assert_eq!(unsafe { sss_arranger_new(rules, 3, &mut a) }, SssStatus::SSS_OK);
        let mut players = 0;
        assert_eq!(unsafe { sss_arranger_get_players(a, &mut players) }, SssStatus::SSS_OK);
        assert_eq!(players, 3);
        let mut copy = null_mut();
        assert_eq!(unsafe { sss_arranger_get_rules(a, &mut copy) }, SssStatus::SSS_OK);
        assert!(unsafe { (&*copy).inner.strict_order });
        // Equal middle and back are a foul under strict order: the arranger avoids it.
        let hand = codes("2d 3c 4d As Qs 9s 5s 3s Ah Qh 9h 5h 3h");
        let best = arrange(a, &hand);
        check_legal(copy, &hand, &best);
        unsafe {
            sss_rules_free(copy);
            sss_arranger_free(a);
            sss_rules_free(rules);
        }
    }

    #[test]
    fn errors() {
        let a = arranger("classic", 4);
        let hand = codes("2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad");
        let mut out = SssArranged { expected_water: 7.0, ..Default::default() };
        let run = |c: &[u8], out: &mut SssArranged| unsafe { sss_arrange(a, c.as_ptr(), c.len(), out) };
        assert_eq!(run(&hand[..12], &mut out), SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(last_error(), "expected 13 cards, got 12");
        let mut dup = hand.clone();
        dup[9] = dup[1];
        assert_eq!(run(&dup, &mut out), SssStatus::SSS_ERR_DUPLICATE_CARD);
        assert_eq!(
            last_error(),
            "duplicate card 3h at position 9 (one deck holds it once; a rule set with extra suits holds their cards twice: rule option extra_suits)"
        );
        let mut bad = hand.clone();
        bad[4] = 52;
        assert_eq!(run(&bad, &mut out), SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert!(last_error().contains("card code 52"));
        assert_eq!(run(&[], &mut out), SssStatus::SSS_ERR_WRONG_CARD_COUNT);
        assert_eq!(out.expected_water, 7.0, "no write on failure");

        // Suggestions: n = 0, a small buffer, NULLs.
        let mut list = [SssSuggestion::default(); 3];
        let mut n = 99;
        let st = unsafe { sss_suggest(a, hand.as_ptr(), 13, 0, list.as_mut_ptr(), 3, &mut n) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_INVALID_ARGUMENT, 99));
        assert!(last_error().contains("0 suggestions"), "{}", last_error());
        let st = unsafe { sss_suggest(a, hand.as_ptr(), 13, 3, list.as_mut_ptr(), 1, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_BUFFER_TOO_SMALL);
        assert!(n > 1 && n <= 3);
        assert_eq!(list[0], SssSuggestion::default());
        let st = unsafe { sss_suggest(a, hand.as_ptr(), 13, 3, null_mut(), 3, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out_suggestions` is NULL");
        let st = unsafe { sss_suggest(a, dup.as_ptr(), 13, 3, list.as_mut_ptr(), 3, &mut n) };
        assert_eq!(st, SssStatus::SSS_ERR_DUPLICATE_CARD);
        let mut adv = SssSpecialAdvice::default();
        assert_eq!(unsafe { sss_special_advice(a, bad.as_ptr(), 13, &mut adv) }, SssStatus::SSS_ERR_BAD_CARD_CODE);
        assert_eq!(unsafe { sss_special_advice(a, hand.as_ptr(), 13, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        let mut w = 0.0;
        assert_eq!(
            unsafe { sss_arranger_expected_water(a, hand.as_ptr(), 12, &mut w) },
            SssStatus::SSS_ERR_WRONG_CARD_COUNT
        );

        // Making arrangers: players, presets, NULLs.
        let rules = preset("kx");
        let mut made = null_mut();
        for players in [0u32, 1, 5, u32::MAX] {
            assert_eq!(unsafe { sss_arranger_new(rules, players, &mut made) }, SssStatus::SSS_ERR_INVALID_TABLE);
            assert!(last_error().contains(&players.to_string()), "{}", last_error());
            let st = unsafe { sss_arranger_new_preset(b"kx".as_ptr(), 2, players, &mut made) };
            assert_eq!(st, SssStatus::SSS_ERR_INVALID_TABLE);
        }
        let st = unsafe { sss_arranger_new_preset(b"macau".as_ptr(), 5, 4, &mut made) };
        assert_eq!(st, SssStatus::SSS_ERR_UNKNOWN_PRESET);
        assert!(last_error().contains("\"macau\""));
        assert!(made.is_null(), "no write on failure");
        assert_eq!(unsafe { sss_arranger_new(null(), 4, &mut made) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `rules` is NULL");
        assert_eq!(unsafe { sss_arranger_new(rules, 4, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_arrange(null(), hand.as_ptr(), 13, &mut out) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `arranger` is NULL");
        assert_eq!(unsafe { sss_arrange(a, null(), 13, &mut out) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_arrange(a, hand.as_ptr(), 13, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        let mut p = 0;
        assert_eq!(unsafe { sss_arranger_get_players(null(), &mut p) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_arranger_get_rules(a, null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        unsafe {
            sss_arranger_free(null_mut());
            sss_arranger_free(a);
            sss_rules_free(rules);
        }
    }

    #[test]
    fn struct_layouts_are_fixed() {
        use std::mem::{offset_of, size_of};
        assert_eq!(size_of::<SssArranged>(), 24);
        assert_eq!(offset_of!(SssArranged, front), 8);
        assert_eq!(offset_of!(SssArranged, categories), 21);
        assert_eq!(size_of::<SssSuggestion>(), 32);
        assert_eq!(offset_of!(SssSuggestion, kind), 24);
        assert_eq!(size_of::<SssSpecialAdvice>(), 56);
        assert_eq!(offset_of!(SssSpecialAdvice, best_lanes), 24);
        assert_eq!(offset_of!(SssSpecialAdvice, has_special), 48);
        assert_eq!(offset_of!(SssSpecialAdvice, declare), 50);
    }
}
