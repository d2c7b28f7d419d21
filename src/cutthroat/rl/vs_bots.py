"""One learning agent against two bots, as a Gymnasium environment: ``cutthroat/VsBots-v0``.

The usual way to train or evaluate a single agent at a multi-player card game: the
agent holds one seat, bots of :mod:`cutthroat.bots` (``random`` to ``expert``) hold the
other two, and the environment plays the bots' turns itself, so the agent sees only its
own decisions. Observations, actions and rewards are those of the PettingZoo
environment (:mod:`cutthroat.rl.pettingzoo_env`): ``{"observation": float32[343],
"action_mask": int8[332]}``, the 332 action ids, and at the end of a game +1 for a win
and −½ for a loss (``episode="game"``), or the hand's points minus the average of the
three (``episode="hand"``). :meth:`VsBotsEnv.action_masks` gives the mask as booleans,
as action-masking learners (sb3-contrib's ``MaskablePPO``) ask for it. An episode
always asks the agent for at least one decision: a hand (or, with a target of a point
or two, a game) that ends without one, because the agent sat out its partner's lone
defence (R13), is played by the bots and dealt again at :meth:`~VsBotsEnv.reset`.

Importing this module registers the environment with Gymnasium:

>>> import gymnasium as gym
>>> import numpy as np
>>> import cutthroat.rl.vs_bots
>>> env = gym.make("cutthroat/VsBots-v0", bots=("intermediate", "intermediate"), seat=0)
>>> observation, info = env.reset(seed=3)
>>> info["seat"], env.unwrapped.legal_texts()       # a defender may go alone (R13)
(0, ['pass', 'alone'])
>>> rng = np.random.default_rng(3)
>>> done = False
>>> while not done:
...     action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> terminated, reward in (1.0, -0.5), max(info["scores"]) >= 10
(True, True, True)
"""

from __future__ import annotations

import dataclasses
import operator
import random
from collections.abc import Mapping, Sequence
from numbers import Real
from typing import Any, cast

from . import missing_extra

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.envs.registration import EnvSpec
except ModuleNotFoundError as exc:  # pragma: no cover - installed by make test
    raise missing_extra(exc, "rl") from None

from ..actions import NUM_ACTIONS
from ..bots import Bot, make_bot
from ..bots.base import bot_choose, push_bot_move
from ..bots.registry import line_up_specs
from ..errors import IllegalActionError
from ..game import Game
from ..rules import Rules
from .layout import SIZE
from .observation import (
    Observation,
    action_id,
    as_int,
    as_rules,
    as_seed,
    encode,
    public_info,
)
from .rewards import EPISODES, game_rewards, hand_rewards
from .text import RENDER_MODES, render_hand

__all__ = ["ENV_ID", "VsBotsEnv"]

ENV_ID = "cutthroat/VsBots-v0"
"""The environment's Gymnasium id."""


class VsBotsEnv(gymnasium.Env[Observation, int]):
    """One agent against two bots (see the module's text).

    Args:
        bots: the two other seats' bots, as bot specs (``"expert"``,
            ``"expert:play_samples=5,bid_samples=10"``) or bot classes, in order
            clockwise from the agent's left, or one text of both as ``--bots`` writes
            them (``"intermediate,expert"``).
        seat: the agent's seat (0, 1 or 2), or ``None`` to draw it at each reset (the
            first dealer is drawn anyway, R4, so the seat matters only for who sits
            where).
        rules: the rules (default: the ``standard`` preset), or a mapping of their
            fields (``{"deck": 25, "tie": "share"}``, optionally with a ``"preset"`` as
            in a game record), which is what the environment's ``spec.to_json()``
            writes them as, so that ``EnvSpec.from_json`` makes it again.
        episode: ``"game"`` (to the target, R22) or ``"hand"`` (one hand).
        max_hands: a game still going after this many hands is truncated.
        illegal_reward: ``None`` (the default) refuses an illegal action with
            :class:`~cutthroat.errors.IllegalActionError`, changing nothing; a number
            ends the episode there with that reward instead, as PettingZoo's classic
            games do.
        render_mode: ``"ansi"`` (:meth:`render` returns the hand as text, every card
            shown: for a person watching),
            ``"human"`` (it prints that text) or ``None``.
    """

    # render_fps: Gymnasium's checker warns at the first render without one (text has
    # no frame rate; 4 is what Gymnasium's own text environments declare)
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(self, *, bots: Sequence[str] = ("intermediate", "intermediate"),
                 seat: int | None = None, rules: Rules | Mapping[str, Any] | None = None,
                 episode: str = "game", max_hands: int = 500,
                 illegal_reward: float | None = None,
                 render_mode: str | None = None) -> None:
        # As the arena takes them: specs or classes, or one text of two specs.
        specs = (line_up_specs(bots) if isinstance(bots, (str, Sequence))
                 and not isinstance(bots, bytes) else [])
        if len(specs) != 2:
            raise ValueError("bots must name two bots, such as ('intermediate', 'expert'), "
                             "'intermediate,expert' or a bot's class, not " + repr(bots))
        for spec in specs:
            make_bot(spec, 0)  # a bad spec is refused now, with the bot's options listed
        if seat is not None and as_int(seat) not in (0, 1, 2):
            raise ValueError(f"seat must be 0, 1, 2 or None, not {seat!r}")
        if episode not in EPISODES:
            raise ValueError(f"episode must be 'game' or 'hand', not {episode!r}")
        if (as_int(max_hands) or 0) < 1:
            raise ValueError(f"max_hands must be a positive integer, not {max_hands!r}")
        if illegal_reward is not None and (isinstance(illegal_reward, bool)
                                           or not isinstance(illegal_reward, Real)):
            raise ValueError("illegal_reward must be a number or None, not "
                             + repr(illegal_reward))
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError("render_mode must be 'ansi', 'human' or None, not "
                             f"{render_mode!r}")
        self.bot_specs = tuple(specs)
        self.fixed_seat = None if seat is None else operator.index(seat)
        self.rules = as_rules(rules)  # a mapping's fields: RulesError if bad
        self.episode = episode
        self.max_hands = operator.index(max_hands)
        self.illegal_reward = None if illegal_reward is None else float(illegal_reward)
        self.render_mode = render_mode
        box = spaces.Box(low=0.0, high=1.0, shape=(SIZE,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8)
        self.observation_space = cast(spaces.Space[Observation], spaces.Dict(
            {"observation": box, "action_mask": mask}))
        self.action_space = cast(spaces.Space[int], spaces.Discrete(NUM_ACTIONS))
        self.seat = 0 if self.fixed_seat is None else self.fixed_seat
        self.game = Game(self.rules, rng=random.Random(0))
        self.bots: dict[int, Bot] = {}
        self._over = True

    @property
    def spec(self) -> EnvSpec | None:
        """Gymnasium's record of how the environment was made (``gym.make`` sets it),
        with the bots as their specs' text (``"mybots.Mine"`` for a class), so that
        ``spec.to_json()`` writes it and ``EnvSpec.from_json`` makes it again."""
        return self._spec

    @spec.setter
    def spec(self, spec: EnvSpec | None) -> None:
        if spec is not None and "bots" in spec.kwargs:  # (a class is no JSON)
            spec = dataclasses.replace(spec, kwargs={**spec.kwargs,
                                                     "bots": list(self.bot_specs)})
        self._spec = spec

    _spec: EnvSpec | None = None

    # --- the Gymnasium API -------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """A new game (or hand), dealt from ``seed`` (else from the environment's own
        generator); the bots play until it is the agent's turn. ``options`` may hold
        ``seat``, the agent's seat for this episode (0, 1 or 2; ``None`` draws it), in
        place of the one the environment was made with; any other option is refused
        (``ValueError``), and nothing changes."""
        fixed = self.fixed_seat
        if options:
            unknown = sorted(map(str, set(options) - {"seat"}))
            if unknown:
                raise ValueError(f"unknown reset option {', '.join(map(repr, unknown))}: "
                                 "the only one is 'seat' (0, 1, 2 or None)")
            chosen = options["seat"]
            if chosen is not None and as_int(chosen) not in (0, 1, 2):
                raise ValueError(f"seat must be 0, 1, 2 or None, not {chosen!r}")
            fixed = None if chosen is None else operator.index(chosen)
        super().reset(seed=as_seed(seed))
        rng = random.Random(int(self.np_random.integers(2**63)))
        while True:
            self.seat = rng.randrange(3) if fixed is None else fixed
            others = [(self.seat + k) % 3 for k in (1, 2)]
            self.bots = {seat: make_bot(spec, rng.getrandbits(32))
                         for seat, spec in zip(others, self.bot_specs, strict=True)}
            self.game = Game(self.rules, rng=random.Random(rng.getrandbits(64)))
            self.game.deal()
            self._over = False
            self._play_bots()
            if not self._over:  # else it ended with no decision of the agent's: again
                self._show()
                return self._observe(), self._info()

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The agent takes ``action`` (an id of its action mask); then the bots play
        until it is the agent's turn again or the episode ends."""
        if self._over:
            raise RuntimeError("the episode is over: call reset() to start another"
                               if self.game.hands else
                               "no episode has begun: call reset() first")
        aid = action_id(action)
        hand = self.game.hand
        assert hand is not None
        try:
            hand.apply_id(aid, self.seat)  # refuses an illegal id, changing nothing
        except IllegalActionError:
            if self.illegal_reward is None:
                raise
            self._over = True
            return self._observe(), float(self.illegal_reward), True, False, self._info()
        reward, terminated, truncated = self._play_bots()
        self._show()
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The hand as text (every card shown), with ``render_mode="ansi"``; without a
        render mode, ``None`` and Gymnasium's warning. The bots are named by their specs,
        and by their seats too when both have the same spec."""
        same = self.bot_specs[0] == self.bot_specs[1]
        names = ["agent" if seat == self.seat else
                 self.bot_specs[(seat - self.seat) % 3 - 1] + (f" (seat {seat})" if same else "")
                 for seat in range(3)]
        return render_hand(self.render_mode, self.game.hand, names)

    def _show(self) -> None:
        """With ``render_mode="human"``, print the hand after each reset and step, as
        Gymnasium's human mode asks (no call to :meth:`render` needed)."""
        if self.render_mode == "human":
            self.render()

    # --- for agents and people -----------------------------------------------------------

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The agent's legal actions as booleans (all false once the episode is over)."""
        return self._mask().astype(bool)

    def legal_texts(self) -> list[str]:
        """The agent's legal actions as text (``pass``, ``play JH``), in id order (none
        before the first reset or once the episode is over)."""
        hand = self.game.hand
        ids = np.flatnonzero(self._mask())
        return [str(hand.action_from_id(int(i))) for i in ids] if hand is not None else []

    # --- inside ----------------------------------------------------------------------------

    def _mask(self) -> npt.NDArray[np.int8]:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        hand = self.game.hand
        if not self._over and hand is not None and hand.to_act == self.seat:
            mask[list(hand.legal_action_ids())] = 1
        return mask

    def _observe(self) -> Observation:
        return {"observation": encode(self.game.view(self.seat)), "action_mask": self._mask()}

    def _info(self) -> dict[str, Any]:
        """The agent's seat, the hand's number (from 1), the game's scores (the hand in
        play not counted until it is over) and the points of the last finished hand
        (``None`` before the first), as the PettingZoo environment's infos."""
        return public_info(self.game, self.seat)

    def _play_bots(self) -> tuple[float, bool, bool]:
        """Let the bots move until the agent is to act or the episode ends, dealing each
        next hand of a game; (the agent's reward, terminated, truncated)."""
        game = self.game
        while True:
            hand = game.hand
            assert hand is not None
            if hand.is_over:
                assert hand.result is not None
                if self.episode == "hand":
                    self._over = True
                    return hand_rewards(hand.result.points)[self.seat], True, False
                if game.is_over:
                    self._over = True
                    return game_rewards(game.winners)[self.seat], True, False
                if len(game.hands) >= self.max_hands:
                    self._over = True
                    return 0.0, False, True
                game.deal()
                continue
            seat = hand.to_act
            assert seat is not None
            if seat == self.seat:
                return 0.0, False, False
            bot = self.bots[seat]  # a bot that fails or errs is a BotError naming it
            push_bot_move(hand, bot, seat, bot_choose(bot, game.view(seat)))


gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:VsBotsEnv")
