"""The OpenSpiel game (cutthroat.rl.openspiel_game): OpenSpiel's own checks, and ours."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment

from cutthroat import Hand
from cutthroat.actions import KEEP, NUM_ACTIONS, Action
from cutthroat.cards import ids_of_mask
from cutthroat.deal import Deal
from cutthroat.errors import ActionParseError, DealError
from cutthroat.rl import openspiel_game
from cutthroat.rl.information_state import (
    INFORMATION_STATE_SIZE,
    MOVE_SIZE,
    MOVES,
    encode_information_state,
)
from cutthroat.rl.layout import SIZE
from cutthroat.rl.observation import encode, turned_down
from cutthroat.rl.rewards import hand_rewards
from cutthroat.rules import Rules

NAME = openspiel_game.NAME
PARAMS = [{}, {"deck": 25}, {"deck": 32, "dummy": False},
          {"stick_the_dealer": True, "dealer_must_pick_up": True, "maker_alone_march": 4}]
CARD = re.compile(r"\b(?:[789TJQKA][CDHS]|JO)\b")


@pytest.mark.parametrize("params", PARAMS)
def test_openspiel_random_sim_test(params: dict[str, object]) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(NAME, params), num_sims=15, serialize=False,
                            verbose=False)


def _random_decisions(state: pyspiel.State, rng: random.Random) -> Iterator[pyspiel.State]:
    """Play ``state`` out at random: yield it at each decision, then (once the caller
    has looked at it) make a legal move drawn from ``rng``."""
    while not state.is_terminal():
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


def _decisions_of_random_hands(game: pyspiel.Game, rng: random.Random,
                               hands: int) -> Iterator[pyspiel.State]:
    """Deal ``hands`` hands of ``game`` and play each out at random: each state at each
    decision, as :func:`_random_decisions` yields them."""
    for _ in range(hands):
        state = game.new_initial_state()
        _dealt(state, rng)
        yield from _random_decisions(state, rng)


def _dealt(state: pyspiel.State, rng: random.Random) -> list[int]:
    """Play the chance nodes at random; the outcomes."""
    outcomes = []
    while state.is_chance_node():
        choices = state.chance_outcomes()
        assert sum(p for _, p in choices) == pytest.approx(1.0)
        action = rng.choice(choices)[0]
        outcomes.append(action)
        state.apply_action(action)
    return outcomes


@pytest.mark.parametrize("params", PARAMS)
def test_R14_a_hand_through_openspiel(params: dict[str, object]) -> None:
    game = pyspiel.load_game(NAME, params)
    rules = openspiel_game.rules_of(dict(params))
    rng = random.Random(7)
    for _ in range(10):
        state = game.new_initial_state()
        dealer, *order = _dealt(state, rng)
        hand = state.hand
        assert hand.dealer == dealer and hand.dealt == Deal.from_order(rules, order)
        for _ in _random_decisions(state, rng):
            assert state.current_player() in (0, 1, 2)
            assert state.legal_actions() == sorted(hand.legal_action_ids())
            for seat in range(3):
                view = hand.view(seat)
                tensor = np.array(state.observation_tensor(seat), dtype=np.float32)
                assert np.array_equal(tensor, encode(view))
                seen = {str(c) for c in _cards(view.seen_mask())}
                assert set(CARD.findall(state.information_state_string(seat))) <= seen
                info = np.array(state.information_state_tensor(seat), dtype=np.float32)
                assert np.array_equal(info, encode_information_state(view))
                for k in range(len(view.moves)):  # every card in the log is one it saw
                    cards = info[MOVES + k * MOVE_SIZE + 14: MOVES + k * MOVE_SIZE + 47]
                    assert view.seen_mask() & _mask(np.flatnonzero(cards)) \
                        == _mask(np.flatnonzero(cards))
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        assert max(returns) <= game.max_utility() and min(returns) >= game.min_utility()


def _mask(ids: np.ndarray) -> int:
    return sum(1 << int(i) for i in ids)


def _cards(mask: int) -> list[object]:
    from cutthroat.cards import Card

    return [Card.from_id(i) for i in ids_of_mask(mask)]


def test_clone_is_independent_and_actions_are_named() -> None:
    game = pyspiel.load_game(NAME)
    state = game.new_initial_state()
    assert state.action_to_string(1) == "dealer 1"
    _dealt(state, random.Random(3))
    copy = state.clone()
    names = [state.action_to_string(a) for a in state.legal_actions()]
    assert names == ["pass", "order"]
    assert copy.history() == state.history() and copy.move_number() == state.move_number()
    copy.apply_action(copy.legal_actions()[-1])
    assert state.hand.moves == [] and len(copy.hand.moves) == 1
    assert state.log.moves == 0 and copy.log.moves == 1
    assert len(copy.history()) == len(state.history()) + 1
    assert state.action_to_string(90) == "keep #10"  # a keep id before any keep


def test_openspiel_rl_environment_plays_hands() -> None:
    env = rl_environment.Environment(pyspiel.load_game(NAME))
    rng = random.Random(5)
    for _ in range(5):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            assert len(step.observations["info_state"][player]) == INFORMATION_STATE_SIZE
            step = env.step([rng.choice(step.observations["legal_actions"][player])])
        assert sum(step.rewards) == pytest.approx(0.0)


@pytest.mark.parametrize("params", PARAMS)
def test_information_state_tensor_has_perfect_recall(params: dict[str, object]) -> None:
    """Two states a player can tell apart (different information state strings: its
    cards, the moves as it saw them) have different tensors, and states it cannot tell
    apart the same one; the tensor also tells apart what the observation forgets (who
    passed, which card fell in which trick)."""
    game = pyspiel.load_game(NAME, params)
    rng = random.Random(13)
    by_string: dict[tuple[int, str], bytes] = {}
    by_tensor: dict[tuple[int, bytes], str] = {}
    forgotten = 0
    observations: dict[tuple[int, bytes], str] = {}
    for _ in range(60):
        state = game.new_initial_state()
        _dealt(state, rng)
        for _ in _random_decisions(state, rng):
            for seat in range(3):
                text = state.information_state_string(seat)
                tensor = np.array(state.information_state_tensor(seat), np.float32).tobytes()
                assert by_string.setdefault((seat, text), tensor) == tensor
                assert by_tensor.setdefault((seat, tensor), text) == text
                seen = np.array(state.observation_tensor(seat), np.float32).tobytes()
                if observations.setdefault((seat, seen), text) != text:
                    forgotten += 1
    assert forgotten > 0  # the observation alone would merge some of these

def test_parameters_and_observers() -> None:
    assert openspiel_game.rules_of({}) == Rules()
    assert openspiel_game.rules_of({"maker_alone_march": 4}).lone_march_points == 4
    game = pyspiel.load_game(NAME, {"deck": 32})
    assert game.get_parameters()["deck"] == 32
    with pytest.raises(ValueError, match="own observation"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.NONE))
    with pytest.raises(ValueError, match="not supported"):
        game.make_py_observer(None, {"x": 1})


def test_resample_from_infostate_keeps_what_the_player_saw() -> None:
    game = pyspiel.load_game(NAME)
    rng = random.Random(11)
    for _ in range(20):
        state = game.new_initial_state()
        _dealt(state, rng)
        for _ in range(rng.randrange(0, 20)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        player = state.current_player()
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        # the same history as the player saw it (another's hidden discard may differ)
        assert other.hand.view(player).moves == state.hand.view(player).moves
        assert sorted(other.order) == sorted(state.order)
        # a state that came about by its own chance outcomes and moves
        assert len(other.history()) == len(state.history())
        assert other.move_number() == state.move_number()
        replayed = game.new_initial_state()
        for action in other.history():
            replayed.apply_action(action)
        assert str(replayed) == str(other) and replayed.hand.moves == other.hand.moves


def test_openspiel_ismcts_plays_a_hand() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(NAME)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20,
                           random_state=np.random.RandomState(0))
    rng = random.Random(2)
    state = game.new_initial_state()
    _dealt(state, rng)
    while not state.is_terminal():
        action = bot.step(state) if state.current_player() == 0 else rng.choice(
            state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(0.0)


def test_openspiel_ismcts_repeats_with_a_seeded_resampler_and_plays_in_evaluate_bots(
        ) -> None:
    """As rl.md says: ISMCTSBot's own sampler is seeded from the system, so the same
    bot searches other deals each run; with a resampler of a seeded generator two runs
    are the same. And the C++ ``pyspiel.evaluate_bots`` plays it to a game's end (the
    Python one asks for ``restart_at``, which ISMCTSBot lacks)."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(NAME)
    state = game.new_initial_state()
    _dealt(state, random.Random(2))

    def policy() -> list[tuple[int, float]]:
        rng = np.random.RandomState(0)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 30,
                               random_state=rng)
        bot.set_resampler(lambda state, player: state.resample_from_infostate(
            player, rng.uniform))
        found: list[tuple[int, float]] = bot.step_with_policy(state)[0]
        return found

    assert policy() == policy()
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                           2.0, 5, random_state=np.random.RandomState(1))
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [
        bot, pyspiel.make_uniform_random_bot(1, 1), pyspiel.make_uniform_random_bot(2, 2)], 0)
    assert sum(returns) == pytest.approx(0.0)


def _snapshot(state: pyspiel.State) -> tuple[object, ...]:
    """What a refused action must leave as it was."""
    hand = state.hand
    return (state.history(), state.move_number(), state.current_player(), state.dealer,
            list(state.order), None if hand is None else [str(m) for m in hand.moves],
            str(state))


@pytest.mark.parametrize("params", [{}, {"deck": 25}, {"deck": 32}])
def test_R4_R5_chance_outcomes_are_checked(params: dict[str, object]) -> None:
    """A chance outcome that is not one of chance_outcomes() is refused (DealError, a
    ValueError) and changes nothing: a dealer outside 0–2 (R4), a card outside the deck
    or one already dealt (R5). The hand is then dealt as usual."""
    game = pyspiel.load_game(NAME, params)
    state = game.new_initial_state()
    for bad in (3, -2, 9999):  # -1 is kInvalidAction, refused by OpenSpiel itself
        before = _snapshot(state)
        with pytest.raises(ValueError, match="not a dealer"):
            state.apply_action(bad)
        assert _snapshot(state) == before
    state.apply_action(1)
    rules = openspiel_game.rules_of(dict(params))
    outside = sorted(set(range(33)) - {a for a, _ in state.chance_outcomes()})
    assert len(outside) == 33 - rules.deck
    first = state.chance_outcomes()[0][0]
    state.apply_action(first)
    for bad, message in [*((c, "not in the") for c in outside), (first, "already been dealt"),
                         (33, "not a card id"), (-5, "not a card id"),
                         (9999, "not a card id")]:
        before = _snapshot(state)
        with pytest.raises(ValueError, match=message):
            state.apply_action(bad)
        assert _snapshot(state) == before
    rng = random.Random(3)
    _dealt(state, rng)
    assert state.hand is not None and state.hand.dealer == 1
    assert len(state.order) == rules.deck == len(set(state.order))


def test_an_illegal_player_action_changes_nothing() -> None:
    """A player's action not among legal_actions() is refused by the engine and leaves
    the state (history, move number, hand) as it was; a legal one is then applied."""
    game = pyspiel.load_game(NAME)
    rng = random.Random(11)
    state = game.new_initial_state()
    _dealt(state, rng)
    while not state.is_terminal():
        legal = state.legal_actions()
        for bad in [a for a in (0, 32, 66, 67, 68, 80, 331, 332, -2) if a not in legal][:4]:
            before = _snapshot(state)
            with pytest.raises(ValueError):
                state.apply_action(bad)
            assert _snapshot(state) == before
        state.apply_action(rng.choice(legal))
    before = _snapshot(state)
    with pytest.raises(Exception, match="over"):
        state.apply_action(66)
    assert _snapshot(state) == before


@pytest.mark.parametrize(("params", "low", "high"), [
    ({}, -8 / 3, 2.0),                                 # a march (3): 2; lone defence: -8/3
    ({"march_points": 2}, -8 / 3, 4 / 3),              # the lone defenders' +4/3 is the top
    ({"maker_alone_march": 5}, -8 / 3, 10 / 3),        # a lone march: +10/3, the others -5/3
    ({"maker_alone_march": 9, "dummy": False}, -8 / 3, 2.0),  # no lone maker (R5)
    ({"march_points": 10}, -10 / 3, 20 / 3),
])
def test_utility_bounds_are_the_returns_a_hand_can_give(
        params: dict[str, object], low: float, high: float) -> None:
    """min_utility and max_utility are the extreme returns of one hand (R19–R21), not
    a loose bound from the most points one seat can score."""
    game = pyspiel.load_game(NAME, params)
    assert game.min_utility() == pytest.approx(low)
    assert game.max_utility() == pytest.approx(high)


@pytest.mark.parametrize("march", [1, 2, 3, 4, 7])
@pytest.mark.parametrize("lone", [0, 1, 4, 5, 8])
def test_utility_bounds_hold_every_return_to_the_last_bit_r19_r21(march: int,
                                                                  lone: int) -> None:
    """Every return a hand can give (the maker's 1, march or lone march, R19; 2 or 4
    to each defender, R20-R21) lies within the bounds exactly, as OpenSpiel's own
    random_sim_test checks it: under march 1, a lone defender's march returned
    4 - 8/3 = 1.3333333333333335 against a max_utility of 4/3 = 1.3333333333333333."""
    game = pyspiel.load_game(NAME, {"march_points": march, "maker_alone_march": lone})
    rules = openspiel_game.rules_of({"march_points": march, "maker_alone_march": lone})
    made = {1, rules.march_points, rules.lone_march_points}
    outcomes = [points for m in made for points in itertools.permutations((m, 0, 0))]
    outcomes += [points for d in (2, 4) for points in itertools.permutations((d, d, 0))]
    returns = [r for points in set(outcomes) for r in hand_rewards(points)]
    assert game.min_utility() <= min(returns)
    assert max(returns) <= game.max_utility()
    assert game.max_utility() in returns and game.min_utility() in returns


def test_utility_bounds_are_reached_in_play() -> None:
    """Random hands under the standard rules reach both declared extremes."""
    game = pyspiel.load_game(NAME)
    rng = random.Random(0)
    seen: set[float] = set()
    for _ in range(4000):
        state = game.new_initial_state()
        _dealt(state, rng)
        for _ in _random_decisions(state, rng):
            pass
        seen.update(round(r, 9) for r in state.returns())
        if {round(game.min_utility(), 9), round(game.max_utility(), 9)} <= seen:
            break
    assert round(game.min_utility(), 9) in seen and round(game.max_utility(), 9) in seen
    assert min(seen) >= game.min_utility() - 1e-9 and max(seen) <= game.max_utility() + 1e-9


ALL_PARAMS = [
    {"deck": deck, "dummy": dummy, "dealer_must_pick_up": pick_up,
     "may_name_turned_down_suit": turned_down, "stick_the_dealer": stick,
     "march_points": 2 + stick, "maker_alone_march": 4 * pick_up}
    for deck in (24, 25, 32) for dummy in (True, False) for pick_up in (False, True)
    for turned_down in (False, True) for stick in (False, True)]


def _long_action(state: pyspiel.State) -> int:
    """The action of the longest hands: pass while passing does not throw the hand in,
    else name a suit; take the dummy; defenders pass."""
    legal = state.legal_actions()
    bids = sum(move.action.verb.value == "pass" for move in state.hand.moves)
    if 66 in legal and (bids < 5 or len(legal) == 1):
        return 66
    if 70 in legal:
        return 70
    return legal[-1] if 76 <= legal[-1] < 80 else legal[0]


@pytest.mark.parametrize("params", ALL_PARAMS, ids=lambda p: ",".join(
    f"{k}={int(v)}" for k, v in p.items()))
def test_max_game_length_counts_the_decisions_of_the_longest_hand(
        params: dict[str, object]) -> None:
    """max_game_length is OpenSpiel's: the most decision nodes of a hand, chance
    outcomes not counted (25 with a dummy, 23 without). Random hands never exceed it,
    hands that pass to the second round, take the dummy and defend together reach it;
    the chance nodes are the dealer and the deck (max_chance_nodes_in_history), and
    every chance outcome is below max_chance_outcomes."""
    game = pyspiel.load_game(NAME, params)
    assert game.max_game_length() == (25 if params["dummy"] else 23)
    assert game.max_chance_nodes_in_history() == 1 + int(params["deck"])  # type: ignore[call-overload]
    assert game.max_chance_outcomes() == (33 if params["deck"] == 25 else 32)
    rng = random.Random(str(params))
    longest = 0
    for k in range(40):
        state = game.new_initial_state()
        chance = _dealt(state, rng)
        assert len(chance) == game.max_chance_nodes_in_history()
        assert max(chance) < game.max_chance_outcomes()
        decisions = 0
        while not state.is_terminal():
            state.apply_action(_long_action(state) if k % 2 else
                               rng.choice(state.legal_actions()))
            decisions += 1
        assert decisions <= game.max_game_length()
        assert len(state.history()) <= game.max_history_length()
        longest = max(longest, decisions)
    assert longest == game.max_game_length()


@pytest.mark.parametrize("params", PARAMS)
def test_observation_string_is_the_observation_tensor_in_words(
        params: dict[str, object]) -> None:
    """Without perfect recall the string says what the observation tensor holds, no
    more and no less: two states give a seat the same observation string exactly when
    they give it the same observation tensor. It is not the information state string
    (no move log), and every card it names is one the seat may see (R14)."""
    game = pyspiel.load_game(NAME, params)
    rng = random.Random(17)
    by_tensor: dict[tuple[int, bytes], str] = {}
    by_string: dict[tuple[int, str], bytes] = {}
    for _ in range(40):
        state = game.new_initial_state()
        _dealt(state, rng)
        for _ in _random_decisions(state, rng):
            for seat in range(3):
                text = state.observation_string(seat)
                tensor = np.array(state.observation_tensor(seat), np.float32).tobytes()
                assert by_tensor.setdefault((seat, tensor), text) == text
                assert by_string.setdefault((seat, text), tensor) == tensor
                assert text != state.information_state_string(seat)
                assert "moves" not in text
                seen = {str(c) for c in _cards(state.hand.view(seat).seen_mask())}
                assert set(CARD.findall(text)) <= seen
    assert len(by_tensor) > 1000


def test_observation_string_never_shows_hidden_cards() -> None:
    """Two states with the same public history and the same cards of a seat, but the
    other cards dealt differently (resample_from_infostate), give that seat the same
    observation string, and the same information state string; the states differ."""
    game = pyspiel.load_game(NAME)
    rng = random.Random(19)
    differing = 0
    for _ in range(30):
        state = game.new_initial_state()
        _dealt(state, rng)
        for _ in range(rng.randrange(0, 22)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        player = rng.randrange(3)
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
        assert other.observation_string(player) == state.observation_string(player)
        assert other.information_state_string(player) == state.information_state_string(player)
        differing += other.order != state.order
    assert differing > 20


def test_observation_and_information_state_strings_by_observer() -> None:
    """OpenSpiel's observers give the same strings as the state's methods: the
    observation without perfect recall, the information state (the move log) with it."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(NAME)
    state = game.new_initial_state()
    _dealt(state, random.Random(23))
    for _ in range(8):
        state.apply_action(state.legal_actions()[-1])
    plain = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    for seat in range(3):
        assert plain.string_from(state, seat) == state.observation_string(seat)
        assert recall.string_from(state, seat) == state.information_state_string(seat)
        assert "moves: " in state.information_state_string(seat)
        assert state.observation_string(seat).startswith(f"seat {seat} | phase ")


@pytest.mark.parametrize("params", [*PARAMS, {"deck": 25, "dummy": False}])
def test_information_state_tensor_from_the_cached_log_is_the_encoding_of_the_view(
        params: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    """The state encodes each move once, when it is made (MoveLog), and builds the
    information state tensor from those rows without reading the log's text again: the
    tensor is encode_information_state(view) exactly, for every seat at every state, on
    clones moved on separately and on resampled states, a joker turned up included."""
    from cutthroat.actions import Move

    game = pyspiel.load_game(NAME, params)
    rng = random.Random(29)
    checked: list[tuple[pyspiel.State, int, np.ndarray]] = []
    blind = 0
    for k in range(40):
        state = game.new_initial_state()
        _dealt(state, rng)
        blind += state.hand.upcard.id == 32
        for _ in _random_decisions(state, rng):
            if k % 10 == 0:  # a clone and a resample, moved on by themselves
                for other in (state.clone(), state.resample_from_infostate(
                        state.current_player(), pyspiel.UniformProbabilitySampler(0., 1.))):
                    other.apply_action(rng.choice(other.legal_actions()))
                    for seat in range(3):
                        checked.append((other, seat, encode_information_state(
                            other.hand.view(seat))))
            now = state.clone()  # state moves on
            for seat in range(3):
                checked.append((now, seat, encode_information_state(now.hand.view(seat))))
        assert state.log.moves == len(state.hand.moves)
    assert len(checked) > 2000 and (params.get("deck") != 25 or blind > 0)

    def no_parse(text: str) -> Move:
        raise AssertionError(f"the log's text was read again: {text}")

    monkeypatch.setattr(Move, "parse", staticmethod(no_parse))
    for state, seat, expected in checked:
        assert np.array_equal(np.array(state.information_state_tensor(seat), np.float32),
                              expected)


@pytest.mark.parametrize("params", PARAMS)
def test_observation_string_says_what_the_view_says(params: dict[str, object]) -> None:
    """Each part of the observation string says what the seat's view says: the dealer,
    the up-card "taken" or "turned down", trump, the maker "with the dummy", who went
    alone, who sits out, the cards played by whom, the trick in progress, the tricks
    won, and "to act" or "waiting" (a string that said "taken" for an up-card left
    would still match the tensor one to one)."""
    game = pyspiel.load_game(NAME, params)
    rng = random.Random(31)
    reached: set[str] = set()
    for state in _decisions_of_random_hands(game, rng, 30):
        for seat in range(3):
            view = state.hand.view(seat)
            parts = state.observation_string(seat).split(" | ")
            upcard = f"up-card {view.upcard}" + (" taken" if view.upcard_taken else "") \
                + (" turned down" if turned_down(view) else "")
            maker = "-" if view.maker is None else str(view.maker)
            assert parts[2:6] == [
                f"dealer {view.dealer}", upcard,
                f"trump {'-' if view.trump is None else view.trump}",
                f"maker {maker}" + (" with the dummy" if view.dummy_taken else "")]
            alone = " ".join(map(str, sorted(view.alone))) or "-"
            out = "-" if view.sitting_out is None else view.sitting_out
            assert parts[6:8] == [f"alone {alone}", f"sits out {out}"]
            played = [" ".join(str(c) for c in sorted(
                (c for t in view.tricks for s, c in t.plays if s == who),
                key=lambda c: c.id)) or "-" for who in range(3)]
            assert parts[10] == "played " + ", ".join(
                f"{who}: {played[who]}" for who in range(3))
            assert parts[11] == "trick " + (", ".join(
                f"{who} {card}" for who, card in view.current_trick) or "-")
            assert parts[12] == "tricks won " + " ".join(map(str, view.tricks_won))
            assert parts[-1] == ("to act" if view.to_act == seat else "waiting")
            reached |= {name for name, on in [
                ("taken", view.upcard_taken), ("turned down", turned_down(view)),
                ("dummy", view.dummy_taken), ("to act", view.to_act == seat),
                ("alone", bool(view.alone))] if on}
    assert reached >= {"taken", "to act", "alone"} | (
        {"dummy"} if params.get("dummy", True) else set())
    assert "turned down" in reached or params  # reached under the standard rules


def test_while_dealing_a_seat_sees_nothing_R14() -> None:
    """At the chance nodes (the dealer, then each card dealt) every seat's observation
    and information state tensors are zeros and its strings say only that the hand is
    being dealt: no card dealt so far shows."""
    game = pyspiel.load_game(NAME)
    state = game.new_initial_state()
    rng = random.Random(37)
    steps = 0
    while state.is_chance_node():
        for seat in range(3):
            assert not any(state.observation_tensor(seat))
            assert not any(state.information_state_tensor(seat))
            assert state.observation_string(seat) == f"seat {seat}: dealing"
            assert state.information_state_string(seat) == f"seat {seat}: dealing"
        state.apply_action(rng.choice(state.chance_outcomes())[0])
        steps += 1
    assert steps == 1 + 24 and any(state.observation_tensor(0))


def test_observation_text_tells_apart_views_that_differ_in_scores() -> None:
    """observation_text gives the same text exactly when encode gives the same tensor:
    the tensor holds the game's scores, so the text says them too."""
    hand = Hand.deal(seed=1)
    texts = {openspiel_game.observation_text(hand.view(0, scores=scores))
             for scores in [(1, 2, 3), (0, 0, 0), (3, 2, 1)]}
    assert len(texts) == 3
    assert "scores 1 2 3" in openspiel_game.observation_text(hand.view(0, scores=(1, 2, 3)))


@pytest.mark.parametrize("params", PARAMS)
def test_information_state_string_shows_a_seat_its_own_face_down_cards_R14(
        params: dict[str, object]) -> None:
    """The dealer's discard and the maker's buried five lie face down, but their owner
    saw them: its information state string names exactly those after "mine face
    down", and a seat with none face down has no such part."""
    game = pyspiel.load_game(NAME, params)
    rng = random.Random(41)
    shown = 0
    for state in _decisions_of_random_hands(game, rng, 30):
        for seat in range(3):
            view = state.hand.view(seat)
            own = [*view.buried, *(() if view.discard is None else (view.discard,))]
            text = state.information_state_string(seat)
            if own:
                assert f" | mine face down: {' '.join(map(str, own))} | moves: " in text
                shown += 1
            else:
                assert "mine face down" not in text
    assert shown > 0


def test_the_game_type_says_three_players_and_what_it_provides() -> None:
    """OpenSpiel's tools read the game type: exactly three players (cutthroat is
    three-handed), and every observation kind the state provides."""
    game = pyspiel.load_game(NAME)
    kind = game.get_type()
    assert kind.min_num_players == kind.max_num_players == game.num_players() == 3
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def test_R5_a_chance_outcome_that_is_no_card_id_is_a_deal_error_naming_the_ids() -> None:
    """A card outcome outside the 33 card ids is refused as the other bad outcomes are,
    with a DealError that says which ids there are."""
    state = pyspiel.load_game(NAME).new_initial_state()
    state.apply_action(0)
    for bad in (33, -5, 9999):
        with pytest.raises(DealError, match=rf"chance outcome {bad} is not a card id "
                                            r"\(0 to 32\)"):
            state.apply_action(bad)
    assert state.order == [] and state.dealer == 0


def test_R14_a_keep_id_is_named_by_its_number_while_dealing() -> None:
    """Before the cards are dealt no seat has ten cards to keep five of: a keep id is
    named ``keep #N`` (its number among the 252), as to a seat that is not the maker;
    every other id has its meaning from the start ("pass", "play 9C"), and an integer
    that is no id is refused (it was named a keep of a negative number)."""
    state = pyspiel.load_game(NAME).new_initial_state()
    state.apply_action(2)
    state.apply_action(state.chance_outcomes()[0][0])
    for seat in range(3):
        assert [state.action_to_string(seat, KEEP + n) for n in (0, 10, 251)] == [
            "keep #0", "keep #10", "keep #251"]
        for action in (Action.parse("pass"), Action.parse("play 9C"), Action.parse("alone")):
            assert state.action_to_string(seat, action.id) == str(action)
        for bad in (-1, NUM_ACTIONS):
            with pytest.raises(ActionParseError, match=f"not an absolute action id: {bad}"):
                state.action_to_string(seat, bad)


def test_resample_from_infostate_draws_a_deal_from_the_samplers_number() -> None:
    """The sampler's number seeds the deal drawn: the same number gives the same deal,
    different numbers different deals (information-set search needs many worlds, not
    one); while the cards are still being dealt the state is its own resample."""
    game = pyspiel.load_game(NAME)
    dealing = game.new_initial_state()
    dealing.apply_action(1)
    same = dealing.resample_from_infostate(0, lambda: 0.5)
    assert same is not None and same.history() == dealing.history()
    state = game.new_initial_state()
    _dealt(state, random.Random(43))

    def deal(number: float) -> tuple[int, ...]:
        return tuple(state.resample_from_infostate(0, lambda: number).order)

    assert deal(0.3) == deal(0.3)
    assert len({deal(k / 10 + 0.05) for k in range(10)}) >= 8


def test_the_default_observer_is_a_player_s_observation_without_recall() -> None:
    """make_observation(game) with no observation type (OpenSpiel's default, as a C++
    game's make_observer(params)) is the player's observation, not the information
    state: the observation tensor and string the state gives."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(NAME)
    state = game.new_initial_state()
    _dealt(state, random.Random(23))
    for _ in range(8):
        state.apply_action(state.legal_actions()[-1])
    default = make_observation(game)
    assert set(default.dict) == {"observation"} and default.tensor.shape == (SIZE,)
    for seat in range(3):
        default.set_from(state, seat)
        assert np.array_equal(default.tensor, np.asarray(state.observation_tensor(seat)))
        assert default.string_from(state, seat) == state.observation_string(seat)
