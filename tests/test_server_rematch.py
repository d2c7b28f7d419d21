"""Playing again (docs/protocol.md): the friends at a finished table who ask sit at
one new table, where they sat, and a friend's seat there is kept for them for a while,
through a restart too.
"""

from __future__ import annotations

import random
import sqlite3
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cutthroat.rules import Rules
from cutthroat.server import seating
from cutthroat.server.app import create_app
from cutthroat.server.socket_loop import close_reason
from cutthroat.server.tables import Table
from server_helpers import (
    _client,
    _create,
    _forbidden,
    _play_out,
    _play_to_the_end,
    _reason,
    _seat_socket,
    _state,
    _stop,
    _stop_servers,
    _without,
)
from sockets import eventually as _eventually
from sockets import receive as _receive

__all__ = ["_stop_servers"]  # the fixture, used by name


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
    _play_to_the_end(client, {0: ann, 2: ben}, random.Random(seed))
    return ann, ben


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
    # Asked again (the first answer lost on the way?): the same seat, with a new token,
    # since only its hash is kept; the one given before stops working.
    before = _state(client, ann), _state(client, new)
    given = {"game": started["game"], "token": second.json()["token"]}
    with client.websocket_connect(_seat_socket(given)) as ws:  # a page that got it
        _receive(ws, "state")
        again = client.post(f"/api/games/{game}/again", json={"token": ann["token"]})
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
    assert (closed.value.code, closed.value.reason) == (4403, seating.TOKEN_GIVEN_AGAIN)
    assert close_reason(seating.TOKEN_GIVEN_AGAIN) == seating.TOKEN_GIVEN_AGAIN  # (fits)
    assert again.status_code == 200, again.text
    assert again.json() == {**second.json(), "token": again.json()["token"]}
    assert again.json()["token"] != second.json()["token"]
    _forbidden(client, {"game": started["game"], "token": second.json()["token"]})
    assert _state(client, {"game": started["game"], "token": again.json()["token"]}
                  )["seat"] == 1
    assert _state(client, ann) == before[0]  # the finished game as it was
    assert _without(_state(client, new), ("version",)) == _without(before[1], ("version",))
    _stop(client)
    restarted = _client(db_url)
    assert _state(restarted, ben)["next_game"] == {"game": started["game"], "by": 2}
    again = restarted.post(f"/api/games/{game}/again", json={"token": ben["token"]})
    assert again.status_code == 200 and again.json() == {**started,
                                                         "token": again.json()["token"]}
    _forbidden(restarted, new)
    assert _state(restarted, {"game": started["game"], "token": again.json()["token"]}
                  )["players"][0]["name"] == "Ben"


def _finished_three(client: TestClient) -> tuple[dict[str, Any], ...]:
    """A game to 1 point of three friends, Ann, Ben and Cal in seats 0, 1 and 2, played
    to its end by random moves: the three seats' answers (with their tokens)."""
    ann = _create(client, ["you", "open", "open"], seed=3, name="Ann", rules={"target": 1})
    game = ann["game"]
    ben = client.post(f"/api/games/{game}/join", json={"name": "Ben"}).json()
    cal = client.post(f"/api/games/{game}/join", json={"name": "Cal"}).json()
    _play_to_the_end(client, {0: ann, 1: ben, 2: cal}, random.Random(3))
    return {**ann, "seat": 0}, ben, cal


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


def test_playing_again_into_a_named_game_never_starts_one(tmp_path: Path) -> None:
    """``POST /again`` with ``game``: only a seat in that game, if it is the one started
    after this. The join page's link (``/?join=NEW&from=OLD``) sent it without: any
    link naming a finished game of the player's made their browser start a new game
    in their name (a security pass). Refused (409), nothing started, nobody told."""
    client = _client(tmp_path)
    ann, ben = _finished_pair(client)
    game = ann["game"]
    for into in ("abc", game):
        refused = client.post(f"/api/games/{game}/again",
                              json={"token": ben["token"], "game": into})
        assert refused.status_code == 409
        assert f"game {into} is not the game started to play again after this one" in \
            _reason(refused)
    assert _state(client, ann)["next_game"] is None  # nothing started
    started = client.post(f"/api/games/{game}/again", json={"token": ann["token"]}).json()
    wrong = client.post(f"/api/games/{game}/again",
                        json={"token": ben["token"], "game": "abc"})
    assert wrong.status_code == 409
    assert [p["kind"] for p in _state(client, {"game": started["game"],
                                               "token": started["token"]})["players"]] \
        == ["human", "bot", "open"]  # Ben's seat still open for him
    taken = client.post(f"/api/games/{game}/again",
                        json={"token": ben["token"], "game": started["game"]})
    assert taken.status_code == 200, taken.text
    assert taken.json()["game"] == started["game"] and taken.json()["started"] is False
    long = client.post(f"/api/games/{game}/again",
                       json={"token": ben["token"], "game": "x" * 65})
    assert long.status_code == 400


def test_playing_again_keeps_each_bot_with_its_options_and_deals_from_a_new_seed() -> None:
    """A game played again (``Table.again``) has the same bots, with the options they
    were made with (a server started with ``--bot-options`` took them once already),
    each where it sat from the player who asked, the same rules, and cards from a seed
    of its own (the old game's seed would deal the same cards again)."""
    rules = Rules(target=5)
    table = Table.create(["you", "expert:bid_samples=8", "open"], seed=1, rules=rules,
                         names=["Ann", None, None])
    table.join("Ben")
    new = table.again(0)
    assert [s.kind for s in new.seats] == ["human", "bot", "open"]
    assert new.seats[1].bot == "expert:bid_samples=8"
    assert new.seats[0].name == "Ann" and new.game.rules == rules
    assert new.seed != table.seed
    bens = table.again(2)  # as they sat from Ben: Ann's seat next, open for her
    assert [s.kind for s in bens.seats] == ["human", "open", "bot"]
    assert bens.seats[0].name == "Ben" and bens.seats[2].bot == "expert:bid_samples=8"


def test_a_name_taken_before_those_rules_still_starts_a_game_played_again() -> None:
    """A player named "You" (or with a filler) in a game stored before such names were
    refused starts the game played again under that name (``Table.again``): it is
    carried, not chosen, and refusing it would leave them unable to play again."""
    for name in ("You", "Ann\u3164"):
        old = Table.create(["you", "random", "random"], names=[name, None, None],
                           rename=True, seed=3)
        new = old.again(0)
        assert new.seats[0].name == name and new.tokens.keys() == {0}


def _unnoted(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Make the store unable to note a game started to play again (a disk error),
    until the function returned is called."""
    server = client.app.state.server  # type: ignore[attr-defined]
    real = server.store.save_rematch

    def broken(*_: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(server.store, "save_rematch", broken)
    return lambda: monkeypatch.setattr(server.store, "save_rematch", real)


def test_playing_again_that_cannot_be_noted_is_503_and_asked_again_gives_the_same_seat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The link from the finished game to the new one cannot be saved: the ask is
    refused as the server's trouble (503), in words, and the log names the game; the
    new game made for the player is kept for them, so asking again once the store is
    back gives the same game, seat and token, starts no other game, and the finished
    table then names it (``next_game``), through a restart too."""
    client = _client(tmp_path)
    ann, ben = _finished_pair(client)
    server = client.app.state.server  # type: ignore[attr-defined]
    mend = _unnoted(client, monkeypatch)
    path = f"/api/games/{ann['game']}/again"
    failed = client.post(path, json={"token": ann["token"]})
    assert failed.status_code == 503, failed.text
    assert _reason(failed) == ("the new game could not be noted: ask again in a moment "
                               "(your seat in it is kept for you)")
    assert f"game {ann['game']}: the new game could not be noted" in caplog.text
    assert client.post(path, json={"token": ann["token"]}).status_code == 503
    games = set(server.rooms)
    mend()
    started = client.post(path, json={"token": ann["token"]})
    assert started.status_code == 200, started.text
    assert set(server.rooms) == games  # no other game started by the asks
    new = started.json()
    assert new["started"] is True and new["seat"] == 0
    assert _state(client, {"game": new["game"], "token": new["token"]})["seat"] == 0
    assert _state(client, ben)["next_game"] == {"game": new["game"], "by": 0}
    again = client.post(path, json={"token": ann["token"]})
    assert again.status_code == 200 and again.json() == {**new, "token": again.json()["token"]}
    _forbidden(client, {"game": new["game"], "token": new["token"]})  # a new token instead
    _stop(client)
    restarted = _client(tmp_path)
    assert _state(restarted, ben)["next_game"] == {"game": new["game"], "by": 0}


def test_a_friend_whose_ask_to_play_again_got_503_has_their_seat_when_they_ask_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A friend's ask joins them to the new game before it is noted: were that note
    refused (503), the seat taken in their name, whose token they never got, left them
    out for good ("no open seat left"). The seat is kept for them: asked again, they get
    it, with the token that opens it, and the new game seats them once."""
    client = _client(tmp_path)
    ann, ben = _finished_pair(client)
    path = f"/api/games/{ann['game']}/again"
    started = client.post(path, json={"token": ann["token"]})
    assert started.status_code == 200, started.text
    mend = _unnoted(client, monkeypatch)
    assert client.post(path, json={"token": ben["token"]}).status_code == 503
    mend()
    joined = client.post(path, json={"token": ben["token"]})
    assert joined.status_code == 200, joined.text
    seat = joined.json()
    assert seat["game"] == started.json()["game"] and seat["started"] is False
    state = _state(client, {"game": seat["game"], "token": seat["token"]})
    assert state["seat"] == seat["seat"] == 2
    assert [p["name"] for p in state["players"]] == ["Ann", "Random", "Ben"]


def test_playing_again_before_the_game_is_over_says_when_it_can(tmp_path: Path) -> None:
    """"Play again" asked for in the middle of a game is "not now" (409), and says when:
    once this game is over. No new game is started."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    answer = client.post(f"/api/games/{made['game']}/again", json={"token": made["token"]})
    assert answer.status_code == 409
    assert _reason(answer) == "a new game can be started once this one is over"
    assert _state(client, made)["next_game"] is None


def test_playing_again_on_a_version_the_game_is_not_at_does_nothing(tmp_path: Path) -> None:
    """docs/protocol.md, "Versions": ``again`` carries the version it was chosen on, like
    every change; one from before the last move is refused (409), one the game never
    reached is a bad request (400), and neither starts a game; the game's own starts it."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=3, rules={"target": 1})
    final = _play_out(client, made, random.Random(3))
    assert final["status"] == "over"
    path = f"/api/games/{made['game']}/again"
    stale = client.post(path, json={"token": made["token"], "version": final["version"] - 1})
    assert stale.status_code == 409, stale.text
    assert _reason(stale).startswith("the game has moved on since the state you chose from")
    future = client.post(path, json={"token": made["token"], "version": final["version"] + 5})
    assert future.status_code == 400, future.text
    assert _state(client, made)["next_game"] is None
    started = client.post(path, json={"token": made["token"], "version": final["version"]})
    assert started.status_code == 200 and started.json()["started"] is True


def test_a_game_started_to_play_again_counts_against_the_addresss_games(
        tmp_path: Path) -> None:
    """docs/protocol.md: the game ``again`` starts "counts as a game this address
    started": past the server's ``--new-games`` it is refused (429, "too many games")
    and none is started."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}",
                               new_games="1/minute")) as client:
        made = _create(client, ["you", "random", "random"], seed=3, rules={"target": 1})
        assert _play_out(client, made, random.Random(3))["status"] == "over"
        answer = client.post(f"/api/games/{made['game']}/again",
                             json={"token": made["token"]})
        assert answer.status_code == 429, answer.text
        assert "too many games" in _reason(answer)
        assert _state(client, made)["next_game"] is None


def test_a_kept_seat_tells_its_seconds_left_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """The refusal of a kept seat says how long is left as a player reads it: "1 more
    second", "2 more seconds" (whole seconds, rounded up), and names one or two players."""
    monkeypatch.setattr(seating.time, "monotonic", lambda: 100.0)
    assert seating.held_words({1: ("Ann", 100.4)}) == (
        "the seat left is kept for Ann, who played the game before it, for 1 more "
        "second: watch the game, or ask again then")
    assert seating.held_words({1: ("Ben", 101.2), 2: ("", 100.5)}) == (
        "the seats left are kept for Ben and a player, who played the game before it, "
        "for 2 more seconds: watch the game, or ask again then")
