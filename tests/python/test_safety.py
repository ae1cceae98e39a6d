"""Safety nets: huge bad text fails at once with a small error, JSON rule sets are objects,
money refuses water no settlement makes, out-of-range ints and endless iterables get the typed
error, and the shared arranger cache is bounded."""

import itertools
import subprocess
import sys
import textwrap
import time

import pytest

import shisanshui as sss

TEN_MB = 10_000_000
HAND = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd"


# --- card text ----------------------------------------------------------------------------------


def test_a_huge_token_is_quoted_as_a_short_excerpt():
    with pytest.raises(sss.UnknownRankError) as e:
        sss.parse_cards("x" * TEN_MB)
    assert e.value.token == "x" * 32
    assert e.value.token_len == TEN_MB
    assert e.value.position == 0
    assert str(e.value) == 'unknown rank in card "' + "x" * 32 + '"… (10000000 bytes) at position 0'
    # Cut on a character boundary; the length counts UTF-8 bytes.
    with pytest.raises(sss.UnknownRankError) as e:
        sss.parse_cards("As A" + "中" * 100)
    assert e.value.token == "A" + "中" * 31
    assert e.value.token_len == 1 + 3 * 100
    assert e.value.position == 1


def test_short_tokens_are_unchanged():
    with pytest.raises(sss.UnknownRankError) as e:
        sss.parse_cards("As Xs")
    assert (e.value.token, e.value.token_len, e.value.position) == ("Xs", 2, 1)
    assert str(e.value) == 'unknown rank in card "Xs" at position 1'
    with pytest.raises(sss.UnknownSuitError) as e:
        sss.Card("A")
    assert (e.value.token, e.value.token_len) == ("A", 1)


def test_many_bad_tokens_fail_at_the_first():
    start = time.perf_counter()
    for text in ["♠" * TEN_MB, "x " * (TEN_MB // 2)]:
        with pytest.raises(sss.UnknownRankError) as e:
            sss.parse_cards(text)
        assert (e.value.token_len, e.value.position) == (len(text[0].encode()), 0)
    with pytest.raises(sss.WrongCardCountError) as e:
        sss.Card("x " * (TEN_MB // 2))
    assert e.value.found == TEN_MB // 2
    with pytest.raises(sss.InvalidArgumentError):
        sss.PlayerHand.arranged("/" * TEN_MB)
    # 0.1.0 took 0.4 s for the spades alone; one pass is far below that.
    assert time.perf_counter() - start < 2.0


def test_bad_text_costs_no_memory_in_proportion():
    # A child process, so that its peak resident size is its own: the text itself (20 MB of
    # UCS-2 for ten million spades) and its UTF-8 copy (30 MB), nothing per token (0.1.0 peaked
    # 560 MB above the text).
    code = textwrap.dedent(
        """
        import resource, shisanshui
        text = "\u2660" * 10_000_000
        text.encode()  # the UTF-8 copy the parse makes, so the baseline includes it
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        try:
            shisanshui.parse_cards(text)
        except shisanshui.UnknownRankError:
            pass
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)
        """
    )
    grown_kb = int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert grown_kb < 64 * 1024, f"parse_cards grew the peak by {grown_kb} KB"


# Text arguments, each read as one UTF-8 copy of the `str` (a `PyBackedStr`), not two (0.2.0
# extracted `&str`, which under the stable ABI encodes to `bytes` and copies that into a Rust
# `String`: parse_cards of ten million spades peaked 57 MB above the text, about twice its
# 30 MB of UTF-8). Each call fails at once (or, for the JSON, reads `{}` and then blanks), so
# the engine itself adds nothing in proportion to the text.
TEXT_ARGUMENTS = {
    "parse_cards": ("'\u2660' * 10_000_000", "shisanshui.parse_cards(text)"),
    "Card": ("'\u2660' * 10_000_000", "shisanshui.Card(text)"),
    "Arrangement": ("'\u2660' * 10_000_000", "shisanshui.Arrangement(text)"),
    "PlayerHand.arranged": ("'\u2660' * 10_000_000", "shisanshui.PlayerHand.arranged(text)"),
    "Rules.from_json": ("'{}'.ljust(30_000_000)", "shisanshui.Rules.from_json(text)"),
    "a preset name": ("'\u2660' * 10_000_000", "shisanshui.parse_cards('As', rules=text)"),
}


@pytest.mark.parametrize("name", TEXT_ARGUMENTS)
def test_a_text_argument_is_read_without_a_second_copy(name):
    # In a child process, so that the peak resident size is this call's alone.
    make, call = TEXT_ARGUMENTS[name]
    code = textwrap.dedent(
        f"""
        import resource, shisanshui
        try:  # the module's first-call set-up, outside the measure
            shisanshui.parse_cards("x")
        except shisanshui.Error:
            pass
        text = {make}
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        try:
            {call}
        except shisanshui.Error:
            pass
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before, len(text.encode()))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    grown_kb, utf8_bytes = map(int, out.split())
    assert grown_kb * 1024 < 1.5 * utf8_bytes, f"{name} grew the peak by {grown_kb} KB for {utf8_bytes} bytes of UTF-8"


def test_long_names_are_shortened():
    with pytest.raises(sss.UnknownPresetError) as e:
        sss.Rules("y" * TEN_MB)
    assert e.value.name == "y" * 32 + "…"
    assert len(str(e.value)) < 200
    with pytest.raises(sss.UnknownSpecialError) as e:
        sss.parse_special("z" * TEN_MB)
    assert e.value.name == "z" * 32 + "…"


# --- JSON ----------------------------------------------------------------------------------------


def test_rule_set_json_is_an_object_not_an_array():
    with pytest.raises(sss.InvalidRulesError) as e:
        sss.Rules.from_json('["second_highest", false, false]')
    assert "expected a JSON object of named fields (struct Rules)" in e.value.reason
    text = sss.Rules().to_json()
    start = text.index('"shooting"')
    end = text.index("}", start) + 1
    positional = text[:start] + '"shooting": [true, {"fixed": 1}, 1, true, 3]' + text[end:]
    with pytest.raises(sss.InvalidRulesError) as e:
        sss.Rules.from_json(positional)
    assert e.value.path == "shooting"
    assert "invalid type: sequence" in e.value.reason
    assert sss.Rules.from_json(text) == sss.Rules()
    # A huge bad value makes a small error.
    with pytest.raises(sss.InvalidRulesError) as e:
        sss.Rules.from_json('{"wheel": "' + "x" * TEN_MB + '"}')
    assert len(str(e.value)) < 400 and "(10000000 bytes)" in str(e.value)


# --- money ---------------------------------------------------------------------------------------


def test_settle_money_refuses_water_that_does_not_sum_to_zero():
    with pytest.raises(sss.InvalidMoneyError, match="water sums to 1, not 0"):
        sss.settle_money([3, -1, -1], 100)
    with pytest.raises(sss.InvalidMoneyError, match="escape has its own call"):
        sss.settle_money([-18, 1, 1, 1], 100)
    assert sss.settle_money([2, -1, -1], 100).amounts == (200, -100, -100)
    assert sss.escape(4, 1, 100).amounts == (100, -1800, 100, 100)


# --- ints out of range and endless iterables ----------------------------------------------------


@pytest.mark.parametrize(
    "seats, leaver, match",
    [
        (4, -1, "the leaver is seat -1, but the table has 4 seats"),
        (4, 2**64, "the leaver is seat 18446744073709551616"),
        (4, 4, "the leaver is seat 4"),
        (-1, 0, "a table has 2 to 8 players, got -1"),
        (2**70, 0, "got 1180591620717411303424"),
        (9, 0, "got 9"),
    ],
)
def test_escape_seats_out_of_range_are_invalid_table(seats, leaver, match):
    with pytest.raises(sss.InvalidTableError, match=match):
        sss.escape(seats, leaver, 100)


def test_escape_seats_must_be_ints():
    for bad in ["4", 4.0, True, None]:
        with pytest.raises(TypeError):
            sss.escape(bad, 0, 100)
        with pytest.raises(TypeError):
            sss.escape(4, bad, 100)


def test_suggestion_counts_out_of_range():
    arranger = sss.Arranger()
    for call in (lambda n: sss.suggest(HAND, n=n), lambda n: arranger.suggest(HAND, n)):
        with pytest.raises(sss.InvalidArgumentError, match=r"must be at most 18446744073709551615"):
            call(2**64)
        with pytest.raises(sss.InvalidArgumentError, match="n must be at least 1"):
            call(-1)
        with pytest.raises(sss.InvalidArgumentError, match="n must be at least 1"):
            call(0)
        with pytest.raises(TypeError):
            call(True)
        assert len(call(2**64 - 1)) >= 1


def test_endless_iterables_are_not_read_to_the_end():
    seat = "As Ks Qs / Jh Th 9h 8h 7h / 6d 5d 4d 3d 2d"
    with pytest.raises(sss.InvalidTableError, match="got more than 8"):
        sss.settle(itertools.repeat(seat))
    with pytest.raises(sss.InvalidTableError, match="got more than 8"):
        sss.settle_money(itertools.repeat(0), 100)
    with pytest.raises(sss.InvalidMoneyError, match="more than 8 carries"):
        sss.settle_money([1, -1], 100, carries=itertools.repeat(100))
    with pytest.raises(sss.InvalidRulesError) as e:
        sss.Rules(specials=itertools.repeat(("SD", 50)))
    assert e.value.path == "specials[1].special" and "listed twice (also at 0)" in e.value.reason
    # A sized collection is counted, not read: the error names its length, as before.
    with pytest.raises(sss.InvalidTableError, match="got 9$"):
        sss.settle_money([1, -1, 0, 0, 0, 0, 0, 0, 0], 1)
    with pytest.raises(sss.InvalidTableError, match="got 1000000$"):
        sss.settle([seat] * 1_000_000)
    with pytest.raises(sss.InvalidMoneyError, match="10 carries for 2 seats"):
        sss.settle_money([1, -1], 100, carries=[100] * 10)
    assert sss.settle_money([1, -1, 0, 0], 1).amounts == (1, -1, 0, 0)


def test_pair_of_seats_that_are_not_at_the_table_is_none():
    s = sss.settle(["As Ks Qs / Jh Th 9h 8h 7h / 6d 5d 4d 3d 2d", "Ac Kc Qc / Jd Td 9d 8d 6c / 5c 4c 3c 2c 7c"])
    assert s.pair(0, 1) is not None and s.pair(1, 0) is not None
    for a, b in [(-1, 0), (0, -1), (2**64, 0), (0, 2), (5, 7)]:
        assert s.pair(a, b) is None
    with pytest.raises(TypeError):
        s.pair("0", 1)


# --- the shared arranger cache ------------------------------------------------------------------


def test_the_shared_arranger_cache_is_bounded():
    rules = [sss.Rules(front_trips=t) for t in (1, 2, 3)]
    want = sss.Arranger().arrange(HAND)
    previous = sss.set_arranger_cache_capacity(2)
    try:
        assert previous == 16, "the default"
        assert sss.arranger_cache_capacity() == 2
        sss.clear_arranger_cache()
        assert sss.arranger_cache_len() == 0
        assert sss.auto_arrange(HAND) == want
        assert sss.arranger_cache_len() == 1
        for r in rules:
            sss.auto_arrange(HAND, r)
        assert sss.arranger_cache_len() == 2
        sss.suggest(HAND, rules[0], players=3)
        assert sss.arranger_cache_len() == 2
        # 0 keeps none, and the free functions still answer.
        assert sss.set_arranger_cache_capacity(0) == 2
        assert sss.arranger_cache_len() == 0
        assert sss.auto_arrange(HAND) == want
        assert sss.special_advice(HAND) is None
        assert sss.arranger_cache_len() == 0
        sss.set_arranger_cache_capacity(4)
        sss.auto_arrange(HAND)
        sss.clear_arranger_cache()
        assert (sss.arranger_cache_len(), sss.arranger_cache_capacity()) == (0, 4)
        with pytest.raises(sss.InvalidArgumentError, match="cache capacity -1 is out of range"):
            sss.set_arranger_cache_capacity(-1)
        with pytest.raises(TypeError):
            sss.set_arranger_cache_capacity(1.5)
    finally:
        sss.set_arranger_cache_capacity(previous)
    assert sss.arranger_cache_capacity() == previous
