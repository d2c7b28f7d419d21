"""From a QA tester's findings on the tournament tools: Ctrl-C in the arena and the
league (what is printed, plotted and kept), the figures shown, and the options."""

from __future__ import annotations

import json
import multiprocessing
import time
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from cutthroat.cli import app as cli_app
from cutthroat.sim import arena as arena_mod
from cutthroat.sim import league as league_mod
from cutthroat.sim.arena import _Progress, _run_pool
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
    monkeypatch.setattr(arena_mod, "_run_job", _interrupting_job(2))
    plot = tmp_path / "p.png"
    done = _arena(app, "--games", "30", "--plot", str(plot))
    assert done.exit_code == 130
    assert "6 games: 2 duplicate deal sets × 3 seatings, seed 0 (interrupted after 6 of " \
           "30 games)" in " ".join(done.stdout.split())
    assert plot.is_file() and f"Plot saved to {plot}" in done.stderr
    # One deal set finished: no intervals, and no advice to play more games.
    monkeypatch.setattr(arena_mod, "_run_job", _interrupting_job(1))
    done = _arena(app, "--games", "30")
    assert "need at least 2; 1 finished before Ctrl-C" in " ".join(done.stdout.split())
    assert "--games 6" not in done.stdout


def test_an_arena_interrupted_before_any_game_finished_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, app: typer.Typer) -> None:
    monkeypatch.setattr(arena_mod, "_run_job", _interrupting_job(0))
    plot = tmp_path / "p.png"
    done = _arena(app, "--games", "30", "--plot", str(plot))
    assert done.exit_code == 130 and done.stdout == ""
    assert done.stderr == ("Interrupted (Ctrl-C) after 30 games were planned, before any "
                           "game finished: no results, no plot.\n")
    assert not plot.exists()
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
    monkeypatch.setattr(league_mod, "_run_job", _interrupting_job(2))
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

    monkeypatch.setattr(league_mod, "_run_job", _interrupting_job(9))
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

    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        _run_pool([0.0, 60.0], _sleepy, 2, _Progress(2, False), keep=keep)
    assert calls["n"] == 1
    assert not [p for p in multiprocessing.active_children() if p.is_alive()]
    assert time.monotonic() - start < 30
