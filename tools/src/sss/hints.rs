//! The 理牌 hints on the command line: `combos` (the combinations of one category a hand holds)
//! and `complete` (the best legal arrangement around lanes fixed by hand).

use std::fmt::Write;

use clap::Args;
use serde_json::json;
use shisanshui::hints::{combos as core_combos, FixedLanes};
use shisanshui::{format_cards, Card, Category, Error, Lane};

use super::names::category_id;
use super::{joined, CliError, CliResult, Output, TableArgs};

#[derive(Args, Debug)]
pub struct CombosArgs {
    /// The category: its name (`pair`, `one_pair`, `two pair`, `flush`, ...), Chinese name
    /// (对子, 同花, ...) or number (1 one pair ... 8 straight flush).
    #[arg(long, short = 'c', value_name = "CATEGORY")]
    pub category: String,

    /// The cards (a hand or what is left of it).
    #[arg(required = true, value_name = "CARDS")]
    pub cards: Vec<String>,
}

#[derive(Args, Debug)]
pub struct CompleteArgs {
    /// The 3 front cards, fixed by hand.
    #[arg(long, value_name = "CARDS")]
    pub front: Option<String>,
    /// The 5 middle cards, fixed by hand.
    #[arg(long, value_name = "CARDS")]
    pub middle: Option<String>,
    /// The 5 back cards, fixed by hand.
    #[arg(long, value_name = "CARDS")]
    pub back: Option<String>,
    /// The 13 cards of the hand.
    #[arg(required = true, value_name = "CARDS")]
    pub cards: Vec<String>,
}

/// A category by name, Chinese name or number; an unknown one is the engine's InvalidArgument.
fn category(s: &str) -> CliResult<Category> {
    let t = s.trim().to_ascii_lowercase().replace(['_', '-'], " ");
    let found = Category::ALL.into_iter().find(|c| {
        c.name() == t
            || c.chinese_name() == s.trim()
            || (t == "pair" && *c == Category::OnePair)
            || t == (*c as u8).to_string()
    });
    found.ok_or_else(|| {
        let short: String = s.chars().take(32).collect();
        CliError::engine(
            "--category",
            Error::InvalidArgument(format!("unknown category {short:?} (e.g. pair, two_pair, flush, 同花, or 1 to 8)")),
        )
    })
}

/// `combos`.
pub fn combos(t: &TableArgs, a: &CombosArgs) -> CliResult<Output> {
    let rules = t.rules()?;
    let lang = t.lang();
    let cat = category(&a.category)?;
    let cards = t.cards(&joined(&a.cards), "cards")?;
    let list = core_combos(&cards, cat, &rules).map_err(|e| CliError::engine("cards", e))?;
    let mut text = String::new();
    for (i, c) in list.iter().enumerate() {
        let _ = writeln!(text, "{}. {}", i + 1, format_cards(c.cards()));
    }
    if list.is_empty() {
        let _ = writeln!(text, "{}", lang.pick(&format!("no {}", cat.name()), &format!("没有{}", cat.chinese_name())));
    }
    let json = json!({
        "category": category_id(cat),
        "name": lang.category(cat),
        "combos": list.iter().map(|c| json!({"cards": format_cards(c.cards()), "fits_front": c.fits_front()})).collect::<Vec<_>>(),
    });
    Ok(Output { text, json })
}

/// `complete`.
pub fn complete(t: &TableArgs, a: &CompleteArgs) -> CliResult<Output> {
    let rules = t.rules()?;
    let players = t.players()?;
    let lang = t.lang();
    let cards = t.cards(&joined(&a.cards), "cards")?;
    let lane = |s: &Option<String>, name: &str| -> CliResult<Option<Vec<Card>>> {
        s.as_deref().map(|s| t.cards(s, &format!("--{name}"))).transpose()
    };
    let (front, middle, back) = (lane(&a.front, "front")?, lane(&a.middle, "middle")?, lane(&a.back, "back")?);
    let mut fixed = FixedLanes::NONE;
    for (l, cards) in [(Lane::Front, &front), (Lane::Middle, &middle), (Lane::Back, &back)] {
        if let Some(c) = cards {
            fixed = fixed.with(l, c);
        }
    }
    let best = t.arranger(&rules, players)?.complete(&cards, &fixed)?;
    let cats: Vec<&str> = best.categories.iter().map(|&c| lang.category(c)).collect();
    let text = format!(
        "{}\n{}  {:+.3} {}\n",
        best.arrangement,
        cats.join(" / "),
        best.expected_water,
        lang.pick("expected water", "期望水数")
    );
    let json = json!({
        "arrangement": best.arrangement.to_string(),
        "front": format_cards(&best.arrangement.front),
        "middle": format_cards(&best.arrangement.middle),
        "back": format_cards(&best.arrangement.back),
        "categories": best.categories.iter().map(|&c| category_id(c)).collect::<Vec<_>>(),
        "expected_water": best.expected_water,
        "players": players,
    });
    Ok(Output { text, json })
}
