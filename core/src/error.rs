//! The one error type of the engine. Every variant names what was wrong (the token, the code,
//! the position or the field) so that a game client can show it and a server can log it.

use crate::card::Card;
use crate::lanes::Lane;

/// Everything that can go wrong in the engine. Bad input is always reported, never "fixed".
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Debug))]
#[non_exhaustive]
pub enum Error {
    /// A card's rank text is not one of `2-9`, `T`/`10`, `J`, `Q`, `K`, `A`.
    ///
    /// `token` is the bad token, or its first [`EXCERPT_CHARS`] characters when it is longer
    /// (so that bad input of any size makes a small error); `token_len` is the whole token's
    /// length in bytes.
    #[error("unknown rank in card {} at position {position}", quote_token(.token, *.token_len))]
    UnknownRank { token: String, token_len: usize, position: usize },
    /// A card's suit text is not one of `d c h s` or `♦ ♣ ♥ ♠`; `token` and `token_len` as for
    /// [`Error::UnknownRank`].
    #[error("unknown suit in card {} at position {position}", quote_token(.token, *.token_len))]
    UnknownSuit { token: String, token_len: usize, position: usize },
    /// A card code outside `0..=51` (`0..=53` where the rule set deals jokers, RULES.md §12).
    #[error("card code {code} is out of range (valid codes are 0..=51)")]
    BadCardCode { code: u32 },
    /// The same card appears twice; `position` is the second occurrence (0-based). The message
    /// says which rule option would deal the card twice (extra suits, RULES.md §11, or more
    /// jokers, §12): a repeat is most often a hand of a bigger deck read under one deck.
    ///
    /// At a table (settling a round) `position` counts across the seats, `seat × 13 + index`,
    /// and `seats` names the seat of the second occurrence and the seat holding the first;
    /// `None` for the cards of one hand.
    #[error("duplicate card {card} at position {position} ({}){}", repeat_hint(*.card), SeatsNote(*.card, *.seats))]
    DuplicateCard { card: Card, position: usize, seats: Option<DuplicateSeats> },
    /// A card of a doubled suit (RULES.md §11) more often than the deck holds it: `position` is
    /// the occurrence too many, `copies` how many the deck holds (2).
    #[error("card {card} at position {position} is one copy too many (the deck holds {copies})")]
    TooManyCopies { card: Card, position: usize, copies: u8 },
    /// A joker (RULES.md §12) that the rule set's deck does not deal: `jokers` is how many it
    /// deals (none, or one, which is the small joker `SJ`).
    #[error("card {card} at position {position} is a joker the deck does not hold ({})", joker_count(*.jokers))]
    JokerNotInDeck { card: Card, position: usize, jokers: u8 },
    /// A hand, lane or deal with the wrong number of cards; `lane` names the lane when the
    /// cards were given lane by lane (an arrangement).
    #[error("{}expected {expected} cards, got {found}", LaneNote(*.lane))]
    WrongCardCount { expected: usize, found: usize, lane: Option<Lane> },
    /// A rule set value that is out of range or contradicts another; `path` is the field
    /// (JSON path when the rule set came from JSON, e.g. `lane_water.front_trips`).
    #[error("invalid rule set at `{path}`: {reason}")]
    InvalidRules { path: String, reason: String },
    /// A preset name that is not one of the shipped presets (a name longer than
    /// [`EXCERPT_CHARS`] characters is kept as its beginning and `…`).
    #[error("unknown preset {0:?} (expected one of: classic, regional, kx, hk, ranked, chinese_poker)")]
    UnknownPreset(String),
    /// A special-hand name or id that the engine does not know (shortened as a preset name).
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
    /// A card given as part of a hand (a fixed lane to complete) that the hand does not hold;
    /// `position` is its lane slot (front 0–2, middle 3–7, back 8–12).
    #[error("card {card} at position {position} is not in the hand")]
    CardNotInHand { card: Card, position: usize },
    /// No legal (non-fouled) arrangement exists: of these 13 cards under `strict_order`, or
    /// keeping the lanes the player fixed; the text says why.
    #[error("no legal arrangement: {0}")]
    NoLegalArrangement(String),
}

/// Where a card repeats at a table: `seat` holds the second occurrence, `first` the first
/// (the same seat when one seat holds the card twice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DuplicateSeats {
    /// The seat of the second occurrence (the error's `position / 13`).
    pub seat: usize,
    /// The seat of the first occurrence, at most `seat`.
    pub first: usize,
}

/// In WebAssembly an error's `Debug` form is its kind and message: the derived form's code is a
/// kilobyte of the npm package's download budget, and a panic there prints nothing anyway.
#[cfg(target_arch = "wasm32")]
impl std::fmt::Debug for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {self}", self.kind())
    }
}

/// The engine's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Most characters of an input an error quotes: bad input of any size makes a small error.
pub const EXCERPT_CHARS: usize = 32;

/// The first [`EXCERPT_CHARS`] characters of `text` (all of it when shorter).
pub(crate) fn excerpt(text: &str) -> &str {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

impl Error {
    /// [`Error::DuplicateCard`] of one hand's cards (no seats).
    pub const fn duplicate_card(card: Card, position: usize) -> Error {
        Error::DuplicateCard { card, position, seats: None }
    }

    /// This error of seat `seat`'s own 13 cards as the table counts it: a card's position
    /// counted across the table (`seat × 13 + index`), and a card the seat holds twice naming
    /// the seat ([`Error::DuplicateCard`]'s `seats`). Other errors are returned as they are.
    pub fn at_seat(self, seat: usize) -> Error {
        match self {
            Error::DuplicateCard { card, position, seats: None } => Error::DuplicateCard {
                card,
                position: seat * 13 + position,
                seats: Some(DuplicateSeats { seat, first: seat }),
            },
            Error::TooManyCopies { card, position, copies } => {
                Error::TooManyCopies { card, position: seat * 13 + position, copies }
            }
            Error::JokerNotInDeck { card, position, jokers } => {
                Error::JokerNotInDeck { card, position: seat * 13 + position, jokers }
            }
            other => other,
        }
    }

    /// [`Error::WrongCardCount`] of a hand or deal (no lane).
    pub const fn wrong_card_count(expected: usize, found: usize) -> Error {
        Error::WrongCardCount { expected, found, lane: None }
    }

    /// The variant's snake_case name (`unknown_rank`, `too_many_copies`, …): the `kind` of the
    /// shared test vectors and the error code every binding reports.
    pub const fn kind(&self) -> &'static str {
        match self {
            Error::UnknownRank { .. } => "unknown_rank",
            Error::UnknownSuit { .. } => "unknown_suit",
            Error::BadCardCode { .. } => "bad_card_code",
            Error::DuplicateCard { .. } => "duplicate_card",
            Error::TooManyCopies { .. } => "too_many_copies",
            Error::JokerNotInDeck { .. } => "joker_not_in_deck",
            Error::WrongCardCount { .. } => "wrong_card_count",
            Error::InvalidRules { .. } => "invalid_rules",
            Error::UnknownPreset(_) => "unknown_preset",
            Error::UnknownSpecial(_) => "unknown_special",
            Error::SpecialNotAllowed { .. } => "special_not_allowed",
            Error::InvalidTable(_) => "invalid_table",
            Error::InvalidMoney(_) => "invalid_money",
            Error::InvalidArgument(_) => "invalid_argument",
            Error::CardNotInHand { .. } => "card_not_in_hand",
            Error::NoLegalArrangement(_) => "no_legal_arrangement",
        }
    }

    /// [`Error::UnknownRank`] for this token, shortened to its excerpt.
    pub fn unknown_rank(token: &str, position: usize) -> Error {
        Error::UnknownRank { token: excerpt(token).to_string(), token_len: token.len(), position }
    }

    /// [`Error::UnknownSuit`] for this token, shortened to its excerpt.
    pub fn unknown_suit(token: &str, position: usize) -> Error {
        Error::UnknownSuit { token: excerpt(token).to_string(), token_len: token.len(), position }
    }
}

/// A name for an error: itself, or its excerpt and `…` when longer.
pub(crate) fn short_name(name: &str) -> String {
    let head = excerpt(name);
    if head.len() == name.len() {
        name.to_string()
    } else {
        format!("{head}…")
    }
}

/// Which deck holds `card` twice, for [`Error::DuplicateCard`]: extra suits for a card (§11), more
/// jokers for a joker (§12: two small jokers from 3 jokers on, two big ones from 4).
fn repeat_hint(card: Card) -> String {
    match card {
        Card::SMALL_JOKER | Card::BIG_JOKER => format!(
            "the deck holds one {card}; a rule set with {} or more jokers holds two: rule option jokers",
            if card == Card::SMALL_JOKER { 3 } else { 4 }
        ),
        _ => "one deck holds it once; a rule set with extra suits holds their cards twice: rule option extra_suits"
            .into(),
    }
}

/// The seats of a repeat at a table, for [`Error::DuplicateCard`]: `: seat 2 holds Qs, and so
/// does seat 0` (or `holds Qs twice`); nothing for one hand.
struct SeatsNote(Card, Option<DuplicateSeats>);

impl std::fmt::Display for SeatsNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let SeatsNote(card, Some(DuplicateSeats { seat, first })) = *self else { return Ok(()) };
        if first < seat {
            write!(f, ": seat {seat} holds {card}, and so does seat {first}")
        } else {
            write!(f, ": seat {seat} holds {card} twice")
        }
    }
}

/// The lane of a wrong card count, for [`Error::WrongCardCount`]: `front lane (头墩): `.
struct LaneNote(Option<Lane>);

impl std::fmt::Display for LaneNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(lane) => write!(f, "{} lane ({}): ", lane.name(), lane.chinese_name()),
            None => Ok(()),
        }
    }
}

/// How many jokers a rule set deals, for [`Error::JokerNotInDeck`].
fn joker_count(jokers: u8) -> String {
    match jokers {
        0 => "the rule set deals no jokers: set `jokers`".into(),
        1 => "the rule set deals one joker, the small joker SJ".into(),
        n => format!("the rule set deals {n} jokers"),
    }
}

/// `"Xs"`, or for a shortened token `"xxxx"… (10000000 bytes)`.
fn quote_token(token: &str, len: usize) -> String {
    if token.len() >= len {
        format!("{token:?}")
    } else {
        format!("{token:?}… ({len} bytes)")
    }
}

/// An error message from a parser (serde_json) that quotes the input: every run between quote
/// marks longer than [`EXCERPT_CHARS`] characters is shortened to its excerpt, `…` and its
/// length, so that a huge bad value or key makes a small message.
#[cfg(feature = "serde")]
pub(crate) fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4 * EXCERPT_CHARS + 256));
    let mut rest = message;
    while let Some(i) = rest.find(['`', '"']) {
        out.push_str(&rest[..=i]);
        let quote = rest.as_bytes()[i] as char;
        rest = &rest[i + 1..];
        let end = closing(rest, quote);
        let inner = &rest[..end];
        let head = excerpt(inner);
        out.push_str(head);
        if head.len() < inner.len() {
            out.push_str(&format!("… ({} bytes)", inner.len()));
        }
        rest = &rest[end..];
        if let Some(r) = rest.strip_prefix(quote) {
            out.push(quote);
            rest = r;
        }
    }
    out.push_str(rest);
    // Whatever the quoting, the message stays small (serde's list of expected fields is
    // the longest part of a normal message, a few hundred bytes).
    const MAX: usize = 32 * EXCERPT_CHARS;
    if out.len() > MAX {
        let mut end = MAX;
        while !out.is_char_boundary(end) {
            end -= 1;
        }
        let total = out.len();
        out.truncate(end);
        out.push_str(&format!("… ({total} bytes)"));
    }
    out
}

/// A JSON path for an error: itself, or its first [`EXCERPT_CHARS`] characters (twice that,
/// so a field name or two show) with `…` and its length when longer (a huge key makes a huge
/// path).
#[cfg(feature = "serde")]
pub(crate) fn shorten_path(path: &str) -> String {
    match path.char_indices().nth(2 * EXCERPT_CHARS) {
        Some((end, _)) => format!("{}… ({} bytes)", &path[..end], path.len()),
        None => path.to_string(),
    }
}

/// Where the quoted run at the start of `s` ends: the next `quote` not escaped by a backslash
/// (Rust's `{:?}` quoting, which serde uses for strings), or the end of `s`.
#[cfg(feature = "serde")]
fn closing(s: &str, quote: char) -> usize {
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' && quote == '"' {
            escaped = true;
        } else if c == quote {
            return i;
        }
    }
    s.len()
}
