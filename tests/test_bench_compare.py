"""The arena's per-deal-set wins and the paired comparison of two runs (bench/)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cutthroat.sim.arena import run_arena

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import compare_runs  # noqa: E402
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
    assert out["half_width"] == pytest.approx(1.96 * (1 / 3) * (0.5773502691896257) / 3 ** 0.5)
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
    with pytest.raises(SystemExit, match="no per-deal-set"):
        compare_runs.main([a, str(tmp_path / "d.json")])
