"""The arena on Ray (cutthroat.sim.ray_backend): the same games as locally."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from cutthroat.cli import app
from cutthroat.sim.arena import run_arena
from cutthroat.sim.ray_backend import run_on_ray

LINE_UP = ["random", "beginner", "random"]
TIMING = ("elapsed_s", "games_per_s", "workers", "backend")


def _same(result: Any) -> dict[str, Any]:
    data: dict[str, Any] = result.to_json()
    return {key: value for key, value in data.items() if key not in TIMING}


def test_ray_backend_plays_the_same_games_as_local_workers() -> None:
    local = run_arena(LINE_UP, 12, seed=3, workers=2, progress=False)
    on_ray = run_arena(LINE_UP, 12, seed=3, workers=2, progress=False, backend="ray")
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
    finally:
        ray.shutdown()
