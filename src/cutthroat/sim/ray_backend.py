"""The arena on Ray: the same jobs as on local worker processes, on a Ray cluster.

``cutthroat arena --backend ray`` (the ``ray`` extra) starts a Ray runtime on this
machine (``--workers`` CPUs), or joins a running cluster with ``--ray-address``
(``auto``, or ``ray://HOST:10001``): every node needs this package installed, as the
jobs import it there. Each game depends only on the tournament's seed and its index, so
a tournament on Ray gives exactly the games and the table it gives locally, only sooner
on more machines.
"""

from __future__ import annotations

import contextlib
import itertools
import signal
import socket
import threading
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from .workers import WorkerLostError, ray_address

__all__ = ["CONNECT_SECONDS", "RayAddressError", "RayConnectionError", "RayUnavailableError",
           "check_importable", "check_reachable", "run_on_ray"]

Job = TypeVar("Job")
Result = TypeVar("Result")


class RayUnavailableError(RuntimeError):
    """Ray is not installed (the ``ray`` extra)."""


class RayAddressError(RuntimeError):
    """An address to join was given while Ray already runs in this process, joined to
    another cluster: the arena would otherwise play there and ignore the address."""


class RayConnectionError(RuntimeError):
    """The cluster to join cannot be reached (none runs at ``auto``, a ``ray://`` address
    without the Ray client installed, a host that does not answer), or a runtime cannot
    be started here: the message names the address and gives Ray's reason."""


def check_importable(specs: Iterable[str]) -> None:
    """Refuse, before Ray starts, a bot whose class is defined in ``__main__`` (a script
    or a notebook): Ray's workers make each bot by importing its class by name, and have
    no ``__main__`` of the caller's to import it from (worker processes here do: they
    are forked from it, or run it again). A ``BotSpecError``."""
    from ..bots.registry import BotSpecError

    for spec in specs:
        name = spec.split(":", 1)[0]
        if name.startswith("__main__."):
            raise BotSpecError(
                f"the bot class {name.removeprefix('__main__.')} is defined in __main__ "
                "(your script or notebook): Ray's workers make the bots by importing "
                "their classes by name, and cannot import __main__; define it in a module "
                "of its own, importable on every node (on PYTHONPATH), or play it with "
                "the local backend")


CONNECT_SECONDS = 5.0
"""How long a cluster's address is given to answer before Ray is asked to join it."""


def check_reachable(address: str) -> None:
    """Refuse at once (a :class:`RayConnectionError`) a cluster address ``HOST:PORT``
    (or ``ray://HOST:PORT``) where nothing answers within :data:`CONNECT_SECONDS`: Ray
    itself tries again for minutes, writing a warning every few seconds. ``auto`` and
    an address that is not ``HOST:PORT`` are left to Ray."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit() or not host or (":" in host
                                                       and not host.startswith("[")):
        return  # not HOST:PORT (an IPv6 address is bracketed in one)
    try:
        with socket.create_connection((host.strip("[]"), int(port)), CONNECT_SECONDS):
            pass
    except socket.gaierror as exc:
        raise RayConnectionError(f"cannot reach the Ray cluster at {address!r}: the name "
                                 f"{host} does not resolve ({exc.strerror or exc})") from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        if isinstance(exc, TimeoutError | socket.timeout):
            reason = f"no answer within {CONNECT_SECONDS:g} s"
        raise RayConnectionError(f"cannot reach the Ray cluster at {address!r}: nothing "
                                 f"answers at {host}:{port} ({reason})") from None


class _Bar(Protocol):
    def __enter__(self) -> Any: ...

    def __exit__(self, *exc: object) -> None: ...

    def advance(self, n: int) -> None: ...


def run_on_ray(jobs: Iterable[Job], run: Callable[[Job], list[Result]], workers: int,
               address: str | None, bar: _Bar, ahead: int = 4, *,
               keep: Callable[[list[Result]], None] | None = None,
               on_cpus: Callable[[int], None] | None = None) -> list[Result]:
    """``run`` each job as a Ray task, in any order, and gather the results (or hand
    each job's list to ``keep`` as it comes, here, in the calling process, and return
    nothing); the first failure cancels the rest and is raised. ``on_cpus`` is told
    the CPUs of the runtime or cluster the tasks run on. ``jobs`` is drawn lazily: at most ``ahead``
    tasks per CPU of the cluster are in flight, the next one submitted as one finishes,
    so memory stays bounded however many jobs there are. A runtime started here (no
    ``address``) uses ``workers`` CPUs and is shut down at the end; a cluster joined is
    left as it was. If Ray already runs in this process (a notebook that called
    ``ray.init``), the jobs go there and it is left running; an ``address`` other than
    ``"auto"`` or the one it joined is then a :class:`RayAddressError`, not silently
    ignored. A cluster that cannot be reached (or a runtime that cannot be started) is a
    :class:`RayConnectionError`; a worker or node lost under a task (after Ray's own
    retries) a :class:`~cutthroat.sim.workers.WorkerLostError`."""
    try:
        import ray
    except ImportError:
        raise RayUnavailableError("the ray backend needs Ray: pip install "
                                  "'cutthroat-euchre[ray]'") from None
    started = not ray.is_initialized()
    if started:  # RAY_ADDRESS, when no address is given (a runtime already joined: as is)
        address = ray_address(address)
    if not started and address not in (None, "auto"):
        joined = str(ray.get_runtime_context().gcs_address)
        if address.removeprefix("ray://") != joined:
            raise RayAddressError(
                f"Ray already runs in this process, joined to {joined}: it cannot join "
                f"{address} as well (call ray.shutdown() first, or leave the address out "
                "to play on the cluster already joined)")
    # ray.init sets a SIGTERM handler in this process (in its main thread) and
    # ray.shutdown leaves it there: the handler this process had is put back.
    sigterm = signal.getsignal(signal.SIGTERM)
    try:
        if started:
            _start(ray, address, workers)
        return _gather(ray, jobs, run, workers, bar, ahead, keep, on_cpus, started)
    finally:
        if started:
            _put_back(sigterm)


def _start(ray: Any, address: str | None, workers: int) -> None:
    """Start a Ray runtime here with ``workers`` CPUs (no ``address``), or join the
    cluster at ``address``: a :class:`RayConnectionError` if it cannot be."""
    if address is not None:
        check_reachable(address)
    try:
        # "local": a runtime of its own here, never one found running (`ray start`),
        # which would refuse the CPUs asked for
        ray.init(address=address or "local", num_cpus=None if address else workers,
                 include_dashboard=False, log_to_driver=False, configure_logging=False)
    except (OSError, ValueError, RuntimeError) as exc:  # ConnectionError among them
        where = (f"cannot reach the Ray cluster at {address!r}" if address
                 else "cannot start a Ray runtime here")
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise RayConnectionError(f"{where}: {reason}") from exc
    except BaseException:  # Ctrl-C while Ray starts: its processes stopped, not left
        with contextlib.suppress(Exception):
            ray.shutdown()
        raise


def _gather(ray: Any, jobs: Iterable[Job], run: Callable[[Job], list[Result]],
            workers: int, bar: _Bar, ahead: int,
            keep: Callable[[list[Result]], None] | None,
            on_cpus: Callable[[int], None] | None, started: bool) -> list[Result]:
    """The jobs run as Ray tasks, as :func:`run_on_ray` says; the runtime is shut down
    at the end if it was ``started`` there."""
    task = ray.remote(run)
    found: list[Result] = []
    pending: list[Any] = []
    try:
        resources: Callable[[], dict[str, float]] = ray.cluster_resources
        cpus = int(resources().get("CPU", 0)) or workers
        if on_cpus is not None:
            on_cpus(cpus)
        take = found.extend if keep is None else keep
        most = ahead * max(1, cpus)
        todo = iter(jobs)
        pending = [task.remote(job) for job in itertools.islice(todo, most)]
        with bar:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    try:
                        chunk = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:  # the task's own error,
                        cause = getattr(exc, "cause", None)  # as the local backend raises
                        if isinstance(cause, Exception):  # it, not Ray's traceback of it
                            raise cause from None
                        raise
                    except ray.exceptions.RayError as exc:  # a worker or node lost
                        said = " ".join(str(exc).split("\n", 1)[0].split()).rstrip(".")
                        raise WorkerLostError(f"Ray lost a worker or a node "
                                              f"({type(exc).__name__}: {said}; no bot "
                                              "failed)") from exc
                    take(chunk)
                    bar.advance(len(chunk))
                pending += [task.remote(job)
                            for job in itertools.islice(todo, most - len(pending))]
    finally:
        for ref in pending:
            ray.cancel(ref)
        if started:
            ray.shutdown()
    return found


def _put_back(sigterm: Any) -> None:
    """Make ``sigterm`` (a handler from :func:`signal.getsignal`) this process's SIGTERM
    handler again, where it can be (from the main thread, and for a handler set from
    Python)."""
    if sigterm is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, sigterm)
