"""The tournament arena: duplicate deals, determinism, totals and their intervals (the
formulas themselves: test_stats.py), JSON, CLI, plot."""

from __future__ import annotations

import json
import multiprocessing
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from cli_helpers import asked_of
from cutthroat import Game, Rules
from cutthroat import record as rec
from cutthroat.actions import Action
from cutthroat.bots import Bot, BotMoveError, RandomBot, registry
from cutthroat.bots.registry import BotSpecError
from cutthroat.sim import (
    ArenaError,
    ArenaResult,
    BotUnavailableError,
    RecordsFolderError,
    UnknownBotError,
    make_bot,
    play_arena_game,
    run_arena,
)
from cutthroat.sim import arena as arena_mod
from cutthroat.sim.cli import register
from cutthroat.sim.plot import (
    INSTALL_HINT,
    PlotUnavailableError,
    check_plot_format,
    plot_win_rates,
    win_rate_title,
)
from cutthroat.sim.stats import Estimate
from cutthroat.sim.workers import ProgressBar
from cutthroat.views import View

RANDOM3 = ["random", "random", "random"]
TIMING = ("elapsed_s", "games_per_s", "workers", "backend")


def stable(obj: dict[str, Any]) -> dict[str, Any]:
    """A result's JSON without the fields that depend on timing or workers."""
    return {k: v for k, v in obj.items() if k not in TIMING}


@pytest.fixture(scope="module")
def small() -> ArenaResult:
    """Twelve games (four deal sets) of random bots, played in this process."""
    return run_arena(RANDOM3, games=12, seed=5, workers=1, progress=False)


# --- the registry ----------------------------------------------------------------------


def test_make_bot_by_name() -> None:
    bot = make_bot("random", 4)
    assert isinstance(bot, RandomBot) and bot.name == "random"
    assert isinstance(bot, Bot)
    with pytest.raises(UnknownBotError, match="known: random"):
        make_bot("grandmaster", 0)


def test_heuristic_bots_are_made_or_clearly_unavailable() -> None:
    for name in ("beginner", "intermediate"):
        try:
            bot = make_bot(name, 1)
        except BotUnavailableError as exc:
            assert "cutthroat.bots.heuristic" in str(exc)
        else:
            assert isinstance(bot, Bot) and bot.name == name


def test_missing_bot_module_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(arena_mod.BOTS, "ghost",
                        registry._lazy("cutthroat.bots.ghost", "GhostBot", "ghost"))
    with pytest.raises(BotUnavailableError, match=r"'ghost' bot .* cutthroat\.bots\.ghost"):
        make_bot("ghost", 0)
    with pytest.raises(BotUnavailableError):
        run_arena(["ghost", "random", "random"], games=3, workers=1, progress=False)


class _Broken:
    """A bot that breaks the rules: it always tries to discard the nine of clubs."""

    name = "broken"

    def choose(self, view: View) -> Action:
        return Action.parse("discard 9C")


def test_a_failing_bot_is_reported_with_its_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(arena_mod.BOTS, "broken", lambda seed: _Broken())
    with pytest.raises(ArenaError, match=r"^game 0 \(deal set 0, rotation 0\): "
                                         "BotMoveError: the .broken. bot in seat 0"):
        run_arena(["broken", "broken", "broken"], games=3, workers=1, progress=False)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_games_record_is_kept_beside_the_records_to_debug_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, workers: int) -> None:
    """With --records, the game a bot broke is written as it stood at the failing move
    (game-NNNNNN-failed.json, a legal record of the moves before it), and the error says
    where: the game to replay and debug, which was lost before."""
    if workers > 1 and multiprocessing.get_start_method() != "fork":
        pytest.skip("workers see the test's registry only when forked")
    monkeypatch.setitem(arena_mod.BOTS, "broken", lambda seed: _Broken())
    with pytest.raises(ArenaError) as failed:
        run_arena(["random", "random", "broken"], games=12, workers=workers,
                  progress=False, records=tmp_path / "recs")
    error = failed.value
    assert error.index is not None and error.record is not None
    path = tmp_path / "recs" / f"game-{error.index:06d}-failed.json"
    assert str(error).endswith(f"; the game up to that move is in {path}")
    assert "BotMoveError: the 'broken' bot" in str(error)
    game = rec.replay(path.read_text(encoding="utf-8"))  # legal, up to the failing move
    assert not game.is_over and game.hand is not None
    hand = game.hand
    assert hand.to_act is not None and game.players[hand.to_act].startswith("broken#2")
    assert "discard 9C" not in hand.legal_texts()  # what the broken bot tried
    with pytest.raises(RecordsFolderError):  # the folder holds a tournament's game now
        run_arena(["random", "random", "random"], games=3, workers=1, progress=False,
                  records=tmp_path / "recs")


def test_a_failing_game_without_records_writes_nothing(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.setitem(arena_mod.BOTS, "broken", lambda seed: _Broken())
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ArenaError) as failed:
        run_arena(["broken", "random", "random"], games=3, workers=1, progress=False)
    assert "the game up to that move" not in str(failed.value)
    assert list(tmp_path.iterdir()) == []
    assert isinstance(failed.value.__cause__, BotMoveError)  # the bot's own error


@pytest.mark.parametrize("as_json", [False, True])
def test_cli_a_failing_bot_is_said_on_stderr_and_in_the_json(
        monkeypatch: pytest.MonkeyPatch, app: typer.Typer, as_json: bool) -> None:
    """Status 1 and one line on standard error; with --json, a program reading standard
    output is told too (as hint --json and review --json tell theirs), not left with
    nothing to parse."""
    monkeypatch.setitem(arena_mod.BOTS, "broken", lambda seed: _Broken())
    done = CliRunner().invoke(app, ["arena", "--bots", "broken,random,random", "--games",
                                    "3", "--workers", "1", "--no-progress",
                                    *(["--json"] if as_json else [])])
    assert done.exit_code == 1, done.output
    assert done.stderr.startswith("Error: game 0 (deal set 0, rotation 0): BotMoveError")
    if as_json:
        said = json.loads(done.stdout)
        assert said == {"format": "cutthroat-arena/1", "error": done.stderr[7:].strip()}
    else:
        assert done.stdout == ""


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork",
                    reason="workers see the test's registry only when forked")
def test_a_failing_bot_in_a_worker_stops_the_arena(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(arena_mod.BOTS, "broken", lambda seed: _Broken())
    with pytest.raises(ArenaError,
                       match=r"\(deal set \d+, rotation 0\): BotMoveError: the .broken. bot"):
        run_arena(["broken", "random", "random"], games=12, workers=2, progress=False)


# --- duplicate deals -------------------------------------------------------------------


def _rotation_games(seed: int, deal_set: int) -> list[Game]:
    return [play_arena_game(RANDOM3, 3 * deal_set + r, seed=seed)[0] for r in range(3)]


def test_duplicate_rotations_replay_the_same_deals() -> None:
    games = _rotation_games(seed=11, deal_set=2)
    first = games[0].hands[0]
    for game in games:
        assert game.hands[0].dealt == first.dealt
        assert game.first_dealer == games[0].first_dealer
    # Every hand index the games share has the same cards, whatever was played before.
    common = min(len(g.hands) for g in games)
    assert common >= 2
    for i in range(common):
        assert len({g.hands[i].dealt for g in games}) == 1
    # Entry e sits in seat (e + r) % 3 in rotation r.
    assert games[0].players == ("random#0", "random#1", "random#2")
    assert games[1].players == ("random#2", "random#0", "random#1")
    assert games[2].players == ("random#1", "random#2", "random#0")


def test_deal_sets_and_seeds_differ() -> None:
    deals = {play_arena_game(RANDOM3, index, seed=seed)[0].hands[0].dealt
             for index, seed in [(0, 0), (3, 0), (6, 0), (0, 1)]}
    assert len(deals) == 4


def test_game_results_are_by_entry() -> None:
    game, result = play_arena_game(RANDOM3, 4, seed=2)
    assert (result.index, result.deal_set, result.rotation) == (4, 1, 1)
    assert result.seats == (2, 0, 1)
    for seat, entry in enumerate(result.seats):
        assert result.tallies[entry].points == game.scores[seat]
        assert (result.tallies[entry].wins > 0) == (seat in game.winners)
    assert result.hands == len(game.hands)


# --- tournaments -----------------------------------------------------------------------


def test_results_do_not_depend_on_worker_count(small: ArenaResult) -> None:
    two = run_arena(RANDOM3, games=12, seed=5, workers=2, progress=False)
    assert two.workers == 2
    assert two.results == small.results
    assert stable(two.to_json()) == stable(small.to_json())
    other_seed = run_arena(RANDOM3, games=12, seed=6, workers=1, progress=False)
    assert other_seed.results != small.results


def test_totals_are_consistent(small: ArenaResult) -> None:
    assert small.games == 12 and small.deal_sets == 4
    assert [r.index for r in small.results] == list(range(12))
    entries = small.entry_stats()
    assert sum(s.totals.wins for s in entries) == 12
    for s in entries:
        t = s.totals
        assert t.games == 12
        assert t.hands == small.hands
        assert t.maker == t.made + t.euchred
        assert t.marches <= t.made and t.loners_made <= t.loners <= t.maker
        assert t.def_loners_made <= t.def_loners <= t.defended
    maker_hands = sum(s.totals.maker for s in entries)
    assert sum(s.totals.defended for s in entries) == 2 * maker_hands
    assert (sum(s.totals.inflicted for s in entries)
            == 2 * sum(s.totals.euchred for s in entries))
    for game in small.results:
        assert sum(t.wins for t in game.tallies) == 1
        assert sorted(game.seats) == [0, 1, 2]
    (everyone,) = small.name_stats()
    assert everyone.label == "random (all)" and everyone.entries == (0, 1, 2)
    assert everyone.totals.games == 36 and everyone.totals.wins == 12
    assert everyone.estimates["win_rate"].value == pytest.approx(1 / 3)
    # a bot in every seat wins a third of the games by construction: no interval width
    rate = everyone.estimates["win_rate"]
    assert rate.low == rate.high == rate.value


def test_estimates_match_totals(small: ArenaResult) -> None:
    for s in small.entry_stats():
        t, est = s.totals, s.estimates
        assert est["win_rate"].value == pytest.approx(t.wins / t.games)
        assert est["points_per_game"].value == pytest.approx(t.points / t.games)
        assert est["maker_success"].value == pytest.approx(t.made / t.maker)
        assert est["euchre_rate"].value == pytest.approx(t.euchred / t.maker)
        assert est["inflicted_rate"].value == pytest.approx(t.inflicted / t.defended)
        for key in ("win_rate", "maker_success", "euchre_rate", "inflicted_rate"):
            e = est[key]
            assert e.low is not None and e.high is not None and e.value is not None
            assert 0.0 <= e.low <= e.value <= e.high <= 1.0
        assert s.win_rate_wilson is not None


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_bar_on_a_terminal(small: ArenaResult, workers: int,
                                    monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    from rich.console import Console

    monkeypatch.setattr(Console, "is_terminal", property(lambda self: True))
    shown = run_arena(RANDOM3, games=12, seed=5, workers=workers, progress=True)
    assert shown.results == small.results
    out, err = capsys.readouterr()
    assert out == "" and "arena" in err


def test_games_round_up_to_whole_deal_sets() -> None:
    result = run_arena(RANDOM3, games=4, seed=0, workers=1, progress=False)
    assert result.games == 6 and result.deal_sets == 2


def test_shared_wins_count_fractionally() -> None:
    rules = Rules(tie="share", target=5)
    result = run_arena(RANDOM3, games=30, seed=3, rules=rules, workers=1, progress=False)
    wins = [t.wins for g in result.results for t in g.tallies]
    assert any(0 < w < 1 for w in wins), "no shared win in 30 games to 5 points"
    assert sum(s.totals.wins for s in result.entry_stats()) == pytest.approx(30)
    assert result.to_json()["rules"] == {"preset": "standard", "target": 5, "tie": "share"}


def test_bootstrap_intervals(small: ArenaResult) -> None:
    boot = run_arena(RANDOM3, games=12, seed=5, workers=1, progress=False, ci="bootstrap")
    assert boot.results == small.results
    for b, s in zip(boot.entry_stats(), small.entry_stats(), strict=True):
        assert b.estimates["win_rate"].value == s.estimates["win_rate"].value
        bw, sw = b.estimates["win_rate"], s.estimates["win_rate"]
        # (a proportion's bootstrap interval is widened to Korn-Graubard's where narrower)
        assert bw.low <= sw.low and bw.high >= sw.high  # type: ignore[operator]
        assert b.estimates["points_per_game"] != s.estimates["points_per_game"]
    assert boot.to_json()["ci"] == "bootstrap"


@pytest.mark.parametrize("ci", ["se", "bootstrap"])
def test_points_per_game_alike_in_every_deal_set_have_no_interval_of_no_width(
        ci: str) -> None:
    """Two deal sets where a bot scored the same points a game gave ``7.33 [7.33,
    7.33]``, which reads as certain: no interval is shown, as for one deal set."""
    import dataclasses

    played = run_arena(RANDOM3, games=6, seed=5, workers=1, progress=False, ci=ci)
    games = []
    for game in played.results:  # entry 0 scores 7 points in every game
        tallies = (dataclasses.replace(game.tallies[0], points=7), *game.tallies[1:])
        games.append(dataclasses.replace(game, tallies=tallies))
    alike = dataclasses.replace(played, results=tuple(games))
    first, *others = alike.entry_stats()
    assert first.estimates["points_per_game"] == Estimate(7.0)
    assert first.estimates["win_rate"].low is not None  # the other figures keep theirs
    assert all(o.estimates["points_per_game"].low is not None for o in others)
    assert alike.to_json()["entries"][0]["points_per_game"] == {
        "value": 7.0, "low": None, "high": None}


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="three bots"):
        run_arena(["random", "random"], games=3, progress=False)
    with pytest.raises(ValueError):
        run_arena(RANDOM3, games=0, progress=False)
    with pytest.raises(ValueError):
        run_arena(RANDOM3, games=3, workers=0, progress=False)
    with pytest.raises(ValueError, match="ci"):
        run_arena(RANDOM3, games=3, ci="jackknife", progress=False)
    with pytest.raises(UnknownBotError):
        run_arena(["random", "random", "nobody"], games=3, progress=False)
    with pytest.raises(ValueError, match=r"^backend must be local or ray, not 'mpi'$"):
        run_arena(RANDOM3, games=3, backend="mpi", progress=False)
    for confidence in (0.0, 1.0):
        with pytest.raises(ValueError, match=rf"^confidence must lie strictly between 0 "
                                             rf"and 1, not {confidence}$"):
            run_arena(RANDOM3, games=3, confidence=confidence, progress=False)


def test_records_replay_to_the_same_games(tmp_path: Path) -> None:
    result = run_arena(RANDOM3, games=6, seed=9, workers=1, progress=False, records=tmp_path)
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == [f"game-{i:06d}.json" for i in range(6)]
    for path, game_result in zip(files, result.results, strict=True):
        game = rec.replay(path.read_text(encoding="utf-8"))
        assert game.is_over and len(game.hands) == game_result.hands
        for seat, entry in enumerate(game_result.seats):
            assert game.players[seat] == f"random#{entry}"
            assert game.scores[seat] == game_result.tallies[entry].points


def test_json_shape(small: ArenaResult) -> None:
    obj = small.to_json()
    text = json.dumps(obj, allow_nan=False)
    assert json.loads(text) == obj
    assert obj["format"] == "cutthroat-arena/1"
    assert obj["bots"] == RANDOM3
    assert (obj["games"], obj["deal_sets"], obj["seed"]) == (12, 4, 5)
    assert obj["rules"] == {"preset": "standard"}
    assert [e["label"] for e in obj["entries"]] == ["random#0", "random#1", "random#2"]
    assert [e["label"] for e in obj["by_name"]] == ["random (all)"]
    entry = obj["entries"][0]
    assert set(entry) == {"label", "name", "entries", "games", "wins", "win_rate",
                          "win_rate_wilson", "points", "points_per_game", "hands", "maker",
                          "euchred", "defended", "loners", "defender_loners"}
    assert set(entry["win_rate"]) == {"value", "low", "high"}
    assert set(entry["maker"]) == {"hands", "made", "marches", "success"}
    assert set(entry["loners"]) == {"attempted", "made", "success"}


def test_table_shows_entries_then_names(small: ArenaResult) -> None:
    text = small.text(width=100)
    for label in ("random#0", "random#1", "random#2", "random (all)"):
        assert label in text
    assert "12 games: 4 duplicate deal sets" in text
    one = run_arena(["random"] * 3, games=2, seed=0, workers=1, progress=False)
    assert "3 games: 1 duplicate deal set × 3 seatings" in one.text(width=100)
    mixed = ArenaResult(("random", "beginner", "intermediate"), 0, Rules(), small.results)
    assert not mixed.has_repeats
    assert "(all)" not in mixed.text()


# --- the command line ------------------------------------------------------------------


@pytest.fixture
def app() -> typer.Typer:
    """A Typer app with the arena command registered (as the main app does)."""
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)

    @app.command()
    def version() -> None:
        """A second command, so that ``arena`` is a subcommand as in ``cutthroat``."""

    register(app)
    return app


def test_cli_json_is_all_of_stdout(app: typer.Typer) -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["arena", "--bots", "random, random,random", "--games", "6",
                               "--seed", "5", "--workers", "1", "--json"])
    assert done.exit_code == 0, done.output
    obj = json.loads(done.stdout)
    assert done.stdout.count("\n") == 1
    assert done.stderr == ""  # no progress bar where standard error is not a terminal
    assert obj["games"] == 6 and obj["bots"] == RANDOM3
    expected = run_arena(RANDOM3, games=6, seed=5, workers=1, progress=False).to_json()
    assert stable(obj) == stable(expected)


def test_cli_rules_table_records_and_plot(app: typer.Typer, tmp_path: Path) -> None:
    plot = tmp_path / "win.png"
    args = ["arena", "--bots", "random,random,random", "--games", "3", "--preset", "stick",
            "--set", "target=5", "--workers", "1", "--no-progress",
            "--records", str(tmp_path / "recs"), "--plot", str(plot)]
    done = CliRunner().invoke(app, args)
    if _has_matplotlib():
        assert done.exit_code == 0, done.output
        assert plot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
        assert "random#0" in done.stdout and "Plot saved" in done.stdout
        assert len(list((tmp_path / "recs").iterdir())) == 3
        game = rec.replay((tmp_path / "recs" / "game-000000.json").read_text())
        assert game.rules == Rules.preset("stick", target=5)
    else:
        assert done.exit_code == 2
        assert INSTALL_HINT in done.stderr


@pytest.mark.parametrize(("bots", "message"), [
    ("random,random", "three bots separated by commas, e.g. expert,intermediate,"
     "intermediate, not 2: random, random"),
    ("", "three bots separated by commas, e.g. expert,intermediate,intermediate, and none "
     "was given"),
    ("random,,random", "'random,,random' has an empty place between commas, which names "
     "no bot"),
    ("random,random,nobody", "unknown bot 'nobody'"),
])
def test_cli_bad_line_up(app: typer.Typer, bots: str, message: str) -> None:
    done = CliRunner().invoke(app, ["arena", "--bots", bots, "--games", "3", "--json"])
    assert done.exit_code == 2
    assert done.stdout == ""
    said = " ".join(re.sub("[│╭╮╰╯─]", " ", done.stderr).split())
    assert message in said


def test_arena_of_one_deal_set_says_why_it_has_no_intervals() -> None:
    one = run_arena(["random", "random", "random"], games=3, workers=1, progress=False)
    text = " ".join(one.text().split())
    assert "No intervals: they are over deal sets and need at least 2 (--games 6 or more)." \
        in text
    assert "CI]" not in one.text()  # no "[95% CI]" heading a column that shows none
    two = run_arena(["random", "random", "random"], games=6, workers=1, progress=False)
    assert "No intervals" not in two.text() and "95% intervals" in two.text()
    assert two.text().count("[95% CI]") == 4
    # the loners column counts the maker's lone hands over a defender's: it says so
    assert "Made, euchred: as maker;" in " ".join(two.text().split())
    assert "Loners: as maker, over alone as defender." in " ".join(two.text().split())


def test_arena_table_shows_lone_hands_as_maker_over_lone_defences() -> None:
    """The play table's loners cell is "made/tried" as maker, then under it "made/tried"
    alone as defender, as in ``--json``."""
    arena = run_arena(["random", "random", "random"], games=6, seed=3, workers=1,
                      progress=False)
    text = arena.text()
    for s in arena.entry_stats():
        t = s.totals
        assert t.def_loners > 0  # random bots go alone now and then
        lines = [line for line in text.splitlines() if line.strip().startswith(s.label)]
        row = lines[-1]  # the play table's row (the results table's comes first)
        at = text.splitlines().index(row)
        under = text.splitlines()[at + 1]
        assert row.split()[-1] == f"{t.loners_made}/{t.loners}"
        assert under.split()[-1] == f"{t.def_loners_made}/{t.def_loners}"


def test_cli_bad_rules_and_ci(app: typer.Typer) -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["arena", "--bots", "random,random,random", "--set", "deck=23"])
    assert done.exit_code == 2 and "--set: deck must be 24, 25 or 32, not 23" in " ".join(
        done.stderr.replace("│", " ").split())
    done = runner.invoke(app, ["arena", "--bots", "random,random,random", "--preset", "nope"])
    assert done.exit_code == 2 and "--preset: unknown preset 'nope'" in " ".join(
        done.stderr.replace("│", " ").split())
    done = runner.invoke(app, ["arena", "--bots", "random,random,random", "--ci", "nope"])
    assert done.exit_code == 2 and "--ci" in done.stderr


# --- the plot --------------------------------------------------------------------------


def _has_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture
def no_matplotlib(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make ``import matplotlib.figure`` fail, as if it were not installed."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    yield


def test_plot_writes_a_png(small: ArenaResult, tmp_path: Path) -> None:
    path = tmp_path / "win.png"
    if not _has_matplotlib():
        with pytest.raises(PlotUnavailableError, match=re_escape(INSTALL_HINT)):
            plot_win_rates(small, path)
        return
    plot_win_rates(small, path)
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_plot_of_one_deal_set_claims_no_interval(small: ArenaResult, tmp_path: Path) -> None:
    """One deal set gives no interval (the table says so): the chart's title says so too,
    where it would otherwise claim a 95% CI, and no error bars of no width are drawn."""
    one = run_arena(["random", "random", "random"], games=3, workers=1, progress=False)
    assert win_rate_title(one) == ("Win rate, 3 games (1 duplicate deal set), no intervals "
                                   "(they need 2 deal sets or more)")
    assert win_rate_title(small).endswith(f"deal sets), {small.confidence:.0%} CI")
    if _has_matplotlib():
        plot_win_rates(one, tmp_path / "one.png")
        assert (tmp_path / "one.png").read_bytes().startswith(b"\x89PNG")


def test_plot_without_matplotlib_says_how_to_install(
    small: ArenaResult, tmp_path: Path, no_matplotlib: None, app: typer.Typer
) -> None:
    with pytest.raises(PlotUnavailableError, match=re_escape(INSTALL_HINT)):
        plot_win_rates(small, tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()
    done = CliRunner().invoke(app, ["arena", "--bots", "random,random,random", "--games", "3",
                                    "--plot", str(tmp_path / "x.png"), "--json"])
    # Status 1, as for serve without the web extra: not a usage error (status 2).
    assert done.exit_code == 1 and done.stdout == ""
    assert "pip install 'cutthroat-euchre[sim]'" in done.stderr  # quoted for zsh


def re_escape(text: str) -> str:
    """``re.escape``, for ``pytest.raises(match=...)``."""
    return re.escape(text)


# --- paths checked before the tournament -------------------------------------------------


def unboxed(text: str) -> str:
    """A usage error's text without the box Typer draws around it, on one line."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


@pytest.fixture
def no_tournament(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the arena command fail the test if it starts the tournament."""
    from cutthroat.sim import cli as sim_cli

    def boom(*args: object, **kwargs: object) -> ArenaResult:
        raise AssertionError("the tournament started before the paths were checked")

    monkeypatch.setattr(sim_cli, "run_arena", boom)


@pytest.mark.parametrize(("name", "message"), [
    ("p.txt", "cannot write a .txt file"),
    ("plot", "without an extension"),
    ("nodir/p.png", "does not exist"),
    ("folder.png", "is a folder"),
])
def test_cli_bad_plot_path_is_refused_before_playing(
    app: typer.Typer, tmp_path: Path, no_tournament: None, name: str, message: str
) -> None:
    """A --plot matplotlib cannot write (unknown extension, missing folder, a folder) is
    a usage error, found before the tournament, not a traceback after it."""
    (tmp_path / "folder.png").mkdir()
    done = CliRunner().invoke(app, ["arena", "--bots", "random,random,random", "--games",
                                    "3", "--plot", str(tmp_path / name)])
    assert done.exit_code == 2, done.output
    assert isinstance(done.exception, SystemExit)  # no traceback
    said = unboxed(done.stderr)
    assert done.stdout == "" and "--plot" in said and message in said
    assert [p.name for p in tmp_path.iterdir()] == ["folder.png"]


def test_cli_records_that_is_a_file_is_refused_before_playing(
    app: typer.Typer, tmp_path: Path, no_tournament: None
) -> None:
    """--records naming a file (not a folder) is a usage error, not FileExistsError."""
    taken = tmp_path / "taken"
    taken.write_text("mine", encoding="utf-8")
    done = CliRunner().invoke(app, ["arena", "--bots", "random,random,random", "--games",
                                    "3", "--records", str(taken)])
    assert done.exit_code == 2, done.output
    said = unboxed(done.stderr)
    assert "--records" in said and "is a file, not a folder" in said
    assert taken.read_text(encoding="utf-8") == "mine"


def test_check_plot_format_names_the_formats(tmp_path: Path) -> None:
    """check_plot_format accepts what matplotlib writes, any case, and names it when not."""
    if not _has_matplotlib():
        with pytest.raises(PlotUnavailableError):
            check_plot_format(tmp_path / "p.png")
        return
    for good in ("p.png", "p.SVG", "p.pdf"):
        check_plot_format(tmp_path / good)
    with pytest.raises(ValueError, match="png") as info:
        check_plot_format(tmp_path / "p.txt")
    assert ".txt" in str(info.value)


def test_run_arena_takes_a_comma_separated_line_up_as_bots_does(small: ArenaResult) -> None:
    """A string is the line-up as ``--bots`` writes it (split on commas, options
    following their bot), not a sequence of characters."""
    spaced = run_arena(" random, random ,random", games=12, seed=5, workers=1, progress=False)
    assert spaced.bots == small.bots and stable(spaced.to_json()) == stable(small.to_json())
    options = run_arena("random,intermediate,expert:bid_samples=2,play_samples=2,"
                        "keep_candidates=1", games=3, seed=1, rules=Rules(target=2),
                        workers=1, progress=False)
    assert list(options.bots) == ["random", "intermediate",
                                  "expert:bid_samples=2,play_samples=2,keep_candidates=1"]
    with pytest.raises(ValueError, match="needs a line-up of three bots, not 2"):
        run_arena("random,random", games=3, workers=1, progress=False)
    with pytest.raises(ValueError, match="needs a line-up of three bots, not 4"):
        play_arena_game([*RANDOM3, "random"], 0)  # one game, as a worker plays it
    game, result = play_arena_game("random, random,random", 4, seed=5)
    assert result == play_arena_game(RANDOM3, 4, seed=5)[1]
    assert rec.to_record(game) == rec.to_record(play_arena_game(RANDOM3, 4, seed=5)[0])


def test_plot_labels_and_title_are_wrapped_to_fit(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    """Long specs side by side ran into each other under the bars, and an interrupted
    run's title was cut at the right ("95% C"): both are broken into lines."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from cutthroat.sim import plot as plot_mod

    made: list[Figure] = []

    class Kept(Figure):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(plot_mod, "_figure_class", lambda: Kept)
    three = run_arena(["random", "beginner", "intermediate"], games=6, seed=5, workers=1,
                      progress=False)
    three.planned = 30_000  # as an interrupted run's: the longest title, the narrowest chart
    plot_win_rates(three, tmp_path / "w.png")
    title = made[0].axes[0].get_title()
    assert "interrupted after" in title and "\n" in title and title.endswith("95% CI")
    width = made[0].get_figwidth() * made[0].dpi
    made[0].canvas.draw()
    box = made[0].axes[0].title.get_window_extent()
    assert box.x0 >= 0 and box.x1 <= width
    assert plot_mod.wrapped_label("printing.PrintBot#0") == "printing.\nPrintBot#0"


def test_R20_R21_tallies_count_each_hand_for_the_entry_in_its_seat() -> None:
    """Each entry's made, euchred (R20), marches, loners and lone defences (R21) are
    those of the hands its seat played, as the hands' own results say: a tally that
    swapped made and euchred, or counted a maker's two tricks as made, still adds up."""
    checked = 0
    for index in range(6):  # two deal sets, every rotation
        game, result = play_arena_game(RANDOM3, index, seed=5)
        for seat, entry in enumerate(result.seats):
            want = dict.fromkeys(("maker", "made", "euchred", "marches", "defended",
                                  "inflicted", "loners", "loners_made", "def_loners",
                                  "def_loners_made"), 0)
            for hand in game.hands:
                r = hand.result
                assert r is not None
                if r.maker is None:
                    continue
                alone = seat in r.alone
                if r.maker == seat:
                    want["maker"] += 1
                    want["euchred" if r.euchred else "made"] += 1
                    want["marches"] += r.march
                    want["loners"] += alone
                    want["loners_made"] += alone and not r.euchred
                else:
                    want["defended"] += 1
                    want["inflicted"] += r.euchred
                    want["def_loners"] += alone
                    want["def_loners_made"] += alone and r.tricks[seat] >= 3
            got = result.tallies[entry].to_json()
            assert {k: got[k] for k in want} == want, (index, seat)
            checked += want["made"] * want["euchred"]
    assert checked  # some entry both made and was euchred: the two are told apart


def test_a_spec_with_an_unknown_option_is_refused_before_any_game_or_folder(
        tmp_path: Path) -> None:
    """A line-up spec no bot takes is the registry's own error (``BotSpecError``), raised
    before any game is played and before the records folder is made: not an
    ``ArenaError`` from game 0 with an empty folder left behind."""
    records = tmp_path / "recs"
    with pytest.raises(BotSpecError, match="no option 'nope'"):
        run_arena(["random", "random", "random:nope=1"], games=3, workers=1,
                  progress=False, records=records)
    assert not records.exists()


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_bar_counts_every_game_once(monkeypatch: pytest.MonkeyPatch,
                                             workers: int) -> None:
    """The progress bar is advanced by every game played, once, to its total: a bar
    left at 0 of 6 (or past it) on a terminal would say the arena hung (or miscounted)."""
    advanced: list[int] = []
    totals: list[int] = []

    class CountingBar(ProgressBar):
        def __enter__(self) -> ProgressBar:
            totals.append(self.total)
            return super().__enter__()

        def advance(self, n: int) -> None:
            advanced.append(n)
            super().advance(n)

    monkeypatch.setattr(arena_mod, "ProgressBar", CountingBar)
    result = run_arena(RANDOM3, games=6, seed=1, workers=workers, progress=False)
    assert totals == [6]
    assert sum(advanced) == result.games == 6


@pytest.mark.parametrize("games", [4.5, 3.0, True, "3"])
def test_games_that_are_no_whole_number_are_refused(games: object) -> None:
    """``games`` is a whole number: a float (even 3.0), a bool or a string is a
    ``TypeError`` before any game, not a tournament of rounded-up deal sets."""
    with pytest.raises(TypeError, match="whole number of games"):
        run_arena(RANDOM3, games=games, workers=1, progress=False)  # type: ignore[arg-type]


def test_cli_on_ray_keeps_what_is_printed_meanwhile_off_the_json(
        app: typer.Typer, small: ArenaResult, monkeypatch: pytest.MonkeyPatch) -> None:
    """With --backend ray, what is printed while the arena plays (Ray writes its
    raylet's warnings on standard output) goes to standard error: standard output is
    the JSON alone."""
    from cutthroat.sim import cli as sim_cli

    def play(names: list[str], games: int, **kwargs: Any) -> ArenaResult:
        print("(raylet) a worker died or was killed while executing a task")
        return small

    monkeypatch.setattr(sim_cli, "run_arena", play)
    done = CliRunner().invoke(app, ["arena", "--bots", "random,random,random", "--games",
                                    "12", "--backend", "ray", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["bots"] == RANDOM3
    assert "(raylet) a worker died" in done.stderr


def _arena_asked(app: typer.Typer, monkeypatch: pytest.MonkeyPatch,
                 *args: str) -> tuple[Any, dict[str, Any]]:
    """Run ``arena`` with ``args`` up to its call of run_arena: ``asked_of``."""
    from cutthroat.sim import cli as sim_cli

    return asked_of(monkeypatch, app, sim_cli, "run_arena", "arena", *args)


def test_cli_defaults_are_those_its_help_gives(app: typer.Typer,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Left out, the options are their help's defaults: 300 games (whole deal sets: no
    note), seed 0, the standard rules, every CPU, a progress bar, se, locally; a Ctrl-C
    before any game says so and ends with status 130."""
    done, asked = _arena_asked(app, monkeypatch, "--bots", "random,random,random")
    assert done.exit_code == 130
    assert done.stdout == ""
    assert done.stderr == "Interrupted (Ctrl-C) before any game was played.\n"
    assert asked == {"bots": RANDOM3, "games": 300, "seed": 0, "rules": Rules(),
                     "workers": None, "progress": True, "records": None, "ci": "se",
                     "backend": "local", "address": None, "move_time_limit": None}


@pytest.mark.parametrize(("option", "least"), [("--games", 1), ("--seed", 0),
                                               ("--workers", 1)])
def test_cli_takes_each_number_down_to_its_least_and_no_lower(
        app: typer.Typer, monkeypatch: pytest.MonkeyPatch, option: str, least: int) -> None:
    """The least value of each number is taken (``--games 1`` plays a deal set), one
    below it is a usage error naming the option, before any game."""
    bots = ["--bots", "random,random,random"]
    done, asked = _arena_asked(app, monkeypatch, *bots, option, str(least))
    assert done.exit_code == 130, done.output
    assert asked[option.removeprefix("--")] == least
    done, asked = _arena_asked(app, monkeypatch, *bots, option, str(least - 1))
    assert done.exit_code == 2 and asked == {}
    said = unboxed(done.stderr)
    assert option in said and f"{least - 1} is not in the range" in said


@pytest.mark.parametrize("folder", ["new/sub", "empty"])
def test_cli_records_folder_is_made_with_its_parents_or_taken_empty(
        app: typer.Typer, tmp_path: Path, folder: str) -> None:
    """--records makes a missing folder and the folders above it, and takes a folder
    that is there and empty: every game's record is saved in it."""
    (tmp_path / "empty").mkdir()
    done = CliRunner().invoke(app, ["arena", "--bots", "random,random,random", "--games",
                                    "3", "--workers", "1", "--no-progress", "--records",
                                    str(tmp_path / folder)])
    assert done.exit_code == 0, done.output
    assert sorted(p.name for p in (tmp_path / folder).iterdir()) == [
        f"game-{i:06d}.json" for i in range(3)]


def test_cli_records_folder_that_cannot_be_made_says_why_in_words(
        app: typer.Typer, tmp_path: Path, no_tournament: None) -> None:
    """A --records folder that cannot be made (a file stands where a folder above it
    has to be) is a usage error giving the system's reason in words, not its errno."""
    (tmp_path / "taken").write_text("mine", encoding="utf-8")
    where = tmp_path / "taken" / "sub"
    done = CliRunner().invoke(app, ["arena", "--bots", "random,random,random", "--games",
                                    "3", "--records", str(where)], env={"COLUMNS": "400"})
    assert done.exit_code == 2, done.output
    assert done.stdout == ""
    assert f"cannot make the folder {where}: Not a directory" in unboxed(done.stderr)
    assert (tmp_path / "taken").read_text(encoding="utf-8") == "mine"


def test_cli_plot_folder_that_takes_no_file_says_why_in_words(
        app: typer.Typer, tmp_path: Path, no_tournament: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A --plot whose folder will not take a file (tried before any game: a full disk,
    say) is a usage error giving the system's reason in words, not its errno."""
    import errno
    import tempfile

    pytest.importorskip("matplotlib")

    def full(*args: object, **kwargs: object) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "TemporaryFile", full)
    done = CliRunner().invoke(app, ["arena", "--bots", "random,random,random", "--games",
                                    "3", "--plot", str(tmp_path / "p.png")],
                              env={"COLUMNS": "400"})
    assert done.exit_code == 2, done.output
    assert done.stdout == ""
    assert (f"cannot write in the folder {tmp_path}: No space left on device"
            in unboxed(done.stderr))
    assert list(tmp_path.iterdir()) == []
