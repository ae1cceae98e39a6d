"""The shared vectors tests/vectors/eval.json (made by the Rust core): the Python surface must
give the same codes, texts, values, categories, foul flags and error kinds."""

import pytest

import shisanshui as sss

ERRORS = {
    "unknown_rank": sss.UnknownRankError,
    "unknown_suit": sss.UnknownSuitError,
    "bad_card_code": sss.BadCardCodeError,
    "duplicate_card": sss.DuplicateCardError,
    "wrong_card_count": sss.WrongCardCountError,
}


def _rules(record):
    """The classic preset with the record's ranking options changed (vectors README)."""
    return sss.Rules(
        wheel=record["wheel"],
        suit_tiebreak=record["suit_tiebreak"],
        strict_order=record.get("strict_order", False),
    )


def test_cards(vectors):
    assert len(vectors["cards"]) > 52
    for record in vectors["cards"]:
        card = sss.Card(record["text"])
        assert card.code == record["code"], record
        assert str(sss.Card.from_code(record["code"])) == record["display"], record
        assert sss.parse_cards(record["text"]) == [card]


def test_hands(vectors):
    hands = vectors["hands"]
    assert len(hands) > 100
    sizes = set()
    for record in hands:
        rules = _rules(record)
        assert [c.code for c in sss.parse_cards(record["text"])] == record["codes"], record
        by_codes = sss.evaluate(record["codes"], rules)
        assert by_codes.value == record["value"], record
        assert by_codes.category == record["category"] and isinstance(by_codes.category, sss.Category)
        assert sss.evaluate(record["text"], rules) == by_codes
        sizes.add(len(record["codes"]))
    assert sizes == {3, 5}


def test_hand_order_matches_values(vectors):
    # Within one option set, comparing ranks agrees with comparing the vector values.
    groups = {}
    for record in vectors["hands"]:
        key = (record["wheel"], record["suit_tiebreak"], len(record["codes"]))
        groups.setdefault(key, []).append(record)
    for (wheel, tiebreak, _), records in groups.items():
        rules = sss.Rules(wheel=wheel, suit_tiebreak=tiebreak)
        ranked = sorted(records, key=lambda r: sss.evaluate(r["codes"], rules))
        assert [r["value"] for r in ranked] == sorted(r["value"] for r in records)


def test_arrangements(vectors):
    records = vectors["arrangements"]
    assert len(records) > 10
    for record in records:
        e = sss.check_arrangement(record["front"], record["middle"], record["back"], _rules(record))
        assert (e.front_over_middle, e.middle_over_back) == (record["front_over_middle"], record["middle_over_back"]), record
        a = sss.Arrangement(record["front"], record["middle"], record["back"])
        assert a.evaluate(_rules(record)) == e


@pytest.mark.parametrize("form", ["as_given", "as_items"])
def test_errors(vectors, form):
    assert {r["kind"] for r in vectors["errors"]} == set(ERRORS)
    for record in vectors["errors"]:
        if "text" in record:
            # Text inputs: the whole text, or split into one item per token (where it splits).
            arg = record["text"] if form == "as_given" else record["text"].split()
        else:
            arg = record["codes"] if form == "as_given" else tuple(record["codes"])
        with pytest.raises(sss.Error) as e:
            sss.evaluate(arg)
        assert type(e.value) is ERRORS[record["kind"]], record
        assert e.value.kind == record["kind"]
        if "position" in record:
            assert e.value.position == record["position"], record
