"""A stateful test (Hypothesis ``RuleBasedStateMachine``) of the PettingZoo environment
(:mod:`cutthroat.rl.pettingzoo_env`), raw and wrapped, across whole episodes.

tests/test_rl.py checks each call on its own, or one line of random legal moves; the
machine here interleaves at random what a learning loop may do: legal ids, ids that
are not legal now, things that are no id at all, ``None`` for the agent to act,
resets with and without a seed in the middle of an episode, and the ``None`` steps
that take the agents out once it is over. After every step it checks what must always
hold: each agent's observation is the encoding of its own view of the engine's game
(R14: nothing more), the action mask is the legal actions of the agent to act and of
no other, the agent selected is the engine's seat to act, rewards are zero-sum where
no illegal move ended the episode, the infos are the public scores, a game past
``max_hands`` is truncated, and a step refused changes nothing.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from cutthroat.errors import ActionParseError, IllegalActionError
from cutthroat.rl import env, raw_env
from cutthroat.rl.observation import encode, public_info
from cutthroat.rl.rewards import game_rewards, hand_rewards
from cutthroat.rules import Rules
from strategies import rules_st, seeds

NOT_IDS: tuple[object, ...] = (0.5, True, np.bool_(False), "1", np.array([1, 2]), -1, 332,
                               10**12)
"""Things that are no action id (docs/rl.md): each is refused by the raw environment
and by the wrapped one alike, with no change."""


def _snapshot(game_env: Any) -> tuple[Any, ...]:
    """What a step that is refused must leave as it was."""
    raw = game_env.unwrapped
    return ([tuple(hand.moves) for hand in raw.game.hands], raw.game.scores,
            raw.agent_selection, list(raw.agents), dict(raw._cumulative_rewards),
            dict(raw.terminations), dict(raw.truncations),
            [raw.observe(a)["observation"].tobytes() for a in raw.possible_agents])


class RlSequences(RuleBasedStateMachine):
    """Random sequences of calls on one environment: :func:`cutthroat.rl.raw_env` or
    the wrapped :func:`cutthroat.rl.env`, drawn with its rules, episode and
    ``max_hands``."""

    def __init__(self) -> None:
        super().__init__()
        self.env: Any = None
        self.wrapped = False
        self.illegal_ended = False
        self.rng = random.Random(0)

    @initialize(rules=rules_st(), episode=st.sampled_from(["game", "hand"]),
                max_hands=st.integers(1, 4), wrapped=st.booleans(), seed=seeds,
                rng=seeds)
    def start(self, rules: Rules, episode: str, max_hands: int, wrapped: bool, seed: int,
              rng: int) -> None:
        make = env if wrapped else raw_env
        self.env = make(rules=rules, episode=episode, max_hands=max_hands, seed=seed)
        self.wrapped = wrapped
        self.rng = random.Random(rng)
        self.env.reset()
        self.illegal_ended = False

    # --- what is true of the environment --------------------------------------------

    @property
    def raw(self) -> Any:
        return self.env.unwrapped

    def _live(self) -> bool:
        """An agent is to act: the episode is neither over nor truncated."""
        raw = self.raw
        agent = raw.agent_selection
        return bool(raw.agents) and not (raw.terminations[agent] or raw.truncations[agent])

    def _legal_ids(self) -> list[int]:
        hand = self.raw.game.hand
        return sorted(hand.legal_action_ids())

    # --- rules -----------------------------------------------------------------------

    @precondition(lambda self: self._live())
    @rule(moves=st.integers(1, 40))
    def legal_ids(self, moves: int) -> None:
        """Up to ``moves`` legal ids in a row (episodes reach their end), each drawn
        from the mask, which must be the engine's legal actions."""
        for _ in range(moves):
            if not self._live():
                return
            self._legal_id()

    def _legal_id(self) -> None:
        raw = self.raw
        agent = raw.agent_selection
        mask = self.env.observe(agent)["action_mask"]
        ids = [int(i) for i in np.flatnonzero(mask)]
        assert ids == self._legal_ids()  # the mask is the engine's legal actions
        hands, moves = len(raw.game.hands), len(raw.game.hand.moves)
        self.env.step(self.rng.choice(ids))
        if len(raw.game.hands) == hands:
            assert len(raw.game.hand.moves) == moves + 1
        else:  # the hand ended on this move and the next was dealt (a game episode)
            assert raw.episode == "game" and len(raw.game.hands) == hands + 1
            assert len(raw.game.hands[-2].moves) == moves + 1
        if all(raw.terminations.values()):  # it ended the episode: R19-R22 pay
            game = raw.game
            pays = (hand_rewards(game.hand.result.points) if raw.episode == "hand" else
                    game_rewards(game.winners))
            assert [raw.rewards[a] for a in raw.possible_agents] == pytest.approx(pays)
            assert raw.episode == "hand" or game.is_over

    @precondition(lambda self: self._live())
    @rule(data=st.data())
    def illegal_id(self, data: st.DataObject) -> None:
        raw = self.raw
        agent = raw.agent_selection
        legal = set(self._legal_ids())
        illegal = data.draw(st.integers(0, 331).filter(lambda i: i not in legal))
        if self.wrapped:  # PettingZoo's wrapper ends the episode: −1 for the offender
            self.env.step(illegal)
            assert all(raw.terminations.values())
            assert raw.rewards[agent] == -1.0
            assert all(raw.rewards[a] == 0.0 for a in raw.agents if a != agent)
            self.illegal_ended = True
            return
        before = _snapshot(self.env)
        with pytest.raises(IllegalActionError):
            self.env.step(illegal)
        assert _snapshot(self.env) == before

    @precondition(lambda self: self._live())
    @rule(data=st.data())
    def not_an_id(self, data: st.DataObject) -> None:
        thing = data.draw(st.sampled_from([None, *NOT_IDS]))
        before = _snapshot(self.env)
        with pytest.raises((TypeError, ValueError, ActionParseError)):
            self.env.step(thing)
        assert _snapshot(self.env) == before

    @precondition(lambda self: bool(self.raw.agents) and not self._live())
    @rule(data=st.data())
    def out_of_the_episode(self, data: st.DataObject) -> None:
        """Over: each agent is stepped out with ``None``; anything else is refused."""
        raw = self.raw
        if data.draw(st.booleans()):
            before = _snapshot(self.env)
            with pytest.raises(ValueError, match="only valid action is None"):
                self.env.step(self.rng.choice(range(332)))
            assert _snapshot(self.env) == before
        left = len(raw.agents)
        self.env.step(None)
        assert len(raw.agents) == left - 1

    @precondition(lambda self: not self.raw.agents)
    @rule()
    def after_the_last_agent_left(self) -> None:
        """Nothing more to step: the raw environment says to reset; the wrapped one
        warns as PettingZoo's order-enforcing wrapper does. Neither changes a thing."""
        before = _snapshot(self.env)
        for action in (None, 0):
            if self.wrapped:
                self.env.step(action)
            else:
                with pytest.raises(RuntimeError, match=r"call reset\(\) to start one"):
                    self.env.step(action)
            assert _snapshot(self.env) == before
        self.env.reset()
        self.illegal_ended = False

    @rule(seed=st.one_of(st.none(), seeds))
    def reset(self, seed: int | None) -> None:
        """A reset, any time: a seed deals the same game twice."""
        self.env.reset(seed=seed)
        self.illegal_ended = False
        if seed is not None:
            first = [self.raw.observe(a)["observation"].tobytes()
                     for a in self.raw.possible_agents]
            self.env.reset(seed=seed)
            assert [self.raw.observe(a)["observation"].tobytes()
                    for a in self.raw.possible_agents] == first

    # --- what must always hold ---------------------------------------------------------

    @invariant()
    def each_agent_sees_its_view_and_only_the_one_to_act_may_move(self) -> None:
        raw = self.raw
        if self.env is None:
            return
        hand = raw.game.hand
        live = self._live()
        for seat, agent in enumerate(raw.possible_agents):
            seen = raw.observe(agent)
            assert np.array_equal(seen["observation"], encode(raw.game.view(seat)))
            ids = [int(i) for i in np.flatnonzero(seen["action_mask"])]
            if live and agent == raw.agent_selection:
                assert ids and ids == self._legal_ids()
            else:
                assert ids == [], (agent, raw.agent_selection)
        if live:
            assert raw.agent_selection == raw.possible_agents[hand.to_act]
            assert not hand.is_over

    @invariant()
    def rewards_infos_and_the_episode_s_end(self) -> None:
        raw = self.raw
        if self.env is None or not raw.agents:
            return
        if not self.illegal_ended and len(raw.agents) == 3:  # (none stepped out yet)
            assert sum(raw.rewards.values()) == pytest.approx(0.0)
            assert sum(raw._cumulative_rewards.values()) == pytest.approx(0.0)
        for agent in raw.agents:
            assert raw.infos[agent] == public_info(raw.game, raw.possible_agents.index(agent))
        game = raw.game
        if all(raw.truncations.values()) and not self.illegal_ended:  # (the wrapper
            # that ends an episode on an illegal move marks it truncated too)
            assert not game.is_over and len(game.hands) >= raw.max_hands
        if game.hand.is_over and not self.illegal_ended:  # the episode's end
            assert all(raw.terminations.values()) or all(raw.truncations.values())


def test_R12_R14_R22_the_pettingzoo_environment_across_random_calls() -> None:
    """Any sequence of legal ids, illegal ones, non-ids, resets and steps out of an
    ended episode (:class:`RlSequences`) keeps every observation the agent's own view,
    the mask the legal actions of the agent to act, rewards zero-sum and a refused step
    without effect, in the raw environment and the wrapped one."""
    run_state_machine_as_test(RlSequences, settings=settings(
        max_examples=50, stateful_step_count=60, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]))
