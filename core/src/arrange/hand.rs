//! A hand of 13 cards as the arranger's searches read it: the kind of hand decides the search.
//! Thirteen distinct cards of one deck go to the one-deck search's subset tables
//! ([`HandSubsets`]); a hand holding copies (RULES.md §11) or jokers (§12) to the search that
//! ranks every subset ([`CopiesHand`]). The arranger, the baselines and training read a hand
//! through this one type, so a new kind of hand is one variant here.

use crate::card::Card;
use crate::eval::Evaluator;
use crate::rules::Rules;

use super::copies::CopiesHand;
use super::strength::Strength;
use super::subsets::HandSubsets;

/// A dealt hand, read once for the search its kind needs. Made on the stack once per hand and
/// only lent out, so the larger variant's size costs nothing a box would save.
#[allow(clippy::large_enum_variant)]
pub(crate) enum SearchHand {
    /// Thirteen distinct cards of one deck: the one-deck search's subsets.
    Plain(HandSubsets),
    /// A hand with copies or jokers: every subset ranked.
    Copies(CopiesHand),
}

impl SearchHand {
    /// Read 13 cards (checked against the rule set's deck by the caller) under `rules`. The
    /// one-deck tables sort the cards inside, so the answer does not depend on their order.
    pub(crate) fn new(st: &'static Strength, rules: &Rules, cards: &[Card; 13]) -> SearchHand {
        if needs_copies_search(cards) {
            SearchHand::Copies(CopiesHand::new(st, &Evaluator::new(rules), cards))
        } else {
            SearchHand::Plain(HandSubsets::new(st, cards.map(|c| c.code())))
        }
    }
}

/// Whether 13 cards need the subset-by-subset search: a card repeats (a copy) or a joker is
/// among them.
pub(crate) fn needs_copies_search(cards: &[Card; 13]) -> bool {
    let mut seen = 0u64;
    for c in cards {
        let bit = 1u64 << c.code();
        if c.is_joker() || seen & bit != 0 {
            return true;
        }
        seen |= bit;
    }
    false
}
