"""An accessibility review's findings, played in the browser as tests/browser_helpers.py
plays it (the same server, browser and page helpers): the keyboard alone, a screen
reader's view of the page (the accessibility tree, the live regions), a phone's touch
targets and a window zoomed to 200%."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from browser_helpers import (
    FITS,
    HEAR,
    Pages,
    _finished_game_of_two,
    _free_port,
    _seat_page,
    _show_play,
    browser,
    contrast,
    create_game,
    focused,
    pages,
    run_server,
    said_text,
    server,
    state,
    take_turn,
    wait_for_turn,
    wait_until,
)

__all__ = ["browser", "pages", "server"]  # the fixtures, used by name

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"


def tab_until(page: Page, wanted: str, most: int = 20) -> list[str]:
    """Press Tab until the element ``wanted`` (a selector) has the focus: what each Tab
    reached (an id, a card, a move, a stand-in offer), in order."""
    seen = []
    for _ in range(most):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("""() => { const e = document.activeElement;
          return e.id || e.dataset.card || e.dataset.action
            || (e.dataset.standin !== undefined ? 'standin' : e.tagName); }"""))
        if page.evaluate("s => document.activeElement.matches(s)", wanted):
            return seen
    raise AssertionError(f"Tab never reached {wanted}: {seen}")


def test_letting_a_bot_play_is_asked_after_the_moves_and_its_moves_summed_up(
        tmp_path: Path, pages: Pages) -> None:
    """"Let a bot play for me" comes after the moves in the Tab order (not just before
    Pass); pressed, it asks first in a dialog (Cancel has the focus, Escape cancels and
    gives the focus back); once a bot plays, its fast moves are summed up in the live
    region, not said one by one; the next hand is said without the last one's result
    again; the deal at the hand's end is in groups named by whose cards they are. (The
    server's pause before a table of bots deals on is a minute here.)"""
    with run_server(_free_port(), tmp_path / "games.db", "--hand-pause", "60", pages=pages) as base:
        _stand_in_asked_and_summed_up(pages, base)


def _stand_in_asked_and_summed_up(pages: Pages, server: str) -> None:
    page = pages.new()
    page.context.add_init_script(HEAR)
    create_game(page, server, seed=8)
    assert wait_for_turn(page) == "playing"
    moves = {a for a in state(page)["view"]["legal"] if not a.startswith(("play ", "keep "))}
    page.locator("#help-button").focus()
    seen = tab_until(page, "[data-standin]")
    assert moves and moves <= set(seen[:-1]), seen  # every move before it
    # Asked first: Escape cancels, and the focus comes back.
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Let a bot play for you?")
    expect(dialog).to_be_visible()
    assert focused(page) == "standin-cancel"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.evaluate("document.activeElement.dataset.standin") is not None
    page.wait_for_timeout(300)
    assert state(page)["players"][state(page)["seat"]]["standin"] is None
    # Confirmed from the keyboard: the bot plays the hand out, summed up.
    said_before = len(page.evaluate("window.heard"))
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.press("Tab")
    assert focused(page) == "standin-yes"
    page.keyboard.press("Enter")
    expect(page.locator("#status[data-status=hand_over]")).to_have_count(1)
    wait_until(page, "n => window.heard.slice(n).some((h) => h.includes('Hand over'))",
               arg=said_before)
    after = page.evaluate("window.heard")[said_before:]
    assert after[0].startswith("A bot plays for you now"), after
    assert not any(re.search(r" (plays|play) the ", line) for line in after), after
    assert any("made while a bot plays for you" in line for line in after), after
    assert len(after) <= 4, after
    # The deal face up: each player's cards a group named by whose they are.
    over = page.locator("#hand-over")
    expect(over.get_by_role("group", name="Your cards", exact=True)).to_have_count(1)
    expect(over.get_by_role("group", name="Random 1's cards", exact=True)).to_have_count(1)
    # Back in the seat, the next hand: its deal is said, not the last hand's result again.
    page.locator("#self-standin button[data-back]").click()
    wait_until(page, "() => window.heard.some((h) => h.includes('You play your seat again'))")
    page.click("#next-hand")
    wait_until(page, "() => window.heard.some((h) => h.includes('Hand 2.'))")
    line = next(h for h in page.evaluate("window.heard") if "Hand 2." in h)
    assert "Hand 1:" not in line, line
    assert re.search(r"^Hand 2\. (You deal|\S+( \d)? deals); the up-card is", line), line


def test_the_focus_waits_on_the_cards_in_view_when_the_table_appears(
        server: str, pages: Pages) -> None:
    """After Start on a phone the focus is not left on the page: at this seat's turn it
    is on its cards, scrolled into view (they were 820 px down, below the fold)."""
    page = pages.new(360, 640)
    create_game(page, server, seed=9)
    assert wait_for_turn(page) == "playing"
    wait_until(page, "() => document.activeElement.id === 'hand'")
    box = page.evaluate("""() => { const r = document.getElementById('hand')
      .getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; }""")
    assert box[0] >= 0 and box[1] <= box[2], box


def test_cards_that_may_not_be_played_are_reached_and_say_why_in_words(
        server: str, pages: Pages) -> None:
    """Every card held is reached by Tab and heard, those that may not be played marked
    disabled (aria-disabled: they do nothing) and described by the reason, in words; a
    card that may be played is named by what it does ("Play ace of diamonds")."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    _show_play(page, ["JD", "AD", "9C", "KS", "TH"], ["QD"], ["AD"])
    why = ("You must follow diamonds, the suit led: the other cards are greyed (the jack of"
           " diamonds is the left bower: trump, not a diamond).")
    assert "♦" not in said_text(page, "#prompt")
    assert said_text(page, "#prompt").endswith(why)
    cards = page.locator("#hand button[data-card]")
    order = cards.evaluate_all("els => els.map((e) => e.dataset.card)")
    cards.first.focus()
    reached = [order[0]] + [tab_until(page, f'[data-card="{c}"]', 1)[-1] for c in order[1:]]
    assert reached == order
    for code in order:
        card = page.locator(f'#hand [data-card="{code}"]')
        if code == "AD":
            expect(card).to_be_enabled()
            expect(card).to_have_accessible_name("Play ace of diamonds")
        else:
            expect(card).to_be_disabled()
            expect(card).to_have_accessible_description(why)
    # A greyed card pressed does nothing.
    page.evaluate("() => { window.sent = [];"
                  " window.cutthroatSocket.send = (m) => { window.sent.push(m); }; }")
    page.locator('#hand [data-card="KS"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    assert page.evaluate("window.sent") == []


LAST_TRICK = """plays => { const s = {...window.cutthroatState, version: 1e9};
  s.view = {...s.view, tricks: [{plays, winner: plays[2][0]}]};
  window.cutthroatSocket.onmessage({data: JSON.stringify({type: "state", state: s})}); }"""
"""Hand the page a newer state whose last trick is ``plays`` (the last to play takes it)."""


def test_the_last_trick_is_dimmed_but_not_its_words(server: str, pages: Pages) -> None:
    """The last trick's cards are dimmed; its words (who took it, who played what) keep
    full opacity and size: white on the felt, 4.5:1 or more."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    page.evaluate(LAST_TRICK, [[0, "9S"], [1, "TS"], [2, "AS"]])
    for text in page.locator("#last-trick .label, #last-trick figcaption").all():
        look = text.evaluate("""e => { let opacity = 1, scaled = false;
          for (let n = e; n; n = n.parentElement) { const s = getComputedStyle(n);
            opacity *= Number(s.opacity); scaled ||= s.transform !== 'none'; }
          const s = getComputedStyle(e);
          return [opacity, scaled, parseFloat(s.fontSize), s.color]; }""")
        opacity, scaled, size, colour = look
        assert opacity == 1 and not scaled and size >= 12, look
        assert contrast(colour, "rgb(42, 128, 73)") >= 4.5, look  # the felt's lightest
    dim = page.locator("#last-trick .card").first.evaluate("e => getComputedStyle(e).opacity")
    assert float(dim) < 1


def test_the_title_says_where_the_game_stands(server: str, pages: Pages) -> None:
    """The page's title follows the game: your turn and the hand, a join's inviter, a
    replay, the game's end."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    expect(page).to_have_title("Your turn · Hand 1 – Cutthroat euchre")
    take_turn(page)
    expect(page).not_to_have_title("Cutthroat euchre")
    friend = pages.new()
    create_game(friend, server, left="random", right="open", name="Zoe")
    guest = pages.new()
    guest.goto(friend.locator("#join-link").inner_text())
    expect(guest).to_have_title("Join Zoe's game – Cutthroat euchre")
    game, ann, _ = _finished_game_of_two(server, page)
    over = _seat_page(pages, server, game, ann["token"])
    expect(over).to_have_title("Game over – Cutthroat euchre")
    over.goto(f"{server}/?replay={game}")
    expect(over).to_have_title("Replay – Cutthroat euchre")


TARGETS = """sel => [...document.querySelectorAll(sel)].filter((e) => e.checkVisibility())
  .map((e) => { const r = e.getBoundingClientRect();
    return [e.id || e.className || e.textContent.trim().slice(0, 30), r.width, r.height]; })"""


def small_targets(page: Page, selector: str) -> list:
    """The visible controls of ``selector`` less than 44 px tall (or buttons narrower)."""
    return [t for t in page.evaluate(TARGETS, selector) if t[2] < 44 or t[1] < 44]


def test_a_phone_has_touch_targets_of_44_px(server: str, pages: Pages) -> None:
    """At 360x640 every button, the replay's moves and controls and the links that stand
    alone (the game record, a new game, watching) are 44 px or more to tap; at 320 px
    wide nothing overflows sideways."""
    game, ann, _ = _finished_game_of_two(server, pages.new())
    for width in (360, 320):
        page = pages.new(width, 640)
        page.goto(server + "/")
        expect(page.locator("#seat1 option[value=random]")).to_have_count(1)
        assert small_targets(page, "button") == []
        assert page.evaluate(FITS)
        create_game(page, server, seed=9)
        wait_for_turn(page)
        assert small_targets(page, "button:not(.card)") == []
        assert page.evaluate(FITS)
        over = _seat_page(pages, server, game, ann["token"])
        over.set_viewport_size({"width": width, "height": 640})
        expect(over.locator("#winners")).to_be_visible()
        assert small_targets(over, "button:not(.card), .over-links a") == []
        assert over.evaluate(FITS)
        over.goto(f"{server}/?replay={game}")
        expect(over.locator("#replay-moves button").first).to_be_visible()
        assert small_targets(over, "button, .replay-links a") == []
        assert over.evaluate(FITS)
        over.goto(f"{server}/?join={game}")
        expect(over.locator("#join-watch")).to_be_visible()
        assert [t for t in over.evaluate(TARGETS, "#join-watch") if t[2] < 44] == []


def test_a_hint_says_its_first_sentence_only(server: str, pages: Pages) -> None:
    """The hint's live region says the move advised ("Hint: Pass."), in words; the
    options' table and its key stay on the page, not read out each time."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    page.click("#hint-button")
    expect(page.locator("#hint .hint-choice")).to_contain_text("Hint: ")
    assert page.locator("#hint").get_attribute("aria-live") is None
    assert page.locator("#hint [aria-live]").count() == 0
    live = page.locator("#hint-said")
    assert live.get_attribute("aria-live") == "polite"
    expect(live).to_have_text(re.compile(r"^Hint: [^♣♦♥♠]{2,60}\.$"))


def test_a_name_refused_at_the_join_is_marked_invalid_and_says_why(
        server: str, pages: Pages) -> None:
    """A name already at the table: the name box is marked invalid and described by the
    refusal, until the name is changed."""
    ann = pages.new()
    create_game(ann, server, left="random", right="open", name="Ann")
    ben = pages.new()
    pages.allowed.append("status of 409")  # Chromium logs the refused request
    ben.goto(ann.locator("#join-link").inner_text())
    ben.fill("#join-name", "Ann")
    ben.click("#join-button")
    box = ben.locator("#join-name")
    expect(ben.locator("#join-error")).to_contain_text("already at this table")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_have_accessible_description(re.compile("already at this table"))
    box.press("End")
    box.press("x")
    expect(box).not_to_have_attribute("aria-invalid", "true")


def test_the_lobby_and_the_replay_name_their_parts(server: str, pages: Pages) -> None:
    """The lobby's "Watch a game again" is a named region; the replay's seats hold their
    cards in groups named by whose they are, and its bar of controls does not stick to
    the top of a short window (a laptop zoomed to 200%)."""
    page = pages.new(640, 400)
    page.goto(server + "/")
    expect(page.get_by_role("region", name="Watch a game again", exact=True)).to_have_count(1)
    page.set_input_files("#record-file", str(EXAMPLES / "01-standard-full-game.json"))
    expect(page.locator("#replay-layout")).to_be_visible()
    players = page.evaluate("window.cutthroatReplay.data.players")
    for name in players:
        expect(page.get_by_role("group", name=f"{name}'s cards", exact=True)).to_have_count(1)
    assert page.locator(".replay-bar").evaluate("e => getComputedStyle(e).position") != "sticky"


def test_the_focus_is_scrolled_clear_of_the_coachs_and_the_talks_buttons_on_a_phone(
        server: str, pages: Pages) -> None:
    """WCAG 2.4.12 (an accessibility pass): on a phone, "The coach has a word" and the
    talk's button, fixed at the foot of the screen, covered part of the cards when the
    page was at its top. What takes the focus is now scrolled clear of them."""
    page = pages.new(375, 667)
    create_game(page, server, seed=9, coach=True)
    wait_for_turn(page)
    page.evaluate("() => { document.getElementById('coach-unread').hidden = false;"
                  " document.getElementById('chat-unread').hidden = false;"
                  " window.scrollTo(0, 0); document.activeElement.blur(); }")
    card = page.locator("#hand button[data-card]").first
    card.focus()
    covered = page.evaluate("""() => {
        const card = document.activeElement.getBoundingClientRect();
        const top = Math.min(...["coach-unread", "chat-unread"].map(
            (id) => document.getElementById(id).getBoundingClientRect().top));
        return card.bottom - top; }""")
    assert covered <= 0, f"the focused card is {covered:.0f} px under the buttons"
