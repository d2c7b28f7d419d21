"""Cutthroat euchre as a PettingZoo AEC environment: ``cutthroat_v0``.

Three agents, ``player_0`` to ``player_2`` (the seats), act in turn as the rules say
(R7–R17). An observation is ``{"observation": vector, "action_mask": mask}``: the
acting seat's view (:mod:`cutthroat.rl.observation`, never a hidden card) and its legal
actions over the flat action space of :mod:`cutthroat.actions` (332 ids; a ``keep`` id
is relative to the maker's ten cards). Dealing is done by the environment from its
seed. Each agent's info is public: its seat, the hand's number, the game's scores and
the last finished hand's points. :meth:`raw_env.state` is the whole table, every card
placed, for a centralised critic: full information, never an agent's observation.

An episode is a whole game to the target (``episode="game"``, the default), rewarded
at its end: +1 to the winner and −½ to each other player (with ``tie="share"``, the
winners split +1 and the others −1 between them), or a single hand
(``episode="hand"``), rewarded by each seat's points minus the average of all three.
Rewards always sum to zero.

>>> from cutthroat.rl import env
>>> game = env(seed=7)
>>> game.reset(seed=7)
>>> agent = game.agent_selection
>>> observation, reward, done, truncated, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((343,), 2)
>>> game.unwrapped.action_text(agent, 66), game.unwrapped.legal_texts(agent)
('pass', ['pass', 'order'])
>>> info["hand"], info["scores"], info["last_points"]
(1, [0, 0, 0], None)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from . import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as exc:  # pragma: no cover - installed by make test
    raise missing_extra(exc, "rl") from None

from ..actions import NUM_ACTIONS
from ..cards import NUM_CARD_IDS
from ..errors import ActionParseError
from ..game import Game
from ..rules import Rules
from .layout import SIZE
from .observation import (
    Observation,
    action_id,
    action_text,
    as_int,
    as_rules,
    as_seed,
    encode,
    public_info,
)
from .rewards import EPISODES, game_rewards, hand_rewards
from .text import RENDER_MODES, render_hand

__all__ = ["env", "raw_env"]



STATE_SIZE = 3 * SIZE + 5 * NUM_CARD_IDS
"""The length of :meth:`raw_env.state`'s vector."""


class _TerminateIllegal(wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's ``TerminateIllegalWrapper`` (an id that is not legal now ends the
    episode with −1 for the agent that gave it), after the raw environment's own checks
    of what an action is: ``None`` for an agent to act, a float, a bool, text or an
    array is refused with the raw environment's clear error, and so is an integer
    outside the 332 ids (``ActionParseError``), where the wrapper alone indexed the mask
    with them (a bare ``IndexError`` or ``ValueError``)."""

    def step(self, action: Any) -> None:
        """Check ``action``, then step as PettingZoo's wrapper does."""
        agent = self.agent_selection
        if not (self.terminations[agent] or self.truncations[agent]):
            action = self.env.unwrapped.checked_action(action)
        super().step(action)


def env(*, rules: Rules | Mapping[str, Any] | None = None, episode: str = "game",
        seed: int | None = None, max_hands: int = 500, render_mode: str | None = None
        ) -> AECEnv[str, Observation, int]:
    """The environment (:class:`raw_env`) with PettingZoo's usual wrappers: an illegal
    action ends the episode with −1 for the agent that made it, and the order of calls
    is checked. What is not an action id at all (``None`` for an agent to act, a float,
    an array, an integer outside 0–331) is refused with the raw environment's error.

    Args:
        rules: the rules (default: the ``standard`` preset), or a mapping of their
            fields (``{"deck": 25}``, as :class:`~cutthroat.rl.vs_bots.VsBotsEnv`
            takes them).
        episode: ``"game"`` (to the target, the default) or ``"hand"`` (one hand).
        seed: seeds the deals when ``reset`` is given no seed (an integer; a NumPy
            integer will do).
        max_hands: a game still going after this many hands is truncated.
        render_mode: ``"ansi"`` (``render`` returns the hand as text, every card shown:
            for a person watching, not for an agent), ``"human"`` (it prints that
            text) or ``None``.
    """
    wrapped: AECEnv[str, Observation, int] = raw_env(
        rules=rules, episode=episode, seed=seed, max_hands=max_hands, render_mode=render_mode)
    wrapped = _TerminateIllegal(wrapped, illegal_reward=-1.0)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv[str, Observation, int]):  # type: ignore[misc]  # PettingZoo's name
    """Cutthroat euchre for three learning agents (see the module's text).

    Args:
        rules: the rules (default: the ``standard`` preset), or a mapping of their
            fields (``{"deck": 25}``; an unknown field is a ``RulesError``).
        episode: ``"game"`` (to the target) or ``"hand"`` (one hand).
        seed: seeds the deals when :meth:`reset` is given no seed (an integer; a
            NumPy integer will do).
        max_hands: a game still going after this many hands is truncated.
        render_mode: ``"ansi"`` (:meth:`render` returns the hand as text, every card
            shown: for a person watching, not for an agent),
            ``"human"`` (it prints that text) or ``None``.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES),
                                          "name": "cutthroat_v0", "is_parallelizable": False}

    def __init__(self, *, rules: Rules | Mapping[str, Any] | None = None,
                 episode: str = "game", seed: int | None = None, max_hands: int = 500,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if episode not in EPISODES:
            raise ValueError(f"episode must be 'game' or 'hand', not {episode!r}")
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError("render_mode must be 'ansi', 'human' or None, not "
                             f"{render_mode!r}")
        if (as_int(max_hands) or 0) < 1:
            raise ValueError(f"max_hands must be a positive integer, not {max_hands!r}")
        self.rules = as_rules(rules)
        self.episode = episode
        self.max_hands = operator.index(max_hands)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(3)]
        self.agents = self.possible_agents[:]
        self._rng = random.Random(as_seed(seed))
        box = spaces.Box(low=0.0, high=1.0, shape=(SIZE,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self.state_space = spaces.Box(low=0.0, high=1.0, shape=(STATE_SIZE,),
                                      dtype=np.float32)
        """The space of :meth:`state`: full information, never an agent's observation."""
        self.game = Game(self.rules, rng=random.Random(0))
        self.agent_selection = self.possible_agents[0]

    # --- the API ---------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions: the 332 ids."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (or hand), dealt from ``seed`` (an integer, a NumPy one too; else
        from the environment's own generator). It has no ``options``: they are taken
        and ignored, as PettingZoo's ``api_test`` expects of an environment."""
        if seed is not None:
            self._rng = random.Random(as_seed(seed))
        self.game = Game(self.rules, rng=random.Random(self._rng.getrandbits(64)))
        self.game.deal()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {}
        self._update_infos()
        self.agent_selection = self._to_act()
        self._show()

    def observe(self, agent: str) -> Observation:
        """``agent``'s view as a vector, and its legal actions as a mask (all zero when
        it is not to act, or its episode is over: ended by PettingZoo's
        ``TerminateIllegalWrapper`` after an illegal move, say, in the middle of a hand,
        whether or not the agent has stepped out of it yet)."""
        seat = self._seat(agent)
        self._started()
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        hand = self.game.hand
        ended = agent not in self.agents or self.terminations.get(agent) or \
            self.truncations.get(agent)
        if hand is not None and not hand.is_over and hand.to_act == seat and not ended:
            mask[list(hand.legal_action_ids())] = 1
        return {"observation": encode(self.game.view(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The agent to act takes ``action`` (an id of its action mask); ``None`` for an
        agent whose episode is over, until no agent is left."""
        if not self.agents or not hasattr(self, "terminations"):
            raise RuntimeError("no episode is under way: call reset() to start one")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        aid = self.checked_action(action)
        hand = self.game.hand
        assert hand is not None
        hand.apply_id(aid, self._seat(agent))  # refuses an illegal id, changing nothing
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if hand.is_over:
            self._hand_over()
        if not any(self.terminations.values()) and not any(self.truncations.values()):
            self.agent_selection = self._to_act()
        self._update_infos()
        self._accumulate_rewards()
        self._show()

    def state(self) -> npt.NDArray[np.float32]:
        """The whole table, for a centralised critic (:attr:`state_space`,
        :data:`STATE_SIZE` floats): **full information**, every hidden card shown, so
        never to be given to an agent as its observation. It is the three seats'
        observation vectors (seat 0's, 1's, 2's: each its cards and own discards, the
        up-card, the cards played, the phase, trump, maker, scores …, its seats relative
        to itself), then, as card ids (33 floats each): the cards in each seat's hand
        (seat 0's, 1's, 2's; a dealer naming trump blind holds his, R6), the dummy's
        while it lies on the table, and the cards face down out of play: the kitty, the
        dealer's discard in it, and the five the maker buried after taking the dummy.
        Every card not yet played is in one of these five blocks."""
        self._started()
        out = np.zeros(STATE_SIZE, dtype=np.float32)
        for seat in range(3):
            out[seat * SIZE:(seat + 1) * SIZE] = encode(self.game.view(seat))
        hand = self.game.hand
        if hand is not None:
            places = [*(hand.cards(seat) for seat in range(3)), hand.dummy,
                      [*hand.kitty, *hand.buried]]
            for k, cards in enumerate(places):
                for card in cards:
                    out[3 * SIZE + k * NUM_CARD_IDS + card.id] = 1
        return out

    def _started(self) -> None:
        """Raise, before :meth:`reset`, that no episode is under way (not the engine's
        "no hand has been dealt: deal first", which names no call of this API)."""
        if not hasattr(self, "terminations"):
            raise RuntimeError("no episode is under way: call reset() to start one")

    def render(self) -> str | None:
        """The hand as text (every card shown), with ``render_mode="ansi"``; without a
        render mode, ``None`` and Gymnasium's warning, as other environments give."""
        return render_hand(self.render_mode, self.game.hand, self.possible_agents)

    def _show(self) -> None:
        """With ``render_mode="human"``, print the hand after each reset and step, as
        PettingZoo's classic games do (no call to :meth:`render` needed)."""
        if self.render_mode == "human":
            self.render()

    def close(self) -> None:
        """Nothing to release."""

    # --- helpers for people and agents ------------------------------------------------

    def action_text(self, agent: str, action: int) -> str:
        """An action id as the game writes it (``play JH``, ``keep ...``) for ``agent``:
        a keep's cards only for the maker keeping them (R14: to anyone else, and at any
        other moment, a keep id is ``keep #N``, the N-th keep of the maker's ten)."""
        seat = self._seat(agent)
        hand = self.game.hand
        assert hand is not None
        return action_text(hand, seat, action)

    def checked_action(self, action: object) -> int:
        """``action``, for the agent to act, as an action id, or the error that says what
        it is not: ``None`` (only for an agent whose episode is over) a ``ValueError``,
        anything but an integer (a float, a bool, text, an array) a ``TypeError``, an
        integer outside 0–331 an :class:`~cutthroat.errors.ActionParseError`. Whether
        the id is legal now is the engine's to say, at :meth:`step`."""
        if action is None:
            raise ValueError(f"{self.agent_selection} is to act: give an action id from "
                             "its action mask (None is only for an agent whose episode is "
                             "over)")
        aid = action_id(action)
        if not 0 <= aid < NUM_ACTIONS:
            raise ActionParseError(f"not an action id: {aid} (ids are 0 to "
                                   f"{NUM_ACTIONS - 1})")
        return aid

    def legal_texts(self, agent: str) -> list[str]:
        """``agent``'s legal actions as text (empty when it is not to act)."""
        mask = self.observe(agent)["action_mask"]
        return [self.action_text(agent, int(i)) for i in np.flatnonzero(mask)]

    # --- inside ---------------------------------------------------------------------------

    def _seat(self, agent: str) -> int:
        if agent not in self.possible_agents:
            raise ValueError(f"no agent {agent!r} here (the agents are "
                             f"{', '.join(self.possible_agents)})")
        return self.possible_agents.index(agent)

    def _to_act(self) -> str:
        hand = self.game.hand
        assert hand is not None and hand.to_act is not None
        return self.possible_agents[hand.to_act]

    def _update_infos(self) -> None:
        """Each agent's info: its seat, the hand's number (from 1), the game's scores
        (the hand in play not counted until it is over) and the points of the last
        finished hand (``None`` before the first): all public."""
        for agent in self.agents:
            self.infos[agent] = public_info(self.game, self._seat(agent))

    def _accumulate_rewards(self) -> None:
        """PettingZoo's, with every reward a float (its illegal-action wrapper writes
        the others' 0 as an int)."""
        self.rewards = {agent: float(reward) for agent, reward in self.rewards.items()}
        super()._accumulate_rewards()
        self._cumulative_rewards = {agent: float(reward)
                                    for agent, reward in self._cumulative_rewards.items()}

    def _hand_over(self) -> None:
        """Score a finished hand: end the episode, or deal the next hand."""
        game = self.game
        hand = game.hand
        assert hand is not None and hand.result is not None
        if self.episode == "hand":
            self._finish(hand_rewards(hand.result.points))
        elif game.is_over:
            self._finish(game_rewards(game.winners))
        elif len(game.hands) >= self.max_hands:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            game.deal()

    def _finish(self, rewards: list[float]) -> None:
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = rewards[seat]
        self.terminations = dict.fromkeys(self.agents, True)

