"""What a newcomer meets on the first day, with the same meaning as on the other surfaces: partial
rule sets, a rake in percent, combos by name, lane sizes named, banker errors in this API's own
terms, a duplicate card named by seat, and a simulation that answers Ctrl-C and reports progress."""

import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time
from fractions import Fraction

import pytest

import shisanshui as sss
from shisanshui import Category

HAND = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd"


# --- Partial rule sets ---------------------------------------------------------------------------


def test_a_partial_rule_set_starts_from_its_preset():
    classic4 = sss.Rules("classic", front_trips=4)
    assert sss.Rules.from_json('{"lane_water": {"front_trips": 4}}') == classic4
    assert sss.Rules.from_dict({"lane_water": {"front_trips": 4}}) == classic4
    kx4 = sss.Rules("kx", front_trips=4)
    assert sss.Rules.from_json('{"preset": "kx", "lane_water": {"front_trips": 4}}') == kx4
    assert sss.Rules.from_dict({"preset": "kx", "lane_water": {"front_trips": 4}}) == kx4
    assert sss.Rules.from_json("{}") == sss.Rules()
    # A complete document loads as itself.
    for name in sss.PRESETS:
        assert sss.Rules.from_json(sss.Rules(name).to_json()) == sss.Rules(name)
    with pytest.raises(sss.UnknownPresetError, match="macau"):
        sss.Rules.from_dict({"preset": "macau"})
    with pytest.raises(sss.InvalidRulesError) as e:
        sss.Rules.from_dict({"lane_water": {"front_trip": 4}})
    assert e.value.path == "lane_water.front_trip"


def test_keywords_take_the_json_names_too():
    assert sss.Rules("classic", lane_water={"front_trips": 4}) == sss.Rules("classic", front_trips=4)
    r = sss.Rules("kx", shooting={"multiplier": 3}, home_run={"enabled": False}, table="banker")
    assert (r.shoot_multiplier, r.home_run_enabled, r.table) == (3, False, sss.Table.BANKER)
    assert r.copy(lane_water={"back_quads": 6}).back_quads == 6
    with pytest.raises(sss.InvalidRulesError) as e:
        sss.Rules("classic", lane_water={"front_trip": 4})
    assert e.value.path == "lane_water.front_trip" and "front_trips" in str(e.value)
    with pytest.raises(sss.InvalidRulesError) as e:
        sss.Rules("classic", lane_water={"front_trips": 0})
    assert e.value.path == "lane_water.front_trips"
    with pytest.raises(TypeError, match="lane_water"):
        sss.Rules("classic", lane_water=4)


# --- Rake in percent -----------------------------------------------------------------------------


def test_an_int_rake_is_a_percent_as_everywhere_else():
    water = [Fraction(-8), Fraction(8)]
    five = sss.settle_money(water, 100, rake=5)
    assert five == sss.settle_money(water, 100, rake=Fraction(5, 100))
    assert five.rake == 40  # 5% of 800
    assert sss.settle_money(water, 100, rake=100).rake == 800
    assert sss.settle_money(water, 100, rake=0).rake == 0
    for bad, needle in ((500, "rake=500 is over 100%: an int rake is a percent"), (-5, "rake=-5 is negative")):
        with pytest.raises(sss.InvalidMoneyError, match=needle):
            sss.settle_money(water, 100, rake=bad)
    with pytest.raises(sss.InvalidMoneyError, match=r"rake 5/1 is over 100%: a Fraction rake is the share itself"):
        sss.settle_money(water, 100, rake=Fraction(5))
    r = sss.simulate("kx", 2, 50, 1, base=100, rake=5)
    assert r.money["stakes"]["rake"] == {"numerator": 5, "denominator": 100}
    with pytest.raises(sss.InvalidMoneyError, match="percent"):
        sss.simulate("kx", 2, 50, 1, base=100, rake=500)
    doc = sss.simulate.__doc__ + sss.settle_money.__doc__
    assert "0 or 1" not in doc and "rake=5" in doc


# --- Combos, lanes, seats ------------------------------------------------------------------------


def test_combos_take_the_names_the_command_line_takes():
    pairs = sss.combos(HAND, Category.ONE_PAIR)
    for name in ("pair", "one_pair", "ONE PAIR", "one-pair", "对子"):
        assert sss.combos(HAND, name) == pairs, name
    assert sss.combos(HAND, "two_pair") == sss.combos(HAND, Category.TWO_PAIR)
    with pytest.raises(sss.InvalidArgumentError, match='unknown category "pairs"'):
        sss.combos(HAND, "pairs")
    with pytest.raises(sss.InvalidArgumentError, match="more than one deck"):
        sss.combos(HAND, 9)
    with pytest.raises(sss.InvalidArgumentError, match="is not 0..=9"):
        sss.combos(HAND, 10)


def test_a_lane_of_the_wrong_size_is_named():
    for text in ("Kd Kc 9h 2s / Ks Kh 9s 5s / As Ad Ah 2c 2d", ["Kd Kc 9h 2s", "Ks Kh 9s 5s", "As Ad Ah 2c 2d"]):
        with pytest.raises(sss.WrongCardCountError, match=r"front lane \(头墩\): expected 3 cards, got 4") as e:
            sss.Arrangement(*text) if isinstance(text, list) else sss.Arrangement(text)
        assert (e.value.lane, e.value.expected, e.value.found) == ("front", 3, 4)
    with pytest.raises(sss.WrongCardCountError, match="back lane") as e:
        sss.Arrangement("Kd Kc 9h / Ks Kh 9s 5s 3h / As Ad Ah 2c")
    assert e.value.lane == "back"


def test_a_duplicate_card_is_named_by_seat():
    a = "2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s"
    b = "Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 2d"
    with pytest.raises(sss.DuplicateCardError, match="seat 1 holds 2d, and so does seat 0") as e:
        sss.settle([a, b])
    assert (str(e.value.card), e.value.seat, e.value.first_seat, e.value.position) == ("2d", 1, 0, 25)


def test_banker_errors_name_this_api():
    banker = sss.Rules("classic", table="banker")
    seats = ["2d 3c 5h / 7s 7d 9c Js Kd / As Ad 4c 6d 8s", "Qd Qc 2h / 8h 8d 8c 3h 3d / Kh Qh Jh Th 9h"]
    with pytest.raises(sss.InvalidTableError, match=r"banker=seat"):
        sss.settle(seats, banker)
    assert sss.settle(seats, banker, banker=0).banker == 0
    with pytest.raises(sss.InvalidTableError, match="role='banker'"):
        sss.auto_arrange(HAND, banker)
    assert sss.auto_arrange(HAND, banker, role="banker").arrangement
    with pytest.raises(sss.InvalidTableError, match=r"simulate\(\.\.\., banker=seat\)"):
        sss.simulate(banker, 4, 10)
    # The same deals with another banker seat: other figures.
    assert sss.simulate(banker, 4, 200, 3, banker=1).to_json() != sss.simulate(banker, 4, 200, 3, banker=2).to_json()
    with pytest.raises(sss.InvalidTableError, match="not at the table"):
        sss.simulate(banker, 4, 10, banker=4)


# --- Simulation: progress and Ctrl-C -------------------------------------------------------------


def test_simulate_reports_progress():
    seen = []
    r = sss.simulate("classic", 4, 3000, 2, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (3000, 3000)
    assert all(t == 3000 for _, t in seen) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert r.to_json() == sss.simulate("classic", 4, 3000, 2).to_json()

    class Stop(Exception):
        pass

    def stop(done, total):
        raise Stop(done)

    with pytest.raises(Stop):
        sss.simulate("classic", 4, 10_000_000, 2, progress=stop)
    with pytest.raises(TypeError, match="progress must be a callable"):
        sss.simulate("classic", 4, 10, progress=3)


CHILD = textwrap.dedent(
    """
    import signal, sys, time
    import shisanshui as sss
    # Ctrl-C as an interactive Python has it, even where the test runs with SIGINT ignored
    # (a background job of a non-interactive shell), which the child would inherit.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print("started", flush=True)
    t = time.monotonic()
    try:
        sss.simulate("classic", 4, 50_000_000, 1, threads=2)
    except KeyboardInterrupt:
        print("interrupted after %.2f s" % (time.monotonic() - t), flush=True)
        sys.exit(42)
    print("finished", flush=True)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_a_simulation_promptly():
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.0)  # well inside the run (50 million rounds take hours)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=30)
        stopped = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 42, out
    assert out.startswith("interrupted after"), out
    assert stopped < 2.0, f"took {stopped:.2f} s to stop"
