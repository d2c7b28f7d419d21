"""Interval estimates for tournament results, in the standard library only.

The arena's games are not independent: the three games of a duplicate deal set share
their cards. So the arena treats each deal set as one *cluster* and estimates every
rate as a ratio of per-cluster sums (wins / games, hands made / hands as maker, ...).
:func:`ratio_estimate` gives its cluster-robust standard error (the linearised, or
"delta method", variance of a ratio estimator, with Student's t on ``clusters - 1``
degrees of freedom); :func:`cluster_bootstrap` gives percentile intervals from
resampling whole clusters with a seeded generator. A proportion (a win rate) gets
:func:`korn_graubard`'s interval: :func:`wilson`'s, the classic interval for
independent trials, on the effective number of trials the standard error implies, so
that a rate of 0 or 1, or a rare event, gets a sound interval (a bootstrap's is widened
to it where narrower). Wilson's over the games is also kept for comparison.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
>>> round(t_quantile(0.975, 10), 4)
2.2281
>>> est = mean_estimate([1.0, 2.0, 3.0, 4.0])
>>> est.value, round(est.low or 0, 3), round(est.high or 0, 3)
(2.5, 0.446, 4.554)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

__all__ = [
    "Estimate",
    "check_confidence",
    "cluster_bootstrap",
    "korn_graubard",
    "mean_estimate",
    "percentile",
    "ratio_estimate",
    "t_quantile",
    "wilson",
    "z_value",
]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A point estimate with its confidence interval.

    Attributes:
        value: the estimate, ``None`` when there is nothing to estimate from.
        low: the lower end of the interval, ``None`` when it cannot be computed
            (no data, or a single cluster); ``-inf`` when the interval is open below
            (a league's rating with ``prior=0``, see :mod:`cutthroat.sim.ratings`).
        high: the upper end, likewise (``inf``: open above).
    """

    value: float | None
    low: float | None = None
    high: float | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"value": ..., "low": ..., "high": ...}`` (``null`` where unknown). JSON has
        no infinity: an infinite end is ``null`` too, and ``"unbounded"`` lists it
        (``["high"]``: the interval is open above), a key present only then."""
        out: dict[str, Any] = {"value": self.value, "low": self.low, "high": self.high}
        unbounded = [end for end in ("low", "high")
                     if out[end] is not None and math.isinf(out[end])]
        for end in unbounded:
            out[end] = None
        if unbounded:
            out["unbounded"] = unbounded
        return out

    def interval(self, spec: str = ".3f") -> str | None:
        """``"[0.371, 0.455]"``; an infinite end as ``∞``, its bracket open
        (``"[+489, +∞)"``); ``None`` without an interval.

        >>> Estimate(811.0, 489.0, math.inf).interval("+.0f")
        '[+489, +∞)'
        """
        if self.low is None or self.high is None:
            return None
        low = "-∞" if self.low == -math.inf else format(self.low, spec)
        high = ("+∞" if "+" in spec else "∞") if self.high == math.inf else format(
            self.high, spec)
        return (f"{'(' if self.low == -math.inf else '['}{low}, {high}"
                f"{')' if self.high == math.inf else ']'}")

    def format(self, spec: str = ".3f") -> str:
        """``"0.412 [0.371, 0.455]"``, or ``"—"`` when there is no value."""
        if self.value is None:
            return "—"
        text = format(self.value, spec)
        interval = self.interval(spec)
        return text if interval is None else f"{text} {interval}"


def check_confidence(confidence: float) -> None:
    """Refuse a confidence level outside (0, 1) with a ``ValueError`` that gives it.

    >>> check_confidence(1.0)
    Traceback (most recent call last):
      ...
    ValueError: confidence must lie strictly between 0 and 1, not 1.0
    """
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, not {confidence!r}")


def z_value(confidence: float = 0.95) -> float:
    """The two-sided standard normal quantile: 1.96 for 95%."""
    check_confidence(confidence)
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, trials: float, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion from independent trials.

    ``successes`` may be fractional (a shared win counts 1/k). Raises ``ValueError``
    for no trials or successes outside ``[0, trials]``.
    """
    if trials <= 0:
        raise ValueError("the Wilson interval needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie in [0, {trials}], not {successes!r}")
    z = z_value(confidence)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def _t_two_sided(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with integer ``df`` (closed-form series)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    s = math.sin(theta)
    if df == 1:
        return 2 / math.pi * theta
    if df % 2 == 1:
        total = term = 1.0
        for k in range(1, (df - 3) // 2 + 1):
            term *= c2 * (2 * k) / (2 * k + 1)
            total += term
        return 2 / math.pi * (theta + s * math.cos(theta) * total)
    total = term = 1.0
    for k in range(1, (df - 2) // 2 + 1):
        term *= c2 * (2 * k - 1) / (2 * k)
        total += term
    return s * total


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom.

    Exact (a closed-form CDF inverted by bisection) up to 100 degrees of freedom; the
    Cornish–Fisher expansion beyond (error below 1e-6 there).
    """
    if df < 1:
        raise ValueError(f"df must be at least 1, not {df!r}")
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, not {p!r}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1 - p, df)
    if df > 100:
        x = NormalDist().inv_cdf(p)
        g1 = (x**3 + x) / 4
        g2 = (5 * x**5 + 16 * x**3 + 3 * x) / 96
        g3 = (3 * x**7 + 19 * x**5 + 17 * x**3 - 15 * x) / 384
        g4 = (79 * x**9 + 776 * x**7 + 1482 * x**5 - 1920 * x**3 - 945 * x) / 92160
        return x + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
    target = 2 * p - 1  # P(|T| < t)
    lo, hi = 0.0, 1.0
    while _t_two_sided(hi, df) < target:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if _t_two_sided(mid, df) < target:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * hi:
            break
    return (lo + hi) / 2


def _clip(x: float, bounds: tuple[float, float] | None) -> float:
    if bounds is None:
        return x
    return min(max(x, bounds[0]), bounds[1])


def korn_graubard(p: float, se: float, trials: float, clusters: int,
                  confidence: float = 0.95, *, capped: bool = False) -> tuple[float, float]:
    """Wilson's interval for a proportion ``p`` estimated from ``clusters`` clusters of
    ``trials`` in all (clusters with none not counted), with cluster-robust standard
    error ``se``: Wilson's on the effective number of trials, ``p(1-p)/se²``
    (``trials`` itself where ``se`` is 0 or ``p`` is 0 or 1), shrunk by ``(z/t)²`` for
    the clusters' few degrees of freedom (after Korn and Graubard, 1998). Where ``p``
    is well inside (0, 1) it is close to ``p ± t·se``; unlike that it never has width
    0. ``capped``: the effective trials are at most the trials, for events whose
    clusters are not built to lower their variance (a maker's hands, unlike a bot's
    games of a duplicate deal set); then a rarer event never gets a narrower interval
    than one never seen.

    >>> [round(x, 3) for x in korn_graubard(0.0, 0.0, 30, 10)]
    [0.0, 0.146]
    >>> [round(x, 3) for x in korn_graubard(1 / 30, 1 / 30, 30, 10)]
    [0.005, 0.202]
    """
    if trials <= 0 or clusters < 1:
        raise ValueError("the interval needs trials in one cluster or more")
    effective = trials
    if se > 0 and 0.0 < p < 1.0:  # (not capped at trials unless asked: a duplicate
        # tournament's deal sets lower the games' variance, by design, below independent
        # games'; nothing does so for the hands a maker happens to have)
        effective = p * (1 - p) / (se * se)
        if capped:
            effective = min(effective, trials)
    df = max(clusters - 1, 1)
    effective *= (z_value(confidence) / t_quantile(0.5 + confidence / 2, df)) ** 2
    return wilson(min(max(p, 0.0), 1.0) * effective, effective, confidence)


def _proportion(est: Estimate, numerators: Sequence[float], denominators: Sequence[float],
                confidence: float, capped: bool = False) -> Estimate:
    """A bootstrap's percentile interval of a proportion, widened to the standard error
    path's (:func:`korn_graubard`, by :func:`ratio_estimate`) where it is narrower, as
    with a rare event, whose resamples hold it seldom; within [0, 1]."""
    if est.value is None or est.low is None or est.high is None:
        return est
    path = ratio_estimate(numerators, denominators, confidence=confidence, proportion=True,
                          capped=capped)
    if path.low is None or path.high is None:
        return est
    return Estimate(est.value, max(0.0, min(path.low, est.low)),
                    min(1.0, max(path.high, est.high)))


def ratio_estimate(
    numerators: Sequence[float],
    denominators: Sequence[float],
    *,
    confidence: float = 0.95,
    bounds: tuple[float, float] | None = None,
    proportion: bool = False,
    capped: bool = False,
) -> Estimate:
    """Σ numerators / Σ denominators over clusters, with a cluster-robust interval.

    The variance is the linearised one of a ratio estimator,
    ``G/(G-1) · Σ (a_g - R·b_g)² / (Σ b_g)²`` over ``G`` clusters, and the interval uses
    Student's t with ``G - 1`` degrees of freedom. With equal denominators it is the
    usual t interval of a mean. ``bounds`` clips the interval. A ``proportion`` gets
    :func:`korn_graubard`'s interval instead: Wilson's on the effective number of
    trials, which stays within [0, 1] and never has width 0 (a bot that never wins, or
    wins one game of every deal set); ``capped`` as there. No value
    without a positive total denominator; no interval from fewer than two clusters.

    >>> ratio_estimate([1, 0, 2], [2, 0, 2]).value
    0.75
    """
    if len(numerators) != len(denominators):
        raise ValueError("numerators and denominators differ in length")
    check_confidence(confidence)
    total = math.fsum(denominators)
    if total <= 0:
        return Estimate(None)
    ratio = math.fsum(numerators) / total
    clusters = len(numerators)
    if clusters < 2:
        return Estimate(ratio)
    squares = math.fsum((a - ratio * b) ** 2 for a, b in zip(numerators, denominators,
                                                              strict=True))
    se = math.sqrt(clusters / (clusters - 1) * squares) / total
    half = t_quantile(0.5 + confidence / 2, clusters - 1) * se
    if proportion:  # Wilson's on the effective trials, not ratio ± half
        low, high = korn_graubard(ratio, se, total, sum(1 for d in denominators if d > 0),
                                  confidence, capped=capped)
        return Estimate(ratio, low, high)
    return Estimate(ratio, _clip(ratio - half, bounds), _clip(ratio + half, bounds))


def mean_estimate(values: Sequence[float], *, confidence: float = 0.95) -> Estimate:
    """The mean of ``values`` with its t interval (no interval from one value)."""
    return ratio_estimate(values, [1.0] * len(values), confidence=confidence)


def percentile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of values sorted in ascending order: linear
    interpolation between order statistics (like ``numpy.quantile``).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5)
    2.5
    """
    pos = q * (len(ordered) - 1)
    i = math.floor(pos)
    j = min(i + 1, len(ordered) - 1)
    return ordered[i] + (ordered[j] - ordered[i]) * (pos - i)


def cluster_bootstrap(
    ratios: Sequence[tuple[Sequence[float], Sequence[float]]],
    *,
    rng: random.Random,
    resamples: int = 1000,
    confidence: float = 0.95,
    bounds: Sequence[tuple[float, float] | None] | None = None,
    proportions: Sequence[bool] | None = None,
    capped: Sequence[bool] | None = None,
) -> list[Estimate]:
    """Percentile bootstrap intervals for several ratios over the same clusters.

    Each entry of ``ratios`` is ``(numerators, denominators)``, one value per cluster,
    all over the same clusters. Every resample draws whole clusters with replacement
    from ``rng`` (so the same generator state gives the same intervals) and is shared by
    all the ratios. A resample whose denominator is zero is skipped for that ratio.
    ``bounds``, ``proportions`` and ``capped`` (one per ratio) work as in
    :func:`ratio_estimate`.

    >>> est, = cluster_bootstrap([([1, 0, 1, 1], [1, 1, 1, 1])], rng=random.Random(0))
    >>> est.value, 0 <= est.low <= est.value <= est.high <= 1
    (0.75, True)
    """
    check_confidence(confidence)
    if resamples < 1:
        raise ValueError("resamples must be at least 1")
    clusters = len(ratios[0][0]) if ratios else 0
    for nums, dens in ratios:
        if len(nums) != clusters or len(dens) != clusters:
            raise ValueError("every ratio must have one value per cluster")
    draws: list[list[float]] = [[] for _ in ratios]
    if clusters >= 2:
        population = range(clusters)
        for _ in range(resamples):
            weights = [0] * clusters
            for i in rng.choices(population, k=clusters):
                weights[i] += 1
            for k, (nums, dens) in enumerate(ratios):
                den = math.fsum(map(float.__mul__, map(float, weights), map(float, dens)))
                if den > 0:
                    num = math.fsum(map(float.__mul__, map(float, weights), map(float, nums)))
                    draws[k].append(num / den)
    alpha = (1 - confidence) / 2
    out = []
    for k, (nums, dens) in enumerate(ratios):
        point = ratio_estimate(nums, dens, confidence=confidence)
        clip = bounds[k] if bounds is not None else None
        values = sorted(draws[k])
        if point.value is None or len(values) < max(2, resamples // 2):
            out.append(Estimate(point.value))
            continue
        est = Estimate(point.value, _clip(percentile(values, alpha), clip),
                       _clip(percentile(values, 1 - alpha), clip))
        if proportions is not None and proportions[k]:
            est = _proportion(est, nums, dens, confidence,
                              capped=capped is not None and capped[k])
        out.append(est)
    return out
