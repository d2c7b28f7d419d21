"""Game review: the expert's second opinion on every choice one seat made in a game.

The same analysis as a hint (:func:`~cutthroat.bots.hints.hint`) is run at each of the
seat's decisions, on exactly what the seat could see then (its :class:`View`), and a
choice is reported when the expert's own is worth at least ``margin`` more chance to
win the game on the same sampled deals. This is the coach of ``cutthroat play
--coach`` run over a whole record (``cutthroat review``).

>>> from cutthroat import Game
>>> from cutthroat.bots import make_bot, play_game
>>> game = play_game(Game(seed=2), [make_bot("random", s) for s in range(3)])
>>> result = review(game, 0, samples=2, hands=1)
>>> result.decisions >= len(result.findings)
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, Verb
from ..cards import Card, Suit, sort_cards
from ..game import Game
from ..move_words import move_words, said_move
from ..scoring import HandResult, game_outcome
from ..state import Hand, Phase
from ..views import View
from .expert import Analysis, Option
from .play_reasons import number_word
from .reasons import chances_alike, chances_apart, euchre_costs, explain, whole_percent

__all__ = ["CONFIRM", "HAND_MARGIN", "MARGIN", "POINTS_MARGIN", "Finding", "Review",
           "Verdict", "check_budget", "confirmed", "decisions", "describe_verdict",
           "hand_won", "review", "review_lines", "second_opinion", "worth_asking"]

MARGIN = 0.02
"""A choice is reported when the expert's is worth at least this much more chance to
win the game, on the same sampled deals (smaller edges are mostly the samples' noise:
docs/bots.md)."""

POINTS_MARGIN = 0.5
"""A choice is reported too when the expert's, worth more chance to win, scores at
least this many more points in the hand on average: a hand thrown away where the game
hardly hangs on it (far behind, say, where every choice is worth about 1%) is still
one to learn from (a learner's blunder that lost a made hand went unsaid)."""

HAND_MARGIN = 0.25
"""Likewise when the expert's choice, worth more chance to win, wins the hand for the
seat's side in at least this much more of the deals sampled: made, for the maker; the
maker euchred, for a defender (a maker's lead made in 95% of the deals against 55%
scores him only 0.4 points more, but hands each defender 2 points more often)."""


def hand_won(option: Option) -> float | None:
    """How often ``option`` wins the hand for the seat's side, of the deals sampled: made
    (with or without all five) where it makes the seat the maker, the maker euchred
    where it defends; ``None`` where it does neither on most deals (a pass with trump
    still to make)."""
    o = option.outcomes
    if o.as_maker >= 0.5:
        return o.make_rate
    if o.defending >= 0.5:
        return o.defence_rate
    return None


def _thrown_away(best: Option, mine: Option, view: View | None, points: float,
                 hand: float) -> bool:
    """Whether ``mine`` throws the hand away beside ``best``, though the game's chance
    hardly hangs on it: ``best`` is worth visibly more chance to win (not only its
    points' tie-break), scores no fewer points, and scores ``points`` more or wins the
    hand in ``hand`` more of the deals. Never where a defender's euchre would cost him
    by the score (:func:`~cutthroat.bots.reasons.euchre_costs`: the expert euchres less
    there on purpose), nor without the ``view`` judged."""
    if (view is None or best.win_chance <= mine.win_chance
            or chances_alike(best.win_chance, mine.win_chance) or best.points < mine.points):
        return False
    defending = best.outcomes.defending >= 0.5 or mine.outcomes.defending >= 0.5
    if defending and euchre_costs(view)[0]:
        return False
    return best.points - mine.points >= points or _swing(best, mine) >= hand


def _same_role(best: Option, mine: Option) -> bool:
    """Whether both options make the seat the maker, or both a defender (on most deals)."""
    return (hand_won(best) is not None and hand_won(mine) is not None
            and (best.outcomes.as_maker >= 0.5) == (mine.outcomes.as_maker >= 0.5))


def _swing(best: Option, mine: Option) -> float:
    """How much more often ``best`` wins the hand than ``mine``, both in the same role
    (maker or defender: :func:`hand_won`); 0 where they differ in role or either in
    none."""
    if not _same_role(best, mine):
        return 0.0
    return (hand_won(best) or 0.0) - (hand_won(mine) or 0.0)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The expert's word on one choice.

    Attributes:
        chosen: the choice made.
        best: the expert's choice.
        best_value: the expert's choice's estimated chance to win the game.
        chosen_value: the same for the choice made.
        reason: why the expert's choice, in a player's words (the figures left out).
        phase: the decision's phase (a defender's ``pass`` is named as not defending
            alone), when known.
        view: the view judged, when known: the moves are then named as there ("pick
            up the KH" for the dealer's order, R8; "lead the right bower").
        best_points: the points the expert's choice scores in the hand, on average.
        chosen_points: the same for the choice made.
        best_hand: how often the expert's choice wins the hand for the seat's side
            (:func:`hand_won`), where both choices are made in one role, else ``None``.
        chosen_hand: the same for the choice made.
        maker: whether the seat is the maker in both (the hand won is made), else a
            defender (the maker euchred).
    """

    chosen: Action
    best: Action
    best_value: float
    chosen_value: float
    reason: str
    phase: Phase | None = None
    view: View | None = field(default=None, compare=False, repr=False)
    best_points: float = 0.0
    chosen_points: float = 0.0
    best_hand: float | None = None
    chosen_hand: float | None = None
    maker: bool = False

    @property
    def loss(self) -> float:
        """How much chance to win the choice gave away, as the expert values it."""
        return self.best_value - self.chosen_value


def worth_asking(view: View) -> bool:
    """Whether the expert can have an opinion on ``view``'s decision: there is a
    choice, and it is not a blind trump (R6), where every suit is alike. Checked before
    analysing, to spare an analysis whose verdict is known."""
    return len(view.legal) > 1 and view.phase is not Phase.JOKER_TRUMP


def second_opinion(analysis: Analysis, chosen: Action, margin: float = MARGIN,
                   view: View | None = None, points: float = POINTS_MARGIN,
                   hand: float = HAND_MARGIN) -> Verdict | None:
    """The expert's verdict on ``chosen`` after ``analysis`` of the same decision;
    ``None`` when it agrees, when there was no choice, when its choice is worth less
    than ``margin`` more (or no more: a tie) and scores fewer than ``points`` more points
    in the hand and wins it in less than ``hand`` more of the deals (:func:`hand_won`),
    when ``chosen`` is the runner-up of a close
    call (the expert's lead within the samples' noise, ``extra["lead"]``), when
    ``chosen`` was not valued (a keep the analysis did not try: analyse with
    ``also=(chosen,)``), or for a blind trump (R6: every suit is alike unseen).

    With the ``view`` analysed, the verdict's reason weighs the expert's choice against
    ``chosen``; without it, the analysis's own reason is given, which weighs it against
    the expert's second best, another move than the player's when there are more than
    two."""
    if (analysis.best == chosen or not analysis.samples
            or analysis.phase is Phase.JOKER_TRUMP):
        return None
    best = analysis.options[0]
    mine = next((o for o in analysis.options if o.action == chosen), None)
    # Never for a tie, even with a margin of 0: equal values are no finding.
    if mine is None or best.value - mine.value <= 0:
        return None
    if best.value - mine.value < margin and not _thrown_away(best, mine, view, points, hand):
        return None
    # Nor against the runner-up of a close call, which the expert's own reason calls one
    # (its lead within the samples' noise): that is no "clear" other choice.
    if "lead" in analysis.extra and analysis.options[1].action == chosen:
        return None
    reason = analysis.reason
    if view is not None and analysis.options[1] is not mine:
        rest = [o for o in analysis.options[1:] if o is not mine]
        reason = explain(view, [best, mine, *rest])  # the analysis's extra is of options[1]
    same = _same_role(best, mine)
    return Verdict(chosen, best.action, best.win_chance, mine.win_chance,
                   reason.split(" (win chance ")[0], analysis.phase, view,
                   best.points, mine.points, hand_won(best) if same else None,
                   hand_won(mine) if same else None, best.outcomes.as_maker >= 0.5)


CONFIRM = 4
"""A finding is checked again on this many times the deals its decision was first
analysed on, drawn afresh (:func:`confirmed`)."""


def confirmed(verdict: Verdict | None, view: View, *, samples: int | None = None,
              seed: int | None = None, margin: float = MARGIN,
              earlier: Sequence[View] = (), points: float = POINTS_MARGIN,
              hand: float = HAND_MARGIN) -> Verdict | None:
    """``verdict`` (:func:`second_opinion` on ``view``'s analysis with ``samples`` deals
    per option, default the expert's own) checked again on :data:`CONFIRM` times as many
    deals, drawn with another seed (``seed``, default one read from the view): the
    verdict of that second look, or ``None`` where it finds the choice made within
    ``margin`` of the best (and ``points`` of its points) after all. A card is first
    valued on 20 deals, and a lead of
    a few points on them can be a lucky draw: a player is not to be told of a mistake
    that was none (the review and the coach report only what the check confirms, with
    its figures, the more exact). ``earlier`` as for :func:`~cutthroat.bots.hints.hint`.
    """
    if verdict is None:
        return None
    from .hints import hint

    seed, deals = check_budget(view, samples, seed)
    again = hint(view, seed=seed, samples=deals, also=(verdict.chosen, verdict.best),
                 earlier=earlier)
    return second_opinion(again, verdict.chosen, margin, view, points, hand)


def check_budget(view: View, samples: int | None = None,
                 seed: int | None = None) -> tuple[int, int]:
    """The seed and the deals per option that :func:`confirmed` checks a finding on
    ``view`` with, after a first analysis on ``samples`` (default: the expert's own
    budget) with ``seed`` (default: one read from the view, another than the hint's)."""
    from .expert import BID_SAMPLES, PLAY_SAMPLES
    from .hints import hint_seed

    first = samples if samples is not None else (
        PLAY_SAMPLES if view.phase is Phase.PLAY else BID_SAMPLES)
    return (hint_seed(view) ^ 0x5EC0D if seed is None else seed), CONFIRM * first


def describe_verdict(verdict: Verdict, *, second_look: bool = False,
                     margin: float = MARGIN) -> str:
    """A verdict in a sentence: the expert's choice, both values, what differs (for two
    keeps of five, the cards kept in place of others), and why. The moves are named as
    a player says them (:func:`~cutthroat.move_words.move_words`: "the expert would call
    spades ... after passing", "would not defend alone ... after defending alone"),
    not by the record's ``call S`` and ``pass``. ``second_look``: the figures are those
    of :func:`confirmed`'s check (on :data:`CONFIRM` times the hint's deals), and the
    coach says so ("on a second look: win 35% ..."), or a player sees them differ from
    the hint's he was just shown, for no visible reason. ``margin``: the one the finding
    was held to (a ``review --margin``): one under it in chance to win was made by the
    hand (:func:`second_opinion`), and the line then says what the hand lost."""
    def said(action: Action, gerund: bool = False) -> str:
        if verdict.view is not None:
            return said_move(verdict.view, action, gerund=gerund)
        return move_words(action, verdict.phase, gerund=gerund)

    best, chosen = said(verdict.best), said(verdict.chosen, gerund=True)
    trump = None if verdict.view is None else verdict.view.trump
    mine, theirs = chances_apart(verdict.best_value, verdict.chosen_value)
    # A finding by the hand (under the margin in chance to win, or none given away:
    # the points' tie-break, at a margin of 0) says what the hand lost, or "win 1%
    # against 1%" would be all; one by the chance to win, as before.
    by_hand = verdict.loss < margin or verdict.loss <= 0
    if by_hand and verdict.best_points - verdict.chosen_points >= POINTS_MARGIN:
        values = (f"win {mine} and {verdict.best_points:+.2f} points in the hand, against "
                  f"{theirs} and {verdict.chosen_points:+.2f}")
    else:
        values = f"win {mine} against {theirs}"
    values += f" after {chosen}"
    if (by_hand and verdict.best_hand is not None and verdict.chosen_hand is not None
            and verdict.best_hand - verdict.chosen_hand >= HAND_MARGIN):
        won, lost = (f"{whole_percent(x)}%" if whole_percent(x) else "none"
                     for x in (verdict.best_hand, verdict.chosen_hand))
        hand = (f"you make it in {won} of the deals sampled" if verdict.maker
                else f"the maker is euchred in {won} of the deals sampled")
        if hand not in verdict.reason:  # (not said twice)
            values += f"; {hand}, against {lost}"
    if second_look:
        values = f"on a second look: {values}"
    why = verdict.reason if verdict.reason.endswith((".", "!", "?")) else f"{verdict.reason}."
    return (f"the expert would {best} ({values})"
            f"{_keeps_apart(verdict.best, verdict.chosen, trump)}. Why: {why}")


def _keeps_apart(best: Action, chosen: Action, trump: Suit | None = None) -> str:
    """For two keeps of five, what the better one keeps in place of what: ": it keeps
    QD in place of KS" (a player sees at once what to learn), the cards in the order a
    hand is shown under ``trump``; else ``""``."""
    if best.verb is not Verb.KEEP or chosen.verb is not Verb.KEEP:
        return ""
    kept = sort_cards([c for c in best.cards if c not in chosen.cards], trump)
    left = sort_cards([c for c in chosen.cards if c not in best.cards], trump)
    return f": it keeps {' '.join(map(str, kept))} in place of {' '.join(map(str, left))}"


def _rounded(share: float | None) -> float | None:
    return None if share is None else round(share, 4)


def _margin(margin: float) -> str:
    """The margin as a player reads it.

    >>> _margin(0.02), _margin(0.005)
    ('by 2% or more chance to win the game', 'by 0.5% or more chance to win the game')
    >>> _margin(0.0)
    'by any chance to win the game'
    """
    if margin <= 0:
        return "by any chance to win the game"
    return f"by {margin:.1%} or more chance to win the game".replace(".0%", "%")


def _margins(margin: float) -> str:
    """Both margins a finding is held to, as a player reads them.

    >>> print(_margins(0.02))  # doctest: +NORMALIZE_WHITESPACE
    by 2% or more chance to win the game, or, with more chance to win, by 0.5 points or
    more in the hand or the hand won in 25 more deals of 100
    """
    return (f"{_margin(margin)}, or, with more chance to win, by {POINTS_MARGIN:g} points "
            f"or more in the hand or the hand won in {round(HAND_MARGIN * 100)} more deals "
            "of 100")


@dataclass(frozen=True, slots=True)
class Finding:
    """A choice the expert would clearly have made otherwise.

    Attributes:
        hand: the hand's index in the game (0 for the first).
        move: the move's index in that hand's actions.
        phase: the decision's phase.
        trick: the trick's number (1–5) for a card, else ``None``.
        verdict: what the expert would have done, and why.
        scores: the scores before the hand, by seat.
        trump: the trump suit, once it was named.
        upcard: the up-card, while trump was still to be named.
        holding: the cards the seat held then.
        table: the cards played to the trick so far, as ``(seat, card)``.
    """

    hand: int
    move: int
    phase: Phase
    trick: int | None
    verdict: Verdict
    scores: tuple[int, int, int] | None = None
    trump: Suit | None = None
    upcard: Card | None = None
    holding: tuple[Card, ...] = ()
    table: tuple[tuple[int, Card], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        verdict = self.verdict
        return {"hand": self.hand, "action": self.move, "phase": self.phase.name.lower(),
                "trick": self.trick, "chosen": str(verdict.chosen), "best": str(verdict.best),
                "best_win_chance": round(verdict.best_value, 4),
                "chosen_win_chance": round(verdict.chosen_value, 4),
                "best_points": round(verdict.best_points, 4),
                "chosen_points": round(verdict.chosen_points, 4),
                "best_hand_won": _rounded(verdict.best_hand),
                "chosen_hand_won": _rounded(verdict.chosen_hand),
                "reason": verdict.reason,
                "scores": None if self.scores is None else list(self.scores),
                "trump": None if self.trump is None else self.trump.letter,
                "upcard": None if self.upcard is None else str(self.upcard),
                "holding": [str(c) for c in self.holding],
                "table": [[seat, str(card)] for seat, card in self.table]}

    def context(self, players: Sequence[str]) -> str:
        """Where the choice was made, in words: ``"Score: Ann 3, Ben 5, Cal 2; hearts
        are trump; holding AH AD 9C; on the table: Ben 9H."`` (the up-card instead of
        trump while trump was still to be named)."""
        from ..render import scores_text

        parts = []
        if self.scores is not None:
            parts.append("Score: " + scores_text(players, self.scores))
        if self.trump is not None:
            parts.append(f"{self.trump.plural} are trump")
        elif self.upcard is not None:
            parts.append(f"the up-card is {self.upcard}")
        if self.holding:
            parts.append("holding " + " ".join(str(c) for c in self.holding))
        if self.table:
            parts.append("on the table: " + ", ".join(
                f"{players[seat]} {card}" for seat, card in self.table))
        return "; ".join(parts) + "." if parts else ""


@dataclass(frozen=True, slots=True)
class Review:
    """The review of one seat's play: how many choices it had, and the findings;
    ``skipped``, how many of the seat's moves were left out of it (``review``'s
    ``skip``: the moves a stand-in bot made for the player in the web game)."""

    seat: int
    decisions: int
    findings: tuple[Finding, ...]
    skipped: int = 0

    @property
    def loss(self) -> float:
        """The chance to win given away by the findings the expert could value."""
        return sum(f.verdict.loss for f in self.findings)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (``cutthroat review --json``)."""
        return {"seat": self.seat, "decisions": self.decisions,
                "loss": round(self.loss, 4),
                "findings": [f.to_json() for f in self.findings]}


def decisions(game: Game, seat: int, hands: int | None = None,
              skip: Collection[tuple[int, int]] = ()) -> list[tuple[int, int, View, Action]]:
    """``(hand, move, view, action)`` for each move ``seat`` made with more than one
    legal choice, in order; the view is what the seat could see just before it, with
    the scores before that hand. ``hands`` stops after that many hands; the moves in
    ``skip``, as ``(hand, move)`` (both from 0), are left out."""
    out = []
    results: list[HandResult] = []
    for number, played in enumerate(game.hands[:hands]):
        scores = game_outcome(game.rules, results).scores
        hand = Hand(game.rules, played.dealt, played.dealer)
        for index, move in enumerate(played.moves):
            if (move.seat == seat and (number, index) not in skip
                    and len(hand.legal_action_ids()) > 1):
                out.append((number, index, hand.view(seat, scores=scores), move.action))
            hand.push(move)
        if played.result is not None:
            results.append(played.result)
    return out


def review(game: Game, seat: int, *, seed: int | None = None, samples: int | None = None,
           margin: float = MARGIN, hands: int | None = None,
           progress: Callable[[int, int], None] | None = None,
           skip: Collection[tuple[int, int]] = ()) -> Review:
    """The expert's review of ``seat``'s choices in ``game`` (finished or not).

    Each decision is analysed as the hint there was (:func:`~cutthroat.bots.hints.hint`
    with its default seed, read from the view, and the seat's view of the game's hands
    before it, as the terminal and web games give it),
    with ``samples`` deals per option (default: the expert's own); with ``seed``, with
    ``seed`` plus the number of moves before it in its hand instead (a second opinion
    on other samples). A choice the expert would clearly have made otherwise is checked
    again on four times the deals (:func:`confirmed`), and is a finding only if the check
    agrees, with the check's figures. ``progress(done, total)`` is called after each.
    The moves in ``skip``, as ``(hand, move)`` (both from 0), are not reviewed: the web game's moves
    a stand-in bot made for the seat's player (:attr:`Review.skipped` counts those of
    ``seat``).
    """
    from .hints import earlier_views, hint

    todo = decisions(game, seat, hands, skip)
    skipped = sum(1 for number, played in enumerate(game.hands[:hands])
                  for index, move in enumerate(played.moves)
                  if move.seat == seat and (number, index) in skip)
    seen = earlier_views(game, seat)
    findings = []
    for done, (number, index, view, action) in enumerate(todo, 1):
        verdict = None
        if worth_asking(view):
            at = None if seed is None else seed + len(view.moves)
            analysis = hint(view, seed=at, samples=samples, also=(action,),
                            earlier=seen[:number])
            verdict = confirmed(second_opinion(analysis, action, margin, view), view,
                                samples=samples, seed=None if at is None else at + 1,
                                margin=margin, earlier=seen[:number])
        if verdict is not None:
            trick = len(view.tricks) + 1 if view.phase is Phase.PLAY else None
            findings.append(Finding(number, index, view.phase, trick, verdict,
                                    scores=view.scores, trump=view.trump,
                                    upcard=view.upcard if view.trump is None else None,
                                    holding=view.cards, table=view.current_trick))
        if progress is not None:
            progress(done, len(todo))
    return Review(seat, len(todo), tuple(findings), skipped)


def review_lines(result: Review, players: Sequence[str], margin: float = MARGIN) -> list[str]:
    """A review in words: the seat's choices, each finding with where it was, both
    values and why, and the chance given away (``cutthroat review``, the web game).
    Moves left out of the review (:attr:`Review.skipped`: those a stand-in bot made
    for the player, in the web game, where a player reviews their own seat) are
    counted in the first line, spoken to the player.
    """
    from ..render import describe_phase, describe_seat

    choices = "1 choice" if result.decisions == 1 else f"{result.decisions} choices"
    skipped = ""
    if result.skipped:
        moves = "1 move" if result.skipped == 1 else f"{result.skipped} moves"
        verb = "is" if result.skipped == 1 else "are"
        skipped = f" The {moves} a bot made for you {verb} not reviewed."
    lines = [f"{describe_seat(result.seat, players)}: {choices}, "
             f"{len(result.findings)} where the expert would clearly have chosen otherwise "
             f"({_margins(margin)}).{skipped}"]
    for finding in result.findings:
        where = f"Hand {finding.hand + 1}, " + (
            f"trick {finding.trick}" if finding.trick is not None
            else describe_phase(finding.phase))
        lines.append(f"  {where}: {describe_verdict(finding.verdict, margin=margin)}")
        context = finding.context(players)
        if context:
            lines.append(f"    {context}")
    if result.findings:
        lines.append(f"Each was checked again on {number_word(CONFIRM)} times the deals "
                     "first sampled, and the figures are that check's: they may differ "
                     "from a hint's at the time.")
        points = result.loss * 100  # (under one: a tenth, not "0 percentage points")
        said = f"{points:.1f}" if points < 0.95 else f"{round(points)}"
        lines.append(f"Chance to win given away, summed over those choices as the expert "
                     f"values them: {said} percentage point{'' if said == '1' else 's'} "
                     "(a sum over decisions, so it may pass 100).")
    return lines
