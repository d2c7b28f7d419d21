"""The moves before trick play, as they change a hand: the bids of both rounds, the
dealer's pick-up and discard, the blind trump of a turned-up joker, the maker's dummy or
alone and keep, the defenders' choice, and who leads the first trick (R6–R13, R15).

:class:`BeforePlay` is a base of :class:`~cutthroat.state.Hand`, which checks each move
(:meth:`~cutthroat.state.Hand.apply_id`) and keeps it for undo before calling
:meth:`BeforePlay._decide`; the read-only side is :mod:`cutthroat.hand_queries`.
"""

from __future__ import annotations

from . import actions as A
from .hand_queries import HandQueries
from .phases import (
    P_BID1,
    P_BID2,
    P_DEFENDER,
    P_DISCARD,
    P_KEEP,
    P_MAKER,
    P_PICKUP,
    P_PLAY,
    P_THROWN,
)
from .scoring import HandResult

__all__ = ["BeforePlay"]


class BeforePlay(HandQueries):
    """The state changes of the decisions before play (a base of
    :class:`~cutthroat.state.Hand`; the move is already checked as legal). The slots of
    the whole hand's state are declared here, the first class that changes them."""

    __slots__ = (
        "_buried",
        "_dealer",
        "_dealer_discard",
        "_dealt",
        "_def_alone",
        "_def_decided",
        "_done",
        "_dummy",
        "_dummy_taken",
        "_hands",
        "_kitty",
        "_leader",
        "_maker",
        "_maker_alone",
        "_moves",
        "_n_active",
        "_order",
        "_out",
        "_passes",
        "_phase",
        "_result",
        "_rules",
        "_sealed",
        "_trick",
        "_trick_seats",
        "_tricks",
        "_trump",
        "_turn",
        "_undo",
        "_up",
        "_up_taken",
    )
    _passes: int
    _def_decided: int
    _n_active: int

    def _decide(self, a: int, arg: int) -> None:
        """Action id ``a`` (``arg``: the cards kept, for a keep) taken by the seat to act
        in a phase before play: the hand moves on to the next decision, or to play."""
        ph = self._phase
        seat = self._turn
        if ph == P_BID1:
            if a == A.PASS:
                self._passes += 1
                if self._passes == 3:
                    self._phase = P_BID2
                    self._passes = 0
                self._turn = (seat + 1) % 3
                return
            self._maker = seat
            self._trump = self._up >> 3
            if seat == self._dealer or self._rules.dealer_must_pick_up:
                self._take_upcard()
            else:
                self._phase = P_PICKUP
                self._turn = self._dealer
        elif ph == P_BID2:
            if a == A.PASS:
                self._passes += 1
                if self._passes == 3:
                    self._phase = P_THROWN
                    self._result = HandResult(dealer=self._dealer, thrown_in=True)
                else:
                    self._turn = (seat + 1) % 3
                return
            self._maker = seat
            self._trump = a - A.CALL
            self._trump_fixed()
        elif ph == P_PICKUP:
            if a == A.PICKUP:
                self._take_upcard()
            else:
                self._trump_fixed()
        elif ph == P_DISCARD:
            card = a - A.DISCARD
            self._hands[seat] ^= 1 << card
            self._kitty |= 1 << card
            self._dealer_discard = card
            self._trump_fixed()
        elif ph == P_MAKER:
            if a == A.DUMMY:
                self._hands[seat] |= self._dummy
                self._dummy_taken = True
                self._phase = P_KEEP
            else:
                self._maker_alone = True
                self._defenders()
        elif ph == P_KEEP:
            self._buried = self._hands[seat] & ~arg
            self._hands[seat] = arg
            self._defenders()
        elif ph == P_DEFENDER:
            if a == A.ALONE:
                self._def_alone = seat
                self._out = 3 - self._maker - seat
                self._n_active = 2
                self._start_play()
            else:
                self._def_decided += 1
                if self._def_decided == 2:
                    self._start_play()
                else:
                    self._turn = (seat + 1) % 3
        else:  # P_JOKER
            self._maker = seat
            self._trump = a - A.TRUMP
            self._take_upcard()

    def _take_upcard(self) -> None:
        bit = 1 << self._up
        self._hands[self._dealer] |= bit
        self._kitty ^= bit
        self._up_taken = True
        self._phase = P_DISCARD
        self._turn = self._dealer

    def _trump_fixed(self) -> None:
        if self._rules.dummy:
            self._phase = P_MAKER
            self._turn = self._maker
        else:
            self._defenders()

    def _defenders(self) -> None:
        self._phase = P_DEFENDER
        self._turn = (self._maker + 1) % 3

    def _start_play(self) -> None:
        if self._maker_alone:
            start = self._maker
        elif self._def_alone >= 0:
            start = self._def_alone
        else:
            start = self._dealer
        first = (start + 1) % 3
        if first == self._out:
            first = (first + 1) % 3
        self._phase = P_PLAY
        self._leader = self._turn = first
