"""README.md's Python quick start runs exactly as printed and prints what its comments say."""

import subprocess
import sys

import shisanshui

from readme_snippet import claimed_output, python_quick_start


def test_quick_start_states_its_output():
    # One claim per print: describe(), the foul check, the arranger's seats, the totals, the
    # money and the special. Fewer means the parsing stopped seeing them.
    assert len(claimed_output(python_quick_start())) >= 6


def test_quick_start_runs_as_printed(tmp_path):
    source = python_quick_start()
    script = tmp_path / "quick_start.py"
    script.write_text(source, encoding="utf-8")
    # -I: no PYTHONPATH, no user site, and sys.path[0] is tmp_path, so only the installed
    # package can be imported (never a source folder of the checkout).
    probe = "import shisanshui; print(shisanshui.__file__)"
    where = subprocess.run([sys.executable, "-I", "-c", probe], cwd=tmp_path, capture_output=True, text=True)
    assert where.returncode == 0, where.stderr
    assert where.stdout.strip() == shisanshui.__file__
    run = subprocess.run([sys.executable, "-I", str(script)], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, f"the README's Python snippet failed:\n{run.stdout}{run.stderr}"
    assert run.stdout.splitlines() == claimed_output(source)
