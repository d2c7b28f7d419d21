"""The PettingZoo environment and the observation vector (cutthroat.rl)."""

from __future__ import annotations

import json
import random
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.conversions import aec_to_parallel

from cutthroat import Action, Hand
from cutthroat.cards import NUM_CARD_IDS, deck, ids_of_mask
from cutthroat.errors import ActionParseError, IllegalActionError
from cutthroat.rl import env, raw_env
from cutthroat.rl import observation as obs_module
from cutthroat.rl.layout import SIZE, Slot
from cutthroat.rl.observation import encode, turned_down
from cutthroat.rules import Rules


# PettingZoo's test warns of every Dict observation space, as in its own classic games.
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.parametrize("episode", ["game", "hand"])
@pytest.mark.parametrize("rules", [Rules(), Rules(deck=25), Rules(deck=32, dummy=False),
                                   Rules(stick_the_dealer=True, target=5)])
def test_pettingzoo_api_conformance(episode: str, rules: Rules) -> None:
    api_test(env(rules=rules, episode=episode, seed=1), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(), num_cycles=200)


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_the_environment_is_a_module_named_as_pettingzoo_names_them() -> None:
    """``from cutthroat.rl import cutthroat_v0`` was an ImportError, though PettingZoo's
    environments are modules of their name (``leduc_holdem_v4.env()``)."""
    from cutthroat.rl import cutthroat_v0

    assert cutthroat_v0.env is env and cutthroat_v0.raw_env is raw_env
    table = cutthroat_v0.env(seed=1)
    assert table.metadata["name"] == "cutthroat_v0"
    api_test(table, num_cycles=50)


@pytest.mark.parametrize("points", [(2, 0, 2), (0, 1, 0), (4, 0, 4), (0, 3, 0), (0, 0, 0),
                                    (1, 0, 0)])
def test_hand_rewards_are_zero_sum_up_to_rounding_and_alike_for_like_points(
        points: tuple[int, int, int]) -> None:
    """As docs/rl.md says: the sum is 0 within a few 1e-16 (thirds are not exact in
    binary), and seats with the same points get exactly the same reward."""
    from cutthroat.rl.rewards import hand_rewards

    rewards = hand_rewards(points)
    assert abs(sum(rewards)) <= 1e-15
    for a in range(3):
        for b in range(3):
            if points[a] == points[b]:
                assert rewards[a] == rewards[b]


def test_reset_takes_a_numpy_integer_seed_and_refuses_other_seeds() -> None:
    """A seed drawn with NumPy (``rng.integers(...)``) deals as the same Python int does;
    a float or a string is refused with a clear error rather than hashed."""
    def first(seed: object, *, at_reset: bool = True) -> object:
        game = raw_env() if at_reset else raw_env(seed=seed)  # type: ignore[arg-type]
        game.reset(seed=seed if at_reset else None)  # type: ignore[arg-type]
        return game.observe(game.agent_selection)["observation"].tobytes()

    for seed in (np.int64(12), np.uint32(12), np.random.default_rng(0).integers(99)):
        assert first(seed) == first(int(seed))
        assert first(seed, at_reset=False) == first(int(seed), at_reset=False)
    for bad in (12.0, "12", [12]):
        with pytest.raises(TypeError, match="a seed is an integer"):
            raw_env().reset(seed=bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="a seed is an integer"):
            raw_env(seed=bad)  # type: ignore[arg-type]


def _refused_by_the_pettingzoo_env(seed: object, error: type[Exception],
                                    match: str) -> None:
    """``seed`` is refused with ``error`` at reset and at construction, wrapped or not."""
    with pytest.raises(error, match=match):
        raw_env().reset(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(error, match=match):
        raw_env(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(error, match=match):
        env().reset(seed=seed)  # type: ignore[arg-type]


def test_a_negative_seed_is_refused_as_the_engine_refuses_it() -> None:
    """reset(seed=-5) dealt exactly as seed 5 (Python's random takes the absolute
    value), so a sweep over seeds -N..N ran every episode twice without a word; the
    environment refuses it as Game(seed=-5) does, at reset and at construction."""
    for seed in (-5, np.int64(-5)):
        _refused_by_the_pettingzoo_env(seed, ValueError, "a seed is 0 or more, not -5")


def _card_slots(vector: np.ndarray) -> set[int]:
    """Every card id the observation shows anywhere."""
    shown: set[int] = set()
    for start, count in ((Slot.CARDS, 1), (Slot.UPCARD, 1), (Slot.OWN_DISCARDS, 1),
                         (Slot.PLAYED, 3), (Slot.TRICK, 3)):
        block = vector[start:start + NUM_CARD_IDS * count].reshape(count, NUM_CARD_IDS)
        shown |= {int(i) for i in np.flatnonzero(block.any(axis=0))}
    return shown


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), deck=st.sampled_from([24, 25, 32]), dummy=st.booleans())
def test_R14_observations_show_no_hidden_card(seed: int, deck: int, dummy: bool) -> None:
    game = raw_env(rules=Rules(deck=deck, dummy=dummy), episode="hand")
    game.reset(seed=seed)
    rng = random.Random(seed)
    while not any(game.terminations.values()):
        for seat, agent in enumerate(game.possible_agents):
            vector = game.observe(agent)["observation"]
            view = game.game.view(seat)
            seen = set(ids_of_mask(view.seen_mask()))
            assert _card_slots(vector) <= seen
            mine = {int(i) for i in np.flatnonzero(vector[Slot.CARDS:Slot.UPCARD])}
            assert mine == {c.id for c in view.cards}
            assert vector[Slot.TO_ACT] == (view.to_act == seat)
        agent = game.agent_selection
        legal = np.flatnonzero(game.observe(agent)["action_mask"])
        assert len(legal) and all(  # the mask is exactly the legal actions
            game.action_text(agent, int(i)) in game.game.view(
                game.possible_agents.index(agent)).legal for i in legal)
        game.step(int(rng.choice(legal)))


def test_rewards_of_a_whole_game_sum_to_zero_and_pay_the_winner() -> None:
    game = raw_env(seed=5)
    game.reset(seed=5)
    rng = random.Random(5)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter(max_iter=10_000):
        observation, reward, done, truncated, _ = game.last()
        totals[agent] += reward
        if done or truncated:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert game.game.is_over
    (winner,) = game.game.winners
    assert totals[f"player_{winner}"] == 1.0
    assert sum(totals.values()) == pytest.approx(0.0)
    assert sorted(totals.values()) == [-0.5, -0.5, 1.0]


def test_hand_episode_rewards_are_points_less_their_average() -> None:
    game = raw_env(episode="hand", seed=2)
    game.reset(seed=2)
    rng = random.Random(2)
    while not any(game.terminations.values()):
        game.step(int(rng.choice(np.flatnonzero(
            game.observe(game.agent_selection)["action_mask"]))))
    points = game.game.hand.result.points
    mean = sum(points) / 3
    assert [game.rewards[a] for a in game.possible_agents] == pytest.approx(
        [p - mean for p in points])


def test_illegal_actions_are_refused() -> None:
    raw = raw_env(seed=4)
    raw.reset(seed=4)
    agent = raw.agent_selection
    before = raw.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        raw.step(illegal)
    after = raw.observe(agent)
    assert np.array_equal(after["observation"], before["observation"])
    assert raw.agent_selection == agent
    legal = int(np.flatnonzero(before["action_mask"])[0])
    rewards = dict(raw._cumulative_rewards)
    with pytest.raises(ValueError, match="is to act"):
        raw.step(None)
    for not_an_id in (legal + 0.7, True, np.bool_(True), "1", np.array([legal]),
                      np.array([[legal]])):  # an array of one or more dimensions
        with pytest.raises(TypeError, match="integer id"):
            raw.step(not_an_id)  # type: ignore[arg-type]
    assert raw.agent_selection == agent and raw._cumulative_rewards == rewards
    assert np.array_equal(raw.observe(agent)["observation"], before["observation"])
    raw.step(np.array(legal))  # an array of no dimension is its number (docs/rl.md)
    assert len(raw.unwrapped.game.hand.moves) == 1
    follow = int(np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"])[0])
    raw.step(np.int64(follow))  # and so is a NumPy integer
    assert len(raw.unwrapped.game.hand.moves) == 2
    wrapped = env(seed=4)
    wrapped.reset(seed=4)
    agent = wrapped.agent_selection
    wrapped.step(illegal)  # the wrapper ends the episode: −1 for the agent that did it
    assert all(wrapped.terminations.values()) and wrapped.rewards[agent] == -1
    for each in wrapped.possible_agents:  # nobody may act in an episode that is over
        assert not wrapped.observe(each)["action_mask"].any(), each
    while wrapped.agents:  # nor once stepped out of it (the seat to act had its moves)
        wrapped.step(None)
        for each in wrapped.possible_agents:
            assert not wrapped.observe(each)["action_mask"].any(), each


def test_the_raw_env_steps_only_in_an_episode() -> None:
    """Before reset the raw environment raised AttributeError ('terminations'), and once
    every agent had stepped out KeyError ('player_0')."""
    raw = raw_env(episode="hand")
    with pytest.raises(RuntimeError, match="reset"):
        raw.step(66)
    with pytest.raises(RuntimeError, match=r"call reset\(\) to start one"):
        raw.observe("player_0")  # was the engine's "no hand has been dealt: deal first"
    with pytest.raises(RuntimeError, match=r"call reset\(\) to start one"):
        raw.state()  # the same (a researcher's finding)
    raw.reset(seed=2)
    rng = random.Random(2)
    while not any(raw.terminations.values()):
        raw.step(int(rng.choice(np.flatnonzero(raw.observe(raw.agent_selection)
                                                ["action_mask"]))))
    while raw.agents:
        raw.step(None)
    for action in (None, 66):
        with pytest.raises(RuntimeError, match="reset"):
            raw.step(action)


def test_env_has_the_real_signature_and_lists_its_options() -> None:
    """help(cutthroat.rl.env) shows the keywords raw_env takes, not ``(**kwargs)``, and
    its text lists each; an unknown keyword is refused by the signature itself."""
    import inspect

    import cutthroat.rl

    shown = inspect.signature(cutthroat.rl.env)
    taken = inspect.signature(raw_env)
    assert list(shown.parameters) == list(taken.parameters) == [
        "rules", "episode", "seed", "max_hands", "render_mode"]
    for name, parameter in shown.parameters.items():
        assert parameter.kind is parameter.KEYWORD_ONLY
        assert parameter.default == taken.parameters[name].default
        assert f"{name}:" in (cutthroat.rl.env.__doc__ or "")
    with pytest.raises(TypeError, match="episodes"):
        env(episodes="hand")  # type: ignore[call-arg]
    wrapped = env(episode="hand", seed=4, max_hands=3)
    assert wrapped.unwrapped.episode == "hand" and wrapped.unwrapped.max_hands == 3


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="episode"):
        raw_env(episode="season")
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")
    for bad in (0, 2.5, "10", True):  # were taken ("10" failed at the first hand's end)
        with pytest.raises(ValueError, match="max_hands"):
            raw_env(max_hands=bad)  # type: ignore[arg-type]
    shown = raw_env(render_mode="ansi", seed=1)
    shown.reset(seed=1)
    assert "up-card" in (shown.render() or "").lower()
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert raw_env(seed=1).render() is None


def test_pettingzoo_render_test_passes_with_the_hand_printed_for_a_person(
        capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's own render check: ``"human"`` prints the hand, ``"ansi"`` returns
    it."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: raw_env(render_mode=render_mode, seed=2))
    printed = capsys.readouterr().out
    assert "up-card" in printed.lower()
    shown = raw_env(render_mode="human", seed=1)
    shown.reset(seed=1)  # printed at once, with no call to render()
    ansi = raw_env(render_mode="ansi", seed=1)
    ansi.reset(seed=1)
    assert capsys.readouterr().out == (ansi.render() or "-") + "\n\n"
    action = int(shown.observe(shown.agent_selection)["action_mask"].argmax())
    shown.step(action)
    ansi.step(action)
    assert capsys.readouterr().out == (ansi.render() or "-") + "\n\n"
    assert shown.render() is None


@pytest.mark.parametrize("agent", ["player_3", "x", 0])
def test_an_agent_that_is_not_one_is_named_in_the_error(agent: str) -> None:
    """``observe("player_3")`` said only "'player_3' is not in list"."""
    raw = raw_env(seed=1)
    raw.reset(seed=1)
    for call in (raw.observe, raw.legal_texts, lambda a: raw.action_text(a, 66)):
        with pytest.raises(ValueError, match=r"no agent .* \(the agents are player_0, "):
            call(agent)


def test_observation_table_matches_the_layout() -> None:
    """The index table in the module's text is the layout the code uses."""
    doc = obs_module.__doc__ or ""
    rows = re.findall(r"^(\d+)(?:–(\d+))?\s{2,}(\d+)\s{2,}", doc, flags=re.MULTILINE)
    starts = [int(first) for first, _, _ in rows]
    assert starts == [int(slot) for slot in Slot]
    for (first, last, size), following in zip(rows, [*starts[1:], SIZE], strict=True):
        assert int(last or first) - int(first) + 1 == int(size) == following - int(first)


def test_turned_down_and_scores_are_encoded() -> None:
    from cutthroat import Game

    game = Game(seed=3)
    hand = game.deal()
    for _ in range(3):
        hand.push("pass")
    vector = encode(hand.view(hand.to_act, scores=(4, 0, 9)))
    assert vector[Slot.TURNED_DOWN] == 1 and vector[Slot.UPCARD_TAKEN] == 0
    me = hand.to_act
    assert vector[Slot.SCORES + (0 - me) % 3] == pytest.approx(0.2)
    assert vector[Slot.SCORES + (2 - me) % 3] == pytest.approx(0.45)
    tied = encode(hand.view(hand.to_act, scores=(12, 12, 30)))  # play on past the target
    assert tied[Slot.SCORES + (0 - me) % 3] == pytest.approx(0.6)
    assert tied[Slot.SCORES + (2 - me) % 3] == 1.0  # at most 1, as the space says


def test_observations_stay_in_their_space_when_leaders_tie_past_the_target() -> None:
    """Under tie="play_on" (R22) scores pass the target while the leaders are level;
    every observation must still lie in the declared space (seed 5 reaches 6–6 on a
    target of 5)."""
    game = env(rules=Rules(stick_the_dealer=True, target=5), seed=5)
    game.reset(seed=5)
    rng = np.random.default_rng(5)
    past = False
    for agent in game.agent_iter():
        observation, _, done, truncated, _ = game.last()
        assert game.observation_space(agent).contains(observation)
        scores = game.unwrapped.game.scores
        past = past or max(scores) > 5
        game.step(None if done or truncated
                  else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert past


def test_information_state_table_matches_the_code() -> None:
    """Each move of the log is written where the module's table says: who (relative),
    the verb, the cards it shows, the suit, and a hidden discard or keep."""
    import dataclasses

    from cutthroat.actions import Verb
    from cutthroat.cards import Card
    from cutthroat.rl import information_state as info

    assert info.MOVE_SIZE == 52 and info.MOVES == SIZE == 343
    assert info.INFORMATION_STATE_SIZE == 343 + 27 * 52
    verbs = [v.value for v in Verb]
    assert verbs == ["pass", "order", "pickup", "leave", "discard", "trump", "call",
                     "dummy", "alone", "keep", "play"]  # the order the table lists
    view = dataclasses.replace(Hand.deal(seed=2).view(1), moves=(
        "2 pass", "0 call H", "1 discard 9S", "2 discard ?", "0 keep ? ? ? ? ?",
        "1 keep 9C TC JC QC KC", "2 play JO"))
    vector = info.encode_information_state(view)
    assert np.array_equal(vector[:SIZE], encode(view))

    def move(k: int) -> list[int]:
        start = info.MOVES + k * info.MOVE_SIZE
        return [int(i) for i in np.flatnonzero(vector[start:start + info.MOVE_SIZE])]

    card = 14
    assert move(0) == [1, 3 + verbs.index("pass")]  # seat 2 is seat 1's left
    assert move(1) == [2, 3 + verbs.index("call"), 47 + 2]  # seat 0 its right; hearts
    assert move(2) == [0, 3 + verbs.index("discard"), card + Card.parse("9S").id]
    assert move(3) == [1, 3 + verbs.index("discard"), 51]
    assert move(4) == [2, 3 + verbs.index("keep"), 51]
    assert move(5) == [0, 3 + verbs.index("keep"),
                       *sorted(card + Card.parse(c).id for c in ["9C", "TC", "JC", "QC", "KC"])]
    assert move(6) == [1, 3 + verbs.index("play"), card + 32]
    assert not vector[info.MOVES + 7 * info.MOVE_SIZE:].any()


@pytest.mark.parametrize(("blocked", "module", "extra"), [
    ("gymnasium", "cutthroat.rl.pettingzoo_env", "rl"),
    ("numpy", "cutthroat.rl.observation", "rl"),
    ("numpy", "cutthroat.rl.information_state", "rl"),
    ("pyspiel", "cutthroat.rl.openspiel_game", "openspiel"),
    ("gymnasium", "cutthroat.rl.vs_bots", "rl"),
])
def test_a_missing_extra_is_named_with_its_install_command(blocked: str, module: str,
                                                           extra: str) -> None:
    """Without its optional dependency, a research module says which extra to install,
    not only which module is missing (the engine itself needs none of them)."""
    import subprocess
    import sys

    code = (f"import sys; sys.modules[{blocked!r}] = None\n"
            "import cutthroat, cutthroat.rl\n"
            f"import {module}\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ModuleNotFoundError:"), done.stderr
    assert f"pip install 'cutthroat-euchre[{extra}]'" in last and blocked in last


def _play(game: object, rng: random.Random, check: object = None) -> None:
    """Play a raw environment's episode with random legal actions to its end, calling
    ``check()`` before every step."""
    while not any(game.terminations.values()) and not any(game.truncations.values()):
        if check is not None:
            check()
        game.step(int(rng.choice(np.flatnonzero(
            game.observe(game.agent_selection)["action_mask"]))))


def test_infos_give_every_agent_the_public_scores_and_hand_number() -> None:
    """Each agent's info holds its seat, the hand's number, the game's scores and the
    points of the last finished hand: what reward shaping needs, without reaching into
    env.unwrapped.game, and public (the same for every agent but the seat)."""
    game = raw_env(rules=Rules(target=5), seed=3)
    game.reset(seed=3)
    assert game.infos == {f"player_{s}": {"seat": s, "hand": 1, "scores": [0, 0, 0],
                                          "last_points": None} for s in range(3)}
    seen_hands = set()

    def check() -> None:
        results = game.game.results
        for seat, agent in enumerate(game.agents):
            info = game.infos[agent]
            assert info["seat"] == seat and info["hand"] == len(game.game.hands)
            assert info["scores"] == list(game.game.scores)
            assert info["last_points"] == (list(results[-1].points) if results else None)
        seen_hands.add(game.infos["player_0"]["hand"])

    _play(game, random.Random(3), check)
    check()
    assert len(seen_hands) > 2 and max(game.infos["player_0"]["scores"]) >= 5
    assert game.infos["player_0"]["last_points"] == list(game.game.results[-1].points)


def test_rewards_are_floats_after_an_illegal_action_too() -> None:
    """The wrapper's illegal-action end gave {'player_0': 0, 'player_1': -1.0, ...}:
    every reward is a float, in rewards and in last()."""
    wrapped = env(seed=4)
    wrapped.reset(seed=4)
    agent = wrapped.agent_selection
    mask = wrapped.observe(agent)["action_mask"]
    wrapped.step(int(np.flatnonzero(mask == 0)[0]))
    assert wrapped.rewards[agent] == -1.0 and all(wrapped.terminations.values())
    assert all(type(r) is float for r in wrapped.rewards.values()), wrapped.rewards
    for _agent in wrapped.agent_iter():
        _, reward, done, _, _ = wrapped.last()
        assert type(reward) is float and done
        wrapped.step(None)
    raw = raw_env(episode="hand", seed=2)
    raw.reset(seed=2)
    _play(raw, random.Random(2))
    assert all(type(r) is float for r in raw.rewards.values())


def test_rules_may_be_a_mapping_of_their_fields_as_for_vs_bots() -> None:
    """env(rules={"deck": 25}) raised RulesError; a mapping of the rules' fields is
    taken as VsBotsEnv takes it, and an unknown field is refused with the same error."""
    from cutthroat.rl.vs_bots import VsBotsEnv
    from cutthroat.rules import RulesError

    assert env(rules={"deck": 25}).unwrapped.rules == Rules(deck=25)
    assert raw_env(rules={"preset": "standard", "tie": "share", "dummy": False}).rules \
        == Rules(tie="share", dummy=False)
    messages = []
    for make in (raw_env, env, VsBotsEnv):
        with pytest.raises(RulesError, match="unknown rules field 'decks'") as error:
            make(rules={"decks": 25})  # type: ignore[operator]
        messages.append(str(error.value))
        with pytest.raises(TypeError, match="rules must be a Rules, a mapping"):
            make(rules=25)  # type: ignore[operator]
    assert len(set(messages)) == 1


def test_a_bool_is_not_a_seed() -> None:
    """reset(seed=True) was taken as seed 1 (operator.index): a bool is refused as it
    is as an action, in both environments."""
    from cutthroat.rl.vs_bots import VsBotsEnv

    for bad in (True, False, np.bool_(True)):
        _refused_by_the_pettingzoo_env(bad, TypeError, "a seed is an integer")
        with pytest.raises(TypeError, match="a seed is an integer"):
            VsBotsEnv(bots=("random", "random")).reset(seed=bad)  # type: ignore[arg-type]


def test_the_wrapped_env_refuses_what_is_not_an_action_with_the_raw_env_errors() -> None:
    """PettingZoo's AssertOutOfBoundsWrapper answered step(None), a float and an array
    with a bare AssertionError: the wrapped environment now says what is wrong, as the
    raw one does, and changes nothing; an id that is legal elsewhere but not now still
    ends the episode with −1 (TerminateIllegalWrapper), and the order of calls is
    still enforced."""
    from pettingzoo.utils.env_logger import EnvLogger

    wrapped = env(seed=4)
    with pytest.raises(Exception, match="reset"):
        wrapped.step(66)
    wrapped.reset(seed=4)
    agent = wrapped.agent_selection
    before = wrapped.observe(agent)
    legal = int(np.flatnonzero(before["action_mask"])[0])
    for bad, error, message in [(None, ValueError, "is to act"),
                                (legal + 0.5, TypeError, "integer id"),
                                (np.array([legal]), TypeError, "integer id"),
                                (True, TypeError, "integer id"),
                                (332, ActionParseError, "not an action id"),
                                (-1, ActionParseError, "not an action id")]:
        with pytest.raises(error, match=message):
            wrapped.step(bad)
        assert wrapped.agent_selection == agent and not any(wrapped.terminations.values())
        assert np.array_equal(wrapped.observe(agent)["observation"], before["observation"])
    wrapped.step(np.int64(legal))  # a NumPy integer is an id
    assert len(wrapped.unwrapped.game.hand.moves) == 1
    EnvLogger.suppress_output()
    try:
        illegal = int(np.flatnonzero(wrapped.observe(wrapped.agent_selection)
                                     ["action_mask"] == 0)[0])
        wrapped.step(illegal)
    finally:
        EnvLogger.unsuppress_output()
    assert all(wrapped.terminations.values())


@pytest.mark.parametrize("rules", [Rules(), Rules(deck=25), Rules(deck=32, dummy=False)])
def test_state_is_the_whole_table_in_its_space(rules: Rules) -> None:
    """raw_env.state() (for centralised critics: full information) lies in state_space:
    the three seats' observations, then the cards in each seat's hand, the dummy on the
    table and the cards face down out of play (the kitty, the dealer's discard, the
    maker's buried five), so that every card not yet played is in exactly one of those
    five places, the hidden ones too (a blind dealer's cards, R6, included)."""
    from cutthroat.cards import deck
    from cutthroat.rl.pettingzoo_env import STATE_SIZE

    game = raw_env(rules=rules, episode="hand", seed=6)
    assert game.state_space.shape == (STATE_SIZE,) == (3 * SIZE + 5 * 33,)
    every = {card.id for card in deck(rules.deck)}
    seeds = list(range(3))
    if rules.deck == 25:  # a deal with the joker turned up, the dealer blind (R6)
        seeds.append(next(s for s in range(1000) if _upcard(game, s) == 32))

    for seed in seeds:
        game.reset(seed=seed)

        def check() -> None:
            state = game.state()
            assert state.dtype == np.float32 and game.state_space.contains(state)
            for seat in range(3):
                assert np.array_equal(state[seat * SIZE:(seat + 1) * SIZE],
                                      game.observe(f"player_{seat}")["observation"])
            hand = game.game.hand
            blocks = state[3 * SIZE:].reshape(5, 33)
            places = [*(hand.cards(seat) for seat in range(3)), hand.dummy,
                      [*hand.kitty, *hand.buried]]  # the buried five face down too
            for block, cards in zip(blocks, places, strict=True):
                assert set(np.flatnonzero(block).tolist()) == {c.id for c in cards}
            shown = set().union(*(_card_slots(state[s * SIZE:(s + 1) * SIZE])
                                  for s in range(3)))
            assert blocks.sum(axis=0).max() <= 1
            assert shown | set(np.flatnonzero(blocks.any(axis=0)).tolist()) == every
            view = hand.view(0)
            played = {c.id for t in view.tricks for _, c in t.plays} | {
                c.id for _, c in view.current_trick}
            # every card not yet played is in one of the five blocks, not only in the
            # maker's own observation (his buried five were missing from them)
            assert played | set(np.flatnonzero(blocks.any(axis=0)).tolist()) == every

        _play(game, random.Random(seed), check)
        check()


def _upcard(game: object, seed: int) -> int:
    game.reset(seed=seed)
    return int(game.game.hand.upcard.id)


def test_the_package_exports_every_environment() -> None:
    """cutthroat.rl exports VsBotsEnv beside env and raw_env (imported when first asked
    for, which registers the Gymnasium id), and every name of its __all__ resolves."""
    import subprocess
    import sys

    import cutthroat.rl
    from cutthroat.rl import VsBotsEnv, vs_bots

    assert VsBotsEnv is vs_bots.VsBotsEnv
    assert {"VsBotsEnv", "env", "raw_env"} <= set(cutthroat.rl.__all__)
    for name in cutthroat.rl.__all__:
        assert getattr(cutthroat.rl, name).__doc__, name
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = cutthroat.rl.nope  # type: ignore[attr-defined]
    code = ("import gymnasium\nfrom cutthroat.rl import VsBotsEnv\n"
            "assert 'cutthroat/VsBots-v0' in gymnasium.registry\n"
            "namespace = {}\nexec('from cutthroat.rl import *', namespace)\n"
            "assert namespace['VsBotsEnv'] is VsBotsEnv\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("rules", [Rules(), Rules(deck=25), Rules(deck=32, dummy=False)])
def test_R12_R14_a_view_alone_gives_the_environments_action_ids(rules: Rules) -> None:
    """A trained policy plays as a bot from ``choose(view)``: ``cutthroat.rl.policy``
    reads from the view alone the ids the environments use (a keep's too, from the
    maker's ten cards), their mask, and the action of an id, exactly as the hand does."""
    from cutthroat.rl.policy import action_id_of, action_mask, action_of, legal_ids
    from cutthroat.state import Hand

    keeps = 0
    for seed in range(40):
        rng = random.Random(seed)
        hand = Hand.deal(rules, dealer=seed % 3, rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            ids = sorted(hand.legal_action_ids())
            assert legal_ids(view) == ids
            assert np.flatnonzero(action_mask(view)).tolist() == ids
            for aid in ids:
                assert action_of(view, aid) == hand.action_from_id(aid)
                assert action_id_of(view, str(hand.action_from_id(aid))) == aid
            other = hand.view((seat + 1) % 3)
            assert legal_ids(other) == [] and not action_mask(other).any()
            if hand.phase.name == "KEEP":
                keeps += 1
                with pytest.raises(IllegalActionError, match="maker's own view"):
                    action_of(other, ids[0])
                # a keep of a card he does not hold (one played by nobody yet) has no id
                keep = hand.action_from_id(ids[0])
                absent = next(c for c in deck(rules.deck) if c not in view.cards)
                foreign = f"keep {' '.join(str(c) for c in (*keep.cards[:4], absent))}"
                with pytest.raises(IllegalActionError,
                                   match=f"^{Action.parse(foreign)} keeps a card that "
                                         "is not among the maker's ten$"):
                    action_id_of(view, foreign)
            hand.apply_id(rng.choice(ids))
    assert keeps > 5 or not rules.dummy
    with pytest.raises(IllegalActionError, match="not an action id"):
        action_of(hand.view(0), 332)


def test_a_view_for_a_numpy_seat_is_a_plain_int_seat_and_json_ready() -> None:
    """``view(np.int64(1))`` (a seat from an agent's array) is seat 1's view, with
    ``seat`` a plain ``int`` so that ``to_json()`` goes to ``json.dumps`` as is."""
    hand = Hand.deal(seed=1)
    view = hand.view(np.int64(1))  # type: ignore[arg-type]
    assert type(view.seat) is int and view == hand.view(1)
    assert json.loads(json.dumps(view.to_json()))["seat"] == 1


@pytest.mark.parametrize("rules", [Rules(), Rules(deck=25, dummy=False), Rules(deck=32)],
                         ids=["standard", "25-no-dummy", "32"])
def test_each_slot_of_the_observation_says_what_the_view_says(rules: Rules) -> None:
    """``encode(view)`` writes every part where the module's table says, seats relative
    to the observer, at every move of seeded random hands and for each seat: its cards,
    the up-card, its own hidden discards, the cards played by whom, the phase, trump,
    dealer, maker, who went alone or sits out, the leader, the tricks won, the scores,
    whether the up-card and the dummy were taken, the deck, the dummy rule and whether
    the observer is to act; nothing else is set."""
    rng = random.Random(3)
    scores = (1, 4, 7)
    reached: set[str] = set()
    for _ in range(30):
        hand = Hand.deal(rules, dealer=rng.randrange(3), rng=rng)
        while True:
            for me in range(3):
                view = hand.view(me, scores=scores)
                got = encode(view)
                want = np.zeros(SIZE, dtype=np.float32)

                def rel(seat: int, me: int = me) -> int:
                    return (seat - me) % 3

                for card in view.cards:
                    want[Slot.CARDS + card.id] = 1
                want[Slot.UPCARD + hand.upcard.id] = 1
                own = list(hand.buried) if me == hand.maker else []
                if me == hand.dealer and hand.dealer_discard is not None:
                    own.append(hand.dealer_discard)
                for card in own:
                    want[Slot.OWN_DISCARDS + card.id] = 1
                for trick in hand.tricks:
                    for seat, card in trick.plays:
                        want[Slot.PLAYED + NUM_CARD_IDS * rel(seat) + card.id] = 1
                for seat, card in hand.current_trick:
                    want[Slot.TRICK + NUM_CARD_IDS * rel(seat) + card.id] = 1
                want[Slot.PHASE + int(hand.phase)] = 1
                want[Slot.TRUMP + (4 if hand.trump is None else int(hand.trump))] = 1
                want[Slot.DEALER + rel(hand.dealer)] = 1
                want[Slot.MAKER + (3 if hand.maker is None else rel(hand.maker))] = 1
                for seat in hand.alone:
                    want[Slot.ALONE + rel(seat)] = 1
                if hand.sitting_out is not None:
                    want[Slot.SITTING_OUT + rel(hand.sitting_out)] = 1
                if hand.current_trick:
                    want[Slot.LEADER + rel(hand.leader)] = 1
                for seat in range(3):
                    want[Slot.TRICKS_WON + rel(seat)] = hand.tricks_won[seat] / 5
                    want[Slot.SCORES + rel(seat)] = scores[seat] / (2 * rules.target)
                want[Slot.UPCARD_TAKEN] = hand.upcard_taken
                want[Slot.TURNED_DOWN] = turned_down(view)
                want[Slot.DUMMY_TAKEN] = hand.dummy_taken
                want[Slot.DECK + (24, 25, 32).index(rules.deck)] = 1
                want[Slot.DUMMY_RULE] = rules.dummy
                want[Slot.TO_ACT] = hand.to_act == me
                assert np.allclose(got, want), np.flatnonzero(~np.isclose(got, want))
            reached |= {name for name, on in [
                ("upcard_taken", hand.upcard_taken), ("dummy_taken", hand.dummy_taken),
                ("alone", bool(hand.alone)), ("sitting_out", hand.sitting_out is not None),
                ("trick", bool(hand.current_trick)), ("discard", hand.dealer_discard is not None),
                ("buried", bool(hand.buried))] if on}
            if hand.is_over:
                break
            hand.push(rng.choice(hand.legal_actions()))
    assert reached >= {"upcard_taken", "alone", "trick", "discard"} | (
        {"dummy_taken", "buried"} if rules.dummy else set())


def test_a_game_past_max_hands_is_truncated_for_every_agent() -> None:
    """max_hands=1, the least allowed, truncates a game still going after its first
    hand (no hand reaches the target of 10): every agent is truncated, none
    terminated, nobody is rewarded, no next hand is dealt, and each agent is then
    stepped out with None."""
    game = raw_env(max_hands=1, seed=4)
    game.reset(seed=4)
    _play(game, random.Random(4))
    assert all(game.truncations.values()) and not any(game.terminations.values())
    assert len(game.game.hands) == 1 and game.game.hand.is_over and not game.game.is_over
    assert game.rewards == dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        _, reward, done, truncated, _ = game.last()
        assert truncated and not done and reward == 0.0
        assert not game.observe(agent)["action_mask"].any()
        game.step(None)
    assert game.agents == []


def test_the_spaces_are_exactly_those_of_the_vectors() -> None:
    """The declared spaces are the vectors' own bounds, not looser ones: observations
    and the state are floats in [0, 1], the mask 0 or 1 over the 332 ids."""
    game = raw_env()
    for agent in game.possible_agents:
        space = game.observation_space(agent)
        vector, mask = space["observation"], space["action_mask"]
        assert vector.shape == (SIZE,) and vector.dtype == np.float32
        assert (vector.low == 0).all() and (vector.high == 1).all()
        assert mask.shape == (332,) and mask.dtype == np.int8
        assert (mask.low == 0).all() and (mask.high == 1).all()
        assert game.action_space(agent).n == 332
    assert (game.state_space.low == 0).all() and (game.state_space.high == 1).all()


def test_the_turn_based_env_refuses_pettingzoos_parallel_conversion() -> None:
    """Agents act one at a time in an order the hand decides (R7-R17), so the
    environment says it is not parallelizable and aec_to_parallel refuses it rather
    than cycling agents in a fixed order."""
    assert raw_env.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env(seed=1))


def test_an_id_outside_the_action_space_is_refused_naming_the_range() -> None:
    """An integer that is no action id is refused saying which ids there are (0 to
    331), at the first and last id past either end."""
    game = raw_env(seed=1)
    game.reset(seed=1)
    for bad in (-1, 332):
        with pytest.raises(ActionParseError, match=rf"not an action id: {bad} \(ids are "
                                                     r"0 to 331\)"):
            game.step(bad)
    assert game.checked_action(0) == 0 and game.checked_action(331) == 331


def test_R12_a_policy_s_mask_is_the_environments_ones_and_zeros() -> None:
    """cutthroat.rl.policy.action_mask is exactly the environments' mask: int8, 1 for a
    legal id and 0 elsewhere (not merely nonzero), so a policy trained on the mask reads
    the same numbers in the arena."""
    from cutthroat.rl.pettingzoo_env import raw_env
    from cutthroat.rl.policy import action_mask, legal_ids

    hand = Hand.deal(seed=3)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        mask = action_mask(hand.view(seat))
        assert mask.dtype == np.int8 and mask.shape == (332,)
        assert set(np.unique(mask).tolist()) == {0, 1}
        assert int(mask.sum()) == len(legal_ids(hand.view(seat)))
        hand.apply_id(min(hand.legal_action_ids()))
    table = raw_env(seed=1)
    table.reset(seed=1)
    agent = table.agent_selection
    view = table.game.view(table.agents.index(agent))
    assert np.array_equal(action_mask(view), table.observe(agent)["action_mask"])


@pytest.mark.parametrize("bad", [-1, 332, 10**6])
def test_an_id_out_of_range_says_which_ids_there_are(bad: int) -> None:
    from cutthroat.rl.policy import action_of

    with pytest.raises(IllegalActionError, match=r"not an action id: .* \(ids are 0 to 331\)"):
        action_of(Hand.deal(seed=1).view(0), bad)
