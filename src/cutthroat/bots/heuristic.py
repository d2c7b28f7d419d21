"""Rule-based bots: ``beginner`` (a novice's simple rules) and ``intermediate`` (plays
like a decent human: estimated tricks, score awareness, card counting, cooperation
between the defenders).

Both see only their seat's :class:`~cutthroat.views.View`, return one of ``view.legal``
and are deterministic given their seed. ``choose_with_reason`` also returns a short
sentence saying why (the last one is kept in ``reason``), for hints.

>>> from cutthroat import Game
>>> from cutthroat.bots import play_game
>>> game = play_game(Game(seed=4), [IntermediateBot(seed=1), BeginnerBot(seed=2),
...                                 BeginnerBot(seed=3)])
>>> game.is_over
True

The intermediate bot's decisions before play live in
:mod:`cutthroat.bots.heuristic_bidding` and its card play in
:mod:`cutthroat.bots.heuristic_play`.
"""

from __future__ import annotations

import random as _random
import re

from ..actions import Action, Verb
from ..cards import EFF_SUIT, PLAIN_POWER, TRUMP_POWER, Card, Rank, Suit, card_strength, trick_power
from ..state import Hand, Phase
from ..views import View
from .base import bot_repr, require_turn
from .heuristic_bidding import decide, discard_decision, keep_decision
from .heuristic_play import decide_play, decide_play_in

__all__ = ["BeginnerBot", "IntermediateBot", "name_bowers"]

Decision = tuple[Action, str]


class _HeuristicBot:
    """Shared plumbing: a private seeded generator, the last reason, a legality guard."""

    name = "heuristic"

    def __init__(self, seed: int | None = 0, rng: _random.Random | None = None) -> None:
        self.rng = rng if rng is not None else _random.Random(seed)
        self._reason: tuple[str, Suit | None] = ("", None)
        self._made = (seed, rng)

    @property
    def reason(self) -> str:
        """Why the last action was chosen, in a short sentence (its bowers named: made
        only when asked, not on the expert's thousands of choices a decision)."""
        return name_bowers(*self._reason)

    def __repr__(self) -> str:
        return bot_repr(self, *self._made)

    def choose(self, view: View) -> Action:
        """The action this bot takes, given what its seat may see."""
        return self.choose_with_reason(view)[0]

    def choose_in(self, hand: Hand, seat: int,
                  scores: tuple[int, int, int] | None = None) -> Action:
        """What :meth:`choose` returns on ``hand.view(seat, scores)``. Searches that ask
        for the bot's choice thousands of times a decision call this: in play it reads
        the hand directly instead of building the view."""
        return self.choose(hand.view(seat, scores))

    def choose_with_reason(self, view: View) -> Decision:
        """The action and a short sentence saying why."""
        require_turn(view, "choose")
        action, reason = self._decide(view)
        if str(action) not in view.legal:  # a guard: never return an illegal action
            action, reason = Action.parse(view.legal[0]), f"fallback ({reason})"
        self._reason = (reason, view.trump)
        return action, self.reason

    def _decide(self, view: View) -> Decision:  # pragma: no cover - overridden
        raise NotImplementedError


# --- the beginner ----------------------------------------------------------------------


def _value(card: Card, trump: int) -> int:
    """A novice's card order: any trump above any side card, then by rank."""
    return card_strength(card.id, trump)


def _trumps(cards: list[Card] | tuple[Card, ...], trump: int) -> list[Card]:
    return [c for c in cards if EFF_SUIT[trump][c.id] == trump]


def _bower_count(cards: list[Card] | tuple[Card, ...], trump: int) -> int:
    """Bowers and joker held under ``trump``."""
    return sum(1 for c in cards if TRUMP_POWER[trump][c.id] >= 8)


def _worth_making(cards: list[Card] | tuple[Card, ...], trump: int) -> bool:
    n = len(_trumps(cards, trump))
    return n >= 3 or (n >= 2 and _bower_count(cards, trump) >= 1)


class BeginnerBot(_HeuristicBot):
    """A novice's simple, sensible rules.

    Orders or calls with three trumps, or two with a bower (or the joker); the dealer
    always picks the up-card up and discards his lowest side card; takes the dummy
    unless the hand is overwhelming (four trumps with both top ones, the fifth card a
    trump or an ace); keeps the highest cards (trumps, then aces...); never defends
    alone; plays its highest card when that wins the trick, else its lowest; leads its
    best card.
    """

    name = "beginner"

    def _decide(self, view: View) -> Decision:
        phase = view.phase
        if phase is Phase.JOKER_TRUMP:
            suit = Suit(self.rng.randrange(4))
            return Action.trump(suit), f"joker up: name {suit.plural}"
        if phase is Phase.BID_FIRST:
            return self._bid_first(view)
        if phase is Phase.PICKUP:
            return Action.simple(Verb.PICKUP), "always take the up-card"
        if phase is Phase.DISCARD:
            return self._discard(view)
        if phase is Phase.BID_SECOND:
            return self._bid_second(view)
        if phase is Phase.MAKER_CHOICE:
            return self._maker_choice(view)
        if phase is Phase.KEEP:
            return self._keep(view)
        if phase is Phase.DEFENDER_CHOICE:
            return Action.simple(Verb.PASS), "never defend alone"
        return self._play(view)

    def _bid_first(self, view: View) -> Decision:
        assert view.upcard.suit is not None
        trump = int(view.upcard.suit)
        cards = list(view.cards)
        if view.seat == view.dealer:
            cards.append(view.upcard)
        if _worth_making(cards, trump):
            return Action.simple(Verb.ORDER), "enough trumps to order"
        return Action.simple(Verb.PASS), "not enough trumps"

    def _discard(self, view: View) -> Decision:
        assert view.trump is not None
        trump = int(view.trump)
        side = [c for c in view.cards if EFF_SUIT[trump][c.id] != trump]
        pool = side or list(view.cards)
        card = min(pool, key=lambda c: _value(c, trump))
        return Action.discard(card), f"discard the lowest card, {card}"

    def _bid_second(self, view: View) -> Decision:
        calls = [Action.parse(t) for t in view.legal if t.startswith("call")]

        def strength(action: Action) -> tuple[int, int, int]:
            assert action.suit is not None
            trump = int(action.suit)
            return (len(_trumps(view.cards, trump)), _bower_count(view.cards, trump),
                    sum(_value(c, trump) for c in _trumps(view.cards, trump)))

        best = max(calls, key=strength)
        assert best.suit is not None
        if _worth_making(view.cards, int(best.suit)):
            return best, f"enough {best.suit.plural} to call"
        if "pass" not in view.legal:
            return best, f"stuck: call the longest suit, {best.suit.plural}"
        return Action.simple(Verb.PASS), "not enough trumps"

    def _maker_choice(self, view: View) -> Decision:
        assert view.trump is not None
        trump = int(view.trump)
        trumps = _trumps(view.cards, trump)
        top = {c.id for c in trumps if TRUMP_POWER[trump][c.id] >= 9}
        need_top = 2 if view.rules.deck == 25 else 1  # joker and right bower, or right
        rest_ok = all(EFF_SUIT[trump][c.id] == trump or PLAIN_POWER[c.id] == 8
                      for c in view.cards)
        has_left = any(TRUMP_POWER[trump][c.id] == 8 for c in trumps)
        if len(trumps) >= 4 and len(top) >= need_top and has_left and rest_ok:
            return Action.simple(Verb.ALONE), "an overwhelming hand: go alone"
        return Action.simple(Verb.DUMMY), "take the dummy"

    def _keep(self, view: View) -> Decision:
        assert view.trump is not None
        trump = int(view.trump)
        cards = sorted(view.cards, key=lambda c: -_value(c, trump))[:5]
        return Action.keep(cards), "keep the five highest cards"

    def _play(self, view: View) -> Decision:
        assert view.trump is not None
        trump = int(view.trump)
        legal = [Action.parse(t) for t in view.legal]
        cards = [a.card for a in legal if a.card is not None]
        if not view.current_trick:
            best = max(cards, key=lambda c: _value(c, trump))
            return Action.play(best), f"lead the best card, {best}"
        led = EFF_SUIT[trump][view.current_trick[0][1].id]

        def power(card: Card) -> int:
            return trick_power(card.id, trump, led)

        winning = max(power(c) for _, c in view.current_trick)
        high = max(cards, key=power)
        if power(high) > winning:
            return Action.play(high), f"win with the highest card, {high}"
        low = min(cards, key=lambda c: _value(c, trump))
        return Action.play(low), f"cannot win: play the lowest card, {low}"


# --- the intermediate -----------------------------------------------------------------


class IntermediateBot(_HeuristicBot):
    """Plays like a decent human: bids on estimated tricks and the score, defends as a team.

    See :mod:`cutthroat.bots.heuristic_bidding` (bids
    on estimated tricks weighed by the score, keeps and discards by the same estimate,
    goes alone only when it pays and cannot throw the game away) and
    :mod:`cutthroat.bots.heuristic_play` (card counting, voids, drawing trumps,
    defenders' cooperation and signals, the score-aware defence).

    Its choice is a function of the view alone (even the blind trump when the joker is
    up), so it serves as a model of a player; ``seed`` and ``rng`` are accepted for the
    bot interface."""

    name = "intermediate"

    def _decide(self, view: View) -> Decision:
        decision = decide(view)
        if decision is not None:
            return decision
        return decide_play(view)

    def choose_in(self, hand: Hand, seat: int,
                  scores: tuple[int, int, int] | None = None) -> Action:
        """What :meth:`choose` returns on ``hand.view(seat, scores)``; a card in play, the
        dealer's discard and the maker's keep (the choices the expert's inference makes
        for the others on every deal it samples) are chosen from the hand itself, the
        same choice without building the view."""
        if hand.to_act == seat:
            phase = hand.phase
            if phase is Phase.PLAY:
                action, reason = decide_play_in(hand, seat, scores)
                self._reason = (reason, hand.trump)
                return action
            if phase is Phase.DISCARD or phase is Phase.KEEP:
                action, reason = _hidden_choice(hand, seat)
                self._reason = (reason, hand.trump)
                return action
        return self.choose(hand.view(seat, scores))


def name_bowers(reason: str, trump: Suit | None) -> str:
    """``reason`` with the bowers of ``trump`` named where it first writes each: a
    newcomer reads "JC" under spades as a club.

    >>> name_bowers("lead JC: draw the defenders' trumps", Suit.SPADES)
    "lead JC (the left bower): draw the defenders' trumps"
    >>> name_bowers("play 9S: the partner's JS is winning - do not overtake", Suit.SPADES)
    "play 9S: the partner's JS (the right bower) is winning - do not overtake"
    """
    if trump is None:
        return reason
    for suit, name in ((trump, "right"), (trump.partner, "left")):
        code = str(Card.of(Rank.JACK, suit))
        reason = re.sub(rf"\b{code}\b", f"{code} (the {name} bower)", reason, count=1)
    return reason


def _hidden_choice(hand: Hand, seat: int) -> Decision:
    """The dealer's discard or the maker's keep, read from the hand as
    :func:`~cutthroat.bots.heuristic_bidding.decide_discard` and
    :func:`~cutthroat.bots.heuristic_bidding.decide_keep` read them from the view."""
    trump = hand.trump
    assert trump is not None
    deck, mine = hand.rules.deck, hand.cards_mask(seat)
    if hand.phase is Phase.DISCARD:
        return discard_decision(deck, mine, int(trump))
    up = 1 << hand.upcard.id
    out = 0 if hand.upcard_taken else up
    thrown = hand.dealer_discard
    if seat == hand.dealer and thrown is not None:
        out |= 1 << thrown.id
    theirs = up if hand.upcard_taken and hand.dealer != seat else 0
    return keep_decision(deck, mine, int(trump), out, theirs)

