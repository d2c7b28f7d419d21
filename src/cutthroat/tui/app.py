"""The full-screen table: :class:`TableApp`, what ``cutthroat play`` opens on a terminal.

The game is a :class:`~cutthroat.session.Session`, the line game's: the same bots,
record (rewritten after every move), undo, hint and coach, and the same sentences in
the log. The bots and the expert think in a worker thread, on a copy of what their
seat sees, so the screen never freezes; their moves are made on the app's own thread,
paced by ``delay`` so a person can follow them. The player sees only their seat's
view (R14); a hand's deal is shown once the hand is over, as the line game shows it.
Once the game is over, ``n`` starts the next at the same table
(:meth:`Session.next_game <cutthroat.session.Session.next_game>`).
"""

from __future__ import annotations

import math
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from . import INSTALL

try:
    from rich.text import Text
    from textual import events
    from textual.app import App, ComposeResult
    from textual.binding import Binding, BindingType
    from textual.widgets import Button, Footer
    from textual.worker import Worker, WorkerState, get_current_worker
except ModuleNotFoundError as exc:  # pragma: no cover - installed by make test
    raise ModuleNotFoundError(f"{exc.msg}: the full-screen table needs Textual, {INSTALL}",
                              name=exc.name) from None

from ..actions import Action
from ..bots.base import BotError, BotMoveError, push_bot_move
from ..bots.hints import hint_lines
from ..cards import Card, sort_cards
from ..errors import CutthroatError, to_player
from ..howto import how_to_play_text, stakes_in
from ..session import NOTHING_TO_UNDO, Session, numbers_to_choose, stopped_by
from ..state import Phase
from ..views import View
from . import DELAY
from .screens import TextPage
from .table import Stage, Table
from .text import hint_page
from .widgets import CardButton, GameLog, MoveButton, StatusLine

__all__ = ["DELAY", "NEW_GAME", "Stage", "TableApp", "run_table"]

NEW_GAME = "Press n for a new game (the same bots and rules), q to quit."
"""What the log says once the game is over."""

_MOVE_ACTIONS = {"choose", "confirm", "hint", "undo"}
"""The app's actions for a move, none of which does anything once the game is over."""

_TURN_ACTIONS = {"hint", "undo"}
"""The actions for a turn of one's own in a hand, which do nothing once the hand is over."""

_TABLE_ACTIONS = {*_MOVE_ACTIONS, "next_hand", "keep_five", "rules", "new_game"}
"""The table's actions, none of which is offered over a page (a hint, the rules). Not
its quit: over a page q closes the page (the page's own key, which its footer shows),
and Ctrl-C quits there too."""

_OVER = (Stage.HAND_OVER, Stage.GAME_OVER)
"""The stages where a hand is over: its cards are shown and nobody is to move in it."""


@dataclass(frozen=True, slots=True)
class _BotMove:
    turn: int
    seat: int
    action: Action | str | int  # as the bot gave it: checked when it is made


@dataclass(frozen=True, slots=True)
class _Coached:
    turn: int
    before: View
    advice: list[str]


@dataclass(frozen=True, slots=True)
class _Hinted:
    turn: int
    lines: list[str]
    best: str


class TableApp(App[bool]):
    """One player against two bots on a full-screen table.

    Args:
        session: the game, its bots and its record.
        intro: lines the log opens with (the rules, who sits where, the save file).
        delay: seconds a bot's move takes at the least (0 in tests).

    The app's return value is whether the game is over (the last one, when ``n`` started
    others).
    """

    TITLE = "cutthroat euchre"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        # Once a hand is over the footer says "Enter Next hand", not "1-9 Choose" (only
        # 1 and Enter then do something; Textual shows one description per binding)
        Binding("enter", "next_hand", "Next hand", key_display="Enter"),
        Binding("enter", "keep_five", "Keep", key_display="Enter"),
        Binding("1", "choose(1)", "Choose", key_display="1-9"),
        *(Binding(str(n % 10), f"choose({n})", show=False) for n in range(2, 11)),
        Binding("enter", "confirm", "Next", show=False),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("r", "rules", "Rules & choices"),  # and what the choice now leads to
        Binding("question_mark", "rules", show=False),
        Binding("n", "new_game", "New game"),
        Binding("q", "quit_game", "Quit (saved)"),
        # the same letters with Caps Lock on (or Shift), not silently ignored
        *(Binding(key.upper(), action, show=False) for key, action in (
            ("h", "hint"), ("u", "undo"), ("r", "rules"), ("n", "new_game"),
            ("q", "quit_game"))),
        # Ctrl-C quits as it does line by line (Textual would only say to press Ctrl+Q)
        Binding("ctrl+c", "quit_game", show=False, priority=True),
    ]

    def __init__(self, session: Session, *, intro: Sequence[str] = (),
                 delay: float = DELAY) -> None:
        super().__init__()
        self.session = session
        """The game played."""
        self.intro = list(intro)
        """The lines the log opens with."""
        self.delay = delay
        """Seconds a bot's move takes at the least."""
        self.dealt_at = -math.inf
        """When the player's key dealt the hand in play (``time.monotonic()``): the same
        key again within :attr:`delay` is a double press, no move (:meth:`_just_dealt`)."""
        self.stage = Stage.BOTS
        """What the table waits for now."""
        self.turn = 0
        """Counts the changes to the game: a worker's answer for an older one is dropped."""
        self.choices: list[str] = []
        """The legal moves of the moment, as numbered on the screen (1 first)."""
        self.keep: list[Card] = []
        """The cards chosen so far for a keep of five (R12)."""
        self.best: str | None = None
        """The hint's choice at this decision, marked on its button."""
        self.hinting = False
        """Whether the expert is working out a hint."""
        self.hint_turn = -1
        """The turn of the hint being worked out (an earlier one once a move is made)."""
        self.log_lines: list[str] = []
        """Every line the log has told, as plain text."""
        self.failure: str | None = None
        """Why the game stopped, if a bot failed (your own bot: docs/bots.md)."""
        self.finished: list[str] = []
        """The results of the games over before this one (``n``), as
        :meth:`~cutthroat.session.Session.game_over_lines` says them."""

    # --- the screen ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The table, and the keys along the bottom."""
        yield Table()
        yield Footer()

    def on_mount(self) -> None:
        """Open the log, then deal, or go on with a resumed hand."""
        for line in self.intro:
            self.say(line)
        game = self.session.game
        if game.needs_deal:
            self._deal()
            return
        if game.hand is not None and not game.hand.is_over:
            self.say(f"Hand {len(game.hands)}, resumed", "bold")
            for line in self.session.trick_lines():  # what the table no longer shows
                self.say(line)
        self._advance()

    def on_resize(self) -> None:
        """The terminal resized: the rows of cards and moves drawn anew to fit it (once
        the app has its new size)."""
        if self.session.game.hand is not None and self.query(Table):
            self.call_after_refresh(self._draw)

    @property
    def busy(self) -> bool:
        """Whether a bot, the coach or the expert is thinking."""
        return self.hinting or self.stage in (Stage.BOTS, Stage.COACH)

    def say(self, line: str, style: str = "") -> None:
        """Add a line to the log."""
        self.log_lines.append(line)
        self.query_one(GameLog).say(line, style)

    def refuse(self, reason: str) -> None:
        """Say why a key or a click did nothing; the game is unchanged."""
        self.query_one(StatusLine).say(f"Not possible: {reason}.", refused=True)
        self.bell()

    def _draw(self) -> None:
        self.choices = self.query_one(Table).draw(self.session, self.stage, keep=self.keep,
                                                  best=self.best,
                                                  hinting=self.hinting
                                                  and self.hint_turn == self.turn)

    # --- the game going on -----------------------------------------------------------

    def _advance(self) -> None:
        """Show the table and wait for what comes next: the player, a bot, a new hand."""
        game = self.session.game
        hand = game.hand
        assert hand is not None
        seat = hand.to_act  # None once the hand is over
        if game.is_over:
            self.stage = Stage.GAME_OVER
            self.say("")
            for line in self.session.game_over_lines():
                self.say(line, "bold")
            self.say(NEW_GAME, "bold")
        elif seat is None:
            self.stage = Stage.HAND_OVER
        elif seat == self.session.seat:
            self.stage = Stage.YOUR_MOVE
        else:
            self.stage = Stage.BOTS
            view = game.view(seat)  # what the bot's seat sees, and no more
            self.run_worker(partial(self._think, view, self.turn), thread=True,
                            group="bot", exit_on_error=False)
        self._draw()
        self.refresh_bindings()  # n, for a new game, is in the footer once it is over

    def _deal(self) -> None:
        game = self.session.game
        game.deal()
        self._changed()
        self.say("")
        self.say(f"Hand {len(game.hands)}", "bold")
        self._advance()

    def _changed(self) -> None:
        """After every change to the game: a new turn, the record written at once."""
        self.turn += 1
        self.keep = []
        self.best = None
        warning = self.session.save_record()
        if warning is not None:
            self.say(warning, "bold red")

    def _tell(self, before: View, advice: Sequence[str] = ()) -> None:
        for line in self.session.news(before, advice):
            self.say(line, "bold yellow" if line.startswith("  Coach:") else "")
        self._advance()

    def play(self, text: str) -> None:
        """Make the player's move ``text`` (as the game writes it), or say why not."""
        if self.stage is not Stage.YOUR_MOVE:
            self.refuse(self._waiting())
            return
        session = self.session
        before = session.view()
        try:
            move = session.game.push(Action.parse(text), session.seat)
        except CutthroatError as exc:
            self.refuse(to_player(str(exc), session.seat))
            return
        self._changed()
        if not session.coach:
            self._tell(before)
            return
        self.stage = Stage.COACH
        self._draw()
        self.run_worker(partial(self._coach, before, move.action, self.turn), thread=True,
                        group="coach")

    def _waiting(self) -> str:
        if self.stage is Stage.HAND_OVER:
            return "the hand is over: press 1 or Enter for the next one"
        if self.stage is Stage.GAME_OVER:
            return "the game is over: press n for a new game, q to quit"
        return "wait for your turn"

    # --- the threads -----------------------------------------------------------------

    def _think(self, view: View, turn: int) -> _BotMove:
        until = time.monotonic() + self.delay
        action = self.session.bot_choice(view)
        worker = get_current_worker()
        while time.monotonic() < until and not worker.is_cancelled:  # quit: no waiting
            time.sleep(max(0.0, min(0.05, until - time.monotonic())))
        return _BotMove(turn, view.seat, action)

    def _coach(self, before: View, chosen: Action, turn: int) -> _Coached:
        return _Coached(turn, before, self.session.coaching(before, chosen))

    def _advise(self, view: View, turn: int) -> _Hinted:
        analysis = self.session.analyse(view)
        lines = hint_lines(analysis, self.session.names, view)  # as the buttons say them
        return _Hinted(turn, lines, str(analysis.best))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A bot, the coach or the expert has answered: go on, unless the game has
        changed since it was asked (an answer for an older position is dropped)."""
        if event.state is WorkerState.ERROR and isinstance(event.worker.error, BotError):
            self._stop_for(event.worker.error)  # a bot failed while choosing
            return
        if event.state is not WorkerState.SUCCESS:
            return
        done = event.worker.result
        if isinstance(done, _Hinted):
            self.hinting = False
        if getattr(done, "turn", None) != self.turn:
            self._draw()  # a hint for a move made meanwhile: no longer "looking"
            return
        if isinstance(done, _BotMove):
            before = self.session.view()
            hand = self.session.game.hand
            assert hand is not None
            try:
                push_bot_move(hand, self.session.bots[done.seat], done.seat, done.action)
            except BotMoveError as exc:  # nothing was applied
                self._stop_for(exc)
                return
            self._changed()
            self._tell(before)
        elif isinstance(done, _Coached):
            self._tell(done.before, done.advice)
        elif isinstance(done, _Hinted):
            self.best = done.best
            self.say(done.lines[1], "italic")
            self._draw()
            self.push_screen(TextPage("Hint", hint_page(done.lines)))

    def _stop_for(self, error: Exception) -> None:
        """A bot failed or chose a move the rules refuse: the game cannot go on. The
        table closes (the record holds every move made) and says which bot, and why."""
        self.failure = stopped_by(error)
        self.exit(False)

    # --- keys and clicks -------------------------------------------------------------

    def _just_dealt(self) -> bool:
        """Whether a key comes within :attr:`delay` seconds of the player's key that dealt
        this hand: a double press of 1 (or Enter) at a hand's end, which would otherwise
        make a move the player has not seen. It is said, and nothing is done."""
        if time.monotonic() - self.dealt_at >= self.delay:
            return False
        self.refuse("a new hand has just been dealt: look at your cards, then choose")
        return True

    def action_choose(self, number: int) -> None:
        """Key ``number`` (0 is 10): that move, a card for a keep, or the next hand."""
        if self.stage is Stage.HAND_OVER and number == 1:
            self.action_confirm()
        elif self.stage is Stage.YOUR_MOVE and self._just_dealt():
            return
        elif self.stage is not Stage.YOUR_MOVE:
            self.refuse(self._waiting())
        elif self.session.view().phase is Phase.KEEP:
            shown = sort_cards(self.session.view().cards, self.session.view().trump)
            if number <= len(shown):
                self._toggle(shown[number - 1])
            else:
                self.refuse("choose one of your cards")
        elif not 1 <= number <= len(self.choices):
            self.refuse(numbers_to_choose(len(self.choices)))
        else:
            self.play(self.choices[number - 1])

    def action_keep_five(self) -> None:
        """Enter at a keep: the five cards chosen are kept (the footer's "Enter Keep")."""
        self.action_confirm()

    def action_next_hand(self) -> None:
        """Enter once a hand is over: the next hand (the footer's "Enter Next hand")."""
        self.action_confirm()

    def action_confirm(self) -> None:
        """Enter: the next hand, or the keep of the five cards chosen."""
        if self.stage is Stage.HAND_OVER:
            self.dealt_at = time.monotonic()
            self._deal()
        elif self.stage is Stage.YOUR_MOVE and self._just_dealt():
            return
        elif self.stage is Stage.YOUR_MOVE and self.session.view().phase is Phase.KEEP:
            if len(self.keep) != 5:
                self.refuse(f"choose five cards to keep ({len(self.keep)} chosen)")
            else:
                self.play("keep " + " ".join(str(c) for c in self.keep))
        elif self.stage is Stage.YOUR_MOVE:  # Enter alone was silent here (a QA pass)
            self.refuse(f"Enter makes no move here: {numbers_to_choose(len(self.choices))}")
        else:
            self.refuse(self._waiting())

    def _toggle(self, card: Card) -> None:
        if card in self.keep:
            self.keep.remove(card)
        elif len(self.keep) == 5:
            self.refuse("five cards are chosen: press the number of one (or click it) "
                        "to put it back first")
            return
        else:
            self.keep.append(card)
        self._draw()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A card or a move clicked."""
        button = event.button
        if isinstance(button, MoveButton):
            if self.stage is Stage.YOUR_MOVE and self.session.view().phase is Phase.KEEP:
                self.action_confirm()
            else:
                self.action_choose(button.number)
        elif isinstance(button, CardButton) and button.card is not None:
            self.card(button.card)

    def card(self, card: Card) -> None:
        """The player's card ``card`` clicked: played, discarded or chosen for a keep;
        a card that cannot be played now is refused with the reason (R15, R16)."""
        if self.stage is not Stage.YOUR_MOVE:
            self.refuse(self._waiting())
            return
        view = self.session.view()
        if view.phase is Phase.KEEP:
            self._toggle(card)
            return
        verb = "discard" if view.phase is Phase.DISCARD else "play"
        self.play(f"{verb} {card}")

    def action_hint(self) -> None:
        """The expert's choice here, every option's chance to win, and why."""
        if self.stage is not Stage.YOUR_MOVE:
            self.refuse("a hint is for your own move: " + self._waiting())
            return
        if self.hinting:  # one at a time: for this move it is coming; else say so
            if self.hint_turn != self.turn:
                self.refuse("the expert is still finishing a hint for an earlier move: "
                            "ask again in a moment")
            return
        self.hinting = True
        self.hint_turn = self.turn
        self._draw()
        self.run_worker(partial(self._advise, self.session.view(), self.turn), thread=True,
                        group="hint")

    def action_undo(self) -> None:
        """Take back the player's last move of this hand, with the bots' moves after it.
        Not once the hand is over: its deal has been turned over in the log, and the
        hand played again would be played with every hidden card seen (R14)."""
        if self.stage is Stage.HAND_OVER:
            self.refuse("the hand is over and its cards have been shown, so it cannot be "
                        "taken back; press 1 or Enter for the next hand")
            return
        if self.stage is Stage.GAME_OVER:
            self.refuse("the game is over: nothing can be taken back; press n for a new "
                        "game, q to quit")
            return
        if self.stage is not Stage.YOUR_MOVE:
            self.refuse("you can take a move back when it is your turn")
            return
        try:
            said = self.session.undo()
        except CutthroatError as exc:
            self.refuse(to_player(str(exc), self.session.seat))
            return
        if said is None:
            self.query_one(StatusLine).say(NOTHING_TO_UNDO, refused=True)
            self.bell()
            return
        self._changed()
        self.say(said)
        self._advance()

    def action_rules(self) -> None:
        """How to play, for this game's rules, on a page over the table; on the player's
        turn, it first says what the choices before them lead to (:func:`stakes`)."""
        width = max(40, min(88, self.size.width - 10))
        text = how_to_play_text(self.session.game.rules, width)
        now = stakes_in(self.session.view()) if self.stage is Stage.YOUR_MOVE else ""
        if now:
            text = textwrap.fill(f"Your choice now: {now}", width) + "\n\n" + text
        self.push_screen(TextPage("How to play", Text(text)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``n`` (a new game) is a key, and in the footer, once the game is over; the
        keys of a move (the numbers, Enter, ``h``, ``u``) are not, then, nor ``h``,
        ``u`` and the numbers once a hand is over (pressed, they are answered by
        :meth:`on_key`: 1 deals the next hand, as Enter does, which the footer then
        shows as "Enter Next hand"): the footer shows only keys that do something.
        At the player's move ``u`` is greyed where there is nothing it may take back
        (no move yet in the hand, or the dummy seen since, R14); pressed, it says why.
        Over a page (a hint, the rules) none of the table's keys is shown: the page says
        its own."""
        if isinstance(self.screen, TextPage) and action in _TABLE_ACTIONS:
            return False
        if action == "next_hand":
            return self.stage is Stage.HAND_OVER
        if action == "keep_five":  # (shown at a keep, where only the status line said it)
            return self.stage is Stage.YOUR_MOVE and self.session.view().phase is Phase.KEEP
        if action == "choose" and self.stage is Stage.HAND_OVER:
            return False  # (1 is answered all the same, by on_key)
        if action == "new_game":
            return self.stage is Stage.GAME_OVER
        if action == "undo" and self.stage is Stage.YOUR_MOVE and not self.session.can_undo():
            return None  # shown greyed: nothing to take back, or the dummy seen (R14)
        if action in _TURN_ACTIONS:
            return self.stage not in _OVER
        if action in _MOVE_ACTIONS:
            return self.stage is not Stage.GAME_OVER
        return True

    def on_key(self, event: events.Key) -> None:
        """A key of a move pressed where it is no binding (see :meth:`check_action`):
        once the hand or the game is over, or ``u`` greyed at the player's move: say
        why it does nothing, and what to press instead."""
        if isinstance(self.screen, TextPage):
            return
        key = event.key.lower() if len(event.key) == 1 else event.key  # (Caps Lock: U)
        if key == "u" and not self.check_action("undo", ()):
            event.stop()
            self.action_undo()
        elif self.stage not in _OVER:
            return
        elif key == "enter" and self.stage is Stage.GAME_OVER:  # as play.md says
            event.stop()
            self.refuse(self._waiting())
        elif key == "h" or key.isdigit():
            event.stop()
            if key == "h":
                self.action_hint()
            else:
                self.action_choose(int(event.key) or 10)

    def action_new_game(self) -> None:
        """The next game at this table, once this one is over: the same bots, rules,
        seat and coach, a new seed, a new record (the finished game's is kept)."""
        if self.stage is not Stage.GAME_OVER or isinstance(self.screen, TextPage):
            return
        ended = self.session.game_over_lines()
        try:
            lines = self.session.next_game()
        except OSError as exc:
            self.refuse(f"a new game cannot start: its record cannot be written ({exc})")
            return
        self.finished.extend(ended)
        self.turn += 1  # an answer for the game over is dropped
        self.keep, self.best = [], None
        self.say("")
        for line in lines:
            self.say(line, "bold")
        self._deal()

    def action_quit_game(self) -> None:
        """Stop; the record holds every move made (the game can be resumed)."""
        self.exit(self.session.game.is_over)


def run_table(session: Session, *, intro: Sequence[str] = (),
              write: Callable[[str], None] = print, delay: float = DELAY) -> bool:
    """Play ``session`` on the full-screen table; once it closes, write what the line
    game writes at its end (how to resume, or the game's result), after the results of
    the games over before it (``n``). Returns whether the last game is over."""
    app = TableApp(session, intro=intro, delay=delay)
    app.run()
    for line in app.finished:
        write(line)
    warning = session.save_record(last=True)  # elsewhere if need be, as the line game stops
    if warning is not None:
        write(warning)
    if app.failure is not None:  # a bot failed: as the line game says it
        session.bot_failure = app.failure
        write(app.failure)
    if session.game.is_over:
        for line in session.game_over_lines():
            write(line)
        return True
    write(session.stopped_line())
    return False

