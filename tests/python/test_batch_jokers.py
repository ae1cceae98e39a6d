"""The NumPy batch functions on hands with wild jokers (RULES.md §12): mixed batches (rows with
and without jokers) give what the one-hand functions give each row (evaluate, detect_special,
Arranger.arrange, settle), masks hold bits 52 and 53, and a joker the rule set does not deal or
one joker too many is the typed error naming the row, with nothing written to ``out``."""

import pytest

import shisanshui as sss

np = pytest.importorskip("numpy")


def joker_rows(n, size, seed, both=True):
    """``n`` rows of ``size`` codes: every third without a joker, the others with the small
    joker or (``both``) both, the natural cards distinct, each row in a random order."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        row = rng.permutation(52)[:size].tolist()
        jokers = 0 if i % 3 == 0 else 1 + (int(rng.integers(2)) if both else 0)
        row[:jokers] = [52, 53][:jokers]
        rows.append(rng.permutation(row).tolist())
    return np.array(rows, dtype=np.uint8)


def masks_of(hands):
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)


def has_joker(row):
    return bool((np.asarray(row) >= 52).any())


J2 = sss.Rules.preset("classic", jokers=2)
J2_AVOID_SPECIALS = sss.Rules.preset("hk", jokers=2, joker_lanes="avoid_foul", jokers_in_specials=True)


@pytest.mark.parametrize("rules", [J2, J2_AVOID_SPECIALS], ids=["classic_j2", "hk_j2_avoid_specials"])
@pytest.mark.parametrize("size", [5, 3])
def test_evaluate_many_with_jokers_matches_evaluate(rules, size):
    hands = joker_rows(2000, size, 11 + size)
    assert sum(has_joker(h) for h in hands) > 1000
    values = sss.evaluate_many(hands, rules)
    assert np.array_equal(values, sss.evaluate_many(hands, rules, threads=2))
    assert np.array_equal(values, sss.evaluate_masks_many(masks_of(hands), rules, size=size, threads=2))
    for h, v in zip(hands, values):
        assert v == sss.evaluate(h.tolist(), rules).value, h


def test_detect_arrange_and_settle_many_with_jokers():
    rules = J2_AVOID_SPECIALS
    hands = joker_rows(600, 13, 3)
    # Six pairs with a joker: 2 2 4 4 6 6 8 8 T T Q SJ A.
    hands[4] = [3, 2, 11, 10, 17, 18, 25, 26, 33, 34, 41, 52, 51]
    best, bits = sss.detect_special_many(hands, rules, all=True, threads=2)
    assert np.array_equal(best, sss.detect_special_many(hands, rules))
    assert best[4] != sss.NO_SPECIAL and bits[4] >> sss.Special.SIX_PAIRS.number & 1
    for h, b, a in zip(hands, best, bits):
        d = sss.detect_special(h.tolist(), rules)
        assert b == (sss.NO_SPECIAL if d.best is None else d.best.number), h
        assert a == sum(1 << s.number for s in d.all), h

    arranger = sss.Arranger(rules, 4)
    dealt = np.array(
        [[c.code for c in seat] for r in range(10) for seat in sss.deal(4, 100 + r, rules)], dtype=np.uint8
    )
    arranged = arranger.arrange_many(dealt, threads=2)
    assert sum(has_joker(a) for a in arranged) > 5
    for h, a in zip(dealt, arranged):
        assert [c.code for c in arranger.arrange(h.tolist()).arrangement.cards] == a.tolist(), h
    for tables in (arranged.reshape(10, 4, 13), dealt.reshape(10, 4, 13)):
        totals = sss.settle_many(tables, rules, threads=2)
        for r in range(10):
            seats = [
                sss.PlayerHand.arranged(t[:3].tolist(), t[3:8].tolist(), t[8:].tolist(), rules=rules) for t in tables[r]
            ]
            assert list(sss.settle(seats, rules).totals_units) == totals[r].tolist()


def test_joker_errors_name_the_row():
    none, one = sss.Rules.preset("classic"), sss.Rules.preset("classic", jokers=1)
    fives = np.array([[0, 4, 8, 12, 16], [52, 53, 1, 5, 9], [52, 53, 52, 2, 6], [3, 7, 11, 15, 19]], dtype=np.uint8)
    out = np.full(4, 7, dtype=np.uint32)
    with pytest.raises(sss.BadCardCodeError) as e:
        sss.evaluate_many(fives, none, out=out)
    assert e.value.row == 1 and str(e.value).startswith("row 1: card code 52")
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.evaluate_many(fives, J2, out=out, threads=2)
    assert (e.value.row, e.value.position) == (2, 2)
    with pytest.raises(sss.JokerNotInDeckError) as e:
        sss.evaluate_many(fives[:2], one)
    assert e.value.row == 1
    assert out.tolist() == [7] * 4, "a failed batch wrote nothing"

    masks = np.array([0x1F, (1 << 52) | 0xF, (1 << 53) | 0xF], dtype=np.uint64)
    with pytest.raises(sss.BadCardCodeError) as e:
        sss.evaluate_masks_many(masks, none)
    assert e.value.row == 1
    with pytest.raises(sss.JokerNotInDeckError) as e:
        sss.evaluate_masks_many(masks, one)
    assert e.value.row == 2
    assert sss.evaluate_masks_many(masks[:2], one).tolist() == [
        sss.evaluate([0, 1, 2, 3, 4], one).value,
        sss.evaluate([0, 1, 2, 3, 52], one).value,
    ]

    hands = joker_rows(8, 13, 5)
    hands[3] = [52, 53, 52, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36]
    for call in (
        lambda: sss.detect_special_many(hands, J2),
        lambda: sss.Arranger(J2, 4).arrange_many(hands, threads=2),
    ):
        with pytest.raises(sss.DuplicateCardError) as e:
            call()
        assert e.value.row == 3
    first = next(i for i, h in enumerate(hands) if has_joker(h))
    with pytest.raises(sss.BadCardCodeError) as e:
        sss.Arranger(none, 4).arrange_many(hands)
    assert e.value.row == first

    # A round with the small joker at two seats under one joker; a joker under none.
    tables = np.array([np.arange(52).reshape(4, 13), np.arange(52).reshape(4, 13)], dtype=np.uint8)
    tables[1, 0, 0] = 52
    with pytest.raises(sss.BadCardCodeError) as e:
        sss.settle_many(tables, none)
    assert e.value.row == 1
    tables[1, 2, 0] = 52
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.settle_many(tables, one)
    assert (e.value.row, e.value.position) == (1, 26)
