//! Settling a round in water (水): RULES.md §4, §5, §5a (banker mode), §6 and the ranked
//! paragraph of §9.
//!
//! Give every seat's hand — three lanes, or a declared special with its 13 cards — and a rule
//! set; get back a [`Settlement`]: per-seat totals, the pairwise matrix, every lane of every
//! pair with the water it moved, shots, home runs and specials, and an event list.
//!
//! ```
//! use shisanshui::{Arrangement, Rules};
//! use shisanshui::settle::{settle, PlayerHand, Water};
//! let a: Arrangement = "2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s".parse().unwrap();
//! let b: Arrangement = "Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h".parse().unwrap();
//! let round = settle(&[PlayerHand::from(a), PlayerHand::from(b)], &Rules::classic()).unwrap();
//! // b wins every lane (front 1, middle full house 2, back straight flush 5) and shoots a, but
//! // classic shoots only at tables of 3 or more: a pays 8.
//! assert_eq!(round.totals, vec![Water::from_int(-8), Water::from_int(8)]);
//! ```
//!
//! In banker mode (`rules.table == Table::Banker`, §5a) the round names its banker seat:
//!
//! ```
//! use shisanshui::{Arrangement, Preset, Rules, Table};
//! use shisanshui::settle::{settle_with_banker, PlayerHand, Water};
//! let hand = |t: &str| PlayerHand::from(t.parse::<Arrangement>().unwrap());
//! let hands = [
//!     hand("2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s"),
//!     hand("Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h"),
//!     hand("Ac Kc 4d / 2s 2c 5s 6s 9s / Tc Td Ts 4s 3s"),
//! ];
//! let rules = Rules { table: Table::Banker, ..Rules::preset(Preset::Kx) };
//! let round = settle_with_banker(&hands, &rules, Some(1)).unwrap();
//! assert_eq!(round.banker, Some(1));
//! // Only the pairs with the banker are settled: seats 0 and 2 settle nothing between them.
//! assert_eq!(round.pairs.len(), 2);
//! assert_eq!(round.matrix[0][2], Water::ZERO);
//! // The banker wins all three lanes against both (1 + 2 + 5 = 8), a shot ×2: 16 each.
//! assert_eq!(round.totals, vec![Water::from_int(-16), Water::from_int(32), Water::from_int(-16)]);
//! ```
//!
//! # How RULES.md is read where it leaves room (each point is tested)
//!
//! - **Lane water** is the value of the winning hand in its lane: front trips, middle full house,
//!   middle/back quads, straight flush and five of a kind per `rules.lane_water`, every other won
//!   lane 1. A five of a kind the preset does not list (`None`) is worth 1; one deck cannot make it.
//! - **Lanes are compared on the full rank**, suits included when `suit_tiebreak` is on; the foul
//!   check is the engine's own ([`Arrangement::evaluate_with`]), never the caller's.
//! - **Shot**: a seat that wins every lane against an opponent (with `shoot_allows_ties`: wins
//!   at least one lane and loses none) shoots it when shooting is enabled and the table has at
//!   least `shoot_min_players` seats (specials count as seats). The victim pays
//!   `L × shoot_multiplier + shoot_bonus`, where `L` is the lane water the shooter won (tied
//!   lanes add nothing). `Amount::PlayersMinusOne` (a shot's bonus, a home run's multiplier)
//!   is evaluated as RULES.md §9 says: at the number of seats at the table under pairwise
//!   scoring (all pairs or banker), at the number of normal (non-special) seats `p` under
//!   ranked scoring (the ranked shot is ±(p − 1)).
//! - **Majority bonus** (`majority_bonus`, 2-4 scoring): in a pair where one seat wins more
//!   lanes than the other (ties count for neither; a fouled seat loses all three), the winner
//!   receives the bonus on top of its lanes, inside the pair's `lane_water`, so a shot's
//!   multiplier applies to it ([`PairResult::majority`] reports it). A special settles its pair
//!   by the special's water alone: no lanes, no majority.
//! - **Banker mode** (§5a): only the pairs (banker, other seat) are settled, each as above;
//!   [`Settlement::pairs`] lists just those and the matrix holds 0 between two other seats.
//!   A home run needs a shot on every other seat, so only the banker can make one (or either
//!   seat at a table of two, where the modes are the same game). `shoot_min_players`,
//!   `home_run_min_players` and "players − 1" count every seat at the table. The banker seat is
//!   named in [`Settlement::banker`] and by the first event, [`Event::Banker`].
//! - **Foul**: a fouled seat loses every lane to each non-fouled normal opponent, who receives
//!   its own lane values (ranked: the lane's `t`). It is also shot only when
//!   `foul_counts_as_shot` is on *and* shooting is active at this table. Two fouled seats
//!   settle 0. A fouled seat pays a special in full, like any normal seat.
//! - **Home run**: a non-fouled normal seat that shoots every other seat, at a table of at
//!   least `home_run_min_players` seats with no declared special, with home runs enabled. A
//!   fouled opponent counts as shot only with `foul_counts_as_shot`; otherwise it blocks the
//!   home run. Each victim then pays `(shot value + home_run_bonus) × home_run_multiplier`.
//!   At most one seat can make a home run (a shot is never mutual).
//! - **Specials**: a declared special must be enabled in the rule set and made by the cards
//!   (checked with [`crate::special::detect`]; any enabled special the cards make may be
//!   declared, not only the best). Every normal seat pays it its water; between two specials
//!   the higher in the rule set's order wins its own water and the same special ties.
//!   Specials never shoot and are never shot.
//! - **Ranked** (seed 002): the `p` normal seats are ranked per lane, fouled seats last and
//!   tied among themselves; place `k` scores `(p + 1 − 2k)·t` with ties sharing the average,
//!   which is exactly `t` per lane won against each opponent — so ranked mode runs the
//!   pairwise engine with every lane win worth the lane's `t` (the lane water of the best
//!   non-fouled hand in the lane; 1 when all fouled), and reports `t` in
//!   [`Settlement::ranked_lane_water`]. Each normal seat pays each special `w / p` (exact, see
//!   [`Water`]); between specials §6 applies, except that when every seat holds a special
//!   they rank by the special order and every win is worth `t`, the highest declared special's
//!   water.
//! - **Bad input** is rejected before anything is settled: 2 to 4 seats
//!   ([`Error::InvalidTable`]), a banker seat exactly when the rules are in banker mode and
//!   within the table ([`Error::InvalidTable`]), every card used once across the table
//!   ([`Error::DuplicateCard`], its `position` counted across the table as
//!   `seat × 13 + index`, the index in lane order front, middle, back, or as given for a
//!   special), declared specials allowed and made ([`Error::SpecialNotAllowed`]), and a valid
//!   rule set. Lanes of the wrong size cannot be built: [`PlayerHand::arranged`] and
//!   [`PlayerHand::special`] return [`Error::WrongCardCount`].

mod outcome;
mod water;

pub use outcome::{
    Event, HomeRunPayment, LaneResult, MajorityBonus, PairKind, PairResult, SeatResult, Settlement, Shot,
    SpecialPayment,
};
pub use water::Water;

use crate::card::{exact_cards_in, Card, CopyCounter};
use crate::deck::Deck;
use crate::error::{DuplicateSeats, Error, Result};
use crate::eval::{Category, Evaluator, HandRank};
use crate::lanes::{Arrangement, Lane};
use crate::rules::{Rules, ScoringMode, Table};
use crate::special::Special;

/// Fewest seats at a table.
pub const MIN_SEATS: usize = 2;
/// Most seats at a table: two decks (RULES.md §11). A rule set's own limit is
/// [`Rules::max_players`] (4 plus one per extra suit).
pub const MAX_SEATS: usize = crate::rules::MAX_TABLE;

/// What one seat puts on the table.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(remote = "Self", rename_all = "snake_case"))]
pub enum PlayerHand {
    /// Three lanes (legal or not: the engine checks the foul itself).
    Arranged(Arrangement),
    /// A declared special (报到) with the 13 cards that make it.
    Special {
        /// The special declared.
        special: Special,
        /// The seat's 13 cards.
        cards: [Card; 13],
    },
}

#[cfg(feature = "serde")]
crate::rules::named_fields_only!(PlayerHand);

impl PlayerHand {
    /// Lanes from slices: 3, 5 and 5 distinct cards, or [`Error::WrongCardCount`] /
    /// [`Error::DuplicateCard`].
    pub fn arranged(front: &[Card], middle: &[Card], back: &[Card]) -> Result<PlayerHand> {
        Arrangement::new(front, middle, back).map(PlayerHand::Arranged)
    }

    /// A declared special with its cards: 13 distinct cards, or [`Error::WrongCardCount`] /
    /// [`Error::DuplicateCard`]. Whether the cards make it is checked when settling.
    pub fn special(special: Special, cards: &[Card]) -> Result<PlayerHand> {
        PlayerHand::special_in(special, cards, Deck::ONE)
    }

    /// [`PlayerHand::special`] for a rule set's deck (a [`Deck`], or the suits it doubles;
    /// RULES.md §11, §12).
    pub fn special_in(special: Special, cards: &[Card], deck: impl Into<Deck>) -> Result<PlayerHand> {
        Ok(PlayerHand::Special { special, cards: exact_cards_in::<13>(cards, deck)? })
    }

    /// The seat's 13 cards (lane order for an arrangement).
    pub fn cards(&self) -> [Card; 13] {
        match self {
            PlayerHand::Arranged(a) => a.cards(),
            PlayerHand::Special { cards, .. } => *cards,
        }
    }
}

impl From<Arrangement> for PlayerHand {
    fn from(a: Arrangement) -> PlayerHand {
        PlayerHand::Arranged(a)
    }
}

/// The arranger's answer as a seat: its lanes.
impl From<crate::arrange::Arranged> for PlayerHand {
    fn from(a: crate::arrange::Arranged) -> PlayerHand {
        PlayerHand::Arranged(a.arrangement)
    }
}

/// Settle one round under `rules`. Shorthand for `Settler::new(rules)?.settle(hands)`.
///
/// Rules in banker mode need the banker seat: use [`settle_with_banker`].
pub fn settle(hands: &[PlayerHand], rules: &Rules) -> Result<Settlement> {
    Settler::new(rules)?.settle(hands)
}

/// Settle one round under `rules` with its banker seat: `Some(seat)` when the rules are in
/// banker mode (`table = banker`, RULES.md §5a), `None` when they settle all pairs. Shorthand for
/// `Settler::new(rules)?.settle_with_banker(hands, banker)`.
///
/// Errors, besides those of [`settle`]: [`Error::InvalidTable`] for a banker-mode round without
/// a banker seat, a banker seat outside the table, or a banker seat under `all_pairs`.
pub fn settle_with_banker(hands: &[PlayerHand], rules: &Rules, banker: Option<usize>) -> Result<Settlement> {
    Settler::new(rules)?.settle_with_banker(hands, banker)
}

/// A rule set prepared for settling many rounds: validated once, lane values tabulated.
#[derive(Clone, Debug)]
pub struct Settler<'r> {
    rules: &'r Rules,
    eval: Evaluator,
    /// `lane_value[lane][category]`: the water of winning `lane` with a hand of `category`.
    lane_value: [[u32; 10]; 3],
}

/// Front, middle and back with no winner yet.
const EMPTY_LANES: [LaneResult; 3] = [
    LaneResult { lane: Lane::Front, winner: None, water: 0, hand: None },
    LaneResult { lane: Lane::Middle, winner: None, water: 0, hand: None },
    LaneResult { lane: Lane::Back, winner: None, water: 0, hand: None },
];

/// A seat as the engine sees it after validation.
#[derive(Copy, Clone, Debug)]
enum Seat {
    Normal { ranks: [HandRank; 3], fouled: bool },
    Special { special: Special, water: u32, order: usize },
}

impl<'r> Settler<'r> {
    /// Prepare `rules` (validated: an invalid rule set is [`Error::InvalidRules`]).
    pub fn new(rules: &'r Rules) -> Result<Settler<'r>> {
        rules.validate()?;
        let mut lane_value = [[1u32; 10]; 3];
        for lane in [Lane::Front, Lane::Middle, Lane::Back] {
            for cat in Category::ALL {
                lane_value[lane as usize][cat as usize] = rules.lane_water.won_with(lane, cat);
            }
        }
        Ok(Settler { rules, eval: Evaluator::new(rules), lane_value })
    }

    /// The rule set.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The water of winning `lane` with `hand` in pairwise mode (1 or the lane bonus, §4).
    pub fn lane_water(&self, lane: Lane, hand: HandRank) -> u32 {
        self.lane_value[lane as usize][hand.category() as usize]
    }

    /// Settle one round of rules that settle all pairs (banker mode needs
    /// [`Settler::settle_with_banker`]).
    pub fn settle(&self, hands: &[PlayerHand]) -> Result<Settlement> {
        self.settle_with_banker(hands, None)
    }

    /// Settle one round with its banker seat (`None` when the rules settle all pairs; see
    /// [`settle_with_banker`]).
    pub fn settle_with_banker(&self, hands: &[PlayerHand], banker: Option<usize>) -> Result<Settlement> {
        // Sized once: at most one allocation per buffer.
        let n = hands.len().min(MAX_SEATS);
        let mut out = Settlement {
            seats: Vec::with_capacity(n),
            totals: Vec::with_capacity(n),
            matrix: Vec::with_capacity(n),
            pairs: Vec::with_capacity(n * n.saturating_sub(1) / 2),
            events: Vec::with_capacity(n + n * n.saturating_sub(1) / 2 + 1),
            ..Settlement::default()
        };
        self.settle_into_with_banker(hands, banker, &mut out)?;
        Ok(out)
    }

    /// Settle one round into `out`, reusing its buffers (no allocation once they are large
    /// enough). On error `out` is left exactly as it was: nothing is half-settled.
    pub fn settle_into(&self, hands: &[PlayerHand], out: &mut Settlement) -> Result<()> {
        self.settle_into_with_banker(hands, None, out)
    }

    /// As [`Settler::settle_into`], with the round's banker seat (see [`settle_with_banker`]).
    pub fn settle_into_with_banker(
        &self,
        hands: &[PlayerHand],
        banker: Option<usize>,
        out: &mut Settlement,
    ) -> Result<()> {
        let n = hands.len();
        self.rules.check_players(n)?;
        check_banker(self.rules.table, banker, n)?;
        check_cards(hands, self.rules.deck_spec())?;
        let mut seats = [Seat::Normal { ranks: [HandRank::default(); 3], fouled: false }; MAX_SEATS];
        let mut results = [SeatResult::Special { special: Special::SupremeDragon, water: 0 }; MAX_SEATS];
        for (i, hand) in hands.iter().enumerate() {
            match hand {
                PlayerHand::Arranged(a) => {
                    // The engine's own foul check: the caller is never trusted with it.
                    let eval = a.evaluate_with(&self.eval, self.rules.strict_order);
                    seats[i] =
                        Seat::Normal { ranks: [eval.front, eval.middle, eval.back], fouled: eval.foul.is_foul() };
                    results[i] = SeatResult::Arranged { eval };
                }
                &PlayerHand::Special { special, ref cards } => {
                    let (water, order) = self.verify_special(special, cards)?;
                    seats[i] = Seat::Special { special, water, order };
                    results[i] = SeatResult::Special { special, water };
                }
            }
        }
        // Everything is valid: from here on nothing can fail.
        self.compute(&seats[..n], &results[..n], banker, out);
        Ok(())
    }

    /// Check a declared special against the rule set and the cards; its water and order.
    #[cold]
    fn verify_special(&self, special: Special, cards: &[Card; 13]) -> Result<(u32, usize)> {
        let not_allowed = |reason: String| Error::SpecialNotAllowed { special: special.id().to_string(), reason };
        let (Some(order), Some(water)) = (self.rules.special_order(special), self.rules.special_water(special)) else {
            return Err(not_allowed(format!("{} is not enabled in this rule set", special.name())));
        };
        let detection = crate::special::detect(cards, self.rules)?;
        if !detection.all.contains(&special) {
            let made = match detection.best {
                Some(best) => format!("they make {} ({})", best.id(), best.name()),
                None => "they make no special".to_string(),
            };
            return Err(not_allowed(format!("the cards do not make {}; {made}", special.name())));
        }
        Ok((water, order))
    }

    /// The settlement proper, on validated seats.
    fn compute(&self, seats: &[Seat], results: &[SeatResult], banker: Option<usize>, out: &mut Settlement) {
        let rules = self.rules;
        let n = seats.len();
        let ranked = rules.scoring == ScoringMode::Ranked;
        let normals = seats.iter().filter(|s| matches!(s, Seat::Normal { .. })).count();
        let has_special = normals < n;

        // Ranked: each lane win is worth the lane water of the best non-fouled hand.
        let ranked_t = ranked.then(|| {
            let mut t = [1u32; 3];
            for (lane, t) in t.iter_mut().enumerate() {
                let best = seats
                    .iter()
                    .filter_map(|s| match *s {
                        Seat::Normal { ranks, fouled: false } => Some(ranks[lane]),
                        _ => None,
                    })
                    .max();
                if let Some(best) = best {
                    *t = self.lane_value[lane][best.category() as usize];
                }
            }
            t
        });
        // What each seat receives for each lane it wins: its own hand's water (pairwise) or t.
        let mut value = [[0u32; 3]; MAX_SEATS];
        for (v, seat) in value.iter_mut().zip(seats) {
            if let Seat::Normal { ranks, .. } = seat {
                *v = match ranked_t {
                    Some(t) => t,
                    // Written out: an array `map` here is left outlined in some partitions of
                    // the crate into codegen units (a call per seat).
                    None => {
                        let won = |l: usize| self.lane_value[l][ranks[l].category() as usize];
                        [won(0), won(1), won(2)]
                    }
                };
            }
        }
        // Ranked with every seat special: specials rank by order and each win is worth the
        // highest declared special's water.
        let all_special_t = seats
            .iter()
            .filter_map(|s| match *s {
                Seat::Special { water, .. } => Some(water),
                Seat::Normal { .. } => None,
            })
            .max()
            .unwrap_or(0);

        let sh = &rules.shooting;
        let shooting = rules.shooting_at(n);
        // "players − 1" (§9): the seats at the table pairwise, the normal players ranked.
        let players = if ranked { normals } else { n };
        let shoot_bonus = sh.bonus.at(players) as i64;
        let shoot_mult = sh.multiplier as i64;
        let majority_bonus = rules.majority_bonus as i64;

        // Pass 1: every settled pair's lanes, specials and shots, written straight into `out`.
        out.pairs.clear();
        let mut shot_by = [[false; MAX_SEATS]; MAX_SEATS]; // shot_by[shooter][victim]
        for a in 0..n {
            for b in a + 1..n {
                if banker.is_some_and(|k| a != k && b != k) {
                    // Banker mode: two players settle nothing between themselves (§5a).
                    continue;
                }
                out.pairs.push(PairResult {
                    seats: [a, b],
                    kind: PairKind::Lanes,
                    lanes: None,
                    lane_water: 0,
                    majority: None,
                    shot: None,
                    home_run: None,
                    special: None,
                    water: Water::ZERO,
                });
                let last = out.pairs.len() - 1;
                let p = &mut out.pairs[last];
                match (&seats[a], &seats[b]) {
                    (&Seat::Normal { ranks: ref ra, fouled: fa }, &Seat::Normal { ranks: ref rb, fouled: fb }) => {
                        let lanes = p.lanes.insert(EMPTY_LANES);
                        let (mut wins_a, mut wins_b, mut net) = (0u32, 0u32, 0i64);
                        for l in 0..3 {
                            // +1: a wins the lane, −1: b wins it. A fouled seat loses every lane
                            // to a legal one; two fouled seats tie.
                            let cmp = if fa | fb {
                                fb as i32 - fa as i32
                            } else {
                                (ra[l] > rb[l]) as i32 - (ra[l] < rb[l]) as i32
                            };
                            if cmp > 0 {
                                let w = value[a][l];
                                lanes[l].winner = Some(a);
                                lanes[l].water = w;
                                lanes[l].hand = Some(ra[l].category());
                                wins_a += 1;
                                net += w as i64;
                            } else if cmp < 0 {
                                let w = value[b][l];
                                lanes[l].winner = Some(b);
                                lanes[l].water = w;
                                lanes[l].hand = Some(rb[l].category());
                                wins_b += 1;
                                net -= w as i64;
                            }
                        }
                        p.kind = match (fa, fb) {
                            (false, false) => PairKind::Lanes,
                            (true, true) => PairKind::BothFouled,
                            _ => PairKind::OneFouled,
                        };
                        // 2-4 scoring: more lanes won than lost earns the bonus, inside the
                        // lane water (a shot multiplies it).
                        if majority_bonus > 0 && wins_a != wins_b {
                            let winner = if wins_a > wins_b { a } else { b };
                            p.majority = Some(MajorityBonus { winner, water: rules.majority_bonus });
                            net += if winner == a { majority_bonus } else { -majority_bonus };
                        }
                        p.lane_water = net;
                        let shoots =
                            |wins: u32, losses: u32| losses == 0 && (wins == 3 || (sh.allows_ties && wins >= 1));
                        let by_foul_ok = !(fa || fb) || rules.foul_counts_as_shot;
                        let shooter = if !shooting || !by_foul_ok {
                            None
                        } else if shoots(wins_a, wins_b) {
                            Some((a, b))
                        } else if shoots(wins_b, wins_a) {
                            Some((b, a))
                        } else {
                            None
                        };
                        if let Some((shooter, victim)) = shooter {
                            let l = net.abs();
                            p.shot = Some(Shot { shooter, victim, lane_water: l, value: l * shoot_mult + shoot_bonus });
                            shot_by[shooter][victim] = true;
                        }
                    }
                    (&Seat::Special { special, water, .. }, Seat::Normal { .. }) => {
                        p.kind = PairKind::SpecialVsNormal;
                        p.special = Some(SpecialPayment {
                            winner: Some(a),
                            special: Some(special),
                            water: special_share(water, ranked, normals),
                        });
                    }
                    (Seat::Normal { .. }, &Seat::Special { special, water, .. }) => {
                        p.kind = PairKind::SpecialVsNormal;
                        p.special = Some(SpecialPayment {
                            winner: Some(b),
                            special: Some(special),
                            water: special_share(water, ranked, normals),
                        });
                    }
                    (
                        &Seat::Special { special: sa, water: wa, order: oa },
                        &Seat::Special { special: sb, water: wb, order: ob },
                    ) => {
                        p.kind = PairKind::SpecialVsSpecial;
                        let win =
                            |w: u32| Water::from_int(if ranked && normals == 0 { all_special_t } else { w } as i64);
                        p.special = Some(match oa.cmp(&ob) {
                            // A lower position in the rule set's list is the higher special.
                            std::cmp::Ordering::Less => {
                                SpecialPayment { winner: Some(a), special: Some(sa), water: win(wa) }
                            }
                            std::cmp::Ordering::Greater => {
                                SpecialPayment { winner: Some(b), special: Some(sb), water: win(wb) }
                            }
                            std::cmp::Ordering::Equal => {
                                SpecialPayment { winner: None, special: None, water: Water::ZERO }
                            }
                        });
                    }
                }
            }
        }

        // Pass 2: a home run — one seat shot every other seat.
        let hr = &rules.home_run;
        let home_run_seat = if rules.home_run_at(n) && !has_special {
            (0..n).find(|&s| (0..n).all(|v| v == s || shot_by[s][v]))
        } else {
            None
        };
        let hr_mult = hr.multiplier.at(players) as i64;
        let mut home_run_total = 0i64;

        // Pass 3: each pair's final water, the matrix and the totals.
        out.mode = rules.scoring;
        out.banker = banker;
        out.ranked_lane_water = ranked_t;
        out.seats.clear();
        out.seats.extend_from_slice(results);
        out.totals.clear();
        out.totals.resize(n, Water::ZERO);
        out.matrix.truncate(n);
        for row in out.matrix.iter_mut() {
            row.clear();
            row.resize(n, Water::ZERO);
        }
        while out.matrix.len() < n {
            out.matrix.push(vec![Water::ZERO; n]);
        }
        for p in out.pairs.iter_mut() {
            let [a, b] = p.seats;
            let first_sign = |seat: usize| if seat == a { 1 } else { -1 };
            let water = if let Some(shot) = p.shot {
                let mut value = shot.value;
                if home_run_seat == Some(shot.shooter) {
                    value = (value + hr.bonus_per_victim as i64) * hr_mult;
                    p.home_run = Some(HomeRunPayment { shooter: shot.shooter, value });
                    home_run_total += value;
                }
                Water::from_int(first_sign(shot.shooter) * value)
            } else if let Some(sp) = p.special {
                match sp.winner {
                    Some(w) if w == a => sp.water,
                    Some(_) => -sp.water,
                    None => Water::ZERO,
                }
            } else {
                Water::from_int(p.lane_water)
            };
            p.water = water;
            out.matrix[a][b] = water;
            out.matrix[b][a] = -water;
            out.totals[a] += water;
            out.totals[b] -= water;
        }

        // Events: the banker, fouls and specials by seat, shots by pair, then the home run.
        out.events.clear();
        if let Some(seat) = banker {
            out.events.push(Event::Banker { seat });
        }
        for (seat, r) in results.iter().enumerate() {
            match *r {
                SeatResult::Arranged { eval } if eval.foul.is_foul() => {
                    out.events.push(Event::Foul { seat, foul: eval.foul })
                }
                SeatResult::Special { special, .. } => out.events.push(Event::Special { seat, special }),
                _ => {}
            }
        }
        for i in 0..out.pairs.len() {
            if let Some(shot) = out.pairs[i].shot {
                out.events.push(Event::Shot { shooter: shot.shooter, victim: shot.victim, value: shot.value });
            }
        }
        if let Some(seat) = home_run_seat {
            out.events.push(Event::HomeRun { seat, value: home_run_total });
        }
    }
}

/// What one normal seat pays a special of water `w`: all of it in pairwise mode, `w / p` in
/// ranked mode with `p` normal seats.
fn special_share(w: u32, ranked: bool, normals: usize) -> Water {
    if ranked {
        Water::share(w as i64, normals as i64)
    } else {
        Water::from_int(w as i64)
    }
}

/// A banker seat exactly when the table is in banker mode, and at the table.
pub(crate) fn check_banker(table: Table, banker: Option<usize>, n: usize) -> Result<()> {
    match (table, banker) {
        (Table::Banker, None) => {
            Err(Error::InvalidTable("the rules are in banker mode (table = banker): name the banker seat".into()))
        }
        (Table::Banker, Some(b)) if b >= n => {
            Err(Error::InvalidTable(format!("banker seat {b} is not at the table (seats 0 to {})", n - 1)))
        }
        (Table::AllPairs, Some(b)) => Err(Error::InvalidTable(format!(
            "banker seat {b} given, but the rules settle all pairs (table = all_pairs)"
        ))),
        _ => Ok(()),
    }
}

/// No card more often across the table than the deck holds it (once, twice for an extra suit,
/// RULES.md §11; each joker as often as the deck deals it, §12). Positions count across the
/// table: `seat × 13 + index`.
fn check_cards(hands: &[PlayerHand], deck: Deck) -> Result<()> {
    // Fast path for one deck: the union of distinct standard cards has 13 per seat (a joker,
    // bit 52 or 53, is left to the counter, which knows whether the deck deals it).
    if deck.extra_suits().is_empty() {
        let mut union = 0u64;
        for hand in hands {
            for card in hand.cards() {
                union |= 1u64 << card.code();
            }
        }
        if union.count_ones() as usize == 13 * hands.len() && union >> 52 == 0 {
            return Ok(());
        }
    }
    count_copies(hands, deck)
}

/// [`check_cards`] card by card: every copy counted against the deck.
#[inline(never)]
fn count_copies(hands: &[PlayerHand], deck: Deck) -> Result<()> {
    let mut held = CopyCounter::new(deck);
    for (seat, hand) in hands.iter().enumerate() {
        for (i, &card) in hand.cards().iter().enumerate() {
            if let Err(e) = held.add(card, seat * 13 + i) {
                return Err(seats_named(e, hands));
            }
        }
    }
    Ok(())
}

/// A card the deck holds once on two seats (or twice on one) names both seats: the first seat
/// holding it is the first at or below the repeat's.
#[cold]
#[inline(never)]
fn seats_named(e: Error, hands: &[PlayerHand]) -> Error {
    let Error::DuplicateCard { card, position, seats: None } = e else { return e };
    let seat = position / 13;
    let first = hands[..seat].iter().position(|h| h.cards().contains(&card)).unwrap_or(seat);
    Error::DuplicateCard { card, position, seats: Some(DuplicateSeats { seat, first }) }
}
