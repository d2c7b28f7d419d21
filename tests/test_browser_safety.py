"""What the page keeps safe, end to end in Chromium: it works under the server's content
policy, the talk makes links of this server's game addresses alone, and a watcher sees
the table but none of a player's hidden cards (R14), and may act in no game."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from browser_helpers import (
    HEAR,
    Pages,
    assert_frame_shown,
    browser,
    card_name,
    card_text,
    create_game,
    heard,
    my_cards,
    pages,
    play_to_the_end,
    server,
    state,
    take_turn,
    wait_for_turn,
    wait_until,
    watch,
)

__all__ = ["browser", "pages", "server"]  # the fixtures, used by name


def test_the_page_runs_under_its_own_content_policy(server: str, pages: Pages) -> None:
    """The server's Content-Security-Policy allows scripts, styles and connections from
    itself alone: the lobby, a game (its WebSocket included), a hand played, the rules
    and the replay of a game all work under it, and the browser reports no violation
    (each would be a console error, which fails the test)."""
    page = pages.new()
    game = create_game(page, server, seed=5, rules="short")
    watcher = pages.new()
    watcher.goto(f"{server}/?watch={game}")
    expect(watcher.locator("#status[data-status]")).to_have_count(1)
    assert state(watcher)["seat"] is None  # the watcher's WebSocket is open under it
    page.click("#help-button")
    expect(page.locator("#how-to-play")).to_be_visible()
    page.keyboard.press("Escape")
    play_to_the_end(page)
    page.click("#replay-link")
    page.wait_for_url(f"**/?replay={game}")
    assert_frame_shown(page, 0)
    page.click("#replay-next")
    assert_frame_shown(page, 1)


def test_only_this_servers_game_links_are_links_in_the_talk(server: str, pages: Pages) -> None:
    page = pages.new()
    game = create_game(page, server, left="random", right="open")
    token = page.evaluate(f"localStorage.getItem('cutthroat:token:{game}')")
    for text in (f"{server}/?join=abc", "https://evil.example/?join=abc",
                 "javascript:alert(1)", f"{server}/?join=abc&x=1", f"{server}/static/app.js",
                 f"{server}/?join=abc&from=def"):
        assert page.request.post(f"{server}/api/games/{game}/chat",
                                 data={"token": token, "text": text}).status == 201
    expect(page.locator("#chat-lines .chat-line")).to_have_count(6)
    links = page.locator("#chat-lines a")
    expect(links).to_have_count(2)
    assert [links.nth(i).get_attribute("href") for i in range(2)] == [
        f"{server}/?join=abc", f"{server}/?join=abc&from=def"]


def hidden_cards(page: Page) -> set[str]:
    """The cards only this seat may see now: its hand, its discard and what it buried
    (the up-card excepted: it is public, even once the dealer has picked it up); none
    once the hand is over and its deal turned face up."""
    if state(page)["status"] != "playing":
        return set()
    view = state(page)["view"]
    hidden = set(my_cards(page)) | set(view["buried"]) | ({view["discard"]} - {None})
    return hidden - {view["upcard"]}


def assert_watcher_sees_none(watcher: Page, player: Page) -> None:
    """Once the watcher has the player's state: none of the player's hidden cards is
    anywhere in the watcher's page (R14), and nothing is offered to play."""
    wait_until(watcher, "v => window.cutthroatState.version >= v",
               arg=state(player)["version"])
    # The words for a screen reader too, and the status they were written for, read
    # together: the bots may have ended the hand since, and then its deal is face up.
    text, status = watcher.evaluate(
        "[document.body.innerText, window.cutthroatState.status]")
    for code in hidden_cards(player) if status == "playing" else ():
        assert card_text(code) not in text, f"the watcher sees {code} of the player's"
        assert card_name(code) not in text, f"the watcher hears {code} of the player's"
    assert watcher.locator("[data-card], [data-action], #keep-button").count() == 0
    # no button but "How to play" (in the header, for everybody)
    assert watcher.locator("button:visible:not(#help-button)").count() == 0


def test_a_watcher_sees_the_table_and_no_hidden_card(server: str, pages: Pages) -> None:
    ann = pages.new()
    # Seed 9: everybody passes, Ann calls, takes the dummy and keeps five of ten
    # (test_a_whole_hand_then_the_next): her buried cards must stay hidden too.
    game = create_game(ann, server, seed=9)
    wait_for_turn(ann)
    expect(ann.locator("#watchers")).to_be_hidden()  # nobody watches yet
    link = f"{server}/?watch={game}"
    expect(ann.locator("#share")).to_be_visible()
    expect(ann.locator("#watch-link")).to_have_text(link)
    assert ann.get_attribute("#watch-link", "href") == link

    watcher = pages.new()
    watcher.context.add_init_script(HEAR)
    watch(watcher, server, game)
    expect(ann.locator("#watchers")).to_have_text("1 watching")
    expect(watcher.locator("#watchers")).to_have_text("1 watching")
    expect(watcher.locator("#watching")).to_contain_text("You are watching this game")
    seen = state(watcher)
    assert seen["seat"] is None and seen["view"]["cards"] == []
    # The three seats by name, seat 0 (Ann) at the bottom, nobody "you".
    names = [p["name"] for p in seen["players"]]
    assert names[0] == "Ann"
    expect(watcher.locator("#seat-me")).to_have_attribute("data-seat", "0")
    for seat, name in enumerate(names):
        expect(watcher.locator(f"[data-seat='{seat}'] .seat-name")).to_have_text(name)
    expect(watcher.locator(".tag.you")).to_have_count(0)
    expect(watcher.locator("#upcard .card")).to_have_text(card_text(seen["view"]["upcard"]))
    expect(watcher.locator("#hand")).to_be_hidden()
    expect(watcher.get_by_role("heading", name="Your cards")).to_have_count(0)
    expect(watcher.locator("#actions")).to_be_hidden()
    expect(watcher.locator("#share")).to_be_hidden()
    expect(watcher.locator("#status")).not_to_have_class(re.compile("your-turn"))
    expect(watcher.locator("#status")).to_contain_text("Ann to act")
    assert_watcher_sees_none(watcher, ann)

    # Ann plays the hand through; the watcher's table follows every move, in the third
    # person, and never shows her cards, her discard or what she buried.
    phases = []
    while phase := take_turn(ann):
        phases.append(phase)
        assert len(phases) < 40, "the hand does not end"
        assert_watcher_sees_none(watcher, ann)
        moves = state(ann)["view"]["moves"]
        # The watcher's socket may be a moment behind Ann's: wait for it to catch up.
        wait_until(watcher, "n => (window.cutthroatState?.view?.moves?.length ?? -1) >= n",
                   arg=len(moves))
        wait_until(watcher,  # the deal, then every move
                   "n => document.querySelectorAll('#log li').length > n", arg=len(moves))
    assert "keep" in phases, f"seed 9 no longer gives Ann a keep (phases: {phases})"
    log = watcher.locator("#log").inner_text()
    assert "Ann keeps five of ten cards and buries the rest face down." in log
    assert "Ann keeps five of ten cards and buries the rest face down." in heard(watcher)
    assert "You " not in log and "(you)" not in watcher.locator("body").inner_text()

    # The hand over: its deal face up and its result; the watcher cannot deal the next.
    expect(watcher.locator("#status[data-status=hand_over]")).to_have_count(1)
    last = state(watcher)["last_hand"]  # every name; Ann's own reads "you" for her
    expect(watcher.locator("#result")).to_have_text(last["text"])
    assert last["text"].lower() == state(ann)["last_hand"]["text"].replace(
        "you", "Ann").replace("You", "Ann").lower()
    expect(watcher.locator("#hand-over .card")).to_have_count(24)
    expect(watcher.locator("#next-hand")).to_have_count(0)
    expect(watcher.locator("#next-wait")).to_be_visible()
    expect(watcher.locator("#review-button")).to_have_count(0)
    ann.click("#next-hand")
    expect(watcher.locator("#status")).to_contain_text("Hand 2")
    expect(watcher.locator("#hand-over")).to_be_hidden()
    assert_watcher_sees_none(watcher, ann)

    # A second watcher is counted at the seat's table and at the first watcher's.
    second = pages.new()
    watch(second, server, game)
    expect(ann.locator("#watchers")).to_have_text("2 watching")
    expect(watcher.locator("#watchers")).to_have_text("2 watching")


def test_a_watcher_of_a_waiting_game_may_join_but_not_play(server: str, pages: Pages) -> None:
    ann = pages.new()
    game = create_game(ann, server, left="random", right="open")
    watcher = pages.new()
    watch(watcher, server, game)
    expect(watcher.locator("#status")).to_contain_text("waiting")
    expect(watcher.locator("#waiting")).to_be_hidden()  # that is the seat's invitation
    expect(watcher.locator("#watch-join")).to_be_visible()
    assert watcher.get_attribute("#watch-join-link", "href") == f"/?join={game}"
    expect(watcher.locator("#table .seats")).to_contain_text("open seat")
    # Whatever a watcher sends but a ping is refused, and the page says why.
    watcher.evaluate(
        "window.cutthroatSocket.send(JSON.stringify({type: 'act', action: 'pass'}))")
    expect(watcher.locator("#watch-error")).to_contain_text("watcher cannot act")
    expect(ann.locator("#watchers")).to_have_text("1 watching")


def test_watching_an_unknown_game_is_refused(server: str, pages: Pages) -> None:
    watcher = pages.new()
    watcher.goto(f"{server}/?watch=nosuchgame")
    expect(watcher.locator("#watch-error")).to_contain_text("refused")
    expect(watcher.locator("#watch-error")).to_contain_text("nosuchgame")
    expect(watcher.locator("#connection")).to_contain_text("Disconnected")
    expect(watcher.locator("#layout")).to_be_hidden()  # no empty table
    expect(watcher.locator("#watch-intro")).to_be_hidden()
    assert watcher.evaluate("window.cutthroatState") is None
