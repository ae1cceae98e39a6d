import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
VECTORS = ROOT / "tests" / "vectors" / "eval.json"


@pytest.fixture(scope="session")
def vectors():
    """The shared vectors (made by core/tests/vectors.rs). Missing is a failure, not a skip."""
    assert VECTORS.exists(), f"{VECTORS} is missing: run `cargo test -p shisanshui --test vectors`"
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    assert data["version"] == 1
    return data
