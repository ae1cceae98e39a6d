//! [`combos`](super::combos) of cards that hold jokers (RULES.md §12): an entry wherever some
//! choice of the jokers' cards makes the category's own cards.
//!
//! - **Which entries.** The same keys as without jokers, over every choice of the jokers' cards:
//!   a group per rank (two jokers are a pair of any rank), two pair and full house per pair of
//!   ranks, a straight per run, a straight flush per run and suit, a flush per distinct set of
//!   cards (the jokers counted, not told apart). A flush is five cards of one suit whose best
//!   hand is a flush: no run, and no full house or four or five of a kind (K♠ K♠ K♠ Q♠ Q♠ is a
//!   full house).
//! - **Which cards.** A group, two pair, full house, straight or straight flush takes the
//!   fewest jokers that make it (none where the natural cards do, so such an entry is the one
//!   the cards make without their jokers) and the highest natural cards, as without jokers; a
//!   straight that the natural cards make only in one suit takes a joker for its lowest card.
//!   The jokers come highest code first (大王 before 小王).
//! - **What the jokers stand for** ([`Combo::played`](super::Combo::played)): in a group the
//!   highest suits the group lacks (K♦ + joker is K♠ K♦), ♠ again once it holds all four; in
//!   a straight the missing rank in ♠, unless that makes all five one suit, where the lowest
//!   card of the run that can change does (a joker to ♥, a natural card to its next-highest
//!   suit held); in a straight flush the missing cards of its suit; in a flush the cards that
//!   make the strongest flush (a second A♠ included).

use super::{runs, Combo, MAX_HAND};
use crate::card::{Card, Rank, Suit};
use crate::error::{Error, Result};
use crate::eval::{Category, Evaluator};
use crate::rules::Rules;

/// One entry being built: the hand's cards of the combination and what each stands for.
struct Found {
    key: u32,
    jokers: usize,
    cards: Vec<Card>,
    played: Vec<Card>,
}

/// The combinations of `category` in cards holding at least one joker.
#[cold]
#[inline(never)]
// Suits index the inner arrays of `held[rank][suit]`, read rank by rank.
#[allow(clippy::needless_range_loop)]
pub(super) fn combos_jokers(cards: &[Card], category: Category, rules: &Rules) -> Result<Vec<Combo>> {
    if cards.len() > MAX_HAND {
        return Err(Error::WrongCardCount { expected: MAX_HAND, found: cards.len(), lane: None });
    }
    rules.check_cards(cards)?;
    if category == Category::HighCard {
        return Err(Error::InvalidArgument(
            "high card (乌龙) has no combination: every card is one; ask for a pair or better".into(),
        ));
    }
    let eval = Evaluator::new(rules);
    // held[rank][suit]: how many of the natural cards are that card.
    let mut held = [[0u8; 4]; 13];
    let mut jokers: Vec<Card> = Vec::new();
    for &c in cards {
        if c.is_joker() {
            jokers.push(c);
        } else {
            held[c.rank().index() as usize][c.suit() as usize] += 1;
        }
    }
    jokers.sort_unstable_by(|a, b| b.cmp(a));
    let j = jokers.len();
    let count = |r: usize| held[r].iter().map(|&n| n as usize).sum::<usize>();
    let card = |r: usize, s: usize| Card::new(Rank::ALL[r], Suit::ALL[s]);
    // The k highest natural cards of a rank, highest suit first, copies included.
    let top = |r: usize, k: usize| -> Vec<Card> {
        let mut out = Vec::new();
        for s in (0..4).rev() {
            for _ in 0..held[r][s] {
                if out.len() < k {
                    out.push(card(r, s));
                }
            }
        }
        out
    };
    // A group of k of rank r: its natural cards, the jokers it takes, what they stand for.
    let group = |r: usize, k: usize, first_joker: usize| -> Option<(Vec<Card>, Vec<Card>)> {
        let naturals = top(r, k);
        let u = k - naturals.len();
        if first_joker + u > j {
            return None;
        }
        let mut cards = naturals.clone();
        let mut played = naturals;
        let mut suits: u8 = played.iter().fold(0, |m, c| m | 1 << c.suit() as u8);
        for joker in &jokers[first_joker..first_joker + u] {
            if suits == 0xF {
                suits = 0;
            }
            let s = (0..4).rev().find(|&s| suits >> s & 1 == 0).expect("a suit is free");
            suits |= 1 << s;
            cards.push(*joker);
            played.push(card(r, s));
        }
        Some((cards, played))
    };
    let value5 = |p: &[Card]| eval.eval5(&<[Card; 5]>::try_from(p).expect("five cards")).value();
    let mut found: Vec<Found> = Vec::new();
    let mut push = |key: u32, cards: Vec<Card>, played: Vec<Card>| {
        let jokers = cards.iter().filter(|c| c.is_joker()).count();
        found.push(Found { key, jokers, cards, played });
    };
    match category {
        Category::HighCard => unreachable!("refused above"),
        Category::OnePair | Category::ThreeOfAKind | Category::FourOfAKind | Category::FiveOfAKind => {
            let k = super::group_size(category);
            for r in 0..13 {
                if let Some((c, p)) = group(r, k, 0) {
                    push(r as u32, c, p);
                }
            }
        }
        Category::TwoPair | Category::FullHouse => {
            let (k_hi, k_lo) = if category == Category::TwoPair { (2, 2) } else { (3, 2) };
            for a in 0..13 {
                for b in 0..13 {
                    if a == b || (category == Category::TwoPair && b > a) {
                        continue;
                    }
                    let Some((mut c, mut p)) = group(a, k_hi, 0) else { continue };
                    let used = c.iter().filter(|c| c.is_joker()).count();
                    let Some((c2, p2)) = group(b, k_lo, used) else { continue };
                    c.extend(c2);
                    p.extend(p2);
                    push((a as u32) << 4 | b as u32, c, p);
                }
            }
        }
        Category::Straight => {
            for run in runs() {
                let missing = run.iter().filter(|&&r| count(r) == 0).count();
                if missing > j {
                    continue;
                }
                // (natural card or None for a joker, the card it plays as) per rank of the run.
                let mut slots: Vec<(Option<Card>, Card)> = run
                    .iter()
                    .map(|&r| match top(r, 1).first() {
                        Some(&c) => (Some(c), c),
                        None => (None, card(r, 3)),
                    })
                    .collect();
                if slots.iter().all(|s| s.1.suit() == slots[0].1.suit()) {
                    // All one suit: the lowest card of the run that can take another suit does (a
                    // natural card its next-highest suit held, a joker ♥, or a joker put in place of
                    // a natural card held in that suit only, when one is left).
                    let suit = slots[0].1.suit() as usize;
                    let other = |i: usize| -> Option<usize> {
                        match slots[i].0 {
                            None => Some(if suit == 3 { 2 } else { 3 }),
                            Some(_) => (0..4).rev().find(|&s| s != suit && held[run[i]][s] > 0),
                        }
                    };
                    if let Some((i, s)) = (0..5).find_map(|i| other(i).map(|s| (i, s))) {
                        let natural = slots[i].0.map(|_| card(run[i], s));
                        slots[i] = (natural, card(run[i], s));
                    } else if missing < j {
                        slots[0] = (None, card(run[0], if suit == 3 { 2 } else { 3 }));
                    } else {
                        continue;
                    }
                }
                let mut next = jokers.iter();
                let (c, p): (Vec<Card>, Vec<Card>) =
                    slots.iter().map(|&(n, p)| (n.unwrap_or_else(|| *next.next().expect("counted")), p)).unzip();
                let v = value5(&p);
                push(v, c, p);
            }
        }
        Category::StraightFlush => {
            for s in 0..4 {
                for run in runs() {
                    let missing = run.iter().filter(|&&r| held[r][s] == 0).count();
                    if missing > j {
                        continue;
                    }
                    let mut next = jokers.iter();
                    let (c, p): (Vec<Card>, Vec<Card>) = run
                        .iter()
                        .map(|&r| {
                            let here = card(r, s);
                            (if held[r][s] > 0 { here } else { *next.next().expect("counted") }, here)
                        })
                        .unzip();
                    let v = value5(&p);
                    push(v, c, p);
                }
            }
        }
        Category::Flush => {
            let mut sets: Vec<Found> = Vec::new();
            for s in 0..4 {
                // The suit's natural cards, highest first, each copy once.
                let mut of_suit: Vec<Card> = Vec::new();
                for r in (0..13).rev() {
                    for _ in 0..held[r][s] {
                        of_suit.push(card(r, s));
                    }
                }
                let n = of_suit.len();
                for u in 0..=j.min(5) {
                    if 5 - u > n {
                        continue;
                    }
                    let mut seen: Vec<Vec<Card>> = Vec::new();
                    for m in 0u32..1 << n {
                        if m.count_ones() as usize != 5 - u {
                            continue;
                        }
                        let naturals: Vec<Card> = (0..n).filter(|&i| m >> i & 1 == 1).map(|i| of_suit[i]).collect();
                        if seen.contains(&naturals) {
                            continue;
                        }
                        seen.push(naturals.clone());
                        let Some((v, played)) = best_flush(&eval, &naturals, u, s) else { continue };
                        let mut c = naturals;
                        c.extend_from_slice(&jokers[..u]);
                        match sets.iter_mut().find(|f| f.cards == c) {
                            // Five jokers are a flush of every suit: one entry, its strongest.
                            Some(f) if f.key < v => (f.key, f.played) = (v, played),
                            Some(_) => {}
                            None => sets.push(Found { key: v, jokers: u, cards: c, played }),
                        }
                    }
                }
            }
            found = sets;
        }
    }
    // Strongest first; at equal strength fewer jokers, then the higher cards.
    let mut entries: Vec<(u32, usize, Vec<u8>, Combo)> = found
        .into_iter()
        .map(|f| {
            let combo = Combo::with_played(category, &f.cards, &f.played);
            let codes = combo.cards().iter().map(|c| c.code()).collect();
            (f.key, f.jokers, codes, combo)
        })
        .collect();
    entries.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(b.2.cmp(&a.2)));
    Ok(entries.into_iter().map(|e| e.3).collect())
}

/// The strongest flush of suit `s` that `naturals` and `u` jokers make (each joker any card of
/// the suit, copies included) and its value, or `None` when every choice makes more (a straight
/// flush, full house, four or five of a kind).
fn best_flush(eval: &Evaluator, naturals: &[Card], u: usize, s: usize) -> Option<(u32, Vec<Card>)> {
    let mut best: Option<(u32, Vec<Card>)> = None;
    // The jokers' ranks as a non-increasing sequence (their order does not matter).
    fn walk(
        eval: &Evaluator,
        naturals: &[Card],
        s: usize,
        left: usize,
        below: usize,
        picked: &mut Vec<Card>,
        best: &mut Option<(u32, Vec<Card>)>,
    ) {
        if left == 0 {
            let mut hand = naturals.to_vec();
            hand.extend_from_slice(picked);
            let five: [Card; 5] = hand[..].try_into().expect("five cards");
            let r = eval.eval5(&five);
            if r.category() == Category::Flush && best.as_ref().map_or(true, |b| r.value() > b.0) {
                *best = Some((r.value(), picked.clone()));
            }
            return;
        }
        for r in (0..below).rev() {
            picked.push(Card::new(Rank::ALL[r], Suit::ALL[s]));
            walk(eval, naturals, s, left - 1, r + 1, picked, best);
            picked.pop();
        }
    }
    walk(eval, naturals, s, u, 13, &mut Vec::new(), &mut best);
    best.map(|(v, picked)| {
        let mut played = naturals.to_vec();
        played.extend(picked);
        (v, played)
    })
}
