//! The commands on one player's cards: `eval`, `check`, `special`, `arrange`, `suggest`.

use std::fmt::Write;

use clap::Args;
use serde_json::{json, Value};
use shisanshui::arrange::{Arranged, Level};
use shisanshui::{
    format_cards, Arrangement, Card, Category, Evaluator, HandRank, JokerEval, Lane, PlayerHand, SpecialDetector,
};

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

/// What each joker stands for, `SJ as As, BJ as Kh` (`SJ 当 As` in Chinese): the pairs of a
/// joker and its card, in the order of the lane.
pub fn stands_for_text(pairs: &[(Card, Card)], lang: Lang) -> String {
    let word = lang.pick("as", "当");
    pairs.iter().map(|(joker, card)| format!("{joker} {word} {card}")).collect::<Vec<_>>().join(lang.pick(", ", "，"))
}

/// The jokers of `cards` with the cards they stand for in `played` (the same cards, each joker
/// replaced).
pub fn joker_pairs(cards: &[Card], played: &[Card]) -> Vec<(Card, Card)> {
    cards.iter().zip(played).filter(|(c, _)| c.is_joker()).map(|(&j, &p)| (j, p)).collect()
}

/// An arrangement's jokers as JSON: `[{"lane", "slot", "joker", "as"}]`, lanes front to back.
pub fn jokers_json(je: &JokerEval, arrangement: &Arrangement) -> Value {
    je.stands_for(arrangement)
        .into_iter()
        .map(|(lane, slot, joker, card)| {
            json!({"lane": lane, "slot": slot, "joker": joker.to_string(), "as": card.to_string()})
        })
        .collect()
}

/// The line `jokers: SJ as As (back), …` of an arrangement with jokers; empty without.
pub fn jokers_line(je: &JokerEval, arrangement: &Arrangement, lang: Lang) -> String {
    let list = je.stands_for(arrangement);
    if list.is_empty() {
        return String::new();
    }
    let items: Vec<String> = list
        .into_iter()
        .map(|(lane, _, joker, card)| format!("{} ({})", stands_for_text(&[(joker, card)], lang), lang.lane(lane)))
        .collect();
    format!("{}: {}\n", lang.pick("jokers", "鬼牌"), items.join(lang.pick(", ", "，")))
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
    let (played, rank) = Evaluator::new(&rules).evaluate_jokers(&cards).map_err(|e| match e {
        // A lane is 3 cards (the front) or 5 (the middle or back): say both, not only the five
        // the evaluator names.
        shisanshui::Error::WrongCardCount { found, .. } => CliError::Input {
            kind: "wrong_card_count",
            message: format!("cards: a hand to evaluate is a lane, 3 cards (front) or 5 (middle or back), got {found}"),
        },
        e => CliError::engine("cards", e),
    })?;
    let shown = format_cards(&cards);
    let mut json = rank_json(rank, lang);
    json["cards"] = json!(shown);
    // The hand as played: each joker replaced by the card it stands for (RULES.md §12).
    json["played"] = json!(format_cards(&played));
    let jokers = joker_pairs(&cards, &played);
    let stands_for = match (jokers.is_empty(), lang) {
        (true, _) => String::new(),
        (false, Lang::En) => format!(", {}", stands_for_text(&jokers, lang)),
        (false, Lang::Zh) => format!("，{}", stands_for_text(&jokers, lang)),
    };
    // The description is the engine's English and starts with the category; the Chinese text
    // gives the category and value.
    let text = match lang {
        Lang::En => format!("{shown}: {}, value {:#x}{stands_for}\n", rank.describe(), rank.value()),
        Lang::Zh => format!("{shown}: {}，牌值 {:#x}{stands_for}\n", rank.category().chinese_name(), rank.value()),
    };
    Ok(Output { text, json })
}

/// `check`: an arrangement's lanes, foul and expected water.
pub fn check(t: &TableArgs, a: &CardsArgs) -> CliResult<Output> {
    let rules = t.rules()?;
    let players = t.players()?;
    let lang = t.lang();
    let text = joined(&a.cards);
    // A lane of the wrong size is named by the engine.
    let arrangement =
        Arrangement::parse_in(&text, rules.deck_spec()).map_err(|e| CliError::engine("arrangement", e))?;
    // The lanes' values under the rule set's reading of jokers, and what each joker stands for.
    let je = arrangement.evaluate_jokers(&rules);
    let eval = je.eval;
    let ev = t.arranger(&rules, players)?.expected_water(&arrangement);
    let mut text = String::new();
    let mut lanes = Vec::new();
    for lane in Lane::ALL {
        let r = eval.lane(lane);
        let cards = format_cards(arrangement.lane(lane));
        let jokers = joker_pairs(arrangement.lane(lane), je.played.lane(lane));
        let stands_for =
            if jokers.is_empty() { String::new() } else { format!("  ({})", stands_for_text(&jokers, lang)) };
        let _ = writeln!(text, "{} {cards:<16} {}{stands_for}", pad(lang.lane(lane), 7), lang.category(r.category()));
        let mut j = rank_json(r, lang);
        j["lane"] = json!(lane);
        j["cards"] = json!(cards);
        j["played"] = json!(format_cards(je.played.lane(lane)));
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
        "played": je.played.to_string(),
        "jokers": jokers_json(&je, &arrangement),
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

/// An arranged hand as JSON; `played` is the arrangement with each joker replaced by the card it
/// stands for under the rule set (the arrangement itself without jokers), `jokers` those cards.
fn arranged_json(a: &Arranged, je: &JokerEval, lang: Lang) -> Value {
    json!({
        "arrangement": a.arrangement.to_string(),
        "front": format_cards(&a.arrangement.front),
        "middle": format_cards(&a.arrangement.middle),
        "back": format_cards(&a.arrangement.back),
        "categories": a.categories.iter().map(|&c| category_id(c)).collect::<Vec<_>>(),
        "names": a.categories.iter().map(|&c| lang.category(c)).collect::<Vec<_>>(),
        "expected_water": a.expected_water,
        "played": je.played.to_string(),
        "jokers": jokers_json(je, &a.arrangement),
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
    let je = best.arrangement.evaluate_jokers(&rules);
    let text = format!(
        "{}\n{}  {:+.3} {}{bot}\n{}",
        best.arrangement,
        categories_text(&best.categories, lang),
        best.expected_water,
        lang.pick("expected water", "期望水数"),
        jokers_line(&je, &best.arrangement, lang)
    );
    let mut json = arranged_json(&best, &je, lang);
    json["players"] = json!(players);
    json["level"] = json!(level.name());
    json["seed"] = json!(a.seed);
    json["card_removal"] = json!(arranger.card_removal());
    Ok(Output { text, json })
}

/// `play`: the seat a good player puts on the table ([`shisanshui::Arranger::play`]); its JSON
/// `seat` is a seat of `sss settle`'s round.
pub fn play(t: &TableArgs, a: &CardsArgs) -> CliResult<Output> {
    let rules = t.rules()?;
    let players = t.players()?;
    let lang = t.lang();
    let cards = cards(t, a)?;
    let seat = t.arranger(&rules, players)?.play(&cards).map_err(|e| CliError::engine("cards", e))?;
    Ok(match seat {
        PlayerHand::Special { special, cards } => {
            let water = rules.special_water(special).unwrap_or(0);
            let text = format!(
                "{} {} {} ({water} {})\n",
                lang.pick("declare", "报到"),
                special.id(),
                lang.special(special),
                lang.pick("water from each other seat", "水/家")
            );
            let seat = json!({"special": special, "cards": format_cards(&cards)});
            Output { text, json: json!({"seat": seat, "declare": true, "water": water, "players": players}) }
        }
        PlayerHand::Arranged(arrangement) => {
            let e = arrangement.evaluate(&rules);
            let categories = [e.front.category(), e.middle.category(), e.back.category()];
            let text = format!("{arrangement}\n{}\n", categories_text(&categories, lang));
            let seat = json!(arrangement.to_string());
            Output { text, json: json!({"seat": seat, "declare": false, "players": players}) }
        }
    })
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
        let je = s.arrangement.evaluate_jokers(&rules);
        let _ = writeln!(
            text,
            "{}. [{}] {}  {}  {:+.3}",
            i + 1,
            lang.suggestion(s.kind),
            s.arrangement,
            categories_text(&s.categories, lang),
            s.expected_water
        );
        // What the jokers stand for, indented under the suggestion.
        let jokers = jokers_line(&je, &s.arrangement, lang);
        if !jokers.is_empty() {
            let _ = write!(text, "   {jokers}");
        }
        let arranged =
            Arranged { arrangement: s.arrangement, categories: s.categories, expected_water: s.expected_water };
        let mut j = arranged_json(&arranged, &je, lang);
        j["kind"] = json!(suggestion_id(s.kind));
        items.push(j);
    }
    Ok(Output { text, json: json!({"players": players, "suggestions": items}) })
}
