//! The committed field models (made by `sss-train`) and their encoding: `model_tables.bin` holds
//! the one-deck tables, `model_tables_big.bin` the big tables of RULES.md §11,
//! `model_tables_jokers.bin` the tables of decks with wild jokers (RULES.md §12). All are built in
//! with the default `built-in-fields` feature; a build without it (the WebAssembly package, which
//! carries them compressed) hands them over with [`add_fields`] before its first arranger.
//!
//! Regenerate every table with (release build; about a minute per model on two cores). Training
//! plays card removal in its loop by default, as the default arranger does (`sss-train
//! --no-card-removal` trains without it); the one-deck tables are trained so:
//!
//! ```text
//! cargo run --release -p shisanshui-tools --bin sss-train -- \
//!     --out core/src/arrange/model_tables.bin --preset all --players 2,4 --deals 100000 --iterations 8
//! cargo run --release -p shisanshui-tools --bin sss-train -- \
//!     --out core/src/arrange/model_tables.bin --preset classic,regional,kx --players 3,4 --table banker
//! ```
//!
//! (the second: the banker tables whose roles are not priced as heads-up, both fields each), and
//! the big tables (RULES.md §11), 50,000 tables of four hands of the bigger deck per iteration:
//!
//! ```text
//! for t in "5 s" "6 sh" "8 dchs"; do set -- $t
//!   cargo run --release -p shisanshui-tools --bin sss-train -- --out core/src/arrange/model_tables_big.bin \
//!       --preset classic,regional,kx,ranked --players $1 --extra-suits $2 --deals 50000
//! done
//! for t in "5 s" "6 sh"; do set -- $t
//!   cargo run --release -p shisanshui-tools --bin sss-train -- --out core/src/arrange/model_tables_big.bin \
//!       --preset classic,regional,kx --players $1 --extra-suits $2 --deals 50000 --table banker
//! done
//! ```
//!
//! (a bigger deck's arranger has no card removal, so its fields are the same with it or without)
//! and the tables with two wild jokers (RULES.md §12), card removal in the loop as for one deck
//! (a hand without a joker plays it; one holding a joker does not):
//!
//! ```text
//! T=core/src/arrange/model_tables_jokers.bin
//! cargo run --release -p shisanshui-tools --bin sss-train -- --out $T --fresh \
//!     --preset classic,regional,kx,ranked --players 2,4 --jokers 2 --deals 100000
//! cargo run --release -p shisanshui-tools --bin sss-train -- --out $T \
//!     --preset classic --players 2 --jokers 2 --deals 100000 --iterations 12
//! cargo run --release -p shisanshui-tools --bin sss-train -- --out $T \
//!     --preset classic,regional,kx --players 4 --table banker --jokers 2 --deals 100000
//! cargo run --release -p shisanshui-tools --bin sss-train -- --out $T \
//!     --preset classic,regional,kx,ranked --players 6 --extra-suits sh --jokers 2 --deals 50000
//! ```
//!
//! (`sss-train` is in the unpublished `tools/` package; it writes only the file named by `--out`.)
//!
//! # Format (version 2, little-endian)
//!
//! `b"SSSF"`, version `u8` = 2, model count `u8`; per model: preset index `u8`
//! (`Preset::ALL` order), players `u8`, seat `u8` (low four bits: 0 an all-pairs table; 1 a
//! banker table, the field a player faces, i.e. the banker's hands; 2 a banker table, the
//! field the banker faces, i.e. the players' hands; high four bits: the deck's extra suits,
//! [`SuitSet::bits`], 0 for one deck, so a one-deck model's bytes are what they were before
//! big tables), grid `u8`, seed `u64`, deals `u32`, iterations `u8`, then
//! four arrays — front, middle and back distributions, copula — each as a varint length
//! followed by varints: `v << 1` for a value `v > 0`, `run << 1 | 1` for `run` zeros. The file
//! ends with the FNV-1a 64 hash of everything before it. Decoding checks all of it.
//!
//! Version 3 is version 2 with a jokers byte after each model's seat byte (the deck's wild
//! jokers, RULES.md §12). [`encode`] writes version 3 only for a table that holds a model with
//! jokers, so files without them are the version 2 bytes they were. Version 1 (the tables
//! before banker tables) is version 2 without the seat byte: every model in it is an all-pairs
//! one. All three decode.

use std::sync::{Mutex, OnceLock};

use crate::card::SuitSet;
use crate::deck::Deck;
use crate::error::Error;
use crate::rules::{Preset, Rules, Table};

use super::model::{FieldModel, Role, Training, GRID};

/// The committed bytes of the one-deck tables.
#[cfg(feature = "built-in-fields")]
static BYTES: &[u8] = include_bytes!("model_tables.bin");

/// The committed bytes of the big tables (RULES.md §11).
#[cfg(feature = "built-in-fields")]
static BIG_BYTES: &[u8] = include_bytes!("model_tables_big.bin");

/// The committed bytes of the tables of decks with wild jokers (RULES.md §12).
#[cfg(feature = "built-in-fields")]
static JOKER_BYTES: &[u8] = include_bytes!("model_tables_jokers.bin");

const MAGIC: &[u8; 4] = b"SSSF";
const VERSION: u8 = 2;
/// The version with a jokers byte per model, written for tables holding a model with jokers.
const VERSION_3: u8 = 3;
/// The version without the seat byte (all-pairs models only); still decoded.
const VERSION_1: u8 = 1;

/// The seat byte of a model (see the format above).
fn seat_byte(m: &FieldModel) -> u8 {
    let seat = match (m.table, m.role) {
        (Table::Banker, Role::Player) => 1,
        (Table::Banker, Role::Banker) => 2,
        _ => 0,
    };
    m.extra_suits.bits() << 4 | seat
}

/// FNV-1a, 64 bits.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3))
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn put_array(out: &mut Vec<u8>, values: &[u32]) {
    put_varint(out, values.len() as u64);
    let mut i = 0;
    while i < values.len() {
        if values[i] == 0 {
            let run = values[i..].iter().take_while(|&&v| v == 0).count();
            put_varint(out, (run as u64) << 1 | 1);
            i += run;
        } else {
            put_varint(out, (values[i] as u64) << 1);
            i += 1;
        }
    }
}

/// Encode field models in the committed format.
pub fn encode(models: &[FieldModel]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    let jokers = models.iter().any(|m| m.jokers > 0);
    out.push(if jokers { VERSION_3 } else { VERSION });
    out.push(models.len() as u8);
    for m in models {
        out.push(Preset::ALL.iter().position(|&p| p == m.preset).expect("a shipped preset") as u8);
        out.push(m.players);
        out.push(seat_byte(m));
        if jokers {
            out.push(m.jokers);
        }
        out.push(GRID as u8);
        out.extend_from_slice(&m.training.seed.to_le_bytes());
        out.extend_from_slice(&m.training.deals.to_le_bytes());
        out.push(m.training.iterations);
        for a in [&m.front, &m.middle, &m.back, &m.copula] {
            put_array(&mut out, a);
        }
    }
    let h = fnv1a(&out);
    out.extend_from_slice(&h.to_le_bytes());
    out
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let s = self.bytes.get(self.pos..self.pos + n).ok_or_else(|| format!("truncated at byte {}", self.pos))?;
        self.pos += n;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }
    fn varint(&mut self) -> Result<u64, String> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.u8()?;
            v |= ((b & 0x7F) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(format!("varint too long at byte {}", self.pos))
    }
    fn array(&mut self) -> Result<Vec<u32>, String> {
        let len = self.varint()? as usize;
        if len > 1 << 20 {
            return Err(format!("array of {len} entries"));
        }
        let mut out = Vec::with_capacity(len);
        while out.len() < len {
            let v = self.varint()?;
            if v & 1 == 1 {
                out.extend(std::iter::repeat(0).take((v >> 1) as usize));
            } else {
                out.push(u32::try_from(v >> 1).map_err(|_| "value out of range".to_string())?);
            }
        }
        if out.len() != len {
            return Err("zero run past the end of an array".into());
        }
        Ok(out)
    }
}

/// Decode and check field models.
pub fn decode(bytes: &[u8]) -> Result<Vec<FieldModel>, String> {
    if bytes.len() < 14 || &bytes[..4] != MAGIC {
        return Err("not a field-model table".into());
    }
    let (body, tail) = bytes.split_at(bytes.len() - 8);
    if fnv1a(body) != u64::from_le_bytes(tail.try_into().unwrap()) {
        return Err("checksum mismatch".into());
    }
    let mut r = Reader { bytes: body, pos: 4 };
    let version = r.u8()?;
    if ![VERSION_1, VERSION, VERSION_3].contains(&version) {
        return Err(format!("unknown version {version}"));
    }
    let count = r.u8()?;
    let mut models = Vec::new();
    for _ in 0..count {
        let preset = *Preset::ALL.get(r.u8()? as usize).ok_or("unknown preset")?;
        let players = r.u8()?;
        let seat = if version == VERSION_1 { 0 } else { r.u8()? };
        let (table, role) = match seat & 0xF {
            0 => (Table::AllPairs, Role::Player),
            1 => (Table::Banker, Role::Player),
            2 => (Table::Banker, Role::Banker),
            s => return Err(format!("unknown seat {s}")),
        };
        let extra_suits = SuitSet::from_bits(seat >> 4).expect("four bits are a suit set");
        let jokers = if version == VERSION_3 { r.u8()? } else { 0 };
        if jokers > crate::deck::MAX_JOKERS {
            return Err(format!("{jokers} jokers"));
        }
        if r.u8()? as usize != GRID {
            return Err("copula grid size differs from this build".into());
        }
        let seed = u64::from_le_bytes(r.take(8)?.try_into().unwrap());
        let deals = u32::from_le_bytes(r.take(4)?.try_into().unwrap());
        let iterations = r.u8()?;
        let m = FieldModel {
            preset,
            players,
            extra_suits,
            jokers,
            table,
            role,
            training: Training { seed, deals, iterations },
            front: r.array()?,
            middle: r.array()?,
            back: r.array()?,
            copula: r.array()?,
        };
        m.check()?;
        models.push(m);
    }
    if r.pos != body.len() {
        return Err("trailing bytes".into());
    }
    Ok(models)
}

static MODELS: OnceLock<Vec<FieldModel>> = OnceLock::new();

/// Models handed over by [`add_fields`] before the first arranger.
static ADDED: Mutex<Vec<FieldModel>> = Mutex::new(Vec::new());

/// Every committed field model (and those of [`add_fields`]).
pub fn committed() -> &'static [FieldModel] {
    MODELS.get_or_init(|| {
        let mut models = built_in();
        models.append(&mut ADDED.lock().unwrap_or_else(|p| p.into_inner()));
        models
    })
}

/// The models built into this build (none without the `built-in-fields` feature).
fn built_in() -> Vec<FieldModel> {
    #[cfg(feature = "built-in-fields")]
    return [
        (BYTES, "model_tables.bin"),
        (BIG_BYTES, "model_tables_big.bin"),
        (JOKER_BYTES, "model_tables_jokers.bin"),
    ]
    .into_iter()
    .flat_map(|(bytes, name)| decode(bytes).unwrap_or_else(|e| panic!("corrupt committed {name}: {e}")))
    .collect();
    #[cfg(not(feature = "built-in-fields"))]
    Vec::new()
}

/// Add field models (a file in the committed format, such as the committed tables for a build
/// without the `built-in-fields` feature) to those the arrangers choose from. Returns how many
/// it added. Only before the first arranger is made (the choice of field is made once);
/// errors: [`Error::InvalidArgument`] after that, for bytes that do not decode (naming why) and
/// for a model of a table the tables already have.
pub fn add_fields(bytes: &[u8]) -> Result<usize, Error> {
    let models = decode(bytes).map_err(|e| Error::InvalidArgument(format!("not a field-model table: {e}")))?;
    let mut added = ADDED.lock().unwrap_or_else(|p| p.into_inner());
    if MODELS.get().is_some() {
        return Err(Error::InvalidArgument(
            "field models are added before the first arranger is made (the arrangers' fields are already chosen)"
                .into(),
        ));
    }
    let builtin = built_in();
    let same = |a: &FieldModel, b: &FieldModel| {
        (a.preset, a.players, a.extra_suits, a.jokers, a.table, a.role)
            == (b.preset, b.players, b.extra_suits, b.jokers, b.table, b.role)
    };
    for (i, m) in models.iter().enumerate() {
        if builtin.iter().chain(added.iter()).chain(&models[..i]).any(|o| same(o, m)) {
            return Err(Error::InvalidArgument(format!(
                "the field of {} at {} seats (extra suits {:?}, {} jokers, {:?} table, {:?}) is there already",
                m.preset.name(),
                m.players,
                m.extra_suits.iter().map(|s| s.letter()).collect::<String>(),
                m.jokers,
                m.table,
                m.role
            )));
        }
    }
    let n = models.len();
    added.extend(models);
    Ok(n)
}

/// How far a model trained for a deck of `m` (its extra suits and jokers) at `m_players` seats
/// is from a table of `players` seats dealt from `deck`: an extra suit changes the hands
/// (copies, five of a kind) more than a seat changes how they are played, so it weighs three
/// seats; a joker weighs two (two jokers are as far as an extra suit and a seat).
fn distance(m: &FieldModel, deck: Deck, players: usize) -> usize {
    3 * m.extra_suits.len().abs_diff(deck.extra_suits().len())
        + 2 * (m.jokers as usize).abs_diff(deck.jokers() as usize)
        + (m.players as usize).abs_diff(players)
}

/// The committed model of (preset, table, role) nearest to a table of `players` seats dealt
/// from `deck` ([`nearest`]), if any.
fn own(preset: Preset, players: usize, deck: Deck, table: Table, role: Role) -> Option<&'static FieldModel> {
    nearest(committed(), preset, players, deck, table, role)
}

/// The model of `models` for (preset, table, role) nearest to a table of `players` seats dealt
/// from `deck`: the fewest seats, extra suits and jokers apart (an extra suit weighs three seats,
/// a joker two); of two equally near, the one of the bigger deck and table. The rule the
/// arrangers choose their committed fields by, for a list of one's own (a tournament's `--field`).
pub fn nearest(
    models: &[FieldModel],
    preset: Preset,
    players: usize,
    deck: Deck,
    table: Table,
    role: Role,
) -> Option<&FieldModel> {
    models
        .iter()
        .filter(|m| m.preset == preset && m.table == table && m.role == role)
        .min_by_key(|m| (distance(m, deck, players), std::cmp::Reverse((m.extra_suits.len(), m.jokers, m.players))))
}

/// Whether the tables hold an all-pairs field of this preset.
pub fn has_fields(preset: Preset) -> bool {
    committed().iter().any(|m| m.preset == preset && m.table == Table::AllPairs)
}

/// The committed all-pairs field of a preset at a one-deck table size, or the nearest table
/// size of that preset; for a preset without committed fields, that of the nearest preset
/// that has them ([`super::nearest_preset`]).
pub fn field(preset: Preset, players: usize) -> Option<&'static FieldModel> {
    field_in(preset, players, SuitSet::EMPTY)
}

/// [`field`] at a table whose deck adds `extra_suits` (RULES.md §11): the nearest committed
/// table by seats and extra suits.
pub fn field_in(preset: Preset, players: usize, extra_suits: SuitSet) -> Option<&'static FieldModel> {
    field_in_deck(preset, players, Deck::from(extra_suits))
}

/// [`field_in`] for a deck that may hold wild jokers too (RULES.md §12): the nearest committed
/// table by seats, extra suits and jokers.
pub fn field_in_deck(preset: Preset, players: usize, deck: Deck) -> Option<&'static FieldModel> {
    own(preset, players, deck, Table::AllPairs, Role::Player)
        .or_else(|| own(super::nearest_preset(&Rules::preset(preset)), players, deck, Table::AllPairs, Role::Player))
}

/// The committed field a seat plays against at a one-deck table ([`field_for_in`]).
pub fn field_for(preset: Preset, players: usize, table: Table, role: Role) -> Option<&'static FieldModel> {
    field_for_in(preset, players, SuitSet::EMPTY, table, role)
}

/// The committed field a seat plays against: at an all-pairs table (or a banker table of two,
/// the same game) [`field_in`]; at a banker table of three or more, the model trained for that
/// role nearest to the table. A one-deck banker table without a home run at its size whose
/// shots are priced as heads-up ([`banker_is_heads_up`]) needs none: both its fields are
/// exactly the heads-up field (the banker's objective is a player's times the players, a
/// player's is the heads-up one, and self-play from the same greedy start stays the same).
/// Otherwise, while a role has no model, a stand-in: for a player the all-pairs field at that
/// table (the banker, like an all-pairs seat, plays every other seat), for the banker the
/// heads-up field (each player plays one opponent) of that deck.
pub fn field_for_in(
    preset: Preset,
    players: usize,
    extra_suits: SuitSet,
    table: Table,
    role: Role,
) -> Option<&'static FieldModel> {
    field_for_deck(preset, players, Deck::from(extra_suits), table, role)
}

/// [`field_for_in`] for a deck that may hold wild jokers too (RULES.md §12).
pub fn field_for_deck(
    preset: Preset,
    players: usize,
    deck: Deck,
    table: Table,
    role: Role,
) -> Option<&'static FieldModel> {
    if table != Table::Banker || players <= 2 || banker_is_heads_up(&Rules::preset(preset), players) {
        return field_in_deck(preset, if table == Table::Banker { 2 } else { players }, deck);
    }
    own(preset, players, deck, Table::Banker, role).or_else(|| match role {
        Role::Banker => field_in_deck(preset, 2, deck),
        _ => field_in_deck(preset, players, deck),
    })
}

/// Whether a banker table of `players` seats under `rules` is priced, in either role, as a
/// heads-up table times the opponents: no home run at this size nor at two seats, and shots
/// active and paid alike at both sizes.
pub fn banker_is_heads_up(rules: &Rules, players: usize) -> bool {
    let sh = &rules.shooting;
    !rules.home_run_at(players)
        && !rules.home_run_at(2)
        && rules.shooting_at(players) == rules.shooting_at(2)
        && sh.bonus.at(players) == sh.bonus.at(2)
}
