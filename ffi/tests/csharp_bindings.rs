//! The C# wrapper (`unity/com.shisanshui.engine/Runtime`) checked against the committed header
//! (`include/shisanshui.h`, itself checked against the code by `header.rs`), so that a change of
//! the C ABI cannot leave a P/Invoke or a marshalled struct behind:
//!
//! - every `static extern` names a function the header declares, with as many parameters, each of
//!   a C# type that marshals as the C one (a scalar of the same width and kind, a handle for a
//!   handle, an `out`/`ref`/array/`IntPtr` of the pointee for a pointer) and the same return;
//! - every `Native<Name>` struct has the layout of `Sss<Name>`: the same scalars at the same
//!   offsets (arrays and nested structs flattened), so a field added on one side only, or
//!   reordered, fails here;
//! - every function of the header is bound, or named in `UNBOUND` with the reason;
//! - every C# enum that mirrors a header enum holds its values.
//!
//! The parsers read the two files as cbindgen and the wrapper write them (one declaration per
//! statement, no macros in signatures); what they do not recognise fails loudly.

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;

/// Header functions the wrapper does not bind, and why.
const UNBOUND: &[(&str, &str)] = &[
    ("sss_settle", "Settlement.Settle calls sss_settle_with_banker, which settles all-pairs tables too"),
    ("sss_settle_into", "C#'s settlement handle is made per call by sss_settle_with_banker"),
    ("sss_settle_into_with_banker", "as sss_settle_into"),
    ("sss_sim_config_init", "SimConfig fills NativeSimConfig itself, with the same defaults"),
];

/// C structs the wrapper passes as byte arrays of their size (every field one byte): the C#
/// constant holding the size, its file, the struct.
const BYTE_STRUCTS: &[(&str, &str, &str)] =
    &[("SeatSize", "Settle.cs", "SssSeat"), ("DetectionSize", "Special.cs", "SssSpecialDetection")];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `text` without `/* … */` and `// …` comments.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let block = rest.find("/*");
        let line = rest.find("//");
        match (block, line) {
            (Some(b), l) if l.is_none_or(|l| b < l) => {
                out.push_str(&rest[..b]);
                let end = rest[b + 2..].find("*/").expect("an unterminated comment") + b + 4;
                rest = &rest[end..];
            }
            (_, Some(l)) => {
                out.push_str(&rest[..l]);
                rest = rest[l..].find('\n').map_or("", |e| &rest[l + e..]);
            }
            (None, None) => {
                out.push_str(rest);
                return out;
            }
            (Some(_), None) => unreachable!(),
        }
    }
}

/// A scalar slot of a marshalled value: its width in bytes and whether it is a float.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Scalar {
    size: usize,
    float: bool,
}

const fn int(size: usize) -> Scalar {
    Scalar { size, float: false }
}

/// The C side: scalar typedefs (enums are typedefs of their repr), `#define`d numbers, structs
/// (field type, count) and functions (return, parameter types).
struct Header {
    aliases: BTreeMap<String, Scalar>,
    defines: BTreeMap<String, usize>,
    structs: BTreeMap<String, Vec<(String, usize)>>,
    functions: BTreeMap<String, (String, Vec<String>)>,
    /// Enum constants: `SSS_JOKER_LANES_AVOID_FOUL` → 1.
    constants: BTreeMap<String, i64>,
}

fn c_scalar(name: &str) -> Option<Scalar> {
    Some(match name {
        "uint8_t" | "int8_t" | "bool" | "char" => int(1),
        "uint16_t" | "int16_t" => int(2),
        "uint32_t" | "int32_t" => int(4),
        "uint64_t" | "int64_t" | "size_t" | "uintptr_t" | "intptr_t" => int(8),
        "double" => Scalar { size: 8, float: true },
        "float" => Scalar { size: 4, float: true },
        _ => return None,
    })
}

fn parse_header() -> Header {
    let raw = fs::read_to_string(root().join("include/shisanshui.h")).unwrap();
    let mut defines = BTreeMap::new();
    for line in raw.lines() {
        let mut words = line.split_whitespace();
        if let (Some("#define"), Some(name), Some(value)) = (words.next(), words.next(), words.next()) {
            if let Ok(v) = value.parse() {
                defines.insert(name.to_string(), v);
            }
        }
    }
    // Preprocessor lines out (the C++ branches of enums included: `: uint32_t` after the name).
    let text: String = strip_comments(&raw)
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().starts_with(": "))
        .collect::<Vec<_>>()
        .join("\n")
        .replace("extern \"C\" {", "");
    let mut h = Header {
        aliases: BTreeMap::new(),
        defines,
        structs: BTreeMap::new(),
        functions: BTreeMap::new(),
        constants: BTreeMap::new(),
    };
    // The struct whose fields are being read.
    let mut open: Option<String> = None;
    for statement in text.split(';') {
        let s = statement.split_whitespace().collect::<Vec<_>>().join(" ");
        if s.is_empty() || s == "}" {
            continue;
        }
        if let Some(rest) = s.strip_prefix("typedef struct ") {
            if let Some((name, body)) = rest.split_once(" {") {
                // `typedef struct SssX { fields` (the fields up to this `;` are the first one).
                h.structs.insert(name.to_string(), Vec::new());
                push_field(&mut h, name, body);
                open = Some(name.to_string());
            }
            continue;
        }
        if let Some(rest) = s.strip_prefix("typedef ") {
            let mut words: Vec<&str> = rest.split(' ').collect();
            let name = words.pop().unwrap();
            if let Some(scalar) = c_scalar(&words.join(" ")) {
                h.aliases.insert(name.to_string(), scalar);
            }
            continue;
        }
        if let Some(rest) = s.strip_prefix("} ") {
            // The end of a struct, `} SssX`, and then perhaps the first words of what follows.
            let closed = rest.split(' ').next().unwrap();
            assert_eq!(open.take().as_deref(), Some(closed), "a struct closed as {closed:?}");
            continue;
        }
        if let Some(rest) = s.strip_prefix("enum ") {
            // `enum SssX { A = 0, B = 1, … }`
            if let Some((_, body)) = rest.split_once('{') {
                for item in body.trim_end_matches('}').split(',') {
                    if let Some((k, v)) = item.split_once('=') {
                        h.constants.insert(k.trim().to_string(), v.trim().parse().expect("an enum value"));
                    }
                }
            }
            continue;
        }
        if let Some(open) = s.find('(') {
            let head = &s[..open];
            let name = head.rsplit(' ').next().unwrap();
            if name.starts_with("sss_") {
                let ret = head[..head.len() - name.len()].trim().to_string();
                let params = s[open + 1..s.rfind(')').unwrap()].trim();
                let params = if params == "void" || params.is_empty() {
                    Vec::new()
                } else {
                    params.split(',').map(|p| param_type(p.trim())).collect()
                };
                h.functions.insert(name.to_string(), (ret, params));
                continue;
            }
        }
        // Inside a struct: one of its fields.
        if let (Some(name), false) = (open.clone(), s.contains('(')) {
            push_field(&mut h, &name, &s);
            continue;
        }
        panic!("unrecognised header statement: {s:?}");
    }
    h
}

/// A parameter's type without its name (`const uint8_t *codes` → `const uint8_t *`).
fn param_type(p: &str) -> String {
    let cut = p.rfind(['*', ' ']).expect("a named parameter");
    p[..=cut].trim().to_string()
}

fn push_field(h: &mut Header, name: &str, field: &str) {
    let field = field.trim();
    let (decl, count) = match field.split_once('[') {
        Some((d, n)) => {
            let n = n.trim_end_matches(']').trim();
            let n = n.parse().ok().or_else(|| h.defines.get(n).copied()).unwrap_or_else(|| panic!("array size {n}"));
            (d.trim(), n)
        }
        None => (field, 1),
    };
    let ty = decl[..decl.rfind(' ').expect("a typed field")].trim().trim_start_matches("struct ").to_string();
    h.structs.get_mut(name).unwrap().push((ty, count));
}

/// A struct field as both parsers read it: its type and how many of it (an array's length).
type Field = (String, usize);

/// The scalar slots of a type at `offset`, laid out with natural alignment (what C and C#'s
/// sequential layout both do); the type's size and alignment are returned. `scalar` reads a
/// scalar type, `fields` a struct's fields (type, count) by name.
fn layout<'a>(
    ty: &str,
    offset: usize,
    out: &mut Vec<(usize, Scalar)>,
    scalar: &dyn Fn(&str) -> Option<Scalar>,
    fields: &dyn Fn(&str) -> Option<&'a [Field]>,
) -> (usize, usize) {
    if let Some(s) = scalar(ty) {
        out.push((offset, s));
        return (s.size, s.size);
    }
    let list = fields(ty).unwrap_or_else(|| panic!("unknown type {ty:?}"));
    let (mut at, mut align) = (0usize, 1usize);
    for (fty, count) in list {
        let (size, a) = layout(fty, 0, &mut Vec::new(), scalar, fields);
        at = at.next_multiple_of(a);
        for i in 0..*count {
            layout(fty, offset + at + i * size, out, scalar, fields);
        }
        at += size * count;
        align = align.max(a);
    }
    (at.next_multiple_of(align), align)
}

impl Header {
    /// The scalar slots of a C type at `offset` ([`layout`]).
    fn layout(&self, ty: &str, offset: usize, out: &mut Vec<(usize, Scalar)>) -> (usize, usize) {
        let scalar = |t: &str| c_scalar(t).or_else(|| self.aliases.get(t).copied());
        layout(ty, offset, out, &scalar, &|t| self.structs.get(t).map(Vec::as_slice))
    }
}

/// The C# side: `static extern` functions and `[StructLayout(Sequential)]` structs.
struct Wrapper {
    functions: BTreeMap<String, (String, Vec<String>)>,
    structs: BTreeMap<String, Vec<(String, usize)>>,
    /// `enum Name : repr { Member = value, … }`.
    enums: BTreeMap<String, (String, Vec<(String, i64)>)>,
}

fn parse_wrapper() -> Wrapper {
    let mut w = Wrapper { functions: BTreeMap::new(), structs: BTreeMap::new(), enums: BTreeMap::new() };
    let dir = root().join("unity/com.shisanshui.engine/Runtime");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cs"))
        .collect();
    files.sort();
    for path in files {
        let text = strip_comments(&fs::read_to_string(&path).unwrap());
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let mut rest = flat.as_str();
        while let Some(i) = rest.find("static extern ") {
            rest = &rest[i + "static extern ".len()..];
            let end = rest.find(';').unwrap();
            let decl = &rest[..end];
            let open = decl.find('(').unwrap();
            let mut head = decl[..open].trim().rsplitn(2, ' ');
            let name = head.next().unwrap().to_string();
            let ret = head.next().unwrap().to_string();
            let params = decl[open + 1..decl.rfind(')').unwrap()].trim();
            let params = if params.is_empty() {
                Vec::new()
            } else {
                params
                    .split(',')
                    .map(|p| {
                        // Attributes out (`[Out]`, `[MarshalAs(…)]`), the name off.
                        let p = p.trim();
                        let p = if p.starts_with('[') { p[p.find(']').unwrap() + 1..].trim() } else { p };
                        p[..p.rfind(' ').expect("a named parameter")].trim().to_string()
                    })
                    .collect()
            };
            assert!(w.functions.insert(name.clone(), (ret, params)).is_none(), "{name} bound twice");
        }
        let mut rest = flat.as_str();
        while let Some(i) = rest.find("[StructLayout(LayoutKind.Sequential)]") {
            rest = &rest[i..];
            let open = rest.find('{').unwrap();
            let name = rest[..open].trim().rsplit(' ').next().unwrap().to_string();
            let close = rest.find('}').unwrap();
            if !name.starts_with("Native") {
                rest = &rest[close..];
                continue;
            }
            let mut fields = Vec::new();
            for f in rest[open + 1..close].split(';').map(str::trim).filter(|f| !f.is_empty()) {
                let f = f.trim_start_matches("public ").trim_start_matches("internal ");
                if let Some(fixed) = f.strip_prefix("fixed ") {
                    // `fixed byte name[N]`
                    let (decl, n) = fixed.split_once('[').unwrap();
                    let ty = decl.split(' ').next().unwrap().to_string();
                    fields.push((ty, n.trim_end_matches(']').parse().unwrap()));
                    continue;
                }
                let (ty, names) = f.split_once(' ').unwrap_or_else(|| panic!("field {f:?} of {name}"));
                fields.push((ty.to_string(), names.split(',').count()));
            }
            w.structs.insert(name, fields);
            rest = &rest[close..];
        }
        let mut rest = flat.as_str();
        while let Some(i) = rest.find(" enum ") {
            rest = &rest[i + " enum ".len()..];
            let open = rest.find('{').unwrap();
            let (name, repr) =
                rest[..open].split_once(':').map_or((rest[..open].trim(), "int"), |(n, r)| (n.trim(), r.trim()));
            let close = rest.find('}').unwrap();
            let mut members = Vec::new();
            for item in rest[open + 1..close].split(',').map(str::trim).filter(|m| !m.is_empty()) {
                let item = if item.starts_with('[') { item[item.find(']').unwrap() + 1..].trim() } else { item };
                if let Some((m, v)) = item.split_once('=') {
                    let v = v.trim();
                    let v = v.strip_prefix("0x").map_or_else(|| v.parse().ok(), |h| i64::from_str_radix(h, 16).ok());
                    if let Some(v) = v {
                        members.push((m.trim().to_string(), v));
                    }
                }
            }
            w.enums.insert(name.to_string(), (repr.to_string(), members));
            rest = &rest[close..];
        }
    }
    w
}

/// The scalar a C# value type marshals as; `None` for a type that is not one (a struct).
fn cs_scalar(ty: &str, w: &Wrapper) -> Option<Scalar> {
    Some(match ty {
        "byte" | "sbyte" | "bool" => int(1),
        "ushort" | "short" => int(2),
        "uint" | "int" => int(4),
        "ulong" | "long" | "UIntPtr" | "IntPtr" => int(8),
        "double" => Scalar { size: 8, float: true },
        "float" => Scalar { size: 4, float: true },
        _ => return w.enums.get(ty).and_then(|(repr, _)| cs_scalar(repr, w)),
    })
}

impl Wrapper {
    /// The scalar slots of a C# type at `offset` ([`layout`]).
    fn layout(&self, ty: &str, offset: usize, out: &mut Vec<(usize, Scalar)>) -> (usize, usize) {
        layout(ty, offset, out, &|t| cs_scalar(t, self), &|t| self.structs.get(t).map(Vec::as_slice))
    }
}

/// Why a C# parameter (or return) type does not marshal as the C one, if it does not.
fn mismatch(c: &str, cs: &str, h: &Header, w: &Wrapper) -> Option<String> {
    let c = c.trim_start_matches("const ").replace("struct ", "");
    let pointers = c.matches('*').count();
    let base = c.trim_end_matches(['*', ' ']).trim_end_matches(" const").trim();
    let (modifier, cs_base) = match cs.split_once(' ') {
        Some((m @ ("out" | "ref" | "in"), t)) => (Some(m), t),
        _ => (None, cs),
    };
    let scalar = |t: &str| c_scalar(t).or_else(|| h.aliases.get(t).copied());
    let opaque = !h.structs.contains_key(base) && scalar(base).is_none() && base != "void";
    let same_value = |c_base: &str, cs_type: &str| -> bool {
        match (scalar(c_base), cs_scalar(cs_type, w)) {
            (Some(a), Some(b)) => a == b,
            (None, None) => cs_type == format!("Native{}", c_base.trim_start_matches("Sss")),
            _ => false,
        }
    };
    let ok = match (pointers, modifier) {
        (0, None) if c == "void" => cs == "void",
        (0, None) => same_value(base, cs_base),
        // A handle (an opaque struct) by pointer: a SafeHandle or a raw pointer.
        (1, None) if opaque => cs_base.ends_with("Handle") || cs_base == "IntPtr",
        (2, Some("out")) if opaque => cs_base.ends_with("Handle") || cs_base == "IntPtr",
        (2, None) if opaque => cs_base == "IntPtr",
        // A pointer to values: an array, out/ref of one, or a raw pointer.
        (1, None) => {
            cs_base == "IntPtr"
                || cs_base.strip_suffix("[]").is_some_and(|e| same_value(base, e))
                || cs_base == "byte[]" && BYTE_STRUCTS.iter().any(|&(_, _, c)| c == base)
        }
        (1, Some("out" | "ref" | "in")) => same_value(base, cs_base),
        _ => false,
    };
    (!ok).then(|| format!("C `{c}` bound as C# `{cs}`"))
}

#[test]
fn every_p_invoke_matches_the_header() {
    let h = parse_header();
    let w = parse_wrapper();
    assert!(h.functions.len() > 100 && w.functions.len() > 100, "{} and {}", h.functions.len(), w.functions.len());
    let mut problems = Vec::new();
    for (name, (ret, params)) in &w.functions {
        let Some((c_ret, c_params)) = h.functions.get(name) else {
            problems.push(format!("{name}: bound in C# but not in the header"));
            continue;
        };
        if let Some(m) = mismatch(c_ret, ret, &h, &w) {
            problems.push(format!("{name} returns: {m}"));
        }
        if params.len() != c_params.len() {
            problems.push(format!("{name}: {} parameters in C#, {} in C", params.len(), c_params.len()));
            continue;
        }
        for (i, (cs, c)) in params.iter().zip(c_params).enumerate() {
            if let Some(m) = mismatch(c, cs, &h, &w) {
                problems.push(format!("{name} parameter {i}: {m}"));
            }
        }
    }
    for name in h.functions.keys() {
        if !w.functions.contains_key(name) && !UNBOUND.iter().any(|(n, _)| n == name) {
            problems.push(format!("{name}: in the header, not bound in C# (bind it or list it in UNBOUND)"));
        }
    }
    assert!(problems.is_empty(), "the C# wrapper disagrees with include/shisanshui.h:\n{}", problems.join("\n"));
}

#[test]
fn every_native_struct_has_its_c_layout() {
    let h = parse_header();
    let w = parse_wrapper();
    let mut checked = 0;
    for name in w.structs.keys().filter(|n| n.starts_with("Native")) {
        let c = format!("Sss{}", &name["Native".len()..]);
        assert!(h.structs.contains_key(&c), "{name} mirrors no header struct ({c})");
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let cs = w.layout(name, 0, &mut a);
        let cc = h.layout(&c, 0, &mut b);
        assert_eq!(cs, cc, "{name}: size and alignment in C# against {c}");
        assert_eq!(a, b, "{name}: its scalars (offset, width, float) against {c}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} structs checked");
    // The structs passed as bytes: one byte a field, and the C# size constant is the C size.
    for &(constant, file, c) in BYTE_STRUCTS {
        let mut slots = Vec::new();
        let (size, _) = h.layout(c, 0, &mut slots);
        assert!(slots.iter().all(|(_, s)| s.size == 1), "{c} has fields wider than a byte: bytes cannot carry it");
        let text = fs::read_to_string(root().join("unity/com.shisanshui.engine/Runtime").join(file)).unwrap();
        let needle = format!("const int {constant} = {size};");
        assert!(text.contains(&needle), "{file} should say `{needle}` ({c} is {size} bytes)");
    }
}

#[test]
fn the_enums_hold_the_header_values() {
    let h = parse_header();
    let w = parse_wrapper();
    // C# enum → the prefix of its header constants.
    let pairs = [
        ("JokerLanes", "SSS_JOKER_LANES_"),
        ("Wheel", "SSS_WHEEL_"),
        ("Table", "SSS_TABLE_"),
        ("Policy", "SSS_POLICY_"),
        ("Language", "SSS_LANGUAGE_"),
        ("Category", "SSS_CATEGORY_"),
        ("Special", "SSS_SPECIAL_"),
        ("SuggestionKind", "SSS_SUGGESTION_"),
    ];
    let snake = |m: &str| {
        let mut s = String::new();
        for (i, ch) in m.chars().enumerate() {
            if ch.is_uppercase() && i > 0 {
                s.push('_');
            }
            s.push(ch.to_ascii_uppercase());
        }
        s
    };
    for (cs, prefix) in pairs {
        let (_, members) = w.enums.get(cs).unwrap_or_else(|| panic!("no C# enum {cs}"));
        let constants: BTreeMap<&String, &i64> = h.constants.iter().filter(|(k, _)| k.starts_with(prefix)).collect();
        assert!(!constants.is_empty(), "no header constants {prefix}*");
        let mut matched = 0;
        for (m, v) in members {
            if let Some(c) = h.constants.get(&format!("{prefix}{}", snake(m))) {
                assert_eq!(c, v, "{cs}.{m} against {prefix}{}", snake(m));
                matched += 1;
            }
        }
        assert!(matched > 0, "{cs}: no member matches a {prefix}* constant");
    }
}
