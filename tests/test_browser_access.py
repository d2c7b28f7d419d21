"""Playing without a mouse, by ear, with low vision or on a small touch screen, end to
end in Chromium: no hover look left by a tap, the narrowest phones, a hand played with
the keyboard alone, a screen reader hearing each move and naming each card, the focus
shown and given back, readable greyed and red cards, and a replay named in words."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from browser_helpers import (
    ACTIONABLE,
    HEAR,
    SUIT_WORDS,
    TIMEOUT_MS,
    Pages,
    ann_and_ben,
    assert_frame_shown,
    browser,
    card_contrast,
    card_name,
    create_game,
    focused,
    heard,
    move_said,
    pages,
    replay_data,
    said_cards,
    server,
    state,
    wait_for_turn,
    wait_until,
)

__all__ = ["browser", "pages", "server"]  # the fixtures, used by name


def test_a_touch_screen_keeps_no_hover_look_after_a_tap(server: str, pages: Pages) -> None:
    """On a phone a tapped control keeps the pointer "over" it: the hover looks (a card
    lifted, a grey face like a greyed card's) are for a screen with a mouse only."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    phone = pages.browser.new_context(viewport={"width": 400, "height": 800},
                                      has_touch=True, is_mobile=True)
    pages.contexts.append(phone)
    touch = phone.new_page()
    touch.set_default_timeout(TIMEOUT_MS)
    touch.goto(f"{server}/?watch={state(page)['game']}")
    assert touch.evaluate("matchMedia('(hover: hover)').matches") is False
    button = touch.locator("#help-button")
    before = button.evaluate("e => getComputedStyle(e).backgroundColor")
    button.hover()
    assert button.evaluate("e => e.matches(':hover')")
    assert button.evaluate("e => getComputedStyle(e).backgroundColor") == before


def test_the_smallest_phones_need_no_sideways_scrolling(server: str, pages: Pages) -> None:
    """At 320 px wide (the narrowest phones) the lobby and the table fit the screen:
    the layout's columns and the lobby's menus may shrink below their content's widest
    line (the table was 343 px wide, the lobby's form cut off on the right)."""
    fits = "document.documentElement.scrollWidth <= window.innerWidth"
    lobby = pages.new(320, 640)
    lobby.goto(server + "/")  # the lobby: its rules menu's longest line is wider
    expect(lobby.locator("#seat1 option[value=random]")).to_have_count(1)
    assert lobby.evaluate(fits)
    ann, ben, _ = ann_and_ben(pages, server, (320, 640), ann_size=(320, 640),
                              ben_name="Benedict Cumberbatch")
    for player in (ann, ben):
        expect(player.locator("#hand button[data-card]")).to_have_count(5)
        assert player.evaluate(fits)


def test_a_hand_played_with_the_keyboard_alone(server: str, pages: Pages) -> None:
    """The number keys press the numbered choices (cards that may be played, else the
    moves), Enter deals the next hand, H asks for a hint: a whole hand without the
    mouse. Keys pressed while a dialog is open are not moves."""
    page = pages.new()
    create_game(page, server, seed=6)
    page.keyboard.press("h")  # a hint, if it is this seat's turn
    for _ in range(60):
        status = wait_for_turn(page)
        if status == "hand_over":
            break
        page.locator(ACTIONABLE).first.wait_for()
        numbered = page.locator("[data-key]")
        if page.locator("#keep-button").count():  # a keep: pick five by their numbers
            for key in "12345":
                page.keyboard.press(key)
            expect(page.locator("#hand [aria-pressed=true]")).to_have_count(5)
            before = len(state(page)["view"]["moves"])
            page.keyboard.press("Enter")
            wait_until(page, "n => window.cutthroatState.view.moves.length > n",
                       arg=before)
            continue
        expect(numbered.first).to_have_attribute("data-key", "1")
        keys = numbered.evaluate_all("els => els.map(e => e.dataset.key)")
        assert keys == [str((i + 1) % 10) for i in range(len(keys))]
        before = len(state(page)["view"]["moves"])
        chosen = page.locator("[data-key='1']")
        meant = chosen.get_attribute("data-card") or chosen.get_attribute("data-action")
        page.keyboard.press("1")
        wait_until(page, "n => window.cutthroatState.view.moves.length > n", arg=before)
        made = [m for m in state(page)["view"]["moves"][before:]
                if m.split(" ")[0] == str(state(page)["seat"])]
        assert made and meant in made[0]
    else:
        raise AssertionError("the hand did not end")
    hand = state(page)["hand_number"]
    page.keyboard.press("Enter")
    wait_until(page, "n => window.cutthroatState.hand_number > n", arg=hand)
    wait_for_turn(page)
    page.click("#help-button")  # keys pressed while a dialog is open move nothing
    expect(page.locator("#how-to-play")).to_contain_text("the keyboard plays too")
    moves = state(page)["view"]["moves"]
    page.keyboard.press("1")
    page.keyboard.press("Escape")
    expect(page.locator("#how-to-play")).to_be_hidden()
    page.wait_for_timeout(300)
    assert state(page)["view"]["moves"] == moves


def test_R7_R9_key_1_passes_in_both_rounds_of_bidding(server: str, pages: Pages) -> None:
    """Pass was the first button of the first round but the last of the second, after
    the four calls: key 1 passed, then named trump. It comes first in both now, as in
    the terminal."""
    page = pages.new()
    create_game(page, server, seed=9)  # all pass round one; this seat speaks first in two
    for phase in ("bid_first", "bid_second"):
        wait_for_turn(page)
        assert state(page)["view"]["phase"] == phase
        actions = page.locator("#buttons [data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)")
        assert actions[0] == "pass" and len(actions) == (2 if phase == "bid_first" else 4)
        expect(page.locator("[data-key='1']")).to_have_attribute("data-action", "pass")
        if phase == "bid_first":
            before = len(state(page)["view"]["moves"])
            page.keyboard.press("1")
            wait_until(page, "n => window.cutthroatState.view.moves.length > n",
                       arg=before)
            assert state(page)["view"]["moves"][before].endswith(" pass")


# --- a screen reader, the keyboard alone, low vision ------------------------------------


CODES = r"(?:[789TJQKA][CDHS]|JO)"


def in_words(text: str) -> str:
    """The server's sentence with its cards in words (``Ben orders up the KH`` -> ``Ben
    orders up the king of hearts``), as a screen reader hears it."""
    return re.sub(rf"\b(?:the )?({CODES}(?: {CODES})*)\b", lambda m: said_cards(m[1].split()),
                  text)


def test_a_screen_reader_hears_each_move_once_and_plays_cards_by_their_names(
        server: str, pages: Pages) -> None:
    """A blind player plays a whole hand with a screen reader: the live region says each
    move as it is made, in words ("Random 1 plays the ace of spades"), whose turn it is,
    and the hand's end with the score, each once; every card is a button named in words,
    the bowers as such once trump is made; the cards that may not be played are disabled,
    greyed with their rank and suit still readable (4.5:1); after each move the focus
    waits on the player's cards, and on "Next hand" at the hand's end. The table's parts
    are landmarks with headings. (Seed 7: this seat defends, holding the right bower.)"""
    page = pages.new()
    page.context.add_init_script(HEAR)
    create_game(page, server, seed=7)
    for role, name in [("region", "The table"), ("heading", "The table"), ("group", "Your cards"),
                       ("region", "Your move"), ("region", "Score"), ("region", "This hand"),
                       ("log", "What happens at the table")]:
        expect(page.get_by_role(role, name=name, exact=True)).to_have_count(1)
    live = page.get_by_role("log", name="What happens at the table")
    turns: list[str] = []
    bowers: set[str] = set()
    greyed = 0
    for _ in range(40):
        if wait_for_turn(page) != "playing":
            break
        st = state(page)
        view, trump = st["view"], st["view"]["trump"]
        expect(live.locator("p").last).to_contain_text("Your turn: ")
        turns.append(live.locator("p").last.inner_text())
        # Every card of the hand by its name (with its verb when it may be played: "Play
        # ace of spades"), enabled exactly when it may be played.
        playable = {a.split()[1] for a in view["legal"] if a.startswith("play ")}
        for code in view["cards"]:
            name = ("Play " if code in playable else "") + card_name(code, trump)
            card = page.get_by_role("button", name=name, exact=True)
            expect(card).to_have_count(1)
            if code in playable:
                expect(card).to_be_enabled()
            elif view["phase"] == "play":
                expect(card).to_be_disabled()
                assert card_contrast(card) >= 4.5, f"the greyed {code} is hard to read"
                greyed += 1
            if "bower" in card_name(code, trump):
                bowers.add(card_name(code, trump))
        before = len(view["moves"])
        if playable:
            code = sorted(playable)[0]
            page.get_by_role("button", name="Play " + card_name(code, trump),
                             exact=True).press("Enter")
            mine = f"You play {said_cards([code])}."
        else:  # a bid: the first move offered (the first call in round two), by its name
            calls = page.locator('#buttons [data-action^="call "]')
            button = (calls if calls.count() else page.locator("#buttons [data-action]")).first
            label = button.get_attribute("aria-label") or button.inner_text()
            page.get_by_role("button", name=label, exact=True).press("Enter")
            mine = ""
        # The focus is not lost to the page: it waits on the cards (or "Next hand"), or
        # is on the first move button where the bots have answered and a bid is next.
        wait_until(page, "n => window.cutthroatState.view.moves.length > n", arg=before)
        where = page.evaluate("() => document.activeElement.closest('#buttons') ? 'buttons'"
                              " : document.activeElement.id")
        assert where in ("hand", "next-hand", "buttons"), focused(page)
        if mine:
            expect(live).to_contain_text(mine)
    else:
        raise AssertionError("the hand did not end")
    assert bowers == {"jack of hearts, right bower"}, (
        f"seed 7 no longer gives this seat the right bower ({bowers}): choose another")
    assert greyed, "seed 7 no longer greys a card this seat may not play: choose another"
    assert turns[0] == "Your turn: order it up or pass." or turns[0].endswith(
        "Your turn: order it up or pass."), turns
    assert any(t.endswith("Your turn: play a card.") for t in turns), turns
    # Each move said once, in words, and each trick's taker; then the hand's end, with the score.
    last = state(page)
    said = heard(page)
    for move in last["view"]["moves"]:
        words = move_said(move, last)
        assert said.count(words) >= 1, f"{words!r} was not said:\n{said}"
    for move in {m for m in last["view"]["moves"] if " play " in m}:
        assert said.count(move_said(move, last)) == 1, f"{move} said twice:\n{said}"
    takers = [t["winner"] for t in last["view"]["tricks"]]
    assert said.count("takes the trick.") + said.count("You take the trick.") == len(takers)
    assert said.count("deals; the up-card is") == 1, said  # the log is never said again
    result = last["last_hand"]["text"]
    assert f"Hand over: {result[0].upper()}{result[1:]}" in said
    names = [("you" if seat == last["seat"] else p["name"])
             for seat, p in enumerate(last["players"])]
    assert sorted(names) == ["Random 1", "Random 2", "you"], names
    # A name that ends in a digit has a colon before its points ("Random 1: 2"), so the
    # points cannot be read as part of it.
    scores = ", ".join(f"{n}: {s}" if n[-1].isdigit() else f"{n} {s}"
                       for n, s in zip(names, last["scores"], strict=True))
    assert f"Score: {scores}; playing to 10." in said
    assert focused(page) == "next-hand"
    # The hand over: its deal face up, the bowers named; Enter deals the next, said once.
    trump = last["view"]["trump"]
    right = f"jack of {SUIT_WORDS[trump]}, right bower"
    expect(page.locator("#hand-over").get_by_role("img", name=right, exact=True)).to_have_count(1)
    page.keyboard.press("Enter")
    wait_until(page, "() => window.heard.some((h) => h.startsWith('Hand 2. '))")
    assert heard(page).count("Hand 2.") == 1
    wait_until(page, "() => document.activeElement.id === 'hand'")


def test_every_control_shows_the_keyboard_focus_and_dialogs_give_it_back(
        server: str, pages: Pages) -> None:
    """Tab reaches every control with a visible focus ring, in the lobby and at the
    table; "How to play" opened from the keyboard keeps Tab inside it, Escape closes it,
    and the focus goes back to the button that opened it."""
    page = pages.new()
    page.goto(server + "/")
    expect(page.locator("#seat1 option[value=random]")).to_have_count(1)

    def tab_through(times: int) -> list[str]:
        """Press Tab ``times``: what each reached (an id, a card, a move), each ringed."""
        seen = []
        for _ in range(times):
            page.keyboard.press("Tab")
            ring = page.evaluate("""() => { const e = document.activeElement;
              const s = getComputedStyle(e);
              return [e.id || e.dataset.card || e.dataset.action || e.tagName,
                      e.matches(':focus-visible'), s.outlineStyle,
                      parseFloat(s.outlineWidth)]; }""")
            name, visible, style, width = ring
            assert visible and style != "none" and width >= 2, f"no focus ring on {name}: {ring}"
            seen.append(name)
        return seen

    seen = tab_through(11)  # from the title's link to "Open a record…"
    wanted = {"help-button", "newcomer-rules", "name", "seat1", "rules", "coach", "start",
              "record-file"}
    assert wanted <= set(seen), seen
    # How to play, from the keyboard.
    page.locator("#help-button").focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="How to play three-handed euchre")
    expect(dialog).to_be_visible()
    wait_until(page, "() => document.activeElement.closest('dialog[open]') !== null")
    for key in ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab"]:
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.closest('#how-to-play') !== null"), key
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert focused(page) == "help-button"
    # At the table: the moves (the cards, in trick play), every one ringed when Tab reaches it.
    create_game(page, server, seed=7)
    wait_for_turn(page)
    page.locator("#help-button").focus()
    offered = {a for a in state(page)["view"]["legal"]}
    seen = tab_through(7)  # the cards, not to be played while bidding, then the bids
    assert offered <= set(seen), (offered, seen)  # the bids, here: "Pass", "Order it up"
    page.get_by_role("button", name="How to play").click()
    expect(dialog).to_be_visible()
    page.get_by_role("button", name="Close").press("Enter")
    expect(dialog).to_be_hidden()
    assert focused(page) == "help-button"


def test_greyed_and_red_cards_are_readable_and_motion_can_be_calmed(server: str,
                                                                    pages: Pages) -> None:
    """Low vision and colour blindness: a card that may not be played is greyed, yet its
    rank and suit keep WCAG AA's 4.5:1 against its face (black, red and the joker alike),
    and it is told apart by more than colour (a dashed edge); red suits are 4.5:1 too,
    the suit symbol always there. With "reduce motion" the cards do not slide."""
    page = pages.new()
    create_game(page, server, seed=7)
    wait_for_turn(page)
    hand = page.locator("#hand")
    page.evaluate("""() => {
      for (const [code, cls] of [["9S", ""], ["9H", " red"], ["JO", " joker"]]) {
        for (const dim of ["", " dim"]) {
          const b = document.createElement("button");
          b.className = "card" + cls + dim; b.disabled = Boolean(dim); b.dataset.test = code + dim;
          b.textContent = code; document.getElementById("hand").append(b);
        }
      }}""")
    for test in ("9S", "9H", "JO", "9S dim", "9H dim", "JO dim"):
        card = hand.locator(f"[data-test='{test}']")
        ratio = card_contrast(card)
        assert ratio >= 4.5, f"{test}: {ratio:.2f} to 1"
    plain, greyed = (hand.locator(f"[data-test='{t}']").evaluate(
        "e => [getComputedStyle(e).borderTopStyle, getComputedStyle(e).backgroundColor]")
        for t in ("9S", "9S dim"))
    assert greyed[0] == "dashed" and plain[0] != "dashed" and greyed[1] != plain[1]
    # Every card on the page shows its suit's symbol, and is named in words.
    for card in page.locator("#table .card:not([data-test])").all():
        text = card.inner_text()
        name = card.get_attribute("aria-label") or ""
        assert text == "Joker" or text[-1] in "♣♦♥♠", text
        assert name and not any(s in name for s in "♣♦♥♠"), name
    duration = "e => getComputedStyle(e).transitionDuration"
    assert hand.locator("[data-card]").first.evaluate(duration) != "0s"
    page.emulate_media(reduced_motion="reduce")
    assert hand.locator("[data-card]").first.evaluate(duration) == "0s"


def test_the_replay_names_its_cards_and_says_the_move_shown(server: str, pages: Pages) -> None:
    """Watching a game again with a screen reader: the move shown is said in words in a
    live region (and is the slider's value), each move of the list is a button named in
    words, the cards face up are named (the bowers once trump is made), and the focus
    stays on the move or the step button pressed."""
    examples = Path(__file__).resolve().parents[2] / "shared" / "examples"
    page = pages.new()
    page.goto(server + "/")
    page.set_input_files("#record-file", str(examples / "01-standard-full-game.json"))
    data = replay_data(page)
    say = page.locator("#replay-say")
    assert say.get_attribute("aria-live") == "polite"
    hand = data["hands"][0]
    deal = data["frames"][0]["text"]  # "Hand 1: Seat 0 deals; the up-card is QH"
    expect(say).to_have_text(f"Hand 1 of {len(data['hands'])}: "
                             + in_words(deal.split(": ", 1)[1]) + ".")
    page.locator("#replay-next").press("Enter")
    assert_frame_shown(page, 1)
    for index in range(1, hand["count"]):
        frame = data["frames"][index]
        where = f"Hand 1 of {len(data['hands'])}, move {index} of {hand['count'] - 1}"
        words = in_words(frame["text"])
        words = words[0].upper() + words[1:] + "."
        if frame.get("result"):
            words += f" {in_words(frame['result'])[0].upper()}{in_words(frame['result'])[1:]}."
        wait_until(page, "i => window.cutthroatReplay.index === i", arg=index)
        expect(say).to_have_text(f"{where}: {words}")
        assert page.get_attribute("#replay-slider", "aria-valuetext") == f"{where}: {words}"
        assert focused(page) == "replay-next"
        # The cards face up, each seat's by name (the bowers once trump is made).
        trump = frame.get("trump")
        for seat in range(3):
            names = page.locator(f"#replay-seat-{seat}").get_by_role("img").evaluate_all(
                "els => els.map(e => e.getAttribute('aria-label'))")
            assert sorted(names) == sorted(card_name(c, trump) for c in frame["cards"][seat])
        if index < hand["count"] - 1:
            page.keyboard.press("Enter")  # on "Next ›", which keeps the focus
    assert any("bower" in card_name(c, f.get("trump")) for f in data["frames"][:hand["count"]]
               for cards in f["cards"] for c in cards), "no bower in the first hand: choose another"
    # The list of moves: buttons named in words; pressing one keeps the focus on it.
    move = data["frames"][3]["text"]
    button = page.get_by_role("button", name=in_words(move), exact=True)
    button.press("Enter")
    assert_frame_shown(page, 3)
    assert page.evaluate("document.activeElement.dataset.frame") == "3"
    # Back to the first deal with "‹ Back": at the start it is disabled, and the focus
    # goes to "Next ›" rather than to the page.
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.locator("#replay-prev").press("Enter")
    assert_frame_shown(page, 0)
    assert focused(page) == "replay-next"
