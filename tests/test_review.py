"""``cutthroat review``: the expert's second opinion on each choice of one seat."""

from __future__ import annotations

import dataclasses
import json
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cutthroat import Action, Card, Game, Hand, Rules, Suit
from cutthroat import record as rec
from cutthroat.bots import Bot, RandomBot, make_bot, play_game
from cutthroat.bots.analysis import Analysis, Option, Outcomes
from cutthroat.bots.hints import hint
from cutthroat.bots.review import (
    MARGIN,
    Verdict,
    decisions,
    describe_verdict,
    review,
    second_opinion,
)
from cutthroat.state import Phase
from cutthroat.terminal import seat_names
from cutthroat.views import View

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"
SAMPLES = 4


class HintFollower:
    """Seat 0 as the review will judge it: the hint's own choice at every decision
    (with ``seed``, the review's second-opinion seeds; without, the hints' own)."""

    name = "hint-follower"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        seed = None if self.seed is None else self.seed + len(view.moves)
        return hint(view, seed=seed, samples=SAMPLES).best


def short_game(first: Bot, seed: int, target: int = 3) -> Game:
    game = Game(Rules(target=target), seed=seed, players=seat_names(0))
    return play_game(game, [first, RandomBot(seed=seed + 1), make_bot("intermediate", seed)])


def test_decisions_are_the_seats_choices_as_it_saw_them_R14() -> None:
    game = play_game(Game(seed=6), [RandomBot(seed=s) for s in range(3)])
    for seat in range(3):
        found = decisions(game, seat)
        moves = [(h, i) for h, hand in enumerate(game.hands) for i, m in enumerate(hand.moves)
                 if m.seat == seat]
        assert {(h, i) for h, i, _, _ in found} <= set(moves)
        for h, i, view, action in found:
            assert view.seat == seat and view.to_act == seat and len(view.legal) > 1
            assert str(action) in view.legal
            assert game.hands[h].moves[i].action == action
            assert len(view.moves) == i
            before = game.hands[:h]
            assert view.scores == tuple(sum(x.result.points[s] for x in before if x.result)
                                        for s in range(3))


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_a_seat_that_followed_every_hint_gets_no_finding() -> None:
    game = short_game(HintFollower(seed=5), 11, target=6)
    result = review(game, 0, seed=5, samples=SAMPLES)
    assert result.decisions > 5
    assert result.findings == ()
    assert result.loss == 0.0


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_hints_followed_in_a_terminal_game_on_any_seed_get_no_finding(tmp_path: Path) -> None:
    """The terminal game's hints and `cutthroat review` of its record agree without a
    seed being carried (the record holds none): a hint is seeded from the view."""
    from cutthroat.terminal import TerminalGame

    path = tmp_path / "game.json"
    game = Game(Rules(target=4), seed=21, players=seat_names(0))
    table = TerminalGame(game, seat=0, bots=["random", "intermediate"], seed=987_654,
                         read=lambda _: str(table._analyse(table.view()).best),
                         write=lambda _: None, save=path, hint_samples=SAMPLES)
    assert table.play()
    result = review(rec.replay(path.read_text(encoding="utf-8")), 0, samples=SAMPLES)
    assert result.decisions > 3 and result.findings == ()
    again = json.loads(cli(str(path), "--samples", str(SAMPLES), "--json").stdout)
    assert again["findings"] == [] and again["decisions"] == result.decisions


def test_a_hints_seed_is_read_from_the_view_alone_R14() -> None:
    """Two deals a seat cannot tell apart give the same seed (nothing hidden goes in);
    another view gives another."""
    from cutthroat.bots.hints import hint_seed
    from cutthroat.bots.sampling import sample_hand

    hand = Hand.deal(seed=8)
    hand.push("pass")
    view = hand.view(hand.to_act)
    other = sample_hand(view, random.Random(1))
    assert other.dealt != hand.dealt and other.view(view.seat) == view
    assert hint_seed(other.view(view.seat)) == hint_seed(view)
    assert hint_seed(hand.view((view.seat + 1) % 3)) != hint_seed(view)
    assert hint(view, samples=SAMPLES) == hint(other.view(view.seat), samples=SAMPLES)


def test_every_finding_is_the_expert_clearly_preferring_another_choice() -> None:
    game = short_game(RandomBot(seed=3), 12)
    done: list[tuple[int, int]] = []
    result = review(game, 0, seed=1, samples=SAMPLES, progress=lambda d, t: done.append((d, t)))
    assert result.findings, "a random player should give the expert something to say"
    assert done[-1] == (result.decisions, result.decisions)
    for finding in result.findings:
        verdict = finding.verdict
        assert verdict.best != verdict.chosen
        assert verdict.loss is None or verdict.loss >= MARGIN
        assert "(win chance" not in verdict.reason
    assert result.loss == sum(f.verdict.loss or 0.0 for f in result.findings)
    assert json.loads(json.dumps(result.to_json()))["decisions"] == result.decisions


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cutthroat.cli", "review", *args],
                          capture_output=True, text=True, timeout=300)


def test_the_review_command_reads_a_record_and_names_the_choices(tmp_path: Path) -> None:
    game = short_game(RandomBot(seed=3), 12)
    path = tmp_path / "game.json"
    path.write_text(rec.dumps(game), encoding="utf-8")
    text = cli(str(path), "--samples", str(SAMPLES), "--seed", "1")
    assert text.returncode == 0, text.stderr
    first, *lines = text.stdout.splitlines()
    expected = review(game, 0, seed=1, samples=SAMPLES)
    assert first.startswith(f"You (seat 0): {expected.decisions} choices, "
                            f"{len(expected.findings)} where the expert")
    assert sum(1 for line in lines if line.startswith("  Hand ")) == len(expected.findings)
    as_json = json.loads(cli(str(path), "--samples", str(SAMPLES), "--seed", "1",
                             "--json").stdout)
    assert as_json == expected.to_json()


def test_the_review_command_refuses_what_it_cannot_review(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("[]", encoding="utf-8")
    assert cli(str(broken)).stderr == "Illegal record: the record must be a JSON object\n"
    nobody = tmp_path / "nobody.json"
    nobody.write_text(rec.dumps(Game(seed=1)), encoding="utf-8")
    result = cli(str(nobody))
    assert result.returncode == 1 and "give --seat" in result.stderr
    # a web game's record names its players: the seats' numbers are said, to pick from
    assert "with the seat's number (0 Seat 0, 1 Seat 1, 2 Seat 2)" in result.stderr


def test_a_game_in_progress_is_reviewed_up_to_where_it_stops() -> None:
    text = (EXAMPLES / "07-in-progress.json").read_text(encoding="utf-8")
    game = rec.replay(text)
    seat = random.Random(0).randrange(3)
    result = cli(str(EXAMPLES / "07-in-progress.json"), "--seat", str(seat), "--samples", "2")
    assert result.returncode == 0, result.stderr
    assert f"{len(decisions(game, seat))} choices" in result.stdout


def test_the_command_and_the_coach_use_the_reviews_margin() -> None:
    import inspect

    from cutthroat import cli, terminal

    default = inspect.signature(cli.review).parameters["margin"].default
    assert default == MARGIN == terminal.COACH_MARGIN


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_a_keep_the_expert_did_not_try_is_valued_and_held_to_the_margin() -> None:
    """A player's keep of five from ten that is none of the expert's candidates is
    valued on the same samples (``also``), so the margin applies to it as to any
    choice: with a margin of 100% nothing is ever reported."""
    game = rec.replay((EXAMPLES / "02-maker-alone.json").read_text(encoding="utf-8"))
    keeps = [(h, i) for h, hand in enumerate(game.hands) for i, m in enumerate(hand.moves)
             if m.seat == 1 and m.action.verb.value == "keep"]
    assert keeps  # the example has seat 1 keeping
    first = keeps[0][0] + 1  # the hands up to the first keep: enough, and 9 times quicker
    assert review(game, 1, samples=SAMPLES, margin=1.0, hands=first).findings == ()
    loose = review(game, 1, samples=SAMPLES, margin=0.0, hands=first)
    assert loose.decisions == len(decisions(game, 1, hands=first)) >= 2
    for finding in loose.findings:
        assert finding.verdict.chosen_value <= finding.verdict.best_value
        assert finding.to_json()["chosen_win_chance"] is not None
    for h, i in keeps:
        view = next(v for hh, ii, v, _ in decisions(game, 1) if (hh, ii) == (h, i))
        chosen = game.hands[h].moves[i].action
        options = {o.action for o in hint(view, samples=SAMPLES, also=(chosen,)).options}
        assert chosen in options


def test_a_better_keep_says_which_cards_it_keeps_in_place_of_which() -> None:

    keep = Verdict(Action.parse("keep 9D QD KD KS AS"), Action.parse("keep 9D QD KD AH AS"),
                   0.476, 0.436, "keeping ...")
    assert describe_verdict(keep) == (
        "the expert would keep 9D QD KD AH AS (win 48% against 44% after keeping 9D QD "
        "KD KS AS): it keeps AH in place of KS. Why: keeping ...")
    order = Verdict(Action.parse("pass"), Action.parse("order"), 0.9, 0.1, "why")
    assert describe_verdict(order) == ("the expert would order it up (win 90% against "
                                       "10% after passing). Why: why.")


def test_a_verdict_names_moves_as_the_buttons_do_R7_R8_R9_R13() -> None:
    """The coach and the review name moves in a player's words, never as the record's
    ``call S`` or a defender's ``pass``: the up-card by its code (each front end shows
    its face), a dealer's order as picking it up (R8), a card led as led, and bowers
    and the joker by name, as in play (R3)."""
    from cutthroat.move_words import move_words

    def said(chosen: str, best: str, phase: Phase, **context: Any) -> str:
        return (move_words(Action.parse(best), phase, **context) + " / "
                + move_words(Action.parse(chosen), phase, gerund=True, **context))

    kh = Card.parse("KH")
    assert said("pass", "order", Phase.BID_FIRST, upcard=kh) == "order up the KH / passing"
    assert said("order", "pass", Phase.BID_FIRST, upcard=kh, dealer=True) == \
        "pass / picking up the KH"
    assert said("leave", "pickup", Phase.PICKUP, upcard=kh) == "pick up the KH / leaving the KH"
    assert said("pass", "call S", Phase.BID_SECOND) == "call spades / passing"
    assert said("alone", "pass", Phase.DEFENDER_CHOICE) == \
        "not defend alone / defending alone"
    assert said("alone", "dummy", Phase.MAKER_CHOICE) == "take the dummy / going alone"
    hearts = int(Suit.HEARTS)
    assert said("play 9H", "play JD", Phase.PLAY, trump=hearts) == \
        "play the left bower / playing 9H"
    assert said("play JO", "play JH", Phase.PLAY, trump=hearts, leading=True) == \
        "lead the right bower / leading the joker"
    assert said("discard QD", "discard TC", Phase.DISCARD) == "discard TC / discarding QD"
    # With the view judged, the verdict says them so.
    hand = Hand.deal(seed=2)
    first, dealer = hand.view(hand.to_act), hand.view(hand.dealer)
    up = hand.upcard
    verdict = Verdict(Action.parse("pass"), Action.parse("order"), 0.5, 0.4, "why",
                      Phase.BID_FIRST, first)
    assert describe_verdict(verdict) == (f"the expert would order up the {up} (win 50% "
                                         "against 40% after passing). Why: why.")
    verdict = Verdict(Action.parse("order"), Action.parse("pass"), 0.5, 0.4, "why",
                      Phase.BID_FIRST, dealer)
    assert describe_verdict(verdict).startswith(
        f"the expert would pass (win 50% against 40% after picking up the {up})")


def test_the_chance_given_away_is_summed_in_percentage_points() -> None:
    from cutthroat.bots.review import Finding, Review, Verdict, review_lines

    verdict = Verdict(Action.parse("pass"), Action.parse("order"), 0.9, 0.1, "why")
    findings = (Finding(0, 0, Phase.BID_FIRST, None, verdict),) * 3
    lines = review_lines(Review(0, 5, findings), seat_names(0))
    assert lines[-1].endswith("240 percentage points (a sum over decisions, so it may pass 100).")
    # Findings by the hand's points may give away under one: a tenth, not "0 points".
    small = (Finding(0, 0, Phase.BID_FIRST, None,
                     Verdict(Action.parse("pass"), Action.parse("order"), 0.010, 0.006, "why",
                             best_points=0.95, chosen_points=0.1)),)
    assert review_lines(Review(0, 5, small), seat_names(0))[-1].endswith(
        ": 0.4 percentage points (a sum over decisions, so it may pass 100).")


def test_a_review_says_its_figures_are_a_second_looks_not_the_hints() -> None:
    """A QA tester's finding: a hint said "euchred in 75% ... order 25.4%", the review
    of the same bid "win 31% against 29% ... euchred in 63%" with no word of why: its
    figures are those of the check on four times the deals (``confirmed``)."""
    from cutthroat.bots.review import CONFIRM, Finding, Review, Verdict, review_lines

    verdict = Verdict(Action.parse("pass"), Action.parse("order"), 0.31, 0.29, "why")
    lines = review_lines(Review(0, 5, (Finding(0, 0, Phase.BID_FIRST, None, verdict),)),
                         seat_names(0))
    assert CONFIRM == 4
    assert lines[-2] == ("Each was checked again on four times the deals first sampled, and "
                         "the figures are that check's: they may differ from a hint's at "
                         "the time.")
    clean = review_lines(Review(0, 5, ()), seat_names(0))
    assert len(clean) == 1 and "checked again" not in clean[0]


def test_a_review_of_one_choice_says_so_in_the_singular() -> None:
    from cutthroat.bots.review import Review, review_lines

    one = review_lines(Review(seat=0, decisions=1, findings=()), seat_names(0))
    assert one[0].startswith("You (seat 0): 1 choice, 0 where")
    two = review_lines(Review(seat=0, decisions=2, findings=()), seat_names(0))
    assert two[0].startswith("You (seat 0): 2 choices, 0 where")


def test_a_tie_is_no_finding_even_with_a_margin_of_0() -> None:
    """``review --margin 0`` lists every choice the expert values lower, but never one
    it values the same: a tie is not "clearly" another choice."""

    game = Game(seed=4)
    game.deal()
    analysis = hint(game.view(game.hand.to_act), samples=4)
    assert len(analysis.options) >= 2
    best, other = analysis.options[0], analysis.options[1]
    tied = dataclasses.replace(analysis, options=(
        best, dataclasses.replace(other, value=best.value), *analysis.options[2:]))
    assert second_opinion(tied, other.action, margin=0.0) is None
    lower = dataclasses.replace(analysis, extra={}, options=(  # not a close call
        best, dataclasses.replace(other, value=best.value - 1e-6), *analysis.options[2:]))
    assert second_opinion(lower, other.action, margin=0.0) is not None
    assert second_opinion(lower, other.action, margin=0.02, points=math.inf) is None


def test_a_hand_thrown_away_is_a_finding_where_the_game_hardly_hangs_on_it() -> None:
    """A learner far behind led KD where AS made the hand (made 95% against 55%): the
    chances to win were 1.0% and 0.6%, under the margin, and the coach and the review
    said nothing. A choice whose better alternative also scores half a point more in
    the hand is a finding, and its line gives the points."""

    from cutthroat.bots.review import POINTS_MARGIN, describe_verdict, second_opinion

    game = Game(seed=4)
    game.deal()
    view = game.view(game.hand.to_act)
    analysis = hint(view, samples=4)
    best, other = analysis.options[0], analysis.options[1]
    best = dataclasses.replace(best, value=0.0100, chance=0.0100, points=0.95)
    for gap, found in ((POINTS_MARGIN, True), (POINTS_MARGIN - 0.01, False)):
        mine = dataclasses.replace(other, value=0.0060, chance=0.0060, points=0.95 - gap)
        small = dataclasses.replace(analysis, extra={}, options=(best, mine))
        verdict = second_opinion(small, other.action, view=view)
        assert (verdict is not None) == found, gap
    assert verdict is None
    mine = dataclasses.replace(other, value=0.0060, chance=0.0060, points=0.10)
    verdict = second_opinion(dataclasses.replace(analysis, extra={}, options=(best, mine)),
                             other.action, view=view)
    assert verdict is not None
    said = describe_verdict(verdict)
    assert "(win 1.0% and +0.95 points in the hand, against 0.6% and +0.10 after " in said, said
    # Held to a review's own margin (--margin 0.2), a finding 10 points under it is one
    # by the hand too, and said so; under the default margin it is one by the chance.
    wide = dataclasses.replace(verdict, best_value=0.30, chosen_value=0.20)
    assert "(win 30% and +0.95 points in the hand, against 20% and +0.10 after " in \
        describe_verdict(wide, margin=0.2)
    assert "(win 30% against 20% after " in describe_verdict(wide)
    from cutthroat.bots.review import Finding, Review, review_lines

    found = Finding(0, 3, view.phase, None, wide, scores=(0, 0, 0))
    assert "+0.95 points in the hand" in review_lines(Review(0, 5, (found,)),
                                                      ("Ann", "Ben", "Cal"), margin=0.2)[1]
    # A made hand thrown away (95% against 55%) for only 0.4 points more: a finding too,
    # said as the hand's outcomes; by the chance to win, the line is as it was.

    made = dataclasses.replace(best, points=0.5, outcomes=Outcomes(made=0.95, euchred=0.05))
    lost = dataclasses.replace(other, value=0.0060, chance=0.0060, points=0.1,
                               outcomes=Outcomes(made=0.55, euchred=0.45))
    verdict = second_opinion(dataclasses.replace(analysis, extra={}, options=(made, lost)),
                             other.action, view=view)
    assert verdict is not None and verdict.best_hand == 0.95
    assert "; you make it in 95% of the deals sampled, against 55%)" in \
        describe_verdict(verdict)
    # Where the reason says those figures already, they are not said twice.
    twice = dataclasses.replace(verdict, reason="cashing AS: you make it in 95% of the deals "
                                "sampled, euchred in 5%")
    assert describe_verdict(twice).count("95% of the deals sampled") == 1
    close = dataclasses.replace(lost, outcomes=Outcomes(made=0.75, euchred=0.25))
    assert second_opinion(dataclasses.replace(analysis, extra={}, options=(made, close)),
                          other.action, view=view) is None  # 20 points: under the margin
    high = dataclasses.replace(made, value=0.30, chance=0.30)
    clear = dataclasses.replace(lost, value=0.20, chance=0.20)  # 10% lost: by the chance
    by_chance = describe_verdict(second_opinion(  # type: ignore[arg-type]
        dataclasses.replace(analysis, extra={}, options=(high, clear)), other.action,
        view=view))
    assert "(win 30% against 20% after " in by_chance and "make it in" not in \
        by_chance.split("Why:")[0], by_chance
    # Worth no more to the chance to win, more points are no finding (the expert's own
    # choice gives points up for the game, as a score-aware defender does).
    level = dataclasses.replace(mine, value=best.value)
    assert second_opinion(dataclasses.replace(analysis, extra={}, options=(best, level)),
                          other.action, view=view) is None


@pytest.mark.parametrize(("margin", "said"), [(0.02, "by 2% or more"),
                                              (0.005, "by 0.5% or more"),
                                              (0.0, "by any chance to win")])
def test_the_review_says_its_margin_as_a_player_reads_it(margin: float, said: str) -> None:
    from cutthroat.bots.review import Review, review_lines

    empty = Review(seat=0, decisions=3, findings=())
    assert said in review_lines(empty, ("You", "Left", "Right"), margin)[0]


def test_the_runner_up_of_a_close_call_is_no_finding() -> None:
    """A review said the expert "would clearly have chosen otherwise" while its own
    reason said "a close call: pass averaged only 6.1% less, within the samples' noise".
    The runner-up of a close call is no finding; a third option, or the same gap
    outside the noise, still is."""

    game = Game(seed=4)
    game.deal()
    analysis = hint(game.view(game.hand.to_act), samples=4)
    best, other = analysis.options[0], analysis.options[1]
    apart = dataclasses.replace(analysis, extra={}, options=(
        best, dataclasses.replace(other, value=best.value - 0.061), *analysis.options[2:]))
    assert second_opinion(apart, other.action) is not None
    close = dataclasses.replace(apart, extra={"lead": 0.061, "lead_noise": 0.073})
    assert second_opinion(close, other.action) is None


def test_the_verdicts_reason_weighs_the_experts_choice_against_the_players_move() -> None:
    """The review and the coach gave the analysis's own reason, which weighs the
    expert's choice against its second best: with three options or more, another move
    than the player's ("the expert would choose discard TC (... after discard QD). Why:
    ... against 8% after discarding AH"). Given the view, it weighs it against the
    player's move."""
    from cutthroat.bots.expert import ExpertBot
    from cutthroat.bots.heuristic import IntermediateBot

    rng, model = random.Random(3), IntermediateBot(seed=0)
    while True:
        hand = Hand.deal(Rules(), dealer=rng.randrange(3), rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat, (0, 0, 0))
            if hand.phase is Phase.DISCARD:
                analysis = ExpertBot(seed=1, play_samples=8, bid_samples=8).analyse(view)
                best, second, mine = analysis.options[:3]
                if best.value > second.value > mine.value:
                    plain = second_opinion(analysis, mine.action, 0.0)
                    told = second_opinion(analysis, mine.action, 0.0, view)
                    assert plain is not None and told is not None
                    assert f"after discarding {second.action.card}" in plain.reason
                    assert f"after discarding {mine.action.card}" in told.reason
                    assert str(second.action.card) not in told.reason
                    assert (told.best, told.chosen) == (plain.best, plain.chosen)
                    return
            hand.push(model.choose(view), seat)


def test_each_finding_says_where_it_was_score_trump_cards_and_trick() -> None:
    """A finding read "Hand 6, trick 1: ..." alone: the reader had to replay the game to
    see the cards, the score and the trick it spoke of."""
    from cutthroat.bots.review import Finding, Review, Verdict, review_lines

    verdict = Verdict(Action.parse("play AH"), Action.parse("play 9H"), 0.5, 0.4, "why")
    played = Finding(5, 7, Phase.PLAY, 1, verdict, scores=(3, 5, 2), trump=Suit.HEARTS,
                     holding=(Card.parse("9H"), Card.parse("AH")),
                     table=((1, Card.parse("KH")),))
    bid = Finding(0, 0, Phase.BID_FIRST, None, Verdict(
        Action.parse("pass"), Action.parse("order"), 0.5, 0.4, "why"), scores=(0, 0, 0),
        upcard=Card.parse("JD"), holding=(Card.parse("AD"),))
    lines = review_lines(Review(0, 5, (played, bid)), ("Ann", "Ben", "Cal"))
    assert lines[2] == ("    Score: Ann 3, Ben 5, Cal 2; hearts are trump; holding 9H AH; "
                        "on the table: Ben KH.")
    assert lines[4] == "    Score: Ann 0, Ben 0, Cal 0; the up-card is JD; holding AD."
    # A name that ends in a digit (the web game's "Expert 1") has a colon before its
    # points: "Expert 1 0" read as a name and no points.
    assert bid.context(("Tess", "Expert 1", "Expert 2")).startswith(
        "Score: Tess 0, Expert 1: 0, Expert 2: 0; ")
    as_json = played.to_json()
    assert (as_json["scores"], as_json["trump"], as_json["holding"], as_json["table"]) == (
        [3, 5, 2], "H", ["9H", "AH"], [[1, "KH"]])
    assert bid.to_json()["upcard"] == "JD" and bid.to_json()["trump"] is None


def test_a_reviews_findings_hold_the_view_they_were_made_from() -> None:
    game = short_game(RandomBot(seed=3), 12)
    result = review(game, 0, seed=1, samples=SAMPLES)
    assert result.findings, "random play draws some findings"
    views = {(hand, move): view for hand, move, view, _ in decisions(game, 0)}
    for finding in result.findings:
        view = views[(finding.hand, finding.move)]
        assert finding.holding == view.cards and finding.table == view.current_trick
        assert finding.scores == view.scores and finding.trump == view.trump


def _analysis_of(view: View, values: dict[str, float], samples: int = 20) -> Any:
    """An analysis of ``view`` that values its options so (chance to win)."""
    from cutthroat.bots.expert import Analysis, Option

    ranked = sorted(values.items(), key=lambda item: -item[1])
    return Analysis(seat=view.seat, phase=view.phase, samples=samples,
                    reason="why (win chance 50%, ...)",
                    options=tuple(Option(Action.parse(a), v, 0.0, 0.0) for a, v in ranked))


def test_a_finding_is_checked_on_four_times_the_deals_before_it_is_reported(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A card is valued on 20 deals, and a QA player found the review calling a card a
    4.8-point mistake that was, over ten seeds, 1.45 points better than the expert's
    (the first 20 deals a lucky draw). A finding is now checked again on four times the
    deals, drawn with another seed, and reported only if the check agrees, with the
    check's figures."""
    import cutthroat.bots.hints as hints_mod
    from cutthroat.bots.hints import hint_seed
    from cutthroat.bots.review import CONFIRM, check_budget, confirmed, second_opinion

    hand, view = None, None
    for seed in range(50):  # a first-round bid: order or pass
        hand = Hand.deal(Rules(), seed=seed)
        view = hand.view(hand.to_act)
        if {str(a) for a in view.legal} == {"pass", "order"}:
            break
    assert view is not None
    asked: list[tuple[int | None, int | None, tuple[Action, ...]]] = []
    answers = {"first": {"pass": 0.40, "order": 0.30}, "check": {"pass": 0.40, "order": 0.39}}

    def fake(view: View, *, seed: int | None = None, samples: int | None = None,
             also: Any = (), earlier: Any = ()) -> Any:
        asked.append((seed, samples, tuple(also)))
        return _analysis_of(view, answers["check"] if samples and samples > 40 else
                            answers["first"], samples or 40)

    monkeypatch.setattr(hints_mod, "hint", fake)
    first = second_opinion(fake(view), Action.parse("order"), MARGIN, view)
    assert first is not None and first.best == Action.parse("pass")  # 10 points: a finding
    asked.clear()
    assert confirmed(first, view) is None  # the check: 1 point, within the margin
    [(seed, samples, also)] = asked
    assert samples == CONFIRM * 40 == 160 and seed != hint_seed(view)
    assert (seed, samples) == check_budget(view)
    assert set(also) == {Action.parse("order"), Action.parse("pass")}
    answers["check"] = {"pass": 0.45, "order": 0.33}
    again = confirmed(first, view)
    assert again is not None and (again.best_value, again.chosen_value) == (0.45, 0.33)
    assert confirmed(None, view) is None and len(asked) == 2  # nothing to check: no work
    # A card is checked on 80 deals; samples given (cutthroat review --samples 4): 16.
    assert hand is not None
    while hand.phase is not Phase.PLAY:
        hand.push(hand.legal_actions()[0])
    assert check_budget(hand.view(hand.to_act))[1] == CONFIRM * 20 == 80
    assert check_budget(view, samples=SAMPLES)[1] == CONFIRM * SAMPLES


def test_the_review_reports_only_what_the_check_confirms(monkeypatch: pytest.MonkeyPatch,
                                                         ) -> None:
    import cutthroat.bots.review as review_mod

    game = short_game(RandomBot(seed=3), 12)
    flagged = review(game, 0, seed=1, samples=SAMPLES)
    assert flagged.findings
    checked: list[Any] = []

    def none_confirmed(verdict: Any, view: View, **_: Any) -> None:
        checked.append(verdict)

    monkeypatch.setattr(review_mod, "confirmed", none_confirmed)
    quiet = review(game, 0, seed=1, samples=SAMPLES)
    assert quiet.findings == () and quiet.decisions == flagged.decisions
    assert len([v for v in checked if v is not None]) >= len(flagged.findings)


def test_the_coach_speaks_only_where_its_second_look_agrees() -> None:
    """The line game's and the full-screen table's coach: its word on a move is checked
    on more deals (``analyse(..., check=True)``) and said only if the check agrees."""
    from cutthroat.terminal import TerminalGame

    game = Game(seed=1, players=seat_names(0))
    game.deal()
    table = TerminalGame(game, 0, ["random", "random"], seed=1, read=lambda _: "quit",
                         write=lambda _: None)
    while table.game.hand is not None and table.game.to_act != 0:
        table.game.push(table.game.view(table.game.to_act).legal[0])
    view = table.view()
    chosen, other = view.legal_actions()[:2]
    looks: list[bool] = []

    def looking(view: View, also: Any = (), check: bool = False) -> Any:
        looks.append(check)
        return _analysis_of(view, {str(other): 0.50, str(chosen): 0.49 if check else 0.30})

    table._analyse = looking  # type: ignore[method-assign]
    assert table.coaching(view, chosen) == [] and looks == [False, True]
    table._analyse = lambda view, also=(), check=False: _analysis_of(  # type: ignore[method-assign]
        view, {str(other): 0.50, str(chosen): 0.30})
    [word] = table.coaching(view, chosen)
    assert word.startswith("  Coach: the expert would ")


def test_R12_keeps_are_named_in_the_order_a_hand_is_shown() -> None:
    """The table shows a hand by suit with trumps last; the hint, its options, the coach
    and the buried cards named a keep in the record's order (by card id), so a player
    comparing two keeps had to reorder one of them (a QA pass)."""
    from conftest import keep_views
    from cutthroat.bots.play_reasons import describe_option
    from cutthroat.move_words import said_move
    from cutthroat.render import format_cards

    apart = 0
    for view in keep_views(12, seed=5):
        cards = list(view.cards)
        keep, other = Action.keep(cards[:5]), Action.keep(cards[5:])
        shown = format_cards(keep.cards, view.trump)
        apart += shown != " ".join(map(str, keep.cards))
        assert said_move(view, keep) == f"keep {shown}"
        option = hint(view, samples=1, also=(keep,)).options
        mine = next(o for o in option if o.action == keep)
        assert describe_option(view, mine).startswith(f"keeping {shown} (")
        verdict = Verdict(other, keep, 0.5, 0.4, "why", Phase.KEEP, view)
        assert (f": it keeps {shown} in place of {format_cards(other.cards, view.trump)}."
                in describe_verdict(verdict))
    assert apart, "no keep whose two orders differ"


def test_a_hand_thrown_away_is_no_finding_by_the_tie_break_the_score_or_more_points() -> None:
    """A review found these flagged as hands thrown away: a chance to win no higher than
    the player's (the points' tie-break in the value made it look higher), a lone
    defence the score made the expert decline (a euchre would give the other defender
    the game), and a choice that scores more points than the expert's."""

    from test_hint_reasons import defender_view

    def judged(view: View, best: Option, mine: Option) -> object:
        analysis = hint(view, samples=2)
        return second_opinion(dataclasses.replace(analysis, extra={}, options=(best, mine)),
                              mine.action, view=view)

    game = Game(seed=4)
    game.deal()
    view = game.view(game.hand.to_act)
    order, passing = Action.parse("order"), Action.parse("pass")
    made, lost = Outcomes(made=0.95, euchred=0.05), Outcomes(made=0.55, euchred=0.45)
    # more points, a chance to win a hair lower: the tie-break's value is higher
    assert judged(view, Option(order, 0.0108, 1.0, 3.0, made, 0.0099),
                  Option(passing, 0.0100, -0.2, 2.0, lost, 0.0100)) is None
    # the same chance (the game lost either way): no finding by the hand
    assert judged(view, Option(order, 0.0006, 1.0, 3.0, made, 0.0),
                  Option(passing, 0.0, 0.0, 2.0, lost, 0.0)) is None
    # the player's choice scores more points (alone, made less often): no finding
    assert judged(view, Option(order, 0.301, 1.1, 3.0, made, 0.301),
                  Option(passing, 0.300, 1.6, 2.0, Outcomes(made=0.7, euchred=0.3),
                         0.300)) is None
    # a defence the score makes costly: the expert euchres less on purpose
    defender = defender_view((9, 3, 4))
    assert judged(defender, Option(passing, 0.31, 0.8, 2.0, Outcomes(stopped=0.4,
                                                                    conceded=0.6), 0.31),
                  Option(Action.parse("alone"), 0.30, 0.2, 1.0,
                         Outcomes(stopped=0.1, conceded=0.9), 0.30)) is None
    # and the same with no score at stake is one
    calm = defender_view((0, 3, 4))
    assert judged(calm, Option(passing, 0.31, 0.8, 2.0, Outcomes(stopped=0.4,
                                                                conceded=0.6), 0.31),
                  Option(Action.parse("alone"), 0.30, 0.2, 1.0,
                         Outcomes(stopped=0.1, conceded=0.9), 0.30)) is not None


def _judged(view: View, best: Option, mine: Option, **options: float) -> Verdict | None:
    analysis = hint(view, samples=2)
    return second_opinion(dataclasses.replace(analysis, extra={}, options=(best, mine),
                                              reason="why (win chance 1%)"),
                          mine.action, view=view, **options)


def test_a_defence_thrown_away_is_said_as_the_maker_euchred_R20() -> None:
    """A defender's lone defence that lets the maker through where not defending alone
    euchres him: under the margin in chance to win, but the hand thrown away, and the
    line says how often the maker is euchred after each."""
    from test_hint_reasons import defender_view

    view = defender_view((0, 3, 4))
    best = Option(Action.parse("pass"), 0.0100, 0.9, 2.0,
                  Outcomes(stopped=0.7, conceded=0.3), 0.0100)
    mine = Option(Action.parse("alone"), 0.0060, 0.7, 1.0,
                  Outcomes(stopped=0.1, conceded=0.9), 0.0060)
    verdict = _judged(view, best, mine)
    assert verdict is not None
    assert (verdict.best_hand, verdict.chosen_hand, verdict.maker) == (0.7, 0.1, False)
    said = describe_verdict(verdict)
    assert said == ("the expert would not defend alone (win 1.0% against 0.6% after "
                    "defending alone; the maker is euchred in 70% of the deals sampled, "
                    "against 10%). Why: why."), said


def test_a_defence_the_score_makes_costly_is_no_hand_thrown_away_short_of_the_game_R20() -> None:
    """The expert defends less hard on purpose where a euchre's two points would help
    the other defender more than this one (the game not yet at stake): no finding by
    the hand there either; level scores, it is one."""
    from test_hint_reasons import defender_view

    best = Option(Action.parse("pass"), 0.31, 0.8, 2.0,
                  Outcomes(stopped=0.4, conceded=0.6), 0.31)
    mine = Option(Action.parse("alone"), 0.30, 0.2, 1.0,
                  Outcomes(stopped=0.1, conceded=0.9), 0.30)
    assert _judged(defender_view((6, 2, 4)), best, mine) is None
    assert _judged(defender_view((3, 3, 3)), best, mine) is not None


def test_the_expert_is_asked_of_any_choice_of_two_but_no_blind_trump_R6() -> None:
    """A first-round bid (order or pass) is a choice worth asking about; a blind trump
    (R6, the joker turned up) is not, every suit alike; nor a move with no choice."""

    from cutthroat import Deal, Hand, Rules
    from cutthroat.bots.review import worth_asking

    hand = Hand.deal(Rules(), dealer=0, seed=1)
    view = hand.view(hand.to_act)
    assert view.phase is Phase.BID_FIRST and len(view.legal) == 2
    assert worth_asking(view)
    rules = Rules(deck=25)
    rng = random.Random(0)
    deal = next(d for d in (Deal.random(rules, rng) for _ in range(1000)) if d.upcard.is_joker)
    blind = Hand(rules, deal, dealer=0).view(0, (0, 0, 0))
    assert blind.phase is Phase.JOKER_TRUMP and len(blind.legal) > 1
    assert not worth_asking(blind)
    while len(view.legal) != 1:  # play on to a move with no choice
        hand.push(hand.legal_actions()[0])
        view = hand.view(hand.to_act)
    assert not worth_asking(view)


def test_a_findings_line_names_its_hand_from_1_and_its_trick_or_decision() -> None:
    from cutthroat.bots.review import Finding, Review, Verdict, review_lines

    verdict = Verdict(Action.parse("play AH"), Action.parse("play 9H"), 0.5, 0.4, "why")
    played = Finding(5, 7, Phase.PLAY, 1, verdict, scores=(3, 5, 2), trump=Suit.HEARTS)
    bid = Finding(0, 0, Phase.BID_FIRST, None, Verdict(
        Action.parse("pass"), Action.parse("order"), 0.5, 0.4, "why"),
        upcard=Card.parse("JD"))
    lines = review_lines(Review(0, 5, (played, bid)), ("Ann", "Ben", "Cal"))
    assert lines[1] == ("  Hand 6, trick 1: the expert would play 9H (win 50% against 40% "
                        "after playing AH). Why: why.")
    assert lines[3].startswith("  Hand 1, ") and not lines[3].startswith("  Hand 1, trick")
    assert lines[3].endswith(": the expert would order it up (win 50% against 40% after "
                             "passing). Why: why.")


def test_a_review_with_no_moves_skipped_says_nothing_of_a_bot() -> None:
    from cutthroat.bots.review import Review, review_lines

    assert review_lines(Review(0, 5, ()), ("Ann", "Ben", "Cal")) == [
        "Ann (seat 0): 5 choices, 0 where the expert would clearly have chosen otherwise "
        "(by 2% or more chance to win the game, or, with more chance to win, by 0.5 points "
        "or more in the hand or the hand won in 25 more deals of 100)."]


@pytest.mark.parametrize(("loss", "said"), [(0.01, "1 percentage point "),
                                            (0.03, "3 percentage points "),
                                            (0.012, "1 percentage point "),
                                            (0.0094, "0.9 percentage points "),
                                            (0.6, "60 percentage points ")])
def test_the_chance_given_away_is_said_in_whole_points_from_one(loss: float,
                                                                said: str) -> None:
    from cutthroat.bots.review import Finding, Review, Verdict, review_lines

    verdict = Verdict(Action.parse("pass"), Action.parse("order"), 0.5 + loss, 0.5, "why")
    lines = review_lines(Review(0, 5, (Finding(0, 0, Phase.BID_FIRST, None, verdict),)),
                         ("Ann", "Ben", "Cal"))
    assert lines[-1] == ("Chance to win given away, summed over those choices as the expert "
                         f"values them: {said}(a sum over decisions, so it may pass 100).")


def test_a_findings_figures_are_saved_to_four_places() -> None:
    from cutthroat.bots.review import Finding, Review, Verdict

    verdict = Verdict(Action.parse("pass"), Action.parse("order"), 0.123456, 0.012345,
                      "why", best_points=0.987654, chosen_points=-0.456789,
                      best_hand=0.876543, chosen_hand=0.234567, maker=True)
    finding = Finding(0, 0, Phase.BID_FIRST, None, verdict)
    saved = finding.to_json()
    assert (saved["best_win_chance"], saved["chosen_win_chance"]) == (0.1235, 0.0123)
    assert (saved["best_points"], saved["chosen_points"]) == (0.9877, -0.4568)
    assert (saved["best_hand_won"], saved["chosen_hand_won"]) == (0.8765, 0.2346)
    assert Review(0, 5, (finding,)).to_json()["loss"] == 0.1111
    level = Finding(0, 0, Phase.BID_FIRST, None, Verdict(
        Action.parse("pass"), Action.parse("order"), 0.5, 0.4, "why"))
    assert (level.to_json()["best_hand_won"], level.to_json()["chosen_hand_won"]) == (None, None)


def _rigged(view: View, chosen: Action, samples: int) -> object:
    """An analysis of ``view`` where every other legal move beats ``chosen`` by 30%."""
    from cutthroat.bots.expert import Analysis

    others = [a for a in view.legal_actions() if a != chosen]
    options = (*(Option(a, 0.6, 0.0, 0.0) for a in others), Option(chosen, 0.3, 0.0, 0.0))
    return Analysis(seat=view.seat, phase=view.phase, samples=samples,
                    reason="why (win chance 60%)", options=options)


def test_each_choice_the_expert_faults_is_a_finding_where_it_was_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With an expert that faults every move (a stub, no search), each decision worth
    asking is a finding: at its trick in play (else none) and with the up-card while
    trump was still to name; the first look on ``seed`` plus the moves before it, the
    check on another seed, four times the deals; progress after each decision."""
    from cutthroat.bots.review import CONFIRM, decisions, review, worth_asking

    game = play_game(Game(Rules(target=3), seed=5),
                     [RandomBot(seed=s) for s in range(3)])
    todo = decisions(game, 0)
    played = {(view.moves, view.cards): action for _, _, view, action in todo}
    asked: list[tuple[int | None, int | None, tuple[Action, ...], int]] = []

    def stub(view: View, *, seed: int | None = None, samples: int | None = None,
             also: tuple[Action, ...] = (), earlier: object = ()) -> object:
        asked.append((seed, samples, tuple(also), len(view.moves)))
        return _rigged(view, played[(view.moves, view.cards)], samples or 20)

    monkeypatch.setattr("cutthroat.bots.hints.hint", stub)
    done: list[tuple[int, int]] = []
    result = review(game, 0, seed=7, samples=3, progress=lambda d, t: done.append((d, t)))
    asking = [(h, m, v, a) for h, m, v, a in todo if worth_asking(v)]
    assert result.decisions == len(todo) and len(result.findings) == len(asking) > 0
    assert done == [(d, len(todo)) for d in range(1, len(todo) + 1)]
    for finding, (number, move, view, action) in zip(result.findings, asking, strict=True):
        assert (finding.hand, finding.move, finding.phase) == (number, move, view.phase)
        assert finding.verdict.chosen == action and finding.verdict.loss == 0.3
        if view.phase is Phase.PLAY:
            assert finding.trick == len(view.tricks) + 1
        else:
            assert finding.trick is None
        if view.trump is None:
            assert finding.upcard == view.upcard and finding.trump is None
        else:
            assert finding.upcard is None and finding.trump == view.trump
    assert any(f.trick for f in result.findings) and any(f.upcard for f in result.findings)
    # two looks each: the first on seed + moves before it, the check on the next seed
    assert len(asked) == 2 * len(asking)
    for (_, _, view, action), first, check in zip(asking, asked[::2], asked[1::2],
                                                  strict=True):
        at = 7 + len(view.moves)
        assert first == (at, 3, (action,), len(view.moves))
        assert check[:2] == (at + 1, CONFIRM * 3) and action in check[2]


def test_no_verdict_on_a_blind_trump_or_an_analysis_of_no_deals_R6() -> None:
    """A blind trump (R6): every suit is alike unseen, whatever the samples say; and an
    analysis on no deals at all values nothing."""

    from cutthroat import Deal, Hand, Rules
    from cutthroat.bots.expert import Analysis

    rules = Rules(deck=25)
    rng = random.Random(0)
    deal = next(d for d in (Deal.random(rules, rng) for _ in range(1000)) if d.upcard.is_joker)
    blind = Hand(rules, deal, dealer=0).view(0, (0, 0, 0))
    first, other = blind.legal_actions()[:2]
    options = (Option(first, 0.6, 0.0, 0.0), Option(other, 0.3, 0.0, 0.0))
    analysis = Analysis(seat=0, phase=Phase.JOKER_TRUMP, options=options, samples=20,
                        reason="why (win chance 60%)")
    assert second_opinion(analysis, other) is None
    assert second_opinion(analysis, other, view=blind) is None
    bid = Analysis(seat=1, phase=Phase.BID_FIRST, samples=20, reason="why (win chance 60%)",
                   options=(Option(Action.parse("order"), 0.6, 0.0, 0.0),
                            Option(Action.parse("pass"), 0.3, 0.0, 0.0)))
    verdict = second_opinion(bid, Action.parse("pass"))
    assert verdict is not None and verdict.best == Action.parse("order")
    assert second_opinion(dataclasses.replace(bid, samples=0), Action.parse("pass")) is None
    assert second_opinion(bid, Action.parse("order")) is None  # the expert agrees


def test_verdicts_findings_and_reviews_are_fixed_values() -> None:
    """A verdict is its figures: the view it was judged on is not compared nor shown in
    its repr; verdicts, findings and reviews are immutable and hashable (the server
    keeps a review once worked out)."""
    from cutthroat.bots.review import Finding, Review, Verdict

    hand = Hand.deal(Rules(), dealer=0, seed=1)
    view = hand.view(hand.to_act)
    told = Verdict(Action.parse("pass"), Action.parse("order"), 0.5, 0.4, "why",
                   Phase.BID_FIRST, view)
    plain = Verdict(Action.parse("pass"), Action.parse("order"), 0.5, 0.4, "why",
                    Phase.BID_FIRST)
    assert told == plain and "view" not in repr(told)
    finding = Finding(0, 0, Phase.BID_FIRST, None, told)
    result = Review(0, 5, (finding,))
    assert len({told, plain}) == 1 and len({finding, result}) == 2
    for thing, name in ((told, "reason"), (finding, "move"), (result, "decisions")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(thing, name, 1)


def test_a_verdict_made_without_a_role_speaks_of_a_defender() -> None:
    """A verdict's ``maker`` defaults to a defender: the hand won is the maker euchred."""

    verdict = Verdict(Action.parse("alone"), Action.parse("pass"), 0.010, 0.006, "why",
                      best_hand=0.7, chosen_hand=0.0)
    assert verdict.maker is False
    assert ("; the maker is euchred in 70% of the deals sampled, against none)"
            in describe_verdict(verdict))


def test_the_verdicts_reason_weighs_every_card_the_player_could_have_played() -> None:
    """Given the view, the verdict's reason is the expert's choice weighed against the
    player's card and every other: with the partner winning the trick, a card that is
    not the lowest the player held is thrown, not "played low" (a lower card was
    there, the expert's second best)."""
    from cutthroat.bots.expert import Analysis
    from cutthroat.bots.play_reasons import _beats, _current_winner, card_strength
    from test_hint_reasons import trick_positions

    for view in trick_positions(60, seed=1):
        winner = _current_winner(view)
        if view.maker is None or view.maker == view.seat or winner is None \
                or winner[0] == view.maker or len(view.legal) < 3:
            continue
        cards = [a.card for a in view.legal_actions()]
        if any(_beats(view, c, winner[1]) for c in cards):
            continue
        low, middle, high = sorted(
            cards, key=lambda c: card_strength(c.id, int(view.trump)))[:3]  # type: ignore
        break
    else:
        raise AssertionError("no partner winning a trick with three cards to follow")
    best, second, mine = (Option(Action.play(c), v, 0.0, 0.0)
                          for c, v in ((middle, 0.6), (low, 0.5), (high, 0.3)))
    analysis = Analysis(seat=view.seat, phase=view.phase, samples=20,
                        reason="why (win chance 60%)", options=(best, second, mine))
    verdict = second_opinion(analysis, mine.action, view=view)
    assert verdict is not None
    assert f"throw {middle}" in verdict.reason or "throw the " in verdict.reason, verdict.reason
    assert "play low" not in verdict.reason, verdict.reason


def test_a_finding_is_checked_on_deals_of_another_seed_than_the_hints() -> None:
    """The check draws its deals afresh: a seed of its own, read from the view and not
    the hint's (or the one given), never left to the hint's default."""
    from cutthroat.bots.expert import BID_SAMPLES
    from cutthroat.bots.hints import hint_seed
    from cutthroat.bots.review import CONFIRM, check_budget

    hand = Hand.deal(Rules(), dealer=0, seed=3)
    view = hand.view(hand.to_act)
    seed, deals = check_budget(view)
    assert isinstance(seed, int) and seed != hint_seed(view)
    assert deals == CONFIRM * BID_SAMPLES
    assert check_budget(view, seed=9) == (9, CONFIRM * BID_SAMPLES)
    assert check_budget(view, samples=3, seed=0) == (0, CONFIRM * 3)


def test_a_bid_of_two_choices_is_a_decision_reviewed_R7() -> None:
    """Order or pass (R7) is a choice of two: each seat's first-round bids are among its
    decisions, every one of them."""

    game = play_game(Game(seed=6), [RandomBot(seed=s) for s in range(3)])
    for seat in range(3):
        found = {(h, i): view for h, i, view, _ in decisions(game, seat)}
        bids = [(h, i) for h, hand in enumerate(game.hands) for i, m in enumerate(hand.moves)
                if m.seat == seat and i < 3 and m.action.verb.name in ("PASS", "ORDER")]
        assert bids
        for key in bids:
            assert key in found and found[key].phase is Phase.BID_FIRST
            assert len(found[key].legal) == 2


def test_a_finding_by_the_points_alone_at_a_margin_of_0_says_the_points() -> None:
    """``review --margin 0`` makes a finding of any choice worth less, the points'
    tie-break too: where both choices have the same chance to win, the line says the
    points each scores in the hand, not "win 0% against 0%", which reads as a tie."""
    analysis = Analysis(seat=1, phase=Phase.BID_FIRST, samples=20, reason="why (win chance 0%)",
                        options=(Option(Action.parse("order"), 0.0006, 1.0, 3.0,
                                        Outcomes(made=0.95, euchred=0.05), 0.0),
                                 Option(Action.parse("pass"), 0.0, 0.0, 2.0, Outcomes(), 0.0)))
    verdict = second_opinion(analysis, Action.parse("pass"), margin=0.0)
    assert verdict is not None and verdict.loss == 0
    assert describe_verdict(verdict, margin=0.0) == (
        "the expert would order it up (win 0% and +1.00 points in the hand, against 0% "
        "and +0.00 after passing). Why: why.")
