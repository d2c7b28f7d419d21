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

from collections.abc import Callable, Sequence

from ..cards import JOKER_ID, PLAIN_POWER, TRUMP_POWER
from ..state import Hand, Phase

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


# --- the renumbering of cards per trump ------------------------------------------------

_STRIDE = 11
"""Bits per effective suit in the solver's numbering: up to 10 cards and one empty bit,
so that an addition never carries from one suit into the next."""


class _Tables:
    """The renumbering of cards for one trump suit (see the module docstring)."""

    __slots__ = ("bit", "byte", "card", "cards", "plain", "suit", "trumps")

    def __init__(self, trump: int) -> None:
        power = TRUMP_POWER[trump]
        plain_blocks = [s for s in range(4) if s != trump]
        bits = []
        for cid in range(33):
            if power[cid]:
                pos = 3 * _STRIDE + power[cid] - 1
            else:
                pos = _STRIDE * plain_blocks.index(cid >> 3) + PLAIN_POWER[cid] - 1
            bits.append(1 << pos)
        self.bit: tuple[int, ...] = tuple(bits)
        """Card id -> the card's bit in the solver's numbering."""
        self.card: dict[int, int] = {b: cid for cid, b in enumerate(bits)}
        """The solver's bit -> card id."""
        block = (1 << (_STRIDE - 1)) - 1
        self.suit: dict[int, int] = {
            b: block << (_STRIDE * ((b.bit_length() - 1) // _STRIDE)) for b in bits
        }
        """The solver's bit -> the mask of its effective suit."""
        self.trumps: int = block << (3 * _STRIDE)
        """The mask of the trump suit."""
        self.plain: tuple[int, ...] = tuple(block << (_STRIDE * i) for i in range(3))
        """The masks of the three other suits."""
        self.cards: int = sum(bits)
        """Every card's bit (no padding bit)."""
        self.byte: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                sum(bits[8 * k + i] for i in range(8) if v >> i & 1) for v in range(256)
            )
            for k in range(4)
        )
        """``byte[k][v]``: the solver's mask of the card-id mask ``v << 8 * k``."""

    def to_solver(self, mask: int) -> int:
        """A card-id mask in the solver's numbering."""
        byte = self.byte
        out = (byte[0][mask & 255] | byte[1][mask >> 8 & 255] | byte[2][mask >> 16 & 255]
               | byte[3][mask >> 24 & 255])
        if mask >> JOKER_ID & 1:
            out |= self.bit[JOKER_ID]
        return out


_TABLES = tuple(_Tables(t) for t in range(4))


# --- the search --------------------------------------------------------------------------

_Lead = Callable[[int, int, int], bool]
_Play = Callable[[int, int, int, int, int, int, int, int, int], bool]


def _make_search(
    tables: _Tables, maker: int, nxt: Sequence[int], n_active: int, h: list[int],
    tt: dict[tuple[int, int, int, int], tuple[int, int]], stats: list[int],
) -> tuple[_Lead, _Play]:
    """The two mutually recursive search functions over the hands ``h`` (mutated during
    the search and restored after): ``lead(leader, need, left)`` at a trick boundary and
    ``play(seat, k, ok, led, wb, ws, table, need, left)`` inside a trick, where ``k``
    cards follow this one in the trick, ``led`` is the led suit's mask, ``ok`` that of the
    led suit and trump, ``wb``/``ws`` the winning card and its seat so far, ``table`` the
    cards on the table. Both return whether the maker can take ``need`` of the ``left``
    remaining tricks (the current one included)."""
    suit_of = tables.suit
    trumps = tables.trumps
    all_cards = tables.cards
    plain = tables.plain
    after_lead = n_active - 2

    def lead(leader: int, need: int, left: int) -> bool:
        if need <= 0:
            return True
        if need > left:
            return False
        stats[0] += 1
        if left == 1:
            b = h[leader]
            ok = suit_of[b] | trumps
            wb = b
            ws = leader
            s = nxt[leader]
            c = h[s]
            if c & ok and c > wb:
                wb = c
                ws = s
            if n_active == 3:
                s = nxt[s]
                c = h[s]
                if c & ok and c > wb:
                    ws = s
            return ws == maker
        if left == 2:
            return two(leader, need)
        h0 = h[0]
        h1 = h[1]
        h2 = h[2]
        live = h0 | h1 | h2
        hand = h[leader]
        others = live ^ hand
        t = live & trumps
        if not others & trumps:
            # Sure tricks: nobody else can ruff, so the leader cashes his trumps and his
            # cards above every other live card of their suit, one after another.
            n = (hand & trumps).bit_count()
            for suit in plain:
                o = others & suit
                n += (hand & suit & ~((1 << o.bit_length()) - 1)).bit_count()
            if leader == maker:
                if n >= need:
                    return True
            elif need > left - n:
                return False
        elif t:
            # Sure tricks: each of the top trumps held by one seat wins where it falls.
            top = 1 << (t.bit_length() - 1)
            owner = h[maker]
            if not top & owner:
                owner = h0 if top & h0 else h1 if top & h1 else h2
            n = 0
            while top & owner:
                n += 1
                t ^= top
                if not t:
                    break
                top = 1 << (t.bit_length() - 1)
            if owner == h[maker]:
                if n >= need:
                    return True
            elif need > left - n:
                return False
        key = (h0, h1, h2, leader)
        entry = tt.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= need:
                return True
            if hi < need:
                return False
        else:
            lo = 0
            hi = left
        # Equivalent cards: (hand << 1) + z carries each card of ``hand`` up through the
        # dead cards z to the next live card (or the empty bit above the suit); a card of
        # ``hand`` reached that way has an equivalent below it. The lowest of each group
        # stays.
        z = all_cards ^ live
        x = hand & ~(((hand << 1) + z) & hand)
        maximise = leader == maker
        s2 = nxt[leader]
        result = not maximise
        while x:
            b = 1 << (x.bit_length() - 1)
            x ^= b
            led = suit_of[b]
            h[leader] = hand ^ b
            r = play(s2, after_lead, led | trumps, led, b, leader, b, need, left)
            if r is maximise:
                result = r
                break
        h[leader] = hand
        if result:
            tt[key] = (need, hi)
        else:
            tt[key] = (lo, need - 1)
        return result

    def two3(leader: int, need: int) -> bool:
        """The last two tricks, three seats playing, by nested loops."""
        p1 = nxt[leader]
        p2 = nxt[p1]
        h0 = h[leader]
        h1 = h[p1]
        h2 = h[p2]
        m0 = leader == maker
        m1 = p1 == maker
        m2 = p2 == maker
        r0 = not m0
        x0 = h0
        while x0:
            a = x0 & -x0
            x0 ^= a
            led = suit_of[a]
            ok = led | trumps
            a2 = h0 ^ a
            r1 = not m1
            x1 = h1 & led or h1
            while x1:
                b = x1 & -x1
                x1 ^= b
                b2 = h1 ^ b
                if b & ok and b > a:
                    wb = b
                    ws = p1
                else:
                    wb = a
                    ws = leader
                r2 = not m2
                x2 = h2 & led or h2
                while x2:
                    c = x2 & -x2
                    x2 ^= c
                    c2 = h2 ^ c
                    if c & ok and c > wb:
                        w = p2
                        f = c2
                    elif ws == leader:
                        w = leader
                        f = a2
                    else:
                        w = p1
                        f = b2
                    won = w == maker
                    if won and need == 1:
                        v = True
                    elif not won and need == 2:
                        v = False
                    else:
                        ok2 = suit_of[f] | trumps
                        best = f
                        if a2 & ok2 and a2 > best:
                            best = a2
                        if b2 & ok2 and b2 > best:
                            best = b2
                        if c2 & ok2 and c2 > best:
                            best = c2
                        v = best == (a2 if m0 else b2 if m1 else c2)
                    if v is m2:
                        r2 = v
                        break
                if r2 is m1:
                    r1 = r2
                    break
            if r1 is m0:
                r0 = r1
                break
        return r0

    def two2(leader: int, need: int) -> bool:
        """The last two tricks, two seats playing, by nested loops."""
        p1 = nxt[leader]
        h0 = h[leader]
        h1 = h[p1]
        m0 = leader == maker
        m1 = not m0
        r0 = not m0
        x0 = h0
        while x0:
            a = x0 & -x0
            x0 ^= a
            led = suit_of[a]
            ok = led | trumps
            a2 = h0 ^ a
            r1 = not m1
            x1 = h1 & led or h1
            while x1:
                b = x1 & -x1
                x1 ^= b
                b2 = h1 ^ b
                if b & ok and b > a:
                    w = p1
                    f = b2
                else:
                    w = leader
                    f = a2
                won = w == maker
                if won and need == 1:
                    v = True
                elif not won and need == 2:
                    v = False
                else:
                    g = a2 if f == b2 else b2
                    best = g if g & (suit_of[f] | trumps) and g > f else f
                    v = best == (a2 if m0 else b2)
                if v is m1:
                    r1 = v
                    break
            if r1 is m0:
                r0 = r1
                break
        return r0

    two = two3 if n_active == 3 else two2

    def play(seat: int, k: int, ok: int, led: int, wb: int, ws: int, table: int,
             need: int, left: int) -> bool:
        stats[0] += 1
        hand = h[seat]
        x = hand & led or hand
        z = all_cards ^ (h[0] | h[1] | h[2] | table)
        x &= ~(((hand << 1) + z) & hand)
        maximise = seat == maker
        if (ws == maker) is maximise:
            parts: tuple[int, ...] = (x,)
        else:
            beat = x & ok & ~((wb << 1) - 1)
            parts = (beat, x ^ beat) if beat else (x,)
        if k:
            s2 = nxt[seat]
            k -= 1
            for x in parts:
                while x:
                    b = x & -x
                    x ^= b
                    h[seat] = hand ^ b
                    if b & ok and b > wb:
                        r = play(s2, k, ok, led, b, seat, table | b, need, left)
                    else:
                        r = play(s2, k, ok, led, wb, ws, table | b, need, left)
                    if r is maximise:
                        h[seat] = hand
                        return r
        else:
            left -= 1
            for x in parts:
                while x:
                    b = x & -x
                    x ^= b
                    h[seat] = hand ^ b
                    w = seat if b & ok and b > wb else ws
                    if w == maker:
                        r = need <= 1 or (need <= left + 1 and lead(w, need - 1, left))
                    else:
                        r = need <= left and lead(w, need, left)
                    if r is maximise:
                        h[seat] = hand
                        return r
        h[seat] = hand
        return not maximise

    return lead, play


# --- positions -----------------------------------------------------------------------------


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
        tables = _TABLES[trump]
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
        self.lead, self.play = _make_search(tables, maker, nxt, n_active, self.h, {}, self.stats)

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
