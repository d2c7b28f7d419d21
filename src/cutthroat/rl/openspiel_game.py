"""Cutthroat euchre as an OpenSpiel game: ``python_cutthroat_euchre``.

Importing this module registers the game with ``pyspiel`` (the ``openspiel`` extra), so
OpenSpiel's algorithms and tools can load it by name. One episode is one hand, as in
OpenSpiel's four-handed ``euchre``:

* chance first draws the dealer (outcomes 0–2, R4), then deals the deck card by card
  (outcomes are card ids): five to seats 0, 1, 2, five to the dummy, the rest to the
  kitty, the first of which is the up-card (R5; a uniformly random deal either way);
* then the three players act as the rules say, with the flat action space of
  :mod:`cutthroat.actions` (332 ids; a ``keep`` id is relative to the maker's ten
  cards);
* the returns are each seat's points (R19–R21) minus the average of the three, so the
  game is zero-sum.

``resample_from_infostate`` deals the cards a player cannot see again, consistently with
what it saw, so OpenSpiel's information-set MCTS (``ISMCTSBot``) can search the game.
The observation tensor of a player is :func:`cutthroat.rl.observation.encode` of its
view (343 floats, never a hidden card); its information state tensor adds the hand's
log move by move as the player saw it (perfect recall, 1,747 floats,
:mod:`cutthroat.rl.information_state`), and its information state string is the same in
words: its cards, and every public move of the hand in order. Its observation string is
the observation tensor in words (:func:`observation_text`: what the seat sees now, no
move log).
Parameters are the rules' variant fields: ``deck``, ``dummy``, ``dealer_must_pick_up``,
``may_name_turned_down_suit``, ``stick_the_dealer``, ``march_points``,
``maker_alone_march`` (0 for the same as ``march_points``).

>>> import pyspiel
>>> from cutthroat.rl import openspiel_game
>>> game = pyspiel.load_game("python_cutthroat_euchre", {"deck": 25})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 3)
>>> game.num_distinct_actions(), game.observation_tensor_size()
(332, 343)
>>> game.information_state_tensor_size()
1747
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from . import missing_extra

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as exc:  # pragma: no cover - installed by make test
    raise missing_extra(exc, "openspiel") from None

from ..actions import KEEP, NUM_ACTIONS, Action
from ..bots.sampling import sample_hand
from ..cards import NUM_CARD_IDS, Card, deck
from ..deal import Deal
from ..errors import DealError
from ..rules import Rules
from ..state import Hand
from ..views import View
from .information_state import INFORMATION_STATE_SIZE, MoveLog
from .layout import SIZE
from .observation import action_text, encode, turned_down
from .rewards import hand_rewards

__all__ = ["NAME", "WHOLE_GAME_FIELDS", "CutthroatGame", "CutthroatObserver",
           "CutthroatState",
           "max_chance_outcomes", "max_decisions", "observation_text", "rules_of",
           "utility_bounds"]

NAME = "python_cutthroat_euchre"
"""The name the game is registered under."""

_DEFAULTS = Rules()
WHOLE_GAME_FIELDS = ("target", "tie")
"""The :class:`~cutthroat.Rules` fields that are no parameter of this game: they matter
only to a whole game (R22), and an OpenSpiel game here is one hand."""

_PARAMETERS: dict[str, Any] = {
    "deck": _DEFAULTS.deck,
    "dummy": _DEFAULTS.dummy,
    "dealer_must_pick_up": _DEFAULTS.dealer_must_pick_up,
    "may_name_turned_down_suit": _DEFAULTS.may_name_turned_down_suit,
    "stick_the_dealer": _DEFAULTS.stick_the_dealer,
    "march_points": _DEFAULTS.march_points,
    "maker_alone_march": 0,
}

_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Three-handed (cutthroat) euchre, one hand (cutthroat package)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=3,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)


def rules_of(params: dict[str, Any]) -> Rules:
    """The rules a game's parameters describe."""
    fields = {**_PARAMETERS, **params}
    lone = fields.pop("maker_alone_march")
    return Rules(**fields, maker_alone_march=lone or None)


def utility_bounds(rules: Rules) -> tuple[float, float]:
    """The lowest and highest return a seat can get in one hand under ``rules``: the
    game's ``min_utility`` and ``max_utility``, both reached.

    A hand's points go to the maker alone (``m``: 1, ``march_points``, or for a lone
    maker ``lone_march_points``), his return ``2m/3`` and the others' ``-m/3``; or to
    both defenders (``d`` each: 2 for a euchre, 4 for a lone defender's march, R20 and
    R21), their returns ``d/3`` and the maker's ``-2d/3``. Both are worked out by
    :func:`~cutthroat.rl.rewards.hand_rewards`, as the returns are, so that they are
    the same floats: ``8/3`` and ``4 - 4/3`` differ in the last bit, and OpenSpiel
    checks every return against the bounds exactly."""
    maker = max(1, rules.march_points, rules.lone_march_points if rules.dummy else 1)
    defenders = 4  # each, after a lone defender's march (R21)
    returns = [*hand_rewards((maker, 0, 0)), *hand_rewards((defenders, 0, defenders))]
    return min(returns), max(returns)


def max_decisions(rules: Rules) -> int:
    """The most decisions the players can take in one hand under ``rules``: the game's
    ``max_game_length`` (OpenSpiel counts decision nodes only, not chance outcomes).
    Every hand with a dummy dealt can reach it (25), and without one 23:

    * six bids: three passes in the first round (R7), then two passes and a call in
      the second (R9); every other way to trump is shorter (an order, the dealer's
      pick-up and his discard are at most five moves, a joker turned up two, R6,
      R8), and six passes throw the hand in (R10);
    * the maker's ``dummy`` and his ``keep`` of five, one action (R12; an ``alone``
      is one move, and with ``dummy = false`` there is neither);
    * two defenders who both pass (R13; a lone defender's partner takes no decision);
    * fifteen cards: five tricks of three (a lone maker still plays against both
      defenders; a lone defender makes it ten, R15–R17).

    >>> max_decisions(Rules()), max_decisions(Rules(dummy=False))
    (25, 23)
    """
    return 6 + (2 if rules.dummy else 0) + 2 + 15


def max_chance_outcomes(rules: Rules) -> int:
    """The game's ``max_chance_outcomes``: one more than the highest chance outcome, the
    highest card id of the deck (the joker is 32, the other cards 0–31; the dealer's
    outcomes are 0–2)."""
    return 1 + max(card.id for card in deck(rules.deck))


class CutthroatGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of cutthroat euchre for OpenSpiel (see the module's text)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.rules = rules_of(params or {})
        low, high = utility_bounds(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=max_chance_outcomes(self.rules),
            num_players=3,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=max_decisions(self.rules),
        )
        super().__init__(_TYPE, info, {**_PARAMETERS, **(params or {})})

    def max_chance_nodes_in_history(self) -> int:
        """The chance nodes of every hand: the dealer, then each card of the deck."""
        return 1 + self.rules.deck

    def new_initial_state(self) -> CutthroatState:
        """A hand before the dealer is drawn."""
        return CutthroatState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> CutthroatObserver:
        """The observer for one player: the view as a tensor and a string, or with
        ``perfect_recall`` the information state as a tensor and a string."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return CutthroatObserver(kind)


class CutthroatState(pyspiel.State):  # type: ignore[misc]
    """A hand being dealt or played."""

    def __init__(self, game: CutthroatGame) -> None:
        super().__init__(game)
        self.rules: Rules = game.rules
        self.dealer: int | None = None
        self.order: list[int] = []
        """The card ids dealt so far, in order."""
        self.hand: Hand | None = None
        self.log = MoveLog()
        """The hand's moves, encoded once each for the information state tensor."""

    # --- OpenSpiel's API ---------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or chance, or terminal."""
        if self.hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.hand.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.hand.to_act
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        """Whether the hand is scored (or thrown in)."""
        return self.hand is not None and self.hand.is_over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (0–2), then the cards left in the deck, all equally likely."""
        assert self.hand is None
        if self.dealer is None:
            return [(seat, 1 / 3) for seat in range(3)]
        left = self._cards_left()
        return [(card, 1 / len(left)) for card in left]

    def _cards_left(self) -> list[int]:
        """The ids of the deck's cards not dealt yet, ascending."""
        return [card.id for card in deck(self.rules.deck) if card.id not in self.order]

    def _why_not_dealt(self, action: object) -> str:
        """Why chance outcome ``action`` cannot be the next card dealt."""
        if type(action) is not int or not 0 <= action < NUM_CARD_IDS:
            return f"chance outcome {action!r} is not a card id (0 to {NUM_CARD_IDS - 1})"
        card = Card.from_id(action)
        if action in self.order:
            return f"{card} (card id {action}) has already been dealt"
        return f"{card} (card id {action}) is not in the {self.rules.deck}-card deck"

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hand is not None and player == self.hand.to_act
        return sorted(self.hand.legal_action_ids())

    def _apply_action(self, action: int) -> None:
        """Apply a player's action (the engine refuses an illegal one) or a chance
        outcome, which must be one of :meth:`chance_outcomes`: a dealer 0–2, then a card
        of the deck not dealt yet. Anything else raises (:class:`~cutthroat.errors.
        IllegalActionError`, :class:`~cutthroat.errors.ActionParseError` or
        :class:`~cutthroat.errors.DealError`, all ``ValueError``) and changes nothing."""
        if self.hand is not None:
            self.log.add(self.hand.push_id(action))
        elif self.dealer is None:
            if type(action) is not int or action not in range(3):
                raise DealError(f"chance outcome {action!r} is not a dealer: the dealer "
                                "is seat 0, 1 or 2")
            self.dealer = action
        else:
            if type(action) is not int or action not in self._cards_left():
                raise DealError(self._why_not_dealt(action))
            self.order.append(action)
            if len(self.order) == self.rules.deck:
                self.hand = Hand(self.rules, Deal.from_order(self.rules, self.order),
                                 self.dealer)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"dealer {action}" if self.dealer is None else f"deal {Card.from_id(action)}"
        if self.hand is None:  # still dealing: a keep's cards are not known yet
            if KEEP <= action < NUM_ACTIONS:
                return f"keep #{action - KEEP}"
            return str(Action.from_id(action))
        return action_text(self.hand, player, action)

    def returns(self) -> list[float]:
        """Points minus their average once the hand is over; zeros before."""
        if self.hand is None or self.hand.result is None:
            return [0.0, 0.0, 0.0]
        return hand_rewards(self.hand.result.points)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None
                                ) -> CutthroatState:
        """A state ``player_id`` cannot tell from this one: the cards it cannot see
        dealt again at random, consistently with everything it saw (its cards, the
        up-card, every card played, the voids shown; :func:`cutthroat.bots.sampling.
        sample_hand`), and the hand's moves replayed on them. This is what
        information-set search (OpenSpiel's ``ISMCTSBot``) needs. ``probability_sampler``
        (OpenSpiel's, a callable giving numbers in [0, 1)) seeds the draw."""
        if self.hand is None:
            return self.clone()  # type: ignore[no-any-return]
        seed = int(probability_sampler() * 2**31) if probability_sampler else None
        hand = sample_hand(self.hand.view(player_id), random.Random(seed))
        deal = hand.dealt
        # Built by its chance outcomes and moves, so that its history() and
        # move_number() are those of a state that really came about so.
        state: CutthroatState = self.get_game().new_initial_state()
        state.apply_action(hand.dealer)
        for card in (*deal.hands[0], *deal.hands[1], *deal.hands[2], *deal.dummy,
                     *deal.kitty):
            state.apply_action(card.id)
        for move in hand.moves:
            assert state.hand is not None
            state.apply_action(state.hand.action_id(move.action))
        return state

    def view(self, player: int) -> View | None:
        """What ``player`` may see (``None`` while the cards are being dealt)."""
        return None if self.hand is None else self.hand.view(player)

    def __str__(self) -> str:
        if self.hand is None:
            return f"dealing: dealer {self.dealer}, {len(self.order)} cards dealt"
        from ..render import describe_hand

        return "\n".join(describe_hand(self.hand))


def observation_text(view: View) -> str:
    """``view`` as the observation tensor (:func:`~cutthroat.rl.observation.encode`)
    holds it, in words: OpenSpiel's observation string. Two views give the same text
    exactly when they give the same tensor (under the same rules, for the same seat):
    the cards played in finished tricks by whom but not in which trick, the trick in
    progress in the order played, no move log (for that, the information state string).
    Seats are absolute; cards are sorted by card id, so the text is deterministic.

    >>> from cutthroat import Hand
    >>> observation_text(Hand.deal(seed=1).view(0)).split(" | ")[:3]
    ['seat 0', 'phase bid_first', 'dealer 0']
    """
    def cards(items: Iterable[Card]) -> str:
        return " ".join(str(c) for c in sorted(items, key=lambda c: c.id)) or "-"

    def seats(items: Iterable[int]) -> str:
        return " ".join(map(str, sorted(items))) or "-"

    own = (*view.buried, *(() if view.discard is None else (view.discard,)))
    upcard = f"up-card {view.upcard}"
    if view.upcard_taken:
        upcard += " taken"
    if turned_down(view):
        upcard += " turned down"
    parts = [f"seat {view.seat}", f"phase {view.phase.name.lower()}",
             f"dealer {view.dealer}", upcard,
             f"trump {'-' if view.trump is None else view.trump}",
             f"maker {'-' if view.maker is None else view.maker}"
             + (" with the dummy" if view.dummy_taken else ""),
             f"alone {seats(view.alone)}",
             f"sits out {'-' if view.sitting_out is None else view.sitting_out}",
             f"cards {cards(view.cards)}",
             f"mine face down {cards(own)}"]
    played: list[list[Card]] = [[], [], []]
    for trick in view.tricks:
        for seat, card in trick.plays:
            played[seat].append(card)
    parts.append("played " + ", ".join(f"{seat}: {cards(played[seat])}" for seat in range(3)))
    parts.append("trick " + (", ".join(f"{seat} {card}" for seat, card in view.current_trick)
                             or "-"))
    parts.append("tricks won " + " ".join(map(str, view.tricks_won)))
    if view.scores is not None:
        parts.append("scores " + " ".join(map(str, view.scores)))
    parts.append("to act" if view.to_act == view.seat else "waiting")
    return " | ".join(parts)


class CutthroatObserver:
    """A player's observation (OpenSpiel's ``PyObserver``): the tensor of
    :func:`~cutthroat.rl.observation.encode`, or, with perfect recall, of
    :func:`~cutthroat.rl.information_state.encode_information_state`."""

    def __init__(self, kind: Any) -> None:
        if kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info:
            raise ValueError("only a player's own observation is provided "
                             "(public and single-player private information)")
        self.perfect_recall = bool(kind.perfect_recall)
        self.tensor = np.zeros(INFORMATION_STATE_SIZE if self.perfect_recall else SIZE,
                               np.float32)
        self.dict = {"information_state" if self.perfect_recall else "observation":
                     self.tensor}

    def set_from(self, state: CutthroatState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state`` (zeros while
        dealing)."""
        view = state.view(player)
        if view is None:
            self.tensor[:] = 0
        elif self.perfect_recall:  # encode_information_state(view), the moves cached
            self.tensor[:] = state.log.vector(view)
        else:
            self.tensor[:] = encode(view)

    def string_from(self, state: CutthroatState, player: int) -> str:
        """``player``'s view in words. With perfect recall (the information state
        string): its seat and cards, the up-card, and every public move of the hand (a
        hidden discard or keep written ``?``). Without (the observation string): what
        the observation tensor holds and nothing more (:func:`observation_text`)."""
        view = state.view(player)
        if view is None:
            return f"seat {player}: dealing"
        if not self.perfect_recall:
            return observation_text(view)
        cards = " ".join(str(c) for c in view.cards)
        own = [str(c) for c in (*view.buried, *(() if view.discard is None
                                                 else (view.discard,)))]
        hidden = f" | mine face down: {' '.join(own)}" if own else ""
        return (f"seat {player} | dealer {view.dealer} | up-card {view.upcard} | "
                f"cards {cards}{hidden} | moves: {', '.join(view.moves)}")


pyspiel.register_game(_TYPE, CutthroatGame)
