//! The committed header `include/shisanshui.h` must be exactly what cbindgen generates from the
//! current code (cbindgen runs here as a library, so Cargo.lock pins its version).
//! `UPDATE_HEADER=1 cargo test -p shisanshui-ffi --test header` rewrites it.
//! It also checks that the header's constants match what the library reports.

use std::path::{Path, PathBuf};

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn header_path() -> PathBuf {
    crate_dir().join("../include/shisanshui.h")
}

fn generate() -> String {
    let dir = crate_dir();
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("ffi/cbindgen.toml parses");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_crate(&dir)
        .generate()
        .expect("cbindgen generates the header");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("the header is UTF-8")
}

fn first_diff(a: &str, b: &str) -> String {
    for (i, (la, lb)) in a.lines().zip(b.lines()).enumerate() {
        if la != lb {
            return format!("line {}:\n  committed: {la}\n  generated: {lb}", i + 1);
        }
    }
    format!("lengths differ: committed {} lines, generated {} lines", a.lines().count(), b.lines().count())
}

#[test]
fn committed_header_is_current() {
    let fresh = generate();
    let path = header_path();
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed == fresh {
        return;
    }
    if std::env::var_os("UPDATE_HEADER").is_some() {
        std::fs::write(&path, &fresh).expect("write include/shisanshui.h");
        eprintln!("rewrote {}", path.display());
        return;
    }
    panic!(
        "include/shisanshui.h differs from what cbindgen makes of ffi/src ({}).\n\
         Run: UPDATE_HEADER=1 cargo test -p shisanshui-ffi --test header",
        first_diff(&committed, &fresh)
    );
}

/// The value of `#define NAME value` in the committed header.
fn define(name: &str) -> Option<String> {
    let header = std::fs::read_to_string(header_path()).expect("include/shisanshui.h exists");
    header.lines().find_map(|l| {
        let mut it = l.split_whitespace();
        match (it.next(), it.next(), it.next()) {
            (Some("#define"), Some(n), Some(v)) if n == name => Some(v.to_string()),
            _ => None,
        }
    })
}

#[test]
fn header_abi_version_matches_the_library() {
    let v = define("SSS_ABI_VERSION").expect("the header defines SSS_ABI_VERSION");
    assert_eq!(v.parse::<u32>().unwrap(), shisanshui::sss_abi_version());
    assert_eq!(shisanshui::sss_abi_version(), shisanshui::SSS_ABI_VERSION);
    assert_eq!(define("SSS_MAX_CARDS").as_deref(), Some("52"));
}

#[test]
fn library_version_is_the_package_version() {
    let mut buf = [0u8; 32];
    let mut len = 0usize;
    let st = unsafe { shisanshui::sss_version(buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(st, shisanshui::SssStatus::SSS_OK);
    assert_eq!(std::str::from_utf8(&buf[..len]).unwrap(), env!("CARGO_PKG_VERSION"));
}

#[test]
fn header_declares_every_exported_function() {
    // Every `pub ... extern "C" fn sss_*` in ffi/src must appear in the header, so a function
    // that cbindgen skipped (e.g. behind an unsupported construct) fails loudly.
    let header = std::fs::read_to_string(header_path()).unwrap();
    let src = crate_dir().join("src");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("rs") {
            continue;
        }
        collect_exports(&path, &mut names);
    }
    assert!(names.len() >= 20, "found only {names:?}");
    for name in names {
        assert!(header.contains(&format!(" {name}(")), "{name} is missing from the header");
    }
}

fn collect_exports(path: &Path, names: &mut Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines() {
        let l = line.trim_start();
        if l.starts_with("pub ") && l.contains("extern \"C\" fn sss_") {
            let start = l.find("fn sss_").unwrap() + 3;
            let end = l[start..].find('(').unwrap() + start;
            names.push(l[start..end].to_string());
        }
    }
}
