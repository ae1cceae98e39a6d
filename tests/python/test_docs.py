"""The examples in python/README.md and the package docstring run as written."""

import doctest
import pathlib

import shisanshui

README = pathlib.Path(__file__).resolve().parents[2] / "python" / "README.md"


def test_readme_examples():
    result = doctest.testfile(str(README), module_relative=False, encoding="utf-8", verbose=False)
    assert result.attempted >= 15
    assert result.failed == 0


def test_package_docstring():
    result = doctest.testmod(shisanshui, verbose=False)
    assert result.attempted >= 3
    assert result.failed == 0
