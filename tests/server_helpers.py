"""What the tests of the web game's server (tests/test_server_*.py) share: a server on
a database of the test's own, stopped after each test, and the requests they make
again and again (a new game, a seat's state, a game played out).
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cutthroat.rules import Rules
from cutthroat.server.app import create_app
from cutthroat.server.tables import Table

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
    """The state once no bot is to move (bots move in the background after a create),
    waiting up to 60 seconds (by the clock, not a count of polls, which a loaded
    machine's slower bots could outlast)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = _state(client, made)
        to_act = state["to_act"]
        if state["status"] != "playing" or state["players"][to_act]["kind"] != "bot":
            return state
        time.sleep(0.002)
    raise AssertionError("the bots never stopped")


def _seat_socket(seat: dict[str, Any]) -> str:
    """The WebSocket path of a seat (an answer holding its ``game`` and ``token``)."""
    return f"/api/games/{seat['game']}/ws?token={seat['token']}"


def _socket_closed(client: TestClient, path: str,
                   headers: dict[str, str] | None = None) -> Any:
    """The ``WebSocketDisconnect`` of a socket to ``path`` that the server closes before
    it sends anything (its ``code`` and ``reason``); fails if it sends something."""
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(path, headers=headers or {}) as ws:
        ws.receive_json()
    return closed.value


def _without(state: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    """``state`` without ``fields``."""
    return {key: value for key, value in state.items() if key not in fields}


def _forbidden(client: TestClient, made: dict[str, Any]) -> None:
    """``made``'s token is no token of its game (any more): its state is refused, 403."""
    answer = client.get(f"/api/games/{made['game']}", params={"token": made["token"]})
    assert answer.status_code == 403, answer.text


def _reason(answer: Any) -> str:
    reason: str = answer.json()["error"]["reason"]
    return reason


def _cards_named(state: dict[str, Any]) -> set[str]:
    """The card names in a state sent to a client, its game id left out: the id is
    random, and one such as "x-KD_abc" would read as the king of diamonds."""
    return set(CARD.findall(json.dumps({k: v for k, v in state.items() if k != "game"})))


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


def _play_to_the_end(client: TestClient, seats: dict[int, dict[str, Any]],
                     rng: random.Random, moves: int = 2000) -> dict[str, Any]:
    """Play every person's seat of a game, ``seats`` (seat: an answer holding its
    ``game`` and ``token``), by random legal moves over HTTP, the first of them dealing
    each next hand, until the game is over; its last state. Each move is answered
    once the bots have replied, so the seat to act is always one of ``seats``."""
    first = seats[min(seats)]
    game = first["game"]
    state = _settled(client, first)
    for _ in range(moves):
        if state["status"] == "over":
            return state
        if state["status"] == "hand_over":
            answer = client.post(f"/api/games/{game}/next", json={"token": first["token"]})
        else:
            seat = seats[state["to_act"]]
            legal = _state(client, seat)["view"]["legal"]
            answer = client.post(f"/api/games/{game}/actions",
                                 json={"token": seat["token"], "action": rng.choice(legal)})
        assert answer.status_code == 200, answer.text
        state = answer.json()
    raise AssertionError("the game did not end")


def _bots_move(table: Any) -> None:
    """The bots of a :class:`~cutthroat.server.tables.Table` move until it is a person's
    turn, or the hand is over."""
    while table.bot_to_move() is not None:
        table.bot_move()


def _finished(seed: int) -> Table:
    """A game of one point to win, played out: the person (seat 0) always makes the
    first legal move, and the table's random bots theirs."""
    table = Table.create(["you", "random", "random"], seed=seed, rules=Rules(target=1))
    while not table.game.is_over:
        if table.status == "hand_over":
            table.next_hand(0)
        elif table.bot_to_move() is not None:
            table.bot_move()
        else:
            table.act(0, table.game.view(0).legal[0])
    return table
