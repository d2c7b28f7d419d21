"""Tournaments' records (written by the caller, never mixed with another run's) and
Ctrl-C (what was finished is reported, not lost)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from cutthroat import record as rec
from cutthroat.cli import app as cli_app
from cutthroat.rules import Rules
from cutthroat.sim import arena as arena_mod
from cutthroat.sim.arena import RecordsFolderError, TournamentInterrupted, run_arena
from cutthroat.sim.games import ArenaJob, run_job
from cutthroat.sim.league import run_league
from cutthroat.sim.workers import Keeper, stop_pool, worker_pool

LINE_UP = ["random", "beginner", "random"]


@pytest.fixture
def app() -> typer.Typer:
    return cli_app


@pytest.fixture
def ctrl_c() -> Iterator[None]:
    """Ctrl-C raises ``KeyboardInterrupt`` in this process during the test, as at a
    terminal, even where pytest was started with SIGINT ignored (a background job of a
    shell without job control); what it was is restored after."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _ctrl_c_as_at_a_terminal() -> None:
    """In the child, before the command starts: SIGINT's default, as a terminal's
    foreground command has, whatever this process inherited (Python then raises
    ``KeyboardInterrupt`` on it; an inherited SIG_IGN would be kept)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_job_returns_its_records_and_writes_no_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A job (in a worker, or a Ray task on another machine, in another working folder)
    writes nothing: it returns each game's record with its result, for the caller to
    write where it was asked to."""
    monkeypatch.chdir(tmp_path)
    job = ArenaJob(("random", "beginner", "random"), Rules(), 5, range(1, 3), True)
    played = run_job(job)
    assert list(tmp_path.iterdir()) == []
    assert [result.index for result, _ in played] == [3, 4, 5, 6, 7, 8]
    for result, text in played:
        assert text is not None and text.endswith("\n")
        game = rec.replay(json.loads(text))
        assert game.scores == tuple(result.tallies[result.seats[s]].points
                                    for s in range(3))
    silent = run_job(ArenaJob(job.bots, job.rules, job.seed, job.sets, False))
    assert [text for _, text in silent] == [None] * 6


@pytest.mark.parametrize("workers", [1, 2])
def test_records_go_to_a_relative_folder_of_the_caller(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: int) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_arena(LINE_UP, 6, seed=2, workers=workers, progress=False, records="recs")
    names = sorted(p.name for p in (tmp_path / "recs").iterdir())
    assert names == [f"game-{i:06d}.json" for i in range(6)]
    for game in result.results:
        text = (tmp_path / "recs" / f"game-{game.index:06d}.json").read_text()
        scores = tuple(game.tallies[game.seats[seat]].points for seat in range(3))
        assert rec.replay(json.loads(text)).scores == scores


def test_a_folder_holding_records_is_refused_before_any_game(
        tmp_path: Path, app: typer.Typer) -> None:
    """Records of two runs are never mixed: a folder with an arena's games or a league's
    line-ups is refused, by the library and by the commands (a usage error)."""
    run_arena(LINE_UP, 3, seed=1, workers=1, progress=False, records=tmp_path / "a")
    before = sorted((tmp_path / "a").iterdir())
    with pytest.raises(RecordsFolderError, match="holds the records of a tournament"):
        run_arena(LINE_UP, 6, seed=9, workers=1, progress=False, records=tmp_path / "a")
    assert sorted((tmp_path / "a").iterdir()) == before
    (tmp_path / "b" / "lineup-000").mkdir(parents=True)
    with pytest.raises(RecordsFolderError):
        run_league(["random", "beginner", "intermediate"], 3, workers=1, progress=False,
                   records=tmp_path / "b")
    for command in (["arena", "--bots", "random,random,random"],
                    ["league", "--bots", "random,beginner,intermediate"]):
        for folder in ("a", "b"):
            done = CliRunner().invoke(app, [*command, "--games", "3", "--records",
                                            str(tmp_path / folder)], env={"COLUMNS": "400"})
            assert done.exit_code == 2, done.output
            assert "Invalid value for --records" in done.stderr
            assert "give a new or empty folder" in done.stderr
    # an empty folder, or one of other files, is fine
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "notes.txt").write_text("mine\n")
    run_arena(LINE_UP, 3, seed=1, workers=1, progress=False, records=tmp_path / "c")
    assert (tmp_path / "c" / "notes.txt").read_text() == "mine\n"


def _interrupting_job(after: int) -> Any:
    """A stand-in for ``run_job`` that plays ``after`` jobs, then is interrupted."""
    calls = {"n": 0}

    def run(job: ArenaJob) -> Any:
        calls["n"] += 1
        if calls["n"] > after:
            raise KeyboardInterrupt
        return run_job(job)

    return run


def test_ctrl_c_keeps_what_the_deal_sets_finished_give(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = run_arena(LINE_UP, 6, seed=4, workers=1, progress=False)
    monkeypatch.setattr(arena_mod, "run_job", _interrupting_job(2))
    with pytest.raises(TournamentInterrupted) as stop:
        run_arena(LINE_UP, 30, seed=4, workers=1, progress=False, records=tmp_path / "r")
    assert isinstance(stop.value, KeyboardInterrupt)  # a Ctrl-C to whoever ignores it
    done = stop.value.result
    assert done is not None and done.games == 6 and done.deal_sets == 2
    assert (stop.value.played, stop.value.planned, stop.value.records) == (6, 30, 6)
    assert len(list((tmp_path / "r").iterdir())) == 6
    assert done.to_json()["entries"] == whole.to_json()["entries"]
    # from Python too, the JSON says it is not the whole tournament (a researcher's
    # finding: a notebook saving to_json() kept 6 games that looked complete)
    assert done.to_json()["interrupted"] == {"games_planned": 30}
    assert "interrupted" not in whole.to_json()


def test_ctrl_c_in_the_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                app: typer.Typer) -> None:
    monkeypatch.setattr(arena_mod, "run_job", _interrupting_job(2))
    done = CliRunner().invoke(app, ["arena", "--bots", "random,beginner,random",
                                    "--games", "30", "--workers", "1", "--no-progress"],
                              env={"COLUMNS": "400"})
    assert done.exit_code == 130
    assert done.stderr.startswith("Interrupted (Ctrl-C) after 6 of 30 games: the table "
                                  "below is of the 6 games of the 2 duplicate deal sets "
                                  "finished.")
    assert "6 games: 2 duplicate deal sets" in done.stdout
    monkeypatch.setattr(arena_mod, "run_job", _interrupting_job(1))
    done = CliRunner().invoke(app, ["arena", "--bots", "random,beginner,random",
                                    "--games", "30", "--workers", "1", "--json",
                                    "--records", str(tmp_path / "j")])
    assert done.exit_code == 130
    data = json.loads(done.stdout)
    assert data["games"] == 3 and data["interrupted"] == {"games_planned": 30, "records": 3}
    assert "3 records of the deal sets finished are in" in done.stderr


def test_ctrl_c_on_a_league_rates_the_deal_sets_every_line_up_finished(
        monkeypatch: pytest.MonkeyPatch, app: typer.Typer) -> None:
    from cutthroat.sim import league as league_mod

    real = league_mod.run_job
    calls = {"n": 0}

    def run(job: ArenaJob) -> Any:
        calls["n"] += 1
        if calls["n"] > 1:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(league_mod, "run_job", run)
    done = CliRunner().invoke(app, ["league", "--bots", "random,beginner,intermediate",
                                    "--games", "30", "--workers", "1", "--no-progress"],
                              env={"COLUMNS": "400"})
    assert done.exit_code == 130
    assert "League of 3 bots, interrupted (Ctrl-C) with 30 games planned" in done.stdout
    assert done.stderr.startswith("Interrupted (Ctrl-C) after 3 of 30 games: the table "
                                  "below is of the 3 games of the 1 duplicate deal set "
                                  "that every line-up finished.")


def test_ctrl_c_at_the_terminal_on_worker_processes(tmp_path: Path) -> None:
    """A real Ctrl-C (SIGINT to the command's process group, workers included) while
    worker processes play: status 130, the table of the deal sets finished, and as many
    records as games in it."""
    command = [sys.executable, "-m", "cutthroat.cli", "arena", "--bots",
               "intermediate,beginner,random", "--games", "30000", "--workers", "2",
               "--records", "recs", "--json"]
    with subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, start_new_session=True,
                          preexec_fn=_ctrl_c_as_at_a_terminal) as process:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(list(
                (tmp_path / "recs").glob("*.json")) if (tmp_path / "recs").is_dir() else []) < 3:
            time.sleep(0.1)
        os.killpg(process.pid, signal.SIGINT)
        try:
            out, err = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:  # hung: ended here, not left behind
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            pytest.fail("the arena did not end within 60 s of a Ctrl-C")
    assert process.returncode == 130, err
    data = json.loads(out)
    kept = len(list((tmp_path / "recs").glob("game-*.json")))
    assert data["games"] >= 3 and data["games"] % 3 == 0
    assert data["interrupted"] == {"games_planned": 30000, "records": kept}
    assert kept == data["games"]
    assert err.decode().startswith(f"Interrupted (Ctrl-C) after {data['games']:,} of 30,000")


def test_ctrl_c_while_a_job_is_kept_keeps_it_whole(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   ctrl_c: None) -> None:
    """A Ctrl-C that comes while a finished job's records are written waits until the
    job is kept whole: then as many results as records, never records of games the
    result does not count (it failed CI once, the signal sent between the two)."""
    played = run_job(ArenaJob(("random", "beginner", "random"), Rules(), 5, range(2), True))
    keeper = Keeper(tmp_path)
    real = Path.write_text
    sent = []

    def write_text(path: Path, text: str, encoding: str | None = None) -> int:
        if not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C at the first record
        return real(path, text, encoding=encoding)

    monkeypatch.setattr(Path, "write_text", write_text)
    with pytest.raises(KeyboardInterrupt):
        keeper(played)
    assert sent and keeper.records == len(keeper.results) == 6
    assert len(list(tmp_path.iterdir())) == 6
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # restored


def test_ctrl_c_while_a_leagues_job_is_kept_keeps_whole_deal_sets_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ctrl_c: None) -> None:
    """The league kept a job one game at a time, so a Ctrl-C between two of them kept
    part of a deal set, and the interrupted league rated a deal set of one seating (2 of
    11 interrupted leagues in a QA pass: 469 games reported as 156 deal sets)."""
    real = Path.write_text
    sent = []

    def write_text(path: Path, text: str, encoding: str | None = None) -> int:
        if not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C at the league's first record
        return real(path, text, encoding=encoding)

    monkeypatch.setattr(Path, "write_text", write_text)
    with pytest.raises(TournamentInterrupted) as stop:
        run_league(["random", "beginner", "intermediate"], 30, seed=3, workers=1,
                   progress=False, records=tmp_path / "lg")
    done = stop.value.result
    assert sent and done is not None
    assert done.games % 3 == 0 and done.games >= 3
    assert stop.value.played % 3 == 0 and stop.value.records == stop.value.played
    assert done.to_json()["interrupted"] == {"games_planned": 30}  # one line-up
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_only_deal_sets_of_all_three_seatings_are_whole() -> None:
    from cutthroat.sim.games import GameResult
    from cutthroat.sim.league import whole_deal_sets

    games = [GameResult(i, i // 3, i % 3, (0, 1, 2), 1, ()) for i in (0, 1, 2, 3, 4, 6, 7, 8)]
    assert whole_deal_sets(games) == {0, 2}
    assert whole_deal_sets(games[:2]) == set()


@pytest.mark.parametrize("kind", ["arena", "league"])
def test_a_tournament_stopped_before_a_deal_set_finished_leaves_no_folder_it_made(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder an arena or a league made for its records is removed when it is
    stopped with none written (the league removed only its line-ups' folders, though
    its docstring says "Folders of records left empty are removed"); one there before
    is left as it was."""
    from cutthroat.sim import league as league_mod

    module, run = (arena_mod, run_arena) if kind == "arena" else (league_mod, run_league)
    monkeypatch.setattr(module, "run_job", _interrupting_job(0))
    bots = LINE_UP if kind == "arena" else ["random", "beginner", "intermediate"]
    with pytest.raises(TournamentInterrupted) as stop:
        run(bots, 30, seed=4, workers=1, progress=False, records=tmp_path / "r")
    assert stop.value.records == 0 and not (tmp_path / "r").exists()
    (tmp_path / "mine").mkdir()
    with pytest.raises(TournamentInterrupted):
        run(bots, 30, seed=4, workers=1, progress=False, records=tmp_path / "mine")
    assert (tmp_path / "mine").is_dir() and not any((tmp_path / "mine").iterdir())


def test_a_worker_process_ignores_ctrl_c_and_its_pool_goes_on() -> None:
    """A Ctrl-C at the terminal reaches the worker processes too: one waiting for a job
    printed "Process ForkProcess-1:" and the start of a traceback above the tournament's
    own words (a fresh-clone CI run of the test above). Workers ignore it; the process
    that started them stops them."""

    pool = worker_pool(1)
    try:
        assert pool.submit(os.getpid).result(timeout=30) != os.getpid()
        [worker] = list(pool._processes.values())  # type: ignore[union-attr]
        os.kill(worker.pid, signal.SIGINT)  # as the terminal's Ctrl-C, while it waits
        time.sleep(0.3)
        assert worker.is_alive() and worker.exitcode is None
        assert pool.submit(os.getpid).result(timeout=30) == worker.pid  # still at work
    finally:
        stop_pool(pool)


def _flag_then_sleep(flag: str) -> None:
    """A worker's job: say it has started (the file ``flag``), then take a minute."""
    Path(flag).touch()
    time.sleep(60)


def _exits(signum: int, frame: object) -> None:
    """A SIGTERM handler as Ray's ``ray.init`` sets in its process: SystemExit."""
    sys.exit(signum)


@pytest.mark.parametrize("parents_sigterm", ["default", "ray's"])
def test_stop_pool_ends_the_workers_now(tmp_path: Path, parents_sigterm: str) -> None:
    """stop_pool, as its docstring says: the workers are ended, not waited for through
    their minute-long jobs, and gone when it returns; also where the process that
    started them had a SIGTERM handler of its own, which forked workers inherit (in CI,
    Ray's, left by an earlier test's ``ray.init``: it raised SystemExit inside the job,
    the pool took that for the job's failure and the worker took the next job)."""

    before = signal.getsignal(signal.SIGTERM)
    if parents_sigterm == "ray's":
        signal.signal(signal.SIGTERM, _exits)
    try:
        pool = worker_pool(1)
        assert pool.submit(os.getpid).result(timeout=30) != os.getpid()  # a worker is up
    finally:  # (forked at the first job, with the handler of then)
        signal.signal(signal.SIGTERM, before)
    [worker] = list(pool._processes.values())  # type: ignore[union-attr]
    flag = tmp_path / "started"
    for _ in range(5):
        pool.submit(_flag_then_sleep, str(flag))
    deadline = time.monotonic() + 30
    while not flag.exists() and time.monotonic() < deadline:  # the worker is in its job
        time.sleep(0.02)
    assert flag.exists()
    start = time.monotonic()
    stop_pool(pool)
    assert time.monotonic() - start < 30
    # Ended: its sentinel is ready. Not ``is_alive()``, which can say True of a process
    # that has ended: the pool's own thread joins its workers too, and where that thread
    # reaps the process first, this one's waitpid gets ECHILD and multiprocessing reads
    # that as "still running" (9 times in 150 under load).
    assert wait([worker.sentinel], timeout=0) == [worker.sentinel]


_HALF_SENT = """
import os, sys, time
from pathlib import Path
from cutthroat.sim.workers import stop_pool, worker_pool

def half_sent(flag):
    frame = sys._getframe()
    while "result_queue" not in frame.f_locals:
        frame = frame.f_back
    writer = frame.f_locals["result_queue"]._writer
    os.write(writer.fileno(), (1000).to_bytes(4, "big") + b"x" * 10)
    Path(flag).touch()
    time.sleep(60)

if __name__ == "__main__":
    flag = Path(sys.argv[1])
    pool = worker_pool(1)
    pool.submit(half_sent, str(flag))
    deadline = time.monotonic() + 30
    while not flag.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    stop_pool(pool)
    print("stopped", flush=True)
"""


def test_stop_pool_lets_python_exit_after_a_result_half_sent(tmp_path: Path) -> None:
    """A worker ended by stop_pool while it sent a result left the pool's thread
    waiting for the rest of it for ever, and Python hung at exit joining that thread
    (an arena stopped with Ctrl-C, now and then). Played in a process of its own, as
    a process that forked others meanwhile would hold the pipe open too: once the
    pool is stopped, the process ends."""
    script = tmp_path / "half_sent.py"
    script.write_text(_HALF_SENT, encoding="utf-8")
    with subprocess.Popen([sys.executable, str(script), str(tmp_path / "sent")],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          start_new_session=True) as process:
        try:
            out, err = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:  # hung at exit: ended here, not left behind
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            pytest.fail("the process did not end once its pool was stopped")
    assert (tmp_path / "sent").exists(), err
    assert process.returncode == 0 and out == b"stopped\n", err
