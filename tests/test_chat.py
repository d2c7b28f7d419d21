"""Table talk in the web game (docs/protocol.md, "Table talk"): the players at a table
speak, everybody at it and watching hears, a restart loses no line, and a line that
cannot be taken is refused with a reason and kept nowhere."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from cutthroat.server.app import create_app
from cutthroat.server.chat import CHAT_MAX, clean_line
from cutthroat.server.names import clean_name, same_name
from cutthroat.server.protocol import SAY_MAX, ProtocolError, parse_message
from cutthroat.server.store import Store
from cutthroat.server.tables import Table, TableError
from sockets import receive as _next


def _url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(_url(tmp_path))) as client:
        yield client


def _two_players(client: TestClient) -> tuple[str, str, str]:
    """A game of Ann (seat 0), Ben (seat 2, who joined) and a random bot: its id and
    the two tokens."""
    made = client.post("/api/games", json={"name": "Ann", "seats": ["you", "random", "open"]}
                       ).json()
    ben = client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"}).json()
    return made["game"], made["token"], ben["token"]


def _lines(client: TestClient, game: str) -> list[dict[str, Any]]:
    answer = client.get(f"/api/games/{game}/chat")
    assert answer.status_code == 200
    lines: list[dict[str, Any]] = answer.json()["lines"]
    return lines


def test_a_line_is_heard_by_every_seat_and_every_watcher(client: TestClient) -> None:
    game, ann, ben = _two_players(client)
    with client.websocket_connect(f"/api/games/{game}/ws?token={ann}") as ann_ws, \
            client.websocket_connect(f"/api/games/{game}/ws?token={ben}") as ben_ws, \
            client.websocket_connect(f"/api/games/{game}/watch") as watcher:
        for ws in (ann_ws, ben_ws, watcher):
            _next(ws, "state")
        ann_ws.send_json({"type": "say", "text": "  good\tluck,\n Ben  "})
        heard = [_next(ws, "chat") for ws in (ann_ws, ben_ws, watcher)]
        assert heard[0] == heard[1] == heard[2]
        line = heard[0]["lines"][0]
        assert heard[0]["history"] is False and len(heard[0]["lines"]) == 1
        assert (line["n"], line["seat"], line["name"], line["text"]) == (1, 0, "Ann",
                                                                          "good luck, Ben")
        assert line["at"].endswith("Z")
        said = client.post(f"/api/games/{game}/chat", json={"token": ben, "text": "thanks!"})
        assert said.status_code == 201
        assert said.json()["line"]["n"] == 2 and said.json()["line"]["name"] == "Ben"
        assert _next(ann_ws, "chat")["lines"][0]["text"] == "thanks!"
        assert _next(watcher, "chat")["lines"][0]["seat"] == 2
    assert [line["text"] for line in _lines(client, game)] == ["good luck, Ben", "thanks!"]


def test_the_talk_survives_a_restart_and_comes_with_the_state(tmp_path: Path) -> None:
    with TestClient(create_app(_url(tmp_path))) as first:
        game, ann, ben = _two_players(first)
        for token, text in ((ann, "hello"), (ben, "hi"), (ann, "ready?")):
            assert first.post(f"/api/games/{game}/chat",
                              json={"token": token, "text": text}).status_code == 201
    with TestClient(create_app(_url(tmp_path))) as again:
        assert [line["text"] for line in _lines(again, game)] == ["hello", "hi", "ready?"]
        with again.websocket_connect(f"/api/games/{game}/ws?token={ben}") as ws:
            assert ws.receive_json()["type"] == "state"
            history = ws.receive_json()
            assert history["type"] == "chat" and history["history"] is True
            assert [line["n"] for line in history["lines"]] == [1, 2, 3]
        with again.websocket_connect(f"/api/games/{game}/watch") as watcher:
            assert watcher.receive_json()["type"] == "state"
            assert len(watcher.receive_json()["lines"]) == 3


def test_a_game_without_talk_sends_no_history(client: TestClient) -> None:
    game, ann, _ = _two_players(client)
    with client.websocket_connect(f"/api/games/{game}/ws?token={ann}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "ping"})
        assert _next(ws, "pong") == {"type": "pong"}
    assert _lines(client, game) == []


@pytest.mark.parametrize(("text", "words"), [
    ("", "needs some text"),
    (" \t\n ", "needs some text"),
    ("x" * (CHAT_MAX + 1), f"at most {CHAT_MAX} characters"),
    ("bell\a", "control characters"),
    ("\u202eevil", "control characters"),
    ("broken \udc80", "broken text"),
    (5, "must be text"),
])
def test_a_line_that_cannot_be_taken_is_refused(text: object, words: str) -> None:
    with pytest.raises(TableError, match=words):
        clean_line(text)


@pytest.mark.parametrize("text", [
    "👨\u200d👩\u200d👧 family",  # emoji joined by zero-width joiners
    "🏳️\u200d🌈 👩🏽\u200d💻 ❤️\u200d🔥",
    "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland's flag
    "\U0001fae8 \U0001faad",  # emoji newer than this Python's Unicode (15.0)
    "می\u200cخواهم",  # a non-joiner inside a Persian word
    "😀" * CHAT_MAX,
])
def test_emoji_and_joined_words_are_taken_as_said(text: str) -> None:
    assert clean_line(text) == text
    name = text.split()[0][:24]  # a name may be as colourful
    made = Table.create(["you", "random", "random"], names=[name, None, None])
    assert made.seats[0].name == name


@pytest.mark.parametrize("text", [
    "\u200dstart", "end\u200d", "a \u200d b", "a\u200d\u200db", "zero\u200bwidth",
    "Be\u200dn", "a\u200cb",  # between two ASCII letters a joiner joins nothing
    "stray tag \U000e0067", "🏴\U000e0067 unended", "\U0010ffff", "private \ue000",
])
def test_invisible_characters_outside_a_word_or_emoji_are_refused(text: str) -> None:
    with pytest.raises(TableError, match="control characters"):
        clean_line(text)


def _tags(text: str) -> str:
    return "".join(chr(0xE0000 + ord(c)) for c in text)


@pytest.mark.parametrize("flag", ["gbeng", "gbsct", "gbwls"])
def test_the_three_flags_of_tags_are_taken_and_told_apart(flag: str) -> None:
    name = f"Ann🏴{_tags(flag)}\U000e007f"
    assert clean_line(name) == name
    made = Table.create(["you", "open", "random"], names=[name, None, None])
    others = {f"Ann🏴{_tags(f)}\U000e007f" for f in ("gbeng", "gbsct", "gbwls")} - {name}
    for other in sorted(others):  # each a flag of its own, on the page too
        assert not same_name(name, other)
    assert made.seats[0].name == name


@pytest.mark.parametrize("tags", ["a", "b", "hello world", "usca", "gbsc"])
def test_other_tags_after_a_black_flag_are_refused(tags: str) -> None:
    """Tags after 🏴 other than the three flags Unicode recommends were taken, and a
    browser draws them as 🏴 alone: "Ann🏴" with the tag a and "Ann🏴" with the tag b
    both sat at one table, and a line of talk could carry words nobody sees (a
    security pass)."""
    for text in (f"Ann🏴{_tags(tags)}\U000e007f", f"psst 🏴{_tags(tags)}\U000e007f"):
        with pytest.raises(TableError, match="control characters"):
            clean_line(text)
    with pytest.raises(TableError, match="control characters"):
        Table.create(["you", "open", "random"],
                     names=[f"Ann🏴{_tags(tags)}\U000e007f", None, None])


@pytest.mark.parametrize(("message", "words"), [
    ('{"type": "say"}', 'needs a "text"'),
    ('{"type": "say", "text": 7}', 'needs a "text"'),
    ('{"type": "say", "text": "hi", "seat": 1}', "no field 'seat'"),
    ('{"type": "say", "text": "' + "x" * (SAY_MAX + 1) + '"}', "at most 200 characters long"),
])
def test_protocol_refuses_malformed_say_messages(message: str, words: str) -> None:
    with pytest.raises(ProtocolError, match=words):
        parse_message(message)


def test_a_line_too_long_is_refused_in_the_same_words_at_any_length(
        client: TestClient) -> None:
    """A line of 201 to 1000 characters was refused as "at most 200 characters", one of
    1001 or more with pydantic's words ("text: String should have at most 1000
    characters") over HTTP and other words over the WebSocket: every line too long is
    refused in the documented words, over both."""
    game, ann, _ = _two_players(client)
    said = "a message may be at most 200 characters long"
    for length in (201, 1000, 1001, 60_000):
        answer = client.post(f"/api/games/{game}/chat",
                             json={"token": ann, "text": "x" * length})
        assert answer.status_code == 400
        assert answer.json() == {"error": {"reason": said}}, length
    with client.websocket_connect(f"/api/games/{game}/ws?token={ann}") as ws:
        for length in (201, 1001, 60_000):
            ws.send_json({"type": "say", "text": "x" * length})
            assert _next(ws, "error") == {"type": "error", "reason": said, "for": "say",
                                          "status": 400}
    assert client.get(f"/api/games/{game}/chat").json()["lines"] == []


def test_a_line_that_folds_short_is_taken_over_both_alike(client: TestClient) -> None:
    """A line whose runs of spaces fold it within 200 characters was taken over HTTP and
    refused over the WebSocket (a bound of 1,000 raw characters there, 1,056 here): the
    same bound now, the same answer."""
    game, ann, _ = _two_players(client)
    folded = "hi" + " " * 1020 + "there"
    assert client.post(f"/api/games/{game}/chat",
                       json={"token": ann, "text": folded}).status_code == 201
    with client.websocket_connect(f"/api/games/{game}/ws?token={ann}") as ws:
        _next(ws, "state")
        ws.send_json({"type": "say", "text": folded})
        heard = _next(ws, "chat")
        assert [line["text"] for line in heard["lines"]] == ["hi there"]
    assert [line["text"] for line in client.get(f"/api/games/{game}/chat").json()[
        "lines"]] == ["hi there", "hi there"]


def test_refused_lines_change_nothing_and_say_why(client: TestClient) -> None:
    game, ann, _ = _two_players(client)
    with client.websocket_connect(f"/api/games/{game}/ws?token={ann}") as ws, \
            client.websocket_connect(f"/api/games/{game}/watch") as watcher:
        _next(ws, "state")
        _next(watcher, "state")
        for bad in ({"type": "say", "text": "   "}, {"type": "say", "text": "x" * 201},
                    {"type": "say", "text": "\x1b[31mred"}, {"type": "say"},
                    {"type": "say", "text": "x" * 2000}, {"type": "say", "text": "", "n": 1}):
            ws.send_json(bad)
            error = _next(ws, "error")
            assert error["reason"] and error["for"] == "say"  # the page shows it by the input
        ws.send_json({"type": "act", "action": "play XX"})
        assert _next(ws, "error")["for"] == "act"
        ws.send_text("not json")
        assert "for" not in _next(ws, "error")  # not known what it was meant to be
        watcher.send_json({"type": "say", "text": "hello from the rail"})
        error = _next(watcher, "error")
        assert "watching" in error["reason"] and error["for"] == "say"
    answers = {
        "no token": client.post(f"/api/games/{game}/chat", json={"text": "hi"}),
        "stranger": client.post(f"/api/games/{game}/chat", json={"token": "x", "text": "hi"}),
        "no game": client.post("/api/games/nothing/chat", json={"token": ann, "text": "hi"}),
        "blank": client.post(f"/api/games/{game}/chat", json={"token": ann, "text": ""}),
        "number": client.post(f"/api/games/{game}/chat", json={"token": ann, "text": 3}),
    }
    assert {k: a.status_code for k, a in answers.items()} == {
        "no token": 401, "stranger": 403, "no game": 404, "blank": 400, "number": 400}
    assert client.get("/api/games/nothing/chat").status_code == 404
    assert _lines(client, game) == []


def test_a_seat_that_talks_too_fast_is_held_back(tmp_path: Path) -> None:
    with TestClient(create_app(_url(tmp_path), chat_rate="2/minute")) as client:
        game, ann, ben = _two_players(client)

        def say(token: str, text: str) -> Any:
            return client.post(f"/api/games/{game}/chat", json={"token": token, "text": text})

        assert [say(ann, "one").status_code, say(ann, "two").status_code] == [201, 201]
        fast = say(ann, "three")
        reason = fast.json()["error"]["reason"]
        assert fast.status_code == 429 and "too fast (at most 2 lines a minute)" in reason
        assert say(ben, "my turn").status_code == 201  # each seat has its own allowance
    assert [line.text for line in Store(_url(tmp_path)).talk(game)] == [
        "one", "two", "my turn"]
    with pytest.raises(ValueError, match="chat_rate"):
        create_app("sqlite://", chat_rate="often")


def test_lines_sent_at_once_count_against_the_seat_s_allowance(tmp_path: Path) -> None:
    """Twelve lines sent at the same moment: as many as the allowance are heard and the
    rest refused (429), not all of them (the allowance was tested before any of them
    was counted)."""
    with TestClient(create_app(_url(tmp_path), chat_rate="3/minute")) as client:
        game, _ann, _ben = _two_players(client)
        server = client.app.state.server  # type: ignore[attr-defined]
        room = server.rooms[game]

        async def at_once() -> list[Any]:
            return await asyncio.gather(*(server.say(room, 0, f"line {n}") for n in range(12)),
                                        return_exceptions=True)

        assert client.portal is not None
        results = client.portal.call(at_once)
        refused = [r for r in results if isinstance(r, TableError)]
        assert len(refused) == 9 and {r.status for r in refused} == {429}
    assert len(Store(_url(tmp_path)).talk(game)) == 3


class _Mute(Store):
    """A store whose table talk cannot be written (a full disk, a lost database)."""

    def say(self, *args: Any, **kwargs: Any) -> Any:
        raise OSError("disk full")


def test_a_line_that_cannot_be_saved_is_heard_by_nobody(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    import cutthroat.server.app as app_module

    store = _Mute(_url(tmp_path))
    monkeypatch.setattr(app_module, "Store", lambda url: store)
    with TestClient(create_app(_url(tmp_path))) as client:
        game, ann, ben = _two_players(client)
        with client.websocket_connect(f"/api/games/{game}/ws?token={ben}") as ws:
            _next(ws, "state")
            answer = client.post(f"/api/games/{game}/chat", json={"token": ann, "text": "hi"})
            assert answer.status_code == 503 and "nobody heard" in answer.text
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] in ("state", "pong")  # no chat came first


def test_a_game_holds_at_most_so_many_lines(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import cutthroat.server.rooms as rooms_module

    monkeypatch.setattr(rooms_module, "GAME_LINES", 2)
    with TestClient(create_app(_url(tmp_path))) as client:
        game, ann, _ = _two_players(client)
        codes = [client.post(f"/api/games/{game}/chat",
                             json={"token": ann, "text": f"line {n}"}).status_code
                 for n in range(3)]
        assert codes == [201, 201, 409]
        assert len(_lines(client, game)) == 2


def test_the_talk_is_kept_beside_the_record_not_in_it(tmp_path: Path) -> None:
    store = Store(_url(tmp_path))
    table = Table.create(["you", "random", "random"], seed=2, names=["Ann", None, None])
    store.save(table)
    assert store.say(table.id, 0, "Ann", "hello") is not None
    assert store.say(table.id, 0, "Ann", "again", most=1) is None
    loaded = store.load(table.id)
    assert loaded is not None and loaded.record() == table.record()
    assert [line.text for line in store.talk(table.id)] == ["hello"]
    assert store.talk("another") == []


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_taken_clean_or_refused(text: str) -> None:
    try:
        line = clean_line(text)
    except TableError as exc:
        assert exc.status == 400 and str(exc)
        return
    assert 0 < len(line) <= CHAT_MAX and line == " ".join(text.split())
    assert "\n" not in line and "\t" not in line
    line.encode("utf-8")  # no lone surrogate: it can be stored and sent as JSON


def test_a_name_carried_into_a_game_played_again_is_kept_as_it_shows() -> None:
    """A name taken before a rule refused it (tags after a black flag, taken until
    today) is never refused when it is carried into the game played again: it is kept
    as the page shows it, the hidden tags left out."""
    old = f"Ann🏴{_tags('a')}\U000e007f"
    assert clean_name(old, "Seat 0", carried=True) == "Ann🏴"
    with pytest.raises(TableError, match="control characters"):
        clean_name(old, "Seat 0")
    with pytest.raises(TableError, match="must be text"):
        clean_name(5, "Seat 0", carried=True)


def test_one_address_says_only_so_many_lines_over_all_its_games(tmp_path: Path) -> None:
    """Talk was limited per seat and game alone: one address starting its 30 games
    each ten minutes and filling each with 2,000 lines could grow the database by
    about 1.7 GB a day (a security pass). An address says at most 300 lines in ten
    minutes over all its games (``--ip-chat-rate``): past it, 429 over HTTP and the
    WebSocket, and nothing is kept or sent."""
    with TestClient(create_app(_url(tmp_path), address_chat_rate="3/minute")) as client:
        first, ann, _ = _two_players(client)
        second, cal, _ = _two_players(client)
        for game, token in ((first, ann), (second, cal), (first, ann)):
            said = client.post(f"/api/games/{game}/chat", json={"token": token, "text": "hi"})
            assert said.status_code == 201, said.text
        refused = client.post(f"/api/games/{second}/chat", json={"token": cal, "text": "hi"})
        assert refused.status_code == 429
        assert refused.json()["error"]["reason"].startswith(
            "your address is talking too fast over all its games (at most 3 lines a "
            "minute): try again in ")
        with client.websocket_connect(f"/api/games/{second}/ws?token={cal}") as ws:
            ws.send_json({"type": "say", "text": "hello?"})
            for _ in range(20):
                message = ws.receive_json()
                if message["type"] == "error":
                    break
            assert message["for"] == "say" and message["status"] == 429
        assert len(_lines(client, first)) == 2 and len(_lines(client, second)) == 1
