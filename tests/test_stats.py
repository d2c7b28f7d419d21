"""The arena's statistics (cutthroat.sim.stats): Wilson's interval, Student's t
quantiles, Korn and Graubard's interval for a rate over deal sets, ratio estimates
over clusters and the cluster bootstrap. The expected figures are worked out apart
from the code (published tables, SciPy's quantiles, the formulas written out)."""

from __future__ import annotations

import math
import random

import pytest

from cutthroat.sim.stats import (
    Estimate,
    cluster_bootstrap,
    korn_graubard,
    mean_estimate,
    percentile,
    ratio_estimate,
    t_quantile,
    wilson,
    z_value,
)


def test_wilson_50_of_100() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.403831, abs=1e-6)
    assert high == pytest.approx(0.596169, abs=1e-6)


def test_wilson_edges_and_levels() -> None:
    assert wilson(0, 10)[0] == 0.0
    assert wilson(0, 10)[1] == pytest.approx(0.277533, abs=1e-6)
    assert wilson(10, 10)[0] == pytest.approx(0.722467, abs=1e-6)
    assert wilson(10, 10)[1] == 1.0
    low90, high90 = wilson(50, 100, confidence=0.90)
    low95, high95 = wilson(50, 100)
    assert low95 < low90 < 0.5 < high90 < high95
    assert wilson(1.5, 3)[0] < 0.5 < wilson(1.5, 3)[1]  # shared wins are fractional
    with pytest.raises(ValueError):
        wilson(1, 0)
    with pytest.raises(ValueError):
        wilson(4, 3)
    with pytest.raises(ValueError):
        wilson(1, 2, confidence=1.0)


@pytest.mark.parametrize(("p", "df", "expected"), [
    (0.975, 1, 12.706205), (0.975, 2, 4.302653), (0.975, 3, 3.182446), (0.975, 4, 2.776445),
    (0.975, 10, 2.228139), (0.975, 30, 2.042272), (0.995, 7, 3.499483), (0.95, 20, 1.724718),
    (0.975, 100, 1.983972), (0.975, 120, 1.979930), (0.975, 1000, 1.962339),
])
def test_t_quantile_matches_tables(p: float, df: int, expected: float) -> None:
    assert t_quantile(p, df) == pytest.approx(expected, abs=2e-6)
    assert t_quantile(1 - p, df) == pytest.approx(-expected, abs=2e-6)


def test_t_quantile_domain() -> None:
    assert t_quantile(0.5, 3) == 0.0
    assert z_value() == pytest.approx(1.959964, abs=1e-6)
    with pytest.raises(ValueError):
        t_quantile(0.975, 0)
    with pytest.raises(ValueError):
        t_quantile(1.0, 5)


def test_mean_estimate_is_the_t_interval() -> None:
    est = mean_estimate([1.0, 2.0, 3.0, 4.0])
    half = 3.182446 * math.sqrt(5 / 3) / 2  # t(3) · s / √n
    assert est.value == 2.5
    assert est.low == pytest.approx(2.5 - half, abs=1e-5)
    assert est.high == pytest.approx(2.5 + half, abs=1e-5)
    assert mean_estimate([7.0]) == Estimate(7.0)  # one value: no interval
    assert mean_estimate([]) == Estimate(None)


def test_ratio_estimate_with_equal_denominators_is_the_mean() -> None:
    nums, dens = [3.0, 1.0, 2.0, 3.0, 0.0], [3.0] * 5
    ratio = ratio_estimate(nums, dens)
    mean = mean_estimate([n / 3 for n in nums])
    assert ratio.value == pytest.approx(mean.value)
    assert ratio.low == pytest.approx(mean.low)
    assert ratio.high == pytest.approx(mean.high)


def test_ratio_estimate_cluster_variance_and_bounds() -> None:
    # Clusters (a, b): (2, 4), (3, 4), (0, 2); R = 5/10; residuals 0, 1, -1.
    est = ratio_estimate([2, 3, 0], [4, 4, 2])
    se = math.sqrt(3 / 2 * 2) / 10
    assert est.value == 0.5
    assert est.high == pytest.approx(0.5 + t_quantile(0.975, 2) * se)
    clipped = ratio_estimate([2, 3, 0], [4, 4, 2], bounds=(0.0, 1.0))
    assert clipped.low == 0.0 and clipped.high == 1.0
    assert ratio_estimate([0, 0], [0, 0]) == Estimate(None)
    with pytest.raises(ValueError):
        ratio_estimate([1], [1, 2])


def test_a_proportion_gets_wilson_on_its_effective_games_korn_graubard() -> None:
    """A win rate's interval is Wilson's on the effective number of games the standard
    error over deal sets implies, shrunk for their few degrees of freedom: a rate of 0
    or 1, or one every deal set shares, gets one of some width, and a rarer event never
    a narrower one than an event never seen (with p ± t·se one win in 30 games read
    [0, 0.109] beside [0, 0.278] for none)."""
    never = ratio_estimate([0, 0, 0, 0], [3, 3, 3, 0], proportion=True)
    assert never == Estimate(0.0, 0.0, korn_graubard(0.0, 0.0, 9, 3)[1])
    always = ratio_estimate([2, 1, 3], [2, 1, 3], proportion=True)
    assert always == Estimate(1.0, korn_graubard(1.0, 0.0, 6, 3)[0], 1.0)
    third = ratio_estimate([1, 1, 1], [3, 3, 3], proportion=True)
    assert third.low is not None and third.high is not None
    assert 0 < third.low < 1 / 3 < third.high < 1
    wide = ratio_estimate([3, 0, 1], [3, 3, 3], proportion=True)
    assert wide.low is not None and wide.high is not None
    assert 0.0 <= wide.low < 4 / 9 < wide.high <= 1.0
    highs = []
    for wins in range(4):  # 10 deal sets of 3 games; the wins in different deal sets
        est = ratio_estimate([1] * wins + [0] * (10 - wins), [3] * 10, proportion=True)
        assert est.low is not None and est.high is not None
        assert est.low <= est.value < est.high  # type: ignore[operator]
        highs.append(est.high)
    assert highs == sorted(highs) and highs[0] < highs[1], highs
    boot = cluster_bootstrap([([0, 0, 0], [3, 3, 3])], rng=random.Random(1),
                             proportions=[True])
    assert boot == [Estimate(0.0, 0.0, korn_graubard(0.0, 0.0, 9, 3)[1])]


def test_cluster_bootstrap_is_seeded_and_brackets_the_estimate() -> None:
    data = [([1, 0, 1, 1, 0, 1, 1, 1], [1] * 8), ([2, 5, 3, 1, 4, 4, 2, 3], [1] * 8)]
    first = cluster_bootstrap(data, rng=random.Random(7), resamples=500)
    again = cluster_bootstrap(data, rng=random.Random(7), resamples=500)
    other = cluster_bootstrap(data, rng=random.Random(8), resamples=500)
    assert first == again
    assert first != other
    for est in first:
        assert est.low is not None and est.high is not None and est.value is not None
        assert est.low <= est.value <= est.high
    assert first[0].value == 0.75 and first[1].value == 3.0
    constant = cluster_bootstrap([([2, 2, 2], [1, 1, 1])], rng=random.Random(0))
    assert constant == [Estimate(2.0, 2.0, 2.0)]
    assert cluster_bootstrap([([1], [1])], rng=random.Random(0)) == [Estimate(1.0)]


def test_estimate_format_and_json() -> None:
    assert Estimate(0.5, 0.25, 0.75).format() == "0.500 [0.250, 0.750]"
    assert Estimate(None).format() == "—"
    assert Estimate(1.0).to_json() == {"value": 1.0, "low": None, "high": None}


def test_wilson_refuses_no_trials_even_with_no_successes() -> None:
    """``wilson(0, 0)`` is a ValueError as documented, not a ZeroDivisionError."""
    with pytest.raises(ValueError, match="at least one trial"):
        wilson(0, 0)


def test_t_quantile_cornish_fisher_branch_is_accurate_in_the_tail() -> None:
    """Beyond 100 degrees of freedom the expansion is documented to err below 1e-6;
    its four terms give about 1e-8 even at p = 0.9995 (SciPy: t.ppf(0.9995, 101) =
    3.3894748840473063, t.ppf(0.995, 150) = 2.609002565865538)."""
    assert t_quantile(0.9995, 101) == pytest.approx(3.3894748840473063, abs=3e-8)
    assert t_quantile(0.005, 150) == pytest.approx(-2.609002565865538, abs=3e-8)


def test_korn_graubard_is_wilson_on_the_effective_trials_shrunk_by_z_over_t() -> None:
    """p = 0.2 with se 0.05 over 20 clusters: p(1-p)/se² = 64 effective trials, times
    (z/t₁₉)² = (1.959964/2.093024)² → 56.12; Wilson's on 0.2 of those. Worked out with
    SciPy's quantiles and Wilson's formula written out: [0.116168, 0.322271] at 95%,
    [0.127830, 0.298949] at 90%."""
    low, high = korn_graubard(0.2, 0.05, 60, 20)
    assert low == pytest.approx(0.116168, abs=1e-6)
    assert high == pytest.approx(0.322271, abs=1e-6)
    low90, high90 = korn_graubard(0.2, 0.05, 60, 20, confidence=0.90)
    assert low90 == pytest.approx(0.127830, abs=1e-6)
    assert high90 == pytest.approx(0.298949, abs=1e-6)


def test_korn_graubard_caps_the_effective_trials_only_when_asked() -> None:
    """64 effective trials from 30 (a duplicate tournament's win rate, by default):
    uncapped, the same interval as from 60 trials; capped, Wilson's on 30 shrunk by
    (z/t₁₉)² (SciPy: [0.090414, 0.386037])."""
    assert korn_graubard(0.2, 0.05, 30, 20) == pytest.approx((0.116168, 0.322271), abs=1e-6)
    low, high = korn_graubard(0.2, 0.05, 30, 20, capped=True)
    assert low == pytest.approx(0.090414, abs=1e-6)
    assert high == pytest.approx(0.386037, abs=1e-6)


def test_z_value_refuses_a_confidence_outside_0_to_1() -> None:
    """A confidence of 0 would otherwise give z = 0: an interval of no width."""
    for confidence in (0.0, 1.0, -0.5):
        with pytest.raises(ValueError, match="confidence must lie"):
            z_value(confidence)


def test_ratio_estimate_refuses_a_confidence_outside_0_to_1() -> None:
    """A confidence of 0 would otherwise give t = 0 and an interval of no width, read as
    certain; one cluster, or none, would otherwise not say the argument is wrong."""
    for confidence in (0.0, 1.0, 1.5):
        with pytest.raises(ValueError, match="confidence"):
            ratio_estimate([1.0, 2.0, 3.0], [1.0, 1.0, 1.0], confidence=confidence)
        with pytest.raises(ValueError, match="confidence"):
            ratio_estimate([1.0], [1.0], confidence=confidence)


def test_percentile_interpolates_between_the_order_statistics_around_it() -> None:
    """Like numpy.quantile's default (linear): q·(n-1) places the value between two
    order statistics."""
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert percentile([0.0, 10.0, 20.0], 0.25) == 5.0
    assert percentile([0.0, 10.0, 20.0], 0.975) == pytest.approx(19.5)
    assert percentile([0.0, 10.0, 20.0], 1.0) == 20.0


def test_cluster_bootstrap_draws_the_thousand_resamples_the_tables_say() -> None:
    """CI_METHODS says "bootstrap of deal sets (1000 resamples)" and the arena takes the
    default: it is 1000."""
    data = [([1, 0, 1, 1, 0, 1, 1, 1], [1] * 8), ([2, 5, 3, 1, 4, 4, 2, 3], [1] * 8)]
    assert cluster_bootstrap(data, rng=random.Random(7)) == cluster_bootstrap(
        data, rng=random.Random(7), resamples=1000)
    assert cluster_bootstrap(data, rng=random.Random(7)) != cluster_bootstrap(
        data, rng=random.Random(7), resamples=1001)


def test_korn_graubard_refuses_an_interval_of_no_trials_or_no_cluster() -> None:
    for trials, clusters in ((0, 10), (30, 0)):
        with pytest.raises(ValueError, match=r"^the interval needs trials in one cluster "
                                             r"or more$"):
            korn_graubard(0.5, 0.1, trials, clusters)


def test_cluster_bootstrap_refuses_what_it_cannot_resample() -> None:
    rng = random.Random(0)
    with pytest.raises(ValueError, match=r"^resamples must be at least 1$"):
        cluster_bootstrap([([1, 0], [1, 1])], rng=rng, resamples=0)
    with pytest.raises(ValueError, match=r"^every ratio must have one value per cluster$"):
        cluster_bootstrap([([1, 0], [1, 1]), ([1], [1])], rng=rng)


def test_cluster_bootstrap_gives_no_interval_to_a_proportion_never_counted_or_of_one_cluster(
) -> None:
    """A proportion whose denominators are all 0 (a maker's success for a bot that never
    made trump) has no value and no interval; one of a single cluster has its value and
    no interval. Neither is widened to the standard error's interval, which has none."""
    rng = random.Random(0)
    never, seen = cluster_bootstrap([([0, 0, 0], [0, 0, 0]), ([1, 0, 1], [1, 1, 1])],
                                    rng=rng, proportions=[True, True], resamples=50)
    assert never == Estimate(None, None, None)
    assert seen.value == pytest.approx(2 / 3)
    assert seen.low is not None and seen.high is not None
    assert 0 <= seen.low < seen.value < seen.high <= 1
    [one] = cluster_bootstrap([([1], [2])], rng=rng, proportions=[True], resamples=50)
    assert one == Estimate(0.5, None, None)
