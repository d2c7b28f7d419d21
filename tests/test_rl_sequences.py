"""Stateful tests (Hypothesis ``RuleBasedStateMachine``) of the learning environments
across whole episodes: the PettingZoo one (:mod:`cutthroat.rl.pettingzoo_env`), raw and
wrapped, and the Gymnasium one against bots (:mod:`cutthroat.rl.vs_bots`).

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
from cutthroat.rl.vs_bots import VsBotsEnv
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
        from the mask (the invariants check it is the engine's legal actions)."""
        for _ in range(moves):
            if not self._live():
                return
            self._legal_id()

    def _legal_id(self) -> None:
        raw = self.raw
        agent = raw.agent_selection
        ids = [int(i) for i in np.flatnonzero(self.env.observe(agent)["action_mask"])]
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
        if self.env is None:
            return
        raw = self.raw
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


class VsBotsSequences(RuleBasedStateMachine):
    """Random sequences of calls on :class:`~cutthroat.rl.vs_bots.VsBotsEnv` (two random
    bots, drawn rules, episode, ``max_hands`` and ``illegal_reward``): legal ids,
    illegal ones, non-ids, steps after the end and resets with a seat or none. The
    bots play between the agent's turns, so whenever the episode is on the agent is
    to act."""

    def __init__(self) -> None:
        super().__init__()
        self.env: Any = None
        self.over = True
        self.rng = random.Random(0)
        self.last: tuple[Any, ...] = ()

    @initialize(rules=rules_st(), episode=st.sampled_from(["game", "hand"]),
                max_hands=st.integers(1, 4), seat=st.sampled_from([None, 0, 1, 2]),
                illegal_reward=st.sampled_from([None, -1.0]), seed=seeds, rng=seeds)
    def start(self, rules: Rules, episode: str, max_hands: int, seat: int | None,
              illegal_reward: float | None, seed: int, rng: int) -> None:
        self.env = VsBotsEnv(bots=("random", "random"), rules=rules, episode=episode,
                             max_hands=max_hands, seat=seat, illegal_reward=illegal_reward)
        self.rng = random.Random(rng)
        with pytest.raises(RuntimeError, match=r"reset\(\) first"):
            self.env.step(0)
        self._reset(seed, None)

    def _reset(self, seed: int | None, options: dict[str, Any] | None) -> None:
        observation, info = self.env.reset(seed=seed, options=options)
        self.over = False
        self.last = (observation, info)
        # The seat the environment was made with (if any), or this episode's (None: drawn)
        fixed = self.env.fixed_seat if options is None else options["seat"]
        assert fixed is None or self.env.seat == fixed

    def _snapshot(self) -> tuple[Any, ...]:
        game = self.env.game
        return ([tuple(hand.moves) for hand in game.hands], game.scores, self.env.seat,
                self.env._over, self.env.action_masks().tobytes())

    @precondition(lambda self: not self.over)
    @rule(moves=st.integers(1, 20))
    def legal_ids(self, moves: int) -> None:
        for _ in range(moves):
            if self.over:
                return
            ids = [int(i) for i in np.flatnonzero(self.env.action_masks())]
            observation, reward, terminated, truncated, info = self.env.step(
                self.rng.choice(ids))
            self.last = (observation, info)
            self.over = terminated or truncated
            assert not (terminated and truncated)
            game = self.env.game
            if terminated:  # R19-R22: the hand's or the game's reward, the agent's
                pays = (hand_rewards(game.hand.result.points) if self.env.episode == "hand"
                        else game_rewards(game.winners))
                assert reward == pytest.approx(pays[self.env.seat])
                assert self.env.episode == "hand" or game.is_over
            elif truncated:
                assert reward == 0.0 and len(game.hands) == self.env.max_hands
                assert not game.is_over
            else:
                assert reward == 0.0

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def illegal_id(self, data: st.DataObject) -> None:
        legal = set(np.flatnonzero(self.env.action_masks()))
        illegal = data.draw(st.integers(0, 331).filter(lambda i: i not in legal))
        before = self._snapshot()
        if self.env.illegal_reward is None:
            with pytest.raises(IllegalActionError):
                self.env.step(illegal)
            assert self._snapshot() == before
            return
        observation, reward, terminated, truncated, info = self.env.step(illegal)
        assert (reward, terminated, truncated) == (self.env.illegal_reward, True, False)
        assert not observation["action_mask"].any()
        self.last = (observation, info)
        self.over = True

    @precondition(lambda self: not self.over)
    @rule(data=st.data())
    def not_an_id(self, data: st.DataObject) -> None:
        thing = data.draw(st.sampled_from([None, *NOT_IDS]))
        before = self._snapshot()
        with pytest.raises((TypeError, ValueError, ActionParseError)):
            self.env.step(thing)
        assert self._snapshot() == before

    @precondition(lambda self: self.over)
    @rule(action=st.integers(0, 331))
    def step_after_the_end(self, action: int) -> None:
        before = self._snapshot()
        with pytest.raises(RuntimeError, match=r"call reset\(\) to start another"):
            self.env.step(action)
        assert self._snapshot() == before

    @rule(seed=st.one_of(st.none(), seeds), seat=st.sampled_from([None, 0, 1, 2, "none"]))
    def reset(self, seed: int | None, seat: int | str | None) -> None:
        """A reset, any time, with the seat chosen for this episode or not; a seed deals
        the same episode twice."""
        options = None if seat == "none" else {"seat": seat}
        self._reset(seed, options)
        if seed is not None:
            first = (self._snapshot(), self.last[0]["observation"].tobytes())
            self._reset(seed, options)
            assert (self._snapshot(), self.last[0]["observation"].tobytes()) == first

    @invariant()
    def the_agent_sees_its_view_and_acts_whenever_the_episode_is_on(self) -> None:
        if self.env is None:
            return
        env, game = self.env, self.env.game
        observation, info = self.last
        assert np.array_equal(observation["observation"], encode(game.view(env.seat)))
        assert info == public_info(game, env.seat)
        ids = [int(i) for i in np.flatnonzero(env.action_masks())]
        assert ids == [int(i) for i in np.flatnonzero(observation["action_mask"])]
        if self.over:
            assert ids == [] and env.legal_texts() == []
        else:  # the bots have played up to the agent's turn
            assert game.hand.to_act == env.seat and not game.hand.is_over
            assert ids == sorted(game.hand.legal_action_ids())
            assert env.legal_texts() == [str(game.hand.action_from_id(i)) for i in ids]


def test_R12_R14_R22_the_gymnasium_environment_against_bots_across_random_calls() -> None:
    """Any sequence of legal ids, illegal ones, non-ids, steps after the end and resets
    (:class:`VsBotsSequences`) keeps the observation the agent's own view, the mask its
    legal actions whenever the episode is on (the bots play in between), the rewards
    R19-R22's, and a refused step without effect."""
    run_state_machine_as_test(VsBotsSequences, settings=settings(
        max_examples=30, stateful_step_count=40, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]))
