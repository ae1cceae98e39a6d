//! Special hands (特殊牌型, 报到) of RULES.md §6, judged on all 13 cards.
//!
//! [`detect`] (or a prepared [`SpecialDetector`]) reports every enabled special a hand
//! qualifies for, the highest under the rule set's order, and for three straight flushes,
//! three flushes and three straights the legal 3/5/5 arrangement that realises it.
//! Detection is exact: `tests/special_oracle.rs` checks it against a search of all 72,072 splits.
//!
//! Definitions as implemented (RULES.md §6):
//! - 3-card straights are A-2-3 … Q-K-A (not K-A-2); 5-card straights include the wheel
//!   A-2-3-4-5 whatever the `wheel` option (the option only ranks it).
//! - A straight-flush piece counts as a straight (TS) and as a flush (TF).
//! - `split_quads`: a four of a kind may serve as two pairs (SP, FPT) or as trips + a single
//!   (FT). Trips never split, so five pairs + trips is not six pairs.
//! - 8 belongs to both all big and all small; one colour is all ♥♦ or all ♠♣.
//! - A special that is not in the rule set's list is never reported: under `hk`, which lists
//!   DR but not SD, a supreme dragon is reported as a dragon.
//! - TSF, TF and TS must be realisable as a legal arrangement under the rule set. With one deck
//!   their front piece is always high card and so below the middle; the only split that can
//!   foul is one whose middle and back are equal on ranks, and only under `strict_order`.
//! - Hands with copies (a rule set with extra suits, RULES.md §11) are read by `copies.rs`: the
//!   card-property specials on the cards as they are, the shapes by grouping each rank's cards
//!   (with `split_quads` a rank of four or more may serve as any groups of one to four cards),
//!   the three-piece specials by a walk of every split (a flush piece may hold a pair, a
//!   straight never repeats a rank).

mod copies;
mod detector;
mod hand;
mod jokers;
mod split;

use std::fmt;
use std::str::FromStr;

pub use detector::SpecialDetector;

use crate::card::Card;
use crate::error::{Error, Result};
use crate::lanes::Arrangement;
use crate::rules::Rules;

/// A special hand. The short ids are those of RULES.md §6.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
#[repr(u8)]
pub enum Special {
    /// SD 至尊清龙: A to K, all one suit.
    #[cfg_attr(feature = "serde", serde(rename = "SD"))]
    SupremeDragon = 0,
    /// DR 一条龙: A to K, one of each rank.
    #[cfg_attr(feature = "serde", serde(rename = "DR"))]
    Dragon = 1,
    /// TR 十二皇族: every card J, Q, K or A (or all but one, with `twelve_royals_min` 12).
    #[cfg_attr(feature = "serde", serde(rename = "TR"))]
    TwelveRoyals = 2,
    /// TSF 三同花顺: a 3-card and two 5-card straight flushes.
    #[cfg_attr(feature = "serde", serde(rename = "TSF"))]
    ThreeStraightFlushes = 3,
    /// TQ 三套炸弹: three four-of-a-kinds + 1.
    #[cfg_attr(feature = "serde", serde(rename = "TQ"))]
    ThreeQuads = 4,
    /// AB 全大: every rank 8 to A.
    #[cfg_attr(feature = "serde", serde(rename = "AB"))]
    AllBig = 5,
    /// AS 全小: every rank 2 to 8.
    #[cfg_attr(feature = "serde", serde(rename = "AS"))]
    AllSmall = 6,
    /// OC 凑一色: all red or all black.
    #[cfg_attr(feature = "serde", serde(rename = "OC"))]
    OneColor = 7,
    /// TTQ 三套冲三加炸弹: 3 + 3 + 3 + 4 of a kind.
    #[cfg_attr(feature = "serde", serde(rename = "TTQ"))]
    ThreeTripsQuad = 8,
    /// FT 四套冲三: four three-of-a-kinds + 1.
    #[cfg_attr(feature = "serde", serde(rename = "FT"))]
    FourTrips = 9,
    /// FPT 五对冲三: five pairs + one three-of-a-kind.
    #[cfg_attr(feature = "serde", serde(rename = "FPT"))]
    FivePairsTrips = 10,
    /// SP 六对半: six pairs + 1.
    #[cfg_attr(feature = "serde", serde(rename = "SP"))]
    SixPairs = 11,
    /// TF 三同花: 3 + 5 + 5, each one suit.
    #[cfg_attr(feature = "serde", serde(rename = "TF"))]
    ThreeFlushes = 12,
    /// TS 三顺子: a 3-card and two 5-card straights.
    #[cfg_attr(feature = "serde", serde(rename = "TS"))]
    ThreeStraights = 13,
    /// 全黑一点红 (regional extra): 12 black cards + 1 red.
    #[cfg_attr(feature = "serde", serde(rename = "BR"))]
    TwelveBlackOneRed = 14,
    /// 全红一点黑 (regional extra): 12 red cards + 1 black.
    #[cfg_attr(feature = "serde", serde(rename = "RB"))]
    TwelveRedOneBlack = 15,
}

impl Special {
    /// Every special the engine knows.
    pub const ALL: [Special; 16] = [
        Special::SupremeDragon,
        Special::Dragon,
        Special::TwelveRoyals,
        Special::ThreeStraightFlushes,
        Special::ThreeQuads,
        Special::AllBig,
        Special::AllSmall,
        Special::OneColor,
        Special::ThreeTripsQuad,
        Special::FourTrips,
        Special::FivePairsTrips,
        Special::SixPairs,
        Special::ThreeFlushes,
        Special::ThreeStraights,
        Special::TwelveBlackOneRed,
        Special::TwelveRedOneBlack,
    ];

    /// The short id of RULES.md §6 (`"SD"`, `"TSF"`, …; `"BR"`/`"RB"` for the regional extras).
    pub const fn id(self) -> &'static str {
        ["SD", "DR", "TR", "TSF", "TQ", "AB", "AS", "OC", "TTQ", "FT", "FPT", "SP", "TF", "TS", "BR", "RB"]
            [self as usize]
    }

    /// English name.
    pub const fn name(self) -> &'static str {
        [
            "supreme dragon",
            "dragon",
            "twelve royals",
            "three straight flushes",
            "three quads",
            "all big",
            "all small",
            "one color",
            "three trips and a quad",
            "four trips",
            "five pairs and trips",
            "six pairs",
            "three flushes",
            "three straights",
            "twelve black one red",
            "twelve red one black",
        ][self as usize]
    }

    /// Chinese name.
    pub const fn chinese_name(self) -> &'static str {
        [
            "至尊清龙",
            "一条龙",
            "十二皇族",
            "三同花顺",
            "三套炸弹",
            "全大",
            "全小",
            "凑一色",
            "三套冲三加炸弹",
            "四套冲三",
            "五对冲三",
            "六对半",
            "三同花",
            "三顺子",
            "全黑一点红",
            "全红一点黑",
        ][self as usize]
    }

    /// From the numeric value used by the C ABI (`SssSpecial`).
    pub const fn from_index(i: u8) -> Option<Special> {
        if (i as usize) < Special::ALL.len() {
            Some(Special::ALL[i as usize])
        } else {
            None
        }
    }
}

impl fmt::Display for Special {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Special {
    type Err = Error;
    /// Accepts the id (`"TSF"`), the English name or the Chinese name.
    fn from_str(s: &str) -> Result<Special> {
        let t = s.trim();
        Special::ALL
            .into_iter()
            .find(|sp| {
                sp.id().eq_ignore_ascii_case(t)
                    || sp.name().eq_ignore_ascii_case(t)
                    || sp.name().replace(' ', "_").eq_ignore_ascii_case(t)
                    || sp.chinese_name() == t
            })
            .ok_or_else(|| Error::UnknownSpecial(crate::error::short_name(s)))
    }
}

impl Special {
    /// Whether the special is a split of the hand into its three lanes (TSF, TF, TS), and so
    /// comes with an [`Arrangement`].
    pub const fn is_lane_split(self) -> bool {
        matches!(self, Special::ThreeStraightFlushes | Special::ThreeFlushes | Special::ThreeStraights)
    }
}

/// What a 13-card hand qualifies for under a rule set.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpecialDetection {
    /// The highest enabled special under the rule set's order, if any.
    pub best: Option<Special>,
    /// Every enabled special the hand qualifies for, in the rule set's order (highest first).
    pub all: Vec<Special>,
    /// For TSF, TF and TS when `best` is one of them: the legal 3/5/5 arrangement realising it.
    ///
    /// When several arrangements realise it, the one with the strongest back, then the strongest
    /// middle, then the strongest front (by the rule set's hand values, wheel and suit
    /// tie-break included); among arrangements equal on all three, the one whose back, then
    /// middle, holds the higher card codes. Each lane lists its cards highest first.
    pub arrangement: Option<Arrangement>,
}

/// Detect the special hands of 13 distinct cards under `rules`.
///
/// Errors: [`Error::WrongCardCount`] unless there are 13 cards, [`Error::DuplicateCard`],
/// and [`Error::InvalidRules`] when the rule set lists a special twice or has a
/// `twelve_royals_min` other than 12 or 13. To detect many hands under one rule set, build a
/// [`SpecialDetector`] once.
///
/// ```
/// use shisanshui::{detect_special, parse_cards, Rules, Special};
/// let hand = parse_cards("3s 4d 5c  7h 8h 9d Td Jc  9s Ts Jh Qd Kc").unwrap();
/// let found = detect_special(&hand, &Rules::classic()).unwrap();
/// assert_eq!(found.best, Some(Special::ThreeStraights));
/// assert_eq!(found.arrangement.unwrap().to_string(), "5c 4d 3s / Jc Td 9d 8h 7h / Kc Qd Jh Ts 9s");
/// ```
pub fn detect(cards: &[Card], rules: &Rules) -> Result<SpecialDetection> {
    SpecialDetector::new(rules)?.detect(cards)
}

/// [`detect`] on interchange codes: also fails with [`Error::BadCardCode`] for a code ≥ 52, or
/// ≥ 54 where the rule set deals jokers (RULES.md §12; a hand holding one makes no special).
pub fn detect_codes(codes: &[u8], rules: &Rules) -> Result<SpecialDetection> {
    let code = if rules.jokers == 0 { Card::from_code } else { Card::from_any_code };
    let cards = codes.iter().map(|&c| code(c)).collect::<Result<Vec<Card>>>()?;
    detect(&cards, rules)
}
