"""The web game's replay routes (docs/protocol.md, "Replays"): a finished game as frames,
and any record posted, checked by the rules engine first."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from cutthroat import record as rec
from cutthroat.cli import app
from cutthroat.frames import game_frames
from cutthroat.game import Game
from cutthroat.howto import how_to_play
from cutthroat.server.app import RECORD_MAX, create_app

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"
"""The worked examples of RECORD.md: 09 is a record the rules refuse."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as made:
        yield made


def _reason(answer: Any) -> str:
    reason: str = answer.json()["error"]["reason"]
    return reason


def _finished(client: TestClient) -> dict[str, Any]:
    """A game to 1 point of this seat (random legal moves over HTTP) and two random
    bots, played to its end; the answer that created it."""
    made = client.post("/api/games", json={"seats": ["you", "random", "random"],
                                           "rules": {"target": 1}, "seed": 3}).json()
    game, token = made["game"], made["token"]
    rng = random.Random(3)
    for _ in range(2000):
        state = client.get(f"/api/games/{game}", params={"token": token}).json()
        if state["status"] == "over":
            return made
        if state["status"] == "hand_over":
            client.post(f"/api/games/{game}/next", json={"token": token})
        elif state["view"]["legal"]:
            client.post(f"/api/games/{game}/actions",
                        json={"token": token, "action": rng.choice(state["view"]["legal"])})
    raise AssertionError("the game did not end")


def _answer(game: Game) -> dict[str, Any]:
    """What the replay routes answer for ``game``: its frames, and how to play under its
    rules, as ``GET /api/games/ID/how-to-play`` gives it."""
    rules = game.rules
    return {**game_frames(game).to_json(), "how_to_play": {
        "rules_text": rules.describe(),
        "sections": [{"title": t, "paragraphs": p} for t, p in how_to_play(rules)]}}


def test_a_finished_game_as_frames(client: TestClient) -> None:
    made = _finished(client)
    game = made["game"]
    answer = client.get(f"/api/games/{game}/replay")
    assert answer.status_code == 200, answer.text
    frames = answer.json()
    record = client.get(f"/api/games/{game}/record").json()
    assert frames == _answer(rec.replay(record))
    state = client.get(f"/api/games/{game}", params={"token": made["token"]}).json()
    assert frames["over"] and frames["scores"] == state["scores"]
    assert frames["winners"] == state["winners"]
    assert frames["frames"][-1]["scores"] == state["scores"]
    assert frames["players"] == [p["name"] for p in state["players"]]
    assert client.post("/api/replay", json=record).json() == frames  # the same frames


def test_an_unfinished_game_is_refused_as_the_record_is(client: TestClient) -> None:
    made = client.post("/api/games", json={"seats": ["you", "random", "random"],
                                           "seed": 5}).json()
    replay = client.get(f"/api/games/{made['game']}/replay")
    record = client.get(f"/api/games/{made['game']}/record")
    assert replay.status_code == record.status_code == 409
    assert _reason(replay) == ("the replay shows every card: it is given once the game "
                               "is over")
    assert "every card" in _reason(record)
    missing = client.get("/api/games/nothing/replay")
    assert missing.status_code == 404 and "no game" in _reason(missing)


@pytest.mark.parametrize("name", ["01-standard-full-game", "05-joker-turned-up",
                                  "06-no-dummy-32-cards", "07-in-progress", "08-shared-win"])
def test_a_record_posted_is_shown_as_frames(client: TestClient, name: str) -> None:
    """A record file, as the lobby's "Open a record…" posts it: its text as it is."""
    text = (EXAMPLES / f"{name}.json").read_bytes()
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    answer = client.post("/api/replay", content=text,
                         headers={"content-type": "application/json"})
    assert answer.status_code == 200, answer.text
    frames = answer.json()
    assert frames["scores"] == expected["scores"] and frames["over"] == expected["over"]
    assert len(frames["hands"]) == len(expected["hands"])
    assert frames == _answer(rec.replay(text))
    assert frames["how_to_play"]["rules_text"] == frames["rules_text"]  # the record's rules
    said = CliRunner().invoke(app, ["replay", str(EXAMPLES / f"{name}.json")]).stdout
    assert frames["outcome"] in said.splitlines()  # as replay says it ("Game over: ...")


def test_an_illegal_record_is_refused_with_where_and_why(client: TestClient) -> None:
    """09: a renege; the error locates it as `cutthroat replay` says it to a person:
    the hand and action counted from 1 (RECORD.md's indices, 0-based, plus one)."""
    text = (EXAMPLES / "09-renege-refused.json").read_text()
    expected = json.loads((EXAMPLES / "09-renege-refused.expected.json").read_text())["error"]
    answer = client.post("/api/replay", content=text)
    assert answer.status_code == 400
    reason = _reason(answer)
    assert reason.startswith(f"hand {expected['hand'] + 1}, action {expected['action'] + 1} "
                             f"({expected['text']}): ")
    said = CliRunner().invoke(app, ["replay", str(EXAMPLES / "09-renege-refused.json")])
    assert said.stderr.strip() == f"Illegal record: {reason}"  # the command's own words


@pytest.mark.parametrize(("body", "words"), [
    (b"{", "ends early at line 1"),
    (b"", "not valid JSON"),
    (b"[1, 2]", "must be a JSON object"),
    (b'{"format": "cutthroat-record/2"}', "format must be"),
    (b'{"format": "cutthroat-record/1", "hands": [{"dealer": 3}]}', "dealer must be"),
    (b'{"format": "cutthroat-record/1", "rules": {"deck": 23}}', "bad rules"),
    (b'{"format": "cutthroat-record/1", "x": NaN}', "not valid JSON"),
    (b"\xff{}", "not valid JSON"),  # not UTF-8
])
def test_a_malformed_record_is_refused_with_why(client: TestClient, body: bytes,
                                               words: str) -> None:
    answer = client.post("/api/replay", content=body,
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400
    assert words in _reason(answer)


def test_a_record_too_big_is_refused_unread(client: TestClient) -> None:
    big = b'{"format": "cutthroat-record/1", "hands": []' + b" " * RECORD_MAX + b"}"
    answer = client.post("/api/replay", content=big)
    assert answer.status_code == 413 and "at most 256 KiB" in _reason(answer)

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        yield b'{"format": "cutthroat-record/1", "hands": []'
        for _ in range(RECORD_MAX // 4096 + 1):
            yield b" " * 4096
        yield b"}"

    streamed = client.post("/api/replay", content=chunks())
    assert streamed.status_code == 413
    fits = client.post("/api/replay", content=b'{"format": "cutthroat-record/1"}'
                       + b" " * (RECORD_MAX - 40))
    assert fits.status_code == 200 and fits.json()["frames"] == []


def test_one_address_may_open_so_many_records_and_then_waits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening a record takes no token and up to a couple of seconds of a worker (the
    bots' workers too): one address may open so many in a time (429 beyond, saying so),
    and a refused one costs nothing."""
    import cutthroat.server.app as app_module

    monkeypatch.setattr(app_module, "REPLAYS", "2/minute")
    body = (EXAMPLES / "01-standard-full-game.json").read_bytes()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as client:
        answers = [client.post("/api/replay", content=body) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert "too many records (at most 2 records a minute)" in _reason(answers[2])


def test_one_address_may_step_through_so_many_finished_games_and_then_waits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished game's replay needs no token and takes a worker as long as a record
    opened (the bots' workers too): it counts against the same rate an address (429
    beyond, saying so), kept apart from the records opened."""
    import cutthroat.server.app as app_module

    monkeypatch.setattr(app_module, "REPLAYS", "2/minute")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as client:
        game = _finished(client)["game"]
        answers = [client.get(f"/api/games/{game}/replay") for _ in range(3)]
        body = (EXAMPLES / "01-standard-full-game.json").read_bytes()
        opened = client.post("/api/replay", content=body)
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert "too many replays (at most 2 replays a minute)" in _reason(answers[2])
    assert answers[2].headers["retry-after"].isdigit()
    assert opened.status_code == 200  # a record opened is counted on its own
