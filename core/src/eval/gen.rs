//! Generator of the evaluation tables in `tables.rs`.
//!
//! Kept apart from the hot path on purpose: this code classifies a multiset of ranks the slow,
//! obvious way (count, sort, look for straights) and then packs the results into the small
//! perfect-hash tables that `eval` reads. The test `tables_match_generator` regenerates the text
//! of `tables.rs` and fails if the committed file differs (`UPDATE_TABLES=1` rewrites it).
//!
//! Two key layouts live here. The evaluator's (`lookup_card_keys`, `pack`, `KEY_SHIFT`): the
//! rank-key sum in the top 19 bits of a `u64` and one suit nibble per suit in the low 16, hashed
//! into 8192 slots. The original one (`card_keys`, `displace`, `FLUSH_BASE`, `ROW_SHIFT`) is kept
//! unchanged because `arrange::strength` builds its own ordinal tables on it.

use super::{Category, HandRank};
use crate::rules::Wheel;

/// Per-rank keys whose sums are distinct for every multiset of at most 5 ranks, five of one rank
/// included (five of a kind, RULES.md §11; found by greedy search: each key is the smallest that
/// keeps all sums distinct; `rank_keys_are_the_greedy_minimum` repeats the search).
pub const RANK_KEYS: [u32; 13] = [0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545];

/// Most cards of one rank in five: five of a kind needs a doubled suit (§11).
pub const MAX_OF_A_RANK: u8 = 5;

/// Original layout: flush keys live above every rank-key sum (max 5·94545 = 472725 < 2^19).
pub const FLUSH_BASE: u32 = 1 << 19;
/// Original layout: row width of the displacement hash ([`displace`]), as a shift.
pub const ROW_SHIFT: u32 = 9;

/// Classify a multiset of ranks (given as counts per rank index) of 3 or 5 cards.
/// `flush` marks five cards of one suit (five distinct ranks, or with copies a pair or two pairs
/// among them, §11). Returns the rank with suit bits clear.
pub fn classify(counts: &[u8; 13], flush: bool, wheel: Wheel) -> HandRank {
    let n: u8 = counts.iter().sum();
    // Groups sorted by (count desc, rank desc): the tie-break order of §3.
    let mut groups: Vec<(u8, u8)> =
        (0..13u8).filter(|&r| counts[r as usize] > 0).map(|r| (counts[r as usize], r)).collect();
    groups.sort_by(|a, b| b.cmp(a));
    let mut nibbles: Vec<u8> = Vec::new();
    for &(c, r) in &groups {
        for _ in 0..c {
            nibbles.push(r);
        }
    }
    if n == 3 {
        let cat = match groups[0].0 {
            3 => Category::ThreeOfAKind,
            2 => Category::OnePair,
            _ => Category::HighCard,
        };
        return HandRank::pack(cat, [nibbles[0], nibbles[1], nibbles[2], 0, 0]);
    }
    assert_eq!(n, 5, "classify takes 3 or 5 cards");
    let distinct = groups.len() == 5;
    let mask: u16 = (0..13).filter(|&r| counts[r] > 0).fold(0, |m, r| m | 1 << r);
    // Straight top as a nibble: the top rank index, except under `second_highest`, where the
    // wheel becomes 13 and A-high 14 so that the wheel sits between K-high (11) and A-high.
    let straight_top: Option<u8> = if !distinct {
        None
    } else if mask == 0b1_0000_0000_1111 {
        Some(match wheel {
            Wheel::SecondHighest => 13,
            Wheel::Lowest => 3,
        })
    } else if mask >> mask.trailing_zeros() == 0b11111 {
        let top = mask.trailing_zeros() as u8 + 4;
        Some(if top == 12 && wheel == Wheel::SecondHighest { 14 } else { top })
    } else {
        None
    };
    let nib = |v: &[u8]| [v[0], v[1], v[2], v[3], v[4]];
    match (straight_top, flush) {
        (Some(t), true) => HandRank::pack(Category::StraightFlush, [t, 0, 0, 0, 0]),
        (Some(t), false) => HandRank::pack(Category::Straight, [t, 0, 0, 0, 0]),
        // A flush compares card by card from the highest down, pairs or not (§3, §11).
        (None, true) => {
            let mut cards = nibbles.clone();
            cards.sort_unstable_by(|a, b| b.cmp(a));
            HandRank::pack(Category::Flush, nib(&cards))
        }
        (None, false) => {
            let cat = match (groups[0].0, groups.get(1).map_or(0, |g| g.0)) {
                (5, _) => Category::FiveOfAKind,
                (4, _) => Category::FourOfAKind,
                (3, 2) => Category::FullHouse,
                (3, _) => Category::ThreeOfAKind,
                (2, 2) => Category::TwoPair,
                (2, _) => Category::OnePair,
                _ => Category::HighCard,
            };
            HandRank::pack(cat, nib(&nibbles))
        }
    }
}

/// Every multiset of `n` ranks with at most 4 of a rank, as counts (also the strength
/// ordinals' enumeration, `arrange::strength`: what one deck can hold).
pub(crate) fn multisets(n: u8) -> Vec<[u8; 13]> {
    multisets_upto(n, 4)
}

/// Every multiset of `n` ranks with at most `most` of a rank, as counts.
pub(crate) fn multisets_upto(n: u8, most: u8) -> Vec<[u8; 13]> {
    fn rec(r: usize, left: u8, most: u8, cur: &mut [u8; 13], out: &mut Vec<[u8; 13]>) {
        if r == 13 {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        for c in 0..=left.min(most) {
            cur[r] = c;
            rec(r + 1, left - c, most, cur, out);
        }
        cur[r] = 0;
    }
    let mut out = Vec::new();
    rec(0, n, most, &mut [0; 13], &mut out);
    out
}

/// The rank part of a hand's key: the sum of its ranks' keys.
pub(crate) fn rank_key(counts: &[u8; 13]) -> u32 {
    counts.iter().zip(RANK_KEYS).map(|(&c, k)| c as u32 * k).sum()
}

/// Original layout: a displacement-hashed table, `values[offsets[key >> ROW_SHIFT] + (key & row_mask)]`.
pub struct HashTable {
    pub offsets: Vec<u32>,
    pub values: Vec<u32>,
}

/// Pack `(key, value)` pairs: each row of `2^ROW_SHIFT` keys gets an offset so that its used
/// slots land on free slots; rows are placed fullest first. Both lengths are padded to powers
/// of two so the reader can mask instead of bounds-checking.
pub fn displace(entries: &[(u32, u32)]) -> HashTable {
    let row_mask = (1u32 << ROW_SHIFT) - 1;
    let rows = (entries.iter().map(|e| e.0).max().unwrap() >> ROW_SHIFT) as usize + 1;
    let mut by_row: Vec<Vec<(u32, u32)>> = vec![Vec::new(); rows];
    for &(k, v) in entries {
        by_row[(k >> ROW_SHIFT) as usize].push((k & row_mask, v));
    }
    let mut order: Vec<usize> = (0..rows).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(by_row[r].len()), r));
    let mut used: Vec<bool> = Vec::new();
    let mut values: Vec<u32> = Vec::new();
    let mut offsets = vec![0u32; rows];
    for r in order {
        if by_row[r].is_empty() {
            continue;
        }
        let mut off = 0usize;
        loop {
            if by_row[r].iter().all(|&(c, _)| !used.get(off + c as usize).copied().unwrap_or(false)) {
                break;
            }
            off += 1;
        }
        for &(c, v) in &by_row[r] {
            let i = off + c as usize;
            if i >= used.len() {
                used.resize(i + 1, false);
                values.resize(i + 1, 0);
            }
            used[i] = true;
            values[i] = v;
        }
        offsets[r] = off as u32;
    }
    // Empty rows point at offset 0: never read for a valid hand.
    values.resize((values.len() + row_mask as usize + 1).next_power_of_two(), 0);
    offsets.resize(offsets.len().next_power_of_two(), 0);
    HashTable { offsets, values }
}

/// Original layout: the per-card keys (rank key in bits 0..20, suit nibble at bit `32 + 4·suit`,
/// rank bit at `48 + rank`), so that a plain sum of five cards yields all three.
pub fn card_keys() -> Vec<u64> {
    (0..52u64)
        .map(|code| {
            let (r, s) = (code / 4, code % 4);
            RANK_KEYS[r as usize] as u64 | 1u64 << (32 + 4 * s) | 1u64 << (48 + r)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The evaluator's layout (what `tables.rs` holds).
// ---------------------------------------------------------------------------------------------

/// Bit position of the rank-key sum in an evaluator card key. The sum needs 19 bits, so it
/// fills bits 45..64 and `sum >> KEY_SHIFT` is the hash key without a mask.
pub const KEY_SHIFT: u32 = 45;
/// Row width of the evaluator's displacement hash, as a shift: `sum >> (KEY_SHIFT +
/// LOOKUP_ROW_SHIFT)` is the row, below [`OFFSETS_LEN`] for any `u64`, so it needs no mask.
pub const LOOKUP_ROW_SHIFT: u32 = 7;
/// Entries of an offsets table: one per possible row.
pub const OFFSETS_LEN: usize = 1 << (64 - KEY_SHIFT - LOOKUP_ROW_SHIFT);
/// Slots of a five-card value table (6188 rank multisets, five of a kind included; 32 KiB of `u32`).
pub const FIVE_SLOTS: usize = 8192;
/// Slots of the three-card value table (455 rank multisets).
pub const THREE_SLOTS: usize = 512;
/// Entries of the pair-key table: index `first | second << 8` for two codes below 64.
pub const PAIR_LEN: usize = 0x3F40;

/// The evaluator's per-card keys: the rank key at [`KEY_SHIFT`] and a 1 in the card's suit
/// nibble (bits `4·suit`). In a sum of five cards a nibble reaches 5 exactly for a flush, and
/// five cards never carry out of their nibbles, nor the rank keys out of 64 bits.
pub fn lookup_card_keys() -> Vec<u64> {
    (0..52u64).map(|code| (RANK_KEYS[(code / 4) as usize] as u64) << KEY_SHIFT | 1u64 << (4 * (code % 4))).collect()
}

/// The key sum of every pair of cards, indexed by the two codes as the bytes of a
/// little-endian `u16` masked to `0x3F3F` (so a hand's first two codes, read together, index it
/// directly). Entries for codes 52..63 are never read by valid cards.
pub const fn pair_keys(keys: &[u64; 52]) -> [u64; PAIR_LEN] {
    let mut out = [0u64; PAIR_LEN];
    let mut i = 0;
    while i < 52 {
        let mut j = 0;
        while j < 52 {
            out[i | j << 8] = keys[i] + keys[j];
            j += 1;
        }
        i += 1;
    }
    out
}

/// The card keys padded to 256 entries, so that any `u8` code indexes them without a check.
pub const fn padded_keys(keys: &[u64; 52]) -> [u64; 256] {
    let mut out = [0u64; 256];
    let mut i = 0;
    while i < 52 {
        out[i] = keys[i];
        i += 1;
    }
    out
}

/// A circular displacement hash: `values[(key + offsets[key >> LOOKUP_ROW_SHIFT]) % slots]`.
pub struct Packed {
    /// Per row, the row's displacement minus its first key, modulo `slots` (so the reader
    /// adds the whole key instead of masking out its column first).
    pub offsets: Vec<u16>,
    /// The values; unused slots hold 0.
    pub values: Vec<u32>,
}

/// Pack `(key, value)` pairs into `slots` (a power of two) values: rows fullest first, each at
/// the first rotation where its used columns land on free slots (wrapping around the end).
/// Panics if they do not fit, so a bad size is caught when the tables are made.
pub fn pack(entries: &[(u32, u32)], slots: usize) -> Packed {
    assert!(slots.is_power_of_two() && slots <= 1 << 16);
    let col_mask = (1u32 << LOOKUP_ROW_SHIFT) - 1;
    let mut by_row: Vec<Vec<(u32, u32)>> = vec![Vec::new(); OFFSETS_LEN];
    for &(k, v) in entries {
        assert!(u64::from(k) < 1 << (64 - KEY_SHIFT), "key {k} does not fit above KEY_SHIFT");
        by_row[(k >> LOOKUP_ROW_SHIFT) as usize].push((k & col_mask, v));
    }
    let mut order: Vec<usize> = (0..OFFSETS_LEN).filter(|&r| !by_row[r].is_empty()).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(by_row[r].len()), r));
    let mut used = vec![false; slots];
    let mut values = vec![0u32; slots];
    let mut offsets = vec![0u16; OFFSETS_LEN];
    for r in order {
        let fits = |off: usize| by_row[r].iter().all(|&(c, _)| !used[(off + c as usize) % slots]);
        let off = (0..slots).find(|&off| fits(off)).expect("the table is too small for its keys");
        for &(c, v) in &by_row[r] {
            used[(off + c as usize) % slots] = true;
            values[(off + c as usize) % slots] = v;
        }
        offsets[r] = ((off as i64 - ((r as i64) << LOOKUP_ROW_SHIFT)).rem_euclid(slots as i64)) as u16;
    }
    let packed = Packed { offsets, values };
    for &(k, v) in entries {
        assert_eq!(packed.read(k), v, "key {k} reads back");
    }
    packed
}

impl Packed {
    /// What the evaluator reads for a key (the reference for `eval`'s hot path).
    pub fn read(&self, key: u32) -> u32 {
        let off = self.offsets[(key >> LOOKUP_ROW_SHIFT) as usize] as u32;
        self.values[(key.wrapping_add(off) as usize) & (self.values.len() - 1)]
    }
}

/// Category steps from the same ranks without a flush: five distinct ranks of one suit are the
/// high card moved up to a flush, or the straight moved up to a straight flush, with the same
/// tie-break ranks. The evaluator's tables hold no flush keys; its rare flush path adds this.
pub const fn flush_step(plain: Category) -> u32 {
    match plain {
        Category::Straight => Category::StraightFlush as u32 - Category::Straight as u32,
        _ => Category::Flush as u32 - Category::HighCard as u32,
    }
}

/// The flush made by five cards of one suit whose ranks alone are `plain`. Five distinct ranks
/// take [`flush_step`]; with copies (§11) or jokers (§12) a suit may hold a pair, two pairs or
/// trips, and the hand is still a flush, compared card by card from the highest down: `plain`'s
/// nibbles (the groups, then the kickers) sorted from the highest rank. A full house, four and
/// five of a kind rank above a flush and stay what they are.
pub const fn flush_of(plain: HandRank) -> HandRank {
    match plain.category() {
        Category::OnePair | Category::TwoPair | Category::ThreeOfAKind => {
            let mut n = plain.nibbles();
            // Five nibbles: an insertion sort, high to low (const, and cold).
            let mut i = 1;
            while i < 5 {
                let mut j = i;
                while j > 0 && n[j - 1] < n[j] {
                    let t = n[j];
                    n[j] = n[j - 1];
                    n[j - 1] = t;
                    j -= 1;
                }
                i += 1;
            }
            HandRank::pack(Category::Flush, n)
        }
        Category::FullHouse | Category::FourOfAKind | Category::FiveOfAKind => plain,
        cat => HandRank(plain.value() + (flush_step(cat) << 22)),
    }
}

/// The five-card table for one wheel option: rank-key sums to packed ranks, five of a kind
/// included (no flushes; see [`flush_of`], checked here for every multiset of ranks one suit
/// of a two-deck table can hold: five distinct ranks, or a pair or two pairs among them).
pub fn five_card_table(wheel: Wheel) -> Packed {
    let mut entries = Vec::new();
    for counts in multisets_upto(5, MAX_OF_A_RANK) {
        let plain = classify(&counts, false, wheel);
        entries.push((rank_key(&counts), plain.value()));
        if counts.iter().all(|&c| c <= 2) {
            let flush = classify(&counts, true, wheel);
            assert_eq!(flush, flush_of(plain), "{counts:?}");
        }
    }
    pack(&entries, FIVE_SLOTS)
}

/// The three-card table (the wheel option does not apply to three cards).
pub fn three_card_table() -> Packed {
    let entries: Vec<(u32, u32)> =
        multisets(3).iter().map(|c| (rank_key(c), classify(c, false, Wheel::SecondHighest).value())).collect();
    pack(&entries, THREE_SLOTS)
}

fn write_array(out: &mut String, name: &str, ty: &str, len: &str, vals: &[u64]) {
    use std::fmt::Write;
    writeln!(out, "pub(super) static {name}: [{ty}; {len}] = [").unwrap();
    for chunk in vals.chunks(16) {
        let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    out.push_str("];\n\n");
}

/// The full text of `tables.rs`.
pub fn tables_source() -> String {
    let mut out = String::from(
        "// @generated by core/src/eval/gen.rs — do not edit.\n\
         // Regenerate with: UPDATE_TABLES=1 cargo test -p shisanshui tables_match_generator\n\n",
    );
    let u = |v: &[u32]| v.iter().map(|&x| x as u64).collect::<Vec<u64>>();
    let w = |v: &[u16]| v.iter().map(|&x| x as u64).collect::<Vec<u64>>();
    write_array(&mut out, "CARD_KEYS", "u64", "52", &lookup_card_keys());
    let hi = five_card_table(Wheel::SecondHighest);
    let lo = five_card_table(Wheel::Lowest);
    assert_eq!(hi.offsets, lo.offsets, "both wheel options share one key layout");
    write_array(&mut out, "FIVE_OFFSETS", "u16", "super::gen::OFFSETS_LEN", &w(&hi.offsets));
    write_array(&mut out, "FIVE_WHEEL_SECOND", "u32", "super::gen::FIVE_SLOTS", &u(&hi.values));
    write_array(&mut out, "FIVE_WHEEL_LOWEST", "u32", "super::gen::FIVE_SLOTS", &u(&lo.values));
    let three = three_card_table();
    write_array(&mut out, "THREE_OFFSETS", "u16", "super::gen::OFFSETS_LEN", &w(&three.offsets));
    write_array(&mut out, "THREE_VALUES", "u32", "super::gen::THREE_SLOTS", &u(&three.values));
    out
}
