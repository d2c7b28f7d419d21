"""From a QA tester's findings on the tournament tools: Ctrl-C in the arena and the
league (what is printed, plotted and kept), the figures shown, and the options."""

from __future__ import annotations

import dataclasses
import json
import math
import multiprocessing
import time
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from cutthroat.cli import app as cli_app
from cutthroat.rules import Rules
from cutthroat.sim import arena as arena_mod
from cutthroat.sim import league as league_mod
from cutthroat.sim import run_arena
from cutthroat.sim.arena import points_bounds
from cutthroat.sim.results import estimate_cell
from cutthroat.sim.stats import Estimate, korn_graubard, ratio_estimate
from cutthroat.sim.workers import ProgressBar, run_pool
from test_tournament_records_and_interrupts import _interrupting_job


@pytest.fixture
def app() -> typer.Typer:
    return cli_app


def _arena(app: typer.Typer, *args: str) -> Any:
    return CliRunner().invoke(app, ["arena", "--bots", "random,beginner,random",
                                    "--workers", "1", "--no-progress", *args],
                              env={"COLUMNS": "400"})


def test_an_interrupted_arena_says_so_in_its_table_and_plots_what_it_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, app: typer.Typer) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.setattr(arena_mod, "run_job", _interrupting_job(2))
    plot = tmp_path / "p.png"
    done = _arena(app, "--games", "30", "--plot", str(plot))
    assert done.exit_code == 130
    assert "6 games: 2 duplicate deal sets × 3 seatings, seed 0 (interrupted after 6 of " \
           "30 games)" in " ".join(done.stdout.split())
    assert plot.is_file() and f"Plot saved to {plot}" in done.stderr
    # One deal set finished: no intervals, and no advice to play more games.
    monkeypatch.setattr(arena_mod, "run_job", _interrupting_job(1))
    done = _arena(app, "--games", "30")
    assert "need at least 2; 1 finished before Ctrl-C" in " ".join(done.stdout.split())
    assert "--games 6" not in done.stdout


def test_an_arena_interrupted_before_any_game_finished_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, app: typer.Typer) -> None:
    monkeypatch.setattr(arena_mod, "run_job", _interrupting_job(0))
    plot = tmp_path / "p.png"
    done = _arena(app, "--games", "30", "--plot", str(plot), "--records",
                  str(tmp_path / "new" / "recs"))
    assert done.exit_code == 130 and done.stdout == ""
    # a deal set, not a game: the games of a deal set not finished are not kept
    assert done.stderr == ("Interrupted (Ctrl-C) after 30 games were planned, before any "
                           "deal set finished: no results, no plot.\n")
    assert not plot.exists()
    assert not (tmp_path / "new" / "recs").exists()  # the empty folder it made, gone
    (tmp_path / "mine").mkdir()
    _arena(app, "--games", "30", "--records", str(tmp_path / "mine"))
    assert (tmp_path / "mine").is_dir()  # one that was there stays
    done = _arena(app, "--games", "30", "--json")
    data = json.loads(done.stdout)
    assert data["games"] == 0 and data["interrupted"]["games_planned"] == 30


def test_ctrl_c_before_the_arena_starts_is_no_traceback(
        monkeypatch: pytest.MonkeyPatch, app: typer.Typer) -> None:
    from cutthroat.sim import cli as cli_mod

    def interrupted(*args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_mod, "check_outputs", interrupted)
    done = _arena(app, "--games", "30")
    assert done.exit_code == 130
    assert done.stderr == "Interrupted (Ctrl-C) before any game was played.\n"


def test_an_interrupted_league_prints_the_deal_sets_every_line_up_finished(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, app: typer.Typer) -> None:
    """A 4-bot league interrupted during its first deal set: the JSON says so (no
    stdout was printed at all), no empty records folder is left for the line-ups that
    had not started; later, the deal sets that all line-ups finished are rated."""
    monkeypatch.setattr(league_mod, "run_job", _interrupting_job(2))
    records = tmp_path / "recs"
    args = ["league", "--bots", "random,beginner,intermediate,cutthroat.bots.RandomBot",
            "--games", "30", "--workers", "1", "--no-progress", "--json",
            "--records", str(records)]
    pytest.importorskip("choix")
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 130, done.output
    data = json.loads(done.stdout)
    assert data["interrupted"] == {"games_played": 6, "games_planned": 120, "records": 6}
    assert "before every line-up had finished a deal set" in data["error"]
    assert sorted(p.name for p in records.iterdir()) == ["lineup-000", "lineup-001"]
    assert "no results, as no deal set was finished by every line-up" in done.stderr

    monkeypatch.setattr(league_mod, "run_job", _interrupting_job(9))
    args[args.index("--records") + 1] = str(tmp_path / "more")
    done = CliRunner().invoke(app, args)
    data = json.loads(done.stdout)
    assert done.exit_code == 130
    assert data["games_per_line_up"] == 6 and data["deal_sets"] == 2
    assert data["interrupted"] == {"games_played": 27, "games_planned": 120, "records": 27}
    assert all(s["rating"]["value"] is not None for s in data["standings"])
    assert data["notes"] == ["no rating intervals: their bootstrap was skipped to stop at "
                             "once after Ctrl-C"]


def _sleepy(seconds: float) -> list[int]:
    time.sleep(seconds)
    return [1]


def test_an_interrupted_pool_ends_its_workers_at_once() -> None:
    """Ctrl-C while a worker is busy with a long job: the workers are ended, not waited
    for (the league took 5 to 12 s to exit, where the arena took 3)."""
    calls = {"n": 0}

    def keep(chunk: list[int]) -> None:
        calls["n"] += 1
        raise KeyboardInterrupt

    before = {p.pid for p in multiprocessing.active_children()}
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        run_pool([0.0, 60.0], _sleepy, 2, ProgressBar(2, False), keep=keep)
    assert calls["n"] == 1

    def left() -> list[Any]:
        return [p for p in multiprocessing.active_children()
                if p.pid not in before and p.is_alive()]

    while left() and time.monotonic() - start < 30:  # a busy machine ends them slowly
        time.sleep(0.1)
    assert not left()  # not left running the 60 s job
    assert time.monotonic() - start < 30


# --- figures shown --------------------------------------------------------------------


def test_points_per_game_intervals_are_cut_at_the_possible_and_say_so() -> None:
    """Two deal sets (Student's t on 1 degree of freedom) gave [0.00, 27.18]: more points
    a game than a player can score (9 before the last hand, 4 in it), where players
    level on top share the win (R22)."""
    share = Rules(tie="share")
    result = run_arena(["random", "beginner", "intermediate"], 6, seed=1, rules=share,
                       workers=1, progress=False)
    assert points_bounds(share) == (0.0, 13.0)
    assert points_bounds(Rules(target=5, march_points=6, tie="share")) == (0.0, 10.0)
    for stats in result.entry_stats():
        est = stats.estimates["points_per_game"]
        assert est.low is not None and est.high is not None
        assert est.low >= 0.0 and est.high <= 13.0
    assert any(s.estimates["points_per_game"].high == 13.0 for s in result.entry_stats())
    text = " ".join(result.text().split())
    assert "Points per game: an interval is cut at 13, the most a player can score" in text
    boot = run_arena(["random", "beginner", "intermediate"], 6, seed=1, rules=share,
                     workers=1, progress=False, ci="bootstrap")
    assert all((s.estimates["points_per_game"].high or 0) <= 13.0
               for s in boot.entry_stats())


def test_R22_points_per_game_have_no_top_where_a_tie_on_top_plays_on() -> None:
    """Intervals were cut at 13 under the default rules too, with a caption calling it
    the most a player can score: but players level on top play on (R22), and a game
    scored 18, 5, 16 was found among 9,719 (a QA pass): only 0 bounds them."""
    assert points_bounds(Rules()) == (0.0, math.inf)
    result = run_arena(["random", "beginner", "intermediate"], 6, seed=1, workers=1,
                       progress=False)
    highs = [s.estimates["points_per_game"].high for s in result.entry_stats()]
    assert any(high is not None and high > 13.0 for high in highs), highs
    assert "cut at" not in result.text()
    assert all(s.estimates["points_per_game"].low >= 0.0 for s in result.entry_stats())


def test_a_rate_other_than_0_never_reads_as_0() -> None:
    assert estimate_cell(Estimate(9 / 30000, 0.00014, 0.00057)) == "0.0003\n[0.0001, 0.0006]"
    assert estimate_cell(Estimate(0.0, 0.0, 0.000128)) == "0.0000\n[0.0000, 0.0001]"
    assert estimate_cell(Estimate(0.25, 0.2, 0.3)) == "0.250\n[0.200, 0.300]"
    assert estimate_cell(Estimate(0.25, 0.2, 0.3), "+.0f") == "+0\n[+0, +0]"


def test_one_bot_in_every_seat_has_no_interval_from_one_deal_set() -> None:
    """random,random,random --games 3 showed [0.333, 0.333] above "No intervals"."""
    one = run_arena(["random"] * 3, 3, seed=0, workers=1, progress=False)
    share = one.name_stats()[0].estimates["win_rate"]
    assert share.value == pytest.approx(1 / 3) and share.low is None and share.high is None
    assert "[0.333, 0.333]" not in one.text() and "No intervals" in one.text()
    two = run_arena(["random"] * 3, 6, seed=0, workers=1, progress=False)
    assert two.name_stats()[0].estimates["win_rate"].low == pytest.approx(1 / 3)


# --- options --------------------------------------------------------------------------


def _randoms(app: typer.Typer, games: int, workers: int) -> Any:
    done = CliRunner().invoke(app, ["arena", "--bots", "random,random,random", "--games",
                                    str(games), "--workers", str(workers), "--no-progress"],
                              env={"COLUMNS": "200"})
    assert done.exit_code == 0
    return done


def test_games_rounded_up_and_fewer_workers_are_said(app: typer.Typer) -> None:
    done = _randoms(app, 2, 2)
    assert "--games 2 rounded up to 3: whole deal sets, of 3 games each." in done.stderr
    assert "on 1 worker (2 asked: only 1 deal set to share out)" in done.stdout
    done = _randoms(app, 3, 1)
    assert done.stderr == "" and "on 1 worker," in done.stdout


def test_workers_are_capped_at_twice_the_cpus(monkeypatch: pytest.MonkeyPatch,
                                               app: typer.Typer) -> None:
    """--workers 500 --games 300 started 100 processes."""
    monkeypatch.setattr(arena_mod.os, "cpu_count", lambda: 1)
    assert arena_mod.max_workers() == 2
    done = _randoms(app, 30, 5)
    assert "--workers 5 capped at 2: twice this machine's 1 CPU." in done.stderr
    assert "on 2 workers (5 asked: at most 2, twice the CPUs)" in done.stdout


@pytest.mark.parametrize(("command", "bots"), [
    ("arena", ",random,random,random"),
    ("arena", "random,random,random,"),
    ("league", "random,beginner,,intermediate"),
])
def test_an_empty_place_in_bots_is_refused(app: typer.Typer, command: str,
                                           bots: str) -> None:
    done = CliRunner().invoke(app, [command, "--bots", bots, "--games", "3"],
                              env={"COLUMNS": "300"})
    assert done.exit_code == 2
    assert "has an empty place between commas, which names no bot" in done.output


# --- the JSON, documented -------------------------------------------------------------


def _keys(obj: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(obj, dict):
        for key, value in obj.items():
            found |= {key} | _keys(value)
    elif isinstance(obj, list):
        for value in obj:
            found |= _keys(value)
    return found


def test_every_key_of_the_arenas_json_is_documented(app: typer.Typer) -> None:
    """docs/bots.md, "The arena's JSON", names every key (the backend included), and
    the interrupted run's and the open interval's keys too."""
    docs = (Path(__file__).resolve().parent.parent / "docs" / "bots.md").read_text()
    section = docs.split("### The arena's JSON", 1)[1].split("\n## ", 1)[0]
    done = CliRunner().invoke(app, ["arena", "--bots", "random,beginner,random", "--games",
                                    "6", "--workers", "1", "--json", "--no-progress"])
    data = json.loads(done.stdout)
    assert data["backend"] == "local"
    keys = _keys(data) - {"preset"} | {"interrupted", "games_planned", "unbounded"}
    missing = sorted(k for k in keys if f"`{k}`" not in section)
    assert not missing


@pytest.mark.parametrize("seed, error", [(-1, ValueError), (1.5, TypeError), (True, TypeError)])
def test_the_python_api_refuses_a_seed_the_command_line_refuses(seed: object,
                                                                 error: type[Exception]) -> None:
    """`--seed -1` is a usage error; run_arena(seed=-1) ran (as seed 1, Python's random
    taking -1 as 1), and so did run_league."""
    from cutthroat.sim import run_arena, run_league

    with pytest.raises(error, match="seed"):
        run_arena(["random"] * 3, 3, seed=seed, progress=False)  # type: ignore[arg-type]
    with pytest.raises(error, match="seed"):
        run_league(["random", "beginner", "intermediate"], 3, seed=seed,  # type: ignore[arg-type]
                   progress=False)


def test_a_plot_the_file_system_will_not_take_is_refused_before_any_game(
        app: typer.Typer, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--plot /sys/x.png`` played every game, printed the table, then failed: root
    is let through by access(), but /sys takes no file. Refused first, as --records is."""
    pytest.importorskip("matplotlib")
    played: list[Any] = []
    monkeypatch.setattr(arena_mod, "run_job", lambda job: played.append(job) or [])
    done = _arena(app, "--games", "3", "--plot", "/sys/x.png")
    assert done.exit_code == 2 and not played and done.stdout == ""
    assert "cannot write in the folder /sys" in " ".join(done.stderr.split())


PRINTING_BOTS = '''
from cutthroat.bots import RandomBot


class PrintBot(RandomBot):
    """Prints as it is made and at every move, as a bot being debugged does."""

    def __init__(self, seed=0):
        super().__init__(seed=seed)
        print(f"PrintBot made with seed {seed}")

    def choose(self, view):
        print("PrintBot thinking about", view.legal[:2])
        return super().choose(view)


class Impostor(RandomBot):
    """Calls itself random, and fails at its first move."""

    name = "random"

    def choose(self, view):
        raise RuntimeError("boom")
'''


@pytest.mark.parametrize("command", ["arena", "league"])
def test_a_bot_that_prints_leaves_the_json_whole(tmp_path: Path, command: str) -> None:
    """A bot's print() went to standard output, before and between the JSON (and, from
    two workers, into each other): it goes to standard error, as the docs say, and
    --json is JSON and nothing else."""
    import subprocess
    import sys

    (tmp_path / "printing.py").write_text(PRINTING_BOTS)
    bots = "printing.PrintBot,random,random" if command == "arena" else \
        "printing.PrintBot,random,beginner"
    done = subprocess.run([sys.executable, "-m", "cutthroat.cli", command, "--bots", bots,
                           "--games", "6", "--workers", "2", "--json"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 6 if command == "arena" else data
    assert "PrintBot thinking about" in done.stderr and "PrintBot made" in done.stderr
    assert "PrintBot made" not in done.stdout and "thinking" not in done.stdout


def test_a_failing_bot_is_named_by_its_line_up_entry_too(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         app: typer.Typer) -> None:
    """A bot that calls itself "random" failed as "the 'random' bot in seat 1", the seat
    of that game's rotation: the error names the line-up's entry as well."""
    (tmp_path / "printing.py").write_text(PRINTING_BOTS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    done = CliRunner().invoke(app, ["arena", "--bots", "random,printing.Impostor,random",
                                    "--games", "3", "--workers", "1", "--no-progress"])
    assert done.exit_code == 1
    said = " ".join(done.stderr.split())
    assert "the 'random' bot in seat" in said
    assert "is the line-up's printing.Impostor#1)" in said, said


def test_a_makers_rare_event_gets_no_narrower_interval_than_one_never_seen() -> None:
    """1 in 90 of a maker's hands, all in one big deal set, got [0.003, 0.039] where 0
    in 90 got [0, 0.044]: its effective hands (from the spread between deal sets) came
    out above the 90 there were. For every rate but the win rate they are capped at
    the hands (the win rate's duplicate deal sets lower its variance by design)."""
    hands = [2.0] * 29 + [32.0]
    once, never = [0.0] * 29 + [1.0], [0.0] * 30
    capped = ratio_estimate(once, hands, proportion=True, capped=True)
    none = ratio_estimate(never, hands, proportion=True, capped=True)
    assert capped.high is not None and none.high is not None and capped.high > none.high
    loose = ratio_estimate(once, hands, proportion=True)
    assert loose.high is not None and loose.high < none.high  # what it was: uncapped
    result = run_arena(["random", "beginner", "intermediate"], 30, seed=5, workers=1,
                       progress=False)
    for stats in result.entry_stats():
        made = stats.estimates["maker_success"]
        games = stats.totals.maker
        assert made.low is not None and made.high is not None
        # no narrower than Wilson's on the hands themselves, shrunk for few deal sets
        floor = korn_graubard(made.value or 0.0, 0.0, games, result.deal_sets)
        assert made.high - made.low >= (floor[1] - floor[0]) - 1e-12


def test_the_league_shows_no_interval_of_no_width_for_points_as_the_arena() -> None:
    """The intermediate scored 10 in each of 6 games: the league showed 10.00 [10.00,
    10.00], where the arena (and bots.md) give none, rather than one that reads as
    certain."""
    done = league_mod.run_league(["random", "beginner", "intermediate"], 6, seed=2,
                                 workers=1, progress=False, resamples=0)
    [top] = [s for s in done.standings() if s.bot == "intermediate"]
    assert top.totals.points == 10 * top.totals.games
    assert top.points_per_game == Estimate(10.0)
    assert "[10.00, 10.00]" not in done.text()


def test_a_result_at_the_repl_prints_its_table_and_echoes_one_line() -> None:
    """``print(run_arena(...))`` printed some 3 KB of every game's fields, the table
    nowhere (a REPL user's QA pass): a result echoes one line of what it holds, and
    ``print`` (and Rich) give the tables the commands print."""
    from rich.table import Table

    from cutthroat.sim import run_league

    arena = run_arena("random,beginner,random", games=3, seed=2, workers=1, progress=False)
    assert repr(arena) == ("<ArenaResult: 3 games of random, beginner, random, seed 2; "
                           "print() it for the table>")
    shown = str(arena)
    assert "Win rate" in shown and "beginner#1" in shown and "GameResult" not in shown
    assert shown == arena.text(100)
    assert isinstance(arena.__rich__().renderables[0], Table)
    league = run_league("random,beginner,intermediate", games=3, seed=2, workers=1,
                        progress=False, resamples=20)
    assert repr(league) == ("<LeagueResult: 3 bots (random, beginner, intermediate), "
                            "1 line-up, 3 games, seed 2; print() it for the standings>")
    stopped = dataclasses.replace(league, planned=3000)  # stopped by Ctrl-C
    assert repr(stopped) == ("<LeagueResult: 3 bots (random, beginner, intermediate), "
                             "1 line-up, 3 games of 3,000 planned, seed 2; print() it for "
                             "the standings>")
    assert "Rating" in str(league) and str(league) == league.text(100)
    assert isinstance(league.__rich__(), Table)


def test_a_league_interrupted_before_any_deal_set_finished_says_ctrl_c_and_plot_or_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, app: typer.Typer) -> None:
    """No deal set finished by every line-up: the JSON's error says Ctrl-C stopped it
    (not a worker lost), and the line on standard error says "no plot" only where a
    plot was asked for."""
    pytest.importorskip("choix")
    args = ["league", "--bots", "random,beginner,intermediate,cutthroat.bots.RandomBot",
            "--games", "30", "--workers", "1", "--no-progress", "--json"]
    monkeypatch.setattr(league_mod, "run_job", _interrupting_job(2))
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 130, done.output
    assert json.loads(done.stdout)["error"] == ("interrupted (Ctrl-C) before every line-up "
                                                "had finished a deal set")
    assert done.stderr == ("Interrupted (Ctrl-C) after 6 of 120 games: no results, as no "
                           "deal set was finished by every line-up.\n")
    pytest.importorskip("matplotlib")
    plot = tmp_path / "ratings.png"
    monkeypatch.setattr(league_mod, "run_job", _interrupting_job(2))
    done = CliRunner().invoke(app, [*args, "--plot", str(plot)])
    assert done.exit_code == 130, done.output
    assert done.stderr.endswith("finished by every line-up, no plot.\n")
    assert not plot.exists()


def test_an_interrupted_league_plots_its_ratings_or_says_why_it_cannot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, app: typer.Typer) -> None:
    """Ctrl-C after some deal sets, --plot asked: the ratings of the deal sets finished
    are drawn, and that said on standard error beside --json; without ratings (prior 0,
    no estimate) no plot is drawn and standard error says why; standard output is the
    JSON alone either way."""
    pytest.importorskip("choix")
    pytest.importorskip("matplotlib")
    from cutthroat.sim.league import NO_ESTIMATE

    args = ["league", "--bots", "random,beginner,intermediate", "--games", "30",
            "--workers", "1", "--no-progress", "--json"]
    plot = tmp_path / "ratings.png"
    monkeypatch.setattr(league_mod, "run_job", _interrupting_job(2))
    done = CliRunner().invoke(app, [*args, "--plot", str(plot)])
    assert done.exit_code == 130, done.output
    assert json.loads(done.stdout)["games"] == 6
    assert plot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert f"Plot saved to {plot}" in done.stderr
    unrated = tmp_path / "none.png"
    monkeypatch.setattr(league_mod, "run_job", _interrupting_job(1))
    done = CliRunner().invoke(app, [*args, "--prior", "0", "--plot", str(unrated)])
    assert done.exit_code == 130, done.output
    assert json.loads(done.stdout)["notes"][0] == NO_ESTIMATE
    assert done.stderr.endswith(f"No plot, as there are no ratings to draw: {NO_ESTIMATE}.\n")
    assert not unrated.exists()
