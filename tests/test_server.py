"""The web game's server (docs/protocol.md): tables, storage, HTTP and WebSocket.

Every bad input gets a clear error and changes nothing; a seat never sees a card it may
not see (R14); a game goes on after the server restarts.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from cutthroat import record as rec
from cutthroat.cards import cards_of_mask, deck_mask
from cutthroat.rules import Rules
from cutthroat.server import socket_loop
from cutthroat.server.app import create_app
from cutthroat.server.protocol import ProtocolError, parse_message
from cutthroat.server.store import Store, StoreError
from cutthroat.server.tables import Table, TableError
from cutthroat.state import Phase
from sockets import eventually as _eventually
from sockets import receive as _receive

CARD = re.compile(r"\b(?:[789TJQKA][CDHS]|JO)\b")


_OPEN: list[TestClient] = []


def _client(where: Path | str) -> TestClient:
    """A client of a server on a database (``tmp_path``'s SQLite file, or a URL), started
    as uvicorn starts it (one event loop for all its requests, so the bots' background
    moves go on)."""
    url = where if isinstance(where, str) else f"sqlite:///{where / 'games.db'}"
    client = TestClient(create_app(url))
    client.__enter__()
    _OPEN.append(client)
    return client


def _stop(client: TestClient) -> None:
    if client in _OPEN:
        _OPEN.remove(client)
        client.__exit__(None, None, None)


@pytest.fixture(autouse=True)
def _stop_servers() -> Any:
    yield
    while _OPEN:
        _stop(_OPEN[-1])


def _create(client: TestClient, seats: list[str], seed: int = 5, **extra: Any) -> dict[str, Any]:
    """A new game over HTTP: ``seed`` only in a game against bots (a game with a seat
    for a friend is dealt at random)."""
    seeded = {} if "open" in seats else {"seed": seed}
    answer = client.post("/api/games", json={"seats": seats, **seeded, **extra})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _state(client: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    answer = client.get(f"/api/games/{made['game']}", params={"token": made["token"]})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _settled(client: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    """The state once no bot is to move (bots move in the background after a create)."""
    for _ in range(400):
        state = _state(client, made)
        to_act = state["to_act"]
        if state["status"] != "playing" or state["players"][to_act]["kind"] != "bot":
            return state
    raise AssertionError("the bots never stopped")


def _seat_socket(seat: dict[str, Any]) -> str:
    """The WebSocket path of a seat (an answer holding its ``game`` and ``token``)."""
    return f"/api/games/{seat['game']}/ws?token={seat['token']}"


def _reason(answer: Any) -> str:
    reason: str = answer.json()["error"]["reason"]
    return reason


# --- tables --------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "words"), [
    (["you", "expert"], "three seats"),
    (["expert", "expert", "expert"], "exactly one"),
    (["you", "you", "expert"], "exactly one"),
    (["you", "grandmaster", "expert"], "grandmaster"),
    (["you", "expert:play_sample=3", "expert"], "play_sample"),
])
def test_table_refuses_bad_seats(seats: list[str], words: str) -> None:
    with pytest.raises(TableError, match=words) as caught:
        Table.create(seats)
    assert caught.value.status == 400


def test_table_names_and_bots_are_told_apart() -> None:
    table = Table.create(["expert", "you", "expert"], names=[None, "  Ann   Lee ", None], seed=1)
    assert [s.name for s in table.seats] == ["Expert 1", "Ann Lee", "Expert 2"]
    assert table.game.players == ("Expert 1", "Ann Lee", "Expert 2")
    with pytest.raises(TableError, match="at most 24"):
        Table.create(["you", "random", "random"], names=["x" * 25, None, None])


@pytest.mark.parametrize("name", ["\ud800", "\udc80x", "a\u0000b", "\x07bell", "\u202eevil"])
def test_names_with_broken_text_or_control_characters_are_refused(tmp_path: Path,
                                                                  name: str) -> None:
    """A name that could not be written as JSON (a lone surrogate) or that hides
    control characters is refused with a reason, and nothing is created or taken: one
    bad name must not break the game for everybody at the table."""
    with pytest.raises(TableError, match="control characters or broken text") as caught:
        Table.create(["you", "random", "random"], names=[name, None, None])
    assert caught.value.status == 400
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "open"], seed=4)
    as_json = {"content-type": "application/json"}  # escaped: \ud800 cannot be UTF-8
    answer = client.post(f"/api/games/{made['game']}/join",
                         content=json.dumps({"name": name}), headers=as_json)
    assert answer.status_code == 400 and "control characters" in _reason(answer)
    state = _state(client, made)  # the game still answers, the seat is still open
    assert state["players"][2]["kind"] == "open" and state["status"] == "waiting"
    created = client.post("/api/games", headers=as_json, content=json.dumps(
        {"seats": ["you", "random", "random"], "name": name}))
    assert created.status_code == 400 and "control characters" in _reason(created)


def test_blank_names_and_tabs_fold_into_a_default_or_spaces() -> None:
    table = Table.create(["you", "open", "open"], names=["  \t ", None, None], seed=2)
    assert table.seats[0].name == Table.create(["you", "open", "open"], seed=2).seats[0].name
    seat, _ = table.join("Ben\tLee\n")
    assert table.seats[seat].name == "Ben Lee"


def test_a_name_already_at_the_table_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """A friend who joins under a name already at the table, a player's or a bot's
    (case, spacing and compatibility forms aside), is refused with a word on what to
    do, and the seat stays open; a name of their own takes it."""
    client = _client(tmp_path)
    ann = _create(client, ["you", "open", "intermediate"], seed=4, name="Ann")
    before = _state(client, ann)
    for name, whose in (("Ann", "Ann"), ("  aNN ", "Ann"), ("\uff21nn", "Ann"),
                        ("intermediate", "Intermediate")):
        answer = client.post(f"/api/games/{ann['game']}/join", json={"name": name})
        assert answer.status_code == 409, answer.text
        assert _reason(answer) == f"{whose} is already at this table: choose another name"
        assert _state(client, ann) == before  # the seat still open, nothing dealt
    joined = client.post(f"/api/games/{ann['game']}/join", json={"name": "Annie"})
    assert joined.status_code == 200, joined.text
    names = [p["name"] for p in _state(client, ann)["players"]]
    assert names == ["Ann", "Annie", "Intermediate"]


def test_a_creator_named_as_a_bot_is_refused_and_defaults_are_told_apart() -> None:
    """The creator's name may not be a bot's at the table (400); a friend who gives no
    name gets a default one nobody at the table has."""
    with pytest.raises(TableError, match=r"^Expert 2 is already at this table") as caught:
        Table.create(["you", "expert", "expert"], names=["expert 2", None, None])
    assert caught.value.status == 400
    carried = Table.create(["you", "expert", "expert"], names=["expert 2", None, None],
                           rename=True)  # playing again: the name carried over
    assert [seat.name for seat in carried.seats] == ["expert 2 2", "Expert 1", "Expert 2"]
    table = Table.create(["you", "open", "open"], names=["Player 2", None, None], seed=1)
    table.join()
    table.join(None)
    names = [seat.name or "" for seat in table.seats]
    assert len({name.casefold() for name in names}) == 3 and names[0] == "Player 2"


def test_playing_again_tells_apart_a_name_twice_at_the_old_table(tmp_path: Path) -> None:
    """A game kept from before names had to differ may seat two players of one name:
    playing again, the second is told apart by a number rather than refused (they could
    not choose another name there)."""
    client = _client(tmp_path)
    ann, ben = _finished_pair(client)
    server = client.app.state.server  # type: ignore[attr-defined]
    # a finished game is let go once its last work ends: read back next
    _eventually(lambda: ann["game"] not in server.rooms, client)
    assert ann["game"] not in server.rooms
    old = server.store.load(ann["game"])
    old.seats[2].name = "ANN"  # as an older server let Ben join
    server.store.save(old)
    started = client.post(f"/api/games/{ann['game']}/again", json={"token": ann["token"]})
    assert started.status_code == 200, started.text
    second = client.post(f"/api/games/{ann['game']}/again", json={"token": ben["token"]})
    assert second.status_code == 200, second.text
    new = _state(client, {"game": started.json()["game"], "token": started.json()["token"]})
    assert [p["name"] for p in new["players"]] == ["Ann", "Random", "ANN 2"]


def test_table_waits_for_open_seats_then_deals() -> None:
    table = Table.create(["you", "open", "open"], seed=2)
    assert table.status == "waiting" and table.game.hand is None
    assert table.state_for(0)["view"] is None
    with pytest.raises(TableError, match="waits for a player") as caught:
        table.act(0, "pass")
    assert caught.value.status == 409
    first, _ = table.join("Ben")
    assert first == 1 and table.status == "waiting"
    second, token = table.join(None)
    assert second == 2 and table.seat_of(token) == 2
    assert table.status == "playing" and len(table.game.hands) == 1
    with pytest.raises(TableError, match="no open seat") as full:
        table.join("Cal")
    assert full.value.status == 409


def test_table_tokens_are_checked_and_only_hashes_kept() -> None:
    table = Table.create(["you", "open", "random"], seed=3)
    token = table.tokens[0]
    assert table.seat_of(token) == 0
    assert token not in json.dumps(table.stored_seats())
    for bad, status in ((None, 401), ("", 401), ("guess", 403)):
        with pytest.raises(TableError) as caught:
            table.seat_of(bad)
        assert caught.value.status == status


def test_table_refuses_moves_and_changes_nothing() -> None:
    table = Table.create(["you", "random", "random"], seed=11)
    while table.bot_to_move() is not None:
        table.bot_move()
    before = table.record()
    me = table.game.to_act
    assert me == 0
    for bad in ("play", "dance", "", 7, None, "play JO", "keep 9C"):
        with pytest.raises(TableError) as caught:
            table.act(0, bad)
        assert caught.value.status == 400 and caught.value.reason
    with pytest.raises(TableError, match="not your turn") as turn:
        table.act(1, table.game.view(0).legal[0])
    assert turn.value.status == 409
    assert table.record() == before
    with pytest.raises(TableError, match="not over yet"):
        table.next_hand(0)
    with pytest.raises(TableError, match="no bot"):
        table.bot_move()


def test_R15_R16_a_refused_card_is_explained_to_its_player() -> None:
    """The engine's "seat 0 does not hold 9S" reads "you do not hold 9S" to the player."""
    for seed in range(40):
        table = Table.create(["you", "random", "random"], seed=seed)
        rng = random.Random(seed)
        hand = table.game.hand
        assert hand is not None
        while not hand.is_over and not (hand.to_act == 0 and hand.current_trick):
            if table.bot_to_move() is not None:
                table.bot_move()
            else:
                table.act(0, rng.choice(table.game.view(0).legal))
        if hand.is_over:
            continue
        stranger = next(c for c in cards_of_mask(deck_mask(table.game.rules.deck))
                        if c not in hand.cards(0))
        with pytest.raises(TableError, match=f"^you do not hold {stranger}$"):
            table.act(0, f"play {stranger}")
        return
    raise AssertionError("no deal put seat 0 on a trick")


def test_R7_a_move_of_another_phase_is_refused_in_a_player_s_words() -> None:
    """The engine's "play is not possible now: ..." reads "you cannot play a card now:
    ..." to the player who tried it."""
    table = Table.create(["random", "random", "you"], seed=3)
    while table.bot_to_move() is not None:
        table.bot_move()
    hand = table.game.hand
    assert hand is not None and hand.to_act == 2 and hand.phase.name == "BID_FIRST"
    with pytest.raises(TableError, match=r"^you cannot play a card now: it is the first "
                                         r"bidding round \(pass or order\)$"):
        table.act(2, "play 9H")
    assert table.game.hand is hand and hand.to_act == 2


def _cards_named(state: dict[str, Any]) -> set[str]:
    """The card names in a state sent to a client, its game id left out: the id is
    random, and one such as "x-KD_abc" would read as the king of diamonds."""
    return set(CARD.findall(json.dumps({k: v for k, v in state.items() if k != "game"})))


def _hidden_from(table: Table, seat: int) -> set[str]:
    """The cards ``seat`` may not see now (R14)."""
    view = table.game.view(seat)
    return {str(c) for c in cards_of_mask(deck_mask(table.game.rules.deck)
                                          & ~view.seen_mask())}


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), deck=st.sampled_from([24, 25, 32]), dummy=st.booleans(),
       choices=st.randoms(use_true_random=False))
def test_R14_state_for_a_seat_or_a_watcher_never_shows_a_hidden_card(
        seed: int, deck: int, dummy: bool, choices: random.Random) -> None:
    table = Table.create(["you", "random", "open"] if seed % 2 else ["random", "you", "random"],
                         rules=Rules(deck=deck, dummy=dummy), seed=seed,
                         game_id=f"t{seed}")  # the same table each time Hypothesis runs it
    if table.status == "waiting":
        table.join("Ben")  # two players: each sees only what it may
    humans = [i for i, s in enumerate(table.seats) if s.kind == "human"]
    for _ in range(120):
        status = table.status
        for seat in humans:
            state = table.state_for(seat)
            if status == "playing":
                leaked = _cards_named(state) & _hidden_from(table, seat)
                assert not leaked, f"seat {seat} sees {leaked}"
        if status == "playing":  # a watcher, in no seat: the up-card and the cards played
            hand = table.game.hand
            public = {str(hand.upcard)} | {str(c) for t in hand.tricks for _, c in t.plays} \
                | {str(c) for _, c in hand.current_trick}
            leaked = _cards_named(table.state_for(None)) - public
            assert not leaked, f"a watcher sees {leaked}"
        if status == "over":
            break
        if status == "hand_over":
            state = table.state_for(humans[0])
            assert state["last_hand"]["deal"] == table.game.hand.dealt.to_json()
            table.next_hand(humans[0])
        elif table.bot_to_move() is not None:
            table.bot_move()
        else:
            seat = table.game.to_act
            table.act(seat, choices.choice(table.game.view(seat).legal))


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
    tries), and with it every hidden card: a game's own seed is drawn from 63 bits, and
    the database keeps all of them."""
    seeds = [Table.create(["you", "random", "random"]).seed for _ in range(8)]
    assert all(0 <= seed < 2**63 for seed in seeds) and max(seeds) >= 2**32
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


class _Stalled:
    """A socket whose client stopped reading: once its buffers are full, a send never
    finishes."""

    def __init__(self) -> None:
        self.sent = 0
        self.closed: int | None = None

    async def send_json(self, message: Any) -> None:
        self.sent += 1
        await asyncio.Event().wait()  # never set

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code


def test_a_watcher_who_stops_reading_is_dropped_and_holds_up_nobody(tmp_path: Path) -> None:
    """A socket that takes no more messages (a watcher who stopped reading, anybody may
    watch) held the room's lock for ever, then (once a send had a time limit) for ten
    seconds a time: no move, line or watcher got through meanwhile. Each socket now has
    a sender of its own: the game goes on at once for everybody else, and the socket is
    dropped after the server's wait and closed (1008)."""
    client = _client(tmp_path)
    made = _create(client, ["you", "open", "open"], name="Ann")
    ben = client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"}).json()
    server = client.app.state.server  # type: ignore[attr-defined]
    server.send_wait = 3600.0  # were a send waited for, nothing would get through
    room = server.rooms[made["game"]]
    stalled = _Stalled()
    room.sockets[stalled] = None  # type: ignore[index]
    for text in ("hi", "anybody there?"):
        talked: list[int] = []

        def talk(text: str = text, talked: list[int] = talked) -> None:
            talked.append(client.post(f"/api/games/{made['game']}/chat",
                                      json={"token": ben["token"], "text": text}).status_code)

        thread = threading.Thread(target=talk, daemon=True)
        thread.start()
        thread.join(timeout=30)
        assert talked == [201]
    with client.websocket_connect(f"/api/games/{made['game']}/watch") as ws:
        assert _receive(ws, "state")["state"]["players"][1]["name"] == "Ben"
    assert stalled.sent == 1 and stalled in room.sockets  # its first send still hangs
    server.send_wait = 0.2
    client.post(f"/api/games/{made['game']}/chat", json={"token": ben["token"], "text": "x"})
    room.outboxes[stalled][1].cancel()  # the first send, made to wait an hour
    room.outboxes.pop(stalled)
    client.post(f"/api/games/{made['game']}/chat", json={"token": ben["token"], "text": "y"})
    _eventually(lambda: stalled.closed is not None, client)
    assert stalled.closed == 1008 and stalled not in room.sockets


def test_a_socket_with_too_many_messages_waiting_is_dropped(tmp_path: Path) -> None:
    """A client that does not read lets its messages pile up in the server: past
    :data:`OUTBOX` waiting, it is dropped and closed, whatever the wait."""
    from cutthroat.server.rooms import OUTBOX

    client = _client(tmp_path)
    made = _create(client, ["you", "open", "open"], name="Ann")  # waiting: no bot moves
    ben = client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"}).json()
    server = client.app.state.server  # type: ignore[attr-defined]
    server.send_wait = 3600.0
    room = server.rooms[made["game"]]
    stalled = _Stalled()
    room.sockets[stalled] = None  # type: ignore[index]
    said = client.post(f"/api/games/{made['game']}/chat", json={"token": ben["token"],
                                                               "text": "hi"})
    assert said.status_code == 201
    _eventually(lambda: stalled.sent == 1, client)  # the first is being sent
    for k in range(OUTBOX):  # as many more as may wait: the moves, talk, ... of a game
        assert stalled in room.sockets
        client.portal.call(server.send, room, stalled, {"type": "pong", "k": k})
    assert stalled in room.sockets
    client.portal.call(server.send, room, stalled, {"type": "pong"})  # one too many
    _eventually(lambda: stalled.closed is not None, client)
    assert stalled.closed == 1008 and stalled not in room.sockets and stalled.sent == 1


class _Quiet:
    """A socket that takes every message at once and says nothing."""

    async def send_json(self, message: Any) -> None:
        pass


def test_watchers_filling_a_game_keep_out_no_player(tmp_path: Path) -> None:
    """Anybody may watch: past the most watchers (100) another is refused (4429), and a
    player still connects; past the most sockets of one seat (10), that seat's next is
    refused too."""
    from cutthroat.server.rooms import SEAT_SOCKETS, WATCHERS

    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    room = client.app.state.server.rooms[made["game"]]  # type: ignore[attr-defined]
    for _ in range(WATCHERS):
        room.sockets[_Quiet()] = None
    with pytest.raises(WebSocketDisconnect) as caught, \
            client.websocket_connect(f"/api/games/{made['game']}/watch") as ws:
        ws.receive_json()
    assert caught.value.code == 4429 and "100 connections watching" in caught.value.reason
    seat_path = f"/api/games/{made['game']}/ws?token={made['token']}"
    with client.websocket_connect(seat_path) as ws:
        assert _receive(ws, "state")["state"]["seat"] == 0
    for _ in range(SEAT_SOCKETS):
        room.sockets[_Quiet()] = 0
    with pytest.raises(WebSocketDisconnect) as caught, client.websocket_connect(seat_path) as ws:
        ws.receive_json()
    assert caught.value.code == 4429 and "of this seat" in caught.value.reason


def test_a_socket_to_an_unknown_game_of_a_long_id_is_closed_with_4404(tmp_path: Path) -> None:
    """The close frame's reason names the game asked for; past 123 bytes it is no frame
    at all (the client got no close code, the server logged an error): it is cut."""
    client = _client(tmp_path)
    for game in ("nosuch", "é" * 150):
        with pytest.raises(WebSocketDisconnect) as caught, \
                client.websocket_connect(f"/api/games/{game}/watch") as ws:
            ws.receive_json()
        assert caught.value.code == 4404 and "there is no game" in caught.value.reason
        assert len(caught.value.reason.encode()) <= 123


def test_every_answer_keeps_the_page_out_of_other_sites_frames(tmp_path: Path) -> None:
    """Another site could show the game in a frame and trick a player into clicking its
    buttons: every answer (the page, the API, an error, a body refused) forbids framing,
    type guessing and a referrer to other sites."""
    client = _client(tmp_path)
    answers = [client.get("/"), client.get("/static/app.js"), client.get("/api/bots"),
               client.get("/api/games/nosuch/public"),
               client.post("/api/games", content=b"x" * 70_000,
                           headers={"content-type": "application/json"})]
    assert [a.status_code for a in answers] == [200, 200, 200, 404, 413]
    for answer in answers:
        assert answer.headers["x-frame-options"] == "DENY"
        policy = answer.headers["content-security-policy"]
        assert policy.startswith("default-src 'self'; ") and "script-src" not in policy
        assert policy.endswith("; frame-ancestors 'none'") and "object-src 'none'" in policy
        assert "connect-src 'self' ws://testserver wss://testserver;" in policy
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "same-origin"
    # an answer of the API holds a seat's token or cards: no cache keeps it; the page and
    # its modules are asked after each time, so no browser mixes an old module with new
    assert [a.headers.get("cache-control") for a in answers] == [
        "no-cache", "no-cache", "no-store", "no-store", "no-store"]
    module = client.get("/static/js/cards.js")
    assert module.headers["cache-control"] == "no-cache"
    assert module.headers["content-type"].startswith(("text/javascript",
                                                      "application/javascript"))
    assert client.get("/static/js/cards.js", headers={
        "if-none-match": module.headers["etag"]}).status_code == 304


def test_a_body_that_is_not_json_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """Another site's page can make a visitor's browser send a form (or text/plain) to
    this server without asking, not JSON: such a body took an open seat (join) in the
    visitor's name. Every POST of the API but the record to replay takes JSON alone."""
    client = _client(tmp_path)
    ann = _create(client, ["you", "open", "random"])
    game = ann["game"]
    for kind in ("application/x-www-form-urlencoded", "text/plain", "multipart/form-data"):
        refused = client.post(f"/api/games/{game}/join", content=b"name=Eve",
                              headers={"content-type": kind})
        assert refused.status_code == 415, kind
        assert "Content-Type: application/json" in _reason(refused)
    assert _state(client, ann)["players"][1]["kind"] == "open"  # nothing taken
    joined = client.post(f"/api/games/{game}/join", content=b'{"name": "Ben"}',
                         headers={"content-type": "application/json; charset=utf-8"})
    assert joined.status_code == 200
    examples = Path(__file__).resolve().parents[2] / "shared" / "examples"
    record = (examples / "01-standard-full-game.json").read_bytes()
    opened = client.post("/api/replay", content=record,  # as curl --data-binary sends it
                         headers={"content-type": "application/x-www-form-urlencoded"})
    assert opened.status_code == 200


def test_a_game_with_a_seat_for_a_friend_takes_no_seed(tmp_path: Path) -> None:
    """The same seed deals the same cards, so a creator who chose it would know every
    card of the friend's game: a seed with an open seat is refused (400) and no game is
    made; the same game without a seed, or a seed against bots, is made."""
    client = _client(tmp_path)
    for seats in (["you", "open", "random"], ["you", "expert", " Open "]):
        refused = client.post("/api/games", json={"seats": seats, "seed": 7})
        assert refused.status_code == 400
        assert "leave out the seed" in refused.json()["error"]["reason"]
    server = client.app.state.server  # type: ignore[attr-defined]
    assert not server.rooms
    assert client.post("/api/games", json={"seats": ["you", "open", "random"]}
                       ).status_code == 201
    assert client.post("/api/games", json={"seats": ["you", "random", "random"], "seed": 7}
                       ).status_code == 201


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


# --- the protocol ----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "words"), [
    ("not json", "JSON object"),
    ("[1, 2]", "JSON object"),
    ('{"action": "pass"}', "needs a \"type\""),
    ('{"type": 3}', "needs a \"type\""),
    ('{"type": "act"}', "needs an \"action\""),
    ('{"type": "act", "action": 5}', "needs an \"action\""),
    ('{"type": "ping", "extra": 1}', "no field 'extra'"),
    ('{"type": "shout"}', "unknown message type"),
    ('{"type": "hello", "token": "T"}', "a hello is only the first message"),
    ('{"type": "act", "action": "' + "x" * 65 + '"}', "at most 64 characters"),
    ('{"type": "act", "action": "pass", "x": 1}', "an act message has no field 'x'"),
    ('{"type": "say", "text": "hi", "x": 1}', "a say message has no field 'x'"),
    ('{"type": "ping", "a": ' + "[" * 5000 + "]" * 5000 + "}", "JSON object"),  # too deep
])
def test_protocol_refuses_malformed_messages(text: str, words: str) -> None:
    with pytest.raises(ProtocolError, match=re.escape(words)) as refused:
        parse_message(text)
    # The error names the message's type ("for") wherever it could be read as text.
    read = json.loads(text) if text.startswith("{") and len(text) < 200 else None
    kind = read.get("type") if isinstance(read, dict) else None
    assert refused.value.kind == (kind if isinstance(kind, str) else None)


def test_a_message_nested_too_deep_is_answered_and_the_socket_stays_open(
        tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    with client.websocket_connect(f"/api/games/{made['game']}/ws?token={made['token']}") as ws:
        _receive(ws, "state")
        ws.send_text('{"type": "ping", "a": ' + "[" * 1000 + "]" * 1000 + "}")
        assert "JSON object" in _receive(ws, "error")["reason"]
        ws.send_json({"type": "ping"})
        assert _receive(ws, "pong")


def test_a_body_too_large_or_a_name_far_too_long_is_refused_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 30 MB name froze the server for seconds while its characters were checked one
    by one: a body over 64 KiB is refused before it is read, and a name far over its 24
    characters before its characters are looked at."""
    import cutthroat.server.names as names_module

    client = _client(tmp_path)
    huge = client.post("/api/games", json={"seats": ["you", "random", "random"],
                                           "name": "x" * 100_000})
    assert huge.status_code == 413 and "at most 64 KiB" in _reason(huge)
    made = _create(client, ["you", "random", "open"])
    joined = client.post(f"/api/games/{made['game']}/join", json={"name": "y" * 100_000})
    assert joined.status_code == 413
    looked: list[int] = []
    real = names_module._refused
    monkeypatch.setattr(names_module, "_refused", lambda text: looked.append(len(text))
                        or real(text))
    long = client.post(f"/api/games/{made['game']}/join", json={"name": "y" * 30_000})
    assert long.status_code == 400 and "at most 24 characters" in _reason(long)
    assert looked == []  # refused before the scan
    assert _state(client, made)["players"][2]["kind"] == "open"  # nothing changed
    record = client.post("/api/replay", content=b"x" * (300 * 1024))
    assert record.status_code == 413


def _chunked(size: int) -> Any:
    """A body of ``size`` bytes (a JSON string's padding) sent in 4 KiB chunks, with no
    Content-Length (``Transfer-Encoding: chunked``)."""
    def chunks() -> Any:
        yield b'{"text": "'
        for _ in range(size // 4096):
            yield b"x" * 4096
        yield b'"}'
    return chunks()


def test_a_chunked_body_too_large_is_refused_as_it_comes(tmp_path: Path) -> None:
    """A body with no Content-Length was read whole, with no limit (60 MB were): every
    route but the replay's refuses it (413, the same JSON error) once 64 KiB are passed."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "open"])
    game, token = made["game"], made["token"]
    for path in ("/api/games", f"/api/games/{game}/chat?token={token}",
                 f"/api/games/{game}/join", f"/api/games/{game}/actions?token={token}",
                 f"/api/games/{game}/next?token={token}",
                 f"/api/games/{game}/standin?token={token}"):
        answer = client.post(path, content=_chunked(200 * 1024),
                             headers={"content-type": "application/json"})
        assert answer.status_code == 413, path
        assert answer.json() == {"error": {"reason": (
            "a request's body may be at most 64 KiB long")}}, path
    assert _state(client, made)["players"][2]["kind"] == "open"  # nothing changed
    fits = client.post(f"/api/games/{game}/chat?token={token}", content=_chunked(8192),
                       headers={"content-type": "application/json"})
    assert fits.status_code == 400  # read whole, then refused: too long to say


def test_a_chunked_body_is_not_read_past_the_limit() -> None:
    """The server stops reading a body as soon as it passes 64 KiB: a client sending
    without end is answered, not read for ever."""
    app = create_app("sqlite://")
    pulled = 0
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b" " * 4096, "more_body": True}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/api/games", "raw_path":
             b"/api/games", "root_path": "", "query_string": b"",
             "headers": [(b"content-type", b"application/json"),
                         (b"transfer-encoding", b"chunked")],
             "client": ("127.0.0.1", 1), "server": ("testserver", 80)}
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 10))
    assert sent[0]["status"] == 413
    assert json.loads(sent[1]["body"]) == {"error": {"reason": (
        "a request's body may be at most 64 KiB long")}}
    assert pulled == 64 // 4 + 1  # not one chunk more than it took to pass the limit


@pytest.mark.parametrize("watch", [False, True])
def test_an_empty_list_of_seats_is_refused_not_taken_for_the_default(
        tmp_path: Path, watch: bool) -> None:
    client = _client(tmp_path)
    answer = client.post("/api/games", json={"seats": [], "watch": watch})
    assert answer.status_code == 400 and "seats must list three seats" in _reason(answer)


# --- HTTP --------------------------------------------------------------------------------


def test_http_creates_a_game_and_serves_the_page(tmp_path: Path) -> None:
    client = _client(tmp_path)
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    head = client.head("/")  # as uptime checks ask: the page's headers, no body
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-type"] == page.headers["content-type"]
    assert client.head("/static/app.js").status_code == 200
    bots = client.get("/api/bots").json()["bots"]
    assert [(b["name"], b["level"]) for b in bots][:4] == [
        ("random", 0), ("beginner", 1), ("intermediate", 2), ("expert", 3)]
    made = _create(client, ["random", "you", "random"], name="Ann")
    assert made["seat"] == 1 and made["token"]
    state = _settled(client, made)
    assert state["game"] == made["game"] and state["seat"] == 1
    assert state["players"][1] == {"name": "Ann", "kind": "human", "connected": False,
                                   "coach": False, "standin": None}
    assert state["players"][0]["kind"] == "bot" and state["players"][0]["bot"] == "random"
    assert state["hand_number"] == 1 and state["status"] in ("playing", "hand_over")


@pytest.mark.parametrize(("body", "words"), [
    ({"seats": ["you", "expert"]}, "three seats"),
    ({"seats": ["you", "expert", "nobot"]}, "nobot"),
    ({"seats": ["you", "expert:bid_samples=100000000", "expert"]}, "by name alone"),
    ({"seats": ["you", "expert", "expert"], "rules": {"deck": 23}}, "bad rules"),
    ({"seats": ["you", "expert", "expert"], "rules": "fancy"}, "bad rules"),
    ({"seats": ["you", "expert", "expert"], "rules": {"target": 1_000_000_000}},
     "target may be at most 100"),
    ({"seats": ["you", "expert", "expert"], "rules": {"march_points": 101}},
     "march_points may be at most 100"),
    ({"seats": ["you", "expert", "expert"], "rules": {"maker_alone_march": 500}},
     "maker_alone_march may be at most 100"),
    ({"seats": ["you", "expert", "expert"], "seed": "7"}, "seed"),
    ({"seats": ["you", "expert", "expert"], "colour": "red"}, "colour"),
    ({"seats": "you"}, "seats"),
])
def test_http_refuses_bad_new_games(tmp_path: Path, body: dict[str, Any], words: str) -> None:
    answer = _client(tmp_path).post("/api/games", json=body)
    assert answer.status_code == 400
    assert words in _reason(answer)


def test_http_errors_are_clear_and_change_nothing(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    game = made["game"]
    state = _settled(client, made)
    assert client.get(f"/api/games/{game}").status_code == 401
    assert client.get(f"/api/games/{game}", params={"token": "x"}).status_code == 403
    missing = client.get("/api/games/nothing", params={"token": "x"})
    assert missing.status_code == 404 and "no game" in _reason(missing)
    record = client.get(f"/api/games/{game}/record")
    assert record.status_code == 409 and "every card" in _reason(record)
    bad = client.post(f"/api/games/{game}/actions",
                      json={"token": made["token"], "action": "play 2C"})
    assert bad.status_code == 400 and _reason(bad)
    unread = client.post(f"/api/games/{game}/actions", content=b"{",
                         headers={"content-type": "application/json"})
    assert unread.status_code == 400 and _reason(unread) == "the request body is not valid JSON"
    empty = client.post("/api/games", content=b"null",
                        headers={"content-type": "application/json"})
    assert empty.status_code == 400 and "needs a JSON object" in _reason(empty)
    long = client.post(f"/api/games/{game}/actions",
                       json={"token": made["token"], "action": "pass " * 2_000})
    assert long.status_code == 400 and len(_reason(long)) < 200
    huge = client.post(f"/api/games/{game}/actions",
                       json={"token": made["token"], "action": "pass " * 20_000})
    assert huge.status_code == 413 and len(_reason(huge)) < 200
    if state["to_act"] != 0:  # pragma: no cover - seat 0 leads off on this seed
        pytest.fail("seed 8 should leave seat 0 to act")
    early = client.post(f"/api/games/{game}/next", json={"token": made["token"]})
    assert early.status_code == 409 and "not over" in _reason(early)
    assert _state(client, made) == state
    bearer = client.get(f"/api/games/{game}",
                        headers={"Authorization": f"Bearer {made['token']}"})
    assert bearer.json() == state


def _play_out(client: TestClient, made: dict[str, Any], rng: random.Random,
              moves: int = 10_000) -> dict[str, Any]:
    """Play the token's seat by random legal moves (over HTTP) for up to ``moves``
    moves, dealing each next hand; the last state."""
    game, token = made["game"], made["token"]
    state = _settled(client, made)
    for _ in range(moves):
        if state["status"] == "over":
            break
        if state["status"] == "hand_over":
            answer = client.post(f"/api/games/{game}/next", json={"token": token})
        else:
            legal = state["view"]["legal"]
            assert legal, state
            answer = client.post(f"/api/games/{game}/actions",
                                 json={"token": token, "action": rng.choice(legal)})
        assert answer.status_code == 200, answer.text
        state = answer.json()
    return state


def test_http_whole_game_and_its_record(db_url: str) -> None:
    client = _client(db_url)
    made = _create(client, ["you", "random", "beginner"], seed=31)
    state = _play_out(client, made, random.Random(1))
    assert state["status"] == "over" and state["over"] and state["winners"]
    record = client.get(f"/api/games/{made['game']}/record")
    assert record.status_code == 200
    game = rec.replay(record.json())
    assert list(game.scores) == state["scores"]
    assert list(game.winners) == state["winners"]
    assert game.players[1] == "Random" and game.players[2] == "Beginner"
    after = client.post(f"/api/games/{made['game']}/actions",
                        json={"token": made["token"], "action": "pass"})
    assert after.status_code == 409 and "over" in _reason(after)


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


def test_http_join_and_the_hint(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "open", "random"], seed=9, name="Ann")
    waiting = _state(client, made)
    assert waiting["status"] == "waiting" and waiting["view"] is None
    joined = client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    again = client.post(f"/api/games/{made['game']}/join", json={"name": "Cal"})
    assert again.status_code == 409 and "no open seat" in _reason(again)
    friend = joined.json()
    mine, theirs = _settled(client, made), _settled(client, friend)
    assert mine["players"][1]["name"] == "Ben" and theirs["seat"] == 1
    assert not set(mine["view"]["cards"]) & set(theirs["view"]["cards"])
    to_act = mine["to_act"]
    asker, other = (made, friend) if to_act == 0 else (friend, made)
    refused = client.get(f"/api/games/{made['game']}/hint", params={"token": other["token"]})
    assert refused.status_code == 409 and "your turn" in _reason(refused)
    advice = client.get(f"/api/games/{made['game']}/hint", params={"token": asker["token"]})
    assert advice.status_code == 200, advice.text
    body = advice.json()
    legal = _state(client, asker)["view"]["legal"]
    assert body["choice"] in legal and body["lines"] and body["reason"]
    assert {o["action"] for o in body["options"]} <= set(legal)


# --- WebSocket ----------------------------------------------------------------------------


def test_websocket_states_errors_and_moves(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    _settled(client, made)
    path = _seat_socket(made)
    with client.websocket_connect(path) as ws:
        state = _receive(ws, "state")["state"]
        assert state["seat"] == 0 and state["players"][0]["connected"]
        ws.send_text("{oops")
        assert "JSON object" in _receive(ws, "error")["reason"]
        ws.send_json({"type": "act", "action": "play 2C"})
        assert _receive(ws, "error")["reason"]
        ws.send_json({"type": "next"})
        assert "not over" in _receive(ws, "error")["reason"]
        ws.send_json({"type": "ping"})
        assert _receive(ws, "pong") == {"type": "pong"}
        assert _state(client, made)["view"] == state["view"]  # nothing changed
        legal = state["view"]["legal"]
        ws.send_json({"type": "act", "action": legal[0]})
        moved = _receive(ws, "state")["state"]
        assert len(moved["view"]["moves"]) == len(state["view"]["moves"]) + 1


@pytest.mark.parametrize(("game", "token", "code"), [
    (None, "wrong", 4403),
    ("nothing", "wrong", 4404),
])
def test_websocket_refuses_strangers(tmp_path: Path, game: str | None, token: str | None,
                                     code: int) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    path = f"/api/games/{game or made['game']}/ws" + (f"?token={token}" if token else "")
    with client.websocket_connect(path) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == code and closed.value.reason


def test_a_seats_socket_takes_its_token_from_its_hello_not_its_address(
        tmp_path: Path) -> None:
    """A token in a socket's address is written whole in a proxy's access and error
    logs: a seat's socket opened without one reads it from its first message, the
    ``hello``, as the page now sends it. A second hello is no message of the protocol;
    one with a token that is not this game's is closed as in the address (4403)."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    path = f"/api/games/{made['game']}/ws"
    with client.websocket_connect(path) as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        state = _receive(ws, "state")["state"]
        assert state["seat"] == 0 and state["view"]["cards"]
        ws.send_json({"type": "hello", "token": made["token"]})
        error = _receive(ws, "error")
        assert error["reason"] == ("a hello is only the first message of a socket opened "
                                   "without ?token=: this socket has its seat already")
        assert error["for"] == "hello"
        ws.send_json({"type": "ping"})
        assert _receive(ws, "pong") == {"type": "pong"}
    with client.websocket_connect(path) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.send_json({"type": "hello", "token": "wrong"})
        ws.receive_json()
    assert closed.value.code == 4403
    with client.websocket_connect("/api/games/nothing/ws") as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        ws.send_json({"type": "hello", "token": made["token"]})
        ws.receive_json()
    assert closed.value.code == 4404


@pytest.mark.parametrize("first", [
    '{"type": "ping"}', '{"type": "act", "action": "pass"}', "not JSON", "[]", '"hello"',
    '{"type": "hello"}', '{"type": "hello", "token": 7}', '{"type": "hello", "token": ""}',
    '{"type": "hello", "token": "T", "seat": 0}', b"binary",
])
def test_a_socket_without_a_token_whose_first_message_is_not_its_hello_is_closed(
        tmp_path: Path, first: str | bytes) -> None:
    """Closed with 4401 and a reason that says what to send; the game is untouched."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    before = _settled(client, made)
    with client.websocket_connect(f"/api/games/{made['game']}/ws") as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        first = first.replace('"T"', f'"{made["token"]}"') if isinstance(first, str) else first
        (ws.send_bytes if isinstance(first, bytes) else ws.send_text)(first)  # type: ignore[operator]
        ws.receive_json()
    assert closed.value.code == 4401
    # What to send; for a hello, what was wrong with it.
    reason = closed.value.reason
    if isinstance(first, str) and '"seat"' in first:
        assert reason == 'a hello holds "type" and "token" and nothing more, not "seat"'
    elif isinstance(first, str) and first.startswith('{"type": "hello"'):
        assert reason == ("a hello's token is the seat's token, as text: the one creating "
                          "or joining the game gave")
    else:
        assert reason == socket_loop.HELLO and '"hello"' in reason
    assert _state(client, made)["view"] == before["view"]


def test_a_socket_without_a_token_that_says_nothing_is_closed_after_a_while(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket_loop, "HELLO_WAIT", 0.2)
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    with client.websocket_connect(f"/api/games/{made['game']}/ws") as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4401 and closed.value.reason == socket_loop.HELLO


def test_websocket_tells_every_seat_its_own_state(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "open", "random"], seed=12)
    friend = client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"}).json()
    _settled(client, made)
    base = f"/api/games/{made['game']}/ws?token="
    with client.websocket_connect(base + made["token"]) as mine, \
            client.websocket_connect(base + friend["token"]) as theirs:
        a = _receive(mine, "state")["state"]
        b = _receive(theirs, "state")["state"]
        while not (a["players"][0]["connected"] and a["players"][1]["connected"]):
            a = _receive(mine, "state")["state"]
        assert a["seat"] == 0 and b["seat"] == 1
        assert b["view"]["cards"] and a["status"] == "playing"
        assert not set(b["view"]["cards"]) & _cards_named(a)


def test_R14_watching_shows_the_table_and_no_hidden_card(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=14)
    before = _settled(client, made)
    with client.websocket_connect(f"/api/games/{made['game']}/watch") as watcher:
        seen = _receive(watcher, "state")["state"]
        while seen["watchers"] != 1:
            seen = _receive(watcher, "state")["state"]
        assert seen["seat"] is None and seen["view"]["cards"] == []
        assert seen["view"]["legal"] == [] and seen["view"]["upcard"] == before["view"]["upcard"]
        assert seen["view"]["moves"] == before["view"]["moves"]  # nothing private yet
        assert not set(before["view"]["cards"]) & _cards_named(seen)
        assert _state(client, made)["watchers"] == 1
        assert client.get(f"/api/games/{made['game']}/public").json() == seen
        for message, words, kind in [
                ({"type": "act", "action": "pass"}, "watcher cannot act", "act"),
                ({"type": "hint"}, "watcher cannot hint", "hint"),
                ({"type": "undo"}, "watcher cannot undo", "undo"),
                ({"type": "say", "text": 5}, 'needs a "text"', "say"),  # for, as a seat's
                ({"type": "nonsense"}, "unknown", "nonsense")]:  # its type, read
            watcher.send_json(message)
            error = _receive(watcher, "error")
            assert words in error["reason"] and error.get("for") == kind
        watcher.send_json({"type": "ping"})
        assert _receive(watcher, "pong") == {"type": "pong"}
        assert _state(client, made)["view"] == before["view"]  # nothing changed
        move = before["view"]["legal"][0]
        client.post(f"/api/games/{made['game']}/actions",
                    json={"action": move, "token": made["token"]})
        after = _receive(watcher, "state")["state"]
        assert after["view"]["moves"][len(before["view"]["moves"])] == f"0 {move}"
        assert after["view"]["cards"] == []
    _eventually(lambda: _state(client, made)["watchers"] == 0, client)
    assert _state(client, made)["watchers"] == 0


def test_the_players_hear_when_a_watcher_leaves(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=14)
    _settled(client, made)
    seat = _seat_socket(made)
    with client.websocket_connect(seat) as mine:
        assert _receive(mine, "state")["state"]["watchers"] == 0
        with client.websocket_connect(f"/api/games/{made['game']}/watch") as watcher:
            _receive(watcher, "state")
            assert _receive(mine, "state")["state"]["watchers"] == 1
        heard: list[int] = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # told with no move made: a state, then a pong
            mine.send_json({"type": "ping"})
            message = mine.receive_json()
            while message["type"] != "pong":
                heard.append(message["state"]["watchers"])
                message = mine.receive_json()
            if heard:
                break
        assert heard == [0]


def test_a_socket_cut_off_while_it_connects_leaves_the_room(tmp_path: Path) -> None:
    """A socket's handler cancelled in the middle of connecting (the test client cancels
    at once on closing; a server does on shutdown) is still taken out of its room, so
    the room is not held for ever and nobody is told of a watcher who is gone."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=14)
    _settled(client, made)
    server = client.app.state.server  # type: ignore[attr-defined]
    room = server.rooms[made["game"]]
    talk = server.talk

    async def slow_talk(room: Any) -> Any:
        await asyncio.sleep(0.3)  # the handler is still connecting when it is cancelled
        return await talk(room)

    server.talk = slow_talk
    with client.websocket_connect(f"/api/games/{made['game']}/watch"):
        pass
    _eventually(lambda: not room.sockets and room.unused, client)
    assert not room.sockets and room.unused
    assert _state(client, made)["watchers"] == 0


def test_watching_an_unknown_game_is_refused(tmp_path: Path) -> None:
    client = _client(tmp_path)
    assert client.get("/api/games/nothing/public").status_code == 404
    with client.websocket_connect("/api/games/nothing/watch") as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4404 and "no game" in closed.value.reason


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


def test_the_bots_try_again_by_themselves_once_the_database_is_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's move not saved for want of the database stopped the bots until somebody
    reloaded the page, at every table where a bot was due. They try again by
    themselves, after a wait that grows with each failure in a row, while somebody is
    at the table; everybody is told when."""
    import cutthroat.server.app as app_module
    import cutthroat.server.bot_turns as bot_turns

    monkeypatch.setattr(bot_turns, "BOT_RETRY", 0.2)
    store = _LockedForBots(f"sqlite:///{tmp_path / 'games.db'}")
    monkeypatch.setattr(app_module, "Store", lambda url: store)
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    state = _settled(client, made)
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


def test_websocket_hint_does_not_hold_up_other_messages(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    _settled(client, made)
    with client.websocket_connect(_seat_socket(made)) as ws:
        _receive(ws, "state")
        ws.send_json({"type": "hint"})
        ws.send_json({"type": "ping"})
        first = ws.receive_json()
        while first["type"] == "state":
            first = ws.receive_json()
        assert first == {"type": "pong"}  # answered while the expert was still thinking
        hint = _receive(ws, "hint")["hint"]
        assert hint["lines"] and hint["choice"]


def test_page_offers_every_rules_preset() -> None:
    from cutthroat.rules import PRESETS
    from cutthroat.server.app import STATIC

    page = (STATIC / "index.html").read_text()
    offered = re.findall(r'<option value="([\w-]+)"[^>]*>([^<]*)</option>', page)
    presets = [value for value, _ in offered if value in PRESETS or ":" in _]
    assert presets == list(PRESETS)
    for value, text in offered:
        if value in PRESETS:
            assert text.startswith(value + ":")


def test_page_name_boxes_stop_at_the_servers_longest_name() -> None:
    """The name boxes stop at the server's longest name (``data-max-chars``, characters
    as the server counts them; ``maxlength`` counts an emoji as two), so a player is
    not let type a name that is then refused. (A line of talk too long is kept in its
    box and held back with why: test_browser.)"""
    from cutthroat.server.app import STATIC
    from cutthroat.server.tables import NAME_MAX

    page = (STATIC / "index.html").read_text()
    boxes = re.findall(r'<input id="([\w-]+)"[^>]*? maxlength="(\d+)" data-max-chars="(\d+)"',
                       page)
    assert {box: (int(units), int(chars)) for box, units, chars in boxes} == {
        "name": (2 * NAME_MAX, NAME_MAX), "join-name": (2 * NAME_MAX, NAME_MAX)}


class _Socket:
    """A stand-in for a client's WebSocket: it keeps what it is sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_json(self, data: dict[str, Any]) -> None:
        self.sent.append(data)


def test_coach_speaks_to_its_seat_alone() -> None:
    import asyncio

    from cutthroat.server.app import Server

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
        assert word["text"].startswith("the expert would ") and " (win " in word["text"]
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
    import asyncio
    from types import SimpleNamespace

    from cutthroat.actions import Action
    from cutthroat.server import advice
    from cutthroat.server.app import Server

    verdict = SimpleNamespace(best=Action.parse("pass"))
    monkeypatch.setattr(advice, "hint", lambda *a, **k: None)
    monkeypatch.setattr(advice, "second_opinion", lambda *a: verdict)
    monkeypatch.setattr(advice, "confirmed", lambda first, *a, **k: first)
    monkeypatch.setattr(advice, "describe_verdict", lambda v: "the expert would pass")
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


def test_a_coach_word_on_a_move_taken_back_is_marked_so_and_a_late_one_is_not_said() -> None:
    """A coach's word on a move the player then took back with Undo stayed in the panel
    as if the move still stood. It stays (the advice the player may have undone it for),
    sent again with ``undone`` true, and so to a socket that connects later; a word
    worked out for a move taken back while the expert thought is not said at all."""
    import asyncio

    from cutthroat.server.app import Server
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


def test_bot_options_only_where_the_server_allows_them(tmp_path: Path) -> None:
    table = Table.create(["you", "expert:bid_samples=8", "random"], seed=1)
    assert table.seats[1].bot == "expert:bid_samples=8"
    with pytest.raises(TableError, match="by name alone"):
        Table.create(["you", "expert:bid_samples=8", "random"], bot_options=False)
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'x.db'}", bot_options=True))
    with client:
        answer = client.post("/api/games", json={"seats": ["you", "expert:play_samples=4",
                                                           "random"]})
        assert answer.status_code == 201


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
    import cutthroat.server.advice as advice

    worked: list[int] = []

    def counted(game: Any, seat: int, **options: Any) -> Any:
        worked.append(seat)
        return review(game, seat, **options)

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
    import asyncio

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
    import asyncio

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
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots, hints and reviews think in at most one worker thread per CPU; a second hint
    for a seat while its first is worked out is refused (429), a hint asked for again at
    the same position is given again without thinking (one per position, so hints cost at
    most one expert's decision per move), and a review asked for twice at once is worked
    out once."""
    import asyncio

    import cutthroat.server.advice as advice
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
        over = Table.create(["you", "random", "random"], seed=6, rules=Rules(target=1))
        while not over.game.is_over:
            if over.status == "hand_over":
                over.next_hand(0)
            elif over.bot_to_move() is not None:
                over.bot_move()
            else:
                over.act(0, over.game.view(0).legal[0])
        done = await server.add(over)
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


@pytest.mark.parametrize("path", ["ws", "watch"])
def test_websocket_binary_frames_get_an_error_and_the_connection_stays(
        tmp_path: Path, path: str) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    before = _settled(client, made)
    url = f"/api/games/{made['game']}/{path}" + (f"?token={made['token']}" if path == "ws" else "")
    with client.websocket_connect(url) as ws:
        _receive(ws, "state")
        ws.send_bytes(b'{"type": "ping"}')
        assert "not binary" in _receive(ws, "error")["reason"]
        ws.send_json({"type": "ping"})
        assert _receive(ws, "pong") == {"type": "pong"}
    assert _state(client, made)["view"] == before["view"]


def test_a_database_password_is_never_shown(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    assert store.shown_url == store.url  # nothing to hide
    from cutthroat.server.store import StoreError

    with pytest.raises(StoreError) as refused:
        Store("postgresql+psycopg://ann:s3cret@127.0.0.1:1/games")
    assert "s3cret" not in str(refused.value) and "***" in str(refused.value)


def test_one_address_may_start_only_so_many_games(tmp_path: Path) -> None:
    """A client starting games in a loop is refused (429) past the server's rate; a
    request refused for another reason does not count, and other routes still answer."""
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", new_games="3/minute"))
    with client:
        bad = client.post("/api/games", json={"seats": ["you", "grandmaster", "random"]})
        assert bad.status_code == 400
        made = [client.post("/api/games", json={"seats": ["you", "random", "random"]})
                for _ in range(3)]
        assert [m.status_code for m in made] == [201, 201, 201]
        refused = client.post("/api/games", json={"seats": ["you", "random", "random"]})
        assert refused.status_code == 429 and "too many games" in _reason(refused)
        assert "at most 3 games a minute" in _reason(refused)
        first = made[0].json()
        assert client.get(f"/api/games/{first['game']}",
                          params={"token": first["token"]}).status_code == 200
    with pytest.raises(ValueError, match="rate such as"):
        create_app("sqlite://", new_games="lots")


def _finished_pair(client: TestClient, seed: int = 2, *, coach: bool = False
                   ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game to 1 point of Ann (seat 0, with the ``coach``: the expert then weighs
    each of her moves, several times slower), a random bot and Ben (seat 2, who
    joined), played to its end by random moves: the two seats' answers (with their
    tokens)."""
    ann = _create(client, ["you", "random", "open"], seed=seed, name="Ann",
                  rules={"target": 1}, coach=coach)
    game = ann["game"]
    ben = {**client.post(f"/api/games/{game}/join", json={"name": "Ben"}).json()}
    rng = random.Random(seed)
    for _ in range(1000):
        state = _settled(client, ann)
        if state["status"] == "over":
            return ann, ben
        if state["status"] == "hand_over":
            client.post(f"/api/games/{game}/next", json={"token": ann["token"]})
            continue
        for seat in (ann, ben):
            legal = _state(client, seat)["view"]["legal"]
            if legal:
                client.post(f"/api/games/{game}/actions",
                            json={"token": seat["token"], "action": rng.choice(legal)})
    raise AssertionError("the game did not end")


def test_friends_who_both_ask_to_play_again_sit_at_one_table(db_url: str) -> None:
    """The first player to ask starts the new game (same rules and bot, their friend's
    seat open); everybody at the finished table hears of it (next_game), and the friend
    who asks next, even at once, takes that seat instead of starting a second game. The
    link survives a restart."""
    client = _client(db_url)
    ann, ben = _finished_pair(client, coach=True)
    game = ann["game"]
    assert _state(client, ann)["next_game"] is None
    early = _create(client, ["you", "random", "random"])
    assert client.post(f"/api/games/{early['game']}/again",
                       json={"token": early["token"]}).status_code == 409  # not over
    assert client.post(f"/api/games/{game}/again", json={"token": "nope"}).status_code == 403
    with client.websocket_connect(_seat_socket(ben)) as ws:
        _receive(ws, "state")
        first = client.post(f"/api/games/{game}/again", json={"token": ben["token"]})
        assert first.status_code == 200, first.text
        started = first.json()
        assert started["seat"] == 0 and started["started"] is True
        heard = _receive(ws, "state")["state"]  # the finished table hears of it
        assert heard["next_game"] == {"game": started["game"], "by": 2}
    new = {"game": started["game"], "token": started["token"]}
    waiting = _state(client, new)
    assert waiting["status"] == "waiting"
    assert [p["kind"] for p in waiting["players"]] == ["human", "open", "bot"]
    assert waiting["players"][0]["name"] == "Ben" and waiting["rules"]["target"] == 1
    assert _state(client, ann)["next_game"] == {"game": started["game"], "by": 2}
    second = client.post(f"/api/games/{game}/again", json={"token": ann["token"]})
    assert second.status_code == 200, second.text
    assert second.json() == {"game": started["game"], "seat": 1,
                             "token": second.json()["token"], "started": False}
    playing = _state(client, new)
    assert playing["status"] == "playing"
    assert [p["name"] for p in playing["players"]] == ["Ben", "Ann", "Random"]
    assert playing["players"][1]["coach"] is True  # as Ann asked in the first game
    again = client.post(f"/api/games/{game}/again", json={"token": ann["token"]})
    assert again.status_code == 409 and started["game"] in _reason(again)
    _stop(client)
    restarted = _client(db_url)
    assert _state(restarted, ben)["next_game"] == {"game": started["game"], "by": 2}
    assert restarted.post(f"/api/games/{game}/again",
                          json={"token": ben["token"]}).status_code == 409


def _finished_three(client: TestClient) -> tuple[dict[str, Any], ...]:
    """A game to 1 point of three friends, Ann, Ben and Cal in seats 0, 1 and 2, played
    to its end by random moves: the three seats' answers (with their tokens)."""
    ann = _create(client, ["you", "open", "open"], seed=3, name="Ann", rules={"target": 1})
    game = ann["game"]
    ben = client.post(f"/api/games/{game}/join", json={"name": "Ben"}).json()
    cal = client.post(f"/api/games/{game}/join", json={"name": "Cal"}).json()
    rng = random.Random(3)
    for _ in range(1000):
        state = _state(client, ann)
        if state["status"] == "over":
            return {**ann, "seat": 0}, ben, cal
        if state["status"] == "hand_over":
            client.post(f"/api/games/{game}/next", json={"token": ann["token"]})
            continue
        for seat in (ann, ben, cal):
            legal = _state(client, seat)["view"]["legal"]
            if legal:
                client.post(f"/api/games/{game}/actions",
                            json={"token": seat["token"], "action": rng.choice(legal)})
    raise AssertionError("the game did not end")


def test_friends_who_play_again_sit_where_they_sat(tmp_path: Path) -> None:
    """Play again keeps the table's order: a friend who asks takes the seat that is
    theirs from the starter's, not the first one open (Cal, on Ann's right, asking
    before Ben, still sits on her right)."""
    client = _client(tmp_path)
    ann, ben, cal = _finished_three(client)
    game = ann["game"]
    assert (ben["seat"], cal["seat"]) == (1, 2)
    started = client.post(f"/api/games/{game}/again", json={"token": ann["token"]}).json()
    late = client.post(f"/api/games/{game}/again", json={"token": cal["token"]}).json()
    last = client.post(f"/api/games/{game}/again", json={"token": ben["token"]}).json()
    assert (started["seat"], late["seat"], last["seat"]) == (0, 2, 1)
    new = _state(client, {"game": started["game"], "token": started["token"]})
    assert [p["name"] for p in new["players"]] == ["Ann", "Ben", "Cal"]


def test_a_friends_seat_in_the_game_played_again_is_kept_for_them(tmp_path: Path) -> None:
    """The invitation to the new game is in the old game's table talk, which watchers
    read: a watcher who followed it took the seat meant for the friend. The friend's
    seat is kept for them for a while (REMATCH_HOLD): anybody else is refused, told for
    whom; the friend takes it from the old game; once the time is up it is anybody's."""
    client = _client(tmp_path)
    ann, ben = _finished_pair(client)  # Ann in seat 0, Ben in seat 2, a bot between
    game = ann["game"]
    started = client.post(f"/api/games/{game}/again", json={"token": ben["token"]}).json()
    new = started["game"]
    public = client.get(f"/api/games/{new}/public").json()
    kept = public["players"][1]  # Ann's place from Ben's, as she sat: on his left
    assert kept["kind"] == "open" and kept["held_for"] == "Ann"
    assert 0 < kept["held_s"] <= 120
    stranger = client.post(f"/api/games/{new}/join", json={"name": "Eve"})
    assert stranger.status_code == 409
    assert _reason(stranger).startswith("the seat left is kept for Ann, who played the "
                                        "game before it, for ")
    assert [p["kind"] for p in _state(client, {"game": new, **started})["players"]] == [
        "human", "open", "bot"]  # nothing taken
    friend = client.post(f"/api/games/{game}/again", json={"token": ann["token"]})
    assert friend.status_code == 200 and friend.json()["seat"] == 1
    playing = _state(client, {"game": new, "token": started["token"]})
    assert [p["name"] for p in playing["players"]] == ["Ben", "Ann", "Random"]
    assert "held_for" not in playing["players"][1]


def test_a_kept_seat_stays_kept_through_a_restart_until_its_time_is_up(
        tmp_path: Path) -> None:
    """A restart (or the room let go from memory: a hold may last a day) forgot the
    seats kept for friends, and a stranger could take them. They are worked out again
    from the store, the time counted from when the new game was made."""
    client = _client(tmp_path)
    ann, ben = _finished_pair(client)
    game = ann["game"]
    new = client.post(f"/api/games/{game}/again", json={"token": ben["token"]}).json()["game"]
    _stop(client)
    client = _client(tmp_path)  # restarted
    kept = client.get(f"/api/games/{new}/public").json()["players"][1]
    assert kept["held_for"] == "Ann" and 0 < kept["held_s"] <= 120
    stranger = client.post(f"/api/games/{new}/join", json={"name": "Eve"})
    assert stranger.status_code == 409 and "kept for Ann" in _reason(stranger)
    friend = client.post(f"/api/games/{game}/again", json={"token": ann["token"]})
    assert friend.status_code == 200 and friend.json()["seat"] == 1
    # Another one, read back after its time was up: anybody's.
    again = _finished_pair(client, seed=4)[1]
    later = client.post(f"/api/games/{again['game']}/again",
                        json={"token": again["token"]}).json()["game"]
    _stop(client)
    with sqlite3.connect(tmp_path / "games.db") as db:  # as if made 121 seconds ago
        (created,) = db.execute("SELECT created FROM games WHERE id = ?", (later,)).fetchone()
        made = datetime.fromisoformat(created) - timedelta(seconds=121)
        db.execute("UPDATE games SET created = ? WHERE id = ?", (str(made), later))
    db.close()
    client = _client(tmp_path)
    assert "held_for" not in client.get(f"/api/games/{later}/public").json()["players"][1]
    assert client.post(f"/api/games/{later}/join", json={"name": "Eve"}).status_code == 200


def test_a_kept_seat_is_anybodys_once_its_time_is_up(tmp_path: Path) -> None:
    client = _client(tmp_path)
    ann, ben = _finished_pair(client)
    started = client.post(f"/api/games/{ann['game']}/again",
                          json={"token": ben["token"]}).json()
    new = started["game"]
    assert client.post(f"/api/games/{new}/join", json={"name": "Eve"}).status_code == 409
    room = client.app.state.server.rooms[new]  # type: ignore[attr-defined]
    # Its time is up (set in the past: no sleep that a busy machine could outlast).
    room.held = {seat: (name, time.monotonic() - 1) for seat, (name, _) in room.held.items()}
    assert "held_for" not in client.get(f"/api/games/{new}/public").json()["players"][1]
    eve = client.post(f"/api/games/{new}/join", json={"name": "Eve"})
    assert eve.status_code == 200 and eve.json()["seat"] == 1
    late = client.post(f"/api/games/{ann['game']}/again", json={"token": ann["token"]})
    assert late.status_code == 409 and "no open seat left" in _reason(late)


def test_a_friend_who_plays_again_takes_their_own_kept_seat_not_another_friends(
        tmp_path: Path) -> None:
    """Three friends: Cal's seat is kept for Cal even when Ben asks first, and a
    stranger finds every open seat kept."""
    client = _client(tmp_path)
    ann, ben, cal = _finished_three(client)
    game = ann["game"]
    started = client.post(f"/api/games/{game}/again", json={"token": ann["token"]}).json()
    new = started["game"]
    refused = client.post(f"/api/games/{new}/join", json={"name": "Eve"})
    assert refused.status_code == 409
    assert _reason(refused).startswith("the seats left are kept for Ben and Cal, who "
                                       "played the game before it, for ")
    ben_again = client.post(f"/api/games/{game}/again", json={"token": ben["token"]})
    assert ben_again.json()["seat"] == 1
    still = client.post(f"/api/games/{new}/join", json={"name": "Eve"})
    assert still.status_code == 409 and "kept for Cal," in _reason(still)
    assert client.post(f"/api/games/{game}/again",
                       json={"token": cal["token"]}).json()["seat"] == 2


def test_the_hand_before_is_told_while_the_next_is_played() -> None:
    """``previous_hand``: the hand before the one in play and its result in words, as
    ``last_hand`` said it, to each seat in its own words and to a watcher; none in the
    first hand, nor while a hand's own result is shown (``last_hand``)."""
    table = _first_hand(12, name="Zoë")
    assert all(table.state_for(s)["previous_hand"] is None for s in (0, 1, 2, None))
    ended = {s: table.state_for(s)["last_hand"]["text"] for s in (0, None)}
    table.next_hand(0)
    assert table.state_for(0)["last_hand"] is None
    assert table.state_for(0)["previous_hand"] == {"hand": 1, "text": ended[0]}
    assert table.state_for(None)["previous_hand"] == {"hand": 1, "text": ended[None]}


def test_a_finished_hand_is_told_to_each_seat_with_you_for_itself() -> None:
    """The hand-over box lists the seat's own cards under "You": its result line says
    "you" too, not the seat's name (a watcher reads every name)."""
    table = _first_hand(12, name="Zoë")
    mine = table.state_for(0)["last_hand"]["text"]
    theirs = table.state_for(None)["last_hand"]["text"]
    assert "Zoë" not in mine and re.search(r"\b[Yy]ou\b", mine)
    assert "Zoë" in theirs and not re.search(r"\b[Yy]ou\b", theirs)
    assert mine.lower() == theirs.replace("Zoë", "you").lower()


def _first_hand(seed: int, name: str = "Ann") -> Table:
    """Ann (seat 0, or ``name``: random legal moves from ``seed``) and two random bots,
    the first hand played out."""
    table = Table.create(["you", "random", "random"], seed=seed, names=[name, None, None])
    rng = random.Random(seed)
    hand = table.game.hand
    assert hand is not None
    while not hand.is_over:
        if table.bot_to_move() is not None:
            table.bot_move()
        else:
            table.act(0, str(rng.choice(hand.legal_actions())))
    return table


def test_a_hand_won_by_a_lone_defender_says_why_the_partner_who_sat_out_scores() -> None:
    """R21: when a defender alone beats the maker, the partner who sat out scores too.
    The web game's result says so after replay's own line (which stays as it is); other
    results are replay's line alone."""
    from cutthroat.render import describe_result

    table = _first_hand(5)  # Random 2 defends alone and beats Random 1: Ann sat out
    result = table.game.hands[0].result
    assert result is not None and result.alone == (1, 2) and result.euchred
    why = "too: when a defender alone beats the maker, both defenders score."
    mine = table.state_for(0)["last_hand"]["text"]
    assert mine == (describe_result(result, ["You", "Random 1", "Random 2"])
                    + f". You sat this hand out and score {why}")
    watched = table.state_for(None)["last_hand"]["text"]
    assert watched.endswith(f"(Ann +4, Random 2 +4). Ann sat this hand out and scores {why}")
    table = _first_hand(4)  # Ann defends alone and beats the maker: Random 2 sat out
    assert table.state_for(0)["last_hand"]["text"].endswith(
        f". Random 2 sat this hand out and scores {why}")
    for seed in (7, 0, 1):  # a plain euchre, a hand made, a lone defender beaten
        table = _first_hand(seed)
        result = table.game.hands[0].result
        assert result is not None
        assert table.state_for(None)["last_hand"]["text"] == describe_result(
            result, table.game.players)


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


def test_a_bot_that_cannot_move_is_told_to_the_table(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A registered bot that fails (one of an installed package, docs/bots.md) stops
    the bots; the players hear which bot and why, not a table that waits in silence."""
    from cutthroat.bots.registry import BOTS

    class Broken:
        name = "broken"

        def __init__(self, seed: int = 0) -> None:
            pass

        def choose(self, view: Any) -> Any:
            raise RuntimeError("boom")

    monkeypatch.setitem(BOTS, "broken", Broken)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as client:
        made = client.post("/api/games", json={"seats": ["you", "broken", "broken"],
                                               "seed": 4}).json()
        path = f"/api/games/{made['game']}/ws?token={made['token']}"
        told = ""
        with client.websocket_connect(path) as ws:  # connecting tries the bots again
            for _ in range(200):  # a ping a message: the wait never hangs
                ws.send_json({"type": "ping"})
                message = ws.receive_json()
                if message["type"] == "error":
                    told = message["reason"]
                    break
                time.sleep(0.01)
    assert told.startswith("the bot playing Broken 2 could not move (RuntimeError: boom)")
    assert "the game waits" in told


# --- what a client of its own needs (found by writing one from docs/protocol.md) --------


def test_a_move_sent_twice_with_its_version_is_made_once_over_http(tmp_path: Path) -> None:
    """A client retrying a request that timed out sends the same move again: with the
    state's version it is refused (409, nothing done) instead of being taken for the
    seat's next decision. Without a version a move is taken as before."""
    client = _client(tmp_path)
    made = _create(client, ["you", "beginner", "beginner"], seed=101)
    state = _settled(client, made)
    url = f"/api/games/{made['game']}/actions"
    first = client.post(url, json={"token": made["token"], "action": "pass",
                                   "version": state["version"]})
    assert first.status_code == 200
    after = _settled(client, made)
    again = client.post(url, json={"token": made["token"], "action": "pass",
                                   "version": state["version"]})
    assert again.status_code == 409 and "moved on" in _reason(again)
    assert f"version {state['version']}; it is at version {after['version']}" in _reason(again)
    assert _state(client, made) == after  # nothing done
    for path, body in (("next", {}), ("undo", {}), ("standin", {"seat": 0}), ("back", {})):
        stale = client.post(f"/api/games/{made['game']}/{path}",
                            json={"token": made["token"], "version": state["version"], **body})
        assert stale.status_code == 409 and "moved on" in _reason(stale), path
    assert _state(client, made) == after
    bad = client.post(url, json={"token": made["token"], "action": "pass", "version": -1})
    assert bad.status_code == 400 and "version" in _reason(bad)
    ahead = after["version"] + 1  # a version from the future has not "moved on": 400
    future = client.post(url, json={"token": made["token"], "action": "pass",
                                    "version": ahead})
    assert future.status_code == 400
    assert _reason(future).startswith(f"the game has never been at version {ahead} (it is "
                                      f"at version {after['version']})")
    assert _state(client, made) == after


def test_a_move_sent_twice_with_its_version_is_made_once_over_a_socket(
        tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "beginner", "beginner"], seed=101)
    state = _settled(client, made)
    with client.websocket_connect(_seat_socket(made)) as ws:
        _receive(ws, "state")
        version = state["version"]
        ws.send_json({"type": "act", "action": "pass", "version": version})
        ws.send_json({"type": "act", "action": "pass", "version": version})
        refused = _receive(ws, "error")
        assert refused["for"] == "act" and refused["status"] == 409
        assert "moved on" in refused["reason"]
        ws.send_json({"type": "undo", "version": True})
        bad = _receive(ws, "error")
        assert bad["for"] == "undo" and bad["status"] == 400 and "version" in bad["reason"]
        ws.send_json({"type": "ping", "version": 3})  # not a change: no version
        assert "no field 'version'" in _receive(ws, "error")["reason"]
    moves = [m for m in _settled(client, made)["view"]["moves"] if m.startswith("0 ")]
    assert moves == ["0 pass"]  # made once


def test_a_socket_takes_the_seats_token_from_an_authorization_header(tmp_path: Path) -> None:
    """docs/protocol.md: the token may be given as an Authorization: Bearer header
    instead of ?token=, for the socket too (a client that is no browser can send it)."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    with client.websocket_connect(f"/api/games/{made['game']}/ws",
                                  headers={"Authorization": f"Bearer {made['token']}"}) as ws:
        assert _receive(ws, "state")["state"]["seat"] == made["seat"]
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
            f"/api/games/{made['game']}/ws", headers={"Authorization": "Bearer nope"}) as ws:
        ws.receive_json()
    assert closed.value.code == 4403


def test_limits_say_when_to_try_again(tmp_path: Path) -> None:
    """A 429 says when a request may succeed again: in its words and in Retry-After
    (HTTP), or in retry_after beside its status (a socket's error)."""
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}",
                                   new_games="2/minute", chat_rate="1/30 seconds"))
    with client:
        made = [client.post("/api/games", json={"seats": ["you", "random", "random"]})
                for _ in range(3)]
        refused = made[2]
        assert refused.status_code == 429
        wait = int(refused.headers["Retry-After"])
        assert 1 <= wait <= 60 and f"try again in {wait} seconds" in _reason(refused)
        seat = made[0].json()
        with client.websocket_connect(_seat_socket(seat)) as ws:
            _receive(ws, "state")
            ws.send_json({"type": "say", "text": "hello"})
            ws.send_json({"type": "say", "text": "again"})
            error = _receive(ws, "error")
            assert error["status"] == 429 and 1 <= error["retry_after"] <= 30
            assert f"try again in {error['retry_after']} seconds" in error["reason"]


def test_R7_R13_the_seat_to_decide_is_told_what_its_choices_lead_to() -> None:
    """``stakes``: the seat to act reads what its choices lead to (an order makes it the
    maker, who needs 3 tricks; going alone...), for its own phase and rules, the dealer
    in his own words; not while another seat is to act, nor a watcher, nor anybody over
    a card to play or discard."""
    from cutthroat.howto import stakes

    told = set()
    for seed in range(30):
        table = Table.create(["you", "random", "random"], seed=seed,
                             names=["Ann", None, None], rules=Rules.preset("benny"))
        rng = random.Random(seed)
        hand = table.game.hand
        assert hand is not None
        while not hand.is_over:
            said = table.state_for(0)["stakes"]
            assert table.state_for(None)["stakes"] is None
            if table.bot_to_move() is not None:
                assert said is None
                table.bot_move()
                continue
            dealer = hand.dealer == 0
            assert said == (stakes(table.game.rules, hand.phase, dealer=dealer) or None)
            if hand.phase.name in ("PLAY", "DISCARD"):
                assert said is None
            else:
                assert said and said.endswith("."), (hand.phase, said)
                told.add((hand.phase.name, dealer))
            table.act(0, str(rng.choice(hand.legal_actions())))
        assert table.state_for(0)["stakes"] is None
    assert {("BID_FIRST", True), ("BID_FIRST", False), ("BID_SECOND", False),
            ("MAKER_CHOICE", False), ("DEFENDER_CHOICE", False)} <= told, told
