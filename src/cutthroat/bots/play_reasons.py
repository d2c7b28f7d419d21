"""What a card, or an option before play, does, in a player's words: the first part
of a hint's reason (:func:`play_reason`: "leading the right bower draws the last two
trumps", :func:`describe_option`), read from the seat's view alone; the score's side
of a reason is :mod:`cutthroat.bots.reasons`'."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import Action, Verb
from ..cards import (
    EFF_SUIT,
    PLAIN_POWER,
    SUIT_MASK,
    TRUMP_POWER,
    Card,
    Suit,
    card_strength,
    deck_mask,
    ids_of_mask,
    trick_power,
)
from ..move_words import card_name, move_words, said_move
from ..state import Phase
from ..views import View
from .sampling import void_masks

if TYPE_CHECKING:
    from .analysis import Option

__all__ = ["card_name", "describe_option", "holding", "number_word", "play_reason", "whom"]


def _current_winner(view: View) -> tuple[int, Card] | None:
    """(seat, card) winning the trick in progress, if any."""
    if not view.current_trick or view.trump is None:
        return None
    best: tuple[int, Card] | None = None
    best_value = -1
    for seat, card in view.current_trick:
        value = _strength(view, card)
        if value > best_value:
            best, best_value = (seat, card), value
    return best


def _strength(view: View, card: Card) -> int:
    """How high ``card`` stands in the trick in progress: any trump above any card of
    the suit led, and a card of neither suit at nothing (R17)."""
    assert view.trump is not None
    trump = int(view.trump)
    return trick_power(card.id, trump, EFF_SUIT[trump][view.current_trick[0][1].id])


def _beats(view: View, card: Card, winner: Card) -> bool:
    return _strength(view, card) > _strength(view, winner)


def _unseen(view: View) -> list[Card]:
    """The cards still out for this seat: those whose place it does not know (held by
    others or hidden), and the up-card when another seat, the dealer, took it and has
    not played it: it is in his hand unless he discarded it, which only he knows (R14).
    Not where the dealer sits out (R13): the up-card is then in his hand or his
    discard, out of play either way."""
    unseen = deck_mask(view.rules.deck) & ~view.seen_mask()
    played = {card for trick in view.tricks for _, card in trick.plays}
    played.update(card for _, card in view.current_trick)
    if (view.upcard_taken and view.dealer != view.seat and view.upcard not in played
            and view.sitting_out != view.dealer):
        unseen |= 1 << view.upcard.id
    return [Card.from_id(c) for c in ids_of_mask(unseen)]


def _trumps_out(view: View) -> list[Card]:
    """Trumps still out for this seat (:func:`_unseen`)."""
    assert view.trump is not None
    trump = int(view.trump)
    return [c for c in _unseen(view) if EFF_SUIT[trump][c.id] == trump]


def _opponents(view: View) -> list[int]:
    """The seats playing against this one in the hand: the defenders for the maker, the
    maker for a defender; never a player who sits out (R11, R13)."""
    return [s for s in range(3) if s not in (view.seat, _partner(view), view.sitting_out)]


def _shown_void(view: View, seat: int, suit: int) -> bool:
    """Whether ``seat`` has failed to follow ``suit`` (trump counting as one suit with
    the left bower): it holds none of it (R16)."""
    assert view.trump is not None
    return bool(void_masks(view)[seat] & SUIT_MASK[int(view.trump)][suit])


def _may_trump(view: View) -> list[int]:
    """The opponents who may still hold a trump: a trump is still out and they have not
    shown void in trump (the unseen trumps may all lie in the kitty or the discards)."""
    assert view.trump is not None
    if not _trumps_out(view):
        return []
    return [s for s in _opponents(view) if not _shown_void(view, s, int(view.trump))]


def _partner(view: View) -> int | None:
    """This seat's partner for the hand: the other defender, unless he sits out (R11,
    R13); the maker has none."""
    if view.maker is None or view.seat == view.maker or view.sitting_out is not None:
        return None
    return 3 - view.seat - view.maker


def _to_come(view: View) -> list[int]:
    """The seats still to play to the trick in progress after this one (R15, R16): a
    player who sits out plays no card."""
    leader = view.current_trick[0][0] if view.current_trick else view.seat
    order = [(leader + k) % 3 for k in range(3)]
    order = [seat for seat in order if seat != view.sitting_out]
    return order[order.index(view.seat) + 1:]


def _top(view: View, card: Card, unseen: Sequence[Card] | None = None) -> bool:
    """Whether no card still out (``unseen``, :func:`_unseen` by default) beats ``card``
    in its suit: above every trump still out, for a trump (R3); the highest still out
    of its suit, else (which may yet be trumped)."""
    assert view.trump is not None
    trump = int(view.trump)
    out = _unseen(view) if unseen is None else unseen
    suit = EFF_SUIT[trump][card.id]
    if suit == trump:
        return not any(TRUMP_POWER[trump][c.id] > TRUMP_POWER[trump][card.id] for c in out)
    return not any(EFF_SUIT[trump][c.id] == suit and PLAIN_POWER[c.id] > PLAIN_POWER[card.id]
                   for c in out)


def _as_good(view: View, card: Card) -> Card | None:
    """The higher card of ``card``'s suit (not trump) that this seat holds, when no card
    still out comes between them or above: ``card`` then wins a trick of its suit as
    surely as that one, and leading it keeps that one (KS led with AS held)."""
    assert view.trump is not None
    trump = int(view.trump)
    suit = EFF_SUIT[trump][card.id]
    if suit == trump or not _top(view, card):
        return None
    higher = [c for c in view.cards if c != card and EFF_SUIT[trump][c.id] == suit
              and PLAIN_POWER[c.id] > PLAIN_POWER[card.id]]
    return min(higher, key=lambda c: PLAIN_POWER[c.id]) if higher else None


def _winners_held(view: View, card: Card) -> list[Card]:
    """The winners this seat holds besides ``card``, which leading ``card`` keeps for
    later: each card that no card still out beats in its suit (:func:`_top`)."""
    unseen = _unseen(view)
    return [held for held in view.cards if held != card and _top(view, held, unseen)]


def _listed(names: Sequence[str]) -> str:
    """"AS", "AS and KD", "AS, KD and the joker"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def play_reason(view: View, best: Option, cards: Sequence[Card] = ()) -> str:
    """Why ``best`` (a card) is played; ``cards`` are the other cards this seat may
    play, for a reason that says why this winner and not another, or that a card
    which would win is kept back ("nothing wins" only when none would)."""
    card = best.action.card
    assert card is not None and view.trump is not None
    trump = int(view.trump)
    name = card_name(card, trump)
    is_trump = EFF_SUIT[trump][card.id] == trump
    me = view.seat
    partner = _partner(view)
    if not view.current_trick:
        against = _may_trump(view)
        if is_trump and not against:
            return f"leading {name}: no trump is left against you"
        if is_trump:
            if not _top(view, card):
                return (f"leading {name} draws a round of trumps, though a higher trump "
                        "is still out")
            if len(_trumps_out(view)) == 1:
                return f"leading {name} draws the last trump still out"
            return f"leading {name} draws the trumps still out"
        if card.rank is not None and card.rank.name == "ACE":
            if not _trumps_out(view):
                return f"cashing {name}: no trump is left to take it"
            if not against:
                return f"cashing {name}: no trump is left against you"
            suit = EFF_SUIT[trump][card.id]
            ruff = [s for s in against if _shown_void(view, s, suit)]
            if ruff:
                return (f"leading {name}, though {whom(view, ruff[0])} has shown void in "
                        f"{Suit(suit).plural} and may trump it")
            return f"cashing {name} before it can be trumped"
        if partner is not None and (me + 1) % 3 == view.maker:
            return f"leading {name} through the maker, so your partner plays last"
        above = _as_good(view, card)
        if above is not None:
            suit = Suit(EFF_SUIT[trump][card.id])
            return (f"leading {name}, as good as your {above} (no higher "
                    f"{suit.plural[:-1]} is left out): {above} stays for later")
        winners = _winners_held(view, card)
        if winners:
            kept = [card_name(c, trump).removeprefix("the ") for c in winners]  # "your joker"
            return f"leading {name} keeps your {_listed(kept)} for later"
        if any(EFF_SUIT[trump][c.id] == trump for c in view.cards if c != card):
            return (f"leading {name}: you hold no top card to keep back (a higher trump "
                    "than yours is still out)")
        return f"leading {name}: you hold no trump or top card to keep back"
    winner = _current_winner(view)
    assert winner is not None
    win_seat, win_card = winner
    last = not _to_come(view)  # nobody plays after you
    if partner is not None and win_seat == partner and not _beats(view, card, win_card):
        held = card_name(win_card, trump).removeprefix("the ")  # "the left bower"
        low = "play low" if _lowest(view, card, cards) else f"throw {name}"
        if last or not any(_beats(view, c, win_card) for c in _unseen(view)):
            return f"your partner's {held} already wins the trick: {low}"
        return f"your partner's {held} is winning the trick so far: {low}"
    if _beats(view, card, win_card):
        led_trump = EFF_SUIT[trump][view.current_trick[0][1].id] == trump
        how = f"trumping with {name}" if is_trump and not led_trump else name
        if partner is not None and win_seat == partner:  # over the partner's winner
            held = card_name(win_card, trump).removeprefix("the ")
            legal = [Card.parse(text.split()[-1]) for text in view.legal]
            if all(_beats(view, c, win_card) for c in legal):  # no choice but to overtake
                text = (f"every card you may play beats your partner's {held}: {how} "
                        + ("takes the trick, to lead next" if last
                           else "overtakes it, so the maker must beat yours"))
            else:
                text = (f"{how} takes the trick from your partner's {held}, to lead next"
                        if last else
                        f"{how} beats your partner's {held}, so the maker must beat yours")
        elif last:
            text = f"{how} takes the trick"
        else:
            text = f"{how} beats the cards played so far"
        return text + _which_winner(view, card, win_card, cards, last)
    winners = [c for c in cards if c != card and _beats(view, c, win_card)]
    if winners:
        low = card_name(min(winners, key=lambda c: _strength(view, c)), trump)
        would = "take it" if last else "beat the cards played so far"
        return f"letting this trick go: throw {name} and keep {low}, which would {would}"
    if _top(view, card):  # "your least useful card" read as wrong of an ace (a QA pass)
        return (f"nothing wins this trick: throw {name}, though no card still out beats "
                "it in its suit: the cards you keep are worth more on the deals sampled")
    return f"nothing wins this trick: throw {name}, your least useful card"


def _lowest(view: View, card: Card, cards: Sequence[Card]) -> bool:
    """Whether ``card`` is as low as any of ``cards``: a plain card below every trump,
    and by rank within each (R3)."""
    assert view.trump is not None
    trump = int(view.trump)
    return all(card_strength(card.id, trump) <= card_strength(other.id, trump)
               for other in cards)


def _which_winner(view: View, card: Card, win_card: Card, cards: Sequence[Card],
                  last: bool) -> str:
    """Why this winner and not another that would beat the trick as well: ``", and
    keeps the right bower for later"`` for the lowest of them; for a higher one with an
    opponent still to come (not only the partner, whose card would win for the side
    as well), that a card still out could overtake the lower one."""
    assert view.trump is not None
    trump = int(view.trump)
    mine = _strength(view, card)
    winners = [c for c in cards if c != card and _beats(view, c, win_card)]
    higher = [c for c in winners if _strength(view, c) > mine]
    lower = [c for c in winners if _strength(view, c) < mine]
    if higher and not lower:
        top = max(higher, key=lambda c: _strength(view, c))
        return f", and keeps {card_name(top, trump)} for later"
    opponents = [seat for seat in _to_come(view) if seat != _partner(view)]
    if lower and not last and opponents:
        below = max(lower, key=lambda c: _strength(view, c))
        if any(_strength(view, below) < _strength(view, other) < mine
               for other in _unseen(view)):
            return (f": {card_name(below, trump)} would too, but a card still out "
                    "could overtake it")
    return ""


_SAID_AS_IS = frozenset((Verb.PASS, Verb.ORDER, Verb.PICKUP, Verb.LEAVE, Verb.DUMMY,
                         Verb.ALONE, Verb.CALL, Verb.TRUMP))
"""The moves :func:`describe_option` names in :func:`~cutthroat.move_words.said_move`'s
words, with nothing more to say of them."""

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def number_word(n: int) -> str:
    """A count in a sentence: "no", "one" … "nine", then 10, 11 …"""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _count(n: int, what: str) -> str:
    return f"{number_word(n)} {what}{'' if n == 1 else 's'}"


def _trumps_and_aces(cards: Sequence[Card], trump: int) -> tuple[list[Card], int]:
    """The trumps among ``cards`` under ``trump``, highest first (R3: the joker and the
    left bower among them), and how many aces of other suits."""
    trumps = sorted((c for c in cards if EFF_SUIT[trump][c.id] == trump),
                    key=lambda c: -card_strength(c.id, trump))
    aces = sum(1 for c in cards if EFF_SUIT[trump][c.id] != trump
               and c.rank is not None and c.rank.name == "ACE")
    return trumps, aces


def _and_aces(aces: int, but: bool = False) -> str:
    """" and an ace", " and two aces" (" but ..." after no trump); ``""`` for none."""
    if not aces:
        return ""
    return f" {'but' if but else 'and'} " + ("an ace" if aces == 1 else _count(aces, "ace"))


def _trumps_kept(view: View, cards: Sequence[Card]) -> str:
    """"three trumps and an ace" for the cards a maker keeps."""
    if view.trump is None:
        return ""
    trumps, aces = _trumps_and_aces(cards, int(view.trump))
    return _count(len(trumps), "trump") + _and_aces(aces)


_HOLDING_CHOICES = {Phase.PICKUP: (Verb.LEAVE,),
                    Phase.MAKER_CHOICE: (Verb.DUMMY, Verb.ALONE),
                    Phase.DEFENDER_CHOICE: (Verb.ALONE, Verb.PASS)}
"""The choices after trump is fixed that :func:`holding` speaks of on the hand as it is:
the dealer's leaving the up-card (R8), the maker's dummy or alone (R12) and a
defender's alone or not (R13)."""


def holding(view: View, action: Action) -> str:
    """What this seat's hand holds for the trump ``action`` makes, or plays under, in a
    player's words, to follow the option's name in a reason before play: ", holding one
    trump (QC) and two aces, with the dummy's five cards to take" for an order or a call
    (the dummy said where the hand holds fewer than three trumps: a maker takes its
    cards, R12); ", which gives you two trumps (the right bower and TH)" where the
    up-card would be this seat's (the dealer's order or pick-up, R8); his leaving it,
    the maker's dummy or alone and a defender's alone or not are weighed on the hand as
    it is ("holding no trump but an ace"). ``""`` for any other action, and for a trump
    named blind (R6: the dealer has not seen his cards).

    Only the seat's own cards and the up-card are read: nothing hidden from it.

    >>> from cutthroat import Action, Hand, Rules
    >>> hand = Hand.deal(Rules(), dealer=0, seed=4)
    >>> view = hand.view(2)
    >>> " ".join(map(str, view.cards)), str(view.upcard)
    ('9C JC QC JH KH', 'JD')
    >>> holding(view, Action.parse("order")), holding(view, Action.parse("pass"))
    (", holding one trump (the left bower), with the dummy's five cards to take", '')
    >>> holding(hand.view(0), Action.parse("order"))  # the dealer's: TC QD QH QS KS
    ", which gives you two trumps (the right bower and QD), with the dummy's five cards to take"
    """
    verb, phase, up = action.verb, view.phase, view.upcard
    takes_up = False  # (the up-card joins this seat's hand)
    if phase is Phase.BID_FIRST and verb is Verb.ORDER and up is not None \
            and up.suit is not None:
        trump, makes, takes_up = int(up.suit), True, view.seat == view.dealer
    elif phase is Phase.BID_SECOND and verb is Verb.CALL and action.suit is not None:
        trump, makes = int(action.suit), True
    elif phase is Phase.PICKUP and verb is Verb.PICKUP and view.trump is not None:
        trump, makes, takes_up = int(view.trump), False, True
    elif verb in _HOLDING_CHOICES.get(phase, ()) and view.trump is not None:
        trump, makes = int(view.trump), False
    else:
        return ""
    cards = [*view.cards, up] if takes_up and up is not None else list(view.cards)
    trumps, aces = _trumps_and_aces(cards, trump)
    said = "no trump" if not trumps else (
        f"{_count(len(trumps), 'trump')} ({_listed([card_name(c, trump) for c in trumps])})")
    text = (f"{', which gives you' if takes_up else ', holding'} {said}"
            f"{_and_aces(aces, but=not trumps)}")
    if makes and view.rules.dummy and len(trumps) < 3:
        text += ", with the dummy's five cards to take"
    return text


def _voided(view: View, card: Card) -> str | None:
    """The suit a discard of ``card`` leaves this seat void in, if it does (trump aside)."""
    if view.trump is None:
        return None
    trump = int(view.trump)
    suit = EFF_SUIT[trump][card.id]
    if suit == trump or suit >= 4:
        return None
    if any(c != card and EFF_SUIT[trump][c.id] == suit for c in view.cards):
        return None
    return Suit(suit).plural


def describe_option(view: View, option: Option, what_it_leaves: bool = True) -> str:
    """The option in a player's words ("discarding 9S leaves you void in spades"; only
    "discarding 9S" without ``what_it_leaves``, for an alternative named after "after")."""
    action = option.action
    verb = action.verb
    if verb in _SAID_AS_IS:  # as the hint names the other options
        return said_move(view, action, gerund=True)
    trump = None if view.trump is None else int(view.trump)
    if verb is Verb.DISCARD and action.card is not None:
        name = card_name(action.card, trump)  # "the left bower", as in play
        void = _voided(view, action.card) if what_it_leaves else None
        if void is not None:
            return f"discarding {name} leaves you void in {void}"
        return f"discarding {name}"
    if verb is Verb.PLAY and action.card is not None:  # a card led is led (bots.md)
        how = "playing" if view.current_trick else "leading"
        return f"{how} {card_name(action.card, trump)}"
    if verb is Verb.KEEP:  # in the order a hand is shown (by suit, trumps last)
        kept = move_words(action, trump=trump, gerund=True)
        summary = _trumps_kept(view, action.cards)
        return f"{kept} ({summary})" if summary else kept
    return str(action)


def whom(view: View, seat: int) -> str:
    """Who ``seat`` is, seen from the view's seat: "the player on your left" or right."""
    return "the player on your left" if seat == (view.seat + 1) % 3 else \
        "the player on your right"
