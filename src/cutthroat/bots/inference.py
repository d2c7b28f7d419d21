"""Reading the other seats' cards from how they bid and played.

The expert's model of the others is the intermediate bot. A deal sampled consistently
with the seat's view (:mod:`cutthroat.bots.sampling`) is replayed with that model: the
others' hidden choices (the dealer's discard, the maker's keep of five from ten) are
the model's on the sampled cards, and a deal on which the model would have bid (or
played a card) otherwise than was seen is "out of character" and kept only with a small
probability. When drawing finds no deal in character, a Markov chain over deals
(exchanges of two unseen cards, each kept if the deal stays in character) supplies one,
so the samples follow the model's posterior rather than the closest miss.

>>> import random
>>> from cutthroat import Hand
>>> from cutthroat.bots.heuristic import IntermediateBot
>>> hand = Hand.deal(seed=4)
>>> reader = Inference(IntermediateBot(), inference=0.0)
>>> deal, in_character = reader.draw(hand.view(1), random.Random(0), ())
>>> deal.cards(1) == hand.cards(1), in_character
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Move, Verb
from ..deal import Deal
from ..errors import CutthroatError
from ..state import Hand
from ..views import View
from .model_search import Policy
from .sampling import SampledDeal, sample_deal, sample_hand, swap_unseen

__all__ = ["INFORMATIVE", "Inference"]

INFORMATIVE = frozenset({Verb.PASS, Verb.ORDER, Verb.CALL, Verb.PICKUP, Verb.LEAVE,
                          Verb.ALONE, Verb.DUMMY})
"""Public decisions that tell something about the cards of the seat taking them."""
_HIDDEN = frozenset({Verb.DISCARD, Verb.KEEP})
"""Decisions the other seats cannot see; the model's choice stands in for them."""
_TRIES = 48
"""Deals drawn per sample in search of one on which the others bid and played in
character (a try costs well under a millisecond; after that many, a Markov chain over
deals takes over, see :meth:`Inference.draw`)."""
_MOVES = 12
"""Exchanges of two unseen cards proposed to move a deal in character to another when
drawing found none (:meth:`Inference.draw`)."""


class Inference:
    """Deals in character: consistent with a view and with the model of the others.

    Args:
        policy: the model of the other seats (the intermediate bot, or the expert's
            :class:`~cutthroat.bots.opponents.SeatModels`).
        inference: the probability with which a deal on which the others acted out of
            character is kept anyway (1.0 turns inference off; 0.0 trusts the model
            completely).
        play_inference: judge the cards the others played as well as their bids.
    """

    def __init__(self, policy: Policy, inference: float = 0.01,
                 play_inference: bool = True) -> None:
        self.policy = policy
        self.inference = inference
        self.play_inference = play_inference

    def extend(self, hand: Hand, moves: list[Move], view: View,
               rng: random.Random) -> Hand | None:
        """``hand`` with ``moves`` played, or ``None`` if they cannot be played on it or
        (with ``play_inference``) the model would have played another card there and
        the deal is not kept anyway (probability ``inference``)."""
        try:
            for move in moves:
                if (self.play_inference and move.seat != view.seat
                        and not self.agrees(hand, move, view.scores)
                        and not self._keep_anyway(rng)):
                    return None
                hand.push(move)
        except CutthroatError:
            return None
        return hand

    def draw(self, view: View, rng: random.Random,
             seeds: Sequence[Hand]) -> tuple[Hand, bool]:
        """A deal consistent with the view and, mostly, with how the others played it,
        and whether it is in character.

        Each sampled deal is replayed with the intermediate bot as a model of the other
        seats: their hidden choices (the dealer's discard, the maker's keep) are
        replaced by the model's choice on the sampled cards, and a deal on which their
        public bids (with ``play_inference``, also the cards they played) differ from
        the model's is kept only with probability ``inference``. If no deal in
        :data:`_TRIES` draws is kept, one is found by exchanging unseen cards between
        the places they may lie (Markov chain Monte Carlo): from one of ``seeds``
        (deals of this decision already in character), :data:`_MOVES` exchanges each
        kept if the deal stays in character; without seeds, from the draw that the
        model followed longest, exchanges kept while the model follows at least as far,
        until it follows all the way (or :data:`_MOVES` × 4 tries, when that deal is used
        as it is).
        """
        if self.inference >= 1.0:
            return sample_hand(view, rng), True
        fallback: tuple[int, SampledDeal] | None = None
        for _ in range(_TRIES):
            deal = sample_deal(view, rng)
            inferred, agreed = self.infer(deal, view.seat, view.scores, rng)
            if inferred is not None:
                return inferred, True
            if agreed >= 0 and (fallback is None or agreed > fallback[0]):
                fallback = (agreed, deal)
        unseen = [c.id for c in view.unseen_cards()]
        if seeds and len(unseen) >= 2:
            return self._moved(rng.choice(seeds), unseen, view, rng), True
        if fallback is not None:
            if len(unseen) >= 2:
                climbed = self._climbed(fallback[1], fallback[0], unseen, view, rng)
                if climbed is not None:
                    return climbed, True
            kept, _ = self.infer(fallback[1], view.seat, view.scores, None)
            if kept is not None:
                return kept, False
        return sample_hand(view, rng), False

    def _moved(self, start: Hand, unseen: list[int], view: View,
               rng: random.Random) -> Hand:
        """A deal in character reached from ``start`` (one in character) by
        :data:`_MOVES` proposed exchanges of two unseen cards, each taken only if the
        deal stays in character: a Metropolis chain whose stationary distribution is
        the uniform one over deals in character, i.e. the model's posterior."""
        current = start
        log = SampledDeal(start.rules, start.dealt, start.dealer, start.moves)
        for _ in range(_MOVES):
            deal = swap_unseen(current.dealt, unseen, rng)
            if deal is None:
                continue
            moved, _ = self.infer(log, view.seat, view.scores, rng, deal=deal, strict=True)
            if moved is not None:
                current = moved
        return current

    def _climbed(self, start: SampledDeal, agreed: int, unseen: list[int], view: View,
                 rng: random.Random) -> Hand | None:
        """A deal in character reached from ``start`` (on which the model follows
        ``agreed`` of the others' moves) by exchanges of unseen cards, each kept if the
        model follows at least as far on the new deal; ``None`` if none is reached in
        ``_MOVES * 4`` tries."""
        deal, best = start.dealt, agreed
        for _ in range(_MOVES * 4):
            proposed = swap_unseen(deal, unseen, rng)
            if proposed is None:
                continue
            moved, reach = self.infer(start, view.seat, view.scores, rng, deal=proposed,
                                       strict=True)
            if moved is not None:
                return moved
            if reach >= best:
                deal, best = proposed, reach
        return None

    def infer(self, hand: Hand | SampledDeal, me: int, scores: tuple[int, int, int] | None,
              rng: random.Random | None, *, deal: Deal | None = None,
              strict: bool = False) -> tuple[Hand | None, int]:
        """Replay a sampled deal (``hand``'s log on its cards; a hand or a
        :class:`~cutthroat.bots.sampling.SampledDeal` not yet replayed) with the model's
        hidden choices for the other seats.

        Returns the replayed deal, or ``None`` if it is rejected, and how many of the
        others' public moves the model agreed with before the first it did not (with
        ``play_inference`` the cards are judged first: they are cheaper to judge and
        rule out more deals; then the bids). The deal is rejected (-1 agreed) if the
        model's hidden choices cannot lead to the cards seen played, and, when the
        model disagrees with a public move, unless ``rng`` keeps it with probability
        ``inference`` (``rng=None``: never rejected for disagreeing; ``strict``: never
        kept). ``deal`` replays ``hand``'s moves on other cards than it was dealt."""
        dealt = hand.dealt if deal is None else deal
        replay = Hand(hand.rules, dealt, hand.dealer, check=False)
        now, later = ((frozenset({Verb.PLAY}), INFORMATIVE) if self.play_inference
                      else (INFORMATIVE, frozenset()))
        checking = rng is not None
        agreed = 0
        deferred: list[int] = []
        policy = self.policy
        try:
            for index, move in enumerate(hand.moves):
                seat, action = move.seat, move.action
                verb = action.verb
                if seat != me and verb in _HIDDEN:
                    replay.push(policy.choose_in(replay, seat, scores), seat)
                    continue
                if checking and seat != me:
                    if verb in later:
                        deferred.append(index)
                    elif verb in now:
                        if self.agrees(replay, move, scores):
                            agreed += 1
                        elif not strict and self._keep_anyway(rng):
                            checking = False
                        else:
                            return None, agreed
                replay.push(move)
        except CutthroatError:
            return None, -1
        if checking and deferred:
            again = Hand(hand.rules, dealt, hand.dealer, check=False)
            moves = replay.moves
            for index in range(deferred[-1] + 1):
                move = moves[index]
                if index in deferred:
                    if self.agrees(again, move, scores):
                        agreed += 1
                    elif not strict and self._keep_anyway(rng):
                        break
                    else:
                        return None, agreed
                again.push(move)
        return replay, agreed

    def agrees(self, hand: Hand, move: Move, scores: tuple[int, int, int] | None) -> bool:
        """Whether the model, in ``move``'s seat on ``hand``, would have made ``move``."""
        return self.policy.choose_in(hand, move.seat, scores) == move.action

    def _keep_anyway(self, rng: random.Random | None) -> bool:
        """Whether a deal on which the model disagreed is kept (probability
        ``inference``)."""
        assert rng is not None
        return rng.random() < self.inference

