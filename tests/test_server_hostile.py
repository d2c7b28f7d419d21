"""What a hostile player on the network found, and what the server does now: names
that pass for another player's or for "You", FastAPI's pages with scripts from a CDN,
a record whose sender leaves halfway, and hints asked for again and again by taking a
move back (docs/web.md, docs/protocol.md)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import cutthroat.server.advice as advice
from cutthroat.server import socket_loop
from cutthroat.server.advice import HINTS_KEPT
from cutthroat.server.app import create_app
from cutthroat.server.names import same_name
from cutthroat.server.rooms import Server
from cutthroat.server.store import Store
from cutthroat.server.tables import Table, TableError
from cutthroat.state import Phase
from server_helpers import (
    _client,
    _create,
    _reason,
    _seat_socket,
    _socket_closed,
    _state,
    _stop_servers,
)

__all__ = ["_stop_servers"]  # the fixture, used by name

# --- names ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", [
    "\u0410nn",  # a Cyrillic capital A
    "A\u0578\u200d\u0578",  # a zero-width joiner between two Armenian vo ("Aո‍ո")
    "\u0430NN",  # a Cyrillic small a, the rest in capitals
    "\u0391nn",  # a Greek capital alpha
    "An\u034fn",  # a combining grapheme joiner, which shows as nothing
    "Ann\ufe0f",  # a variation selector
    "\u0391\u03b7\u03b7",  # Greek: a capital alpha, two small etas
    "Ann\U000e0100",  # an ideograph's variation selector, which shows as nothing
    "An\u180fn",  # Mongolian's fourth variation selector
    "\u13aann",  # a Cherokee A (Unicode's table of look-alikes)
    "A\u0578\u0578",  # Armenian small vo, twice: "Ann" as a font draws it
])
def test_a_name_that_looks_like_one_at_the_table_is_refused(tmp_path: Path, name: str) -> None:
    client = _client(tmp_path)
    ann = _create(client, ["you", "open", "random"], name="Ann")
    before = _state(client, ann)
    answer = client.post(f"/api/games/{ann['game']}/join", json={"name": name})
    assert answer.status_code == 409, answer.text
    assert _reason(answer) == "Ann is already at this table: choose another name"
    assert _state(client, ann) == before


@pytest.mark.parametrize("name", ["Ann\u3164", "\u2800\u2800", "\u115fBen", "Ben\uffa0",
                                  "\U00016fe4Ben", "\U000e0100\U000e0101"])
def test_a_name_with_characters_that_show_as_nothing_is_refused(name: str) -> None:
    with pytest.raises(TableError, match="characters that show as nothing") as caught:
        Table.create(["you", "open", "random"], names=[name, None, None])
    assert caught.value.status == 400
    table = Table.create(["you", "open", "random"], names=["Ann", None, None])
    with pytest.raises(TableError, match="characters that show as nothing"):
        table.join(name)
    assert table.seats[1].kind == "open"


@pytest.mark.parametrize("name", ["You", " yOU ", "\u0423ou", "\uff39ou", "Yo\u034fu",
                                  "You\U000e0100"])
def test_you_is_no_name_a_player_may_take(tmp_path: Path, name: str) -> None:
    """The hand's account names each player "You" to themselves: a friend named You who
    made trump read, to Ann, as "You made hearts trump alone", Ann's own bid."""
    with pytest.raises(TableError, match="how the table names each player to themselves"):
        Table.create(["you", "random", "random"], names=[name, None, None])
    client = _client(tmp_path)
    ann = _create(client, ["you", "open", "random"], name="Ann")
    answer = client.post(f"/api/games/{ann['game']}/join", json={"name": name})
    assert answer.status_code == 400 and "choose another name" in _reason(answer)
    assert client.post(f"/api/games/{ann['game']}/join",
                       json={"name": "Youssef"}).status_code == 200


def test_a_capital_i_for_a_small_l_is_the_same_name(tmp_path: Path) -> None:
    """"AIice" beside "Alice": an uppercase I passes for a small l in most fonts, which
    comparing names with case ignored first could not see; "Ian" and "ian" are one
    name all the same, and a name merely near another is not refused."""
    client = _client(tmp_path)
    alice = _create(client, ["you", "open", "open"], name="Alice")
    game = alice["game"]
    for name in ("AIice", "A1ice", "ALICE"):
        refused = client.post(f"/api/games/{game}/join", json={"name": name})
        assert refused.status_code == 409 and _reason(refused).startswith("Alice is already")
    assert client.post(f"/api/games/{game}/join", json={"name": "Ian"}).status_code == 200
    again = client.post(f"/api/games/{game}/join", json={"name": "ian"})
    assert again.status_code == 409 and _reason(again).startswith("Ian is already")
    assert client.post(f"/api/games/{game}/join", json={"name": "Alina"}).status_code == 200


@pytest.mark.parametrize("text", ["A" + "\u0301" * 23, "a" + "\u0301" * 199])
def test_marks_stacked_on_one_letter_are_refused_in_names_and_talk(text: str) -> None:
    """A letter under dozens of accents draws over the page around it (a name of 24
    characters, a line of 200): at most MARKS_MAX marks on a letter."""
    from cutthroat.server.chat import clean_line
    from cutthroat.server.names import MARKS_MAX

    with pytest.raises(TableError, match=f"at most {MARKS_MAX} accents or other marks"):
        Table.create(["you", "open", "random"], names=[text[:24], None, None])
    with pytest.raises(TableError, match=f"at most {MARKS_MAX} accents or other marks"):
        clean_line(text)
    assert clean_line("Vi\u1ec7t") == "Vi\u1ec7t"  # Vietnamese: a letter with two marks
    assert clean_line("e" + "\u0301\u0302") == "e\u0301\u0302"


@pytest.mark.parametrize("text", ["\u3164", "\U000e0100", "\u2800 \u2800", "\u200d"])
def test_a_line_of_talk_that_shows_as_nothing_is_refused(tmp_path: Path, text: str) -> None:
    client = _client(tmp_path)
    ann = _create(client, ["you", "open", "random"], name="Ann")
    answer = client.post(f"/api/games/{ann['game']}/chat",
                         json={"token": ann["token"], "text": text})
    assert answer.status_code == 400, answer.text
    assert "needs some text" in _reason(answer) or "control characters" in _reason(answer)
    assert client.get(f"/api/games/{ann['game']}/chat").json()["lines"] == []


def test_a_records_names_are_shown_cleaned_and_short(tmp_path: Path) -> None:
    """A record posted to be replayed is anybody's text: names of 85,000 characters,
    said in every frame, made an answer of 25 MB from a record of 255 KB, and a
    right-to-left override came back as it was sent. The names are shown cleaned."""
    import json

    from cutthroat.server.names import SHOWN_MAX

    examples = Path(__file__).resolve().parents[2] / "shared" / "examples"
    record = json.loads((examples / "01-standard-full-game.json").read_text())
    record["players"] = ["x" * 80_000, "Ann\u202e<img src=x>", "\u0000\u3164"]
    body = json.dumps(record).encode()
    client = _client(tmp_path)
    answer = client.post("/api/replay", content=body,
                         headers={"content-type": "application/json"})
    assert answer.status_code == 200, answer.text[:200]
    assert len(answer.content) < 2 * len(body)
    players = answer.json()["players"]
    assert players == ["x" * (SHOWN_MAX - 1) + "…", "Ann<img src=x>", "?"]


def test_a_name_taken_before_those_rules_still_plays_again() -> None:
    """A player named "You" (or with a filler) in a game stored before such names were
    refused is not refused when playing again: the name is carried, not chosen."""
    for name in ("You", "Ann\u3164"):
        table = Table.create(["you", "open", "random"], names=[name, None, None],
                             rename=True)
        assert table.seats[0].name == name
        fresh = Table.create(["you", "open", "random"], names=["Ben", None, None])
        seat, _ = fresh.join(name, rename=True)
        assert fresh.seats[seat].name == name


# --- the pages FastAPI would add ------------------------------------------------------


@pytest.mark.parametrize("path", ["/docs", "/redoc", "/openapi.json",
                                  "/docs/oauth2-redirect"])
def test_no_api_pages_with_scripts_from_elsewhere(tmp_path: Path, path: str) -> None:
    """FastAPI's /docs and /redoc load scripts from a CDN, unpinned, on the origin where
    the seats' tokens are kept: a compromised package would have read them all."""
    answer = _client(tmp_path).get(path)
    assert answer.status_code == 404
    assert "swagger" not in answer.text.lower() and "redoc" not in answer.text.lower()


# --- a record sent halfway --------------------------------------------------------------


def test_a_record_whose_sender_leaves_halfway_is_no_error(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A client that left in the middle of a record's body wrote an ERROR and a
    traceback to the server's log each time."""
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}")
    sent: list[dict[str, Any]] = []
    parts = [{"type": "http.request", "body": b'{"format": "cutthr', "more_body": True},
             {"type": "http.disconnect"}]

    async def receive() -> dict[str, Any]:
        return parts.pop(0) if parts else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/api/replay", "raw_path":
             b"/api/replay", "query_string": b"", "root_path": "",
             "headers": [(b"host", b"x"), (b"content-type", b"application/json")],
             "client": ("10.1.2.3", 5000), "server": ("127.0.0.1", 8000)}
    with caplog.at_level(logging.INFO):
        asyncio.run(app(scope, receive, send))
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 400
    assert b"not sent whole" in b"".join(m.get("body", b"") for m in sent)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# --- the coach, moves made and taken back in a loop ------------------------------------


def test_moves_made_and_taken_back_in_a_loop_keep_the_coach_on_one_at_a_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A coached player who moves and takes the move back, again and again, set the
    expert to work on every move at once: 102 analyses in 20 s from four games slowed
    every table's bots (a security pass). Now the coach works through one move of a
    seat at a time; a move made meanwhile waits, giving way to a later one, and is not
    looked at once taken back."""
    import threading

    gate = threading.Event()
    looked_at: list[str] = []

    def slow(view: Any, **kwargs: Any) -> None:  # the expert, thinking until let go
        looked_at.append(str(kwargs["also"][0]))
        gate.wait(30)

    monkeypatch.setattr(advice, "hint", slow)
    monkeypatch.setattr(advice, "second_opinion", lambda *a: None)  # no word to say

    async def scenario() -> None:
        server, table, room = await _coached_card_to_play(tmp_path)
        legal = table.game.view(0).legal
        assert len(legal) > 1
        for turn in range(12):
            await server.act(room, 0, str(legal[turn % len(legal)]), wait=True)
            await _until(lambda: looked_at)  # the expert is on the first move
            await server.undo(room, 0)
        assert len(looked_at) == 1  # the first move; the others wait, or were taken back
        await server.act(room, 0, str(legal[0]), wait=True)  # one that stands
        gate.set()
        await _until(lambda: not room.coaching)
        assert looked_at == [str(legal[0]), str(legal[0])]  # the first, and the last
        assert not room.coach_next
        server.store.close()

    asyncio.run(scenario())


async def _coached_card_to_play(tmp_path: Path) -> tuple[Server, Table, Any]:
    """A server, and a coached player's table (two random bots) at a card of hers with
    a choice (a card's undo is always allowed), the bots moving in threads of their
    own while the coach's one waits."""
    import anyio

    from cutthroat.bots.review import worth_asking

    server = Server(Store(f"sqlite:///{tmp_path / 'games.db'}"))
    server._thinkers = anyio.CapacityLimiter(4)
    table = Table.create(["you", "random", "random"], seed=4, coach=True)
    room = await server.add(table)
    await server.settle(room)
    while not (table.game.hand.phase is Phase.PLAY and table.game.to_act == 0
               and worth_asking(table.game.view(0))):
        table.act(table.game.to_act, table.game.view(table.game.to_act).legal[0])
        await server.settle(room)
    return server, table, room


async def _until(done: Any, seconds: float = 30.0) -> None:
    """Wait until ``done()``, failing after ``seconds``."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not done():
        assert asyncio.get_running_loop().time() < deadline, "waited in vain"
        await asyncio.sleep(0.01)


def test_a_move_the_coach_could_not_look_at_does_not_stop_it_for_the_next(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """The expert failing over one move (logged) ended the seat's coaching task, and
    the move waiting behind it was not looked at until the seat moved again."""
    import threading

    gate = threading.Event()
    looked_at: list[str] = []

    def failing_first(view: Any, **kwargs: Any) -> None:
        looked_at.append(str(kwargs["also"][0]))
        if len(looked_at) == 1:
            gate.wait(30)
            raise RuntimeError("the expert failed")

    monkeypatch.setattr(advice, "hint", failing_first)
    monkeypatch.setattr(advice, "second_opinion", lambda *a: None)

    async def scenario() -> None:
        server, table, room = await _coached_card_to_play(tmp_path)
        first = str(table.game.view(0).legal[0])
        await server.act(room, 0, first, wait=True)
        await _until(lambda: looked_at)
        await server.undo(room, 0)
        second = str(table.game.view(0).legal[1])
        await server.act(room, 0, second, wait=True)  # waits behind the first
        gate.set()
        await _until(lambda: not room.coaching)
        assert looked_at == [first, second]
        server.store.close()

    with caplog.at_level(logging.WARNING, "cutthroat.server"):
        asyncio.run(scenario())
    assert "the coach could not look at a move" in caplog.text


# --- hints asked for again, a move taken back between --------------------------------


def test_a_hint_at_a_position_come_back_to_by_an_undo_is_not_worked_out_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Act, ask for a hint, take the move back, again and again: each time the expert
    worked the same hint out again (the hints were kept by the table's version, which
    an undo moves on), and six such loops slowed every table's bots tenfold."""
    worked: list[int] = []
    real = advice.hint

    def counting(*args: Any, **kwargs: Any) -> Any:
        worked.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(advice, "hint", counting)

    async def scenario() -> None:
        server = Server(Store(f"sqlite:///{tmp_path / 'games.db'}"))
        room = await server.add(Table.create(["you", "random", "random"], seed=4))
        await server.settle(room)
        while not (room.table.game.hand.phase is Phase.PLAY and room.table.game.to_act == 0):
            room.table.act(0, room.table.game.view(0).legal[0])  # on to trick play
            await server.settle(room)
        first = await server.hint(room, 0)
        assert len(worked) == 1
        for choice in room.table.game.view(0).legal * 3:
            room.table.act(0, choice)
            await server.settle(room)
            room.table.undo(0)
            assert await server.hint(room, 0) == first
        assert len(worked) == 1  # one position, one hint, however often it is reached
        room.table.act(0, first["choice"])
        await server.settle(room)
        if room.table.game.to_act == 0:
            await server.hint(room, 0)
            assert len(worked) == 2  # a new position: worked out
        assert len(room.hints) <= HINTS_KEPT
        server.store.close()

    asyncio.run(scenario())


def test_the_hints_kept_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice, "HINTS_KEPT", 2)

    async def scenario() -> None:
        server = Server(Store(f"sqlite:///{tmp_path / 'games.db'}"))
        room = await server.add(Table.create(["you", "random", "random"], seed=4))
        await server.settle(room)
        asked = 0
        while room.table.status == "playing" and asked < 4:
            if room.table.game.to_act == 0:
                given = await server.hint(room, 0)
                asked += 1
                assert len(room.hints) == min(asked, 2)
                room.table.act(0, given["choice"])
            await server.settle(room)
        assert asked >= 3
        server.store.close()

    asyncio.run(scenario())


# --- games of three bots, one address -------------------------------------------------


def test_one_address_cannot_take_every_game_of_bots_the_server_plays(tmp_path: Path) -> None:
    """Four games of three bots, made from one address and each kept watched by an idle
    socket, had every other player refused (429) for as long as the sockets stayed."""
    from fastapi.testclient import TestClient

    from test_server_watch_bots import CHEAP, _app

    with TestClient(_app(tmp_path)) as client:  # four games at once, the default
        first = client.post("/api/games", json={"watch": True, "seats": CHEAP})
        assert first.status_code == 201, first.text
        again = client.post("/api/games", json={"watch": True, "seats": CHEAP})
        assert again.status_code == 429
        assert again.json()["error"]["reason"].startswith(
            "a game of three bots you started is playing already")
        server = client.app.state.server  # type: ignore[attr-defined]
        assert server.watched_games() == 1  # nothing made for the refused one

        async def from_elsewhere() -> None:
            table = Table.create(CHEAP, seed=3, watch=True)
            room = await server.add(table, "10.1.2.3")
            assert room.made_by == "10.1.2.3" and server.watched_games() == 2
            with pytest.raises(TableError, match="you started is playing already"):
                await server.add(Table.create(CHEAP, seed=4, watch=True), "10.1.2.3")

        client.portal.call(from_elsewhere)
        server.rooms[first.json()["game"]].held_until = 0  # its page was closed
        assert client.post("/api/games", json={"watch": True, "seats": CHEAP}
                           ).status_code == 201


# --- a flood of messages on one socket -------------------------------------------------


def test_a_socket_that_floods_the_server_with_messages_is_closed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """120,000 messages in four seconds on one socket were each read and answered (and,
    once the client had gone, each answer logged as a failure): past the socket's rate
    it is closed (1008), and a socket within it is served as before."""
    from starlette.websockets import WebSocketDisconnect

    import cutthroat.server.socket_loop as socket_loop

    monkeypatch.setattr(socket_loop, "SOCKET_MESSAGES", (20, 60.0))
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    path = f"/api/games/{made['game']}/ws?token={made['token']}"
    with client.websocket_connect(path) as ws:
        assert ws.receive_json()["type"] == "state"
        for _ in range(20):  # within the rate: each answered
            ws.send_json({"type": "ping"})
        pongs = 0
        while pongs < 20:
            pongs += ws.receive_json()["type"] == "pong"
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(50):  # the first is one too many: no pong, the socket closed
                ws.send_json({"type": "ping"})
                ws.receive_json()
    assert closed.value.code == 1008 and closed.value.reason == "too many messages"
    with client.websocket_connect(path) as ws:  # connected again: served
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "ping"})
        assert any(ws.receive_json()["type"] == "pong" for _ in range(5))


def test_one_address_holds_only_so_many_sockets(tmp_path: Path,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    """Sockets escaped the guard on connections (an upgraded connection is no longer
    HTTP's): games made, then a hundred watchers on each, held open by their pings.
    Watchers and seats are counted apart: watchers (whom any page may open, a page of
    another site too where its host name leads here) never keep the address's players
    from their own tables, which the security pass did with 64 of them."""
    from fastapi.testclient import TestClient


    client = TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}",
                                   sockets_per_address=2))
    client.__enter__()
    made = _create(client, ["you", "random", "random"])
    watch = f"/api/games/{made['game']}/watch"
    seat = _seat_socket(made)
    with client.websocket_connect(watch) as one, client.websocket_connect(watch) as two:
        assert one.receive_json()["type"] == two.receive_json()["type"] == "state"
        refused = _socket_closed(client, watch)
        assert refused.code == 4429 and "2 connections watching open" in refused.reason
        with client.websocket_connect(seat) as mine, client.websocket_connect(seat) as tab:
            assert mine.receive_json()["type"] == tab.receive_json()["type"] == "state"
            full = _socket_closed(client, seat)
            assert full.code == 4429 and "2 connections at seats open" in full.reason
    with client.websocket_connect(watch) as again:  # the two closed are counted out
        assert again.receive_json()["type"] == "state"
    assert caplog.text.count("the limit of 2 WebSockets watching an address refused") == 1
    assert caplog.text.count("the limit of 2 WebSockets at seats an address refused") == 1
    assert "--ip-sockets" in caplog.text  # the organizer sees why, and the option
    client.__exit__(None, None, None)


def test_a_game_of_bots_set_going_again_by_a_watcher_counts_too(tmp_path: Path) -> None:
    """Made one after another, each left unwatched past its grace, games of three bots
    from one address could all be set going again by opening them: the limits were
    checked only when a game was made."""
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

    from test_server_watch_bots import CHEAP, _app

    with TestClient(_app(tmp_path)) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        games = []
        for _ in range(2):
            answer = client.post("/api/games", json={"watch": True, "seats": CHEAP})
            assert answer.status_code == 201, answer.text
            games.append(answer.json()["game"])
            server.rooms[games[-1]].held_until = 0  # its page never opened it
        with client.websocket_connect(f"/api/games/{games[1]}/watch") as ws:
            assert ws.receive_json()["type"] == "state"  # one plays again
            with pytest.raises(WebSocketDisconnect) as refused, \
                    client.websocket_connect(f"/api/games/{games[0]}/watch") as other:
                other.receive_json()
            assert refused.value.code == 4429
            assert refused.value.reason.startswith(
                "whoever started this game has another game of three bots playing")

        async def both_at_once() -> list[str]:
            tables = [Table.create(CHEAP, seed=k, watch=True) for k in (7, 8)]
            done = await asyncio.gather(*(server.add(t, "10.9.8.7") for t in tables),
                                        return_exceptions=True)
            return sorted(type(d).__name__ for d in done)

        assert client.portal.call(both_at_once) == ["Room", "TableError"]


@pytest.mark.parametrize("body", [b'{"rules": ' + b'{"a": ' * 5_000 + b"1" + b"}" * 5_001,
                                  b'{"seed": ' + b"9" * 5000 + b"}"])
def test_a_body_jsons_reader_gives_up_on_is_refused_in_the_protocols_words(
        tmp_path: Path, body: bytes) -> None:
    """Nested five thousand deep, or a number of 5,000 digits: "There was an error parsing
    the body", FastAPI's words, where every other body that is not JSON is refused in the
    protocol's."""
    client = _client(tmp_path)
    answer = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 400
    assert _reason(answer).startswith("the request body is not valid JSON")


def test_a_socket_closed_frees_its_own_place_only(tmp_path: Path) -> None:
    """Of an address's two sockets, one closes: one place is free again, not both (the
    address would then hold three, past its limit)."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}",
                               sockets_per_address=2)) as client:
        made = _create(client, ["you", "random", "random"])
        seat = _seat_socket(made)
        server = client.app.state.server  # type: ignore[attr-defined]
        with client.websocket_connect(seat) as kept:
            assert kept.receive_json()["type"] == "state"
            with client.websocket_connect(seat) as gone:
                assert gone.receive_json()["type"] == "state"
            with client.websocket_connect(seat) as again:  # the place gone freed
                assert again.receive_json()["type"] == "state"
                full = _socket_closed(client, seat)
                assert full.code == 4429 and "2 connections at seats open" in full.reason
        assert server.sockets_by_address == {}


class _Clock:
    """``time`` as socket_loop reads it, at a moment the test sets."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now


def test_a_sockets_message_count_starts_again_once_its_window_has_passed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rate is so many messages in so many seconds: a socket that kept within it
    gets a new count once the window has passed (counting the message that opened it),
    and is closed (1008) only past the most within one window."""
    clock = _Clock()
    monkeypatch.setattr(socket_loop, "time", clock)
    monkeypatch.setattr(socket_loop, "SOCKET_MESSAGES", (2, 10.0))
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    with client.websocket_connect(_seat_socket(made)) as ws:
        assert ws.receive_json()["type"] == "state"
        for at in (0.0, 5.0, 100.0, 105.0):  # two in each window: each answered
            clock.now = at
            ws.send_json({"type": "ping"})
            assert any(ws.receive_json()["type"] == "pong" for _ in range(50))
        ws.send_json({"type": "ping"})  # a third in the second window: closed
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(50):
                assert ws.receive_json()["type"] != "pong"
    assert closed.value.code == 1008 and closed.value.reason == "too many messages"


@pytest.mark.parametrize("selector", ["\ufe00", "\U000e01ef"])
def test_a_name_with_any_variation_selector_is_the_name_without_it(
        tmp_path: Path, selector: str) -> None:
    """Every variation selector shows as nothing beside a letter, the ends of its
    ranges too (VS1, the first of VS1-VS16; VS256, the last of VS17-VS256): "Ann" and
    one of them cannot sit beside Ann (test_a_name_that_looks_like_one_at_the_table_is_refused
    has VS16 and VS17)."""
    assert same_name("Ann" + selector, "Ann")
    client = _client(tmp_path)
    ann = _create(client, ["you", "open", "random"], name="Ann")
    answer = client.post(f"/api/games/{ann['game']}/join", json={"name": "Ann" + selector})
    assert answer.status_code == 409, answer.text
    assert _reason(answer) == "Ann is already at this table: choose another name"
