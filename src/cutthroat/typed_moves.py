"""What a line typed at the terminal game names (:mod:`cutthroat.terminal`): cards
written in words ("the ten of spades", "the left bower"), what players say at a table
("I order it up"), a suit by its letter or name, and the shortcuts a line may be (a
card, a suit, five cards to keep)."""

from __future__ import annotations

import re

from .actions import Action, Verb
from .cards import Card, CardError, Suit, parse_cards

__all__ = ["SAID", "SUIT_SYMBOLS", "VERBS", "cards_named", "in_letters", "naming_verb",
           "shortcut", "suit_named"]


def cards_named(words: list[str]) -> list[Card] | None:
    """The cards ``words`` name, if they are all cards (and there is one or more)."""
    try:
        return parse_cards(words) if words else None
    except CardError:
        return None


def shortcut(words: list[str], verbs: set[str]) -> Action | None:
    """The move a shortcut names among the legal ``verbs``: five cards to keep, a suit
    to call or name, a card to play or discard; ``None`` if it names none (five words
    anywhere but at a keep: "jh 9h qs ks as" in play is no move, not ``play JH``)."""
    try:
        if len(words) == 5 and "keep" in verbs:
            return Action.parse("keep " + " ".join(str(c) for c in parse_cards(words)))
        if len(words) != 1:
            return None
        suit = suit_named(words[0])
        if suit is not None and verbs & {"call", "trump"}:
            verb = "call" if "call" in verbs else "trump"
            return Action.parse(f"{verb} {suit}")
        if verbs & {"play", "discard"}:
            verb = "play" if "play" in verbs else "discard"
            return Action(Verb(verb), card=Card.parse(words[0]))
    except CardError:
        return None
    return None


VERBS = {verb.value for verb in Verb}
SUIT_SYMBOLS = str.maketrans("\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664",
                              "CDHSCDHS")
"""The suits' symbols (♣ ♦ ♥ ♠, filled or not), as a card pasted from the web page
writes them (J♥), read as the letters the game writes (JH)."""
SAID = {
    **dict.fromkeys(("i order it up", "order it up", "i order", "order up", "i assist",
                     "assist", "i accept", "accept", "i order it", "order it"), "order"),
    **dict.fromkeys(("i pass", "pass it"), "pass"),
    **dict.fromkeys(("pick it up", "pick up", "i pick it up", "take it", "take it up"),
                    "pickup"),
    **dict.fromkeys(("leave it", "leave it down", "i leave it"), "leave"),
    **dict.fromkeys(("go alone", "i go alone", "alone", "defend alone", "play alone",
                     "loner"), "alone"),
    **dict.fromkeys(("take the dummy", "the dummy", "i take the dummy"), "dummy"),
}
"""What players say at a table (R7: "I order it up", "I assist", "I accept" are all one
``order``), as the move it means, looked up in lower case without punctuation."""


_RANK_WORDS = {"seven": "7", "eight": "8", "nine": "9", "ten": "T", "jack": "J",
               "queen": "Q", "king": "K", "ace": "A"}
_SUIT_WORDS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
_CARD_WORDS = re.compile(
    r"\b(?:the\s+)?(seven|eight|nine|ten|jack|queen|king|ace|10|[789jqka])\s+of\s+"
    r"(club|diamond|heart|spade)s?\b", re.IGNORECASE)
_NAMED_CARDS = re.compile(r"\b(?:the\s+)?(joker|right\s+bower|left\s+bower)\b",
                          re.IGNORECASE)


def in_letters(text: str, trump: Suit | None) -> str:
    """Cards named in words, as the game writes them: "the ten of spades" is TS, "the
    joker" JO, and once trump is known (R3) "the right bower" its jack and "the left
    bower" the jack of the same colour. Other words are left as they are.

    >>> in_letters("play the jack of hearts", None), in_letters("Ten of Spades", None)
    ('play JH', 'TS')
    >>> in_letters("right bower", Suit.HEARTS), in_letters("the left bower", Suit.CLUBS)
    ('JH', 'JS')
    """
    def card(match: re.Match[str]) -> str:
        rank = match.group(1).lower()
        return (_RANK_WORDS.get(rank, rank.upper()) + _SUIT_WORDS[match.group(2).lower() + "s"])

    def named(match: re.Match[str]) -> str:
        word = " ".join(match.group(1).lower().split())
        if word == "joker":
            return "JO"
        if trump is None:
            return match.group(0)  # no bower before trump is made: refused as typed
        return "J" + (trump if word == "right bower" else trump.partner).letter

    return _NAMED_CARDS.sub(named, _CARD_WORDS.sub(card, text))


def suit_named(word: str) -> Suit | None:
    """A suit from its letter or its name (``h``, ``Hearts``), else ``None``."""
    key = word.strip().lower()
    for suit in Suit:
        if key in (suit.letter.lower(), suit.plural, suit.plural.rstrip("s")):
            return suit
    return None


def naming_verb(verb: str, verbs: set[str]) -> str:
    """The verb that names a suit now, for ``verb`` as typed: ``call`` in the second
    round and ``trump`` under a turned-up joker (R6, R9) are both "naming trump" to a
    player, and the help lists both, so either is read as the one the moment takes.

    >>> naming_verb("trump", {"pass", "call"}), naming_verb("call", {"trump"})
    ('call', 'trump')
    >>> naming_verb("call", {"pass", "order"})
    'call'
    """
    word = verb.lower()
    if word in ("call", "trump") and word not in verbs:
        other = "trump" if word == "call" else "call"
        if other in verbs:
            return other
    return verb
