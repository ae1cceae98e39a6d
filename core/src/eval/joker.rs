//! Lanes with wild jokers (鬼牌, RULES.md §12): the best hand over every choice of the cards the
//! jokers stand for, computed from the natural cards' rank counts and suits — a handful of checks
//! a category, no enumeration — and the card each joker stands for, so that the hand as played
//! is an ordinary hand of real cards that [`Evaluator::eval5`] ranks.
//!
//! Why choosing the cards is enough: a joker may be any of the 52 cards, repeats included, so the
//! best hand is found category by category from the top, and within a category the choice is
//! forced (the highest group rank, the highest window, aces in a flush; a joker of a group is
//! the spade of its rank, which gives the group the highest suit under `suit_tiebreak`). The
//! exhaustive tests (`core/tests/jokers.rs`) check this against every substitution.
//!
//! The `avoid_foul` reading (§12) asks for the best value *not above* a bound; that is a search
//! over the jokers' ranks (`*_at_most`), used only where a lane's best is above the lane behind.

use super::{Evaluator, HandRank};
use crate::card::{Card, Rank, Suit};
use crate::rules::Wheel;

/// The natural (non-joker) cards of a lane, summarised.
#[derive(Copy, Clone)]
struct Naturals {
    /// Jokers in the lane.
    jokers: u32,
    /// Cards of each rank, four bits a rank (rank index `r` at bits `4r..4r + 4`).
    counts: u64,
    /// Bit `r` for every rank held.
    ranks: u16,
    /// Bit `s` for every suit held.
    suits: u8,
}

impl Naturals {
    #[inline]
    fn of(cards: &[Card]) -> Naturals {
        let mut n = Naturals { jokers: 0, counts: 0, ranks: 0, suits: 0 };
        for &c in cards {
            if c.is_joker() {
                n.jokers += 1;
            } else {
                let r = c.code() >> 2;
                n.counts += 1 << (4 * r);
                n.ranks |= 1 << r;
                n.suits |= 1 << (c.code() & 3);
            }
        }
        n
    }

    /// The highest rank whose cards and the jokers make a group of `size`.
    #[inline]
    fn group(&self, size: u32) -> Option<u32> {
        let Some(need) = size.checked_sub(self.jokers).filter(|&n| n > 0) else { return Some(12) };
        // A nibble of at least `need` (counts are at most 5) sets its top bit once `8 - need` is
        // added: one add for all thirteen ranks.
        let add = (8 - need as u64) * 0x1_1111_1111_1111;
        let at_least = (self.counts + add) & 0x8_8888_8888_8888;
        (at_least != 0).then(|| (63 - at_least.leading_zeros()) / 4)
    }
}

/// The card of rank index `r` and suit index `s`.
#[inline]
pub(crate) fn card(r: u32, s: u32) -> Card {
    Card::new(Rank::ALL[r as usize], Suit::ALL[s as usize])
}

const SPADES: u32 = Suit::Spades as u32;
/// A-2-3-4-5 as rank bits.
const WHEEL: u16 = 0x100F;

/// The top of the best straight window (5 consecutive ranks, or the wheel) holding every rank of
/// `ranks`, as (window mask), under the wheel option; `None` when no window holds them.
#[inline]
fn best_window(ranks: u16, wheel: Wheel) -> Option<u16> {
    let lo = ranks.trailing_zeros();
    let hi = 15 - ranks.leading_zeros();
    let top = (lo + 4).min(12);
    let normal = (hi <= top).then(|| 0x1F << (top - 4));
    let wheel_fits = (ranks & !WHEEL == 0).then_some(WHEEL);
    match wheel {
        // The wheel sits just below A-high (§3).
        Wheel::SecondHighest if top == 12 => normal.or(wheel_fits),
        Wheel::SecondHighest => wheel_fits.or(normal),
        Wheel::Lowest => normal.or(wheel_fits),
    }
}

/// Write the cards the jokers stand for into the joker slots of `cards`, in order.
#[inline]
pub(crate) fn fill<const N: usize>(cards: &[Card; N], mut next: impl FnMut() -> Card) -> [Card; N] {
    let mut out = *cards;
    for c in out.iter_mut() {
        if c.is_joker() {
            *c = next();
        }
    }
    out
}

/// The same card for every joker.
#[inline]
fn fill_all<const N: usize>(cards: &[Card; N], with: Card) -> [Card; N] {
    fill(cards, || with)
}

/// The ranks of `mask` from the top, as cards of suit `s`, one per call.
fn window_cards(mut mask: u16, s: u32) -> impl FnMut() -> Card {
    move || {
        let r = 15 - mask.leading_zeros();
        mask &= !(1 << r);
        card(r.min(12), s)
    }
}

/// The five cards as played: each joker replaced by the card that makes the best hand (§12).
fn choose5(cards: &[Card; 5], n: Naturals, wheel: Wheel) -> [Card; 5] {
    let distinct_ranks = n.ranks.count_ones();
    // Five of a kind: every natural card is of one rank (five aces when all five are jokers).
    if distinct_ranks <= 1 {
        let r = if n.ranks == 0 { 12 } else { n.ranks.trailing_zeros() };
        return fill_all(cards, card(r, SPADES));
    }
    let naturals = 5 - n.jokers;
    let one_suit = n.suits.count_ones() == 1;
    let suit = n.suits.trailing_zeros();
    let window = if distinct_ranks == naturals { best_window(n.ranks, wheel) } else { None };
    if let (true, Some(w)) = (one_suit, window) {
        return fill(cards, window_cards(w & !n.ranks, suit));
    }
    // Four of a kind: the jokers complete the highest rank they can, the fifth card is natural.
    if let Some(r) = n.group(4) {
        return fill_all(cards, card(r, SPADES));
    }
    // Full house: one joker and two pairs (three of a rank would have made quads).
    if n.jokers == 1 && distinct_ranks == 2 {
        return fill_all(cards, card(15 - n.ranks.leading_zeros(), SPADES));
    }
    if one_suit {
        // A flush compares card by card from the highest: the jokers are aces of its suit.
        return fill_all(cards, card(12, suit));
    }
    if let Some(w) = window {
        return fill(cards, window_cards(w & !n.ranks, SPADES));
    }
    // Three of a kind, else (one joker, four ranks) a pair of the highest.
    let r = n.group(3).unwrap_or(15 - n.ranks.leading_zeros());
    fill_all(cards, card(r, SPADES))
}

/// The three cards as played: trips of the one natural rank (aces for three jokers), else a pair
/// of the higher of two.
fn choose3(cards: &[Card; 3], n: Naturals) -> [Card; 3] {
    let r = match n.ranks {
        0 => 12,
        ranks => 15 - ranks.leading_zeros(),
    };
    fill_all(cards, card(r, SPADES))
}

/// Every multiset of `k` ranks (as rank indices, non-decreasing; `k` up to the six jokers a deck
/// deals), passed to `f`.
pub(crate) fn rank_multisets(k: usize, f: &mut impl FnMut(&[u32])) {
    fn rec(at: usize, from: u32, cur: &mut [u32; 6], k: usize, f: &mut impl FnMut(&[u32])) {
        if at == k {
            f(&cur[..k]);
            return;
        }
        for r in from..13 {
            cur[at] = r;
            rec(at + 1, r, cur, k, f);
        }
    }
    rec(0, 0, &mut [0; 6], k, f);
}

impl Evaluator {
    /// A five-card lane as RULES.md §12 values it: the best hand over every choice of the cards
    /// its jokers stand for, and the lane as played (each joker replaced by its card; the lane
    /// itself when it holds none). Never panics; the caller checks the cards against the deck.
    #[inline]
    pub fn eval5_jokers(&self, cards: &[Card; 5]) -> ([Card; 5], HandRank) {
        let n = Naturals::of(cards);
        if n.jokers == 0 {
            return (*cards, self.eval5(cards));
        }
        let played = choose5(cards, n, self.wheel);
        (played, self.eval5(&played))
    }

    /// The lane as played of [`Evaluator::eval5_jokers`], without ranking it (the arranger ranks
    /// the played cards from its own tables).
    #[inline]
    pub(crate) fn played5(&self, cards: &[Card; 5]) -> [Card; 5] {
        let n = Naturals::of(cards);
        if n.jokers == 0 {
            return *cards;
        }
        choose5(cards, n, self.wheel)
    }

    /// The front as played of [`Evaluator::eval3_jokers`], without ranking it.
    #[inline]
    pub(crate) fn played3(&self, cards: &[Card; 3]) -> [Card; 3] {
        let n = Naturals::of(cards);
        if n.jokers == 0 {
            return *cards;
        }
        choose3(cards, n)
    }

    /// A three-card front as [`Evaluator::eval5_jokers`] values five.
    #[inline]
    pub fn eval3_jokers(&self, cards: &[Card; 3]) -> ([Card; 3], HandRank) {
        let n = Naturals::of(cards);
        if n.jokers == 0 {
            return (*cards, self.eval3(cards));
        }
        let played = choose3(cards, n);
        (played, self.eval3(&played))
    }

    /// The best value of a five-card lane whose ranks are not above `bound`'s (below them when
    /// `strict`), compared as the foul check compares (§2: ranks only); at equal ranks the best
    /// suit. `None` when no choice of the jokers gets there (`joker_lanes = avoid_foul`, §12).
    pub fn eval5_jokers_at_most(
        &self,
        cards: &[Card; 5],
        bound: HandRank,
        strict: bool,
    ) -> Option<([Card; 5], HandRank)> {
        let fits = |v: HandRank| {
            if strict {
                v.ranks_only() < bound.ranks_only()
            } else {
                v.ranks_only() <= bound.ranks_only()
            }
        };
        let best = self.eval5_jokers(cards);
        if fits(best.1) {
            return Some(best);
        }
        let n = Naturals::of(cards);
        if n.jokers == 0 {
            return None;
        }
        // The jokers' ranks decide the ranks-only value, with one more choice: a flush (every
        // joker of the naturals' one suit) or not. Among the hands that are not flushes, the
        // jokers as spades give the top group the best suit; where that would make a flush (the
        // naturals all spades, or all jokers), one joker is a heart, each in turn.
        let flush_suit = match n.suits.count_ones() {
            0 => Some(SPADES),
            1 => Some(n.suits.trailing_zeros()),
            _ => None,
        };
        let mut found: Option<([Card; 5], HandRank)> = None;
        let mut consider = |played: [Card; 5]| {
            let v = self.eval5(&played);
            if fits(v) && found.map_or(true, |(_, f)| v > f) {
                found = Some((played, v));
            }
        };
        rank_multisets(n.jokers as usize, &mut |ranks| {
            if let Some(s) = flush_suit {
                let mut i = 0;
                consider(fill(cards, || {
                    i += 1;
                    card(ranks[i - 1], s)
                }));
            }
            if flush_suit != Some(SPADES) {
                let mut i = 0;
                consider(fill(cards, || {
                    i += 1;
                    card(ranks[i - 1], SPADES)
                }));
            } else {
                for heart in 0..ranks.len() {
                    let mut i = 0;
                    consider(fill(cards, || {
                        i += 1;
                        card(ranks[i - 1], if i - 1 == heart { Suit::Hearts as u32 } else { SPADES })
                    }));
                }
            }
        });
        found
    }

    /// The best value of a three-card front not above a middle's `bound` (below it when
    /// `strict`), compared as the foul check compares a front with a middle (§2: category and
    /// the first three ranks); `None` when no choice of the jokers gets there.
    pub fn eval3_jokers_at_most(
        &self,
        cards: &[Card; 3],
        bound: HandRank,
        strict: bool,
    ) -> Option<([Card; 3], HandRank)> {
        let fits =
            |v: HandRank| if strict { v.front_key() < bound.front_key() } else { v.front_key() <= bound.front_key() };
        let best = self.eval3_jokers(cards);
        if fits(best.1) {
            return Some(best);
        }
        let n = Naturals::of(cards);
        let mut found: Option<([Card; 3], HandRank)> = None;
        // Three cards make no flush: spades give any group a joker is in the best suit.
        rank_multisets(n.jokers as usize, &mut |ranks| {
            let mut i = 0;
            let played = fill(cards, || {
                i += 1;
                card(ranks[i - 1], SPADES)
            });
            let v = self.eval3(&played);
            if fits(v) && found.map_or(true, |(_, f)| v > f) {
                found = Some((played, v));
            }
        });
        found
    }
}
