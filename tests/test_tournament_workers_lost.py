"""A worker lost under a tournament (a worker process killed from outside or for want
of memory): the arena and the league stop as after Ctrl-C, with the results and the
records of the deal sets finished, and say why (docs/bots.md, "The arena")."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cutthroat.cli import app
from cutthroat.sim import arena as arena_mod
from cutthroat.sim import league as league_mod
from cutthroat.sim.arena import TournamentStopped, run_arena
from cutthroat.sim.games import ArenaJob, run_job
from cutthroat.sim.league import run_league
from cutthroat.sim.workers import LOST_PROCESS, ProgressBar, WorkerLostError, run_pool

LINE_UP = ["random", "beginner", "random"]


class _DyingJob:
    """A stand-in for ``run_job`` whose worker process dies (``os._exit``, as a process
    killed from outside) at the first job holding deal set ``first_lost`` or a later
    one, after a moment in which the jobs before it finish. (A class of the module, so
    that worker processes can be sent it.)"""

    def __init__(self, first_lost: int) -> None:
        self.first_lost = first_lost

    def __call__(self, job: ArenaJob) -> Any:
        if max(job.sets) >= self.first_lost:
            time.sleep(1.0)
            os._exit(1)
        return run_job(job)


def _halves(job: int) -> list[int]:
    if job == 2:
        time.sleep(0.5)
        os._exit(1)
    return [job, job]


def test_run_pool_raises_a_lost_worker_as_worker_lost_error() -> None:
    kept: list[list[int]] = []
    with pytest.raises(WorkerLostError) as lost:
        run_pool([0, 1, 2], _halves, 2, ProgressBar(6, False), keep=kept.append)
    assert str(lost.value) == LOST_PROCESS
    assert sorted(kept) == [[0, 0], [1, 1]]  # the jobs finished before it are kept


def test_an_arena_whose_worker_dies_stops_with_the_deal_sets_finished(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_mod, "run_job", _DyingJob(4))
    with pytest.raises(TournamentStopped) as stop:
        run_arena(LINE_UP, 60, seed=5, workers=2, progress=False, records=tmp_path / "r")
    assert not isinstance(stop.value, KeyboardInterrupt)  # a failure, not a Ctrl-C
    assert stop.value.why == LOST_PROCESS
    done = stop.value.result
    assert done is not None and done.planned == 60
    assert stop.value.played == done.games and 0 < done.games < 60 and done.games % 3 == 0
    assert {g.deal_set for g in done.results} <= {0, 1, 2, 3}
    assert stop.value.records == done.games == len(list((tmp_path / "r").iterdir()))
    whole = run_arena(LINE_UP, done.games, seed=5, workers=1, progress=False)
    assert done.to_json()["entries"] == whole.to_json()["entries"]


def test_the_arena_command_says_why_it_stopped_and_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_mod, "run_job", _DyingJob(2))
    done = CliRunner().invoke(app, ["arena", "--bots", ",".join(LINE_UP), "--games", "60",
                                    "--workers", "2", "--json", "--records",
                                    str(tmp_path / "r")])
    assert done.exit_code == 1, done.output
    data = json.loads(done.stdout)
    assert data["interrupted"] == {"games_planned": 60, "records": data["games"],
                                   "reason": LOST_PROCESS}
    assert done.stderr.startswith(f"Stopped after {data['games']:,} of 60 games, as a "
                                  "worker process died (killed from outside, or for want "
                                  "of memory; no bot failed): the results below are of "
                                  f"the {data['games']} games")


def test_a_league_whose_worker_dies_stops_as_after_ctrl_c(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(league_mod, "run_job", _DyingJob(2))
    with pytest.raises(TournamentStopped) as stop:
        run_league(["random", "beginner", "intermediate"], 60, seed=2, workers=2,
                   progress=False, resamples=0)
    assert stop.value.why == LOST_PROCESS and stop.value.planned == 60
    done = stop.value.result
    assert done is None or done.games <= stop.value.played
    wrote = CliRunner().invoke(app, ["league", "--bots", "random,beginner,intermediate",
                                     "--games", "60", "--workers", "2", "--no-progress"],
                               env={"COLUMNS": "400"})
    assert wrote.exit_code == 1, wrote.output
    assert wrote.stderr.startswith("Stopped after ") and LOST_PROCESS in wrote.stderr


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_worker_processes_end_when_the_arena_is_killed(tmp_path: Path) -> None:
    """SIGKILL to the arena's own process (by hand, or for want of memory) reaches no
    worker: they end by themselves within a second or two, rather than wait for jobs
    forever (each held the job queue open for the others)."""
    import signal
    import subprocess
    import sys

    command = [sys.executable, "-m", "cutthroat.cli", "arena", "--bots",
               "intermediate,beginner,random", "--games", "30000", "--workers", "2",
               "--records", "recs", "--no-progress"]
    with subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL) as process:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while time.monotonic() < deadline and not (
                len(workers) == 2 and (tmp_path / "recs").is_dir()
                and any((tmp_path / "recs").iterdir())):
            workers = _children(process.pid)
            time.sleep(0.1)
        assert len(workers) == 2, workers
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers)
