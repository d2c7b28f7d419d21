"""A hand's worth to a maker, in tricks, and the best cards to keep: the card-level
estimate under the ``intermediate`` bot's decisions before play
(:mod:`cutthroat.bots.heuristic_bidding`) and under the expert's ranking of keeps.

Everything works on card ids and bitmasks (:mod:`cutthroat.cards`), so that an
estimate takes microseconds:

* :func:`estimate_tricks`: the tricks a maker may expect from five cards against two
  defenders: a value per trump (the chance that no higher trump sits with an opponent,
  plus a share for trump length), per off-suit card (the chance it is the best card of
  its suit, times the chance the suit is not trumped by the time it is played) and a
  bonus for voids that spare trumps can ruff;
* :func:`best_keep`: the best ``size`` cards of a larger holding under that estimate
  (the keep of five of ten, or the dealer's discard), found by trying every number of
  trumps and every split of the other cards between the three side suits;
* :func:`p_make`, :func:`p_march`, :func:`dummy_gain`: from the estimate to chances,
  fitted on simulated hands.

>>> from cutthroat.cards import Card, Suit, mask_of
>>> hand = mask_of(Card.parse(c) for c in "JH JD AH AS KC".split())
>>> round(estimate_tricks(hand, Suit.HEARTS, card_odds(24, hand)), 1)
4.1
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence

from ..cards import SUIT_MASK, deck_mask, trump_order_ids

__all__ = ["best_keep", "card_odds", "dummy_gain", "estimate_tricks", "keep_splits", "p_make",
           "p_march", "ranked_keep_masks", "side_order_ids", "sure_trumps", "trump_order_ids"]


# --- card orders, cached per (trump, deck) -----------------------------------------

_SUIT_ORDER: dict[tuple[int, int, int], tuple[int, ...]] = {}


def side_order_ids(trump: int, suit: int, deck: int) -> tuple[int, ...]:
    """The ids of a side suit under ``trump`` (the left bower excluded), highest first."""
    key = (trump, suit, deck)
    order = _SUIT_ORDER.get(key)
    if order is None:
        mask = SUIT_MASK[trump][suit] & deck_mask(deck)
        order = tuple(sorted((i for i in range(32) if mask >> i & 1), key=lambda i: -(i & 7)))
        _SUIT_ORDER[key] = order
    return order


# --- what is known of the other hands -----------------------------------------------


def card_odds(deck: int, mine: int, out: int = 0, theirs: int = 0,
              opponent_cards: int = 10) -> list[float]:
    """Per card id, the chance that the card is in an opponent's hand.

    ``mine`` are this seat's cards (0), ``out`` cards known out of play or in a friendly
    place (0), ``theirs`` cards known to be with an opponent (1); every other card of
    the deck shares the opponents' remaining ``opponent_cards`` slots evenly.
    """
    full = deck_mask(deck)
    known_theirs = theirs & full & ~mine
    unknown = full & ~(mine | out | known_theirs)
    n_unknown = unknown.bit_count()
    slots = max(0, opponent_cards - known_theirs.bit_count())
    p = min(1.0, slots / n_unknown) if n_unknown else 0.0
    odds = [0.0] * 33
    for i in range(33):
        if known_theirs >> i & 1:
            odds[i] = 1.0
        elif unknown >> i & 1:
            odds[i] = p
    return odds


# --- the trick estimate ----------------------------------------------------------------

# Chance that a side suit is still not trumped when it is led for the 1st, 2nd... time.
_SURVIVE = {24: (0.75, 0.4, 0.15, 0.05, 0.0), 25: (0.75, 0.4, 0.15, 0.05, 0.0),
            32: (0.85, 0.55, 0.25, 0.1, 0.05)}
_VOID_BONUS = 0.35  # tricks per void that a spare trump can ruff
# Side cards are worth less when the defenders hold most trumps: a multiplier and an
# offset by the number of trumps held (fitted on simulated hands).
_SIDE_SHARE = (0.55, 0.63, 0.8, 0.95, 1.2, 1.2)
_TRUMP_OFFSET = (-0.4, -0.2, 0.0, 0.05, 0.0, 0.0)
_SPARE_SHARE = 0.7  # at most this share of the trumps' "spare" value is gained by ruffs


def _trump_values(trumps: Sequence[int], mine: int, odds: Sequence[float]) -> list[float]:
    """Value of each held trump (given in ``trumps``, highest first of the deck)."""
    n = sum(1 for i in trumps if mine >> i & 1)
    salvage = min(0.15 + 0.12 * (n - 1), 0.6)
    clear = 1.0
    values: list[float] = []
    for i in trumps:
        if mine >> i & 1:
            values.append(clear + (1.0 - clear) * salvage)
            if len(values) == n:
                break
        else:
            clear *= 1.0 - odds[i]
    return values


def _side_prefix(order: Sequence[int], mine: int, odds: Sequence[float],
                 survive: Sequence[float]) -> list[float]:
    """``prefix[j]``: the value of keeping this seat's top ``j`` cards of a side suit."""
    prefix = [0.0]
    clear = 1.0
    for i in order:
        if mine >> i & 1:
            k = len(prefix) - 1
            prefix.append(prefix[-1] + clear * (survive[k] if k < len(survive) else 0.0))
        else:
            clear *= 1.0 - odds[i]
    return prefix


def _ruff_bonus(voids: int, trump_values: Sequence[float]) -> float:
    if not trump_values or not voids:
        return 0.0
    spare = sum(1.0 - v for v in trump_values)
    return min(_VOID_BONUS * voids, _SPARE_SHARE * spare)


def estimate_tricks(mine: int, trump: int, odds: Sequence[float], deck: int = 24) -> float:
    """Tricks a maker may expect from the cards ``mine`` (a mask) with ``trump``."""
    _, value = best_keep(mine, trump, odds, deck, size=mine.bit_count())
    return value


_Split = tuple[float, int, list[list[int]], tuple[int, int, int]]
"""A keep as :func:`_splits` gives it: its estimate, the trumps kept (a mask), the
side suits' cards (each highest first) and how many of each are kept."""


def _splits(cards: int, trump: int, odds: Sequence[float], deck: int, size: int,
            min_trumps: int) -> Iterator[_Split]:
    """The keeps of :func:`keep_splits`, without building their masks (the bidding
    estimates need only the best one's)."""
    trumps = trump_order_ids(trump, deck)
    my_trumps = [i for i in trumps if cards >> i & 1]
    survive = _SURVIVE[deck]
    sides = [s for s in range(4) if s != trump]
    side_cards = [[i for i in side_order_ids(trump, s, deck) if cards >> i & 1] for s in sides]
    prefixes = [_side_prefix(side_order_ids(trump, s, deck), cards, odds, survive)
                for s in sides]
    lo = min(min_trumps, len(my_trumps), size)
    n0, n1, n2 = (len(c) for c in side_cards)
    for t in range(lo, min(size, len(my_trumps)) + 1):
        need = size - t
        if n0 + n1 + n2 < need:
            continue
        kept_trumps = 0
        for i in my_trumps[:t]:
            kept_trumps |= 1 << i
        tvals = _trump_values(trumps, kept_trumps, odds)
        tsum = sum(tvals) + _TRUMP_OFFSET[t]
        share = _SIDE_SHARE[t]
        for j0 in range(min(n0, need) + 1):
            for j1 in range(min(n1, need - j0) + 1):
                j2 = need - j0 - j1
                if j2 > n2:
                    continue
                voids = (j0 == 0) + (j1 == 0) + (j2 == 0)
                side = prefixes[0][j0] + prefixes[1][j1] + prefixes[2][j2]
                yield (tsum + share * side + _ruff_bonus(voids, tvals), kept_trumps,
                       side_cards, (j0, j1, j2))


def _split_mask(split: _Split) -> int:
    """The cards a keep of :func:`_splits` holds, as a mask."""
    _, mask, side_cards, counts = split
    for cards_s, j in zip(side_cards, counts, strict=True):
        for i in cards_s[:j]:
            mask |= 1 << i
    return mask


def keep_splits(cards: int, trump: int, odds: Sequence[float], deck: int = 24,
                size: int = 5, min_trumps: int = 0) -> list[tuple[int, float]]:
    """Every keep of ``size`` cards of ``cards`` (a mask) made of the top cards of each
    suit, as (mask, trick estimate not clipped to 0-5), in a fixed order.

    A keep is the top ``t`` trumps (for each ``t`` of at least ``min_trumps``) and the
    top ``j`` cards of each side suit: keeping a lower card of a suit in place of a
    higher one does not help a maker, who has no partner to let win. These are the
    keeps worth considering (about twenty of the 252 fives of ten);
    :func:`best_keep` picks the best of them.
    """
    return [(_split_mask(split), split[0])
            for split in _splits(cards, trump, odds, deck, size, min_trumps)]


def best_keep(cards: int, trump: int, odds: Sequence[float], deck: int = 24, size: int = 5,
              min_trumps: int = 0) -> tuple[int, float]:
    """The best ``size`` cards of ``cards`` (a mask) and their trick estimate.

    Keeps the top ``t`` trumps for each ``t`` (at least ``min_trumps``) and the top
    cards of each side suit, choosing the split that maximises the estimate
    (:func:`keep_splits`; the first of equal ones).
    """
    best = _first_best(_splits(cards, trump, odds, deck, size, min_trumps))
    if best is None:
        return 0, 0.0
    return _split_mask(best), min(max(best[0], 0.0), 5.0)



def ranked_keep_masks(cards: int, trump: int, odds: Sequence[float],
                      deck: int = 24) -> list[int]:
    """The keeps of five of :func:`keep_splits` as masks, best first: :func:`best_keep`'s
    choice, then the others by estimate, highest first (equal ones in
    :func:`keep_splits`' order)."""
    splits = list(_splits(cards, trump, odds, deck, 5, 0))
    best = _first_best(splits)
    first = 0 if best is None else _split_mask(best)  # best_keep's choice, from one pass
    ranked = (_split_mask(split) for split in sorted(splits, key=lambda split: -split[0]))
    return [first, *(mask for mask in ranked if mask != first)]

def _first_best(splits: Iterable[_Split]) -> _Split | None:
    """The best of ``splits`` by estimate, the first of equal ones (a later split must
    beat it by more than 1e-9); ``None`` if there are none."""
    best: _Split | None = None
    best_value = -math.inf
    for split in splits:
        if split[0] > best_value + 1e-9:
            best, best_value = split, split[0]
    return best


def sure_trumps(mine: int, trump: int, gone: int, deck: int) -> int:
    """How many of the top trumps still in play this seat holds in an unbroken run
    (``gone``: trumps known to be out of play or played)."""
    count = 0
    for i in trump_order_ids(trump, deck):
        if gone >> i & 1:
            continue
        if mine >> i & 1:
            count += 1
        else:
            break
    return count


# --- from the estimate to chances -----------------------------------------------------

# Fitted on simulated hands (intermediate bots, random variants): the dummy's gain as
# a function of the five-card estimate, and logistic chances of making and marching.
_GAIN = {24: (2.22, -0.36), 25: (2.38, -0.38), 32: (2.18, -0.32)}
# Logistic chances (centre, slope) of making and of marching, per (deck, dummy).
_MAKE = {(24, True): (2.77, 1.84), (24, False): (2.39, 2.39),
         (25, True): (2.99, 1.85), (25, False): (2.55, 2.4),
         (32, True): (2.86, 1.64), (32, False): (2.51, 2.12)}
_MARCH = {(24, True): (4.22, 1.68), (24, False): (4.15, 3.2),
          (25, True): (4.66, 1.44), (25, False): (4.33, 2.6),
          (32, True): (4.72, 1.26), (32, False): (4.35, 2.67)}


def dummy_gain(estimate: float, deck: int = 24) -> float:
    """Expected extra tricks from picking up the dummy and keeping the best five."""
    a, b = _GAIN[deck]
    return max(0.15, a + b * estimate)


def _logistic(x: float, centre: float, slope: float) -> float:
    return 1.0 / (1.0 + math.exp(-slope * (x - centre)))


def p_make(estimate: float, dummy: bool = True, deck: int = 24) -> float:
    """Chance that a maker with this trick estimate at bidding time (the dummy's gain
    included when ``dummy``) takes three tricks or more."""
    centre, slope = _MAKE[deck, dummy]
    return _logistic(estimate, centre, slope)


def p_march(estimate: float, dummy: bool = True, deck: int = 24) -> float:
    """Chance that such a maker takes all five tricks."""
    centre, slope = _MARCH[deck, dummy]
    return min(_logistic(estimate, centre, slope), p_make(estimate, dummy, deck))
