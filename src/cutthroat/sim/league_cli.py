"""The ``cutthroat league`` command; :func:`register` adds it to the main Typer app.

A command of its own rather than ``cutthroat arena --pool``: the arena compares one
line-up of three (a bot may be entered twice) seat by seat, with its play statistics;
a league takes any number of distinct bots, plays every line-up of three, counts its
games per line-up, and answers with ratings. The options they share (rules, seed,
workers, backend, records, plot, intervals) mean the same in both."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from ..bots.registry import BotUnavailableError, split_line_up
from ..cli_io import SET_HELP
from ..rules import PRESETS
from .arena import (
    BOTS,
    MAX_GAMES,
    ArenaError,
    TournamentInterrupted,
    TournamentStopped,
    UnknownBotError,
)
from .cli import (
    MOVE_TIME_HELP,
    Unfinished,
    check_backend_and_ci,
    check_outputs,
    exit_code,
    interrupted,
    interrupted_json,
    move_time_option,
    output_to_stderr,
    parse_rules,
    save_plot,
    seconds_said,
    tournament_failed,
    tournament_notes,
    warnings_as_notes,
    workers_said,
)
from .league import (
    FORMAT,
    NO_ESTIMATE,
    LeagueResult,
    check_pool,
    resolve_anchor,
    run_league,
)
from .ratings import RatingError, RatingsUnavailableError, require_choix
from .ray_backend import RayAddressError, RayConnectionError, RayUnavailableError
from .results import deal_sets_phrase, print_uncropped
from .workers import held_interrupts

__all__ = ["check_bots", "league", "league_interrupted", "plot_league", "print_league",
           "register"]


def check_bots(text: str) -> list[str]:
    """``--bots``: at least three distinct bot specs separated by commas (see
    :func:`~cutthroat.sim.league.check_pool`), each made once here, so that a bad one is
    a usage error now, naming the option."""
    try:
        return check_pool(split_line_up(text))
    except (ValueError, BotUnavailableError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--bots") from None


def league(
    bots: Annotated[str, typer.Option(
        help=f"At least three bots, separated by commas (known: {', '.join(BOTS)}; or "
        "your own as module.Class); options after a colon, e.g. expert:bid_samples=80 "
        "(all of them: cutthroat bots expert). Two specs of one bot with different "
        "options are two bots.")],
    games: Annotated[int, typer.Option(
        min=1, max=MAX_GAMES, help="Games per line-up, rounded up to a multiple of 3 "
        f"(at most {MAX_GAMES:,}); every line-up plays the same deal sets, and intervals "
        "need at least 2 of them (--games 6).")] = 300,
    seed: Annotated[int, typer.Option(
        min=0, help="League seed: the same seed, the same games.")] = 0,
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESETS)}.")]
    = "standard",
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help=SET_HELP)] = None,
    workers: Annotated[int | None, typer.Option(
        min=1, help="Worker processes, for the games and the ratings' bootstrap "
        "(default: every CPU).")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the results as JSON, and nothing else, on standard output.")]
    = False,
    plot: Annotated[Path | None, typer.Option(
        help="Write a chart of the ratings with their intervals to this file, in the "
        "format its extension names (.png, .svg, .pdf); needs matplotlib.")] = None,
    records: Annotated[Path | None, typer.Option(
        help="Save every game's record in this folder (made if need be), line-up K's "
        "in lineup-KKK/.")] = None,
    anchor: Annotated[str | None, typer.Option(
        help="The bot rated 0, or 'mean' for the pool's mean (default: random when it "
        "is in the pool, else the mean).")] = None,
    prior: Annotated[int, typer.Option(
        min=0, help="Virtual wins each way between every pair of bots, which keep the "
        "ratings finite; 0: the plain maximum-likelihood fit (where it has no estimate, "
        "the games are shown without ratings).")] = 1,
    resamples: Annotated[int, typer.Option(
        min=0, help="Bootstrap resamples of deal sets for the ratings' intervals "
        "(none are drawn from a single deal set).")]
    = 1000,
    ci: Annotated[str, typer.Option(
        help="Win-rate and points intervals: se (cluster standard error) or bootstrap.")]
    = "se",
    no_progress: Annotated[bool, typer.Option(
        "--no-progress", help="No progress bars on standard error (they are shown by "
        "default).")] = False,
    backend: Annotated[str, typer.Option(
        help="Where to play: local (worker processes) or ray (Ray tasks; the ray extra).")]
    = "local",
    ray_address: Annotated[str | None, typer.Option(
        help="With --backend ray: the cluster to join (auto, or ray://HOST:10001); "
             "default: a Ray runtime started here with --workers CPUs.")] = None,
    move_time: Annotated[float | None, typer.Option(
        callback=lambda value: move_time_option(value), help=MOVE_TIME_HELP.replace(
            "failed.json,", "failed.json in its line-up's folder,"))] = None,
) -> None:
    """Rate any number of bots: every line-up of three, the same deals.

    Plays every line-up of three bots from the pool as a duplicate
    match (each deal set three times, the line-up rotated through
    the seats), all on the same deal sets, then fits a Plackett-Luce
    model to every game's finishing order. Prints each bot's rating
    (Elo-like scale) with a bootstrap interval over deal sets, its
    games, wins, win rate and points per game.
    """
    try:
        pool = check_bots(bots)
        rules = parse_rules(preset, set_)
        try:
            resolve_anchor(pool, anchor)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--anchor") from None
        check_backend_and_ci(backend, ray_address, ci)
        try:
            require_choix()
        except RatingsUnavailableError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None  # a missing extra: no usage error
        check_outputs(plot, records)
        tournament_notes(games, workers, backend, ray_address)
        with warnings_as_notes(), output_to_stderr(backend == "ray"):
            result = run_league(pool, games, seed=seed, rules=rules, workers=workers,
                                progress=not no_progress, records=records, ci=ci,
                                backend=backend, address=ray_address, anchor=anchor,
                                prior=prior, resamples=resamples, move_time_limit=move_time)
    except (UnknownBotError, BotUnavailableError, ArenaError, RatingError,
            RayUnavailableError, RayAddressError, RayConnectionError) as exc:
        raise tournament_failed(exc, as_json, FORMAT) from None
    except (TournamentInterrupted, TournamentStopped) as stop:
        with held_interrupts():  # a second Ctrl-C waits for the summary
            league_interrupted(stop, as_json, plot, records)
        raise typer.Exit(exit_code(stop)) from None
    except KeyboardInterrupt:  # before the games, or while the ratings were fitted
        with held_interrupts():
            typer.echo("Interrupted (Ctrl-C) before the league's results were ready: "
                       "nothing to show.", err=True)
        raise typer.Exit(130) from None
    print_league(result, as_json, workers_asked=workers, backend=backend, address=ray_address)
    if records is not None:
        typer.echo(f"{result.games} records saved in {records}", err=as_json)
    if plot is not None:
        plot_league(result, plot, as_json)


def print_league(result: LeagueResult, as_json: bool,
                 stop: Unfinished | None = None, *,
                 workers_asked: int | None = None, backend: str | None = None,
                 address: str | None = None) -> None:
    """Print a league's results: the table and a line of speed, or one JSON object
    (with ``interrupted`` when Ctrl-C stopped it, as the arena's)."""
    if as_json:
        data = result.to_json()
        if stop is not None:
            data["interrupted"] = interrupted_json(stop, played=True)
        sys.stdout.write(json.dumps(data) + "\n")
        return
    print_uncropped(result.table())
    speed = (f", {result.games / result.elapsed:.1f} games/s"
             if result.elapsed > 0 else "")
    lines = len(result.line_ups)
    on = workers_said(result.workers, workers_asked, result.deal_sets * lines,
                      f"{lines} line-up{'s' if lines != 1 else ''} × "
                      f"{deal_sets_phrase(result.deal_sets).replace('duplicate ', '')}",
                      backend, address)
    typer.echo(f"{result.games} games ({result.hands} hands) in "
               f"{seconds_said(result.elapsed)} on {on}{speed}; ratings fitted in "
               f"{seconds_said(result.rating_elapsed)}")


def plot_league(result: LeagueResult, plot: Path, as_json: bool) -> None:
    """Write the ratings' chart; a league without ratings ends the command with an
    error saying why."""
    if not result.rated:
        typer.echo(f"Error: no plot, as there are no ratings to draw: {NO_ESTIMATE}",
                   err=True)
        raise typer.Exit(1)
    from .plot import plot_ratings

    save_plot(lambda: plot_ratings(result, plot), plot, as_json)


def league_interrupted(stop: Unfinished, as_json: bool, plot: Path | None,
                       records: Path | None) -> None:
    """What a league stopped by Ctrl-C (or by a worker lost) prints: a line on standard
    error, then the league of the deal sets that every line-up finished, rated (its
    title says it was interrupted; the JSON has ``interrupted``), and its chart where
    asked; where no deal set was finished by every line-up, with ``--json`` one JSON
    object with ``error`` and ``interrupted``, else nothing more."""
    done = stop.result
    if not isinstance(done, LeagueResult):
        typer.echo(interrupted(stop, "no results, as no deal set was finished by every "
                                     "line-up" + (", no plot" if plot else ""), records),
                   err=True)
        if as_json:
            sys.stdout.write(json.dumps({
                "format": FORMAT,
                "error": ("interrupted (Ctrl-C)" if stop.why is None else
                          f"stopped, as {stop.why},") + " before every line-up had "
                         "finished a deal set",
                "interrupted": interrupted_json(stop, played=True)}) + "\n")
        return
    below = "results below are" if as_json else "table below is"
    typer.echo(interrupted(stop, f"the {below} of the {done.games:,} games of the "
                                 f"{deal_sets_phrase(done.deal_sets)} that every line-up "
                                 "finished", records), err=True)
    print_league(done, as_json, stop)
    if plot is not None:
        if done.rated:
            plot_league(done, plot, True)
        else:
            typer.echo(f"No plot, as there are no ratings to draw: {NO_ESTIMATE}.",
                       err=True)


def register(app: typer.Typer) -> None:
    """Add the ``league`` command to the main ``cutthroat`` app."""
    app.command(name="league")(league)
