"""The ``cutthroat arena`` command; :func:`register` adds it to the main Typer app.

Also the checks, shared by the commands, of the files and folders they are told to
write: made before any long work starts, each a usage error naming its option."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from ..bots.play_reasons import number_word
from ..bots.registry import check_spec, normal_spec, split_line_up
from ..bots.time_limit import check_limit
from ..cli_io import SET_HELP
from ..rules import PRESETS, Rules, RulesError
from .arena import (
    BACKENDS,
    BOTS,
    MAX_GAMES,
    ArenaError,
    BotSpecError,
    BotUnavailableError,
    RecordsFolderError,
    TournamentInterrupted,
    TournamentStopped,
    UnknownBotError,
    cpus,
    deal_sets,
    held_interrupts,
    max_workers,
    records_folder,
    run_arena,
)
from .determinism import NondeterministicBotWarning
from .ray_backend import RayAddressError, RayConnectionError, RayUnavailableError
from .results import CI_METHODS, FORMAT, ArenaResult, deal_sets_phrase, print_uncropped
from .workers import here, remove_empty_folder

__all__ = [
    "MOVE_TIME_HELP",
    "arena",
    "arena_interrupted",
    "check_backend_and_ci",
    "check_folders_can_be_made",
    "check_line_up",
    "check_new_file",
    "check_outputs",
    "check_parent_folder",
    "file_in_the_way",
    "interrupted",
    "interrupted_json",
    "make_folder",
    "move_time_option",
    "parse_rules",
    "print_arena",
    "register",
    "report_plot_and_records",
    "save_plot",
    "tournament_failed",
    "tournament_notes",
    "workers_said",
]


def parse_rules(preset: str, settings: list[str] | None) -> Rules:
    """Rules from a preset name and ``field=value`` overrides (values read as JSON); a
    usage error naming the option at fault (``--preset`` or ``--set``)."""
    try:
        Rules.preset(preset)
    except RulesError as exc:
        raise typer.BadParameter(str(exc), param_hint="--preset") from None
    try:
        return Rules.from_settings(preset, settings or [])
    except RulesError as exc:
        raise typer.BadParameter(str(exc), param_hint="--set") from None


def check_new_file(path: Path, option: str) -> None:
    """Refuse, as a usage error of ``option``, a file to write that exists already (or
    is a folder), or whose folders cannot be made (:func:`check_folders_can_be_made`;
    the caller makes those missing): checked before any long work starts."""
    check_folders_can_be_made(path, option)
    if path.exists() or path.is_symlink():
        raise typer.BadParameter(f"{path} already exists: give a new file",
                                 param_hint=option)


def check_parent_folder(path: Path, option: str) -> None:
    """Refuse, as a usage error of ``option``, a file to write that is a folder, or
    whose folder does not exist or cannot be written in."""
    if path.is_dir():
        raise typer.BadParameter(f"{path} is a folder: give a file in it",
                                 param_hint=option)
    parent = path.parent
    if not parent.is_dir():
        said = (f"{parent} is a file, not a folder" if parent.is_file()
                else f"{parent} is not a folder" if parent.exists()
                else f"the folder {parent} does not exist")
        raise typer.BadParameter(said, param_hint=option)
    if not os.access(parent, os.W_OK | os.X_OK):
        raise typer.BadParameter(f"cannot write in the folder {parent}", param_hint=option)
    try:  # tried, as root is let through by access() where the file system says no (/sys)
        with tempfile.TemporaryFile(dir=parent):
            pass
    except OSError as exc:
        raise typer.BadParameter(f"cannot write in the folder {parent}: "
                                 f"{exc.strerror or exc}", param_hint=option) from None


def file_in_the_way(folder: Path) -> Path | None:
    """The first of ``folder`` and the folders above it that is there but is no
    folder (a file where a folder has to be), else ``None``."""
    for place in (*reversed(folder.parents), folder):
        if (place.exists() or place.is_symlink()) and not place.is_dir():
            return place
    return None


def check_folders_can_be_made(path: Path, option: str) -> None:
    """Refuse, as a usage error of ``option``, a file to write that is a folder, or
    whose folder is missing and cannot be made: a file stands where one of the folders
    has to be, or the nearest folder there cannot be written in."""
    if path.is_dir():
        raise typer.BadParameter(f"{path} is a folder: give a file in it",
                                 param_hint=option)
    blocked = file_in_the_way(path.parent)
    if blocked is not None:
        raise typer.BadParameter(f"{blocked} is a file, not a folder", param_hint=option)
    nearest = next((place for place in (path.parent, *path.parent.parents)
                    if place.is_dir()), Path("."))
    if not os.access(nearest, os.W_OK | os.X_OK):
        raise typer.BadParameter(f"cannot write in the folder {nearest}", param_hint=option)


def make_folder(path: Path, option: str) -> None:
    """Make the folder ``path`` (and its parents) unless it exists; refuse, as a usage
    error of ``option``, a path that is a file or a folder that cannot be made or
    written in."""
    if path.exists() and not path.is_dir():
        raise typer.BadParameter(f"{path} is a file, not a folder", param_hint=option)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise typer.BadParameter(f"cannot make the folder {path}: {exc.strerror or exc}",
                                 param_hint=option) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise typer.BadParameter(f"cannot write in the folder {path}", param_hint=option)


def check_backend_and_ci(backend: str, ray_address: str | None, ci: str) -> None:
    """``--backend``, ``--ray-address`` and ``--ci`` of a tournament command (arena,
    league): a usage error naming the option, before any game is played."""
    if backend not in BACKENDS:
        raise typer.BadParameter(f"--backend takes local or ray, not {backend!r}",
                                 param_hint="--backend")
    if ray_address is not None and backend != "ray":
        raise typer.BadParameter("--ray-address goes with --backend ray",
                                 param_hint="--ray-address")
    if ray_address is not None and not ray_address.strip():
        raise typer.BadParameter("--ray-address is empty: give auto, HOST:PORT or "
                                 "ray://HOST:10001, or leave it out to start Ray here",
                                 param_hint="--ray-address")
    if ci not in CI_METHODS:
        raise typer.BadParameter(f"--ci takes {' or '.join(CI_METHODS)}, not {ci!r}",
                                 param_hint="--ci")


def check_outputs(plot: Path | None, records: Path | None) -> None:
    """``--plot`` (matplotlib installed, a file and not a folder, in a format it writes,
    in a folder that exists) and ``--records`` (made if need be) of a tournament
    command, before any game."""
    if plot is not None:
        from .plot import PlotUnavailableError, check_plot_format, require_matplotlib

        try:
            require_matplotlib()
        except PlotUnavailableError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None  # a missing extra, as for serve: no usage error
        if plot.is_dir():  # before its extension, which a folder's name seldom has
            raise typer.BadParameter(f"{plot} is a folder, not a file", param_hint="--plot")
        try:
            check_plot_format(plot)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--plot") from None
        check_parent_folder(plot, "--plot")
    if records is not None:
        make_folder(records, "--records")
        try:
            records_folder(records)
        except RecordsFolderError as exc:
            raise typer.BadParameter(str(exc), param_hint="--records") from None


Unfinished = TournamentInterrupted | TournamentStopped
"""A tournament stopped before its end: by Ctrl-C, or by a worker lost."""


def stopped_after(stop: Unfinished, after: str) -> str:
    """How a tournament was stopped, and ``after`` what: "Interrupted (Ctrl-C) after
    516 of 1,500 games", or "Stopped after 516 of 1,500 games, as a worker process
    died (...)"."""
    return (f"Interrupted (Ctrl-C) after {after}" if stop.why is None
            else f"Stopped after {after}, as {stop.why}")


def exit_code(stop: Unfinished) -> int:
    """The exit status of a tournament stopped before its end: 130 after Ctrl-C, as a
    shell reports it; 1 where a worker lost stopped it, a failure."""
    return 130 if stop.why is None else 1


def interrupted(stop: Unfinished, what: str, records: Path | None) -> str:
    """What a tournament stopped by Ctrl-C (or by a worker lost) says on standard
    error: how many of its games were played, what the output that follows covers, and
    the records kept."""
    said = f"{stopped_after(stop, f'{stop.played:,} of {stop.planned:,} games')}: {what}"
    if records is not None:
        said += (f"; {stop.records:,} records of the deal sets finished are in {records} "
                 "(their numbers may have gaps: deal sets finish in any order)")
    return said + "."


def interrupted_json(stop: Unfinished, *, played: bool = False) -> dict[str, int | str]:
    """The ``interrupted`` object of a tournament's JSON: the games planned and the
    records kept; with ``played`` (a league, whose results keep only the deal sets that
    every line-up finished) first the games played in all; where a worker lost stopped
    it, not Ctrl-C, ``reason`` says so."""
    out: dict[str, int | str] = {"games_played": stop.played} if played else {}
    out |= {"games_planned": stop.planned, "records": stop.records}
    return out if stop.why is None else {**out, "reason": stop.why}


MOVE_TIME_HELP = ("Seconds a bot may take over one move (default: no limit): one that "
                  "takes longer stops the tournament, its game kept with --records as "
                  "game-NNNNNN-failed.json, so that a bot of your own that hangs does not "
                  "hang the tournament. The expert takes about 0.1 s a move, 1 s at most.")


def move_time_option(value: float | None) -> float | None:
    """``--move-time``: a finite number of seconds above 0, or none."""
    try:
        return check_limit(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def tournament_notes(games: int, workers: int | None, backend: str,
                     address: str | None = None) -> None:
    """Say on standard error, before a tournament starts, what it makes of ``--games``
    (rounded up to whole deal sets) and ``--workers`` (capped at
    :func:`~cutthroat.sim.workers.max_workers` where the workers run on this machine:
    the local backend, or a Ray runtime started here)."""
    whole = 3 * deal_sets(games)
    if whole != games:
        typer.echo(f"--games {games} rounded up to {whole}: whole deal sets, of 3 games "
                   "each.", err=True)
    if workers is not None and here(backend, address) and workers > max_workers():
        typer.echo(f"--workers {workers} capped at {max_workers()}: twice this machine's "
                   f"{cpus()} CPU{'s' if cpus() != 1 else ''}.", err=True)


@contextlib.contextmanager
def warnings_as_notes() -> Iterator[None]:
    """Within: a tournament's warning of a bot that is not deterministic for its seed
    (:class:`~cutthroat.sim.determinism.NondeterministicBotWarning`) is said on standard
    error as a ``Note:`` line, as the other notes before a tournament are; any other
    warning as Python says it."""
    before = warnings.showwarning

    def show(message: Warning | str, category: type[Warning], *args: Any,
             **kwargs: Any) -> None:
        if issubclass(category, NondeterministicBotWarning):
            typer.echo(f"Note: {message}", err=True)
        else:
            before(message, category, *args, **kwargs)

    with warnings.catch_warnings():
        warnings.simplefilter("always", NondeterministicBotWarning)
        warnings.showwarning = show
        yield


@contextlib.contextmanager
def output_to_stderr(active: bool = True) -> Iterator[None]:
    """Within (when ``active``): what is printed on standard output goes to standard
    error, from Python (``print``) and below it (file descriptor 1), so that standard
    output stays the results' alone. A tournament on Ray runs inside it: Ray writes its
    raylet's warnings (a worker lost, a task retried) on standard output, before and
    into ``--json``'s JSON."""
    if not active:
        yield
        return
    sys.stdout.flush()
    saved: int | None = None
    try:
        saved = os.dup(1)  # the descriptor, whatever sys.stdout is now
        os.dup2(2, 1)
    except OSError:  # no standard output or error to speak of: Python's alone
        if saved is not None:
            os.close(saved)
            saved = None
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        try:
            sys.stdout.flush()
        finally:
            if saved is not None:
                os.dup2(saved, 1)
                os.close(saved)


def seconds_said(elapsed: float) -> str:
    """A run's time as the summary line gives it: tenths from a second on, and two
    significant digits below (a few quick games took "0.0 s" at 166 games/s).

    >>> seconds_said(12.345), seconds_said(0.5), seconds_said(0.0183), seconds_said(0)
    ('12.3 s', '0.5 s', '0.018 s', '0 s')
    >>> seconds_said(0.9499), seconds_said(0.995), seconds_said(0.00004)
    ('0.95 s', '1.0 s', 'under 0.001 s')
    """
    if elapsed >= 0.995:  # (what two digits would round to 1.0)
        return f"{elapsed:.1f} s"
    if 0 < elapsed < 0.001:  # not "4e-05 s"
        return "under 0.001 s"
    return f"{elapsed:.2g} s"


def workers_said(used: int, asked: int | None, jobs: int, work: str,
                 backend: str | None, address: str | None = None) -> str:
    """``"1 worker"``, ``"4 workers"``, with why when fewer were used than asked (or than
    the CPUs, by default) on this machine (the local backend, or a Ray runtime started
    here): ``jobs`` deal sets to share out (``work`` says them), or the cap of
    :func:`~cutthroat.sim.workers.max_workers`.

    >>> workers_said(1, 2, 1, "1 deal set", "local")
    '1 worker (2 asked: only 1 deal set to share out)'
    """
    said = f"{used} worker{'s' if used != 1 else ''}"
    wanted = cpus() if asked is None else asked
    if not here(backend or "local", address) or used >= wanted:
        return said
    if used == jobs:
        return said + f" ({wanted} asked: only {work} to share out)"
    return said + f" ({wanted} asked: at most {max_workers()}, twice the CPUs)"


def save_plot(draw: Callable[[], None], plot: Path, as_json: bool) -> None:
    """Write a tournament's chart with ``draw`` and say where (on standard error beside
    ``--json``); a file that cannot be written ends the command with its reason."""
    try:
        draw()
    except OSError as exc:
        typer.echo(f"Error: cannot write the plot to {plot}: {exc.strerror or exc}",
                   err=True)
        raise typer.Exit(1) from None
    typer.echo(f"Plot saved to {plot}", err=as_json)


def tournament_failed(exc: Exception, as_json: bool, json_format: str) -> typer.Exit:
    """A tournament that could not be played (a bot failed, Ray could not be reached):
    ``Error: ...`` on standard error and, with ``--json``, one JSON object on standard
    output, ``{"format": ..., "error": ...}``, so that a program reading the JSON is
    told too. The exit (status 1) to raise."""
    typer.echo(f"Error: {exc}", err=True)
    if as_json:
        sys.stdout.write(json.dumps({"format": json_format, "error": str(exc)}) + "\n")
    return typer.Exit(1)


def check_line_up(text: str, size: int, example: str) -> list[str]:
    """``--bots``: ``size`` bot specs separated by commas, each written in its one form
    and made once here, so that an unknown bot, a bad option, a module that cannot be
    imported or a class that is no bot is a usage error now, naming the option."""
    try:
        specs = [normal_spec(spec) for spec in split_line_up(text)]
        if len(specs) != size:
            given = (f"not {len(specs)}: {', '.join(specs)}" if specs
                     else "and none was given")
            raise BotSpecError(f"--bots takes {number_word(size)} bots separated by commas, "
                               f"e.g. {example}, {given}")
        for spec in dict.fromkeys(specs):  # each bot once, as run_arena checks them
            check_spec(spec)
    except (ValueError, BotUnavailableError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--bots") from None
    return specs


def arena(
    bots: Annotated[str, typer.Option(
        help=f"Three bots, separated by commas (known: {', '.join(BOTS)}; or your own "
        "as module.Class); options after a colon, e.g. expert:bid_samples=80 (all of "
        "them: cutthroat bots expert).")],
    games: Annotated[int, typer.Option(
        min=1, max=MAX_GAMES, help=f"Games in total, rounded up to a multiple of 3 "
        f"(at most {MAX_GAMES:,}).")] = 300,
    seed: Annotated[int, typer.Option(
        min=0, help="Tournament seed: the same seed, the same games.")] = 0,
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESETS)}.")]
    = "standard",
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help=SET_HELP)] = None,
    workers: Annotated[int | None, typer.Option(
        min=1, help="Worker processes (default: every CPU).")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the results as JSON, and nothing else, on standard output.")]
    = False,
    plot: Annotated[Path | None, typer.Option(
        help="Write a bar chart of the win rates to this file, in the format its "
        "extension names (.png, .svg, .pdf); needs matplotlib.")]
    = None,
    records: Annotated[Path | None, typer.Option(
        help="Save every game's record in this folder (made if need be).")] = None,
    ci: Annotated[str, typer.Option(
        help="Intervals: se (cluster standard error) or bootstrap (cluster bootstrap).")]
    = "se",
    no_progress: Annotated[bool, typer.Option(
        "--no-progress", help="No progress bar on standard error (one is shown by "
        "default).")] = False,
    backend: Annotated[str, typer.Option(
        help="Where to play: local (worker processes) or ray (Ray tasks; the ray extra).")]
    = "local",
    ray_address: Annotated[str | None, typer.Option(
        help="With --backend ray: the cluster to join (auto, or ray://HOST:10001); "
             "default: a Ray runtime started here with --workers CPUs.")] = None,
    move_time: Annotated[float | None, typer.Option(
        callback=lambda value: move_time_option(value), help=MOVE_TIME_HELP)] = None,
) -> None:
    """Play a duplicate tournament: the same deals from every seat.

    Each deal set is one seeded stream of deals, played three times
    with the line-up rotated through the seats, so luck cancels.
    Prints each bot's wins, win rate, points per game, maker success,
    euchres and loners, with confidence intervals.
    """
    try:
        names = check_line_up(bots, 3, "expert,intermediate,intermediate")
        rules = parse_rules(preset, set_)
        check_backend_and_ci(backend, ray_address, ci)
        fresh = records is not None and not records.exists()  # made here: gone if empty
        check_outputs(plot, records)
        tournament_notes(games, workers, backend, ray_address)
        with warnings_as_notes(), output_to_stderr(backend == "ray"):
            result = run_arena(names, games, seed=seed, rules=rules, workers=workers,
                               progress=not no_progress, records=records, ci=ci,
                               backend=backend, address=ray_address, move_time_limit=move_time)
    except (BotSpecError, UnknownBotError, BotUnavailableError, ArenaError,
            RayUnavailableError, RayAddressError, RayConnectionError) as exc:
        raise tournament_failed(exc, as_json, FORMAT) from None
    except (TournamentInterrupted, TournamentStopped) as stop:
        with held_interrupts():  # a second Ctrl-C waits for the summary
            assert isinstance(stop.result, ArenaResult)  # the deal sets finished
            if fresh and records is not None and stop.records == 0:
                remove_empty_folder(records)  # made here: no empty folder left behind
            arena_interrupted(stop, stop.result, as_json, plot, records)
        raise typer.Exit(exit_code(stop)) from None
    except KeyboardInterrupt:  # before the tournament started: its checks, its workers
        with held_interrupts():
            typer.echo("Interrupted (Ctrl-C) before any game was played.", err=True)
        raise typer.Exit(130) from None
    print_arena(result, as_json, workers_asked=workers, backend=backend, address=ray_address)
    report_plot_and_records(result, as_json, plot, records)


def report_plot_and_records(result: ArenaResult, as_json: bool, plot: Path | None,
                            records: Path | None) -> None:
    """Write the arena's chart, if asked, and say where the records are, if kept."""
    if plot is not None:
        from .plot import plot_win_rates

        save_plot(lambda: plot_win_rates(result, plot), plot, as_json)
    if records is not None:
        typer.echo(f"{result.games} records saved in {records}", err=as_json)


def arena_interrupted(stop: Unfinished, done: ArenaResult, as_json: bool,
                      plot: Path | None, records: Path | None) -> None:
    """What an arena stopped by Ctrl-C (or by a worker lost) prints: a line on standard
    error, then the results of the deal sets finished (the table's title says it was
    interrupted; the JSON has ``interrupted``) and their chart, marked interrupted,
    where asked; when no deal set finished, the JSON alone (no table, no chart), and
    that said."""
    if done.games == 0:
        typer.echo(stopped_after(stop, f"{stop.planned:,} games were planned") + ", "
                   "before any deal set finished: no results"
                   + (", no plot" if plot is not None else "") + ".", err=True)
        if as_json:
            print_arena(done, as_json, stop)
        return
    below = "results below are" if as_json else "table below is"
    typer.echo(interrupted(stop, f"the {below} of the {done.games:,} games of the "
                                 f"{deal_sets_phrase(done.deal_sets)} finished",
                           records), err=True)
    print_arena(done, as_json, stop)
    if plot is not None:
        from .plot import plot_win_rates

        save_plot(lambda: plot_win_rates(done, plot), plot, True)


def print_arena(result: ArenaResult, as_json: bool,
                stop: Unfinished | None = None, *,
                workers_asked: int | None = None, backend: str | None = None,
                address: str | None = None) -> None:
    """Print an arena's results: the tables and a line of speed, or one JSON object
    (with ``interrupted`` when Ctrl-C stopped it: the games planned, records kept)."""
    if as_json:
        data = result.to_json()
        if stop is not None:
            data["interrupted"] = interrupted_json(stop)
        sys.stdout.write(json.dumps(data) + "\n")
        return
    print_uncropped(result.table())
    rate = result.games_per_second
    speed = "" if rate is None else f", {rate:.1f} games/s"
    on = workers_said(result.workers, workers_asked, result.deal_sets,
                      deal_sets_phrase(result.deal_sets).replace("duplicate ", ""), backend,
                      address)
    typer.echo(f"{result.hands} hands in {seconds_said(result.elapsed)} on {on}{speed}")


def register(app: typer.Typer) -> None:
    """Add the ``arena`` command to the main ``cutthroat`` app."""
    app.command(name="arena")(arena)
