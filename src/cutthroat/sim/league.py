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

import contextlib
import inspect
import io
import itertools
import os
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..bots import registry
from ..bots.registry import (
    BotSpecError,
    is_reference,
    line_up_specs,
    make_bot,
    normal_spec,
    parse_spec,
)
from ..rules import Rules
from ..state import as_seed
from .arena import BACKENDS, check_games, deal_sets
from .games import ArenaError, ArenaJob, GameResult, Tally, run_job, seed_mix, sum_tallies
from .ratings import (
    Ranking,
    RatingError,
    RatingFit,
    finishing_order,
    order_rankings,
    rate,
    require_choix,
    win_probabilities,
)
from .results import (
    CI_METHODS,
    LABEL_WIDTH,
    ArenaResult,
    deal_sets_phrase,
    points_bounds,
    points_note,
)
from .stats import Estimate, cluster_bootstrap, ratio_estimate
from .workers import (
    Keeper,
    ProgressBar,
    TournamentInterrupted,
    chunks,
    deal_sets_per_job,
    records_folder,
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

FORMAT = "cutthroat-league/1"
"""The ``format`` field of :meth:`LeagueResult.to_json`."""

MEAN = "mean"
"""The anchor that puts the pool's mean rating at 0."""

NO_ESTIMATE = ("with prior 0 the ratings have no maximum-likelihood estimate: some bots "
               "never finished ahead of the others, or always did; a prior of 1 (the "
               "default) gives every bot a rating")
"""The note of a league without ratings (:attr:`LeagueResult.rated`)."""

MIN_DEAL_SETS = 2
"""The fewest deal sets that give intervals: the bootstrap of the ratings and the
intervals of the win rates and points are all over deal sets (6 games per line-up)."""


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
        make_bot(spec, 0)
        key = _identity(spec)
        if key in seen:
            same = f"{spec} twice" if seen[key] == spec else f"as {seen[key]} and as {spec}"
            raise BotSpecError(f"the pool names the same bot {same}: each bot plays once "
                               "in a league (give a copy different options to rate it "
                               "as another bot)")
        seen[key] = spec
    return pool


def line_ups(n: int) -> list[tuple[int, int, int]]:
    """Every line-up of three of ``n`` bots, by pool index, in order.

    >>> line_ups(4)
    [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    """
    return [(a, b, c) for a, b, c in itertools.combinations(range(n), 3)]


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
        raise ArenaError(f"line-up {job.line_up} ({', '.join(job.job.bots)}): {exc}"
                         ) from exc


@dataclass(frozen=True, slots=True)
class BotStanding:
    """One bot's results over the league.

    Attributes:
        bot: its spec.
        index: its place in the pool.
        rank: 1 for the highest rating.
        rating: on the Elo-like scale, with its bootstrap interval.
        totals: its games summed over every line-up it played in (a :class:`Tally`).
        win_rate: wins per game (1/3 is a fair share), with its interval.
        points_per_game: with its interval.
    """

    bot: str
    index: int
    rank: int
    rating: Estimate
    totals: Tally
    win_rate: Estimate
    points_per_game: Estimate

    def to_json(self) -> dict[str, Any]:
        """The standing as a JSON object."""
        t = self.totals
        return {"rank": self.rank, "bot": self.bot, "rating": self.rating.to_json(),
                "games": t.games, "wins": t.wins, "win_rate": self.win_rate.to_json(),
                "points": t.points, "points_per_game": self.points_per_game.to_json(),
                "hands": t.hands}


@dataclass
class LeagueResult:
    """The outcome of :func:`run_league`.

    Attributes:
        bots: the pool, each spec in its one form.
        line_ups: every line-up of three, by pool index.
        results: per line-up, its games by index (the same deal sets in each).
        seed: the league's seed.
        rules: the rules played.
        fit: the ratings (:class:`~cutthroat.sim.ratings.RatingFit`), by pool index;
            with ``prior=0`` and data whose estimate does not exist, every rating has
            no value (:attr:`rated` is false) and the games are kept all the same.
        anchor: the bot rated 0, or ``"mean"`` for the pool's mean.
        prior: virtual wins each way between every pair of bots in the fit.
        confidence: the level of the intervals.
        ci: the interval method of the win rates and points (the ratings' is always a
            bootstrap of deal sets), a key of :data:`~cutthroat.sim.results.CI_METHODS`.
        elapsed: seconds spent playing.
        rating_elapsed: seconds spent fitting the ratings and their intervals.
        workers: worker processes used.
        planned: the games planned in all (every line-up), when Ctrl-C stopped the
            league: its results are then the deal sets that every line-up finished;
            ``None`` when it ran to the end.
        backend: where the games were played (``"local"``, ``"ray"``).
    """

    bots: tuple[str, ...]
    line_ups: tuple[tuple[int, int, int], ...]
    results: tuple[tuple[GameResult, ...], ...]
    seed: int
    rules: Rules
    fit: RatingFit
    anchor: str
    prior: int = 1
    confidence: float = 0.95
    ci: str = "se"
    elapsed: float = 0.0
    rating_elapsed: float = 0.0
    workers: int = 1
    planned: int | None = None
    backend: str = "local"
    _cache: dict[str, list[BotStanding]] = field(default_factory=dict, init=False,
                                                 repr=False, compare=False)

    @property
    def rated(self) -> bool:
        """Whether the bots have ratings: false only with ``prior=0`` where the data's
        maximum-likelihood estimate does not exist (see :meth:`notes`)."""
        return all(r.value is not None for r in self.fit.ratings)

    @property
    def games_per_line_up(self) -> int:
        """Games each line-up played (a multiple of 3)."""
        return len(self.results[0]) if self.results else 0

    @property
    def deal_sets(self) -> int:
        """Duplicate deal sets, played by every line-up."""
        return self.games_per_line_up // 3

    @property
    def games(self) -> int:
        """Games played in all."""
        return sum(len(r) for r in self.results)

    @property
    def hands(self) -> int:
        """Hands dealt in all the games."""
        return sum(g.hands for r in self.results for g in r)

    def line_up_result(self, k: int) -> ArenaResult:
        """Line-up ``k``'s games as an arena result (its table, per-entry statistics)."""
        bots = tuple(self.bots[i] for i in self.line_ups[k])
        return ArenaResult((bots[0], bots[1], bots[2]), self.seed, self.rules,
                           self.results[k], confidence=self.confidence, ci=self.ci)

    def _clusters(self, bot: int) -> list[Tally]:
        """The bot's tallies, summed per deal set over every line-up it played in."""
        place = _deal_set_places(self.results)
        clusters = [Tally()] * len(place)
        for line_up, games in zip(self.line_ups, self.results, strict=True):
            if bot in line_up:
                entry = line_up.index(bot)
                for g in games:
                    k = place[g.deal_set]
                    clusters[k] = clusters[k] + g.tallies[entry]
        return clusters

    def standings(self) -> list[BotStanding]:
        """Every bot's standing, highest rating first (the pool's order among equals);
        without ratings (:attr:`rated`), highest win rate first, then most points."""
        if "standings" in self._cache:
            return self._cache["standings"]
        ratings = self.fit.ratings
        by_bot = [self._clusters(i) for i in range(len(self.bots))]
        totals = [sum_tallies(clusters) for clusters in by_bot]
        rated = self.rated

        def rank_key(i: int) -> tuple[float, ...]:
            if rated:
                return (-(ratings[i].value or 0.0), i)
            t = totals[i]
            return (-t.wins / t.games, -t.points / t.games, i) if t.games else (0, 0, i)

        found = []
        for rank, i in enumerate(sorted(range(len(self.bots)), key=rank_key), start=1):
            clusters = by_bot[i]
            pairs = [([float(c.wins) for c in clusters], [float(c.games) for c in clusters]),
                     ([float(c.points) for c in clusters], [float(c.games) for c in clusters])]
            if self.ci == "bootstrap":
                win, ppg = cluster_bootstrap(
                    pairs, rng=random.Random(seed_mix(self.seed, "league-ci", i)),
                    confidence=self.confidence, bounds=[None, points_bounds(self.rules)],
                    proportions=[True, False])
            else:
                win = ratio_estimate(*pairs[0], confidence=self.confidence, proportion=True)
                ppg = ratio_estimate(*pairs[1], confidence=self.confidence,
                                     bounds=points_bounds(self.rules))
            found.append(BotStanding(self.bots[i], i, rank, ratings[i], totals[i], win, ppg))
        self._cache["standings"] = found
        return found

    def notes(self) -> list[str]:
        """Why ratings or intervals are missing, if they are, in plain words (empty when
        everything is there): no ratings where ``prior=0`` has no estimate, no intervals
        at all from fewer than :data:`MIN_DEAL_SETS` deal sets, none for the ratings
        with 0 resamples or too few resamples with an estimate."""
        notes = [] if self.rated else [NO_ESTIMATE]
        if self.deal_sets < MIN_DEAL_SETS:
            return [*notes, f"no intervals: they need at least {MIN_DEAL_SETS} deal sets "
                    f"({3 * MIN_DEAL_SETS} games per line-up or more: --games "
                    f"{3 * MIN_DEAL_SETS}); this league played {self.deal_sets}, so no "
                    "bootstrap resamples were drawn"]
        if notes:
            return notes
        fit = self.fit
        if fit.resamples == 0:
            return ["no rating intervals: their bootstrap was skipped to stop at once "
                    "after Ctrl-C" if self.planned is not None
                    else "no rating intervals: --resamples 0"]
        estimated = fit.resamples - fit.failed
        needed = max(2, fit.resamples // 2)
        if estimated < needed:
            return [f"no rating intervals: {estimated} of {fit.resamples} resamples had "
                    f"an estimate, fewer than the {needed} needed"]
        return []

    def _line_ups_json(self) -> list[dict[str, Any]]:
        ratings = [r.value or 0.0 for r in self.fit.ratings]
        rated = self.rated
        out = []
        for line_up, games in zip(self.line_ups, self.results, strict=True):
            totals = [sum_tallies(g.tallies[e] for g in games) for e in range(3)]
            out.append({
                "bots": [self.bots[i] for i in line_up],
                "games": len(games),
                "wins": [t.wins for t in totals],
                "points_per_game": [t.points / len(games) if games else None
                                    for t in totals],
                "model_win_rate": (win_probabilities([ratings[i] for i in line_up])
                                   if rated else None),
            })
        return out

    def to_json(self) -> dict[str, Any]:
        """The league as a JSON object (``format: cutthroat-league/1``); ``notes`` says
        why intervals are missing, if they are (:meth:`notes`). Everything but
        ``elapsed_s``, ``rating_elapsed_s``, ``games_per_s``, ``workers`` and
        ``backend`` depends only on the pool, the games, the seed, the rules and the
        rating settings."""
        fit = self.fit
        return {
            "format": FORMAT,
            "bots": list(self.bots),
            "games": self.games,
            "games_per_line_up": self.games_per_line_up,
            "deal_sets": self.deal_sets,
            "hands": self.hands,
            "seed": self.seed,
            "rules": self.rules.to_json(),
            "confidence": self.confidence,
            "ci": self.ci,
            "ci_method": CI_METHODS[self.ci],
            "rating": {
                "model": "Plackett-Luce on each game's finishing order by points",
                "fit": "maximum likelihood, choix.ilsr_rankings",
                "ties": "split evenly over the orders that break them",
                "scale": "400*log10: P(i wins) = 10^(R_i/400) / sum_j 10^(R_j/400)",
                "anchor": self.anchor,
                "prior": self.prior,
                "interval": "percentile bootstrap of deal sets, all line-ups together",
                "resamples": fit.resamples,
                "failed_resamples": fit.failed,
            },
            "notes": self.notes(),
            "standings": [s.to_json() for s in self.standings()],
            "line_ups": self._line_ups_json(),
            "backend": self.backend,
            "workers": self.workers,
            "elapsed_s": round(self.elapsed, 3),
            "rating_elapsed_s": round(self.rating_elapsed, 3),
            "games_per_s": round(self.games / self.elapsed, 2) if self.elapsed > 0 else None,
        }

    def table(self) -> Any:
        """The standings as a Rich table, highest rating first, intervals under their
        estimates, and a caption that says how the ratings were made."""
        from rich import box
        from rich.table import Table

        from .results import estimate_cell, short_number

        pct = f"{self.confidence:.0%}"
        n, lines = len(self.bots), len(self.line_ups)
        stopped, which = "", ""
        if self.planned is not None:
            stopped = f", interrupted (Ctrl-C) with {self.planned:,} games planned"
            which = ", those every line-up finished,"
        table = Table(
            title=f"League of {n} bots{stopped}: {lines} line-up{'s' if lines != 1 else ''} "
                  f"× {self.games_per_line_up} games ({deal_sets_phrase(self.deal_sets)}"
                  f"{which} × 3 seatings), seed {self.seed}",
            box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0),
        )
        standings = self.standings()
        label = min(max((len(s.bot) for s in standings), default=0), LABEL_WIDTH)
        for header in ("#", "Bot", f"Rating\n[{pct} CI]", "Games", "Won",
                       f"Win rate\n[{pct} CI]", f"Points per game\n[{pct} CI]"):
            table.add_column(header, justify="left" if header == "Bot" else "right",
                             overflow="fold", min_width=label if header == "Bot" else None)
        for s in standings:
            t = s.totals
            table.add_row(str(s.rank), s.bot, estimate_cell(s.rating, "+.0f"), str(t.games),
                          short_number(t.wins), estimate_cell(s.win_rate),
                          estimate_cell(s.points_per_game, ".2f"))
        anchor = ("the pool's mean at 0" if self.anchor == MEAN
                  else f"{self.anchor} at 0")
        fit = self.fit
        failed = (f", {fit.failed} without an estimate, counted as infinite ratings: "
                  "∞ marks an open end" if fit.failed else "")
        wins = "win" if self.prior == 1 else "wins"
        notes = self.notes()
        if not self.rated:
            intervals = f"No ratings: {notes.pop(0)}.\n" + (
                f"{notes[0][0].upper()}{notes[0][1:]}." if notes
                else f"{pct} intervals: win rate and points, {CI_METHODS[self.ci]}.")
        elif self.deal_sets < MIN_DEAL_SETS:
            intervals = f"{notes[0][0].upper()}{notes[0][1:]}."
        else:
            rating = (f"none ({notes[0].removeprefix('no rating intervals: ')})" if notes
                      else f"bootstrap of deal sets across all line-ups ({fit.resamples} "
                      f"resamples{failed})")
            intervals = (f"{pct} intervals: rating, {rating}; win rate and points, "
                         f"{CI_METHODS[self.ci]}.")
        intervals += points_note((s.points_per_game for s in self.standings()), self.rules)
        table.caption = (
            f"Rating: Plackett–Luce fit of every game's finishing order by points (ties "
            f"split over their orders, {self.prior} virtual {wins} each way per pair), "
            f"400·log10 scale, {anchor}.\n{intervals}\nRules: {self.rules.describe()}.")
        return table

    def text(self, width: int = 160) -> str:
        """The table as plain text."""
        from rich.console import Console

        buffer = io.StringIO()
        Console(file=buffer, width=width, no_color=True, highlight=False).print(self.table())
        return buffer.getvalue()


def _deal_set_places(results: Sequence[Sequence[GameResult]]) -> dict[int, int]:
    """Each deal set played, by number, to its place among them: 0, 1, 2, ... (all of
    them but in a league stopped by Ctrl-C, which keeps the deal sets that every line-up
    finished, in any order)."""
    found = sorted({g.deal_set for games in results for g in games})
    return {d: k for k, d in enumerate(found)}


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

    Ctrl-C stops the league with :class:`~cutthroat.sim.workers.TournamentInterrupted`,
    whose ``result`` is the league of the deal sets that every line-up finished (rated,
    without the ratings' bootstrap, to stop at once; its ``planned`` says how many
    games were planned), or ``None`` where no deal set
    was finished by all of them. Folders of ``records`` left empty are removed.
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be local or ray, not {backend!r}")
    check_games(games)
    seed = as_seed(seed)  # refused as --seed refuses it: a negative one, a float
    if ci not in CI_METHODS:
        raise ValueError(f"ci must be one of {', '.join(CI_METHODS)}, not {ci!r}")
    if not 0.0 < confidence < 1.0:
        raise ValueError("confidence must lie strictly between 0 and 1")
    if prior < 0 or resamples < 0:
        raise ValueError("prior and resamples must be at least 0")
    require_choix()
    pool = check_pool(bots)
    anchor_name, anchor_index = resolve_anchor(pool, anchor)
    rules = rules or Rules()
    sets = deal_sets(games)
    lines = line_ups(len(pool))
    workers = resolve_workers(workers, backend)
    play_workers = min(workers, sets * len(lines))
    keepers = [Keeper(None) for _ in lines]
    if records is not None:
        top = records_folder(records)
        for k, keeper in enumerate(keepers):
            keeper.folder = top / f"lineup-{k:03d}"  # made with its first record
    total = sets * len(lines)
    per_job = deal_sets_per_job(total, play_workers)
    # A generator: the jobs are made as the workers are ready for them. Deal sets come
    # first, line-ups second: a league stopped by Ctrl-C has played about as many deal
    # sets in every line-up, and those every line-up finished are rated.
    jobs = (_LeagueJob(k, ArenaJob((pool[a], pool[b], pool[c]), rules, seed, chunk,
                               records is not None))
            for chunk in chunks(sets, per_job) for k, (a, b, c) in enumerate(lines))

    def keep(chunk: list[tuple[int, tuple[GameResult, str | None]]]) -> None:
        for k, played in chunk:
            keepers[k]([played])

    start_time = time.perf_counter()
    bar = ProgressBar(3 * total, progress, label="league")
    cpus: list[int] = []
    try:
        if backend == "ray":
            from .ray_backend import run_on_ray

            run_on_ray(jobs, _run_league_job, play_workers, address, bar, keep=keep,
                       on_cpus=cpus.append)
        elif play_workers == 1:
            with bar:
                for job in jobs:
                    keep(_run_league_job(job))
                    bar.advance(3 * len(job.job.sets))
        else:
            run_pool(jobs, _run_league_job, play_workers, bar, keep=keep)
    except KeyboardInterrupt:
        elapsed = time.perf_counter() - start_time
        for keeper in keepers:  # no folder left behind for a line-up without a record
            if keeper.folder is not None and keeper.records == 0:
                with contextlib.suppress(OSError):
                    keeper.folder.rmdir()
        common = set.intersection(*({g.deal_set for g in k.results} for k in keepers))
        done = None
        if common:
            kept = [[g for g in k.results if g.deal_set in common] for k in keepers]
            # No bootstrap of the ratings (seconds to minutes): Ctrl-C stops at once.
            done = _rated(pool, lines, kept, seed, rules, anchor_name, anchor_index,
                          prior=prior, resamples=0, confidence=confidence, ci=ci,
                          workers=workers, progress=progress, elapsed=elapsed,
                          play_workers=play_workers)
            done.planned, done.backend = 3 * total, backend
        raise TournamentInterrupted(done, sum(len(k.results) for k in keepers),
                                    3 * total, sum(k.records for k in keepers)) from None
    if address is not None and cpus:
        play_workers = cpus[0]  # a cluster joined: its CPUs, not the workers asked for
    elapsed = time.perf_counter() - start_time
    done = _rated(pool, lines, [k.results for k in keepers], seed, rules, anchor_name,
                  anchor_index, prior=prior, resamples=resamples, confidence=confidence,
                  ci=ci, workers=workers, progress=progress, elapsed=elapsed,
                  play_workers=play_workers)
    done.backend = backend
    return done


def _rated(pool: Sequence[str], lines: Sequence[tuple[int, int, int]],
           found: Sequence[Sequence[GameResult]], seed: int, rules: Rules, anchor_name: str,
           anchor_index: int | None, *, prior: int, resamples: int, confidence: float,
           ci: str, workers: int, progress: bool, elapsed: float, play_workers: int
           ) -> LeagueResult:
    """The league's games (each line-up's, on the same deal sets), rated."""
    results = tuple(tuple(sorted(games, key=lambda g: g.index)) for games in found)
    place = _deal_set_places(results)
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
