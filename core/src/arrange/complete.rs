//! Completing lanes fixed by hand (理牌): [`Arranger::complete`], the best legal arrangement that
//! keeps the lanes a player has fixed, by the arranger's own objective. Its input type,
//! [`FixedLanes`], and the combination hints live in [`crate::hints`].

use crate::arrange::search::legal;
use crate::arrange::strength::Strength;
use crate::arrange::subsets::HandSubsets;
use crate::arrange::{Arranged, Arranger};
use crate::card::{exact_cards_in, Card, CardSet, Rank, Suit};
use crate::error::{Error, Result};
use crate::eval::{Evaluator, HandRank};
use crate::hints::{choose, high_first, FixedLanes};
use crate::lanes::{Arrangement, Lane};

/// First lane slot of each lane in error positions: front 0–2, middle 3–7, back 8–12.
const SLOT: [usize; 3] = [0, 3, 8];

/// The codes of a lane's card bits, lowest first.
fn lane_codes<const N: usize>(bits: u64) -> [u8; N] {
    let mut out = [0u8; N];
    for (o, c) in out.iter_mut().zip(CardSet(bits).iter()) {
        *o = c.code();
    }
    out
}

/// The cards of each card of a set as its own bit (for [`choose`]).
fn singles(bits: u64) -> Vec<u64> {
    CardSet(bits).iter().map(|c| 1u64 << c.code()).collect()
}

/// The arrangement of lanes given as card bits, each lane highest card first.
fn arrangement_of(bits: [u64; 3]) -> Arrangement {
    let mut front = [Card::new(Rank::Two, Suit::Diamonds); 3];
    let mut middle = [front[0]; 5];
    let mut back = [front[0]; 5];
    high_first(bits[0], &mut front);
    high_first(bits[1], &mut middle);
    high_first(bits[2], &mut back);
    Arrangement { front, middle, back }
}

impl Arranger {
    /// The best legal arrangement that keeps the lanes the player fixed by hand, by this
    /// arranger's objective (the value [`Arranger::expected_water`] gives an arrangement): the
    /// other cards are placed in the open lanes in every possible way (at most 252 when only
    /// the front is fixed, 56 when the middle or the back is, 1 when two lanes are), fouls
    /// skipped, and the one worth most is returned. Ties go to the larger back, then the larger
    /// middle (as card-set bit masks), as [`Arranger::arrange`] breaks them, so with no lane
    /// fixed this is exactly `arrange`; with all three fixed it returns them when they are
    /// legal. Lanes come back highest card first.
    ///
    /// A hand with jokers (RULES.md §12) may hold them in the fixed lanes or among the other
    /// cards: each completion is checked and valued with its lanes under the rule set's
    /// `joker_lanes` (so the answer never fouls under it; ties go to the first completion found,
    /// as for copies), and the lanes come back with the jokers in them
    /// ([`Arrangement::evaluate_jokers`] says what each stands for).
    ///
    /// Errors, in this order: [`Error::WrongCardCount`] unless 13 cards, [`Error::DuplicateCard`]
    /// ([`Error::TooManyCopies`], [`Error::JokerNotInDeck`]) in the hand; [`Error::WrongCardCount`]
    /// for a fixed lane of the wrong size (3, 5, 5);
    /// [`Error::DuplicateCard`] for a card fixed twice and [`Error::CardNotInHand`] for one the
    /// hand lacks, their positions being lane slots (front 0–2, middle 3–7, back 8–12);
    /// [`Error::NoLegalArrangement`] when every completion fouls (for instance a fixed back
    /// weaker than any middle the other cards make, or fixed lanes already out of order).
    ///
    /// ```
    /// use shisanshui::{hints::FixedLanes, parse_cards, Arranger, Lane, Rules};
    /// let arranger = Arranger::new(&Rules::classic(), 4).unwrap();
    /// let hand = parse_cards("As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd").unwrap();
    /// let front = parse_cards("As Ad Jd").unwrap();
    /// let best = arranger.complete(&hand, &FixedLanes::NONE.with(Lane::Front, &front)).unwrap();
    /// assert_eq!(best.arrangement.front.to_vec(), front);
    /// assert!(!best.arrangement.evaluate(&Rules::classic()).foul.is_foul());
    /// ```
    pub fn complete(&self, cards: &[Card], fixed: &FixedLanes<'_>) -> Result<Arranged> {
        if cards.iter().any(|c| c.is_joker()) {
            return self.complete_jokers(cards, fixed);
        }
        let hand = exact_cards_in::<13>(cards, self.rules().extra_suits)?;
        let hand_bits = hand.iter().fold(0u64, |b, c| b | 1 << c.code());
        if hand_bits.count_ones() != 13 {
            return self.complete_copies(&hand, fixed);
        }
        for lane in Lane::ALL {
            if let Some(l) = fixed.lane(lane) {
                if l.len() != lane.size() {
                    return Err(Error::WrongCardCount { expected: lane.size(), found: l.len(), lane: Some(lane) });
                }
            }
        }
        let mut lanes = [None::<u64>; 3];
        let mut used = 0u64;
        for lane in Lane::ALL {
            let Some(l) = fixed.lane(lane) else { continue };
            let mut bits = 0u64;
            for (i, &card) in l.iter().enumerate() {
                let position = SLOT[lane as usize] + i;
                let bit = 1u64 << card.code();
                if used & bit != 0 {
                    return Err(Error::DuplicateCard { card, position, seats: None });
                }
                if hand_bits & bit == 0 {
                    return Err(Error::CardNotInHand { card, position });
                }
                used |= bit;
                bits |= bit;
            }
            lanes[lane as usize] = Some(bits);
        }
        if lanes == [None; 3] {
            return self.arrange(&hand);
        }
        let rest = hand_bits & !used;
        let st = Strength::get(self.rules().wheel);
        let strict = self.rules().strict_order;
        let obj = self.objective();
        // Card removal's corrections of this hand, read by each lane's subset (positions in
        // the hand's sorted order), valued as the search values a split.
        let h = HandSubsets::new(st, lane_codes::<13>(hand_bits));
        let corr = self.corrections(&h);
        let mut best: Option<(f64, [u64; 3], [u16; 3])> = None;
        let mut consider = |bits: [u64; 3]| {
            let o = [st.three(lane_codes(bits[0])), st.five(lane_codes(bits[1])), st.five(lane_codes(bits[2]))];
            if !legal(st, o[0], o[1], o[2], strict) {
                return;
            }
            let ev = match &corr {
                Some(c) => obj.ev_corrected(o[0], o[1], o[2], c.of_lanes(hand_bits, bits)),
                None => obj.ev(o[0], o[1], o[2]),
            };
            let better = match &best {
                None => true,
                Some((v, l, _)) => ev > *v || (ev == *v && (bits[2], bits[1]) > (l[2], l[1])),
            };
            if better {
                best = Some((ev, bits, o));
            }
        };
        match lanes {
            [Some(f), Some(m), Some(b)] => consider([f, m, b]),
            [Some(f), Some(m), None] => consider([f, m, rest]),
            [Some(f), None, Some(b)] => consider([f, rest, b]),
            [None, Some(m), Some(b)] => consider([rest, m, b]),
            [Some(f), None, None] => choose(&singles(rest), 5, |b| consider([f, rest & !b, b])),
            [None, Some(m), None] => choose(&singles(rest), 5, |b| consider([rest & !b, m, b])),
            [None, None, Some(b)] => choose(&singles(rest), 5, |m| consider([rest & !m, m, b])),
            [None, None, None] => unreachable!("handled above"),
        }
        let Some((ev, l, o)) = best else {
            return Err(Error::NoLegalArrangement(self.why_none(fixed, &lanes)));
        };
        Ok(Arranged {
            arrangement: arrangement_of(l),
            categories: [
                st.three_category[o[0] as usize],
                st.five_category[o[1] as usize],
                st.five_category[o[2] as usize],
            ],
            expected_water: ev,
        })
    }

    /// [`Arranger::complete`] for a hand with jokers (RULES.md §12): walked as a hand with copies
    /// is, each completion checked and valued as [`Arranger::expected_water`] values a joker
    /// arrangement (its lanes under the rule set's `joker_lanes`), so none returned fouls under it.
    #[cold]
    #[inline(never)]
    fn complete_jokers(&self, cards: &[Card], fixed: &FixedLanes<'_>) -> Result<Arranged> {
        let hand = exact_cards_in::<13>(cards, self.rules().deck_spec())?;
        self.complete_copies(&hand, fixed)
    }

    /// [`Arranger::complete`] for a hand with copies (RULES.md §11): the cards as a multiset, a
    /// fixed card taken from what the hand still holds of it ([`Error::CardNotInHand`] when it
    /// holds no more), every completion walked; ties go to the first completion found.
    fn complete_copies(&self, hand: &[Card; 13], fixed: &FixedLanes<'_>) -> Result<Arranged> {
        for lane in Lane::ALL {
            if let Some(l) = fixed.lane(lane) {
                if l.len() != lane.size() {
                    return Err(Error::WrongCardCount { expected: lane.size(), found: l.len(), lane: Some(lane) });
                }
            }
        }
        let mut rest: Vec<Card> = hand.to_vec();
        for lane in Lane::ALL {
            let Some(l) = fixed.lane(lane) else { continue };
            for (i, &card) in l.iter().enumerate() {
                let position = SLOT[lane as usize] + i;
                let Some(at) = rest.iter().position(|&c| c == card) else {
                    return Err(Error::CardNotInHand { card, position });
                };
                rest.swap_remove(at);
            }
        }
        if rest.len() == 13 {
            return self.arrange(hand);
        }
        rest.sort_unstable();
        let eval = Evaluator::new(self.rules());
        let strict = self.rules().strict_order;
        let mut best: Option<(f64, Arrangement)> = None;
        let n = rest.len();
        let mut consider = |lanes: [Vec<Card>; 3]| {
            let a = Arrangement {
                front: lanes[0][..].try_into().expect("3 cards"),
                middle: lanes[1][..].try_into().expect("5 cards"),
                back: lanes[2][..].try_into().expect("5 cards"),
            };
            if a.evaluate_with(&eval, strict).foul.is_foul() {
                return;
            }
            let ev = self.expected_water(&a);
            if best.as_ref().map_or(true, |(v, _)| ev > *v) {
                best = Some((ev, a));
            }
        };
        let fixed_or = |lane: Lane| fixed.lane(lane).map(|l| l.to_vec());
        let open: Vec<Lane> = Lane::ALL.into_iter().filter(|&l| fixed.lane(l).is_none()).collect();
        // The first open lane takes every subset of its size of the rest (positions), the
        // second open lane (if any) what is left.
        let first = open[0];
        for mask in 0u32..1 << n {
            if mask.count_ones() as usize != first.size() {
                continue;
            }
            let (mut taken, mut left) = (Vec::new(), Vec::new());
            for (i, &c) in rest.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    taken.push(c);
                } else {
                    left.push(c);
                }
            }
            let mut lanes: [Vec<Card>; 3] = [Vec::new(), Vec::new(), Vec::new()];
            for lane in Lane::ALL {
                lanes[lane as usize] =
                    if lane == first { taken.clone() } else { fixed_or(lane).unwrap_or_else(|| left.clone()) };
            }
            consider(lanes);
        }
        let lanes = [fixed.lane(Lane::Front), fixed.lane(Lane::Middle), fixed.lane(Lane::Back)]
            .map(|l| l.map(|c| c.iter().fold(0u64, |b, c| b | 1 << c.code())));
        let Some((ev, mut a)) = best else {
            return Err(Error::NoLegalArrangement(self.why_none(fixed, &lanes)));
        };
        for lane in [&mut a.front[..], &mut a.middle[..], &mut a.back[..]] {
            lane.sort_unstable_by(|x, y| y.cmp(x));
        }
        let e = a.evaluate_with(&eval, strict);
        Ok(Arranged {
            arrangement: a,
            categories: [e.front.category(), e.middle.category(), e.back.category()],
            expected_water: ev,
        })
    }

    /// The reason of a [`Error::NoLegalArrangement`]: the fixed lanes and their hands.
    fn why_none(&self, fixed: &FixedLanes<'_>, lanes: &[Option<u64>; 3]) -> String {
        let eval = Evaluator::new(self.rules());
        let describe = |lane: Lane, _bits: u64| -> String {
            let cards = fixed.lane(lane).unwrap_or(&[]);
            let rank: HandRank = eval.evaluate(cards).map_or(HandRank::default(), |r| r);
            format!("{lane} {} ({rank})", crate::card::format_cards(fixed.lane(lane).unwrap_or(&[])))
        };
        let shown: Vec<String> =
            Lane::ALL.into_iter().filter_map(|lane| lanes[lane as usize].map(|b| describe(lane, b))).collect();
        let open = Lane::ALL.into_iter().filter(|&l| lanes[l as usize].is_none()).count();
        let strict = if self.rules().strict_order { " (strict_order: equal lanes foul too)" } else { "" };
        if open == 0 {
            format!("the fixed lanes {} foul{strict}", shown.join(", "))
        } else {
            format!("every way to place the other cards around the fixed {} fouls{strict}", shown.join(", "))
        }
    }
}
