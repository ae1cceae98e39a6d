//! The learned part: a field model, what the opponents' lanes look like at one table.

use crate::card::SuitSet;
use crate::lanes::Lane;
use crate::rules::{Preset, Table};

use super::*;

/// How a field model was trained (recorded with the tables so that they can be regenerated).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Training {
    /// Seed of the deals (the `deal` module's ChaCha20 stream).
    pub seed: u64,
    /// Tables of four hands dealt per self-play iteration.
    pub deals: u32,
    /// Self-play iterations after the greedy start.
    pub iterations: u8,
}

/// The learned opponent field of one preset at one table size.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FieldModel {
    /// The preset the field was trained under.
    pub preset: Preset,
    /// Seats at the table it was trained for (2 to 8).
    pub players: u8,
    /// The suits its deck held twice (RULES.md §11; empty: one deck). A field of a bigger deck
    /// holds the lanes of hands with copies at the ordinal of the strongest one-deck class at
    /// or below them (`copies.rs`).
    pub extra_suits: SuitSet,
    /// The wild jokers its deck held (RULES.md §12; 0 for none). A field of a deck with jokers
    /// holds the lanes of joker hands as they are played, at the one-deck ordinal at or below
    /// them, as for copies.
    pub jokers: u8,
    /// The table it was trained at: all pairs, or a banker table.
    pub table: Table,
    /// At a banker table, the seat that plays against this field: a player's field is the
    /// banker's hands, the banker's is the players' hands ([`Role::Player`] at all pairs).
    pub role: Role,
    /// How it was trained.
    pub training: Training,
    /// Distribution of the opponent's front ordinal (`THREE_CLASSES` entries summing to `SCALE`).
    pub front: Vec<u32>,
    /// Distribution of the middle ordinal (`FIVE_CLASSES` entries summing to `SCALE`).
    pub middle: Vec<u32>,
    /// Distribution of the back ordinal.
    pub back: Vec<u32>,
    /// Copula histogram: cell `(i, j, k)` at `(i * GRID + j) * GRID + k` holds the share of
    /// opponents whose front, middle and back mid-percentiles fall in cells `i`, `j`, `k`.
    pub copula: Vec<u32>,
}

impl FieldModel {
    /// The distribution of one lane.
    pub fn lane(&self, lane: Lane) -> &[u32] {
        match lane {
            Lane::Front => &self.front,
            Lane::Middle => &self.middle,
            _ => &self.back,
        }
    }

    /// Check shapes and sums (used on decoding and in tests).
    pub fn check(&self) -> std::result::Result<(), String> {
        if self.table != Table::Banker && self.role != Role::Player {
            return Err(format!("a {} field for the {} seat: only a banker table has one", self.table, self.role));
        }
        let sizes = [(THREE_CLASSES, &self.front), (FIVE_CLASSES, &self.middle), (FIVE_CLASSES, &self.back)];
        for (lane, (n, v)) in ["front", "middle", "back"].iter().zip(sizes) {
            if v.len() != n {
                return Err(format!("{lane}: {} entries, expected {n}", v.len()));
            }
            let sum: u64 = v.iter().map(|&x| x as u64).sum();
            if sum != SCALE as u64 {
                return Err(format!("{lane}: sums to {sum}, expected {SCALE}"));
            }
        }
        if self.copula.len() != GRID * GRID * GRID {
            return Err(format!("copula: {} cells, expected {}", self.copula.len(), GRID * GRID * GRID));
        }
        let sum: u64 = self.copula.iter().map(|&x| x as u64).sum();
        if sum != SCALE as u64 {
            return Err(format!("copula: sums to {sum}, expected {SCALE}"));
        }
        Ok(())
    }
}
