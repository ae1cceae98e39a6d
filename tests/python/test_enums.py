"""The Python enums agree with the engine: names, values and the texts the engine prints."""

import pytest

import shisanshui as sss


def test_rank_and_suit_match_card_text():
    assert [r.value for r in sss.Rank] == list(range(13))
    assert [s.value for s in sss.Suit] == list(range(4))
    for card in sss.Card.all():
        text = str(card)
        assert card.rank.char == text[0] and card.suit.letter == text[1]
        assert card.rank.char + card.suit.symbol == card.symbol
        assert card.code == card.rank * 4 + card.suit  # IntEnums do arithmetic
        assert isinstance(card.rank, sss.Rank) and isinstance(card.suit, sss.Suit)
    assert sss.Rank.ACE.number == 14 and sss.Rank.TWO.number == 2
    assert [s.is_red for s in sss.Suit] == [True, False, True, False]


@pytest.mark.parametrize(
    "hand, category",
    [
        ("As Jd 4h 3c 2d", sss.Category.HIGH_CARD),
        ("As Ad 4h 3c 2d", sss.Category.ONE_PAIR),
        ("As Ad 3h 3c 2d", sss.Category.TWO_PAIR),
        ("As Ad Ah 3c 2d", sss.Category.THREE_OF_A_KIND),
        ("6s 2d 3h 4c 5d", sss.Category.STRAIGHT),
        ("As 9s 7s 4s 2s", sss.Category.FLUSH),
        ("As Ad Ah 2c 2d", sss.Category.FULL_HOUSE),
        ("As Ad Ah Ac 2d", sss.Category.FOUR_OF_A_KIND),
        ("9s Ts Js Qs Ks", sss.Category.STRAIGHT_FLUSH),
    ],
)
def test_category_labels_match_the_engine(hand, category):
    rank = sss.evaluate(hand)
    assert rank.category is category
    assert rank.describe().startswith(category.label + ",")


def test_every_category_value_round_trips():
    assert [c.value for c in sss.Category] == list(range(10))
    for c in sss.Category:
        rank = sss.HandRank.from_value(c.value << 22)
        assert rank.category is c
        assert rank.describe().startswith(c.label)
    assert sss.Category.FULL_HOUSE.chinese == "葫芦"


def test_rule_enums_match_the_json_names():
    for wheel in sss.Wheel:
        rules = sss.Rules(wheel=wheel)
        assert rules.to_dict()["wheel"] == wheel.value == str(wheel)
        assert rules.wheel is wheel
    for mode in sss.ScoringMode:
        rules = sss.Rules(scoring=mode)
        assert rules.to_dict()["scoring"] == mode.value
        assert rules.scoring is mode
    for reading in sss.JokerLanes:
        rules = sss.Rules(jokers=2, joker_lanes=reading)
        # JSON writes the option only when not the default (each_best).
        assert rules.to_dict().get("joker_lanes", "each_best") == reading.value == str(reading)
        assert rules.joker_lanes is reading and sss.Rules(joker_lanes=reading.value).joker_lanes is reading
