//! The seat an objective prices: its role at the table (player or banker) and whom it pays.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};
use crate::rules::Table;

/// Which seat of a banker table (RULES.md §5a) an arrangement is for. At an all-pairs table
/// every seat plays every other, as [`Role::Player`] names.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Role {
    /// A seat settled against the banker only (at an all-pairs table: any seat).
    #[default]
    Player,
    /// The banker: settled against every other seat, and the only seat that can make a home
    /// run at a table of three or four.
    Banker,
}

impl Role {
    /// Both roles.
    pub const ALL: [Role; 2] = [Role::Player, Role::Banker];

    /// The role's name as every binding writes it: `player` or `banker`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Player => "player",
            Role::Banker => "banker",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Role {
    type Err = Error;
    /// `player` or `banker` (ASCII case-insensitive, surrounding spaces ignored); anything else
    /// is [`Error::InvalidArgument`].
    fn from_str(s: &str) -> Result<Role> {
        Role::ALL.into_iter().find(|r| r.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "unknown seat role {:?} (expected player or banker)",
                crate::error::short_name(s)
            ))
        })
    }
}

/// The seat an objective prices: who pays whom, and who can make a home run.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) struct Seat {
    /// Opponents my lanes are settled against.
    pub(super) opponents: usize,
    /// Whether I can make a home run (shoot every other seat): every seat at an all-pairs
    /// table, the banker, and a player only at a table of two.
    pub(super) home_run_mine: bool,
    /// Whether an opponent can make one on me: at an all-pairs table, and at a banker table
    /// for a player (the banker can); for the banker only at a table of two.
    pub(super) home_run_theirs: bool,
}

impl Seat {
    pub(super) fn of(table: Table, role: Role, players: usize) -> Seat {
        let all = players.saturating_sub(1).max(1);
        match (table, role) {
            (Table::Banker, Role::Player) => Seat { opponents: 1, home_run_mine: players == 2, home_run_theirs: true },
            (Table::Banker, Role::Banker) => {
                Seat { opponents: all, home_run_mine: true, home_run_theirs: players == 2 }
            }
            _ => Seat { opponents: all, home_run_mine: true, home_run_theirs: true },
        }
    }
}
