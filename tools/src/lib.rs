//! The tools of the engine (not published): the `sss` command line ([`sss`]) and the shared
//! pieces of the developer tools `sss-train` and `sss-tournament`.

pub mod best_response;
pub mod card_removal;
pub mod sss;

use shisanshui::{Preset, SuitSet};

/// Exit code of a usage error (bad or missing argument), as clap itself uses.
pub const EXIT_USAGE: u8 = 2;

/// Exit code of a run that failed after its arguments were accepted (I/O, a bad model file).
pub const EXIT_FAILURE: u8 = 1;

/// `--preset`: `all` or a comma-separated list of preset names, in the order given.
pub fn parse_presets(s: &str) -> Result<Vec<Preset>, String> {
    if s == "all" {
        return Ok(Preset::ALL.to_vec());
    }
    let presets: Vec<Preset> =
        s.split(',').map(|p| p.trim().parse::<Preset>().map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
    if presets.is_empty() {
        return Err("no preset given".into());
    }
    Ok(presets)
}

/// `--players`: a comma-separated list of table sizes, each 2 to 8 (more than 4 need extra
/// suits, which the commands check against the deck).
pub fn parse_players(s: &str) -> Result<Vec<u8>, String> {
    s.split(',')
        .map(|p| match p.trim().parse::<u8>() {
            Ok(n @ 2..=8) => Ok(n),
            Ok(n) => Err(format!("{n} seats: a table has 2 to 8 players")),
            Err(e) => Err(format!("{p:?}: {e}")),
        })
        .collect()
}

/// A parsed `--preset` list (a newtype, so clap takes it as one value rather than many).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presets(pub Vec<Preset>);

/// A parsed `--players` list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Players(pub Vec<u8>);

/// clap value parser of `--preset`.
pub fn presets_arg(s: &str) -> Result<Presets, String> {
    parse_presets(s).map(Presets)
}

/// clap value parser of `--players`.
pub fn players_arg(s: &str) -> Result<Players, String> {
    parse_players(s).map(Players)
}

/// clap value parser of `--extra-suits`: suit letters (`s`, `sh`, `dchs`; RULES.md §11).
pub fn suits_arg(s: &str) -> Result<SuitSet, String> {
    s.parse::<SuitSet>().map_err(|e| e.to_string())
}

/// Whether each table size fits the deck of `extra_suits` (RULES.md §11: 4 seats and one more
/// a suit), as a usage error naming `--players` and both numbers.
pub fn check_seats(players: &[u8], extra_suits: SuitSet) -> Result<(), String> {
    let rules = shisanshui::Rules { extra_suits, ..Default::default() };
    for &p in players {
        rules.check_players(p as usize).map_err(|e| format!("--players: {e} (add suits with --extra-suits)"))?;
    }
    Ok(())
}

/// clap value parser of `--seed`: decimal, or hexadecimal after `0x`.
pub fn seed_arg(s: &str) -> Result<u64, String> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => s.parse::<u64>(),
    }
    .map_err(|e| format!("{s:?}: {e} (a seed is a u64, decimal or 0x hexadecimal)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_players_parse_or_say_why_not() {
        assert_eq!(parse_presets("all").unwrap(), Preset::ALL.to_vec());
        assert_eq!(parse_presets("kx,classic").unwrap(), vec![Preset::Kx, Preset::Classic]);
        assert!(parse_presets("kx,nope").is_err());
        assert!(parse_presets("").is_err());
        assert_eq!(parse_players("2,4").unwrap(), vec![2, 4]);
        assert!(parse_players("1").unwrap_err().contains("2 to 8"));
        assert_eq!(parse_players("5,8").unwrap(), vec![5, 8]);
        assert!(parse_players("9").is_err());
        assert_eq!(suits_arg("hs").unwrap().len(), 2);
        assert!(suits_arg("x").is_err());
        assert!(parse_players("two").is_err());
        assert_eq!(seed_arg("0x53535f415252414e").unwrap(), 0x5353_5f41_5252_414e);
        assert_eq!(seed_arg("42").unwrap(), 42);
        assert!(seed_arg("0xg").is_err());
        assert!(seed_arg("-1").is_err());
    }
}
