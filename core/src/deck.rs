//! A rule set's deck (RULES.md §10–§12): one standard deck, the suits it holds twice (加色, §11)
//! and its wild jokers (鬼牌, §12). How often a hand may hold each code, how many seats the deck
//! deals to, and the order it is shuffled from all follow from it.

use std::fmt;

use crate::card::{Card, SuitSet};
use crate::error::{Error, Result};

/// Most jokers a rule set may deal (RULES.md §12: 0 to 6).
pub const MAX_JOKERS: u8 = 6;

/// The cards a rule set deals from: 52, each card of `extra_suits` once more, and `jokers` wild
/// cards (code 52 ⌈j/2⌉ times, code 53 ⌊j/2⌋ times).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Deck {
    extra_suits: SuitSet,
    jokers: u8,
}

impl Deck {
    /// One standard deck of 52: no suit twice, no joker.
    pub const ONE: Deck = Deck { extra_suits: SuitSet::EMPTY, jokers: 0 };

    /// A deck with these suits twice and this many jokers, or [`Error::InvalidRules`] at `jokers`
    /// for more than [`MAX_JOKERS`].
    pub fn new(extra_suits: SuitSet, jokers: u8) -> Result<Deck> {
        check_jokers(jokers)?;
        Ok(Deck { extra_suits, jokers })
    }

    /// [`Deck::new`] without the range check, for a rule set whose `jokers` field is checked by
    /// its own validation (a count above [`MAX_JOKERS`] deals that many all the same).
    pub(crate) const fn with_jokers_unchecked(extra_suits: SuitSet, jokers: u8) -> Deck {
        Deck { extra_suits, jokers }
    }

    /// The suits the deck holds twice.
    pub const fn extra_suits(self) -> SuitSet {
        self.extra_suits
    }

    /// How many jokers the deck deals.
    pub const fn jokers(self) -> u8 {
        self.jokers
    }

    /// How many copies of `card` the deck holds: 1 or 2 for a standard card (2 when its suit is
    /// doubled), ⌈j/2⌉ of the small joker and ⌊j/2⌋ of the big one.
    pub const fn copies(self, card: Card) -> u8 {
        match card.code() {
            52 => self.jokers.div_ceil(2),
            53 => self.jokers / 2,
            _ => self.extra_suits.copies(card.suit()),
        }
    }

    /// Number of cards in the deck.
    pub const fn len(self) -> usize {
        Card::COUNT + 13 * self.extra_suits.len() + self.jokers as usize
    }

    /// Never true: every deck holds the 52 standard cards.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Seats the deck deals 13 cards to: 4 plus one per doubled suit (§11). Jokers add none (§12).
    pub const fn max_players(self) -> usize {
        self.extra_suits.max_players()
    }

    /// The deck in the order RULES.md §12 shuffles it from: codes `0..=51`, one more copy of
    /// every card of the doubled suits ascending (§11), then the jokers 52, 53, 52, 53, …
    pub fn cards(self) -> Vec<Card> {
        let mut deck = self.extra_suits.deck();
        deck.extend((0..self.jokers).map(|i| if i % 2 == 0 { Card::SMALL_JOKER } else { Card::BIG_JOKER }));
        deck
    }
}

impl From<SuitSet> for Deck {
    /// The deck with these suits twice and no joker.
    fn from(extra_suits: SuitSet) -> Deck {
        Deck { extra_suits, jokers: 0 }
    }
}

impl fmt::Debug for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deck({} cards, extra suits {:?}, {} jokers)", self.len(), self.extra_suits.to_string(), self.jokers)
    }
}

/// [`Error::InvalidRules`] at `jokers` for a count above [`MAX_JOKERS`].
pub(crate) fn check_jokers(jokers: u8) -> Result<()> {
    if jokers > MAX_JOKERS {
        return Err(Error::InvalidRules {
            path: "jokers".into(),
            reason: format!("{jokers} jokers (expected 0 to {MAX_JOKERS})"),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;

    #[test]
    fn joker_copies_and_order() {
        for (j, small, big) in [(0, 0, 0), (1, 1, 0), (2, 1, 1), (3, 2, 1), (4, 2, 2), (5, 3, 2), (6, 3, 3)] {
            let d = Deck::new(SuitSet::EMPTY, j).unwrap();
            assert_eq!((d.copies(Card::SMALL_JOKER), d.copies(Card::BIG_JOKER)), (small, big), "{j}");
            let cards = d.cards();
            assert_eq!(cards.len(), 52 + j as usize);
            assert_eq!(cards.len(), d.len());
            assert!(cards[..52].iter().enumerate().all(|(i, c)| c.code() as usize == i));
            let tail: Vec<u8> = cards[52..].iter().map(|c| c.code()).collect();
            assert_eq!(tail, (0..j).map(|i| 52 + i % 2).collect::<Vec<_>>());
            assert_eq!(d.max_players(), 4);
        }
        let two = Deck::new(SuitSet::ALL, 2).unwrap();
        assert_eq!((two.len(), two.max_players()), (106, 8));
        assert_eq!(two.cards()[104..].iter().map(|c| c.code()).collect::<Vec<_>>(), [52, 53]);
        assert_eq!(two.copies(Card::new(crate::card::Rank::Ace, Suit::Spades)), 2);
        assert!(matches!(Deck::new(SuitSet::EMPTY, 7), Err(Error::InvalidRules { ref path, .. }) if path == "jokers"));
    }
}
