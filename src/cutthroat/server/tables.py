"""A table of the web game: one game, its three seats, and what each seat may see.

The table knows nothing of HTTP or the database: it applies moves with the rules engine,
lets the bots choose, and gives each seat the state it may see (R14) and nothing more.
Every mistake is a :class:`TableError` with a reason a player can act on, raised before
anything changes.

>>> table = Table.create(["you", "random", "random"], seed=3, names=["Ann", None, None])
>>> token = table.tokens[0]
>>> table.status
'playing'
>>> while table.bot_to_move() is not None:
...     table.bot_move()
>>> state = table.state_for(0)
>>> state["seat"], len(state["view"]["cards"]), state["view"]["legal"] != []
(0, 5, True)
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Callable, Collection, Sequence
from typing import Any

from .. import record as rec
from ..actions import Action, Move
from ..bots import Bot, make_bot
from ..errors import CutthroatError, to_player
from ..frames import current_frame
from ..game import Game
from ..howto import stakes_in
from ..render import describe_result, level_on_top, lone_defence_note, sentences
from ..rules import Rules
from ..scoring import HandResult
from ..views import View
from .errors import TableError
from .names import (
    NAME_MAX,
    check_free,
    clean_name,
    clean_text,
    default_name,
    free_name,
)
from .seats import STANDIN, Seat, bot_seat, hash_token

__all__ = ["NAME_MAX", "Seat", "Table", "TableError", "clean_text", "hash_token",
           "result_text"]

SEEDS = 2**63
"""Seeds are below this (they fit a database's 64-bit integer); a game's own is drawn
from all of them, so that no player can find it from the cards they see and foresee
the hidden ones."""
class Table:
    """One game of the web server: the game itself, its seats, its seed.

    Use :meth:`create` for a new table (it returns the tokens of its human seats in
    :attr:`tokens`) and :meth:`restore` for one read back from storage.
    """

    def __init__(self, game_id: str, game: Game, seats: list[Seat], seed: int) -> None:
        self.id = game_id
        self.game = game
        self.seats = seats
        self.seed = seed
        self.tokens: dict[int, str] = {}
        """The tokens handed out since this object was made (never stored)."""
        self._unmarked: dict[int, list[tuple[int, int]]] = {}
        """The stand-in's moves an undo took back, by seat, for :meth:`redo`."""
        self._bots: dict[int, Bot] = {}
        self.stored_version: int | None = None
        """The :attr:`version` of this table in the database as this server last read or
        wrote it (``None``: never stored, or stored before versions were kept); a save
        over a row at another version is refused
        (:class:`~cutthroat.server.store.StoreConflict`)."""
        self._sync_names()
        self._deal_if_ready()

    # --- making and restoring --------------------------------------------------------

    @classmethod
    def create(cls, seats: Sequence[str], *, names: Sequence[str | None] = (None, None, None),
               rules: Rules | None = None, seed: int | None = None,
               game_id: str | None = None, coach: bool = False,
               bot_options: bool = True, watch: bool = False,
               rename: bool = False) -> Table:
        """A new table. ``seats`` are three entries: ``"you"`` (exactly one: the
        creator's seat, coached by the expert with ``coach``), a bot spec (with options
        only if ``bot_options``), or ``"open"`` (for a friend to join). With ``watch``,
        three bot specs and no human seat: a table to watch three bots play, every card
        face up (:attr:`bots_only`). The creator's name may not be a bot's at the table
        (400), unless ``rename`` (a name carried over to a new game), where it is told
        apart by a number instead (``Expert 2``).

        Without a ``seed`` the cards come from 63 random bits, too many to find from the
        cards a player sees. (The web game's ``POST /api/games`` takes no seed for a
        game with an ``"open"`` seat: whoever chose it would know every card.)
        """
        if len(seats) != 3 or not all(isinstance(s, str) for s in seats):
            raise TableError("seats must list three seats: \"you\", a bot or \"open\"")
        if watch:
            if any(s.strip().lower() in ("you", "open") for s in seats):
                raise TableError("a table to watch has three bots: no seat may be \"you\" "
                                 "or \"open\"")
        elif sum(1 for s in seats if s.strip().lower() == "you") != 1:
            raise TableError("exactly one seat must be \"you\"")
        if seed is None:
            seed = secrets.randbelow(SEEDS)
        made: list[Seat] = []
        humans: list[int] = []
        for index, entry in enumerate(seats):
            key = entry.strip().lower()
            if key == "you":
                made.append(Seat("human", clean_name(names[index], f"Player {index + 1}",
                                                      carried=rename), coach=coach))
                humans.append(index)
            elif key == "open":
                made.append(Seat("open"))
            else:
                made.append(bot_seat(entry.strip(), bot_options))
        bots = [s for s in made if s.kind == "bot"]
        base = [b.name for b in bots]
        for index, seat in enumerate(bots):  # two bots of one kind: "Expert 1", "Expert 2"
            if base.count(base[index]) > 1:
                seat.name = f"{base[index]} {base[:index].count(base[index]) + 1}"
        for index in humans:  # a name that is a bot's here cannot tell the two apart
            seat, others = made[index], [b.name for b in bots]
            if rename or not clean_name(names[index], ""):  # carried, or none given
                seat.name = free_name(seat.name or "", others)
            else:
                check_free(seat.name or "", others, 400)
        game = Game(rules or Rules(), rng=_first_dealer_source(seed), players=["-"] * 3)
        table = cls(game_id or new_id(), game, made, seed)
        for index in humans:
            table._issue_token(index)
        return table

    @classmethod
    def restore(cls, game_id: str, seats: list[dict[str, Any]], seed: int,
                record: object) -> Table:
        """A table read back from storage: its seats and its game record, replayed
        (and so checked) by the rules engine. A game not dealt yet (waiting for its
        players) has its first dealer drawn from its seed again, as when it was made
        (a record holds the first dealer only in its first hand)."""
        game = rec.replay(record)
        if not game.hands:
            game = rec.replay(record, rng=_first_dealer_source(seed))
        return cls(game_id, game, [Seat.from_json(s) for s in seats], seed)

    def again(self, seat: int) -> Table:
        """A new table to play again once this game is over, started by ``seat``: the
        same rules and bots (their specs were taken when this game was made), ``seat``
        first with its name and coach, the others around it as they sat, each human's
        seat open for them to join."""
        seats = ["you"]
        for k in (1, 2):
            other = self.seats[(seat + k) % 3]
            seats.append(other.bot if other.kind == "bot" and other.bot else "open")
        mine = self.seats[seat]
        return Table.create(seats, names=[mine.name, None, None], rules=self.game.rules,
                            coach=mine.coach, bot_options=True, rename=True)

    def _issue_token(self, seat: int) -> str:
        token = secrets.token_urlsafe(24)
        self.seats[seat].token_hash = hash_token(token)
        self.tokens[seat] = token
        return token

    def _sync_names(self) -> None:
        names = tuple(s.name or "(open)" for s in self.seats)
        self.game.players = (names[0], names[1], names[2])

    # --- seats -----------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        """The seat a token belongs to (401 without one, 403 for a stranger's)."""
        if not token:
            raise TableError("a seat's token is needed", 401)
        digest = hash_token(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return index
        raise TableError("that token is not one of this game's seats", 403)

    def join(self, name: object = None, *, coach: bool = False, prefer: int | None = None,
             rename: bool = False, skip: Collection[int] = ()) -> tuple[int, str]:
        """Take the seat ``prefer`` if it is open, else the first open seat: (seat, its
        token). Deals the first hand once every seat is taken. A name already at the
        table, a player's or a bot's (case and spacing aside:
        :func:`~cutthroat.server.names.same_name`), is refused (409), nothing changed, so
        that everybody can tell the players apart; with ``rename`` (a name carried over
        to a new game) it is told apart by a number instead (``Ann 2``), and a player
        who gives none is named by their seat, ``Player 2``, or the next ``Player N``
        that is free. The seats in ``skip`` (kept for others) are not taken."""
        order = [index for index in range(3) if index not in skip]
        if prefer is not None and prefer in order:
            order.remove(prefer)
            order.insert(0, prefer)
        for index in order:
            if self.seats[index].kind == "open":
                chosen = clean_name(name, "", carried=rename)
                others = [seat.name for seat in self.seats]
                if not chosen:
                    clean = default_name(index, others)
                elif rename:
                    clean = free_name(chosen, others)
                else:
                    check_free(chosen, others, 409)
                    clean = chosen
                self.seats[index] = Seat("human", clean, coach=coach)
                token = self._issue_token(index)
                self._sync_names()
                self._deal_if_ready()
                return index, token
        raise TableError("this game has no open seat", 409)

    def new_token(self, seat: int) -> tuple[str, Callable[[], None]]:
        """A new token for the player's ``seat``, for a player who took it and lost the
        answer that held its token (only the token's hash is kept, so that one cannot be
        given again): the token given before stops working. With it, a function that
        takes the change back (the new token could not be saved)."""
        if self.seats[seat].kind != "human":
            raise TableError("only a player's seat has a token", 409)
        hashed, given = self.seats[seat].token_hash, self.tokens.get(seat)

        def undo() -> None:
            self.seats[seat].token_hash = hashed
            if given is None:
                self.tokens.pop(seat, None)
            else:
                self.tokens[seat] = given

        return self._issue_token(seat), undo

    def reopen(self, seat: int) -> None:
        """Give a seat taken by :meth:`join` back (its join could not be saved), with
        the first hand it let be dealt, if no move has been made."""
        hand = self.game.hand
        if self.seats[seat].kind != "human" or (hand is not None and (
                len(self.game.hands) > 1 or hand.moves)):
            raise TableError("only a seat joined before the first move can be reopened", 409)
        if hand is not None:
            self.game.undeal()
        self.seats[seat] = Seat("open")
        self.tokens.pop(seat, None)
        self._sync_names()

    # --- the game ----------------------------------------------------------------------

    @property
    def status(self) -> str:
        """``waiting`` (a seat is open), ``playing``, ``hand_over`` or ``over``."""
        if self.game.is_over:
            return "over"
        hand = self.game.hand
        if self._seat_open or hand is None:
            return "waiting"
        return "hand_over" if hand.is_over else "playing"

    @property
    def version(self) -> int:
        """A number that grows with every change to the game: each move, each deal, each
        seat taken, and each move taken back (counted twice, so that an undo, which
        takes its moves out of the count, still adds to it): it never comes back to a
        number it has had, and a client acts at most once per version."""
        taken = sum(1 for s in self.seats if s.kind != "open")
        undone = sum(s.undone for s in self.seats)
        return (taken + len(self.game.hands) + sum(len(h.moves) for h in self.game.hands)
                + 2 * undone)

    @property
    def _seat_open(self) -> bool:
        return any(s.kind == "open" for s in self.seats)

    def _deal_if_ready(self) -> None:
        """Deal the first hand once no seat is open."""
        if self.game.hand is None and not self._seat_open:
            self._deal()

    def _deal(self) -> None:
        # Each hand's cards come from the seed and the hand's number, so a game read
        # back after a restart deals on as it would have.
        self.game.rng = random.Random(f"{self.seed}:{len(self.game.hands)}")
        self.game.deal()

    def next_hand(self, seat: int) -> None:
        """Deal the next hand, once the last one is over (any player may ask)."""
        status = self.status
        if status == "over":
            raise TableError("the game is over", 409)
        if status != "hand_over":
            raise TableError("the hand is not over yet" if status == "playing"
                             else "the game waits for a player to join", 409)
        self._deal()

    @property
    def deals_itself(self) -> bool:
        """Whether the next hand is to be dealt without waiting for anybody: the hand is
        over, the game is not, and no seat is played by a human (a bot plays for every
        player, at their own request or while they are away). The server deals it after
        a pause (:meth:`deal_on`)."""
        return self.status == "hand_over" and all(self.plays_itself(seat)
                                                  for seat in range(3))

    @property
    def bots_only(self) -> bool:
        """Whether the table was made with no human seat (``watch``): three bots, whose
        cards a watcher sees face up. A table with a human seat never is, even while a
        bot plays for every player there (R14)."""
        return all(seat.kind == "bot" for seat in self.seats)

    def deal_on(self) -> None:
        """Deal the next hand of a table nobody plays (:attr:`deals_itself`); refused
        (409) once a player plays their seat again, or the game is over."""
        if not self.deals_itself:
            raise TableError("the next hand is dealt by itself only while a bot plays "
                             "for every player", 409)
        self._deal()

    def act(self, seat: int, text: object) -> None:
        """Apply ``seat``'s move, written as in a record without the seat (``play JH``).
        Refused, with nothing changed, when it is not that seat's turn or not legal."""
        if not isinstance(text, str) or not text.strip():
            raise TableError("an action must be text such as \"pass\" or \"play JH\"")
        status = self.status
        if status != "playing":
            raise TableError({"over": "the game is over",
                              "hand_over": "the hand is over: deal the next one first",
                              "waiting": "the game waits for a player to join"}[status], 409)
        hand = self.game.hand
        assert hand is not None
        if hand.to_act != seat:
            raise TableError(f"it is not your turn: {self._name(hand.to_act)} is to act", 409)
        try:
            hand.push(text.strip(), seat)
        except CutthroatError as exc:  # said to the player: "you must follow hearts"
            raise TableError(to_player(str(exc), seat)) from None

    def undo(self, seat: int) -> list[Move]:
        """Take back ``seat``'s last move of the hand in play, with every move made
        after it (the bots' replies): only in a game against bots, so no other player
        loses a move, and only while the hand is in play (once it is over its cards
        have been shown). The bots are made again, so none remembers the moves taken
        back. Returns the moves taken back, last first."""
        if any(s.kind != "bot" for index, s in enumerate(self.seats) if index != seat):
            raise TableError("a move can be taken back only in a game against bots", 409)
        hand = self.game.hand
        if self.status == "hand_over" or self.status == "over":
            raise TableError("the hand is over and its cards have been shown: its moves "
                             "can no longer be taken back", 409)
        if self.status != "playing" or hand is None:
            raise TableError("there is no hand in play to take a move back from", 409)
        try:
            undone = hand.take_back(seat)
        except CutthroatError as exc:  # the dummy, once seen (R14)
            raise TableError(to_player(str(exc), seat), 409) from None
        if not undone:
            raise TableError("you have made no move in this hand to take back", 409)
        self.seats[seat].undone += len(undone)
        self._bots.clear()
        self._unmarked = self._unmark_taken_back()
        return undone

    def redo(self, seat: int, undone: list[Move]) -> None:
        """Make again the moves :meth:`undo` took back for ``seat`` (its save failed)."""
        hand = self.game.hand
        assert hand is not None
        for move in reversed(undone):
            hand.push(move)
        self.seats[seat].undone -= len(undone)
        for index, marks in self._unmarked.items():
            self.seats[index].standin_moves.extend(marks)
        self._unmarked = {}

    def pop(self) -> None:
        """Take back the game's last move (its save failed), and with it, if a stand-in
        made it, its place among the stand-in's moves."""
        self.game.pop()
        self._unmark_taken_back()

    def _unmark_taken_back(self) -> dict[int, list[tuple[int, int]]]:
        """Drop from :attr:`Seat.standin_moves` the moves no longer in the game (taken
        back); the marks dropped, by seat."""
        played = [len(hand.moves) for hand in self.game.hands]
        dropped: dict[int, list[tuple[int, int]]] = {}
        for index, entry in enumerate(self.seats):
            kept = [(h, m) for h, m in entry.standin_moves
                    if h < len(played) and m < played[h]]
            if len(kept) != len(entry.standin_moves):
                dropped[index] = [mark for mark in entry.standin_moves if mark not in kept]
                entry.standin_moves = kept
        return dropped

    def standin_moves(self, seat: int) -> frozenset[tuple[int, int]]:
        """The moves a stand-in made for the player at ``seat`` (:meth:`stand_in`), as
        ``(hand, move)``, both from 0: not the player's own, so not reviewed as theirs."""
        return frozenset(self.seats[seat].standin_moves)

    def _name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.seats[seat].name or f"seat {seat}"

    # --- a bot in an absent player's seat ------------------------------------------------

    def check_stand_in(self, by: int, seat: object) -> int:
        """``seat`` as a seat a bot may play for its player at ``by``'s request (one's
        own seat, or another player's who is absent), or a :class:`TableError` saying why
        not (whether another player is away is the server's to judge:
        :meth:`~cutthroat.server.rooms.Server.stand_in`)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 2:
            raise TableError("seat must be 0, 1 or 2: the seat of the player a bot is to "
                             "play for")
        target = self.seats[seat]
        if target.kind == "open":
            raise TableError("that seat is open: nobody sits there for a bot to play for",
                             409)
        if target.kind == "bot":
            raise TableError(f"{self._name(seat)} is a bot already", 409)
        if target.standin is not None:
            raise TableError("a bot plays for you already: \"back\" to play yourself"
                             if seat == by else f"a bot plays for {self._name(seat)} already",
                             409)
        if self.status in ("waiting", "over"):
            raise TableError("the game is over" if self.status == "over"
                             else "the game waits for a player to join", 409)
        return seat

    def stand_in(self, by: int, seat: object) -> int:
        """Let a bot (:data:`STANDIN`) play the seat of a player who is away, or of
        the player at ``by`` who asks for it (checked by :meth:`check_stand_in`), until
        that player comes back (:meth:`come_back`). The seat stays theirs, with its token,
        name and score; the record shows its moves as theirs. Returns the seat."""
        index = self.check_stand_in(by, seat)
        self.seats[index].standin = STANDIN
        self._bots.pop(index, None)
        return index

    def come_back(self, seat: int) -> str | None:
        """The player at ``seat`` plays again: their stand-in, if any, stops. Returns
        the stand-in's spec (``None`` if there was none)."""
        spec = self.seats[seat].standin
        if spec is not None:
            self.seats[seat].standin = None
            self._bots.pop(seat, None)
        return spec

    def plays_itself(self, seat: int) -> bool:
        """Whether a bot plays ``seat``: a bot's seat, or a stand-in's."""
        entry = self.seats[seat]
        return entry.kind == "bot" or entry.standin is not None

    def bot_to_move(self) -> int | None:
        """The seat whose turn it is, if a bot plays it (a bot's or a stand-in's)."""
        hand = self.game.hand
        if self.status != "playing" or hand is None or hand.to_act is None:
            return None
        return hand.to_act if self.plays_itself(hand.to_act) else None

    def bot(self, seat: int) -> Bot:
        """The bot of a seat, or of the stand-in playing it (made once, seeded from the
        table's seed)."""
        if seat not in self._bots:
            spec = self.seats[seat].bot or self.seats[seat].standin
            assert spec is not None
            self._bots[seat] = make_bot(spec, self.seed * 3 + seat)
        return self._bots[seat]

    def bot_turn(self) -> tuple[int, Bot, View] | None:
        """The bot whose turn it is, with its seat and its view; ``None`` if it is no
        bot's turn. The choice may be made elsewhere (a worker thread): the view is a
        frozen copy."""
        seat = self.bot_to_move()
        if seat is None:
            return None
        return seat, self.bot(seat), self.game.view(seat)

    def apply_bot(self, seat: int, action: Action) -> None:
        """Apply a bot's chosen move (refused unless it is still that bot's turn); a
        stand-in's is kept among the moves it made for the player
        (:meth:`standin_moves`)."""
        if self.bot_to_move() != seat:
            raise TableError(f"it is not the turn of {self._name(seat)}", 409)
        hand = self.game.hand
        assert hand is not None
        hand.push(action, seat)
        entry = self.seats[seat]
        if entry.kind == "human":
            entry.standin_moves.append((len(self.game.hands) - 1, len(hand.moves) - 1))

    def bot_move(self) -> None:
        """Let the bot whose turn it is choose and make its move, here and now."""
        turn = self.bot_turn()
        if turn is None:
            raise TableError("no bot is to move", 409)
        seat, bot, view = turn
        self.apply_bot(seat, bot.choose(view))

    # --- what a seat may see ------------------------------------------------------------

    def players_json(self, connected: Sequence[int] = ()) -> list[dict[str, Any]]:
        """The seats as everybody may see them (no tokens)."""
        out = []
        for index, seat in enumerate(self.seats):
            entry: dict[str, Any] = {"name": seat.name, "kind": seat.kind,
                                     "connected": seat.kind == "bot" or index in connected}
            if seat.kind == "bot":
                entry["bot"] = seat.bot
            if seat.kind == "human":
                entry["coach"] = seat.coach
                entry["standin"] = seat.standin
            out.append(entry)
        return out

    def state_for(self, seat: int | None, connected: Sequence[int] = ()) -> dict[str, Any]:
        """Everything ``seat`` may see now (docs/protocol.md, "The state for a seat");
        for ``None``, everything somebody watching in no seat may see."""
        game = self.game
        outcome = game.outcome
        hand = game.hand
        last = previous = None
        if hand is not None and hand.is_over and hand.result is not None:
            names = self._names_for(seat)
            level = level_on_top(game.scores, game.rules, names, game.is_over)  # R22
            last = {"deal": hand.dealt.to_json(), "result": hand.result.to_json(),
                    "text": sentences(result_text(hand.result, names), level)}
        elif hand is not None and len(game.hands) > 1:
            before = game.hands[-2].result  # the hand before the one in play, as it ended
            if before is not None:
                previous = {"hand": len(game.hands) - 1,
                            "text": result_text(before, self._names_for(seat))}
        seen = None if hand is None or seat is None else game.view(seat)
        return {
            "game": self.id,
            "seat": seat,
            "players": self.players_json(connected),
            "rules": {**game.rules.to_json(), **dataclasses.asdict(game.rules)},
            "rules_text": game.rules.describe(),
            "status": self.status,
            "version": self.version,
            "scores": list(outcome.scores),
            "over": outcome.over,
            "winners": list(outcome.winners),
            "hand_number": len(game.hands),
            "to_act": None if hand is None else hand.to_act,
            "view": (None if hand is None else game.public_view() if seen is None
                     else seen.to_json()),
            "stakes": None if seen is None else stakes_in(seen) or None,
            "last_hand": last,
            "previous_hand": previous,
            **(self._face_up() if seat is None and self.bots_only else {}),
        }

    def _face_up(self) -> dict[str, Any]:
        """A watcher's extra fields at a table of three bots (:attr:`bots_only`): every
        card of the hand in play as it lies now, as a replay's frame draws it
        (:mod:`cutthroat.frames`), and its moves in full (a discard's card, a keep's
        cards). Never at a table with a human seat (R14)."""
        hand = self.game.hand
        frame = current_frame(self.game)
        face_up = None
        if hand is not None and frame is not None:
            shown = frame.to_json()
            face_up = {"cards": shown["cards"], "dummy": shown.get("dummy", []),
                       "kitty": shown["kitty"], "discard": shown.get("discard"),
                       "buried": shown.get("buried", []),
                       "moves": [str(move) for move in hand.moves]}
        return {"bots_only": True, "face_up": face_up}

    def _names_for(self, seat: int | None) -> list[str]:
        """The players' names as ``seat`` reads them: its own is "You" (the page calls
        that seat "You" everywhere), a watcher's are the names."""
        names = list(self.game.players)
        if seat is not None:
            names[seat] = "You"
        return names

    def record(self) -> dict[str, Any]:
        """The game record (RECORD.md): every card, so for storage and finished games."""
        return rec.to_record(self.game)

    def stored_seats(self) -> list[dict[str, Any]]:
        """The seats as stored."""
        return [s.to_json() for s in self.seats]


def result_text(result: HandResult, players: Sequence[str]) -> str:
    """A hand's result in words, as the web game tells it: the line of
    :func:`~cutthroat.render.describe_result` (``cutthroat replay``'s own, unchanged),
    and, when a defender who went alone beat the maker, why the partner who sat out
    scores too (R21), which a player cannot guess from the points alone.

    >>> from cutthroat import Suit
    >>> lone = HandResult(dealer=0, thrown_in=False, maker=1, trump=Suit.CLUBS,
    ...                   alone=(1, 2), tricks=(0, 0, 5), points=(4, 0, 4))
    >>> result_text(lone, ("You", "Ben", "Intermediate"))  # doctest: +NORMALIZE_WHITESPACE
    'Ben made clubs trump alone against Intermediate alone: 0 tricks, euchred (you +4,
     Intermediate +4). You sat this hand out and score too: when a defender alone beats
     the maker, both defenders score.'
    """
    return sentences(describe_result(result, players), lone_defence_note(result, players))


def new_id() -> str:
    """A fresh game id: eight URL-safe characters."""
    return secrets.token_urlsafe(6)


def _first_dealer_source(seed: int) -> random.Random:
    """The random source a table's first dealer is drawn from (R4), from its seed: the
    same when the game is made and when a game not dealt yet is read back."""
    return random.Random(f"{seed}:first")
