"""Hidden cards sampled consistently with a seat's view (determinization for search).

A bot sees only its :class:`~cutthroat.views.View`. :func:`sample_hand` deals the cards
it cannot see (the other seats' hands, an unused dummy, the kitty, discards) at random
but consistently with everything the seat has seen: its own cards and discards, every
card played, the suits a seat has shown it is void in, and the up-card (in the dealer's
hand, or among his discards, once he took it). It then replays the public log on that
deal, so the result is a full :class:`~cutthroat.state.Hand` at exactly the view's
moment, which exact solvers and playouts can use.

>>> import random
>>> from cutthroat import Hand
>>> hand = Hand.deal(seed=4)
>>> guess = sample_hand(hand.view(1), random.Random(0))
>>> guess.cards(1) == hand.cards(1), guess.to_act == hand.to_act
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ..actions import Move
from ..cards import EFF_SUIT, SUIT_MASK, Card, cards_of_mask, deck_mask, ids_of_mask
from ..deal import Deal
from ..errors import CutthroatError
from ..rules import Rules
from ..state import Hand, Phase
from ..views import View

__all__ = ["SampledDeal", "SamplingError", "parsed_move", "same_hand", "sample_deal",
           "sample_hand", "swap_unseen", "void_masks"]


class SamplingError(CutthroatError):
    """No deal consistent with the view was found (should not happen for real views)."""


def void_masks(view: View) -> list[int]:
    """Per seat, the cards it cannot hold: every card of a suit it failed to follow."""
    voids = [0, 0, 0]
    if view.trump is None:
        return voids
    trump = int(view.trump)
    eff = EFF_SUIT[trump]
    plays = [t.plays for t in view.tricks] + [view.current_trick]
    for trick in plays:
        if not trick:
            continue
        led = eff[trick[0][1].id]
        for seat, card in trick[1:]:
            if eff[card.id] != led:
                voids[seat] |= SUIT_MASK[trump][led]
    return voids


def _played_by(view: View) -> list[int]:
    played = [0, 0, 0]
    for trick in view.tricks:
        for seat, card in trick.plays:
            played[seat] |= 1 << card.id
    for seat, card in view.current_trick:
        played[seat] |= 1 << card.id
    return played


def _pick(pool: list[int], count: int, rng: random.Random) -> list[int]:
    return rng.sample(pool, count) if count else []


class SampledDeal(NamedTuple):
    """A deal consistent with a view, with the public log to replay on it (the hidden
    discard and keep filled in from the deal), not yet replayed: what a search that
    replays the log its own way (the expert's inference) needs, without the cost of
    :func:`sample_hand`'s replay."""

    rules: Rules
    dealt: Deal
    dealer: int
    moves: list[Move]

    def replay(self) -> Hand | None:
        """The hand at the view's moment: the log replayed on the deal, or ``None``
        if it cannot be."""
        try:
            hand = Hand(self.rules, self.dealt, self.dealer)
            for move in self.moves:
                hand.push(move)
        except CutthroatError:
            return None
        return hand


def sample_hand(view: View, rng: random.Random, *, attempts: int = 200) -> Hand:
    """A full hand consistent with ``view``, at the view's moment, drawn from ``rng``."""
    for _ in range(attempts):
        sampled = _try_sample(view, rng)
        hand = None if sampled is None else sampled.replay()
        if hand is not None:
            if hand.to_act != view.to_act or hand.phase is not view.phase:  # pragma: no cover
                continue
            return hand
    raise SamplingError(f"no deal consistent with seat {view.seat}'s view was found")


def sample_deal(view: View, rng: random.Random, *, attempts: int = 200) -> SampledDeal:
    """:func:`sample_hand`'s deal and log, drawn from ``rng`` exactly as it draws them,
    without the replay (which never fails on a deal the sampler returns)."""
    for _ in range(attempts):
        sampled = _try_sample(view, rng)
        if sampled is not None:
            return sampled
    raise SamplingError(f"no deal consistent with seat {view.seat}'s view was found")


def _sizes(view: View, played: list[int]) -> list[int]:
    """How many cards each seat holds now."""
    sizes = []
    for seat in range(3):
        size = 5 - bin(played[seat]).count("1")
        if seat == view.dealer and view.phase is Phase.DISCARD:
            size = 6
        if seat == view.maker and view.phase is Phase.KEEP:
            size = 10
        sizes.append(size)
    return sizes


def _try_sample(view: View, rng: random.Random) -> SampledDeal | None:
    rules = view.rules
    me = view.seat
    dealer = view.dealer
    maker = view.maker
    up = view.upcard.id
    played = _played_by(view)
    sizes = _sizes(view, played)
    voids = void_masks(view)
    blind = view.phase is Phase.JOKER_TRUMP and me == dealer
    known_mine = 0 if blind else sum(1 << c.id for c in view.cards)
    pool_mask = deck_mask(rules.deck) & ~view.seen_mask()
    if blind:
        pool_mask &= ~known_mine
    after_keep = view.dummy_taken and view.phase is not Phase.KEEP
    need_discard = (view.upcard_taken and me != dealer and view.phase is not Phase.DISCARD)
    need_buried = after_keep and me != maker
    up_located = not view.upcard_taken or me == dealer or any(
        up in ids_of_mask(p) for p in played)

    holdings = [0, 0, 0]
    holdings[me] = known_mine
    discard = view.discard.id if view.discard is not None else -1
    buried = sum(1 << c.id for c in view.buried)
    wants = [0 if (s == me and not blind) else sizes[s] for s in range(3)]

    # The up-card, when the dealer took it and this seat cannot see where it is now.
    if not up_located:
        places = []
        if wants[dealer] and not voids[dealer] >> up & 1:
            places += ["hand"] * wants[dealer]
        if need_discard:
            places.append("discard")
        if need_buried and maker == dealer:
            places += ["buried"] * 5
        if not places:
            return None
        where = rng.choice(places)
        if where == "hand":
            holdings[dealer] |= 1 << up
            wants[dealer] -= 1
        elif where == "discard":
            discard = up
            need_discard = False
        else:
            buried |= 1 << up

    pool = list(ids_of_mask(pool_mask))
    rng.shuffle(pool)
    # Seats with voids first, from the cards they may hold.
    order = sorted((s for s in range(3) if wants[s]), key=lambda s: -bin(voids[s]).count("1"))
    taken = 0
    for seat in order:
        eligible = [c for c in pool if not (taken | voids[seat]) >> c & 1]
        if len(eligible) < wants[seat]:
            return None
        for c in _pick(eligible, wants[seat], rng):
            holdings[seat] |= 1 << c
            taken |= 1 << c
    rest = [c for c in pool if not taken >> c & 1]
    rng.shuffle(rest)
    if need_discard:
        discard = rest.pop()
    if need_buried:
        missing = 5 - bin(buried).count("1")
        for _ in range(missing):
            buried |= 1 << rest.pop()
    dummy_now = 0
    if rules.dummy and not view.dummy_taken:
        for _ in range(5):
            dummy_now |= 1 << rest.pop()
    kitty_rest = rest  # whatever is left lies face down in the kitty
    return _rebuild(view, holdings, played, discard, buried, dummy_now, kitty_rest, rng)


def _rebuild(view: View, holdings: list[int], played: list[int], discard: int, buried: int,
             dummy_now: int, kitty_rest: list[int], rng: random.Random) -> SampledDeal | None:
    """Turn the sampled present into an original deal, with the public log to replay
    on it (the hidden discard and keep filled in)."""
    rules = view.rules
    dealer, maker, up = view.dealer, view.maker, view.upcard.id
    took_up = view.upcard_taken
    discarded = took_up and view.phase is not Phase.DISCARD
    original = [holdings[s] | played[s] for s in range(3)]
    dummy = dummy_now
    if view.dummy_taken and maker is not None:
        ten = original[maker] | (buried if view.phase is not Phase.KEEP else 0)
        if maker == dealer and discarded:
            # his ten = (five + up-card - discard) + dummy: the up-card came before the dummy
            candidates = [c for c in ids_of_mask(ten) if c != up]
        else:
            candidates = list(ids_of_mask(ten))
        if len(candidates) < 5:
            return None
        dummy = sum(1 << c for c in rng.sample(candidates, 5))
        original[maker] = ten & ~dummy
    if took_up:
        if discarded:
            original[dealer] |= 1 << discard
        original[dealer] &= ~(1 << up)
    kitty_ids = [up, *kitty_rest]
    if discarded and discard in kitty_ids[1:]:  # pragma: no cover - defensive
        return None
    if any(bin(original[s]).count("1") != 5 for s in range(3)):
        return None
    deal = Deal(
        (tuple(cards_of_mask(original[0])), tuple(cards_of_mask(original[1])),
         tuple(cards_of_mask(original[2]))),
        tuple(cards_of_mask(dummy)),
        tuple(Card.from_id(c) for c in kitty_ids),
    )
    moves = []
    for text in view.moves:
        seat_text, verb, *args = text.split()
        seat = int(seat_text)
        if verb == "discard" and args == ["?"]:
            text = f"{seat} discard {Card.from_id(discard)}"
        elif verb == "keep" and "?" in args:
            kept = cards_of_mask(original_kept(holdings, played, seat))
            text = f"{seat} keep " + " ".join(str(c) for c in kept)
        try:
            moves.append(parsed_move(text))
        except CutthroatError:
            return None
    return SampledDeal(rules, deal, dealer, moves)


def same_hand(before: View, after: View) -> bool:
    """Whether ``after`` is a later moment (or the same one) of ``before``'s hand, seen
    from the same seat."""
    return (before.seat == after.seat and before.dealer == after.dealer
            and before.upcard == after.upcard and before.scores == after.scores
            and before.rules == after.rules
            and after.moves[:len(before.moves)] == before.moves)


@lru_cache(maxsize=4096)
def parsed_move(text: str) -> Move:
    """A move of the public log, parsed once (a view's log is replayed on every sample)."""
    return Move.parse(text)


def original_kept(holdings: list[int], played: list[int], maker: int) -> int:
    """The five cards the maker kept: what he holds now plus what he has played."""
    return holdings[maker] | played[maker]


def swap_unseen(deal: Deal, unseen: Sequence[int], rng: random.Random) -> Deal | None:
    """``deal`` with two of the ``unseen`` cards (ids) exchanged between their places
    (a seat's hand, the dummy, the kitty), or ``None`` if the two drawn lie in the
    same place. The pair is drawn uniformly, so the move is its own reverse with the
    same probability (a symmetric proposal for Markov chain Monte Carlo over deals);
    the result need not be consistent with anything but the card counts."""
    first, second = rng.sample(list(unseen), 2)
    places = [list(deal.hands[0]), list(deal.hands[1]), list(deal.hands[2]),
              list(deal.dummy), list(deal.kitty)]
    where: dict[int, tuple[int, int]] = {}
    for place, cards in enumerate(places):
        for index, card in enumerate(cards):
            if card.id in (first, second):
                where[card.id] = (place, index)
    (p1, i1), (p2, i2) = where[first], where[second]
    if p1 == p2:
        return None
    places[p1][i1], places[p2][i2] = places[p2][i2], places[p1][i1]
    return Deal((tuple(places[0]), tuple(places[1]), tuple(places[2])), tuple(places[3]),
                tuple(places[4]))
