"""What one seat may see (R14): its own cards, the public table, never a hidden card.

>>> import random
>>> from cutthroat import Hand, Rules
>>> hand = Hand.deal(Rules(), dealer=0, rng=random.Random(3))
>>> v = hand.view(1)
>>> len(v.cards), v.upcard == hand.upcard, v.legal
(5, True, ('pass', 'order'))
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .actions import DISCARD, KEEP, Action
from .cards import Card, Suit, deck_mask, mask_of
from .checks import as_scores
from .hand_queries import ACTION_TEXTS
from .phases import P_JOKER
from .rules import Rules
from .scoring import HandResult
from .state import Hand, Phase, Trick, as_seat

__all__ = ["View", "public_view_json", "view_of"]


LEGAL_SHOWN = 12
"""The most legal actions ``repr(view)`` lists one by one."""


@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat knows at one moment, and nothing more.

    Attributes:
        seat: whose view this is.
        rules: the rules in force.
        dealer: the dealer.
        phase: the current phase.
        to_act: the seat to act (``None`` when the hand is over).
        cards: this seat's own cards (none for the dealer naming trump blind, R6).
        upcard: the up-card, which everybody saw (R5).
        upcard_taken: whether the dealer took the up-card into his hand.
        moves: the public log: every move, with the card of a discard and the cards of
            a keep shown only to the seat that made them (``"0 discard ?"`` otherwise).
        maker, trump, alone, sitting_out: as on :class:`~cutthroat.state.Hand`.
        dummy_taken: whether the maker took the dummy.
        discard: the dealer's own discard (only in the dealer's view).
        buried: the maker's own five discards (only in the maker's view).
        tricks: the finished tricks.
        current_trick: ``(seat, card)`` pairs of the trick in progress.
        leader: the seat that led the trick in progress.
        tricks_won: tricks per seat so far.
        scores: the game's scores before this hand, when known.
        legal: the legal actions' text when this seat is to act, else empty.
        result: the hand's :class:`~cutthroat.scoring.HandResult` once it is over
            (thrown in included), else ``None``. Public: the maker, trump, who went
            alone, the tricks and points every seat saw taken; no card (R14).
    """

    seat: int
    rules: Rules
    dealer: int
    phase: Phase
    to_act: int | None
    cards: tuple[Card, ...]
    upcard: Card
    upcard_taken: bool
    moves: tuple[str, ...]
    maker: int | None
    trump: Suit | None
    alone: tuple[int, ...]
    sitting_out: int | None
    dummy_taken: bool
    discard: Card | None
    buried: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[int, Card], ...]
    leader: int | None
    tricks_won: tuple[int, int, int]
    scores: tuple[int, int, int] | None
    legal: tuple[str, ...]
    result: HandResult | None = None

    def __repr__(self) -> str:
        """Every field as the dataclass shows it, but a keep's 252 legal actions cut to
        the first three and their count (a notebook cell of 6,000 characters, else)."""
        shown = []
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "legal" and len(value) > LEGAL_SHOWN:
                text = f"({', '.join(map(repr, value[:3]))}, ... {len(value)} in all)"
            else:
                text = repr(value)
            shown.append(f"{f.name}={text}")
        return f"View({', '.join(shown)})"

    def __str__(self) -> str:
        """What this seat sees, as text: the score, the deal, trump, the trick, its
        cards, and whose turn it is with the moves it may make (``print(view)``); at
        the end of the hand, its result."""
        from .render import describe_result, describe_view

        players = [f"Seat {s}" for s in range(3)]
        lines = [f"Seat {self.seat}'s view"]
        lines.extend(describe_view(self, players))
        if self.to_act is None:
            lines.append("The hand is over" if self.result is None else
                         f"The hand is over: {describe_result(self.result, players)}")
        elif self.to_act != self.seat:
            lines.append(f"Seat {self.to_act} to act")
        elif self.phase is Phase.KEEP:
            lines.append("Your turn: keep any five of your ten (keep C1 C2 C3 C4 C5)")
        else:
            lines.append("Your turn: " + ", ".join(self.legal))
        return "\n".join(lines)

    def legal_actions(self) -> list[Action]:
        """:attr:`legal` as :class:`~cutthroat.actions.Action` objects, in its order (as
        :meth:`Hand.legal_actions <cutthroat.state.Hand.legal_actions>` gives them):
        ``legal`` holds text, so ``Action.parse("order") in view.legal`` is false where
        ``"order" in view.legal`` is true, and the other way round here."""
        return [Action.parse(text) for text in self.legal]

    def seen_mask(self) -> int:
        """Every card this seat has seen: its cards, its own discards, the cards played,
        and the up-card (seen by all; once the dealer has taken it, only he knows whether
        it is in his hand or the kitty, R14)."""
        mask = mask_of(self.cards) | mask_of(self.buried) | (1 << self.upcard.id)
        if self.discard is not None:
            mask |= 1 << self.discard.id
        for trick in self.tricks:
            mask |= mask_of(card for _, card in trick.plays)
        mask |= mask_of(card for _, card in self.current_trick)
        return mask

    def unseen_cards(self) -> list[Card]:
        """The cards of the deck this seat has not seen (:meth:`seen_mask`): where each
        one is, the seat does not know."""
        from .cards import cards_of_mask

        return cards_of_mask(deck_mask(self.rules.deck) & ~self.seen_mask())

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (cards and suits as text), for a client of this seat."""
        def cards(items: tuple[Card, ...]) -> list[str]:
            return [str(c) for c in items]

        return {
            "seat": self.seat,
            "rules": self.rules.to_json(),
            "dealer": self.dealer,
            "phase": self.phase.name.lower(),
            "to_act": self.to_act,
            "cards": cards(self.cards),
            "upcard": str(self.upcard),
            "upcard_taken": self.upcard_taken,
            "moves": list(self.moves),
            "maker": self.maker,
            "trump": None if self.trump is None else str(self.trump),
            "alone": list(self.alone),
            "sitting_out": self.sitting_out,
            "dummy_taken": self.dummy_taken,
            "discard": None if self.discard is None else str(self.discard),
            "buried": cards(self.buried),
            "tricks": [
                {"leader": t.leader, "plays": [[s, str(c)] for s, c in t.plays],
                 "winner": t.winner}
                for t in self.tricks
            ],
            "current_trick": [[s, str(c)] for s, c in self.current_trick],
            "leader": self.leader,
            "tricks_won": list(self.tricks_won),
            "scores": None if self.scores is None else list(self.scores),
            "legal": list(self.legal),
            "result": None if self.result is None else self.result.to_json(),
        }


def _log(hand: Hand, seat: int | None) -> tuple[str, ...]:
    """The hand's moves as ``seat`` may know them: the card of a discard and the cards
    of a keep shown only to the seat that made them (to nobody for ``None``)."""
    moves = []
    for actor, aid, _arg in hand._moves:
        if actor != seat and DISCARD <= aid < DISCARD + 33:
            moves.append(f"{actor} discard ?")
        elif aid >= KEEP:
            if actor == seat:
                moves.append(f"{actor} {hand._action_of(aid, _arg)}")
            else:
                moves.append(f"{actor} keep ? ? ? ? ?")
        else:
            moves.append(f"{actor} {ACTION_TEXTS[aid]}")
    return tuple(moves)


def public_view_json(hand: Hand, *, scores: tuple[int, int, int] | None = None
                     ) -> dict[str, Any]:
    """What somebody watching the table, in no seat, may see of this hand now (R14): the
    up-card, the bids and the cards played, nobody's hand, discard or keep. The keys
    are those of :meth:`View.to_json`, with ``seat`` ``None`` and the private ones
    empty.

    >>> import random
    >>> from cutthroat import Hand, Rules
    >>> hand = Hand.deal(Rules(), dealer=0, rng=random.Random(3))
    >>> watched = public_view_json(hand)
    >>> watched["seat"], watched["cards"], watched["upcard"] == str(hand.upcard)
    (None, [], True)
    """
    return {**_view(hand, 0, None, as_scores(scores)).to_json(), "seat": None}


def view_of(hand: Hand, seat: int, *, scores: tuple[int, int, int] | None = None) -> View:
    """The view of ``seat`` (0–2) of this hand now (R14, R6), shown with the game's
    ``scores`` if given (three points, seats 0, 1 and 2: :func:`~cutthroat.checks.as_scores`)."""
    seat = as_seat(seat)
    return _view(hand, seat, seat, as_scores(scores))


def _view(hand: Hand, seat: int, owner: int | None,
          scores: tuple[int, int, int] | None) -> View:
    """The view of ``seat`` with the private parts (cards, discards, keep, legal
    actions) of ``owner``: ``seat`` itself, or nobody (``None``, a watcher's)."""
    blind = hand._phase == P_JOKER and owner == hand.dealer
    to_act = hand.to_act
    legal: tuple[str, ...] = ()
    if owner is not None and to_act == owner:
        legal = hand.legal_texts()
    return View(
        seat=seat,
        rules=hand.rules,
        dealer=hand.dealer,
        phase=hand.phase,
        to_act=to_act,
        cards=() if blind or owner is None else tuple(hand.cards(owner)),
        upcard=hand.upcard,
        upcard_taken=hand.upcard_taken,
        moves=_log(hand, owner),
        maker=hand.maker,
        trump=hand.trump,
        alone=hand.alone,
        sitting_out=hand.sitting_out,
        dummy_taken=hand.dummy_taken,
        discard=hand.dealer_discard if owner == hand.dealer else None,
        buried=tuple(hand.buried) if owner is not None and owner == hand.maker else (),
        tricks=tuple(hand.tricks),
        current_trick=tuple(hand.current_trick),
        leader=hand.leader,
        tricks_won=hand.tricks_won,
        scores=scores,
        legal=legal,
        result=hand.result,
    )
