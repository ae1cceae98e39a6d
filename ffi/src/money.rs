//! Money (RULES.md §8): a round's water in integer minor units with a base stake, optional
//! carry caps (携带分) and a rake (抽水) given as an exact fraction; and the escape (逃跑).
//!
//! Every amount is an `int64_t` count of minor units (cents); every division truncates toward
//! zero; `Σ amount + house + unclaimed == 0` exactly.

use engine::money::{escape, settle_money, MoneyLine, MoneyResult, Rake, Stakes};
use engine::settle::Water;

use crate::boundary::{ref_in, slice_in, BufOut, Failure, Out, SssStatus};
use crate::settle::{water_out, SssWater};

/// The money settings of a table (carries are passed beside it as an array).
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssStakes {
    /// Minor units per water point (底注), at least 0.
    pub base: i64,
    /// The house's cut of positive results is `rake_numerator / rake_denominator`
    /// (0 ≤ rake ≤ 1; 5% is 5 / 100). 0 / 1 for no rake.
    pub rake_numerator: i64,
    /// At least 1.
    pub rake_denominator: i64,
}

/// One seat's way from water to money. 64 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssMoneyLine {
    /// The seat's water.
    pub water: SssWater,
    /// `trunc(water × base)`.
    pub raw: i64,
    /// After the carry cap.
    pub capped: i64,
    /// After the proportional scaling of the larger side.
    pub scaled: i64,
    /// Rake taken from a positive result (0 otherwise).
    pub rake: i64,
    /// What the seat receives (negative: pays): `scaled − rake`.
    pub amount: i64,
}

/// The table's side of a round in money. 32 bytes.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SssMoneyTotals {
    /// Total rake.
    pub rake: i64,
    /// What truncation left over: `−Σ scaled` (signed; −1 in the seed's own example, where the
    /// losers pay one cent less than the winners are owed).
    pub rounding: i64,
    /// The house's share: `rake + rounding`.
    pub house: i64,
    /// Escape only: what the leaver pays that no one receives (not zero-sum). 0 otherwise.
    pub unclaimed: i64,
}

fn line_out(l: &MoneyLine) -> SssMoneyLine {
    SssMoneyLine {
        water: water_out(l.water),
        raw: l.raw,
        capped: l.capped,
        scaled: l.scaled,
        rake: l.rake,
        amount: l.amount,
    }
}

/// The engine's stakes from C's: `carries` of length 0 means no caps (a table has at least 2
/// seats, so an empty list is never a real one).
pub(crate) fn stakes_in(stakes: &SssStakes, carries: &[i64]) -> Stakes {
    Stakes {
        base: stakes.base,
        carries: (!carries.is_empty()).then(|| carries.to_vec()),
        rake: Rake { numerator: stakes.rake_numerator, denominator: stakes.rake_denominator },
    }
}

/// Copy a result out: the lines into the caller's array, then the totals. The lines are the one
/// copy-out that can fail (too small), so it goes first and the totals are written only on
/// success.
unsafe fn money_out(
    m: &MoneyResult,
    lines: BufOut<SssMoneyLine>,
    out_totals: Out<SssMoneyTotals>,
) -> Result<(), Failure> {
    let converted: Vec<SssMoneyLine> = m.lines.iter().map(line_out).collect();
    unsafe { lines.write_items(&converted, None)? };
    let totals = SssMoneyTotals { rake: m.rake, rounding: m.rounding, house: m.house, unclaimed: m.unclaimed };
    unsafe { out_totals.write(totals) };
    Ok(())
}

/// Settle a round's water in money (RULES.md §8): `water_units` holds one amount per seat in
/// units of 1/840 of a water point (`SssWater.units`, e.g. from `sss_settlement_totals` or
/// `sss_settle_many`; whole water `w` is `SSS_WATER_DENOMINATOR × w` = `840 × w`). Per seat: `raw = trunc(water × base)`; capped at `±carry` when
/// `carry_count` is non-zero (then it must equal `count`); the larger side (sum of wins or of
/// losses) scaled down to the smaller, truncating; a positive result pays the rake.
///
/// The lines go to `out_lines` (capacity `cap`; `SSS_MAX_SEATS` always suffices, their number in
/// `*out_count`), the table totals to `*out_totals`. Errors: `SSS_ERR_INVALID_TABLE` (not 2 to
/// `SSS_MAX_SEATS` (8) seats), `SSS_ERR_INVALID_MONEY` (negative base or carry, carries not one per seat, a rake
/// below 0 or over 100% or with a denominator below 1, an amount overflowing 64 bits),
/// `SSS_ERR_BUFFER_TOO_SMALL` (with the needed count), `SSS_ERR_NULL_POINTER`. Outputs other
/// than the needed count are written only on success.
///
/// # Safety
/// `water_units` valid for `count` values and `carries` for `carry_count` (either may be NULL
/// when its count is 0); `stakes` valid; `out_lines` valid for `cap` writes (or NULL when `cap`
/// is 0); `out_count` and `out_totals` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn sss_money_settle(
    water_units: *const i64,
    count: usize,
    stakes: *const SssStakes,
    carries: *const i64,
    carry_count: usize,
    out_lines: *mut SssMoneyLine,
    cap: usize,
    out_count: *mut usize,
    out_totals: *mut SssMoneyTotals,
) -> SssStatus {
    ffi_boundary!({
        let water = unsafe { slice_in(water_units, count, "water_units")? };
        let stakes = unsafe { ref_in(stakes, "stakes")? };
        let carries = unsafe { slice_in(carries, carry_count, "carries")? };
        let lines =
            unsafe { BufOut::with_names(out_lines, cap, out_count, "out_lines", "out_count", "money (lines)")? };
        let totals = unsafe { Out::new(out_totals, "out_totals")? };
        let water: Vec<Water> = water.iter().map(|&t| Water::from_units(t)).collect();
        let m = settle_money(&water, &stakes_in(stakes, carries))?;
        unsafe { money_out(&m, lines, totals) }
    })
}

/// Check a rake (the house's cut of positive results, `numerator / denominator`, RULES.md §8) as
/// `sss_money_settle` checks it, so a wrapper can refuse a bad one where it is made, with the
/// library's own message. Errors: `SSS_ERR_INVALID_MONEY` (a denominator below 1, a negative
/// rake, a rake over 100%).
#[no_mangle]
pub extern "C" fn sss_rake_check(numerator: i64, denominator: i64) -> SssStatus {
    ffi_boundary!({ Ok(Rake { numerator, denominator }.validate()?) })
}

/// An escape (逃跑, RULES.md §8, seed 000) in money: seat `leaver` of a `seats`-seat table pays
/// 18 water × base and every other seat receives 1 × base, each capped at its carry; the stayers
/// are scaled down to what the leaver actually pays; rake on positive results. Not zero-sum:
/// what no one receives is `unclaimed`. Arguments, outputs and errors as `sss_money_settle`,
/// plus `SSS_ERR_INVALID_TABLE` for a leaver not at the table.
///
/// # Safety
/// As `sss_money_settle`.
#[no_mangle]
pub unsafe extern "C" fn sss_money_escape(
    seats: usize,
    leaver: usize,
    stakes: *const SssStakes,
    carries: *const i64,
    carry_count: usize,
    out_lines: *mut SssMoneyLine,
    cap: usize,
    out_count: *mut usize,
    out_totals: *mut SssMoneyTotals,
) -> SssStatus {
    ffi_boundary!({
        let stakes = unsafe { ref_in(stakes, "stakes")? };
        let carries = unsafe { slice_in(carries, carry_count, "carries")? };
        let lines =
            unsafe { BufOut::with_names(out_lines, cap, out_count, "out_lines", "out_count", "money (lines)")? };
        let totals = unsafe { Out::new(out_totals, "out_totals")? };
        let m = escape(seats, leaver, &stakes_in(stakes, carries))?;
        unsafe { money_out(&m, lines, totals) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boundary::tests::last_error;
    use std::ptr::{null, null_mut};

    #[test]
    fn rake_check() {
        for (n, d) in [(0, 1), (5, 100), (250, 10_000), (1, 1)] {
            assert_eq!(sss_rake_check(n, d), SssStatus::SSS_OK, "{n}/{d}");
        }
        for (n, d, message) in [
            (5, 0, "invalid money setting: rake denominator must be at least 1, got 0"),
            (-1, 100, "invalid money setting: rake -1/100 is negative"),
            (101, 100, "invalid money setting: rake 101/100 is over 100%"),
        ] {
            assert_eq!(sss_rake_check(n, d), SssStatus::SSS_ERR_INVALID_MONEY, "{n}/{d}");
            assert_eq!(last_error(), message);
        }
    }

    fn money(
        water: &[i64],
        stakes: SssStakes,
        carries: &[i64],
    ) -> Result<(Vec<SssMoneyLine>, SssMoneyTotals), SssStatus> {
        let units: Vec<i64> = water.iter().map(|w| w * 840).collect();
        let mut lines = [SssMoneyLine::default(); 8];
        let mut n = 99;
        let mut totals = SssMoneyTotals { house: 77, ..Default::default() };
        let st = unsafe {
            sss_money_settle(
                units.as_ptr(),
                units.len(),
                &stakes,
                carries.as_ptr(),
                carries.len(),
                lines.as_mut_ptr(),
                lines.len(),
                &mut n,
                &mut totals,
            )
        };
        if st != SssStatus::SSS_OK {
            assert_eq!((n, totals.house), (99, 77), "no write on failure");
            return Err(st);
        }
        Ok((lines[..n].to_vec(), totals))
    }

    const KX: SssStakes = SssStakes { base: 100, rake_numerator: 5, rake_denominator: 100 };

    #[test]
    fn seed_003_example() {
        // Carries 1000/500/200/500 yuan (cents here), results −200/−800/+900/+100 water at
        // 1 yuan a point, 5% rake: −85.71, −214.28, +190.00, +95.00 (RULES.md §8).
        let (lines, t) = money(&[-200, -800, 900, 100], KX, &[100_000, 50_000, 20_000, 50_000]).unwrap();
        assert_eq!(lines.iter().map(|l| l.amount).collect::<Vec<_>>(), [-8571, -21428, 19000, 9500]);
        assert_eq!(lines.iter().map(|l| l.capped).collect::<Vec<_>>(), [-20000, -50000, 20000, 10000]);
        assert_eq!((lines[1].water.num, lines[1].raw, lines[2].rake), (-800, -80000, 1000));
        assert_eq!((t.rake, t.rounding, t.house, t.unclaimed), (1500, -1, 1499, 0));
        // No caps, no rake.
        let none = SssStakes { base: 250, rake_numerator: 0, rake_denominator: 1 };
        let (lines, t) = money(&[204, -55, -76, -73], none, &[]).unwrap();
        assert_eq!(lines.iter().map(|l| l.amount).collect::<Vec<_>>(), [51000, -13750, -19000, -18250]);
        assert_eq!(t, SssMoneyTotals::default());
    }

    #[test]
    fn fractions_escape_and_errors() {
        // Ranked example I: −40/3, 4, 50/3, −22/3 at base 100.
        let units = [-160i64, 48, 200, -88].map(|t| t * 70);
        let mut lines = [SssMoneyLine::default(); 4];
        let (mut n, mut t) = (0, SssMoneyTotals::default());
        let none = SssStakes { base: 100, rake_numerator: 0, rake_denominator: 1 };
        let st =
            unsafe { sss_money_settle(units.as_ptr(), 4, &none, null(), 0, lines.as_mut_ptr(), 4, &mut n, &mut t) };
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!(lines.map(|l| l.amount), [-1333, 400, 1666, -733]);
        assert_eq!((lines[0].water.num, lines[0].water.den), (-40, 3));
        // Too small: the count only.
        let st =
            unsafe { sss_money_settle(units.as_ptr(), 4, &none, null(), 0, lines.as_mut_ptr(), 3, &mut n, &mut t) };
        assert_eq!((st, n), (SssStatus::SSS_ERR_BUFFER_TOO_SMALL, 4));

        // Escape: seat 2 of 4 leaves; 5% rake: 95 each, 1500 unclaimed, house 15.
        let st = unsafe { sss_money_escape(4, 2, &KX, null(), 0, lines.as_mut_ptr(), 4, &mut n, &mut t) };
        assert_eq!(st, SssStatus::SSS_OK);
        assert_eq!(lines.map(|l| l.amount), [95, 95, -1800, 95]);
        assert_eq!((t.unclaimed, t.house), (1500, 15));
        let mut lines8 = [SssMoneyLine::default(); 8];
        let st = unsafe { sss_money_escape(8, 7, &KX, null(), 0, lines8.as_mut_ptr(), 8, &mut n, &mut t) };
        assert_eq!((st, n), (SssStatus::SSS_OK, 8));
        assert_eq!(lines8[7].amount, -1800);
        let st = unsafe { sss_money_escape(4, 4, &KX, null(), 0, lines.as_mut_ptr(), 4, &mut n, &mut t) };
        assert_eq!(st, SssStatus::SSS_ERR_INVALID_TABLE);
        assert!(last_error().contains("leaver is seat 4"), "{}", last_error());

        let carries = [100_000, 50_000, 20_000, 50_000];
        assert_eq!(money(&[-200, -800, 900, 100], KX, &[100, -1, 5, 5]), Err(SssStatus::SSS_ERR_INVALID_MONEY));
        assert_eq!(last_error(), "invalid money setting: the carry of seat 1 is negative (-1)");
        assert_eq!(money(&[-200, -800, 900, 100], KX, &carries[..3]), Err(SssStatus::SSS_ERR_INVALID_MONEY));
        assert_eq!(last_error(), "invalid money setting: 3 carries for 4 seats");
        let over = SssStakes { rake_numerator: 101, ..KX };
        assert_eq!(money(&[-1, 1], over, &[]), Err(SssStatus::SSS_ERR_INVALID_MONEY));
        assert!(last_error().contains("over 100%"));
        let negative = SssStakes { base: -1, ..KX };
        assert_eq!(money(&[-1, 1], negative, &[]), Err(SssStatus::SSS_ERR_INVALID_MONEY));
        let zero_den = SssStakes { rake_denominator: 0, ..KX };
        assert_eq!(money(&[-1, 1], zero_den, &[]), Err(SssStatus::SSS_ERR_INVALID_MONEY));
        // Water that does not sum to zero (no settlement makes it) is refused, not scaled away.
        assert_eq!(money(&[3, -1, -1], KX, &[]), Err(SssStatus::SSS_ERR_INVALID_MONEY));
        assert!(last_error().contains("water sums to 1, not 0"), "{}", last_error());
        assert_eq!(money(&[-18, 1, 1, 1], KX, &[]), Err(SssStatus::SSS_ERR_INVALID_MONEY), "escape water");
        assert_eq!(money(&[1], KX, &[]), Err(SssStatus::SSS_ERR_INVALID_TABLE));
        // Up to 8 seats (big tables, RULES.md §11); 9 is no table.
        let (lines8, _) = money(&[7, -1, -1, -1, -1, -1, -1, -1], KX, &[]).unwrap();
        assert_eq!(
            lines8.iter().map(|l| l.amount).collect::<Vec<_>>(),
            [665, -100, -100, -100, -100, -100, -100, -100]
        );
        assert_eq!(money(&[8, -1, -1, -1, -1, -1, -1, -1, -1], KX, &[]), Err(SssStatus::SSS_ERR_INVALID_TABLE));
        let st = unsafe { sss_money_settle(null(), 2, &KX, null(), 0, lines.as_mut_ptr(), 4, &mut n, &mut t) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        let st =
            unsafe { sss_money_settle(units.as_ptr(), 4, null(), null(), 0, lines.as_mut_ptr(), 4, &mut n, &mut t) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        let st =
            unsafe { sss_money_settle(units.as_ptr(), 4, &KX, null(), 0, lines.as_mut_ptr(), 4, &mut n, null_mut()) };
        assert_eq!(st, SssStatus::SSS_ERR_NULL_POINTER);
        assert_eq!(last_error(), "argument `out_totals` is NULL");
    }

    #[test]
    fn struct_layouts_are_fixed() {
        assert_eq!(std::mem::size_of::<SssStakes>(), 24);
        assert_eq!(std::mem::size_of::<SssMoneyLine>(), 64);
        assert_eq!(std::mem::size_of::<SssMoneyTotals>(), 32);
    }
}
