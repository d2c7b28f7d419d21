"""The arena on Ray (cutthroat.sim.ray_backend): the same games as locally."""

from __future__ import annotations

import json
import os
import re
import signal
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from cutthroat.cli import app
from cutthroat.sim.arena import ArenaError, run_arena
from cutthroat.sim.ray_backend import run_on_ray


@pytest.fixture(autouse=True)
def no_cluster_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """No RAY_ADDRESS from the machine (a Ray node, a job) names a cluster to join."""
    monkeypatch.delenv("RAY_ADDRESS", raising=False)


@pytest.fixture(autouse=True)
def sigterm_kept() -> Iterator[None]:
    """The pytest worker's SIGTERM handler as it was after each test: a test here that
    calls ``ray.init`` itself (a notebook's runtime) gets Ray's, which ``ray.shutdown``
    leaves, and a later test's processes forked from this one would inherit it."""
    before = signal.getsignal(signal.SIGTERM)
    yield
    signal.signal(signal.SIGTERM, before)


LINE_UP = ["random", "beginner", "random"]
TIMING = ("elapsed_s", "games_per_s", "workers", "backend")


def _same(result: Any) -> dict[str, Any]:
    data: dict[str, Any] = result.to_json()
    return {key: value for key, value in data.items() if key not in TIMING}


def test_ray_backend_plays_the_same_games_as_local_workers() -> None:
    """The same games as locally; and the process's SIGTERM handler is left as it was
    (``ray.init`` sets Ray's, which ``ray.shutdown`` leaves: the worker processes of a
    local tournament after it inherited it, and Ctrl-C's stop_pool ended none)."""
    local = run_arena(LINE_UP, 12, seed=3, workers=2, progress=False)
    sigterm = signal.getsignal(signal.SIGTERM)
    on_ray = run_arena(LINE_UP, 12, seed=3, workers=2, progress=False, backend="ray")
    assert signal.getsignal(signal.SIGTERM) is sigterm
    assert _same(on_ray) == _same(local)
    assert on_ray.games == 12


class _Bar:
    def __init__(self) -> None:
        self.done = 0

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def advance(self, n: int) -> None:
        self.done += n


def test_ray_backend_gathers_results_and_raises_the_first_failure() -> None:
    def _fails_on_three(job: int) -> list[int]:  # nested: sent to Ray by value
        if job == 3:
            raise ValueError("job three is broken")
        return [job] * 2

    bar = _Bar()
    assert sorted(run_on_ray([1, 2], _fails_on_three, 2, None, bar)) == [1, 1, 2, 2]
    assert bar.done == 4
    with pytest.raises(ValueError, match="job three is broken"):
        run_on_ray([1, 3, 2], _fails_on_three, 2, None, _Bar())


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_cli_arena_on_ray_and_its_refusals() -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["arena", "--bots", "random,random,random", "--games", "6",
                               "--backend", "ray", "--workers", "2", "--json",
                               "--no-progress"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["games"] == 6
    wrong = runner.invoke(app, ["arena", "--bots", "random,random,random",
                                "--backend", "spark"])
    assert wrong.exit_code == 2 and "--backend" in wrong.output
    stray = runner.invoke(app, ["arena", "--bots", "random,random,random",
                                "--ray-address", "auto"])
    assert stray.exit_code == 2 and "--ray-address" in stray.output
    with pytest.raises(ValueError, match="backend"):
        run_arena(LINE_UP, 3, backend="spark")


def test_ray_already_running_here_is_used_and_another_address_is_refused() -> None:
    """A notebook that called ``ray.init()`` runs the arena on that runtime, which is
    left running; another address is refused, not silently ignored."""
    import ray

    from cutthroat.sim.ray_backend import RayAddressError

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    try:
        joined = ray.get_runtime_context().gcs_address
        for elsewhere in ("ray://elsewhere:10001", "10.9.8.7:6379"):
            with pytest.raises(RayAddressError, match=f"cannot join {elsewhere} as well"):
                run_on_ray([1], lambda job: [job], 2, elsewhere, _Bar())
        assert ray.is_initialized()
        for address in (None, "auto", joined):
            assert run_on_ray([1, 2], lambda job: [job], 2, address, _Bar()) in ([1, 2], [2, 1])
        assert ray.is_initialized()  # not ours to shut down
        # its workers are its CPUs, as a cluster joined says them (they said this
        # machine's, asked for by default: a researcher's QA pass)
        assert run_arena(LINE_UP, 6, progress=False, backend="ray", workers=1).workers == 2
        # RAY_ADDRESS names no other cluster to compare with the one joined (a code
        # review: "localhost" and "127.0.0.1" would differ as text)
        os.environ["RAY_ADDRESS"] = "localhost:1"
        try:
            assert run_on_ray([1], lambda job: [job], 2, None, _Bar()) == [1]
        finally:
            del os.environ["RAY_ADDRESS"]
    finally:
        ray.shutdown()


def test_a_tasks_failure_is_raised_as_itself_not_as_rays_traceback() -> None:
    """A bot's error on Ray printed Ray's whole chained traceback (some 28 lines) where
    the local backend prints one line: the task's own exception is raised. (On one
    runtime started for both, as a notebook's ``ray.init()``: a runtime's start is most
    of the time a test on Ray takes, and one that run_on_ray starts and stops after a
    failure is test_ray_backend_gathers_results_and_raises_the_first_failure's.)"""
    import ray

    def _fails(job: int) -> list[int]:
        raise ValueError("job is broken")

    def _game_fails(job: int) -> list[int]:  # an arena game's error keeps its game
        raise ArenaError("game 4: broken", index=4, record="{}\n", line_up=2)

    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    try:
        with pytest.raises(ValueError) as raised:
            run_on_ray([1], _fails, 1, None, _Bar())
        assert type(raised.value) is ValueError and str(raised.value) == "job is broken"
        with pytest.raises(ArenaError) as game:
            run_on_ray([1], _game_fails, 1, None, _Bar())
        assert (str(game.value), game.value.index, game.value.record,
                game.value.line_up) == ("game 4: broken", 4, "{}\n", 2)
    finally:
        ray.shutdown()


class _MainBot:
    """A bot as a script defines it: a class of ``__main__``."""

    name = "main"

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed

    def choose(self, view: Any) -> Any:
        from cutthroat.actions import Action

        return Action.parse(view.legal[0])


def test_a_bot_class_of_main_is_refused_before_ray_starts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A class defined in a script passed the check (it is there, in __main__) and then
    failed in every Ray task, which cannot import __main__: it is refused at once, with
    what to do; the local backend plays it."""
    import sys

    import ray

    from cutthroat.bots.registry import BotSpecError
    from cutthroat.sim.league import run_league

    monkeypatch.setattr(_MainBot, "__module__", "__main__")
    monkeypatch.setattr(sys.modules["__main__"], "_MainBot", _MainBot, raising=False)
    with pytest.raises(BotSpecError, match=r"defined in __main__.*module of its own"):
        run_arena([_MainBot, "random", "random"], 3, workers=1, progress=False,
                  backend="ray")
    with pytest.raises(BotSpecError, match="defined in __main__"):
        run_league([_MainBot, "random", "beginner"], 3, workers=1, progress=False,
                   backend="ray")
    assert not ray.is_initialized()  # refused before any runtime was started
    assert run_arena([_MainBot, "random", "random"], 3, workers=1, progress=False).games == 3


def test_a_ray_runtime_started_here_gets_no_more_workers_than_local_processes() -> None:
    """``--backend ray --workers 8`` on two cores started eight Ray workers (20 games a
    second where the local backend, capped, plays hundreds); on a cluster joined, the
    workers asked stand."""
    from cutthroat.sim.workers import max_workers, resolve_workers

    assert resolve_workers(10 * max_workers(), "ray") == max_workers()
    assert resolve_workers(10 * max_workers(), "local") == max_workers()
    assert resolve_workers(10 * max_workers(), "ray", address="auto") == 10 * max_workers()
    done = CliRunner().invoke(app, ["arena", "--bots", "random,random,random", "--games",
                                    "3", "--backend", "ray", "--workers", "999", "--json",
                                    "--no-progress"])
    assert done.exit_code == 0, done.output
    assert f"--workers 999 capped at {max_workers()}" in done.stderr


def test_the_speed_on_ray_leaves_out_rays_start_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """A league of 6 games on Ray said "in 5.7 s, 1.0 games/s": the seconds were Ray's
    start-up. The time runs from when the runtime is ready (``on_cpus``)."""
    import time

    import cutthroat.sim.ray_backend as backend
    from cutthroat.sim.league import run_league

    def slow_start(jobs: Any, run: Any, workers: int, address: Any, bar: Any, ahead: int = 4,
                   *, keep: Any = None, on_cpus: Any = None) -> list[Any]:
        time.sleep(1.0)  # Ray starting
        on_cpus(2)
        with bar:
            for job in jobs:
                found = run(job)
                keep(found)
                bar.advance(len(found))
        return []

    monkeypatch.setattr(backend, "run_on_ray", slow_start)
    arena = run_arena(LINE_UP, 3, progress=False, backend="ray")
    assert arena.games == 3 and arena.elapsed < 0.9, arena.elapsed
    league = run_league(["random", "beginner", "intermediate"], 3, progress=False,
                        backend="ray", resamples=0)
    assert league.games == 3 and league.elapsed < 0.9, league.elapsed


def test_a_worker_lost_on_ray_is_a_worker_lost_error_not_rays_traceback() -> None:
    """A Ray worker that dies under a task (killed, out of memory), after Ray's own
    retries, stops the run with a WorkerLostError that names Ray's error and says no
    bot failed (the arena then stops as after Ctrl-C, keeping what finished)."""
    from cutthroat.sim.workers import WorkerLostError

    def _dies_on_three(job: int) -> list[int]:  # nested: sent to Ray by value
        if job == 3:
            import os

            os._exit(1)
        return [job]

    with pytest.raises(WorkerLostError, match=r"^Ray lost a worker or a node "
                       r"\(WorkerCrashedError: .*; no bot failed\)$"):
        run_on_ray([1, 3, 2], _dies_on_three, 2, None, _Bar())


def _dead_port() -> int:
    """A port on this machine where nothing listens (bound, then let go)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_an_address_where_nothing_answers_is_refused_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--ray-address 127.0.0.1:6379`` with no cluster there waited over seven minutes,
    Ray writing a warning every few seconds, and never said why (a researcher's QA
    pass): an address where nothing answers is refused at once, and no runtime is left
    started. ``RAY_ADDRESS`` (set inside a Ray job, on a cluster's node) names the
    cluster to join when no address is given, as Ray reads it: it used to fail with
    "num_cpus ... must not be provided"."""
    import ray

    from cutthroat.sim.ray_backend import RayConnectionError
    from cutthroat.sim.workers import here, resolve_workers

    port = _dead_port()
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
        with pytest.raises(RayConnectionError, match=re.escape(
                f"cannot reach the Ray cluster at {address!r}: nothing answers at "
                f"127.0.0.1:{port} (Connection refused)")):
            run_on_ray([1], lambda job: [job], 2, address, _Bar())
        assert not ray.is_initialized()
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{port}")
    assert not here("ray", None) and here("local", None)
    assert resolve_workers(99, "ray") == 99  # a cluster's: not capped by this machine's
    with pytest.raises(RayConnectionError, match=f"cannot reach the Ray cluster at "
                                                 f"'127.0.0.1:{port}'"):
        run_on_ray([1], lambda job: [job], 2, None, _Bar())
    assert not ray.is_initialized()


def test_a_name_that_does_not_resolve_and_ray_address_local(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A host name that does not resolve was said as "nothing answers"; an IPv6
    address without brackets was cut at its last colon; RAY_ADDRESS=local (a runtime
    here, to Ray) took every CPU, whatever --workers said (a code review)."""
    import ray

    from cutthroat.sim.ray_backend import RayConnectionError, check_reachable
    from cutthroat.sim.workers import here, resolve_workers

    with pytest.raises(RayConnectionError, match=r"the name no-such-host\.invalid does not "
                                                 r"resolve"):
        check_reachable("no-such-host.invalid:6379")
    assert check_reachable("::1") is None  # not HOST:PORT: left to Ray
    monkeypatch.setenv("RAY_ADDRESS", "local")
    assert here("ray", None) and resolve_workers(99, "ray") < 99  # capped, as here
    asked: list[dict[str, Any]] = []

    def init(**kwargs: Any) -> None:
        asked.append(kwargs)
        raise KeyboardInterrupt  # enough: how it was asked

    monkeypatch.setattr(ray, "init", init)
    monkeypatch.setattr(ray, "shutdown", lambda: None)
    with pytest.raises(KeyboardInterrupt):
        run_on_ray([1], lambda job: [job], 3, None, _Bar())
    assert asked[0]["address"] == "local" and asked[0]["num_cpus"] == 3


def test_ctrl_c_while_ray_starts_stops_what_it_started(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while ``ray.init`` was starting the runtime left Ray's processes running
    after the command ended (and at times a crash, status 139): the runtime is shut
    down before the interrupt goes on."""
    import ray

    stopped: list[bool] = []

    def init(**kwargs: Any) -> None:
        assert kwargs["address"] == "local" and kwargs["num_cpus"] == 2  # one of its own
        raise KeyboardInterrupt

    monkeypatch.setattr(ray, "init", init)
    monkeypatch.setattr(ray, "shutdown", lambda: stopped.append(True))
    with pytest.raises(KeyboardInterrupt):
        run_on_ray([1], lambda job: [job], 2, None, _Bar())
    assert stopped == [True]


@pytest.mark.parametrize("failure", [KeyboardInterrupt, OSError])
def test_a_runtime_that_fails_to_start_leaves_the_sigterm_handler_as_it_was(
        monkeypatch: pytest.MonkeyPatch, failure: type[BaseException]) -> None:
    """``ray.init`` sets its own SIGTERM handler before it has started anything: when it
    then fails (Ctrl-C, or a runtime that cannot start), the process's handler is put
    back, as after a tournament, so that worker processes forked later end on SIGTERM."""
    import ray

    from cutthroat.sim.ray_backend import RayConnectionError

    def init(**kwargs: Any) -> None:
        signal.signal(signal.SIGTERM, lambda *_: None)  # as Ray's own does
        raise failure("no room")

    monkeypatch.setattr(ray, "init", init)
    monkeypatch.setattr(ray, "shutdown", lambda: None)
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(KeyboardInterrupt if failure is KeyboardInterrupt
                       else RayConnectionError):
        run_on_ray([1], lambda job: [job], 2, None, _Bar())
    assert signal.getsignal(signal.SIGTERM) is before


def test_rays_own_output_stays_off_the_results(capfd: pytest.CaptureFixture[str]) -> None:
    """Ray writes its raylet's warnings (a worker lost, a task retried) on standard
    output, which came before ``--json``'s JSON and broke it (a researcher's QA pass):
    while a tournament runs on Ray, standard output, Python's and the descriptor's, goes
    to standard error, and comes back after."""
    import os
    import sys

    from cutthroat.sim.cli import output_to_stderr

    with output_to_stderr():
        print("(raylet) A worker died", flush=True)
        os.write(1, b"(raylet) Task run_job failed\n")
    print("{}", flush=True)
    sys.stdout.flush()
    out, err = capfd.readouterr()
    assert out == "{}\n"
    assert "(raylet) A worker died" in err and "(raylet) Task run_job failed" in err
    with output_to_stderr(active=False):
        print("kept", flush=True)
    assert capfd.readouterr().out == "kept\n"


def test_the_workers_of_ray_are_said_as_those_of_local_processes() -> None:
    """On a Ray runtime started here the speed line said "on 1 worker" with no word why
    2 were asked for, as the local backend says; an empty --ray-address is refused."""
    from cutthroat.sim.cli import workers_said

    said = "1 worker (2 asked: only 1 deal set to share out)"
    assert workers_said(1, 2, 1, "1 deal set", "ray") == said
    assert workers_said(1, 2, 1, "1 deal set", "ray", "auto") == "1 worker"  # a cluster's
    done = CliRunner().invoke(app, ["arena", "--bots", "random,random,random",
                                    "--backend", "ray", "--ray-address", " "])
    assert done.exit_code == 2 and "--ray-address is empty" in done.output, done.output
