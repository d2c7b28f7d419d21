"""Unit tests of the Hand and Game API surface: copy, undo, ids, pushing in every form,
wrong seats, the end of a hand, repr, legal action text, and Game's dealing and views."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Iterator

import pytest

from cutthroat import (
    Action,
    ActionParseError,
    Card,
    Deal,
    Game,
    GameOverError,
    Hand,
    IllegalActionError,
    Move,
    NotYourTurnError,
    Phase,
    Rules,
    RulesError,
    Verb,
    deck,
)
from cutthroat.actions import KEEP, NUM_ACTIONS, ORDER, PASS
from cutthroat.render import describe_result
from strategies import fingerprint

# Hand 0 of examples/01-standard-full-game.json: dealer 0, seat 2 orders hearts, the
# dealer leaves the up-card, seat 2 takes the dummy and keeps; 5 tricks.
STD = Deal.from_cards(
    Rules(),
    [["9D", "KS", "KH", "TD", "9H"], ["JC", "TH", "9C", "AD", "JD"],
     ["QC", "QS", "AH", "TC", "QD"]],
    ["QH", "AS", "TS", "KC"],
    ["9S", "JS", "JH", "KD", "AC"],
)
STD_MOVES = [
    "1 pass", "2 order", "0 leave", "2 dummy", "2 keep 9S JH JS QD TC", "0 pass", "1 pass",
    "1 play TH", "2 play JH", "0 play 9H", "2 play 9S", "0 play KS", "1 play 9C",
    "0 play KH", "1 play JD", "2 play QD", "1 play JC", "2 play TC", "0 play TD",
    "1 play AD", "2 play JS", "0 play 9D",
]
# Hand 1 of the same record (dealer 1): all pass the first round, seat 2 calls clubs.
SECOND_ROUND = Deal.from_cards(
    Rules(),
    [["9H", "JS", "AC", "KD", "QH"], ["JD", "TC", "AH", "9C", "QS"],
     ["TD", "JC", "KS", "QD", "KC"]],
    ["TH", "AD", "TS", "JH"],
    ["9D", "QC", "AS", "KH", "9S"],
)
SECOND_ROUND_MOVES = [
    "2 pass", "0 pass", "1 pass", "2 call C", "2 dummy", "2 keep 9S AS KC QD TD", "0 pass",
    "1 alone", "2 play KC", "1 play 9C", "2 play 9S", "1 play QS", "1 play JD", "2 play TD",
    "1 play AH", "2 play AS", "1 play TC", "2 play QD",
]
# Hand 2 of the same record (dealer 2): seat 0 calls hearts, seat 1 defends alone.
THIRD = Deal.from_cards(
    Rules(),
    [["QC", "9D", "KS", "TH", "JC"], ["QH", "JD", "AS", "TS", "JS"],
     ["TC", "QS", "AH", "QD", "KH"]],
    ["9S", "9H", "KD", "AC"],
    ["TD", "9C", "JH", "KC", "AD"],
)
THIRD_MOVES = [
    "0 pass", "1 pass", "2 pass", "0 call H", "0 dummy", "0 keep 9C JH KC QC TH", "1 alone",
    "0 play 9C", "1 play JS", "0 play KC", "1 play TS", "0 play QC", "1 play AS",
    "0 play JH", "1 play QH", "0 play TH", "1 play JD",
]
# Hand 1 of examples/05-joker-turned-up.json: 25 cards, the joker turned up, dealer 0.
BENNY = Rules(deck=25)
JOKER_UP = Deal.from_cards(
    BENNY,
    [["9C", "KC", "AH", "KS", "QC"], ["QD", "9D", "JS", "TH", "TS"],
     ["AC", "KH", "TC", "JH", "AD"]],
    ["JO", "JC", "JD", "9H", "QS"],
    ["TD", "AS", "9S", "QH", "KD"],
)
JOKER_MOVES = ["0 trump S", "0 discard AH", "0 dummy", "0 keep 9C AS JO KS QC",
               "1 pass", "2 pass", "1 play TS"]
# A hand where the dealer picks up and discards (hand 7 of example 01, dealer 1).
PICKUP = Deal.from_cards(
    Rules(),
    [["9S", "KC", "9C", "QH", "TD"], ["9H", "JD", "AS", "AC", "JC"],
     ["JS", "TS", "9D", "KH", "TH"]],
    ["AD", "AH", "QS", "QC"],
    ["JH", "TC", "KS", "KD", "QD"],
)
PICKUP_MOVES = ["2 order", "1 pickup", "1 discard 9H", "2 dummy", "2 keep 9D JH JS TC TH",
                "0 pass", "1 pass", "2 play TC"]

SCRIPTS = [
    (Rules(), STD, 0, STD_MOVES),
    (Rules(), SECOND_ROUND, 1, SECOND_ROUND_MOVES),
    (Rules(), THIRD, 2, THIRD_MOVES),
    (BENNY, JOKER_UP, 0, JOKER_MOVES),
    (Rules(), PICKUP, 1, PICKUP_MOVES),
]


def std_hand() -> Hand:
    """A fresh hand of the standard example deal."""
    return Hand(Rules(), STD, 0)


def walk(rules: Rules, deal: Deal, dealer: int, moves: list[str]) -> Iterator[Hand]:
    """The hand before each scripted move and after the last one."""
    hand = Hand(rules, deal, dealer)
    for move in moves:
        yield hand
        hand.push(move)
    yield hand


def every_scripted_state() -> Iterator[Hand]:
    """Every position of every script: all phases from JOKER_TRUMP to OVER."""
    for rules, deal, dealer, moves in SCRIPTS:
        yield from walk(rules, deal, dealer, moves)


def test_scripts_cover_every_phase() -> None:
    """The scripted hands pass through every phase but a throw-in (tested below)."""
    phases = {hand.phase for hand in every_scripted_state()}
    assert phases == set(Phase) - {Phase.THROWN_IN}


# --- copy and undo -------------------------------------------------------------------


def test_copy_is_independent_both_ways() -> None:
    """A copy shares nothing mutable with its original."""
    hand = std_hand()
    for move in STD_MOVES[:9]:
        hand.push(move)
    before = fingerprint(hand, views=True)
    clone = hand.copy()
    assert fingerprint(clone, views=True) == before
    for move in STD_MOVES[9:]:
        clone.push(move)
    assert clone.is_over and not hand.is_over
    assert fingerprint(hand, views=True) == before
    while clone.moves:
        clone.pop()
    assert fingerprint(hand, views=True) == before
    assert clone.phase is Phase.BID_FIRST
    hand.push(STD_MOVES[9])
    assert clone.moves == []


def test_copy_module_uses_copy() -> None:
    """``copy.copy`` gives the same independent copy."""
    import copy

    hand = std_hand()
    hand.push("1 pass")
    clone = copy.copy(hand)
    clone.push("2 order")
    assert len(hand.moves) == 1 and len(clone.moves) == 2


def test_deepcopy_is_an_independent_copy_and_a_games_old_hands_stay_sealed() -> None:
    """``copy.deepcopy`` (what OpenSpiel's clone() uses) copies a hand as copy() does,
    but a game's deep copy keeps its earlier hands sealed, as in the game itself: their
    results are in its scores. Rules, being immutable, are not copied at all."""
    import copy

    hand = std_hand()
    hand.push("1 pass")
    clone = copy.deepcopy(hand)
    clone.push("2 order")
    assert len(hand.moves) == 1 and len(clone.moves) == 2
    assert copy.deepcopy(hand.rules) is hand.rules

    game = Game(seed=5)
    first = game.deal()
    while not first.is_over:
        first.apply_id(first.legal_action_ids()[0])
    second = game.deal()
    second.push(second.legal_actions()[0])
    twin = copy.deepcopy(game)
    assert twin.hands[0] is not first and twin.hands[1] is not second
    with pytest.raises(GameOverError):
        twin.hands[0].pop()  # sealed in the copy too
    twin.pop()
    assert twin.hands[1].moves == [] and len(second.moves) == 1
    assert twin.outcome == game.outcome


def test_pop_undoes_in_reverse_and_returns_the_move() -> None:
    """pop() returns each move pushed, last first, and restores every earlier state."""
    hand = std_hand()
    states = [fingerprint(hand, views=True)]
    pushed = []
    for move in STD_MOVES:
        pushed.append(hand.push(move))
        states.append(fingerprint(hand, views=True))
    assert hand.is_over and hand.result is not None
    for index in reversed(range(len(STD_MOVES))):
        assert hand.pop() == pushed[index]
        assert pushed[index] == Move.parse(STD_MOVES[index])
        assert fingerprint(hand, views=True) == states[index]
    assert hand.result is None


def test_take_back_undoes_a_seats_last_move_and_everything_after() -> None:
    """take_back(seat): the seat's last move and the later ones, last first; the hand as
    it was before that move; nothing when the seat has not moved."""
    hand = std_hand()
    states = [fingerprint(hand, views=True)]
    for move in STD_MOVES:
        hand.push(move)
        states.append(fingerprint(hand, views=True))
    seat = 1
    last = max(i for i, text in enumerate(STD_MOVES) if Move.parse(text).seat == seat)
    undone = hand.take_back(seat)
    assert undone == [Move.parse(text) for text in reversed(STD_MOVES[last:])]
    assert fingerprint(hand, views=True) == states[last]
    fresh = std_hand()
    assert fresh.take_back(seat) == [] and fresh.moves == []


def test_pop_on_a_fresh_hand_raises_index_error() -> None:
    """Nothing to undo: IndexError, as for an empty list."""
    with pytest.raises(IndexError):
        std_hand().pop()


def test_pop_after_the_hand_is_over_reopens_it() -> None:
    """Undoing the last card of a finished hand brings back trick play (R17)."""
    hand = std_hand()
    for move in STD_MOVES:
        hand.push(move)
    assert hand.is_over and hand.to_act is None
    hand.pop()
    assert hand.phase is Phase.PLAY and hand.to_act == 0 and hand.result is None
    assert [str(a) for a in hand.legal_actions()] == ["play 9D"]
    assert len(hand.tricks) == 4 and len(hand.current_trick) == 2


def test_a_finished_trick_reads_as_its_cards_in_the_order_played_and_its_winner() -> None:
    hand = std_hand()
    for move in STD_MOVES:
        hand.push(move)
    first = hand.tricks[0]
    assert (first.leader, first.winner) == (1, 2)
    assert str(first) == "1:TH 2:JH 0:9H -> seat 2"
    assert [str(trick) for trick in hand.tricks][1:] == [
        "2:9S 0:KS 1:9C -> seat 0", "0:KH 1:JD 2:QD -> seat 1", "1:JC 2:TC 0:TD -> seat 1",
        "1:AD 2:JS 0:9D -> seat 1"]


# --- ids ------------------------------------------------------------------------------


def test_action_id_round_trip_for_every_legal_action() -> None:
    """action_id and action_from_id are inverse on every legal action of every phase."""
    for hand in every_scripted_state():
        for aid in hand.legal_action_ids():
            action = hand.action_from_id(aid)
            assert hand.action_id(action) == aid
            assert hand.action_id(str(action)) == aid
            if action.verb is not Verb.KEEP:
                assert action.id == aid and Action.from_id(aid) == action


def test_a_views_and_a_games_legal_actions_are_the_hands_in_every_phase() -> None:
    """``view.legal`` is text and ``hand.legal_actions()`` are Actions, so a bot that
    tests ``Action in view.legal`` never finds one: ``view.legal_actions()`` gives the
    Actions, ``game.legal_actions()`` the current hand's (none when no hand is in play)."""
    for hand in every_scripted_state():
        seat = hand.to_act
        if seat is None:
            continue
        view = hand.view(seat)
        assert view.legal_actions() == hand.legal_actions()
        assert [str(a) for a in view.legal_actions()] == list(view.legal)
    for seat in range(3):  # not to act: nothing
        game = Game(seed=4)
        assert game.legal_actions() == []
        hand = game.deal()
        assert game.legal_actions() == hand.legal_actions()
        if hand.to_act != seat:
            assert game.view(seat).legal_actions() == []
    while not game.is_over:
        if game.needs_deal:
            game.deal()
        game.push(game.legal_actions()[0])
    assert game.legal_actions() == []


def test_keep_ids_name_every_five_of_the_ten_cards() -> None:
    """R12: the 252 keep ids are the 252 ways to keep five of the maker's ten cards, and
    the five cards may be written in any order."""
    hand = std_hand()
    for move in STD_MOVES[:4]:
        hand.push(move)
    assert hand.phase is Phase.KEEP and hand.to_act == 2
    ten = hand.cards(2)
    assert len(ten) == 10
    ids = list(hand.legal_action_ids())
    assert ids == list(range(KEEP, NUM_ACTIONS))
    keeps = [hand.action_from_id(aid) for aid in ids]
    assert len({k.cards for k in keeps}) == 252
    assert all(set(k.cards) <= set(ten) and len(k.cards) == 5 for k in keeps)
    shuffled = Action.parse("keep TC QD JS JH 9S")
    assert hand.action_id(shuffled) == hand.action_id("keep 9S JH JS QD TC")
    assert hand.push(shuffled) == Move(2, Action.keep(["9S", "JH", "JS", "QD", "TC"]))
    assert set(hand.cards(2)) == set(shuffled.cards)
    assert set(hand.buried) == set(ten) - set(shuffled.cards)


def test_keep_ids_outside_the_keep_phase() -> None:
    """A keep id has no meaning outside KEEP: action_from_id refuses it, and a keep
    action there is illegal; Action.id refuses a keep (it depends on the cards)."""
    hand = std_hand()
    with pytest.raises(ActionParseError):
        hand.action_from_id(KEEP)
    with pytest.raises(IllegalActionError):
        hand.action_id("keep 9D KS KH TD 9H")
    with pytest.raises(IllegalActionError):
        hand.push("keep 9D KS KH TD 9H")
    with pytest.raises(ValueError):
        _ = Action.parse("keep 9D KS KH TD 9H").id
    assert not hand.is_legal("keep 9D KS KH TD 9H")
    assert not hand.is_legal(KEEP)


@pytest.mark.parametrize("junk", [-1, 332, 5.0, "67", None])
def test_action_from_id_refuses_junk(junk: object) -> None:
    """Ids outside 0–331, and non-integers, are not action ids."""
    with pytest.raises(ActionParseError):
        std_hand().action_from_id(junk)  # type: ignore[arg-type]


@pytest.mark.parametrize("junk", [5.0, "67", None, True])
def test_push_id_refuses_non_integers(junk: object) -> None:
    """push_id and apply_id take integers only; the state is unchanged."""
    hand = std_hand()
    before = fingerprint(hand)
    with pytest.raises(ActionParseError):
        hand.push_id(junk)  # type: ignore[arg-type]
    with pytest.raises(ActionParseError):
        hand.apply_id(junk)  # type: ignore[arg-type]
    assert fingerprint(hand) == before


@pytest.mark.parametrize("junk", [-1, 332, 10**6])
def test_push_id_out_of_range_is_a_parse_error(junk: int) -> None:
    """An id outside 0–331 is not an action at all: ActionParseError (like
    action_from_id), in bidding and on the fast trick-play path; nothing changes."""
    hand = std_hand()
    before = fingerprint(hand)
    with pytest.raises(ActionParseError):
        hand.push_id(junk)
    with pytest.raises(ActionParseError):
        hand.apply_id(junk)
    assert fingerprint(hand) == before
    assert not hand.is_legal(junk)
    for move in STD_MOVES[:7]:
        hand.push(move)
    assert hand.phase is Phase.PLAY
    before = fingerprint(hand)
    with pytest.raises(ActionParseError):
        hand.push_id(junk)
    with pytest.raises(ActionParseError):
        hand.apply_id(junk)
    assert fingerprint(hand) == before


def test_action_from_id_refuses_bool() -> None:
    """``True`` is not an action id (push_id already refuses it)."""
    with pytest.raises(ActionParseError):
        std_hand().action_from_id(True)


# --- is_legal ---------------------------------------------------------------------------


def test_is_legal_accepts_every_form() -> None:
    """is_legal takes an Action, text or an id; junk is simply not legal."""
    hand = std_hand()
    assert hand.is_legal(Action.parse("order")) and hand.is_legal("order")
    assert hand.is_legal(ORDER) and hand.is_legal(PASS)
    assert hand.is_legal("1 order") and hand.is_legal("ORDER")
    assert not hand.is_legal("pickup") and not hand.is_legal("play 9C")
    assert not hand.is_legal("fly") and not hand.is_legal("")
    assert not hand.is_legal(-1) and not hand.is_legal(332)
    assert not hand.is_legal("call H")


def test_is_legal_with_a_wrong_seat_is_false() -> None:
    """is_legal(x) is true exactly when push(x) would succeed: a wrong seat in the text
    or the Move makes it false."""
    hand = std_hand()
    assert hand.to_act == 1
    with pytest.raises(NotYourTurnError):
        hand.push("2 order")
    assert not hand.is_legal("2 order")
    assert not hand.is_legal(Move(0, Action.parse("order")))  # type: ignore[arg-type]
    assert hand.is_legal(Move(1, Action.parse("order")))  # type: ignore[arg-type]


# --- push in every form -------------------------------------------------------------------


@pytest.mark.parametrize(
    "push",
    [
        lambda h: h.push(Action.parse("order")),
        lambda h: h.push(Action.simple("order"), 1),
        lambda h: h.push(Move(1, Action.parse("order"))),
        lambda h: h.push("order"),
        lambda h: h.push("  Order "),
        lambda h: h.push("1 order"),
        lambda h: h.push("order", seat=1),
        lambda h: h.push("1 order", seat=1),
        lambda h: h.push_id(ORDER),
        lambda h: h.push_id(ORDER, 1),
        lambda h: h.push(ORDER),
        lambda h: h.push(ORDER, 1),
        lambda h: h.push(67),
    ],
    ids=["action", "action-seat", "move", "text", "text-case", "seat-text", "text-seat-arg",
         "both-seats", "id", "id-seat", "push-id", "push-id-seat", "push-67"],
)
def test_push_forms_agree(push: Callable[[Hand], Move]) -> None:
    """Every form of push makes the same move and the same state."""
    reference = std_hand()
    assert reference.push_id(ORDER) == Move(1, Action.parse("order"))
    hand = std_hand()
    move = push(hand)
    assert move == Move(1, Action.parse("order"))
    assert fingerprint(hand) == fingerprint(reference)


def test_apply_id_is_push_id_without_a_result() -> None:
    """apply_id changes the state as push_id does."""
    fast, slow = std_hand(), std_hand()
    fast.apply_id(ORDER, 1)
    slow.push_id(ORDER)
    assert fingerprint(fast) == fingerprint(slow)


def test_push_text_accepts_ten_and_lower_case() -> None:
    """Cards in text are case-insensitive and accept ``10`` for ``T``."""
    hand = std_hand()
    for move in STD_MOVES[:7]:
        hand.push(move)
    assert hand.push("1 play 10h") == Move(1, Action.parse("play TH"))


def test_push_with_conflicting_seats_is_a_parse_error() -> None:
    """The seat in the text and the seat argument must agree."""
    hand = std_hand()
    with pytest.raises(ActionParseError):
        hand.push("1 order", seat=2)
    assert hand.moves == []


@pytest.mark.parametrize("text", ["play", "2", "2 fly", "order now", "call X", "0 play ZZ",
                                  "keep 9D KS KH TD", "3 pass"])
def test_push_unreadable_text_is_a_parse_error(text: str) -> None:
    """Text that is not an action raises ActionParseError and changes nothing."""
    hand = std_hand()
    with pytest.raises(ActionParseError):
        hand.push(text)
    assert hand.moves == [] and hand.to_act == 1


# --- wrong seat --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "push",
    [
        lambda h: h.push("2 order"),
        lambda h: h.push(Move(2, Action.parse("order"))),
        lambda h: h.push("order", seat=2),
        lambda h: h.push(Action.parse("order"), 2),
        lambda h: h.push_id(ORDER, 2),
        lambda h: h.apply_id(ORDER, 2),
        lambda h: h.push("0 pass"),
    ],
    ids=["text", "move", "text-seat-arg", "action-seat", "push_id", "apply_id", "dealer"],
)
def test_push_with_a_wrong_seat_is_not_your_turn(push: Callable[[Hand], object]) -> None:
    """R18: a seat acting out of turn gets NotYourTurnError and nothing changes."""
    hand = std_hand()
    before = fingerprint(hand, views=True)
    with pytest.raises(NotYourTurnError) as info:
        push(hand)
    assert info.value.seat in (0, 2)
    assert "seat 1" in str(info.value)
    assert fingerprint(hand, views=True) == before


def test_wrong_seat_in_trick_play() -> None:
    """The fast trick-play path checks the seat too."""
    hand = std_hand()
    for move in STD_MOVES[:7]:
        hand.push(move)
    assert hand.to_act == 1
    before = fingerprint(hand)
    with pytest.raises(NotYourTurnError):
        hand.push("2 play QD")
    with pytest.raises(NotYourTurnError):
        hand.apply_id(Card.parse("TH").id, 0)
    assert fingerprint(hand) == before


def test_illegal_play_reason_names_the_suit() -> None:
    """R16, R18: a renege is refused with a sentence naming the suit to follow."""
    hand = std_hand()
    for move in STD_MOVES[:8]:
        hand.push(move)  # seat 1 led TH (hearts are trump)
    with pytest.raises(IllegalActionError) as info:
        hand.push("2 play TC")
    assert info.value.seat == 2
    assert "must follow hearts" in info.value.reason
    with pytest.raises(IllegalActionError, match="does not hold"):
        hand.push("2 play AS")


# --- the end of a hand ---------------------------------------------------------------------


def _finished() -> Hand:
    hand = std_hand()
    for move in STD_MOVES:
        hand.push(move)
    return hand


def _thrown_in() -> Hand:
    hand = std_hand()
    for seat in (1, 2, 0, 1, 2, 0):
        hand.push(f"{seat} pass")
    return hand


@pytest.mark.parametrize("make", [_finished, _thrown_in], ids=["over", "thrown-in"])
def test_game_over_error_after_the_hand_ends(make: Callable[[], Hand]) -> None:
    """Once a hand is over nobody may act: GameOverError, for every form of push."""
    hand = make()
    assert hand.is_over and hand.to_act is None and hand.result is not None
    assert list(hand.legal_action_ids()) == [] and hand.legal_actions() == []
    before = fingerprint(hand, views=True)
    for attempt in (lambda: hand.push("pass"), lambda: hand.push("0 play 9C"),
                    lambda: hand.push_id(PASS), lambda: hand.apply_id(0),
                    lambda: hand.push_id(PASS, 0)):
        with pytest.raises(GameOverError):
            attempt()
    assert fingerprint(hand, views=True) == before
    assert all(hand.view(s).legal == () and hand.view(s).to_act is None for s in range(3))


def test_thrown_in_result() -> None:
    """R10: all pass twice; the result says thrown in, with no points."""
    hand = _thrown_in()
    assert hand.phase is Phase.THROWN_IN
    result = hand.result
    assert result is not None and result.thrown_in and result.points == (0, 0, 0)
    assert result.dealer == 0 and result.maker is None


# --- repr and legal action text ---------------------------------------------------------------


def test_repr() -> None:
    """repr names the dealer, the phase, the seat to act and the number of moves."""
    hand = std_hand()
    assert repr(hand) == "<Hand dealer=0 bid_first, to_act=1, 0 moves>"
    hand.push("1 pass")
    assert repr(hand) == "<Hand dealer=0 bid_first, to_act=2, 1 moves>"
    assert repr(_finished()) == f"<Hand dealer=0 over, {len(STD_MOVES)} moves>"
    assert repr(_thrown_in()) == "<Hand dealer=0 thrown_in, 6 moves>"


def test_str_of_a_hand_shows_every_card_and_whose_turn() -> None:
    """print(hand) tells the deal, the moves so far, the cards each seat holds during
    play and who is to act; at the end, the result (R19)."""
    hand = std_hand()
    text = str(hand)
    assert text.splitlines()[0] == "Hand: Seat 0 deals; up-card QH"
    assert "Seat 1: 9C JC JD AD TH" in text and "dummy: AC KD JH 9S JS" in text
    assert text.splitlines()[-1] == "  Seat 1 to act"
    for move in STD_MOVES[:8]:  # the first card of the first trick is played
        hand.push(move)
    lines = str(hand).splitlines()
    now = lines.index("  cards in hand now:")
    held = {line.split(":")[0].strip(): sorted(line.split(":")[1].split())
            for line in lines[now + 1:now + 4]}
    assert held == {f"Seat {s}": sorted(str(c) for c in hand.cards(s)) for s in range(3)}
    assert len(held["Seat 1"]) == 4 and len(held["Seat 0"]) == 5
    assert "trick 1 (in progress): Seat 1 TH" in str(hand)
    assert lines[-1] == "  Seat 2 to act (trump hearts)"
    done = _finished()
    assert "cards in hand now" not in str(done)
    assert str(done).splitlines()[-1].startswith("  Seat 2 made hearts")


def test_str_of_a_view_shows_only_what_the_seat_may_see_R14() -> None:
    """print(view) shows the seat's own cards and the public table, never a card held
    by another seat, the dummy or the kitty (R14), and the moves it may make."""

    rng = random.Random(5)
    for _ in range(30):
        hand = Hand.deal(Rules(), rng=rng)
        while not hand.is_over:
            for seat in range(3):
                text = str(hand.view(seat))
                public = {str(c) for c in hand.view(seat).cards} | {str(hand.upcard)}
                for trick in hand.tricks:
                    public |= {str(c) for _, c in trick.plays}
                public |= {str(c) for _, c in hand.current_trick}
                if seat == hand.maker and hand.dummy_taken:
                    public |= {str(c) for c in hand.buried}
                if seat == hand.dealer and hand.dealer_discard is not None:
                    public.add(str(hand.dealer_discard))
                hidden = {str(c) for s in range(3) if s != seat for c in hand.cards(s)}
                hidden |= {str(c) for c in hand.dummy + hand.kitty}
                for card in hidden - public:
                    assert card not in text.split(), (card, text)
                if hand.to_act == seat:
                    assert "Your turn" in text
            hand.push(rng.choice(hand.legal_actions()))
        assert hand.result is not None
        assert str(hand.view(0)).splitlines()[-1] == (
            "The hand is over: " + describe_result(hand.result, ("Seat 0", "Seat 1", "Seat 2")))


def test_str_of_a_view_sums_up_the_keep_R12() -> None:
    """A maker choosing five of ten is told how to keep, not 252 keeps (R12)."""
    hand = std_hand()
    for move in STD_MOVES[:4]:
        hand.push(move)
    assert hand.phase is Phase.KEEP
    assert str(hand.view(2)).splitlines()[-1] == (
        "Your turn: keep any five of your ten (keep C1 C2 C3 C4 C5)")
    assert str(hand.view(0)).splitlines()[-1] == "Seat 2 to act"


def test_str_of_a_game_is_the_replay_text() -> None:
    """print(game) is the game told hand by hand, as ``cutthroat replay`` tells it."""
    from cutthroat.render import describe_game

    game = Game(seed=4)
    hand = game.deal()
    hand.push(hand.legal_actions()[0])
    assert str(game) == describe_game(game)
    assert str(game).splitlines()[-1] == "Game in progress: Seat 0: 0, Seat 1: 0, Seat 2: 0"


def _legal_text_at(rules: Rules, deal: Deal, dealer: int, moves: list[str]) -> list[str]:
    hand = Hand(rules, deal, dealer)
    for move in moves:
        hand.push(move)
    return [str(a) for a in hand.legal_actions()]


def test_legal_action_text_in_each_phase() -> None:
    """The text of the legal actions, phase by phase (R6–R16)."""
    std = (Rules(), STD, 0)
    assert _legal_text_at(*std, []) == ["pass", "order"]  # R7
    assert _legal_text_at(*std, STD_MOVES[:2]) == ["pickup", "leave"]  # R8
    assert _legal_text_at(*std, [*STD_MOVES[:2], "0 pickup"]) == [
        "discard 9D", "discard TD", "discard 9H", "discard QH", "discard KH", "discard KS",
    ]  # the dealer's five and the up-card QH
    assert _legal_text_at(*std, STD_MOVES[:3]) == ["dummy", "alone"]  # R12
    assert _legal_text_at(*std, STD_MOVES[:5]) == ["pass", "alone"]  # R13
    assert _legal_text_at(*std, STD_MOVES[:7]) == [
        "play 9C", "play JC", "play JD", "play AD", "play TH"]  # seat 1 leads: anything
    # R16: TH led (hearts trump), seat 2 holds 9S JH JS QD TC: only the right bower
    assert _legal_text_at(*std, STD_MOVES[:8]) == ["play JH"]
    second = _legal_text_at(*std, ["1 pass", "2 pass", "0 pass"])
    assert sorted(second) == ["call C", "call D", "call S", "pass"]  # R9: not hearts
    stick = Rules(stick_the_dealer=True)
    assert sorted(_legal_text_at(stick, STD, 0, ["1 pass", "2 pass", "0 pass", "1 pass",
                                                  "2 pass"])) == ["call C", "call D",
                                                                  "call S"]  # R10
    assert _legal_text_at(BENNY, JOKER_UP, 0, []) == [
        "trump C", "trump D", "trump H", "trump S"]  # R6


# --- Game -----------------------------------------------------------------------------------


def test_game_deal_refuses_while_a_hand_is_unfinished() -> None:
    """R4: the next hand is dealt only when the last one is over."""
    game = Game(seed=5, first_dealer=0)
    hand = game.deal(STD)
    assert hand.dealer == 0 and game.hand is hand
    with pytest.raises(GameOverError):
        game.deal()
    assert len(game.hands) == 1
    for move in STD_MOVES:
        game.push(move)
    assert game.needs_deal is True  # a property, as is_over is: not a method
    assert game.deal().dealer == 1


def _play_hand(game: Game, deal: Deal, moves: list[str]) -> None:
    game.deal(deal)
    for move in moves:
        game.push(move)


def test_R22_play_on_then_deal_refused_when_the_game_is_over() -> None:
    """R22 (play_on): level on top at the target, play goes on; once one seat is alone on
    top the game is over and deal/push raise GameOverError."""
    game = Game(Rules(target=4), first_dealer=0)
    _play_hand(game, STD, STD_MOVES)
    assert game.scores == (2, 2, 0) and not game.is_over
    _play_hand(game, SECOND_ROUND, SECOND_ROUND_MOVES)
    assert game.scores == (4, 4, 0) and not game.is_over and game.winners == ()
    _play_hand(game, THIRD, THIRD_MOVES)
    assert game.scores == (5, 4, 0) and game.is_over and game.winners == (0,)
    assert not game.needs_deal
    with pytest.raises(GameOverError):
        game.deal()
    with pytest.raises(GameOverError):
        game.deal(STD)
    with pytest.raises(GameOverError):
        game.push("1 pass")
    assert len(game.hands) == 3


def test_R22_share_ends_the_game_on_a_tie() -> None:
    """R22 (share): level on top at the target ends the game with both winners."""
    game = Game(Rules(target=2, tie="share"), first_dealer=0)
    _play_hand(game, STD, STD_MOVES)
    assert game.is_over and game.winners == (0, 1)
    with pytest.raises(GameOverError):
        game.deal()


def test_R4_thrown_in_hand_passes_the_deal() -> None:
    """R4, R10: a thrown-in hand scores nothing and the deal still passes left."""
    game = Game(first_dealer=0)
    game.deal(STD)
    for seat in (1, 2, 0, 1, 2, 0):
        game.push(f"{seat} pass")
    assert game.hand is not None and game.hand.phase is Phase.THROWN_IN
    assert game.scores == (0, 0, 0) and game.next_dealer == 1 and game.needs_deal
    assert game.deal(SECOND_ROUND).dealer == 1


def test_game_push_and_pop_before_any_deal() -> None:
    """Before the first deal there is nothing to push, undo or view."""
    game = Game(seed=1)
    assert game.hand is None and game.needs_deal and game.to_act is None
    with pytest.raises(GameOverError):
        game.push("pass")
    with pytest.raises(IndexError):
        game.pop()
    with pytest.raises(GameOverError):
        game.view(0)


def test_game_view_shows_scores_before_the_hand() -> None:
    """Game.view gives the scores before the current hand; Hand.view gives none."""
    game = Game(first_dealer=0)
    hand = game.deal(STD)
    assert game.view(1).scores == (0, 0, 0)
    assert hand.view(1).scores is None
    for move in STD_MOVES:
        game.push(move)
    assert game.scores == (2, 2, 0)
    assert game.view(0).scores == (0, 0, 0)  # still the finished hand's view
    game.deal(SECOND_ROUND)
    assert [game.view(s).scores for s in range(3)] == [(2, 2, 0)] * 3
    assert game.view(2).legal == ("pass", "order")
    assert game.view(0).legal == ()
    with pytest.raises(ValueError):
        game.view(3)


def test_game_pop_undoes_in_the_current_hand() -> None:
    """Game.pop undoes the last action of the current hand."""
    game = Game(first_dealer=0)
    game.deal(STD)
    game.push("1 pass")
    assert game.pop() == Move(1, Action.parse("pass"))
    assert game.hand is not None and game.hand.moves == []


def test_a_hand_the_game_has_moved_past_cannot_be_undone() -> None:
    """Once the next hand is dealt, an earlier hand's result is in the scores: undoing
    a move of it (through an old reference) is refused and changes nothing, while a
    copy of it may still be searched and undone. Taking back a deal with no move made
    opens the hand before it again."""
    from cutthroat.bots import make_bot, play_game

    game = play_game(Game(seed=7), [make_bot("random", s) for s in range(3)])
    old = game.hands[0]
    scores, moves = game.scores, list(old.moves)
    for undo in (old.pop, old.undo, lambda: old.take_back(old.moves[-1].seat)):
        with pytest.raises(GameOverError, match="can no longer be undone"):
            undo()
    assert game.scores == scores and old.moves == moves
    search = old.copy()
    search.pop()
    assert len(search.moves) == len(moves) - 1 and old.moves == moves

    game = Game(seed=3)
    first = game.deal()
    while not first.is_over:
        first.push(first.legal_actions()[0])
    second = game.deal()
    with pytest.raises(GameOverError):
        first.pop()
    assert game.undeal() is second and game.hand is first and len(game.hands) == 1
    assert first.pop() is not None  # open again
    game.push(first.legal_actions()[0])
    game.deal()
    game.push(game.hand.legal_actions()[0] if game.hand else "pass")
    with pytest.raises(GameOverError, match="no move made"):
        game.undeal()


# --- push with an integer id ----------------------------------------------------------


def test_push_takes_integer_ids_through_a_whole_hand() -> None:
    """Hand.push and Game.push take an integer id as push_id does (the README's tour):
    a whole hand pushed by id, keep ids (relative to the maker's ten) included, ends as
    the same hand pushed by text."""
    by_text = std_hand()
    by_id = std_hand()
    game = Game(first_dealer=0)
    game.deal(STD)
    for move in STD_MOVES:
        aid = by_text.action_id(Move.parse(move).action)
        assert by_id.push(aid) == by_text.push(move) == game.push(aid)
    assert fingerprint(by_id) == fingerprint(by_text)
    assert by_id.is_over and game.scores == (2, 2, 0)


def test_push_integer_id_refusals_match_push_id() -> None:
    """An illegal id, an id outside 0–331, a wrong seat or a bool: push (Hand and Game)
    raises what push_id raises, and nothing changes."""
    cases: list[tuple[object, int | None, type[Exception]]] = [
        (68, None, IllegalActionError),      # pickup, before anyone ordered
        (0, None, IllegalActionError),       # a play, in the bidding
        (-1, None, ActionParseError),
        (NUM_ACTIONS, None, ActionParseError),
        (10**6, None, ActionParseError),
        (ORDER, 2, NotYourTurnError),
        (True, None, ActionParseError),
        (False, None, ActionParseError),
    ]
    for aid, seat, error in cases:
        hand = std_hand()
        game = Game(first_dealer=0)
        game.deal(STD)
        before = fingerprint(hand, views=True)
        with pytest.raises(error) as by_push:
            hand.push(aid, seat)  # type: ignore[arg-type]
        with pytest.raises(error):
            game.push(aid, seat)  # type: ignore[arg-type]
        with pytest.raises(error) as by_push_id:
            hand.push_id(aid, seat)  # type: ignore[arg-type]
        if type(aid) is int:
            assert str(by_push.value) == str(by_push_id.value)
        assert fingerprint(hand, views=True) == before
        assert game.hand is not None and game.hand.moves == []


def test_push_integer_id_in_trick_play() -> None:
    """In trick play an id is a card: a card not held, or one that does not follow suit,
    is refused as push_id refuses it; a legal one is played."""
    hand = std_hand()
    for move in STD_MOVES[:7]:
        hand.push(move)
    assert hand.phase is Phase.PLAY and hand.to_act == 1
    before = fingerprint(hand)
    with pytest.raises(IllegalActionError):
        hand.push(Card.parse("QC").id)  # not seat 1's card
    assert fingerprint(hand) == before
    assert hand.push(Card.parse("TH").id) == Move(1, Action.parse("play TH"))
    before = fingerprint(hand)
    with pytest.raises(IllegalActionError, match="must follow hearts"):
        hand.push(Card.parse("9S").id)  # seat 2 holds JH (trump): must follow
    assert fingerprint(hand) == before


def test_deal_takes_one_source_of_cards_and_take_back_a_seat() -> None:

    with pytest.raises(ValueError, match="not more than one"):
        Hand.deal(seed=1, rng=random.Random(1))
    hand = Hand.deal(seed=1)
    for bad in (5, -1, True):
        with pytest.raises(ValueError, match="seat must be 0, 1 or 2"):
            hand.take_back(bad)
    with pytest.raises(IndexError, match="no action to undo"):
        hand.pop()


@pytest.mark.parametrize("misuse", [
    {"rules": "stick"}, {"rules": {"deck": 25}}, {"first_dealer": True},
    {"players": "abc"}, {"players": ["Ann", "Ben"]},
], ids=repr)
def test_a_game_refuses_what_it_could_never_deal_with_at_once(misuse: dict[str, object]) -> None:
    """A preset's name for the rules (say) was taken, and the game failed at its first
    deal with an AttributeError; a dealer True, or three letters for names, likewise."""
    with pytest.raises(ValueError, match=r"rules must be a Rules|first_dealer|three names"):
        Game(**misuse)  # type: ignore[arg-type]


def test_hand_deal_refuses_a_preset_name_for_rules() -> None:
    with pytest.raises(RulesError, match=r"Rules.preset\('benny'\)"):
        Hand.deal("benny", seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 3, True])
def test_cards_of_a_seat_that_is_not_0_1_or_2_is_refused(seat: int) -> None:
    """``cards(-1)`` gave seat 2's cards, ``cards(3)`` an IndexError."""
    with pytest.raises(ValueError, match="seat must be 0, 1 or 2"):
        Hand.deal(seed=1).cards(seat)


def test_deal_lines_align_names_longer_than_ten() -> None:
    """The deal's and the held cards' lines line up their colons whatever the players'
    names (a bot called "intermediate#2" used to push its line out of step)."""
    from cutthroat.render import describe_deal, describe_holdings

    hand = std_hand()
    for move in STD_MOVES[:8]:
        hand.push(move)
    players = ["Ann", "intermediate#2", "Seat 2"]
    for lines in (describe_deal(hand.dealt, players), describe_holdings(hand, players)[1:]):
        assert len({line.index(":") for line in lines}) == 1, lines
        assert lines[1].startswith("  intermediate#2: ")
    assert describe_deal(hand.dealt, ["A", "B", "C"])[0].startswith("           A: ")


# --- no hand in play, undo after the end, the result in a view, seeds ------------------


def test_game_push_or_view_with_no_hand_in_play_is_no_hand_error_not_game_over() -> None:
    """Before the first deal, and between hands, the game is not over: Game.push (and
    Game.view before any deal, Game.undeal) raise NoHandError, which every ``except
    GameOverError`` still catches; once the game is over, push says so."""
    from cutthroat import NoHandError

    assert issubclass(NoHandError, GameOverError) and not issubclass(NoHandError, ValueError)
    game = Game(seed=1)
    for attempt in (lambda: game.push("pass"), lambda: game.view(0), game.undeal,
                    game.public_view):
        with pytest.raises(NoHandError, match=r"deal|no hand"):
            attempt()
    assert not game.is_over and game.hands == []
    game = Game(Rules(target=4), first_dealer=0)
    _play_hand(game, STD, STD_MOVES)  # over, the game not: deal next
    with pytest.raises(NoHandError, match="no hand is in play: deal first"):
        game.push("1 pass")
    assert game.view(0).to_act is None  # the last hand's view, at its end
    _play_hand(game, SECOND_ROUND, SECOND_ROUND_MOVES)
    _play_hand(game, THIRD, THIRD_MOVES)
    assert game.is_over
    with pytest.raises(GameOverError, match="the game is over") as caught:
        game.push("1 pass")
    assert type(caught.value) is GameOverError


@pytest.mark.parametrize("undo", ["game", "hand"])
def test_undo_after_the_game_ends_reopens_it_and_the_same_move_ends_it_again(undo: str) -> None:
    """docs/engine.md: the last hand of a game is never sealed, so undoing its last move
    after the end (as python-chess's board.pop() after mate) opens the game again: not
    over, the scores before that move; pushing the same move ends it the same way."""
    game = Game(Rules(target=4), first_dealer=0)
    _play_hand(game, STD, STD_MOVES)
    _play_hand(game, SECOND_ROUND, SECOND_ROUND_MOVES)
    _play_hand(game, THIRD, THIRD_MOVES)
    assert game.is_over and game.scores == (5, 4, 0) and game.winners == (0,)
    assert game.hand is not None
    last = game.pop() if undo == "game" else game.hand.pop()
    assert str(last) == THIRD_MOVES[-1]
    assert not game.is_over and game.scores == (4, 4, 0) and game.winners == ()
    assert game.hand.result is None and game.to_act == last.seat and not game.needs_deal
    game.push(last)
    assert game.is_over and game.scores == (5, 4, 0) and game.winners == (0,)


def test_a_view_at_the_end_of_a_hand_has_its_result_and_no_hidden_card_R14() -> None:
    """A seat's view says how the hand ended (its HandResult, None before), in
    ``str(view)`` and ``to_json()`` too, and a watcher's; the result is public: no card
    at all, so no kitty, dummy or hidden discard can leak through it (R14)."""
    from cutthroat.views import public_view_json

    for make in (_finished, _thrown_in):
        hand = make()
        result = hand.result
        assert result is not None
        last = hand.pop()
        assert all(hand.view(s).result is None for s in range(3))
        assert hand.view(0).to_json()["result"] is None
        hand.push(last)
        for seat in range(3):
            view = hand.view(seat)
            assert view.result == result
            assert view.to_json()["result"] == result.to_json()
            assert str(view).splitlines()[-1] == "The hand is over: " + describe_result(
                result, ("Seat 0", "Seat 1", "Seat 2"))
        assert public_view_json(hand)["result"] == result.to_json()
        cards = {str(c) for c in deck(25)} | {str(c) for c in deck(32)}
        said = json.dumps(result.to_json()) + repr(result) + str(result)
        assert not any(re.search(rf"\b{c}\b", said) for c in cards), said


@pytest.mark.parametrize("seed", [1.5, "abc", True, b"1", [1]])
def test_a_seed_that_is_not_an_integer_is_a_type_error(seed: object) -> None:
    """Game and Hand.deal take an integer seed (NumPy's too) or None, meaning 0; what
    random.Random would also take (a float, text, a bool) is refused."""
    with pytest.raises(TypeError, match="a seed is an integer or None"):
        Game(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a seed is an integer or None"):
        Hand.deal(seed=seed)  # type: ignore[arg-type]


def test_a_random_passed_as_seed_says_to_pass_it_as_rng() -> None:

    for attempt in (lambda: Game(seed=random.Random(1)),  # type: ignore[arg-type]
                    lambda: Hand.deal(seed=random.Random(1))):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"pass a random\.Random as rng=, not seed="):
            attempt()


def test_seed_none_is_seed_0_and_a_numpy_integer_is_its_int() -> None:
    import numpy as np

    def dealt(game: Game) -> object:
        return game.deal().dealt, game.first_dealer

    assert dealt(Game()) == dealt(Game(seed=None)) == dealt(Game(seed=0))
    assert dealt(Game(seed=np.int64(5))) == dealt(Game(seed=5)) != dealt(Game(seed=6))
    assert Hand.deal(seed=None).dealt == Hand.deal(seed=0).dealt == Hand.deal().dealt
    assert Hand.deal(seed=np.int32(3)).dealt == Hand.deal(seed=3).dealt


def test_R4_a_hands_dealer_and_rules_are_read_only() -> None:
    """``hand.dealer = 2`` was taken, mid-hand: the turn order, the pick-up and the
    score then followed a dealer who never dealt. The dealer and the rules are fixed at
    the deal; setting either is refused, and the hand is as it was."""
    hand = Hand.deal(Rules(), dealer=1, seed=3)
    hand.push(str(hand.legal_actions()[0]))
    before = (hand.dealer, hand.rules, hand.to_act, list(hand.legal_actions()))
    with pytest.raises(AttributeError):
        hand.dealer = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        hand.rules = Rules(deck=32)  # type: ignore[misc]
    assert (hand.dealer, hand.rules, hand.to_act, list(hand.legal_actions())) == before
    assert hand.copy().dealer == 1 and hand.copy().rules == Rules()


def test_a_copy_made_before_the_deal_is_read_still_knows_the_deal_R5() -> None:
    """A hand keeps its deal as the order of the cards until ``dealt`` is first read; a
    copy (``copy``, ``deepcopy``, a game's, OpenSpiel's ``clone``) taken before then
    must carry it, or a record written from the copy has no deal."""
    import copy

    from cutthroat import record

    hand = Hand.deal(seed=3, dealer=1)
    clone, deep = hand.copy(), copy.deepcopy(hand)
    assert clone.dealt == deep.dealt == hand.dealt
    given = Deal.random(Rules(), random.Random(7))
    assert Hand(Rules(), given, 2).copy().dealt is given

    game = Game(seed=4)
    game.deal()
    twin = copy.deepcopy(game)
    assert record.dumps(twin) == record.dumps(game)


def test_hand_deal_of_given_cards_R5() -> None:
    """``Hand.deal(cards=...)`` deals those cards, with the dealer given, the dealer's
    left to bid first (R1), and an rng that is not a ``random.Random`` refused at once."""

    cards = Deal.random(Rules(deck=25), random.Random(11))
    hand = Hand.deal(Rules(deck=25), cards=cards, dealer=2)
    assert (hand.dealer, hand.rules, hand.dealt) == (2, Rules(deck=25), cards)
    assert (hand.phase, hand.to_act) == (Phase.BID_FIRST, 0)
    for seat in range(3):
        assert sorted(hand.cards(seat)) == sorted(cards.hands[seat])
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        Hand.deal(rng=3)  # type: ignore[arg-type]


def test_action_id_0_is_the_lowest_card_of_the_long_deck() -> None:
    hand = Hand.deal(Rules(deck=32), seed=2)
    assert str(hand.action_from_id(0)) == "play 7C"


@pytest.mark.parametrize("rules", [Rules(), Rules(deck=25, dummy=False), Rules(deck=32)],
                         ids=["standard", "25-no-dummy", "32"])
def test_a_views_json_writes_each_public_field_as_the_hand_holds_it(rules: Rules) -> None:
    """``view.to_json()`` (what the web page of each seat reads, docs/protocol.md)
    writes each public field as the hand holds it, at every move of seeded random
    hands: the dealer, the phase in lower case, the seat to act, who went alone, who
    sits out, whether the up-card and the dummy were taken, the rules, each trick's
    leader, plays and winner, the leader of the trick in progress and the tricks won."""
    rng = random.Random(11)
    reached: set[str] = set()
    for _ in range(40):
        hand = Hand.deal(rules, dealer=rng.randrange(3), rng=rng)
        first = "joker_trump" if str(hand.upcard) == "JO" else "bid_first"  # R6
        assert hand.view(0).to_json()["phase"] == first
        while True:
            for seat in range(3):
                view = hand.view(seat)
                got = view.to_json()
                assert (got["dealer"], view.dealer) == (hand.dealer, hand.dealer)
                assert got["to_act"] == view.to_act == hand.to_act
                assert got["alone"] == list(view.alone) == list(hand.alone)
                assert got["sitting_out"] == view.sitting_out == hand.sitting_out
                assert got["upcard_taken"] is view.upcard_taken is hand.upcard_taken
                assert got["dummy_taken"] is view.dummy_taken is hand.dummy_taken
                assert got["leader"] == view.leader == hand.leader
                assert Rules.from_json(got["rules"]) == rules
                assert got["tricks"] == [
                    {"leader": t.leader, "plays": [[s, str(c)] for s, c in t.plays],
                     "winner": t.winner} for t in hand.tricks]
                assert got["tricks_won"] == list(view.tricks_won) == list(hand.tricks_won)
                assert got["cards"] == [str(c) for c in view.cards]  # own: R14 is elsewhere
                assert got["buried"] == [str(c) for c in view.buried]
                assert got["discard"] == (None if view.discard is None else str(view.discard))
                assert got["legal"] == list(view.legal) == (
                    list(hand.legal_texts()) if seat == hand.to_act else [])
                assert got["moves"] == list(view.moves)
                assert got["maker"] == view.maker == hand.maker
                assert got["trump"] == (None if hand.trump is None else str(hand.trump))
                assert got["upcard"] == str(hand.upcard)
                assert got["current_trick"] == [[s, str(c)] for s, c in hand.current_trick]
            reached |= {name for name, on in [
                ("alone", bool(hand.alone)), ("sitting_out", hand.sitting_out is not None),
                ("upcard_taken", hand.upcard_taken), ("dummy_taken", hand.dummy_taken),
                ("won_by_another", any(t.winner != t.leader for t in hand.tricks)),
                ("buried", bool(hand.buried)), ("discard", hand.dealer_discard is not None),
                ("dealer_not_0", hand.dealer != 0), ("trump", hand.trump is not None),
                ("trick_in_progress", bool(hand.current_trick))] if on}
            if hand.is_over:
                break
            hand.push(rng.choice(hand.legal_actions()))
        assert hand.view(1).to_json()["phase"] in ("over", "thrown_in")
    wanted = {"alone", "upcard_taken", "won_by_another", "dealer_not_0", "discard", "trump",
              "trick_in_progress"}
    assert reached >= wanted | ({"dummy_taken", "buried"} if rules.dummy else set())


def test_a_view_is_frozen_and_hashable() -> None:
    """A View is frozen (docs/engine.md: "a frozen `View`"): a seat's view cannot be
    edited after the fact, and equal views hash alike."""
    hand = Hand.deal(Rules(), dealer=0, seed=1)
    view = hand.view(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.cards = ()  # type: ignore[misc]
    assert view.seat == 1 and len(view.cards) == 5
    assert hash(view) == hash(hand.view(1)) and view == hand.view(1)
