"""A bot in an absent friend's seat (docs/web.md, "A friend who leaves").

In a game with friends, a player who has gone (their page closed for a while, or a
move left waiting for a minute) would hold everybody up for good. Another player may
then let a bot play for them; the seat stays theirs, and they take it back by opening
the game again, by moving, or by saying so. Every refusal says why and changes nothing.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cutthroat import record as rec
from cutthroat.actions import Action
from cutthroat.rules import Rules
from cutthroat.server.app import Server, create_app
from cutthroat.server.protocol import ProtocolError, parse_message
from cutthroat.server.room import Room
from cutthroat.server.store import Store
from cutthroat.server.tables import STANDIN, Seat, Table, TableError
from cutthroat.state import Hand
from server_helpers import _bots_move
from sockets import receive

LEFT_AGO = r"Ben was last here \d+ seconds? ago"
"""How long ago Ben left, in whole seconds (0 unless the machine is slow)."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A server on a fresh SQLite file, with the default waits."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as made:
        yield made


def _friends(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ann (seat 0) and Ben (seat 1, joined over HTTP) with a random bot at seat 2."""
    ann = client.post("/api/games", json={"seats": ["you", "open", "random"],
                                          "name": "Ann"}).json()
    ben = client.post(f"/api/games/{ann['game']}/join", json={"name": "Ben"}).json()
    assert ben["seat"] == 1
    return ann, ben


def _room(client: TestClient, game: str) -> Any:
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    return server.rooms[game]


def _stand_in(client: TestClient, by: dict[str, Any], seat: Any) -> Any:
    return client.post(f"/api/games/{by['game']}/standin",
                       json={"token": by["token"], "seat": seat})


def _state(client: TestClient, who: dict[str, Any]) -> dict[str, Any]:
    answer = client.get(f"/api/games/{who['game']}", params={"token": who["token"]})
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def _until(client: TestClient, who: dict[str, Any], done: Any,
           seconds: float = 20.0) -> dict[str, Any]:
    """The state for ``who`` once ``done(state)`` (the bots move in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        state = _state(client, who)
        if done(state) or time.monotonic() > deadline:
            return state
        time.sleep(0.01)


def _gone(client: TestClient, game: str, seat: int, seconds: float = 100.0) -> None:
    """As if ``seat`` had last been at the table ``seconds`` ago."""
    _room(client, game).seen[seat] = time.monotonic() - seconds


# --- the table --------------------------------------------------------------------------


def _table() -> Table:
    table = Table.create(["you", "open", "random"], seed=4, names=["Ann", None, None])
    table.join("Ben")
    return table


@pytest.mark.parametrize(("by", "seat", "words"), [
    (0, 2, "is a bot already"),
    (0, 3, "seat must be 0, 1 or 2"),
    (0, -1, "seat must be 0, 1 or 2"),
    (0, True, "seat must be 0, 1 or 2"),
    (0, "1", "seat must be 0, 1 or 2"),
])
def test_table_refuses_a_stand_in_where_none_belongs(by: int, seat: Any, words: str) -> None:
    table = _table()
    before = table.stored_seats()
    with pytest.raises(TableError, match=words):
        table.stand_in(by, seat)
    assert table.stored_seats() == before


def test_table_refuses_a_stand_in_for_an_open_seat_or_a_finished_game() -> None:
    waiting = Table.create(["you", "open", "random"], seed=4)
    with pytest.raises(TableError, match="open"):
        waiting.stand_in(0, 1)
    table = _table()
    table.stand_in(0, 1)
    with pytest.raises(TableError, match="plays for Ben already"):
        table.stand_in(0, 1)


def test_table_lets_a_player_hand_their_own_seat_to_a_bot_once() -> None:
    table = _table()
    assert table.stand_in(1, 1) == 1
    assert table.seats[1].standin == STANDIN and table.plays_itself(1)
    before = table.stored_seats()
    with pytest.raises(TableError, match="a bot plays for you already"):
        table.stand_in(1, 1)
    assert table.stored_seats() == before
    assert table.come_back(1) == STANDIN and not table.plays_itself(1)


def test_table_stand_in_plays_the_seat_from_its_own_view_until_they_come_back() -> None:
    table = _table()
    hand = table.game.hand
    assert hand is not None
    while hand.to_act != 1:  # Ann passes or plays until it is Ben's turn
        if table.bot_to_move() is not None:
            table.bot_move()
        else:
            table.act(hand.to_act, str(hand.legal_actions()[0]))
    assert table.bot_to_move() is None
    table.stand_in(0, 1)
    assert table.seats[1].standin == STANDIN and table.bot_to_move() == 1
    assert table.players_json()[1]["standin"] == STANDIN
    seat, bot, view = table.bot_turn()  # type: ignore[misc]
    assert seat == 1 and view.seat == 1  # R14: the bot sees Ben's view, no more
    assert type(bot).__name__ == "IntermediateBot"
    assert table.come_back(1) == STANDIN
    assert table.come_back(1) is None
    assert table.bot_to_move() is None and table.players_json()[1]["standin"] is None


def test_stand_in_is_stored_and_read_back() -> None:
    seat = Seat("human", "Ben", token_hash="x", standin=STANDIN)
    assert Seat.from_json(seat.to_json()) == seat
    old = {"kind": "human", "name": "Ben", "bot": None, "token_hash": "x", "coach": False}
    assert Seat.from_json(old).standin is None  # a seat stored before stand-ins


# --- the protocol -----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "words"), [
    ('{"type": "standin"}', "needs the \"seat\""),
    ('{"type": "standin", "seat": "1"}', "needs the \"seat\""),
    ('{"type": "standin", "seat": true}', "needs the \"seat\""),
    ('{"type": "standin", "seat": 3}', "needs the \"seat\""),
    ('{"type": "standin", "seat": -1}', "needs the \"seat\""),
    ('{"type": "standin", "seat": 1, "bot": "expert"}', "no field 'bot'"),
    ('{"type": "back", "seat": 1}', "no field 'seat'"),
])
def test_protocol_refuses_malformed_stand_in_messages(text: str, words: str) -> None:
    with pytest.raises(ProtocolError, match=words) as caught:
        parse_message(text)
    assert caught.value.kind in ("standin", "back")


def test_protocol_reads_stand_in_and_back() -> None:
    assert parse_message('{"type": "standin", "seat": 2}').seat == 2
    assert parse_message('{"type": "back"}').type == "back"


# --- the server -------------------------------------------------------------------------


@pytest.mark.parametrize("wait", ["away_wait", "turn_wait", "hand_pause"])
def test_a_negative_wait_is_refused(wait: str) -> None:
    with pytest.raises(ValueError, match=f"{wait} must be a number of seconds"):
        create_app("sqlite://", **{wait: -1.0})


def test_a_player_just_gone_is_waited_for_then_a_bot_plays_for_them(
        client: TestClient) -> None:
    ann, _ben = _friends(client)
    early = _stand_in(client, ann, 1)
    assert early.status_code == 409  # Ben's join was a moment ago: he may be on his way
    assert re.search(LEFT_AGO, early.json()["error"]["reason"])
    assert "away 20 seconds" in early.json()["error"]["reason"]
    assert _state(client, ann)["players"][1]["standin"] is None
    _gone(client, ann["game"], 1)
    answer = _stand_in(client, ann, 1)
    assert answer.status_code == 200, answer.text
    assert answer.json()["players"][1]["standin"] == STANDIN
    # The bots (Ben's stand-in among them) play until it is Ann's turn or the hand ends.
    state = _until(client, ann, lambda s: s["to_act"] in (0, None))
    assert state["players"][1]["standin"] == STANDIN
    again = _stand_in(client, ann, 1)
    assert again.status_code == 409 and "already" in again.json()["error"]["reason"]


def test_a_friend_who_joins_a_game_that_waited_long_is_not_gone_at_once(
        client: TestClient) -> None:
    """Ann's game waited a minute for Ben: his join, over HTTP before his page opens,
    is his arrival, not an absence dating from when the game was opened."""
    ann = client.post("/api/games", json={"seats": ["you", "open", "random"],
                                          "name": "Ann"}).json()
    _room(client, ann["game"]).opened = time.monotonic() - 60
    client.post(f"/api/games/{ann['game']}/join", json={"name": "Ben"})
    answer = _stand_in(client, ann, 1)
    assert answer.status_code == 409, answer.text
    assert re.search(LEFT_AGO, answer.json()["error"]["reason"])
    assert _state(client, ann)["players"][1]["standin"] is None


def test_a_stand_in_is_refused_for_bots_and_strangers(client: TestClient) -> None:
    ann, _ben = _friends(client)
    _gone(client, ann["game"], 1)
    answer = _stand_in(client, ann, 2)
    assert answer.status_code == 409
    assert "is a bot already" in answer.json()["error"]["reason"]
    assert _stand_in(client, ann, 5).status_code == 400
    stranger = {"game": ann["game"], "token": "not-a-token"}
    assert _stand_in(client, stranger, 1).status_code == 403
    assert _state(client, ann)["players"][1]["standin"] is None


def test_back_takes_the_seat_back_and_is_refused_without_a_stand_in(
        client: TestClient) -> None:
    ann, ben = _friends(client)
    _gone(client, ann["game"], 1)
    assert _stand_in(client, ann, 1).status_code == 200
    answer = client.post(f"/api/games/{ben['game']}/back", json={"token": ben["token"]})
    assert answer.status_code == 200, answer.text
    assert answer.json()["players"][1]["standin"] is None
    refused = client.post(f"/api/games/{ben['game']}/back", json={"token": ben["token"]})
    assert refused.status_code == 409
    assert "no bot is playing for you" in refused.json()["error"]["reason"]


def test_opening_the_game_again_takes_the_seat_back(client: TestClient) -> None:
    ann, ben = _friends(client)
    _gone(client, ann["game"], 1)
    assert _stand_in(client, ann, 1).status_code == 200
    with client.websocket_connect(f"/api/games/{ben['game']}/ws?token={ben['token']}") as ws:
        state = receive(ws, "state")["state"]
        assert state["players"][1]["standin"] is None
        assert state["players"][1]["connected"]
    assert _state(client, ann)["players"][1]["standin"] is None


def test_a_player_at_the_table_gets_a_minute_for_a_move(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", turn_wait=60)
    with TestClient(app) as client:
        ann, ben = _friends(client)
        path = f"/api/games/{ben['game']}/ws?token={ben['token']}"
        with client.websocket_connect(path) as ws:
            receive(ws, "state")
            room = _room(client, ann["game"])
            # Let the bot and Ann move until it is Ben's turn.
            state = _until(client, ann, lambda s: s["to_act"] in (0, 1))
            while state["to_act"] == 0:
                legal = state["view"]["legal"]
                client.post(f"/api/games/{ann['game']}/actions",
                            json={"token": ann["token"], "action": legal[0]})
                state = _until(client, ann, lambda s: s["to_act"] in (0, 1, None))
            assert state["to_act"] == 1
            answer = _stand_in(client, ann, 1)
            assert answer.status_code == 409
            assert re.search(r"Ben has had \d+ seconds? for this move",
                             answer.json()["error"]["reason"])
            room.changed_at = time.monotonic() - 61
            answer = _stand_in(client, ann, 1)
            assert answer.status_code == 200, answer.text
            seen = receive(ws, "state")["state"]
            while seen["players"][1]["standin"] is None:
                seen = receive(ws, "state")["state"]
            # Ben's page is open: he says he is back, and is told it once he is.
            ws.send_json({"type": "back"})
            while seen["players"][1]["standin"] is not None:
                seen = receive(ws, "state")["state"]
            ws.send_json({"type": "back"})
            error = receive(ws, "error")
            assert error["for"] == "back" and "no bot is playing" in error["reason"]
            ws.send_json({"type": "standin", "seat": 0})  # Ann is at the table
            error = receive(ws, "error")
            assert error["for"] == "standin" and "Ann" in error["reason"]


def test_a_program_that_polls_but_never_moves_gets_a_minute_too(client: TestClient) -> None:
    """Ben plays over HTTP alone: asking for the state keeps him at the table, so he is
    never away, yet a move he leaves waiting a minute may be played for him."""
    ann, ben = _friends(client)
    state = _until(client, ann, lambda s: s["to_act"] in (0, 1))
    while state["to_act"] == 0:
        client.post(f"/api/games/{ann['game']}/actions",
                    json={"token": ann["token"], "action": state["view"]["legal"][0]})
        state = _until(client, ann, lambda s: s["to_act"] in (0, 1, None))
    assert state["to_act"] == 1
    _state(client, ben)  # Ben's program asks, and asks, and does not move
    early = _stand_in(client, ann, 1)
    assert early.status_code == 409 and re.search(LEFT_AGO, early.text)
    _room(client, ann["game"]).changed_at = time.monotonic() - 61
    _state(client, ben)
    answer = _stand_in(client, ann, 1)
    assert answer.status_code == 200, answer.text
    assert answer.json()["players"][1]["standin"] == STANDIN


def test_a_bot_called_in_for_another_player_does_not_restart_the_turn_clock(
        client: TestClient) -> None:
    """Ben has sat over his move for a minute with his page open; meanwhile Ann let a
    bot play for Cat, who had gone. That changed no card on the table: Ben's minute
    still counts (as on the page, whose clock is the state's version)."""
    ann = client.post("/api/games", json={"seats": ["you", "open", "open"],
                                          "name": "Ann"}).json()
    game = ann["game"]
    ben = client.post(f"/api/games/{game}/join", json={"name": "Ben"}).json()
    cat = client.post(f"/api/games/{game}/join", json={"name": "Cat"}).json()
    room = _room(client, game)
    players = {0: ann, 1: ben, 2: cat}  # "Ben": whoever is to act (the deal is random)
    mover = room.table.game.to_act
    assert mover is not None
    gone, caller = (seat for seat in range(3) if seat != mover)
    with client.websocket_connect(
            f"/api/games/{game}/ws?token={players[mover]['token']}") as ws:
        version = receive(ws, "state")["state"]["version"]
        room.changed_at = time.monotonic() - 61  # Ben's turn came a minute ago
        _gone(client, game, gone)
        assert _stand_in(client, players[caller], gone).status_code == 200  # not to act
        assert _state(client, players[caller])["version"] == version  # no card moved
        answer = _stand_in(client, players[caller], mover)
        assert answer.status_code == 200, answer.text


def test_a_player_at_the_table_is_not_stood_in_for_out_of_turn(client: TestClient) -> None:
    ann, ben = _friends(client)
    with client.websocket_connect(f"/api/games/{ann['game']}/ws?token={ann['token']}") as ws:
        receive(ws, "state")
        state = _until(client, ben, lambda s: s["to_act"] in (0, 1, None))
        if state["to_act"] == 0:
            answer = _stand_in(client, ben, 2)
            assert "is a bot already" in answer.json()["error"]["reason"]
        else:
            answer = _stand_in(client, ben, 0)
            assert answer.status_code == 409
            assert "Ann is at the table" in answer.json()["error"]["reason"]


def test_a_stand_in_plays_a_whole_game_and_the_record_is_the_seat_s(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    app = create_app(db, away_wait=0)
    rng = random.Random(5)
    with TestClient(app) as client:
        ann, _ben = _friends(client)
        assert _stand_in(client, ann, 1).status_code == 200
    with TestClient(create_app(db)) as client:  # a restart: the bot plays on for Ben
        state = _state(client, ann)
        assert state["players"][1]["standin"] == STANDIN
        for _ in range(2000):
            state = _until(client, ann, lambda s: s["to_act"] in (0, None))
            if state["status"] == "over":
                break
            if state["status"] == "hand_over":
                client.post(f"/api/games/{ann['game']}/next", json={"token": ann["token"]})
            else:
                client.post(f"/api/games/{ann['game']}/actions",
                            json={"token": ann["token"],
                                  "action": rng.choice(state["view"]["legal"])})
        assert state["status"] == "over"
        record = client.get(f"/api/games/{ann['game']}/record").json()
        game = rec.replay(record)
        assert game.players[1] == "Ben" and list(game.scores) == state["scores"]


class _Held:
    """A server whose bots think only when let (``answer``), at Ben's turn: Ann at seat
    0, Ben at 1, a random bot at 2."""

    def __init__(self, tmp_path: Path) -> None:
        self.store = Store(f"sqlite:///{tmp_path / 'games.db'}")
        self.server = Server(self.store, away_wait=0, turn_wait=0)
        table = Table.create(["you", "open", "random"], seed=3, names=["Ann", None, None])
        table.join("Ben")
        hand = table.game.hand
        assert hand is not None
        while hand.to_act != 1:
            if table.bot_to_move() is not None:
                table.bot_move()
            else:
                table.act(hand.to_act, str(hand.legal_actions()[0]))
        self.table = table
        self.thinking, self.answer = asyncio.Event(), asyncio.Event()
        self.chosen: list[Action] = []
        self.server.think = self.think  # type: ignore[method-assign]

    async def thinking_for_ben(self) -> Room:
        """The table in its room, a bot standing in for Ben at Ann's asking and thinking
        over his move (until ``answer``)."""
        room = await self.server.add(self.table)
        await self.server.stand_in(room, 0, 1)
        await self.thinking.wait()
        return room

    async def think(self, work: Any, *args: Any) -> Any:
        self.thinking.set()
        await self.answer.wait()
        action = work(*args)
        self.chosen.append(action)
        return action


def test_a_move_the_stand_in_thought_over_is_not_made_once_the_player_is_back(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        held = _Held(tmp_path)
        server, table = held.server, held.table
        room = await held.thinking_for_ben()  # the stand-in is thinking over Ben's move ...
        moves = len(table.game.hand.moves)  # type: ignore[union-attr]
        await server.come_back(room, 1)  # ... when Ben comes back
        held.answer.set()
        await server.settle(room)
        hand = table.game.hand
        assert held.chosen and hand is not None and len(hand.moves) == moves  # not made
        assert hand.to_act == 1 and table.seats[1].standin is None
        held.store.close()

    asyncio.run(scenario())
    assert not [r for r in caplog.records if r.levelname == "ERROR"]  # the loop went on


def test_a_player_who_moves_is_back_and_a_refused_move_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player a bot stands in for is back by moving; a move refused, as illegal or
    because it cannot be saved (503), changes nothing: not the hand, nor the stand-in,
    which plays on for them as the store still says it does. (Untested before: a move
    that could not be saved was taken back, but the player's return was not.)"""
    async def scenario() -> None:
        held = _Held(tmp_path)
        server, table = held.server, held.table
        room = await held.thinking_for_ben()
        hand = table.game.hand
        assert hand is not None
        moves = len(hand.moves)
        with pytest.raises(TableError):
            await server.act(room, 1, "play 2C", wait=False)
        assert table.seats[1].standin == STANDIN and len(hand.moves) == moves
        mine = str(hand.legal_actions()[-1])

        def broken(*_: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(held.store, "save", broken)
        with pytest.raises(TableError) as refused:
            await server.act(room, 1, mine, wait=False)
        assert refused.value.status == 503
        assert len(hand.moves) == moves and table.seats[1].standin == STANDIN
        assert room.state_for(0)["players"][1]["standin"] == STANDIN
        monkeypatch.undo()
        await server.act(room, 1, mine, wait=False)  # Ben's own move, while it thinks
        assert table.seats[1].standin is None
        assert str(hand.moves[moves].action) == mine
        held.answer.set()
        await server.settle(room)
        assert str(hand.moves[moves].action) == mine  # the stand-in's choice was dropped
        stored = held.store.load(table.id)
        assert stored is not None and stored.seats[1].standin is None
        held.store.close()

    asyncio.run(scenario())


def test_after_a_restart_the_refusal_says_the_player_has_not_been_back(
        tmp_path: Path) -> None:
    """The away clock starts again when a server opens the game (after a restart, or
    once it was read back): the refusal says so, not that the player 'left 0 seconds
    ago'."""
    db = f"sqlite:///{tmp_path / 'games.db'}"
    with TestClient(create_app(db)) as client:
        ann, _ben = _friends(client)
    with TestClient(create_app(db)) as client:  # Ben has not come back since
        answer = _stand_in(client, ann, 1)
        assert answer.status_code == 409
        reason = answer.json()["error"]["reason"]
        assert reason.startswith("Ben has not been back since this server opened the game")
        assert "away 20 seconds" in reason


def test_a_player_who_asked_over_http_and_never_opened_the_game_did_not_leave(
        client: TestClient) -> None:
    """Ben joined over HTTP and never opened a page: the refusal said he 'left 0
    seconds ago'. He was last here then (a request is a visit), and left nothing."""
    ann, _ben = _friends(client)
    answer = _stand_in(client, ann, 1)
    assert answer.status_code == 409
    reason = answer.json()["error"]["reason"]
    assert reason.startswith("Ben was last here ") and " seconds ago and may be coming "\
        "back" in reason, reason
    assert "left" not in reason


def test_the_answer_to_a_stand_in_comes_after_the_bots_moves(client: TestClient) -> None:
    """As ``/actions`` does, ``/standin`` answers once the bots (the new stand-in among
    them) have moved: it is Ann's turn, or the hand is over, never still Ben's."""
    ann, _ben = _friends(client)
    state = _until(client, ann, lambda s: s["to_act"] in (0, 1, None))
    while state["to_act"] == 0:
        client.post(f"/api/games/{ann['game']}/actions",
                    json={"token": ann["token"], "action": state["view"]["legal"][0]})
        state = _until(client, ann, lambda s: s["to_act"] in (0, 1, None))
    assert state["to_act"] == 1
    _gone(client, ann["game"], 1)
    answer = _stand_in(client, ann, 1)
    assert answer.status_code == 200, answer.text
    assert answer.json()["to_act"] in (0, None) and len(answer.json()["view"]["moves"]) > len(
        state["view"]["moves"])


def test_a_player_who_must_step_away_hands_their_seat_to_a_bot_at_once(
        client: TestClient) -> None:
    """No wait for one's own seat: Ann, at the table against two bots, lets a bot play
    for her; it plays her cards (from her view) to the end of the hand, and "back" gives
    her the seat again, with the moves made for her kept in the record as hers."""
    ann = client.post("/api/games", json={"seats": ["you", "random", "random"], "seed": 5,
                                          "name": "Ann"}).json()
    answer = _stand_in(client, ann, 0)
    assert answer.status_code == 200, answer.text
    state = answer.json()  # the answer comes once the bots, her stand-in too, have moved
    assert state["players"][0]["standin"] == STANDIN
    assert state["status"] == "hand_over"
    assert any(m.split(" ")[0] == "0" for m in state["view"]["moves"])  # hers, made for her
    again = _stand_in(client, ann, 0)
    assert again.status_code == 409
    assert "a bot plays for you already" in again.json()["error"]["reason"]
    back = client.post(f"/api/games/{ann['game']}/back", json={"token": ann["token"]})
    assert back.status_code == 200 and back.json()["players"][0]["standin"] is None
    dealt = client.post(f"/api/games/{ann['game']}/next", json={"token": ann["token"]}).json()
    assert dealt["status"] == "playing" and dealt["players"][0]["standin"] is None


def test_undo_gives_the_seat_back_to_its_player(client: TestClient) -> None:
    """Taking back one's move while a bot plays one's seat ends the stand-in: the bot
    would only make the move again. A refused undo leaves the bot in the seat."""
    ann = client.post("/api/games", json={"seats": ["you", "random", "random"], "seed": 1,
                                          "name": "Ann"}).json()
    first = _state(client, ann)
    assert first["to_act"] == 0
    moved = client.post(f"/api/games/{ann['game']}/actions",
                        json={"token": ann["token"], "action": first["view"]["legal"][0]})
    assert moved.status_code == 200, moved.text
    table = _room(client, ann["game"]).table
    table.seats[0].standin = STANDIN  # as if Ann had let a bot play on for her here
    undone = client.post(f"/api/games/{ann['game']}/undo", json={"token": ann["token"]})
    assert undone.status_code == 200, undone.text
    state = _until(client, ann, lambda s: s["to_act"] == 0)
    assert state["players"][0]["standin"] is None
    assert state["view"]["legal"] == first["view"]["legal"]
    assert not any(m.startswith("0 ") for m in state["view"]["moves"])
    # at the hand's end an undo is refused, and the bot playing for her stays
    assert _stand_in(client, ann, 0).status_code == 200
    assert _state(client, ann)["status"] == "hand_over"
    refused = client.post(f"/api/games/{ann['game']}/undo", json={"token": ann["token"]})
    assert refused.status_code == 409
    assert _state(client, ann)["players"][0]["standin"] == STANDIN


# --- a table nobody plays deals on by itself ---------------------------------------------


def test_table_deals_itself_only_while_a_bot_plays_for_every_player() -> None:
    """A hand over with a bot in every seat (Ann's stand-in among them) is followed by
    the next without anybody asking; with Ann back, it waits for her; a game over deals
    nothing more."""
    table = Table.create(["you", "random", "random"], seed=6, names=["Ann", None, None],
                         rules=Rules.preset("short"))
    table.stand_in(0, 0)
    assert not table.deals_itself  # the hand is in play
    hands = 0
    while table.status != "over":
        while table.bot_to_move() is not None:
            table.bot_move()
        assert table.status in ("hand_over", "over")
        if table.status == "hand_over":
            assert table.deals_itself
            if hands == 0:  # Ann back between the first two hands: she deals
                table.come_back(0)
                assert not table.deals_itself
                with pytest.raises(TableError, match="only while a bot plays for every"):
                    table.deal_on()
                table.stand_in(0, 0)
            table.deal_on()
            hands += 1
    assert hands >= 1 and not table.deals_itself
    with pytest.raises(TableError) as refused:
        table.deal_on()
    assert refused.value.status == 409 and table.status == "over"


def _public(client: TestClient, game: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game}/public")
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def _public_until(client: TestClient, game: str, done: Any,
                  seconds: float = 60.0) -> dict[str, Any]:
    """The public state once ``done(state)``: nobody asks the game for anything but to
    see it."""
    deadline = time.monotonic() + seconds
    while True:
        state = _public(client, game)
        if done(state) or time.monotonic() > deadline:
            return state
        time.sleep(0.02)


def test_a_player_who_hands_their_seat_to_a_bot_sees_the_game_played_to_its_end(
        tmp_path: Path) -> None:
    """Ann lets a bot play for her against two bots and asks for nothing more: hand
    after hand is dealt by itself, to the end of the game, and no hand after it."""
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", hand_pause=0)
    with TestClient(app) as client:
        ann = client.post("/api/games", json={"seats": ["you", "random", "random"],
                                              "seed": 4, "name": "Ann",
                                              "rules": "short"}).json()
        answer = _stand_in(client, ann, 0)
        assert answer.status_code == 200, answer.text
        assert answer.json()["hand_number"] == 1  # answered at the first hand's end
        state = _public_until(client, ann["game"], lambda s: s["status"] == "over")
        assert state["status"] == "over" and state["winners"], state
        assert state["hand_number"] >= 2 and state["next_hand_after"] is None
        time.sleep(0.2)
        assert _public(client, ann["game"])["hand_number"] == state["hand_number"]
        record = client.get(f"/api/games/{ann['game']}/record").json()
        game = rec.replay(record)
        assert game.is_over and len(game.hands) == state["hand_number"]
        assert game.players[0] == "Ann" and list(game.scores) == state["scores"]


def test_a_table_left_to_its_bots_with_nobody_there_waits_for_somebody(
        tmp_path: Path) -> None:
    """A player who let a bot play for her and went (no page open, no request) left a
    game that dealt itself hand after hand to its end, the expert thinking for nobody:
    six such games from one address slowed every other table (a security pass). Now
    the next hand is dealt only while somebody is there (a socket open, or a request
    about the game within the away wait); it waits, and is dealt when somebody looks
    again (here, a watcher's request)."""
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", hand_pause=0.05, away_wait=0.5)
    with TestClient(app) as client:
        ann = client.post("/api/games", json={"seats": ["you", "random", "random"],
                                              "seed": 4, "name": "Ann",
                                              "rules": {"target": 100}}).json()
        assert _stand_in(client, ann, 0).status_code == 200
        asked = time.monotonic()
        room = app.state.server.rooms[ann["game"]]
        # Nobody asks the game anything from here (it is read from memory): once the
        # away wait is past, the hand in play ends and no other is dealt.
        deadline = asked + 30
        while (room.table.status != "hand_over" or time.monotonic() - asked < 1.0) \
                and time.monotonic() < deadline:
            time.sleep(0.05)
        stopped = len(room.table.game.hands)
        assert room.table.status == "hand_over" and not room.table.game.is_over
        time.sleep(0.5)
        assert len(room.table.game.hands) == stopped  # no hand dealt for nobody
        state = _public_until(client, ann["game"], lambda s: s["hand_number"] > stopped)
        assert state["hand_number"] > stopped  # somebody looked: it deals on


def test_a_table_left_to_its_bots_deals_on_after_a_restart(tmp_path: Path) -> None:
    """The server stopped during the pause after a hand: opened again (here by somebody
    watching), the game deals on by itself; the state says when, and that Ann's seat is
    still played for her."""
    db = f"sqlite:///{tmp_path / 'games.db'}"
    with TestClient(create_app(db, hand_pause=600)) as client:
        ann = client.post("/api/games", json={"seats": ["you", "random", "random"],
                                              "seed": 4, "name": "Ann"}).json()
        state = _stand_in(client, ann, 0).json()
        assert state["status"] == "hand_over" and state["next_hand_after"] == 600
        assert _public(client, ann["game"])["next_hand_after"] == 600
    with TestClient(create_app(db, hand_pause=0)) as client:
        state = _public_until(client, ann["game"], lambda s: s["hand_number"] >= 2)
        assert state["hand_number"] >= 2, state
        assert state["players"][0]["standin"] == STANDIN


def test_the_serve_command_takes_the_pause_between_hands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``cutthroat serve --hand-pause 1.5`` reaches the server; a negative pause is a
    usage error naming the option."""
    import uvicorn
    from typer.testing import CliRunner

    from cutthroat.cli import app

    started: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda made, **kwargs: started.append(made))
    done = CliRunner().invoke(app, ["serve", "--hand-pause", "-1", "--db", "sqlite://"])
    assert done.exit_code == 2 and "--hand-pause" in done.stderr and not started
    done = CliRunner().invoke(app, ["serve", "--hand-pause", "1.5", "--db", "sqlite://"])
    assert done.exit_code == 0, done.output
    assert started[0].state.server.hand_pause == 1.5


class _LeftToBots:
    """A server where Ann (seat 0) has let a bot play for her against two random bots:
    the first hand is over, and the next waits for its pause, which ends only when let
    (``gate.release()``: one pause per release)."""

    def __init__(self, tmp_path: Path) -> None:
        self.store = Store(f"sqlite:///{tmp_path / 'games.db'}")
        self.server = Server(self.store, hand_pause=600)
        self.gate = asyncio.Semaphore(0)
        self.server.pause = self.pause  # type: ignore[method-assign]
        self.table = Table.create(["you", "random", "random"], seed=4,
                                  names=["Ann", None, None])

    async def pause(self, room: Any) -> None:
        await self.gate.acquire()

    async def start(self) -> Any:
        room = await self.server.add(self.table)
        await self.server.stand_in(room, 0, 0, wait=True)
        assert self.table.status == "hand_over" and len(self.table.game.hands) == 1
        assert room.dealing == self.table.version  # the pause has begun
        return room


async def _until_true(done: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "waited too long"
        await asyncio.sleep(0.001)


def test_a_player_back_at_the_table_stops_the_next_hand_dealing_itself(
        tmp_path: Path) -> None:
    """Ann takes her seat back during the pause: the pause ends and nothing is dealt,
    the next hand waits for her "Next hand"; once a bot plays for her again, the game
    deals on after a pause of its own."""
    async def scenario() -> None:
        left = _LeftToBots(tmp_path)
        server, table = left.server, left.table
        room = await left.start()
        assert room.state_for(0)["next_hand_after"] == 600
        await server.come_back(room, 0)
        assert room.state_for(0)["next_hand_after"] is None
        left.gate.release()  # the pause ends
        await _until_true(lambda: room.dealing is None)
        await server.settle(room)
        assert table.status == "hand_over" and len(table.game.hands) == 1
        await server.stand_in(room, 0, 0)
        await _until_true(lambda: room.dealing == table.version)  # a new pause
        left.gate.release()
        await _until_true(lambda: len(table.game.hands) == 2)
        left.store.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("first", ["the player", "the pause"])
def test_next_hand_pressed_as_the_pause_ends_deals_one_hand(tmp_path: Path,
                                                            first: str) -> None:
    """Ann presses "Next hand" just as the pause ends: whichever comes first deals, the
    other finds the hand dealt (Ann is told the hand is not over: her page, which has
    the new hand already, says nothing of it). One hand, never two."""
    async def scenario() -> None:
        left = _LeftToBots(tmp_path)
        server, table = left.server, left.table
        room = await left.start()
        left.gate.release()
        if first == "the player":
            await server.next_hand(room, 0, wait=True)  # the pause's deal waits on the lock
        else:
            await _until_true(room.lock.locked)  # the pause's deal is being saved
            with pytest.raises(TableError) as refused:
                await server.next_hand(room, 0, wait=True)
            assert refused.value.status == 409
            await server.settle(room)
        for _ in range(100):
            await asyncio.sleep(0)
        assert len(table.game.hands) == 2 and table.status == "hand_over"
        stored = left.store.load(table.id)
        assert stored is not None and len(stored.game.hands) == 2
        left.store.close()

    asyncio.run(scenario())


def test_a_hand_dealt_during_the_pause_gets_a_pause_of_its_own(tmp_path: Path) -> None:
    """Ann deals the next hand herself during the pause, and the bots play it out: the
    first hand's pause, when it ends, deals nothing; the second hand's result is on show
    for a whole pause of its own."""
    async def scenario() -> None:
        left = _LeftToBots(tmp_path)
        server, table = left.server, left.table
        room = await left.start()
        await server.next_hand(room, 0, wait=True)
        assert len(table.game.hands) == 2 and table.status == "hand_over"
        assert room.dealing == table.version  # the second hand's pause has begun
        left.gate.release()  # the first hand's pause ends (the first to wait)
        for _ in range(100):
            await asyncio.sleep(0)
        assert len(table.game.hands) == 2 and room.dealing == table.version
        left.gate.release()  # the second hand's
        await _until_true(lambda: len(table.game.hands) == 3)
        left.store.close()

    asyncio.run(scenario())


# --- the review leaves out the stand-in's moves -----------------------------------------


def _one_move_stood_in_for_ann(seed: int) -> tuple[Table, Hand, tuple[int, int]]:
    """A table of Ann (seat 0) and two random bots, dealt from ``seed``, where a
    stand-in made Ann's first move: the table, its hand and that move's mark."""
    table = Table.create(["you", "random", "random"], seed=seed, names=["Ann", None, None])
    _bots_move(table)
    table.stand_in(0, 0)
    table.bot_move()
    hand = table.game.hand
    assert hand is not None
    return table, hand, (0, len(hand.moves) - 1)


def test_the_stand_in_s_moves_are_kept_apart_from_the_player_s_own() -> None:
    """Ann moves herself, then lets a bot play for her: the table knows which of her
    seat's moves the bot made, as (hand, move), and keeps them with her seat."""
    table = Table.create(["you", "random", "random"], seed=8, names=["Ann", None, None])
    _bots_move(table)
    hand = table.game.hand
    assert hand is not None and hand.to_act == 0
    table.act(0, str(hand.legal_actions()[0]))
    own = len(hand.moves) - 1
    _bots_move(table)
    table.stand_in(0, 0)
    while table.status == "playing":
        table.bot_move()
    made = {(0, index) for index, move in enumerate(hand.moves)
            if move.seat == 0 and index != own}
    assert made and table.standin_moves(0) == made
    assert table.standin_moves(1) == frozenset()  # a bot's own moves are its own
    stored = Seat.from_json(table.stored_seats()[0])
    assert set(stored.standin_moves) == made
    old = {"kind": "human", "name": "Ann", "bot": None, "token_hash": "x", "coach": False,
           "standin": None, "undone": 0}
    assert Seat.from_json(old).standin_moves == []  # a seat stored before they were kept
    from cutthroat.bots.review import decisions
    ours = decisions(table.game, 0, skip=table.standin_moves(0))
    assert {(number, index) for number, index, _, _ in ours} <= {(0, own)}


def test_a_stand_in_s_move_taken_back_is_no_longer_the_stand_in_s() -> None:
    """A stand-in's move taken back (an undo, or a save that failed) leaves its list;
    made again (the undo's save failed), it is back in it."""
    table, hand, mark = _one_move_stood_in_for_ann(1)
    assert table.standin_moves(0) == {mark}
    table.pop()  # its save failed
    assert table.standin_moves(0) == frozenset()
    table.bot_move()
    assert table.standin_moves(0) == {mark}
    table.come_back(0)
    _bots_move(table)
    undone = table.undo(0)  # Ann takes back the bot's move for her, and the replies
    assert table.standin_moves(0) == frozenset()
    table.redo(0, undone)
    assert table.standin_moves(0) == {mark}
    table.undo(0)
    table.act(0, str(hand.legal_actions()[0]))  # her own move, where the bot's was
    assert table.standin_moves(0) == frozenset()


def test_review_my_game_leaves_out_the_moves_a_bot_made_for_me(tmp_path: Path) -> None:
    """Ann lets a bot play for her at once and it plays the whole game: after a restart,
    her review has no choice of hers to judge, and says how many moves the bot made for
    her and that they are not reviewed."""
    db = f"sqlite:///{tmp_path / 'games.db'}"
    with TestClient(create_app(db, hand_pause=0)) as client:
        ann = client.post("/api/games", json={"seats": ["you", "random", "random"],
                                              "seed": 4, "name": "Ann",
                                              "rules": {"target": 3}}).json()
        assert _stand_in(client, ann, 0).status_code == 200
        state = _public_until(client, ann["game"], lambda s: s["status"] == "over")
        assert state["status"] == "over"
    with TestClient(create_app(db)) as client:  # a restart: read back from the store
        record = client.get(f"/api/games/{ann['game']}/record").json()
        made = sum(1 for hand in rec.replay(record).hands for move in hand.moves
                   if move.seat == 0)
        answer = client.get(f"/api/games/{ann['game']}/review",
                            params={"token": ann["token"]})
        assert answer.status_code == 200, answer.text
        body = answer.json()
    assert made > 0
    assert body["decisions"] == 0 and body["findings"] == []
    assert body["standin_moves"] == made
    assert body["lines"][0].endswith(
        f"The {made} moves a bot made for you are not reviewed.")


def test_review_counts_and_skips_only_the_moves_it_is_told_to() -> None:
    """``review``'s ``skip``: the seat's moves named there are not analysed, and counted;
    without it (``cutthroat review``), every choice is reviewed as before."""
    from cutthroat.bots.review import decisions, review, review_lines

    table = Table.create(["you", "random", "random"], seed=5, names=["Ann", None, None])
    table.stand_in(0, 0)
    while table.status == "playing":
        table.bot_move()
    game = table.game
    every = decisions(game, 0)
    assert every
    skip = {(every[0][0], every[0][1])}
    result = review(game, 0, samples=2, skip=skip)
    assert result.decisions == len(every) - 1 and result.skipped == 1
    assert all((f.hand, f.move) not in skip for f in result.findings)
    assert review_lines(result, game.players)[0].endswith(
        "The 1 move a bot made for you is not reviewed.")
    plain = review(game, 0, samples=2)
    assert plain.decisions == len(every) and plain.skipped == 0
    assert "bot made for you" not in review_lines(plain, game.players)[0]


def test_a_player_playing_over_http_is_seen_by_each_request_and_not_handed_to_a_bot(
        tmp_path: Path) -> None:
    """A program (or a player) that plays over HTTP has no page open: each of its
    requests counts as being at the table, so another player cannot hand its seat to a
    bot while it keeps asking. (Untested before: a request did not count, and the seat was
    taken for away ``away_wait`` after the game was opened, however busy its player.)"""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", away_wait=1.0)) \
            as client:
        ann, ben = _friends(client)
        time.sleep(1.3)
        _state(client, ben)  # Ben asks: he is here
        refused = _stand_in(client, ann, 1)
        assert refused.status_code == 409, refused.text
        assert "Ben was last here" in refused.json()["error"]["reason"]
        time.sleep(1.3)  # and away once he stops asking
        assert _stand_in(client, ann, 1).status_code == 200


def test_an_undo_of_the_players_own_move_keeps_the_stand_ins_earlier_moves() -> None:
    """Ann's undo takes back her own move and the bots' replies only: the move a bot
    made for her before it stays in the game, so it stays the stand-in's (a review of
    her game must still leave it out), and so after a save that failed (``pop``)."""
    undone = 0
    for seed in range(1, 11):
        table, hand, mark = _one_move_stood_in_for_ann(seed)
        table.come_back(0)
        _bots_move(table)
        if table.status != "playing":
            continue
        table.act(0, str(hand.legal_actions()[0]))  # her own move, after the bot's
        table.pop()  # its save failed: only her move is taken back
        assert table.standin_moves(0) == {mark}
        table.act(0, str(hand.legal_actions()[0]))
        _bots_move(table)
        try:
            table.undo(0)
        except TableError:  # the dummy, seen since (R14)
            continue
        assert table.standin_moves(0) == {mark} and len(hand.moves) > mark[1]
        undone += 1
    assert undone >= 2


def test_a_hand_waits_for_the_player_in_the_last_seat_who_plays_themselves() -> None:
    """The next hand deals itself only while a bot plays for every seat: Ann in seat 2
    plays herself, so it waits for her, though bots play seats 0 and 1 (Ben's stand-in
    among them); once a bot plays for her too, it deals itself."""
    table = Table.create(["random", "open", "you"], seed=6, names=[None, None, "Ann"],
                         rules=Rules.preset("short"))
    table.join("Ben")
    table.stand_in(1, 1)
    while table.status == "playing":
        if table.bot_to_move() is not None:
            table.bot_move()
        else:
            table.act(2, str(table.game.view(2).legal[0]))
    assert table.status == "hand_over" and not table.deals_itself
    with pytest.raises(TableError, match="only while a bot plays for every") as refused:
        table.deal_on()
    assert refused.value.status == 409
    table.stand_in(2, 2)
    assert table.deals_itself


def test_the_hand_dealt_by_itself_is_saved_and_shown_before_any_bot_moves_in_it(
        tmp_path: Path) -> None:
    """At a table left to its bots, the next hand dealt after the pause is saved and
    told to everybody as it is dealt, before the first bot's move in it: a restart in
    between keeps it, and a watcher sees the new deal, not a hand already begun."""
    async def scenario() -> None:
        left = _LeftToBots(tmp_path)
        server, table = left.server, left.table
        room = await left.start()
        saved: list[tuple[int, int]] = []
        told: list[tuple[int, int]] = []
        save, broadcast = left.store.save, server.broadcast

        def where(at: Any) -> tuple[int, int]:
            hand = at.game.hand
            return len(at.game.hands), len(hand.moves) if hand is not None else -1

        def saving(at: Any, *args: Any) -> None:
            save(at, *args)
            saved.append(where(at))

        async def telling(at: Any) -> None:
            told.append(where(at.table))
            await broadcast(at)

        left.store.save = saving  # type: ignore[method-assign]
        server.broadcast = telling  # type: ignore[method-assign]
        left.gate.release()  # the pause ends: the next hand is dealt
        await _until_true(lambda: len(table.game.hands) == 2 and table.status == "hand_over")
        await server.settle(room)
        assert saved[0] == (2, 0) and told[0] == (2, 0)  # the deal, before any move
        assert saved[-1] == where(table)
        left.store.close()

    asyncio.run(scenario())


def test_a_player_at_the_table_whose_move_it_is_not_is_never_stood_in_for(
        client: TestClient) -> None:
    """Cat has her page open and it is not her move: however long the move in play has
    waited, a bot may not play for her (409, "Cat is at the table", not "has had a
    minute for this move"), and nothing changes. Three players and no bot, so whoever
    the random deal puts to act, the test takes this path every time (the test above,
    test_a_player_at_the_table_is_not_stood_in_for_out_of_turn, takes it only when the
    deal puts Ann to act second)."""
    ann = client.post("/api/games", json={"seats": ["you", "open", "open"],
                                          "name": "Ann"}).json()
    game = ann["game"]
    ben = client.post(f"/api/games/{game}/join", json={"name": "Ben"}).json()
    cat = client.post(f"/api/games/{game}/join", json={"name": "Cat"}).json()
    players, names = {0: ann, 1: ben, 2: cat}, {0: "Ann", 1: "Ben", 2: "Cat"}
    room = _room(client, game)
    mover = room.table.game.to_act
    here, caller = (seat for seat in range(3) if seat != mover)
    with client.websocket_connect(
            f"/api/games/{game}/ws?token={players[here]['token']}") as ws:
        receive(ws, "state")
        room.changed_at = time.monotonic() - 600  # the move in play has waited long
        before = _state(client, players[caller])
        answer = _stand_in(client, players[caller], here)
        assert answer.status_code == 409, answer.text
        assert re.fullmatch(
            f"{names[here]} is at the table: a bot may play for them once they have left "
            r"it, or taken more than \S.* over a move", answer.json()["error"]["reason"])
        assert _state(client, players[caller]) == before
