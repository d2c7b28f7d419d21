"""Load on the web game's server: many players at once, over real sockets, on loopback.

Starts ``cutthroat serve`` on 127.0.0.1 (a free port, a fresh SQLite file), then lets
``--players`` clients play at the same time, each in a game of its own against two
bots (``--bots``), over the WebSocket, choosing random legal moves, until each has
played ``--games`` games or ``--seconds`` have passed. Every move is saved before it is
told, so this measures the whole path: the protocol, the rules engine, the bots and the
database. It prints a table: games and moves per second, and the time from sending a
move to the state that answers it (median, 95th percentile, slowest).

    .venv/bin/python bench/server_load.py                       # 8 players, random bots
    .venv/bin/python bench/server_load.py --players 16 --bots intermediate,intermediate
    .venv/bin/python bench/server_load.py --json

Traffic goes to 127.0.0.1 only, and the run stops by itself.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

import _cli  # bench/ is on the path when run as a script


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def _wait_up(base: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/api/bots", timeout=2):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


class Player(threading.Thread):
    """One client: plays its games over the WebSocket with random legal moves."""

    def __init__(self, base: str, bots: list[str], games: int, stop_at: float,
                 seed: int) -> None:
        super().__init__(daemon=True)
        self.base, self.bots, self.games, self.stop_at = base, bots, games, stop_at
        self.rng = random.Random(seed)
        self.seed = seed
        self.latencies: list[float] = []
        self.finished = 0
        self.moves = 0
        self.errors: list[str] = []

    def run(self) -> None:
        try:
            for number in range(self.games):
                if time.monotonic() > self.stop_at:
                    break
                self._game(self.seed * 1000 + number)
        except Exception as exc:  # reported in the table, not swallowed
            self.errors.append(repr(exc))

    def _game(self, seed: int) -> None:
        made = _post(self.base, "/api/games", {"seats": ["you", *self.bots], "seed": seed})
        url = self.base.replace("http", "ws") + f"/api/games/{made['game']}/ws"
        with connect(url, open_timeout=30) as ws:
            ws.send(json.dumps({"type": "hello", "token": made["token"]}))  # as the page does
            sent: float | None = None
            acted = -1  # the version of the last state acted on: once per version
            while time.monotonic() < self.stop_at:
                message = json.loads(ws.recv(timeout=60))
                if message["type"] == "error":
                    self.errors.append(message["reason"])
                    return
                if message["type"] != "state":
                    continue
                if sent is not None:
                    self.latencies.append(time.perf_counter() - sent)
                    sent = None
                state = message["state"]
                if state["version"] <= acted:
                    continue  # the same state again (a player connected, say)
                if state["status"] == "over":
                    self.finished += 1
                    return
                if state["status"] == "hand_over":
                    ws.send(json.dumps({"type": "next"}))
                    sent, acted = time.perf_counter(), state["version"]
                elif state["view"]["legal"]:
                    action = self.rng.choice(state["view"]["legal"])
                    ws.send(json.dumps({"type": "act", "action": action}))
                    self.moves += 1
                    sent, acted = time.perf_counter(), state["version"]


def bot_pair(text: str) -> list[str]:
    """An argparse type: exactly two bot specs, comma-separated, each of which makes a bot
    (checked here, before the server starts)."""
    from cutthroat.bots.registry import make_bot, split_line_up

    try:
        specs = split_line_up(text)
    except _cli.BOT_ERRORS as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if len(specs) != 2:
        raise argparse.ArgumentTypeError(f"two bots are needed, comma-separated, not {text!r}")
    for spec in specs:
        try:
            make_bot(spec, 0)
        except _cli.BOT_ERRORS as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return specs


def main(argv: list[str] | None = None) -> int:
    parser = _cli.parser_for(__doc__)
    parser.add_argument("--players", type=_cli.positive_int, default=8,
                        help="clients playing at the same time")
    parser.add_argument("--games", type=_cli.positive_int, default=3, help="games per player")
    parser.add_argument("--seconds", type=_cli.positive_float, default=60.0,
                        help="stop after this long")
    parser.add_argument("--bots", default="random,random", type=bot_pair,
                        help="the two bots of each game, comma-separated")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    bots = args.bots
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'load.db'}"
        command = [sys.executable, "-m", "cutthroat.cli", "serve", "--port", str(port),
                   "--db", db, "--new-games", "100000/minute"]  # every player is 127.0.0.1
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                  env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            _wait_up(base, time.monotonic() + 30)
            start = time.perf_counter()
            stop_at = time.monotonic() + args.seconds
            players = [Player(base, bots, args.games, stop_at, seed)
                       for seed in range(args.players)]
            for player in players:
                player.start()
            for player in players:
                player.join(args.seconds + 90)
            elapsed = time.perf_counter() - start
        finally:
            server.terminate()
            server.wait(10)
    latencies = sorted(x for p in players for x in p.latencies)
    errors = [e for p in players for e in p.errors]
    result = {
        "players": args.players, "bots": bots, "seconds": round(elapsed, 2),
        "games": sum(p.finished for p in players),
        "moves": sum(p.moves for p in players),
        "latency_median_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "latency_p95_ms": (round(1000 * latencies[int(0.95 * (len(latencies) - 1))], 1)
                           if latencies else None),
        "latency_max_ms": round(1000 * latencies[-1], 1) if latencies else None,
        "errors": errors,
    }
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        def ms(key: str) -> str:
            return "-" if result[key] is None else f"{result[key]} ms"

        planned = args.players * args.games
        print(f"{result['games']} of {planned} games played in {elapsed:.1f} s"
              + (f" (stopped by --seconds {args.seconds:g})" if result["games"] < planned
                 else ""))
        print(f"| players | bots | games | moves by players | games/s | moves/s | "
              f"move → state: median | p95 | slowest | errors |\n|---|---|---|---|---|---|---|"
              f"---|---|---|\n| {args.players} | {','.join(bots)} | {result['games']} | "
              f"{result['moves']} | {result['games'] / elapsed:.2f} | "
              f"{result['moves'] / elapsed:.1f} | {ms('latency_median_ms')} | "
              f"{ms('latency_p95_ms')} | {ms('latency_max_ms')} | {len(errors)} |")
        for error in errors[:5]:
            print("error:", error)
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
