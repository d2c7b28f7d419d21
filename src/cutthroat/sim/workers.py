"""Running a tournament's jobs: here one after another or on worker processes (Ray's
are in :mod:`cutthroat.sim.ray_backend`), with a progress bar, Ctrl-C held while a
finished job's results are kept and its records written, and the folder for them."""

from __future__ import annotations

import contextlib
import itertools
import math
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TypeVar

from .games import ArenaError, GameResult

__all__ = [
    "JOB_DEAL_SETS",
    "Keeper",
    "ProgressBar",
    "RecordsFolderError",
    "Stopwatch",
    "TournamentInterrupted",
    "TournamentStopped",
    "WorkerLostError",
    "chunks",
    "cpus",
    "deal_sets_per_job",
    "held_interrupts",
    "here",
    "max_workers",
    "records_folder",
    "remove_empty_folder",
    "resolve_workers",
    "run_pool",
    "worker_pool",
]

_JobT = TypeVar("_JobT")
_ItemT = TypeVar("_ItemT")


class RecordsFolderError(ValueError):
    """The folder given for a tournament's records holds another tournament's records
    (see :func:`records_folder`)."""




JOB_DEAL_SETS = 4
"""The most deal sets (12 games) in one job of a worker (:func:`deal_sets_per_job`)."""


def deal_sets_per_job(sets: int, workers: int) -> int:
    """Deal sets per job: one when playing here, else a few jobs per worker, so that the
    workers finish together, and at most :data:`JOB_DEAL_SETS` each, so that the results
    come back often: a Ctrl-C keeps the jobs finished and loses those under way (with the
    expert, whose games take seconds, a job of 25 deal sets was minutes of a worker)."""
    return 1 if workers == 1 else max(1, min(JOB_DEAL_SETS, math.ceil(sets / (workers * 8))))


def chunks(sets: int, per_job: int) -> Iterator[range]:
    """Deal sets ``0`` to ``sets - 1`` in runs of ``per_job``, each made only when it is
    asked for: a tournament of any length never holds its whole plan in memory."""
    for start in range(0, sets, per_job):
        yield range(start, min(start + per_job, sets))


class Keeper:
    """The caller's side of a tournament's jobs: keeps each finished job's results, and
    first writes their records, if any, into ``folder`` as ``game-NNNNNN.json``."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.results: list[GameResult] = []
        self.records = 0

    def __call__(self, chunk: list[tuple[GameResult, str | None]]) -> None:
        with held_interrupts():  # a job's games are kept whole, records and results
            if self.folder is not None and not self.records and any(
                    text is not None for _, text in chunk):
                self.folder.mkdir(exist_ok=True)  # a league's line-up's, with its first
            for result, text in chunk:
                if text is not None and self.folder is not None:
                    path = self.folder / f"game-{result.index:06d}.json"
                    path.write_text(text, encoding="utf-8")
                    self.records += 1
            self.results.extend(result for result, _ in chunk)

    def drop_empty_folder(self) -> None:
        """Remove the records folder when no record was written in it (a tournament
        stopped before any deal set finished): no empty folder left behind."""
        if self.folder is not None and self.records == 0:
            remove_empty_folder(self.folder)

    def keep_failed(self, error: ArenaError) -> ArenaError:
        """``error`` as the tournament raises it: when records are kept and a game
        failed, its record up to the failing move is written beside the others, as
        ``game-NNNNNN-failed.json`` (the game to replay and debug: ``cutthroat replay``
        shows every move up to it), and the error says where."""
        if self.folder is None or error.record is None or error.index is None:
            return error
        path = self.folder / f"game-{error.index:06d}-failed.json"
        try:
            self.folder.mkdir(exist_ok=True)
            path.write_text(error.record, encoding="utf-8")
        except OSError as exc:
            return error.again(f"{error} (its record could not be written: {exc})")
        return error.again(f"{error}; the game up to that move is in {path}")


def remove_empty_folder(folder: Path) -> None:
    """Remove ``folder`` if it holds nothing (one that holds anything is left as it is,
    and so is one that cannot be removed)."""
    with contextlib.suppress(OSError):  # not empty, or not ours to remove
        folder.rmdir()


@contextlib.contextmanager
def held_interrupts() -> Iterator[None]:
    """Ctrl-C held back until the block ends, then let through as it would have been:
    the games of a finished job are then never half kept (their records written but not
    their results counted, or the other way round), nor an interrupted tournament's
    summary half printed. Only in the main thread, where Python delivers signals;
    elsewhere, nothing is held."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[Any] = []
    before = signal.signal(signal.SIGINT, lambda number, frame: held.append(frame))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        if held and callable(before):
            before(signal.SIGINT, held[0])  # Python's own handler: KeyboardInterrupt


RECORDS_FOUND = ("game-*.json", "lineup-*")
"""What marks a folder as holding the records of a tournament already (the arena's
games, the league's line-ups)."""


def records_folder(path: str | os.PathLike[str]) -> Path:
    """Make the folder for a tournament's records (and its parents), as an absolute
    path; refuse (:class:`RecordsFolderError`) a folder that holds a tournament's
    records already, so the records of two runs are never mixed."""
    folder = Path(path).absolute()
    if folder.is_dir():
        found = sorted(p.name for pattern in RECORDS_FOUND for p in folder.glob(pattern))
        if found:
            raise RecordsFolderError(
                f"the folder {path} holds the records of a tournament already "
                f"({found[0]}{', …' if len(found) > 1 else ''}): give a new or empty "
                "folder, so the records of two runs are not mixed")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class WorkerLostError(RuntimeError):
    """A worker died under a tournament: a worker process killed from outside or for
    want of memory, or a Ray worker or node lost. No bot failed; the games of the jobs
    it had are lost with it, and the tournament stops (:class:`TournamentStopped`)."""


class _Unfinished:
    """What a tournament stopped before its end keeps. ``result`` holds what the deal
    sets finished give (an :class:`~cutthroat.sim.results.ArenaResult` for the arena,
    with ``planned`` set; for a league a :class:`~cutthroat.sim.league.LeagueResult` of
    the deal sets that every line-up finished, or ``None`` where there is none),
    ``played`` and ``planned`` count games, ``records`` the records written (of
    finished deal sets only)."""

    result: Any
    played: int
    planned: int
    records: int
    why: str | None = None

    def _keep(self, result: Any, played: int, planned: int, records: int) -> None:
        self.result, self.played, self.planned, self.records = (result, played, planned,
                                                                records)


class TournamentInterrupted(_Unfinished, KeyboardInterrupt):
    """Ctrl-C stopped a tournament; what it keeps is that of :class:`TournamentStopped`
    (``result``, ``played``, ``planned``, ``records``)."""

    def __init__(self, result: Any, played: int, planned: int, records: int) -> None:
        super().__init__(f"interrupted after {played} of {planned} games")
        self._keep(result, played, planned, records)


class TournamentStopped(_Unfinished, RuntimeError):
    """A worker was lost (:class:`WorkerLostError`, ``why`` says how) and the tournament
    stopped: as after Ctrl-C, ``result`` holds what the deal sets finished give (an
    :class:`~cutthroat.sim.results.ArenaResult` with ``planned`` set, or a league's of
    the deal sets that every line-up finished, or ``None``), ``played`` and ``planned``
    count games, ``records`` the records written (of finished deal sets only)."""

    def __init__(self, why: str, result: Any, played: int, planned: int,
                 records: int) -> None:
        super().__init__(f"stopped after {played} of {planned} games: {why}")
        self.why = why
        self._keep(result, played, planned, records)


LOST_PROCESS = ("a worker process died (killed from outside, or for want of memory; "
                "no bot failed)")
"""Why a tournament on worker processes stopped when one of them died."""


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` worker processes that end when the process that started
    them is gone: killed with SIGKILL, say (by hand, or for want of memory), when no
    shutdown reaches them, they would otherwise wait for jobs forever, each holding the
    job queue open for the others."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_worker_start,
                               initargs=(os.getpid(),))


def _worker_start(parent: int) -> None:
    """In a new worker process: Ctrl-C ignored (the terminal sends it to the workers as
    well, and the process that started them stops them: :func:`stop_pool`; a worker
    waiting for a job printed "Process ForkProcess-1:" and the start of a traceback
    above the tournament's own words), SIGTERM ending it whatever handler the process
    that started it had (a forked worker inherits it: Ray's, once ``ray.init`` ran
    there, raised SystemExit inside the job, which the pool took for the job's failure,
    and the worker went on to the next job, so :func:`stop_pool` ended none), and
    :func:`_end_with_parent`."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _end_with_parent(parent)


def _end_with_parent(parent: int, every: float = 0.5) -> None:
    """In a worker process: end it (status 1) once ``parent`` is no longer its parent,
    checked every ``every`` seconds on a thread of its own."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def run_pool(jobs: Iterable[_JobT], run: Callable[[_JobT], list[_ItemT]], workers: int,
              bar: ProgressBar, ahead: int = 4, *,
              keep: Callable[[list[_ItemT]], None] | None = None) -> list[_ItemT]:
    """``run`` each job in worker processes, in any order, and gather what they return
    (or hand each job's list to ``keep`` as it comes, and return nothing), advancing
    ``bar`` by the length of each job's list as each job finishes; stop at the first
    failure, which is raised (a worker process that died, as a
    :class:`WorkerLostError`). ``jobs`` is drawn lazily: at most ``ahead`` jobs per
    worker are submitted at a time, the next one as one finishes, so memory stays
    bounded however many jobs there are. (The league plays its line-ups' jobs here too.)
    """
    found: list[_ItemT] = []
    take = found.extend if keep is None else keep
    todo = iter(jobs)
    most = ahead * workers
    pool = worker_pool(workers)
    finished = False
    try:
        # The first submission starts every worker (forked on Linux) before the progress
        # bar starts its refresh thread: no process is forked while another thread runs.
        pending: set[Future[list[_ItemT]]] = {
            pool.submit(run, j) for j in itertools.islice(todo, most)}
        with bar:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                # The jobs finished are kept before a failure among them is raised.
                for future in sorted(done, key=lambda f: f.exception() is not None):
                    chunk = future.result()  # raises the job's exception, if any
                    take(chunk)
                    bar.advance(len(chunk))
                pending |= {pool.submit(run, j)
                            for j in itertools.islice(todo, most - len(pending))}
        finished = True
    except BrokenProcessPool as exc:  # a worker killed: no job's own failure
        raise WorkerLostError(LOST_PROCESS) from exc
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            stop_pool(pool)
    return found


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Shut a pool down at once (Ctrl-C, a failed job): cancel the jobs not started and
    end the workers, whose jobs' results nobody will read (the records are written by
    the caller, so no file is left half written), rather than wait for them to finish
    their jobs, seconds each."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    results = getattr(pool, "_result_queue", None)  # the pool lets go of it at shutdown
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        with contextlib.suppress(Exception):  # gone already
            process.terminate()
    for process in workers:
        with contextlib.suppress(Exception):
            process.join(5)
    # A worker ended while it sent a job's result leaves part of it in the pipe, and the
    # pool's own thread waits for the rest for ever: Python then hung at exit, joining
    # that thread (a Ctrl-C in about one arena in six under load). With the pipe's last
    # writer closed (this process's; the workers' went with them), it reads the pipe's
    # end instead, takes the pool for broken, and ends.
    writer = getattr(results, "_writer", None)
    if writer is not None:
        with contextlib.suppress(Exception):
            writer.close()


def max_workers() -> int:
    """The most worker processes a tournament starts here: twice the CPUs (more only
    share them, each a process of its own, and cost memory)."""
    return 2 * cpus()


def cpus() -> int:
    """This machine's CPUs: the workers a tournament takes when none are asked for."""
    return os.cpu_count() or 1


def resolve_workers(workers: int | None, backend: str, jobs: int | None = None, *,
                    address: str | None = None) -> int:
    """The workers a tournament uses: those asked (default :func:`cpus`; fewer than 1 is
    a ``ValueError``), no more than :func:`max_workers` where they run on this machine
    (the local backend, or a Ray runtime started here: no ``address``), and no more than
    ``jobs``, the pieces of work there are to share out, when given."""
    workers = cpus() if workers is None else workers
    if workers < 1:
        raise ValueError("workers must be at least 1")
    if here(backend, address):
        workers = min(workers, max_workers())
    return workers if jobs is None else min(workers, jobs)


def here(backend: str, address: str | None) -> bool:
    """Whether a tournament's workers run on this machine: the local backend's
    processes, or the Ray runtime it starts when no cluster is named (no ``address``,
    and no ``RAY_ADDRESS``: :func:`ray_address`)."""
    return backend == "local" or ray_address(address) is None


def ray_address(address: str | None) -> str | None:
    """The Ray cluster a tournament on Ray joins: ``address`` when given, else the one
    the ``RAY_ADDRESS`` environment variable names (as Ray itself reads it: inside a Ray
    job, on a cluster's node), else ``None``, a runtime started here (as ``local``
    means to Ray)."""
    if address is None:
        address = os.environ.get("RAY_ADDRESS")
    return None if not address or address == "local" else address  # "local": here


class Stopwatch:
    """The time a tournament's games take: from its making, or, on Ray, from when the
    runtime is ready (:meth:`ready`, ``run_on_ray``'s ``on_cpus``), so that Ray's
    start-up is not counted; and the CPUs Ray said it has, if it did."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.cpus: int | None = None

    def ready(self, cpus: int) -> None:
        """Ray's runtime is ready, with ``cpus`` CPUs: the games' time starts now."""
        self.cpus, self.started = cpus, time.perf_counter()

    def elapsed(self) -> float:
        """Seconds since the games started."""
        return time.perf_counter() - self.started


class ProgressBar:
    """A Rich progress bar on standard error when it is a terminal, or nothing; ``label``
    names the work (``arena``, ``league``), ``unit`` what is counted."""

    def __init__(self, total: int, enabled: bool, label: str = "arena",
                 unit: str = "games") -> None:
        self.total = total
        self.enabled = enabled
        self.label = label
        self.unit = unit
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> ProgressBar:
        if not self.enabled:
            return self
        from rich.console import Console

        console = Console(stderr=True)
        if console.is_terminal:  # a log gets no bar (Rich would leave a blank line)
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn(self.label), BarColumn(), MofNCompleteColumn(), TextColumn(self.unit),
                TimeElapsedColumn(), TimeRemainingColumn(),
                console=console, transient=True,
            )
            self._bar.__enter__()
            self._task = self._bar.add_task(self.label, total=self.total)
        return self

    def advance(self, n: int) -> None:
        """Count ``n`` more games done."""
        if self._bar is not None:
            self._bar.advance(self._task, n)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)

