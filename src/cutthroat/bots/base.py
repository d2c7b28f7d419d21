"""The bot interface, and a loop that lets bots play a whole game."""

from __future__ import annotations

import contextlib
import inspect
import sysconfig
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..actions import Action, Move
from ..errors import CutthroatError, IllegalActionError, NotYourTurnError
from ..game import Game, require_game
from ..state import Hand
from ..views import View
from .time_limit import Overtime, check_limit
from .time_limit import time_limit as within

__all__ = ["Bot", "BotError", "BotMoveError", "BotTimeoutError", "bot_choose", "bot_repr",
           "check_bots", "choose_explained", "play_game", "push_bot_move", "require_view"]


class BotError(CutthroatError):
    """A bot failed while choosing its move (its own exception is the cause): the
    message names the bot and its seat, and where in the bot's own code it failed.

    Attributes:
        seat: the bot's seat (``None`` when not known).
        bot: the bot's name (``None`` when not known).
    """

    def __init__(self, message: str, *, seat: int | None = None,
                 bot: str | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.bot = bot


class BotMoveError(BotError, IllegalActionError):
    """A bot chose a move the rules refuse (or something that is no move): the
    message names the bot, its seat and the engine's reason. Nothing was applied. A
    :class:`BotError` (the bot failed) and an :class:`IllegalActionError` (what it
    chose), so code that catches either catches it."""


class BotTimeoutError(BotError):
    """A bot took longer than its time limit to choose a move (``move_time_limit``
    of :func:`play_game`, ``cutthroat arena --move-time``): the message names the bot,
    its seat and the limit. No move was made."""


@runtime_checkable
class Bot(Protocol):
    """A player. It sees only its seat's :class:`~cutthroat.views.View` (never the
    hidden state) and returns one of the moves ``view.legal`` lists: its text
    (``"play JH"``) or the same move as an :class:`Action`
    (``view.legal_actions()``)."""

    name: str

    def choose(self, view: View) -> Action:
        """The action this bot takes, given what its seat may see (text is taken too)."""
        ...


def bot_repr(bot: object, seed: int | None, rng: object = None, **options: Any) -> str:
    """A built-in bot's ``repr``, as it could be made again: its class, its seed (its
    ``rng`` instead when it was given one) and the options that differ from its
    constructor's defaults, ``ExpertBot(seed=0, bid_samples=80)``."""
    try:
        params = inspect.signature(type(bot)).parameters
    except (TypeError, ValueError):  # pragma: no cover - a class without a signature
        params = {}  # type: ignore[assignment]
    shown = [f"rng={rng!r}" if rng is not None else f"seed={seed!r}"]
    for key, value in options.items():
        param = params.get(key)
        if (param is None or param.default != value
                or isinstance(value, bool) != isinstance(param.default, bool)):
            shown.append(f"{key}={value!r}")
    return f"{type(bot).__name__}({', '.join(shown)})"


def require_view(view: object, what: str) -> None:
    """Raise a ``TypeError`` unless ``view`` is a :class:`View`: ``what`` (a function's
    name) takes the seat's view, not the hand or the game (which show every card)."""
    if not isinstance(view, View):
        raise TypeError(f"{what} takes a seat's View, such as game.view(game.hand.to_act) "
                        f"or hand.view(hand.to_act), not {type(view).__name__!r}")


def require_turn(view: object, what: str) -> None:
    """:func:`require_view`, and the view's seat must be the one to act (a
    :class:`~cutthroat.errors.NotYourTurnError` otherwise: a bot has nothing to choose)."""
    require_view(view, what)
    assert isinstance(view, View)
    if view.to_act != view.seat or not view.legal:
        raise NotYourTurnError(f"seat {view.seat} has nothing to do: it is not to act",
                               seat=view.seat)


def choose_explained(bot: Bot, view: View) -> tuple[Action, str | None]:
    """The action ``bot`` chooses on ``view`` (exactly what :meth:`Bot.choose` returns)
    and, when the bot can say why, its reason in a sentence: the expert's analysis
    (:meth:`~cutthroat.bots.expert.ExpertBot.analyse`), a heuristic bot's
    ``choose_with_reason``; ``None`` for a bot that cannot (``random``). ``view`` is a
    seat's :class:`View` (a ``TypeError`` otherwise)."""
    require_view(view, "choose_explained")
    analyse = getattr(bot, "analyse", None)
    if callable(analyse):
        analysis = analyse(view)
        return analysis.best, analysis.reason or None
    with_reason = getattr(bot, "choose_with_reason", None)
    if callable(with_reason):
        action, reason = with_reason(view)
        return action, reason or None
    return bot.choose(view), None


def bot_choose(bot: Bot, view: View, time_limit: float | None = None
               ) -> Action | str | int:
    """What ``bot`` chooses on ``view`` (its seat's view): exactly what its ``choose``
    returns; an exception inside ``choose`` is a :class:`BotError` naming the bot and
    the seat, with the bot's own exception as its cause. So is a ``SystemExit`` (a bot
    that calls ``sys.exit()``), which would otherwise end the program without a word;
    Ctrl-C (``KeyboardInterrupt``) is the user's, and passes. With ``time_limit``
    (seconds), a bot that takes longer is a :class:`BotTimeoutError`: stopped when its
    time is up in a process's main thread, else refused once it answers
    (:mod:`cutthroat.bots.time_limit`)."""
    time_limit = check_limit(time_limit)  # (a wrong one is no failure of the bot's)
    try:
        if time_limit is None:  # (no context to enter, on the arena's every move)
            return bot.choose(view)
        with within(time_limit):
            return bot.choose(view)
    except Overtime:
        raise BotTimeoutError(f"the {_name(bot)!r} bot in seat {view.seat} took more than "
                              f"its {time_limit:g} s to choose a move",
                              seat=view.seat, bot=_name(bot)) from None
    except (Exception, SystemExit) as exc:
        raise BotError(f"the {_name(bot)!r} bot in seat {view.seat} failed to choose a "
                       f"move: {type(exc).__name__}: {exc}{_failed_at(exc)}",
                       seat=view.seat, bot=_name(bot)) from exc


_PYTHONS = tuple(sysconfig.get_paths()[key] for key in ("stdlib", "platstdlib"))
"""Where Python's own modules are."""
_INSTALLED = tuple(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
"""Where installed packages are (NumPy, say; a package of bots too)."""
_PACKAGE = str(Path(__file__).resolve().parent.parent)
"""This package's own modules (the engine a bot calls: ``Card.parse("ZZ")``)."""


def _failed_at(exc: BaseException) -> str:
    """Where a bot's exception was raised, for its message, `` (at mybots.py, line 12,
    in choose)`` (a path under the current folder given from it), ``""`` without one:
    the innermost line of the traceback in the bot's own code, not in a library it
    called (a bot's ``random.choice([])`` fails inside :mod:`random`, its
    ``rng.choice([])`` inside NumPy, its ``Card.parse("ZZ")`` inside this package; the
    line to mend is the bot's). Failing that, the innermost line outside Python's own
    modules and this package (a bot installed as a package), else the innermost.
    (In a tournament's worker process the traceback does not come back: this line does.)
    """
    frames = traceback.extract_tb(exc.__traceback__)[1:]  # not bot_choose's own line

    def outside(*places: str) -> list[traceback.FrameSummary]:
        return [f for f in frames if Path(f.filename).is_absolute()  # not "<frozen ...>"
                and not f.filename.startswith(places)]

    found = outside(*_PYTHONS, *_INSTALLED, _PACKAGE) or outside(*_PYTHONS, _PACKAGE) or frames
    if not found:
        return ""
    frame = found[-1]
    path = Path(frame.filename)
    with contextlib.suppress(ValueError, OSError):  # elsewhere, or no current folder
        path = path.resolve().relative_to(Path.cwd().resolve())
    return f" (at {path}, line {frame.lineno}, in {frame.name})"


def push_bot_move(hand: Hand, bot: Bot, seat: int, action: Action | str | int) -> Move:
    """Make ``bot``'s chosen ``action`` (an :class:`Action`, its text or its integer id)
    for ``seat`` in ``hand``; one the rules refuse, or something that is no move, is a
    :class:`BotMoveError` naming the bot, its seat and the reason, and nothing is
    applied."""
    try:
        return hand.push(action, seat)
    except (CutthroatError, TypeError, ValueError) as exc:
        chose = repr(action)
        if isinstance(action, int) and not isinstance(action, bool):
            with contextlib.suppress(CutthroatError, ValueError):  # "0", said as the move
                chose += f" (the action id of {Action.from_id(action)})"
        reason = str(exc)
        if reason.startswith("the move names seat"):  # "1 pass" from seat 0's bot
            reason = (f"it names another seat than its own ({seat}): a bot's move needs no "
                      "seat ('pass', 'play JH', as view.legal lists them)")
        raise BotMoveError(f"the {_name(bot)!r} bot in seat {seat} chose {chose}, "
                           f"which the rules refuse: {reason}",
                           seat=seat, bot=_name(bot)) from exc


def _name(bot: Bot) -> str:
    return str(getattr(bot, "name", type(bot).__name__))


def check_bots(bots: object) -> None:
    """Refuse, before a game is touched, a line-up that is not three bots: a
    ``TypeError`` for a name or a class where a bot was wanted (saying how to make one),
    or something without a ``choose(view)`` method; a ``ValueError`` for another number
    of them.

    >>> check_bots(["random", "random", "random"])
    Traceback (most recent call last):
    ...
    TypeError: seat 0: 'random' is a bot's name, not a bot: make one with make_bot('random', seed)
    """
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence):
        raise TypeError(f"the bots are a sequence of three bots (seats 0, 1, 2), not "
                        f"{type(bots).__name__}")
    if len(bots) != 3:
        raise ValueError(f"a game needs three bots, not {len(bots)}")
    for seat, bot in enumerate(bots):
        if isinstance(bot, str):
            raise TypeError(f"seat {seat}: {bot!r} is a bot's name, not a bot: make one with "
                            f"make_bot({bot!r}, seed)")
        if isinstance(bot, type):
            raise TypeError(f"seat {seat}: {bot.__name__} is a class, not a bot: make one, "
                            f"{bot.__name__}(seed=...), or make_bot({bot.__name__}, seed)")
        if not callable(getattr(bot, "choose", None)):
            raise TypeError(f"seat {seat}: {type(bot).__name__!r} is not a bot: it has no "
                            "choose(view) method")


def play_game(
    game: Game,
    bots: Sequence[Bot],
    *,
    on_move: Callable[[Hand, Move], None] | None = None,
    on_hand: Callable[[Hand], None] | None = None,
    max_hands: int = 1000,
    move_time_limit: float | None = None,
) -> Game:
    """Let three bots (seat 0, 1, 2) play ``game`` to its end, dealing as needed.

    ``on_move`` is called after every move and ``on_hand`` after every finished hand.
    Stops after ``max_hands`` hands as a guard against endless play. A bot whose choice
    the rules refuse stops the game with a :class:`BotMoveError` naming it, one that
    fails with a :class:`BotError`, and one that takes longer than ``move_time_limit``
    seconds over a move (``None``: no limit) with a :class:`BotTimeoutError`.
    """
    require_game(game, "play_game takes a Game")
    move_time_limit = check_limit(move_time_limit)  # before any move is made
    check_bots(bots)
    while not game.is_over and len(game.hands) < max_hands:
        hand = game.hand
        if hand is None or hand.is_over:
            hand = game.deal()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            bot = bots[seat]
            chosen = bot_choose(bot, game.view(seat), move_time_limit)
            move = push_bot_move(hand, bot, seat, chosen)
            if on_move is not None:
                on_move(hand, move)
        if on_hand is not None:
            on_hand(hand)
    return game
