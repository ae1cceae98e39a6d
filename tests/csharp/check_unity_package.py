#!/usr/bin/env python3
"""Checks of the Unity package layout, run by tests/csharp/run.sh.

Usage: check_unity_package.py <repo root> <assembled package folder>

Checks the package source (unity/com.shisanshui.engine), the native import settings
(unity/native-meta) and the package assembled by scripts/package-unity.sh:
- package.json parses and has the UPM fields; its version is the crate's; samples exist;
- every file and folder Unity imports has a .meta (fileFormatVersion 2, a 32-hex GUID, the
  importer its kind needs), no .meta is left without its asset, and no GUID is used twice;
  names ending in "~" are not imported (Unity skips them), and Documentation~ needs no .meta;
- every native library sits in its platform's folder, is a binary for that platform, and its
  PluginImporter enables exactly that one platform (plus the matching Editor for desktops);
- the asmdef and LICENSE.md say what the package promises.
Last line: "package checks: N passed, M failed"; exits 1 on any failure.
"""
import json
import os
import re
import struct
import sys
import tomllib

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + what, file=sys.stderr)
    return ok


# folder -> (file, enabled platform key, CPU, Editor OS (None: not for the Editor), binary kind)
PLATFORMS = {
    "linux-x64": ("libshisanshui.so", "Standalone: Linux64", "x86_64", "Linux", "elf-x86_64"),
    "win-x64": ("shisanshui.dll", "Standalone: Win64", "x86_64", "Windows", "pe-x86_64"),
    "osx": ("libshisanshui.dylib", "Standalone: OSXUniversal", "AnyCPU", "OSX", "macho-universal"),
    "android-arm64-v8a": ("libshisanshui.so", "Android: Android", "ARM64", None, "elf-aarch64"),
    "android-armeabi-v7a": ("libshisanshui.so", "Android: Android", "ARMv7", None, "elf-arm"),
    "ios": ("libshisanshui.a", "iPhone: iOS", "ARM64", None, "ar"),
}
EXCLUDE_KEY = {"Standalone: Linux64": "Linux64", "Standalone: Win64": "Win64",
               "Standalone: OSXUniversal": "OSXUniversal", "Android: Android": "Android", "iPhone: iOS": "iOS"}
GUID = re.compile(r"^guid: ([0-9a-f]{32})$", re.M)


def binary_kind(path):
    with open(path, "rb") as f:
        head = f.read(4096)
    if head[:4] == b"\x7fELF":
        machine = struct.unpack_from("<H", head, 18)[0]
        return {0x3E: "elf-x86_64", 0xB7: "elf-aarch64", 0x28: "elf-arm"}.get(machine, "elf-%x" % machine)
    if head[:2] == b"MZ":
        pe = struct.unpack_from("<I", head, 0x3C)[0]
        if head[pe:pe + 4] == b"PE\0\0":
            machine = struct.unpack_from("<H", head, pe + 4)[0]
            return {0x8664: "pe-x86_64", 0xAA64: "pe-arm64", 0x14C: "pe-x86"}.get(machine, "pe-%x" % machine)
    if head[:4] == b"\xca\xfe\xba\xbe":
        return "macho-universal"
    if head[:8] == b"!<arch>\n":
        return "ar"
    return "unknown"


def importer_of(meta_text):
    for line in meta_text.splitlines():
        if line.endswith(":") and not line.startswith(" ") and line not in ("fileFormatVersion:",):
            return line[:-1]
    return None


def plugin_entries(meta_text):
    """platformData of a PluginImporter: [(key, enabled, {setting: value})], key like "Editor: Editor"."""
    lines = meta_text.splitlines()
    entries = []
    i = 0
    while i < len(lines):
        if lines[i] == "  - first:":
            key = lines[i + 1].strip()
            enabled = None
            settings = {}
            j = i + 2
            while j < len(lines) and lines[j].startswith("    ") and lines[j] != "  - first:":
                s = lines[j]
                if s.startswith("      enabled: "):
                    enabled = int(s.split(": ", 1)[1])
                elif s.startswith("        ") and ":" in s:
                    k, _, v = s.strip().partition(":")
                    settings[k] = v.strip()
                j += 1
            entries.append((key, enabled, settings))
            i = j
        else:
            i += 1
    return entries


def check_plugin_meta(meta_path, platform):
    file, key, cpu, editor_os, _ = PLATFORMS[platform]
    text = open(meta_path, encoding="utf-8").read()
    name = os.path.relpath(meta_path)
    check(importer_of(text) == "PluginImporter", name + ": PluginImporter")
    entries = plugin_entries(text)
    by_key = {k: (e, s) for k, e, s in entries}
    check(len(by_key) == len(entries), name + ": no platform listed twice")
    enabled = [k for k, e, _ in entries if e == 1 and k != "Editor: Editor"]
    check(enabled == [key], name + ": enables exactly one platform, %s (got %s)" % (key, enabled))
    check(by_key.get(key, (0, {}))[1].get("CPU") == cpu, name + ": CPU " + cpu)
    editor = by_key.get("Editor: Editor")
    check(editor is not None, name + ": has Editor settings")
    if editor is not None:
        if editor_os is None:
            check(editor[0] == 0, name + ": not loaded by the Editor (a player-only library)")
        else:
            check(editor[0] == 1 and editor[1].get("OS") == editor_os,
                  name + ": loaded by the %s Editor only (got enabled %s, OS %s)" % (editor_os, editor[0], editor[1].get("OS")))
    anyp = by_key.get(": Any")
    check(anyp is not None and anyp[0] == 0, name + ": not enabled for any platform")
    if anyp is not None:
        excl = {k[len("Exclude "):]: v for k, v in anyp[1].items() if k.startswith("Exclude ")}
        want = {p: ("0" if p == EXCLUDE_KEY[key] or (p == "Editor" and editor_os) else "1")
                for p in ["Android", "Editor", "Linux64", "OSXUniversal", "Win", "Win64", "iOS"]}
        check(excl == want, name + ": Exclude flags %s, want %s" % (excl, want))
    ios = by_key.get("iPhone: iOS")
    check(ios is not None and ios[1].get("AddToEmbeddedBinaries") == "false",
          name + ": not embedded as an iOS binary (static library or not for iOS)")


def check_metas(folder, guids, label):
    """Every imported entry has a .meta and every .meta has its entry; returns the entries checked."""
    count = 0
    for d, dirs, files in os.walk(folder):
        rel = os.path.relpath(d, folder)
        if rel.split(os.sep)[0] == "Documentation~":
            continue
        names = set(dirs) | set(files)
        for n in sorted(names):
            p = os.path.join(d, n)
            if n.endswith(".meta"):
                asset = n[:-len(".meta")]
                check(asset in names, "%s: %s has no asset (Unity would complain)" % (label, os.path.relpath(p, folder)))
                text = open(p, encoding="utf-8").read()
                check(text.startswith("fileFormatVersion: 2\n"), label + ": " + n + " fileFormatVersion 2")
                m = GUID.search(text)
                if check(m is not None, "%s: %s has a 32-hex GUID" % (label, n)):
                    g = m.group(1)
                    check(g not in guids, "%s: GUID %s of %s also used by %s" % (label, g, p, guids.get(g)))
                    guids[g] = p
                isdir = os.path.isdir(os.path.join(d, asset))
                check(("folderAsset: yes" in text) == isdir, label + ": " + n + " folderAsset matches")
                want = ("DefaultImporter" if isdir else "MonoImporter" if asset.endswith(".cs") else
                        "AssemblyDefinitionImporter" if asset.endswith(".asmdef") else
                        "PackageManifestImporter" if asset == "package.json" else
                        "TextScriptImporter" if asset.endswith(".md") else "PluginImporter")
                check(importer_of(text) == want, "%s: %s uses %s (got %s)" % (label, n, want, importer_of(text)))
            elif n.endswith("~") and rel == ".":
                continue  # Samples~, Documentation~: skipped by Unity's importer
            else:
                check(n + ".meta" in names, "%s: %s has no .meta" % (label, os.path.relpath(p, folder)))
                count += 1
    return count


def main():
    root, assembled = sys.argv[1], sys.argv[2]
    source = os.path.join(root, "unity", "com.shisanshui.engine")
    native_meta = os.path.join(root, "unity", "native-meta")
    crate_version = tomllib.load(open(os.path.join(root, "Cargo.toml"), "rb"))["workspace"]["package"]["version"]

    # package.json
    manifest = json.load(open(os.path.join(assembled, "package.json"), encoding="utf-8"))
    for k in ["name", "version", "displayName", "description", "unity", "license", "samples"]:
        check(k in manifest, "package.json has " + k)
    name = manifest.get("name", "")
    check(re.fullmatch(r"com(\.[a-z0-9][a-z0-9-]*){2,}", name) is not None, "package name is reverse-domain lower case: " + name)
    check(os.path.basename(os.path.normpath(assembled)) == name, "assembled folder is named after the package")
    check(manifest.get("version") == crate_version, "package version %s is the crate's %s" % (manifest.get("version"), crate_version))
    check(re.fullmatch(r"\d{4}\.\d+", manifest.get("unity", "")) is not None, "unity is a major.minor version")
    check(manifest.get("license") == "MIT OR Apache-2.0", "license is the crate's")
    for s in manifest.get("samples", []):
        check(s.get("path", "").startswith("Samples~/") and os.path.isdir(os.path.join(assembled, s["path"])),
              "sample folder %s exists" % s.get("path"))
        check(any(f.endswith(".cs") for f in os.listdir(os.path.join(assembled, s["path"]))), "sample has a script")
    check(len(manifest.get("samples", [])) >= 1, "at least one sample")
    check(json.load(open(os.path.join(source, "package.json"), encoding="utf-8")) == manifest, "assembled package.json is the source's")

    asmdef = json.load(open(os.path.join(assembled, "Runtime", "Shisanshui.asmdef"), encoding="utf-8"))
    check(asmdef.get("name") == "Shisanshui", "asmdef names the Shisanshui assembly")
    check(asmdef.get("allowUnsafeCode") is False, "asmdef: no unsafe code")
    check(asmdef.get("includePlatforms") == [] and asmdef.get("excludePlatforms") == [], "asmdef: every platform")
    check(os.path.isfile(os.path.join(assembled, "Documentation~", "index.md")), "Documentation~/index.md")
    for f in ["README.md", "CHANGELOG.md", "LICENSE.md"]:
        check(os.path.isfile(os.path.join(assembled, f)), f + " in the package")
    lic = open(os.path.join(assembled, "LICENSE.md"), encoding="utf-8").read()
    for f in ["LICENSE-MIT", "LICENSE-APACHE"]:
        check(open(os.path.join(root, f), encoding="utf-8").read() in lic, "LICENSE.md carries " + f + " verbatim")

    # .meta files: the source as a git URL install sees it, and the assembled package.
    check(not os.path.exists(os.path.join(source, "Plugins")), "the package source has no Plugins folder (libraries are built)")
    source_guids = {}
    src_entries = check_metas(source, source_guids, "source")
    guids = {}
    entries = check_metas(assembled, guids, "assembled")
    check(entries >= src_entries, "the assembled package has every entry of the source")

    # Native libraries and their import settings.
    template_guids = {}
    for platform, (file, *_rest) in PLATFORMS.items():
        m = os.path.join(native_meta, "Plugins", platform, file + ".meta")
        if check(os.path.isfile(m), "import settings for " + platform):
            check_plugin_meta(m, platform)
        for t in [m, os.path.join(native_meta, "Plugins", platform + ".meta")]:
            if os.path.isfile(t):
                g = GUID.search(open(t, encoding="utf-8").read()).group(1)
                check(g not in template_guids, "native-meta GUID %s unique" % g)
                template_guids[g] = t
    check(not (set(template_guids) & set(source_guids)), "native-meta GUIDs differ from the package's")

    plugins = os.path.join(assembled, "Plugins")
    placed = []
    if os.path.isdir(plugins):
        for platform in sorted(os.listdir(plugins)):
            p = os.path.join(plugins, platform)
            if not os.path.isdir(p):
                continue
            if not check(platform in PLATFORMS, "known platform folder " + platform):
                continue
            file, _key, _cpu, _os, kind = PLATFORMS[platform]
            libs = [f for f in os.listdir(p) if not f.endswith(".meta")]
            check(libs == [file], "%s holds exactly %s (got %s)" % (platform, file, libs))
            lib = os.path.join(p, file)
            if os.path.isfile(lib):
                check(binary_kind(lib) == kind, "%s/%s is %s (got %s)" % (platform, file, kind, binary_kind(lib)))
                check(os.path.getsize(lib) > 100_000, "%s/%s is a real library (%d bytes)" % (platform, file, os.path.getsize(lib)))
                meta = lib + ".meta"
                if check(os.path.isfile(meta), platform + " library has its .meta"):
                    check_plugin_meta(meta, platform)
                    check(open(meta, encoding="utf-8").read() ==
                          open(os.path.join(native_meta, "Plugins", platform, file + ".meta"), encoding="utf-8").read(),
                          platform + " .meta is the committed one (stable GUID)")
                placed.append(platform)
    check("linux-x64" in placed, "the Linux x64 library is in the package")
    print("native libraries in the package: " + (", ".join(placed) or "none"))
    print("package checks: %d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
