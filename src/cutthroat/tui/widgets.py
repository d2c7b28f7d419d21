"""The table's widgets: the header, the trick, the log, the player's cards, the moves.

Each widget is told what to show by the app (:mod:`cutthroat.tui.app`), from the
player's view; none of them reads the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import RenderableType
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Label, RichLog, Static

from ..cards import Card, Suit, sort_cards
from .text import card_text, with_faces

__all__ = ["CardButton", "GameLog", "HandRow", "MoveBar", "MoveButton", "Scoreboard",
           "StatusLine", "TrickArea", "row_width"]

CARDS_MAX = 10
"""The most cards a player holds: the maker's ten before the keep (R12)."""

MOVES_MAX = 12
"""The most moves listed as buttons (a keep of five of ten is chosen on the cards)."""


class Scoreboard(Static):
    """The header: scores, the dealer, the up-card, trump and the tricks taken."""


class TrickArea(Static):
    """The middle of the table: who played what to the trick."""

    def show(self, table: RenderableType) -> None:
        """Draw ``table`` (:func:`~cutthroat.tui.text.trick_table`)."""
        self.update(table)


class StatusLine(Static):
    """One line under the moves: whose turn, who is thinking, a refusal, the result."""

    def say(self, words: str | Text, *, refused: bool = False) -> None:
        """Show ``words``; a refusal stands out."""
        text = with_faces(words) if isinstance(words, str) else words
        self.set_class(refused, "refused")
        self.update(text)


class GameLog(RichLog):
    """The game told move by move, in the line game's sentences, cards as faces."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(wrap=True, min_width=20, markup=False, highlight=False, id=id)
        self.said: list[tuple[str, str]] = []
        """Every line told, with its style: wrapped anew when the log's width changes."""
        self._wrapped_at = 0

    @on(events.Resize)
    def _wrap_anew(self) -> None:
        """A new size: once RichLog's own handler of the event has run, wrap every line
        anew to the new width (RichLog keeps a line as it was first wrapped, so a
        narrower log would cut it off), and keep the last one in sight."""
        self.call_after_refresh(self._rewrap)

    def _rewrap(self) -> None:
        width = self.scrollable_content_region.width
        if width and width != self._wrapped_at:
            if self._wrapped_at:  # the lines are on the log, wrapped to the old width
                self.clear()
                for line, style in self.said:
                    self.write(_styled(line, style))
            self._wrapped_at = width
        self.scroll_end(animate=False)

    def say(self, line: str, style: str = "") -> None:
        """Write one line of the game (a blank one is written as a space)."""
        self.said.append((line, style))
        self.write(_styled(line, style))


def _styled(line: str, style: str) -> Text:
    """A line of the log as it is drawn: cards as their faces, in ``style``."""
    text = with_faces(line.removeprefix("\n") or " ")
    if style:
        text.stylize(style)
    return text


class CardButton(Button, can_focus=False):
    """One of the player's cards; clicked, it is played (or chosen for a keep)."""

    def __init__(self, index: int) -> None:
        super().__init__("", compact=True, id=f"card-{index}")
        self.card: Card | None = None
        """The card shown, ``None`` while the button is not in use."""


class MoveButton(Button, can_focus=False):
    """A legal move of the moment, numbered for its key."""

    def __init__(self, number: int) -> None:
        super().__init__("", compact=True, id=f"move-{number}")
        self.number = number
        """The move's number (its key: 1-9, 0 for the tenth)."""


def key_of(number: int) -> str:
    """The key that chooses move ``number``: ``1``-``9``, then ``0`` for the tenth."""
    return str(number % 10) if number <= 10 else ""


def row_width(prefix: str, labels: Sequence[Text], gap: int = 1) -> int:
    """The columns a row of buttons takes: ``prefix`` and its margin, then each label
    with a column of padding either side and its margin (``gap``; 0 drawn tight)."""
    return (len(prefix) + 1 if prefix else 1) + sum(label.cell_len + 2 + gap
                                                     for label in labels)


def _relabel(button: Button, label: Text) -> None:
    """Give ``button`` a new label, and its width anew (Textual keeps the old one)."""
    button.label = label
    button.clear_cached_dimensions()
    button.refresh(layout=True)


class HandRow(Horizontal):
    """The player's cards along the bottom, sorted by suit with trumps last."""

    needs = 0
    """The columns the cards shown take at the least (side by side, no gap): where the
    terminal is narrower, some are cut off, and the table says so."""

    def compose(self) -> ComposeResult:
        """A label and one button per card a player may hold."""
        yield Label("Cards", id="hand-label")
        for index in range(CARDS_MAX):
            yield CardButton(index)
        yield Label("", id="hand-note")

    def show(self, cards: Sequence[Card], trump: Suit | None, *, numbers: dict[Card, int],
             playable: Iterable[Card], chosen: Iterable[Card] = (), width: int = 0,
             hinted: Iterable[Card] = ()) -> None:
        """Show ``cards``: each with its key when it has one (``numbers``), dimmed when
        it cannot be played now, highlighted when ``chosen`` for a keep, underlined in green
        when ``hinted`` (the five of the hint's keep). Where they
        would not fit in ``width`` columns (ten cards on 80), they are drawn side by side
        without a gap."""
        ordered = sort_cards(cards, trump)
        can, picked, advised = set(playable), set(chosen), set(hinted)
        labels = []
        for each in ordered:
            label = Text()
            if each in numbers:
                label.append(f"{key_of(numbers[each])} ", style="dim")
            labels.append(label.append_text(card_text(each, trump)))
        self.set_class(bool(width) and row_width("Cards", labels) > width, "tight")
        self.needs = row_width("Cards", labels, gap=0) + 1  # and the row's margin at left
        for index, button in enumerate(self.query(CardButton)):
            card = ordered[index] if index < len(ordered) else None
            button.card = card
            button.display = card is not None
            if card is None:
                continue
            _relabel(button, labels[index])
            button.set_class(card not in can, "unplayable")
            button.set_class(card in picked, "chosen")
            button.set_class(card in advised, "best")
        self.query_one("#hand-note", Label).update("")

    def show_face_down(self, note: str) -> None:
        """No card to show (the dealer naming trump blind, R6): say why."""
        for button in self.query(CardButton):
            button.card = None
            button.display = False
        self.query_one("#hand-note", Label).update(note)


class MoveBar(Horizontal):
    """The legal moves of the moment as numbered buttons, after a word of what they are."""

    def compose(self) -> ComposeResult:
        """The prefix and a pool of buttons."""
        yield Label("", id="moves-label")
        for number in range(1, MOVES_MAX + 1):
            yield MoveButton(number)

    def show(self, prefix: str, labels: Sequence[Text], best: int | None = None, *,
             numbered: bool = True) -> None:
        """List the moves ``labels`` after ``prefix``, numbered from 1 for their keys
        (unless not ``numbered``); mark move ``best`` (the hint's choice)."""
        self.query_one("#moves-label", Label).update(prefix)
        for button in self.query(MoveButton):
            number = button.number
            button.display = number <= len(labels)
            if number <= len(labels):
                text = Text(f"{key_of(number)} " if numbered else "", style="bold")
                _relabel(button, text.append_text(labels[number - 1]))
                button.set_class(number == best, "best")
