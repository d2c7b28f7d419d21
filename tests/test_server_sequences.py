"""Random sequences of requests to the web game's server over HTTP, with restarts of the
server between them (docs/protocol.md: "HTTP", "Versions", "The state for a seat",
"Watching", "Storage").

A Hypothesis state machine plays one game per example, against two bots or with a
friend and a bot, on a SQLite file of its own: legal moves (with or without the state's
``version``), the next hand, take-backs, asks for more time, a bot standing in for a
player and the player back, requests the server must refuse, restarts, and once the game
is over, playing again (the machine then goes on with the new game). After
every step it checks what the server promises whatever the order of requests: every
move is saved before it is answered, and a restart gives the same game back; a refused
request (4xx with a reason in words) changes nothing; the version and the scores never
go down; and no seat, nor a watcher, is shown a card it may not see (R14).
"""

from __future__ import annotations

import random
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from cutthroat.actions import Action
from cutthroat.cards import cards_of_mask, deck, deck_mask
from cutthroat.server.room import MORE_TIME
from cutthroat.server.seats import STANDIN
from cutthroat.server.tables import Table
from server_helpers import (
    _cards_named,
    _client,
    _create,
    _forbidden,
    _play_to_the_end,
    _reason,
    _settled,
    _stop,
    _stop_servers,
    _without,
)
from strategies import known_mask, rules_st

__all__ = ["_stop_servers"]  # the fixture, used by name

BOTS = ("random", "beginner", "intermediate")
"""The bots the games are played against: those that answer at once (not the expert)."""
TOKEN_TEXT = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_",
                     min_size=1, max_size=40)
"""Tokens and game ids that are no seat's, no game's."""
RESTARTED = ("more_time",)
"""What a restart may change in a state: the asks for more time over the move to make
start again from 0 (protocol.md, "A bot for a player who has gone"). Nothing else of a
state may differ: ``connected`` and ``watchers`` count sockets, and this test opens
none, and ``held_s`` comes only with a game started to play again."""


def _words(answer: Any) -> str:
    """The reason of a refusal: a sentence, not a code."""
    reason = _reason(answer)
    assert re.search(r"[a-z]{3,} [a-z]{2,}", reason), answer.text
    return reason


def _action(text: str) -> Action | None:
    """The action a text names, as the server reads it (``None`` if it names none);
    ``"2 play JH"`` names the seat too, which is left aside."""
    words = text.split()
    if words and words[0].isdigit():
        words = words[1:]
    try:
        return Action.parse(" ".join(words))
    except Exception:  # any text that is no action, which the server refuses too
        return None


def _moves(state: dict[str, Any]) -> list[str]:
    view = state["view"]
    return [] if view is None else list(view["moves"])


class ServerSequences(RuleBasedStateMachine):
    """One game on a server of its own, driven over HTTP (docs/protocol.md, "HTTP")."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="cutthroat-sequences-"))
        self.client = _client(self.folder)
        self.game = ""
        self.tokens: dict[int, str] = {}
        """Each person's seat and its token."""
        self.friends = False
        """Two people and a bot (no undo there); else one person against two bots."""
        self.resend: dict[str, Any] | None = None
        """The body of the last move made, with the version it was made at."""
        self.seen: dict[str, Any] = {}
        """The latest snapshot (:meth:`snapshot`) the invariants checked."""

    def teardown(self) -> None:
        _stop(self.client)
        shutil.rmtree(self.folder, ignore_errors=True)

    # --- the game and what it looks like ------------------------------------------

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        """A person against two bots, or two people (the second joins) and a bot, at
        seats in any order, under rules of any variant played to 1-4 points."""
        rules = data.draw(rules_st(targets=st.integers(1, 4)), label="rules")
        self.friends = data.draw(st.booleans(), label="friends")
        bots = data.draw(st.lists(st.sampled_from(BOTS), min_size=2, max_size=2),
                         label="bots")
        seats = ["you", "open" if self.friends else bots[1], bots[0]]
        seats = data.draw(st.permutations(seats), label="seats")
        seed = data.draw(st.integers(0, 2**32), label="seed")
        if self.friends:  # dealt from a seed the server draws: this example's, to replay it
            with mock.patch("secrets.randbelow", return_value=seed):  # (Table.create's)
                made = _create(self.client, seats, rules=rules.to_json())
            joined = self.client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"})
            assert joined.status_code == 200, joined.text
            self.tokens[joined.json()["seat"]] = joined.json()["token"]
        else:
            made = _create(self.client, seats, seed=seed, rules=rules.to_json())
        self.game = made["game"]
        self.tokens[made["seat"]] = made["token"]
        _settled(self.client, made)

    def path(self, what: str = "") -> str:
        return f"/api/games/{self.game}" + (f"/{what}" if what else "")

    def state(self, seat: int) -> dict[str, Any]:
        answer = self.client.get(self.path(), params={"token": self.tokens[seat]})
        assert answer.status_code == 200, answer.text
        state: dict[str, Any] = answer.json()
        return state

    def stored(self) -> Table:
        """The game as the database holds it now."""
        table: Table | None = self.client.app.state.server.store.load(  # type: ignore[attr-defined]
            self.game)
        assert table is not None
        return table

    def snapshot(self) -> dict[str, Any]:
        """Everything a client can see of the game (the state for each person's seat, a
        watcher's) and the game as stored (its record, its seats)."""
        public = self.client.get(self.path("public"))
        assert public.status_code == 200, public.text
        stored = self.stored()
        return {"seats": {seat: self.state(seat) for seat in sorted(self.tokens)},
                "public": public.json(), "version": stored.version,
                "record": stored.record(), "stored_seats": stored.stored_seats()}

    def unchanged(self, before: dict[str, Any], answer: Any, statuses: tuple[int, ...]) -> None:
        """``answer`` is a refusal of one of ``statuses``, with a reason in words, and
        nothing changed: no state, nor the game stored."""
        assert answer.status_code in statuses, (answer.status_code, answer.text)
        _words(answer)
        assert self.snapshot() == before

    @property
    def now(self) -> dict[str, Any]:
        """The state of the game (as the first person's seat sees it)."""
        state: dict[str, Any] = self.seen["seats"][min(self.tokens)]
        return state

    def to_act(self) -> int | None:
        seat: int | None = self.now["to_act"] if self.now["status"] == "playing" else None
        return seat

    # --- moves -------------------------------------------------------------------------

    @precondition(lambda self: self.seen and self.now["status"] == "playing")
    @rule(data=st.data())
    def moves(self, data: st.DataObject) -> None:
        """Legal moves of the seat to act (a person's: the bots have moved), each chosen
        from its state, with that state's version or without, its token in the body,
        the query or a header, up to the hand's end: each made, with the bots' replies,
        and the version grows by the moves made."""
        self.play(data)

    @precondition(lambda self: self.seen and self.now["status"] == "playing")
    @rule(data=st.data())
    def more_moves(self, data: st.DataObject) -> None:
        """:meth:`moves` again, so that Hypothesis, which picks among the rules alike,
        plays more than it restarts or asks for more time."""
        self.play(data)

    def play(self, data: st.DataObject) -> None:
        """Up to four moves of the persons to act (:meth:`move`), and, against bots, a
        take-back of the last (:meth:`undo`) now and then."""
        seat = self.to_act()
        assert seat in self.tokens, f"a bot at seat {seat} has not moved"
        state = self.seen["seats"][seat]
        for _ in range(data.draw(st.integers(1, 4), label="moves")):
            if state["status"] != "playing":
                break
            state = self.move(data, state)
        if not self.friends and data.draw(st.booleans(), label="then undo"):
            self.seen = self.snapshot()  # (the moves were checked one by one)
            self.take_back(data)

    def move(self, data: st.DataObject, before: dict[str, Any]) -> dict[str, Any]:
        """One legal move of the person to act on ``before`` (its state); the state
        after it."""
        seat = before["to_act"]
        assert seat in self.tokens and before["seat"] == seat, f"a bot at {seat} has not moved"
        legal = before["view"]["legal"]
        assert legal, before
        body = {"token": self.tokens[seat],
                "action": data.draw(st.sampled_from(legal), label="action")}
        if data.draw(st.booleans(), label="with version"):
            body["version"] = before["version"]
        sent = data.draw(st.sampled_from(["body", "query", "header"]), label="token in")
        answer = self.client.post(  # the token in the body, the query or a header
            self.path("actions"), json=_without(body, ("token",)) if sent != "body" else body,
            params={"token": body["token"]} if sent == "query" else None,
            headers={"Authorization": f"Bearer {body['token']}"} if sent == "header" else None)
        assert answer.status_code == 200, answer.text
        after: dict[str, Any] = answer.json()
        old, new = _moves(before), _moves(after)
        assert after["hand_number"] == before["hand_number"]
        assert new[:len(old)] == old and new[len(old)].startswith(f"{seat} ")
        assert after["version"] - before["version"] == len(new) - len(old)
        self.resend = {**body, "version": before["version"]}
        if after["status"] == "playing" and after["to_act"] != seat:
            after = self.state(after["to_act"])  # the other person's turn
        return after

    @precondition(lambda self: self.seen and self.now["status"] == "hand_over")
    @rule(data=st.data())
    def next_hand(self, data: st.DataObject) -> None:
        """Any person deals the next hand once the last is over: the scores stay, the
        version grows by the deal and the bots' moves."""
        seat = data.draw(st.sampled_from(sorted(self.tokens)), label="seat")
        before = self.seen["seats"][seat]
        body: dict[str, Any] = {"token": self.tokens[seat]}
        if data.draw(st.booleans(), label="with version"):
            body["version"] = before["version"]
        answer = self.client.post(self.path("next"), json=body)
        assert answer.status_code == 200, answer.text
        after = answer.json()
        assert after["hand_number"] == before["hand_number"] + 1
        assert after["version"] - before["version"] == 1 + len(_moves(after))
        if after["status"] == "playing":
            assert after["scores"] == before["scores"] == after["view"]["scores"]
            return
        # Over with the bots' moves alone: every person sat out, their partner's lone
        # defence (R13; a hunt found it, and this check had taken it for a change of
        # scores without a hand), and the hand scored as R18-R21 and R22 say (the
        # view's scores are those before the hand, docs/protocol.md).
        hand = self.stored().game.hands[-1]
        assert hand.sitting_out is not None and set(self.tokens) == {hand.sitting_out}
        assert hand.result is not None and after["view"]["scores"] == before["scores"]
        assert after["scores"] == [was + points for was, points in zip(
            before["scores"], hand.result.points, strict=True)]

    @precondition(lambda self: self.seen and not self.friends)
    @rule(data=st.data())
    def undo(self, data: st.DataObject) -> None:
        """Against bots, a take-back: the person's last move of the hand and the bots'
        replies after it, the version up by the moves taken back (protocol.md,
        "Versions"); or refused (409, nothing changed), as it must be when the hand is
        not in play or the person has made no move in it."""
        self.take_back(data)

    def take_back(self, data: st.DataObject) -> None:
        """:meth:`undo`, from the latest snapshot (:attr:`seen`)."""
        seat = min(self.tokens)
        before = self.seen["seats"][seat]
        body: dict[str, Any] = {"token": self.tokens[seat]}
        if data.draw(st.booleans(), label="with version"):
            body["version"] = before["version"]
        answer = self.client.post(self.path("undo"), json=body)
        old = _moves(before)
        mine = [i for i, move in enumerate(old) if move.startswith(f"{seat} ")]
        if answer.status_code != 200:
            self.unchanged(self.seen, answer, (409,))
            return
        assert before["status"] == "playing" and mine, answer.text
        after = answer.json()
        new = _moves(after)
        assert new == old[:mine[-1]], (old, new)  # the last of its moves, and all after
        assert after["version"] - before["version"] == len(old) - len(new)
        assert after["to_act"] == seat and after["status"] == "playing"
        assert after["scores"] == before["scores"]
        assert after["hand_number"] == before["hand_number"]
        taken_back = _action(old[mine[-1]])
        assert taken_back in {_action(move) for move in after["view"]["legal"]}

    @precondition(lambda self: self.seen and self.now["status"] == "playing")
    @rule(data=st.data())
    def more_time(self, data: st.DataObject) -> None:
        """The person to act asks for more time (with the count it saw, or without):
        counted, up to MORE_TIME, and nothing else changes, the version neither."""
        seat = self.to_act()
        assert seat is not None
        before = self.seen["seats"][seat]
        given = before["more_time"]["given"]
        body: dict[str, Any] = {"token": self.tokens[seat]}
        if data.draw(st.booleans(), label="with given"):
            body["given"] = given
        answer = self.client.post(self.path("more-time"), json=body)
        if given >= MORE_TIME:
            self.unchanged(self.seen, answer, (409,))
            return
        assert answer.status_code == 200, answer.text
        after = answer.json()
        assert after["more_time"] == {"given": given + 1, "left": MORE_TIME - given - 1}
        assert _without(after, RESTARTED) == _without(before, RESTARTED)

    def standing_in(self) -> list[int]:
        """The persons' seats a bot plays for now."""
        return [seat for seat, player in enumerate(self.now["players"])
                if player["kind"] == "human" and player["standin"] is not None]

    @precondition(lambda self: self.seen and self.friends and not self.standing_in()
                  and self.now["status"] in ("playing", "hand_over"))
    @rule(data=st.data())
    def stand_in(self, data: st.DataObject) -> None:
        """With a friend, a player lets a bot play their own seat, at once: the seat
        stays theirs, the version grows by the moves the bots make then and by nothing
        else (protocol.md, "A bot for a player who has gone"). (One at a time: with a
        bot for every player the next hand would be dealt by itself, on a timer.)"""
        seat = data.draw(st.sampled_from(sorted(self.tokens)), label="seat")
        before = self.seen["seats"][seat]
        body: dict[str, Any] = {"token": self.tokens[seat], "seat": seat}
        if data.draw(st.booleans(), label="with version"):
            body["version"] = before["version"]
        answer = self.client.post(self.path("standin"), json=body)
        assert answer.status_code == 200, answer.text
        after = answer.json()
        assert after["players"][seat]["standin"] == STANDIN
        old, new = _moves(before), _moves(after)
        assert after["hand_number"] == before["hand_number"] and new[:len(old)] == old
        assert after["version"] - before["version"] == len(new) - len(old)

    @precondition(lambda self: self.seen and self.standing_in())
    @rule()
    def come_back(self) -> None:
        """The player a bot plays for takes the seat back (``back``): nothing else
        changes, the version neither."""
        seat = self.standing_in()[0]
        before = self.seen["seats"][seat]
        answer = self.client.post(self.path("back"), json={"token": self.tokens[seat]})
        assert answer.status_code == 200, answer.text
        after = answer.json()
        assert after["players"][seat]["standin"] is None
        after["players"][seat]["standin"] = STANDIN
        assert after == before

    # --- requests the server refuses -----------------------------------------------------

    @precondition(lambda self: self.seen and self.now["status"] == "playing")
    @rule(data=st.data())
    def versioned_move(self, data: st.DataObject) -> None:
        """A legal move of the seat to act, sent with a version the game is not at: one
        it has moved on from (409, a move sent twice or chosen on an old state) or one
        it has never reached (400); nothing changed (protocol.md, "Versions")."""
        seat = self.to_act()
        assert seat in self.tokens
        state = self.seen["seats"][seat]
        action = data.draw(st.sampled_from(state["view"]["legal"]), label="action")
        if state["version"] > 0 and data.draw(st.booleans(), label="old"):  # 1: sent twice
            moved = data.draw(st.just(1) | st.integers(1, state["version"]), label="back")
        else:
            moved = -data.draw(st.integers(1, 1000), label="ahead")
        answer = self.client.post(self.path("actions"), json={
            "token": self.tokens[seat], "action": action, "version": state["version"] - moved})
        self.unchanged(self.seen, answer, (409,) if moved > 0 else (400,))

    @precondition(lambda self: self.seen and self.friends and self.now["status"] == "playing")
    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        """With a friend, the player whose turn it is not sends a move, one the player
        to act could make among them: refused (409, "it is not your turn"), nothing
        changed."""
        to_act = self.to_act()
        seat = next(seat for seat in self.tokens if seat != to_act)
        legal = self.seen["seats"][to_act]["view"]["legal"] if to_act in self.tokens else []
        action = data.draw(st.sampled_from([*legal, "pass", "play JH"]), label="action")
        answer = self.client.post(self.path("actions"), json={"token": self.tokens[seat],
                                                              "action": action})
        self.unchanged(self.seen, answer, (409,))

    @precondition(lambda self: self.seen)
    @rule(data=st.data())
    def refused(self, data: st.DataObject) -> None:
        """A request the server must refuse (4xx, a reason in words) and that changes
        nothing: a wrong or missing token, an unknown game, a body that is not JSON or
        has the wrong types, a version the game is not at, a move sent twice, a move out
        of turn or against the rules, a deal or an undo that may not be, a seat taken in
        a full game, the record before the game's end."""
        status, to_act = self.now["status"], self.to_act()
        seat = data.draw(st.sampled_from(sorted(self.tokens)), label="seat")
        token, version = self.tokens[seat], self.now["version"]
        legal = self.seen["seats"][seat]["view"]["legal"] if status == "playing" else []
        some = legal[0] if legal else "pass"
        kinds = ["wrong token", "no token", "unknown game", "not JSON", "wrong types",
                 "future version", "join", "record"]
        if version > 0:
            kinds.append("stale version")
        if self.resend is not None:
            kinds.append("sent twice")
        if seat != to_act:
            kinds.append("out of turn")
        else:
            kinds.append("illegal")
        if status != "hand_over":
            kinds.append("next")
        if self.friends:
            kinds += ["undo", "stand in for another"]
        if seat not in self.standing_in():
            kinds.append("back")
        kind = data.draw(st.sampled_from(kinds), label="kind")
        post = self.client.post
        answer: Any
        body: Any
        expected: tuple[int, ...]
        if kind == "wrong token":
            wrong = data.draw(TOKEN_TEXT.filter(lambda t: t not in self.tokens.values()))
            what = data.draw(st.sampled_from(["state", "actions", "next", "undo",
                                              "more-time"]))
            answer = (self.client.get(self.path(), params={"token": wrong})
                      if what == "state" else
                      post(self.path(what), json={"token": wrong, "action": some}
                           if what == "actions" else {"token": wrong}))
            expected = (403,)
        elif kind == "no token":
            body = data.draw(st.sampled_from([{}, {"token": None}, {"token": ""}]))
            what = data.draw(st.sampled_from(["state", "actions", "next", "undo",
                                              "more-time"]))
            answer = (self.client.get(self.path()) if what == "state" else
                      post(self.path(what), json={**body, "action": some}
                           if what == "actions" else body))
            expected = (401,)
        elif kind == "unknown game":
            unknown = data.draw(TOKEN_TEXT.filter(lambda g: g != self.game))
            answer = post(f"/api/games/{unknown}/actions", json={"token": token,
                                                                "action": some})
            expected = (404,)
        elif kind == "not JSON":
            raw = data.draw(st.sampled_from([b"{", b"play JH", b"{'token': 1}", b"\xff",
                                              b'{"token": "x", "action": "pass"']))
            what = data.draw(st.sampled_from(["actions", "next", "undo"]))
            answer = post(self.path(what), content=raw,
                          headers={"Content-Type": "application/json"})
            expected = (400,)
        elif kind == "wrong types":
            body = data.draw(st.sampled_from([
                {"token": token, "action": 5}, {"token": token, "action": None},
                {"token": token, "action": [some]}, {"token": 5, "action": some},
                {"token": [token], "action": some},
                {"token": token, "action": some, "version": str(version)},
                {"token": token, "action": some, "version": True},
                {"token": token, "action": some, "version": -1},
                {"token": token, "action": some, "version": version + 0.5},
                {"token": token, "action": some, "seat": seat},
                {"token": token}, [token, some], some, None]))
            answer = post(self.path("actions"), json=body)
            expected = (400,)
        elif kind in ("stale version", "future version"):
            moved = (data.draw(st.integers(1, version), label="back") if kind == "stale version"
                     else -data.draw(st.integers(1, 1000), label="ahead"))
            what = data.draw(st.sampled_from(["actions", "next", "undo"]))
            body = {"token": token, "version": version - moved,
                    **({"action": some} if what == "actions" else {})}
            answer = post(self.path(what), json=body)
            expected = (409,) if moved > 0 else (400,)
        elif kind == "sent twice":
            assert self.resend is not None
            answer = post(self.path("actions"), json=self.resend)
            expected = (409,)
        elif kind == "out of turn":  # another's turn, or no hand in play
            action = data.draw(st.sampled_from([some, "pass", "play JH", "order"]))
            answer = post(self.path("actions"), json={"token": token, "action": action})
            expected = (409,)
        elif kind == "illegal":
            held = self.seen["seats"][seat]["view"]["cards"]
            cards = [str(c) for c in deck(self.now["rules"]["deck"])]
            text = data.draw(st.one_of(
                st.sampled_from(["pass", "order", "pickup", "leave", "dummy", "alone",
                                 "call H", "call S", "name D", "discard 9H",
                                 "keep 9S JH JS QD TC"]),
                st.sampled_from(cards).map(lambda card: f"play {card}"),
                st.sampled_from([c for c in cards if c not in held] or cards).map(
                    lambda card: f"play {card}"),
                st.text(max_size=80)), label="illegal action")
            allowed = {_action(move) for move in legal}
            named = _action(text)
            if named is not None and named in allowed:
                return  # legal after all: not this rule's case
            answer = post(self.path("actions"), json={"token": token, "action": text})
            expected = (400,)
        elif kind == "next":
            answer = post(self.path("next"), json={"token": token})
            expected = (409,)
        elif kind == "undo":
            answer = post(self.path("undo"), json={"token": token})
            expected = (409,)
        elif kind == "stand in for another":  # who is here: refused (409) if not over
            away = next(s for s in self.tokens if s != seat)
            answer = post(self.path("standin"), json={"token": token, "seat": away})
            expected = (409,)
        elif kind == "back":
            answer = post(self.path("back"), json={"token": token})
            expected = (409,)
        elif kind == "join":
            answer = post(self.path("join"), json={"name": "Cal"})
            expected = (409,)
        else:
            assert kind == "record"
            answer = self.client.get(self.path("record"))
            if status == "over":
                assert answer.status_code == 200, answer.text
                assert answer.json() == self.seen["record"]
                return
            expected = (409,)
        self.unchanged(self.seen, answer, expected)

    @precondition(lambda self: self.seen and self.now["status"] in ("playing", "hand_over"))
    @rule(seed=st.integers(0, 2**32))
    def to_the_end(self, seed: int) -> None:
        """The game played to its end by random legal moves of its people (and the next
        hands dealt), so that what comes after the end is reached too."""
        _play_to_the_end(self.client, {seat: {"game": self.game, "token": token}
                                       for seat, token in self.tokens.items()},
                         random.Random(seed))

    # --- playing again -------------------------------------------------------------------

    @precondition(lambda self: self.seen and self.now["status"] == "over")
    @rule(data=st.data())
    def play_again(self, data: st.DataObject) -> None:
        """Once the game is over its people play again (docs/protocol.md, ``again``):
        the first to ask starts a game with the same rules and bots, sitting first with
        the others around it as they sat; a friend who asks next takes their own place;
        each who asks again (their answer lost on the way) is given the same place with a
        new token, the one before refused from then on; the finished game is as it was,
        but that every state names the new one. The machine goes on with it."""
        old = self.seen
        order = data.draw(st.permutations(sorted(self.tokens)), label="who asks first")
        first = order[0]
        tokens: dict[int, str] = {}
        answers: dict[int, dict[str, Any]] = {}
        new = ""
        seed = data.draw(st.integers(0, 2**32), label="the new game's seed")
        for seat in order:
            with mock.patch("secrets.randbelow", return_value=seed):  # (as start's)
                asked = self.client.post(self.path("again"),
                                         json={"token": self.tokens[seat]})
            assert asked.status_code == 200, asked.text
            answer = asked.json()
            assert answer["started"] is (seat == first)
            new = new or answer["game"]
            assert answer["game"] == new and answer["game"] != self.game
            assert answer["seat"] == (seat - first) % 3  # around the starter as they sat
            tokens[answer["seat"]] = answer["token"]
            answers[seat] = answer
        for seat in data.draw(st.lists(st.sampled_from(order), max_size=3),
                              label="who asks again (their answer lost?)"):
            repeated = self.client.post(self.path("again"), json={"token": self.tokens[seat]})
            assert repeated.status_code == 200, repeated.text
            token = repeated.json()["token"]  # a new one: only the hash of the first is kept
            assert repeated.json() == {**answers[seat], "token": token}
            place = answers[seat]["seat"]
            _forbidden(self.client, {"game": new, "token": tokens[place]})  # the one before
            tokens[place] = token
        after = self.snapshot()
        assert after["record"] == old["record"]
        assert after["stored_seats"] == old["stored_seats"]
        for seat, state in after["seats"].items():
            assert state["next_game"] == {"game": new, "by": first}
            assert _without(state, ("next_game", "version")) == _without(
                old["seats"][seat], ("next_game", "version"))
        before = old["seats"][first]
        self.game, self.tokens, self.resend, self.seen = new, tokens, None, {}
        state = _settled(self.client, {"game": new, "token": tokens[0]})
        assert state["rules"] == before["rules"]
        for seat, player in enumerate(before["players"]):
            again = state["players"][(seat - first) % 3]
            assert again["kind"] == player["kind"] and again.get("bot") == player.get("bot")
            if player["kind"] == "human":  # (two bots of one kind are numbered anew)
                assert again["name"] == player["name"]

    # --- restarts ------------------------------------------------------------------------

    @precondition(lambda self: self.seen)
    @rule()
    def restart(self) -> None:
        """The server stops and starts again on the same database: every seat's state,
        a watcher's and the game stored are as they were (only the asks for more time
        start again, :data:`RESTARTED`)."""
        before = self.seen
        _stop(self.client)
        self.client = _client(self.folder)
        after = self.snapshot()
        for seat, state in after["seats"].items():
            assert state["more_time"] == {"given": 0, "left": MORE_TIME}
            assert _without(state, RESTARTED) == _without(before["seats"][seat], RESTARTED)
        assert _without(after["public"], RESTARTED) == _without(before["public"], RESTARTED)
        assert _without(after, ("seats", "public")) == _without(before, ("seats", "public"))

    # --- after every step -----------------------------------------------------------------

    @invariant()
    def consistent(self) -> None:
        """After every step: the game is saved as it is shown (nothing is answered that
        a restart would lose); no bot is left to move; every seat and a watcher see the
        same game; the version, the hands dealt and the scores never go down; no seat
        sees a card it may not (R14), and a watcher only the up-card and the cards
        played. What a seat may see is worked out from the hand as the database holds
        it, by the tests' own :func:`known_mask` (its cards, the up-card, the cards
        played, its own discard or buried cards), not by the server's views."""
        if not self.game:
            return
        snap = self.snapshot()
        room = self.client.app.state.server.rooms.get(self.game)  # type: ignore[attr-defined]
        if room is not None:  # (a finished game is let go from memory at once)
            assert room.table.record() == snap["record"], "not saved as it is played"
            assert room.table.stored_seats() == snap["stored_seats"]
        stored = self.stored()
        states = [*snap["seats"].values(), snap["public"]]
        for state in states:
            assert state["version"] == snap["version"], "not saved as it is shown"
            for key in ("status", "scores", "hand_number", "to_act", "over", "winners"):
                assert state[key] == states[0][key], key
        state = states[0]
        if state["status"] == "playing":
            assert state["to_act"] in self.tokens, "a bot was left to move"
            assert state["players"][state["to_act"]]["standin"] is None, "a bot was left"
        if self.seen:
            old = self.now
            assert state["version"] >= old["version"]
            assert state["hand_number"] >= old["hand_number"]
            assert all(new >= was for new, was in zip(state["scores"], old["scores"],
                                                      strict=True))
        hand = stored.game.hand
        if state["status"] == "playing" and hand is not None:
            everything = deck_mask(stored.game.rules.deck)
            for seat, seen in snap["seats"].items():
                hidden = {str(c) for c in cards_of_mask(everything & ~known_mask(hand, seat))}
                leaked = _cards_named(seen) & hidden
                assert not leaked, f"seat {seat} sees {leaked}"
                assert bool(seen["view"]["legal"]) == (seat == state["to_act"])
            shown = {str(hand.upcard)} | {str(c) for t in hand.tricks for _, c in t.plays} \
                | {str(c) for _, c in hand.current_trick}
            leaked = _cards_named(snap["public"]) - shown
            assert not leaked, f"a watcher sees {leaked}"
        self.seen = snap


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_R14_random_requests_and_restarts_never_break_the_servers_promises() -> None:
    """Any sequence of moves, deals, take-backs, asks for more time, refused requests,
    restarts and games played again (:class:`ServerSequences`): nothing refused changes
    anything, nothing answered is lost by a restart, the version never goes down, and
    no seat sees a hidden card (R14)."""
    run_state_machine_as_test(ServerSequences, settings=settings(
        max_examples=20, stateful_step_count=30, deadline=None,
        suppress_health_check=[HealthCheck.too_slow]))
