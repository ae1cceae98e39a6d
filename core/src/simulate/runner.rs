//! The run itself: rounds handed out in blocks to the workers, each seat played by its policy,
//! settled, and tallied.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use super::*;
use crate::arrange::baseline::Baseline;
use crate::arrange::player::{play_seat, PlayerType};
use crate::arrange::{Arranger, Role};
use crate::card::Card;
use crate::deal::{Dealer, HAND_SIZE};
use crate::error::{Error, Result};
use crate::money::settle_money;
use crate::rules::Table as RulesTable;
use crate::settle::{Event, PlayerHand, SeatResult, Settlement, Settler, Water};
use crate::special::{Special, SpecialDetector};

/// Rounds a worker takes at a time: small enough to balance two to dozens of cores, large
/// enough that handing them out costs nothing.
pub(super) const BLOCK: u64 = 64;

/// Play the rounds of `config` and report.
///
/// Errors: [`Error::InvalidRules`] for an invalid rule set, [`Error::InvalidTable`] for a seat
/// count outside 2..=4, [`Error::InvalidMoney`] for bad stakes (carries not one per seat,
/// negative amounts, a rake over 100%), [`Error::InvalidArgument`] for 0 rounds (or more than
/// [`MAX_ROUNDS`]), a last round past `u64::MAX` (`first_round + rounds`) or a policy list of
/// the wrong length.
pub fn run(config: &SimConfig) -> Result<SimReport> {
    run_with_progress(config, &|_| {})
}

/// [`run`], calling `progress(rounds_done)` from the workers as blocks of rounds finish (for
/// a progress bar; the calls' order across threads is not fixed, `rounds_done` only grows).
pub fn run_with_progress(config: &SimConfig, progress: &(dyn Fn(u64) + Sync)) -> Result<SimReport> {
    let report = run_until(config, &|done| {
        progress(done);
        ControlFlow::Continue(())
    })?;
    // The callback never stops the run, so there is always a report.
    report.ok_or_else(|| Error::InvalidArgument("the simulation was stopped".into()))
}

/// [`run_with_progress`] that the callback can stop: when `progress(rounds_done)` returns
/// `ControlFlow::Break`, the workers finish the block they are playing (at most 64 rounds each)
/// and play no more, and the result is `Ok(None)`. For hosts that must answer an interrupt
/// (Python's Ctrl-C) or a cancel button during a long run.
pub fn run_until(config: &SimConfig, progress: &(dyn Fn(u64) -> ControlFlow<()> + Sync)) -> Result<Option<SimReport>> {
    let (policies, settler, banker) = checked(config)?;
    let players = config.players;
    let rules = &config.rules;
    let table = Table {
        settler,
        arranger: match (banker, policies.contains(&Policy::Arranger)) {
            (_, false) => None,
            (None, true) => Some(Arranger::new(rules, players)?),
            (Some(_), true) => Some(Arranger::new_for(rules, players, Role::Player)?),
        },
        banker_arranger: match (banker, policies.contains(&Policy::Arranger)) {
            (Some(_), true) => Some(Arranger::new_for(rules, players, Role::Banker)?),
            _ => None,
        },
        banker,
        detector: SpecialDetector::new(rules)?,
        policies,
        config,
    };

    let blocks = config.rounds.div_ceil(BLOCK);
    let threads = (config.thread_count() as u64).clamp(1, blocks) as usize;
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stopped = AtomicBool::new(false);
    let first_error: Mutex<Option<Error>> = Mutex::new(None);
    let work = || -> Tally {
        let mut tally = Tally::new(players);
        let mut scratch = Scratch::new(players);
        loop {
            let block = next.fetch_add(1, Ordering::Relaxed);
            if block >= blocks {
                break;
            }
            let start = block * BLOCK;
            let end = (start + BLOCK).min(config.rounds);
            for round in start..end {
                if let Err(e) = table.play(config.first_round + round, &mut tally, &mut scratch) {
                    // Cannot happen on validated input; reported rather than unwrapped.
                    first_error.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
                    next.store(blocks, Ordering::Relaxed);
                    return tally;
                }
            }
            if progress(done.fetch_add(end - start, Ordering::Relaxed) + (end - start)).is_break() {
                stopped.store(true, Ordering::Relaxed);
                next.store(blocks, Ordering::Relaxed);
            }
        }
        tally
    };
    let mut total = if threads == 1 {
        work()
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
            let mut total = Tally::new(players);
            for h in handles {
                // A worker only panics on an engine bug; pass it on unchanged.
                total.merge(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
            }
            total
        })
    };
    if let Some(e) = first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    if stopped.into_inner() {
        return Ok(None);
    }
    total.rounds = config.rounds;
    let key = Key {
        rules: config.rules.clone(),
        players,
        seed: config.seed,
        policies: table.policies,
        specials: config.specials,
        stakes: config.stakes.clone(),
        banker: table.banker,
    };
    Ok(Some(total.report(key, config.first_round)))
}

/// Check `config` as [`run`] does before it plays a round, and play none: the errors [`run`]
/// would return for it, without building an arranger. For hosts that hand a run's rounds to
/// other processes ([`SimReport::merge`]) and must refuse a bad configuration before any of
/// them starts.
pub fn validate(config: &SimConfig) -> Result<()> {
    checked(config)?;
    SpecialDetector::new(&config.rules)?;
    Ok(())
}

/// The seats' policies, the settler and the banker seat of a checked configuration (checked in
/// this order, so a configuration with several faults names the first).
pub(super) fn checked(config: &SimConfig) -> Result<(Vec<Policy>, Settler<'_>, Option<usize>)> {
    let players = config.players;
    config.rules.check_players(players)?;
    if config.rounds == 0 || config.rounds > MAX_ROUNDS {
        return Err(Error::InvalidArgument(format!(
            "{} rounds: a simulation plays 1 to {MAX_ROUNDS} rounds",
            config.rounds
        )));
    }
    if config.first_round.checked_add(config.rounds).is_none() {
        return Err(Error::InvalidArgument(format!(
            "first round {} and {} rounds: the last round would be past {}",
            config.first_round,
            config.rounds,
            u64::MAX
        )));
    }
    let policies = config.seat_policies()?;
    let settler = Settler::new(&config.rules)?;
    let banker = match (config.rules.table, config.banker) {
        (RulesTable::AllPairs, None) => None,
        (RulesTable::Banker, Some(b)) if b < players => Some(b),
        (RulesTable::Banker, Some(b)) => {
            return Err(Error::InvalidTable(format!(
                "banker seat {b} is not at the table (seats 0 to {})",
                players - 1
            )))
        }
        (RulesTable::Banker, None) => {
            return Err(Error::InvalidTable(
                "the rules are in banker mode (table = banker): name the banker seat (SimConfig::banker)".into(),
            ))
        }
        (_, Some(b)) => {
            return Err(Error::InvalidTable(format!(
                "banker seat {b} given, but the rules settle all pairs (table = all_pairs)"
            )))
        }
    };
    if let Some(stakes) = &config.stakes {
        // Checks the stakes against this table (carries per seat, ranges) before any play.
        settle_money(&vec![Water::ZERO; players], stakes)?;
    }
    Ok((policies, settler, banker))
}

/// Everything a worker reads.
pub(super) struct Table<'c> {
    pub(super) settler: Settler<'c>,
    pub(super) arranger: Option<Arranger>,
    /// The banker seat's arranger at a banker table (`arranger` plays the other seats).
    pub(super) banker_arranger: Option<Arranger>,
    pub(super) banker: Option<usize>,
    pub(super) detector: SpecialDetector,
    pub(super) policies: Vec<Policy>,
    pub(super) config: &'c SimConfig,
}

/// A worker's buffers, reused round after round.
pub(super) struct Scratch {
    pub(super) hands: Vec<PlayerHand>,
    pub(super) settlement: Settlement,
    pub(super) totals: Vec<Water>,
}

impl Scratch {
    pub(super) fn new(players: usize) -> Scratch {
        Scratch { hands: Vec::with_capacity(players), settlement: Settlement::default(), totals: Vec::new() }
    }
}

impl Table<'_> {
    /// One seat's hand and the special its cards make (the highest enabled one), if any.
    pub(super) fn seat(
        &self,
        seat: usize,
        policy: Policy,
        cards: &[Card; HAND_SIZE],
    ) -> Result<(PlayerHand, Option<Special>)> {
        let arranger = if self.banker == Some(seat) { &self.banker_arranger } else { &self.arranger };
        let player = match (policy, arranger) {
            (Policy::Arranger, Some(arranger)) => PlayerType::Arranger(arranger),
            (Policy::Product, _) => PlayerType::Baseline(Baseline::Product),
            _ => PlayerType::Baseline(Baseline::Greedy),
        };
        play_seat(player, cards, &self.config.rules, Some(&self.detector), self.config.specials)
    }

    pub(super) fn play(&self, round: u64, tally: &mut Tally, s: &mut Scratch) -> Result<()> {
        let players = self.config.players;
        let rules = &self.config.rules;
        // One deck: the allocation-free deal of four (the same cards as `deal`, §10).
        let (four, big);
        let deal: &[[Card; HAND_SIZE]] = if rules.extra_suits.is_empty() && rules.jokers == 0 {
            four = Dealer::from_seed(round_seed(self.config.seed, round)).deal_four();
            &four[..players]
        } else {
            big = Dealer::from_seed(round_seed(self.config.seed, round)).deal_for(rules, players)?;
            &big
        };
        s.hands.clear();
        for (seat, cards) in deal.iter().enumerate() {
            let (hand, made) = self.seat(seat, self.policies[seat], cards)?;
            if let Some(special) = made {
                tally.made[special as usize] += 1;
            }
            if let PlayerHand::Special { special, .. } = hand {
                tally.declared[special as usize] += 1;
            }
            s.hands.push(hand);
        }
        self.settler.settle_into_with_banker(&s.hands, self.banker, &mut s.settlement)?;
        for seat in &s.settlement.seats {
            if let SeatResult::Arranged { eval } = seat {
                if !eval.foul.is_foul() {
                    let cats = [eval.front.category(), eval.middle.category(), eval.back.category()];
                    for (lane, c) in cats.into_iter().enumerate() {
                        tally.lanes[c as usize][lane] += 1;
                    }
                    for (i, c) in cats.into_iter().enumerate() {
                        // Once per hand and category.
                        if !cats[..i].contains(&c) {
                            tally.lanes[c as usize][3] += 1;
                        }
                    }
                }
            }
        }
        for event in &s.settlement.events {
            match event {
                Event::Foul { .. } => tally.fouls += 1,
                Event::Shot { .. } => tally.shots += 1,
                Event::HomeRun { .. } => tally.home_runs += 1,
                _ => {}
            }
        }
        let totals = &s.settlement.totals;
        let mut swing = 0i64;
        for (seat, w) in totals.iter().enumerate() {
            let t = w.units();
            tally.seats[seat].add(t);
            swing += t.max(0);
        }
        tally.swing.add(swing);
        if let Some(stakes) = &self.config.stakes {
            s.totals.clone_from(totals);
            let money = settle_money(&s.totals, stakes)?;
            for (seat, line) in money.lines.iter().enumerate() {
                tally.money[seat].add(line.amount);
            }
            tally.rake.add(money.rake);
            tally.house.add(money.house);
        }
        Ok(())
    }
}
