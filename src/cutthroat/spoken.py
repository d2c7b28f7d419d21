"""Cards in words, for a player who hears the game (``cutthroat play --words``).

The game writes a card as its code (``AS``, ``TH``, ``JO``), which a screen reader
says as a word ("as") or letters. :func:`in_words` says every card of a line in words,
as the web page says them to a screen reader: ``"Left plays AS"`` is ``"Left plays
the ace of spades"``, a run of cards a list (``"Your cards: the ten of clubs, jack of
clubs and ace of hearts"``), a suit named by its letter in a move its name (``"call
D"`` is ``"call diamonds"``), and a trick's taker after ``->`` "taken by".
"""

from __future__ import annotations

import re

__all__ = ["card_words", "in_words"]

_RANKS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
          "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
          "A": "ace"}
_SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

_CODE = r"(?:[2-9TJQKA][CDHS]|JO)"
_EDGE_BEFORE = r"(?<![\w/\\.:-])"  # (not inside a word, a path or a file's name)
_EDGE_AFTER = r"(?![\w/\\:-]|\.\w)"
_RUN = re.compile(rf"{_EDGE_BEFORE}(the )?({_CODE}(?: {_CODE})*){_EDGE_AFTER}")
_SUIT_MOVE = re.compile(rf"{_EDGE_BEFORE}(call|trump) ([CDHS]){_EDGE_AFTER}")
_POSSESSIVE = re.compile(r"(?:['’]s|\byour) $", re.IGNORECASE)


def card_words(code: str) -> str:
    """One card's code in words, without an article.

    >>> card_words("AS"), card_words("TH"), card_words("JO")
    ('ace of spades', 'ten of hearts', 'joker')
    """
    if code == "JO":
        return "joker"
    return f"{_RANKS[code[0]]} of {_SUITS[code[1]]}"


def _listed(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def in_words(text: str) -> str:
    """``text`` with every card code in words (the module's docstring). After a
    possessive or "your" no article is added ("your partner's ace of spades").

    >>> in_words("Left plays AS")
    'Left plays the ace of spades'
    >>> in_words("  Your cards: TC JC AH")
    '  Your cards: the ten of clubs, jack of clubs and ace of hearts'
    >>> in_words("Your move: 1) pass  2) call D  (hint, help)")
    'Your move: 1) pass  2) call diamonds  (hint, help)'
    >>> in_words("  Trick 1: Left JC, You QC -> Left")
    '  Trick 1: Left the jack of clubs, You the queen of clubs, taken by Left'
    >>> in_words("cashing your AS first; saved to /tmp/AS/game-AS.json")
    'cashing your ace of spades first; saved to /tmp/AS/game-AS.json'
    """
    def run(match: re.Match[str]) -> str:
        names = _listed([card_words(code) for code in match[2].split(" ")])
        if _POSSESSIVE.search(text[:match.start()]):
            return names
        return f"the {names}"

    said = _RUN.sub(run, text)
    said = _SUIT_MOVE.sub(lambda m: f"{m[1]} {_SUITS[m[2]]}", said)
    return said.replace(" -> ", ", taken by ")
