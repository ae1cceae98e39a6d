//! How much a player who knows the arranger's choices could win against it: the gain of a best
//! response over the arranger's own choice, per hand, with a 95% interval.
//!
//! For each sampled hand (the first 13 cards of the deck of `round_seed(seed, i)`):
//! 1. Two independent sets of `opponents` deals of the unseen cards to the other seats (set A to
//!    choose, set B to score), each opponent hand played as the arranger plays it (its special
//!    advice, else its lanes).
//! 2. Every legal arrangement of the hand (and declaring its special, when it makes one) is a
//!    candidate. A pre-screen ranks them by the pairwise lane water against set A (lanes won and
//!    lost at the lane water of the winning hand; no shots, home runs or majority bonus); the best
//!    `screen` of them and the arranger's own choice are then settled exactly (`Settler`) against
//!    set A, and the best of those is the best response.
//! 3. The best response and the arranger's choice are both settled against set B; the hand's gain
//!    is the difference of their mean water there. Scoring on B, not A, keeps the choice's luck on
//!    A out of the gain (on A the best response always gains).
//!
//! The best response is taken among the pre-screened candidates, so the gain is a lower bound
//! of a full best response's against the same opponents.

use shisanshui::arrange::Arranger;
use shisanshui::deal::Dealer;
use shisanshui::settle::{PlayerHand, Settler};
use shisanshui::simulate::round_seed;
use shisanshui::special::SpecialDetector;
use shisanshui::{Arrangement, Card, Error, Evaluator, HandRank, Lane, Rules};

/// What to measure.
#[derive(Clone, Debug)]
pub struct Config {
    /// The rule set (one deck).
    pub rules: Rules,
    /// Seats: the hero and `players - 1` arranger seats.
    pub players: usize,
    /// Hands sampled.
    pub hands: u64,
    /// Opponent deals per set (A and B each).
    pub opponents: usize,
    /// Candidates the pre-screen passes to the exact settlement.
    pub screen: usize,
    /// Seed of the hands and the opponents' deals.
    pub seed: u64,
}

/// One hand's outcome.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct HandResult {
    /// Mean water of the best response on set B minus the arranger's choice's.
    pub gain: f64,
    /// The same on set A (where the best response was chosen: never negative).
    pub in_sample: f64,
    /// Whether the best response is the arranger's own choice.
    pub same: bool,
}

/// Tags of the two opponent sets' seed streams.
const SET_A: u64 = 0xA5A5_0000_0000_0001;
const SET_B: u64 = 0x5A5A_0000_0000_0002;

/// A uniform index below `n` from the dealer's stream (rejection sampling, no bias).
fn below(d: &mut Dealer, n: u32) -> u32 {
    let zone = u32::MAX - u32::MAX % n;
    loop {
        let w = d.next_word();
        if w < zone {
            return w % n;
        }
    }
}

/// The other seats' hands of one opponent deal: the unseen cards shuffled by `seed`.
fn opponents(unseen: &[Card], seats: usize, seed: u64) -> Vec<[Card; 13]> {
    let mut cards = unseen.to_vec();
    let mut d = Dealer::from_seed(seed);
    for i in (1..cards.len()).rev() {
        let j = below(&mut d, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
    (0..seats).map(|s| cards[s * 13..s * 13 + 13].try_into().expect("13 cards")).collect()
}

/// How the arranger plays 13 cards: its special when its advice says declare, else its lanes.
fn play(arranger: &Arranger, cards: &[Card; 13]) -> Result<PlayerHand, Error> {
    Ok(match arranger.special_advice(cards)? {
        Some(a) if a.declare() => PlayerHand::Special { special: a.special, cards: *cards },
        Some(a) => PlayerHand::Arranged(a.best_lanes.arrangement),
        None => PlayerHand::Arranged(arranger.arrange(cards)?.arrangement),
    })
}

/// Every legal arrangement of a hand, with its lane ranks.
fn legal(hand: &[Card; 13], eval: &Evaluator, strict: bool) -> Vec<(Arrangement, [HandRank; 3])> {
    let mut out = Vec::new();
    for back in 0u16..1 << 13 {
        if back.count_ones() != 5 {
            continue;
        }
        let rest = !back & 0x1FFF;
        // Every 5-subset of the 8 cards left.
        let idx: Vec<usize> = (0..13).filter(|i| rest >> i & 1 == 1).collect();
        for sub in 0u16..1 << 8 {
            if sub.count_ones() != 5 {
                continue;
            }
            let middle: u16 =
                idx.iter().enumerate().filter(|(k, _)| sub >> k & 1 == 1).fold(0, |m, (_, &i)| m | 1 << i);
            let front = rest & !middle;
            let pick = |mask: u16| -> Vec<Card> { (0..13).filter(|i| mask >> i & 1 == 1).map(|i| hand[i]).collect() };
            let (f, m, b) = (pick(front), pick(middle), pick(back));
            let a = Arrangement {
                front: f.try_into().unwrap(),
                middle: m.try_into().unwrap(),
                back: b.try_into().unwrap(),
            };
            let e = a.evaluate_with(eval, strict);
            if !e.foul.is_foul() {
                out.push((a, [e.front, e.middle, e.back]));
            }
        }
    }
    out
}

/// The hero's mean water over a set of opponent deals, settled exactly.
fn mean_water(settler: &Settler, hero: &PlayerHand, set: &[Vec<PlayerHand>]) -> Result<f64, Error> {
    let mut sum = 0i64;
    let mut table = Vec::with_capacity(set.first().map_or(1, |o| o.len() + 1));
    for opps in set {
        table.clear();
        table.push(hero.clone());
        table.extend_from_slice(opps);
        sum += settler.settle(&table)?.totals[0].units();
    }
    Ok(sum as f64 / set.len() as f64 / shisanshui::Water::DENOMINATOR as f64)
}

/// Lane ranks of an arranged hand (`None` for a declared special).
fn ranks(hand: &PlayerHand, eval: &Evaluator, strict: bool) -> Option<[HandRank; 3]> {
    match hand {
        PlayerHand::Arranged(a) => {
            let e = a.evaluate_with(eval, strict);
            (!e.foul.is_foul()).then_some([e.front, e.middle, e.back])
        }
        _ => None,
    }
}

/// The best response's gain on one hand.
pub fn hand(config: &Config, arranger: &Arranger, i: u64) -> Result<HandResult, Error> {
    let rules = &config.rules;
    let settler = Settler::new(rules)?;
    let eval = Evaluator::new(rules);
    let strict = rules.strict_order;
    let deck = Dealer::from_seed(round_seed(config.seed, i)).shuffle_deck(rules.extra_suits);
    let hero: [Card; 13] = deck[..13].try_into().expect("13 cards");
    let unseen = &deck[13..];
    let seats = config.players - 1;
    let sets = [SET_A, SET_B].map(|tag| -> Result<Vec<Vec<PlayerHand>>, Error> {
        (0..config.opponents)
            .map(|j| {
                opponents(unseen, seats, round_seed(config.seed ^ tag, i * config.opponents as u64 + j as u64))
                    .iter()
                    .map(|h| play(arranger, h))
                    .collect()
            })
            .collect()
    });
    let [a, b] = sets;
    let (a, b) = (a?, b?);

    // Pre-screen: pairwise lane water against set A's arranged opponents.
    let lanes = [Lane::Front, Lane::Middle, Lane::Back];
    let opp_ranks: Vec<[HandRank; 3]> = a.iter().flatten().filter_map(|h| ranks(h, &eval, strict)).collect();
    let mut scored: Vec<(i64, PlayerHand)> = legal(&hero, &eval, strict)
        .into_iter()
        .map(|(arr, r)| {
            let mut w = 0i64;
            for o in &opp_ranks {
                for (k, lane) in lanes.iter().enumerate() {
                    let (x, y) = (r[k].ranks_only(), o[k].ranks_only());
                    if x > y {
                        w += settler.lane_water(*lane, r[k]) as i64;
                    } else if y > x {
                        w -= settler.lane_water(*lane, o[k]) as i64;
                    }
                }
            }
            (w, PlayerHand::Arranged(arr))
        })
        .collect();
    scored.sort_by(|x, y| y.0.cmp(&x.0));
    scored.truncate(config.screen);
    let mut candidates: Vec<PlayerHand> = scored.into_iter().map(|(_, h)| h).collect();
    if let Some(special) = SpecialDetector::new(rules)?.detect(&hero)?.best {
        candidates.push(PlayerHand::Special { special, cards: hero });
    }
    let own = play(arranger, &hero)?;
    candidates.push(own.clone());

    let mut best = (f64::NEG_INFINITY, own.clone());
    for c in &candidates {
        let w = mean_water(&settler, c, &a)?;
        if w > best.0 {
            best = (w, c.clone());
        }
    }
    let own_a = mean_water(&settler, &own, &a)?;
    let gain = mean_water(&settler, &best.1, &b)? - mean_water(&settler, &own, &b)?;
    Ok(HandResult { gain, in_sample: best.0 - own_a, same: best.1 == own })
}

/// Every hand of a run, in order, on every core.
pub fn run(config: &Config, arranger: &Arranger) -> Result<Vec<HandResult>, Error> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(config.hands.max(1) as usize);
    let per = config.hands.div_ceil(threads as u64);
    std::thread::scope(|s| {
        let parts: Vec<_> = (0..threads as u64)
            .map(|t| {
                s.spawn(move || -> Result<Vec<HandResult>, Error> {
                    (t * per..((t + 1) * per).min(config.hands)).map(|i| hand(config, arranger, i)).collect()
                })
            })
            .collect();
        let mut out = Vec::with_capacity(config.hands as usize);
        for p in parts {
            out.extend(p.join().unwrap_or_else(|e| std::panic::resume_unwind(e))?);
        }
        Ok(out)
    })
}

/// Mean and 95% half-width of some values.
pub fn interval(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}
