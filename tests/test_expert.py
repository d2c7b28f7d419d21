"""The expert bot, its valuation and its hints (fast checks; strength is in bench/)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cutthroat import Deal, Game, Hand, Phase, Rules
from cutthroat.bots import play_game
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.valuation import hand_value, win_chances
from cutthroat.cli import app, random_variants

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"


def small(seed: int = 0) -> ExpertBot:
    """An expert with a tiny budget, for speed."""
    return ExpertBot(seed=seed, play_samples=3, bid_samples=3, keep_candidates=2)


@pytest.mark.parametrize("game", range(6))
def test_expert_plays_legal_actions_in_every_phase(game: int) -> None:
    """Whole hands under random variants: every choice is one of view.legal."""
    rules = random_variants(random.Random(game))
    rng = random.Random(game)
    bot = small(game)
    phases = set()
    for deal_number in range(3):
        hand = Hand.deal(rules, dealer=deal_number % 3, rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            action = bot.choose(view)
            assert str(action) in view.legal or action in hand.legal_actions()
            phases.add(hand.phase)
            hand.push(action, seat)
    assert Phase.PLAY in phases


def test_expert_full_game_against_itself() -> None:
    """Three experts finish a game."""
    game = Game(seed=3)
    play_game(game, [small(0), small(1), small(2)])
    assert game.is_over and game.winners


def test_expert_is_deterministic_given_its_seed() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=8)
    view = hand.view(1)
    assert small(4).analyse(view) == small(4).analyse(view)


def test_expert_sees_only_the_view() -> None:
    """Two deals that look the same to seat 1 get the same decision."""
    rules = Rules()
    base = Hand.deal(rules, dealer=0, seed=21).dealt
    # Swap seat 0's and seat 2's cards: seat 1's view does not change.
    other = Deal(hands=(base.hands[2], base.hands[1], base.hands[0]), dummy=base.dummy,
                 kitty=base.kitty)
    a = Hand(rules, base, 0)
    b = Hand(rules, other, 0)
    assert a.view(1) == b.view(1)
    assert small(9).analyse(a.view(1)) == small(9).analyse(b.view(1))


def test_analysis_ranks_options_and_explains() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=2)
    analysis = small(1).analyse(hand.view(1))
    values = [o.value for o in analysis.options]
    assert values == sorted(values, reverse=True)
    assert {str(o.action) for o in analysis.options} == {"pass", "order"}
    assert analysis.best == analysis.options[0].action
    assert analysis.reason and analysis.samples == 3


def test_expert_explains_card_play() -> None:
    """Reasons are produced for card play too, naming a card or a plan."""
    rng = random.Random(3)
    hand = Hand.deal(Rules(), dealer=0, seed=13)
    while hand.phase is not Phase.PLAY and not hand.is_over:
        hand.apply_id(rng.choice(hand.legal_action_ids()))
    reasons = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        analysis = small(2).analyse(hand.view(seat))
        reasons.append(analysis.reason)
        hand.push(analysis.best, seat)
    assert reasons and all(isinstance(r, str) and r for r in reasons)


def test_analyse_refuses_a_seat_not_to_act() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=1)
    with pytest.raises(ValueError):
        small().analyse(hand.view(0))


def test_time_limit_stops_sampling_early() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=5)
    bot = ExpertBot(seed=0, bid_samples=10_000, time_limit=0.05)
    assert bot.analyse(hand.view(1)).samples < 10_000


# --- valuation -------------------------------------------------------------------------


def test_win_chances_are_a_distribution_and_exact_at_the_end() -> None:
    rules = Rules()
    for scores in [(0, 0, 0), (9, 2, 5), (4, 8, 8), (7, 7, 7)]:
        chances = win_chances(scores, rules)
        assert sum(chances) == pytest.approx(1.0)
    assert win_chances((10, 3, 4), rules) == (1.0, 0.0, 0.0)
    assert win_chances((10, 10, 4), Rules(tie="share")) == (0.5, 0.5, 0.0)
    tied = win_chances((11, 11, 4), rules)
    assert tied[0] == tied[1] > tied[2]
    closer = win_chances((8, 5, 5), rules)
    assert closer[0] > closer[1]


def test_hand_value_prefers_points_and_fears_an_opponent_win() -> None:
    rules = Rules()
    assert hand_value(0, (1, 0, 0), (0, 0, 0), rules) > hand_value(0, (0, 0, 0), (0, 0, 0), rules)
    # A euchre that puts seat 1 on the target is a disaster for seat 0.
    assert hand_value(0, (0, 2, 2), (5, 8, 3), rules) < 0.01
    assert hand_value(0, (0, 0, 0), None, rules) == pytest.approx(1 / 3)


# --- hint ------------------------------------------------------------------------------


def test_hint_command_gives_a_legal_choice() -> None:
    record = EXAMPLES / "07-in-progress.json"
    runner = CliRunner()
    done = runner.invoke(app, ["hint", str(record), "--samples", "4", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["seat"] == 0 and data["phase"] == "bid_second"
    assert data["choice"] in {"call C", "call D", "call H", "pass"}
    assert {o["action"] for o in data["options"]} == {"call C", "call D", "call H", "pass"}
    text = runner.invoke(app, ["hint", str(record), "--samples", "4"])
    assert text.exit_code == 0 and "Hint:" in text.stdout


def test_hint_refuses_a_finished_game(tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["hint", str(EXAMPLES / "01-standard-full-game.json")])
    assert done.exit_code == 1
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert CliRunner().invoke(app, ["hint", str(bad)]).exit_code == 1
