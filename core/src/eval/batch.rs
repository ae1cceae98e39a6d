//! Many five-card hands in one call: [`Evaluator::eval5_batch`].
//!
//! Hands listed in enumeration order (or any sorted order) come in runs that share their first
//! three cards: 19,600 runs of 1 to 1,176 hands when all 2,598,960 are listed. Within a run the
//! first three ranks are fixed, so a hand's rank is one entry of a row indexed by the ranks of
//! its last two cards. `rows` holds one row per multiset of three ranks (455 rows of the 91 rank
//! pairs, 166 KB per wheel option, read out of the `tables.rs` tables on first use). Per hand that
//! is one `u32` read of cards 1–4, which both checks cards 1 and 2 against the run and indexes
//! cards 3 and 4, a compare of card 0, the pair index, the row entry and the store: about half the
//! loads of `eval5`. A run whose three cards share a suit checks the suits of the last two for a
//! flush; with `suit_tiebreak`, the run's card bits are ORed with the last two cards' bits.
//!
//! A hand that starts no run goes through `eval5`, so any order gives exactly `eval5`; shuffled
//! input gains nothing from the rows. Every hand is checked against its run's three cards;
//! nothing about the order of the input is assumed.

use std::sync::OnceLock;

use super::{flushed, gen, read, tables, Evaluator, HandRank, CARD_BITS};
use crate::card::Card;
use crate::error::{Error, Result};
use crate::rules::Wheel;

/// Entries of a row: one per multiset of two ranks, at `lo + hi·(hi+1)/2` (`PAIR_INDEX`).
const ROW: usize = 91;
/// Rows: one per multiset of three ranks.
const ROWS: usize = 455;
/// A row is read through a window of 256 entries, so that a `u8` index needs no bounds check;
/// the table is padded so that the last row's window fits.
const WINDOW: usize = 256;

/// Row entry of two cards, indexed like `PAIR_KEYS`: the two codes as the bytes of a
/// little-endian `u16`, masked to `0x3F3F`. Order-free, so cards 3 and 4 may come in any order.
static PAIR_INDEX: [u8; gen::PAIR_LEN] = {
    let mut index = [0u8; gen::PAIR_LEN];
    let mut i = 0;
    while i < 52 {
        let mut j = 0;
        while j < 52 {
            let (a, b) = (i / 4, j / 4);
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            index[i | j << 8] = (lo + hi * (hi + 1) / 2) as u8;
            j += 1;
        }
        i += 1;
    }
    index
};

/// First entry of the row of three ranks, indexed by `r0·169 + r1·13 + r2` in any order. Rows
/// are numbered by the sorted ranks `x <= y <= z` as `C(z+2, 3) + C(y+1, 2) + x`.
static ROW_START: [u16; 13 * 13 * 13] = {
    let mut start = [0u16; 13 * 13 * 13];
    let mut i = 0;
    while i < start.len() {
        let (mut x, mut y, mut z) = (i / 169, i / 13 % 13, i % 13);
        if x > y {
            (x, y) = (y, x);
        }
        if y > z {
            (y, z) = (z, y);
        }
        if x > y {
            (x, y) = (y, x);
        }
        let row = (z + 2) * (z + 1) * z / 6 + (y + 1) * y / 2 + x;
        start[i] = (row * ROW) as u16;
        i += 1;
    }
    start
};

/// The rows of one wheel option, made on first use (a few hundred microseconds).
fn rows(wheel: Wheel) -> &'static [u32] {
    static SECOND_HIGHEST: OnceLock<Box<[u32]>> = OnceLock::new();
    static LOWEST: OnceLock<Box<[u32]>> = OnceLock::new();
    let (cell, five) = match wheel {
        Wheel::SecondHighest => (&SECOND_HIGHEST, &tables::FIVE_WHEEL_SECOND),
        Wheel::Lowest => (&LOWEST, &tables::FIVE_WHEEL_LOWEST),
    };
    cell.get_or_init(|| build_rows(five))
}

/// Every row entry is the same lookup `eval5` makes for those five ranks (suits never reach the
/// lookup's bits), so the rows agree with `eval5` by construction, even on five equal ranks.
fn build_rows(five: &[u32; gen::FIVE_SLOTS]) -> Box<[u32]> {
    let key = |rank: usize| tables::CARD_KEYS[4 * rank];
    let mut rows = vec![0u32; ROWS * ROW + (WINDOW - ROW)];
    for z in 0..13 {
        for y in 0..=z {
            for x in 0..=y {
                let start = ROW_START[x * 169 + y * 13 + z] as usize;
                let three = key(x) + key(y) + key(z);
                for hi in 0..13 {
                    for lo in 0..=hi {
                        let sum = three + key(lo) + key(hi);
                        rows[start + lo + hi * (hi + 1) / 2] = read(&tables::FIVE_OFFSETS, five, sum);
                    }
                }
            }
        }
    }
    rows.into_boxed_slice()
}

/// A five-card hand as the batch reads it: `[Card; 5]`, or five codes below 52 that the caller
/// has checked (`crate::batch`). Everything is read through `codes`, which for `[Card; 5]` is a
/// copy of the same bytes, so both compile to the same loads.
pub(crate) trait Hand5: Copy {
    /// The five codes.
    fn codes(&self) -> [u8; 5];
    /// The rank `Evaluator::eval5` gives.
    fn eval(&self, e: &Evaluator) -> HandRank;
}

impl Hand5 for [Card; 5] {
    #[inline(always)]
    fn codes(&self) -> [u8; 5] {
        self.map(Card::code)
    }
    #[inline(always)]
    fn eval(&self, e: &Evaluator) -> HandRank {
        e.eval5(self)
    }
}

impl Hand5 for [u8; 5] {
    #[inline(always)]
    fn codes(&self) -> [u8; 5] {
        *self
    }
    #[inline(always)]
    fn eval(&self, e: &Evaluator) -> HandRank {
        e.eval5_codes(self)
    }
}

/// What the hands of a run share: their first three cards and what those give each hand.
struct Run<'a> {
    row: &'a [u32; WINDOW],
    /// Code of card 0.
    first: u8,
    /// Codes of cards 1 and 2 as a little-endian `u16` (the low half of `last_four`).
    middle: u16,
    /// `s | s << 8` for the suit `s` of the three cards, so that a hand is a flush exactly when
    /// its last two codes masked to their suits equal it (only read when the three share a suit).
    flush_suits: u16,
    /// `CARD_BITS` of the three cards (only read with `suit_tiebreak`).
    card_bits: u64,
}

/// Codes of cards 1–4, card 1 in the low byte. Copied out as one array so that the compiler
/// makes one 4-byte load of it (built byte by byte, it splits it again into the two halves).
#[inline(always)]
fn last_four<H: Hand5>(h: &H) -> u32 {
    let [_, rest @ ..] = h.codes();
    u32::from_le_bytes(rest)
}

/// Whether two hands share their first three cards, as one compare: in shuffled input the
/// first cards alone match often enough (about 6%) that a compare per card mispredicts.
#[inline(always)]
fn same_three<H: Hand5>(a: &H, b: &H) -> bool {
    let first_four = |h: &H| {
        let [four @ .., _] = h.codes();
        u32::from_le_bytes(four)
    };
    (first_four(a) ^ first_four(b)) << 8 == 0
}

impl<'a> Run<'a> {
    /// The run of the first three cards of `h`.
    #[inline(always)]
    fn new<H: Hand5>(rows: &'a [u32], h: &H) -> Run<'a> {
        let [a, b, c, ..] = h.codes();
        let start = ROW_START[(a >> 2) as usize * 169 + (b >> 2) as usize * 13 + (c >> 2) as usize] as usize;
        let row = rows[start..start + WINDOW].try_into().expect("rows are padded for a full window");
        Run {
            row,
            first: a,
            middle: u16::from_le_bytes([b, c]),
            flush_suits: u16::from(a & 3) * 0x0101,
            card_bits: CARD_BITS[a as usize] | CARD_BITS[b as usize] | CARD_BITS[c as usize],
        }
    }

    /// The rank of a hand of this run from `last_four` (cards 3 and 4 in its high half).
    #[inline(always)]
    fn rank<const FLUSH: bool, const TIEBREAK: bool>(&self, last_four: u32) -> HandRank {
        let last_two = last_four >> 16;
        let mut rank = HandRank(self.row[PAIR_INDEX[last_two as usize & 0x3F3F] as usize]);
        if FLUSH && last_two as u16 & 0x0303 == self.flush_suits {
            rank = flushed(rank.0);
        }
        if TIEBREAK {
            let bits = CARD_BITS[last_two as u8 as usize] | CARD_BITS[(last_two >> 8) as u8 as usize];
            rank = rank.with_suit_set(self.card_bits | bits);
        }
        rank
    }

    /// Rank the leading hands that belong to this run; returns how many. Four at a time: one
    /// chain of compares per four hands, so the loop's only unpredictable branch is the run's end.
    #[inline(always)]
    fn rank_hands<H: Hand5, const FLUSH: bool, const TIEBREAK: bool>(
        &self,
        hands: &[H],
        out: &mut [HandRank],
    ) -> usize {
        let (first, middle) = (self.first, self.middle);
        let mut done = 0;
        for (h, o) in hands.chunks_exact(4).zip(out.chunks_exact_mut(4)) {
            let y = [last_four(&h[0]), last_four(&h[1]), last_four(&h[2]), last_four(&h[3])];
            // `|`, not `||`: all eight compares as one condition (the compiler still branches).
            if (y[0] as u16 != middle)
                | (h[0].codes()[0] != first)
                | (y[1] as u16 != middle)
                | (h[1].codes()[0] != first)
                | (y[2] as u16 != middle)
                | (h[2].codes()[0] != first)
                | (y[3] as u16 != middle)
                | (h[3].codes()[0] != first)
            {
                break;
            }
            for (o, y) in o.iter_mut().zip(y) {
                *o = self.rank::<FLUSH, TIEBREAK>(y);
            }
            done += 4;
        }
        for (h, o) in hands[done..].iter().zip(out[done..].iter_mut()) {
            let y = last_four(h);
            if y as u16 != middle || h.codes()[0] != first {
                break;
            }
            *o = self.rank::<FLUSH, TIEBREAK>(y);
            done += 1;
        }
        done
    }
}

/// Whether the first three cards share a suit: only then can a hand of their run be a flush
/// (also with duplicated cards).
#[inline(always)]
fn flush_possible<H: Hand5>(h: &H) -> bool {
    let [a, b, c, ..] = h.codes();
    let suit = a & 3;
    b & 3 == suit && c & 3 == suit
}

/// Rank the runs that start at `hands[0]` (which shares its three cards with `hands[1]`), one
/// after another as long as they are of the same kind; returns how many hands. Going straight
/// on to the next run, as in enumeration order, saves a return and a dispatch per run.
#[inline(never)]
fn rank_chained_runs<H: Hand5, const FLUSH: bool, const TIEBREAK: bool>(
    rows: &[u32],
    hands: &[H],
    out: &mut [HandRank],
) -> usize {
    let mut done = 0;
    loop {
        let run = Run::new(rows, &hands[done]);
        done += run.rank_hands::<H, FLUSH, TIEBREAK>(&hands[done..], &mut out[done..]);
        match hands.get(done..done + 2) {
            Some([h, next]) if same_three(h, next) && flush_possible(h) == FLUSH => {}
            _ => return done,
        }
    }
}

impl Evaluator {
    /// Evaluate many five-card hands: `out[i]` becomes `self.eval5(&hands[i])` for every `i`.
    ///
    /// Gives exactly what [`Evaluator::eval5`] gives, in any order, and like it does not check
    /// for duplicate cards. Hands in enumeration or any other sorted order are about twice as
    /// fast as calling `eval5` one by one, because neighbours that share their first three cards
    /// share most of the work; shuffled hands are about as fast as `eval5`. Calls of a few
    /// thousand hands are as fast as one call for all (see `BENCHMARKS.md`). The first call for
    /// each wheel option also makes a 166 KB table.
    ///
    /// Returns [`Error::InvalidArgument`] and leaves `out` untouched when the two slices differ
    /// in length.
    pub fn eval5_batch(&self, hands: &[[Card; 5]], out: &mut [HandRank]) -> Result<()> {
        if hands.len() != out.len() {
            return Err(Error::InvalidArgument(format!(
                "eval5_batch: {} hands but {} output slots (the lengths must be equal)",
                hands.len(),
                out.len()
            )));
        }
        self.batch5(hands, out);
        Ok(())
    }

    /// The body of [`Evaluator::eval5_batch`] for any [`Hand5`]; `hands` and `out` have the
    /// same length. Codes of 52 and up are the caller's to exclude (they may panic on a bounds
    /// check, never worse).
    pub(crate) fn batch5<H: Hand5>(&self, hands: &[H], out: &mut [HandRank]) {
        debug_assert_eq!(hands.len(), out.len());
        let rows = rows(self.wheel);
        let n = hands.len().min(out.len());
        let mut i = 0;
        while i < n {
            i += self.rank_singles(&hands[i..n], &mut out[i..n]);
            match n - i {
                0 => {}
                1 => {
                    out[i] = hands[i].eval(self);
                    i += 1;
                }
                _ => i += self.rank_runs(rows, &hands[i..n], &mut out[i..n]),
            }
        }
    }

    /// Rank leading hands one by one with `eval5` until a hand starts a run (shuffled input
    /// spends its time here); returns how many, leaving at least the last hand to the caller.
    /// Four hands at a time, looking for a run start only at the first of each four: a run
    /// found a few hands late has those ranked by `eval5`, just as exactly, and shuffled input
    /// pays for one neighbour compare per four hands instead of one per hand.
    #[inline(never)]
    fn rank_singles<H: Hand5>(&self, hands: &[H], out: &mut [HandRank]) -> usize {
        let mut done = 0;
        // `..len - 1`: the last hand always goes back to the caller.
        let most = hands.len().saturating_sub(1);
        for (h, o) in hands[..most].chunks_exact(4).zip(out.chunks_exact_mut(4)) {
            if same_three(&h[0], &h[1]) {
                return done;
            }
            for (h, o) in h.iter().zip(o) {
                *o = h.eval(self);
            }
            done += 4;
        }
        for (pair, o) in hands[done..].windows(2).zip(out[done..].iter_mut()) {
            if same_three(&pair[0], &pair[1]) {
                break;
            }
            *o = pair[0].eval(self);
            done += 1;
        }
        done
    }

    /// Rank the runs that start at `hands[0]` (which shares its three cards with `hands[1]`).
    fn rank_runs<H: Hand5>(&self, rows: &[u32], hands: &[H], out: &mut [HandRank]) -> usize {
        match (flush_possible(&hands[0]), self.suit_tiebreak) {
            (false, false) => rank_chained_runs::<H, false, false>(rows, hands, out),
            (true, false) => rank_chained_runs::<H, true, false>(rows, hands, out),
            (false, true) => rank_chained_runs::<H, false, true>(rows, hands, out),
            (true, true) => rank_chained_runs::<H, true, true>(rows, hands, out),
        }
    }
}
