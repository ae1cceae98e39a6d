//! Shuffling and dealing (RULES.md §10): a seedable ChaCha20 generator, so that one seed gives
//! the same deal in Rust, C, Python and C#, and an unseeded deal is unpredictable.
//!
//! # The algorithm (what every binding reproduces)
//!
//! 1. **Generator.** ChaCha20 (20 rounds, D. J. Bernstein's block function) with the 32-byte
//!    key `seed.to_le_bytes() ‖ [0; 24]` (the `u64` seed in little-endian, then 24 zero bytes),
//!    an all-zero nonce and the block counter starting at 0. Its keystream is read as
//!    consecutive little-endian `u32` words. This is `rand_chacha::ChaCha20Rng::from_seed(key)`
//!    and `next_u32()`; it equals the RFC 8439 keystream for that key with a zero nonce.
//! 2. **Bounded draw** `below(n)` for `1 ≤ n ≤ 110`, unbiased by rejection: let
//!    `limit = 2^32 − (2^32 mod n)`; draw words until one is `< limit`; return it `mod n`.
//! 3. **Shuffle.** Start from the deck in code order `[0, 1, …, 51]`, followed, when the rule set
//!    doubles suits (RULES.md §11, `extra_suits`), by one more copy of every card of those suits
//!    in ascending code, and then by its jokers (§12, `jokers`: codes 52, 53, 52, …); for `i` from the deck's last position down to 1, swap positions `i` and
//!    `below(i + 1)` (Fisher–Yates). With no extra suit this is the 52-card shuffle exactly.
//! 4. **Deal.** Seat `p` (0-based) receives deck positions `13p .. 13p + 13`, in that order.
//!    Unused cards (with fewer seats than the deck deals to) stay in the deck.
//!
//! Without a seed the 32-byte key comes from the operating system (`OsRng`), so the deal cannot
//! be predicted or replayed. `tests/vectors/deal.json` records seeded deals for the bindings.

use rand_chacha::ChaCha20Rng;
use rand_core::{OsRng, RngCore, SeedableRng};

use crate::card::{Card, Rank, Suit, SuitSet};
use crate::deck::Deck;
use crate::error::{Error, Result};
use crate::rules::Rules;

/// Cards in the deck (one standard deck, no jokers).
pub const DECK_SIZE: usize = 52;
/// Cards in a hand.
pub const HAND_SIZE: usize = 13;
/// Fewest seats at a table.
pub const MIN_PLAYERS: usize = 2;
/// Most seats at a table from one deck.
pub const MAX_PLAYERS: usize = 4;
/// Cards in the biggest deck: two decks (every suit doubled, RULES.md §11).
pub const MAX_DECK_SIZE: usize = 104;

/// One player's 13 cards, in the order they were dealt.
pub type Hand = [Card; HAND_SIZE];

/// The 32-byte ChaCha20 key of a `u64` seed: its 8 little-endian bytes, then 24 zero bytes.
pub fn seed_key(seed: u64) -> [u8; 32] {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key
}

/// A stream of shuffles from one generator. `Dealer::from_seed(s).deal(n)` is exactly
/// [`deal`]`(n, Some(s))`; further calls continue the same keystream, which makes long seeded
/// experiments (training, tournaments) reproducible from one number.
#[derive(Clone, Debug)]
pub struct Dealer {
    rng: ChaCha20Rng,
}

impl Dealer {
    /// A dealer whose first shuffle is the one the shared vectors record for `seed`.
    pub fn from_seed(seed: u64) -> Dealer {
        Dealer { rng: ChaCha20Rng::from_seed(seed_key(seed)) }
    }

    /// A dealer keyed from the operating system's entropy source.
    ///
    /// # Panics
    /// Only if the operating system cannot provide randomness at all (`getrandom` fails),
    /// which no supported platform does; see [`Dealer::try_from_entropy`] to handle it.
    pub fn from_entropy() -> Dealer {
        Dealer::try_from_entropy().expect("the operating system's random source is unavailable")
    }

    /// A dealer keyed from the operating system, or [`Error::InvalidArgument`] when the OS
    /// cannot provide randomness.
    pub fn try_from_entropy() -> Result<Dealer> {
        let mut key = [0u8; 32];
        OsRng
            .try_fill_bytes(&mut key)
            .map_err(|e| Error::InvalidArgument(format!("no operating-system randomness for an unseeded deal: {e}")))?;
        Ok(Dealer { rng: ChaCha20Rng::from_seed(key) })
    }

    /// An unbiased draw in `0..n` (`1 ≤ n ≤ 2^32`) by rejection, as the module docs define it.
    fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n >= 1);
        let n64 = n as u64;
        let limit = (1u64 << 32) - (1u64 << 32) % n64;
        loop {
            let x = self.rng.next_u32() as u64;
            if x < limit {
                return (x % n64) as u32;
            }
        }
    }

    /// The next shuffled deck.
    pub fn shuffle(&mut self) -> [Card; DECK_SIZE] {
        let mut deck = [Card::new(Rank::Two, Suit::Diamonds); DECK_SIZE];
        for (code, slot) in deck.iter_mut().enumerate() {
            *slot = Card::from_code(code as u8).expect("codes 0..52 are cards");
        }
        for i in (1..DECK_SIZE).rev() {
            let j = self.below(i as u32 + 1) as usize;
            deck.swap(i, j);
        }
        deck
    }

    /// The next shuffle of the deck with `extra_suits` doubled (module docs, step 3): 52 to 104
    /// cards. With no extra suit it is [`Dealer::shuffle`], card for card.
    pub fn shuffle_deck(&mut self, extra_suits: SuitSet) -> Vec<Card> {
        self.shuffle_cards(extra_suits.into())
    }

    /// The next shuffle of a rule set's deck, jokers included (module docs, step 3; RULES.md
    /// §12): 52 to 110 cards. Without jokers it is [`Dealer::shuffle_deck`], card for card.
    pub fn shuffle_cards(&mut self, deck: Deck) -> Vec<Card> {
        let mut deck = deck.cards();
        for i in (1..deck.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            deck.swap(i, j);
        }
        deck
    }

    /// Shuffle the rule set's deck and deal `players` hands (2 to [`Rules::max_players`]), or
    /// [`Error::InvalidTable`] naming both numbers.
    pub fn deal_for(&mut self, rules: &Rules, players: usize) -> Result<Vec<Hand>> {
        rules.check_players(players)?;
        let deck = self.shuffle_cards(rules.deck_spec());
        Ok(hands_from(&deck, players))
    }

    /// Shuffle and deal `players` hands (2 to 4) from one deck, or [`Error::InvalidTable`].
    pub fn deal(&mut self, players: usize) -> Result<Vec<Hand>> {
        check_players(players)?;
        let deck = self.shuffle();
        Ok(hands_of(&deck, players))
    }

    /// Shuffle and deal a full table of four hands without allocating (hot loops).
    pub fn deal_four(&mut self) -> [Hand; MAX_PLAYERS] {
        let deck = self.shuffle();
        let mut out = [[deck[0]; HAND_SIZE]; MAX_PLAYERS];
        for (p, hand) in out.iter_mut().enumerate() {
            hand.copy_from_slice(&deck[p * HAND_SIZE..(p + 1) * HAND_SIZE]);
        }
        out
    }

    /// The next `u32` of the keystream (exposed so that tests can check the generator itself).
    pub fn next_word(&mut self) -> u32 {
        self.rng.next_u32()
    }
}

fn check_players(players: usize) -> Result<()> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(Error::InvalidTable(format!(
            "a deal is for {MIN_PLAYERS} to {MAX_PLAYERS} players from one deck, got {players}"
        )));
    }
    Ok(())
}

fn hands_of(deck: &[Card; DECK_SIZE], players: usize) -> Vec<Hand> {
    hands_from(deck, players)
}

fn hands_from(deck: &[Card], players: usize) -> Vec<Hand> {
    (0..players)
        .map(|p| {
            let mut hand = [deck[0]; HAND_SIZE];
            hand.copy_from_slice(&deck[p * HAND_SIZE..(p + 1) * HAND_SIZE]);
            hand
        })
        .collect()
}

/// Shuffle one deck and deal `players` hands of 13 (2 to 4 players).
///
/// With `Some(seed)` the deal is the documented function of the seed (module docs), identical
/// on every platform and binding; with `None` it is keyed from the operating system.
/// Errors: [`Error::InvalidTable`] for a player count outside 2..=4, [`Error::InvalidArgument`]
/// if an unseeded deal finds no OS randomness.
///
/// ```
/// let a = shisanshui::deal::deal(4, Some(7)).unwrap();
/// let b = shisanshui::deal::deal(4, Some(7)).unwrap();
/// assert_eq!(a, b);
/// assert_eq!(a.len(), 4);
/// ```
pub fn deal(players: usize, seed: Option<u64>) -> Result<Vec<Hand>> {
    check_players(players)?;
    let mut dealer = match seed {
        Some(s) => Dealer::from_seed(s),
        None => Dealer::try_from_entropy()?,
    };
    dealer.deal(players)
}

/// Shuffle the rule set's deck (RULES.md §11: with its extra suits) and deal `players` hands of
/// 13, 2 to [`Rules::max_players`]. With no extra suit it is [`deal`], card for card.
///
/// ```
/// use shisanshui::{deal::deal_for, Rules};
/// let mut rules = Rules::classic();
/// rules.extra_suits = "sh".parse().unwrap(); // 加两色: 78 cards, up to 6 seats
/// let hands = deal_for(&rules, 6, Some(7)).unwrap();
/// assert_eq!(hands.len(), 6);
/// assert!(deal_for(&rules, 7, Some(7)).is_err());
/// ```
pub fn deal_for(rules: &Rules, players: usize, seed: Option<u64>) -> Result<Vec<Hand>> {
    rules.check_players(players)?;
    let mut dealer = match seed {
        Some(s) => Dealer::from_seed(s),
        None => Dealer::try_from_entropy()?,
    };
    dealer.deal_for(rules, players)
}

/// The shuffled deck of a seed with `extra_suits` doubled (step 3 of the module docs).
pub fn shuffled_deck_of(extra_suits: SuitSet, seed: u64) -> Vec<Card> {
    Dealer::from_seed(seed).shuffle_deck(extra_suits)
}

/// The shuffled deck of a seed (step 3 of the module docs), before it is dealt.
pub fn shuffled_deck(seed: u64) -> [Card; DECK_SIZE] {
    Dealer::from_seed(seed).shuffle()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_deals_repeat_and_unseeded_differ() {
        assert_eq!(deal(3, Some(1)).unwrap(), deal(3, Some(1)).unwrap());
        assert_ne!(deal(4, Some(1)).unwrap(), deal(4, Some(2)).unwrap());
        // Two OS-keyed deals colliding would take ~2^225 tries.
        assert_ne!(deal(4, None).unwrap(), deal(4, None).unwrap());
    }

    #[test]
    fn bad_player_counts_are_typed_errors() {
        for n in [0, 1, 5, 100] {
            assert!(matches!(deal(n, Some(0)), Err(Error::InvalidTable(_))), "{n} players");
        }
    }
}
