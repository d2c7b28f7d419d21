"""Trick play searched against a model of the other players.

The exact solver (:mod:`cutthroat.bots.solver`) answers "what is the best result
against the best defence?". At the table the others are not perfect: they cannot see
the cards, and a defender's partner does not always do what the solver would have him
do. When the others' play is known as a policy (the expert's model of them is the
intermediate bot), a sampled deal can instead be searched as a one-player game: at this
seat's turns every legal card is tried, at the others' turns the policy plays, and the
best line's result is valued in game terms (:func:`~cutthroat.bots.valuation.hand_value`).

The search cuts off as soon as a card reaches the best value that the tricks still to
play allow, so it usually looks at a small part of the tree (a whole hand from the first
card takes a few milliseconds).
"""

from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..scoring import score_hand
from ..state import Hand
from .valuation import hand_worth

__all__ = ["LineValue", "ModelSearch", "Policy", "hand_points", "side_tricks"]


class Policy(Protocol):
    """What the search needs of a model of a player: its choice for a seat of a hand,
    as it would choose on that seat's view (``IntermediateBot.choose_in``)."""

    def choose_in(self, hand: Hand, seat: int,
                  scores: tuple[int, int, int] | None = None) -> Action:
        """The model's action for ``seat`` in ``hand``, shown ``scores``."""
        ...


def hand_points(hand: Hand, maker_tricks: int) -> tuple[int, int, int]:
    """The points of a hand in play if its maker ends with ``maker_tricks`` tricks."""
    maker = hand.maker
    assert maker is not None
    tricks = [0, 0, 0]
    tricks[maker] = maker_tricks
    lone = hand.sitting_out
    defender = (maker + 1) % 3 if lone is None else 3 - maker - lone
    tricks[defender] = 5 - maker_tricks
    return score_hand(hand.rules, maker=maker, maker_alone=maker in hand.alone,
                      defender_alone=None if lone is None else defender, tricks=tricks)


def side_tricks(me: int, maker: int, maker_tricks: int) -> float:
    """The tricks of ``me``'s side (maker or defenders) when the maker took these."""
    return float(maker_tricks if me == maker else 5 - maker_tricks)


LineValue = tuple[float, float, float, float]
"""(value in game terms, this seat's points, this seat's side's tricks) of a line."""


class ModelSearch:
    """The best result ``me`` can reach in hands in play, the others played by ``policy``.

    One instance serves every position of one hand in play (maker, lone players, scores
    and dealer fixed): the value of each final trick count is computed once.

    Args:
        me: the searching seat.
        policy: the model of the other seats, shown ``scores``.
        scores: the game's scores before this hand (``None`` outside a game).
        hand: any position of the hand (for the maker, who is alone, and the rules).
        hero: value outcomes knowing that ``me`` is the expert (see
            :func:`~cutthroat.bots.valuation.win_chances`).
    """

    def __init__(self, me: int, policy: Policy, scores: tuple[int, int, int] | None,
                 hand: Hand, *, hero: bool = False) -> None:
        maker = hand.maker
        if maker is None:
            raise ValueError("the hand has no maker yet")
        self.me = me
        self.policy = policy
        self.scores = scores
        self._maker = maker
        self._ends: dict[int, LineValue] = {}
        self._hand = hand
        self._hero = hero

    def end(self, maker_tricks: int) -> LineValue:
        """The line value of the hand ending with ``maker_tricks`` to the maker."""
        known = self._ends.get(maker_tricks)
        if known is None:
            hand, me = self._hand, self.me
            points = hand_points(hand, maker_tricks)
            value, chance = hand_worth(me, points, self.scores, hand.rules, hand.dealer,
                                       hero=self._hero)
            known = self._ends[maker_tricks] = (
                value, float(points[me]), side_tricks(me, self._maker, maker_tricks), chance)
        return known

    def best(self, hand: Hand) -> LineValue:
        """The best line from ``hand`` (which is changed: pass a copy)."""
        me, policy, scores = self.me, self.policy, self.scores
        while not hand.is_over and hand.to_act != me:
            seat = hand.to_act
            assert seat is not None
            hand.push(policy.choose_in(hand, seat, scores), seat)
        won = hand.tricks_won
        made = won[self._maker]
        if hand.is_over:
            return self.end(made)
        ceiling = max(self.end(k)[0] for k in range(made, made + 6 - sum(won)))
        best: LineValue | None = None
        for action in hand.legal_actions():
            after = hand.copy()
            after.push(action, me)
            line = self.best(after)
            if best is None or line[0] > best[0]:
                best = line
                if line[0] >= ceiling - 1e-12:
                    break
        assert best is not None
        return best

    def options(self, hand: Hand) -> dict[int, LineValue]:
        """The best line after each legal card of ``me`` (to act in ``hand``), by card id."""
        if hand.to_act != self.me:
            raise ValueError(f"seat {self.me} is not to act")
        out: dict[int, LineValue] = {}
        for action in hand.legal_actions():
            assert action.card is not None
            after = hand.copy()
            after.push(action, self.me)
            out[action.card.id] = self.best(after)
        return out
