"""One game of a tournament: who sits where, the game played, what each line-up entry
did in it (:class:`Tally`), and the jobs of deal sets the workers play
(:class:`ArenaJob`, :func:`run_job`)."""

from __future__ import annotations

import contextlib
import hashlib
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import record as rec
from ..bots import BotError, play_game
from ..bots.registry import (
    BotUnavailableError,
    UnknownBotError,
    line_up_specs,
    make_bot,
)
from ..game import Game
from ..rules import Rules

__all__ = [
    "ArenaError",
    "ArenaJob",
    "GameResult",
    "Tally",
    "entry_label",
    "play_arena_game",
    "run_job",
    "seed_mix",
    "sum_tallies",
    "three_bots",
]


class ArenaError(RuntimeError):
    """A tournament could not be played (a bot failed, a game never ended).

    ``index`` is the arena game that failed and ``record`` its record up to the failing
    move (the text of a :mod:`~cutthroat.record` file), when a game failed; a tournament
    that keeps records writes it beside them (:meth:`~cutthroat.sim.workers.Keeper.keep_failed`).
    ``line_up`` is the league's line-up, in a league. All three travel with the error
    from a worker process."""

    def __init__(self, message: str, *, index: int | None = None, record: str | None = None,
                 line_up: int | None = None) -> None:
        super().__init__(message)
        self.index, self.record, self.line_up = index, record, line_up

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole (a worker's error reaches the caller with its game)."""
        return (_arena_error, (str(self), self.index, self.record, self.line_up))

    def again(self, message: str, **changes: Any) -> ArenaError:
        """The same error said as ``message``, with ``changes`` to its fields."""
        fields = {"index": self.index, "record": self.record, "line_up": self.line_up}
        return ArenaError(message, **{**fields, **changes})


def _arena_error(message: str, index: int | None, record: str | None,
                 line_up: int | None) -> ArenaError:
    return ArenaError(message, index=index, record=record, line_up=line_up)



def entry_label(name: str, entry: int) -> str:
    """How entry ``entry`` of the line-up is shown: ``"random#0"``."""
    return f"{name}#{entry}"


def seed_mix(*parts: int | str) -> int:
    """A 64-bit seed derived from ``parts``, the same in every process and Python run."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


# --- one game ----------------------------------------------------------------------

_TALLY_FIELDS = ("games", "wins", "points", "hands", "maker", "made", "euchred", "marches",
                 "defended", "inflicted", "loners", "loners_made", "def_loners",
                 "def_loners_made")


@dataclass(frozen=True, slots=True)
class Tally:
    """What one line-up entry did: over one game, or summed over many.

    Attributes:
        games: games played.
        wins: games won; a win shared by ``k`` players (``tie = "share"``) counts ``1/k``.
        points: points scored.
        hands: hands dealt (thrown-in hands included).
        maker: hands as maker.
        made: hands as maker with 3 tricks or more.
        euchred: hands as maker with fewer than 3 tricks (a lone defender's win too).
        marches: hands as maker with all 5 tricks.
        defended: hands as defender (sitting out for a lone partner included).
        inflicted: hands as defender in which the maker was euchred.
        loners: hands as maker gone alone.
        loners_made: of those, hands with 3 tricks or more.
        def_loners: hands as defender gone alone.
        def_loners_made: of those, hands with 3 tricks or more.
    """

    games: int = 0
    wins: float = 0.0
    points: int = 0
    hands: int = 0
    maker: int = 0
    made: int = 0
    euchred: int = 0
    marches: int = 0
    defended: int = 0
    inflicted: int = 0
    loners: int = 0
    loners_made: int = 0
    def_loners: int = 0
    def_loners_made: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(getattr(self, f) + getattr(other, f) for f in _TALLY_FIELDS))

    def to_json(self) -> dict[str, float]:
        """Every field by name."""
        return {f: getattr(self, f) for f in _TALLY_FIELDS}


def sum_tallies(tallies: Iterable[Tally]) -> Tally:
    """The tallies added up, field by field (an empty :class:`Tally` for none)."""
    total = Tally()
    for t in tallies:
        total = total + t
    return total


@dataclass(frozen=True, slots=True)
class GameResult:
    """One arena game.

    Attributes:
        index: the game's number, ``3 * deal_set + rotation``.
        deal_set: the deal set (seeded deal stream) it replays.
        rotation: how far the line-up is shifted: entry ``e`` sits in seat
            ``(e + rotation) % 3``.
        seats: the line-up entry in each seat.
        hands: hands dealt.
        tallies: per line-up entry (not per seat).
    """

    index: int
    deal_set: int
    rotation: int
    seats: tuple[int, int, int]
    hands: int
    tallies: tuple[Tally, Tally, Tally]


def _seats(rotation: int) -> tuple[int, int, int]:
    """The line-up entry in each seat for ``rotation``."""
    return ((0 - rotation) % 3, (1 - rotation) % 3, (2 - rotation) % 3)


def _tallies(game: Game, seats: tuple[int, int, int]) -> tuple[Tally, Tally, Tally]:
    counts: list[dict[str, int]] = [dict.fromkeys(_TALLY_FIELDS, 0) for _ in range(3)]
    for hand in game.hands:
        result = hand.result
        if result is None:  # pragma: no cover - play_game finishes every hand
            continue
        for seat in range(3):
            counts[seat]["hands"] += 1
        maker = result.maker
        if result.thrown_in or maker is None:
            continue
        tricks = result.tricks
        made = tricks[maker] >= 3
        mk = counts[maker]
        mk["maker"] += 1
        mk["made" if made else "euchred"] += 1
        mk["marches"] += tricks[maker] == 5
        if maker in result.alone:
            mk["loners"] += 1
            mk["loners_made"] += made
        for seat in range(3):
            if seat == maker:
                continue
            counts[seat]["defended"] += 1
            counts[seat]["inflicted"] += not made
            if seat in result.alone:
                counts[seat]["def_loners"] += 1
                counts[seat]["def_loners_made"] += tricks[seat] >= 3
    winners = game.winners
    by_entry: list[Tally] = [Tally()] * 3
    for seat in range(3):
        c = counts[seat]
        share = 1.0 / len(winners) if seat in winners else 0.0
        by_entry[seats[seat]] = Tally(
            games=1, wins=share, points=game.scores[seat], hands=c["hands"],
            maker=c["maker"], made=c["made"], euchred=c["euchred"], marches=c["marches"],
            defended=c["defended"], inflicted=c["inflicted"], loners=c["loners"],
            loners_made=c["loners_made"], def_loners=c["def_loners"],
            def_loners_made=c["def_loners_made"])
    return by_entry[0], by_entry[1], by_entry[2]


def three_bots(bots: str | Sequence[str | type]) -> list[str]:
    """The arena's line-up (:func:`~cutthroat.bots.registry.line_up_specs`), refused
    unless it is three bots.

    >>> three_bots("random,expert")
    Traceback (most recent call last):
      ...
    ValueError: the arena needs a line-up of three bots, not 2
    """
    line_up = line_up_specs(bots)
    if len(line_up) != 3:
        raise ValueError(f"the arena needs a line-up of three bots, not {len(line_up)}")
    return line_up


def play_arena_game(
    bots: str | Sequence[str], index: int, *, seed: int = 0, rules: Rules | None = None,
    move_time_limit: float | None = None,
) -> tuple[Game, GameResult]:
    """Play arena game ``index`` (rotation ``index % 3`` of deal set ``index // 3``)
    between three bots (specs, or one string of them separated by commas).

    Returns the finished :class:`~cutthroat.Game` (its players are the entries' labels,
    seat by seat) and its :class:`GameResult`. Raises :class:`ArenaError` if a bot
    fails, takes longer than ``move_time_limit`` seconds over a move (``None``: no
    limit; :class:`~cutthroat.bots.base.BotTimeoutError`), or the game does not end.
    """
    bots = three_bots(bots)
    rules = rules or Rules()
    deal_set, rotation = divmod(index, 3)
    seats = _seats(rotation)
    set_seed = seed_mix(seed, "deal-set", deal_set)
    # The first dealer and then every deal come from this stream; the Game draws deal i
    # of the game as its i-th draw, so all three rotations get the same deals.
    first_dealer = random.Random(seed_mix(set_seed, "first-dealer")).randrange(3)
    game = Game(rules, rng=random.Random(set_seed), first_dealer=first_dealer,
                players=[entry_label(bots[e], e) for e in seats])
    where = f"game {index} (deal set {deal_set}, rotation {rotation})"
    # What a bot prints goes to standard error: standard output is the tournament's own
    # (its table, or --json's JSON and nothing else).
    with contextlib.redirect_stdout(sys.stderr):
        players = [make_bot(bots[e], seed_mix(seed, deal_set, rotation, e)) for e in seats]
        try:
            play_game(game, players, move_time_limit=move_time_limit)
        except (BotUnavailableError, UnknownBotError):
            raise
        except Exception as exc:
            seat = game.hand.to_act if game.hand is not None else None
            # the bot names itself, and the seat is this rotation's: the line-up's entry
            who = (f" (seat {seat} is the line-up's {game.players[seat]})"
                   if isinstance(exc, BotError) and seat is not None else "")
            raise ArenaError(f"{where}: {type(exc).__name__}: {exc}{who}", index=index,
                             record=rec.dumps(game) + "\n") from exc
    if not game.is_over:
        raise ArenaError(f"{where}: no winner after {len(game.hands)} hands", index=index,
                         record=rec.dumps(game) + "\n")
    return game, GameResult(index, deal_set, rotation, seats, len(game.hands),
                            _tallies(game, seats))


@dataclass(frozen=True, slots=True)
class ArenaJob:
    """Deal sets for one worker task (picklable)."""

    bots: tuple[str, str, str]
    rules: Rules
    seed: int
    sets: range
    records: bool
    """Whether to return each game's record (its text), for the caller to write."""
    move_time_limit: float | None = None
    """Seconds a bot may take over a move (``None``: no limit)."""



def run_job(job: ArenaJob) -> list[tuple[GameResult, str | None]]:
    """Play a job's deal sets: each game's result, with its record's text when the job
    keeps records. The records travel back with the results and are written by the
    process that runs the tournament (:class:`~cutthroat.sim.workers.Keeper`): a worker,
    a Ray task on another machine, need not see the folder, nor share the caller's
    working folder."""
    out: list[tuple[GameResult, str | None]] = []
    for deal_set in job.sets:
        for rotation in range(3):
            index = 3 * deal_set + rotation
            game, result = play_arena_game(job.bots, index, seed=job.seed, rules=job.rules,
                                           move_time_limit=job.move_time_limit)
            out.append((result, rec.dumps(game) + "\n" if job.records else None))
    return out

