"""The engine's enumerations as Python enums.

Values are the numbers of the interchange formats (RULES.md §1 and §3), so that
``code == rank * 4 + suit`` and a category compares like its number. The native module makes
members of these classes by value; ``tests/python/test_enums.py`` checks both sides agree.
"""

from __future__ import annotations

from enum import Enum, IntEnum

__all__ = ["Rank", "Suit", "Category", "Wheel", "ScoringMode", "Table", "JokerLanes", "Special", "SuggestionKind"]

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


class Table(str, Enum):
    """Which pairs of seats a round settles (RULES.md §5a). A ``str`` enum like :class:`Wheel`."""

    ALL_PAIRS = "all_pairs"
    """Every pair of seats (the default)."""
    BANKER = "banker"
    """Banker mode (庄家): only the pairs with the round's banker seat (``settle(..., banker=seat)``);
    pairwise scoring only."""

    def __str__(self) -> str:
        return self.value


class JokerLanes(str, Enum):
    """How the wild jokers of a hand are read when its lanes are valued and checked for a foul
    (RULES.md §12, option ``joker_lanes``). A ``str`` enum like :class:`Wheel`."""

    EACH_BEST = "each_best"
    """Each lane at its own best (the default): a hand whose best lanes are out of order fouls."""
    AVOID_FOUL = "avoid_foul"
    """From the back: each lane at its best value not above the lane behind it, so a hand fouls
    only where no choice of the jokers keeps the order."""

    def __str__(self) -> str:
        return self.value


# ---------------------------------------------------------------------------------------------
# Special hands
# ---------------------------------------------------------------------------------------------

_SPECIAL_LABELS = (
    ("supreme dragon", "至尊清龙"),
    ("dragon", "一条龙"),
    ("twelve royals", "十二皇族"),
    ("three straight flushes", "三同花顺"),
    ("three quads", "三套炸弹"),
    ("all big", "全大"),
    ("all small", "全小"),
    ("one color", "凑一色"),
    ("three trips and a quad", "三套冲三加炸弹"),
    ("four trips", "四套冲三"),
    ("five pairs and trips", "五对冲三"),
    ("six pairs", "六对半"),
    ("three flushes", "三同花"),
    ("three straights", "三顺子"),
    ("twelve black one red", "全黑一点红"),
    ("twelve red one black", "全红一点黑"),
)


class Special(str, Enum):
    """A special hand (特殊牌型, RULES.md §6). A ``str`` enum: the value is the short id of the
    rule-set JSON (``"SD"``, ``"TSF"``, …), so a member equals its id. Members are listed in the
    engine's order; :attr:`number` is the C ABI's ``SssSpecial`` value.

    ``Special("TSF")``, ``Special("three straight flushes")`` and ``Special("三同花顺")`` all
    give :attr:`THREE_STRAIGHT_FLUSHES`; an unknown name raises ``UnknownSpecialError`` (a
    ``ValueError``).
    """

    SUPREME_DRAGON = "SD"
    """至尊清龙: A to K, all one suit."""
    DRAGON = "DR"
    """一条龙: A to K, one of each rank."""
    TWELVE_ROYALS = "TR"
    """十二皇族: every card J, Q, K or A (all but one with ``twelve_royals_min`` 12)."""
    THREE_STRAIGHT_FLUSHES = "TSF"
    """三同花顺: a 3-card and two 5-card straight flushes."""
    THREE_QUADS = "TQ"
    """三套炸弹: three four-of-a-kinds + 1."""
    ALL_BIG = "AB"
    """全大: every rank 8 to A."""
    ALL_SMALL = "AS"
    """全小: every rank 2 to 8."""
    ONE_COLOR = "OC"
    """凑一色: all red or all black."""
    THREE_TRIPS_QUAD = "TTQ"
    """三套冲三加炸弹: 3 + 3 + 3 + 4 of a kind."""
    FOUR_TRIPS = "FT"
    """四套冲三: four three-of-a-kinds + 1."""
    FIVE_PAIRS_TRIPS = "FPT"
    """五对冲三: five pairs + one three-of-a-kind."""
    SIX_PAIRS = "SP"
    """六对半: six pairs + 1."""
    THREE_FLUSHES = "TF"
    """三同花: 3 + 5 + 5 cards, each one suit."""
    THREE_STRAIGHTS = "TS"
    """三顺子: a 3-card and two 5-card straights."""
    TWELVE_BLACK_ONE_RED = "BR"
    """全黑一点红 (regional extra): 12 black cards + 1 red."""
    TWELVE_RED_ONE_BLACK = "RB"
    """全红一点黑 (regional extra): 12 red cards + 1 black."""

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _missing_(cls, value: object) -> "Special":
        # Any case of the id, the English name (spaces or underscores) or the Chinese name,
        # as the engine parses them; the engine's UnknownSpecialError otherwise.
        if not isinstance(value, str):
            return None  # type: ignore[return-value]  # Enum raises its ValueError
        from ._native import parse_special

        return parse_special(value)

    @property
    def id(self) -> str:
        """The short id: ``'SD'``, ``'TSF'``, …, ``'BR'``, ``'RB'``."""
        return self.value

    @property
    def number(self) -> int:
        """The engine's number (the C ABI's ``SssSpecial``): 0 = supreme dragon … 15."""
        return _SPECIAL_NUMBERS[self]

    @property
    def label(self) -> str:
        """English name, e.g. ``'three straights'``."""
        return _SPECIAL_LABELS[self.number][0]

    @property
    def chinese(self) -> str:
        """Chinese name, e.g. ``'三顺子'``."""
        return _SPECIAL_LABELS[self.number][1]

    @property
    def is_lane_split(self) -> bool:
        """Three straight flushes, three flushes and three straights split the hand into its
        lanes; their detection comes with the arrangement."""
        return self in (Special.THREE_STRAIGHT_FLUSHES, Special.THREE_FLUSHES, Special.THREE_STRAIGHTS)


_SPECIAL_NUMBERS = {s: i for i, s in enumerate(Special)}


class Role(str, Enum):
    """A seat's role at a banker table (RULES.md §5a; :class:`shisanshui.Arranger`). A ``str``
    enum: the value is the name the arranger takes, so the plain string works too."""

    PLAYER = "player"
    """Settled against the banker alone (at an all-pairs table: every seat)."""
    BANKER = "banker"
    """Settled against every other seat; at a table of three or four, the only seat that can make a
    home run."""

    def __str__(self) -> str:
        return self.value


class Level(str, Enum):
    """How strongly an :class:`shisanshui.Arranger` plays (its bot level), weakest first. A ``str``
    enum: the value is the name the arranger takes, so the plain string works too."""

    BEGINNER = "beginner"
    """Often a clearly weaker arrangement (about -1.0 water per hand against ``BEST`` heads-up)."""
    CASUAL = "casual"
    """Sound, with regular slips (about -0.4 water per hand against ``BEST``)."""
    STRONG = "strong"
    """Nearly the best (about -0.1 water per hand against ``BEST``)."""
    BEST = "best"
    """The highest expected water every time (the default)."""

    def __str__(self) -> str:
        return self.value


class SuggestionKind(str, Enum):
    """Why an arrangement is on a suggestion list (RULES.md §7, :func:`shisanshui.suggest`). A
    ``str`` enum: the value is the name used by the shared vectors (``"strongest_back"``)."""

    BEST = "best"
    """The best arrangement overall (what :func:`shisanshui.auto_arrange` plays); always first."""
    STRONGEST_BACK = "strongest_back"
    """The best arrangement among those with the strongest possible back category."""
    STRONGEST_MIDDLE = "strongest_middle"
    """The best arrangement among those with the strongest possible middle category."""
    ALTERNATIVE = "alternative"
    """The best arrangement of another combination of lane categories."""

    def __str__(self) -> str:
        return self.value
