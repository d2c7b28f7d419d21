"""The results of a tournament: each line-up entry's and each bot's rates with their
intervals (:class:`BotStats`), the whole (:class:`ArenaResult`), its table and its
JSON."""

from __future__ import annotations

import io
import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

from ..rules import Rules
from .games import GameResult, Tally, entry_label, seed_mix, sum_tallies
from .stats import Estimate, cluster_bootstrap, ratio_estimate, wilson

__all__ = [
    "CI_METHODS",
    "FORMAT",
    "LABEL_WIDTH",
    "ArenaResult",
    "BotStats",
    "Tabled",
    "deal_sets_phrase",
    "enough_digits",
    "estimate_cell",
    "plain_text",
    "points_bounds",
    "points_note",
    "print_uncropped",
    "short_number",
    "summary_json",
    "without_flat_interval",
]

FORMAT = "cutthroat-arena/1"
"""The ``format`` field of :meth:`ArenaResult.to_json`."""


class _Summed(Protocol):
    """What a tournament's result says of itself first (an arena's or a league's)."""

    @property
    def bots(self) -> tuple[str, ...]: ...
    @property
    def games(self) -> int: ...
    @property
    def deal_sets(self) -> int: ...
    @property
    def hands(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def confidence(self) -> float: ...
    @property
    def ci(self) -> str: ...


def summary_json(form: str, result: _Summed, **after_games: Any) -> dict[str, Any]:
    """The first keys of a tournament's JSON, in their documented order: ``format``
    (``form``), the bots, the games (then ``after_games``, in order), the deal sets, the
    hands, the seed, the rules and the intervals' confidence and method."""
    return {"format": form, "bots": list(result.bots), "games": result.games,
            **after_games, "deal_sets": result.deal_sets, "hands": result.hands,
            "seed": result.seed, "rules": result.rules.to_json(),
            "confidence": result.confidence, "ci": result.ci,
            "ci_method": CI_METHODS[result.ci]}

# --- results -----------------------------------------------------------------------

_RATIOS: tuple[tuple[str, str, str, bool], ...] = (
    ("win_rate", "wins", "games", True),
    ("points_per_game", "points", "games", False),
    ("maker_success", "made", "maker", True),
    ("euchre_rate", "euchred", "maker", True),
    ("inflicted_rate", "inflicted", "defended", True),
    ("loner_success", "loners_made", "loners", True),
)
"""Each rate: its name, its numerator and denominator (Tally fields), and whether it is
a proportion (else a count per game, never below 0)."""

_CAPPED = tuple(proportion and name != "win_rate" for name, _, _, proportion in _RATIOS)
"""Which rates' effective trials are at most their trials
(:func:`~cutthroat.sim.stats.korn_graubard`): every proportion but the win rate, whose
duplicate deal sets lower its variance by design; a maker's hands are as they come."""



def points_bounds(rules: Rules) -> tuple[float, float]:
    """The points a player can score in a game: from 0; where players level on top
    share the win (``tie="share"``, R22), at most ``target - 1`` before the last hand
    plus the most one hand scores (13 to 10); where they play on (the default), with no
    top (``inf``): a game tied on top goes on, past that. Points-per-game intervals are
    cut at these ends.

    >>> points_bounds(Rules(tie="share")), points_bounds(Rules())
    ((0.0, 13.0), (0.0, inf))
    """
    if rules.tie == "play_on":  # 9 + 4 = 13 each, level: another hand, and so on
        return 0.0, math.inf
    return 0.0, float(rules.target - 1 + rules.max_hand_points)


def points_note(rows: Iterable[Estimate], rules: Rules) -> str:
    """A caption's line saying that a points-per-game interval was cut at the most
    possible, when one was ("" when none was)."""
    top = points_bounds(rules)[1]
    if top < math.inf and any(e.high is not None and e.value is not None and e.high >= top
                              for e in rows):
        return (f"\nPoints per game: an interval is cut at {top:g}, the most a player "
                "can score in a game.")
    return ""

def without_flat_interval(estimate: Estimate) -> Estimate:
    """A points-per-game estimate without its interval when that has no width: deal sets
    that all gave the same points a game (two of 7.33) show no spread to build one on,
    and one of no width would read as certain (a proportion has Wilson's on its
    effective games instead). The arena's and the league's alike.

    >>> without_flat_interval(Estimate(10.0, 10.0, 10.0))
    Estimate(value=10.0, low=None, high=None)
    """
    if estimate.low is not None and estimate.low == estimate.high:
        return Estimate(estimate.value)
    return estimate


CI_METHODS = {
    "se": "standard error over deal sets (Student's t; rates: Wilson's)",
    "bootstrap": "bootstrap of deal sets (1000 resamples)",
}
"""The interval methods of :func:`~cutthroat.sim.arena.run_arena`, described."""


@dataclass(frozen=True, slots=True)
class BotStats:
    """The results of one line-up entry, or of every entry of one bot name.

    Attributes:
        label: ``"expert#0"`` for an entry, ``"intermediate (all)"`` for a name.
        name: the bot's registry name.
        entries: the line-up entries counted.
        totals: the summed :class:`Tally` (``games`` counts entry-games).
        estimates: rate name → :class:`~cutthroat.sim.stats.Estimate`: ``win_rate``
            (wins per game played; 1/3 is a fair share), ``points_per_game``,
            ``maker_success`` (made / hands as maker), ``euchre_rate`` (euchred / hands
            as maker), ``inflicted_rate`` (makers euchred / hands defended),
            ``loner_success`` (lone makers' hands made / gone alone).
        win_rate_wilson: the Wilson interval of the win rate as if games were
            independent, for comparison.
    """

    label: str
    name: str
    entries: tuple[int, ...]
    totals: Tally
    estimates: dict[str, Estimate]
    win_rate_wilson: tuple[float, float] | None

    def to_json(self) -> dict[str, Any]:
        """The bot's results as a JSON object."""
        t = self.totals
        est = self.estimates
        return {
            "label": self.label,
            "name": self.name,
            "entries": list(self.entries),
            "games": t.games,
            "wins": t.wins,
            "win_rate": est["win_rate"].to_json(),
            "win_rate_wilson": None if self.win_rate_wilson is None
            else list(self.win_rate_wilson),
            "points": t.points,
            "points_per_game": est["points_per_game"].to_json(),
            "hands": t.hands,
            "maker": {"hands": t.maker, "made": t.made, "marches": t.marches,
                      "success": est["maker_success"].to_json()},
            "euchred": {"count": t.euchred, "rate": est["euchre_rate"].to_json()},
            "defended": {"hands": t.defended, "euchres_inflicted": t.inflicted,
                         "rate": est["inflicted_rate"].to_json()},
            "loners": {"attempted": t.loners, "made": t.loners_made,
                       "success": est["loner_success"].to_json()},
            "defender_loners": {"attempted": t.def_loners, "made": t.def_loners_made},
        }


class Tabled:
    """A tournament's result, shown as its tables: :meth:`text`, ``print(result)``
    (what the command prints) and Rich's ``print``; each class draws its own
    :meth:`table`."""

    def table(self) -> Any:
        """The results as Rich renderables."""
        raise NotImplementedError

    def text(self, width: int = 160) -> str:
        """The table as plain text."""
        return plain_text(self.table(), width)

    def __str__(self) -> str:
        """The tables, as the command prints them (``print(result)``)."""
        return self.text(100)

    def __rich__(self) -> Any:
        """The tables, for Rich (a notebook's or a console's ``print``)."""
        return self.table()


@dataclass(repr=False)
class ArenaResult(Tabled):
    """The outcome of :func:`~cutthroat.sim.arena.run_arena`: every game's result and the
    statistics.

    Attributes:
        bots: the line-up (registry names or bot specs, entry by entry).
        seed: the tournament seed.
        rules: the rules played.
        results: every game, by index.
        confidence: the level of the intervals.
        ci: the interval method, a key of :data:`CI_METHODS`.
        elapsed: seconds spent playing.
        workers: worker processes used (1: played in this process).
        planned: the games planned, when Ctrl-C stopped the tournament before the end
            (its results are then those of the deal sets finished); ``None`` when it
            ran to the end.
        backend: where the games were played, a key of :data:`~cutthroat.sim.arena.BACKENDS`.
    """

    bots: tuple[str, str, str]
    seed: int
    rules: Rules
    results: tuple[GameResult, ...]
    confidence: float = 0.95
    ci: str = "se"
    elapsed: float = 0.0
    workers: int = 1
    planned: int | None = None
    backend: str = "local"
    _cache: dict[str, list[BotStats]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def games(self) -> int:
        """Games played (a multiple of 3)."""
        return len(self.results)

    @property
    def deal_sets(self) -> int:
        """Duplicate deal sets played (three games each)."""
        return len(self.results) // 3

    @cached_property
    def hands(self) -> int:
        """Hands dealt in all the games."""
        return sum(r.hands for r in self.results)

    @property
    def games_per_second(self) -> float | None:
        """Games played per second of wall time."""
        return self.games / self.elapsed if self.elapsed > 0 else None

    def _group(self, label: str, name: str, entries: tuple[int, ...]) -> BotStats:
        clusters: list[Tally] = []
        for start in range(0, len(self.results), 3):
            games = self.results[start:start + 3]
            clusters.append(sum_tallies(g.tallies[e] for g in games for e in entries))
        totals = sum_tallies(clusters)
        pairs = [([float(getattr(c, num)) for c in clusters],
                  [float(getattr(c, den)) for c in clusters]) for _, num, den, _ in _RATIOS]
        points = points_bounds(self.rules)
        if self.ci == "bootstrap":
            rng = random.Random(seed_mix(self.seed, "bootstrap", *entries))
            found = cluster_bootstrap(
                pairs, rng=rng, confidence=self.confidence,
                bounds=[None if p else points for *_, p in _RATIOS],
                proportions=[p for *_, p in _RATIOS], capped=_CAPPED)
        else:
            found = [ratio_estimate(n, d, confidence=self.confidence, proportion=p,
                                    bounds=None if p else points, capped=c)
                     for (n, d), (*_, p), c in zip(pairs, _RATIOS, _CAPPED, strict=True)]
        estimates = {r[0]: e for r, e in zip(_RATIOS, found, strict=True)}
        estimates["points_per_game"] = without_flat_interval(estimates["points_per_game"])
        if len(entries) == 3:  # one bot in every seat wins 1/3 of the games, exactly
            share = estimates["win_rate"].value
            # (no interval from one deal set, as for every other figure, or the table
            # would show one above its caption's "No intervals")
            estimates["win_rate"] = (Estimate(share, share, share) if len(clusters) >= 2
                                     else Estimate(share))
        interval = (wilson(totals.wins, totals.games, self.confidence)
                    if totals.games else None)
        return BotStats(label, name, entries, totals, estimates, interval)

    def entry_stats(self) -> list[BotStats]:
        """The statistics of each line-up entry, in line-up order."""
        if "entries" not in self._cache:
            self._cache["entries"] = [self._group(entry_label(n, e), n, (e,))
                                      for e, n in enumerate(self.bots)]
        return self._cache["entries"]

    def name_stats(self) -> list[BotStats]:
        """The statistics of each bot name, all its entries together, in line-up order.

        For a name entered ``k`` times, ``games`` counts ``k`` per game and the win rate
        is wins per entry-game, so 1/3 is still the fair share.
        """
        if "names" not in self._cache:
            names = list(dict.fromkeys(self.bots))
            self._cache["names"] = [
                self._group(f"{n} (all)" if self.bots.count(n) > 1 else n, n,
                            tuple(e for e, b in enumerate(self.bots) if b == n))
                for n in names]
        return self._cache["names"]

    @property
    def has_repeats(self) -> bool:
        """True when a bot name appears more than once in the line-up."""
        return len(set(self.bots)) < 3

    def to_json(self) -> dict[str, Any]:
        """The results as a JSON object (``format: cutthroat-arena/1``).

        Everything but ``elapsed_s``, ``games_per_s``, ``workers`` and ``backend``
        depends only on the line-up, the games, the seed, the rules and the interval
        method. Every key is described in docs/bots.md, "The arena's JSON". A
        tournament Ctrl-C stopped (:attr:`planned`) has ``interrupted`` last, with
        ``games_planned`` (the command adds the records kept), so that its games are not
        taken for the whole tournament.
        """
        out = {
            **summary_json(FORMAT, self),
            "entries": [s.to_json() for s in self.entry_stats()],
            "by_name": [s.to_json() for s in self.name_stats()],
            "backend": self.backend,
            "workers": self.workers,
            "elapsed_s": round(self.elapsed, 3),
            "games_per_s": None if self.games_per_second is None
            else round(self.games_per_second, 2),
        }
        if self.planned is not None:
            out["interrupted"] = {"games_planned": self.planned}
        return out

    def _rows(self) -> tuple[list[BotStats], int]:
        rows = self.entry_stats()
        return rows + (self.name_stats() if self.has_repeats else []), len(rows)

    def table(self) -> Any:
        """The results as Rich renderables (two tables: results, then play), one row per
        entry, then one per bot name when a name is entered more than once. Intervals
        sit under their estimates."""
        from rich import box
        from rich.console import Group
        from rich.table import Table

        pct = f"{self.confidence:.0%}"
        rows, entries = self._rows()
        stopped = ("" if self.planned is None else
                   f" (interrupted after {self.games:,} of {self.planned:,} games)")
        results = Table(
            title=f"{self.games} games: {deal_sets_phrase(self.deal_sets)} × 3 seatings, "
                  f"seed {self.seed}{stopped}",
            box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0),
        )
        # A label is kept on one line up to LABEL_WIDTH characters, where the figures'
        # columns would otherwise squeeze it first; a longer spec folds, shown whole.
        label = min(max(len(s.label) for s in rows), LABEL_WIDTH)
        ci = f"\n[{pct} CI]" if self.deal_sets >= 2 else ""  # none from one deal set
        for header in ("Bot", "Games", "Won", f"Win rate{ci}", f"Points per game{ci}",
                       "Hands"):
            results.add_column(header, justify="left" if header == "Bot" else "right",
                               overflow="fold", min_width=label if header == "Bot" else None)
        play = Table(box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0))
        for header in ("Bot", "Maker\nhands", f"Made{ci}", "Euchred",
                       f"Euchres\ninflicted{ci}", "Loners\nmade/tried"):
            play.add_column(header, justify="left" if header == "Bot" else "right",
                            overflow="fold", min_width=label if header == "Bot" else None)
        for i, s in enumerate(rows):
            t, est = s.totals, s.estimates
            last = i == entries - 1
            results.add_row(s.label, str(t.games), short_number(t.wins),
                            estimate_cell(est["win_rate"]),
                            estimate_cell(est["points_per_game"], ".2f"), str(t.hands),
                            end_section=last)
            play.add_row(
                s.label, str(t.maker), estimate_cell(est["maker_success"]), str(t.euchred),
                estimate_cell(est["inflicted_rate"]),
                f"{t.loners_made}/{t.loners}\n{t.def_loners_made}/{t.def_loners}",
                end_section=last,
            )
        intervals = (f"{pct} intervals: {CI_METHODS[self.ci]}." if self.deal_sets >= 2 else
                     "No intervals: they are over deal sets and need at least 2 (--games 6 "
                     "or more)." if self.planned is None else
                     "No intervals: they are over deal sets and need at least 2; "
                     f"{self.deal_sets} finished before Ctrl-C.")
        intervals += points_note((s.estimates["points_per_game"] for s in rows), self.rules)
        play.caption = (f"{intervals}\nMade, euchred: as maker; euchres inflicted: per "
                        f"hand defended.\nLoners: as maker, over alone as defender.\n"
                        f"Rules: {self.rules.describe()}.")
        return Group(results, play)

    def __repr__(self) -> str:
        """What it holds, in a line (the REPL's echo; ``print`` gives the tables)."""
        stopped = "" if self.planned is None else f" of {self.planned:,} planned"
        return (f"<ArenaResult: {self.games:,} games{stopped} of {', '.join(self.bots)}, "
                f"seed {self.seed}; print() it for the table>")


def plain_text(renderable: Any, width: int = 160) -> str:
    """A Rich table (or any renderable) as plain text, ``width`` characters wide."""
    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, width=width, no_color=True, highlight=False).print(renderable)
    return buffer.getvalue()


def print_uncropped(renderable: Any) -> None:
    """Print a results table on standard output whole. Laid out for the terminal's width
    (or ``COLUMNS``; 80 in a pipe), a table with many columns can still come out wider,
    and Rich would cut every line at the width, figures and words with it: the lines
    are printed whole instead (a narrower terminal wraps them; a file or a pipe keeps
    them as they are)."""
    from rich.console import Console

    Console().print(renderable, crop=False)


LABEL_WIDTH = 24
"""The longest bot label the arena's tables keep on one line however narrow the
terminal (``mybot.FirstLegal#0`` is 18); a longer one folds."""


def deal_sets_phrase(count: int) -> str:
    """``"1 duplicate deal set"``, ``"4 duplicate deal sets"``."""
    return f"{count} duplicate deal set{'' if count == 1 else 's'}"


def estimate_cell(est: Estimate, spec: str = ".3f") -> str:
    """An estimate over its interval, on two lines; with as many more decimals as it
    takes for no figure other than 0 to read as 0 (9 wins in 30,000 games: 0.0003
    [0.0001, 0.0005], not 0.000 [0.000, 0.000])."""
    if est.value is None:
        return "—"
    spec = enough_digits(spec, (est.value, est.low, est.high))
    interval = est.interval(spec)
    if interval is None:
        return format(est.value, spec)
    return f"{est.value:{spec}}\n{interval}"


def enough_digits(spec: str, figures: Iterable[float | None]) -> str:
    """``spec`` (``".3f"``), or with more decimals (up to 8) where a figure other than 0
    would read as 0 with it; a spec with a sign or not of that form as it is.

    >>> enough_digits(".3f", [0.0003, 0.0001, 0.0])
    '.4f'
    """
    if not (spec.startswith(".") and spec.endswith("f") and spec[1:-1].isdigit()):
        return spec
    digits = int(spec[1:-1])
    shown = [x for x in figures if x is not None and x != 0 and math.isfinite(x)]
    while digits < 8 and any(round(x, digits) == 0 for x in shown):
        digits += 1
    return f".{digits}f"


def short_number(x: float) -> str:
    """``x`` as a table writes a count: whole numbers without decimals (``3``), others
    with two (``2.50``, a shared win)."""
    return str(int(x)) if x == int(x) else f"{x:.2f}"

