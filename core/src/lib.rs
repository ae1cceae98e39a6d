//! # shisanshui — the rules engine for Thirteen Water (十三水)
//!
//! Evaluate and compare hands, catch fouls, detect special hands, settle rounds and arrange
//! a player's 13 cards, under the house rules of `RULES.md` (shipped with the crate: the
//! presets of §9 or any rule set built from them). Pure safe Rust; the C ABI, Python and C#
//! surfaces live beside this crate in its source repository.
//!
//! ```
//! use shisanshui::{parse_cards, Category, Evaluator, Rules};
//!
//! let rules = Rules::classic();
//! let eval = Evaluator::new(&rules);
//! let hand = parse_cards("As Ks Qs Js Ts").unwrap();
//! assert_eq!(eval.evaluate(&hand).unwrap().category(), Category::StraightFlush);
//! ```
//!
//! Where to start:
//!
//! - [`Rules`]: a rule set — [`Rules::preset`], [`Rules::classic`], or JSON with the `serde`
//!   feature; [`Rules::validate`] says what is wrong with a hand-built one.
//! - [`Evaluator`] ranks 3- and 5-card hands ([`HandRank`]); [`Arrangement::evaluate`] checks
//!   the three lanes for a foul ([`ArrangementEval`]).
//! - [`special`]: the special hands (报到) a 13-card hand makes ([`detect_special`]).
//! - [`mod@settle`], [`settle()`] and [`Settler`]: a round's water between every pair of
//!   seats; [`settle_money`] turns water into money with carries and a rake.
//! - [`arrange`]: the auto-arranger ([`auto_arrange`], [`suggest`], [`Arranger`]); [`deal`]:
//!   seeded dealing that every language binding reproduces.
//! - [`simulate`]: house-rule analytics — many seeded rounds with the arranger at every seat.
//! - [`hints`]: 理牌 hints for manual arranging: the combinations of a category a hand holds
//!   ([`combos`]) and the best completion of lanes fixed by hand ([`Arranger::complete`]).
//! - [`Error`]: every fallible call returns a [`Result`] whose error names what was wrong.
//!
//! # Features
//!
//! - `serde` (off by default): `Serialize`/`Deserialize` for cards, rules and results, and
//!   `Rules::from_json`, `Rules::with_json_changes`, `Rules::to_json`, `Settlement::to_json`.
#![forbid(unsafe_code)]
// docs.rs builds with `--cfg docsrs` on nightly: label the items of optional features.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The crate README's examples run as doctests (README.md's Rust quick start is the same text;
// tools/tests/readme.rs checks that).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub mod arrange;
pub mod batch;
pub mod card;
pub mod deal;
pub mod deck;
pub mod error;
pub mod eval;
pub mod hints;
pub mod lanes;
pub mod money;
pub mod rules;
pub mod settle;
pub mod simulate;
pub mod special;

pub use card::{
    cards_from_codes, cards_from_codes_in, format_cards, parse_cards, parse_cards_in, Card, CardSet, Rank, Suit,
    SuitSet,
};
pub use deck::Deck;
pub use error::{DuplicateSeats, Error, Result};
pub use eval::{Category, Evaluator, HandRank};
pub use lanes::{Arrangement, ArrangementEval, Foul, JokerEval, Lane};
pub use rules::{
    Amount, HomeRun, JokerLanes, LaneWater, Preset, Rules, ScoringMode, Shooting, SpecialWater, Table, Wheel,
};
pub use special::{detect as detect_special, Special, SpecialDetection, SpecialDetector};

pub use arrange::{auto_arrange, play, suggest, Arranged, Arranger, ArrangerOptions, Suggestion};
pub use hints::{combos, Combo, FixedLanes};
pub use money::{settle_money, MoneyResult, Rake, Stakes};
pub use settle::{settle, PlayerHand, Settlement, Settler, Water};

/// The crate version, as the FFI reports it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
