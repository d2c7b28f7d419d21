"""One-line reasons, in a player's words, for a choice the expert has valued."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..actions import Verb
from ..move_words import said_move
from ..scoring import winners_after
from ..state import Phase
from ..views import View
from .play_reasons import card_name, describe_option, holding, number_word, play_reason, whom
from .valuation import hand_value

if TYPE_CHECKING:
    from .analysis import Option, Outcomes

__all__ = ["BLIND", "RISKY_BID", "chances_alike", "chances_apart", "euchre_costs", "explain",
           "percent_text", "whole_percent"]


def whole_percent(x: float) -> int:
    """A share as a whole percentage, a half rounded up (2.5% is 3%), as the page's
    table of options rounds it: a reason and the table beside it say the same figure
    (Python's own formatting rounds a half to even, 2.5% to 2%).

    >>> whole_percent(0.025), f"{0.025:.0%}", whole_percent(0.8249)
    (3, '2%', 82)
    """
    return math.floor(100 * x + 0.5)


def _share(x: float) -> str:
    return f"{whole_percent(x)}%"


def _in(x: float) -> str:
    """A share of the deals sampled after "in": "none" where it rounds to 0% (which
    would read as a certainty, of samples), else the percentage."""
    share = _share(x)
    return "none" if share == "0%" else share


def _euchred_in(make_rate: float) -> str:
    """The maker's euchres as the rest of the hundred of his make rate ("27%", "none"
    where he makes it in 100%): the two never sum to 101% (each share rounded on its
    own could)."""
    made = whole_percent(make_rate)
    return "none" if made == 100 else f"{100 - made}%"


def _as_maker(o: Outcomes) -> str:
    """"you make it in 80% of the deals sampled (all five in 20%), euchred in 20%": the
    euchres said as the rest of the hundred, so that the two never sum to 101% (each
    share rounded on its own could).

    >>> from cutthroat.bots.analysis import Outcomes
    >>> _as_maker(Outcomes(made=0.5, marched=0.2251, euchred=0.2749))
    'you make it in 73% of the deals sampled (all five in 23%), euchred in 27%'
    """
    total = o.as_maker or 1.0  # shares of the deals on which this seat is the maker
    text = f"you make it in {_in(o.make_rate)} of the deals sampled"
    if o.marched >= 0.05 * total:
        text += f" (all five in {_share(o.marched / total)})"
    return text + f", euchred in {_euchred_in(o.make_rate)}"


def _defending(o: Outcomes, alone: bool = False) -> str:
    """"the maker is euchred in 45% of the deals sampled (you take all five in 10%)",
    the sweep said only for a defender alone: two defenders who take all five score no
    more than a euchre (R20), a lone one twice as much (R21)."""
    text = f"the maker is euchred in {_in(o.defence_rate)} of the deals sampled"
    if alone and o.swept >= 0.1:
        text += f" (you take all five in {_share(o.swept / o.defending)})"
    return text


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


def _game_after(view: View, gains: Mapping[int, int]) -> tuple[int, ...]:
    """Who wins the game if this hand scores ``gains`` (points by seat), by the engine's
    own reckoning of its end (:func:`~cutthroat.scoring.add_hand`, R22: the most points
    at or above the target, and the rules' ``tie`` for players level on them); ``()``
    when the game would go on (players level on top under ``play_on``).

    >>> from cutthroat import Hand, Rules
    >>> view = Hand.deal(Rules(), dealer=0, seed=4).view(1, (8, 4, 8))
    >>> _game_after(view, {0: 2, 2: 2}), _game_after(view, {0: 2})
    ((), (0,))
    """
    scores = view.scores
    assert scores is not None
    return winners_after(view.rules, scores, [gains.get(seat, 0) for seat in range(3)])


def _wins(view: View, seat: int, points: int) -> bool:
    """Whether ``points`` for ``seat`` alone this hand would win it the game (R22: the
    others' scores stay, so it cannot then be level with one on top at the target)."""
    return _game_after(view, {seat: points}) == (seat,)


def _euchre_gives(view: View, maker: int, named: int | None = None) -> str:
    """"a euchre would give the player on your left (on 8 points) the game" when a euchre
    of ``maker`` (two points to each defender, R20, R21) would end the game won by
    another than this seat; ``""`` when it would not end it or would win it for this
    seat too. ``named`` is a seat already named: "that player"."""
    winners = _game_after(view, {s: 2 for s in range(3) if s != maker})
    if not winners or view.seat in winners:
        return ""
    said = ["that player" if s == named else f"{whom(view, s)} {_points(view, s)}"
            for s in sorted(winners, key=lambda s: (s - view.seat) % 3)]  # left first
    if len(said) == 1:
        return f"a euchre would give {said[0]} the game"
    return f"a euchre would end the game, {said[0]} and {said[1]} sharing the win"


RISKY_BID = 40
"""The share of euchres (in whole percent of the deals on which this seat makes trump)
from which a bid's reason also says what passing gives: an order with one trump, made
about half the time, is explained by what the others make of a pass, not by its odds
alone (a strong player's pass found those odds read as a mistake)."""

_BIDS = (Phase.BID_FIRST, Phase.PICKUP, Phase.BID_SECOND, Phase.MAKER_CHOICE)
"""The decisions whose options differ in kind (to make trump or not, alone or not),
where a risk taken as maker can be weighed against the next best option."""


def _score_note(view: View, best: Option, rival: Option | None) -> str:
    """What the score adds to the choice, if anything: a point that wins the game, an
    opponent one point from it, a euchre that would end it for someone else; each said
    only when the game's end (R22) says so after the hand, every player's points and
    both defenders' euchre counted (:func:`_game_after`)."""
    scores = view.scores
    if scores is None:
        return ""
    me = view.seat
    o = best.outcomes
    if o.as_maker >= 0.5:
        if _wins(view, me, 1) and whole_percent(o.make_rate) >= 10:  # (not if rarely made)
            return "one point wins you the game"
        alone = best.action.verb is Verb.ALONE or me in view.alone
        march = view.rules.lone_march_points if alone else view.rules.march_points
        if o.marched >= 0.1 and _wins(view, me, march):
            return "all five would win you the game"
        # Only a bid that makes trump now keeps the others from making it (a pass
        # after which this seat usually calls later keeps nobody out).
        bids = best.action.verb in (Verb.ORDER, Verb.CALL)
        others = sorted(((me + 1) % 3, (me + 2) % 3), key=lambda s: -scores[s])
        blocked = [s for s in others if bids and _still_to_bid(view, s) and _wins(view, s, 1)]
        # The risk taken, said when a euchre would end the game for another.
        euchre = (_euchre_gives(view, me, blocked[0] if blocked else None)
                  if o.euchred >= 0.1 else "")
        if blocked:
            text = (f"it keeps {whom(view, blocked[0])} {_points(view, blocked[0])}, one "
                    "point from the game, from making trump")
            return f"{text}, though {euchre}" if euchre else text
        if euchre and view.phase in _BIDS and rival is not None:
            # The risk taken is worth it: what the next best option is. (Naming trump
            # blind no suit is worse than another, :data:`BLIND`; a keep, a discard or
            # a card, as maker, risks the euchre whatever is chosen.)
            return f"{euchre}, but {said_move(view, rival.action, gerund=True)} is worse"
        return euchre
    if rival is not None and rival.outcomes.as_maker >= 0.5 and rival.outcomes.euchred >= 0.1:
        euchre = _euchre_gives(view, me)
        if euchre:
            return euchre
    return _partner_note(view, best, rival)


def _partner_note(view: View, best: Option, rival: Option | None) -> str:
    """A defender's choice that euchres the maker less often than the alternative
    would, because a euchre would give his partner the game, or its two points would
    help his partner more than him (the score-aware exception to defending as a team)."""
    if rival is None:
        return ""
    o, r = best.outcomes, rival.outcomes
    if (o.defending >= 0.5 and r.defending >= 0.5 and o.defence_rate < r.defence_rate
            and _in(o.defence_rate) != _in(r.defence_rate)):
        text, ends = euchre_costs(view)
        if text and best.action.verb is Verb.ALONE and view.phase is Phase.DEFENDER_CHOICE:
            # A lone defender's partner scores the euchre too, sitting out: going alone
            # keeps no points from him, it only takes his cards out of the defence.
            text += (f", and he {'wins it' if ends else 'scores them'} even while he sits "
                     "out: defending alone, without his cards, only makes a euchre less "
                     "likely")
        return text
    return ""


def euchre_costs(view: View) -> tuple[str, bool]:
    """What a euchre of the maker would cost this defender by the score (R20–R22), and
    whether it would end the game: "a euchre would give the player on your right (on 9
    points) the game" (``True``), or "a euchre's two points would help the player on
    your left (on 6 points) more than you"; ``("", False)`` where the seat is no
    defender, or a euchre would serve him (the valuation rates it above the maker's
    point, :func:`~cutthroat.bots.valuation.hand_value`)."""
    scores, maker, me = view.scores, view.maker, view.seat
    if scores is None or maker is None or maker == me:
        return "", False
    euchre = [0 if seat == maker else 2 for seat in range(3)]
    made = [1 if seat == maker else 0 for seat in range(3)]
    if (hand_value(me, euchre, scores, view.rules, view.dealer)
            >= hand_value(me, made, scores, view.rules, view.dealer)):
        return "", False
    ends = _euchre_gives(view, maker)
    if ends:
        return ends, True
    partner = 3 - me - maker
    return (f"a euchre's two points would help {whom(view, partner)} "
            f"{_points(view, partner)} more than you"), False


def _differing(options: Sequence[Option]) -> Option | None:
    """The best option worth less than the first: the alternative a score note weighs
    the choice against (an option worth as much, whose hands went the same way, says
    nothing of why the choice is made)."""
    return next((o for o in options[1:] if o.value < options[0].value - 1e-9), None)


def _throws_in(view: View) -> bool:
    """Whether a pass now throws the hand in: the dealer, last to bid in the second
    round, after the others passed (R10; with ``stick_the_dealer`` he may not pass)."""
    return view.phase is Phase.BID_SECOND and view.seat == view.dealer \
        and not view.rules.stick_the_dealer


def _decision_reason(view: View, options: Sequence[Option], close: bool = False) -> str:
    """A reason, in a player's words, for a choice before play: what tends to happen
    after it (from the deals sampled), against the alternative, and the score.
    ``close``: the next best is a close call, which the reason says after this."""
    best = options[0]
    rival = options[1] if len(options) > 1 else None
    differ = _differing(options)  # (what the score notes weigh the choice against)
    o = best.outcomes
    what = describe_option(view, best)
    bidding = view.phase in (Phase.BID_FIRST, Phase.BID_SECOND)
    thrown = best.action.verb is Verb.PASS and _throws_in(view)
    if thrown:
        what = "passing throws the hand in"
    held = holding(view, best.action)  # (the hand the choice is weighed on)
    if (bidding and best.action.verb is Verb.PASS and rival is not None
            and rival.outcomes.as_maker >= 0.5):
        r = rival.outcomes
        # "were you to order up the JD": "ordering up the JD, you would be euchred" read
        # as garbled to a newcomer.
        text = (f"{what}: were you to {said_move(view, rival.action)}"
                f"{holding(view, rival.action)}, you would be euchred in {_in(r.euchred)} of "
                "the deals sampled")
        if view.phase is Phase.BID_FIRST and o.as_maker >= 0.25:
            # The pass keeps the second round open to this seat: a euchre said after it
            # (the score note) may be its own, there.
            text += (f"; passing, you name trump yourself in the second round in "
                     f"{_share(o.as_maker)} of the deals sampled, and are euchred in "
                     f"{_euchred_in(o.make_rate)} of those")
        if o.defending >= 0.05:
            text += f"; defending, your side euchres the maker in {_in(o.defence_rate)}"
    elif o.as_maker >= 0.5:
        text = f"{what}{held}: {_as_maker(o)}"
        other = None if rival is None else rival.outcomes
        if (bidding and rival is not None and other is not None
                and rival.action.verb is Verb.PASS
                and whole_percent(o.make_rate) <= 100 - RISKY_BID
                and other.defending >= 0.5):
            # Euchred often (an order with one trump, say): why it is still worth it is
            # what passing gives.
            euchred = _share(other.defence_rate)
            marches = other.marched_on / other.defending
            # (the shares after it are of those deals, not of all of them)
            text += (f"; passing, another player makes trump in {_share(other.defending)} "
                     "of the deals sampled, and of those he is "
                     + ("euchred in none" if euchred == "0%" else f"euchred in only {euchred}"
                        if other.defence_rate < 0.5 else f"euchred in {euchred}")
                     + (f" and takes all five in {_share(marches)}" if marches >= 0.05
                        else ""))
    elif (best.action.verb is Verb.ALONE and o.defending >= 0.5
          and (o.swept >= 0.1 or (o.swept >= 0.005 and rival is not None
               and rival.outcomes.defence_rate >= o.defence_rate))
          and not _partner_note(view, best, differ)):
        # (Not where going alone serves to euchre less: its sweeps are then no reason.
        # Rare sweeps are the reason where the euchres argue the other way: "euchred in
        # 98%, against 100% after not defending alone" told why not, not why.)
        text = (f"{what}{held}: you take all five in {_share(o.swept / o.defending)} of the deals "
                f"sampled, 4 points to each defender, and the maker is euchred in "
                f"{_share(o.defence_rate)}")
    elif o.defending >= 0.5:
        alone = view.seat in view.alone or best.action.verb is Verb.ALONE
        text = f"{what}{held}: {_defending(o, alone)}"
        # Against the best option after which the maker is euchred as often as shown
        # differently (one worth as much, with the same rate, tells nothing).
        against = next((x for x in options[1:] if x.outcomes.defending >= 0.5
                        and _share(x.outcomes.defence_rate) != _share(o.defence_rate)), None)
        if against is not None and against.outcomes.defence_rate > o.defence_rate \
                and not _partner_note(view, best, differ):
            # An option that euchres the maker more often, worth less all the same: said
            # as what it does not buy, not as the reason (a newcomer read "15%, against
            # 20% after discarding JS" as a reason to discard the JS). Where it is worth
            # as much to the chance to win, the next best is said after (_runner_up).
            text += _euchres_more(view, best, against, options, close)
        elif against is not None:
            text += (f", against {_in(against.outcomes.defence_rate)} after "
                     f"{describe_option(view, against, what_it_leaves=False)}")
            costs, _ = euchre_costs(view)
            if costs and against.outcomes.defence_rate < o.defence_rate:
                # More euchres, which the score makes costly: not why it is chosen (a
                # learner read "euchred in 10%, against none after defending alone"
                # beside a hint before it that a euchre would give his partner the game)
                text += f", though {costs}"
                if not chances_alike(best.win_chance, against.win_chance) \
                        and against.win_chance < best.win_chance:
                    text += (_marches_apart(view, o, options)
                             or "; it leaves you more chance to win the game all the same")
        else:
            text += _marches_apart(view, o, options)
    else:
        text = f"{what}: it is worth most" if thrown else f"{what} is worth most"
    note = _score_note(view, best, differ)
    return f"{text}; {note}" if note else text


def _euchres_more(view: View, best: Option, against: Option, options: Sequence[Option],
                  close: bool) -> str:
    """"; discarding 9H would euchre him more often (20%), but a euchre would give the
    player on your right (on 9 points) the game": an option that euchres the maker
    more often than the choice, said with why it is not chosen. Nothing where it is
    worth as much to the chance to win; the score's reason where there is one
    (:func:`euchre_costs`, however small the gap); else that it leaves less chance to
    win, unless it is the next best, whose own clause then says why (``close``: a close
    call within the samples' noise; or more points for less chance:
    :func:`_runner_up`)."""
    said = (f"; {describe_option(view, against, what_it_leaves=False)} would euchre him "
            f"more often ({_in(against.outcomes.defence_rate)})")
    if chances_alike(best.win_chance, against.win_chance) or against.win_chance >= best.win_chance:
        return ""
    costs, _ = euchre_costs(view)
    if costs:
        return f"{said}, but {costs}"
    if against is options[1] and (close or _more_points_alike(best, against)):
        return said  # (":func:`_runner_up` says why it is not chosen)
    return f"{said}, but leaves you less chance to win the game"


def _more_points_alike(best: Option, second: Option) -> bool:
    """Whether ``second`` scores more points than ``best`` (as the table shows them) for a
    chance to win that reads the same: :func:`_runner_up` then says that it "scores
    more points ... but leaves you less chance to win the game"."""
    return (f"{second.points:+.2f}" != f"{best.points:+.2f}" and second.points > best.points
            and percent_text(best.win_chance) == percent_text(second.win_chance))


def percent_text(value: float, places: int = 0) -> str:
    """A chance as a percentage (to ``places`` decimals); the tie-break on points
    (:func:`~cutthroat.bots.valuation.hand_value`) may take a value a hair outside 0–1,
    which a player should not see.

    >>> percent_text(0.4149), percent_text(1.0004), percent_text(0.0034, 1)
    ('41%', '100%', '0.3%')
    """
    return f"{min(max(value, 0.0), 1.0):.{places}%}"


def chances_apart(first: float, second: float) -> tuple[str, str]:
    """Two different chances as percentages with as many decimals (up to two) as tell
    them apart: "0.35%" and "0.26%", not "0%" and "0%", which would read as a tie
    (whole percents when two decimals do not tell them apart either)."""
    for places in (0, 1, 2):
        said = percent_text(first, places), percent_text(second, places)
        if said[0] != said[1]:
            return said
    return percent_text(first), percent_text(second)


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
    alike = _all_alike(view, options)
    if alike:  # (a newcomer read the reason after "no difference" as a reason to prefer)
        return f"{alike}; this one is simply the natural move: {reason}"
    blind = _blind(view, options)
    return f"{blind}; {reason}" if blind else reason


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
    chance = percent_text(best.win_chance)
    next_best = ""
    if len(options) > 1 and abs(options[0].value - options[1].value) > 1e-9 \
            and not chances_alike(options[0].win_chance, options[1].win_chance):
        second = options[1]  # (a tie's runner-up, or one level in chance, is named by
        # _runner_up instead)
        chance, shown = chances_apart(best.win_chance, second.win_chance)
        next_best = f"; next best: {said_move(view, second.action, gerund=True)}, {shown}"
    figures = (f"win chance {chance}, {best.points:+.2f} points, "
               f"{best.tricks:.1f} tricks for your side{next_best}")
    playing = view.phase.name == "PLAY" and best.action.card is not None
    cards = [o.action.card for o in options if o.action.card is not None]
    if extra and "edge" in extra and len(options) > 1:
        what = play_reason(view, best, cards) if playing else describe_option(view, best)
        runner = said_move(view, options[1].action, gerund=True)
        return (f"{what}; {runner} averaged only {_tenths(extra['edge'])} more, "
                f"within the samples' noise of {_spread(extra['noise'])} ({figures})")
    if playing:
        differ = _differing(options)
        note = _partner_note(view, best, differ)
        if note and differ is not None:
            # The score is the reason: the card's own job would be a second one, and
            # not why it is chosen.
            reason = _sparing(view, best, differ)
        else:
            reason = play_reason(view, best, cards)
            o = best.outcomes
            if (differ is not None and o.defending >= 0.5 and differ.outcomes.defending >= 0.5
                    and _in(differ.outcomes.defence_rate) == _in(o.defence_rate)):
                # The euchres alike: what the card is worth may be the marches it stops.
                reason += _marches_apart(view, o, [best, differ], of="the deals sampled")
    else:
        reason, note = _decision_reason(view, options, bool(extra and "lead" in extra)), ""
    for more in (note, _runner_up(view, options, extra)):
        if more:
            reason += f"; {more}"
    return f"{reason} ({figures})"


def _sparing(view: View, best: Option, rival: Option) -> str:
    """"leading 7H: the maker is euchred in 20% of the deals sampled, against 40% after
    leading AC": a card chosen to euchre the maker less often (:func:`_partner_note`
    says why)."""
    how = "playing" if view.current_trick else "leading"
    assert best.action.card is not None and rival.action.card is not None
    trump = None if view.trump is None else int(view.trump)
    return (f"{how} {card_name(best.action.card, trump)}: the maker is euchred in "
            f"{_in(best.outcomes.defence_rate)} of the deals sampled, against "
            f"{_in(rival.outcomes.defence_rate)} after {how} "
            f"{card_name(rival.action.card, trump)}")


def chances_alike(first: float, second: float) -> bool:
    """Whether two chances read the same to a hundredth of a percent (both certain, say,
    parted only by the tie-break on points): :func:`chances_apart` cannot tell them apart."""
    said = chances_apart(first, second)
    return said[0] == said[1]


def _tenths(share: float) -> str:
    """A small difference in chance as a player reads it: "0.4%", "0.04%" (a tenth
    would say "0.0%", or "under 0.1%" beside chances shown 0.1 apart), "under 0.01%"."""
    if share >= 0.0005:
        return f"{share:.1%}"
    return f"{share:.2%}" if share >= 0.00005 else "under 0.01%"


def _spread(noise: float) -> str:
    """The samples' noise as a player reads it: "±0.6%", "±0.04%", "under ±0.01%"
    (never "±0.0%")."""
    return "under ±0.01%" if noise < 0.00005 else f"±{_tenths(noise)}"


def _marches_apart(view: View, o: Outcomes, options: Sequence[Option],
                   of: str = "them") -> str:
    """Where a defender's options euchre the maker alike, what parts them may be how
    often the maker takes all five (3 points, R19): "; the maker takes all five in 40%
    of them, against 90% after leaving the TS" (the first option after which he takes
    all five more often, as said; ``of`` what), else ``""``."""
    def marches(x: Outcomes) -> str:
        return _in(x.marched_on / x.defending)

    mine = marches(o)
    # Only an option after which he takes all five more often: one with fewer would
    # argue for it ("the maker takes all five in 42% of them, against none after
    # picking up the TH" was said beside a close call for leaving it)
    against = next((x for x in options[1:] if x.outcomes.defending >= 0.5
                    and marches(x.outcomes) != mine
                    and x.outcomes.marched_on / x.outcomes.defending
                    > o.marched_on / o.defending), None)
    if against is None:
        return ""
    return (f"; the maker takes all five in {mine} of {of}, against "
            f"{marches(against.outcomes)} after "
            f"{describe_option(view, against, what_it_leaves=False)}")


def _runner_up(view: View, options: Sequence[Option],
               extra: Mapping[str, float] | None) -> str:
    """What to know of the next best option when the choice is not clear: that it is
    worth as much (the points it scores then decide, :meth:`ExpertBot._ranked
    <cutthroat.bots.expert.ExpertBot._ranked>`), or that it averaged less by no more than
    the samples' noise (a close call); and, when it scores more points than the choice,
    so that its points seem to speak for it, that it does and by how much. ``""`` when
    the choice is clear or every option is alike (said first)."""
    if len(options) < 2 or all(abs(o.value - options[0].value) <= 1e-9 for o in options):
        return ""
    best, second = options[0], options[1]
    named = said_move(view, second.action, gerund=True)
    mine, theirs = f"{best.points:+.2f}", f"{second.points:+.2f}"
    points = f"({theirs} against {mine})"
    if abs(best.value - second.value) <= 1e-9:
        more = sum(abs(o.value - second.value) <= 1e-9 for o in options[2:])
        others = f" and {number_word(more)} other{'s' if more > 1 else ''}" if more else ""
        verb = "are" if more else "is"
        text = f"{named}{others} {verb} worth as much on the deals sampled"
        if not more and best.points > second.points and mine != theirs:
            text += f" but scores fewer points {points}"
        return text
    scores_more = second.points > best.points and mine != theirs
    if chances_alike(best.win_chance, second.win_chance):
        # "win chance 100%; next best: pass, 100%" would read as a choice for nothing.
        text = (f"{named} is worth the same to your chance to win, to a "
                "hundredth of a percent")
        if best.points > second.points and mine != theirs:
            text += f", but scores fewer points {points}"
        return text
    if extra and "lead" in extra:
        text = (f"a close call: {named} averaged only {_tenths(extra['lead'])} "
                f"less, within the samples' noise of {_spread(extra['lead_noise'])}")
        return f"{text}, though it scores more points {points}" if scores_more else text
    if _more_points_alike(best, second):
        # The chances look alike at a glance: why the one with fewer points is chosen.
        return (f"{named} scores more points {points} but leaves you less chance "
                "to win the game")
    return ""
