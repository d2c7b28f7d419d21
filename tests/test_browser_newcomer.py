"""A first-time player's findings, played in the browser as tests/browser_helpers.py plays
it (the same server, browser and page helpers): what each choice leads to, said beside
the prompt before it is made."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from browser_helpers import (
    Pages,
    browser,
    card_contrast,
    create_game,
    server,
    state,
    take_turn,
    wait_for_turn,
    wait_until,
)
from browser_helpers import pages as pages

__all__ = ["browser", "server"]  # fixtures, used by name


def test_R7_R9_R12_a_choice_says_what_it_leads_to_before_it_is_made(
        server: str, pages: Pages) -> None:
    """Seed 9: Ann passes the first round, calls in the second, then takes the dummy or
    goes alone and keeps five; at each of those turns the words under the prompt are the
    state's ``stakes`` (an order or a call makes her the maker, who needs 3 tricks),
    and none are shown over a card to play."""
    page = pages.new()
    create_game(page, server, seed=9)
    stakes = page.locator("#stakes")
    said = {}
    while wait_for_turn(page) == "playing":
        now = state(page)
        phase = now["view"]["phase"]
        if phase == "play":
            expect(stakes).to_be_hidden()
            break
        expect(stakes).to_be_visible()
        expect(stakes).to_have_text(now["stakes"])
        upcard = page.locator("#upcard .card")
        if phase == "bid_first":
            expect(upcard).not_to_have_class(re.compile(r"\bgone\b"))
        elif phase == "bid_second":  # R9: turned down, so drawn faded
            expect(upcard).to_have_class(re.compile(r"\bgone\b"))
            expect(page.locator("#upcard .note")).to_have_text("turned down")
        said[phase] = now["stakes"]
        take_turn(page)
        # The words follow the state: none while another seat is to act (the bots
        # may have moved on to Ann's next turn already, whose own words are shown).
        wait_until(page, "() => document.getElementById('stakes').textContent"
                   " === (window.cutthroatState.to_act === window.cutthroatState.seat"
                   " ? window.cutthroatState.stakes ?? '' : '')")
    assert {"bid_first", "bid_second", "maker_choice"} <= set(said), said
    assert said["bid_first"].startswith("Ordering up makes the up-card's suit trump and "
                                        "you the maker, against the other two: you need "
                                        "3 of the 5 tricks")
    assert said["bid_second"].startswith(
        "Calling a suit other than the one turned down makes it trump and you the maker")
    assert "pays no more under these rules" in said["maker_choice"]


def test_R8_an_up_card_taken_or_left_is_drawn_faded(server: str, pages: Pages) -> None:
    """Ann orders up: the up-card then lies in the dealer's hand or in the kitty, and
    the table draws it faded with a note that says which, not as a card still in play.
    (Seed 9: Ann's first turn is in the first round of bidding.)"""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    assert state(page)["view"]["phase"] == "bid_first"
    upcard = page.locator("#upcard .card")
    expect(upcard).not_to_have_class(re.compile(r"\bgone\b"))
    page.click("[data-action=order]")
    wait_until(page, "() => !['bid_first', 'pickup'].includes(window.cutthroatState.view.phase)")
    taken = state(page)["view"]["upcard_taken"]
    expect(page.locator("#upcard .note")).to_have_text(
        "taken into the dealer's hand" if taken else "left in the kitty")
    expect(upcard).to_have_class(re.compile(r"\bgone\b"))
    # greyed and outlined, not faded: its rank and suit as legible as a card's (4.5:1; a
    # red card at half opacity was 3.6:1)
    assert card_contrast(upcard) >= 4.5


def test_the_coachs_words_stay_after_a_reload(server: str, pages: Pages) -> None:
    """The coach's remarks are the server's to keep: a page reloaded (or opened again)
    shows the latest again, once each, newest first."""
    page = pages.new()
    create_game(page, server, seed=9, coach=True)
    words = page.locator(".coach-word")
    for _ in range(3):  # hands: the first legal move is often not the expert's choice
        while take_turn(page) is not None and not words.count():
            pass
        if words.count():
            break
        page.click("#next-hand")
    expect(words.first).to_contain_text("the expert would ")
    before = settled(page, words.all_inner_texts)
    page.reload()
    expect(page.locator("#coach-panel")).to_be_visible()
    expect(words.first).to_be_visible()
    # The coach may judge a move made before the reload after it (slowly, on a busy
    # machine): such a word comes newest, before those shown already, never twice.
    after = settled(page, words.all_inner_texts)
    assert len(after) == len(set(after)) <= 5, after
    newer = after.index(before[0])  # the words that came since, first
    assert after[newer:] == before[:len(after) - newer], (before, after)
    assert not set(after[:newer]) & set(before), (before, after)


def settled(page: Page, read: Callable[[], list[str]]) -> list[str]:
    """What ``read`` gives once it has not changed for 1.5 s (the coach's words on
    moves still being judged come meanwhile)."""
    now = read()
    for _ in range(40):
        page.wait_for_timeout(1500)
        again = read()
        if again == now:
            return now
        now = again
    raise AssertionError(f"the coach's words never settled: {now}")
