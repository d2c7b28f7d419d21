"""What a hand is now and what may be done in it: the read-only side of
:class:`~cutthroat.state.Hand` (its phase, cards and tricks, its legal actions, action
ids and texts, a seat's view, why an action is refused), kept apart from the moves
that change it (:mod:`cutthroat.state`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import actions as A
from .actions import KEEP_COMBOS, Action, Move, Verb, keep_id, keep_of_sorted
from .cards import EFF_SUIT, SUIT_MASK, Card, Suit, cards_of_mask, ids_of_mask
from .checks import as_action_id, as_seat
from .errors import ActionParseError, IllegalActionError
from .phases import (
    P_BID1,
    P_BID2,
    P_DEFENDER,
    P_DISCARD,
    P_JOKER,
    P_KEEP,
    P_MAKER,
    P_OVER,
    P_PICKUP,
    P_PLAY,
    PHASES,
    Phase,
    not_now,
)
from .rules import Rules
from .scoring import HandResult

__all__ = ["HandQueries", "Trick"]

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


class HandQueries:
    """The read-only side of :class:`~cutthroat.state.Hand`, which holds the state
    (its slots) and the moves that change it."""

    __slots__ = ("_legal",)  # the legal action ids, made when first asked for

    _rules: Rules
    _dealer: int
    _buried: int
    _dealer_discard: int
    _def_alone: int
    _done: list[tuple[int, tuple[int, ...], tuple[int, ...], int]]
    _dummy: int
    _dummy_taken: bool
    _hands: list[int]
    _kitty: int
    _leader: int
    _legal: Sequence[int] | None
    _maker: int
    _maker_alone: bool
    _moves: list[tuple[int, int, int]]
    _out: int
    _phase: int
    _result: HandResult | None
    _trick: list[int]
    _trick_seats: list[int]
    _tricks: list[int]
    _trump: int
    _turn: int
    _up: int
    _up_taken: bool

    # --- what the hand is now ------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules the hand is played under (read-only: fixed at the deal)."""
        return self._rules

    @property
    def dealer(self) -> int:
        """The dealer's seat, 0-2 (read-only: fixed at the deal; a hand with another
        dealer is another deal, :meth:`~cutthroat.state.Hand.deal`)."""
        return self._dealer

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return PHASES[self._phase]

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
        """The cards face down in the kitty now, in card order: the dealer's discard
        among them, not an up-card he took. The deal's kitty, in the order dealt with
        the up-card first (``kitty[0]``, as a record writes it), is ``dealt.kitty``."""
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
        return f"<Hand dealer={self._dealer} {state}{turn}, {len(self._moves)} moves>"

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
                     if s != up_suit or self._rules.may_name_turned_down_suit]
            if not self._dealer_stuck():
                calls.append(A.PASS)
            return tuple(calls)
        if ph == P_PICKUP:
            return _PICK
        if ph == P_DISCARD:
            mask = self._hands[self._dealer]
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

    def is_legal(self, action: Action | Move | str | int) -> bool:
        """Whether this action (object, a Move, text, or id: a Python or NumPy integer, as
        :meth:`push` takes it) is legal now."""
        seat: int | None = None
        try:
            if isinstance(action, (str, Action, Move)):
                seat, aid = self._resolve(action)
            else:
                aid = as_action_id(action)  # a bool or anything else: no action
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
            action_id = as_action_id(action_id)
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
            return seat, keep_id(ids, (c.id for c in action.cards))
        except ValueError:
            missing = next(c for c in action.cards if c.id not in ids)
            raise IllegalActionError(
                f"seat {self._maker} cannot keep {missing}: it is in neither seat {self._maker}'s "
                "hand nor the dummy",
                seat=seat) from None

    # --- explanations ----------------------------------------------------------------

    def _dealer_stuck(self) -> bool:
        """Whether the seat to act is the dealer under stick the dealer (R10): in the
        second round he may not pass."""
        return self._rules.stick_the_dealer and self._turn == self._dealer

    def _phase_reason(self, verb: str) -> str:
        return not_now(verb, self._phase, stuck=self._dealer_stuck())

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
            said = f"seat {seat} must follow {Suit(led).plural}"
            if card.is_joker or card.suit == Suit(led):  # the joker or the left bower
                said += f": {'the joker' if card.is_joker else card} is a trump (R3)"
            return said
        if ph == P_DISCARD and A.DISCARD <= a < A.PASS:
            return f"seat {seat} does not hold {Card.from_id(a - A.DISCARD)}"
        if ph == P_BID2 and a == A.PASS:
            return f"seat {seat} is the dealer and must name a suit (stick the dealer)"
        if ph == P_BID2 and A.CALL <= a < A.KEEP:
            return (f"{Suit(a - A.CALL).plural} was turned down and may not be named "
                    f"in the second round")
        return self._phase_reason(verb)
