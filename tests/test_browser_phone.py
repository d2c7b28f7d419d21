"""A QA pass on a phone, with the keyboard alone and with a screen reader, played in the
browser as tests/browser_helpers.py plays it (the same server, browser and page helpers):
a phone held sideways, a greyed card tapped, the end of a hand on a small screen, where
the focus goes (the review, a friend joining, a bid), what a screen reader hears of a
friend who leaves, forgetting a game, the reader's own font size, and closing "How to
play" on a phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from browser_helpers import (
    HEAR,
    Pages,
    _finished_game_of_two,
    _free_port,
    _seat_page,
    _show_play,
    ann_and_ben,
    browser,
    create_game,
    focused,
    pages,
    review_shown,
    run_server,
    server,
    state,
    take_turn,
    wait_for_turn,
    wait_until,
)

__all__ = ["browser", "pages", "server"]  # the fixtures, used by name

HAND = ["JD", "AD", "9C", "KS", "TH"]
"""Hearts trump: the J♦ is the left bower."""


def phone(pages: Pages, width: int, height: int) -> Page:
    """A page on a touch screen of ``width`` × ``height`` CSS pixels (no hover, no
    number keys shown)."""
    return pages.new(width, height, is_mobile=True, has_touch=True)


BOX = "s => { const r = document.querySelector(s).getBoundingClientRect(); " \
      "return [r.left, r.top, r.right, r.bottom]; }"
"""An element's box in the window: [left, top, right, bottom]."""


def box(page: Page, selector: str) -> list[float]:
    return [float(x) for x in page.evaluate(BOX, selector)]


def on_screen(page: Page, selector: str) -> bool:
    """Whether the element is wholly within the window."""
    left, top, right, bottom = box(page, selector)
    width, height = page.evaluate("[innerWidth, innerHeight]")
    return left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5


@pytest.mark.parametrize("size", [(667, 375), (568, 320)])
def test_a_phone_held_sideways_shows_the_up_card_and_the_trick_beside_the_moves(
        server: str, pages: Pages, size: tuple[int, int]) -> None:
    """Held sideways the phone layout stacked the whole table (some 850 px) and the page
    scrolled the cards to the middle: the up-card and the trick were above the screen
    while the player chose. Now the table is in columns: the up-card, the cards and the
    moves are on the screen together when the page opens on a bid, and a trick in
    progress sits beside the cards, the two within one screen's height."""
    page = phone(pages, *size)
    create_game(page, server, seed=9)
    assert wait_for_turn(page) == "playing" and state(page)["view"]["phase"] == "bid_first"
    felt_columns = page.evaluate(
        "getComputedStyle(document.querySelector('#table .felt')).gridTemplateColumns")
    assert len(felt_columns.split()) == 2, felt_columns
    for selector in ("#upcard .card", "#hand", "#buttons [data-action='order']"):
        assert on_screen(page, selector), (selector, box(page, selector))
    _show_play(page, HAND, ["9D", "KD"], ["JD", "AD"])  # a trick in progress, diamonds led
    expect(page.locator("#trick .card")).to_have_count(2)
    trick, hand = box(page, "#trick"), box(page, "#hand")
    assert trick[2] <= hand[0], (trick, hand)  # side by side
    assert max(trick[3], hand[3]) - min(trick[1], hand[1]) <= size[1], (trick, hand)
    expect(page.locator("#prompt")).to_contain_text("Play a card: tap it.")  # no keys here


def test_a_phone_in_portrait_keeps_one_column_and_its_prompt_has_no_keys(
        server: str, pages: Pages) -> None:
    page = phone(pages, 360, 640)
    create_game(page, server, seed=9)
    wait_for_turn(page)
    assert len(page.evaluate("getComputedStyle(document.querySelector('#table .felt'))"
                             ".gridTemplateColumns").split()) == 1
    _show_play(page, HAND, ["9D"], ["JD", "AD"])
    expect(page.locator("#prompt")).to_contain_text("Your turn. Play a card: tap it.")
    expect(page.locator("#prompt")).not_to_contain_text("press its number")
    for control in ("#hint-button", "#chat-input", "#help-button"):
        if page.locator(control).is_visible():
            assert box(page, control)[3] - box(page, control)[1] >= 44 - 0.5, control


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (412, 915)])
def test_the_status_line_is_never_cut_in_half_at_a_turn(server: str, pages: Pages,
                                                        size: tuple[int, int]) -> None:
    """At this seat's turn the table is brought into view: on a phone the status line
    above it ("Hand 1: playing · your turn") was left half above the screen (a QA
    pass). It is on the screen whole, or wholly above it."""
    page = phone(pages, *size)
    create_game(page, server, seed=9)
    for turn in range(2):  # the first turn (the page just drawn), and the next
        wait_for_turn(page)
        _, top, _, bottom = box(page, "#status")
        assert top >= -0.5 or bottom <= 0.5, (size, turn, top, bottom)
        assert on_screen(page, "#prompt"), (size, turn)
        take_turn(page)


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_a_hint_asked_on_a_phone_is_brought_into_view_up_to_its_reason(
        server: str, pages: Pages, size: tuple[int, int]) -> None:
    """On a phone the hint came below the screen, under the moves and the Hint button,
    so a tap on Hint seemed to do nothing (a QA pass). The page now scrolls by as little
    as shows the move advised and its reason: the Hint button stays in sight."""
    page = phone(pages, *size)
    create_game(page, server, seed=5)
    for turn in range(2):
        wait_for_turn(page)
        page.click("#hint-button")
        expect(page.locator("#hint .hint-reason")).not_to_be_empty()
        wait_until(page, """() => { const r = document.querySelector('#hint .hint-reason')
            .getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 0.5; }""")
        assert on_screen(page, "#hint .hint-choice"), (size, turn)
        assert on_screen(page, "#hint-button"), (size, turn)
        take_turn(page)


def test_a_greyed_card_tapped_on_a_phone_says_why_on_the_screen(server: str,
                                                                 pages: Pages) -> None:
    """The note on a greyed card came below the screen of a phone, so a tap seemed to do
    nothing: it is brought into view."""
    page = phone(pages, 360, 640)
    create_game(page, server, seed=9)
    wait_for_turn(page)
    _show_play(page, HAND, ["9D", "KD"], ["JD", "AD"])
    page.evaluate("scrollTo(0, 0)")
    page.locator('#hand [data-card="KS"]').tap(force=True)  # greyed: aria-disabled
    expect(page.locator("#move-note")).to_contain_text("cannot be played now")
    wait_until(page, "() => { const r = document.getElementById('move-note')"
               ".getBoundingClientRect(); return r.bottom <= innerHeight + 1; }")


def test_the_hands_end_shows_its_result_and_next_step_before_the_cards(
        server: str, pages: Pages) -> None:
    """On a phone the hand-over box (everybody's cards) is taller than the screen, and
    "Next hand" came after the cards: with the focus on it, the result was above the
    screen. The result and the next step come first, the cards after them."""
    page = phone(pages, 360, 640)
    create_game(page, server, seed=9)
    while take_turn(page):
        pass
    expect(page.locator("#status[data-status=hand_over]")).to_have_count(1)
    order = page.locator("#hand-over > *").evaluate_all(
        "els => els.map((e) => e.id || e.className)")
    assert order.index("result") < order.index("next-hand") < order.index("deal"), order
    expect(page.locator("#next-hand")).to_be_focused()
    assert on_screen(page, "#result") and on_screen(page, "#next-hand")


def test_the_review_keeps_the_focus_while_it_is_worked_out(server: str,
                                                           pages: Pages) -> None:
    """"Review my game" is disabled while the expert works: the focus it lost went to
    "Play again", where a second Enter started a new game. It goes to the review."""
    probe = pages.new()
    game, ann, _ = _finished_game_of_two(server, probe)
    page = _seat_page(pages, server, game, ann["token"])
    held: list[Route] = []
    page.route("**/review", lambda route: held.append(route))
    expect(page.locator("#status[data-status=over]")).to_have_count(1)
    page.locator("#review-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#review-button")).to_be_disabled()
    expect(page.locator("#review")).to_be_focused()
    page.keyboard.press("Enter")  # on the review: nothing starts
    assert "?game=" + game in page.url and page.locator("#rematch").count() == 1
    held[0].continue_()
    review_shown(page)
    expect(page.locator("#review")).to_be_focused()


def test_the_focus_stays_on_the_page_when_the_friend_joins(server: str,
                                                           pages: Pages) -> None:
    """The invitation is hidden once the friend joins; its "Copy link" kept the focus
    the browser then dropped to the page itself. It goes to the table."""
    page = pages.new()
    game = create_game(page, server, left="random", right="open")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("#copy-link").focus()
    page.request.post(f"{server}/api/games/{game}/join", data={"name": "Ben"})
    expect(page.locator("#status[data-status=playing]")).to_have_count(1)
    expect(page.locator("#waiting")).to_be_hidden()
    wait_until(page, "() => document.activeElement && document.activeElement !== "
               "document.body && document.activeElement.checkVisibility()")
    assert focused(page) in ("hand", "table-title") or page.evaluate(
        "document.activeElement.closest('#buttons') !== null"), focused(page)


def test_after_a_bid_the_focus_goes_to_the_next_moves_buttons(server: str,
                                                              pages: Pages) -> None:
    """A move button pressed goes with the state that answers it: the focus went to the
    cards, all greyed for a bid, six Tabs before the buttons. When the next move is a
    button's too, the focus goes to the first of them."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    page.locator("#buttons [data-action='order']").focus()
    offer_second_round(page)
    expect(page.locator("#buttons [data-action='pass']")).to_be_focused()


def test_the_focus_a_move_left_on_the_cards_goes_to_the_moves_at_a_bid(
        server: str, pages: Pages) -> None:
    """A move made puts the focus on the cards to wait for the next decision; where that
    is a bid it stayed there, five greyed cards (Tabs) before Pass (2026-12-05). The
    cards a player chose to be on keep the focus."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    page.evaluate("() => { window.cutthroatSocket.send = () => {}; }")  # no answer comes
    page.locator("#buttons [data-action='pass']").press("Enter")  # the focus waits on #hand
    expect(page.locator("#hand")).to_be_focused()
    offer_second_round(page)  # the next decision, a bid
    expect(page.locator("#buttons [data-action='pass']")).to_be_focused()
    other = pages.new()
    create_game(other, server, seed=9)
    wait_for_turn(other)
    other.locator("#hand").focus()  # the player's own choice
    offer_second_round(other)
    other.wait_for_timeout(300)
    expect(other.locator("#hand")).to_be_focused()


def offer_second_round(page: Page) -> None:
    """Hand the page a state of this seat's turn in the second round of bidding, as if
    the server had sent it."""
    page.evaluate("""() => {
        const s = structuredClone(window.cutthroatState);
        s.version += 1000;
        Object.assign(s.view, {phase: 'bid_second', legal: ['pass', 'call C', 'call S']});
        window.cutthroatSocket.onmessage({data: JSON.stringify({type: 'state', state: s})});
    }""")


def test_a_screen_reader_hears_a_friend_leave_and_the_bot_offered(tmp_path: Path,
                                                                  pages: Pages) -> None:
    """Ben's seat showed "away" and offered a bot for him, and a screen reader heard
    nothing of either: it kept hearing "Waiting for Ben…". Now Ann hears that he has
    gone, that she may let a bot play for him, that it does, and that he is back."""
    with run_server(_free_port(), tmp_path / "games.db", "--away-wait", "1", pages=pages) as base:
        ann, ben, game = ann_and_ben(pages, base)
        ann.context.add_init_script(HEAR)
        ann.reload()
        wait_until(ann, "window.heard.some((h) => h.startsWith('Hand 1.'))")  # heard
        token = ben.evaluate("g => localStorage.getItem(`cutthroat:token:${g}`)", game)
        ben_seat = state(ben)["seat"]
        ben.context.close()
        pages.contexts.remove(ben.context)

        def hears(words: str) -> None:
            wait_until(ann, "w => window.heard.some((h) => h.includes(w))", arg=words)

        hears("Ben has gone away.")
        hears("You may let a bot play for Ben: the button is on Ben's seat.")
        ann.locator(f".seat[data-seat='{ben_seat}'] button[data-standin]").click()
        hears("A bot plays for Ben now.")
        _seat_page(pages, base, game, token)
        hears("Ben plays again.")
        said = ann.evaluate("window.heard.join(' ')")
        assert said.count("Ben has gone away.") == 1 and said.count("A bot plays for Ben") == 1


def test_a_friend_who_joins_is_heard_to_arrive_not_to_come_back(server: str,
                                                                pages: Pages) -> None:
    """A QA pass: a friend who took the seat over HTTP and then opened the game was
    announced as "Ben is back." though he had never been at the table."""
    ann = pages.new()
    ann.add_init_script(HEAR)
    game = create_game(ann, server, left="random", right="open")
    joined = ann.request.post(f"{server}/api/games/{game}/join", data={"name": "Ben"})
    assert joined.ok, joined.text()
    ben = _seat_page(pages, server, game, joined.json()["token"])

    def hears(words: str) -> None:
        wait_until(ann, "w => window.heard.some((h) => h.includes(w))", arg=words)

    hears("Ben is at the table.")
    ben.close()
    hears("Ben has gone away.")
    _seat_page(pages, server, game, joined.json()["token"])
    hears("Ben is back.")
    said = ann.evaluate("window.heard.join(' ')")
    assert said.count("Ben is back.") == 1 and said.count("Ben is at the table.") == 1


def test_the_pages_text_follows_the_readers_font_size(server: str, pages: Pages) -> None:
    """The page fixed its text at 16 px: a reader who set a larger size in the browser
    got 16 px all the same."""
    page = pages.new()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 24}})
    page.goto(server + "/")
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "24px"


def test_how_to_play_closes_from_its_top_and_by_a_tap_outside_it(server: str,
                                                                  pages: Pages) -> None:
    """On a phone "How to play" is thousands of pixels long, and its one Close button
    was at the bottom; a tap outside it did nothing."""
    page = phone(pages, 320, 640)
    page.goto(server + "/")
    dialog = page.locator("#how-to-play")
    page.tap("#help-button")
    expect(dialog).to_be_visible()
    expect(page.locator("#help-body h3").first).to_be_visible()
    assert on_screen(page, "#help-close-top")
    expect(page.get_by_role("button", name="Close", exact=True)).to_have_count(1)  # one, below
    page.tap("#help-close-top")
    expect(dialog).to_be_hidden()
    expect(page.locator("#help-button")).to_be_focused()
    page.tap("#help-button")
    expect(dialog).to_be_visible()
    page.mouse.click(2, 2)  # the backdrop, outside the dialog's box
    expect(dialog).to_be_hidden()
    page.tap("#help-button")
    page.locator("#help-body").click()  # inside it: it stays
    expect(dialog).to_be_visible()


def test_a_hint_is_not_left_for_a_screen_reader_after_the_turn(server: str,
                                                               pages: Pages) -> None:
    """The hint's sentence for a screen reader stayed in "Your move" into the next
    hand, after the hint on the screen had gone."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    page.click("#hint-button")
    expect(page.locator("#hint-said")).to_contain_text("Hint: ")
    page.evaluate("""() => {
        const s = structuredClone(window.cutthroatState);
        s.version += 1000;
        s.to_act = (s.seat + 1) % 3;
        Object.assign(s.view, {legal: []});
        window.cutthroatSocket.onmessage({data: JSON.stringify({type: 'state', state: s})});
    }""")
    expect(page.locator("#hint-said")).to_be_empty()
    expect(page.locator("#hint")).to_be_empty()


def test_a_card_after_a_possessive_is_said_without_the(server: str, pages: Pages) -> None:
    page = pages.new()
    page.goto(server + "/")
    said = page.evaluate("async (text) => (await import('/static/js/cards.js')).cardsInWords(text)",
                         "your partner's AD is winning; lead the KH")
    assert said == "your partner's ace of diamonds is winning; lead the king of hearts"


def test_the_new_lines_button_takes_the_focus_to_the_talk(server: str,
                                                          pages: Pages) -> None:
    from browser_helpers import say

    ann, ben, _ = ann_and_ben(pages, server, ben_size=(390, 844))
    say(ann, "your turn, Ben")
    unread = ben.locator("#chat-unread")
    expect(unread).to_have_text("1 new line of table talk")
    assert box(ben, "#chat-unread")[3] - box(ben, "#chat-unread")[1] >= 44 - 0.5
    unread.click()
    expect(ben.locator("#chat-input")).to_be_focused()


def test_a_page_refused_for_too_many_connections_tries_again(tmp_path: Path,
                                                             pages: Pages) -> None:
    """A club shares one address: a page over the address's sockets (4429) was told
    "The server refused this seat" and never tried again, though the limit frees as
    others close. It says so and tries again. (Watchers are counted apart from seats:
    here the address's one watcher's socket is taken by another page.)"""
    with run_server(_free_port(), tmp_path / "games.db", "--ip-sockets", "1", pages=pages) as base:
        first = pages.new()
        game = create_game(first, base, seed=9)
        wait_for_turn(first)
        other = pages.new()
        other.goto(f"{base}/?watch={game}")
        expect(other.locator("#connection")).to_have_class("connection ok", timeout=15_000)
        pages.allowed.append("4429")  # the refused socket, as the browser logs it
        watcher = pages.new()
        watcher.goto(f"{base}/?watch={game}")
        expect(watcher.locator("#connection")).to_contain_text("trying again", timeout=15_000)
        expect(watcher.locator("#error")).not_to_contain_text("refused")
        expect(first.locator("#connection")).to_have_class("connection ok")  # seats apart
        other.close()
        expect(watcher.locator("#status[data-status=playing]")).to_have_count(1, timeout=40_000)
        expect(watcher.locator("#connection")).to_have_class("connection ok", timeout=40_000)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 900)])
def test_long_names_wrap_inside_their_seats_and_the_page_never_scrolls_sideways(
        server: str, pages: Pages, width: int, height: int) -> None:
    """A QA pass: three names of 24 characters (the most a name may have) ran out of
    their seats and over each other, the score table was 480 px wide on a 390 px phone
    (the page scrolled sideways), and on a desktop the points touched the name."""
    api = pages.new().request
    ann = api.post(f"{server}/api/games", data={"name": "W" * 24,
                                                "seats": ["you", "open", "open"]}).json()
    game = ann["game"]
    for name in ("M" * 24, "Zoë" + "Ü" * 21):
        assert api.post(f"{server}/api/games/{game}/join", data={"name": name}).ok
    now = api.get(f"{server}/api/games/{game}", params={"token": ann["token"]}).json()
    if now["to_act"] == now["seat"]:  # (dealt at random) a friend to act: "Waiting for"
        assert api.post(f"{server}/api/games/{game}/actions",
                        data={"token": ann["token"], "action": "pass"}).ok
        now = api.get(f"{server}/api/games/{game}", params={"token": ann["token"]}).json()
    acting = now["players"][now["to_act"]]["name"]
    page = pages.new(width, height)
    page.goto(server + "/")
    page.evaluate("([g, t]) => localStorage.setItem(`cutthroat:token:${g}`, t)",
                  [game, ann["token"]])
    page.goto(f"{server}/?game={game}")
    expect(page.locator("#status[data-status]")).to_have_count(1)
    expect(page.locator(".scores th", has_text="M" * 24)).to_have_count(1)
    # the moves' box names the player to act: "Waiting for MMMM…" made the table wider
    expect(page.locator(".prompt")).to_have_text(f"Waiting for {acting}…")
    wide = page.evaluate("""() => ({
        page: document.documentElement.scrollWidth - innerWidth,
        seats: [...document.querySelectorAll('.seat')].map((s) => s.scrollWidth - s.clientWidth),
        scores: [...document.querySelectorAll('.scores')].map(
            (t) => t.getBoundingClientRect().width - t.parentElement.clientWidth),
    })""")
    assert wide["page"] <= 0, (f"the page scrolls {wide['page']} px sideways", page.evaluate(
        """() => [...document.querySelectorAll('body *')].filter(
            (e) => e.getBoundingClientRect().right > innerWidth + 1).slice(-5).map(
            (e) => `${e.tagName}#${e.id}.${e.className}`)"""))
    assert max(wide["seats"]) <= 0, wide["seats"]
    assert max(wide["scores"]) <= 0, wide["scores"]
    gaps = page.evaluate("""() => [...document.querySelectorAll('.scores tr')].map((row) => {
        const [name, points] = row.children;
        const text = (cell) => { const r = document.createRange(); r.selectNodeContents(cell);
                                 return r.getBoundingClientRect(); };
        return text(points).left - text(name).right; })""")
    assert min(gaps) >= 4, gaps  # the points apart from the name
