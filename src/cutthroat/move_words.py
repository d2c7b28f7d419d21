"""A move as a player says it: ``call spades`` for the record's ``call S``.

Hints, the coach and reviews name the moves they weigh in these words, so that what a
player reads matches the buttons and keys of every front end ("order up the KH", not
``order``; "not defend alone", not a defender's ``pass``). Cards stay as codes (``KH``):
each front end shows a code in a sentence as its card face.

>>> from cutthroat.actions import Action
>>> from cutthroat.cards import Card
>>> from cutthroat.state import Phase
>>> move_words(Action.parse("call S"), Phase.BID_SECOND)
'call spades'
>>> move_words(Action.parse("order"), Phase.BID_FIRST, upcard=Card.parse("KH"), gerund=True)
'ordering up the KH'
>>> move_words(Action.parse("pass"), Phase.DEFENDER_CHOICE)
'not defend alone'
"""

from __future__ import annotations

from .actions import Action, Verb
from .cards import Card, Suit, bower_name, sort_cards
from .state import Phase
from .views import View

__all__ = ["DEFENDER_BUTTONS", "card_name", "move_words", "said_move"]

# Each verb's words: (as after "would", as after "after"); "{up}" is the up-card.
_FORMS: dict[Verb, tuple[str, str]] = {
    Verb.PASS: ("pass", "passing"),
    Verb.ORDER: ("order up {up}", "ordering up {up}"),
    Verb.PICKUP: ("pick up {up}", "picking up {up}"),
    Verb.LEAVE: ("leave {up}", "leaving {up}"),
    Verb.DUMMY: ("take the dummy", "taking the dummy"),
    Verb.ALONE: ("go alone", "going alone"),
    Verb.CALL: ("call", "calling"),
    Verb.TRUMP: ("name", "naming"),
    Verb.DISCARD: ("discard", "discarding"),
    Verb.KEEP: ("keep", "keeping"),
    Verb.PLAY: ("play", "playing"),
}

_DEFENDING: dict[Verb, tuple[str, str]] = {  # R13: a defender's choice, as its buttons say
    Verb.PASS: ("not defend alone", "not defending alone"),
    Verb.ALONE: ("defend alone", "defending alone"),
}

DEFENDER_BUTTONS: dict[Verb, str] = {Verb.ALONE: "defend alone",
                                     Verb.PASS: "don't defend alone"}
"""A defender's choice (R13) as a button names it, an order: the terminal table's
buttons and a hint shown beside them (the web page's buttons say the same)."""


def card_name(card: Card, trump: int | None) -> str:
    """A card as a hint names it under ``trump``: "the joker", "the right bower",
    "the left bower", else as written (``AS``).

    >>> from cutthroat.cards import Suit
    >>> card_name(Card.parse("JD"), int(Suit.HEARTS)), card_name(Card.parse("JD"), None)
    ('the left bower', 'JD')
    """
    return bower_name(card, trump) or str(card)


def move_words(action: Action, phase: Phase | None = None, *, dealer: bool = False,
               upcard: Card | None = None, trump: int | None = None,
               leading: bool = False, gerund: bool = False) -> str:
    """``action`` in a player's words, in the decision of ``phase``: "call spades".

    ``gerund`` gives the form that follows "after" or starts a sentence ("calling
    spades"). A defender's choice (``Phase.DEFENDER_CHOICE``) is to defend alone or not
    (R13); a ``dealer``'s first-round ``order`` picks the up-card up (R8); the
    ``upcard`` is named where a move takes or leaves it ("the KH"; unknown: "it"); a
    card played is named as in play under ``trump`` ("the right bower",
    :func:`card_name`), and is led when ``leading`` ("leading the joker").
    """
    verb = action.verb
    forms = _DEFENDING.get(verb) if phase is Phase.DEFENDER_CHOICE else None
    if forms is None:
        forms = _FORMS[Verb.PICKUP if verb is Verb.ORDER and dealer else verb]
    words = forms[1 if gerund else 0]
    if verb is Verb.PLAY and leading:
        words = "leading" if gerund else "lead"
    if "{up}" in words:
        up = "it" if upcard is None else f"the {upcard}"
        if up == "it" and verb in (Verb.ORDER, Verb.PICKUP):  # "order it up"
            return words.replace(" up {up}", " it up")
        return words.replace("{up}", up)
    if action.suit is not None:
        return f"{words} {action.suit.plural}"
    if action.card is not None:
        return f"{words} {card_name(action.card, trump)}"
    if not action.cards:
        return words
    # a keep's cards in the order a hand is shown (by suit, trumps last), not the record's
    shown = sort_cards(action.cards, None if trump is None else Suit(trump))
    return f"{words} {' '.join(map(str, shown))}"


def said_move(view: View, action: Action, *, gerund: bool = False) -> str:
    """``action`` of ``view``'s decision in a player's words (:func:`move_words`, with
    the view's phase, up-card, trump, whether its seat deals and whether it leads).

    >>> from cutthroat import Hand
    >>> hand = Hand.deal(seed=2)
    >>> view = hand.view(hand.to_act)
    >>> said_move(view, view.legal_actions()[-1]) == f"order up the {view.upcard}"
    True
    """
    return move_words(action, view.phase, dealer=view.seat == view.dealer,
                      upcard=view.upcard, gerund=gerund,
                      trump=None if view.trump is None else int(view.trump),
                      leading=view.phase is Phase.PLAY and not view.current_trick)
