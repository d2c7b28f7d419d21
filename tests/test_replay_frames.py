"""A game as frames (cutthroat.frames): seeded bot games under several rule presets and
the worked examples of RECORD.md, stepped through move by move. Every frame accounts for
every card of the deal, the moves come once each in order, and the scores end as the
game's."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cutthroat import Action, Game, Rules
from cutthroat import record as rec
from cutthroat.actions import Verb
from cutthroat.bots import make_bot, play_game
from cutthroat.cards import Card
from cutthroat.frames import Frame, GameFrames, current_frame, game_frames
from cutthroat.render import describe_result

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"
"""The worked examples of RECORD.md."""

GAMES = [
    ("standard", "random", 1),
    ("standard", "intermediate", 2),
    ("benny", "random", 3),        # the joker: 25 cards, a blind trump when it is up (R6)
    ("no-dummy", "intermediate", 4),
    ("long-deck", "random", 5),    # 32 cards
    ("stick", "random", 6),
    ("short", "intermediate", 7),
]


def _played(preset: str, bot: str, seed: int) -> Game:
    game = Game(Rules.preset(preset), seed=seed, players=("Ann", "Ben", "Cal"))
    return play_game(game, [make_bot(bot, seed * 3 + s) for s in range(3)])


@pytest.fixture(scope="module", params=GAMES, ids=[f"{p}-{b}-{s}" for p, b, s in GAMES])
def played(request: pytest.FixtureRequest) -> tuple[Game, GameFrames]:
    game = _played(*request.param)
    return game, game_frames(game)


def _dealt(game: Game, index: int) -> Counter[Card]:
    deal = game.hands[index].dealt
    return Counter([*deal.hands[0], *deal.hands[1], *deal.hands[2], *deal.dummy, *deal.kitty])


def test_the_final_scores_and_winners_are_the_games(played: tuple[Game, GameFrames]) -> None:
    game, watched = played
    assert game.is_over
    assert watched.frames[-1].scores == game.scores
    assert watched.outcome == game.outcome
    assert watched.hands[-1].scores_after == game.scores
    assert watched.players == ("Ann", "Ben", "Cal")


def test_every_card_of_the_deal_is_somewhere_in_every_frame(
        played: tuple[Game, GameFrames]) -> None:
    """Hands + dummy + kitty + buried + the trick + the tricks taken = the deal, each
    card once (the dealer's discard lies in the kitty, R6)."""
    game, watched = played
    taken: list[Card] = []
    for frame in watched.frames:
        if frame.move is None:
            taken = []  # a new deal
        elif frame.move.action.verb is Verb.PLAY and frame.last_trick and not frame.trick:
            taken.extend(card for _, card in frame.last_trick.plays)  # a trick just taken
        everywhere = Counter([*frame.cards[0], *frame.cards[1], *frame.cards[2],
                              *frame.dummy, *frame.kitty, *frame.buried,
                              *(card for _, card in frame.trick), *taken])
        assert everywhere == _dealt(game, frame.hand), frame
        if frame.discard is not None:
            assert frame.discard in frame.kitty
        assert sum(frame.tricks_won) * (3 if frame.sitting_out is None else 2) == len(taken)


def test_every_move_appears_once_in_order(played: tuple[Game, GameFrames]) -> None:
    game, watched = played
    for index, (hand, info) in enumerate(zip(game.hands, watched.hands, strict=True)):
        frames = watched.frames[info.first:info.first + info.count]
        assert info.number == index + 1 and info.dealer == hand.dealer
        assert info.upcard == hand.upcard
        assert [f.hand for f in frames] == [index] * info.count
        assert frames[0].move is None
        assert frames[0].text.startswith(f"Hand {index + 1}: {game.players[hand.dealer]} deals")
        assert [f.move for f in frames[1:]] == hand.moves
    assert sum(info.count for info in watched.hands) == len(watched.frames)


def test_each_hand_ends_with_its_result_and_the_scores_after_it(
        played: tuple[Game, GameFrames]) -> None:
    game, watched = played
    running = [0, 0, 0]
    for hand, info in zip(game.hands, watched.hands, strict=True):
        assert hand.result is not None and info.result == hand.result
        frames = watched.frames[info.first:info.first + info.count]
        assert all(f.scores == tuple(running) for f in frames[:-1])
        assert info.scores_before == tuple(running)
        running = [a + b for a, b in zip(running, hand.result.points, strict=True)]
        assert frames[-1].scores == info.scores_after == tuple(running)
        assert frames[-1].result == info.text == describe_result(hand.result, game.players)
        assert all(f.result is None for f in frames[:-1])
        assert frames[-1].to_act is None
        assert frames[-1].tricks_won == hand.tricks_won


def test_the_words_name_the_players_and_the_cards() -> None:
    game = _played("standard", "intermediate", 2)
    frames = game_frames(game).frames
    texts = [frame.text for frame in frames]
    for frame in frames:
        if frame.move is not None:
            assert frame.text.startswith(game.players[frame.move.seat] + " ")
    plays = [f for f in frames if f.move is not None and f.move.action.verb is Verb.PLAY]
    assert all(str(f.move).split()[-1] in f.text for f in plays)
    assert any(text.endswith("takes the trick") for text in texts)
    keeps = [f for f in frames if f.move is not None and f.move.action.verb is Verb.KEEP]
    for frame in keeps:  # every card shown: the cards kept, in the third person
        assert "buries the rest" in frame.text and "five of ten" not in frame.text


def test_a_frame_as_json_is_compact_and_says_what_it_holds() -> None:
    game = _played("standard", "random", 1)
    data = game_frames(game).to_json()
    text = json.dumps(data, separators=(",", ":"))
    assert len(text) / len(data["frames"]) < 450  # bytes a frame, every card shown
    first = data["frames"][0]
    assert first["move"] is None and "trick" not in first and "trump" not in first
    assert set(first) >= {"hand", "move", "text", "cards", "kitty", "tricks_won", "to_act",
                          "scores"}
    assert data["players"] == ["Ann", "Ben", "Cal"] and data["over"] is True
    assert data["scores"] == list(game.scores) and data["winners"] == list(game.winners)
    assert data["target"] == 10 and data["rules_text"] == game.rules.describe()
    hand = data["hands"][0]
    result = game.hands[0].result
    assert result is not None and hand["first"] == 0 and hand["result"] == result.to_json()
    last = data["frames"][hand["count"] - 1]
    assert last["result"] == hand["text"] and last["scores"] == hand["scores_after"]


def test_every_frame_as_json_holds_its_cards_and_plays(played: tuple[Game, GameFrames]) -> None:
    """What the web's replay viewer reads: each frame's JSON, its card lists read back,
    is the frame: every seat's cards, the kitty, the dummy, the buried cards, the discard,
    the trick in progress and the last one (a key left out when empty or unset)."""
    def cards(data: dict[str, Any], key: str) -> tuple[Card, ...]:
        return tuple(Card.parse(text) for text in data.get(key, []))

    def plays(texts: list[list[Any]]) -> tuple[tuple[int, Card], ...]:
        return tuple((seat, Card.parse(text)) for seat, text in texts)

    _, watched = played
    for frame in watched.frames:
        data = frame.to_json()
        assert tuple(tuple(Card.parse(t) for t in seat) for seat in data["cards"]) == \
            frame.cards
        for key in ("kitty", "dummy", "buried"):
            assert cards(data, key) == getattr(frame, key), key
        assert data.get("discard") == (None if frame.discard is None else str(frame.discard))
        assert plays(data.get("trick", [])) == frame.trick
        last = data.get("last_trick")
        assert (last is None) is (frame.last_trick is None)
        if last is not None and frame.last_trick is not None:
            assert plays(last["plays"]) == tuple(frame.last_trick.plays)
            assert last["winner"] == frame.last_trick.winner


@pytest.mark.parametrize("name", sorted(p.stem for p in EXAMPLES.glob("0*.json")
                                        if not p.stem.endswith(".expected")))
def test_the_worked_examples(name: str) -> None:
    """Every legal example of RECORD.md (07 is a game in progress) steps through to the
    scores `cutthroat replay` gives; 09 is refused."""
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    text = (EXAMPLES / f"{name}.json").read_text()
    if "error" in expected:
        with pytest.raises(rec.RecordError):
            rec.replay(text)
        return
    game = rec.replay(text)
    data = game_frames(game).to_json()
    assert data["scores"] == expected["scores"] and data["over"] == expected["over"]
    assert [h["result"] for h in data["hands"] if h["result"]] == [
        h for h in expected["hands"] if "points" in h or "thrown_in" in h]
    last = data["frames"][-1]
    if expected["next"] is None:
        assert last["to_act"] is None and last["scores"] == expected["scores"]
    else:  # the hand in play ends at its latest move, the seat to act next
        assert last["to_act"] == expected["next"]["seat"] and "result" not in last


def test_an_unplayed_game_has_no_frame() -> None:
    watched = game_frames(Game(seed=1))
    assert watched.frames == () and watched.hands == ()
    assert watched.to_json()["frames"] == []


def test_frames_do_not_change_the_game() -> None:
    game = _played("benny", "random", 3)
    before = rec.to_record(game)
    game_frames(game)
    assert rec.to_record(game) == before
    assert isinstance(game_frames(game).frames[0], Frame)


def test_R13_a_defenders_pass_is_told_as_not_defending_alone_wherever_a_move_is_told() -> None:
    """The page's log says "Quinn does not defend alone" and its button "Don't go
    alone"; the replay said "Quinn passes", the terminal "Left passes", and the review
    "after pass": a defender's pass is no bid (R13). Bidding passes are still passes."""
    from cutthroat.bots.review import Verdict, describe_verdict
    from cutthroat.render import describe_move
    from cutthroat.state import Phase

    game = Game(seed=4)
    while not game.is_over:
        hand = game.deal()
        while not hand.is_over:
            hand.push(hand.legal_actions()[0])
        moves = [str(m) for m in hand.moves]
        if any(m.endswith(" pass") for m in moves[moves.index(next(
                m for m in moves if m.split()[1] in ("order", "call", "trump"))):]):
            break
    frames = [f.text for f in game_frames(game).frames if f.hand == len(game.hands) - 1]
    defending = [t for t in frames if t.endswith("does not defend alone")]
    assert defending and not any(t.endswith(" passes") for t in frames[
        frames.index(defending[0]):]), frames
    view = hand.view(0)
    told = [describe_move(view, i, ("You", "Left", "Right")) for i in range(len(view.moves))]
    assert any(t.endswith("not defend alone") for t in told), told
    assert any(t.endswith(("passes", "pass")) for t in told), told  # the bidding's
    verdict = Verdict(Action.parse("pass"), Action.parse("alone"), 0.3, 0.2, "why",
                      Phase.DEFENDER_CHOICE)
    assert describe_verdict(verdict).startswith(
        "the expert would defend alone (win 30% against 20% after not defending alone)")
    verdict = Verdict(Action.parse("alone"), Action.parse("pass"), 0.3, 0.2, "why",
                      Phase.DEFENDER_CHOICE)
    assert describe_verdict(verdict).startswith(  # not "would choose not defending alone"
        "the expert would not defend alone (win 30% against 20% after defending alone)")


def _first_choices(game: Game, moves: int | None = None) -> Game:
    """``game`` played on by the first legal action each time: ``moves`` of them, or to
    the end of the hand in play."""
    done = 0
    while game.hand is not None and game.hand.to_act is not None and (
            moves is None or done < moves):
        game.push(game.legal_actions()[0])
        done += 1
    return game


def _unfinished() -> Game:
    """Ann deals; all three pass the up-card (turned down), Ben calls clubs and takes
    the dummy: the first hand is still in play."""
    game = Game(Rules.preset("standard"), seed=1, players=("Ann", "Ben", "Cal"))
    game.deal()
    return _first_choices(game, 5)


def test_an_unfinished_game_has_frames_to_its_latest_move() -> None:
    """(Untested before: ``after = None`` or ``text = None`` dropped: a NameError.) A
    record of a game still in play replays (the module says so: "An unfinished last
    hand ends at its latest move"), its last hand with no scores after it nor result."""
    game = _unfinished()
    watched = game_frames(game)
    assert [frame.text for frame in watched.frames] == [
        "Hand 1: Ann deals; the up-card is 9D", "Ben passes", "Cal passes",
        "Ann passes; the 9D is turned down", "Ben calls clubs as trump",
        "Ben takes the dummy"]
    assert watched.frames[-1].move == game.hand.moves[-1]
    assert watched.frames[-1].result is None and watched.frames[-1].scores == (0, 0, 0)
    hand = watched.to_json()["hands"][-1]
    assert hand["scores_after"] is None and hand["result"] is None and hand["text"] is None
    assert watched.to_json()["over"] is False


def test_only_the_pass_that_ends_the_first_round_turns_the_upcard_down() -> None:
    """(Untested before: the ``turned down`` branch dropped, or its ``and`` made ``or``.)"""
    texts = [frame.text for frame in game_frames(_unfinished()).frames]
    assert [text.endswith("; the 9D is turned down") for text in texts] == [
        False, False, False, True, False, False]
    game = Game(Rules.preset("standard"), seed=1, players=("Ann", "Ben", "Cal"))
    game.deal()
    for _ in range(4):  # three passes, then Ben passes in the second round too
        game.push("pass")
    texts = [frame.text for frame in game_frames(game).frames]
    assert texts[-2:] == ["Ann passes; the 9D is turned down", "Ben passes"]


def test_the_current_frame_is_the_last_frame_of_the_hand_in_play() -> None:
    """A watcher of three bots is shown the table as the replay draws it after the
    latest move: none before the first deal, the scores before the hand once it is
    played out, and the hand in play's own frame in its second hand too. (Untested
    before.)"""
    game = Game(Rules.preset("standard"), seed=1, players=("Ann", "Ben", "Cal"))
    assert current_frame(game) is None  # before the first deal
    game.deal()
    assert current_frame(game) == replace(game_frames(game).frames[-1], text="")
    _first_choices(game)  # the first hand played out: the scores before it still
    over = current_frame(game)
    assert over is not None and over.scores == (0, 0, 0) and over.result is None
    assert game_frames(game).frames[-1].scores != (0, 0, 0)  # (its last frame's: after)
    game.deal()
    _first_choices(game, 2)
    now = current_frame(game)
    last = game_frames(game).frames[-1]
    assert now is not None and now.hand == last.hand == 1
    assert now == replace(last, text="")
    assert now.scores == game_frames(game).hands[1].scores_before


def test_replay_json_names_each_hand_and_the_rules_as_the_replay_page_reads_them() -> None:
    """(Untested before: a key of the replay's JSON renamed.) The replay page
    reads ``hand.number``, ``hand.dealer``, ``hand.upcard`` and the rules
    (docs/protocol.md, "Replays")."""
    game = _unfinished()
    shown = game_frames(game).to_json()
    assert shown["rules"] == game.rules.to_json()
    assert shown["hands"] == [{
        "number": 1, "dealer": 0, "upcard": "9D", "first": 0, "count": 6,
        "scores_before": [0, 0, 0], "scores_after": None, "result": None, "text": None}]


def test_the_frame_of_a_trick_s_last_card_names_who_took_that_trick() -> None:
    """(Untested before: ``hand.tricks[-1].winner`` -> ``hand.tricks[0].winner``: every
    trick said to be taken by the first trick's winner.)"""
    game = play_game(Game(Rules.preset("standard"), seed=2, players=("Ann", "Ben", "Cal")),
                     [make_bot("random", s) for s in range(3)])
    taken = [frame for frame in game_frames(game).frames if "takes the trick" in frame.text]
    assert len(taken) == sum(len(hand.tricks) for hand in game.hands)
    winners = {frame.last_trick.winner for frame in taken if frame.last_trick}
    assert len(winners) > 1  # (else the test could not tell one trick from another)
    for frame in taken:
        assert frame.last_trick is not None and not frame.trick
        said = f"; {game.players[frame.last_trick.winner]} takes the trick"
        assert said in frame.text, frame.text
