"""Hand evaluation against the independent model of RULES.md §3 in reference.py: every 3-card
hand, every straight, and a seeded sample of 5-card hands, under all four ranking option sets;
plus rich comparison, the wheel and suit tie-break options, and repr/str."""

import itertools
import pickle
import random

import pytest

import reference as ref
import shisanshui as sss

OPTION_SETS = [(w, t) for w in ("second_highest", "lowest") for t in (False, True)]


def rules_for(wheel, suit_tiebreak):
    return sss.Rules(wheel=wheel, suit_tiebreak=suit_tiebreak)


@pytest.mark.parametrize("suit_tiebreak", [False, True])
def test_every_three_card_hand(suit_tiebreak):
    rules = rules_for("second_highest", suit_tiebreak)
    seen = 0
    for hand in itertools.combinations(range(52), 3):
        got = sss.evaluate(hand, rules)
        assert got.value == ref.value(hand, suit_tiebreak=suit_tiebreak), [ref.card_text(c) for c in hand]
        seen += 1
    assert seen == 22100


@pytest.mark.parametrize("wheel, suit_tiebreak", OPTION_SETS)
def test_every_straight_and_straight_flush(wheel, suit_tiebreak):
    rules = rules_for(wheel, suit_tiebreak)
    windows = [[12, 0, 1, 2, 3]] + [list(range(lo, lo + 5)) for lo in range(9)]
    count = 0
    for ranks in windows:
        for suits in itertools.product(range(4), repeat=5):
            hand = [r * 4 + s for r, s in zip(ranks, suits)]
            got = sss.evaluate(hand, rules)
            expected = ref.value(hand, wheel, suit_tiebreak)
            assert got.value == expected, [ref.card_text(c) for c in hand]
            flush = len(set(suits)) == 1
            assert got.category == (sss.Category.STRAIGHT_FLUSH if flush else sss.Category.STRAIGHT)
            count += 1
    assert count == 10 * 4**5


@pytest.mark.parametrize("wheel, suit_tiebreak", OPTION_SETS)
def test_sampled_five_card_hands(wheel, suit_tiebreak):
    rules = rules_for(wheel, suit_tiebreak)
    rng = random.Random(f"{wheel}-{suit_tiebreak}")
    categories = set()
    hands = []
    for _ in range(6000):
        hand = rng.sample(range(52), 5)
        got = sss.evaluate(hand, rules)
        assert got.value == ref.value(hand, wheel, suit_tiebreak), [ref.card_text(c) for c in hand]
        categories.add(got.category)
        hands.append((got, hand))
    # Rich comparison orders exactly as the model's values do.
    for (a, ha), (b, hb) in zip(hands, hands[1:]):
        va, vb = ref.value(ha, wheel, suit_tiebreak), ref.value(hb, wheel, suit_tiebreak)
        assert (a < b, a == b, a > b) == (va < vb, va == vb, va > vb)
    assert len(categories) >= 7  # the sample reaches all but the rarest categories


@pytest.mark.parametrize(
    "text, category, description",
    [
        ("As Ks Qs Js Ts", sss.Category.STRAIGHT_FLUSH, "straight flush, A high"),
        ("As Ad Ah Ac 2d", sss.Category.FOUR_OF_A_KIND, "four of a kind, A"),
        ("Ks Kd Kh 9c 9d", sss.Category.FULL_HOUSE, "full house, K over 9"),
        ("As 9s 7s 4s 2s", sss.Category.FLUSH, "flush, A high"),
        ("9s Td Jh Qc Kd", sss.Category.STRAIGHT, "straight, K high"),
        ("As 2d 3h 4c 5d", sss.Category.STRAIGHT, "straight, wheel (A-2-3-4-5)"),
        ("7s 7d 7h 3c 2d", sss.Category.THREE_OF_A_KIND, "three of a kind, 7"),
        ("As Ad 3h 3c 2d", sss.Category.TWO_PAIR, "two pair, A and 3"),
        ("Ts Td 4h 3c 2d", sss.Category.ONE_PAIR, "one pair, T"),
        ("As Jd 4h 3c 2d", sss.Category.HIGH_CARD, "high card, A high"),
        ("Qs Qd Qh", sss.Category.THREE_OF_A_KIND, "three of a kind, Q"),
        ("As Ad Kh", sss.Category.ONE_PAIR, "one pair, A"),
        ("As Kd Qh", sss.Category.HIGH_CARD, "high card, A high"),
    ],
)
def test_categories_and_descriptions(text, category, description):
    rank = sss.evaluate(text)
    assert rank.category is category
    assert rank.describe() == description == str(rank)
    assert repr(rank) == f"<HandRank {description} ({rank.value:#x})>"
    assert int(rank) == rank.value


def test_value_and_repr_of_the_royal_flush():
    royal = sss.evaluate("As Ks Qs Js Ts")
    # Category 8 in bits 22.., top nibble 14 (A-high under second_highest), no suit bits.
    assert royal.value == (8 << 22) | (14 << 18) == 0x2380000
    assert repr(royal) == "<HandRank straight flush, A high (0x2380000)>"
    assert royal.top_rank is sss.Rank.ACE


def test_wheel_options():
    wheel, broadway, king, six = "As 2d 3h 4c 5d", "As Kd Qh Jc Td", "Ks Qd Jh Tc 9d", "6s 2d 3h 4c 5d"
    hi = sss.Rules()  # classic: second_highest
    lo = sss.Rules(wheel=sss.Wheel.LOWEST)
    assert sss.evaluate(broadway, hi) > sss.evaluate(wheel, hi) > sss.evaluate(king, hi) > sss.evaluate(six, hi)
    assert sss.evaluate(broadway, lo) > sss.evaluate(king, lo) > sss.evaluate(six, lo) > sss.evaluate(wheel, lo)
    assert sss.evaluate(wheel, hi).top_rank is sss.Rank.ACE
    assert sss.evaluate(wheel, lo).top_rank is sss.Rank.FIVE
    assert sss.evaluate(wheel, lo).describe() == "straight, 5 high"
    # The same holds for straight flushes; "hk" (a preset name) ranks the wheel lowest.
    assert sss.evaluate("As 2s 3s 4s 5s") > sss.evaluate("Ks Qs Js Ts 9s")
    assert sss.evaluate("As 2s 3s 4s 5s", "hk") < sss.evaluate("6s 2s 3s 4s 5s", "hk")


def test_suit_tiebreak_uses_the_top_group():
    on = sss.Rules(suit_tiebreak=True)
    off = sss.Rules()
    a, b = "Ks Kd 9h 5c 3d", "Kh Kc 9s 5s 3s"  # same ranks; the pair of kings decides: K♠ > K♥
    assert sss.evaluate(a, off) == sss.evaluate(b, off)
    assert sss.evaluate(a, on) > sss.evaluate(b, on)
    assert sss.evaluate(a, on).ranks_only() == sss.evaluate(b, on).ranks_only() == sss.evaluate(a, off)
    # Ranks first, suits only after.
    assert sss.evaluate("Kd Kc 9d 5c 4d", on) > sss.evaluate("Ks Kh 9s 5s 3h", on)
    # Flushes: the highest card decides.
    assert sss.evaluate("As Qs 9s 5s 3s", on) > sss.evaluate("Ah Qh 9h 5h 3h", on)
    # Wheel under lowest: the 5 decides (hk has suit tie-break on).
    assert sss.evaluate("Ad 2d 3h 4c 5s", "hk") > sss.evaluate("As 2s 3s 4c 5h", "hk")
    # Three cards too.
    assert sss.evaluate("As Ad 2c", on) > sss.evaluate("Ah Ac 2d", on)


def test_rich_comparison_and_hashing():
    low, high = sss.evaluate("As Kd Jh"), sss.evaluate("As Kd Qh")
    assert low < high and low <= high and high > low and high >= low and low != high
    assert not (low == high)
    assert sss.evaluate("Ah Kc Jd") == low and hash(sss.evaluate("Ah Kc Jd")) == hash(low)
    assert len({low, high, sss.evaluate("Ah Kc Jd")}) == 2
    assert sorted([high, low]) == [low, high]
    assert low != low.value
    with pytest.raises(TypeError):
        low < low.value  # noqa: B015


def test_from_value_and_pickle():
    rank = sss.evaluate("Ks Kd Kh 9c 9d")
    assert sss.HandRank.from_value(rank.value) == rank
    assert pickle.loads(pickle.dumps(rank)) == rank
    with pytest.raises(AttributeError):
        rank.value = 0


def test_rules_argument_forms():
    hand = "As 2s 3s 4s 5h"
    lo = sss.evaluate(hand, sss.Rules.preset("hk"))
    assert sss.evaluate(hand, "hk") == lo
    assert sss.evaluate(hand, rules="HK") == lo
    assert sss.evaluate(hand, sss.Rules(wheel="lowest", suit_tiebreak=True)) == lo
    assert sss.evaluate(hand) == sss.evaluate(hand, None) == sss.evaluate(hand, "classic")
    assert sss.evaluate(hand) != lo


def test_ranks_reused_from_the_cache_are_the_right_ranks():
    # More distinct ranks than the cache has slots, under two rule sets whose values differ:
    # every result is the rank of its own hand (the reference model's value), however slots
    # are shared, in either order of calls.
    rng = random.Random(77)
    hands = [rng.sample(range(52), 5) for _ in range(30_000)]
    for rules, wheel, tiebreak in (("classic", "second_highest", False), ("hk", "lowest", True)):
        first = [sss.evaluate(h, rules) for h in hands]
        again = [sss.evaluate(h, rules) for h in reversed(hands)][::-1]
        assert [r.value for r in first] == [r.value for r in again]
        assert [r.value for r in first] == [ref.value(h, wheel, tiebreak) for h in hands]
        for h, r in zip(hands[:3000], first):
            fresh = sss.HandRank.from_value(r.value)
            assert r == fresh and hash(r) == hash(fresh) and r.describe() == fresh.describe()
            assert sss.evaluate(list(reversed(h)), rules) == r
    # Equal ranks compare equal whether or not they are one object; ranks stay immutable.
    a, b = sss.evaluate("As Ks Qs Js Ts"), sss.evaluate([51, 47, 43, 39, 35])
    assert a == b and a.value == b.value
    with pytest.raises(AttributeError):
        a.value = 0
