"""A time limit on a bot's move (src/cutthroat/bots/time_limit.py): a bot of one's own
that hangs stops a tournament with a clear error, its game kept, instead of hanging it
(``play_game(move_time_limit=)``, ``run_arena``/``run_league(move_time_limit=)``,
``cutthroat arena --move-time``)."""

from __future__ import annotations

import contextlib
import json
import re
import signal
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cutthroat
from cutthroat.bots import BotError, BotTimeoutError, RandomBot, play_game
from cutthroat.bots.base import bot_choose
from cutthroat.bots.time_limit import Overtime, time_limit
from cutthroat.cli import app
from cutthroat.record import replay
from cutthroat.sim import run_arena
from cutthroat.sim.arena import ArenaError
from cutthroat.views import View

HANGER = '''
class Hanger:
    """Plays like a random bot until the first trick, then thinks forever, catching
    every Exception (as careless code does): only the alarm stops it."""

    name = "hanger"

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, view):
        if view.phase.name == "PLAY":
            while True:
                try:
                    sum(range(1000))
                except Exception:
                    pass
        return view.legal[0]
'''


class Stubborn:
    """Thinks forever on its first move, swallowing any Exception."""

    name = "stubborn"

    def choose(self, view: View) -> str:
        while True:
            with contextlib.suppress(Exception):  # the point: an alarm is no Exception
                sum(range(1000))


def test_a_block_past_its_time_is_stopped_and_a_callers_alarm_is_kept() -> None:
    assert threading.current_thread() is threading.main_thread()
    with pytest.raises(Overtime), time_limit(0.2):
        while True:
            pass
    previous = signal.signal(signal.SIGALRM, lambda signum, frame: None)
    try:
        signal.setitimer(signal.ITIMER_REAL, 30.0)
        with time_limit(5.0):
            pass
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 0 < left <= 30.0  # the caller's alarm is set again, not lost
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert signal.getsignal(signal.SIGALRM) is previous
    for wrong in (0, -1.0, float("nan"), float("inf"), True, "5"):
        with pytest.raises(ValueError, match="above 0"), time_limit(wrong):  # type: ignore[arg-type]
            pass


def test_in_a_thread_a_move_past_its_time_is_refused_once_it_comes() -> None:
    """No alarm can stop code outside the main thread: the limit is checked when the
    block ends, and the signal handler is left alone."""
    caught: list[BaseException] = []
    handler = signal.getsignal(signal.SIGALRM)

    def late() -> None:
        try:
            with time_limit(0.05):
                time.sleep(0.2)
        except Overtime as exc:
            caught.append(exc)

    worker = threading.Thread(target=late)
    worker.start()
    worker.join()
    assert len(caught) == 1 and signal.getsignal(signal.SIGALRM) is handler


def test_a_bot_that_hangs_is_a_timeout_naming_it_and_nothing_is_played() -> None:
    game = cutthroat.Game(seed=1)
    hand = game.deal()
    seat = hand.to_act
    assert seat is not None
    with pytest.raises(BotTimeoutError, match=rf"the 'stubborn' bot in seat {seat} took "
                                              r"more than its 0.3 s to choose a move"):
        bot_choose(Stubborn(), game.view(seat), 0.3)  # type: ignore[arg-type]
    with pytest.raises(BotTimeoutError) as caught:
        play_game(game, [Stubborn(), Stubborn(), Stubborn()],  # type: ignore[list-item]
                  move_time_limit=0.3)
    assert isinstance(caught.value, BotError) and list(hand.moves) == []
    with pytest.raises(ValueError, match="above 0"):  # the caller's mistake, not the bot's
        play_game(cutthroat.Game(seed=2), [RandomBot(seed=s) for s in range(3)],
                  move_time_limit=float("inf"))
    quick = play_game(cutthroat.Game(seed=2), [RandomBot(seed=s) for s in range(3)],
                      move_time_limit=5.0)
    assert quick.is_over  # a bot within its time plays on


def test_an_arena_with_a_bot_that_hangs_stops_and_keeps_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "hanging_bot.py").write_text(HANGER)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ArenaError, match=r"BotTimeoutError: the 'hanger' bot in seat \d "
                                         r"took more than its 0.3 s") as caught:
        run_arena(["hanging_bot.Hanger", "random", "random"], 3, workers=1,
                  progress=False, records=tmp_path / "kept", move_time_limit=0.3)
    assert caught.value.record is not None
    failed = list((tmp_path / "kept").glob("game-*-failed.json"))
    assert len(failed) == 1
    game = replay(json.loads(failed[0].read_text()))
    assert game.hand is not None and game.hand.phase.name == "PLAY"  # up to the hang
    with pytest.raises(ValueError, match="above 0"):
        run_arena(["random"] * 3, 3, workers=1, progress=False, move_time_limit=-1)


def test_cli_arena_move_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "hanging_bot.py").write_text(HANGER)
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(app, ["arena", "--bots", "hanging_bot.Hanger,random,random",
                                    "--games", "3", "--workers", "1", "--no-progress",
                                    "--move-time", "0.3", "--json"])
    assert done.exit_code == 1, done.output
    error = json.loads(done.stdout)["error"]
    assert "the 'hanger' bot in seat" in error and "took more than its 0.3 s" in error
    refused = CliRunner().invoke(app, ["league", "--bots", "random,beginner,intermediate",
                                       "--move-time", "0"])
    said = re.sub(r"[│\s]+", " ", refused.output)  # the error box's lines joined
    assert refused.exit_code == 2 and "a number of seconds above 0, not 0.0" in said
