//! Rule sets as JSON (feature `serde`): round trips, partial changes, and errors that name the
//! JSON path of the bad field. Run with `cargo test -p shisanshui --features serde --test rules_json`.
#![cfg(feature = "serde")]

use shisanshui::{Amount, Error, Preset, Rules, Special, Table};

/// The (path, reason) of an `InvalidRules` error.
fn invalid(r: shisanshui::Result<Rules>) -> (String, String) {
    match r {
        Err(Error::InvalidRules { path, reason }) => (path, reason),
        other => panic!("expected InvalidRules, got {other:?}"),
    }
}

fn classic_json() -> serde_json::Value {
    serde_json::from_str(&Rules::classic().to_json()).unwrap()
}

#[test]
fn every_preset_round_trips() {
    for p in Preset::ALL {
        let r = Rules::preset(p);
        let json = r.to_json();
        assert_eq!(Rules::from_json(&json).unwrap(), r, "{p}");
        // Changed fields survive too.
        let mut changed = r.clone();
        changed.strict_order = true;
        changed.set_special_water(Special::TwelveRedOneBlack, 9);
        assert_eq!(Rules::from_json(&changed.to_json()).unwrap(), changed, "{p}");
    }
}

#[test]
fn the_json_shape() {
    // The field names and value forms the C, Python and C# surfaces rely on.
    let v: serde_json::Value = serde_json::from_str(&Rules::preset(Preset::Ranked).to_json()).unwrap();
    assert_eq!(v["wheel"], "second_highest");
    assert_eq!(v["scoring"], "ranked");
    assert_eq!(v["lane_water"]["front_trips"], 4);
    assert_eq!(v["lane_water"]["middle_five_kind"], 20);
    assert_eq!(v["shooting"]["bonus"], "players_minus_one");
    assert_eq!(v["home_run"]["bonus_per_victim"], 12);
    assert_eq!(v["specials"][0]["special"], "SD");
    assert_eq!(v["specials"][0]["water"], 108);
    let kx: serde_json::Value = serde_json::from_str(&Rules::preset(Preset::Kx).to_json()).unwrap();
    assert_eq!(kx["shooting"]["bonus"]["fixed"], 0);
    assert_eq!(kx["lane_water"]["back_five_kind"], 10);
    assert_eq!(v["extra_suits"], serde_json::json!([]));
    assert_eq!(v["table"], "all_pairs");
    assert_eq!(v["majority_bonus"], 0);
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 14, "{keys:?}");
    let cp: serde_json::Value = serde_json::from_str(&Rules::preset(Preset::ChinesePoker).to_json()).unwrap();
    assert_eq!(cp["majority_bonus"], 1);
    assert_eq!(cp["specials"], serde_json::json!([]));
    let mut banker = Rules::preset(Preset::Kx);
    banker.table = Table::Banker;
    let b: serde_json::Value = serde_json::from_str(&banker.to_json()).unwrap();
    assert_eq!(b["table"], "banker");
}

#[test]
fn table_and_majority_bonus_in_json() {
    // JSON written before the two options existed still loads, as all_pairs with no bonus.
    let mut v = classic_json();
    v.as_object_mut().unwrap().remove("table");
    v.as_object_mut().unwrap().remove("majority_bonus");
    assert_eq!(Rules::from_json(&v.to_string()).unwrap(), Rules::classic());

    let house = Rules::classic().with_json_changes(r#"{"table": "banker", "majority_bonus": 2}"#).unwrap();
    assert_eq!((house.table, house.majority_bonus), (Table::Banker, 2));
    assert_eq!(Rules::from_json(&house.to_json()).unwrap(), house);

    let (path, reason) = invalid(Rules::classic().with_json_changes(r#"{"table": "round_robin"}"#));
    assert_eq!(path, "table");
    assert!(reason.contains("round_robin"), "{reason}");
    let (path, reason) = invalid(Rules::classic().with_json_changes(r#"{"majority_bonus": -1}"#));
    assert_eq!(path, "majority_bonus");
    assert!(reason.contains("-1"), "{reason}");
    assert_eq!(invalid(Rules::classic().with_json_changes(r#"{"majority_bonus": 1001}"#)).0, "majority_bonus");
    // Pairwise-only options under ranked scoring.
    let ranked = Rules::preset(Preset::Ranked);
    let (path, reason) = invalid(ranked.with_json_changes(r#"{"table": "banker"}"#));
    assert_eq!(path, "table");
    assert!(reason.contains("ranked"), "{reason}");
    assert_eq!(invalid(ranked.with_json_changes(r#"{"majority_bonus": 1}"#)).0, "majority_bonus");
    ranked.with_json_changes(r#"{"table": "all_pairs", "majority_bonus": 0}"#).unwrap();
}

#[test]
fn bad_fields_are_named_by_json_path() {
    // A negative water.
    let mut v = classic_json();
    v["specials"][4]["water"] = (-3).into();
    let (path, reason) = invalid(Rules::from_json(&v.to_string()));
    assert_eq!(path, "specials[4].water");
    assert!(reason.contains("-3"), "{reason}");

    // An unknown field, top level and nested: the message names it.
    let mut v = classic_json();
    v["strict_ordr"] = true.into();
    let (path, reason) = invalid(Rules::from_json(&v.to_string()));
    assert!(reason.contains("unknown field `strict_ordr`"), "{reason}");
    assert_eq!(path, "strict_ordr");
    let mut v = classic_json();
    v["shooting"]["multiplyer"] = 2.into();
    let (path, reason) = invalid(Rules::from_json(&v.to_string()));
    assert!(reason.contains("unknown field `multiplyer`"), "{reason}");
    assert_eq!(path, "shooting.multiplyer");

    // An unknown special id, an unknown wheel.
    let mut v = classic_json();
    v["specials"][1]["special"] = "XX".into();
    let (path, reason) = invalid(Rules::from_json(&v.to_string()));
    assert_eq!(path, "specials[1].special");
    assert!(reason.contains("XX"), "{reason}");
    let mut v = classic_json();
    v["wheel"] = "highest".into();
    assert_eq!(invalid(Rules::from_json(&v.to_string())).0, "wheel");

    // A wrong type, a missing field.
    let mut v = classic_json();
    v["lane_water"]["front_trips"] = "three".into();
    assert_eq!(invalid(Rules::from_json(&v.to_string())).0, "lane_water.front_trips");
    // A field left out is the starting preset's (classic unless the JSON names one).
    let mut v = classic_json();
    v.as_object_mut().unwrap().remove("split_quads");
    v["split_quads"] = serde_json::Value::Null;
    assert_eq!(invalid(Rules::from_json(&v.to_string())).0, "split_quads");

    // Values that parse but do not validate: same paths.
    let mut v = classic_json();
    v["shooting"]["multiplier"] = 0.into();
    assert_eq!(invalid(Rules::from_json(&v.to_string())).0, "shooting.multiplier");
    let mut v = classic_json();
    v["home_run"]["multiplier"] = serde_json::json!({"fixed": 0});
    assert_eq!(invalid(Rules::from_json(&v.to_string())).0, "home_run.multiplier");
    let mut v = classic_json();
    let sp = v["specials"][10].clone();
    v["specials"].as_array_mut().unwrap().push(sp);
    let (path, reason) = invalid(Rules::from_json(&v.to_string()));
    assert_eq!(path, "specials[13].special");
    assert!(reason.contains("SP is listed twice"), "{reason}");

    // Not JSON at all.
    let (path, reason) = invalid(Rules::from_json("{\"wheel\": "));
    assert_eq!(path, "wheel");
    assert!(reason.contains("EOF"), "{reason}");
    // Text after a valid rule set is not silently ignored.
    let (_, reason) = invalid(Rules::from_json(&format!("{} x", Rules::classic().to_json())));
    assert!(reason.contains("trailing characters"), "{reason}");
}

#[test]
fn unknown_preset_names() {
    assert_eq!(Rules::from_preset_name("macau"), Err(Error::UnknownPreset("macau".into())));
    let err = serde_json::from_str::<Preset>("\"macau\"").unwrap_err().to_string();
    assert!(err.contains("unknown variant `macau`"), "{err}");
    assert_eq!(serde_json::from_str::<Preset>("\"hk\"").unwrap(), Preset::Hk);
}

#[test]
fn partial_changes_on_a_preset() {
    let kx = Rules::preset(Preset::Kx);
    let house = kx
        .with_json_changes(
            r#"{"strict_order": true,
                "shooting": {"multiplier": 3},
                "home_run": {"multiplier": "players_minus_one"},
                "specials": [{"special": "TS", "water": 5}, {"special": "TF", "water": 4}]}"#,
        )
        .unwrap();
    let mut want = kx.clone();
    want.strict_order = true;
    want.shooting.multiplier = 3;
    want.home_run.multiplier = Amount::PlayersMinusOne;
    want.specials.clear();
    want.set_special_water(Special::ThreeStraights, 5);
    want.set_special_water(Special::ThreeFlushes, 4);
    assert_eq!(house, want);
    assert_eq!(kx.with_json_changes("{}").unwrap(), kx);

    let (path, reason) = invalid(kx.with_json_changes(r#"{"lane_water": {"front_trip": 5}}"#));
    assert_eq!(path, "lane_water.front_trip");
    assert!(reason.contains("unknown field `front_trip`"), "{reason}");
    let (path, _) = invalid(kx.with_json_changes(r#"{"specials": [{"special": "SP", "water": -1}]}"#));
    assert_eq!(path, "specials[0].water");
    assert_eq!(invalid(kx.with_json_changes(r#"{"shooting": {"multiplier": 0}}"#)).0, "shooting.multiplier");
    assert!(invalid(kx.with_json_changes("[1, 2]")).1.contains("must be a JSON object"));
    // Not JSON: the same root path as `from_json` reports.
    let (path, reason) = invalid(kx.with_json_changes("{\"wheel\": "));
    assert_eq!(path, invalid(Rules::from_json("{\"wheel\": ")).0);
    assert!(reason.contains("EOF"), "{reason}");
    assert!(invalid(kx.with_json_changes("{} {}")).1.contains("trailing characters"));
}

#[test]
fn a_partial_rule_set_starts_from_its_preset() {
    // Only the fields that change, from classic by default.
    let r = Rules::from_json(r#"{"lane_water": {"front_trips": 4}}"#).unwrap();
    let mut want = Rules::classic();
    want.lane_water.front_trips = 4;
    assert_eq!(r, want);
    assert_eq!(Rules::from_json("{}").unwrap(), Rules::classic());
    // From a named preset.
    let r = Rules::from_json(r#"{"preset": "kx", "strict_order": true}"#).unwrap();
    let mut want = Rules::preset(Preset::Kx);
    want.strict_order = true;
    assert_eq!(r, want);
    // A complete document loads as itself, whatever preset it names.
    for p in Preset::ALL {
        let whole = Rules::preset(p).to_json();
        assert_eq!(Rules::from_json(&whole).unwrap(), Rules::preset(p), "{p}");
        let mut named: serde_json::Value = serde_json::from_str(&whole).unwrap();
        named["preset"] = "hk".into();
        assert_eq!(Rules::from_json(&named.to_string()).unwrap(), Rules::preset(p), "{p} from hk");
    }
    // A bad preset is named; the changes are checked as changes are.
    assert_eq!(Rules::from_json(r#"{"preset": "macau"}"#), Err(Error::UnknownPreset("macau".into())));
    assert_eq!(invalid(Rules::from_json(r#"{"preset": 3}"#)).0, "preset");
    let (path, reason) = invalid(Rules::from_json(r#"{"preset": "kx", "lane_water": {"front_trip": 5}}"#));
    assert_eq!(path, "lane_water.front_trip");
    assert!(reason.contains("unknown field `front_trip`"), "{reason}");
    assert_eq!(invalid(Rules::from_json(r#"{"shooting": {"multiplier": 0}}"#)).0, "shooting.multiplier");
    // Only from_json reads "preset": a change to a rule set cannot swap its base.
    assert!(invalid(Rules::classic().with_json_changes(r#"{"preset": "kx"}"#)).1.contains("unknown field `preset`"));
}

#[test]
fn bad_json_reports_its_first_error() {
    // A wrong type in a field comes before the text's later syntax error: it is the one named.
    let text = Rules::classic().to_json();
    let start = text.find("\"shooting\"").unwrap();
    let end = start + text[start..].find('}').unwrap() + 1;
    let broken = format!("{}\"shooting\": [true, 1]{}", &text[..start], &text[end..]);
    assert_eq!(invalid(Rules::from_json(&broken)).0, "shooting");
    // A partial rule set with a syntax error: the syntax error, not the fields it leaves out.
    let (path, reason) = invalid(Rules::from_json(r#"{"lane_water": {"front_trips": 4}, "wheel": }"#));
    assert!(!reason.contains("missing field"), "{path}: {reason}");
    assert!(invalid(Rules::from_json(r#"{"lane_water": {"front_trips": 4}} x"#)).1.contains("trailing characters"));
    // Inside an object the text leaves open, and in the text's order, not the fields' names.
    let (path, reason) = invalid(Rules::from_json(r#"{"wheel": "second_highest", "shooting": {"multiplier": "x", "#));
    assert_eq!(path, "shooting.multiplier", "{reason}");
    assert!(reason.contains("invalid type: string \"x\""), "{reason}");
    assert_eq!(invalid(Rules::from_json(r#"{"zz": 1, "aa": 2, "#)).0, "zz");
    assert_eq!(invalid(Rules::from_json(r#"{"specials": [{"special": "XX", "water": 3}, "#)).0, "specials[0].special");
    // Nothing wrong before the syntax error: the syntax error.
    let (path, reason) = invalid(Rules::from_json(r#"{"wheel": "second_highest", "strict_order": tru"#));
    assert!(path == "strict_order" && reason.contains("EOF while parsing"), "{path}: {reason}");
}
