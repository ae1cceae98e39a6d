"""Batches over NumPy arrays: evaluate_many, evaluate_masks_many, detect_special_many,
settle_many and Arranger.arrange_many, each row checked against the one-hand functions; typed
errors naming the row; untouched outputs on failure; NumPy integer scalars wherever an int is
taken; and the module without NumPy (in a subprocess that hides it)."""

import itertools
import subprocess
import sys
import textwrap

import pytest

import shisanshui as sss

np = pytest.importorskip("numpy")


def all_fives():
    return np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)


def random_hands(n, k, seed):
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation(52)[:k] for _ in range(n)], dtype=np.uint8)


def masks_of(hands):
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)


@pytest.fixture(scope="module")
def fives():
    return all_fives()


@pytest.mark.parametrize("preset", ["classic", "hk"])
def test_evaluate_many_matches_evaluate(fives, preset):
    hands = fives.copy()
    rng = np.random.default_rng(1)
    hands[len(hands) // 2 :] = rng.permutation(hands[len(hands) // 2 :])
    hands[::7] = hands[::7, ::-1]  # cards in another order within some hands
    values = sss.evaluate_many(hands, preset)
    assert values.dtype == np.uint32 and values.shape == (len(hands),)
    assert np.array_equal(values, sss.evaluate_many(hands, preset, threads=2))
    assert np.array_equal(values, sss.evaluate_many(hands, preset, threads=0))
    assert np.array_equal(values, sss.evaluate_masks_many(masks_of(hands), preset, threads=2))
    for i in range(0, len(hands), 1009):
        assert values[i] == sss.evaluate(hands[i].tolist(), preset).value, hands[i]
    # Categories as the packed value has them.
    counts = np.bincount(values >> 22, minlength=9)
    assert counts[8] == 40 and counts[7] == 624 and counts[6] == 3744


def test_fronts_and_out(fives):
    fronts = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)[:, ::-1]
    values = sss.evaluate_many(fronts, "hk")
    masks = masks_of(np.ascontiguousarray(fronts))
    assert np.array_equal(values, sss.evaluate_masks_many(masks, "hk", size=3))
    for i in range(0, len(fronts), 97):
        assert values[i] == sss.evaluate(fronts[i].tolist(), "hk").value
    # A non-contiguous view is read through one copy; `out` is filled in place.
    out = np.zeros(len(fronts), dtype=np.uint32)
    result = sss.evaluate_many(fronts, "hk", out=out)
    assert result is out or np.shares_memory(result, out)
    assert np.array_equal(out, values)


def test_bad_rows_are_named_and_nothing_is_written(fives):
    hands = fives[:200_000].copy()
    hands[150_001, 3] = 52
    hands[90_000, 4] = hands[90_000, 0]
    out = np.full(len(hands), 7, dtype=np.uint32)
    for threads in (1, 2, 4):
        with pytest.raises(sss.DuplicateCardError) as e:
            sss.evaluate_many(hands, threads=threads, out=out)
        assert e.value.row == 90_000 and e.value.position == 4
        assert str(e.value).startswith("row 90000: duplicate card")
        assert isinstance(e.value, sss.Error)
    assert (out == 7).all()
    hands[90_000] = hands[90_001]
    with pytest.raises(sss.BadCardCodeError) as e:
        sss.evaluate_many(hands, out=out)
    assert (e.value.row, e.value.code) == (150_001, 52)
    assert (out == 7).all()
    masks = masks_of(hands[:10])
    masks[3] |= np.uint64(1) << np.uint64(60)
    with pytest.raises(sss.BadCardCodeError) as e:
        sss.evaluate_masks_many(masks)
    assert e.value.row == 3
    masks[3] = 0b111111
    with pytest.raises(sss.WrongCardCountError) as e:
        sss.evaluate_masks_many(masks)
    assert (e.value.row, e.value.expected, e.value.found) == (3, 5, 6)


def test_wrong_arrays_get_python_errors(fives):
    with pytest.raises(TypeError, match="numpy.ndarray"):
        sss.evaluate_many([[0, 1, 2, 3, 4]])
    with pytest.raises(TypeError, match="dtype uint8"):
        sss.evaluate_many(fives[:3].astype(np.int64))
    with pytest.raises(ValueError, match=r"shape \(n, 5\) or \(n, 3\)"):
        sss.evaluate_many(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(ValueError, match="2 dimensions"):
        sss.evaluate_many(np.zeros(15, dtype=np.uint8))
    with pytest.raises(TypeError, match="dtype uint64"):
        sss.evaluate_masks_many(np.zeros(3, dtype=np.int64))
    with pytest.raises(sss.InvalidArgumentError):
        sss.evaluate_masks_many(masks_of(fives[:3]), size=4)
    with pytest.raises(TypeError, match="dtype uint32"):
        sss.evaluate_many(fives[:3], out=np.zeros(3, dtype=np.int32))
    with pytest.raises(ValueError, match="shape"):
        sss.evaluate_many(fives[:3], out=np.zeros(4, dtype=np.uint32))
    readonly = np.zeros(3, dtype=np.uint32)
    readonly.flags.writeable = False
    with pytest.raises(ValueError, match="out"):
        sss.evaluate_many(fives[:3], out=readonly)
    with pytest.raises(sss.InvalidArgumentError):
        sss.evaluate_many(fives[:3], threads=-1)
    with pytest.raises(TypeError):
        sss.evaluate_many(fives[:3], threads=1.5)
    assert sss.evaluate_many(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)


def test_detect_special_many_matches_detect_special():
    hands = random_hands(3000, 13, 2)
    hands[5] = [4 * c + c % 4 for c in range(13)]  # a dragon
    for preset in ("classic", "regional", "hk"):
        best, bits = sss.detect_special_many(hands, preset, all=True, threads=2)
        assert best.dtype == np.uint8 and bits.dtype == np.uint16
        assert np.array_equal(best, sss.detect_special_many(hands, preset))
        members = list(sss.Special)
        for i in range(len(hands)):
            d = sss.detect_special(hands[i].tolist(), preset)
            want = sss.NO_SPECIAL if d.best is None else d.best.number
            assert best[i] == want, (preset, hands[i])
            assert bits[i] == sum(1 << s.number for s in d.all)
        assert members[best[5]] == sss.Special.DRAGON
    hands[2500, 12] = hands[2500, 0]
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.detect_special_many(hands, threads=2)
    assert e.value.row == 2500
    with pytest.raises(ValueError, match=r"\(n, 13\)"):
        sss.detect_special_many(hands[:, :12].copy())


def test_arrange_and_settle_many():
    arranger = sss.Arranger("classic", 4)
    decks = random_hands(8, 52, 3)
    hands = decks.reshape(32, 13)
    arranged = arranger.arrange_many(hands)
    assert arranged.dtype == np.uint8 and arranged.shape == (32, 13)
    assert np.array_equal(arranged, arranger.arrange_many(hands, threads=2))
    for h, a in zip(hands, arranged):
        lanes = arranger.arrange(h.tolist()).arrangement
        assert [c.code for c in lanes.cards] == a.tolist()
    tables = arranged.reshape(8, 4, 13)
    totals = sss.settle_many(tables, "classic", threads=2)
    assert totals.dtype == np.int64 and totals.shape == (8, 4)
    assert (totals.sum(axis=1) == 0).all()
    for r in range(8):
        seats = [sss.PlayerHand.arranged(t[:3].tolist(), t[3:8].tolist(), t[8:].tolist()) for t in tables[r]]
        result = sss.settle(seats, "classic")
        assert list(result.totals_units) == totals[r].tolist()
        assert [w * sss.WATER_DENOMINATOR for w in result.totals] == totals[r].tolist()
    bad = tables.copy()
    bad[5, 2, 7] = bad[5, 0, 0]
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.settle_many(bad)
    assert e.value.row == 5 and e.value.position == 2 * 13 + 7
    with pytest.raises(sss.InvalidTableError):
        sss.settle_many(np.zeros((1, 5, 13), dtype=np.uint8))
    bad = hands.copy()
    bad[9, 0] = 200
    with pytest.raises(sss.BadCardCodeError) as e:
        arranger.arrange_many(bad)
    assert (e.value.row, e.value.code) == (9, 200)


def test_settle_many_banker_rooms():
    rules = sss.Rules.preset("kx")
    rules.table = sss.Table.BANKER
    tables = random_hands(30, 39, 11).reshape(30, 3, 13)
    moving = np.array([(r * 5 + 1) % 3 for r in range(30)], dtype=np.int32)
    for banker in (2, np.int64(2), moving, moving.tolist(), moving.astype(np.uint8)):
        totals = sss.settle_many(tables, rules, banker=banker, threads=2)
        assert totals.shape == (30, 3) and (totals.sum(axis=1) == 0).all()
        seats_of = [banker] * 30 if np.ndim(banker) == 0 else list(banker)
        for r in range(30):
            seats = [sss.PlayerHand.arranged(t[:3].tolist(), t[3:8].tolist(), t[8:].tolist()) for t in tables[r]]
            result = sss.settle(seats, rules, banker=int(seats_of[r]))
            assert result.banker == int(seats_of[r])
            assert list(result.totals_units) == totals[r].tolist()
    # The errors of settle, naming the round; the banker argument's own.
    with pytest.raises(sss.InvalidTableError, match="name the banker seat") as e:
        sss.settle_many(tables, rules)
    assert e.value.row == 0
    bad = moving.copy()
    bad[17] = 3
    with pytest.raises(sss.InvalidTableError, match="banker seat 3 is not at the table") as e:
        sss.settle_many(tables, rules, banker=bad, threads=2)
    assert e.value.row == 17
    bad[17] = -1
    with pytest.raises(sss.InvalidTableError) as e:
        sss.settle_many(tables, rules, banker=bad)
    assert e.value.row == 17
    with pytest.raises(sss.InvalidTableError, match="all_pairs"):
        sss.settle_many(tables, "kx", banker=0)
    with pytest.raises(ValueError, match="29 seats for 30 rounds"):
        sss.settle_many(tables, rules, banker=moving[:29])
    with pytest.raises(TypeError, match="banker must be an int"):
        sss.settle_many(tables, rules, banker=moving.astype(np.float64))
    with pytest.raises(TypeError, match="banker must be an int"):
        sss.settle_many(tables, rules, banker=True)
    with pytest.raises(TypeError, match="banker must be an int"):
        sss.settle_many(tables, rules, banker="0")


def test_numpy_integers_are_ints():
    codes = [np.uint8(51), np.int64(47), np.int16(43), np.uint32(39), np.intp(35)]
    assert sss.evaluate(codes) == sss.evaluate([51, 47, 43, 39, 35])
    assert sss.Card.from_code(np.uint8(51)) == sss.Card("As")
    assert sss.HandRank.from_value(np.uint32(sss.evaluate("As Ks Qs Js Ts").value)).category == sss.Category.STRAIGHT_FLUSH
    assert len(sss.deal(np.int8(4), np.uint64(7))) == 4
    assert sss.Rules(front_trips=np.int32(3)).front_trips == 3
    assert sss.Card.from_rank_suit(np.int8(12), np.uint8(3)) == sss.Card("As")
    with pytest.raises(sss.BadCardCodeError):
        sss.Card.from_code(np.uint8(52))
    with pytest.raises(TypeError):
        sss.Card.from_code(np.float64(3.0))
    with pytest.raises(TypeError):
        sss.Card.from_code(np.True_)
    with pytest.raises(TypeError):
        sss.evaluate([True, 1, 2, 3, 4])


def test_without_numpy_a_clear_error():
    code = textwrap.dedent(
        """
        import sys
        sys.modules["numpy"] = None  # hides NumPy: `import numpy` now fails
        import shisanshui as sss
        assert sss.evaluate([51, 47, 43, 39, 35]).category == sss.Category.STRAIGHT_FLUSH
        for call in (lambda: sss.evaluate_many([[0, 1, 2, 3, 4]]), lambda: sss.Arranger().arrange_many([])):
            try:
                call()
            except ModuleNotFoundError as e:
                assert "shisanshui[numpy]" in str(e), e
            else:
                raise AssertionError("no error without numpy")
        print("ok")
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stdout + result.stderr
