"""Play a game in the terminal against two bots: the loop behind ``cutthroat play``.

The player sees only their seat's view (R14): the table is drawn from
:meth:`Game.view <cutthroat.Game.view>`, the others' moves are told from its public
log, so a discard or a keep by a bot stays face down. Once a hand is over, its deal is
shown, as players turn the cards over after a hand. Every move is written to the game's
record at once, so nothing is lost when the player quits, the terminal closes or the
machine stops; ``cutthroat play --resume FILE`` goes on from there.

A line the game cannot take (a typo, a card that does not follow suit) is answered
with the reason and changes nothing. ``hint`` asks the expert (:mod:`cutthroat.bots.hints`),
``undo`` takes back the player's last move of the hand with the bots' replies. Asked
to (``again``, as ``cutthroat play`` does when a person types at a terminal), it offers
another game once one is over; a bot's move may be paced (``delay``) so a person can
follow it.

>>> from cutthroat import Game
>>> answers = iter(["quit"])
>>> out = []
>>> table = TerminalGame(Game(seed=5), seat=0, bots=["random", "random"],
...                      read=lambda prompt: next(answers), write=out.append)
>>> table.play()
False
>>> out[-1]
'Stopped. The game is not saved: start it with --save FILE to keep it.'
"""

from __future__ import annotations

import random
import re
import textwrap
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from . import record as rec
from .actions import Action
from .bots import BOTS
from .bots.base import BotError, BotMoveError, bot_choose, push_bot_move
from .bots.expert import Analysis
from .cards import sort_cards
from .errors import CutthroatError, IllegalActionError, quoted, to_player
from .game import Game
from .howto import how_to_play_text, stakes_in
from .render import describe_move, describe_view
from .session import (
    COACH_MARGIN,
    NOTHING_TO_UNDO,
    STUCK,
    Session,
    Sitting,
    number_keys,
    numbers_to_choose,
    ordered_moves,
    stopped_by,
    stuck,
)
from .state import Phase, not_now
from .typed_moves import SAID as _SAID
from .typed_moves import SUIT_SYMBOLS as _SUIT_SYMBOLS
from .typed_moves import VERBS as _VERBS
from .typed_moves import cards_named as _cards
from .typed_moves import in_letters as _in_letters
from .typed_moves import naming_verb
from .typed_moves import shortcut as _shortcut
from .typed_moves import suit_named as _suit
from .views import View

__all__ = ["AGAIN", "COACH_MARGIN", "HELP", "TerminalGame", "human_seat", "introduce",
           "resumed", "seat_names"]

AGAIN = "Play again? [y/N] "
"""The question asked once a game is over, when the line game offers another."""

MENU_MAX = 12
"""Legal actions are numbered for the player when there are at most this many."""

HELP = """\
Type your move as the game writes it, or a number from the list of choices:
  pass, order, pickup, leave, dummy, alone     (bidding and the maker's choice)
  call H, trump S                              (a suit: C, D, H or S, or its name)
  play JH, discard 9C                          (or just the card: JH)
  keep 9S JH JS QD TC                          (or just the five cards, or their
                                               places in Your cards: 1 2 3 4 5)
Other commands:
  hint    the expert's choice here, every option's chance to win, and why (or h)
  show    the table again          tricks  the tricks played so far in this hand
  undo    take back your last move of this hand (or u)
  rules   how to play, for this game's rules
  help    this text                quit    stop (the saved game can be resumed)"""

_COMMANDS = {"help", "?", "hint", "h", "show", "table", "tricks", "undo", "u", "rules", "quit",
             "exit", "q"}
"""The commands a line may be; ``h``, ``u`` and ``q`` are the table's keys (hint, undo,
quit), so a letter means the same in both: ``h`` is never hearts here (``hearts`` and
``call H`` are)."""


class _Quit(Exception):
    """The player asked to stop."""


def seat_names(seat: int) -> list[str]:
    """Names for a table of the player at ``seat`` and two bots: the player is
    ``You``, the bot on the left (who bids after the player) ``Left``, the other
    ``Right``."""
    names = ["", "", ""]
    names[seat] = "You"
    names[(seat + 1) % 3] = "Left"
    names[(seat + 2) % 3] = "Right"
    return names


def introduce(names: Sequence[str], seat: int, bots: Sequence[str]) -> str:
    """The line that opens a game: the player's seat and who plays the seats on their
    left and right. A name that already says its bot (a web game's ``Expert 1``) is
    not followed by the bot again; one that names another bot (a record of
    ``cutthroat watch`` resumed with other ``--bots``) is said to be played by the new
    one now.

    >>> for part in introduce(seat_names(0), 0, ["expert", "random"]).split("; "):
    ...     print(part)
    You play seat 0. Left, on your left (bidding after you), is expert
    Right, on your right, is random.
    >>> names = ["Ann", "Expert 1", "Expert 2"]
    >>> for part in introduce(names, 0, ["expert", "intermediate"]).split("; "):
    ...     print(part)
    You play seat 0. Expert 1 is on your left (bidding after you)
    Expert 2, on your right, is now played by intermediate.
    """
    places = ("on your left (bidding after you)", "on your right")
    parts = []
    for place, other, spec in zip(places, ((seat + 1) % 3, (seat + 2) % 3), bots, strict=True):
        name = names[other]
        said = {bot for bot in BOTS if re.search(rf"\b{bot}\b", name, re.IGNORECASE)}
        if not said:
            parts.append(f"{name}, {place}, is {spec}")
        elif said == {spec}:
            parts.append(f"{name} is {place}")
        else:
            parts.append(f"{name}, {place}, is now played by {spec}")
    return f"You play seat {seat}. {'; '.join(parts)}."


def human_seat(game: Game, name: str = "You") -> int:
    """The seat of the player called ``name`` in a resumed game."""
    seats = [s for s, player in enumerate(game.players) if player == name]
    if len(seats) != 1:
        seated = ", ".join(f"{s} {player}" for s, player in enumerate(game.players))
        raise ValueError(f"no single seat of this game is called {name!r}: give --seat "
                         f"with the seat's number ({seated})")
    return seats[0]


class TerminalGame(Session):
    """One player against two bots, a line of input at a time (the game itself, its
    saving, undo, hints and coach are the :class:`~cutthroat.session.Session`'s).

    Args:
        game: a new game, or one resumed from its record.
        seat: the player's seat.
        bots: the specs of the bots on the player's left and right.
        seed: seeds the bots (as ``cutthroat watch`` does); a hint's seed comes from the view.
        read: asks for a line (``input``); EOF or Ctrl-C stop the game, saved.
        write: shows a line (``print``).
        save: the record file, rewritten after every move (``None``: not saved).
        hint_samples: deals sampled per option for a hint (default: the expert's).
        coach: after each of the player's moves, say when the expert would have chosen
            otherwise by at least :data:`COACH_MARGIN` chance to win, and why.
        sitting: how the next games are seeded and saved (see ``again``).
        again: once a game is over, ask :data:`AGAIN`; ``y`` (or ``yes``) starts the
            next game at this table (:meth:`Session.next_game
            <cutthroat.session.Session.next_game>`), anything else or EOF ends.
        delay: seconds a bot's move takes at the least, so that a person can follow
            the bots (0: at once, for scripted input).
        words: says the cards of every line and prompt in words
            (:func:`~cutthroat.spoken.in_words`, ``play --words``), but for the text
            that teaches how a card is written (``help``, ``rules``).
    """

    result_first = True  # a hand's result heard first, then the cards of its deal

    def __init__(self, game: Game, seat: int, bots: Sequence[str], *, seed: int = 0,
                 read: Callable[[str], str] = input, write: Callable[[str], None] = print,
                 save: Path | None = None, hint_samples: int | None = None,
                 coach: bool = False, sitting: Sitting | None = None, again: bool = False,
                 delay: float = 0.0, words: Callable[[str], str] | None = None) -> None:
        super().__init__(game, seat, bots, seed=seed, save=save, hint_samples=hint_samples,
                         coach=coach, sitting=sitting)
        self.words = words is not None
        """Whether cards are said in words (``play --words``)."""
        self.read = read if words is None else (lambda prompt: read(words(prompt)))
        self.write = write if words is None else (lambda line: write(words(line)))
        self._teach = write
        """Writes what teaches how a card is written (``help``, ``rules``): as it is."""
        self.again = again
        """Whether another game is offered once one is over."""
        self.delay = delay
        """Seconds a bot's move takes at the least."""
        self._advice: list[str] = []
        self._said_once: set[str] = set()
        """The keys to a hint's figures said already in this game (each said once)."""
        self._reading: str | None = None
        """The expert's reading of the players last said with a hint."""

    # --- the loop ------------------------------------------------------------------

    def play(self) -> bool:
        """Play until the game ends (``True``) or the player stops (``False``); with
        :attr:`again`, game after game for as long as the player answers ``y``
        (whether the last game ended)."""
        while True:
            if not self._play_one() or not self.again or not self._play_again():
                return self.game.is_over

    def _play_again(self) -> bool:
        """Ask whether to play another game; ``True`` when the next one has started."""
        try:
            answer = self.read(AGAIN)
        except (EOFError, KeyboardInterrupt):
            self.write("")
            return False
        if answer.strip().lower() not in ("y", "yes"):
            return False
        try:
            lines = self.next_game()
        except OSError as exc:
            self.write(f"Cannot start a new game: its record cannot be written ({exc}).")
            return False
        self._advice = []
        self._said_once, self._reading = set(), None
        for line in lines:
            self.write("\n" + line)
        return True

    def _play_one(self) -> bool:
        """Play the game until it ends (``True``) or the player stops (``False``)."""
        game = self.game
        try:
            hand = game.hand
            if hand is not None and not hand.is_over:
                self.write(f"\nHand {len(game.hands)}, resumed")
                self._show()
            while not game.is_over:
                if game.needs_deal:
                    game.deal()
                    self._saved()
                    self.write("")
                    self.write(f"Hand {len(game.hands)}")
                    self._show()
                self._next_move()
        except (_Quit, KeyboardInterrupt) as exc:
            self._saved(last=True)  # Ctrl-C while a bot thinks: the record is the game so far
            if isinstance(exc, KeyboardInterrupt):  # after the ^C the terminal shows
                self.write("")
            if game.is_over:  # Ctrl-C as the last move was made: over, and said so (no
                self._say_game_over()  # other game offered: the player stopped)
            else:
                self.write(self.stopped_line())
            return False
        except (BotError, BotMoveError) as exc:  # your own bot, failing: say which
            self._saved(last=True)  # the game so far; the bot's move was not applied
            self.bot_failure = stopped_by(exc)
            self.write(self.bot_failure)
            self.write(self.stopped_line())
            return False
        if self.unsaved is not None:  # the last move is not on disk: anywhere it can be
            self._saved(last=True)
        self._say_game_over()
        return True

    def _say_game_over(self) -> None:
        """The game's end (:meth:`game_over_lines`), after a blank line."""
        for number, line in enumerate(self.game_over_lines()):
            self.write("\n" + line if number == 0 else line)

    def _next_move(self) -> None:
        hand = self.game.hand
        assert hand is not None and hand.to_act is not None
        seat = hand.to_act
        before = self.view()
        if seat == self.seat:
            if not self._human_move():
                return  # taken back: the table was shown afresh, nothing to tell
        else:
            started = time.monotonic()
            bot = self.bots[seat]  # a bot that fails or errs: a BotError naming it
            action = bot_choose(bot, self.game.view(seat))
            left = self.delay - (time.monotonic() - started)
            if left > 0:  # the pace: a person follows the bots' moves one by one
                time.sleep(left)
            push_bot_move(hand, bot, seat, action)
            self._saved()
        self._tell(before)

    def _tell(self, before: View) -> None:
        """Say what happened since ``before``: the move, a trick won, a hand over."""
        for line in self.news(before, self._advice):
            self.write(line)
        self._advice = []
        hand = self.game.hand
        assert hand is not None
        if hand.is_over:
            return  # the news ended with the deal turned over and the score
        after = self.view()
        if after.phase is Phase.PLAY and before.phase is not Phase.PLAY:
            self._show()
        elif after.to_act == self.seat and (before.to_act != self.seat
                                            or len(after.cards) != len(before.cards)
                                            or len(after.tricks) > len(before.tricks)):
            # Your turn again (your lead too), or your cards changed: new ones, or the
            # five left after your discard, which the dummy-or-alone choice is made on.
            self._show(brief=True)

    def _human_move(self) -> bool:
        """Read the player's move and make it (``True``), or an undo (``False``)."""
        while True:
            view = self.view()
            try:
                line = self.read(self._prompt(view))
            except (EOFError, KeyboardInterrupt):
                self.write("")
                raise _Quit from None
            text = line.strip()
            if not text:  # answered, as every line the game cannot take is
                self.write(f"Type a move: {_what_to_type(view)}, or 'help'.")
                continue
            word = text.lower()
            if word in _COMMANDS:
                if self._command(word):
                    return False
                continue
            try:
                action = self._action(text, view)
                move = self.game.push(action, self.seat)
            except CutthroatError as exc:
                reason = to_player(str(exc), self.seat)
                # how to write a move, for a line not read as one; a move well written
                # that is not one of this moment (the rules refuse it) is told why alone
                written = isinstance(exc, (_NotNow, IllegalActionError))
                self.write(f"Not possible: {reason}."
                           + ("" if written else " Type help for how to write a move."))
                continue
            self._saved()
            if self.coach:
                self._advice = self.coaching(view, move.action)
            return True

    def _command(self, word: str) -> bool:
        """Carry out a command; ``True`` when it changed the hand (undo)."""
        if word in ("quit", "exit", "q"):
            raise _Quit
        if word in ("help", "?"):
            choice = stakes_in(self.view())
            self._teach(HELP)
            if choice:
                self.write(textwrap.fill(f"Your choice now: {choice}", 88,
                                         subsequent_indent="  "))
        elif word in ("show", "table"):
            self.write(f"Hand {len(self.game.hands)}")
            self._show()
            view = self.view()
            if view.moves and view.phase < Phase.PLAY:  # the bids heard once: again
                said = "; ".join(describe_move(view, index, self.names)
                                 for index in range(len(view.moves)))
                self.write(f"  This hand so far: {said}.")
        elif word == "tricks":
            self._tricks()
        elif word == "rules":
            self._teach(how_to_play_text(self.game.rules))
        elif word in ("hint", "h"):
            self._hint()
        else:
            return self._undo()
        return False

    def _hint(self) -> None:
        """The hint, its key to the figures said with the first hint of the game alone,
        and the expert's reading of the players only when it is not the one said last
        (a blind player heard the same 240 characters of key at every hint)."""
        for line in self.hint_lines(self.view()):
            if line.startswith("Key: "):
                if line in self._said_once:
                    continue
                self._said_once.add(line)
            if line.startswith("Reading "):
                if line == self._reading:
                    continue
                self._reading = line
            self.write(line)

    def analyse(self, view: View, also: Sequence[Action] = (), *,
                check: bool = False) -> Analysis:
        """:meth:`Session.analyse <cutthroat.session.Session.analyse>`, by way of the
        line game's own name for it, ``_analyse`` (which tests replace)."""
        return self._analyse(view, also, check=check)

    def _analyse(self, view: View, also: Sequence[Action] = (), *,
                 check: bool = False) -> Analysis:
        return super().analyse(view, also, check=check)

    def _undo(self) -> bool:
        try:
            said = self.undo()
        except CutthroatError as exc:
            self.write(f"Not possible: {to_player(str(exc), self.seat)}.")
            return False
        if said is None:
            self.write(NOTHING_TO_UNDO)
            return False
        self._saved()
        self.write(said)
        self._show()
        return True

    # --- reading a move --------------------------------------------------------------

    def _action(self, text: str, view: View) -> Action:
        """The action a line means: a number from the list, the game's text, or a
        shortcut (a card, five cards, a suit, or five cards' places in ``Your cards``
        for a keep, as the table's keys pick them)."""
        if any("\udc80" <= ch <= "\udcff" for ch in text):  # bytes read as surrogates
            raise _NotAMove("that line is not readable text (its bytes are not UTF-8): "
                            "type it again")
        places = _keep_places(text, view)
        if places is not None:
            return places
        if text.isdigit():  # "²" is a digit but no number: refused below, as a move
            if len(view.legal) > MENU_MAX:
                raise _NotAMove("there is no numbered list here: type your choice")
            digits = text.lstrip("0") or "0"
            number = int(digits) if digits.isdecimal() and len(digits) < 4 else 0
            if not 1 <= number <= len(view.legal):
                raise _NotAMove(numbers_to_choose(len(view.legal)))
            return Action.parse(ordered_moves(view)[number - 1])  # as the list numbers them
        said = text  # as typed, for a refusal
        text = _SAID.get(" ".join(re.sub(r"[^\w\s]", "", text.lower()).split()),
                         text.translate(_SUIT_SYMBOLS))
        text = _in_letters(text, view.trump).replace(",", " ")  # keep AS, KS, ...
        text = re.sub(r"(?i)(?<=\S) and (?=\S)", " ", text)  # "..., KC and TD", as said
        verbs = {legal.split()[0] for legal in view.legal}
        if "order" in verbs and view.seat == view.dealer and _picks_up(text, view):
            text = "order"  # the dealer's order takes the up-card: "pick it up" says it
        words = text.split()
        if not words:  # commas alone: nothing left once they are read as spaces
            raise self._no_move(said, view, verbs)
        if "JO" in (w.upper() for w in words) and view.rules.deck != 25:
            raise _NotAMove(f"there is no joker in the {view.rules.deck}-card deck (only "
                            "the 25-card deck has one)")
        if words and naming_verb(words[0], verbs) != words[0]:  # "trump S" in the 2nd round
            words[0] = naming_verb(words[0], verbs)
            text = " ".join(words)
        try:
            return Action.parse(text)
        except CutthroatError:
            keeping = words[0].lower() == "keep"
            typed = _cards(words[1:] if keeping else words)
            if words == words[:1] and keeping:  # keep, and no card at all
                typed = []
            if "keep" in verbs and typed is not None and len(typed) != 5:
                raise _NotAMove(f"keep takes five of your cards, not {len(typed)}: "
                                f"e.g. {_keep_example(view)}") from None
            verb = words[0].lower()
            if verb in _VERBS and verb not in verbs:  # told as trump S is: not now, not
                # "call takes a suit"; a stuck dealer is told he must name trump (R10)
                raise _NotNow(not_now(verb, view.phase, stuck=stuck(view))) from None
            named = _suit(words[-1]) if len(words) == 2 else None
            if named is not None and words[0].lower() in verbs & {"call", "trump"}:
                return Action.parse(f"{words[0]} {named}")  # call hearts
            if words[0].lower() in verbs:
                raise
            shortcut = _shortcut(words, verbs)  # one word, or five at a keep
            if shortcut is None and len(words) == 1 and _suit(words[0]) is not None:
                raise _NotAMove(f"a suit cannot be named now: {_choices(view)}") from None
            if shortcut is None and _cards(words) is not None \
                    and not verbs & {"play", "discard", "keep"}:
                # a card typed in the bidding: as "play JH" is told, not "not a move"
                raise _NotNow(not_now("play", view.phase, stuck=stuck(view))) from None
            if shortcut is None and words[0].lower() not in _VERBS:
                raise self._no_move(said, view, verbs) from None
            if shortcut is None:
                raise
            return shortcut

    def _no_move(self, said: str, view: View, verbs: set[str]) -> _NotAMove:
        """The refusal of a line ``said`` that names no move: the choices of the moment,
        and how a card is written where a card may be played, discarded or kept."""
        written = ("said in words, such as the ten of spades, or written rank then suit"
                   if self.words else "written rank then suit: JH, 10S")
        cards = f" (a card is {written})" if verbs & {"play", "discard", "keep"} else ""
        return _NotAMove(f"{quoted(said)} is not a move here: {_choices(view)}{cards}")

    # --- showing -----------------------------------------------------------------------

    def _prompt(self, view: View) -> str:
        legal = ordered_moves(view)  # numbered as "Your cards" shows the cards
        if len(legal) <= MENU_MAX:
            choices = "  ".join(f"{i}) {_glossed(text, view)}"
                                for i, text in enumerate(legal, 1))
        else:
            choices = (f"keep five of your ten: type them, e.g. {_keep_example(view)}, "
                       "or their places in Your cards (1 2 3 4 5; 0 is the tenth)")
        whose = f" ({STUCK})" if stuck(view) else ""
        return f"Your move{whose}: {choices}  (hint, help)\n> "

    def _show(self, *, brief: bool = False) -> None:
        """The table as the player sees it; ``brief``: the trick and their cards."""
        lines = describe_view(self.view(), self.names, brief=brief,
                             say_turned_down=True)
        for line in lines:
            self.write("  " + line)

    def _tricks(self) -> None:
        """The finished tricks of this hand: who led, each card, who took it."""
        lines = self.trick_lines()
        for line in lines or ["  No trick has been played yet in this hand."]:
            self.write(line)

    def _saved(self, *, last: bool = False) -> None:
        """Write the record now, and say so when that failed (the game goes on) or it
        was written elsewhere (``last``: the game stops or is over, see
        :meth:`Session.save_record <cutthroat.session.Session.save_record>`)."""
        warning = self.save_record(last=last)
        if warning is not None:
            self.write(warning)


class _NotAMove(CutthroatError):
    """A line that names no move here."""


class _NotNow(CutthroatError):
    """A line that names a move, well written, that is not one of this moment (as the
    rules refuse one): said without how to write a move."""


def _keep_places(text: str, view: View) -> Action | None:
    """A keep written as the places of five cards in ``Your cards`` (``1 2 3 4 5``, or
    ``keep 3 4 7 9 0``: 1 to 9, and 0 for the tenth, as the table's keys; or the five
    keys in a row, ``13579``), else ``None``; places out of the row or twice are
    refused, as is any other line of numbers at a keep.

    >>> from cutthroat import Game
    >>> from cutthroat.render import format_cards
    >>> game = Game(seed=0, first_dealer=2)
    >>> hand = game.deal()
    >>> for move in ("order", "pickup", "discard TC", "dummy"):
    ...     _ = game.push(move)
    >>> view = game.view(0)
    >>> format_cards(view.cards, view.trump)
    'KD TH JH QH AH QS AS KC AC JS'
    >>> str(_keep_places("2 3 7 9 0", view)), str(_keep_places("23790", view))
    ('keep AC TH JH JS AS', 'keep AC TH JH JS AS')
    >>> _keep_places("237", view)
    Traceback (most recent call last):
      ...
    cutthroat.terminal._NotAMove: a keep by places takes five different places in Your \
cards, 1 to 9 and 0 for the tenth, not '237'
    """
    words = text.replace(",", " ").split()
    if words[:1] and words[0].lower() == "keep":
        words = words[1:]
    if not any(legal.startswith("keep ") for legal in view.legal[:1]) or not words \
            or not all(w.isdecimal() for w in words):
        return None
    typed = " ".join(words)
    if len(words) == 1 and len(words[0]) == 5:  # the five keys pressed in a row
        words = list(words[0])
    shown = sort_cards(view.cards, view.trump)
    places = [(10 if int(w) == 0 else int(w)) if len(w) <= 2 else 0 for w in words]
    if len(places) != 5 or len(set(places)) != 5 or not all(1 <= n <= len(shown)
                                                             for n in places):
        raise _NotAMove(f"a keep by places takes five different places in Your cards, "
                        f"1 to 9 and 0 for the tenth, not {quoted(typed)}")
    return Action.parse("keep " + " ".join(str(shown[n - 1]) for n in places))


def _keep_example(view: View) -> str:
    """Five of the player's own cards, as an example of how to write a keep."""
    return " ".join(str(c) for c in sorted(view.cards)[:5])


def _what_to_type(view: View) -> str:
    """What the player may type now, for a line that said nothing: the numbers of the
    list and a move as the game writes it (one of the player's own).

    >>> from cutthroat import Game
    >>> game = Game(seed=5)
    >>> hand = game.deal()
    >>> _what_to_type(game.view(hand.to_act))
    "1-2, a move such as 'pass'"
    """
    legal = ordered_moves(view)
    if len(legal) > MENU_MAX:
        return f"five of your cards, such as '{_keep_example(view)}'"
    return f"{number_keys(len(legal))}, a move such as '{legal[0]}'"


def _picks_up(text: str, view: View) -> bool:
    """Whether a line (its phrases read already) takes the up-card: ``pickup``, "pick it
    up" (read as ``pickup``), or either with the up-card named, "pick up KH" (R8)."""
    words = text.split()
    if len(words) > 1 and _cards(words[-1:]) == [view.upcard]:
        words = words[:-1]
    said = " ".join(words).lower()
    return _SAID.get(said, said) == "pickup"


def _glossed(move: str, view: View) -> str:
    """A move as the prompt lists it: the dealer's ``order`` with what it does, ``order
    (pick up KD)``, as the full-screen table's button says it (R7, R8)."""
    if move == "order" and view.seat == view.dealer:
        return f"order (pick up {view.upcard})"
    return move


def _choices(view: View) -> str:
    """The seat's choices now, in words: the moves, or what a keep of five needs."""
    if len(view.legal) > MENU_MAX:
        return "keep five of your ten cards"
    return "your choices are " + ", ".join(ordered_moves(view))  # as numbered


def resumed(text: str, seed: int) -> Game:
    """A game from its record, its later deals drawn from ``seed`` and the number of
    hands already dealt (a record does not hold a random generator's state). A record
    of no hand yet (saved before the first deal) is the game ``seed`` starts: its first
    dealer and deals are those of ``Game(seed=seed)`` (R4: drawn, not seat 0)."""
    game = rec.replay(text)
    if not game.hands:
        return rec.replay(text, seed=seed)
    game.rng = random.Random(f"{seed}:{len(game.hands)}")
    return game
