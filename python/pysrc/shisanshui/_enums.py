"""The engine's enumerations as Python enums.

Values are the numbers of the interchange formats (RULES.md §1 and §3), so that
``code == rank * 4 + suit`` and a category compares like its number. The native module makes
members of these classes by value; ``tests/python/test_enums.py`` checks both sides agree.
"""

from __future__ import annotations

from enum import Enum, IntEnum

__all__ = ["Rank", "Suit", "Category", "Wheel", "ScoringMode"]

_RANK_CHARS = "23456789TJQKA"


class Rank(IntEnum):
    """A card rank. The value is the rank index: ``TWO`` = 0 … ``ACE`` = 12."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """One-character display form: ``'2'`` … ``'9'``, ``'T'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``."""
        return _RANK_CHARS[self.value]

    @property
    def number(self) -> int:
        """The face number 2..14 (J = 11, Q = 12, K = 13, A = 14)."""
        return self.value + 2


class Suit(IntEnum):
    """A suit. The value is the interchange suit: ♦ = 0, ♣ = 1, ♥ = 2, ♠ = 3 (also the
    tie-break order when suits break ties)."""

    DIAMONDS = 0
    CLUBS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """Lower-case letter: ``'d'``, ``'c'``, ``'h'``, ``'s'``."""
        return "dchs"[self.value]

    @property
    def symbol(self) -> str:
        """Unicode symbol: ``'♦'``, ``'♣'``, ``'♥'``, ``'♠'``."""
        return "♦♣♥♠"[self.value]

    @property
    def is_red(self) -> bool:
        """♥ and ♦ are red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_CATEGORY_LABELS = (
    ("high card", "乌龙"),
    ("one pair", "对子"),
    ("two pair", "两对"),
    ("three of a kind", "三条"),
    ("straight", "顺子"),
    ("flush", "同花"),
    ("full house", "葫芦"),
    ("four of a kind", "铁支"),
    ("straight flush", "同花顺"),
    ("five of a kind", "五同"),
)


class Category(IntEnum):
    """A hand category, lowest first; the value is the number of RULES.md §3."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def label(self) -> str:
        """English name, e.g. ``'full house'``."""
        return _CATEGORY_LABELS[self.value][0]

    @property
    def chinese(self) -> str:
        """Chinese name, e.g. ``'葫芦'``."""
        return _CATEGORY_LABELS[self.value][1]


class Wheel(str, Enum):
    """Where the wheel A-2-3-4-5 ranks among straights (RULES.md §3). A ``str`` enum: the
    value is the JSON name, and rule setters accept the plain string too."""

    SECOND_HIGHEST = "second_highest"
    """Below A-K-Q-J-10, above K-Q-J-10-9."""
    LOWEST = "lowest"
    """Below 6-5-4-3-2, as in ordinary poker."""

    def __str__(self) -> str:
        return self.value


class ScoringMode(str, Enum):
    """How a round is scored (RULES.md §9). A ``str`` enum like :class:`Wheel`."""

    PAIRWISE = "pairwise"
    """Every pair of players compares lane by lane."""
    RANKED = "ranked"
    """Each lane ranks all players."""

    def __str__(self) -> str:
        return self.value
