"""The arena and the league make their work as they go (src/cutthroat/sim/arena.py,
games.py, workers.py, league.py, ray_backend.py): a long tournament never holds its
whole plan in memory and its progress bar moves as jobs finish; ``--games`` has an upper
bound; and a league of one deal set says why it has no intervals, whatever
``--resamples`` asked for."""

from __future__ import annotations

import concurrent.futures
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cutthroat.rules import Rules
from cutthroat.sim import arena as arena_mod
from cutthroat.sim import workers as workers_mod
from cutthroat.sim.arena import MAX_GAMES, run_arena
from cutthroat.sim.workers import run_pool
from test_cli import invoke

RANDOM3 = ["random", "random", "random"]


class _Stop(Exception):
    """Raised by a stand-in job runner once it has seen what it needs."""


class _CountingBar:
    """A progress bar that records, at each advance, how many jobs had been drawn."""

    def __init__(self, drawn: list[int]) -> None:
        self.drawn = drawn
        self.done = 0
        self.seen: list[tuple[int, int]] = []  # (jobs drawn, items done) at each advance

    def __enter__(self) -> _CountingBar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def advance(self, n: int) -> None:
        self.done += n
        self.seen.append((self.drawn[0], self.done))


def _numbers(count: int, drawn: list[int]) -> Iterator[int]:
    for k in range(count):
        drawn[0] += 1
        yield k


def _twice(job: int) -> list[int]:
    return [job, job]


# --- the work is made as it is needed -------------------------------------------------


def _jobs_made_before_the_first_is_played(monkeypatch: pytest.MonkeyPatch, module: Any,
                                           runner: str, play: Callable[[], object]) -> int:
    """How many of ``module``'s jobs exist when ``runner`` is asked to play the first."""
    made = [0]
    real_job = module.ArenaJob

    def counting_job(*args: Any) -> Any:
        made[0] += 1
        return real_job(*args)

    def first_job_only(job: Any) -> list[Any]:
        raise _Stop(made[0])

    monkeypatch.setattr(module, "ArenaJob", counting_job)
    monkeypatch.setattr(module, runner, first_job_only)
    with pytest.raises(_Stop) as stopped:
        play()
    return int(stopped.value.args[0])


def test_arena_in_process_makes_each_job_when_it_plays_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With one worker the first game is played before the second job exists: 10,000
    deal sets are not planned up front (the bar appears at once, memory stays flat)."""
    assert _jobs_made_before_the_first_is_played(
        monkeypatch, arena_mod, "run_job",
        lambda: run_arena(RANDOM3, games=30_000, workers=1, progress=False)) == 1


def test_league_in_process_makes_each_job_when_it_plays_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("choix")
    from cutthroat.sim import league as league_mod

    assert _jobs_made_before_the_first_is_played(
        monkeypatch, league_mod, "_run_league_job",
        lambda: league_mod.run_league(["random", "beginner", "intermediate"], games=30_000,
                                      workers=1, progress=False)) == 1


def test_worker_pool_draws_jobs_as_workers_free_up_and_advances_as_they_finish() -> None:
    drawn = [0]
    bar = _CountingBar(drawn)
    found = run_pool(_numbers(400, drawn), _twice, 2, bar)  # type: ignore[arg-type]
    assert sorted(found) == sorted(list(range(400)) * 2)
    assert bar.done == 800 and drawn[0] == 400
    # At most 4 jobs per worker are out at a time, and the bar moves job by job.
    assert all(jobs - done // 2 <= 8 for jobs, done in bar.seen), bar.seen[:5]
    assert bar.seen[0][1] == 2 and len(bar.seen) == 400


def test_worker_pool_stops_drawing_at_the_first_failure() -> None:
    drawn = [0]
    with pytest.raises(ZeroDivisionError):
        run_pool(_numbers(10_000, drawn), _fails_on_five, 2,  # type: ignore[arg-type]
                  _CountingBar(drawn))
    assert drawn[0] < 100


def _fails_on_five(job: int) -> list[int]:
    return [1 // (job - 5)]


def test_ray_backend_draws_jobs_as_tasks_finish() -> None:
    pytest.importorskip("ray")
    from cutthroat.sim.ray_backend import run_on_ray

    def twice(job: int) -> list[int]:  # nested: sent to Ray by value
        return [job, job]

    drawn = [0]
    bar = _CountingBar(drawn)
    found = run_on_ray(_numbers(40, drawn), twice, 1, None, bar)
    assert sorted(found) == sorted(list(range(40)) * 2)
    assert bar.done == 80 and drawn[0] == 40
    assert all(jobs - done // 2 <= 4 for jobs, done in bar.seen), bar.seen[:5]


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_games_and_records_depend_only_on_the_seed(tmp_path: Any, workers: int) -> None:
    """However the lazily made jobs are cut and spread, the same seed plays the same
    games and writes the same records, byte for byte."""
    base = run_arena(["random", "beginner", "random"], games=45, seed=4, workers=1,
                     progress=False, records=tmp_path / "one")
    other = run_arena(["random", "beginner", "random"], games=45, seed=4,
                      workers=workers, progress=False, records=tmp_path / "many")
    assert other.results == base.results
    ones = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert ones == sorted(p.name for p in (tmp_path / "many").iterdir())
    assert len(ones) == 45
    for name in ones:
        assert ((tmp_path / "one" / name).read_bytes()
                == (tmp_path / "many" / name).read_bytes())


# --- the upper bound on --games -------------------------------------------------------


def test_games_above_the_bound_are_refused() -> None:
    assert MAX_GAMES == 99_999_999 and MAX_GAMES % 3 == 0  # rounding up never passes it
    with pytest.raises(ValueError, match="at most 99,999,999"):
        run_arena(RANDOM3, games=MAX_GAMES + 1, workers=1, progress=False)
    for command in (["arena", "--bots", "random,random,random"],
                    ["league", "--bots", "random,beginner,intermediate"]):
        done = invoke(*command, "--games", "999999999999", "--no-progress")
        assert done.exit_code == 2, done.output
        assert "--games" in done.output and "99999999" in done.output
        shown = invoke(command[0], "--help")
        assert "99,999,999" in " ".join(shown.stdout.split())


def test_league_games_above_the_bound_are_refused() -> None:
    pytest.importorskip("choix")
    from cutthroat.sim.league import run_league

    with pytest.raises(ValueError, match="at most 99,999,999"):
        run_league(["random", "beginner", "intermediate"], games=MAX_GAMES + 1,
                   workers=1, progress=False)


# --- a league of one deal set says why it has no intervals ----------------------------


def test_league_of_one_deal_set_says_intervals_need_two() -> None:
    pytest.importorskip("choix")
    from cutthroat.sim.league import MIN_DEAL_SETS, run_league

    one = run_league(["random", "beginner", "intermediate"], games=3, seed=0, workers=1,
                     progress=False, resamples=20)
    assert one.deal_sets == 1 < MIN_DEAL_SETS == 2
    assert one.fit.resamples == 0
    [note] = one.notes()
    assert "need at least 2 deal sets" in note and "--games 6" in note
    assert "this league played 1" in note
    text = " ".join(one.text().split())
    assert "No intervals: they need at least 2 deal sets" in text
    assert "(0 resamples)" not in text
    assert one.to_json()["notes"] == [note]


def test_league_notes_are_empty_with_intervals_and_name_resamples_0() -> None:
    pytest.importorskip("choix")
    from cutthroat.sim.league import run_league

    two = run_league(["random", "beginner", "intermediate"], games=6, seed=0, workers=1,
                     progress=False, resamples=20)
    assert two.notes() == [] and two.to_json()["notes"] == []
    # given, but said too narrow to trust from 2 deal sets (a researcher's finding: 4 of
    # 6 such "95%" intervals left out a bot's true rating)
    assert ("bootstrap of deal sets across all line-ups (20 resamples; from 2 deal sets, "
            "too narrow to trust below 10 (30 games per line-up))") in " ".join(
        two.text().split())
    none = run_league(["random", "beginner", "intermediate"], games=6, seed=0,
                      workers=1, progress=False, resamples=0)
    assert none.notes() == ["no rating intervals: --resamples 0"]
    assert "rating, none (--resamples 0);" in " ".join(none.text().split())
    single = run_league(["random", "beginner", "intermediate"], games=6, seed=0,
                        workers=1, progress=False, resamples=1)
    assert single.notes() == [
        "no rating intervals: 1 of 1 resamples had an estimate, fewer than the 2 needed"]


def test_cli_league_of_one_deal_set_says_so_in_the_table_and_the_json() -> None:
    pytest.importorskip("choix")
    args = ["league", "--bots", "random,beginner,intermediate", "--games", "3",
            "--workers", "1", "--resamples", "20", "--no-progress"]
    table = invoke(*args)
    assert table.exit_code == 0, table.output
    flat = " ".join(table.stdout.split())
    assert "need at least 2 deal sets" in flat and "--games 6" in flat
    done = invoke(*args, "--json")
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["deal_sets"] == 1 and data["rating"]["resamples"] == 0
    assert len(data["notes"]) == 1 and "--games 6" in data["notes"][0]


def test_arena_rules_are_unchanged_by_lazy_jobs() -> None:
    """A non-default rule set travels in every lazily made job."""
    rules = Rules(deck=25, stick_the_dealer=True)
    one = run_arena(RANDOM3, games=9, seed=2, rules=rules, workers=1, progress=False)
    two = run_arena(RANDOM3, games=9, seed=2, rules=rules, workers=2, progress=False)
    assert one.results == two.results and one.rules == rules


# --- jobs small enough that a Ctrl-C keeps most of the work ---------------------------


def test_a_job_holds_a_few_deal_sets_so_results_come_back_often() -> None:
    """A researcher's Ctrl-C after 40 s of the expert (2 s a game) kept nothing: every
    job was 25 deal sets (75 games, minutes of a worker), and a job's results come back
    only when it ends. A job now holds at most four deal sets; one worker plays one at
    a time, and a short tournament is still shared out among the workers."""
    from cutthroat.sim.workers import JOB_DEAL_SETS, deal_sets_per_job

    assert JOB_DEAL_SETS == 4
    assert deal_sets_per_job(1000, 2) == JOB_DEAL_SETS
    assert deal_sets_per_job(10**7, 16) == JOB_DEAL_SETS
    assert deal_sets_per_job(1000, 1) == 1
    assert deal_sets_per_job(16, 2) == 1  # a few jobs per worker, none empty


def test_worker_pool_keeps_the_jobs_finished_with_a_failed_one_before_raising(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Jobs that finish in the same wait as a failing job are kept (their results, and
    in a tournament their records) before the failure is raised: none of the games
    played is lost. ``wait`` is made to return only when every job submitted is done,
    so the finished and the failed job come back together whatever the timing."""
    def wait_all(futures: Any, return_when: Any = None) -> Any:
        return concurrent.futures.wait(futures)

    monkeypatch.setattr(workers_mod, "wait", wait_all)
    kept: list[list[int]] = []
    drawn = [0]
    with pytest.raises(ZeroDivisionError):
        run_pool(_numbers(6, drawn), _fails_on_five, 2,  # type: ignore[arg-type]
                 _CountingBar(drawn), keep=kept.append)
    # jobs 0-4 come back in the first wait (8 may be out at once), job 5 fails
    assert sorted(x for chunk in kept for x in chunk) == [1 // (k - 5) for k in range(5)]
