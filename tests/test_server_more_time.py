"""A player who needs longer over a move asks for more time (docs/protocol.md, "A bot
for a player who has gone"; WCAG 2.2.1): the wait before another player may let a bot
play for them starts again, every seat is told, and nothing in the game changes. Ten
asks a move at most; every refusal says why and changes nothing."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cutthroat.server.app import Server, create_app
from cutthroat.server.protocol import ProtocolError, parse_message
from cutthroat.server.room import MORE_TIME
from sockets import receive


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A server on a fresh SQLite file, with the default waits."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as made:
        yield made


def _room(client: TestClient, game: str) -> Any:
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    return server.rooms[game]


def _state(client: TestClient, who: dict[str, Any]) -> dict[str, Any]:
    answer = client.get(f"/api/games/{who['game']}", params={"token": who["token"]})
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def _post(client: TestClient, who: dict[str, Any], path: str, **body: Any) -> Any:
    return client.post(f"/api/games/{who['game']}/{path}",
                       json={"token": who["token"], **body})


def _bens_turn(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ann (seat 0) and Ben (seat 1) with a random bot at seat 2, at Ben's turn."""
    ann = client.post("/api/games", json={"seats": ["you", "open", "random"],
                                          "name": "Ann"}).json()
    ben = client.post(f"/api/games/{ann['game']}/join", json={"name": "Ben"}).json()
    _until_bens_turn(client, ann)
    # The state shows Ben's turn as soon as the table has it; the server notes when the
    # table changed once the move is saved, a moment later. A test that sets that time
    # back before then had it set again under it (seen once in a fresh-clone CI run).
    room = _room(client, ann["game"])
    deadline = time.monotonic() + 10
    while room.changed_version != room.table.version:
        assert time.monotonic() < deadline, "the server never noted Ann's move"
        time.sleep(0.01)
    return ann, ben


def _until_bens_turn(client: TestClient, ann: dict[str, Any]) -> dict[str, Any]:
    """Ann's moves (her first legal one) and the next hand dealt, until Ben's turn."""
    deadline = time.monotonic() + 20
    while (state := _state(client, ann))["to_act"] != 1:
        assert time.monotonic() < deadline, "Ben's turn never came"
        if state["status"] == "hand_over":
            _post(client, ann, "next", version=state["version"])
        elif state["to_act"] == 0:
            answer = _post(client, ann, "actions", action=state["view"]["legal"][0],
                           version=state["version"])
            assert answer.status_code == 200, answer.text
        else:
            time.sleep(0.01)  # the bot moves in the background
    return state


def test_more_time_restarts_the_turns_wait_and_tells_every_seat(
        client: TestClient) -> None:
    ann, ben = _bens_turn(client)
    room = _room(client, ann["game"])
    before = _state(client, ann)
    assert before["more_time"] == {"given": 0, "left": MORE_TIME}
    room.changed_at = time.monotonic() - 61  # Ben, his page open, has had his minute ...
    bens = f"/api/games/{ben['game']}/ws?token={ben['token']}"
    anns = f"/api/games/{ann['game']}/ws?token={ann['token']}"
    with client.websocket_connect(bens) as ben_ws, client.websocket_connect(anns) as ws:
        receive(ben_ws, "state")
        receive(ws, "state")
        answer = _post(client, ben, "more-time", version=before["version"])
        assert answer.status_code == 200, answer.text
        assert answer.json()["more_time"] == {"given": 1, "left": MORE_TIME - 1}
        told = receive(ws, "state")["state"]  # ... and Ann's page is told at once
        assert told["more_time"] == {"given": 1, "left": MORE_TIME - 1}
        assert told["version"] == before["version"]  # nothing in the game changed
        assert told["view"] == before["view"] and told["to_act"] == 1
        # ... so Ann may not call a bot in for him: his wait started again.
        refused = _post(client, ann, "standin", seat=1)
        assert refused.status_code == 409
        assert re.search(r"Ben has had \d seconds? for this move",
                         refused.json()["error"]["reason"])
        assert _state(client, ann)["players"][1]["standin"] is None
        # Once the new wait is over too, she may.
        version, given, _ = room.more_time
        room.more_time = (version, given, time.monotonic() - 61)
        assert _post(client, ann, "standin", seat=1).status_code == 200


def test_more_time_over_the_websocket_and_its_count_starts_again_at_the_next_move(
        client: TestClient) -> None:
    ann, ben = _bens_turn(client)
    path = f"/api/games/{ben['game']}/ws?token={ben['token']}"
    with client.websocket_connect(path) as ws:
        state = receive(ws, "state")["state"]
        for given in range(1, MORE_TIME + 1):
            ws.send_json({"type": "more_time", "version": state["version"]})
            state = receive(ws, "state")["state"]
            assert state["more_time"] == {"given": given, "left": MORE_TIME - given}
        ws.send_json({"type": "more_time"})
        error = receive(ws, "error")
        assert error["for"] == "more_time" and error["status"] == 409
        assert f"asked for more time {MORE_TIME} times over this move" in error["reason"]
        assert _state(client, ben)["more_time"]["given"] == MORE_TIME
        # Ben moves: the next move he has to make has its own ten.
        ws.send_json({"type": "act", "action": state["view"]["legal"][0],
                      "version": state["version"]})
        moved = receive(ws, "state")["state"]
        assert moved["version"] > state["version"]
        assert moved["more_time"] == {"given": 0, "left": MORE_TIME}
    state = _until_bens_turn(client, ann)
    assert state["more_time"] == {"given": 0, "left": MORE_TIME}
    answer = _post(client, ben, "more-time", version=state["version"])
    assert answer.json()["more_time"]["given"] == 1


def test_more_time_is_refused_off_turn_on_a_stale_state_and_while_a_bot_plays(
        client: TestClient) -> None:
    ann, ben = _bens_turn(client)
    room = _room(client, ann["game"])
    version = _state(client, ann)["version"]
    refused = _post(client, ann, "more-time")  # not Ann's move
    assert refused.status_code == 409
    assert "it is not your move" in refused.json()["error"]["reason"]
    stale = _post(client, ben, "more-time", version=version - 1)
    assert stale.status_code == 409 and "moved on" in stale.json()["error"]["reason"]
    never = _post(client, ben, "more-time", version=version + 5)
    assert never.status_code == 400 and "never been at version" in never.text
    assert room.more_time_given() == 0  # none of these counted
    assert _post(client, ben, "more-time", seat=1).status_code == 400  # no such field
    # A bot playing for Ben: he comes back first ("back"), or simply moves.
    room.table.seats[1].standin = "intermediate"
    refused = _post(client, ben, "more-time")
    assert refused.status_code == 409 and "a bot plays for you" in refused.text
    assert room.more_time_given() == 0


def test_a_watcher_cannot_ask_for_more_time(client: TestClient) -> None:
    ann, _ = _bens_turn(client)
    with client.websocket_connect(f"/api/games/{ann['game']}/watch") as ws:
        receive(ws, "state")
        ws.send_json({"type": "more_time"})
        error = receive(ws, "error")
        assert error["for"] == "more_time" and error["status"] == 403
    assert _room(client, ann["game"]).more_time_given() == 0


def test_more_time_message_reads_a_version_and_nothing_else() -> None:
    assert parse_message('{"type": "more_time"}').type == "more_time"
    assert parse_message('{"type": "more_time", "version": 7}').version == 7
    with pytest.raises(ProtocolError, match="a more_time message has no field 'seat'"):
        parse_message('{"type": "more_time", "seat": 1}')
    with pytest.raises(ProtocolError, match=r"unknown message type 'moretime'.*more_time"):
        parse_message('{"type": "moretime"}')


def test_an_ask_sent_twice_with_its_count_counts_once(client: TestClient) -> None:
    """An ask carries the times asked already (``given``, from the state it was sent
    on): sent again (a double press, a retried request), it no longer matches and is
    refused (409), so it counts once. Before, it counted twice."""
    ann, ben = _bens_turn(client)
    room = _room(client, ann["game"])
    state = _state(client, ben)
    path = f"/api/games/{ben['game']}/ws?token={ben['token']}"
    with client.websocket_connect(path) as ws:
        receive(ws, "state")
        ask = {"type": "more_time", "version": state["version"], "given": 0}
        ws.send_json(ask)
        assert receive(ws, "state")["state"]["more_time"]["given"] == 1
        ws.send_json(ask)  # the same ask again
        error = receive(ws, "error")
        assert error["for"] == "more_time" and error["status"] == 409
        assert error["reason"] == ("this ask for more time was made already (sent twice?): "
                                   "you have asked once over this move, and your wait "
                                   "started again then")
    assert room.more_time_given() == 1
    again = _post(client, ben, "more-time", version=state["version"], given=0)
    assert again.status_code == 409 and "made already" in again.json()["error"]["reason"]
    assert room.more_time_given() == 1
    assert room.table.version == state["version"]  # nothing in the game changed
    ahead = _post(client, ben, "more-time", version=state["version"], given=2)
    assert ahead.status_code == 409 and 'send "given" as the latest state has it (1)' in \
        ahead.json()["error"]["reason"]
    assert _post(client, ben, "more-time", given=MORE_TIME + 1).status_code == 400
    answer = _post(client, ben, "more-time", version=state["version"], given=1)
    assert answer.status_code == 200 and answer.json()["more_time"]["given"] == 2


@pytest.mark.parametrize("given", ["1", True, -1, 1.0, MORE_TIME + 1, 10 ** 4000, None])
def test_more_time_given_is_a_count_of_0_or_more(given: object) -> None:
    message = json.dumps({"type": "more_time", "given": given})
    if given is None:
        assert parse_message(message).given is None
        return
    with pytest.raises(ProtocolError, match=r"more_time message's \"given\" is the times"):
        parse_message(message)
    assert parse_message('{"type": "more_time", "given": 3}').given == 3


def test_an_ask_sent_again_after_two_asks_says_twice(client: TestClient) -> None:
    """The refusal of an ask sent again counts the asks in words: "twice" after two."""
    _ann, ben = _bens_turn(client)
    state = _state(client, ben)
    for given in (0, 1):
        answer = _post(client, ben, "more-time", version=state["version"], given=given)
        assert answer.status_code == 200, answer.text
    again = _post(client, ben, "more-time", version=state["version"], given=1)
    assert again.status_code == 409
    assert again.json()["error"]["reason"] == (
        "this ask for more time was made already (sent twice?): you have asked twice "
        "over this move, and your wait started again then")
