"""The commands that play whole games: ``cutthroat watch`` (three bots) and
``cutthroat play`` (you against two bots, in the terminal), which
:mod:`cutthroat.cli` puts on its command line."""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, ClassVar

import typer

from . import record as rec
from .actions import Action, Move
from .bots import (
    Bot,
    BotError,
    BotMoveError,
    choose_explained,
    make_bot,
    play_game,
)
from .cli_io import SET_HELP, Output, Unread, Unreadable, fail, printable, read_input
from .game import Game
from .render import (
    describe_deal,
    describe_hand,
    describe_result,
)
from .rules import PRESETS
from .sim.cli import (
    check_line_up,
    check_new_file,
    file_in_the_way,
    parse_rules,
)
from .sitting import Sitting
from .state import Hand
from .tui import DELAY
from .views import View

__all__ = ["play", "watch"]


def watch(
    seed: Annotated[int, typer.Option(min=0, help="Seed of the game.")] = 0,
    bots: Annotated[str, typer.Option(
        help="Three bots for seats 0, 1, 2 (random, beginner, intermediate, expert, or "
        "your own as module.Class); options after a colon, e.g. expert:bid_samples=80.")]
    = "expert,intermediate,intermediate",
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESETS)}.")] = "standard",
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help=SET_HELP)]
    = None,
    save: Annotated[Path | None, typer.Option(
        help="Also save the game's record here: a new file, its folders made if need "
        "be (as with play, a file that exists is never written over).")] = None,
    explain: Annotated[bool, typer.Option(
        "--explain", help="Show every move as it is made, with the bot's reason (the "
        "expert's analysis, the heuristic bots' rules of thumb).")] = False,
) -> None:
    """Watch three bots play a whole game, hand by hand.

    With --save the record is written as the game goes (at most four times a
    second) and whole however the game ends, so it holds every move made even
    if the output is cut short (piped into head, say: the game is then played
    to its end unseen) or the game is stopped (Ctrl-C).
    """
    rules = parse_rules(preset, set_)
    if save is not None:
        check_new_file(save, "--save")
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
            raise fail(f"cannot save the record to {save}: {exc.strerror or exc}") from None
    out = Output(finish=save is not None)
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

    written_at, unwritten = time.monotonic(), False  # when the record was; moves since

    def keep() -> None:
        """The record written over the file, if a move was made since it last was."""
        nonlocal written_at, unwritten
        if save is not None and unwritten:
            unwritten = False  # tried: a write that fails is said once, not again at the end
            _rewrite(save, game)
            written_at = time.monotonic()

    def tell(hand: Hand, move: Move) -> None:
        # Written again at most every SAVE_EVERY seconds, and whatever ends the game
        # (below): after every move, a game of a thousand hands took minutes, the whole
        # record being written each time.
        nonlocal unwritten
        unwritten = True
        if save is not None and time.monotonic() - written_at >= SAVE_EVERY:
            keep()
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
    except Unread:  # nobody reads the output and nothing is to be saved: stop quietly
        return
    except (BotError, BotMoveError) as exc:  # your own bot, failing: say which, in a line
        failed = fail(str(exc))
        if save is not None:  # written below: the game up to the failure
            keep()
            typer.echo(f"Record saved to {save}", err=True)
        raise failed from None
    finally:  # the game's end, Ctrl-C, a failure: the record holds every move made
        keep()
    hands = f"{len(game.hands)} hand{'s' if len(game.hands) != 1 else ''}"
    if game.is_over:
        winners = " and ".join(game.players[s] for s in game.winners)
        say(f"\nGame over after {hands}: {winners} won.")
    else:  # play_game's guard against endless play (a target of a million, say)
        say(f"\nStopped after {hands} with nobody at the target ({rules.target}) yet.")
    if save is not None:  # written whole at the end (above)
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


SAVE_EVERY = 0.25
"""Seconds between two writes of ``watch --save``'s record while the game goes on."""


def _rewrite(save: Path, game: Game) -> None:
    """Write ``game``'s record over ``save`` (a file this command made), whole or not
    at all (:func:`~cutthroat.record.save`)."""
    try:
        rec.save(save, game)
    except OSError as exc:
        raise fail(f"cannot save the record to {save}: {exc.strerror or exc}") from None


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


def _write_first(save: Path, game: Game, *, named: bool) -> Path:
    """Write a new game's first record to ``save`` (``named``: given with ``--save``,
    else the default), making its folders; a clear one-line error (status 1) when it
    cannot be written. The file written: a default name taken meanwhile (another game
    started in the same second, with the same seed) gives way to the next free one,
    ``-2``, ``-3`` ... (a named file is never written over: the error)."""
    blocked = file_in_the_way(save.parent)
    if blocked is not None:
        hint = "" if named else " (give --save FILE)"
        typer.echo(f"Cannot save the game to {save}: {blocked} is a file, not a folder"
                   f"{hint}.", err=True)
        raise typer.Exit(1)
    first = Sitting(save=save)  # its -2, -3 ... (the seed names no such file)
    try:
        save.parent.mkdir(parents=True, exist_ok=True)
        while True:
            try:
                with save.open("x", encoding="utf-8") as file:  # "x": never over another
                    file.write(rec.dumps(game) + "\n")
                return save
            except FileExistsError:
                if named:
                    raise
                save = first.next_save(0)
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
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help=SET_HELP)]
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
    words: Annotated[bool, typer.Option(
        "--words", help="Say every card in words (the ace of spades, not AS), for a "
        "screen reader; line by line, as with --plain.")] = False,
) -> None:
    """Play a game against two bots in the terminal, with hints; saved as you go.

    On a terminal it opens a full-screen table: keys 1-9 choose, h hint,
    u undo, r rules, q quit. With --plain, or with input from a pipe or a
    file, it is played line by line (type help).

    Once a game is over, n on the table (or y when the line game asks)
    starts another: the same bots and rules, a new seed (S+1 after --seed S)
    and a new record file.
    """
    from .session import command_on, new_seed
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
            game = resumed(read_input(str(resume)), seed)
            yours = human_seat(game) if seat is None else seat
        except Unreadable as exc:
            typer.echo(printable(f"Cannot resume {exc}", sys.stderr), err=True)
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
        if save is None:  # the default name, or its -2, -3 ... when a game of the same
            save = sitting.next_save(seed)  # second and seed has it
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
                           f"(--save FILE) for a new one; to see how it went: "
                           f"{command_on('replay', save)}, or the expert's review: "
                           f"{command_on('review', save)}", err=True)
                raise typer.Exit(1)
            typer.echo(f"{save} already holds a game: go on with it (--resume {save}) or "
                       "choose another file (--save FILE).", err=True)
            raise typer.Exit(1)
        game = Game(parse_rules(preset, set_), seed=seed, players=seat_names(seat))
        save = _write_first(save, game, named=sitting.save is not None)
    banner = [f"Rules: {game.rules.describe()}", introduce(game.players, seat, names),
              f"Every move is saved to {save} (seed {seed})."]
    if not (plain or words) and _on_a_terminal():
        from .tui import INSTALL, available

        if available():
            from .session import Session
            from .tui.app import run_table

            session = Session(game, seat, names, seed=seed, save=save,
                              hint_samples=hint_samples, coach=coach, sitting=sitting)
            run_table(session,
                      intro=[banner[0], banner[1] + " Press r for how to play, h for a hint.",
                             banner[2]], write=typer.echo, delay=delay)
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
    from .spoken import in_words

    typed = _typed_at_a_terminal()  # piped or scripted input: no pace, no question
    table = TerminalGame(game, seat, names, seed=seed, save=save, hint_samples=hint_samples,
                         coach=coach, write=write, sitting=sitting, again=typed,
                         delay=delay if typed else 0.0, words=in_words if words else None)
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

