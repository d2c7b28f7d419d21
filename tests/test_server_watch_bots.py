"""Watch three bots play (docs/web.md, "Watch three bots play"): a table made with no
human seat, every card face up for its watchers, each move with the bot's reason, at a
pace a person can follow, playing only while somebody watches, and only so many at once.
At any table with a human seat a watcher still sees no hidden card (R14)."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cutthroat.bots.base import choose_explained
from cutthroat.server.app import Server, create_app
from cutthroat.server.store import Store
from cutthroat.server.tables import Table, TableError
from sockets import eventually

CARD = re.compile(r"\b(?:[789TJQKA][CDHS]|JO)\b")
CHEAP = ["beginner", "intermediate", "beginner"]
"""Bots that give their reasons and answer at once."""


def _app(tmp_path: Path, **options: Any) -> Any:
    settings: dict[str, Any] = {"watch_pace": 0, "hand_pause": 0, **options}
    return create_app(f"sqlite:///{tmp_path / 'games.db'}", **settings)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A server with no pace and no pause between hands."""
    with TestClient(_app(tmp_path)) as made:
        yield made


def _watch_game(client: TestClient, seats: list[str] | None = None, **extra: Any) -> str:
    body: dict[str, Any] = {"watch": True, "seed": 11, **extra}
    if seats is not None:
        body["seats"] = seats
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    assert made["seat"] is None and made["token"] is None
    return str(made["game"])


def _public(client: TestClient, game: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game}/public")
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def _moves(state: dict[str, Any]) -> int:
    """How far the game has gone: every move and deal (the state's version)."""
    return int(state["version"])


def _states_until(ws: Any, done: Any, most: int = 5000) -> list[dict[str, Any]]:
    """The states a socket hears until ``done(state)``."""
    heard = []
    for _ in range(most):
        message = ws.receive_json()
        if message["type"] != "state":
            continue
        heard.append(message["state"])
        if done(message["state"]):
            return heard
    raise AssertionError("the game never got there")


def _server(client: TestClient) -> Server:
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    return server


def _idle(client: TestClient, game: str) -> None:
    """Wait until nothing is at work at the table: the move a bot was thinking over as
    its watcher left has been made and saved."""
    def unused() -> bool:
        room = _server(client).rooms.get(game)
        return room is None or room.unused
    eventually(unused, client)
    assert unused(), f"table {game} is still at work"


# --- making one ----------------------------------------------------------------------


def test_a_table_of_three_bots_is_made_with_no_seat_and_three_experts_by_default(
        client: TestClient) -> None:
    game = _watch_game(client)
    state = _public(client, game)
    assert [p["kind"] for p in state["players"]] == ["bot"] * 3
    assert [p["bot"] for p in state["players"]] == ["expert"] * 3
    assert state["bots_only"] is True and state["watch_pace"] == 0
    assert [len(cards) for cards in state["face_up"]["cards"]] == [5, 5, 5]


@pytest.mark.parametrize(("body", "words"), [
    ({"seats": ["you", "random", "random"]}, "no seat may be \"you\""),
    ({"seats": ["random", "open", "random"]}, "no seat may be \"you\" or \"open\""),
    ({"seats": ["random", "os.system", "random"]}, "unknown bot"),
    ({"seats": ["random", "cutthroat.bots.random.RandomBot", "random"]}, "unknown bot"),
    ({"seats": ["random", "expert:bid_samples=9", "random"]}, "by name alone"),
    ({"seats": ["random", "random"]}, "three seats"),
    ({"name": "Ann"}, "no player"),
    ({"coach": True}, "no player"),
    ({"watch": "yes"}, "watch"),
])
def test_a_table_of_three_bots_takes_registered_bots_only(
        client: TestClient, body: dict[str, Any], words: str) -> None:
    answer = client.post("/api/games", json={"watch": True, **body})
    assert answer.status_code == 400 and words in answer.json()["error"]["reason"], answer.text
    assert not _server(client).rooms


# --- cards face up, and only there (R14) --------------------------------------------------


def test_a_watcher_of_three_bots_sees_every_card_as_it_lies_and_each_reason(
        client: TestClient) -> None:
    game = _watch_game(client, CHEAP)
    table = _server(client).rooms[game].table
    with client.websocket_connect(f"/api/games/{game}/watch") as ws:
        heard = _states_until(ws, lambda s: s["status"] == "hand_over")
    first = heard[0]
    hand = table.game.hands[0]
    dealt = hand.dealt
    for seat in range(3):
        assert sorted(first["face_up"]["cards"][seat]) == sorted(
            str(c) for c in dealt.hands[seat])
    assert sorted(first["face_up"]["dummy"]) == sorted(str(c) for c in dealt.dummy)
    assert sorted(first["face_up"]["kitty"]) == sorted(str(c) for c in dealt.kitty)
    every = {str(c) for c in (*dealt.dummy, *dealt.kitty)} | {
        str(c) for s in range(3) for c in dealt.hands[s]}
    last = heard[-1]
    moves = [str(m) for m in hand.moves]
    assert last["face_up"]["moves"] == moves and len(last["reasons"]) == len(moves)
    assert all(isinstance(r, str) and r for r in last["reasons"]), last["reasons"]
    for state in heard:  # each state: every card somewhere, a reason for every move made
        up = state["face_up"]
        assert len(state["reasons"]) == len(up["moves"])
        played = {m.split(" ")[2] for m in up["moves"] if m.split(" ")[1] == "play"}
        lying = {c for cards in up["cards"] for c in cards} | set(up["dummy"]) | set(
            up["kitty"]) | set(up["buried"])
        assert lying | played == every and not lying & played, state
    if hand.dealer_discard is not None:
        assert last["face_up"]["discard"] == str(hand.dealer_discard)


def _hidden_cards_shown(state: dict[str, Any]) -> set[str]:
    """The cards a watcher's state shows that nobody at the table has shown: while a
    hand is played, every card in it but the up-card and the cards played."""
    if state["status"] != "playing":
        return set()  # a finished hand is shown whole to everybody, as ever
    view = state["view"]
    shown = {view["upcard"]}
    shown |= {c for trick in view["tricks"] for _, c in trick["plays"]}
    shown |= {c for _, c in view["current_trick"]}
    named = {k: v for k, v in state.items() if k != "game"}  # a random id may read as a card
    return set(CARD.findall(json.dumps(named))) - shown


@pytest.mark.parametrize("stood_in", [False, True])
def test_a_table_with_a_human_seat_never_shows_a_watcher_a_hidden_card(
        tmp_path: Path, stood_in: bool) -> None:
    """Ann plays against two bots, or lets a bot play for her so that bots play every
    seat: a watcher sees no card in any hand, whole games long, over the socket and
    over HTTP, and none of the fields of a table of three bots."""
    with TestClient(_app(tmp_path)) as client:
        ann = client.post("/api/games", json={"seats": ["you", *CHEAP[1:]], "seed": 3,
                                              "name": "Ann", "rules": "short"}).json()
        game = ann["game"]
        with client.websocket_connect(f"/api/games/{game}/watch") as ws:
            if stood_in:
                answer = client.post(f"/api/games/{game}/standin",
                                     json={"token": ann["token"], "seat": 0})
                assert answer.status_code == 200, answer.text
                heard = _states_until(ws, lambda s: s["status"] == "over")
            else:
                heard = []
                for _ in range(40):  # Ann plays her first legal move, a few times over
                    state = client.get(f"/api/games/{game}",
                                       params={"token": ann["token"]}).json()
                    if state["status"] == "hand_over":
                        client.post(f"/api/games/{game}/next", json={"token": ann["token"]})
                    elif state["status"] == "playing" and state["view"]["legal"]:
                        client.post(f"/api/games/{game}/actions",
                                    json={"token": ann["token"],
                                          "action": state["view"]["legal"][0]})
                    heard.append(_public(client, game))
                heard.append(ws.receive_json()["state"])
        heard.append(_public(client, game))
    assert any(s["status"] == "playing" for s in heard)
    for state in heard:
        assert not {"face_up", "reasons", "bots_only", "watch_pace"} & set(state), state
        assert _hidden_cards_shown(state) == set(), state


def test_a_table_of_three_bots_shows_hidden_cards_that_a_human_table_would_not(
        client: TestClient) -> None:
    """The check above fails where cards are face up: it sees them."""
    game = _watch_game(client, CHEAP)
    with client.websocket_connect(f"/api/games/{game}/watch") as ws:
        heard = _states_until(ws, lambda s: s["status"] == "playing")
    assert len(_hidden_cards_shown(heard[-1])) >= 15


# --- the pace, and the next hand --------------------------------------------------------


def test_each_move_takes_the_pace_at_a_table_of_bots_and_other_tables_are_not_slowed(
        tmp_path: Path) -> None:
    with TestClient(_app(tmp_path, watch_pace=0.3)) as client:
        started = time.monotonic()
        ann = client.post("/api/games", json={"seats": ["you", "random", "random"],
                                              "seed": 2}).json()
        answer = client.post(f"/api/games/{ann['game']}/standin",
                             json={"token": ann["token"], "seat": 0}).json()
        elapsed = time.monotonic() - started
        assert answer["status"] == "hand_over"  # a whole hand, unpaced (paced: 0.3 s a move)
        played = len(answer["view"]["moves"])
        assert elapsed < 0.3 * played / 2, (elapsed, played)
        game = _watch_game(client, ["random"] * 3)
        with client.websocket_connect(f"/api/games/{game}/watch") as ws:
            heard = _states_until(ws, lambda s: len(s["face_up"]["moves"]) >= 3)
            times = [time.monotonic()]
            _states_until(ws, lambda s: len(s["face_up"]["moves"]) >= 8)
            times.append(time.monotonic())
    assert heard[-1]["watch_pace"] == 0.3
    # Five moves at least 0.3 s apart (a loaded machine may hear one late, not early).
    assert times[1] - times[0] >= 5 * 0.3 * 0.8


def test_the_next_hand_deals_itself_and_a_game_plays_to_its_end_then_replays(
        client: TestClient) -> None:
    game = _watch_game(client, CHEAP, rules="short")
    with client.websocket_connect(f"/api/games/{game}/watch") as ws:
        heard = _states_until(ws, lambda s: s["status"] == "over")
    assert heard[-1]["hand_number"] >= 2 and heard[-1]["winners"]
    assert any(s["status"] == "hand_over" and s["next_hand_after"] == 0 for s in heard)
    replay = client.get(f"/api/games/{game}/replay")
    assert replay.status_code == 200 and replay.json()["over"] is True


# --- only while watched; so many at once ------------------------------------------------


def test_a_table_of_bots_plays_only_while_somebody_watches(client: TestClient) -> None:
    game = _watch_game(client, CHEAP)
    time.sleep(0.3)
    unwatched = _public(client, game)
    assert unwatched["face_up"]["moves"] == []  # made, not yet watched: it waits
    with client.websocket_connect(f"/api/games/{game}/watch") as ws:
        _states_until(ws, lambda s: len(s["face_up"]["moves"]) >= 2)
    _idle(client, game)  # the move thought over as the watcher left may be made
    left = _public(client, game)
    time.sleep(0.5)
    assert _public(client, game)["version"] == left["version"]  # it stopped
    with client.websocket_connect(f"/api/games/{game}/watch") as ws:
        _states_until(ws, lambda s: _moves(s) > _moves(left))  # and goes on


def test_a_table_of_bots_left_in_the_pause_after_a_hand_deals_no_more(
        tmp_path: Path) -> None:
    """The watcher leaves in the pause after a hand, and somebody asks for the game
    over HTTP: the next hand waits for a watcher (a table of bots plays while somebody
    watches it), as the bots in it would."""
    with TestClient(_app(tmp_path, hand_pause=0.5)) as client:
        game = _watch_game(client, CHEAP)
        with client.websocket_connect(f"/api/games/{game}/watch") as ws:
            over = _states_until(ws, lambda s: s["status"] == "hand_over")[-1]
        for _ in range(10):  # 1 s: well past the pause
            assert _public(client, game)["hand_number"] == over["hand_number"]
            time.sleep(0.1)
        with client.websocket_connect(f"/api/games/{game}/watch") as ws:
            _states_until(ws, lambda s: s["hand_number"] > over["hand_number"])


def test_after_a_restart_a_table_of_bots_goes_on_when_opened_with_its_reasons(
        tmp_path: Path) -> None:
    with TestClient(_app(tmp_path)) as client:
        game = _watch_game(client, CHEAP)
        with client.websocket_connect(f"/api/games/{game}/watch") as ws:
            _states_until(ws, lambda s: len(s["face_up"]["moves"]) >= 3)
        _idle(client, game)
        before = _public(client, game)
    assert all(before["reasons"]) and len(before["reasons"]) >= 3
    with TestClient(_app(tmp_path)) as client:
        after = _public(client, game)
        assert after["reasons"] == before["reasons"]  # kept with the moves
        time.sleep(0.3)
        assert _public(client, game)["version"] == before["version"]  # nobody watches
        with client.websocket_connect(f"/api/games/{game}/watch") as ws:
            heard = _states_until(ws, lambda s: _moves(s) > _moves(before) + 1)
        assert heard[-1]["reasons"][:len(before["reasons"])] == before["reasons"]


def test_only_so_many_games_of_bots_play_at_once(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path, watch_games=1)) as client:
        game = _watch_game(client, CHEAP, rules="short")
        refused = client.post("/api/games", json={"watch": True, "seats": CHEAP})
        assert refused.status_code == 429, refused.text
        assert "at most 1 game of three bots at once" in refused.json()["error"]["reason"]
        # a game with a player is not counted
        assert client.post("/api/games", json={"seats": ["you", "random", "random"]}
                           ).status_code == 201
        room = _server(client).rooms[game]
        room.held_until = 0  # made long ago, and nobody watches: it plays no more
        other = _watch_game(client, CHEAP, rules="short")
        assert client.post("/api/games", json={"watch": True, "seats": CHEAP}
                           ).status_code == 429
        with client.websocket_connect(f"/api/games/{other}/watch") as ws:
            _states_until(ws, lambda s: s["status"] == "over")  # over: no longer counted
            assert client.post("/api/games", json={"watch": True, "seats": CHEAP}
                               ).status_code == 201


def test_the_serve_command_takes_the_pace_and_the_number_of_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from cutthroat.cli import app

    started: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda made, **kwargs: started.append(made))
    for option in ("--watch-pace", "--watch-games"):
        done = CliRunner().invoke(app, ["serve", option, "-1", "--db", "sqlite://"])
        assert done.exit_code == 2 and option in done.stderr and not started
    done = CliRunner().invoke(app, ["serve", "--watch-pace", "0.5", "--watch-games", "2",
                                    "--db", "sqlite://"])
    assert done.exit_code == 0, done.output
    server = started[0].state.server
    assert server.watch_pace == 0.5 and server.watch_games == 2
    assert create_app("sqlite://").state.server.watch_pace == 1.5


def test_a_bot_s_move_not_saved_at_a_table_of_bots_is_taken_back_with_its_reason(
        tmp_path: Path) -> None:
    """At a table of three bots, a bot's move whose save fails (the disk full) is taken
    back, and its reason with it: watchers are never shown a move, or a reason, that a
    restart would lose; the move made again once the store is back is kept with its
    own reason."""
    class Failing(Store):
        broken = False

        def save(self, table: Table, reasons: object = ()) -> None:
            if self.broken:
                raise OSError("disk full")
            super().save(table, reasons)  # type: ignore[arg-type]

    async def scenario() -> None:
        store = Failing(f"sqlite:///{tmp_path / 'games.db'}")
        server = Server(store)
        table = Table.create(CHEAP, seed=11, watch=True)
        assert table.bots_only
        for _ in range(3):  # a few moves in: the reason's place is (hand 0, move 3)
            table.bot_move()
        room = await server.add(table)  # nobody watches: no bot moves by itself
        turn = table.bot_turn()
        assert turn is not None and table.version == room.table.version
        seat, bot, view = turn
        action, reason = choose_explained(bot, view)
        moves = len(table.game.hand.moves)  # type: ignore[union-attr]
        store.broken = True
        table.apply_bot(seat, action)
        with pytest.raises(TableError) as refused:
            await server._changed_by_bot(room, seat, reason)
        assert refused.value.status == 503
        assert len(table.game.hand.moves) == moves  # type: ignore[union-attr]
        assert room.reasons == {}  # no reason kept for the move taken back
        assert table.bot_to_move() == seat  # the same bot is to move again
        store.broken = False
        table.apply_bot(seat, action)
        await server._changed_by_bot(room, seat, reason)
        assert room.state_for(None)["reasons"] == [None] * moves + [reason]
        stored = store.load(table.id)
        assert stored is not None and len(stored.game.hand.moves) == moves + 1  # type: ignore[union-attr]
        assert store.reasons(table.id) == {(0, moves): reason}
        store.close()

    asyncio.run(scenario())
