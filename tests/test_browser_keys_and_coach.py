"""A second QA pass with the keyboard alone, a screen reader and a phone (2026-12-05):
the table's keys only where the table has the focus (WCAG 2.1.4), the moves described
by what they lead to, a hint gone with its decision, the coach shown from the start and
pointed to on a phone, the first focus where it shows, and How to play's words as a
list of terms (the focus on the moves at a bid: test_browser_phone)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_helpers import (
    Pages,
    browser,
    create_game,
    focused,
    server,
    state,
    wait_for_turn,
    wait_until,
)
from browser_helpers import pages as pages
from cutthroat.howto import how_to_play
from test_browser_phone import phone

__all__ = ["browser", "server"]  # fixtures, used by name

INJECT = "m => window.cutthroatSocket.onmessage({data: JSON.stringify(m)})"
"""Hand the page a message as if the server had sent it."""

WORD = {"type": "coach", "history": False, "n": 90, "hand": 1, "move": "pass",
        "best": "order", "undone": False,
        "text": "the expert would order up the KH (win 41% against 35% after passing)"}
"""A coach's word (docs/protocol.md)."""


def test_R7_the_move_buttons_are_described_by_what_they_lead_to(server: str,
                                                                pages: Pages) -> None:
    """The stakes under the moves were a plain paragraph a screen reader reached only by
    reading on: each move button now names it as its description. (Seed 9: Ann's first
    turn is a first-round bid.)"""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    expect(page.locator("#stakes")).to_contain_text("you need 3 of the 5 tricks")
    buttons = page.locator("#buttons button[data-action]")
    assert buttons.count() >= 2
    assert set(buttons.evaluate_all("bs => bs.map(b => b.getAttribute('aria-describedby'))")) \
        == {"stakes"}


def test_the_table_keys_are_the_tables_only_while_the_focus_is_at_the_table(
        server: str, pages: Pages) -> None:
    """WCAG 2.1.4: "1" pressed on "Copy watch link" made a bid, and "u" on the watch link
    took moves back. A key pressed on a control outside the table is that control's."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    expect(page.locator("#coach-panel")).to_be_hidden()  # nobody asked for the coach
    moves = len(state(page)["view"]["moves"])
    page.locator("#copy-watch-link").focus()
    page.keyboard.press("1")
    page.locator("#watch-link").focus()
    for key in ("u", "h", "2"):
        page.keyboard.press(key)
    page.wait_for_timeout(400)
    assert len(state(page)["view"]["moves"]) == moves
    expect(page.locator("#hint")).to_be_empty()
    page.locator("#hand").focus()
    page.keyboard.press("1")  # at the table: pass
    wait_until(page, "n => window.cutthroatState.view.moves.length > n", moves)
    assert state(page)["view"]["moves"][moves].endswith(" pass")


def test_a_hint_goes_with_the_decision_it_was_asked_at(server: str, pages: Pages) -> None:
    """"Hint: pick up the J♣" stayed on the screen (and for a screen reader) at the
    discard after it, where it was wrong; and a hint that came after the move would
    have been shown at the next decision."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    page.click("#hint-button")
    expect(page.locator("#hint-said")).to_contain_text("Hint: ")
    page.click("#buttons [data-action='pass']")
    expect(page.locator("#hint")).to_be_empty()
    expect(page.locator("#hint-said")).to_be_empty()
    late = {"seat": 0, "phase": "bid_first", "choice": "pass", "reason": "a late one",
            "samples": 0, "options": [], "models": [], "lines": []}
    page.evaluate(INJECT, {"type": "hint", "hint": late})
    page.wait_for_timeout(300)
    expect(page.locator("#hint")).to_be_empty()
    expect(page.locator("#hint-said")).to_be_empty()


def test_a_coached_phone_sees_the_coach_from_the_start_and_is_pointed_to_a_new_word(
        server: str, pages: Pages) -> None:
    """On a phone the coach's words came about 500 px below the screen with nothing to
    say so, and the panel appeared with its first word (so a screen reader might not
    say it). The panel is there from the start; a new word out of view is pointed to,
    as new table talk is; the words heard again on connecting are not (nor said again)."""
    page = phone(pages, 375, 667)
    create_game(page, server, seed=9, coach=True)
    wait_for_turn(page)
    expect(page.locator("#coach-panel")).to_be_attached()
    expect(page.locator("#coach-empty")).to_contain_text("The coach speaks up")
    assert page.evaluate("document.getElementById('coach-panel').hidden") is False
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)  # the panel seen out of view
    page.evaluate(INJECT, WORD)
    expect(page.locator(".coach-word")).to_have_count(1)
    # The move in a player's words, once (not the record's "after pass" before them).
    expect(page.locator(".coach-word")).to_contain_text(
        "Hand 1: the expert would order up the K♥ (win 41% against 35% after passing)")
    expect(page.locator("#coach-empty")).to_be_hidden()
    pointer = page.locator("#coach-unread")
    expect(pointer).to_be_visible()
    expect(pointer).to_have_accessible_name("The coach has a word on your move")
    # short on a phone, where the long words covered the moves' prompt (a QA finding)
    expect(pointer).to_have_text("The coach has a word", use_inner_text=True)
    box = pointer.bounding_box()
    assert box is not None and box["width"] < 0.6 * 375, box  # the long words: 0.9 of it
    pointer.click()
    expect(page.locator("#coach-title")).to_be_focused()
    expect(pointer).to_be_hidden()
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    page.evaluate("document.getElementById('coach-words').seenByTest = true")  # not copied
    page.evaluate(INJECT, {**WORD, "history": True, "n": 89, "move": "order"})
    expect(page.locator(".coach-word")).to_have_count(2)
    # heard again: put in a copy of the list, which a screen reader does not read out
    assert page.evaluate("document.getElementById('coach-words').seenByTest") is None
    page.wait_for_timeout(300)
    expect(pointer).to_be_hidden()


def test_the_first_focus_is_on_the_cards_when_another_player_is_to_act(
        server: str, pages: Pages) -> None:
    """A page opened while a bot was to move put the focus on a heading drawn 1 px
    wide, so nothing showed where it was (WCAG 2.4.7): it goes to the cards."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    # The first state after the reload is bent to another player's turn.
    page.context.add_init_script("""(() => {
      const slot = Object.getOwnPropertyDescriptor(WebSocket.prototype, "onmessage");
      Object.defineProperty(WebSocket.prototype, "onmessage", {
        configurable: true,
        get() { return slot.get.call(this); },
        set(handler) {
          slot.set.call(this, (ev) => {
            const m = JSON.parse(ev.data);
            if (m.type === "state" && !window.bent) {
              window.bent = true;
              m.state.to_act = (m.state.seat + 1) % 3;
              m.state.view.legal = [];
              return handler({ data: JSON.stringify(m) });
            }
            return handler(ev);
          });
        },
      });
    })();""")
    page.reload()
    wait_until(page, "() => window.bent && document.activeElement?.id")
    assert focused(page) == "hand"


def test_how_to_play_lists_the_players_words_as_terms(server: str, pages: Pages) -> None:
    """The words were paragraphs, one of them four terms in a row: a list of terms (a
    <dl>), one each, is what a screen reader moves through term by term."""
    page = pages.new()
    page.goto(server + "/")
    page.click("#help-button")
    terms = page.locator("#help-body dl.glossary dt")
    words = how_to_play()[-1][1]
    expect(terms).to_have_count(len(words))
    assert terms.all_inner_texts() == [entry.split(": ")[0] for entry in words]
    expect(page.locator("#help-body dl.glossary dd").first).to_have_text(
        words[0].split(": ", 1)[1])


@pytest.mark.parametrize("width", [375])
def test_the_coachs_pointer_and_the_talks_do_not_cover_each_other(server: str, pages: Pages,
                                                                   width: int) -> None:
    page = phone(pages, width, 667)
    create_game(page, server, seed=9, coach=True)
    wait_for_turn(page)
    page.evaluate("""() => {
        document.getElementById('coach-unread').hidden = false;
        const talk = document.getElementById('chat-unread');
        talk.hidden = false;
        talk.textContent = '3 new lines of table talk';
    }""")
    a = page.locator("#coach-unread").bounding_box()
    b = page.locator("#chat-unread").bounding_box()
    assert a and b
    apart = a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
    assert apart, (a, b)
    assert a["x"] >= 0 and a["x"] + a["width"] <= width


def test_a_cards_hint_is_worded_as_a_button_and_said_without_a_stray_article(
        server: str, pages: Pages) -> None:
    """A hint to play or discard a card begins with a capital, as the buttons' words do
    ("Hint: Play Q♦", not "play Q♦"), and one to keep names the cards in the hand's
    order; a screen reader hears "as good as your king of
    spades", not "your the king of spades"."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    # The page's own modules, imported as it imports them (one instance per address).
    in_words = "async (text) => (await import('/static/js/cards.js')).cardsInWords(text)"
    assert page.evaluate(in_words, "as good as your KS and your partner's AH") == (
        "as good as your king of spades and your partner's ace of hearts")
    assert page.evaluate(in_words, "the maker holds KS") == (
        "the maker holds the king of spades")
    view = state(page)["view"]
    label = """async ([action, v, said]) => {
        const [{ actionLabel }, { SAID }] = await Promise.all(
            [import('/static/js/actions.js'), import('/static/js/cards.js')]);
        return said ? actionLabel(action, v, SAID) : actionLabel(action, v); }"""
    shown = page.evaluate(label, ["play QD", view, False])
    said = page.evaluate(label, ["discard QD", view, True])
    assert (shown, said) == ("Play QD", "Discard QD")  # (codes turned to faces after)
    # A keep (R12) in the order the hand shows its cards (trump first, high to low), not
    # the record's order by card id.
    keep = page.evaluate(label, ["keep QH AH 9S JS KS", {**view, "trump": "S"}, False])
    assert keep == "Keep JS KS 9S AH QH"
    # and so is a keep its reason names (the server writes it as the terminal shows a hand)
    reason = page.evaluate(
        "async ([text, trump]) => (await import('/static/js/advice.js'))"
        ".keepsInHandOrder(text, trump)",
        ["keeping QH AH 9S KS JS (three trumps and an ace): ...; next best: keeping QD AH "
         "9S KS JS, 30%", "S"])
    assert reason == ("keeping JS KS 9S AH QH (three trumps and an ace): ...; next best: "
                      "keeping JS KS 9S AH QD, 30%")


def test_a_coach_word_names_a_keeps_cards_in_the_pages_hand_order_R12(
        server: str, pages: Pages) -> None:
    """The coach's word on a keep names the cards as the server writes a hand (by suit,
    trumps last): the page shows them in its own hand order under the word's trump
    (trump first, high to low), as its hints do; a word without a trump (kept by an
    older server) is shown as it came."""
    page = pages.new()
    create_game(page, server, seed=9, coach=True)
    wait_for_turn(page)
    text = ("the expert would keep QH AH 9S KS JS (win 41% against 35% after keeping QD "
            "AH 9S KS JS)")
    page.evaluate(INJECT, {**WORD, "n": 80, "move": "keep AH QD 9S JS KS",
                           "best": "keep AH QH 9S JS KS", "trump": "S", "text": text})
    page.evaluate(INJECT, {**WORD, "n": 81, "move": "keep AH QD 9S JS KS",
                           "best": "keep AH QH 9S JS KS", "text": text})
    words = page.locator(".coach-word")
    expect(words).to_have_count(2)
    assert words.nth(1).inner_text().startswith(
        "Hand 1: the expert would keep J♠ K♠ 9♠ A♥ Q♥ (win 41% against 35% after keeping "
        "J♠ K♠ 9♠ A♥ Q♦)")
    assert words.nth(0).inner_text().startswith(
        "Hand 1: the expert would keep Q♥ A♥ 9♠ K♠ J♠ (win 41%")


def test_a_coach_word_on_a_move_taken_back_is_marked_taken_back(server: str,
                                                                 pages: Pages) -> None:
    """A coach's word on a move then taken back with Undo stayed as if the move stood.
    Sent again with ``undone``, the word shown is marked "Taken back: " (a screen reader
    hears those words, not the word again); heard again on connecting, it comes marked."""
    page = pages.new()
    create_game(page, server, seed=9, coach=True)
    wait_for_turn(page)
    page.evaluate(INJECT, WORD)
    word = page.locator(".coach-word")
    expect(word).to_have_count(1)
    expect(word).not_to_contain_text("Taken back")
    # The table drawn again between (a move made): its redraw renumbers the keys of the
    # cards and moves, and once took the coach's words' marks with them.
    moves = len(state(page)["view"]["moves"])
    page.click("#buttons [data-action='pass']")
    wait_until(page, "n => window.cutthroatState.view.moves.length > n", moves)
    page.evaluate(INJECT, {**WORD, "undone": True})
    expect(word).to_have_count(1)
    expect(word).to_have_text(re.compile(r"^Taken back: Hand 1: the expert would order up"))
    page.evaluate(INJECT, {**WORD, "undone": True})  # once only
    expect(word.locator(".taken-back-tag")).to_have_count(1)
    page.evaluate(INJECT, {**WORD, "n": 91, "hand": 2, "undone": True, "history": True})
    expect(page.locator(".coach-word")).to_have_count(2)
    expect(page.locator(".coach-word").first).to_have_text(
        re.compile(r"^Taken back: Hand 2: "))


def test_the_coachs_words_are_set_apart_from_each_other(server: str, pages: Pages) -> None:
    """Two long words of the coach ran together as one paragraph (a QA pass): each after
    the first is set apart by a rule and a gap."""
    page = pages.new()
    create_game(page, server, seed=9, coach=True)
    wait_for_turn(page)
    page.evaluate(INJECT, WORD)
    page.evaluate(INJECT, {**WORD, "n": 91, "move": "order", "best": "pass"})
    words = page.locator(".coach-word")
    expect(words).to_have_count(2)
    first, second = (words.nth(i).evaluate(
        "e => { const s = getComputedStyle(e);"
        " return [s.borderTopStyle, parseFloat(s.paddingTop), parseFloat(s.marginTop)]; }")
        for i in range(2))
    assert first[0] == "none", first
    assert second[0] == "solid" and second[1] > 0 and second[2] > 0, second
