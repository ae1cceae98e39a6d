//! A report as JSON, and the state format that carries its exact tallies between processes
//! (feature `serde`).

use super::*;
use crate::error::{Error, Result};
use crate::eval::Category;
use crate::money::Stakes;
use crate::rules::Rules;
use crate::special::Special;

impl SimReport {
    /// As pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a SimReport always serialises")
    }

    /// The report's mergeable state as compact JSON: the configuration that must agree for a
    /// merge (rules, seats, seed, policies, specials, stakes, banker), the round range, and the
    /// exact tallies (counters and one `[value, count]` histogram per quantity, in units of
    /// 1/840 water or minor units). [`SimReport::from_state`] rebuilds an equal report, so a
    /// shard's report can cross processes (pickling, a cluster's workers).
    pub fn to_state(&self) -> String {
        use std::fmt::Write;
        let t = &self.state.tally;
        let k = &self.state.key;
        // Written directly (numbers, fixed names and the rules' own JSON), not through serde:
        // the library grows by little.
        let mut out = String::with_capacity(4096);
        let bins = |out: &mut String, e: &Exact| {
            out.push('[');
            for (i, (x, n)) in e.histogram.iter().enumerate() {
                let _ = write!(out, "{}[{x},{n}]", if i > 0 { "," } else { "" });
            }
            out.push(']');
        };
        let counts = |out: &mut String, a: &[u64; Special::ALL.len()]| {
            out.push('[');
            for (i, s) in Special::ALL.iter().filter(|s| a[**s as usize] > 0).enumerate() {
                let _ = write!(out, "{}[\"{}\",{}]", if i > 0 { "," } else { "" }, s.id(), a[*s as usize]);
            }
            out.push(']');
        };
        let opt = |v: Option<String>| v.unwrap_or_else(|| "null".into());
        // The rules' JSON without its indentation (JSON strings hold no raw line breaks).
        let rules: String = k.rules.to_json().lines().map(str::trim_start).collect();
        let policies: Vec<String> = k.policies.iter().map(|p| format!("\"{}\"", p.name())).collect();
        let stakes = k.stakes.as_ref().map(|st| {
            let carries = st.carries.as_ref().map(|c| format!("{c:?}").replace(' ', ""));
            format!(
                "{{\"base\":{},\"carries\":{},\"rake\":{{\"numerator\":{},\"denominator\":{}}}}}",
                st.base,
                opt(carries),
                st.rake.numerator,
                st.rake.denominator
            )
        });
        let _ = write!(
            out,
            "{{\"format\":\"{STATE_FORMAT}\",\"rules\":{rules},\"players\":{},\"seed\":{},\"policies\":[{}],\
             \"specials\":{},\"stakes\":{},\"banker\":{},\"first_round\":{},\"rounds\":{},\"made\":",
            k.players,
            k.seed,
            policies.join(","),
            k.specials,
            opt(stakes),
            opt(k.banker.map(|b| b.to_string())),
            self.first_round,
            t.rounds
        );
        counts(&mut out, &t.made);
        out.push_str(",\"declared\":");
        counts(&mut out, &t.declared);
        out.push_str(",\"lanes\":[");
        for (i, row) in t.lanes.iter().enumerate() {
            let _ = write!(out, "{}[{},{},{},{}]", if i > 0 { "," } else { "" }, row[0], row[1], row[2], row[3]);
        }
        out.push(']');
        let _ = write!(out, ",\"fouls\":{},\"shots\":{},\"home_runs\":{},\"seats\":[", t.fouls, t.shots, t.home_runs);
        for (i, e) in t.seats.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            bins(&mut out, e);
        }
        out.push_str("],\"swing\":");
        bins(&mut out, &t.swing);
        out.push_str(",\"money\":[");
        if k.stakes.is_some() {
            for (i, e) in t.money.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                bins(&mut out, e);
            }
        }
        out.push_str("],\"rake\":");
        bins(&mut out, &t.rake);
        out.push_str(",\"house\":");
        bins(&mut out, &t.house);
        out.push('}');
        out
    }

    /// The report whose [`SimReport::to_state`] is `state`, checked: the configuration as
    /// [`run`] checks it, the round range, every histogram (values strictly increasing, counts
    /// positive, one observation per round) and the sums it implies. Errors: the configuration's
    /// own ([`Error::InvalidRules`], [`Error::InvalidTable`], [`Error::InvalidMoney`]) and
    /// [`Error::InvalidArgument`] for anything else malformed. Memory is proportional to the
    /// text.
    pub fn from_state(state: &str) -> Result<SimReport> {
        use serde_json::Value;
        let bad = |m: String| Error::InvalidArgument(format!("not a simulation state: {m}"));
        let v: Value = serde_json::from_str(state).map_err(|e| bad(e.to_string()))?;
        let o = v.as_object().ok_or_else(|| bad("not a JSON object".into()))?;
        if let Some(k) = o.keys().find(|k| !STATE_FIELDS.contains(&k.as_str())) {
            return Err(bad(format!("unknown field {:?}", crate::error::short_name(k))));
        }
        let field = |name: &str| o.get(name).ok_or_else(|| bad(format!("missing field {name:?}")));
        let int = |name: &str| {
            field(name)?.as_u64().ok_or_else(|| bad(format!("{name} is not an integer from 0 to 2^64 - 1")))
        };
        let list = |name: &str| field(name)?.as_array().ok_or_else(|| bad(format!("{name} is not a list")));
        let bins_of = |v: &Value, name: &str| -> Result<Vec<(i64, u64)>> {
            let pair = |b: &Value| {
                let b = b.as_array().filter(|b| b.len() == 2)?;
                Some((b[0].as_i64()?, b[1].as_u64()?))
            };
            v.as_array()
                .ok_or_else(|| bad(format!("the {name} histogram is not a list")))?
                .iter()
                .map(|b| {
                    pair(b).ok_or_else(|| bad(format!("the {name} histogram holds a bin that is not [value, count]")))
                })
                .collect()
        };
        let counts_of = |name: &str| -> Result<Vec<(Special, u64)>> {
            list(name)?
                .iter()
                .map(|e| {
                    let e = e.as_array().filter(|e| e.len() == 2);
                    let special = e.and_then(|e| {
                        let id = e[0].as_str()?;
                        Special::ALL.into_iter().find(|s| s.id() == id)
                    });
                    match (special, e.and_then(|e| e[1].as_u64())) {
                        (Some(s), Some(n)) => Ok((s, n)),
                        _ => Err(bad(format!("{name} holds an entry that is not [special, count]"))),
                    }
                })
                .collect()
        };
        let format = field("format")?.as_str().unwrap_or_default();
        if format != STATE_FORMAT {
            return Err(bad(format!("format {:?}, expected {STATE_FORMAT:?}", crate::error::short_name(format))));
        }
        let rules = Rules::from_json_value(field("rules")?.clone())?;
        let players = usize::try_from(int("players")?).map_err(|_| bad("players out of range".into()))?;
        let (seed, first_round, rounds) = (int("seed")?, int("first_round")?, int("rounds")?);
        if rounds == 0 {
            return Err(bad("0 rounds".into()));
        }
        if first_round.checked_add(rounds).is_none() {
            return Err(bad(format!("rounds {rounds} from {first_round} end past {}", u64::MAX)));
        }
        let mut config = SimConfig::new(rules, players, 1, seed);
        config.first_round = first_round;
        config.policies = list("policies")?
            .iter()
            .map(|p| {
                let name = p.as_str().unwrap_or_default();
                Policy::ALL.into_iter().find(|q| q.name() == name).ok_or_else(|| bad(format!("unknown policy {p}")))
            })
            .collect::<Result<_>>()?;
        config.specials = field("specials")?.as_bool().ok_or_else(|| bad("specials is not true or false".into()))?;
        config.stakes = match field("stakes")? {
            Value::Null => None,
            st => Some(stakes_of(st).ok_or_else(|| bad(format!("stakes {st} are not {{base, carries, rake}}")))?),
        };
        config.banker = match field("banker")? {
            Value::Null => None,
            b => Some(
                b.as_u64().and_then(|b| usize::try_from(b).ok()).ok_or_else(|| bad("banker out of range".into()))?,
            ),
        };
        let (policies, _, banker) = checked(&config)?;
        if config.policies.len() != players {
            return Err(bad(format!("{} policies for {players} seats", config.policies.len())));
        }
        let hist = |bins: &[(i64, u64)], what: &str| -> Result<Exact> {
            let e = Exact::from_bins(bins).ok_or_else(|| {
                bad(format!("the {what} histogram is not increasing values with positive counts, or too large"))
            })?;
            if e.count != rounds {
                return Err(bad(format!("the {what} histogram counts {} rounds, not {rounds}", e.count)));
            }
            Ok(e)
        };
        let seats = list("seats")?;
        if seats.len() != players {
            return Err(bad(format!("{} seat histograms for {players} seats", seats.len())));
        }
        let mut tally = Tally::new(players);
        tally.rounds = rounds;
        for (i, bins) in seats.iter().enumerate() {
            tally.seats[i] = hist(&bins_of(bins, "seat")?, "seat")?;
        }
        tally.swing = hist(&bins_of(field("swing")?, "swing")?, "swing")?;
        let money = list("money")?;
        let (rake, house) = (bins_of(field("rake")?, "rake")?, bins_of(field("house")?, "house")?);
        if config.stakes.is_some() {
            if money.len() != players {
                return Err(bad(format!("{} money histograms for {players} seats", money.len())));
            }
            for (i, bins) in money.iter().enumerate() {
                tally.money[i] = hist(&bins_of(bins, "money")?, "money")?;
            }
            tally.rake = hist(&rake, "rake")?;
            tally.house = hist(&house, "house")?;
        } else if !money.is_empty() || !rake.is_empty() || !house.is_empty() {
            return Err(bad("money histograms without stakes".into()));
        }
        let hands = rounds.checked_mul(players as u64).ok_or_else(|| bad("too many hands".into()))?;
        for (name, into) in [("made", &mut tally.made), ("declared", &mut tally.declared)] {
            for (special, n) in counts_of(name)? {
                let slot = &mut into[special as usize];
                if *slot != 0 || n > hands {
                    return Err(bad(format!("special {special:?} counted twice or more often than hands")));
                }
                *slot = n;
            }
        }
        let lanes = list("lanes")?;
        if lanes.len() != Category::ALL.len() {
            return Err(bad(format!("{} lane rows for {} categories", lanes.len(), Category::ALL.len())));
        }
        for (row, into) in lanes.iter().zip(tally.lanes.iter_mut()) {
            let row: Option<Vec<u64>> =
                row.as_array().filter(|r| r.len() == 4).and_then(|r| r.iter().map(|n| n.as_u64()).collect());
            match row {
                Some(row) if row.iter().all(|&n| n <= hands) => into.copy_from_slice(&row),
                _ => {
                    return Err(bad(
                        "lanes holds a row that is not [front, middle, back, hands], each at most the hands".into(),
                    ))
                }
            }
        }
        (tally.fouls, tally.shots, tally.home_runs) = (int("fouls")?, int("shots")?, int("home_runs")?);
        let key = Key {
            rules: config.rules,
            players,
            seed,
            policies,
            specials: config.specials,
            stakes: config.stakes,
            banker,
        };
        Ok(tally.report(key, first_round))
    }
}

/// The name and version of [`SimReport::to_state`]'s format.
pub(super) const STATE_FORMAT: &str = "shisanshui-sim-state/2";

/// The stakes of a state: `{"base", "carries" (a list or null), "rake": {"numerator",
/// "denominator"}}`, ranges unchecked (the run's own check follows).
pub(super) fn stakes_of(v: &serde_json::Value) -> Option<Stakes> {
    let o = v.as_object().filter(|o| o.len() == 3)?;
    let rake = o.get("rake")?.as_object().filter(|r| r.len() == 2)?;
    let carries = match o.get("carries")? {
        serde_json::Value::Null => None,
        c => Some(c.as_array()?.iter().map(|c| c.as_i64()).collect::<Option<Vec<i64>>>()?),
    };
    Some(Stakes {
        base: o.get("base")?.as_i64()?,
        carries,
        rake: crate::money::Rake {
            numerator: rake.get("numerator")?.as_i64()?,
            denominator: rake.get("denominator")?.as_i64()?,
        },
    })
}

/// The fields of [`SimReport::to_state`]'s JSON object, all required.
pub(super) const STATE_FIELDS: [&str; 21] = [
    "format",
    "rules",
    "players",
    "seed",
    "policies",
    "specials",
    "stakes",
    "banker",
    "first_round",
    "rounds",
    "made",
    "declared",
    "lanes",
    "fouls",
    "shots",
    "home_runs",
    "seats",
    "swing",
    "money",
    "rake",
    "house",
];
