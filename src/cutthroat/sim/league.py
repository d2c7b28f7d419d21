"""The league: any number of bots rated against each other.

**Play.** A pool of ``n`` bots (at least three, no two the same) plays every line-up
of three of them, C(n, 3) line-ups in all, each a duplicate match of the arena
(:func:`~cutthroat.sim.games.play_arena_game`: every deal set three times, the line-up
rotated through the seats). Every line-up plays the *same* deal sets: deal set ``g``
deals the same cards whichever three bots hold them, so the line-ups are comparable and
a deal set is one cluster across the whole league. The jobs of every line-up share one
pool of worker processes (or Ray tasks) and one progress bar; the results depend only
on the seed.

**Ratings.** Every game's finishing order (by final points; players level are tied)
is a ranking; a Plackett–Luce model fitted to all of them by maximum likelihood
(:mod:`cutthroat.sim.ratings`, with choix) gives each bot a rating on an Elo-like scale,
anchored at ``random`` = 0 when ``random`` is in the pool and else at the pool's mean.
The 95% intervals come from a bootstrap of deal sets, each resample drawing whole deal
sets with their games in every line-up. Each bot's games, wins, win rate and points per
game are given beside its rating, with intervals clustered by deal set as in the arena.

>>> result = run_league(["random", "beginner", "intermediate"], games=12, seed=1,
...                     workers=1, progress=False, resamples=20)
>>> len(result.line_ups), result.games, [s.bot for s in result.standings()]
(1, 12, ['intermediate', 'beginner', 'random'])
>>> result.anchor, result.standings()[-1].rating.value
('random', 0.0)
"""

from __future__ import annotations

import inspect
import os
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..bots import registry
from ..bots.registry import (
    BotSpecError,
    check_spec,
    is_reference,
    line_up_specs,
    normal_spec,
    parse_spec,
)
from ..bots.time_limit import check_limit
from ..rules import Rules
from ..state import as_seed
from .arena import check_backend, check_ci, check_games, deal_sets
from .determinism import warn_if_any
from .games import ArenaError, ArenaJob, GameResult, run_job, seed_mix
from .league_results import (
    FORMAT,
    MEAN,
    MIN_DEAL_SETS,
    NO_ESTIMATE,
    BotStanding,
    LeagueResult,
    deal_set_places,
    line_ups,
)
from .ratings import (
    Ranking,
    RatingError,
    RatingFit,
    finishing_order,
    order_rankings,
    rate,
    require_choix,
)
from .ray_backend import check_importable
from .stats import Estimate, check_confidence
from .workers import (
    Keeper,
    ProgressBar,
    Stopwatch,
    TournamentInterrupted,
    TournamentStopped,
    WorkerLostError,
    chunks,
    deal_sets_per_job,
    held_interrupts,
    records_folder,
    remove_empty_folder,
    resolve_workers,
    run_pool,
)

__all__ = [
    "FORMAT",
    "MIN_DEAL_SETS",
    "NO_ESTIMATE",
    "BotStanding",
    "LeagueResult",
    "check_pool",
    "line_ups",
    "resolve_anchor",
    "run_league",
]

def _defaults(name: str) -> dict[str, Any]:
    """The option defaults of the bot ``name`` (a registry name or ``module.Class``,
    already known to be makeable): its constructor's keyword defaults."""
    factory = registry.BOTS.get(name)
    if factory is None and is_reference(name):
        module, _, attr = name.rpartition(".")
        factory = registry._lazy(module, attr, name)
    load = getattr(factory, "load", None)
    target = load() if load is not None else factory
    if target is None:  # pragma: no cover - check_pool made the bot first
        return {}
    try:
        params = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
        return {}
    return {p.name: p.default for p in params if p.default is not p.empty}


def _identity(spec: str) -> tuple[str, frozenset[tuple[str, str]]]:
    """What makes two specs the same bot: the name, and the options that differ from
    their defaults (in any order)."""
    name, options = parse_spec(spec)
    defaults = _defaults(name)
    kept = {(key, repr(value)) for key, value in options.items()
            if not (key in defaults and type(defaults[key]) is type(value)
                    and defaults[key] == value)}
    return name, frozenset(kept)


def check_pool(bots: str | Sequence[str | type]) -> list[str]:
    """A league's pool, each spec written in its one form and made once, so that a bad
    spec fails now; a string is specs separated by commas, as ``--bots`` reads it.
    Raises :class:`~cutthroat.bots.registry.BotSpecError` for fewer than three bots or
    for two specs of the same bot: the same name with the same options,
    in any order, an option set to its default counting as left out (``expert`` and
    ``expert:play_samples=5`` are two bots; ``expert:play_samples=20``, the default, is
    ``expert`` again); the registry's errors for an unknown or unavailable bot."""
    pool = [normal_spec(spec) for spec in line_up_specs(bots)]
    if len(pool) < 3:
        raise BotSpecError(f"a league needs at least three bots, not {len(pool)}")
    seen: dict[tuple[str, frozenset[tuple[str, str]]], str] = {}
    for spec in pool:
        check_spec(spec)
        key = _identity(spec)
        if key in seen:
            same = f"{spec} twice" if seen[key] == spec else f"as {seen[key]} and as {spec}"
            raise BotSpecError(f"the pool names the same bot {same}: each bot plays once "
                               "in a league (give a copy different options to rate it "
                               "as another bot)")
        seen[key] = spec
    return pool


def resolve_anchor(pool: Sequence[str], anchor: str | None) -> tuple[str, int | None]:
    """The bot rated 0 (a spec in the pool, any spelling) and its index in the pool, or
    ``("mean", None)`` for the pool's mean; ``None`` chooses ``random`` when it is in
    the pool, else the mean. Raises ``ValueError`` for a bot not in the pool."""
    if anchor is None:
        anchor = "random" if "random" in pool else MEAN
    if anchor.strip().lower() == MEAN:
        return MEAN, None
    spec = normal_spec(anchor)
    if spec not in pool:
        raise ValueError(f"the anchor {anchor!r} is not in the pool ({', '.join(pool)}) "
                         f"and is not {MEAN!r}")
    return spec, pool.index(spec)


@dataclass(frozen=True, slots=True)
class _LeagueJob:
    """Deal sets of one line-up, for a worker (picklable)."""

    line_up: int
    job: ArenaJob


def _run_league_job(job: _LeagueJob) -> list[tuple[int, tuple[GameResult, str | None]]]:
    try:
        return [(job.line_up, played) for played in run_job(job.job)]
    except ArenaError as exc:
        raise exc.again(f"line-up {job.line_up} ({', '.join(job.job.bots)}): {exc}",
                        line_up=job.line_up) from exc.__cause__


def _game_rankings(line_up: Sequence[int], game: GameResult) -> dict[Ranking, Fraction]:
    """The weighted rankings of one game, by pool index."""
    points = [game.tallies[e].points for e in range(3)]
    return order_rankings(finishing_order(points, line_up))


def run_league(
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
    anchor: str | None = None,
    prior: int = 1,
    resamples: int = 1000,
    move_time_limit: float | None = None,
) -> LeagueResult:
    """Play every line-up of three bots from ``bots`` on the same duplicate deal sets,
    and rate the bots.

    Args:
        bots: the pool, at least three bot specs, no two the same bot (see
            :func:`check_pool`); a string is read as ``--bots`` is, specs separated
            by commas (``"random,beginner,intermediate,expert"``).
        games: games per line-up, rounded up to a multiple of 3 (whole deal sets).
        seed: the league's seed; the same seed plays the same games and intervals.
        rules: the rules (default: the ``standard`` preset).
        workers: processes to play and to refit the bootstrap in (default: every CPU;
            on the local backend no more than :func:`~cutthroat.sim.workers.max_workers`).
        progress: show one progress bar for the whole league on standard error.
        records: a folder to save every game's record in: ``lineup-KKK/game-NNNNNN.json``
            for line-up ``K`` (the index in :attr:`LeagueResult.line_ups`); written by
            this process whatever the backend, and refused if it holds a tournament's
            records already (:class:`~cutthroat.sim.workers.RecordsFolderError`).
        ci: the interval method of the win rates and points (``"se"``, ``"bootstrap"``).
        confidence: the level of every interval.
        backend: ``"local"`` or ``"ray"``, as in :func:`~cutthroat.sim.arena.run_arena`.
        address: the Ray cluster to join.
        anchor: the bot rated 0, or ``"mean"`` for the pool's mean (default: ``random``
            when it is in the pool, else the mean).
        prior: virtual wins each way between every pair of bots (see
            :mod:`cutthroat.sim.ratings`); 0 fits the plain maximum-likelihood estimate,
            and where that does not exist the games are returned without ratings
            (:attr:`LeagueResult.rated`).
        resamples: bootstrap resamples of the ratings' intervals.
        move_time_limit: seconds a bot may take over a move, as in
            :func:`~cutthroat.sim.arena.run_arena` (``None``: no limit).

    Ctrl-C stops the league with :class:`~cutthroat.sim.workers.TournamentInterrupted`,
    whose ``result`` is the league of the deal sets that every line-up finished (rated,
    without the ratings' bootstrap, to stop at once; its ``planned`` says how many
    games were planned), or ``None`` where no deal set
    was finished by all of them. Folders of ``records`` left empty are removed. A worker
    lost under it (a worker process killed, a Ray node gone) stops it the same way, with
    :class:`~cutthroat.sim.workers.TournamentStopped`.
    """
    check_backend(backend)
    check_games(games)
    seed = as_seed(seed)  # refused as --seed refuses it: a negative one, a float
    check_ci(ci)
    check_confidence(confidence)
    for name, value in (("prior", prior), ("resamples", resamples)):
        if value < 0:
            raise ValueError(f"{name} must be at least 0, not {value!r}")
    require_choix()
    pool = check_pool(bots)
    if backend == "ray":
        check_importable(pool)
    anchor_name, anchor_index = resolve_anchor(pool, anchor)
    rules = rules or Rules()
    warn_if_any(pool, rules, seed, check_limit(move_time_limit))  # as run_arena does
    sets = deal_sets(games)
    lines = line_ups(len(pool))
    workers = resolve_workers(workers, backend, address=address)
    play_workers = min(workers, sets * len(lines))
    keepers = [Keeper(None) for _ in lines]
    made: Path | None = None  # the records' folder, if this league made it
    if records is not None:
        fresh = not Path(records).exists()
        top = records_folder(records)
        made = top if fresh else None
        for k, keeper in enumerate(keepers):
            keeper.folder = top / f"lineup-{k:03d}"  # made with its first record
    total = sets * len(lines)
    per_job = deal_sets_per_job(total, play_workers)
    # A generator: the jobs are made as the workers are ready for them. Deal sets come
    # first, line-ups second: a league stopped by Ctrl-C has played about as many deal
    # sets in every line-up, and those every line-up finished are rated.
    jobs = (_LeagueJob(k, ArenaJob((pool[a], pool[b], pool[c]), rules, seed, chunk,
                               records is not None, check_limit(move_time_limit)))
            for chunk in chunks(sets, per_job) for k, (a, b, c) in enumerate(lines))

    def keep(chunk: list[tuple[int, tuple[GameResult, str | None]]]) -> None:
        by_line_up: dict[int, list[tuple[GameResult, str | None]]] = {}
        for k, played in chunk:
            by_line_up.setdefault(k, []).append(played)
        with held_interrupts():  # a job's games kept whole: never a part of a deal set
            for k, games_played in by_line_up.items():
                keepers[k](games_played)

    clock = Stopwatch()  # the games' time, not Ray's start-up
    bar = ProgressBar(3 * total, progress, label="league")
    try:
        if backend == "ray":
            from .ray_backend import run_on_ray

            run_on_ray(jobs, _run_league_job, play_workers, address, bar, keep=keep,
                       on_cpus=clock.ready)
        elif play_workers == 1:
            with bar:
                for job in jobs:
                    keep(_run_league_job(job))
                    bar.advance(3 * len(job.job.sets))
        else:
            run_pool(jobs, _run_league_job, play_workers, bar, keep=keep)
    except ArenaError as exc:
        if exc.line_up is None:
            raise
        raise keepers[exc.line_up].keep_failed(exc) from exc.__cause__
    except (KeyboardInterrupt, WorkerLostError) as stop:
        elapsed = clock.elapsed()
        for keeper in keepers:  # no folder left behind for a line-up without a record
            keeper.drop_empty_folder()
        if made is not None:  # nor the records' folder, if made here
            remove_empty_folder(made)
        common = set.intersection(*(whole_deal_sets(k.results) for k in keepers))
        done = None
        if common:
            kept = [[g for g in k.results if g.deal_set in common] for k in keepers]
            # No bootstrap of the ratings (seconds to minutes): Ctrl-C stops at once.
            done = _rated(pool, lines, kept, seed, rules, anchor_name, anchor_index,
                          prior=prior, resamples=0, confidence=confidence, ci=ci,
                          workers=workers, progress=progress, elapsed=elapsed,
                          play_workers=play_workers)
            done.planned, done.backend = 3 * total, backend
        played = sum(len(k.results) for k in keepers)
        written = sum(k.records for k in keepers)
        if isinstance(stop, WorkerLostError):
            raise TournamentStopped(str(stop), done, played, 3 * total, written) from stop
        raise TournamentInterrupted(done, played, 3 * total, written) from None
    if backend == "ray" and clock.cpus:
        play_workers = clock.cpus  # Ray's CPUs: a cluster joined, or one already running
    elapsed = clock.elapsed()
    done = _rated(pool, lines, [k.results for k in keepers], seed, rules, anchor_name,
                  anchor_index, prior=prior, resamples=resamples, confidence=confidence,
                  ci=ci, workers=workers, progress=progress, elapsed=elapsed,
                  play_workers=play_workers)
    done.backend = backend
    return done


def whole_deal_sets(results: Sequence[GameResult]) -> set[int]:
    """The deal sets of which ``results`` hold all three rotations: those an
    interrupted tournament may rate (one seating alone would favour whoever sat well).

    >>> from cutthroat.sim.games import GameResult
    >>> whole_deal_sets([GameResult(i, i // 3, i % 3, (0, 1, 2), 1, ()) for i in (0, 1, 2, 3)])
    {0}
    """
    rotations: dict[int, set[int]] = {}
    for game in results:
        rotations.setdefault(game.deal_set, set()).add(game.rotation)
    return {deal_set for deal_set, seen in rotations.items() if len(seen) == 3}


def _rated(pool: Sequence[str], lines: Sequence[tuple[int, int, int]],
           found: Sequence[Sequence[GameResult]], seed: int, rules: Rules, anchor_name: str,
           anchor_index: int | None, *, prior: int, resamples: int, confidence: float,
           ci: str, workers: int, progress: bool, elapsed: float, play_workers: int
           ) -> LeagueResult:
    """The league's games (each line-up's, on the same deal sets), rated."""
    results = tuple(tuple(sorted(games, key=lambda g: g.index)) for games in found)
    place = deal_set_places(results)
    clusters: list[dict[Ranking, Fraction]] = [{} for _ in place]
    for line_up, games_played in zip(lines, results, strict=True):
        for game in games_played:
            cluster = clusters[place[game.deal_set]]
            for ranking, weight in _game_rankings(line_up, game).items():
                cluster[ranking] = cluster.get(ranking, Fraction(0)) + weight
    rating_start = time.perf_counter()
    try:
        fit = rate(clusters, len(pool), rng=random.Random(seed_mix(seed, "league-ratings")),
                   anchor=anchor_index, prior=prior, resamples=resamples,
                   confidence=confidence, workers=workers,
                   bar=ProgressBar(resamples if len(place) >= MIN_DEAL_SETS else 0, progress,
                                 label="ratings", unit="resamples"))
    except RatingError:
        if prior:
            raise  # a prior always gives an estimate: this is a bug, not the data
        # No estimate: the games stand without ratings (notes() says why).
        fit = RatingFit(tuple(Estimate(None) for _ in pool), (), 0, 0)
    rating_elapsed = time.perf_counter() - rating_start
    return LeagueResult(tuple(pool), tuple(lines), results, seed, rules, fit, anchor_name,
                        prior=prior, confidence=confidence, ci=ci, elapsed=elapsed,
                        rating_elapsed=rating_elapsed, workers=play_workers)
