"""Dealing (RULES.md §10): `deal` and `shuffled_deck`, checked against an independent
pure-Python ChaCha20 (RFC 8439) and the documented shuffle, and against the shared vectors
tests/vectors/deal.json written by the Rust core (same seed -> same deal in every language).
"""

import json
import pathlib
import struct

import pytest

import shisanshui as sss

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEAL_VECTORS = ROOT / "tests" / "vectors" / "deal.json"


@pytest.fixture(scope="module")
def deal_vectors():
    assert DEAL_VECTORS.exists(), f"{DEAL_VECTORS} is missing: run `cargo test -p shisanshui --test deal`"
    data = json.loads(DEAL_VECTORS.read_text(encoding="utf-8"))
    assert data["version"] == 1
    return data


def codes(cards):
    return [c.code for c in cards]


# ---------------------------------------------------------------------------------------------
# An independent model: RFC 8439 ChaCha20 and the shuffle documented in core/src/deal.rs
# ---------------------------------------------------------------------------------------------

_MASK = 0xFFFFFFFF


def _rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & _MASK


def _quarter(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & _MASK
    s[d] = _rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & _MASK
    s[b] = _rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & _MASK
    s[d] = _rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & _MASK
    s[b] = _rotl(s[b] ^ s[c], 7)


def _block(key_words, counter):
    """RFC 8439 §2.3 with a zero nonce: 16 little-endian output words."""
    state = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574] + key_words + [counter & _MASK, 0, 0, 0]
    s = list(state)
    for _ in range(10):
        _quarter(s, 0, 4, 8, 12)
        _quarter(s, 1, 5, 9, 13)
        _quarter(s, 2, 6, 10, 14)
        _quarter(s, 3, 7, 11, 15)
        _quarter(s, 0, 5, 10, 15)
        _quarter(s, 1, 6, 11, 12)
        _quarter(s, 2, 7, 8, 13)
        _quarter(s, 3, 4, 9, 14)
    return [(x + y) & _MASK for x, y in zip(s, state)]


def keystream(seed):
    """The generator's u32 words for a seed: key = seed (u64 little-endian) + 24 zero bytes."""
    key = struct.pack("<Q", seed) + bytes(24)
    key_words = list(struct.unpack("<8I", key))
    counter = 0
    while True:
        yield from _block(key_words, counter)
        counter += 1


def model_shuffle(deck, words):
    """The documented shuffle of `deck` in place: Fisher-Yates from the top, each index drawn
    from the u32 `words` by rejection sampling (§10's bounded draw)."""
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        limit = 2**32 - (2**32 % n)
        while True:
            x = next(words)
            if x < limit:
                break
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]


def model_deck(seed):
    deck = list(range(52))
    model_shuffle(deck, keystream(seed))
    return deck


def test_model_is_rfc8439():
    # RFC 8439 appendix A.1, test vector #1: the all-zero key (seed 0), block 0.
    expected = bytes.fromhex(
        "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
        "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"
    )
    words = keystream(0)
    assert struct.pack("<16I", *[next(words) for _ in range(16)]) == expected


def test_model_matches_the_vector_keystream(deal_vectors):
    for rec in deal_vectors["keystream"]:
        words = keystream(rec["seed"])
        assert [next(words) for _ in range(len(rec["first_words"]))] == rec["first_words"], rec["seed"]


@pytest.mark.parametrize("seed", [0, 1, 3, 99, 2**31, 2**40 + 7, 2**64 - 2])
def test_deals_follow_the_documented_shuffle(seed):
    deck = model_deck(seed)
    assert codes(sss.shuffled_deck(seed)) == deck
    for players in (2, 3, 4):
        hands = sss.deal(players, seed)
        assert len(hands) == players
        for p, hand in enumerate(hands):
            assert codes(hand) == deck[13 * p : 13 * p + 13], (seed, players, p)


# ---------------------------------------------------------------------------------------------
# The shared vectors
# ---------------------------------------------------------------------------------------------


def test_shared_vectors(deal_vectors):
    assert len(deal_vectors["deals"]) >= 24
    seeds = {rec["seed"] for rec in deal_vectors["deals"]}
    assert 2**64 - 1 in seeds and 0 in seeds
    for rec in deal_vectors["deals"]:
        hands = sss.deal(rec["players"], seed=rec["seed"])
        assert [codes(h) for h in hands] == rec["hands"], rec["seed"]
        if "deck" in rec:
            assert codes(sss.shuffled_deck(rec["seed"])) == rec["deck"]
            assert model_deck(rec["seed"]) == rec["deck"]


def test_shared_vector_errors(deal_vectors):
    for rec in deal_vectors["errors"]:
        assert rec["kind"] == "invalid_table"
        with pytest.raises(sss.InvalidTableError) as e:
            sss.deal(rec["players"], 1)
        assert e.value.kind == "invalid_table"
        # Both numbers: the seats asked for and the most the deck deals to.
        assert f"{rec['players']} player" in str(e.value) and "2 to 4" in str(e.value)
        with pytest.raises(sss.InvalidTableError):
            sss.deal(rec["players"])


# ---------------------------------------------------------------------------------------------
# Behaviour
# ---------------------------------------------------------------------------------------------


def test_defaults_and_repeats():
    hands = sss.deal(seed=5)
    assert len(hands) == 4 and all(len(h) == 13 for h in hands)
    assert all(isinstance(c, sss.Card) for h in hands for c in h)
    assert hands == sss.deal(4, 5) == sss.deal(players=4, seed=5)
    assert sss.deal(4, 5) != sss.deal(4, 6)
    assert sorted(codes(c for h in hands for c in h)) == list(range(52))
    # Fewer seats deal the first seats of the same shuffle.
    assert sss.deal(2, 5) == hands[:2]


def test_unseeded_deals_are_unpredictable():
    a = sss.deal()
    b = sss.deal(4, None)
    assert sorted(c.code for h in a for c in h) == list(range(52))
    assert a != b, "two OS-keyed deals collide with probability 1/52!"
    assert len(sss.deal(3)) == 3


@pytest.mark.parametrize("players", [0, 1, 5, 13, -1, 2**70])
def test_bad_player_counts(players):
    with pytest.raises(sss.InvalidTableError, match=f"^invalid table: {players} players?, .* 2 to 4$"):
        sss.deal(players, 1)
    with pytest.raises(sss.InvalidTableError):
        sss.deal(players)


@pytest.mark.parametrize("seed", [-1, 2**64, -(2**70)])
def test_seeds_out_of_range(seed):
    with pytest.raises(sss.InvalidArgumentError, match=f"seed {seed} is out of range") as e:
        sss.deal(4, seed)
    assert e.value.kind == "invalid_argument"
    with pytest.raises(sss.InvalidArgumentError):
        sss.shuffled_deck(seed)


@pytest.mark.parametrize("bad", ["1", 1.0, True, [1]])
def test_wrong_types(bad):
    with pytest.raises(TypeError, match="seed must be an int"):
        sss.deal(4, bad)
    with pytest.raises(TypeError, match="seed must be an int"):
        sss.shuffled_deck(bad)
    with pytest.raises(TypeError, match="players must be an int"):
        sss.deal(bad, 1)


def test_docstrings():
    for f in (sss.deal, sss.shuffled_deck):
        assert f.__doc__ and "seed" in f.__doc__
