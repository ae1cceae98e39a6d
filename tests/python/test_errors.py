"""Every engine error kind: its class, message (the Rust Display text) and attributes; wrong
Python types raise TypeError; arbitrary input never panics."""

import random

import pytest

import shisanshui as sss
from shisanshui import _native

ERRORS = {
    "unknown_rank": sss.UnknownRankError,
    "unknown_suit": sss.UnknownSuitError,
    "bad_card_code": sss.BadCardCodeError,
    "duplicate_card": sss.DuplicateCardError,
    "too_many_copies": sss.TooManyCopiesError,
    "joker_not_in_deck": sss.JokerNotInDeckError,
    "wrong_card_count": sss.WrongCardCountError,
    "invalid_rules": sss.InvalidRulesError,
    "unknown_preset": sss.UnknownPresetError,
    "unknown_special": sss.UnknownSpecialError,
    "special_not_allowed": sss.SpecialNotAllowedError,
    "invalid_table": sss.InvalidTableError,
    "invalid_money": sss.InvalidMoneyError,
    "invalid_argument": sss.InvalidArgumentError,
}


def test_hierarchy():
    assert issubclass(sss.Error, ValueError) and issubclass(sss.Error, Exception)
    assert sss.Error.__module__ == "shisanshui" and sss.Error.__name__ == "Error"
    for cls in ERRORS.values():
        assert issubclass(cls, sss.Error)
        assert cls.__module__ == "shisanshui"
        assert getattr(sss, cls.__name__) is cls
        assert cls.__doc__


@pytest.mark.parametrize("kind", sorted(ERRORS))
def test_every_kind_maps_to_its_class(kind):
    # The private hook builds the core error variant; this checks the mapping of each kind,
    # including those no public function raises yet (specials, tables, money).
    with pytest.raises(ERRORS[kind]) as e:
        _native._raise_error(kind)
    assert e.value.kind == kind
    assert type(e.value) is ERRORS[kind]


def test_attributes_of_the_hooked_kinds():
    with pytest.raises(sss.SpecialNotAllowedError) as e:
        _native._raise_error("special_not_allowed")
    assert (e.value.special, e.value.reason) == ("SD", "not enabled")
    assert str(e.value) == "special hand SD cannot be declared: not enabled"
    with pytest.raises(sss.InvalidTableError, match="^invalid table: 5 players$"):
        _native._raise_error("invalid_table")
    with pytest.raises(sss.InvalidMoneyError, match="^invalid money setting: negative stake$"):
        _native._raise_error("invalid_money")
    with pytest.raises(sss.UnknownSpecialError) as e:
        _native._raise_error("unknown_special")
    assert e.value.name == "XYZ"


def test_unknown_rank():
    with pytest.raises(sss.UnknownRankError) as e:
        sss.parse_cards("As Xs")
    assert str(e.value) == 'unknown rank in card "Xs" at position 1'
    assert (e.value.token, e.value.position, e.value.kind) == ("Xs", 1, "unknown_rank")
    with pytest.raises(sss.UnknownRankError) as e:
        sss.Card("1h")
    assert e.value.position == 0
    with pytest.raises(sss.UnknownRankError) as e:
        sss.evaluate(["As", "Kd", "11h"])  # list items are positioned too
    assert (e.value.token, e.value.position) == ("11h", 2)


def test_unknown_suit():
    with pytest.raises(sss.UnknownSuitError) as e:
        sss.parse_cards("As Kx")
    assert str(e.value) == 'unknown suit in card "Kx" at position 1'
    assert (e.value.token, e.value.position) == ("Kx", 1)
    with pytest.raises(sss.UnknownSuitError) as e:
        sss.Card("A")  # a lone rank is a card missing its suit
    assert e.value.token == "A"


@pytest.mark.parametrize("code", [52, 63, 255, 2**32 - 1, 2**32, -1, -(2**70), 2**70])
def test_bad_card_code(code):
    with pytest.raises(sss.BadCardCodeError) as e:
        sss.Card.from_code(code)
    assert str(e.value) == f"card code {code} is out of range (valid codes are 0..=51)"
    assert e.value.code == code and e.value.kind == "bad_card_code"
    with pytest.raises(sss.BadCardCodeError):
        sss.evaluate([0, code, 3])


def test_duplicate_card():
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.parse_cards("As Kd as")
    assert str(e.value) == "duplicate card As at position 2 (one deck holds it once; a rule set with extra suits holds their cards twice: rule option extra_suits)"
    assert e.value.card == sss.Card("As") and isinstance(e.value.card, sss.Card)
    assert e.value.position == 2
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.evaluate([0, 1, 0])
    assert (e.value.card, e.value.position) == (sss.Card("2d"), 2)
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.evaluate(["Th", sss.Card("10h"), 5])
    assert e.value.position == 1


def test_wrong_card_count():
    with pytest.raises(sss.WrongCardCountError) as e:
        sss.evaluate("As Ks")
    assert str(e.value) == "expected 3 cards, got 2"
    assert (e.value.expected, e.value.found) == (3, 2)
    with pytest.raises(sss.WrongCardCountError) as e:
        sss.evaluate([0, 1, 2, 3])
    assert (e.value.expected, e.value.found) == (5, 4)
    with pytest.raises(sss.WrongCardCountError) as e:
        sss.evaluate(range(13))
    assert (e.value.expected, e.value.found) == (5, 13)
    with pytest.raises(sss.WrongCardCountError) as e:
        sss.Card("As Kd")
    assert (e.value.expected, e.value.found) == (1, 2)


def test_invalid_rules_and_unknown_preset():
    with pytest.raises(sss.InvalidRulesError) as e:
        sss.Rules(shoot_multiplier=0)
    assert e.value.path == "shooting.multiplier"
    assert str(e.value).startswith("invalid rule set at `shooting.multiplier`: ")
    assert e.value.reason in str(e.value)
    with pytest.raises(sss.UnknownPresetError) as e:
        sss.Rules.preset("macau")
    assert e.value.name == "macau"
    assert str(e.value) == 'unknown preset "macau" (expected one of: classic, regional, kx, hk, ranked, chinese_poker)'
    with pytest.raises(sss.UnknownPresetError):
        sss.evaluate("As Ks Qs", rules="macau")


def test_unknown_special():
    with pytest.raises(sss.UnknownSpecialError) as e:
        sss.Rules().special_water("XYZ")
    assert str(e.value) == 'unknown special hand "XYZ"'


def test_invalid_argument():
    with pytest.raises(sss.InvalidArgumentError) as e:
        sss.HandRank.from_value(10 << 22)
    assert str(e.value).startswith("invalid argument: ")
    with pytest.raises(sss.InvalidArgumentError):
        sss.HandRank.from_value(-1)
    with pytest.raises(sss.InvalidArgumentError):
        sss.Arrangement("As Kd Qh / 2c 3c 4c 5c 6c")  # two lanes


def test_engine_errors_are_value_errors():
    with pytest.raises(ValueError):
        sss.Card("Xx")
    with pytest.raises(ValueError):
        sss.Rules.preset("nope")


@pytest.mark.parametrize(
    "call",
    [
        lambda: sss.parse_cards(["As"]),
        lambda: sss.parse_cards(None),
        lambda: sss.evaluate("As Ks Qs", rules=5),
        lambda: sss.evaluate("As Ks Qs", rules=sss.Card("As")),
        lambda: sss.check_arrangement("As Kd Qh", 5, "2c 3c 4c 5c 6c"),
        lambda: sss.Rules.from_json(b"{}"),
        lambda: sss.Rules(strict_order=1),
        lambda: sss.Rules(front_trips="3"),
        lambda: sss.Rules(no_such_option=True),
        lambda: sss.HandRank.from_value("1"),
    ],
)
def test_wrong_python_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call()


ALPHABET = "AKQJT1098765432akqjtdchsDCHSxX♠♥♦♣♤♡♢♧ ,/|\t\n0é中\u0000"


def test_arbitrary_text_never_panics():
    # pyo3 turns a Rust panic into PanicException, a BaseException: an `except Exception`
    # would not catch it, so any panic fails this test.
    rng = random.Random(13)
    for _ in range(3000):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 48)))
        for call in (sss.parse_cards, sss.evaluate, sss.Arrangement, sss.Card, sss.format_cards):
            try:
                call(text)
            except sss.Error:
                pass


def test_arbitrary_codes_never_panic():
    rng = random.Random(14)
    for _ in range(3000):
        codes = [rng.randrange(-3, 60) for _ in range(rng.randrange(0, 16))]
        for call in (sss.evaluate, sss.Arrangement, sss.format_cards):
            try:
                call(codes)
            except sss.Error:
                pass


def test_a_repeated_card_in_an_arrangement_says_where_the_rule_set_goes():
    for build in (
        lambda: sss.Arrangement("As As 4d", "2c 3c 4c 5c 7d", "9h 9d Jh Qh Kh"),
        lambda: sss.Arrangement("As As 4d / 2c 3c 4c 5c 7d / 9h 9d Jh Qh Kh"),
        lambda: sss.Arrangement.from_cards("As As 4d 2c 3c 4c 5c 7d 9h 9d Jh Qh Kh"),
    ):
        with pytest.raises(sss.DuplicateCardError) as e:
            build()
        assert str(e.value).startswith("duplicate card As at position 1 (one deck holds it once;")
        assert str(e.value).endswith('give the arrangement its rule set: Arrangement(..., rules=Rules("classic", extra_suits=["s"]))')
        assert e.value.card == sss.Card("As") and e.value.position == 1
    # Given there, the repeat is read; under one deck it is still refused, without the hint.
    rules = sss.Rules("classic", extra_suits=["s"])
    a = sss.Arrangement("As As 4d", "2c 3c 4c 5c 7d", "9h 9d Jh Qh Kh", rules=rules)
    assert a.front[0] == a.front[1] == sss.Card("As")
    with pytest.raises(sss.DuplicateCardError) as e:
        sss.Arrangement("As As 4d", "2c 3c 4c 5c 7d", "9h 9d Jh Qh Kh", rules="classic")
    assert "give the arrangement its rule set" not in str(e.value)
