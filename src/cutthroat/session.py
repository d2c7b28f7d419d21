"""One player's game against two bots, as both terminal front ends play it.

The line game (:class:`~cutthroat.terminal.TerminalGame`) and the full-screen table
(:mod:`cutthroat.tui`) differ only in how they read and show; what a move does is here,
free of any input or output: the bots and their seeds, the record rewritten after
every move, the player's undo, the hint and the coach, and the sentences that tell the
moves, a trick won, a hand's end and the game's end. Everything told is told as the
player's seat may know it (R14): from :meth:`Game.view <cutthroat.Game.view>` and its
public log; a hand's deal only once the hand is over.

>>> from cutthroat import Game
>>> game = Game(seed=7, players=("You", "Left", "Right"))
>>> hand = game.deal()
>>> session = Session(game, 0, ["random", "random"])
>>> before = session.view()
>>> hand.to_act, session.names[hand.to_act]
(2, 'Right')
>>> move = game.push(session.bot_choice(game.view(2)), 2)
>>> session.news(before)
['Right passes']

The games played one after another at one table (:class:`Sitting`): once a game is over,
:meth:`Session.next_game` starts the next with the same bots, rules and seat, its seed
and its record chosen as :class:`Sitting` says.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from . import record as rec
from .actions import Action
from .bots import Bot, make_bot
from .bots.base import bot_choose
from .bots.expert import Analysis
from .bots.hints import hint, hint_lines, views_before
from .bots.review import MARGIN, check_budget, describe_verdict, second_opinion, worth_asking
from .cards import sort_cards
from .game import Game
from .render import (
    describe_deal,
    describe_move,
    describe_plays,
    describe_result,
    everybody_passed,
    level_on_top,
    lone_defence_note,
    scores_text,
    tricks_text,
)
from .scoring import HandResult
from .sitting import GAMES, Sitting, default_save, fallback_folders, new_seed
from .state import Phase
from .views import View

__all__ = ["CARD_VERBS", "COACH_MARGIN", "GAMES", "NOTHING_TO_UNDO", "STUCK",
           "Session", "Sitting", "command_on", "default_save", "fallback_folders", "new_seed",
           "number_keys", "numbers_to_choose", "ordered_moves", "program", "stopped_by", "stuck",
           "took_back"]

DEFAULT_BOTS = ("expert", "expert")
"""The bots of ``cutthroat play`` without ``--bots``, on the player's left and right."""

COACH_MARGIN = MARGIN
"""The coach speaks up when the expert's choice is worth at least this much more chance
to win the game than the player's, on the same sampled deals (the review's
:data:`~cutthroat.bots.review.MARGIN`: smaller edges are mostly the samples' noise)."""

NOTHING_TO_UNDO = "Nothing to undo: you have not moved yet in this hand."
"""What an undo says when the player has made no move in the hand."""

def number_keys(count: int) -> str:
    """The numbers that choose among ``count`` moves, as a prompt says them.

    >>> number_keys(1), number_keys(4)
    ('1', '1-4')
    """
    return "1" if count == 1 else f"1-{count}"


def numbers_to_choose(count: int) -> str:
    """What a number typed that names no move is told, with ``count`` moves numbered.

    >>> numbers_to_choose(3), numbers_to_choose(1)
    ('choose a number from 1 to 3', 'choose 1, the only move')
    """
    return "choose 1, the only move" if count == 1 else f"choose a number from 1 to {count}"



def took_back(moves: Sequence[str]) -> str:
    """What an undo says once it took the player's last move back: each move taken
    back, in the order they were made, as the player saw them told (R14: a bot's
    discard stays face down).

    >>> took_back(["You pass", "Left orders up the KC"])
    'Took back 2 moves: You pass; Left orders up the KC.'
    >>> took_back(["You play 9H"])
    'Took back your move: You play 9H.'
    """
    said = "your move" if len(moves) == 1 else f"{len(moves)} moves"
    return f"Took back {said}: {'; '.join(moves)}."


CARD_VERBS = ("play", "discard")
"""The moves that name one of the player's cards."""


def ordered_moves(view: View) -> list[str]:
    """The seat's legal moves in the order both front ends number them: the moves that
    name one of its cards (play, discard) in the order its cards are shown (by suit,
    trumps together and last: :func:`~cutthroat.cards.sort_cards`, the line game's
    ``Your cards`` and the table's row alike), so that a player counting along the row
    of cards presses the card's number; ``pass`` first wherever it is a move, so that
    1 passes in both rounds of bidding and when asked to defend alone (a player who
    learns "1 passes" in the first round does not name trump by it in the second);
    other moves as the game lists them.

    >>> from cutthroat import Game
    >>> game = Game(seed=5)
    >>> hand = game.deal()
    >>> ordered_moves(game.view(hand.to_act))
    ['pass', 'order']
    >>> for _ in range(3):
    ...     _ = hand.push("pass")
    >>> ordered_moves(game.view(hand.to_act))
    ['pass', 'call D', 'call H', 'call S']
    """
    place = {str(card): n for n, card in enumerate(sort_cards(view.cards, view.trump))}

    def key(text: str) -> int:
        if text == "pass":
            return -2
        return place.get(text.split()[-1], -1) if text.split()[0] in CARD_VERBS else -1

    return sorted(view.legal, key=key)


def stuck(view: View) -> bool:
    """Whether ``view``'s seat is the dealer stuck under stick the dealer (R10): the
    second round has come round to him and he may not pass, so he must name trump."""
    return (view.phase is Phase.BID_SECOND and view.to_act == view.seat
            and view.rules.stick_the_dealer and "pass" not in view.legal)


STUCK = "the dealer is stuck: you must name trump"
"""What the stuck dealer is told with his choices (:func:`stuck`)."""


_PLACE_LOST = {errno.ENOENT, errno.ENOTDIR, errno.EISDIR, errno.EACCES, errno.EPERM,
               errno.EROFS}
"""Errors of a save that say its place is gone or closed (the folder deleted, made
read-only, a folder put where the file was): trying the same file again will not do."""


def stopped_by(error: Exception) -> str:
    """What both front ends say when a bot at fault (a :class:`~cutthroat.bots.base.BotError`
    or :class:`~cutthroat.bots.base.BotMoveError`) stops the game: the error, as a
    sentence.

    >>> stopped_by(RuntimeError("the 'x' bot in seat 2 failed"))
    "The 'x' bot in seat 2 failed"
    """
    text = str(error)
    return text[:1].upper() + text[1:]


def program() -> str:
    """The ``cutthroat`` command as a player can type it here: ``cutthroat`` where it is
    on the ``PATH``, else the one beside this Python (``.venv/bin/cutthroat``, as the
    README sets it up), else ``cutthroat``."""
    import shutil
    import sys

    if shutil.which("cutthroat"):
        return "cutthroat"
    beside = Path(sys.executable).with_name("cutthroat")
    return shlex.quote(str(beside)) if beside.exists() else "cutthroat"

def command_on(verb: str, save: Path) -> str:
    """The command that runs ``cutthroat VERB`` on a saved game, as a player can type it
    here (:func:`program`, the file quoted for the shell where it needs to be):
    ``cutthroat review 'my game.txt'``."""
    return f"{program()} {verb} {shlex.quote(str(save))}"


class Session:
    """A game of one player against two bots, with no input or output of its own.

    Args:
        game: a new game, or one resumed from its record.
        seat: the player's seat.
        bots: the specs of the bots on the player's left and right.
        seed: seeds the bots (as ``cutthroat watch`` does); a hint's seed comes from the view.
        save: the record file, rewritten after every move (``None``: not saved); a
            new file elsewhere once it can no longer be written (:meth:`save_record`).
        hint_samples: deals sampled per option for a hint (default: the expert's).
        coach: whether the player's moves are coached (see :meth:`coaching`).
        sitting: how the next games at this table are seeded and saved
            (:meth:`next_game`; default: as when the player gave the seed and named
            ``save``: the next seed is ``seed + 1``, the next record beside ``save``).
    """

    def __init__(self, game: Game, seat: int, bots: Sequence[str], *, seed: int = 0,
                 save: Path | None = None, hint_samples: int | None = None,
                 coach: bool = False, sitting: Sitting | None = None) -> None:
        if seat not in (0, 1, 2):
            raise ValueError(f"seat must be 0, 1 or 2, not {seat!r}")
        if len(bots) != 2:
            raise ValueError("a terminal game takes two bots, for the seats to the "
                             "player's left and right")
        self.game = game
        self.seat = seat
        self.specs = {(seat + 1) % 3: bots[0], (seat + 2) % 3: bots[1]}
        self.seed = seed
        self.save = save
        self.unsaved: str | None = None
        """Why the last save failed (``None`` when it did not): the record on disk is
        then of an earlier moment, and the game is not said to be saved."""
        self.bot_failure: str | None = None
        """What stopped the game when a bot failed or chose a move the rules refuse
        (``None`` when none did): ``cutthroat play`` then exits with status 1."""
        self.moved_from: Path | None = None
        """The record this game was saved to until it could not be written there
        (``None``: it never moved); :attr:`save` is then the file it was moved to."""
        self._written: tuple[int, int] | None = None
        """The record file's (modification time, size) as this session last wrote it:
        another window playing the same record changes them (:meth:`save_record`)."""
        self.hint_samples = hint_samples
        self.coach = coach
        self.sitting = sitting if sitting is not None else Sitting(save=save)
        """How the next games at this table are seeded and saved."""
        self.number = 1
        """The game's number at this table: 1 for the first, then 2, 3, ... for each
        :meth:`next_game`."""
        self.bots = self.make_bots()

    def make_bots(self) -> dict[int, Bot]:
        """The bots, by seat, made anew from their specs and seeds."""
        return {s: make_bot(spec, self.seed * 3 + s) for s, spec in self.specs.items()}

    @property
    def names(self) -> tuple[str, str, str]:
        """The players' names, by seat."""
        return self.game.players

    def view(self) -> View:
        """What the player's seat may see now."""
        return self.game.view(self.seat)

    # --- moves ---------------------------------------------------------------------------

    def bot_choice(self, view: View) -> Action | str | int:
        """The move of the bot of ``view``'s seat (which must be to act) from that view.
        Reads nothing but the view, so it may run beside the game's own thread. A bot
        that fails raises :class:`~cutthroat.bots.base.BotError`, naming it."""
        return bot_choose(self.bots[view.seat], view)  # a failure: a BotError naming it

    def take_back(self) -> bool:
        """The player's undo: their last move of this hand and every move after it are
        taken back, and the bots made anew (their choices from here are those they
        would make from this position); ``False`` when the player has not moved yet.
        Refused (:class:`~cutthroat.errors.IllegalActionError`, nothing changes) for the
        move that took the dummy, whose cards the player has seen (R14), and for the
        dealer's blind call of trump, after which his cards were shown to him (R6)."""
        hand = self.game.hand
        assert hand is not None
        if not hand.take_back(self.seat):
            return False
        self.bots = self.make_bots()
        return True

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take a move back now (:meth:`Hand.can_take_back
        <cutthroat.state.Hand.can_take_back>`): the full-screen table greys its key where
        it would not."""
        hand = self.game.hand
        return hand is not None and hand.can_take_back(self.seat)

    def undo(self) -> str | None:
        """The player's undo (:meth:`take_back`), told: what it took back, each move as
        the player saw it told (:func:`took_back`); ``None`` when the player has not
        moved yet in this hand. Refused as :meth:`take_back` refuses
        (:class:`~cutthroat.errors.CutthroatError`, nothing changes)."""
        before = self.view()
        if not self.take_back():
            return None
        return took_back([describe_move(before, index, self.names)
                          for index in range(len(self.view().moves), len(before.moves))])

    def save_record(self, *, last: bool = False) -> str | None:
        """Write the record now (to a new file, then renamed over the old one, so a
        crash mid-write never leaves half a record). Returns the warning to show, else
        ``None``.

        When the file's place is gone (its folder deleted or made read-only), or
        whatever the error when this is the ``last`` save (the player stops, the game
        is over), the record is written instead to a new file in one of
        :func:`fallback_folders`, and saved there from then on (:attr:`save`,
        :attr:`moved_from`); the warning says where, and how to go on with the game.
        When it cannot be written anywhere (a full disk, say) the game goes on and
        saving is tried again after every move; the warning is given once until a
        save works again (not at every move of a full disk)."""
        if self.save is None:
            return None
        if self._changed_elsewhere():
            return self._fork()
        try:
            rec.save(self.save, self.game)
        except OSError as exc:  # a full disk must not end the game: say so, play on
            return self._not_saved(exc, last=last)
        self.unsaved = None
        self._written = self._stamp(self.save)
        return None

    @staticmethod
    def _stamp(path: Path) -> tuple[int, int] | None:
        try:
            found = path.stat()
        except OSError:
            return None
        return found.st_mtime_ns, found.st_size

    def _changed_elsewhere(self) -> bool:
        """Whether the record was written since this session last wrote it: the same
        game played in another window (``--resume`` twice), whose moves a save here
        would write over."""
        assert self.save is not None
        return self._written is not None and self._stamp(self.save) not in (
            self._written, None)

    def _fork(self) -> str:
        """After another window wrote the record: save this game to a new file beside
        it, from now on, and say so; neither window's moves are lost."""
        assert self.save is not None
        old = self.save
        new = replace(self.sitting, save=old).next_save(self.seed)  # FILE-2.json, ...
        try:
            _write_new(new, self.game)
        except OSError as exc:
            self._written = None  # written over at the next save, rather than lost
            return (f"Warning: {old} was changed by another window playing this game, and "
                    f"this one could not be saved beside it ({exc.strerror or exc}).")
        self.save, self._written = new, self._stamp(new)
        if self.moved_from is None:
            self.moved_from = old
        if self.sitting.save is not None:
            self.sitting = replace(self.sitting, save=new)
        then = "" if self.game.is_over else f" To go on with it later: {self.resume_command()}"
        return (f"Warning: {old} was changed by another window playing this game, so this "
                f"one is saved to {new} from now on, and neither is written over.{then}")

    def _not_saved(self, error: OSError, *, last: bool) -> str | None:
        """After a save to :attr:`save` failed with ``error``: save elsewhere if need
        be (see :meth:`save_record`); the warning to show, if any."""
        assert self.save is not None
        why = error.strerror or str(error)  # the reason in words, without [Errno N]
        first, self.unsaved = self.unsaved is None, why
        if not (last or error.errno in _PLACE_LOST):
            if not first:
                return None
            return (f"Warning: could not save the game to {self.save} ({why}); "
                    "it goes on, and saving is tried again after every move.")
        folders = fallback_folders(self.sitting.folder)
        where = self._save_elsewhere(folders)
        if where is None:
            if not first:
                return None
            then = "" if last else "; it goes on, and saving is tried again after every move"
            return (f"Warning: could not save the game to {self.save} ({why}), nor to a new "
                    f"file in {' or '.join(str(f) for f in folders)}{then}.")
        old, self.save, self.unsaved = self.save, where, None
        self._written = self._stamp(where)
        if self.moved_from is None:
            self.moved_from = old
        if self.sitting.save is not None:  # the next games are saved beside this one
            self.sitting = replace(self.sitting, save=where)
        then = ("" if self.game.is_over
                else f" To go on with it later: {self.resume_command()}")
        return (f"Warning: could not save the game to {old} ({why}), so it is saved to "
                f"{where} instead{'' if last else ', from now on'}.{then}")

    def _save_elsewhere(self, folders: Sequence[Path]) -> Path | None:
        """Write the record to a new file (named as :func:`default_save` names one) in
        the first of ``folders`` where that works; that file, or ``None`` when none
        would take it. A folder made for it is removed again when it would not."""
        for folder in folders:
            made = not folder.exists()
            try:
                folder.mkdir(parents=True, exist_ok=True)
                path = Sitting(folder=Path(os.path.abspath(folder))).next_save(self.seed)
                _write_new(path, self.game)
            except OSError:
                if made:
                    with contextlib.suppress(OSError):
                        folder.rmdir()
                continue
            return path
        return None

    def next_game(self) -> list[str]:
        """Start the next game at this table (once this one is over, R22): the same
        rules, names, seat, bots, hint samples and coach; a new seed and a new record
        as the :attr:`sitting` says (:meth:`Sitting.next_seed`,
        :meth:`Sitting.next_save`; a game not saved has a next not saved). The new
        record is written at once, to a new file: the finished game's is kept as it
        is. Returns the lines that tell the new game. Raises :class:`OSError` when its
        record cannot be written; this game is then left as it was."""
        seed = self.sitting.next_seed(self.seed)
        game = Game(self.game.rules, seed=seed, players=self.game.players)
        save = None if self.save is None else self.sitting.next_save(seed)
        if save is not None:
            save.parent.mkdir(parents=True, exist_ok=True)
            with save.open("x", encoding="utf-8") as file:  # "x": never over another
                file.write(rec.dumps(game) + "\n")
        self.game, self.seed, self.save = game, seed, save
        self._written = None if save is None else self._stamp(save)  # as written just now
        self.unsaved = self.moved_from = None
        self.number += 1
        self.bots = self.make_bots()
        kept = (f"Every move is saved to {save}." if save is not None
                else "It is not saved.")
        return [f"Game {self.number} at this table: the same bots and rules, a new deal "
                f"(seed {seed}). {kept}"]

    # --- the expert ----------------------------------------------------------------------

    def analyse(self, view: View, also: Sequence[Action] = (), *,
                check: bool = False) -> Analysis:
        """The expert's analysis of the decision of ``view``'s seat, as a hint gives it
        (``also``: options to value beside its own), with what the seat saw of this
        game's hands before (so the bots are read as the players they have shown
        themselves to be). A view of an earlier game (a coach's word still being worked
        out when a new game began) is analysed without them. With ``check``, the second
        look the coach takes before it speaks: on four times the deals, drawn afresh
        (:func:`~cutthroat.bots.review.check_budget`)."""
        seed, samples = (check_budget(view, self.hint_samples) if check
                         else (None, self.hint_samples))
        return hint(view, seed=seed, samples=samples, also=also,
                    earlier=views_before(self.game, view))

    def hint_lines(self, view: View) -> list[str]:
        """A hint for the player at ``view``: the expert's choice and why, then every
        option's chance to win (:func:`~cutthroat.bots.hints.hint_lines`)."""
        return hint_lines(self.analyse(view), self.names)

    def coaching(self, view: View, chosen: Action) -> list[str]:
        """The coach's word on the player's move ``chosen`` from ``view``: nothing when
        the expert agrees, or when its choice is worth less than :data:`COACH_MARGIN`
        more (nor better in the hand: :data:`~cutthroat.bots.review.POINTS_MARGIN`,
        :data:`~cutthroat.bots.review.HAND_MARGIN`), on the hint's deals or on the second
        look's (:meth:`analyse` with ``check``), whose figures it gives, saying so."""
        if not worth_asking(view):
            return []
        verdict = second_opinion(self.analyse(view, (chosen,)), chosen, COACH_MARGIN, view)
        if verdict is not None:  # checked on more deals: no "mistake" that was a lucky draw
            verdict = second_opinion(self.analyse(view, (chosen, verdict.best), check=True),
                                     chosen, COACH_MARGIN, view)
        if verdict is None:
            return []
        return [f"  Coach: {describe_verdict(verdict, second_look=True)}"]

    # --- what is told --------------------------------------------------------------------

    def news(self, before: View, advice: Sequence[str] = ()) -> list[str]:
        """What happened since the player saw ``before``, as lines: each move (the
        first of them the player's, the coach's ``advice`` on it right after it), the
        first round's end where everybody passed, a trick won, and a hand's end."""
        hand = self.game.hand
        assert hand is not None
        after = hand.view(self.seat, scores=before.scores)
        lines = []
        for index in range(len(before.moves), len(after.moves)):
            lines.append(describe_move(after, index, self.names))
            if index == len(before.moves):  # the player's move: the coach's word on it
                lines.extend(advice)
            if index == 2 and all(move.endswith(" pass") for move in after.moves[:3]):
                lines.append(f"  {everybody_passed(after)}")  # (R9: round two begins)
        if len(after.tricks) > len(before.tricks):
            trick = after.tricks[-1]
            lines.append(f"  {self.who(trick.winner)} trick {len(after.tricks)} of 5; "
                         f"tricks: {tricks_text(after, self.names)}")
        if hand.is_over:
            lines.extend(self.hand_over_lines())
        return lines

    result_first = False
    """Whether a hand's end says its result and the score before the deal turned over
    (:meth:`hand_over_lines`): the line game's, where they are heard or read from the
    top; the full-screen table's log keeps them last, in sight at its foot."""

    def hand_over_lines(self) -> list[str]:
        """The finished hand turned over: every hand as dealt, the kitty, the result
        and the score (the result first, where :attr:`result_first`)."""
        game = self.game
        hand = game.hand
        assert hand is not None and hand.result is not None
        notes = [lone_defence_note(hand.result, self.names),  # R21: why one who sat out scores
                 level_on_top(game.scores, game.rules, self.names, game.is_over)]  # R22
        deal = ["  The deal was:",
                *("  " + line for line in describe_deal(hand.dealt, self.names))]
        result = ["  " + self.result_text(hand.result),
                  f"Score: {self.scores_text(game.scores)}",
                  *(f"  {note}" for note in notes if note)]
        return result + deal if self.result_first else deal + result

    def game_over_lines(self) -> list[str]:
        """The game's end: the hands played, the winners and the final score, and how
        to have the player's choices reviewed when the game was saved."""
        game = self.game
        winners = " and ".join(self.names[s] for s in game.winners)
        said = (f"{winners} share the win" if len(game.winners) > 1  # R22, tie = share
                else f"Winner: {winners}")
        hands = len(game.hands)
        lines = [f"Game over after {hands} hand{'s' if hands != 1 else ''}. {said}. "
                 f"Final score: {self.scores_text(game.scores)}."]
        if self.save is not None and self.unsaved is not None:
            lines.append(f"The game could not be saved to {self.save} ({self.unsaved}): "
                         "the record there is of an earlier moment.")
        elif self.save is not None:
            if self.moved_from is not None:
                lines.append(f"The game could not be saved to {self.moved_from}, so it is "
                             f"saved to {self.save}.")
            lines.append(f"The expert's review of your choices: {command_on('review', self.save)}")
        return lines

    def trick_lines(self) -> list[str]:
        """The finished tricks of this hand, a line each: who led, each card, who took
        it (the line game's ``tricks``, and the table's log when a hand is resumed)."""
        view = self.view()
        return [f"  Trick {number}: {describe_plays(trick.plays, self.names)} -> "
                f"{self.names[trick.winner]}" for number, trick in enumerate(view.tricks, 1)]

    def stopped_line(self) -> str:
        """What is said when the player stops before the game is over."""
        if self.save is None:
            return "Stopped. The game is not saved: start it with --save FILE to keep it."
        if self.unsaved is not None:
            return (f"Stopped. The game could not be saved to {self.save} ({self.unsaved}): "
                    "the record there is of an earlier moment.")
        if self.moved_from is not None:
            return (f"Stopped. The game could not be saved to {self.moved_from}, so it is "
                    f"saved to {self.save}: {self.resume_command()}")
        return f"Stopped. The game is saved: {self.resume_command()}"

    def resume_command(self) -> str:
        """The command that goes on with this game from its record (:attr:`save`, which
        must not be ``None``): with ``--bots`` unless they are the default ones,
        ``--seat`` unless the record's one seat called ``You`` says it, ``--seed``
        when the player chose the seed (a record does not hold it: the hands still to
        come are dealt from it, and from it again when resumed once more), and the
        coach and the hints' samples as they were; the program as it can be typed
        (:func:`program`)."""
        assert self.save is not None
        command = f"{program()} play --resume {shlex.quote(str(self.save))}"
        line_up = [self.specs[(self.seat + 1) % 3], self.specs[(self.seat + 2) % 3]]
        if line_up != list(DEFAULT_BOTS):  # a record does not hold its bots
            command += f" --bots {shlex.quote(','.join(line_up))}"
        if [s for s, name in enumerate(self.game.players) if name == "You"] != [self.seat]:
            command += f" --seat {self.seat}"  # the record does not say which seat is yours
        if self.sitting.seeded:  # the player's seed: the rest of the game deals alike again
            command += f" --seed {self.seed}"
        if self.coach:  # the coach goes on coaching, and hints think as long
            command += " --coach"
        if self.hint_samples is not None:
            command += f" --hint-samples {self.hint_samples}"
        return command

    def result_text(self, result: HandResult) -> str:
        """A hand's result in one line (:func:`~cutthroat.render.describe_result`), the
        player named ``You`` among the points as every other seat is named: ``made it
        (You +1)``, ``euchred (You +2, Left +2)`` (not ``you``, which reads as part of
        the sentence). It starts with a capital, as a line does: ``Thrown in: nobody
        named trump`` too (R10)."""
        said = describe_result(result, self.names, you_in_points="You")
        return said[:1].upper() + said[1:]

    def who(self, seat: int) -> str:
        """``You take`` or ``Left takes``: the start of a sentence on a trick won."""
        return "You take" if seat == self.seat else f"{self.names[seat]} takes"

    def scores_text(self, scores: Sequence[int]) -> str:
        """The scores with the players' names: ``You 3, Left 5, Right 0``."""
        return scores_text(self.names, scores)


def _write_new(path: Path, game: Game) -> None:
    """Write ``game``'s record to the new file ``path`` as :func:`~cutthroat.record.save`
    does (a file beside it, renamed), leaving nothing behind when that fails."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_text(rec.dumps(game) + "\n", encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
