"""Hints, the coach and reviews read the other players from the game so far: a seat
that has played like a beginner is read as one (:func:`cutthroat.bots.hints.hint`'s
``earlier``, :func:`~cutthroat.bots.hints.earlier_views`)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from typer.testing import CliRunner

from cutthroat import Game
from cutthroat import record as rec
from cutthroat.bots import review as review_module
from cutthroat.bots.heuristic import BeginnerBot, IntermediateBot
from cutthroat.bots.hints import earlier_views, hint, hint_json, hint_lines, views_before
from cutthroat.cli import app
from cutthroat.session import Session
from cutthroat.views import View

SAMPLES = 3
NAMES = ("Ann", "Bob", "Cy")


def in_progress(hands: int, seed: int = 5) -> Game:
    """A game of an intermediate (seat 0) against two beginners, ``hands`` hands
    finished and the next one under way, with seat 0 to act on a choice."""
    bots = [IntermediateBot(seed=0), BeginnerBot(seed=1), BeginnerBot(seed=2)]
    game = Game(seed=seed, players=NAMES)
    while True:
        if game.needs_deal:
            game.deal()
        finished = len(game.hands) - 1
        seat = game.to_act
        assert seat is not None and not game.is_over
        view = game.view(seat)
        if finished >= hands and seat == 0 and len(view.legal) > 1:
            return game
        game.push(bots[seat].choose(view), seat)


@cache
def six_hands() -> Game:
    return in_progress(6)


def test_earlier_views_are_the_seats_views_of_each_finished_hand() -> None:
    game = six_hands()
    views = earlier_views(game, 0)
    assert len(views) == 6 == len(game.hands) - 1
    scores = (0, 0, 0)
    for view, hand in zip(views, game.hands[:-1], strict=True):
        assert view == hand.view(0, scores=scores)  # nothing but what seat 0 may see
        assert view.scores == scores
        assert hand.result is not None
        scores = tuple(a + b for a, b in zip(scores, hand.result.points, strict=True))


def test_earlier_views_before_a_view_stop_at_its_hand() -> None:
    game = six_hands()
    now = game.view(0)
    assert earlier_views(game, 0, before=now) == earlier_views(game, 0)
    third = game.hands[2]
    scores = earlier_views(game, 0)[2].scores
    first_move = third.view(1, scores=scores)  # as it looked before any move, to seat 1
    at_start = earlier_views(game, 1, before=first_move)
    assert at_start == earlier_views(game, 1)[:2]
    other = in_progress(1, seed=9)
    with pytest.raises(ValueError, match="not of a hand of this game"):
        earlier_views(game, 0, before=other.view(0))
    assert views_before(game, now) == earlier_views(game, 0)
    assert views_before(game, other.view(0)) == []  # another game's view: no history


def test_hint_reads_beginners_as_beginners_from_the_game_so_far() -> None:
    game = six_hands()
    view = game.view(0)
    plain = hint(view, samples=SAMPLES)
    assert plain.models == ("intermediate",) * 3
    read = hint(view, samples=SAMPLES, earlier=earlier_views(game, 0))
    assert read.models == ("intermediate", "beginner", "beginner")
    lines = hint_lines(read, NAMES)
    assert ("Reading Bob (seat 1) as a beginner and Cy (seat 2) as a beginner, from how "
            "they have played this game (the expert guesses their cards, and their next "
            "moves, as a bot of that level would play them).") in lines  # what it means:
    # a learner met "as a beginner" with no word of it (a newcomer's QA pass)
    assert not any(line.startswith("Reading") for line in hint_lines(plain, NAMES))
    assert hint_json(read)["models"] == ["intermediate", "beginner", "beginner"]


def test_hint_refuses_earlier_views_of_another_seat_or_of_this_hand() -> None:
    game = six_hands()
    view = game.view(0)
    with pytest.raises(ValueError, match="same seat's views of hands before"):
        hint(view, samples=SAMPLES, earlier=earlier_views(game, 1))
    with pytest.raises(ValueError, match="same seat's views of hands before"):
        hint(view, samples=SAMPLES, earlier=[view])


def test_hint_and_choose_explained_take_a_view_not_a_hand_or_a_game() -> None:
    """hint(hand) is a TypeError that says to pass the seat's view, not an
    AttributeError from inside; so for choose_explained and each built-in bot's choose."""
    from cutthroat.bots import RandomBot, choose_explained, make_bot

    game = Game(seed=1)
    hand = game.deal()
    for wrong in (hand, game, "order"):
        with pytest.raises(TypeError, match=r"hint takes a seat's View, such as "
                                            r"game\.view\(game\.hand\.to_act\)"):
            hint(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="choose_explained takes a seat's View"):
            choose_explained(RandomBot(), wrong)  # type: ignore[arg-type]
    assert choose_explained(RandomBot(), game.view(1))[1] is None
    for name in ("random", "beginner", "intermediate", "expert"):
        with pytest.raises(TypeError, match="takes a seat's View"):
            make_bot(name, 0).choose(hand)  # type: ignore[arg-type]


def test_hint_command_reads_the_record_so_far(tmp_path: Any) -> None:
    path = tmp_path / "game.json"
    path.write_text(rec.dumps(six_hands()), encoding="utf-8")
    result = CliRunner().invoke(app, ["hint", str(path), "--samples", str(SAMPLES)])
    assert result.exit_code == 0, result.output
    assert "Reading Bob (seat 1) as a beginner and Cy (seat 2) as a beginner" in result.output
    shown = CliRunner().invoke(app, ["hint", str(path), "--samples", str(SAMPLES), "--json"])
    assert '"models": ["intermediate", "beginner", "beginner"]' in shown.output


def test_review_gives_each_decision_the_hands_before_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = in_progress(3)
    asked: list[tuple[View, int]] = []

    def spy(view: View, **options: Any) -> Any:
        earlier = options["earlier"]
        asked.append((view, len(earlier)))
        assert all(e.seat == view.seat for e in earlier)
        return hint(view, **options)

    monkeypatch.setattr("cutthroat.bots.hints.hint", spy)
    review_module.review(game, 0, samples=2)
    assert asked
    numbers = {number for number, _, _, _ in review_module.decisions(game, 0)}
    assert {count for _, count in asked} <= set(range(len(game.hands)))
    assert max(count for _, count in asked) == max(numbers)
    for view, count in asked:  # the views before a decision are of the hands before it
        assert earlier_views(game, 0, before=view) == earlier_views(game, 0)[:count]


def test_session_hints_and_coach_read_the_game_so_far() -> None:
    game = six_hands()
    session = Session(game, 0, ["beginner", "beginner"], hint_samples=SAMPLES)
    assert session.analyse(game.view(0)).models == ("intermediate", "beginner", "beginner")
    other = in_progress(0, seed=9)  # a view of another game (a new one since): no history
    assert session.analyse(other.view(0)).models == ("intermediate",) * 3


def test_browser_hint_and_coach_read_the_game_so_far(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    import cutthroat.server.advice as advice
    from cutthroat.actions import Action
    from cutthroat.server.rooms import Server
    from cutthroat.server.store import Store
    from cutthroat.server.tables import Table

    monkeypatch.setattr(advice, "hint", lambda view, **options: hint(
        view, samples=SAMPLES, **options))
    table = Table.create(["you", "beginner", "beginner"], seed=5)
    me = IntermediateBot(seed=0)
    while len(table.game.hands) < 5 or table.game.to_act != 0:
        if table.status == "hand_over":
            table.next_hand(0)
        elif table.bot_to_move() is not None:
            table.bot_move()
        else:
            table.act(0, str(me.choose(table.game.view(0))))
    view = table.game.view(0)

    async def scenario() -> dict[str, Any]:
        server = Server(Store(f"sqlite:///{tmp_path / 'games.db'}"))
        room = await server.add(table)
        answer = await server.hint(room, 0)
        coached: list[tuple[int, ...]] = []
        monkeypatch.setattr(advice, "hint", lambda view, **options: coached.append(
            tuple(len(e.moves) for e in options["earlier"])) or hint(
            view, samples=SAMPLES, **options))
        await server._coach(room, 0, view, Action.parse(view.legal[0]), len(table.game.hands))
        assert coached == [tuple(len(e.moves) for e in earlier_views(table.game, 0))]
        return answer

    answer = asyncio.run(scenario())
    assert answer["models"] == ["intermediate", "beginner", "beginner"]
    assert any(line.startswith("Reading") for line in answer["lines"])
