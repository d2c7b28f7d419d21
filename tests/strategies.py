"""Hypothesis strategies for the engine, and the helpers the property tests share.

Strategies: :func:`rules_st` (every variant field of RULES.md), :data:`seeds`,
:func:`deals` (an explicit deal, the joker often turned up with 25 cards), :func:`hands`,
:func:`playthroughs` (a hand and a random legal line through it, possibly stopped early)
and :func:`games` (a game played by random choices, possibly stopped mid-hand).

Helpers: :func:`fingerprint` (everything observable of a hand, for equality),
:func:`placed_cards` (where every card is, for conservation), :func:`known_mask`
(the cards a seat may know, R14) and :func:`hand_at_the_keep` (a maker with the dummy
taken, to keep five of ten, R12).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from cutthroat import Card, Deal, Game, Hand, Rules, deck
from cutthroat.actions import PASS
from cutthroat.cards import CardError
from cutthroat.state import Phase
from cutthroat.views import View

__all__ = [
    "DECKS",
    "Playthrough",
    "deals",
    "fingerprint",
    "games",
    "hand_at_the_keep",
    "hands",
    "known_mask",
    "placed_cards",
    "playthroughs",
    "rules_st",
    "seats",
    "seeds",
]

DECKS = (24, 25, 32)
"""Every deck size of R2."""

seeds = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds for ``random.Random`` and :class:`cutthroat.Game`."""

seats = st.integers(min_value=0, max_value=2)
"""A seat (R1)."""

JOKER = Card.parse("JO")


def rules_st(
    *,
    deck_sizes: tuple[int, ...] = DECKS,
    targets: st.SearchStrategy[int] | None = None,
) -> st.SearchStrategy[Rules]:
    """Rules with every variant field drawn (R2, R5, R8, R9, R10, R19, R22): each field
    of :class:`~cutthroat.Rules` must have a draw here (``test_rules_fields`` checks),
    else ``st.builds`` would quietly leave it at its default."""
    return st.builds(Rules, **rule_fields(deck_sizes, targets))


def rule_fields(deck_sizes: tuple[int, ...] = DECKS,
                targets: st.SearchStrategy[int] | None = None,
                ) -> dict[str, st.SearchStrategy[Any]]:
    """A draw for each field of :class:`~cutthroat.Rules`, by name (:func:`rules_st`)."""
    return {
        "deck": st.sampled_from(deck_sizes),
        "dummy": st.booleans(),
        "dealer_must_pick_up": st.booleans(),
        "may_name_turned_down_suit": st.booleans(),
        "stick_the_dealer": st.booleans(),
        "march_points": st.integers(min_value=1, max_value=6),
        "maker_alone_march": st.none() | st.integers(min_value=1, max_value=8),
        "target": targets if targets is not None else st.integers(min_value=1, max_value=12),
        "tie": st.sampled_from(("play_on", "share")),
    }


@st.composite
def deals(draw: st.DrawFn, rules: Rules) -> Deal:
    """An explicit deal for ``rules``: a drawn order of the deck dealt as R5 says. With
    25 cards the joker is moved to the up-card one time in three (R6 is otherwise rare)."""
    cards: list[Card] = list(draw(st.permutations(deck(rules.deck))))
    up = 20 if rules.dummy else 15
    if rules.deck == 25 and draw(st.integers(min_value=0, max_value=2)) == 0:
        at = cards.index(JOKER)
        cards[at], cards[up] = cards[up], cards[at]
    hands = [cards[0:5], cards[5:10], cards[10:15]]
    dummy = cards[15:20] if rules.dummy else []
    return Deal.from_cards(rules, hands, cards[up:], dummy)


@st.composite
def hands(draw: st.DrawFn, rules: st.SearchStrategy[Rules] | None = None) -> Hand:
    """A fresh hand: drawn rules, deal and dealer."""
    chosen = draw(rules if rules is not None else rules_st())
    return Hand(chosen, draw(deals(chosen)), draw(seats))


@dataclass(frozen=True)
class Playthrough:
    """A deal and a line of legal action ids through it (to the end, or stopped early)."""

    rules: Rules
    deal: Deal
    dealer: int
    ids: tuple[int, ...]

    def fresh(self) -> Hand:
        """A new hand at the deal, before any action."""
        return Hand(self.rules, self.deal, self.dealer)

    def states(self) -> Iterator[tuple[Hand, int | None]]:
        """Walk the line on one hand: yields ``(hand, next id)`` before every action and
        ``(hand, None)`` once at the end; the hand object is the same throughout."""
        hand = self.fresh()
        for aid in self.ids:
            yield hand, aid
            hand.apply_id(aid)
        yield hand, None

    def final(self) -> Hand:
        """The hand after the whole line."""
        hand = self.fresh()
        for aid in self.ids:
            hand.apply_id(aid)
        return hand


@st.composite
def playthroughs(
    draw: st.DrawFn,
    rules: st.SearchStrategy[Rules] | None = None,
    *,
    may_stop: bool = True,
) -> Playthrough:
    """A random legal line through a random hand under random rules. Each choice is a
    drawn index into ``legal_action_ids()`` (shrinks towards the first legal action);
    with ``may_stop`` the line may stop before the hand ends."""
    chosen = draw(rules if rules is not None else rules_st())
    deal = draw(deals(chosen))
    dealer = draw(seats)
    hand = Hand(chosen, deal, dealer)
    limit = draw(st.integers(min_value=0, max_value=40)) if may_stop else 10**6
    ids: list[int] = []
    while not hand.is_over and len(ids) < limit:
        legal = hand.legal_action_ids()
        aid = legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))]
        hand.apply_id(aid)
        ids.append(aid)
    return Playthrough(chosen, deal, dealer, tuple(ids))


def play_randomly(game: Game, rng: random.Random, pass_bias: float, max_actions: int) -> Game:
    """Play ``game`` with random legal actions (``pass`` taken with probability
    ``pass_bias`` whenever legal, so that thrown-in hands occur) until it is over or
    ``max_actions`` actions have been taken; the last hand may be left unfinished."""
    taken = 0
    while not game.is_over and taken < max_actions:
        if game.needs_deal:
            game.deal()
        hand = game.hand
        assert hand is not None
        legal = hand.legal_action_ids()
        if PASS in legal and rng.random() < pass_bias:
            aid = PASS
        else:
            aid = legal[rng.randrange(len(legal))]
        hand.push_id(aid)
        taken += 1
    return game


@st.composite
def games(draw: st.DrawFn, *, may_stop: bool = True, max_target: int = 8) -> Game:
    """A game under random rules (target at most ``max_target``) played by random legal
    actions, biased towards ``pass``; with ``may_stop`` it may stop at any point."""
    chosen = draw(rules_st(targets=st.integers(min_value=1, max_value=max_target)))
    game = Game(chosen, seed=draw(seeds))
    rng = random.Random(draw(seeds))
    bias = draw(st.sampled_from((0.0, 0.5, 0.9)))
    limit = draw(st.integers(min_value=0, max_value=400)) if may_stop else 10**9
    return play_randomly(game, rng, bias, limit)


def placed_cards(hand: Hand) -> list[Card]:
    """Every card where it lies now: the three seats, the dummy while on the table, the
    kitty (with the dealer's discard), the maker's buried cards, and the cards played
    (finished tricks and the trick in progress). Conservation means this is the deck."""
    out: list[Card] = []
    for seat in range(3):
        out += hand.cards(seat)
    out += hand.dummy
    out += hand.kitty
    out += hand.buried
    for trick in hand.tricks:
        out += [card for _, card in trick.plays]
    out += [card for _, card in hand.current_trick]
    return out


def played_mask(hand: Hand) -> int:
    """The cards played so far, finished tricks and the trick in progress."""
    mask = 0
    for trick in hand.tricks:
        for _, card in trick.plays:
            mask |= 1 << card.id
    for _, card in hand.current_trick:
        mask |= 1 << card.id
    return mask


def known_mask(hand: Hand, seat: int) -> int:
    """The cards ``seat`` may know the place of (R14): its own cards, the cards played,
    the up-card, its own discard if it is the dealer, its buried cards if the maker."""
    mask = hand.cards_mask(seat) | played_mask(hand) | 1 << hand.upcard.id
    if seat == hand.dealer and hand.dealer_discard is not None:
        mask |= 1 << hand.dealer_discard.id
    if seat == hand.maker:
        for card in hand.buried:
            mask |= 1 << card.id
    return mask


def fingerprint(hand: Hand, *, views: bool = False) -> tuple[Any, ...]:
    """Everything observable about a hand, as one comparable value (optionally with the
    three seats' views)."""
    result: tuple[Any, ...] = (
        hand.phase,
        hand.to_act,
        hand.is_over,
        hand.result,
        tuple(tuple(hand.cards(seat)) for seat in range(3)),
        tuple(str(move) for move in hand.moves),
        tuple(hand.tricks),
        tuple(hand.current_trick),
        tuple(hand.legal_action_ids()),
        tuple(str(a) for a in hand.legal_actions()),
        hand.maker,
        hand.trump,
        hand.alone,
        hand.sitting_out,
        hand.leader,
        hand.tricks_won,
        tuple(hand.dummy),
        tuple(hand.kitty),
        tuple(hand.buried),
        hand.dealer_discard,
        hand.upcard,
        hand.upcard_taken,
        hand.dummy_taken,
        repr(hand),
    )
    if views:
        result += tuple(hand.view(seat) for seat in range(3))
    return result


def hand_at_the_keep() -> tuple[Hand, int]:
    """The first standard deal (by seed) whose first bidder orders up and takes the
    dummy (R12), played to that seat's keep of five of its ten cards: (hand, seat)."""
    for seed in range(60):
        hand = Hand.deal(seed=seed)
        seat = hand.to_act
        assert seat is not None
        hand.push("order", seat)
        while hand.phase in (Phase.PICKUP, Phase.DISCARD, Phase.MAKER_CHOICE):
            legal = hand.legal_texts()
            hand.push("dummy" if "dummy" in legal else legal[0])
        if hand.phase is Phase.KEEP and hand.to_act == seat:
            return hand, seat
    raise AssertionError("no deal let its first bidder take the dummy")


def cards_in(value: Any) -> list[Card]:
    """Every card written anywhere in a JSON-like value (card tokens in strings)."""
    found: list[Card] = []
    if isinstance(value, str):
        for word in value.split():
            with contextlib.suppress(CardError):
                found.append(Card.parse(word))
    elif isinstance(value, dict):
        for item in value.values():
            found += cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found += cards_in(item)
    return found


def shown_cards(view: View) -> list[Card]:
    """Every card the view shows, field by field."""
    shown = list(view.cards) + list(view.buried) + [view.upcard]
    if view.discard is not None:
        shown.append(view.discard)
    for trick in view.tricks:
        shown += [card for _, card in trick.plays]
    shown += [card for _, card in view.current_trick]
    shown += cards_in(list(view.moves)) + cards_in(list(view.legal))
    return shown
