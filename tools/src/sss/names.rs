//! English and Chinese names of what `sss` prints. The engine's own names (categories, lanes,
//! specials) come from the engine; the rest (labels of the tables) are here.

use clap::ValueEnum;
use shisanshui::arrange::SuggestionKind;
use shisanshui::simulate::Policy;
use shisanshui::{Category, Lane, Special};

/// The language of the names.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Chinese (中文).
    Zh,
}

impl Lang {
    /// `en` or `zh` by language.
    pub fn pick<'a>(self, en: &'a str, zh: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }

    pub fn category(self, c: Category) -> &'static str {
        self.pick(c.name(), c.chinese_name())
    }

    pub fn lane(self, l: Lane) -> &'static str {
        self.pick(l.name(), l.chinese_name())
    }

    pub fn special(self, s: Special) -> &'static str {
        self.pick(s.name(), s.chinese_name())
    }

    pub fn policy(self, p: Policy) -> &'static str {
        match p {
            Policy::Arranger => self.pick("arranger", "自动摆牌"),
            Policy::Greedy => self.pick("greedy", "贪心摆牌"),
            Policy::Product => self.pick("product", "乘积摆牌"),
            _ => p.name(),
        }
    }

    pub fn suggestion(self, k: SuggestionKind) -> &'static str {
        match k {
            SuggestionKind::Best => self.pick("best", "最佳"),
            SuggestionKind::StrongestBack => self.pick("strongest back", "尾墩最强"),
            SuggestionKind::StrongestMiddle => self.pick("strongest middle", "中墩最强"),
            _ => self.pick("alternative", "其他牌型"),
        }
    }
}

/// The stable id of a suggestion kind in JSON.
pub fn suggestion_id(k: SuggestionKind) -> &'static str {
    match k {
        SuggestionKind::Best => "best",
        SuggestionKind::StrongestBack => "strongest_back",
        SuggestionKind::StrongestMiddle => "strongest_middle",
        _ => "alternative",
    }
}

/// The snake_case id of a category in JSON (as the engine's serde writes it).
pub fn category_id(c: Category) -> String {
    c.name().replace(' ', "_")
}

/// `s` padded with spaces to `width` terminal columns (CJK characters take two).
pub fn pad(s: &str, width: usize) -> String {
    let cols: usize = s.chars().map(|c| if ('\u{1100}'..='\u{ffdc}').contains(&c) { 2 } else { 1 }).sum();
    format!("{s}{}", " ".repeat(width.saturating_sub(cols)))
}

/// A water amount: whole as an integer, a fraction (ranked scoring) to three decimals.
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.3}")
    }
}

/// One line on what a preset is (RULES.md §9), for `sss presets`.
pub fn preset_summary(p: shisanshui::Preset) -> &'static str {
    use shisanshui::Preset;
    match p {
        Preset::Classic => {
            "the common room (seeds 000 原 and 002): front trips 3, back quads 4 / straight flush 5, shooting +1, home run ×4, 13 specials"
        }
        Preset::Regional => {
            "seed 000's regional room (部分地区): front trips 4, back quads 5 / straight flush 6, five of a kind 12, 14 specials"
        }
        Preset::Kx => {
            "seed 003 (KX): front trips 3, back quads 4 / straight flush 5, shots pay double from 2 seats, home run doubles again, 13 specials"
        }
        Preset::Hk => {
            "seed 001 (Hong Kong 十三张): every lane 1, A-2-3-4-5 the lowest straight, suit tie-break, shots from 2 seats, 6 specials"
        }
        Preset::Ranked => {
            "seed 002, ranked scoring: each lane ranks every seat, place k of p scores (p + 1 − 2k) × the lane's water, front trips 4, 13 specials"
        }
        Preset::ChinesePoker => {
            "international Chinese Poker, 2-4 scoring (paulhankin/cpoker): every lane 1, majority bonus 1, A-2-3-4-5 the lowest straight, no shooting, no specials"
        }
        _ => "",
    }
}
