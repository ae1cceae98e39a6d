"""simulate(): the core's seeded simulation from Python, checked against an independent count
over the same deals made here with deal + Arranger + settle."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

import shisanshui as sss

MIX = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1


def round_seed(seed, i):
    """SplitMix64 of seed + (i + 1) * phi, as the core documents for round i."""
    z = (seed + (i + 1) * MIX) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def independent_count(rules, players, rounds, seed, lanes=None):
    arranger = sss.Arranger(rules, players)
    made, declared, fouls, shots, home_runs = {}, {}, 0, 0, 0
    sums = [Fraction(0)] * players
    for i in range(rounds):
        table = []
        for cards in sss.deal(players, round_seed(seed, i), rules=rules):
            advice = arranger.special_advice(cards)
            if advice is None:
                table.append(arranger.arrange(cards).arrangement)
                continue
            made[advice.special.value] = made.get(advice.special.value, 0) + 1
            if advice.declare:
                declared[advice.special.value] = declared.get(advice.special.value, 0) + 1
                table.append(sss.PlayerHand.declare(advice.special, cards, rules=rules))
            else:
                table.append(advice.best_lanes.arrangement)
        if lanes is not None:
            for hand in table:
                if isinstance(hand, sss.Arrangement) and not (e := hand.evaluate(rules)).is_foul:
                    cats = [e.front.category, e.middle.category, e.back.category]
                    for lane, c in enumerate(cats):
                        lanes.setdefault(c.name.lower(), [0, 0, 0, 0])[lane] += 1
                    for c in set(cats):
                        lanes[c.name.lower()][3] += 1
        s = sss.settle(table, rules)
        for e in s.events:
            fouls += e.kind == "foul"
            shots += e.kind == "shot"
            home_runs += e.kind == "home_run"
        sums = [a + b for a, b in zip(sums, s.totals)]
    return made, declared, fouls, shots, home_runs, sums


def test_figures_match_an_independent_count_over_the_same_deals():
    r = sss.simulate("classic", 4, 40, 2, threads=2)
    made, declared, fouls, shots, home_runs, sums = independent_count("classic", 4, 40, 2)
    assert (r.rounds, r.players, r.seed, r.hands) == (40, 4, 2, 160)
    assert (r.fouls, r.shots, r.home_runs) == (fouls, shots, home_runs)
    assert shots > 0
    for sid, s in r.specials.items():
        assert s["made"] == made.get(sid, 0), sid
        assert s["declared"] == declared.get(sid, 0), sid
    assert sum(made.values()) == sum(s["made"] for s in r.specials.values())
    assert r.declared == sum(declared.values())
    for mean, total in zip(r.seat_means, sums):
        assert mean == pytest.approx(float(total) / 40, abs=1e-12)
    assert sum(sums) == 0


def test_lanes_match_an_independent_count_with_jokers():
    room = sss.Rules("classic", jokers=2, jokers_in_specials=True)
    r = sss.simulate(room, 4, 60, 3, threads=2)
    lanes = {}
    made, declared, fouls, shots, home_runs, sums = independent_count(room, 4, 60, 3, lanes)
    assert (r.fouls, r.shots, r.declared) == (fouls, shots, sum(declared.values()))
    assert list(r.lanes) == [c.name.lower() for c in sss.Category]
    for name, got in r.lanes.items():
        assert [got["front"], got["middle"], got["back"], got["hands_with"]] == lanes.get(name, [0, 0, 0, 0]), name
        assert got["hand_rate"] == got["hands_with"] / r.hands
    assert r.lanes["five_of_a_kind"]["back"] + r.lanes["five_of_a_kind"]["middle"] > 0


def test_deterministic_and_independent_of_threads():
    a = sss.simulate("kx", 3, 150, 9, policy="greedy", threads=1)
    b = sss.simulate("kx", 3, 150, 9, policy="greedy", threads=3)
    assert a.to_dict() == b.to_dict()
    assert a.to_json() == b.to_json()
    c = sss.simulate("kx", 3, 150, 10, policy="greedy", threads=1)
    assert c.to_dict()["water"]["histogram"] != a.to_dict()["water"]["histogram"]


def test_the_result_holds_every_figure_as_json():
    r = sss.simulate(sss.Rules.preset("hk"), 2, 100, 5, policy=["greedy", "product"], base=100, carries=[2000, 900], rake=Fraction(5, 100))
    d = json.loads(r.to_json())
    assert d == r.to_dict()
    assert d["rules"] == json.loads(sss.Rules.preset("hk").to_json())
    assert d["policies"] == r.policies == ["greedy", "product"]
    assert set(d) >= {"rounds", "players", "seed", "hands", "specials", "fouls", "shots", "home_runs", "seats", "water", "swing", "money"}
    assert r.water["mean"] == 0  # zero-sum
    assert sum(b["count"] for b in r.water["histogram"]) == 200
    assert [q["q"] for q in r.water["quantiles"]][0] == 0
    money = r.money
    assert money["total_rake"] > 0
    assert r.rake_mean == pytest.approx(money["total_rake"] / 100)
    paid = sum(s["mean"] * 100 for s in money["seats"])
    assert round(paid) + money["total_house"] == 0
    assert "100 rounds at 2 seats" in repr(r)
    assert sss.simulate("hk", 2, 10, 5, base=1).money["rake"]["mean"] == 0
    assert sss.simulate("hk", 2, 10, 5).money is None


def test_specials_false_declares_nothing():
    r = sss.simulate("regional", 4, 200, 8, policy="greedy", specials=False)
    assert r.declared == 0
    loud = sss.simulate("regional", 4, 200, 8, policy="greedy")
    made = sum(s["made"] for s in loud.specials.values())
    assert made > 0
    assert made == sum(s["made"] for s in r.specials.values())
    assert all(s["made"] == s["declared"] for s in loud.specials.values())


@pytest.mark.parametrize("players", [0, 1, 5, -1, 2**70])
def test_bad_seat_counts_are_invalid_table(players):
    with pytest.raises(sss.InvalidTableError):
        sss.simulate("classic", players, 5)


def test_bad_input_is_a_typed_error():
    with pytest.raises(sss.UnknownPresetError):
        sss.simulate("nope", 4, 5)
    with pytest.raises(sss.InvalidArgumentError, match="0 rounds"):
        sss.simulate("classic", 4, 0)
    with pytest.raises(sss.InvalidArgumentError):
        sss.simulate("classic", 4, -3)
    with pytest.raises(sss.InvalidArgumentError, match="unknown player"):
        sss.simulate("classic", 4, 5, policy="nobody")
    with pytest.raises(sss.InvalidArgumentError, match="2 policies for 4 seats"):
        sss.simulate("classic", 4, 5, policy=["greedy", "greedy"])
    with pytest.raises(sss.InvalidMoneyError):
        sss.simulate("classic", 4, 5, base=1, carries=[1, 2])
    with pytest.raises(sss.InvalidMoneyError, match="need a base"):
        sss.simulate("classic", 4, 5, rake=Fraction(1, 20))
    with pytest.raises(sss.InvalidArgumentError):
        sss.simulate("classic", 4, 5, seed=-1)
    with pytest.raises(TypeError):
        sss.simulate("classic", 4, 5, policy=3)
    with pytest.raises(TypeError):
        sss.simulate("classic", "four", 5)


def shards(cuts, *args, **kwargs):
    """simulate(...) of each range between consecutive cuts."""
    return [sss.simulate(*args, first_round=a, **dict(kwargs, rounds=b - a)) for a, b in zip(cuts, cuts[1:])]


def test_simulate_shards_merge_into_the_one_process_result():
    args = dict(rules="kx", players=3, seed=9, policy=["greedy", "product", "arranger"], base=100, carries=[900, 800, 700], rake=5)
    one = sss.simulate(rounds=300, **args)
    parts = shards([0, 70, 71, 200, 300], **args)
    assert [p.first_round for p in parts] == [0, 70, 71, 200]
    assert sss.SimResult.sum(parts[::-1]) == one
    assert sss.SimResult.sum(iter(parts)).to_json() == one.to_json()
    assert parts[2].merge(parts[0], parts[3], parts[1]) == one
    assert sum(parts) == one  # the builtin sum, in round order: 0 + a + b + ...
    assert parts[0] + parts[1] == sss.simulate(rounds=71, **args)
    assert parts[0].merge() == parts[0]
    assert "from round 200" in repr(parts[3])


def test_simulate_shards_that_do_not_fit_are_refused():
    a, b = shards([0, 10, 20], "classic", 4, seed=1, policy="greedy")
    with pytest.raises(sss.InvalidArgumentError, match="overlap"):
        a.merge(a)
    with pytest.raises(sss.InvalidArgumentError, match="in no report"):
        a.merge(sss.simulate("classic", 4, 5, 1, first_round=11, policy="greedy"))
    with pytest.raises(sss.InvalidArgumentError, match="the seed differs"):
        a.merge(sss.simulate("classic", 4, 10, 2, first_round=10, policy="greedy"))
    with pytest.raises(sss.InvalidArgumentError, match="the rules differ"):
        a.merge(sss.simulate("kx", 4, 10, 1, first_round=10, policy="greedy"))
    with pytest.raises(sss.InvalidArgumentError, match="the policies differ"):
        a.merge(sss.simulate("classic", 4, 10, 1, first_round=10))
    with pytest.raises(sss.InvalidArgumentError, match="the stakes differ"):
        a.merge(sss.simulate("classic", 4, 10, 1, first_round=10, policy="greedy", base=1))
    with pytest.raises(sss.InvalidArgumentError, match="no reports"):
        sss.SimResult.sum([])
    with pytest.raises(TypeError, match="SimResult"):
        sss.SimResult.sum([a, 3])
    with pytest.raises(TypeError):
        a + 1
    with pytest.raises(sss.InvalidArgumentError, match="past"):
        sss.simulate("classic", 4, 10, 1, first_round=2**64 - 5)
    with pytest.raises(sss.InvalidArgumentError, match="first_round"):
        sss.simulate("classic", 4, 10, 1, first_round=-1)
    with pytest.raises(TypeError):
        sss.simulate("classic", 4, 10, 1, first_round="3")
    assert a + b == sss.simulate("classic", 4, 20, 1, policy="greedy")


def test_simulate_results_pickle_through_their_state():
    import pickle

    r = sss.simulate(sss.Rules.preset("hk"), 2, 50, 4, first_round=123, policy="greedy", base=10, rake=Fraction(1, 20))
    back = pickle.loads(pickle.dumps(r))
    assert back == r and back.to_json() == r.to_json() and back.first_round == 123
    assert sss.SimResult.from_state(r.to_state()) == r
    assert json.loads(r.to_state())["format"] == "shisanshui-sim-state/2"
    for bad in ["", "{}", r.to_state()[:-2], r.to_state().replace('"rounds":50', '"rounds":51')]:
        with pytest.raises(sss.InvalidArgumentError):
            sss.SimResult.from_state(bad)
    with pytest.raises(TypeError):
        hash(r)


SIM_VECTORS = json.loads((Path(__file__).resolve().parents[2] / "tests" / "vectors" / "simulate.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("run", SIM_VECTORS["runs"], ids=lambda r: r["name"])
def test_shared_simulation_vectors(run):
    """tests/vectors/simulate.json: banker rooms (and one all-pairs run) give the figures every
    surface gives for the same configuration."""
    stakes = run["stakes"] or {}
    kwargs = dict(first_round=run["first_round"], specials=run["specials"], banker=run["banker"])
    if run["policies"]:
        kwargs["policy"] = run["policies"] if len(run["policies"]) > 1 else run["policies"][0]
    if stakes:
        kwargs.update(base=stakes["base"], rake=Fraction(*stakes["rake"]), carries=stakes["carries"])
    r = sss.simulate(sss.Rules.from_json(run["rules_json"]), run["players"], run["rounds"], run["seed"], **kwargs)
    assert (r.hands, r.declared, r.fouls, r.shots, r.home_runs) == tuple(
        run[k] for k in ("hands", "declared", "fouls", "shots", "home_runs")
    )
    assert r.seat_means == pytest.approx(run["seat_means"], abs=1e-9)
    assert r.to_dict()["swing"]["mean"] == pytest.approx(run["swing_mean"], abs=1e-9)
    if run["money_seat_means"] is None:
        assert r.money is None
    else:
        assert [s["mean"] for s in r.money["seats"]] == pytest.approx(run["money_seat_means"], abs=1e-9)
        assert (r.money["total_rake"], r.money["total_house"]) == (run["total_rake"], run["total_house"])


@pytest.mark.parametrize("case", SIM_VECTORS["errors"], ids=str)
def test_shared_simulation_vectors_refused(case):
    with pytest.raises(sss.InvalidTableError):
        sss.simulate(sss.Rules.from_json(case["rules_json"]), case["players"], 5, 1, banker=case["banker"])
