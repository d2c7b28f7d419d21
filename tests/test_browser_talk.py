"""Table talk, end to end in Chromium: players talking, emoji and long lines counted as
the server counts them, a watcher who reads but cannot talk, a line refused, kept
while the server is down or not sent twice when its answer is lost, new lines out of
view on a phone, and no talk against two bots."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from browser_helpers import (
    RECONNECT_MS,
    Pages,
    _free_port,
    ann_and_ben,
    browser,
    create_game,
    pages,
    run_server,
    say,
    server,
    state,
    wait_for_turn,
    wait_until,
    watch,
)

__all__ = ["browser", "pages", "server"]  # the fixtures, used by name


def talk(page: Page) -> list[tuple[str, str]]:
    """The lines of table talk the page shows, oldest first: (name, text)."""
    lines = page.locator("#chat-lines .chat-line").evaluate_all(
        "els => els.map(e => [e.querySelector('.chat-name').textContent,"
        " e.querySelector('.chat-text').textContent])")
    return [(name, text) for name, text in lines]


MARKUP = "<img src=x onerror=alert(1)> <b>bold</b>"


def test_a_line_said_while_the_server_is_down_is_kept_with_why(tmp_path: Path,
                                                              pages: Pages) -> None:
    """Enter with the connection down says so by the input and keeps the line; once
    the page is connected again the same Enter sends it."""
    pages.allowed.append("WebSocket connection to")
    port, db = _free_port(), tmp_path / "games.db"
    page = pages.new()
    with run_server(port, db) as base:
        create_game(page, base, left="random", right="open")
        expect(page.locator("#connection")).to_have_text("Connected")
        expect(page.locator("#chat-panel")).to_be_visible()
    expect(page.locator("#connection")).to_contain_text("reconnecting")
    page.fill("#chat-input", "are you there?")
    page.press("#chat-input", "Enter")
    expect(page.locator("#chat-error")).to_contain_text("Not connected")
    expect(page.locator("#chat-input")).to_have_value("are you there?")
    with run_server(port, db):
        expect(page.locator("#connection")).to_have_text("Connected", timeout=RECONNECT_MS)
        page.press("#chat-input", "Enter")
        expect(page.locator("#chat-lines .chat-line")).to_have_count(1)
        expect(page.locator("#chat-lines")).to_contain_text("are you there?")
        expect(page.locator("#chat-input")).to_have_value("")
        expect(page.locator("#chat-error")).to_have_text("")


def test_a_line_whose_answer_is_lost_is_not_left_to_send_twice(server: str,
                                                               pages: Pages) -> None:
    """The connection drops after the server kept a line but before the page heard it
    back: the history heard on reconnecting holds it, so the input is cleared (it is
    not left there to be sent again), and the line shows once."""
    page = pages.new()
    create_game(page, server, left="random", right="open")
    expect(page.locator("#connection")).to_have_text("Connected")
    page.evaluate("""() => {  // the line's echo never arrives: the socket drops instead
        const ws = window.cutthroatSocket;
        const heard = ws.onmessage;
        ws.onmessage = (ev) => {
            if (JSON.parse(ev.data).type === "chat") { ws.onmessage = null; ws.close(); }
            else heard(ev);
        };
    }""")
    page.fill("#chat-input", "  see   you soon ")
    page.press("#chat-input", "Enter")
    expect(page.locator("#connection")).to_have_text("Connected")  # again, a new socket
    expect(page.locator("#chat-lines .chat-line")).to_have_count(1)
    expect(page.locator("#chat-lines")).to_contain_text("see you soon")
    expect(page.locator("#chat-input")).to_have_value("")
    expect(page.locator("#chat-send")).to_be_disabled()  # nothing left to send


def test_players_talk_at_the_table(server: str, pages: Pages) -> None:
    ann, ben, _ = ann_and_ben(pages, server)
    for page in (ann, ben):
        expect(page.locator("#chat-panel")).to_be_visible()
        expect(page.locator("#chat-panel")).to_contain_text("Nobody has said anything yet")
        expect(page.get_by_label("Say something to the table")).to_be_visible()
        assert page.get_attribute("#chat-input", "maxlength") is None  # counted below
        assert page.get_attribute("#chat-lines", "aria-live") == "polite"
    say(ann, "  good   luck, Ben! ")  # the server folds the spaces
    for page in (ann, ben):
        expect(page.locator("#chat-lines .chat-line")).to_have_count(1)
        assert talk(page) == [("Ann", "good luck, Ben!")]
        expect(page.locator("#chat-empty")).to_be_hidden()
    expect(ann.locator("#chat-input")).to_have_value("")  # cleared once the line came back
    expect(ann.locator(".chat-line").first).to_have_class(re.compile(r"\bmine\b"))
    expect(ben.locator(".chat-line").first).not_to_have_class(re.compile(r"\bmine\b"))
    # Markup is text: no element is made of it, and no script runs (a dialog fails the test).
    say(ben, MARKUP, press_enter=False)
    expected = [("Ann", "good luck, Ben!"), ("Ben", MARKUP)]
    for page in (ann, ben):
        expect(page.locator("#chat-lines .chat-line")).to_have_count(2)
        assert talk(page) == expected
        expect(page.locator("#chat-lines img, #chat-lines b")).to_have_count(0)
        expect(page.locator("#chat-lines")).to_contain_text("<img src=x")
        assert page.get_attribute(".chat-line >> nth=1", "data-n") == "2"
        assert page.locator(".chat-line time").first.get_attribute("title")  # when it was said
    # No move error for a line said.
    expect(ann.locator("#error")).to_be_empty()
    # After a reload the talk is there again, once; a socket that connects again hears
    # it again, and shows each line once.
    ben.reload()
    expect(ben.locator("#chat-lines .chat-line")).to_have_count(2)
    assert talk(ben) == expected
    expect(ben.locator(".chat-line.mine .chat-name")).to_have_text("Ben")
    ben.evaluate("window.oldSocket = window.cutthroatSocket; window.oldSocket.close()")
    wait_until(ben, "window.cutthroatSocket !== window.oldSocket"
               " && window.cutthroatSocket.readyState === WebSocket.OPEN")
    say(ann, "still here?")  # Ben's socket hears it after the history
    expect(ben.locator("#chat-lines .chat-line")).to_have_count(3)
    assert talk(ben) == [*expected, ("Ann", "still here?")]
    # The newest line is in view (Ann's tenth line in 30 seconds: the most she may say).
    for i in range(7):
        say(ann, f"line {i} " + "words " * 20)
        expect(ben.locator("#chat-lines .chat-line")).to_have_count(4 + i)
    wait_until(ben, """() => {
        const l = document.getElementById('chat-lines');
        return l.scrollHeight > l.clientHeight
            && l.scrollHeight - l.scrollTop - l.clientHeight < 2; }""")


def test_emoji_lines_and_names_as_long_as_the_server_takes(server: str,
                                                           pages: Pages) -> None:
    """The page takes what the server takes, counted as it counts (characters, not a
    browser's UTF-16 units): a name of 24 with emoji, a line of 200 emoji or of 200
    letters, emoji joined into one (👨‍👩‍👧); a longer line is held back with why."""
    name = "Ann " + "🃏" * 15 + "👨\u200d👩\u200d👧"  # 24 characters, 42 UTF-16 units
    ann = pages.new()
    ann.goto(server + "/")
    expect(ann.locator("#seat1 option[value=random]")).to_have_count(1)
    expect(ann.locator("#name-cut")).to_have_text("")
    ann.locator("#name").press_sequentially(name + "x")  # the box stops at 24 characters
    expect(ann.locator("#name")).to_have_value(name)
    expect(ann.locator("#name-cut")).to_have_text(  # and says so
        "A name is at most 24 characters: the rest was left out.")
    ann.select_option("#seat2", "open")
    ann.click("#start")
    ann.wait_for_url("**/?game=*")
    expect(ann.locator("#chat-panel")).to_be_visible()
    assert state(ann)["players"][0]["name"] == name
    for text in ("😀" * 200, "x" * 200, "🏳️\u200d🌈 gg 👩🏽\u200d💻"):
        ann.locator("#chat-input").fill("")
        ann.locator("#chat-input").press_sequentially(text)
        ann.press("#chat-input", "Enter")
        expect(ann.locator("#chat-input")).to_have_value("")
        expect(ann.locator("#chat-lines .chat-line").last.locator(".chat-text")).to_have_text(text)
    expect(ann.locator("#chat-lines .chat-name").first).to_have_text(name)
    count = ann.locator("#chat-count")
    expect(count).to_be_hidden()
    ann.locator("#chat-input").fill("😀" * 170)  # near the limit: counted as the server counts
    expect(count).to_have_text("170/200 characters")
    ann.locator("#chat-input").fill("x" * 201)
    expect(count).to_have_text("201/200 characters: 1 too many")
    ann.press("#chat-input", "Enter")
    expect(ann.locator("#chat-error")).to_have_text(
        "A line may be at most 200 characters long: this one has 201.")
    expect(ann.locator("#chat-input")).to_have_value("x" * 201)
    ann.locator("#chat-input").fill("y" * 500)  # a long paste is kept whole, and counted
    ann.press("#chat-input", "Enter")
    expect(ann.locator("#chat-error")).to_have_text(
        "A line may be at most 200 characters long: this one has 500.")
    expect(ann.locator("#chat-lines .chat-line")).to_have_count(3)


def test_a_watcher_reads_the_talk_but_cannot_talk(server: str, pages: Pages) -> None:
    ann, _, game = ann_and_ben(pages, server)
    say(ann, "hello, whoever watches")
    expect(ann.locator("#chat-input")).to_have_value("")
    watcher = pages.new()
    watch(watcher, server, game)
    panel = watcher.locator("#chat-panel")
    expect(panel).to_be_visible()
    expect(watcher.locator("#chat-lines .chat-line")).to_have_count(1)  # the history
    assert talk(watcher) == [("Ann", "hello, whoever watches")]
    expect(watcher.locator("#chat-readonly")).to_have_text("Only the players can talk.")
    expect(watcher.locator("#chat-form")).to_be_hidden()
    expect(panel.locator("input:visible, button:visible")).to_have_count(0)
    expect(watcher.locator(".chat-line.mine")).to_have_count(0)
    say(ann, "a second line")
    expect(watcher.locator("#chat-lines .chat-line")).to_have_count(2)
    assert talk(watcher)[-1] == ("Ann", "a second line")


def test_a_refused_line_stays_in_the_input_with_its_reason(server: str, pages: Pages) -> None:
    ann, ben, _ = ann_and_ben(pages, server)
    ann.fill("#chat-input", "   ")
    expect(ann.locator("#chat-send")).to_be_disabled()  # a blank line is not sent
    # One seat may say 10 lines in 30 seconds (docs/protocol.md, "Table talk").
    for i in range(10):
        say(ann, f"line {i + 1}")
        expect(ann.locator("#chat-input")).to_have_value("")
    expect(ben.locator("#chat-lines .chat-line")).to_have_count(10)
    say(ann, "one line too many")
    expect(ann.locator("#chat-error")).to_contain_text("talking too fast")
    expect(ann.locator("#chat-error")).to_be_visible()
    expect(ann.locator("#chat-input")).to_have_value("one line too many")
    expect(ann.locator("#error")).to_be_empty()  # not a move's error
    expect(ann.locator("#chat-lines .chat-line")).to_have_count(10)
    expect(ben.locator("#chat-lines .chat-line")).to_have_count(10)
    expect(ben.locator("#chat-error")).to_be_empty()
    # Ben is not held back by Ann's talking, and his line clears nothing of hers.
    say(ben, "slow down, Ann")
    expect(ann.locator("#chat-lines .chat-line")).to_have_count(11)
    expect(ann.locator("#chat-input")).to_have_value("one line too many")


def test_a_phone_shows_new_lines_out_of_view(server: str, pages: Pages) -> None:
    ann, ben, _ = ann_and_ben(pages, server, ben_size=(390, 844))
    expect(ben.locator("#chat-panel")).not_to_be_in_viewport()  # below the table
    say(ann, "your turn, Ben")
    unread = ben.locator("#chat-unread")
    expect(unread).to_have_text("1 new line of table talk")
    say(ann, "are you there?")
    expect(unread).to_have_text("2 new lines of table talk")
    unread.click()
    expect(ben.locator("#chat-panel")).to_be_in_viewport()
    expect(unread).to_be_hidden()
    assert talk(ben)[-1] == ("Ann", "are you there?")


def test_no_table_talk_against_two_bots(server: str, pages: Pages) -> None:
    page = pages.new()
    create_game(page, server, seed=5)
    wait_for_turn(page)
    panel = page.locator("#chat-panel")
    expect(panel).to_have_count(1)
    expect(panel).to_be_hidden()  # nobody to talk to
    # A line said all the same (the protocol lets a seat talk to the bots) is shown.
    page.evaluate("window.cutthroatSocket.send(JSON.stringify({type: 'say', text: 'hm'}))")
    expect(panel).to_be_visible()
    assert talk(page) == [("Ann", "hm")]
