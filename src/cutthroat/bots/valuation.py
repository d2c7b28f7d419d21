"""Valuing a hand's points in game terms: each seat's chance to win the game.

Points are not all worth the same: two points that put an opponent on the target lose
the game, while a point for oneself at 9 wins it. Bots therefore value the outcome of a
hand by :func:`win_chances` of the scores it leads to.

The estimate is exact once the game is decided (R22). Before that it is the solution of
the game as a Markov chain over (scores, dealer): from every position the next hand
ends in one of a few ways (a seat, counted from the dealer, makes 1 point, marches,
is euchred, or loses to a lone defender) with the frequencies measured in games of
intermediate bots for the points each seat still needs
(:mod:`cutthroat.bots.valuation_table`, overall :data:`HAND_OUTCOMES`), the points each
way scores are those of the rules in force (march points, the target, the tie rule),
and the deal passes to the left. So the estimate knows what a fitted curve cannot: that at
9–9–9 the player who bids first next hand is the favourite, and that in a game played
on after a tie the race is not over.

With a ``hero`` (the expert bot's option ``aware``) one seat's hands end as measured in
games of the expert against two intermediate bots
(:mod:`cutthroat.bots.valuation_self`; by its position from the dealer, each outcome's
frequency scaled by how much more or less often it happens then): the expert makes
trump less often than an intermediate but is euchred far less, and the opponent on its
left is the one who suffers, so the chain values a point by the race as it is run
between those players.

>>> from cutthroat import Rules
>>> [round(p, 2) for p in win_chances((0, 0, 0), Rules())]
[0.33, 0.33, 0.33]
>>> win_chances((10, 4, 3), Rules())[0]
1.0
>>> nine = win_chances((9, 9, 9), Rules(), dealer=2)  # seat 0 bids first
>>> [round(p, 2) for p in nine]
[0.44, 0.27, 0.29]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..rules import Rules
from .valuation_self import SELF
from .valuation_table import BY_NEED, OUTCOMES, OVERALL

__all__ = ["HAND_OUTCOMES", "TIE_BREAK", "hand_chance", "hand_value", "hand_worth",
           "need_bucket", "win_chances"]

HAND_OUTCOMES: tuple[tuple[int, str, float], ...] = tuple(
    (offset, kind, freq) for (offset, kind), freq in zip(OUTCOMES, OVERALL, strict=True))
"""How a hand ends, overall: (maker counted clockwise from the dealer, how, frequency),
measured on hands of three intermediate bots from positions of real games (standard
rules; :mod:`cutthroat.bots.valuation_table`): ``make`` 3-4 tricks, ``march`` all
five, ``euchre`` the defenders' 2 points each, ``lone`` a lone defender's march (4
points each). Near the end of a game the frequencies change (a player one point from
the target bids on less), so the chain uses them by how many points each seat still
needs (``BY_NEED``)."""

_LONGEST = 25
"""Games to a higher target are valued as games to this one, with the scores scaled
(the table grows with the cube of the target)."""

_CAP = 12
"""Scores more than this above the target are not followed further (a game played on
after ties that long is treated as won by the leaders)."""


def win_chances(scores: Sequence[int], rules: Rules, dealer: int | None = None, *,
                hero: int | None = None) -> tuple[float, float, float]:
    """Each seat's chance to win the game from these scores.

    Args:
        scores: the three seats' points.
        rules: the rules (target, tie rule and points per outcome matter).
        dealer: the dealer of the next hand, if known; otherwise the average over the
            three possible dealers.
        hero: a seat played by the expert bot, the other two by intermediate bots: the
            hands then end as measured in such games (``SELF`` of
            :mod:`cutthroat.bots.valuation_self`), not as between equals.
    """
    if hero is not None and hero != 0:  # the chain is kept with the hero in seat 0
        turned = win_chances((scores[hero], scores[(hero + 1) % 3], scores[(hero + 2) % 3]),
                             rules, None if dealer is None else (dealer - hero) % 3, hero=0)
        return (turned[(0 - hero) % 3], turned[(1 - hero) % 3], turned[(2 - hero) % 3])
    target = rules.target
    key = (scores[0], scores[1], scores[2])
    if target > _LONGEST:  # a long game is valued as a game to _LONGEST, scaled
        key = (_scaled(key[0], target), _scaled(key[1], target), _scaled(key[2], target))
        target = _LONGEST
    table = _table(target, rules.tie, rules.march_points, hero is not None)
    if dealer is not None:
        return table(key, dealer)
    rows = [table(key, d) for d in range(3)]
    return (sum(r[0] for r in rows) / 3, sum(r[1] for r in rows) / 3,
            sum(r[2] for r in rows) / 3)


def _scaled(score: int, target: int) -> int:
    """A score in a game to ``target`` as the score the same way to ``_LONGEST``; a
    score on or over the target stays on or over it."""
    if score >= target:
        return _LONGEST + score - target
    return min(round(score * _LONGEST / target), _LONGEST - 1)


def _decided(scores: tuple[int, int, int], target: int,
             tie: str) -> tuple[float, float, float] | None:
    """The final shares if the game is over at these scores (R22), else ``None``."""
    top = max(scores)
    if top < target:
        return None
    leaders = [s for s in range(3) if scores[s] == top]
    if len(leaders) > 1 and tie == "play_on" and top < target + _CAP:
        return None
    share = 1.0 / len(leaders)
    return (share if 0 in leaders else 0.0, share if 1 in leaders else 0.0,
            share if 2 in leaders else 0.0)


_Chances = tuple[float, float, float]
_Table = Callable[[tuple[int, int, int], int], _Chances]


def need_bucket(need: int) -> int:
    """The bucket of ``BY_NEED`` (:mod:`cutthroat.bots.valuation_table`) for a seat that
    still needs ``need`` points: 0 one point, 1 two, 2 three or four, 3 five or more."""
    return 0 if need <= 1 else 1 if need <= 2 else 2 if need <= 4 else 3


_Step = tuple[tuple[int, int, int], float]


def _steps(freqs: tuple[float, ...], march: int) -> list[_Step]:
    """The hand's possible gains (counted from the dealer) and their probabilities."""
    points = {"make": 1, "march": march, "euchre": 2, "lone": 4}
    total = sum(freqs)
    steps: list[_Step] = []
    for (offset, kind), freq in zip(OUTCOMES, freqs, strict=True):
        if freq <= 0.0:
            continue
        if kind in ("euchre", "lone"):
            gain = [0 if k == offset else points[kind] for k in range(3)]
        else:
            gain = [points[kind] if k == offset else 0 for k in range(3)]
        steps.append(((gain[0], gain[1], gain[2]), freq / total))
    return steps


def _tilted(freqs: Sequence[float], offset: int) -> tuple[float, ...]:
    """``freqs`` as they change when the expert sits ``offset`` seats from the dealer:
    each outcome scaled by how much more or less often it happens in its games."""
    measured = SELF[offset]
    return tuple(f * (m / o if o > 0 else 1.0)
                 for f, m, o in zip(freqs, measured, OVERALL, strict=True))


@lru_cache(maxsize=16)
def _table(target: int, tie: str, march: int, hero: bool = False) -> _Table:
    """The chain's solution for one set of scoring rules, filled in lazily; with
    ``hero``, seat 0 is played by the expert (:func:`_tilted`)."""
    offsets = range(3) if hero else range(1)
    by_need = {(bucket, p): _steps(_tilted(freqs, p) if hero else freqs, march)
               for bucket, freqs in BY_NEED.items() for p in offsets}
    overalls = [_steps(_tilted(OVERALL, p) if hero else OVERALL, march) for p in offsets]
    memo: dict[tuple[tuple[int, int, int], int], _Chances] = {}

    def value(scores: tuple[int, int, int], dealer: int) -> _Chances:
        found = memo.get((scores, dealer))
        if found is not None:
            return found
        decided = _decided(scores, target, tie)
        if decided is not None:
            return decided
        rel = [scores[(dealer + k) % 3] for k in range(3)]
        bucket = (need_bucket(target - rel[0]), need_bucket(target - rel[1]),
                  need_bucket(target - rel[2]))
        acc = [0.0, 0.0, 0.0]
        offset = (0 - dealer) % 3 if hero else 0
        for gain, freq in by_need.get((bucket, offset), overalls[offset]):
            after = [0, 0, 0]
            for k in range(3):
                after[(dealer + k) % 3] = rel[k] + gain[k]
            nxt = value((after[0], after[1], after[2]), (dealer + 1) % 3)
            for seat in range(3):
                acc[seat] += freq * nxt[seat]
        result = (acc[0], acc[1], acc[2])
        memo[(scores, dealer)] = result
        return result

    return value


TIE_BREAK = 0.001
"""The weight of a seat's own points above the mean in :func:`hand_value`: enough to
part two options of the same chance to win, too little to outweigh any difference in
it. Never part of a chance shown to a player (:func:`hand_chance`)."""


def hand_chance(seat: int, points: Sequence[int], scores: Sequence[int] | None,
                rules: Rules, dealer: int | None = None, *, hero: bool = False) -> float:
    """The chance of ``seat`` to win the game after scoring ``points`` this hand from
    ``scores`` (the next hand dealt by the left of ``dealer``, this hand's dealer, when
    given; with ``hero``, ``seat`` is the expert among intermediates, see
    :func:`win_chances`): exactly 0 or 1 once the game is decided."""
    before = scores if scores is not None else (0, 0, 0)
    after = [before[s] + points[s] for s in range(3)]
    nxt = None if dealer is None else (dealer + 1) % 3
    return win_chances(after, rules, nxt, hero=seat if hero else None)[seat]


def hand_worth(seat: int, points: Sequence[int], scores: Sequence[int] | None,
               rules: Rules, dealer: int | None = None, *,
               hero: bool = False) -> tuple[float, float]:
    """(:func:`hand_value`, :func:`hand_chance`) of scoring ``points``: what the expert
    ranks an option by, and the chance to win shown to a player."""
    chance = hand_chance(seat, points, scores, rules, dealer, hero=hero)
    return chance + TIE_BREAK * (points[seat] - sum(points) / 3), chance


def hand_value(seat: int, points: Sequence[int], scores: Sequence[int] | None,
               rules: Rules, dealer: int | None = None, *, hero: bool = False) -> float:
    """The value for ``seat`` of scoring ``points`` this hand from ``scores``, which the
    expert maximizes: its chance to win afterwards (:func:`hand_chance`) plus a small
    tie-break for its own points (:data:`TIE_BREAK`)."""
    return hand_worth(seat, points, scores, rules, dealer, hero=hero)[0]
