"""The command line: ``cutthroat play | replay | selfplay | watch | hint | review | rules |
bots`` (and ``serve``, from :mod:`cutthroat.server.command`, ``arena``, from
:mod:`cutthroat.sim.cli`, and ``league``, from :mod:`cutthroat.sim.league_cli`)."""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ClassVar

import typer

from . import record as rec
from .actions import Action, Move
from .bots import (
    Bot,
    BotError,
    BotMoveError,
    RandomBot,
    choose_explained,
    make_bot,
    play_game,
)
from .game import Game
from .render import (
    describe_deal,
    describe_game,
    describe_hand,
    describe_result,
    printable_names,
)
from .rules import PRESETS, Rules
from .sim.cli import (
    check_line_up,
    check_new_file,
    file_in_the_way,
    make_folder,
    parse_rules,
)
from .state import Hand
from .tui import DELAY
from .views import View

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


MAX_RECORD_BYTES = 64 << 20
"""The most a record file may hold, 64 MiB: a game of a thousand hands takes about a
third of a megabyte; more is no record (``/dev/zero`` would be read until the memory
ran out)."""


class Unreadable(Exception):
    """A file that holds no text to read as a record; the reason, with the file's name."""


def _read_input(file: str) -> str:
    """The text of a file, or of standard input for ``-``: UTF-8, strictly, less a
    leading byte-order mark (as Notepad saves). Raises :class:`Unreadable` for a file
    that cannot be read, is not UTF-8 text, or is empty."""
    name = "standard input" if file == "-" else file
    try:
        if file == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:
            with Path(file).open("rb") as stream:
                data = stream.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        raise Unreadable(f"{name}: no such file") from None
    except IsADirectoryError:
        raise Unreadable(f"{name}: it is a folder, not a file") from None
    except PermissionError:
        raise Unreadable(f"{name}: permission denied") from None
    except OSError as exc:
        raise Unreadable(f"{name}: {(exc.strerror or str(exc)).lower()}") from None
    if len(data) > MAX_RECORD_BYTES:  # /dev/zero, or a file that is no record
        raise Unreadable(f"{name}: it is over {MAX_RECORD_BYTES >> 20} MiB, more than "
                         "any game's record")
    try:
        text = rec.decode(data)
    except rec.RecordError:
        raise Unreadable(f"{name}: not a text (JSON) file") from None
    if not text.strip():
        raise Unreadable(f"{name}: the file is empty")
    return text


def _illegal(err: dict[str, Any]) -> str:
    """The line that reports a record read but not legal (or not JSON), as ``replay``
    words it, from the ``error`` of :meth:`~cutthroat.record.RecordError.to_json`."""
    where = ""  # the record as a whole
    if err["hand"] is not None:
        where = f"hand {err['hand']}"
        if err["action"] is not None:
            where += f", action {err['action']} ({_one_line(err['text'])})"
        where += ": "
    return f"Illegal record: {where}{err['reason']}"


def _one_line(text: str) -> str:
    """An action's text as a record has it, or, if it holds a line break, an escape or
    another control character (which would break the line, fake another, or be
    stripped by the terminal), as a JSON string that shows them: ``"x\\n1 play JH"``."""
    return text if text.isprintable() else json.dumps(text, ensure_ascii=False)


def _fail(message: str) -> typer.Exit:
    """Print ``Error: message`` on standard error; the exit (status 1) to raise."""
    typer.echo(f"Error: {_printable(message, sys.stderr)}", err=True)
    return typer.Exit(1)


def _printable(text: str, stream: Any) -> str:
    """``text`` with what ``stream`` cannot encode (a lone surrogate from a record's
    JSON, say) written as a backslash escape; valid text is unchanged."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        try:
            return text.encode(encoding, "backslashreplace").decode(encoding)
        except LookupError:
            return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


@app.command()
def replay(
    file: Annotated[str, typer.Argument(help="A game record (JSON), or - for standard input.")],
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print the result as one JSON object, as docs/record.md describes.")]
    = False,
) -> None:
    """Check a game record against the rules and print what happened.

    Exits 0 for a legal record and 1 for the first illegal thing in it.
    """
    try:
        text = _read_input(file)
    except Unreadable as exc:
        error = rec.RecordError(f"cannot read {exc}")
        if not as_json:  # not a record at all: no "Illegal record"
            raise _fail(f"cannot read the record {exc}") from None
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
        typer.echo(_printable(describe_game(game), sys.stdout))
        nxt = obj["next"]
        if nxt is not None:
            typer.echo(f"Next: seat {nxt['seat']} may " + ", ".join(nxt["legal"][:12])
                       + (" ..." if len(nxt["legal"]) > 12 else ""))
    else:
        typer.echo(_printable(_illegal(obj["error"]), sys.stderr), err=True)
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
        "--set", help="Override a rules field, e.g. --set deck=25 (repeatable).")] = None,
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
    out_lines = _Output(finish=True)  # a reader gone: the records are written all the same
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
            raise _fail(f"cannot write {path}: {exc.strerror or exc}") from None
        if unwritten is None:
            try:
                out_lines.echo(f"{path}: {len(game.hands)} hands, scores {list(game.scores)}")
            except OSError as exc:
                unwritten = exc
                _output_to_nowhere()
    if unwritten is not None:
        written = "the record is" if games == 1 else f"all {games} records are"
        raise _fail(f"cannot write the output: {unwritten.strerror or unwritten} "
                    f"({written} written in {out})")


def _output_to_nowhere() -> None:
    """Send what is still to be written on standard output to the null device: it could
    not be written (a reader gone, a full disk), and Python flushes it on the way out."""
    with contextlib.suppress(OSError, ValueError):  # captured in-process: no file
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


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


@app.command()
def watch(
    seed: Annotated[int, typer.Option(min=0, help="Seed of the game.")] = 0,
    bots: Annotated[str, typer.Option(
        help="Three bots for seats 0, 1, 2 (random, beginner, intermediate, expert, or "
        "your own as module.Class); options after a colon, e.g. expert:bid_samples=80.")]
    = "expert,intermediate,intermediate",
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESETS)}.")] = "standard",
    set_: Annotated[list[str] | None, typer.Option("--set", help="Override a rules field.")]
    = None,
    save: Annotated[Path | None, typer.Option(
        help="Also save the game's record here: a new file, its folders made if need "
        "be (as with play, a file that exists is never written over).")] = None,
    explain: Annotated[bool, typer.Option(
        "--explain", help="Show every move as it is made, with the bot's reason (the "
        "expert's analysis, the heuristic bots' rules of thumb).")] = False,
) -> None:
    """Watch three bots play a whole game, hand by hand.

    With --save the record is written as the game goes, so it holds every
    move made even if the output is cut short (piped into head, say: the
    game is then played to its end unseen) or the game is stopped.
    """
    rules = parse_rules(preset, set_)
    if save is not None:
        check_new_file(save, "--save", make_folders=True)
    names = check_line_up(bots, 3, "expert,intermediate,beginner")
    players = [make_bot(name, seed * 3 + s) for s, name in enumerate(names)]
    seats = ("West", "North", "East")
    game = Game(rules, seed=seed, players=[f"{seats[s]} ({names[s]})" for s in range(3)])
    if save is not None:
        try:
            save.parent.mkdir(parents=True, exist_ok=True)
            with save.open("x", encoding="utf-8") as file:  # "x": never over another
                file.write(rec.dumps(game) + "\n")
        except OSError as exc:
            raise _fail(f"cannot save the record to {save}: {exc.strerror or exc}") from None
    out = _Output(finish=save is not None)
    say = out.echo

    def show(hand: Hand) -> None:
        if explain:  # the moves were told as they came: the result
            assert hand.result is not None
            say("  " + describe_result(hand.result, game.players))
        else:
            say("")
            for line in describe_hand(hand, game.players, len(game.hands)):
                say(line)
        say("  score: " + ", ".join(f"{game.players[s]} {game.scores[s]}" for s in range(3)))

    def tell(hand: Hand, move: Move) -> None:
        if save is not None:
            _rewrite(save, game)
        if not explain:
            return
        if len(hand.moves) == 1:  # a new hand: its deal first
            say(f"\nHand {len(game.hands)}: {game.players[hand.dealer]} deals; "
                f"up-card {hand.dealt.upcard}")
            for line in describe_deal(hand.dealt, game.players):
                say(line)
        said = _with_reason(str(move.action), told[move.seat].reason)
        say(f"  {game.players[move.seat]}: {said}")

    told = [_Explained(bot) for bot in players]
    try:
        say(f"Rules: {rules.describe()}")
        play_game(game, told if explain else players, on_move=tell, on_hand=show)
    except _Unread:  # nobody reads the output and nothing is to be saved: stop quietly
        return
    except (BotError, BotMoveError) as exc:  # your own bot, failing: say which, in a line
        failed = _fail(str(exc))
        if save is not None:  # rewritten after every move: the game up to the failure
            typer.echo(f"Record saved to {save}", err=True)
        raise failed from None
    hands = f"{len(game.hands)} hand{'s' if len(game.hands) != 1 else ''}"
    if game.is_over:
        winners = " and ".join(game.players[s] for s in game.winners)
        say(f"\nGame over after {hands}: {winners} won.")
    else:  # play_game's guard against endless play (a target of a million, say)
        say(f"\nStopped after {hands} with nobody at the target ({rules.target}) yet.")
    if save is not None:  # rewritten after every move, the last one too
        say(f"Record saved to {save}")


def _with_reason(action: str, reason: str | None) -> str:
    """A move with its bot's reason, the move said once: ``order - ...``, but a reason
    that starts with the move itself is enough alone.

    >>> _with_reason("pass", "never defend alone")
    'pass - never defend alone'
    >>> _with_reason("play QH", "play QH: the only legal card")
    'play QH: the only legal card'
    >>> _with_reason("order", "order hearts: about 4.6 tricks expected")
    'order hearts: about 4.6 tricks expected'
    """
    if not reason:
        return action
    if reason.split(":")[0].split()[:len(action.split())] == action.split():
        return reason
    return f"{action} - {reason}"


def _rewrite(save: Path, game: Game) -> None:
    """Write ``game``'s record over ``save`` (a file this command made), whole or not
    at all (:func:`~cutthroat.record.save`)."""
    try:
        rec.save(save, game)
    except OSError as exc:
        raise _fail(f"cannot save the record to {save}: {exc.strerror or exc}") from None


class _Unread(Exception):
    """The output is read no more (a closed pipe) and nothing else is to be done."""


class _Output:
    """Standard output that may be closed under it (``| head``): once it is, nothing
    more is written, and with ``finish`` the work goes on unseen (a record still to be
    saved); without it :class:`_Unread` is raised to stop."""

    def __init__(self, *, finish: bool) -> None:
        self.finish = finish
        self.closed = False

    def echo(self, text: str) -> None:
        """Write a line, unless the reader has gone."""
        if self.closed:
            return
        try:
            typer.echo(text)
        except BrokenPipeError:
            self.closed = True
            # Python flushes standard output on the way out: let that write go nowhere.
            with contextlib.suppress(OSError, ValueError):  # captured in-process: no file
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            if not self.finish:
                raise _Unread from None


class _Explained:
    """A bot that keeps the reason for its last choice (``watch --explain``)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.reason: str | None = None

    def choose(self, view: View) -> Action:
        """The bot's choice; its reason is kept in :attr:`reason`."""
        action, self.reason = choose_explained(self.bot, view)
        return action


def _seconds(text: str | float) -> float:
    """``--delay``: a number of seconds, 0 or more (``nan``, ``inf`` and a negative
    number are refused, in the same words whatever Typer's version)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value >= 0):
        raise typer.BadParameter(f"{text!s} is not a number of seconds: give one, 0 or more")
    return value


def _game_in(path: Path) -> Game | None:
    """The game recorded in the file ``path`` (one ``--resume`` takes), or ``None``
    when it holds no game record."""
    try:
        if not path.is_file():
            return None
        return rec.replay(path)  # read as replay reads a file (a byte-order mark too)
    except (OSError, rec.RecordError, ValueError):
        return None


def _write_first(save: Path, game: Game, *, named: bool) -> None:
    """Write a new game's first record to ``save`` (``named``: given with ``--save``,
    else the default), making its folders; a clear one-line error (status 1) when it
    cannot be written."""
    blocked = file_in_the_way(save.parent)
    if blocked is not None:
        hint = "" if named else " (give --save FILE)"
        typer.echo(f"Cannot save the game to {save}: {blocked} is a file, not a folder"
                   f"{hint}.", err=True)
        raise typer.Exit(1)
    try:
        save.parent.mkdir(parents=True, exist_ok=True)
        with save.open("x", encoding="utf-8") as file:  # "x": never over another
            file.write(rec.dumps(game) + "\n")
    except OSError as exc:
        typer.echo(f"Cannot save the game to {save}: {exc.strerror or exc}.", err=True)
        raise typer.Exit(1) from None


def _check_resumed_seat(game: Game, seat: int, resume: Path) -> None:
    """Refuse ``--seat`` naming another seat than the one the record calls ``You``
    (a bot would play on under the player's name)."""
    yours = [s for s, name in enumerate(game.players) if name == "You"]
    if not yours or seat in yours:
        return
    if len(yours) == 1:
        said = (f"this game's player is seat {yours[0]} (called You in {resume}), not seat "
                f"{seat}; leave out --seat to go on with it")
    else:
        said = (f"this game's players called You are seats "
                f"{' and '.join(str(s) for s in yours)}, not seat {seat}: give one of them")
    raise typer.BadParameter(said, param_hint="--seat")


@app.command()
def play(
    seat: Annotated[int | None, typer.Option(
        min=0, max=2, help="Your seat, 0-2 (default 0; on --resume, the seat called You).")]
    = None,
    bots: Annotated[str, typer.Option(
        help="The bots on your left and right, e.g. expert,expert or intermediate,beginner "
        "(options after a colon; your own bot as module.Class).")] = "expert,expert",
    seed: Annotated[int | None, typer.Option(
        min=0,
        help="Seed of the deals and the bots (default: a new one each game; with a seed, "
        "each next game of the sitting takes the next one).")] = None,
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESETS)}.")] = "standard",
    set_: Annotated[list[str] | None, typer.Option("--set", help="Override a rules field.")]
    = None,
    save: Annotated[Path | None, typer.Option(
        help="The game's record, written after every move: a new file (default: one "
        "in ./cutthroat-games named for the time).")] = None,
    resume: Annotated[Path | None, typer.Option(
        help="Go on with a saved game (its record); it is saved back there.")] = None,
    hint_samples: Annotated[int | None, typer.Option(
        min=1, help="Deals sampled per option for a hint (default: the expert's).")] = None,
    coach: Annotated[bool, typer.Option(
        "--coach", help="After each of your moves, say when the expert would clearly have chosen "
        "otherwise, and why.")] = False,
    plain: Annotated[bool, typer.Option(
        "--plain", help="Play line by line (type your moves) instead of on the full-screen table.")]
    = False,
    delay: Annotated[float, typer.Option(
        parser=_seconds, metavar="SECONDS",
        help="Seconds a bot's move takes at the least, so you can follow the bots (0: at "
        "once). Line by line, only while you type at a terminal.")] = DELAY,
) -> None:
    """Play a game against two bots in the terminal, with hints; saved as you go.

    On a terminal it opens a full-screen table: keys 1-9 choose, h hint,
    u undo, r rules, q quit. With --plain, or with input from a pipe or a
    file, it is played line by line (type help).

    Once a game is over, n on the table (or y when the line game asks)
    starts another: the same bots and rules, a new seed (S+1 after --seed S)
    and a new record file.
    """
    from .session import Sitting, default_save, new_seed
    from .terminal import TerminalGame, human_seat, introduce, resumed, seat_names

    sitting = Sitting(seeded=seed is not None, save=save if resume is None else resume)
    if seed is None:
        seed = new_seed()

    names = check_line_up(bots, 2, "expert,intermediate")
    if resume is not None:
        if preset != "standard" or set_:
            raise typer.BadParameter("a resumed game keeps the rules of its record",
                                     param_hint="--preset" if preset != "standard" else "--set")
        if save is not None:
            raise typer.BadParameter(f"a resumed game is saved back to its record, {resume}",
                                     param_hint="--save")
        try:
            game = resumed(_read_input(str(resume)), seed)
            yours = human_seat(game) if seat is None else seat
        except Unreadable as exc:
            typer.echo(_printable(f"Cannot resume {exc}", sys.stderr), err=True)
            raise typer.Exit(1) from None
        except (rec.RecordError, ValueError) as exc:
            typer.echo(f"Cannot resume {resume}: {exc}", err=True)
            raise typer.Exit(1) from None
        _check_resumed_seat(game, yours, resume)
        seat, save = yours, resume
        if game.is_over:
            from .session import Session

            typer.echo(f"The game in {resume} is over: there is nothing left to play.")
            for line in Session(game, seat, names, save=save).game_over_lines():
                typer.echo(line)
            return
    else:
        seat = 0 if seat is None else seat
        if save is None:
            save = default_save(seed)
        if save.is_dir():
            raise typer.BadParameter(f"{save} is a folder: give a file in it",
                                     param_hint="--save")
        if save.exists() or save.is_symlink():
            held = _game_in(save)
            if held is None:
                raise typer.BadParameter(f"{save} exists and is not a game record: choose "
                                         "another file", param_hint="--save")
            if held.is_over:  # nothing to go on with: say what can be done with it
                typer.echo(f"{save} already holds a finished game: choose another file "
                           f"(--save FILE) for a new one; to see how it went: cutthroat "
                           f"replay {save}, or the expert's review: cutthroat review {save}",
                           err=True)
                raise typer.Exit(1)
            typer.echo(f"{save} already holds a game: go on with it (--resume {save}) or "
                       "choose another file (--save FILE).", err=True)
            raise typer.Exit(1)
        game = Game(parse_rules(preset, set_), seed=seed, players=seat_names(seat))
        _write_first(save, game, named=sitting.save is not None)
    banner = [f"Rules: {game.rules.describe()}", introduce(game.players, seat, names),
              f"Every move is saved to {save} (seed {seed})."]
    if not plain and _on_a_terminal():
        from .tui import INSTALL, available

        if available():
            from .session import Session
            from .tui.app import run_table

            session = Session(game, seat, names, seed=seed, save=save,
                              hint_samples=hint_samples, coach=coach, sitting=sitting)
            run_table(session,
                      intro=[banner[0], banner[1] + " Press r for how to play, h for a hint.",
                             banner[2]], write=typer.echo, delay=delay)
            if session.unsaved is not None:  # not on disk: anywhere it can be, as a last try
                warning = session.save_record(last=True)
                if warning is not None:
                    typer.echo(warning)
            if session.unsaved is not None or session.bot_failure is not None:
                raise typer.Exit(1)  # saved nowhere, or a bot failed: said above
            return
        typer.echo(f"The full-screen table needs Textual ({INSTALL}); playing line by line.")
    typer.echo(banner[0])
    typer.echo(f"{banner[1]} Type help for the moves, rules for how to play.")
    typer.echo(banner[2])
    write: Callable[[str], None] = typer.echo
    if sys.stdin.isatty():  # pragma: no cover - line editing for a person at a terminal
        import readline  # noqa: F401
    if sys.stdout.isatty():  # pragma: no cover - colours only for a person to read
        write = _coloured_writer()
    typed = _typed_at_a_terminal()  # piped or scripted input: no pace, no question
    table = TerminalGame(game, seat, names, seed=seed, save=save, hint_samples=hint_samples,
                         coach=coach, write=write, sitting=sitting, again=typed,
                         delay=delay if typed else 0.0)
    table.play()
    if table.unsaved is not None or table.bot_failure is not None:
        raise typer.Exit(1)  # the last moves saved nowhere, or a bot failed: said above


def _on_a_terminal() -> bool:
    """Whether a person plays at a terminal: standard input and output are both one."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _typed_at_a_terminal() -> bool:
    """Whether the line game's input is typed by a person at a terminal (not a pipe or
    a file): then bots are paced and another game is offered at the end."""
    return sys.stdin.isatty()


def _coloured_writer(*, force: bool = False) -> Callable[[str], None]:
    """Lines for a terminal: red and black cards, the coach and refusals set apart
    (``force``: colour even where standard output is not a terminal)."""
    from rich.console import Console
    from rich.highlighter import RegexHighlighter
    from rich.theme import Theme

    class Cards(RegexHighlighter):
        base_style = "card."
        highlights: ClassVar[list[str]] = [
            r"(?P<red>\b[2-9TJQKA][DH]\b)", r"(?P<black>\b[2-9TJQKA][CS]\b)",
            r"(?P<joker>\bJO\b)", r"(?P<coach>^  Coach:)", r"(?P<refused>^Not possible:)",
            r"(?P<hand>^Hand \d+.*$)"]

    console = Console(highlighter=Cards(), force_terminal=force or None, theme=Theme({
        "card.red": "bold red", "card.black": "bold", "card.joker": "bold magenta",
        "card.coach": "bold yellow", "card.refused": "bold red", "card.hand": "bold underline"}))

    def write(line: str) -> None:
        console.print(line, markup=False, emoji=False, soft_wrap=True)

    return write


def _game_of(file: str, unreadable: str, as_json: bool) -> Game:
    """The game a record ``file`` (or ``-``) holds, for ``hint`` and ``review``: a file
    that cannot be read (said after ``unreadable``) or an illegal record is one line on
    standard error and status 1 (with ``as_json``, also replay's JSON error on
    standard output)."""
    try:
        return rec.replay(_read_input(file))
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
    typer.echo(_printable(message, sys.stderr), err=True)
    if as_json:
        if error is None:
            error = {"error": {"hand": None, "action": None, "reason": message}}
        sys.stdout.write(json.dumps(error) + "\n")
    return typer.Exit(1)


@app.command()
def hint(
    file: Annotated[str, typer.Argument(help="A record of a game in progress, or - for stdin.")],
    seed: Annotated[int | None, typer.Option(
        min=0,
        help="Seed of the expert's sampling (default: from what the seat sees, as the "
             "hints in the terminal and browser games).")] = None,
    samples: Annotated[int | None, typer.Option(
        min=1, help="Deals sampled per option (default: the expert's own).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON "
        "(an error too, as replay --json gives one).")] = False,
) -> None:
    """The expert's choice for the seat to act, each option's value, and why."""
    from .bots.hints import earlier_views, hint_json, hint_lines
    from .bots.hints import hint as advise

    game = _game_of(file, "Error: cannot read the record", as_json)
    hand = game.hand
    if hand is None or hand.is_over or hand.to_act is None:
        why = ("the game is over" if game.is_over else "it has no hand yet" if hand is None
               else "its last hand is over, and the next one is not dealt yet")
        raise _refuse(f"Nobody is to act in this record: {why}. A hint needs a game in "
                      "progress, with a move to make.", as_json)
    seat = hand.to_act
    analysis = advise(game.view(seat), seed=seed, samples=samples,
                      earlier=earlier_views(game, seat))
    if as_json:
        sys.stdout.write(json.dumps(hint_json(analysis)) + "\n")
        return
    for line in hint_lines(analysis, printable_names(game.players)):
        typer.echo(line)


@app.command()
def review(
    file: Annotated[str, typer.Argument(help="A game record (finished or not), or - for stdin.")],
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
        "much more chance to win, as a fraction: 0.02 is 2 points of percentage.")] = 0.02,
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
    set_: Annotated[list[str] | None, typer.Option("--set", help="Override a rules field.")]
    = None,
) -> None:
    """How to play, in short, for a preset's rules (in full: docs/rules.md)."""
    from .howto import how_to_play_text

    typer.echo(how_to_play_text(parse_rules(preset, set_)))


@app.command()
def bots(
    name: Annotated[str | None, typer.Argument(
        help="A bot's name, or your own as module.Class, to list its options (all bots "
             "when left out).")] = None,
) -> None:
    """The bots, weakest first, and the options each takes (for --bots specs)."""
    import textwrap

    from .bots.catalog import describe_bot, describe_bots
    from .bots.registry import BotSpecError, BotUnavailableError, UnknownBotError, format_value

    if name is None:
        typer.echo("The bots, weakest first (their measured ladder: docs/bots.md):")
        for info in describe_bots():
            if info.unavailable:
                typer.echo(f"  {info.name:<13} {info.unavailable}")
                continue
            typer.echo(f"  {info.name:<13} {info.summary}")
            if info.options:
                count = len(info.options)
                typer.echo(f"  {'':<13} {count} option{'s' if count > 1 else ''}: "
                           f"cutthroat bots {info.name}")
        typer.echo("Choose them with --bots in `cutthroat play`, `cutthroat watch`, "
                   "`cutthroat arena` and `cutthroat league`, "
                   "options after a colon: expert:bid_samples=80")
        return
    try:
        info = describe_bot(name)
    except (UnknownBotError, BotUnavailableError, BotSpecError) as exc:
        raise typer.BadParameter(str(exc), param_hint="NAME") from None
    typer.echo(f"{info.name}: {info.summary}")
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
    quietly, as Click does; every other error is left as it is.
    """
    _note_output_failures()
    try:
        try:
            app()
        except SystemExit:
            if sys.stdout is not None:
                sys.stdout.flush()  # what is buffered goes now, where a failure is seen
            raise
    except OSError as exc:
        if not any(exc is failure for failure in _Stdout.failures):
            raise
        _output_to_nowhere()  # Python's own flush on the way out: nowhere to fail
        if not isinstance(exc, BrokenPipeError):
            sys.stderr.write(f"Error: cannot write the output: {exc.strerror or exc}\n")
        sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
