"""Playing a hand at the table, end to end in Chromium: a whole hand and the next, a
reload, the cards that may be played and why the others are greyed, refused moves,
a defender's choice, keeping five of ten, a short game to its end, the coach, undo,
a move offered once per state, a click kept through a new state, and hints."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from browser_helpers import (
    HEAR,
    TIMEOUT_MS,
    Pages,
    _show_play,
    browser,
    contrast,
    create_game,
    heard,
    my_cards,
    pages,
    play_to_the_end,
    review_shown,
    server,
    shown_text,
    state,
    take_turn,
    wait_for_turn,
    wait_until,
)

__all__ = ["browser", "pages", "server"]  # the fixtures, used by name


def test_a_whole_hand_then_the_next(server: str, pages: Pages) -> None:
    page = pages.new()
    # Seed 9: everybody passes the first round, and this seat, first to speak in the
    # second, calls (the first button), takes the dummy and keeps five of ten cards
    # (found by playing the server's Table with these choices).
    game = create_game(page, server, seed=9)
    expect(page.locator("#seat-me")).to_contain_text("Ann (you)")
    expect(page.locator("#hand button[data-card]")).to_have_count(5)
    phases = []
    while phase := take_turn(page):
        phases.append(phase)
        assert len(phases) < 40, "the hand does not end"
    assert {"bid_second", "maker_choice", "keep", "play"} <= set(phases), (
        f"seed 9 no longer gives this seat a keep (phases: {phases}): choose another")
    expect(page.locator("#status")).to_contain_text("hand over")
    over = page.locator("#hand-over")
    expect(over).to_be_visible()
    last = state(page)["last_hand"]
    expect(page.locator("#result")).to_have_text(last["text"])
    shown = over.locator(".card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    dealt = [c for cards in last["deal"].values() for c in cards]
    assert len(shown) == len(dealt) == 24
    # said to be as dealt: a card played may show in another row (the up-card taken)
    expect(over.locator("#dealt-note")).to_have_text(
        "Everybody's cards as they were dealt, before any pick-up, discard or keep:")
    page.click("#next-hand")
    expect(page.locator("#status")).to_contain_text("Hand 2")
    expect(over).to_be_hidden()
    expect(page.locator("#hand button[data-card]")).to_have_count(5)
    assert state(page)["hand_number"] == 2
    # the result stays at the top of the next hand's log: another player may deal it
    # while this one still reads the result
    expect(page.locator("#log li").first).to_have_text(f"Hand 1: {last['text']}")
    assert page.evaluate(f"localStorage.getItem('cutthroat:token:{game}')")
    # and after a reload, or coming back once the next hand was dealt without this page
    # (a bot playing for the player): the page kept it in memory alone, and lost it
    assert state(page)["previous_hand"] == {"hand": 1, "text": last["text"]}
    page.reload()
    expect(page.locator("#status")).to_contain_text("Hand 2")
    expect(page.locator("#log li").first).to_have_text(f"Hand 1: {last['text']}")


def test_a_reload_keeps_the_seat_and_the_cards(server: str, pages: Pages) -> None:
    """And the seat's token is never in a socket's address, which proxies log: each
    socket's first message, its hello, carries it."""
    page = pages.new()
    sockets: list[tuple[str, list[str | bytes]]] = []

    def opened(ws: Any) -> None:
        sent: list[str | bytes] = []
        sockets.append((ws.url, sent))
        ws.on("framesent", lambda payload: sent.append(payload))

    page.on("websocket", opened)
    create_game(page, server, seed=5)
    assert take_turn(page) is not None
    assert wait_for_turn(page) == "playing"
    seat, cards = state(page)["seat"], my_cards(page)
    assert cards
    page.reload()
    expect(page.locator("#status[data-status=playing]")).to_have_count(1)
    expect(page.locator("#hand button[data-card]")).to_have_count(len(cards))
    assert state(page)["seat"] == seat
    assert sorted(my_cards(page)) == sorted(cards)
    expect(page.locator("#seat-me")).to_contain_text("Ann (you)")
    token = page.evaluate("Object.entries(localStorage).find(([k]) => "
                          "k.startsWith('cutthroat:token:'))[1]")
    assert len(sockets) == 2 and token
    for url, sent in sockets:
        assert url.endswith("/ws") and token not in url and "token" not in url, url
        assert json.loads(sent[0]) == {"type": "hello", "token": token}


def test_illegal_cards_are_disabled_and_errors_shown(server: str, pages: Pages) -> None:
    page = pages.new()
    create_game(page, server, seed=8)
    # Bidding: no card may be clicked.
    for _ in range(40):
        status = wait_for_turn(page)
        assert status == "playing", "the hand ended before this seat played a card"
        legal = state(page)["view"]["legal"]
        if any(a.startswith("play ") for a in legal):
            break
        if not any(a.startswith(("discard ", "keep ")) for a in legal):
            cards = page.locator("#hand button[data-card]")
            for i in range(cards.count()):
                expect(cards.nth(i)).to_be_disabled()
        take_turn(page)
    # Trick play: exactly the legal cards are enabled.
    legal = state(page)["view"]["legal"]
    enabled = page.locator("#hand button[data-card]:not([aria-disabled=true])").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    assert sorted(enabled) == sorted(a.split()[1] for a in legal if a.startswith("play "))
    # The expert's hint for this decision.
    page.click("#hint-button")
    expect(page.locator("#hint .hint-choice")).to_contain_text("Hint: ")
    expect(page.locator("#hint .hint-reason")).not_to_be_empty()
    # every option a row, the chosen one first and marked; cards with their symbols
    options = page.locator("#hint .hint-options tbody tr")
    if len(legal) > 1:
        expect(options.first).to_have_class("chosen")
        assert options.count() == len(legal) and page.locator("#hint tr.chosen").count() == 1
    else:  # one card to play: nothing to weigh
        expect(options).to_have_count(0)
    shown = page.locator("#hint .hint-box").inner_text()
    assert not re.search(r"\b[789TJQKA][CDHS]\b", shown), shown
    # A move the server refuses: its reason is shown, and nothing changes.
    before = state(page)
    page.evaluate("window.cutthroatSocket.send(JSON.stringify({type: 'act', action: 'order'}))")
    expect(page.locator("#error")).not_to_be_empty()
    assert json.dumps(state(page)) == json.dumps(before)
    expect(page.locator("#hand button[data-card]:not([aria-disabled=true])")).to_have_count(
        len(enabled))
    # A legal move clears it.
    take_turn(page)
    expect(page.locator("#error")).to_be_empty()


def test_a_refusal_in_one_tab_goes_once_the_other_tab_has_moved(server: str,
                                                                 pages: Pages) -> None:
    """A player with the game open in two tabs: a move refused in the second (the first
    moved already) is shown there until a newer state comes, then it goes; the refusal
    is of a state that has passed."""
    first = pages.new()
    create_game(first, server, seed=9)
    second = first.context.new_page()  # the same browser: the same seat
    second.goto(first.url)
    for page in (first, second):
        wait_for_turn(page)
    version = state(second)["version"]
    second.evaluate(
        "window.cutthroatSocket.send(JSON.stringify({type: 'act', action: 'nonsense'}))")
    expect(second.locator("#error")).not_to_be_empty()  # a refusal that comes is shown
    take_turn(first)
    wait_until(second, "v => window.cutthroatState.version > v", arg=version)
    expect(second.locator("#error")).to_be_empty()


def expect_shown(page: Page, selector: str, text: str) -> None:
    """Wait until ``selector`` shows ``text`` (as :func:`shown_text` reads it)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while shown_text(page, selector) != text and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert shown_text(page, selector) == text


def test_the_prompt_says_which_suit_must_be_followed(server: str, pages: Pages) -> None:
    """Cards greyed while playing: the prompt says why, in a card player's words, the
    left bower counted with trump (R16), as the legal cards and the card led say."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    base = "Your turn. Play a card: click it, or press its number."
    hand = ["JD", "AD", "9C", "KS", "TH"]
    _show_play(page, hand, ["QD"], ["AD"])  # diamonds led: the J♦ is trump
    expect_shown(page, "#prompt",
                 f"{base} You must follow diamonds ♦, the suit led: the other cards are greyed"
                 " (the J♦ is the left bower: trump, not a diamond).")
    expect(page.locator("#hand button[data-card]:not([aria-disabled=true])")).to_have_count(1)
    bower = page.locator('#hand [data-card="JD"]')
    expect(bower).to_have_class(re.compile(r"\bleft-bower\b"))
    assert bower.get_attribute("data-trump-mark") == "♥"
    _show_play(page, hand, ["9H"], ["JD", "TH"])  # trump led: the left bower follows
    expect_shown(page, "#prompt",
                 f"{base} Trump (hearts ♥) was led: you must follow with trump (the J♦ is"
                 " trump); the other cards are greyed.")
    _show_play(page, hand, ["QC"], ["9C"])
    expect_shown(page, "#prompt",
                 f"{base} You must follow clubs ♣, the suit led: the other cards are greyed.")
    _show_play(page, hand, ["QC"], hand)  # nothing greyed: nothing to say
    expect(page.locator("#prompt")).to_have_text(base)


def shown_at_defender_choice(page: Page, server: str, change: str) -> None:
    """A game of seed 9 whose page is shown a made-up state at a defender's choice
    (R13): ``change`` is JavaScript that changes the state ``s`` and its ``s.view``,
    with ``a``, ``b`` and ``c`` the seats from the dealer's left."""
    create_game(page, server, seed=9)
    wait_for_turn(page)
    page.evaluate("""() => {
        const s = structuredClone(window.cutthroatState);
        s.version += 1000;
        const [a, b, c] = [1, 2, 0].map((k) => (s.view.dealer + k) % 3);
        s.view.phase = 'defender_choice';
        CHANGE
        window.cutthroatSocket.onmessage({data: JSON.stringify({type: 'state', state: s})});
    }""".replace("CHANGE", change))


def test_R13_a_defenders_buttons_say_defend_alone_or_not(server: str, pages: Pages) -> None:
    """A defender's choice (R13) is to defend alone or not: the buttons say so, as the
    hint and the coach name them ("not defending alone"), never a bare "Pass"."""
    page = pages.new()
    shown_at_defender_choice(page, server, """
        const maker = (s.view.seat + 1) % 3;
        Object.assign(s.view, {maker, legal: ['pass', 'alone'], to_act: s.view.seat,
            moves: [a + ' pass', b + ' pass', c + ' pass', maker + ' call S',
                    maker + ' dummy']});
        s.to_act = s.view.seat;""")
    expect(page.get_by_role("button", name="Don't defend alone", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Defend alone", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Pass", exact=True)).to_have_count(0)


def test_the_log_tells_a_bid_passed_from_a_lone_defence_declined(server: str,
                                                                  pages: Pages) -> None:
    """A pass is a bid until trump is fixed; after it, a defender's pass declines to
    defend alone (R13), and the log says so rather than "passes" again."""
    page = pages.new()
    shown_at_defender_choice(page, server, """
        Object.assign(s.view, {maker: b, legal: [],
            moves: [a + ' pass', b + ' order', c + ' pickup', c + ' discard ?', b + ' dummy',
                    b + ' keep ? ? ? ? ?', c + ' pass', a + ' pass']});""")
    log = page.locator("#log")
    expect(log).to_contain_text("not defend alone")
    lines = [t.strip() for t in log.locator("li").all_inner_texts()]
    assert [("not defend alone" in t, "pass" in t) for t in lines[1:2] + lines[-2:]] == [
        (False, True), (True, False), (True, False)], lines


def test_a_sixth_card_is_not_picked_for_the_keep(server: str, pages: Pages) -> None:
    """Keeping five of ten: a sixth card clicked is not picked, and a note says to unpick
    one; the keep button, disabled meanwhile, stays readable (not faded)."""
    page = pages.new()
    create_game(page, server, seed=9)  # Ann takes the dummy (test_a_whole_hand_then_the_next)
    for _ in range(10):
        if wait_for_turn(page) == "playing" and page.locator("#keep-button").count():
            break
        take_turn(page)
    keep = page.locator("#keep-button")
    cards = page.locator("#hand button[data-card]")
    expect(cards).to_have_count(10)
    expect(keep).to_be_disabled()
    style = keep.evaluate("e => { const s = getComputedStyle(e);"
                          " return [s.color, s.backgroundColor, s.opacity]; }")
    assert style[2] == "1" and contrast(style[0], style[1]) >= 4.5, style
    for i in range(6):
        cards.nth(i).click()
    expect(page.locator('#hand [aria-pressed="true"]')).to_have_count(5)
    expect(cards.nth(5)).to_have_attribute("aria-pressed", "false")
    expect(keep).to_have_text("Keep these five")
    expect(keep).to_be_enabled()
    expect(page.locator("#keep-note")).to_have_text(
        "Five cards are picked: unpick one to pick another.")
    # said once, by the announcer: the note is no live region of its own
    assert page.locator("#keep-note").evaluate(
        "e => [e.getAttribute('role'), e.getAttribute('aria-live')]") == [None, None]
    cards.nth(0).click()  # put one back: the sixth may be picked now
    expect(page.locator("#keep-note")).to_have_text("")
    cards.nth(5).click()
    expect(cards.nth(5)).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#hand [aria-pressed="true"]')).to_have_count(5)


def test_a_hand_thrown_in_is_said_in_a_sentence_R10(server: str, pages: Pages) -> None:
    """Everybody passes both rounds (R10): the log says so, and the hand-over box starts
    its line with a capital as every other result does ("Thrown in: nobody named
    trump", not "thrown in: ..."; a QA pass)."""
    page = pages.new()
    # Seed 37: the two beginners pass both rounds when this seat does (found by playing
    # the server's Table with these choices).
    create_game(page, server, left="beginner", right="beginner", seed=37)
    for _ in range(6):
        if wait_for_turn(page) != "playing":
            break
        before = len(state(page)["view"]["moves"])
        page.click("[data-action=pass]")
        # this seat's pass made (the moves only grow in a hand), or the hand over: the
        # next turn's state may come before this page looks (the bots are quick)
        wait_until(page, "n => window.cutthroatState.view.moves.length > n"
                   " || window.cutthroatState.status !== 'playing'", arg=before)
    last = state(page)
    assert last["status"] == "hand_over" and last["last_hand"]["result"]["thrown_in"], (
        "seed 37 no longer throws the hand in: choose another")
    expect(page.locator("#result")).to_have_text("Thrown in: nobody named trump")
    expect(page.locator("#log")).to_contain_text("Everybody passed: the hand is thrown in.")


def test_a_short_game_to_the_end(server: str, pages: Pages) -> None:
    page = pages.new()
    page.context.add_init_script(HEAR)  # what a screen reader hears
    asked: list[str] = []  # every address the page asks, to keep the token out of them
    page.on("request", lambda request: asked.append(request.url))
    game = create_game(page, server, seed=5, rules="short")
    record = f"{server}/api/games/{game}/record"
    assert page.request.get(record).status == 409  # it shows every card
    final = play_to_the_end(page)
    assert final["status"] == "over" and final["winners"]
    expect(page.locator("#status")).to_contain_text("game over")
    expect(page.locator("#next-hand")).to_have_count(0)
    names = [final["players"][w]["name"] for w in final["winners"]]
    winners = page.locator("#winners")
    if final["winners"] == [final["seat"]]:
        expect(winners).to_have_text("You win the game!")
    else:
        for name in names:
            expect(winners).to_contain_text(name)
    # the final score in the box, the most points first (a phone showed the winner far
    # from the score table: a QA pass)
    order = sorted(range(3), key=lambda seat: (-final["scores"][seat], seat))
    named = ["you" if seat == final["seat"] else final["players"][seat]["name"]
             for seat in range(3)]  # "Random 2: 5", a name ending in a number
    said = ", ".join(named[seat] + (":" if named[seat][-1].isdigit() else "")
                     + f" {final['scores'][seat]}" for seat in order)
    expect(page.locator("#final-score")).to_have_text(f"Final score: {said}.")
    # and a screen reader hears it so: the final score, not "playing to 10" of a game over
    wait_until(page, "() => window.heard.some((h) => h.includes('Game over: '))")
    said_last = heard(page).split("Game over: ")[-1]
    assert f"Final score: {said}." in said_last and "playing to" not in said_last, said_last
    link = page.locator("#record-link")
    assert link.get_attribute("href") == f"/api/games/{game}/record"
    answer = page.request.get(server + link.get_attribute("href"))
    assert answer.status == 200
    assert answer.json()["format"] == "cutthroat-record/1"
    assert len(answer.json()["hands"]) == final["hand_number"]
    page.click("#review-button")  # the expert's second opinion on this seat's choices
    review_shown(page)
    expect(page.locator("#review-button")).to_be_disabled()
    page.goto(server + "/")  # the lobby reads the state of each game this browser sits in
    expect(page.locator(f"#my-games-list li[data-game='{game}']")).to_have_count(1)
    # A proxy's log keeps addresses whole: only the WebSocket's (which a browser cannot
    # give a header) holds the seat's token.
    assert any(url.endswith("/review") for url in asked)
    assert [url for url in asked if "token=" in url and "/ws?" not in url] == []
    page.go_back()
    page.click("#rematch")  # a new game: the same bots and rules, at once
    page.wait_for_url(lambda url: "game=" in url and not url.endswith(game))
    wait_until(page, "g => window.cutthroatState && window.cutthroatState.game !== g",
               arg=game)
    again = state(page)
    assert again["rules"] == final["rules"] and again["status"] == "playing"
    assert [p["bot"] for p in again["players"][1:]] == [
        final["players"][(final["seat"] + k) % 3].get("bot") for k in (1, 2)]
    assert again["players"][0]["name"] == final["players"][final["seat"]]["name"]


def test_the_coach_speaks_up(server: str, pages: Pages) -> None:
    page = pages.new()
    create_game(page, server, seed=9, coach=True)
    # shown from the start to a coached seat (its list a live region before any word)
    expect(page.locator("#coach-panel")).to_be_visible()
    expect(page.locator("#coach-empty")).to_be_visible()
    for _ in range(3):  # hands: the first legal move is often not the expert's choice
        while take_turn(page) is not None and not page.locator(".coach-word").count():
            pass
        if page.locator(".coach-word").count():
            break
        page.click("#next-hand")
    expect(page.locator("#coach-panel")).to_be_visible()
    expect(page.locator(".coach-word").first).to_contain_text("the expert would ")
    expect(page.locator("#coach-empty")).to_be_hidden()


def test_undo_takes_back_a_move(server: str, pages: Pages) -> None:
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    undo = page.locator("#undo-button")
    expect(undo).to_be_visible()
    before = state(page)
    if any(m.split()[0] == str(before["seat"]) for m in before["view"]["moves"]):
        pytest.fail("seed 9 should leave this seat's first move still to make")
    expect(undo).to_be_disabled()
    # (a QA pass: it said "Take back your last move" with no move to take back)
    expect(undo).to_have_attribute("title", "Nothing to take back yet: you have made no "
                                   "move in this hand")
    take_turn(page)
    expect(undo).to_be_enabled()
    undo.click()
    wait_until(page, "n => window.cutthroatState.view.moves.length === n",
               arg=len(before["view"]["moves"]))
    assert state(page)["view"] == before["view"]
    assert state(page)["version"] > before["version"]  # never a version seen before
    expect(undo).to_be_disabled()
    take_turn(page)  # and the page lets the player move again (it acts once per version)
    expect(undo).to_be_enabled()


def test_a_move_is_offered_once_per_state(server: str, pages: Pages) -> None:
    """The same state can arrive twice (a player connecting): a move already sent is
    not offered again before the server answers."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    page.evaluate("window.cutthroatSocket.send = () => {}")  # the move never leaves
    button = page.locator("[data-action]").first
    button.click()
    page.evaluate("""() => window.cutthroatSocket.onmessage(
        {data: JSON.stringify({type: 'state', state: window.cutthroatState})})""")
    expect(page.locator("[data-action]")).to_have_count(0)
    expect(page.locator("#hand button[data-card]:not([aria-disabled=true])")).to_have_count(0)
    page.evaluate("""() => window.cutthroatSocket.onmessage(
        {data: JSON.stringify({type: 'error', reason: 'try again'})})""")
    expect(page.locator("[data-action]").first).to_be_visible()  # offered again


def test_a_state_that_comes_while_a_button_is_pressed_does_not_lose_the_click(
        server: str, pages: Pages) -> None:
    """The table is drawn afresh on each state, its buttons too: a state between a
    button's press and its release (a bot's move, a friend connecting) replaced the
    button and the click was lost. The drawing now waits for the release."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    version = state(page)["version"]
    page.evaluate("""() => {
        const ws = window.cutthroatSocket, send = ws.send.bind(ws);
        window.sentTexts = [];
        ws.send = (text) => { window.sentTexts.push(text); send(text); };
    }""")
    button = page.locator("[data-action]").first
    action = button.get_attribute("data-action")
    box = button.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate("""() => window.cutthroatSocket.onmessage(
        {data: JSON.stringify({type: 'state', state: window.cutthroatState})})""")
    page.mouse.up()
    wait_until(page, f"window.cutthroatState.version > {version}")
    sent = page.evaluate("window.sentTexts")
    assert [json.loads(text) for text in sent] == [  # with the version it was chosen on
        {"type": "act", "action": action, "version": version}]


def test_a_hint_of_a_forced_move_shows_without_a_table(server: str, pages: Pages) -> None:
    """A hint with nothing weighed (one legal move: ``samples`` 0, null figures) or no
    reason is shown as its move alone, with no table of options and no error."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    # Asked for here (a hint is of the decision it was asked at), answered below.
    page.evaluate("() => { window.cutthroatSocket.send = () => {}; }")
    page.click("#hint-button")
    page.evaluate("""() => window.cutthroatSocket.onmessage({data: JSON.stringify(
        {type: 'hint', hint: {seat: 0, choice: 'pass', reason: '', samples: 0, lines: [],
         options: [{action: 'pass', win_chance: null, points: null, tricks: null,
                    outcomes: null}]}})})""")
    expect(page.locator("#hint .hint-choice")).to_have_text("Hint: Pass")
    expect(page.locator("#hint .hint-options")).to_have_count(0)
    assert not pages.errors


def test_R8_under_dealer_must_pick_up_an_order_says_the_dealer_takes_the_up_card(
        server: str, pages: Pages) -> None:
    """A variants pass: with dealer_must_pick_up, "Ben orders up the Q♠" was followed by
    the dealer's discard with no word that he had taken the up-card (no move of his says
    so). The order says it. (Seed 1: Ann, seat 0, speaks first; seat 2 deals.)"""
    page = pages.new()
    api = page.request
    made = api.post(f"{server}/api/games", data={
        "name": "Ann", "seats": ["you", "random", "random"], "seed": 1,
        "rules": {"dealer_must_pick_up": True}}).json()
    page.goto(server + "/")
    page.evaluate("([g, t]) => localStorage.setItem(`cutthroat:token:${g}`, t)",
                  [made["game"], made["token"]])
    page.goto(f"{server}/?game={made['game']}")
    wait_for_turn(page)
    view = state(page)["view"]
    assert view["dealer"] != 0 and view["phase"] == "bid_first", view
    page.click("[data-action=order]")
    dealer = state(page)["players"][view["dealer"]]["name"]
    expect(page.locator("#log")).to_contain_text(
        f": {dealer} takes it (the dealer must, under these rules).")
    assert "You order up the " in page.locator("#log").inner_text()


def test_your_keep_is_logged_in_the_order_your_cards_are_shown_R12(server: str,
                                                                   pages: Pages) -> None:
    """The maker's own keep (R12) was logged in the record's order (by card id), which a
    player could not match against the cards in his hand: it is logged as they are
    shown."""
    page = pages.new()
    shown_at_defender_choice(page, server, """
        const me = s.view.seat;
        Object.assign(s.view, {maker: me, trump: 'S', legal: [], to_act: a,
            cards: ['9S', 'AH', 'JC', 'KD', 'TS'],
            moves: [a + ' pass', b + ' pass', c + ' pass', a + ' pass', b + ' pass',
                    me + ' call S', me + ' dummy', me + ' keep 9S AH JC KD TS']});
        s.to_act = a;""")
    hand = page.locator("#hand [data-card]")
    expect(hand).to_have_count(5)
    shown = hand.evaluate_all("cards => cards.map((c) => c.dataset.card)")
    assert sorted(shown) == sorted(["9S", "AH", "JC", "KD", "TS"]) and shown != [
        "9S", "AH", "JC", "KD", "TS"], shown  # (the test tells the two orders apart)
    said = page.locator("#log li", has_text="You keep")
    expect(said).to_have_count(1)
    symbols = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
    in_words = " ".join(c[0].replace("T", "10") + symbols[c[1]] for c in shown)
    expect(said).to_contain_text(f"You keep {in_words} and bury the rest")
