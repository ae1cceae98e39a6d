"""Every result's JSON form (`to_dict()` / `to_json()`): plain dicts and lists that `json.dumps`
takes, with the keys and value forms of the JavaScript package and `sss --json` (cards as text,
categories by their snake_case names, specials by id), checked against what the objects
themselves say and against hands whose answer is known."""

import json
from fractions import Fraction

import shisanshui as sss

DRAGON = "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad"
HAND = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd"
LANES = "Kd Kc 9h / Ks Kh 9s 5s 3h / As Ad Ah 2c 2d"


def texts(cards):
    return [str(c) for c in cards]


def lanes_of(a):
    return {"front": texts(a.front), "middle": texts(a.middle), "back": texts(a.back)}


def cat(c):
    return c.name.lower()


def plain(obj):
    """The form round-trips through JSON text, and to_json is the same form."""
    d = obj.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert json.loads(obj.to_json()) == d
    return d


def test_hand_rank():
    r = sss.evaluate("As Ks Qs Js Ts")
    assert plain(r) == {"value": r.value, "category": "straight_flush", "text": r.describe()}
    assert plain(sss.evaluate("2c 2d 3h"))["category"] == "one_pair"


def test_arrangement_and_its_evaluation():
    a = sss.Arrangement(LANES)
    assert plain(a) == lanes_of(a)
    assert plain(a)["front"] == ["Kd", "Kc", "9h"]
    e = plain(a.evaluate("kx"))
    assert e["is_foul"] is False and e["front_over_middle"] is False and e["middle_over_back"] is False
    assert [e[k]["category"] for k in ("front", "middle", "back")] == ["one_pair", "one_pair", "full_house"]
    assert e["played"] == lanes_of(a)
    foul = plain(sss.Arrangement("As Ad Ah / Ks Kh 9s 5s 3h / Kd Kc 9h 2c 2d").evaluate())
    assert foul["is_foul"] is True and foul["front_over_middle"] is True
    # A lane with a joker: played names the card it stands for.
    rules = sss.Rules(jokers=2)
    j = sss.Arrangement("SJ Kc 9h / Ks Kh 9s 5s 3h / As Ad Ah 2c 2d", rules=rules).evaluate(rules)
    d = plain(j)
    assert "SJ" not in d["played"]["front"] and d["front"]["category"] == "one_pair"


def test_arranger_results():
    best = sss.auto_arrange(HAND)
    d = plain(best)
    assert d == {
        "arrangement": lanes_of(best.arrangement),
        "categories": [cat(c) for c in best.categories],
        "expected_water": best.expected_water,
    }
    s = sss.suggest(HAND, n=2)
    assert [plain(x)["kind"] for x in s][0] == "best"
    assert plain(s[0])["arrangement"] == d["arrangement"]
    advice = sss.special_advice(DRAGON)
    a = plain(advice)
    assert a["special"] == "DR" and a["declare"] is True
    assert a["declare_water"] == 108 and a["advantage"] == advice.advantage
    assert a["best_lanes"] == plain(advice.best_lanes)


def test_seats():
    declared = plain(sss.play(DRAGON))
    assert declared["special"] == "DR"
    assert sorted(declared["cards"]) == sorted(DRAGON.split())
    lanes = sss.PlayerHand.arranged(LANES)
    assert plain(lanes) == lanes_of(sss.Arrangement(LANES))


def test_specials_combos_and_money():
    d = plain(sss.detect_special("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"))
    assert d["best"] == "SD" and "DR" in d["all"]
    pairs = sss.combos("As Ah Kd SJ", "pair", sss.Rules(jokers=2))
    forms = [plain(c) for c in pairs]
    assert forms[0] == {"category": "one_pair", "cards": texts(pairs[0].cards), "fits_front": True}
    with_joker = [f for f in forms if "SJ" in f["cards"]]
    assert with_joker and all("played" in f and "SJ" not in f["played"] for f in with_joker)
    money = sss.settle_money([Fraction(3), Fraction(-3)], base=100)
    m = plain(money)
    assert m["amounts"] == list(money.amounts) == [300, -300]
    assert plain(money.lines[0])["amount"] == 300
