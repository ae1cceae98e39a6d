//! 理牌 hints: what a client's manual-arranging buttons need.
//!
//! - [`combos`]: the combinations of one category a hand holds (the 对子, 两对, 三条, 顺子, 同花,
//!   葫芦, 铁支 and 同花顺 buttons: each press shows the next entry of the list).
//! - [`Arranger::complete`](crate::Arranger::complete): the player fixed one or two lanes by hand; the best legal
//!   arrangement of the other cards by the arranger's objective, or a typed error when none is
//!   legal.
//!
//! # What a combination is
//!
//! A [`Combo`] is the cards that make the category itself, without kickers:
//!
//! | category | cards | one entry per |
//! |---|---|---|
//! | one pair (对子) | 2 of one rank | pair rank |
//! | two pair (两对) | 2 + 2 of two ranks | (higher pair rank, lower pair rank) |
//! | three of a kind (三条) | 3 of one rank | trips rank |
//! | straight (顺子) | 5 of consecutive ranks, not all one suit | top of the run (the wheel A-2-3-4-5 is its own run) |
//! | flush (同花) | 5 of one suit, not a run | card set (every suit-distinct set) |
//! | full house (葫芦) | 3 of one rank + 2 of another | (trips rank, pair rank) |
//! | four of a kind (铁支) | 4 of one rank | quad rank |
//! | straight flush (同花顺) | 5 of consecutive ranks, one suit | card set (run and suit) |
//!
//! A rank may serve a smaller group: three kings give a king pair (对子) and, with another pair,
//! two full houses' worth of pairs; four kings give a pair, trips and quads. A group never
//! counts twice in one combination (four kings are not two pair). These are exactly the
//! category's own cards of every 5-card hand (and, for pairs and trips, 3-card hand) the cards
//! make whose evaluated category is that one; from nine cards up both definitions agree (the
//! tests check it on hands of 9 to 13 cards against all their 5- and 3-card subsets).
//!
//! **Suits collapsed.** Where several suit choices make the same entry (three kings hold three
//! king pairs), the entry is the choice with the highest cards: from the top rank down, each
//! rank's highest suits (♠ > ♥ > ♣ > ♦), i.e. the largest [`CardSet`] bit mask. Under
//! `suit_tiebreak` that is also the strongest choice. For a straight whose highest suits would
//! all be one suit (a straight flush), the lowest card of the run that has another suit takes
//! its next-highest one; a run held in one suit only is a straight flush, not a straight.
//! Flushes and straight flushes are never collapsed: each suit-distinct set is an entry.
//!
//! **Order.** Strongest first: by the evaluator's rank of the combination under the rule set
//! (so the wheel sits where the `wheel` option puts it: second highest, or lowest), groups by
//! their ranks in tie-break order (pair rank; higher then lower pair; trips over pair), then
//! by the larger card-set bit mask (a ♠ flush before a ♥ flush of the same ranks when suits
//! do not break ties). The list depends only on the set of cards, not on their order, so a
//! client can cycle through it with an index.
//!
//! **Jokers** (RULES.md §12). Where the cards hold jokers, an entry is offered wherever some
//! choice of the jokers' cards makes the category's own cards (a pair from one card and a
//! joker, trips from a pair and a joker, a straight with a joker in a gap, a flush with a
//! joker, five of a kind from quads and a joker; two jokers are a pair of any rank), keyed as
//! above. An entry takes the fewest jokers that make it and otherwise the highest natural
//! cards, and [`Combo::played`] says what each of its jokers stands for; the details are in
//! `hints/jokers.rs`. [`Arranger::complete`](crate::Arranger::complete) takes jokers in the fixed lanes or the free cards
//! and returns the hand's own cards (jokers as jokers), never a foul under the rule set's
//! `joker_lanes`.

use crate::card::{Card, CardSet, Rank, Suit};
use crate::error::{Error, Result};
use crate::eval::{Category, Evaluator};
use crate::lanes::Lane;
use crate::rules::Rules;

mod jokers;

/// Most entries [`combos`] can return: the flushes of 13 cards of one suit, C(13, 5).
pub const MAX_COMBOS: usize = 1287;

/// Most cards [`combos`] looks at: a hand (or what is left of it).
pub const MAX_HAND: usize = 13;

/// One combination of a category in a hand (see the [module docs](self)): the category's own
/// cards, highest code first, without kickers.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Combo {
    category: Category,
    len: u8,
    cards: [Card; 5],
    played: [Card; 5],
}

impl Combo {
    fn new(category: Category, set: CardSet) -> Combo {
        let mut cards = [Card::new(Rank::Two, Suit::Diamonds); 5];
        let len = high_first(set.bits(), &mut cards);
        Combo { category, len: len as u8, cards, played: cards }
    }

    /// A combination of `cards` (2 to 5, jokers allowed) played as `played` (slot by slot), listed
    /// highest code first (two copies of a joker by the card they stand for, higher first).
    fn with_played(category: Category, cards: &[Card], played: &[Card]) -> Combo {
        let mut pairs: Vec<(Card, Card)> = cards.iter().copied().zip(played.iter().copied()).collect();
        pairs.sort_unstable_by(|a, b| b.cmp(a));
        let mut out = Combo {
            category,
            len: pairs.len() as u8,
            cards: [Card::new(Rank::Two, Suit::Diamonds); 5],
            played: [Card::new(Rank::Two, Suit::Diamonds); 5],
        };
        for (i, (c, p)) in pairs.into_iter().enumerate() {
            out.cards[i] = c;
            out.played[i] = p;
        }
        out
    }

    /// The category the cards make.
    pub const fn category(&self) -> Category {
        self.category
    }

    /// The cards (2 to 5 of them), highest code first.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The cards as played, slot by slot with [`Combo::cards`]: each joker replaced by the card it
    /// stands for (RULES.md §12), the other cards as they are. The cards themselves when they hold
    /// no joker.
    pub fn played(&self) -> &[Card] {
        &self.played[..self.len as usize]
    }

    /// Whether the combination holds a joker.
    pub fn has_jokers(&self) -> bool {
        self.cards().iter().any(|c| c.is_joker())
    }

    /// The cards as a set (a joker as its own bit, 52 or 53).
    pub fn card_set(&self) -> CardSet {
        self.cards().iter().copied().collect()
    }

    /// Whether the combination fits a front lane (头墩, 3 cards): pairs and trips.
    pub const fn fits_front(&self) -> bool {
        matches!(self.category, Category::OnePair | Category::ThreeOfAKind)
    }
}

/// Write the cards of `bits` into `out`, highest code first; returns how many were written.
pub(crate) fn high_first(mut bits: u64, out: &mut [Card]) -> usize {
    let mut n = 0;
    while bits != 0 && n < out.len() {
        let code = 63 - bits.leading_zeros() as u8;
        out[n] = Card::from_code(code).expect("bits of a card set are below 52");
        bits &= !(1 << code);
        n += 1;
    }
    n
}

/// The `k` highest suits of a rank's 4-bit suit mask, as the same kind of mask.
fn top_suits(mask: u8, k: u32) -> u8 {
    let mut out = 0u8;
    let mut m = mask;
    for _ in 0..k {
        if m == 0 {
            break;
        }
        let hi = 1u8 << (7 - m.leading_zeros());
        out |= hi;
        m &= !hi;
    }
    out
}

/// The cards of a rank given its suit mask.
fn rank_cards(rank: usize, suits: u8) -> u64 {
    (suits as u64) << (4 * rank)
}

/// Ranks (indices, ascending) of the ten five-card runs, the wheel first.
fn runs() -> impl Iterator<Item = [usize; 5]> {
    std::iter::once([0, 1, 2, 3, 12]).chain((0..9).map(|lo| [lo, lo + 1, lo + 2, lo + 3, lo + 4]))
}

/// 13-bit rank mask of a run.
fn run_mask(run: &[usize; 5]) -> u16 {
    run.iter().fold(0, |m, &r| m | 1 << r)
}

/// Every distinct combination of `category` in `cards` (at most [`MAX_HAND`] distinct cards),
/// strongest first; see the [module docs](self) for what "distinct" and the order mean. The
/// rule set's `wheel` and `suit_tiebreak` decide the order; nothing else in it matters.
///
/// With the rule set's extra suits (RULES.md §11) the cards may hold copies, and the lists read
/// them the same way (a pair of two copies, five of a kind, a flush holding a pair; see
/// `combos_copies`). With the rule set's jokers (RULES.md §12) the cards may hold jokers, and an
/// entry is offered wherever some choice of their cards makes it (see the [module docs](self)).
///
/// Errors: [`Error::DuplicateCard`], [`Error::TooManyCopies`] or [`Error::JokerNotInDeck`];
/// [`Error::WrongCardCount`] for more than 13 cards; [`Error::InvalidArgument`] for
/// [`Category::HighCard`], which has no combination (every card is one), and for
/// [`Category::FiveOfAKind`] under a rule set of one deck without jokers, which cannot make it
/// (RULES.md §11).
///
/// ```
/// use shisanshui::{hints, parse_cards, Category, Rules};
/// let hand = parse_cards("Ks Kh Kd 9s 9c 5h 6h 7h 8h 4c 2d 3d Ad").unwrap();
/// let pairs = hints::combos(&hand, Category::OnePair, &Rules::classic()).unwrap();
/// let shown: Vec<String> = pairs.iter().map(|c| shisanshui::format_cards(c.cards())).collect();
/// assert_eq!(shown, ["Ks Kh", "9s 9c"]);
/// let straights = hints::combos(&hand, Category::Straight, &Rules::classic()).unwrap();
/// // Classic ranks the wheel second highest, so it comes first; the 5-9 run takes the 9s.
/// assert_eq!(shisanshui::format_cards(straights[0].cards()), "Ad 5h 4c 3d 2d");
/// assert_eq!(shisanshui::format_cards(straights[1].cards()), "9s 8h 7h 6h 5h");
/// ```
pub fn combos(cards: &[Card], category: Category, rules: &Rules) -> Result<Vec<Combo>> {
    if cards.iter().any(|c| c.is_joker()) {
        return jokers::combos_jokers(cards, category, rules);
    }
    let eval = Evaluator::new(rules);
    let distinct = cards.iter().fold(0u64, |m, c| m | 1 << c.code()).count_ones() as usize == cards.len();
    // A deck with jokers makes five of a kind (RULES.md §12): cards without one just hold none.
    let one_deck = rules.extra_suits.is_empty() && (rules.jokers == 0 || category != Category::FiveOfAKind);
    if one_deck || (distinct && category != Category::FiveOfAKind) {
        return combos_with(cards, category, &eval);
    }
    if cards.len() > MAX_HAND {
        return Err(Error::WrongCardCount { expected: MAX_HAND, found: cards.len(), lane: None });
    }
    rules.check_cards(cards)?;
    combos_copies(cards, category, &eval)
}

/// [`combos`] of cards that hold copies: the same entries and order, on a count of each card.
/// A group takes a rank's highest cards, copies included (two A♠ are a pair of aces); a flush
/// may hold a pair (each distinct multiset of five cards of a suit, runs excluded, is an entry);
/// ties in the order go to the higher cards, highest first.
fn combos_copies(cards: &[Card], category: Category, eval: &Evaluator) -> Result<Vec<Combo>> {
    // held[rank][suit]: 0, 1 or 2 copies.
    let mut held = [[0u8; 4]; 13];
    for c in cards {
        held[c.rank().index() as usize][c.suit() as usize] += 1;
    }
    let count = |r: usize| held[r].iter().map(|&n| n as usize).sum::<usize>();
    // The k highest cards of a rank, highest suit first, copies included.
    let top = |r: usize, k: usize| -> Vec<Card> {
        let mut out = Vec::new();
        for s in (0..4).rev() {
            for _ in 0..held[r][s] {
                if out.len() < k {
                    out.push(Card::new(Rank::ALL[r], Suit::ALL[s]));
                }
            }
        }
        out
    };
    let rank5 = |c: &[Card]| -> u32 {
        let five: [Card; 5] = c.try_into().expect("five cards");
        eval.eval5(&five).value()
    };
    let mut found: Vec<(u32, Vec<Card>)> = Vec::new();
    match category {
        Category::HighCard => {
            return Err(Error::InvalidArgument(
                "high card (乌龙) has no combination: every card is one; ask for a pair or better".into(),
            ))
        }
        Category::OnePair | Category::ThreeOfAKind | Category::FourOfAKind | Category::FiveOfAKind => {
            let k = group_size(category);
            for r in 0..13 {
                if count(r) >= k {
                    found.push((r as u32, top(r, k)));
                }
            }
        }
        Category::TwoPair | Category::FullHouse => {
            let (k_hi, k_lo) = if category == Category::TwoPair { (2, 2) } else { (3, 2) };
            for a in 0..13 {
                for b in 0..13 {
                    if a == b || count(a) < k_hi || count(b) < k_lo || (category == Category::TwoPair && b > a) {
                        continue;
                    }
                    let mut c = top(a, k_hi);
                    c.extend(top(b, k_lo));
                    found.push(((a as u32) << 4 | b as u32, c));
                }
            }
        }
        Category::Straight => {
            for run in runs() {
                if run.iter().any(|&r| count(r) == 0) {
                    continue;
                }
                let mut pick: Vec<Card> = run.iter().map(|&r| top(r, 1)[0]).collect();
                if pick.iter().all(|c| c.suit() == pick[0].suit()) {
                    // All one suit: the lowest card of the run with another suit takes its highest
                    // other suit (the largest choice that is not a straight flush).
                    let other = |i: usize| (0..4).rev().find(|&s| s != pick[i].suit() as usize && held[run[i]][s] > 0);
                    let Some((i, s)) = (0..5).find_map(|i| other(i).map(|s| (i, s))) else { continue };
                    pick[i] = Card::new(Rank::ALL[run[i]], Suit::ALL[s]);
                }
                pick.sort_unstable_by(|a, b| b.cmp(a));
                found.push((rank5(&pick), pick));
            }
        }
        Category::Flush | Category::StraightFlush => {
            let runs: Vec<u16> = runs().map(|r| run_mask(&r)).collect();
            for (si, &suit) in Suit::ALL.iter().enumerate() {
                // The suit's cards, highest first, each copy once.
                let mut of_suit: Vec<Card> = Vec::new();
                for (r, counts) in held.iter().enumerate().rev() {
                    for _ in 0..counts[si] {
                        of_suit.push(Card::new(Rank::ALL[r], suit));
                    }
                }
                if of_suit.len() < 5 {
                    continue;
                }
                let n = of_suit.len();
                let mut seen: Vec<Vec<Card>> = Vec::new();
                for m in 0u32..1 << n {
                    if m.count_ones() != 5 {
                        continue;
                    }
                    let pick: Vec<Card> = (0..n).filter(|&i| m >> i & 1 == 1).map(|i| of_suit[i]).collect();
                    let ranks = pick.iter().fold(0u16, |m, c| m | 1 << c.rank().index());
                    let is_run = ranks.count_ones() == 5 && runs.contains(&ranks);
                    if is_run != (category == Category::StraightFlush) || seen.contains(&pick) {
                        continue;
                    }
                    seen.push(pick.clone());
                    found.push((rank5(&pick), pick));
                }
            }
        }
    }
    found.sort_unstable_by(|a, b| b.cmp(a));
    Ok(found
        .into_iter()
        .map(|(_, c)| {
            let mut cards = [Card::new(Rank::Two, Suit::Diamonds); 5];
            cards[..c.len()].copy_from_slice(&c);
            Combo { category, len: c.len() as u8, cards, played: cards }
        })
        .collect())
}

/// [`combos`] with a prepared evaluator (its wheel and suit tie-break decide the order).
pub fn combos_with(cards: &[Card], category: Category, eval: &Evaluator) -> Result<Vec<Combo>> {
    let set = hand_set(cards)?;
    let bits = set.bits();
    let suits_of = |r: usize| (bits >> (4 * r) & 0xF) as u8;
    let count = |r: usize| suits_of(r).count_ones();
    // (sort key, card bits): the key orders by strength, the bits break ties (larger first).
    let mut found: Vec<(u32, u64)> = Vec::new();
    let rank5 = |b: u64| -> u32 {
        let mut c = [Card::new(Rank::Two, Suit::Diamonds); 5];
        high_first(b, &mut c);
        eval.eval5(&c).value()
    };
    match category {
        Category::HighCard => {
            return Err(Error::InvalidArgument(
                "high card (乌龙) has no combination: every card is one; ask for a pair or better".into(),
            ))
        }
        Category::FiveOfAKind => {
            return Err(Error::InvalidArgument(
                "five of a kind (五同) needs more than one deck (RULES.md §11): a hand of one deck has none".into(),
            ))
        }
        Category::OnePair | Category::ThreeOfAKind | Category::FourOfAKind => {
            let k = match category {
                Category::OnePair => 2,
                Category::ThreeOfAKind => 3,
                _ => 4,
            };
            for r in 0..13 {
                if count(r) >= k {
                    found.push((r as u32, rank_cards(r, top_suits(suits_of(r), k))));
                }
            }
        }
        Category::TwoPair | Category::FullHouse => {
            let (k_hi, k_lo) = if category == Category::TwoPair { (2, 2) } else { (3, 2) };
            for a in 0..13 {
                for b in 0..13 {
                    if a == b || count(a) < k_hi || count(b) < k_lo {
                        continue;
                    }
                    // Two pair lists each pair of ranks once, the higher pair first.
                    if category == Category::TwoPair && b > a {
                        continue;
                    }
                    let cards =
                        rank_cards(a, top_suits(suits_of(a), k_hi)) | rank_cards(b, top_suits(suits_of(b), k_lo));
                    found.push(((a as u32) << 4 | b as u32, cards));
                }
            }
        }
        Category::Straight => {
            for run in runs() {
                if run.iter().any(|&r| count(r) == 0) {
                    continue;
                }
                let mut pick: [u8; 5] = run.map(|r| top_suits(suits_of(r), 1));
                if pick.iter().all(|&s| s == pick[0]) {
                    // All one suit: the lowest card of the run with another suit takes its next
                    // highest one (the largest choice that is not a straight flush).
                    let Some(i) = (0..5).find(|&i| count(run[i]) >= 2) else { continue };
                    pick[i] = top_suits(suits_of(run[i]) & !pick[i], 1);
                }
                let cards = run.iter().zip(pick).fold(0u64, |b, (&r, s)| b | rank_cards(r, s));
                found.push((rank5(cards), cards));
            }
        }
        Category::Flush | Category::StraightFlush => {
            let runs: Vec<u16> = runs().map(|r| run_mask(&r)).collect();
            for suit in 0..4 {
                let ranks: u16 = (0..13).filter(|&r| suits_of(r) >> suit & 1 == 1).fold(0, |m, r| m | 1 << r);
                if ranks.count_ones() < 5 {
                    continue;
                }
                let to_cards = |m: u16| (0..13).filter(|&r| m >> r & 1 == 1).fold(0u64, |b, r| b | 1 << (4 * r + suit));
                if category == Category::StraightFlush {
                    for &run in &runs {
                        if ranks & run == run {
                            let cards = to_cards(run);
                            found.push((rank5(cards), cards));
                        }
                    }
                } else {
                    let ones: Vec<u64> = (0..13).filter(|&r| ranks >> r & 1 == 1).map(|r| 1u64 << r).collect();
                    choose(&ones, 5, |m| {
                        let m = m as u16;
                        if !runs.contains(&m) {
                            let cards = to_cards(m);
                            found.push((rank5(cards), cards));
                        }
                    });
                }
            }
        }
    }
    found.sort_unstable_by(|a, b| b.cmp(a));
    Ok(found.into_iter().map(|(_, b)| Combo::new(category, CardSet(b))).collect())
}

/// The cards of one rank a rank-group category takes: a pair 2, trips 3, quads 4, five of a kind 5.
pub(crate) fn group_size(category: Category) -> usize {
    match category {
        Category::OnePair => 2,
        Category::ThreeOfAKind => 3,
        Category::FourOfAKind => 4,
        _ => 5,
    }
}

/// Call `f` with the union of every `k` of `items` (at most 16 of them; Gosper's hack walks
/// the `k`-bit masks of their positions in increasing order).
pub(crate) fn choose(items: &[u64], k: u32, mut f: impl FnMut(u64)) {
    let n = items.len() as u32;
    if k > n || k == 0 {
        return;
    }
    let mut x: u32 = (1 << k) - 1;
    while x < 1 << n {
        let (mut m, mut u) = (x, 0u64);
        while m != 0 {
            u |= items[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        f(u);
        // The next integer with the same number of set bits.
        let c = x & x.wrapping_neg();
        let r = x + c;
        x = (((r ^ x) >> 2) / c) | r;
    }
}

/// The distinct cards of a hand or part of one, as a set.
fn hand_set(cards: &[Card]) -> Result<CardSet> {
    let mut set = CardSet::EMPTY;
    for (position, &card) in cards.iter().enumerate() {
        if !set.insert(card) {
            return Err(Error::DuplicateCard { card, position, seats: None });
        }
    }
    if cards.len() > MAX_HAND {
        return Err(Error::WrongCardCount { expected: MAX_HAND, found: cards.len(), lane: None });
    }
    Ok(set)
}

/// The lanes a player has fixed by hand (each `None` when still open), for
/// [`Arranger::complete`](crate::Arranger::complete).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct FixedLanes<'a> {
    /// The front's 3 cards, if fixed.
    pub front: Option<&'a [Card]>,
    /// The middle's 5 cards, if fixed.
    pub middle: Option<&'a [Card]>,
    /// The back's 5 cards, if fixed.
    pub back: Option<&'a [Card]>,
}

impl<'a> FixedLanes<'a> {
    /// No lane fixed.
    pub const NONE: FixedLanes<'static> = FixedLanes { front: None, middle: None, back: None };

    /// The fixed cards of a lane.
    pub const fn lane(&self, lane: Lane) -> Option<&'a [Card]> {
        match lane {
            Lane::Front => self.front,
            Lane::Middle => self.middle,
            Lane::Back => self.back,
        }
    }

    /// These lanes with `lane` fixed to `cards`.
    pub const fn with(mut self, lane: Lane, cards: &'a [Card]) -> FixedLanes<'a> {
        match lane {
            Lane::Front => self.front = Some(cards),
            Lane::Middle => self.middle = Some(cards),
            Lane::Back => self.back = Some(cards),
        }
        self
    }
}
