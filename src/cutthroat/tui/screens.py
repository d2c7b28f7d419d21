"""The table's pop-up pages: how to play, and a hint (the expert's options and why)."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

__all__ = ["TextPage"]


class TextPage(ModalScreen[None]):
    """A page of text over the table, scrolled with the arrows or the mouse; Escape,
    Enter or q closes it and the game goes on where it was.

    Args:
        title: the page's title.
        body: its text.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,q", "close", "Close"),
        Binding("r,question_mark,h,Q,R,H", "close", show=False),  # Caps Lock on too
    ]

    DEFAULT_CSS = """
    TextPage { align: center top; }
    TextPage > VerticalScroll {
        width: 100%; max-width: 100; height: 1fr;
        border: round $accent; padding: 0 1; background: $surface;
    }
    TextPage #page-title { text-style: bold; margin-bottom: 1; }
    TextPage #page-close { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, title: str, body: RenderableType) -> None:
        super().__init__()
        self.title_text = title
        """The page's title."""
        self.body = body
        """The page's text."""

    def compose(self) -> ComposeResult:
        """The title, the text, and how to close the page; the page fills the screen
        above a footer of its own, which says how to close it however long the text
        (at 80×24 a hint of five options ran past the screen's edge, its closing line
        with it, and a wrapped status line showed in the gap under the page)."""
        with VerticalScroll():
            yield Label(self.title_text, id="page-title")
            yield Static(self.body, id="page-body")
            yield Label("Esc, Enter or q: back to the table", id="page-close")
        yield Footer()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
