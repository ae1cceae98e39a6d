//! The six presets against the table and paragraphs of RULES.md §9, the rule set as data, and validation.
//!
//! The table below is RULES.md §9 copied verbatim; the test parses it and compares every
//! number of every preset, so the presets cannot drift from the contract unnoticed.

use shisanshui::{Amount, Error, HomeRun, LaneWater, Preset, Rules, ScoringMode, Shooting, Special, Table, Wheel};

const TABLE: &str = r#"
| option | classic (seed 000 原, 002) | regional (seed 000 部分地区) | kx (seed 003) | hk (seed 001) | ranked (seed 002) |
|---|---|---|---|---|---|
| wheel | second_highest | second_highest | second_highest | lowest | second_highest |
| suit_tiebreak | off | off | off | on | off |
| front trips | 3 | 4 | 3 | 1 | 4 |
| middle full house | 2 | 2 | 2 | 1 | 2 |
| back / middle four of a kind | 4 / 8 | 5 / 10 | 4 / 8 | 1 / 1 | 4 / 8 |
| back / middle straight flush | 5 / 10 | 6 / 12 | 5 / 10 | 1 / 1 | 5 / 10 |
| back / middle five of a kind | 10 / 20 | 12 / 24 | — | — | 10 / 20 |
| shooting | +1, ties allowed, 3+ seats | +1, ties allowed, 3+ seats | ×2, 2+ seats | +1, 2+ seats | ±(players−1) per shot, 2+ seats |
| home run | ×4, 3+ seats | ×4, 3+ seats | ×2 on top of the shot, 4 seats | none | +12 per victim, then ×(players−1), 2+ seats |
| foul_counts_as_shot | off | off | off | off | off |
| split_quads | on | on | on | on | on |
| twelve_royals_min | 13 | 13 | 13 | 12 | 13 |

Specials, in each preset's order from the highest, with their water:
- **classic**: SD 108, DR 36, TR 24, TSF 22, TQ 20, AB 15, AS 12, OC 10, FT 6, FPT 5, SP 4, TF 3, TS 3.
- **regional**: SD 104, DR 26, TR 24, TSF 20, TQ 20, OC 15, AB 12, AS 10, TTQ 8, FT 6, FPT 5, SP 3, TF 3, TS 3.
- **kx**: SD 32, DR 30, TR 24, TSF 20, TQ 20, AB 10, AS 10, OC 10, FT 5, FPT 5, SP 4, TS 4, TF 3.
- **hk**: DR 13 (a supreme dragon counts as a dragon), TR 6, TF 3, TS 3, SP 3, FPT 2.
- **ranked**: as classic.
"#;

/// RULES.md §9's paragraph on the chinese_poker preset, verbatim.
const CHINESE_POKER: &str =
    "**chinese_poker** (international Chinese Poker with 2-4 scoring, as played by the strongest published
player, paulhankin/cpoker; an extension beyond the seeds): wheel `lowest`, no suit tie-break, every won
lane worth 1 (no lane bonuses), `majority_bonus` 1, no shooting, no home run, no specials, pairwise,
`strict_order` off, `foul_counts_as_shot` off.";

/// The five presets of the table, in its column order.
const TABLE_PRESETS: [Preset; 5] = [Preset::Classic, Preset::Regional, Preset::Kx, Preset::Hk, Preset::Ranked];

/// The table's cell for an option row, per preset column (classic, regional, kx, hk, ranked).
fn row(option: &str) -> Vec<String> {
    let line = TABLE
        .lines()
        .find(|l| l.split('|').nth(1).map(str::trim) == Some(option))
        .unwrap_or_else(|| panic!("no row {option:?}"));
    let cells: Vec<String> = line.split('|').map(|c| c.trim().to_string()).collect();
    cells[2..7].to_vec()
}

fn on_off(cell: &str) -> bool {
    match cell {
        "on" => true,
        "off" => false,
        other => panic!("not on/off: {other}"),
    }
}

fn num(s: &str) -> u32 {
    s.trim().parse().unwrap_or_else(|_| panic!("not a number: {s:?}"))
}

/// `a / b` as (a, b), or `—` as none.
fn pair(cell: &str) -> Option<(u32, u32)> {
    if cell == "—" {
        return None;
    }
    let (a, b) = cell.split_once('/').unwrap();
    Some((num(a), num(b)))
}

/// `N+ seats` or `N seats`.
fn seats(cell: &str) -> u8 {
    let part = cell.split(", ").find(|p| p.ends_with("seats")).unwrap();
    num(part.trim_end_matches(" seats").trim_end_matches('+')) as u8
}

fn shooting(cell: &str) -> Shooting {
    let first = cell.split(", ").next().unwrap();
    let (bonus, multiplier) = if let Some(n) = first.strip_prefix('+') {
        (Amount::Fixed(num(n)), 1)
    } else if let Some(n) = first.strip_prefix('×') {
        (Amount::Fixed(0), num(n))
    } else if first == "±(players−1) per shot" {
        (Amount::PlayersMinusOne, 1)
    } else {
        panic!("unknown shooting cell {cell}")
    };
    Shooting { enabled: true, bonus, multiplier, allows_ties: cell.contains("ties allowed"), min_players: seats(cell) }
}

/// Compare a home run cell with a preset's home run.
fn check_home_run(cell: &str, h: &HomeRun, preset: Preset) {
    if cell == "none" {
        assert!(!h.enabled, "{preset}: home run should be off");
        return;
    }
    assert!(h.enabled, "{preset}");
    assert_eq!(h.min_players, seats(cell), "{preset}: home run seats");
    match cell.split(", ").next().unwrap() {
        // "×4": the multiplier applies to the shot value, nothing added per victim.
        m if m.starts_with('×') => {
            let n = num(m.trim_start_matches('×').trim_end_matches(" on top of the shot"));
            assert_eq!((h.bonus_per_victim, h.multiplier), (0, Amount::Fixed(n)), "{preset}");
        }
        b if b.starts_with('+') => {
            let n = num(b.trim_start_matches('+').trim_end_matches(" per victim"));
            assert_eq!(h.bonus_per_victim, n, "{preset}");
            assert!(cell.contains("then ×(players−1)"), "{cell}");
            assert_eq!(h.multiplier, Amount::PlayersMinusOne, "{preset}");
        }
        other => panic!("unknown home run cell {other}"),
    }
}

fn specials_line(name: &str) -> Vec<(Special, u32)> {
    let prefix = format!("- **{name}**: ");
    let line = TABLE.lines().find(|l| l.starts_with(&prefix)).unwrap();
    let body = line[prefix.len()..].trim_end_matches('.');
    if let Some(other) = body.strip_prefix("as ") {
        return specials_line(other);
    }
    body.split(", ")
        .map(|item| {
            let mut words = item.split_whitespace();
            let special: Special = words.next().unwrap().parse().unwrap();
            (special, num(words.next().unwrap()))
        })
        .collect()
}

#[test]
fn every_number_of_every_preset_matches_rules_md_section_9() {
    for (col, preset) in TABLE_PRESETS.into_iter().enumerate() {
        let r = Rules::preset(preset);
        let cell = |option: &str| row(option)[col].clone();
        let wheel = match cell("wheel").as_str() {
            "second_highest" => Wheel::SecondHighest,
            "lowest" => Wheel::Lowest,
            w => panic!("{w}"),
        };
        assert_eq!(r.wheel, wheel, "{preset}");
        assert_eq!(r.suit_tiebreak, on_off(&cell("suit_tiebreak")), "{preset}");
        assert!(!r.strict_order, "{preset}: strict_order is off in every preset (§2 default)");

        let (bq, mq) = pair(&cell("back / middle four of a kind")).unwrap();
        let (bsf, msf) = pair(&cell("back / middle straight flush")).unwrap();
        // §9 leaves five of a kind out where one deck cannot make it; §11 pins it: kx as
        // classic (10 / 20), hk and chinese_poker 1 like every lane there.
        let five = pair(&cell("back / middle five of a kind")).or(match preset {
            Preset::Kx => Some((10, 20)),
            _ => Some((1, 1)),
        });
        let want = LaneWater {
            front_trips: num(&cell("front trips")),
            middle_full_house: num(&cell("middle full house")),
            middle_quads: mq,
            back_quads: bq,
            middle_straight_flush: msf,
            back_straight_flush: bsf,
            middle_five_kind: five.map(|f| f.1),
            back_five_kind: five.map(|f| f.0),
        };
        assert_eq!(r.lane_water, want, "{preset}");

        assert_eq!(r.shooting, shooting(&cell("shooting")), "{preset}");
        check_home_run(&cell("home run"), &r.home_run, preset);
        assert_eq!(r.foul_counts_as_shot, on_off(&cell("foul_counts_as_shot")), "{preset}");
        assert_eq!(r.split_quads, on_off(&cell("split_quads")), "{preset}");
        assert_eq!(r.twelve_royals_min as u32, num(&cell("twelve_royals_min")), "{preset}");

        let specials: Vec<(Special, u32)> = r.specials.iter().map(|s| (s.special, s.water)).collect();
        assert_eq!(specials, specials_line(preset.name()), "{preset}");

        let scoring = if preset == Preset::Ranked { ScoringMode::Ranked } else { ScoringMode::Pairwise };
        assert_eq!(r.scoring, scoring, "{preset}");
        // "Every preset is `table = all_pairs`"; the majority bonus is chinese_poker's alone.
        assert_eq!(r.table, Table::AllPairs, "{preset}");
        assert_eq!(r.majority_bonus, 0, "{preset}");
        r.validate().unwrap();
    }
}

/// The clauses of the chinese_poker paragraph after its colon, one option each.
fn chinese_poker_clauses() -> Vec<String> {
    let flat = CHINESE_POKER.split_whitespace().collect::<Vec<_>>().join(" ");
    let body = flat.split_once("): ").unwrap().1.trim_end_matches('.');
    body.split(", ").map(str::to_string).collect()
}

#[test]
fn chinese_poker_matches_its_paragraph_in_rules_md_section_9() {
    let r = Rules::preset(Preset::ChinesePoker);
    let clauses = chinese_poker_clauses();
    assert_eq!(clauses.len(), 10, "{clauses:?}");
    let none = Shooting { enabled: false, bonus: Amount::Fixed(0), multiplier: 1, allows_ties: false, min_players: 2 };
    for clause in &clauses {
        match clause.as_str() {
            "wheel `lowest`" => assert_eq!(r.wheel, Wheel::Lowest),
            "no suit tie-break" => assert!(!r.suit_tiebreak),
            "every won lane worth 1 (no lane bonuses)" => {
                let lw = &r.lane_water;
                for v in [
                    lw.front_trips,
                    lw.middle_full_house,
                    lw.middle_quads,
                    lw.back_quads,
                    lw.middle_straight_flush,
                    lw.back_straight_flush,
                    lw.middle_five_kind.unwrap_or(1),
                    lw.back_five_kind.unwrap_or(1),
                ] {
                    assert_eq!(v, 1, "{lw:?}");
                }
            }
            "`majority_bonus` 1" => assert_eq!(r.majority_bonus, 1),
            "no shooting" => assert_eq!(r.shooting, none),
            "no home run" => assert!(!r.home_run.enabled),
            "no specials" => assert!(r.specials.is_empty(), "{:?}", r.specials),
            "pairwise" => assert_eq!((r.scoring, r.table), (ScoringMode::Pairwise, Table::AllPairs)),
            "`strict_order` off" => assert!(!r.strict_order),
            "`foul_counts_as_shot` off" => assert!(!r.foul_counts_as_shot),
            other => panic!("a clause the test does not check: {other:?}"),
        }
    }
    r.validate().unwrap();
    assert_eq!(Preset::ALL.last(), Some(&Preset::ChinesePoker), "new presets go last (model tables number them)");
}

#[test]
fn the_table_parser_reads_what_it_should() {
    // Guards against a parser that silently reads nothing.
    assert_eq!(row("front trips"), ["3", "4", "3", "1", "4"]);
    assert_eq!(specials_line("hk").len(), 6);
    assert_eq!(specials_line("ranked"), specials_line("classic"));
    assert_eq!(specials_line("regional")[8], (Special::ThreeTripsQuad, 8));
    assert_eq!(seats("×2 on top of the shot, 4 seats"), 4);
    assert_eq!(shooting("×2, 2+ seats").multiplier, 2);
    assert_eq!(chinese_poker_clauses()[0], "wheel `lowest`");
}

#[test]
fn presets_by_name() {
    for p in Preset::ALL {
        assert_eq!(p.name().parse::<Preset>().unwrap(), p);
        assert_eq!(Rules::from_preset_name(p.name()).unwrap(), Rules::preset(p));
    }
    assert_eq!(Rules::from_preset_name(" KX ").unwrap(), Rules::preset(Preset::Kx));
    assert_eq!(Rules::from_preset_name("macau"), Err(Error::UnknownPreset("macau".into())));
    assert_eq!(Rules::default(), Rules::classic());
    assert_eq!(Rules::from_preset_name("Chinese_Poker").unwrap(), Rules::preset(Preset::ChinesePoker));
}

#[test]
fn table_modes_by_name() {
    for t in Table::ALL {
        assert_eq!(t.to_string().parse::<Table>().unwrap(), t);
    }
    assert_eq!(" Banker ".parse::<Table>().unwrap(), Table::Banker);
    assert_eq!("all_pairs".parse::<Table>().unwrap(), Table::AllPairs);
    assert_eq!(Table::default(), Table::AllPairs);
    match "dealer".parse::<Table>() {
        Err(Error::InvalidRules { path, reason }) => {
            assert_eq!(path, "table");
            assert!(reason.contains("\"dealer\""), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn build_from_a_preset_and_change_fields() {
    // Struct update, field by field, and the special-list helpers.
    let mut house = Rules { strict_order: true, split_quads: false, ..Rules::preset(Preset::Kx) };
    house.lane_water.front_trips = 5;
    house.shooting.allows_ties = true;
    house.set_special_water(Special::TwelveBlackOneRed, 7); // new: goes last
    house.set_special_water(Special::SixPairs, 6); // existing: water changes, place kept
    assert!(house.disable_special(Special::AllSmall));
    assert!(!house.disable_special(Special::AllSmall));
    house.validate().unwrap();

    let kx = Rules::preset(Preset::Kx);
    assert_eq!(house.wheel, kx.wheel);
    assert_eq!(house.lane_water.back_quads, kx.lane_water.back_quads);
    assert_eq!(house.special_water(Special::SixPairs), Some(6));
    assert_eq!(house.special_order(Special::SixPairs), Some(9), "AS removed above it");
    assert_eq!(house.special_water(Special::TwelveBlackOneRed), Some(7));
    assert_eq!(house.special_order(Special::TwelveBlackOneRed), Some(house.specials.len() - 1));
    assert_eq!(house.special_water(Special::AllSmall), None);
    assert_eq!(house.special_order(Special::AllSmall), None);
    // The preset itself is untouched.
    assert_eq!(Rules::preset(Preset::Kx), kx);
    assert_eq!(kx.special_water(Special::AllSmall), Some(10));
}

fn invalid(r: &Rules) -> (String, String) {
    match r.validate() {
        Err(Error::InvalidRules { path, reason }) => (path, reason),
        other => panic!("expected InvalidRules, got {other:?}"),
    }
}

#[test]
fn validation_names_the_bad_field() {
    let c = Rules::classic;

    let mut r = c();
    r.specials.push(r.specials[3]);
    let (path, reason) = invalid(&r);
    assert_eq!(path, "specials[13].special");
    assert!(reason.contains("TSF is listed twice"), "{reason}");

    let mut r = c();
    r.shooting.multiplier = 0;
    assert_eq!(invalid(&r).0, "shooting.multiplier");
    let mut r = c();
    r.home_run.multiplier = Amount::Fixed(0);
    assert_eq!(invalid(&r).0, "home_run.multiplier");

    let mut r = c();
    r.specials[2].water = 0;
    assert_eq!(invalid(&r).0, "specials[2].water");
    let mut r = c();
    r.lane_water.back_quads = 0;
    assert_eq!(invalid(&r).0, "lane_water.back_quads");
    let mut r = c();
    r.lane_water.middle_five_kind = Some(0);
    assert_eq!(invalid(&r).0, "lane_water.middle_five_kind");
    let mut r = c();
    r.lane_water.front_trips = 1001;
    assert_eq!(invalid(&r).0, "lane_water.front_trips");

    let mut r = c();
    r.twelve_royals_min = 11;
    assert_eq!(invalid(&r).0, "twelve_royals_min");
    let mut r = c();
    r.shooting.min_players = 1;
    assert_eq!(invalid(&r).0, "shooting.min_players");
    let mut r = c();
    r.home_run.min_players = 9;
    assert_eq!(invalid(&r).0, "home_run.min_players");
    // Big tables (RULES.md §11) count up to 8 seats.
    let mut r = c();
    r.home_run.min_players = 8;
    r.shooting.min_players = 5;
    r.validate().unwrap();

    // Contradictions.
    let mut r = c();
    r.shooting.enabled = false;
    assert_eq!(invalid(&r).0, "home_run.enabled");
    r.home_run.enabled = false;
    r.validate().unwrap();
    // Redundant but not contradictory: a home run is made of shots, so it simply needs both.
    let mut r = c();
    r.home_run.min_players = 2;
    r.validate().unwrap();

    // Banker mode and the majority bonus are pairwise only; on any pairwise preset both are fine.
    let mut r = Rules::preset(Preset::Ranked);
    r.table = Table::Banker;
    let (path, reason) = invalid(&r);
    assert_eq!(path, "table");
    assert!(reason.contains("ranked"), "{reason}");
    let mut r = Rules::preset(Preset::Ranked);
    r.majority_bonus = 1;
    assert_eq!(invalid(&r).0, "majority_bonus");
    let mut r = c();
    r.majority_bonus = 1001;
    assert_eq!(invalid(&r).0, "majority_bonus");
    for p in Preset::ALL.into_iter().filter(|&p| p != Preset::Ranked) {
        let r = Rules { table: Table::Banker, majority_bonus: 2, ..Rules::preset(p) };
        r.validate().unwrap();
    }

    // The error message carries the path.
    let mut r = c();
    r.shooting.multiplier = 0;
    let msg = r.validate().unwrap_err().to_string();
    assert!(msg.starts_with("invalid rule set at `shooting.multiplier`"), "{msg}");
}
