//! The three lanes (墩) of an arrangement and the foul check (倒水) of RULES.md §2.

use std::fmt;
use std::str::FromStr;

use crate::card::{check_copies, format_cards, parse_cards_in, parse_copies_into, Card, CardSet, CopyCounter, SuitSet};
use crate::deck::Deck;
use crate::error::{Error, Result};
use crate::eval::{Evaluator, HandRank};
use crate::rules::{JokerLanes, Rules};

/// A lane: front (头墩, 3 cards), middle (中墩, 5) or back (尾墩, 5).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
#[repr(u8)]
pub enum Lane {
    /// 头墩: 3 cards.
    Front = 0,
    /// 中墩: 5 cards.
    Middle = 1,
    /// 尾墩: 5 cards.
    Back = 2,
}

impl Lane {
    /// Front, middle, back.
    pub const ALL: [Lane; 3] = [Lane::Front, Lane::Middle, Lane::Back];
    /// Number of cards in the lane.
    pub const fn size(self) -> usize {
        match self {
            Lane::Front => 3,
            _ => 5,
        }
    }
    /// English name.
    pub const fn name(self) -> &'static str {
        ["front", "middle", "back"][self as usize]
    }
    /// Chinese name.
    pub const fn chinese_name(self) -> &'static str {
        ["头墩", "中墩", "尾墩"][self as usize]
    }
}

impl fmt::Display for Lane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which lanes are out of order. Both false means the arrangement is legal.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Foul {
    /// The front beats the middle (or equals it under `strict_order`).
    pub front_over_middle: bool,
    /// The middle beats the back (or equals it under `strict_order`).
    pub middle_over_back: bool,
}

impl Foul {
    /// Whether the arrangement is a foul (倒水).
    pub const fn is_foul(self) -> bool {
        self.front_over_middle || self.middle_over_back
    }
    /// Bit 0: front over middle; bit 1: middle over back (the C ABI's form).
    pub const fn bits(self) -> u8 {
        self.front_over_middle as u8 | (self.middle_over_back as u8) << 1
    }
    /// Check lane ranks: `front` is a 3-card rank, `middle` and `back` 5-card ranks. Ranks only,
    /// never suits (§2); `strict_order` makes equal lanes a foul.
    #[inline]
    pub fn check(front: HandRank, middle: HandRank, back: HandRank, strict_order: bool) -> Foul {
        let (f, m) = (front.front_key(), middle.front_key());
        let (m5, b5) = (middle.ranks_only(), back.ranks_only());
        if strict_order {
            Foul { front_over_middle: f >= m, middle_over_back: m5 >= b5 }
        } else {
            Foul { front_over_middle: f > m, middle_over_back: m5 > b5 }
        }
    }
}

/// Thirteen cards set out as front (3), middle (5) and back (5), all distinct.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(remote = "Self"))]
pub struct Arrangement {
    /// 头墩.
    pub front: [Card; 3],
    /// 中墩.
    pub middle: [Card; 5],
    /// 尾墩.
    pub back: [Card; 5],
}

#[cfg(feature = "serde")]
crate::rules::named_fields_only!(Arrangement);

/// The ranks of an arrangement's lanes and whether it fouls.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArrangementEval {
    /// Front rank.
    pub front: HandRank,
    /// Middle rank.
    pub middle: HandRank,
    /// Back rank.
    pub back: HandRank,
    /// Which lanes are out of order.
    pub foul: Foul,
}

impl ArrangementEval {
    /// The rank of one lane.
    pub const fn lane(&self, lane: Lane) -> HandRank {
        match lane {
            Lane::Front => self.front,
            Lane::Middle => self.middle,
            Lane::Back => self.back,
        }
    }
}

impl Arrangement {
    /// Lanes from slices, checking sizes (3, 5, 5) and that all 13 cards are distinct.
    /// A duplicate's position counts across the lanes: front 0–2, middle 3–7, back 8–12.
    pub fn new(front: &[Card], middle: &[Card], back: &[Card]) -> Result<Arrangement> {
        Arrangement::new_in(front, middle, back, SuitSet::EMPTY)
    }

    /// [`Arrangement::new`] for a rule set's deck (a [`Deck`], or the suits it doubles; RULES.md
    /// §11, §12): a card of a doubled suit may appear twice ([`Error::TooManyCopies`] for a
    /// third), a joker as often as the deck deals it.
    pub fn new_in(front: &[Card], middle: &[Card], back: &[Card], deck: impl Into<Deck>) -> Result<Arrangement> {
        for (lane, cards) in [(Lane::Front, front), (Lane::Middle, middle), (Lane::Back, back)] {
            if cards.len() != lane.size() {
                return Err(Error::WrongCardCount { expected: lane.size(), found: cards.len(), lane: Some(lane) });
            }
        }
        let mut all = [front[0]; 13];
        all[..3].copy_from_slice(front);
        all[3..8].copy_from_slice(middle);
        all[8..].copy_from_slice(back);
        check_copies(&all, deck)?;
        let mut a = Arrangement { front: [front[0]; 3], middle: [front[0]; 5], back: [front[0]; 5] };
        a.front.copy_from_slice(front);
        a.middle.copy_from_slice(middle);
        a.back.copy_from_slice(back);
        Ok(a)
    }

    /// From 13 cards in lane order: 3 front, 5 middle, 5 back.
    pub fn from_cards(cards: &[Card]) -> Result<Arrangement> {
        Arrangement::from_cards_in(cards, SuitSet::EMPTY)
    }

    /// [`Arrangement::from_cards`] for a rule set's deck (RULES.md §11, §12).
    pub fn from_cards_in(cards: &[Card], deck: impl Into<Deck>) -> Result<Arrangement> {
        if cards.len() != 13 {
            return Err(Error::WrongCardCount { expected: 13, found: cards.len(), lane: None });
        }
        Arrangement::new_in(&cards[..3], &cards[3..8], &cards[8..], deck)
    }

    /// Parse as [`FromStr`] does, for a rule set's deck (RULES.md §11, §12).
    pub fn parse_in(s: &str, deck: impl Into<Deck>) -> Result<Arrangement> {
        let deck = deck.into();
        // Counted, not collected: the text may be long.
        match s.split(['/', '|']).count() {
            1 => Arrangement::from_cards_in(&parse_cards_in(s, deck)?, deck),
            3 => {
                // One list across the lanes, so that a bad token's position and a repeated card
                // count across lanes.
                let (mut held, mut all) = (CopyCounter::new(deck), Vec::with_capacity(13));
                let mut ends = [0usize; 3];
                for (end, lane) in ends.iter_mut().zip(s.split(['/', '|'])) {
                    parse_copies_into(lane, &mut held, &mut all)?;
                    *end = all.len();
                }
                Arrangement::new_in(&all[..ends[0]], &all[ends[0]..ends[1]], &all[ends[1]..], deck)
            }
            n => Err(Error::InvalidArgument(format!("an arrangement has 3 lanes separated by '/', got {n}"))),
        }
    }

    /// The 13 cards in lane order.
    pub fn cards(&self) -> [Card; 13] {
        let mut out = [self.front[0]; 13];
        out[..3].copy_from_slice(&self.front);
        out[3..8].copy_from_slice(&self.middle);
        out[8..].copy_from_slice(&self.back);
        out
    }

    /// The 13 cards as a set (one deck: a card held twice, RULES.md §11, is one bit).
    pub fn card_set(&self) -> CardSet {
        self.cards().iter().collect()
    }

    /// The cards of one lane.
    pub fn lane(&self, lane: Lane) -> &[Card] {
        match lane {
            Lane::Front => &self.front,
            Lane::Middle => &self.middle,
            Lane::Back => &self.back,
        }
    }

    /// Evaluate the lanes and check for a foul under a rule set.
    pub fn evaluate(&self, rules: &Rules) -> ArrangementEval {
        self.evaluate_with(&Evaluator::new(rules), rules.strict_order)
    }

    /// Evaluate with a prepared evaluator (the hot path of settlement and search). Lanes with
    /// jokers, where the evaluator's deck deals them, are valued as RULES.md §12 and the
    /// evaluator's `joker_lanes` say ([`Arrangement::evaluate_jokers_with`]).
    // Always inlined: settlement and the searches call it in their inner loops, and the joker
    // path is out of line, so the body is three lookups and a compare.
    #[inline(always)]
    pub fn evaluate_with(&self, eval: &Evaluator, strict_order: bool) -> ArrangementEval {
        if eval.deck().jokers() != 0 {
            if let Some(e) = self.joker_lanes_of(eval, strict_order) {
                return e;
            }
        }
        let front = eval.eval3(&self.front);
        let middle = eval.eval5(&self.middle);
        let back = eval.eval5(&self.back);
        ArrangementEval { front, middle, back, foul: Foul::check(front, middle, back, strict_order) }
    }

    /// The evaluation of lanes holding jokers, `None` when they hold none: out of line, so that the
    /// hot path without jokers stays as small as it was.
    #[cold]
    #[inline(never)]
    fn joker_lanes_of(&self, eval: &Evaluator, strict_order: bool) -> Option<ArrangementEval> {
        self.has_jokers().then(|| self.evaluate_jokers_with(eval, strict_order).eval)
    }

    /// Whether a lane holds a joker (RULES.md §12).
    #[inline]
    pub fn has_jokers(&self) -> bool {
        self.cards().iter().any(|c| c.is_joker())
    }

    /// Evaluate under a rule set, with the lanes as played: each joker replaced by the card it
    /// stands for (RULES.md §12), for a client to show "SJ as A♠".
    pub fn evaluate_jokers(&self, rules: &Rules) -> JokerEval {
        self.evaluate_jokers_with(&Evaluator::new(rules), rules.strict_order)
    }

    /// [`Arrangement::evaluate_jokers`] with a prepared evaluator. Under `each_best` every lane
    /// is worth its own best; under `avoid_foul` the back is worth its best, the middle its best
    /// not above the back, the front its best not above the middle, and the arrangement fouls
    /// only where one of those does not exist. A fouled arrangement reports each lane's best
    /// (its values are never paid) and the lanes out of order.
    pub fn evaluate_jokers_with(&self, eval: &Evaluator, strict_order: bool) -> JokerEval {
        let (front_played, front) = eval.eval3_jokers(&self.front);
        let (middle_played, middle) = eval.eval5_jokers(&self.middle);
        let (back_played, back) = eval.eval5_jokers(&self.back);
        let best = JokerEval {
            eval: ArrangementEval { front, middle, back, foul: Foul::check(front, middle, back, strict_order) },
            played: Arrangement { front: front_played, middle: middle_played, back: back_played },
        };
        if !best.eval.foul.is_foul() || eval.joker_lanes() == JokerLanes::EachBest {
            return best;
        }
        let Some((middle_played, middle)) = eval.eval5_jokers_at_most(&self.middle, back, strict_order) else {
            let foul = Foul { middle_over_back: true, ..best.eval.foul };
            return JokerEval { eval: ArrangementEval { foul, ..best.eval }, ..best };
        };
        let Some((front_played, front)) = eval.eval3_jokers_at_most(&self.front, middle, strict_order) else {
            let foul = Foul { front_over_middle: true, middle_over_back: false };
            return JokerEval { eval: ArrangementEval { foul, ..best.eval }, ..best };
        };
        JokerEval {
            eval: ArrangementEval { front, middle, back, foul: Foul::default() },
            played: Arrangement { front: front_played, middle: middle_played, back: back_played },
        }
    }
}

/// An arrangement's evaluation with jokers (RULES.md §12): the lanes' values and foul check, and
/// the lanes as played, each joker replaced by the card it stands for (the lanes themselves where
/// they hold none).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct JokerEval {
    /// The lanes' values and which are out of order.
    pub eval: ArrangementEval,
    /// The lanes as played.
    pub played: Arrangement,
}

impl JokerEval {
    /// Every joker of `arrangement` (the one evaluated) with the card it stands for: (lane, slot
    /// in the lane, joker, card), lanes front to back.
    pub fn stands_for(&self, arrangement: &Arrangement) -> Vec<(Lane, usize, Card, Card)> {
        Lane::ALL
            .into_iter()
            .flat_map(|lane| {
                let played = self.played.lane(lane);
                arrangement
                    .lane(lane)
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.is_joker())
                    .map(move |(slot, &joker)| (lane, slot, joker, played[slot]))
            })
            .collect()
    }
}

impl fmt::Display for Arrangement {
    /// `front / middle / back`, e.g. `As Kd Qh / 9s 9d 5c 5h 2s / …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} / {} / {}", format_cards(&self.front), format_cards(&self.middle), format_cards(&self.back))
    }
}

impl FromStr for Arrangement {
    type Err = Error;
    /// Three lanes separated by `/` or `|`, front first; or 13 cards in lane order.
    fn from_str(s: &str) -> Result<Arrangement> {
        Arrangement::parse_in(s, SuitSet::EMPTY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn legal_and_fouled() {
        let r = Rules::classic();
        let a: Arrangement = "Kd Kc 9h / Ks Kh 9s 5s 3h / As Ad Ah 2c 2d".parse().unwrap();
        let e = a.evaluate(&r);
        assert!(!e.foul.is_foul(), "K K 9 equals K K 9 5 3 in the first three ranks");
        let mut strict = r.clone();
        strict.strict_order = true;
        assert_eq!(a.evaluate(&strict).foul, Foul { front_over_middle: true, middle_over_back: false });
        let bad: Arrangement = "As Ad Ah / Ks Kh 9s 5s 3h / Qs Qd 7h 4c 3d".parse().unwrap();
        assert_eq!(bad.evaluate(&r).foul, Foul { front_over_middle: true, middle_over_back: true });
        assert_eq!(bad.evaluate(&r).foul.bits(), 3);
    }

    #[test]
    fn suits_never_decide_a_foul() {
        let r = Rules::preset(Preset::Hk);
        // Same ranks in middle and back; suit tie-break would put the middle higher.
        let a: Arrangement = "2d 3c 4h / As Qs 9s 5s 3s / Ah Qh 9h 5h 3h".parse().unwrap();
        assert!(!a.evaluate(&r).foul.is_foul());
    }

    #[test]
    fn bad_arrangements() {
        assert_eq!(
            "As Kd / Qh Jh Th 9h 8h / 2c 3c 4c 5c 6c".parse::<Arrangement>().unwrap_err(),
            Error::WrongCardCount { expected: 3, found: 2, lane: Some(Lane::Front) }
        );
        assert!(matches!(
            "As Kd Qh / As Jh Th 9h 8h / 2c 3c 4c 5c 6c".parse::<Arrangement>().unwrap_err(),
            Error::DuplicateCard { position: 3, .. }
        ));
    }
}
