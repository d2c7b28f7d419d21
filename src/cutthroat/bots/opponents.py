"""Which model explains each other player: the intermediate bot or the beginner.

The expert reads the others' cards from their bids and plays (:mod:`.inference`) and
searches its cards against their replies (:mod:`.model_search`), both through a model
of how they decide. Against the model it assumes, that reading is exact; against a
player who decides otherwise it misleads (a beginner orders on two trumps and a bower,
where the intermediate bot's bids say far more). :class:`SeatModels` is that model, seat
by seat: after every hand the expert saw, it replays each other seat's public decisions
(bids and cards) under each candidate model and counts the decisions the candidate
would have taken otherwise; a seat is then modelled by the candidate that has missed
the fewest in the game so far, the intermediate bot unless another one explains the
seat clearly better (by ``margin`` decisions) and well (it would have decided otherwise
in at most one decision in ten, :data:`FIT`: a random player keeps the default).

The cards a seat held are not all known at the end of a hand (a discard, the maker's
keep, a last card the expert did not see played): they are dealt consistently with
what the expert saw, several times, and each candidate is counted on the deal that
suits it best, so a candidate is never blamed for a card the expert could not see.

>>> from cutthroat import Game, Rules
>>> from cutthroat.bots import play_game
>>> from cutthroat.bots.heuristic import BeginnerBot
>>> from cutthroat.bots.expert import ExpertBot
>>> expert = ExpertBot(seed=1, play_samples=2, bid_samples=2)
>>> game = Game(Rules(target=5), seed=3)  # five hands are enough to tell
>>> game = play_game(game, [expert, BeginnerBot(seed=1), BeginnerBot(seed=2)])
>>> expert.seat_models.model_names()
('intermediate', 'beginner', 'beginner')
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ..actions import Action, Verb
from ..errors import CutthroatError
from ..state import Hand
from ..views import View
from .inference import INFORMATIVE
from .model_search import Policy
from .sampling import SamplingError, same_hand, sample_deal

__all__ = ["FIT", "JUDGED", "SeatModels"]

JUDGED = INFORMATIVE | {Verb.PLAY}
"""The public decisions by which a seat's model is judged (a discard or a keep is not
seen)."""
_JUDGED_WORDS = frozenset(verb.value for verb in JUDGED)
FIT = 0.1
"""A seat is modelled by a candidate other than the default only if that candidate
would have decided otherwise in at most this share of the seat's decisions: a player
whom no candidate explains (a random one) keeps the default."""


class SeatModels:
    """A model of each seat, chosen among ``candidates`` by how the seat has played.

    It is a :class:`~cutthroat.bots.model_search.Policy`: ``choose_in`` answers for a
    seat with that seat's model, so the expert's inference and searches use it as they
    would use one bot. The expert's own seat is always modelled by ``default``.

    Args:
        candidates: the models by name; the first is the default (the model until
            another one explains a seat better).
        margin: how many fewer decisions another candidate must have missed than the
            default, over the game, for a seat to be modelled by it (it must also have
            missed at most the share :data:`FIT` of the seat's decisions).
        samples: deals drawn per finished hand to fill in the cards the expert did not
            see.
        seed: seeds the draws (the expert's own generator is not touched, so its
            decisions are those of a fixed model for as long as no seat changes model).
    """

    def __init__(self, candidates: Mapping[str, Policy], *, margin: int = 2,
                 samples: int = 8, seed: int | None = 0) -> None:
        if not candidates:
            raise ValueError("at least one candidate model is needed")
        if margin < 0:
            raise ValueError(f"margin must be at least 0, not {margin!r}")
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples!r}")
        self.candidates = dict(candidates)
        self.default = next(iter(self.candidates))
        self.margin = margin
        self.samples = samples
        self._rng = random.Random(f"seat-models-{seed}")
        self._seat: int | None = None
        self._last: View | None = None
        self.misses: list[dict[str, int]] = [self._zeros() for _ in range(3)]
        """Per seat, the decisions each candidate would have taken otherwise, this game."""
        self.judged = [0, 0, 0]
        """Per seat, the decisions judged this game."""
        self._chosen = [self.default] * 3

    def _zeros(self) -> dict[str, int]:
        return {name: 0 for name in self.candidates}

    def model_names(self) -> tuple[str, str, str]:
        """The name of each seat's model now (the expert's own seat: the default)."""
        return (self._chosen[0], self._chosen[1], self._chosen[2])

    def choose_in(self, hand: Hand, seat: int,
                  scores: tuple[int, int, int] | None = None) -> Action:
        """What ``seat``'s model chooses in ``hand`` (shown ``scores``)."""
        return self.candidates[self._chosen[seat]].choose_in(hand, seat, scores)

    def observe(self, view: View) -> None:
        """Take in the expert's view of a decision: when it belongs to a new hand, the
        last view of the hand before is judged first; a new game (or seat) starts the
        counts again."""
        last, self._last = self._last, view
        if last is None or view.seat != self._seat or _new_game(last, view):
            self._seat = view.seat
            self.misses = [self._zeros() for _ in range(3)]
            self.judged = [0, 0, 0]
            self._chosen = [self.default] * 3
        elif not same_hand(last, view):
            self.judge(last)

    def judge(self, view: View) -> None:
        """Count, for each other seat, the decisions in ``view``'s log that each
        candidate would have taken otherwise (on the deal that suits it best), and
        choose each seat's model again."""
        others = [seat for seat in range(3) if seat != view.seat]
        drawn = (self._count(view, others) for _ in range(self.samples))
        counted = [counts for counts in drawn if counts is not None]
        if not counted:
            return
        moves = [text.split()[:2] for text in view.moves]  # seat and verb
        for seat in others:
            self.judged[seat] += sum(1 for who, verb in moves
                                     if who == str(seat) and verb in _JUDGED_WORDS)
            for name in self.candidates:
                self.misses[seat][name] += min(counts[seat][name] for counts in counted)
            self._chosen[seat] = self._choice(self.misses[seat], self.judged[seat])

    def _choice(self, misses: dict[str, int], judged: int) -> str:
        """The candidate that missed the fewest, if it beats the default by ``margin``
        and explains the seat well (missed at most one decision in ``1 / FIT``)."""
        name = min(misses, key=lambda n: (misses[n], n != self.default))
        if misses[self.default] - misses[name] >= self.margin and misses[name] <= FIT * judged:
            return name
        return self.default

    def _count(self, view: View, others: list[int]) -> dict[int, dict[str, int]] | None:
        """One deal consistent with ``view``, and on it each candidate's misses per seat;
        ``None`` if no such deal could be replayed."""
        try:
            sampled = sample_deal(view, self._rng)
        except SamplingError:
            return None
        counts = {seat: self._zeros() for seat in others}
        replay = Hand(sampled.rules, sampled.dealt, sampled.dealer, check=False)
        try:
            for move in sampled.moves:
                if move.seat in counts and move.action.verb in JUDGED:
                    for name, model in self.candidates.items():
                        if model.choose_in(replay, move.seat, view.scores) != move.action:
                            counts[move.seat][name] += 1
                replay.push(move)
        except CutthroatError:
            return None
        return counts


def _new_game(before: View, after: View) -> bool:
    """Whether ``after`` cannot come later in ``before``'s game (a score went down, or
    the rules changed)."""
    if before.rules != after.rules:
        return True
    if before.scores is None or after.scores is None:
        return False
    return any(a < b for a, b in zip(after.scores, before.scores, strict=True))
