"""Ratings from finishing orders: a Plackett–Luce model fitted by maximum likelihood with
choix, on an Elo-like scale, with intervals from a bootstrap of whole deal sets.

**The model.** Bot ``i`` has a strength ``θ_i``. A game's finishing order is drawn as
a chain of choices: the winner among the three players, bot ``i`` with probability
``exp(θ_i) / Σ_j exp(θ_j)``; then second place among the two left, the same way. Every
game's order is a *ranking*, and :func:`fit_strengths` gives the rankings to
``choix.ilsr_rankings`` (iterative Luce spectral ranking, whose fixed point is the
maximum-likelihood estimate).

**Ties.** Players level on points are split evenly over the orders that would break
the tie, as the arena splits a shared win: "a first, b and c level" counts half as the
ranking (a, b, c) and half as (a, c, b), a win shared by a and b half as (a, b, c) and
half as (b, a, c), three players level a sixth as each order. choix takes whole
rankings only, so the weights are scaled to whole numbers (by 2 or 6, then divided by
their greatest common divisor) and each ranking repeated that many times: the
likelihood is the same up to a constant power, so the estimate is too.

**The prior.** The maximum-likelihood estimate exists only if no group of bots always
finishes ahead of the rest (a bot that never finishes ahead of anyone is rated minus
infinity). ``prior`` virtual wins each way between every pair of bots (the two-bot
rankings (i, j) and (j, i), ``prior`` times each) keep every estimate finite and move
ratings backed by hundreds of games very little. ``prior=0`` fits the plain
maximum-likelihood estimate and raises :class:`RatingError` where it does not exist.

**The scale.** A rating is ``400·log10(e)·θ``: in a game, bot ``i`` wins with
probability ``10^(R_i/400) / Σ_j 10^(R_j/400)`` over the three players (ratings 200, 0
and 0: 61%, 19.4% and 19.4%), and of the two left for second place, by Elo's formula.
The scale has no origin of its own: ratings are anchored so that one bot is 0, or so
that they average 0.

**Intervals.** Percentile intervals from a bootstrap that draws whole clusters (deal
sets: every line-up of a league plays the same deal sets, so a drawn deal set brings
its games in every line-up along), each resample refitted from the full data's
estimate. With no prior a resample may have no estimate (a bot, or a group of bots,
finished ahead of the others in every game drawn, or behind them): such a resample is
not dropped, for its rating on that side is infinite. Where the games drawn put a bot
above (below) the anchor's group with no way back, it counts as +∞ (−∞); a bot in the
anchor's group (each ahead of the other in some game, through chains of finishes) gets
the finite rating that the fit of the games cut down to that group gives; where the
games drawn do not tell (the bot and the anchor never compared, or no anchor: the
mean, with bots on both sides), it counts as −∞ for the interval's lower end and +∞
for its upper end, the cautious side each time. An end that falls on an infinite
resample is open: ``low`` is ``-inf`` or ``high`` is ``inf``. The resamples are drawn
here, from one seeded generator, and may be fitted in worker processes: the intervals
do not depend on how many.

>>> finishing_order([3, 10, 3])
[(1,), (0, 2)]
>>> order_rankings([(1,), (0, 2)])
{(1, 0, 2): Fraction(1, 2), (1, 2, 0): Fraction(1, 2)}
>>> [round(p, 3) for p in win_probabilities([200.0, 0.0, 0.0])]
[0.613, 0.194, 0.194]
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from .stats import Estimate, check_confidence, percentile
from .workers import stop_pool, worker_pool

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "INSTALL_HINT",
    "REFIT_TOL",
    "SCALE",
    "Ranking",
    "RatingError",
    "RatingFit",
    "RatingsUnavailableError",
    "divergence",
    "finishing_order",
    "fit_strengths",
    "order_rankings",
    "prior_rankings",
    "rate",
    "require_choix",
    "to_ratings",
    "win_probabilities",
]

SCALE = 400 / math.log(10)
"""Rating points per unit of natural-log strength: 400·log10(e), about 173.7."""

INSTALL_HINT = "pip install 'cutthroat-euchre[sim]'"
"""The command that installs what the league's ratings (choix) and the plots
(matplotlib) need."""

REFIT_TOL = 1e-5
"""choix's convergence test for a bootstrap refit, which starts from the full data's
estimate: successive strengths within 10⁻⁵ per item, far below a hundredth of a rating
point from the exact estimate, in three passes over the data rather than five."""

Ranking = tuple[int, ...]
"""Items in the order they finished, best first (choix's ranking data)."""


class RatingError(ValueError):
    """The ratings cannot be fitted: an item without a game, or (with no prior) data
    whose maximum-likelihood estimate does not exist."""


class RatingsUnavailableError(RuntimeError):
    """Fitting ratings needs choix (and NumPy and SciPy), which is not installed."""


def require_choix() -> Any:
    """The ``choix`` module; :class:`RatingsUnavailableError`, saying how to install
    it, when it cannot be imported."""
    try:
        import choix
    except ImportError:
        raise RatingsUnavailableError(
            f"the league's ratings need choix, which is not installed: {INSTALL_HINT}"
        ) from None
    return choix


def finishing_order(points: Sequence[float], items: Sequence[int] | None = None
                    ) -> list[tuple[int, ...]]:
    """The players grouped by points, most first; players level share a group (sorted).
    ``items`` names the players (default: their positions in ``points``)."""
    names = list(range(len(points))) if items is None else list(items)
    if len(names) != len(points):
        raise ValueError("points and items differ in length")
    levels = sorted(set(points), reverse=True)
    return [tuple(sorted(n for n, p in zip(names, points, strict=True) if p == level))
            for level in levels]


def order_rankings(order: Sequence[Sequence[int]]) -> dict[Ranking, Fraction]:
    """The rankings a finishing order (groups of tied items, best first) counts as,
    each with its weight: a tie is split evenly over the orders that break it."""
    breaks = list(itertools.product(*(itertools.permutations(sorted(g)) for g in order)))
    weight = Fraction(1, len(breaks))
    return {tuple(item for part in parts for item in part): weight for parts in breaks}


def prior_rankings(n_items: int, prior: int) -> dict[Ranking, Fraction]:
    """``prior`` virtual wins each way between every pair of items: the rankings
    ``(i, j)`` and ``(j, i)``, ``prior`` times each."""
    if prior < 0:
        raise ValueError(f"prior must be at least 0, not {prior!r}")
    found: dict[Ranking, Fraction] = {}
    if prior:
        for i, j in itertools.combinations(range(n_items), 2):
            found[(i, j)] = found[(j, i)] = Fraction(prior)
    return found


def _scale(weights: Sequence[Fraction]) -> int:
    """The least whole number that makes every weight whole."""
    return math.lcm(1, *(w.denominator for w in weights))


def fit_strengths(n_items: int, counts: Mapping[Ranking, Fraction | int], *,
                  initial: Sequence[float] | None = None, tol: float = 1e-8) -> list[float]:
    """The maximum-likelihood Plackett–Luce strengths (natural log, averaging 0) of
    ``n_items`` items from weighted rankings, by ``choix.ilsr_rankings``. Weights are
    scaled to whole numbers and each ranking repeated as often (see the module's
    "Ties"). Raises :class:`RatingError` for an item without a ranking, or where the
    estimate does not exist (an item or group never ahead of the rest, or always)."""
    weights = [Fraction(w) for w in counts.values()]
    if any(w < 0 for w in weights):
        raise ValueError("ranking weights must not be negative")
    m = _scale(weights)
    return _fit(n_items, {r: int(w * m) for r, w in zip(counts, weights, strict=True)},
                initial, tol)


_NO_ESTIMATE = ("no maximum-likelihood estimate: some items never finish ahead of the rest, "
                "or always do (give a prior)")


def _fit(n_items: int, counts: Mapping[Ranking, int], initial: Sequence[float] | None,
         tol: float) -> list[float]:
    """``choix.ilsr_rankings`` on whole-number counts (divided by their common divisor
    first: the same estimate from fewer rankings)."""
    choix = require_choix()
    import numpy as np

    common = math.gcd(*counts.values()) or 1
    seen = {item for ranking, k in counts.items() if k for item in ranking}
    missing = sorted(set(range(n_items)) - seen)
    if missing:
        raise RatingError(f"item {missing[0]} has no game to be rated from")
    data: list[Ranking] = []
    for ranking, k in counts.items():
        data.extend([ranking] * (k // common))
    start = None if initial is None else np.asarray(initial, dtype=float)
    try:
        with np.errstate(all="ignore"):
            params: NDArray[np.float64] = choix.ilsr_rankings(
                n_items, data, initial_params=start, max_iter=200, tol=tol)
    except (ValueError, RuntimeError, np.linalg.LinAlgError) as exc:
        raise RatingError(f"{_NO_ESTIMATE} (choix: {exc})") from None
    if not np.all(np.isfinite(params)):
        raise RatingError(_NO_ESTIMATE)
    return [float(x) for x in params - params.mean()]


def to_ratings(strengths: Sequence[float], anchor: int | None = None) -> list[float]:
    """Strengths on the Elo-like scale (:data:`SCALE`), item ``anchor`` at 0, or their
    mean at 0 when ``anchor`` is ``None``."""
    base = math.fsum(strengths) / len(strengths) if anchor is None else strengths[anchor]
    return [SCALE * (s - base) for s in strengths]


def win_probabilities(ratings: Sequence[float]) -> list[float]:
    """Each player's chance of winning a game against the others, by the model:
    ``10^(R_i/400) / Σ_j 10^(R_j/400)``."""
    top = max(ratings)
    powers = [10 ** ((r - top) / 400) for r in ratings]
    total = math.fsum(powers)
    return [p / total for p in powers]


@dataclass(frozen=True, slots=True)
class RatingFit:
    """Ratings with their intervals, as :func:`rate` fitted them.

    Attributes:
        ratings: per item, on the Elo-like scale: the estimate from all the data and
            the bootstrap's percentile interval (none from fewer than two clusters; the
            anchor's is 0 to 0).
        strengths: per item, the fitted natural-log strengths (averaging 0).
        resamples: bootstrap resamples drawn.
        failed: resamples whose estimate did not exist (only with ``prior=0``); they
            count as infinite ratings (see the module's "Intervals"), so an interval's
            end may be infinite (open); no intervals when more than half failed.
    """

    ratings: tuple[Estimate, ...]
    strengths: tuple[float, ...]
    resamples: int
    failed: int


@dataclass(frozen=True, slots=True)
class _Refits:
    """Bootstrap resamples to refit (picklable, for a worker process)."""

    n_items: int
    rankings: tuple[Ranking, ...]
    counts: tuple[tuple[int, ...], ...]
    initial: tuple[float, ...]


def _refit(job: _Refits) -> list[list[float] | None]:
    """Each resample's strengths, or ``None`` where its estimate does not exist."""
    out: list[list[float] | None] = []
    for row in job.counts:
        try:
            out.append(_fit(job.n_items, dict(zip(job.rankings, row, strict=True)),
                            job.initial, REFIT_TOL))
        except RatingError:
            out.append(None)
    return out


def rate(
    clusters: Sequence[Mapping[Ranking, Fraction]],
    n_items: int,
    *,
    rng: random.Random,
    anchor: int | None = None,
    prior: int = 1,
    resamples: int = 1000,
    confidence: float = 0.95,
    workers: int = 1,
    bar: _Bar | None = None,
) -> RatingFit:
    """Fit the ratings of ``n_items`` items from the weighted rankings of each cluster
    (a deal set's games), with ``prior`` virtual wins each way per pair, and bootstrap
    them: each resample draws as many clusters, with replacement, from ``rng``, and is
    refitted in one of ``workers`` processes (1: here), advancing ``bar`` (a progress
    bar: a context manager with ``advance(n)``). ``anchor`` is the item rated 0
    (``None``: the ratings average 0). Raises :class:`RatingError` when the data's
    estimate does not exist (only with ``prior=0``)."""
    check_confidence(confidence)
    if resamples < 0:
        raise ValueError("resamples must be at least 0")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    if anchor is not None and not 0 <= anchor < n_items:
        raise ValueError(f"anchor {anchor} is not one of the {n_items} items")
    require_choix()
    import numpy as np

    virtual = prior_rankings(n_items, prior)
    rankings = list(dict.fromkeys([r for c in clusters for r in c] + list(virtual)))
    column = {r: k for k, r in enumerate(rankings)}
    m = _scale([w for c in clusters for w in c.values()] + list(virtual.values()))

    def whole(weights: Mapping[Ranking, Fraction]) -> NDArray[np.int64]:
        row = np.zeros(len(rankings), dtype=np.int64)
        for ranking, w in weights.items():
            row[column[ranking]] = int(w * m)
        return row

    table = np.zeros((len(clusters), len(rankings)), dtype=np.int64)
    for g, cluster in enumerate(clusters):
        table[g] = whole(cluster)
    base = whole(virtual)
    strengths = _fit(n_items, dict(zip(rankings, (int(k) for k in base + table.sum(axis=0)),
                                       strict=True)), None, 1e-8)
    count = len(clusters)
    rows: list[tuple[int, ...]] = []
    if count >= 2:
        for _ in range(resamples):
            times = np.bincount(rng.choices(range(count), k=count), minlength=count)
            rows.append(tuple(int(k) for k in base + times @ table))
    found = _refit_all(n_items, tuple(rankings), rows, tuple(strengths), workers,
                       bar or _NoBar())
    draws: list[list[float]] = [[] for _ in range(n_items)]
    # Per item, a failed resample's side: +inf, -inf, or nan (cannot tell which); a
    # finite limit (the anchor's group) is drawn as any other.
    sides: list[list[float]] = [[] for _ in range(n_items)]
    for refit, row in zip(found, rows, strict=True):
        if refit is not None:
            for i, r in enumerate(to_ratings(refit, anchor)):
                draws[i].append(r)
        else:
            for i, side in enumerate(divergence(n_items, dict(zip(rankings, row,
                                                                  strict=True)), anchor)):
                (draws if math.isfinite(side) else sides)[i].append(side)
    failed = sum(1 for f in found if f is None)
    alpha = (1 - confidence) / 2
    estimates = []
    for i, value in enumerate(to_ratings(strengths, anchor)):
        if len(rows) - failed < max(2, len(rows) // 2):
            estimates.append(Estimate(value))
        elif i == anchor:
            estimates.append(Estimate(0.0, 0.0, 0.0))
        else:
            up = sum(1 for s in sides[i] if s == math.inf)
            down = sum(1 for s in sides[i] if s == -math.inf)
            unsure = len(sides[i]) - up - down
            low = _percentile(sorted([-math.inf] * (down + unsure) + draws[i]
                                     + [math.inf] * up), alpha)
            high = _percentile(sorted([-math.inf] * down + draws[i]
                                      + [math.inf] * (up + unsure)), 1 - alpha)
            estimates.append(Estimate(value, low, high))
    return RatingFit(tuple(estimates), tuple(strengths), len(rows), failed)


def _percentile(ordered: Sequence[float], q: float) -> float:
    """:func:`~cutthroat.sim.stats.percentile` of values that may include ±inf (an
    order statistic next to an infinite one is infinite, not nan)."""
    pos = q * (len(ordered) - 1)
    i = math.floor(pos)
    j = min(i + 1, len(ordered) - 1)
    if pos == i or ordered[i] == ordered[j]:
        return ordered[i]
    if math.isinf(ordered[i]) or math.isinf(ordered[j]):
        return ordered[i] if ordered[i] == -math.inf else ordered[j]
    return percentile(ordered, q)


def divergence(n_items: int, counts: Mapping[Ranking, int],
               anchor: int | None = None) -> list[float]:
    """Where each item's rating goes when the data's estimate does not exist: ``inf``
    or ``-inf`` relative to the anchor (``None``: the items' mean), or ``nan`` where
    the data do not tell. Item ``i`` is above item ``j`` with no way back when a chain
    of finishes (``i`` ahead of ``k``, ``k`` ahead of ... ``j``) leads from ``i`` to
    ``j`` and none from ``j`` to ``i``: the likelihood grows without end as their gap
    does. An item in the anchor's group (ahead of the anchor in some game and behind it
    in another, through such chains) has a finite rating: the fit of the rankings cut
    down to the group's items, which the likelihood tends to. Relative to the mean, an
    item is ``inf`` when it is above some item and below none, with no item it cannot
    be compared with. Fractional weights are not allowed here: ``counts`` holds whole
    numbers of rankings (as :func:`rate` has them).

    >>> divergence(3, {(0, 1, 2): 2}, anchor=2)
    [inf, inf, 0.0]
    >>> divergence(3, {(0, 1): 1, (1, 0): 1, (0, 2): 1})
    [inf, inf, -inf]
    """
    reach = [[i == j for j in range(n_items)] for i in range(n_items)]
    for ranking, k in counts.items():
        if k:
            for pos, winner in enumerate(ranking):
                for loser in ranking[pos + 1:]:
                    reach[winner][loser] = True
    for m in range(n_items):  # the transitive closure (Warshall)
        for i in range(n_items):
            if reach[i][m]:
                for j in range(n_items):
                    if reach[m][j]:
                        reach[i][j] = True

    def above(i: int, j: int) -> bool:
        return reach[i][j] and not reach[j][i]

    out = []
    near = _near_anchor(n_items, counts, anchor, reach)
    for i in range(n_items):
        if anchor is not None:
            out.append(near.get(i, math.inf if above(i, anchor)
                                else -math.inf if above(anchor, i) else math.nan))
            continue
        others = [j for j in range(n_items) if j != i]
        unknown = any(not reach[i][j] and not reach[j][i] for j in others)
        up = any(above(i, j) for j in others)
        down = any(above(j, i) for j in others)
        out.append(math.nan if unknown or up == down else math.inf if up else -math.inf)
    return out


def _near_anchor(n_items: int, counts: Mapping[Ranking, int], anchor: int | None,
                 reach: Sequence[Sequence[bool]]) -> dict[int, float]:
    """The finite ratings of the items that finished ahead of the anchor and behind it
    (its strongly connected group), where the data's estimate does not exist: as every
    gap between groups grows without end, the likelihood tends to the Plackett–Luce
    likelihood of the rankings cut down to the group's items, fitted here."""
    if anchor is None:
        return {}
    group = [j for j in range(n_items) if reach[j][anchor] and reach[anchor][j]]
    if len(group) < 2:
        return {anchor: 0.0}
    place = {item: k for k, item in enumerate(group)}
    cut: dict[Ranking, int] = {}
    for ranking, k in counts.items():
        kept = tuple(place[x] for x in ranking if x in place)
        if k and len(kept) >= 2:
            cut[kept] = cut.get(kept, 0) + int(k)
    try:
        fitted = _fit(len(group), cut, None, REFIT_TOL)
    except RatingError:
        return {anchor: 0.0}
    return {item: SCALE * (fitted[k] - fitted[place[anchor]]) for item, k in place.items()}


class _Bar(Protocol):
    def __enter__(self) -> Any: ...

    def __exit__(self, *exc: object) -> None: ...

    def advance(self, n: int) -> None: ...


class _NoBar:
    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def advance(self, n: int) -> None:
        pass


def _refit_all(n_items: int, rankings: tuple[Ranking, ...], rows: list[tuple[int, ...]],
               initial: tuple[float, ...], workers: int, bar: _Bar
               ) -> list[list[float] | None]:
    """Refit every resample, in order: here, or in chunks on worker processes."""
    size = 10 if workers == 1 else max(1, math.ceil(len(rows) / (workers * 4)))
    jobs = [_Refits(n_items, rankings, tuple(rows[k:k + size]), initial)
            for k in range(0, len(rows), size)]
    found: list[list[float] | None] = []
    if workers == 1 or len(jobs) < 2:
        with bar:
            for job in jobs:
                found.extend(_refit(job))
                bar.advance(len(job.counts))
        return found
    pool = worker_pool(min(workers, len(jobs)))
    try:
        # Submitted before the bar starts its refresh thread: no fork while it runs.
        futures = [pool.submit(_refit, job) for job in jobs]
        with bar:
            for future in futures:
                chunk = future.result()
                found.extend(chunk)
                bar.advance(len(chunk))
    except BaseException:  # Ctrl-C (the workers ignore it) or a failure: stop them at once
        stop_pool(pool)
        raise
    pool.shutdown()
    return found
