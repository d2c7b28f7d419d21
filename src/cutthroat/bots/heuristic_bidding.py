"""Hand evaluation and the decisions before play for the ``intermediate`` bot.

Everything here works on card ids and bitmasks (see :mod:`cutthroat.cards`) so that a
decision takes well under a millisecond. Each decision function takes the seat's
:class:`~cutthroat.views.View` and returns ``(action, reason)``.

The three building blocks (the first two in :mod:`cutthroat.bots.hand_estimate`, and
re-exported here):

* :func:`estimate_tricks` - the tricks a maker may expect from five cards against two
  defenders. It adds a value per trump (the chance that no higher trump sits with an
  opponent, plus a share for trump length), per off-suit card (the chance it is the
  best card of its suit, times the chance the suit is not trumped by the time it is
  played) and a bonus for voids that spare trumps can ruff.
* :func:`best_keep` - the best ``size`` cards of a larger holding under that estimate
  (the keep of five of ten, or the dealer's discard), found by trying every number of
  trumps and every split of the other cards between the three side suits.
* :func:`win_chance` - a seat's chance of winning the game from a score line, used to
  weigh the outcomes of a decision (make, march, euchre) by what they do to the game.

Bidding compares two expected win chances. Ordering (or calling): the estimate - for
the dealer his best five of six with the up-card; for another seat his five, with the
up-card counted as a trump in the dealer's hand - plus the dummy's expected gain
(:func:`dummy_gain`, about a trick and a half), turned into chances of making and
marching (:func:`p_make`, :func:`p_march`, fitted on simulated hands per deck and
dummy rule). Passing: each later bidder, then each bidder of round two (this seat
with its own best call), makes trump at the rate measured in self-play, with the
measured success; if nobody does the hand is thrown in. The score enters through
:func:`win_chance`: a euchre gives both opponents 2 points, so an opponent at
``target - 2`` makes ordering dangerous, while a seat one point from the target
orders more.

>>> from cutthroat.cards import Card, Suit, mask_of
>>> hand = mask_of(Card.parse(c) for c in "JH JD AH AS KC".split())
>>> round(estimate_tricks(hand, Suit.HEARTS, card_odds(24, hand)), 1)
4.1
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from ..actions import Action, Verb
from ..cards import EFF_SUIT, Card, Suit, cards_of_mask
from ..rules import Rules
from ..state import Phase
from ..views import View
from .hand_estimate import (
    best_keep,
    card_odds,
    dummy_gain,
    estimate_tricks,
    keep_splits,
    p_make,
    p_march,
    ranked_keep_masks,
    sure_trumps,
)

__all__ = [
    "best_keep",
    "card_odds",
    "decide_bid_first",
    "decide_bid_second",
    "decide_defender_choice",
    "decide_discard",
    "decide_joker_trump",
    "decide_keep",
    "decide_maker_choice",
    "decide_pickup",
    "discard_decision",
    "dummy_gain",
    "estimate_tricks",
    "keep_decision",
    "keep_splits",
    "maker_value",
    "p_make",
    "p_march",
    "ranked_keeps",
    "sure_trumps",
    "win_chance",
]

Decision = tuple[Action, str]

# --- the score: what an outcome is worth ------------------------------------------------


def win_chance(scores: Sequence[int], rules: Rules, seat: int) -> float:
    """A rough chance that ``seat`` wins the game from these scores.

    Exact when the game is decided (1, 0, or a shared win split); otherwise each seat's
    weight is ``exp(-0.2 d) / (d + 1) ** 1.5`` for the ``d`` points it still needs,
    normalised (fitted on games of intermediate bots played on from set scores).
    """
    target = rules.target
    top = max(scores)
    if top >= target:
        leaders = [s for s in range(3) if scores[s] == top]
        if len(leaders) == 1:
            return 1.0 if leaders[0] == seat else 0.0
        if rules.tie == "share":
            return 1.0 / len(leaders) if seat in leaders else 0.0
    weights = [_weight(max(target - s, 0)) for s in scores]
    return weights[seat] / sum(weights)


@cache  # a few dozen values of ``need``, asked for thousands of times a decision
def _weight(need: int) -> float:
    return math.exp(-0.2 * need) * math.pow(need + 1, -1.5)


def _scores(view: View) -> tuple[int, int, int]:
    return view.scores if view.scores is not None else (0, 0, 0)


def _after(scores: Sequence[int], gains: dict[int, int]) -> list[int]:
    return [scores[s] + gains.get(s, 0) for s in range(3)]


def maker_value(view: View, maker: int, estimate: float, *, dummy: bool,
                alone: bool = False) -> float:
    """This seat's expected win chance if ``maker`` makes trump with this estimate.

    ``dummy``: the estimate includes the dummy's gain (use the dummy-game chances);
    ``alone``: a march scores ``lone_march_points``.
    """
    rules = view.rules
    march = rules.lone_march_points if alone else rules.march_points
    return _outcome_value(view, maker, p_make(estimate, dummy, rules.deck),
                          p_march(estimate, dummy, rules.deck), march)


def _outcome_value(view: View, maker: int, pm: float, pmarch: float, march: int) -> float:
    """Expected win chance of this seat when ``maker`` makes it with chance ``pm`` and
    marches (for ``march`` points) with chance ``pmarch``; a euchre gives the two
    others 2 points each (R19, R20)."""
    rules = view.rules
    scores = _scores(view)
    others = {s: 2 for s in range(3) if s != maker}
    return (pmarch * win_chance(_after(scores, {maker: march}), rules, view.seat)
            + (pm - pmarch) * win_chance(_after(scores, {maker: 1}), rules, view.seat)
            + (1.0 - pm) * win_chance(_after(scores, others), rules, view.seat))


# --- bidding helpers ---------------------------------------------------------------------


def _mine(view: View) -> int:
    mask = 0
    for card in view.cards:
        mask |= 1 << card.id
    return mask


def _bid_estimate(view: View, trump: int, *, first_round: bool) -> float:
    """The trick estimate this seat would have as maker with ``trump``, dummy included."""
    rules = view.rules
    mine = _mine(view)
    up = view.upcard.id
    out = 0
    theirs = 0
    if first_round and view.seat == view.dealer:
        odds = card_odds(rules.deck, mine | 1 << up)
        _, est = best_keep(mine | 1 << up, trump, odds, rules.deck, min_trumps=6)
    else:
        if first_round:
            # The dealer takes the up-card (even where he may leave it, a trump nearly
            # always improves his hand): a trump against this seat.
            theirs = 1 << up
        else:
            out = 1 << up  # turned down: in the kitty
        odds = card_odds(rules.deck, mine, out, theirs)
        est = estimate_tricks(mine, trump, odds, rules.deck)
        if first_round:
            est -= 0.1  # the dealer's discard also improves his hand
    if rules.dummy:
        est += dummy_gain(est, rules.deck)
    return est


def _fmt(x: float) -> str:
    return f"{x:.1f}"


# --- decisions ------------------------------------------------------------------------


def decide_joker_trump(view: View) -> Decision:
    """The dealer names trump blind (R6). Every suit is alike before he sees his cards
    (he will hold the joker, the top trump, whatever he names), so a fixed rule is as
    good as any: spades. Being a function of the view alone keeps the bot a pure
    policy, which the expert bot's model of the other seats relies on."""
    return Action.trump(Suit.SPADES), ("the joker is up: name spades blind (all suits are "
                                       "alike before seeing the cards)")


def decide_bid_first(view: View) -> Decision:
    """Order (or, as dealer, accept) the up-card's suit when it is worth more than
    passing, weighing the score (a euchre gives each opponent 2 points)."""
    assert view.upcard.suit is not None
    trump = int(view.upcard.suit)
    est = _bid_estimate(view, trump, first_round=True)
    order_value = maker_value(view, view.seat, est, dummy=view.rules.dummy)
    pass_value, own = _pass_value(view, first_round=True)
    name = view.upcard.suit.plural
    chance = p_make(est, view.rules.dummy, view.rules.deck)
    if order_value > pass_value:
        return Action.simple(Verb.ORDER), (
            f"order {name}: about {_fmt(est)} tricks expected"
            f"{' with the dummy' if view.rules.dummy else ''}, {chance:.0%} to make it")
    if own is not None:
        return Action.simple(Verb.PASS), (
            f"pass: {name} is worth about {_fmt(est)} tricks ({chance:.0%} to make it); "
            f"hope to call {Suit(own).plural} in round two")
    return Action.simple(Verb.PASS), (
        f"pass: {name} is worth about {_fmt(est)} tricks, {chance:.0%} to make it - "
        "not enough at this score")


# What happens when this seat passes, measured in self-play of (an earlier version of)
# the intermediate bot: how often each bidder (the dealer's left, the next seat, the
# dealer) makes trump when his turn comes in round 1 and in round 2, and how often such
# a maker makes it and marches. (The rates this version itself shows in self-play did
# a little worse against beginners and no better against itself.)
# With a dummy nearly every hand is made by somebody (the dealer, with six cards to
# choose from, accepts four times in five), so passing a middling hand mostly hands
# the points to another seat; without one, many hands are thrown in.
_RATES_1 = {True: (0.30, 0.33, 0.82), False: (0.05, 0.06, 0.35)}
_RATES_2 = {True: (0.9, 0.9, 0.9), False: (0.24, 0.31, 0.39)}
_MAKES = {True: (0.77, 0.33), False: (0.85, 0.14)}


def _pass_value(view: View, *, first_round: bool) -> tuple[float, int | None]:
    """Win chance for this seat if it passes now, and the suit it then hopes to call in
    round two when that hope is what makes passing worth it.

    The later bidders of this round, then (in round 1) everybody in round 2 - this seat
    with its own best call - each make trump at their measured rate; if nobody does,
    the hand is thrown in (a stuck dealer always calls).
    """
    rules = view.rules
    me = view.seat
    order = [(view.dealer + 1) % 3, (view.dealer + 2) % 3, view.dealer]
    mine = order.index(me)
    pm, pmarch = _MAKES[rules.dummy]
    others = {j: _outcome_value(view, j, pm, pmarch, rules.march_points)
              for j in range(3) if j != me}
    value = win_chance(_scores(view), rules, me)  # thrown in
    own = _best_call(view) if first_round else None
    hope = False
    rates = _RATES_2[rules.dummy]
    for idx in (2, 1, 0):  # round 2, backwards from the dealer
        if not first_round and idx <= mine:
            break
        seat = order[idx]
        if seat == me:
            if own is not None and own[1] >= value:
                value, hope = own[1], True
            continue
        rate = 1.0 if rules.stick_the_dealer and seat == view.dealer else rates[idx]
        value = rate * others[seat] + (1.0 - rate) * value
    if first_round:
        rates = _RATES_1[rules.dummy]
        for idx in range(2, mine, -1):  # the rest of round 1
            value = rates[idx] * others[order[idx]] + (1.0 - rates[idx]) * value
    return value, (own[0] if hope and own is not None else None)


def _callable_suits(view: View) -> list[int]:
    up = view.upcard.suit
    return [s for s in range(4) if s != up or view.rules.may_name_turned_down_suit]


def _best_call(view: View) -> tuple[int, float, float] | None:
    """(suit, value, estimate) of this seat's best second-round call, if any."""
    best: tuple[int, float, float] | None = None
    for suit in _callable_suits(view):
        est = _bid_estimate(view, suit, first_round=False)
        value = maker_value(view, view.seat, est, dummy=view.rules.dummy)
        if best is None or value > best[1]:
            best = (suit, value, est)
    return best


def decide_bid_second(view: View) -> Decision:
    """Name the best suit when it is worth more than passing; a stuck dealer
    (stick the dealer) names his best suit whatever it is worth."""
    best = _best_call(view)
    can_pass = "pass" in view.legal
    if best is None:  # pragma: no cover - a legal call always exists
        return Action.parse(view.legal[0]), "no suit to name"
    suit, value, est = best
    name = Suit(suit).plural
    chance = p_make(est, view.rules.dummy, view.rules.deck)
    if not can_pass:
        return Action.call(Suit(suit)), (
            f"stuck as dealer: call {name}, the best suit (about {_fmt(est)} tricks)")
    if value > _pass_value(view, first_round=False)[0]:
        return Action.call(Suit(suit)), (
            f"call {name}: about {_fmt(est)} tricks expected, {chance:.0%} to make it")
    return Action.simple(Verb.PASS), (
        f"pass: the best suit, {name}, is worth about {_fmt(est)} tricks, {chance:.0%} to "
        "make it - not enough at this score")


def decide_pickup(view: View) -> Decision:
    """The dealer takes the up-card when it improves his hand (it nearly always does:
    it is a trump)."""
    assert view.trump is not None
    trump = int(view.trump)
    mine = _mine(view)
    up = view.upcard.id
    odds = card_odds(view.rules.deck, mine | 1 << up)
    now = estimate_tricks(mine, trump, odds, view.rules.deck)
    _, taken = best_keep(mine | 1 << up, trump, odds, view.rules.deck, min_trumps=6)
    if taken > now + 0.02:
        return Action.simple(Verb.PICKUP), (
            f"take the {view.upcard}: it lifts the hand from {_fmt(now)} to {_fmt(taken)}")
    return Action.simple(Verb.LEAVE), f"leave the {view.upcard}: it does not improve the hand"


def decide_discard(view: View) -> Decision:
    """Discard the card whose loss costs least: a low side card, making a void where
    possible; never a trump unless the hand is all trumps."""
    assert view.trump is not None
    return discard_decision(view.rules.deck, _mine(view), int(view.trump))


def discard_decision(deck: int, mine: int, trump: int) -> Decision:
    """:func:`decide_discard` from what it reads: the deck's size, the dealer's six
    cards (a mask) and trump."""
    odds = card_odds(deck, mine)
    keep, _ = best_keep(mine, trump, odds, deck, size=mine.bit_count() - 1, min_trumps=6)
    gone = mine & ~keep
    card = Card.from_id(gone.bit_length() - 1)
    eff = EFF_SUIT[trump]
    suit = eff[card.id]
    left = sum(1 for c in cards_of_mask(mine) if eff[c.id] == suit) - 1
    why = "all trumps: the lowest" if suit == trump else (
        "makes a void" if left == 0 else "the least useful side card")
    return Action.discard(card), f"discard {card}: {why}"


def decide_maker_choice(view: View) -> Decision:
    """Take the dummy (it never weakens the hand: the maker may keep his own five),
    unless a march alone is near-certain and pays more than an ordinary march."""
    assert view.trump is not None
    rules = view.rules
    trump = int(view.trump)
    mine = _mine(view)
    out = 0
    if view.discard is not None:
        out |= 1 << view.discard.id
    if not view.upcard_taken:
        out |= 1 << view.upcard.id
    theirs = 1 << view.upcard.id if view.upcard_taken and view.dealer != view.seat else 0
    odds = card_odds(rules.deck, mine, out, theirs)
    est5 = estimate_tricks(mine, trump, odds, rules.deck)
    est10 = est5 + dummy_gain(est5, rules.deck)
    with_dummy = maker_value(view, view.seat, est10, dummy=True)
    alone = maker_value(view, view.seat, est5, dummy=False, alone=True)
    march = p_march(est5, dummy=False, deck=rules.deck)
    if rules.lone_march_points > rules.march_points and march >= 0.8 and alone > with_dummy:
        return Action.simple(Verb.ALONE), (
            f"go alone: {march:.0%} to march ({rules.lone_march_points} points alone)")
    return Action.simple(Verb.DUMMY), (
        f"take the dummy: about {_fmt(est10)} tricks expected with it, {_fmt(est5)} without")


def _keep_inputs(view: View) -> tuple[int, int, int, int, int]:
    """What a keep is read from (:func:`keep_decision`'s arguments), from the view."""
    assert view.trump is not None
    out = 1 << view.upcard.id if not view.upcard_taken else 0
    if view.discard is not None:
        out |= 1 << view.discard.id
    theirs = 1 << view.upcard.id if view.upcard_taken and view.dealer != view.seat else 0
    return view.rules.deck, _mine(view), int(view.trump), out, theirs


def decide_keep(view: View) -> Decision:
    """Keep the five of ten with the best trick estimate (trumps, bowers, aces, voids)."""
    return keep_decision(*_keep_inputs(view))


def ranked_keeps(view: View) -> list[Action]:
    """Every keep worth considering for the maker's ten cards (:func:`keep_splits`: the
    top cards of each suit), best first by the trick estimate of :func:`decide_keep`.

    >>> from cutthroat import Hand, Rules
    >>> hand = Hand.deal(Rules(), dealer=0, seed=5)
    >>> for text in ("1 order", "0 leave", "1 dummy"):
    ...     _ = hand.push(text)
    >>> keeps = ranked_keeps(hand.view(1))      # trump diamonds: JH is the left bower
    >>> len(keeps), keeps[0], keeps[0] == decide_keep(hand.view(1))[0]
    (28, Action('keep KD JH AH QS AS'), True)
    """
    deck, mine, trump, out, theirs = _keep_inputs(view)
    masks = ranked_keep_masks(mine, trump, card_odds(deck, mine, out, theirs), deck)
    return [Action.keep(cards_of_mask(mask)) for mask in masks]


def keep_decision(deck: int, mine: int, trump: int, out: int, theirs: int) -> Decision:
    """:func:`decide_keep` from what it reads: the deck's size, the maker's ten cards
    (a mask), trump, the cards he knows are out of play (``out``: the up-card left, his
    own discard) and the up-card in the dealer's hand when that is another seat
    (``theirs``)."""
    odds = card_odds(deck, mine, out, theirs)
    keep, est = best_keep(mine, trump, odds, deck)
    cards = cards_of_mask(keep)
    n_trumps = sum(1 for c in cards if EFF_SUIT[trump][c.id] == trump)
    return Action.keep(cards), (
        f"keep {' '.join(str(c) for c in cards)}: {n_trumps} trump{'' if n_trumps == 1 else 's'}, "
        f"about {_fmt(est)} tricks")


def decide_defender_choice(view: View) -> Decision:
    """Go alone as a defender only with three or more sure trump tricks, and only when
    the bigger score (both defenders score) helps this seat more than the partner."""
    assert view.trump is not None and view.maker is not None
    rules = view.rules
    trump = int(view.trump)
    mine = _mine(view)
    gone = 0
    if not view.upcard_taken:
        gone |= 1 << view.upcard.id
    sure = sure_trumps(mine, trump, gone, rules.deck)
    run = _top_run(sure)
    if sure < 3:
        return Action.simple(Verb.PASS), (f"pass: you hold {run}, and defending alone "
                                          "takes the top three")
    scores = _scores(view)
    defenders = {s: 2 for s in range(3) if s != view.maker}
    big = {s: 4 for s in range(3) if s != view.maker}
    p5 = 1.0 if sure >= 5 else (0.5 if sure == 4 else 0.15)
    team = win_chance(_after(scores, defenders), rules, view.seat)
    alone = (p5 * win_chance(_after(scores, big), rules, view.seat) + (1 - p5) * team)
    if alone > team:
        return Action.simple(Verb.ALONE), f"defend alone: you hold {run}"
    return Action.simple(Verb.PASS), (
        f"pass: you hold {run}, but 4 points each would help the partner more")


def _top_run(count: int) -> str:
    """The trumps :func:`~cutthroat.bots.hand_estimate.sure_trumps` counts, in words: the
    top trumps still out held in an unbroken run, which win their tricks whatever
    happens (a lower trump may win too, but is not counted on).

    >>> _top_run(0), _top_run(1), _top_run(4)
    ('no top trump', 'only the top trump', 'the top 4 trumps')
    """
    if count == 0:
        return "no top trump"
    return "only the top trump" if count == 1 else f"the top {count} trumps"


def decide(view: View) -> Decision | None:
    """The decision for a phase before play, or ``None`` for the play phase."""
    phase = view.phase
    if phase is Phase.JOKER_TRUMP:
        return decide_joker_trump(view)
    if phase is Phase.BID_FIRST:
        return decide_bid_first(view)
    if phase is Phase.PICKUP:
        return decide_pickup(view)
    if phase is Phase.DISCARD:
        return decide_discard(view)
    if phase is Phase.BID_SECOND:
        return decide_bid_second(view)
    if phase is Phase.MAKER_CHOICE:
        return decide_maker_choice(view)
    if phase is Phase.KEEP:
        return decide_keep(view)
    if phase is Phase.DEFENDER_CHOICE:
        return decide_defender_choice(view)
    return None
