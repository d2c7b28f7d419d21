"""``cutthroat review``: the expert's second opinion on each choice of one seat."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from cutthroat import Action, Game, Rules
from cutthroat import record as rec
from cutthroat.bots import Bot, RandomBot, make_bot, play_game
from cutthroat.bots.hints import hint
from cutthroat.bots.review import MARGIN, decisions, review
from cutthroat.terminal import seat_names
from cutthroat.views import View

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"
SAMPLES = 4


class HintFollower:
    """Seat 0 as the review will judge it: the hint's own choice at every decision."""

    name = "hint-follower"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        return hint(view, seed=self.seed + len(view.moves), samples=SAMPLES).best


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


def test_a_seat_that_followed_every_hint_gets_no_finding() -> None:
    game = short_game(HintFollower(seed=5), 11, target=6)
    result = review(game, 0, seed=5, samples=SAMPLES)
    assert result.decisions > 5
    assert result.findings == ()
    assert result.loss == 0.0


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
    assert "Cannot review" in cli(str(broken)).stderr
    nobody = tmp_path / "nobody.json"
    nobody.write_text(rec.dumps(Game(seed=1)), encoding="utf-8")
    result = cli(str(nobody))
    assert result.returncode == 1 and "give --seat" in result.stderr


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
