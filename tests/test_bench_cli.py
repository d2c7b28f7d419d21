"""The bench scripts' command lines: bad input is refused at once with exit status 2 and
a one-line message (never a traceback from inside a worker, nor a hang), generated
modules are written whole or not at all, and verdict lines keep their brackets."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
sys.path.insert(0, str(BENCH))

import _cli  # noqa: E402
import engine  # noqa: E402
import paired_hands  # noqa: E402
import strength  # noqa: E402


def script(name: str, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run ``bench/NAME.py ARGS`` as a user would, from the repository root."""
    return subprocess.run([sys.executable, f"bench/{name}.py", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, check=False)


def refused(module: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Call ``bench/MODULE.py``'s main(argv) in this process; it must exit with status 2.
    Returns the last line of stderr (argparse's one-line message)."""
    main = importlib.import_module(module).main
    capsys.readouterr()
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err, "no message"
    return err[-1]


@pytest.mark.parametrize("spec", ["nobot", "expert:foo=1", "expert:bid_samples=0"])
def test_paired_hands_refuses_a_bad_bot_before_its_workers_start(spec: str) -> None:
    """A bad spec used to exit a Pool worker and leave imap waiting for ever."""
    done = script("paired_hands", "beginner", spec, "--hands", "4", "--workers", "1")
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("paired_hands.py: error: bot B") and repr(spec) in last
    assert "Traceback" not in done.stderr


def test_paired_hands_takes_the_oracles_and_says_how_to_write_a_spec(
        capsys: pytest.CaptureFixture[str]) -> None:
    parser = _cli.parser_for("x")
    for spec in ("oracle-bid", "oracle-play", "expert:bid_samples=3", "intermediate"):
        paired_hands.check_spec(parser, spec, "bot A")  # no error
    with pytest.raises(SystemExit):
        paired_hands.main(["--help"])
    out = capsys.readouterr().out
    assert "name:option=value" in out and "oracle-play" in out and "oracle-bid" in out


@pytest.mark.parametrize(("module", "argv", "expected"), [
    ("decision_noise", ["--expert", "bid_samples=0"], "bid_samples must be at least 1"),
    ("decision_noise", ["--expert", "playout=bogus"], "playout must be"),
    ("decision_calibration", ["--expert", "bid_samples=0"], "bid_samples must be at least 1"),
    ("decision_calibration", ["--expert", "playout=bogus"], "playout must be"),
    ("decision_times", ["--expert", "play_samples=0"], "play_samples must be at least 1"),
    ("decision_times", ["--expert", "nonsense"], "not key=value"),
    ("strength", ["--only", "beginner", "--games", "3", "--play-samples", "0"],
     "play_samples must be at least 1"),
])
def test_the_experts_options_are_checked_before_any_work(
        module: str, argv: list[str], expected: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    last = refused(module, argv, capsys)
    assert "error: --expert:" in last and expected in last


@pytest.mark.parametrize(("module", "argv", "expected"), [
    ("strength", ["--only", "beginner", "--games", "0"], "--games: must be at least 1"),
    ("strength", ["--only", "beginner", "--games", "3", "--workers", "0"],
     "--workers: must be at least 1"),
    ("strength", ["--only", "defence", "--deals", "0"], "--deals: must be at least 2"),
    ("strength", ["--only", "defence", "--deals", "1"], "--deals: must be at least 2"),
    ("solver", ["--positions", "0"], "--positions: must be at least 1"),
    ("solver", ["--positions", "1", "--repeat", "0"], "--repeat: must be at least 1"),
    ("decision_times", ["--games", "0"], "--games: must be at least 1"),
    ("decision_noise", ["--factor", "0"], "--factor: must be at least 1"),
    ("decision_noise", ["--hands", "0"], "--hands: must be at least 1"),
    ("keep_candidates", ["--samples", "0"], "--samples: must be at least 1"),
    ("keep_candidates", ["--keeps", "0"], "--keeps: must be at least 1"),
    ("paired_hands", ["beginner", "random", "--workers", "0"], "--workers: must be at least 1"),
    ("paired_hands", ["beginner", "random", "--hands", "0"], "--hands: must be at least 1"),
    ("paired_hands", ["beginner", "random", "--hands", "-2"], "--hands: must be at least 1"),
    ("decision_calibration", ["--hands", "0"], "--hands: must be at least 1"),
    ("valuation_table", ["--games", "0"], "--games: must be at least 1"),
    ("valuation_table", ["--hands", "0"], "--hands: must be at least 1"),
    ("valuation_table", ["--expert", "-1"], "--expert: must be at least 1"),
    ("calibration_table", ["--hands", "0"], "--hands: must be at least 1"),
    ("calibration_table", ["--hands", "-3"], "--hands: must be at least 1"),
    ("playout_accuracy", ["--hands", "0"], "--hands: must be at least 1"),
    ("rl_env", ["--episodes", "0"], "--episodes: must be at least 1"),
    ("rl_env", ["--episodes", "-1"], "--episodes: must be at least 1"),
    ("server_load", ["--players", "0"], "--players: must be at least 1"),
    ("server_load", ["--players", "-2"], "--players: must be at least 1"),
    ("server_load", ["--games", "0"], "--games: must be at least 1"),
    ("server_load", ["--seconds", "0"], "--seconds: must be a finite number above 0"),
    ("server_load", ["--seconds", "-5"], "--seconds: must be a finite number above 0"),
    ("server_load", ["--bots", "nobot,random"], "unknown bot 'nobot'"),
    ("server_load", ["--bots", "random"], "two bots are needed"),
    ("server_load", ["--bots", "random,random,random"], "two bots are needed"),
])
def test_counts_and_names_are_refused_in_one_line(module: str, argv: list[str], expected: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    last = refused(module, argv, capsys)
    assert "error: argument" in last and expected in last


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf"])
def test_engine_refuses_seconds_that_never_end(seconds: str) -> None:
    """``--seconds nan`` passed the old ``<= 0`` check and then ran for ever."""
    done = script("engine", f"--seconds={seconds}", "--no-openspiel", timeout=30)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        f"engine.py: error: argument --seconds: must be a finite number above 0, not {seconds}")


def test_server_load_takes_a_spec_with_options() -> None:
    import server_load

    assert server_load.bot_pair("expert:bid_samples=3,play_samples=2,random") == [
        "expert:bid_samples=3,play_samples=2", "random"]


@pytest.mark.parametrize(("module", "argv", "option"), [
    ("strength", ["--only", "beginner", "--games", "3", "--json", "{missing}/x.json"], "--json"),
    ("strength", ["--only", "expert", "--games", "3", "--plot", "{missing}/x.png"], "--plot"),
    ("decision_calibration", ["--hands", "1", "--json", "{missing}/rows.json"], "--json"),
    ("valuation_table", ["--hands", "1", "--out", "{missing}/table.py"], "--out"),
    ("calibration_table", ["--hands", "1", "--out", "{missing}/table.py"], "--out"),
])
def test_an_output_file_in_a_missing_folder_is_refused_before_the_work(
        module: str, argv: list[str], option: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "no" / "such"
    last = refused(module, [a.format(missing=missing) for a in argv], capsys)
    assert f"argument {option}: folder {str(missing)!r} does not exist" in last


def test_an_output_file_that_is_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="is a folder"):
        _cli.output_file(str(tmp_path))
    assert _cli.output_file(str(tmp_path / "new.json")) == tmp_path / "new.json"


def test_a_plot_is_checked_before_the_work(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """``strength --plot``: a format matplotlib cannot write, or no matplotlib at all,
    is an error at once, not after an hour of games."""
    with pytest.raises(argparse.ArgumentTypeError, match=r"cannot write a \.txt file"):
        _cli.plot_file(str(tmp_path / "chart.txt"))
    assert _cli.plot_file(str(tmp_path / "chart.png")) == tmp_path / "chart.png"
    import cutthroat.sim.plot as plot

    def missing() -> object:
        raise plot.PlotUnavailableError("plotting needs matplotlib, which is not installed")

    monkeypatch.setattr(plot, "_figure_class", missing)
    with pytest.raises(argparse.ArgumentTypeError, match="needs matplotlib"):
        _cli.plot_file(str(tmp_path / "chart.png"))


def test_the_strength_verdict_keeps_its_no_interval(capsys: pytest.CaptureFixture[str]) -> None:
    """One deal set gives no interval; Rich markup used to eat "[no interval]"."""
    code = strength.main(["--only", "beginner", "--games", "2", "--workers", "1"])
    assert code in (0, 1)
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("beginner vs 2 random"))
    assert "[no interval]" in line


def test_a_generated_module_is_written_whole_with_out(tmp_path: Path) -> None:
    """The smallest run writes a valid module to --out, and nothing to stdout."""
    target = tmp_path / "valuation_table.py"
    target.write_text("OLD = 1\n")
    done = script("valuation_table", "--hands", "1", "--games", "1", "--workers", "1",
                  "--out", str(target))
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    namespace: dict[str, object] = {}
    exec(compile(target.read_text(), str(target), "exec"), namespace)
    assert "OLD" not in namespace
    assert len(namespace["OVERALL"]) == len(namespace["OUTCOMES"]) == 12  # type: ignore[arg-type]
    assert [p.name for p in tmp_path.iterdir()] == ["valuation_table.py"]  # no temporary left


def test_a_failed_generator_leaves_the_old_module(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import valuation_table

    target = tmp_path / "valuation_table.py"
    target.write_text("OLD = 1\n")

    def broken(*_: object) -> list[object]:
        raise RuntimeError("interrupted")

    monkeypatch.setattr(valuation_table, "positions", broken)
    with pytest.raises(RuntimeError, match="interrupted"):
        valuation_table.main(["--hands", "1", "--games", "1", "--workers", "1",
                              "--out", str(target)])
    assert target.read_text() == "OLD = 1\n"
    assert script("valuation_table", "--hands", "0", "--out", str(target)).returncode == 2
    assert target.read_text() == "OLD = 1\n"


def test_the_atomic_write_replaces_whole_or_not_at_all(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "table.py"
    target.write_text("OLD = 1\n")
    target.chmod(0o644)

    def fail(*_: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", fail)
        with pytest.raises(KeyboardInterrupt):
            _cli.write_atomic(target, "NEW = 2\n")
    assert target.read_text() == "OLD = 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["table.py"]
    _cli.write_atomic(target, "NEW = 2\n")
    assert target.read_text() == "NEW = 2\n"
    assert target.stat().st_mode & 0o777 == 0o644


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_playout_accuracy_says_when_no_hand_had_the_expert_as_maker(
        capsys: pytest.CaptureFixture[str]) -> None:
    import playout_accuracy

    playout_accuracy.main(["--hands", "3", "--workers", "1"])  # seed 7: no expert maker
    out = capsys.readouterr().out
    assert "No hand had the expert as maker" in out
    assert "hands ━" not in out and "100%" not in out  # no progress bar on standard output


def test_compare_runs_refuses_files_it_cannot_compare(tmp_path: Path) -> None:
    good = tmp_path / "a.json"
    good.write_text(json.dumps({"expert_vs_intermediate": {"seed": 1, "set_wins": [2, 1]}}))
    short = tmp_path / "b.json"
    short.write_text(json.dumps({"expert_vs_intermediate": {"seed": 1, "set_wins": [3]}}))
    (tmp_path / "c.json").write_text("not json {")
    for other, expected in ((tmp_path / "missing.json", "cannot be read"),
                            (tmp_path / "c.json", "not JSON"),
                            (short, "at least two common deal sets")):
        done = script("compare_runs", str(good), str(other))
        assert done.returncode == 2
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0] and "Traceback" not in done.stderr


@pytest.mark.parametrize("module", [
    "calibration_table", "decision_calibration", "decision_noise", "decision_times",
    "engine", "keep_candidates", "paired_hands", "playout_accuracy", "rl_env", "server_load",
    "solver", "strength", "valuation_table"])
def test_help_shows_the_defaults_and_helps_every_option(
        module: str, capsys: pytest.CaptureFixture[str]) -> None:
    main = importlib.import_module(module).main
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "(default: " in out
    lines = out[out.index("options:"):].splitlines()[1:]
    for i, line in enumerate(lines):
        if line.startswith("  -"):  # help follows on the same line, or indented below
            assert "  " in line.strip() or (i + 1 < len(lines)
                                             and lines[i + 1].startswith(" " * 6)), (
                f"{module}: {line.strip()} has no help")
    if module == "strength":
        assert "--json FILE" in out and "--plot FILE.png" in out
    if module == "valuation_table":
        assert "--expert DEALS" in out and "DEALS deals" in out


def test_engine_verdict_gives_the_rounds_ratios_and_says_when_the_target_lies_within() -> None:
    """The head-to-head ratio flips between PASS and FAIL from run to run when the
    target lies within the rounds' spread: the verdict line says so."""
    def workload(key: str, samples: list[float]) -> engine.Workload:
        w = engine.Workload(key, "x", key, "hands", lambda s: (0, 0, 0, s))
        w.samples.extend(samples)
        return w

    info = {"version": "1", "error": "", "undo": ""}
    near = [workload("ours", [140.0, 155.0, 160.0]), workload("spiel", [100.0] * 3)]
    assert engine.round_ratios(near) == [1.4, 1.55, 1.6]
    [(line, ok)] = engine.verdicts(near, info)
    assert ok and "1.55×" in line and "rounds 1.40×–1.60×" in line
    assert "the target lies within" in line
    clear = [workload("ours", [170.0, 180.0, 175.0]), workload("spiel", [100.0] * 3)]
    [(line, ok)] = engine.verdicts(clear, info)
    assert ok and "rounds 1.70×–1.80×" in line and "lies within" not in line
    assert engine.round_ratios(clear[:1]) == []
    one = [workload("ours", [149.8]), workload("spiel", [100.0])]
    for w in one:  # one round has no spread: "n/a", not a "0%" that reads as a steady run
        w.engine, w.units = "cutthroat", 1
    sections, _ = engine.table_rows(one, info)
    assert [row[-1] for _, rows in sections for row in rows] == ["n/a", "n/a"]
    just_under = one
    [(line, ok)] = engine.verdicts(just_under, info)
    assert not ok and "1.49× (target ≥ 1.5×): FAIL" in line  # not a failing "1.50×"


# -- the progress bar of long runs (standard error, on a terminal only) -------------------

_BAR_ENV = ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS")


def test_progress_yields_every_item_in_order_and_writes_nothing_off_a_terminal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in _BAR_ENV:
        monkeypatch.delenv(name, raising=False)
    items = [3, 1, 2, 5, 4] * 20
    assert list(_cli.progress(iter(items), len(items), "work")) == items
    assert list(_cli.progress((x for x in items), None, "work", live=False)) == items
    assert list(_cli.progress([], 0, "work")) == []
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize(("total", "live", "count"), [(7, True, "7/7"), (7, False, "7/7"),
                                                      (None, True, "7/?")])
def test_progress_draws_a_bar_on_standard_error_of_a_terminal(
        total: int | None, live: bool, count: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    items = list(range(7))
    assert list(_cli.progress(iter(items), total, "some work", "widgets", live=live,
                              force_terminal=True)) == items
    out, err = capsys.readouterr()
    assert out == ""
    assert "some work" in err and count in err and "widgets" in err and "━" in err


def test_progress_stops_its_bar_when_the_loop_fails(capsys: pytest.CaptureFixture[str]) -> None:
    import threading

    def refreshing() -> list[threading.Thread]:  # Rich's redraw threads
        return [t for t in threading.enumerate() if type(t).__name__ == "_RefreshThread"]

    before = set(refreshing())  # another test's bar, in this worker, may still be ending
    # The iteration closed as a failing loop closes it once the error is let go (the
    # traceback pytest keeps would hold it open meanwhile, so it is closed here).
    with pytest.raises(RuntimeError, match="stop"), contextlib.closing(
            _cli.progress(range(100), 100, "work", force_terminal=True)) as items:
        for item in items:
            if item == 3:
                raise RuntimeError("stop")
    ours = [t for t in refreshing() if t not in before]
    for thread in ours:  # told to stop, a redraw thread ends at its next tick
        thread.join(5)
    assert [t for t in ours if t.is_alive()] == []  # no redraw thread left behind
    assert "3/100" in capsys.readouterr().err


def _with_a_terminal_on_stderr(name: str, *args: str) -> tuple[int, str, str]:
    """Run ``bench/NAME.py ARGS`` with standard error on a pseudo-terminal and standard
    output on a pipe: (exit status, stdout, what the terminal showed)."""
    import pty
    import threading

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in _BAR_ENV}
    env["TERM"] = "xterm"
    shown = bytearray()

    def read() -> None:
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO once the child has closed the terminal
                return
            if not chunk:
                return
            shown.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        done = subprocess.run([sys.executable, f"bench/{name}.py", *args], cwd=ROOT, env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave,
                              timeout=60, check=False)
    finally:
        os.close(slave)
    reader.join(10)
    os.close(master)
    return done.returncode, done.stdout.decode(), shown.decode(errors="replace")


def test_a_generated_module_is_the_same_whether_or_not_the_bar_is_shown() -> None:
    args = ("--hands", "30", "--games", "1", "--workers", "1")
    plain = script("valuation_table", *args)
    assert plain.returncode == 0 and plain.stderr == ""  # a log gets no bar
    code, out, shown = _with_a_terminal_on_stderr("valuation_table", *args)
    assert code == 0
    assert out == plain.stdout  # byte for byte: the bar never reaches stdout
    assert out.startswith("# ruff: noqa: E501\n") and "OVERALL = (" in out
    assert "valuation table" in shown and "30/30" in shown and "hands" in shown


def test_the_engine_json_stays_clean_with_a_bar_on_the_terminal() -> None:
    code, out, shown = _with_a_terminal_on_stderr(
        "engine", "--seconds", "0.05", "--rounds", "1", "--no-openspiel", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["rounds"] == 1 and "\x1b" not in out and "━" not in out
    slices = 2 * len(data["results"])  # a warm-up and one timed slice of each workload
    assert "engine" in shown and f"{slices}/{slices}" in shown and "slices" in shown
