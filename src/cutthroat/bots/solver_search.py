"""The search of :mod:`cutthroat.bots.solver`: the renumbering of cards per trump
(:class:`Tables`) and the two mutually recursive functions of the boolean alpha-beta
search over the hands (:func:`make_search`). The solver's module docstring says how it
works; :func:`~cutthroat.bots.solver.solve` and the others are the way in."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import JOKER_ID, PLAIN_POWER, TRUMP_POWER

__all__ = ["STRIDE", "TABLES", "Lead", "Play", "Tables", "make_search"]


# --- the renumbering of cards per trump ------------------------------------------------

STRIDE = 11
"""Bits per effective suit in the solver's numbering: up to 10 cards and one empty bit,
so that an addition never carries from one suit into the next."""


class Tables:
    """The renumbering of cards for one trump suit (see :mod:`cutthroat.bots.solver`, "How it
    works")."""

    __slots__ = ("bit", "byte", "card", "cards", "plain", "suit", "trumps")

    def __init__(self, trump: int) -> None:
        power = TRUMP_POWER[trump]
        plain_blocks = [s for s in range(4) if s != trump]
        bits = []
        for cid in range(33):
            if power[cid]:
                pos = 3 * STRIDE + power[cid] - 1
            else:
                pos = STRIDE * plain_blocks.index(cid >> 3) + PLAIN_POWER[cid] - 1
            bits.append(1 << pos)
        self.bit: tuple[int, ...] = tuple(bits)
        """Card id -> the card's bit in the solver's numbering."""
        self.card: dict[int, int] = {b: cid for cid, b in enumerate(bits)}
        """The solver's bit -> card id."""
        block = (1 << (STRIDE - 1)) - 1
        self.suit: dict[int, int] = {
            b: block << (STRIDE * ((b.bit_length() - 1) // STRIDE)) for b in bits
        }
        """The solver's bit -> the mask of its effective suit."""
        self.trumps: int = block << (3 * STRIDE)
        """The mask of the trump suit."""
        self.plain: tuple[int, ...] = tuple(block << (STRIDE * i) for i in range(3))
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


TABLES = tuple(Tables(t) for t in range(4))
"""The renumbering under each trump suit, by the suit's number."""


# --- the search --------------------------------------------------------------------------

Lead = Callable[[int, int, int], bool]
Play = Callable[[int, int, int, int, int, int, int, int, int], bool]


def make_search(
    tables: Tables, maker: int, nxt: Sequence[int], n_active: int, h: list[int],
    tt: dict[tuple[int, int, int, int], tuple[int, int]], stats: list[int],
) -> tuple[Lead, Play]:
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
