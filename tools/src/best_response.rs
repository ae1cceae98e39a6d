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
//!
//! At a banker table (RULES.md §5a) the measured seat plays one role ([`Config::role`]): as the
//! banker (seat 0) it is settled against every player; as a player (seat 1) against the banker
//! alone, and the pre-screen counts only the seats it is settled against. Each opponent plays
//! its own role's arranger ([`Seats`]). A big table (RULES.md §11) deals the bigger deck.

use shisanshui::arrange::{Arranger, Role};
use shisanshui::deal::Dealer;
use shisanshui::settle::{PlayerHand, Settler};
use shisanshui::simulate::round_seed;
use shisanshui::special::SpecialDetector;
use shisanshui::{Arrangement, Card, Error, Evaluator, HandRank, Lane, Rules, Table};

/// What to measure.
#[derive(Clone, Debug)]
pub struct Config {
    /// The rule set (one deck, with its jokers if it deals them).
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
    /// The measured seat's role at a banker table (the banker is seat 0, a player seat 1);
    /// [`Role::Player`] at an all-pairs table.
    pub role: Role,
}

/// The arrangers the seats play: each role's at a banker table, one for every seat otherwise.
#[derive(Clone, Debug)]
pub struct Seats {
    /// A player's arranger (every seat's at an all-pairs table).
    pub player: Arranger,
    /// The banker's, at a banker table.
    pub banker: Option<Arranger>,
}

impl Seats {
    /// The arrangers of a table of `players` under `rules`, each role's at a banker table.
    pub fn new(rules: &Rules, players: usize) -> Result<Seats, Error> {
        let banker =
            (rules.table == Table::Banker).then(|| Arranger::new_for(rules, players, Role::Banker)).transpose()?;
        Ok(Seats { player: Arranger::new_for(rules, players, Role::Player)?, banker })
    }

    /// One arranger for every seat (an all-pairs table).
    pub fn all_pairs(arranger: &Arranger) -> Seats {
        Seats { player: arranger.clone(), banker: None }
    }

    /// The arranger of `seat` (the banker's for seat 0 at a banker table).
    fn of(&self, seat: usize) -> &Arranger {
        match &self.banker {
            Some(b) if seat == 0 => b,
            _ => &self.player,
        }
    }
}

/// One hand's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct HandResult {
    /// Mean water of the best response on set B minus the arranger's choice's.
    pub gain: f64,
    /// The same on set A (where the best response was chosen: never negative).
    pub in_sample: f64,
    /// Whether the best response is the arranger's own choice.
    pub same: bool,
    /// The best response's place in the pre-screen's order (0 first), when it came from there
    /// rather than being the special or the arranger's own choice: a best response found near
    /// the end of the screen says the screen should be wider.
    pub screen_place: Option<usize>,
    /// The choice answered (the arranger's) and the best response to it.
    pub own: PlayerHand,
    pub best: PlayerHand,
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
pub fn opponents(unseen: &[Card], seats: usize, seed: u64) -> Vec<[Card; 13]> {
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
pub fn legal(hand: &[Card; 13], eval: &Evaluator, strict: bool) -> Vec<(Arrangement, [HandRank; 3])> {
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

/// One lane of the opponents: their ranks (suits ignored) sorted, with the prefix sums of the
/// water each would win.
struct LaneTable {
    lane: Lane,
    ranks: Vec<HandRank>,
    /// `above[i]`: the water of the opponents' lanes `i..`, each at its own lane water.
    above: Vec<i64>,
}

impl LaneTable {
    fn new(settler: &Settler, lane: Lane, ranks: impl Iterator<Item = HandRank>) -> LaneTable {
        let mut ranks: Vec<HandRank> = ranks.map(HandRank::ranks_only).collect();
        ranks.sort_unstable();
        let mut above = vec![0i64; ranks.len() + 1];
        for i in (0..ranks.len()).rev() {
            above[i] = above[i + 1] + settler.lane_water(lane, ranks[i]) as i64;
        }
        LaneTable { lane, ranks, above }
    }

    /// The pairwise water of my lane `rank` against every opponent's: won at my lane water
    /// from those below, lost at theirs to those above, ties nothing.
    fn water(&self, settler: &Settler, rank: HandRank) -> i64 {
        let x = rank.ranks_only();
        let below = self.ranks.partition_point(|&y| y < x);
        let not_above = self.ranks.partition_point(|&y| y <= x);
        settler.lane_water(self.lane, rank) as i64 * below as i64 - self.above[not_above]
    }
}

/// The hero's mean water in seat `me` over a set of opponent deals (the other seats in order),
/// settled exactly.
fn mean_water(
    settler: &Settler,
    hero: &PlayerHand,
    me: usize,
    banker: Option<usize>,
    set: &[Vec<PlayerHand>],
) -> Result<f64, Error> {
    let mut sum = 0i64;
    let mut table = Vec::with_capacity(set.first().map_or(1, |o| o.len() + 1));
    for opps in set {
        table.clear();
        table.extend_from_slice(opps);
        table.insert(me, hero.clone());
        sum += settler.settle_with_banker(&table, banker)?.totals[me].units();
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

/// Whether two plays are the same (lanes compared as sets of cards).
pub fn same_play(x: &PlayerHand, y: &PlayerHand) -> bool {
    fn sorted<const N: usize>(mut l: [Card; N]) -> [Card; N] {
        l.sort_unstable();
        l
    }
    match (x, y) {
        (PlayerHand::Arranged(a), PlayerHand::Arranged(b)) => {
            sorted(a.front) == sorted(b.front)
                && sorted(a.middle) == sorted(b.middle)
                && sorted(a.back) == sorted(b.back)
        }
        _ => x == y,
    }
}

/// How the measured player plays 13 cards.
pub type Play<'a> = &'a (dyn Fn(&[Card; 13]) -> Result<PlayerHand, Error> + Sync);

/// How the arranger plays 13 cards: its special when its advice says declare, else its lanes
/// (what every opponent of the measurement does).
pub fn arranger_play(arranger: &Arranger, cards: &[Card; 13]) -> Result<PlayerHand, Error> {
    play(arranger, cards)
}

/// The best response's gain on one hand, over the arranger's own choice (an all-pairs table).
pub fn hand(config: &Config, arranger: &Arranger, i: u64) -> Result<HandResult, Error> {
    hand_of(config, &Seats::all_pairs(arranger), &|c| play(arranger, c), i)
}

/// The best response's gain on one hand over `own`'s choice, the other seats played by their
/// arrangers.
pub fn hand_of(config: &Config, arrangers: &Seats, own: Play<'_>, i: u64) -> Result<HandResult, Error> {
    let rules = &config.rules;
    let settler = Settler::new(rules)?;
    let eval = Evaluator::new(rules);
    let strict = rules.strict_order;
    let deck = Dealer::from_seed(round_seed(config.seed, i)).shuffle_cards(rules.deck_spec());
    let hero: [Card; 13] = deck[..13].try_into().expect("13 cards");
    let unseen = &deck[13..];
    let seats = config.players - 1;
    // The measured seat: the banker's (0) or a player's (1) at a banker table, else 0. The
    // opponents' hands fill the other seats in order.
    let banker_table = rules.table == Table::Banker;
    let me = usize::from(banker_table && config.role != Role::Banker);
    let seat_of = |k: usize| if k < me { k } else { k + 1 };
    let sets = [SET_A, SET_B].map(|tag| -> Result<Vec<Vec<PlayerHand>>, Error> {
        (0..config.opponents)
            .map(|j| {
                opponents(unseen, seats, round_seed(config.seed ^ tag, i * config.opponents as u64 + j as u64))
                    .iter()
                    .enumerate()
                    .map(|(k, h)| play(arrangers.of(seat_of(k)), h))
                    .collect()
            })
            .collect()
    });
    let [a, b] = sets;
    let (a, b) = (a?, b?);
    let banker = banker_table.then_some(0);
    let mean_water = |hero: &PlayerHand, set: &[Vec<PlayerHand>]| mean_water(&settler, hero, me, banker, set);

    // Pre-screen: pairwise lane water against set A's arranged opponents that the seat is
    // settled against (a player at a banker table: the banker alone). It is a sum over the
    // lanes, so each lane's value is read from that lane's sorted opponent ranks.
    let settled_against = |k: usize| !banker_table || me == 0 || seat_of(k) == 0;
    let opp_ranks: Vec<[HandRank; 3]> = a
        .iter()
        .flat_map(|o| o.iter().enumerate().filter(|&(k, _)| settled_against(k)).map(|(_, h)| h))
        .filter_map(|h| ranks(h, &eval, strict))
        .collect();
    let tables = [Lane::Front, Lane::Middle, Lane::Back]
        .map(|lane| LaneTable::new(&settler, lane, opp_ranks.iter().map(|r| r[lane as usize])));
    let mut scored: Vec<(i64, PlayerHand)> = legal(&hero, &eval, strict)
        .into_iter()
        .map(|(arr, r)| {
            let w = (0..3).map(|k| tables[k].water(&settler, r[k])).sum::<i64>();
            (w, PlayerHand::Arranged(arr))
        })
        .collect();
    scored.sort_by_key(|x| std::cmp::Reverse(x.0));
    scored.truncate(config.screen);
    let mut candidates: Vec<PlayerHand> = scored.into_iter().map(|(_, h)| h).collect();
    let special = SpecialDetector::new(rules)?.detect(&hero)?.best;
    if let Some(special) = special {
        candidates.push(PlayerHand::Special { special, cards: hero });
    }
    let special = special.is_some();
    let own = own(&hero)?;
    candidates.push(own.clone());

    let screened = candidates.len() - 1 - special as usize;
    let mut best = (f64::NEG_INFINITY, own.clone());
    let mut place = None;
    for (k, c) in candidates.iter().enumerate() {
        let w = mean_water(c, &a)?;
        if w > best.0 {
            best = (w, c.clone());
            place = (k < screened).then_some(k);
        }
    }
    let own_a = mean_water(&own, &a)?;
    let gain = mean_water(&best.1, &b)? - mean_water(&own, &b)?;
    let same = same_play(&best.1, &own);
    Ok(HandResult { gain, in_sample: best.0 - own_a, same, screen_place: place, own, best: best.1 })
}

/// Every hand of a run at an all-pairs table, in order, on every core.
pub fn run(config: &Config, arranger: &Arranger) -> Result<Vec<HandResult>, Error> {
    run_of(config, &Seats::all_pairs(arranger), &|c| play(arranger, c))
}

/// Every hand of a run against `own`'s choices (the other seats played by their arrangers).
pub fn run_of(config: &Config, arrangers: &Seats, own: Play<'_>) -> Result<Vec<HandResult>, Error> {
    config.rules.check_players(config.players)?;
    if config.rules.table == Table::Banker && (config.players < 3 || arrangers.banker.is_none()) {
        return Err(Error::InvalidTable(format!(
            "a best response at a banker table needs 3 or more seats and the banker's arranger, not {} seats{}",
            config.players,
            if arrangers.banker.is_none() { " without it" } else { "" }
        )));
    }
    if config.rules.table != Table::Banker && config.role == Role::Banker {
        return Err(Error::InvalidTable("the banker's role is measured at banker tables".into()));
    }
    if config.opponents == 0 || config.screen == 0 {
        return Err(Error::InvalidArgument("opponents and screen must be at least 1".into()));
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(config.hands.max(1) as usize);
    let per = config.hands.div_ceil(threads as u64);
    std::thread::scope(|s| {
        let parts: Vec<_> = (0..threads as u64)
            .map(|t| {
                s.spawn(move || -> Result<Vec<HandResult>, Error> {
                    (t * per..((t + 1) * per).min(config.hands)).map(|i| hand_of(config, arrangers, own, i)).collect()
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
