//! The README's Rust quick start is what users paste, so it must compile and run. It runs as a
//! doctest from the crate's own README (`core/README.md`, included by `core/src/lib.rs`, and
//! packaged with the crate); this test, outside the published crate, holds the repository's
//! README.md to the same text.

const ROOT_README: &str = include_str!("../../README.md");
const CRATE_README: &str = include_str!("../../core/README.md");

/// The ```rust blocks of a Markdown text, fences excluded.
fn rust_blocks(md: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in md.lines() {
        match &mut current {
            None if line.trim_start().starts_with("```rust") => current = Some(String::new()),
            None => {}
            Some(_) if line.trim_start().starts_with("```") => blocks.push(current.take().unwrap()),
            Some(b) => {
                b.push_str(line);
                b.push('\n');
            }
        }
    }
    assert!(current.is_none(), "an unclosed ```rust block");
    blocks
}

#[test]
fn every_rust_block_of_the_readme_is_a_doctest_of_the_crate_readme() {
    let root = rust_blocks(ROOT_README);
    let tested = rust_blocks(CRATE_README);
    assert!(!root.is_empty(), "README.md has no Rust example");
    assert!(ROOT_README.contains("### Rust\n"), "README.md lost its Rust quick start");
    for block in &root {
        assert!(
            tested.contains(block),
            "this ```rust block of README.md is not in core/README.md (where it is doctested):\n{block}"
        );
    }
}

#[test]
fn the_examples_are_complete_programs_without_hidden_lines() {
    for block in rust_blocks(ROOT_README).iter().chain(&rust_blocks(CRATE_README)) {
        for line in block.lines() {
            let t = line.trim_start();
            // rustdoc hides `# ` lines; a reader pasting the example would not have them.
            assert!(!(t == "#" || t.starts_with("# ")), "hidden doctest line {line:?} in:\n{block}");
        }
        assert!(block.contains("fn main()"), "not a complete program:\n{block}");
    }
}

/// The README's layout table: every design note in `docs/` and every program of `tools/` is
/// named in it (they are easy to add and forget).
#[test]
fn the_layout_table_names_every_doc_and_every_tool() {
    let start = ROOT_README.find("## Layout").expect("README.md has a Layout section");
    let layout = &ROOT_README[start..];
    let layout = &layout[..layout[3..].find("\n## ").map_or(layout.len(), |i| i + 3)];
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let names = |dir: &str, ext: &str| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(format!("{root}/{dir}"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(ext))
            .collect();
        v.sort();
        v
    };
    let docs = names("docs", ".md");
    assert!(docs.len() >= 3, "{docs:?}");
    for doc in docs {
        assert!(layout.contains(&format!("docs/{doc}")), "the layout table does not link docs/{doc}");
    }
    for bin in names("tools/src/bin", ".rs") {
        let name = bin.trim_end_matches(".rs");
        assert!(layout.contains(&format!("`{name}`")), "the layout table does not name `{name}`");
    }
}
