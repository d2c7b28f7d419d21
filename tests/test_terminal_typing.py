"""Typing anything at the line game (``cutthroat play --plain``, docs/play.md "What you
type"): property tests whose player types a random mix of lines, drawn one at a time
from what the game shows at that moment.

The lines are legal moves in every spelling docs/play.md promises (a number from the
prompt's list, the record's text, a card alone, ``10H``, ``J♥``, words, what players say
at a table, a keep by its cards or by places in ``Your cards``), moves well written but
not possible now (a card not held, a card that does not follow suit, a bid out of its
round), the commands, garbage (blank lines, 10,000 characters, control and escape
sequences, combining marks, right-to-left marks, emoji, NUL, undecodable bytes, numbers
out of range), and EOF or Ctrl-C at any prompt or while a bot thinks. What must hold
whatever is typed:

1. the session ends only as documented (the game over, or stopped and saved);
2. a line the game cannot take changes nothing and is answered in one short line of
   words;
3. a legal line is the move the engine makes of that action, told at once;
4. the record on disk is the game at every prompt and at the end, and it loads and
   resumes to the same position: nothing the player did is lost;
5. no card the player's seat may not know shows before the hand ends (R14).
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cutthroat import Action, Card, Game, Rules, Suit, deck
from cutthroat import record as rec
from cutthroat.bots import Bot
from cutthroat.cards import Rank
from cutthroat.howto import how_to_play_text
from cutthroat.session import NOTHING_TO_UNDO, Session
from cutthroat.spoken import in_words
from cutthroat.terminal import AGAIN, HELP, TerminalGame, resumed, seat_names
from cutthroat.typed_moves import SUIT_SYMBOLS, in_letters
from cutthroat.views import View
from strategies import known_mask, rules_st, seats, seeds
from test_terminal import CARD
from test_terminal_findings import at_the_keep, line_game

MAX_LINES = 80
"""After this many lines typed in one game, the player only makes legal moves (plain
record text), so that every example ends."""

REFUSAL_MAX = 700
"""A refusal is one short line, whatever was typed (a pasted page is not echoed): the
longest, the twelve moves of a trick listed in words, are some 500 characters."""

TEACHING = ("(a card is written rank then suit: JH, 10S)", "(write rank then suit, e.g. JH)",
            "e.g. play JH", "e.g. discard JH", "e.g. JH", "e.g. keep 9S JH JS QD TC",
            "such as the ten of spades")
EXAMPLES = re.compile("|".join(re.escape(text) for phrase in TEACHING
                               for text in (phrase, in_words(phrase))))
"""How a refusal teaches a card is written: its examples are no cards of the deal."""
WORDED = re.compile(r"\b([2-9TJQKA][CDHS]|JO)\b|(?i:\b(seven|eight|nine|ten|jack|queen|king|"
                    r"ace) of (clubs|diamonds|hearts|spades)\b|\b(joker)\b)")
"""A card written as a code or said in words (``play --words``)."""

RANK_WORDS = dict(zip("789TJQKA", ("seven", "eight", "nine", "ten", "jack", "queen", "king",
                                   "ace"), strict=True))
RANK_CODES = {word: code for code, word in RANK_WORDS.items()}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}

SAID = {  # docs/play.md, "What you type": what players say at a table, by move
    "pass": ("pass", "PASS", "I pass", " pass "),
    "order": ("order", "I order it up", "I assist", "I accept", "Order it up!", "order up"),
    "pickup": ("pickup", "pick it up", "Pick it up"),
    "leave": ("leave", "leave it"),
    "dummy": ("dummy", "take the dummy"),
    "alone": ("alone", "go alone", "Go alone"),
}

COMMANDS = ("help", "?", "show", "table", "tricks", "rules", "HELP", " Show ", "Tricks")
WORDS = {"help", "?", "hint", "h", "show", "table", "tricks", "undo", "u", "rules", "quit",
         "exit", "q"}
"""Every command word (docs/play.md, with the table's keys and the aliases ``?``,
``table`` and ``exit``)."""
QUITS = ("quit", "exit", "q", "Q", " QUIT ")
UNDOS = ("undo", "u", "U", " Undo ")

GARBAGE = (  # none of them a move, a command or blank: each refused in one line
    "\x1b[2J", "\x1b[31mpass\x1b[0m", "\x1b]0;owned\x07", "\x00", "pass\x00", "\x00order",
    "\u202epass", "\u200fJH", "\u0301\u0301\u0301", "e\u0301", "\U0001f0a1", "\U0001f0cf",
    "\U0001f600 pass", "\ufeff", "\u200b", "\u00b2", "\u00b9\u00b2", "-1", "+1", "1.5",
    "1e3", "0x1", "1 pass", "xyz", "play", "call", "keep", "play play", "\udcff\udcfe",
    "play \udc80", "\ud800", "\udfff JH", "9" * 40, "0" * 40, "\x7f", "\x08\x08\x08",
    "\t\x0c\x0bX", "ZZ", "11H", "1H", "JX", "JOO", "pass order", "order order", "I fold",
)
BLANK = ("", " ", "\t", "   \t  ", "\u3000", "\u2028", "\x1c", "\x85", "\r")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Characters that no line written may carry: they would drive the terminal (ESC), hide
text or turn it around (bidi overrides), or cut the line (NUL)."""

KINDS = ("legal",) * 16 + ("illegal",) * 5 + ("garbage",) * 4 + ("long",) + ("blank",) \
    + ("text",) * 2 + ("number",) * 2 + ("command",) * 3 + ("undo",) * 2 + ("hint",) \
    + ("quit", "eof", "interrupt")
"""What the player types next, drawn uniformly (shrinking towards a legal move)."""


def card_spellings(card: Card, trump: Suit | None) -> list[str]:
    """Every way docs/play.md says a card may be typed."""
    if card.is_joker:
        return ["JO", "jo", "the joker", "Joker"]
    text = str(card)
    rank, suit = text[0], text[1]
    numeral = "10" if rank == "T" else rank
    out = [text, text.lower(), f"{numeral}{suit}", f"{rank}{SYMBOLS[suit]}",
           f"{numeral}{SYMBOLS[suit]}", f"the {RANK_WORDS[rank]} of {SUIT_WORDS[suit]}",
           f"{RANK_WORDS[rank].title()} of {SUIT_WORDS[suit].title()}"]
    if trump is not None and card.rank is Rank.JACK:
        if card.suit is trump:
            out.append("the right bower")
        elif card.suit is trump.partner:
            out.append("the left bower")
    return out


def card_words(card: Card) -> str:
    """A card in words, without its article: "nine of clubs", "joker"."""
    if card.is_joker:
        return "joker"
    text = str(card)
    return f"{RANK_WORDS[text[0]]} of {SUIT_WORDS[text[1]]}"


def suit_spellings(verb: str, suit: str) -> list[str]:
    """Every way a suit may be named (``call H``, ``trump S``, ``H``, ``hearts``)."""
    word = SUIT_WORDS[suit]
    alone = [] if suit == "H" else [suit, suit.lower()]  # h is the hint, not hearts
    return [f"{verb} {suit}", f"{'trump' if verb == 'call' else 'call'} {suit}", *alone,
            word, word.title(), f"call {word}", f"Trump {word.title()}"]


def cards_in(text: str) -> list[str]:
    """The cards ``text`` names, as codes or in words, in its order (as codes)."""
    found = []
    for match in WORDED.finditer(text):
        code, rank, suit, joker = match.groups()
        if code is not None:
            found.append(code)
        elif joker is not None:
            found.append("JO")
        else:
            found.append(RANK_CODES[rank.lower()] + suit[0].upper())
    return found


def listed(prompt: str) -> dict[str, int]:
    """The numbered moves of a prompt, ``{move: number}`` (the dealer's ``order (pick up
    KC)`` as ``order``)."""
    pairs = re.findall(r"(\d+)\) (.*?)(?=  \d+\) |  \(hint, help\))", prompt)
    return {re.sub(r" \(pick up [^)]*\)$", "", text): int(number) for number, text in pairs}


def shown_cards(out: list[str]) -> list[str]:
    """The cards of the last ``Your cards`` line written, in its order."""
    line = next(line for line in reversed(out) if line.startswith("  Your cards: "))
    return cards_in(line.removeprefix("  Your cards: "))


def legal_spellings(action: str, view: View, prompt: str, out: list[str], *,
                    words: bool = False) -> list[str]:
    """The lines docs/play.md says mean ``action`` (one of ``view.legal``) now
    (``words``: the game says its cards in words, ``play --words``)."""
    verb, *rest = action.split()
    lines = [action, action.lower(), "\t" + "\t".join(action.split()), f"  {action}  "]
    number = listed(prompt).get(in_words(action) if words else action)
    if number is not None:
        lines += [str(number), f" {number} ", f"0{number}"]
    if verb in SAID:
        lines += SAID[verb]
    if verb == "order" and view.seat == view.dealer:  # R7, R8: the dealer's order
        lines += ["pick it up", f"pick up {view.upcard}"]
    if verb in ("call", "trump"):
        lines += suit_spellings(verb, rest[0])
    if verb in ("play", "discard"):
        card = Card.parse(rest[0])
        for said in card_spellings(card, view.trump):
            lines += [said, f"{verb} {said}"]
    if verb == "keep":
        cards = [Card.parse(text) for text in rest]
        order = shown_cards(out)
        places = [str((order.index(text) + 1) % 10) for text in rest]
        named = [card_words(card) for card in cards]
        lines += [" ".join(rest), "keep " + ", ".join(rest), ", ".join(rest).lower(),
                  " ".join(places), "keep " + " ".join(reversed(places)),
                  "keep " + ", ".join(places),
                  "keep the " + ", ".join(named[:4]) + " and " + named[4],
                  "the " + " ".join(f"{name}," for name in named)]
    return lines


def illegal_lines(view: View, game: Game) -> list[str]:
    """Moves well written that the rules refuse now: a card not held, a card that does
    not follow suit, a bid or a card out of its phase."""
    legal = set(view.legal)
    verbs = {text.split()[0] for text in legal}
    held = set(view.cards)
    hand = game.hand
    assert hand is not None
    others = [c for c in deck(view.rules.deck) if c not in held]
    lines = []
    for verb in ("pass", "order", "leave", "dummy", "alone"):
        if verb not in legal:
            lines.append(verb)
    if "pickup" not in legal and not ("order" in legal and view.seat == view.dealer):
        lines.append("pickup")  # (the dealer's order is "pick it up" too)
    naming = verbs & {"call", "trump"}
    for suit in "CDHS":
        if not any(text.endswith(f" {suit}") for text in legal if text.split()[0] in naming):
            lines.append(f"call {suit}")  # the turned-down suit (R9), or not in the bidding
    if view.cards:
        mine = sorted(view.cards)
        for verb in ("play", "discard"):
            lines += [f"{verb} {c}" for c in mine if f"{verb} {c}" not in legal][:3]
        if "keep" not in verbs:
            lines.append("keep " + " ".join(str(c) for c in mine[:5]))
    if others:
        stranger = str(others[len(others) // 2])
        lines += [f"play {stranger}", f"discard {stranger}"]
        if verbs & {"play", "discard"}:
            lines.append(stranger)  # a card alone names a move in play or a discard only
        lines.append(f"play {card_words(others[0])}")
        if "keep" in verbs:
            lines.append("keep " + " ".join([stranger, *(str(c) for c in sorted(held)[:4])]))
    return [line for line in lines if line not in legal]


def typed_cards(line: str, trump: Suit | None) -> set[str]:
    """The cards a typed line names, in any spelling: a refusal may repeat them."""
    text = in_letters(line.translate(SUIT_SYMBOLS), trump).upper()
    text = re.sub(r"\b10([CDHS])\b", r"T\1", text)
    return set(CARD.findall(text)) | set(CARD.findall(line.upper())) | set(cards_in(line))


@dataclass
class Pending:
    """A line typed, waiting to be checked once the game answered it."""

    kind: str
    line: str
    before: str = field(repr=False)
    """The game's record when the line was typed."""
    game: Game = field(repr=False)
    """A copy of the game then, for the engine to play the action on."""
    view: View = field(repr=False)
    at: int
    """How many lines had been written then."""
    action: str | None = None
    could_undo: bool = False
    told: bool = False


@dataclass
class Player:
    """The reader and writer of a :class:`TerminalGame`: draws each line from what the
    game shows, checks each answer, and the R14 property on every line written."""

    data: st.DataObject
    save: Path
    seat: int
    table: TerminalGame | None = None
    out: list[str] = field(default_factory=list)
    pending: Pending | None = None
    typed: int = 0
    known: dict[int, set[str]] = field(default_factory=dict)
    ended_by: str | None = None
    stops: bool = True
    """Whether the player may stop (quit, EOF, Ctrl-C) before the game is over."""
    words: bool = False
    """Whether the game says its cards in words (``play --words``)."""
    writes: int = 0
    interrupt_write: int | None = None
    """The line written during which Ctrl-C is pressed (``None``: never)."""
    finished: list[tuple[Path, str]] = field(default_factory=list)
    """Each game over before this one at the table: its record file and record."""

    @property
    def game(self) -> Game:
        assert self.table is not None
        return self.table.game

    # --- R14 ----------------------------------------------------------------------

    def hidden_check(self, line: str, *, typed: str = "") -> None:
        """No card the seat may not know (now, or earlier in this hand: a card taken
        back by an undo stays seen) shows while the hand is being played (R14)."""
        hand = self.game.hand
        if hand is None or hand.is_over:
            return  # between hands, or the hand over and its cards turned over
        if line in (HELP, how_to_play_text(hand.rules)):
            return  # how a card is written, its examples no cards of this deal
        assert self.table is not None
        known = self.known.setdefault(self.table.number * 1000 + len(self.game.hands), set())
        mask = known_mask(hand, self.seat)
        known |= {str(card) for card in deck(hand.rules.deck) if mask & card.bit}
        line = EXAMPLES.sub("", line)
        shown = set(cards_in(line)) - typed_cards(typed, hand.trump)
        assert shown <= known, (shown - known, line)

    def write(self, line: str) -> None:
        self.writes += 1
        if self.writes == self.interrupt_write and self.ended_by is None \
                and self.game.hand is not None and not self.game.is_over:
            self.ended_by = "interrupt"  # Ctrl-C while the game writes, mid-game
            self.pending = None  # (the move being told, if any, is made and saved)
            raise KeyboardInterrupt
        assert "Traceback" not in line, line
        assert not CONTROL.search(line), line
        pending = self.pending
        self.hidden_check(line, typed=pending.line if pending is not None and
                          line.startswith("Not possible: ") else "")
        if pending is not None and not pending.told and rec.dumps(self.game) != pending.before:
            # the first line after a move: the engine's move, saved before it is told
            pending.told = True
            if pending.kind in ("legal", "text"):
                self.check_move(pending)
        self.out.append(line)

    def check_move(self, pending: Pending) -> None:
        """The line was taken as a move: the game is the engine's after that move
        (property 3), and the record on disk holds it before it is told (property 4)."""
        legal = pending.view.legal
        hand = self.game.hand
        assert hand is not None
        move = hand.moves[-1] if len(self.game.hands) == len(pending.game.hands) \
            and hand.moves else None
        assert move is not None and move.seat == self.seat, (pending, move)
        if pending.action is not None:  # the move meant
            assert str(move.action) == pending.action, (pending.line, pending.action, move)
        assert str(move.action) in legal, (pending.line, move)
        engine = pending.game
        engine.push(Action.parse(str(move.action)), self.seat)
        assert rec.dumps(self.game) == rec.dumps(engine)
        assert self.save.read_text(encoding="utf-8") == rec.dumps(self.game) + "\n"

    # --- reading ------------------------------------------------------------------

    def read(self, prompt: str) -> str:
        self.settle()
        if prompt == AGAIN:
            return self.again()
        assert self.table is not None
        game, self.save = self.game, self.table.save or self.save
        view = game.view(self.seat)
        assert view.to_act == self.seat and view.legal
        # property 4: everything so far is on disk whenever the player is asked
        assert self.save.read_text(encoding="utf-8") == rec.dumps(game) + "\n"
        self.hidden_check(prompt)
        assert not CONTROL.search(prompt), prompt
        self.typed += 1
        draw = self.data.draw
        kind = draw(st.sampled_from(KINDS)) if self.typed < MAX_LINES else "legal"
        if kind in ("quit", "eof", "interrupt") and not self.stops:
            kind = "legal"
        action = None
        if kind == "legal":
            action = draw(st.sampled_from(view.legal))
            spellings = legal_spellings(action, view, prompt, self.out, words=self.words)
            line = draw(st.sampled_from(spellings)) if self.typed < MAX_LINES else action
        elif kind == "illegal":
            line = draw(st.sampled_from(illegal_lines(view, game)))
        elif kind == "garbage":
            line = draw(st.sampled_from(GARBAGE))
        elif kind == "long":
            piece = draw(st.sampled_from(("x", "J", "1 ", "9", "0", "play ", "\u0301",
                                          "\U0001f600", "\x1b[2J", "JH ", "keep ", "\x00")))
            line = draw(st.sampled_from(("", "play ", "keep ", "0 "))) + piece * (
                10_000 // len(piece))
        elif kind == "blank":
            line = draw(st.sampled_from(BLANK))
        elif kind == "text":
            line = draw(st.text(max_size=20).filter(
                lambda text: text.strip().lower() not in WORDS))
        elif kind == "number":
            count = len(view.legal)
            line = draw(st.sampled_from(("0", str(count + 1), "13", "1000000", str(10**30),
                                         "9" * 5000, "0" * 5000 + str(count + 1))))
        elif kind == "command":
            line = draw(st.sampled_from(COMMANDS))
        elif kind == "undo":
            line = draw(st.sampled_from(UNDOS))
        elif kind == "hint":
            line = draw(st.sampled_from(("hint", "h", "H")))
        elif kind == "quit":
            line = draw(st.sampled_from(QUITS))
        else:
            self.pending = None
            self.ended_by = kind
            raise EOFError if kind == "eof" else KeyboardInterrupt
        hand = game.hand
        assert hand is not None
        event(f"typed: {kind}")
        self.pending = Pending(kind, line, rec.dumps(game), game.copy(), view, len(self.out),
                               action, hand.can_take_back(self.seat))
        if kind == "quit":
            self.ended_by = kind
        return line

    def again(self) -> str:
        """Answer the question once a game is over: its record is all on disk; ``y``
        starts the next game at the table, with a new record (docs/play.md, Playing
        again)."""
        game = self.game
        assert game.is_over and self.table is not None
        self.saved_check()
        answer = self.data.draw(st.sampled_from(("y", "yes", " Y ", "n", "", "no", "\x1b[2J",
                                                 "eof", "interrupt")))
        if answer in ("eof", "interrupt"):
            raise EOFError if answer == "eof" else KeyboardInterrupt
        if answer.strip().lower() in ("y", "yes"):
            self.finished.append((self.save, rec.dumps(game)))
            self.typed = 0
        return answer

    def saved_check(self) -> None:
        """The record on disk is the game, and loads and resumes to the same position:
        nothing the player did is lost (property 4)."""
        assert self.table is not None
        game, self.save = self.game, self.table.save or self.save
        text = self.save.read_text(encoding="utf-8")
        assert text == rec.dumps(game) + "\n"
        loaded = rec.load(self.save)
        assert rec.dumps(loaded) == rec.dumps(game)
        again = resumed(text, 0)  # as --resume reads it
        assert rec.dumps(again) == rec.dumps(game)
        assert again.scores == game.scores and again.is_over == game.is_over
        if game.hand is not None and not game.hand.is_over:
            assert again.view(self.seat) == game.view(self.seat)

    def settle(self) -> None:
        """Check the answer to the last line typed (properties 2 and 3)."""
        pending, self.pending = self.pending, None
        if pending is None or pending.kind == "quit":
            return
        said = self.out[pending.at:]
        changed = rec.dumps(self.game) != pending.before
        kind, line = pending.kind, pending.line
        if kind == "legal" or (kind == "text" and changed):
            assert pending.told and changed, (line, said)
            assert said and said[0].startswith("You "), (line, said)
            return
        if kind == "undo":
            if pending.could_undo:
                assert said and said[0].startswith("Took back "), (line, said)
                before = pending.game.hand
                hand = self.game.hand
                assert before is not None and hand is not None
                mine = [n for n, move in enumerate(before.moves) if move.seat == self.seat]
                assert len(self.game.hands) == len(pending.game.hands)
                assert [str(m) for m in hand.moves] == [str(m) for m in before.moves[:mine[-1]]]
            else:
                assert not changed, (line, said)
                assert len(said) == 1, said
                assert said[0] == NOTHING_TO_UNDO or said[0].startswith("Not possible: ")
            return
        assert not changed, (kind, line, said)  # property 2: nothing moves
        if kind in ("command", "hint"):
            assert said and not any(s.startswith("Not possible") for s in said), said
            word = line.strip().lower()
            text = "\n".join(said)
            if word in ("help", "?"):
                assert HELP in text
            elif word in ("show", "table"):
                assert f"Hand {len(self.game.hands)}" in said and "Your cards" in text
            elif word == "tricks":
                assert said[0].startswith("  Trick ") or said == [
                    "  No trick has been played yet in this hand."], said
            elif word == "rules":
                assert how_to_play_text(self.game.rules) in said
            else:
                assert any(s.startswith("Hint: ") for s in said), said
            return
        assert len(said) == 1, (line, said)  # one line says why, in words
        answer = said[0]
        if not line.strip():
            assert answer.startswith("Type a move: ") and answer.endswith(", or 'help'."), said
            return
        assert answer.startswith("Not possible: ") and answer.endswith("."), (line, said)
        assert len(answer) < REFUSAL_MAX, (len(answer), answer[:300])
        if kind == "illegal":  # well written: the reason alone, not how to write a move
            assert "Type help" not in answer, (line, answer)

    def finish(self, over: bool) -> None:
        """The session's end (property 1, 4): as documented, every move on disk."""
        self.settle()
        assert self.table is not None
        game, self.save = self.game, self.table.save or self.save
        last = self.out[-1]
        if self.ended_by is None:
            assert over and game.is_over
            assert any(line.startswith("\nGame over after ") for line in self.out)
        elif game.is_over:  # Ctrl-C just as the game's last move was made: over, said so
            assert over, self.ended_by
            assert any(line.startswith("\nGame over after ") for line in self.out)
            assert not any(line.startswith("Stopped") for line in self.out)
            assert last.endswith(str(self.save)), last  # how to have it reviewed
        else:
            assert not over, self.ended_by
            assert last.startswith("Stopped. The game is saved: "), last
            assert str(self.save) in last
        self.saved_check()
        for path, text in self.finished:  # a finished game's record is never written over
            assert path != self.save and path.read_text(encoding="utf-8") == text + "\n"


class Interrupting:
    """A bot that is Ctrl-C'd while it thinks at the ``at``-th move of the bots."""

    def __init__(self, bot: Bot, count: list[int], at: int | None, player: Player) -> None:
        self.bot, self.count, self.at, self.player = bot, count, at, player
        self.name = getattr(bot, "name", "random")

    def choose(self, view: View) -> Action | str | int:
        self.count[0] += 1
        if self.count[0] == self.at and self.player.ended_by is None:
            self.player.ended_by = "interrupt"
            self.player.pending = None
            raise KeyboardInterrupt
        return self.bot.choose(view)


def typing_table(data: st.DataObject, folder: Path, rules: Rules, seed: int, seat: int,
                 bot_interrupt: int | None, *, save_interrupt: int | None = None,
                 words: bool = False, again: bool = False) -> tuple[TerminalGame, Player]:
    """A line game of the player at ``seat`` against two random bots, saved in
    ``folder``, its input drawn by a :class:`Player` (``words``: ``play --words``;
    ``again``: another game offered once one is over)."""
    save = folder / "game.json"
    player = Player(data, save, seat, words=words)
    table = TerminalGame(Game(rules, seed=seed, players=seat_names(seat)), seat,
                         ["random", "random"], seed=seed, read=player.read,
                         write=player.write, save=save, hint_samples=4, again=again,
                         words=in_words if words else None)
    player.table = table
    count = [0]

    def interrupting() -> dict[int, Bot]:
        return {s: Interrupting(bot, count, bot_interrupt, player)  # type: ignore[misc]
                for s, bot in Session.make_bots(table).items()}

    table.make_bots = interrupting  # type: ignore[method-assign]
    table.bots = table.make_bots()
    saves = [0]
    save_record = table.save_record

    def interrupted(*, last: bool = False) -> str | None:
        """Ctrl-C at the ``save_interrupt``-th save: a move made, not yet written."""
        saves[0] += 1
        if saves[0] == save_interrupt and not last and player.ended_by is None:
            player.ended_by = "interrupt"
            player.pending = None
            raise KeyboardInterrupt
        return save_record(last=last)

    table.save_record = interrupted  # type: ignore[method-assign]
    return table, player


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), rules=rules_st(targets=st.integers(1, 3)), seed=seeds, seat=seats,
       bot_interrupt=st.none() | st.integers(1, 120),
       write_interrupt=st.none() | st.integers(1, 400),
       save_interrupt=st.none() | st.integers(1, 120), words=st.booleans(), again=st.booleans())
def test_R14_whatever_is_typed_the_game_takes_only_legal_moves_and_loses_nothing(
        data: st.DataObject, rules: Rules, seed: int, seat: int, bot_interrupt: int | None,
        write_interrupt: int | None, save_interrupt: int | None, words: bool,
        again: bool) -> None:
    """A player typing a random mix of legal moves in every documented spelling, moves
    the rules refuse, commands, garbage, EOF and Ctrl-C (at a prompt or while a bot
    thinks): every legal line is the engine's move and is told, every other line
    changes nothing and is answered in one short line of words, the record on disk is
    the game at every prompt and at the end (and loads and resumes to the same
    position), the session ends only as documented, and no hidden card is shown (R14)."""
    folder = Path(tempfile.mkdtemp())
    try:
        table, player = typing_table(data, folder, rules, seed, seat, bot_interrupt,
                                     save_interrupt=save_interrupt, words=words, again=again)
        player.stops = data.draw(st.booleans())
        player.interrupt_write = write_interrupt if player.stops else None
        over = table.play()
        player.finish(over)
        event(f"ended by {player.ended_by or 'the game over'}")
        event(f"hands played: {len(table.game.hands)}")
    finally:
        shutil.rmtree(folder)


def test_R12_a_keep_by_places_of_a_pasted_page_is_answered_in_a_short_line() -> None:
    """Found by the property above: at a keep (R12), a line of numbers (ten thousand
    "1 ") was refused by repeating it whole, a refusal of 10,141 characters
    (terminal.py ``_keep_places``: the places typed are not cut short as ``quoted``
    cuts every other line typed)."""
    game, seat = at_the_keep()
    player, out, _ = line_game(game, seat, ["1 " * 5000, "keep " + "2 3 " * 2500])
    assert player.play() is False
    refused = [line for line in out if line.startswith("Not possible")]
    assert len(refused) == 2 and all("five different places" in line for line in refused)
    assert all(len(line) < 200 for line in refused), [len(line) for line in refused]
