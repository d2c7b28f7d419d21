"""What a league gives: each bot's standing (:class:`BotStanding`) and the league's
result (:class:`LeagueResult`: the games of every line-up, the ratings, the table and
the JSON), with the line-ups of a pool (:func:`line_ups`). :func:`~cutthroat.sim.league.run_league`
plays the league and returns it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules import Rules
from .games import GameResult, Tally, seed_mix, sum_tallies
from .ratings import RatingFit, win_probabilities
from .results import (
    CI_METHODS,
    LABEL_WIDTH,
    ArenaResult,
    Tabled,
    deal_sets_phrase,
    points_bounds,
    points_note,
    summary_json,
    without_flat_interval,
)
from .stats import Estimate, cluster_bootstrap, ratio_estimate

__all__ = ["FEW_DEAL_SETS", "FORMAT", "MEAN", "MIN_DEAL_SETS", "NO_ESTIMATE", "BotStanding",
           "LeagueResult", "deal_set_places", "line_ups"]

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


FEW_DEAL_SETS = 10
"""Below this many deal sets the ratings' bootstrap intervals are given but said to be
too narrow to trust: a percentile bootstrap of a few deal sets has few distinct
resamples (3 from 2 deal sets), and in a QA run 4 of 6 leagues of 2 deal sets gave a
95% interval that left out a bot's true rating (1 of 6 at 10)."""


def line_ups(n: int) -> list[tuple[int, int, int]]:
    """Every line-up of three of ``n`` bots, by pool index, in order.

    >>> line_ups(4)
    [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    """
    return [(a, b, c) for a, b, c in itertools.combinations(range(n), 3)]


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


@dataclass(repr=False)
class LeagueResult(Tabled):
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
        place = deal_set_places(self.results)
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
            found.append(BotStanding(self.bots[i], i, rank, ratings[i], totals[i], win,
                                     without_flat_interval(ppg)))
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
        rating settings. A league Ctrl-C stopped (:attr:`planned`) has ``interrupted``
        last, with ``games_planned`` (the command adds the games played and the records
        kept)."""
        fit = self.fit
        out: dict[str, Any] = {
            **summary_json(FORMAT, self, games_per_line_up=self.games_per_line_up),
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
        if self.planned is not None:
            out["interrupted"] = {"games_planned": self.planned}
        return out

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
            few = (f"; from {self.deal_sets} deal sets, too narrow to trust below "
                   f"{FEW_DEAL_SETS} ({3 * FEW_DEAL_SETS} games per line-up)"
                   if self.deal_sets < FEW_DEAL_SETS else "")
            rating = (f"none ({notes[0].removeprefix('no rating intervals: ')})" if notes
                      else f"bootstrap of deal sets across all line-ups ({fit.resamples} "
                      f"resamples{failed}{few})")
            intervals = (f"{pct} intervals: rating, {rating}; win rate and points, "
                         f"{CI_METHODS[self.ci]}.")
        intervals += points_note((s.points_per_game for s in self.standings()), self.rules)
        table.caption = (
            f"Rating: Plackett–Luce fit of every game's finishing order by points (ties "
            f"split over their orders, {self.prior} virtual {wins} each way per pair), "
            f"400·log10 scale, {anchor}.\n{intervals}\nRules: {self.rules.describe()}.")
        return table

    def __repr__(self) -> str:
        """What it holds, in a line (the REPL's echo; ``print`` gives the standings)."""
        stopped = "" if self.planned is None else f" of {self.planned:,} planned"
        return (f"<LeagueResult: {len(self.bots)} bots ({', '.join(self.bots)}), "
                f"{len(self.line_ups)} line-up{'' if len(self.line_ups) == 1 else 's'}, "
                f"{self.games:,} games{stopped}, seed "
                f"{self.seed}; print() it for the standings>")


def deal_set_places(results: Sequence[Sequence[GameResult]]) -> dict[int, int]:
    """Each deal set played, by number, to its place among them: 0, 1, 2, ... (all of
    them but in a league stopped by Ctrl-C, which keeps the deal sets that every line-up
    finished, in any order)."""
    found = sorted({g.deal_set for games in results for g in games})
    return {d: k for k, d in enumerate(found)}
