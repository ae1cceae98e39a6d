"""The type stubs describe the built module: mypy's stubtest compares them with it."""

import subprocess
import sys

import pytest


def test_stubtest_agrees_with_the_native_module():
    pytest.importorskip("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "shisanshui._native", "--ignore-missing-stub"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
