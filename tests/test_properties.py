"""Property-based tests (Hypothesis) of the hand and game engine under random variants.

Each property is checked after every action of random legal playthroughs, under rules
drawn over every variant field (deck 24/25/32, dummy on/off, every boolean, scoring).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cutthroat import (
    Action,
    ActionParseError,
    Game,
    GameOverError,
    Hand,
    IllegalActionError,
    Move,
    NotYourTurnError,
    Phase,
    Rules,
    Verb,
    View,
    deck,
)
from cutthroat.actions import KEEP, NUM_ACTIONS
from cutthroat.bots import RandomBot, play_game
from cutthroat.cards import deck_mask, mask_of
from cutthroat.record import replay, summary, to_record
from cutthroat.scoring import game_outcome
from cutthroat.views import public_view_json
from strategies import (
    Playthrough,
    cards_in,
    fingerprint,
    games,
    known_mask,
    placed_cards,
    played_mask,
    playthroughs,
    rules_st,
    seeds,
    shown_cards,
)

SLOW = [HealthCheck.too_slow]


# --- 1. cards are conserved ---------------------------------------------------------


def _expected_sizes(hand: Hand) -> tuple[int, int, int]:
    """How many cards each seat holds now, from the phase and the tricks (R5–R17)."""
    sizes = [5, 5, 5]
    phase = hand.phase
    if phase is Phase.DISCARD:
        sizes[hand.dealer] = 6
    elif phase is Phase.KEEP:
        assert hand.maker is not None
        sizes[hand.maker] = 10
    elif phase in (Phase.PLAY, Phase.OVER):
        done = len(hand.tricks)
        for seat in range(3):
            if seat == hand.sitting_out:
                continue
            played_now = any(s == seat for s, _ in hand.current_trick)
            sizes[seat] = 5 - done - played_now
    return sizes[0], sizes[1], sizes[2]


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW)
@given(playthroughs())
def test_cards_conserved_in_every_phase(p: Playthrough) -> None:
    """Hands + dummy + kitty + buried + played = the deck, no card twice (R2, R5)."""
    full = Counter(deck(p.rules.deck))
    assert sum(full.values()) == p.rules.deck
    hand = p.fresh()
    event(f"deck {p.rules.deck}, dummy {p.rules.dummy}, starts in {hand.phase.name}")
    for hand, _ in p.states():
        if hand.phase is Phase.THROWN_IN:
            assert Counter(placed_cards(hand)) == full
            continue
        assert Counter(placed_cards(hand)) == full, hand.moves
        sizes = tuple(len(hand.cards(seat)) for seat in range(3))
        assert sizes == _expected_sizes(hand), (hand.phase, hand.moves)
        assert len(hand.dummy) == (5 if p.rules.dummy and not hand.dummy_taken else 0)
    event(f"stopped in {hand.phase.name}")


# --- 2. every legal action applies, in both forms -----------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(playthroughs())
def test_every_legal_action_applies_and_forms_agree(p: Playthrough) -> None:
    """``legal_action_ids()`` and ``legal_actions()`` name the same actions, each once,
    and each applies as an id, as an Action, as text and as ``SEAT VERB`` text."""
    for hand, _ in p.states():
        ids = list(hand.legal_action_ids())
        actions = hand.legal_actions()
        if hand.is_over:
            assert ids == [] and actions == []
            continue
        seat = hand.to_act
        assert seat is not None
        assert ids and len(set(ids)) == len(ids)
        assert [hand.action_id(a) for a in actions] == ids
        assert [hand.action_from_id(i) for i in ids] == actions
        assert len({str(a) for a in actions}) == len(actions)
        for aid, action in zip(ids, actions, strict=True):
            assert hand.is_legal(aid) and hand.is_legal(action) and hand.is_legal(str(action))
            assert hand.action_id(str(action)) == aid
            by_id = hand.copy()
            by_id.apply_id(aid)
            by_text = hand.copy()
            move = by_text.push(str(action))
            assert move.seat == seat and move.action == action
            by_move = hand.copy()
            assert by_move.push(f"{seat} {action}") == move
            assert fingerprint(by_id) == fingerprint(by_text) == fingerprint(by_move)


# --- 3. illegal actions are refused and change nothing -------------------------------


def _refused(
    hand: Hand,
    error: type[BaseException] | tuple[type[BaseException], ...],
    attempt: Any,
) -> BaseException:
    """Run ``attempt(hand)``, expect ``error``, and check the hand did not change."""
    before = fingerprint(hand)
    with pytest.raises(error) as info:
        attempt(hand)
    assert fingerprint(hand) == before
    return info.value


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
@settings(max_examples=80, deadline=None, suppress_health_check=SLOW)
@given(playthroughs(), st.data())
def test_illegal_actions_refused_state_unchanged(p: Playthrough, data: st.DataObject) -> None:
    """A sample of illegal actions, wrong seats and junk ids is refused (R18)."""
    for hand, _ in p.states():
        if hand.is_over:
            for aid in (0, 66, 80):
                _refused(hand, GameOverError, lambda h, a=aid: h.push_id(a))
            continue
        seat = hand.to_act
        assert seat is not None
        legal = set(hand.legal_action_ids())
        illegal = [i for i in range(NUM_ACTIONS) if i not in legal]
        sample = data.draw(st.lists(st.sampled_from(illegal), max_size=5, unique=True))
        for bad in sample:
            assert not hand.is_legal(bad)
            err = _refused(hand, IllegalActionError, lambda h, b=bad: h.push_id(b))
            assert not isinstance(err, NotYourTurnError)
            assert isinstance(err, IllegalActionError) and err.reason and err.seat == seat
            if bad < KEEP:
                text = str(Action.from_id(bad))
                assert not hand.is_legal(text)
                _refused(hand, IllegalActionError, lambda h, t=text: h.push(t))
        good = data.draw(st.sampled_from(sorted(legal)))
        text = str(hand.action_from_id(good))
        for other in (s for s in range(3) if s != seat):
            err = _refused(hand, NotYourTurnError,
                           lambda h, o=other, g=good: h.push_id(g, o))
            assert isinstance(err, NotYourTurnError) and err.seat == other
            _refused(hand, NotYourTurnError,
                     lambda h, o=other, t=text: h.push(f"{o} {t}"))
            _refused(hand, NotYourTurnError, lambda h, o=other, t=text: h.push(t, o))
        for junk in (-1, 332, 5.0):
            _refused(hand, ActionParseError, lambda h, j=junk: h.action_from_id(j))
            _refused(hand, ActionParseError, lambda h, j=junk: h.push_id(j))
            _refused(hand, ActionParseError, lambda h, j=junk: h.apply_id(j))
            assert not hand.is_legal(junk)  # type: ignore[arg-type]
        _refused(hand, ActionParseError, lambda h: h.push("fly JH"))
        if hand.phase is Phase.KEEP:
            assert hand.maker is not None
            outside = next(c for c in deck(hand.rules.deck)
                           if c not in hand.cards(hand.maker))
            keep = [str(c) for c in hand.cards(hand.maker)[:4]] + [str(outside)]
            _refused(hand, IllegalActionError, lambda h, k=keep: h.push("keep " + " ".join(k)))
        else:
            some = " ".join(str(c) for c in deck(hand.rules.deck)[:5])
            _refused(hand, IllegalActionError, lambda h, s=some: h.push("keep " + s))


# --- 4. views never show a hidden card (R14) -----------------------------------------

_SAME_FOR_ALL = {f.name for f in dataclasses.fields(View)} - {
    "seat", "cards", "discard", "buried", "legal", "moves",
}


@settings(max_examples=120, deadline=None, suppress_health_check=SLOW)
@given(playthroughs())
def test_R14_views_never_show_hidden_cards(p: Playthrough) -> None:
    """Each seat's view shows only cards it may know, and differs from another seat's
    view only in its own cards, discards, keep and legal actions (R6, R14)."""
    for hand, _ in p.states():
        views = [hand.view(seat) for seat in range(3)]
        moves = hand.moves
        for seat, view in enumerate(views):
            known = known_mask(hand, seat)
            for card in shown_cards(view) + cards_in(view.to_json()):
                assert known >> card.id & 1, (seat, str(card), view.moves)
            blind = hand.phase is Phase.JOKER_TRUMP and seat == hand.dealer
            own = hand.cards_mask(seat) if blind else 0
            assert view.seen_mask() == known & ~own
            assert mask_of(view.unseen_cards()) == deck_mask(p.rules.deck) & ~(known & ~own)
            assert view.cards == (() if blind else tuple(hand.cards(seat)))
            assert view.discard == (hand.dealer_discard if seat == hand.dealer else None)
            assert view.buried == (tuple(hand.buried) if seat == hand.maker else ())
            assert view.legal == (tuple(str(a) for a in hand.legal_actions())
                                  if seat == hand.to_act else ())
            assert len(view.moves) == len(moves)
            for line, move in zip(view.moves, moves, strict=True):
                if move.seat != seat and move.action.verb is Verb.DISCARD:
                    assert line == f"{move.seat} discard ?"
                elif move.seat != seat and move.action.verb is Verb.KEEP:
                    assert line == f"{move.seat} keep ? ? ? ? ?"
                else:
                    assert line == str(move)
            for name in _SAME_FOR_ALL - {"seat"}:
                assert getattr(view, name) == getattr(views[0], name), name
            assert view.seat == seat
        if hand.phase is Phase.JOKER_TRUMP:
            assert views[hand.dealer].cards == ()
            assert all(views[s].cards for s in range(3) if s != hand.dealer)


@settings(max_examples=80, deadline=None, suppress_health_check=SLOW)
@given(playthroughs())
def test_R14_a_watcher_sees_only_the_upcard_and_the_cards_played(p: Playthrough) -> None:
    """The public view (somebody watching, in no seat) shows no card but the up-card
    and the cards played, hides every discard and keep, offers no move, and is every
    seat's view without its private parts (R14)."""
    for hand, _ in p.states():
        watched = public_view_json(hand)
        public = played_mask(hand) | 1 << hand.upcard.id
        for card in cards_in(watched):
            assert public >> card.id & 1, (str(card), watched["moves"])
        assert watched["seat"] is None and watched["cards"] == [] and watched["legal"] == []
        assert watched["discard"] is None and watched["buried"] == []
        for line, move in zip(watched["moves"], hand.moves, strict=True):
            if move.action.verb is Verb.DISCARD:
                assert line == f"{move.seat} discard ?"
            elif move.action.verb is Verb.KEEP:
                assert line == f"{move.seat} keep ? ? ? ? ?"
            else:
                assert line == str(move)
        seat_view = hand.view(0).to_json()
        for name in _SAME_FOR_ALL:
            assert watched[name] == seat_view[name], name


# --- 5. undo and copy ------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(playthroughs())
def test_undo_restores_exact_state(p: Playthrough) -> None:
    """push→pop is the identity at every step (for every legal action), popping the
    whole line gives back the deal, and the line then replays to the same states."""
    work = p.fresh()
    ref = p.fresh()
    start = fingerprint(work, views=True)
    seen = [fingerprint(work)]
    for aid in p.ids:
        before = seen[-1]
        legal = list(work.legal_action_ids())
        tried = legal if len(legal) < 20 else [*legal[::23], aid]
        for other in tried:
            pushed = work.push_id(other)
            assert work.pop() == pushed
            assert fingerprint(work) == before
        pushed = work.push_id(aid)
        assert ref.push_id(aid) == pushed
        seen.append(fingerprint(work))
        assert seen[-1] == fingerprint(ref)
    for index in reversed(range(len(p.ids))):
        work.pop()
        assert fingerprint(work) == seen[index]
    assert fingerprint(work, views=True) == start
    assert work.result is None and work.moves == [] and not work.is_over
    assert work.phase in (Phase.BID_FIRST, Phase.JOKER_TRUMP)
    with pytest.raises(IndexError):
        work.pop()
    for index, aid in enumerate(p.ids):
        work.apply_id(aid)
        assert fingerprint(work) == seen[index + 1]


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(playthroughs(), st.data())
def test_copy_is_independent(p: Playthrough, data: st.DataObject) -> None:
    """Mutating a copy (forward or undoing past the copy point) leaves the original
    as it was, and the other way round."""
    original = p.final()
    frozen = fingerprint(original, views=True)
    clone = original.copy()
    assert fingerprint(clone, views=True) == frozen
    undo = data.draw(st.integers(min_value=0, max_value=len(p.ids)))
    for _ in range(undo):
        clone.pop()
    while not clone.is_over:
        legal = clone.legal_action_ids()
        clone.apply_id(legal[data.draw(st.integers(0, len(legal) - 1))])
    assert fingerprint(original, views=True) == frozen
    after_clone = fingerprint(clone, views=True)
    while original.moves:
        original.pop()
    assert fingerprint(clone, views=True) == after_clone


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(playthroughs())
def test_R14_R6_can_take_back_says_whether_take_back_would_take_a_move(
        p: Playthrough) -> None:
    """At every step, for every seat, ``can_take_back`` is true exactly where
    ``take_back`` takes moves back (the seat has moved in the hand, no dummy taken and
    no trump named blind since), and asking it changes nothing."""
    for hand, _ in p.states():
        for seat in range(3):
            before = fingerprint(hand)
            said = hand.can_take_back(seat)
            assert fingerprint(hand) == before
            trial = hand.copy()
            try:
                taken = bool(trial.take_back(seat))
            except IllegalActionError:
                taken = False
            assert said == taken, (seat, [str(m) for m in hand.moves])
            event(f"can take back: {said}")


# --- 6. records round trip -------------------------------------------------------------


def _check_round_trip(game: Game) -> None:
    record = to_record(game)
    again = replay(record)
    assert to_record(again) == record
    text = json.dumps(record)
    assert to_record(replay(json.loads(text))) == record
    assert to_record(replay(text)) == record
    assert summary(again)["scores"] == list(game.scores)
    assert summary(again) == summary(game)
    assert [fingerprint(h) for h in again.hands] == [fingerprint(h) for h in game.hands]


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(games())
def test_record_round_trip_random_games(game: Game) -> None:
    """to_record → replay → to_record is the identity, through JSON text too, for games
    stopped anywhere (mid-hand included)."""
    _check_round_trip(game)


@settings(max_examples=15, deadline=None, suppress_health_check=SLOW)
@given(rules_st(targets=st.integers(min_value=1, max_value=6)), seeds, seeds)
def test_record_round_trip_bot_games(rules: Rules, game_seed: int, bot_seed: int) -> None:
    """A whole game played by random bots through their views round-trips too."""
    game = Game(rules, seed=game_seed)
    bots = [RandomBot(seed=bot_seed + seat) for seat in range(3)]
    play_game(game, bots)
    assert game.is_over
    _check_round_trip(game)


# --- 7. the game ------------------------------------------------------------------------


def _check_game(game: Game) -> None:
    rules = game.rules
    hands = game.hands
    assert hands and hands[0].dealer == game.first_dealer
    for before, after in itertools.pairwise(hands):
        assert after.dealer == (before.dealer + 1) % 3  # R4, thrown-in hands too
    totals = [0, 0, 0]
    for index, hand in enumerate(hands):
        result = hand.result
        if result is None:
            assert hand is hands[-1] and not game.is_over
            continue
        assert result.dealer == hand.dealer
        if result.thrown_in:
            assert result.points == (0, 0, 0) and result.maker is None
        for seat in range(3):
            totals[seat] += result.points[seat]
        prefix = Game(rules, first_dealer=game.first_dealer)
        prefix.hands = hands[: index + 1]
        assert prefix.is_over == (index == len(hands) - 1 and game.is_over)
    assert game.scores == tuple(totals)
    if game.is_over:
        top = max(totals)
        assert top >= rules.target
        assert game.winners and all(totals[w] == top for w in game.winners)
        if rules.tie == "play_on":
            assert len(game.winners) == 1
            assert all(totals[s] < top for s in range(3) if s != game.winners[0])
        else:
            assert game.winners == tuple(s for s in range(3) if totals[s] == top)
        assert not game.needs_deal
        with pytest.raises(GameOverError):
            game.deal()
    else:
        assert game.winners == ()


def _is_legal_agrees_with_push(game: Game) -> None:
    legal = {game.hand.action_id(a) for a in game.legal_actions()} if game.hand else set()
    assert [i for i in range(NUM_ACTIONS) if game.is_legal(i)] == sorted(legal)
    event(f"phase: {game.hand.phase.name if game.hand else None}")
    for action in game.legal_actions():
        seat = game.to_act
        assert seat is not None
        assert game.is_legal(action) and game.is_legal(f"{seat} {action}")
        assert game.is_legal(Move(seat, action))
        assert not game.is_legal(f"{(seat + 1) % 3} {action}")
        assert not game.is_legal(Move((seat + 1) % 3, action))
        game.copy().push(action)  # what is_legal says push takes, it takes
    if game.needs_deal or game.is_over:
        assert legal == set() and not game.is_legal("pass") and not game.is_legal(0)


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW)
@given(games(may_stop=False, max_target=4))
def test_game_is_legal_is_what_push_takes_at_every_point_of_a_game(game: Game) -> None:
    """``Game.is_legal`` answers for every action id as ``Game.push`` would, at every
    point of a whole game replayed: true for exactly the current hand's legal actions
    (as ids, objects, text and ``SEAT VERB`` text), false for every other id and for
    another seat's move, and false for anything before the first deal, between hands
    and once the game is over (R4, R22)."""
    again = Game(game.rules, first_dealer=game.first_dealer)
    for hand in game.hands:
        _is_legal_agrees_with_push(again)
        again.deal(hand.dealt)
        for move in hand.moves:
            _is_legal_agrees_with_push(again)
            again.push(move)
    _is_legal_agrees_with_push(again)
    assert again.is_over and again.scores == game.scores


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(games(may_stop=False))
def test_R4_R22_game_invariants_full_games(game: Game) -> None:
    """Dealer rotates each hand (thrown-in too), scores are the sums of hand points,
    and the winner has reached the target (alone on top under play_on)."""
    assert game.is_over
    event(f"thrown-in hands: {any(h.result and h.result.thrown_in for h in game.hands)}")
    _check_game(game)


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(games())
def test_R4_R22_game_invariants_stopped_games(game: Game) -> None:
    """The same invariants hold for a game stopped anywhere."""
    if game.hands:
        _check_game(game)


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(games(), st.data())
def test_R22_scores_kept_hand_by_hand_match_the_sum_through_deals_and_undeals(
        game: Game, data: st.DataObject) -> None:
    """The game keeps the scoreboard of its sealed hands instead of adding every hand
    up again: rebuilt hand by hand, with hands taken back (undeal) and dealt again at
    random, its scores, end, winners and the scores a view shows are always those of
    all its finished hands added up from the first (R22)."""
    again = Game(game.rules, first_dealer=game.first_dealer)

    def check() -> None:
        assert again.outcome == game_outcome(again.rules, again.results)
        if again.hand is not None:
            before = game_outcome(again.rules, again.results[:len(again.hands) - 1])
            assert again.view(again.hand.dealer).scores == before.scores

    for hand in game.hands:
        again.deal(hand.dealt)
        check()
        if data.draw(st.booleans()):
            again.undeal()
            check()
            again.deal(hand.dealt)
        for move in hand.moves:
            again.push(move)
        check()
    assert again.outcome == game.outcome
