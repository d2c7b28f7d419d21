"""The command line: ``cutthroat play | replay | selfplay | watch | hint | review | rules |
bots`` (``play`` and ``watch`` from :mod:`cutthroat.play_cli`; ``serve`` from
:mod:`cutthroat.server.command`, ``arena`` from :mod:`cutthroat.sim.cli`, and ``league``
from :mod:`cutthroat.sim.league_cli`)."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ClassVar

import typer

from . import record as rec
from .__main__ import report_bug
from .bots import (
    RandomBot,
    play_game,
)
from .cli_io import (
    SET_HELP,
    Output,
    Unreadable,
    fail,
    output_to_nowhere,
    printable,
    read_input,
)
from .game import Game
from .play_cli import play, watch
from .render import (
    describe_game,
    printable_names,
)
from .rules import PRESETS, Rules
from .sim.cli import (
    make_folder,
    parse_rules,
)

app = typer.Typer(
    name="cutthroat",
    help="Three-handed (cutthroat) euchre: replay records, play and watch games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(shown: bool) -> None:
    """``--version``: the package's version, then stop."""
    if shown:
        from . import __version__

        typer.echo(f"cutthroat {__version__}")
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Show the version and exit.")] = False) -> None:
    """Three-handed (cutthroat) euchre: replay records, play and watch games."""


def _illegal(err: dict[str, Any]) -> str:
    """The line that reports a record read but not legal (or not JSON), as ``replay``
    words it, from the ``error`` of :meth:`~cutthroat.record.RecordError.to_json`: its
    hand and action counted from 1 (:meth:`~cutthroat.record.RecordError.for_people`)."""
    fault = rec.RecordError(err["reason"], hand=err["hand"], action=err["action"],
                            text=err.get("text"))
    return f"Illegal record: {fault.for_people()}"


@app.command()
def replay(
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="A game record (JSON), or - for standard input.")],
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the result as one JSON object, as docs/record.md describes.")]
    = False,
) -> None:
    """Check a game record against the rules and print what happened.

    Exits 0 for a legal record and 1 for the first illegal thing in it.
    """
    try:
        text = read_input(file)
    except Unreadable as exc:
        error = rec.RecordError(f"cannot read {exc}")
        if not as_json:  # not a record at all: no "Illegal record"
            raise fail(f"cannot read the record {exc}") from None
        _finish(1, error.to_json(), as_json, None)
        return
    try:
        game = rec.replay(text)
    except rec.RecordError as exc:
        _finish(1, exc.to_json(), as_json, None)
        return
    _finish(0, rec.summary(game), as_json, game)


def _finish(status: int, obj: dict[str, Any], as_json: bool, game: Game | None) -> None:
    if as_json:
        sys.stdout.write(json.dumps(obj) + "\n")
    elif game is not None:
        typer.echo(printable(describe_game(game), sys.stdout))
        nxt = obj["next"]
        if nxt is not None:
            typer.echo(f"Next: seat {nxt['seat']} may " + ", ".join(nxt["legal"][:12])
                       + (" ..." if len(nxt["legal"]) > 12 else ""))
    else:
        typer.echo(printable(_illegal(obj["error"]), sys.stderr), err=True)
    raise typer.Exit(status)


@app.command()
def selfplay(
    seed: Annotated[int, typer.Option(
        min=0, help="Seed of the first game; game i uses seed+i.")] = 0,
    games: Annotated[int, typer.Option(min=1, help="How many games to write.")] = 1,
    out: Annotated[Path, typer.Option(
        help="Folder for the records (made if need be); game-SEED.json there is written "
        "over.")] = Path("records"),
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESETS)}.")]
    = "standard",
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help=SET_HELP)] = None,
    random_rules: Annotated[bool, typer.Option(
        "--random-rules",
        help="Draw the rules of each game at random from every variant.")] = False,
) -> None:
    """Write records of games played by random bots: test data and bug reports.

    Every record is written even if the output is cut short (piped into
    head, say).
    """
    if random_rules and (preset != "standard" or set_):
        given = "--preset" if preset != "standard" else "--set"
        raise typer.BadParameter(f"--random-rules draws each game's rules, which {given} "
                                 "would set: give one or the other",
                                 param_hint=f"--random-rules, {given}")
    base = parse_rules(preset, set_)
    make_folder(out, "--out")
    out_lines = Output(finish=True)  # a reader gone: the records are written all the same
    unwritten: OSError | None = None  # standard output that failed otherwise (a full disk)
    for i in range(games):
        game_seed = seed + i
        rules = random_variants(random.Random(game_seed)) if random_rules else base
        game = Game(rules, seed=game_seed)
        bots = [RandomBot(seed=game_seed * 3 + s) for s in range(3)]
        play_game(game, bots)
        path = out / f"game-{game_seed}.json"
        try:
            path.write_text(rec.dumps(game) + "\n", encoding="utf-8")
        except OSError as exc:
            raise fail(f"cannot write {path}: {exc.strerror or exc}") from None
        if not game.is_over:  # play_game's guard against endless play (target=1500, say)
            typer.echo(f"Note: {path}: stopped after {len(game.hands)} hands with nobody at "
                       f"the target ({rules.target}) yet; its record is of a game unfinished",
                       err=True)
        if unwritten is None:
            try:
                out_lines.echo(f"{path}: {len(game.hands)} hands, scores {list(game.scores)}")
            except OSError as exc:
                unwritten = exc
                output_to_nowhere()
    if unwritten is not None:
        written = "the record is" if games == 1 else f"all {games} records are"
        raise fail(f"cannot write the output: {unwritten.strerror or unwritten} "
                    f"({written} written in {out})")


def random_variants(rng: random.Random) -> Rules:
    """Rules with every variant field drawn at random (for tests and self-play)."""
    return Rules(
        deck=rng.choice((24, 25, 32)),
        dummy=rng.random() < 0.5,
        dealer_must_pick_up=rng.random() < 0.5,
        may_name_turned_down_suit=rng.random() < 0.5,
        stick_the_dealer=rng.random() < 0.5,
        march_points=rng.choice((2, 3, 4)),
        maker_alone_march=rng.choice((None, 4, 5)),
        target=rng.choice((5, 7, 10)),
        tie=rng.choice(("play_on", "share")),
    )


app.command()(watch)
app.command()(play)


def _game_of(file: str, unreadable: str, as_json: bool) -> Game:
    """The game a record ``file`` (or ``-``) holds, for ``hint`` and ``review``: a file
    that cannot be read (said after ``unreadable``) or an illegal record is one line on
    standard error and status 1 (with ``as_json``, also replay's JSON error on
    standard output)."""
    try:
        return rec.replay(read_input(file))
    except Unreadable as exc:
        raise _refuse(f"{unreadable} {exc}", as_json,
                      rec.RecordError(f"cannot read {exc}").to_json()) from None
    except rec.RecordError as exc:
        error = exc.to_json()
        raise _refuse(_illegal(error["error"]), as_json, error) from None


def _refuse(message: str, as_json: bool, error: dict[str, Any] | None = None) -> typer.Exit:
    """Say why a command that analyses a record cannot (``message``, one line on
    standard error); with ``as_json`` also on standard output, as replay's ``--json``
    gives an error (``error``, or one made of ``message`` for the record as a whole),
    so a program reading the JSON is told too. The exit (status 1) to raise."""
    typer.echo(printable(message, sys.stderr), err=True)
    if as_json:
        if error is None:
            error = {"error": {"hand": None, "action": None, "reason": message}}
        sys.stdout.write(json.dumps(error) + "\n")
    return typer.Exit(1)


@app.command()
def hint(
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="A record of a game in progress, or - for stdin.")],
    seed: Annotated[int | None, typer.Option(
        min=0,
        help="Seed of the expert's sampling (default: from what the seat sees, as the "
             "hints in the terminal and browser games).")] = None,
    samples: Annotated[int | None, typer.Option(
        min=1, help="Deals sampled per option (default: the expert's own).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON "
        "(an error too, as replay --json gives one).")] = False,
    at_hand: Annotated[int | None, typer.Option(
        "--hand", min=1, help="Advise at an earlier point of the record, a finished "
        "game's too: in hand N (1 is the first, as replay numbers them).")] = None,
    at_move: Annotated[int | None, typer.Option(
        "--move", min=1, help="With --hand: before the hand's M-th move (1, the default: "
        "its first bid; the moves of every seat, as replay lists them).")] = None,
) -> None:
    """The expert's choice for the seat to act, each option's value, and why."""
    from .bots.hints import earlier_views, hint_json, hint_lines
    from .bots.hints import hint as advise

    if at_move is not None and at_hand is None:
        raise typer.BadParameter("--move is counted in a hand: give --hand too",
                                 param_hint="'--move'")
    game = _game_of(file, "Error: cannot read the record", as_json)
    if at_hand is not None:
        game = _game_at(game, at_hand, at_move or 1, as_json)
    hand = game.hand
    if hand is None or hand.is_over or hand.to_act is None:
        why = ("the game is over" if game.is_over else "it has no hand yet" if hand is None
               else "its last hand is over, and the next one is not dealt yet")
        earlier = (" (or a move of a hand played: --hand N [--move M])"
                   if hand is not None and at_hand is None else "")
        raise _refuse(f"Nobody is to act in this record: {why}. A hint needs a game in "
                      f"progress, with a move to make{earlier}.", as_json)
    seat = hand.to_act
    analysis = advise(game.view(seat), seed=seed, samples=samples,
                      earlier=earlier_views(game, seat))
    if as_json:
        sys.stdout.write(json.dumps(hint_json(analysis)) + "\n")
        return
    for line in hint_lines(analysis, printable_names(game.players)):
        typer.echo(line)


def _game_at(game: Game, hand: int, move: int, as_json: bool) -> Game:
    """``game`` as it stood before move ``move`` of hand ``hand`` (both from 1), for
    ``hint --hand --move``; a point the record does not reach is refused (status 1)."""
    record = rec.to_record(game)
    hands = record["hands"]
    if hand > len(hands):
        raise _refuse(f"The record has {len(hands)} hand{'' if len(hands) == 1 else 's'}: "
                      f"there is no hand {hand}.", as_json)
    actions = hands[hand - 1]["actions"]
    if move > len(actions) + 1:
        raise _refuse(f"Hand {hand} of the record has {len(actions)} "
                      f"move{'' if len(actions) == 1 else 's'}: there is no move {move}.",
                      as_json)
    record["hands"] = [*hands[:hand - 1], {**hands[hand - 1], "actions": actions[:move - 1]}]
    there = rec.replay(record)
    if there.hand is not None and there.hand.is_over:
        raise _refuse(f"Hand {hand} is over after its {len(actions)} moves: nobody is to "
                      f"act at move {move}.", as_json)
    return there


@app.command()
def review(
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="A game record (finished or not), or - for stdin.")],
    seat: Annotated[int | None, typer.Option(
        min=0, max=2, help="The seat to review (default: the one called You).")] = None,
    seed: Annotated[int | None, typer.Option(
        min=0,
        help="Analyse on other samples: each decision with this seed plus the moves "
             "before it in its hand (default: as the game's hints were, so a player who "
             "followed every hint gets no finding).")] = None,
    samples: Annotated[int | None, typer.Option(
        min=1, help="Deals sampled per option (default: the expert's own; give the "
                    "game's --hint-samples if it had them).")] = None,
    margin: Annotated[float, typer.Option(
        min=0.0, max=1.0, help="Report a choice when the expert's is worth at least this "
        "much more chance to win, as a fraction: 0.02 is 2 points of percentage (or more "
        "chance and, in the hand, half a point more or a quarter more of the deals won, "
        "whatever the margin).")] = 0.02,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON (an "
        "error too, as replay --json gives one).")] = False,
) -> None:
    """The expert's second opinion on every choice one seat made in a game."""
    from .bots.review import review as second_opinions
    from .bots.review import review_lines
    from .terminal import human_seat

    if not 0.0 <= margin <= 1.0:  # nan, which passes Typer's range check: its words
        raise typer.BadParameter(f"{margin} is not in the range 0.0<=x<=1.0.",
                                 param_hint="'--margin'")
    game = _game_of(file, "Error: cannot read the record", as_json)
    try:
        seat = human_seat(game) if seat is None else seat
    except ValueError as exc:
        raise _refuse(f"Cannot review {file}: {exc}", as_json) from None
    result = _with_progress(lambda progress: second_opinions(
        game, seat, seed=seed, samples=samples, margin=margin, progress=progress))
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
        return
    for line in review_lines(result, printable_names(game.players), margin):
        typer.echo(line)


def _with_progress(work: Callable[[Callable[[int, int], None]], Any]) -> Any:
    """Run ``work(progress)`` with a progress bar on standard error when it is a
    terminal (silently otherwise)."""
    if not sys.stderr.isatty():
        return work(lambda done, total: None)
    from rich.console import Console  # pragma: no cover - a person at a terminal
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:  # pragma: no cover
        task = bar.add_task("reviewing", total=None)
        return work(lambda done, total: bar.update(task, completed=done, total=total))


@app.command()
def rules(
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESETS)}.")] = "standard",
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help=SET_HELP)]
    = None,
) -> None:
    """How to play, in short, for a preset's rules (in full: docs/rules.md)."""
    from .howto import how_to_play_text

    typer.echo(how_to_play_text(parse_rules(preset, set_)))


@app.command()
def bots(
    name: Annotated[str | None, typer.Argument(
        metavar="NAME", help="A bot's name, or your own as module.Class, to list its "
        "options (all bots when left out); a whole spec, expert:play_samples=5, is "
        "checked too.")] = None,
) -> None:
    """The bots, weakest first, and the options each takes (for --bots specs)."""
    import textwrap

    from .bots.catalog import describe_bot, describe_bots
    from .bots.registry import (
        BotSpecError,
        BotUnavailableError,
        UnknownBotError,
        check_spec,
        format_value,
        parse_spec,
    )

    if name is None:
        typer.echo("The bots, weakest first (their measured ladder: docs/bots.md):")
        for info in describe_bots():
            if info.unavailable:
                typer.echo(f"  {info.name:<13} {info.unavailable}")
                continue
            typer.echo(f"  {info.name:<13} {info.summary}")
            if info.options:
                count = len(info.options)
                typer.echo(f"  {'':<13} {count} option{'s' if count > 1 else ''}, listed "
                           f"by `cutthroat bots {info.name}`")
        typer.echo("Choose them with --bots in `cutthroat play`, `cutthroat watch`, "
                   "`cutthroat arena` and `cutthroat league`, "
                   "options after a colon: expert:bid_samples=80")
        return
    try:
        base, written = parse_spec(name)  # a whole spec, expert:play_samples=5, too
        info = describe_bot(base)
        if written:  # its options checked as a line-up's are
            check_spec(name)
    except (UnknownBotError, BotUnavailableError, BotSpecError) as exc:
        raise typer.BadParameter(str(exc), param_hint="NAME") from None
    typer.echo(f"{info.name}: {info.summary}" if info.summary
               else f"{info.name} (its class has no docstring to describe it)")
    if written:
        typer.echo("This spec sets " + ", ".join(f"{key}={format_value(value)}"
                                                for key, value in written.items())
                   + "; the others keep their defaults.")
    anything = ("It takes options of any name too (**kwargs), passed to it unchecked, "
                f"e.g. {info.name}:level=2." if info.any_options else "")
    if not info.options:
        typer.echo(anything.replace(" too", "") or "It takes no options.")
        return
    example = ",".join(f"{o.name}={format_value(o.default)}" for o in info.options[:2])
    typer.echo(f"Options, each shown with its default (a spec sets them after a colon: "
               f"{info.name}:{example}):")
    for option in info.options:
        typer.echo(f"  {option.name}={format_value(option.default)}  ({option.kind})")
        if option.help:
            typer.echo(textwrap.fill(option.help, width=88, initial_indent=" " * 6,
                                     subsequent_indent=" " * 6))
    if anything:
        typer.echo(anything)


def _register_commands() -> None:
    from .server.command import register as register_serve
    from .sim.cli import register
    from .sim.league_cli import register as register_league

    register_serve(app)
    register(app)
    register_league(app)


_register_commands()


class _Stdout(io.TextIOWrapper):
    """Standard output (the same buffer, encoding and buffering) whose failures to write
    are noted, so that :func:`main` tells them from every other :class:`OSError`."""

    failures: ClassVar[list[OSError]] = []

    def write(self, text: str) -> int:
        """Write ``text``; a failure is noted, then raised."""
        try:
            return super().write(text)
        except OSError as exc:
            self.failures.append(exc)
            raise

    def flush(self) -> None:
        """Flush the buffer; a failure is noted, then raised."""
        try:
            super().flush()
        except OSError as exc:
            self.failures.append(exc)
            raise


def _note_output_failures() -> None:
    """Put a :class:`_Stdout` over standard output's buffer, if it has one."""
    stdout = sys.stdout
    if isinstance(stdout, io.TextIOWrapper) and not isinstance(stdout, _Stdout):
        with contextlib.suppress(AttributeError, ValueError):  # detached, closed
            sys.stdout = _Stdout(stdout.buffer, encoding=stdout.encoding,
                                 errors=stdout.errors, newline=None if os.name == "nt"
                                 else "\n", line_buffering=stdout.line_buffering,
                                 write_through=stdout.write_through)


def main() -> None:
    """Entry point of the ``cutthroat`` command.

    Standard output that cannot be written (a full disk) ends it with one line on
    standard error and status 1, not a traceback; a reader gone (``| head``) ends it
    quietly, status 0, as ``watch`` and ``selfplay`` end then (not 1 or 0 by whether
    the output happened to fit the pipe before the reader left). Any other exception
    is a bug: its traceback and a line asking for a report go to standard error, and
    the status is
    :data:`~cutthroat.__main__.INTERNAL_ERROR` (:func:`~cutthroat.__main__.report_bug`),
    so that a program reading ``replay --json`` never takes it for an illegal record.
    """
    _note_output_failures()
    try:
        try:
            app()
        except SystemExit as done:
            gone = done.__context__  # Rich and Click end a reader gone with 1 themselves
            if (done.code == 1 and isinstance(gone, OSError) and gone.errno == errno.EPIPE
                    and any(gone is failure for failure in _Stdout.failures)):  # stdout's
                output_to_nowhere()
                raise SystemExit(0) from None  # as a BrokenPipeError ends here (below)
            if sys.stdout is not None:
                sys.stdout.flush()  # what is buffered goes now, where a failure is seen
            raise done
    except OSError as exc:
        if not any(exc is failure for failure in _Stdout.failures):
            report_bug()
        output_to_nowhere()  # Python's own flush on the way out: nowhere to fail
        if isinstance(exc, BrokenPipeError):  # the reader had read all it wanted: done
            sys.exit(0)  # (1 or 0 by whether the output fitted the pipe: a QA pass)
        sys.stderr.write(f"Error: cannot write the output: {exc.strerror or exc}\n")
        sys.exit(1)
    except Exception:  # every other exception is a bug, said as one
        report_bug()


if __name__ == "__main__":  # pragma: no cover
    main()
