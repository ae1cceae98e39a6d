"""Bot levels (`Arranger(..., level=, seed=)`): the shared vectors tests/vectors/levels.json
made by the Rust side (ffi/tests/levels_vectors.rs), legality by the engine's foul check,
reproducibility, and the errors."""

import json
import pathlib
import threading

import pytest

import shisanshui as sss
from shisanshui import Level

ROOT = pathlib.Path(__file__).resolve().parents[2]
LEVEL_VECTORS = ROOT / "tests" / "vectors" / "levels.json"


@pytest.fixture(scope="module")
def vectors():
    assert LEVEL_VECTORS.exists(), f"{LEVEL_VECTORS} is missing: run the ffi test levels_vectors"
    data = json.loads(LEVEL_VECTORS.read_text(encoding="utf-8"))
    assert data["version"] == 1
    return data


def codes(cards):
    return [c.code for c in cards]


def lanes(a):
    return codes(a.front), codes(a.middle), codes(a.back)


def test_vector_hands(vectors):
    records = vectors["hands"]
    assert len(records) >= 100
    bases = {}
    apart = 0
    for rec in records:
        key = (rec["preset"], rec["table"], rec["role"], rec["players"])
        if key not in bases:
            rules = sss.Rules.preset(rec["preset"])
            rules.table = rec["table"]
            bases[key] = sss.Arranger(rules, rec["players"], role=rec["role"])
        base = bases[key]
        arr = base.with_level(rec["level"], rec["seed"])
        assert arr.level == rec["level"] and arr.level is Level(rec["level"])
        assert arr.seed == rec["seed"]
        got = arr.arrange(rec["codes"])
        assert lanes(got.arrangement) == (rec["front"], rec["middle"], rec["back"]), rec
        assert [int(c) for c in got.categories] == rec["categories"]
        assert abs(got.expected_water - rec["expected_water"]) <= 1e-9
        assert not got.arrangement.evaluate(arr.rules).is_foul
        # The cards' order does not matter.
        assert arr.arrange(list(reversed(rec["codes"]))) == got
        best = base.arrange(rec["codes"])
        if rec["level"] == "best":
            assert got == best
        else:
            assert got.expected_water <= best.expected_water
            apart += got != best
    assert apart > 0


def test_vector_names_and_errors(vectors):
    for i, rec in enumerate(vectors["names"]):
        level = list(Level)[rec["level"]]
        arr = sss.Arranger("classic", 2, level=rec["text"], seed=1)
        assert arr.level is level
        if i < 4:
            assert level.value == rec["text"] and str(level) == rec["text"]
    for rec in vectors["errors"]:
        assert rec["kind"] == "invalid_argument"
        if "text" in rec:
            with pytest.raises(sss.InvalidArgumentError, match="beginner, casual, strong or best"):
                sss.Arranger("classic", 2, level=rec["text"])


def test_level_arguments():
    a = sss.Arranger("classic", 4)
    assert a.level is Level.BEST and a.seed == 0
    assert repr(a) == "<Arranger classic, 4 players>"
    c = sss.Arranger("classic", 4, level=Level.CASUAL, seed=7)
    assert c.level is Level.CASUAL and c.level == "casual" and c.seed == 7
    assert repr(c) == "<Arranger classic, 4 players, casual, seed 7>"
    assert sss.Arranger("classic", 4, level="  STRONG ").level is Level.STRONG
    assert sss.Arranger("classic", 4, level=None).level is Level.BEST
    assert c.with_level("best").level is Level.BEST
    assert [lv.value for lv in Level] == ["beginner", "casual", "strong", "best"]
    with pytest.raises(sss.InvalidArgumentError, match="expert"):
        sss.Arranger("classic", 4, level="expert")
    with pytest.raises(ValueError):
        sss.Arranger("classic", 4, level="expert")
    with pytest.raises(TypeError, match="level must be"):
        sss.Arranger("classic", 4, level=2)
    with pytest.raises(sss.InvalidArgumentError, match="seed"):
        sss.Arranger("classic", 4, level="casual", seed=-1)
    with pytest.raises(sss.InvalidArgumentError, match="seed"):
        sss.Arranger("classic", 4, level="casual", seed=2**64)


def test_levels_are_legal_and_reproducible():
    rules = sss.Rules.preset("classic")
    rules.strict_order = True
    hands = [h for seed in range(40) for h in sss.deal(4, seed)]
    for level in ("beginner", "casual", "strong"):
        a = sss.Arranger(rules, 4, level=level, seed=11)
        other = sss.Arranger(rules, 4, level=level, seed=12)
        firsts = []
        differ = 0
        for hand in hands:
            try:
                got = a.arrange(hand)
            except sss.Error:
                # Strict order can leave a hand nothing legal, at every level alike.
                with pytest.raises(sss.Error):
                    sss.Arranger(rules, 4).arrange(hand)
                firsts.append(None)
                continue
            assert not got.arrangement.evaluate(rules).is_foul
            assert sorted(codes(got.arrangement.cards)) == sorted(codes(hand))
            assert a.arrange(list(reversed(hand))) == got
            differ += other.arrange(hand) != got
            firsts.append(got)
        assert differ > 0, level
        # The same on another thread.
        seen = []
        t = threading.Thread(target=lambda: seen.extend(_arrange_or_none(a, h) for h in hands))
        t.start()
        t.join()
        assert seen == firsts


def _arrange_or_none(a, hand):
    try:
        return a.arrange(hand)
    except sss.Error:
        return None


def test_suggest_is_the_same_at_every_level():
    hand = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd"
    best = sss.Arranger("classic", 4)
    weak = sss.Arranger("classic", 4, level="beginner", seed=3)
    assert weak.suggest(hand, 5) == best.suggest(hand, 5)


def test_arrange_many_honours_the_level():
    np = pytest.importorskip("numpy")
    hands = np.array([codes(h) for seed in range(10) for h in sss.deal(4, seed)], dtype=np.uint8)
    a = sss.Arranger("classic", 4, level="casual", seed=5)
    out = a.arrange_many(hands, threads=2)
    for row, hand in zip(out, hands):
        got = a.arrange([int(c) for c in hand])
        assert [int(c) for c in row] == codes(got.arrangement.cards)
