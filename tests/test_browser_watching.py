"""Watching games, end to end in Chromium: a finished game watched again move by move,
a record file opened in the lobby, a link to a replay's move, and three bots watched
from the lobby with every card face up."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from browser_helpers import (
    FITS,
    Pages,
    _finished_game_of_two,
    _free_port,
    assert_frame_shown,
    browser,
    create_game,
    in_symbols,
    pages,
    play_to_the_end,
    replay_data,
    replay_frame,
    run_server,
    server,
    wait_until,
    watch,
)

__all__ = ["browser", "pages", "server"]  # the fixtures, used by name


def test_a_finished_game_watched_again_move_by_move(server: str, pages: Pages) -> None:
    """At the end of a game, "Watch it again" steps through it with every card face up:
    buttons, the arrow keys, Page Up and Page Down, the slider; a watcher finds it too."""
    page = pages.new()
    game = create_game(page, server, seed=5, rules="short")
    final = play_to_the_end(page)
    page.click("#replay-link")
    page.wait_for_url(f"**/?replay={game}")
    data = replay_data(page)
    frames, hands = data["frames"], data["hands"]
    assert len(hands) == final["hand_number"] >= 2
    first = assert_frame_shown(page, 0)
    assert first["move"] is None
    expect(page.locator("#replay-where")).to_have_text(f"Hand 1 of {len(hands)} · the deal")
    expect(page.locator("#replay-prev")).to_be_disabled()
    page.click("#replay-next")
    assert assert_frame_shown(page, 1)["move"] == frames[1]["move"]
    expect(page.locator("#replay-where")).to_have_text(
        f"Hand 1 of {len(hands)} · move 1 of {hands[0]['count'] - 1}")
    page.keyboard.press("ArrowRight")
    assert_frame_shown(page, 2)
    page.keyboard.press("ArrowLeft")
    assert_frame_shown(page, 1)
    page.click("#replay-prev")
    assert_frame_shown(page, 0)
    page.keyboard.press("ArrowDown")  # the next hand's deal
    assert_frame_shown(page, hands[1]["first"])
    page.keyboard.press("ArrowRight")
    page.keyboard.press("PageUp")  # back to this hand's deal, then the one before
    assert_frame_shown(page, hands[1]["first"])
    page.keyboard.press("PageUp")
    assert_frame_shown(page, 0)
    page.keyboard.press("PageDown")
    assert_frame_shown(page, hands[1]["first"])
    page.click("#replay-prev-hand")
    assert_frame_shown(page, 0)
    page.click("#replay-next-hand")
    assert_frame_shown(page, hands[1]["first"])
    end = hands[0]["count"] - 1  # the first hand's end: its result and the scores after it
    page.locator("#replay-slider").fill(str(end))
    last = assert_frame_shown(page, end)
    assert last["scores"] == hands[0]["scores_after"]
    expect(page.locator("#replay-text")).to_contain_text(in_symbols(hands[0]["text"][1:]))
    page.locator("#replay-slider").focus()  # the slider's keys step as the page's do
    page.keyboard.press("ArrowRight")
    assert_frame_shown(page, end + 1)
    page.click("#replay-end")
    assert_frame_shown(page, len(frames) - 1)
    assert data["scores"] == final["scores"] == replay_frame(page)["scores"]
    expect(page.locator("#replay-next")).to_be_disabled()
    for winner in final["winners"]:
        expect(page.locator("#replay-scores tr.winner")).to_contain_text(
            final["players"][winner]["name"])
    names = " and ".join(final["players"][w]["name"] for w in final["winners"])
    expect(page.locator("#replay-outcome")).to_have_text(  # who won, said in words
        f"Game over: {names} {'share the win' if len(final['winners']) > 1 else 'wins'} "
        f"with {max(final['scores'])} points.")
    page.click("#replay-start")
    expect(page.locator("#replay-outcome")).to_have_count(0)  # only at the very end
    assert_frame_shown(page, 0)
    assert page.evaluate(FITS)
    phone = pages.new(360, 740)  # a watcher of the game, on a phone
    watch(phone, server, game)
    phone.click("#replay-link")
    phone.wait_for_url(f"**/?replay={game}")
    assert_frame_shown(phone, 0)
    keeps = [i for i, f in enumerate(frames) if any(len(c) == 10 for c in f["cards"])]
    for index in [*keeps[:1], len(frames) - 1]:  # ten cards in a hand, the end
        phone.locator("#replay-slider").fill(str(index))
        assert_frame_shown(phone, index)
        assert phone.evaluate(FITS)


def test_a_record_file_opened_in_the_lobby(server: str, pages: Pages) -> None:
    """The lobby's "Open a record…" shows any record file as a finished game's page
    does (here the joker turned up, RECORD.md's example 05); one the rules refuse is
    refused with where and why (example 09, a renege)."""
    examples = Path(__file__).resolve().parents[2] / "shared" / "examples"
    expected = json.loads((examples / "05-joker-turned-up.expected.json").read_text())
    page = pages.new(360, 740)
    page.goto(server + "/")
    page.set_input_files("#record-file", str(examples / "05-joker-turned-up.json"))
    expect(page.locator("#replay-title")).to_have_text("05-joker-turned-up.json, watched again")
    expect(page.locator("#lobby")).to_be_hidden()
    assert_frame_shown(page, 0)
    data = replay_data(page)
    assert len(data["hands"]) == len(expected["hands"])
    page.click("#help-button")  # How to play: the record's rules, not the lobby's
    expect(page.locator("#help-game-rules")).to_have_text(data["rules_text"])
    expect(page.locator("#how-to-play")).to_contain_text("the joker is highest")
    page.keyboard.press("Escape")
    expect(page.locator("#how-to-play")).to_be_hidden()
    page.keyboard.press("End")
    assert_frame_shown(page, len(data["frames"]) - 1)
    assert replay_frame(page)["scores"] == expected["scores"]
    assert page.evaluate(FITS)
    joker = next(h for h in data["hands"] if h["upcard"] == "JO")  # trump named blind (R6)
    page.locator("#replay-slider").fill(str(joker["first"] + 1))
    assert_frame_shown(page, joker["first"] + 1)
    expect(page.locator("#replay-text")).to_contain_text("blind")
    pages.allowed.append("status of 400")  # Chromium logs the refused request
    page.goto(server + "/")
    page.set_input_files("#record-file", str(examples / "09-renege-refused.json"))
    error = page.locator("#record-error")
    expect(error).to_contain_text("09-renege-refused.json cannot be shown: hand 1, action 9 "
                                  "(2 play 9S):")  # counted from 1, as replay says it
    expect(page.locator("#replay")).to_be_hidden()
    page.set_input_files("#record-file", str(examples / "01-standard-full-game.json"))
    expect(page.locator("#replay-title")).to_have_text("01-standard-full-game.json, watched again")
    expect(error).to_be_empty()
    page.goto(server + "/")  # a game not finished (example 07) says so
    page.set_input_files("#record-file", str(examples / "07-in-progress.json"))
    expect(page.locator("#replay-title")).to_have_text(
        "07-in-progress.json, watched again (not finished: it stops at its latest move)")


def _at(page: Page, address: str) -> None:
    """Wait until the address bar says ``address``, exactly."""
    page.wait_for_url(lambda url: url == address)


def test_a_link_opens_a_replay_at_its_move_and_follows_the_steps(server: str,
                                                                  pages: Pages) -> None:
    """``/?replay=ID&move=N`` opens the finished game at frame N; each step writes the
    frame shown into the address (one history entry for the whole replay: Back leaves
    it), so a reload lands on the same frame; "Copy link to this move" copies that
    address. A move beyond the game is the game's end; one that is no number is ignored."""
    page = pages.new()
    game, _ann, _ben = _finished_game_of_two(server, page)
    frames = page.request.get(f"{server}/api/games/{game}/replay").json()["frames"]
    assert len(frames) >= 4
    n = min(7, len(frames) - 2)
    page.goto(server + "/")
    page.goto(f"{server}/?replay={game}&move={n}")
    assert_frame_shown(page, n)
    _at(page, f"{server}/?replay={game}&move={n}")
    page.click("#replay-next")
    assert_frame_shown(page, n + 1)
    _at(page, f"{server}/?replay={game}&move={n + 1}")
    page.reload()
    assert_frame_shown(page, n + 1)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page.click("#replay-copy")
    expect(page.locator("#replay-copy")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == page.url
    page.keyboard.press("Home")  # the deal: the address needs no move
    assert_frame_shown(page, 0)
    _at(page, f"{server}/?replay={game}")
    expect(page.locator("#replay-copy")).to_have_text("Copy link to this move")
    page.keyboard.press("ArrowRight")
    _at(page, f"{server}/?replay={game}&move=1")
    page.go_back()  # the steps made no history entries: Back leaves the replay
    _at(page, server + "/")
    expect(page.locator("#lobby")).to_be_visible()
    for asked, shown in [("99999", len(frames) - 1), ("-3", 0), ("seven", 0), ("", 0)]:
        page.goto(f"{server}/?replay={game}&move={asked}")
        assert_frame_shown(page, shown)
        _at(page, f"{server}/?replay={game}" + (f"&move={shown}" if shown else ""))
    page.goto(f"{server}/?replay={game}&move=2")  # where the browser will not copy
    assert_frame_shown(page, 2)
    page.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page.click("#replay-copy")
    field = page.locator("#replay-link-field")
    expect(field).to_be_visible()
    expect(field).to_have_value(f"{server}/?replay={game}&move=2")
    expect(field).to_be_focused()
    assert page.evaluate("(f => f.selectionStart === 0 && f.selectionEnd === f.value.length)"
                         "(document.getElementById('replay-link-field'))")
    expect(page.locator("#replay-copy")).to_have_text("Press Ctrl+C to copy")


def test_a_record_file_has_no_link_to_its_moves(server: str, pages: Pages) -> None:
    """A record opened from a file is on no server's list: no "Copy link to this move",
    and stepping through it leaves the address alone."""
    examples = Path(__file__).resolve().parents[2] / "shared" / "examples"
    page = pages.new()
    page.goto(server + "/")
    page.set_input_files("#record-file", str(examples / "05-joker-turned-up.json"))
    assert_frame_shown(page, 0)
    page.keyboard.press("ArrowRight")
    assert_frame_shown(page, 1)
    page.keyboard.press("End")
    assert_frame_shown(page, len(replay_data(page)["frames"]) - 1)
    expect(page.locator("#replay-share")).to_be_hidden()
    assert page.url == server + "/"


SHOWN_FACE_UP = """() => {
  const s = window.cutthroatState;
  const shown = [0, 1, 2].map((seat) => [...document.querySelectorAll(
    `#layout .replay-cards[data-seat="${seat}"] [data-card]`)].map((e) => e.dataset.card));
  return { cards: s.face_up.cards, shown, hand: s.hand_number };
}"""
"""Each seat's cards in the last state, and those the page shows under each seat (read
at once: the page draws each state as it comes)."""


def test_three_bots_watched_from_the_lobby_every_card_face_up_with_reasons(
        tmp_path: Path, pages: Pages) -> None:
    """The lobby's "Watch three bots play": three cheap bots chosen, "Watch" opens the
    game as a watcher; every seat's cards are face up, named in words, each move in the
    log has the bot's reason (said in the live region too), and the next hand is dealt
    by itself."""
    with run_server(_free_port(), tmp_path / "games.db", "--watch-pace", "0.1",
                    "--hand-pause", "1", pages=pages) as base:
        page = pages.new()
        page.goto(base + "/")
        expect(page.locator("#watch-bot0 option[value=beginner]")).to_have_count(1)
        expect(page.locator("#watch-bot1")).to_have_value("expert")
        page.get_by_label("First bot").select_option("beginner")
        page.get_by_label("Second bot").select_option("intermediate")
        page.get_by_label("Third bot").select_option("beginner")
        page.get_by_label("Rules of the game to watch").select_option("standard")
        page.get_by_label("Seed of the game to watch (optional)").fill("5")
        page.get_by_role("button", name="Watch", exact=True).click()
        page.wait_for_url("**/?watch=*")
        expect(page.locator("#watch-intro")).to_contain_text("You are watching three bots play")
        wait_until(page, "window.cutthroatState?.face_up?.cards.flat().length >= 10")
        seen = page.evaluate(SHOWN_FACE_UP)
        assert [sorted(c) for c in seen["shown"]] == [sorted(c) for c in seen["cards"]]
        card = page.locator("#layout .replay-cards [data-card]").first
        expect(card).to_have_attribute("role", "img")
        expect(card).to_have_attribute("aria-label", re.compile(r"^\w+ of \w+|^joker"))
        expect(page.locator("#face-up-aside")).to_contain_text("Kitty")
        reason = page.locator("#log .reason").first
        expect(reason).to_be_visible()
        assert len(reason.inner_text()) > 5
        expect(page.locator("#announcer")).to_contain_text("Reason:")
        assert page.locator("#hand button").count() == 0  # a watcher holds no cards
        wait_until(page, "window.cutthroatState.hand_number >= 2")  # dealt by itself
        wait_until(page, "window.cutthroatState.face_up.cards.flat().length >= 10")
        seen = page.evaluate(SHOWN_FACE_UP)
        assert seen["hand"] >= 2
        assert [sorted(c) for c in seen["shown"]] == [sorted(c) for c in seen["cards"]]
