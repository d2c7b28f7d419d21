"""The table as the player sees it: every widget in its place, drawn from the view.

:class:`Table` lays out the header, the trick beside the log, the player's cards, the
moves of the moment and a status line, and draws them all from the player's
:class:`~cutthroat.views.View` (R14) and what the app waits for (:class:`Stage`).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from ..cards import Card, parse_cards, sort_cards
from ..session import CARD_VERBS, STUCK, Session, number_keys, ordered_moves, stuck
from ..state import Phase
from ..views import View
from .text import header_text, move_label, phase_words, trick_table, with_faces
from .widgets import (
    MOVES_MAX,
    GameLog,
    HandRow,
    MoveBar,
    Scoreboard,
    StatusLine,
    TrickArea,
    key_of,
    row_width,
)

__all__ = ["CARD_VERBS", "MIN_SIZE", "Stage", "Table", "numbered"]

MIN_SIZE = (70, 20)
"""The smallest terminal (columns, rows) that shows the whole table: ten cards to keep
in a row, the trick and the log side by side. A smaller one is told so."""


class Stage(enum.Enum):
    """What the table waits for."""

    YOUR_MOVE = "your move"
    BOTS = "a bot's move"
    COACH = "the coach's word on your move"
    HAND_OVER = "you, to go on to the next hand"
    GAME_OVER = "nothing: the game is over"


class Table(Vertical):
    """Header, the trick beside the log, the player's cards, the moves, a status line."""

    DEFAULT_CSS = """
    Table #scoreboard { height: auto; padding: 0 1; background: $boost; }
    Table #middle { height: 1fr; width: 100%; }
    Table #trick { width: 1fr; height: 100%; min-width: 30; border: round $primary;
                   content-align: center middle; }
    Table #log { width: 1fr; height: 100%; border: round $panel; padding: 0 1;
                 scrollbar-size-vertical: 1; }
    Table HandRow, Table MoveBar { height: 1; margin: 0 1; }
    HandRow Label, MoveBar Label { margin-right: 1; text-style: bold; }
    HandRow #hand-note { text-style: none; color: $text-muted; }
    HandRow CardButton { width: auto; min-width: 4; margin-right: 1; text-wrap: nowrap;
                         background: #f0f0f0; color: #101010; }
    HandRow.tight CardButton { margin-right: 0; }
    HandRow CardButton.unplayable { background: #8a8a8a; }
    HandRow CardButton.chosen { background: #8fdc8f; }
    HandRow CardButton.best { text-style: bold underline; color: #0b5d1e;
                              background: #c9efc9; }
    HandRow CardButton.best.chosen { background: #8fdc8f; }
    MoveBar MoveButton { width: auto; min-width: 4; margin-right: 1; text-wrap: nowrap; }
    MoveBar MoveButton.best { background: $success; }
    Table #status { height: auto; padding: 0 1; color: $text-muted; }
    Table #status.refused { color: $error; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        """The widgets, top to bottom."""
        yield Scoreboard(id="scoreboard")
        with Horizontal(id="middle"):
            yield TrickArea(id="trick")
            yield GameLog(id="log")
        yield HandRow(id="hand")
        yield MoveBar(id="moves")
        yield StatusLine(id="status")

    def draw(self, session: Session, stage: Stage, *, keep: Sequence[Card] = (),
             best: str | None = None, hinting: bool = False) -> list[str]:
        """Draw the table for ``session`` waiting for ``stage``, with the cards chosen
        for a ``keep``, the hint's ``best`` move marked. Returns the moves offered, in
        the order of their numbers."""
        game = session.game
        view = session.view() if game.hand is not None else None
        self.query_one(Scoreboard).update(header_text(
            view, session.names, game.scores, game.rules.target, len(game.hands)))
        if view is None:
            return []
        keeping = stage is Stage.YOUR_MOVE and view.phase is Phase.KEEP
        choices = numbered(view) if stage is Stage.YOUR_MOVE and not keeping else []
        thinking = game.to_act if stage is Stage.BOTS else None
        self.query_one(TrickArea).show(trick_table(view, session.names, thinking))
        hinted = (parse_cards(best.split()[1:]) if keeping and best is not None
                  and best.startswith("keep ") else [])  # the hint's keep, on the cards
        self._draw_cards(view, choices, keep if keeping else None, hinted)
        self._draw_moves(view, stage, choices, keep if keeping else None, best)
        if stage is Stage.GAME_OVER:
            said = session.game_over_lines()[0] + " Press n for a new game, q to quit."
        elif stage is Stage.BOTS and thinking is not None:
            said = f"{session.names[thinking]} is thinking…"
        else:
            said = _status(view, stage, choices, keeping, hinting)
        width, height = self.app.size
        # The cards of a keep may need more than MIN_SIZE (the joker and four tens):
        # the row's own width is told too, never a card cut off without a word.
        wide = max(MIN_SIZE[0], self.query_one(HandRow).needs)
        if width < wide or height < MIN_SIZE[1]:
            said = (f"This terminal is {width}×{height}: make it at least {wide}×"
                    f"{MIN_SIZE[1]} to see every card. {said}")
        self.query_one(StatusLine).say(said)
        return choices

    def _draw_cards(self, view: View, choices: list[str], keep: Sequence[Card] | None,
                    hinted: Sequence[Card] = ()) -> None:
        row = self.query_one(HandRow)
        if not view.cards:
            blind = view.phase is Phase.JOKER_TRUMP and view.seat == view.dealer
            row.show_face_down("face down until you have named trump" if blind else "")
            return
        shown = sort_cards(view.cards, view.trump)
        numbers = {card: n for n, card in enumerate(shown, 1)} if keep is not None else {
            Card.parse(text.split()[1]): n for n, text in enumerate(choices, 1)
            if text.split()[0] in CARD_VERBS}
        playable = set(shown) if keep is not None or not numbers else set(numbers)
        row.show(view.cards, view.trump, numbers=numbers, playable=playable,
                 chosen=keep or (), width=self._width(), hinted=hinted)

    def _draw_moves(self, view: View, stage: Stage, choices: list[str],
                    keep: Sequence[Card] | None, best: str | None) -> None:
        bar = self.query_one(MoveBar)
        marked = choices.index(best) + 1 if best in choices else None
        if keep is not None:
            bar.show("Keep five:", [Text(f"keep these ({len(keep)} of 5)")], numbered=False)
        elif stage is Stage.HAND_OVER:
            bar.show("Hand over:", [Text("next hand")])
        elif choices and choices[0].split()[0] in CARD_VERBS:
            verb = choices[0].split()[0]
            bar.show(f"{verb.capitalize()}:",
                     [with_faces(text.split()[1]) for text in choices], best=marked)
        else:
            prefix = "Your move:" if choices else ""
            labels = [move_label(text, view) for text in choices]
            keyed = [Text(f"{key_of(n)} ").append_text(label)  # as the buttons show them
                     for n, label in enumerate(labels, 1)]
            if row_width(prefix, keyed) > self._width():  # five calls on 80 columns
                labels = [move_label(text, view, short=True) for text in choices]
            bar.show(prefix, labels, best=marked)

    def _width(self) -> int:
        """The columns a row of cards or moves has (the screen's, less its margins)."""
        return self.app.size.width - 2


def _status(view: View, stage: Stage, choices: list[str], keeping: bool,
            hinting: bool) -> str:
    """The status line while the table waits for the player (or the coach)."""
    if stage is Stage.HAND_OVER:
        return "The hand is over: press 1 or Enter for the next hand."
    if stage is Stage.COACH:
        return "The coach is looking at your move…"
    if hinting:
        return "The expert is looking at your choices…"
    if keeping:
        return ("Choose the five cards to keep: press their numbers (0 for the tenth) "
                "or click them, then Enter.")
    if not choices:
        return f"Your move ({phase_words(view)})."
    whose = f"; {STUCK}" if stuck(view) else ""
    return (f"Your move ({phase_words(view)}{whose}): press {number_keys(len(choices))} or "
            "click; h for a hint.")


def numbered(view: View) -> list[str]:
    """The legal moves in the order they are numbered: cards as the hand shows them,
    left to right; other moves as the game lists them (the line game's numbers too,
    :func:`~cutthroat.session.ordered_moves`). A keep of five of ten is chosen card by
    card, so it has no list."""
    if len(view.legal) > MOVES_MAX:
        return []
    return ordered_moves(view)
