//! Auto-arrangement of 13 cards that hold copies (RULES.md §11: a deck with extra suits).
//!
//! A hand with a repeated code can make what one deck cannot, five of a kind and flushes that
//! hold a pair, and it is no bit set, so the one-deck search (`search.rs`, built on bit sets
//! and the one-deck strength ordinals) does not read it. This search reads it exactly:
//! - every five- and three-card subset of the 13 positions is ranked from sums of card keys
//!   taken in revolving-door order, as the one-deck search ranks them: a five-card multiset
//!   without five of a kind is one that one deck has, so the one-deck tables give its ordinal
//!   and rank; flushes (a flush may hold a pair) and five of a kind are ranked as the evaluator
//!   ranks them (§11). Legality (RULES.md §2) is checked on the exact ranks (ranks only), so an
//!   answer is never a foul;
//! - the objective is the arranger's own ([`Objective::ev`]) on lane ordinals: a lane's ordinal
//!   is that of the strongest one-deck class at or below it (exact for every hand one deck can
//!   make; a paired flush counts as the plain flush below it, five of a kind as the top straight
//!   flush, the strongest class the fields know), and a five of a kind in the middle or back
//!   adds [`Objective::five_kind_extra`], so that its lane is priced with its own lane water
//!   (RULES.md §11) rather than the straight flush's; the sweep terms (shooting, home runs,
//!   the majority bonus) still read it as the top straight flush, its water included;
//! - backs are taken best bound first, in buckets of 32 ordinals (a counting sort; a bucket's
//!   backs in any order): the bucket ends the search when the bound of its strongest ordinal
//!   ([`Objective::upper_bound`] with the strongest front and middle that back allows) is below
//!   the best split found. Each back is then bounded by its own ordinal, by the strongest five
//!   and three cards of the other eight (legal or not), and by the strongest legal front and
//!   middle it has (with the tight sweep bound); each of its legal splits by its lane values and
//!   that sweep bound, and only the splits still reaching the best are valued exactly;
//! - the two copies of a card make splits that differ only by which copy lies where: one of each
//!   such family is visited (the one the tie-break prefers);
//! - ties are broken as the one-deck search breaks them (position masks), so the answer is
//!   [`exhaustive`]'s, which the tests check;
//! - a hand with jokers (RULES.md §12) has each subset valued at its best ([`CopiesHand::new`]);
//!   under `joker_lanes = avoid_foul` ([`best_avoiding`]) the splits out of order at their best
//!   whose out-of-order lanes hold a joker are searched too, bounded by their lanes' best and
//!   valued by [`avoid_values`] where the bound reaches the best split found.

use super::model::Objective;
use super::search::Split;
use super::strength::{walk_door, Strength, Subsets, FIVE_CLASSES};
use crate::card::Card;
use crate::eval::gen::flush_of;
use crate::eval::{Category, Evaluator, HandRank};
use crate::lanes::Foul;

/// The ranks and ordinals of every subset of one hand with copies.
pub(crate) struct CopiesHand {
    /// The codes, ascending (position `i` is `codes[i]`).
    pub codes: [u8; 13],
    /// Rank (ranks only: what the foul check reads) of each five-card subset, in [`Subsets`]
    /// order.
    pub five_rank: Box<[HandRank; 1287]>,
    /// Lane ordinal of each five-card subset (see the module docs).
    pub five_ord: Box<[u16; 1287]>,
    /// Rank (ranks only) of each three-card subset.
    pub three_rank: Box<[HandRank; 286]>,
    /// Lane ordinal of each three-card subset (exact: three cards make no new class).
    pub three_ord: Box<[u16; 286]>,
    /// Bit `i` set when positions `i` and `i + 1` hold the same code (two copies of a card).
    pub dup: u16,
    /// Whether some five-card subset is a five of a kind.
    pub five_kind: bool,
    /// The positions of the jokers (RULES.md §12; the highest positions, jokers sorting last).
    pub jokers: u16,
}

impl CopiesHand {
    /// Rank every subset from sums of card keys taken in revolving-door order (one card out
    /// and one in per subset), as the one-deck search does: a rank multiset without five of a
    /// kind is one that one deck has, so its ordinal is the one-deck table's and its rank that
    /// ordinal's; a flush (a suit nibble reaching 5) moves up as the evaluator moves it; five
    /// of a kind, only where a rank holds five or more cards, is ranked by the evaluator.
    /// A hand with jokers (RULES.md §12) has its subsets holding a joker valued as
    /// [`CopiesHand::with_jokers`] says.
    pub fn new(st: &Strength, eval: &Evaluator, cards: &[Card; 13]) -> CopiesHand {
        let mut codes = cards.map(|c| c.code());
        codes.sort_unstable();
        // The jokers (codes 52 and 53) sort last: the natural cards are positions 0..naturals.
        let naturals = codes.iter().take_while(|&&c| c < 52).count();
        // A hand with jokers and no rank four times among its natural cards (sorted: no four in
        // a row of one rank): a joker can make no five of a kind with three other naturals.
        let no_quads = naturals < 13 && codes[..naturals].windows(4).all(|w| w[0] >> 2 != w[3] >> 2);
        let sub = Subsets::get();
        let k: [u64; 16] = std::array::from_fn(|i| if i < naturals { st.key(codes[i]) } else { 0 });
        let mut h = CopiesHand {
            codes,
            five_rank: boxed(),
            five_ord: boxed(),
            three_rank: boxed(),
            three_ord: boxed(),
            dup: 0,
            five_kind: false,
            jokers: (0x1FFF >> naturals << naturals) as u16,
        };
        for i in 0..12 {
            h.dup |= u16::from(codes[i] == codes[i + 1]) << i;
        }
        let (five_rank, five_ord) = (&mut h.five_rank, &mut h.five_ord);
        let door_start = sub.five[(sub.five_door[0] >> 16) as usize];
        if naturals == 13 {
            walk_door(&sub.five_door[..], door_start, &k, |i, sum| {
                (five_rank[i], five_ord[i]) = natural_five(st, sum);
            });
        } else {
            // A joker's key is 0: a subset's sum is its natural cards'. A subset holding one
            // joker is valued from that sum (`one_joker`) unless four natural cards of a rank
            // could make five of a kind with it; the others holding jokers are valued by
            // `with_jokers`.
            let joker_bits = (0x1FFF >> naturals << naturals) as u16;
            // Each natural card's rank count, a nibble a rank, summed beside the keys.
            let kc: [u64; 16] = std::array::from_fn(|i| if i < naturals { 1 << (4 * (codes[i] >> 2)) } else { 0 });
            let mut at = |i: usize, sum: u64, counts: u64| {
                let jokers = sub.five[i] & joker_bits;
                if jokers == 0 {
                    (five_rank[i], five_ord[i]) = natural_five(st, sum);
                } else if jokers & (jokers - 1) == 0 && no_quads {
                    (five_rank[i], five_ord[i]) = one_joker(st, sum, counts);
                }
            };
            let door = &sub.five_door[..];
            let (mut sum, mut counts) = (0u64, 0u64);
            for p in (0..13).filter(|&p| door_start >> p & 1 == 1) {
                sum += k[p];
                counts += kc[p];
            }
            at((door[0] >> 16) as usize, sum, counts);
            for &step in &door[1..] {
                let (out, into) = ((step & 15) as usize, (step >> 4 & 15) as usize);
                sum = sum.wrapping_sub(k[out]).wrapping_add(k[into]);
                counts = counts.wrapping_sub(kc[out]).wrapping_add(kc[into]);
                at((step >> 16) as usize, sum, counts);
            }
        }
        // Five of a kind: the five-card subsets of a rank's five or more positions (their key
        // sums are no one-deck multiset, so the walk's entries for them are overwritten).
        let mut at = 0;
        while at < naturals {
            let rank = codes[at] >> 2;
            let mut end = at;
            while end < naturals && codes[end] >> 2 == rank {
                end += 1;
            }
            if end - at >= 5 {
                h.five_kind = true;
                let group = ((1u32 << end) - (1u32 << at)) as u16;
                for (i, &m) in sub.five.iter().enumerate() {
                    if m & group == m {
                        let mut c5 = [0u8; 5];
                        let mut mm = m;
                        for c in c5.iter_mut() {
                            *c = codes[mm.trailing_zeros() as usize];
                            mm &= mm - 1;
                        }
                        let r = eval.eval5_codes(&c5).ranks_only();
                        h.five_rank[i] = r;
                        h.five_ord[i] = ordinal_at_or_below(&st.five_rank, r);
                    }
                }
            }
            at = end;
        }
        {
            let (three_rank, three_ord) = (&mut h.three_rank, &mut h.three_ord);
            walk_door(&sub.three_door[..], sub.three[(sub.three_door[0] >> 16) as usize], &k, |i, sum| {
                let o = st.three_from_sum(sum);
                three_rank[i] = st.three_rank[o as usize];
                three_ord[i] = o;
            });
        }
        if naturals < 13 {
            h.with_jokers(st, eval, naturals, no_quads);
        }
        h
    }

    /// The subsets holding a joker (RULES.md §12): each valued as its best hand over the cards
    /// its jokers can stand for (the cards [`Evaluator::eval5_jokers`] plays them as, a handful
    /// of checks, then ranked from their key sum as the one-deck search ranks a subset), at the
    /// ordinal of the strongest one-deck class at or below it, as for copies. That value
    /// depends on the natural cards alone (the jokers are alike), so it is found once for each
    /// set of natural cards and written to every subset that joins them to that many jokers.
    /// With `one_done` the subsets holding one joker were valued in the walk of `new` (by
    /// `one_joker`) and are skipped here.
    /// The foul check reads those best values: the `each_best` reading, whose legal splits are
    /// legal under `avoid_foul` too with the same values.
    #[cold]
    #[inline(never)]
    fn with_jokers(&mut self, st: &Strength, eval: &Evaluator, naturals: usize, one_done: bool) {
        let sub = Subsets::get();
        let codes = self.codes;
        let card = |i: u32| Card::from_any_code(codes[i as usize]).unwrap_or(Card::SMALL_JOKER);
        let lane = |m: u16| -> [Card; 5] {
            let mut m = m;
            std::array::from_fn(|_| {
                let i = m.trailing_zeros();
                m &= m.wrapping_sub(1);
                card(i)
            })
        };
        let jokers = 13 - naturals;
        for t in (if one_done { 2 } else { 1 })..=jokers.min(5) {
            // Every set of `5 - t` natural cards, then every `t` of the jokers.
            for_each_subset(naturals as u32, 5 - t as u32, |n| {
                let joined = n | lowest_bits(t as u32) << naturals;
                let (r, o) = five_played(st, eval, &eval.played5(&lane(joined)));
                self.five_kind |= r.category() == Category::FiveOfAKind;
                for_each_subset(jokers as u32, t as u32, |j| {
                    let i = sub.index[(n | j << naturals) as usize] as usize;
                    self.five_rank[i] = r;
                    self.five_ord[i] = o;
                });
            });
        }
        for t in 1..=jokers.min(3) {
            for_each_subset(naturals as u32, 3 - t as u32, |n| {
                let m = n | lowest_bits(t as u32) << naturals;
                let mut mm = m;
                let three: [Card; 3] = std::array::from_fn(|_| {
                    let i = mm.trailing_zeros();
                    mm &= mm.wrapping_sub(1);
                    card(i)
                });
                let played = eval.played3(&three);
                let o = st.three_from_sum(played.iter().map(|c| st.key(c.code())).sum());
                for_each_subset(jokers as u32, t as u32, |j| {
                    let i = sub.index[(n | j << naturals) as usize] as usize;
                    self.three_rank[i] = st.three_rank[o as usize];
                    self.three_ord[i] = o;
                });
            });
        }
    }

    /// The categories of a split's lanes (front, middle, back), from the exact ranks.
    pub fn categories(&self, s: &Split) -> [Category; 3] {
        let sub = Subsets::get();
        [
            self.three_rank[sub.index[s.front as usize] as usize].category(),
            self.five_rank[sub.index[s.middle as usize] as usize].category(),
            self.five_rank[sub.index[s.back as usize] as usize].category(),
        ]
    }
}

/// The rank (ranks only) and lane ordinal of five real cards as a joker lane plays them: from
/// their key sum, as [`CopiesHand::new`] ranks a subset (a flush as `flush_rank`), five of a
/// kind (one rank five times) by the evaluator.
#[inline]
fn five_played(st: &Strength, eval: &Evaluator, p: &[Card; 5]) -> (HandRank, u16) {
    let rank = p[0].code() >> 2;
    if p.iter().all(|c| c.code() >> 2 == rank) {
        let r = eval.eval5(p).ranks_only();
        return (r, ordinal_at_or_below(&st.five_rank, r));
    }
    let sum: u64 = p.iter().map(|c| st.key(c.code())).sum();
    let plain = st.five_plain(sum);
    if ((sum & 0xFFFF) + 0x3333) & 0x8888 != 0 {
        flush_rank(st, plain)
    } else {
        (st.five_rank[plain as usize], plain)
    }
}

/// The `k` lowest bits.
#[inline]
fn lowest_bits(k: u32) -> u16 {
    ((1u32 << k) - 1) as u16
}

/// Call `f` with every `k`-bit subset of the `n` lowest bits, ascending (Gosper's hack).
#[inline]
fn for_each_subset(n: u32, k: u32, mut f: impl FnMut(u16)) {
    if k > n {
        return;
    }
    if k == 0 {
        f(0);
        return;
    }
    let end = 1u32 << n;
    let mut m = (1u32 << k) - 1;
    while m < end {
        f(m as u16);
        let c = m & m.wrapping_neg();
        let r = m + c;
        m = (((r ^ m) >> 2) / c) | r;
    }
}

/// The rank (ranks only) and lane ordinal of four natural cards (key sum `sum`, rank counts
/// `counts` a nibble a rank, no rank among them four times) and one joker (RULES.md §12), from
/// the few ranks the joker can best stand for: a rank they hold twice or three times (trips,
/// quads, a full house: the best they can make without a flush), else their top rank (a pair)
/// or the rank that completes a straight; and where all four share a suit, the joker of that
/// suit as each rank (a flush or straight flush; with copies a flush may hold a pair, below the
/// full house two pairs make).
#[inline]
fn one_joker(st: &Strength, sum: u64, counts: u64) -> (HandRank, u16) {
    const NIBBLES: u64 = 0x1_1111_1111_1111;
    // A suit nibble at 4: the four cards share that suit.
    let shared = ((sum & 0xFFFF) + 0x4444) & 0x8888;
    let suit_of_nibble = |n: u32| (0..4u8).find(|&s| st.key(s) >> (4 * n) & 0xF != 0).unwrap_or(0);
    // Not a flush: a suit none of them has where they share one (any suit otherwise).
    let other = if shared == 0 { 0 } else { (suit_of_nibble(shared.trailing_zeros() / 4) + 1) & 3 };
    let mut top = 0u16;
    let mut as_rank = |r: u32| top = top.max(st.five_plain(sum + st.key(r as u8 * 4 + other)));
    // Bit 4r + 3 for each rank held at least twice.
    let mut groups = (counts + 6 * NIBBLES) & (8 * NIBBLES);
    if groups != 0 {
        while groups != 0 {
            as_rank(groups.trailing_zeros() / 4);
            groups &= groups - 1;
        }
    } else {
        let mut held = (counts + 7 * NIBBLES) & (8 * NIBBLES);
        let mut ranks = 0u16;
        while held != 0 {
            ranks |= 1 << (held.trailing_zeros() / 4);
            held &= held - 1;
        }
        as_rank(15 - ranks.leading_zeros());
        // Five ranks in a row (the ace also below the two): one missing is the joker's.
        const RUNS: [u16; 10] = [0x1F, 0x3E, 0x7C, 0xF8, 0x1F0, 0x3E0, 0x7C0, 0xF80, 0x1F00, 0x100F];
        for w in RUNS {
            let missing = w & !ranks;
            if missing & missing.wrapping_sub(1) == 0 {
                as_rank(missing.trailing_zeros());
            }
        }
    }
    let mut best = (st.five_rank[top as usize], top);
    if shared != 0 {
        let suit = suit_of_nibble(shared.trailing_zeros() / 4);
        for r in 0..13u8 {
            let flush = flush_rank(st, st.five_plain(sum + st.key(r * 4 + suit)));
            if flush.0 > best.0 {
                best = flush;
            }
        }
    }
    best
}

/// A zeroed array on the heap, never on the stack (the hand's tables are moved as pointers).
fn boxed<T: Copy + Default, const N: usize>() -> Box<[T; N]> {
    vec![T::default(); N].into_boxed_slice().try_into().ok().expect("N entries")
}

/// A five-card subset of natural cards from its key sum: its rank and ordinal, a flush's when
/// one suit's count in the sum reaches five.
#[inline(always)]
fn natural_five(st: &Strength, sum: u64) -> (HandRank, u16) {
    let plain = st.five_plain(sum);
    if ((sum & 0xFFFF) + 0x3333) & 0x8888 != 0 {
        flush_rank(st, plain)
    } else {
        (st.five_rank[plain as usize], plain)
    }
}

/// The rank (ranks only) and lane ordinal of five cards of one suit whose ranks, read as no
/// flush, have one-deck ordinal `plain`: a flush of five ranks is the one-deck flush, a flush
/// holding a pair is priced at the strongest class below it.
#[cold]
#[inline(never)]
fn flush_rank(st: &Strength, plain: u16) -> (HandRank, u16) {
    let r = flush_of(st.five_rank[plain as usize]);
    match st.five_category[plain as usize] {
        Category::HighCard | Category::Straight => (r, st.flush_ord(plain)),
        _ => (r, ordinal_at_or_below(&st.five_rank, r)),
    }
}

/// The ordinal of the strongest class at or below `rank` (ranks only), in a table of classes
/// listed weakest first.
pub(crate) fn ordinal_at_or_below(classes: &[HandRank], rank: HandRank) -> u16 {
    let r = rank.ranks_only();
    classes.partition_point(|c| *c <= r).saturating_sub(1) as u16
}

/// Whether front, middle and back are legal (RULES.md §2), on the exact ranks.
#[inline]
fn legal(f: HandRank, m: HandRank, b: HandRank, strict: bool) -> bool {
    !Foul::check(f, m, b, strict).is_foul()
}

/// The objective of a split of a hand with copies: [`Objective::ev`] at its ordinals, and
/// what a five of a kind in the middle (subset `mi`) or back (`bi`) adds to it.
#[inline]
fn split_ev(obj: &Objective, h: &CopiesHand, ords: [u16; 3], mi: usize, bi: usize) -> f64 {
    ev_of_ranks(obj, ords, h.five_rank[mi], h.five_rank[bi])
}

/// The objective of a hand with copies from the exact ranks of its lanes (the rank of its
/// middle and back say whether each is a five of a kind) at their ordinals.
#[inline]
pub(crate) fn ev_of_ranks(obj: &Objective, ords: [u16; 3], middle: HandRank, back: HandRank) -> f64 {
    let [em, eb] = obj.five_kind_extra();
    let fk = |r: HandRank| r.category() == Category::FiveOfAKind;
    obj.ev(ords[0], ords[1], ords[2]) + if fk(middle) { em } else { 0.0 } + if fk(back) { eb } else { 0.0 }
}

/// Call `f` with every legal split, its ordinals and objective ([`split_ev`]), and its lanes'
/// ranks (ranks only; front, middle, back). With `avoid` (`joker_lanes = avoid_foul` and a
/// hand holding a joker, RULES.md §12) the splits that reading alone makes legal too, at the
/// values it gives them ([`avoid_values`]).
pub(crate) fn for_each_legal(
    obj: &Objective,
    st: &Strength,
    h: &CopiesHand,
    strict: bool,
    avoid: Option<&Evaluator>,
    mut f: impl FnMut(Split, [HandRank; 3]),
) {
    let sub = Subsets::get();
    for (bi, &bmask) in sub.five.iter().enumerate() {
        for &pair in sub.splits[bi].iter() {
            let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
            let ranks = [h.three_rank[fi], h.five_rank[mi], h.five_rank[bi]];
            if legal(ranks[0], ranks[1], ranks[2], strict) {
                let ordinals = [h.three_ord[fi], h.five_ord[mi], h.five_ord[bi]];
                let ev = split_ev(obj, h, ordinals, mi, bi);
                f(Split { front: sub.three[fi], middle: sub.five[mi], back: bmask, ordinals, ev }, ranks);
            } else if let Some(eval) = avoid {
                if let Some((ordinals, ranks)) = avoid_values(st, eval, h, [fi, mi, bi], strict) {
                    let ev = ev_of_ranks(obj, ordinals, ranks[1], ranks[2]);
                    f(Split { front: sub.three[fi], middle: sub.five[mi], back: bmask, ordinals, ev }, ranks);
                }
            }
        }
    }
}

/// Back buckets of `1 << BUCKET_SHIFT` ordinals ([`best`]'s counting sort).
const BUCKET_SHIFT: u32 = 5;
const BUCKETS: usize = (FIVE_CLASSES >> BUCKET_SHIFT) + 1;

const NONE: Split = Split { front: 0, middle: 0, back: 0, ordinals: [0; 3], ev: f64::NEG_INFINITY };

/// The legal split with the highest [`Objective::ev`], ties broken by the position masks.
pub(crate) fn best(obj: &Objective, st: &Strength, h: &CopiesHand, strict: bool) -> Split {
    best_in::<false>(obj, st, h, strict, None)
}

/// [`best`] under `joker_lanes = avoid_foul` (RULES.md §12) for a hand holding a joker: the
/// splits that reading alone makes legal (a lane with a joker lowered below its best to stay
/// behind the next) are searched too, at the values it gives them ([`avoid_values`]).
pub(crate) fn best_avoiding(obj: &Objective, st: &Strength, h: &CopiesHand, strict: bool, eval: &Evaluator) -> Split {
    best_in::<true>(obj, st, h, strict, Some(eval))
}

fn best_in<const AVOID: bool>(
    obj: &Objective,
    st: &Strength,
    h: &CopiesHand,
    strict: bool,
    eval: Option<&Evaluator>,
) -> Split {
    let sub = Subsets::get();
    let top_front = h.three_ord.iter().copied().max().unwrap_or(0);
    // What a five of a kind can still add to a bound: only at the top back ordinal (a five of
    // a kind's proxy; a five-of-a-kind middle needs a five-of-a-kind back), and only when the
    // hand holds one.
    let [em, eb] = obj.five_kind_extra().map(|e| e.max(0.0));
    let top_five = st.five_rank.len() as u16 - 1;
    let [front_cap, middle_cap, back_cap] = [&obj.lanes[0].value_cap, &obj.lanes[1].value_cap, &obj.lanes[2].value_cap];
    // Two copies of a card (positions `i` and `i + 1`, bit `i` of `dup`) make splits that
    // differ only by which copy is where: the same cards in every lane, so the same value, and
    // the one with the higher position in the back (then in the middle) has the larger
    // tie-break key. Only that one is visited: backs holding copy `i` without `i + 1`, and
    // middles holding `i` while the front holds `i + 1`, are skipped.
    let dup = h.dup;
    // Backs by ordinal, strongest first: the bound of a back (the strongest front and middle
    // it allows) grows with its ordinal, so this is best bound first. Most hands stop within
    // the strongest backs; the backs are put in buckets of 32 ordinals (a counting sort) and
    // visited bucket by bucket.
    let mut count = [0u16; BUCKETS + 1];
    for (bi, &b) in sub.five.iter().enumerate() {
        count[(h.five_ord[bi] >> BUCKET_SHIFT) as usize] += u16::from(b & dup & !(b >> 1) == 0);
    }
    // `start[j]`: where bucket `j` begins, the strongest bucket first.
    let mut start = [0u16; BUCKETS + 1];
    let mut at = 0u16;
    for j in (0..BUCKETS).rev() {
        start[j] = at;
        at += count[j];
    }
    let mut keys = [0u32; 1287];
    let mut fill = start;
    for (bi, &b) in sub.five.iter().enumerate() {
        if b & dup & !(b >> 1) == 0 {
            let o = h.five_ord[bi];
            let j = (o >> BUCKET_SHIFT) as usize;
            keys[fill[j] as usize] = u32::from(o) << 16 | bi as u32;
            fill[j] += 1;
        }
    }
    let (five_ord, three_ord): (&[u16; 1287], &[u16; 286]) = (&h.five_ord, &h.three_ord);
    let mut best = NONE;
    let mut legal_pairs = [0u32; 56];
    let mut avoid_pairs = [0u32; 56];
    let s = u32::from(strict);
    // A bound of every split whose back has ordinal at most `ob` (its strongest front and
    // middle allowed), non-decreasing in `ob`.
    let bound_at = |ob: u16| {
        let front = top_front.min(st.front_cap[ob as usize]);
        let b = obj.upper_bound(front, ob, ob);
        if h.five_kind && ob == top_five {
            b + em + eb
        } else {
            b
        }
    };
    for j in (0..BUCKETS).rev() {
        if count[j] == 0 {
            continue;
        }
        // The bucket's backs in any order, once its strongest ordinal's bound reaches the best
        // split found (the bounds of weaker buckets are no higher: the search ends).
        let top = ((((j + 1) << BUCKET_SHIFT) - 1) as u16).min(top_five);
        if bound_at(top) < best.ev {
            break;
        }
        let from = start[j] as usize;
        for &key in &keys[from..from + count[j] as usize] {
            let (ob, bi) = ((key >> 16) as u16, (key & 0xFFFF) as usize);
            if ob != top && bound_at(ob) < best.ev {
                continue;
            }
            let rb = h.five_rank[bi];
            let fk_b = if rb.value() >> 22 == Category::FiveOfAKind as u32 { eb } else { 0.0 };
            // A cheaper bound first: the strongest five and three cards of the other eight, legal
            // or not (a legal middle is also at most the back).
            let (mut cap_m, mut cap_f) = (0u32, 0u32);
            for &pair in sub.splits[bi].iter() {
                let m = u32::from(five_ord[(pair & 0xFFFF) as usize]);
                let f = u32::from(three_ord[(pair >> 16) as usize]);
                cap_m = if m > cap_m { m } else { cap_m };
                cap_f = if f > cap_f { f } else { cap_f };
            }
            let (cap_m, cap_f) = (cap_m as u16, cap_f as u16);
            let cap_m = cap_m.min(ob);
            let cap_f = cap_f.min(st.front_cap[cap_m as usize]);
            let lanes = back_cap[ob as usize] + middle_cap[cap_m as usize] + front_cap[cap_f as usize];
            let fk_any = fk_b + if ob == top_five && h.five_kind { em } else { 0.0 };
            let slack = 1e-9 * (1.0 + lanes.abs()) + fk_any;
            if lanes + obj.backs[ob as usize].sweep + slack < best.ev
                || lanes + obj.sweep_bound_tight(cap_f, cap_m, ob) + slack < best.ev
            {
                continue;
            }
            let bmask = sub.five[bi];
            // The legal splits of this back (one of each family of copies), and the bound again
            // with the strongest legal front and middle among them.
            let (mut top_f, mut top_m, mut fk_m, mut nl, mut na) = (0u16, 0u16, false, 0, 0);
            // The foul check (RULES.md §2) on ranks only: the front's key at most the middle's,
            // the middle at most the back (strictly below both under `strict_order`).
            let rbv = rb.value();
            for &pair in sub.splits[bi].iter() {
                let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
                let rm = h.five_rank[mi].value();
                let rf = h.three_rank[fi].front_key();
                let canonical = sub.five[mi] & dup & (sub.three[fi] >> 1) == 0;
                if canonical && rm + s <= rbv && rf + s <= rm >> 10 {
                    top_f = top_f.max(h.three_ord[fi]);
                    top_m = top_m.max(h.five_ord[mi]);
                    fk_m |= rm >> 22 == Category::FiveOfAKind as u32;
                    legal_pairs[nl] = pair;
                    nl += 1;
                } else if AVOID
                    && canonical
                    && (rm + s <= rbv || sub.five[mi] & h.jokers != 0)
                    && (rf + s <= rm >> 10 || sub.three[fi] & h.jokers != 0)
                {
                    // Out of order at the lanes' best, but each lane out of order holds a
                    // joker: lowered, the split may be legal, each lane at most at its own
                    // best and at most the lane behind it.
                    let om = h.five_ord[mi].min(ob);
                    top_m = top_m.max(om);
                    top_f = top_f.max(h.three_ord[fi].min(st.front_cap[om as usize]));
                    fk_m |= rm >> 22 == Category::FiveOfAKind as u32;
                    avoid_pairs[na] = pair;
                    na += 1;
                }
            }
            if nl + na == 0 {
                continue;
            }
            let fk_extra = fk_b + if fk_m { em } else { 0.0 };
            let sweep = obj.sweep_bound_tight(top_f, top_m, ob);
            let lanes = back_cap[ob as usize] + middle_cap[top_m as usize] + front_cap[top_f as usize];
            if lanes + sweep + 1e-9 * (1.0 + lanes.abs()) + fk_extra < best.ev {
                continue;
            }
            // Each split by its lane values and the back's sweep bound before its exact value.
            for &pair in &legal_pairs[..nl] {
                let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
                let (of, om) = (h.three_ord[fi], h.five_ord[mi]);
                let lanes = obj.lane_sum(of, om, ob);
                if lanes + sweep + 1e-9 * (1.0 + lanes.abs()) + fk_extra < best.ev {
                    continue;
                }
                let ev = split_ev(obj, h, [of, om, ob], mi, bi);
                let mmask = sub.five[mi];
                if best.is_beaten_by(ev, bmask, mmask) {
                    best = Split { front: sub.three[fi], middle: mmask, back: bmask, ordinals: [of, om, ob], ev };
                }
            }
            if AVOID {
                let Some(eval) = eval else { continue };
                for &pair in &avoid_pairs[..na] {
                    let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
                    let om = h.five_ord[mi].min(ob);
                    let of = h.three_ord[fi].min(st.front_cap[om as usize]);
                    let lanes = obj.lane_sum(of, om, ob);
                    if lanes + sweep + 1e-9 * (1.0 + lanes.abs()) + fk_extra < best.ev {
                        continue;
                    }
                    let Some((ordinals, ranks)) = avoid_values(st, eval, h, [fi, mi, bi], strict) else { continue };
                    let ev = ev_of_ranks(obj, ordinals, ranks[1], rb);
                    let mmask = sub.five[mi];
                    if best.is_beaten_by(ev, bmask, mmask) {
                        best = Split { front: sub.three[fi], middle: mmask, back: bmask, ordinals, ev };
                    }
                }
            }
        }
    }
    best
}

/// The lane ordinals and ranks (ranks only; front, middle, back) that `joker_lanes =
/// avoid_foul` gives the split of subsets `[front, middle, back]` (RULES.md §12): the back at its
/// best, the middle at its best not above the back, the front at its best not above that
/// middle; `None` when no choice of the jokers keeps that order (a foul under either reading).
pub(crate) fn avoid_values(
    st: &Strength,
    eval: &Evaluator,
    h: &CopiesHand,
    [fi, mi, bi]: [usize; 3],
    strict: bool,
) -> Option<([u16; 3], [HandRank; 3])> {
    let sub = Subsets::get();
    let card = |i: u32| Card::from_any_code(h.codes[i as usize]).unwrap_or(Card::SMALL_JOKER);
    fn pick<const N: usize>(mut m: u16, card: impl Fn(u32) -> Card) -> [Card; N] {
        std::array::from_fn(|_| {
            let i = m.trailing_zeros();
            m &= m.wrapping_sub(1);
            card(i)
        })
    }
    let back = h.five_rank[bi];
    let (middle, om) = if legal_pair(h.five_rank[mi], back, strict) {
        (h.five_rank[mi], h.five_ord[mi])
    } else {
        let (played, _) = eval.eval5_jokers_at_most(&pick(sub.five[mi], card), back, strict)?;
        five_played(st, eval, &played)
    };
    let (front, of) = if Foul::check(h.three_rank[fi], middle, back, strict).front_over_middle {
        let (played, _) = eval.eval3_jokers_at_most(&pick(sub.three[fi], card), middle, strict)?;
        let o = st.three_from_sum(played.iter().map(|c| st.key(c.code())).sum());
        (st.three_rank[o as usize], o)
    } else {
        (h.three_rank[fi], h.three_ord[fi])
    };
    Some(([of, om, h.five_ord[bi]], [front, middle, back]))
}

/// Whether a middle of rank `m` may lie before a back of rank `b` (RULES.md §2, ranks only).
fn legal_pair(m: HandRank, b: HandRank, strict: bool) -> bool {
    !Foul::check(HandRank::default(), m, b, strict).middle_over_back
}

/// [`best`] by visiting every split in plain order (the reference the tests compare it with).
pub(crate) fn exhaustive(
    obj: &Objective,
    st: &Strength,
    h: &CopiesHand,
    strict: bool,
    avoid: Option<&Evaluator>,
) -> Split {
    let mut best = NONE;
    for_each_legal(obj, st, h, strict, avoid, |s, _| {
        if best.is_beaten_by(s.ev, s.back, s.middle) {
            best = s;
        }
    });
    best
}

/// The greedy baseline on exact ranks: the legal split with the strongest back, then middle,
/// then front (ranks only; the first such split in plain order). `ev` is 0 when one exists.
///
/// Backs are visited strongest rank first, a group of equal ranks at a time in plain order: a
/// legal split with a back of the group beats every split with a weaker back, so the first
/// group that has one holds the answer, which is what a scan of every split in plain order
/// finds ([`greedy_scan`], the reference the tests compare it with).
pub(crate) fn greedy(h: &CopiesHand, strict: bool) -> Split {
    let sub = Subsets::get();
    let mut backs: Vec<(u32, u16)> =
        (0..1287u16).map(|bi| (h.five_rank[bi as usize].ranks_only().value(), bi)).collect();
    // Strongest first; equal ranks in plain (index) order.
    backs.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut start = 0;
    while start < backs.len() {
        let rank = backs[start].0;
        let end = start + backs[start..].iter().take_while(|b| b.0 == rank).count();
        let mut best = NONE;
        let mut key = None;
        for &(_, bi) in &backs[start..end] {
            let bi = bi as usize;
            for &pair in sub.splits[bi].iter() {
                let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
                let (f, m, b) = (h.three_rank[fi], h.five_rank[mi], h.five_rank[bi]);
                if !legal(f, m, b, strict) {
                    continue;
                }
                let k = (m.ranks_only(), f.ranks_only());
                if key.map_or(true, |old| k > old) {
                    key = Some(k);
                    let ords = [h.three_ord[fi], h.five_ord[mi], h.five_ord[bi]];
                    best = Split {
                        front: sub.three[fi],
                        middle: sub.five[mi],
                        back: sub.five[bi],
                        ordinals: ords,
                        ev: 0.0,
                    };
                }
            }
        }
        if key.is_some() {
            return best;
        }
        start = end;
    }
    NONE
}

/// [`greedy`] by scanning every split in plain order.
#[cfg(test)]
fn greedy_scan(h: &CopiesHand, strict: bool) -> Split {
    let sub = Subsets::get();
    let mut best = NONE;
    let mut key = None;
    for (bi, &bmask) in sub.five.iter().enumerate() {
        for &pair in sub.splits[bi].iter() {
            let (mi, fi) = ((pair & 0xFFFF) as usize, (pair >> 16) as usize);
            let (f, m, b) = (h.three_rank[fi], h.five_rank[mi], h.five_rank[bi]);
            if !legal(f, m, b, strict) {
                continue;
            }
            let k = (b.ranks_only(), m.ranks_only(), f.ranks_only());
            if key.map_or(true, |old| k > old) {
                key = Some(k);
                let ords = [h.three_ord[fi], h.five_ord[mi], h.five_ord[bi]];
                best = Split { front: sub.three[fi], middle: sub.five[mi], back: bmask, ordinals: ords, ev: 0.0 };
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards_in, SuitSet};
    use crate::deal::Dealer;
    use crate::lanes::Lane;
    use crate::rules::Preset;
    use crate::{Arranger, Rules};

    /// A hand with jokers ranks every subset as the evaluator values it (RULES.md §12), at the
    /// ordinal of the strongest one-deck class at or below that value: one deck and two, one to
    /// six jokers, both wheels.
    #[test]
    fn joker_subsets_are_ranked_as_the_evaluator_values_them() {
        let mut seen = 0;
        for (i, (extra, jokers)) in [("", 1), ("", 2), ("", 4), ("sh", 6), ("dchs", 3)].into_iter().enumerate() {
            let mut rules = Rules::preset(if i % 2 == 0 { Preset::Classic } else { Preset::Hk });
            rules.extra_suits = extra.parse().unwrap();
            rules.jokers = jokers;
            let st = Strength::get(rules.wheel);
            let eval = Evaluator::new(&rules);
            let mut dealer = Dealer::from_seed(40 + i as u64);
            for _ in 0..30 {
                for hand in dealer.deal_for(&rules, 4).unwrap() {
                    if !hand.iter().any(|c| c.is_joker()) {
                        continue;
                    }
                    seen += 1;
                    let h = CopiesHand::new(st, &eval, &hand);
                    let sub = Subsets::get();
                    let card = |i: u32| Card::from_any_code(h.codes[i as usize]).unwrap();
                    let pick = |m: u16| (0..13).filter(|&i| m >> i & 1 == 1).map(card).collect::<Vec<_>>();
                    for (j, &m) in sub.five.iter().enumerate() {
                        let r = eval.eval5_jokers(&pick(m).try_into().unwrap()).1.ranks_only();
                        assert_eq!(h.five_rank[j], r, "{:?}", pick(m));
                        assert_eq!(h.five_ord[j], ordinal_at_or_below(&st.five_rank, r), "{:?}", pick(m));
                    }
                    for (j, &m) in sub.three.iter().enumerate() {
                        let r = eval.eval3_jokers(&pick(m).try_into().unwrap()).1.ranks_only();
                        assert_eq!(h.three_rank[j], r, "{:?}", pick(m));
                        assert_eq!(h.three_ord[j], ordinal_at_or_below(&st.three_rank, r), "{:?}", pick(m));
                    }
                }
            }
        }
        assert!(seen > 100, "{seen} hands with jokers");
    }

    /// The grouped greedy is the plain-order scan, split for split, on dealt hands with copies
    /// (two decks; strict and lenient order).
    #[test]
    fn greedy_by_back_groups_is_the_plain_scan() {
        let mut rules = Rules::preset(Preset::Classic);
        rules.extra_suits = SuitSet::ALL;
        let st = Strength::get(rules.wheel);
        let eval = Evaluator::new(&rules);
        let mut dealer = Dealer::from_seed(31);
        let mut seen = 0;
        while seen < 300 {
            for hand in dealer.deal_for(&rules, 8).unwrap() {
                if !super::super::has_copies(&hand) {
                    continue;
                }
                seen += 1;
                let h = CopiesHand::new(st, &eval, &hand);
                for strict in [false, true] {
                    let (a, b) = (greedy(&h, strict), greedy_scan(&h, strict));
                    assert_eq!((a.front, a.middle, a.back, a.ordinals), (b.front, b.middle, b.back, b.ordinals));
                }
            }
        }
    }

    /// A five of a kind in the middle or back is priced with its own lane water: the arranged
    /// split's expected water exceeds the objective at its ordinals (where five of a kind is
    /// the top straight flush) by exactly the straight flush's value scaled to the five of a
    /// kind's water. Priced as a straight flush, the difference would be zero.
    #[test]
    fn five_of_a_kind_is_priced_with_its_own_water() {
        for preset in [Preset::Classic, Preset::Kx, Preset::Ranked] {
            let rules = Rules { extra_suits: SuitSet::ALL, ..Rules::preset(preset) };
            let arranger = Arranger::new(&rules, 8).unwrap();
            let obj = arranger.objective();
            let st = Strength::get(rules.wheel);
            let top = st.five_rank.len() - 1;
            let [em, eb] = obj.five_kind_extra();
            for (lane, extra) in [(Lane::Middle, em), (Lane::Back, eb)] {
                let w = |c| super::super::model::lane_water(&rules, lane, c) as f64;
                let sf = obj.lane_values(lane)[top];
                assert!(sf > 0.0 && extra > 0.0, "{preset:?} {lane:?}: {sf} {extra}");
                let want = sf * (w(Category::FiveOfAKind) / w(Category::StraightFlush) - 1.0);
                assert!((extra - want).abs() < 1e-12, "{preset:?} {lane:?}: {extra} against {want}");
            }
            // One five of a kind (the back), then two (middle and back).
            for (hand, want) in
                [("9s 9s 9h 9d 9c Kd Qc 7h 6c 5d 4s 3h 2c", eb), ("9s 9s 9h 9d 9c Ks Ks Kh Kd Kc 3h 2c 4d", em + eb)]
            {
                let hand = parse_cards_in(hand, SuitSet::ALL).unwrap();
                let a = arranger.arrange(&hand).unwrap();
                let e = Evaluator::new(&rules);
                let arr = &a.arrangement;
                let ords = [
                    ordinal_at_or_below(&st.three_rank, e.eval3(&arr.front)),
                    ordinal_at_or_below(&st.five_rank, e.eval5(&arr.middle)),
                    ordinal_at_or_below(&st.five_rank, e.eval5(&arr.back)),
                ];
                let as_straight_flush = obj.ev(ords[0], ords[1], ords[2]);
                assert!((a.expected_water - as_straight_flush - want).abs() < 1e-9, "{preset:?} {arr}");
                assert!((arranger.expected_water(arr) - a.expected_water).abs() < 1e-9);
                assert_eq!(arranger.arrange_copies_exhaustive(&hand).unwrap(), a);
            }
            // More ranks of five or more, with straight flushes and paired flushes beside them.
            for hand in [
                "9s 9s 9h 9h 9d 9c 9c Ks Qs Js Ts 2d 3d",
                "As As Ah Ah Ad Ks Ks Kh Kh Kd Qc Qc Qd",
                "5h 5h 5s 5s 5d 6h 7h 8h 9h 9h Th Jh 2c",
                "2c 2c 2d 2d 2h 3c 3c 3d 3d 3h 4s 4s 4h",
            ] {
                let hand = parse_cards_in(hand, SuitSet::ALL).unwrap();
                for strict in [false, true] {
                    let rules = Rules { strict_order: strict, ..rules.clone() };
                    let arranger = Arranger::new(&rules, 8).unwrap();
                    let a = arranger.arrange(&hand).unwrap();
                    assert_eq!(arranger.arrange_copies_exhaustive(&hand).unwrap(), a, "{preset:?} {}", a.arrangement);
                }
            }
        }
    }
}
