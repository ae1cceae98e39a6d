"""An independent model of RULES.md §1–§3 and the hands of §11 (five of a kind, flushes holding
a pair: cards may repeat when the deck doubles suits), written from the rules text and the
documented `HandRank` value layout, not from the engine's code. The tests compare the engine
with it.

Value layout (core/src/eval/mod.rs, shared by every surface): bits 22..26 the category; bits
2..22 five 4-bit tie-break ranks (each card's rank index, the groups first — larger group, then
higher rank — then kickers high to low; a straight holds only its top: under `second_highest`
the wheel is 13 and A-high 14, under `lowest` the wheel is 3); bits 0..2 the highest suit of the
top group when suits break ties. A 3-card hand fills the first three rank nibbles. A flush is
compared card by card from the highest (§11: a flush holding a pair is still a flush), so its
nibbles are its ranks high to low; five of a kind is its rank five times.
"""

from collections import Counter

RANKS = "23456789TJQKA"
SUITS = "dchs"

HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_OF_A_KIND = range(10)


def card_text(code):
    return RANKS[code // 4] + SUITS[code % 4]


def _groups(ranks):
    """Rank nibbles in tie-break order: by (count, rank), both descending."""
    counts = Counter(ranks)
    order = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return [c for _, c in order], [r for r, c in order for _ in range(c)]


def value(codes, wheel="second_highest", suit_tiebreak=False):
    """The packed value of a 3- or 5-card hand (codes may repeat, as a deck with doubled suits
    deals them)."""
    ranks = [c // 4 for c in codes]
    sizes, nibbles = _groups(ranks)
    if len(codes) == 3:
        category = {3: TRIPS, 2: ONE_PAIR, 1: HIGH_CARD}[sizes[0]]
        nibbles = nibbles + [0, 0]
    else:
        assert len(codes) == 5
        flush = len({c % 4 for c in codes}) == 1
        distinct = sorted(set(ranks))
        top = None
        if len(distinct) == 5:
            if distinct == [0, 1, 2, 3, 12]:  # A-2-3-4-5
                top = 13 if wheel == "second_highest" else 3
            elif distinct[4] - distinct[0] == 4:
                top = distinct[4]
                if top == 12 and wheel == "second_highest":
                    top = 14
        if top is not None:
            category = STRAIGHT_FLUSH if flush else STRAIGHT
            nibbles = [top, 0, 0, 0, 0]
        elif sizes[0] == 5:
            category = FIVE_OF_A_KIND
        elif flush:
            category = FLUSH
            nibbles = sorted(ranks, reverse=True)
        elif sizes[0] == 4:
            category = QUADS
        elif sizes[:2] == [3, 2]:
            category = FULL_HOUSE
        elif sizes[0] == 3:
            category = TRIPS
        elif sizes[:2] == [2, 2]:
            category = TWO_PAIR
        elif sizes[0] == 2:
            category = ONE_PAIR
        else:
            category = HIGH_CARD
    v = category << 22
    for i, n in enumerate(nibbles):
        v |= n << (18 - 4 * i)
    if suit_tiebreak:
        top_rank = min(nibbles[0], 12)  # the wheel's deciding card: A (13) or 5 (3)
        v |= max(c % 4 for c in codes if c // 4 == top_rank)
    return v


def foul(front, middle, back, wheel="second_highest", strict_order=False):
    """(front_over_middle, middle_over_back) of RULES.md §2: ranks only, never suits; the front
    meets the middle on category and the first three tie-break ranks."""
    f = value(front, wheel) >> 10
    m = value(middle, wheel)
    b = value(back, wheel)
    if strict_order:
        return f >= m >> 10, m >= b
    return f > m >> 10, m > b
