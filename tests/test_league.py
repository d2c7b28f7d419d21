"""The league (cutthroat.sim.league): every line-up of three from a pool, on the same
deal sets; ratings in a known order; the pool's checks; determinism; JSON; the
``cutthroat league`` command; the ratings chart."""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cli_helpers import asked_of
from cutthroat import Rules
from cutthroat import record as rec
from cutthroat.actions import Action
from cutthroat.bots import registry
from cutthroat.bots.registry import BotSpecError, UnknownBotError
from cutthroat.cli import app
from cutthroat.sim import league as league_mod
from cutthroat.sim import plot as plot_mod
from cutthroat.sim.arena import ArenaError, run_arena
from cutthroat.sim.league import (
    NO_ESTIMATE,
    LeagueResult,
    check_pool,
    line_ups,
    resolve_anchor,
    run_league,
)
from cutthroat.sim.ratings import RatingError, RatingFit
from cutthroat.sim.stats import Estimate
from cutthroat.sim.workers import ProgressBar
from cutthroat.views import View

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
KNOWN = ["random", "beginner", "intermediate"]
GREEDY = "greedy_bot.GreedyBot"
TIMING = ("elapsed_s", "rating_elapsed_s", "games_per_s", "workers", "backend")


def stable(obj: dict[str, Any]) -> dict[str, Any]:
    """A league's JSON without the fields that depend on timing or workers."""
    return {k: v for k, v in obj.items() if k not in TIMING}


@pytest.fixture(scope="module")
def examples_on_path() -> Iterator[None]:
    """examples/ (greedy_bot.py) importable, as if the league ran from there."""
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(EXAMPLES))
        yield
    sys.modules.pop("greedy_bot", None)  # imported from there: forgotten with the path


@pytest.fixture(scope="module")
def four(examples_on_path: None) -> LeagueResult:
    """A league of four cheap bots: 4 line-ups × 30 games (10 deal sets each)."""
    return run_league([*KNOWN, GREEDY], games=30, seed=0, workers=1, progress=False,
                      resamples=100)


# --- ratings in a known order -------------------------------------------------------------


def test_a_pool_of_known_order_is_rated_in_that_order() -> None:
    """random < beginner < intermediate (the ladder in docs/bots.md), from 30 games."""
    result = run_league(KNOWN, games=30, seed=3, workers=1, progress=False, resamples=100)
    assert [s.bot for s in result.standings()] == ["intermediate", "beginner", "random"]
    assert len(result.line_ups) == 1 and result.games == 30
    ratings = {s.bot: s.rating for s in result.standings()}
    assert ratings["random"].value == 0.0  # the anchor
    beginner, intermediate = ratings["beginner"], ratings["intermediate"]
    assert beginner.low is not None and beginner.low > 0  # clearly above random
    assert intermediate.low is not None and beginner.high is not None
    assert intermediate.value is not None and beginner.value is not None
    assert intermediate.value > beginner.value + 100


def test_a_league_of_four_rates_who_wins_more_higher(four: LeagueResult) -> None:
    standings = four.standings()
    assert [s.rank for s in standings] == [1, 2, 3, 4]
    order = [s.bot for s in standings]
    assert order.index("intermediate") < order.index("beginner") < order.index("random")
    rates = [s.win_rate.value for s in standings]
    assert rates == sorted(rates, reverse=True), "a bot that wins more must rate higher"
    ratings = [s.rating.value for s in standings]
    assert ratings == sorted(ratings, reverse=True)
    # C(4, 3) = 4 line-ups; each bot plays in 3 of them, 30 games each.
    assert four.line_ups == ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))
    assert four.games == 120 and four.games_per_line_up == 30 and four.deal_sets == 10
    for s in standings:
        assert s.totals.games == 90
    assert sum(s.totals.wins for s in standings) == pytest.approx(120)


def test_every_line_up_plays_the_same_deal_sets(four: LeagueResult, tmp_path: Path,
                                                examples_on_path: None) -> None:
    result = run_league([*KNOWN, GREEDY], games=3, seed=0, workers=1, progress=False,
                        resamples=0, records=tmp_path)
    folders = sorted(p.name for p in tmp_path.iterdir())
    assert folders == ["lineup-000", "lineup-001", "lineup-002", "lineup-003"]
    for index in range(3):
        games = [rec.replay((tmp_path / f / f"game-{index:06d}.json").read_text())
                 for f in folders]
        assert len({g.hands[0].dealt for g in games}) == 1
        assert len({g.first_dealer for g in games}) == 1
    first = rec.replay((tmp_path / "lineup-003" / "game-000000.json").read_text())
    assert set(first.players) == {"beginner#0", "intermediate#1", f"{GREEDY}#2"}
    # The same games as the bigger league's first deal set, line-up by line-up.
    for k in range(4):
        assert result.results[k] == four.results[k][:3]


def test_line_up_result_is_the_arena_table(four: LeagueResult) -> None:
    arena = four.line_up_result(3)
    assert arena.bots == ("beginner", "intermediate", GREEDY)
    assert arena.games == 30
    standings = {s.bot: s for s in four.standings()}
    wins = sum(four.line_up_result(k).entry_stats()[four.line_ups[k].index(1)].totals.wins
               for k in range(4) if 1 in four.line_ups[k])
    assert wins == standings["beginner"].totals.wins


# --- ties ---------------------------------------------------------------------------------


def test_shared_wins_and_level_losers_are_split() -> None:
    """With tie = share and a short target, games end level: each game still weighs one
    unit in the fit, split over the orders that break its ties."""
    rules = Rules(tie="share", target=5)
    result = run_league(KNOWN, games=30, seed=2, rules=rules, workers=1, progress=False,
                        resamples=20)
    shared = [g for g in result.results[0] if any(0 < t.wins < 1 for t in g.tallies)]
    assert shared, "no shared win in 30 games to 5 points"
    for game in result.results[0]:
        weights = league_mod._game_rankings((0, 1, 2), game)
        assert sum(weights.values()) == 1
        points = [t.points for t in game.tallies]
        if len(set(points)) < 3:
            assert len(weights) > 1 and set(weights.values()) <= {Fraction(1, 2),
                                                                   Fraction(1, 6)}
        else:
            assert list(weights.values()) == [1]
        top = max(points)
        winners = {e for e in range(3) if game.tallies[e].wins > 0}
        assert winners == {e for e in range(3) if points[e] == top}


# --- the pool -----------------------------------------------------------------------------


def test_check_pool() -> None:
    assert check_pool([" Random", "beginner", "intermediate"]) == KNOWN
    assert check_pool(["expert", "expert:play_samples=5", "random"]) == [
        "expert", "expert:play_samples=5", "random"]
    assert line_ups(3) == [(0, 1, 2)] and len(line_ups(6)) == 20


@pytest.mark.parametrize(("pool", "message"), [
    (["random", "beginner"], "at least three bots, not 2"),
    (["random", "beginner", "RANDOM"], "same bot random twice"),
    (["expert:play_samples=5,bid_samples=4", "random", "expert:bid_samples=4,play_samples=5"],
     "same bot as expert:play_samples=5,bid_samples=4 and as "
     "expert:bid_samples=4,play_samples=5"),
    (["expert", "random", "expert:play_samples=20"], "same bot as expert and as "
                                                     "expert:play_samples=20"),
])
def test_check_pool_refuses_the_same_bot_twice(pool: list[str], message: str) -> None:
    with pytest.raises(BotSpecError, match=message.replace("[", r"\[")):
        check_pool(pool)


def test_check_pool_refuses_unknown_bots() -> None:
    with pytest.raises(UnknownBotError):
        check_pool(["random", "beginner", "nobody"])


def test_anchor() -> None:
    assert resolve_anchor(KNOWN, None) == ("random", 0)
    assert resolve_anchor(["beginner", "intermediate", "expert"], None) == ("mean", None)
    assert resolve_anchor(KNOWN, " Mean") == ("mean", None)
    assert resolve_anchor(KNOWN, "Intermediate") == ("intermediate", 2)
    with pytest.raises(ValueError, match="not in the pool"):
        resolve_anchor(KNOWN, "expert")


def test_mean_anchor_and_other_anchors() -> None:
    mean = run_league(KNOWN, games=12, seed=1, workers=1, progress=False, resamples=40,
                      anchor="mean")
    values = [s.rating.value or 0.0 for s in mean.standings()]
    assert sum(values) == pytest.approx(0.0, abs=1e-6)
    assert all(s.rating.low is not None and s.rating.low < (s.rating.value or 0)
               for s in mean.standings())
    pinned = run_league(KNOWN, games=12, seed=1, workers=1, progress=False, resamples=40,
                        anchor="beginner")
    by_bot = {s.bot: s.rating.value or 0.0 for s in pinned.standings()}
    assert by_bot["beginner"] == 0.0
    shift = {s.bot: s.rating.value or 0.0 for s in mean.standings()}["beginner"]
    for s in mean.standings():
        assert by_bot[s.bot] == pytest.approx((s.rating.value or 0.0) - shift, abs=1e-6)


class _Broken:
    """A bot that breaks the rules: it always tries to discard the nine of clubs."""

    name = "broken"

    def choose(self, view: View) -> Action:
        return Action.parse("discard 9C")


def test_a_failing_bot_names_its_line_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.BOTS, "broken", lambda seed: _Broken())
    with pytest.raises(ArenaError, match=r"^line-up 0 \(random, beginner, broken\): "
                                         r"game 0 \(deal set 0, rotation 0\)"):
        run_league(["random", "beginner", "broken"], games=3, workers=1, progress=False)


def test_a_failing_games_record_is_kept_in_its_line_ups_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(registry.BOTS, "broken", lambda seed: _Broken())
    with pytest.raises(ArenaError) as failed:
        run_league(["random", "beginner", "intermediate", "broken"], games=3, workers=1,
                   progress=False, records=tmp_path / "recs")
    error = failed.value
    assert error.line_up is not None and error.index is not None
    folder = tmp_path / "recs" / f"lineup-{error.line_up:03d}"
    path = folder / f"game-{error.index:06d}-failed.json"
    assert str(error).startswith(f"line-up {error.line_up} (")
    assert str(error).endswith(f"; the game up to that move is in {path}")
    game = rec.replay(path.read_text(encoding="utf-8"))
    assert game.to_act is not None and game.players[game.to_act].startswith("broken#")


def test_cli_a_failing_bot_is_said_in_the_json_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.BOTS, "broken", lambda seed: _Broken())
    done = CliRunner().invoke(app, ["league", "--bots", "random,beginner,broken", "--games",
                                    "3", "--workers", "1", "--no-progress", "--json"])
    assert done.exit_code == 1, done.output
    assert done.stderr.startswith("Error: line-up 0 (random, beginner, broken): game 0")
    assert json.loads(done.stdout) == {"format": "cutthroat-league/1",
                                       "error": done.stderr[7:].strip()}


def test_bad_arguments() -> None:
    for kwargs in ({"games": 0}, {"workers": 0}, {"ci": "jackknife"}, {"backend": "spark"},
                   {"confidence": 1.0}, {"prior": -1}, {"resamples": -1}):
        with pytest.raises(ValueError):
            run_league(KNOWN, **{"games": 3, "progress": False, **kwargs})


# --- determinism, JSON, table ---------------------------------------------------------------


def test_the_seed_decides_everything(examples_on_path: None) -> None:
    pool = [*KNOWN, GREEDY]
    here = run_league(pool, games=6, seed=0, workers=1, progress=False, resamples=30)
    pooled = run_league(pool, games=6, seed=0, workers=2, progress=False, resamples=30)
    assert pooled.workers == 2
    assert stable(pooled.to_json()) == stable(here.to_json())
    other = run_league(pool, games=6, seed=1, workers=1, progress=False, resamples=30)
    assert other.results != here.results
    assert other.fit.ratings != here.fit.ratings


def test_json_shape(four: LeagueResult) -> None:
    obj = four.to_json()
    assert json.loads(json.dumps(obj, allow_nan=False)) == obj
    assert obj["format"] == "cutthroat-league/1"
    assert obj["bots"] == [*KNOWN, GREEDY]
    assert (obj["games"], obj["games_per_line_up"], obj["deal_sets"]) == (120, 30, 10)
    # the documented order: the arena's first keys, games_per_line_up after the games
    assert list(obj)[:11] == ["format", "bots", "games", "games_per_line_up", "deal_sets",
                              "hands", "seed", "rules", "confidence", "ci", "ci_method"]
    line_up_json = four.line_up_result(0).to_json()
    assert list(line_up_json)[:10] == [key for key in list(obj)[:11]
                                       if key != "games_per_line_up"]
    assert obj["rating"]["anchor"] == "random" and obj["rating"]["prior"] == 1
    assert obj["rating"]["resamples"] == 100 and obj["rating"]["failed_resamples"] == 0
    assert obj["rating"]["fit"] == "maximum likelihood, choix.ilsr_rankings"
    assert obj["rating"]["interval"] == ("percentile bootstrap of deal sets, all line-ups "
                                         "together")
    assert [s["rank"] for s in obj["standings"]] == [1, 2, 3, 4]
    entry = obj["standings"][0]
    assert set(entry) == {"rank", "bot", "rating", "games", "wins", "win_rate", "points",
                          "points_per_game", "hands"}
    assert set(entry["rating"]) == {"value", "low", "high"}
    assert len(obj["line_ups"]) == 4
    line_up = obj["line_ups"][0]
    assert line_up["bots"] == KNOWN and line_up["games"] == 30
    assert sum(line_up["wins"]) == pytest.approx(30)
    assert sum(line_up["model_win_rate"]) == pytest.approx(1.0)


def test_table(four: LeagueResult) -> None:
    text = four.text(width=140)
    assert "League of 4 bots: 4 line-ups × 30 games (10 duplicate deal sets × 3" in text
    for bot in [*KNOWN, GREEDY]:
        assert bot in text
    words = " ".join(text.split())  # the caption is wrapped
    assert "random at 0" in words and "100 resamples" in words
    assert ("finishing order by points (ties split over their orders, 1 virtual win each "
            "way per pair), 400·log10 scale, random at 0." in words)
    failed = dataclasses.replace(four, fit=dataclasses.replace(four.fit, failed=3))
    assert ("(100 resamples, 3 without an estimate, counted as infinite ratings: ∞ marks an "
            "open end)" in " ".join(failed.text(width=140).split()))
    lines = text.splitlines()
    over = next(i for i, line in enumerate(lines) if "Bot" in line)
    assert lines[over - 1].split() == ["Rating", "Win", "rate", "Points", "per", "game"]
    assert lines[over].split() == ["#", "Bot", "[95%", "CI]", "Games", "Won", "[95%", "CI]",
                                   "[95%", "CI]"]


def test_bootstrap_intervals_for_win_rates(four: LeagueResult) -> None:
    """--ci bootstrap changes the intervals of the win rates and points, not the
    ratings (always a bootstrap of their own)."""
    boot = dataclasses.replace(four, ci="bootstrap")
    for b, s in zip(boot.standings(), four.standings(), strict=True):
        assert b.rating == s.rating
        assert b.points_per_game.value == s.points_per_game.value
        assert b.points_per_game != s.points_per_game
    assert boot.to_json()["ci"] == "bootstrap"


def test_progress_bars_on_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    from rich.console import Console

    monkeypatch.setattr(Console, "is_terminal", property(lambda self: True))
    run_league(KNOWN, games=6, seed=0, workers=1, progress=True, resamples=20)
    out, err = capsys.readouterr()
    assert out == "" and "league" in err and "ratings" in err


# --- the command line ---------------------------------------------------------------------


def unboxed(text: str) -> str:
    """A usage error's text without the box Typer draws around it, on one line."""
    import re

    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


def test_cli_json_is_all_of_stdout() -> None:
    done = CliRunner().invoke(app, ["league", "--bots", "random, beginner,intermediate",
                                    "--games", "6", "--seed", "5", "--workers", "1",
                                    "--resamples", "30", "--json"])
    assert done.exit_code == 0, done.output
    assert done.stdout.count("\n") == 1 and done.stderr == ""
    expected = run_league(KNOWN, games=6, seed=5, workers=1, progress=False, resamples=30)
    assert stable(json.loads(done.stdout)) == stable(expected.to_json())


def test_prior_0_without_an_estimate_keeps_the_games_without_ratings() -> None:
    """The intermediate wins every game of a one-deal-set league: with prior 0 there is
    no rating, but the games stand: standings by win rate, no model win rates, a note
    that says why, and no plot."""
    result = run_league(KNOWN, games=3, seed=0, workers=1, progress=False, prior=0)
    assert not result.rated and result.games == 3
    standings = result.standings()
    assert [s.rating.value for s in standings] == [None, None, None]
    rates = [s.win_rate.value for s in standings]
    assert rates == sorted(rates, reverse=True) and standings[0].bot == "intermediate"
    assert standings[0].totals.wins == 3
    obj = result.to_json()
    assert obj["notes"][0] == NO_ESTIMATE and obj["notes"][1].startswith("no intervals")
    assert obj["line_ups"][0]["model_win_rate"] is None
    assert obj["standings"][0]["rating"] == {"value": None, "low": None, "high": None}
    assert "No ratings: with prior 0" in " ".join(result.text().split())
    with pytest.raises(ValueError, match="no ratings to draw"):
        plot_mod.plot_ratings(result, "unused.png")
    assert run_league(KNOWN, games=3, seed=0, workers=1, progress=False).rated


def test_without_ratings_the_win_rates_keep_their_intervals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two deal sets and no estimate: the win rates and points have their intervals,
    and the caption says so under the note; a fit that fails with a prior is a fault,
    not data, and is raised."""
    def no_estimate(*args: Any, **kwargs: Any) -> Any:
        raise RatingError("no estimate")

    monkeypatch.setattr(league_mod, "rate", no_estimate)
    result = run_league(KNOWN, games=6, seed=0, workers=1, progress=False, prior=0)
    assert not result.rated and result.notes() == [NO_ESTIMATE]
    assert all(s.win_rate.low is not None for s in result.standings())
    text = " ".join(result.text().split())
    assert "gives every bot a rating. 95% intervals: win rate and points" in text
    with pytest.raises(RatingError):
        run_league(KNOWN, games=6, seed=0, workers=1, progress=False, prior=1)


def test_cli_prior_0_without_an_estimate_shows_the_games_and_names_the_remedy(
        tmp_path: Path) -> None:
    """The games of a league whose prior-0 ratings do not exist are shown, and saved,
    not lost; the table says why there is no rating and which option gives one; a plot
    asked for is refused after them (status 1)."""
    done = CliRunner().invoke(app, ["league", "--bots", "random,beginner,intermediate",
                                    "--games", "3", "--workers", "1", "--no-progress",
                                    "--prior", "0"])
    assert done.exit_code == 0, done.output
    shown = unboxed(done.stdout)
    assert "No ratings: with prior 0 the ratings have no maximum-likelihood" in shown
    assert "a prior of 1 (the default) gives every bot a rating" in shown
    assert "intermediate" in shown and "3 games" in shown
    recs, plot = tmp_path / "recs", tmp_path / "ratings.png"
    done = CliRunner().invoke(app, ["league", "--bots", "random,beginner,intermediate",
                                    "--games", "3", "--workers", "1", "--no-progress",
                                    "--prior", "0", "--json", "--records", str(recs),
                                    "--plot", str(plot)])
    assert done.exit_code == 1
    assert json.loads(done.stdout)["notes"][0] == NO_ESTIMATE
    assert done.stderr.startswith("3 records saved in")
    assert "Error: no plot, as there are no ratings to draw" in done.stderr
    assert len(list(recs.glob("lineup-000/*.json"))) == 3 and not plot.exists()


def test_cli_table_records_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "ratings.png"
    done = CliRunner().invoke(app, [
        "league", "--bots", "random,beginner,intermediate", "--games", "3", "--workers",
        "1", "--no-progress", "--resamples", "10", "--preset", "stick", "--set",
        "target=5", "--records", str(tmp_path / "recs"), "--plot", str(plot),
        "--anchor", "mean"])
    assert done.exit_code == 0, done.output
    assert "League of 3 bots" in done.stdout and "mean at 0" in done.stdout
    assert "ratings fitted in" in done.stdout and "Plot saved" in done.stdout
    assert plot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    games = sorted((tmp_path / "recs" / "lineup-000").iterdir())
    assert len(games) == 3
    assert rec.replay(games[0].read_text()).rules == Rules.preset("stick", target=5)


@pytest.mark.parametrize(("args", "option", "message"), [
    (["--bots", "random,beginner"], "--bots", "at least three bots, not 2"),
    (["--bots", "random,beginner,random"], "--bots", "same bot random twice"),
    (["--bots", "random,beginner,nobody"], "--bots", "unknown bot 'nobody'"),
    (["--bots", "random,beginner,expert:bogus=1"], "--bots", "bogus"),
    (["--bots", "random,beginner,intermediate", "--anchor", "expert"], "--anchor",
     "not in the pool"),
    (["--bots", "random,beginner,intermediate", "--ci", "nope"], "--ci", "se or bootstrap"),
    (["--bots", "random,beginner,intermediate", "--backend", "spark"], "--backend",
     "local or ray"),
    (["--bots", "random,beginner,intermediate", "--ray-address", "auto"], "--ray-address",
     "goes with --backend ray"),
    (["--bots", "random,beginner,intermediate", "--prior", "-1"], "--prior", ""),
])
def test_cli_usage_errors(monkeypatch: pytest.MonkeyPatch, args: list[str], option: str,
                          message: str) -> None:
    def boom(*a: object, **k: object) -> LeagueResult:
        raise AssertionError("the league started before the arguments were checked")

    from cutthroat.sim import league_cli

    monkeypatch.setattr(league_cli, "run_league", boom)
    done = CliRunner().invoke(app, ["league", *args, "--json"])
    assert done.exit_code == 2, done.output
    said = unboxed(done.stderr)
    assert done.stdout == "" and option in said and message in said


def test_cli_plot_is_checked_before_playing(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    from cutthroat.sim import league_cli

    def boom(*a: object, **k: object) -> LeagueResult:
        raise AssertionError("the league started before the plot was checked")

    monkeypatch.setattr(league_cli, "run_league", boom)
    args = ["league", "--bots", "random,beginner,intermediate", "--plot"]
    done = CliRunner().invoke(app, [*args, str(tmp_path / "p.txt")])
    assert done.exit_code == 2 and "cannot write a .txt file" in unboxed(done.stderr)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    done = CliRunner().invoke(app, [*args, str(tmp_path / "p.png")])
    assert done.exit_code == 1 and "pip install 'cutthroat-euchre[sim]'" in done.stderr


def test_cli_without_choix_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "choix", None)
    done = CliRunner().invoke(app, ["league", "--bots", "random,beginner,intermediate",
                                    "--json"])
    assert done.exit_code == 1 and done.stdout == ""  # a missing extra, no usage error
    assert "pip install 'cutthroat-euchre[sim]'" in done.stderr


def test_cli_a_failing_bot_is_an_error_not_a_traceback(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    monkeypatch.setitem(registry.BOTS, "broken", lambda seed: _Broken())
    done = CliRunner().invoke(app, ["league", "--bots", "random,beginner,broken", "--games",
                                    "3", "--workers", "1", "--no-progress"])
    assert done.exit_code == 1
    assert "Error: line-up 0 (random, beginner, broken)" in done.stderr


def test_plot_ratings(four: LeagueResult, tmp_path: Path) -> None:
    from cutthroat.sim.plot import plot_ratings

    path = tmp_path / "ratings.svg"
    plot_ratings(four, path)
    assert path.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_plot_ratings_draws_an_interval_that_leaves_out_its_rating(
        four: LeagueResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A researcher's finding: ``league --plot`` ended in "internal error" ('xerr' must not
    contain negative values) where a bootstrap interval's low end lay a float's rounding
    above its rating (903.6719063354071 over 903.6719063311717): it is drawn."""

    from cutthroat.sim.plot import plot_ratings

    rows = four.standings()
    off = [dataclasses.replace(s, rating=dataclasses.replace(
        s.rating, low=s.rating.value + 4e-9)) if s.rating.value and s.rating.low is not None
        else s for s in rows]
    assert off != rows
    monkeypatch.setattr(type(four), "standings", lambda self: off)
    path = tmp_path / "ratings.svg"
    plot_ratings(four, path)
    assert path.read_text(encoding="utf-8").lstrip().startswith("<?xml")


# --- Ray ------------------------------------------------------------------------------------


def test_league_on_ray_plays_the_same_games() -> None:
    pytest.importorskip("ray")
    local = run_league(KNOWN, games=6, seed=4, workers=2, progress=False, resamples=20)
    on_ray = run_league(KNOWN, games=6, seed=4, workers=2, progress=False, resamples=20,
                        backend="ray")
    assert stable(on_ray.to_json()) == stable(local.to_json())


def test_run_league_and_check_pool_take_a_comma_separated_pool_as_bots_does() -> None:
    """A string is the pool as ``--bots`` writes it: any number of bots, three or more,
    split on commas (not a sequence of characters)."""
    assert check_pool(" random, beginner ,intermediate") == KNOWN
    assert check_pool("random,beginner,intermediate,expert:bid_samples=2,play_samples=2") == [
        *KNOWN, "expert:bid_samples=2,play_samples=2"]
    with pytest.raises(BotSpecError, match="at least three bots, not 2"):
        check_pool("random,beginner")
    result = run_league(",".join(KNOWN), games=3, seed=0, workers=1, progress=False,
                        resamples=10)
    assert result.bots == tuple(KNOWN) and result.games == 3


def test_a_bots_name_stays_on_one_line_in_a_narrow_terminal(four: LeagueResult,
                                                            examples_on_path: None) -> None:
    """At 80 columns the figures' columns squeezed a module.Class name first and folded
    it ("mybot.FirstLegal#" / "0"); a name up to LABEL_WIDTH characters stays whole,
    in the league's table and in both of the arena's."""
    assert any(GREEDY in line for line in four.text(width=80).splitlines())
    arena = run_arena([GREEDY, "random", "random"], 3, seed=0, workers=1, progress=False)
    lines = arena.text(width=80).splitlines()
    assert sum(f"{GREEDY}#0" in line for line in lines) == 2  # both tables


def test_the_tables_printed_at_80_columns_keep_every_figure_and_word(
        four: LeagueResult, examples_on_path: None, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Printed to a pipe (80 columns), the league's table came out wider than 80 and
    Rich cut every line at 80: 9.51 points read 9, '[8.97, 10.18]' '[8.97, 10.', the
    title lost its seed; the arena's second table lost its last column. Now the lines
    are printed whole."""
    from cutthroat.sim.results import print_uncropped

    monkeypatch.setenv("COLUMNS", "80")
    print_uncropped(four.table())
    shown = capsys.readouterr().out
    assert f"seed {four.seed}" in shown.splitlines()[0]
    for s in four.standings():
        assert f"{s.points_per_game.value:.2f}" in shown
        assert f"{s.points_per_game.high:.2f}]" in shown
    assert "400·log10 scale" in shown and "Rules: 24 cards" in shown
    arena = run_arena([GREEDY, "intermediate", GREEDY], 3, seed=5, workers=1,
                      progress=False)
    print_uncropped(arena.table())
    shown = capsys.readouterr().out
    assert "made/tried" in shown and "Loners" in shown


@pytest.mark.parametrize(("option", "value"), [("prior", -1), ("resamples", -5)])
def test_run_league_names_the_argument_out_of_range(option: str, value: int) -> None:
    """A researcher's finding: "prior and resamples must be at least 0" for either."""

    with pytest.raises(ValueError, match=rf"^{option} must be at least 0, not {value}$"):
        run_league(["random", "beginner", "intermediate"], 6, **{option: value})


@pytest.mark.parametrize("workers", [1, 2])
def test_the_leagues_progress_bar_counts_every_game_once(
        monkeypatch: pytest.MonkeyPatch, workers: int) -> None:
    """The league's bar is advanced by every game of every line-up, once, to its
    total, played here or on worker processes."""
    advanced: dict[str, int] = {}
    totals: dict[str, int] = {}

    class CountingBar(ProgressBar):
        def __enter__(self) -> ProgressBar:
            totals[self.label] = self.total
            return super().__enter__()

        def advance(self, n: int) -> None:
            advanced[self.label] = advanced.get(self.label, 0) + n
            super().advance(n)

    monkeypatch.setattr(league_mod, "ProgressBar", CountingBar)
    result = run_league(KNOWN, games=6,
                        seed=1, workers=workers, progress=False, resamples=5)
    assert totals["league"] == result.games == 6
    assert advanced.get("league", 0) == 6


@pytest.fixture(scope="module")
def three() -> LeagueResult:
    """A league of the three known bots: one line-up × 6 games (2 deal sets); the
    intermediate wins all 6, the random none."""
    return run_league(KNOWN, games=6, seed=0, workers=1, progress=False, resamples=20)


def test_a_line_up_of_three_has_the_win_rates_and_points_of_its_arena(
        three: LeagueResult) -> None:
    """With one line-up a bot's games are its arena entry's, deal set by deal set, so
    its win rate and points per game (se, the default) are the arena's, intervals and
    all; --ci bootstrap gives the points other intervals (the ratings keep theirs)."""
    arena = three.line_up_result(0).entry_stats()
    for s in three.standings():
        figures = arena[three.line_ups[0].index(s.index)].estimates
        assert s.win_rate == figures["win_rate"]
        assert s.points_per_game == figures["points_per_game"]
    boot = dataclasses.replace(three, ci="bootstrap")
    for b, s in zip(boot.standings(), three.standings(), strict=True):
        assert b.points_per_game.value == s.points_per_game.value
        assert b.points_per_game != s.points_per_game


def test_bootstrap_intervals_of_a_league_hold_their_values_and_a_bot_that_never_won(
        three: LeagueResult) -> None:
    """--ci bootstrap: a bot that won none of its games has a win-rate interval of some
    width (as with se: 0 wins in 6 games is no proof of a win rate of 0), within [0, 1];
    every points interval holds its value (points are no proportion)."""
    boot = dataclasses.replace(three, ci="bootstrap")
    rows = {s.bot: s for s in boot.standings()}
    assert rows["random"].totals.wins == 0
    never = rows["random"].win_rate
    assert never.value == 0.0 and never.low == 0.0
    assert never.high is not None and 0.5 < never.high <= 1.0
    for s in boot.standings():
        ppg = s.points_per_game
        assert ppg.low is not None and ppg.high is not None
        assert ppg.low <= ppg.value <= ppg.high  # type: ignore[operator]
    assert rows["intermediate"].points_per_game.value > 1


def test_line_ups_json_gives_points_per_game_and_the_models_win_rates(
        four: LeagueResult) -> None:
    """Each line-up's points per game are its arena entries', and its model win rates
    follow its bots' ratings (the higher rated, the likelier to win), as the model says
    from the ratings in the standings; the league's hands are its line-ups' hands."""
    obj = four.to_json()
    ratings = {s["bot"]: s["rating"]["value"] for s in obj["standings"]}
    for k, line_up in enumerate(obj["line_ups"]):
        arena = four.line_up_result(k)
        assert line_up["points_per_game"] == pytest.approx(
            [e.estimates["points_per_game"].value for e in arena.entry_stats()])
        rated = [ratings[bot] for bot in line_up["bots"]]
        model = line_up["model_win_rate"]
        assert sorted(range(3), key=lambda e: model[e]) == sorted(range(3),
                                                                 key=lambda e: rated[e])
        assert max(model) > 0.4  # not 1/3 each: the ratings differ by hundreds
    assert obj["hands"] == sum(four.line_up_result(k).hands for k in range(4)) > obj["games"]


def test_json_timing_fields_are_rounded_and_give_the_speed(three: LeagueResult) -> None:
    """elapsed_s and rating_elapsed_s to the millisecond, games_per_s to 2 decimals
    (None when no time was measured)."""
    timed = dataclasses.replace(three, elapsed=1.23456, rating_elapsed=0.98765).to_json()
    assert (timed["elapsed_s"], timed["rating_elapsed_s"]) == (1.235, 0.988)
    assert dataclasses.replace(three, elapsed=0.7).to_json()["games_per_s"] == 8.57
    assert dataclasses.replace(three, elapsed=0.0).to_json()["games_per_s"] is None
    assert dataclasses.replace(three, elapsed=0.5).to_json()["games_per_s"] == 12.0


def test_a_one_line_up_league_says_line_up_and_its_prior_in_the_singular(
        three: LeagueResult) -> None:
    """The title counts 1 line-up (not "1 line-ups"), 4 line-ups in the plural; the
    caption says "1 virtual win each way", "2 virtual wins"."""
    words = " ".join(three.text(width=140).split())
    assert "League of 3 bots: 1 line-up × 6 games (2 duplicate deal sets × 3" in words
    assert "1 virtual win each way per pair" in words
    two = " ".join(dataclasses.replace(three, prior=2).text(width=140).split())
    assert "2 virtual wins each way per pair" in two
    none = " ".join(dataclasses.replace(three, prior=0).text(width=140).split())
    assert "0 virtual wins each way per pair" in none


def test_without_ratings_from_one_deal_set_the_caption_says_both_whys() -> None:
    """prior 0, no estimate, one deal set: the caption says there are no ratings, and
    then, as a sentence of its own, that intervals need two deal sets."""
    result = run_league(KNOWN, games=3, seed=0, workers=1, progress=False, prior=0)
    assert not result.rated
    words = " ".join(result.text(width=140).split())
    assert "gives every bot a rating. No intervals: they need at least 2 deal sets" in words


def test_table_names_are_aligned_left_and_figures_right(three: LeagueResult) -> None:
    """Bots read from the left, beside their rank; figures line up on the right."""
    lines = three.text(width=140).splitlines()
    row = next(line for line in lines if " beginner " in line)
    assert row.lstrip().startswith("2  beginner ")
    header = next(line for line in lines if "Bot" in line and "Games" in line)
    assert header.index("Bot") == row.index("beginner")  # left edges
    assert header.index("Games") + len("Games") == row.index(" 6 ") + 2  # right edges


def _league_asked(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[Any, dict[str, Any]]:
    """Run ``cutthroat league`` with ``args`` up to its call of run_league: ``asked_of``."""
    from cutthroat.sim import league_cli

    return asked_of(monkeypatch, app, league_cli, "run_league", "league", *args)


def test_cli_defaults_are_those_its_help_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    """Left out, the options are their help's defaults: 300 games per line-up (whole
    deal sets: no note), seed 0, prior 1, 1000 resamples, se, progress shown, locally;
    a Ctrl-C before the results says so and ends with status 130."""
    done, asked = _league_asked(monkeypatch, "--bots", "random,beginner,intermediate")
    assert done.exit_code == 130
    assert done.stdout == ""
    assert done.stderr == ("Interrupted (Ctrl-C) before the league's results were ready: "
                           "nothing to show.\n")
    assert asked == {"bots": KNOWN, "games": 300, "seed": 0, "rules": Rules(),
                     "workers": None, "progress": True, "records": None, "ci": "se",
                     "backend": "local", "address": None, "anchor": None, "prior": 1,
                     "resamples": 1000, "move_time_limit": None}


@pytest.mark.parametrize(("option", "least"), [("--games", 1), ("--seed", 0),
                                               ("--workers", 1), ("--prior", 0),
                                               ("--resamples", 0)])
def test_cli_takes_each_number_down_to_its_least_and_no_lower(
        monkeypatch: pytest.MonkeyPatch, option: str, least: int) -> None:
    """The least value of each number is taken (``--games 1`` plays a deal set,
    ``--prior 0`` the plain fit, ``--resamples 0`` no bootstrap), one below it is a usage
    error naming the option, before any game."""
    bots = ["--bots", "random,beginner,intermediate"]
    done, asked = _league_asked(monkeypatch, *bots, option, str(least))
    assert done.exit_code == 130, done.output
    assert asked[{"--games": "games", "--seed": "seed", "--workers": "workers",
                  "--prior": "prior", "--resamples": "resamples"}[option]] == least
    done, asked = _league_asked(monkeypatch, *bots, option, str(least - 1))
    assert done.exit_code == 2 and asked == {}
    said = unboxed(done.stderr)
    assert option in said and f"{least - 1} is not in the range" in said


def test_cli_says_what_it_makes_of_games_and_workers_before_the_league(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """--games not a whole number of deal sets is rounded up, and said; so are more
    workers than this machine takes, as the arena does."""
    from cutthroat.sim.workers import max_workers

    done, asked = _league_asked(monkeypatch, "--bots", "random,beginner,intermediate",
                                "--games", "4", "--workers", str(max_workers() + 1))
    assert done.exit_code == 130 and asked["games"] == 4
    assert done.stderr.startswith("--games 4 rounded up to 6: whole deal sets, of 3 games "
                                  f"each.\n--workers {max_workers() + 1} capped at "
                                  f"{max_workers()}: twice this machine's")


def test_the_speed_line_says_games_hands_workers_and_times(
        three: LeagueResult, capsys: pytest.CaptureFixture[str]) -> None:
    """After the table: the games and hands, the time and the workers (with why fewer
    than asked), the games a second, and the time the ratings took."""
    from cutthroat.sim.league_cli import print_league

    timed = dataclasses.replace(three, workers=2, elapsed=2.0, rating_elapsed=0.5)
    print_league(timed, False, workers_asked=4)
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == ("6 games (45 hands) in 2.0 s on 2 workers (4 asked: only 1 line-up × "
                    "2 deal sets to share out), 3.0 games/s; ratings fitted in 0.5 s")
    print_league(dataclasses.replace(timed, elapsed=0.6), False, workers_asked=2)
    assert capsys.readouterr().out.splitlines()[-1] == (
        "6 games (45 hands) in 0.6 s on 2 workers, 10.0 games/s; ratings fitted in 0.5 s")
    print_league(dataclasses.replace(timed, elapsed=0.0), False, workers_asked=2)
    assert capsys.readouterr().out.splitlines()[-1] == (
        "6 games (45 hands) in 0 s on 2 workers; ratings fitted in 0.5 s")


def test_cli_on_ray_keeps_what_is_printed_meanwhile_off_the_json(
        three: LeagueResult, monkeypatch: pytest.MonkeyPatch) -> None:
    """With --backend ray, what is printed while the league plays (Ray writes its
    raylet's warnings on standard output) goes to standard error: standard output is
    the JSON alone."""
    from cutthroat.sim import league_cli

    def play(pool: list[str], games: int, **kwargs: Any) -> LeagueResult:
        print("(raylet) a worker died or was killed while executing a task")
        return dataclasses.replace(three, backend="ray")

    monkeypatch.setattr(league_cli, "run_league", play)
    done = CliRunner().invoke(app, ["league", "--bots", "random,beginner,intermediate",
                                    "--games", "6", "--backend", "ray", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["backend"] == "ray"
    assert "(raylet) a worker died" in done.stderr


def test_league_notes_name_the_games_that_give_intervals() -> None:
    """One deal set: the note says how many games per line-up give intervals, and the
    option that asks for them."""
    one = run_league(["random", "beginner", "intermediate"], games=3, seed=0, workers=1,
                     progress=False, resamples=20)
    [note] = one.notes()
    assert "(6 games per line-up or more: --games 6)" in note


def test_league_rating_intervals_need_half_the_resamples_with_an_estimate() -> None:
    """Rating intervals are given where at least half the resamples (and 2) had an
    estimate, as the bootstrap itself draws them: 10 of 20 give intervals, 9 of 20 do
    not, and the note says so; 2 of 4 give them, 1 of 3 does not."""
    two = run_league(["random", "beginner", "intermediate"], games=6, seed=0, workers=1,
                     progress=False, resamples=20)

    def failed(n: int, resamples: int = 20) -> list[str]:
        fit = dataclasses.replace(two.fit, resamples=resamples, failed=n)
        return dataclasses.replace(two, fit=fit).notes()

    assert failed(10) == []
    assert failed(11) == ["no rating intervals: 9 of 20 resamples had an estimate, fewer "
                          "than the 10 needed"]
    assert failed(2, resamples=4) == []  # half of 4
    assert failed(2, resamples=3) == ["no rating intervals: 1 of 3 resamples had an "
                                      "estimate, fewer than the 2 needed"]  # never under 2


def test_rating_intervals_from_fewer_than_10_deal_sets_are_said_too_narrow_to_trust(
        four: LeagueResult, three: LeagueResult) -> None:
    """Below 10 deal sets (30 games per line-up) the caption says the ratings' bootstrap
    intervals are too narrow to trust; from 10 deal sets it does not."""
    words = " ".join(three.text(width=140).split())
    assert ("bootstrap of deal sets across all line-ups (20 resamples; from 2 deal sets, "
            "too narrow to trust below 10 (30 games per line-up)); win rate") in words
    assert four.deal_sets == 10
    words = " ".join(four.text(width=140).split())
    assert "bootstrap of deal sets across all line-ups (100 resamples); win rate" in words
    assert "too narrow" not in words


def test_a_league_result_built_directly_has_run_leagues_defaults(three: LeagueResult) -> None:
    """Left out, a LeagueResult's settings are run_league's defaults: prior 1, 95%
    intervals, se, one worker, played locally, not interrupted."""
    built = LeagueResult(three.bots, three.line_ups, three.results, three.seed, three.rules,
                         three.fit, three.anchor)
    assert (built.prior, built.confidence, built.ci, built.workers, built.backend,
            built.planned) == (1, 0.95, "se", 1, "local", None)
    assert (built.elapsed, built.rating_elapsed) == (0.0, 0.0)


def test_standings_are_frozen(three: LeagueResult) -> None:
    """A standing cannot be changed: standings() hands out the ones it keeps."""
    standing = three.standings()[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        standing.rank = 2  # type: ignore[misc]
    assert three.standings()[0].rank == 1


def test_leagues_of_the_same_games_are_equal_whether_or_not_their_standings_were_asked(
        three: LeagueResult) -> None:
    """The standings kept once worked out are no part of a league's equality."""
    three.standings()
    again = dataclasses.replace(three)
    assert again == three
    again.standings()
    assert again == three and again.standings() == three.standings()


def test_a_league_of_no_games_counts_none() -> None:
    """With no results, no games per line-up, no deal sets, no games, no hands."""
    empty = LeagueResult(("random", "beginner", "intermediate"), (), (), 0, Rules(),
                         RatingFit((), (), 0, 0), "random")
    assert (empty.games_per_line_up, empty.deal_sets, empty.games, empty.hands) == (0, 0, 0, 0)


def test_without_ratings_equal_win_rates_are_ranked_by_points(three: LeagueResult) -> None:
    """Unrated, the standings go by win rate, then by points per game: beginner and random
    both won none of their 6 games, and the beginner scored more."""
    unrated = dataclasses.replace(
        three, fit=RatingFit(tuple(Estimate(None) for _ in three.bots), (), 0, 0))
    assert not unrated.rated
    standings = unrated.standings()
    assert [s.bot for s in standings] == ["intermediate", "beginner", "random"]
    assert [s.rank for s in standings] == [1, 2, 3]
    assert standings[1].totals.wins == standings[2].totals.wins == 0
    assert standings[1].totals.points > standings[2].totals.points
