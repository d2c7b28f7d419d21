"""Your own bot, in one small class: it counts trumps to bid and wins tricks cheaply.

A bot is any class with a ``name`` and a ``choose(view)`` method that returns one of
the legal actions; it is made with a ``seed`` keyword. It sees only its seat's view
(R14). Pit it against the built-in bots, from this folder, without registering it
(docs/bots.md, "Your own bot"):

    cutthroat arena --bots greedy_bot.GreedyBot,intermediate,intermediate --games 300
    cutthroat arena --bots greedy_bot.GreedyBot:bid_trumps=2,random,random --games 30
    cutthroat play --bots greedy_bot.GreedyBot,expert
"""

from __future__ import annotations

import random

from cutthroat.actions import Action, Verb
from cutthroat.cards import Card, Suit, effective_suit, trump_order
from cutthroat.scoring import trick_winner
from cutthroat.views import View


class GreedyBot:
    """Makes trump on a hand with ``bid_trumps`` trumps or more, keeps and plays its
    highest trumps, and takes a trick with the cheapest card that wins it, else throws
    its cheapest card.

    Args:
        bid_trumps: the trumps it wants (the bowers and the joker count) to make trump.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, bid_trumps: int = 3) -> None:
        self.rng = random.Random(seed)  # for ties; a bot's randomness comes from its seed
        self.bid_trumps = bid_trumps

    def choose(self, view: View) -> Action:
        """One of ``view.legal``: the move this bot makes on what its seat sees."""
        legal = [Action.parse(text) for text in view.legal]
        verbs = {action.verb for action in legal}
        if Verb.PLAY in verbs:
            return self._play(view, legal)
        if Verb.KEEP in verbs or Verb.DISCARD in verbs:
            return self._shed(view, legal)
        if Verb.CALL in verbs:  # the second round: its longest suit, if long enough
            best = max((a for a in legal if a.verb is Verb.CALL),
                       key=lambda a: self._trumps(view.cards, a.suit))
            if self._trumps(view.cards, best.suit) >= self.bid_trumps or len(verbs) == 1:
                return best
        if Verb.ORDER in verbs or Verb.PICKUP in verbs:
            suit = view.upcard.suit or self.rng.choice(list(Suit))
            held = self._trumps((*view.cards, view.upcard), suit)
            if held >= self.bid_trumps:
                return next(a for a in legal if a.verb in (Verb.ORDER, Verb.PICKUP))
        for simple in (Verb.DUMMY, Verb.PASS, Verb.LEAVE):  # take the dummy; else pass
            if simple in verbs:
                return Action.simple(simple)
        return self.rng.choice(legal)  # naming trump blind (R6): any suit

    @staticmethod
    def _trumps(cards: tuple[Card, ...], suit: Suit | None) -> int:
        if suit is None:
            return 0
        return sum(1 for card in cards if effective_suit(card, suit) == suit)

    @staticmethod
    def _strength(card: Card, view: View) -> int:
        """Higher is stronger: any trump beats any plain card."""
        assert view.trump is not None
        order = trump_order(view.trump, view.rules.deck)
        if card in order:
            return 100 - order.index(card)
        return int(card.rank or 0)

    def _play(self, view: View, legal: list[Action]) -> Action:
        assert view.trump is not None
        table = [card for _, card in view.current_trick]
        cards = sorted((a.card for a in legal if a.card is not None),
                       key=lambda c: self._strength(c, view))
        winners = [c for c in cards if trick_winner([*table, c], view.trump) == len(table)]
        return Action.play(winners[0] if winners else cards[0])

    def _shed(self, view: View, legal: list[Action]) -> Action:
        if legal[0].verb is Verb.DISCARD:  # the dealer's discard: its weakest card
            cards = [a.card for a in legal if a.card is not None]
            return Action.discard(min(cards, key=lambda c: self._strength(c, view)))
        best = sorted(view.cards, key=lambda c: -self._strength(c, view))[:5]
        return Action.keep(best)  # the maker's five of ten: the strongest
