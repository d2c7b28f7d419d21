"""What the expert makes of a decision: each option's value and how the hand ended
after it (:class:`Option`, :class:`Outcomes`), and the decision as a whole, chosen
option first, with its reason (:class:`Analysis`). :class:`~cutthroat.bots.expert.ExpertBot`
makes them; hints, reviews and the coach read them."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import Action
from ..cards import Suit
from ..state import Phase

__all__ = ["OUTCOME_KINDS", "Analysis", "Option", "Outcomes", "outcome_kind"]


@dataclass(frozen=True, slots=True)
class Outcomes:
    """How the hand ended over an option's samples, as shares (0–1), for this seat.

    As the maker it ``made`` it (three or four tricks), ``marched`` (all five) or was
    ``euchred``; defending, its side ``stopped`` the maker (three or four tricks),
    ``swept`` all five, ``conceded`` (the maker took three or four) or was
    ``marched_on`` (the maker took all five); or the hand was ``thrown_in`` (R10).
    The eight shares sum to one when any sample was valued.
    """

    made: float = 0.0
    marched: float = 0.0
    euchred: float = 0.0
    stopped: float = 0.0
    swept: float = 0.0
    conceded: float = 0.0
    thrown_in: float = 0.0
    marched_on: float = 0.0

    @property
    def as_maker(self) -> float:
        """The share of samples in which this seat was the maker."""
        return self.made + self.marched + self.euchred

    @property
    def defending(self) -> float:
        """The share of samples in which this seat defended."""
        return self.stopped + self.swept + self.conceded + self.marched_on

    @property
    def make_rate(self) -> float:
        """Of the samples in which this seat was the maker, the share it made (0 if none)."""
        return (self.made + self.marched) / self.as_maker if self.as_maker else 0.0

    @property
    def defence_rate(self) -> float:
        """Of the samples in which this seat defended, the share in which the maker was
        euchred (0 if none)."""
        return (self.stopped + self.swept) / self.defending if self.defending else 0.0

    def to_json(self) -> dict[str, float]:
        """The shares by name, rounded to four places."""
        return {name: round(getattr(self, name), 4) for name in self.__slots__}


OUTCOME_KINDS = len(Outcomes.__slots__)
"""How many ways a hand may end for a seat (the fields of :class:`Outcomes`)."""


def outcome_kind(me: int, maker: int | None, side: float) -> int:
    """The index in :class:`Outcomes` of a hand that ended with ``side`` tricks for
    ``me``'s side (``maker`` ``None``: thrown in)."""
    if maker is None:
        return 6
    if me == maker:
        return 1 if side >= 5 else 0 if side >= 3 else 2
    return 4 if side >= 5 else 3 if side >= 3 else 7 if side <= 0 else 5


@dataclass(frozen=True, slots=True)
class Option:
    """One option and what it is worth, averaged over the samples.

    Attributes:
        action: the action.
        value: what the expert ranks it by: the estimated chance to win the game after
            this hand (0–1), plus a small tie-break for its own points
            (:func:`~cutthroat.bots.valuation.hand_value`).
        points: the expected points this seat scores in this hand.
        tricks: the expected tricks of this seat's side (maker or defenders).
        outcomes: how often the hand ended each way after it (:class:`Outcomes`).
        chance: the estimated chance to win the game alone, without the tie-break
            (``None``: not counted apart, :attr:`win_chance` is then ``value``).
    """

    action: Action
    value: float
    points: float
    tricks: float
    outcomes: Outcomes = field(default_factory=Outcomes)
    chance: float | None = None

    @property
    def win_chance(self) -> float:
        """The chance to win the game that a player is shown: :attr:`chance`, which is
        exactly 0 where every sample loses the game (``value`` is not, by the
        tie-break), or ``value`` where it was not counted apart."""
        return self.value if self.chance is None else self.chance


@dataclass(frozen=True, slots=True)
class Analysis:
    """The expert's view of a decision: the chosen option first, then the others by
    value, and why.

    ``extra`` holds ``edge`` and ``noise`` when the chosen option is the natural move
    (the intermediate bot's) although another one averaged more: by ``edge``, which is
    within ``margin`` times ``noise`` (its standard error) of nothing. It holds
    ``lead`` and ``lead_noise`` instead when the chosen option averaged more than the
    next best by no more than one standard error of their paired difference: a close
    call, which the reason says is one. ``models`` names
    the model each seat was read and searched with (``"intermediate"`` or
    ``"beginner"``, :class:`~cutthroat.bots.opponents.SeatModels`). ``trump`` is the
    decision's trump suit (``None`` before trump is made), by which a keep's cards are
    written in the order its seat's hand is shown."""

    seat: int
    phase: Phase
    options: tuple[Option, ...]
    samples: int
    reason: str = ""
    extra: dict[str, float] = field(default_factory=dict)
    models: tuple[str, ...] = ()
    trump: Suit | None = None

    @property
    def best(self) -> Action:
        """The chosen action."""
        return self.options[0].action

    def __str__(self) -> str:
        """The analysis as ``cutthroat hint`` prints it: the choice and why, then each
        option's chance to win the game, points and tricks."""
        from .hints import hint_lines

        return "\n".join(hint_lines(self))
