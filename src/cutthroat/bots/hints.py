"""Hints: the expert's advice for a seat, with every option's value and a reason.

One function serves every front end (``cutthroat hint``, the terminal table, the
browser): give it the view of the seat to act, and with ``earlier`` what the seat saw of
the game's hands before (:func:`earlier_views`), so the others are read as the players
they have shown themselves to be.

>>> from cutthroat import Hand
>>> hand = Hand.deal(seed=2)
>>> advice = hint(hand.view(hand.to_act), samples=4)
>>> str(advice.best) in ("pass", "order"), bool(advice.reason)
(True, True)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from ..actions import Action, Verb
from ..checks import as_seed
from ..errors import IllegalActionError
from ..game import Game, require_game
from ..move_words import DEFENDER_BUTTONS, move_words, said_move
from ..render import describe_phase, describe_seat
from ..scoring import HandResult, game_outcome
from ..state import Phase
from ..views import View
from .base import require_view
from .expert import Analysis, ExpertBot, Outcomes
from .reasons import whole_percent
from .sampling import same_hand

__all__ = ["earlier_views", "hint", "hint_json", "hint_lines", "hint_seed", "views_before"]


def hint_seed(view: View) -> int:
    """The seed a hint on ``view`` samples with by default: read from the view alone
    (the seat, its cards and own discards, the up-card, the moves as it saw them, the
    scores), so every front end gives the same advice at the same decision, and
    ``cutthroat review`` of the game's record finds the same analysis again, with no
    seed to carry. Nothing hidden from the seat goes into it."""
    text = "|".join((
        str(view.seat), str(view.dealer), str(view.upcard),
        " ".join(map(str, view.cards)), " ".join(map(str, view.buried)), str(view.discard),
        ";".join(view.moves), str(view.scores), str(sorted(view.rules.to_json().items())),
    ))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def earlier_views(game: Game, seat: int, before: View | None = None) -> list[View]:
    """What ``seat`` saw of each finished hand of ``game``, each at its end with the
    scores before it: the ``earlier`` of :func:`hint`. With ``before`` (a view of this
    game), only the hands before the one it belongs to. Nothing hidden from the seat is
    in them.

    >>> from cutthroat import Game
    >>> from cutthroat.bots import play_game
    >>> from cutthroat.bots.heuristic import BeginnerBot
    >>> game = play_game(Game(seed=3), [BeginnerBot(seed=s) for s in range(3)])
    >>> views = earlier_views(game, 0)
    >>> len(views) == len(game.hands), views[1].scores == game.hands[0].result.points
    (True, True)
    """
    views: list[View] = []
    require_game(game, "earlier_views takes a Game")
    results: list[HandResult] = []
    for hand in game.hands:
        scores = game_outcome(game.rules, results).scores
        # A hand is known by what is fixed when it is dealt (not by its moves, which
        # may be changing while a front end's worker reads them).
        if before is not None and (before.dealer, before.upcard, before.scores) == (
                hand.dealer, hand.upcard, scores):
            return views
        result = hand.result
        if result is None:
            break
        views.append(hand.view(seat, scores=scores))
        results.append(result)
    if before is not None:
        raise ValueError("the view is not of a hand of this game")
    return views


def views_before(game: Game, view: View) -> list[View]:
    """:func:`earlier_views` of ``view``'s seat before ``view``'s hand, or none when the
    view is of another game (a coach's word still being worked out when the table had
    moved on to the next game): what a front end gives :func:`hint` as ``earlier``."""
    try:
        return earlier_views(game, view.seat, before=view)
    except ValueError:
        return []


def hint(view: View, *, seed: int | None = None, samples: int | None = None,
         also: Sequence[Action | str] = (), earlier: Sequence[View] = ()) -> Analysis:
    """The expert's analysis of ``view``'s decision (its seat must be the one to act).

    ``samples`` sets the deals sampled per option (default: the expert's own budget);
    ``seed`` the sampling's seed (default :func:`hint_seed`, from the view); ``also``
    options to value beside those the expert tries (a player's own keep of five, which
    may be none of them: the review and the coach value it on the same samples).
    ``earlier`` is what the seat saw of the game's hands before this one
    (:func:`earlier_views`): the expert judges from them how each other player decides,
    as it does in its own games (:class:`~cutthroat.bots.opponents.SeatModels`), and
    reads a player who has played like a beginner as one. Without it every other seat
    is read as the intermediate bot. The analysis's ``models`` says which was used.

    ``view`` is a seat's :class:`View` (``game.view(game.hand.to_act)``), never a
    :class:`~cutthroat.Hand` or a :class:`~cutthroat.Game`, which show every card: a
    ``TypeError`` says so.
    """
    require_view(view, "hint")
    options: dict[str, Any] = {}
    if samples is not None:
        said = f"samples is a whole number of deals, at least 1, not {samples!r}"
        if isinstance(samples, bool) or not isinstance(samples, int):
            raise TypeError(said)
        if samples < 1:
            raise ValueError(said)
        options = {"play_samples": samples, "bid_samples": samples,
                   "bid_samples_max": samples}
    expert = ExpertBot(seed=hint_seed(view) if seed is None else as_seed(seed), **options)
    also = _also(view, also)
    for before in earlier:
        require_view(before, "hint's earlier")
        if before.seat != view.seat or same_hand(before, view):
            raise ValueError("earlier views must be the same seat's views of hands "
                             "before this one")
        expert.seat_models.observe(before)
    return expert.analyse(view, also)


def _also(view: View, also: Sequence[Action | str]) -> tuple[Action, ...]:
    """``also`` of :func:`hint` as actions, each a legal move of ``view`` (its text is
    read as :meth:`Action.parse` reads it): anything else is refused, not left out."""
    if isinstance(also, str | Action):
        raise TypeError("also is a sequence of moves, e.g. [Action.parse('pass')], not "
                        "one move")
    moves = tuple(a if isinstance(a, Action) else Action.parse(a) for a in also)
    legal = view.legal_actions()
    for move in moves:
        if move not in legal:
            raise IllegalActionError(f"also: {move} is not a legal move for seat "
                                     f"{view.seat} now", seat=view.seat)
    return moves


def hint_json(analysis: Analysis) -> dict[str, Any]:
    """An analysis as a JSON-ready object (for programs and the browser). A decision
    with one legal move is not valued (``samples`` 0): its option's figures are
    ``null``, not a chance of 0."""
    valued = analysis.samples > 0
    return {
        "seat": analysis.seat,
        "phase": analysis.phase.name.lower(),
        "choice": str(analysis.best),
        "reason": analysis.reason,
        "samples": analysis.samples,
        "models": list(analysis.models),
        "options": [
            {"action": str(o.action),
             "win_chance": round(min(max(o.win_chance, 0.0), 1.0), 4) + 0.0 if valued else None,
             "points": round(o.points, 3) if valued else None,
             "tricks": round(o.tricks, 3) if valued else None,
             "outcomes": o.outcomes.to_json() if valued else None}
            for o in analysis.options
        ],
    }


def hint_lines(analysis: Analysis, players: Sequence[str] = ("Seat 0", "Seat 1", "Seat 2"),
               view: View | None = None) -> list[str]:
    """An analysis as lines for people: who is to act, the choice and why, then each
    option's chance to win the game, points and tricks (``cutthroat hint``, the
    terminal game). The moves are written as a record writes them (``call S``), which
    the line game takes as input; with the ``view`` analysed, as a player says them
    (``call spades``, :func:`~cutthroat.move_words.said_move`), for a table whose
    buttons say so. A keep's five cards are written in the order the hand is shown
    (by suit, trumps last), as its reason writes them; a keep takes them in any order."""
    def named(action: Action) -> str:
        if view is None:
            if action.verb is Verb.KEEP:  # its cards in the hand's order, as said_move's
                return move_words(action, trump=None if analysis.trump is None
                                  else int(analysis.trump))
            return str(action)
        if view.phase is Phase.DEFENDER_CHOICE and action.verb in DEFENDER_BUTTONS:
            # as its button says it (R13): "not defend alone" beside a "don't defend
            # alone" button read as another move
            return DEFENDER_BUTTONS[action.verb]
        return said_move(view, action)

    phase = describe_phase(analysis.phase)
    lines = [f"{describe_seat(analysis.seat, players)} to act: {phase}",
             f"Hint: {named(analysis.best)} - {analysis.reason}"]
    read = [f"{describe_seat(seat, players)} as a {model}"
            for seat, model in enumerate(analysis.models)
            if seat != analysis.seat and model != "intermediate"]
    if read:
        lines.append(f"Reading {' and '.join(read)}, from how they have played this game "
                     "(the expert guesses their cards, and their next moves, as a bot of "
                     "that level would play them).")
    if analysis.samples:
        lines.append(f"Options ({analysis.samples} sampled deals each):")
        for option in analysis.options:
            chance = min(max(option.win_chance, 0.0), 1.0)
            lines.append(f"  {named(option.action):<24} win {chance:6.1%}   "
                         f"points {option.points:+.2f}   side tricks {option.tricks:.2f}"
                         f"{_ending(option.outcomes)}")
        lines.append(_key(analysis))
    return lines


def _key(analysis: Analysis) -> str:
    """The line under the options that says what their figures are: the last one says
    how the hand ended, which is the maker's record for an option that makes this seat
    the maker and the defence's for one where it defends."""
    parts = ["win = your chance to win the game", "points = what you score this hand",
             "side tricks = your side's tricks (the defenders' together when you defend)"]
    shown = (_ending(o.outcomes) for o in analysis.options)
    endings = {ending.split()[0] for ending in shown if ending}
    if "made" in endings:
        parts.append("made = how often you make it as the maker")
    if "maker" in endings:
        parts.append("maker euchred = how often the maker is euchred")
    return "Key: " + "; ".join(parts) + ". All are averages over the deals sampled."


def _ending(outcomes: Outcomes) -> str:
    """How hands went after an option, in a few words: made and euchred as the maker,
    the maker euchred as a defender."""
    if outcomes.as_maker >= 0.5:
        return f"   made {whole_percent(outcomes.make_rate)}%"
    if outcomes.defending >= 0.5:
        return f"   maker euchred {whole_percent(outcomes.defence_rate)}%"
    return ""
