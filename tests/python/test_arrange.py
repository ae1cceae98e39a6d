"""Auto-arrangement (RULES.md §7): `Arranger`, `auto_arrange`, `suggest`,
`special_advice` and their results, checked against the foul model of reference.py (written
from RULES.md, not from the engine), a brute force over every layout of a hand, and the shared
vectors tests/vectors/arrange.json made by the Rust side (ffi/tests/arrange_vectors.rs).
"""

import itertools
import json
import pathlib
import threading

import pytest

import reference as ref
import shisanshui as sss
from shisanshui import Category, SuggestionKind

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARRANGE_VECTORS = ROOT / "tests" / "vectors" / "arrange.json"

DRAGON = "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad"
PLAIN = "2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad"
HAND = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd"


@pytest.fixture(scope="module")
def vectors():
    assert ARRANGE_VECTORS.exists(), f"{ARRANGE_VECTORS} is missing: run the ffi test arrange_vectors"
    data = json.loads(ARRANGE_VECTORS.read_text(encoding="utf-8"))
    assert data["version"] == 1
    return data


_ARRANGERS = {}


def arranger(preset, players):
    key = (preset, players)
    if key not in _ARRANGERS:
        _ARRANGERS[key] = sss.Arranger(preset, players)
    return _ARRANGERS[key]


def codes(cards):
    return [c.code for c in cards]


def lanes(a):
    """(front, middle, back) codes of an Arrangement."""
    return codes(a.front), codes(a.middle), codes(a.back)


def check_legal(hand_codes, arranged, rules):
    """The arrangement is the hand's 13 cards and legal, by the engine's foul check and by the
    independent model; its categories are the evaluator's."""
    a = arranged.arrangement
    f, m, b = lanes(a)
    assert sorted(f + m + b) == sorted(hand_codes)
    for lane in (f, m, b):
        assert lane == sorted(lane, reverse=True), "each lane highest card first"
    e = sss.check_arrangement(a.front, a.middle, a.back, rules)
    assert not e.is_foul, a
    assert ref.foul(f, m, b, str(rules.wheel), rules.strict_order) == (False, False), a
    assert arranged.categories == (e.front.category, e.middle.category, e.back.category)
    assert all(isinstance(c, Category) for c in arranged.categories)


# ---------------------------------------------------------------------------------------------
# Never a foul, deterministic, order-independent
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(sss.PRESETS))
def test_seeded_deals_never_foul(preset):
    for players in (2, 3, 4):
        arr = arranger(preset, players)
        rules = arr.rules
        for seed in range(8):
            for hand in sss.deal(players, seed + 500):
                hc = codes(hand)
                best = arr.arrange(hand)
                check_legal(hc, best, rules)
                # Same input, same output; the order of the cards does not matter.
                assert arr.arrange(hand) == best
                assert arr.arrange(list(reversed(hc))) == best
                assert abs(arr.expected_water(best.arrangement) - best.expected_water) < 1e-9


def test_strict_order_is_respected():
    rules = sss.Rules(strict_order=True)
    # Two flushes of the same ranks: legal as middle and back only without strict order.
    hand = "2d 3c 4d As Qs 9s 5s 3s Ah Qh 9h 5h 3h"
    best = sss.auto_arrange(hand, rules)
    check_legal(codes(sss.parse_cards(hand)), best, rules)
    for s in sss.suggest(hand, rules, n=5):
        check_legal(codes(sss.parse_cards(hand)), s, rules)


def test_free_functions_share_the_arranger():
    hand = sss.deal(4, 1)[2]
    for preset, players in (("classic", 4), ("hk", 2), ("kx", 3)):
        a = sss.Arranger(preset, players)
        assert sss.auto_arrange(hand, preset, players) == a.arrange(hand)
        assert sss.auto_arrange(hand, rules=sss.Rules.preset(preset), players=players) == a.arrange(hand)
        assert sss.suggest(hand, preset, 4, players) == a.suggest(hand, 4)
    assert sss.auto_arrange(hand) == sss.Arranger().arrange(hand) == sss.Arranger("classic", 4).arrange(hand)
    # Card forms: text, Card objects, codes, mixed.
    text = " ".join(str(c) for c in hand)
    mixed = [c if i % 3 == 0 else (str(c) if i % 3 == 1 else c.code) for i, c in enumerate(hand)]
    assert sss.auto_arrange(text) == sss.auto_arrange(codes(hand)) == sss.auto_arrange(mixed)


def test_brute_force_finds_nothing_better():
    """Every one of the 72,072 layouts of a hand, checked for a foul by the independent model and
    priced by the arranger: none legal is worth more than the arrangement, and each suggestion
    is the best of its lane categories."""
    arr = arranger("classic", 4)
    hand = codes(sss.deal(4, 2024)[1])
    best = arr.arrange(hand)
    by_cats = {}
    for front in itertools.combinations(hand, 3):
        rest = [c for c in hand if c not in front]
        for middle in itertools.combinations(rest, 5):
            back = [c for c in rest if c not in middle]
            f, m, b = list(front), list(middle), back
            if ref.foul(f, m, b) != (False, False):
                continue
            w = arr.expected_water(f + m + b)
            cats = tuple(ref.value(x) >> 22 for x in (f, m, b))
            by_cats[cats] = max(by_cats.get(cats, float("-inf")), w)
    top = max(by_cats.values())
    assert abs(top - best.expected_water) < 1e-9
    n = 5
    listed = arr.suggest(hand, n)
    assert len(listed) == min(n, len(by_cats))
    for s in listed:
        cats = tuple(int(c) for c in s.categories)
        assert abs(by_cats[cats] - s.expected_water) < 1e-9, s
    top_back = max(c[2] for c in by_cats)
    top_middle = max(c[1] for c in by_cats)
    for s in listed:
        if s.kind == SuggestionKind.STRONGEST_BACK:
            assert s.categories[2] == top_back
        if s.kind == SuggestionKind.STRONGEST_MIDDLE:
            assert s.categories[1] == top_middle


# ---------------------------------------------------------------------------------------------
# Suggestions and special advice
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 6])
def test_suggestions(n):
    for hand in sss.deal(4, 77):
        best = sss.auto_arrange(hand)
        listed = sss.suggest(hand, n=n)
        assert 1 <= len(listed) <= n
        assert listed[0].kind is SuggestionKind.BEST
        assert (listed[0].arrangement, listed[0].categories, listed[0].expected_water) == (
            best.arrangement,
            best.categories,
            best.expected_water,
        )
        assert len({s.categories for s in listed}) == len(listed), "distinct lane categories"
        for s in listed:
            assert isinstance(s.kind, SuggestionKind)
            assert s.expected_water <= best.expected_water + 1e-9
            check_legal(codes(hand), s, sss.Rules())


def test_special_advice():
    advice = sss.special_advice(DRAGON)
    assert isinstance(advice, sss.SpecialAdvice)
    assert advice.special is sss.Special.DRAGON
    # RULES.md §6: each of the three other seats pays the dragon's 36 under classic.
    assert advice.declare_water == pytest.approx(3 * 36)
    assert advice.declare is True
    assert advice.advantage == advice.declare_water - advice.lane_water
    assert advice.best_lanes == sss.auto_arrange(DRAGON)
    assert advice.lane_water == advice.best_lanes.expected_water
    # Two seats: one opponent pays; hk pays 13 for a dragon.
    two = sss.special_advice(DRAGON, "hk", players=2)
    assert two.declare_water == pytest.approx(13)
    assert sss.Arranger("hk", 2).special_advice(DRAGON) == two
    # No special: None.
    assert sss.special_advice(PLAIN) is None
    assert sss.Arranger("kx").special_advice(PLAIN) is None


def test_play():
    # A dragon is declared (报到, RULES.md §6): every other seat pays its 36 under classic.
    seat = sss.play(DRAGON)
    assert isinstance(seat, sss.PlayerHand)
    assert seat.kind == "special" and seat.special is sss.Special.DRAGON
    assert sorted(seat.cards) == sorted(sss.parse_cards(DRAGON))
    assert sss.Arranger().play(DRAGON) == seat
    rest = [c for c in sss.deck() if c not in set(sss.parse_cards(DRAGON))]
    others = [sss.auto_arrange(rest[k::3]) for k in range(3)]
    # settle takes the arranger's answers as they come (an Arranged plays its lanes).
    s = sss.settle([seat, *others])
    assert s.totals[0] == 3 * 36
    assert s.totals == sss.settle([seat, *(o.arrangement for o in others)]).totals
    # Without a special the seat is the arranged lanes.
    arr = sss.Arranger("kx", 3)
    hand = arr.play(HAND)
    assert hand.kind == "arranged" and hand.special is None
    assert hand == sss.PlayerHand.arranged(arr.arrange(HAND).arrangement)
    assert sss.play(HAND, "kx", players=3) == hand
    # Six pairs holding quads and a full house: play follows the advice, whichever it says.
    six = "As Ah Ad Ac Ks Kh Qs Qh Js Jh Ts Th 2c"
    advice = sss.special_advice(six)
    played = sss.play(six)
    if advice.declare:
        assert played.special is advice.special
    else:
        assert played.arrangement == advice.best_lanes.arrangement
    # Jokers reach the shared arranger; a joker the rules do not deal is refused, naming it.
    jokers = sss.Rules(jokers=2)
    joker_hand = "As Ah Ad Ac SJ 2c 3d 5h 7s 9c Jd Qh 4s"
    assert any(c.is_joker for c in sss.play(joker_hand, jokers).cards)
    with pytest.raises(sss.JokerNotInDeckError, match="SJ"):
        sss.play(joker_hand)
    with pytest.raises(sss.WrongCardCountError):
        sss.Arranger().play("As Ah")


def test_reprs_and_docs():
    best = sss.auto_arrange(HAND)
    assert repr(best).startswith("<Arranged ") and "expected water" in repr(best)
    s = sss.suggest(HAND)[0]
    assert repr(s).startswith("<Suggestion best: ")
    assert repr(sss.special_advice(DRAGON)).startswith("<SpecialAdvice DR 一条龙: declare")
    assert repr(sss.Arranger("kx", 3)) == "<Arranger kx, 3 players>"
    assert repr(sss.Arranger(sss.Rules(strict_order=True))) == "<Arranger custom rules, 4 players>"
    assert str(SuggestionKind.STRONGEST_BACK) == "strongest_back"
    for obj in (sss.Arranger, sss.Arranged, sss.Suggestion, sss.SpecialAdvice, sss.auto_arrange, sss.suggest,
                sss.special_advice, sss.play, sss.Arranger.play, sss.Arranger.arrange, sss.Arranger.suggest, sss.Arranger.special_advice,
                sss.Arranger.expected_water, SuggestionKind):
        assert obj.__doc__, obj
    a = sss.Arranger("ranked", 3)
    assert a.players == 3 and a.rules == sss.Rules.preset("ranked")
    r = a.rules
    r.strict_order = True
    assert a.rules.strict_order is False, "the arranger keeps its own copy"


def test_threads_agree():
    arr = arranger("classic", 4)
    hands = [h for seed in range(6) for h in sss.deal(4, seed + 900)]
    expected = [arr.arrange(h) for h in hands]
    results = [None] * 4

    def work(i):
        results[i] = [arr.arrange(h) for h in hands]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == expected for r in results)


# ---------------------------------------------------------------------------------------------
# The shared vectors
# ---------------------------------------------------------------------------------------------


def same(rec, arranged):
    assert lanes(arranged.arrangement) == (rec["front"], rec["middle"], rec["back"])
    assert [int(c) for c in arranged.categories] == rec["categories"]
    assert abs(arranged.expected_water - rec["expected_water"]) <= 1e-9


def test_vector_hands(vectors):
    n = vectors["suggestions_n"]
    assert len(vectors["hands"]) >= 100
    for rec in vectors["hands"]:
        arr = arranger(rec["preset"], rec["players"])
        assert codes(sss.deal(rec["players"], rec["seed"])[rec["seat"]]) == rec["codes"]
        best = arr.arrange(rec["codes"])
        same(rec, best)
        check_legal(rec["codes"], best, arr.rules)
        listed = arr.suggest(rec["codes"], n)
        assert len(listed) == len(rec["suggestions"])
        for s, want in zip(listed, rec["suggestions"]):
            assert s.kind == SuggestionKind(want["kind"])
            same(want, s)
        if rec["players"] == 4:
            assert sss.auto_arrange(rec["codes"], rec["preset"]) == best


def test_vector_roles(vectors):
    """Banker tables: the preset with ``table = BANKER`` and an arranger for the seat's role."""
    records = vectors["roles"]
    assert len(records) >= 24
    differ = 0
    for rec in records:
        assert rec["table"] == "banker"
        rules = sss.Rules.preset(rec["preset"])
        rules.table = sss.Table.BANKER
        assert codes(sss.deal(rec["players"], rec["seed"])[rec["seat"]]) == rec["codes"]
        arr = sss.Arranger(rules, rec["players"], role=rec["role"])
        assert arr.role == rec["role"]
        best = arr.arrange(rec["codes"])
        same(rec, best)
        check_legal(rec["codes"], best, rules)
        other = sss.Arranger(rules, rec["players"], role="player" if rec["role"] == "banker" else "banker")
        theirs = other.arrange(rec["codes"])
        assert theirs.expected_water != best.expected_water
        differ += lanes(theirs.arrangement) != lanes(best.arrangement)
    assert differ >= 4


def test_vector_card_removal_off(vectors):
    """``card_removal=False``: the arranger that plays the field as trained; the switch is a new
    arranger and leaves the first one as it was."""
    records = vectors["plain"]
    assert len(records) >= 12
    differ = 0
    for rec in records:
        on = arranger(rec["preset"], rec["players"])
        off = on.with_card_removal(False)
        assert on.card_removal is True and off.card_removal is False
        made = sss.Arranger(rec["preset"], rec["players"], card_removal=False)
        assert made.card_removal is False and "no card removal" in repr(made)
        assert codes(sss.deal(rec["players"], rec["seed"])[rec["seat"]]) == rec["codes"]
        for arr in (off, made):
            best = arr.arrange(rec["codes"])
            same(rec, best)
            check_legal(rec["codes"], best, arr.rules)
        apart = lanes(on.arrange(rec["codes"]).arrangement) != lanes(best.arrangement)
        assert apart is rec["differs"]
        differ += apart
    assert differ >= 6
    with pytest.raises(TypeError):
        sss.Arranger("classic", 4, card_removal="no")
    with pytest.raises(TypeError):
        arranger("classic", 4).with_card_removal(None)


def test_vector_advice(vectors):
    for rec in vectors["advice"]:
        arr = arranger(rec["preset"], rec["players"])
        advice = arr.special_advice(rec["codes"])
        if rec["special"] is None:
            assert advice is None, rec["text"]
            continue
        assert advice.special == sss.parse_special(rec["special"])
        assert advice.declare is rec["declare"]
        assert abs(advice.declare_water - rec["declare_water"]) <= 1e-9
        assert abs(advice.lane_water - rec["lane_water"]) <= 1e-9
        assert lanes(advice.best_lanes.arrangement) == (rec["front"], rec["middle"], rec["back"])
        check_legal(rec["codes"], advice.best_lanes, arr.rules)
        assert advice.best_lanes == arr.arrange(rec["codes"])


def test_vector_errors(vectors):
    for rec in vectors["errors"]:
        with pytest.raises(sss.Error) as e:
            if rec["call"] == "arranger":
                sss.Arranger(rec["preset"], rec["players"])
            else:
                arr = arranger(rec["preset"], rec["players"])
                if rec["call"] == "arrange":
                    arr.arrange(rec["codes"])
                elif rec["call"] == "suggest":
                    arr.suggest(rec["codes"], rec["n"])
                else:
                    arr.special_advice(rec["codes"])
        assert e.value.kind == rec["kind"], (rec, e.value)
        if "position" in rec:
            assert e.value.position == rec["position"]


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------

BAD_HANDS = [
    (HAND.rsplit(" ", 1)[0], sss.WrongCardCountError, "expected 13 cards, got 12"),
    (HAND + " Tc", sss.WrongCardCountError, "got 14"),
    ([], sss.WrongCardCountError, "got 0"),
    (HAND.replace("Jd", "As"), sss.DuplicateCardError, "duplicate card As at position 12"),
    ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 52], sss.BadCardCodeError, "card code 52"),
    ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, -1], sss.BadCardCodeError, "card code -1"),
    (HAND.replace("Jd", "Xd"), sss.UnknownRankError, "position 12"),
]


@pytest.mark.parametrize("cards, error, message", BAD_HANDS)
def test_bad_hands(cards, error, message):
    arr = arranger("classic", 4)
    for call in (
        lambda: arr.arrange(cards),
        lambda: arr.suggest(cards),
        lambda: arr.special_advice(cards),
        lambda: sss.auto_arrange(cards),
        lambda: sss.suggest(cards, n=2),
        lambda: sss.special_advice(cards, "hk", 3),
    ):
        with pytest.raises(error, match=message):
            call()


def test_bad_suggestion_counts():
    with pytest.raises(sss.InvalidArgumentError, match="0 suggestions") as e:
        sss.suggest(HAND, n=0)
    assert e.value.kind == "invalid_argument"
    with pytest.raises(sss.InvalidArgumentError, match="0 suggestions"):
        sss.Arranger().suggest(HAND, 0)
    with pytest.raises(sss.InvalidArgumentError, match="-2 suggestions"):
        sss.suggest(HAND, n=-2)
    for bad in ("3", 2.0, True, None.__class__):
        with pytest.raises(TypeError, match="n must be an int"):
            sss.suggest(HAND, n=bad)
    # A huge n is fine: every combination is listed.
    assert 1 <= len(sss.suggest(HAND, n=10**6)) <= 10**6


@pytest.mark.parametrize("players", [0, 1, 5, -3, 2**70])
def test_bad_player_counts(players):
    # Both numbers: the seats asked for and the most the rule set's deck seats.
    message = f"^invalid table: {players} players?, .* 2 to 4$"
    with pytest.raises(sss.InvalidTableError, match=message) as e:
        sss.Arranger("classic", players)
    assert e.value.kind == "invalid_table"
    for call in (sss.auto_arrange, sss.special_advice):
        with pytest.raises(sss.InvalidTableError, match=message):
            call(HAND, None, players)
    with pytest.raises(sss.InvalidTableError):
        sss.suggest(HAND, players=players)


def test_bad_rules():
    with pytest.raises(sss.UnknownPresetError, match='"macau"') as e:
        sss.Arranger("macau")
    assert e.value.kind == "unknown_preset"
    for call in (sss.auto_arrange, sss.suggest, sss.special_advice):
        with pytest.raises(sss.UnknownPresetError):
            call(HAND, "macau")
    with pytest.raises(TypeError):
        sss.Arranger(42)
    with pytest.raises(TypeError):
        sss.Arranger("classic", "4")
    with pytest.raises(TypeError):
        sss.auto_arrange(HAND, players=4.0)
    with pytest.raises(TypeError):
        sss.Arranger().arrange(b"As Kd")
    with pytest.raises(sss.WrongCardCountError):
        sss.Arranger().expected_water(HAND.rsplit(" ", 1)[0])


# ---------------------------------------------------------------------------------------------
# Banker tables (RULES.md §5a) and 2-4 scoring (chinese_poker)
# ---------------------------------------------------------------------------------------------


def banker_rules(preset="classic"):
    data = sss.Rules(preset).to_dict()
    data["table"] = "banker"
    return sss.Rules.from_dict(data)


def test_banker_tables_need_a_role():
    banker = banker_rules()
    # The error names this API's role= (not the Rust function behind it).
    with pytest.raises(sss.InvalidTableError, match="role='banker' or role='player'") as e:
        sss.Arranger(banker, 4)
    assert e.value.kind == "invalid_table"
    assert "new_for" not in str(e.value)
    for call in (sss.auto_arrange, sss.special_advice):
        with pytest.raises(sss.InvalidTableError, match="role="):
            call(HAND, banker, 4)
    with pytest.raises(sss.InvalidTableError):
        sss.suggest(HAND, banker, players=4)
    with pytest.raises(sss.InvalidTableError, match="banker table"):
        sss.Arranger("classic", 4, role="banker")
    with pytest.raises(sss.InvalidArgumentError, match="dealer") as e:
        sss.Arranger(banker, 4, role="dealer")
    assert e.value.kind == "invalid_argument"
    with pytest.raises(sss.InvalidArgumentError):
        sss.auto_arrange(HAND, banker, 4, role="")
    with pytest.raises(TypeError, match="role"):
        sss.Arranger(banker, 4, role=1)
    with pytest.raises(sss.InvalidTableError, match="5 players"):
        sss.Arranger(banker, 5, role="player")
    # At an all-pairs table the player's role is every seat's.
    a = sss.Arranger("classic", 4, role=sss.Role.PLAYER)
    assert a.role == "player" == sss.Role.PLAYER
    assert a.arrange(HAND) == sss.Arranger("classic", 4).arrange(HAND)


def test_banker_roles_price_their_seats():
    banker = banker_rules()
    player = sss.Arranger(banker, 4, role="player")
    bank = sss.Arranger(banker, 4, role=sss.Role.BANKER)
    assert (player.role, bank.role) == ("player", "banker")
    assert "banker table of 4 players, banker" in repr(bank)
    # A dragon (36) is paid by the banker alone to a player, by every player to the banker.
    assert player.special_advice(DRAGON).declare_water == 36.0
    assert bank.special_advice(DRAGON).declare_water == 108.0
    for seed in range(3):
        for hand in sss.deal(4, seed=700 + seed):
            for a in (player, bank):
                got = a.arrange(hand)
                check_legal(codes(hand), got, banker)
                assert got.expected_water == pytest.approx(a.expected_water(got.arrangement), abs=1e-9)
            # The free functions share the same arrangers, by role.
            assert sss.auto_arrange(hand, banker, 4, role="banker") == bank.arrange(hand)
    # Two seats: both roles play the all-pairs heads-up game exactly.
    heads_up = sss.Arranger("classic", 2)
    for hand in sss.deal(4, seed=42):
        want = heads_up.arrange(hand)
        for role in sss.Role:
            assert sss.Arranger(banker, 2, role=role).arrange(hand) == want


def test_chinese_poker_arranges_with_the_majority_bonus():
    for players in (2, 4):
        a = sss.Arranger("chinese_poker", players)
        for hand in sss.deal(4, seed=31):
            got = a.arrange(hand)
            check_legal(codes(hand), got, a.rules)
            # Three lanes and the majority, 1 each, against each opponent.
            assert abs(got.expected_water) <= 4 * (players - 1) + 1e-9
    # The bonus is priced: without it the same hands are worth something else.
    data = sss.Rules("chinese_poker").to_dict()
    data["majority_bonus"] = 0
    without = sss.Arranger(sss.Rules.from_dict(data), 2)
    with_bonus = sss.Arranger("chinese_poker", 2)
    hands = [h for seed in range(3) for h in sss.deal(4, seed=seed)]
    assert all(abs(with_bonus.arrange(h).expected_water - without.arrange(h).expected_water) > 1e-6 for h in hands)
