"""Bad input and hostile surroundings on the command line: one clear line, nothing
changed, no traceback, nothing lost.

A bot of one's own that fails under ``watch``; a Ray cluster that cannot be reached;
standard output that cannot be written (a full disk) or is read no more (``| head``);
options that contradict each other or are no numbers; a server address that cannot be
listened on; a chart to be written over a folder.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cli_helpers import cutthroat
from cutthroat import __version__
from cutthroat import record as rec
from cutthroat.__main__ import INTERNAL_ERROR
from cutthroat.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"
IN_PROGRESS = EXAMPLES / "07-in-progress.json"
DEV_FULL = Path("/dev/full")

BAD_BOTS = '''
class Raiser:
    name = "raiser"
    def __init__(self, seed=0, **kw): pass
    def choose(self, view): raise RuntimeError("boom")

class Illegal:
    name = "illegal"
    def __init__(self, seed=0, **kw): pass
    def choose(self, view): return "0 play ZZ"

class NoneBot:
    name = "nonebot"
    def __init__(self, seed=0, **kw): pass
    def choose(self, view): return None

class Obj:
    name = "obj"
    def __init__(self, seed=0, **kw): pass
    def choose(self, view): return object()

class Interrupter:
    """Plays the first move it may, and is Ctrl-C at its 30th."""
    name = "interrupter"
    def __init__(self, seed=0, **kw): self.moves = 0
    def choose(self, view):
        self.moves += 1
        if self.moves == 30:
            raise KeyboardInterrupt
        return view.legal[0]
'''


def invoke(*args: str | Path) -> Any:
    """Run the Typer app in-process; its ``Result``."""
    return CliRunner().invoke(app, [str(a) for a in args])


def unboxed(text: str) -> str:
    """A usage error's text without the box Typer draws around it, on one line."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


def lines(text: str) -> list[str]:
    """The lines of ``text``, checked to hold no traceback."""
    assert "Traceback" not in text, text
    return text.splitlines()


# --- 1. watch: a bot that fails ----------------------------------------------------------


@pytest.fixture
def bad_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots that misbehave, importable as ``cli_errors_bots.NAME``."""
    (tmp_path / "cli_errors_bots.py").write_text(BAD_BOTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))


@pytest.mark.parametrize(("bot", "said"), [
    ("Raiser", "the 'raiser' bot in seat 1 failed to choose a move: RuntimeError: boom"),
    ("Illegal", "the 'illegal' bot in seat 1 chose '0 play ZZ', which the rules refuse"),
    ("NoneBot", "the 'nonebot' bot in seat 1 chose None, which the rules refuse"),
    ("Obj", "the 'obj' bot in seat 1 chose <object object"),
])
def test_watch_with_a_failing_bot_says_which_in_one_line(
        bad_bots: None, tmp_path: Path, bot: str, said: str) -> None:
    """``watch --bots mybots.Bad,...``: a bot that raises, or chooses something the rules
    refuse, stops the game with one line naming it (as play, arena and league do) and
    status 1, not a traceback; with --save the record of the game so far is kept."""
    line_up = f"random,cli_errors_bots.{bot},random"
    done = invoke("watch", "--bots", line_up)
    assert done.exit_code == 1 and isinstance(done.exception, SystemExit)
    told = lines(done.stderr)
    assert len(told) == 1 and told[0].startswith(f"Error: {said}")
    assert "Game over" not in done.stdout

    save = tmp_path / "game.json"
    done = invoke("watch", "--bots", line_up, "--save", save)
    assert done.exit_code == 1 and isinstance(done.exception, SystemExit)
    told = lines(done.stderr)
    assert len(told) == 2 and told[0].startswith(f"Error: {said}")
    assert told[1] == f"Record saved to {save}"
    game = rec.replay(save.read_text(encoding="utf-8"))
    assert not game.is_over and game.hand is not None and game.hand.to_act == 1


def test_watch_save_writes_the_record_now_and_then_and_whole_at_any_end(
        bad_bots: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``watch --save`` wrote the whole record after every move: a game of a thousand
    hands took seven minutes (a data scientist's QA pass). It writes it at most every
    SAVE_EVERY seconds, and whole at the game's end, at a bot's failure and at Ctrl-C,
    so the record still holds every move made."""
    import cutthroat.play_cli as play_cli

    writes: list[int] = []
    real = play_cli._rewrite

    def counted(save: Path, game: Any) -> None:
        writes.append(sum(len(hand.moves) for hand in game.hands))
        real(save, game)

    monkeypatch.setattr(play_cli, "_rewrite", counted)
    monkeypatch.setattr(play_cli, "SAVE_EVERY", 3600.0)  # none while the game goes on
    save = tmp_path / "long.json"
    done = invoke("watch", "--bots", "random,random,random", "--seed", "0", "--set",
                  "target=40", "--save", save)
    assert done.exit_code == 0, done.output
    game = rec.load(save)
    assert game.is_over and len(game.hands) > 10
    assert writes == [sum(len(hand.moves) for hand in game.hands)]  # once, whole
    writes.clear()
    monkeypatch.setattr(play_cli, "SAVE_EVERY", 0.0)  # as the game goes: every move
    assert invoke("watch", "--bots", "random,random,random", "--seed", "0", "--set",
                  "target=40", "--save", tmp_path / "each.json").exit_code == 0
    assert writes == list(range(1, writes[-1] + 1)) and writes[-1] == writes[0] + len(writes) - 1
    assert (tmp_path / "each.json").read_bytes() == save.read_bytes()
    monkeypatch.setattr(play_cli, "SAVE_EVERY", 3600.0)
    stopped = tmp_path / "stopped.json"
    done = invoke("watch", "--bots", "random,cli_errors_bots.Interrupter,random", "--seed",
                  "0", "--save", stopped)
    assert done.exit_code != 0  # Ctrl-C
    game = rec.load(stopped)
    assert sum(1 for hand in game.hands for move in hand.moves if move.seat == 1) == 29


# --- 2. a Ray cluster that cannot be reached ----------------------------------------------


@pytest.fixture
def unreachable_ray(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """A stand-in ``ray`` whose ``init`` fails as Ray's does with no cluster running;
    the addresses it was asked for."""
    asked: list[str | None] = []

    def init(address: str | None = None, **kwargs: object) -> None:
        asked.append(address)
        raise ConnectionError("Could not find any running Ray instance. Please specify "
                              "the one to connect to by setting `--address` flag or "
                              "`RAY_ADDRESS` environment variable.")

    fake = types.SimpleNamespace(is_initialized=lambda: False, init=init)
    monkeypatch.setitem(sys.modules, "ray", fake)
    return asked


@pytest.mark.parametrize(("command", "bots"), [
    ("arena", "random,random,random"),
    ("league", "random,beginner,intermediate"),
])
def test_a_ray_cluster_that_cannot_be_reached_is_one_line(
        unreachable_ray: list[str | None], command: str, bots: str) -> None:
    """``arena``/``league --backend ray --ray-address auto`` with no cluster running:
    "cannot reach the Ray cluster at 'auto': " and Ray's reason, status 1."""
    if command == "league":
        pytest.importorskip("choix")  # the league's ratings, checked before the games
    done = invoke(command, "--bots", bots, "--games", "3", "--workers", "1",
                  "--no-progress", "--backend", "ray", "--ray-address", "auto")
    assert done.exit_code == 1 and isinstance(done.exception, SystemExit)
    assert lines(done.stderr) == [
        "Error: cannot reach the Ray cluster at 'auto': Could not find any running Ray "
        "instance. Please specify the one to connect to by setting `--address` flag or "
        "`RAY_ADDRESS` environment variable."]
    assert done.stdout == "" and unreachable_ray == ["auto"]


def test_a_ray_client_address_without_the_client_is_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--ray-address ray://HOST:PORT`` where Ray refuses it (a ValueError: the
    ``ray[client]`` package is missing): one line naming the address."""
    def init(address: str | None = None, **kwargs: object) -> None:
        raise ValueError("Ray Client requires pip package `ray[client]`.")

    import cutthroat.sim.ray_backend as ray_backend

    monkeypatch.setitem(sys.modules, "ray", types.SimpleNamespace(
        is_initialized=lambda: False, init=init))
    monkeypatch.setattr(ray_backend, "check_reachable", lambda address: None)  # it answers
    done = invoke("arena", "--bots", "random,random,random", "--games", "3", "--workers",
                  "1", "--no-progress", "--backend", "ray", "--ray-address",
                  "ray://127.0.0.1:1")
    assert done.exit_code == 1
    assert lines(done.stderr) == ["Error: cannot reach the Ray cluster at "
                                  "'ray://127.0.0.1:1': Ray Client requires pip package "
                                  "`ray[client]`."]


# --- 3. standard output that cannot be written ---------------------------------------------


needs_dev_full = pytest.mark.skipif(not DEV_FULL.exists(), reason="no /dev/full here")


@needs_dev_full
@pytest.mark.parametrize("args", [
    ["replay", IN_PROGRESS],
    ["replay", IN_PROGRESS, "--json"],
    ["rules"],
    ["bots"],
    ["--help"],
    ["watch", "--bots", "random,random,random"],
])
def test_output_to_a_full_disk_is_one_line(args: list[str | Path]) -> None:
    """``cutthroat replay RECORD > /dev/full``: "cannot write the output: No space
    left on device" on standard error, status 1, not a traceback."""
    with DEV_FULL.open("wb") as full:
        done = cutthroat(*args, stdout=full)
    told = lines(done.stderr.decode())
    assert done.returncode == 1
    assert told == ["Error: cannot write the output: No space left on device"]


@needs_dev_full
def test_an_oserror_not_from_standard_output_is_not_taken_for_one() -> None:
    """Only a failure to write standard output is said as one: an OSError raised
    elsewhere (a bug) keeps its traceback, even with standard output full."""
    code = ("import sys, cutthroat.howto as h\n"
            "def broken(rules): raise OSError(28, 'No space left on device')\n"
            "h.how_to_play_text = broken\n"
            "sys.argv = ['cutthroat', 'rules']\n"
            "from cutthroat.cli import main\n"
            "main()\n")
    with DEV_FULL.open("wb") as full:
        done = subprocess.run([sys.executable, "-c", code], stdout=full,
                              stderr=subprocess.PIPE, timeout=60, check=False)
    said = done.stderr.decode()
    assert done.returncode == INTERNAL_ERROR
    assert "Traceback" in said and "in broken" in said
    assert "cannot write the output" not in said


BROKEN_SUMMARY = ("import sys, cutthroat.record as r\n"
                  "def broken(game): raise KeyError('scores')\n"
                  "r.summary = broken\n"
                  "sys.argv = ['cutthroat', 'replay', sys.argv[1], '--json']\n"
                  "from cutthroat.cli import main\n"
                  "main()\n")


def test_a_bug_in_replay_json_is_status_3_with_nothing_on_standard_output() -> None:
    """A fault of cutthroat's own while replaying ended with Python's traceback and
    status 1, which RECORD.md gives an illegal record: a program reading ``replay
    --json`` then found no JSON where it expected ``{"error": ...}``. Now a bug is
    status 3, standard output is empty, and standard error has the traceback and a
    line asking for a report."""
    done = subprocess.run([sys.executable, "-c", BROKEN_SUMMARY, str(IN_PROGRESS)],
                          capture_output=True, timeout=60, check=False)
    said = done.stderr.decode()
    assert done.returncode == INTERNAL_ERROR == 3
    assert done.stdout == b""
    assert "Traceback" in said and "KeyError: 'scores'" in said
    assert said.splitlines()[-1].startswith(
        f"cutthroat {__version__}: internal error (a bug in cutthroat, not in what you gave "
        "it).")


def test_a_standard_error_gone_is_no_success() -> None:
    """A reader of standard output gone ends a command with status 0 (below); a
    standard error that cannot be written is no such thing: the arena, whose first note
    ("--games 1 rounded up to 3") could not be written, ended with status 0 and no
    output (a code review). It ends with 1, as before."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "cutthroat.cli", "arena", "--bots",
                               "random,random,random", "--games", "1", "--workers", "1",
                               "--json"], stdout=subprocess.PIPE, stderr=write, timeout=120,
                              check=False)
    finally:
        os.close(write)
    assert done.returncode == 1 and done.stdout == b""


@pytest.mark.parametrize("command", [["rules"], ["arena", "--bots", "random,random,random",
                                                 "--games", "3", "--workers", "1",
                                                 "--no-progress"]])
def test_a_reader_gone_stays_quiet(command: list[str]) -> None:
    """``cutthroat rules | head -0``: no traceback, no message, and status 0, as watch
    and selfplay end then: it was 1 where the output did not fit the pipe before the
    reader left, else 0, so ``arena ... | head -1`` under ``set -o pipefail`` failed now
    and then (a QA pass)."""
    child = subprocess.Popen([sys.executable, "-m", "cutthroat.cli", *command],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # before it writes anything
    said = child.stderr.read()
    assert child.wait(timeout=60) == 0
    assert said == b""


# --- 4. selfplay: every record written, whatever becomes of the output ---------------------


def test_selfplay_writes_every_record_when_its_reader_is_gone(tmp_path: Path) -> None:
    """``cutthroat selfplay --games 12 | head -0``: the records are the point, the lines
    only news of them: all twelve are written, quietly."""
    out = tmp_path / "records"
    child = subprocess.Popen([sys.executable, "-m", "cutthroat.cli", "selfplay", "--games",
                              "12", "--out", str(out)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # before its first line
    said = child.stderr.read()
    assert child.wait(timeout=60) == 0
    assert said == b""
    assert sorted(p.name for p in out.iterdir()) == sorted(f"game-{i}.json"
                                                           for i in range(12))


@needs_dev_full
def test_selfplay_writes_every_record_with_its_output_full(tmp_path: Path) -> None:
    """``selfplay > /dev/full``: every record is written, then one line says the output
    could not be, status 1."""
    out = tmp_path / "records"
    with DEV_FULL.open("wb") as full:
        done = cutthroat("selfplay", "--games", "4", "--out", out, stdout=full)
    assert done.returncode == 1
    assert lines(done.stderr.decode()) == [
        f"Error: cannot write the output: No space left on device (all 4 records are "
        f"written in {out})"]
    for i in range(4):
        assert rec.replay((out / f"game-{i}.json").read_text(encoding="utf-8")).is_over


# --- 5. selfplay --random-rules with rules of its own ---------------------------------------


@pytest.mark.parametrize("given", [["--set", "deck=32"], ["--preset", "benny"]])
def test_selfplay_random_rules_takes_no_preset_or_set(tmp_path: Path,
                                                      given: list[str]) -> None:
    """``selfplay --random-rules --set deck=32`` wrote games of any deck: the rules
    asked for were ignored. A usage error naming both options; nothing is written."""
    out = tmp_path / "records"
    done = invoke("selfplay", "--random-rules", *given, "--out", out)
    assert done.exit_code == 2 and isinstance(done.exception, SystemExit)
    said = unboxed(done.stderr)
    assert "--random-rules" in said and given[0] in said and "Traceback" not in said
    assert not out.exists()


# --- 6. review --margin that is no chance ----------------------------------------------------


@pytest.mark.parametrize("margin", ["nan", "NaN", "inf", "-0.5", "2"])
def test_review_margin_is_a_number_from_0_to_1(margin: str) -> None:
    """``review --margin nan`` was taken ("by nan% or more"): nan, inf and numbers out
    of 0 to 1 are usage errors naming the option."""
    done = invoke("review", IN_PROGRESS, "--seat", "0", "--samples", "1", "--margin",
                  margin)
    assert done.exit_code == 2 and isinstance(done.exception, SystemExit)
    said = unboxed(done.stderr)
    assert "--margin" in said and "is not in the range 0.0<=x<=1.0" in said
    assert done.stdout == ""


# --- 7. serve on an address it cannot listen on ----------------------------------------------


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``serve`` fail the test if it would start the server."""
    import uvicorn

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the server was started")

    monkeypatch.setattr(uvicorn, "run", never)


def test_serve_on_a_port_in_use_is_refused_before_it_is_announced(
        no_server: None, tmp_path: Path) -> None:
    """A port another program listens on: "port N is already in use: choose another with
    --port", status 2, and no "the web game is at" first, nor a database file made."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = invoke("serve", "--port", port, "--db", tmp_path / "games.db")
    assert done.exit_code == 2 and isinstance(done.exception, SystemExit)
    assert done.stdout == "" and list(tmp_path.iterdir()) == []
    said = unboxed(done.stderr)
    assert f"port {port} is already in use: choose another with --port" in said


def test_serve_on_a_host_that_does_not_resolve_is_refused(
        no_server: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve --host nosuchhost.invalid``: a usage error naming the host, before the
    address is announced (the name's look-up fails as a resolver's does, at once)."""
    real = socket.getaddrinfo

    def lookup(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host == "nosuchhost.invalid":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    done = invoke("serve", "--host", "nosuchhost.invalid", "--db", "sqlite://")
    assert done.exit_code == 2 and isinstance(done.exception, SystemExit)
    assert done.stdout == ""
    said = unboxed(done.stderr)
    assert "--host" in said
    assert "cannot find the address nosuchhost.invalid: Name or service not known" in said


def test_serve_on_an_address_of_another_machine_is_refused(no_server: None) -> None:
    """``serve --host 192.0.2.1`` (an address no machine here has): a usage error."""
    done = invoke("serve", "--host", "192.0.2.1", "--db", "sqlite://")
    assert done.exit_code == 2 and done.stdout == ""
    assert "192.0.2.1 is not an address of this machine" in unboxed(done.stderr)


# --- 8. a chart to be written over a folder ----------------------------------------------------


@pytest.mark.parametrize(("command", "bots"), [
    ("arena", "random,random,random"),
    ("league", "random,beginner,intermediate"),
])
def test_plot_that_is_a_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          command: str, bots: str) -> None:
    """``arena --plot adir`` (a folder) said matplotlib "cannot write a file without an
    extension": it says the folder is no file."""
    pytest.importorskip("matplotlib")
    if command == "league":
        pytest.importorskip("choix")
    from cutthroat.sim import cli as sim_cli
    from cutthroat.sim import league_cli

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the tournament started")

    monkeypatch.setattr(sim_cli, "run_arena", never)
    monkeypatch.setattr(league_cli, "run_league", never)
    monkeypatch.setenv("COLUMNS", "400")  # the error box would break the long path
    folder = tmp_path / "adir"
    folder.mkdir()
    done = invoke(command, "--bots", bots, "--games", "3", "--plot", folder)
    assert done.exit_code == 2 and isinstance(done.exception, SystemExit)
    said = unboxed(done.stderr)
    assert "--plot" in said and f"{folder} is a folder, not a file" in said
    assert [p.name for p in tmp_path.iterdir()] == ["adir"] and not any(folder.iterdir())



def test_serve_on_an_ipv6_address_announces_a_url_with_brackets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve --host ::1`` is at ``http://[::1]:8000/``: an IPv6 address in a URL is
    bracketed (``http://::1:8000/`` opens nothing)."""
    import uvicorn

    from cutthroat.server import command

    started: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: started.append(kwargs))
    monkeypatch.setattr(command, "check_listening", lambda host, port: None)
    done = invoke("serve", "--host", "::1", "--db", "sqlite://")
    assert done.exit_code == 0, done.stderr
    assert "the web game is at http://[::1]:8000/ " in done.stdout and started


def test_serve_off_the_main_thread_sets_no_signal_handler(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """serve said it stopped through a SIGTERM handler, which only the main thread may
    set: run from another thread (a test, an embedding program) it failed with
    ValueError and left its database claimed (a code review). There it sets none, says
    it stopped when uvicorn returns, and leaves the process's handler as it was."""
    import signal
    import threading

    import uvicorn

    from cutthroat.server import command

    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    monkeypatch.setattr(command, "check_listening", lambda host, port: None)
    before = signal.getsignal(signal.SIGTERM)
    done: list[Any] = []
    thread = threading.Thread(target=lambda: done.append(invoke("serve", "--db", "sqlite://")))
    thread.start()
    thread.join(60)
    assert done and done[0].exit_code == 0, done and done[0].output
    assert done[0].stdout.splitlines()[-1].startswith("cutthroat: stopped; the games are "
                                                      "kept in sqlite://")
    assert signal.getsignal(signal.SIGTERM) is before
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: (_ for _ in ()).throw(
        OSError("no such device")))
    assert invoke("serve", "--db", "sqlite://").exit_code != 0  # uvicorn failing here
    assert signal.getsignal(signal.SIGTERM) is before  # restored all the same


# --- reading a record: one line a person can act on --------------------------------------


RENEGE = EXAMPLES / "09-renege-refused.json"


@pytest.fixture
def bad_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Files that hold no record to read, each with the words that should say why."""
    monkeypatch.chdir(tmp_path)
    Path("binary.json").write_bytes(b"\xc2\xff\x00junk")
    Path("empty.json").write_bytes(b"")
    Path("blank.json").write_bytes(b"  \n\t\n")
    Path("latin1.json").write_bytes('{"players": ["Zo\u00eb"]}'.encode("latin-1"))
    Path("utf16.json").write_bytes('{"players": []}'.encode("utf-16"))  # with its mark
    text = IN_PROGRESS.read_text(encoding="utf-8")
    Path("cut.json").write_text(text[:len(text) // 2], encoding="utf-8")
    Path("adir").mkdir()
    line = text[:len(text) // 2].rstrip().count("\n") + 1
    return {"nofile": "nofile: no such file",
            "adir": "adir: it is a folder, not a file",
            "binary.json": "binary.json: not a text (JSON) file",
            "empty.json": "empty.json: the file is empty",
            "blank.json": "blank.json: it holds only blank space, no record",
            "latin1.json": ("latin1.json: not UTF-8 text (a record is JSON in UTF-8; this "
                            "file may have been saved in another encoding, such as "
                            "Latin-1)"),
            "utf16.json": ("utf16.json: UTF-16 text, not UTF-8 (a record is JSON in "
                           "UTF-8: save it as UTF-8)"),
            "cut.json": f"the record ends early at line {line} (cut off?)",
            "/dev/zero": "/dev/zero: it is over 64 MiB, more than any game's record"}


@pytest.mark.parametrize("command", ["replay", "hint", "review", "play --resume"])
def test_a_record_that_cannot_be_read_is_said_in_words(
        command: str, bad_records: dict[str, str]) -> None:
    """A missing file, binary junk, an empty file, a record cut off: the reason in
    words, on one line, with no Python exception text (``Errno``, ``codec``, ``char``)."""
    for file, words in bad_records.items():
        done = invoke(*command.split(), file)
        assert done.exit_code == 1, (file, done.output)
        said = lines(done.stderr)
        assert len(said) == 1 and said[0].endswith(words), (file, said)
        assert not re.search("Errno|codec|char |Expecting", said[0]), said


def test_replay_hint_and_review_say_an_unreadable_file_in_one_line_alike(
        bad_records: dict[str, str]) -> None:
    """The same file that cannot be read is said alike by the commands that read
    records: ``Error: cannot read the record FILE: REASON``."""
    for file in ("nofile", "adir", "empty.json"):
        said = {command: lines(invoke(command, file).stderr)[0]
                for command in ("replay", "hint", "review")}
        assert len(set(said.values())) == 1, said
        assert said["replay"].startswith(f"Error: cannot read the record {file}: ")


def test_replay_json_says_why_a_record_cannot_be_read_in_the_same_shape(
        bad_records: dict[str, str]) -> None:
    """``replay --json``: the error object keeps its shape (hand and action null); only
    its reason has the new words."""
    import json

    for file, words in bad_records.items():
        done = invoke("replay", "--json", file)
        assert done.exit_code == 1
        error = json.loads(done.stdout)
        assert list(error) == ["error"] and list(error["error"]) == ["hand", "action",
                                                                    "reason"]
        assert (error["error"]["hand"], error["error"]["action"]) == (None, None)
        assert error["error"]["reason"].endswith(words)


def test_a_record_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """A record saved with a UTF-8 byte-order mark (as Notepad saves) reads as without."""
    marked = tmp_path / "bom.json"
    marked.write_bytes(b"\xef\xbb\xbf" + IN_PROGRESS.read_bytes())
    plain, done = invoke("replay", "--json", IN_PROGRESS), invoke("replay", "--json", marked)
    assert done.exit_code == plain.exit_code == 0 and done.stdout == plain.stdout
    assert invoke("hint", "--samples", "2", marked).exit_code == 0


@pytest.mark.parametrize("command", ["hint", "review"])
def test_hint_and_review_call_an_illegal_record_illegal_as_replay_does(command: str) -> None:
    """A record read but not legal is an ``Illegal record``, worded as ``replay`` words
    it, not one that ``cannot be read``."""
    replayed = invoke("replay", RENEGE)
    done = invoke(command, RENEGE)
    assert done.exit_code == 1
    assert lines(done.stderr) == lines(replayed.stderr)
    assert done.stderr.startswith("Illegal record: hand 1, action 9 (2 play 9S): ")


def test_serve_refuses_a_new_games_rate_that_allows_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--new-games '0/10 minutes'`` would let nobody start a game: a usage error
    naming --new-games, before anything is opened or served."""
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: pytest.fail("served"))
    done = invoke("serve", "--new-games", "0/10 minutes", "--db", "sqlite://")
    assert done.exit_code == 2
    said = unboxed(done.stderr)
    assert "--new-games" in said and "'0/10 minutes'" in said and "allows none" in said


def test_watch_save_through_a_file_says_it_is_a_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``watch --save afile/x.json`` with afile a file: ``afile is a file, not a folder``."""
    monkeypatch.chdir(tmp_path)
    afile = Path("afile")
    afile.write_text("", encoding="utf-8")
    done = invoke("watch", "--save", "afile/x.json")
    assert done.exit_code == 2
    assert "--save: afile is a file, not a folder" in unboxed(done.stderr)
    assert afile.read_text(encoding="utf-8") == ""


@pytest.mark.parametrize("command", [
    ["selfplay", "--out", "x"], ["watch"], ["play"], ["hint", "x.json"], ["review", "x.json"],
    ["arena", "--bots", "random,random,random"], ["league", "--bots", "random,random,random"],
])
def test_a_negative_seed_is_a_usage_error_in_every_command(command: list[str]) -> None:
    """Python's random deals seed -1 as seed 1, so the engine refuses negative seeds;
    every command says so as a usage error before doing anything (selfplay crashed)."""
    done = invoke(*command, "--seed", "-1")
    assert done.exit_code == 2, done.output
    assert "--seed" in done.output and "x>=0" in done.output.replace(" ", "")


@pytest.mark.parametrize("command", [["rules"], ["watch"], ["selfplay", "--out", "x"],
                                     ["arena", "--bots", "random,random,random"],
                                     ["play"]])
def test_an_unknown_rules_field_lists_the_fields_in_every_command(command: list[str]) -> None:
    """An unknown --set field is refused with the fields there are, in every command
    that takes --set (it was so in play alone), as an unknown --preset lists presets."""
    done = invoke(*command, "--set", "nosuch=1")
    assert done.exit_code == 2, done.output
    assert "unknown rules field 'nosuch'" in done.output
    assert "deck," in done.output and "march_points" in " ".join(done.output.split())


# --- the entry point: Ctrl-C while the command line is still being imported ---------------

SLOW_IMPORT = '''
import sys
class Interrupting:
    """Ctrl-C while cutthroat.cli is imported (a third of a second, deterministically)."""
    def find_spec(self, name, path=None, target=None):
        if name == "cutthroat.cli":
            raise KeyboardInterrupt
        return None
sys.meta_path.insert(0, Interrupting())
from cutthroat.__main__ import main
main()
'''


def test_ctrl_c_while_the_command_line_is_imported_is_one_line_and_status_130() -> None:
    """The console script imports Typer, Rich and every command first; Ctrl-C in that
    third of a second printed a traceback and died of the signal. Now it ends as
    Ctrl-C does later: one line, status 130."""
    done = subprocess.run([sys.executable, "-c", SLOW_IMPORT], capture_output=True,
                          timeout=60, check=False)
    assert done.returncode == 130
    assert lines(done.stderr.decode()) == [
        "Interrupted (Ctrl-C) before the command started."]
    assert done.stdout == b""


@pytest.mark.parametrize("fault", ["RuntimeError('boom')",
                                   "ModuleNotFoundError('no cutthroat.x', name='cutthroat.x')"])
def test_a_bug_while_the_command_line_is_set_up_is_status_3_too(fault: str) -> None:
    """A fault of cutthroat's own while the command line was imported (a command's
    module that fails, one of its own modules missing) ended with Python's traceback
    and status 1; a program reading ``replay --json`` took it for an illegal record.
    It is said as any bug is, with status 3."""
    code = SLOW_IMPORT.replace("raise KeyboardInterrupt", f"raise {fault}")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60,
                          check=False)
    said = done.stderr.decode()
    assert done.returncode == INTERNAL_ERROR
    assert "Traceback" in said and fault.split("(")[0] in said
    assert said.splitlines()[-1].startswith(f"cutthroat {__version__}: internal error")
    assert done.stdout == b""


def test_the_command_without_typer_says_what_is_missing_in_one_line() -> None:
    """Installed with ``--no-deps`` (for the engine alone), the command died with a
    traceback ending "No module named 'typer'"."""
    code = "import sys; sys.modules['typer'] = None\n" + "\n".join(
        SLOW_IMPORT.splitlines()[-2:])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60,
                          check=False)
    assert done.returncode == 1
    [line] = lines(done.stderr.decode())
    assert line.startswith("cutthroat: the command line needs Typer and Rich, and typer is "
                           "not installed: pip install typer rich"), line
    assert "import cutthroat" in line


def test_python_dash_m_cutthroat_is_the_command() -> None:
    """``python -m cutthroat`` runs the same entry point as ``.venv/bin/cutthroat``."""
    done = subprocess.run([sys.executable, "-m", "cutthroat", "rules", "--preset",
                           "standard"], capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines()[:2] == [
        "How to play three-handed (cutthroat) euchre",
        "Rules: 24 cards, dummy, march 3, to 10, ties play on"]


@pytest.mark.parametrize(("action", "shown"), [
    ("1\npass\nIllegal record: hand 9, action 9 (x): fake", '("1\\npass\\nIllegal record'),
    ("1 pass\u001b[2J", '("1 pass\\u001b[2J")'),
])
def test_replay_shows_an_action_with_control_characters_escaped_on_one_line(
        tmp_path: Path, action: str, shown: str) -> None:
    """An action holding a line break printed its text raw: the error spread over
    lines and could fake a second "Illegal record" line; an escape sequence was
    stripped by the terminal. Such a text is shown as a JSON string, on one line."""
    record = rec.loads(IN_PROGRESS)
    record["hands"][0]["actions"][0] = action
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = cutthroat("replay", path)
    assert done.returncode == 1
    said = lines(done.stderr.decode())
    assert len(said) == 1 and said[0].startswith("Illegal record: hand 1, action 1 " + shown)


def test_replay_cuts_a_long_action_short_in_words_and_gives_it_whole_in_json(
        tmp_path: Path) -> None:
    """A QA tester's finding: an action of five million characters came back whole, in
    one line of 5 MB on standard error. In words it is cut short, with its length;
    ``--json`` carries the text whole, as RECORD.md says."""
    record = rec.loads(IN_PROGRESS)
    action = "0 pass " + "x" * 100_000
    record["hands"][0]["actions"][0] = action
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = cutthroat("replay", path)
    assert done.returncode == 1
    [said] = lines(done.stderr.decode())
    assert said == ("Illegal record: hand 1, action 1 (0 pass " + "x" * 53
                    + "... (100,007 characters)): pass takes no arguments")
    as_json = cutthroat("replay", "--json", path)
    assert as_json.returncode == 1
    assert json.loads(as_json.stdout)["error"]["text"] == action


@pytest.mark.parametrize("command", ["selfplay", "play", "watch", "rules", "arena",
                                     "league"])
def test_help_lists_the_presets_and_keeps_a_wide_column_at_80(command: str) -> None:
    """--preset named the presets in three commands and said "Rules preset." in three;
    the --random-rules/--no-random-rules and --coach/--no-coach forms squeezed the
    descriptions of selfplay and play into a column of 20 characters at 80 columns
    (arena and league keep --no-progress, which scripts use)."""
    done = subprocess.run([sys.executable, "-m", "cutthroat", command, "--help"],
                          capture_output=True, timeout=60, check=False,
                          env={**os.environ, "COLUMNS": "80"})
    text = done.stdout.decode()
    assert done.returncode == 0, done.stderr
    assert "Rules preset: standard, stick, benny" in unboxed(text)
    if command not in ("arena", "league"):
        assert "--no-" not in text
        preset = next(line for line in text.splitlines() if "--preset" in line)
        assert preset.index("Rules preset") <= 50, preset  # 30 columns or more for it


def test_selfplay_says_when_a_game_stopped_unfinished(tmp_path: Path) -> None:
    """A target no thousand hands reach (1,500) left selfplay's record unfinished with
    no word, where docs/record.md promised finished games (a data scientist's QA pass):
    it says so, as watch does, and saves the game as it stands."""
    done = invoke("selfplay", "--games", "1", "--set", "target=1500", "--out", tmp_path)
    assert done.exit_code == 0, done.output
    path = tmp_path / "game-0.json"
    assert lines(done.stderr) == [f"Note: {path}: stopped after 1000 hands with nobody at "
                                  "the target (1500) yet; its record is of a game unfinished"]
    game = rec.load(path)
    assert not game.is_over and len(game.hands) == 1000
    done = invoke("selfplay", "--games", "1", "--out", tmp_path / "short")
    assert done.exit_code == 0 and "Note:" not in done.stderr
