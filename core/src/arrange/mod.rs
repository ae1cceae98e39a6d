//! Auto-arrangement (系统自动摆牌, RULES.md §7): the legal arrangement with the highest expected
//! water against the field, suggestions for a 推荐牌型 button, and whether to declare a special.
//!
//! ```
//! use shisanshui::{arrange, parse_cards, Rules};
//! let cards = parse_cards("As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd").unwrap();
//! let best = arrange::auto_arrange(&cards, &Rules::classic()).unwrap();
//! assert!(!best.arrangement.evaluate(&Rules::classic()).foul.is_foul());
//! let options = arrange::suggest(&cards, &Rules::classic(), 3).unwrap();
//! assert_eq!(options[0].arrangement, best.arrangement);
//! ```
//!
//! How it works, in modules named after what they do:
//! - `strength`: a lane's hand as a dense strength ordinal (suits ignored, as the foul check);
//! - `model`: the learned field ([`FieldModel`]) and the expected water of lane ordinals
//!   under a rule set and table size ([`Objective`]);
//! - `removal`: card removal, the field's lanes conditioned on the 13 cards held, as per-hand
//!   corrections of each subset's lane value;
//! - `search`: the exact branch-and-bound search over all 72,072 splits;
//! - `copies`: the same for hands that hold copies (RULES.md §11), on exact ranks;
//! - `train`: the deterministic self-play generator of the committed field models;
//! - `model_tables`: the committed models (`model_tables.bin`) and their encoding;
//! - `baseline`: the greedy and product-of-ranks players the tournament measures against;
//! - `level`: bot levels ([`Level`]), weaker play drawn reproducibly from the suggestions'
//!   candidates.
//!
//! The design and the measured play strength are in `docs/arrange.md`.

// `baseline`, `model`, `search`, `strength` and `train` are public for the unpublished tools
// (sss-train, sss-tournament) and the tests, not for users: hidden from the docs and outside
// the crate's semver promise. What users need of them is re-exported below.
#[doc(hidden)]
pub mod baseline;
mod complete;
mod copies;
mod exhaustive;
mod groups;
mod hand;
pub mod level;
#[doc(hidden)]
pub mod model;
pub mod model_tables;
pub mod player;
mod queue;
mod removal;
#[doc(hidden)]
pub mod search;
#[doc(hidden)]
pub mod strength;
mod subsets;
#[doc(hidden)]
pub mod train;

use std::sync::{Arc, Mutex};

use crate::card::{exact_cards_in, Card};
use crate::error::{Error, Result};
use crate::eval::{Category, Evaluator};
use crate::lanes::Arrangement;
use crate::rules::{JokerLanes, Preset, Rules, Table};
use crate::settle::PlayerHand;
use crate::special::{Special, SpecialDetector};

pub use level::Level;
pub use model::{FieldModel, Objective, Role, Training};
pub use search::Split;

use hand::SearchHand;
use strength::{Strength, Subsets};
use subsets::HandSubsets;

/// Seats assumed by [`auto_arrange`] and [`suggest`]: the standard full table (§10).
pub const DEFAULT_PLAYERS: usize = 4;

/// An arrangement chosen by the engine, with its lane categories and expected water.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Arranged {
    /// The three lanes; never a foul.
    pub arrangement: Arrangement,
    /// Categories of the front, middle and back.
    pub categories: [Category; 3],
    /// Expected water against the field at this table (all opponents together).
    pub expected_water: f64,
}

/// Why a suggestion is on the list.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum SuggestionKind {
    /// The best arrangement overall (what [`auto_arrange`] plays).
    Best,
    /// The best arrangement among those with the strongest possible back category.
    StrongestBack,
    /// The best arrangement among those with the strongest possible middle category.
    StrongestMiddle,
    /// The best arrangement of another combination of lane categories.
    Alternative,
}

/// One entry of a suggestion list.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Suggestion {
    /// Why it was suggested.
    pub kind: SuggestionKind,
    /// The arrangement (never a foul).
    pub arrangement: Arrangement,
    /// Categories of the front, middle and back.
    pub categories: [Category; 3],
    /// Expected water against the field.
    pub expected_water: f64,
}

/// Whether declaring a special hand (报到) beats the arranger's lane play.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct SpecialAdvice {
    /// The special the cards make (the highest enabled one under the rule set).
    pub special: Special,
    /// Expected water of declaring it (every other seat pays it; RULES.md §6).
    pub declare_water: f64,
    /// Expected water of the lane arrangement the arranger plays instead (at a level below
    /// [`Level::Best`], the level's own choice).
    pub lane_water: f64,
    /// The lane arrangement the arranger plays ([`Arranger::arrange`]): the best one at
    /// [`Level::Best`], the level's choice below it.
    pub best_lanes: Arranged,
}

impl SpecialAdvice {
    /// Whether declaring is worth more than playing the lanes.
    pub fn declare(&self) -> bool {
        self.declare_water > self.lane_water
    }

    /// How much more declaring is worth (negative: the lanes are worth more).
    pub fn advantage(&self) -> f64 {
        self.declare_water - self.lane_water
    }
}

/// An arranger for one rule set at one table size and, at a banker table, one seat's role:
/// the objective is built once, then every call is a search. Cheap to share between threads,
/// and cheap to clone: the objective is shared ([`Arranger::with_level`] makes a bot of another
/// strength from the same one).
#[derive(Clone, Debug)]
pub struct Arranger {
    rules: Rules,
    players: usize,
    role: Role,
    // Shared: several megabytes, the same for every level.
    objective: Arc<Objective>,
    strength: &'static Strength,
    specials: SpecialDetector,
    /// Whether the field is conditioned on the cards held (`removal.rs`; on by default).
    card_removal: bool,
    level: Level,
    seed: u64,
}

/// What an arranger is made for and how it plays, beyond its rule set: the table size, the seat's
/// role, the bot level with its seed, and card removal. Every surface fills it field by field
/// (the C ABI's `SssArrangerOptions`, C#'s and Go's `ArrangerOptions`), so a new way to play is one
/// field here and one on each surface. Made by [`ArrangerOptions::new`], then changed field by field.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub struct ArrangerOptions {
    /// Seats at the table: 2 to [`Rules::max_players`].
    pub players: usize,
    /// The seat's role ([`Arranger::new_for`]); [`Role::Player`] at an all-pairs table.
    pub role: Role,
    /// The bot level ([`Arranger::with_level`]).
    pub level: Level,
    /// The seed of a level's draws (kept, not used, at [`Level::Best`]).
    pub seed: u64,
    /// Card removal ([`Arranger::with_card_removal`]).
    pub card_removal: bool,
}

impl ArrangerOptions {
    /// The options of a table of `players`: a player's seat, the best level, seed 0, card removal
    /// on (what [`Arranger::new_for`] makes).
    pub fn new(players: usize) -> ArrangerOptions {
        ArrangerOptions { players, role: Role::Player, level: Level::Best, seed: 0, card_removal: true }
    }
}

/// The shipped preset whose trained field best matches a rule set: itself if it is a preset
/// with a committed field, otherwise the nearest such preset by wheel, scoring mode, shooting,
/// lane water and majority bonus (a preset without a committed field yet, such as
/// `chinese_poker` before its field is trained, maps to its nearest trained neighbour).
pub fn nearest_preset(rules: &Rules) -> Preset {
    let trained = || Preset::ALL.into_iter().filter(|&p| model_tables::has_fields(p));
    if let Some(p) = trained().find(|&p| Rules::preset(p) == *rules) {
        return p;
    }
    let distance = |p: Preset| -> u64 {
        let r = Rules::preset(p);
        let (a, b) = (&r.lane_water, &rules.lane_water);
        let lw = [
            (a.front_trips, b.front_trips),
            (a.middle_full_house, b.middle_full_house),
            (a.middle_quads, b.middle_quads),
            (a.back_quads, b.back_quads),
            (a.middle_straight_flush, b.middle_straight_flush),
            (a.back_straight_flush, b.back_straight_flush),
        ]
        .iter()
        .map(|&(x, y)| x.abs_diff(y) as u64)
        .sum::<u64>();
        (r.wheel != rules.wheel) as u64 * 1_000_000
            + (r.scoring != rules.scoring) as u64 * 100_000
            + (r.shooting != rules.shooting) as u64 * 1_000
            + (r.home_run != rules.home_run) as u64 * 1_000
            + r.majority_bonus.abs_diff(rules.majority_bonus) as u64 * 100
            + lw
    };
    trained().min_by_key(|&p| distance(p)).expect("trained presets exist")
}

/// The role an all-pairs arranger plays under ([`Arranger::new`]), or the error that a
/// banker table needs one.
fn all_pairs_role(rules: &Rules) -> Result<Role> {
    if rules.table == Table::Banker {
        return Err(Error::InvalidTable(
            "a banker table has two kinds of seat: say which with Arranger::new_for(rules, players, role)".into(),
        ));
    }
    Ok(Role::Player)
}

/// Whether a role fits the table: the banker only at a banker table.
fn check_role(rules: &Rules, role: Role) -> Result<()> {
    if role == Role::Banker && rules.table != Table::Banker {
        return Err(Error::InvalidTable(format!(
            "the banker role needs a banker table, but these rules settle {}",
            rules.table
        )));
    }
    Ok(())
}

impl Arranger {
    /// An arranger for `rules` at a table of `players` seats (2 to [`Rules::max_players`])
    /// where every seat plays every other (`table = all_pairs`), playing against the committed
    /// field of the nearest preset ([`nearest_preset`]) and table.
    ///
    /// Errors: [`Error::InvalidRules`] for an invalid rule set, [`Error::InvalidTable`] for a
    /// player count outside 2..=`max_players` or for banker-table rules, whose seats differ: use
    /// [`Arranger::new_for`] with the seat's [`Role`].
    pub fn new(rules: &Rules, players: usize) -> Result<Arranger> {
        rules.validate()?;
        Arranger::new_for(rules, players, all_pairs_role(rules)?)
    }

    /// An arranger for one seat's role: at a banker table (`table = banker`, RULES.md §5a) a
    /// [`Role::Player`] plays the banker alone, the [`Role::Banker`] plays every other seat
    /// (with home runs); at an all-pairs table [`Role::Player`] is every seat, as
    /// [`Arranger::new`]. The field is the committed one of the nearest preset for that table
    /// and role ([`model_tables::field_for_deck`], by seats, extra suits and jokers). A banker table of two
    /// is the heads-up game in either role.
    ///
    /// Errors: as [`Arranger::new`], and [`Error::InvalidTable`] for [`Role::Banker`] at an
    /// all-pairs table.
    pub fn new_for(rules: &Rules, players: usize, role: Role) -> Result<Arranger> {
        rules.validate()?;
        rules.check_players(players)?;
        check_role(rules, role)?;
        let field = model_tables::field_for_deck(nearest_preset(rules), players, rules.deck_spec(), rules.table, role)
            .ok_or_else(|| Error::InvalidArgument("no trained field model is compiled in".into()))?;
        Arranger::with_field_for(rules, players, role, field)
    }

    /// An arranger made from [`ArrangerOptions`]: [`Arranger::new_for`] at its table and role, then
    /// its level, seed and card removal. A player's role at a banker table is a player's seat.
    ///
    /// Errors: as [`Arranger::new_for`].
    pub fn with_options(rules: &Rules, options: &ArrangerOptions) -> Result<Arranger> {
        Ok(Arranger::new_for(rules, options.players, options.role)?
            .with_card_removal(options.card_removal)
            .with_level(options.level, options.seed))
    }

    /// The options this arranger was made with ([`Arranger::with_options`] makes the same arranger
    /// from them).
    pub fn options(&self) -> ArrangerOptions {
        ArrangerOptions {
            players: self.players,
            role: self.role,
            level: self.level,
            seed: self.seed,
            card_removal: self.card_removal,
        }
    }

    /// An arranger for a preset given by name ([`Error::UnknownPreset`] otherwise).
    pub fn for_preset(name: &str, players: usize) -> Result<Arranger> {
        Arranger::new(&Rules::from_preset_name(name)?, players)
    }

    /// An arranger against a given field (e.g. one trained by [`train::train`]), for an
    /// all-pairs table (errors as [`Arranger::new`]).
    pub fn with_field(rules: &Rules, players: usize, field: &FieldModel) -> Result<Arranger> {
        rules.validate()?;
        Arranger::with_field_for(rules, players, all_pairs_role(rules)?, field)
    }

    /// An arranger for one seat's role against a given field (e.g. one of
    /// [`train::train_banker`]'s); errors as [`Arranger::new_for`].
    pub fn with_field_for(rules: &Rules, players: usize, role: Role, field: &FieldModel) -> Result<Arranger> {
        rules.validate()?;
        rules.check_players(players)?;
        check_role(rules, role)?;
        field.check().map_err(|e| Error::InvalidArgument(format!("field model: {e}")))?;
        Ok(Arranger {
            rules: rules.clone(),
            players,
            role,
            objective: Arc::new(Objective::new_for(field, rules, players, role)),
            strength: Strength::get(rules.wheel),
            specials: SpecialDetector::new(rules)?,
            card_removal: true,
            level: Level::Best,
            seed: 0,
        })
    }

    /// This arranger with card removal on or off. On (the default), each hand plays against
    /// the field conditioned on the cards it holds (an opponent cannot hold them: holding
    /// three aces makes an opposing pair of aces rare); off, against the field as trained,
    /// whatever the hand holds. Bigger decks (RULES.md §11) always play the field as trained.
    pub fn with_card_removal(mut self, on: bool) -> Arranger {
        self.card_removal = on;
        self
    }

    /// Whether card removal is on ([`Arranger::with_card_removal`]).
    pub fn card_removal(&self) -> bool {
        self.card_removal
    }

    /// Card removal's corrections of a hand without copies (13 distinct codes), when on; the
    /// last hand's are kept per thread, so that valuing many arrangements of one hand
    /// ([`Arranger::expected_water`] in a loop) computes them once.
    fn corrections_of(&self, codes: &[u8; 13]) -> Option<std::rc::Rc<search::Corrections>> {
        thread_local! {
            static LAST: std::cell::RefCell<Option<(u64, u64, std::rc::Rc<search::Corrections>)>> =
                const { std::cell::RefCell::new(None) };
        }
        if !self.card_removal {
            return None;
        }
        let id = self.objective.removal_id()?;
        let key = codes.iter().fold(0u64, |m, &c| m | 1 << c);
        LAST.with(|last| {
            if let Some((i, k, c)) = &*last.borrow() {
                if *i == id && *k == key {
                    return Some(c.clone());
                }
            }
            let h = HandSubsets::new(self.strength, *codes);
            let c = std::rc::Rc::new(self.objective.corrections(&h)?);
            *last.borrow_mut() = Some((id, key, c.clone()));
            Some(c)
        })
    }

    /// The best split of each lane-category group of a hand without copies, valued with card
    /// removal when on, exact for the `k` best groups (`search::suggestion_groups_with`).
    fn groups(&self, h: &HandSubsets, k: usize) -> Vec<([Category; 3], Split)> {
        self.objective.with_corrections(h, self.card_removal, |corr| {
            search::suggestion_groups_with(&self.objective, self.strength, h, self.rules.strict_order, corr, k)
        })
    }

    /// Card removal's corrections for a hand without copies, when on.
    pub(crate) fn corrections(&self, h: &HandSubsets) -> Option<search::Corrections> {
        if self.card_removal {
            self.objective.corrections(h)
        } else {
            None
        }
    }

    /// This arranger playing at `level`, its choices drawn from the stream of `seed` (see
    /// [`level`]): below [`Level::Best`] the choice is a pure function of the seed, the level
    /// and the 13 cards as a set. The objective is shared, not rebuilt. At `Best` the seed is
    /// kept but not used.
    pub fn with_level(self, level: Level, seed: u64) -> Arranger {
        Arranger { level, seed, ..self }
    }

    /// The water of one unit of a level's temperature here ([`level`]): per opponent the seat
    /// is settled against (the banker alone for a player at a banker table, every other seat
    /// otherwise), doubled under ranked scoring.
    fn temperature_scale(&self) -> f64 {
        let opponents = match (self.rules.table, self.role) {
            (Table::Banker, Role::Player) => 1,
            _ => self.players - 1,
        };
        level::scale(opponents, self.rules.scoring == crate::rules::ScoringMode::Ranked)
    }

    /// The level it plays at ([`Level::Best`] unless [`Arranger::with_level`] said otherwise).
    pub fn level(&self) -> Level {
        self.level
    }

    /// The seed of its level's draws (0 unless [`Arranger::with_level`] said otherwise).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The rule set.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Seats at the table.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The seat's role ([`Role::Player`] at an all-pairs table).
    pub fn role(&self) -> Role {
        self.role
    }

    /// The objective the search maximises.
    pub fn objective(&self) -> &Objective {
        &self.objective
    }

    /// 13 cards, checked against the rule set's deck and read for the search their kind needs.
    fn subsets(&self, cards: &[Card]) -> Result<SearchHand> {
        let cards = exact_cards_in::<13>(cards, self.rules.deck_spec())?;
        Ok(SearchHand::new(self.strength, &self.rules, &cards))
    }

    /// The evaluator that values the splits only `joker_lanes = avoid_foul` makes legal
    /// (RULES.md §12), when the rule set reads lanes so and the hand holds a joker.
    fn avoiding(&self, h: &copies::CopiesHand) -> Option<Evaluator> {
        (h.jokers != 0 && self.rules.joker_lanes == JokerLanes::AvoidFoul).then(|| Evaluator::new(&self.rules))
    }

    /// The best split of a hand with copies.
    fn search_copies(&self, h: &copies::CopiesHand) -> Result<Split> {
        let (st, strict) = (self.strength, self.rules.strict_order);
        let s = match self.avoiding(h) {
            Some(eval) => copies::best_avoiding(&self.objective, st, h, strict, &eval),
            None => copies::best(&self.objective, st, h, strict),
        };
        if s.ev == f64::NEG_INFINITY {
            return Err(no_legal());
        }
        Ok(s)
    }

    fn arranged_copies(&self, h: &copies::CopiesHand, s: &Split) -> Arranged {
        let arrangement = to_arrangement(&h.codes, s);
        // Lanes with jokers at the values the rule set's `joker_lanes` gives them (under
        // `avoid_foul` a lane may play below its best).
        let categories = if h.jokers != 0 {
            let e = arrangement.evaluate(&self.rules);
            [e.front.category(), e.middle.category(), e.back.category()]
        } else {
            h.categories(s)
        };
        Arranged { arrangement, categories, expected_water: s.ev }
    }

    fn arranged(&self, h: &HandSubsets, s: &Split) -> Arranged {
        let st = self.strength;
        Arranged {
            arrangement: to_arrangement(&h.codes, s),
            categories: [
                st.three_category[s.ordinals[0] as usize],
                st.five_category[s.ordinals[1] as usize],
                st.five_category[s.ordinals[2] as usize],
            ],
            expected_water: s.ev,
        }
    }

    fn search(&self, h: &HandSubsets) -> Result<Split> {
        let s = self.objective.with_corrections(h, self.card_removal, |corr| {
            search::best_with(&self.objective, self.strength, h, self.rules.strict_order, corr, None)
        });
        if s.ev == f64::NEG_INFINITY {
            return Err(no_legal());
        }
        Ok(s)
    }

    /// The legal arrangement with the highest expected water (never a foul). With the rule
    /// set's extra suits (RULES.md §11) the cards may hold copies: five of a kind and flushes
    /// holding a pair are ranked as they are and placed by the same objective.
    ///
    /// At a level below [`Level::Best`] ([`Arranger::with_level`]): one of the best splits of
    /// each lane-category combination, drawn by the level (see [`level`]); never a foul either.
    ///
    /// Errors: [`Error::WrongCardCount`] unless 13 cards, [`Error::DuplicateCard`] or
    /// [`Error::TooManyCopies`] for a card held more often than the deck holds it,
    /// [`Error::NoLegalArrangement`] when every split fouls (possible only under `strict_order`).
    pub fn arrange(&self, cards: &[Card]) -> Result<Arranged> {
        match self.subsets(cards)? {
            SearchHand::Plain(h) if self.level == Level::Best => {
                let s = self.search(&h)?;
                Ok(self.arranged(&h, &s))
            }
            SearchHand::Plain(h) => {
                // Every group exact: the k best of them, for k above any hand's count.
                let groups = self.groups(&h, 1 << 12);
                let s = level::draw(self.level, self.seed, self.temperature_scale(), &h.codes, groups)
                    .ok_or_else(no_legal)?;
                Ok(self.arranged(&h, &s))
            }
            SearchHand::Copies(h) if self.level == Level::Best => {
                let s = self.search_copies(&h)?;
                Ok(self.arranged_copies(&h, &s))
            }
            SearchHand::Copies(h) => {
                let groups = self.groups_copies(&h);
                let s = level::draw(self.level, self.seed, self.temperature_scale(), &h.codes, groups)
                    .ok_or_else(no_legal)?;
                Ok(self.arranged_copies(&h, &s))
            }
        }
    }

    /// Up to `n` good arrangements with distinct lane categories: the best first, then the best
    /// with the strongest back category, the best with the strongest middle category, then the
    /// best of every other category combination by expected water. The same at every level
    /// (a hint shows the best play).
    ///
    /// Errors: as [`Arranger::arrange`], and [`Error::InvalidArgument`] for `n = 0`.
    pub fn suggest(&self, cards: &[Card], n: usize) -> Result<Vec<Suggestion>> {
        if n == 0 {
            return Err(Error::InvalidArgument("asked for 0 suggestions; n must be at least 1".into()));
        }
        let h = match self.subsets(cards)? {
            SearchHand::Plain(h) => h,
            SearchHand::Copies(h) => return self.suggest_copies(&h, n),
        };
        let best = self.search(&h)?;
        // Exact for every group the choice below can take: the best with the strongest back
        // and middle categories, and the n best. The choice reads groups in order until it
        // has n suggestions: with s of them already taken (the best, the strongest back and
        // middle), it takes n − s more and skips at most the s groups taken, so it reads at
        // most n.
        let groups = self.groups(&h, n);
        Ok(Self::choose_suggestions(&best, groups, n, |s| self.arranged(&h, s)))
    }

    /// The suggestions from the best split and the best split of each category combination
    /// (every one that can be chosen exact): the best, the best with the strongest back
    /// category, with the strongest middle category, then the others by value (ties by
    /// categories), skipping combinations already shown, `n` at most. `arranged` makes a split
    /// of the hand the splits come from (without copies or with them) an arrangement.
    fn choose_suggestions(
        best: &Split,
        mut groups: Vec<([Category; 3], Split)>,
        n: usize,
        arranged: impl Fn(&Split) -> Arranged,
    ) -> Vec<Suggestion> {
        groups.sort_by(|a, b| b.1.ev.total_cmp(&a.1.ev).then(a.0.cmp(&b.0)));
        let mut out: Vec<Suggestion> = Vec::new();
        let push = |kind: SuggestionKind, s: &Split, out: &mut Vec<Suggestion>| {
            let a = arranged(s);
            if out.len() < n && !out.iter().any(|o| o.categories == a.categories) {
                out.push(Suggestion {
                    kind,
                    arrangement: a.arrangement,
                    categories: a.categories,
                    expected_water: a.expected_water,
                });
            }
        };
        push(SuggestionKind::Best, best, &mut out);
        let top_back = groups.iter().map(|g| g.0[2]).max();
        if let Some(g) = groups.iter().find(|g| Some(g.0[2]) == top_back) {
            push(SuggestionKind::StrongestBack, &g.1, &mut out);
        }
        let top_middle = groups.iter().map(|g| g.0[1]).max();
        if let Some(g) = groups.iter().find(|g| Some(g.0[1]) == top_middle) {
            push(SuggestionKind::StrongestMiddle, &g.1, &mut out);
        }
        for g in &groups {
            if out.len() == n {
                break;
            }
            push(SuggestionKind::Alternative, &g.1, &mut out);
        }
        out
    }

    /// [`Arranger::suggest`] for a hand with copies: the same choice, from the best split of
    /// every category combination found by walking every legal split.
    fn suggest_copies(&self, h: &copies::CopiesHand, n: usize) -> Result<Vec<Suggestion>> {
        let best = self.search_copies(h)?;
        let by_cats = self.groups_copies(h);
        Ok(Self::choose_suggestions(&best, by_cats, n, |s| self.arranged_copies(h, s)))
    }

    /// The best split of every category combination of a hand with copies, from every legal
    /// split.
    fn groups_copies(&self, h: &copies::CopiesHand) -> Vec<([Category; 3], Split)> {
        let mut by_cats: Vec<([Category; 3], Split)> = Vec::new();
        let avoid = self.avoiding(h);
        copies::for_each_legal(
            &self.objective,
            self.strength,
            h,
            self.rules.strict_order,
            avoid.as_ref(),
            |s, ranks| {
                let cats = ranks.map(|r| r.category());
                match by_cats.iter_mut().find(|g| g.0 == cats) {
                    Some(g) if g.1.is_beaten_by(s.ev, s.back, s.middle) => g.1 = s,
                    Some(_) => {}
                    None => by_cats.push((cats, s)),
                }
            },
        );
        by_cats
    }

    /// The best split of a hand with copies by visiting every split (the tests' reference).
    #[doc(hidden)]
    pub fn arrange_copies_exhaustive(&self, cards: &[Card]) -> Result<Arranged> {
        let cards = exact_cards_in::<13>(cards, self.rules.deck_spec())?;
        let h = copies::CopiesHand::new(self.strength, &Evaluator::new(&self.rules), &cards);
        let avoid = self.avoiding(&h);
        let s = copies::exhaustive(&self.objective, self.strength, &h, self.rules.strict_order, avoid.as_ref());
        if s.ev == f64::NEG_INFINITY {
            return Err(no_legal());
        }
        Ok(self.arranged_copies(&h, &s))
    }

    /// [`Arranger::suggest`] from every legal split (the reference its faster walk is tested
    /// against).
    #[cfg(test)]
    pub(crate) fn suggest_exhaustive(&self, cards: &[Card], n: usize) -> Result<Vec<Suggestion>> {
        let SearchHand::Plain(h) = self.subsets(cards)? else {
            return Err(Error::InvalidArgument("the reference walk takes hands without copies".into()));
        };
        let best = self.search(&h)?;
        let corr = self.corrections(&h);
        let groups =
            search::all_groups_with(&self.objective, self.strength, &h, self.rules.strict_order, corr.as_ref());
        Ok(Self::choose_suggestions(&best, groups, n, |s| self.arranged(&h, s)))
    }

    /// When the cards make an enabled special: its value if declared against the lane play of
    /// [`Arranger::arrange`] (the best one at [`Level::Best`]; below it the level's own choice,
    /// so a weaker bot declares whenever declaring beats the lanes it would play). `None` when
    /// they make none.
    ///
    /// Errors: as [`Arranger::arrange`].
    pub fn special_advice(&self, cards: &[Card]) -> Result<Option<SpecialAdvice>> {
        let found = self.specials.detect(cards)?;
        let Some(special) = found.best else { return Ok(None) };
        let best_lanes = self.arrange(cards)?;
        let water = self.rules.special_water(special).unwrap_or(0);
        Ok(Some(SpecialAdvice {
            special,
            declare_water: self.objective.special_value(water),
            lane_water: best_lanes.expected_water,
            best_lanes,
        }))
    }

    /// The seat a good player puts on the table with these 13 cards: the special they make,
    /// declared (报到, RULES.md §6), where [`Arranger::special_advice`] says declaring is worth
    /// more than the lanes; the lanes of [`Arranger::arrange`] otherwise. What [`crate::settle()`]
    /// takes for the seat.
    ///
    /// Errors: as [`Arranger::arrange`].
    pub fn play(&self, cards: &[Card]) -> Result<PlayerHand> {
        let cards = exact_cards_in::<13>(cards, self.rules.deck_spec())?;
        Ok(player::arranger_seat(self, &cards, true, true)?.0)
    }

    /// Expected water of any arrangement of these rules' table against the field; a foul is
    /// priced as losing every lane to every opponent.
    pub fn expected_water(&self, arrangement: &Arrangement) -> f64 {
        let st = self.strength;
        if hand::needs_copies_search(&arrangement.cards()) {
            // Exact ranks for the foul check, the ordinals at or below them for the objective
            // (and a five of a kind's own water, `copies::ev_of_ranks`); lanes with jokers at
            // the values the rule set's `joker_lanes` gives them (RULES.md §12).
            let e = arrangement.evaluate(&self.rules);
            let (f, m, b) = (e.front.ranks_only(), e.middle.ranks_only(), e.back.ranks_only());
            if e.foul.is_foul() {
                return self.objective.foul_value();
            }
            let ord5 = |r| copies::ordinal_at_or_below(&st.five_rank, r);
            let ords = [copies::ordinal_at_or_below(&st.three_rank, f), ord5(m), ord5(b)];
            return copies::ev_of_ranks(&self.objective, ords, m, b);
        }
        let code = |c: &Card| c.code();
        let f = st.three(arrangement.front.map(|c| code(&c)));
        let m = st.five(arrangement.middle.map(|c| code(&c)));
        let b = st.five(arrangement.back.map(|c| code(&c)));
        if !search::legal(st, f, m, b, self.rules.strict_order) {
            return self.objective.foul_value();
        }
        let cards = arrangement.cards().map(|c| c.code());
        let Some(corr) = self.corrections_of(&cards) else { return self.objective.ev(f, m, b) };
        // Valued as the search values a split.
        let bits = |lane: &[Card]| lane.iter().fold(0u64, |m, c| m | 1 << c.code());
        let lanes = [bits(&arrangement.front), bits(&arrangement.middle), bits(&arrangement.back)];
        self.objective.ev_corrected(f, m, b, corr.of_lanes(lanes[0] | lanes[1] | lanes[2], lanes))
    }
}

/// The error of 13 cards that cannot be laid out without a foul (possible only under
/// `strict_order`): one kind, [`Error::NoLegalArrangement`], as [`Arranger::complete`] gives
/// when the lanes a player fixed leave none.
pub(crate) fn no_legal() -> Error {
    Error::NoLegalArrangement("every way to set out these 13 cards fouls (strict_order: equal lanes foul too)".into())
}

/// Whether some card of the 13 repeats (a copy, RULES.md §11).
#[cfg(test)]
pub(crate) fn has_copies(cards: &[Card; 13]) -> bool {
    cards.iter().fold(0u64, |m, c| m | 1 << c.code()).count_ones() != 13
}

/// Lanes of a split, each listed highest card first.
pub(crate) fn to_arrangement(codes: &[u8; 13], s: &Split) -> Arrangement {
    fn lane<const N: usize>(codes: &[u8; 13], mask: u16) -> [Card; N] {
        let mut v = [0u8; N];
        let mut k = 0;
        for (i, &c) in codes.iter().enumerate() {
            if mask >> i & 1 == 1 && k < N {
                v[k] = c;
                k += 1;
            }
        }
        v.sort_unstable_by(|a, b| b.cmp(a));
        v.map(|c| Card::from_any_code(c).expect("a hand's codes are cards"))
    }
    Arrangement { front: lane::<3>(codes, s.front), middle: lane::<5>(codes, s.middle), back: lane::<5>(codes, s.back) }
}

/// How many arrangers the shared cache keeps unless [`set_cache_capacity`] says otherwise.
pub const DEFAULT_CACHE_CAPACITY: usize = 16;

/// The process-wide arrangers of the free functions ([`auto_arrange`], [`suggest`],
/// [`special_advice`] and [`shared_arranger`]), least recently used first.
struct Cache {
    capacity: usize,
    list: Vec<Arc<Arranger>>,
}

static CACHE: Mutex<Cache> = Mutex::new(Cache { capacity: DEFAULT_CACHE_CAPACITY, list: Vec::new() });

fn cache() -> std::sync::MutexGuard<'static, Cache> {
    // The cache holds no invariant a panic could break.
    CACHE.lock().unwrap_or_else(|e| e.into_inner())
}

/// The arranger for `rules` at a table of `players` seats from the process-wide cache, made
/// and kept when missing (dropping the least recently used one when the cache is full).
///
/// Making an arranger builds its objective (up to about 20 ms and 3 MB); the cache lets
/// the free functions be called in a loop at no more cost than keeping an [`Arranger`]. It
/// keeps at most [`cache_capacity`] arrangers ([`DEFAULT_CACHE_CAPACITY`] unless
/// [`set_cache_capacity`] changed it; 0 keeps none). A server that sees many rule sets can
/// bound or clear it, or keep its own arrangers instead.
///
/// Errors: as [`Arranger::new`].
pub fn shared_arranger(rules: &Rules, players: usize) -> Result<Arc<Arranger>> {
    rules.validate()?;
    shared_arranger_for(rules, players, all_pairs_role(rules)?)
}

/// As [`shared_arranger`], for one seat's role ([`Arranger::new_for`]); errors as that.
pub fn shared_arranger_for(rules: &Rules, players: usize, role: Role) -> Result<Arc<Arranger>> {
    let same = |a: &Arc<Arranger>| a.players == players && a.role == role && a.rules == *rules;
    {
        let mut c = cache();
        if let Some(i) = c.list.iter().position(same) {
            let a = c.list.remove(i);
            c.list.push(a.clone());
            return Ok(a);
        }
    }
    // Made outside the lock, so other threads' look-ups do not wait for it.
    let made = Arc::new(Arranger::new_for(rules, players, role)?);
    let mut c = cache();
    // Another thread may have made the same one meanwhile: keep one copy.
    if let Some(i) = c.list.iter().position(same) {
        let a = c.list.remove(i);
        c.list.push(a.clone());
        return Ok(a);
    }
    if c.capacity > 0 {
        if c.list.len() >= c.capacity {
            let excess = c.list.len() + 1 - c.capacity;
            c.list.drain(..excess);
        }
        c.list.push(made.clone());
    }
    Ok(made)
}

/// Bound the shared cache of [`shared_arranger`] to `capacity` arrangers (0: keep none),
/// dropping the least recently used ones beyond it now. Returns the previous capacity.
/// Arrangers in use elsewhere live on until their last `Arc` is dropped.
pub fn set_cache_capacity(capacity: usize) -> usize {
    let mut c = cache();
    let excess = c.list.len().saturating_sub(capacity);
    c.list.drain(..excess);
    std::mem::replace(&mut c.capacity, capacity)
}

/// The shared cache's capacity (see [`set_cache_capacity`]).
pub fn cache_capacity() -> usize {
    cache().capacity
}

/// How many arrangers the shared cache holds now.
pub fn cache_len() -> usize {
    cache().list.len()
}

/// Drop every arranger of the shared cache (its capacity stays).
pub fn clear_cache() {
    cache().list.clear();
}

/// Arrange 13 cards for a full table of four under `rules`: the legal arrangement with the
/// highest expected water against the field (never a foul). The arranger is the shared one of
/// [`shared_arranger`] (a bounded process-wide cache).
///
/// Errors: [`Error::WrongCardCount`], [`Error::DuplicateCard`], [`Error::InvalidRules`];
/// [`Error::InvalidTable`] for banker-table rules (a seat's role matters there: keep an
/// [`Arranger::new_for`], or use [`shared_arranger_for`]).
pub fn auto_arrange(cards: &[Card], rules: &Rules) -> Result<Arranged> {
    exact_cards_in::<13>(cards, rules.deck_spec())?;
    shared_arranger(rules, DEFAULT_PLAYERS)?.arrange(cards)
}

/// Up to `n` distinct good arrangements for a full table of four (see [`Arranger::suggest`]).
///
/// Errors: as [`auto_arrange`], and [`Error::InvalidArgument`] for `n = 0`.
pub fn suggest(cards: &[Card], rules: &Rules, n: usize) -> Result<Vec<Suggestion>> {
    if n == 0 {
        return Err(Error::InvalidArgument("asked for 0 suggestions; n must be at least 1".into()));
    }
    exact_cards_in::<13>(cards, rules.deck_spec())?;
    shared_arranger(rules, DEFAULT_PLAYERS)?.suggest(cards, n)
}

/// Whether declaring the special these cards make beats the best lane play, at a full table
/// of four (see [`Arranger::special_advice`]).
pub fn special_advice(cards: &[Card], rules: &Rules) -> Result<Option<SpecialAdvice>> {
    exact_cards_in::<13>(cards, rules.deck_spec())?;
    shared_arranger(rules, DEFAULT_PLAYERS)?.special_advice(cards)
}

/// The seat a good player puts on the table with these 13 cards at a full table of four: the
/// special declared where that is worth more, the best lanes otherwise (see [`Arranger::play`]).
///
/// Errors: as [`auto_arrange`].
pub fn play(cards: &[Card], rules: &Rules) -> Result<PlayerHand> {
    exact_cards_in::<13>(cards, rules.deck_spec())?;
    shared_arranger(rules, DEFAULT_PLAYERS)?.play(cards)
}

/// The position masks of a 13-card hand's splits (re-exported for the tools).
pub fn subsets() -> &'static Subsets {
    Subsets::get()
}
