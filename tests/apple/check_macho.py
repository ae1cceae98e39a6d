#!/usr/bin/env python3
"""Check the Apple libraries of scripts/build-apple.sh without running them.

    python3 tests/apple/check_macho.py HEADER DIR LLVM_BIN

DIR is the folder build-apple.sh wrote (osx/, ios/, ios-simulator/); LLVM_BIN holds llvm-nm
(Rust's llvm-tools). Mach-O headers and load commands are read here from the bytes (fat header,
each slice's header, LC_BUILD_VERSION, LC_ID_DYLIB, the libraries loaded; for the static
libraries every object of the archive), and symbols with llvm-nm:

- osx/libshisanshui.dylib: universal, exactly x86_64 and arm64, each a dylib for macOS 11.0 or
  later, install name @rpath/libshisanshui.dylib, loading only system libraries (/usr/lib,
  /System); every sss_* function of the header exported, and nothing else named sss_*;
- ios/libshisanshui.a and ios-simulator/libshisanshui.a: thin arm64 archives of objects built for
  iOS (platform 2), iOS 13.0 or later, or the iOS simulator (platform 7), iOS 14.0 or later (the
  floor of Rust's aarch64-apple-ios-sim); every sss_* function of
  the header defined; every symbol they need from outside is one the macOS dylib takes from the
  system libraries (the same standard library, so an app's link against the iOS SDK finds it) or
  one of the few libSystem symbols named in IOS_SYSTEM.

Prints a line per check; exits 1 when any fails.
"""
import os
import re
import struct
import subprocess
import sys

FAT_MAGIC = 0xCAFEBABE
MH_MAGIC_64 = 0xFEEDFACF
CPU = {0x01000007: "x86_64", 0x0100000C: "arm64"}
MH_OBJECT, MH_DYLIB = 1, 6
LC_LOAD_DYLIB, LC_ID_DYLIB, LC_BUILD_VERSION = 0xC, 0xD, 0x32
LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB = 0x80000018, 0x8000001F
PLATFORM = {1: "macos", 2: "ios", 7: "ios-simulator"}
# libSystem symbols the iOS libraries use that the macOS dylib happens not to: the assertion and
# stack-protector entry points of the standard library built for iOS, killpg, and __divti3 (Apple's
# libSystem re-exports libcompiler_rt).
IOS_SYSTEM = {"__assert_rtn", "__stack_chk_fail", "__stack_chk_guard", "killpg", "__divti3"}

failed = 0


def check(ok, what):
    global failed
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failed += 1


def slices(data):
    """(arch, bytes of the thin Mach-O) for a fat or thin file."""
    (magic,) = struct.unpack_from(">I", data, 0)
    if magic == FAT_MAGIC:
        (n,) = struct.unpack_from(">I", data, 4)
        out = []
        for i in range(n):
            cpu, _sub, offset, size, _align = struct.unpack_from(">iiIII", data, 8 + 20 * i)
            out.append((CPU.get(cpu & 0xFFFFFFFF, hex(cpu)), data[offset : offset + size]))
        return out
    return [(None, data)]


def macho(data):
    """filetype, arch, platform, minos (major, minor), install name, loaded libraries."""
    magic, cpu, _sub, filetype, ncmds, _size, _flags, _res = struct.unpack_from("<IiiIIIII", data, 0)
    if magic != MH_MAGIC_64:
        return None
    info = {"filetype": filetype, "arch": CPU.get(cpu & 0xFFFFFFFF, hex(cpu)), "platform": None, "minos": None,
            "id": None, "loads": []}
    at = 32
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, at)
        if cmd == LC_BUILD_VERSION:
            platform, minos = struct.unpack_from("<II", data, at + 8)
            info["platform"] = PLATFORM.get(platform, str(platform))
            info["minos"] = (minos >> 16, (minos >> 8) & 0xFF)
        elif cmd in (LC_ID_DYLIB, LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB):
            (offset,) = struct.unpack_from("<I", data, at + 8)
            name = data[at + offset : at + size].split(b"\0", 1)[0].decode()
            if cmd == LC_ID_DYLIB:
                info["id"] = name
            else:
                info["loads"].append(name)
        at += size
    return info


def archive_members(data):
    """(name, bytes) of each member of a (BSD or GNU) ar archive."""
    if not data.startswith(b"!<arch>\n"):
        raise ValueError("not an ar archive")
    at = 8
    while at + 60 <= len(data):
        header = data[at : at + 60]
        name = header[:16].decode().strip()
        size = int(header[48:58].decode().strip())
        body = data[at + 60 : at + 60 + size]
        if name.startswith("#1/"):
            n = int(name[3:])
            name, body = body[:n].split(b"\0", 1)[0].decode(), body[n:]
        yield name, body
        at += 60 + size + (size & 1)


def nm(llvm_bin, path, *flags):
    out = subprocess.run([os.path.join(llvm_bin, "llvm-nm"), *flags, path], check=True, capture_output=True, text=True)
    return out.stdout.splitlines()


def header_functions(header):
    text = open(header, encoding="utf-8").read()
    return set(re.findall(r"^[A-Za-z_][\w \*]*?\b(sss_[a-z0-9_]+)\(", text, re.M))


def exported(lines):
    """Names of the defined external symbols (leading underscore removed) in llvm-nm lines."""
    names = set()
    for line in lines:
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TDBSC" and parts[2].startswith("_"):
            names.add(parts[2][1:])
    return names


def undefined(lines):
    """Names of the undefined symbols in llvm-nm lines (`U name`, or the bare names of `-u`)."""
    names = set()
    for line in lines:
        parts = line.split()
        # An archive's listing names each member ("member.o:") before its symbols.
        if parts and (parts[0] == "U" or len(parts) == 1) and not parts[-1].endswith(":"):
            names.add(parts[-1])
    return names


def main():
    header, folder, llvm_bin = sys.argv[1:4]
    functions = header_functions(header)
    check(len(functions) > 100 and "sss_abi_version" in functions, f"the header declares {len(functions)} functions")

    dylib = os.path.join(folder, "osx", "libshisanshui.dylib")
    data = open(dylib, "rb").read()
    archs = slices(data)
    check(sorted(a for a, _ in archs) == ["arm64", "x86_64"], f"osx: universal, {[a for a, _ in archs]}")
    system_needs = set()
    for arch, thin in archs:
        m = macho(thin)
        check(m is not None and m["filetype"] == MH_DYLIB and m["arch"] == arch, f"osx {arch}: a 64-bit dylib")
        if m is None:
            continue
        check(m["platform"] == "macos" and m["minos"] == (11, 0), f"osx {arch}: macOS {m['minos']} or later")
        check(m["id"] == "@rpath/libshisanshui.dylib", f"osx {arch}: install name {m['id']}")
        foreign = [lib for lib in m["loads"] if not lib.startswith(("/usr/lib/", "/System/Library/"))]
        check(m["loads"] and not foreign, f"osx {arch}: loads only system libraries ({', '.join(m['loads'])})")
        names = exported(nm(llvm_bin, dylib, "-gU", f"--arch={arch}"))
        sss = {n for n in names if n.startswith("sss_")}
        check(sss == functions, f"osx {arch}: exports the header's {len(functions)} functions"
              + (f" (missing {sorted(functions - sss)[:5]}, extra {sorted(sss - functions)[:5]})" if sss != functions else ""))
        system_needs |= undefined(nm(llvm_bin, dylib, "-u", f"--arch={arch}"))

    # The simulator on Apple silicon starts at iOS 14.0 (the aarch64-apple-ios-sim target's floor).
    for sub, platform, floor in (("ios", "ios", (13, 0)), ("ios-simulator", "ios-simulator", (14, 0))):
        path = os.path.join(folder, sub, "libshisanshui.a")
        data = open(path, "rb").read()
        objects = [(n, macho(b)) for n, b in archive_members(data) if not n.startswith("__.SYMDEF") and n != "/"]
        objects = [(n, m) for n, m in objects if m is not None]
        check(len(objects) > 10 and all(m["filetype"] == MH_OBJECT for _, m in objects), f"{sub}: {len(objects)} Mach-O objects")
        check(all(m["arch"] == "arm64" for _, m in objects), f"{sub}: every object arm64")
        stated = [(n, m) for n, m in objects if m["platform"] is not None]
        wrong = [(n, m["platform"], m["minos"]) for n, m in objects if m["platform"] not in (None, platform)
                 or (m["minos"] is not None and m["minos"] > floor)]
        check(stated and not wrong, f"{sub}: built for {platform}, iOS {floor[0]}.{floor[1]} or earlier "
              f"({len(stated)} objects state a platform)" + (f"; not: {wrong[:3]}" if wrong else ""))
        check(any(n.startswith("shisanshui") and m["minos"] == floor for n, m in stated),
              f"{sub}: the engine's objects state iOS {floor[0]}.{floor[1]}")
        lines = nm(llvm_bin, path, "-g")
        defined = exported(lines)
        check(functions <= defined, f"{sub}: defines the header's {len(functions)} functions"
              + (f" (missing {sorted(functions - defined)[:5]})" if not functions <= defined else ""))
        needs = {u[1:] if u.startswith("_") else u for u in undefined(lines)} - defined
        system = {u[1:] if u.startswith("_") else u for u in system_needs} | IOS_SYSTEM
        check(needs <= system, f"{sub}: its {len(needs)} outside symbols are all the system's"
              + (f" (not: {sorted(needs - system)[:8]})" if not needs <= system else ""))

    print(f"apple artifacts: {'all checks passed' if failed == 0 else f'{failed} checks failed'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
