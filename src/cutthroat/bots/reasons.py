"""One-line reasons, in a player's words, for a choice the expert has valued."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..actions import Verb
from ..cards import EFF_SUIT, PLAIN_POWER, TRUMP_POWER, Card, Suit, deck_mask, ids_of_mask
from ..state import Phase
from ..views import View
from .valuation import hand_value

if TYPE_CHECKING:
    from .expert import Option, Outcomes

__all__ = ["BLIND", "explain"]


def _card_name(card: Card, trump: int | None) -> str:
    if card.is_joker:
        return "the joker"
    if trump is not None and card.rank is not None and card.rank.name == "JACK":
        if card.suit == trump:
            return "the right bower"
        if EFF_SUIT[trump][card.id] == trump:
            return "the left bower"
    return str(card)


def _current_winner(view: View) -> tuple[int, Card] | None:
    """(seat, card) winning the trick in progress, if any."""
    if not view.current_trick or view.trump is None:
        return None
    best: tuple[int, Card] | None = None
    best_value = -1
    for seat, card in view.current_trick:
        value = _strength(view, card)
        if value > best_value:
            best, best_value = (seat, card), value
    return best


def _strength(view: View, card: Card) -> int:
    """How high ``card`` stands in the trick in progress: any trump above any card of
    the suit led, and a card of neither suit at nothing (R17)."""
    assert view.trump is not None
    trump = int(view.trump)
    power = TRUMP_POWER[trump][card.id]
    if power:
        return 100 + power
    led = EFF_SUIT[trump][view.current_trick[0][1].id]
    return PLAIN_POWER[card.id] if EFF_SUIT[trump][card.id] == led else 0


def _beats(view: View, card: Card, winner: Card) -> bool:
    return _strength(view, card) > _strength(view, winner)


def _unseen(view: View) -> list[Card]:
    """The cards still out for this seat: those whose place it does not know (held by
    others or hidden), and the up-card when another seat, the dealer, took it and has
    not played it: it is in his hand unless he discarded it, which only he knows (R14)."""
    unseen = deck_mask(view.rules.deck) & ~view.seen_mask()
    played = {card for trick in view.tricks for _, card in trick.plays}
    played.update(card for _, card in view.current_trick)
    if view.upcard_taken and view.dealer != view.seat and view.upcard not in played:
        unseen |= 1 << view.upcard.id
    return [Card.from_id(c) for c in ids_of_mask(unseen)]


def _trumps_out(view: View) -> int:
    """Trumps still out for this seat (:func:`_unseen`)."""
    assert view.trump is not None
    trump = int(view.trump)
    return sum(1 for c in _unseen(view) if EFF_SUIT[trump][c.id] == trump)


def _partner(view: View) -> int | None:
    """This seat's partner for the hand: the other defender, unless he sits out (R11,
    R13); the maker has none."""
    if view.maker is None or view.seat == view.maker or view.sitting_out is not None:
        return None
    return 3 - view.seat - view.maker


def _to_come(view: View) -> list[int]:
    """The seats still to play to the trick in progress after this one (R15, R16): a
    player who sits out plays no card."""
    leader = view.current_trick[0][0] if view.current_trick else view.seat
    order = [(leader + k) % 3 for k in range(3)]
    order = [seat for seat in order if seat != view.sitting_out]
    return order[order.index(view.seat) + 1:]


def _winners_held(view: View, card: Card) -> bool:
    """Whether this seat holds, besides ``card``, a trump or the highest card still out
    of its suit: a winner that leading ``card`` keeps for later."""
    assert view.trump is not None
    trump = int(view.trump)
    unseen = _unseen(view)
    for held in view.cards:
        if held == card:
            continue
        suit = EFF_SUIT[trump][held.id]
        if suit == trump:
            return True
        if not any(EFF_SUIT[trump][c.id] == suit and PLAIN_POWER[c.id] > PLAIN_POWER[held.id]
                   for c in unseen):
            return True
    return False


def _play_reason(view: View, best: Option, cards: Sequence[Card] = ()) -> str:
    """Why ``best`` (a card) is played; ``cards`` are the other cards this seat may
    play, for a reason that says why this winner and not another, or that a card
    which would win is kept back ("nothing wins" only when none would)."""
    card = best.action.card
    assert card is not None and view.trump is not None
    trump = int(view.trump)
    name = _card_name(card, trump)
    is_trump = EFF_SUIT[trump][card.id] == trump
    me = view.seat
    partner = _partner(view)
    if not view.current_trick:
        if is_trump and _trumps_out(view):
            return f"leading {name} draws the trumps still out"
        if is_trump:
            return f"leading {name}: no trump is left against you"
        if card.rank is not None and card.rank.name == "ACE":
            if not _trumps_out(view):
                return f"cashing {name}: no trump is left to take it"
            return f"cashing {name} before it can be trumped"
        if partner is not None and (me + 1) % 3 == view.maker:
            return f"leading {name} through the maker, so your partner plays last"
        if _winners_held(view, card):
            return f"leading {name} keeps your winners for later"
        return f"leading {name}: you hold no trump or top card to keep back"
    winner = _current_winner(view)
    assert winner is not None
    win_seat, win_card = winner
    last = not _to_come(view)  # nobody plays after you
    if partner is not None and win_seat == partner and not _beats(view, card, win_card):
        held = _card_name(win_card, trump).removeprefix("the ")  # "the left bower"
        low = "play low" if _lowest(view, card, cards) else f"throw {name}"
        if last or not any(_beats(view, c, win_card) for c in _unseen(view)):
            return f"your partner's {held} already wins the trick: {low}"
        return f"your partner's {held} is winning the trick so far: {low}"
    if _beats(view, card, win_card):
        led_trump = EFF_SUIT[trump][view.current_trick[0][1].id] == trump
        how = f"trumping with {name}" if is_trump and not led_trump else name
        text = f"{how} takes the trick" if last else f"{how} beats the cards played so far"
        return text + _which_winner(view, card, win_card, cards, last)
    winners = [c for c in cards if c != card and _beats(view, c, win_card)]
    if winners:
        low = _card_name(min(winners, key=lambda c: _strength(view, c)), trump)
        would = "take it" if last else "beat the cards played so far"
        return f"letting this trick go: throw {name} and keep {low}, which would {would}"
    return f"nothing wins this trick: throw {name}, your least useful card"


def _lowest(view: View, card: Card, cards: Sequence[Card]) -> bool:
    """Whether ``card`` is as low as any of ``cards``: a plain card below every trump,
    and by rank within each (R3)."""
    assert view.trump is not None
    trump = int(view.trump)

    def rank(c: Card) -> tuple[int, int]:
        power = TRUMP_POWER[trump][c.id]
        return (1, power) if power else (0, PLAIN_POWER[c.id])

    return all(rank(card) <= rank(other) for other in cards)


def _which_winner(view: View, card: Card, win_card: Card, cards: Sequence[Card],
                  last: bool) -> str:
    """Why this winner and not another that would beat the trick as well: ``", and
    keeps the right bower for later"`` for the lowest of them; for a higher one with an
    opponent still to come (not only the partner, whose card would win for the side
    as well), that a card still out could overtake the lower one."""
    assert view.trump is not None
    trump = int(view.trump)
    mine = _strength(view, card)
    winners = [c for c in cards if c != card and _beats(view, c, win_card)]
    higher = [c for c in winners if _strength(view, c) > mine]
    lower = [c for c in winners if _strength(view, c) < mine]
    if higher and not lower:
        top = max(higher, key=lambda c: _strength(view, c))
        return f", and keeps {_card_name(top, trump)} for later"
    opponents = [seat for seat in _to_come(view) if seat != _partner(view)]
    if lower and not last and opponents:
        below = max(lower, key=lambda c: _strength(view, c))
        if any(_strength(view, below) < _strength(view, other) < mine
               for other in _unseen(view)):
            return (f": {_card_name(below, trump)} would too, but a card still out "
                    "could overtake it")
    return ""


_VERB_WORDS = {
    Verb.PASS: "passing",
    Verb.ORDER: "ordering it up",
    Verb.PICKUP: "taking the up-card",
    Verb.LEAVE: "leaving the up-card",
    Verb.DUMMY: "taking the dummy",
    Verb.ALONE: "going alone",
}

_NUMBERS = ("no", "one", "two", "three", "four", "five")


def _count(n: int, what: str) -> str:
    word = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"{word} {what}{'' if n == 1 else 's'}"


def _trumps_kept(view: View, cards: Sequence[Card]) -> str:
    """"three trumps and an ace" for the cards a maker keeps."""
    if view.trump is None:
        return ""
    trump = int(view.trump)
    trumps = sum(1 for c in cards if EFF_SUIT[trump][c.id] == trump)
    aces = sum(1 for c in cards if EFF_SUIT[trump][c.id] != trump
               and c.rank is not None and c.rank.name == "ACE")
    text = _count(trumps, "trump")
    if aces:
        text += " and " + ("an ace" if aces == 1 else _count(aces, "ace"))
    return text


def _voided(view: View, card: Card) -> str | None:
    """The suit a discard of ``card`` leaves this seat void in, if it does (trump aside)."""
    if view.trump is None:
        return None
    trump = int(view.trump)
    suit = EFF_SUIT[trump][card.id]
    if suit == trump or suit >= 4:
        return None
    if any(c != card and EFF_SUIT[trump][c.id] == suit for c in view.cards):
        return None
    return Suit(suit).plural


def _describe(view: View, option: Option) -> str:
    action = option.action
    verb = action.verb
    if verb in _VERB_WORDS:
        return _VERB_WORDS[verb]
    if verb is Verb.CALL and action.suit is not None:
        return f"calling {action.suit.plural}"
    if verb is Verb.TRUMP and action.suit is not None:
        return f"naming {action.suit.plural}"
    if verb is Verb.DISCARD and action.card is not None:
        void = _voided(view, action.card)
        if void is not None:
            return f"discarding {action.card} leaves you void in {void}"
        return f"discarding {action.card}"
    if verb is Verb.KEEP:
        kept = " ".join(str(c) for c in action.cards)
        summary = _trumps_kept(view, action.cards)
        return f"keeping {kept} ({summary})" if summary else f"keeping {kept}"
    return str(action)


def _share(x: float) -> str:
    return f"{x:.0%}"


def _as_maker(o: Outcomes) -> str:
    """"you make it in 80% of the deals sampled (all five in 20%), euchred in 20%"."""
    total = o.as_maker or 1.0  # shares of the deals on which this seat is the maker
    text = f"you make it in {_share(o.make_rate)} of the deals sampled"
    if o.marched >= 0.05 * total:
        text += f" (all five in {_share(o.marched / total)})"
    return text + f", euchred in {_share(o.euchred / total)}"


def _defending(o: Outcomes, alone: bool = False) -> str:
    """"the maker is euchred in 45% of the deals sampled (your side takes all five in
    10%)": "you take all five" for a defender alone."""
    text = f"the maker is euchred in {_share(o.defence_rate)} of the deals sampled"
    if o.swept >= 0.1:
        who = "you take" if alone else "your side takes"
        text += f" ({who} all five in {_share(o.swept / o.defending)})"
    return text


def _whom(view: View, seat: int) -> str:
    return "the player on your left" if seat == (view.seat + 1) % 3 else \
        "the player on your right"


def _points(view: View, seat: int) -> str:
    """"(on 9 points)": a seat's score, said as one."""
    scores = view.scores
    assert scores is not None
    return f"(on {scores[seat]} point{'' if scores[seat] == 1 else 's'})"


def _still_to_bid(view: View, seat: int) -> bool:
    """Whether ``seat`` may still make trump in this bidding (this round or the next)."""
    if view.phase is Phase.BID_FIRST:
        return True
    if view.phase is not Phase.BID_SECOND:
        return False
    order = [(view.dealer + k) % 3 for k in (1, 2, 3)]
    return order.index(seat) > order.index(view.seat)


def _score_note(view: View, best: Option, rival: Option | None) -> str:
    """What the score adds to the choice, if anything: a point that wins the game, an
    opponent one point from it, a euchre that would end it for someone else."""
    scores = view.scores
    if scores is None:
        return ""
    target = view.rules.target
    me = view.seat
    need = [target - s for s in scores]
    others = ((me + 1) % 3, (me + 2) % 3)
    close = sorted((s for s in others if need[s] <= 2), key=lambda s: need[s])
    o = best.outcomes
    if o.as_maker >= 0.5:
        if need[me] <= 1:
            return "one point wins you the game"
        alone = best.action.verb is Verb.ALONE or me in view.alone
        march = view.rules.lone_march_points if alone else view.rules.march_points
        if need[me] <= march and o.marched >= 0.1:
            return "all five would win you the game"
        # Only a bid that makes trump now keeps the others from making it (a pass
        # after which this seat usually calls later keeps nobody out).
        bids = best.action.verb in (Verb.ORDER, Verb.CALL)
        blocked = [s for s in close if need[s] <= 1 and bids and _still_to_bid(view, s)]
        if blocked:
            text = (f"it keeps {_whom(view, blocked[0])} {_points(view, blocked[0])}, one "
                    "point from the game, from making trump")
            if o.euchred >= 0.1:  # the risk taken, said too (close holds blocked[0])
                whom = ("that player" if close[0] == blocked[0] else
                        f"{_whom(view, close[0])} {_points(view, close[0])}")
                text += f", though a euchre would give {whom} the game"
            return text
        if o.euchred >= 0.1 and close:
            # Naming trump blind, no suit is worse than another (:data:`BLIND`).
            but = "" if view.phase is Phase.JOKER_TRUMP else ", but the alternative is worse"
            return (f"a euchre would give {_whom(view, close[0])} {_points(view, close[0])} "
                    f"the game{but}")
        return ""
    if rival is not None and rival.outcomes.as_maker >= 0.5 and rival.outcomes.euchred >= 0.1 \
            and close:
        return f"a euchre would give {_whom(view, close[0])} {_points(view, close[0])} the game"
    return _partner_note(view, best, rival)


def _partner_note(view: View, best: Option, rival: Option | None) -> str:
    """A defender's choice that euchres the maker less often than the alternative
    would, because a euchre's two points would help his partner more than him (the
    score-aware exception to defending as a team)."""
    scores = view.scores
    maker = view.maker
    me = view.seat
    if scores is None or maker is None or maker == me or rival is None:
        return ""
    o, r = best.outcomes, rival.outcomes
    if o.defending >= 0.5 and r.defending >= 0.5 and o.defence_rate + 0.1 < r.defence_rate:
        partner = 3 - me - maker
        euchre = [2, 2, 2]
        euchre[maker] = 0
        made = [0, 0, 0]
        made[maker] = 1
        if (hand_value(me, euchre, scores, view.rules, view.dealer)
                >= hand_value(me, made, scores, view.rules, view.dealer)):
            return ""  # a euchre would serve him: something else made the difference
        text = (f"a euchre's two points would help {_whom(view, partner)} "
                f"{_points(view, partner)} more than you")
        if best.action.verb is Verb.ALONE and view.phase is Phase.DEFENDER_CHOICE:
            # A lone defender's partner scores the euchre too, sitting out: going alone
            # keeps no points from him, it only takes his cards out of the defence.
            text += (", and he scores them even while he sits out: going alone, without "
                     "his cards, only makes a euchre less likely")
        return text
    return ""


def _decision_reason(view: View, options: Sequence[Option]) -> str:
    """A reason, in a player's words, for a choice before play: what tends to happen
    after it (from the deals sampled), against the alternative, and the score."""
    best = options[0]
    rival = options[1] if len(options) > 1 else None
    o = best.outcomes
    what = _describe(view, best)
    bidding = view.phase in (Phase.BID_FIRST, Phase.BID_SECOND)
    if (bidding and best.action.verb is Verb.PASS and rival is not None
            and rival.outcomes.as_maker >= 0.5):
        r = rival.outcomes
        text = (f"{what}: {_describe(view, rival)}, you would be euchred in "
                f"{_share(r.euchred)} of the deals sampled")
        if o.defending >= 0.05:
            text += f"; defending, your side euchres the maker in {_share(o.defence_rate)}"
    elif o.as_maker >= 0.5:
        text = f"{what}: {_as_maker(o)}"
        other = None if rival is None else rival.outcomes
        if (bidding and rival is not None and other is not None
                and rival.action.verb is Verb.PASS and o.make_rate < 0.5
                and other.defending >= 0.5):
            # Made less often than not: why it is still worth it is what passing gives.
            text += (f"; passing, another player makes trump in {_share(other.defending)} "
                     f"of the deals sampled and is euchred in only "
                     f"{_share(other.defence_rate)}")
    elif (best.action.verb is Verb.ALONE and o.defending >= 0.5 and o.swept >= 0.1
          and not _partner_note(view, best, rival)):
        # (Not where going alone serves to euchre less: its sweeps are then no reason.)
        text = (f"{what}: you take all five in {_share(o.swept / o.defending)} of the deals "
                f"sampled, 4 points to each defender, and the maker is euchred in "
                f"{_share(o.defence_rate)}")
    elif o.defending >= 0.5:
        alone = view.seat in view.alone or best.action.verb is Verb.ALONE
        text = f"{what}: {_defending(o, alone)}"
        other = None if rival is None else rival.outcomes
        if (rival is not None and other is not None and other.defending >= 0.5
                and _share(other.defence_rate) != _share(o.defence_rate)):
            text += f", against {_share(other.defence_rate)} after {_describe(view, rival)}"
    else:
        text = f"{what} is worth most"
    note = _score_note(view, best, rival)
    return f"{text}; {note}" if note else text


def _chance(value: float, places: int = 0) -> str:
    """A chance as a percentage (to ``places`` decimals); the tie-break on points
    (:func:`~cutthroat.bots.valuation.hand_value`) may take a value a hair outside 0–1,
    which a player should not see."""
    return f"{min(max(value, 0.0), 1.0):.{places}%}"


def _chances(first: float, second: float) -> tuple[str, str]:
    """Two different chances as percentages with as many decimals (up to two) as tell
    them apart: "0.35%" and "0.26%", not "0%" and "0%", which would read as a tie
    (whole percents when two decimals do not tell them apart either)."""
    for places in (0, 1, 2):
        said = _chance(first, places), _chance(second, places)
        if said[0] != said[1]:
            return said
    return _chance(first), _chance(second)


_ALIKE_WORDS = {Phase.PLAY: ("card", "cards"), Phase.KEEP: ("keep tried", "keeps tried"),
                Phase.DISCARD: ("discard", "discards")}


def _all_alike(view: View, options: Sequence[Option]) -> str:
    """"it makes no difference: every card is worth the same on the deals sampled" when
    no option is worth more than another (a hand already won or lost, say), else ``""``:
    the choice is then only the natural move, and a player should know that."""
    if len(options) < 2:
        return ""
    top = options[0].value
    if any(abs(o.value - top) > 1e-9 for o in options):
        return ""
    one, many = _ALIKE_WORDS.get(view.phase, ("choice", "choices"))
    what = f"both {many} are" if len(options) == 2 else f"every {one} is"
    # Tricks may still differ where they change no score (a defender's one trick or
    # none): the table shows them, so the hint says the difference is not to the score.
    to = " to the score" if any(abs(o.tricks - options[0].tricks) > 1e-9
                                for o in options) else ""
    if any(abs(o.points - options[0].points) > 1e-9 for o in options):
        # Points may differ where the chances do not: the expert then chooses the most
        # (:meth:`ExpertBot._ranked <cutthroat.bots.expert.ExpertBot._ranked>`).
        most = all(options[0].points >= o.points - 1e-9 for o in options)
        return ("it makes no difference to your chance to win on the deals sampled"
                + (", and this one scores the most points" if most else ""))
    return f"it makes no difference{to}: {what} worth the same on the deals sampled"


def explain(view: View, options: Sequence[Option],
            extra: Mapping[str, float] | None = None) -> str:
    """Why the first option is chosen, with its value against the next best.

    With ``edge`` and ``noise`` in ``extra`` the first option is the natural move,
    chosen although the next one averaged ``edge`` more, within the samples' noise.
    When every option is worth the same, the reason says so first."""
    reason = _explain(view, options, extra)
    alike = _all_alike(view, options) or _blind(view, options)
    return f"{alike}; {reason}" if alike else reason


BLIND = ("blind, every suit is as good as another before your cards are shown: the "
         "differences are only the luck of the deals sampled")
"""The note on a blind trump: nothing the dealer knows tells the suits apart (the joker
is in every trump, and the deck, the rules and the score are the same under any exchange
of suits that keeps colours paired), so each suit's true value is the same."""


def _blind(view: View, options: Sequence[Option]) -> str:
    return BLIND if view.phase is Phase.JOKER_TRUMP and len(options) > 1 else ""


def _explain(view: View, options: Sequence[Option],
             extra: Mapping[str, float] | None) -> str:
    best = options[0]
    chance = _chance(best.value)
    next_best = ""
    if len(options) > 1 and abs(options[0].value - options[1].value) > 1e-9:
        second = options[1]  # (a tie's runner-up is named by _runner_up instead)
        chance, shown = _chances(best.value, second.value)
        next_best = f"; next best {second.action} {shown}"
    figures = (f"win chance {chance}, {best.points:+.2f} points, "
               f"{best.tricks:.1f} tricks for your side{next_best}")
    playing = view.phase.name == "PLAY" and best.action.card is not None
    cards = [o.action.card for o in options if o.action.card is not None]
    if extra and "edge" in extra and len(options) > 1:
        what = _play_reason(view, best, cards) if playing else _describe(view, best)
        return (f"{what}; {options[1].action} averaged only {_tenths(extra['edge'])} more, "
                f"within the samples' noise ({_spread(extra['noise'])}) ({figures})")
    if playing:
        reason = _play_reason(view, best, cards)
        note = _partner_note(view, best, options[1] if len(options) > 1 else None)
    else:
        reason, note = _decision_reason(view, options), ""
    for more in (note, _runner_up(options, extra)):
        if more:
            reason += f"; {more}"
    return f"{reason} ({figures})"


def _tenths(share: float) -> str:
    """A small difference in chance as a player reads it: "0.4%", "under 0.1%"."""
    return "under 0.1%" if share < 0.0005 else f"{share:.1%}"


def _spread(noise: float) -> str:
    """The samples' noise as a player reads it: "±0.6%", "under ±0.1%" (never "±0.0%")."""
    return "under ±0.1%" if noise < 0.0005 else f"±{noise:.1%}"


def _runner_up(options: Sequence[Option], extra: Mapping[str, float] | None) -> str:
    """What to know of the next best option when the choice is not clear: that it is
    worth as much (the points it scores then decide, :meth:`ExpertBot._ranked
    <cutthroat.bots.expert.ExpertBot._ranked>`), or that it averaged less by no more than
    the samples' noise (a close call); and, when it scores more points than the choice,
    so that its points seem to speak for it, that it does and by how much. ``""`` when
    the choice is clear or every option is alike (said first)."""
    if len(options) < 2 or all(abs(o.value - options[0].value) <= 1e-9 for o in options):
        return ""
    best, second = options[0], options[1]
    mine, theirs = f"{best.points:+.2f}", f"{second.points:+.2f}"
    points = f"({theirs} against {mine})"
    if abs(best.value - second.value) <= 1e-9:
        more = sum(abs(o.value - second.value) <= 1e-9 for o in options[2:])
        others = f" and {more} other{'s' if more > 1 else ''}" if more else ""
        verb = "are" if more else "is"
        text = f"{second.action}{others} {verb} worth as much on the deals sampled"
        if not more and best.points > second.points and mine != theirs:
            text += f" but scores fewer points {points}"
        return text
    scores_more = second.points > best.points and mine != theirs
    if extra and "lead" in extra:
        text = (f"a close call: {second.action} averaged only {_tenths(extra['lead'])} "
                f"less, within the samples' noise ({_spread(extra['lead_noise'])})")
        return f"{text}, though it scores more points {points}" if scores_more else text
    if scores_more and _chance(best.value) == _chance(second.value):
        # The chances look alike at a glance: why the one with fewer points is chosen.
        return (f"{second.action} scores more points {points} but leaves you less chance "
                "to win the game")
    return ""
