//! Seeded simulation (`shisanshui::simulate`): many rounds under a rule set with the engine's
//! arranger or a baseline at every seat, on any number of threads with identical figures. The
//! run's report is a handle: its headline figures as a struct (`sss_sim_report_summary`), the
//! specials one by one (`sss_sim_report_special`), and everything — quantiles and histograms
//! included — as JSON (`sss_sim_report_to_json`).
//!
//! Shards: `sss_simulate_shard` plays a run's rounds from a given first round, and
//! `sss_sim_report_merge` adds the report of an adjacent round range of the same run; the merged
//! report is exactly the one-call report of all the rounds. `sss_sim_report_to_state` and
//! `sss_sim_report_from_state` carry a report's mergeable state between processes as JSON text.

use engine::simulate::{self, Policy, SimConfig, SimReport, Summary, MAX_ROUNDS};

use crate::boundary::{
    handle_free, handle_mut, handle_new, handle_ref, text_in, Failure, Out, SssStatus, Tagged, TextOut,
};
use crate::money::{stakes_in, SssStakes};
use crate::rules::SssRules;
use crate::settle::SSS_MAX_SEATS;

/// Who plays a seat (`SssSimConfig::policies`).
#[repr(u32)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[allow(non_camel_case_types)]
pub enum SssPolicy {
    /// The engine's auto-arranger, declaring specials per its advice.
    SSS_POLICY_ARRANGER = 0,
    /// Strongest five to the back, then the middle; declares every special.
    SSS_POLICY_GREEDY = 1,
    /// The legal split with the largest product of lane ranks; declares every special.
    SSS_POLICY_PRODUCT = 2,
}

/// What to simulate: fill it with `sss_sim_config_init`, then change what differs. 160 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssSimConfig {
    /// Rounds to play, 1 to 2^32.
    pub rounds: u64,
    /// Seed of the deals: round `i` is the deal of a seed mixed from it and `i` (as
    /// `sss deal --seed SEED --round I`).
    pub seed: u64,
    /// Seats at the table: 2 to the rule set's `sss_rules_get_max_players` (up to
    /// `SSS_MAX_SEATS` with extra suits, RULES.md §11), checked by the engine.
    pub players: u32,
    /// How many of `policies` are given: 0 (the arranger at every seat), 1 (the same for every
    /// seat) or `players` (one per seat).
    pub policy_count: u32,
    /// `SssPolicy` per seat (see `policy_count`).
    pub policies: [u32; SSS_MAX_SEATS],
    /// Worker threads; 0 for one per core. The figures do not depend on it.
    pub threads: u32,
    /// 1: seats declare specials (the arranger per its advice, baselines always); 0: nobody does.
    pub declare_specials: u8,
    /// 1: settle every round in money with `stakes` (and `carries`); 0: water only.
    pub with_money: u8,
    /// 1: the rules are a banker room (`table = banker`, RULES.md §5a) and `banker` names the
    /// banker's seat; 0: every pair of seats settles (`table = all_pairs`). Must agree with the
    /// rule set's table.
    pub has_banker: u8,
    /// Reserved, 0.
    pub reserved: [u8; 1],
    /// Base and rake (read when `with_money` is 1).
    pub stakes: SssStakes,
    /// How many of `carries` are given: 0 (no caps) or `players`.
    pub carry_count: u32,
    /// The banker's seat (0-based) when `has_banker` is 1, the same seat every round: the
    /// arranger plays it as the banker (`SSS_ROLE_BANKER`) and the other seats as players, and
    /// each round settles the banker against every other seat. 0 when `has_banker` is 0.
    pub banker: u32,
    /// Each seat's carry in minor units (see `carry_count`).
    pub carries: [i64; SSS_MAX_SEATS],
}

/// Count, mean, sample standard deviation and the 95% interval of the mean of one quantity per
/// round. 40 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Debug, Default)]
pub struct SssSimStat {
    /// Observations.
    pub count: u64,
    /// Their mean.
    pub mean: f64,
    /// Their sample standard deviation (0 for fewer than two).
    pub sd: f64,
    /// `mean − 1.96 · sd / √count`.
    pub ci95_low: f64,
    /// `mean + 1.96 · sd / √count`.
    pub ci95_high: f64,
}

/// A run's headline figures (`sss_sim_report_summary`); quantiles and histograms are in the
/// JSON. 880 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Debug, Default)]
pub struct SssSimSummary {
    /// Rounds played.
    pub rounds: u64,
    /// Hands played: rounds × players.
    pub hands: u64,
    /// Hands that declared a special.
    pub declared: u64,
    /// Hands that fouled.
    pub fouls: u64,
    /// Shots (one per shooter and victim).
    pub shots: u64,
    /// Rounds with a home run.
    pub home_runs: u64,
    /// Seats at the table.
    pub players: u32,
    /// Specials the rule set enables (`sss_sim_report_special` reads them).
    pub special_count: u32,
    /// Each seat's water per round (seats beyond `players` are zero).
    pub seats: [SssSimStat; SSS_MAX_SEATS],
    /// Every seat's water per round, together.
    pub water: SssSimStat,
    /// The water that changed hands per round.
    pub swing: SssSimStat,
    /// 1 when the run settled money; the money fields are zero otherwise.
    pub has_money: u32,
    /// Reserved, 0.
    pub reserved: u32,
    /// Each seat's amount per round, in minor units.
    pub money_seats: [SssSimStat; SSS_MAX_SEATS],
    /// The rake per round.
    pub rake: SssSimStat,
    /// The house's share per round (rake and rounding).
    pub house: SssSimStat,
    /// All the rake of the run.
    pub total_rake: i64,
    /// All the house's share of the run.
    pub total_house: i64,
}

/// One special of a run (`sss_sim_report_special`). 32 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Debug, Default)]
pub struct SssSimSpecial {
    /// Hands that made it.
    pub made: u64,
    /// Hands that made and declared it.
    pub declared: u64,
    /// `made` per hand played.
    pub made_rate: f64,
    /// Its water under the rule set.
    pub water: u32,
    /// Its `SssSpecial` number.
    pub special: u8,
    /// Reserved, 0.
    pub reserved: [u8; 3],
}

/// The lanes of one category a run played (`sss_sim_report_lanes`): lanes of hands that played
/// lanes and did not foul, valued as settlement values them. 48 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Debug, Default)]
pub struct SssSimLanes {
    /// Front lanes that made the category.
    pub front: u64,
    /// Middle lanes that made it.
    pub middle: u64,
    /// Back lanes that made it.
    pub back: u64,
    /// Hands with at least one lane of it.
    pub hands_with: u64,
    /// `hands_with` per hand played.
    pub hand_rate: f64,
    /// The category (`SssCategory`).
    pub category: u8,
    /// Reserved, 0.
    pub reserved: [u8; 7],
}

/// A finished run (`sss_simulate`), released by `sss_sim_report_free`. Functions taking
/// `const SssSimReport *` only read it and may run on several threads at once.
pub struct SssSimReport(Tagged<SimReport>);
handle_type!(SssSimReport, SimReport, b"sss:simr");

/// Fill `out` with the defaults for `rounds` rounds at `players` seats from `seed`: the arranger
/// at every seat, specials declared, no money, one thread. Nothing is checked here
/// (`sss_simulate` checks). Errors: `SSS_ERR_NULL_POINTER`.
///
/// # Safety
/// `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_sim_config_init(
    out: *mut SssSimConfig,
    players: u32,
    rounds: u64,
    seed: u64,
) -> SssStatus {
    ffi_boundary!({
        let out = unsafe { Out::new(out, "out")? };
        let config = SssSimConfig {
            rounds,
            seed,
            players,
            threads: 1,
            declare_specials: 1,
            stakes: SssStakes { base: 1, rake_numerator: 0, rake_denominator: 1 },
            ..SssSimConfig::default()
        };
        // SAFETY: checked when the call began; valid for a write (caller's contract).
        unsafe { out.write(config) };
        Ok(())
    })
}

fn policy_in(code: u32) -> Result<Policy, Failure> {
    match code {
        0 => Ok(Policy::Arranger),
        1 => Ok(Policy::Greedy),
        2 => Ok(Policy::Product),
        other => Err(Failure::invalid_argument(format!(
            "unknown policy {other} (SSS_POLICY_ARRANGER 0, SSS_POLICY_GREEDY 1, SSS_POLICY_PRODUCT 2)"
        ))),
    }
}

fn flag_in(v: u8, what: &str) -> Result<bool, Failure> {
    match v {
        0 => Ok(false),
        1 => Ok(true),
        other => Err(Failure::invalid_argument(format!("{what} must be 0 or 1, not {other}"))),
    }
}

/// The engine's configuration from C's, every field checked that the engine does not check
/// itself (counts beyond their arrays, flags, policy codes, reserved bytes).
fn config_in(rules: &engine::Rules, c: &SssSimConfig) -> Result<SimConfig, Failure> {
    if c.reserved != [0] {
        return Err(Failure::invalid_argument("the reserved field of SssSimConfig must be 0"));
    }
    if c.policy_count as usize > c.policies.len() {
        return Err(Failure::invalid_argument(format!("policy_count {} is more than {SSS_MAX_SEATS}", c.policy_count)));
    }
    if c.carry_count as usize > c.carries.len() {
        return Err(Failure::invalid_argument(format!("carry_count {} is more than {SSS_MAX_SEATS}", c.carry_count)));
    }
    let policies =
        c.policies[..c.policy_count as usize].iter().map(|&p| policy_in(p)).collect::<Result<Vec<_>, _>>()?;
    let mut config = SimConfig::new(rules.clone(), c.players as usize, c.rounds, c.seed);
    config.policies = policies;
    config.threads = c.threads as usize;
    config.specials = flag_in(c.declare_specials, "declare_specials")?;
    config.banker = if flag_in(c.has_banker, "has_banker")? {
        Some(c.banker as usize)
    } else if c.banker != 0 {
        return Err(Failure::invalid_argument(format!("banker {} given without has_banker", c.banker)));
    } else {
        None
    };
    if flag_in(c.with_money, "with_money")? {
        config.stakes = Some(stakes_in(&c.stakes, &c.carries[..c.carry_count as usize]));
    } else if c.carry_count != 0 {
        return Err(Failure::invalid_argument("carries given without with_money"));
    }
    Ok(config)
}

/// Play `config->rounds` seeded rounds under `rules` and report what the table saw, into a new
/// report `*out` (free with `sss_sim_report_free`). The figures are the same for any thread
/// count, and the same as Rust's `simulate::run` and Python's `shisanshui.simulate`.
///
/// A banker room (`table = banker`) is simulated with `has_banker` 1 and the banker's seat in
/// `banker`: the arranger plays that seat as the banker, the others as players, as Python's
/// `simulate(…, banker=…)` and `sss simulate --banker` do.
///
/// Errors: `SSS_ERR_INVALID_TABLE` (a seat count the engine does not simulate; a banker room
/// without `has_banker`, a banker seat not at the table, or `has_banker` under rules that settle
/// all pairs), `SSS_ERR_INVALID_ARGUMENT` (rounds outside 1 to 2^32, an unknown policy,
/// `policy_count` other than 0, 1 or `players`, a flag other than 0 or 1, `banker` not 0 without
/// `has_banker`, the reserved field not 0), `SSS_ERR_INVALID_MONEY` (stakes, carries),
/// `SSS_ERR_INVALID_RULES`, `SSS_ERR_NULL_POINTER`, `SSS_ERR_INVALID_HANDLE`. Nothing is written
/// on failure.
///
/// # Safety
/// `rules` must be a live handle; `config` valid for a read; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_simulate(
    rules: *const SssRules,
    config: *const SssSimConfig,
    out: *mut *mut SssSimReport,
) -> SssStatus {
    ffi_boundary!({ unsafe { simulate_from(rules, config, 0, out) } })
}

/// `sss_simulate` of the rounds `first_round .. first_round + config->rounds` of the run
/// `config` describes: each round the deal of its own round seed, so the report of a shard holds
/// exactly what those rounds of the one-call run saw, and shards of adjacent ranges merge
/// (`sss_sim_report_merge`) into the one-call report, every figure equal. `first_round` 0 is
/// `sss_simulate`.
///
/// Errors: those of `sss_simulate`, and `SSS_ERR_INVALID_ARGUMENT` when the last round would be
/// past 2^64 − 1. Nothing is written on failure.
///
/// # Safety
/// `rules` must be a live handle; `config` valid for a read; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_simulate_shard(
    rules: *const SssRules,
    config: *const SssSimConfig,
    first_round: u64,
    out: *mut *mut SssSimReport,
) -> SssStatus {
    ffi_boundary!({ unsafe { simulate_from(rules, config, first_round, out) } })
}

/// The body of `sss_simulate` and `sss_simulate_shard`.
///
/// # Safety
/// As `sss_simulate_shard`.
unsafe fn simulate_from(
    rules: *const SssRules,
    config: *const SssSimConfig,
    first_round: u64,
    out: *mut *mut SssSimReport,
) -> Result<(), Failure> {
    let rules = unsafe { handle_ref(rules, "rules")? };
    if config.is_null() {
        return Err(Failure::null("config"));
    }
    // SAFETY: not NULL; valid for a read (caller's contract).
    let c = unsafe { config.read_unaligned() };
    let out = unsafe { Out::new(out, "out")? };
    let mut config = config_in(&rules.inner, &c)?;
    config.first_round = first_round;
    // The engine checks rounds against its own bound; say it first for a clear message.
    if !(1..=MAX_ROUNDS).contains(&config.rounds) {
        return Err(Failure::invalid_argument(format!("rounds must be 1 to {MAX_ROUNDS}, not {}", config.rounds)));
    }
    let report = simulate::run(&config)?;
    // SAFETY: checked when the call began; valid for a write (caller's contract).
    unsafe { out.write(handle_new::<SssSimReport>(report)) };
    Ok(())
}

/// Merge the report `other` into `into`: afterwards `into` is the report of both round ranges,
/// every figure (quantiles and histograms included) what one `sss_simulate_shard` call of those
/// rounds reports. `other` is only read and stays the caller's.
///
/// Errors: `SSS_ERR_INVALID_ARGUMENT` (the reports are of different runs — rule set, seats, seed,
/// policies, specials, stakes or banker differ, the message says which — or their round ranges
/// overlap or leave a gap: `other` must start where `into` ends or end where it starts; `into`
/// and `other` the same report), `SSS_ERR_NULL_POINTER`, `SSS_ERR_INVALID_HANDLE`. `into` is
/// unchanged on failure.
///
/// # Safety
/// `into` must be a live handle no other thread uses during the call; `other` a live handle.
#[no_mangle]
pub unsafe extern "C" fn sss_sim_report_merge(into: *mut SssSimReport, other: *const SssSimReport) -> SssStatus {
    ffi_boundary!({
        if !into.is_null() && std::ptr::eq(into.cast_const(), other) {
            // Checked before either is read, so the two references never alias.
            let _ = unsafe { handle_ref(other, "other")? };
            return Err(Failure::invalid_argument("a report cannot merge with itself: its rounds overlap"));
        }
        let other = unsafe { handle_ref(other, "other")? };
        let into = unsafe { handle_mut(into, "into")? };
        into.inner.merge(&other.inner)?;
        Ok(())
    })
}

/// The report's first round into `*out` (the report covers `first_round .. first_round +
/// rounds`; 0 for `sss_simulate`, the smallest of the shards' for a merged report). Errors:
/// `SSS_ERR_NULL_POINTER`, `SSS_ERR_INVALID_HANDLE`.
///
/// # Safety
/// `report` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_sim_report_first_round(report: *const SssSimReport, out: *mut u64) -> SssStatus {
    ffi_boundary!({
        let r = unsafe { handle_ref(report, "report")? };
        let out = unsafe { Out::new(out, "out")? };
        // SAFETY: checked when the call began; valid for a write (caller's contract).
        unsafe { out.write(r.inner.first_round) };
        Ok(())
    })
}

/// Copy the report's mergeable state — its configuration, round range and exact tallies — as
/// compact JSON text (UTF-8) into `buf` (see the copy-out convention; pass `cap` 0 to ask for
/// the length). `sss_sim_report_from_state` rebuilds the same report from it in another
/// process, for merging there.
///
/// # Safety
/// `report` must be a live handle; `buf` valid for `cap` bytes (or NULL when `cap` is 0);
/// `out_len` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_sim_report_to_state(
    report: *const SssSimReport,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let r = unsafe { handle_ref(report, "report")? };
        let out = unsafe { TextOut::new(buf, cap, out_len)? };
        unsafe { out.write(&r.inner.to_state()) }
    })
}

/// The report whose `sss_sim_report_to_state` is the `len` bytes at `state`, into a new report
/// `*out` (free with `sss_sim_report_free`). Everything is checked (the configuration as
/// `sss_simulate` checks it, the round range, every histogram against the rounds); memory is
/// proportional to `len`.
///
/// Errors: `SSS_ERR_INVALID_ARGUMENT` (not a state: malformed JSON, inconsistent tallies, a
/// range past 2^64 − 1), `SSS_ERR_INVALID_RULES`, `SSS_ERR_INVALID_TABLE`, `SSS_ERR_INVALID_MONEY`
/// (its configuration), `SSS_ERR_INVALID_UTF8`, `SSS_ERR_NULL_POINTER`. Nothing is written on
/// failure.
///
/// # Safety
/// `state` valid for `len` bytes (or NULL when `len` is 0); `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_sim_report_from_state(
    state: *const u8,
    len: usize,
    out: *mut *mut SssSimReport,
) -> SssStatus {
    ffi_boundary!({
        let text = unsafe { text_in(state, len, "state")? };
        let out = unsafe { Out::new(out, "out")? };
        let report = SimReport::from_state(text)?;
        // SAFETY: checked when the call began; valid for a write (caller's contract).
        unsafe { out.write(handle_new::<SssSimReport>(report)) };
        Ok(())
    })
}

/// Release a report. NULL is ignored; a pointer that is not a live `SssSimReport` (best
/// effort) is not freed and only records an `SSS_ERR_INVALID_HANDLE` last error.
///
/// # Safety
/// `report` must be NULL or a handle from `sss_simulate` that has not been freed.
#[no_mangle]
pub unsafe extern "C" fn sss_sim_report_free(report: *mut SssSimReport) {
    ffi_boundary!(fallback = (); { unsafe { handle_free(report, "report") } })
}

fn stat(s: &Summary) -> SssSimStat {
    SssSimStat { count: s.count, mean: s.mean, sd: s.sd, ci95_low: s.ci95[0], ci95_high: s.ci95[1] }
}

/// The run's headline figures into `out`. Errors: `SSS_ERR_NULL_POINTER`,
/// `SSS_ERR_INVALID_HANDLE`.
///
/// # Safety
/// `report` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_sim_report_summary(report: *const SssSimReport, out: *mut SssSimSummary) -> SssStatus {
    ffi_boundary!({
        let r = unsafe { handle_ref(report, "report")? };
        let out = unsafe { Out::new(out, "out")? };
        let r = &r.inner;
        let mut s = SssSimSummary {
            rounds: r.rounds,
            hands: r.hands,
            declared: r.declared,
            fouls: r.fouls,
            shots: r.shots,
            home_runs: r.home_runs,
            players: r.players as u32,
            special_count: r.specials.len() as u32,
            water: stat(&r.water.summary),
            swing: stat(&r.swing.summary),
            ..SssSimSummary::default()
        };
        for (o, d) in s.seats.iter_mut().zip(&r.seats) {
            *o = stat(&d.summary);
        }
        if let Some(m) = &r.money {
            s.has_money = 1;
            for (o, seat) in s.money_seats.iter_mut().zip(&m.seats) {
                *o = stat(seat);
            }
            (s.rake, s.house, s.total_rake, s.total_house) =
                (stat(&m.rake), stat(&m.house), m.total_rake, m.total_house);
        }
        // SAFETY: checked when the call began; valid for a write (caller's contract).
        unsafe { out.write(s) };
        Ok(())
    })
}

/// The lanes of `category` (an `SssCategory`, high card 0 to five of a kind 9) the run played,
/// into `out`. Errors: `SSS_ERR_INVALID_ARGUMENT` (no such category), `SSS_ERR_NULL_POINTER`,
/// `SSS_ERR_INVALID_HANDLE`.
///
/// # Safety
/// `report` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_sim_report_lanes(
    report: *const SssSimReport,
    category: u32,
    out: *mut SssSimLanes,
) -> SssStatus {
    ffi_boundary!({
        let r = unsafe { handle_ref(report, "report")? };
        let out = unsafe { Out::new(out, "out")? };
        let l = r.inner.lanes.iter().find(|l| l.category as u32 == category).ok_or_else(|| {
            Failure::invalid_argument(format!("category {category} does not exist (0 to {})", r.inner.lanes.len() - 1))
        })?;
        let lanes = SssSimLanes {
            front: l.front,
            middle: l.middle,
            back: l.back,
            hands_with: l.hands_with,
            hand_rate: l.hand_rate,
            category: l.category as u8,
            reserved: [0; 7],
        };
        // SAFETY: checked when the call began; valid for a write (caller's contract).
        unsafe { out.write(lanes) };
        Ok(())
    })
}

/// Special `index` (0 to `special_count − 1`, the rule set's order, highest first) of the run
/// into `out`. Errors: `SSS_ERR_INVALID_ARGUMENT` (index out of range), `SSS_ERR_NULL_POINTER`,
/// `SSS_ERR_INVALID_HANDLE`.
///
/// # Safety
/// `report` must be a live handle; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_sim_report_special(
    report: *const SssSimReport,
    index: usize,
    out: *mut SssSimSpecial,
) -> SssStatus {
    ffi_boundary!({
        let r = unsafe { handle_ref(report, "report")? };
        let out = unsafe { Out::new(out, "out")? };
        let specials = &r.inner.specials;
        let s = specials.get(index).ok_or_else(|| {
            Failure::invalid_argument(format!("special {index} does not exist (the report has {})", specials.len()))
        })?;
        let special = SssSimSpecial {
            made: s.made,
            declared: s.declared,
            made_rate: s.made_rate,
            water: s.water,
            special: s.special as u8,
            reserved: [0; 3],
        };
        // SAFETY: checked when the call began; valid for a write (caller's contract).
        unsafe { out.write(special) };
        Ok(())
    })
}

/// Copy the whole report as pretty-printed JSON (UTF-8; the shape of `sss simulate --json`
/// and Python's `SimResult.to_json()`: quantiles and histograms included) into `buf` (see the
/// copy-out convention; pass `cap` 0 to ask for the length).
///
/// # Safety
/// `report` must be a live handle; `buf` valid for `cap` bytes (or NULL when `cap` is 0);
/// `out_len` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_sim_report_to_json(
    report: *const SssSimReport,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> SssStatus {
    ffi_boundary!({
        let r = unsafe { handle_ref(report, "report")? };
        let out = unsafe { TextOut::new(buf, cap, out_len)? };
        unsafe { out.write(&r.inner.to_json()) }
    })
}

// The struct sizes the header states.
const _: () = assert!(std::mem::size_of::<SssSimConfig>() == 160);
const _: () = assert!(std::mem::size_of::<SssSimStat>() == 40);
const _: () = assert!(std::mem::size_of::<SssSimSummary>() == 880);
const _: () = assert!(std::mem::size_of::<SssSimSpecial>() == 32);
const _: () = assert!(std::mem::size_of::<SssSimLanes>() == 48);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boundary::tests::last_error;
    use crate::rules::sss_rules_free;
    use crate::rules::tests::preset;
    use std::ptr::null_mut;

    fn config(players: u32, rounds: u64, seed: u64) -> SssSimConfig {
        let mut c = SssSimConfig::default();
        assert_eq!(unsafe { sss_sim_config_init(&mut c, players, rounds, seed) }, SssStatus::SSS_OK);
        c
    }

    fn run(rules: *const SssRules, c: &SssSimConfig) -> Result<*mut SssSimReport, SssStatus> {
        let mut out = null_mut();
        match unsafe { sss_simulate(rules, c, &mut out) } {
            SssStatus::SSS_OK => Ok(out),
            st => {
                assert!(out.is_null(), "nothing written on failure");
                Err(st)
            }
        }
    }

    #[test]
    // Arranges 240 hands: hours under the interpreter.
    #[cfg_attr(miri, ignore)]
    fn the_report_is_the_engines() {
        let rules = preset("classic");
        let mut c = config(4, 60, 9);
        (c.with_money, c.stakes.base, c.stakes.rake_numerator, c.stakes.rake_denominator) = (1, 100, 5, 100);
        let report = run(rules, &c).unwrap();
        let mut want = SimConfig::new(engine::Rules::classic(), 4, 60, 9);
        want.stakes = Some(engine::money::Stakes {
            base: 100,
            carries: None,
            rake: engine::money::Rake { numerator: 5, denominator: 100 },
        });
        let want = simulate::run(&want).unwrap();
        let mut s = SssSimSummary::default();
        assert_eq!(unsafe { sss_sim_report_summary(report, &mut s) }, SssStatus::SSS_OK);
        assert_eq!((s.rounds, s.hands, s.fouls, s.shots, s.players), (60, 240, want.fouls, want.shots, 4));
        assert_eq!(s.water, stat(&want.water.summary));
        assert_eq!(s.seats[3], stat(&want.seats[3].summary));
        assert_eq!((s.has_money, s.total_rake), (1, want.money.as_ref().unwrap().total_rake));
        assert_eq!(s.special_count as usize, want.specials.len());
        let mut sp = SssSimSpecial::default();
        assert_eq!(unsafe { sss_sim_report_special(report, 0, &mut sp) }, SssStatus::SSS_OK);
        assert_eq!((sp.special, sp.made), (want.specials[0].special as u8, want.specials[0].made));
        assert_eq!(unsafe { sss_sim_report_special(report, 99, &mut sp) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        let mut lanes = SssSimLanes::default();
        for (c, l) in want.lanes.iter().enumerate() {
            assert_eq!(unsafe { sss_sim_report_lanes(report, c as u32, &mut lanes) }, SssStatus::SSS_OK);
            assert_eq!(
                (lanes.category, lanes.front, lanes.middle, lanes.back, lanes.hands_with, lanes.hand_rate),
                (l.category as u8, l.front, l.middle, l.back, l.hands_with, l.hand_rate)
            );
        }
        assert_eq!(unsafe { sss_sim_report_lanes(report, 10, &mut lanes) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert!(last_error().contains("category 10"), "{}", last_error());
        let mut len = 0;
        assert_eq!(
            unsafe { sss_sim_report_to_json(report, std::ptr::null_mut(), 0, &mut len) },
            SssStatus::SSS_ERR_BUFFER_TOO_SMALL
        );
        let mut buf = vec![0u8; len + 1];
        assert_eq!(unsafe { sss_sim_report_to_json(report, buf.as_mut_ptr(), buf.len(), &mut len) }, SssStatus::SSS_OK);
        assert_eq!(std::str::from_utf8(&buf[..len]).unwrap(), want.to_json());
        unsafe { sss_sim_report_free(report) };
        unsafe { sss_rules_free(rules) };
    }

    #[test]
    // Arranges 8 seats of hands with copies: far too slow under the interpreter.
    #[cfg_attr(miri, ignore)]
    fn eight_seats_from_two_decks() {
        let rules = preset("classic");
        assert_eq!(unsafe { crate::rules::sss_rules_set_extra_suits(rules, 0xF) }, SssStatus::SSS_OK);
        let engine_rules = unsafe { (&*rules).inner.clone() };
        let mut c = config(8, 3, 5);
        c.with_money = 1;
        c.stakes.base = 100;
        c.carry_count = 8;
        c.carries = [10_000; SSS_MAX_SEATS];
        c.policy_count = 8;
        c.policies = [0, 1, 2, 0, 1, 2, 0, 1];
        let report = run(rules, &c).unwrap_or_else(|st| panic!("{st:?}: {}", last_error()));
        let mut want = SimConfig::new(engine_rules, 8, 3, 5);
        want.policies = [0, 1, 2, 0, 1, 2, 0, 1].map(|p| policy_in(p).unwrap()).to_vec();
        want.stakes = Some(engine::money::Stakes {
            base: 100,
            carries: Some(vec![10_000; 8]),
            rake: engine::money::Rake { numerator: 0, denominator: 1 },
        });
        let want = simulate::run(&want).unwrap();
        let mut s = SssSimSummary::default();
        assert_eq!(unsafe { sss_sim_report_summary(report, &mut s) }, SssStatus::SSS_OK);
        assert_eq!((s.players, s.rounds, s.hands), (8, 3, 24));
        for seat in 0..8 {
            assert_eq!(s.seats[seat], stat(&want.seats[seat].summary), "seat {seat}");
            assert_eq!(s.money_seats[seat], stat(&want.money.as_ref().unwrap().seats[seat]), "seat {seat}");
        }
        unsafe { sss_sim_report_free(report) };
        // Nine seats, and five at one deck, are no table.
        assert_eq!(run(rules, &config(9, 3, 5)).unwrap_err(), SssStatus::SSS_ERR_INVALID_TABLE);
        crate::boundary::tests::assert_names_table(9, 8);
        unsafe { sss_rules_free(rules) };
        let one = preset("classic");
        assert_eq!(run(one, &config(5, 3, 5)).unwrap_err(), SssStatus::SSS_ERR_INVALID_TABLE);
        crate::boundary::tests::assert_names_table(5, 4);
        unsafe { sss_rules_free(one) };
    }

    #[test]
    // Arranges 120 hands: hours under the interpreter.
    #[cfg_attr(miri, ignore)]
    fn a_banker_room_is_simulated_with_its_banker_seat() {
        let json = r#"{"preset": "kx", "table": "banker"}"#;
        let mut rules = null_mut();
        assert_eq!(
            unsafe { crate::rules::sss_rules_from_json(json.as_ptr(), json.len(), &mut rules) },
            SssStatus::SSS_OK
        );
        let mut c = config(4, 30, 9);
        c.has_banker = 1;
        c.banker = 2;
        let report = run(rules, &c).unwrap_or_else(|st| panic!("{st:?}: {}", last_error()));
        let mut want = SimConfig::new(engine::Rules::from_json(json).unwrap(), 4, 30, 9);
        want.banker = Some(2);
        let want = simulate::run(&want).unwrap();
        let got = &unsafe { handle_ref(report, "report") }.unwrap().inner;
        assert_eq!(got.banker(), Some(2));
        assert_eq!(got.to_json(), want.to_json());
        unsafe { sss_sim_report_free(report) };
        // The seat must be named, and be at the table.
        assert_eq!(run(rules, &config(4, 30, 9)).unwrap_err(), SssStatus::SSS_ERR_INVALID_TABLE);
        assert!(last_error().contains("name the banker seat"), "{}", last_error());
        c.banker = 4;
        assert_eq!(run(rules, &c).unwrap_err(), SssStatus::SSS_ERR_INVALID_TABLE);
        assert!(last_error().contains("banker seat 4 is not at the table"), "{}", last_error());
        unsafe { sss_rules_free(rules) };
    }

    #[test]
    fn bad_configurations_are_refused() {
        let rules = preset("classic");
        let cases: Vec<(SssSimConfig, SssStatus, &str)> = vec![
            (config(5, 10, 1), SssStatus::SSS_ERR_INVALID_TABLE, "players"),
            (config(4, 0, 1), SssStatus::SSS_ERR_INVALID_ARGUMENT, "rounds must be 1 to"),
            (SssSimConfig { policy_count: 2, ..config(4, 10, 1) }, SssStatus::SSS_ERR_INVALID_ARGUMENT, "2 policies"),
            (SssSimConfig { policy_count: 9, ..config(4, 10, 1) }, SssStatus::SSS_ERR_INVALID_ARGUMENT, "more than 8"),
            (
                SssSimConfig { policy_count: 1, policies: [7, 0, 0, 0, 0, 0, 0, 0], ..config(4, 10, 1) },
                SssStatus::SSS_ERR_INVALID_ARGUMENT,
                "unknown policy 7",
            ),
            (SssSimConfig { declare_specials: 2, ..config(4, 10, 1) }, SssStatus::SSS_ERR_INVALID_ARGUMENT, "0 or 1"),
            (SssSimConfig { reserved: [1], ..config(4, 10, 1) }, SssStatus::SSS_ERR_INVALID_ARGUMENT, "reserved"),
            (SssSimConfig { has_banker: 2, ..config(4, 10, 1) }, SssStatus::SSS_ERR_INVALID_ARGUMENT, "has_banker"),
            (SssSimConfig { banker: 1, ..config(4, 10, 1) }, SssStatus::SSS_ERR_INVALID_ARGUMENT, "without has_banker"),
            // A banker seat at an all-pairs table.
            (SssSimConfig { has_banker: 1, ..config(4, 10, 1) }, SssStatus::SSS_ERR_INVALID_TABLE, "all pairs"),
            (SssSimConfig { carry_count: 4, ..config(4, 10, 1) }, SssStatus::SSS_ERR_INVALID_ARGUMENT, "with_money"),
            (
                SssSimConfig {
                    with_money: 1,
                    stakes: SssStakes { base: -1, rake_numerator: 0, rake_denominator: 1 },
                    ..config(4, 10, 1)
                },
                SssStatus::SSS_ERR_INVALID_MONEY,
                "",
            ),
        ];
        for (c, want, needle) in cases {
            assert_eq!(run(rules, &c).unwrap_err(), want, "{c:?}");
            assert!(last_error().contains(needle), "{c:?}: {}", last_error());
        }
        let mut out = null_mut();
        let c = config(4, 10, 1);
        assert_eq!(unsafe { sss_simulate(rules, std::ptr::null(), &mut out) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_simulate(rules, &c, std::ptr::null_mut()) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_sim_config_init(std::ptr::null_mut(), 4, 1, 1) }, SssStatus::SSS_ERR_NULL_POINTER);
        unsafe { sss_rules_free(rules) };
    }

    fn json(report: *const SssSimReport) -> String {
        let mut len = 0;
        let _ = unsafe { sss_sim_report_to_json(report, std::ptr::null_mut(), 0, &mut len) };
        let mut buf = vec![0u8; len];
        assert_eq!(unsafe { sss_sim_report_to_json(report, buf.as_mut_ptr(), len, &mut len) }, SssStatus::SSS_OK);
        String::from_utf8(buf).unwrap()
    }

    fn shard(rules: *const SssRules, c: &SssSimConfig, first: u64, rounds: u64) -> *mut SssSimReport {
        let c = SssSimConfig { rounds, ..*c };
        let mut out = null_mut();
        assert_eq!(unsafe { sss_simulate_shard(rules, &c, first, &mut out) }, SssStatus::SSS_OK, "{}", last_error());
        out
    }

    #[test]
    // Plays 240 rounds of baselines: slow under the interpreter.
    #[cfg_attr(miri, ignore)]
    fn shards_merge_into_the_one_call_report() {
        let rules = preset("kx");
        let mut c = config(3, 120, 4);
        (c.policy_count, c.policies[0]) = (1, SssPolicy::SSS_POLICY_GREEDY as u32);
        (c.with_money, c.stakes.base, c.stakes.rake_numerator, c.stakes.rake_denominator) = (1, 10, 3, 100);
        let whole = run(rules, &c).unwrap();
        // Shards 50.., 0.. and 90..: merged out of order into the middle one's neighbours.
        let (a, b, d) = (shard(rules, &c, 0, 50), shard(rules, &c, 50, 40), shard(rules, &c, 90, 30));
        assert_eq!(unsafe { sss_sim_report_merge(b, a) }, SssStatus::SSS_OK, "{}", last_error());
        assert_eq!(unsafe { sss_sim_report_merge(b, d) }, SssStatus::SSS_OK, "{}", last_error());
        assert_eq!(json(b), json(whole));
        let (mut first, mut s) = (7, SssSimSummary::default());
        assert_eq!(unsafe { sss_sim_report_first_round(b, &mut first) }, SssStatus::SSS_OK);
        assert_eq!(unsafe { sss_sim_report_summary(b, &mut s) }, SssStatus::SSS_OK);
        assert_eq!((first, s.rounds), (0, 120));
        // Through the state text, as between processes.
        let mut len = 0;
        assert_eq!(
            unsafe { sss_sim_report_to_state(d, std::ptr::null_mut(), 0, &mut len) },
            SssStatus::SSS_ERR_BUFFER_TOO_SMALL
        );
        let mut buf = vec![0u8; len];
        assert_eq!(unsafe { sss_sim_report_to_state(d, buf.as_mut_ptr(), len, &mut len) }, SssStatus::SSS_OK);
        let mut back = null_mut();
        assert_eq!(unsafe { sss_sim_report_from_state(buf.as_ptr(), len, &mut back) }, SssStatus::SSS_OK);
        assert_eq!(json(back), json(d));
        assert_eq!(unsafe { sss_sim_report_first_round(back, &mut first) }, SssStatus::SSS_OK);
        assert_eq!(first, 90);
        // Refused: overlaps (again, itself), another run, bad state text; `into` unchanged.
        let before = json(b);
        assert_eq!(unsafe { sss_sim_report_merge(b, back) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert!(last_error().contains("overlap"), "{}", last_error());
        assert_eq!(unsafe { sss_sim_report_merge(b, b) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert!(last_error().contains("itself"), "{}", last_error());
        let other = shard(rules, &SssSimConfig { seed: 5, ..c }, 120, 10);
        assert_eq!(unsafe { sss_sim_report_merge(b, other) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert!(last_error().contains("seed differs"), "{}", last_error());
        let gap = shard(rules, &c, 121, 10);
        assert_eq!(unsafe { sss_sim_report_merge(b, gap) }, SssStatus::SSS_ERR_INVALID_ARGUMENT);
        assert!(last_error().contains("in no report"), "{}", last_error());
        assert_eq!(json(b), before);
        assert_eq!(unsafe { sss_sim_report_merge(null_mut(), a) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_sim_report_merge(b, std::ptr::null()) }, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(unsafe { sss_sim_report_merge(b, rules.cast::<SssSimReport>()) }, SssStatus::SSS_ERR_INVALID_HANDLE);
        let mut none = null_mut();
        assert_eq!(
            unsafe { sss_sim_report_from_state(buf.as_ptr(), len / 2, &mut none) },
            SssStatus::SSS_ERR_INVALID_ARGUMENT
        );
        assert!(none.is_null());
        assert_eq!(
            unsafe { sss_sim_report_from_state([0xFFu8].as_ptr(), 1, &mut none) },
            SssStatus::SSS_ERR_INVALID_UTF8
        );
        assert_eq!(
            unsafe { sss_sim_report_from_state(std::ptr::null(), 0, &mut none) },
            SssStatus::SSS_ERR_INVALID_ARGUMENT
        );
        // A last round past 2^64 - 1.
        let mut out = null_mut();
        assert_eq!(
            unsafe { sss_simulate_shard(rules, &c, u64::MAX - 10, &mut out) },
            SssStatus::SSS_ERR_INVALID_ARGUMENT
        );
        assert!(out.is_null() && last_error().contains("past"), "{}", last_error());
        for r in [whole, a, b, d, back, other, gap] {
            unsafe { sss_sim_report_free(r) };
        }
        unsafe { sss_rules_free(rules) };
    }
}
