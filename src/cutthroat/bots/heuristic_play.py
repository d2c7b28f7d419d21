"""Card play for the ``intermediate`` bot: what it tracks and how it leads and follows.

:class:`Table` reads a :class:`~cutthroat.views.View` once per decision and keeps what
a careful player remembers: the cards played, the suits each seat has shown void in
(it did not follow), where the up-card is (with the dealer once he took it, unless he
has shown void in its suit), the maker's own buried cards, and from those the cards
that may still be in another active hand ("live" cards).

The play itself (:func:`decide_play`):

* The maker leads his best trump to draw the defenders' trumps when he holds the top
  trump and two or more trumps, cashes side aces and other top cards that are not
  likely to be ruffed, ruffs when he cannot follow, and otherwise loses his cheapest
  card (from the shortest side suit, to make a void for a later ruff). Counting the
  trumps and cards still live is what "playing to the count" means here.
* A defender treats the maker as the only opponent and the other defender as a partner
  for this hand: he does not overtake a partner's trick that is safe (he plays low and
  discards from a suit he does not want led), covers it only when the maker could
  still beat it; leads top side cards first, then a suit the partner has shown void in
  (for a ruff), leads trump only with the top trump and a second one, and otherwise
  leads low through the maker in a suit the partner has not discarded from (a discard
  says "not this suit").
* The score-aware exception: a defender whose partner would win the game on a euchre
  (while the maker's making it would not end the game for anyone) stops helping once
  the maker is held below a march: it then plays to lose tricks, so the maker makes
  his one point rather than the partner taking the game. Likewise it always tries for
  the one trick that stops a march when a march would hurt it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from ..actions import Action
from ..cards import (
    EFF_SUIT,
    PLAIN_POWER,
    SUIT_MASK,
    TRUMP_POWER,
    Card,
    Rank,
    card_strength,
    deck_mask,
    mask_of,
    trick_power,
)
from ..rules import Rules
from ..scoring import winners_after
from ..state import Hand
from ..views import View
from .heuristic_bidding import win_chance

__all__ = ["PlayFacts", "Table", "decide_play", "decide_play_in", "defender_wants_tricks",
           "prefers_maker"]

Decision = tuple[Action, str]

# Risk thresholds (the chance an opponent still to play beats a card), tuned on
# simulated hands.
_PARTNER_SAFE = 0.3  # below this, a partner's winning card is left alone
_COVER_SAFE = 0.15  # a cover of the partner's card must be at least this safe
_WIN_SAFE = 0.3  # the cheapest winner at most this risky is played
_WIN_TRY = 0.6  # else the best winner is tried below this risk
_CASH_MAKER = 0.15  # the maker cashes a top side card when a ruff is this unlikely
_CASH_DEFENDER = 0.4  # the same for a defender
_CASH_LATE = 0.7  # the maker's last resort before losing a low card
_QUEEN = PLAIN_POWER[Rank.QUEEN]  # a side queen or king worth guarding


def _ids(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class PlayFacts(Protocol):
    """What the play decisions read besides the :class:`Table` (a :class:`View` has it)."""

    @property
    def scores(self) -> tuple[int, int, int] | None:
        """The game's scores before this hand, when known."""
        ...

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        ...

    @property
    def alone(self) -> tuple[int, ...]:
        """The seats playing alone."""
        ...

    @property
    def tricks_won(self) -> tuple[int, int, int]:
        """Tricks per seat so far."""
        ...


@dataclass
class Table:
    """What this seat knows during trick play (built by :meth:`from_view`)."""

    me: int
    trump: int
    maker: int
    partner: int | None
    opponents: tuple[int, ...]
    active: tuple[int, ...]
    hand: int
    live: int
    known: list[int]
    voids: list[int]
    left: list[int]
    trick: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, int, int]
    discarded: list[int] = field(default_factory=lambda: [0, 0, 0])

    @classmethod
    def from_view(cls, view: View) -> Table:
        """Read the view of a seat in the play phase."""
        assert view.trump is not None and view.maker is not None
        plays = [tuple((s, c.id) for s, c in t.plays) for t in view.tricks]
        current = tuple((s, c.id) for s, c in view.current_trick)
        if current:
            plays.append(current)
        return cls._read(view.seat, int(view.trump), view.maker, view.sitting_out,
                         mask_of(view.cards), plays, current, view.seen_mask(),
                         view.rules.deck, view.upcard.id, view.upcard_taken, view.dealer,
                         view.tricks_won)

    @classmethod
    def from_hand(cls, hand: Hand, seat: int) -> Table:
        """The table of ``seat`` read from the hand itself: equal to
        ``Table.from_view(hand.view(seat))``, without building the view (the expert's
        searches ask the model for a card thousands of times a decision)."""
        assert hand.trump is not None and hand.maker is not None
        maker = hand.maker
        mine = hand.cards_mask(seat)
        seen = mine | 1 << hand.upcard.id  # what the view's seen_mask() holds
        if seat == maker:
            seen |= mask_of(hand.buried)
        thrown = hand.dealer_discard
        if seat == hand.dealer and thrown is not None:
            seen |= 1 << thrown.id
        plays = hand.trick_ids()
        active = 3 if hand.sitting_out is None else 2
        current = plays[-1] if plays and len(plays[-1]) < active else ()
        return cls._read(seat, int(hand.trump), maker, hand.sitting_out, mine, plays,
                         current, seen, hand.rules.deck, hand.upcard.id, hand.upcard_taken,
                         hand.dealer, hand.tricks_won)

    @classmethod
    def _read(cls, me: int, trump: int, maker: int, out: int | None, mine: int,
              plays: Sequence[tuple[tuple[int, int], ...]], current: tuple[tuple[int, int], ...],
              seen: int, deck: int, up: int, taken: bool, dealer: int,
              tricks_won: tuple[int, int, int]) -> Table:
        """The table from what the seat knows: its cards (``mine``), the tricks'
        ``(seat, card id)`` plays (the one in progress, ``current``, last), the cards
        whose place it knows besides those played (``seen``), the up-card."""
        active = tuple(s for s in range(3) if s != out)
        if me == maker:
            partner = None
        else:
            other = 3 - me - maker
            partner = other if other in active else None
        opponents = tuple(s for s in active if s != me and s != partner)
        eff = EFF_SUIT[trump]
        voids = [0, 0, 0]
        discarded = [0, 0, 0]
        played = 0
        left = [5 if s in active else 0 for s in range(3)]
        for trick_plays in plays:
            led = eff[trick_plays[0][1]]
            for seat, card in trick_plays:
                played |= 1 << card
                left[seat] -= 1
                if eff[card] != led:
                    voids[seat] |= 1 << led
                    discarded[seat] |= 1 << eff[card]
        live = deck_mask(deck) & ~(seen | played)
        known = [0, 0, 0]
        if (taken and dealer != me and dealer in active
                and not played >> up & 1 and not voids[dealer] >> eff[up] & 1):
            known[dealer] = 1 << up
            live |= 1 << up
        return cls(me=me, trump=trump, maker=maker, partner=partner, opponents=opponents,
                   active=active, hand=mine, live=live, known=known, voids=voids, left=left,
                   trick=current, tricks_won=tricks_won, discarded=discarded)

    # --- card facts ---------------------------------------------------------------

    def is_trump(self, card: int) -> bool:
        """Whether the card is a trump (bowers and joker included)."""
        return EFF_SUIT[self.trump][card] == self.trump

    def suit(self, card: int) -> int:
        """The card's suit under trump."""
        return EFF_SUIT[self.trump][card]

    def power(self, card: int, led: int) -> int:
        """Trick-taking power of a card when ``led`` was led (0: cannot win)."""
        return trick_power(card, self.trump, led)

    def cost(self, card: int) -> int:
        """How much a card is worth keeping: trumps above side cards, by rank."""
        return card_strength(card, self.trump)

    def suit_mask(self, suit: int) -> int:
        """Every card of the deck whose suit under trump is ``suit``."""
        return SUIT_MASK[self.trump][suit]

    # --- what the others may hold -----------------------------------------------------

    def p_holds(self, seat: int, cards: int) -> float:
        """Chance that ``seat`` holds at least one of ``cards`` (a mask)."""
        if seat not in self.active or seat == self.me or not self.left[seat]:
            return 0.0
        if cards & self.known[seat]:
            return 1.0
        others_known = 0
        for s in range(3):
            if s != seat:
                others_known |= self.known[s]
        candidates = self.live & ~others_known & ~self.known[seat]
        for suit in range(4):
            if self.voids[seat] >> suit & 1:
                candidates &= ~self.suit_mask(suit)
        slots = self.left[seat] - self.known[seat].bit_count()
        n = candidates.bit_count()
        if slots <= 0 or not n:
            return 0.0
        p = min(1.0, slots / n)
        k = (cards & candidates).bit_count()
        return 1.0 - (1.0 - p) ** k

    def p_beats(self, seat: int, best: int, led: int) -> float:
        """Chance that ``seat``, still to play, beats the card ``best``."""
        if seat not in self.active or seat == self.me:
            return 0.0
        best_power = self.power(best, led)
        trumps = self.suit_mask(self.trump)
        higher_trumps = sum(1 << i for i in _ids(trumps & (self.live | self.known[seat]))
                            if 100 + TRUMP_POWER[self.trump][i] > best_power)
        if led == self.trump:
            return self.p_holds(seat, higher_trumps)
        led_cards = self.suit_mask(led) & (self.live | self.known[seat])
        if self.voids[seat] >> led & 1:
            p_void, p_follow = 1.0, 0.0
        else:
            p_void = 1.0 - self.p_holds(seat, led_cards)
            higher = 0
            if best_power < 100:
                higher = sum(1 << i for i in _ids(led_cards) if PLAIN_POWER[i] > best_power)
            p_follow = self.p_holds(seat, higher)
        p_ruff = p_void * self.p_holds(seat, higher_trumps)
        return 1.0 - (1.0 - p_follow) * (1.0 - p_ruff)

    def is_boss(self, card: int) -> bool:
        """Whether no live card of its suit beats it."""
        suit = self.suit(card)
        others = self.live & self.suit_mask(suit)
        if suit == self.trump:
            power = TRUMP_POWER[self.trump]
            return all(power[i] < power[card] for i in _ids(others))
        return all(PLAIN_POWER[i] < PLAIN_POWER[card] for i in _ids(others))

    def after_me(self) -> list[int]:
        """Active seats still to play to the current trick after this seat."""
        played = {s for s, _ in self.trick}
        seats = []
        s = (self.me + 1) % 3
        while s != self.me:
            if s in self.active and s not in played:
                seats.append(s)
            s = (s + 1) % 3
        return seats

    def winner(self) -> tuple[int, int]:
        """(seat, card) winning the current trick so far."""
        led = self.suit(self.trick[0][1])
        return max(self.trick, key=lambda sc: self.power(sc[1], led))


# --- the score-aware defence -----------------------------------------------------------


def defender_wants_tricks(view: PlayFacts, table: Table) -> bool:
    """Whether this defender plays to win tricks now.

    Always, unless a euchre (2 points to each defender) is worth less to this seat, by
    :func:`~cutthroat.bots.heuristic_bidding.win_chance`, than the maker's making it:
    typically when the euchre takes the partner to the target (or much closer to it
    than this seat) while the maker's point ends nothing. Then it only plays for the
    one trick that stops a march (when a march would hurt it too)."""
    if table.partner is None or view.scores is None:
        return True
    rules = view.rules
    scores = view.scores
    me = table.me
    if not prefers_maker(scores, rules, me, table.maker):
        return True
    made = _chance(scores, rules, me, {table.maker: 1})
    march = rules.lone_march_points if table.maker in view.alone else rules.march_points
    defender_tricks = sum(view.tricks_won[s] for s in range(3) if s != table.maker)
    return defender_tricks == 0 and _chance(scores, rules, me, {table.maker: march}) < made


def for_the_maker(view: PlayFacts, table: Table) -> str:
    """Why this defender lets the maker have his point (:func:`defender_wants_tricks`
    said no), in words that are true of the score: a euchre would give the partner the
    game, or take him (and this seat) to so many points that this seat's chance to win
    is better if the maker makes it."""
    assert view.scores is not None and table.partner is not None
    scores = view.scores
    euchre = [0 if seat == table.maker else 2 for seat in range(3)]  # R20
    if winners_after(view.rules, scores, euchre) == (table.partner,):  # R22 and its tie
        return "a euchre would hand the partner the game"
    return (f"a euchre would take the partner to {scores[table.partner] + 2} and you to "
            f"{scores[table.me] + 2}: your chance to win is better if the maker makes it")


def _chance(scores: Sequence[int], rules: Rules, seat: int, gains: dict[int, int]) -> float:
    return win_chance([scores[s] + gains.get(s, 0) for s in range(3)], rules, seat)


def prefers_maker(scores: Sequence[int], rules: Rules, seat: int, maker: int) -> bool:
    """Whether defender ``seat`` would rather the maker made his point than be euchred
    (by :func:`~cutthroat.bots.heuristic_bidding.win_chance`): the euchre's two points
    for each defender would help his partner more than him. The intermediate bot then
    plays for the maker (:func:`defender_wants_tricks`)."""
    euchre = _chance(scores, rules, seat, {s: 2 for s in range(3) if s != maker})
    return euchre < _chance(scores, rules, seat, {maker: 1})


# --- choosing cards -------------------------------------------------------------------------


def _low(table: Table, legal: Sequence[int], led: int | None) -> int:
    """The card to throw: the lowest of the led suit, else the least useful card - a
    low side card from a short suit (a void to ruff later; the partner reads it as
    "not this suit"), keeping top cards, the guard of a king or queen, and trumps."""
    if led is not None and table.suit(legal[0]) == led and all(
            table.suit(c) == led for c in legal):
        return min(legal, key=table.cost)
    hand = table.hand

    def keep_value(card: int) -> float:
        if table.is_trump(card):
            return 200 + table.cost(card)
        suit_cards = _ids(hand & table.suit_mask(table.suit(card)))
        boss = 50 if table.is_boss(card) else 0
        guard = 3 if len(suit_cards) == 2 and any(
            c != card and PLAIN_POWER[c] >= _QUEEN
            and not table.is_boss(c) for c in suit_cards) else 0
        return boss + guard + PLAIN_POWER[card] + 1.5 * (len(suit_cards) - 1)

    return min(legal, key=keep_value)


def _play(card: int, reason: str) -> Decision:
    return Action.play(Card.from_id(card)), reason


def _risk(table: Table, card: int, led: int, seats: Sequence[int]) -> float:
    """Chance that one of the opponents among ``seats`` beats ``card``."""
    safe = 1.0
    for s in seats:
        if s in table.opponents:
            safe *= 1.0 - table.p_beats(s, card, led)
    return 1.0 - safe


def _follow(view: PlayFacts, table: Table, legal: Sequence[int]) -> Decision:
    led = table.suit(table.trick[0][1])
    best_seat, best = table.winner()
    best_power = table.power(best, led)
    after = table.after_me()
    winners = sorted((c for c in legal if table.power(c, led) > best_power), key=table.cost)
    beaten = [c for c in legal if table.power(c, led) <= best_power]
    losers = beaten or list(legal)
    want = table.me == table.maker or defender_wants_tricks(view, table)
    if not want:
        card = _low(table, losers, led)
        if not beaten:  # every card takes the lead: no way to let this trick go
            return _play(card, f"play {Card.from_id(card)}: every card you may play beats "
                               f"{Card.from_id(best)}, though {for_the_maker(view, table)}")
        return _play(card, f"play {Card.from_id(card)}: let the maker have it "
                           f"({for_the_maker(view, table)})")
    if best_seat == table.partner:
        risk = _risk(table, best, led, after)
        if risk < _PARTNER_SAFE or not winners:
            card = _low(table, losers, led)
            if not beaten:  # forced: every card beats the partner's
                return _play(card, f"play {Card.from_id(card)}: forced to overtake the "
                                   f"partner's {Card.from_id(best)} (every card you may "
                                   "play beats it)")
            return _play(card, f"play {Card.from_id(card)}: the partner's "
                               f"{Card.from_id(best)} is winning - do not overtake")
        for c in winners:
            if _risk(table, c, led, after) < _COVER_SAFE:
                return _play(c, f"cover the partner's {Card.from_id(best)} with "
                                f"{Card.from_id(c)}: the maker could beat it")
        card = _low(table, losers, led)
        return _play(card, f"play {Card.from_id(card)}: the partner's {Card.from_id(best)} "
                           "may be beaten, and no card of yours is sure enough to hold it")
    if not winners:
        card = _low(table, legal, led)
        return _play(card, f"play {Card.from_id(card)}: cannot win this trick")
    opp_after = [s for s in after if s in table.opponents]
    if not opp_after:
        card = winners[0]
        return _play(card, f"win with {Card.from_id(card)}, the cheapest card that wins")
    for c in winners:
        if _risk(table, c, led, opp_after) <= _WIN_SAFE:
            return _play(c, f"win with {Card.from_id(c)}: it should hold")
    top = winners[-1]
    if _risk(table, top, led, opp_after) < _WIN_TRY:
        return _play(top, f"try {Card.from_id(top)}: the best chance to win")
    card = _low(table, losers, led)
    return _play(card, f"play {Card.from_id(card)}: even {Card.from_id(top)}, your best, "
                       "would likely be beaten, so keep it")


def _ruff_risk(table: Table, suit: int) -> float:
    """Chance an opponent trumps a lead of ``suit``."""
    risk = 0.0
    trumps = table.suit_mask(table.trump) & (table.live | table.known[0] | table.known[1]
                                            | table.known[2])
    for s in table.opponents:
        if table.voids[s] >> suit & 1:
            p_void = 1.0
        else:
            p_void = 1.0 - table.p_holds(s, table.suit_mask(suit) & (table.live | table.known[s]))
        risk = max(risk, p_void * table.p_holds(s, trumps))
    return risk


def _opponent_trumps_live(table: Table) -> bool:
    trumps = table.suit_mask(table.trump)
    return any(table.p_holds(s, trumps & (table.live | table.known[s])) > 0
               for s in table.opponents)


def _cashable(table: Table, legal: Sequence[int], limit: float) -> int | None:
    side = [c for c in legal if not table.is_trump(c) and table.is_boss(c)]
    side.sort(key=lambda c: _ruff_risk(table, table.suit(c)))
    if side and _ruff_risk(table, table.suit(side[0])) <= limit:
        return side[0]
    return None


def _lead_maker(table: Table, legal: Sequence[int]) -> Decision:
    """The maker's lead: draw trumps when strong, cash top cards, keep trumps to ruff."""
    trumps = sorted((c for c in legal if table.is_trump(c)), key=table.cost)
    side = [c for c in legal if not table.is_trump(c)]
    top_trump = trumps[-1] if trumps else None
    enemy_trumps = _opponent_trumps_live(table)
    side_bosses = [c for c in side if table.is_boss(c)]
    if not enemy_trumps:
        cash = _cashable(table, legal, 1.0)
        if cash is not None:
            return _play(cash, f"cash {Card.from_id(cash)}: the defenders have no trumps left")
        if top_trump is not None:
            return _play(top_trump, f"lead {Card.from_id(top_trump)}: "
                                    "the defenders have no trumps left")
    if top_trump is not None and table.is_boss(top_trump) and (len(trumps) >= 2 or not side):
        return _play(top_trump, f"lead {Card.from_id(top_trump)}: draw the defenders' trumps")
    cash = _cashable(table, legal, _CASH_MAKER)
    if cash is not None:
        return _play(cash, f"cash {Card.from_id(cash)}: the top card of its suit")
    if top_trump is not None and len(trumps) >= 2 and side_bosses and _risk(
            table, top_trump, table.trump, table.opponents) < 0.5:
        return _play(top_trump, f"lead {Card.from_id(top_trump)}: pull trumps to protect "
                                f"{Card.from_id(side_bosses[0])}")
    if len(trumps) >= 3:
        return _play(trumps[0], f"lead {Card.from_id(trumps[0])}: long trumps, pull theirs")
    cash = _cashable(table, legal, _CASH_LATE)
    if cash is not None:
        return _play(cash, f"cash {Card.from_id(cash)} before it can be trumped")
    if not side:
        card = top_trump if top_trump is not None and table.is_boss(top_trump) else trumps[0]
        return _play(card, f"lead {Card.from_id(card)}: only trumps left")
    # Lose the cheapest card, from a suit where no top card would be exposed.
    plain = [c for c in side if not any(table.suit(b) == table.suit(c) for b in side_bosses)]
    card = _low(table, plain or side, None)
    return _play(card, f"lead {Card.from_id(card)}: a card of a side suit, keeping your "
                       "trumps to ruff")


def _lead_defender(view: PlayFacts, table: Table, legal: Sequence[int]) -> Decision:
    if not defender_wants_tricks(view, table):
        card = min(legal, key=table.cost)
        return _play(card, f"lead {Card.from_id(card)}: let the maker have it "
                           f"({for_the_maker(view, table)})")
    maker = table.maker
    partner = table.partner
    cash = _cashable(table, legal, _CASH_DEFENDER)
    if cash is not None:
        return _play(cash, f"cash {Card.from_id(cash)}: the top card of its suit")
    trumps = [c for c in legal if table.is_trump(c)]
    side = [c for c in legal if not table.is_trump(c)]
    if partner is not None and side:
        partner_trumps = table.suit_mask(table.trump) & (table.live | table.known[partner])
        ruffable = [c for c in side
                    if table.voids[partner] >> table.suit(c) & 1
                    and not table.voids[maker] >> table.suit(c) & 1
                    and table.p_holds(partner, partner_trumps) > 0.3]
        if ruffable:
            card = min(ruffable, key=table.cost)
            return _play(card, f"lead {Card.from_id(card)}: the partner is void and can ruff")
    maker_has_trumps = not table.voids[maker] >> table.trump & 1
    if trumps and maker_has_trumps:
        top = max(trumps, key=table.cost)
        if table.is_boss(top) and len(trumps) >= 2:
            return _play(top, f"lead {Card.from_id(top)}: pull the maker's trumps")
    if not side:
        top = max(trumps, key=table.cost)
        card = top if table.is_boss(top) else min(trumps, key=table.cost)
        return _play(card, f"lead {Card.from_id(card)}: only trumps left")

    def lead_score(card: int) -> float:
        suit = table.suit(card)
        score = float(PLAIN_POWER[card])
        if table.voids[maker] >> suit & 1:
            score += 20  # the maker would ruff
        if partner is not None and table.discarded[partner] >> suit & 1:
            score += 8  # the partner said "not this suit"
        length = (table.hand & table.suit_mask(suit)).bit_count()
        score += 1.5 * length  # a short suit makes a void for ruffing
        return score

    card = min(side, key=lead_score)
    through = (table.me + 1) % 3 == maker and partner is not None
    where = "through the maker" if through else "low"
    return _play(card, f"lead {Card.from_id(card)} {where}: nothing sure to cash")


def decide_play(view: View) -> Decision:
    """Choose a card to play from the seat's view."""
    legal = [Card.parse(text.split()[1]).id for text in view.legal]
    return _decide_card(view, Table.from_view(view), legal)


class _Facts(NamedTuple):
    """The :class:`PlayFacts` of a hand, without a view."""

    scores: tuple[int, int, int] | None
    rules: Rules
    alone: tuple[int, ...]
    tricks_won: tuple[int, int, int]


def decide_play_in(hand: Hand, seat: int, scores: tuple[int, int, int] | None) -> Decision:
    """The card :func:`decide_play` chooses from ``hand.view(seat, scores)`` (``seat``
    to act in play), read from the hand itself: the model's fast path in searches."""
    legal = list(hand.legal_action_ids())  # a play's action id is its card's id
    facts = _Facts(scores, hand.rules, hand.alone, hand.tricks_won)
    return _decide_card(facts, Table.from_hand(hand, seat), legal)


def _decide_card(view: PlayFacts, table: Table, legal: list[int]) -> Decision:
    if len(legal) == 1:
        return _play(legal[0], f"play {Card.from_id(legal[0])}: the only legal card")
    if table.trick:
        return _follow(view, table, legal)
    if table.me == table.maker:
        return _lead_maker(table, legal)
    return _lead_defender(view, table, legal)
