"""The web game's storage (docs/protocol.md): games kept in SQLite or PostgreSQL, one
server to a database, a game that goes on after the server restarts, a database down
or full that loses nothing, and games let go from memory and read back.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cutthroat.server import bot_turns
from cutthroat.server.app import create_app
from cutthroat.server.bot_turns import RoomBots
from cutthroat.server.store import Store, StoreError
from cutthroat.server.tables import Table, TableError
from server_helpers import (
    _client,
    _create,
    _play_out,
    _reason,
    _seat_socket,
    _settled,
    _state,
    _stop,
    _stop_servers,
)
from sockets import eventually as _eventually
from sockets import receive as _receive

__all__ = ["_stop_servers"]  # the fixture, used by name


def test_store_round_trip_replays_the_record(db_url: str) -> None:
    store = Store(db_url)
    table = Table.create(["you", "random", "random"], seed=21, names=["Ann", None, None])
    while table.bot_to_move() is not None:
        table.bot_move()
    store.save(table)
    table.act(0, table.game.view(0).legal[0])
    while table.bot_to_move() is not None:
        table.bot_move()
    store.save(table)  # over the row written before
    again = Store(db_url).load(table.id)
    assert again is not None
    assert again.record() == table.record()
    assert again.seats == table.seats and again.seed == table.seed
    assert again.state_for(0) == table.state_for(0)
    assert store.exists(table.id) and not store.exists("nope")


def test_a_game_s_own_seed_is_drawn_from_63_bits_and_kept_whole(db_url: str) -> None:
    """A seed of 31 bits could be found from the cards one seat sees (about 2**31
    tries), and with it every hidden card: a game's own seed is drawn from all 63 bits,
    not a part of them (of 64 seeds drawn, one at least is 2**62 or more: the chance
    that none is, drawn from 63 bits, is 2**-64), and the database keeps all of them."""
    seeds = [Table.create(["you", "random", "random"]).seed for _ in range(64)]
    assert all(0 <= seed < 2**63 for seed in seeds) and max(seeds) >= 2**62
    store = Store(db_url)
    table = Table.create(["you", "random", "random"], seed=2**63 - 1)
    store.save(table)
    again = Store(db_url).load(table.id)
    assert again is not None and again.seed == 2**63 - 1
    assert again.state_for(0) == table.state_for(0)


def test_a_postgresql_database_made_with_32_bit_seeds_is_widened(cluster: Any) -> None:
    """A database made by an older server keeps seeds in a 32-bit column: opened now,
    the column is widened, and a game of a 63-bit seed is kept."""
    import sqlalchemy

    url = cluster.database()
    engine = sqlalchemy.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sqlalchemy.text(
            "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, seed INTEGER, seats TEXT, "
            "record TEXT, status VARCHAR(16), created TIMESTAMP, updated TIMESTAMP)"))
    engine.dispose()
    store = Store(url)
    table = Table.create(["you", "random", "random"], seed=2**62 + 5)
    store.save(table)
    again = store.load(table.id)
    assert again is not None and again.seed == 2**62 + 5


@pytest.mark.parametrize("name", ["games.db", "games.sqlite3", "mine"])
def test_store_takes_a_sqlite_file_by_its_path(tmp_path: Path, name: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``--db games.db`` (a path, not a URL) is the SQLite file there, relative or not;
    a path with no SQLite suffix only when the file exists (a typo makes no file)."""
    monkeypatch.chdir(tmp_path)
    if name == "mine":
        Store(f"sqlite:///{name}").close()  # an existing database, named as one pleases
    table = Table.create(["you", "random", "random"], seed=23)
    for path in (name, str(tmp_path / name)):
        store = Store(path)
        assert store.url == f"sqlite:///{path}"
        store.save(table)
        store.close()
    again = Store(f"sqlite:///{tmp_path / name}").load(table.id)
    assert again is not None and again.record() == table.record()
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_store_refuses_text_that_is_no_url_and_says_how(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(StoreError, match=r"sqlite:///games, or as the path of a file that "
                                         r"exists or ends in \.db"):
        Store("games")
    assert list(tmp_path.iterdir()) == []


def test_store_keeps_the_table_talk(db_url: str) -> None:
    store = Store(db_url)
    table = Table.create(["you", "random", "random"], seed=22, names=["Zoë", None, None])
    store.save(table)
    said = [store.say(table.id, 0, "Zoë", text, most=3) for text in ("hé", "ça va", "🂡!")]
    assert [line.number for line in said if line] == [1, 2, 3]
    assert store.say(table.id, 0, "Zoë", "no more", most=3) is None
    again = Store(db_url)
    assert [(line.number, line.name, line.text) for line in again.talk(table.id)] == [
        (1, "Zoë", "hé"), (2, "Zoë", "ça va"), (3, "Zoë", "🂡!")]
    assert [line.text for line in again.talk(table.id, 2)] == ["ça va", "🂡!"]
    assert again.talk(table.id)[0].at == said[0].at  # type: ignore[union-attr]


def test_http_game_survives_a_restart(db_url: str) -> None:
    first = _client(db_url)
    made = _create(first, ["you", "random", "random"], seed=41)
    state = _play_out(first, made, random.Random(2), moves=4)
    _stop(first)
    second = _client(db_url)  # a new server on the same database
    assert _state(second, made) == state
    final = _play_out(second, made, random.Random(3))
    assert final["status"] == "over"


def test_two_servers_never_share_a_database(db_url: str) -> None:
    """Two servers on one database each kept its games in memory and wrote over the
    other's moves: while one holds the database (:meth:`Store.claim`), another store's
    claim, and another app's start, are refused; once it lets go, the next one starts."""
    from cutthroat.server.store import StoreInUse

    first, second = Store(db_url), Store(db_url)
    first.claim()
    first.claim()  # again: nothing more
    with pytest.raises(StoreInUse, match="another cutthroat server is using the database"):
        second.claim()
    first.release()
    second.claim()
    with pytest.raises(StoreInUse):
        first.claim()
    second.close()  # lets go too
    first.claim()
    first.close()
    running = _client(db_url)
    with pytest.raises(StoreInUse):
        TestClient(create_app(db_url)).__enter__()
    _stop(running)
    again = _client(db_url)  # the first has stopped: this one starts
    assert again.get("/api/bots").status_code == 200


def test_an_in_memory_database_is_claimed_by_nobody() -> None:
    """Two servers each with a database in memory (two databases, though their URLs are
    alike) both start: neither claim raises StoreInUse, as two claims of one file do."""
    stores = [Store("sqlite://"), Store("sqlite://")]
    for store in stores:
        store.claim()
    for store in stores:
        store.close()


def test_http_restart_lets_the_waiting_bot_move(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    table = Table.create(["random", "random", "you"], seed=3)
    token = table.tokens[2]
    assert table.bot_to_move() is not None  # stored before any bot moved
    store.save(table)
    store.close()
    client = _client(tmp_path)
    state = _settled(client, {"game": table.id, "token": token})
    assert state["status"] == "hand_over" or state["to_act"] == 2


class _Failing(Store):
    """A store whose writes fail once ``broken`` is set (a full disk, a lost database)."""

    broken = False

    def save(self, table: Table) -> None:
        if self.broken:
            raise OSError("disk full")
        super().save(table)


def test_http_a_move_that_cannot_be_saved_is_not_made(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import cutthroat.server.app as app_module

    store = _Failing(f"sqlite:///{tmp_path / 'games.db'}")
    monkeypatch.setattr(app_module, "Store", lambda url: store)
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "open"], seed=8)
    store.broken = True
    refused = client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"})
    assert refused.status_code == 503 and "could not be saved" in _reason(refused)
    state = _state(client, made)
    assert state["status"] == "waiting" and state["players"][2]["kind"] == "open"
    store.broken = False
    friend = client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"}).json()
    state = _settled(client, made)
    mover = made if state["to_act"] == 0 else friend
    state = _state(client, mover)
    store.broken = True
    answer = client.post(f"/api/games/{made['game']}/actions",
                         json={"token": mover["token"], "action": state["view"]["legal"][0]})
    assert answer.status_code == 503
    assert _state(client, mover) == state  # the move was taken back
    store.broken = False
    again = client.post(f"/api/games/{made['game']}/actions",
                        json={"token": mover["token"], "action": state["view"]["legal"][0]})
    assert again.status_code == 200
    stored = Store(f"sqlite:///{tmp_path / 'games.db'}").load(made["game"])
    assert stored is not None and stored.game.hand is not None
    done = len(state["view"]["moves"])
    assert str(stored.game.hand.moves[done]).endswith(state["view"]["legal"][0])


def _first_save_held_then_failed(monkeypatch: pytest.MonkeyPatch,
                                 when: Callable[[Table], bool]) -> tuple[Any, Any]:
    """From now on, the first save of a table for which ``when`` holds waits until the
    second event returned is set, then fails (a disk full: the move is taken back); the
    first event is set once a save waits."""
    import threading

    saving, fail = threading.Event(), threading.Event()
    real = Store.save

    def held(store: Store, table: Table, *args: Any) -> None:
        if not saving.is_set() and when(table):
            saving.set()
            fail.wait(10)
            raise OSError("disk full")
        real(store, table, *args)

    monkeypatch.setattr(Store, "save", held)
    return saving, fail


def _asked_while_held(client: TestClient, saving: Any, fail: Any, path: str,
                      params: dict[str, str]) -> Any:
    """The answer to ``GET path`` asked for while a save waits
    (:func:`_first_save_held_then_failed`), which then fails."""
    import threading

    assert saving.wait(60), "no move was saved"
    seen: list[Any] = []
    asking = threading.Thread(target=lambda: seen.append(client.get(path, params=params)))
    asking.start()  # while the move is being saved
    time.sleep(0.3)
    fail.set()
    asking.join(60)
    return seen[0]


@pytest.mark.parametrize("watching", [False, True])
def test_a_state_asked_for_while_a_bot_s_move_is_saved_never_shows_it_unsaved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, watching: bool) -> None:
    """Nobody is told of a move before it is saved (docs/protocol.md, "Storage"), not
    even a seat or a watcher asking over HTTP while a bot's move is being saved: the
    first bot's move is held in its save, which then fails (the move is taken back), and
    a state asked for meanwhile shows neither that move, which never happened, nor the
    version it would have had (a version never comes back to a number it has had)."""
    saves = itertools.count()  # the bot's first move is the second (the first: the new game)
    saving, fail = _first_save_held_then_failed(monkeypatch, lambda table: next(saves) == 1)
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=3)  # seat 1 bids first
    path = f"/api/games/{made['game']}" + ("/public" if watching else "")
    seen = _asked_while_held(client, saving, fail, path,
                             {} if watching else {"token": made["token"]}).json()
    assert seen["view"]["moves"] == [] and seen["version"] == 4, seen


@pytest.mark.parametrize("kind", ["hint", "review"])
def test_advice_asked_for_while_a_bot_s_move_is_saved_is_for_no_unsaved_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """A hint, and a review, read the game under the room's lock, as the states do: the
    bot's move that makes it the player's turn (for the hint), or that ends the game
    (for the review), is held in its save, which then fails (the move is taken back),
    and the advice asked for meanwhile is refused as at the position before it ("a hint
    is given when it is your turn", "a game is reviewed once it is over"), not worked
    out for a position that never was."""
    import threading

    def reached(table: Table) -> bool:  # (not the new game: seat 1 bids first)
        if kind == "review":
            return table.game.is_over
        return table.status == "playing" and table.game.to_act == 0

    saving, fail = _first_save_held_then_failed(monkeypatch, reached)
    client = _client(tmp_path)
    if kind == "hint":
        made = _create(client, ["you", "random", "random"], seed=3)
    else:  # played to its end beside the test (the last move, a bot's or the player's)
        made = _create(client, ["you", "random", "random"], seed=3, rules={"target": 1})

        def play() -> None:
            with contextlib.suppress(AssertionError):  # the last move was refused: 503
                _play_out(client, made, random.Random(3))

        threading.Thread(target=play, daemon=True).start()
    seen = _asked_while_held(client, saving, fail, f"/api/games/{made['game']}/{kind}",
                             {"token": made["token"]})
    assert seen.status_code == 409, seen.json()
    word = "your turn" if kind == "hint" else "once it is over"
    assert word in seen.json()["error"]["reason"], seen.json()


def _database_down(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every read and write of the client's server's database fails from now on, as when
    the database server stops under a running server (until ``monkeypatch`` undoes it)."""
    from sqlalchemy.exc import OperationalError

    def refused(*args: object, **kwargs: object) -> None:
        raise OperationalError("SELECT 1", {}, ConnectionRefusedError(
            "connection to server on socket failed: No such file or directory"))

    store = client.app.state.server.store  # type: ignore[attr-defined]
    monkeypatch.setattr(store.engine, "connect", refused)


def test_a_database_down_is_a_503_or_a_close_1011_and_loses_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the database down, a new game, a game to watch and a game read back (not in
    memory) were a bare 500 in plain text, and a socket dropped with no close code: each
    is the protocol's JSON error (503) or a close with 1011, and a reason a person can
    read; once it is up again, every game is as it was."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "open"], seed=8)
    watched = client.post("/api/games", json={"watch": True, "seats": ["random"] * 3})
    assert watched.status_code == 201
    kept = client.app.state.server.store.load(made["game"])  # type: ignore[attr-defined]
    client.app.state.server.rooms.clear()  # type: ignore[attr-defined]  # released
    with monkeypatch.context() as down:
        _database_down(client, down)
        for answer in (
                client.post("/api/games", json={"seats": ["you", "random", "random"]}),
                client.post("/api/games", json={"watch": True}),
                client.get(f"/api/games/{made['game']}", params={"token": made["token"]}),
                client.get(f"/api/games/{made['game']}/public"),
                client.get(f"/api/games/{made['game']}/chat"),
                client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"})):
            assert answer.status_code == 503, answer.text
            assert answer.json() == {"error": {"reason": (
                "the server cannot use its database just now, so nothing was done: "
                "try again in a moment")}}
        for path in (f"/api/games/{watched.json()['game']}/watch", _seat_socket(made)):
            with client.websocket_connect(path) as ws, \
                    pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1011 and "cannot use its database" in (
                closed.value.reason)
        assert client.app.state.server.rooms == {}  # type: ignore[attr-defined]
    state = _state(client, made)  # up again: read back as it was
    assert kept is not None and state["version"] == kept.version
    assert state["players"][2]["kind"] == "open"
    assert client.get(f"/api/games/{watched.json()['game']}/public").status_code == 200
    with monkeypatch.context() as down:  # in memory: a socket still opens, with the game
        _database_down(client, down)
        with client.websocket_connect(_seat_socket(made)) as ws:
            assert _receive(ws, "state")["state"]["version"] == state["version"]
            assert "table talk could not be read" in _receive(ws, "error")["reason"]
            ws.send_json({"type": "ping"})
            assert _receive(ws, "pong")
        chat = client.get(f"/api/games/{made['game']}/chat")
        assert chat.status_code == 503 and "database" in _reason(chat)


def test_a_database_that_cannot_be_written_is_logged_in_a_line_without_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """A new game on a full disk logged SQLAlchemy's whole error: the INSERT with its
    parameters, the new game's deal and its seats' token hashes. The log says the
    driver's reason only; the player hears the database cannot be used."""
    import sqlite3

    from sqlalchemy.exc import OperationalError

    client = _client(tmp_path)
    store = client.app.state.server.store  # type: ignore[attr-defined]

    def full(*args: object, **kwargs: object) -> None:
        raise OperationalError("INSERT INTO games (id, record, seats) VALUES (?, ?, ?)",
                               ("g1", "SECRET-DEAL", "TOKEN-HASH"),
                               sqlite3.OperationalError("database or disk is full"))

    monkeypatch.setattr(store, "save", full)
    with caplog.at_level("WARNING", logger="cutthroat.server"):
        answer = client.post("/api/games", json={"seats": ["you", "random", "random"]})
    assert answer.status_code == 503 and "cannot use its database" in _reason(answer)
    logged = " ".join(record.getMessage() for record in caplog.records)
    assert "database or disk is full" in logged
    assert "SECRET-DEAL" not in logged and "TOKEN-HASH" not in logged and "INSERT" not in logged


class _LockedForBots(Store):
    """A store that cannot save the next ``failing`` bots' moves (a backup holding the
    SQLite file, a database restarting), then can again; players' moves are saved."""

    failing = 0

    def save(self, table: Table, reasons: Any = ()) -> None:
        hand = table.game.hand
        last = hand.moves[-1].seat if hand is not None and hand.moves else None
        if self.failing and last is not None and table.seats[last].kind == "bot":
            self.failing -= 1
            from sqlalchemy.exc import OperationalError

            raise OperationalError("UPDATE games", {}, Exception("database is locked"))
        super().save(table, reasons)


def _locked_for_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                     ) -> tuple[_LockedForBots, TestClient, dict[str, Any], dict[str, Any]]:
    """A game of Ann and two random bots (seed 8) on a store that can fail the bots'
    saves, the bots trying again after 0.2 seconds: the store, the client, the game
    made, and its state once the bots have moved."""
    import cutthroat.server.app as app_module

    monkeypatch.setattr(bot_turns, "BOT_RETRY", 0.2)
    store = _LockedForBots(f"sqlite:///{tmp_path / 'games.db'}")
    monkeypatch.setattr(app_module, "Store", lambda url: store)
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    return store, client, made, _settled(client, made)


def test_the_bots_try_again_by_themselves_once_the_database_is_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's move not saved for want of the database stopped the bots until somebody
    reloaded the page, at every table where a bot was due. They try again by
    themselves, after a wait that grows with each failure in a row, while somebody is
    at the table; everybody is told when."""
    store, client, made, state = _locked_for_bots(tmp_path, monkeypatch)
    assert state["to_act"] == state["seat"]
    with client.websocket_connect(_seat_socket(made)) as ws:
        _receive(ws, "state")
        store.failing = 2
        ws.send_json({"type": "act", "action": state["view"]["legal"][0],
                      "version": state["version"]})
        told = [_receive(ws, "error")["reason"] for _ in range(2)]
        assert "could not move" in told[0] and "it tries again in 0.2 seconds" in told[0]
        assert "it tries again in 0.4 seconds" in told[1]  # longer after a second failure
        deadline = time.monotonic() + 20
        while True:  # the bots moved on by themselves: nobody reloaded or moved
            now = _receive(ws, "state")["state"]
            if now["to_act"] == now["seat"] or now["status"] != "playing":
                break
            assert time.monotonic() < deadline, "the bots never tried again"
    assert store.failing == 0
    assert len(_state(client, made)["view"]["moves"]) > len(state["view"]["moves"]) + 1


def test_a_finished_game_nobody_watches_is_let_go_and_read_back(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=6, rules={"target": 3})
    final = _play_out(client, made, random.Random(4))
    server = client.app.state.server  # type: ignore[attr-defined]
    with client.websocket_connect(_seat_socket(made)) as ws:
        _receive(ws, "state")
        assert made["game"] in server.rooms
    _eventually(lambda: made["game"] not in server.rooms, client)  # the handler ends late
    assert made["game"] not in server.rooms
    assert _state(client, made) == final  # read back from the database


def test_a_finished_game_is_let_go_when_its_last_work_ends(tmp_path: Path) -> None:
    """A finished game still held by a task when its last socket closed (the others
    being told a socket left) is let go as that task ends, not minutes later."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=6, rules={"target": 3})
    _play_out(client, made, random.Random(4))
    server = client.app.state.server  # type: ignore[attr-defined]
    broadcast = server.broadcast

    async def slow_broadcast(room: Any) -> None:
        await asyncio.sleep(0.3)
        await broadcast(room)

    server.broadcast = slow_broadcast
    seat = _seat_socket(made)
    with client.websocket_connect(seat) as mine:
        _receive(mine, "state")
        with client.websocket_connect(f"/api/games/{made['game']}/watch") as watcher:
            _receive(watcher, "state")
        # the watcher's leaving is being told to the seat, slowly, as the seat leaves too
    _eventually(lambda: made["game"] not in server.rooms, client, seconds=10)
    assert made["game"] not in server.rooms


def test_an_idle_unfinished_game_leaves_memory_and_goes_on_when_asked_for(
        tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    before = _settled(client, made)
    server = client.app.state.server  # type: ignore[attr-defined]
    room = server.rooms[made["game"]]
    _eventually(lambda: room.unused, client)  # the bots' loop ends after their last move
    assert server.sweep(now=room.last_used + server.release_after - 1) == []
    # (a moment past the limit: last_used + 600 - last_used may round to 599.99...)
    assert server.sweep(now=room.last_used + server.release_after + 0.001) == [made["game"]]
    assert made["game"] not in server.rooms
    assert _state(client, made) == before  # read back from the database
    assert server.rooms[made["game"]] is not room
    move = before["view"]["legal"][0]
    answer = client.post(f"/api/games/{made['game']}/actions",
                         json={"action": move, "token": made["token"]})
    assert answer.status_code == 200, answer.text
    assert answer.json()["view"]["moves"][: len(before["view"]["moves"]) + 1] == [
        *before["view"]["moves"], f"0 {move}"]


def test_a_game_in_use_is_never_released(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=9)
    _settled(client, made)
    server = client.app.state.server  # type: ignore[attr-defined]
    later = float("inf")
    with client.websocket_connect(_seat_socket(made)) as ws:
        _receive(ws, "state")
        room = server.rooms[made["game"]]
        assert room.users == 1 and server.sweep(now=later) == []
        ws.send_json({"type": "ping"})
        _receive(ws, "pong")
    _eventually(lambda: room.unused, client)  # the socket's handler ends after the close
    assert room.users == 0 and server.sweep(now=later) == [made["game"]]


def test_release_waits_for_requests_bots_and_the_lock(tmp_path: Path) -> None:
    """A room held by a request, locked, or with a task at work is kept; the game read
    back after a release is the one saved, move for move."""

    from cutthroat.server.app import Server

    async def scenario() -> None:
        server = Server(Store(f"sqlite:///{tmp_path / 'games.db'}"), release_after=5)
        room = await server.add(Table.create(["you", "random", "random"], seed=4))
        await server.settle(room)
        game_id, moves = room.table.id, len(room.table.game.hand.moves)
        async with server.use(game_id) as held:
            assert held is room and server.sweep(now=float("inf")) == []
        async with room.lock:
            assert server.sweep(now=float("inf")) == []
        blocker = asyncio.Event()
        server.spawn(room, blocker.wait())
        assert server.sweep(now=float("inf")) == []
        blocker.set()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert server.sweep(now=room.last_used + 4.9) == []
        assert server.sweep(now=room.last_used + 5) == [game_id]
        async with server.use(game_id) as again:
            assert again is not room and len(again.table.game.hand.moves) == moves
            assert again.table.state_for(0) == room.table.state_for(0)
        server.store.close()

    asyncio.run(scenario())


def test_the_server_sweeps_by_itself(tmp_path: Path) -> None:

    client = TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", release_after=0.2))
    with client:
        made = _create(client, ["you", "random", "random"], seed=10)
        before = _settled(client, made)
        server = client.app.state.server  # type: ignore[attr-defined]
        for _ in range(100):
            if made["game"] not in server.rooms:
                break
            time.sleep(0.05)
        assert made["game"] not in server.rooms
        assert _state(client, made) == before
    with pytest.raises(ValueError, match="positive"):
        create_app("sqlite://", release_after=0)


def test_a_database_password_is_never_shown(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    assert store.shown_url == store.url  # nothing to hide

    with pytest.raises(StoreError) as refused:
        Store("postgresql+psycopg://ann:s3cret@127.0.0.1:1/games")
    assert "s3cret" not in str(refused.value) and "***" in str(refused.value)


def test_stopping_the_server_waits_for_the_bots_saves_before_closing_the_database(
        tmp_path: Path) -> None:
    """A bot's move being saved when the server stops is saved to the end before the
    database is closed: closing SQLite under a running statement crashed the process
    (a segmentation fault seen in CI, in the shutdown of a doctest's TestClient)."""
    from sqlalchemy import event

    app = create_app(f"sqlite:///{tmp_path / 'games.db'}")
    store = app.state.server.store
    running = 0
    events: list[str] = []

    def before(*_: Any) -> None:
        nonlocal running
        running += 1
        time.sleep(0.02)  # a slow database: the shutdown comes while a statement runs

    def after(*_: Any) -> None:
        nonlocal running
        running -= 1
        events.append("statement")

    event.listen(store.engine, "before_cursor_execute", before)
    event.listen(store.engine, "after_cursor_execute", after)
    real_dispose = store.engine.dispose

    def dispose(*args: Any, **kwargs: Any) -> None:  # the connections closed
        events.append("closed while a statement runs" if running else "closed")
        real_dispose(*args, **kwargs)

    store.engine.dispose = dispose  # type: ignore[method-assign]
    with TestClient(app) as client:  # seat 2 bids first: the bots move at once
        made = client.post("/api/games", json={"seats": ["you", "random", "random"],
                                               "seed": 4}).json()
    assert events[-1] == "closed" and "closed while a statement runs" not in events
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as again:
        assert again.get(f"/api/games/{made['game']}",
                         params={"token": made["token"]}).status_code == 200


def _days_ago(days: float) -> datetime:
    """The time ``days`` ago, as the store keeps times (UTC, naive)."""
    return datetime.now(UTC).replace(tzinfo=None) - timedelta(days=days)


def _aged(store: Store, game_id: str, days: float) -> None:
    """As if ``game_id`` had last changed ``days`` ago."""
    from sqlalchemy import update

    from cutthroat.server.store import GameRow

    when = _days_ago(days)
    with store.engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == game_id).values(updated=when))


def _play_to_end(table: Table) -> Table:
    """``table`` played to the game's end, seat 0 making its first legal move each time."""
    while not table.game.is_over:
        if table.bot_to_move() is not None:
            table.bot_move()
        elif table.status == "hand_over":
            table.next_hand(0)
        else:
            table.act(0, table.game.view(0).legal[0])
    return table


def _old_and_new_games(store: Store) -> dict[str, str]:
    """Games of each kind, aged: a finished one, one never started (waiting for a
    friend) and one in play, each 40 days old, and a finished one a day old; the old
    finished one has table talk, a coach's word and a game played again after it."""
    from cutthroat.rules import Rules

    def finished(seed: int) -> Table:
        return _play_to_end(Table.create(["you", "random", "random"], seed=seed,
                                         rules=Rules(target=1)))

    games = {"over": finished(1), "waiting": Table.create(["you", "open", "random"]),
             "playing": Table.create(["you", "random", "random"], seed=2),
             "recent": finished(3)}
    for table in games.values():
        store.save(table)
    old = games["over"].id
    store.say(old, 0, "Ann", "good game")
    store.save_coach(old, 0, {"n": 1, "undone": False}, (1, []), 5)
    store.save_rematch(old, games["recent"].id, 0, {0: 0})
    for kind in ("over", "waiting", "playing"):
        _aged(store, games[kind].id, 40)
    _aged(store, games["recent"].id, 1)
    return {kind: table.id for kind, table in games.items()}


def test_store_prunes_old_finished_and_never_started_games_with_what_is_kept_for_them(
        db_url: str) -> None:
    """Games were never deleted: a public server's database only grew. ``prune``
    deletes the finished and never started games left unchanged long enough, with their
    table talk, coach's words and play-again links; a game in play is kept, however old."""
    store = Store(db_url)
    games = _old_and_new_games(store)
    month = _days_ago(30)
    assert store.prune(month, dry_run=True) == (2, 2)
    assert all(store.exists(game) for game in games.values())  # nothing deleted
    assert store.prune(month) == (2, 2)
    assert [kind for kind, game in games.items() if store.exists(game)] == ["playing",
                                                                             "recent"]
    assert store.talk(games["over"]) == [] and store.coach_words(games["over"]) == {}
    assert store.rematch(games["over"]) is None and store.rematch_of(games["recent"]) is None
    assert store.prune(month) == (0, 2)
    store.close()


def test_a_game_joined_after_it_was_stored_is_kept_by_prune_as_one_in_play(
        db_url: str) -> None:
    """A game is stored while it waits for a friend, then the friend joins and it is
    played: the row must say it is in play, or prune takes it for a game never started
    and deletes it, moves and all. (Untested before: a save over the row left its status as
    first written.)"""
    store = Store(db_url)
    table = Table.create(["you", "open", "random"], names=["Ann", None, None])
    store.save(table)
    table.join("Bob")
    assert table.status == "playing"
    store.save(table)
    _aged(store, table.id, 40)
    month = _days_ago(30)
    assert store.prune(month) == (0, 1)
    again = store.load(table.id)
    assert again is not None and again.record() == table.record()
    store.close()


def test_a_game_finished_today_is_not_pruned_for_having_begun_long_ago(db_url: str) -> None:
    """A game in play is kept however old, and its players may come back weeks later:
    finished today, it is a change made today, and prune keeps it (its record, its
    review) for the days given. (Untested before: a save over the row kept its first
    ``updated`` time, so a game begun 40 days ago was deleted as soon as it ended.)"""
    from cutthroat.rules import Rules

    store = Store(db_url)
    table = Table.create(["you", "random", "random"], seed=4, rules=Rules(target=1))
    store.save(table)
    _aged(store, table.id, 40)  # begun long ago, left in play
    store.save(_play_to_end(table))  # finished today
    month = _days_ago(30)
    assert store.prune(month) == (0, 1)
    assert store.exists(table.id)
    store.close()


def test_prune_deletes_the_link_to_a_game_played_again_that_it_deletes(db_url: str) -> None:
    """Prune deletes the links to and from a game it deletes: a finished game kept by
    prune must not go on offering, as its next game, one that prune deleted (its page
    would send the players to a game that is not there). (Untested before: only the links
    from a deleted game were deleted.)"""
    store = Store(db_url)
    finished = _play_to_end(Table.create(["you", "random", "random"], seed=6))
    waiting = Table.create(["you", "open", "random"], names=["Ann", None, None])
    for table in (finished, waiting):
        store.save(table)
    store.save_rematch(finished.id, waiting.id, 0, {0: 0})
    _aged(store, waiting.id, 40)  # the new game never started
    month = _days_ago(30)
    assert store.prune(month) == (1, 1)
    assert store.exists(finished.id) and not store.exists(waiting.id)
    assert store.rematch(finished.id) is None
    store.close()


def test_prune_command_deletes_old_games_says_how_many_and_waits_for_the_server(
        tmp_path: Path) -> None:
    from test_cli import invoke

    path = tmp_path / "games.db"
    store = Store(f"sqlite:///{path}")
    games = _old_and_new_games(store)
    store.claim()  # a server holds it
    refused = invoke("prune", "--db", path, "--older-than", "30")
    assert refused.exit_code == 1
    assert "a cutthroat server is using the database" in refused.stderr
    assert "stop it first" in refused.stderr
    serving = invoke("prune", "--db", path, "--older-than", "30", "--dry-run")
    assert serving.exit_code == 0, serving.output  # a count only reads: while it serves
    assert serving.stdout.startswith("Would delete 2 games")
    assert all(store.exists(game) for game in games.values())
    store.close()
    dry = invoke("prune", "--db", path, "--older-than", "30", "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert dry.stdout == ("Would delete 2 games (finished or never started, unchanged for "
                          "30 days); 2 would be left.\n")
    done = invoke("prune", "--db", path, "--older-than", "30")
    assert done.exit_code == 0, done.output
    assert done.stdout == ("Deleted 2 games (finished or never started, unchanged for 30 "
                           "days); 2 left.\n")
    again = Store(f"sqlite:///{path}")
    assert not again.exists(games["over"]) and again.exists(games["playing"])
    again.close()
    missing = invoke("prune", "--db", tmp_path / "none.db", "--older-than", "30")
    assert missing.exit_code == 2 and "there is no database at" in missing.stderr
    assert not (tmp_path / "none.db").exists()
    assert invoke("prune", "--db", path).exit_code == 2  # --older-than is needed


def test_prune_command_refuses_what_is_no_database_or_no_number_of_days(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A club host's QA pass: NaN days was a traceback, a folder was "could not parse
    SQLAlchemy URL", and the default file missing blamed $CUTTHROAT_DB, which was not
    set. Each is a usage error saying what to give, and nothing is made."""
    from test_cli import invoke

    def said(done: Any) -> str:  # the error's words, without the box drawn round them
        return " ".join(done.stderr.replace("│", " ").split())

    nan = invoke("prune", "--db", tmp_path / "x.db", "--older-than", "nan")
    assert nan.exit_code == 2 and "give a number of days" in said(nan)
    folder = invoke("prune", "--db", tmp_path, "--older-than", "30")
    assert folder.exit_code == 2
    assert "is a folder: give the database file in it" in said(folder)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CUTTHROAT_DB", raising=False)
    default = invoke("prune", "--older-than", "30")
    assert default.exit_code == 2 and "$CUTTHROAT_DB" not in said(default)
    assert "(the default, in this folder)" in said(default) and "--db" in said(default)
    assert not (tmp_path / "cutthroat.db").exists()
    monkeypatch.setenv("CUTTHROAT_DB", str(tmp_path / "club.db"))
    assert "$CUTTHROAT_DB" in said(invoke("prune", "--older-than", "30"))


def test_playing_again_counts_as_a_change_to_the_finished_game_for_prune(
        tmp_path: Path) -> None:
    """A club host's QA pass: a long-finished game played again kept its old time, so
    prune deleted it with its link to the new game, whose friend's seat then stopped
    being kept. Playing again is a change to it."""
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    games = _old_and_new_games(store)
    store.save_rematch(games["over"], games["recent"], 0, {0: 0})  # played again today
    month = _days_ago(30)
    assert store.prune(month) == (1, 3)  # only the game that never started
    assert store.exists(games["over"]) and not store.exists(games["waiting"])
    assert store.rematch_of(games["recent"]) is not None
    store.close()


def test_r4_a_game_waiting_for_its_players_keeps_its_first_dealer_when_read_back(
        db_url: str) -> None:
    """A game waiting for a friend is stored before its first deal, and a record holds
    the first dealer only in its first hand: read back (a restart, the room let go), it
    had seat 0 dealing, whatever its seed drew when it was made (R4 draws him at
    random). Now he is drawn from the seed again, as when it was made."""
    store = Store(db_url)
    dealers = set()
    for seed in range(12):
        table = Table.create(["you", "open", "random"], seed=seed, names=["Ann", None, None])
        assert not table.game.hands
        store.save(table)
        again = Store(db_url).load(table.id)
        assert again is not None and not again.game.hands
        assert again.game.first_dealer == table.game.first_dealer
        dealers.add(table.game.first_dealer)
    assert dealers == {0, 1, 2}


def test_the_bots_wait_twice_as_long_after_each_failure_to_save_up_to_a_minute() -> None:
    """After a move not saved for want of the database the bots try again in 5 seconds,
    then 10, 20, 40, and never more than a minute apart; a bot's own failure, or a
    refusal that is not the database's, sets no retry (it waits for a player)."""
    room = SimpleNamespace(bot_failures=0)
    down = TableError("the game could not be saved", 503)
    waits = [RoomBots._retry_wait(room, down) for _ in range(6)]  # type: ignore[arg-type]
    assert waits == [5.0, 10.0, 20.0, 40.0, 60.0, 60.0]
    assert (bot_turns.BOT_RETRY, bot_turns.BOT_RETRY_MOST) == (5.0, 60.0)
    assert RoomBots._retry_wait(room, StoreError("the database is away")) == 60.0  # type: ignore[arg-type]
    failures = room.bot_failures
    for other in (RuntimeError("boom"), TableError("not your turn", 409),
                  TableError("no such move")):
        assert RoomBots._retry_wait(room, other) is None  # type: ignore[arg-type]
    assert room.bot_failures == failures == 7  # counted for the database's trouble only


def test_the_table_is_told_when_the_bots_try_again_in_words_that_fit_the_wait() -> None:
    """Everybody at the table hears which bot could not move and when it tries again:
    "1 second", "2.5 seconds", or, with no retry set, to reload the page."""
    told: list[tuple[object, dict[str, object]]] = []

    async def send_all(room: object, messages: list[tuple[object, dict[str, object]]]) -> None:
        told.extend(messages)

    table = SimpleNamespace(bot_to_move=lambda: 1,
                            seats=[SimpleNamespace(name="Ann"), SimpleNamespace(name="Expert 1")])
    room = SimpleNamespace(table=table, sockets={"ann's socket": 0, "a watcher's": None})
    server = SimpleNamespace(send_all=send_all)
    for retry, then in [(1.0, "it tries again in 1 second"),
                        (2.5, "it tries again in 2.5 seconds"),
                        (None, "reload the page to let it try again")]:
        told.clear()
        asyncio.run(RoomBots._tell_stopped(server, room, RuntimeError("boom"),  # type: ignore[arg-type]
                                           retry))
        assert [socket for socket, _ in told] == ["ann's socket", "a watcher's"]
        for _, message in told:
            assert message["type"] == "error" and message["status"] == 503
            assert message["reason"] == ("the bot playing Expert 1 could not move "
                                         f"(RuntimeError: boom); the game waits: {then}")
    table.bot_to_move = lambda: None
    asyncio.run(RoomBots._tell_stopped(server, room, RuntimeError("boom")))  # type: ignore[arg-type]
    assert str(told[-1][1]["reason"]).startswith("a bot could not move")


def test_the_bots_try_again_only_once_the_wait_is_over_and_only_for_somebody_there() -> None:
    """The retry after a move not saved waits out its seconds (the database has that
    long to come back) before it sets the bots going, and sets nothing going at a table
    nobody has open (the next to come does)."""
    kicked: list[float] = []
    server = SimpleNamespace(kick=lambda room: kicked.append(time.monotonic()))
    room = SimpleNamespace(sockets={"ann's socket": 0})
    started = time.monotonic()
    asyncio.run(RoomBots._retry(server, room, 0.25))  # type: ignore[arg-type]
    assert len(kicked) == 1 and kicked[0] - started >= 0.24
    kicked.clear()
    room.sockets = {}
    asyncio.run(RoomBots._retry(server, room, 0.0))  # type: ignore[arg-type]
    assert kicked == []


def test_the_bots_wait_the_shortest_time_again_once_a_move_of_theirs_is_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The wait before the bots try again grows with their failures in a row only: once
    their moves are saved again, the next failure, however soon, waits BOT_RETRY
    seconds, not twice as long as the last."""
    store, client, made, state = _locked_for_bots(tmp_path, monkeypatch)
    with client.websocket_connect(_seat_socket(made)) as ws:
        _receive(ws, "state")
        for _ in range(2):  # one failure, the bots move on; then another
            store.failing = 1
            told = ""
            while not told:  # Ann moves until a bot is to move after her (and fails)
                assert state["to_act"] == state["seat"] and state["status"] == "playing"
                ws.send_json({"type": "act", "action": state["view"]["legal"][0],
                              "version": state["version"]})
                while True:
                    message = ws.receive_json()
                    if message["type"] == "error":
                        told = message["reason"]
                        break
                    if message["type"] == "state" and message["state"]["to_act"] == (
                            message["state"]["seat"]):
                        state = message["state"]  # her turn again: no bot moved yet
                        break
            assert "could not move" in told and "it tries again in 0.2 seconds" in told, told
            deadline = time.monotonic() + 20
            while True:  # the bots try again by themselves, and move on to Ann's turn
                state = _receive(ws, "state")["state"]
                if state["to_act"] == state["seat"] or state["status"] != "playing":
                    break
                assert time.monotonic() < deadline, "the bots never tried again"
    assert store.failing == 0


def test_a_socket_closed_for_a_database_down_is_logged_with_its_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """The 1011 close is in the organizer's log, with the game and why."""
    caplog.set_level(logging.WARNING, "cutthroat.server")
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "open"], seed=8)
    client.app.state.server.rooms.clear()  # type: ignore[attr-defined]  # released
    with monkeypatch.context() as down:
        _database_down(client, down)
        with client.websocket_connect(_seat_socket(made)) as ws, \
                pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1011
    assert f"game {made['game']}: a socket was closed: " in caplog.text
