"""``cutthroat play``'s record: a save that fails mid-game, --save naming a file that is
no record or a path through a file, and --resume with a --seat the record does not
give its player (docs/play.md, "Saving and resuming")."""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from cutthroat import Game, play_cli
from cutthroat import record as rec
from cutthroat import session as session_module
from cutthroat.cli import app
from cutthroat.session import Session, program
from cutthroat.sitting import Sitting
from cutthroat.terminal import seat_names
from cutthroat.tui.app import TableApp

MOVES = ["1", "1", "1", "1", "quit"]
"""A player's input: the first choice, four times (any move may be a keep of five,
which refuses a number: the game asks again), then stop."""


def play(*args: str | Path, typed: Sequence[str] = ("quit",)) -> Any:
    """``cutthroat play ARGS`` in-process, line by line, with ``typed`` as its input;
    its ``Result``."""
    return CliRunner().invoke(app, ["play", *(str(a) for a in args)],
                              input="".join(line + "\n" for line in typed))


def between_moves(monkeypatch: pytest.MonkeyPatch, turn: int, do: Callable[[], None]) -> None:
    """Run ``do`` while the player thinks over their move number ``turn`` (from 1),
    once the moves before it are saved."""
    from cutthroat.terminal import TerminalGame

    real = TerminalGame._human_move
    turns = [0]

    def human_move(self: TerminalGame) -> bool:
        turns[0] += 1
        if turns[0] == turn:
            do()
        return real(self)

    monkeypatch.setattr(TerminalGame, "_human_move", human_move)


def last_line(result: Any) -> str:
    """The last line a run wrote, after the prompt it follows (input is not echoed)."""
    return result.output.strip().splitlines()[-1].removeprefix("> ")


def said(result: Any) -> str:
    """What a run said, its error box (a usage error) flattened to one line."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", result.output).split())


GAME = ("--seed", "3", "--bots", "random,random")


def test_a_save_whose_folder_goes_mid_game_moves_to_the_default_folder_and_resumes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder of --save deleted after the first move: the game is saved to a new file
    in ./cutthroat-games from then on, said once with the command to resume it, and that
    record holds every move (as the same game saved undisturbed does)."""
    monkeypatch.chdir(tmp_path)
    reference = tmp_path / "reference.json"
    assert play(*GAME, "--save", reference, typed=MOVES).exit_code == 0
    gone = tmp_path / "x" / "gone"
    gone.mkdir(parents=True)
    between_moves(monkeypatch, 2, lambda: shutil.rmtree(gone))
    done = play(*GAME, "--save", gone / "g.json", typed=MOVES)
    assert done.exit_code == 0, done.output
    warnings = [line for line in done.output.splitlines() if "could not save" in line]
    assert len(warnings) == 1 and "No such file or directory" in warnings[0]
    assert "Errno" not in warnings[0]
    [moved] = (tmp_path / "cutthroat-games").iterdir()
    assert f"so it is saved to {moved} instead" in warnings[0]
    assert f"cutthroat play --resume {moved} --bots random,random" in warnings[0]
    assert json.loads(moved.read_text(encoding="utf-8")) == json.loads(
        reference.read_text(encoding="utf-8"))
    assert not gone.exists()  # the player's deleted folder is not made again
    last = last_line(done)
    assert last.startswith(f"Stopped. The game could not be saved to {gone / 'g.json'}, "
                           f"so it is saved to {moved}: {program()} play --resume {moved}")
    again = play(*last.split(f": {program()} play ")[1].split())
    assert again.exit_code == 0, again.output
    assert "resumed" in again.output


def test_a_game_that_can_be_saved_nowhere_ends_with_status_1_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its folder deleted and no other place that takes a record: the game goes on, said
    once; at the end it says the game could not be saved, and the status is 1."""
    import cutthroat.session as session

    monkeypatch.chdir(tmp_path)
    blocked = tmp_path / "afile"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setattr(session, "fallback_folders",
                        lambda folder: [blocked / "games", blocked / "tmp"])
    gone = tmp_path / "gone"
    gone.mkdir()
    between_moves(monkeypatch, 2, lambda: shutil.rmtree(gone))
    done = play(*GAME, "--save", gone / "g.json", typed=MOVES)
    assert done.exit_code == 1, done.output
    assert isinstance(done.exception, SystemExit)  # no traceback
    warnings = [line for line in done.output.splitlines() if "could not save" in line]
    assert len(warnings) == 1
    warning = warnings[0].removeprefix("> ")  # (after the prompt it answers)
    assert warning.startswith(f"Warning: could not save the game to {gone / 'g.json'} (")
    assert warning.endswith(
        f"), nor to a new file in {blocked / 'games'} or {blocked / 'tmp'}; it goes on, and "
        "saving is tried again after every move.")
    assert last_line(done).startswith(
        f"Stopped. The game could not be saved to {gone / 'g.json'}")
    assert not (tmp_path / "cutthroat-games").exists()


def test_resuming_with_another_seat_than_the_records_player_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The record's player (You) is seat 2: --seat 0 would have a bot play on as You."""
    monkeypatch.chdir(tmp_path)
    save = Path("mine.json")
    game = Game(seed=1, players=seat_names(2))
    game.deal()
    save.write_text(rec.dumps(game) + "\n", encoding="utf-8")
    kept = save.read_bytes()
    refused = play("--resume", save, "--seat", "0", "--bots", "random,random")
    assert refused.exit_code == 2
    assert "--seat" in said(refused)
    assert "this game's player is seat 2" in said(refused)
    assert "leave out --seat to go on with it" in said(refused)
    assert save.read_bytes() == kept
    for seat in (["--seat", "2"], []):
        same = play("--resume", save, *seat, "--bots", "random,random")
        assert same.exit_code == 0, same.output
        assert "You play seat 2." in same.output


@pytest.mark.parametrize("content", [b"", b"{}", bytes(range(256)) * 4],
                         ids=["empty", "braces", "random-bytes"])
def test_save_to_a_file_that_is_not_a_game_record_is_refused_and_left_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes) -> None:
    monkeypatch.chdir(tmp_path)  # short names: the error box does not break them
    other = Path("notes.json")
    other.write_bytes(content)
    refused = play("--save", other)
    assert refused.exit_code == 2
    assert f"{other} exists and is not a game record: choose another file" in said(refused)
    assert "already holds a game" not in said(refused)
    assert other.read_bytes() == content


def test_save_to_a_game_record_still_says_it_holds_a_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    save = Path("game.json")
    assert play(*GAME, "--save", save).exit_code == 0
    again = play("--save", save)
    assert again.exit_code == 1
    assert f"{save} already holds a game: go on with it (--resume {save})" in said(again)


def test_save_through_a_file_says_it_is_not_a_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--save afile/x.json with afile a file, or no --save with ./cutthroat-games a file:
    the file is named as no folder, with no raw error number; nothing is written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("", encoding="utf-8")
    for path in ("afile/x.json", "afile/deeper/x.json"):
        refused = play("--save", path)
        assert refused.exit_code != 0
        assert said(refused) == (f"Cannot save the game to {path}: afile is a file, not a "
                                 "folder.")
    (tmp_path / "cutthroat-games").write_text("", encoding="utf-8")
    default = play()
    assert default.exit_code != 0
    assert "cutthroat-games is a file, not a folder (give --save FILE)" in said(default)
    assert "Errno" not in said(default)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "cutthroat-games"]
    assert (tmp_path / "afile").read_bytes() == b""


def test_keep_at_a_decision_that_is_no_keep_says_a_keep_is_not_possible_now(
        tmp_path: Path) -> None:
    """``keep AS`` (or a keep of five) when the decision is no keep: you cannot keep cards
    now, and why, as ``trump S`` at a wrong moment is told, not how a keep is written."""
    done = play("--save", tmp_path / "g.json", *GAME,
                typed=("keep AS", "keep AS KS QS JS 10S", "trump S", "quit"))
    refusals = [line for line in done.output.splitlines() if "Not possible" in line]
    assert len(refusals) == 3, done.output
    for line in refusals[:2]:
        assert "Not possible: you cannot keep cards now: " in line, line
        assert "keep takes five" not in line
    assert refusals[0].split(" now: ")[1] == refusals[2].split(" now: ")[1]


def test_a_record_played_in_another_window_too_is_never_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same record resumed in two windows: each save wrote over the other's moves,
    silently. Once the record was written by another, this game is saved beside it
    from then on, said once with the command to resume it; the other's file is left
    as the other wrote it."""
    reference = tmp_path / "reference.json"
    assert play(*GAME, "--save", reference, typed=MOVES).exit_code == 0
    save = tmp_path / "g.json"
    elsewhere: list[str] = []

    def other_window_moves() -> None:  # the other window saves its own game there
        other = Game(seed=99, players=seat_names(0))
        other.deal()
        rec.save(save, other)
        elsewhere.append(save.read_text(encoding="utf-8"))

    between_moves(monkeypatch, 2, other_window_moves)
    done = play(*GAME, "--save", save, typed=MOVES)
    assert done.exit_code == 0, done.output
    forked = tmp_path / "g-2.json"
    warnings = [line for line in done.output.splitlines() if "another window" in line]
    assert len(warnings) == 1, done.output
    assert f"{save} was changed by another window playing this game, so this one is " \
           f"saved to {forked} from now on" in warnings[0]
    assert f"cutthroat play --resume {forked}" in warnings[0]
    assert save.read_text(encoding="utf-8") == elsewhere[0]  # not written over
    assert json.loads(forked.read_text(encoding="utf-8")) == json.loads(
        reference.read_text(encoding="utf-8"))  # every move of this game, none lost


@pytest.mark.parametrize("seed", [0, 1, 5])
def test_r4_a_game_saved_before_its_first_deal_resumes_as_its_seed_starts_it(
        tmp_path: Path, seed: int) -> None:
    """``play`` writes its first record before the first deal, and a record holds the
    first dealer only in its first hand: stopped in that moment (Ctrl-C), the game
    resumed with seat 0 dealing, whatever its seed drew (R4 draws him at random). Now
    it resumes as the seed starts it: the first dealer and the first deal are those of
    the same game played without a stop."""
    reference = tmp_path / "reference.json"
    assert play("--seed", seed, "--bots", "random,random", "--save", reference).exit_code == 0
    first = json.loads(reference.read_text(encoding="utf-8"))["hands"][0]
    stopped = tmp_path / "stopped.json"
    stopped.write_text(rec.dumps(Game(seed=seed, players=seat_names(0))) + "\n",
                       encoding="utf-8")  # what _write_first writes
    done = play("--resume", stopped, "--seed", seed, "--bots", "random,random")
    assert done.exit_code == 0, done.output
    again = json.loads(stopped.read_text(encoding="utf-8"))["hands"][0]
    assert (again["dealer"], again["deal"]) == (first["dealer"], first["deal"])


def test_two_games_of_one_second_and_seed_are_both_saved_by_default(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer's finding: a second ``cutthroat play --seed 3`` in the same second as
    the first was refused ("... already holds a game"), though the player named no
    file; and two started side by side, one "Cannot save ...: File exists". The default
    name gives way to ``-2``, ``-3`` ..., as the next games of a sitting do."""
    import time

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(time, "strftime", lambda *_: "20261205-143439")  # one second
    for _ in range(3):
        done = play("--seed", "3", "--plain")
        assert done.exit_code == 0, done.output
    folder = tmp_path / "cutthroat-games"
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["game-20261205-143439-seed3-2.json", "game-20261205-143439-seed3-3.json",
                     "game-20261205-143439-seed3.json"]
    # the race: the name was free when chosen, taken when written
    taken = folder / "game-race.json"
    taken.write_text("theirs", encoding="utf-8")
    written = play_cli._write_first(taken, Game(seed=3), named=False)
    assert written == folder / "game-race-2.json"
    assert rec.loads(written.read_text(encoding="utf-8"))["format"]  # a record
    # lost twice: the name after the first one taken meanwhile too
    (folder / "game-race-2.json").unlink()
    real = play_cli.Sitting.next_save
    raced = []

    def taken_meanwhile(self: Any, seed: int) -> Path:
        path = real(self, seed)
        if not raced:  # another game takes it between the choice and the write
            raced.append(path)
            path.write_text("another's", encoding="utf-8")
        return path

    monkeypatch.setattr(play_cli.Sitting, "next_save", taken_meanwhile)
    again = play_cli._write_first(taken, Game(seed=3), named=False)
    assert raced == [folder / "game-race-2.json"]
    assert again == folder / "game-race-3.json"  # not game-race-2-2.json
    assert taken.read_text(encoding="utf-8") == "theirs"
    with pytest.raises(typer.Exit):  # a file the player named: never written over
        play_cli._write_first(taken, Game(seed=3), named=True)
    assert taken.read_text(encoding="utf-8") == "theirs"


def test_a_table_closed_with_the_record_unsaved_is_saved_elsewhere_at_the_last_try(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The full-screen table closed while the record cannot be written where it is (a
    full disk): ``play`` tries once more, anywhere it can be, so the player's moves are
    not lost; it says where, the record there holds the move made, and the status is 0.
    (Untested before: without that last try the game was lost, and play ended
    with status 1.)"""
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setattr(session_module, "fallback_folders", lambda folder: [elsewhere])
    played: list[int] = []

    def one_move_then_quit(self: TableApp, **kw: Any) -> None:
        game = self.session.game
        if game.needs_deal:
            game.deal()
        game.push(game.legal_actions()[0])  # the move the player made on the table
        played.append(sum(len(hand.moves) for hand in game.hands))

        def full_disk(path: Path, game: Any) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(rec, "save", full_disk)  # the disk fills up now

    monkeypatch.setattr(play_cli, "_on_a_terminal", lambda: True)
    monkeypatch.setattr(TableApp, "run", one_move_then_quit)
    save = tmp_path / "game.json"
    done = CliRunner().invoke(app, ["play", "--bots", "random,random", "--seed", "3",
                                    "--save", str(save)])
    assert done.exit_code == 0, done.output
    [kept] = elsewhere.iterdir()
    # said once, in order, as the line game says it when it stops: where the record is
    # now and how to go on (it said first that the game "goes on, and saving is tried
    # again after every move", then that it was not saved, then where it was saved)
    lines = done.output.splitlines()[-2:]
    assert lines[0].startswith(f"Warning: could not save the game to {save} (")
    assert lines[0].split("), ", 1)[1] == (
        f"so it is saved to {kept} instead. To go on with it later: {program()} play "
        f"--resume {kept} --bots random,random --seed 3")
    assert lines[1] == (f"Stopped. The game could not be saved to {save}, so it is saved "
                        f"to {kept}: {program()} play --resume {kept} --bots random,random "
                        "--seed 3")
    assert "goes on" not in done.output and "earlier moment" not in done.output
    game = rec.replay(kept.read_text(encoding="utf-8"))
    assert sum(len(hand.moves) for hand in game.hands) == played[0] == 1


def test_a_bot_that_fails_on_the_table_ends_play_with_status_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot failed while the full-screen table was open: the table says which, the game
    is saved as it stood, and ``play`` ends with status 1, as the line game does (a
    script running ``cutthroat play`` must see that the game did not end well)."""
    said = "The 'mine' bot in seat 1 failed to choose a move: RuntimeError: boom"

    def bot_fails(self: TableApp, **kw: Any) -> None:
        self.failure = said

    monkeypatch.setattr(play_cli, "_on_a_terminal", lambda: True)
    monkeypatch.setattr(TableApp, "run", bot_fails)
    save = tmp_path / "game.json"
    done = CliRunner().invoke(app, ["play", "--bots", "random,random", "--seed", "3",
                                    "--save", str(save)])
    assert said in done.output
    assert done.exit_code == 1 and isinstance(done.exception, SystemExit)
    assert rec.replay(save.read_text(encoding="utf-8")) is not None  # saved as it stood


def _disk_full(path: Path, game: Game) -> None:
    """A write of ``game`` to ``path`` on a full disk."""
    raise OSError(errno.ENOSPC, "No space left on device", str(path))


def _folder_gone_after_a_move(tmp_path: Path) -> tuple[Session, Path]:
    """A game saved to ``gone/g.json`` after its deal, the folder then deleted, and the
    first move made since: the session and the folder that is gone."""
    gone = tmp_path / "gone"
    gone.mkdir()
    game = Game(seed=3, players=seat_names(0))
    hand = game.deal()
    session = Session(game, 0, ["random", "random"], save=gone / "g.json")
    assert session.save_record() is None
    shutil.rmtree(gone)
    assert hand.to_act is not None
    game.push(game.view(hand.to_act).legal[0], hand.to_act)
    return session, gone


def test_a_last_save_that_fails_everywhere_does_not_say_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The player stops (or the game ends) and the record can be written nowhere, its
    folder gone and the disk full: the warning says so, without "it goes on, and saving
    is tried again after every move", which the game that stops does not do; the line
    after it says the record is of an earlier moment."""
    made, kept = tmp_path / "made", tmp_path / "kept"
    kept.mkdir()
    monkeypatch.setattr(session_module, "fallback_folders", lambda folder: [made, kept])
    monkeypatch.setattr(session_module, "_write_new", _disk_full)
    session, gone = _folder_gone_after_a_move(tmp_path)
    warning = session.save_record(last=True)
    assert warning is not None and warning.startswith(
        f"Warning: could not save the game to {gone / 'g.json'} (")
    assert warning.endswith(f"), nor to a new file in {made} or {kept}.")
    assert session.stopped_line().endswith(": the record there is of an earlier moment.")


def _saved_then_written_elsewhere(tmp_path: Path) -> tuple[Session, Path]:
    """A game saved after its deal, whose record another window then wrote, and the
    first move made since: the session and its record file."""
    save = tmp_path / "g.json"
    game = Game(seed=3, players=seat_names(0))
    hand = game.deal()
    session = Session(game, 0, ["random", "random"], save=save)
    assert session.save_record() is None and save.exists()
    other = Game(seed=99, players=seat_names(0))
    other.deal()
    rec.save(save, other)  # the other window's game, written over this one's file
    assert hand.to_act is not None
    game.push(game.view(hand.to_act).legal[0], hand.to_act)
    return session, save


def test_a_game_forked_from_a_record_another_window_wrote_is_on_disk_at_once(
        tmp_path: Path) -> None:
    """Nothing a player did is ever lost: the save that finds the record written by
    another window writes this game to its new file there and then, every move so far
    in it, not at some later save (session.py ``_fork``: ``_write_new(new, self.game)``
    dropped: the new file did not exist until the next move's save); stopping says where
    it went (``self.moved_from = old`` dropped), and the next game at the table is named
    after the record now played (``self.sitting = replace(...)`` dropped)."""
    session, save = _saved_then_written_elsewhere(tmp_path)
    other = save.read_text(encoding="utf-8")
    warning = session.save_record()
    forked = tmp_path / "g-2.json"
    assert warning is not None and f"saved to {forked} from now on" in warning
    assert session.save == forked and session.moved_from == save
    assert forked.exists()
    assert rec.dumps(rec.replay(forked.read_text(encoding="utf-8"))) == rec.dumps(session.game)
    assert save.read_text(encoding="utf-8") == other  # the other window's, not written over
    assert session.stopped_line().startswith(
        f"Stopped. The game could not be saved to {save}, so it is saved to {forked}: ")
    session.next_game()  # the next game's record is named after the one played now
    assert session.save == tmp_path / "g-2-2.json" and session.save.exists()


def test_a_fork_that_cannot_be_written_is_said_in_words_and_saving_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The record written by another window, and no new file beside it can be written
    (a full disk): the player is told so, in words (no "[Errno 28]"), and the game is
    saved to its file again at the next save rather than lost (session.py ``_fork``: its
    warning ``return None``, or ``exc.strerror or exc`` -> ``and``)."""
    session, save = _saved_then_written_elsewhere(tmp_path)
    monkeypatch.setattr(session_module, "_write_new", _disk_full)
    warning = session.save_record()
    assert warning == (f"Warning: {save} was changed by another window playing this game, "
                       "and this one could not be saved beside it (No space left on "
                       "device).")
    assert session.save == save and not (tmp_path / "g-2.json").exists()
    assert session.save_record() is None  # the next save writes this game, not lost
    assert rec.dumps(rec.replay(save.read_text(encoding="utf-8"))) == rec.dumps(session.game)


def test_a_game_moved_elsewhere_mid_game_has_its_next_game_saved_there_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder of --save deleted mid-game: the game is saved to a new file in the
    fallback folder "from now on", and the next game at the table is saved beside that
    file, not in the deleted folder made again; a fallback folder that exists already
    takes the record (session.py ``_save_elsewhere``: ``exist_ok=True`` -> ``False``;
    ``_not_saved``:
    ``self.sitting = replace(self.sitting, save=where)`` dropped or its condition
    negated; ``'' if last else ', from now on'`` negated)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()  # there from an earlier game, as ./cutthroat-games mostly is
    monkeypatch.setattr(session_module, "fallback_folders", lambda folder: [elsewhere])
    session, gone = _folder_gone_after_a_move(tmp_path)
    warning = session.save_record()
    [moved] = elsewhere.iterdir()
    assert warning is not None
    assert f"so it is saved to {moved} instead, from now on. To go on with it later: " \
        in warning
    session.next_game()
    assert session.save is not None and session.save.parent == elsewhere
    assert session.save.exists() and not gone.exists()


def test_a_save_elsewhere_that_fails_removes_only_the_folder_it_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder of --save deleted, and no fallback folder takes the record (a full
    disk): a fallback folder made for it is removed again, one that was there already
    is left alone, and the game goes on, said so (session.py ``_save_elsewhere``:
    ``if made:`` negated)."""
    made, kept = tmp_path / "made", tmp_path / "kept"
    kept.mkdir()  # the player's own folder, empty
    monkeypatch.setattr(session_module, "fallback_folders", lambda folder: [made, kept])
    monkeypatch.setattr(session_module, "_write_new", _disk_full)
    session, gone = _folder_gone_after_a_move(tmp_path)
    warning = session.save_record()
    assert warning is not None and f"nor to a new file in {made} or {kept}" in warning
    assert not made.exists() and kept.is_dir() and not gone.exists()
    assert session.unsaved is not None


def test_a_game_moved_elsewhere_makes_the_default_folder_with_its_parents(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder of --save deleted mid-game: the record goes to a new file in the
    sitting's default save folder, "made if need be" (sitting.py ``fallback_folders``),
    the folders above it too, rather than to the system's temporary folder
    (session.py ``_save_elsewhere``: ``mkdir(parents=True -> False)``)."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))  # the last resort
    (tmp_path / "tmp").mkdir()
    games = tmp_path / "home" / "games"  # neither there yet
    gone = tmp_path / "gone"
    gone.mkdir()
    game = Game(seed=3, players=seat_names(0))
    hand = game.deal()
    session = Session(game, 0, ["random", "random"], save=gone / "g.json",
                      sitting=Sitting(save=gone / "g.json", folder=games))
    assert session.save_record() is None
    shutil.rmtree(gone)
    assert hand.to_act is not None
    game.push(game.view(hand.to_act).legal[0], hand.to_act)
    warning = session.save_record()
    [moved] = games.iterdir()
    assert warning is not None and f"so it is saved to {moved} instead" in warning
    assert session.save == moved and not list((tmp_path / "tmp").iterdir())
    assert rec.dumps(rec.replay(moved.read_text(encoding="utf-8"))) == rec.dumps(game)


def test_a_save_elsewhere_whose_rename_fails_leaves_no_half_written_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder of --save deleted, and the record's new file in a fallback folder
    written but not renamed into place (a full disk): nothing is left behind, neither
    the ``.tmp`` file nor the fallback folder made for it (session.py ``_write_new``:
    ``temporary.unlink()`` dropped: a ``.tmp`` file was left in each fallback folder,
    and the folder made for it could not be removed)."""
    made, kept = tmp_path / "made", tmp_path / "kept"
    kept.mkdir()  # the player's own folder, empty
    monkeypatch.setattr(session_module, "fallback_folders", lambda folder: [made, kept])
    session, gone = _folder_gone_after_a_move(tmp_path)

    def no_room(source: Path, target: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(target))

    monkeypatch.setattr(os, "replace", no_room)
    warning = session.save_record()
    assert warning is not None and f"nor to a new file in {made} or {kept}" in warning
    assert not made.exists() and list(kept.iterdir()) == []
    assert session.unsaved is not None and not gone.exists()


def test_each_save_warning_is_said_whole_with_the_command_to_go_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each warning of a save is a whole sentence from its "Warning: ", the file and the
    reason in brackets, and, where the game was saved elsewhere, the command to go on
    with it right after "To go on with it later: " (session.py: the ``"Warning: "`` of
    ``_fork``'s warning and of ``_not_saved``'s moved one, the ``" ("`` of the full
    disk's, and the ``" To go on with it later: "`` of the moved one changed: the tests
    only looked inside them)."""
    session, save = _saved_then_written_elsewhere(tmp_path)
    assert session.save_record() == (
        f"Warning: {save} was changed by another window playing this game, so this one is "
        f"saved to {tmp_path / 'g-2.json'} from now on, and neither is written over. "
        f"To go on with it later: {session.resume_command()}")

    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setattr(session_module, "fallback_folders", lambda folder: [elsewhere])
    session, gone = _folder_gone_after_a_move(tmp_path)
    warning = session.save_record()
    [moved] = elsewhere.iterdir()
    assert warning == (
        f"Warning: could not save the game to {gone / 'g.json'} (No such file or "
        f"directory), so it is saved to {moved} instead, from now on. "
        f"To go on with it later: {session.resume_command()}")

    full = tmp_path / "full.json"
    game = Game(seed=3, players=seat_names(0))
    hand = game.deal()
    session = Session(game, 0, ["random", "random"], save=full)
    assert session.save_record() is None
    assert hand.to_act is not None
    game.push(game.view(hand.to_act).legal[0], hand.to_act)

    def no_room(source: Path, target: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(target))

    monkeypatch.setattr(os, "replace", no_room)
    warning = session.save_record()
    assert warning == (f"Warning: could not save the game to {full} (No space left on "
                       "device); it goes on, and saving is tried again after every move.")
    assert session.stopped_line() == (  # in words, as the other warnings: no "[Errno 28]"
        f"Stopped. The game could not be saved to {full} (No space left on device): "
        "the record there is of an earlier moment.")
