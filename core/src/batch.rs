//! Batches: many hands or rounds in one call, into slices the caller owns, on one thread or
//! several.
//!
//! [`Batch`] holds the one option, the thread count (1 by default: the calling thread only).
//! Its methods evaluate 5- and 3-card hands given as card codes or as 64-bit card masks, detect
//! special hands, auto-arrange 13-card hands and settle whole rounds. The C, Python and C#
//! `*_many` functions are thin shells over these.
//!
//! ```
//! use shisanshui::batch::Batch;
//! use shisanshui::{Evaluator, HandRank, Rules};
//!
//! let eval = Evaluator::new(&Rules::classic());
//! // Two hands as codes (rank * 4 + suit): a royal flush in spades and A-A-K-K-Q.
//! let hands = [[51, 47, 43, 39, 35], [51, 50, 47, 46, 43]];
//! let mut ranks = [HandRank::default(); 2];
//! Batch::new().eval5(&eval, &hands, &mut ranks).unwrap();
//! assert!(ranks[0] > ranks[1]);
//!
//! // A bad row is named, and the outputs are left as they were.
//! let err = Batch::new().threads(2).eval5(&eval, &[[0, 1, 2, 3, 4], [0, 1, 2, 3, 60]], &mut ranks).unwrap_err();
//! assert_eq!(err.row(), Some(1));
//! assert_eq!(err.to_string(), "row 1: card code 60 is out of range (valid codes are 0..=51)");
//! assert!(ranks[0] > ranks[1]);
//! ```
//!
//! The rules every method follows:
//!
//! - **Inputs are checked in full, outputs written only on success.** Card codes must be below 52
//!   (53 with the jokers of a joker rule set, RULES.md §12) and no card more often in a hand (a
//!   round, for settlement) than the rule set's deck holds it; a mask must have exactly the hand's
//!   number of bits, all below bit 52 but for the jokers' bits 52 and 53 where the deck deals
//!   them (a mask holds one of each). The error names the first bad row ([`BatchError::row`]):
//!   the lowest index whose input is bad, whatever the thread count. A failed call writes
//!   nothing to its outputs. Evaluation and detection check every row first and then compute
//!   straight into the outputs (once the input is valid they cannot fail); arrangement and
//!   settlement compute into one buffer of the batch's size and copy it out when every row has
//!   succeeded.
//! - **No allocation per row**: evaluation and detection allocate nothing; arrangement and
//!   settlement allocate that one result buffer (and settlement one reused `Settlement` per
//!   thread).
//! - **The same results for any thread count.** Each row's result depends on that row alone;
//!   threads take contiguous parts of the batch (`std::thread::scope`), so the outputs are those
//!   of the single-threaded call bit for bit. Small batches use fewer threads (a thread is only
//!   started for a part worth more than starting it).
//! - Evaluation goes through [`Evaluator::eval5_batch`]'s engine: hands in enumeration (or any
//!   sorted) order share the work of their first three cards.
//! - **Jokers** (RULES.md §12): a row holding one gives what the one-hand function gives it (a
//!   lane its best value, [`Evaluator::eval5_jokers`]). The check finds such rows; a batch
//!   without one runs exactly the joker-free code, and one with them takes a separate path.

use std::fmt;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::arrange::Arranger;
use crate::card::{cards_from_codes_in, Card, CardSet, CopyCounter, SuitSet};
use crate::deck::Deck;
use crate::error::Error;
use crate::eval::{gen, Evaluator, HandRank};
use crate::lanes::Arrangement;
use crate::settle::{check_banker, PlayerHand, Settlement, Settler, Water, MAX_SEATS, MIN_SEATS};
use crate::special::SpecialDetector;

/// What a failed batch reports: the engine's error and, when one row's input caused it, that
/// row's index (the first bad one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchError {
    row: Option<usize>,
    error: Error,
}

impl BatchError {
    /// An error of one row.
    pub fn at(row: usize, error: Error) -> BatchError {
        BatchError { row: Some(row), error }
    }

    /// An error of the whole call (mismatched lengths, a bad seat count).
    pub fn whole(error: Error) -> BatchError {
        BatchError { row: None, error }
    }

    /// The index of the first bad row (a hand, or a round for settlement); `None` when the
    /// error is not about one row.
    pub fn row(&self) -> Option<usize> {
        self.row
    }

    /// The engine's error for that row (positions count within the row).
    pub fn error(&self) -> &Error {
        &self.error
    }

    /// The engine's error, without the row.
    pub fn into_error(self) -> Error {
        self.error
    }
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.row {
            Some(row) => write!(f, "row {row}: {}", self.error),
            None => fmt::Display::fmt(&self.error, f),
        }
    }
}

impl std::error::Error for BatchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// The `best` entry of [`Batch::detect_special`] for a hand that makes no enabled special (the
/// C ABI's `SSS_SPECIAL_NONE`).
pub const NO_SPECIAL: u8 = 255;

/// Options of a batch call: how many threads. `Batch::new()` (or `Batch::default()`) runs on
/// the calling thread alone.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Batch {
    threads: usize,
}

impl Default for Batch {
    fn default() -> Batch {
        Batch::new()
    }
}

/// Fewest rows per extra thread, by the cost of a row: below this a thread costs more to start
/// (some tens of microseconds) than it saves.
const MIN_ROWS_EVAL: usize = 1 << 16;
const MIN_ROWS_SPECIAL: usize = 1 << 10;
const MIN_ROWS_ARRANGE: usize = 4;
const MIN_ROWS_SETTLE: usize = 1 << 8;

/// Masks turned into codes per step of the mask forms (on the stack: 2.5 KiB for five cards).
const MASK_STEP: usize = 512;

impl Batch {
    /// One thread: the calling thread.
    pub const fn new() -> Batch {
        Batch { threads: 1 }
    }

    /// Use up to `n` threads (the calling thread and `n - 1` more); `0` means one per core the
    /// system reports (`std::thread::available_parallelism`). Results do not depend on it.
    pub const fn threads(self, n: usize) -> Batch {
        Batch { threads: n }
    }

    /// The thread count asked for (`0`: one per core).
    pub const fn thread_count(&self) -> usize {
        self.threads
    }

    /// Threads to use for `rows` rows of which each extra thread needs `min_rows`.
    fn threads_for(&self, rows: usize, min_rows: usize) -> usize {
        let asked = match self.threads {
            0 => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
            n => n,
        };
        asked.min(rows.div_ceil(min_rows)).max(1)
    }

    /// Rank five-card hands given as codes: `out[i]` is the rank of `hands[i]`, as
    /// [`Evaluator::evaluate`] gives it.
    ///
    /// A hand holding jokers (where the evaluator's deck deals them) is ranked as
    /// [`Evaluator::evaluate`] ranks it: its best value (RULES.md §12).
    ///
    /// Errors (nothing written): [`Error::InvalidArgument`] when the lengths differ;
    /// [`Error::BadCardCode`], [`Error::DuplicateCard`], [`Error::TooManyCopies`] or
    /// [`Error::JokerNotInDeck`] naming the first bad row.
    pub fn eval5(&self, eval: &Evaluator, hands: &[[u8; 5]], out: &mut [HandRank]) -> Result<(), BatchError> {
        same_len("hands", hands.len(), out.len())?;
        let threads = self.threads_for(hands.len(), MIN_ROWS_EVAL);
        let jokers = AtomicBool::new(false);
        in_parts(threads, hands, 1, |s, p| check_codes_in(s, p, eval.deck(), &jokers))?;
        if jokers.into_inner() {
            return in_parts_out(threads, hands, 1, out, 1, |_, part, out| {
                eval5_with_jokers(eval, part, out);
                Ok(())
            });
        }
        in_parts_out(threads, hands, 1, out, 1, |_, part, out| {
            eval.batch5(part, out);
            Ok(())
        })
    }

    /// Rank five-card hands given as card masks (bit `code` set per card, as
    /// [`CardSet::bits`]): `out[i]` is the rank of the five cards of `masks[i]`.
    ///
    /// Bits 52 and 53 are the small and the big joker where the evaluator's deck deals them (a
    /// mask holds one of each, RULES.md §12); such a hand is ranked at its best value.
    ///
    /// Errors (nothing written): [`Error::InvalidArgument`] when the lengths differ;
    /// [`Error::BadCardCode`] for a bit at 52 or above (but a joker's where the deck deals
    /// jokers), [`Error::JokerNotInDeck`] for a joker's bit where the deck deals none of that
    /// joker, [`Error::WrongCardCount`] for a mask without exactly five bits, naming the first
    /// bad row.
    pub fn eval5_masks(&self, eval: &Evaluator, masks: &[u64], out: &mut [HandRank]) -> Result<(), BatchError> {
        same_len("masks", masks.len(), out.len())?;
        let threads = self.threads_for(masks.len(), MIN_ROWS_EVAL);
        let jokers = AtomicBool::new(false);
        in_parts(threads, masks, 1, |s, p| check_masks::<5>(s, p, eval.deck(), &jokers))?;
        let with_jokers = jokers.into_inner();
        in_parts_out(threads, masks, 1, out, 1, |_, part, out| {
            let mut codes = [[0u8; 5]; MASK_STEP];
            for (masks, out) in part.chunks(MASK_STEP).zip(out.chunks_mut(MASK_STEP)) {
                let codes = &mut codes[..masks.len()];
                for (c, &m) in codes.iter_mut().zip(masks) {
                    *c = mask_codes(m);
                }
                if with_jokers {
                    eval5_with_jokers(eval, codes, out);
                } else {
                    eval.batch5(codes, out);
                }
            }
            Ok(())
        })
    }

    /// Rank three-card hands (fronts) given as codes: `out[i]` is the rank of `hands[i]` (a front
    /// with jokers at its best value). Errors as [`Batch::eval5`].
    pub fn eval3(&self, eval: &Evaluator, hands: &[[u8; 3]], out: &mut [HandRank]) -> Result<(), BatchError> {
        same_len("hands", hands.len(), out.len())?;
        let threads = self.threads_for(hands.len(), MIN_ROWS_EVAL);
        let jokers = AtomicBool::new(false);
        in_parts(threads, hands, 1, |s, p| check_codes_in(s, p, eval.deck(), &jokers))?;
        if jokers.into_inner() {
            return in_parts_out(threads, hands, 1, out, 1, |_, part, out| {
                eval3_with_jokers(eval, part, out);
                Ok(())
            });
        }
        in_parts_out(threads, hands, 1, out, 1, |_, part, out| {
            for (h, o) in part.iter().zip(out) {
                *o = eval.eval3_codes(h);
            }
            Ok(())
        })
    }

    /// Rank three-card hands given as card masks (the jokers' bits as in
    /// [`Batch::eval5_masks`]). Errors as [`Batch::eval5_masks`] (three bits).
    pub fn eval3_masks(&self, eval: &Evaluator, masks: &[u64], out: &mut [HandRank]) -> Result<(), BatchError> {
        same_len("masks", masks.len(), out.len())?;
        let threads = self.threads_for(masks.len(), MIN_ROWS_EVAL);
        let jokers = AtomicBool::new(false);
        in_parts(threads, masks, 1, |s, p| check_masks::<3>(s, p, eval.deck(), &jokers))?;
        if jokers.into_inner() {
            return in_parts_out(threads, masks, 1, out, 1, |_, part, out| {
                for (&m, o) in part.iter().zip(out) {
                    *o = eval3_row(eval, &mask_codes(m));
                }
                Ok(())
            });
        }
        in_parts_out(threads, masks, 1, out, 1, |_, part, out| {
            for (&m, o) in part.iter().zip(out) {
                *o = eval.eval3_codes(&mask_codes(m));
            }
            Ok(())
        })
    }

    /// Detect the special hands of 13-card hands: `best[i]` is the highest enabled special
    /// `hands[i]` makes under the detector's rule set (`Special as u8`, decode with
    /// [`crate::Special::from_index`]), or [`NO_SPECIAL`]; when given, `all[i]` has bit
    /// `special as u8` set for every enabled special the hand makes
    /// ([`SpecialDetector::qualifying_bits`]). The same answers as [`SpecialDetector::detect`],
    /// hands with jokers included (RULES.md §12: none unless the rule set's
    /// `jokers_in_specials`).
    ///
    /// Errors (nothing written): [`Error::InvalidArgument`] when the lengths differ;
    /// [`Error::BadCardCode`], [`Error::DuplicateCard`], [`Error::TooManyCopies`] or
    /// [`Error::JokerNotInDeck`] naming the first bad row.
    pub fn detect_special(
        &self,
        detector: &SpecialDetector,
        hands: &[[u8; 13]],
        best: &mut [u8],
        all: Option<&mut [u16]>,
    ) -> Result<(), BatchError> {
        same_len("hands", hands.len(), best.len())?;
        if let Some(all) = &all {
            same_len("hands", hands.len(), all.len())?;
        }
        let threads = self.threads_for(hands.len(), MIN_ROWS_SPECIAL);
        let jokers = AtomicBool::new(false);
        let plain = Deck::from(detector.extra_suits());
        // The detector's jokers are only looked up when a row needs them: a joker (or any bad
        // row) fails this check and goes to the path that knows them.
        if in_parts(threads, hands, 1, |s, p| check_codes_in(s, p, plain, &jokers)).is_err() {
            return detect_special_with_jokers(threads, detector, hands, best, all);
        }
        // A hand with copies (RULES.md §11) is no bit set: it takes the detector's own reading.
        let qualifying = |h: &[u8; 13]| {
            let bits = codes_bits(h);
            if bits.count_ones() == 13 {
                detector.qualifying_bits(CardSet(bits))
            } else {
                detector.qualifying_copies(&to_cards(h))
            }
        };
        let top = |bits: u16| detector.best_of(bits).map_or(NO_SPECIAL, |s| s as u8);
        match all {
            None => in_parts_out(threads, hands, 1, best, 1, |_, part, best| {
                for (h, b) in part.iter().zip(best) {
                    *b = top(qualifying(h));
                }
                Ok(())
            }),
            Some(all) => {
                in_parts_out(threads, hands, 1, all, 1, |_, part, all| {
                    for (h, a) in part.iter().zip(all) {
                        *a = qualifying(h);
                    }
                    Ok(())
                })?;
                // Picking the best from the bits is a few instructions a row: one thread.
                for (b, &a) in best.iter_mut().zip(all.iter()) {
                    *b = top(a);
                }
                Ok(())
            }
        }
    }

    /// Auto-arrange 13-card hands: `out[i]` is [`Arranger::arrange`] of `hands[i]` as 13 codes
    /// in lane order (front 3, middle 5, back 5, each lane as the arranger lists it; a joker
    /// stays a joker code, placed where the arranger plays it, RULES.md §12).
    ///
    /// Errors (nothing written): [`Error::InvalidArgument`] when the lengths differ;
    /// [`Error::NoLegalArrangement`] when a hand has none (`strict_order`);
    /// [`Error::BadCardCode`], [`Error::DuplicateCard`],
    /// [`Error::TooManyCopies`] or [`Error::JokerNotInDeck`]; each naming the first bad row.
    pub fn arrange(&self, arranger: &Arranger, hands: &[[u8; 13]], out: &mut [[u8; 13]]) -> Result<(), BatchError> {
        same_len("hands", hands.len(), out.len())?;
        let threads = self.threads_for(hands.len(), MIN_ROWS_ARRANGE);
        // Jokers need nothing of their own here: the arranger plays them.
        let jokers = AtomicBool::new(false);
        in_parts(threads, hands, 1, |s, p| check_codes_in(s, p, arranger.rules().deck_spec(), &jokers))?;
        let mut staged = vec![[0u8; 13]; hands.len()];
        in_parts_out(threads, hands, 1, &mut staged, 1, |start, part, staged| {
            for (i, (h, o)) in part.iter().zip(staged).enumerate() {
                let arranged = arranger.arrange(&to_any_cards(h)).map_err(|e| BatchError::at(start + i, e))?;
                *o = arranged.arrangement.cards().map(Card::code);
            }
            Ok(())
        })?;
        out.copy_from_slice(&staged);
        Ok(())
    }

    /// Settle many rounds of `seats` players who all play their lanes: round `r` is
    /// `hands[r * seats .. (r + 1) * seats]`, each hand 13 codes in lane order (front 3, middle
    /// 5, back 5, as [`Batch::arrange`] writes them; fouls are allowed and settled as fouls), and
    /// `out[r * seats + s]` becomes seat `s`'s total ([`Settlement::totals`]). Declared
    /// specials are settled one round at a time with [`Settler::settle`]. For rules that settle
    /// all pairs; a banker room's rounds go to [`Batch::settle_with_bankers`].
    ///
    /// Errors (nothing written): [`Error::InvalidTable`] for a seat count outside 2 to the rule
    /// set's [`crate::Rules::max_players`], or
    /// (naming round 0) for banker-mode rules; [`Error::InvalidArgument`] when `hands` is not
    /// whole rounds or `out` is not one total per hand; [`Error::BadCardCode`], or
    /// [`Error::DuplicateCard`], [`Error::TooManyCopies`] or [`Error::JokerNotInDeck`] (a
    /// round holds each joker as often as the deck deals it, RULES.md §12) with its position
    /// counted across the table as `seat × 13 + index` as [`Settler::settle`] counts it, naming
    /// the first bad round. Lanes with jokers are valued as [`Settler::settle`] values them.
    pub fn settle(
        &self,
        settler: &Settler<'_>,
        seats: usize,
        hands: &[[u8; 13]],
        out: &mut [Water],
    ) -> Result<(), BatchError> {
        self.settle_rounds(settler, seats, None, hands, out)
    }

    /// As [`Batch::settle`], with each round's banker seat, as
    /// [`Settler::settle_into_with_banker`] takes it: for a banker room (RULES.md §5a,
    /// `table = banker`) `bankers[r]` is `Some` seat of round `r` (0 to `seats − 1`; it may
    /// change from round to round), and only the pairs with it are settled; under rules that
    /// settle all pairs every entry is `None`.
    ///
    /// Errors (nothing written): those of [`Batch::settle`]; [`Error::InvalidArgument`] when
    /// `bankers` is not one entry per round; [`Error::InvalidTable`], naming the first bad round,
    /// for a banker seat not at the table, a missing one under banker mode, or one given under
    /// all pairs.
    pub fn settle_with_bankers(
        &self,
        settler: &Settler<'_>,
        seats: usize,
        bankers: &[Option<usize>],
        hands: &[[u8; 13]],
        out: &mut [Water],
    ) -> Result<(), BatchError> {
        self.settle_rounds(settler, seats, Some(bankers), hands, out)
    }

    fn settle_rounds(
        &self,
        settler: &Settler<'_>,
        seats: usize,
        bankers: Option<&[Option<usize>]>,
        hands: &[[u8; 13]],
        out: &mut [Water],
    ) -> Result<(), BatchError> {
        check_seats(seats)?;
        settler.rules().check_players(seats).map_err(BatchError::whole)?;
        if hands.len() % seats != 0 {
            return Err(BatchError::whole(Error::InvalidArgument(format!(
                "{} hands are not whole rounds of {seats} seats",
                hands.len()
            ))));
        }
        same_len("hands", hands.len(), out.len())?;
        let rounds = hands.len() / seats;
        if let Some(b) = bankers {
            if b.len() != rounds {
                return Err(BatchError::whole(Error::InvalidArgument(format!(
                    "{} banker entries for {rounds} rounds (one per round)",
                    b.len()
                ))));
            }
        }
        let banker_of = |round: usize| bankers.and_then(|b| b[round]);
        let threads = self.threads_for(rounds, MIN_ROWS_SETTLE);
        let deck = settler.rules().deck_spec();
        in_parts(threads, hands, seats, |start, part| {
            for (r, round) in part.chunks_exact(seats).enumerate() {
                let fail = |e| BatchError::at(start + r, e);
                check_banker(settler.rules().table, banker_of(start + r), seats).map_err(fail)?;
                if deck.jokers() == 0 {
                    check_round(round, deck.extra_suits()).map_err(fail)?;
                } else {
                    check_round_jokers(round, deck).map_err(fail)?;
                }
            }
            Ok(())
        })?;
        let mut staged = vec![Water::ZERO; hands.len()];
        // Without jokers in the deck the rows hold none (checked above): the lanes are read for
        // the extra suits alone, the joker-free path; with them, 52 and 53 are the jokers.
        let rules = settler.rules();
        if rules.jokers == 0 {
            settle_parts(threads, settler, seats, &banker_of, hands, &mut staged, rules.extra_suits, to_cards)?;
        } else {
            settle_parts(threads, settler, seats, &banker_of, hands, &mut staged, rules.deck_spec(), to_any_cards)?;
        }
        out.copy_from_slice(&staged);
        Ok(())
    }
}

/// Settle checked rounds into `staged`, each hand's cards read by `cards` and its lanes made
/// for `deck` (the round's copies were checked against it already).
#[allow(clippy::too_many_arguments)]
fn settle_parts<D: Into<Deck> + Copy + Sync>(
    threads: usize,
    settler: &Settler<'_>,
    seats: usize,
    banker_of: &(impl Fn(usize) -> Option<usize> + Sync),
    hands: &[[u8; 13]],
    staged: &mut [Water],
    deck: D,
    cards: impl Fn(&[u8; 13]) -> [Card; 13] + Sync,
) -> Result<(), BatchError> {
    in_parts_out(threads, hands, seats, staged, seats, |start, part, staged| {
        let mut settlement = Settlement::default();
        let mut table: Vec<PlayerHand> = Vec::with_capacity(seats);
        for (r, (round, o)) in part.chunks_exact(seats).zip(staged.chunks_exact_mut(seats)).enumerate() {
            let fail = |e| BatchError::at(start + r, e);
            table.clear();
            for h in round {
                let c = cards(h);
                let a = Arrangement::new_in(&c[..3], &c[3..8], &c[8..], deck);
                table.push(PlayerHand::Arranged(a.map_err(fail)?));
            }
            settler.settle_into_with_banker(&table, banker_of(start + r), &mut settlement).map_err(fail)?;
            o.copy_from_slice(&settlement.totals);
        }
        Ok(())
    })
}

fn same_len(what: &str, inputs: usize, outputs: usize) -> Result<(), BatchError> {
    if inputs == outputs {
        return Ok(());
    }
    Err(BatchError::whole(Error::InvalidArgument(format!(
        "{inputs} {what} but {outputs} output slots (the lengths must be equal)"
    ))))
}

/// Run `f(first_row, part)` on `threads` contiguous parts of `input` (rows of `width` items),
/// the first part on the calling thread; the error of the earliest failing part wins, so the
/// row reported is the first bad row whatever the thread count.
fn in_parts<I: Sync>(
    threads: usize,
    input: &[I],
    width: usize,
    f: impl Fn(usize, &[I]) -> Result<(), BatchError> + Sync,
) -> Result<(), BatchError> {
    let rows = input.len() / width;
    if threads <= 1 || rows < 2 {
        return f(0, input);
    }
    let per = rows.div_ceil(threads);
    let f = &f;
    std::thread::scope(|s| {
        let mut parts = input.chunks(per * width).enumerate();
        let (_, first) = parts.next().expect("at least one part");
        let handles: Vec<_> = parts.map(|(k, part)| s.spawn(move || f(k * per, part))).collect();
        let mut result = f(0, first);
        for h in handles {
            let r = h.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
            if result.is_ok() {
                result = r;
            }
        }
        result
    })
}

/// [`in_parts`] with an output of `out_width` items per row, split alongside the input.
fn in_parts_out<I: Sync, O: Send>(
    threads: usize,
    input: &[I],
    width: usize,
    out: &mut [O],
    out_width: usize,
    f: impl Fn(usize, &[I], &mut [O]) -> Result<(), BatchError> + Sync,
) -> Result<(), BatchError> {
    let rows = input.len() / width;
    if threads <= 1 || rows < 2 {
        return f(0, input, out);
    }
    let per = rows.div_ceil(threads);
    let f = &f;
    std::thread::scope(|s| {
        let mut parts = input.chunks(per * width).zip(out.chunks_mut(per * out_width)).enumerate();
        let (_, (first, first_out)) = parts.next().expect("at least one part");
        let handles: Vec<_> = parts.map(|(k, (part, o))| s.spawn(move || f(k * per, part, o))).collect();
        let mut result = f(0, first, first_out);
        for h in handles {
            let r = h.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
            if result.is_ok() {
                result = r;
            }
        }
        result
    })
}

/// Any bit at 52 or above: what a bad code or a repeated card leaves in the checks below.
const POISON: u64 = 1 << 63;
const HIGH_BITS: u64 = !((1u64 << 52) - 1);

/// `1 << code` for codes below 52, [`POISON`] for every other `u8`.
static BIT: [u64; 256] = {
    let mut t = [POISON; 256];
    let mut c = 0;
    while c < 52 {
        t[c] = 1 << c;
        c += 1;
    }
    t
};

/// The card bits of two codes, indexed as `PAIR_KEYS` is (the codes as the bytes of a
/// little-endian `u16`, masked to `0x3F3F`): [`POISON`] when they are equal or either is 52 or
/// more. Codes of 64 and up are masked away here and caught by [`HIGH_CODE`].
static PAIR_BITS: [u64; gen::PAIR_LEN] = {
    let mut t = [POISON; gen::PAIR_LEN];
    let mut i = 0;
    while i < 52 {
        let mut j = 0;
        while j < 52 {
            if i != j {
                t[i | j << 8] = 1 << i | 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// The bits of a code byte that mark it as 64 or more.
const HIGH_CODE: u32 = 0xC0C0_C0C0;

/// Hands of codes the fast check takes in one step: a bad hand only makes the step be looked
/// at again hand by hand.
const CHECK_STEP: usize = 64;

/// A hand of codes that [`check_codes_in`] tests without a branch per hand: `acc` gathers what
/// each hand leaves, and the step is good exactly when [`Acc::good`] says so at its end.
trait Codes: Sync {
    fn add_to(&self, acc: &mut Acc);
    fn codes(&self) -> &[u8];
}

/// What the hands of a step leave: the union of every hand's card bits (a bad code or a
/// repeat inside a pair sets bits at 52 and up), every difference between a hand's union and
/// its sum of bits (non-zero exactly when a bit is shared: a repeated card), and every code
/// byte ORed together (bits `HIGH_CODE` for a code of 64 or more, which the tables mask away).
#[derive(Default)]
struct Acc {
    union: u64,
    shared: u64,
    bytes: u32,
}

impl Acc {
    #[inline(always)]
    fn good(&self) -> bool {
        (self.union & HIGH_BITS) | self.shared | u64::from(self.bytes & HIGH_CODE) == 0
    }
}

impl Codes for [u8; 5] {
    #[inline(always)]
    fn add_to(&self, acc: &mut Acc) {
        let w = u32::from_le_bytes([self[0], self[1], self[2], self[3]]);
        let (a, b, c) =
            (PAIR_BITS[(w & 0x3F3F) as usize], PAIR_BITS[(w >> 16 & 0x3F3F) as usize], BIT[self[4] as usize]);
        let or = a | b | c;
        // The sum equals the union exactly when no bit is shared: five distinct cards.
        acc.shared |= or ^ a.wrapping_add(b).wrapping_add(c);
        acc.union |= or;
        acc.bytes |= w | u32::from(self[4]);
    }
    fn codes(&self) -> &[u8] {
        self
    }
}

impl Codes for [u8; 3] {
    #[inline(always)]
    fn add_to(&self, acc: &mut Acc) {
        let (a, c) = (PAIR_BITS[(u16::from_le_bytes([self[0], self[1]]) & 0x3F3F) as usize], BIT[self[2] as usize]);
        let or = a | c;
        acc.shared |= or ^ a.wrapping_add(c);
        acc.union |= or;
        acc.bytes |= u32::from(self[0] | self[1]);
    }
    fn codes(&self) -> &[u8] {
        self
    }
}

impl Codes for [u8; 13] {
    #[inline(always)]
    fn add_to(&self, acc: &mut Acc) {
        let mut bits = 0u64;
        for &c in self {
            bits |= 1u64 << (c & 63);
            acc.bytes |= u32::from(c);
        }
        acc.union |= bits;
        acc.shared |= u64::from(bits.count_ones() != 13);
    }
    fn codes(&self) -> &[u8] {
        self
    }
}

/// Whether one hand is good.
fn good<H: Codes>(h: &H) -> bool {
    let mut acc = Acc::default();
    h.add_to(&mut acc);
    acc.good()
}

/// Check every hand of `part` (rows from `start`): codes below 52 (jokers where `deck` deals
/// them), no card more often than `deck` holds it (RULES.md §11, §12; one deck: cards distinct).
/// A step that fails the fast check (which takes any repeat or joker for an error) is looked at
/// hand by hand; the error is the one [`cards_from_codes_in`] gives for the first bad hand. A
/// good hand holding a joker sets `jokers`.
fn check_codes_in<H: Codes>(start: usize, part: &[H], deck: Deck, jokers: &AtomicBool) -> Result<(), BatchError> {
    for (k, step) in part.chunks(CHECK_STEP).enumerate() {
        let mut acc = Acc::default();
        for h in step {
            h.add_to(&mut acc);
        }
        if !acc.good() {
            check_step(start + k * CHECK_STEP, step, deck, jokers)?;
        }
    }
    Ok(())
}

/// [`check_codes_in`] hand by hand, for a step the fast check refused (rows from `first`); out
/// of line, so that the fast loop stays small.
#[inline(never)]
fn check_step<H: Codes>(first: usize, step: &[H], deck: Deck, jokers: &AtomicBool) -> Result<(), BatchError> {
    for (i, h) in step.iter().enumerate() {
        if good(h) {
            continue;
        }
        match cards_from_codes_in(h.codes(), deck) {
            Err(e) => return Err(BatchError::at(first + i, e)),
            Ok(_) if h.codes().iter().any(|&c| c >= 52) => jokers.store(true, Ordering::Relaxed),
            Ok(_) if !deck.extra_suits().is_empty() => {}
            // The fast check and `cards_from_codes` agree on every input; kept as an error.
            Ok(_) => {
                return Err(BatchError::at(
                    first + i,
                    Error::InvalidArgument("the card codes failed the batch check".into()),
                ))
            }
        }
    }
    Ok(())
}

/// The jokers' bits of a mask (RULES.md §12: a mask holds one of each).
const JOKER_BITS: u64 = 0b11 << 52;

/// Check masks of `N` cards: no bit at 52 or above but the jokers' where `deck` deals them,
/// exactly `N` bits. A step that fails the fast check (which takes a joker for an error) is
/// looked at mask by mask; a good mask holding a joker sets `jokers`.
fn check_masks<const N: u32>(start: usize, part: &[u64], deck: Deck, jokers: &AtomicBool) -> Result<(), BatchError> {
    for (k, step) in part.chunks(CHECK_STEP).enumerate() {
        let bad = |&m: &u64| (m & HIGH_BITS != 0) | (m.count_ones() != N);
        if !step.iter().fold(false, |any, m| any | bad(m)) {
            continue;
        }
        for (i, &m) in step.iter().enumerate() {
            if !bad(&m) {
                continue;
            }
            match mask_error::<N>(m, deck) {
                Some(error) => return Err(BatchError::at(start + k * CHECK_STEP + i, error)),
                None => jokers.store(true, Ordering::Relaxed),
            }
        }
    }
    Ok(())
}

/// What is wrong with a mask the fast check refused, or `None` for a good mask with jokers: a
/// bad bit first (a joker's bit is a bad bit where the deck deals no joker, as code 52 is a bad
/// code there), then the count, then a joker the deck does not deal (named at its place among
/// the mask's cards, lowest first).
#[cold]
#[inline(never)]
fn mask_error<const N: u32>(m: u64, deck: Deck) -> Option<Error> {
    let dealt = if deck.jokers() == 0 { 0 } else { JOKER_BITS };
    if let Err(e) = CardSet::from_bits(m & !dealt) {
        return Some(e);
    }
    if m.count_ones() != N {
        return Some(Error::WrongCardCount { expected: N as usize, found: m.count_ones() as usize, lane: None });
    }
    let codes: [u8; 5] = mask_codes(m);
    cards_from_codes_in(&codes[..N as usize], deck).err()
}

/// The codes of a checked mask, lowest first.
#[inline(always)]
fn mask_codes<const N: usize>(mut m: u64) -> [u8; N] {
    let mut out = [0u8; N];
    for c in &mut out {
        *c = m.trailing_zeros() as u8;
        m &= m.wrapping_sub(1);
    }
    out
}

/// The card set of 13 checked codes.
#[inline]
fn codes_bits(h: &[u8; 13]) -> u64 {
    h.iter().fold(0, |bits, &c| bits | 1 << c)
}

/// Cards of checked codes (below 52).
fn to_cards(h: &[u8; 13]) -> [Card; 13] {
    // Checked before: `from_code` cannot fail here, and the placeholder is never kept.
    h.map(|c| Card::from_code(c).unwrap_or(Card::new(crate::card::Rank::Two, crate::card::Suit::Diamonds)))
}

/// Cards of checked codes where the deck deals jokers (52 and 53 among them).
fn to_any_cards<const N: usize>(h: &[u8; N]) -> [Card; N] {
    h.map(|c| Card::from_any_code(c).unwrap_or(Card::SMALL_JOKER))
}

/// A five-card lane with or without jokers: its best value, as [`Evaluator::evaluate`] gives it.
#[inline]
fn eval5_row(eval: &Evaluator, h: &[u8; 5]) -> HandRank {
    if h.iter().any(|&c| c >= 52) {
        eval.eval5_jokers(&to_any_cards(h)).1
    } else {
        eval.eval5_codes(h)
    }
}

/// A front with or without jokers, as [`eval5_row`].
#[inline]
fn eval3_row(eval: &Evaluator, h: &[u8; 3]) -> HandRank {
    if h.iter().any(|&c| c >= 52) {
        eval.eval3_jokers(&to_any_cards(h)).1
    } else {
        eval.eval3_codes(h)
    }
}

/// Checked five-card hands of which some hold jokers: the runs without one go through the
/// batch engine (which must not see a joker), the others one by one.
#[cold]
#[inline(never)]
fn eval5_with_jokers(eval: &Evaluator, hands: &[[u8; 5]], out: &mut [HandRank]) {
    let has_joker = |h: &[u8; 5]| h.iter().any(|&c| c >= 52);
    let mut i = 0;
    while i < hands.len() {
        let run = hands[i..].iter().position(has_joker).unwrap_or(hands.len() - i);
        eval.batch5(&hands[i..i + run], &mut out[i..i + run]);
        i += run;
        if i < hands.len() {
            out[i] = eval5_row(eval, &hands[i]);
            i += 1;
        }
    }
}

/// Checked fronts of which some hold jokers.
#[cold]
#[inline(never)]
fn eval3_with_jokers(eval: &Evaluator, hands: &[[u8; 3]], out: &mut [HandRank]) {
    for (h, o) in hands.iter().zip(out) {
        *o = eval3_row(eval, h);
    }
}

/// [`Batch::detect_special`] for a batch the joker-free check refused: checked again against
/// the detector's whole deck (the error is then the first bad row's), and each hand holding a
/// joker read by the detector's joker path (RULES.md §12).
#[cold]
#[inline(never)]
fn detect_special_with_jokers(
    threads: usize,
    detector: &SpecialDetector,
    hands: &[[u8; 13]],
    best: &mut [u8],
    all: Option<&mut [u16]>,
) -> Result<(), BatchError> {
    let deck = detector.deck();
    let jokers = AtomicBool::new(false);
    in_parts(threads, hands, 1, |s, p| check_codes_in(s, p, deck, &jokers))?;
    let qualifying = |h: &[u8; 13]| {
        let bits = codes_bits(h);
        if bits.count_ones() == 13 && bits >> 52 == 0 {
            detector.qualifying_bits(CardSet(bits))
        } else {
            // Copies and jokers: the detector's own readings.
            detector.qualifying_copies(&to_any_cards(h))
        }
    };
    let top = |bits: u16| detector.best_of(bits).map_or(NO_SPECIAL, |s| s as u8);
    let mut staged = vec![0u16; hands.len()];
    in_parts_out(threads, hands, 1, &mut staged, 1, |_, part, staged| {
        for (h, q) in part.iter().zip(staged) {
            *q = qualifying(h);
        }
        Ok(())
    })?;
    for (b, &q) in best.iter_mut().zip(&staged) {
        *b = top(q);
    }
    if let Some(all) = all {
        all.copy_from_slice(&staged);
    }
    Ok(())
}

/// One round's codes: each below 52, no card more often across the table than the deck holds
/// it (once, or twice for an extra suit, RULES.md §11).
fn check_round(round: &[[u8; 13]], extra_suits: SuitSet) -> Result<(), Error> {
    if !extra_suits.is_empty() {
        // With copies a bad code anywhere in the round is the error before any copy too many;
        // with one deck the first failure in seat order is.
        for &code in round.iter().flatten() {
            Card::from_code(code)?;
        }
    }
    let mut held = CopyCounter::new(extra_suits.into());
    for (seat, h) in round.iter().enumerate() {
        for (i, &code) in h.iter().enumerate() {
            held.add(Card::from_code(code)?, seat * 13 + i)?;
        }
    }
    Ok(())
}

/// [`check_round`] for a deck with jokers (RULES.md §12: each joker as often as the deck deals
/// it): a bad code anywhere in the round is the error before any copy too many, as the
/// one-round settlement converts every seat's codes first.
#[cold]
#[inline(never)]
fn check_round_jokers(round: &[[u8; 13]], deck: Deck) -> Result<(), Error> {
    for &code in round.iter().flatten() {
        Card::from_any_code(code)?;
    }
    let mut held = CopyCounter::new(deck);
    for (seat, h) in round.iter().enumerate() {
        for (i, &code) in h.iter().enumerate() {
            held.add(Card::from_any_code(code)?, seat * 13 + i)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

/// The seat count of a batch of rounds ([`Batch::settle`]): 2 to 8 (the rule set's deck may
/// deal to fewer; the batch checks that too), else
/// [`Error::InvalidTable`]. Public so a caller can refuse a table before it sizes its buffers.
pub fn check_seats(seats: usize) -> Result<(), BatchError> {
    if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
        return Err(BatchError::whole(Error::InvalidTable(format!(
            "a table has {MIN_SEATS} to {MAX_SEATS} players, got {seats}"
        ))));
    }
    Ok(())
}
