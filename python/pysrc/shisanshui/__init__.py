"""shisanshui — the rules engine for Thirteen Water (十三水 / Chinese Poker).

Evaluate and compare hands, catch fouls and work with the house rules of RULES.md, backed by
the Rust engine::

    >>> import shisanshui as sss
    >>> sss.evaluate("As Ks Qs Js Ts")
    <HandRank straight flush, A high (0x2380000)>
    >>> sss.check_arrangement("Kd Kc 9h", "Ks Kh 9s 5s 3h", "As Ad Ah 2c 2d").is_foul
    False
    >>> sss.Rules.preset("kx").shoot_multiplier
    2
    >>> sss.detect_special("3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc").best
    <Special.THREE_STRAIGHTS: 'TS'>

Every engine error is a subclass of :class:`shisanshui.Error` (itself a ``ValueError``).
"""

from ._enums import Category, JokerLanes, Rank, ScoringMode, Special, Suit, Table, Wheel
from ._native import (
    PLAYERS_MINUS_ONE,
    PRESETS,
    Arrangement,
    ArrangementEval,
    BadCardCodeError,
    Card,
    DuplicateCardError,
    Error,
    HandRank,
    InvalidArgumentError,
    InvalidMoneyError,
    InvalidRulesError,
    InvalidTableError,
    JokerNotInDeckError,
    Rules,
    SpecialDetection,
    SpecialNotAllowedError,
    TooManyCopiesError,
    UnknownPresetError,
    UnknownRankError,
    UnknownSpecialError,
    UnknownSuitError,
    WrongCardCountError,
    __version__,
    check_arrangement,
    deck,
    detect_special,
    evaluate,
    evaluate_played,
    format_cards,
    parse_cards,
    parse_special,
)

# Settlement and money.
from ._native import (
    WATER_DENOMINATOR,
    Event,
    LaneResult,
    MoneyLine,
    MoneyResult,
    PairResult,
    PlayerHand,
    SeatResult,
    Settlement,
    Shot,
    SpecialPayment,
    escape,
    settle,
    settle_money,
)

# Dealing and auto-arrangement.
from ._enums import Level, Role, SuggestionKind
from ._native import (
    Arranged,
    Arranger,
    SpecialAdvice,
    Suggestion,
    arranger_cache_capacity,
    arranger_cache_len,
    auto_arrange,
    clear_arranger_cache,
    deal,
    play,
    set_arranger_cache_capacity,
    shuffled_deck,
    special_advice,
    suggest,
)

# House-rule analytics.
from ._native import SimResult, simulate

# 理牌 hints for manual arranging.
from ._native import CardNotInHandError, Combo, NoLegalArrangementError, combos

# Batches over NumPy arrays (NumPy is optional: pip install 'shisanshui[numpy]'; without it
# these raise ModuleNotFoundError when called).
from ._native import NO_SPECIAL, detect_special_many, evaluate_many, evaluate_masks_many, settle_many

__all__ = [
    # cards
    "Card",
    "Rank",
    "Suit",
    "parse_cards",
    "format_cards",
    "deck",
    # evaluation
    "Category",
    "HandRank",
    "evaluate",
    "evaluate_played",
    # rules
    "Rules",
    "Wheel",
    "ScoringMode",
    "Table",
    "JokerLanes",
    "PRESETS",
    "PLAYERS_MINUS_ONE",
    # lanes
    "Arrangement",
    "ArrangementEval",
    "check_arrangement",
    # special hands
    "Special",
    "SpecialDetection",
    "detect_special",
    "parse_special",
    # settlement and money
    "PlayerHand",
    "settle",
    "Settlement",
    "SeatResult",
    "PairResult",
    "LaneResult",
    "Shot",
    "SpecialPayment",
    "Event",
    "WATER_DENOMINATOR",
    "settle_money",
    "escape",
    "MoneyResult",
    "MoneyLine",
    # dealing and auto-arrangement
    "deal",
    "shuffled_deck",
    "Arranger",
    "Arranged",
    "Suggestion",
    "SuggestionKind",
    "Level",
    "Role",
    "SpecialAdvice",
    "auto_arrange",
    "suggest",
    "special_advice",
    "play",
    "set_arranger_cache_capacity",
    "arranger_cache_capacity",
    "arranger_cache_len",
    "clear_arranger_cache",
    # house-rule analytics
    "simulate",
    "SimResult",
    # 理牌 hints
    "Combo",
    "combos",
    # batches over NumPy arrays
    "evaluate_many",
    "evaluate_masks_many",
    "detect_special_many",
    "settle_many",
    "NO_SPECIAL",
    # errors
    "Error",
    "UnknownRankError",
    "UnknownSuitError",
    "BadCardCodeError",
    "DuplicateCardError",
    "TooManyCopiesError",
    "WrongCardCountError",
    "InvalidRulesError",
    "UnknownPresetError",
    "UnknownSpecialError",
    "SpecialNotAllowedError",
    "InvalidTableError",
    "JokerNotInDeckError",
    "InvalidMoneyError",
    "InvalidArgumentError",
    "CardNotInHandError",
    "NoLegalArrangementError",
    "__version__",
]
