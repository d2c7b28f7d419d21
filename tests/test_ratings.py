"""League ratings (cutthroat.sim.ratings): finishing orders and ties, the Plackett–Luce
fit (recovers known strengths, is choix's maximum-likelihood estimate), the prior, the
Elo-like scale and the cluster bootstrap."""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Sequence
from fractions import Fraction

import choix
import pytest

from cutthroat.sim.ratings import (
    SCALE,
    Ranking,
    RatingError,
    RatingsUnavailableError,
    divergence,
    finishing_order,
    fit_strengths,
    order_rankings,
    prior_rankings,
    rate,
    require_choix,
    to_ratings,
    win_probabilities,
)
from cutthroat.sim.ratings import _percentile as ratings_percentile
from cutthroat.sim.stats import Estimate

TRUE = [0.0, 0.6, 1.2, -0.8, 0.3]
"""Strengths (natural log) of five synthetic players."""


def _draw(rng: random.Random, players: Sequence[int], strengths: Sequence[float]
          ) -> Ranking:
    """A finishing order drawn from the Plackett–Luce model."""
    left, order = list(players), []
    while left:
        pick = rng.choices(left, weights=[math.exp(strengths[i]) for i in left])[0]
        order.append(pick)
        left.remove(pick)
    return tuple(order)


def _games(seed: int, count: int, strengths: Sequence[float] = TRUE) -> list[Ranking]:
    rng = random.Random(seed)
    return [_draw(rng, rng.sample(range(len(strengths)), 3), strengths)
            for _ in range(count)]


def _counts(rankings: Sequence[Ranking]) -> dict[Ranking, Fraction]:
    found: dict[Ranking, Fraction] = {}
    for r in rankings:
        found[r] = found.get(r, Fraction(0)) + 1
    return found


# --- finishing orders and ties ----------------------------------------------------------


def test_finishing_order_groups_players_level_on_points() -> None:
    assert finishing_order([4, 10, 7]) == [(1,), (2,), (0,)]
    assert finishing_order([4, 10, 4]) == [(1,), (0, 2)]
    assert finishing_order([10, 10, 3]) == [(0, 1), (2,)]
    assert finishing_order([6, 6, 6]) == [(0, 1, 2)]
    assert finishing_order([4, 10, 7], items=[7, 3, 5]) == [(3,), (5,), (7,)]
    with pytest.raises(ValueError):
        finishing_order([1, 2], items=[0])


def test_a_tie_is_split_evenly_over_the_orders_that_break_it() -> None:
    assert order_rankings([(1,), (2,), (0,)]) == {(1, 2, 0): 1}
    assert order_rankings([(1,), (0, 2)]) == {(1, 0, 2): Fraction(1, 2),
                                              (1, 2, 0): Fraction(1, 2)}
    shared = order_rankings([(0, 1), (2,)])  # a shared win (tie = "share")
    assert shared == {(0, 1, 2): Fraction(1, 2), (1, 0, 2): Fraction(1, 2)}
    everyone = order_rankings([(0, 1, 2)])
    assert len(everyone) == 6 and set(everyone.values()) == {Fraction(1, 6)}
    for order in ([(1,), (0, 2)], [(0, 1), (2,)], [(0, 1, 2)]):
        assert sum(order_rankings(order).values()) == 1  # one game, one unit of weight


def test_players_always_level_are_rated_equal() -> None:
    """Two players who always tie behind a third get the same rating, and a tie counts
    as half a win each way: the same fit as one game won by each."""
    upsets = {(1, 0, 2): Fraction(1), (2, 0, 1): Fraction(1)}  # so that 0 is beaten
    tied = {r: w * 10 for r, w in order_rankings([(0,), (1, 2)]).items()} | upsets
    strengths = fit_strengths(3, tied)
    assert strengths[1] == pytest.approx(strengths[2], abs=1e-9)
    assert strengths[0] > strengths[1]
    split = fit_strengths(3, {(0, 1, 2): Fraction(5), (0, 2, 1): Fraction(5)} | upsets)
    assert strengths == pytest.approx(split, abs=1e-9)


def test_shared_wins_rate_the_winners_alike() -> None:
    data = {r: w * 6 for r, w in order_rankings([(0, 1), (2,)]).items()}
    data[(2, 0, 1)] = data[(2, 1, 0)] = Fraction(1)  # the loser wins too: an estimate
    strengths = fit_strengths(3, data)
    assert strengths[0] == pytest.approx(strengths[1], abs=1e-9)
    assert strengths[2] < strengths[0]


# --- the fit ----------------------------------------------------------------------------


def test_fit_recovers_known_strengths() -> None:
    """3,000 synthetic games of three drawn from the model: every strength recovered
    within 0.15 (about 26 rating points; the standard error is about 0.05)."""
    strengths = fit_strengths(5, _counts(_games(1, 3000)))
    mean = sum(TRUE) / len(TRUE)
    for got, true in zip(strengths, TRUE, strict=True):
        assert got == pytest.approx(true - mean, abs=0.15)
    assert sum(strengths) == pytest.approx(0.0, abs=1e-9)
    order = sorted(range(5), key=lambda i: strengths[i])
    assert order == sorted(range(5), key=lambda i: TRUE[i])


def test_fit_is_the_maximum_likelihood_estimate() -> None:
    """The whole-number weights and choix's I-LSR give the estimate that a general
    optimiser (choix.opt_rankings, Newton-CG) finds, and perturbing it lowers the
    likelihood."""
    games = _games(2, 150)
    strengths = fit_strengths(5, _counts(games))
    newton = choix.opt_rankings(5, games, alpha=0.0, tol=1e-10)
    assert strengths == pytest.approx(list(newton - newton.mean()), abs=1e-4)
    best = choix.log_likelihood_rankings(games, strengths)
    for i in range(5):
        for step in (-0.05, 0.05):
            moved = list(strengths)
            moved[i] += step
            assert choix.log_likelihood_rankings(games, moved) < best


def test_fractional_weights_are_replication() -> None:
    weighted = {(0, 1, 2): Fraction(3, 2), (1, 0, 2): Fraction(1, 2), (2, 1, 0): Fraction(1),
                (1, 2, 0): Fraction(1, 6)}
    repeated = [(0, 1, 2)] * 9 + [(1, 0, 2)] * 3 + [(2, 1, 0)] * 6 + [(1, 2, 0)]
    direct = choix.ilsr_rankings(3, repeated, tol=1e-10)
    assert fit_strengths(3, weighted) == pytest.approx(list(direct - direct.mean()),
                                                       abs=1e-7)
    with pytest.raises(ValueError, match="negative"):
        fit_strengths(3, {(0, 1, 2): -1})


def test_without_a_prior_an_estimate_may_not_exist() -> None:
    """Player 2 never finishes ahead of anyone: no maximum-likelihood estimate; one
    virtual win each way per pair gives a finite one, lowest for player 2."""
    data = {(0, 1, 2): Fraction(5), (1, 0, 2): Fraction(5)}
    with pytest.raises(RatingError, match="no maximum-likelihood estimate"):
        fit_strengths(3, data)
    with_prior = dict(data)
    for ranking, weight in prior_rankings(3, 1).items():
        with_prior[ranking] = with_prior.get(ranking, Fraction(0)) + weight
    strengths = fit_strengths(3, with_prior)
    assert all(math.isfinite(s) for s in strengths)
    assert strengths[2] < strengths[0] == pytest.approx(strengths[1])
    with pytest.raises(RatingError, match="item 3 has no game"):
        fit_strengths(4, data)


def test_no_estimate_says_why_and_what_to_do() -> None:
    """Where choix fails on data without an estimate, the error gives the cause and the
    remedy rather than choix's words alone (a Markov chain's absorbing classes)."""
    for data in ({(0, 1, 2): Fraction(5), (1, 0, 2): Fraction(5)},
                 {(0, 1, 2): Fraction(3)}):
        with pytest.raises(RatingError, match=r"never finish ahead of the rest, or always "
                                              r"do \(give a prior\)"):
            fit_strengths(3, data)


def test_prior_rankings() -> None:
    assert prior_rankings(3, 0) == {}
    virtual = prior_rankings(3, 2)
    assert virtual == {(0, 1): 2, (1, 0): 2, (0, 2): 2, (2, 0): 2, (1, 2): 2, (2, 1): 2}
    with pytest.raises(ValueError):
        prior_rankings(3, -1)


# --- the scale --------------------------------------------------------------------------


def test_elo_like_scale() -> None:
    assert math.isclose(SCALE, 400 / math.log(10))
    assert to_ratings([0.5, -0.5, 0.0]) == pytest.approx([SCALE * 0.5, -SCALE * 0.5, 0.0])
    assert to_ratings([0.5, -0.5, 0.0], anchor=1) == pytest.approx([SCALE, 0.0, SCALE * 0.5])
    assert win_probabilities([0.0, 0.0, 0.0]) == pytest.approx([1 / 3] * 3)
    assert win_probabilities([400.0, 0.0]) == pytest.approx([10 / 11, 1 / 11])
    assert sum(win_probabilities([812.0, -30.0, 5.0])) == pytest.approx(1.0)
    # The model's chance of a win is exp(θ_i) / Σ exp(θ_j), whatever the scale.
    strengths = [0.3, -0.1, 0.9]
    expected = [math.exp(s) / sum(math.exp(t) for t in strengths) for s in strengths]
    assert win_probabilities(to_ratings(strengths, anchor=0)) == pytest.approx(expected)


# --- the bootstrap ----------------------------------------------------------------------


def _clusters(seed: int, sets: int) -> list[dict[Ranking, Fraction]]:
    """Synthetic deal sets: every line-up of three of the five players, three games each."""
    rng = random.Random(seed)
    line_ups = [(a, b, c) for a in range(5) for b in range(a + 1, 5) for c in range(b + 1, 5)]
    clusters = []
    for _ in range(sets):
        cluster: dict[Ranking, Fraction] = {}
        for line_up in line_ups:
            for _ in range(3):
                r = _draw(rng, line_up, TRUE)
                cluster[r] = cluster.get(r, Fraction(0)) + 1
        clusters.append(cluster)
    return clusters


def test_rate_bootstrap_is_seeded_and_brackets_the_estimate() -> None:
    clusters = _clusters(3, 20)
    fit = rate(clusters, 5, rng=random.Random(4), resamples=60)
    again = rate(clusters, 5, rng=random.Random(4), resamples=60)
    assert fit == again
    assert fit.resamples == 60 and fit.failed == 0
    assert sum(r.value or 0 for r in fit.ratings) == pytest.approx(0.0, abs=1e-6)  # mean 0
    for estimate, true in zip(fit.ratings, to_ratings(TRUE), strict=True):
        assert estimate.low is not None and estimate.high is not None
        assert estimate.low <= (estimate.value or 0) <= estimate.high
        assert estimate.low - 40 < true < estimate.high + 40
    other = rate(clusters, 5, rng=random.Random(5), resamples=60)
    assert other.ratings != fit.ratings
    assert [r.value for r in other.ratings] == [r.value for r in fit.ratings]


def test_rate_anchor_workers_and_small_data() -> None:
    clusters = _clusters(6, 8)
    here = rate(clusters, 5, rng=random.Random(1), resamples=24, anchor=0)
    assert here.ratings[0] == Estimate(0.0, 0.0, 0.0)
    assert here.ratings[2].value is not None and here.ratings[2].value > 0
    pooled = rate(clusters, 5, rng=random.Random(1), resamples=24, anchor=0, workers=2)
    assert pooled == here  # the resamples are drawn here: workers change nothing
    one = rate(clusters[:1], 5, rng=random.Random(1), resamples=24)
    assert one.resamples == 0 and all(r.low is None for r in one.ratings)
    with pytest.raises(ValueError, match="anchor"):
        rate(clusters, 5, rng=random.Random(1), anchor=5)
    with pytest.raises(ValueError):
        rate(clusters, 5, rng=random.Random(1), workers=0)
    with pytest.raises(ValueError):
        rate(clusters, 5, rng=random.Random(1), confidence=1.5)


def test_rate_without_prior_counts_resamples_without_an_estimate() -> None:
    """Player 2 finishes ahead of someone in one deal set only: resamples that leave it
    out have no maximum-likelihood estimate; they are counted, not fitted."""
    often = {(0, 1, 2): Fraction(2), (1, 0, 2): Fraction(1)}
    rare = {(0, 2, 1): Fraction(1), (1, 0, 2): Fraction(2)}
    clusters = [often, often, often, rare]
    fit = rate(clusters, 3, rng=random.Random(0), prior=0, resamples=40)
    assert 0 < fit.failed < 40
    assert all(r.value is not None for r in fit.ratings)
    with pytest.raises(RatingError):
        rate([often, often], 3, rng=random.Random(0), prior=0, resamples=5)


def test_rate_without_prior_opens_the_interval_where_resamples_have_no_estimate() -> None:
    """A resample without an estimate is not dropped: player 2 finished behind both
    others in every game it drew, so relative to it they are +inf there, and their
    intervals are open above; relative to player 0, player 1 (ahead of it and behind it
    in such a resample) stays finite, and player 2 is open below."""
    often = {(0, 1, 2): Fraction(2), (1, 0, 2): Fraction(1)}
    rare = {(0, 2, 1): Fraction(1), (1, 0, 2): Fraction(2)}
    clusters = [often, often, often, rare]
    fit = rate(clusters, 3, rng=random.Random(0), prior=0, resamples=40, anchor=2)
    assert 0.025 * 40 < fit.failed < 20
    for r in fit.ratings[:2]:
        assert r.low is not None and math.isfinite(r.low) and r.high == math.inf
        assert r.format("+.0f").endswith(", +∞)")
        assert r.to_json()["high"] is None and r.to_json()["unbounded"] == ["high"]
    by_0 = rate(clusters, 3, rng=random.Random(0), prior=0, resamples=40, anchor=0)
    assert by_0.ratings[1].low is not None and by_0.ratings[1].high is not None
    assert math.isfinite(by_0.ratings[1].low) and math.isfinite(by_0.ratings[1].high)
    assert by_0.ratings[2].low == -math.inf and by_0.ratings[2].high is not None
    assert math.isfinite(by_0.ratings[2].high)
    assert "unbounded" not in Estimate(1.0, 0.0, 2.0).to_json()


def test_divergence_sides() -> None:
    assert divergence(3, {(0, 1, 2): 1}, anchor=1) == [math.inf, 0.0, -math.inf]
    assert divergence(3, {(0, 1): 1, (2, 1): 1}, anchor=0)[2] != divergence(
        3, {(0, 1): 1, (2, 1): 1}, anchor=0)[2]  # 0 and 2 never compared: nan
    near = divergence(3, {(0, 1): 1, (1, 0): 1, (0, 2): 1}, anchor=0)
    assert near[0] == 0.0 and near[1] == pytest.approx(0.0, abs=1e-3)
    assert near[2] == -math.inf


class _Bar:
    def __init__(self) -> None:
        self.done = 0
        self.entered = False

    def __enter__(self) -> _Bar:
        self.entered = True
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def advance(self, n: int) -> None:
        self.done += n


def test_rate_advances_a_progress_bar() -> None:
    bar = _Bar()
    rate(_clusters(2, 4), 5, rng=random.Random(0), resamples=15, bar=bar)
    assert bar.entered and bar.done == 15


def test_without_choix_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "choix", None)
    with pytest.raises(RatingsUnavailableError, match=r"pip install 'cutthroat-euchre\[sim\]'"):
        require_choix()


def test_divergence_follows_chains_of_finishes() -> None:
    """0 ahead of 1 and 1 ahead of 2, never 0 and 2 in one game: through the chain 0 is
    above 2 with no way back, as 1 is (without the transitive closure 0 would read as
    "cannot tell", and a resample's interval end would be opened for nothing)."""
    assert divergence(3, {(0, 1): 1, (1, 2): 1}, anchor=2) == [math.inf, math.inf, 0.0]
    assert divergence(3, {(0, 1): 1, (1, 2): 1}, anchor=0) == [0.0, -math.inf, -math.inf]
    by_mean = divergence(3, {(0, 1): 1, (1, 2): 1})
    assert by_mean[0] == math.inf and math.isnan(by_mean[1]) and by_mean[2] == -math.inf
    # relative to the mean, an item never compared with some other cannot be placed
    alone = divergence(3, {(0, 1): 1})
    assert math.isnan(alone[0]) and math.isnan(alone[1]) and math.isnan(alone[2])


def test_a_percentile_next_to_an_infinite_resample_is_infinite() -> None:
    """Between an infinite order statistic and a finite one the end is the infinite one
    (an open interval), never the finite neighbour."""
    assert ratings_percentile([-math.inf, 1.0, 2.0], 0.25) == -math.inf
    assert ratings_percentile([1.0, 2.0, math.inf], 0.75) == math.inf
    assert ratings_percentile([1.0, 2.0, 3.0], 0.25) == 1.5


def test_a_resample_that_cannot_place_a_bot_opens_both_ends_of_its_interval() -> None:
    """Item 2 plays in one deal set of four: about a third of the resamples leave it
    out, and with no prior those cannot say whether it is above or below the anchor:
    each counts as -inf for the low end and +inf for the high end (the cautious side),
    so its interval is open both ways, while item 1, which meets the anchor in every
    resample, keeps a finite one."""
    pair = {(0, 1): Fraction(1), (1, 0): Fraction(1)}
    with_2 = {(2, 0): Fraction(1), (0, 2): Fraction(1), (2, 1): Fraction(1),
              (1, 2): Fraction(1)}
    fit = rate([pair, pair, pair, with_2], 3, rng=random.Random(3), prior=0,
               resamples=40, anchor=0)
    assert 0 < fit.failed < 20
    assert fit.ratings[2].low == -math.inf and fit.ratings[2].high == math.inf
    one = fit.ratings[1]
    assert one.low is not None and one.high is not None
    assert math.isfinite(one.low) and math.isfinite(one.high)


def test_rate_draws_a_thousand_resamples_by_default() -> None:
    pair = {(0, 1): Fraction(1), (1, 0): Fraction(1)}
    assert rate([pair, pair], 2, rng=random.Random(0)).resamples == 1000


def test_fit_strengths_takes_a_ranking_of_weight_zero_as_absent() -> None:
    """Weights must not be negative; 0 is allowed (a ranking counted no times)."""
    data = {(0, 1, 2): Fraction(2), (1, 2, 0): Fraction(1), (2, 0, 1): Fraction(1)}
    assert fit_strengths(3, data | {(2, 1, 0): Fraction(0)}) == pytest.approx(
        fit_strengths(3, data), abs=1e-9)


def test_rate_without_numpy_or_choix_says_how_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The install hint, not a bare ImportError of NumPy, before any work is done."""
    monkeypatch.setitem(sys.modules, "choix", None)
    monkeypatch.setitem(sys.modules, "numpy", None)
    pair = {(0, 1): Fraction(1), (1, 0): Fraction(1)}
    with pytest.raises(RatingsUnavailableError, match="pip install"):
        rate([pair, pair], 2, rng=random.Random(0), resamples=5)


def test_rate_gives_intervals_from_two_resamples_and_refuses_confidence_1() -> None:
    """Two resamples that both have an estimate are enough for an interval (none failed,
    let alone more than half); a confidence of 1 is refused like 0."""
    pair = {(0, 1): Fraction(2), (1, 0): Fraction(1)}
    other = {(0, 1): Fraction(1), (1, 0): Fraction(2)}
    fit = rate([pair, other, pair], 2, rng=random.Random(0), resamples=2)
    assert fit.resamples == 2 and fit.failed == 0
    assert all(r.low is not None and r.high is not None for r in fit.ratings)
    for confidence in (0.0, 1.0):
        with pytest.raises(ValueError, match="confidence"):
            rate([pair, other], 2, rng=random.Random(0), confidence=confidence)
    with pytest.raises(ValueError, match=r"^resamples must be at least 0$"):
        rate([pair, other], 2, rng=random.Random(0), resamples=-1)


def test_rate_interval_is_the_bootstraps_2_5_and_97_5_percentiles() -> None:
    """Two bots, so the fit has a closed form (Bradley–Terry): with W wins of 0 over 1
    and L the other way (prior included), θ₀ − θ₁ = ln(W/L) and, the ratings averaging
    0, bot 0 is rated SCALE·ln(W/L)/2. Each resample is redrawn here from the same
    seeded generator (``rng.choices`` of the clusters, as documented) and the ends are
    the 2.5% and 97.5% percentiles (linear interpolation) of those ratings."""
    wins = [(3, 1), (0, 3), (2, 2), (4, 0), (1, 2), (3, 0), (0, 1), (2, 3)]
    clusters = [{(0, 1): Fraction(a), (1, 0): Fraction(b)} for a, b in wins]
    fit = rate(clusters, 2, rng=random.Random(11), resamples=200)

    rng = random.Random(11)
    ratings = []
    for _ in range(200):
        drawn = rng.choices(range(len(wins)), k=len(wins))
        w = 1 + sum(wins[g][0] for g in drawn)  # prior = 1: one virtual win each way
        lost = 1 + sum(wins[g][1] for g in drawn)
        ratings.append(SCALE * math.log(w / lost) / 2)
    ratings.sort()

    def pct(q: float) -> float:
        pos = q * (len(ratings) - 1)
        i = math.floor(pos)
        return ratings[i] + (ratings[min(i + 1, len(ratings) - 1)] - ratings[i]) * (pos - i)

    total_w = 1 + sum(a for a, _ in wins)
    total_l = 1 + sum(b for _, b in wins)
    top = fit.ratings[0]
    assert top.value == pytest.approx(SCALE * math.log(total_w / total_l) / 2, abs=0.01)
    assert top.low == pytest.approx(pct(0.025), abs=0.05)
    assert top.high == pytest.approx(pct(0.975), abs=0.05)


def test_win_probabilities_of_ratings_far_apart_do_not_overflow() -> None:
    """10^(R/400) overflows a float past R ≈ 123,000: the powers are taken relative to
    the top rating, so a rating far above the rest wins with probability 1."""
    assert win_probabilities([200_000.0, 0.0, -5.0]) == pytest.approx([1.0, 0.0, 0.0])
