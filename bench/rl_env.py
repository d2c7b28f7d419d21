"""Speed of the learning environments, driven by random agents.

Plays ``--episodes`` episodes of each kind with agents that pick a random legal action
from the mask, on one core, and prints a table: agent steps (decisions) per second and
episodes per second, for the PettingZoo environment (``cutthroat_v0``: the raw one and
``env()`` with PettingZoo's wrappers) and for the single-agent Gymnasium environment
against two bots (``cutthroat/VsBots-v0``; its steps are the agent's decisions alone,
the bots' moves made inside them), each for whole games and single hands.

    .venv/bin/python bench/rl_env.py
    .venv/bin/python bench/rl_env.py --episodes 200 --json
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import _cli  # bench/ is on the path when run as a script
from cutthroat.rl import env, raw_env
from cutthroat.rl.vs_bots import VsBotsEnv


def _timed(episodes: int, play: Callable[[int], int]) -> dict[str, float]:
    """Steps and episodes per second of ``play(episode)`` (which returns its steps)
    over ``episodes`` episodes."""
    start = time.perf_counter()
    steps = sum(play(episode) for episode in range(episodes))
    elapsed = time.perf_counter() - start
    return {"steps_per_s": steps / elapsed, "episodes_per_s": episodes / elapsed,
            "steps_per_episode": steps / episodes}


def run(make: Any, episodes: int, seed: int) -> dict[str, float]:
    """Steps and episodes per second of ``episodes`` episodes of random play."""
    rng = random.Random(seed)
    game = make()

    def play(episode: int) -> int:
        steps = 0
        game.reset(seed=seed + episode)
        for _ in game.agent_iter():
            observation, _, done, truncated, _ = game.last()
            if done or truncated:
                game.step(None)
                continue
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps

    return _timed(episodes, play)


def run_single(make: Any, episodes: int, seed: int) -> dict[str, float]:
    """The same for the single-agent environment (one agent, the bots inside)."""
    rng = random.Random(seed)
    game = make()

    def play(episode: int) -> int:
        steps, done = 0, False
        observation, _ = game.reset(seed=seed + episode)
        while not done:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, truncated, _ = game.step(action)
            done = terminated or truncated
            steps += 1
        return steps

    return _timed(episodes, play)


def main(argv: list[str] | None = None) -> None:
    parser = _cli.parser_for(__doc__)
    parser.add_argument("--episodes", type=_cli.positive_int, default=50,
                        help="games per environment (ten times as many single hands)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the episodes and agents")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    rows = []
    for label, factory in (("raw_env", raw_env), ("env (wrapped)", env)):
        for episode in ("hand", "game"):
            count = args.episodes * (10 if episode == "hand" else 1)
            result = run(lambda f=factory, e=episode: f(episode=e), count, args.seed)
            rows.append({"env": label, "episode": episode, "episodes": count, **result})
    for bots in ("random", "intermediate"):
        for episode in ("hand", "game"):
            count = args.episodes * (10 if episode == "hand" else 1)
            result = run_single(lambda b=bots, e=episode: VsBotsEnv(bots=(b, b), episode=e),
                                count, args.seed)
            rows.append({"env": f"VsBots, 2 {bots}", "episode": episode, "episodes": count,
                         **result})
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print("| environment | episode | episodes | steps per episode | steps/s | episodes/s |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['env']} | {row['episode']} | {row['episodes']} | "
              f"{row['steps_per_episode']:.1f} | {row['steps_per_s']:,.0f} | "
              f"{row['episodes_per_s']:,.1f} |")


if __name__ == "__main__":
    main()
