"""A game: hands dealt in turn to the target score (R4, R22).

>>> from cutthroat import Game
>>> game = Game(seed=42)
>>> hand = game.deal()
>>> hand.dealer == game.first_dealer
True
>>> game.scores, game.is_over
((0, 0, 0), False)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from .actions import Action, Move
from .deal import Deal
from .errors import GameOverError, HandNotOverError, NoHandError, NothingToUndoError
from .rules import Rules, rules_or_standard
from .scoring import NO_POINTS, GameOutcome, HandResult, add_hand
from .state import Hand, as_seat, as_seed, check_rng
from .views import View, public_view_json

__all__ = ["Game", "require_game"]


class Game:
    """A game of cutthroat euchre: a sequence of hands until someone wins (R22).

    Randomness is injected: pass ``seed`` or ``rng`` (a ``random.Random``); the same
    seed deals the same game. The first dealer is drawn from it (R4) unless given.

    Args:
        rules: the rules (default: the ``standard`` preset).
        seed: an integer (a NumPy one too) that seeds a new ``random.Random`` when
            ``rng`` is not given; ``None``, the default, means seed 0. Anything else (a
            float, text, a bool, a ``random.Random``, which goes in ``rng``) is a
            ``TypeError``.
        rng: the random source for the first dealer and every random deal (a
            ``random.Random``; giving a ``seed`` as well is a ``ValueError``).
        players: three names (default ``Seat 0``, ``Seat 1``, ``Seat 2``).
        first_dealer: the first dealer, instead of drawing one.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        players: Sequence[str] | None = None,
        first_dealer: int | None = None,
    ) -> None:
        self.rules = rules_or_standard(rules)
        check_rng(rng)
        if seed is not None and rng is not None:
            raise ValueError("give a seed or an rng, not both")
        seed = as_seed(seed)
        self.rng = rng if rng is not None else random.Random(seed)
        if players is None:
            players = ("Seat 0", "Seat 1", "Seat 2")
        if (isinstance(players, str) or len(players) != 3
                or not all(isinstance(p, str) for p in players)):
            raise ValueError("players must be three names")
        self.players: tuple[str, str, str] = (players[0], players[1], players[2])
        if first_dealer is None:
            first_dealer = self.rng.randrange(3)
        else:
            first_dealer = as_seat(first_dealer, "first_dealer must be")
        self.first_dealer = first_dealer
        self.hands: list[Hand] = []
        self._rng_before: list[tuple[Any, ...] | None] = []
        """For each hand, the random source's state before it was dealt (``None`` when
        its cards were given), for :meth:`undeal`."""
        self._kept: tuple[tuple[int, int], GameOutcome] | None = None
        """The scoreboard after the sealed hands, with the count and the identity of
        the last of them it was made for (:meth:`_sealed_outcome`)."""

    # --- the scoreboard ------------------------------------------------------------

    @property
    def results(self) -> list[HandResult]:
        """The results of the finished hands, in order."""
        return [h.result for h in self.hands if h.result is not None]

    @property
    def outcome(self) -> GameOutcome:
        """Scores, whether the game is over, and the winners (R22)."""
        last = self.hand
        before = self._sealed_outcome()
        if last is None or last.result is None:
            return before
        return add_hand(self.rules, before, last.result)

    def _sealed_outcome(self) -> GameOutcome:
        """The scoreboard after every hand but the last. Those hands are sealed (:meth:`deal`
        seals a hand when it deals the next; only :meth:`undeal` opens it again), so it is
        kept, and grows by a hand when one is dealt: the scores of a game of many hands
        cost the same at each hand, where adding them all up again made replaying a
        record of N hands take time of the order of N²."""
        count = len(self.hands) - 1
        if count <= 0:
            return NO_POINTS
        key = (count, id(self.hands[count - 1]))
        kept: tuple[tuple[int, int], GameOutcome] | None = getattr(
            self, "_kept", None)  # None too in a game pickled before it was kept
        if kept is not None and kept[0] == key:
            return kept[1]
        if kept is not None and count >= 2 and kept[0] == (count - 1, id(self.hands[count - 2])):
            outcome = kept[1]  # one hand sealed since
            start = count - 1
        else:
            outcome, start = NO_POINTS, 0
        for hand in self.hands[start:count]:
            if hand.result is not None:
                outcome = add_hand(self.rules, outcome, hand.result)
        self._kept = (key, outcome)
        return outcome

    @property
    def scores(self) -> tuple[int, int, int]:
        """Total points per seat."""
        return self.outcome.scores

    @property
    def is_over(self) -> bool:
        """True once the game has ended (R22)."""
        return self.outcome.over

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (several only under ``tie="share"``)."""
        return self.outcome.winners

    @property
    def hand(self) -> Hand | None:
        """The hand being played (or the last one), ``None`` before the first deal."""
        return self.hands[-1] if self.hands else None

    @property
    def next_dealer(self) -> int:
        """The dealer of the next hand (R4: the deal passes to the left)."""
        if not self.hands:
            return self.first_dealer
        return (self.hands[-1].dealer + 1) % 3

    @property
    def to_act(self) -> int | None:
        """The seat to act in the current hand, if any."""
        hand = self.hand
        return None if hand is None else hand.to_act

    def legal_actions(self) -> list[Action]:
        """Every legal action for the seat to act in the current hand
        (:meth:`Hand.legal_actions`); none when no hand is in play (none dealt yet, the
        last one over, or the game over).

        >>> game = Game(seed=1)
        >>> game.legal_actions()
        []
        >>> _ = game.deal()
        >>> [str(action) for action in game.legal_actions()]
        ['pass', 'order']
        """
        hand = self.hand
        return [] if hand is None or hand.is_over else hand.legal_actions()

    def is_legal(self, action: Action | Move | str | int) -> bool:
        """Whether :meth:`push` would take this action now (:meth:`Hand.is_legal`): an
        :class:`Action`, a :class:`Move`, text (``"1 order"``) or an action id. Never
        when no hand is in play, as :meth:`legal_actions` is then empty.

        >>> game = Game(seed=1)
        >>> game.is_legal("pass")
        False
        >>> _ = game.deal()
        >>> game.is_legal("1 order"), game.is_legal("0 order"), game.is_legal("play JH")
        (True, False, False)
        """
        return self.hand is not None and self.hand.is_legal(action)

    @property
    def needs_deal(self) -> bool:
        """True when the game goes on and the last hand (if any) is over: a property,
        as :attr:`is_over` is.

        >>> game = Game(seed=1)
        >>> game.needs_deal, game.deal() is game.hand, game.needs_deal
        (True, True, False)
        """
        return not self.is_over and (self.hand is None or self.hand.is_over)

    # --- playing -------------------------------------------------------------------

    def deal(self, cards: Deal | None = None) -> Hand:
        """Deal the next hand: the given cards, or a random deal from the game's RNG."""
        if self.is_over:
            raise GameOverError("the game is over")
        if self.hand is not None and not self.hand.is_over:
            raise HandNotOverError("the current hand is not finished: play it out, then "
                                   "deal the next")
        before = None
        if cards is None:
            before = self.rng.getstate()
            hand = Hand.deal(self.rules, dealer=self.next_dealer, rng=self.rng)
        else:
            hand = Hand(self.rules, cards, self.next_dealer)
        if self.hand is not None:
            self.hand.seal()  # its result is in the scores from now on
        self.hands.append(hand)
        self._rng_before.append(before)
        return hand

    def undeal(self) -> Hand:
        """Take back the last hand dealt, before any move of it (a deal that could not
        be saved, say): the hand before it is open again, and the random source is as it
        was before the deal, so the next :meth:`deal` deals the same cards again (the
        same seed, the same game). Returns the hand taken back."""
        hand = self.hand
        if hand is None:
            raise NoHandError("no hand has been dealt")
        if hand.moves:
            raise GameOverError("only a hand dealt with no move made yet can be taken back")
        self.hands.pop()
        if self.hands:
            self.hands[-1]._sealed = False  # its moves may be taken back and played again
        self._kept = None  # so the scoreboard kept for the sealed hands is no longer sure
        before = self._rng_before.pop()
        if before is not None:
            self.rng.setstate(before)
        return hand

    def copy(self) -> Game:
        """An independent copy: its own hands (the finished ones still closed for
        undo, as here) and its own random source, in the same state, so it deals the
        same next hands as this game would. ``copy.copy`` and ``copy.deepcopy`` give
        the same."""
        return copy.deepcopy(self)

    def __copy__(self) -> Game:
        return self.copy()

    def push(self, action: Action | Move | str | int, seat: int | None = None) -> Move:
        """Apply an action in the current hand: an :class:`Action`, a :class:`Move`,
        text or an integer action id (see :meth:`Hand.push`). Raises
        :class:`~cutthroat.errors.NoHandError` when no hand is in play (none dealt yet,
        or the last one is over: :meth:`deal` the next), :class:`GameOverError` when
        the game is over."""
        hand = self.hand
        if hand is None or hand.is_over:
            if self.is_over:
                raise GameOverError("the game is over")
            raise NoHandError("no hand is in play: deal first")
        return hand.push(action, seat)

    def pop(self) -> Move:
        """Undo the last action of the current hand."""
        if self.hand is None:
            raise NothingToUndoError("no action to undo: no hand has been dealt")
        return self.hand.pop()

    def view(self, seat: int) -> View:
        """What ``seat`` may see of the current (or last) hand, with the scores before
        it; :class:`~cutthroat.errors.NoHandError` before the first deal."""
        hand = self._current()
        return hand.view(seat, scores=self._scores_before())

    def public_view(self) -> dict[str, Any]:
        """What somebody watching, in no seat, may see of the current hand, with the
        scores before it (:func:`~cutthroat.views.public_view_json`)."""
        hand = self._current()
        return public_view_json(hand, scores=self._scores_before())

    def _current(self) -> Hand:
        if self.hand is None:
            raise NoHandError("no hand has been dealt: deal first")
        return self.hand

    def _scores_before(self) -> tuple[int, int, int]:
        return self._sealed_outcome().scores

    def __repr__(self) -> str:
        state = "over" if self.is_over else "in play"
        count = len(self.hands)
        return (f"<Game {count} hand{'' if count == 1 else 's'}, scores {list(self.scores)}, "
                f"{state}>")

    def __str__(self) -> str:
        """The game so far as text: the rules, every hand with all its cards, the
        scores and the winner (what ``cutthroat replay`` prints)."""
        from .render import describe_game

        return describe_game(self)


def require_game(game: object, needs: str) -> None:
    """Refuse (``TypeError``) anything but a :class:`Game` where one is needed; ``needs``
    opens the message (``"play_game takes a Game"``), and a :class:`Hand` is told that
    it is part of a game.

    >>> require_game(Game().deal(), "dumps takes a Game")
    Traceback (most recent call last):
    TypeError: dumps takes a Game, not Hand: a hand is part of a game (Game.deal() deals one)
    """
    if not isinstance(game, Game):
        hint = (": a hand is part of a game (Game.deal() deals one)"
                if isinstance(game, Hand) else "")
        raise TypeError(f"{needs}, not {type(game).__name__}{hint}")
