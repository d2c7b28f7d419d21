"""``cutthroat play`` as a player meets it: the line game and the full-screen table say
the same things in the same order, and nothing a player needs is cut off or left
unsaid (a QA tester's findings, each kept fixed here).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import random
import re
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from typer.testing import CliRunner

from cutthroat import Card, CutthroatError, Game, HandResult, Phase, Rules, Suit, deck
from cutthroat.cards import sort_cards
from cutthroat.cli import app as cli_app
from cutthroat.render import (
    describe_deal,
    describe_move,
    describe_result,
    describe_view,
    format_cards,
)
from cutthroat.session import STUCK, Session, ordered_moves, program, stuck
from cutthroat.state import Hand
from cutthroat.terminal import TerminalGame, seat_names
from cutthroat.tui.app import Stage, TableApp
from cutthroat.tui.screens import TextPage
from cutthroat.tui.table import numbered
from cutthroat.tui.text import header_text, hint_page
from cutthroat.tui.widgets import GameLog
from cutthroat.views import View
from test_tui import HINT_LINES, finished, screen_lines, settle, status


@pytest.fixture
def anyio_backend() -> str:
    """The pilot runs on asyncio."""
    return "asyncio"


def line_game(game: Game, seat: int, lines: Iterable[str], *,
              bots: tuple[str, str] = ("beginner", "beginner"),
              then: Callable[[TerminalGame], str] | None = None
              ) -> tuple[TerminalGame, list[str], list[str]]:
    """A line game reading ``lines`` (then ``then(player)``, or EOF); what it writes,
    and the prompts it asked with."""
    out: list[str] = []
    prompts: list[str] = []
    queue = iter(lines)
    holder: list[TerminalGame] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        for line in queue:
            return line
        if then is None:
            raise EOFError
        return then(holder[0])

    player = TerminalGame(game, seat, list(bots), seed=1, read=read, write=out.append)
    holder.append(player)
    return player, out, prompts


def cards_of(line: str) -> list[str]:
    return re.findall(r"\b(?:[2-9TJQKA][CDHS]|JO)\b", line)


@contextlib.asynccontextmanager
async def at_game_over(tmp_path: Path) -> AsyncIterator[tuple[TableApp, Pilot[bool]]]:
    """A table opened at 100×30 on a finished game (:func:`finished`, saved in
    ``tmp_path``), settled: the app and its pilot."""
    save = tmp_path / "g.json"
    app = TableApp(Session(finished(save), 0, ["random", "random"], save=save), delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        yield app, pilot


def dealt(seed: int) -> tuple[Game, Hand, int]:
    """A game's first hand dealt, the seat to act first called You: the game, the hand
    and that seat."""
    game = Game(seed=seed)
    hand = game.deal()
    seat = hand.to_act
    assert seat is not None
    game.players = tuple(seat_names(seat))  # type: ignore[misc]
    return game, hand, seat


def stuck_dealer() -> tuple[Game, int]:
    """Stick the dealer (R10): everybody has passed both rounds up to the dealer."""
    game = Game(Rules.preset("stick"), seed=3)
    hand = game.deal()
    dealer = hand.dealer
    game.players = tuple(seat_names(dealer))  # type: ignore[misc]
    while not (hand.phase is Phase.BID_SECOND and hand.to_act == dealer):
        assert hand.to_act is not None
        game.push("pass", hand.to_act)
    return game, dealer


# --- 1. one order of the cards everywhere ------------------------------------------


def test_R3_R16_the_numbered_moves_list_the_cards_as_your_cards_line_shows_them() -> None:
    """'Your cards: AD TH QH KH TC' (trumps last) was numbered '1) play TC 2) play AD
    ...': 3 was QH on the table and TH in the line game."""
    game = Game(seed=5, players=seat_names(0))
    player, out, prompts = line_game(game, 0, ["1", "1", "3"])
    player.play()
    cards_line = [line for line in out if line.strip().startswith("Your cards:")][-2]
    shown = cards_of(cards_line)
    prompt = next(p for p in prompts if "play " in p)
    assert [c for c in cards_of(prompt)] == shown  # 1) the first card shown, and so on
    assert any(line == f"You play {shown[2]}" for line in out)  # "3": the third card
    view = game.view(0)
    assert numbered(view) == ordered_moves(view)  # the table numbers them alike


def test_R3_the_order_of_the_moves_is_the_order_of_the_cards_in_any_view() -> None:
    game = Game(seed=11, players=seat_names(0))
    hand = game.deal()
    while hand.phase is not Phase.PLAY:
        assert hand.to_act is not None
        view = game.view(hand.to_act)
        game.push("keep " + format_cards(view.cards[:5]) if view.phase is Phase.KEEP
                  else view.legal[-1], hand.to_act)
    view = game.view(hand.to_act)  # type: ignore[arg-type]
    listed = [text.split()[1] for text in ordered_moves(view)]
    assert listed == [c for c in format_cards(view.cards, view.trump).split()
                      if c in listed]
    # The dealer's discard after taking the up-card (R8) is numbered so too, where the
    # game lists the discards in another order.
    reordered = 0
    for seed in range(30):
        game = Game(seed=seed, players=seat_names(0))
        hand = game.deal()
        game.push("order", hand.to_act)  # the dealer's left orders up
        if hand.phase is Phase.PICKUP:
            game.push("pickup", hand.to_act)
        if hand.phase is not Phase.DISCARD:
            continue
        view = game.view(hand.dealer)
        listed = [text.split()[1] for text in ordered_moves(view)]
        assert listed == format_cards(view.cards, view.trump).split()
        reordered += listed != [text.split()[1] for text in view.legal]
    assert reordered > 3


def test_R7_R9_R13_one_passes_in_both_rounds_and_when_asked_to_defend_alone() -> None:
    """'1) pass 2) order' in the first round but '1) call C ... 4) pass' in the second:
    a player who had learned that 1 passes named trump by it (and then took the dummy
    with 1, which cannot be undone). Now 1 is pass wherever pass is a move, in the
    line game's prompt and on the table alike."""

    seen = set()
    for seed in range(40):
        game = Game(Rules.preset("stick"), seed=seed)
        hand = game.deal()
        rng = random.Random(seed)
        while hand.phase is not Phase.PLAY and not hand.is_over:
            assert hand.to_act is not None
            view = game.view(hand.to_act)
            moves = ordered_moves(view)
            # the table numbers the moves alike; a keep's cards are picked one by one,
            # so it has no list
            assert numbered(view) == ([] if view.phase is Phase.KEEP else moves)
            if "pass" in view.legal:
                assert moves[0] == "pass", (view.phase, moves)
                seen.add(view.phase)
            game.push("keep " + format_cards(view.cards[:5]) if view.phase is Phase.KEEP
                      else rng.choice(view.legal), hand.to_act)
    assert {Phase.BID_FIRST, Phase.BID_SECOND, Phase.DEFENDER_CHOICE} <= seen
    game, dealer = stuck_dealer()  # no pass for him: the calls, as before
    assert "pass" not in ordered_moves(game.view(dealer))
    game = Game(seed=5, players=seat_names(0))  # the line game: "1" in round two passes
    hand = game.deal()
    while hand.to_act != 0 or hand.phase is not Phase.BID_SECOND:
        assert hand.to_act is not None and hand.phase is not Phase.PLAY
        hand.push("pass")
    player, out, prompts = line_game(game, 0, ["1"])
    with contextlib.suppress(Exception):
        player.play()
    assert prompts[0].startswith("Your move: 1) pass  2) call "), prompts[0]
    assert "You pass" in out


# --- 2. the hint page's columns ----------------------------------------------------


def test_a_hints_figures_line_up_whatever_the_width_of_the_chance_to_win() -> None:
    lines = HINT_LINES
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(hint_page(lines))
    text = console.export_text().splitlines()
    rows = [line for line in text if line.lstrip().startswith(("order", "pass"))]
    [names] = [line for line in text if line.lstrip().startswith("option")]
    assert len(rows) == 2
    # Each figure under its name, right-aligned with it; how the hand ended after them.
    for name, figure in (("win", r"\d%"), ("points", r"[+-]\d\.\d\d"),
                         ("side tricks", r"\d\.\d\d(?= +made| +maker)")):
        ends = {next(re.finditer(figure, row)).end() for row in rows}
        assert ends == {names.index(name) + len(name)}, (name, rows, names)
    assert rows[0].rstrip().endswith("made 50%")
    assert rows[1].rstrip().endswith("maker euchred 0%")


def test_a_hint_page_fits_a_long_move_and_its_figures_in_80_columns() -> None:
    """A move in words ("keep 9S JH JS QD TC") on one line, with every figure beside it,
    in the 76 columns a hint's page has on an 80-column terminal."""
    lines = ["You (seat 0) to act: the maker keeps five of ten",
             "Hint: keep 9S JH JS QD TC - keeping ...",
             "Options (40 sampled deals each):",
             "  keep 9S JH JS QD TC      win  33.0%   points +0.55   side tricks 2.52   "
             "maker euchred 50%"]
    console = Console(width=76, file=io.StringIO(), record=True)
    console.print(hint_page(lines))
    [row] = [line for line in console.export_text().splitlines()
             if line.lstrip().startswith("keep ")]
    assert row.split()[:1] + row.split()[6:] == ["keep", "33.0%", "+0.55", "2.52", "maker",
                                                 "euchred", "50%"], row


# --- 3. the log wraps at any size ---------------------------------------------------


@pytest.mark.anyio
async def test_R22_the_log_wraps_anew_when_the_terminal_shrinks_so_the_final_score_shows(
        tmp_path: Path) -> None:
    async with at_game_over(tmp_path) as (app, pilot):
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        await pilot.pause(0.2)
        log = app.query_one(GameLog)
        assert log.virtual_size.width <= log.scrollable_content_region.width
        drawn = " ".join(" ".join(strip.text.split()) for strip in log.lines)
        final = app.session.game_over_lines()[0]
        assert final in drawn  # "score: You 0, Left 3, Rig" before
        footer = screen_lines(app)[-1]
        assert "q Quit (saved)" in footer  # "q Quit (sa" before


# --- 4. the turned-down card and the stuck dealer -----------------------------------


def test_R9_R10_the_second_round_says_turned_down_and_the_stuck_dealer_is_told() -> None:
    game, dealer = stuck_dealer()
    player, out, prompts = line_game(game, dealer, ["show"])
    player.play()
    upcard = str(game.hand.upcard)  # type: ignore[union-attr]
    assert f"  You deal; turned down: {upcard}" in out
    assert f"up-card {upcard}" not in "\n".join(out)
    assert prompts[0].startswith(f"Your move ({STUCK}): 1) call ")
    # the words themselves, as the dealer reads them (session.py ``STUCK`` changed)
    assert prompts[0].startswith(
        "Your move (the dealer is stuck: you must name trump): 1) call ")


def test_R10_a_stuck_dealers_wrong_verb_is_not_told_he_may_pass() -> None:
    """A stuck dealer who typed another stage's move (``keep``, ``pass``) was told "it
    is the second bidding round (pass or call SUIT)", offering the one move he may not
    make: the engine and the line game now say he must name trump, and nothing moves."""
    from cutthroat import IllegalActionError

    game, dealer = stuck_dealer()
    hand = game.hand
    assert hand is not None
    moves = len(hand.moves)
    with pytest.raises(IllegalActionError) as refused:
        hand.push("dummy", dealer)
    assert "dealer is stuck" in str(refused.value) and "pass or" not in str(refused.value)
    player, out, _ = line_game(game, dealer, ["keep", "dummy", "quit"])
    player.play()
    said = [line for line in out if line.startswith("Not possible: ")]
    assert len(said) == 2 and all("pass or" not in line for line in said), said
    assert all("must name trump (call SUIT)" in line for line in said), said
    assert len(hand.moves) == moves
    other = Game(Rules(), seed=3).deal()  # without the variant: pass is offered still
    for _ in range(3):
        other.push("pass", other.to_act)
    with pytest.raises(IllegalActionError, match=r"\(pass or call SUIT\)"):
        other.push("dummy", other.to_act)


@pytest.mark.parametrize(("rules", "said"), [
    (Rules.preset("stick"), "any suit but {suit}, and the dealer may not pass"),
    (Rules(may_name_turned_down_suit=True), "any suit"),
    (Rules(), "any suit but {suit}"),
])
def test_R9_R10_the_first_rounds_last_pass_says_the_second_round_begins(rules: Rules,
                                                                        said: str) -> None:
    """A blind player's pass: when a bot passed last in the first round, nothing said
    that the second round began ("Left passes" heard twice, the up-card's turning down
    told only after trump was made). The third pass is now followed by what it means,
    once, as the web page's log says it, with the suits the second round may name."""
    game = Game(rules, seed=4, players=seat_names(0))
    hand = game.deal()
    while hand.to_act != hand.dealer:  # the two before the dealer pass: the dealer last
        game.push("pass", hand.to_act)
    dealer = hand.dealer
    game.players = tuple(seat_names(dealer))  # type: ignore[misc]
    player, out, _ = line_game(game, dealer, ["pass"])
    player.play()
    up = hand.upcard
    turned = (f"  Everybody passed: the {up} is turned down; in the second round trump "
              f"may be " + said.format(suit=up.suit.plural))  # type: ignore[union-attr]
    assert out.count(turned) == 1, out
    assert out[out.index(turned) - 1] == "You pass"


def test_R8_a_dealer_who_left_the_up_card_is_shown_it_left_in_the_kitty() -> None:
    """After the dealer left the up-card, the table's line still said "up-card JS", as
    if it were in play (a blind player's pass): it says it was left in the kitty, and
    only then: before, the up-card may still be ordered (untested before)."""
    def kitty(hand: Hand, seat: int) -> bool:
        return any("left in the kitty" in line
                   for line in describe_view(hand.view(seat), seat_names(seat)))

    for seed in range(200):
        game = Game(seed=seed)
        hand = game.deal()
        if hand.moves or hand.phase is not Phase.BID_FIRST:
            continue
        assert not kitty(hand, hand.to_act)
        game.push("order", hand.to_act)
        if hand.phase is Phase.PICKUP:
            break
    else:
        raise AssertionError("no order to a defending dealer in 200 deals")
    dealer = hand.dealer
    assert not kitty(hand, dealer)
    game.players = tuple(seat_names(dealer))  # type: ignore[misc]
    player, out, _ = line_game(game, dealer, ["leave", "show"])
    player.play()
    assert f"  You deal; up-card {hand.upcard} (left in the kitty)" in out, out


def test_R9_the_line_games_first_round_still_says_up_card() -> None:
    game = Game(Rules.preset("stick"), seed=3, players=seat_names(0))
    player, out, prompts = line_game(game, 0, [])
    player.play()
    assert any("; up-card " in line for line in out)
    assert all(STUCK not in prompt for prompt in prompts)


@pytest.mark.anyio
async def test_R9_R10_the_table_says_turned_down_and_tells_the_stuck_dealer() -> None:
    game, dealer = stuck_dealer()
    view = game.view(dealer)
    assert "Turned down" in header_text(view, game.players, game.scores, 10, 1).plain
    app = TableApp(Session(game, dealer, ["random", "random"]), delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.stage is Stage.YOUR_MOVE
        assert STUCK in status(app)
        assert "turned down" in "\n".join(screen_lines(app))


# --- 5. undo names what it took back ------------------------------------------------


def test_undo_names_the_moves_it_took_back_as_they_were_told() -> None:
    game, _, seat = dealt(3)
    player, out, _ = line_game(game, seat, ["pass", "undo"], bots=("random", "random"))
    player.play()
    told = out[out.index("You pass"):]
    took = next(line for line in out if line.startswith("Took back "))
    moves = told[:told.index(took)]
    moves = [line for line in moves if not line.startswith(" ")]
    assert took == (f"Took back {len(moves)} moves: " if len(moves) > 1
                    else "Took back your move: ") + "; ".join(moves) + "."


@pytest.mark.anyio
async def test_the_tables_undo_names_the_moves_it_took_back() -> None:
    game = Game(seed=3, players=seat_names(0))
    app = TableApp(Session(game, 0, ["random", "random"]), delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert re.match(r"Took back (your move|\d+ moves): You ", app.log_lines[-1])


# --- 6. a blank line is answered ----------------------------------------------------


def test_a_blank_line_is_answered_with_what_to_type() -> None:
    game = Game(seed=5, players=seat_names(0))
    player, out, _ = line_game(game, 0, ["", "   "])
    player.play()
    answer = "Type a move: 1-2, a move such as 'pass', or 'help'."
    assert out.count(answer) == 2


# --- 7. You among the points --------------------------------------------------------


def test_R19_R20_the_players_points_are_told_as_You_in_terminal_play_only() -> None:
    session = Session(Game(seed=1, players=seat_names(0)), 0, ["random", "random"])
    euchred = HandResult(dealer=0, thrown_in=False, maker=2, trump=Suit.HEARTS,
                         tricks=(2, 1, 2), points=(2, 2, 0))
    made = HandResult(dealer=0, thrown_in=False, maker=0, trump=Suit.HEARTS,
                      tricks=(3, 1, 1), points=(1, 0, 0))
    assert session.result_text(euchred).endswith("euchred (You +2, Left +2)")
    assert session.result_text(made) == "You made hearts trump: 3 tricks, made it (You +1)"
    lone = HandResult(dealer=0, thrown_in=False, maker=1, trump=Suit.HEARTS,
                      tricks=(3, 2, 0), points=(2, 0, 2), alone=(0,))
    assert session.result_text(lone) == ("Left made hearts trump against you alone: 2 tricks, "
                                         "euchred (You +2, Right +2)")
    # the shared sentence is left as replay and the web game have it
    assert describe_result(made, seat_names(0)).endswith("(you +1)")
    assert describe_result(euchred, seat_names(0)).endswith("(you +2, Left +2)")


# --- 8. the footer after the game -------------------------------------------------


@pytest.mark.anyio
async def test_R22_once_the_game_is_over_the_footer_shows_only_keys_that_do_something(
        tmp_path: Path) -> None:
    async with at_game_over(tmp_path) as (app, pilot):
        for _ in range(100):
            footer = screen_lines(app)[-1]
            if "New game" in footer:
                break
            await pilot.pause(0.01)
        assert "n New game" in footer and "q Quit" in footer and "r Rules & choices" in footer
        assert "Choose" not in footer and "Hint" not in footer and "Undo" not in footer
        await pilot.press("u")  # still answered, with what to press instead
        assert "the game is over" in status(app)
        await pilot.press("3")
        assert "the game is over" in status(app)
        assert app.stage is Stage.GAME_OVER


# --- 9. --save on a finished game --------------------------------------------------


def test_R22_save_to_a_finished_games_record_says_what_can_be_done_with_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    save = Path("std.json")
    finished(save)
    result = CliRunner().invoke(cli_app, ["play", "--plain", "--save", str(save)],
                                input="quit\n")
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert "--resume" not in said
    assert f"{save} already holds a finished game: choose another file (--save FILE)" in said
    assert f"{program()} review {save}" in said and f"{program()} replay {save}" in said


def test_R22_the_commands_said_for_a_finished_game_can_be_typed_as_they_are(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The review and replay commands said at a game's end named ``cutthroat`` where it
    was not on the PATH and left a file's spaces unquoted: each is now what the resume
    line is, the program beside this Python and the file quoted for the shell."""
    import shlex
    import sys

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    beside = Path(sys.executable).with_name("cutthroat")
    assert beside.exists() and program() == shlex.quote(str(beside))
    save = Path("my game.json")
    finished(save)
    said = CliRunner().invoke(cli_app, ["play", "--plain", "--save", str(save)]).output
    replay = f"{shlex.quote(str(beside))} replay 'my game.json'"
    assert replay in said and replay.replace(" replay ", " review ") in said, said
    ended = CliRunner().invoke(cli_app, ["play", "--plain", "--resume", str(save),
                                         "--seat", "0"]).output.splitlines()
    command = ended[2].split(": ", 1)[1]
    assert shlex.split(command) == [str(beside), "review", "my game.json"], ended


# --- 10. small things ---------------------------------------------------------------


def at_the_keep(seed: int = 3) -> tuple[Game, int]:
    """A game's first hand played to its maker's keep (orders, the dummy taken), the
    maker called You: the game and the maker's seat."""
    game, hand, _ = dealt(seed)
    while hand.phase is not Phase.KEEP:
        assert hand.to_act is not None
        view = game.view(hand.to_act)
        move = "order" if "order" in view.legal else "dummy" if "dummy" in view.legal \
            else view.legal[0]
        game.push(move, hand.to_act)
    seat = hand.to_act
    assert seat is not None
    game.players = tuple(seat_names(seat))  # type: ignore[misc]
    return game, seat


def test_R12_keep_alone_is_answered_with_the_players_own_cards() -> None:
    game, seat = at_the_keep()
    player, out, _ = line_game(game, seat, ["keep"])
    player.play()
    refusal = next(line for line in out if line.startswith("Not possible: keep"))
    held = {str(c) for c in game.view(seat).cards}
    assert "not 0" in refusal
    assert set(cards_of(refusal)) <= held and len(cards_of(refusal)) == 5


def test_set_of_an_unknown_rules_field_lists_the_fields(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli_app, ["play", "--plain", "--set", "foo=1", "--save",
                                          str(tmp_path / "g.json")], input="quit\n")
    assert result.exit_code == 2
    said = " ".join(re.sub("[│╭╮╰╯─]", " ", result.output).split())
    assert "unknown rules field 'foo' (known: deck, dummy," in said
    assert "stick_the_dealer" in said and "target" in said
    assert not (tmp_path / "g.json").exists()


def test_R17_your_lead_and_your_cards_are_shown_when_you_lead_after_taking_a_trick() -> None:
    for seed in range(40):
        _, _, out = one_hand_played(seed)
        taken = [i for i, line in enumerate(out)
                 if re.fullmatch(r"  You take trick [1-4] of 5; tricks: .*", line)]
        if not taken:
            continue
        for i in taken:  # the trick you lead named first (a learner missed it), then
            # your cards
            number = 1 + int(re.findall(r"trick (\d) of 5", out[i])[0])
            assert out[i + 1] == f"  Trick {number}: You lead", out[i:i + 3]
            assert out[i + 2].startswith("  Your cards: "), out[i:i + 3]
        return
    raise AssertionError("no seed had you take a trick before the last")


def _first_choice(view: View) -> str:
    """The first move offered (the first five cards for a keep)."""
    if view.phase is Phase.KEEP:
        return "keep " + format_cards(view.cards[:5])
    return ordered_moves(view)[0]


class _HandDone(Exception):
    pass


def _play_one_hand(player: TerminalGame) -> None:
    """Play the first hand of ``player``'s game (the player's moves from its reader)."""
    game = player.game
    game.deal()
    hand = game.hand
    assert hand is not None
    while not hand.is_over:
        player._next_move()
    raise _HandDone


def test_R17_each_trick_says_its_number_and_the_tricks_each_player_has() -> None:
    """"You take the trick (2 of 5)" was heard as two tricks of five taken (a blind
    player's pass), and the count of tricks, which tells whether the maker has made
    it, was said only at ``show``: each trick now says its number and the count."""
    checked = 0
    for seed in range(6):
        game, player, out = one_hand_played(seed)
        hand = game.hand
        assert hand is not None
        said = [re.fullmatch(r"  (You take|\w+ takes) trick (\d) of 5; tricks: (.*)", line)
                for line in out]
        tricks = [m for m in said if m]
        assert len(tricks) == len(hand.tricks)
        for number, (match, trick) in enumerate(zip(tricks, hand.tricks, strict=True), 1):
            won = hand.tricks[:number]
            counts = {f"{player.names[seat]} {sum(t.winner == seat for t in won)}"
                      for seat in range(3) if seat != hand.sitting_out}
            assert int(match[2]) == number and set(match[3].split(", ")) == counts
            assert match[1] == player.who(trick.winner)
            checked += 1
    assert checked >= 10


def one_hand_played(seed: int) -> tuple[Game, TerminalGame, list[str]]:
    """A game's first hand played in the line game, the player at seat 0 making the
    first move offered each time, against two random bots: the game, the player and
    what it wrote."""
    game = Game(seed=seed, players=seat_names(0))
    player, out, _ = line_game(game, 0, [], bots=("random", "random"),
                               then=lambda p: _first_choice(p.view()))
    with contextlib.suppress(_HandDone):
        _play_one_hand(player)
    return game, player, out


def test_show_names_the_hand() -> None:
    game = Game(seed=5, players=seat_names(0))
    player, out, _ = line_game(game, 0, ["show"])
    player.play()
    shown = out.index("Hand 1", out.index("Hand 1") + 1)  # the deal's, then show's
    assert out[shown + 1].startswith("  Score: ")


def test_R6_R9_call_and_trump_both_name_trump_when_a_suit_is_to_be_named() -> None:
    """``trump S`` in the second round was "you cannot name trump now: it is the second
    bidding round" (and, to a stuck dealer, "pass or call SUIT"), ``call H`` under a
    turned-up joker likewise, though the help lists both: either verb now names the
    suit the moment asks for."""
    from test_terminal import new_game, table

    game = new_game(3)
    hand = game.deal()
    for _ in range(3):
        hand.push("pass", hand.to_act)
    seat = hand.to_act
    assert seat is not None and hand.phase is Phase.BID_SECOND
    suit = next(a.split()[1] for a in hand.view(seat).legal if a.startswith("call "))
    player, out = table(game, seat, [f"trump {suit}", "quit"])
    player.play()
    assert str(hand.moves[3]) == f"{seat} call {suit}", out
    assert not any("cannot name trump" in line for line in out)

    joker = next(s for s in range(500)
                 if Game(Rules(deck=25), seed=s).deal().upcard.is_joker)
    game = Game(Rules(deck=25), seed=joker, players=seat_names(0))
    hand = game.deal()
    assert hand.phase is Phase.JOKER_TRUMP and hand.to_act is not None
    player, out = table(game, hand.to_act, ["call H", "quit"])
    player.play()
    assert str(hand.moves[0]) == f"{hand.dealer} trump H", out


def test_a_joker_in_a_deck_without_one_and_unreadable_bytes_are_told_so() -> None:
    """"the joker" in a 24-card game was "you do not hold JO", and bytes that are not
    UTF-8 were echoed as '\\udcff\\udcfe': each is said in a player's words, and
    nothing moves."""
    from test_terminal import at_first_move

    lines = ["play the joker", "\udcff\udcfe bad bytes", "\udc80", "\udcff", "quit"]
    hand, player, out = at_first_move(lines)  # (bytes 0x80 and 0xFF alone: the range's ends)
    assert player.play() is False and len(hand.moves) == 0
    said = [line for line in out if line.startswith("Not possible: ")]
    assert said[0] == ("Not possible: there is no joker in the 24-card deck (only the "
                       "25-card deck has one). Type help for how to write a move.")
    assert said[1:] == ["Not possible: that line is not readable text (its bytes are not "
                        "UTF-8): type it again. Type help for how to write a move."] * 3
    assert not any("\udcff" in line or "\udc80" in line for line in out)


# --- 11. a second table pass (2026-12-05) -------------------------------------------


@pytest.mark.anyio
async def test_R7_a_double_press_at_a_hands_end_deals_and_makes_no_move() -> None:
    """1 pressed twice at a hand's end dealt the next hand and bid in it (pass) before
    the player had seen the cards: a key within the table's delay after the deal is
    taken for the double press it is, and said so."""
    from test_tui import choose_randomly

    dealer = Game(seed=5).deal().dealer  # the first dealer the seed draws
    seat = (dealer + 2) % 3  # the next dealer's left: first to bid in hand 2 (R4, R7)
    game = Game(seed=5, players=seat_names(seat))
    app = TableApp(Session(game, seat, ["random", "random"]), delay=0)
    rng = random.Random(5)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        while app.stage is not Stage.HAND_OVER:
            await choose_randomly(pilot, app, rng)
        # A delay longer than any machine's lag between two key presses (a real table's
        # is 0.4 s; 0 above, for speed): the second press is always within it.
        app.delay = 30.0
        await pilot.press("1", "1")
        await pilot.pause()
        hand = game.hand
        assert hand is not None and len(game.hands) == 2 and hand.moves == []
        assert status(app) == ("Not possible: a new hand has just been dealt: look at "
                               "your cards, then choose.")
        await pilot.press("enter")
        await pilot.pause()
        assert hand.moves == []
        app.dealt_at -= app.delay  # the delay has passed
        await pilot.press("1")  # looked at: now a move
        await pilot.pause()
        assert [str(m) for m in hand.moves][:1] == [f"{seat} pass"]


@pytest.mark.anyio
async def test_the_tables_letter_keys_work_with_caps_lock_on() -> None:
    """H, U, R, N and Q did nothing, without a word: each does what its small letter
    does."""
    game, _, seat = dealt(3)
    app = TableApp(Session(game, seat, ["random", "random"]), delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.stage is Stage.YOUR_MOVE
        await pilot.press("R")
        await pilot.pause()
        assert isinstance(app.screen, TextPage)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("U")  # nothing to take back yet: said, as for u
        await pilot.pause()
        assert status(app).startswith("Nothing to undo: ")
        await pilot.press("Q")
        await pilot.pause()
    assert app.return_value is not None or not app.is_running


def test_a_refused_line_lists_the_moves_in_the_order_they_are_numbered() -> None:
    """The prompt numbered 1) play AD ... 5) play TC, and a line it could not read was
    answered "your choices are play TC, play AD, ...": the same moves in another order."""
    rng = random.Random(2)
    for seed in range(40):  # a deal where the player leads with cards out of id order
        game, hand, seat = dealt(seed)
        while not hand.is_over and not (
                hand.to_act == seat and hand.phase is Phase.PLAY
                and ordered_moves(game.view(seat)) != list(game.view(seat).legal)):
            assert hand.to_act is not None
            view = game.view(hand.to_act)
            hand.push("keep " + format_cards(view.cards[:5]) if view.phase is Phase.KEEP
                      else rng.choice(view.legal), hand.to_act)
        if not hand.is_over:
            break
    else:
        raise AssertionError("no deal with cards out of id order to play")
    numbered = ordered_moves(game.view(seat))
    player, out, _ = line_game(game, seat, ["foo", "quit"])
    player.play()
    [said] = [line for line in out if line.startswith("Not possible: ")]
    assert ("your choices are " + ", ".join(numbered) + " (") in said, said


def _hands_until(rules: Rules, done: Callable[[Game], bool], seeds: int = 400) -> Game:
    """A game of random moves under ``rules``, stopped once a hand is over and ``done``
    says so of the game (the first of ``seeds`` seeds that gets there)."""
    for seed in range(seeds):
        game = Game(rules, seed=seed, players=("You", "Left", "Right"))
        rng = random.Random(seed)
        while not game.is_over:
            hand = game.deal()
            while not hand.is_over:
                hand.push(rng.choice(hand.legal_actions()))
            if done(game):
                return game
    raise AssertionError("no game got there")


def test_R22_a_tie_at_the_target_that_plays_on_is_said_in_the_line_game() -> None:
    """A variants pass: at 0-4-4 playing to 2 the game went on with no word why (it
    looked as if it had failed to end); the hand's end says the leaders are level and
    ties play on. Under tie = share, the game ends: "share the win", not "Winners:"."""
    def level(game: Game) -> bool:
        top = max(game.scores)
        return not game.is_over and top >= 2 and game.scores.count(top) > 1

    game = _hands_until(Rules(target=2), level)
    lines = Session(game, 0, ["random", "random"]).hand_over_lines()
    top = max(game.scores)
    who = " and ".join(("You", "Left", "Right")[s] for s in range(3) if game.scores[s] == top)
    assert lines[-1] == (f"  {who} are level on {top} points, at the target (2) or past it: "
                         "ties play on, so the game goes on until one is ahead alone.")
    shared = _hands_until(Rules(target=2, tie="share"),
                          lambda g: g.is_over and len(g.winners) > 1)
    said = Session(shared, 0, ["random", "random"]).game_over_lines()[0]
    names = " and ".join(("You", "Left", "Right")[s] for s in shared.winners)
    assert f". {names} share the win. Final score: " in said, said
    assert not any("level on" in line
                   for line in Session(shared, 0, ["random", "random"]).hand_over_lines())


def test_R21_the_player_who_sat_out_is_told_why_they_score() -> None:
    """A variants pass: sitting out behind a partner who defended alone and beat the
    maker, the line game said "euchred (You +4, Right +4)" with no word why (the web
    game says it)."""
    def you_sat_out(game: Game) -> bool:  # seat 0, You, behind a lone defence that won
        result = game.hands[-1].result
        return (result is not None and result.euchred and result.maker not in (None, 0)
                and any(seat not in (0, result.maker) for seat in result.alone))

    game = _hands_until(Rules(), you_sat_out)
    said = Session(game, 0, ["random", "random"]).hand_over_lines()
    assert said[-1] == ("  You sat this hand out and score too: when a defender alone beats "
                        "the maker, both defenders score."), said
    assert game.hands[-1].result is not None and game.hands[-1].result.points[0] > 0


def test_R8_under_dealer_must_pick_up_an_order_says_the_dealer_takes_it() -> None:
    """A variants pass: "Left orders up the QS" and then the dealer's discard, with no
    word that the dealer had taken the up-card (no move of his says it)."""
    game = Game(Rules(dealer_must_pick_up=True), seed=8, players=("You", "Left", "Right"))
    hand = game.deal()
    orderer = hand.to_act
    assert orderer is not None and orderer != hand.dealer
    before = hand.view(0)
    hand.push("order")
    told = Session(game, 0, ["random", "random"]).news(before)
    dealer = "you take" if hand.dealer == 0 else f"{game.players[hand.dealer]} takes"
    assert told[0].endswith(f"up the {hand.upcard}: {dealer} it (the dealer must, under "
                            "these rules)"), told
    plain = Game(Rules(), seed=8, players=("You", "Left", "Right"))
    first = plain.deal()
    was = first.view(0)
    first.push("order")
    assert "(the dealer must" not in Session(plain, 0, ["random", "random"]).news(was)[0]


def test_play_words_says_every_card_in_words_and_takes_the_moves_by_number(
        tmp_path: Path) -> None:
    """A blind player's pass: the line game said cards only as codes, which a screen
    reader says as words ("AS": "as") or letters. ``play --words`` (line by line) says
    them in words, in every line and prompt, and the game is played as before."""
    from cutthroat import record as rec
    from cutthroat.spoken import in_words

    save = tmp_path / "g.json"
    args = ["play", "--words", "--bots", "random,random", "--seed", "3", "--delay", "0",
            "--save", str(save)]
    result = CliRunner().invoke(cli_app, args, input="hint\n" + "1\n" * 40 + "quit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    game = rec.replay(save.read_text(encoding="utf-8"))
    hand = game.hands[0]
    assert len(hand.moves) > 10  # a hand played, by numbers
    assert cards_of(out) == [], cards_of(out)  # no card as a code, anywhere
    assert "up-card the king of hearts" in out and "Your cards: the ten of clubs, " in out
    assert "Your move: 1) pickup  2) leave" in out
    assert "Hint: pickup - picking up the king of hearts" in out
    plain = CliRunner().invoke(cli_app, [*args[:1], "--plain", *args[2:-1],
                                         str(tmp_path / "p.json")],
                               input="hint\n" + "1\n" * 40 + "quit\n").output
    assert cards_of(plain)  # without --words: the codes, as before
    same = in_words(plain.split("\n", 3)[3]).replace("p.json", "g.json")
    assert same == out.split("\n", 3)[3]  # the same game, said in words


def test_every_card_and_suit_is_said_in_words_and_paths_are_left_as_they_are() -> None:
    from cutthroat.spoken import in_words

    for card in [*deck(32), Card.parse("JO")]:
        said = in_words(f"Left plays {card}; your {card}")
        assert cards_of(said) == [] and said.startswith("Left plays the "), said
        assert " your the " not in said
    assert in_words("1) call C  2) call H  3) trump S") == \
        "1) call clubs  2) call hearts  3) trump spades"
    for kept in ("saved to /home/AS/game.json", "AS.json", "R6", "C:\\AD\\x", "ASK"):
        assert in_words(kept) == kept


def test_the_line_game_says_a_hands_result_before_turning_its_deal_over() -> None:
    """A blind player heard 25 cards of the deal turned over before the hand's result:
    the line game says the result and the score first; the full-screen table's log
    keeps them last, where its foot shows them."""
    game, player, out = one_hand_played(5)
    hand = game.hand
    assert hand is not None and hand.result is not None
    result = "  " + player.result_text(hand.result)
    deal = out.index("  The deal was:")
    assert out.index(result) + 1 == out.index(f"Score: {player.scores_text(game.scores)}")
    assert out.index(result) < deal and len(out) == deal + 1 + len(describe_deal(
        hand.dealt, player.names))
    table = Session(game, 0, ["random", "random"]).hand_over_lines()
    assert table[0] == "  The deal was:" and result in table[1:]


def test_a_hints_key_is_said_with_the_first_hint_of_the_game_alone() -> None:
    """A blind player heard the 240-character key to a hint's figures at every hint
    (43 times in a game): the line game says it with the first; the hint itself, and
    its table of options, each time."""
    game = Game(seed=3, players=seat_names(0))
    out: list[str] = []
    lines = iter(["hint", "hint", "quit"])
    player = TerminalGame(game, 0, ["random", "random"], seed=1, hint_samples=4,
                          read=lambda prompt: next(lines), write=out.append)
    player.play()
    keys = [line for line in out if line.startswith("Key: ")]
    assert len(keys) == 1
    assert sum(line.startswith("Hint: ") for line in out) == 2
    assert sum(line.startswith("Options (") for line in out) == 2


def test_R10_a_thrown_in_hand_is_told_with_a_capital_as_every_result() -> None:
    session = Session(Game(seed=1, players=seat_names(0)), 0, ["random", "random"])
    assert session.result_text(HandResult(dealer=0, thrown_in=True)) == \
        "Thrown in: nobody named trump"


def test_show_during_the_bidding_says_the_bids_so_far() -> None:
    """A listener who missed a bid could not hear the bidding again: ``show`` gave the
    table alone (``tricks`` tells the tricks, not the bids). Before play it now says
    the hand's moves so far, as they were told."""
    game, hand, seat = dealt(3)
    game.push("pass", seat)
    player, out, _ = line_game(game, seat, [], bots=("random", "random"))
    while hand.to_act != seat:
        player._next_move()
    told = [describe_move(hand.view(seat), i, player.names) for i in range(len(hand.moves))]
    out.clear()
    assert player._command("show") is False
    assert out[-1] == f"  This hand so far: {'; '.join(told)}."
    assert told[0] == "You pass"


def test_R16_a_trump_played_to_another_suits_trick_is_said_to_be_one() -> None:
    """A blind player heard "Right plays 9D" take a trick of clubs with nothing to say
    that diamonds were trump: a trump played to a trick led in another suit is told as
    one ("Right plays 9D (a trump)"); a trump following a trump lead, or any other
    card, is told as before, and the bowers and the joker as they were (R3)."""
    from cutthroat.bots import RandomBot, play_game
    from cutthroat.cards import effective_suit

    said = {True: 0, False: 0}
    for seed in range(30):
        rules = Rules(deck=25, target=3) if seed % 3 == 0 else Rules(target=3)
        game = play_game(Game(rules, seed=seed), [RandomBot(seed=s) for s in range(3)])
        for hand in game.hands:
            if hand.trump is None:
                continue
            view = hand.view(0)
            moves = [i for i, m in enumerate(view.moves) if m.split(" ")[1] == "play"]
            place = 0
            for trick in hand.tricks:
                led = effective_suit(trick.plays[0][1], hand.trump)
                for k, (_, card) in enumerate(trick.plays):
                    line = describe_move(view, moves[place], game.players)
                    assert re.search(rf" plays? {card}\b", line), line
                    trumps_in = (k > 0 and led is not hand.trump
                                 and effective_suit(card, hand.trump) is hand.trump)
                    special = "bower" in line or "joker" in line  # said as before (R3)
                    marked = line.endswith(" (a trump)")
                    assert marked == (trumps_in and not special), line
                    said[marked] += 1
                    place += 1
    assert said[True] >= 10 and said[False] >= 100


def _keep_game(words: bool) -> tuple[Game, int, TerminalGame, list[str]]:
    """The line game at the player's keep (seed 3), with cards in words or not: the
    game, the seat, the player and what it writes."""
    from cutthroat.spoken import in_words

    game, seat = at_the_keep()
    out: list[str] = []
    player = TerminalGame(game, seat, ["random", "random"], seed=1, write=out.append,
                          read=lambda prompt: "quit", words=in_words if words else None)
    return game, seat, player, out


def test_with_words_a_keep_typed_as_the_prompt_says_it_is_taken() -> None:
    """A reviewer's finding: with --words the keep's example is heard as "the nine of
    clubs, ten of clubs, ... and ten of diamonds", and typed back so it was refused
    (the "and" read as a sixth card). A list of cards said with "and" is read."""
    from cutthroat.spoken import in_words

    game, seat, player, _ = _keep_game(words=True)
    view = game.view(seat)
    prompt = in_words(player._prompt(view))
    example = re.search(r"e\.g\. (keep )?(the [^)]*?)(?:, or |\)|$)", prompt)
    assert example and " and " in example[2], prompt
    action = player._action(f"keep {example[2]}", view)
    assert sorted(map(str, action.cards)) == sorted(str(c) for c in sorted(view.cards)[:5])


def test_with_words_help_and_rules_still_teach_how_a_card_is_written() -> None:
    """A reviewer's finding: with --words, the text that teaches card codes came out as
    "rank then suit, the ace of spades the ace of spades": help and rules are written as
    they are; the choice of the moment, and a refusal, in words."""
    _, _, player, out = _keep_game(words=True)
    assert player._command("help") is False and player._command("rules") is False
    said = "\n".join(out)
    assert "play JH, discard 9C" in said and "AS the ace of spades" in said
    assert all(cards_of(line) == [] for line in out if line.startswith("Your choice now"))
    with pytest.raises(CutthroatError, match="said in words, such as the ten of spades"):
        player._action("go fish", dataclasses.replace(player.view(), legal=("play JH",)))


def test_a_hints_reading_is_said_again_when_it_comes_back() -> None:
    """A reviewer's finding: a reading once said was never said again, so after A, B
    and A again the player still believed B. It is said when it is not the last one."""
    _, _, player, out = _keep_game(words=False)
    hints = iter([["Hint: x", "Reading Left (seat 1) as a beginner"],
                  ["Hint: x", "Reading Left (seat 1) as a beginner"],
                  ["Hint: x", "Reading Left and Right as beginners"],
                  ["Hint: x", "Reading Left (seat 1) as a beginner"]])
    player.hint_lines = lambda view: next(hints)  # type: ignore[method-assign]
    for _ in range(4):
        player._hint()
    assert [line for line in out if line.startswith("Reading ")] == [
        "Reading Left (seat 1) as a beginner", "Reading Left and Right as beginners",
        "Reading Left (seat 1) as a beginner"]


def test_undo_then_the_same_move_gets_the_same_replies_from_the_bots() -> None:
    """An undo makes the bots anew, so their choices from here are those they would
    make from this position: the same move typed again gets the same replies, and an
    undo cannot be used to re-roll the bots (session.py: ``self.bots = self.make_bots()``
    in ``take_back`` dropped: the random bots went on from where their draws were). The
    move typed after the undo is told, as every move is (terminal.py: ``_undo``'s
    ``return True`` -> ``None``/``False``, or ``if self._command(word)`` negated in
    ``_human_move``: the move after an undo was told against the view from before it,
    so "You pass" and the bots' replies went unsaid)."""
    game, _, seat = dealt(7)
    player, out, _ = line_game(game, seat, ["pass", "undo", "pass"],
                               bots=("random", "random"))
    player.play()
    took = next(n for n, line in enumerate(out) if line.startswith("Took back "))
    passes = [n for n, line in enumerate(out) if line == "You pass"]
    assert len(passes) == 2 and passes[0] < took < passes[1]
    first = [line for line in out[passes[0]:took] if not line.startswith(" ")]
    again = [line for line in out[passes[1]:] if not line.startswith(" ")][:len(first)]
    assert len(first) > 1 and again == first


def test_R10_only_the_dealer_is_stuck_in_the_second_round() -> None:
    """Stick the dealer (R10): in the second round the players before the dealer may
    still pass, and are not told that the dealer is stuck; their 1 is pass
    (session.py ``stuck``: ``"pass" not in view.legal`` changed so that it held for
    every seat: each of them was told "the dealer is stuck: you must name trump")."""
    game = Game(Rules.preset("stick"), seed=3)
    hand = game.deal()
    for _ in range(3):
        assert hand.to_act is not None
        game.push("pass", hand.to_act)
    assert hand.phase is Phase.BID_SECOND and hand.to_act != hand.dealer
    seat = hand.to_act
    game.players = tuple(seat_names(seat))  # type: ignore[misc]
    assert not stuck(game.view(seat))
    player, _, prompts = line_game(game, seat, ["quit"])
    player.play()
    assert prompts[0].startswith("Your move: 1) pass  2) call ")
    assert STUCK not in prompts[0]


def test_R7_R9_a_dealer_who_orders_after_two_passes_is_not_told_as_everybody_passing() -> None:
    """Two passes, then the dealer orders up (R7): the first round did not end with
    everybody passing, so no "Everybody passed: ... turned down" line is told
    (session.py ``news``: ``after.moves[:3]`` -> ``[:2]``: the two passes alone
    were taken for the whole round, and the up-card told turned down as the dealer
    took it)."""
    game, hand, seat = dealt(5)
    player, out, _ = line_game(game, seat, ["pass", "quit"], bots=("random", "random"))
    player.play()
    assert [str(move.action) for move in hand.moves[:3]] == ["pass", "pass", "order"]
    told = out[out.index("You pass"):]
    assert told[1] == "Left passes" and told[2].startswith("Right orders up the ")
    assert not any("Everybody passed" in line for line in out)


def test_R12_a_keep_by_the_five_keys_typed_in_a_row() -> None:
    """At a keep, "13579" (the table's five keys, typed without spaces) was "there is no
    numbered list here", as was "135", where "3" and "12" were told how a keep by
    places is written: five keys in a row keep those five cards, and any other line of
    numbers is told how to write a keep."""
    game, seat = at_the_keep()
    view = game.view(seat)
    shown = sort_cards(view.cards, view.trump)
    player, out, _ = line_game(game, seat, ["135", "11357", "1234567", "24680"])
    player.play()
    refused = [line for line in out if line.startswith("Not possible")]
    assert [line.split(", not ")[1] for line in refused] == [
        "'135'. Type help for how to write a move.",
        "'11357'. Type help for how to write a move.",
        "'1234567'. Type help for how to write a move."]
    assert all(line.startswith("Not possible: a keep by places takes five different "
                               "places in Your cards") for line in refused)
    hand = game.hand
    assert hand is not None
    keeps = [m for m in hand.moves if str(m.action).startswith("keep ")]
    assert keeps and set(keeps[0].action.cards) == {shown[n] for n in (1, 3, 5, 7, 9)}


def test_R12_a_keep_by_places_takes_the_first_card_and_refuses_a_two_digit_place() -> None:
    """A keep by places (the table's keys): place 1 is the first card of Your cards,
    and a place of two digits past the row ("12") is refused as a place, not as "not a
    move" (terminal.py ``_keep_places``: ``1 <= n`` -> ``2 <= n``: the first card could
    not be kept; ``len(w) <= 2`` -> ``<= 1``: "12" was no longer read as a place)."""
    game, seat = at_the_keep()
    view = game.view(seat)
    shown = sort_cards(view.cards, view.trump)
    player, out, _ = line_game(game, seat, ["1 2 3 4 12", "1 3 5 7 0"])
    player.play()
    refused = [line for line in out if line.startswith("Not possible")]
    assert len(refused) == 1 and "five different places in Your cards" in refused[0]
    assert "1 2 3 4 12" in refused[0]
    hand = game.hand
    assert hand is not None
    keeps = [m for m in hand.moves if str(m.action).startswith("keep ")]
    assert keeps and set(keeps[0].action.cards) == {shown[n] for n in (0, 2, 4, 6, 9)}


def test_R9_news_of_the_third_pass_and_a_call_after_it_says_everybody_passed() -> None:
    """Session.news over several moves at once (the first round's three passes and the
    call that opens the second round) says, right after the third pass, that the up-card
    was turned down (R9), whatever came after it."""
    game = Game(Rules(), seed=4, players=seat_names(0))
    hand = game.deal()
    session = Session(game, 0, ["random", "random"])
    before = session.view()
    for _ in range(3):
        game.push("pass", hand.to_act)
    call = next(text for text in hand.legal_texts() if text.startswith("call"))
    game.push(call, hand.to_act)
    lines = session.news(before)
    turned = [line for line in lines if line.startswith("  Everybody passed: the ")]
    assert len(turned) == 1, lines
    assert lines.index(turned[0]) == 3 and lines[2].endswith("pass")
    assert len(lines) == 5


def test_R22_the_commands_said_name_plain_cutthroat_where_it_is_on_the_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where ``cutthroat`` is on the PATH, the commands said (resume, review) start with
    plain ``cutthroat``, as a player types it (session.py ``program``: ``return
    "cutthroat"`` -> ``return None``: "None play --resume ...")."""
    import os
    import stat

    from cutthroat.session import command_on, program

    on_path = tmp_path / "bin"
    on_path.mkdir()
    tool = on_path / "cutthroat"
    tool.write_text("#!/bin/sh\n", encoding="utf-8")
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", str(on_path) + os.pathsep + os.environ.get("PATH", ""))
    assert program() == "cutthroat"
    assert command_on("review", Path("my game.json")) == "cutthroat review 'my game.json'"
    session = Session(Game(seed=3, players=seat_names(0)), 0, ["random", "random"],
                      save=tmp_path / "g.json")
    assert session.resume_command().startswith(
        f"cutthroat play --resume {tmp_path / 'g.json'} --bots random,random")


def test_R16_a_number_past_the_one_card_that_follows_says_1_is_the_only_move() -> None:
    """Where the player has one move (the one card that follows suit, R16), a number past
    it is answered with that one choice, not "from 1 to 1", and an empty line with the
    one number, not "1-1" (session.py ``numbers_to_choose``: ``count == 1`` -> ``count ==
    0``; ``number_keys``: the same)."""
    game = Game(seed=0, players=seat_names(0))
    hand = game.deal()
    rng = random.Random(0)
    while not (hand.to_act == 0 and len(game.view(0).legal) == 1):
        assert hand.to_act is not None and not hand.is_over
        game.push(rng.choice(hand.legal_texts()), hand.to_act)
    [only] = game.view(0).legal
    player, out, _ = line_game(game, 0, ["2", "", "quit"])
    player.play()
    refused = [line for line in out if line.startswith("Not possible")]
    assert refused == ["Not possible: choose 1, the only move. Type help for how to write "
                       "a move."]
    assert f"Type a move: 1, a move such as '{only}', or 'help'." in out


def test_a_session_refuses_a_seat_past_2_and_a_line_up_not_of_two_bots() -> None:
    """A session is refused, saying why, for a seat that is none of the three (R1) and for
    bots that are not two, one each side of the player (session.py ``Session.__init__``:
    the words of its two refusals changed; only their type was checked)."""
    game = Game(seed=1, players=seat_names(0))
    with pytest.raises(ValueError, match=r"^seat must be 0, 1 or 2, not 3$"):
        Session(game, 3, ["random", "random"])
    with pytest.raises(ValueError, match=r"^a terminal game takes two bots, for the seats "
                                         r"to the player's left and right$"):
        Session(game, 0, ["random"])


def test_R14_a_hands_end_turns_the_deal_over_a_hand_to_an_indented_line() -> None:
    """Once a hand is over its deal is shown (R14: not before): "The deal was:", then
    each hand, the dummy and the kitty on a line of its own, indented under it as the
    other lines of the hand's end are (session.py ``hand_over_lines``: the ``"  "``
    before each line of the deal changed)."""
    game = Game(seed=2, players=seat_names(0))
    hand = game.deal()
    rng = random.Random(2)
    while not hand.is_over:
        assert hand.to_act is not None
        game.push(rng.choice(hand.legal_texts()), hand.to_act)
    session = Session(game, 0, ["random", "random"])
    lines = session.hand_over_lines()
    dealt = describe_deal(hand.dealt, session.names)
    assert len(dealt) >= 4
    assert lines[:len(dealt) + 1] == ["  The deal was:", *("  " + line for line in dealt)]


def test_R8_an_undo_of_the_dealers_order_alone_takes_back_your_move() -> None:
    """The dealer who ordered up (R8) moves again at once, to discard: an undo there takes
    back his one move, said as "your move", not "1 moves" (session.py ``took_back``:
    ``len(moves) == 1`` -> ``== 0``)."""
    dealer = 1
    game = Game(seed=3, first_dealer=dealer, players=seat_names(dealer))
    hand = game.deal()
    while hand.to_act != dealer:
        assert hand.to_act is not None
        game.push("pass", hand.to_act)
    player, out, _ = line_game(game, dealer, ["order", "undo", "quit"])
    player.play()
    [took] = [line for line in out if line.startswith("Took back ")]
    assert took.startswith("Took back your move: You order") and took.endswith(".")
    assert [str(move.action) for move in hand.moves] == ["pass", "pass"]
