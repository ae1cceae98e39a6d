//! The one error type of the engine. Every variant names what was wrong (the token, the code,
//! the position or the field) so that a game client can show it and a server can log it.

use crate::card::Card;

/// Everything that can go wrong in the engine. Bad input is always reported, never "fixed".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A card's rank text is not one of `2-9`, `T`/`10`, `J`, `Q`, `K`, `A`.
    #[error("unknown rank in card {token:?} at position {position}")]
    UnknownRank { token: String, position: usize },
    /// A card's suit text is not one of `d c h s` or `♦ ♣ ♥ ♠`.
    #[error("unknown suit in card {token:?} at position {position}")]
    UnknownSuit { token: String, position: usize },
    /// A card code outside `0..=51`.
    #[error("card code {code} is out of range (valid codes are 0..=51)")]
    BadCardCode { code: u32 },
    /// The same card appears twice; `position` is the second occurrence (0-based).
    #[error("duplicate card {card} at position {position}")]
    DuplicateCard { card: Card, position: usize },
    /// A hand, lane or deal with the wrong number of cards.
    #[error("expected {expected} cards, got {found}")]
    WrongCardCount { expected: usize, found: usize },
    /// A rule set value that is out of range or contradicts another; `path` is the field
    /// (JSON path when the rule set came from JSON, e.g. `lane_water.front_trips`).
    #[error("invalid rule set at `{path}`: {reason}")]
    InvalidRules { path: String, reason: String },
    /// A preset name that is not one of the shipped presets.
    #[error("unknown preset {0:?} (expected one of: classic, regional, kx, hk, ranked)")]
    UnknownPreset(String),
    /// A special-hand name or id that the engine does not know.
    #[error("unknown special hand {0:?}")]
    UnknownSpecial(String),
    /// A declared special hand that the cards do not make, or that the rule set does not enable.
    #[error("special hand {special} cannot be declared: {reason}")]
    SpecialNotAllowed { special: String, reason: String },
    /// A table or round that cannot be settled or dealt (player count, seats, missing hands).
    #[error("invalid table: {0}")]
    InvalidTable(String),
    /// Money input out of range (negative stake or carry, rake over 100%).
    #[error("invalid money setting: {0}")]
    InvalidMoney(String),
    /// Any other argument out of range (e.g. asking for 0 suggestions).
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
}

/// The engine's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
