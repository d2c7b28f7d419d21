"""Your own bot (docs/bots.md, "Your own bot"): a class named as ``module.Class`` in a
spec, or declared by an installed package as an entry point, plays in the arena, the
terminal and the research environments like a built-in bot; a class that is no bot, a
bot that fails or one that chooses an illegal move is a clear error naming it, and the
web server never imports what a request names."""

from __future__ import annotations

import importlib.metadata
import json
import os
import pickle
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import cutthroat
from cli_helpers import cutthroat as run_cutthroat
from cutthroat import record as rec
from cutthroat.actions import Action
from cutthroat.bots import BotError, BotMoveError, RandomBot, make_bot, play_game
from cutthroat.bots.catalog import describe_bots
from cutthroat.bots.registry import (
    BOTS,
    ENTRY_POINT_GROUP,
    BotSpecError,
    BotUnavailableError,
    add_entry_points,
    normal_spec,
)
from cutthroat.cli import app
from cutthroat.errors import IllegalActionError
from cutthroat.record import replay, to_record
from cutthroat.rules import Rules
from cutthroat.server.app import create_app
from cutthroat.sim import ArenaError, run_arena
from cutthroat.sim.determinism import NondeterministicBotWarning, probe
from cutthroat.views import View

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GREEDY = "greedy_bot.GreedyBot"


@pytest.fixture
def in_examples(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The current folder is examples/ (which holds greedy_bot.py, not installed); the
    import path and the imported modules are restored afterwards."""
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(EXAMPLES))])
    sys.modules.pop("greedy_bot", None)  # as if never imported (another test may have)
    yield EXAMPLES
    sys.modules.pop("greedy_bot", None)


def test_a_class_named_in_a_spec_is_found_in_the_current_folder(in_examples: Path) -> None:
    bot = make_bot(GREEDY, 1)
    assert bot.name == "greedy" and type(bot).__name__ == "GreedyBot"
    assert sys.path[-1] == str(in_examples)  # put last: it shadows no installed module
    tuned = make_bot(f"{GREEDY}:bid_trumps=2", 1)
    assert tuned.bid_trumps == 2  # type: ignore[attr-defined]
    assert normal_spec(" greedy_bot.GreedyBot : bid_trumps = 2") == f"{GREEDY}:bid_trumps=2"


def test_make_bot_takes_your_bots_class_with_options_as_a_line_up_does(
        in_examples: Path) -> None:
    """run_arena([GreedyBot, ...]) took the class where make_bot(GreedyBot, 1) refused it
    ("a bot spec is text"), so a class could not be given options from Python."""
    greedy = type(make_bot(GREEDY, 1))  # the class, as a user who imported it has it
    bot = make_bot(greedy, 1, bid_trumps=2)
    assert type(bot) is greedy and bot.bid_trumps == 2  # type: ignore[attr-defined]
    with pytest.raises(BotSpecError, match="has no option 'depth'"):
        make_bot(greedy, 1, depth=2)

    class Local(greedy):  # type: ignore[valid-type,misc]
        pass

    with pytest.raises(BotSpecError, match="made inside a function"):
        make_bot(Local, 1)


@pytest.mark.parametrize(("spec", "error", "words"), [
    ("greedy_bot.GreedyBot:depth=2", BotSpecError, "has no option 'depth'; its options are "
                                                   "bid_trumps"),
    ("greedy_bot.GreedyBot:bid_trumps=many", BotSpecError, "takes int, not 'many'"),
    ("greedy_bot.NoSuchBot", BotUnavailableError, "module greedy_bot has no class "
                                                  "NoSuchBot"),
    ("no_such_module.Bot", BotUnavailableError, "module no_such_module is missing (run from "
                                                "the folder that holds it, or install it)"),
    ("collections.OrderedDict", BotSpecError, "which is not a bot: a bot has a name and a "
                                              "choose(view) method"),
    ("cutthroat.cards.Card", BotSpecError, "must take its seed as a keyword"),
    ("greedy_bot.Greedy-Bot", BotSpecError, "neither a bot's name nor a class"),
    ("greedy_bot.GREEDY", BotUnavailableError, "has no class GREEDY"),  # case is kept
    ("greedy_bot.greedybot", BotUnavailableError, "module greedy_bot has no class greedybot "
                                                  "(did you mean greedy_bot.GreedyBot"),
    ("greedy_bot.GredyBot", BotUnavailableError, "has no class GredyBot (did you mean "
                                                 "greedy_bot.GreedyBot"),
    ("json.MyBot", BotUnavailableError, "module json has no class MyBot (json is a "
                                        "module of Python's own, found before a file of "
                                        "that name: rename your file)"),
    ("email.message.MyBot", BotUnavailableError, "module email.message has no class MyBot "
                                                 "(email is a module of Python's own"),
])
def test_a_spec_that_names_no_usable_bot_says_why(in_examples: Path, spec: str,
                                                  error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        make_bot(spec, 0)


def test_a_bot_that_takes_no_seed_or_fails_as_it_is_made_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A class with only ``choose`` (no constructor taking ``seed``) used to end in a
    raw traceback from the arena; one whose constructor fails is named with its error."""
    (tmp_path / "odd_bots.py").write_text(
        "class OnlyChoose:\n"
        "    name = 'only'\n"
        "    def choose(self, view):\n"
        "        return view.legal[0]\n"
        "class Boom(OnlyChoose):\n"
        "    def __init__(self, seed=0):\n"
        "        raise RuntimeError('no config file')\n"
        "class Picky(OnlyChoose):\n"
        "    def __init__(self, seed=0, depth=2):\n"
        "        if depth > 5:\n"
        "            raise ValueError('depth must be at most 5')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(BotSpecError, match=r"must take its seed as a keyword \(__init__"):
        make_bot("odd_bots.OnlyChoose", 0)
    with pytest.raises(BotUnavailableError,
                       match=re.escape("the 'odd_bots.Boom' bot could not be made: "
                                       "RuntimeError: no config file")):
        make_bot("odd_bots.Boom", 0)
    with pytest.raises(BotSpecError, match=re.escape(  # which of three bots, in its words
            "the 'odd_bots.Picky' bot refused its options: depth must be at most 5")):
        make_bot("odd_bots.Picky:depth=9", 0)
    done = CliRunner().invoke(app, ["arena", "--bots", "odd_bots.OnlyChoose,random,random",
                                    "--games", "3"])
    assert done.exit_code == 2 and "Traceback" not in done.output
    assert "must take its seed" in " ".join(done.output.split())


def test_your_bot_plays_a_whole_arena_of_duplicate_deals(in_examples: Path) -> None:
    result = run_arena((GREEDY, "random", "random"), games=6, seed=3, workers=1,
                       progress=False)
    assert result.games == 6
    stats = result.entry_stats()
    assert stats[0].label == f"{GREEDY}#0"
    assert sum(row.totals.wins for row in stats) >= 6  # every game has a winner


def test_the_arena_command_takes_your_bot_from_the_current_folder(in_examples: Path) -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["arena", "--bots", f"{GREEDY},random,random", "--games", "3",
                               "--workers", "1", "--json"])
    assert done.exit_code == 0, done.output
    assert GREEDY in done.output
    wrong = runner.invoke(app, ["arena", "--bots", "collections.OrderedDict,random,random",
                                "--games", "3"])
    assert wrong.exit_code == 2 and "not a bot" in wrong.output


def test_cutthroat_bots_lists_your_bots_options(in_examples: Path) -> None:
    """``cutthroat bots module.Class`` describes your bot as it does a registered one:
    its docstring's summary, and each option with its default, kind and help."""
    done = CliRunner().invoke(app, ["bots", GREEDY])
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{GREEDY}: ")
    assert "  bid_trumps=3  (int)" in lines
    for wrong, said in ((f"{GREEDY[:-1]}x", "has no class"), ("no_such_mod.Bot", "no_such_mod"),
                        ("bad..ref", "neither a bot's name nor a class")):
        refused = CliRunner().invoke(app, ["bots", wrong], env={"COLUMNS": "400"})
        assert refused.exit_code == 2 and said in refused.stderr, refused.output


@pytest.mark.parametrize(("choice", "said"), [
    (Action.parse("play JH"), r"Action\('play JH'\)"),  # never legal while bidding
    # an action id is said as the move it is (a researcher's finding: "chose 0" alone,
    # with no word that 0 is an id of the flat action space, as a policy returns it)
    (0, rf"0 \(the action id of {Action.from_id(0)}\)"),
])
def test_a_bot_that_chooses_an_illegal_move_is_named_and_nothing_is_applied(
        choice: Action | int, said: str) -> None:
    class Stubborn:
        name = "stubborn"

        def choose(self, view: View) -> Action | int:
            return choice

    game = cutthroat.Game(seed=4)
    hand = game.deal()
    seat = hand.to_act
    bots = [make_bot("random", s) for s in range(3)]
    bots[seat] = Stubborn()  # type: ignore[call-overload]
    with pytest.raises(BotMoveError, match=rf"the 'stubborn' bot in seat {seat} chose "
                                            rf"{said}, which the rules refuse: "
                                            "play is not possible now") as caught:
        play_game(game, bots)
    assert isinstance(caught.value, IllegalActionError)
    assert game.hand is hand and list(hand.moves) == [] and hand.to_act == seat


def test_a_bot_that_fails_is_named_with_its_own_error() -> None:
    class Broken:
        name = "broken"

        def choose(self, view: View) -> Action:
            raise KeyError("oops")

    bots = [Broken(), Broken(), Broken()]
    with pytest.raises(BotError, match=r"the 'broken' bot in seat \d failed to choose a move: "
                                       r"KeyError: 'oops'") as caught:
        play_game(cutthroat.Game(seed=1), bots)  # type: ignore[arg-type]
    assert isinstance(caught.value.__cause__, KeyError)


def test_a_bot_that_calls_sys_exit_is_named_not_a_silent_end() -> None:
    """``sys.exit()`` inside ``choose`` used to end `cutthroat arena` and `watch` with
    status 3 and no word; it is a BotError naming the bot, as any failure is."""
    class Quitter:
        name = "quitter"

        def choose(self, view: View) -> Action:
            sys.exit(3)

    game = cutthroat.Game(seed=1)
    with pytest.raises(BotError, match=r"the 'quitter' bot in seat \d failed to choose a "
                                       r"move: SystemExit: 3"):
        play_game(game, [Quitter(), Quitter(), Quitter()])  # type: ignore[list-item]
    assert game.hand is not None and list(game.hand.moves) == []


def test_an_installed_package_adds_bots_by_entry_point(in_examples: Path) -> None:
    points = [
        importlib.metadata.EntryPoint("Greedy", "greedy_bot:GreedyBot", ENTRY_POINT_GROUP),
        importlib.metadata.EntryPoint("random", "greedy_bot:GreedyBot", ENTRY_POINT_GROUP),
        importlib.metadata.EntryPoint("two words", "greedy_bot:GreedyBot", ENTRY_POINT_GROUP),
        importlib.metadata.EntryPoint("nocolon", "greedy_bot.GreedyBot", ENTRY_POINT_GROUP),
    ]
    before = dict(BOTS)
    try:
        assert add_entry_points(points) == ["greedy"]  # a built-in name is never replaced
        assert BOTS["random"] is before["random"]
        assert "greedy_bot" not in sys.modules  # imported only when first made
        bot = make_bot("greedy:bid_trumps=4", 2)
        assert type(bot).__name__ == "GreedyBot" and bot.bid_trumps == 4  # type: ignore[attr-defined]
        described = {info.name: info for info in describe_bots()}
        assert described["greedy"].summary.startswith("Makes trump on a hand with bid_trumps")
        assert [o.name for o in described["greedy"].options] == ["bid_trumps"]
        game = play_game(cutthroat.Game(seed=2), [bot, make_bot("random", 0),
                                                  make_bot("random", 1)])
        assert replay(to_record(game)).scores == game.scores
    finally:
        BOTS.clear()
        BOTS.update(before)


def test_a_bot_package_installed_is_found_at_start_and_listed_by_cutthroat_bots(
        tmp_path: Path) -> None:
    """An installed package's entry point of the group ``cutthroat.bots`` is read when
    the registry is first imported, as every command imports it: ``cutthroat bots``
    run in a fresh process lists it by its name, after the built-in ladder, and
    describes it (the package here: greedy_bot.py and its ``.dist-info``, on the path
    as an installed package is)."""
    (tmp_path / "greedy_bot.py").write_text((EXAMPLES / "greedy_bot.py").read_text())
    info = tmp_path / "greedybots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: greedybots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\ngreedy = greedy_bot:GreedyBot\n")
    def bots(*args: str) -> list[str]:
        done = run_cutthroat("bots", *args, cwd=tmp_path, env={
            "COLUMNS": "200", "PYTHONPATH": os.pathsep.join(
                [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])])})
        assert done.returncode == 0, done.stderr
        return done.stdout.decode().splitlines()

    listed = [line.split()[0] for line in bots() if re.match(r"  \S", line)]
    assert listed == ["random", "beginner", "intermediate", "expert", "greedy"]
    described = bots("greedy")
    assert described[0].startswith("greedy: Makes trump on a hand with bid_trumps")
    assert "  bid_trumps=3  (int)" in described


def test_an_option_annotated_any_takes_any_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot of your own whose option is annotated ``Any`` takes whatever a spec writes
    for it (a number, a word, true, none), where one annotated ``int`` takes ints only."""
    made: list[object] = []

    def anything(seed: int, style: Any = "plain", depth: int = 1) -> RandomBot:
        made.append(style)
        return RandomBot(seed=seed)

    monkeypatch.setitem(BOTS, "anything", anything)
    for spec, value in (("anything:style=3", 3), ("anything:style=bold", "bold"),
                        ("anything:style=true", True), ("anything:style=none", None)):
        make_bot(spec, 0)
        assert made[-1] == value
    with pytest.raises(BotSpecError, match="option depth takes int, not 'deep'"):
        make_bot("anything:depth=deep", 0)


def test_the_web_server_takes_registered_bots_only(in_examples: Path,
                                                   tmp_path: Path) -> None:
    """A request naming a class (``module.Class``) is refused without importing it: a
    client must not make the server import or call anything it likes."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as client:
        for named in (GREEDY, "collections.OrderedDict", "os.system"):
            answer = client.post("/api/games", json={"seats": ["you", named, "random"]})
            assert answer.status_code == 400, answer.text
            assert "unknown bot" in answer.json()["error"]["reason"]
    assert "greedy_bot" not in sys.modules


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty current folder for modules of a test's own; they are forgotten after
    (only they: a library first imported meanwhile, numpy say, cannot be imported twice
    in one process, and later tests in this worker still need it)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    before = set(sys.modules)
    yield tmp_path
    for name in set(sys.modules) - before:
        module = sys.modules.get(name)
        places = [getattr(module, "__file__", None) or "",
                  *getattr(module, "__path__", [])]
        if any(place and Path(place).resolve().is_relative_to(tmp_path.resolve())
               for place in places):
            sys.modules.pop(name, None)


def test_the_current_folder_is_searched_only_for_the_bots_own_module(
        scratch: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's module found on the path that needs a package not installed is said to
    need it, and the current folder is not put on the path for that: it is searched
    only when the bot's own module is found nowhere else."""
    lib = scratch / "lib"
    lib.mkdir()
    (lib / "needy_bot.py").write_text("import no_such_package_xyz\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(lib))
    path = list(sys.path)
    with pytest.raises(BotUnavailableError, match=re.escape(
            "the 'needy_bot.Bot' bot is not available: module no_such_package_xyz is "
            "missing (run from the folder that holds it, or install it)")):
        make_bot("needy_bot.Bot", 0)
    assert sys.path == path


def test_a_module_that_fails_to_import_is_a_clear_error_everywhere(scratch: Path,
                                                                   tmp_path: Path) -> None:
    """A syntax error (or any exception) as a bot's module is imported is said plainly:
    by make_bot, by each command (no traceback), and a package's bot that cannot be
    imported is listed as unavailable by `cutthroat bots`, left out of the web lobby's
    list, and hides none of the other bots."""
    (scratch / "typo_bot.py").write_text("def choose(:\n", encoding="utf-8")
    (scratch / "loud_bot.py").write_text("raise RuntimeError('no model file')\n",
                                         encoding="utf-8")
    with pytest.raises(BotUnavailableError, match=r"the 'typo_bot\.Bot' bot is not available: "
                                                  "importing module typo_bot failed: "
                                                  "SyntaxError"):
        make_bot("typo_bot.Bot", 0)
    with pytest.raises(BotUnavailableError, match=r"importing module loud_bot failed: "
                                                  "RuntimeError: no model file"):
        make_bot("loud_bot.Bot", 0)
    runner = CliRunner()
    for command in (["arena", "--bots", "typo_bot.Bot,random,random", "--games", "3"],
                    ["watch", "--bots", "typo_bot.Bot,random,random"],
                    ["watch", "--bots", "no_such_module.Bot,random,random"],
                    ["play", "--plain", "--bots", "no_such_module.Bot,random"]):
        done = runner.invoke(app, command, input="")
        assert done.exit_code == 2, (command, done.output)
        assert "is not available" in done.output, (command, done.output)
    points = [importlib.metadata.EntryPoint("typo", "typo_bot:Bot", ENTRY_POINT_GROUP),
              importlib.metadata.EntryPoint("gone", "no_such_module:Bot", ENTRY_POINT_GROUP)]
    before = dict(BOTS)
    try:
        assert add_entry_points(points) == ["typo", "gone"]
        described = {info.name: info for info in describe_bots()}
        assert described["expert"].summary and not described["expert"].unavailable
        assert "SyntaxError" in described["typo"].unavailable
        assert "module no_such_module is missing" in described["gone"].unavailable
        listed = runner.invoke(app, ["bots"])
        assert listed.exit_code == 0, listed.output
        assert "typo_bot failed: SyntaxError" in listed.output and "expert" in listed.output
        one = runner.invoke(app, ["bots", "gone"])
        assert one.exit_code == 2 and "no_such_module is missing" in one.output
        with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as client:
            answer = client.get("/api/bots")
            assert answer.status_code == 200, answer.text
            names = [bot["name"] for bot in answer.json()["bots"]]
            assert names == ["random", "beginner", "intermediate", "expert"]
            refused = client.post("/api/games", json={"seats": ["you", "typo", "random"]})
            assert refused.status_code == 400, refused.text
            assert "is not available" in refused.json()["error"]["reason"]
    finally:
        BOTS.clear()
        BOTS.update(before)


_FAULTY = '''
class Raises:
    name = "raises"
    def __init__(self, seed=0):
        pass
    def choose(self, view):
        raise KeyError("oops")

class Nothing:
    name = "nothing"
    def __init__(self, seed=0):
        pass
    def choose(self, view):
        return None
'''


def test_a_faulty_bot_is_named_in_the_terminal_and_the_research_environment(
        scratch: Path) -> None:
    """Your bot failing or choosing no move in `cutthroat play` and in
    cutthroat/VsBots-v0 is a BotError or BotMoveError naming it and its seat, as in
    the arena; the terminal game says so, saves the game so far and stops."""
    gymnasium = pytest.importorskip("gymnasium")
    import numpy as np

    import cutthroat.rl.vs_bots  # noqa: F401 - registers the environment

    (scratch / "faulty_bot.py").write_text(_FAULTY, encoding="utf-8")
    for spec, error, words in (("faulty_bot.Raises", BotError,
                                r"the 'raises' bot in seat 1 failed to choose a move: "
                                r"KeyError: 'oops'"),
                               ("faulty_bot.Nothing", BotMoveError,
                                r"the 'nothing' bot in seat 1 chose None, which the rules "
                                r"refuse: not an action")):
        env = gymnasium.make("cutthroat/VsBots-v0", bots=(spec, "random"))
        with pytest.raises(error, match=words):  # in reset, when seat 1 acts first
            obs, _ = env.reset(seed=1)
            for _ in range(200):
                obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        save = scratch / f"{spec}.json"
        done = CliRunner().invoke(app, ["play", "--plain", "--seat", "0", "--seed", "3",
                                        "--bots", f"{spec},random", "--save", str(save)],
                                  input="1\n" * 50)
        assert done.exit_code == 1, done.output  # not a success, as in `watch`
        assert re.search(words.replace("the '", "The '", 1), done.output), done.output
        assert "Traceback" not in done.output and save.exists()
        assert "The game is saved" in done.output



def test_watch_save_with_a_bot_that_fails_at_the_first_move_keeps_a_record(
        scratch: Path) -> None:
    """``watch --save`` whose first bot to move fails at once: no move was made, so the
    file's first write (before the game) is all the record there is; it must be a
    record, which replay and ``--resume`` read, where "Record saved" is said of it.
    (Untested before: without that first write the file was empty.)"""
    (scratch / "faulty_bot.py").write_text(_FAULTY, encoding="utf-8")
    save = scratch / "game.json"
    done = CliRunner().invoke(app, ["watch", "--bots", ",".join(["faulty_bot.Raises"] * 3),
                                    "--save", str(save)])
    assert done.exit_code == 1
    assert f"Record saved to {save}" in done.stderr
    game = rec.replay(save.read_text(encoding="utf-8"))
    assert not game.is_over and sum(len(hand.moves) for hand in game.hands) == 0


@pytest.mark.parametrize("bots", ["random,random,random", "random,faulty_bot.Raises,random"])
def test_watch_save_on_a_full_disk_says_so_once_and_never_saved(
        scratch: Path, monkeypatch: pytest.MonkeyPatch, bots: str) -> None:
    """The disk fills up after the record's first write, the game going on (or a bot
    failing): ``watch`` says once that the record cannot be saved, with the system's
    words, and never "Record saved to FILE" over a record that holds none of the moves.
    (The line was said twice, the write tried again at the end; the "Record saved"
    after a bot's failure and the words were untested.)"""
    import errno

    (scratch / "faulty_bot.py").write_text(_FAULTY, encoding="utf-8")

    def full_disk(path: Path, game: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(rec, "save", full_disk)
    save = scratch / "game.json"
    done = CliRunner().invoke(app, ["watch", "--bots", bots, "--seed", "0",
                                    "--save", str(save)])
    assert done.exit_code == 1 and "Traceback" not in done.output
    line = f"Error: cannot save the record to {save}: No space left on device"
    assert done.stderr.count(line) == 1, done.stderr
    assert "Record saved" not in done.output

_WHERE = '''import random


class Empty:
    name = "empty"

    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def choose(self, view):
        return self.rng.choice([])  # line 11: the line to mend


class Elsewhere:
    name = "elsewhere"

    def __init__(self, seed=0):
        pass

    def choose(self, view):
        return f"{(view.seat + 1) % 3} pass"
'''


def test_a_failing_bot_is_told_where_in_its_own_code_and_which_seat(scratch: Path) -> None:
    """A bot author saw "IndexError: Cannot choose from an empty sequence" and nothing of
    where: a tournament's games run in other processes, and its traceback did not come
    back (a QA pass). The error names the line of the bot's own code (not the line
    inside Python's random module), in the arena's workers too; it carries the seat and
    the bot's name as attributes, also once pickled (as a worker sends it)."""
    (scratch / "where_bot.py").write_text(_WHERE, encoding="utf-8")
    bots = [make_bot("random", 0), make_bot("where_bot.Empty", 1), make_bot("random", 2)]
    with pytest.raises(BotError) as caught:
        play_game(cutthroat.Game(seed=1), bots)
    said = "IndexError: Cannot choose from an empty sequence (at where_bot.py, line 11, in choose)"
    assert str(caught.value).endswith(said), caught.value
    assert (caught.value.seat, caught.value.bot) == (1, "empty")
    again = pickle.loads(pickle.dumps(caught.value))
    assert (str(again), again.seat, again.bot) == (str(caught.value), 1, "empty")
    for workers in ("1", "2"):
        done = CliRunner().invoke(app, ["arena", "--bots", "where_bot.Empty,random,random",
                                        "--games", "3", "--workers", workers, "--no-progress"])
        assert done.exit_code == 1 and said in done.output, (workers, done.output)


_LIBRARY_CALLS = '''import numpy as np

from cutthroat.cards import Card


class NumPyEmpty:
    name = "numpy-empty"

    def __init__(self, seed=0):
        self.rng = np.random.default_rng(seed)

    def choose(self, view):
        return str(self.rng.choice([]))  # line 13: the line to mend


class BadCard:
    name = "bad-card"

    def __init__(self, seed=0):
        pass

    def choose(self, view):
        return "play " + str(Card.parse("ZZ"))  # line 23: the line to mend
'''


def test_a_bots_failure_inside_a_library_is_placed_at_the_bots_own_line(
        scratch: Path) -> None:
    """A failure inside NumPy was placed at "numpy/random/_generator.pyx", a path that
    looked like the player's, and one inside this package (Card.parse) at its
    cards.py (a code review): the line named is the bot's own that called them."""
    pytest.importorskip("numpy")
    (scratch / "library_bot.py").write_text(_LIBRARY_CALLS, encoding="utf-8")
    for name, line in (("NumPyEmpty", 13), ("BadCard", 23)):
        bots = [make_bot(f"library_bot.{name}", 0), make_bot("random", 1),
                make_bot("random", 2)]
        with pytest.raises(BotError) as caught:
            play_game(cutthroat.Game(seed=1), bots)
        assert str(caught.value).endswith(f"(at library_bot.py, line {line}, in choose)"), (
            caught.value)


def test_a_bot_naming_another_seat_is_told_its_move_needs_none(scratch: Path) -> None:
    """A bot returning "1 pass" for seat 0 was told "name one seat", advice for a person
    at the REPL; it is told that a bot's move needs no seat."""
    (scratch / "where_bot.py").write_text(_WHERE, encoding="utf-8")
    game = cutthroat.Game(seed=1)
    seat = game.deal().to_act
    bots = [make_bot("random", s) for s in range(3)]
    bots[seat] = make_bot("where_bot.Elsewhere", seat)
    with pytest.raises(BotMoveError) as caught:
        play_game(game, bots)
    assert str(caught.value) == (
        f"the 'elsewhere' bot in seat {seat} chose '{(seat + 1) % 3} pass', which the rules "
        f"refuse: it names another seat than its own ({seat}): a bot's move needs no seat "
        "('pass', 'play JH', as view.legal lists them)")
    assert (caught.value.seat, caught.value.bot) == (seat, "elsewhere")


def test_a_bot_file_hidden_by_another_module_or_misnamed_says_how_to_name_it(
        scratch: Path) -> None:
    """A bot author's test.py was hidden by Python's own ``test`` package, which
    ``sys.stdlib_module_names`` does not list, with no word why; ``mybots:FirstBot``
    (an entry point's form, as bots.md writes one) and ``mybots.FirstBot.extra`` were
    told of key=value and of a missing module (a QA pass)."""
    (scratch / "shadowed_bot.py").write_text(_WHERE, encoding="utf-8")
    (scratch / "where_bot.py").write_text(_WHERE, encoding="utf-8")
    # another module of that name, first on the path, as Python's own test package is
    # (which some Pythons leave out: Debian's without libpython3-testsuite)
    first = scratch / "first"
    first.mkdir()
    (first / "shadowed_bot.py").write_text("OTHER = 1\n", encoding="utf-8")
    sys.path.insert(0, str(first))
    with pytest.raises(BotUnavailableError, match=re.escape(
            f"module shadowed_bot has no class Empty (the module shadowed_bot found is "
            f"{first / 'shadowed_bot.py'}, not the file of that name in this folder: rename "
            "your file)")):
        make_bot("shadowed_bot.Empty", 0)
    with pytest.raises(BotSpecError, match=re.escape(
            "'Empty' is not key=value (a bot of your own is named module.Class, "
            "where_bot.Empty; options come after a colon)")):
        make_bot("where_bot:Empty", 0)
    with pytest.raises(BotUnavailableError, match=re.escape(
            "where_bot.Empty is no module but what module where_bot holds; a bot of your "
            "own is named module.Class (where_bot.Empty), options after a colon")):
        make_bot("where_bot.Empty.extra", 0)
    for spec in ("where_bot.Empty:depth", "expert:depth"):  # an option without its value
        with pytest.raises(BotSpecError, match=r"'depth' is not key=value$"):
            make_bot(spec, 0)


_CHANCE = '''import random


class FromModule:
    """Draws from Python's random module, not from its seed."""
    name = "from-module"

    def __init__(self, seed=0):
        pass

    def choose(self, view):
        return random.choice(view.legal)


class Fickle:
    """Plays the first move it may or the last, by how many times it has been made."""
    name = "fickle"
    made = 0

    def __init__(self, seed=0):
        Fickle.made += 1
        self.last = Fickle.made % 2

    def choose(self, view):
        return view.legal[-self.last]


class FromSeed:
    """Draws from its seed."""
    name = "from-seed"

    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def choose(self, view):
        return self.rng.choice(view.legal)
'''


def test_a_bot_not_deterministic_for_its_seed_is_warned_of(scratch: Path) -> None:
    """A bot drawing from the random module played the same --seed differently each
    time, with no word, though the arena promises "the same seed, the same games" (a
    bot author's QA pass). Each bot of one's own is made twice with one seed and plays
    the same hands twice first: the arena and the league say so in a note on standard
    error, and from Python it is a NondeterministicBotWarning; the tournament is played
    all the same. A bot that draws from its seed, and the built-in ones, are not named."""
    (scratch / "chance_bot.py").write_text(_CHANCE, encoding="utf-8")
    said = ("chance_bot.Fickle is not deterministic for its seed: made twice with "
            "seed 7, it played hand 1 of the same game differently, so the same seed will "
            "not play the same games again (draw its randomness from random.Random(seed), "
            "not from the random module or the clock)")
    assert probe("chance_bot.Fickle", Rules()) == said
    random.seed(1)  # the module's own stream, as a bot author's program leaves it
    assert "FromModule is not deterministic" in (probe("chance_bot.FromModule", Rules()) or "")
    assert probe("chance_bot.FromSeed", Rules()) is None
    assert probe("random", Rules()) is None  # built in: not probed
    with pytest.warns(NondeterministicBotWarning) as warned:
        run_arena("chance_bot.Fickle,chance_bot.FromSeed,random", games=3, workers=1,
                  progress=False)
    assert [str(w.message) for w in warned] == [said]
    runner = CliRunner()
    for command in (["arena", "--games", "3"], ["league", "--games", "3", "--resamples", "10"]):
        done = runner.invoke(app, [*command, "--bots",
                                   "chance_bot.Fickle,chance_bot.FromSeed,random",
                                   "--workers", "1", "--no-progress", "--json"])
        assert done.exit_code == 0, done.output
        assert f"Note: {said}" in done.stderr.replace("\n", " "), done.stderr
        assert "FromSeed is not" not in done.stderr
        assert json.loads(done.stdout)["games"]  # the tournament, played all the same
    done = runner.invoke(app, ["arena", "--bots", "chance_bot.FromSeed,random,beginner",
                               "--games", "3", "--workers", "1", "--no-progress"])
    assert done.exit_code == 0 and "Note:" not in done.stderr, done.stderr


def test_the_determinism_probe_leaves_a_failing_bot_to_the_tournament(scratch: Path) -> None:
    """A bot that fails in the probe is not called nondeterministic: the tournament
    fails on it, naming the game, as before; one that cannot be made a second time in
    this process (a singleton) is left to the tournament too, whose workers make it
    afresh (a code review: the probe stopped the tournament)."""
    (scratch / "where_bot.py").write_text(_WHERE, encoding="utf-8")
    (scratch / "once_bot.py").write_text(
        "import random\n\n\nclass Once:\n    name = 'once'\n    made = 0\n\n"
        "    def __init__(self, seed=0):\n        Once.made += 1\n"
        "        if Once.made > 1:\n            raise RuntimeError('made once only')\n"
        "        self.rng = random.Random(seed)\n\n"
        "    def choose(self, view):\n        return self.rng.choice(view.legal)\n",
        encoding="utf-8")
    assert probe("once_bot.Once", Rules()) is None
    assert probe("where_bot.Empty", Rules()) is None
    with pytest.raises(ArenaError, match=r"game 0 .*failed to choose a move"):
        run_arena("where_bot.Empty,random,random", games=3, workers=1, progress=False)
