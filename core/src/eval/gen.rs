//! Generator of the evaluation tables in `tables.rs`.
//!
//! Kept apart from the hot path on purpose: this code classifies a multiset of ranks the slow,
//! obvious way (count, sort, look for straights) and then packs the results into the small
//! perfect-hash tables that `eval` reads. The test `tables_match_generator` regenerates the text
//! of `tables.rs` and fails if the committed file differs (`UPDATE_TABLES=1` rewrites it).

use super::{Category, HandRank};
use crate::rules::Wheel;

/// Per-rank keys whose sums are distinct for every multiset of at most 5 ranks with at most 4
/// of each rank (found by greedy search: each key is the smallest that keeps all sums distinct).
pub const RANK_KEYS: [u32; 13] = [0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415];

/// Flush keys live above every rank-key sum (max 4·79415 + 43258 = 360918 < 2^19).
pub const FLUSH_BASE: u32 = 1 << 19;
/// Row width of the displacement hash, as a shift.
pub const ROW_SHIFT: u32 = 9;

/// Classify a multiset of ranks (given as counts per rank index) of 3 or 5 cards.
/// `flush` marks five distinct ranks of one suit. Returns the rank with suit bits clear.
pub fn classify(counts: &[u8; 13], flush: bool, wheel: Wheel) -> HandRank {
    let n: u8 = counts.iter().sum();
    // Groups sorted by (count desc, rank desc): the tie-break order of §3.
    let mut groups: Vec<(u8, u8)> = (0..13u8).filter(|&r| counts[r as usize] > 0).map(|r| (counts[r as usize], r)).collect();
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
        (None, true) => HandRank::pack(Category::Flush, nib(&nibbles)),
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

/// Every multiset of `n` ranks with at most 4 of a rank, as counts.
fn multisets(n: u8) -> Vec<[u8; 13]> {
    fn rec(r: usize, left: u8, cur: &mut [u8; 13], out: &mut Vec<[u8; 13]>) {
        if r == 13 {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        for c in 0..=left.min(4) {
            cur[r] = c;
            rec(r + 1, left - c, cur, out);
        }
        cur[r] = 0;
    }
    let mut out = Vec::new();
    rec(0, n, &mut [0; 13], &mut out);
    out
}

fn rank_key(counts: &[u8; 13]) -> u32 {
    counts.iter().zip(RANK_KEYS).map(|(&c, k)| c as u32 * k).sum()
}

/// A displacement-hashed table: `values[offsets[key >> ROW_SHIFT] + (key & row_mask)]`.
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

/// The five-card table for one wheel option: rank-key sums (no flush) and
/// `FLUSH_BASE + rank bits` (flush) to packed ranks.
pub fn five_card_table(wheel: Wheel) -> HashTable {
    let mut entries = Vec::new();
    for counts in multisets(5) {
        entries.push((rank_key(&counts), classify(&counts, false, wheel).value()));
        if counts.iter().all(|&c| c <= 1) {
            let bits: u32 = (0..13).filter(|&r| counts[r] == 1).fold(0, |m, r| m | 1 << r);
            entries.push((FLUSH_BASE + bits, classify(&counts, true, wheel).value()));
        }
    }
    displace(&entries)
}

/// The three-card table (the wheel option does not apply to three cards).
pub fn three_card_table() -> HashTable {
    let entries: Vec<(u32, u32)> = multisets(3)
        .iter()
        .map(|c| (rank_key(c), classify(c, false, Wheel::SecondHighest).value()))
        .collect();
    displace(&entries)
}

/// The per-card keys: rank key, suit nibble and rank bit packed so that a plain sum of five
/// cards yields all three (see `eval::CARD_KEYS`).
pub fn card_keys() -> Vec<u64> {
    (0..52u64)
        .map(|code| {
            let (r, s) = (code / 4, code % 4);
            RANK_KEYS[r as usize] as u64 | 1u64 << (32 + 4 * s) | 1u64 << (48 + r)
        })
        .collect()
}

fn write_array(out: &mut String, name: &str, ty: &str, vals: &[u64]) {
    use std::fmt::Write;
    let len = if name.starts_with("FIVE_WHEEL") { "FIVE_LEN".to_string() } else { vals.len().to_string() };
    writeln!(out, "pub(super) static {name}: [{ty}; {len}] = [").unwrap();
    for chunk in vals.chunks(12) {
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
    write_array(&mut out, "CARD_KEYS", "u64", &card_keys());
    let hi = five_card_table(Wheel::SecondHighest);
    let lo = five_card_table(Wheel::Lowest);
    assert_eq!(hi.offsets, lo.offsets, "both wheel options share one key layout");
    out.push_str(&format!("pub(super) const FIVE_LEN: usize = {};\n\n", hi.values.len()));
    write_array(&mut out, "FIVE_OFFSETS", "u32", &u(&hi.offsets));
    write_array(&mut out, "FIVE_WHEEL_SECOND", "u32", &u(&hi.values));
    write_array(&mut out, "FIVE_WHEEL_LOWEST", "u32", &u(&lo.values));
    let three = three_card_table();
    write_array(&mut out, "THREE_OFFSETS", "u32", &u(&three.offsets));
    write_array(&mut out, "THREE_VALUES", "u32", &u(&three.values));
    out
}
