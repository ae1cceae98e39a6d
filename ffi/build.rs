//! Gives the shared library an ELF soname, so a program linked against `libshisanshui.so` records
//! `libshisanshui.so.<sover>` and keeps loading across compatible updates of the library (and the
//! macOS library the install name `@rpath/libshisanshui.dylib`).
//!
//! `<sover>` follows cargo-c's convention (its `LibraryCApiConfig::sover`): `0.0.P` for
//! 0.0.P, `0.M` for 0.M.x (each 0.x minor release may break the ABI, as Cargo's semver reads it),
//! the major number from 1.0 on. So 0.2.0 has the soname `libshisanshui.so.0.2`, and
//! `cargo cinstall` would give the library the same name as `scripts/install-c.sh` does.

use std::env;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");

    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let part = |name: &str| -> u64 {
        let text = env::var(name).unwrap_or_default();
        text.parse().unwrap_or_else(|_| panic!("{name} is not a number: {text:?}"))
    };
    let (major, minor, patch) =
        (part("CARGO_PKG_VERSION_MAJOR"), part("CARGO_PKG_VERSION_MINOR"), part("CARGO_PKG_VERSION_PATCH"));
    let sover = match (major, minor) {
        (0, 0) => format!("0.0.{patch}"),
        (0, minor) => format!("0.{minor}"),
        (major, _) => major.to_string(),
    };

    match os.as_str() {
        // Android loads libraries by their plain file name (cargo-c leaves them unversioned too).
        "android" => println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libshisanshui.so"),
        "linux" | "freebsd" | "dragonfly" | "netbsd" | "openbsd" | "illumos" | "haiku" | "hurd" => {
            println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libshisanshui.so.{sover}")
        }
        // Apple: the install name a program records is `@rpath/…`, as for a library shipped
        // inside an app bundle or a Unity plugin folder (the linker's default would be this
        // machine's build path). Windows has no soname.
        "macos" | "ios" => println!("cargo:rustc-cdylib-link-arg=-Wl,-install_name,@rpath/libshisanshui.dylib"),
        _ => {}
    }
}
