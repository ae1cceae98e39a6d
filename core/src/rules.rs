//! The rule set: every option of RULES.md §2–§9 as one value, and the six presets of §9.
//!
//! A `Rules` is plain data. Build one from a preset, change fields (directly, or with
//! [`Rules::set_special_water`] / [`Rules::disable_special`]), validate it, and (with the `serde`
//! feature) save and load it as JSON or apply a partial JSON object of changes
//! (`Rules::with_json_changes`). JSON errors name the JSON path of the bad field.

use std::fmt;
use std::str::FromStr;

use crate::card::{check_copies, Card, SuitSet};
use crate::deck::{check_jokers, Deck};
#[cfg(feature = "serde")]
use crate::error::{shorten_path, shorten_quotes};
use crate::error::{Error, Result};
use crate::eval::Category;
use crate::lanes::Lane;
use crate::special::Special;

/// How the wheel A-2-3-4-5 ranks among straights (and straight flushes).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Wheel {
    /// Below A-K-Q-J-10 and above K-Q-J-10-9 (seed 003: A2345仅小于10JQKA).
    #[default]
    SecondHighest,
    /// Below 6-5-4-3-2, as in ordinary poker (seed 001).
    Lowest,
}

/// How a round is scored.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ScoringMode {
    /// Every pair of players compares lane by lane (§4–§5).
    #[default]
    Pairwise,
    /// Each lane ranks all players (seed 002, §9 "ranked").
    Ranked,
}

/// Which pairs of seats a round settles (RULES.md §5a).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Table {
    /// Every pair of seats is settled (§4).
    #[default]
    AllPairs,
    /// Banker mode (庄家): the round names one banker seat and only the pairs (banker, other
    /// seat) are settled (seed 001). Pairwise scoring only.
    Banker,
}

impl Table {
    /// Both table modes.
    pub const ALL: [Table; 2] = [Table::AllPairs, Table::Banker];

    /// The mode's name as JSON and every binding write it: `all_pairs` or `banker`.
    pub const fn name(self) -> &'static str {
        match self {
            Table::AllPairs => "all_pairs",
            Table::Banker => "banker",
        }
    }
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Table {
    type Err = Error;
    /// `all_pairs` or `banker` (ASCII case-insensitive, surrounding spaces ignored); anything
    /// else is [`Error::InvalidRules`] at `table`.
    fn from_str(s: &str) -> Result<Table> {
        Table::ALL.into_iter().find(|t| t.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| Error::InvalidRules {
            path: "table".into(),
            reason: format!("unknown table mode {:?} (expected all_pairs or banker)", crate::error::short_name(s)),
        })
    }
}

/// How the foul check reads lanes that hold jokers (RULES.md §12, option `joker_lanes`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum JokerLanes {
    /// Each lane takes its own best value and §2 compares those: a foul where they are out of
    /// order, even if lower choices of the jokers would have kept the order.
    #[default]
    EachBest,
    /// The lanes are valued from the back, each at its best value not above the lane behind it:
    /// a foul only where no choice of the jokers keeps the order.
    AvoidFoul,
}

impl JokerLanes {
    /// Both readings.
    pub const ALL: [JokerLanes; 2] = [JokerLanes::EachBest, JokerLanes::AvoidFoul];

    /// The reading's name as JSON and every binding write it: `each_best` or `avoid_foul`.
    pub const fn name(self) -> &'static str {
        match self {
            JokerLanes::EachBest => "each_best",
            JokerLanes::AvoidFoul => "avoid_foul",
        }
    }
}

impl fmt::Display for JokerLanes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for JokerLanes {
    type Err = Error;
    /// `each_best` or `avoid_foul` (ASCII case-insensitive, surrounding spaces ignored); anything
    /// else is [`Error::InvalidRules`] at `joker_lanes`.
    fn from_str(s: &str) -> Result<JokerLanes> {
        JokerLanes::ALL.into_iter().find(|t| t.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| {
            Error::InvalidRules {
                path: "joker_lanes".into(),
                reason: format!(
                    "unknown joker_lanes {:?} (expected each_best or avoid_foul)",
                    crate::error::short_name(s)
                ),
            }
        })
    }
}

/// A count that is either fixed or "number of players − 1" (the ranked preset).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Amount {
    /// This many.
    Fixed(u32),
    /// One less than the number of players: the seats at the table under pairwise scoring
    /// (all pairs or banker), the normal (non-special) players under ranked scoring (§9).
    PlayersMinusOne,
}

impl Amount {
    /// The value for `players` players (the caller counts them as §9 says: seats at the table
    /// under pairwise scoring, normal players under ranked scoring).
    pub fn at(self, players: usize) -> u32 {
        match self {
            Amount::Fixed(n) => n,
            Amount::PlayersMinusOne => players.saturating_sub(1) as u32,
        }
    }
}

/// Water of the bonus hands per lane (§4, §9 table); every other won lane is worth 1.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(remote = "Self", deny_unknown_fields))]
pub struct LaneWater {
    /// Front three of a kind (三尖刀 / 冲三).
    pub front_trips: u32,
    /// Middle full house (中墩葫芦).
    pub middle_full_house: u32,
    /// Middle four of a kind.
    pub middle_quads: u32,
    /// Back four of a kind.
    pub back_quads: u32,
    /// Middle straight flush.
    pub middle_straight_flush: u32,
    /// Back straight flush.
    pub back_straight_flush: u32,
    /// Middle five of a kind; `None` where the preset does not list it (one deck cannot make it).
    pub middle_five_kind: Option<u32>,
    /// Back five of a kind; `None` where the preset does not list it.
    pub back_five_kind: Option<u32>,
}

impl LaneWater {
    /// Water of winning `lane` with a hand of `category` (§4): the lane's bonus for the hands
    /// listed above, 1 for every other won lane (a five of a kind the rule set does not list
    /// included). Settlement and the arranger's objective both read it here.
    #[inline]
    pub fn won_with(&self, lane: Lane, category: Category) -> u32 {
        match (lane, category) {
            (Lane::Front, Category::ThreeOfAKind) => self.front_trips,
            (Lane::Middle, Category::FullHouse) => self.middle_full_house,
            (Lane::Middle, Category::FourOfAKind) => self.middle_quads,
            (Lane::Middle, Category::StraightFlush) => self.middle_straight_flush,
            (Lane::Middle, Category::FiveOfAKind) => self.middle_five_kind.unwrap_or(1),
            (Lane::Back, Category::FourOfAKind) => self.back_quads,
            (Lane::Back, Category::StraightFlush) => self.back_straight_flush,
            (Lane::Back, Category::FiveOfAKind) => self.back_five_kind.unwrap_or(1),
            _ => 1,
        }
    }
}

/// Shooting (打枪): winning all three lanes against one opponent.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(remote = "Self", deny_unknown_fields))]
pub struct Shooting {
    /// Whether shooting is paid at all.
    pub enabled: bool,
    /// Flat water added to the pair's result (`shoot_bonus`).
    pub bonus: Amount,
    /// Multiplier on the pair's lane water (`shoot_multiplier`), at least 1.
    pub multiplier: u32,
    /// 辗过: wins plus ties (at least one win) count as a shot (`shoot_allows_ties`).
    pub allows_ties: bool,
    /// Fewest seats at the table for shooting to count (`shoot_min_players`).
    pub min_players: u8,
}

/// Home run (全垒打): one player shoots every other seat.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(remote = "Self", deny_unknown_fields))]
pub struct HomeRun {
    /// Whether a home run is paid at all.
    pub enabled: bool,
    /// Water added per victim before the multiplier (`home_run_bonus`).
    pub bonus_per_victim: u32,
    /// Multiplier on each victim's payment (`home_run_multiplier`), at least 1.
    pub multiplier: Amount,
    /// Fewest seats at the table (`home_run_min_players`).
    pub min_players: u8,
}

/// One enabled special hand and its water.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(remote = "Self", deny_unknown_fields))]
pub struct SpecialWater {
    /// Which special.
    pub special: Special,
    /// What it wins from each player it beats.
    pub water: u32,
}

/// The complete house rules of a table.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(remote = "Self", deny_unknown_fields))]
pub struct Rules {
    /// Where the wheel ranks (§3).
    pub wheel: Wheel,
    /// Suits break ties when every rank is equal (§3, seed 001).
    pub suit_tiebreak: bool,
    /// Equal lanes are a foul too (§2, seed 003).
    pub strict_order: bool,
    /// Bonus water per lane (§4).
    pub lane_water: LaneWater,
    /// Shooting (§4).
    pub shooting: Shooting,
    /// Home run (§4).
    pub home_run: HomeRun,
    /// A fouled player also pays as shot (§4).
    pub foul_counts_as_shot: bool,
    /// Least number of J/Q/K/A cards for twelve royals: 13 or 12 (§6).
    pub twelve_royals_min: u8,
    /// A four of a kind may serve as two pairs or trips + single in specials (§6).
    pub split_quads: bool,
    /// Enabled specials, highest first, with their water (§6, §9).
    pub specials: Vec<SpecialWater>,
    /// Pairwise or ranked scoring (§9).
    pub scoring: ScoringMode,
    /// Which pairs are settled: all pairs, or banker mode (§5a). Pairwise scoring only; JSON
    /// without the field loads as `all_pairs`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub table: Table,
    /// Majority bonus (2-4 scoring, §4): water the player who wins more lanes of a pair
    /// receives on top of the lanes, as part of the pair's lane water (so a shot's multiplier
    /// applies to it). Pairwise scoring only; JSON without the field loads as 0 (none).
    #[cfg_attr(feature = "serde", serde(default))]
    pub majority_bonus: u32,
    /// Suits whose 13 cards are in the deck twice (加色, RULES.md §11): none is one deck of 52
    /// for 2–4 seats; each doubled suit adds 13 cards and a seat, up to two decks of 104 for 8.
    /// JSON without the field loads as none.
    #[cfg_attr(feature = "serde", serde(default))]
    pub extra_suits: SuitSet,
    /// Wild jokers in the deck (鬼牌, RULES.md §12): 0 to 6, the small joker (code 52) ⌈j/2⌉
    /// times and the big joker (53) ⌊j/2⌋ times. They add no seat. JSON without the field loads
    /// as 0, and a rule set without jokers writes none of the three joker fields.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_default"))]
    pub jokers: u8,
    /// How the foul check reads lanes with jokers (§12); JSON default `each_best`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_default"))]
    pub joker_lanes: JokerLanes,
    /// Whether a hand holding jokers can make a special (§12); JSON default off.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_default"))]
    pub jokers_in_specials: bool,
}

/// Whether a field holds its default (the joker fields are left out of JSON then).
#[cfg(feature = "serde")]
fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// The six shipped presets of RULES.md §9.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Preset {
    /// Seed 000 原 and 002.
    Classic,
    /// Seed 000 部分地区.
    Regional,
    /// Seed 003 (KX).
    Kx,
    /// Seed 001 (Hong Kong 十三张).
    Hk,
    /// Seed 002, ranked scoring.
    Ranked,
    /// International Chinese Poker with 2-4 scoring (paulhankin/cpoker; beyond the seeds).
    ChinesePoker,
}

impl Preset {
    /// All presets.
    /// New presets go last: committed data (the arranger's model tables) numbers presets by
    /// their place here.
    pub const ALL: [Preset; 6] =
        [Preset::Classic, Preset::Regional, Preset::Kx, Preset::Hk, Preset::Ranked, Preset::ChinesePoker];

    /// The preset's lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Classic => "classic",
            Preset::Regional => "regional",
            Preset::Kx => "kx",
            Preset::Hk => "hk",
            Preset::Ranked => "ranked",
            Preset::ChinesePoker => "chinese_poker",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = Error;
    fn from_str(s: &str) -> Result<Preset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| Error::UnknownPreset(crate::error::short_name(s)))
    }
}

fn specials(list: &[(Special, u32)]) -> Vec<SpecialWater> {
    list.iter().map(|&(special, water)| SpecialWater { special, water }).collect()
}

impl Rules {
    /// The rules of a preset, exactly as RULES.md §9 tabulates them.
    pub fn preset(preset: Preset) -> Rules {
        use Special::*;
        let classic_specials = [
            (SupremeDragon, 108),
            (Dragon, 36),
            (TwelveRoyals, 24),
            (ThreeStraightFlushes, 22),
            (ThreeQuads, 20),
            (AllBig, 15),
            (AllSmall, 12),
            (OneColor, 10),
            (FourTrips, 6),
            (FivePairsTrips, 5),
            (SixPairs, 4),
            (ThreeFlushes, 3),
            (ThreeStraights, 3),
        ];
        let classic = Rules {
            wheel: Wheel::SecondHighest,
            suit_tiebreak: false,
            strict_order: false,
            lane_water: LaneWater {
                front_trips: 3,
                middle_full_house: 2,
                middle_quads: 8,
                back_quads: 4,
                middle_straight_flush: 10,
                back_straight_flush: 5,
                middle_five_kind: Some(20),
                back_five_kind: Some(10),
            },
            shooting: Shooting {
                enabled: true,
                bonus: Amount::Fixed(1),
                multiplier: 1,
                allows_ties: true,
                min_players: 3,
            },
            home_run: HomeRun { enabled: true, bonus_per_victim: 0, multiplier: Amount::Fixed(4), min_players: 3 },
            foul_counts_as_shot: false,
            twelve_royals_min: 13,
            split_quads: true,
            specials: specials(&classic_specials),
            scoring: ScoringMode::Pairwise,
            table: Table::AllPairs,
            majority_bonus: 0,
            extra_suits: SuitSet::EMPTY,
            jokers: 0,
            joker_lanes: JokerLanes::EachBest,
            jokers_in_specials: false,
        };
        match preset {
            Preset::Classic => classic,
            Preset::Regional => Rules {
                lane_water: LaneWater {
                    front_trips: 4,
                    middle_full_house: 2,
                    middle_quads: 10,
                    back_quads: 5,
                    middle_straight_flush: 12,
                    back_straight_flush: 6,
                    middle_five_kind: Some(24),
                    back_five_kind: Some(12),
                },
                specials: specials(&[
                    (SupremeDragon, 104),
                    (Dragon, 26),
                    (TwelveRoyals, 24),
                    (ThreeStraightFlushes, 20),
                    (ThreeQuads, 20),
                    (OneColor, 15),
                    (AllBig, 12),
                    (AllSmall, 10),
                    (ThreeTripsQuad, 8),
                    (FourTrips, 6),
                    (FivePairsTrips, 5),
                    (SixPairs, 3),
                    (ThreeFlushes, 3),
                    (ThreeStraights, 3),
                ]),
                ..classic
            },
            // Five of a kind as classic's (RULES.md §11: kx's other lane values are classic's).
            Preset::Kx => Rules {
                shooting: Shooting {
                    enabled: true,
                    bonus: Amount::Fixed(0),
                    multiplier: 2,
                    allows_ties: false,
                    min_players: 2,
                },
                home_run: HomeRun { enabled: true, bonus_per_victim: 0, multiplier: Amount::Fixed(2), min_players: 4 },
                specials: specials(&[
                    (SupremeDragon, 32),
                    (Dragon, 30),
                    (TwelveRoyals, 24),
                    (ThreeStraightFlushes, 20),
                    (ThreeQuads, 20),
                    (AllBig, 10),
                    (AllSmall, 10),
                    (OneColor, 10),
                    (FourTrips, 5),
                    (FivePairsTrips, 5),
                    (SixPairs, 4),
                    (ThreeStraights, 4),
                    (ThreeFlushes, 3),
                ]),
                ..classic
            },
            Preset::Hk => Rules {
                wheel: Wheel::Lowest,
                suit_tiebreak: true,
                lane_water: LaneWater {
                    front_trips: 1,
                    middle_full_house: 1,
                    middle_quads: 1,
                    back_quads: 1,
                    middle_straight_flush: 1,
                    back_straight_flush: 1,
                    middle_five_kind: Some(1),
                    back_five_kind: Some(1),
                },
                shooting: Shooting {
                    enabled: true,
                    bonus: Amount::Fixed(1),
                    multiplier: 1,
                    allows_ties: false,
                    min_players: 2,
                },
                home_run: HomeRun { enabled: false, bonus_per_victim: 0, multiplier: Amount::Fixed(1), min_players: 2 },
                twelve_royals_min: 12,
                specials: specials(&[
                    (Dragon, 13),
                    (TwelveRoyals, 6),
                    (ThreeFlushes, 3),
                    (ThreeStraights, 3),
                    (SixPairs, 3),
                    (FivePairsTrips, 2),
                ]),
                ..classic
            },
            Preset::Ranked => Rules {
                lane_water: LaneWater { front_trips: 4, ..classic.lane_water },
                shooting: Shooting {
                    enabled: true,
                    bonus: Amount::PlayersMinusOne,
                    multiplier: 1,
                    allows_ties: false,
                    min_players: 2,
                },
                home_run: HomeRun {
                    enabled: true,
                    bonus_per_victim: 12,
                    multiplier: Amount::PlayersMinusOne,
                    min_players: 2,
                },
                scoring: ScoringMode::Ranked,
                ..classic
            },
            // Every won lane 1, +1 to the majority (2-4 scoring), no shots, no specials.
            Preset::ChinesePoker => Rules {
                wheel: Wheel::Lowest,
                lane_water: LaneWater {
                    front_trips: 1,
                    middle_full_house: 1,
                    middle_quads: 1,
                    back_quads: 1,
                    middle_straight_flush: 1,
                    back_straight_flush: 1,
                    middle_five_kind: Some(1),
                    back_five_kind: Some(1),
                },
                shooting: Shooting {
                    enabled: false,
                    bonus: Amount::Fixed(0),
                    multiplier: 1,
                    allows_ties: false,
                    min_players: 2,
                },
                home_run: HomeRun { enabled: false, bonus_per_victim: 0, multiplier: Amount::Fixed(1), min_players: 2 },
                specials: Vec::new(),
                majority_bonus: 1,
                ..classic
            },
        }
    }

    /// Shorthand for `Rules::preset(Preset::Classic)`.
    pub fn classic() -> Rules {
        Rules::preset(Preset::Classic)
    }

    /// The rules of a preset given by name (`"classic"`, `"regional"`, `"kx"`, `"hk"`, `"ranked"`,
    /// `"chinese_poker"`).
    pub fn from_preset_name(name: &str) -> Result<Rules> {
        Ok(Rules::preset(name.parse()?))
    }

    /// Whether a table of `players` seats pays shooting (§4): shooting enabled and at least
    /// `shoot_min_players` seats (declared specials count as seats).
    #[inline]
    pub fn shooting_at(&self, players: usize) -> bool {
        self.shooting.enabled && players >= self.shooting.min_players as usize
    }

    /// Whether a table of `players` seats pays a home run (§4): shooting paid there, home runs
    /// enabled and at least `home_run_min_players` seats. (Settlement also needs a round
    /// without a declared special.)
    #[inline]
    pub fn home_run_at(&self, players: usize) -> bool {
        self.shooting_at(players) && self.home_run.enabled && players >= self.home_run.min_players as usize
    }

    /// The water of a special under these rules, or `None` when it is not enabled.
    pub fn special_water(&self, special: Special) -> Option<u32> {
        self.specials.iter().find(|s| s.special == special).map(|s| s.water)
    }

    /// Position of a special in this rule set's order (0 = highest), or `None` when disabled.
    pub fn special_order(&self, special: Special) -> Option<usize> {
        self.specials.iter().position(|s| s.special == special)
    }

    /// Enable a special with this water, or change its water when it is already enabled. A newly
    /// enabled special goes last (the lowest); reorder `specials` to place it elsewhere.
    pub fn set_special_water(&mut self, special: Special, water: u32) {
        match self.specials.iter_mut().find(|s| s.special == special) {
            Some(s) => s.water = water,
            None => self.specials.push(SpecialWater { special, water }),
        }
    }

    /// Disable a special; returns whether it was enabled.
    pub fn disable_special(&mut self, special: Special) -> bool {
        let before = self.specials.len();
        self.specials.retain(|s| s.special != special);
        self.specials.len() != before
    }

    /// Check every value for range and consistency.
    pub fn validate(&self) -> Result<()> {
        let bad = |path: &str, reason: String| Err(Error::InvalidRules { path: path.to_string(), reason });
        let lw = &self.lane_water;
        for (path, v) in [
            ("lane_water.front_trips", lw.front_trips),
            ("lane_water.middle_full_house", lw.middle_full_house),
            ("lane_water.middle_quads", lw.middle_quads),
            ("lane_water.back_quads", lw.back_quads),
            ("lane_water.middle_straight_flush", lw.middle_straight_flush),
            ("lane_water.back_straight_flush", lw.back_straight_flush),
            ("lane_water.middle_five_kind", lw.middle_five_kind.unwrap_or(1)),
            ("lane_water.back_five_kind", lw.back_five_kind.unwrap_or(1)),
        ] {
            if v == 0 {
                return bad(path, "a bonus hand must be worth at least 1 water".into());
            }
            if v > 1000 {
                return bad(path, format!("{v} is out of range (at most 1000)"));
            }
        }
        if self.shooting.multiplier == 0 {
            return bad("shooting.multiplier", "a multiplier of 0 would cancel the lanes; use 1 for none".into());
        }
        if self.shooting.multiplier > 100 {
            return bad("shooting.multiplier", format!("{} is out of range (at most 100)", self.shooting.multiplier));
        }
        if let Amount::Fixed(b) = self.shooting.bonus {
            if b > 1000 {
                return bad("shooting.bonus", format!("{b} is out of range (at most 1000)"));
            }
        }
        if !(2..=MAX_TABLE as u8).contains(&self.shooting.min_players) {
            return bad(
                "shooting.min_players",
                format!("{} is not a table size (2 to {MAX_TABLE})", self.shooting.min_players),
            );
        }
        match self.home_run.multiplier {
            Amount::Fixed(0) => {
                return bad("home_run.multiplier", "a multiplier of 0 would cancel the shots; use 1 for none".into())
            }
            Amount::Fixed(m) if m > 100 => {
                return bad("home_run.multiplier", format!("{m} is out of range (at most 100)"))
            }
            _ => {}
        }
        if self.home_run.bonus_per_victim > 1000 {
            return bad(
                "home_run.bonus_per_victim",
                format!("{} is out of range (at most 1000)", self.home_run.bonus_per_victim),
            );
        }
        if !(2..=MAX_TABLE as u8).contains(&self.home_run.min_players) {
            return bad(
                "home_run.min_players",
                format!("{} is not a table size (2 to {MAX_TABLE})", self.home_run.min_players),
            );
        }
        if self.home_run.enabled && !self.shooting.enabled {
            return bad("home_run.enabled", "a home run is made of shots, but shooting is disabled".into());
        }
        if self.majority_bonus > 1000 {
            return bad("majority_bonus", format!("{} is out of range (at most 1000)", self.majority_bonus));
        }
        if self.scoring == ScoringMode::Ranked {
            // Both are pairwise notions (§4, §5a): ranked scoring has no pair to apply them to.
            if self.table != Table::AllPairs {
                return bad("table", format!("{} mode is pairwise only, but scoring is ranked", self.table));
            }
            if self.majority_bonus != 0 {
                return bad("majority_bonus", "a majority bonus is pairwise only, but scoring is ranked".into());
            }
        }
        check_jokers(self.jokers)?;
        if !(12..=13).contains(&self.twelve_royals_min) {
            return bad("twelve_royals_min", format!("{} must be 12 or 13", self.twelve_royals_min));
        }
        for (i, s) in self.specials.iter().enumerate() {
            if s.water == 0 {
                return bad(&format!("specials[{i}].water"), format!("{} must be worth at least 1 water", s.special));
            }
            if s.water > 10_000 {
                return bad(&format!("specials[{i}].water"), format!("{} is out of range (at most 10000)", s.water));
            }
            if let Some(j) = self.specials[..i].iter().position(|t| t.special == s.special) {
                return bad(&format!("specials[{i}].special"), format!("{} is listed twice (also at {j})", s.special));
            }
        }
        Ok(())
    }
}

/// Most seats any rule set deals to: two decks, 8 × 13 = 104 cards (RULES.md §11).
pub const MAX_TABLE: usize = 8;

impl Rules {
    /// The most seats this rule set's deck deals 13 cards to: 4, plus one per extra suit (§11);
    /// jokers add none (§12).
    pub const fn max_players(&self) -> usize {
        self.extra_suits.max_players()
    }

    /// What the deck is made of: its doubled suits and its jokers.
    pub const fn deck_spec(&self) -> Deck {
        // `validate` keeps `jokers` in range; a rule set changed field by field and not yet
        // validated still gets a deck, which `Deck::new` would refuse.
        Deck::with_jokers_unchecked(self.extra_suits, self.jokers)
    }

    /// The deck, in the order RULES.md §11 and §12 deal from (codes `0..=51`, one more copy of
    /// every card of the extra suits ascending, then the jokers 52, 53, 52, …): 52 to 110 cards.
    pub fn deck(&self) -> Vec<Card> {
        self.deck_spec().cards()
    }

    /// How many copies of `card` the deck holds: 2 for a card of an extra suit, else 1; for the
    /// jokers, as many as the deck deals (§12).
    pub const fn copies(&self, card: Card) -> u8 {
        self.deck_spec().copies(card)
    }

    /// Check that `cards` (a hand, a lane or a whole table) holds no card more often than the
    /// deck does: [`Error::DuplicateCard`], [`Error::TooManyCopies`] or
    /// [`Error::JokerNotInDeck`] naming the first one.
    pub fn check_cards(&self, cards: &[Card]) -> Result<()> {
        check_copies(cards, self.deck_spec())
    }

    /// Check a seat count against the deck: 2 to [`Rules::max_players`], or
    /// [`Error::InvalidTable`] naming both numbers.
    pub fn check_players(&self, players: usize) -> Result<()> {
        let most = self.max_players();
        if (2..=most).contains(&players) {
            return Ok(());
        }
        let deck = match self.extra_suits.len() {
            0 => "one deck (52 cards)".to_string(),
            4 => "two decks (104 cards)".to_string(),
            n => format!("{} cards (extra suits {})", 52 + 13 * n, self.extra_suits),
        };
        let seats = if players == 1 { "1 player".to_string() } else { format!("{players} players") };
        Err(Error::InvalidTable(format!("{seats}, but a table of {deck} seats 2 to {most}")))
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::classic()
    }
}

#[cfg(feature = "serde")]
impl Rules {
    /// Load a rule set from JSON and validate it. Errors name the JSON path of the bad field.
    ///
    /// The document may name a `"preset"` to start from (default `classic`) and give only the
    /// fields it changes, merged as [`Rules::with_json_changes`] merges them; a complete rule set
    /// (as [`Rules::to_json`] writes it) loads as itself whatever it starts from.
    ///
    /// ```
    /// use shisanshui::{Preset, Rules};
    /// let house = Rules::from_json(r#"{"preset": "kx", "lane_water": {"front_trips": 4}}"#).unwrap();
    /// assert_eq!(house.lane_water.front_trips, 4);
    /// assert_eq!(house.lane_water.back_quads, Rules::preset(Preset::Kx).lane_water.back_quads);
    /// let classic = Rules::from_json(r#"{"strict_order": true}"#).unwrap();
    /// assert_eq!(classic.specials, Rules::classic().specials);
    /// ```
    pub fn from_json(json: &str) -> Result<Rules> {
        let mut doc: serde_json::Value = match parse_json(json) {
            Ok(doc) => doc,
            // Not JSON: report the first error in the text's order, which may be a wrong type in
            // a field before the syntax error: the rule set is read from what the text holds up
            // to its syntax error. A field the text leaves out is no error here, so a missing
            // field is not reported.
            Err(syntax) => return Err(first_error_before(json).unwrap_or(syntax)),
        };
        let Some(fields) = doc.as_object_mut() else {
            // Not an object: the error the rule set's own deserialiser gives (it names the form).
            let rules: Rules = serde_path_to_error::deserialize(doc).map_err(json_error)?;
            rules.validate()?;
            return Ok(rules);
        };
        let base = match fields.remove("preset") {
            None => Rules::classic(),
            Some(serde_json::Value::String(name)) => Rules::from_preset_name(&name)?,
            Some(_) => {
                return Err(Error::InvalidRules {
                    path: "preset".into(),
                    reason: "a preset is named by a string, e.g. \"kx\"".into(),
                })
            }
        };
        base.merged(doc)
    }

    /// This rule set with the fields of a partial JSON object changed, validated. Objects merge
    /// field by field (`{"shooting": {"multiplier": 3}}` keeps the other shooting fields);
    /// anything else replaces the old value (`specials` is replaced as a whole list). Errors name
    /// the JSON path of the bad field, including unknown field names.
    ///
    /// ```
    /// use shisanshui::{Preset, Rules};
    /// let house = Rules::preset(Preset::Kx)
    ///     .with_json_changes(r#"{"strict_order": true, "lane_water": {"front_trips": 5}}"#)
    ///     .unwrap();
    /// assert!(house.strict_order);
    /// assert_eq!(house.lane_water.front_trips, 5);
    /// assert_eq!(house.lane_water.back_quads, 4);
    /// ```
    pub fn with_json_changes(&self, json: &str) -> Result<Rules> {
        let changes: serde_json::Value = parse_json(json)?;
        let not_object =
            || Error::InvalidRules { path: String::new(), reason: "rule changes must be a JSON object".into() };
        if !changes.is_object() {
            return Err(not_object());
        }
        self.merged(changes)
    }

    /// This rule set with a JSON object of changes merged in, validated.
    fn merged(&self, changes: serde_json::Value) -> Result<Rules> {
        let not_object =
            || Error::InvalidRules { path: String::new(), reason: "rule changes must be a JSON object".into() };
        // Serialising plain data cannot fail; map the impossible error rather than panic.
        let mut merged = serde_json::to_value(self).map_err(|_| not_object())?;
        merge_json(&mut merged, changes);
        let rules: Rules = serde_path_to_error::deserialize(merged).map_err(json_error)?;
        rules.validate()?;
        Ok(rules)
    }

    /// A whole rule set as a parsed JSON value (as [`Rules::to_json`] writes it), validated:
    /// what a simulation report's state holds.
    pub(crate) fn from_json_value(doc: serde_json::Value) -> Result<Rules> {
        let rules: Rules = serde_path_to_error::deserialize(doc).map_err(json_error)?;
        rules.validate()?;
        Ok(rules)
    }

    /// Save as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a Rules value always serialises")
    }
}

/// Parse one JSON value, naming the JSON path of the first bad field; text after the value
/// is an error too (never silently ignored).
#[cfg(feature = "serde")]
fn parse_json<T: serde::de::DeserializeOwned>(json: &str) -> Result<T> {
    let mut de = serde_json::Deserializer::from_str(json);
    let value = serde_path_to_error::deserialize(&mut de).map_err(json_error)?;
    de.end().map_err(|e| Error::InvalidRules { path: String::new(), reason: shorten_quotes(&e.to_string()) })?;
    Ok(value)
}

/// The invalid-rules error of a JSON error at a path. serde's messages quote the bad value or
/// key whole; they are shortened so that huge bad input makes a small error.
#[cfg(feature = "serde")]
fn json_error<E: fmt::Display>(e: serde_path_to_error::Error<E>) -> Error {
    let path = shorten_path(&e.path().to_string());
    Error::InvalidRules { path, reason: shorten_quotes(&e.into_inner().to_string()) }
}

/// The first error of a rule set in text order among the fields a text holds up to its syntax
/// error (a wrong type, a bad value, an unknown field), if any: each top-level field read before
/// the error, in the text's order, is read alone by the one reader of a rule set, the one from a
/// JSON value (a second reader, from text, would be 25 KB of the npm package's .wasm). A field
/// the text leaves out is no error here.
#[cfg(feature = "serde")]
fn first_error_before(text: &str) -> Option<Error> {
    let (mut doc, mut order) = (serde_json::Value::Null, Vec::new());
    let reader = Partial { slot: &mut doc, order: Some(&mut order) };
    let _ = serde::de::DeserializeSeed::deserialize(reader, &mut serde_json::Deserializer::from_str(text));
    let reportable = |read: std::result::Result<Rules, Error>| match read {
        Err(e @ Error::InvalidRules { .. })
            if !matches!(&e, Error::InvalidRules { path, reason }
                if path.is_empty() || path == "." || reason.starts_with("missing field")) =>
        {
            Some(e)
        }
        _ => None,
    };
    let read = |doc: serde_json::Value| serde_path_to_error::deserialize(doc).map_err(json_error);
    match doc {
        serde_json::Value::Object(mut fields) => order.into_iter().find_map(|key| {
            let value = fields.remove(&key)?;
            reportable(read(serde_json::Value::Object([(key, value)].into_iter().collect())))
        }),
        other => reportable(read(other)),
    }
}

/// Reads one JSON value into `slot`; what it has read stays there on an error (the objects and
/// arrays open at the error hold the members read so far). `order` collects the keys of a
/// top-level object in the text's order.
#[cfg(feature = "serde")]
struct Partial<'a> {
    slot: &'a mut serde_json::Value,
    order: Option<&'a mut Vec<String>>,
}

#[cfg(feature = "serde")]
impl<'de> serde::de::DeserializeSeed<'de> for Partial<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::de::Visitor<'de> for Partial<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> std::result::Result<(), E> {
        *self.slot = v.into();
        Ok(())
    }

    fn visit_i64<E>(self, v: i64) -> std::result::Result<(), E> {
        *self.slot = v.into();
        Ok(())
    }

    fn visit_u64<E>(self, v: u64) -> std::result::Result<(), E> {
        *self.slot = v.into();
        Ok(())
    }

    fn visit_f64<E>(self, v: f64) -> std::result::Result<(), E> {
        *self.slot = v.into();
        Ok(())
    }

    fn visit_str<E>(self, v: &str) -> std::result::Result<(), E> {
        *self.slot = v.into();
        Ok(())
    }

    fn visit_unit<E>(self) -> std::result::Result<(), E> {
        *self.slot = serde_json::Value::Null;
        Ok(())
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<(), A::Error> {
        *self.slot = serde_json::Value::Array(Vec::new());
        let serde_json::Value::Array(items) = self.slot else { return Ok(()) };
        loop {
            let mut item = serde_json::Value::Null;
            match seq.next_element_seed(Partial { slot: &mut item, order: None }) {
                Ok(Some(())) => items.push(item),
                Ok(None) => return Ok(()),
                Err(e) => {
                    // An array or object open at the error keeps what it read; a scalar the
                    // error cut short was never set.
                    if item.is_array() || item.is_object() {
                        items.push(item);
                    }
                    return Err(e);
                }
            }
        }
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> std::result::Result<(), A::Error> {
        *self.slot = serde_json::Value::Object(serde_json::Map::new());
        let serde_json::Value::Object(fields) = self.slot else { return Ok(()) };
        let mut order = self.order;
        while let Some(key) = map.next_key::<String>()? {
            if let Some(order) = order.as_deref_mut() {
                order.push(key.clone());
            }
            let mut value = serde_json::Value::Null;
            match map.next_value_seed(Partial { slot: &mut value, order: None }) {
                Ok(()) => {
                    fields.insert(key, value);
                }
                Err(e) => {
                    if value.is_array() || value.is_object() {
                        fields.insert(key, value);
                    }
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}

/// Merge `changes` into `base`: objects field by field, everything else replaced.
#[cfg(feature = "serde")]
fn merge_json(base: &mut serde_json::Value, changes: serde_json::Value) {
    use serde_json::Value;
    match (base, changes) {
        (Value::Object(b), Value::Object(c)) => {
            for (key, value) in c {
                match b.get_mut(&key) {
                    Some(slot) => merge_json(slot, value),
                    None => {
                        b.insert(key, value);
                    }
                }
            }
        }
        (slot, value) => *slot = value,
    }
}

/// Only named fields in JSON. serde's derived `Deserialize` of a struct also accepts a sequence
/// of its fields in declaration order (`[true, 3, …]`): easy to get silently wrong and not the
/// documented format. Each struct of the JSON formats (and `PlayerHand`, for its struct variant)
/// derives with `#[serde(remote = "Self")]`, which makes the derived code inherent functions, and
/// gets its trait impls from [`named_fields_only!`]: in a human-readable format the derived
/// visitor is wrapped so that a sequence is refused ("expected a JSON object of named fields");
/// compact formats (bincode and the like), whose structs are sequences, are left as they are.
#[cfg(feature = "serde")]
pub(crate) mod named_fields {
    use std::fmt;

    use serde::de::{self, Deserializer, EnumAccess, MapAccess, VariantAccess, Visitor};

    /// A deserializer that hands struct visitors (and enum visitors, for struct variants)
    /// their named-fields-only wrappers.
    pub(crate) struct Only<D>(pub D);

    impl<'de, D: Deserializer<'de>> Deserializer<'de> for Only<D> {
        type Error = D::Error;

        fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, D::Error> {
            self.0.deserialize_any(v)
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            name: &'static str,
            fields: &'static [&'static str],
            v: V,
        ) -> Result<V::Value, D::Error> {
            self.0.deserialize_struct(name, fields, Named(v))
        }

        fn deserialize_enum<V: Visitor<'de>>(
            self,
            name: &'static str,
            variants: &'static [&'static str],
            v: V,
        ) -> Result<V::Value, D::Error> {
            self.0.deserialize_enum(name, variants, Enum(v))
        }

        fn is_human_readable(&self) -> bool {
            self.0.is_human_readable()
        }

        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map identifier ignored_any
        }
    }

    /// A struct visitor that takes a map only (its default `visit_seq` refuses a sequence).
    struct Named<V>(V);

    impl<'de, V: Visitor<'de>> Visitor<'de> for Named<V> {
        type Value = V::Value;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a JSON object of named fields (")?;
            self.0.expecting(f)?;
            f.write_str(")")
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
            self.0.visit_map(map)
        }
    }

    /// An enum visitor whose struct variants take a map only.
    struct Enum<V>(V);

    impl<'de, V: Visitor<'de>> Visitor<'de> for Enum<V> {
        type Value = V::Value;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.expecting(f)
        }
        fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
            self.0.visit_enum(Enum(data))
        }
    }

    impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Enum<A> {
        type Error = A::Error;
        type Variant = Variant<A::Variant>;
        fn variant_seed<S: de::DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self::Variant), A::Error> {
            self.0.variant_seed(seed).map(|(v, access)| (v, Variant(access)))
        }
    }

    pub(crate) struct Variant<A>(A);

    impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Variant<A> {
        type Error = A::Error;
        fn unit_variant(self) -> Result<(), A::Error> {
            self.0.unit_variant()
        }
        fn newtype_variant_seed<S: de::DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, A::Error> {
            self.0.newtype_variant_seed(seed)
        }
        fn tuple_variant<V: Visitor<'de>>(self, len: usize, v: V) -> Result<V::Value, A::Error> {
            self.0.tuple_variant(len, v)
        }
        fn struct_variant<V: Visitor<'de>>(self, fields: &'static [&'static str], v: V) -> Result<V::Value, A::Error> {
            self.0.struct_variant(fields, Named(v))
        }
    }
}

/// The `Serialize` and `Deserialize` impls of types derived with `#[serde(remote = "Self")]`:
/// serialising as derived, deserialising named fields only in human-readable formats (see
/// [`named_fields`]).
#[cfg(feature = "serde")]
macro_rules! named_fields_only {
    ($($ty:ty),* $(,)?) => {$(
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                // The inherent function serde derived (`remote = "Self"`).
                <$ty>::serialize(self, s)
            }
        }
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<$ty, D::Error> {
                if d.is_human_readable() {
                    <$ty>::deserialize($crate::rules::named_fields::Only(d))
                } else {
                    <$ty>::deserialize(d)
                }
            }
        }
    )*};
}
#[cfg(feature = "serde")]
pub(crate) use named_fields_only;

#[cfg(feature = "serde")]
named_fields_only!(LaneWater, Shooting, HomeRun, SpecialWater, Rules);
