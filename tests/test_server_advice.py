"""The expert's help at the web game's table: the coach's words to its seat alone (kept
through a restart), hints and reviews (worked out once, in bounded worker threads), and
undo, which takes back only what no card seen since makes unfair.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import re
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import cutthroat.server.advice as advice
from cutthroat.actions import Action
from cutthroat.record import dumps
from cutthroat.server.app import Server
from cutthroat.server.store import Store
from cutthroat.server.tables import Table, TableError
from cutthroat.state import Phase
from server_helpers import (
    _bots_move,
    _client,
    _create,
    _finished,
    _play_out,
    _reason,
    _settled,
    _state,
    _stop_servers,
)
from sockets import eventually as _eventually
from sockets import receive as _receive

__all__ = ["_stop_servers"]  # the fixture, used by name

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.fixture
def few_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's hints, coach and reviews on 4 deals an option, not the expert's 20
    or 40: the tests that use it check who is told what and when, and how much work the
    server takes on, not how good the advice is (test_review.py and test_hint_reasons.py do),
    and run some five times faster."""
    for name in ("hint", "confirmed", "review"):
        real = getattr(advice, name)
        monkeypatch.setattr(advice, name, functools.partial(real, samples=4))


class _Socket:
    """A stand-in for a client's WebSocket: it keeps what it is sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_json(self, data: dict[str, Any]) -> None:
        self.sent.append(data)


def test_coach_speaks_to_its_seat_alone(few_deals: None) -> None:

    async def play() -> dict[int, list[dict[str, Any]]]:
        server = Server(Store("sqlite://"))
        table = Table.create(["you", "open", "random"], seed=14, coach=True)
        table.join("Ben")  # seat 1: a human without a coach
        room = await server.add(table)
        sockets = {0: _Socket(), 1: _Socket()}
        for seat, socket in sockets.items():
            await server.connect(room, socket, seat)  # type: ignore[arg-type]
        rng = random.Random(0)
        for _ in range(60):
            await server.settle(room)
            await asyncio.gather(*room.tasks)  # the coach has had its say
            if table.status != "playing":
                break
            seat = table.game.to_act
            await server.act(room, seat, rng.choice(table.game.view(seat).legal), wait=True)
        # Each word gives the trump of its move's moment (by which a page orders a
        # keep's cards as it shows a hand): none yet for a bid that makes it.
        trump = table.game.hands[0].trump
        for word in (m for m in sockets[0].sent if m["type"] == "coach"):
            verb = word["move"].split()[0]
            if verb in ("play", "discard", "keep", "dummy", "alone"):
                assert trump is not None and word["trump"] == trump.letter, word
            elif verb in ("order", "call", "trump"):
                assert word["trump"] is None, word
        later = {0: _Socket(), 1: _Socket(), None: _Socket()}  # a page reloaded, a watcher
        for seat, socket in later.items():
            await server.connect(room, socket, seat)  # type: ignore[arg-type]
        return {seat: [m for m in socket.sent if m["type"] == "coach"]
                for seat, socket in [*sockets.items(), *[(f"later {s}", socket)
                                                         for s, socket in later.items()]]}

    said = asyncio.run(play())
    assert said[0], "a hand of random moves should draw a word from the coach"
    assert not said[1]  # seat 1 did not ask for a coach
    for word in said[0]:
        assert word["best"] != word["move"] and word["hand"] == 1
        # the moves in a player's words ("would call spades"), not the record's "call S"
        # (the figures are the second look's, and the word says so)
        assert word["text"].startswith("the expert would ") and (
            " (on a second look: win ") in word["text"]
        if word["best"].startswith(("call", "order", "pickup", "leave", "dummy", "discard")):
            assert f"would {word['best']} (" not in word["text"], word
    assert [word["n"] for word in said[0]] == list(range(1, len(said[0]) + 1))
    # A socket of the seat that connects later hears the latest five again, oldest first,
    # marked as heard before (a page does not read them out again).
    assert all(word["history"] is False for word in said[0])
    assert said["later 0"] == [{**word, "history": True} for word in said[0][-5:]]
    assert not said["later 1"] and not said["later None"]


def test_store_keeps_a_seats_latest_coach_words_in_order(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    table = Table.create(["you", "random", "random"], seed=1, coach=True)
    store.save(table)
    for n in range(1, 8):
        store.save_coach(table.id, 0, {"n": n, "undone": False}, (1, ["0 pass"] * n), 5)
    store.save_coach(table.id, 0, {"n": 7, "undone": True}, (1, ["0 pass"] * 7), 5)
    store.save_coach(table.id, 2, {"n": 1, "undone": False}, (2, []), 5)
    kept = store.coach_words(table.id)
    assert [message["n"] for message, _ in kept[0]] == [3, 4, 5, 6, 7]
    assert kept[0][-1] == ({"n": 7, "undone": True}, (1, ["0 pass"] * 7))
    assert kept[2] == [({"n": 1, "undone": False}, (2, []))]
    assert store.coach_words("another") == {}
    store.close()


def test_the_coachs_words_are_kept_through_a_restart_with_a_move_taken_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A restart (or the room let go from memory) forgot the coach's words: a page that
    connected after it had an empty Coach panel. They are kept with the game, and a
    word whose move is taken back after the restart is still marked so. (The expert's
    analysis is stood in for: it would say "pass" to every move.)"""

    verdict = SimpleNamespace(best=Action.parse("pass"))
    monkeypatch.setattr(advice, "hint", lambda *a, **k: None)
    monkeypatch.setattr(advice, "second_opinion", lambda *a: verdict)
    monkeypatch.setattr(advice, "confirmed", lambda first, *a, **k: first)
    monkeypatch.setattr(advice, "describe_verdict", lambda v, **k: "the expert would pass")
    url = f"sqlite:///{tmp_path / 'games.db'}"

    async def first() -> tuple[str, list[dict[str, Any]]]:
        server = Server(Store(url))
        table = Table.create(["you", "random", "random"], seed=14, coach=True)
        room = await server.add(table)
        rng = random.Random(0)
        while True:
            await server.settle(room)
            await asyncio.gather(*room.tasks)  # the coach has had its say
            if room.coached.get(0) and room.coached[0][-1]["n"] == 7:
                break
            if table.status == "hand_over":
                await server.next_hand(room, 0, wait=True)
                continue
            assert table.status == "playing"
            legal = table.game.view(0).legal
            await server.act(room, 0, str(rng.choice(legal)), wait=True)
        await asyncio.gather(*room.tasks)
        server.store.close()
        return table.id, room.coached[0]

    async def second(game: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        server = Server(Store(url))
        room = await server.room(game)
        socket = _Socket()
        await server.connect(room, socket, 0)  # type: ignore[arg-type]
        for _ in range(200):  # (each socket's sender sends in the background)
            if sum(m["type"] == "coach" for m in socket.sent) >= 5:
                break
            await asyncio.sleep(0.01)
        heard = [m for m in socket.sent if m["type"] == "coach"]
        await server.undo(room, 0)  # the latest word's move taken back
        server.store.close()
        return heard, room.coached[0]

    async def third(game: str) -> list[dict[str, Any]]:
        server = Server(Store(url))
        room = await server.room(game)
        server.store.close()
        return room.coached[0]

    game, said = asyncio.run(first())
    heard, after_undo = asyncio.run(second(game))
    assert [word["n"] for word in said] == [3, 4, 5, 6, 7]
    assert heard == [{**word, "history": True} for word in said]  # as before the restart
    assert after_undo[-1] == {**said[-1], "undone": True}
    assert asyncio.run(third(game)) == after_undo  # the mark kept too


def test_a_coach_word_on_a_move_taken_back_is_marked_so_and_a_late_one_is_not_said(
        few_deals: None) -> None:
    """A coach's word on a move the player then took back with Undo stayed in the panel
    as if the move still stood. It stays (the advice the player may have undone it for),
    sent again with ``undone`` true, and so to a socket that connects later; a word
    worked out for a move taken back while the expert thought is not said at all."""

    from cutthroat.server.room import position

    async def play() -> None:
        server = Server(Store("sqlite://"))
        table = Table.create(["you", "random", "random"], seed=14, coach=True)
        room = await server.add(table)
        socket = _Socket()
        await server.connect(room, socket, 0)  # type: ignore[arg-type]
        words = lambda: [m for m in socket.sent if m["type"] == "coach"]  # noqa: E731
        rng = random.Random(0)
        for _ in range(200):
            await server.settle(room)
            await asyncio.gather(*room.tasks)  # the coach has had its say
            if words() and words()[-1]["hand"] == len(table.game.hands) and (
                    table.status == "playing"):
                break
            if table.status == "hand_over":
                await server.next_hand(room, 0, wait=True)
                continue
            assert table.status == "playing"
            before, moves = table.game.view(0), len(table.game.hand.moves)
            await server.act(room, 0, rng.choice(before.legal), wait=True)
        else:
            raise AssertionError("seed 14 drew no word from the coach: choose another")
        [word] = [w for w in words() if w["hand"] == len(table.game.hands)]
        assert word["undone"] is False
        at = (len(table.game.hands), tuple(table.game.hand.moves[:moves + 1]))
        chosen = table.game.hand.moves[moves].action
        assert str(chosen) == word["move"]
        count = len(words())
        await server.undo(room, 0)
        await room.outboxes[socket][0].join()  # sent
        assert len(table.game.hand.moves) == moves  # the move the word is about is gone
        assert words()[count:] == [{**word, "undone": True}]
        later = _Socket()
        await server.connect(room, later, 0)  # type: ignore[arg-type]
        await room.outboxes[later][0].join()
        assert [m for m in later.sent if m["type"] == "coach"][-1] == {
            **word, "undone": True, "history": True}
        # The expert's word on that move, had it still been thinking: not said.
        await server._coach(room, 0, before, chosen, at)
        await room.outboxes[socket][0].join()
        assert len(words()) == count + 1
        # Made again, the move is a move of its own, and gets its own word.
        await server.act(room, 0, str(chosen), wait=True)
        assert position(table.game)[1][:moves + 1] == at[1]
        await asyncio.gather(*room.tasks)
        await room.outboxes[socket][0].join()
        again = words()[count + 1:]
        assert [(w["n"], w["move"], w["undone"]) for w in again] == [
            (word["n"] + 1, word["move"], False)]

    asyncio.run(play())


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_http_review_once_the_game_is_over(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=6, rules={"target": 3})
    path = f"/api/games/{made['game']}/review"
    early = client.get(path, params={"token": made["token"]})
    assert early.status_code == 409 and "once it is over" in _reason(early)
    state = _play_out(client, made, random.Random(4))
    assert state["status"] == "over"
    assert client.get(path, params={"token": "x"}).status_code == 403
    answer = client.get(path, params={"token": made["token"]})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["seat"] == 0 and body["decisions"] >= len(body["findings"])
    assert body["lines"][0].startswith(f"Player 1 (seat 0): {body['decisions']} choices")
    assert len(body["lines"]) >= 1 + len(body["findings"])
    assert client.get(path, params={"token": made["token"]}).json() == body  # kept


def test_a_review_is_worked_out_once_though_its_game_is_let_go_between(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished game is let go as soon as nobody uses it; its review (seconds of the
    expert's work, one worker thread each) was worked out again at every request, so a
    client asking in a loop kept every worker busy. The server keeps it."""

    worked: list[int] = []

    def counted(game: Any, seat: int, **options: Any) -> Any:
        worked.append(seat)
        return review(game, seat, samples=4, **options)  # a real review, on fewer deals

    review = advice.review
    monkeypatch.setattr(advice, "review", counted)
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=6, rules={"target": 3})
    assert _play_out(client, made, random.Random(4))["status"] == "over"
    server = client.app.state.server  # type: ignore[attr-defined]
    path = f"/api/games/{made['game']}/review"
    answers = []
    for _ in range(3):
        _eventually(lambda: made["game"] not in server.rooms, client)
        assert made["game"] not in server.rooms  # let go: read back at the request
        answers.append(client.get(path, params={"token": made["token"]}))
    assert [a.status_code for a in answers] == [200] * 3 and worked == [0]
    assert answers[0].json() == answers[1].json() == answers[2].json()


def test_undo_takes_back_a_move_and_the_bots_replies(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    game, token = made["game"], made["token"]
    nothing = client.post(f"/api/games/{game}/undo", json={"token": token})
    assert nothing.status_code == 409 and "no move" in _reason(nothing)
    before = _settled(client, made)
    moved = client.post(f"/api/games/{game}/actions",
                        json={"token": token, "action": before["view"]["legal"][-1]}).json()
    assert len(moved["view"]["moves"]) > len(before["view"]["moves"])
    undone = client.post(f"/api/games/{game}/undo", json={"token": token})
    assert undone.status_code == 200
    after = undone.json()
    assert after["view"] == before["view"] and after["to_act"] == 0
    # The version never comes back to a number it has had (the page acts once per
    # version, and a bot's move thought out before the undo must not land after it).
    assert before["version"] < moved["version"] < after["version"]
    stored = Store(f"sqlite:///{tmp_path / 'games.db'}").load(game)
    assert stored is not None and stored.game.hand is not None
    assert len(stored.game.hand.moves) == len(before["view"]["moves"])  # saved so
    assert stored.version == after["version"]  # and so after a restart
    with client.websocket_connect(f"/api/games/{game}/ws?token={token}") as ws:
        _receive(ws, "state")
        ws.send_json({"type": "undo"})
        assert "no move" in _receive(ws, "error")["reason"]


def test_a_bots_move_thought_out_before_an_undo_is_not_played_after_it() -> None:
    """The table's version after an undo and another move differs from the one the bot
    saw, though the same bot is to move: the server drops a move whose version is gone."""
    table = Table.create(["you", "random", "random"], seed=8)
    seen: set[int] = set()
    while True:  # to a card of seat 0's, early in a trick, with a choice
        seen.add(table.version)
        if table.bot_to_move() is not None:
            table.bot_move()
            continue
        view = table.game.view(0)
        if view.phase is Phase.PLAY and len(view.legal) > 1 and not view.current_trick:
            break
        table.act(0, view.legal[0])
    table.act(0, view.legal[0])
    thought_at, bot = table.version, table.bot_to_move()
    assert bot is not None and thought_at not in seen
    seen.add(thought_at)
    table.undo(0)
    assert table.version not in seen
    seen.add(table.version)
    table.act(0, view.legal[1])
    assert table.bot_to_move() == bot  # the same bot to move, at a version never seen
    assert table.version not in seen


def test_R14_undo_does_not_take_back_the_dummy_once_seen() -> None:
    table = Table.create(["you", "random", "random"], seed=3)
    while True:
        if table.bot_to_move() is not None:
            table.bot_move()
            continue
        if table.status != "playing":
            table.next_hand(0)
            continue
        view = table.game.view(0)
        if view.phase is Phase.KEEP:
            break
        legal = view.legal
        choice = next((m for m in ("order", "pickup", "dummy", "call S", "call H", "call D",
                                   "call C") if m in legal), legal[0])
        table.act(0, choice)
    version = table.version
    with pytest.raises(TableError, match="you have seen the dummy") as caught:
        table.undo(0)
    assert caught.value.status == 409 and table.version == version


def test_undo_is_refused_with_another_player_at_the_table() -> None:
    table = Table.create(["you", "open", "random"], seed=3)
    table.join("Ben")
    with pytest.raises(TableError, match="against bots") as caught:
        table.undo(0)
    assert caught.value.status == 409


class _Sleeper:
    """Work for the server's threads: it sleeps, counting how many run at once at most
    (``most``) and how many have finished (``done``)."""

    def __init__(self) -> None:
        self.running = self.most = self.done = 0
        self.guard = threading.Lock()

    def __call__(self, pause: float) -> float:
        with self.guard:
            self.running += 1
            self.most = max(self.most, self.running)
        time.sleep(pause)
        with self.guard:
            self.running -= 1
            self.done += 1
        return pause


def test_reviews_take_half_the_cpus_at_most_and_leave_the_bots_a_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviews asked for many games at once (one visitor's, say) run at most STUDIES at
    a time (half the CPUs), so a bot's move or a hint asked meanwhile runs at once on
    another thread instead of waiting behind them (it waited 16 s behind two reviews
    on a two-core server)."""

    import cutthroat.server.rooms as rooms_module
    from cutthroat.server.rooms import Server

    monkeypatch.setattr(rooms_module.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(rooms_module, "STUDIES", 1)
    study = _Sleeper()

    async def scenario() -> int:
        server = Server(Store("sqlite://"))
        studies = asyncio.gather(*(server.study(study, 0.3) for _ in range(4)))
        await asyncio.sleep(0.05)  # the first review under way, three waiting
        finished_before = await server.think(lambda: study.done)  # a bot's move
        assert await studies == [0.3] * 4
        return finished_before

    finished_before = asyncio.run(scenario())
    assert study.most == 1  # one review at a time
    assert finished_before == 0  # the move ran beside the first review, not after any


def test_expert_work_is_bounded_and_a_seat_gets_one_hint_at_a_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, few_deals: None) -> None:
    """Bots, hints and reviews think in at most one worker thread per CPU; a second hint
    for a seat while its first is worked out is refused (429), a hint asked for again at
    the same position is given again without thinking (one per position, so hints cost at
    most one expert's decision per move), and a review asked for twice at once is worked
    out once."""

    import cutthroat.server.rooms as rooms_module
    from cutthroat.server.rooms import Server

    monkeypatch.setattr(rooms_module.os, "cpu_count", lambda: 2)
    work = _Sleeper()

    def counted(name: str) -> list[int]:
        """Count the calls of the advice module's ``name`` from now on."""
        calls, real = [0], getattr(advice, name)

        def counting(*args: Any, **kwargs: Any) -> Any:
            calls[0] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(advice, name, counting)
        return calls

    reviews = counted("review")

    async def scenario() -> None:
        server = Server(Store(f"sqlite:///{tmp_path / 'games.db'}"))
        assert await asyncio.gather(*(server.think(work, 0.05) for _ in range(6))) == [0.05] * 6
        assert work.most == 2
        room = await server.add(Table.create(["you", "random", "random"], seed=4))
        await server.settle(room)
        first = asyncio.create_task(server.hint(room, 0))
        await asyncio.sleep(0)
        with pytest.raises(TableError, match="already") as caught:
            await server.hint(room, 0)
        assert caught.value.status == 429
        given = await first
        assert given["choice"] in room.table.game.view(0).legal
        hints = counted("hint")
        again = await asyncio.gather(*(server.hint(room, 0) for _ in range(5)))
        assert again == [given] * 5 and hints[0] == 0  # the same position: given again
        room.table.act(0, given["choice"])
        await server.settle(room)
        assert (await server.hint(room, 0))["choice"] and hints[0] == 1  # a new position
        done = await server.add(_finished(6))
        both = await asyncio.gather(server.review(done, 0), server.review(done, 0))
        assert both[0] == both[1] and reviews[0] == 1
        server.store.close()

    asyncio.run(scenario())


def test_undo_is_refused_once_the_hand_is_over_and_shown(tmp_path: Path) -> None:
    """Once a hand is over its deal is turned face up: taking a move back then would
    let the player replay the hand knowing every card."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=11)
    state = _settled(client, made)
    rng = random.Random(2)
    while state["status"] == "playing":
        answer = client.post(f"/api/games/{made['game']}/actions",
                             json={"token": made["token"],
                                   "action": rng.choice(state["view"]["legal"])})
        state = answer.json()
    assert state["status"] == "hand_over" and state["last_hand"]["deal"]
    undone = client.post(f"/api/games/{made['game']}/undo", json={"token": made["token"]})
    assert undone.status_code == 409 and "cards have been shown" in _reason(undone)
    assert _state(client, made) == state  # nothing changed


def test_after_an_undo_the_bots_play_on_as_if_the_moves_taken_back_were_never_made() -> None:
    """An undo makes the bots again (tables.py ``undo``): none remembers the moves taken
    back, so from then on they play as the bots of a table read back at that point (a
    restart) would, and a player cannot learn from a bot's reply that it then forgets."""
    checked = 0
    for seed in range(20):
        table = Table.create(["you", "random", "random"], seed=seed)
        _bots_move(table)
        hand = table.game.hand
        assert hand is not None and hand.to_act == 0
        table.act(0, str(hand.legal_actions()[0]))
        _bots_move(table)
        if table.status != "playing" or table.game.hand is not hand:
            continue
        try:
            table.undo(0)
        except TableError:  # the dummy, seen since (R14)
            continue
        again = Table.restore(table.id, table.stored_seats(), table.seed, table.record())
        for played in (table, again):
            for _ in range(3):  # seat 0's first legal move, the bots' replies
                if played.status != "playing":
                    break
                current = played.game.hand
                assert current is not None
                played.act(0, str(current.legal_actions()[0]))
                _bots_move(played)
        assert table.record() == again.record()
        checked += 1
    assert checked >= 5


def _expert_says_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert stood in for: it has a word ("pass") on every move, at once."""

    verdict = SimpleNamespace(best=Action.parse("pass"))
    monkeypatch.setattr(advice, "hint", lambda *a, **k: None)
    monkeypatch.setattr(advice, "second_opinion", lambda *a: verdict)
    monkeypatch.setattr(advice, "confirmed", lambda first, *a, **k: first)
    monkeypatch.setattr(advice, "describe_verdict", lambda v, **k: "the expert would pass")


async def _to_a_card(server: Any, room: Any) -> None:
    """On to a card of seat 0's worth the coach's look, the first of three in a row
    (seed 4), moves made by the table itself (no word of the coach on them)."""
    from cutthroat.bots.review import worth_asking

    table = room.table
    await server.settle(room)
    while not (table.game.hand.phase is Phase.PLAY and table.game.to_act == 0
               and worth_asking(table.game.view(0))):
        table.act(table.game.to_act, table.game.view(table.game.to_act).legal[0])
        await server.settle(room)


def test_the_coachs_words_are_numbered_and_an_undo_marks_only_the_moves_taken_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each word of the coach is numbered from 1 for its seat, with its hand's number
    (from 1) and its move; an undo sends again, marked ``undone``, the words on the
    moves it took back, each once and to that seat's sockets alone (a watcher hears no
    word of the coach: it says what the expert makes of the player's hidden cards),
    and not the words on moves that still stand. The marks are kept in the store."""

    _expert_says_pass(monkeypatch)

    async def play() -> None:
        server = Server(Store("sqlite://"))
        table = Table.create(["you", "random", "random"], seed=4, coach=True)
        room = await server.add(table)
        mine, watcher = _Socket(), _Socket()
        await server.connect(room, mine, 0)  # type: ignore[arg-type]
        await server.connect(room, watcher, None)  # type: ignore[arg-type]
        await _to_a_card(server, room)
        moves = []
        for _ in range(2):
            await server.settle(room)
            assert table.status == "playing" and table.game.to_act == 0
            choice = str(table.game.view(0).legal[0])
            await server.act(room, 0, choice, wait=True)
            await asyncio.gather(*room.tasks)
            moves.append(choice)

        async def heard() -> list[dict[str, Any]]:
            await asyncio.gather(*room.tasks)
            for socket in (mine, watcher):
                await room.outboxes[socket][0].join()
            assert not [m for m in watcher.sent if m["type"] == "coach"]
            return [m for m in mine.sent if m["type"] == "coach"]

        said = await heard()
        trump = table.game.hand.trump
        assert trump is not None  # the moves are cards
        assert said == [{"type": "coach", "history": False, "n": n, "move": move,
                         "best": "pass", "hand": 1, "trump": trump.letter, "undone": False,
                         "text": "the expert would pass"}
                        for n, move in ((1, moves[0]), (2, moves[1]))]
        await server.undo(room, 0)  # the second move taken back
        assert (await heard())[2:] == [{**said[1], "undone": True}]
        await server.undo(room, 0)  # and the first: the second's word is not sent again
        assert (await heard())[3:] == [{**said[0], "undone": True}]
        kept = server.store.coach_words(table.id)[0]
        assert [message for message, _ in kept] == [{**said[0], "undone": True},
                                                    {**said[1], "undone": True}]
        server.store.close()

    asyncio.run(play())


def test_the_reviews_kept_are_bounded_the_least_recently_asked_for_going_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/protocol.md: a review is kept by the server (its latest 200 reviews): one
    asked for again is not worked out again; past the bound, the one least recently
    asked for is let go (and worked out again if asked for)."""

    text = " ".join((DOCS / "protocol.md").read_text(encoding="utf-8").split())
    said = re.search(r"then kept by the server \(its latest (\d+) reviews\)", text)
    assert said and int(said.group(1)) == advice.REVIEWS_KEPT
    worked: list[tuple[str, int]] = []

    def counted(game: Any, seat: int, **options: Any) -> Any:
        worked.append((games[dumps(game)], seat))  # (the server reviews a copy)
        return SimpleNamespace(to_json=lambda: {"seat": seat}, skipped=0)

    monkeypatch.setattr(advice, "review", counted)
    monkeypatch.setattr(advice, "review_lines", lambda result, players: ["a line"])
    monkeypatch.setattr(advice, "REVIEWS_KEPT", 2)
    games: dict[int, str] = {}

    def over(seed: int) -> Table:
        table = _finished(seed)
        games[dumps(table.game)] = "abc"[seed - 1]
        return table

    async def scenario() -> None:
        server = Server(Store("sqlite://"))
        a, b, c = [await server.add(over(seed)) for seed in (1, 2, 3)]
        first = await server.review(a, 0)
        assert first == {"seat": 0, "standin_moves": 0, "lines": ["a line"]}
        assert await server.review(b, 0) == first
        assert await server.review(a, 0) == first  # kept: a, then b, asked for last
        assert worked == [("a", 0), ("b", 0)]
        await server.review(c, 0)  # b, the least recently asked for, goes
        await server.review(a, 0)
        assert worked == [("a", 0), ("b", 0), ("c", 0)]
        await server.review(b, 0)  # worked out again
        assert worked == [("a", 0), ("b", 0), ("c", 0), ("b", 0)]
        assert len(server.reviews) == 2
        server.store.close()

    asyncio.run(scenario())


def test_the_hints_kept_are_the_latest_asked_for_and_a_second_is_refused_for_a_second(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the hints a room keeps (HINTS_KEPT), the one least recently asked for goes:
    a hint asked for again (back at its position after an undo) is kept in place of
    one not asked for since, and the latest is kept. A second hint for a seat while its
    first is worked out is refused (429) with a wait of a second (the ``Retry-After``
    of the HTTP answer)."""

    from cutthroat.server.room import position

    table = Table.create(["you", "random", "random"], seed=4)
    worked: list[Any] = []
    gate = threading.Event()
    gate.set()

    def expert(view: Any, **options: Any) -> Any:
        gate.wait(10)
        worked.append(position(table.game))
        return {"choice": str(view.legal[0])}

    monkeypatch.setattr(advice, "hint", expert)
    monkeypatch.setattr(advice, "hint_json", lambda analysis: analysis)
    monkeypatch.setattr(advice, "hint_lines", lambda analysis, players: ["a line"])
    monkeypatch.setattr(advice, "HINTS_KEPT", 2)

    async def scenario() -> None:
        server = Server(Store("sqlite://"))
        room = await server.add(table)
        await server.settle(room)
        while not (table.game.hand.phase is Phase.PLAY and table.game.to_act == 0):
            table.act(0, table.game.view(0).legal[0])  # on to a card of seat 0's
            await server.settle(room)
        legal = [str(a) for a in table.game.view(0).legal]
        first = position(table.game)
        await server.hint(room, 0)  # kept: the first
        table.act(0, legal[0])
        await server.settle(room)
        assert table.game.to_act == 0
        second = position(table.game)
        await server.hint(room, 0)  # kept: the first, the second
        table.undo(0)
        await server.settle(room)
        await server.hint(room, 0)  # the first, asked for again: kept, the second, first
        assert worked == [first, second]
        table.act(0, legal[1])
        await server.settle(room)
        assert table.game.to_act == 0
        third = position(table.game)
        await server.hint(room, 0)  # the second goes
        await server.hint(room, 0)  # the latest is kept
        assert worked == [first, second, third]
        table.undo(0)
        await server.settle(room)
        await server.hint(room, 0)  # the first, still kept
        assert worked == [first, second, third]
        table.act(0, legal[0])
        await server.settle(room)
        again = position(table.game)  # (the second, were the bots' replies the same)
        gate.clear()  # the expert thinks until let go
        asked = asyncio.create_task(server.hint(room, 0))
        await asyncio.sleep(0.05)
        with pytest.raises(TableError) as refused:
            await server.hint(room, 0)
        assert refused.value.status == 429 and refused.value.retry_after == 1
        gate.set()
        await asked
        assert worked == [first, second, third, again]  # not kept: worked out again
        server.store.close()

    try:
        asyncio.run(scenario())
    finally:
        gate.set()  # no worker thread left waiting


def test_the_coach_speaks_only_of_a_mistake_its_second_look_confirms(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach's word is said only when the expert's own choice, worth MARGIN more on
    the hint's deals, is confirmed on more deals (``confirmed``: no "mistake" that was a
    lucky draw), and it says the second look's verdict; no second look is taken where
    the first found nothing to say."""

    first_look: dict[str, Any] = {}
    second_looks: list[Any] = []
    second_look: dict[str, Any] = {}

    def confirmed(first: Any, *args: Any, **kwargs: Any) -> Any:
        second_looks.append(first)
        return second_look["verdict"]

    monkeypatch.setattr(advice, "hint", lambda *a, **k: None)
    monkeypatch.setattr(advice, "second_opinion", lambda *a: first_look["verdict"])
    monkeypatch.setattr(advice, "confirmed", confirmed)
    monkeypatch.setattr(advice, "describe_verdict",
                        lambda v, **k: f"the expert would {v.best}")
    looked_pass = SimpleNamespace(best=Action.parse("pass"))
    looked_order = SimpleNamespace(best=Action.parse("order"))
    cases = [  # (the first look, the second look): the word said
        (None, looked_order, None),  # nothing to say: no second look
        (looked_pass, None, None),  # a lucky draw: nothing said
        (looked_pass, looked_order, "order"),  # said as the second look has it
    ]

    async def play() -> list[Any]:
        server = Server(Store("sqlite://"))
        table = Table.create(["you", "random", "random"], seed=4, coach=True)
        room = await server.add(table)
        mine = _Socket()
        await server.connect(room, mine, 0)  # type: ignore[arg-type]
        await _to_a_card(server, room)
        said = []
        for first, second, _word in cases:
            await server.settle(room)
            assert table.status == "playing" and table.game.to_act == 0
            first_look["verdict"], second_look["verdict"] = first, second
            looks = len(second_looks)
            heard = len([m for m in mine.sent if m["type"] == "coach"])
            await server.act(room, 0, str(table.game.view(0).legal[0]), wait=True)
            await asyncio.gather(*room.tasks)
            await room.outboxes[mine][0].join()
            assert second_looks[looks:] == ([] if first is None else [first])
            new = [m for m in mine.sent if m["type"] == "coach"][heard:]
            assert len(new) <= 1
            said.append(new[0]["best"] if new else None)
        server.store.close()
        return said

    assert asyncio.run(play()) == [word for _first, _second, word in cases]


def test_a_coach_word_that_cannot_be_kept_is_said_all_the_same_and_logged(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A word of the coach the store cannot keep (the database down) is still said to
    the seat's sockets, and the server's log says it could not be kept, and where."""

    _expert_says_pass(monkeypatch)

    async def play() -> tuple[str, list[dict[str, Any]]]:
        server = Server(Store("sqlite://"))
        table = Table.create(["you", "random", "random"], seed=14, coach=True)
        room = await server.add(table)

        def down(*args: Any) -> None:
            raise RuntimeError("the database is down")

        monkeypatch.setattr(server.store, "save_coach", down)
        mine = _Socket()
        await server.connect(room, mine, 0)  # type: ignore[arg-type]
        await server.settle(room)
        await server.act(room, 0, str(table.game.view(0).legal[0]), wait=True)
        await asyncio.gather(*room.tasks)
        await room.outboxes[mine][0].join()
        server.store.close()
        return table.id, [m for m in mine.sent if m["type"] == "coach"]

    with caplog.at_level(logging.WARNING, "cutthroat.server"):
        game, said = asyncio.run(play())
    assert [word["n"] for word in said] == [1]
    assert f"game {game}: a word of the coach could not be kept" in caplog.text
