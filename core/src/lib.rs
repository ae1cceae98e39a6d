//! # shisanshui — the rules engine for Thirteen Water (十三水)
//!
//! Evaluate and compare hands, catch fouls, detect special hands, settle rounds and arrange
//! a player's 13 cards, under the house rules of `RULES.md` (the presets of §9 or any rule set
//! built from them). Pure safe Rust; the C ABI, Python and C# surfaces live beside this crate.
//!
//! ```
//! use shisanshui::{parse_cards, Evaluator, Rules, Category};
//! let rules = Rules::classic();
//! let eval = Evaluator::new(&rules);
//! let hand = parse_cards("As Ks Qs Js Ts").unwrap();
//! assert_eq!(eval.evaluate(&hand).unwrap().category(), Category::StraightFlush);
//! ```
#![forbid(unsafe_code)]

pub mod arrange;
pub mod card;
pub mod deal;
pub mod error;
pub mod eval;
pub mod lanes;
pub mod money;
pub mod rules;
pub mod settle;
pub mod special;

pub use card::{cards_from_codes, format_cards, parse_cards, Card, CardSet, Rank, Suit};
pub use error::{Error, Result};
pub use eval::{Category, Evaluator, HandRank};
pub use lanes::{Arrangement, ArrangementEval, Foul, Lane};
pub use rules::{Amount, HomeRun, LaneWater, Preset, Rules, ScoringMode, Shooting, SpecialWater, Wheel};
pub use special::{detect as detect_special, Special, SpecialDetection, SpecialDetector};

pub use arrange::{auto_arrange, suggest, Arranged, Arranger, Suggestion};
pub use money::{settle_money, MoneyResult, Rake, Stakes};
pub use settle::{settle, PlayerHand, Settlement, Settler, Water};

/// The crate version, as the FFI reports it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
