"""Charts: the arena's win rates (bars, with their intervals and the fair share) and a
league's ratings (points, with their intervals).

Needs matplotlib, an optional dependency: ``pip install 'cutthroat-euchre[sim]'``.
"""

from __future__ import annotations

import importlib
import math
import os
import re
import textwrap
from typing import TYPE_CHECKING, Any

from .ratings import INSTALL_HINT
from .results import ArenaResult, BotStats, deal_sets_phrase, enough_digits

if TYPE_CHECKING:
    from .league import LeagueResult

__all__ = [
    "INSTALL_HINT",
    "PlotUnavailableError",
    "check_plot_format",
    "plot_ratings",
    "plot_win_rates",
    "require_matplotlib",
    "win_rate_title",
]


class PlotUnavailableError(RuntimeError):
    """Plotting needs matplotlib, which is not installed."""


def require_matplotlib() -> None:
    """Raise :class:`PlotUnavailableError`, saying how to install it, unless matplotlib
    can be imported."""
    _figure_class()


def check_plot_format(path: str | os.PathLike[str]) -> None:
    """Raise ``ValueError``, naming the formats matplotlib can write, unless the file
    name's extension is one of them (``.png``, ``.svg``, ``.pdf``, ...): checked before
    the tournament, not after it. Raises :class:`PlotUnavailableError` without
    matplotlib."""
    _figure_class()
    canvas = importlib.import_module("matplotlib.backend_bases").FigureCanvasBase
    formats = sorted(canvas.get_supported_filetypes())
    extension = os.path.splitext(os.fspath(path))[1][1:].lower()
    if extension not in formats:
        said = f"a .{extension} file" if extension else "a file without an extension"
        raise ValueError(f"matplotlib cannot write {said}: give the file one of the "
                         f"extensions {', '.join(formats)}")


def _figure_class() -> Any:
    try:
        return importlib.import_module("matplotlib.figure").Figure
    except ImportError:
        raise PlotUnavailableError(
            f"plotting needs matplotlib, which is not installed: {INSTALL_HINT}"
        ) from None


def win_rate_title(result: ArenaResult) -> str:
    """The win-rate chart's title: the games, the deal sets, and the intervals' level,
    or that there are none (they are over deal sets, and one gives none)."""
    played = (f"{result.games} games" if result.planned is None
              else f"interrupted after {result.games:,} of {result.planned:,} games")
    games = f"Win rate, {played} ({deal_sets_phrase(result.deal_sets)})"
    if result.deal_sets < 2:
        return f"{games}, no intervals (they need 2 deal sets or more)"
    return f"{games}, {result.confidence:.0%} CI"


def wrapped_label(label: str, width: int = 14) -> str:
    """A bot's label on the chart's axis, broken into lines of about ``width``
    characters after its dots, colons and commas (a spec has no spaces), so that long
    labels side by side do not run into each other.

    >>> wrapped_label("random#0")
    'random#0'
    >>> print(wrapped_label("greedy_bot.GreedyBot:bid_trumps=2#0"))
    greedy_bot.
    GreedyBot:
    bid_trumps=2#0
    """
    if len(label) <= width:
        return label
    lines = [""]
    for piece in re.split(r"(?<=[.:,])", label):
        if lines[-1] and len(lines[-1]) + len(piece) > width:
            lines.append("")
        lines[-1] += piece
    return "\n".join(lines)


def _reach(upper: float, lower: float | None) -> float:
    """How far an interval reaches from its estimate on one side (``upper - lower``),
    never below 0: a bootstrap's interval may leave out its estimate, or miss it by a
    float's rounding (a rating 903.6719063311717 whose low end is 903.6719063354071),
    and matplotlib refuses a negative error bar.

    >>> _reach(2.0, 1.5), _reach(903.6719063311717, 903.6719063354071), _reach(1.0, None)
    (0.5, 0.0, 0.0)
    """
    return 0.0 if lower is None else max(0.0, upper - lower)


def plot_win_rates(result: ArenaResult, path: str | os.PathLike[str]) -> None:
    """Write a bar chart of each entry's win rate (and of each repeated bot name's)
    with its confidence interval and a line at the fair share, 1/3. The file format
    follows the name's extension (``.png``, ``.svg``, ``.pdf``)."""
    figure_class = _figure_class()  # before any work, so a missing matplotlib says so
    rows: list[BotStats] = list(result.entry_stats())
    if result.has_repeats:
        rows += [s for s in result.name_stats() if len(s.entries) > 1]
    labels, values, below, above, colours = [], [], [], [], []
    for s in rows:
        est = s.estimates["win_rate"]
        value = est.value or 0.0
        labels.append(wrapped_label(s.label))
        values.append(value)
        below.append(_reach(value, est.low))
        above.append(_reach(est.high, value) if est.high is not None else 0.0)
        colours.append("tab:blue" if len(s.entries) == 1 else "tab:gray")

    fig = figure_class(figsize=(max(5.0, 1.4 * len(rows) + 2), 4.2), layout="constrained")
    ax = fig.add_subplot()
    positions = list(range(len(rows)))
    intervals = result.deal_sets >= 2  # else none: they are over deal sets
    ax.bar(positions, values, color=colours, yerr=[below, above] if intervals else None,
           capsize=6, error_kw={"elinewidth": 1.2})
    ax.axhline(1 / 3, color="tab:red", linestyle="--", linewidth=1, label="fair share (1/3)")
    ax.set_xticks(positions, labels)
    ax.set_ylim(0, max(1 / 3, *(v + a for v, a in zip(values, above, strict=True))) * 1.15)
    ax.set_ylabel("win rate")
    # the title in lines the figure holds (an interrupted run's is long)
    ax.set_title(textwrap.fill(win_rate_title(result), int(11 * fig.get_figwidth())),
                 fontsize=10)
    for x, v in zip(positions, values, strict=True):
        ax.annotate(format(v, enough_digits(".3f", [v])), (x, v), xytext=(8, 3),
                    textcoords="offset points",
                    fontsize=8)
    ax.legend(loc="upper right", fontsize=8)
    fig.savefig(os.fspath(path), dpi=120)


def plot_ratings(result: LeagueResult, path: str | os.PathLike[str]) -> None:
    """Write a chart of a league's ratings, highest at the top, each a point with its
    bootstrap interval, and a line at 0 (the anchor). The file format follows the name's
    extension (``.png``, ``.svg``, ``.pdf``). A league without ratings
    (:attr:`~cutthroat.sim.league.LeagueResult.rated`) raises :class:`ValueError`."""
    if not result.rated:
        raise ValueError("the league has no ratings to draw (prior 0 without an estimate)")
    figure_class = _figure_class()
    rows = list(reversed(result.standings()))  # the highest drawn at the top
    values = [s.rating.value or 0.0 for s in rows]
    # An open end (prior 0: resamples without an estimate) is drawn to the chart's edge,
    # with an arrow.
    ends = [x for s in rows for x in (s.rating.low, s.rating.high, s.rating.value)
            if x is not None and math.isfinite(x)]
    reach = (max(ends) - min(ends)) * 0.15 + 50 if ends else 50.0
    edge = (min(ends, default=0.0) - reach, max(ends, default=0.0) + reach)
    lows = [s.rating.low if s.rating.low is None or math.isfinite(s.rating.low) else edge[0]
            for s in rows]
    highs = [s.rating.high if s.rating.high is None or math.isfinite(s.rating.high)
             else edge[1] for s in rows]
    below = [_reach(v, low) for v, low in zip(values, lows, strict=True)]
    above = [_reach(high, v) if high is not None else 0.0
             for v, high in zip(values, highs, strict=True)]
    width = max(len(s.bot) for s in rows)
    fig = figure_class(figsize=(6.5 + 0.06 * width, 1.2 + 0.45 * len(rows)),
                       layout="constrained")
    ax = fig.add_subplot()
    positions = list(range(len(rows)))
    ax.errorbar(values, positions, xerr=[below, above], fmt="o", color="tab:blue",
                capsize=5, elinewidth=1.2)
    for y, s in enumerate(rows):
        for end, x, marker in ((s.rating.low, edge[0], "<"), (s.rating.high, edge[1], ">")):
            if end is not None and math.isinf(end):
                ax.plot([x], [y], marker=marker, color="tab:blue")
    anchor = "mean" if result.anchor == "mean" else result.anchor
    ax.axvline(0, color="tab:red", linestyle="--", linewidth=1, label=f"0 = {anchor}")
    ax.set_yticks(positions, [s.bot for s in rows])
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.set_xlabel("rating (Elo-like: 400·log10 of the ratio of strengths)")
    intervals = (f"{result.confidence:.0%} CI (bootstrap of deal sets)" if result.fit.resamples
                 else "no intervals")
    stopped = "" if result.planned is None else ", interrupted (Ctrl-C)"
    ax.set_title(f"League ratings, {len(result.line_ups)} line-ups × "
                 f"{result.games_per_line_up} games{stopped}, {intervals}", fontsize=10)
    for y, v in zip(positions, values, strict=True):
        ax.annotate(f"{v:+.0f}", (v, y), xytext=(0, 7), textcoords="offset points",
                    ha="center", fontsize=8)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(axis="x", alpha=0.3)
    fig.savefig(os.fspath(path), dpi=120)
