"""One hand as a state machine: bidding, the maker's choice, five tricks, scoring.

>>> import random
>>> from cutthroat import Hand, Rules
>>> hand = Hand.deal(Rules(), dealer=0, rng=random.Random(1))
>>> hand.phase, hand.to_act
(<Phase.BID_FIRST: 1>, 1)
>>> [str(a) for a in hand.legal_actions()]
['pass', 'order']
>>> hand.push("pass")
Move(seat=1, action=Action('pass'))
>>> hand.pop()
Move(seat=1, action=Action('pass'))

The hand keeps its cards as bitmasks of card ids (see :mod:`cutthroat.cards`) and every
action as an integer id (see :mod:`cutthroat.actions`); the methods that take and return
:class:`~cutthroat.actions.Action` and :class:`~cutthroat.cards.Card` objects are a
layer over the integer ones, which search code may call directly.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import actions as A
from .actions import Action, Move, Verb
from .before_play import BeforePlay
from .cards import EFF_SUIT, JOKER_ID, SUIT_MASK, Suit, mask_of
from .checks import as_action_id, as_seat, as_seed, check_rng
from .deal import Deal, random_order
from .errors import (
    ActionParseError,
    GameOverError,
    IllegalActionError,
    NothingToUndoError,
    NotYourTurnError,
)
from .hand_queries import Trick
from .phases import (
    P_BID1,
    P_JOKER,
    P_OVER,
    P_PLAY,
    Phase,
    not_now,
)
from .rules import Rules, rules_or_standard
from .scoring import HandResult, _winner_index, score_hand

if TYPE_CHECKING:
    from .views import View

__all__ = ["Hand", "Phase", "Trick", "as_seat", "as_seed", "check_rng", "not_now"]

_SUITS = tuple(Suit)
_RESULTS: dict[int, tuple[Rules, dict[tuple[int | bool, ...], HandResult]]] = {}


def _result_cache(rules: Rules) -> dict[tuple[int | bool, ...], HandResult]:
    """The shared cache of hand results under these rules (results are immutable)."""
    entry = _RESULTS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_RESULTS) > 256:
            _RESULTS.clear()
        entry = _RESULTS[id(rules)] = (rules, {})
    return entry[1]


class Hand(BeforePlay):
    """One hand of cutthroat euchre, from the deal to the score.

    Create with :meth:`deal` (random or explicit cards); act with :meth:`push` (any
    form: ``Action``, ``"play JH"``, ``"2 play JH"``) or :meth:`push_id`; undo with
    :meth:`pop`; copy with :meth:`copy`. An illegal action raises
    :class:`~cutthroat.errors.IllegalActionError` and changes nothing.
    """

    __slots__ = ()  # the hand's state: declared by :class:`BeforePlay`


    def __init__(self, rules: Rules, deal: Deal, dealer: int, *, check: bool = True) -> None:
        """Start a hand from a deal, checked against ``rules`` unless ``check`` is false
        (for deals made by :meth:`Deal.random`, which are right by construction).
        ``rules`` is a :class:`Rules` (``None``: the standard game), as everywhere."""
        rules = rules_or_standard(rules)
        dealer = as_seat(dealer, "dealer must be seat")
        if not isinstance(deal, Deal):
            raise TypeError(f"a hand is dealt a Deal (Deal.from_cards, Deal.random), not "
                            f"{type(deal).__name__}")
        if check:
            deal.check(rules)
        self._dealt: Deal | None = deal
        self._order: list[int] | None = None
        self._start(rules, dealer, mask_of(deal.hands[0]), mask_of(deal.hands[1]),
                    mask_of(deal.hands[2]), mask_of(deal.dummy), mask_of(deal.kitty),
                    deal.kitty[0].id)

    @classmethod
    def _random(cls, rules: Rules, dealer: int, rng: random.Random) -> Hand:
        """A random deal straight into bitmasks; the :class:`Deal` is built when read."""
        order = random_order(rules, rng)
        masks = [0, 0, 0, 0, 0]
        for index, card in enumerate(order[:20]):
            masks[index // 5] |= 1 << card
        kitty = 0
        for card in order[20 if rules.dummy else 15:]:
            kitty |= 1 << card
        if not rules.dummy:
            masks[3] = 0
        self = object.__new__(cls)
        self._dealt = None
        self._order = order
        up = order[20 if rules.dummy else 15]
        self._start(rules, dealer, masks[0], masks[1], masks[2], masks[3], kitty, up)
        return self

    @property
    def dealt(self) -> Deal:
        """The cards as dealt (R5)."""
        deal = self._dealt
        if deal is None:
            assert self._order is not None
            deal = self._dealt = Deal.from_order(self._rules, self._order)
        return deal

    def _start(self, rules: Rules, dealer: int, h0: int, h1: int, h2: int, dummy: int,
               kitty: int, up: int) -> None:
        self._rules = rules
        self._dealer = dealer
        self._hands = [h0, h1, h2]
        self._dummy = dummy
        self._kitty = kitty
        self._up = up
        self._up_taken = False
        self._buried = 0
        self._dealer_discard = -1
        self._passes = 0
        self._maker = -1
        self._trump = -1
        self._maker_alone = False
        self._def_alone = -1
        self._def_decided = 0
        self._out = -1
        self._dummy_taken = False
        self._trick: list[int] = []
        self._trick_seats: list[int] = []
        self._leader = -1
        self._tricks = [0, 0, 0]
        self._n_active = 3
        self._done: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []
        self._moves: list[tuple[int, int, int]] = []
        self._undo: list[tuple[int, tuple[Any, ...]]] = []  # (move index, snapshot)
        self._result: HandResult | None = None
        self._sealed = False
        self._legal: Sequence[int] | None = None
        if up == JOKER_ID:
            self._phase = P_JOKER
            self._turn = dealer
        else:
            self._phase = P_BID1
            self._turn = (dealer + 1) % 3

    @classmethod
    def deal(
        cls,
        rules: Rules | None = None,
        *,
        dealer: int = 0,
        rng: random.Random | None = None,
        seed: int | None = None,
        cards: Deal | None = None,
    ) -> Hand:
        """Deal a hand: the given ``cards``, or a random deal from ``rng`` or ``seed``.

        Randomness is never global: without ``rng``, ``seed`` seeds one; ``seed=None``
        (the default) means seed 0. A seed is an integer (a NumPy one too), or
        ``None``: anything else (a float, text, a bool, a ``random.Random``) is a
        ``TypeError`` (see :func:`as_seed`).
        """
        rules = rules_or_standard(rules)
        if seed is not None:
            seed = as_seed(seed)
        check_rng(rng)
        if sum(x is not None for x in (rng, seed, cards)) > 1:
            raise ValueError("give the cards, an rng or a seed, not more than one")
        if cards is None:
            rng = rng if rng is not None else random.Random(as_seed(seed))
            return cls._random(rules, as_seat(dealer, "dealer must be seat"), rng)
        return cls(rules, cards, dealer)

    # --- as text, and what a seat sees -----------------------------------------------

    def __str__(self) -> str:
        """The whole hand as text, every card shown (this object sees them all): the
        deal, the bidding, the tricks, then the cards each seat holds now and who is to
        act, or the result. ``print(hand)`` at the REPL; a seat's own picture is
        ``print(hand.view(seat))``."""
        from .render import describe_hand, describe_holdings

        lines = describe_hand(self)
        if not self.is_over and self.phase >= Phase.PLAY:
            lines[-1:-1] = describe_holdings(self, [f"Seat {s}" for s in range(3)])
        return "\n".join(lines)

    def view(self, seat: int, scores: tuple[int, int, int] | None = None) -> View:
        """What ``seat`` may see now (R14); see :func:`cutthroat.views.view_of`."""
        from .views import view_of

        return view_of(self, seat, scores=scores)

    # --- acting --------------------------------------------------------------------

    def push(self, action: Action | Move | str | int, seat: int | None = None) -> Move:
        """Apply an action of the seat to act and return the move made.

        ``action`` is an :class:`Action`, a :class:`Move`, text (``"play JH"`` or
        ``"2 play JH"``; words separated by any white space, where a record takes
        spaces only) or an integer action id (as for :meth:`push_id`, a NumPy
        integer too; ``True`` and ``False`` are not ids). With a seat (in the text, the
        move or ``seat``), it must be the seat to act. Raises
        :class:`IllegalActionError` (state unchanged) otherwise,
        :class:`ActionParseError` for something that is not an action (an id outside
        0–331 included) or that names another seat than ``seat`` (``push("2 order",
        seat=1)``: which is meant cannot be told), and
        :class:`~cutthroat.errors.SeatError` for a ``seat`` that is no seat (3, -1,
        ``True``, ``1.0``), as :meth:`view` does. Nothing changes when it raises.
        """
        if not isinstance(action, str | Action | Move | bool):
            try:  # an int, or an integer of NumPy's (an agent's choice)
                index = operator.index(action)
            except TypeError:
                index = None  # not an action: _resolve says so
            if index is not None:
                return self.push_id(index, seat)
        named, aid = self._resolve(action)
        if named is not None and seat is not None and named != seat:
            raise ActionParseError(f"the move names seat {named}, but seat {seat} was "
                                   "given: name one seat")
        return self.push_id(aid, named if named is not None else seat)

    def push_id(self, action_id: int, seat: int | None = None) -> Move:
        """Apply the action with this integer id (see :mod:`cutthroat.actions`)."""
        self.apply_id(action_id, seat)
        actor, aid, arg = self._moves[-1]
        return Move(actor, self._action_of(aid, arg))

    def apply_id(self, a: int, seat: int | None = None) -> None:
        """Apply the action with id ``a`` (of ``seat``, if given, which must be the seat
        to act), returning nothing: the fast path for search and simulation."""
        if type(a) is not int:  # a NumPy integer, say (the fast path takes an int)
            a = as_action_id(a)
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 2):
            seat = as_seat(seat)  # a NumPy integer is a seat; 3, -1, True, 1.0 are not
        turn = self._turn
        if self._phase == P_PLAY:
            # The hot path: a card played. Inlined for speed.
            hand = self._hands[turn]
            trick = self._trick
            legal = self._legal  # asked for just before, as a search or a loop does
            if legal is not None:
                if a not in legal or (seat is not None and seat != turn):
                    self._refuse(a, seat)
                bit = 1 << a
            else:
                bit = 1 << a if 0 <= a <= 32 else 0
                if not hand & bit or (seat is not None and seat != turn):
                    self._refuse(a, seat)
                if trick:
                    follow = hand & SUIT_MASK[self._trump][EFF_SUIT[self._trump][trick[0]]]
                    if follow and not follow & bit:
                        self._refuse(a, seat)
            self._legal = None
            self._moves.append((turn, a, 0))
            self._hands[turn] = hand ^ bit
            trick.append(a)
            self._trick_seats.append(turn)
            if len(trick) < self._n_active:
                nxt = (turn + 1) % 3
                if nxt == self._out:
                    nxt = (nxt + 1) % 3
                self._turn = nxt
            else:
                self._end_trick()
            return
        if self._phase >= P_OVER:
            raise GameOverError("the hand is over")
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        if a not in legal or (seat is not None and seat != turn):
            self._refuse(a, seat)
        self._legal = None
        self._undo.append((len(self._moves), self._snapshot()))
        arg = self._keep_mask(a) if a >= A.KEEP else 0
        self._moves.append((turn, a, arg))
        self._decide(a, arg)

    def _refuse(self, a: int, seat: int | None) -> None:
        if not 0 <= a < A.NUM_ACTIONS:
            raise ActionParseError(f"not an action id: {a!r} (ids are 0 to {A.NUM_ACTIONS - 1})")
        if seat is not None and seat != self._turn:
            raise NotYourTurnError(
                f"it is seat {self._turn}'s turn, not seat {seat}'s", seat=seat)
        raise IllegalActionError(self._why_illegal(a), seat=self._turn)

    def pop(self) -> Move:
        """Undo the last action and return it."""
        if not self._moves:
            raise NothingToUndoError("no action to undo: the hand is as it was dealt")
        seat, aid, arg = self._moves[-1]
        self.undo()
        return Move(seat, self._action_of(aid, arg))

    def take_back(self, seat: int) -> list[Move]:
        """Undo ``seat``'s last move of this hand and every move made after it (a
        player's "undo" against bots): the moves undone, last first; none if ``seat``
        has not moved in this hand. A maker's ``dummy`` is never taken back: he has seen
        its cards, and could then go alone with them seen (R14: an unused dummy is never
        shown); nor is the dealer's blind ``trump`` under a turned-up joker: his cards have
        been shown to him since (R6). Nor is any move made before either, by any seat,
        since taking it back would take them back too. Any of these is an
        :class:`IllegalActionError`, and nothing changes."""
        first = self._taken_back_from(as_seat(seat))
        if first is None:
            return []
        return [self.pop() for _ in range(len(self.moves) - first)]

    def can_take_back(self, seat: int) -> bool:
        """Whether :meth:`take_back` would take a move back for ``seat`` now: it has
        moved in this hand, and no dummy has been taken nor trump named blind since
        (R14, R6). The table shows its undo greyed where it would not.

        >>> from cutthroat import Hand
        >>> hand = Hand.deal(seed=1)
        >>> hand.can_take_back(1)
        False
        >>> hand.push("pass")
        Move(seat=1, action=Action('pass'))
        >>> hand.can_take_back(1)
        True
        """
        try:
            return self._taken_back_from(as_seat(seat)) is not None
        except IllegalActionError:
            return False

    def _taken_back_from(self, seat: int) -> int | None:
        """The index of ``seat``'s last move, from which :meth:`take_back` takes the
        moves back; ``None`` if it has not moved. Refused as :meth:`take_back` says."""
        mine = [index for index, move in enumerate(self.moves) if move.seat == seat]
        if not mine:
            return None
        for move in self.moves[mine[-1]:]:
            own = move.seat == seat
            if move.action.verb is Verb.DUMMY:
                raise IllegalActionError(
                    (f"seat {seat} has seen the dummy, so taking it cannot be taken back"
                     if own else "the maker has taken the dummy since and seen its cards, "
                     "so moves made before that cannot be taken back")
                    + " (R14: only the maker who takes the dummy sees its cards, and they "
                    "cannot be unseen)", seat=seat)
            if move.action.verb is Verb.TRUMP:
                raise IllegalActionError(
                    (f"seat {seat} has seen the cards dealt since naming trump blind, so the "
                     "call cannot be taken back" if own else "the dealer has named trump "
                     "blind since and seen the cards dealt, so moves made before that "
                     "cannot be taken back")
                    + " (R6: the dealer names trump before his cards are shown to him)",
                    seat=seat)
        return mine[-1]

    def undo(self) -> None:
        """Undo the last action, returning nothing: the fast path for search."""
        if not self._moves:
            raise NothingToUndoError("no action to undo: the hand is as it was dealt")
        if self._sealed:
            raise GameOverError("this hand is part of a game that has dealt the next one: "
                                "its result counts, and its moves can no longer be undone "
                                "(undo on a copy())")
        seat, aid, _arg = self._moves.pop()
        self._legal = None
        undo = self._undo
        if undo and undo[-1][0] == len(self._moves):
            self._restore(undo.pop()[1])
        else:
            self._unplay(seat, aid)

    def seal(self) -> None:
        """Close the hand for good (its game has dealt the next one): its result is in
        the game's scores, so no move of it may be undone any more. A :meth:`copy` is
        not sealed."""
        self._sealed = True

    def copy(self) -> Hand:
        """An independent copy (history included, so it can be undone too)."""
        new = object.__new__(Hand)
        new._buried = self._buried
        new._dealer_discard = self._dealer_discard
        new._def_alone = self._def_alone
        new._def_decided = self._def_decided
        new._done = self._done[:]
        new._dummy = self._dummy
        new._dummy_taken = self._dummy_taken
        new._hands = self._hands[:]
        new._kitty = self._kitty
        new._leader = self._leader
        new._legal = self._legal
        new._maker = self._maker
        new._maker_alone = self._maker_alone
        new._moves = self._moves[:]
        new._n_active = self._n_active
        new._out = self._out
        new._passes = self._passes
        new._phase = self._phase
        new._result = self._result
        new._sealed = False
        new._trick = self._trick[:]
        new._trick_seats = self._trick_seats[:]
        new._tricks = self._tricks[:]
        new._trump = self._trump
        new._turn = self._turn
        new._undo = self._undo[:]
        new._up = self._up
        new._up_taken = self._up_taken
        new._dealt = self._dealt
        new._order = self._order
        new._dealer = self._dealer
        new._rules = self._rules
        return new

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        """:meth:`copy`, sealed if this hand is (the hand's parts are immutable, so
        nothing more needs copying): what OpenSpiel's ``clone()`` and ``copy.deepcopy``
        of a :class:`~cutthroat.game.Game` use, a sixth of what copying it part by part
        costs."""
        new = self.copy()
        new._sealed = self._sealed
        return new

    # --- trick play ----------------------------------------------------------------

    def _end_trick(self) -> None:
        seats = self._trick_seats
        trick = self._trick
        winner = seats[_winner_index(trick, self._trump)]
        self._done.append((self._leader, tuple(seats), tuple(trick), winner))
        self._tricks[winner] += 1
        self._trick = []
        self._trick_seats = []
        if len(self._done) == 5:
            self._finish()
        else:
            self._leader = self._turn = winner

    def _unplay(self, seat: int, card: int) -> None:
        if not self._trick:
            leader, seats, cards, winner = self._done.pop()
            self._tricks[winner] -= 1
            self._trick = list(cards[:-1])
            self._trick_seats = list(seats[:-1])
            self._leader = leader
            self._phase = P_PLAY
            self._result = None
        else:
            self._trick.pop()
            self._trick_seats.pop()
        bit = 1 << card
        self._hands[seat] |= bit
        self._turn = seat

    def _finish(self) -> None:
        self._phase = P_OVER
        tricks = self._tricks
        key = (self._dealer, self._maker, self._trump, self._maker_alone, self._def_alone,
               tricks[0], tricks[1], tricks[2])
        cache = _result_cache(self._rules)
        result = cache.get(key)
        if result is None:
            maker = self._maker
            points = score_hand(
                self._rules,
                maker=maker,
                maker_alone=self._maker_alone,
                defender_alone=None if self._def_alone < 0 else self._def_alone,
                tricks=tricks,
            )
            result = cache[key] = HandResult(
                dealer=self._dealer, thrown_in=False, maker=maker, trump=_SUITS[self._trump],
                alone=self.alone, tricks=self.tricks_won, points=points,
            )
        self._result = result

    # --- decisions before play -------------------------------------------------------

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self._phase, self._turn, self._passes, self._maker, self._trump,
            self._maker_alone, self._def_alone, self._def_decided, self._out,
            self._dummy_taken, self._up_taken, self._dealer_discard, self._kitty,
            self._buried, tuple(self._hands), self._leader, self._n_active, self._result,
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (self._phase, self._turn, self._passes, self._maker, self._trump,
         self._maker_alone, self._def_alone, self._def_decided, self._out,
         self._dummy_taken, self._up_taken, self._dealer_discard, self._kitty,
         self._buried, hands, self._leader, self._n_active, self._result) = snap
        self._hands = list(hands)
