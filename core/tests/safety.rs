//! Safety nets for hostile or careless input: card text of any size is parsed in one pass that
//! allocates nothing but its result, errors quote a bounded excerpt, JSON takes named fields
//! only, money refuses water that no settlement makes, and the shared arranger cache is bounded.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use shisanshui::error::EXCERPT_CHARS;
use shisanshui::{arrange, parse_cards, Arrangement, Card, CardSet, Error, Rules};

// ---------------------------------------------------------------------------------------------
// An allocator that counts this thread's live and peak bytes (tests run on several threads).
// ---------------------------------------------------------------------------------------------

struct Counting;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let _ = LIVE.try_with(|l| {
                let now = l.get() + layout.size();
                l.set(now);
                let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
            });
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        let _ = LIVE.try_with(|l| l.set(l.get().saturating_sub(layout.size())));
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// The result of `f` and the most bytes it had allocated at once on this thread.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(|l| l.get());
    PEAK.with(|p| p.set(base));
    let out = f();
    (out, PEAK.with(|p| p.get()) - base)
}

const TEN_MB: usize = 10_000_000;

// ---------------------------------------------------------------------------------------------
// The card parser of 0.1.0, kept here as the reference the one-pass parser must agree with,
// with the jokers' names of RULES.md §12 added (`SJ`/`BJ` any case, `小王`/`大王`, each a token).
// ---------------------------------------------------------------------------------------------

fn old_tokenize(s: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if cur.is_empty() && i < chars.len() {
            let pair: String = [c, chars[i]].iter().collect();
            if ["sj", "bj"].contains(&pair.to_ascii_lowercase().as_str()) || pair == "小王" || pair == "大王" {
                tokens.push(pair);
                i += 1;
                continue;
            }
        }
        if c.is_whitespace() || c == ',' {
            if !cur.is_empty() {
                tokens.push(std::mem::take(&mut cur));
            }
            continue;
        }
        cur.push(c);
        let is_suit = matches!(c.to_ascii_lowercase(), 'd' | 'c' | 'h' | 's')
            || matches!(c, '♦' | '♣' | '♥' | '♠' | '♢' | '♧' | '♡' | '♤');
        if is_suit {
            tokens.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        tokens.push(cur);
    }
    tokens
}

/// What went wrong, as the old parser named it: (kind, token, position).
#[derive(Debug, PartialEq)]
enum Old {
    Cards(Vec<u8>),
    Rank(String, usize),
    Suit(String, usize),
    Duplicate(u8, usize),
    /// A joker, which one deck does not deal.
    Joker(u8, usize),
}

fn old_parse_at(token: &str, position: usize) -> Result<u8, Old> {
    match token.to_ascii_lowercase().as_str() {
        "sj" | "小王" => return Ok(52),
        "bj" | "大王" => return Ok(53),
        _ => {}
    }
    let mut chars: Vec<char> = token.chars().collect();
    let suit_char = if chars.len() >= 2 { chars.pop() } else { None };
    let rank = match chars.as_slice() {
        ['1', '0'] => Some(8),
        [c] => match c.to_ascii_uppercase() {
            '2'..='9' => Some(*c as u8 - b'2'),
            'T' => Some(8),
            'J' => Some(9),
            'Q' => Some(10),
            'K' => Some(11),
            'A' => Some(12),
            _ => None,
        },
        _ => None,
    };
    let Some(rank) = rank else { return Err(Old::Rank(token.to_string(), position)) };
    let suit = match suit_char.map(|c| c.to_ascii_lowercase()) {
        Some('d' | '♦' | '♢') => 0,
        Some('c' | '♣' | '♧') => 1,
        Some('h' | '♥' | '♡') => 2,
        Some('s' | '♠' | '♤') => 3,
        _ => return Err(Old::Suit(token.to_string(), position)),
    };
    Ok(rank * 4 + suit)
}

fn old_parse_cards(s: &str) -> Old {
    let mut seen = 0u64;
    let mut out = Vec::new();
    for (position, token) in old_tokenize(s).iter().enumerate() {
        let code = match old_parse_at(token, position) {
            Ok(c) if c >= 52 => return Old::Joker(c, position),
            Ok(c) => c,
            Err(e) => return e,
        };
        if seen >> code & 1 == 1 {
            return Old::Duplicate(code, position);
        }
        seen |= 1 << code;
        out.push(code);
    }
    Old::Cards(out)
}

fn new_parse_cards(s: &str) -> Old {
    match parse_cards(s) {
        Ok(cards) => Old::Cards(cards.iter().map(|c| c.code()).collect()),
        Err(Error::UnknownRank { token, token_len, position }) => {
            assert_eq!(token_len, token.len(), "a short token is quoted whole");
            Old::Rank(token, position)
        }
        Err(Error::UnknownSuit { token, token_len, position }) => {
            assert_eq!(token_len, token.len());
            Old::Suit(token, position)
        }
        Err(Error::DuplicateCard { card, position, seats: None }) => Old::Duplicate(card.code(), position),
        Err(Error::JokerNotInDeck { card, position, jokers: 0 }) => Old::Joker(card.code(), position),
        Err(e) => panic!("{s:?}: unexpected {e:?}"),
    }
}

/// A small deterministic generator (xorshift), so the comparison is the same on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn the_one_pass_parser_agrees_with_the_old_one() {
    // Every character class the tokenizer and the card grammar distinguish.
    let alphabet: Vec<char> =
        "23456789TtJjQqKkAa10xXdDcChHsSbB♦♣♥♠♢♧♡♤ ,\t\n\u{3000}\u{a0}/é中小大王".chars().collect();
    let mut rng = Rng(0x5EED_0001);
    let mut ok = 0;
    for _ in 0..200_000 {
        let len = (rng.next() % 12) as usize;
        let s: String = (0..len).map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize]).collect();
        let old = old_parse_cards(&s);
        ok += matches!(old, Old::Cards(_)) as usize;
        assert_eq!(new_parse_cards(&s), old, "{s:?}");
        // One card: the old rule was "exactly one token", then parse it.
        let tokens = old_tokenize(&s);
        let want = match tokens.as_slice() {
            [one] => old_parse_at(one, 0).map_err(|e| format!("{e:?}")),
            _ => Err(format!("count {}", tokens.len())),
        };
        let got = match s.parse::<Card>() {
            Ok(c) => Ok(c.code()),
            Err(Error::UnknownRank { token, position, .. }) => Err(format!("{:?}", Old::Rank(token, position))),
            Err(Error::UnknownSuit { token, position, .. }) => Err(format!("{:?}", Old::Suit(token, position))),
            Err(Error::WrongCardCount { expected: 1, found, lane: None }) => Err(format!("count {found}")),
            Err(e) => panic!("{s:?}: unexpected {e:?}"),
        };
        assert_eq!(got, want, "{s:?}");
    }
    assert!(ok > 1000, "the generator makes valid hands too ({ok})");
}

#[test]
fn every_accepted_form_still_parses() {
    let hand = |s: &str| parse_cards(s).unwrap().iter().map(|c| c.code()).collect::<Vec<_>>();
    assert_eq!(hand("As Kd 10h"), vec![51, 44, 34]);
    assert_eq!(hand("AsKdTh"), vec![51, 44, 34]);
    assert_eq!(hand("a♠,k♦ ,t♥"), vec![51, 44, 34]);
    assert_eq!(hand("10h9h"), vec![34, 30]);
    assert_eq!(hand(" \u{3000}A♤,,Q♡\n"), vec![51, 42]);
    assert_eq!(hand(""), Vec::<u8>::new());
    let a: Arrangement = "As Ks Qs / Jh Th 9h 8h 7h / 6d 5d 4d 3d 2d".parse().unwrap();
    assert_eq!(a.to_string().parse::<Arrangement>().unwrap(), a);
    let e = "As Ks Qs / Jh Th 9h 8h Xh / 6d 5d 4d 3d 2d".parse::<Arrangement>().unwrap_err();
    assert_eq!(e, Error::unknown_rank("Xh", 7), "positions count across lanes");
    let e = "As Ks Qs / Jh Th 9h 8h As / 6d 5d 4d 3d 2d".parse::<Arrangement>().unwrap_err();
    assert!(matches!(e, Error::DuplicateCard { position: 7, .. }), "{e:?}");
}

#[test]
fn huge_bad_text_fails_at_once_and_allocates_nothing() {
    let cases = [
        ("x ".repeat(TEN_MB / 2), Error::unknown_rank("x", 0)),
        ("♠".repeat(TEN_MB / 3), Error::unknown_rank("♠", 0)),
        (format!("As Kd {}", "Q".repeat(TEN_MB)), Error::unknown_rank(&"Q".repeat(TEN_MB), 2)),
        (format!("As K{}", "\u{3000}".repeat(TEN_MB / 3)), Error::unknown_suit("K", 1)),
    ];
    for (text, want) in &cases {
        let (got, peak) = peak_of(|| parse_cards(text));
        assert_eq!(got.as_ref().unwrap_err(), want);
        // The error's excerpt and message; nothing in proportion to the text.
        assert!(peak < 1024, "parse_cards allocated {peak} bytes at once for {} bytes of text", text.len());
    }
    // Counting the tokens of a would-be single card does not keep them either.
    let (got, peak) = peak_of(|| "x ".repeat(1000).parse::<Card>());
    assert_eq!(got.unwrap_err(), Error::WrongCardCount { expected: 1, found: 1000, lane: None });
    assert!(peak < 4096, "{peak}");
    let text = "x ".repeat(TEN_MB / 2);
    let (got, peak) = peak_of(|| text.parse::<Card>());
    assert_eq!(got.unwrap_err(), Error::WrongCardCount { expected: 1, found: TEN_MB / 2, lane: None });
    assert!(peak < 1024, "{peak}");
    let slashes = "/".repeat(TEN_MB);
    let (got, peak) = peak_of(|| slashes.parse::<Arrangement>());
    assert!(
        matches!(got, Err(Error::InvalidArgument(ref m)) if m.ends_with(&format!("got {}", TEN_MB + 1))),
        "{got:?}"
    );
    assert!(peak < 1024, "{peak}");
    let (got, peak) = peak_of(|| text.parse::<CardSet>());
    assert_eq!(got.unwrap_err(), Error::unknown_rank("x", 0));
    assert!(peak < 1024, "{peak}");
}

#[test]
fn errors_quote_a_short_excerpt() {
    let token = "x".repeat(TEN_MB);
    let e = parse_cards(&token).unwrap_err();
    let Error::UnknownRank { token: quoted, token_len, position: 0 } = &e else { panic!("{e:?}") };
    assert_eq!(quoted, &"x".repeat(EXCERPT_CHARS));
    assert_eq!(*token_len, TEN_MB);
    let message = e.to_string();
    assert_eq!(message, format!("unknown rank in card \"{}\"… ({TEN_MB} bytes) at position 0", "x".repeat(32)));

    // Cut on a character boundary: 32 characters of three bytes each.
    let wide = format!("A{}", "中".repeat(100));
    let e = parse_cards(&format!("As {wide}")).unwrap_err();
    let Error::UnknownRank { token, token_len, position: 1 } = &e else { panic!("{e:?}") };
    assert_eq!(token.chars().count(), EXCERPT_CHARS);
    assert_eq!(token, &wide.chars().take(32).collect::<String>());
    assert_eq!(*token_len, wide.len());

    // Short tokens are quoted whole, as before.
    assert_eq!(parse_cards("As Xs").unwrap_err().to_string(), "unknown rank in card \"Xs\" at position 1");
    assert_eq!("Kx".parse::<Card>().unwrap_err().to_string(), "unknown suit in card \"Kx\" at position 0");
    let exactly = "x".repeat(EXCERPT_CHARS);
    assert_eq!(parse_cards(&exactly).unwrap_err(), Error::unknown_rank(&exactly, 0));
    assert!(!parse_cards(&exactly).unwrap_err().to_string().contains('…'));

    // Names of presets and specials are shortened too.
    let name = "y".repeat(TEN_MB);
    let e = Rules::from_preset_name(&name).unwrap_err();
    assert_eq!(e, Error::UnknownPreset(format!("{}…", "y".repeat(32))));
    assert!(e.to_string().len() < 200, "{}", e.to_string().len());
    let e = name.parse::<shisanshui::Special>().unwrap_err();
    assert_eq!(e, Error::UnknownSpecial(format!("{}…", "y".repeat(32))));
    assert_eq!("vegas".parse::<shisanshui::Preset>().unwrap_err(), Error::UnknownPreset("vegas".into()));
}

#[test]
fn money_refuses_water_that_does_not_sum_to_zero() {
    use shisanshui::money::{escape, escape_water, settle_money, Rake, Stakes};
    use shisanshui::settle::Water;
    let stakes = Stakes { base: 100, carries: None, rake: Rake::NONE };
    let water = [3, -1, -1].map(Water::from_int);
    let e = settle_money(&water, &stakes).unwrap_err();
    assert!(matches!(&e, Error::InvalidMoney(m) if m.contains("sums to 1, not 0")), "{e:?}");
    let half = [Water::new(1, 2).unwrap(), Water::from_int(0)];
    let e = settle_money(&half, &stakes).unwrap_err();
    assert!(matches!(&e, Error::InvalidMoney(m) if m.contains("sums to 1/2")), "{e:?}");
    // The water of an escape is not zero-sum: settle_money refuses it, `escape` settles it.
    assert!(matches!(settle_money(&escape_water(4, 1).unwrap(), &stakes), Err(Error::InvalidMoney(_))));
    assert_eq!(escape(4, 1, &stakes).unwrap().amounts(), vec![100, -1800, 100, 100]);
    // Zero-sum water settles as before, and the seat count is still checked first.
    assert_eq!(settle_money(&[2, -1, -1].map(Water::from_int), &stakes).unwrap().amounts(), vec![200, -100, -100]);
    assert!(matches!(settle_money(&[Water::from_int(1)], &stakes), Err(Error::InvalidTable(_))));
    let big = [i64::MAX / 840; 4].map(|t| Water::from_units(t * 840));
    assert!(matches!(settle_money(&big, &stakes), Err(Error::InvalidMoney(m)) if m.contains("not 0")));
}

#[test]
fn the_shared_arranger_cache_is_bounded() {
    // The only test of this binary that touches the process-wide cache.
    let hand = parse_cards("As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd").unwrap();
    let rules: Vec<Rules> = (1..=3)
        .map(|t| {
            let mut r = Rules::classic();
            r.lane_water.front_trips = t;
            r
        })
        .collect();
    assert_eq!(arrange::cache_capacity(), arrange::DEFAULT_CACHE_CAPACITY);
    arrange::clear_cache();
    assert_eq!(arrange::cache_len(), 0);
    let want = arrange::Arranger::new(&Rules::classic(), 4).unwrap().arrange(&hand).unwrap();
    assert_eq!(arrange::auto_arrange(&hand, &Rules::classic()).unwrap(), want);
    assert_eq!(arrange::cache_len(), 1);

    // Capacity 2: the least recently used arranger goes first.
    assert_eq!(arrange::set_cache_capacity(2), arrange::DEFAULT_CACHE_CAPACITY);
    let a0 = arrange::shared_arranger(&rules[0], 4).unwrap();
    assert_eq!(arrange::cache_len(), 2);
    let a1 = arrange::shared_arranger(&rules[1], 4).unwrap();
    assert_eq!(arrange::cache_len(), 2, "classic was dropped");
    assert!(std::sync::Arc::ptr_eq(&a0, &arrange::shared_arranger(&rules[0], 4).unwrap()), "a hit");
    arrange::shared_arranger(&rules[2], 4).unwrap();
    assert!(std::sync::Arc::ptr_eq(&a0, &arrange::shared_arranger(&rules[0], 4).unwrap()), "rules[0] was used last");
    assert!(!std::sync::Arc::ptr_eq(&a1, &arrange::shared_arranger(&rules[1], 4).unwrap()), "rules[1] was dropped");
    assert_eq!(arrange::cache_len(), 2);

    // Lowering the capacity drops the excess now; 0 keeps nothing and still answers.
    assert_eq!(arrange::set_cache_capacity(1), 2);
    assert_eq!(arrange::cache_len(), 1);
    assert_eq!(arrange::set_cache_capacity(0), 1);
    assert_eq!(arrange::cache_len(), 0);
    assert_eq!(arrange::auto_arrange(&hand, &Rules::classic()).unwrap(), want);
    assert_eq!(arrange::suggest(&hand, &Rules::classic(), 1).unwrap()[0].arrangement, want.arrangement);
    assert_eq!(arrange::cache_len(), 0);
    let x = arrange::shared_arranger(&rules[0], 3).unwrap();
    assert!(!std::sync::Arc::ptr_eq(&x, &arrange::shared_arranger(&rules[0], 3).unwrap()));

    // Clearing empties the cache and keeps the capacity.
    arrange::set_cache_capacity(8);
    arrange::shared_arranger(&rules[0], 2).unwrap();
    arrange::shared_arranger(&rules[1], 2).unwrap();
    assert_eq!(arrange::cache_len(), 2);
    arrange::clear_cache();
    assert_eq!((arrange::cache_len(), arrange::cache_capacity()), (0, 8));
    // Errors are not cached.
    assert!(matches!(arrange::shared_arranger(&rules[0], 5), Err(Error::InvalidTable(_))));
    assert_eq!(arrange::cache_len(), 0);
    arrange::set_cache_capacity(arrange::DEFAULT_CACHE_CAPACITY);
}

#[cfg(feature = "serde")]
mod json {
    use super::*;
    use serde_json::{json, Value};
    use shisanshui::money::{Rake, Stakes};
    use shisanshui::settle::{PlayerHand, Water};

    fn invalid(r: shisanshui::Result<Rules>) -> (String, String) {
        match r {
            Err(Error::InvalidRules { path, reason }) => (path, reason),
            other => panic!("expected InvalidRules, got {other:?}"),
        }
    }

    /// The positional form of an object: its values in order (serde_json keeps field order
    /// only with `preserve_order`, so the order is taken from the struct's own JSON text).
    fn positional(text: &str) -> String {
        let v: Value = serde_json::from_str(text).unwrap();
        let Value::Object(map) = v else { panic!("not an object") };
        let mut keys: Vec<(usize, String)> =
            map.keys().map(|k| (text.find(&format!("\"{k}\"")).unwrap(), k.clone())).collect();
        keys.sort();
        let values: Vec<String> = keys.iter().map(|(_, k)| map[k].to_string()).collect();
        format!("[{}]", values.join(","))
    }

    const NAMED: &str = "a JSON object of named fields";

    #[test]
    fn a_rule_set_is_an_object_not_an_array() {
        let classic = Rules::classic().to_json();
        let array = positional(&classic);
        let (path, reason) = invalid(Rules::from_json(&array));
        assert_eq!(path, ".", "the root");
        assert!(
            reason.starts_with("invalid type: sequence, expected a JSON object of named fields (struct Rules)"),
            "{reason}"
        );
        // Nested structs: the path names the field.
        let mut v: Value = serde_json::from_str(&classic).unwrap();
        for field in ["lane_water", "shooting", "home_run"] {
            let mut w = v.clone();
            w[field] = serde_json::from_str(&positional(&v[field].to_string())).unwrap();
            let (path, reason) = invalid(Rules::from_json(&w.to_string()));
            assert_eq!(path, field);
            assert!(reason.contains(NAMED), "{reason}");
            // The same through partial changes (merged as JSON values).
            let change = json!({ field: w[field].clone() });
            let (path, reason) = invalid(Rules::classic().with_json_changes(&change.to_string()));
            assert_eq!(path, field);
            assert!(reason.contains(NAMED), "{reason}");
        }
        v["specials"][1] = json!(["dragon", 36]);
        let (path, reason) = invalid(Rules::from_json(&v.to_string()));
        assert_eq!(path, "specials[1]");
        assert!(reason.contains(NAMED), "{reason}");
        let (path, _) = invalid(Rules::classic().with_json_changes(r#"{"specials": [["dragon", 36]]}"#));
        assert_eq!(path, "specials[0]");
        // The object forms still load.
        assert_eq!(Rules::from_json(&classic).unwrap(), Rules::classic());
    }

    #[test]
    fn other_json_inputs_are_objects_too() {
        let stakes = Stakes { base: 100, carries: Some(vec![1, 2]), rake: Rake::percent(5) };
        let text = serde_json::to_string(&stakes).unwrap();
        assert_eq!(serde_json::from_str::<Stakes>(&text).unwrap(), stakes);
        let e = serde_json::from_str::<Stakes>(r#"[100, [1, 2], {"numerator": 5, "denominator": 100}]"#).unwrap_err();
        assert!(e.to_string().contains(NAMED), "{e}");
        let e = serde_json::from_str::<Stakes>(r#"{"base": 1, "carries": null, "rake": [5, 100]}"#).unwrap_err();
        assert!(e.to_string().contains(NAMED), "{e}");
        assert!(serde_json::from_str::<Water>(r#"{"num": 3, "den": 2}"#).is_ok());
        assert!(serde_json::from_str::<Water>("[3, 2]").unwrap_err().to_string().contains(NAMED));

        let a: Arrangement = "As Ks Qs / Jh Th 9h 8h 7h / 6d 5d 4d 3d 2d".parse().unwrap();
        let text = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Arrangement>(&text).unwrap(), a);
        let e = serde_json::from_str::<Arrangement>(&positional(&text)).unwrap_err();
        assert!(e.to_string().contains(NAMED), "{e}");

        let hand = PlayerHand::Arranged(a);
        let text = serde_json::to_string(&hand).unwrap();
        assert_eq!(serde_json::from_str::<PlayerHand>(&text).unwrap(), hand);
        let cards = parse_cards("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As").unwrap();
        let special = PlayerHand::special(shisanshui::Special::Dragon, &cards).unwrap();
        let text = serde_json::to_string(&special).unwrap();
        assert_eq!(serde_json::from_str::<PlayerHand>(&text).unwrap(), special);
        let inner: Value = serde_json::from_str::<Value>(&text).unwrap()["special"].clone();
        let array = format!(r#"{{"special": {}}}"#, positional(&inner.to_string()));
        let e = serde_json::from_str::<PlayerHand>(&array).unwrap_err();
        assert!(e.to_string().contains(NAMED), "{e}");
    }

    #[test]
    fn huge_bad_json_makes_a_small_error() {
        let big = "x".repeat(TEN_MB);
        for json in [
            format!(r#"{{"wheel": "{big}"}}"#),
            format!(r#"{{"{big}": 1}}"#),
            format!(r#"{{"lane_water": {{"{big}": 1}}}}"#),
            format!(r#"{{"suit_tiebreak": "{big}"}}"#),
            format!(r#"{{"suit_tiebreak": "\"{big}"}}"#),
            format!(r#"{{"specials": [{{"special": "{big}", "water": 1}}]}}"#),
        ] {
            for r in [Rules::from_json(&json), Rules::classic().with_json_changes(&json)] {
                let (path, reason) = invalid(r);
                assert!(path.len() + reason.len() < 600, "{path:?}: {} bytes: {}", reason.len(), &reason[..200]);
                assert!(reason.contains("x…") || reason.contains('…'), "{reason}");
            }
        }
        // Short values are quoted whole, as before.
        let (_, reason) = invalid(Rules::from_json(r#"{"wheel": "sideways"}"#));
        assert!(reason.starts_with("unknown variant `sideways`, expected"), "{reason}");
    }
}
