"""The strength benchmark's options and per-deal-set wins, and the paired comparison of
two runs (bench/strength.py, bench/compare_runs.py)."""

from __future__ import annotations

import json
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from conftest import keep_views
from cutthroat import Action, Game, Hand, Phase, Rules
from cutthroat.bots import play_game
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.bots.registry import BOTS
from cutthroat.bots.valuation import win_chances
from cutthroat.sim.arena import run_arena
from cutthroat.sim.stats import t_quantile
from cutthroat.views import View

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import _cli  # noqa: E402
import compare_runs  # noqa: E402
import decision_times  # noqa: E402
import paired_hands  # noqa: E402
import strength  # noqa: E402


def test_set_wins_add_up_to_the_arena_wins() -> None:
    """Each deal set's wins of an entry sum to the entry's games won."""
    result = run_arena(["beginner", "random", "random"], 12, seed=5, workers=1,
                       progress=False)
    wins = strength.set_wins(result, 0)
    assert len(wins) == 4
    assert all(0 <= w <= 3 for w in wins)
    assert sum(wins) == pytest.approx(result.entry_stats()[0].totals.wins)
    assert wins == strength.set_wins(
        run_arena(["beginner", "random", "random"], 12, seed=5, workers=2, progress=False), 0)


def test_compare_is_paired_over_the_common_deal_sets() -> None:
    out = compare_runs.compare([3, 2, 1, 3], [2, 2, 0])
    assert out["sets"] == 3
    assert out["a"] == pytest.approx(6 / 9)
    assert out["b"] == pytest.approx(4 / 9)
    assert out["difference"] == pytest.approx(2 / 9)
    assert out["half_width"] == pytest.approx(
        t_quantile(0.975, 2) * (1 / 3) * (0.5773502691896257) / 3 ** 0.5)
    with pytest.raises(ValueError, match="two common"):
        compare_runs.compare([1.0], [2.0, 1.0])


def test_compare_runs_refuses_runs_on_different_deals(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    def run(name: str, seed: int, wins: list[float]) -> str:
        path = tmp_path / name
        path.write_text(json.dumps({"expert_vs_intermediate": {"seed": seed,
                                                                "set_wins": wins}}))
        return str(path)

    a = run("a.json", 7, [3, 1, 2])
    assert compare_runs.main([a, run("b.json", 7, [2, 1, 1])]) == 0
    assert "A − B: +22.2%" in capsys.readouterr().out
    assert compare_runs.main([a, run("c.json", 8, [2, 1, 1])]) == 2
    assert "different seeds" in capsys.readouterr().err
    (tmp_path / "d.json").write_text("{}")
    assert compare_runs.main([a, str(tmp_path / "d.json")]) == 2
    assert "no per-deal-set" in capsys.readouterr().err


def test_bench_intervals_are_students_t_and_none_from_one_or_identical_samples() -> None:
    """paired_hands (and the scripts that share its interval) used 1.96 on the
    population SD: far too narrow on few hands, and "± 0.0000" from one."""
    values = [0.1, -0.4, -0.0369]
    text = paired_hands.interval(values)
    half = t_quantile(0.975, 2) * statistics.stdev(values) / 3 ** 0.5
    assert text == f"{statistics.fmean(values):+.4f} ± {half:.4f}"
    assert paired_hands.interval([0.25]) == "+0.2500 ± n/a (1 sample: no interval)"
    assert paired_hands.interval([0.0, 0.0], why=False) == "+0.0000 ± n/a"
    assert _cli.mean_interval([0.0, 0.0, 0.0]) == (0.0, None, "all 3 equal")
    out = compare_runs.compare([1, 2], [1, 2])
    assert out["half_width"] is None and "same difference" in out["no_interval"]


def _same_euchre(seed: int) -> tuple[int, int]:
    return (1, 1) if seed % 2 else (0, 0)


def test_strength_defence_gives_no_interval_from_identical_differences(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(strength, "_defence_deal", _same_euchre)
    found = strength.defence_test(4, 0, 1)
    assert found["ci95"] == [None, None] and not found["pass"]
    assert found["no_interval"] == "all 4 equal"
    assert strength.main(["--only", "defence", "--deals", "4", "--workers", "1"]) == 1
    said = " ".join(capsys.readouterr().out.split())
    assert "+0.0% [no interval from all 4 equal differences" in said
    assert "[+0.0%, +0.0%]" not in said


def test_compare_runs_reports_the_seeds_the_user_gave(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """strength.py kept the expert arena's seed (--seed + 1) as ``seed``."""
    def run(name: str, row: dict[str, Any]) -> str:
        path = tmp_path / name
        path.write_text(json.dumps({"expert_vs_intermediate": row}))
        return str(path)

    six = run("six.json", {"seed": 6, "arena_seed": 7, "set_wins": [3, 1]})
    five = run("five.json", {"seed": 5, "arena_seed": 6, "set_wins": [2, 1]})
    old_six = run("old.json", {"seed": 7, "set_wins": [2, 1]})  # before arena_seed
    assert compare_runs.main([six, five]) == 2
    assert "different seeds (6 and 5)" in capsys.readouterr().err
    assert compare_runs.main([six, old_six]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 deal sets, 6 games in each run compared, --seed 6\n")
    # Two deal sets give an interval wider than any difference of two rates can be.
    assert "A − B: +16.7% (no useful interval: 2 deal sets are too few" in out
    assert compare_runs.main([old_six, old_six]) == 0
    assert "--seed 6\n" in capsys.readouterr().out
    longer = run("longer.json", {"seed": 6, "arena_seed": 7, "set_wins": [3, 1, 2],
                                 "expert_options": {"bid_samples": 80}})
    assert compare_runs.main([longer, six]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 deal sets, 6 games in each run compared, --seed 6 (A played "
                          "3 deal sets, B 2: the first 2 of each are compared)\n")
    assert "  A: expert {'bid_samples': 80}\n" in out


def test_expert_options_are_parsed_as_written() -> None:
    assert _cli.expert_options("") == {}
    assert _cli.expert_options("bid_samples=80, playout=table,aware=true,margin=0.5") == {
        "bid_samples": 80, "playout": "table", "aware": True, "margin": 0.5}
    with pytest.raises(SystemExit, match="not key=value"):
        _cli.expert_options("bid_samples")


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_strength_runs_the_expert_with_its_options(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """--expert reaches the arena's experts; the JSON says which options and keeps the
    wins per deal set; the registry's default expert is restored afterwards."""
    made: list[dict[str, Any]] = []

    class Recording(ExpertBot):
        def __init__(self, seed: int | None = 0, **options: Any) -> None:
            made.append(options)
            super().__init__(seed, **options)

    monkeypatch.setattr(strength, "ExpertBot", Recording)
    default = BOTS["expert"]
    out = tmp_path / "run.json"
    code = strength.main(["--only", "expert", "--games", "3", "--workers", "1", "--seed", "4",
                          "--expert", "play_samples=1,bid_samples=2", "--json", str(out)])
    assert code in (0, 1)
    assert BOTS["expert"] is default
    assert len(made) >= 4  # the check of the options, then one per game
    assert all(options == {"play_samples": 1, "bid_samples": 2} for options in made)
    row = json.loads(out.read_text())["expert_vs_intermediate"]
    assert row["expert_options"] == {"play_samples": 1, "bid_samples": 2}
    assert row["seed"] == 4 and row["arena_seed"] == 5  # the user's, and the arena's
    assert len(row["set_wins"]) == 1
    assert row["set_wins"][0] == pytest.approx(3 * row["win_rate"])
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        strength.main(["--only", "expert", "--games", "3", "--expert", "playout=bogus"])
    assert exit_info.value.code == 2
    assert "playout must be" in capsys.readouterr().err


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
@pytest.mark.parametrize("phase", ["bid", "play"])
def test_decision_noise_measures_the_experts_decisions_of_the_phase(phase: str) -> None:
    """Each measured decision is the expert's, of the phase asked for; where the
    reference chose as the expert did, the gain is exactly zero."""
    import decision_noise

    starts = [((0, 0, 0), 0), ((7, 3, 8), 1)]
    options = {"bid_samples": 3, "play_samples": 2}
    rows = [row for index in range(6)
            for row in decision_noise.one((index, starts, 1, phase, 2, options))]
    assert rows
    for kind, differs, gain in rows:
        assert (kind == "card") == (phase == "play")
        assert -1.0 <= gain <= 1.0
        if not differs:
            assert gain == 0.0


def test_paired_hands_plays_each_bot_on_the_same_hand() -> None:
    """bench/paired_hands.py: a bot against itself gives the same result hand by hand;
    the chance after the hand is the valuation's at the scores the hand led to."""
    import paired_hands

    starts = [((0, 0, 0), 0), ((7, 3, 8), 1)]
    for index in range(4):
        a, b = paired_hands.one((index, ["intermediate", "intermediate"], starts, 2))
        assert a == b and 0.0 <= a[0] <= 1.0
    hand = Hand.deal(Rules(), dealer=2, rng=random.Random(5))
    bots = [IntermediateBot(seed=s) for s in range(3)]
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.push(bots[seat].choose(hand.view(seat, (9, 0, 0))), seat)
    assert hand.result is not None
    after = [(9, 0, 0)[s] + hand.result.points[s] for s in range(3)]
    expected = win_chances(after, Rules(), 0)[1]
    assert paired_hands.chance_after(hand, (9, 0, 0), 1) == pytest.approx(expected)


def test_paired_hands_groups_hands_by_where_they_start() -> None:
    """bench/paired_hands.py's second table: a hand's start is drawn the same way every
    time (the hero in seat ``index % 3``), and it is grouped by the points the hero and
    its closer opponent still need and by the hero's place in the bidding (R7)."""
    import paired_hands

    starts = [((0, 0, 0), 0), ((7, 3, 8), 1), ((9, 9, 2), 2)]
    for index in range(6):
        scores, dealer, hero, rng = paired_hands.start_of(index, starts, 3)
        again = paired_hands.start_of(index, starts, 3)
        assert (scores, dealer) in starts and hero == index % 3
        assert (scores, dealer, hero) == again[:3] and rng.random() == again[3].random()
    assert paired_hands.stakes((7, 3, 8), 1, 0) == ["need 3-4 / 2", "bids second"]
    assert paired_hands.stakes((7, 3, 8), 1, 1) == ["need 5+ / 2", "deals"]
    assert paired_hands.stakes((7, 3, 8), 1, 2) == ["need 2 / 3-4", "bids first"]
    assert paired_hands.stakes((9, 9, 2), 2, 1) == ["need 1 / 1", "bids second"]
    assert paired_hands.stakes((0, 0, 0), 0, 1) == ["need 5+ / 5+", "bids first"]


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_decision_calibration_compares_each_option_with_its_reference() -> None:
    """bench/decision_calibration.py: rows are options other than the phase's reference,
    of the phases measured; playing an option out is deterministic, and the reference
    against itself is zero; the report has a row per kind."""
    import decision_calibration as calibration

    starts = [((0, 0, 0), 0), ((7, 3, 8), 1)]
    options = {"bid_samples": 3, "play_samples": 2}
    rows = [row for index in range(8) for row in calibration.one((index, starts, 1, options))]
    assert rows
    phases = {phase.name.lower() for phase in calibration.MEASURED}
    references = set(calibration.MEASURED.values())
    for kind, predicted, real in rows:
        phase, _, option = kind.partition(": ")
        assert phase in phases and option not in references
        assert -1.0 <= predicted <= 1.0 and -1.0 <= real <= 1.0
    hand = Hand.deal(Rules(), dealer=0, rng=random.Random(3))
    once = calibration.played(hand, Action.simple("pass"), 1, 3, (2, 4, 6), options)
    assert once == calibration.played(hand, Action.simple("pass"), 1, 3, (2, 4, 6), options)
    assert hand.phase is Phase.BID_FIRST and not hand.moves  # the hand itself untouched
    lines = calibration.report(rows)
    kinds = {kind for kind, _, _ in rows}
    assert sum(any(line.strip().startswith(kind) for line in lines) for kind in kinds) == len(
        kinds)



@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_decision_times_files_every_decision_with_a_choice_by_kind(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """bench/decision_times.py: every timed decision had a choice, kinds are named for
    the phase, and the table prints a row per kind and one for all."""
    times: defaultdict[str, list[float]] = defaultdict(list)
    seen: list[int] = []

    class Counting(ExpertBot):
        def choose(self, view: View) -> Action:
            seen.append(len(view.legal))
            return super().choose(view)

    timed = decision_times.Timed(Counting(seed=1, play_samples=2, bid_samples=2,
                                          keep_candidates=2), times)
    play_game(Game(seed=4), [timed, IntermediateBot(seed=1), IntermediateBot(seed=2)])
    assert sum(len(v) for v in times.values()) == sum(1 for n in seen if n > 1) > 0
    assert set(times) <= {"card: opening lead", "card: first trick", "card: later",
                          "first-round bid", "second-round bid", "pick-up", "discard",
                          "dummy or alone", "keep", "lone defence", "blind trump"}
    assert all(t >= 0 for v in times.values() for t in v)
    monkeypatch.setattr(sys, "argv", ["decision_times.py", "--games", "1", "--expert",
                                      "play_samples=2,bid_samples=2,keep_candidates=2"])
    decision_times.main()
    out = capsys.readouterr().out
    assert "over 1 s" in out and out.strip().splitlines()[-1].startswith("all")


def test_keep_candidates_picks_each_list_best_on_the_experts_samples() -> None:
    """bench/keep_candidates.py: each list is a prefix of the ranked keeps (the model's
    first), its pick one of its own keeps; a list whose pick is the default's has the
    default's value exactly; the same job gives the same row."""
    import keep_candidates

    starts = [((0, 0, 0), 0), ((7, 3, 8), 1)]
    rows = [keep_candidates.one((index, starts, 1, 3, 4, False)) for index in range(4)]
    assert any(row is not None for row in rows)
    for index, row in enumerate(rows):
        if row is None:
            continue
        assert set(row["pick"]) == set(keep_candidates.LISTS) - {"all 252"}
        base = row["value"]["ranked 6 (default)"]
        for name, pick in row["pick"].items():
            if pick == row["pick"]["ranked 6 (default)"]:
                assert row["value"][name] == base
        assert row == keep_candidates.one((index, starts, 1, 3, 4, False))
    view = keep_views(1, seed=2)[0]
    lists = keep_candidates.lists(view, every=True)
    ranked = lists["every ranked"]
    assert lists["model"] == ranked[:1] and lists["ranked 6 (default)"] == ranked[:6]
    assert len(lists["all 252"]) == 252 and set(map(str, ranked)) <= set(view.legal)



def test_rl_env_bench_times_every_environment(capsys: pytest.CaptureFixture[str]) -> None:
    import rl_env

    rl_env.main(["--episodes", "1", "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert {row["env"] for row in rows} == {"raw_env", "env (wrapped)", "VsBots, 2 random",
                                           "VsBots, 2 intermediate"}
    assert all(row["steps_per_s"] > 0 and row["steps_per_episode"] >= 1 for row in rows)
