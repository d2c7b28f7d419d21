"""The single-agent Gymnasium environment against bots (``cutthroat/VsBots-v0``)."""

from __future__ import annotations

import runpy
import warnings
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.envs.registration import EnvSpec
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st

from cutthroat.actions import Action
from cutthroat.errors import IllegalActionError
from cutthroat.rl.layout import SIZE
from cutthroat.rl.observation import encode
from cutthroat.rl.rewards import hand_rewards
from cutthroat.rl.vs_bots import ENV_ID, VsBotsEnv
from cutthroat.rules import Rules


def _random_episode(env: VsBotsEnv, seed: int) -> tuple[list[Any], float, bool, bool]:
    """Play one episode with random legal actions; the actions, the last reward and
    whether it terminated or was truncated."""
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[Any] = []
    while True:
        mask = observation["action_mask"]
        assert mask.any() and np.array_equal(mask.astype(bool), env.action_masks())
        hand = env.game.hand
        assert hand is not None and hand.to_act == env.seat  # only the agent is asked
        assert sorted(np.flatnonzero(mask)) == sorted(hand.legal_action_ids())
        assert np.array_equal(observation["observation"], encode(env.game.view(env.seat)))
        action = int(rng.choice(np.flatnonzero(mask)))
        actions.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        assert info["seat"] == env.seat
        if terminated or truncated:
            assert not observation["action_mask"].any() and not env.action_masks().any()
            return actions, reward, terminated, truncated
        assert reward == 0.0


@pytest.mark.parametrize("episode", ["game", "hand"])
def test_gymnasium_env_checker_passes(episode: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures
        # The checker steps with actions drawn from the whole space, most of them
        # illegal: with illegal_reward they end the episode instead of raising.
        check_env(VsBotsEnv(bots=("random", "beginner"), episode=episode,
                            illegal_reward=-1), skip_render_check=True)


def test_made_by_id_with_gymnasium_s_own_checks() -> None:
    env = gym.make(ENV_ID, bots=("random", "random"), seat=2, episode="hand")
    observation, info = env.reset(seed=5)
    assert info["seat"] == 2 and env.observation_space.contains(observation)
    done = False
    rng = np.random.default_rng(5)
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert env.observation_space.contains(observation)


def test_a_whole_game_against_intermediates_pays_the_winner() -> None:
    env = VsBotsEnv(bots=("intermediate", "intermediate"), seat=1)
    _, reward, terminated, _ = _random_episode(env, seed=11)
    assert terminated and env.game.is_over
    won = env.seat in env.game.winners
    assert reward == (1.0 if won else -0.5)


@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=40, deadline=None)
def test_R19_R21_a_hand_episode_pays_the_hand_s_points_minus_the_average(seed: int) -> None:
    env = VsBotsEnv(bots=("random", "beginner"), episode="hand",
                    rules=Rules(deck=25, stick_the_dealer=True))
    _, reward, terminated, _ = _random_episode(env, seed=seed)
    hand = env.game.hand
    assert terminated and hand is not None and hand.result is not None
    assert reward == pytest.approx(hand_rewards(hand.result.points)[env.seat])


@given(seed=st.integers(0, 2**32 - 1))
@settings(max_examples=60, deadline=None)
def test_R13_every_episode_asks_the_agent_at_least_once(seed: int) -> None:
    """With a target of one point a game can end in its first hand while the agent sits
    out its partner's lone defence: such a deal is not an episode, and reset deals
    again until the agent has a decision."""
    env = VsBotsEnv(bots=("intermediate", "random"), rules=Rules(target=1))
    observation, _ = env.reset(seed=seed)
    assert observation["action_mask"].any() and not env.game.is_over


def test_the_same_seed_plays_the_same_episode_and_the_seat_is_drawn() -> None:
    env = VsBotsEnv(bots=("intermediate", "beginner"))
    first = _random_episode(env, seed=3)
    again = _random_episode(env, seed=3)
    assert first == again
    seats = {env.reset(seed=seed)[1]["seat"] for seed in range(30)}
    assert seats == {0, 1, 2}


def test_reset_options_choose_the_seat_and_refuse_anything_else() -> None:
    """``reset(options={"seat": k})`` plays this episode from seat ``k`` (the same deal
    and bots as without it for the same seed, only the seat given); an option it does
    not know, or a seat that is none, is refused and changes nothing."""
    env = VsBotsEnv(bots=("intermediate", "beginner"))
    for seat in (0, 1, 2, np.int64(2)):
        _, info = env.reset(seed=5, options={"seat": seat})
        assert info["seat"] == seat == env.seat
    drawn = {env.reset(seed=s, options={"seat": None})[1]["seat"] for s in range(30)}
    assert drawn == {0, 1, 2}
    fixed = VsBotsEnv(bots=("intermediate", "beginner"), seat=1)
    assert fixed.reset(seed=2, options={"seat": 0})[1]["seat"] == 0
    assert fixed.reset(seed=2)[1]["seat"] == 1  # the option is for one episode
    before = fixed.reset(seed=4)[0]
    for bad, words in (({"seet": 1}, "unknown reset option 'seet'"),
                       ({"seat": 3}, "seat must be 0, 1, 2 or None, not 3"),
                       ({"seat": "1"}, "seat must be")):
        with pytest.raises(ValueError, match=words):
            fixed.reset(seed=9, options=bad)
        assert np.array_equal(fixed._observe()["observation"], before["observation"])


def test_before_the_first_reset_there_is_nothing_to_do() -> None:
    env = VsBotsEnv(bots=("random", "random"))
    assert env.legal_texts() == [] and not env.action_masks().any()  # legal_texts raised
    with pytest.raises(RuntimeError, match="reset"):
        env.step(66)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = VsBotsEnv(bots=("random", "random"), seat=0)
    observation, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    moves = len(env.game.hand.moves)  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert len(env.game.hand.moves) == moves  # type: ignore[union-attr]
    for bad in (True, np.bool_(True), 1.5, "pass", None):
        with pytest.raises(TypeError, match="integer id"):
            env.step(bad)  # type: ignore[arg-type]
    assert np.array_equal(env.action_masks(), observation["action_mask"].astype(bool))


def test_illegal_reward_ends_the_episode_instead() -> None:
    env = VsBotsEnv(bots=("random", "random"), seat=0, illegal_reward=-1)
    observation, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    observation, reward, terminated, truncated, _ = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert not observation["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_a_game_too_long_is_truncated() -> None:
    env = VsBotsEnv(bots=("random", "random"), max_hands=2, rules=Rules(target=500))
    _, reward, terminated, truncated = _random_episode(env, seed=4)
    assert truncated and not terminated and reward == 0.0 and len(env.game.hands) == 2


@pytest.mark.parametrize(("options", "words"), [
    ({"bots": ("random",)}, "two bots"),
    ({"bots": "random"}, "two bots"),
    ({"bots": "random,random,random"}, "two bots"),
    ({"bots": (1, 2)}, "not int"),
    ({"bots": ("random", "grandmaster")}, "grandmaster"),
    ({"bots": ("random", "expert:play_sample=3")}, "play_sample"),
    ({"seat": 3}, "seat must be"),
    ({"seat": True}, "seat must be"),
    ({"seat": 1.0}, "seat must be"),  # was taken, and failed at reset as a list index
    ({"max_hands": 0}, "max_hands must be"),
    ({"max_hands": 2.5}, "max_hands must be"),
    ({"illegal_reward": "-1"}, "illegal_reward must be"),
    ({"episode": "trick"}, "episode must be"),
    ({"render_mode": "rgb_array"}, "render_mode must be"),
])
def test_bad_arguments_are_refused_at_once(options: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        VsBotsEnv(**options)


def test_a_numpy_seat_and_numbers_are_taken_as_python_ones() -> None:
    env = VsBotsEnv(bots=("random", "random"), seat=np.int64(1), max_hands=np.int32(3),
                    illegal_reward=np.float32(-1))
    _, info = env.reset(seed=0)
    assert type(info["seat"]) is int and info["seat"] == 1
    assert type(env.max_hands) is int and type(env.illegal_reward) is float


def test_render_shows_the_hand_to_a_person_and_warns_without_a_mode() -> None:
    env = VsBotsEnv(bots=("random", "beginner"), seat=0, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and "agent" in text and "up-card" in text
    quiet = VsBotsEnv(bots=("random", "random"))
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


def test_render_tells_two_bots_of_one_spec_apart() -> None:
    """Two bots of the same spec were both written 'random', so the hand's text did not
    say which of them ordered, discarded or played."""
    env = VsBotsEnv(bots=("random", "random"), seat=0, render_mode="ansi")
    env.reset(seed=3)
    text = env.render() or ""
    assert "random (seat 1)" in text and "random (seat 2)" in text
    assert "random:" not in text and "random deals" not in text
    mixed = VsBotsEnv(bots=("random", "beginner"), seat=2, render_mode="ansi")
    mixed.reset(seed=3)
    assert "(seat" not in (mixed.render() or "")


def test_human_render_mode_prints_the_hand_at_each_reset_and_step(
        capsys: pytest.CaptureFixture[str]) -> None:
    env = VsBotsEnv(bots=("random", "beginner"), seat=0, render_mode="human")
    observation, _ = env.reset(seed=1)  # printed at once, with no call to render()
    ansi = VsBotsEnv(bots=("random", "beginner"), seat=0, render_mode="ansi")
    ansi.reset(seed=1)
    assert capsys.readouterr().out == (ansi.render() or "") + "\n\n"
    action = int(observation["action_mask"].argmax())
    env.step(action)
    ansi.step(action)
    assert capsys.readouterr().out == (ansi.render() or "") + "\n\n"
    assert env.render() is None


def test_the_spec_s_json_makes_the_environment_again() -> None:
    """Gymnasium writes the Rules as a dict in spec.to_json(); making the environment
    from EnvSpec.from_json refused it ('rules must be a Rules')."""
    rules = Rules(deck=25, tie="share", target=5)
    env = gym.make(ENV_ID, bots=("random", "beginner"), rules=rules, episode="hand")
    assert env.spec is not None
    again = gym.make(EnvSpec.from_json(env.spec.to_json()))
    assert again.unwrapped.rules == rules  # type: ignore[attr-defined]
    first, _ = env.reset(seed=4)
    second, _ = again.reset(seed=4)
    assert np.array_equal(first["observation"], second["observation"])
    with pytest.raises(ValueError, match=r"unknown rules field 'decks'"):
        VsBotsEnv(rules={"decks": 25})
    assert VsBotsEnv(rules={"preset": "benny", "target": 7}).rules == Rules(deck=25, target=7)


class FirstLegal:
    """A bot of one's own, given to the environment as a class: the first legal move."""

    name = "first-legal"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: Any) -> Action:
        return Action.parse(view.legal[0])


def test_the_spec_s_json_names_a_bot_given_as_a_class_by_its_spec() -> None:
    """A researcher's finding: ``spec.to_json()`` failed ("Object of type type is not
    JSON serializable") for a bot given as a class, which the environment takes. The
    spec names it as its text, ``module.Class``, which makes it again."""
    env = gym.make(ENV_ID, bots=(FirstLegal, "random"), seat=0)
    assert env.spec is not None
    text = env.spec.to_json()
    again = gym.make(EnvSpec.from_json(text))
    assert again.unwrapped.bot_specs == (f"{__name__}.FirstLegal", "random")  # type: ignore[attr-defined]
    first, _ = env.reset(seed=3)
    second, _ = again.reset(seed=3)
    assert np.array_equal(first["observation"], second["observation"])
    for _ in range(5):  # the class plays in both, the same moves
        move = int(np.flatnonzero(first["action_mask"])[0])
        first, *_ = env.step(move)
        second, *_ = again.step(move)
        assert np.array_equal(first["observation"], second["observation"])
    assert "bots" not in gym.make(ENV_ID).spec.kwargs  # type: ignore[union-attr]


def test_rendering_through_gym_make_gives_no_warning() -> None:
    """Gymnasium's passive checker, which gym.make puts around the environment, warned
    at the first render that no render_fps was declared."""
    env = gym.make(ENV_ID, bots=("random", "random"), render_mode="ansi")
    env.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = env.render()
        check_env(gym.make(ENV_ID, bots=("random", "random"), render_mode="ansi",
                           illegal_reward=-1).unwrapped)
    assert isinstance(text, str) and "agent" in text


def test_expert_bots_play_a_hand() -> None:
    env = VsBotsEnv(bots=("expert:play_samples=2,bid_samples=4", "intermediate"),
                    episode="hand")
    _, _, terminated, _ = _random_episode(env, seed=8)
    assert terminated


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_the_reinforce_example_learns_against_random_bots() -> None:
    """examples/reinforce_vs_bots.py, briefly: a few hundred hands of REINFORCE already
    beat a random agent's reward on deals it never trained on."""
    example = Path(__file__).parent.parent / "examples" / "reinforce_vs_bots.py"
    train = runpy.run_path(str(example))["train"]
    before, after = train(400, 300)
    assert before < 0.1 < after


def test_a_step_before_any_reset_says_to_reset_first() -> None:
    env = VsBotsEnv(bots=("random", "random"), episode="hand")
    with pytest.raises(RuntimeError, match="no episode has begun: call reset"):
        env.step(66)
    env.reset(seed=1)
    while True:
        _, _, over, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if over:
            break
    with pytest.raises(RuntimeError, match="the episode is over: call reset"):
        env.step(66)


def test_the_reinforce_example_explains_itself() -> None:
    import subprocess
    import sys

    example = Path(__file__).parent.parent / "examples" / "reinforce_vs_bots.py"
    shown = subprocess.run([sys.executable, str(example), "--help"], capture_output=True,
                           text=True, timeout=60, check=False)
    assert shown.returncode == 0 and "training hands" in shown.stdout
    for hands in (["0", "0"], ["-5"], ["many"]):  # 0 0 divided by zero; -5 was taken
        refused = subprocess.run([sys.executable, str(example), *hands], capture_output=True,
                                 text=True, timeout=60, check=False)
        assert refused.returncode == 2 and "argument hands: " in refused.stderr, hands
        assert "Traceback" not in refused.stderr


def test_info_gives_the_last_hand_s_points_as_the_pettingzoo_infos_do() -> None:
    """info holds the seat, the hand's number, the scores and the points of the last
    finished hand (None before the first), the keys of the PettingZoo environment's
    infos."""
    env = VsBotsEnv(bots=("random", "random"), seat=0)
    observation, info = env.reset(seed=8)
    assert set(info) == {"seat", "hand", "scores", "last_points"}
    rng = np.random.default_rng(8)
    hands = set()
    done = False
    while not done:
        results = env.game.results
        assert info["last_points"] == (list(results[-1].points) if results else None)
        assert info["scores"] == list(env.game.scores) and info["hand"] == len(env.game.hands)
        hands.add(info["hand"])
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert len(hands) >= 2 and info["last_points"] == list(env.game.results[-1].points)


def test_the_bots_are_taken_as_the_arena_takes_them() -> None:
    """A researcher's ``bots=(MyBot, "random")`` and ``bots="random,random"`` were
    refused where the arena takes both: a bot's class, or one text of specs."""
    from cutthroat.bots import RandomBot

    assert VsBotsEnv(bots="random, beginner").bot_specs == ("random", "beginner")
    mine = VsBotsEnv(bots=(RandomBot, "random"), seat=0)
    assert mine.bot_specs == ("cutthroat.bots.random.RandomBot", "random")
    _, _, terminated, truncated = _random_episode(mine, seed=3)
    assert terminated or truncated


@pytest.mark.parametrize("episode", ["game", "hand"])
def test_an_episode_played_to_its_end_is_terminated_not_truncated(episode: str) -> None:
    """A game won (R22) or a hand scored ends the episode as terminated, never also
    truncated (truncation is only for max_hands), as Gymnasium's learners read it."""
    env = VsBotsEnv(bots=("random", "beginner"), seat=0, episode=episode,
                    rules=Rules(target=5))
    _, _, terminated, truncated = _random_episode(env, seed=6)
    assert terminated and not truncated
    assert env.game.is_over or episode == "hand"


def test_the_spaces_are_exactly_those_of_the_vectors() -> None:
    """The declared spaces are the vectors' own bounds, not looser ones."""
    env = VsBotsEnv(bots=("random", "random"))
    vector = env.observation_space["observation"]  # type: ignore[index]
    mask = env.observation_space["action_mask"]  # type: ignore[index]
    assert vector.shape == (SIZE,) and vector.dtype == np.float32
    assert (vector.low == 0).all() and (vector.high == 1).all()
    assert mask.shape == (332,) and mask.dtype == np.int8
    assert (mask.low == 0).all() and (mask.high == 1).all()
    assert env.action_space.n == 332  # type: ignore[attr-defined]


@pytest.mark.parametrize("bots", [None, 3, b"random,random", b"ab"])
def test_bots_that_are_no_line_up_are_refused_as_such(bots: Any) -> None:
    """Anything but specs, classes or one text of specs (None, a number, bytes) is the
    ValueError that says what bots must be, not a TypeError from deep inside."""
    with pytest.raises(ValueError, match="bots must name two bots"):
        VsBotsEnv(bots=bots)


def test_max_hands_of_one_truncates_after_the_first_hand() -> None:
    """max_hands must be a positive integer: 1 is one, and truncates the game after the
    first hand (a hand's worth of steps, then truncated with reward 0)."""
    env = VsBotsEnv(bots=("random", "random"), max_hands=1, rules=Rules(target=500))
    _, reward, terminated, truncated = _random_episode(env, seed=4)
    assert truncated and not terminated and reward == 0.0 and len(env.game.hands) == 1
    with pytest.raises(RuntimeError, match="the episode is over: call reset"):
        env.step(66)  # a truncated episode is over too


@pytest.mark.parametrize("seat", [None, 0, 2])
def test_render_before_the_first_reset_shows_nothing(seat: int | None) -> None:
    """Before any reset there is no hand: render() is None (no error), as render_hand says."""
    env = VsBotsEnv(bots=("random", "beginner"), seat=seat, render_mode="ansi")
    assert env.render() is None
    assert env.legal_texts() == [] and not env.action_masks().any()


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_render_names_each_bot_at_its_own_seat(seat: int) -> None:
    """bots are given clockwise from the agent's left: the first at seat + 1, the second
    at seat + 2; the rendered hand names each seat's player accordingly, whatever the
    agent's seat."""
    from cutthroat.render import describe_hand

    env = VsBotsEnv(bots=("random", "beginner"), seat=seat, render_mode="ansi")
    observation, _ = env.reset(seed=7)
    names = ["agent"] * 3
    names[(seat + 1) % 3], names[(seat + 2) % 3] = "random", "beginner"
    for _ in range(4):
        assert env.render() == "\n".join(describe_hand(env.game.hand, names))
        observation, _, terminated, truncated, _ = env.step(
            int(np.flatnonzero(observation["action_mask"])[0]))
        if terminated or truncated:
            break


@pytest.mark.parametrize("illegal_reward", [None, -1.0])
def test_a_step_after_a_game_is_won_says_to_reset(illegal_reward: float | None) -> None:
    """After the game-ending step (terminated, R22) the episode is over, as after a hand
    episode: a further step is the RuntimeError saying to reset, whatever
    illegal_reward is (it is no illegal action of a live episode)."""
    env = VsBotsEnv(bots=("random", "beginner"), seat=0, rules=Rules(target=5),
                    illegal_reward=illegal_reward)
    _, _, terminated, _ = _random_episode(env, seed=6)
    assert terminated and env.game.is_over
    with pytest.raises(RuntimeError, match="the episode is over: call reset"):
        env.step(66)
