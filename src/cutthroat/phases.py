"""The stages of a hand (:class:`Phase`), their numbers as the engine keeps them
(``P_PLAY``...), and the engine's words for a move made in the wrong one.

>>> from cutthroat.phases import Phase, not_now
>>> Phase.PLAY
<Phase.PLAY: 8>
>>> not_now("keep", Phase.PLAY)
'keep is not possible now: it is trick play (play CARD)'
"""

from __future__ import annotations

import enum

__all__ = ["Phase", "not_now"]


class Phase(enum.IntEnum):
    """The stage a hand is in; the decisions of RULES.md ("The order of decisions")."""

    JOKER_TRUMP = 0
    """The joker was turned up: the dealer names trump blind (R6)."""
    BID_FIRST = 1
    """First bidding round: pass or order (R7)."""
    PICKUP = 2
    """The dealer takes the up-card or leaves it (R8)."""
    DISCARD = 3
    """The dealer discards after taking the up-card (R6, R8)."""
    BID_SECOND = 4
    """Second bidding round: pass or call a suit (R9, R10)."""
    MAKER_CHOICE = 5
    """The maker takes the dummy or goes alone (R12)."""
    KEEP = 6
    """The maker keeps five of his ten cards (R12)."""
    DEFENDER_CHOICE = 7
    """Each defender in turn may go alone (R13)."""
    PLAY = 8
    """Trick play (R15–R17)."""
    OVER = 9
    """The hand is played out and scored (R19–R21)."""
    THROWN_IN = 10
    """Everybody passed twice: no score (R10)."""

    def __str__(self) -> str:
        """The phase as a view's JSON names it, ``bid_first`` (an ``IntEnum`` would
        print its number).

        >>> print(Phase.BID_FIRST)
        bid_first
        >>> f"{Phase.PLAY}", int(Phase.PLAY), Phase.PLAY
        ('play', 8, <Phase.PLAY: 8>)
        """
        return self.name.lower()


P_JOKER, P_BID1, P_PICKUP, P_DISCARD, P_BID2, P_MAKER, P_KEEP, P_DEFENDER, P_PLAY, P_OVER, \
    P_THROWN = range(11)
PHASES = list(Phase)
"""Every phase, by its number: ``PHASES[hand._phase]``."""


PHASE_WORDS = {
    P_JOKER: "the joker is up and the dealer must name trump (trump SUIT)",
    P_BID1: "it is the first bidding round (pass or order)",
    P_PICKUP: "the dealer must take the up-card or leave it (pickup or leave)",
    P_DISCARD: "the dealer must discard a card (discard CARD)",
    P_BID2: "it is the second bidding round (pass or call SUIT)",
    P_MAKER: "the maker must take the dummy or go alone (dummy or alone)",
    P_KEEP: "the maker must keep five of their ten cards (keep C1 C2 C3 C4 C5)",
    P_DEFENDER: "the defenders are deciding whether to go alone (alone or pass)",
    P_PLAY: "it is trick play (play CARD)",
}


_WHEN = {
    "alone": (frozenset({P_JOKER, P_BID1, P_PICKUP, P_DISCARD, P_BID2}),
              "; going alone comes after the bidding and the dealer's pick-up: the "
              "maker's choice where a dummy is dealt, then the defenders'"),
    "pickup": (frozenset({P_BID1}),
               "; the up-card is the dealer's to take once it is ordered up, and he orders "
               "it up himself with order (I accept)"),
}
"""Where a four-handed player looks for a move in the wrong place (going alone as he
bids, the dealer's pick-up as his bid): when it comes, said after the reason."""


STUCK_WORDS = ("it is the second bidding round and the dealer is stuck: he must name "
               "trump (call SUIT)")
"""What :data:`PHASE_WORDS` says of the second round when the one to act is a dealer who
may not pass (R10, stick the dealer)."""


def not_now(verb: str, phase: int, *, stuck: bool = False) -> str:
    """The engine's reason for refusing a move of ``verb`` in ``phase`` (a move of
    another stage): ``keep is not possible now: it is trick play (play CARD)``; for a
    move a four-handed player makes earlier (going alone as he bids), when it comes.
    ``stuck``: the one to act is a dealer who may not pass in the second round (R10), so
    pass is not offered among its moves.

    >>> print(not_now("keep", Phase.BID_SECOND, stuck=True))  # doctest: +NORMALIZE_WHITESPACE
    keep is not possible now: it is the second bidding round and the dealer is stuck: he
    must name trump (call SUIT)
    """
    phases, when = _WHEN.get(verb, (frozenset(), ""))
    words = STUCK_WORDS if stuck and phase == P_BID2 else PHASE_WORDS[phase]
    return f"{verb} is not possible now: {words}{when if phase in phases else ''}"
