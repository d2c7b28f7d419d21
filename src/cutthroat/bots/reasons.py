"""One-line reasons, in a player's words, for a choice the expert has valued."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..actions import Verb
from ..cards import EFF_SUIT, PLAIN_POWER, TRUMP_POWER, Card, deck_mask, ids_of_mask
from ..views import View

if TYPE_CHECKING:
    from .expert import Option

__all__ = ["explain"]


def _card_name(card: Card, trump: int | None) -> str:
    if card.is_joker:
        return "the joker"
    if trump is not None and card.rank is not None and card.rank.name == "JACK":
        if card.suit == trump:
            return "the right bower"
        if EFF_SUIT[trump][card.id] == trump:
            return "the left bower"
    return str(card)


def _current_winner(view: View) -> tuple[int, Card] | None:
    """(seat, card) winning the trick in progress, if any."""
    if not view.current_trick or view.trump is None:
        return None
    trump = int(view.trump)
    power = TRUMP_POWER[trump]
    eff = EFF_SUIT[trump]
    led = eff[view.current_trick[0][1].id]
    best: tuple[int, Card] | None = None
    best_value = -1
    for seat, card in view.current_trick:
        value = 100 + power[card.id] if power[card.id] else (
            PLAIN_POWER[card.id] if eff[card.id] == led else 0)
        if value > best_value:
            best, best_value = (seat, card), value
    return best


def _beats(view: View, card: Card, winner: Card) -> bool:
    assert view.trump is not None
    trump = int(view.trump)
    power = TRUMP_POWER[trump]
    eff = EFF_SUIT[trump]
    if power[card.id] or power[winner.id]:
        return power[card.id] > power[winner.id]
    led = eff[view.current_trick[0][1].id]
    return eff[card.id] == led and PLAIN_POWER[card.id] > PLAIN_POWER[winner.id]


def _trumps_out(view: View) -> int:
    """Trumps whose place this seat does not know (held by others or hidden)."""
    assert view.trump is not None
    trump = int(view.trump)
    unseen = deck_mask(view.rules.deck) & ~view.seen_mask()
    return sum(1 for c in ids_of_mask(unseen) if EFF_SUIT[trump][c] == trump)


def _play_reason(view: View, best: Option) -> str:
    card = best.action.card
    assert card is not None and view.trump is not None
    trump = int(view.trump)
    name = _card_name(card, trump)
    is_trump = EFF_SUIT[trump][card.id] == trump
    me = view.seat
    partner = None
    if view.maker is not None and me != view.maker and view.sitting_out is None:
        partner = 3 - me - view.maker
    if not view.current_trick:
        if is_trump and _trumps_out(view):
            return f"leading {name} draws the trumps still out"
        if is_trump:
            return f"leading {name}: no trump is left against you"
        if card.rank is not None and card.rank.name == "ACE":
            return f"cashing {name} before it can be trumped"
        if view.maker is not None and me != view.maker and (me + 1) % 3 == view.maker:
            return f"leading {name} through the maker, so your partner plays last"
        return f"leading {name} keeps your winners for later"
    winner = _current_winner(view)
    assert winner is not None
    win_seat, win_card = winner
    if partner is not None and win_seat == partner and not _beats(view, card, win_card):
        return f"your partner's {_card_name(win_card, trump)} already wins the trick: play low"
    if _beats(view, card, win_card):
        led_trump = EFF_SUIT[trump][view.current_trick[0][1].id] == trump
        if is_trump and not led_trump:
            return f"trumping with {name} takes the trick"
        return f"{name} takes the trick"
    return f"nothing wins this trick: throw {name}, your least useful card"


_VERB_WORDS = {
    Verb.PASS: "passing",
    Verb.ORDER: "ordering it up",
    Verb.PICKUP: "taking the up-card",
    Verb.LEAVE: "leaving the up-card",
    Verb.DUMMY: "taking the dummy",
    Verb.ALONE: "going alone",
}


def _describe(view: View, option: Option) -> str:
    action = option.action
    verb = action.verb
    if verb in _VERB_WORDS:
        return _VERB_WORDS[verb]
    if verb is Verb.CALL and action.suit is not None:
        return f"calling {action.suit.plural}"
    if verb is Verb.TRUMP and action.suit is not None:
        return f"naming {action.suit.plural}"
    if verb is Verb.DISCARD and action.card is not None:
        return f"discarding {action.card}"
    if verb is Verb.KEEP:
        return "keeping " + " ".join(str(c) for c in action.cards)
    return str(action)


def explain(view: View, options: Sequence[Option],
            extra: Mapping[str, float] | None = None) -> str:
    """Why the first option is chosen, with its value against the next best.

    With ``edge`` and ``noise`` in ``extra`` the first option is the natural move,
    chosen although the next one averaged ``edge`` more, within the samples' noise."""
    best = options[0]
    figures = (f"win chance {best.value:.0%}, {best.points:+.2f} points, "
               f"{best.tricks:.1f} tricks for your side")
    if len(options) > 1:
        second = options[1]
        figures += f"; next best {second.action} {second.value:.0%}"
    playing = view.phase.name == "PLAY" and best.action.card is not None
    if extra and "edge" in extra and len(options) > 1:
        what = _play_reason(view, best) if playing else _describe(view, best)
        return (f"{what}; {options[1].action} averaged only {extra['edge']:.1%} more, "
                f"within the samples' noise (±{extra['noise']:.1%}) ({figures})")
    if playing:
        return f"{_play_reason(view, best)} ({figures})"
    return f"{_describe(view, best)} is worth most ({figures})"
