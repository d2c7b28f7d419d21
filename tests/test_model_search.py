"""Trick play searched against a model of the other players (bots/model_search.py)."""

from __future__ import annotations

import random

import pytest

from cutthroat import Hand, Phase, Rules
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.bots.model_search import ModelSearch
from cutthroat.bots.valuation import hand_chance, hand_value, hand_worth
from cutthroat.cli import random_variants

POLICY = IntermediateBot(seed=0)


def _position(seed: int) -> tuple[Hand, tuple[int, int, int]]:
    """A hand in play somewhere between its first and its last card, under random
    variants and scores, bid and played so far by the intermediate bot."""
    rng = random.Random(seed)
    rules = random_variants(rng) if seed % 2 else Rules()
    scores = (rng.randrange(rules.target), rng.randrange(rules.target),
              rng.randrange(rules.target))
    while True:
        hand = Hand.deal(rules, dealer=rng.randrange(3), rng=rng)
        while hand.phase is not Phase.PLAY and not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand.push(POLICY.choose(hand.view(seat, scores)), seat)
        for _ in range(rng.randrange(10)):
            if hand.is_over:
                break
            seat = hand.to_act
            assert seat is not None
            hand.push(POLICY.choose(hand.view(seat, scores)), seat)
        if not hand.is_over:
            return hand, scores


def _exhaustive(hand: Hand, me: int, scores: tuple[int, int, int]) -> float:
    """Every line of ``me``'s cards, the others by the policy, no cut-off: the value of
    the best, from the hand's own result."""
    hand = hand.copy()
    while not hand.is_over and hand.to_act != me:
        seat = hand.to_act
        assert seat is not None
        hand.push(POLICY.choose(hand.view(seat, scores)), seat)
    if hand.is_over:
        assert hand.result is not None
        return hand_value(me, hand.result.points, scores, hand.rules, hand.dealer)
    values = []
    for action in hand.legal_actions():
        after = hand.copy()
        after.push(action, me)
        values.append(_exhaustive(after, me, scores))
    return max(values)


@pytest.mark.parametrize("seed", range(40))
def test_model_search_equals_the_exhaustive_search(seed: int) -> None:
    """The cut-off at the best value the remaining tricks allow loses nothing: each
    card's value is that of trying every line."""
    hand, scores = _position(seed)
    me = hand.to_act
    assert me is not None
    search = ModelSearch(me, POLICY, scores, hand)
    options = search.options(hand)
    assert set(options) == {a.card.id for a in hand.legal_actions() if a.card is not None}
    for action in hand.legal_actions():
        assert action.card is not None
        after = hand.copy()
        after.push(action, me)
        assert options[action.card.id][0] == pytest.approx(_exhaustive(after, me, scores))


@pytest.mark.parametrize("seed", range(40, 60))
def test_model_search_line_is_what_happens_against_the_model(seed: int) -> None:
    """Playing the searched best card at every turn against the model itself ends the
    hand exactly as the search said: same value, points and tricks."""
    hand, scores = _position(seed)
    me = hand.to_act
    assert me is not None and hand.maker is not None
    search = ModelSearch(me, POLICY, scores, hand)
    promised = search.best(hand.copy())
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        if seat == me:
            options = search.options(hand)
            card = max(options, key=lambda c: options[c][0])
            hand.apply_id(card, me)
        else:
            hand.push(POLICY.choose(hand.view(seat, scores)), seat)
    result = hand.result
    assert result is not None
    value, chance = hand_worth(me, result.points, scores, hand.rules, hand.dealer)
    side = result.tricks[hand.maker] if me == hand.maker else 5 - result.tricks[hand.maker]
    assert promised == pytest.approx((value, result.points[me], side, chance))
    assert chance == hand_chance(me, result.points, scores, hand.rules, hand.dealer)


@pytest.mark.parametrize("seed", range(60, 80))
def test_model_search_is_no_worse_than_playing_like_the_model(seed: int) -> None:
    """The best line is at least as good as the model's own play from this seat."""
    hand, scores = _position(seed)
    me = hand.to_act
    assert me is not None
    best = ModelSearch(me, POLICY, scores, hand).best(hand.copy())[0]
    played = hand.copy()
    while not played.is_over:
        seat = played.to_act
        assert seat is not None
        played.push(POLICY.choose(played.view(seat, scores)), seat)
    assert played.result is not None
    assert best >= hand_value(me, played.result.points, scores, hand.rules, hand.dealer)


def test_model_search_refuses_a_hand_without_maker_or_a_seat_not_to_act() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=2)
    with pytest.raises(ValueError, match="no maker"):
        ModelSearch(1, POLICY, None, hand)
    played, scores = _position(3)
    me = played.to_act
    assert me is not None
    with pytest.raises(ValueError, match="not to act"):
        ModelSearch((me + 1) % 3, POLICY, scores, played).options(played)


@pytest.mark.parametrize("card_play", ["model", "solver"])
def test_expert_card_play_options_choose_legal_cards(card_play: str) -> None:
    """Both ways of valuing a card (against the model, the default, or the exact
    solver) give every legal card a value and choose one of them."""
    bot = ExpertBot(seed=1, play_samples=3, bid_samples=3, card_play=card_play)
    for seed in range(6):
        hand, scores = _position(100 + seed)
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat, scores)
        analysis = bot.analyse(view)
        assert {str(o.action) for o in analysis.options} == set(view.legal)
        assert all(0.0 <= o.value <= 1.1 for o in analysis.options)
    with pytest.raises(ValueError, match="card_play"):
        ExpertBot(card_play="oracle")
