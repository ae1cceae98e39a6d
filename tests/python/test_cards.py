"""Cards: every text form, codes, ordering, hashing, repr/str and the "cards" argument forms."""

import copy
import pickle

import pytest

import shisanshui as sss
from reference import RANKS, SUITS, card_text


@pytest.mark.parametrize("code", range(52))
def test_every_code_round_trips(code):
    card = sss.Card.from_code(code)
    assert card.code == code
    assert str(card) == card_text(code)  # rank char + suit letter, RULES.md §1
    assert sss.Card(str(card)) == card
    assert card.rank == sss.Rank(code // 4) and card.rank.char == RANKS[code // 4]
    assert card.suit == sss.Suit(code % 4) and card.suit.letter == SUITS[code % 4]
    assert card.symbol == RANKS[code // 4] + "♦♣♥♠"[code % 4]
    assert sss.Card(card.symbol) == card
    assert sss.Card.from_rank_suit(card.rank, card.suit) == card
    assert sss.Card.from_rank_suit(code // 4, code % 4) == card


def test_codes_follow_rules_section_1():
    # code = (rank - 2) * 4 + suit, rank 2..14, suit ♦=0 ♣=1 ♥=2 ♠=3.
    assert sss.Card("2d").code == 0
    assert sss.Card("2s").code == 3
    assert sss.Card("As").code == 51
    assert sss.Card("10h").code == (10 - 2) * 4 + 2
    assert sss.Card("q♣").code == (12 - 2) * 4 + 1


@pytest.mark.parametrize(
    "text, expected",
    [
        ("As", "As"), ("aS", "As"), ("A♠", "As"), ("a♤", "As"),
        ("10h", "Th"), ("Th", "Th"), ("th", "Th"), ("T♥", "Th"), ("10♡", "Th"),
        ("Td", "Td"), ("t♦", "Td"), ("T♢", "Td"),
        ("q♣", "Qc"), ("Q♧", "Qc"), ("qC", "Qc"),
        ("2d", "2d"), ("9S", "9s"), ("jH", "Jh"), ("kc", "Kc"),
    ],
)
def test_every_text_form(text, expected):
    assert str(sss.Card(text)) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("As Kd 10h", "As Kd Th"),
        ("AsKsQs", "As Ks Qs"),
        ("As,Kd", "As Kd"),
        ("10h, 9h 8♥", "Th 9h 8h"),
        ("  2c\t3d\n", "2c 3d"),
        ("", ""),
    ],
)
def test_parse_and_format(text, expected):
    cards = sss.parse_cards(text)
    assert isinstance(cards, list) and all(isinstance(c, sss.Card) for c in cards)
    assert sss.format_cards(cards) == expected
    assert sss.format_cards(text) == expected


def test_format_accepts_every_card_form():
    assert sss.format_cards([sss.Card("As"), "Kd", 34, " 2c "]) == "As Kd Th 2c"
    assert sss.format_cards(("As", "Kd")) == "As Kd"
    assert sss.format_cards(iter([51, 0])) == "As 2d"
    assert sss.format_cards([]) == ""


def test_str_and_repr():
    card = sss.Card("10h")
    assert str(card) == "Th"
    assert repr(card) == "Card('Th')"
    assert eval(repr(card), {"Card": sss.Card}) == card
    assert repr(sss.parse_cards("As 2d")) == "[Card('As'), Card('2d')]"


def test_ordering_is_by_code():
    deck = sss.Card.all()
    assert [c.code for c in deck] == list(range(52))
    shuffled = sorted(deck, key=lambda c: (c.code * 7919) % 53)
    assert sorted(shuffled) == deck
    for a in deck:
        for b in deck:
            assert (a < b) == (a.code < b.code)
            assert (a <= b) == (a.code <= b.code)
            assert (a > b) == (a.code > b.code)
            assert (a >= b) == (a.code >= b.code)
            assert (a == b) == (a.code == b.code)
            assert (a != b) == (a.code != b.code)
    assert max(sss.parse_cards("2d As Kd")) == sss.Card("As")


def test_hash_and_equality():
    assert len({sss.Card("As"), sss.Card("as"), sss.Card("A♠"), sss.Card.from_code(51)}) == 1
    assert {sss.Card("As"): 1}[sss.Card("A♠")] == 1
    assert hash(sss.Card("Kd")) == hash(sss.Card("kD"))
    assert len(set(sss.Card.all())) == 52
    # Other types are never equal and never ordered against a card.
    assert sss.Card("As") != "As"
    assert sss.Card("As") != 51
    with pytest.raises(TypeError):
        sss.Card("As") < 52  # noqa: B015
    with pytest.raises(TypeError):
        sss.Card("As") < "Ks"  # noqa: B015


def test_card_is_immutable_and_copyable():
    card = sss.Card("As")
    with pytest.raises(AttributeError):
        card.code = 3
    assert pickle.loads(pickle.dumps(card)) == card
    assert copy.copy(card) == card and copy.deepcopy(card) == card
    assert sss.Card(card) == card


def test_constructor_types():
    with pytest.raises(TypeError, match="from_code"):
        sss.Card(51)
    with pytest.raises(TypeError):
        sss.Card(None)
    with pytest.raises(TypeError):
        sss.Card.from_code("51")
    with pytest.raises(TypeError):
        sss.Card.from_code(True)
    with pytest.raises(TypeError):
        sss.Card.from_code(51.0)
    with pytest.raises(TypeError):
        sss.Card.from_rank_suit(True, 0)
    with pytest.raises(TypeError):
        sss.Card.from_rank_suit("A", "s")
    with pytest.raises(sss.InvalidArgumentError):
        sss.Card.from_rank_suit(13, 0)
    with pytest.raises(sss.InvalidArgumentError):
        sss.Card.from_rank_suit(0, -1)


def test_cards_argument_forms_are_all_equivalent():
    expected = sss.evaluate("As Ks Qs Js Ts")
    forms = [
        "As Ks Qs Js Ts",
        "AsKsQsJsTs",
        "A♠,K♠,Q♠,J♠,10♠",
        [51, 47, 43, 39, 35],
        (51, 47, 43, 39, 35),
        ["As", "Ks", "Qs", "Js", "Ts"],
        [sss.Card("As"), "K♠", 43, sss.Card.from_code(39), "10s"],
        iter([51, 47, 43, 39, 35]),
        (c for c in sss.parse_cards("As Ks Qs Js Ts")),
        range(35, 52, 4),  # 35 39 43 47 51
    ]
    for form in forms:
        assert sss.evaluate(form) == expected, form


@pytest.mark.parametrize("bad", [b"AsKsQs", bytearray(b"\x00\x01\x02"), 5, 3.5, None, sss.Card("As"), object()])
def test_cards_argument_wrong_types(bad):
    with pytest.raises(TypeError):
        sss.evaluate(bad)


@pytest.mark.parametrize("bad_item", [1.0, None, True, b"As", [51], object()])
def test_card_item_wrong_types(bad_item):
    with pytest.raises(TypeError, match="position 1"):
        sss.evaluate([51, bad_item, 43])


def test_endless_input_stops_at_the_first_repeat():
    import itertools

    with pytest.raises(sss.DuplicateCardError) as e:
        sss.evaluate(itertools.cycle(range(52)))
    assert e.value.position == 52
