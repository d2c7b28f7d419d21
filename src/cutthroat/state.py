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

import enum
import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import actions as A
from .actions import KEEP_COMBOS, Action, Move, Verb, keep_of_sorted
from .cards import EFF_SUIT, JOKER_ID, SUIT_MASK, Card, Suit, cards_of_mask, ids_of_mask
from .deal import Deal, random_order
from .errors import (
    ActionParseError,
    GameOverError,
    IllegalActionError,
    NothingToUndoError,
    NotYourTurnError,
    SeatError,
)
from .rules import Rules, rules_or_standard
from .scoring import HandResult, _winner_index, score_hand

if TYPE_CHECKING:
    from .views import View

__all__ = ["Hand", "Phase", "Trick", "as_seat", "as_seed", "not_now"]


class Phase(enum.IntEnum):
    """The stage a hand is in; the decisions of RULES.md ("The order of decisions")."""

    JOKER_TRUMP = 0
    """The joker was turned up: the dealer names trump blind (R6)."""
    BID_FIRST = 1
    """First bidding round: pass or order (R7)."""
    PICKUP = 2
    """The dealer takes the up-card or leaves it (R8)."""
    DISCARD = 3
    """The dealer discards after taking the up-card (R6, R8)."""
    BID_SECOND = 4
    """Second bidding round: pass or call a suit (R9, R10)."""
    MAKER_CHOICE = 5
    """The maker takes the dummy or goes alone (R12)."""
    KEEP = 6
    """The maker keeps five of his ten cards (R12)."""
    DEFENDER_CHOICE = 7
    """Each defender in turn may go alone (R13)."""
    PLAY = 8
    """Trick play (R15–R17)."""
    OVER = 9
    """The hand is played out and scored (R19–R21)."""
    THROWN_IN = 10
    """Everybody passed twice: no score (R10)."""


P_JOKER, P_BID1, P_PICKUP, P_DISCARD, P_BID2, P_MAKER, P_KEEP, P_DEFENDER, P_PLAY, P_OVER, \
    P_THROWN = range(11)
_PHASES = list(Phase)

_ID_TUPLES: dict[int, tuple[int, ...]] = {}


def _ids(mask: int) -> tuple[int, ...]:
    """The card ids of a mask as a shared tuple (cached: the hot path of play)."""
    try:
        return _ID_TUPLES[mask]
    except KeyError:
        result = tuple(ids_of_mask(mask))
        if len(_ID_TUPLES) < 2_000_000:
            _ID_TUPLES[mask] = result
        return result


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.id
    return mask


_KEEP_ACTIONS: dict[int, tuple[Action, ...]] = {}
_KEEP_TEXTS: dict[int, tuple[str, ...]] = {}
KEEP_CACHE = 64
"""The most makers' ten-card holdings whose 252 keeps (objects, texts) are kept made:
they are asked for again and again within a hand (every view, every search of it), and
each takes some 40 KB (objects) and 18 KB (texts), so a long server or tournament would
otherwise hold hundreds of megabytes of keeps of hands long over."""
DISCARD_CACHE = 4096
"""The most dealers' six-card holdings whose discards are kept as a shared tuple."""
ACTION_TEXTS = tuple(str(Action.from_id(i)) for i in range(A.KEEP))
"""The text of every absolute action id (all but ``keep``), by id."""


def _keep_actions(ten: int) -> tuple[Action, ...]:
    """The 252 keep actions of a maker holding the ten cards of ``ten``, in id order."""
    actions = _KEEP_ACTIONS.get(ten)
    if actions is None:
        cards = cards_of_mask(ten)
        actions = tuple(keep_of_sorted(tuple([cards[i] for i in combo])) for combo in KEEP_COMBOS)
        if len(_KEEP_ACTIONS) >= KEEP_CACHE:
            _KEEP_ACTIONS.clear()
        _KEEP_ACTIONS[ten] = actions
    return actions


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


_DISCARD_TUPLES: dict[int, tuple[int, ...]] = {}
_BID1 = (A.PASS, A.ORDER)
_PICK = (A.PICKUP, A.LEAVE)
_MAKER = (A.DUMMY, A.ALONE)
_DEFENDER = (A.PASS, A.ALONE)
_TRUMPS = (A.TRUMP, A.TRUMP + 1, A.TRUMP + 2, A.TRUMP + 3)
_KEEPS = range(A.KEEP, A.NUM_ACTIONS)
_EMPTY: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, each card in the order played, and who won."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    def __str__(self) -> str:
        cards = " ".join(f"{seat}:{card}" for seat, card in self.plays)
        return f"{cards} -> seat {self.winner}"


class Hand:
    """One hand of cutthroat euchre, from the deal to the score.

    Create with :meth:`deal` (random or explicit cards); act with :meth:`push` (any
    form: ``Action``, ``"play JH"``, ``"2 play JH"``) or :meth:`push_id`; undo with
    :meth:`pop`; copy with :meth:`copy`. An illegal action raises
    :class:`~cutthroat.errors.IllegalActionError` and changes nothing.
    """

    __slots__ = (
        "_buried",
        "_dealer_discard",
        "_dealt",
        "_def_alone",
        "_def_decided",
        "_done",
        "_dummy",
        "_dummy_taken",
        "_hands",
        "_kitty",
        "_leader",
        "_legal",
        "_maker",
        "_maker_alone",
        "_moves",
        "_n_active",
        "_order",
        "_out",
        "_passes",
        "_phase",
        "_played",
        "_result",
        "_sealed",
        "_trick",
        "_trick_seats",
        "_tricks",
        "_trump",
        "_turn",
        "_undo",
        "_up",
        "_up_taken",
        "dealer",
        "rules",
    )

    rules: Rules
    dealer: int

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
        self._start(rules, dealer, _mask(deal.hands[0]), _mask(deal.hands[1]),
                    _mask(deal.hands[2]), _mask(deal.dummy), _mask(deal.kitty),
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
            deal = self._dealt = Deal.from_order(self.rules, self._order)
        return deal

    def _start(self, rules: Rules, dealer: int, h0: int, h1: int, h2: int, dummy: int,
               kitty: int, up: int) -> None:
        self.rules = rules
        self.dealer = dealer
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
        self._played = 0
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

    # --- what the hand is now ------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return _PHASES[self._phase]

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the hand is over."""
        return None if self._phase >= P_OVER else self._turn

    @property
    def is_over(self) -> bool:
        """True once the hand is scored or thrown in."""
        return self._phase >= P_OVER

    @property
    def result(self) -> HandResult | None:
        """The result once the hand is over, else ``None``."""
        return self._result

    @property
    def maker(self) -> int | None:
        """The maker, once trump is fixed."""
        return None if self._maker < 0 else self._maker

    @property
    def trump(self) -> Suit | None:
        """The trump suit, once fixed."""
        return None if self._trump < 0 else _SUITS[self._trump]

    @property
    def upcard(self) -> Card:
        """The up-card (R5)."""
        return Card.from_id(self._up)

    @property
    def upcard_taken(self) -> bool:
        """True once the dealer has taken the up-card into his hand."""
        return self._up_taken

    @property
    def alone(self) -> tuple[int, ...]:
        """The seats that went alone, ascending."""
        seats = []
        if self._maker_alone:
            seats.append(self._maker)
        if self._def_alone >= 0:
            seats.append(self._def_alone)
        return tuple(sorted(seats))

    @property
    def sitting_out(self) -> int | None:
        """The defender who sits out because his partner went alone (R13)."""
        return None if self._out < 0 else self._out

    @property
    def dummy_taken(self) -> bool:
        """True once the maker has picked up the dummy (R12)."""
        return self._dummy_taken

    @property
    def tricks_won(self) -> tuple[int, int, int]:
        """Tricks taken so far per seat."""
        return self._tricks[0], self._tricks[1], self._tricks[2]

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order."""
        by_id = Card.from_id
        return [
            Trick(leader, tuple((s, by_id(c)) for s, c in zip(seats, cards, strict=True)), win)
            for leader, seats, cards, win in self._done
        ]

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        """The cards played to the trick in progress, as ``(seat, card)``."""
        return [(s, Card.from_id(c)) for s, c in zip(self._trick_seats, self._trick, strict=True)]

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the trick in progress."""
        return None if self._leader < 0 else self._leader

    @property
    def moves(self) -> list[Move]:
        """Every move so far, in order: the hand's log."""
        return [Move(seat, self._action_of(aid, arg)) for seat, aid, arg in self._moves]

    def trick_ids(self) -> list[tuple[tuple[int, int], ...]]:
        """Every trick so far as ``(seat, card id)`` pairs, the one in progress last when
        it has a card: :attr:`tricks` and :attr:`current_trick` without card objects,
        for searches that read them at every node."""
        out = [tuple(zip(seats, cards, strict=True)) for _, seats, cards, _ in self._done]
        if self._trick:
            out.append(tuple(zip(self._trick_seats, self._trick, strict=True)))
        return out

    def cards(self, seat: int) -> list[Card]:
        """The cards a seat holds now, in id order (all ten while keeping)."""
        return cards_of_mask(self._hands[as_seat(seat)])  # -1 would be seat 2's

    def cards_mask(self, seat: int) -> int:
        """The bitmask of the cards a seat holds now."""
        if type(seat) is not int or not 0 <= seat <= 2:  # -1 would be seat 2's
            seat = as_seat(seat)
        return self._hands[seat]

    @property
    def dummy(self) -> list[Card]:
        """The dummy's cards while it lies on the table (empty once taken)."""
        return [] if self._dummy_taken else cards_of_mask(self._dummy)

    @property
    def kitty(self) -> list[Card]:
        """The cards face down in the kitty, with the dealer's discard (not the taken
        up-card)."""
        return cards_of_mask(self._kitty)

    @property
    def buried(self) -> list[Card]:
        """The five cards the maker discarded after taking the dummy."""
        return cards_of_mask(self._buried)

    @property
    def dealer_discard(self) -> Card | None:
        """The card the dealer discarded after taking the up-card."""
        return None if self._dealer_discard < 0 else Card.from_id(self._dealer_discard)

    def active_seats(self) -> tuple[int, ...]:
        """The seats that play tricks (everyone but a seat sitting out)."""
        return tuple(s for s in range(3) if s != self._out)

    def __repr__(self) -> str:
        state = self.phase.name.lower()
        turn = "" if self.to_act is None else f", to_act={self._turn}"
        return f"<Hand dealer={self.dealer} {state}{turn}, {len(self._moves)} moves>"

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

    # --- legal actions -------------------------------------------------------------

    def legal_action_ids(self) -> Sequence[int]:
        """The integer ids of every legal action for the seat to act (empty when over).

        The returned sequence is shared: do not modify it.
        """
        legal = self._legal
        if legal is not None:
            return legal
        if self._phase == P_PLAY:
            hand = self._hands[self._turn]
            trick = self._trick
            if trick:
                trump = self._trump
                follow = hand & SUIT_MASK[trump][EFF_SUIT[trump][trick[0]]]
                if follow:
                    hand = follow
            legal = _ID_TUPLES.get(hand) or _ids(hand)
        else:
            legal = self._compute_legal()
        self._legal = legal
        return legal

    def _compute_legal(self) -> Sequence[int]:
        ph = self._phase  # trick play is handled by legal_action_ids itself
        if ph == P_BID1:
            return _BID1
        if ph == P_DEFENDER:
            return _DEFENDER
        if ph == P_MAKER:
            return _MAKER
        if ph == P_BID2:
            up_suit = self._up >> 3  # printed suit (the up-card is never the joker here)
            calls = [A.CALL + s for s in range(4)
                     if s != up_suit or self.rules.may_name_turned_down_suit]
            if not (self.rules.stick_the_dealer and self._turn == self.dealer):
                calls.append(A.PASS)
            return tuple(calls)
        if ph == P_PICKUP:
            return _PICK
        if ph == P_DISCARD:
            mask = self._hands[self.dealer]
            cached = _DISCARD_TUPLES.get(mask)
            if cached is None:
                if len(_DISCARD_TUPLES) >= DISCARD_CACHE:
                    _DISCARD_TUPLES.clear()
                cached = _DISCARD_TUPLES[mask] = tuple(A.DISCARD + c for c in ids_of_mask(mask))
            return cached
        if ph == P_KEEP:
            return _KEEPS
        if ph == P_JOKER:
            return _TRUMPS
        return _EMPTY

    def legal_actions(self) -> list[Action]:
        """Every legal action for the seat to act, as :class:`Action` objects."""
        if self._phase == P_KEEP:
            return list(_keep_actions(self._hands[self._maker]))
        return [Action.from_id(a) for a in self.legal_action_ids()]

    def legal_texts(self) -> tuple[str, ...]:
        """The text of every legal action (``"play JH"``), as in a record or a view."""
        if self._phase == P_KEEP:
            ten = self._hands[self._maker]
            texts = _KEEP_TEXTS.get(ten)
            if texts is None:
                if len(_KEEP_TEXTS) >= KEEP_CACHE:
                    _KEEP_TEXTS.clear()
                names = [str(c) for c in cards_of_mask(ten)]
                texts = _KEEP_TEXTS[ten] = tuple([
                    f"keep {names[a]} {names[b]} {names[c]} {names[d]} {names[e]}"
                    for a, b, c, d, e in KEEP_COMBOS])
            return texts
        return tuple([ACTION_TEXTS[a] for a in self.legal_action_ids()])

    def is_legal(self, action: Action | str | int) -> bool:
        """Whether this action (object, text, or id: a Python or NumPy integer, as
        :meth:`push` takes it) is legal now."""
        seat: int | None = None
        try:
            if isinstance(action, (str, Action, Move)):
                seat, aid = self._resolve(action)
            else:
                aid = _as_id(action)  # a bool or anything else: no action
        except (ActionParseError, IllegalActionError):
            return False
        if seat is not None and seat != self.to_act:
            return False
        return aid in self.legal_action_ids()

    # --- ids <-> actions -----------------------------------------------------------

    def action_id(self, action: Action | str) -> int:
        """The integer id of an action here (a ``keep`` id depends on the maker's cards)."""
        return self._resolve(action)[1]

    def action_from_id(self, action_id: int) -> Action:
        """The action with this id here (a ``keep`` id needs the maker's ten cards)."""
        if type(action_id) is not int:
            action_id = _as_id(action_id)
        if not 0 <= action_id < A.NUM_ACTIONS:
            raise ActionParseError(f"not an action id: {action_id!r} (ids are 0 to "
                                   f"{A.NUM_ACTIONS - 1})")
        if action_id >= A.KEEP:
            if self._phase != P_KEEP:
                raise ActionParseError("a keep id only has a meaning while the maker keeps")
            return self._action_of(action_id, 0)
        return Action.from_id(action_id)

    def _maker_ten(self) -> tuple[int, ...]:
        """The maker's cards while he keeps (ten), as ids ascending: what keep ids index."""
        return tuple(ids_of_mask(self._hands[self._maker]))

    def _keep_mask(self, action_id: int) -> int:
        ids = self._maker_ten()
        mask = 0
        for pos in KEEP_COMBOS[action_id - A.KEEP]:
            mask |= 1 << ids[pos]
        return mask

    def _action_of(self, aid: int, arg: int) -> Action:
        if aid >= A.KEEP:
            return keep_of_sorted(tuple(cards_of_mask(arg or self._keep_mask(aid))))
        return Action.from_id(aid)

    def _resolve(self, action: Action | Move | str | int) -> tuple[int | None, int]:
        """(seat named or None, action id) for an action, a move or text (callers take
        integer ids themselves; anything else, ``True`` included, is not an action)."""
        seat: int | None = None
        if isinstance(action, str):
            text = " ".join(action.split())  # any white space between words, at the API
            if text.lstrip("+-")[:1].isdigit():  # a seat first: "2 pass", "-1 pass"
                move = Move.parse(text)
                seat, action = move.seat, move.action
            else:
                action = Action.parse(text)
        elif isinstance(action, Move):
            seat, action = action.seat, action.action
        if not isinstance(action, Action):
            raise ActionParseError(f"not an action: {action!r}")
        if action.verb is not Verb.KEEP:
            return seat, action.id
        if self._phase != P_KEEP:
            raise IllegalActionError(self._phase_reason("keep"), seat=seat)
        ids = self._maker_ten()
        try:
            combo = tuple(sorted(ids.index(c.id) for c in action.cards))
        except ValueError:
            missing = next(c for c in action.cards if c.id not in ids)
            raise IllegalActionError(
                f"seat {self._maker} cannot keep {missing}: it is not among the maker's ten cards",
                seat=seat) from None
        return seat, A.KEEP + A.KEEP_INDEX[combo]

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
        0–331 included), and :class:`~cutthroat.errors.SeatError` for a ``seat`` that is
        no seat (3, -1, ``True``, ``1.0``), as :meth:`view` does.
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
            raise ActionParseError(f"the action names seat {named}, not seat {seat}")
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
            a = _as_id(a)
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 2):
            seat = as_seat(seat)  # a NumPy integer is a seat; 3, -1, True, 1.0 are not
        turn = self._turn
        if self._phase == P_PLAY:
            # The hot path: a card played. Inlined for speed.
            hand = self._hands[turn]
            bit = 1 << a if 0 <= a <= 32 else 0
            trick = self._trick
            if not hand & bit or (seat is not None and seat != turn):
                self._refuse(a, seat)
            if trick:
                follow = hand & SUIT_MASK[self._trump][EFF_SUIT[self._trump][trick[0]]]
                if follow and not follow & bit:
                    self._refuse(a, seat)
            self._legal = None
            self._moves.append((turn, a, 0))
            self._hands[turn] = hand ^ bit
            self._played |= bit
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
        seat = as_seat(seat)
        mine = [index for index, move in enumerate(self.moves) if move.seat == seat]
        if not mine:
            return []
        for move in self.moves[mine[-1]:]:
            own = move.seat == seat
            if move.action.verb is Verb.DUMMY:
                raise IllegalActionError(
                    (f"seat {seat} has seen the dummy, so taking it cannot be taken back"
                     if own else "the maker has taken the dummy since and seen its cards, "
                     "so moves made before that cannot be taken back")
                    + " (R14: an unused dummy is never shown to anyone)", seat=seat)
            if move.action.verb is Verb.TRUMP:
                raise IllegalActionError(
                    (f"seat {seat} has seen the cards dealt since naming trump blind, so the "
                     "call cannot be taken back" if own else "the dealer has named trump "
                     "blind since and seen the cards dealt, so moves made before that "
                     "cannot be taken back")
                    + " (R6: the dealer names trump before his cards are shown to him)",
                    seat=seat)
        return [self.pop() for _ in range(len(self.moves) - mine[-1])]

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
        new._played = self._played
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
        new.dealer = self.dealer
        new.rules = self.rules
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

    def view(self, seat: int, scores: tuple[int, int, int] | None = None) -> View:
        """What ``seat`` may see now (R14); see :func:`cutthroat.views.view_of`."""
        from .views import view_of

        return view_of(self, seat, scores=scores)

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
        self._played ^= bit
        self._turn = seat

    def _finish(self) -> None:
        self._phase = P_OVER
        tricks = self._tricks
        key = (self.dealer, self._maker, self._trump, self._maker_alone, self._def_alone,
               tricks[0], tricks[1], tricks[2])
        cache = _result_cache(self.rules)
        result = cache.get(key)
        if result is None:
            maker = self._maker
            points = score_hand(
                self.rules,
                maker=maker,
                maker_alone=self._maker_alone,
                defender_alone=None if self._def_alone < 0 else self._def_alone,
                tricks=tricks,
            )
            result = cache[key] = HandResult(
                dealer=self.dealer, thrown_in=False, maker=maker, trump=_SUITS[self._trump],
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

    def _decide(self, a: int, arg: int) -> None:
        ph = self._phase
        seat = self._turn
        if ph == P_BID1:
            if a == A.PASS:
                self._passes += 1
                if self._passes == 3:
                    self._phase = P_BID2
                    self._passes = 0
                self._turn = (seat + 1) % 3
                return
            self._maker = seat
            self._trump = self._up >> 3
            if seat == self.dealer or self.rules.dealer_must_pick_up:
                self._take_upcard()
            else:
                self._phase = P_PICKUP
                self._turn = self.dealer
        elif ph == P_BID2:
            if a == A.PASS:
                self._passes += 1
                if self._passes == 3:
                    self._phase = P_THROWN
                    self._result = HandResult(dealer=self.dealer, thrown_in=True)
                else:
                    self._turn = (seat + 1) % 3
                return
            self._maker = seat
            self._trump = a - A.CALL
            self._trump_fixed()
        elif ph == P_PICKUP:
            if a == A.PICKUP:
                self._take_upcard()
            else:
                self._trump_fixed()
        elif ph == P_DISCARD:
            card = a - A.DISCARD
            self._hands[seat] ^= 1 << card
            self._kitty |= 1 << card
            self._dealer_discard = card
            self._trump_fixed()
        elif ph == P_MAKER:
            if a == A.DUMMY:
                self._hands[seat] |= self._dummy
                self._dummy_taken = True
                self._phase = P_KEEP
            else:
                self._maker_alone = True
                self._defenders()
        elif ph == P_KEEP:
            self._buried = self._hands[seat] & ~arg
            self._hands[seat] = arg
            self._defenders()
        elif ph == P_DEFENDER:
            if a == A.ALONE:
                self._def_alone = seat
                self._out = 3 - self._maker - seat
                self._n_active = 2
                self._start_play()
            else:
                self._def_decided += 1
                if self._def_decided == 2:
                    self._start_play()
                else:
                    self._turn = (seat + 1) % 3
        else:  # P_JOKER
            self._maker = seat
            self._trump = a - A.TRUMP
            self._take_upcard()

    def _take_upcard(self) -> None:
        bit = 1 << self._up
        self._hands[self.dealer] |= bit
        self._kitty ^= bit
        self._up_taken = True
        self._phase = P_DISCARD
        self._turn = self.dealer

    def _trump_fixed(self) -> None:
        if self.rules.dummy:
            self._phase = P_MAKER
            self._turn = self._maker
        else:
            self._defenders()

    def _defenders(self) -> None:
        self._phase = P_DEFENDER
        self._turn = (self._maker + 1) % 3

    def _start_play(self) -> None:
        if self._maker_alone:
            start = self._maker
        elif self._def_alone >= 0:
            start = self._def_alone
        else:
            start = self.dealer
        first = (start + 1) % 3
        if first == self._out:
            first = (first + 1) % 3
        self._phase = P_PLAY
        self._leader = self._turn = first

    # --- explanations ----------------------------------------------------------------

    def _phase_reason(self, verb: str) -> str:
        return not_now(verb, self._phase)

    def _why_illegal(self, a: int) -> str:
        """A sentence saying why action id ``a`` is not legal now."""
        if not isinstance(a, int) or not 0 <= a < A.NUM_ACTIONS:
            return f"not an action id: {a!r}"
        verb = "keep" if a >= A.KEEP else Action.from_id(a).verb.value
        seat = self._turn
        ph = self._phase
        if ph == P_PLAY and a <= 32:
            card = Card.from_id(a)
            if not self._hands[seat] >> a & 1:
                return f"seat {seat} does not hold {card}"
            led = EFF_SUIT[self._trump][self._trick[0]]
            return f"seat {seat} must follow {Suit(led).plural}"
        if ph == P_DISCARD and A.DISCARD <= a < A.PASS:
            return f"seat {seat} does not hold {Card.from_id(a - A.DISCARD)}"
        if ph == P_BID2 and a == A.PASS:
            return f"seat {seat} is the dealer and must name a suit (stick the dealer)"
        if ph == P_BID2 and A.CALL <= a < A.KEEP:
            return (f"{Suit(a - A.CALL).plural} was turned down and may not be named "
                    f"in the second round")
        return self._phase_reason(verb)


_PHASE_WORDS = {
    P_JOKER: "the joker is up and the dealer must name trump (trump SUIT)",
    P_BID1: "it is the first bidding round (pass or order)",
    P_PICKUP: "the dealer must take the up-card or leave it (pickup or leave)",
    P_DISCARD: "the dealer must discard a card (discard CARD)",
    P_BID2: "it is the second bidding round (pass or call SUIT)",
    P_MAKER: "the maker must take the dummy or go alone (dummy or alone)",
    P_KEEP: "the maker must keep five of their ten cards (keep C1 C2 C3 C4 C5)",
    P_DEFENDER: "the defenders are deciding whether to go alone (alone or pass)",
    P_PLAY: "it is trick play (play CARD)",
}


def not_now(verb: str, phase: int) -> str:
    """The engine's reason for refusing a move of ``verb`` in ``phase`` (a move of
    another stage): ``keep is not possible now: it is trick play (play CARD)``."""
    return f"{verb} is not possible now: {_PHASE_WORDS[phase]}"


def _as_id(value: object) -> int:
    """An action id given as another integer type (NumPy's) as an ``int``; anything else
    (a bool, a float, text) refused with an :class:`ActionParseError` saying so."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise ActionParseError(f"not an action id: {value!r} (an id is an integer, a Python or "
                           "NumPy one)")


def as_seat(value: object, what: str = "seat must be") -> int:
    """A seat, 0, 1 or 2, as an ``int`` (a NumPy integer too); a bool, a float (1.0),
    text or another number refused with a :class:`~cutthroat.errors.SeatError`, a
    ``ValueError`` (``what``: its first words).

    >>> as_seat(2)
    2
    >>> as_seat(1.0)
    Traceback (most recent call last):
    cutthroat.errors.SeatError: seat must be 0, 1 or 2, not 1.0
    """
    if not isinstance(value, bool):
        try:
            seat = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if 0 <= seat <= 2:
                return seat
    raise SeatError(f"{what} 0, 1 or 2, not {value!r}")


def check_rng(rng: object) -> None:
    """Refuse (``TypeError``) a random source that is not a ``random.Random`` (``None``
    passes): a NumPy ``Generator``, say, which would fail only at the first deal.

    >>> check_rng(3)
    Traceback (most recent call last):
    TypeError: rng must be a random.Random (or give seed=), not int
    """
    if rng is not None and not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random (or give seed=), not {type(rng).__name__}"
                        + (": a NumPy Generator can give one a seed, "
                           "random.Random(int(gen.integers(2**63)))"
                           if type(rng).__name__ == "Generator" else ""))


def as_seed(value: object) -> int:
    """A seed as an ``int``: an integer (a NumPy one too) as it is, ``None`` as 0 (the
    default seed of :class:`~cutthroat.Game` and :meth:`Hand.deal`). A float, text, a
    bool or a ``random.Random`` (which goes in ``rng=``) is a ``TypeError``, where
    Python's ``random.Random`` would take some of them silently; a negative integer is
    a ``ValueError``, since ``random.Random`` deals ``-5`` as ``5``.

    >>> as_seed(None), as_seed(7)
    (0, 7)
    >>> as_seed(1.5)
    Traceback (most recent call last):
    TypeError: a seed is an integer or None, not 1.5
    """
    if value is None:
        return 0
    if isinstance(value, random.Random):
        raise TypeError("pass a random.Random as rng=, not seed=")
    if not isinstance(value, bool):
        try:
            seed = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if seed < 0:
                raise ValueError(f"a seed is 0 or more, not {seed} (Python's random deals "
                                 f"seed {seed} exactly as seed {-seed})")
            return seed
    raise TypeError(f"a seed is an integer or None, not {value!r}")
