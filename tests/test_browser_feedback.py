"""A new user's QA findings, played in the browser as tests/browser_helpers.py plays it (the
same server, browser and page helpers): what the page says back when the player does
something that seems to do nothing, or takes a while (the review of a finished game, an
undo, a greyed card pressed), and the hand's log, whose first line stays in view."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from browser_helpers import (
    HEAR,
    Pages,
    _finished_game_of_two,
    _seat_page,
    _show_play,
    browser,
    create_game,
    heard,
    move_said,
    pages,
    review_shown,
    said_text,
    server,
    shown_text,
    state,
    take_turn,
    wait_for_turn,
    wait_until,
)
from test_browser_network import _to_phase

__all__ = ["browser", "pages", "server"]  # the fixtures, used by name


def test_the_review_says_how_long_it_takes_and_counts_the_seconds(
        server: str, pages: Pages) -> None:
    """"Review my game" takes the expert seconds a hand (17 s for 10 hands): while it
    works the page says for how many hands and about how long, once in the live region,
    and counts the seconds on the page (never said: not a word a second); the review,
    once there, takes their place and is said to be ready."""
    probe = pages.new()
    game, ann, _ = _finished_game_of_two(server, probe)
    page = _seat_page(pages, server, game, ann["token"])
    page.context.add_init_script(HEAR)
    page.reload()  # heard from the start
    held: list[Route] = []
    page.route("**/review", lambda route: held.append(route))  # held until the test lets it go
    expect(page.locator("#status[data-status=over]")).to_have_count(1)
    hands = state(page)["hand_number"]
    page.click("#review-button")
    waiting = page.locator("#review .thinking")
    words = (f"The expert is reviewing your choices in {hands} hand{'s' if hands > 1 else ''}"
             f" (about {max(5, round(hands * 2 / 5) * 5)} seconds)…")
    expect(waiting).to_contain_text(words)
    expect(page.locator("#review")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#review-elapsed")).to_have_text("0 seconds so far.")
    expect(page.locator("#review-elapsed")).to_have_text("1 second so far.")
    expect(page.locator("#review-elapsed")).to_have_text("2 seconds so far.")
    assert heard(page).count("The expert is reviewing") == 1, heard(page)
    assert f"{words[:-1]}." in heard(page)
    assert len(held) == 1
    held[0].continue_()
    review_shown(page)
    expect(page.locator("#review")).not_to_have_attribute("aria-busy", "true")
    wait_until(page, "() => window.heard.some((h) => h.startsWith('The review is ready: '))")


def test_undo_says_which_moves_it_took_back(server: str, pages: Pages) -> None:
    """After an undo the page names the moves it took back, in the log's words (as the
    terminal does: "Took back 3 moves: You play JC; ..."), in the actions' note (a
    polite status, no error), shown with the suits' symbols and said in words, and not
    said again by the table's live region; the note goes with the next move."""
    page = pages.new()
    page.context.add_init_script(HEAR)
    create_game(page, server, seed=9)
    _to_phase(page, "play")
    before = state(page)
    take_turn(page)
    assert wait_for_turn(page) == "playing", "seed 9: the hand ended on this seat's first card"
    moved = state(page)
    taken = moved["view"]["moves"][len(before["view"]["moves"]):]
    assert len(taken) > 1, f"seed 9: no bot replied to this seat's first card ({taken})"
    lines = [shown_text(page, f"#log li:nth-child({k + 1})") for k in range(
        page.locator("#log li").count())]
    lines = [line for line, took in zip(lines, page.locator("#log li").evaluate_all(
        "els => els.map((e) => e.classList.contains('took'))"), strict=True) if not took]
    said_before = len(page.evaluate("window.heard"))
    page.click("#undo-button")
    wait_until(page, "n => window.cutthroatState.view.moves.length === n",
               arg=len(before["view"]["moves"]))

    def phrase(text: str) -> str:
        text = text.removesuffix(".")
        return "you" + text[3:] if text.startswith("You ") else text

    head = f"Took back {len(taken)} moves: "
    shown = head + "; ".join(phrase(line) for line in lines[-len(taken):]) + "."
    said = head + "; ".join(phrase(move_said(m, moved)) for m in taken) + "."
    note = page.locator("#move-note")
    expect(note).to_have_attribute("role", "status")
    expect(note).to_contain_text("Took back")
    assert shown_text(page, "#move-note") == shown, shown
    assert said_text(page, "#move-note") == said
    assert re.search("[♣♦♥♠]", shown) and not re.search("[♣♦♥♠]", said), (shown, said)
    expect(page.locator("#error")).to_be_empty()
    assert not any("taken back" in h for h in page.evaluate("window.heard")[said_before:])
    take_turn(page)
    expect(note).to_be_empty()


HAND = ["JD", "AD", "9C", "KS", "TH"]
"""Hearts trump: the J♦ is the left bower."""


def test_a_greyed_card_pressed_says_why_it_cannot_be_played(server: str, pages: Pages) -> None:
    """A greyed card clicked, or pressed with Enter, plays nothing but says why, by the
    prompt's rule, in the actions' note (a polite status, no error): "You must follow
    diamonds ♦, the suit led: the K♠ cannot be played now."; the note goes with the
    next state."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    page.evaluate("() => { window.sent = [];"
                  " window.cutthroatSocket.send = (m) => { window.sent.push(m); }; }")
    note = page.locator("#move-note")
    expect(note).to_have_attribute("role", "status")
    _show_play(page, HAND, ["QD"], ["AD"])
    page.click('#hand [data-card="KS"]', force=True)  # aria-disabled: Playwright would wait
    expect(note).to_contain_text("cannot be played now")
    assert shown_text(page, "#move-note") == (
        "You must follow diamonds ♦, the suit led: the K♠ cannot be played now.")
    assert said_text(page, "#move-note") == (
        "You must follow diamonds, the suit led: the king of spades cannot be played now.")
    page.locator('#hand [data-card="JD"]').focus()  # from the keyboard: the left bower
    page.keyboard.press("Enter")
    expect(note).to_contain_text("left bower")
    assert shown_text(page, "#move-note") == (
        "You must follow diamonds ♦, the suit led: the J♦ cannot be played now (it is the"
        " left bower: trump, not a diamond).")
    _show_play(page, HAND, ["9H"], ["JD", "TH"])  # a newer state: the note goes
    expect(note).to_be_empty()
    page.locator('#hand [data-card="9C"]').press("Space")
    expect(note).to_contain_text("cannot be played now")
    assert shown_text(page, "#move-note") == (
        "Trump (hearts ♥) was led: you must follow with trump; the 9♣ cannot be played now.")
    # Pressed again, it is said again (a QA pass: the note, a live region, kept its text
    # and so said nothing): it is written anew.
    page.evaluate("""() => { window.rewritten = 0; new MutationObserver((records) => {
        window.rewritten += records.filter((r) => r.addedNodes.length).length;
      }).observe(document.getElementById("move-note"), { childList: true }); }""")
    page.locator('#hand [data-card="9C"]').press("Space")
    wait_until(page, "() => window.rewritten > 0")
    expect(note).to_contain_text("the 9♣ cannot be played now")
    expect(page.locator("#error")).to_be_empty()
    assert page.evaluate("window.sent") == []  # nothing was played


LONG_HAND = """() => {
    const s = structuredClone(window.cutthroatState);
    s.version += 1000;
    const [a, b, c] = [1, 2, 0].map((k) => (s.view.dealer + k) % 3);
    const plays = ['9S', 'TS', 'QS', 'KS', 'AS', '9H', 'TH', 'QH', 'KH', 'AH',
                   '9C', 'TC', 'QC', 'KC', 'AC', '9D', 'TD', 'QD', 'KD', 'AD'];
    Object.assign(s.view, {phase: 'play', maker: b, trump: 'S', legal: [],
        moves: [a + ' pass', b + ' order', c + ' pickup', c + ' discard ?', b + ' dummy',
                b + ' keep ? ? ? ? ?', c + ' pass', a + ' pass',
                ...plays.map((card, i) => [a, b, c][i % 3] + ' play ' + card)]});
    window.cutthroatSocket.onmessage({data: JSON.stringify({type: 'state', state: s})});
}"""
"""Hand the page a newer state of a hand with 28 moves: more than "This hand" shows."""

IN_VIEW = """sel => { const log = document.getElementById('log').getBoundingClientRect();
  const line = document.querySelector(sel);
  const r = line.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
  return r.top >= log.top - 0.5 && r.bottom <= log.bottom + 0.5 && line.contains(top); }"""
"""Whether a line of the log is wholly within the log's box, and not covered."""


def test_the_hands_first_line_stays_in_view_as_its_moves_scroll(server: str,
                                                                 pages: Pages) -> None:
    """"This hand" scrolls once its moves are many: its first line (who deals, the
    up-card) stays at the top, whole and uncovered (it was scrolled half out, reading
    "10♦."), and the latest move is in view below it."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    page.evaluate(LONG_HAND)
    log = page.locator("#log")
    expect(log.locator("li")).to_have_count(29)
    assert log.evaluate("e => e.scrollHeight > e.clientHeight"), "the log does not scroll"
    log.scroll_into_view_if_needed()  # the page, not the log: its bottom was below the window
    expect(log.locator("li").first).to_contain_text("the up-card is")
    assert page.evaluate(IN_VIEW, "#log li:first-child"), "the deal's line is out of view"
    assert page.evaluate(IN_VIEW, "#log li:last-child"), "the latest move is out of view"
    log.evaluate("e => { e.scrollTop = e.scrollHeight / 2; }")  # scrolled by hand: it stays
    assert page.evaluate(IN_VIEW, "#log li:first-child"), "the deal's line scrolled away"


@pytest.mark.parametrize(("width", "height"), [(1024, 700), (390, 844)])
def test_the_hints_table_fits_a_1024_pixel_screen_and_a_phone_without_a_sideways_scroll(
        server: str, pages: Pages, width: int, height: int) -> None:
    """At 1024×700 the hint's last column ("How it ended") was 30 px out of sight, to be
    scrolled to within the hint box: the column heads now wrap ("Side tricks" on two
    lines), and the table fits. On a phone (a QA pass) "Side tricks" and "How it ended"
    were cut off, with nothing to say the box scrolls: a move and how hands ended wrap
    within their cells. (Seed 9: Ann's first turn is a first-round bid.)"""
    page = pages.new(width, height)
    create_game(page, server, seed=9)
    wait_for_turn(page)
    page.click("#hint-button")
    expect(page.locator(".hint-options")).to_be_visible()
    scroll, width = page.evaluate(
        "() => { const s = document.querySelector('.hint-scroll');"
        " return [s.scrollWidth, s.clientWidth]; }")
    assert scroll <= width, f"the hint's table is {scroll} px wide in a box of {width} px"
    split = page.evaluate("""() => {  // a word over two lines ("diamo/nds"): none
        const cut = [];
        for (const cell of document.querySelectorAll('.hint-options th, .hint-options td')) {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                for (const m of node.data.matchAll(/\\S+/g)) {
                    const r = document.createRange();
                    r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
                    const lines = new Set([...r.getClientRects()].map((q) => Math.round(q.top)));
                    if (lines.size > 1) cut.push(m[0]);
                } } }
        return cut; }""")
    assert split == [], f"words cut in two: {split}"


def test_R10_the_stuck_dealer_is_not_asked_to_pass_and_R9_the_turned_down_suit_is_named(
        server: str, pages: Pages) -> None:
    """A QA pass: with stick the dealer, the stuck dealer read "Call a trump suit, or
    pass." beside no Pass button; and the suit turned down was left out of the second
    round's buttons without a word. (Seed 37, stick, beginner bots: Ann deals, and
    everybody passes the first round.)"""
    page = pages.new()
    create_game(page, server, "beginner", "beginner", seed=37, rules="stick")
    for _ in range(3):
        wait_for_turn(page)
        view = state(page)["view"]
        if view["phase"] == "bid_second":
            break
        assert view["legal"] == ["pass", "order"] or "pass" in view["legal"], view["legal"]
        moves = len(view["moves"])
        page.click("#buttons [data-action='pass']")
        wait_until(page, "n => window.cutthroatState.view.moves.length > n", moves)
    view = state(page)["view"]
    assert view["phase"] == "bid_second" and "pass" not in view["legal"], view
    expect(page.locator("#prompt")).to_have_text(
        "Your turn. Call a trump suit: as the dealer, you may not pass.")
    expect(page.locator("#stakes")).to_contain_text(
        "Calling a suit other than the one turned down makes it trump")


def test_the_joker_turned_up_is_the_joker_in_a_sentence_R6(server: str, pages: Pages) -> None:
    """"You deal; the up-card is Joker." (the card's face, capitalised mid-sentence): in
    the log's sentences the joker is "the joker". (Seed 58, benny: the joker turned up.)"""
    page = pages.new()
    create_game(page, server, seed=58, rules="benny")
    wait_for_turn(page)
    assert state(page)["view"]["upcard"] == "JO"
    deal = page.locator("#log li").first
    expect(deal).to_contain_text("the up-card is the joker.")
    expect(deal).not_to_contain_text("Joker")  # (shown as said: no face mid-sentence)
    expect(page.locator("#upcard .card")).to_have_text("Joker")  # the card's face as it was


def test_a_shared_win_is_said_as_the_replay_says_it_R22(server: str, pages: Pages) -> None:
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    said = page.evaluate("async (w) => (await import('/static/js/speech.js')).winnersText("
                         "{winners: w})", [0, 2])
    names = [p["name"] if seat != state(page)["seat"] else "You"
             for seat, p in enumerate(state(page)["players"])]
    assert said == f"{names[0]} and {names[2]} share the win."


def _to_the_keep(page: Page, server: str,
                 after: Callable[[dict[str, Any]], None] | None = None) -> None:
    """Seed 0, intermediate bots: Ann deals, is ordered up, picks up, discards and takes
    the dummy, to the keep (R14); ``after(view)`` after each of her moves, with the view
    she made it from."""
    create_game(page, server, "intermediate", "intermediate", seed=0)
    for _ in range(12):
        wait_for_turn(page)
        view = state(page)["view"]
        if view["phase"] == "keep":
            return
        legal = view["legal"]
        wanted = next((a for a in ("pickup", "order", "dummy") if a in legal), None)
        moves = len(view["moves"])
        if wanted is not None:
            page.click(f"#buttons [data-action='{wanted}']")
        elif view["phase"] == "discard":
            page.click(f"#hand button[data-card='{legal[0].split()[1]}']")
        else:
            raise AssertionError(f"seed 0 no longer leads Ann to the dummy: {legal}")
        wait_until(page, "n => window.cutthroatState.view.moves.length > n", moves)
        if after is not None:
            after(view)
    raise AssertionError("seed 0 no longer leads Ann to a keep")


def test_the_cards_picked_for_a_keep_are_still_picked_after_a_reload(
        server: str, pages: Pages) -> None:
    """A browser pass: a reload (a phone's tab brought back, say) forgot the picks."""
    page = pages.new()
    _to_the_keep(page, server)
    cards = page.locator("#hand button[data-card]")
    picked = [cards.nth(i).get_attribute("data-card") for i in (0, 2, 5)]
    for code in picked:
        page.click(f"#hand button[data-card='{code}']")
    expect(page.locator("#hand [aria-pressed=true]")).to_have_count(3)
    page.reload()
    wait_for_turn(page)
    pressed = page.locator("#hand [aria-pressed=true]")
    expect(pressed).to_have_count(3)
    assert sorted(pressed.evaluate_all("bs => bs.map(b => b.dataset.card)")) == sorted(picked)
    expect(page.locator("#keep-button")).to_have_text("Keep these five (3 of 5 picked)")
    # Made, the keep leaves nothing to take back: the next keep starts with none picked.
    assert page.evaluate("Object.keys(sessionStorage).some(k => k.startsWith('cutthroat-keep:'))")
    for code in [c for c in state(page)["view"]["cards"] if c not in picked][:2]:
        page.click(f"#hand button[data-card='{code}']")
    page.click("#keep-button")
    wait_until(page, "() => window.cutthroatState.view.phase !== 'keep'")
    assert not page.evaluate(
        "Object.keys(sessionStorage).some(k => k.startsWith('cutthroat-keep:'))")


def test_a_hint_at_a_keep_names_the_cards_in_the_order_the_hand_shows_them_R12(
        server: str, pages: Pages) -> None:
    """A hint at a keep wrote the move's five cards by card id ("Keep J♦ 9♥ 10♥ J♥ A♥")
    and its reason as the terminal shows a hand: now both as the page's hand row shows
    them (trump first, high to low), as do its options."""
    page = pages.new()
    _to_the_keep(page, server)
    shown = page.locator("#hand button[data-card]").evaluate_all(
        "bs => bs.map(b => b.dataset.card)")
    page.click("#hint-button")
    expect(page.locator(".hint-options")).to_be_visible()
    symbols = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}  # as the page shows a card: "10♥"
    face_of = {("10" if c[0] == "T" else c[0]) + symbols[c[1]]: c for c in shown}
    lists = [page.locator(".hint-choice").inner_text(),
             page.locator(".hint-reason").inner_text(),
             *page.locator(".hint-options tbody th").all_inner_texts()]
    assert len(lists) > 3
    face = "(?:10|[789JQKA])[♣♦♥♠]|Joker"
    for text in lists:  # each shown with faces, then said in words (for a screen reader)
        runs = re.findall(rf"[Kk]eep(?:ing)? ((?:(?:{face}) ){{4}}(?:{face}))", text)
        assert runs, text
        for run in runs:
            codes = [face_of[f] for f in run.split()]
            assert codes == sorted(codes, key=shown.index), (text, shown)


def test_R14_undo_is_offered_only_where_a_move_can_be_taken_back(server: str,
                                                                 pages: Pages) -> None:
    """A QA pass: at the keep after taking the dummy, Undo was enabled, and pressed it
    always got "You have seen the dummy, so taking it cannot be taken back" (R14). It is
    greyed there, and pressed it says why. (Seed 0, intermediate bots: Ann deals, is ordered up,
    and may take the dummy.)"""
    page = pages.new()
    undo = page.locator("#undo-button")

    def after(view: dict[str, Any]) -> None:
        if view["phase"] in ("pickup", "discard"):
            expect(undo).to_be_enabled()  # a pick-up or a discard can be taken back
            expect(undo).to_have_attribute("title", re.compile(r"^Take back your last move"))

    _to_the_keep(page, server, after)
    at_keep = state(page)
    assert at_keep["view"]["phase"] == "keep"
    expect(undo).to_have_attribute("aria-disabled", "true")
    expect(undo).to_have_attribute("title", re.compile(r"^The dummy, once seen, cannot be unseen"))
    # Greyed, not disabled: the keyboard reaches it, and pressed it says why (an
    # accessibility pass: the reason was in the tooltip alone), and nothing is sent.
    undo.focus()
    expect(undo).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#move-note")).to_have_text(
        "The dummy, once seen, cannot be unseen: the moves before it cannot be taken back.")
    expect(page.locator("#error")).to_have_text("")
    assert state(page)["version"] == at_keep["version"]


def test_a_hint_goes_with_its_decision_when_another_tab_of_the_seat_moves(
        server: str, pages: Pages) -> None:
    """An accessibility pass: a hint asked in one tab stayed on screen there after the
    move was made in another tab of the same seat, at the seat's next decision (the
    discard after the dealer's own order), where it was wrong. (Seed 0, intermediate
    bots: Ann deals, both pass, and she picks up.)"""
    page = pages.new()
    create_game(page, server, "intermediate", "intermediate", seed=0)
    other = page.context.new_page()
    other.goto(page.url)
    for tab in (page, other):
        wait_for_turn(tab)
    view = state(other)["view"]
    assert view["phase"] == "bid_first" and view["dealer"] == state(other)["seat"], view
    other.click("#hint-button")
    expect(other.locator("#hint-said")).to_contain_text("Hint: ")
    moves = len(view["moves"])
    page.click("#buttons [data-action='order']")
    wait_until(other, "n => window.cutthroatState.view.moves.length > n", moves)
    assert state(other)["view"]["phase"] == "discard"  # this seat's decision again
    expect(other.locator("#hint")).to_be_empty()
    expect(other.locator("#hint-said")).to_be_empty()


def test_the_cards_picked_for_a_keep_stay_marked_in_forced_colours(server: str,
                                                                   pages: Pages) -> None:
    """An accessibility pass: in Windows' high contrast mode (forced colours) the gold
    ring of the cards picked for a keep vanished (box-shadow is dropped there), leaving
    a 10-pixel lift to tell them by. They are outlined there."""
    page = pages.new()
    _to_the_keep(page, server)
    card = page.locator("#hand button[data-card]").first
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    page.locator("#keep-button").focus()  # (the focus ring is an outline of its own)
    page.emulate_media(forced_colors="active")
    assert card.evaluate("c => getComputedStyle(c).outlineStyle") == "solid"
    page.emulate_media(forced_colors="none")
    assert card.evaluate("c => getComputedStyle(c).outlineStyle") == "none"


def test_the_scrolling_lists_and_the_hints_table_take_the_keyboards_focus(
        server: str, pages: Pages) -> None:
    """WCAG 2.1.1: the hand's log, the table talk, the coach's words and the hint's table
    scroll (the table sideways on a phone), and hold nothing that takes the focus:
    Chromium lets Tab reach them anyway, Safari does not. Each takes the focus itself."""
    page = pages.new(390, 844)
    create_game(page, server, seed=9, coach=True)
    wait_for_turn(page)
    page.click("#hint-button")
    expect(page.locator(".hint-scroll")).to_have_count(1)
    for where in ("#log", "#coach-words", "#chat-lines", ".hint-scroll"):
        assert page.eval_on_selector(where, "e => e.tabIndex") == 0, where
    expect(page.get_by_role("region", name="The options compared")).to_have_count(1)
    page.locator(".hint-scroll").focus()
    expect(page.locator(".hint-scroll")).to_be_focused()


def test_a_slow_player_is_told_before_and_when_another_may_call_a_bot_in_and_asks_for_more_time(
        tmp_path: Path, pages: Pages) -> None:
    """WCAG 2.2.1 (an accessibility pass): after the server's wait on one move, another
    player may let a bot play for the one who is thinking, whose page said nothing. It
    now says, from two thirds of the wait, that this may soon happen, and then that it
    may; the note goes with the move. "I need more time" (a key press, with at least a
    second of the wait's third left to press it) starts the wait again: the other
    player's offer goes, both pages say so, and the focus goes to the move. (The wait
    is 3 s here.)"""
    from browser_helpers import _free_port, ann_and_ben, run_server

    with run_server(_free_port(), tmp_path / "games.db", "--turn-wait", "3", pages=pages) as base:
        ann, ben, _ = ann_and_ben(pages, base)
        ben_seat = state(ben)["seat"]
        for _ in range(40):
            now = state(ann)
            if now["to_act"] == ben_seat or now["status"] != "playing":
                break
            if now["to_act"] == now["seat"]:
                take_turn(ann)
            else:
                ann.wait_for_timeout(100)
        assert state(ben)["to_act"] == ben_seat, "Ben never had a move to make"
        note = ben.locator("#slow-note")
        more = ben.locator("#more-time-button")
        expect(note).to_have_text(re.compile(r"^Take your time, but soon another player may "
                                             r"let a bot play for you: your move, or asking "
                                             r"for more time, keeps your seat"))
        expect(more).to_be_visible()
        expect(note).to_have_text("Another player may now let a bot play for you, until "
                                  "your next move or you ask for more time.")
        expect(ann.locator("#slow-note")).to_be_hidden()  # (not Ann's move)
        offer = ann.locator(f'[data-standin="{ben_seat}"]')
        expect(offer).to_be_visible()
        more.focus()
        ben.keyboard.press("Enter")
        expect(note).to_be_hidden()
        expect(offer).to_have_count(0)
        assert ben.evaluate("document.activeElement.closest('#table') !== null"
                            " && document.activeElement.checkVisibility()")
        expect(ben.locator("#announcer")).to_contain_text(
            "Your wait for this move starts again: you may ask 9 more times.")
        expect(ann.locator("#announcer")).to_contain_text(
            "Ben asked for more time over their move.")
        assert state(ann)["more_time"] == {"given": 1, "left": 9}
        expect(note).to_be_visible()  # the new wait's notice, two seconds on
        # A double press (two clicks in one go, before the state answers the first):
        # the second ask carries the count the first did, is refused, counts nothing,
        # and the page shows no error for it.
        received: list[str | bytes] = []
        ben.on("websocket", lambda ws: ws.on("framereceived",
                                             lambda frame: received.append(frame)))
        ben.reload()
        expect(ben.locator("#status[data-status=playing]")).to_have_count(1)
        ben.evaluate("() => { const b = document.getElementById('more-time-button');"
                     " b.click(); b.click(); }")
        for _ in range(100):
            if any('"for": "more_time"' in str(frame) or '"for":"more_time"' in str(frame)
                   for frame in received):
                break
            ben.wait_for_timeout(50)
        else:
            raise AssertionError("the second ask was not answered")
        assert state(ann)["more_time"] == {"given": 2, "left": 8}
        expect(ben.locator("#error")).to_have_text("")
        take_turn(ben)
        expect(note).to_be_hidden()
