"""The tournament arena: three bots play duplicate deals from every seat, in parallel.

**Duplicate deals.** Deal set ``g`` is one seeded game: a first dealer and a stream of
deals drawn lazily from a ``random.Random`` seeded from ``(seed, g)``. It is played three
times with the line-up rotated: in rotation ``r``, entry ``e`` of the line-up sits in seat
``(e + r) % 3``. Hand ``i`` of each of the three games is dealt the ``i``-th deal of the
stream, whatever was played before, so every entry holds every seat's cards of the same
deals and the luck of the deal cancels. Games last different numbers of hands, so the
three games share the deals of their common length. Game ``3g + r`` is rotation ``r`` of
deal set ``g``; the bots' own seeds derive from ``(seed, g, r, e)``. Results depend only
on ``seed``, never on how many worker processes played them.

**Statistics.** The three games of a deal set share their cards, so they are not
independent: each deal set is one cluster, and every rate (wins per game, points per
game, hands made per hand as maker, ...) is a ratio of per-deal-set sums with a
cluster-robust interval (:func:`~cutthroat.sim.stats.ratio_estimate`: the standard error
over deal sets, with Student's t for points per game), or with ``ci="bootstrap"`` a
bootstrap of whole deal sets.
A proportion (wins per game, hands made per hand as maker, ...) gets Wilson's interval
on the effective number of games its standard error implies
(:func:`~cutthroat.sim.stats.korn_graubard`), which suits rates of 0 or 1 and rare
events too. The naive Wilson interval over games is reported beside the win rate.

>>> result = run_arena(["random", "random", "random"], games=3, seed=1, progress=False)
>>> result.games, result.deal_sets, sum(s.totals.wins for s in result.entry_stats())
(3, 1, 3.0)
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from pathlib import Path

from ..bots.registry import (
    BOTS,
    BotSpecError,
    BotUnavailableError,
    UnknownBotError,
    bot_names,
    check_spec,
    make_bot,
    normal_spec,
)
from ..bots.time_limit import check_limit
from ..rules import Rules
from ..state import as_seed
from .determinism import warn_if_any
from .games import (
    ArenaError,
    ArenaJob,
    GameResult,
    Tally,
    entry_label,
    play_arena_game,
    run_job,
    three_bots,
)
from .ray_backend import check_importable
from .results import CI_METHODS, ArenaResult, BotStats, points_bounds, points_note
from .stats import check_confidence
from .workers import (
    Keeper,
    ProgressBar,
    RecordsFolderError,
    Stopwatch,
    TournamentInterrupted,
    TournamentStopped,
    WorkerLostError,
    chunks,
    cpus,
    deal_sets_per_job,
    held_interrupts,
    max_workers,
    records_folder,
    resolve_workers,
    run_pool,
)

__all__ = [
    "BOTS",
    "MAX_GAMES",
    "ArenaError",
    "ArenaResult",
    "BotSpecError",
    "BotStats",
    "BotUnavailableError",
    "GameResult",
    "RecordsFolderError",
    "Tally",
    "TournamentInterrupted",
    "TournamentStopped",
    "UnknownBotError",
    "WorkerLostError",
    "bot_names",
    "cpus",
    "deal_sets",
    "entry_label",
    "held_interrupts",
    "make_bot",
    "max_workers",
    "play_arena_game",
    "points_bounds",
    "points_note",
    "records_folder",
    "resolve_workers",
    "run_arena",
]

BACKENDS = ("local", "ray")
"""Where :func:`run_arena` plays: worker processes here, or Ray tasks."""


MAX_GAMES = 99_999_999
"""The most games :func:`run_arena` plays (and :func:`~cutthroat.sim.league.run_league`
per line-up): every game's result is kept in memory (a few hundred bytes each) and even
the cheapest bots play a few thousand games a second, so more is a typing slip rather
than a tournament. A multiple of 3, so that games rounded up to whole deal sets never
pass it."""



# --- the tournament ----------------------------------------------------------------


def run_arena(
    bots: str | Sequence[str | type],
    games: int,
    seed: int = 0,
    rules: Rules | None = None,
    workers: int | None = None,
    progress: bool = True,
    *,
    records: str | os.PathLike[str] | None = None,
    ci: str = "se",
    confidence: float = 0.95,
    backend: str = "local",
    address: str | None = None,
    move_time_limit: float | None = None,
) -> ArenaResult:
    """Play a duplicate tournament between three bots (registry names, see :data:`BOTS`,
    or specs with options such as ``"expert:bid_samples=80"``, see
    :func:`~cutthroat.bots.registry.parse_spec`).

    Args:
        bots: the line-up, three names or specs (or a bot's class, for its
            ``module.Class``); one may repeat. A string is read as
            ``--bots`` is, specs separated by commas (``"random,expert:bid_samples=80,
            random"``). Specs are written back in one form (``"Expert: bid_samples =
            80"`` is shown as ``"expert:bid_samples=80"``).
        games: games in total, rounded up to a multiple of 3 (whole deal sets).
        seed: the tournament seed; the same seed plays the same games.
        rules: the rules (default: the ``standard`` preset).
        workers: processes to play in (default: every CPU); 1 plays here. No more
            than the deal sets, nor, on the local backend, :func:`max_workers`.
        progress: show a progress bar on standard error.
        records: a folder to save every game's record in, as ``game-NNNNNN.json``
            (made if need be; one holding a tournament's records already is refused,
            :class:`RecordsFolderError`). The records are written here, by this
            process, whatever the backend.
        ci: the interval method, ``"se"`` or ``"bootstrap"`` (see :data:`CI_METHODS`).
        confidence: the level of the intervals.
        backend: ``"local"`` (worker processes here) or ``"ray"`` (Ray tasks, on a
            runtime started here with ``workers`` CPUs or on the cluster at ``address``;
            :mod:`cutthroat.sim.ray_backend`). The games and the table are the same.
        address: the Ray cluster to join (``"auto"``, ``"ray://HOST:10001"``).
        move_time_limit: seconds a bot may take over a move (``None``: no limit). A bot
            that takes longer stops the tournament with an :class:`ArenaError` (a
            :class:`~cutthroat.bots.base.BotTimeoutError` its cause), the game kept
            as a failed record: a bot of one's own that hangs does not hang the
            tournament. The expert takes about 0.1 s over a move on one core, 1 s at
            most.

    A bot of one's own that plays the same hands differently when made twice with one
    seed is warned of first (a
    :class:`~cutthroat.sim.determinism.NondeterministicBotWarning`): the same seed
    would not play the same games again.

    Ctrl-C (``KeyboardInterrupt``) stops the tournament: it raises
    :class:`TournamentInterrupted`, which holds the results of the deal sets finished.
    A worker lost under it (a worker process killed, a Ray node gone) stops it as well,
    with :class:`TournamentStopped`, which holds the same.
    """
    check_backend(backend)
    line_up = tuple(normal_spec(spec) for spec in three_bots(bots))
    if backend == "ray":
        check_importable(line_up)
    check_games(games)
    seed = as_seed(seed)  # refused as --seed refuses it: a negative one, a float
    check_ci(ci)
    check_confidence(confidence)
    for name in dict.fromkeys(line_up):
        check_spec(name)  # fail now, clearly, rather than in a worker
    rules = rules or Rules()
    warn_if_any(line_up, rules, seed, check_limit(move_time_limit))
    sets = deal_sets(games)
    workers = resolve_workers(workers, backend, sets, address=address)
    fresh = records is not None and not Path(records).exists()  # made here: gone if empty
    keeper = Keeper(None if records is None else records_folder(records))
    # A generator: the jobs are made as the workers are ready for them.
    limit = check_limit(move_time_limit)  # before any game is played
    jobs = (ArenaJob((line_up[0], line_up[1], line_up[2]), rules, seed, chunk,
                     records is not None, limit)
            for chunk in chunks(sets, deal_sets_per_job(sets, workers)))

    clock = Stopwatch()  # the games' time, not Ray's start-up
    try:
        if backend == "ray":
            from .ray_backend import run_on_ray

            run_on_ray(jobs, run_job, workers, address, ProgressBar(3 * sets, progress),
                       keep=keeper, on_cpus=clock.ready)
        elif workers == 1:
            with ProgressBar(3 * sets, progress) as bar:
                for job in jobs:
                    keeper(run_job(job))
                    bar.advance(3 * len(job.sets))
        else:
            run_pool(jobs, run_job, workers, ProgressBar(3 * sets, progress), keep=keeper)
    except ArenaError as exc:
        raise keeper.keep_failed(exc) from exc.__cause__
    except (KeyboardInterrupt, WorkerLostError) as stop:
        if fresh:  # made here: no empty folder left behind
            keeper.drop_empty_folder()
        done = _arena_result(line_up, seed, rules, keeper.results, confidence, ci,
                             clock.elapsed(), workers)
        done.planned, done.backend = 3 * sets, backend
        if isinstance(stop, WorkerLostError):
            raise TournamentStopped(str(stop), done, done.games, 3 * sets,
                                    keeper.records) from stop
        raise TournamentInterrupted(done, done.games, 3 * sets, keeper.records) from None
    if backend == "ray" and clock.cpus:
        workers = clock.cpus  # Ray's CPUs: a cluster joined, or a runtime already running
    done = _arena_result(line_up, seed, rules, keeper.results, confidence, ci,
                         clock.elapsed(), workers)
    done.backend = backend
    return done


def _arena_result(line_up: Sequence[str], seed: int, rules: Rules, found: list[GameResult],
                  confidence: float, ci: str, elapsed: float, workers: int) -> ArenaResult:
    return ArenaResult((line_up[0], line_up[1], line_up[2]), seed, rules,
                       tuple(sorted(found, key=lambda r: r.index)), confidence=confidence,
                       ci=ci, elapsed=elapsed, workers=workers)


def deal_sets(games: int) -> int:
    """The deal sets ``games`` games take: whole sets of 3, rounded up."""
    return math.ceil(games / 3)


def check_backend(backend: str) -> None:
    """Refuse a backend that is not one of :data:`BACKENDS` (``ValueError``)."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be local or ray, not {backend!r}")


def check_ci(ci: str) -> None:
    """Refuse a method of intervals that is not one of
    :data:`~cutthroat.sim.results.CI_METHODS` (``ValueError``)."""
    if ci not in CI_METHODS:
        raise ValueError(f"ci must be one of {', '.join(CI_METHODS)}, not {ci!r}")


def check_games(games: int) -> None:
    """Refuse a number of games that is no whole number (``TypeError``), below 1 or
    above :data:`MAX_GAMES` (``ValueError``)."""
    if isinstance(games, bool) or not isinstance(games, int):
        raise TypeError(f"games is a whole number of games, not {games!r}")
    if games < 1:
        raise ValueError("games must be at least 1")
    if games > MAX_GAMES:
        raise ValueError(f"games must be at most {MAX_GAMES:,}, not {games:,}")

