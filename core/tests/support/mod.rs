//! What the Rust tests that write the cross-language vectors (`tests/vectors/`) share: a fixed
//! random sequence, JSON text, and the compare-or-rewrite step; and the documented shuffle the
//! dealing tests check the dealer against.
//!
//! The core crate's tests include it as `mod support;`, the FFI crate's as
//! `#[path = "../../core/tests/support/mod.rs"] mod support;`. It names no crate (the two
//! crates reach the engine under different names), so cards travel as their codes.

// Each test binary uses a part of it.
#![allow(dead_code)]

/// SplitMix64: a fixed, dependency-free sequence, so that recorded vectors never change.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (modulo: the vectors need a fixed sequence, not an unbiased one).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn coin(&mut self) -> bool {
        self.next() & 1 == 1
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// Fisher–Yates from the top.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }

    /// The codes of the first `n` cards of a shuffled deck.
    pub fn deal(&mut self, n: usize) -> Vec<u8> {
        let mut deck: Vec<u8> = (0..52).collect();
        self.shuffle(&mut deck);
        deck.truncate(n);
        deck
    }
}

/// The deal's documented shuffle (RULES.md §10, the `deal` module docs), written again from
/// the text on top of the raw generator words (`next_word`: `Dealer::next_word`), so that the
/// tests check the docs, not the code against itself: Fisher–Yates from the top, each index
/// drawn from 32-bit words by rejection sampling.
pub fn documented_shuffle(deck: &mut [u8], mut next_word: impl FnMut() -> u32) {
    for i in (1..deck.len()).rev() {
        let n = (i + 1) as u64;
        let limit = (1u64 << 32) - (1u64 << 32) % n;
        let j = loop {
            let x = next_word() as u64;
            if x < limit {
                break (x % n) as usize;
            }
        };
        deck.swap(i, j);
    }
}

/// A JSON string literal (escaping what JSON requires).
pub fn js(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Card codes as a JSON array.
pub fn codes_json(codes: impl IntoIterator<Item = u8>) -> String {
    let v: Vec<String> = codes.into_iter().map(|c| c.to_string()).collect();
    format!("[{}]", v.join(", "))
}

/// A vector file: `{"version": 1`, then `extra` (whole lines, each ending in a comma), then
/// each section as an array with one row per line.
pub fn document(extra: &str, sections: &[(&str, &[String])]) -> String {
    let mut out = format!("{{\n  \"version\": 1,\n{extra}");
    for (i, (name, rows)) in sections.iter().enumerate() {
        let comma = if i + 1 == sections.len() { "" } else { "," };
        out += &format!("  \"{name}\": [\n    {}\n  ]{comma}\n", rows.join(",\n    "));
    }
    out += "}\n";
    out
}

/// True, after a note on stderr, when the folder of the shared vector file at `path` is absent
/// and `UPDATE_VECTORS` is unset: the crate was unpacked from its `.crate` (crates.io ships
/// `core/` alone, not the repository's `tests/vectors/`), so there is nothing to compare with.
/// Inside the repository the folder is there and a missing or stale file still fails.
pub fn vectors_absent(path: &str) -> bool {
    let dir = std::path::Path::new(path).parent().expect("a vector file sits in a folder");
    if dir.is_dir() || std::env::var_os("UPDATE_VECTORS").is_some() {
        return false;
    }
    let name = path.rsplit_once("/../").map_or(path, |(_, rest)| rest);
    eprintln!("note: {name} not compared: {} is absent (the crate outside its repository)", dir.display());
    true
}

/// Compare a freshly generated vector file with the committed one at `path`; with
/// `UPDATE_VECTORS` set, rewrite it instead. `command` is the test to rerun, `hint` a likely
/// cause worth naming in the failure (or empty). Skipped, with a note, where the shared vectors
/// are absent ([`vectors_absent`]).
pub fn check_vectors(path: &str, fresh: &str, command: &str, hint: &str) {
    if vectors_absent(path) {
        return;
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    if fresh == committed {
        return;
    }
    if std::env::var_os("UPDATE_VECTORS").is_some() {
        if let Some(dir) = std::path::Path::new(path).parent() {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(path, fresh).unwrap();
        return;
    }
    let name = path.rsplit_once("/../").map_or(path, |(_, rest)| rest);
    panic!("{name} differs from what the engine makes{hint}; if the change is intended run UPDATE_VECTORS=1 {command}");
}
