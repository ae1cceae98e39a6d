"""Type stubs for the native module ``shisanshui._native`` (import from ``shisanshui``)."""

from fractions import Fraction
from typing import Any, Callable, ClassVar, Dict, Final, Iterable, List, Literal, Optional, Sequence, Tuple, Union, final

from typing_extensions import TypeAlias

import numpy as np
import numpy.typing as npt

from ._enums import Category, JokerLanes, Rank, ScoringMode, Special, Suit, Table, Wheel

__version__: Final[str]

PRESETS: Final[Tuple[str, ...]]
"""Names of the shipped presets of RULES.md §9: classic, regional, kx, hk, ranked, chinese_poker."""

PLAYERS_MINUS_ONE: Final[Literal["players_minus_one"]]
"""The amount "number of players − 1" (`shoot_bonus`, `home_run_multiplier` of the ranked preset)."""

_CardLike: TypeAlias = Union["Card", str, int]
"""One card: a :class:`Card`, card text such as ``"As"``, or an int code 0..=51."""

_Cards: TypeAlias = Union[str, Iterable[_CardLike]]
"""Cards: text (``"As Kd 10h"``, ``"AsKd"``, ``"As,Kd"``) or an iterable of :data:`_CardLike`.
The cards must be distinct, or under a rule set with ``extra_suits`` (RULES.md §11) repeat no
more often than its deck holds them (twice for a card of an extra suit)."""

_RulesLike: TypeAlias = Union["Rules", str, None]
"""A rule set: a :class:`Rules`, a preset name, or None for the classic preset."""

_Amount: TypeAlias = Union[int, Literal["players_minus_one"]]

# ---------------------------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------------------------

class Error(ValueError):
    """Base class of every error raised by the shisanshui engine.

    ``kind`` is the error's snake_case name (``"unknown_rank"``, ...). Subclasses carry the
    details as attributes.
    """

    kind: str

class UnknownRankError(Error):
    """A card's rank text is not 2-9, T/10, J, Q, K or A."""

    token: str
    """The bad token, or its first 32 characters when it is longer."""
    token_len: int
    """The whole token's length in bytes of UTF-8."""
    position: int

class UnknownSuitError(Error):
    """A card's suit text is not d c h s or ♦ ♣ ♥ ♠."""

    token: str
    """The bad token, or its first 32 characters when it is longer."""
    token_len: int
    """The whole token's length in bytes of UTF-8."""
    position: int

class BadCardCodeError(Error):
    """A card code outside 0..=51."""

    code: int

class DuplicateCardError(Error):
    """The same card appears twice; ``position`` is the second occurrence (0-based). From
    :func:`settle`, ``position`` counts across the table (``seat × 13 + index``), ``seat`` is
    the seat of the second occurrence and ``first_seat`` that of the first (the same seat when
    one seat holds the card twice); both are absent otherwise."""

    card: Card
    position: int
    seat: int
    first_seat: int

class JokerNotInDeckError(Error):
    """A joker (``SJ``, ``BJ``) the rule set does not deal (``Rules.jokers``, RULES.md §12):
    ``card`` the joker, ``position`` where it stands (0-based), ``jokers`` how many the rule
    set deals."""

    card: Card
    position: int
    jokers: int

class TooManyCopiesError(DuplicateCardError):
    """A card of an extra suit (``Rules.extra_suits``, RULES.md §11) more often than the deck
    holds it: ``position`` is the copy too many, ``copies`` how many the deck holds (2). A card
    of a suit the deck holds once, repeated, is a plain :class:`DuplicateCardError`."""

    copies: int

class WrongCardCountError(Error):
    """A hand, lane or deal with the wrong number of cards. An arrangement's lane of the wrong
    size is named in the message and in ``lane`` (``'front'``, ``'middle'``, ``'back'``), which
    is absent otherwise."""

    expected: int
    found: int
    lane: str

class InvalidRulesError(Error):
    """A rule-set value out of range or contradicting another; ``path`` is the JSON path of
    the field (``"lane_water.front_trips"``, ``"specials[3].water"``)."""

    path: str
    reason: str

class UnknownPresetError(Error):
    """A preset name that is not one of :data:`PRESETS`."""

    name: str

class UnknownSpecialError(Error):
    """A special-hand name or id the engine does not know."""

    name: str

class SpecialNotAllowedError(Error):
    """A declared special the cards do not make or the rules do not enable."""

    special: str
    reason: str

class InvalidTableError(Error):
    """A table or round that cannot be settled or dealt (e.g. a seat count the rule set's deck
    does not deal to: the message names both numbers)."""

class InvalidMoneyError(Error):
    """Money input out of range."""

class InvalidArgumentError(Error):
    """Any other argument out of range."""

class CardNotInHandError(Error):
    """A card given as part of a hand (a fixed lane) that the hand lacks."""

    card: Card
    position: int

class NoLegalArrangementError(Error):
    """No legal arrangement keeps the lanes the player fixed."""

# ---------------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------------

@final
class Card:
    """One card: one of the 52 of a deck, or a wild joker (RULES.md §12). Immutable, hashable,
    ordered by code (rank, then suit; the jokers last).

    ``Card("As")``, ``Card("10h")``, ``Card("q♣")``; ``str()`` gives ``"As"``, ``repr()``
    ``Card('As')``. The jokers are ``Card("SJ")`` (小王, code 52, :attr:`SMALL_JOKER`) and
    ``Card("BJ")`` (大王, code 53, :attr:`BIG_JOKER`). A card on its own belongs to no rule set:
    whether a deck deals a joker is checked where cards meet a rule set (a hand, a lane, a
    round), which raises :class:`JokerNotInDeckError` for a joker the rules do not deal.
    """

    SMALL_JOKER: ClassVar[Card]
    """The small joker (小王), ``SJ``, code 52."""
    BIG_JOKER: ClassVar[Card]
    """The big joker (大王), ``BJ``, code 53."""
    def __new__(cls, card: Union[str, Card]) -> Card: ...
    @staticmethod
    def from_code(code: int, *, rules: _RulesLike = None) -> Card:
        """The card with interchange code ``(rank - 2) * 4 + suit``, 0..=51. With ``rules``
        whose deck deals jokers (``Rules.jokers``), 52 is the small joker and 53 the big one
        (:class:`JokerNotInDeckError` for the big one under ``jokers=1``, which deals only the
        small one); elsewhere they are :class:`BadCardCodeError`, as in every list of codes read
        against such a rule set."""
    @staticmethod
    def from_rank_suit(rank: Union[Rank, int], suit: Union[Suit, int]) -> Card:
        """The card of this rank and suit."""
    @staticmethod
    def all() -> List[Card]:
        """All 52 cards, lowest code first (no joker)."""
    @property
    def code(self) -> int:
        """The interchange code: 0..=51, or 52 and 53 for the jokers."""
    @property
    def rank(self) -> Optional[Rank]:
        """The card's rank; None for a joker, which has none."""
    @property
    def suit(self) -> Optional[Suit]:
        """The card's suit; None for a joker."""
    @property
    def is_joker(self) -> bool:
        """Whether this is a wild joker (``SJ`` or ``BJ``, RULES.md §12)."""
    @property
    def symbol(self) -> str:
        """Display form with a suit symbol: ``'A♠'`` (``'SJ'``, ``'BJ'`` for the jokers)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __lt__(self, value: Card, /) -> bool: ...
    def __le__(self, value: Card, /) -> bool: ...
    def __gt__(self, value: Card, /) -> bool: ...
    def __ge__(self, value: Card, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, Tuple[str]]: ...

def parse_cards(text: str, rules: _RulesLike = None) -> List[Card]:
    """Parse card text (``"As Kd 10h"``, ``"AsKd"``, ``"As,Kd"``) into cards: distinct ones, or
    repeating as the deck of ``rules`` holds them (``extra_suits``); the jokers ``SJ``/``BJ``
    (``小王``/``大王``) as often as its ``jokers`` deal them, else :class:`JokerNotInDeckError`."""

def format_cards(cards: _Cards, rules: _RulesLike = None) -> str:
    """Display cards as ``'As Kd Th'``."""

def deck(rules: _RulesLike = None) -> List[Card]:
    """The rule set's deck in the order it is dealt from (RULES.md §11, §12): the 52 cards by
    code, then one more copy of every card of its ``extra_suits``, by code, then its ``jokers``
    (SJ, BJ, SJ, …); 52 to 110 cards."""

# ---------------------------------------------------------------------------------------------
# Evaluation
# ---------------------------------------------------------------------------------------------

@final
class HandRank:
    """The strength of a 3- or 5-card hand: a greater rank is a stronger hand.

    Compare hands of the same size. A front meets a middle on its three ranks only (K K 9
    equals K K 9 5 3), which is what :func:`check_arrangement` does; plain ``<`` on a 3-card
    and a 5-card rank also weighs the middle's last two kickers.

    ``value`` packs the category (bits 22..26), five tie-break rank nibbles (bits 2..22) and
    the tie-break suit (bits 0..2); the layout is shared with the C and C# surfaces.
    """

    @staticmethod
    def from_value(value: int) -> HandRank:
        """A rank from its packed value."""
    @property
    def value(self) -> int:
        """The packed comparable value."""
    @property
    def category(self) -> Category:
        """The hand's category."""
    @property
    def top_rank(self) -> Rank:
        """The rank of the top group (for a wheel: A under second_highest, 5 under lowest)."""
    def ranks_only(self) -> HandRank:
        """The same rank with any suit tie-break removed (what the foul check compares)."""
    def describe(self) -> str:
        """A short description, e.g. ``'full house, K over 9'``."""
    def __int__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __lt__(self, value: HandRank, /) -> bool: ...
    def __le__(self, value: HandRank, /) -> bool: ...
    def __gt__(self, value: HandRank, /) -> bool: ...
    def __ge__(self, value: HandRank, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, Tuple[int]]: ...
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists (the JavaScript package's and ``sss --json``'s)."""
    def to_json(self) -> str:
        """:meth:`to_dict` as pretty-printed JSON text."""

def evaluate(cards: _Cards, rules: _RulesLike = None) -> HandRank:
    """Evaluate a 3-card (front) or 5-card hand under the rule set's ``wheel`` and
    ``suit_tiebreak``. Cards may repeat as the rule set's deck holds them (``extra_suits``):
    five of a kind is :attr:`Category.FIVE_OF_A_KIND`, a flush may hold a pair, and identical
    hands tie."""

def evaluate_played(cards: _Cards, rules: _RulesLike = None) -> Tuple[List[Card], HandRank]:
    """A lane (3 or 5 cards) as played under a rule set (RULES.md §12), with its rank: each
    joker (``SJ``, ``BJ``) replaced by the card it stands for in the lane's best hand. A joker
    the rules do not deal is :class:`JokerNotInDeckError`."""

# ---------------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------------

@final
class Rules:
    """The house rules of a table: a preset of RULES.md §9, changed option by option.

    ``Rules()`` is classic; ``Rules("kx", strict_order=True)`` is kx with one change. A change
    is named as its property (``front_trips=4``) or as in JSON (``lane_water={"front_trips": 4}``,
    ``shooting={...}``, ``home_run={...}``). A
    ``Rules`` is always valid: a setter that would make it invalid raises
    :class:`InvalidRulesError` (naming the JSON path) and leaves it unchanged. Equal by value;
    not hashable (it is mutable).
    """

    def __new__(cls, preset: str = "classic", **changes: Any) -> Rules: ...
    @staticmethod
    def preset(name: str, **changes: Any) -> Rules:
        """The rules of a preset, with optional changes (see :data:`PRESETS`)."""
    @staticmethod
    def from_json(text: str) -> Rules:
        """Load from JSON (the :meth:`to_json` form) and validate. The JSON may name a
        ``"preset"`` to start from (default classic) and give only the fields it changes:
        ``'{"preset": "kx", "lane_water": {"front_trips": 4}}'``."""
    def to_json(self) -> str:
        """Pretty-printed JSON."""
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists."""
    @staticmethod
    def from_dict(data: Dict[str, Any]) -> Rules:
        """Load from the :meth:`to_dict` form and validate; like :meth:`from_json`, the dict may
        name a ``"preset"`` and give only the fields it changes."""
    def validate(self) -> None:
        """Check every value for range and consistency."""
    def copy(self, **changes: Any) -> Rules:
        """A copy with optional changes, validated together."""
    def __copy__(self) -> Rules: ...
    def __deepcopy__(self, memo: Any, /) -> Rules: ...
    def __reduce__(self) -> Tuple[Any, Tuple[str]]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    def special_water(self, special: Union[Special, str]) -> Optional[int]:
        """The water of a special (id ``"SD"``, English or Chinese name), or None if disabled."""

    specials: List[Tuple[Special, int]]
    """Enabled specials, highest first, as ``(Special, water)`` (a :class:`Special` equals its
    id, so these equal ``(id, water)`` tuples); settable from pairs or a dict."""
    wheel: Wheel
    """Where the wheel A-2-3-4-5 ranks (settable from the enum or its string value)."""
    suit_tiebreak: bool
    """Suits break ties when every rank is equal."""
    strict_order: bool
    """Equal lanes are a foul too."""
    foul_counts_as_shot: bool
    """A fouled player also pays as shot."""
    twelve_royals_min: int
    """Least number of J/Q/K/A cards for twelve royals: 13 or 12."""
    split_quads: bool
    """A four of a kind may serve as two pairs or trips + single in specials."""
    scoring: ScoringMode
    """Pairwise or ranked scoring."""
    table: Table
    """Which pairs a round settles: all pairs, or banker mode (pairwise scoring only)."""
    majority_bonus: int
    """Majority bonus of 2-4 scoring: water for winning more lanes of a pair than losing, 0 to
    1000 (0 under ranked scoring)."""
    @property
    def extra_suits(self) -> List[str]:
        """Suits whose 13 cards are in the deck twice (加色, RULES.md §11), as letters in code
        order (``['h', 's']``); ``[]`` is one deck. Settable from letters (``"sh"``, ``"s,h"``,
        ``"♠♥"``) or a list of :class:`Suit` members or letters; an unknown suit or one given
        twice is :class:`InvalidRulesError` at ``extra_suits``."""
    @extra_suits.setter
    def extra_suits(self, value: Union[str, Iterable[Union[str, Suit]]]) -> None: ...
    jokers: int
    """Wild jokers the deck adds (RULES.md §12), 0 to 6: 1 is the small joker ``SJ``, 2 both
    ``SJ`` and ``BJ``, more add further copies alternately; out of range is
    :class:`InvalidRulesError` at ``jokers``."""
    joker_lanes: JokerLanes
    """How jokers are read when lanes are valued and checked for a foul (RULES.md §12):
    :attr:`JokerLanes.EACH_BEST` (the default) or :attr:`JokerLanes.AVOID_FOUL`; settable from
    the enum or its string value (``"each_best"``, ``"avoid_foul"``); another name is
    :class:`InvalidRulesError` at ``joker_lanes``."""
    jokers_in_specials: bool
    """Whether a joker may complete a special hand (RULES.md §12): on, a hand holding jokers makes
    every special some choice of their cards makes; off, none."""
    @property
    def max_players(self) -> int:
        """The most seats the deck deals 13 cards to: 4 plus one per extra suit (4 to 8)."""
    def copies(self, card: _CardLike) -> int:
        """How many copies of a card the deck holds: 2 for a card of an extra suit, else 1; a
        joker as often as ``jokers`` deals it (0 when it deals none). The codes 52 and 53 are
        jokers where the deck deals jokers (elsewhere :class:`BadCardCodeError`)."""
    front_trips: int
    """Water of front three of a kind (``lane_water.front_trips``)."""
    middle_full_house: int
    """Water of a middle full house (``lane_water.middle_full_house``)."""
    middle_quads: int
    """Water of a middle four of a kind (``lane_water.middle_quads``)."""
    back_quads: int
    """Water of a back four of a kind (``lane_water.back_quads``)."""
    middle_straight_flush: int
    """Water of a middle straight flush (``lane_water.middle_straight_flush``)."""
    back_straight_flush: int
    """Water of a back straight flush (``lane_water.back_straight_flush``)."""
    middle_five_kind: Optional[int]
    """Water of a middle five of a kind, None where unlisted (``lane_water.middle_five_kind``)."""
    back_five_kind: Optional[int]
    """Water of a back five of a kind, None where unlisted (``lane_water.back_five_kind``)."""
    shoot_enabled: bool
    """Whether shooting is paid (``shooting.enabled``)."""
    shoot_bonus: _Amount
    """Flat water added to a shot (``shooting.bonus``)."""
    shoot_multiplier: int
    """Multiplier on a shot pair's lane water, at least 1 (``shooting.multiplier``)."""
    shoot_allows_ties: bool
    """Wins plus ties (at least one win) count as a shot (``shooting.allows_ties``)."""
    shoot_min_players: int
    """Fewest seats for shooting to count, 2 to 8 (``shooting.min_players``)."""
    home_run_enabled: bool
    """Whether a home run is paid (``home_run.enabled``)."""
    home_run_bonus: int
    """Water added per victim before the multiplier (``home_run.bonus_per_victim``)."""
    home_run_multiplier: _Amount
    """Multiplier on each victim's payment (``home_run.multiplier``)."""
    home_run_min_players: int
    """Fewest seats for a home run, 2 to 8 (``home_run.min_players``)."""

# ---------------------------------------------------------------------------------------------
# Lanes and the foul check
# ---------------------------------------------------------------------------------------------

@final
class Arrangement:
    """Thirteen cards set out as front (3), middle (5) and back (5).

    ``Arrangement("As Kd Qh / 9s 9d 5c 5h 2s / ...")`` (lanes split by ``/`` or ``|``, or 13
    cards in lane order) or ``Arrangement(front, middle, back)``. Error positions count across
    the lanes: front 0–2, middle 3–7, back 8–12. The cards are distinct, or with ``rules=`` repeat
    as its deck holds them (``extra_suits``, RULES.md §11).
    """

    def __new__(
        cls,
        front: Union[_Cards, Arrangement],
        middle: Optional[_Cards] = None,
        back: Optional[_Cards] = None,
        *,
        rules: _RulesLike = None,
    ) -> Arrangement: ...
    @staticmethod
    def from_cards(cards: _Cards, *, rules: _RulesLike = None) -> Arrangement:
        """From 13 cards in lane order: 3 front, 5 middle, 5 back."""
    @property
    def front(self) -> Tuple[Card, ...]:
        """The front lane (头墩), 3 cards."""
    @property
    def middle(self) -> Tuple[Card, ...]:
        """The middle lane (中墩), 5 cards."""
    @property
    def back(self) -> Tuple[Card, ...]:
        """The back lane (尾墩), 5 cards."""
    @property
    def cards(self) -> Tuple[Card, ...]:
        """All 13 cards in lane order."""
    @property
    def has_jokers(self) -> bool:
        """Whether a lane holds a joker (``SJ``, ``BJ``, RULES.md §12)."""
    def played(self, rules: _RulesLike = None) -> Arrangement:
        """The arrangement as played under a rule set (RULES.md §12): each joker replaced by
        the card it stands for under ``rules.joker_lanes``; without jokers, itself. Errors as
        :meth:`evaluate`."""
    def evaluate(self, rules: _RulesLike = None) -> ArrangementEval:
        """Lane ranks and the foul check under a rule set, with the lanes as played
        (:attr:`ArrangementEval.played`). The rule set must deal the arrangement's jokers: a
        joker it does not deal is :class:`JokerNotInDeckError`."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, Tuple[str]]: ...
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists (the JavaScript package's and ``sss --json``'s)."""
    def to_json(self) -> str:
        """:meth:`to_dict` as pretty-printed JSON text."""

@final
class ArrangementEval:
    """The ranks of an arrangement's lanes and whether it fouls (倒水), with the lanes as played
    (:attr:`played`). Equal and hashed by the ranks and the foul check alone."""

    @property
    def played(self) -> Arrangement:
        """The lanes as played: each joker replaced by the card it stands for in its lane's
        value under the rule set's ``joker_lanes`` (RULES.md §12); the arrangement itself when
        it holds no joker. A fouled arrangement shows each lane at its best."""
    @property
    def front(self) -> HandRank:
        """Front rank (3 cards)."""
    @property
    def middle(self) -> HandRank:
        """Middle rank."""
    @property
    def back(self) -> HandRank:
        """Back rank."""
    @property
    def front_over_middle(self) -> bool:
        """The front beats the middle (or equals it under ``strict_order``)."""
    @property
    def middle_over_back(self) -> bool:
        """The middle beats the back (or equals it under ``strict_order``)."""
    @property
    def is_foul(self) -> bool:
        """Either lane pair is out of order."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists (the JavaScript package's and ``sss --json``'s)."""
    def to_json(self) -> str:
        """:meth:`to_dict` as pretty-printed JSON text."""

def check_arrangement(front: _Cards, middle: _Cards, back: _Cards, rules: _RulesLike = None) -> ArrangementEval:
    """Evaluate the three lanes and check for a foul (ranks only, never suits; equal lanes
    foul under ``strict_order``)."""

# ---------------------------------------------------------------------------------------------
# Special hands
# ---------------------------------------------------------------------------------------------

@final
class SpecialDetection:
    """What a 13-card hand qualifies for under a rule set (:func:`detect_special`)."""

    @property
    def best(self) -> Optional[Special]:
        """The highest enabled special in the rule set's order, or None."""
    @property
    def all(self) -> Tuple[Special, ...]:
        """Every enabled special the hand qualifies for, in the rule set's order."""
    @property
    def arrangement(self) -> Optional[Arrangement]:
        """For three straight flushes, three flushes or three straights as :attr:`best`: the
        legal arrangement that realises it (strongest back, then middle, then front). Else None."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists (the JavaScript package's and ``sss --json``'s)."""
    def to_json(self) -> str:
        """:meth:`to_dict` as pretty-printed JSON text."""

def detect_special(cards: _Cards, rules: _RulesLike = None) -> SpecialDetection:
    """Detect the special hands of 13 cards under a rule set (copies as its deck holds them). A
    special the rule set does not list is never reported (under hk a supreme dragon is a
    dragon)."""

def parse_special(text: str) -> Special:
    """The special named by an id (``"TSF"``), English name (``"three straight flushes"`` or
    ``"three_straight_flushes"``, any case) or Chinese name (``"三同花顺"``)."""

# ---------------------------------------------------------------------------------------------
# Settlement
# ---------------------------------------------------------------------------------------------

WATER_DENOMINATOR: Final[int]
"""Units in one water point, 840 (= lcm(1..8)): every amount of water is a whole number of
1/840ths (a ranked special shared among up to 8 normal players); :attr:`Settlement.totals_units`
and :func:`settle_many` count in these units."""

_Water: TypeAlias = Union[int, Fraction]
"""Exact water: an int or a :class:`fractions.Fraction` whose denominator divides 840
(:data:`WATER_DENOMINATOR`)."""

_Rational: TypeAlias = Union[int, Fraction]
"""An exact rational, e.g. ``Fraction(5, 100)`` for a 5% rake (floats are refused). As a rake, an
int is a whole percent (``rake=5`` is 5%, as on the command line and in C#'s ``Rake.Percent``)."""

@final
class PlayerHand:
    """What one seat puts on the table: three lanes, or a declared special (报到) with its 13 cards."""

    @staticmethod
    def arranged(
        front: Union[_Cards, Arrangement],
        middle: Optional[_Cards] = None,
        back: Optional[_Cards] = None,
        *,
        rules: _RulesLike = None,
    ) -> PlayerHand:
        """Three lanes: an :class:`Arrangement`, its text, 13 cards in lane order, or (front,
        middle, back); copies as the deck of ``rules`` holds them. Whether it fouls is the
        engine's to say when settling."""
    @staticmethod
    def declare(special: Union[Special, str], cards: _Cards, *, rules: _RulesLike = None) -> PlayerHand:
        """A declared special with the seat's 13 cards (copies as the deck of ``rules`` holds
        them; whether they make it is checked when settling)."""
    @property
    def kind(self) -> Literal["arranged", "special"]:
        """``'arranged'`` or ``'special'``."""
    @property
    def arrangement(self) -> Optional[Arrangement]:
        """The lanes of an arranged hand; else None."""
    @property
    def special(self) -> Optional[Special]:
        """The declared special; None for an arranged hand."""
    @property
    def cards(self) -> Tuple[Card, ...]:
        """The seat's 13 cards (lane order for an arranged hand)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists (the JavaScript package's and ``sss --json``'s)."""
    def to_json(self) -> str:
        """:meth:`to_dict` as pretty-printed JSON text."""

_Seat: TypeAlias = Union[PlayerHand, Arrangement, "Arranged", str]
"""A seat: a :class:`PlayerHand`, an :class:`Arrangement`, an :class:`Arranged` (its lanes) or
arrangement text."""

def settle(hands: Iterable[_Seat], rules: _RulesLike = None, banker: Optional[int] = None) -> Settlement:
    """Settle one round: 2 to ``rules.max_players`` seats (4 from one deck, up to 8 with
    ``extra_suits``) in seat order under a rule set; ``banker`` is the banker's seat when
    ``rules.table`` is :attr:`Table.BANKER` (only its pairs are settled), None otherwise.
    Everything is checked first: :class:`InvalidTableError` (also for a missing, out-of-table or
    unexpected banker), :class:`DuplicateCardError` / :class:`TooManyCopiesError` (a card more
    often across the table than the deck holds it; position ``seat × 13 + index``),
    :class:`SpecialNotAllowedError`."""

@final
class Settlement:
    """A settled round: totals, the pairwise matrix, every pair, and the events to animate.
    Water is exact (:class:`fractions.Fraction`)."""

    @property
    def mode(self) -> ScoringMode:
        """How the round was scored."""
    @property
    def banker(self) -> Optional[int]:
        """The banker seat of a banker-mode round, or None when every pair was settled."""
    @property
    def seat_count(self) -> int:
        """Number of seats."""
    @property
    def totals(self) -> Tuple[Fraction, ...]:
        """Each seat's result (positive: received); they sum to zero."""
    @property
    def totals_units(self) -> Tuple[int, ...]:
        """Each seat's result in units of 1/840 of a water point (:data:`WATER_DENOMINATOR`)."""
    @property
    def matrix(self) -> Tuple[Tuple[Fraction, ...], ...]:
        """``matrix[i][j]``: what seat ``i`` receives from seat ``j``."""
    @property
    def seats(self) -> Tuple[SeatResult, ...]:
        """What each seat played, with its total."""
    @property
    def pairs(self) -> Tuple[PairResult, ...]:
        """Every settled pair ``(i, j)``, ``i < j``, in the order (0,1), (0,2), …: all of them,
        or in banker mode the pairs with the banker."""
    def pair(self, a: int, b: int) -> Optional[PairResult]:
        """The pair of seats ``a`` and ``b`` (either order), or None (also for any int that is
        no seat at the table)."""
    @property
    def events(self) -> Tuple[Event, ...]:
        """The banker (banker mode), fouls and specials by seat, then shots by pair, then the
        home run."""
    @property
    def ranked_lane_water(self) -> Optional[Tuple[int, int, int]]:
        """Ranked mode: the water of a lane win in the front, middle and back; else None."""
    @property
    def home_run_seat(self) -> Optional[int]:
        """The seat that shot every other seat, or None."""
    def to_json(self) -> str:
        """The whole settlement as pretty-printed JSON (water as ``{"num": n, "den": d}``)."""
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists."""
    def money(
        self, base: int, carries: Optional[Iterable[int]] = None, rake: Optional[_Rational] = None
    ) -> MoneyResult:
        """The round in money (see :func:`settle_money`)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]

@final
class SeatResult:
    """What one seat played and its total."""

    @property
    def kind(self) -> Literal["arranged", "special"]:
        """``'arranged'`` or ``'special'``."""
    @property
    def eval(self) -> Optional[ArrangementEval]:
        """Lane ranks and the engine's foul check, for an arranged seat."""
    @property
    def is_foul(self) -> bool:
        """Whether the seat played lanes and fouled."""
    @property
    def special(self) -> Optional[Special]:
        """The declared special, or None."""
    @property
    def special_water(self) -> Optional[int]:
        """The declared special's water under the rule set, or None."""
    @property
    def total(self) -> Fraction:
        """The seat's result for the round."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]

@final
class LaneResult:
    """One lane of one pair."""

    @property
    def lane(self) -> Literal["front", "middle", "back"]:
        """Which lane."""
    @property
    def winner(self) -> Optional[int]:
        """The seat that won the lane; None for a tie or two fouled seats."""
    @property
    def water(self) -> int:
        """Water the loser pays for this lane before any shot; 0 without a winner."""
    @property
    def hand(self) -> Optional[Category]:
        """The category of the winning hand, or None."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Shot:
    """A shot (打枪) within a pair."""

    @property
    def shooter(self) -> int:
        """Who shot."""
    @property
    def victim(self) -> int:
        """Who was shot."""
    @property
    def lane_water(self) -> int:
        """The lane water the shooter won."""
    @property
    def value(self) -> int:
        """What the victim pays after the shot."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class SpecialPayment:
    """A pair settled by a special."""

    @property
    def winner(self) -> Optional[int]:
        """The seat that is paid; None when two equal specials tie."""
    @property
    def special(self) -> Optional[Special]:
        """The special that is paid, or None."""
    @property
    def water(self) -> Fraction:
        """What the winner receives (ranked: ``w / p``)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class PairResult:
    """The settlement of one pair of seats, from ``seats[0]``'s side."""

    @property
    def seats(self) -> Tuple[int, int]:
        """The two seats, lower first."""
    @property
    def kind(self) -> Literal["lanes", "one_fouled", "both_fouled", "special_vs_normal", "special_vs_special"]:
        """How the pair was settled."""
    @property
    def lanes(self) -> Optional[Tuple[LaneResult, ...]]:
        """Front, middle and back, when lanes were compared."""
    @property
    def lane_water(self) -> int:
        """Net lane water (majority bonus included) before any shot or home run."""
    @property
    def majority(self) -> Optional[Tuple[int, int]]:
        """The majority bonus of 2-4 scoring as ``(winner seat, water)``, if one was paid."""
    @property
    def shot(self) -> Optional[Shot]:
        """The shot, if one seat shot the other."""
    @property
    def home_run(self) -> Optional[int]:
        """What the victim pays after a home run, if the shot is part of one."""
    @property
    def special(self) -> Optional[SpecialPayment]:
        """The special payment, for a pair settled by a special."""
    @property
    def water(self) -> Fraction:
        """What ``seats[0]`` receives from ``seats[1]`` in the end."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Event:
    """Something worth showing, in the order a client animates it."""

    @property
    def kind(self) -> Literal["banker", "foul", "special", "shot", "home_run"]:
        """What happened."""
    @property
    def seat(self) -> Optional[int]:
        """The seat that fouled, declared, shot, made the home run, or is the banker."""
    @property
    def victim(self) -> Optional[int]:
        """A shot's victim."""
    @property
    def value(self) -> Optional[int]:
        """A shot: what the victim pays; a home run: what the victims pay together."""
    @property
    def special(self) -> Optional[Special]:
        """A special: the declared special."""
    @property
    def front_over_middle(self) -> Optional[bool]:
        """A foul: the front beats the middle."""
    @property
    def middle_over_back(self) -> Optional[bool]:
        """A foul: the middle beats the back."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

# ---------------------------------------------------------------------------------------------
# Money
# ---------------------------------------------------------------------------------------------

def settle_money(
    water: Iterable[_Water], base: int, carries: Optional[Iterable[int]] = None, rake: Optional[_Rational] = None
) -> MoneyResult:
    """Water in money (RULES.md §8): ``trunc(water × base)`` minor units, capped at each carry,
    the larger side scaled to the smaller, rake on positive results; ``sum(amounts) + house == 0``."""

def escape(
    seats: int, leaver: int, base: int, carries: Optional[Iterable[int]] = None, rake: Optional[_Rational] = None
) -> MoneyResult:
    """An escape (逃跑): the leaver pays 18 water × base, every other seat receives 1 × base."""

@final
class MoneyLine:
    """One seat's way from water to money."""

    @property
    def water(self) -> Fraction:
        """The seat's water."""
    @property
    def raw(self) -> int:
        """``trunc(water × base)``."""
    @property
    def capped(self) -> int:
        """After the carry cap."""
    @property
    def scaled(self) -> int:
        """After the proportional scaling of the larger side."""
    @property
    def rake(self) -> int:
        """Rake taken from a positive result."""
    @property
    def amount(self) -> int:
        """What the seat receives (negative: pays)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists (the JavaScript package's and ``sss --json``'s)."""
    def to_json(self) -> str:
        """:meth:`to_dict` as pretty-printed JSON text."""

@final
class MoneyResult:
    """A round in money (minor units)."""

    @property
    def lines(self) -> Tuple[MoneyLine, ...]:
        """One line per seat."""
    @property
    def amounts(self) -> Tuple[int, ...]:
        """Each seat's final amount."""
    @property
    def rake(self) -> int:
        """Total rake."""
    @property
    def rounding(self) -> int:
        """What truncation left over: ``-sum(scaled)``."""
    @property
    def house(self) -> int:
        """The house's share: ``rake + rounding``."""
    @property
    def unclaimed(self) -> int:
        """Escape only: what the leaver pays that no one receives."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists (the JavaScript package's and ``sss --json``'s)."""
    def to_json(self) -> str:
        """:meth:`to_dict` as pretty-printed JSON text."""

# ---------------------------------------------------------------------------------------------
# Dealing and auto-arrangement
# ---------------------------------------------------------------------------------------------

from ._enums import Level, Role, SuggestionKind

def deal(players: int = 4, seed: Optional[int] = None, rules: _RulesLike = None) -> List[List[Card]]:
    """Shuffle the rule set's deck and deal ``players`` hands of 13 cards, seat by seat: 2 to 4
    from one deck, up to ``rules.max_players`` (8) with ``extra_suits`` (RULES.md §11). The
    rule set's ``jokers`` are shuffled in after them (RULES.md §12; they add no seat). With no
    extra suit and no joker it is the one-deck deal, card for card.

    With a ``seed`` (an int from 0 to 2**64 - 1) the deal is the documented ChaCha20 shuffle of
    that seed, the same in Rust, C, Python and C#; without one it is keyed from the operating
    system and cannot be predicted or replayed. Raises :class:`InvalidTableError` for a player
    count the deck does not deal to (naming both numbers) and :class:`InvalidArgumentError` for
    a seed out of range.
    """

def shuffled_deck(seed: int, rules: _RulesLike = None) -> List[Card]:
    """The shuffled deck of a seed (52 cards, or up to 110 with the ``extra_suits`` and
    ``jokers`` of ``rules``), before it is dealt: ``deal(players, seed, rules)`` gives seat ``p`` the cards at
    positions ``13 * p`` to ``13 * p + 12``."""

@final
class Arranged:
    """An arrangement chosen by the engine (never a foul), with its lane categories and
    expected water against the field."""

    @property
    def arrangement(self) -> Arrangement:
        """The three lanes, each listed highest card first."""
    @property
    def categories(self) -> Tuple[Category, Category, Category]:
        """The category of the front, middle and back."""
    @property
    def expected_water(self) -> float:
        """Expected water against the field at this table (all opponents together)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists (the JavaScript package's and ``sss --json``'s)."""
    def to_json(self) -> str:
        """:meth:`to_dict` as pretty-printed JSON text."""

@final
class Suggestion:
    """One entry of a suggestion list (:func:`suggest`)."""

    @property
    def kind(self) -> SuggestionKind:
        """Why it was suggested."""
    @property
    def arrangement(self) -> Arrangement:
        """The three lanes, each listed highest card first (never a foul)."""
    @property
    def categories(self) -> Tuple[Category, Category, Category]:
        """The category of the front, middle and back."""
    @property
    def expected_water(self) -> float:
        """Expected water against the field."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists (the JavaScript package's and ``sss --json``'s)."""
    def to_json(self) -> str:
        """:meth:`to_dict` as pretty-printed JSON text."""

@final
class SpecialAdvice:
    """Whether declaring a special (报到) beats the best lane play (:func:`special_advice`)."""

    @property
    def special(self) -> Special:
        """The special the cards make (the highest the rule set enables)."""
    @property
    def declare_water(self) -> float:
        """Expected water of declaring it (every other seat pays it, RULES.md §6)."""
    @property
    def lane_water(self) -> float:
        """Expected water of the best lane arrangement instead."""
    @property
    def advantage(self) -> float:
        """``declare_water - lane_water`` (negative: the lanes are worth more)."""
    @property
    def declare(self) -> bool:
        """Whether declaring is worth more than playing the lanes."""
    @property
    def best_lanes(self) -> Arranged:
        """The best lane arrangement."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists (the JavaScript package's and ``sss --json``'s)."""
    def to_json(self) -> str:
        """:meth:`to_dict` as pretty-printed JSON text."""

@final
class Arranger:
    """Arranges 13 cards for one rule set at one table size and seat (RULES.md §7).

    ``rules`` is a :class:`Rules`, a preset name or None for classic; ``players`` the seats at
    the table, 2 to ``rules.max_players`` (4 from one deck, up to 8 with ``extra_suits``;
    :class:`InvalidTableError` otherwise); hands may repeat cards as the rule set's deck holds
    them; ``role`` the seat at a banker table
    (``table = "banker"``, RULES.md §5a): ``"player"`` plays the banker alone, ``"banker"`` plays
    every other seat (a :class:`Role` or its name). A banker table needs a role and ``"banker"``
    needs a banker table (:class:`InvalidTableError`); an unknown role name is an
    :class:`InvalidArgumentError`, a role that is not a str a ``TypeError``. The arranger keeps
    its own copy of the rules. Making one builds the objective; every later call is only a
    search (run without the GIL), so keep one per table and reuse it.

    ``level`` makes a weaker bot (a :class:`Level` or its name, default ``"best"``; an unknown
    name is an :class:`InvalidArgumentError`) whose draws ``seed`` (0 to 2**64 - 1) seeds: below
    ``"best"`` the arrangement is one of the best of each lane-category combination, a pure
    function of (seed, level, the cards as a set), never a foul. :meth:`suggest` is the same at
    every level; :meth:`special_advice` weighs declaring against the level's own lanes.

    ``card_removal`` (default True) plays each hand against the field conditioned on the 13
    cards it holds (an opponent cannot hold them: holding three aces makes an opposing pair of
    aces rare); False plays the field as trained, whatever the hand holds (a little weaker,
    about twice as fast). Bigger decks (RULES.md §11) always play the field as trained.
    """

    def __new__(
        cls,
        rules: _RulesLike = None,
        players: int = 4,
        role: Optional[Union[Role, str]] = None,
        *,
        level: Union[Level, str] = "best",
        seed: int = 0,
        card_removal: bool = True,
    ) -> Arranger: ...
    def with_level(self, level: Union[Level, str], seed: int = 0) -> Arranger:
        """The same arranger at another level and seed (the objective is shared)."""
    def with_card_removal(self, on: bool) -> Arranger:
        """The same arranger with card removal on or off (the objective is shared)."""
    @property
    def card_removal(self) -> bool:
        """Whether card removal is on (``True`` unless made with ``card_removal=False``)."""
    @property
    def level(self) -> Level:
        """The bot level (``Level.BEST`` unless made weaker)."""
    @property
    def seed(self) -> int:
        """The seed of the level's draws (0 unless given)."""
    @property
    def role(self) -> str:
        """The seat's role, ``"player"`` or ``"banker"`` (``"player"`` at an all-pairs table)."""
    @property
    def rules(self) -> Rules:
        """A copy of the rule set."""
    @property
    def players(self) -> int:
        """Seats at the table."""
    def arrange(self, cards: _Cards) -> Arranged:
        """The legal arrangement of 13 cards with the highest expected water (never a foul); below
        the best level, the level's draw."""
    def arrange_many(self, hands: npt.NDArray[np.uint8], *, threads: int = 1) -> npt.NDArray[np.uint8]:
        """Arrange each row of a ``uint8`` array of shape ``(n, 13)``; returns the same shape, each
        row the codes of :meth:`arrange`'s arrangement in lane order (front 3, middle 5, back 5).
        Without the GIL, on ``threads`` threads (0: one per core). Needs NumPy."""
    def suggest(self, cards: _Cards, n: int = 3) -> List[Suggestion]:
        """Up to ``n`` (at least 1) good arrangements with distinct lane categories, the best
        first."""
    def special_advice(self, cards: _Cards) -> Optional[SpecialAdvice]:
        """Declaring the special the cards make against the best lanes, or None without one."""
    def play(self, cards: _Cards) -> PlayerHand:
        """The seat a good player puts on the table: the special declared where
        :meth:`special_advice` says that is worth more, the lanes of :meth:`arrange` otherwise."""
    def expected_water(self, arrangement: Union[Arrangement, _Cards]) -> float:
        """Expected water of any arrangement (a foul is priced as losing every lane)."""
    def complete(
        self,
        cards: _Cards,
        front: Optional[_Cards] = None,
        middle: Optional[_Cards] = None,
        back: Optional[_Cards] = None,
    ) -> Arranged:
        """The best legal arrangement of 13 cards that keeps the lanes fixed by hand (None:
        open), by this arranger's expected water. ``CardNotInHandError``,
        ``DuplicateCardError``, ``WrongCardCountError`` (positions are lane slots: front 0-2,
        middle 3-7, back 8-12), ``NoLegalArrangementError`` when every completion fouls."""

def auto_arrange(
    cards: _Cards, rules: _RulesLike = None, players: int = 4, role: Optional[Union[Role, str]] = None
) -> Arranged:
    """The legal arrangement of 13 cards with the highest expected water against the field at a
    table of ``players`` seats (never a foul); ``Arranger(rules, players, role).arrange(cards)``
    with the arranger shared between calls."""

def suggest(
    cards: _Cards,
    rules: _RulesLike = None,
    n: int = 3,
    players: int = 4,
    role: Optional[Union[Role, str]] = None,
) -> List[Suggestion]:
    """Up to ``n`` distinct good arrangements of 13 cards for a 推荐牌型 button; the first is
    what :func:`auto_arrange` plays."""

def special_advice(
    cards: _Cards, rules: _RulesLike = None, players: int = 4, role: Optional[Union[Role, str]] = None
) -> Optional[SpecialAdvice]:
    """Whether declaring the special the cards make beats the best lane play, or None when they
    make no special the rules enable."""

def play(
    cards: _Cards, rules: _RulesLike = None, players: int = 4, role: Optional[Union[Role, str]] = None
) -> PlayerHand:
    """The seat a good player puts on the table with 13 cards: the special declared where that is
    worth more than the lanes, the best lanes otherwise (``Arranger(...).play`` with a shared
    arranger)."""

def set_arranger_cache_capacity(capacity: int) -> int:
    """Bound the arrangers the free functions share (default 16, about 3 MB each; 0 keeps none),
    dropping the least recently used beyond it now; returns the previous capacity."""

def arranger_cache_capacity() -> int:
    """The capacity of the shared arranger cache."""

def arranger_cache_len() -> int:
    """How many arrangers the shared cache holds now."""

def clear_arranger_cache() -> None:
    """Drop every arranger of the shared cache (its capacity stays)."""

@final
class SimResult:
    """What :func:`simulate` saw; :meth:`to_dict` / :meth:`to_json` hold every figure.

    Shards of one run (``simulate(..., first_round=k)``) merge exactly:
    ``SimResult.sum(shards)`` (any order) equals one ``simulate`` of all their rounds; ``a + b``
    merges, so the builtin ``sum(shards)`` works for shards in round order. Picklable."""
    @property
    def rounds(self) -> int: ...
    @property
    def first_round(self) -> int:
        """The first round played (rounds ``first_round`` to ``first_round + rounds - 1``)."""
    def merge(self, *others: SimResult) -> SimResult:
        """A new result: this one merged with ``others`` (shards of the same run, any order)."""
    @staticmethod
    def sum(results: Iterable[SimResult]) -> SimResult:
        """The merge of shards of one run, in any order."""
    def __add__(self, other: SimResult, /) -> SimResult: ...
    def __radd__(self, other: Union[SimResult, int], /) -> SimResult: ...
    def to_state(self) -> str:
        """The mergeable state (configuration, round range, exact tallies) as compact JSON."""
    @staticmethod
    def from_state(state: str) -> SimResult:
        """The result whose :meth:`to_state` is ``state``, checked."""
    def __reduce__(self) -> Tuple[Any, Tuple[str]]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def hands(self) -> int: ...
    @property
    def policies(self) -> List[str]: ...
    @property
    def declared(self) -> int: ...
    @property
    def fouls(self) -> int: ...
    @property
    def shots(self) -> int: ...
    @property
    def home_runs(self) -> int: ...
    @property
    def lanes(self) -> Dict[str, Dict[str, Any]]:
        """The lanes played, per category name (``"high_card"`` … ``"five_of_a_kind"``):
        ``{"front", "middle", "back", "hands_with", "hand_rate"}``, counting the lanes of hands
        that played lanes and did not foul (jokers at what they stand for)."""
    @property
    def specials(self) -> Dict[str, Dict[str, Any]]:
        """Per special id: water, made, declared, made_rate, declared_rate."""
    @property
    def seat_means(self) -> List[float]: ...
    @property
    def water(self) -> Dict[str, Any]:
        """Every seat's water per round: count, mean, sd, ci95, mean_abs, quantiles, histogram."""
    @property
    def swing(self) -> Dict[str, Any]:
        """The water that changed hands per round (as :attr:`water`)."""
    @property
    def money(self) -> Optional[Dict[str, Any]]:
        """Money per seat, rake and house per round, totals; None without stakes."""
    @property
    def rake_mean(self) -> Optional[float]: ...
    def to_json(self) -> str: ...
    def to_dict(self) -> Dict[str, Any]: ...

def simulate(
    rules: _RulesLike = None,
    players: int = 4,
    rounds: int = 10000,
    seed: int = 0,
    *,
    first_round: int = 0,
    policy: Union[str, Sequence[str], None] = "arranger",
    specials: bool = True,
    base: Optional[int] = None,
    carries: Optional[Sequence[int]] = None,
    rake: Union[int, Fraction, None] = None,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, int], Any]] = None,
    banker: Optional[int] = None,
) -> SimResult:
    """Play ``rounds`` seeded rounds with the arranger (or a baseline) at every seat and report
    specials, fouls, shots, home runs, water per seat and its spread, and money with rake.

    ``rake``: an int percent (``rake=5`` is 5%, as ``sss --rake 5``) or an exact ``Fraction``
    share (``Fraction(5, 100)``). ``progress(done, rounds)`` is called on the calling thread
    about ten times a second and at the end. Ctrl-C stops the run with ``KeyboardInterrupt``.
    ``banker``: the banker's seat at a banker table. ``first_round``: play rounds
    ``first_round`` to ``first_round + rounds - 1`` of the run (a shard, see
    :meth:`SimResult.sum`)."""

def _validate_simulation(
    rules: _RulesLike = None,
    players: int = 4,
    rounds: int = 10000,
    seed: int = 0,
    *,
    first_round: int = 0,
    policy: Union[str, Sequence[str], None] = "arranger",
    specials: bool = True,
    base: Optional[int] = None,
    carries: Optional[Sequence[int]] = None,
    rake: Union[int, Fraction, None] = None,
    threads: Optional[int] = None,
    banker: Optional[int] = None,
) -> None: ...
def _sim_result_from_state(state: str) -> SimResult: ...

# ---------------------------------------------------------------------------------------------
# 理牌 hints
# ---------------------------------------------------------------------------------------------

@final
class Combo:
    """One combination of a category in a hand (:func:`combos`): the category's own cards,
    highest code first, without kickers."""

    @property
    def category(self) -> Category:
        """The category the cards make."""
    @property
    def cards(self) -> Tuple[Card, ...]:
        """The cards (2 to 5), highest code first."""
    @property
    def played(self) -> Tuple[Card, ...]:
        """:attr:`cards` with each joker replaced by the card it stands for in this combination
        (RULES.md §12); the cards themselves when none is a joker."""
    @property
    def has_jokers(self) -> bool:
        """Whether the combination holds a joker."""
    @property
    def fits_front(self) -> bool:
        """Whether the combination fits a front lane (pairs and trips)."""
    def __len__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as dicts and lists (the JavaScript package's and ``sss --json``'s)."""
    def to_json(self) -> str:
        """:meth:`to_dict` as pretty-printed JSON text."""

def combos(cards: _Cards, category: Union[Category, int, str], rules: _RulesLike = None) -> List[Combo]:
    """Every distinct combination of ``category`` (a :class:`Category`, its number or its name:
    ``'pair'``, ``'two_pair'``, ``'flush'``, ``'同花'``) in up to 13 cards, strongest first (one
    entry per rank pattern from each rank's highest suits; every suit-distinct flush); the 对子 …
    同花顺 buttons. Cards may repeat as the deck of ``rules`` holds them (``extra_suits``).
    A joker joins a combination where it makes the pattern, as few jokers as it takes
    (:attr:`Combo.played`). ``InvalidArgumentError`` for ``HIGH_CARD``, ``FIVE_OF_A_KIND`` under a
    rule set of one deck without jokers, or a number or name that is no category."""

# ---------------------------------------------------------------------------------------------
# Batches over NumPy arrays (NumPy is optional: pip install 'shisanshui[numpy]')
# ---------------------------------------------------------------------------------------------

NO_SPECIAL: Final[int]
"""The entry of :func:`detect_special_many` for a hand that makes no enabled special (255)."""

def evaluate_many(
    hands: npt.NDArray[np.uint8],
    rules: _RulesLike = None,
    *,
    threads: int = 1,
    out: Optional[npt.NDArray[np.uint32]] = None,
) -> npt.NDArray[np.uint32]:
    """The :attr:`HandRank.value` of every row of a ``uint8`` array of card codes of shape
    ``(n, 5)`` or ``(n, 3)``, as a ``uint32`` array of ``n`` (into ``out`` when given). Runs
    without the GIL on ``threads`` threads (0: one per core). Bad cards raise the engine's error
    with ``row``, the first bad row, and write nothing. Where ``rules`` deals jokers (RULES.md
    §12) a row may hold codes 52 and 53 as often as its deck deals them and gets what
    :func:`evaluate` gives it (a lane with jokers at its best value); a joker code under a rule
    set without jokers is :class:`BadCardCodeError`, one its deck does not deal
    :class:`JokerNotInDeckError`, one too many :class:`DuplicateCardError` or
    :class:`TooManyCopiesError`."""

def evaluate_masks_many(
    masks: npt.NDArray[np.uint64],
    rules: _RulesLike = None,
    *,
    size: int = 5,
    threads: int = 1,
    out: Optional[npt.NDArray[np.uint32]] = None,
) -> npt.NDArray[np.uint32]:
    """As :func:`evaluate_many` for 64-bit card masks (bit ``code`` per card, ``size`` bits each).
    A mask holds each card once: hands with copies (``extra_suits``) go to :func:`evaluate_many`
    as codes. Bits 52 and 53 are the small and the big joker where ``rules`` deals them."""

def detect_special_many(
    hands: npt.NDArray[np.uint8], rules: _RulesLike = None, *, threads: int = 1, all: bool = False
) -> Any:
    """The best special (``Special.number``, or :data:`NO_SPECIAL`) of every row of a ``uint8``
    array of shape ``(n, 13)``, as ``uint8``; with ``all=True`` a tuple ``(best, all)``, ``all``
    a ``uint16`` array with bit ``number`` set per enabled special the hand makes. The answers
    of :func:`detect_special`, hands with jokers included."""

def settle_many(
    hands: npt.NDArray[np.uint8],
    rules: _RulesLike = None,
    *,
    banker: Union[int, Sequence[int], npt.NDArray[np.integer[Any]], None] = None,
    threads: int = 1,
) -> npt.NDArray[np.int64]:
    """Each seat's total, in units of 1/840 of a water point (:data:`WATER_DENOMINATOR`), of
    every round of a ``uint8`` array of shape ``(rounds, seats, 13)`` (lanes in order front,
    middle, back; fouls settled as fouls), as an ``int64`` array of shape ``(rounds, seats)``. ``banker``: a banker room's banker seat
    (``Table.BANKER`` rules), one int for every round or one seat per round; None for all
    pairs. Lanes with jokers are valued as :func:`settle` values them."""
