//! The exact tallies: sums and histograms in integers (water in 1/840, money in minor units),
//! merged across workers and shards, and the figures derived from them.

use std::collections::BTreeMap;

use super::*;
use crate::error::{Error, Result};
use crate::eval::Category;
use crate::settle::Water;
use crate::special::Special;

/// Exact running figures of integer observations: count, sums and every value's count (the
/// histogram alone determines the rest).
#[derive(Clone, Default, PartialEq)]
pub(super) struct Exact {
    pub(super) count: u64,
    pub(super) sum: i128,
    pub(super) sum_sq: i128,
    pub(super) sum_abs: i128,
    pub(super) histogram: BTreeMap<i64, u64>,
}

impl Exact {
    pub(super) fn add(&mut self, x: i64) {
        self.count += 1;
        self.sum += x as i128;
        self.sum_sq += (x as i128) * (x as i128);
        self.sum_abs += x.unsigned_abs() as i128;
        *self.histogram.entry(x).or_insert(0) += 1;
    }

    pub(super) fn merge(&mut self, other: Exact) {
        self.count += other.count;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
        self.sum_abs += other.sum_abs;
        for (x, n) in other.histogram {
            *self.histogram.entry(x).or_insert(0) += n;
        }
    }

    /// [`Exact::merge`] of figures from outside a run: `None` (and `self` unchanged) when a sum
    /// would overflow.
    pub(super) fn try_merge(&mut self, other: &Exact) -> Option<()> {
        let count = self.count.checked_add(other.count)?;
        let sum = self.sum.checked_add(other.sum)?;
        let sum_sq = self.sum_sq.checked_add(other.sum_sq)?;
        let sum_abs = self.sum_abs.checked_add(other.sum_abs)?;
        for (x, n) in &other.histogram {
            self.histogram.get(x).unwrap_or(&0).checked_add(*n)?;
        }
        (self.count, self.sum, self.sum_sq, self.sum_abs) = (count, sum, sum_sq, sum_abs);
        for (&x, &n) in &other.histogram {
            *self.histogram.entry(x).or_insert(0) += n;
        }
        Some(())
    }

    /// The figures of a histogram of strictly increasing values with positive counts; `None`
    /// for any other list or one whose sums overflow.
    #[cfg(feature = "serde")]
    pub(super) fn from_bins(bins: &[(i64, u64)]) -> Option<Exact> {
        let mut e = Exact::default();
        let mut last = None;
        for &(x, n) in bins {
            if n == 0 || last.is_some_and(|l| l >= x) {
                return None;
            }
            last = Some(x);
            let (xi, ni) = (x as i128, n as i128);
            e.count = e.count.checked_add(n)?;
            e.sum = e.sum.checked_add(xi.checked_mul(ni)?)?;
            e.sum_sq = e.sum_sq.checked_add(xi.checked_mul(xi)?.checked_mul(ni)?)?;
            e.sum_abs = e.sum_abs.checked_add((x.unsigned_abs() as i128).checked_mul(ni)?)?;
            e.histogram.insert(x, n);
        }
        Some(e)
    }

    /// The summary in units of `unit` observations (840 for units of water, 1 for money).
    pub(super) fn summary(&self, unit: f64) -> Summary {
        let n = self.count;
        if n == 0 {
            return Summary::default();
        }
        let nf = n as f64;
        let mean = self.sum as f64 / nf / unit;
        // n·Σx² − (Σx)² exactly, then scaled: no cancellation however large the sums (in floats
        // only past i128, which no run reaches but merged outside figures might).
        let spread = (n as i128)
            .checked_mul(self.sum_sq)
            .zip(self.sum.checked_mul(self.sum))
            .and_then(|(a, b)| a.checked_sub(b))
            .map_or_else(|| nf * self.sum_sq as f64 - (self.sum as f64).powi(2), |s| s as f64);
        let sd = if n > 1 { (spread / (nf * (nf - 1.0))).max(0.0).sqrt() / unit } else { 0.0 };
        let half = 1.96 * sd / nf.sqrt();
        Summary { count: n, mean, sd, ci95: [mean - half, mean + half] }
    }

    pub(super) fn distribution(&self, unit: f64) -> Distribution {
        let n = self.count;
        let quantiles = QUANTILES
            .iter()
            .map(|&q| {
                // Nearest rank: the smallest value with at least ceil(q·n) observations at or
                // below it (the minimum for q = 0).
                let rank = ((q * n as f64).ceil() as u64).max(1);
                let mut seen = 0;
                let value = self
                    .histogram
                    .iter()
                    .find(|&(_, &c)| {
                        seen += c;
                        seen >= rank
                    })
                    .map_or(0, |(&x, _)| x);
                Quantile { q, value: value as f64 / unit }
            })
            .collect();
        Distribution {
            summary: self.summary(unit),
            mean_abs: if n == 0 { 0.0 } else { self.sum_abs as f64 / n as f64 / unit },
            quantiles,
            histogram: self.histogram.iter().map(|(&x, &count)| Bin { value: x as f64 / unit, count }).collect(),
        }
    }
}

/// A worker's counts.
#[derive(Clone, PartialEq)]
pub(super) struct Tally {
    pub(super) rounds: u64,
    pub(super) made: [u64; Special::ALL.len()],
    pub(super) declared: [u64; Special::ALL.len()],
    /// Lanes made, by category and lane (front, middle, back); the last column counts hands
    /// with at least one lane of the category.
    pub(super) lanes: [[u64; 4]; Category::ALL.len()],
    pub(super) fouls: u64,
    pub(super) shots: u64,
    pub(super) home_runs: u64,
    /// Water per seat, in units of 1/840.
    pub(super) seats: Vec<Exact>,
    pub(super) swing: Exact,
    /// Money per seat, in minor units.
    pub(super) money: Vec<Exact>,
    pub(super) rake: Exact,
    pub(super) house: Exact,
}

impl Tally {
    pub(super) fn new(players: usize) -> Tally {
        Tally {
            rounds: 0,
            made: [0; Special::ALL.len()],
            declared: [0; Special::ALL.len()],
            lanes: [[0; 4]; Category::ALL.len()],
            fouls: 0,
            shots: 0,
            home_runs: 0,
            seats: vec![Exact::default(); players],
            swing: Exact::default(),
            money: vec![Exact::default(); players],
            rake: Exact::default(),
            house: Exact::default(),
        }
    }

    pub(super) fn merge(&mut self, o: Tally) {
        for i in 0..Special::ALL.len() {
            self.made[i] += o.made[i];
            self.declared[i] += o.declared[i];
        }
        for (a, b) in self.lanes.iter_mut().flatten().zip(o.lanes.iter().flatten()) {
            *a += b;
        }
        self.fouls += o.fouls;
        self.shots += o.shots;
        self.home_runs += o.home_runs;
        for (a, b) in self.seats.iter_mut().zip(o.seats) {
            a.merge(b);
        }
        self.swing.merge(o.swing);
        for (a, b) in self.money.iter_mut().zip(o.money) {
            a.merge(b);
        }
        self.rake.merge(o.rake);
        self.house.merge(o.house);
    }

    /// [`Tally::merge`] of another report's counts, checked: an error (and `self` unchanged)
    /// when a count would overflow.
    pub(super) fn try_merge(&mut self, o: &Tally) -> Result<()> {
        let mut t = self.clone();
        let big = || Error::InvalidArgument("the merged counts would overflow".into());
        let add = |a: &mut u64, b: u64| -> Result<()> {
            *a = a.checked_add(b).ok_or_else(big)?;
            Ok(())
        };
        add(&mut t.rounds, o.rounds)?;
        for i in 0..Special::ALL.len() {
            add(&mut t.made[i], o.made[i])?;
            add(&mut t.declared[i], o.declared[i])?;
        }
        for (a, &b) in t.lanes.iter_mut().flatten().zip(o.lanes.iter().flatten()) {
            add(a, b)?;
        }
        add(&mut t.fouls, o.fouls)?;
        add(&mut t.shots, o.shots)?;
        add(&mut t.home_runs, o.home_runs)?;
        let exacts = t.seats.iter_mut().chain(t.money.iter_mut()).chain([&mut t.swing, &mut t.rake, &mut t.house]);
        let others = o.seats.iter().chain(o.money.iter()).chain([&o.swing, &o.rake, &o.house]);
        for (a, b) in exacts.zip(others) {
            a.try_merge(b).ok_or_else(big)?;
        }
        t.rounds.checked_mul(t.seats.len() as u64).ok_or_else(big)?;
        *self = t;
        Ok(())
    }

    /// The report of these counts of the run configured as `key` from round `first_round`.
    pub(super) fn report(self, key: Key, first_round: u64) -> SimReport {
        let config = &key;
        let units = Water::DENOMINATOR as f64;
        let hands = self.rounds * config.players as u64;
        let rate = |n: u64| n as f64 / hands as f64;
        let specials = config
            .rules
            .specials
            .iter()
            .map(|s| {
                let (made, declared) = (self.made[s.special as usize], self.declared[s.special as usize]);
                SpecialCount {
                    special: s.special,
                    water: s.water,
                    made,
                    declared,
                    made_rate: rate(made),
                    declared_rate: rate(declared),
                }
            })
            .collect();
        let lanes = Category::ALL
            .iter()
            .map(|&category| {
                let [front, middle, back, hands_with] = self.lanes[category as usize];
                LaneCount { category, front, middle, back, hands_with, hand_rate: rate(hands_with) }
            })
            .collect();
        let mut pooled = Exact::default();
        for s in &self.seats {
            pooled.merge(s.clone());
        }
        let money = config.stakes.as_ref().map(|stakes| {
            let mut amount = Exact::default();
            for s in &self.money {
                amount.merge(s.clone());
            }
            MoneyReport {
                stakes: stakes.clone(),
                seats: self.money.iter().map(|s| s.summary(1.0)).collect(),
                amount: amount.distribution(1.0),
                rake: self.rake.summary(1.0),
                house: self.house.summary(1.0),
                total_rake: self.rake.sum as i64,
                total_house: self.house.sum as i64,
            }
        });
        SimReport {
            rounds: self.rounds,
            first_round,
            players: config.players,
            seed: config.seed,
            policies: config.policies.clone(),
            specials_declared: config.specials,
            hands,
            specials,
            declared: self.declared.iter().sum(),
            lanes,
            fouls: self.fouls,
            shots: self.shots,
            home_runs: self.home_runs,
            seats: self.seats.iter().map(|s| s.distribution(units)).collect(),
            water: pooled.distribution(units),
            swing: self.swing.distribution(units),
            money,
            state: Box::new(State { key, tally: self }),
        }
    }
}
