"""``cutthroat play`` on a terminal: the full-screen table (:mod:`cutthroat.tui`).

The table is driven as a player drives it, with keys and clicks (Textual's pilot, the
bots at no delay), and read as a player reads it: the screen's text. What must never
break is what the line game guarantees: no card hidden from the seat is shown during a
hand (R14), a choice the game cannot take changes nothing, and the record holds every
move at once.
"""

from __future__ import annotations

import dataclasses
import io
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Button
from typer.testing import CliRunner

from cutthroat import Card, Game, Phase, Rules, cli, deck, parse_cards, play_cli
from cutthroat import record as rec
from cutthroat.actions import Verb
from cutthroat.cards import Suit, sort_cards
from cutthroat.deal import Deal
from cutthroat.session import STUCK, Session, Sitting, program
from cutthroat.state import Hand
from cutthroat.terminal import resumed, seat_names
from cutthroat.tui.app import NEW_GAME, Stage, TableApp
from cutthroat.tui.screens import TextPage
from cutthroat.tui.text import (
    card_text,
    face,
    header_text,
    hint_page,
    move_label,
    phase_words,
    trick_table,
    with_faces,
)
from cutthroat.tui.widgets import CardButton, GameLog, HandRow, MoveButton, StatusLine
from strategies import hand_at_the_keep

FACE = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]|Joker")
FACES = {face(card): str(card) for card in [*deck(32), Card.parse("JO")]}


@pytest.fixture
def anyio_backend() -> str:
    """The pilot runs on asyncio."""
    return "asyncio"


def table(game: Game, seat: int = 0, *, save: Path | None = None, **options: object
          ) -> TableApp:
    """A table for the player at ``seat`` against two random bots, which move at once."""
    session = Session(game, seat, ["random", "random"], save=save,
                      **options)  # type: ignore[arg-type]
    return TableApp(session, delay=0)


async def settle(pilot: Pilot[bool]) -> None:
    """Wait until no bot, coach or expert is thinking: the table waits for the player."""
    app = pilot.app
    assert isinstance(app, TableApp)
    for _ in range(10_000):
        await pilot.pause()
        if not app.busy:
            return
        await app.workers.wait_for_complete()
    raise AssertionError("the table never settled")


def screen_lines(app: TableApp) -> list[str]:
    """The screen as text, a line per row."""
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(),
                      record=True, force_terminal=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text().splitlines()


async def footer_says(pilot: Pilot[bool], words: str, shown: bool = True) -> bool:
    """Whether the footer (the screen's last row) shows ``words`` (or, with ``shown``
    false, does not), waiting a while for it: Textual redraws the footer's keys a few
    frames after the bindings change, later on a slow machine."""
    app = pilot.app
    assert isinstance(app, TableApp)
    for _ in range(200):
        if (words in screen_lines(app)[-1]) == shown:
            return True
        await pilot.pause(0.01)
    return False


KEEP_SAID = ("Choose the five cards to keep: press their numbers (0 for the tenth) or "
             "click them, then Enter.")
"""The status line at a keep: what to do (however small the terminal)."""


def header(app: TableApp) -> list[str]:
    """The first two lines of the screen (the hand, the score and the deal), as text."""
    return [line.strip() for line in screen_lines(app)[:2]]


def table_text(app: TableApp) -> str:
    """The screen as text without the log pane (whose history may hold earlier hands'
    deals, turned over once they ended), and the log's lines of the hand in play."""
    log = app.query_one(GameLog).region
    lines = [line if not log.y <= row < log.bottom else line[:log.x] + line[log.right:]
             for row, line in enumerate(screen_lines(app))]
    said = app.log_lines
    start = max(i for i, line in enumerate(said) if re.match(r"Hand \d+", line))
    return "\n".join(lines + said[start:])


def shown_cards(text: str) -> set[str]:
    """The cards in ``text``, as the game writes them (a face ``10♥`` is ``TH``)."""
    return {FACES[found] for found in FACE.findall(text)} | set(
        re.findall(r"\b(?:[2-9TJQKA][CDHS]|JO)\b", text))


def seen_by(hand: Hand, seat: int) -> set[str]:
    """Every card ``seat`` may have seen so far in ``hand`` (R14)."""
    cards = {str(c) for c in hand.dealt.hands[seat]} | {str(hand.upcard)}
    cards |= {str(c) for trick in hand.tricks for _, c in trick.plays}
    cards |= {str(c) for _, c in hand.current_trick}
    if hand.maker == seat and hand.dummy_taken:
        cards |= {str(c) for c in hand.dealt.dummy}
    return cards


def status(app: TableApp) -> str:
    """The status line's text."""
    return str(app.query_one(StatusLine).render())


async def choose_randomly(pilot: Pilot[bool], app: TableApp, rng: random.Random) -> None:
    """One step of a player pressing keys at random among the moves offered: a number,
    five cards and Enter for a keep, Enter for the next hand."""
    if app.stage is Stage.HAND_OVER:
        await pilot.press("enter")
    elif app.session.view().phase is Phase.KEEP:
        for index in rng.sample(range(10), 5):
            await pilot.press(str((index + 1) % 10))
        await pilot.press("enter")
    else:
        await pilot.press(str(rng.randint(1, len(app.choices))))
    await settle(pilot)


# --- whole games -------------------------------------------------------------------


@pytest.mark.anyio
async def test_R14_a_whole_game_by_number_keys_shows_no_hidden_card_and_saves_every_move(
        tmp_path: Path) -> None:
    rules = dataclasses.replace(Rules(deck=25), target=6)
    save = tmp_path / "game.json"
    game = Game(rules, seed=11, players=seat_names(1))
    app = table(game, 1, save=save)
    rng = random.Random(11)
    turns = dealt = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        while app.stage is not Stage.GAME_OVER:
            hand = game.hand
            assert hand is not None
            if app.stage is Stage.YOUR_MOVE:
                turns += 1
                assert save.read_text(encoding="utf-8") == rec.dumps(game) + "\n"
                shown = shown_cards(table_text(app))
                assert shown <= seen_by(hand, 1), shown - seen_by(hand, 1)
                assert header(app) == header_text(  # the hand and the score of the moment
                    app.session.view(), app.session.names, game.scores, rules.target,
                    len(game.hands)).plain.splitlines()[:2]
            elif app.stage is Stage.HAND_OVER:  # every card played: no word under the row
                assert str(app.query_one("#hand-note").render()) == ""
                dealt += hand.dealer == 1
            await choose_randomly(pilot, app, rng)
        assert status(app).startswith(f"Game over after {len(game.hands)} hands. ")
        assert status(app).endswith(". Press n for a new game, q to quit.")
        assert dealt  # (a hand the player dealt among them: the blind dealer's seat)
        names = app.session.names
        assert header(app)[0] == (f"Hand {len(game.hands)} · Score " + "  ".join(
            f"{names[s]} {game.scores[s]}" for s in range(3)) + " (playing to 6)")
        assert app.log_lines[-3].startswith(f"Game over after {len(game.hands)} hand"
                                             f"{'s' if len(game.hands) != 1 else ''}.")
        assert app.log_lines[-2] == ("The expert's review of your choices: "
                                     f"{program()} review {save}")
        assert app.log_lines[-1] == NEW_GAME
        await pilot.press("q")
    assert app.return_value is True and turns > 10
    assert game.is_over and len(game.hands) > 2
    again = rec.replay(save.read_text(encoding="utf-8"))
    assert rec.dumps(again) == rec.dumps(game) and again.is_over
    # every bot move is told, in the line game's words
    told = sum(1 for line in app.log_lines if line.startswith(("Left ", "Right ")))
    assert told == sum(1 for h in game.hands for m in h.moves if m.seat != 1)


# --- what the player chooses ---------------------------------------------------------


@pytest.mark.anyio
async def test_a_choice_that_is_not_offered_is_refused_with_the_reason_and_changes_nothing(
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game = Game(seed=3, players=seat_names(0))
    app = table(game, save=save)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert app.stage is Stage.YOUR_MOVE
        hand = game.hand
        assert hand is not None
        before, record = len(hand.moves), save.read_text(encoding="utf-8")
        await pilot.press("9")
        assert status(app) == f"Not possible: choose a number from 1 to {len(app.choices)}."
        await pilot.click("#card-0")  # a card, while bidding
        assert status(app).startswith("Not possible: you cannot play a card now: ")
        await pilot.press("enter")  # no keep, no hand over: nothing
        assert len(hand.moves) == before and save.read_text(encoding="utf-8") == record
        assert app.stage is Stage.YOUR_MOVE
        await pilot.click("#move-1")  # a move's button is that move
        assert hand.moves[before].seat == 0 and str(hand.moves[before].action) == app.choices[0]


@pytest.mark.anyio
async def test_a_save_that_fails_is_reported_and_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # where the game is saved instead (./cutthroat-games):
    game = Game(seed=3, players=seat_names(0))  # not the checkout's folder
    app = table(game, save=tmp_path / "no such folder" / "game.json")
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
    warnings = [line for line in app.log_lines if line.startswith("Warning: could not save")]
    assert warnings and app.stage is Stage.YOUR_MOVE
    [instead] = (tmp_path / "cutthroat-games").iterdir()
    assert "so it is saved to " in warnings[0] and instead.name in warnings[0], warnings


@pytest.mark.anyio
async def test_R15_a_card_that_does_not_follow_suit_is_refused_with_the_reason() -> None:
    for seed in range(40):
        game = Game(seed=seed, players=seat_names(0))
        hand = game.deal()
        rng = random.Random(seed)
        while not hand.is_over and not (hand.phase is Phase.PLAY and hand.to_act == 0
                                        and hand.current_trick):
            hand.push(rng.choice(hand.legal_actions()))
        legal = {str(a) for a in hand.legal_actions()}
        off = [c for c in hand.cards(0) if f"play {c}" not in legal]
        if hand.is_over or not off:
            continue
        app = table(game)
        async with app.run_test() as pilot:
            await settle(pilot)
            # the cards that do not follow are drawn dimmed, those that do are not
            dimmed = {b.card for b in app.query(CardButton)
                      if b.display and b.has_class("unplayable")}
            assert dimmed == set(off), (dimmed, off)
            before = len(hand.moves)
            app.card(off[0])
            assert status(app).startswith("Not possible: you must follow ")
            assert len(hand.moves) == before
            await pilot.press("1")  # a card offered is played
            assert hand.moves[before].seat == 0
        return
    raise AssertionError("no deal put seat 0 on a trick it could fail to follow")


def at_the_keep() -> tuple[Game, int]:
    """A new game whose first bidder has ordered up and taken the dummy (R12): that
    seat is to keep five of its ten cards."""
    hand, seat = hand_at_the_keep()
    game = Game(players=seat_names(seat), first_dealer=hand.dealer)
    game.deal(hand.dealt)
    for move in hand.moves:
        game.push(move)
    return game, seat


def keep_table() -> tuple[Hand, int, list[Card], TableApp]:
    """A table at :func:`at_the_keep`: the hand, the maker's seat, its ten cards as the
    hand row shows them (numbered 1 to 9, then 0), and the table."""
    game, seat = at_the_keep()
    hand = game.hand
    assert hand is not None
    return hand, seat, sort_cards(hand.cards(seat), hand.trump), table(game, seat)


@pytest.mark.anyio
async def test_R6_the_blind_dealers_four_suits_fit_80_columns() -> None:
    """The joker turned up with you dealing: four suits to name (R6). Their row was
    measured without the buttons' numbers, so at 80 columns the fourth ran off the
    screen; the short labels are used instead."""
    game = Game(Rules(deck=25), seed=54, players=seat_names(0))
    hand = game.deal()
    assert hand.phase is Phase.JOKER_TRUMP and hand.to_act == 0, "seed 54 deals the joker"
    app = table(game, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = [b for b in app.query(MoveButton) if b.display]
        assert len(shown) == 4
        assert all(b.region.right <= 80 for b in shown), [b.region for b in shown]
        words = "\n".join(screen_lines(app))
        assert "face down until you have named trump" in words
        assert not re.search(r"\bR\d+\b", words), "a rule id is for the docs, not the table"


@pytest.mark.anyio
async def test_R14_the_dummy_once_seen_is_not_taken_back() -> None:
    """At the keep the dummy's cards are on the table: undo would let the maker go
    alone with them seen. It is refused, and the keep is still to be made. The footer
    shows "u Undo" greyed there (it was shown as if it would work), and pressed it says
    why."""
    game, seat = at_the_keep()
    hand = game.hand
    assert hand is not None
    moves = len(hand.moves)
    app = table(game, seat)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert "u" in footer_keys(app) and not app.screen.active_bindings["u"].enabled
        await pilot.press("u")
        assert status(app).startswith("Not possible: you have seen the dummy, so taking it "
                                      "cannot be taken back (only the maker who takes the dummy "
                                      "sees its cards, and they cannot be unseen)")
        assert len(hand.moves) == moves and hand.phase is Phase.KEEP


@pytest.mark.anyio
async def test_R12_the_maker_keeps_five_cards_chosen_by_their_numbers() -> None:
    hand, seat, ten, app = keep_table()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        # Enter keeps the five: the footer says so (only the status line did)
        assert await footer_says(pilot, "Enter Keep")
        assert app.check_action("keep_five", ()) is True  # a key, not greyed
        await pilot.press("r")  # over a page, Enter is the page's (it closes it)
        await pilot.pause()
        assert isinstance(app.screen, TextPage) and not app.check_action("keep_five", ())
        await pilot.press("escape")
        await pilot.pause()
        for key in "135":
            await pilot.press(key)
        assert str(app.query_one("#moves-label").render()) == "Keep five:"
        # the count of cards chosen, on a button of its own
        assert move_labels(app) == ["keep these (3 of 5)"]
        await pilot.press("enter")
        assert status(app) == "Not possible: choose five cards to keep (3 chosen)."
        await pilot.press("7", "0", "2")  # a sixth is refused, with how to change one
        assert status(app) == ("Not possible: five cards are chosen: press the number of "
                               "one (or click it) to put it back first.")
        await pilot.press("1")  # the first card put back, and chosen again
        assert move_labels(app) == ["keep these (4 of 5)"]
        assert not any(b.has_class("chosen") for b in app.query(CardButton)
                       if b.card == ten[0])
        await pilot.press("1")
        assert move_labels(app) == ["keep these (5 of 5)"]
        app.card(ten[0])  # a card clicked is put back, or chosen, as its number does
        assert move_labels(app) == ["keep these (4 of 5)"]
        app.card(ten[0])
        await pilot.press("enter")
        await settle(pilot)
    [keep] = [m for m in hand.moves if m.seat == seat and m.action.verb is Verb.KEEP]
    assert set(parse_cards(str(keep.action).split()[1:])) == {ten[i] for i in (0, 2, 4, 6, 9)}


@pytest.mark.anyio
async def test_R12_the_keep_button_clicked_keeps_the_five_chosen_as_enter_does() -> None:
    """The move bar's "keep these (5 of 5)" button, clicked, keeps the five (it is no
    numbered move, whose number would be read as a card's)."""
    hand, seat, ten, app = keep_table()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2", "4", "6", "8", "0")
        [button] = [b for b in app.query(MoveButton) if b.display]
        assert str(button.label) == "keep these (5 of 5)"
        button.press()
        await settle(pilot)
    [keep] = [m for m in hand.moves if m.seat == seat and m.action.verb is Verb.KEEP]
    assert set(keep.action.cards) == {ten[i] for i in (1, 3, 5, 7, 9)}


@pytest.mark.anyio
async def test_R8_the_dealers_discard_is_chosen_by_the_number_on_the_card() -> None:
    """Having taken the up-card, the dealer discards one of six: the move row says
    "Discard:" with the cards as the hand row shows them (trumps last), each card carries
    its number, and the number pressed discards that card."""
    game = Game(seed=4, players=seat_names(0), first_dealer=0)
    hand = game.deal()
    game.push("order", 1)
    game.push("pickup", 0)
    assert hand.phase is Phase.DISCARD and hand.to_act == 0
    six = sort_cards(hand.cards(0), hand.trump)
    assert [f"discard {c}" for c in six] != [str(a) for a in hand.legal_actions()], (
        "seed 4 should list the discards in another order than the cards are shown")
    app = table(game, 0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.choices == [f"discard {c}" for c in six]
        assert str(app.query_one("#moves-label").render()) == "Discard:"
        numbered = [str(b.label) for b in app.query(CardButton) if b.display]
        assert [label.split()[0] for label in numbered] == ["1", "2", "3", "4", "5", "6"]
        assert [b.card for b in app.query(CardButton) if b.display] == six
        assert move_labels(app) == [
            f"{n} {with_faces(str(c))}" for n, c in enumerate(six, 1)]  # the bar names them
        await pilot.press("3")
        await settle(pilot)
    assert any(m.seat == 0 and str(m.action) == f"discard {six[2]}" for m in hand.moves)


def test_R10_a_thrown_in_hands_header_counts_no_tricks() -> None:
    """Nobody made trump, so no trick was played: the header says nothing of tricks."""
    hand = Hand.deal(Rules(), seed=3, dealer=0)
    for _ in range(6):
        hand.push("pass")
    assert hand.phase is Phase.THROWN_IN
    shown = header_text(hand.view(1), ["Ann", "Bob", "Cy"], (0, 0, 0), 10, 1).plain
    assert "Tricks" not in shown and "Dealer Ann" in shown
    played = Hand.deal(Rules(), seed=3, dealer=0)
    played.push("order")
    while played.phase < Phase.PLAY:
        played.push(played.legal_actions()[0])
    assert "Tricks Ann 0  Bob 0  Cy 0" in header_text(
        played.view(1), ["Ann", "Bob", "Cy"], (0, 0, 0), 10, 1).plain


def move_labels(app: TableApp) -> list[str]:
    """The labels of the move bar's buttons shown, in order (with their keys)."""
    return [str(b.label) for b in app.query(MoveButton) if b.display]


def on_screen(app: TableApp, buttons: type[Button]) -> list[Button]:
    """The ``buttons`` shown, each wholly inside the screen (none cut off at its edge)."""
    shown = [b for b in app.query(buttons) if b.display]
    assert all(b.region.right <= app.size.width and b.region.width >= len(str(b.label))
               for b in shown), [(str(b.label), b.region) for b in shown]
    return shown


@pytest.mark.anyio
async def test_R12_ten_cards_with_the_joker_and_the_tens_fit_on_80_columns() -> None:
    faces = "9D TD JD AD TH TS AS TC JC JO QD KD 9H JH QH KH AH 9S JS QS"
    cards = tuple(parse_cards(faces.split(" ")))
    rest = tuple(c for c in deck(25) if c not in cards)
    dealt = Deal((cards[0:5], cards[10:15], cards[15:20]), cards[5:10], rest)
    game = Game(Rules(deck=25), seed=1, players=seat_names(0), first_dealer=2)
    game.deal(dealt)
    for text in ("order", "leave", "dummy"):  # seat 0 orders, the dealer leaves it
        game.push(text)
    app = table(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert game.view(0).phase is Phase.KEEP
        assert len(on_screen(app, CardButton)) == 10
        assert "0 Joker" in "\n".join(screen_lines(app))


@pytest.mark.anyio
async def test_R9_five_choices_in_the_second_round_fit_on_80_columns() -> None:
    rules = Rules(may_name_turned_down_suit=True)
    game = Game(rules, seed=1, players=seat_names(0), first_dealer=2)
    game.deal()
    for _ in range(3):
        game.push("pass")
    app = table(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert len(app.choices) == 5
        assert len(on_screen(app, MoveButton)) == 5
        assert "1 pass" in screen_lines(app)[-3] and "5 call ♠" in screen_lines(app)[-3]
        await pilot.resize_terminal(120, 30)  # room again: the suits' names come back
        await pilot.pause()
        assert "call ♠ spades" in "\n".join(screen_lines(app))


@pytest.mark.anyio
async def test_hint_shows_the_experts_options_and_marks_its_choice() -> None:
    game = Game(seed=3, players=seat_names(0))
    app = table(game, hint_samples=3)
    async with app.run_test() as pilot:
        await settle(pilot)
        hand = game.hand
        assert hand is not None
        before = len(hand.moves)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, TextPage)
        page = "\n".join(screen_lines(app))
        # The moves as the buttons say them (the dealer's "pick up the K♥"), not the
        # record's "order"; the figures under their names.
        assert re.search(r"Hint: (pass|pick up the \S+) - \S", page)
        assert re.search(r"option +win +points +side tricks", page)
        assert re.search(r"(pass|pick up the \S+) +\d+\.\d% +[+-]\d", page)
        assert not re.search(r"\border\b", page)
        # The key to the figures comes under the options, not above them.
        rows = [i for i, line in enumerate(screen_lines(app))
                if re.search(r"(pass|pick up the \S+) +\d+\.\d%", line)]
        key = [i for i, line in enumerate(screen_lines(app)) if "Key: win = " in line]
        assert rows and key and key[0] > max(rows)
        assert any(line.startswith("Hint: ") for line in app.log_lines)
        best = [b for b in app.query(MoveButton) if b.has_class("best")]
        assert len(best) == 1 and app.choices[best[0].number - 1] == app.best
        await pilot.press("escape")
        assert not isinstance(app.screen, TextPage) and len(hand.moves) == before


@pytest.mark.anyio
async def test_the_log_keeps_its_last_line_in_sight_when_the_terminal_shrinks() -> None:
    game = Game(seed=3, players=seat_names(0))
    app = table(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(6):
            await pilot.press("1")
            await settle(pilot)
        log = app.query_one(GameLog)
        for size in ((80, 16), (60, 16), (100, 30)):
            await pilot.resize_terminal(*size)
            await pilot.pause(0.1)
            await settle(pilot)
            assert log.max_scroll_y > 0 or size == (100, 30)
            assert log.scroll_y == log.max_scroll_y, size


@pytest.mark.anyio
async def test_a_hint_asked_while_one_for_an_earlier_move_is_out_says_to_wait() -> None:
    """h, then a move at once: the hint (for the move made) is still being worked out.
    Asking again at the next turn was silently dropped, the status claiming the expert
    was looking at the new choices; now it says why nothing comes."""
    import threading

    game = Game(seed=3, players=seat_names(0))
    app = table(game)
    release = threading.Event()
    real = app._advise

    def slow(view: object, turn: int) -> object:
        release.wait(60)
        return real(view, turn)  # type: ignore[arg-type]

    app._advise = slow  # type: ignore[method-assign]
    app.session.hint_samples = 2
    async with app.run_test() as pilot:
        try:
            await settle(pilot)
            await pilot.press("h")
            assert "The expert is looking at your choices" in status(app)
            await pilot.press("1")  # the move, while the hint is out
            deadline = time.monotonic() + 20  # the bots answer; the player is to move again
            while time.monotonic() < deadline:
                await pilot.pause(0.02)
                if app.stage is Stage.YOUR_MOVE and app.hint_turn != app.turn:
                    break
            assert app.stage is Stage.YOUR_MOVE and app.hinting
            assert "looking at your choices" not in status(app)
            await pilot.press("h")
            assert status(app) == ("Not possible: the expert is still finishing a hint for "
                                   "an earlier move: ask again in a moment.")
        finally:
            release.set()
        await settle(pilot)
        assert not app.hinting


@pytest.mark.anyio
async def test_undo_takes_back_the_players_move_and_the_bots_replies(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game = Game(seed=3, players=seat_names(0))
    app = table(game, save=save)
    async with app.run_test() as pilot:
        await settle(pilot)
        hand = game.hand
        assert hand is not None
        assert not app.screen.active_bindings["u"].enabled  # greyed: nothing to undo
        rings: list[None] = []
        app.bell = lambda: rings.append(None)  # type: ignore[method-assign]
        await pilot.press("u")
        assert status(app) == "Nothing to undo: you have not moved yet in this hand."
        assert app.query_one(StatusLine).has_class("refused") and len(rings) == 1
        before = [str(m) for m in hand.moves]
        await pilot.press("1")
        await settle(pilot)
        assert len(hand.moves) > len(before)
        assert app.screen.active_bindings["u"].enabled
        await pilot.press("u")
        await settle(pilot)
        assert [str(m) for m in hand.moves] == before and app.stage is Stage.YOUR_MOVE
        assert app.log_lines[-1].startswith("Took back ")
        assert save.read_text(encoding="utf-8") == rec.dumps(game) + "\n"


@pytest.mark.anyio
async def test_R14_a_hand_over_and_turned_over_cannot_be_taken_back(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game = Game(seed=3, players=seat_names(0))
    app = table(game, save=save)
    rng = random.Random(3)
    async with app.run_test() as pilot:
        await settle(pilot)
        while app.stage is not Stage.HAND_OVER:
            await choose_randomly(pilot, app, rng)
        assert "  The deal was:" in app.log_lines  # every hidden card shown
        hand = game.hand
        assert hand is not None and hand.is_over
        moves = [str(m) for m in hand.moves]
        # the footer shows only keys that do something: not undo and hint, now
        assert not {"u", "h"} & footer_keys(app)
        assert await footer_says(pilot, "u Undo", shown=False)
        assert await footer_says(pilot, "h Hint", shown=False)
        # only 1 and Enter do something now: "Enter Next hand", not "1-9 Choose"
        assert await footer_says(pilot, "Enter Next hand")
        assert str(app.query_one("#moves-label").render()) == "Hand over:"
        assert move_labels(app) == ["1 next hand"]
        assert await footer_says(pilot, "1-9 Choose", shown=False)
        await pilot.press("2")
        await settle(pilot)
        assert "the hand is over: press 1 or Enter for the next one" in status(app)
        assert app.stage is Stage.HAND_OVER
        await pilot.press("u")  # pressed all the same, it says why not
        await settle(pilot)
        assert status(app).startswith("Not possible: the hand is over")
        assert [str(m) for m in hand.moves] == moves and app.stage is Stage.HAND_OVER
        assert save.read_text(encoding="utf-8") == rec.dumps(game) + "\n"
        await pilot.press("h")
        await settle(pilot)
        assert "the hand is over: press 1 or Enter for the next one" in status(app)
        await pilot.press("U")  # with Caps Lock on, the same words (H said nothing)
        await settle(pilot)
        assert status(app).startswith("Not possible: the hand is over")
        await pilot.press("H")
        await settle(pilot)
        assert "the hand is over: press 1 or Enter for the next one" in status(app)
        await pilot.press("1")  # (Enter does the same: choose_randomly presses it)
        await settle(pilot)
        assert len(game.hands) == 2
        assert {"u", "h"} <= footer_keys(app)  # a new hand: they are keys again
        assert await footer_says(pilot, "h Hint") and await footer_says(pilot, "u Undo")
        assert await footer_says(pilot, "1-9 Choose")
        assert await footer_says(pilot, "Enter Next hand", shown=False)


@pytest.mark.anyio
async def test_rules_open_on_a_page_and_the_game_goes_on() -> None:
    app = table(Game(seed=3, players=seat_names(0)))
    async with app.run_test(size=(100, 50)) as pilot:  # (what a choice leads to, first)
        await settle(pilot)
        await pilot.press("r")
        assert isinstance(app.screen, TextPage)
        assert "right bower" in "\n".join(screen_lines(app))
        await pilot.press("escape")
        assert app.stage is Stage.YOUR_MOVE and not isinstance(app.screen, TextPage)


@pytest.mark.anyio
async def test_R7_the_table_says_what_a_choice_leads_to() -> None:
    """The line game's help and the web page said what an order or going alone leads
    to; the table did not: ``r`` ("Rules & choices" in the footer) opens a page that
    begins with it."""
    from cutthroat.howto import stakes

    app = table(Game(seed=3, players=seat_names(0)))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        view = app.session.view()
        assert view.phase is Phase.BID_FIRST and app.stage is Stage.YOUR_MOVE
        assert await footer_says(pilot, "r Rules & choices")
        await pilot.press("r")
        page = re.sub(r"[│\s]+", " ", " ".join(screen_lines(app)))  # the page's box out
        said = stakes(view.rules, view.phase, dealer=view.dealer == view.seat)
        assert f"Your choice now: {said}" in page, page


@pytest.mark.anyio
async def test_a_page_over_the_table_lists_none_of_the_tables_keys() -> None:
    """Over the rules or a hint page the footer still listed the table's keys ("1-9
    Choose ... q Quit (saved)"), where q closes the page and the numbers do nothing; and
    Q, R, H with Caps Lock on did not close it (a QA pass)."""

    app = table(Game(seed=3, players=seat_names(0)))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        for closing in ("q", "Q", "R", "H", "escape"):
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, TextPage)
            for words in ("Choose", "Hint", "Quit (saved)"):
                assert await footer_says(pilot, words, shown=False), words
            assert await footer_says(pilot, "Close")  # the page's own key, always in view
            assert not any(app.check_action(action, ()) for action in ("choose", "hint", "undo"))
            await pilot.press("1")  # a move's number does nothing over the page
            await pilot.pause()
            assert isinstance(app.screen, TextPage) and app.stage is Stage.YOUR_MOVE
            await pilot.press(closing)
            await pilot.pause()
            assert not isinstance(app.screen, TextPage), closing
            assert await footer_says(pilot, "h Hint") and await footer_says(pilot, "q Quit")
        assert app.stage is Stage.YOUR_MOVE  # nothing made on the page


@pytest.mark.anyio
async def test_a_long_page_at_80_by_24_says_how_to_close_it_and_covers_the_table() -> None:
    """At 80×24 a hint page of five options ran one or two rows past the screen, its
    "Esc, Enter or q: back to the table" with it, the footer blank; and the tail of a
    wrapped status line showed under the page. The page fills the screen above its own
    footer, which says how to close it."""
    app = table(Game(seed=3, players=seat_names(0)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")  # the rules: a page far longer than the screen
        await pilot.pause()
        assert isinstance(app.screen, TextPage)
        assert await footer_says(pilot, "Close")
        lines = screen_lines(app)
        body = app.screen.query_one("VerticalScroll").region
        # the page runs from the top row to the footer's: no row of the table between
        assert body.y == 0 and body.bottom == len(lines) - 1, (body, len(lines))
        assert "Esc, Enter or q: back to the table" not in "\n".join(lines)  # (scrolled)
        assert lines[-1].strip().startswith("esc Close"), lines[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TextPage)


@pytest.mark.anyio
async def test_the_coachs_word_is_told_after_the_move() -> None:
    game = Game(seed=3, players=seat_names(0))
    app = table(game, coach=True)
    advice = "  Coach: the expert would leave the KH"
    app.session.coaching = lambda view, chosen: [advice]  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        said = app.log_lines
        assert said[said.index(advice) - 1].startswith("You ")


@pytest.mark.anyio
async def test_the_coach_looking_at_a_move_is_shown_while_it_looks() -> None:
    """With --coach, the expert weighs each move after it is made: the status line says
    so at once (not "Your move" of the move already made), and a move pressed meanwhile
    is told to wait."""
    import threading

    game = Game(seed=3, players=seat_names(0))
    app = table(game, coach=True)
    release = threading.Event()

    def coaching(view: object, chosen: object) -> list[str]:
        release.wait(60)
        return []

    app.session.coaching = coaching  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        await settle(pilot)
        hand = game.hand
        assert hand is not None
        await pilot.press("1")
        await pilot.pause()
        try:
            assert app.stage is Stage.COACH
            assert status(app) == "The coach is looking at your move…"
            moves = len(hand.moves)
            await pilot.press("1")
            assert status(app) == "Not possible: wait for your turn."
            assert len(hand.moves) == moves
        finally:
            release.set()
        await settle(pilot)


@pytest.mark.anyio
async def test_a_bot_thinking_is_shown_and_the_keys_still_answer() -> None:
    """While a bot thinks, the rules open, and a key or a card clicked is told to wait."""
    game = Game(seed=3, players=seat_names(0))  # Left bids first
    # A bot's pace long enough that no loaded machine sees it move during the test (at
    # 2 s, a busy CI machine once did); the test does not wait for it.
    app = TableApp(Session(game, 0, ["random", "random"]), delay=60.0)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.stage is Stage.BOTS and status(app) == "Left is thinking…"
        assert "thinking…" in "\n".join(screen_lines(app))
        hand = game.hand
        assert hand is not None
        rings: list[None] = []
        app.bell = lambda: rings.append(None)  # type: ignore[method-assign]
        app.card(hand.cards(0)[0])  # a card clicked
        assert status(app) == "Not possible: wait for your turn."
        assert len(rings) == 1  # and the terminal's bell rings for it
        app.query_one(StatusLine).say("Left is thinking…")  # as it was
        app.play("pass")  # a move made through the table's own method: refused too
        assert status(app) == "Not possible: wait for your turn." and len(rings) == 2
        app.query_one(StatusLine).say("Left is thinking…")
        await pilot.press("enter")  # Enter, too: no hand to deal, no keep to make
        assert status(app) == "Not possible: wait for your turn." and len(rings) == 3
        app.query_one(StatusLine).say("Left is thinking…")
        await pilot.press("1")
        assert status(app) == "Not possible: wait for your turn."
        await pilot.press("r")  # the rules open while a bot thinks
        assert isinstance(app.screen, TextPage)
        assert not hand.moves


# --- another game --------------------------------------------------------------------


def finished(save: Path, seed: int = 2) -> Game:
    """A game played to its end by random bots (to 3 points, R22), its record in ``save``."""
    from cutthroat.bots import make_bot, play_game

    game = play_game(Game(Rules(target=3), seed=seed, players=seat_names(0)),
                     [make_bot("random", s) for s in range(3)])
    save.write_text(rec.dumps(game) + "\n", encoding="utf-8")
    return game


def footer_keys(app: TableApp) -> set[str]:
    """The keys the table answers now (those the footer shows among them)."""
    return set(app.screen.active_bindings)


@pytest.mark.anyio
async def test_R22_once_the_game_is_over_n_starts_another_with_the_same_table_and_a_new_record(
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game = finished(save)
    kept = save.read_bytes()
    session = Session(game, 0, ["random", "intermediate"], seed=5, save=save, coach=True,
                      hint_samples=3, sitting=Sitting(seeded=True, save=save))
    session.coaching = lambda view, chosen: []  # type: ignore[method-assign]
    app = TableApp(session, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.stage is Stage.GAME_OVER and "n" in footer_keys(app)
        assert await footer_says(pilot, "n New game")
        assert app.log_lines[-1] == NEW_GAME
        said = app.query_one(GameLog).said
        assert said[-1] == (NEW_GAME, "bold")  # set apart from the game's lines
        ending = session.game_over_lines()
        over = app.log_lines.index(ending[0])
        assert app.log_lines[over - 1] == ""  # after a blank line, all in bold
        assert said[over:over + len(ending)] == [(line, "bold") for line in ending]
        assert status(app).endswith("Press n for a new game, q to quit.")
        await pilot.press("n")
        await settle(pilot)
        new = session.game
        assert new is not game and not new.is_over and len(new.hands) == 1
        assert session.seed == 6 and session.number == 2  # --seed 5: the next is 6
        assert session.save == tmp_path / "game-2.json"
        assert (new.rules, new.players, session.seat) == (game.rules, game.players, 0)
        assert session.specs == {1: "random", 2: "intermediate"}
        assert session.coach and session.hint_samples == 3
        assert save.read_bytes() == kept  # the finished game's record is kept as it was
        again = rec.replay(session.save.read_text(encoding="utf-8"))
        assert rec.dumps(again) == rec.dumps(new)
        assert [line for line in app.log_lines if line.startswith("Game 2")] == [
            "Game 2 at this table: the same bots and rules, a new deal (seed 6). "
            f"Every move is saved to {session.save}."]
        assert [style for line, style in app.query_one(GameLog).said
                if line.startswith("Game 2")] == ["bold"]
        assert app.stage is not Stage.GAME_OVER and "n" not in footer_keys(app)
        assert await footer_says(pilot, "n New game", shown=False)
        await pilot.press("n")  # not over: n does nothing
        await settle(pilot)
        assert session.game is new and session.number == 2
        await pilot.press("q")
    assert app.return_value is False
    assert app.finished == Session(game, 0, ["random", "random"], save=save).game_over_lines()


@pytest.mark.anyio
async def test_R22_undo_once_the_game_is_over_says_the_game_is_over(tmp_path: Path) -> None:
    """u at the game's end said 'you can take a move back when it is your turn', a turn
    that never comes; it says the game is over and what the keys are now."""
    save = tmp_path / "game.json"
    game = finished(save)
    app = TableApp(Session(game, 0, ["random", "random"], save=save), delay=0)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert app.stage is Stage.GAME_OVER
        await pilot.press("u")
        await settle(pilot)
        assert status(app).startswith("Not possible: the game is over")
        assert "press n for a new game, q to quit" in status(app)
        assert "when it is your turn" not in status(app)
        assert app.stage is Stage.GAME_OVER and app.session.game is game
        # Enter was silent here, though play.md says a move's key is answered (a QA pass)
        await pilot.press("enter")
        await settle(pilot)
        assert status(app) == ("Not possible: the game is over: press n for a new game, "
                               "q to quit."), status(app)


@pytest.mark.anyio
async def test_enter_at_a_move_says_to_press_a_moves_number() -> None:
    """Enter at a bid (or a card to play) did nothing, with no word, where a number
    that names no move is answered (a QA pass)."""
    app = table(Game(seed=3, players=seat_names(0)))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert app.stage is Stage.YOUR_MOVE and app.session.view().phase is Phase.BID_FIRST
        # no Enter in the footer: it keeps five at a keep, deals the next hand once one
        # is over, and neither is shown, not even greyed, where it does nothing
        assert app.check_action("keep_five", ()) is False
        assert app.check_action("next_hand", ()) is False
        assert await footer_says(pilot, "Enter", shown=False)
        # no card is played in the bidding, and none is drawn dimmed as if unplayable
        cards = [b for b in app.query(CardButton) if b.display]
        assert len(cards) == 5 and not any(b.has_class("unplayable") for b in cards)
        assert str(app.query_one("#moves-label").render()) == "Your move:"
        moves = len(app.session.game.hand.moves)
        await pilot.press("enter")
        await settle(pilot)
        assert status(app) == ("Not possible: Enter makes no move here: choose a number "
                               "from 1 to 2."), status(app)
        assert len(app.session.game.hand.moves) == moves and app.stage is Stage.YOUR_MOVE


@pytest.mark.anyio
async def test_n_is_no_key_while_the_game_goes_on() -> None:
    game = Game(seed=3, players=seat_names(0))
    app = table(game)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert "n" not in footer_keys(app)
        assert await footer_says(pilot, "New game", shown=False)
        hand = game.hand
        assert hand is not None
        before = [str(m) for m in hand.moves]
        await pilot.press("n")
        await settle(pilot)
        assert app.session.game is game and [str(m) for m in hand.moves] == before
        assert app.session.number == 1


@pytest.mark.anyio
async def test_a_new_game_whose_record_cannot_be_written_is_refused_and_the_table_stays(
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game = finished(save)
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")  # the new record's folder is a file
    session = Session(game, 0, ["random", "random"], seed=5, save=save,
                      sitting=Sitting(save=blocked / "game.json"))
    app = TableApp(session, delay=0)
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert status(app).startswith("Not possible: a new game cannot start: its record "
                                      "cannot be written (")
        assert session.game is game and session.save == save and session.seed == 5
        assert app.stage is Stage.GAME_OVER and not app.finished


def test_a_table_closed_after_several_games_prints_each_result_then_the_last_games_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cutthroat.tui.app import run_table

    first = ["Game over after 3 hands. Winner: You. Final score: You 3, Left 1, Right 0."]

    def two_games(self: TableApp, **_: object) -> None:
        self.finished = list(first)  # as if n had been pressed once

    monkeypatch.setattr(TableApp, "run", two_games)
    session = Session(Game(seed=3, players=seat_names(0)), 0, ["random", "random"],
                      save=tmp_path / "game-2.json")
    out: list[str] = []
    assert run_table(session, write=out.append) is False
    assert out == [*first, session.stopped_line()]


# --- quitting and resuming -----------------------------------------------------------


@pytest.mark.anyio
async def test_a_game_quit_and_resumed_goes_on_where_it_stopped(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game = Game(seed=3, players=seat_names(0))
    first = table(game, save=save, seed=3)
    async with first.run_test() as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        await pilot.press("q")
    assert first.return_value is False
    played = [str(m) for m in game.hands[-1].moves]
    again = resumed(save.read_text(encoding="utf-8"), 3)
    second = table(again, save=save, seed=3)
    async with second.run_test() as pilot:
        await settle(pilot)
        assert "Hand 1, resumed" in second.log_lines
        hand = again.hand
        assert hand is not None and [str(m) for m in hand.moves] == played
        await pilot.press("1")
        await settle(pilot)
    later = rec.replay(save.read_text(encoding="utf-8")).hands[-1]
    assert [str(m) for m in later.moves][:len(played)] == played
    assert len(later.moves) > len(played)


@pytest.mark.anyio
async def test_R17_a_hand_resumed_in_play_lists_its_finished_tricks_in_the_log(
        tmp_path: Path) -> None:
    """The table showed a resumed hand's trick counts and current trick but none of
    the tricks before it (the line game has 'tricks'): now the log lists them."""

    save = tmp_path / "game.json"
    game = Game(seed=8, players=seat_names(0))
    hand = game.deal()
    rng = random.Random(1)
    while not (hand.phase is Phase.PLAY and len(hand.tricks) == 2 and hand.to_act == 0):
        assert not hand.is_over and hand.to_act is not None
        view = game.view(hand.to_act)
        game.push("keep " + " ".join(str(c) for c in view.cards[:5])
                  if view.phase is Phase.KEEP else rng.choice(view.legal), hand.to_act)
    again = resumed(rec.dumps(game), 3)
    app = table(again, save=save, seed=3)
    async with app.run_test() as pilot:
        await settle(pilot)
        listed = [line for line in app.log_lines if line.startswith("  Trick ")]
        assert listed == app.session.trick_lines() and len(listed) == 2
        assert listed[0].startswith("  Trick 1: ") and " -> " in listed[0]
        assert app.log_lines.index(listed[0]) == app.log_lines.index("Hand 1, resumed") + 1


def test_a_table_closed_on_a_finished_game_prints_the_result_as_the_line_game_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cutthroat.bots import make_bot, play_game
    from cutthroat.tui.app import run_table

    save = tmp_path / "game.json"
    game = play_game(Game(Rules(target=3), seed=2, players=seat_names(0)),
                     [make_bot("random", s) for s in range(3)])
    monkeypatch.setattr(TableApp, "run", lambda self, **kw: None)
    out: list[str] = []
    assert run_table(Session(game, 0, ["random", "random"], save=save), write=out.append)
    assert out == Session(game, 0, ["random", "random"], save=save).game_over_lines()
    assert out[0].startswith(f"Game over after {len(game.hands)} hand"
                                             f"{'s' if len(game.hands) != 1 else ''}.")
    assert rec.replay(save.read_text(encoding="utf-8")).is_over


# --- the command line ----------------------------------------------------------------


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[TableApp]]:
    """``cutthroat play`` believes it runs on a terminal; the table it opens is not run
    but kept (as if the player quit at once)."""
    opened: list[TableApp] = []
    monkeypatch.setattr(play_cli, "_on_a_terminal", lambda: True)
    monkeypatch.setattr(TableApp, "run", lambda self, **kw: opened.append(self))
    yield opened


def play(tmp_path: Path, *args: str, stdin: str = "quit\n") -> tuple[int, str]:
    """``cutthroat play --bots random,random ARGS`` with ``stdin``: status, output."""
    save = tmp_path / "game.json"
    done = CliRunner().invoke(cli.app, ["play", "--bots", "random,random", "--seed", "3",
                                        "--save", str(save), *args], input=stdin)
    return done.exit_code, done.output


def test_play_on_a_terminal_opens_the_table(tmp_path: Path,
                                            terminal: list[TableApp]) -> None:
    status_, output = play(tmp_path)
    assert status_ == 0 and len(terminal) == 1
    assert terminal[0].session.save == tmp_path / "game.json"
    assert terminal[0].intro[0].startswith("Rules: ")
    saved = tmp_path / "game.json"
    assert output == (f"Stopped. The game is saved: {program()} play --resume "
                      f"{saved} --bots random,random --seed 3\n")


def test_plain_and_piped_input_play_line_by_line(tmp_path: Path,
                                                 terminal: list[TableApp]) -> None:
    status_, output = play(tmp_path, "--plain")
    assert status_ == 0 and not terminal
    assert "Type help for the moves, rules for how to play." in output
    assert "Stopped. The game is saved" in output


def test_play_paces_the_tables_bots_as_delay_says(tmp_path: Path,
                                                  terminal: list[TableApp]) -> None:
    from cutthroat.tui import DELAY

    for number, options in enumerate([["--delay", "0"], ["--delay", "1.5"], []]):
        (tmp_path / "game.json").unlink(missing_ok=True)
        status_, _ = play(tmp_path, *options)
        assert status_ == 0
        assert terminal[number].session.save == tmp_path / "game.json"
    assert [app.delay for app in terminal] == [0.0, 1.5, DELAY]
    assert DELAY == 0.4


@pytest.mark.parametrize("given", ["-1", "-0.5", "abc", "inf", "-inf", "nan", ""])
def test_a_delay_that_is_no_number_of_seconds_is_refused(
        tmp_path: Path, terminal: list[TableApp], given: str) -> None:
    status_, output = play(tmp_path, "--delay", given)
    box = " ".join(re.sub("[│╭╮╰╯─]", " ", output).split())
    assert status_ == 2 and "Invalid value for '--delay'" in box
    assert f"{given} is not a number of seconds: give one, 0 or more" in box
    assert not terminal and not (tmp_path / "game.json").exists()


@pytest.mark.anyio
async def test_a_bots_move_on_the_table_takes_at_least_the_delay() -> None:
    game = Game(seed=3, players=seat_names(0))
    hand = game.deal()
    assert hand.to_act is not None
    seat = (hand.to_act + 2) % 3  # the player bids third: two bots' moves first
    game = Game(seed=3, players=seat_names(seat))
    app = TableApp(Session(game, seat, ["random", "random"]), delay=0.15)
    started = time.monotonic()
    async with app.run_test() as pilot:
        await settle(pilot)
        assert app.stage is Stage.YOUR_MOVE and time.monotonic() - started >= 0.3
        assert game.hand is not None and len(game.hand.moves) == 2


def test_piped_input_plays_line_by_line(tmp_path: Path) -> None:
    status_, output = play(tmp_path, stdin="1\nquit\n")
    assert status_ == 0 and "Your move: 1) " in output


def test_without_textual_a_terminal_plays_line_by_line_and_says_how_to_get_the_table(
        tmp_path: Path, terminal: list[TableApp], monkeypatch: pytest.MonkeyPatch) -> None:
    import cutthroat.tui

    monkeypatch.setattr(cutthroat.tui, "available", lambda: False)
    status_, output = play(tmp_path)
    assert status_ == 0 and not terminal
    first = output.splitlines()[0]
    assert first == ("The full-screen table needs Textual (pip install "
                     "'cutthroat-euchre[tui]'); playing line by line.")
    assert "Type help for the moves" in output


def test_only_the_command_line_imports_the_table_and_only_the_table_imports_textual() -> None:
    """Imports flow one way (docs/architecture.md): the table may use the engine, the
    bots and the session; nothing else imports it but the command line's ``play``
    (``play_cli.py``, and ``cli.py`` which holds the app), and nothing else imports
    Textual."""
    source = Path(cli.__file__).parent
    for path in source.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        inside = path.parent.name == "tui"
        if not inside and path.name not in ("cli.py", "play_cli.py"):
            assert not re.search(r"^\s*from (?:\.|cutthroat\.)tui\b|^\s*import cutthroat\.tui",
                                 text, re.MULTILINE), path
        if not inside:
            assert not re.search(r"^\s*(?:from|import) textual\b", text, re.MULTILINE), path


class _Failing:
    """Your own bot, gone wrong: it raises, or chooses a card while bidding."""

    def __init__(self, how: str) -> None:
        self.name = how
        self.how = how

    def choose(self, view: object) -> str:
        if self.how == "raises":
            raise RuntimeError("boom")
        return "play JH"


@pytest.mark.anyio
@pytest.mark.parametrize(("how", "said"), [
    ("raises", "failed to choose a move: RuntimeError: boom"),
    ("errs", "chose 'play JH', which the rules refuse"),
])
async def test_a_bot_that_fails_closes_the_table_saying_which_and_keeps_the_game(
        tmp_path: Path, how: str, said: str) -> None:
    """Your own bot failing (docs/bots.md) stops the game as in the line game: the
    table closes, the record keeps every move made, and the bot and why are said."""
    save = tmp_path / "game.json"
    game = Game(seed=3, players=seat_names(0))
    session = Session(game, 0, ["random", "random"], save=save)
    session.bots = {1: _Failing(how), 2: _Failing(how)}  # type: ignore[dict-item]
    app = TableApp(session, delay=0)
    async with app.run_test() as pilot:
        for _ in range(200):  # play on until a bot is asked
            await pilot.pause()
            if app.return_value is not None:
                break
            if app.stage is Stage.YOUR_MOVE:
                await pilot.press("1")
            else:
                await app.workers.wait_for_complete()
    assert app.failure is not None and said in app.failure
    assert app.failure.startswith("The '")
    assert app.return_value is False
    saved = rec.replay(save.read_text(encoding="utf-8"))  # every move made, none lost
    assert [[str(m) for m in h.moves] for h in saved.hands] == [
        [str(m) for m in h.moves] for h in game.hands]
    assert game.hand is not None and game.hand.to_act in (1, 2)  # the bad move not made


def test_the_line_after_a_table_closed_by_a_failing_bot_says_which_bot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cutthroat.tui.app import run_table

    def failed(self: TableApp, **_: object) -> None:
        self.failure = "The 'raises' bot in seat 2 failed to choose a move: boom"

    monkeypatch.setattr(TableApp, "run", failed)
    session = Session(Game(seed=3, players=seat_names(0)), 0, ["random", "random"],
                      save=tmp_path / "game.json")
    out: list[str] = []
    assert run_table(session, write=out.append) is False
    assert out == ["The 'raises' bot in seat 2 failed to choose a move: boom",
                   session.stopped_line()]


def test_the_status_names_the_keys_of_one_move_or_of_several() -> None:
    """"press 1-3" for three moves, "press 1" for one (never "press 1-1"); the status
    line of every other wait, word for word."""
    from cutthroat.tui.table import Stage, _status

    game = Game(seed=1)
    game.deal()
    view = game.view(game.hand.to_act)
    three = _status(view, Stage.YOUR_MOVE, ["pass", "order", "alone"], False, False)
    one = _status(view, Stage.YOUR_MOVE, ["pass"], False, False)
    phase = phase_words(view)
    assert three == f"Your move ({phase}): press 1-3 or click; h for a hint."
    assert one == f"Your move ({phase}): press 1 or click; h for a hint."
    # and the status of each other wait, word for word
    assert _status(view, Stage.YOUR_MOVE, [], False, False) == f"Your move ({phase})."
    assert _status(view, Stage.YOUR_MOVE, ["pass"], False, True) == (
        "The expert is looking at your choices…")
    assert _status(view, Stage.YOUR_MOVE, [], True, False) == KEEP_SAID
    assert _status(view, Stage.COACH, [], False, False) == "The coach is looking at your move…"
    assert _status(view, Stage.HAND_OVER, [], False, False) == (
        "The hand is over: press 1 or Enter for the next hand.")
    # the stuck dealer (R10) is told why there is no pass
    from test_terminal_findings import stuck_dealer

    stuck, seat = stuck_dealer()
    dealer = stuck.view(seat)
    calls = list(dealer.legal)
    assert "pass" not in calls
    assert _status(dealer, Stage.YOUR_MOVE, calls, False, False) == (
        f"Your move ({phase_words(dealer)}; {STUCK}): press 1-{len(calls)} or click; h for "
        "a hint.")


@pytest.mark.anyio
@pytest.mark.parametrize(("size", "told"), [((60, 18), True), ((69, 24), True),
                                            ((80, 19), True), ((70, 20), False),
                                            ((40, 12), True), ((50, 10), True)])
async def test_a_terminal_too_small_for_the_table_is_told_so(size: tuple[int, int],
                                                             told: bool) -> None:
    """Below 70×20 the ten cards of a keep do not all fit: the status line says how big
    the terminal is and should be, rather than hiding cards without a word; at 70×20
    every card is on the screen. However small, the warning's first line is on the
    screen, above the keys' line at the foot."""

    game, seat = at_the_keep()
    app = table(game, seat)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        said = status(app)
        assert said == (f"This terminal is {size[0]}×{size[1]}: make it at least 70×20 to "
                        f"see every card. {KEEP_SAID}" if told else KEEP_SAID), said
        line = app.query_one(StatusLine).region
        assert line.height and line.y < size[1] - 1, line  # (the footer is the last row)
        if not told:
            cards = list(app.query(CardButton))
            assert len(cards) == 10 and all(c.region.right <= size[0] for c in cards)


def _widest_keep() -> tuple[Game, int]:
    """A keep of ten cards with the joker and three tens or more (benny's 25 cards):
    the widest row of cards there is ("0 Joker", "n 10♣")."""
    rules = Rules(deck=25)
    for seed in range(3000):
        hand = Hand.deal(rules, seed=seed)
        seat = hand.to_act
        assert seat is not None
        if hand.phase is not Phase.BID_FIRST:
            continue
        hand.push("order", seat)
        while hand.phase in (Phase.PICKUP, Phase.DISCARD, Phase.MAKER_CHOICE):
            legal = hand.legal_texts()
            hand.push("dummy" if "dummy" in legal else legal[0])
        if hand.phase is not Phase.KEEP or hand.to_act != seat:
            continue
        held = [str(c) for c in hand.cards(seat)]
        if "JO" in held and sum(c.startswith("T") for c in held) >= 3:
            game = Game(rules, players=seat_names(seat), first_dealer=hand.dealer)
            game.deal(hand.dealt)
            for move in hand.moves:
                game.push(move)
            return game, seat
    raise AssertionError("no keep with the joker and three tens")


@pytest.mark.anyio
async def test_a_keep_too_wide_for_70_columns_is_told_not_cut_off() -> None:
    """At 70×20, the smallest size said to show every card, the joker and three tens
    among the ten cards of a keep ran off the screen ("0 Jo") without a word: the table
    says how wide it must be for these cards, and at that width every card is there."""
    game, seat = _widest_keep()
    app = table(game, seat)
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        cards = list(app.query(CardButton))
        needs = app.query_one(HandRow).needs
        assert needs > 70 and f"make it at least {needs}×20" in status(app), status(app)
    app = table(game, seat)
    async with app.run_test(size=(needs, 20)) as pilot:
        await settle(pilot)
        cards = [c for c in app.query(CardButton) if c.display]
        assert len(cards) == 10 and all(c.region.right <= needs for c in cards)
        assert "make it at least" not in status(app)
    app = table(game, seat)
    async with app.run_test(size=(needs - 1, 20)) as pilot:  # a column less: one is cut
        await settle(pilot)
        cards = [c for c in app.query(CardButton) if c.display]
        assert any(c.region.right > needs - 1 for c in cards)
        assert f"make it at least {needs}×20" in status(app)


@pytest.mark.anyio
async def test_ctrl_c_quits_the_table_as_it_quits_the_line_game() -> None:
    """Ctrl-C on the table showed Textual's "Press ctrl+q to quit" and stayed: it
    quits, the game saved, as line by line."""
    game, seat = at_the_keep()
    app = table(game, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_value is False  # stopped before the end: to be resumed


@pytest.mark.anyio
async def test_R12_the_hints_keep_is_marked_on_the_cards() -> None:
    """At a keep the hint chose five cards, but none was marked: the player had to turn
    its card names into key numbers. The five are marked among the ten, and still
    readable: an outline painted over the one row of each (a QA pass)."""

    game, seat = at_the_keep()
    session = Session(game, seat, ["random", "random"], hint_samples=2)
    app = TableApp(session, delay=0)
    async with app.run_test(size=(120, 34)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        await pilot.press("escape")  # the hint's page closed: the table, marked
        await pilot.pause()
        assert app.best is not None and app.best.startswith("keep ")
        advised = set(parse_cards(app.best.split()[1:]))
        marked = {b.card for b in app.query(CardButton) if b.has_class("best")}
        assert marked == advised and len(marked) == 5
        [row] = [line for line in screen_lines(app) if line.lstrip().startswith("Cards")]
        assert shown_cards(row) == {str(card) for card in game.view(seat).cards}, row
        await pilot.press("1")  # a card chosen: the marks stay until the keep is made
        await pilot.pause()
        assert {b.card for b in app.query(CardButton) if b.has_class("best")} == advised


def test_R7_R8_the_dealers_order_is_labelled_as_picking_the_upcard_up() -> None:
    """The dealer's first-round ``order`` ("I accept", R7) takes the up-card (R8): its
    button says "pick up", as the hint and the coach name it; another seat's says
    "order up"."""
    hand = Game(seed=3, players=seat_names(0)).deal()
    up = face(hand.upcard)
    dealer, other = hand.view(hand.dealer), hand.view((hand.dealer + 1) % 3)
    assert move_label("order", dealer).plain == f"pick up {up}"
    assert move_label("order", other).plain == f"order up {up}"


def test_R13_a_defenders_labels_say_defend_alone_or_not() -> None:
    """A defender's choice (R13): "defend alone" or "don't defend alone", as the hint
    and the coach name them, not a bare "pass"."""
    game = Game(seed=3, players=seat_names(0))
    hand = game.deal()
    while hand.phase is not Phase.DEFENDER_CHOICE:
        hand.push("call S" if "call S" in map(str, hand.legal_actions()) else
                  next(a for a in hand.legal_actions() if a.verb.value != "alone"))
    view = hand.view(hand.to_act)
    assert move_label("pass", view).plain == "don't defend alone"
    assert move_label("alone", view).plain == "defend alone"


def test_R21_the_player_who_sits_out_is_told_so_in_the_second_person() -> None:
    """The trick area said "You sits out" under the player's seat when the other
    defender went alone (a QA pass): "You ... sit out", and "Left sits out" of another."""

    game = Game(seed=3, players=seat_names(0))
    hand = game.deal()
    for move in ("order", "pickup", "discard TC", "dummy", "keep QC KC AC 9D QD", "alone"):
        hand.push(move)
    assert hand.view(0).sitting_out == 0 and hand.maker == 1 and hand.alone == (2,)
    console = Console(width=100, file=io.StringIO(), record=True)
    console.print(trick_table(hand.view(0), ("You", "Left", "Right")))
    said = console.export_text()
    assert "You dealer, sit out" in said and "sits out" not in said, said


NAMES = ("Ann", "Bob", "Cy")


def _shown(renderable: object, width: int = 100) -> str:
    """What ``renderable`` looks like on a terminal ``width`` columns wide, as text."""
    console = Console(width=width, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


def _alone_against_the_dummy() -> object:
    """Seed 3, Ann (seat 0) deals and sits out: Bob makes hearts with the dummy, having
    buried five, Ann discarded the 10♣, and Cy defends alone (R13, R21)."""
    hand = Game(seed=3, players=seat_names(0)).deal()
    for move in ("order", "pickup", "discard TC", "dummy", "keep QC KC AC 9D QD", "alone"):
        hand.push(move)
    assert hand.maker == 1 and hand.alone == (2,) and hand.dealer == 0
    return hand


def test_a_card_face_says_10_for_a_ten_and_joker_for_the_joker() -> None:
    assert [face(Card.parse(c)) for c in ("TH", "9C", "AS", "JO")] == ["10♥", "9♣", "A♠",
                                                                       "Joker"]
    assert with_faces("Left plays JH, you play TC").plain == "Left plays J♥, you play 10♣"
    assert with_faces("no card here").plain == "no card here"


def test_R3_a_trump_is_underlined_the_left_bower_and_the_joker_with_it() -> None:
    """Each card in its colour; a trump underlined, the left bower (JD under hearts) and
    the joker included (R3), no other card."""
    assert card_text(Card.parse("JD"), Suit.HEARTS).style == "bold red underline"
    assert card_text(Card.parse("JO"), Suit.SPADES).style == "bold magenta underline"
    assert card_text(Card.parse("JD"), Suit.SPADES).style == "bold red"
    assert card_text(Card.parse("AC"), Suit.SPADES).style == "bold"
    assert card_text(Card.parse("JD")).style == "bold red"  # no trump yet


def test_move_labels_say_the_cards_and_suits_in_words() -> None:
    assert move_label("call S", None).plain == "call ♠ spades"
    assert move_label("call S", None, short=True).plain == "call ♠"  # a narrow screen
    assert move_label("trump H", None).plain == "name ♥ hearts"
    assert move_label("play TC", None).plain == "play 10♣"
    assert move_label("keep 9S JO", None).plain == "keep 9♠ Joker"
    assert move_label("pass", None).plain == "pass"
    hand = Game(seed=3, players=seat_names(0)).deal()
    hand.push("order")
    assert move_label("pickup", hand.view(hand.dealer)).plain == f"pick up {face(hand.upcard)}"


def test_the_phase_in_play_counts_the_trick_being_played() -> None:
    hand = _alone_against_the_dummy()
    said = []
    while not hand.is_over:
        view = hand.view(0)
        said.append(phase_words(view))
        hand.push(hand.legal_actions()[0])
    # two players a trick (one sits out): each trick's number twice, then the end
    assert said == [f"trick {n} of 5" for n in (1, 1, 2, 2, 3, 3, 4, 4, 5, 5)]
    assert phase_words(hand.view(0)) == "the hand is over"


def test_R13_R21_the_header_says_the_hand_how_trump_was_made_and_who_defends_alone() -> None:
    """The hand's number (none before the first), the up-card taken, the tricks of the
    two seats that play (not the one who sits out), trump and its maker with the dummy,
    and the lone defender: "you" to that defender, by name to the others."""
    hand = _alone_against_the_dummy()
    up = face(hand.upcard)
    ann = header_text(hand.view(0), NAMES, (1, 2, 3), 10, 2).plain
    assert ann.splitlines() == [
        "Hand 2 · Score Ann 1  Bob 2  Cy 3 (playing to 10)",
        f"Dealer Ann · Up-card {up} (taken) · Tricks Bob 0  Cy 0",
        "Trump ♥ hearts by Bob, with the dummy; Cy defends alone"]
    cy = header_text(hand.view(2), NAMES, (1, 2, 3), 10, 0).plain
    assert not cy.startswith("Hand")
    assert cy.splitlines()[-1] == "Trump ♥ hearts by Bob, with the dummy; you defend alone"
    assert header_text(None, NAMES, (0, 0, 0), 10, 0).plain == (
        "Score Ann 0  Bob 0  Cy 0 (playing to 10)")


def test_R13_the_header_says_a_maker_went_alone() -> None:
    hand = Game(seed=3, players=seat_names(0)).deal()
    for move in ("order", "pickup", "discard TC", "alone"):
        hand.push(move)
    while hand.phase is not Phase.PLAY:
        hand.push("pass" if "pass" in map(str, hand.legal_actions())
                  else hand.legal_actions()[0])
    assert hand.maker in hand.alone
    last = header_text(hand.view(1), NAMES, (0, 0, 0), 10, 1).plain.splitlines()[-1]
    assert last.startswith("Trump ") and f"by {NAMES[hand.maker]}, alone" in last
    assert "dummy" not in last and "defend" not in last


def test_R14_R21_the_trick_area_shows_each_seat_only_its_own_discards() -> None:
    """The dealer sees their discard, the maker the five they buried; nobody sees the
    other's, and the lone defender sees neither (R14). The seats' tags say who deals,
    makes, goes alone and sits out."""
    hand = _alone_against_the_dummy()
    ann, bob, cy = (_shown(trick_table(hand.view(s), NAMES)) for s in range(3))
    assert "you discarded 10♣" in ann and "buried" not in ann
    assert "you buried A♦ 9♠ J♠ A♠ 10♥" in bob and "discarded" not in bob
    assert "discarded" not in cy and "buried" not in cy
    assert "Ann dealer, sit out" in ann and "Bob maker" in ann and "Cy alone" in ann
    assert "Ann dealer, sits out" in cy
    for said in (ann, bob, cy):
        assert "trick 1" in said and "Bob to lead" in said


def test_the_trick_area_shows_the_trick_the_thinking_bot_and_the_last_trick() -> None:
    """While a trick is played: its cards, who led it and which bot is thinking; once it
    is over and until the next card is led, its cards and who took it."""
    hand = _alone_against_the_dummy()
    hand.push("play QC")
    said = _shown(trick_table(hand.view(0), NAMES, thinking=2))
    assert "Q♣" in said and "Bob led" in said and "thinking…" in said
    assert "to lead" not in said and "took it" not in said
    assert said.index("thinking…") > said.index("Cy alone")  # under Cy's name
    assert "thinking…" not in _shown(trick_table(hand.view(0), NAMES))
    hand.push(hand.legal_actions()[0])  # Cy's card ends the trick
    winner = NAMES[hand.view(0).tricks[-1].winner]
    said = _shown(trick_table(hand.view(0), NAMES))
    assert f"{winner} took it" in said and "trick 1" in said and "Q♣" in said
    assert "led" not in said


def test_the_trick_area_says_the_up_card_while_bidding() -> None:
    """Before play the middle of the table shows the up-card (R5), then that it was
    taken; no trick yet."""
    hand = Game(seed=3, players=seat_names(0)).deal()
    up = face(hand.upcard)
    lines = [line.strip() for line in _shown(trick_table(hand.view(1), NAMES)).splitlines()]
    middle = next(i for i, line in enumerate(lines) if "up-card" in line.split())
    assert lines[middle + 1] == up and "taken" not in lines and "trick" not in " ".join(lines)
    hand.push("order")
    hand.push("pickup")  # the dealer takes it (R8)
    lines = [line.strip() for line in _shown(trick_table(hand.view(1), NAMES)).splitlines()]
    assert "taken" in lines


def test_a_hint_page_without_options_is_its_lines_and_the_key_stays_apart() -> None:
    lines = ["You (seat 0) to act: first round of bidding", "Hint: pass - nothing to order"]
    said = _shown(hint_page(lines), 80)
    assert said.splitlines() == lines
    with_key = ["Hint: order - ordering KH up",
                "  order                    win  33.0%   points +0.55   side tricks 2.52   "
                "made 50%",
                "Key: win = your chance to win the game"]
    said = _shown(hint_page(with_key), 100).splitlines()
    assert said[0] == "Hint: order - ordering K♥ up"
    assert said[-1] == "Key: win = your chance to win the game"
    assert [line.split()[0] for line in said[1:-1]] == ["option", "order"]


def _centre(line: str, words: str) -> float:
    """The column at the middle of ``words`` in ``line``."""
    return line.index(words) + len(words) / 2


def test_the_trick_area_puts_the_left_seat_left_the_right_seat_right_and_the_player_below(
) -> None:
    """Each seat in its third of the width, its card under its name, the trick's words in
    the middle, the player's own seat centred below (a grid as wide as the screen)."""
    hand = _alone_against_the_dummy()
    hand.push("play QC")
    lines = _shown(trick_table(hand.view(0), NAMES), 90).splitlines()
    names, cards, words = lines[0], lines[1], lines[2]
    assert abs(_centre(names, "Bob maker") - 15) <= 2  # Bob is on Ann's left
    assert abs(_centre(names, "Cy alone") - 75) <= 2
    assert abs(_centre(cards, "Q♣") - 15) <= 2 and abs(_centre(cards, "·") - 75) <= 2
    assert abs(_centre(cards, "trick 1") - 45) <= 2 and abs(_centre(words, "Bob led") - 45) <= 2
    me = next(line for line in lines if "Ann dealer" in line)
    assert abs(_centre(me, "Ann dealer, sit out") - 45) <= 2
    # from Cy's seat, Ann (seat 0) is on the left and Bob on the right
    names = _shown(trick_table(hand.view(2), NAMES), 90).splitlines()[0]
    assert names.index("Ann") < names.index("Bob")


def test_the_trick_area_shows_the_last_trick_taken_not_the_first() -> None:
    """Between two tricks the middle shows the trick just taken: its number and cards."""
    hand = _alone_against_the_dummy()
    for _ in range(4):  # two tricks of two cards (Ann sits out)
        hand.push(hand.legal_actions()[0])
    view = hand.view(0)
    assert len(view.tricks) == 2 and not view.current_trick
    last = dict(view.tricks[-1].plays)
    said = _shown(trick_table(view, NAMES), 90)
    assert "trick 2" in said and f"{NAMES[view.tricks[-1].winner]} took it" in said
    assert face(last[1]) in said and face(last[2]) in said
    assert face(dict(view.tricks[0].plays)[2]) not in said


HINT_LINES = ["You (seat 0) to act: first round of bidding",
              "Hint: order - ordering it up",
              "Options (40 sampled deals each):",
              "  order                    win  33.0%   points +0.55   side tricks 2.52   made 50%",
              "  pass                     win   0.0%   points +0.00   side tricks 0.00   "
              "maker euchred 0%",
              "Key: win = your chance to win the game"]
"""The lines of a hint for a first-round bid, as ``hint_lines`` gives them."""


def test_a_hint_page_tables_every_option_and_keeps_a_long_option_on_one_line() -> None:
    """Every option line in the table, each figure right-aligned under its name, one
    column apart; the key after the table."""
    lines = HINT_LINES
    said = _shown(hint_page(lines), 100).splitlines()
    assert [line.rstrip() for line in said] == [
        "You (seat 0) to act: first round of bidding",
        "Hint: order - ordering it up",
        "Options (40 sampled deals each):",
        " option    win  points  side tricks  ended",
        " order   33.0%   +0.55         2.52  made 50%",
        " pass     0.0%   +0.00         0.00  maker euchred 0%",
        "Key: win = your chance to win the game"]


def test_a_hint_page_on_a_narrow_screen_keeps_each_move_on_one_line() -> None:
    """Short of width, the figures' columns wrap; the move itself never does, so its
    cards stay together ("keep 9♠ J♥ J♠ Q♦ 10♣" on its row)."""
    lines = ["Hint: keep 9S JH JS QD TC - keeping ...",
             "  keep 9S JH JS QD TC      win  33.0%   points +0.55   side tricks 2.52   "
             "maker euchred 50%"]
    said = _shown(hint_page(lines), 60).splitlines()
    [row] = [line for line in said if line.lstrip().startswith("keep")]
    assert "keep 9♠ J♥ J♠ Q♦ 10♣" in row and "33.0%" in row


@pytest.mark.anyio
@pytest.mark.parametrize("page", ["r", "question_mark", "h"])
async def test_ctrl_c_quits_over_a_page_too_and_q_there_closes_the_page(page: str) -> None:
    """Ctrl-C over a page (the rules, or a hint) did nothing at all: the table's quit
    was turned off over a page, so that the page's own q (which closes it) is the one
    its footer shows. q still closes the page; Ctrl-C quits, the game saved, as it
    does at the table and in the line game (``play`` then saves the game once more).
    ``?`` opens the rules as ``r`` does."""
    game, seat = at_the_keep()
    before = rec.dumps(game)
    app = table(game, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(page)
        await settle(pilot)
        assert isinstance(app.screen, TextPage)
        assert await footer_says(pilot, "esc Close")
        assert await footer_says(pilot, "Quit", shown=False)
        await pilot.press("q")  # the page's q: closes it, the game goes on
        await pilot.pause()
        assert not isinstance(app.screen, TextPage) and app.is_running
        await pilot.press(page)
        await settle(pilot)
        assert isinstance(app.screen, TextPage)
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_value is False  # stopped before the end: to be resumed
    assert rec.dumps(game) == before  # and no move made on the way


@pytest.mark.anyio
async def test_the_log_opens_with_the_intro_and_a_blank_line_comes_before_each_hand() -> None:
    """The lines ``play`` opens the table with (the rules, who sits where, where the game
    is saved) are the log's first; each hand's first line follows a blank one."""
    game = Game(seed=3, players=seat_names(0))
    intro = ["Rules: 24 cards, dummy, march 3, to 10, ties play on",
             "You play seat 0 against two random bots."]
    app = TableApp(Session(game, 0, ["random", "random"]), intro=intro, delay=0)
    rng = random.Random(5)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert app.log_lines[:2] == intro
        # (each key's words whole: the footer's row is padded with spaces)
        assert await footer_says(pilot, " 1-9 Choose ")
        assert await footer_says(pilot, " q Quit (saved) ")
        while len(game.hands) < 2:
            await choose_randomly(pilot, app, rng)
    heads = [i for i, line in enumerate(app.log_lines) if re.fullmatch(r"Hand \d+", line)]
    assert len(heads) == 2 and all(app.log_lines[i - 1] == "" for i in heads)
