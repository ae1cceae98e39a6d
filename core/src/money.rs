//! Money: turning a round's water into stakes (RULES.md §8, seed 003 KX).
//!
//! Every amount is an integer count of minor units (cents); every division truncates toward
//! zero; nothing is lost: what truncation and rake take from (or, rarely, give to) the table is
//! the house's share, so that `Σ amount + house + unclaimed == 0` exactly for every result.
//!
//! The steps for each seat, all reported in a [`MoneyLine`]:
//! 1. `raw = trunc(water × base)` (water may be a fraction in ranked mode);
//! 2. `capped`: `raw` limited to `±carry` (携带分, 防止以小博大), when carries are given;
//! 3. `scaled`: let `W` be the sum of capped wins and `L` the absolute sum of capped losses.
//!    The side with the smaller sum is paid as capped; every seat of the larger side gets
//!    `trunc(capped × smaller / larger)` (sign kept); equal sums are paid as capped;
//! 4. rake (抽水): a positive `scaled` result `x` is paid `trunc(x × (1 − rake))` and the rest
//!    goes to the house.
//!
//! The house's share is `rake + rounding`, where `rounding = −Σ scaled` is what truncation left
//! over. It is usually zero or positive; it is negative (the house pays a few minor units) only
//! when the *losing* side is scaled and truncation toward zero makes the losers pay slightly
//! less than the winners are owed — as in the seed's own example, where the losers pay 299.99
//! and the winners are owed 300.00. RULES.md prescribes truncation toward zero, so the engine
//! reports that cent rather than moving it to a player.
//!
//! Escape (逃跑, seed 000) is not zero-sum: the leaver pays 18 water and every other seat gets
//! 1; see [`escape`].

use crate::error::{Error, Result};
use crate::settle::{Water, MAX_SEATS, MIN_SEATS};

/// Water an escaping player pays (seed 000: 逃跑方扣十八水).
pub const ESCAPE_PENALTY: i64 = 18;
/// Water every remaining player receives when someone escapes (seed 000: 其余三家每家加一水).
pub const ESCAPE_COMPENSATION: i64 = 1;

/// The house's cut of positive results, as the exact fraction `numerator / denominator`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(remote = "Self", deny_unknown_fields))]
pub struct Rake {
    /// Numerator, `0 ≤ numerator ≤ denominator`.
    pub numerator: i64,
    /// Denominator, at least 1.
    pub denominator: i64,
}

impl Rake {
    /// No rake.
    pub const NONE: Rake = Rake { numerator: 0, denominator: 1 };

    /// A whole percentage, e.g. `Rake::percent(5)` for KX's 5%.
    pub const fn percent(p: i64) -> Rake {
        Rake { numerator: p, denominator: 100 }
    }

    /// Basis points (1/100 of a percent), e.g. 250 for 2.5%.
    pub const fn basis_points(bp: i64) -> Rake {
        Rake { numerator: bp, denominator: 10_000 }
    }

    /// Check the fraction: denominator ≥ 1, `0 ≤ rake ≤ 100%`.
    pub fn validate(&self) -> Result<()> {
        if self.denominator <= 0 {
            return Err(Error::InvalidMoney(format!("rake denominator must be at least 1, got {}", self.denominator)));
        }
        if self.numerator < 0 {
            return Err(Error::InvalidMoney(format!("rake {}/{} is negative", self.numerator, self.denominator)));
        }
        if self.numerator > self.denominator {
            return Err(Error::InvalidMoney(format!("rake {}/{} is over 100%", self.numerator, self.denominator)));
        }
        Ok(())
    }
}

impl Default for Rake {
    fn default() -> Rake {
        Rake::NONE
    }
}

/// The money settings of a table.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(remote = "Self", deny_unknown_fields))]
pub struct Stakes {
    /// Minor units per water point (底注), at least 0.
    pub base: i64,
    /// Each seat's carry (携带分) in minor units, at least 0; `None` for no cap.
    pub carries: Option<Vec<i64>>,
    /// The house's cut of positive results.
    pub rake: Rake,
}

/// One seat's way from water to money.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoneyLine {
    /// The seat's water.
    pub water: Water,
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

/// A round in money.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoneyResult {
    /// One line per seat.
    pub lines: Vec<MoneyLine>,
    /// Total rake.
    pub rake: i64,
    /// What truncation left over: `−Σ scaled` (signed, see the module docs).
    pub rounding: i64,
    /// The house's share: `rake + rounding`.
    pub house: i64,
    /// Escape only: what the leaver pays that no one receives (§8: not zero-sum). 0 otherwise.
    pub unclaimed: i64,
}

impl MoneyResult {
    /// Each seat's final amount.
    pub fn amounts(&self) -> Vec<i64> {
        self.lines.iter().map(|l| l.amount).collect()
    }
}

/// Settle a round's water in money (§8). `water` is one entry per seat, e.g.
/// [`Settlement::totals`](crate::settle::Settlement::totals); it must sum to zero, as every
/// settlement's does ([`Error::InvalidMoney`] otherwise; an escape is [`escape`]).
///
/// ```
/// use shisanshui::money::{settle_money, Rake, Stakes};
/// use shisanshui::settle::Water;
/// // Seed 003: carries 1000/500/200/500, results −200/−800/+900/+100 (a stake of 1.00 per water
/// // point, in cents), 5% rake.
/// let water = [-200, -800, 900, 100].map(Water::from_int);
/// let stakes = Stakes { base: 100, carries: Some(vec![100_000, 50_000, 20_000, 50_000]), rake: Rake::percent(5) };
/// let money = settle_money(&water, &stakes).unwrap();
/// assert_eq!(money.amounts(), vec![-8571, -21428, 19000, 9500]);
/// assert_eq!(money.house, 1499);
/// ```
pub fn settle_money(water: &[Water], stakes: &Stakes) -> Result<MoneyResult> {
    validate(water.len(), stakes)?;
    // Every settlement's water sums to zero; other water would be scaled to the smaller side
    // without a word, so it is refused. (An escape is not zero-sum: see `escape`.)
    let sum: i128 = water.iter().map(|w| w.units() as i128).sum();
    if sum != 0 {
        let shown = i64::try_from(sum)
            .map_or_else(|_| format!("{sum}/{}", Water::DENOMINATOR), |t| Water::from_units(t).to_string());
        return Err(Error::InvalidMoney(format!(
            "the water sums to {shown}, not 0; a settled round always sums to 0 (an escape has its own call)"
        )));
    }
    let mut lines = raw_lines(water, stakes)?;
    let (wins, losses) = sides(&lines);
    // The larger side is scaled down to the smaller; equal sides are paid as capped.
    for l in &mut lines {
        l.scaled = if wins < losses && l.capped < 0 {
            scale(l.capped, wins, losses)
        } else if losses < wins && l.capped > 0 {
            scale(l.capped, losses, wins)
        } else {
            l.capped
        };
    }
    Ok(finish(lines, stakes.rake, 0))
}

/// The water of an escape (§8, seed 000): the leaver pays [`ESCAPE_PENALTY`], every other seat
/// receives [`ESCAPE_COMPENSATION`].
pub fn escape_water(seats: usize, leaver: usize) -> Result<Vec<Water>> {
    check_seats(seats)?;
    if leaver >= seats {
        return Err(Error::InvalidTable(format!("the leaver is seat {leaver}, but the table has {seats} seats")));
    }
    Ok((0..seats).map(|s| Water::from_int(if s == leaver { -ESCAPE_PENALTY } else { ESCAPE_COMPENSATION })).collect())
}

/// An escape in money. The leaver pays 18 water × base and every other seat receives
/// 1 × base, each capped at its carry. The round is not zero-sum (RULES.md §8: the difference
/// belongs to no one), so there is no proportional scaling — except that the stayers are never
/// paid more than the leaver actually pays: when the leaver's capped payment is smaller than
/// their capped total, they are scaled down to it exactly as the larger side of §8. The rest of
/// the leaver's payment is reported as `unclaimed`; rake is taken from positive results.
pub fn escape(seats: usize, leaver: usize, stakes: &Stakes) -> Result<MoneyResult> {
    let water = escape_water(seats, leaver)?;
    validate(seats, stakes)?;
    let mut lines = raw_lines(&water, stakes)?;
    let (wins, losses) = sides(&lines);
    for l in &mut lines {
        l.scaled = if losses < wins && l.capped > 0 { scale(l.capped, losses, wins) } else { l.capped };
    }
    let paid_out: i128 = lines.iter().map(|l| l.scaled.max(0) as i128).sum();
    // Unscaled, the leaver's surplus belongs to no one; scaled, what truncation leaves over is
    // the house's rounding (computed in `finish`).
    // Fits: it is at most the leaver's capped payment.
    let unclaimed = if losses > wins { (losses - paid_out) as i64 } else { 0 };
    Ok(finish(lines, stakes.rake, unclaimed))
}

#[cfg(feature = "serde")]
crate::rules::named_fields_only!(Rake, Stakes);

fn check_seats(seats: usize) -> Result<()> {
    if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
        return Err(Error::InvalidTable(format!("a table has {MIN_SEATS} to {MAX_SEATS} players, got {seats}")));
    }
    Ok(())
}

fn validate(seats: usize, stakes: &Stakes) -> Result<()> {
    check_seats(seats)?;
    if stakes.base < 0 {
        return Err(Error::InvalidMoney(format!("the base stake is negative ({})", stakes.base)));
    }
    if let Some(carries) = &stakes.carries {
        if carries.len() != seats {
            return Err(Error::InvalidMoney(format!("{} carries for {seats} seats", carries.len())));
        }
        if let Some((seat, c)) = carries.iter().enumerate().find(|(_, &c)| c < 0) {
            return Err(Error::InvalidMoney(format!("the carry of seat {seat} is negative ({c})")));
        }
    }
    stakes.rake.validate()
}

/// Steps 1 and 2: `raw` and `capped` for every seat.
fn raw_lines(water: &[Water], stakes: &Stakes) -> Result<Vec<MoneyLine>> {
    let lines = water
        .iter()
        .enumerate()
        .map(|(seat, &w)| {
            // Rust's integer division truncates toward zero, as §8 asks.
            let raw = w.units() as i128 * stakes.base as i128 / Water::DENOMINATOR as i128;
            let raw = i64::try_from(raw).map_err(|_| {
                Error::InvalidMoney(format!("seat {seat}: {w} water × {} overflows 64-bit minor units", stakes.base))
            })?;
            let capped = match &stakes.carries {
                Some(c) => raw.clamp(-c[seat], c[seat]),
                None => raw,
            };
            Ok(MoneyLine { water: w, raw, capped, scaled: capped, rake: 0, amount: capped })
        })
        .collect::<Result<Vec<_>>>()?;
    // Every later sum (rake, rounding, house) is bounded by this one, so it must fit too.
    if lines.iter().map(|l| l.raw.unsigned_abs() as u128).sum::<u128>() > i64::MAX as u128 {
        return Err(Error::InvalidMoney(format!(
            "water × base stake {} overflows 64-bit minor units across the table",
            stakes.base
        )));
    }
    Ok(lines)
}

/// Sum of capped wins and absolute sum of capped losses (i128: four i64 cannot overflow it).
fn sides(lines: &[MoneyLine]) -> (i128, i128) {
    let wins = lines.iter().map(|l| l.capped.max(0) as i128).sum();
    let losses = lines.iter().map(|l| -(l.capped.min(0) as i128)).sum();
    (wins, losses)
}

/// `trunc(x × smaller / larger)`; `larger > smaller ≥ 0`, so the result is no larger than `x`.
fn scale(x: i64, smaller: i128, larger: i128) -> i64 {
    (x as i128 * smaller / larger) as i64
}

/// Step 4 (rake) and the house's share.
fn finish(mut lines: Vec<MoneyLine>, rake: Rake, unclaimed: i64) -> MoneyResult {
    let (num, den) = (rake.numerator as i128, rake.denominator as i128);
    let mut total_rake = 0i64;
    let mut scaled_sum = 0i64;
    for l in &mut lines {
        let x = l.scaled;
        let kept = if x > 0 { (x as i128 * (den - num) / den) as i64 } else { x };
        l.rake = x - kept;
        l.amount = kept;
        total_rake += l.rake;
        scaled_sum += x;
    }
    let rounding = -scaled_sum - unclaimed;
    MoneyResult { lines, rake: total_rake, rounding, house: total_rake + rounding, unclaimed }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_003_example() {
        let water = [-200, -800, 900, 100].map(Water::from_int);
        let stakes = Stakes { base: 100, carries: Some(vec![100_000, 50_000, 20_000, 50_000]), rake: Rake::percent(5) };
        let m = settle_money(&water, &stakes).unwrap();
        assert_eq!(m.amounts(), vec![-8571, -21428, 19000, 9500]);
        assert_eq!(m.rake, 1500);
        assert_eq!(m.rounding, -1);
        assert_eq!(m.amounts().iter().sum::<i64>() + m.house, 0);
    }
}
