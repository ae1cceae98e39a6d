//! `settle` (a round given as JSON) and `deal`.
//!
//! # The round JSON format
//!
//! ```json
//! {
//!   "rules": "kx",
//!   "seats": [
//!     "2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s",
//!     {"lanes": "Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h"},
//!     {"special": "SP", "cards": "2c 2s 4d 4h 6c 6h 9d 9s Jc Jd Kc Ks Ah"}
//!   ],
//!   "money": {"base": 100, "carries": [5000, 5000, 5000], "rake": "5%"}
//! }
//! ```
//!
//! - `seats` (required, 2 to 4 with one deck, one more per extra suit, up to 8): each seat is an arrangement `"front / middle / back"` (a
//!   string, or `{"lanes": ...}`), or a declared special `{"special": ID, "cards": CARDS}` with
//!   the id (`"SP"`), English or Chinese name of the special. Cards are a string or a list of
//!   card strings; `SJ`/`BJ` (`小王`/`大王`) are jokers where the rules deal them (RULES.md §12).
//! - `rules` (optional): a preset name, or a rules object: a whole rule set as `sss rules`
//!   prints it, or only the fields to change from the command line's `--preset`/`--rules`
//!   (default classic). Without it the command line's rules apply.
//! - `banker` (optional): the banker's seat (0-based) when the rules are in banker mode
//!   (`"table": "banker"`, RULES.md §5a); `sss --banker N settle` gives it too. One of the two
//!   must name it: a given round's banker is not guessed.
//! - `money` (optional): `base` (minor units per water point), `carries` (one per seat, or
//!   null for none), `rake` (a whole percent `5`, `"5%"`, a fraction `"1/20"` or
//!   `{"numerator": 1, "denominator": 20}`; default none).
//!
//! Unknown fields are errors, named by their JSON path.

use std::fmt::Write;

use clap::Args;
use serde_json::{json, Map, Value};
use shisanshui::money::{settle_money, MoneyResult, Rake, Stakes};
use shisanshui::settle::{PairKind, SeatResult, Settlement};
use shisanshui::simulate::round_deal_for;
use shisanshui::{
    format_cards, parse_cards_in, Arrangement, Card, Deck, Error, Lane, PlayerHand, Rules, Special, SuitSet, Water,
};

use super::hand::{jokers_json, stands_for_text};
use super::{check_players, read_source, to_json, CliError, CliResult, Lang, Output, TableArgs};

/// The banker's seat is the table option `--banker SEAT` (or the round JSON's "banker").
#[derive(Args, Debug)]
#[command(after_long_help = ROUND_FORMAT)]
pub struct SettleArgs {
    /// The round: a JSON file, `-` for standard input, or the JSON itself when it starts with `{`.
    #[arg(value_name = "ROUND.json", default_value = "-")]
    pub round: String,
}

/// The format, for `sss settle --help`.
pub const ROUND_FORMAT: &str = r#"Round JSON:
  {
    "rules": "kx",                                        (optional: a preset name, or a rules
                                                           object: whole, or changes to --preset)
    "seats": [                                            (2 to 4 seats with one deck,
                                                           up to 8 with extra suits)
      "2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s",       (lanes: front / middle / back)
      {"lanes": "Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h"},
      {"special": "SP", "cards": "2c 2s 4d 4h 6c 6h 9d 9s Jc Jd Kc Ks Ah"}
    ],                                                    (a declared special: id and 13 cards)
    "money": {"base": 100, "carries": [5000, 5000, 5000], "rake": "5%"}
  }                                                       (money optional; rake 5, "5%", "1/20",
                                                           or {"numerator": 1, "denominator": 20})
  A banker room (rules with "table": "banker") also names its banker seat, 0-based:
    "banker": 0                                           (or sss settle --banker 0)
  Jokers SJ and BJ (小王, 大王) stand in the cards where the rules deal them:
    "rules": {"jokers": 2}                                (or sss --jokers 2 settle)"#;

#[derive(Args, Debug)]
pub struct DealArgs {
    /// Seed of the deal (decimal or 0x hexadecimal); without one the deal is from the
    /// operating system's randomness.
    #[arg(long, value_name = "S", value_parser = crate::seed_arg)]
    pub seed: Option<u64>,

    /// Deal round I of `sss simulate --seed S` instead (needs --seed).
    #[arg(long, value_name = "I", requires = "seed")]
    pub round: Option<u64>,
}

/// A parsed round.
pub struct Round {
    pub rules: Rules,
    pub hands: Vec<PlayerHand>,
    pub stakes: Option<Stakes>,
    /// The banker's seat of a banker-mode round.
    pub banker: Option<usize>,
}

fn bad(path: &str, message: impl std::fmt::Display) -> CliError {
    CliError::Input { kind: "invalid_round", message: format!("round JSON at `{path}`: {message}") }
}

fn only_fields(obj: &Map<String, Value>, path: &str, allowed: &[&str]) -> CliResult<()> {
    for key in obj.keys() {
        if !allowed.contains(&key.as_str()) {
            let at = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
            let short: String = at.chars().take(64).collect();
            return Err(bad(&short, format!("unknown field (expected one of: {})", allowed.join(", "))));
        }
    }
    Ok(())
}

/// What a seat's cards are read against: up to two copies of a card (the most any deck holds,
/// RULES.md §11) and the round's jokers (§12). The settlement checks the table's copies against
/// the rule set's own deck.
fn seat_deck(rules: &Rules) -> Deck {
    Deck::new(SuitSet::ALL, rules.jokers).unwrap_or_else(|_| rules.deck_spec())
}

/// Cards as a string (lane separators `/` allowed) or a list of card strings.
fn cards_at(v: &Value, path: &str, deck: Deck) -> CliResult<Vec<Card>> {
    let text = match v {
        Value::String(s) => s.replace(['/', '|'], " "),
        Value::Array(items) => {
            let mut words = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                match item {
                    Value::String(s) => words.push(s.as_str()),
                    _ => return Err(bad(&format!("{path}[{i}]"), "a card is a string such as \"As\"")),
                }
            }
            words.join(" ")
        }
        _ => return Err(bad(path, "cards are a string or a list of card strings")),
    };
    parse_cards_in(&text, deck).map_err(|e| CliError::engine(format!("round JSON at `{path}`"), e))
}

fn lanes_at(v: &Value, path: &str, deck: Deck) -> CliResult<PlayerHand> {
    let Value::String(s) = v else {
        return Err(bad(path, "lanes are a string \"front / middle / back\""));
    };
    let a = Arrangement::parse_in(s, deck).map_err(|e| CliError::engine(format!("round JSON at `{path}`"), e))?;
    Ok(PlayerHand::Arranged(a))
}

fn seat_at(v: &Value, path: &str, deck: Deck) -> CliResult<PlayerHand> {
    match v {
        Value::String(_) => lanes_at(v, path, deck),
        Value::Object(o) if o.contains_key("lanes") => {
            only_fields(o, path, &["lanes"])?;
            lanes_at(&o["lanes"], &format!("{path}.lanes"), deck)
        }
        Value::Object(o) if o.contains_key("special") => {
            only_fields(o, path, &["special", "cards"])?;
            let Value::String(name) = &o["special"] else {
                return Err(bad(&format!("{path}.special"), "a special is named by its id, e.g. \"SP\""));
            };
            let special: Special =
                name.parse().map_err(|e| CliError::engine(format!("round JSON at `{path}.special`"), e))?;
            let cards = o.get("cards").ok_or_else(|| bad(path, "a declared special needs its 13 \"cards\""))?;
            let cards = cards_at(cards, &format!("{path}.cards"), deck)?;
            PlayerHand::special_in(special, &cards, deck)
                .map_err(|e| CliError::engine(format!("round JSON at `{path}.cards`"), e))
        }
        _ => Err(bad(
            path,
            "a seat is an arrangement \"front / middle / back\", {\"lanes\": ...} or {\"special\": ID, \"cards\": CARDS}",
        )),
    }
}

/// The round-JSON way to deal `card` twice: the rules' `extra_suits` with its suit added, or
/// enough `jokers`.
fn repeat_in_round(rules: &Rules, card: Card) -> String {
    if card.is_joker() {
        let n = if card == Card::SMALL_JOKER { 3 } else { 4 };
        return format!("\"rules\": {{\"jokers\": {}}}", n.max(rules.jokers + 1));
    }
    let suits: String = rules.extra_suits.iter().map(|s| s.letter()).chain([card.suit().letter()]).collect();
    let set: SuitSet = suits.parse().unwrap_or(rules.extra_suits);
    let letters: Vec<String> = set.iter().map(|s| format!("\"{}\"", s.letter())).collect();
    format!("\"rules\": {{\"extra_suits\": [{}]}}", letters.join(", "))
}

/// A rake: a whole percent (`5`), `"5%"`, `"N/D"` or `{"numerator": N, "denominator": D}`.
pub fn parse_rake(s: &str) -> Result<Rake, String> {
    let t = s.trim();
    let int = |x: &str| x.trim().parse::<i64>().map_err(|_| format!("{t:?} is not a rake (e.g. 5, 5% or 1/20)"));
    let rake = if let Some((n, d)) = t.split_once('/') {
        Rake { numerator: int(n)?, denominator: int(d)? }
    } else {
        Rake::percent(int(t.strip_suffix('%').unwrap_or(t))?)
    };
    Ok(rake)
}

fn money_at(v: &Value, players: usize) -> CliResult<Stakes> {
    let Value::Object(o) = v else { return Err(bad("money", "money is an object {\"base\", \"carries\", \"rake\"}")) };
    only_fields(o, "money", &["base", "carries", "rake"])?;
    let base = match o.get("base") {
        Some(Value::Number(n)) if n.as_i64().is_some() => n.as_i64().unwrap_or_default(),
        Some(_) => return Err(bad("money.base", "the base is a whole number of minor units")),
        None => return Err(bad("money", "missing field base")),
    };
    let carries = match o.get("carries") {
        None | Some(Value::Null) => None,
        Some(Value::Array(items)) => {
            if items.len() > players {
                return Err(CliError::engine(
                    "round JSON at `money.carries`",
                    Error::InvalidMoney(format!("{} carries for {players} seats", items.len())),
                ));
            }
            let mut out = Vec::new();
            for (i, c) in items.iter().enumerate() {
                out.push(c.as_i64().ok_or_else(|| bad(&format!("money.carries[{i}]"), "a carry is a whole number"))?);
            }
            Some(out)
        }
        Some(_) => return Err(bad("money.carries", "carries are a list, one per seat, or null")),
    };
    let rake = match o.get("rake") {
        None | Some(Value::Null) => Rake::NONE,
        Some(Value::Number(n)) => {
            Rake::percent(n.as_i64().ok_or_else(|| bad("money.rake", "a rake as a number is a whole percent"))?)
        }
        Some(Value::String(s)) => parse_rake(s).map_err(|e| bad("money.rake", e))?,
        Some(Value::Object(r)) => {
            only_fields(r, "money.rake", &["numerator", "denominator"])?;
            let part = |k: &str| {
                r.get(k)
                    .and_then(Value::as_i64)
                    .ok_or_else(|| bad(&format!("money.rake.{k}"), "a whole number is needed"))
            };
            Rake { numerator: part("numerator")?, denominator: part("denominator")? }
        }
        Some(_) => return Err(bad("money.rake", "a rake is 5, \"5%\", \"1/20\" or {\"numerator\", \"denominator\"}")),
    };
    Ok(Stakes { base, carries, rake })
}

/// Parse a round JSON text; `base` is the command line's rule set.
pub fn parse_round(text: &str, base: &Rules) -> CliResult<Round> {
    let v: Value = serde_json::from_str(text).map_err(|e| {
        let mut m = e.to_string();
        m.truncate(200);
        CliError::Input { kind: "invalid_round", message: format!("round JSON: {m}") }
    })?;
    let Value::Object(o) = &v else { return Err(bad("", "a round is a JSON object with \"seats\"")) };
    only_fields(o, "", &["rules", "seats", "money", "banker"])?;
    let rules = match o.get("rules") {
        None | Some(Value::Null) => base.clone(),
        Some(Value::String(name)) => {
            Rules::from_preset_name(name).map_err(|e| CliError::engine("round JSON at `rules`", e))?
        }
        // A rules object naming its "preset" starts from it; without one it changes `base`.
        Some(r @ Value::Object(o)) if o.contains_key("preset") => {
            Rules::from_json(&r.to_string()).map_err(|e| CliError::engine("round JSON at `rules`", e))?
        }
        Some(r @ Value::Object(_)) => {
            base.with_json_changes(&r.to_string()).map_err(|e| CliError::engine("round JSON at `rules`", e))?
        }
        Some(_) => return Err(bad("rules", "rules are a preset name or a rules object")),
    };
    let Some(Value::Array(seats)) = o.get("seats") else {
        return Err(bad("seats", "a round needs \"seats\": a list of 2 to 8 seats"));
    };
    check_players(&rules, seats.len(), "round JSON at `seats`")?;
    let deck = seat_deck(&rules);
    let hands =
        seats.iter().enumerate().map(|(i, s)| seat_at(s, &format!("seats[{i}]"), deck)).collect::<CliResult<_>>()?;
    let stakes = o.get("money").filter(|m| !m.is_null()).map(|m| money_at(m, seats.len())).transpose()?;
    let banker = match o.get("banker") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) if n.as_u64().is_some() => n.as_u64().map(|b| usize::try_from(b).unwrap_or(usize::MAX)),
        Some(_) => return Err(bad("banker", "the banker is a seat number, 0-based")),
    };
    Ok(Round { rules, hands, stakes, banker })
}

fn water(w: Water) -> String {
    if w > Water::ZERO {
        format!("+{w}")
    } else {
        w.to_string()
    }
}

fn settlement_text(s: &Settlement, hands: &[PlayerHand], rules: &Rules, lang: Lang) -> String {
    let mut t = String::new();
    let seat = lang.pick("seat", "座位");
    for (i, (r, hand)) in s.seats.iter().zip(hands).enumerate() {
        match (r, hand) {
            (SeatResult::Arranged { eval }, PlayerHand::Arranged(a)) => {
                let cats: Vec<&str> = Lane::ALL.iter().map(|&l| lang.category(eval.lane(l).category())).collect();
                let foul = if eval.foul.is_foul() { lang.pick("  FOUL", "  倒水") } else { "" };
                // What the seat's jokers stand for in the lanes as valued (RULES.md §12).
                let pairs: Vec<(Card, Card)> =
                    a.evaluate_jokers(rules).stands_for(a).into_iter().map(|(_, _, j, c)| (j, c)).collect();
                let jokers =
                    if pairs.is_empty() { String::new() } else { format!("   ({})", stands_for_text(&pairs, lang)) };
                let _ = writeln!(t, "{seat} {i}: {a}   {}{foul}{jokers}", cats.join(" / "));
            }
            (SeatResult::Special { special, water }, _) => {
                let _ = writeln!(
                    t,
                    "{seat} {i}: {} {} ({water} {})   {}",
                    special.id(),
                    lang.special(*special),
                    lang.pick("water", "水"),
                    format_cards(&hand.cards())
                );
            }
            _ => {}
        }
    }
    for p in &s.pairs {
        let [a, b] = p.seats;
        let mut line = format!("{a}-{b}: ");
        match p.kind {
            PairKind::SpecialVsNormal | PairKind::SpecialVsSpecial => {
                if let Some(sp) = p.special {
                    match (sp.winner, sp.special) {
                        (Some(w), Some(x)) => match lang {
                            Lang::En => {
                                let _ = write!(line, "seat {w} is paid for {}", lang.special(x));
                            }
                            Lang::Zh => {
                                let _ = write!(line, "座位 {w} 以{}收水", lang.special(x));
                            }
                        },
                        _ => line.push_str(lang.pick("equal specials tie", "同级特殊牌型打和")),
                    }
                }
            }
            _ => {
                if let Some(lanes) = p.lanes {
                    let parts: Vec<String> = lanes
                        .iter()
                        .map(|l| match l.winner {
                            Some(w) => format!("{} {w} +{}", lang.lane(l.lane), l.water),
                            None => format!("{} {}", lang.lane(l.lane), lang.pick("tie", "平")),
                        })
                        .collect();
                    line.push_str(&parts.join(", "));
                }
                if let Some(shot) = p.shot {
                    let _ = write!(line, "; {} {} {}", shot.shooter, lang.pick("shoots", "打枪"), shot.victim);
                }
                if p.home_run.is_some() {
                    let _ = write!(line, " ({})", lang.pick("home run", "全垒打"));
                }
            }
        }
        let _ = writeln!(t, "{line}  => {a} {}", water(p.water));
        let _ = b;
    }
    let totals: Vec<String> = s.totals.iter().enumerate().map(|(i, &w)| format!("{i}: {}", water(w))).collect();
    let _ = writeln!(t, "{}: {}", lang.pick("totals", "总计"), totals.join("  "));
    t
}

fn money_text(m: &MoneyResult, lang: Lang) -> String {
    let amounts: Vec<String> = m.lines.iter().enumerate().map(|(i, l)| format!("{i}: {:+}", l.amount)).collect();
    format!(
        "{}: {}  {} {}  {} {}\n",
        lang.pick("money", "金额"),
        amounts.join("  "),
        lang.pick("rake", "抽水"),
        m.rake,
        lang.pick("house", "平台"),
        m.house
    )
}

/// `settle`: a round from JSON.
pub fn settle(t: &TableArgs, a: &SettleArgs) -> CliResult<Output> {
    let lang = t.lang();
    let (text, _) = read_source(&a.round)?;
    let round = parse_round(&text, &t.rules()?)?;
    let banker = match (t.banker, round.banker) {
        (Some(flag), Some(json)) if flag != json => {
            return Err(CliError::input(format!(
                "--banker {flag}, but the round JSON's \"banker\" is {json}: give one"
            )))
        }
        (flag, json) => flag.or(json),
    };
    if round.rules.table == shisanshui::Table::Banker && banker.is_none() {
        return Err(CliError::engine(
            "--banker",
            Error::InvalidTable(
                "the rules are in banker mode (table = banker): name the banker seat with --banker N or \"banker\": N in the round JSON".into(),
            ),
        ));
    }
    if let Some(n) = t.players {
        if n != round.hands.len() {
            return Err(CliError::engine(
                "--players",
                Error::InvalidTable(format!("--players {n}, but the round has {} seats", round.hands.len())),
            ));
        }
    }
    let s = shisanshui::settle::settle_with_banker(&round.hands, &round.rules, banker).map_err(|e| match e {
        // A card on two seats: the engine names both; the path is the seat's, and the options
        // that deal it twice are given as this command takes them.
        Error::DuplicateCard { card, seats: Some(seats), .. } => {
            let hint = match super::repeat_option(&round.rules, card) {
                Some(option) => format!("; here, {option} or {} deals it twice", repeat_in_round(&round.rules, card)),
                None => String::new(),
            };
            CliError::Input {
                kind: "duplicate_card",
                message: format!("round JSON at `seats[{}]`: {e}{hint}", seats.seat),
            }
        }
        Error::InvalidTable(m) if banker.is_some() && m.contains("banker") => {
            CliError::engine("--banker", Error::InvalidTable(m))
        }
        e => e.into(),
    })?;
    let money = round.stakes.as_ref().map(|st| settle_money(&s.totals, st)).transpose()?;
    let mut out = String::new();
    if let Some(b) = banker {
        let _ = writeln!(out, "{}: {} {b}", lang.pick("banker", "庄家"), lang.pick("seat", "座位"));
    }
    out.push_str(&settlement_text(&s, &round.hands, &round.rules, lang));
    if let Some(m) = &money {
        out.push_str(&money_text(m, lang));
    }
    // Each arranged seat as played (its jokers replaced by the cards they stand for) and its
    // jokers; null for a declared special.
    let evals: Vec<Option<(Arrangement, shisanshui::JokerEval)>> = round
        .hands
        .iter()
        .map(|h| match h {
            PlayerHand::Arranged(a) => Some((*a, a.evaluate_jokers(&round.rules))),
            _ => None,
        })
        .collect();
    let json = json!({
        "players": round.hands.len(),
        "banker": banker,
        "settlement": to_json(&s),
        "money": money.as_ref().map(to_json),
        "played": evals.iter().map(|e| e.as_ref().map(|(_, je)| je.played.to_string())).collect::<Vec<_>>(),
        "jokers": evals.iter().map(|e| e.as_ref().map(|(a, je)| jokers_json(je, a))).collect::<Vec<_>>(),
    });
    Ok(Output { text: out, json })
}

/// `deal`: hands from a seed (or the OS).
pub fn deal(t: &TableArgs, a: &DealArgs) -> CliResult<Output> {
    let players = t.players()?;
    let rules = t.rules()?;
    let hands = match (a.seed, a.round) {
        (Some(seed), Some(round)) => round_deal_for(&rules, seed, round, players)?,
        (seed, _) => shisanshui::deal::deal_for(&rules, players, seed)?,
    };
    let shown: Vec<String> = hands.iter().map(|h| format_cards(h)).collect();
    let mut text = String::new();
    for (i, h) in shown.iter().enumerate() {
        let _ = writeln!(text, "{} {i}: {h}", t.lang().pick("seat", "座位"));
    }
    let json = json!({"seed": a.seed, "round": a.round, "players": players, "hands": shown});
    Ok(Output { text, json })
}
