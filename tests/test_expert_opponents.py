"""The expert's model of each other seat: the intermediate bot, or the beginner for a
seat that plays like one (:class:`cutthroat.bots.opponents.SeatModels`)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cutthroat import Game, Hand, Phase, Rules
from cutthroat.bots import play_game
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import BeginnerBot, IntermediateBot
from cutthroat.bots.opponents import FIT, SeatModels
from cutthroat.bots.random import RandomBot
from cutthroat.views import View

SCORES = (2, 4, 1)


Player = IntermediateBot | BeginnerBot | RandomBot


def candidates() -> dict[str, IntermediateBot | BeginnerBot]:
    return {"intermediate": IntermediateBot(seed=0), "beginner": BeginnerBot(seed=0)}


def last_view(players: list[Player], seed: int,
              me: int = 0) -> View | None:
    """Seat ``me``'s view at its last decision of a hand played by ``players`` (seat by
    seat); ``None`` if the hand was thrown in before play."""
    hand = Hand.deal(Rules(), dealer=seed % 3, seed=seed)
    last = None
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        if seat == me:
            last = hand.view(me, SCORES)
        hand.push(players[seat].choose(hand.view(seat, SCORES)), seat)
    played = hand.result is not None and hand.result.maker is not None
    return last if played else None


def judged(players: list[Player], hands: int,
           margin: int = 2) -> SeatModels:
    models = SeatModels(candidates(), margin=margin)
    seed = 0
    while hands:
        seed += 1
        view = last_view(players, seed)
        if view is not None and view.phase is Phase.PLAY:
            models.judge(view)
            hands -= 1
    return models


def _beginners_hands() -> list[View]:
    """Seat 0's last view of each of ten-odd hands played against two beginners (the
    hands thrown in before play left out)."""
    players: list[Player] = [IntermediateBot(), BeginnerBot(seed=1), BeginnerBot(seed=2)]
    return [v for v in (last_view(players, seed) for seed in range(1, 12))
            if v is not None and v.phase is Phase.PLAY]


def test_seat_models_keep_the_intermediate_for_seats_that_play_like_it() -> None:
    models = judged([IntermediateBot(), IntermediateBot(), IntermediateBot()], hands=12)
    assert models.model_names() == ("intermediate",) * 3
    for seat in (1, 2):  # a hidden card may be dealt otherwise than it lay: rarely a miss
        assert models.misses[seat]["intermediate"] <= 2
        assert models.misses[seat]["beginner"] >= 5 * max(1, models.misses[seat]["intermediate"])
    assert models.misses[0] == {"intermediate": 0, "beginner": 0}  # its own seat


def test_seat_models_find_the_beginner_seat_by_seat() -> None:
    models = judged([IntermediateBot(), BeginnerBot(seed=1), IntermediateBot()], hands=12)
    assert models.model_names() == ("intermediate", "beginner", "intermediate")
    assert models.misses[1]["beginner"] == 0 < models.misses[1]["intermediate"]
    assert models.misses[2]["intermediate"] == 0


def test_seat_models_keep_the_default_for_a_player_no_candidate_explains() -> None:
    models = judged([IntermediateBot(), RandomBot(seed=1), RandomBot(seed=2)], hands=12)
    assert models.model_names() == ("intermediate",) * 3
    for seat in (1, 2):
        assert min(models.misses[seat].values()) > FIT * models.judged[seat]


def test_seat_models_switch_only_by_the_margin() -> None:
    strict = judged([IntermediateBot(), BeginnerBot(seed=1), BeginnerBot(seed=2)],
                    hands=3, margin=1000)
    assert strict.model_names() == ("intermediate",) * 3
    assert strict.misses[1]["intermediate"] > strict.misses[1]["beginner"]


def test_seat_models_answer_for_each_seat_with_its_model() -> None:
    models = judged([IntermediateBot(), BeginnerBot(seed=1), IntermediateBot()], hands=12)
    beginner, intermediate = BeginnerBot(seed=0), IntermediateBot(seed=0)
    differed = 0
    for seed in range(40):
        hand = Hand.deal(Rules(), dealer=seed % 3, seed=seed)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            own = (beginner if seat == 1 else intermediate).choose(hand.view(seat, SCORES))
            assert models.choose_in(hand, seat, SCORES) == own
            other = (intermediate if seat == 1 else beginner).choose(hand.view(seat, SCORES))
            differed += own != other
            hand.push(own, seat)
    assert differed > 0


def test_seat_models_judge_each_hand_once_it_is_over_and_start_again_in_a_new_game(
) -> None:
    views = _beginners_hands()
    models = SeatModels(candidates())
    for view in views:
        models.observe(view)  # each view: the last decision of a hand
    counted = SeatModels(candidates())
    for view in views[:-1]:  # the last hand is judged when the next one begins
        counted.judge(view)
    assert models.misses == counted.misses
    assert models.model_names() == ("intermediate", "beginner", "beginner")
    models.observe(View(**_fields(views[0], scores=(0, 0, 0))))  # a score went down
    assert models.model_names() == ("intermediate",) * 3
    assert models.misses == [{"intermediate": 0, "beginner": 0}] * 3


def _fields(view: View, **changes: object) -> dict[str, object]:
    return {**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)}, **changes}


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_expert_models_beginners_as_beginners_after_playing_them() -> None:
    expert = ExpertBot(seed=1, play_samples=2, bid_samples=2)
    play_game(Game(seed=3), [expert, BeginnerBot(seed=1), BeginnerBot(seed=2)])
    assert expert.seat_models.model_names() == ("intermediate", "beginner", "beginner")


def test_expert_with_a_fixed_model_never_changes_it() -> None:
    expert = ExpertBot(seed=1, play_samples=2, bid_samples=2, opponents="intermediate")
    play_game(Game(seed=3), [expert, BeginnerBot(seed=1), BeginnerBot(seed=2)])
    assert expert.seat_models.model_names() == ("intermediate",) * 3
    assert list(expert.seat_models.candidates) == ["intermediate"]


def test_expert_refuses_an_unknown_opponents_option() -> None:
    with pytest.raises(ValueError, match="opponents must be adaptive or intermediate"):
        ExpertBot(opponents="human")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"margin": -1}, "margin must be at least 0"),
    ({"samples": 0}, "samples must be at least 1"),
])
def test_seat_models_refuse_bad_settings(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SeatModels(candidates(), **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least one candidate"):
        SeatModels({})


def test_seat_models_count_nothing_for_a_hand_no_deal_can_be_drawn_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no deal consistent with the view is found (or none can be replayed), the
    hand counts for no candidate: the counts and the models stay as they were, and
    the expert goes on with them, never stopped by the judging."""
    from cutthroat.bots import opponents
    from cutthroat.bots.sampling import SampledDeal, SamplingError, sample_deal

    views = _beginners_hands()
    models = SeatModels(candidates())
    for view in views[:-1]:
        models.judge(view)
    before = ([dict(m) for m in models.misses], list(models.judged), models.model_names())
    assert before[2] == ("intermediate", "beginner", "beginner")

    def none_found(view: View, rng: object) -> object:
        raise SamplingError("no deal")

    monkeypatch.setattr(opponents, "sample_deal", none_found)
    models.judge(views[-1])
    assert ([dict(m) for m in models.misses], list(models.judged),
            models.model_names()) == before

    def not_replayable(view: View, rng: random.Random) -> SampledDeal:
        sampled = sample_deal(view, rng)
        return sampled._replace(moves=[sampled.moves[0], *sampled.moves])  # twice: illegal

    monkeypatch.setattr(opponents, "sample_deal", not_replayable)
    models.judge(views[-1])
    assert ([dict(m) for m in models.misses], list(models.judged),
            models.model_names()) == before


def test_seat_models_go_on_counting_over_hands_played_outside_a_game() -> None:
    """Views without scores (hands dealt on their own, not in a game) never start the
    counts again: every hand seen is judged."""
    views = [View(**_fields(view, scores=None)) for view in _beginners_hands()]
    models = SeatModels(candidates())
    for view in views:
        models.observe(view)
    counted = SeatModels(candidates())
    for view in views[:-1]:
        counted.judge(view)
    assert models.judged == counted.judged and sum(models.judged) > 0
    assert models.misses == counted.misses
