"""Cards, suits and ranks, the three decks, and card order under a trump suit (R2, R3).

Every card has a stable integer id, used for bitmasks and the flat action space:
``id = 8 * suit + rank`` with suits ``C D H S`` = 0..3 and ranks ``7 8 9 T J Q K A`` =
0..7, and the joker is 32.

>>> Card.parse("jh")
Card('JH')
>>> str(Card.parse("10d"))
'TD'
>>> effective_suit(Card.parse("JD"), Suit.HEARTS)   # the left bower is a heart
<Suit.HEARTS: 2>
>>> [str(c) for c in sort_cards(deck(24)[:6])]
['9C', 'TC', 'JC', 'QC', 'KC', 'AC']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import ClassVar

from .errors import CutthroatError, quoted

__all__ = [
    "JOKER_ID",
    "NUM_CARD_IDS",
    "Card",
    "CardError",
    "Rank",
    "Suit",
    "bower_name",
    "card_strength",
    "cards_of_mask",
    "deck",
    "deck_mask",
    "effective_suit",
    "mask_of",
    "parse_cards",
    "sort_cards",
    "trick_power",
    "trump_order",
    "trump_order_ids",
]

NUM_CARD_IDS = 33
"""Number of distinct card ids: 32 suited cards and the joker."""

JOKER_ID = 32
"""The joker's card id."""


class CardError(CutthroatError, ValueError):
    """A card, suit or rank could not be read."""


class Suit(enum.IntEnum):
    """A suit. Its value is its index in the card id; its letter is ``str(suit)``."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __str__(self) -> str:
        return "CDHS"[self]

    @property
    def letter(self) -> str:
        """The suit's letter: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def colour(self) -> str:
        """``"black"`` for clubs and spades, ``"red"`` for diamonds and hearts."""
        return "red" if self in (Suit.DIAMONDS, Suit.HEARTS) else "black"

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (the left bower's printed suit)."""
        return Suit(_PARTNER[self])

    @property
    def plural(self) -> str:
        """The suit's name in lower case, as a player says it: ``"hearts"``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter (case-insensitive).

        >>> Suit.parse("h")
        <Suit.HEARTS: 2>
        """
        if not isinstance(text, str):
            raise CardError(f"a suit is text such as 'H', not {type(text).__name__}")
        key = _notation(text)
        if len(key) == 1 and key in "CDHS":
            return cls("CDHS".index(key))
        raise CardError(f"not a suit: {quoted(text)} (use C, D, H or S)")


def _notation(text: str) -> str:
    """``text`` in upper case if it is written in the notation's letters and digits
    (ASCII, RULES.md "Notation": input is case-insensitive), else ``""``, which no
    rank, suit or card is: white space in or around a card is no notation (a record's
    ``"J H"``), nor are letters whose upper case happens to be one (``"ſ"``, the long s,
    is ``"S"`` in upper case)."""
    return text.upper() if text.isascii() and text.isalnum() else ""


_PARTNER = (3, 2, 1, 0)


class Rank(enum.IntEnum):
    """A rank of a suited card. Its value is its index in the card id."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    def __str__(self) -> str:
        return "789TJQKA"[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank (``7``–``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``)."""
        if not isinstance(text, str):
            raise CardError(f"a rank is text such as 'J', not {type(text).__name__}")
        key = _notation(text)
        if key == "10":
            key = "T"
        if len(key) == 1 and key in "789TJQKA":
            return cls("789TJQKA".index(key))
        raise CardError(f"not a rank: {quoted(text)}")


class Card:
    """A playing card: a suited card or the joker.

    Cards are interned: ``Card("JH") is Card.parse("jh")``. Compare and hash by id.
    ``Card(text)`` is :meth:`parse` (so ``eval(repr(card)) is card``); build them too
    with :meth:`of` or :meth:`from_id` (an integer id, which ``Card(3)`` refuses).

    >>> Card("10h") is Card.parse("TH") is Card.from_id(19)
    True
    >>> Card(19)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    TypeError: Card() takes a card's text, ...; for the card with id 19 use Card.from_id(19)
    """

    __slots__ = ("id",)
    _by_id: ClassVar[list[Card]] = []

    id: int

    def __new__(cls, text: str) -> Card:
        """The card this text names, as :meth:`parse` reads it: the one interned card
        object, never a new one."""
        if isinstance(text, str):
            return cls.parse(text)
        if hasattr(text, "__index__") and not isinstance(text, bool):  # NumPy's too
            raise TypeError("Card() takes a card's text, such as Card('JH'); for the card "
                            f"with id {text} use Card.from_id({text})")
        raise TypeError(f"Card() takes a card's text, such as Card('JH'), not {text!r} "
                        "(or use Card.from_id or Card.of)")

    @classmethod
    def _make(cls, card_id: int) -> Card:
        obj = object.__new__(cls)
        object.__setattr__(obj, "id", card_id)
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The card with this id (0–32)."""
        if type(card_id) is not int:  # a NumPy integer is an id; True and 1.0 are not
            if isinstance(card_id, bool) or not hasattr(card_id, "__index__"):
                raise CardError(f"a card id is an integer 0–{NUM_CARD_IDS - 1}, not "
                                f"{card_id!r}")
            card_id = card_id.__index__()
        if not 0 <= card_id < NUM_CARD_IDS:
            raise CardError(f"not a card id: {card_id}")
        return cls._by_id[card_id]

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The suited card of this rank and suit (a :class:`Rank` and a :class:`Suit`, in
        that order; for text, :meth:`parse`); anything else is a :class:`CardError`."""
        if (not isinstance(rank, int) or isinstance(rank, bool | Suit) or not 0 <= rank < 8
                or not isinstance(suit, int) or isinstance(suit, bool | Rank)
                or not 0 <= suit < 4):
            raise CardError(f"Card.of takes a Rank and a Suit, in that order (Card.of("
                            f"Rank.JACK, Suit.HEARTS); Card.parse('JH') reads text), not "
                            f"{rank!r} and {suit!r}")
        return cls._by_id[8 * suit + rank]

    @classmethod
    def joker(cls) -> Card:
        """The joker (the "Benny") of the 25-card deck."""
        return cls._by_id[JOKER_ID]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank then suit (``JH``, ``10d``), or ``JO`` for the joker.

        >>> Card.parse("10h")
        Card('TH')
        >>> Card.parse("JO").is_joker
        True
        """
        try:
            found = _BY_TEXT.get(text)  # the common case: a card as this module writes it
        except TypeError:  # unhashable: no text (a list), refused below
            found = None
        if found is not None:
            return found
        if not isinstance(text, str):
            raise CardError(f"a card is text such as 'JH', not {type(text).__name__}")
        key = _notation(text)
        if key == "JO":
            return cls._by_id[JOKER_ID]
        if len(key) < 2:
            raise CardError(f"not a card: {quoted(text)} (write rank then suit, e.g. JH)")
        try:
            rank = Rank.parse(key[:-1])
            suit = Suit.parse(key[-1])
        except CardError:
            raise CardError(f"not a card: {quoted(text)} (write rank then suit, e.g. JH)") from None
        return cls._by_id[8 * suit + rank]

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.id == JOKER_ID

    @property
    def suit(self) -> Suit | None:
        """The printed suit (``None`` for the joker). See :func:`effective_suit`."""
        return None if self.id == JOKER_ID else Suit(self.id >> 3)

    @property
    def rank(self) -> Rank | None:
        """The printed rank (``None`` for the joker)."""
        return None if self.id == JOKER_ID else Rank(self.id & 7)

    @property
    def bit(self) -> int:
        """This card's bit in a card mask (``1 << id``)."""
        return 1 << self.id

    def __str__(self) -> str:
        return _TEXT[self.id]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self.id]!r})"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.id

    def __lt__(self, other: object) -> bool:
        return self.id < other.id if isinstance(other, Card) else NotImplemented

    def __le__(self, other: object) -> bool:
        return self.id <= other.id if isinstance(other, Card) else NotImplemented

    def __gt__(self, other: object) -> bool:
        return self.id > other.id if isinstance(other, Card) else NotImplemented

    def __ge__(self, other: object) -> bool:
        return self.id >= other.id if isinstance(other, Card) else NotImplemented

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_id, (self.id,))


_TEXT = [f"{'789TJQKA'[i & 7]}{'CDHS'[i >> 3]}" for i in range(32)] + ["JO"]
Card._by_id.extend(Card._make(i) for i in range(NUM_CARD_IDS))
_BY_TEXT: dict[str, Card] = {str(card): card for card in Card._by_id}
"""Every card by its text as written (``"TH"``, ``"JO"``): :meth:`Card.parse`'s fast path."""


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read several cards from a string, separated by spaces or commas (as a keep takes
    them, :meth:`~cutthroat.actions.Action.keep`), or from an iterable of strings.

    >>> parse_cards("JH jd 10c")
    [Card('JH'), Card('JD'), Card('TC')]
    >>> parse_cards("JH, 9S,AC")
    [Card('JH'), Card('9S'), Card('AC')]
    """
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(item) for item in items]


def _deck_masks() -> dict[int, int]:
    base = 0
    for suit in range(4):
        for rank in range(2, 8):
            base |= 1 << (8 * suit + rank)
    return {24: base, 25: base | (1 << JOKER_ID), 32: (1 << 32) - 1}


_DECK_MASKS = _deck_masks()


def deck_mask(size: int) -> int:
    """The bitmask of the deck of ``size`` cards (24, 25 or 32), per R2."""
    mask = _DECK_MASKS.get(size)
    if mask is None:
        raise CardError(f"no deck of {size} cards (use 24, 25 or 32)")
    return mask


def deck(size: int = 24) -> list[Card]:
    """The cards of the deck of ``size`` cards, in id order."""
    return cards_of_mask(deck_mask(size))


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of these cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.id
    return mask


def ids_of_mask(mask: int) -> Iterator[int]:
    """The card ids in a mask, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of_mask(mask: int) -> list[Card]:
    """The cards in a bitmask, in id order."""
    by_id = Card._by_id
    return [by_id[i] for i in ids_of_mask(mask)]


def sort_cards(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """Cards sorted for display: by suit, low to high; with ``trump``, trumps last and
    the bowers and joker ranked among them."""
    if trump is None:
        return sorted(cards, key=lambda c: c.id)
    key = _DISPLAY_KEY[trump]
    return sorted(cards, key=lambda c: key[c.id])


# --- card order under trump (R3) -------------------------------------------------

# EFF_SUIT[trump][card] -> the suit the card belongs to when ``trump`` is trump.
EFF_SUIT: list[list[int]] = []
# SUIT_MASK[trump][suit] -> bitmask of every card (of any deck) whose effective suit is suit.
SUIT_MASK: list[list[int]] = []
# TRUMP_POWER[trump][card] -> 0 for a non-trump, else 1.. (higher wins) for trumps.
TRUMP_POWER: list[list[int]] = []
# PLAIN_POWER[card] -> rank order of a card within its printed suit (higher wins).
PLAIN_POWER: list[int] = [(i & 7) + 1 for i in range(32)] + [0]
_DISPLAY_KEY: list[list[int]] = []

# Trump order, high to low, as ranks: right bower, left bower, A, K, Q, T, 9, 8, 7.
_TRUMP_RANKS_LOW_TO_HIGH = [Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.QUEEN, Rank.KING,
                            Rank.ACE]

for _t in range(4):
    eff = [i >> 3 for i in range(32)] + [_t]
    left = 8 * _PARTNER[_t] + Rank.JACK
    eff[left] = _t
    EFF_SUIT.append(eff)
    SUIT_MASK.append([sum(1 << i for i in range(33) if eff[i] == s) for s in range(4)])
    power = [0] * 33
    for _n, _r in enumerate(_TRUMP_RANKS_LOW_TO_HIGH):
        power[8 * _t + _r] = _n + 1
    power[left] = 8
    power[8 * _t + Rank.JACK] = 9
    power[JOKER_ID] = 10
    TRUMP_POWER.append(power)
    _DISPLAY_KEY.append([
        (100 + power[i]) if eff[i] == _t else (eff[i] * 10 + PLAIN_POWER[i]) for i in range(33)
    ])


def effective_suit(card: Card, trump: Suit) -> Suit:
    """The suit a card belongs to under ``trump`` (R3): the left bower and the joker are
    trumps."""
    return Suit(EFF_SUIT[trump][card.id])


def trump_order(trump: Suit, size: int = 24) -> list[Card]:
    """The trumps of the deck of ``size`` cards, highest first (R3).

    >>> [str(c) for c in trump_order(Suit.HEARTS)]
    ['JH', 'JD', 'AH', 'KH', 'QH', 'TH', '9H']
    """
    return [Card.from_id(i) for i in trump_order_ids(trump, size)]


_TRUMP_ORDER: dict[tuple[int, int], tuple[int, ...]] = {}


def trump_order_ids(trump: int, size: int) -> tuple[int, ...]:
    """:func:`trump_order` as card ids (the joker, the right bower, the left bower, the
    ace, ...), kept once worked out for a trump and a deck (the bots ask it often)."""
    key = (trump, size)
    order = _TRUMP_ORDER.get(key)
    if order is None:
        mask = SUIT_MASK[trump][trump] & deck_mask(size)
        power = TRUMP_POWER[trump]
        order = tuple(sorted((i for i in range(NUM_CARD_IDS) if mask >> i & 1),
                             key=lambda i: -power[i]))
        _TRUMP_ORDER[key] = order
    return order


def trick_power(card: int, trump: int, led: int) -> int:
    """How high the card of id ``card`` stands in a trick whose led suit is ``led``
    (under ``trump``): any trump above any card of the suit led, those by rank, and a
    card of neither suit at 0, which cannot win (R3, R17). The highest takes the trick.

    >>> [trick_power(Card.parse(c).id, Suit.HEARTS, Suit.CLUBS) for c in ("9H", "AC", "AS")]
    [103, 8, 0]
    """
    power = TRUMP_POWER[trump][card]
    if power:
        return 100 + power
    return PLAIN_POWER[card] if EFF_SUIT[trump][card] == led else 0


def bower_name(card: Card, trump: int | None) -> str | None:
    """What ``card`` is under ``trump`` where its face does not say it (R3): "the joker"
    (with or without a trump), "the right bower" (the jack of trump) or "the left bower"
    (the other jack of its colour, a trump); ``None`` for any other card.

    >>> [bower_name(Card.parse(c), Suit.HEARTS) for c in ("JH", "JD", "JO", "JC", "AH")]
    ['the right bower', 'the left bower', 'the joker', None, None]
    >>> bower_name(Card.parse("JD"), None), bower_name(Card.parse("JO"), None)
    (None, 'the joker')
    """
    if card.is_joker:
        return "the joker"
    if trump is None or card.rank is not Rank.JACK:
        return None
    if card.suit == trump:
        return "the right bower"
    return "the left bower" if EFF_SUIT[trump][card.id] == trump else None


def card_strength(card: int, trump: int | None) -> int:
    """How high the card of id ``card`` stands whatever is led: any trump above any other
    card, then by rank (by rank alone while there is no trump). The order a player keeps
    or throws away cards by.

    >>> [card_strength(Card.parse(c).id, Suit.HEARTS) for c in ("9H", "AC", "AS")]
    [103, 8, 8]
    """
    if trump is not None:
        power = TRUMP_POWER[trump][card]
        if power:
            return 100 + power
    return PLAIN_POWER[card]
