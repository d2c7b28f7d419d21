"""cutthroat: three-handed (cutthroat) euchre, exactly by the rules.

Deal, bid and play a hand in a few lines::

    >>> import cutthroat
    >>> game = cutthroat.Game(seed=1)
    >>> hand = game.deal()
    >>> hand.to_act, [str(a) for a in hand.legal_actions()]
    (1, ['pass', 'order'])
    >>> hand.push("order")
    Move(seat=1, action=Action('order'))

The engine (cards, rules, state, game, record) uses only the standard library.
"""

from .actions import NUM_ACTIONS, Action, Move, Verb
from .cards import Card, CardError, Rank, Suit, deck, parse_cards
from .deal import Deal
from .errors import (
    ActionParseError,
    CutthroatError,
    DealError,
    GameOverError,
    HandNotOverError,
    IllegalActionError,
    NoHandError,
    NothingToUndoError,
    NotYourTurnError,
    SeatError,
)
from .game import Game
from .record import RecordError
from .rules import PRESETS, Rules, RulesError
from .scoring import GameOutcome, HandResult
from .state import Hand, Phase, Trick
from .views import View

__version__ = "0.1.0"

__all__ = [
    "NUM_ACTIONS",
    "PRESETS",
    "Action",
    "ActionParseError",
    "Card",
    "CardError",
    "CutthroatError",
    "Deal",
    "DealError",
    "Game",
    "GameOutcome",
    "GameOverError",
    "Hand",
    "HandNotOverError",
    "HandResult",
    "IllegalActionError",
    "Move",
    "NoHandError",
    "NotYourTurnError",
    "NothingToUndoError",
    "Phase",
    "Rank",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatError",
    "Suit",
    "Trick",
    "Verb",
    "View",
    "__version__",
    "deck",
    "parse_cards",
]
