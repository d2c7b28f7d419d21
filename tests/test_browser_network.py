"""A QA play over the network's findings, played in the browser as tests/browser_helpers.py
plays it (the same server, browser and page helpers): two pages of one seat moving at
once, a line of talk typed while the connection is down, and the controls that send to
the server while it is down (the keep's cards, "Let a bot play for me", "Next hand",
...): disabled then, back on reconnecting."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from browser_helpers import (
    Pages,
    _finished_game_of_two,
    _seat_page,
    browser,
    create_game,
    pages,
    server,
    state,
    take_turn,
    wait_for_turn,
    wait_until,
)

__all__ = ["browser", "pages", "server"]  # the fixtures, used by name

NOT_NEEDED = ("That move was not needed: the game had already moved on (another tab or a"
              " slow link); here is the latest.")


def _to_phase(page: Page, phase: str) -> None:
    """Play this seat's moves (take_turn) until its turn comes in ``phase``."""
    for _ in range(10):
        wait_for_turn(page)
        if state(page)["view"]["phase"] == phase:
            return
        take_turn(page)
    raise AssertionError(f"this seat's turn never came in {phase}")


def _go_offline(page: Page) -> None:
    """The device goes offline: the page takes its connection for lost at once."""
    page.context.set_offline(True)
    expect(page.locator("#connection")).to_contain_text("Connection lost")


def _go_online(page: Page) -> None:
    """Back online: the page connects again (a new socket: offline, it tries none)."""
    page.context.set_offline(False)
    expect(page.locator("#connection")).to_have_text("Connected")


def test_a_move_made_in_another_tab_first_is_no_error_but_a_refusal_still_is(
        server: str, pages: Pages) -> None:
    """Two pages of one seat press a move at once: the server makes the first and
    refuses the second (the game has moved on), whose page heard the first one's state
    already. That page says, in a plain word that is no error, that its move was not
    needed; the word goes with the next newer state. A refusal while the page still
    shows the state it moved from is shown as a refusal, as before."""
    first = pages.new()
    game = create_game(first, server, seed=9)  # Ann calls, takes the dummy, keeps: no bot between
    # The seat in a second window (a tab of its own context: a background tab of the
    # same window would be slowed down), by the seat's token.
    token = first.evaluate("g => localStorage.getItem(`cutthroat:token:${g}`)", game)
    second = _seat_page(pages, server, game, token)
    _to_phase(first, "bid_second")
    version = state(first)["version"]
    wait_until(second, "v => window.cutthroatState.version === v", arg=version)
    # The second tab's move leaves only once the first tab's move is made (a slow link).
    second.evaluate("""() => {
        const ws = window.cutthroatSocket, send = ws.send.bind(ws);
        window.held = [];
        ws.send = (text) => JSON.parse(text).type === "act" ? window.held.push(text) : send(text);
        window.release = () => { ws.send = send; window.held.splice(0).forEach(send); };
    }""")
    button = second.locator('[data-action^="call "]').first  # Ann calls
    action = button.get_attribute("data-action")
    button.click()
    expect(first.locator(f'[data-action="{action}"]')).to_be_enabled()
    first.locator(f'[data-action="{action}"]').click()
    wait_until(second, "v => window.cutthroatState.version > v", arg=version)
    assert state(second)["view"]["phase"] == "maker_choice"
    second.evaluate("window.release()")
    expect(second.locator("#move-note")).to_have_text(NOT_NEEDED)
    expect(second.locator("#error")).to_be_empty()
    assert state(second)["version"] == version + 1  # nothing else was made
    # The next state takes the word away.
    take_turn(first)  # take the dummy
    wait_until(second, "v => window.cutthroatState.version > v", arg=version + 1)
    expect(second.locator("#move-note")).to_be_empty()
    # A refusal of a move chosen on the state the tab still shows is an error, as before.
    keeping = state(second)["version"]
    second.evaluate("""() => {  // the states stop reaching this tab
        const ws = window.cutthroatSocket, heard = ws.onmessage;
        ws.onmessage = (ev) => { if (JSON.parse(ev.data).type !== "state") heard(ev); };
    }""")
    take_turn(first)  # the keep
    cards = second.locator("#hand button[data-card]")
    for i in range(5):
        cards.nth(i).click()
    second.click("#keep-button")
    expect(second.locator("#error")).to_contain_text("The game has moved on")
    expect(second.locator("#move-note")).to_be_empty()
    assert state(second)["version"] == keeping


def test_a_line_typed_while_the_connection_is_down_waits_for_send_again(
        server: str, pages: Pages) -> None:
    """Send with the connection down keeps the line in the box and says to press Send
    again once connected (it is not sent by itself); connected again, the note says so,
    as no error, and Send says it."""
    pages.allowed.append("WebSocket connection to")
    page = pages.new()
    create_game(page, server, left="random", right="open")
    expect(page.locator("#chat-panel")).to_be_visible()
    _go_offline(page)
    page.fill("#chat-input", "back in a minute")
    page.press("#chat-input", "Enter")
    note = page.locator("#chat-error")
    expect(note).to_have_text("Not connected: your line stays here; press Send again once"
                              " the connection is back.")
    red = note.evaluate("e => getComputedStyle(e).color")
    _go_online(page)
    expect(note).to_have_text("Connected again: press Send to say it.")
    assert note.evaluate("e => getComputedStyle(e).color") != red  # no error now
    expect(page.locator("#chat-input")).to_have_value("back in a minute")
    expect(page.locator("#chat-lines .chat-line")).to_have_count(0)  # not sent by itself
    page.click("#chat-send")
    expect(page.locator("#chat-lines .chat-line")).to_have_count(1)
    expect(page.locator("#chat-input")).to_have_value("")
    expect(note).to_be_empty()


def test_the_cards_of_a_keep_are_disabled_while_the_connection_is_down(
        server: str, pages: Pages) -> None:
    """Keeping five of ten with the connection down: the ten cards are aria-disabled (as
    the cards are in every other phase then), and the keep button disabled; connected
    again they may be picked, and the cards picked before are still picked."""
    pages.allowed.append("WebSocket connection to")
    page = pages.new()
    create_game(page, server, seed=9)  # Ann takes the dummy and keeps
    _to_phase(page, "keep")
    cards = page.locator("#hand button[data-card]")
    expect(cards).to_have_count(10)
    for i in range(5):
        cards.nth(i).click()
    expect(page.locator("#keep-button")).to_be_enabled()
    _go_offline(page)
    expect(page.locator('#hand button[data-card][aria-disabled="true"]')).to_have_count(10)
    expect(page.locator("#keep-button")).to_be_disabled()
    _go_online(page)
    expect(page.locator('#hand button[data-card][aria-disabled="true"]')).to_have_count(0)
    expect(page.locator('#hand [aria-pressed="true"]')).to_have_count(5)
    expect(page.locator("#keep-button")).to_be_enabled()


def _expect_enabled_only_online(page: Page, selectors: list[str]) -> None:
    """Each control is enabled, disabled once the connection is down, enabled again."""
    for selector in selectors:
        expect(page.locator(selector)).to_be_enabled()
    _go_offline(page)
    for selector in selectors:
        expect(page.locator(selector)).to_be_disabled()
    _go_online(page)
    for selector in selectors:
        expect(page.locator(selector)).to_be_enabled()


def test_every_control_that_sends_is_disabled_while_the_connection_is_down(
        server: str, pages: Pages) -> None:
    """Like the moves and the hint: "Let a bot play for me" (and its dialog's yes),
    "Next hand", "Play again" and "Review my game" are disabled while the connection is
    down, and enabled again once it is back."""
    pages.allowed.append("WebSocket connection to")
    page = pages.new()
    create_game(page, server, seed=8)
    wait_for_turn(page)
    _expect_enabled_only_online(page, ["#self-standin button[data-standin]", "#standin-yes"])
    # The hand over: "Next hand" (a state of it, made by the page's own socket).
    while take_turn(page):
        pass
    _expect_enabled_only_online(page, ["#next-hand"])
    # The game over: "Play again" and the review.
    game, ann, _ = _finished_game_of_two(server, page)
    over = _seat_page(pages, server, game, ann["token"])
    _expect_enabled_only_online(over, ["#rematch", "#review-button"])
