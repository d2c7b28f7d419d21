"""The expert bot: every decision valued by simulation over sampled deals.

For each decision the expert deals the cards it cannot see many times, consistently
with its view (:mod:`cutthroat.bots.sampling`) and, mostly, with how the others bid and
played (a deal on which its model of them would have bid or played otherwise is
rarely kept; the model is the intermediate bot, or the beginner for a seat that has
played like one in this game, :mod:`cutthroat.bots.opponents`), and plays each option
out on every sample:

* in trick play, each card is searched on that sample against the model of the other
  seats (:mod:`cutthroat.bots.model_search`: every line of this seat's cards, the others
  played by the intermediate bot), or with ``card_play="solver"`` solved exactly
  against best defence (:mod:`cutthroat.bots.solver`);
* before play (bids, pick-up, discard, dummy or alone, keep, defender alone, the blind
  trump of R6) the option is applied, the rest of the hand's decisions are taken by the
  intermediate bot for every seat, and the play is solved exactly.

Each outcome is valued in game terms (:func:`cutthroat.bots.valuation.hand_value`: the
chance to win the game after the hand's points), so the same hand is bid differently at
0–0 and when an opponent needs two points. The same samples are used for every option
(common random numbers), which makes the comparison sharper than the sample size
suggests. :meth:`ExpertBot.analyse` returns every option's value and a reason, which
is what ``cutthroat hint`` prints.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..actions import Action
from ..cards import Card, Suit, card_strength
from ..state import Hand, Phase
from ..views import View
from .analysis import OUTCOME_KINDS, Analysis, Option, Outcomes, outcome_kind
from .base import bot_repr, require_turn
from .heuristic import BeginnerBot, IntermediateBot
from .heuristic_bidding import ranked_keeps
from .heuristic_play import prefers_maker
from .inference import Inference
from .model_search import ModelSearch, hand_points, side_tricks
from .opponents import SeatModels
from .playout_calibration import PLAYED
from .registry import check_options
from .sampling import parsed_move, same_hand
from .solver import evaluate_moves, solve
from .valuation import hand_worth

__all__ = ["BID_SAMPLES", "PLAY_SAMPLES", "Analysis", "ExpertBot", "Option", "Outcomes"]

PLAY_SAMPLES = 20
"""The deals the expert samples for each card it may play, by default."""
BID_SAMPLES = 40
"""The deals it samples for each option of a decision before trick play, by default."""


_BATCH = 10
"""Samples added at a time to a decision before play that is not yet settled."""
_RESOLVED = 2.0
"""A decision before play is settled when the best option leads the second by more
than this many standard errors (see ``bid_samples_max``)."""
_PLAYOUTS = ("solver", "policy", "mixed", "table", "bidding")
"""The ways a simulated hand is played out before play (``ExpertBot``'s ``playout``)."""
_BIDS = frozenset({Phase.BID_FIRST, Phase.BID_SECOND})
"""The decisions in which the options change who makes trump."""
_OPPONENTS = ("adaptive", "intermediate")
"""How the expert models the other seats (``ExpertBot``'s ``opponents``)."""
SPREAD = {expert_maker: tuple(tuple(n / sum(row) for n in row) for row in rows)
          for expert_maker, rows in PLAYED.items()}
"""``SPREAD[the expert is maker][solved tricks]``: the shares of the maker's tricks as
really played (:mod:`cutthroat.bots.playout_calibration`)."""


def _turncoat(hand: Hand | View, scores: tuple[int, int, int] | None) -> bool:
    """Whether a defender would rather the maker made it
    (:func:`~cutthroat.bots.heuristic_play.prefers_maker`: typically a euchre would take
    his partner to the target), so that the hand is played out by the model, whose
    defenders then play for the maker, instead of solved: the exact solver's defenders
    always play for the euchre. The expert's own seat counts too: as a defender whose
    euchre would hand its partner the game, it plays for the maker in card play (its
    search values the game, not the tricks), so its bids and its lone defence are valued
    by playouts that do the same (they valued a euchre that loses the game as a gain)."""
    maker = hand.maker
    if scores is None or maker is None or hand.sitting_out is not None:
        return False
    return any(prefers_maker(scores, hand.rules, seat, maker)
               for seat in range(3) if seat != maker)


def _throws(hand: Hand, me: int, scores: tuple[int, int, int] | None) -> bool:
    """Whether ``me`` defends alone and would rather the maker made it: its taking three
    tricks would score 2 for its partner too (R21), and take him to the game
    (:func:`~cutthroat.bots.heuristic_play.prefers_maker`). Going alone is then the way
    to make sure of it, the partner out of play; the solver, and the model's lone
    defender, would play for the tricks."""
    maker = hand.maker
    return (scores is not None and maker is not None and hand.sitting_out is not None
            and me != maker and me in hand.alone
            and prefers_maker(scores, hand.rules, me, maker))


def _spent(action: Action, trump: Suit | None) -> int:
    """What an option gives up, for ties that nothing else parts: the strength of the
    card played or discarded (R3: a trump above every plain card), less that of the
    cards kept. Of two options worth exactly the same, the one that keeps the higher
    cards is the one a player makes (the ace and the jack of a suit discarded alike:
    keep the ace); the action's text, the last resort, would throw the ace away."""
    def strength(card: Card) -> int:
        return card_strength(card.id, trump)

    if action.card is not None:
        return strength(action.card)
    return -sum(strength(card) for card in action.cards)


_TOTALS = 4 + OUTCOME_KINDS
"""An option's totals over the samples: value, own points, side tricks, each way the
hand ended (:data:`~cutthroat.bots.analysis.OUTCOME_KINDS` of them) and, last, the
chance to win without the tie-break (:func:`~cutthroat.bots.valuation.hand_chance`)."""


def _tally(acc: list[float], view: View, points: tuple[int, int, int], side: float,
           weight: float = 1.0, *, hero: bool = False) -> None:
    """Add one sample's outcome to an option's totals (:data:`_TOTALS`): value, own
    points, side tricks, chance to win (``hero``: valued knowing that the expert, not
    an intermediate, plays this seat)."""
    value, chance = hand_worth(view.seat, points, view.scores, view.rules, view.dealer,
                               hero=hero)
    acc[0] += weight * value
    acc[1] += weight * points[view.seat]
    acc[2] += weight * side
    acc[-1] += weight * chance


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of the per-sample differences ``a - b`` and its standard error (the
    samples are common to both options, so the difference is paired)."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    edge = sum(diffs) / n
    if n < 2:
        return edge, math.inf
    spread = sum((d - edge) ** 2 for d in diffs) / (n - 1)
    return edge, math.sqrt(spread / n)


def _settled(per_sample: list[list[float]]) -> bool:
    """Whether the best option's lead over the second is clear: more than
    :data:`_RESOLVED` standard errors of their paired difference, or no noise at all."""
    if len(per_sample) < 2:
        return True
    first, second = sorted(per_sample, key=lambda values: -sum(values))[:2]
    edge, noise = _paired(first, second)
    return noise == 0 or edge > _RESOLVED * noise


class ExpertBot:
    """Search over sampled deals with an exact solver, valued in game terms.

    Args:
        seed: seeds the bot's own generator (decisions are deterministic given it).
        play_samples: deals sampled for each card-play decision.
        bid_samples: deals sampled for each decision before play, at least.
        bid_samples_max: at most, for a decision before play that is close: after
            ``bid_samples`` deals, ten more are added at a time until the best option
            leads the second by more than two standard errors of their (paired)
            difference, or this many have been used (default ``bid_samples``: a
            fixed number; three times as many gained nothing measurable, see
            docs/strength.md).
        keep_candidates: how many keeps are simulated: the intermediate bot's own and
            the next best by its trick estimate among the keeps of the top cards of
            each suit (about 22 of the 252; simulating them all chose otherwise in one
            keep of 300, see docs/strength.md).
        time_limit: optional cap in seconds per decision; when reached, the bot stops
            sampling early (results then depend on the machine's speed).
        inference: how much a sampled deal is trusted when the other seats' bids (and,
            with ``play_inference``, their cards) on it differ from what the
            intermediate bot would have chosen with those cards: a deal on which they
            acted "out of character" is kept with this probability (1.0 turns inference
            off; 0.0 trusts the model completely).
        play_inference: judge the sampled deals by the cards the others played as well
            as by their bids (the default): a deal on which the model would have played
            another card than the one seen counts as out of character. The deals of one
            card decision that stay in character are carried to the next.
        playout: how a simulated hand is played once bidding is over: ``"solver"``
            (exactly, both sides seeing all cards), ``"policy"`` (by the intermediate
            bot for every seat), ``"mixed"`` (the average of the two) or ``"table"``
            (as at the table: the intermediate bot for the other seats and for this
            seat defending, the solver's best card for this seat as maker; it ends
            hands as they really end 94–95% of the time, the solver 86–89%), or
            ``"bidding"`` (``"table"`` for the bids that decide who makes trump, the
            first and second rounds' pass, order and call, where the solver was found
            to undervalue making trump; ``"solver"`` for every other decision).
        aware: value outcomes by the expert's own chances among two intermediate bots
            (:func:`cutthroat.bots.valuation.win_chances` with ``hero``), which knows
            how the expert's hands end, rather than as a game among equals (the
            default; on 1,200 paired games the two won the same, see docs/strength.md).
        calibrated: in decisions before play, with the solver's playout, count a
            solved hand as it is really played rather than as solved (card play is
            not affected): the maker's tricks spread as measured in
            hands of the expert against intermediates (:data:`SPREAD`), where
            defenders who cannot see the maker's cards let a hand solved for two
            tricks be made about three times in ten.
        card_play: how a card is valued on a sample: ``"model"`` (the default: the
            best line of this seat's cards against the others played by the model,
            :class:`~cutthroat.bots.model_search.ModelSearch`) or ``"solver"`` (the
            exact result against best defence, both sides seeing every card).
        margin: how many standard errors of the (paired) difference an option must
            beat the natural move (the intermediate bot's choice, what a good human
            would do) by to be chosen instead of it (an option that looks better by
            less may owe it to the draw). ``0``, the default, chooses the highest
            average: holding back such options with ``margin=1`` lost
            −0.0024 ± 0.0039 chance to win per hand (docs/strength.md), but it makes a
            more conventional partner, and the hint says when it applied.
        opponents: how the other seats are modelled, in reading their cards and in
            searching against their replies: ``"adaptive"`` (the default) by the
            intermediate bot, or for a seat that has played like the beginner in this
            game by the beginner (:class:`~cutthroat.bots.opponents.SeatModels`);
            ``"intermediate"`` by the intermediate bot always.
    """

    name = "expert"

    def __init__(self, seed: int | None = 0, *, play_samples: int = PLAY_SAMPLES,
                 bid_samples: int = BID_SAMPLES,
                 bid_samples_max: int | None = None,
                 keep_candidates: int = 6, time_limit: float | None = None,
                 inference: float = 0.01, playout: str = "solver", aware: bool = False,
                 calibrated: bool = False, card_play: str = "model",
                 play_inference: bool = True, margin: float = 0.0,
                 opponents: str = "adaptive", rng: random.Random | None = None) -> None:
        # each option of the kind its annotation says, as a spec's are checked (a
        # BotSpecError, not "'<' not supported" from inside)
        check_options(ExpertBot, "expert", dict(
            play_samples=play_samples, bid_samples=bid_samples,
            bid_samples_max=bid_samples_max, keep_candidates=keep_candidates,
            time_limit=time_limit, inference=inference, margin=margin, playout=playout,
            card_play=card_play, opponents=opponents, aware=aware, calibrated=calibrated,
            play_inference=play_inference))
        if playout not in _PLAYOUTS:
            raise ValueError(
                f"playout must be solver, policy, mixed, table or bidding, not {playout!r}")
        for label, count in (("play_samples", play_samples), ("bid_samples", bid_samples),
                             ("bid_samples_max", bid_samples_max),
                             ("keep_candidates", keep_candidates)):
            if count is not None and count < 1:
                raise ValueError(f"{label} must be at least 1, not {count!r}")
        if bid_samples_max is not None and bid_samples_max < bid_samples:
            raise ValueError(f"bid_samples_max ({bid_samples_max}) must be at least "
                             f"bid_samples ({bid_samples}): it is the most drawn for a close "
                             "decision")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be a number of seconds above 0, not {time_limit!r}")
        if not 0.0 <= inference <= 1.0:
            raise ValueError(f"inference must lie between 0 and 1, not {inference!r}")
        if opponents not in _OPPONENTS:
            raise ValueError(f"opponents must be adaptive or intermediate, not {opponents!r}")
        if card_play not in ("model", "solver"):
            raise ValueError(f"card_play must be model or solver, not {card_play!r}")
        self.card_play = card_play
        if not margin >= 0:
            raise ValueError(f"margin must be at least 0, not {margin!r}")
        self.margin = margin
        self.playout = playout
        self.rng = rng if rng is not None else random.Random(seed)
        self.play_samples = play_samples
        self.bid_samples = bid_samples
        self.bid_samples_max = bid_samples if bid_samples_max is None else bid_samples_max
        self.keep_candidates = keep_candidates
        self.time_limit = time_limit
        self.aware = aware
        self.calibrated = calibrated
        self._policy = IntermediateBot(seed=0)
        models: dict[str, IntermediateBot | BeginnerBot] = {"intermediate": self._policy}
        if opponents == "adaptive":
            models["beginner"] = BeginnerBot(seed=0)
        self.opponents = opponents
        self.seat_models = SeatModels(models, seed=seed)
        """The model of each other seat (:class:`~cutthroat.bots.opponents.SeatModels`):
        the intermediate bot, or with ``opponents="adaptive"`` the beginner for a seat
        that plays like one."""
        self.reader = Inference(self.seat_models, inference, play_inference)
        """How the others' cards are read from their bids and play
        (:class:`~cutthroat.bots.inference.Inference`)."""
        self._carry: tuple[View, list[Hand]] | None = None
        self._made = (seed, rng)

    def __repr__(self) -> str:
        """``ExpertBot(seed=0, bid_samples=80)``: the options that differ from the
        defaults, as they are now."""
        return bot_repr(
            self, *self._made, play_samples=self.play_samples, bid_samples=self.bid_samples,
            bid_samples_max=(None if self.bid_samples_max == self.bid_samples
                             else self.bid_samples_max),
            keep_candidates=self.keep_candidates, time_limit=self.time_limit,
            inference=self.inference, playout=self.playout, aware=self.aware,
            calibrated=self.calibrated, card_play=self.card_play,
            play_inference=self.play_inference, margin=self.margin,
            opponents=self.opponents)

    @property
    def inference(self) -> float:
        """The probability with which a deal out of character is kept anyway."""
        return self.reader.inference

    @property
    def play_inference(self) -> bool:
        """Whether the cards the others played are judged as well as their bids."""
        return self.reader.play_inference

    def choose(self, view: View) -> Action:
        """The option with the best expected value."""
        return self.analyse(view).best

    # --- analysis ----------------------------------------------------------------------

    def analyse(self, view: View, also: Sequence[Action] = ()) -> Analysis:
        """Value every legal option of ``view``'s seat (which must be the seat to act):
        of a keep's 252, the ``keep_candidates`` worth simulating, and any legal
        ``also`` (a player's own keep, for a review to value it on the same samples)."""
        require_turn(view, "analyse")
        self.seat_models.observe(view)
        legal = [Action.parse(text) for text in view.legal]
        if len(legal) == 1:
            only = Option(legal[0], 0.0, 0.0, 0.0)
            said = "the only legal card" if view.phase is Phase.PLAY else "the only legal move"
            return Analysis(view.seat, view.phase, (only,), 0, said,
                            models=self.seat_models.model_names(), trump=view.trump)
        rng = random.Random(self.rng.getrandbits(64))
        if view.phase is Phase.PLAY:
            analysis = self._analyse_play(view, legal, rng)
        else:
            analysis = self._analyse_decision(view, legal, rng, also)
        from .reasons import explain

        return Analysis(analysis.seat, analysis.phase, analysis.options, analysis.samples,
                        explain(view, analysis.options, analysis.extra), analysis.extra,
                        self.seat_models.model_names(), view.trump)

    def _deadline(self) -> float | None:
        return None if self.time_limit is None else time.perf_counter() + self.time_limit

    def _analyse_play(self, view: View, legal: list[Action], rng: random.Random) -> Analysis:
        me = view.seat
        totals = {a.card.id: [0.0] * _TOTALS for a in legal if a.card is not None}
        per_sample: dict[int, list[float]] = {card: [] for card in totals}
        # Maker, lone defender and scores are public in play: the same on every sample.
        turncoat = self.card_play == "solver" and _turncoat(view, view.scores)
        deadline = self._deadline()
        used = 0
        carried = self._carried(view, rng)
        drawn: list[Hand] = []
        seeds = list(carried)  # deals in character, to start a chain from
        for index in range(self.play_samples):
            if index < len(carried):
                hand = carried[index]
            else:
                hand, in_character = self._draw(view, rng, seeds)
                if in_character:
                    seeds.append(hand)
            drawn.append(hand)
            maker = hand.maker
            assert maker is not None
            before = {card: acc[0] for card, acc in totals.items()}
            if self.card_play == "model":
                search = ModelSearch(me, self.seat_models, view.scores, hand, hero=self.aware)
                for card, (value, points, side, chance) in search.options(hand).items():
                    acc = totals[card]
                    acc[0] += value
                    acc[1] += points
                    acc[2] += side
                    acc[3 + outcome_kind(me, maker, side)] += 1.0
                    acc[-1] += chance
            elif turncoat:
                for card in totals:
                    after = hand.copy()
                    after.apply_id(card)
                    scored, side = self._played_out(after, me, view.scores)
                    _tally(totals[card], view, scored, side, hero=self.aware)
                    totals[card][3 + outcome_kind(me, maker, side)] += 1.0
            else:
                for card, maker_tricks in evaluate_moves(hand).items():
                    side = side_tricks(me, maker, maker_tricks)
                    _tally(totals[card], view, hand_points(hand, maker_tricks), side,
                           hero=self.aware)
                    totals[card][3 + outcome_kind(me, maker, side)] += 1.0
            for card, acc in totals.items():
                per_sample[card].append(acc[0] - before[card])
            used += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self._carry = (view, drawn)
        return self._ranked(view, used, [
            (Action.play(Card.from_id(card)), acc, per_sample[card])
            for card, acc in totals.items()
        ], self._policy.choose(view))

    def _carried(self, view: View, rng: random.Random) -> list[Hand]:
        """The deals sampled for this seat's last card of the same hand, brought up to
        ``view`` by the cards played since, that are still consistent with it and (with
        ``play_inference``) in character: a particle filter, so that a deal found once
        by rejection need not be found again."""
        if self._carry is None:
            return []
        before, deals = self._carry
        self._carry = None
        if not same_hand(before, view):
            return []
        since = [parsed_move(text) for text in view.moves[len(before.moves):]]
        mine = set(view.cards)
        out = []
        for deal in deals:
            hand = self.reader.extend(deal.copy(), since, view, rng)
            if hand is not None and set(hand.cards(view.seat)) == mine:
                out.append(hand)
        return out

    def _candidates(self, view: View, legal: list[Action], model: Action) -> list[Action]:
        """The options worth simulating: all of them, but for a keep the model's choice
        (``model``) and the next best by the model's trick estimate among the keeps of
        the top cards of each suit
        (:func:`~cutthroat.bots.heuristic_bidding.ranked_keeps`; a lower card kept in
        place of a higher one of its suit never helps the maker), ``keep_candidates``
        in all."""
        if view.phase is not Phase.KEEP:
            return legal
        others = [action for action in ranked_keeps(view) if action != model]
        return [model, *others[: self.keep_candidates - 1]]

    def _analyse_decision(self, view: View, legal: list[Action],
                          rng: random.Random, also: Sequence[Action] = ()) -> Analysis:
        me = view.seat
        natural = self._policy.choose(view)
        candidates = self._candidates(view, legal, natural)
        candidates = [*candidates, *(a for a in dict.fromkeys(also)
                                     if a in legal and a not in candidates)]
        totals = [[0.0] * _TOTALS for _ in candidates]
        per_sample: list[list[float]] = [[] for _ in candidates]
        deadline = self._deadline()
        used = 0
        seeds: list[Hand] = []  # deals in character, to start a chain from
        playout = self._playout_for(view.phase)
        while used < max(self.bid_samples, self.bid_samples_max):
            if (used >= self.bid_samples and (used - self.bid_samples) % _BATCH == 0
                    and _settled(per_sample)):
                break
            sample, in_character = self._draw(view, rng, seeds)
            if in_character:
                seeds.append(sample)
            for index, action in enumerate(candidates):
                hand = sample.copy()
                hand.push(action)
                self._model_moves(hand, view.scores, until_play=True)
                before = totals[index][0]
                for points, side, weight in self._outcomes(hand, me, view.scores,
                                                           playout):
                    _tally(totals[index], view, points, side, weight, hero=self.aware)
                    totals[index][3 + outcome_kind(me, hand.maker, side)] += weight
                per_sample[index].append(totals[index][0] - before)
            used += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        return self._ranked(view, used, list(zip(candidates, totals, per_sample, strict=True)),
                            natural)

    def _draw(self, view: View, rng: random.Random,
              seeds: Sequence[Hand]) -> tuple[Hand, bool]:
        """A deal in character, or the closest found, and whether it is in character
        (:meth:`~cutthroat.bots.inference.Inference.draw`; ``seeds`` are deals of this
        decision already in character, to start a chain from)."""
        return self.reader.draw(view, rng, seeds)

    def _model_moves(self, hand: Hand, scores: tuple[int, int, int] | None, *,
                     until_play: bool) -> None:
        """Let the model (the intermediate bot, shown the game's score) take every
        decision: up to the first card (``until_play``) or to the end of the hand."""
        while not hand.is_over and not (until_play and hand.phase is Phase.PLAY):
            seat = hand.to_act
            assert seat is not None
            hand.push(self.seat_models.choose_in(hand, seat, scores), seat)

    def _playout_for(self, phase: Phase) -> str:
        """The playout used for a decision before play in ``phase``: ``playout``, but
        with ``"bidding"`` the table's for bids and the solver's for the rest."""
        if self.playout == "bidding":
            return "table" if phase in _BIDS else "solver"
        return self.playout

    def _outcomes(self, hand: Hand, me: int, scores: tuple[int, int, int] | None,
                  playout: str | None = None
                  ) -> list[tuple[tuple[int, int, int], float, float]]:
        """How a hand ready for play ends: solved exactly, played out by the model, or
        both (``playout``, by default the bot's own), as (points, this seat's side's
        tricks, weight), the weights summing to one. With ``calibrated`` a solved hand
        (nobody alone) ends in each trick count as often as such hands were really
        played. A hand in which another defender would play for the maker is always
        played out by the model: the solver would count him as a partner."""
        if hand.result is not None:  # thrown in
            return [(hand.result.points, 0.0, 1.0)]
        maker = hand.maker
        assert maker is not None
        playout = self._playout_for(hand.phase) if playout is None else playout
        if _throws(hand, me, scores):  # before "table": its solver plays the other way
            return [self._thrown(hand, me, scores)]
        if playout == "table":
            return [(*self._played_out(hand.copy(), me, scores, solver_maker=True), 1.0)]
        if playout != "policy" and _turncoat(hand, scores):
            playout = "policy"
        out: list[tuple[tuple[int, int, int], float, float]] = []
        if playout in ("solver", "mixed"):
            maker_tricks = solve(hand)
            if self.calibrated and not hand.alone:
                spread = SPREAD[maker == me][maker_tricks]
                out.extend((hand_points(hand, tricks), side_tricks(me, maker, tricks), share)
                           for tricks, share in enumerate(spread) if share)
            else:
                out.append((hand_points(hand, maker_tricks),
                            side_tricks(me, maker, maker_tricks), 1.0))
        if playout in ("policy", "mixed"):
            out.append((*self._played_out(hand.copy(), me, scores), 1.0))
        if playout == "mixed":
            out = [(points, side, weight / 2) for points, side, weight in out]
        return out

    def _thrown(self, hand: Hand, me: int, scores: tuple[int, int, int] | None
                ) -> tuple[tuple[int, int, int], float, float]:
        """How a hand ends that ``me`` defends alone to let the maker make it
        (:func:`_throws`): ``me`` plays the best line of its own card search against
        the model (as it will at the table), the maker the model's cards."""
        maker = hand.maker
        assert maker is not None
        search = ModelSearch(me, self.seat_models, scores, hand, hero=self.aware)
        line = search.best(hand.copy())
        tricks = next(k for k in range(6) if search.end(k) == line)
        return hand_points(hand, tricks), side_tricks(me, maker, tricks), 1.0

    def _played_out(self, hand: Hand, me: int, scores: tuple[int, int, int] | None,
                    *, solver_maker: bool = False) -> tuple[tuple[int, int, int], float]:
        """Play a hand in play to its end with the model for every seat, except that
        with ``solver_maker`` (``playout="table"``, the hand as it would go at the
        table) this seat as maker plays the exact solver's best card (the model's when
        it is among the best): (points, the tricks of ``me``'s side)."""
        maker = hand.maker
        assert maker is not None
        policy = self.seat_models
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = policy.choose_in(hand, seat, scores)
            if solver_maker and seat == me == maker:
                values = evaluate_moves(hand)
                best = max(values.values())
                assert action.card is not None
                if values[action.card.id] != best:
                    card = min(c for c, v in values.items() if v == best)
                    action = Action.play(Card.from_id(card))
            hand.push(action, seat)
        result = hand.result
        assert result is not None
        return result.points, side_tricks(me, maker, result.tricks[maker])

    def _ranked(self, view: View, used: int,
                rows: list[tuple[Action, list[float], list[float]]],
                natural: Action) -> Analysis:
        """Options best first; on equal value more points in this hand (what a player
        who cannot change his chance to win still plays for, and what the hint shows),
        then ``natural``, the model's own choice (the move a good human would make),
        then more tricks, then the lower card played or discarded, the higher cards
        kept (:func:`_spent`), and last the action's text. An option that beats
        ``natural`` by no more than ``margin`` standard errors of the difference (the
        samples are common to all options, so the difference is paired) is not
        preferred to it: ``natural`` is put first and the edge it gave up is recorded
        in ``extra`` (``edge`` and ``noise``, in chance to win the game). Otherwise a
        first option ahead of the second by no more than one standard error is a close
        call, recorded as ``lead`` and ``lead_noise``."""
        n = max(used, 1)
        options = [Option(a, acc[0] / n, acc[1] / n, acc[2] / n,
                          Outcomes(*(x / n for x in acc[3:3 + OUTCOME_KINDS])), acc[-1] / n)
                   for a, acc, _ in rows]
        options.sort(key=lambda o: (-round(o.value, 9), -round(o.points, 9),
                                    o.action != natural, -o.tricks,
                                    _spent(o.action, view.trump), str(o.action)))
        extra: dict[str, float] = {}
        top = options[0].action
        if top != natural and self.margin > 0 and used >= 2:
            values = {action: per for action, _, per in rows}
            if natural in values:
                edge, noise = _paired(values[top], values[natural])
                if edge <= self.margin * noise:
                    first = next(o for o in options if o.action == natural)
                    options.remove(first)
                    options.insert(0, first)
                    extra = {"edge": edge, "noise": noise}
        if not extra and len(options) > 1 and used >= 2 \
                and options[0].value - options[1].value > 1e-9:
            values = {action: per for action, _, per in rows}
            lead, noise = _paired(values[options[0].action], values[options[1].action])
            if lead <= noise:
                extra = {"lead": lead, "lead_noise": noise}
        return Analysis(view.seat, view.phase, tuple(options), used, extra=extra)
