//! Bot levels: how strongly an [`super::Arranger`] plays.
//!
//! [`Level::Best`] plays the legal arrangement with the highest expected water. A lower level
//! takes the best split of every combination of lane categories (the candidates a suggestion
//! list is made from) and draws one with Boltzmann weights `exp((ev − ev_best) / (T · n · r))`,
//! the temperature `T` set per level ([`Level::temperature`]) so that the levels lose about 1.0,
//! 0.4 and 0.1 water per hand heads-up against `Best` under classic (docs/arrange.md, "Bot
//! levels"), `n` the opponents the seat is settled against (the expected water is summed over
//! them, so per opponent a level weighs its options alike at every table size) and `r` 2 under
//! ranked scoring, 1 otherwise. Every
//! candidate is legal, so a level never fouls. The draw comes from a ChaCha20 stream keyed by
//! the arranger's seed, the level and the 13 sorted card codes: the same cards give the same
//! choice whatever their order, the order of calls or the thread.

use std::fmt;
use std::str::FromStr;

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

use crate::error::{Error, Result};
use crate::eval::Category;

use super::search::Split;

/// How strongly an arranger plays, weakest first.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Level {
    /// Often plays a clearly weaker arrangement (about −1.0 water per hand against `Best`
    /// heads-up, a little worse than the greedy "strongest five to the back").
    Beginner,
    /// Sound, with regular slips (about −0.4 against `Best`).
    Casual,
    /// Nearly the best, now and then a close second (about −0.1 against `Best`).
    Strong,
    /// The highest expected water every time (what [`super::Arranger::arrange`] always played).
    #[default]
    Best,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Best];

    /// The level's name as every binding writes it: `beginner`, `casual`, `strong` or `best`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Best => "best",
        }
    }

    /// The level's number on the C ABI and in the bindings: 0 (`Beginner`) to 3 (`Best`).
    pub const fn index(self) -> u32 {
        self as u32
    }

    /// The level of a number from [`Level::index`]; [`Error::InvalidArgument`] otherwise.
    pub fn from_index(i: u32) -> Result<Level> {
        Level::ALL.get(i as usize).copied().ok_or_else(|| {
            Error::InvalidArgument(format!("unknown level {i} (expected 0 beginner, 1 casual, 2 strong or 3 best)"))
        })
    }

    /// The temperature of the draw, in water per opponent (`None` for `Best`, which does not
    /// draw). The values are calibrated heads-up against `Best` by `sss-tournament play`
    /// (docs/arrange.md).
    pub const fn temperature(self) -> Option<f64> {
        match self {
            Level::Beginner => Some(BEGINNER_T),
            Level::Casual => Some(CASUAL_T),
            Level::Strong => Some(STRONG_T),
            Level::Best => None,
        }
    }
}

// Calibrated heads-up classic against Best (docs/arrange.md, "Bot levels").
const BEGINNER_T: f64 = 1.32;
const CASUAL_T: f64 = 0.53;
const STRONG_T: f64 = 0.26;

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = Error;
    /// `beginner`, `casual`, `strong` or `best` (ASCII case-insensitive, surrounding spaces
    /// ignored); anything else is [`Error::InvalidArgument`].
    fn from_str(s: &str) -> Result<Level> {
        Level::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "unknown level {:?} (expected beginner, casual, strong or best)",
                crate::error::short_name(s)
            ))
        })
    }
}

/// The random stream of one hand at one level: keyed by the seed (8 little-endian bytes), the
/// level's index and the 13 card codes sorted, so the cards' order does not matter.
fn stream(seed: u64, level: Level, codes: &[u8; 13]) -> ChaCha20Rng {
    let mut sorted = *codes;
    sorted.sort_unstable();
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8] = level.index() as u8;
    key[9..22].copy_from_slice(&sorted);
    ChaCha20Rng::from_seed(key)
}

/// How much water one unit of temperature is at a table: the opponents the seat is settled
/// against (its expected water sums over them), twice that under ranked scoring, whose rank
/// shares widen the gaps between a hand's options (calibrated: the same temperature strayed so
/// rarely there that ranked heads-up Strong was not separable from Best; docs/arrange.md).
pub(crate) fn scale(opponents: usize, ranked: bool) -> f64 {
    opponents.max(1) as f64 * if ranked { RANKED_SCALE } else { 1.0 }
}

const RANKED_SCALE: f64 = 2.0;

/// Draw one of the candidates (the best split of each category combination) for a level below
/// `Best`: weights `exp((ev − ev_best) / (T · scale))` over the candidates in a fixed order
/// (value, then categories), one uniform number from the hand's stream. `None` when there is no
/// candidate.
pub(crate) fn draw(
    level: Level,
    seed: u64,
    scale: f64,
    codes: &[u8; 13],
    mut groups: Vec<([Category; 3], Split)>,
) -> Option<Split> {
    let t = level.temperature()? * scale;
    // A fixed order, so the draw does not depend on the order the groups were found in.
    groups.sort_by(|a, b| b.1.ev.total_cmp(&a.1.ev).then(a.0.cmp(&b.0)));
    let top = groups.first()?.1.ev;
    let weights: Vec<f64> = groups.iter().map(|g| ((g.1.ev - top) / t).exp()).collect();
    let total: f64 = weights.iter().sum();
    // 53 random bits: a uniform number in [0, 1), scaled to the total weight.
    let u = (stream(seed, level, codes).next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    let mut acc = 0.0;
    for (g, w) in groups.iter().zip(&weights) {
        acc += w;
        if u < acc {
            return Some(g.1);
        }
    }
    // Rounding in the sum: the last candidate.
    groups.last().map(|g| g.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>().unwrap(), l);
            assert_eq!(format!("  {} ", l.name().to_ascii_uppercase()).parse::<Level>().unwrap(), l);
            assert_eq!(Level::from_index(l.index()).unwrap(), l);
        }
        assert_eq!(Level::default(), Level::Best);
        let e = "expert".parse::<Level>().unwrap_err();
        assert!(matches!(&e, Error::InvalidArgument(m) if m.contains("expert") && m.contains("casual")), "{e}");
        assert!(matches!(Level::from_index(4), Err(Error::InvalidArgument(_))));
        assert!(Level::Beginner < Level::Casual && Level::Strong < Level::Best);
    }

    #[test]
    fn temperatures_fall_with_strength() {
        let t: Vec<f64> = Level::ALL[..3].iter().map(|l| l.temperature().unwrap()).collect();
        assert!(t.windows(2).all(|w| w[0] > w[1]), "{t:?}");
        assert_eq!(Level::Best.temperature(), None);
    }
}
