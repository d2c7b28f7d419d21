"""The Python API takes what a user at the REPL or an RL loop hands it: an action as its
repr writes it, NumPy integers for ids and seats; and it refuses what is not one (a
float seat, a bool) in words that say so. The per-seat action text of the RL
environments never names a card the seat may not see (R14)."""

from __future__ import annotations

import numpy as np
import pytest

from cutthroat import Action, Hand, Rules
from cutthroat.actions import KEEP
from cutthroat.errors import ActionParseError
from cutthroat.state import Phase


def test_an_action_made_from_its_repr_is_the_action() -> None:
    for text in ("order", "pass", "play JH", "call S", "keep 9S JH JS QD TC"):
        made = Action(text)
        assert made == Action.parse(text) and hash(made) == hash(Action.parse(text))
        assert eval(repr(made), {"Action": Action}) == made
    hand = Hand.deal(seed=1)
    assert hand.push(Action("order")).action == Action.parse("order")
    with pytest.raises(ActionParseError, match="unknown verb 'fly'"):
        Action("fly")
    with pytest.raises(ActionParseError, match="from its text alone, not 5"):
        Action(5)  # type: ignore[arg-type]


def test_numpy_integers_are_ids_and_seats_and_bools_floats_text_are_not() -> None:
    hand = Hand.deal(seed=1)
    first = hand.legal_action_ids()[0]
    assert hand.action_from_id(np.int64(first)) == hand.action_from_id(first)
    seat = hand.to_act
    assert seat is not None
    move = hand.push_id(np.int64(first), np.int64(seat))
    assert move.seat == seat and len(hand.moves) == 1
    hand.apply_id(np.int32(hand.legal_action_ids()[0]))
    assert len(hand.moves) == 2
    for bad in (True, 1.0, "66"):
        with pytest.raises(ActionParseError, match="an id is an integer"):
            hand.apply_id(bad)  # type: ignore[arg-type]
    for bad_seat in ("1", True, 1.0):
        with pytest.raises(ValueError, match="seat must be 0, 1 or 2, not"):
            hand.push(hand.legal_action_ids()[0], seat=bad_seat)  # type: ignore[arg-type]
    assert len(hand.moves) == 2  # nothing changed


@pytest.mark.parametrize("dealer", [1.0, True, "1", -1, 3])
def test_a_dealer_that_is_no_seat_is_refused_R4(dealer: object) -> None:
    with pytest.raises(ValueError, match="dealer must be seat 0, 1 or 2"):
        Hand.deal(Rules(), dealer=dealer, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [1.0, True, "1", -1, 3])
def test_a_view_or_first_dealer_that_is_no_seat_is_refused_R14(seat: object) -> None:
    from cutthroat import Game

    with pytest.raises(ValueError, match="seat must be 0, 1 or 2"):
        Hand.deal(seed=1).view(seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="first_dealer must be 0, 1 or 2"):
        Game(first_dealer=seat)  # type: ignore[arg-type]


def test_pettingzoo_action_text_names_a_keeps_cards_to_the_keeping_maker_only_R14() -> None:
    pytest.importorskip("pettingzoo")
    from cutthroat.rl.pettingzoo_env import raw_env

    env = raw_env(episode="hand")
    env.reset(seed=1)
    hand = env.game.hand
    assert hand is not None
    while hand.phase is not Phase.KEEP:
        agent = f"player_{hand.to_act}"
        ids = [int(i) for i in np.flatnonzero(env.observe(agent)["action_mask"])]
        texts = [env.action_text(agent, i) for i in ids]
        wanted = [i for i, t in zip(ids, texts, strict=True) if t in ("order", "leave", "dummy")]
        env.step(wanted[0] if wanted else ids[0])
    maker = hand.to_act
    assert maker is not None
    keeps = {env.action_text(f"player_{maker}", i) for i in range(KEEP, KEEP + 252)}
    assert all(text.startswith("keep ") and "#" not in text for text in keeps)
    for other in {0, 1, 2} - {maker}:
        shown = {env.action_text(f"player_{other}", i) for i in range(KEEP, KEEP + 252)}
        assert shown == {f"keep #{i}" for i in range(252)}
        assert env.action_text(f"player_{other}", np.int64(KEEP)) == "keep #0"


def test_openspiel_action_to_string_names_a_keeps_cards_to_the_keeping_maker_only_R14(
        ) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import cutthroat.rl.openspiel_game  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_cutthroat_euchre")
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            continue
        if state.hand is not None and state.hand.phase is Phase.KEEP:
            break
        legal = state.legal_actions()
        texts = [state.action_to_string(state.current_player(), a) for a in legal]
        wanted = [a for a, t in zip(legal, texts, strict=True)
                  if t in ("order", "leave", "dummy")]
        state.apply_action(wanted[0] if wanted else legal[0])
    assert not state.is_terminal(), "seed 1 should reach a keep"
    maker = state.current_player()
    assert "#" not in state.action_to_string(maker, KEEP)
    for other in {0, 1, 2} - {maker}:
        assert state.action_to_string(other, KEEP + 7) == "keep #7"


def test_R14_a_maker_cannot_take_back_the_dummy_once_seen() -> None:
    """Taking the dummy shows its cards to the maker; undoing it would let him go alone
    with them seen (R14: an unused dummy is never shown). The keep may be taken back,
    the dummy not; the hand is unchanged by the refusal."""
    from cutthroat.errors import IllegalActionError
    from strategies import hand_at_the_keep

    hand, seat = hand_at_the_keep()
    before = list(hand.moves)
    with pytest.raises(IllegalActionError, match=f"seat {seat} has seen the dummy"):
        hand.take_back(seat)
    assert list(hand.moves) == before
    hand.push_id(hand.legal_action_ids()[0])  # a keep
    assert [m.action.verb.value for m in hand.take_back(seat)] == ["keep"]
    assert hand.phase is Phase.KEEP


def test_R6_the_blind_dealer_cannot_take_back_naming_trump_once_his_cards_are_shown() -> None:
    """Under a turned-up joker the dealer names trump before his cards are shown to him
    (R6); once named they are shown, so undoing the call would let him name it again
    with them seen. His discard may be taken back, the call not; a refusal changes
    nothing."""
    from cutthroat.errors import IllegalActionError

    hand = next(h for h in (Hand.deal(seed=s, rules=Rules(deck=25)) for s in range(400))
                if h.phase is Phase.JOKER_TRUMP)
    dealer = hand.dealer
    assert hand.view(dealer).cards == ()  # not shown before the call
    hand.push("trump S", dealer)
    assert len(hand.view(dealer).cards) == 6  # shown now: the joker and his five
    before = list(hand.moves)
    with pytest.raises(IllegalActionError, match=f"seat {dealer} has seen the cards dealt"):
        hand.take_back(dealer)
    assert list(hand.moves) == before and hand.phase is Phase.DISCARD
    hand.push_id(hand.legal_action_ids()[0])  # his discard
    assert [m.action.verb.value for m in hand.take_back(dealer)] == ["discard"]
    with pytest.raises(IllegalActionError, match="R6"):
        hand.take_back(dealer)
    assert list(hand.moves) == before


@pytest.mark.parametrize("seat", [3, -1, 7, True, False, 1.0, "1", None])
def test_a_seat_that_is_no_seat_is_a_seat_error_everywhere_and_changes_nothing(
        seat: object) -> None:
    """A seat outside 0–2 (or not an integer) given to push is refused as view refuses
    it, with a SeatError (a ValueError and a CutthroatError), not as a wrong turn; so in
    every public method that takes a seat. A NumPy integer is a seat."""
    from cutthroat import CutthroatError, Game, SeatError
    from cutthroat.errors import NotYourTurnError

    assert issubclass(SeatError, ValueError) and issubclass(SeatError, CutthroatError)
    game = Game(seed=1)
    hand = game.deal()
    hand.push("pass")
    aid = hand.legal_action_ids()[0]
    attempts = [lambda: hand.view(seat), lambda: hand.cards(seat),
                lambda: hand.cards_mask(seat), lambda: hand.take_back(seat),
                lambda: game.view(seat)]
    if seat is not None:  # None is "any seat" to push
        attempts += [lambda: hand.push("pass", seat=seat), lambda: hand.push(aid, seat),
                     lambda: hand.push_id(aid, seat), lambda: hand.apply_id(aid, seat),
                     lambda: game.push("pass", seat)]
    for attempt in attempts:
        with pytest.raises(SeatError, match="seat must be 0, 1 or 2, not") as caught:
            attempt()
        assert not isinstance(caught.value, NotYourTurnError)
    assert len(hand.moves) == 1
    assert hand.cards_mask(np.int64(2)) == hand.cards_mask(2)
