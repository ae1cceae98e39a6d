"""Rules: the presets against the table of RULES.md §9, every option's getter and validating
setter, JSON and dict round trips, errors naming the JSON path, equality, copy and repr."""

import copy
import json
import pickle

import pytest

import shisanshui as sss

PMO = "players_minus_one"

# RULES.md §9, transcribed from the table (the contract; the engine must match it), with §11's
# five of a kind where §9 lists none: kx 10 / 20 (classic's), hk and chinese_poker 1.
PRESET_TABLE = {
    "classic": dict(
        wheel="second_highest", suit_tiebreak=False, front_trips=3, middle_full_house=2,
        back_quads=4, middle_quads=8, back_straight_flush=5, middle_straight_flush=10,
        back_five_kind=10, middle_five_kind=20,
        shoot_enabled=True, shoot_bonus=1, shoot_multiplier=1, shoot_allows_ties=True, shoot_min_players=3,
        home_run_enabled=True, home_run_multiplier=4, home_run_bonus=0, home_run_min_players=3,
        foul_counts_as_shot=False, split_quads=True, twelve_royals_min=13, scoring="pairwise",
    ),
    "regional": dict(
        wheel="second_highest", suit_tiebreak=False, front_trips=4, middle_full_house=2,
        back_quads=5, middle_quads=10, back_straight_flush=6, middle_straight_flush=12,
        back_five_kind=12, middle_five_kind=24,
        shoot_enabled=True, shoot_bonus=1, shoot_multiplier=1, shoot_allows_ties=True, shoot_min_players=3,
        home_run_enabled=True, home_run_multiplier=4, home_run_min_players=3,
        foul_counts_as_shot=False, split_quads=True, twelve_royals_min=13, scoring="pairwise",
    ),
    "kx": dict(
        wheel="second_highest", suit_tiebreak=False, front_trips=3, middle_full_house=2,
        back_quads=4, middle_quads=8, back_straight_flush=5, middle_straight_flush=10,
        back_five_kind=10, middle_five_kind=20,
        shoot_enabled=True, shoot_bonus=0, shoot_multiplier=2, shoot_allows_ties=False, shoot_min_players=2,
        home_run_enabled=True, home_run_multiplier=2, home_run_min_players=4,
        foul_counts_as_shot=False, split_quads=True, twelve_royals_min=13, scoring="pairwise",
    ),
    "hk": dict(
        wheel="lowest", suit_tiebreak=True, front_trips=1, middle_full_house=1,
        back_quads=1, middle_quads=1, back_straight_flush=1, middle_straight_flush=1,
        back_five_kind=1, middle_five_kind=1,
        shoot_enabled=True, shoot_bonus=1, shoot_multiplier=1, shoot_allows_ties=False, shoot_min_players=2,
        home_run_enabled=False,
        foul_counts_as_shot=False, split_quads=True, twelve_royals_min=12, scoring="pairwise",
    ),
    "ranked": dict(
        wheel="second_highest", suit_tiebreak=False, front_trips=4, middle_full_house=2,
        back_quads=4, middle_quads=8, back_straight_flush=5, middle_straight_flush=10,
        back_five_kind=10, middle_five_kind=20,
        shoot_enabled=True, shoot_bonus=PMO, shoot_min_players=2,
        home_run_enabled=True, home_run_bonus=12, home_run_multiplier=PMO, home_run_min_players=2,
        foul_counts_as_shot=False, split_quads=True, twelve_royals_min=13, scoring="ranked",
    ),
    # The chinese_poker paragraph of §9: every won lane 1, +1 to the majority, no shots, no specials.
    "chinese_poker": dict(
        wheel="lowest", suit_tiebreak=False, strict_order=False, front_trips=1, middle_full_house=1,
        back_quads=1, middle_quads=1, back_straight_flush=1, middle_straight_flush=1,
        back_five_kind=1, middle_five_kind=1, majority_bonus=1,
        shoot_enabled=False, home_run_enabled=False, foul_counts_as_shot=False, scoring="pairwise", table="all_pairs",
    ),
}

CLASSIC_SPECIALS = [("SD", 108), ("DR", 36), ("TR", 24), ("TSF", 22), ("TQ", 20), ("AB", 15), ("AS", 12),
                    ("OC", 10), ("FT", 6), ("FPT", 5), ("SP", 4), ("TF", 3), ("TS", 3)]
PRESET_SPECIALS = {
    "classic": CLASSIC_SPECIALS,
    "regional": [("SD", 104), ("DR", 26), ("TR", 24), ("TSF", 20), ("TQ", 20), ("OC", 15), ("AB", 12),
                 ("AS", 10), ("TTQ", 8), ("FT", 6), ("FPT", 5), ("SP", 3), ("TF", 3), ("TS", 3)],
    "kx": [("SD", 32), ("DR", 30), ("TR", 24), ("TSF", 20), ("TQ", 20), ("AB", 10), ("AS", 10), ("OC", 10),
           ("FT", 5), ("FPT", 5), ("SP", 4), ("TS", 4), ("TF", 3)],
    "hk": [("DR", 13), ("TR", 6), ("TF", 3), ("TS", 3), ("SP", 3), ("FPT", 2)],
    "ranked": CLASSIC_SPECIALS,
    "chinese_poker": [],
}

# Every scalar option, its JSON path, a valid other value and a value out of range.
FIELDS = [
    ("wheel", "wheel", "lowest", "sideways"),
    ("suit_tiebreak", "suit_tiebreak", True, None),
    ("strict_order", "strict_order", True, None),
    ("foul_counts_as_shot", "foul_counts_as_shot", True, None),
    ("twelve_royals_min", "twelve_royals_min", 12, 11),
    ("split_quads", "split_quads", False, None),
    ("scoring", "scoring", "ranked", "knockout"),
    ("table", "table", "banker", "round_robin"),
    ("majority_bonus", "majority_bonus", 2, 1001),
    ("front_trips", "lane_water.front_trips", 7, 0),
    ("middle_full_house", "lane_water.middle_full_house", 3, 1001),
    ("middle_quads", "lane_water.middle_quads", 9, 0),
    ("back_quads", "lane_water.back_quads", 6, 0),
    ("middle_straight_flush", "lane_water.middle_straight_flush", 11, 0),
    ("back_straight_flush", "lane_water.back_straight_flush", 7, 0),
    ("middle_five_kind", "lane_water.middle_five_kind", None, 0),
    ("back_five_kind", "lane_water.back_five_kind", 30, 0),
    ("shoot_enabled", "shooting.enabled", True, None),
    ("shoot_bonus", "shooting.bonus", PMO, 1001),
    ("shoot_multiplier", "shooting.multiplier", 3, 0),
    ("shoot_allows_ties", "shooting.allows_ties", False, None),
    ("shoot_min_players", "shooting.min_players", 2, 9),
    ("home_run_enabled", "home_run.enabled", False, None),
    ("home_run_bonus", "home_run.bonus_per_victim", 5, 1001),
    ("home_run_multiplier", "home_run.multiplier", PMO, 0),
    ("home_run_min_players", "home_run.min_players", 4, 1),
    ("extra_suits", "extra_suits", ["h", "s"], ["x"]),
]


def test_presets_tuple():
    assert sss.PRESETS == ("classic", "regional", "kx", "hk", "ranked", "chinese_poker")
    assert sss.PLAYERS_MINUS_ONE == PMO


@pytest.mark.parametrize("name", list(PRESET_TABLE))
def test_presets_match_rules_section_9(name):
    rules = sss.Rules.preset(name)
    for field, expected in PRESET_TABLE[name].items():
        assert getattr(rules, field) == expected, (name, field)
    assert rules.specials == PRESET_SPECIALS[name]
    for special, water in PRESET_SPECIALS[name]:
        assert rules.special_water(special) == water
    assert rules == sss.Rules(name) == sss.Rules.preset(name.upper())
    rules.validate()


def test_preset_types():
    rules = sss.Rules.preset("hk")
    assert rules.wheel is sss.Wheel.LOWEST
    assert rules.scoring is sss.ScoringMode.PAIRWISE
    assert sss.Rules.preset("ranked").scoring is sss.ScoringMode.RANKED
    assert isinstance(rules.front_trips, int) and isinstance(rules.suit_tiebreak, bool)


def test_default_is_classic():
    assert sss.Rules() == sss.Rules.preset("classic") == sss.Rules("classic")
    assert sss.Rules() != sss.Rules.preset("kx")


@pytest.mark.parametrize("name, path, good, bad", FIELDS)
def test_every_option_round_trips_and_validates(name, path, good, bad):
    rules = sss.Rules()
    before = rules.to_json()
    setattr(rules, name, good)
    assert getattr(rules, name) == good
    assert json.loads(rules.to_json()) != json.loads(before) or good == getattr(sss.Rules(), name)
    assert sss.Rules.from_json(rules.to_json()) == rules
    assert sss.Rules(**{name: good}) == rules
    if bad is not None:
        snapshot = rules.copy()
        with pytest.raises(sss.InvalidRulesError) as e:
            setattr(rules, name, bad)
        assert e.value.path == path
        assert rules == snapshot, "a rejected change leaves the rules unchanged"
        with pytest.raises(sss.InvalidRulesError) as e:
            sss.Rules(**{name: bad})
        assert e.value.path == path


@pytest.mark.parametrize("name, path", [(f[0], f[1]) for f in FIELDS])
def test_every_option_rejects_wrong_types(name, path):
    rules = sss.Rules()
    for wrong in (object(), 2.5, [1]):
        with pytest.raises(TypeError, match="`" + path.replace(".", r"\.") + "`"):
            setattr(rules, name, wrong)
    with pytest.raises(AttributeError):
        delattr(rules, name)


@pytest.mark.parametrize("name", ["front_trips", "shoot_multiplier", "twelve_royals_min", "home_run_bonus"])
@pytest.mark.parametrize("value", [-1, 2**32, 2**70])
def test_ints_out_of_any_range_name_the_path(name, value):
    path = dict((f[0], f[1]) for f in FIELDS)[name]
    with pytest.raises(sss.InvalidRulesError) as e:
        setattr(sss.Rules(), name, value)
    assert e.value.path == path and str(value) in e.value.reason


def test_bools_are_not_ints_and_ints_are_not_bools():
    rules = sss.Rules()
    with pytest.raises(TypeError):
        rules.front_trips = True
    with pytest.raises(TypeError):
        rules.strict_order = 1


def test_wheel_and_scoring_accept_enum_or_string():
    rules = sss.Rules()
    rules.wheel = sss.Wheel.LOWEST
    assert rules.wheel is sss.Wheel.LOWEST
    rules.wheel = "second_highest"
    assert rules.wheel is sss.Wheel.SECOND_HIGHEST
    rules.scoring = sss.ScoringMode.RANKED
    assert rules.scoring == "ranked"


def test_amounts():
    rules = sss.Rules()
    rules.shoot_bonus = sss.PLAYERS_MINUS_ONE
    assert rules.shoot_bonus == PMO
    assert rules.to_dict()["shooting"]["bonus"] == PMO
    rules.shoot_bonus = 2
    assert rules.to_dict()["shooting"]["bonus"] == {"fixed": 2}
    with pytest.raises(sss.InvalidRulesError) as e:
        rules.home_run_multiplier = "players"
    assert e.value.path == "home_run.multiplier"


def test_contradictions_and_changes_made_together():
    rules = sss.Rules()
    with pytest.raises(sss.InvalidRulesError) as e:
        rules.shoot_enabled = False  # a home run is made of shots
    assert e.value.path == "home_run.enabled"
    assert rules.shoot_enabled is True
    off = rules.copy(shoot_enabled=False, home_run_enabled=False)
    assert (off.shoot_enabled, off.home_run_enabled) == (False, False)
    assert rules.shoot_enabled is True, "copy() leaves the original alone"
    rules.home_run_enabled = False
    rules.shoot_enabled = False  # in this order, each step is valid
    assert rules == off


def test_specials_setter():
    rules = sss.Rules()
    rules.specials = {"SD": 50, "dragon": 20, "六对半": 4}
    assert rules.specials == [("SD", 50), ("DR", 20), ("SP", 4)]
    rules.specials = [("TS", 3), ("three flushes", 3)]
    assert rules.specials == [("TS", 3), ("TF", 3)]
    assert rules.special_water("SD") is None
    assert rules.special_water("三顺子") == 3
    rules.specials = []
    assert rules.specials == []
    with pytest.raises(sss.UnknownSpecialError):
        rules.specials = [("XYZ", 3)]
    with pytest.raises(sss.InvalidRulesError) as e:
        rules.specials = [("SD", 10), ("SD", 5)]
    assert e.value.path == "specials[1].special"
    with pytest.raises(sss.InvalidRulesError) as e:
        rules.specials = [("SD", 10), ("DR", 0)]
    assert e.value.path == "specials[1].water"
    for wrong in ("SD", 5, [("SD",)], [("SD", 1, 2)], [(1, 2)], [("SD", "10")]):
        with pytest.raises(TypeError):
            rules.specials = wrong
    assert rules.specials == [], "rejected changes leave the rules unchanged"


@pytest.mark.parametrize("name", sss.PRESETS)
def test_json_and_dict_round_trip(name):
    rules = sss.Rules.preset(name)
    text = rules.to_json()
    assert sss.Rules.from_json(text) == rules
    assert json.loads(text) == rules.to_dict()
    assert sss.Rules.from_dict(rules.to_dict()) == rules
    assert sss.Rules.from_json(json.dumps(json.loads(text))) == rules  # compact form too


def _from_modified_dict(change):
    data = sss.Rules().to_dict()
    change(data)
    return sss.Rules.from_dict(data)


@pytest.mark.parametrize(
    "change, path",
    [
        (lambda d: d["lane_water"].__setitem__("front_trips", "three"), "lane_water.front_trips"),
        (lambda d: d["shooting"].__setitem__("bonus", {"fixed": -1}), "shooting.bonus.fixed"),
        (lambda d: d["shooting"].__setitem__("multiplier", 0), "shooting.multiplier"),
        (lambda d: d["specials"][1].__setitem__("water", 0), "specials[1].water"),
        (lambda d: d["specials"][2].__setitem__("special", "XYZ"), "specials[2].special"),
        (lambda d: d.__setitem__("wheel", "sideways"), "wheel"),
        (lambda d: d.__setitem__("extra", 1), "extra"),
        (lambda d: d["home_run"].__setitem__("min_players", 9), "home_run.min_players"),
    ],
)
def test_malformed_json_names_the_field_path(change, path):
    with pytest.raises(sss.InvalidRulesError) as e:
        _from_modified_dict(change)
    assert e.value.path == path
    assert f"`{path}`" in str(e.value)


@pytest.mark.parametrize("text", ["{not json", "", "[]", "null", '{"wheel": "lowest"} x', '{"preset": 3}'])
def test_json_that_is_not_a_rule_set(text):
    with pytest.raises(sss.InvalidRulesError):
        sss.Rules.from_json(text)


def test_json_with_only_some_fields_changes_classic():
    assert sss.Rules.from_json('{"wheel": "lowest"}') == sss.Rules(wheel="lowest")


def test_equality_copy_and_pickle():
    rules = sss.Rules.preset("kx", strict_order=True)
    other = rules.copy()
    assert other == rules and other is not rules
    other.strict_order = False
    assert other != rules and rules.strict_order is True
    assert copy.copy(rules) == rules and copy.copy(rules) is not rules
    assert copy.deepcopy(rules) == rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert rules != "kx" and rules != None  # noqa: E711
    with pytest.raises(TypeError):
        hash(rules)


def test_repr_names_the_closest_preset_and_the_changes():
    assert repr(sss.Rules()) == "Rules.preset('classic')"
    assert repr(sss.Rules.preset("hk")) == "Rules.preset('hk')"
    kx = sss.Rules.preset("kx", strict_order=True)
    assert repr(kx) == "Rules.preset('kx', strict_order=True)"
    odd = sss.Rules.preset(
        "ranked", wheel="lowest", middle_five_kind=None, specials=[("DR", 9)], home_run_multiplier=3
    )
    for rules in (kx, odd, sss.Rules(shoot_bonus=PMO, scoring="ranked")):
        assert eval(repr(rules), {"Rules": sss.Rules}) == rules, repr(rules)
    assert "specials=[('DR', 9)]" in repr(odd)


def test_table_and_majority_bonus():
    for name in sss.PRESETS:
        r = sss.Rules(name)
        assert r.table is sss.Table.ALL_PAIRS, name
        assert r.majority_bonus == (1 if name == "chinese_poker" else 0), name
    r = sss.Rules("hk", table=sss.Table.BANKER, majority_bonus=2)
    assert (r.table, r.majority_bonus) == ("banker", 2)
    assert r.to_dict()["table"] == "banker" and r.to_dict()["majority_bonus"] == 2
    assert sss.Rules.from_json(r.to_json()) == r
    assert "table='banker'" in repr(r) and "majority_bonus=2" in repr(r)
    # Old JSON without the two fields loads as all pairs, no bonus.
    d = sss.Rules("kx").to_dict()
    del d["table"], d["majority_bonus"]
    assert sss.Rules.from_dict(d) == sss.Rules("kx")
    # Pairwise only; a negative bonus is out of range. Errors name the field; nothing changes.
    ranked = sss.Rules("ranked")
    with pytest.raises(sss.InvalidRulesError, match="at `table`"):
        ranked.table = "banker"
    with pytest.raises(sss.InvalidRulesError, match="at `majority_bonus`"):
        ranked.majority_bonus = 1
    assert ranked == sss.Rules("ranked")
    with pytest.raises(sss.InvalidRulesError, match="majority_bonus"):
        sss.Rules("classic", majority_bonus=-1)
    with pytest.raises(sss.InvalidRulesError, match="at `table`"):
        sss.Rules("ranked", table="banker")
    with pytest.raises(TypeError):
        sss.Rules("classic", majority_bonus="1")
    with pytest.raises(TypeError):
        sss.Rules("classic", table=1)
    assert str(sss.Table.BANKER) == "banker" and list(sss.Table) == [sss.Table.ALL_PAIRS, sss.Table.BANKER]
