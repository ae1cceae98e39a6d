"""The distributions scripts/package-python.sh builds, as a user gets them.

tests/python/run.sh builds them, installs the wheel into a fresh venv and sets SSS_DIST to the
folder holding the wheel and the sdist; without it these tests are skipped (a `maturin develop`
checkout has no wheel to look at).
"""

import email.parser
import glob
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

import pytest

import shisanshui
from readme_snippet import claimed_output, python_quick_start

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYDIR = ROOT / "python"
DIST = os.environ.get("SSS_DIST")

pytestmark = pytest.mark.skipif(not DIST, reason="SSS_DIST unset: run tests/python/run.sh to build and test the wheel")

# The oldest glibc the wheel may need: manylinux2014 = manylinux_2_17.
GLIBC_MAX = (2, 17)
CLASSIFIERS = {
    "Development Status :: 4 - Beta",
    "Operating System :: POSIX :: Linux",
    "Programming Language :: Rust",
    "Programming Language :: Python :: 3 :: Only",
    "Programming Language :: Python :: 3.9",
    "Programming Language :: Python :: 3.13",
    "Programming Language :: Python :: Implementation :: CPython",
    "Topic :: Games/Entertainment",
    "Typing :: Typed",
}


def _one(pattern):
    found = glob.glob(os.path.join(DIST, pattern))
    assert len(found) == 1, f"expected one {pattern} in {DIST}, found {found}"
    return pathlib.Path(found[0])


@pytest.fixture(scope="module")
def wheel():
    return _one("shisanshui-*.whl")


@pytest.fixture(scope="module")
def sdist():
    return _one(f"shisanshui-{shisanshui.__version__}.tar.gz")


@pytest.fixture(scope="module")
def extension(wheel, tmp_path_factory):
    """The wheel's compiled extension, unpacked."""
    with zipfile.ZipFile(wheel) as z:
        names = [n for n in z.namelist() if n.startswith("shisanshui/_native") and n.endswith(".so")]
        assert names == ["shisanshui/_native.abi3.so"], names
        path = tmp_path_factory.mktemp("ext") / "_native.abi3.so"
        path.write_bytes(z.read(names[0]))
    return path


def _tool(name):
    path = shutil.which(name)
    assert path, f"{name} (binutils) is needed to inspect the extension"
    return path


def test_readme_and_changelog_print_the_sizes_built(wheel, sdist):
    """The size column of README.md's artifact table (and CHANGELOG.md's figures) is what was
    built, within the rounding of the figure (scripts/sizes.py; scripts/package.sh rewrites it)."""
    for key, path in (("wheel", wheel), ("sdist", sdist)):
        out = subprocess.run([sys.executable, str(ROOT / "scripts" / "sizes.py"), "check", key, str(path)],
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
    # The README names the files by this version.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"`{wheel.name}`" in readme and f"`{sdist.name}`" in readme


def test_wheel_is_abi3_manylinux2014(wheel):
    version = shisanshui.__version__
    assert wheel.name == f"shisanshui-{version}-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl"
    with zipfile.ZipFile(wheel) as z:
        tags = email.parser.Parser().parsestr(z.read(f"shisanshui-{version}.dist-info/WHEEL").decode())
    assert sorted(tags.get_all("Tag")) == ["cp39-abi3-manylinux2014_x86_64", "cp39-abi3-manylinux_2_17_x86_64"]
    assert tags["Root-Is-Purelib"] == "false"


def test_extension_needs_no_glibc_above_2_17(extension):
    dynsyms = subprocess.run([_tool("objdump"), "-T", str(extension)], capture_output=True, text=True, check=True)
    versions = {tuple(map(int, v.split("."))) for v in re.findall(r"\bGLIBC_([0-9.]+)\b", dynsyms.stdout)}
    assert versions, "objdump -T found no GLIBC symbol versions: not a glibc-linked extension?"
    assert max(versions) <= GLIBC_MAX, f"needs GLIBC_{'.'.join(map(str, max(versions)))}"
    # Nor the C++ runtime or libgcc_s, which manylinux leaves out of its set of system libraries.
    needed = subprocess.run([_tool("objdump"), "-p", str(extension)], capture_output=True, text=True, check=True)
    libs = set(re.findall(r"^\s*NEEDED\s+(\S+)", needed.stdout, re.M))
    assert libs <= {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1", "ld-linux-x86-64.so.2"}, libs


def _sections(path):
    # readelf, not `objdump -h`: BFD leaves .symtab out of objdump's list.
    headers = subprocess.run([_tool("readelf"), "-SW", str(path)], capture_output=True, text=True, check=True)
    return set(re.findall(r"^\s*\[\s*\d+\]\s+(\S+)", headers.stdout, re.M))


def test_extension_is_stripped(extension):
    sections = _sections(extension)
    assert ".text" in sections and ".dynsym" in sections, sorted(sections)
    assert not {s for s in sections if s.startswith(".debug") or s == ".symtab"}, sorted(sections)


def test_auditwheel_agrees(wheel):
    auditwheel = pathlib.Path(sys.executable).with_name("auditwheel")
    assert auditwheel.exists(), "auditwheel is pinned in tests/python/requirements.txt"
    shown = subprocess.run([str(auditwheel), "show", str(wheel)], capture_output=True, text=True)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    text = " ".join(shown.stdout.split())  # auditwheel wraps its lines
    tag = re.search(r'is consistent with the following platform tag: "manylinux_(\d+)_(\d+)_x86_64"', text)
    assert tag, text
    assert (int(tag[1]), int(tag[2])) <= GLIBC_MAX, text


def test_wheel_holds_the_package_the_licences_and_nothing_else(wheel):
    version = shisanshui.__version__
    info = f"shisanshui-{version}.dist-info"
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        for licence in ("LICENSE-MIT", "LICENSE-APACHE"):
            assert z.read(f"{info}/licenses/{licence}") == (ROOT / licence).read_bytes()
        for name in names:
            if name.startswith("shisanshui/") and not name.endswith(".so"):
                assert z.read(name) == (PYDIR / "pysrc" / name).read_bytes(), name
    package = {f"shisanshui/{p.name}" for p in (PYDIR / "pysrc" / "shisanshui").iterdir() if p.is_file()}
    expected = package | {"shisanshui/_native.abi3.so"} | {
        f"{info}/{n}" for n in ("METADATA", "WHEEL", "RECORD", "licenses/LICENSE-MIT", "licenses/LICENSE-APACHE")
    }
    # maturin >= 1.13 adds a CycloneDX software bill of materials of the Rust crates.
    extra = {n for n in names - expected if not n.startswith(f"{info}/sboms/")}
    assert not extra and expected <= names, (sorted(extra), sorted(expected - names))


def test_metadata(wheel):
    version = shisanshui.__version__
    with zipfile.ZipFile(wheel) as z:
        meta = email.parser.Parser().parsestr(z.read(f"shisanshui-{version}.dist-info/METADATA").decode("utf-8"))
    assert meta["Name"] == "shisanshui"
    assert meta["Version"] == version
    assert meta["Requires-Python"] == ">=3.9"
    extras = set(meta.get_all("Provides-Extra") or [])
    assert {"numpy", "dask"} <= extras, sorted(extras)
    assert meta["License-Expression"] == "MIT OR Apache-2.0"
    assert sorted(meta.get_all("License-File")) == ["LICENSE-APACHE", "LICENSE-MIT"]
    classifiers = set(meta.get_all("Classifier"))
    assert CLASSIFIERS <= classifiers, sorted(CLASSIFIERS - classifiers)
    # PEP 639: a licence expression replaces the licence classifiers (PyPI refuses both).
    assert not [c for c in classifiers if c.startswith("License ::")]
    assert {"thirteen water", "chinese poker"} <= set(meta["Keywords"].split(","))
    assert meta["Description-Content-Type"].startswith("text/markdown")
    assert meta.get_payload().strip() == (PYDIR / "README.md").read_text(encoding="utf-8").strip()
    # The workspace's repository URL is a placeholder: it must not reach the package's metadata.
    assert not [u for u in meta.get_all("Project-URL") or [] if "example.invalid" in u]


def test_licence_copies_match_the_root():
    """PEP 639 licence globs stay inside python/, so python/ holds copies of the root's texts."""
    for licence in ("LICENSE-MIT", "LICENSE-APACHE"):
        assert (PYDIR / licence).read_bytes() == (ROOT / licence).read_bytes(), licence


def test_tests_use_the_installed_wheel(wheel):
    """The suite imports the installed package, not python/pysrc or a `maturin develop` build."""
    site = pathlib.Path(sysconfig.get_paths()["platlib"]).resolve()
    for module in (shisanshui, shisanshui._native):
        path = pathlib.Path(module.__file__).resolve()
        assert path.is_relative_to(site), f"{module.__name__} comes from {path}, not {site}"
    import importlib.metadata

    dist = importlib.metadata.distribution("shisanshui")
    assert dist.version == shisanshui.__version__
    direct = json.loads(dist.read_text("direct_url.json"))
    assert direct["url"] == wheel.resolve().as_uri(), direct


def test_sdist_holds_everything_a_build_needs(sdist):
    prefix = f"shisanshui-{shisanshui.__version__}/"
    with tarfile.open(sdist) as tar:
        members = {m.name[len(prefix) :]: m for m in tar.getmembers() if m.isfile()}
        assert all(m.name.startswith(prefix) for m in tar.getmembers())

        def read(name):
            assert name in members, f"{name} is missing from {sdist.name}"
            return tar.extractfile(members[name]).read()

        # maturin lays the sdist out as the workspace: pyproject.toml at the top (compared in
        # test_sdist_pyproject), the crates below.
        for name in ("pyproject.toml", "PKG-INFO", "Cargo.toml", "Cargo.lock", "python/Cargo.toml", "core/Cargo.toml"):
            read(name)
        for licence in ("LICENSE-MIT", "LICENSE-APACHE"):
            assert read(licence) == (ROOT / licence).read_bytes()
        assert read("README.md") == (PYDIR / "README.md").read_bytes()
        # Every source of the extension, its Python package and the core it depends on,
        # including the committed model tables the core embeds with include_bytes!.
        sources = [(PYDIR / "src", "python/src"), (PYDIR / "pysrc", "pysrc"), (ROOT / "core" / "src", "core/src")]
        for folder, inside in sources:
            for path in folder.rglob("*"):
                if path.is_file() and "__pycache__" not in path.parts:
                    name = f"{inside}/{path.relative_to(folder).as_posix()}"
                    assert read(name) == path.read_bytes(), name
        assert "core/src/arrange/model_tables.bin" in members
        assert "core/src/arrange/model_tables_big.bin" in members
        assert "core/src/arrange/model_tables_jokers.bin" in members


def test_sdist_pyproject(sdist):
    """The sdist's pyproject.toml is ours, with maturin's pointer to the moved crate added."""
    tomllib = pytest.importorskip("tomllib")
    with tarfile.open(sdist) as tar:
        packed = tomllib.loads(tar.extractfile(f"shisanshui-{shisanshui.__version__}/pyproject.toml").read().decode())
    ours = tomllib.loads((PYDIR / "pyproject.toml").read_text(encoding="utf-8"))
    assert packed["build-system"] == ours["build-system"]
    assert packed["project"] == ours["project"]
    assert packed["tool"]["maturin"].pop("manifest-path") == "python/Cargo.toml"
    assert packed["tool"]["maturin"] == ours["tool"]["maturin"]


def test_wheel_builds_from_the_sdist(sdist, tmp_path):
    """`pip wheel` of the sdist alone (no checkout) builds a wheel that imports and plays."""
    bindir = pathlib.Path(sys.executable).parent
    assert (bindir / "maturin").exists(), "maturin is pinned in tests/python/requirements.txt"
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}")
    env.pop("CARGO_TARGET_DIR", None)  # build inside pip's own build folder, from the sdist only
    out = tmp_path / "wheels"
    # No build isolation: the pinned maturin of this venv (maturin would otherwise come from the
    # index, at whatever version). No cache: every run really compiles the sdist.
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-cache-dir",
         "--disable-pip-version-check", "-w", str(out), str(sdist)],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )
    assert build.returncode == 0, build.stdout[-4000:] + build.stderr[-4000:]
    built = list(out.glob("shisanshui-*-cp39-abi3-*.whl"))
    assert len(built) == 1, list(out.iterdir())
    with zipfile.ZipFile(built[0]) as z:
        names = {n for n in z.namelist() if not n.startswith("shisanshui-")}
    expected = {f"shisanshui/{p.name}" for p in (PYDIR / "pysrc" / "shisanshui").iterdir() if p.is_file()}
    assert names == expected | {"shisanshui/_native.abi3.so"}, sorted(names)
    _run_quick_start(sys.executable, tmp_path, built[0], target=True)


def _run_quick_start(python, tmp_path, wheel, target=False):
    """Install `wheel` apart from this venv and run the README's snippet with it."""
    script = tmp_path / "quick_start.py"
    prelude = ""
    if target:
        site = tmp_path / "site"
        install = [python, "-m", "pip", "install", "--no-deps", "--no-index", "--target", str(site), str(wheel)]
        prelude = f"import sys; sys.path.insert(0, {str(site)!r})\n"
    else:
        install = [python, "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)]
    done = subprocess.run(install + ["--disable-pip-version-check", "--quiet"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    where = "import shisanshui, pathlib; print(pathlib.Path(shisanshui._native.__file__).resolve())\n"
    snippet = python_quick_start()
    script.write_text(prelude + snippet + where, encoding="utf-8")
    run = subprocess.run([python, "-I", str(script)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    *printed, loaded = run.stdout.splitlines()
    assert printed == claimed_output(snippet)
    loaded = pathlib.Path(loaded)
    if target:
        assert loaded.is_relative_to((tmp_path / "site").resolve()), loaded
    return loaded


def _other_pythons():
    """CPython interpreters >= 3.9 on this machine besides the one running the tests."""
    candidates = [shutil.which(f"python3.{minor}") for minor in range(9, 20)]
    pyenv = pathlib.Path(os.environ.get("PYENV_ROOT", pathlib.Path.home() / ".pyenv")) / "versions"
    candidates += sorted(str(p) for p in pyenv.glob("3.*/bin/python3"))
    found = {}
    for exe in filter(None, candidates):
        probe = subprocess.run(
            [exe, "-c", "import sys, venv; print(sys.implementation.name, *sys.version_info[:2])"],
            capture_output=True, text=True,
        )
        parts = probe.stdout.split()
        if probe.returncode == 0 and len(parts) == 3 and parts[0] == "cpython":
            version = (int(parts[1]), int(parts[2]))
            if version >= (3, 9) and version != sys.version_info[:2]:
                found.setdefault(version, exe)
    return found


OTHER_PYTHONS = _other_pythons() if DIST else {}
# The oldest and newest found: the abi3 floor (3.9) and the latest the machine has.
EDGES = sorted({min(OTHER_PYTHONS), max(OTHER_PYTHONS)}) if OTHER_PYTHONS else []


@pytest.mark.skipif(not EDGES, reason="no other CPython >= 3.9 on this machine")
@pytest.mark.parametrize("version", EDGES, ids=lambda v: f"py{v[0]}.{v[1]}")
def test_one_wheel_serves_other_pythons(version, wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([OTHER_PYTHONS[version], "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    loaded = _run_quick_start(python, tmp_path, wheel)
    assert "site-packages" in loaded.parts, loaded
