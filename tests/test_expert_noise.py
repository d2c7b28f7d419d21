"""The expert and the noise of its samples.

With 40 (or 20) sampled deals an option's average carries sampling error. Before play
the expert draws more deals (up to ``bid_samples_max``) while the best two options are
within two standard errors of each other. With ``margin`` it leaves the intermediate
bot's choice (what a good human would do) only for an option that beats it by more
than ``margin`` standard errors of the paired difference.
"""

from __future__ import annotations

import random

import pytest

from cutthroat import Card, Hand, Phase, Rules
from cutthroat.actions import Action
from cutthroat.bots.expert import ExpertBot, _settled
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.move_words import said_move
from cutthroat.views import View


def _positions(count: int, seed: int) -> list[View]:
    """Views of the seat to act with more than one legal action, before and in play,
    from hands played by intermediate bots."""
    rng = random.Random(seed)
    model = IntermediateBot(seed=0)
    views: list[View] = []
    while len(views) < count:
        hand = Hand.deal(Rules(), dealer=rng.randrange(3), rng=rng)
        scores = (rng.randrange(9), rng.randrange(9), rng.randrange(9))
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat, scores)
            if len(view.legal) > 1 and rng.random() < 0.3:
                views.append(view)
            hand.push(model.choose(view), seat)
    return views[:count]


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_margin_keeps_the_natural_move_only_when_the_edge_is_noise() -> None:
    """Same seed, same samples: the two bots differ only where the top option's edge
    over the natural move is within one standard error, and there the natural move is
    chosen and the edge reported."""
    model = IntermediateBot(seed=0)
    differ = 0
    for index, view in enumerate(_positions(40, seed=7)):  # two of them differ
        plain = ExpertBot(seed=index, play_samples=8, bid_samples=8, keep_candidates=3,
                          margin=0.0).analyse(view)
        careful = ExpertBot(seed=index, play_samples=8, bid_samples=8, keep_candidates=3,
                            margin=1.0).analyse(view)
        # The samples are the same: every option has the same value in both.
        assert sorted(plain.options, key=str) == sorted(careful.options, key=str)
        values = [round(o.value, 9) for o in plain.options]
        assert values == sorted(values, reverse=True)
        assert "edge" not in plain.extra
        natural = model.choose(view)
        if careful.best == plain.best:
            assert "edge" not in careful.extra
            assert careful.extra == plain.extra  # a close call, said the same either way
            continue
        differ += 1
        assert careful.best == natural
        edge, noise = careful.extra["edge"], careful.extra["noise"]
        top = plain.options[0]
        chosen = next(o for o in plain.options if o.action == natural)
        assert edge == pytest.approx(top.value - chosen.value)
        assert 0 <= edge <= noise
        assert "within the samples' noise" in careful.reason
        assert said_move(view, top.action, gerund=True) in careful.reason  # in words
        # The others follow by value after the natural move.
        rest = [round(o.value, 9) for o in careful.options[1:]]
        assert rest == sorted(rest, reverse=True)
    assert differ >= 2


def test_margin_does_not_hold_back_an_option_that_is_better_on_every_sample() -> None:
    """A consistent edge has no noise: it is taken however large the margin."""
    hand = Hand.deal(Rules(), dealer=0, seed=2)
    view = hand.view(1)
    natural = IntermediateBot(seed=0).choose(view)
    other = next(Action.parse(a) for a in view.legal if Action.parse(a) != natural)
    bot = ExpertBot(seed=0, margin=1e9)
    rows = [(natural, [2.0, 0.0, 0.0], [0.5, 0.7, 0.8, 0.0]),
            (other, [2.2, 0.0, 0.0], [0.55, 0.75, 0.85, 0.05])]
    analysis = bot._ranked(view, 4, rows, natural)
    assert analysis.best == other and analysis.extra == {}
    # The same edge with noise around it is not taken.
    rows[1] = (other, [2.2, 0.0, 0.0], [0.9, 0.3, 1.0, 0.0])
    analysis = bot._ranked(view, 4, rows, natural)
    assert analysis.best == natural
    assert analysis.extra["edge"] == pytest.approx(0.05)


def test_margin_in_card_play_and_its_reason() -> None:
    """In trick play too the natural card is kept on a noisy edge, with a reason that
    says so."""
    found = False
    for index, view in enumerate(_positions(60, seed=11)):
        if view.phase is not Phase.PLAY:
            continue
        analysis = ExpertBot(seed=index, play_samples=4, margin=3.0).analyse(view)
        if analysis.extra:
            found = True
            assert analysis.best == IntermediateBot(seed=0).choose(view)
            assert "within the samples' noise" in analysis.reason
    assert found


def test_margin_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match="margin"):
        ExpertBot(margin=-1.0)


def test_close_decisions_before_play_draw_more_deals_up_to_the_maximum() -> None:
    """Clear decisions stop at ``bid_samples``; close ones take ten more at a time, never
    beyond ``bid_samples_max``; a maximum at or below the minimum fixes the number."""
    counts = []
    for index, view in enumerate(_positions(40, seed=5)):
        if view.phase is Phase.PLAY:
            continue
        analysis = ExpertBot(seed=index, bid_samples=6, bid_samples_max=26,
                             keep_candidates=3).analyse(view)
        counts.append(analysis.samples)
        assert analysis.samples in (6, 16, 26)
        fixed = ExpertBot(seed=index, bid_samples=6, bid_samples_max=6,
                          keep_candidates=3).analyse(view)
        assert fixed.samples == 6
        if analysis.samples == 6:
            # Stopping at the minimum means the first six deals gave the same answer.
            assert fixed == analysis
    assert 6 in counts and max(counts) > 6


def test_a_decision_is_settled_by_a_clear_lead_or_no_noise() -> None:
    assert _settled([[0.5, 0.5, 0.5]])  # one option: nothing to decide
    assert _settled([[0.5, 0.6, 0.7], [0.5, 0.6, 0.7]])  # the same on every deal
    assert _settled([[0.6, 0.7, 0.8], [0.5, 0.6, 0.7]])  # better on every deal
    assert not _settled([[0.9, 0.3, 0.8], [0.5, 0.6, 0.7]])  # ahead, within the noise
    assert _settled([[0.9, 0.6, 0.8, 0.9], [0.1, 0.2, 0.3, 0.2]])
    # The two best are compared, whatever their order in the list.
    assert not _settled([[0.0, 0.0, 0.0], [0.9, 0.3, 0.8], [0.5, 0.6, 0.7]])


def test_hint_samples_fix_the_number_of_deals() -> None:
    from cutthroat.bots.hints import hint

    for index, view in enumerate(_positions(12, seed=9)):
        if view.phase is not Phase.PLAY:
            assert hint(view, seed=index, samples=5).samples == 5


def test_R3_of_options_worth_exactly_the_same_the_higher_cards_are_kept() -> None:
    """Equal in value, points and tricks, and neither the natural move: the ranking
    fell to the action's text, so 'discard AC' came before 'discard JC' and 'discard
    KH' before 'discard TH' (the expert threw away the higher card). It now gives up
    the lower card (R3: a trump above every plain card, the bowers on top)."""
    from cutthroat.cards import trump_order
    from cutthroat.deal import Deal

    rules = Rules()
    hand = Hand(rules, Deal.from_cards(rules, [
        ["AC", "JC", "9C", "TD", "QS"], ["9H", "TH", "QH", "KH", "AH"],
        ["9D", "JD", "QD", "KD", "AD"]], dummy=["9S", "TS", "JS", "KS", "AS"],
        kitty=["JH", "QC", "KC", "TC"]), dealer=0)
    for move in ("1 order", "0 pickup"):
        hand.push(move)
    view = hand.view(0)
    assert view.trump is not None and trump_order(view.trump)[0] == Card.parse("JH")
    bot = ExpertBot(seed=0)
    tied = [Action.parse(text) for text in ("discard AC", "discard JC", "discard 9C",
                                            "discard JH")]
    natural = Action.parse("discard QS")
    rows = [(action, [2.0, 0.0, 1.0], [0.5, 0.5]) for action in tied]
    rows.append((natural, [1.0, 0.0, 1.0], [0.25, 0.25]))
    ranked = [o.action for o in bot._ranked(view, 2, rows, natural).options]
    assert ranked == [Action.parse(t) for t in ("discard 9C", "discard JC", "discard AC",
                                                "discard JH", "discard QS")]
