//! The commands on one player's cards: `eval`, `check`, `special`, `arrange`, `suggest`.

use std::fmt::Write;

use clap::Args;
use serde_json::{json, Value};
use shisanshui::arrange::{Arranged, Level};
use shisanshui::{format_cards, Arrangement, Card, Category, Evaluator, HandRank, Lane, SpecialDetector};

use super::names::{category_id, pad, suggestion_id};
use super::{joined, CliError, CliResult, Lang, Output, TableArgs};

#[derive(Args, Debug)]
pub struct CardsArgs {
    /// The cards, e.g. `As Kd Qh` or `"2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s"` (one
    /// argument or several; ranks 2-9 T J Q K A, suits d c h s or ♦ ♣ ♥ ♠).
    #[arg(required = true, value_name = "CARDS")]
    pub cards: Vec<String>,
}

#[derive(Args, Debug)]
pub struct SuggestArgs {
    #[command(flatten)]
    pub cards: CardsArgs,

    /// Most suggestions to list.
    #[arg(short = 'n', long, value_name = "N", default_value_t = 5)]
    pub count: usize,
}

#[derive(Args, Debug)]
pub struct ArrangeArgs {
    #[command(flatten)]
    pub cards: CardsArgs,

    /// Bot level: `beginner`, `casual`, `strong` or `best` (the best arrangement; default). Below
    /// best the arrangement is drawn, reproducibly from --seed and the cards (never a foul).
    #[arg(long, value_name = "LEVEL", default_value = "best")]
    pub level: String,

    /// Seed of a lower level's draw (decimal or 0x hexadecimal; default 0): the same seed,
    /// level and cards give the same arrangement.
    #[arg(long, value_name = "S", value_parser = crate::seed_arg, default_value = "0")]
    pub seed: u64,

    /// Play the field as trained, whatever the hand holds, instead of the field conditioned on
    /// the 13 cards (card removal, the default).
    #[arg(long)]
    pub no_card_removal: bool,
}

/// The cards of the arguments, as many copies of a card as the rule set's deck holds.
fn cards(t: &TableArgs, a: &CardsArgs) -> CliResult<Vec<Card>> {
    t.cards(&joined(&a.cards), "cards")
}

/// A hand rank as JSON: category id, its name in the language, the value and a description.
fn rank_json(r: HandRank, lang: Lang) -> Value {
    json!({
        "category": category_id(r.category()),
        "name": lang.category(r.category()),
        "value": r.value(),
        "description": r.describe(),
    })
}

/// `eval`: a 3- or 5-card hand.
pub fn eval(t: &TableArgs, a: &CardsArgs) -> CliResult<Output> {
    let rules = t.rules()?;
    let lang = t.lang();
    let cards = cards(t, a)?;
    let rank = Evaluator::new(&rules).evaluate(&cards).map_err(|e| CliError::engine("cards", e))?;
    let shown = format_cards(&cards);
    let mut json = rank_json(rank, lang);
    json["cards"] = json!(shown);
    // The description is the engine's English; the Chinese text gives the category and value.
    let text = match lang {
        Lang::En => format!("{shown}: {} ({}), value {:#x}\n", rank.category().name(), rank.describe(), rank.value()),
        Lang::Zh => format!("{shown}: {}，牌值 {:#x}\n", rank.category().chinese_name(), rank.value()),
    };
    Ok(Output { text, json })
}

/// The number of cards in each lane of an arrangement's text, when it has three lanes that parse.
fn lane_sizes(text: &str) -> Option<[usize; 3]> {
    let parts: Vec<&str> = text.splitn(4, ['/', '|']).collect();
    if parts.len() != 3 {
        return None;
    }
    let mut sizes = [0; 3];
    for (size, part) in sizes.iter_mut().zip(parts) {
        *size = shisanshui::parse_cards_in(part, shisanshui::SuitSet::ALL).ok()?.len();
    }
    Some(sizes)
}

/// `check`: an arrangement's lanes, foul and expected water.
pub fn check(t: &TableArgs, a: &CardsArgs) -> CliResult<Output> {
    let rules = t.rules()?;
    let players = t.players()?;
    let lang = t.lang();
    let text = joined(&a.cards);
    let arrangement = Arrangement::parse_in(&text, rules.extra_suits).map_err(|e| match (&e, lane_sizes(&text)) {
        // A lane of the wrong size is named (the engine counts the cards, not the lane).
        (shisanshui::Error::WrongCardCount { .. }, Some(sizes)) => {
            match Lane::ALL.into_iter().zip(sizes).find(|(l, n)| l.size() != *n) {
                Some((lane, _)) => CliError::engine(format!("arrangement, {} lane", lane.name()), e),
                None => CliError::engine("arrangement", e),
            }
        }
        _ => CliError::engine("arrangement", e),
    })?;
    let eval = arrangement.evaluate(&rules);
    let ev = t.arranger(&rules, players)?.expected_water(&arrangement);
    let mut text = String::new();
    let mut lanes = Vec::new();
    for lane in Lane::ALL {
        let r = eval.lane(lane);
        let cards = format_cards(arrangement.lane(lane));
        let _ = writeln!(text, "{} {cards:<16} {}", pad(lang.lane(lane), 7), lang.category(r.category()));
        let mut j = rank_json(r, lang);
        j["lane"] = json!(lane);
        j["cards"] = json!(cards);
        lanes.push(j);
    }
    let fouled = eval.foul.is_foul();
    let verdict = if !fouled {
        lang.pick("legal", "合法").to_string()
    } else {
        let mut why = Vec::new();
        if eval.foul.front_over_middle {
            why.push(lang.pick("front over middle", "头墩大于中墩"));
        }
        if eval.foul.middle_over_back {
            why.push(lang.pick("middle over back", "中墩大于尾墩"));
        }
        format!("{} ({})", lang.pick("foul", "倒水"), why.join(", "))
    };
    let _ = writeln!(text, "{verdict}");
    let _ = writeln!(
        text,
        "{}: {ev:+.3}",
        lang.pick(&format!("expected water at {players} seats"), &format!("{players} 人桌期望水数"))
    );
    let json = json!({
        "arrangement": arrangement.to_string(),
        "lanes": lanes,
        "foul": eval.foul,
        "fouled": fouled,
        "players": players,
        "expected_water": ev,
    });
    Ok(Output { text, json })
}

/// `special`: the specials 13 cards make and the arranger's advice.
pub fn special(t: &TableArgs, a: &CardsArgs) -> CliResult<Output> {
    let rules = t.rules()?;
    let players = t.players()?;
    let lang = t.lang();
    let cards = cards(t, a)?;
    let found = SpecialDetector::new(&rules)?.detect(&cards).map_err(|e| CliError::engine("cards", e))?;
    let advice = t.arranger(&rules, players)?.special_advice(&cards)?;
    let entry =
        |s: shisanshui::Special| json!({"special": s, "name": lang.special(s), "water": rules.special_water(s)});
    let mut text = String::new();
    match found.best {
        None => {
            let _ = writeln!(text, "{}", lang.pick("no special hand", "无特殊牌型"));
        }
        Some(best) => {
            let names: Vec<String> = found.all.iter().map(|&s| format!("{} {}", s.id(), lang.special(s))).collect();
            let _ = writeln!(text, "{}: {}", lang.pick("makes", "特殊牌型"), names.join(", "));
            let water = rules.special_water(best).unwrap_or(0);
            let _ = writeln!(
                text,
                "{}: {} {} ({water} {})",
                lang.pick("best", "最大"),
                best.id(),
                lang.special(best),
                lang.pick("water", "水")
            );
            if let Some(arr) = &found.arrangement {
                let _ = writeln!(text, "{}: {arr}", lang.pick("as lanes", "摆法"));
            }
        }
    }
    if let Some(adv) = &advice {
        let _ = writeln!(
            text,
            "{}: {} ({:+.3} vs {:+.3} {})",
            lang.pick("advice", "建议"),
            if adv.declare() { lang.pick("declare", "报到") } else { lang.pick("play the lanes", "按墩比牌") },
            adv.declare_water,
            adv.lane_water,
            lang.pick(&format!("at {players} seats"), &format!("{players} 人桌")),
        );
    }
    let json = json!({
        "cards": format_cards(&cards),
        "best": found.best.map(entry),
        "all": found.all.iter().map(|&s| entry(s)).collect::<Vec<_>>(),
        "arrangement": found.arrangement.map(|a| a.to_string()),
        "advice": advice.map(|adv| json!({
            "special": adv.special,
            "declare": adv.declare(),
            "declare_water": adv.declare_water,
            "lane_water": adv.lane_water,
            "best_lanes": adv.best_lanes.arrangement.to_string(),
        })),
        "players": players,
    });
    Ok(Output { text, json })
}

fn arranged_json(a: &Arranged, lang: Lang) -> Value {
    json!({
        "arrangement": a.arrangement.to_string(),
        "front": format_cards(&a.arrangement.front),
        "middle": format_cards(&a.arrangement.middle),
        "back": format_cards(&a.arrangement.back),
        "categories": a.categories.iter().map(|&c| category_id(c)).collect::<Vec<_>>(),
        "names": a.categories.iter().map(|&c| lang.category(c)).collect::<Vec<_>>(),
        "expected_water": a.expected_water,
    })
}

fn categories_text(c: &[Category; 3], lang: Lang) -> String {
    c.iter().map(|&c| lang.category(c)).collect::<Vec<_>>().join(" / ")
}

/// `arrange`: the arranger's best arrangement.
pub fn arrange(t: &TableArgs, a: &ArrangeArgs) -> CliResult<Output> {
    let level: Level = a.level.parse().map_err(|e| CliError::engine("--level", e))?;
    let rules = t.rules()?;
    let players = t.players()?;
    let lang = t.lang();
    let cards = cards(t, &a.cards)?;
    let arranger = t.arranger(&rules, players)?.with_level(level, a.seed).with_card_removal(!a.no_card_removal);
    let best = arranger.arrange(&cards).map_err(|e| CliError::engine("cards", e))?;
    // A weaker bot says so, with the seed that reproduces it.
    let bot = match level {
        Level::Best => String::new(),
        l => format!("  [{l}, {} {}]", lang.pick("seed", "种子"), a.seed),
    };
    let text = format!(
        "{}\n{}  {:+.3} {}{bot}\n",
        best.arrangement,
        categories_text(&best.categories, lang),
        best.expected_water,
        lang.pick("expected water", "期望水数")
    );
    let mut json = arranged_json(&best, lang);
    json["players"] = json!(players);
    json["level"] = json!(level.name());
    json["seed"] = json!(a.seed);
    json["card_removal"] = json!(arranger.card_removal());
    Ok(Output { text, json })
}

/// `suggest`: several arrangements with distinct lane categories.
pub fn suggest(t: &TableArgs, a: &SuggestArgs) -> CliResult<Output> {
    let rules = t.rules()?;
    let players = t.players()?;
    let lang = t.lang();
    let cards = cards(t, &a.cards)?;
    let list = t.arranger(&rules, players)?.suggest(&cards, a.count).map_err(|e| CliError::engine("cards", e))?;
    let mut text = String::new();
    let mut items = Vec::new();
    for (i, s) in list.iter().enumerate() {
        let _ = writeln!(
            text,
            "{}. [{}] {}  {}  {:+.3}",
            i + 1,
            lang.suggestion(s.kind),
            s.arrangement,
            categories_text(&s.categories, lang),
            s.expected_water
        );
        let arranged =
            Arranged { arrangement: s.arrangement, categories: s.categories, expected_water: s.expected_water };
        let mut j = arranged_json(&arranged, lang);
        j["kind"] = json!(suggestion_id(s.kind));
        items.push(j);
    }
    Ok(Output { text, json: json!({"players": players, "suggestions": items}) })
}
