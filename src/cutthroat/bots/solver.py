"""The exact play-phase solver: optimal trick play with every hand face up.

Once trump is fixed and play has begun (:attr:`Phase.PLAY <cutthroat.phases.Phase.PLAY>`),
the rest of the hand is a two-sided game of perfect information when every hand is
known: the maker against the defenders, who play as one side (R11; with a lone defender,
R13, only two seats play). :func:`solve` gives the number of tricks the maker ends the
hand with when both sides play perfectly ("double dummy"); :func:`evaluate_moves` gives
that number after each legal card of the seat to act; :func:`best_move` picks a card.

The value is the maker's *trick count*. Given who went alone, every score of R19–R21 is
a monotone function of it (more maker tricks never give the maker fewer points, nor a
defender more; with a lone defender his tricks are the rest), so play that is optimal for
tricks is optimal for points too.

>>> import random
>>> from cutthroat import Hand
>>> hand = Hand.deal(seed=7)
>>> while hand.phase.name != "PLAY":
...     hand.apply_id(hand.legal_action_ids()[-1])
>>> solve(hand) in range(6)
True
>>> moves = evaluate_moves(hand)
>>> sorted(moves) == sorted(hand.legal_action_ids())
True
>>> pick = max if hand.to_act == hand.maker else min
>>> pick(moves.values()) == solve(hand)
True

Search code that samples hidden hands calls :func:`solve_masks` / :func:`evaluate_masks`
with plain card masks instead of building a :class:`~cutthroat.state.Hand`.

How it works: a boolean alpha-beta search answers "can the maker take at least *n* of
the remaining tricks?"; a binary search over *n* gives the value. A transposition table,
private to each call, holds lower and upper bounds of the maker's remaining tricks at
trick boundaries, keyed on the hands and the leader. Cards are renumbered per trump so
that, within each effective suit, a higher bit is a higher card and trump lies above every
other suit; then the winner of a trick is the highest bit among the led suit and trump,
and cards of one hand with no live card of another seat between them (equivalent cards)
are found with one addition and tried once. Moves are ordered: the leader's high cards
first, a follower's cheapest winning card first unless his side is winning already, then
low cards. The top trumps held by one seat are sure tricks, which bound the value before
any search, and the last two tricks are played out by plain loops.

On one core, a whole hand (five tricks, three seats) takes about 0.13 ms and 100 nodes at
the median, and under 2 ms at worst, over the random positions of ``bench/solver.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import JOKER_ID
from ..state import Hand, Phase
from .solver_search import TABLES, make_search

__all__ = [
    "SolverError",
    "best_move",
    "evaluate_masks",
    "evaluate_moves",
    "solve",
    "solve_masks",
    "solve_with_nodes",
]


class SolverError(ValueError):
    """The position cannot be solved: the hand is not in trick play, or masks are
    inconsistent (wrong card counts, shared cards, a card of the wrong seat)."""


class _Position:
    """A play-phase position in the solver's numbering, with its search functions."""

    __slots__ = ("h", "lead", "leader", "left", "maker", "n_active", "nxt", "play", "seat",
                 "stats", "tables", "trick", "won")

    def __init__(
        self, hands: Sequence[int], trump: int, leader: int, trick: Sequence[int],
        maker: int, maker_tricks: int, sitting_out: int | None,
    ) -> None:
        if type(trump) is not int or not 0 <= trump <= 3:
            raise SolverError(f"trump must be a suit 0-3, not {trump!r}")
        if len(hands) != 3:
            raise SolverError(f"give the three seats' hands, not {len(hands)}")
        out = -1 if sitting_out is None else sitting_out
        active = [s for s in range(3) if s != out]
        if len(active) != 3 - (sitting_out is not None):
            raise SolverError(f"sitting_out must be a seat 0-2 or None, not {sitting_out!r}")
        if maker not in active or leader not in active:
            raise SolverError("the maker and the leader must be seats 0-2 that play")
        n_active = len(active)
        nxt = [-1, -1, -1]
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % n_active]
        if len(trick) >= n_active:
            raise SolverError("a trick in progress holds fewer cards than there are players")
        # How many tricks are left: the leader has played to the trick in progress.
        left = hands[leader].bit_count() + (1 if trick else 0)
        if not 1 <= left <= 5 or not 0 <= maker_tricks <= 5 - left:
            raise SolverError(f"{left} tricks left and {maker_tricks} won make no hand")
        seen = 0
        seat = leader
        for c in trick:
            if type(c) is not int or not 0 <= c <= JOKER_ID or seen >> c & 1:
                raise SolverError(f"not a card on the table: {c!r}")
            seen |= 1 << c
            seat = nxt[seat]
        to_act = seat
        played = set()
        seat = leader
        for _ in trick:
            played.add(seat)
            seat = nxt[seat]
        for s in active:
            m = hands[s]
            if m < 0 or m >> (JOKER_ID + 1):
                raise SolverError(f"seat {s}'s mask holds no card id: {m!r}")
            if m & seen:
                raise SolverError(f"seat {s} holds a card that is elsewhere")
            seen |= m
            if m.bit_count() != left - (s in played):
                raise SolverError(f"seat {s} holds {m.bit_count()} of the "
                                  f"{left - (s in played)} cards it should hold with "
                                  f"{left} tricks left")
        tables = TABLES[trump]
        self.tables = tables
        self.maker = maker
        self.won = maker_tricks
        self.n_active = n_active
        self.nxt = nxt
        self.h = [tables.to_solver(m) if s != out else 0 for s, m in enumerate(hands)]
        self.leader = leader
        self.trick = [tables.bit[c] for c in trick]
        self.seat = to_act
        self.left = left
        self.stats = [0]
        self.lead, self.play = make_search(tables, maker, nxt, n_active, self.h, {}, self.stats)

    def at_least(self, need: int, trick: list[int], left: int) -> bool:
        """Whether the maker takes ``need`` of the ``left`` remaining tricks, from the
        trick in progress ``trick`` (led by :attr:`leader`) or, if it is empty, from a
        lead by :attr:`leader`."""
        if not trick:
            return self.lead(self.leader, need, left)
        tables = self.tables
        led = tables.suit[trick[0]]
        ok = led | tables.trumps
        wb = trick[0]
        ws = seat = self.leader
        table = 0
        for b in trick:
            table |= b
            if b & ok and b > wb:
                wb = b
                ws = seat
            seat = self.nxt[seat]
        return self.play(seat, self.n_active - len(trick) - 1, ok, led, wb, ws, table,
                         need, left)

    def remaining(self, trick: list[int], left: int) -> int:
        """The maker's tricks among the ``left`` remaining ones under optimal play (a
        binary search over boolean searches that share the transposition table)."""
        lo, hi = 0, left
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.at_least(mid, trick, left):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def value(self) -> int:
        """The maker's final trick count."""
        return self.won + self.remaining(self.trick, self.left)

    def move_values(self) -> dict[int, int]:
        """The maker's final trick count after each legal card of the seat to act.

        Equivalent cards (no live card of another seat between them) share a value: only
        the lowest of each group is searched."""
        tables = self.tables
        h = self.h
        hand = h[self.seat]
        trick = self.trick
        legal = (hand & tables.suit[trick[0]] if trick else 0) or hand
        table = 0
        for b in trick:
            table |= b
        transparent = tables.cards ^ (h[0] | h[1] | h[2] | table)
        reps = legal & ~(((hand << 1) + transparent) & hand)
        values: dict[int, int] = {}
        value = 0
        x = legal
        while x:  # ascending: each card follows the representative of its group
            b = x & -x
            x ^= b
            if b & reps:
                value = self._after(b)
            values[tables.card[b]] = value
        return values

    def _after(self, b: int) -> int:
        """The maker's final count after the seat to act plays ``b`` (then best play)."""
        h = self.h
        seat = self.seat
        h[seat] ^= b
        try:
            trick = [*self.trick, b]
            if len(trick) < self.n_active:
                return self.won + self.remaining(trick, self.left)
            ok = self.tables.suit[trick[0]] | self.tables.trumps
            wb = trick[0]
            ws = s = self.leader
            for c in trick:
                if c & ok and c > wb:
                    wb = c
                    ws = s
                s = self.nxt[s]
            won = self.won + (ws == self.maker)
            if self.left == 1:
                return won
            leader = self.leader
            self.leader = ws
            try:
                return won + self.remaining([], self.left - 1)
            finally:
                self.leader = leader
        finally:
            h[seat] ^= b


def _position_of(hand: Hand) -> _Position:
    """The solver's position for a hand in trick play (read through the public API)."""
    if hand.phase is not Phase.PLAY:
        raise SolverError(f"the hand is not in trick play (phase {hand.phase.name})")
    maker = hand.maker
    trump = hand.trump
    leader = hand.leader
    assert maker is not None and trump is not None and leader is not None
    return _Position(
        [hand.cards_mask(0), hand.cards_mask(1), hand.cards_mask(2)], int(trump), leader,
        [card.id for _, card in hand.current_trick], maker, hand.tricks_won[maker],
        hand.sitting_out,
    )


# --- the public API ----------------------------------------------------------------------


def solve_masks(
    hands: Sequence[int],
    trump: int,
    leader: int,
    trick: Sequence[int] = (),
    *,
    maker: int,
    maker_tricks: int = 0,
    sitting_out: int | None = None,
) -> int:
    """The maker's final trick count under optimal play, from plain masks.

    ``hands`` are the three seats' card-id masks (``1 << card.id``) of the cards they
    still hold (the mask of a seat sitting out is ignored); ``trump`` is the trump suit
    (0-3); ``leader`` the seat that leads, or led, the trick in progress; ``trick`` the
    card ids already played to it, in order; ``maker_tricks`` the tricks the maker has
    won; ``sitting_out`` the defender who sits out (R13), if any. The seat to act and the
    number of tricks left follow from these. Raises :class:`SolverError` if the masks do
    not make a position of trick play.

    >>> from cutthroat.cards import Card, mask_of, parse_cards
    >>> hands = [mask_of(parse_cards(t)) for t in ("JH JD AH", "9C TC QC", "9S TS QS")]
    >>> solve_masks(hands, trump=2, leader=1, maker=0, maker_tricks=2)
    5
    """
    return _Position(hands, trump, leader, trick, maker, maker_tricks, sitting_out).value()


def evaluate_masks(
    hands: Sequence[int],
    trump: int,
    leader: int,
    trick: Sequence[int] = (),
    *,
    maker: int,
    maker_tricks: int = 0,
    sitting_out: int | None = None,
) -> dict[int, int]:
    """For each legal card id of the seat to act, the maker's final trick count after
    that card, then optimal play. Arguments as for :func:`solve_masks`.

    >>> from cutthroat.cards import Card, mask_of, parse_cards
    >>> hands = [mask_of(parse_cards(t)) for t in ("JH KC", "AH 9D", "9S TS")]
    >>> values = evaluate_masks(hands, trump=2, leader=0, maker=0, maker_tricks=1)
    >>> {str(Card.from_id(c)): v for c, v in values.items()}
    {'KC': 2, 'JH': 3}
    """
    pos = _Position(hands, trump, leader, trick, maker, maker_tricks, sitting_out)
    return pos.move_values()


def solve(hand: Hand) -> int:
    """The maker's final trick count (tricks already won included) when both sides play
    perfectly from here with every card known. The hand must be in trick play
    (:class:`SolverError` otherwise); it is not changed."""
    return _position_of(hand).value()


def solve_with_nodes(hand: Hand) -> tuple[int, int]:
    """:func:`solve`'s value and the number of search nodes visited (for benchmarks)."""
    pos = _position_of(hand)
    return pos.value(), pos.stats[0]


def evaluate_moves(hand: Hand) -> dict[int, int]:
    """For each legal card id of the seat to act, the maker's final trick count after
    playing it, then optimal play. The hand is not changed."""
    return _position_of(hand).move_values()


def best_move(hand: Hand) -> int:
    """An optimal card id for the seat to act: most maker tricks for the maker, fewest for
    a defender; among equals, the lowest card id."""
    values = evaluate_moves(hand)
    if hand.to_act == hand.maker:
        return min(values, key=lambda c: (-values[c], c))
    return min(values, key=lambda c: (values[c], c))
