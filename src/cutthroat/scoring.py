"""Tricks and points: the trick winner (R17), hand scoring (R19–R21), the game's end (R22).

>>> from cutthroat.cards import Card, Suit
>>> trick_winner([Card.parse("AH"), Card.parse("9S"), Card.parse("JD")], Suit.HEARTS)
2
>>> score_hand(Rules(), maker=0, maker_alone=False, defender_alone=None, tricks=(5, 0, 0))
(3, 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import EFF_SUIT, NUM_CARD_IDS, Card, Suit, trick_power
from .rules import Rules

__all__ = ["NO_POINTS", "GameOutcome", "HandResult", "add_hand", "game_outcome", "score_hand",
           "trick_winner", "winners_after"]


def trick_winner(cards: Sequence[Card], trump: Suit) -> int:
    """The index in ``cards`` (in the order played) of the card that wins the trick (R17)."""
    return _winner_index([c.id for c in cards], trump)


_POWERS = [[[trick_power(card, trump, led) for card in range(NUM_CARD_IDS)]
            for led in range(4)] for trump in range(4)]
""":func:`~cutthroat.cards.trick_power` of every card, by trump and suit led: looked up,
not worked out, at the end of every trick (the engine's hottest path)."""


def _winner_index(ids: Sequence[int], trump: int) -> int:
    power = _POWERS[trump][EFF_SUIT[trump][ids[0]]]
    best, best_value = 0, power[ids[0]]
    for i in range(1, len(ids)):
        value = power[ids[i]]
        if value > best_value:
            best, best_value = i, value
    return best


def score_hand(
    rules: Rules,
    *,
    maker: int,
    maker_alone: bool,
    defender_alone: int | None,
    tricks: Sequence[int],
) -> tuple[int, int, int]:
    """Points per seat for a finished hand (R19, R20, R21)."""
    points = [0, 0, 0]
    defenders = [s for s in range(3) if s != maker]
    if defender_alone is not None and tricks[defender_alone] >= 3:
        gain = 4 if tricks[defender_alone] == 5 else 2  # R21
        for seat in defenders:
            points[seat] = gain
    elif tricks[maker] >= 3:  # R19
        if tricks[maker] == 5:
            points[maker] = rules.lone_march_points if maker_alone else rules.march_points
        else:
            points[maker] = 1
    else:  # R20
        for seat in defenders:
            points[seat] = 2
    return points[0], points[1], points[2]


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended.

    Attributes:
        dealer: the dealer.
        thrown_in: all passed twice (R10); the other fields are then empty or zero.
        maker: the maker (``None`` if thrown in).
        trump: the trump suit (``None`` if thrown in).
        alone: the seats that went alone, ascending.
        tricks: tricks taken per seat (0 for a seat that sat out).
        points: points scored per seat in this hand.
    """

    dealer: int
    thrown_in: bool
    maker: int | None = None
    trump: Suit | None = None
    alone: tuple[int, ...] = ()
    tricks: tuple[int, int, int] = (0, 0, 0)
    points: tuple[int, int, int] = (0, 0, 0)

    @property
    def euchred(self) -> bool:
        """True if the maker took fewer than three tricks."""
        return self.maker is not None and not self.thrown_in and self.tricks[self.maker] < 3

    @property
    def march(self) -> bool:
        """True if the maker took all five tricks."""
        return self.maker is not None and self.tricks[self.maker] == 5

    def to_json(self) -> dict[str, object]:
        """The entry of ``cutthroat replay --json`` for a finished hand (RECORD.md)."""
        if self.thrown_in:
            return {"dealer": self.dealer, "thrown_in": True}
        assert self.trump is not None
        return {
            "dealer": self.dealer,
            "maker": self.maker,
            "trump": str(self.trump),
            "alone": list(self.alone),
            "tricks": list(self.tricks),
            "points": list(self.points),
        }

    def __str__(self) -> str:
        """The result as a sentence, :meth:`describe` with a capital, as ``print(view)``
        writes it (``print(hand.result)``); the ``repr`` is the dataclass's, every field.

        >>> print(HandResult(dealer=2, thrown_in=True))
        Thrown in: nobody named trump
        """
        text = self.describe()
        return text[:1].upper() + text[1:]

    def describe(self) -> str:
        """One line for people: ``"seat 1 made hearts trump alone: 5 tricks, march (seat 1 +3)"``.

        >>> HandResult(dealer=0, thrown_in=False, maker=1, trump=Suit.HEARTS, tricks=(2, 1, 2),
        ...            points=(2, 0, 2)).describe()
        'seat 1 made hearts trump: 1 trick, euchred (seat 0 +2, seat 2 +2)'
        """
        if self.thrown_in:
            return "thrown in: nobody named trump"
        assert self.maker is not None and self.trump is not None
        how = " alone" if self.maker in self.alone else ""
        lone = [s for s in self.alone if s != self.maker]
        against = f" against seat {lone[0]} alone" if lone else ""
        tricks = self.tricks[self.maker]
        if self.euchred:  # against a lone defender too: he took three tricks or more
            verdict = "euchred"
        elif self.march:
            verdict = "march"
        else:
            verdict = "made it"
        gains = ", ".join(f"seat {s} +{p}" for s, p in enumerate(self.points) if p)
        count = "1 trick" if tricks == 1 else f"{tricks} tricks"
        return (f"seat {self.maker} made {self.trump.plural} trump{how}{against}: {count}, "
                f"{verdict} ({gains})")


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """The state of a game's scoreboard: totals, whether it is over, and who won."""

    scores: tuple[int, int, int]
    over: bool
    winners: tuple[int, ...]


def game_outcome(rules: Rules, results: Sequence[HandResult]) -> GameOutcome:
    """Totals after these hands and whether the game has ended (R22).

    The game ends after the first hand in which someone reaches the target and, under
    ``tie = "play_on"``, one player is alone on top. Hands after that are ignored here;
    :class:`cutthroat.Game` refuses to deal them.
    """
    outcome = NO_POINTS
    for result in results:
        outcome = add_hand(rules, outcome, result)
    return outcome


NO_POINTS = GameOutcome((0, 0, 0), False, ())
"""The scoreboard before the first hand."""


def winners_after(rules: Rules, scores: Sequence[int], points: Sequence[int]
                  ) -> tuple[int, ...]:
    """Who wins the game if a hand scores ``points`` (by seat) from ``scores`` (R22, the
    rules' ``tie`` included); ``()`` when the game goes on.

    >>> from cutthroat.rules import Rules
    >>> winners_after(Rules(), (8, 4, 8), (2, 0, 2)), winners_after(Rules(), (8, 4, 8), (2, 0, 0))
    ((), (0,))
    """
    hand = HandResult(dealer=0, thrown_in=False, points=(points[0], points[1], points[2]))
    return add_hand(rules, GameOutcome((scores[0], scores[1], scores[2]), False, ()),
                    hand).winners


def add_hand(rules: Rules, outcome: GameOutcome, result: HandResult) -> GameOutcome:
    """The scoreboard ``outcome`` after one more hand, ``result`` (R22); a game that is
    over already stays as it is (:func:`game_outcome` ignores hands after its end).

    >>> from cutthroat.rules import Rules
    >>> made = HandResult(dealer=0, thrown_in=False, maker=1, trump=Suit.HEARTS,
    ...                   tricks=(1, 3, 1), points=(0, 1, 0))
    >>> add_hand(Rules(target=1), NO_POINTS, made)
    GameOutcome(scores=(0, 1, 0), over=True, winners=(1,))
    """
    if outcome.over:
        return outcome
    before, points = outcome.scores, result.points
    scores = (before[0] + points[0], before[1] + points[1], before[2] + points[2])
    top = max(scores)
    if top >= rules.target:
        leaders = tuple(s for s in range(3) if scores[s] == top)
        if len(leaders) == 1 or rules.tie == "share":
            return GameOutcome(scores, True, leaders)
    return GameOutcome(scores, False, ())
