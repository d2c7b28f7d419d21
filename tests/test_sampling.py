"""Sampling hidden cards consistently with a view (bots/sampling.py)."""

from __future__ import annotations

import random

import pytest

from cutthroat import Card, Hand, Phase, Rules
from cutthroat.bots.sampling import SamplingError, sample_deal, sample_hand, void_masks
from cutthroat.cli import random_variants


def _fingerprint(hand: Hand, seat: int) -> tuple[object, ...]:
    view = hand.view(seat)
    return (view.cards, view.moves, view.tricks, view.current_trick, view.buried,
            view.discard, view.phase, view.to_act, view.legal, view.upcard_taken)


@pytest.mark.parametrize("game", range(60))
def test_samples_agree_with_every_seat_view_at_every_point(game: int) -> None:
    """A sample shows the seat exactly what the real hand shows it, at every moment,
    under random variants (decks, dummy, joker up, lone players)."""
    rng = random.Random(game)
    rules = random_variants(random.Random(1000 + game))
    hand = Hand.deal(rules, dealer=game % 3, rng=rng)
    while not hand.is_over:
        for seat in range(3):
            sample = sample_hand(hand.view(seat), rng)
            assert _fingerprint(sample, seat) == _fingerprint(hand, seat)
        hand.apply_id(rng.choice(hand.legal_action_ids()))


@pytest.mark.parametrize("game", range(30))
def test_sample_deal_draws_what_sample_hand_draws_and_replays_to_the_view(game: int) -> None:
    """The expert's inference takes a deal and its log without the replay: from the same
    generator state it is the deal ``sample_hand`` returns, leaves the generator where
    ``sample_hand`` leaves it, and its log replays to the same moment (random variants,
    every seat, every point of a hand)."""
    rng = random.Random(game)
    rules = random_variants(random.Random(2000 + game))
    hand = Hand.deal(rules, dealer=game % 3, rng=rng)
    while not hand.is_over:
        for seat in range(3):
            view = hand.view(seat)
            state = rng.getstate()
            sampled = sample_deal(view, rng)
            after = rng.random()
            rng.setstate(state)
            full = sample_hand(view, rng)
            assert rng.random() == after
            assert sampled.dealt == full.dealt and sampled.dealer == full.dealer
            assert sampled.moves == full.moves
            replayed = sampled.replay()
            assert replayed is not None
            assert _fingerprint(replayed, seat) == _fingerprint(hand, seat)
        hand.apply_id(rng.choice(hand.legal_action_ids()))


def test_samples_respect_voids_and_vary() -> None:
    """A seat that showed a void never holds that suit in a sample, and samples differ."""
    rng = random.Random(5)
    seen_void = False
    for seed in range(200):
        hand = Hand.deal(Rules(), dealer=seed % 3, seed=seed)
        while not hand.is_over and len(hand.tricks) < 2:
            hand.apply_id(rng.choice(hand.legal_action_ids()))
        if hand.is_over or hand.to_act is None:
            continue
        view = hand.view(hand.to_act)
        voids = void_masks(view)
        if not any(voids):
            continue
        seen_void = True
        others = set()
        for _ in range(10):
            sample = sample_hand(view, rng)
            for seat in range(3):
                assert not sample.cards_mask(seat) & voids[seat]
            others.add(tuple(sample.cards_mask(s) for s in range(3)))
        assert len(others) > 1
    assert seen_void


def test_upcard_stays_with_the_dealer_for_the_others() -> None:
    """Once the dealer took the up-card, a sample puts it in his hand or his discard."""
    for seed in range(40):
        hand = Hand.deal(Rules(), dealer=0, seed=seed)
        hand.push("1 order")
        hand.push("0 pickup")
        up = hand.upcard
        view = hand.view(2)
        rng = random.Random(seed)
        for _ in range(5):
            sample = sample_hand(view, rng)
            assert up in sample.cards(0)
        discard = next(c for c in hand.cards(0) if c != up)
        hand.push(f"0 discard {discard}")
        sample = sample_hand(hand.view(1), rng)
        assert up in sample.cards(0) or sample.dealer_discard == up


def test_blind_dealer_gets_sampled_cards() -> None:
    """While the dealer names trump blind (R6) his own cards are sampled too."""
    rules = Rules(deck=25)
    for seed in range(2000):
        hand = Hand.deal(rules, dealer=1, seed=seed)
        if hand.phase is Phase.JOKER_TRUMP:
            break
    else:  # pragma: no cover
        pytest.fail("no joker turned up")
    view = hand.view(1)
    assert view.cards == ()
    sample = sample_hand(view, random.Random(0))
    assert len(sample.cards(1)) == 5 and sample.upcard == Card.joker()


def test_impossible_view_raises() -> None:
    """A view no deal can explain (cards doctored) is refused clearly."""
    from dataclasses import replace

    hand = Hand.deal(Rules(), seed=3)
    view = hand.view(1)
    bad = replace(view, moves=("1 play AS",))
    with pytest.raises(SamplingError):
        sample_hand(bad, random.Random(0), attempts=3)
    garbled = replace(view, moves=("1 shuffle",))
    for sample in (sample_hand, sample_deal):
        with pytest.raises(SamplingError):
            sample(garbled, random.Random(0), attempts=3)


def test_sample_deal_leaves_the_replay_to_its_caller() -> None:
    """``sample_deal`` does not replay the log: on a doctored view (a card played in the
    bidding) it returns a deal whose ``replay()`` says it cannot be played, where
    ``sample_hand`` refuses; a view whose cards no deal can hold is refused by both."""
    from dataclasses import replace

    from cutthroat.cards import deck

    view = Hand.deal(Rules(), seed=3).view(1)
    doctored = replace(view, moves=("1 play AS",))
    assert sample_deal(doctored, random.Random(0), attempts=3).replay() is None
    crowded = replace(view, cards=tuple(deck(24)))
    with pytest.raises(SamplingError):
        sample_deal(crowded, random.Random(0), attempts=3)
