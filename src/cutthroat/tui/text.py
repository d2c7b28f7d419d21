"""What the table's widgets say, as Rich text: cards, the header, the trick, the moves.

Everything here is drawn from the player's :class:`~cutthroat.views.View` (R14) and
the game's public facts (scores, names); nothing here knows Textual.

>>> face(Card.parse("TH")), face(Card.parse("JO"))
('10♥', 'Joker')
>>> with_faces("Left plays JH, you play TC").plain
'Left plays J♥, you play 10♣'
>>> move_label("call S", None).plain
'call ♠ spades'
>>> move_label("call S", None, short=True).plain
'call ♠'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..actions import Verb
from ..cards import Card, Suit, effective_suit, sort_cards
from ..move_words import DEFENDER_BUTTONS
from ..render import scores_text, upcard_turned_down
from ..state import Phase
from ..views import View

__all__ = ["CARD", "card_text", "face", "header_text", "hint_page", "move_label",
           "phase_words", "suit_text", "trick_table", "with_faces"]

CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|JO)\b")
"""A card as the game writes it (``JH``, ``TC``, ``JO``) inside a sentence."""

SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
"""Each suit's symbol."""

STYLES = {"red": "bold red", "black": "bold", "joker": "bold magenta"}
"""The style of a card's face by colour (the line game colours cards the same way)."""


def face(card: Card) -> str:
    """A card as the table shows it: rank and suit symbol (``10♥``), or ``Joker``."""
    if card.suit is None:
        return "Joker"
    rank = "10" if str(card.rank) == "T" else str(card.rank)
    return rank + SYMBOLS[card.suit]


def card_style(card: Card) -> str:
    """The style of ``card``'s face: red or black by suit, the joker apart."""
    return STYLES["joker" if card.suit is None else card.suit.colour]


def card_text(card: Card, trump: Suit | None = None) -> Text:
    """A card's face in its colour, underlined when it is a trump (the bowers and the
    joker with their suit, R3)."""
    style = card_style(card)
    if trump is not None and effective_suit(card, trump) is trump:
        style += " underline"
    return Text(face(card), style=style)


def with_faces(line: str) -> Text:
    """A sentence of the game (``Left plays JH``) with each card as its coloured face."""
    text = Text()
    end = 0
    for found in CARD.finditer(line):
        text.append(line[end:found.start()])
        text.append_text(card_text(Card.parse(found.group())))
        end = found.end()
    text.append(line[end:])
    return text


def suit_text(suit: Suit) -> Text:
    """A suit as its coloured symbol and name: ``♥ hearts``."""
    return Text(f"{SYMBOLS[suit]} {suit.plural}", style=STYLES[suit.colour])


_VERBS = {"pass": "pass", "order": "order up", "pickup": "pick up", "leave": "leave it",
          "dummy": "take the dummy", "alone": "go alone", "call": "call", "trump": "name",
          "play": "play", "discard": "discard", "keep": "keep"}


def move_label(legal: str, view: View | None, *, short: bool = False) -> Text:
    """A legal move (``call S``) as a button says it (``call ♠ spades``): the up-card
    where it is ordered or picked up, a defender's ``defend alone`` or ``don't defend
    alone`` (R13), the dealer's order as ``pick up`` (R7, R8); ``short``:
    a suit by its symbol alone (``call ♠``), for a narrow screen."""
    verb, _, rest = legal.partition(" ")
    words = _VERBS.get(verb, verb)
    if view is not None and view.phase is Phase.DEFENDER_CHOICE:  # R13, as hints say it
        words = DEFENDER_BUTTONS.get(Verb(verb), words)
    if verb == "order" and view is not None and view.seat == view.dealer:
        words = "pick up"  # the dealer's "I accept" takes the up-card (R7, R8)
    label = Text(words)
    if verb in ("order", "pickup") and view is not None:
        label.append(" ").append_text(card_text(view.upcard))
    elif verb in ("call", "trump"):
        suit = Suit.parse(rest)
        label.append(" ").append_text(Text(SYMBOLS[suit], style=STYLES[suit.colour])
                                      if short else suit_text(suit))
    elif rest:
        label.append(" ").append_text(with_faces(rest))
    return label


def phase_words(view: View) -> str:
    """What is being decided now, in a few words."""
    return {
        Phase.JOKER_TRUMP: "the dealer names trump blind",
        Phase.BID_FIRST: "first bidding round",
        Phase.PICKUP: "the dealer takes the up-card or leaves it",
        Phase.DISCARD: "the dealer discards",
        Phase.BID_SECOND: "second bidding round",
        Phase.MAKER_CHOICE: "the maker takes the dummy or goes alone",
        Phase.KEEP: "the maker keeps five of ten",
        Phase.DEFENDER_CHOICE: "the defenders may go alone",
        Phase.PLAY: f"trick {min(len(view.tricks) + 1, 5)} of 5",
        Phase.OVER: "the hand is over",
        Phase.THROWN_IN: "thrown in: everybody passed",
    }[view.phase]


def header_text(view: View | None, names: Sequence[str], scores: Sequence[int],
                target: int, hand_number: int) -> Text:
    """The header: the hand, the scores and the target; the dealer, the up-card, trump
    and its maker, and the tricks each seat has taken."""
    text = Text()
    if hand_number:
        text.append(f"Hand {hand_number}", style="bold").append(" · ")
    text.append("Score ", style="bold")
    text.append(scores_text(names, scores, "  "))
    text.append(f" (playing to {target})")
    if view is None:
        return text
    down = upcard_turned_down(view)
    text.append(f"\nDealer {names[view.dealer]} · {'Turned down' if down else 'Up-card'} ")
    text.append_text(card_text(view.upcard))
    if view.upcard_taken:
        text.append(" (taken)")
    if view.phase >= Phase.PLAY and view.trump is not None:  # none in a thrown-in hand
        text.append(" · Tricks ")
        text.append("  ".join(f"{names[s]} {view.tricks_won[s]}" for s in range(3)
                              if s != view.sitting_out))
    if view.trump is None or view.maker is None:
        return text
    text.append("\nTrump ").append_text(suit_text(view.trump))
    how = ""
    if view.maker in view.alone:
        how = ", alone"
    elif view.dummy_taken:
        how = ", with the dummy"
    text.append(f" by {names[view.maker]}{how}")
    lone = [s for s in view.alone if s != view.maker]
    if lone:
        text.append("; you defend alone" if lone[0] == view.seat
                    else f"; {names[lone[0]]} defends alone")
    return text


def trick_table(view: View, names: Sequence[str], thinking: int | None = None) -> RenderableType:
    """The middle of the table: the seats on the player's left and right and the player
    below, each with the card they put on the trick; the up-card while bidding, the
    last trick (and who took it) until the next card is led; the player's own discards."""
    me = view.seat
    left, right = (me + 1) % 3, (me + 2) % 3
    played = dict(view.current_trick)
    centre = Text(justify="center")
    if view.phase < Phase.PLAY:
        said = "turned down" if upcard_turned_down(view) else "up-card"
        centre.append(f"{said}\n", style="dim").append_text(card_text(view.upcard))
        if view.upcard_taken:
            centre.append("\ntaken", style="dim")
    elif not view.current_trick and view.tricks:
        last = view.tricks[-1]
        played = dict(last.plays)
        centre.append(f"trick {len(view.tricks)}\n", style="dim")
        centre.append(f"{names[last.winner]} took it", style="bold")
    elif view.phase is Phase.PLAY and view.leader is not None:
        centre.append(f"trick {len(view.tricks) + 1}\n", style="dim")
        lead = "led" if view.current_trick else "to lead"
        centre.append(f"{names[view.leader]} {lead}", style="dim")

    def seat(s: int) -> Text:
        label = Text(names[s], style="bold")
        tags = [tag for tag, yes in (("dealer", s == view.dealer), ("maker", s == view.maker),
                                     ("alone", s in view.alone),
                                     ("sit out" if s == me else "sits out",
                                      s == view.sitting_out)) if yes]
        if tags:
            label.append(" " + ", ".join(tags), style="dim")
        if s == thinking:
            label.append("\nthinking…", style="italic yellow")
        return label

    def card(s: int) -> Text:
        return card_text(played[s], view.trump) if s in played else Text("·", style="dim")

    grid = Table.grid(expand=True)
    for _ in range(3):
        grid.add_column(justify="center", ratio=1)
    grid.add_row(seat(left), Text(), seat(right))
    grid.add_row(card(left), centre, card(right))
    mine = seat(me).append("\n").append_text(card(me))
    if view.discard is not None:
        mine.append("\nyou discarded ", style="dim").append_text(card_text(view.discard))
    if view.buried:
        mine.append("\nyou buried ", style="dim").append_text(
            with_faces(" ".join(str(c) for c in sort_cards(view.buried, view.trump))))
    mine.justify = "center"
    return Group(grid, Text(), mine)


def hint_page(lines: Sequence[str]) -> RenderableType:
    """A hint's lines (:func:`~cutthroat.bots.hints.hint_lines`) for a page: who is to
    act and the hint with its reason, then the options as a table under the figures'
    names (win, points, side tricks, and how hands ended), so that it fits a small
    terminal, then the key to its figures."""
    rows = [i for i, line in enumerate(lines) if line.startswith("  ")]
    end = rows[-1] + 1 if rows else len(lines)
    head = [line for line in lines[:end] if not line.startswith("  ")]
    parts: list[RenderableType] = [with_faces("\n".join(head))]
    if rows:
        table = Table(box=None, padding=(0, 1), header_style="dim")
        table.add_column("option", no_wrap=True)  # (a move in words: "order up the K♥")
        for name in _COLUMNS:
            table.add_column(name, justify="right")
        table.add_column("ended")
        for i in rows:
            option, *cells = _option_cells(lines[i])
            figures = dict(zip(cells[::2], cells[1::2], strict=True))
            ending = " ".join(f"{name} {value}" for name, value in figures.items()
                              if name not in _COLUMNS)
            table.add_row(with_faces(option), *(figures.get(name, "") for name in _COLUMNS),
                          ending)
        parts.append(table)
    if lines[end:]:
        parts.append(Text("\n".join(lines[end:]), style="dim"))
    return Group(*parts)


_COLUMNS = ("win", "points", "side tricks")
"""The figures every valued option has, each in a column of the hint page's table."""
_FIELD = re.compile(r"\s{2,}(?=[A-Za-z])")
"""Where one figure of an option's line ends and the next one's name begins."""
_FIGURES = re.compile(r"\s+win\s")
"""Where an option's figures begin: its chance to win, whatever the option's length."""


def _option_cells(line: str) -> list[str]:
    """An option's line of a hint as the cells of the hint page's table: the option,
    then each figure's name and its value apart, so that the values line up whatever
    their width (``win   0.0%`` as ``win  33.0%``).

    >>> _option_cells("  pass                     win   0.0%   points +0.00   made 25%")
    ['pass', 'win', '0.0%', 'points', '+0.00', 'made', '25%']
    >>> _option_cells("  keep 9S JH JS QD TC       win 100.0%   side tricks 2.17")
    ['keep 9S JH JS QD TC', 'win', '100.0%', 'side tricks', '2.17']
    """
    option, *figures = _FIGURES.split(line.strip(), maxsplit=1)
    cells = [option]
    rest = "win " + figures[0] if figures else ""
    for field in _FIELD.split(rest.strip()) if rest else ():
        name, _, value = field.rpartition(" ")
        cells.extend([name.strip(), value] if name else [value, ""])
    return cells
