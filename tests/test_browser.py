"""The web game's page, end to end: a real server (``cutthroat serve`` in a subprocess,
on a free port, with a temporary SQLite file) and Debian's Chromium driven by
Playwright. These tests fail, never skip, when Chromium is missing."""

from __future__ import annotations

import contextlib
import json
import random
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Dialog,
    Locator,
    Page,
    expect,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError

CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 20_000
"""How long a page may take to show what a test waits for (two cores, xdist)."""

ACTIONABLE = ", ".join([
    "#status[data-status=hand_over]", "#status[data-status=over]",
    "#hand button[data-card]:not([aria-disabled=true])", "[data-action]:not([disabled])",
    "#keep-button",
])
"""Whatever shows that the page waits for this seat, or that the hand is over."""

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_text(code: str) -> str:
    """A card as the page writes it: ``TH`` -> ``10♥``."""
    if code == "JO":
        return "Joker"
    return ("10" if code[0] == "T" else code[0]) + SUIT_SYMBOLS[code[1]]


# --- the server and the browser --------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def run_server(port: int, db: Path, *options: str) -> Iterator[str]:
    """``cutthroat serve`` on ``port`` with the SQLite file ``db`` (and ``options``),
    until it answers; its base URL. Stopped on leaving."""
    log_path = db.with_suffix(f".{port}.log")
    command = [sys.executable, "-m", "cutthroat.cli", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--db", f"sqlite:///{db}",
               "--new-games", "1000/minute", *options]  # every test page is 127.0.0.1
    base = f"http://127.0.0.1:{port}"
    with log_path.open("w") as log:
        proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 30
            while True:
                if proc.poll() is not None:
                    pytest.fail(f"the server exited ({proc.returncode}):\n"
                                + log_path.read_text())
                try:
                    with urllib.request.urlopen(base + "/api/bots", timeout=2) as answer:
                        if answer.status == 200:
                            break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    pass
                if time.monotonic() > deadline:
                    pytest.fail("the server did not answer within 30 s:\n"
                                + log_path.read_text())
                time.sleep(0.1)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a fresh server, stopped at the end of the module."""
    with run_server(_free_port(), tmp_path_factory.mktemp("server") / "games.db") as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


class Pages:
    """New pages, each in its own browser context (its own localStorage), each
    collecting the page's errors and console errors; the test fails on any."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.contexts: list = []
        self.errors: list[str] = []
        self.allowed: list[str] = []
        """Parts of console errors a test expects (a refusal the page shows)."""

    def new(self, width: int = 1280, height: int = 900, **options: Any) -> Page:
        """A page in a new context ``width`` × ``height`` CSS pixels, with the context's
        other ``options`` (``is_mobile``, ``has_touch``). It runs under the server's
        content policy, as a player's browser does: a script that breaks it fails the
        test (a console error)."""
        context = self.browser.new_context(viewport={"width": width, "height": height},
                                           **options)
        self.contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("console", self._console)
        page.on("dialog", self._dialog)
        return page

    def _dialog(self, dialog: Dialog) -> None:
        self.errors.append(f"dialog: {dialog.message}")  # the page never opens one
        dialog.dismiss()

    def _console(self, msg: ConsoleMessage) -> None:
        if msg.type == "error" and not any(part in msg.text for part in self.allowed):
            self.errors.append(f"console error: {msg.text}")

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Browser) -> Iterator[Pages]:
    made = Pages(browser)
    expect.set_options(timeout=TIMEOUT_MS)
    yield made
    made.close()
    assert made.errors == []


# --- driving the page ------------------------------------------------------------------


def create_game(page: Page, base: str, left: str = "random", right: str = "random",
                seed: int | None = None, name: str = "Ann", rules: str = "standard",
                coach: bool = False) -> str:
    """Start a game from the lobby; its id."""
    page.goto(base + "/")
    expect(page.locator("#seat1 option[value=random]")).to_have_count(1)
    page.fill("#name", name)
    page.select_option("#seat1", left)
    page.select_option("#seat2", right)
    page.select_option("#rules", rules)
    if seed is not None:
        page.fill("#seed", str(seed))
    if coach:
        page.check("#coach")
    page.click("#start")
    page.wait_for_url("**/?game=*")
    expect(page.locator("#status[data-status]")).to_have_count(1)
    return page.url.split("game=")[1]


def wait_until(page: Page, predicate: str, arg: Any = None) -> Any:
    """Wait until the script ``predicate`` (given ``arg`` where it is a function) is
    true in the page; its value. Asked from here, again and again: Playwright's
    ``wait_for_function`` asks it inside the page by evaluating text, which the server's
    content policy forbids (it failed on a slow machine, once the first answer was no)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while True:
        try:
            value = page.evaluate(predicate, arg)
        except PlaywrightError as exc:  # the page between two documents: asked again
            if "context was destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {TIMEOUT_MS} ms: {predicate} ({arg!r})")
        time.sleep(0.02)


def test_no_browser_test_waits_by_evaluating_text_in_the_page() -> None:
    """Every browser test runs under the server's content policy, which forbids
    evaluating text as script: Playwright's ``wait_for_function`` does, once its first
    answer is no (a slow machine), so the tests wait with :func:`wait_until`."""
    here = Path(__file__).parent
    called = [f"{path.name}:{number}" for path in sorted(here.glob("test_browser*.py"))
              for number, line in enumerate(path.read_text().splitlines(), 1)
              if re.search(r"\.wait_for_function\(", line)]
    assert called == []


def state(page: Page) -> dict:
    """The last state the page received (``window.cutthroatState``)."""
    return page.evaluate("window.cutthroatState")


def my_cards(page: Page) -> list[str]:
    return page.locator("#hand button[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")


def wait_for_turn(page: Page) -> str:
    """Wait until this seat may act or the hand is over; the status."""
    page.locator(ACTIONABLE).first.wait_for()
    return page.get_attribute("#status", "data-status") or ""


def take_turn(page: Page) -> str | None:
    """Make one legal move through the page, as a player would: click the first card
    that may be played, else the first action button (in the second round the first
    call: pass comes first there, as in the first round), else keep the first five
    cards; the phase it was made in, or None once the hand is over."""
    if wait_for_turn(page) != "playing":
        return None
    before = state(page)
    legal = before["view"]["legal"]
    assert legal, "the page offers a move while the state has none"
    if page.locator("#keep-button").count():
        keep = page.locator("#keep-button")
        cards = page.locator("#hand button[data-card]")
        assert cards.count() == 10
        for i in range(4):
            cards.nth(i).click()
        expect(keep).to_be_disabled()
        cards.nth(4).click()
        picked = {c for c in my_cards(page)[:5]}
        assert any(set(a.split()[1:]) == picked for a in legal if a.startswith("keep "))
        expect(keep).to_be_enabled()
        keep.click()
    else:
        card = page.locator("#hand button[data-card]:not([aria-disabled=true])")
        if card.count():
            code = card.first.get_attribute("data-card")
            assert f"play {code}" in legal or f"discard {code}" in legal
            card.first.click()
        else:
            calls = page.locator('[data-action^="call "]')
            button = (calls if calls.count() else page.locator("[data-action]")).first
            assert button.get_attribute("data-action") in legal
            button.click()
    moves = len(before["view"]["moves"])
    wait_until(page, "n => window.cutthroatState.view.moves.length > n"
               " || window.cutthroatState.status !== 'playing'", arg=moves)
    return str(before["view"]["phase"])


# --- the tests -------------------------------------------------------------------------


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


def test_the_lobby_points_a_newcomer_to_how_to_play(server: str, pages: Pages) -> None:
    """A first-time player found "How to play" as a small pill in the header: the lobby
    says where to start, and its link opens the rules."""
    page = pages.new()
    page.goto(server + "/")
    expect(page.locator("#newcomer")).to_contain_text("New to cutthroat euchre?")
    page.click("#newcomer-rules")
    expect(page.locator("#how-to-play")).to_be_visible()
    expect(page.locator("#help-body h3").first).to_have_text("The deal")


def test_a_game_address_without_a_seat_offers_to_join_only_where_a_seat_is_open(
        server: str, pages: Pages) -> None:
    """/?game=ID in a browser that holds no seat there: "Join it" where a seat is open;
    a full game offers to watch it alone (the join page then only said it was full)."""
    maker = pages.new()
    full = create_game(maker, server, left="random", right="random")
    inviting = create_game(maker, server, left="random", right="open")
    stranger = pages.new()
    stranger.goto(f"{server}/?game={inviting}")
    expect(stranger.locator("#no-seat")).to_be_visible()
    expect(stranger.locator("#no-seat-join")).to_have_text("Join it")
    assert stranger.get_attribute("#no-seat-join", "href") == f"/?join={inviting}"
    stranger.goto(f"{server}/?game={full}")
    expect(stranger.locator("#no-seat")).to_be_visible()
    expect(stranger.locator("#no-seat-join-item")).to_be_hidden()
    expect(stranger.locator("#no-seat-watch")).to_be_visible()


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


def test_a_friend_joins_and_sees_only_their_cards(server: str, pages: Pages) -> None:
    ann = pages.new()
    create_game(ann, server, left="random", right="open")
    expect(ann.locator("#status")).to_contain_text("waiting")
    link = ann.locator("#join-link").inner_text()
    assert "/?join=" in link
    ben = pages.new()
    ben.goto(link)
    ben.fill("#join-name", "Ben")
    ben.click("#join-button")
    ben.wait_for_url("**/?game=*")
    hands = {}
    for page, other in ((ann, "Ben"), (ben, "Ann")):
        expect(page.locator("#status[data-status=playing]")).to_have_count(1)
        expect(page.locator("#waiting")).to_be_hidden()
        expect(page.locator("#hand button[data-card]")).to_have_count(5)
        expect(page.locator("#table .seats")).to_contain_text(other)
        expect(page.locator("#undo-button")).to_be_hidden()  # not with another player
        hands[id(page)] = my_cards(page)
    assert state(ann)["seat"] != state(ben)["seat"]
    assert not set(hands[id(ann)]) & set(hands[id(ben)])
    # Neither page shows the other's cards: no play can happen before both have bid.
    for page, other in ((ann, ben), (ben, ann)):
        text = page.locator("body").inner_text()
        for code in hands[id(other)]:
            assert card_text(code) not in text, f"{code} of the other seat is shown"
            assert page.locator(f'[data-card="{code}"]').count() == 0
        assert state(page)["view"]["current_trick"] == []
    # The game is full now: the join page says so before asking for a name, and
    # offers to watch it.
    late = pages.new()
    late.goto(link)
    expect(late.locator("#join-intro")).to_have_text(
        f"Game {state(ann)['game']} has no open seat left: every seat is taken.")
    expect(late.locator("#join-form")).to_be_hidden()
    expect(late.locator("#join-watch")).to_be_visible()
    assert late.get_attribute("#join-watch", "href") == f"/?watch={state(ann)['game']}"


def test_the_join_page_says_who_invites_or_why_the_game_cannot_be_joined(
        server: str, pages: Pages) -> None:
    """/?join=ID looks the game up first: who invites, to what rules and with whom; an
    unknown game or a finished one says so, with no form to fill in for nothing."""
    ann = pages.new()
    game = create_game(ann, server, left="random", right="open", rules="short")
    ben = pages.new()
    ben.goto(f"{server}/?join={game}")
    rules_text = state(ann)["rules_text"]
    assert "to 5" in rules_text  # the short game's rules, whatever the record calls them
    expect(ben.locator("#join-intro")).to_have_text(
        f"Ann invites you to game {game} (rules: {rules_text}). You would play"
        " with Ann and Random (a bot).")
    expect(ben.locator("#join-form")).to_be_visible()

    pages.allowed.append("status of 404")  # Chromium logs the request for no game
    ben.goto(f"{server}/?join=nosuchgame")
    expect(ben.locator("#join-intro")).to_contain_text("There is no game nosuchgame")
    expect(ben.locator("#join-form")).to_be_hidden()
    expect(ben.locator("#join-watch")).to_be_hidden()

    over, _, _ = _finished_game_of_two(server, ben)
    ben.goto(f"{server}/?join={over}")
    expect(ben.locator("#join-intro")).to_have_text(f"Game {over} is over: it cannot be joined.")
    expect(ben.locator("#join-form")).to_be_hidden()
    assert ben.get_attribute("#join-watch", "href") == f"/?replay={over}"


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


def _show_play(page: Page, cards: list[str], trick: list[str], legal: list[str]) -> None:
    """Hand the page a state of this seat's turn to play (as the server would send it,
    a newer version): ``cards`` held, hearts trump, ``trick`` led by the next seats,
    ``legal`` the cards the server allows."""
    page.evaluate("""([cards, trick, legal]) => {
        const s = structuredClone(window.cutthroatState);
        s.version += 1000;
        Object.assign(s.view, {phase: 'play', trump: 'H', maker: 1, cards,
            legal: legal.map((c) => 'play ' + c),
            current_trick: trick.map((c, i) => [(s.seat + 1 + i) % 3, c])});
        window.cutthroatSocket.onmessage({data: JSON.stringify({type: 'state', state: s})});
    }""", [cards, trick, legal])


TEXT_AS = """([selector, hide]) => {
  const copy = document.querySelector(selector).cloneNode(true);
  copy.querySelectorAll(hide).forEach((n) => n.remove());
  return copy.textContent; }"""


def shown_text(page: Page, selector: str) -> str:
    """An element's text as the eye reads it: without the words only a screen reader
    hears (``.visually-hidden``)."""
    return str(page.evaluate(TEXT_AS, [selector, ".visually-hidden"]))


def said_text(page: Page, selector: str) -> str:
    """An element's text as a screen reader says it: without what is hidden from it
    (``aria-hidden``, the cards' and suits' symbols)."""
    return str(page.evaluate(TEXT_AS, [selector, "[aria-hidden=true]"]))


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


def test_the_page_reconnects_after_a_restart(tmp_path: Path, pages: Pages) -> None:
    # While the server is down, Chromium logs each failed attempt to reconnect.
    pages.allowed.append("WebSocket connection to")
    port, db = _free_port(), tmp_path / "games.db"
    page = pages.new()
    with run_server(port, db) as base:
        create_game(page, base, seed=5)
        wait_for_turn(page)
        cards = my_cards(page)
        expect(page.locator("#connection")).to_have_text("Connected")
    expect(page.locator("#connection")).to_contain_text("reconnecting")
    # Not a table to play at meanwhile: the prompt says why, the cards are greyed.
    expect(page.locator("#prompt")).to_have_text(
        "Not connected: reconnecting… Your move can be made once the connection is back.")
    expect(page.locator("#hand.offline")).to_have_count(1)
    with run_server(port, db):
        expect(page.locator("#connection")).to_have_text("Connected", timeout=RECONNECT_MS)
        assert wait_for_turn(page) == "playing"
        expect(page.locator("#prompt")).to_contain_text("Your turn.")
        expect(page.locator("#hand.offline")).to_have_count(0)
        assert sorted(my_cards(page)) == sorted(cards)
        assert take_turn(page) is not None


def test_going_offline_shows_the_connection_lost_and_the_move_is_made_back_online(
        server: str, pages: Pages) -> None:
    """The device goes offline (its socket may stay open for minutes, its messages
    held): the page says at once that the connection is lost, and why no card can be
    played; back online it connects again and the move can be made."""
    pages.allowed.append("WebSocket connection to")
    page = pages.new()
    create_game(page, server, seed=5)
    wait_for_turn(page)
    cards = my_cards(page)
    expect(page.locator("#connection")).to_have_text("Connected")
    page.context.set_offline(True)
    expect(page.locator("#connection")).to_contain_text("Connection lost")
    expect(page.locator("#connection")).to_contain_text("offline")
    expect(page.locator("#prompt")).to_have_text(
        "Not connected: reconnecting… Your move can be made once the connection is back.")
    expect(page.locator("#hand.offline")).to_have_count(1)
    expect(page.locator("#hint-button")).to_be_disabled()  # a hint is asked over the socket
    page.context.set_offline(False)
    expect(page.locator("#connection")).to_have_text("Connected")
    assert wait_for_turn(page) == "playing"
    expect(page.locator("#hint-button")).to_be_enabled()
    expect(page.locator("#prompt")).to_contain_text("Your turn.")
    assert sorted(my_cards(page)) == sorted(cards)
    assert take_turn(page) is not None


def test_a_connection_that_stops_answering_is_taken_for_lost(server: str,
                                                            pages: Pages) -> None:
    """A ping that the server does not answer within a few seconds (a connection dead
    without closing: nothing comes back on it) shows the connection lost, and the page
    connects again on a new socket."""
    page = pages.new()
    create_game(page, server, seed=5)
    wait_for_turn(page)
    expect(page.locator("#connection")).to_have_text("Connected")
    page.evaluate("""() => {  // nothing comes back on this socket any more
        window.oldSocket = window.cutthroatSocket;
        window.oldSocket.onmessage = () => {};
        window.cutthroatPing();
    }""")
    expect(page.locator("#connection")).to_contain_text("Connection lost")
    wait_until(page, "window.cutthroatSocket !== window.oldSocket"
               " && window.cutthroatSocket.readyState === WebSocket.OPEN")
    expect(page.locator("#connection")).to_have_text("Connected")
    assert take_turn(page) is not None


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


def play_to_the_end(page: Page, hands: int = 15) -> dict:
    """Play this seat through the page, dealing each next hand, until the game is over
    (at most ``hands`` hands); the last state."""
    for _ in range(hands):
        while take_turn(page):
            pass
        if page.get_attribute("#status", "data-status") == "over":
            break
        hand = state(page)["hand_number"]
        page.click("#next-hand")
        wait_until(page, "n => window.cutthroatState.hand_number > n", arg=hand)
    return state(page)


def test_a_short_game_to_the_end(server: str, pages: Pages) -> None:
    page = pages.new()
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
    link = page.locator("#record-link")
    assert link.get_attribute("href") == f"/api/games/{game}/record"
    answer = page.request.get(server + link.get_attribute("href"))
    assert answer.status == 200
    assert answer.json()["format"] == "cutthroat-record/1"
    assert len(answer.json()["hands"]) == final["hand_number"]
    page.click("#review-button")  # the expert's second opinion on this seat's choices
    expect(page.locator("#review p").first).to_contain_text("choices", timeout=60_000)
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


def _finished_game_of_two(base: str, page: Page) -> tuple[str, dict, dict]:
    """A game of Ann, a random bot and Ben (who joined), played to its end through the
    HTTP API (a game to 1 point): its id and the two seats' answers (with tokens)."""
    api = page.request
    ann = api.post(f"{base}/api/games", data={"name": "Ann", "seats": ["you", "random", "open"],
                                              "rules": {"target": 1}}).json()
    game = ann["game"]
    ben = api.post(f"{base}/api/games/{game}/join", data={"name": "Ben"}).json()
    rng = random.Random(2)
    for _ in range(400):
        now = api.get(f"{base}/api/games/{game}", params={"token": ann["token"]}).json()
        if now["status"] == "over":
            return game, ann, ben
        if now["status"] == "hand_over":
            api.post(f"{base}/api/games/{game}/next", data={"token": ann["token"]})
            continue
        for seat in (ann, ben):
            mine = api.get(f"{base}/api/games/{game}", params={"token": seat["token"]}).json()
            if mine["view"]["legal"]:
                api.post(f"{base}/api/games/{game}/actions",
                         data={"token": seat["token"], "action": rng.choice(mine["view"]["legal"])})
        time.sleep(0.02)  # the bot's move
    raise AssertionError("the game did not end")


def _seat_page(pages: Pages, base: str, game: str, token: str) -> Page:
    """A page holding a seat of ``game`` by its token, as the browser that took it."""
    page = pages.new()
    page.goto(base + "/")
    page.evaluate("([g, t]) => localStorage.setItem(`cutthroat:token:${g}`, t)", [game, token])
    page.goto(f"{base}/?game={game}")
    expect(page.locator("#status[data-status]")).to_have_count(1)
    return page


def test_play_again_with_a_friend_invites_them_in_the_talk(server: str, pages: Pages) -> None:
    """After the last hand, "Play again" starts a new game with the bot and the rules,
    the friend's seat open, and says where to join in the finished game's talk: a link
    the friend follows to the new game's join page."""
    probe = pages.new()
    game, ann, ben = _finished_game_of_two(server, probe)
    ann_page = _seat_page(pages, server, game, ann["token"])
    ben_page = _seat_page(pages, server, game, ben["token"])
    expect(ann_page.locator("#winners")).to_be_visible()
    ann_page.click("#rematch")
    ann_page.wait_for_url(lambda url: "game=" in url and not url.endswith(game))
    new = ann_page.url.split("game=")[1]
    expect(ann_page.locator("#waiting")).to_be_visible()  # Ben's seat is open again
    seats = state(ann_page)["players"]
    assert [p["kind"] for p in seats] == ["human", "bot", "open"] and seats[0]["name"] == "Ann"
    assert state(ann_page)["rules"]["target"] == 1
    invite = ben_page.locator("#chat-lines .chat-line").last
    expect(invite).to_contain_text("Play again? Join me here:")
    link = invite.locator("a.chat-link")
    assert link.get_attribute("href") == f"{server}/?join={new}&from={game}"
    # a watcher of the old game who follows it finds Ben's seat kept for him
    eve = pages.new()
    eve.goto(link.get_attribute("href") or "")
    expect(eve.locator("#join-intro")).to_contain_text(
        "The seat is kept for Ben, who played the game before it, for ")
    eve.fill("#join-name", "Eve")
    pages.allowed.append("409")
    eve.click("#join-button")
    expect(eve.locator("#join-error")).to_contain_text(
        "You could not join: the seat left is kept for Ben")
    assert [p["kind"] for p in state(ann_page)["players"]] == ["human", "bot", "open"]
    link.click()  # Ben's browser, which sat in the old game, takes his seat at once
    ben_page.wait_for_url(f"**/?game={new}")
    expect(ann_page.locator("#waiting")).to_be_hidden()
    assert [p["name"] for p in state(ann_page)["players"]] == ["Ann", "Random", "Ben"]


def test_friends_pressing_play_again_at_once_sit_at_one_table(server: str,
                                                             pages: Pages) -> None:
    """Both friends press "Play again" at the same moment: one new game, both in it."""
    probe = pages.new()
    game, ann, ben = _finished_game_of_two(server, probe)
    ann_page = _seat_page(pages, server, game, ann["token"])
    ben_page = _seat_page(pages, server, game, ben["token"])
    expect(ann_page.locator("#rematch")).to_have_text("Play again")
    expect(ben_page.locator("#rematch")).to_have_text("Play again")
    for page in (ann_page, ben_page):  # no waiting for the first page to go
        page.evaluate("document.querySelector('#rematch').click()")
    for page in (ann_page, ben_page):
        page.wait_for_url(lambda url: "game=" in url and not url.endswith(game))
        wait_until(page, "g => window.cutthroatState?.game !== g"
                   " && window.cutthroatState?.status === 'playing'", arg=game)
    assert state(ann_page)["game"] == state(ben_page)["game"]
    assert sorted(p["name"] for p in state(ann_page)["players"]) == ["Ann", "Ben", "Random"]


def test_a_friends_old_tab_joins_the_new_game(server: str, pages: Pages,
                                              tmp_path: Path) -> None:
    """After Ann pressed "Play again", Ben's page of the finished game offers her new
    game; a page whose seat there was taken meanwhile says why, by the button."""
    probe = pages.new()
    game, ann, ben = _finished_game_of_two(server, probe)
    ben_page = _seat_page(pages, server, game, ben["token"])
    expect(ben_page.locator("#rematch")).to_have_text("Play again")
    started = probe.request.post(f"{server}/api/games/{game}/again",
                                 data={"token": ann["token"]}).json()
    expect(ben_page.locator("#rematch")).to_have_text("Join Ann's new game")
    ben_page.click("#rematch")
    ben_page.wait_for_url(f"**/?game={started['game']}")
    expect(ben_page.locator("#status")).to_have_attribute("data-status", "playing")
    ben_page.go_back()  # the finished game again: this browser sits in the new one
    expect(ben_page.locator("#rematch")).to_have_text("Go to the new game")
    ben_page.click("#rematch")
    ben_page.wait_for_url(f"**/?game={started['game']}")

    with run_server(_free_port(), tmp_path / "games.db", "--keep-seats", "0") as quick:
        _a_friends_seat_taken_meanwhile(quick, pages)


def _a_friends_seat_taken_meanwhile(server: str, pages: Pages) -> None:
    """(On a server that keeps no seat for the friends of the game before.)"""
    probe = pages.new()
    game, ann, ben = _finished_game_of_two(server, probe)
    ben_page = _seat_page(pages, server, game, ben["token"])
    started = probe.request.post(f"{server}/api/games/{game}/again",
                                 data={"token": ann["token"]}).json()
    assert probe.request.post(f"{server}/api/games/{started['game']}/join",
                              data={"name": "Cy"}).ok  # the open seat goes to somebody else
    pages.allowed.append("409")
    ben_page.click("#rematch")
    # Ben started no game: he could not join Ann's, which he may watch instead.
    expect(ben_page.locator("#over-error")).to_have_text(
        "You could not join Ann's new game: it has no open seat left.")
    expect(ben_page.locator("#rematch")).to_have_count(0)
    watch_it = ben_page.locator("#watch-full")
    expect(watch_it).to_have_text("Watch Ann's new game")
    assert watch_it.get_attribute("href") == f"/?watch={started['game']}"
    watch_it.click()
    ben_page.wait_for_url(f"**/?watch={started['game']}")
    wait_until(ben_page, "window.cutthroatState && window.cutthroatState.seat === null")


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


def test_a_move_lost_with_its_connection_is_offered_again_on_reconnecting(
        server: str, pages: Pages) -> None:
    """A move sent on a connection that then drops may never have reached the server
    (nor been saved, a server killed, say): connected again, the page forgets what it
    sent, and the same state (the same version) offers the move again."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    version = state(page)["version"]
    page.evaluate("window.cutthroatSocket.send = () => {}")  # the move is lost
    page.locator("[data-action]").first.click()
    offered = page.locator("[data-action]:not([disabled])")
    expect(offered).to_have_count(0)
    page.evaluate("window.oldSocket = window.cutthroatSocket; window.oldSocket.close()")
    wait_until(page, "window.cutthroatSocket !== window.oldSocket"
               " && window.cutthroatSocket.readyState === WebSocket.OPEN")
    expect(offered.first).to_be_visible()  # offered again
    assert state(page)["version"] == version
    take_turn(page)  # and it is made, on the new connection


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


# --- watching, in no seat ----------------------------------------------------------------


def watch(page: Page, base: str, game: str) -> None:
    """Open ``/?watch=ID`` and wait for the watcher's first state."""
    page.goto(f"{base}/?watch={game}")
    wait_until(page, "window.cutthroatState && window.cutthroatState.seat === null")


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


# --- table talk ------------------------------------------------------------------------


def ann_and_ben(pages: Pages, base: str, ben_size: tuple[int, int] = (1280, 900), *,
                ann_size: tuple[int, int] = (1280, 900), ben_name: str = "Ben"
                ) -> tuple[Page, Page, str]:
    """Ann starts a game with an open seat and Ben (``ben_name``) takes it through the
    join link (the pages ``ann_size`` and ``ben_size``); both pages and the game's id,
    once both see the game begin."""
    ann = pages.new(*ann_size)
    game = create_game(ann, base, left="random", right="open")
    ben = pages.new(*ben_size)
    ben.goto(ann.locator("#join-link").inner_text())
    ben.fill("#join-name", ben_name)
    ben.click("#join-button")
    ben.wait_for_url("**/?game=*")
    for page in (ann, ben):
        expect(page.locator("#status[data-status=playing]")).to_have_count(1)
    return ann, ben, game


RECONNECT_MS = 40_000
"""How long a page may take to find a restarted server: its retries wait up to 10 s
each (static/js/connection.js), on top of the server's start on a loaded machine."""


def say(page: Page, text: str, press_enter: bool = True) -> None:
    """Type a line of table talk and send it (Enter, or the Send button)."""
    page.fill("#chat-input", text)
    expect(page.locator("#chat-send")).to_be_enabled()  # nothing still being sent
    if press_enter:
        page.press("#chat-input", "Enter")
    else:
        page.click("#chat-send")


def talk(page: Page) -> list[tuple[str, str]]:
    """The lines of table talk the page shows, oldest first: (name, text)."""
    lines = page.locator("#chat-lines .chat-line").evaluate_all(
        "els => els.map(e => [e.querySelector('.chat-name').textContent,"
        " e.querySelector('.chat-text').textContent])")
    return [(name, text) for name, text in lines]


MARKUP = "<img src=x onerror=alert(1)> <b>bold</b>"


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


# --- a bot in an absent friend's seat ----------------------------------------------------


def confirm_stand_in(page: Page) -> None:
    """Answer "Let a bot play for me" in the dialog that asks first."""
    page.get_by_role("dialog", name="Let a bot play for you?").get_by_role(
        "button", name="Let a bot play for me").click()


def _seat_moves(page: Page, seat: int) -> int:
    """How many moves ``seat`` has made in the hand the page shows."""
    moves = state(page)["view"]["moves"]
    return sum(1 for m in moves if m.split(" ")[0] == str(seat))


def test_a_bot_plays_for_a_friend_who_left_until_they_come_back(tmp_path: Path,
                                                                 pages: Pages) -> None:
    """Ben closes his page: after the server's wait (1 s here) Ann's page offers "Let a
    bot play for Ben"; the bot plays his moves; when Ben opens the game again he plays
    his seat himself. With his page open but a move left waiting (2 s here), Ann may
    call the bot in again, and Ben's "Play myself" sends it away."""
    with run_server(_free_port(), tmp_path / "games.db", "--away-wait", "1",
                    "--turn-wait", "2") as base:
        ann, ben, game = ann_and_ben(pages, base)
        ben_seat = state(ben)["seat"]
        token = ben.evaluate("g => localStorage.getItem(`cutthroat:token:${g}`)", game)
        ben.context.close()
        pages.contexts.remove(ben.context)
        seat = ann.locator(f".seat[data-seat='{ben_seat}']")
        expect(seat.locator(".tag.away")).to_be_visible()
        offer = seat.locator("button[data-standin]")
        expect(offer).to_have_text("Let a bot play for Ben")
        before = _seat_moves(ann, ben_seat)
        offer.click()
        expect(seat.locator(".tag.standin")).to_have_text("a bot plays for them")
        expect(offer).to_have_count(0)
        # Ann plays on; the bot makes Ben's moves.
        deadline = time.monotonic() + 20  # a loaded machine's bot may take seconds
        while time.monotonic() < deadline:
            if _seat_moves(ann, ben_seat) > before or state(ann)["status"] != "playing":
                break
            if state(ann)["to_act"] == state(ann)["seat"]:
                take_turn(ann)
            else:
                ann.wait_for_timeout(100)
        assert _seat_moves(ann, ben_seat) > before or state(ann)["status"] == "hand_over"
        # Ben comes back: his seat is his again, on both pages.
        ben = _seat_page(pages, base, game, token)
        expect(seat.locator(".tag.standin")).to_have_count(0)
        expect(seat.locator(".tag.away")).to_have_count(0)
        mine = ben.locator(f".seat[data-seat='{ben_seat}']")
        expect(mine.locator(".tag.standin")).to_have_count(0)
        assert state(ben)["players"][ben_seat]["standin"] is None
        # Ben's page is open but he takes too long: Ann may call the bot in again.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            now = state(ann)
            if now["status"] == "hand_over":
                ann.click("#next-hand")
                wait_until(ann, "window.cutthroatState.status === 'playing'")
            elif now["to_act"] == ben_seat:
                break
            elif now["to_act"] == now["seat"]:
                take_turn(ann)
            else:
                ann.wait_for_timeout(100)
        assert state(ann)["to_act"] == ben_seat
        expect(offer).to_have_text("Let a bot play for Ben")
        offer.click()
        expect(mine.locator(".tag.standin")).to_have_text("a bot plays for you")
        ben.locator("button[data-back]").click()
        expect(mine.locator(".tag.standin")).to_have_count(0)
        expect(seat.locator(".tag.standin")).to_have_count(0)
        assert state(ann)["players"][ben_seat]["standin"] is None


def test_a_player_lets_a_bot_play_their_own_seat_and_takes_it_back(tmp_path: Path,
                                                                   pages: Pages) -> None:
    """A player who must step away presses "Let a bot play for me" on their own seat:
    at once, a bot plays their moves (here to the end of the hand); "Play myself" gives
    them the seat again. (The server's pause before it deals a table of bots the next
    hand is a minute here, so the hand over stays while the test looks at it.)"""
    with run_server(_free_port(), tmp_path / "games.db", "--hand-pause", "60") as base:
        _own_seat_to_a_bot_and_back(pages, base)


def _own_seat_to_a_bot_and_back(pages: Pages, server: str) -> None:
    page = pages.new()
    create_game(page, server, seed=8)
    me = page.locator(f".seat[data-seat='{state(page)['seat']}']")
    offer = page.locator("#self-standin button[data-standin]")  # after the moves
    expect(offer).to_have_text("Let a bot play for me")
    # The button is the same one from state to state (one made anew under a click, as
    # the bots' moves come in, would lose it).
    offer.evaluate("b => { b.dataset.marked = 'yes'; }")
    version = state(page)["version"]
    take_turn(page)
    wait_until(page, "v => window.cutthroatState.version > v", arg=version)
    expect(offer).to_have_attribute("data-marked", "yes")
    # Clicked once the bots have moved: a click while lines are still added to the log
    # may land where the button was a moment before (it missed once on a slow machine).
    assert wait_for_turn(page) == "playing"
    expect(offer).to_have_attribute("data-marked", "yes")
    offer.click()
    confirm_stand_in(page)
    expect(me.locator(".tag.standin")).to_have_text("a bot plays for you")
    expect(page.locator("#status[data-status=hand_over]")).to_have_count(1)
    assert _seat_moves(page, state(page)["seat"]) > 0
    page.locator("#self-standin button[data-back]").click()
    expect(me.locator(".tag.standin")).to_have_count(0)
    expect(offer).to_have_text("Let a bot play for me")
    page.click("#next-hand")
    wait_until(page, "window.cutthroatState.status === 'playing'")
    assert state(page)["players"][state(page)["seat"]]["standin"] is None


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


def test_how_to_play_explains_the_game_for_the_rules_in_force(server: str,
                                                              pages: Pages) -> None:
    """A newcomer finds the rules in short from the lobby, for the preset chosen there,
    and at a table for that game's rules (R2, R6, R7-R12, R17, R19-R22)."""
    page = pages.new()
    page.goto(server + "/")
    expect(page.locator("#seat1 option[value=random]")).to_have_count(1)
    page.click("#help-button")
    dialog = page.locator("#how-to-play")
    expect(dialog).to_be_visible()
    for words in ("right bower", "orders up", "dummy", "euchred", "each defender scores 2",
                  "reaches 10 points"):
        expect(dialog).to_contain_text(words)
    expect(page.locator("#help-game-rules")).to_have_text(
        "24 cards, dummy, march 3, to 10, ties play on")
    assert "joker is" not in page.locator("#help-body").inner_text()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.select_option("#rules", "benny")  # the lobby's choice of rules
    page.click("#help-button")
    expect(dialog).to_contain_text("the joker is highest")
    page.click("#help-close")
    expect(dialog).to_be_hidden()
    create_game(page, server, rules="short", seed=2)
    page.click("#help-button")
    expect(page.locator("#help-game-rules")).to_have_text(state(page)["rules_text"])
    expect(dialog).to_contain_text("reaches 5 points")
    page.click("#help-close")
    expect(dialog).to_be_hidden()


def test_the_lobby_lists_this_browsers_games_with_score_and_whose_move(server: str,
                                                                       pages: Pages) -> None:
    """Back in the lobby, a player finds the games this browser holds a seat in, each
    with its players, score and what it waits for (their move first), a finished one
    with who won (R22), and may forget one the server no longer has."""
    page = pages.new()
    finished, ann, _ben = _finished_game_of_two(server, page)
    playing = create_game(page, server, seed=3, name="Cleo")
    wait_for_turn(page)
    page.goto(server + "/")
    page.evaluate("([g, t]) => localStorage.setItem(`cutthroat:token:${g}`, t)",
                  [finished, ann["token"]])
    page.evaluate("localStorage.setItem('cutthroat:token:gone1234', 'no-such-token')")
    pages.allowed.append("404")  # the gone game's state is refused, as the page shows
    page.reload()
    items = page.locator("#my-games-list li")
    expect(items).to_have_count(3)
    first = items.nth(0)  # the game waiting for this player's move comes first
    assert first.get_attribute("data-game") == playing
    expect(first).to_contain_text("Cleo (you) 0")
    expect(first.locator(".game-news")).to_have_text("your move")
    wanted = page.request.post(f"{server}/api/games", data={
        "name": "Dee", "seats": ["you", "open", "random"]}).json()
    page.evaluate("([g, t]) => localStorage.setItem(`cutthroat:token:${g}`, t)",
                  [wanted["game"], wanted["token"]])
    page.reload()
    expect(items).to_have_count(4)
    waiting = page.locator(f"#my-games-list li[data-game='{wanted['game']}']")
    expect(waiting).to_contain_text("Dee (you) 0 · open seat 0 · Random 0")
    expect(waiting.locator(".game-news")).to_have_text("waiting for a friend to join")
    forget = waiting.get_by_role("button", name=f"Forget game {wanted['game']} on this browser")
    forget.click()  # a game going on: its seat would be lost, so the page asks first
    expect(waiting).to_contain_text("Your seat in it is kept only here: forget it for good?")
    keep = waiting.get_by_role("button", name="Keep it")
    expect(keep).to_be_focused()
    keep.click()
    expect(forget).to_be_focused()
    assert page.evaluate(f"localStorage.getItem('cutthroat:token:{wanted['game']}')")
    forget.click()
    waiting.get_by_role("button", name="Give up my seat").click()
    expect(waiting).to_have_count(0)
    assert page.evaluate("document.activeElement.matches('#my-games-list li a')")  # the next game
    page.reload()
    over = page.locator(f"#my-games-list li[data-game='{finished}']")
    final = page.request.get(f"{server}/api/games/{finished}",
                             params={"token": ann["token"]}).json()
    expect(over).to_contain_text(f"Ann (you) {final['scores'][0]}")
    won = "over: you won" if final["winners"] == [0] else "over: "
    expect(over.locator(".game-news")).to_contain_text(won)
    gone = page.locator("#my-games-list li[data-game='gone1234']")
    expect(gone).to_contain_text("cannot be opened")
    gone.get_by_role("button", name="Forget game gone1234 on this browser").click()
    gone.get_by_role("button", name="Give up my seat").click()
    expect(items).to_have_count(2)
    page.reload()
    expect(items).to_have_count(2)
    assert page.evaluate("localStorage.getItem('cutthroat:token:gone1234')") is None
    first.locator("a").click()
    page.wait_for_url(f"**/?game={playing}")
    expect(page.locator("#hand button[data-card]")).to_have_count(5)


# --- watching a game again --------------------------------------------------------------

def test_a_game_left_to_the_bots_deals_on_by_itself(tmp_path: Path, pages: Pages) -> None:
    """Ann lets a bot play for her against two bots: at each hand's end her page (and a
    watcher's) says the next hand is dealt by itself after the server's pause (1 s
    here), and it is, with no "Next hand" pressed; "Play myself" ends it."""
    with run_server(_free_port(), tmp_path / "games.db", "--hand-pause", "1") as base:
        page = pages.new()
        game = create_game(page, base, seed=8)
        me = page.locator(f".seat[data-seat='{state(page)['seat']}']")
        page.locator("#self-standin button[data-standin]").click()
        confirm_stand_in(page)
        expect(page.locator("#next-by-itself")).to_have_text(
            "A bot plays for every player, so the next hand is dealt by itself in 1 second.")
        expect(page.locator("#next-hand")).to_be_visible()  # Ann may deal it sooner
        watcher = pages.new()
        watch(watcher, base, game)
        wait_until(watcher, "window.cutthroatState.hand_number >= 2")
        expect(watcher.locator("#next-wait")).to_contain_text("dealt by itself in 1 second")
        wait_until(page, "window.cutthroatState.hand_number >= 3")
        page.locator("#self-standin button[data-back]").click()
        expect(me.locator(".tag.standin")).to_have_count(0)
        expect(page.locator("#next-by-itself")).to_have_count(0)


FITS = "document.documentElement.scrollWidth <= window.innerWidth"
"""No sideways scrolling: the page is no wider than the window."""


def replay_data(page: Page) -> dict:
    """The frames the replay viewer got from the server, once it has them."""
    wait_until(page, "window.cutthroatReplay && window.cutthroatReplay.data")
    return page.evaluate("window.cutthroatReplay.data")


def replay_frame(page: Page) -> dict:
    """The frame the replay viewer shows (``window.cutthroatReplay``)."""
    return page.evaluate("window.cutthroatReplay.data.frames[window.cutthroatReplay.index]")


def in_symbols(text: str) -> str:
    """The server's words as the page writes them: ``QH`` -> ``Q♥``."""
    return re.sub(r"\b(?:[789TJQKA][CDHS]|JO)\b", lambda m: card_text(m[0]), text)


def assert_frame_shown(page: Page, index: int) -> dict:
    """The viewer shows frame ``index``: each seat's cards, the trick, the move in
    words, the slider; the frame."""
    replay_data(page)
    wait_until(page, "i => window.cutthroatReplay.index === i", arg=index)
    frame = replay_frame(page)
    for seat in range(3):
        shown = page.locator(f"#replay-seat-{seat} [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        assert sorted(shown) == sorted(frame["cards"][seat]), (seat, frame)
    trick = page.locator("#replay-trick .card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(trick) == len(frame.get("trick", []))
    expect(page.locator("#replay-text")).to_contain_text(in_symbols(frame["text"]))
    assert page.input_value("#replay-slider") == str(index)
    expect(page.locator("#replay-moves li.current")).to_have_text(in_symbols(frame["text"]))
    scores = page.locator("#replay-scores td").all_inner_texts()
    assert scores == [str(points) for points in frame["scores"]]
    return frame


def test_a_finished_game_watched_again_move_by_move(server: str, pages: Pages) -> None:
    """At the end of a game, "Watch it again" steps through it with every card face up:
    buttons, the arrow keys, Page Up and Page Down, the slider; a watcher finds it too."""
    page = pages.new()
    game = create_game(page, server, seed=5, rules="short")
    final = play_to_the_end(page)
    page.click("#replay-link")
    page.wait_for_url(f"**/?replay={game}")
    data = replay_data(page)
    frames, hands = data["frames"], data["hands"]
    assert len(hands) == final["hand_number"] >= 2
    first = assert_frame_shown(page, 0)
    assert first["move"] is None
    expect(page.locator("#replay-where")).to_have_text(f"Hand 1 of {len(hands)} · the deal")
    expect(page.locator("#replay-prev")).to_be_disabled()
    page.click("#replay-next")
    assert assert_frame_shown(page, 1)["move"] == frames[1]["move"]
    expect(page.locator("#replay-where")).to_have_text(
        f"Hand 1 of {len(hands)} · move 1 of {hands[0]['count'] - 1}")
    page.keyboard.press("ArrowRight")
    assert_frame_shown(page, 2)
    page.keyboard.press("ArrowLeft")
    assert_frame_shown(page, 1)
    page.click("#replay-prev")
    assert_frame_shown(page, 0)
    page.keyboard.press("ArrowDown")  # the next hand's deal
    assert_frame_shown(page, hands[1]["first"])
    page.keyboard.press("ArrowRight")
    page.keyboard.press("PageUp")  # back to this hand's deal, then the one before
    assert_frame_shown(page, hands[1]["first"])
    page.keyboard.press("PageUp")
    assert_frame_shown(page, 0)
    page.keyboard.press("PageDown")
    assert_frame_shown(page, hands[1]["first"])
    page.click("#replay-prev-hand")
    assert_frame_shown(page, 0)
    page.click("#replay-next-hand")
    assert_frame_shown(page, hands[1]["first"])
    end = hands[0]["count"] - 1  # the first hand's end: its result and the scores after it
    page.locator("#replay-slider").fill(str(end))
    last = assert_frame_shown(page, end)
    assert last["scores"] == hands[0]["scores_after"]
    expect(page.locator("#replay-text")).to_contain_text(in_symbols(hands[0]["text"][1:]))
    page.locator("#replay-slider").focus()  # the slider's keys step as the page's do
    page.keyboard.press("ArrowRight")
    assert_frame_shown(page, end + 1)
    page.click("#replay-end")
    assert_frame_shown(page, len(frames) - 1)
    assert data["scores"] == final["scores"] == replay_frame(page)["scores"]
    expect(page.locator("#replay-next")).to_be_disabled()
    for winner in final["winners"]:
        expect(page.locator("#replay-scores tr.winner")).to_contain_text(
            final["players"][winner]["name"])
    names = " and ".join(final["players"][w]["name"] for w in final["winners"])
    expect(page.locator("#replay-outcome")).to_have_text(  # who won, said in words
        f"Game over: {names} {'share the win' if len(final['winners']) > 1 else 'wins'} "
        f"with {max(final['scores'])} points.")
    page.click("#replay-start")
    expect(page.locator("#replay-outcome")).to_have_count(0)  # only at the very end
    assert_frame_shown(page, 0)
    assert page.evaluate(FITS)
    phone = pages.new(360, 740)  # a watcher of the game, on a phone
    watch(phone, server, game)
    phone.click("#replay-link")
    phone.wait_for_url(f"**/?replay={game}")
    assert_frame_shown(phone, 0)
    keeps = [i for i, f in enumerate(frames) if any(len(c) == 10 for c in f["cards"])]
    for index in [*keeps[:1], len(frames) - 1]:  # ten cards in a hand, the end
        phone.locator("#replay-slider").fill(str(index))
        assert_frame_shown(phone, index)
        assert phone.evaluate(FITS)


def test_a_record_file_opened_in_the_lobby(server: str, pages: Pages) -> None:
    """The lobby's "Open a record…" shows any record file as a finished game's page
    does (here the joker turned up, RECORD.md's example 05); one the rules refuse is
    refused with where and why (example 09, a renege)."""
    examples = Path(__file__).resolve().parents[2] / "shared" / "examples"
    expected = json.loads((examples / "05-joker-turned-up.expected.json").read_text())
    page = pages.new(360, 740)
    page.goto(server + "/")
    page.set_input_files("#record-file", str(examples / "05-joker-turned-up.json"))
    expect(page.locator("#replay-title")).to_have_text("05-joker-turned-up.json, watched again")
    expect(page.locator("#lobby")).to_be_hidden()
    assert_frame_shown(page, 0)
    data = replay_data(page)
    assert len(data["hands"]) == len(expected["hands"])
    page.click("#help-button")  # How to play: the record's rules, not the lobby's
    expect(page.locator("#help-game-rules")).to_have_text(data["rules_text"])
    expect(page.locator("#how-to-play")).to_contain_text("the joker is highest")
    page.keyboard.press("Escape")
    expect(page.locator("#how-to-play")).to_be_hidden()
    page.keyboard.press("End")
    assert_frame_shown(page, len(data["frames"]) - 1)
    assert replay_frame(page)["scores"] == expected["scores"]
    assert page.evaluate(FITS)
    joker = next(h for h in data["hands"] if h["upcard"] == "JO")  # trump named blind (R6)
    page.locator("#replay-slider").fill(str(joker["first"] + 1))
    assert_frame_shown(page, joker["first"] + 1)
    expect(page.locator("#replay-text")).to_contain_text("blind")
    pages.allowed.append("status of 400")  # Chromium logs the refused request
    page.goto(server + "/")
    page.set_input_files("#record-file", str(examples / "09-renege-refused.json"))
    error = page.locator("#record-error")
    expect(error).to_contain_text("09-renege-refused.json cannot be shown: hand 1, action 9 "
                                  "(2 play 9S):")  # counted from 1, as replay says it
    expect(page.locator("#replay")).to_be_hidden()
    page.set_input_files("#record-file", str(examples / "01-standard-full-game.json"))
    expect(page.locator("#replay-title")).to_have_text("01-standard-full-game.json, watched again")
    expect(error).to_be_empty()
    page.goto(server + "/")  # a game not finished (example 07) says so
    page.set_input_files("#record-file", str(examples / "07-in-progress.json"))
    expect(page.locator("#replay-title")).to_have_text(
        "07-in-progress.json, watched again (not finished: it stops at its latest move)")



def test_a_game_with_a_seat_for_a_friend_is_started_without_a_seed(server: str,
                                                                    pages: Pages) -> None:
    """A seed deals the same cards again, so whoever chose it would know every card of a
    friend's game: the lobby says to leave it empty and starts nothing; against bots the
    seed is taken."""
    page = pages.new()
    page.goto(server + "/")
    expect(page.locator("#seat1 option[value=random]")).to_have_count(1)
    page.select_option("#seat2", "open")
    page.fill("#seed", "3")
    page.click("#start")
    expect(page.locator("#lobby-error")).to_contain_text("dealt at random: leave the seed")
    assert "game=" not in page.url
    page.select_option("#seat2", "random")
    page.click("#start")
    page.wait_for_url("**/?game=*")


def test_the_lobby_listens_before_the_bots_are_named(server: str, pages: Pages) -> None:
    """A record picked while the lobby still waits for ``/api/bots`` opens (the picker
    listened from the start), and the seats get their bots when the answer comes."""
    examples = Path(__file__).resolve().parents[2] / "shared" / "examples"
    held: list = []
    page = pages.new()
    page.route("**/api/bots", lambda route: held.append(route))  # answered later
    page.goto(server + "/")
    expect(page.locator("#seat1 option")).to_have_count(0)
    page.click("#start")  # not sent as a plain form, nor with no bots named
    expect(page.locator("#lobby-error")).to_contain_text("still on their way")
    assert "?" not in page.url
    page.set_input_files("#record-file", str(examples / "01-standard-full-game.json"))
    expect(page.locator("#replay-title")).to_have_text("01-standard-full-game.json, watched again")
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("#seat1 option[value=expert]")).to_have_count(1)
    expect(page.locator("#lobby-error")).to_be_empty()  # the wait is over
    expect(page.locator("#watch-bot2")).to_have_value("expert")



def _at(page: Page, address: str) -> None:
    """Wait until the address bar says ``address``, exactly."""
    page.wait_for_url(lambda url: url == address)


def test_a_link_opens_a_replay_at_its_move_and_follows_the_steps(server: str,
                                                                  pages: Pages) -> None:
    """``/?replay=ID&move=N`` opens the finished game at frame N; each step writes the
    frame shown into the address (one history entry for the whole replay: Back leaves
    it), so a reload lands on the same frame; "Copy link to this move" copies that
    address. A move beyond the game is the game's end; one that is no number is ignored."""
    page = pages.new()
    game, _ann, _ben = _finished_game_of_two(server, page)
    frames = page.request.get(f"{server}/api/games/{game}/replay").json()["frames"]
    assert len(frames) >= 4
    n = min(7, len(frames) - 2)
    page.goto(server + "/")
    page.goto(f"{server}/?replay={game}&move={n}")
    assert_frame_shown(page, n)
    _at(page, f"{server}/?replay={game}&move={n}")
    page.click("#replay-next")
    assert_frame_shown(page, n + 1)
    _at(page, f"{server}/?replay={game}&move={n + 1}")
    page.reload()
    assert_frame_shown(page, n + 1)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page.click("#replay-copy")
    expect(page.locator("#replay-copy")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == page.url
    page.keyboard.press("Home")  # the deal: the address needs no move
    assert_frame_shown(page, 0)
    _at(page, f"{server}/?replay={game}")
    expect(page.locator("#replay-copy")).to_have_text("Copy link to this move")
    page.keyboard.press("ArrowRight")
    _at(page, f"{server}/?replay={game}&move=1")
    page.go_back()  # the steps made no history entries: Back leaves the replay
    _at(page, server + "/")
    expect(page.locator("#lobby")).to_be_visible()
    for asked, shown in [("99999", len(frames) - 1), ("-3", 0), ("seven", 0), ("", 0)]:
        page.goto(f"{server}/?replay={game}&move={asked}")
        assert_frame_shown(page, shown)
        _at(page, f"{server}/?replay={game}" + (f"&move={shown}" if shown else ""))
    page.goto(f"{server}/?replay={game}&move=2")  # where the browser will not copy
    assert_frame_shown(page, 2)
    page.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page.click("#replay-copy")
    field = page.locator("#replay-link-field")
    expect(field).to_be_visible()
    expect(field).to_have_value(f"{server}/?replay={game}&move=2")
    expect(field).to_be_focused()
    assert page.evaluate("(f => f.selectionStart === 0 && f.selectionEnd === f.value.length)"
                         "(document.getElementById('replay-link-field'))")
    expect(page.locator("#replay-copy")).to_have_text("Press Ctrl+C to copy")


def test_a_record_file_has_no_link_to_its_moves(server: str, pages: Pages) -> None:
    """A record opened from a file is on no server's list: no "Copy link to this move",
    and stepping through it leaves the address alone."""
    examples = Path(__file__).resolve().parents[2] / "shared" / "examples"
    page = pages.new()
    page.goto(server + "/")
    page.set_input_files("#record-file", str(examples / "05-joker-turned-up.json"))
    assert_frame_shown(page, 0)
    page.keyboard.press("ArrowRight")
    assert_frame_shown(page, 1)
    page.keyboard.press("End")
    assert_frame_shown(page, len(replay_data(page)["frames"]) - 1)
    expect(page.locator("#replay-share")).to_be_hidden()
    assert page.url == server + "/"


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

RANK_WORDS = dict(zip("789TJQKA", ("seven", "eight", "nine", "ten", "jack", "queen", "king",
                                   "ace"), strict=True))
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
CODES = r"(?:[789TJQKA][CDHS]|JO)"


def card_name(code: str, trump: str | None = None) -> str:
    """A card's accessible name: ``TS`` -> ``ten of spades``, ``JO`` -> ``joker``; once
    trump is made its jacks are the bowers (``jack of hearts, right bower``)."""
    if code == "JO":
        return "joker"
    name = f"{RANK_WORDS[code[0]]} of {SUIT_WORDS[code[1]]}"
    if trump and code[0] == "J" and code[1] == trump:
        return name + ", right bower"
    if trump and code[0] == "J" and code[1] == SAME_COLOUR[trump]:
        return name + ", left bower"
    return name


def said_cards(codes: list[str]) -> str:
    """Cards in a sentence, in words: ``the nine of spades, jack of hearts and ace of clubs``."""
    names = [card_name(c) for c in codes]
    return "the " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])


def in_words(text: str) -> str:
    """The server's sentence with its cards in words (``Ben orders up the KH`` -> ``Ben
    orders up the king of hearts``), as a screen reader hears it."""
    return re.sub(rf"\b(?:the )?({CODES}(?: {CODES})*)\b", lambda m: said_cards(m[1].split()),
                  text)


def move_said(move: str, st: dict) -> str:
    """A move of the hand's log as the live region says it to ``st``'s seat."""
    seat_text, verb, *args = move.split()
    seat, view = int(seat_text), st["view"]
    you = seat == st["seat"]
    player = st["players"][seat]
    who = "You" if you else player.get("name") or f"{player.get('bot')} bot"

    def says(third: str, second: str) -> str:
        return f"{who} {second if you else third}"

    up = said_cards([view["upcard"]])
    if verb == "pass":
        return says("passes", "pass") + "."
    if verb == "order":  # a dealer who orders takes the up-card: no move of his says it
        takes = f" and {'take' if you else 'takes'} it" if seat == view["dealer"] else ""
        return says("orders", "order") + f" up {up}{takes}."
    if verb == "pickup":
        return says("picks", "pick") + f" up {up}."
    if verb == "leave":
        return says("leaves", "leave") + f" {up} in the kitty."
    if verb == "discard":
        what = "a card" if args[0] == "?" else said_cards(args)
        return says("discards", "discard") + f" {what} face down."
    if verb == "call":
        return says("calls", "call") + f" {SUIT_WORDS[args[0]]} as trump."
    if verb == "trump":
        return says("names", "name") + f" {SUIT_WORDS[args[0]]} as trump, blind."
    if verb == "dummy":
        return says("takes", "take") + " the dummy."
    if verb == "alone":
        return says("goes", "go") + " alone." if seat == view["maker"] \
            else says("defends", "defend") + " alone."
    if verb == "play":
        return says("plays", "play") + f" {said_cards(args)}."
    assert verb == "keep", move
    if "?" in args:
        return says("keeps", "keep") + " five of ten cards and buries the rest face down."
    bury = "bury" if you else "buries"
    return says("keeps", "keep") + f" {said_cards(args)} and {bury} the rest face down."


HEAR = """
document.addEventListener("DOMContentLoaded", () => {
  const live = document.getElementById("announcer");
  window.heard = [];
  if (live) new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) window.heard.push(n.textContent);
  }).observe(live, { childList: true });
});
"""
"""Keeps every announcement of the table's live region in ``window.heard``."""


def heard(page: Page) -> str:
    """Everything the live region has said on this page, one announcement a line."""
    return "\n".join(page.evaluate("window.heard"))


def focused(page: Page) -> str:
    """The element with the focus: its id, else its tag and accessible-ish label."""
    return page.evaluate("(e => e.id || `${e.tagName}:${e.getAttribute('aria-label') || ''}`)"
                         "(document.activeElement)")


def contrast(foreground: str, background: str) -> float:
    """WCAG's contrast ratio of two CSS colours as getComputedStyle gives them
    (``rgb(r, g, b)``, opaque)."""
    def luminance(css: str) -> float:
        numbers = [float(x) for x in re.findall(r"[\d.]+", css)]
        assert len(numbers) == 3 or numbers[3] == 1, f"{css} is not opaque"
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
                  for c in (n / 255 for n in numbers[:3])]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def card_contrast(card: Locator) -> float:
    """The contrast of a card's rank and suit against its face, drawn fully opaque. Its
    style is read again where the card was drawn anew under the reading (a state that
    came meanwhile): a card out of the page has none."""
    for _ in range(100):
        style = card.evaluate("e => { const s = getComputedStyle(e); return e.isConnected"
                              " ? [s.color, s.backgroundColor, s.opacity, s.filter] : null; }")
        if style:
            break
        time.sleep(0.02)
    else:
        raise AssertionError("the card was never in the page long enough to be read")
    color, background, opacity, filter_ = style
    assert opacity == "1" and filter_ == "none", f"a card drawn faded ({opacity}, {filter_})"
    return contrast(color, background)


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


SHOWN_FACE_UP = """() => {
  const s = window.cutthroatState;
  const shown = [0, 1, 2].map((seat) => [...document.querySelectorAll(
    `#layout .replay-cards[data-seat="${seat}"] [data-card]`)].map((e) => e.dataset.card));
  return { cards: s.face_up.cards, shown, hand: s.hand_number };
}"""
"""Each seat's cards in the last state, and those the page shows under each seat (read
at once: the page draws each state as it comes)."""


def test_three_bots_watched_from_the_lobby_every_card_face_up_with_reasons(
        tmp_path: Path, pages: Pages) -> None:
    """The lobby's "Watch three bots play": three cheap bots chosen, "Watch" opens the
    game as a watcher; every seat's cards are face up, named in words, each move in the
    log has the bot's reason (said in the live region too), and the next hand is dealt
    by itself."""
    with run_server(_free_port(), tmp_path / "games.db", "--watch-pace", "0.1",
                    "--hand-pause", "1") as base:
        page = pages.new()
        page.goto(base + "/")
        expect(page.locator("#watch-bot0 option[value=beginner]")).to_have_count(1)
        expect(page.locator("#watch-bot1")).to_have_value("expert")
        page.get_by_label("First bot").select_option("beginner")
        page.get_by_label("Second bot").select_option("intermediate")
        page.get_by_label("Third bot").select_option("beginner")
        page.get_by_label("Rules of the game to watch").select_option("standard")
        page.get_by_label("Seed of the game to watch (optional)").fill("5")
        page.get_by_role("button", name="Watch", exact=True).click()
        page.wait_for_url("**/?watch=*")
        expect(page.locator("#watch-intro")).to_contain_text("You are watching three bots play")
        wait_until(page, "window.cutthroatState?.face_up?.cards.flat().length >= 10")
        seen = page.evaluate(SHOWN_FACE_UP)
        assert [sorted(c) for c in seen["shown"]] == [sorted(c) for c in seen["cards"]]
        card = page.locator("#layout .replay-cards [data-card]").first
        expect(card).to_have_attribute("role", "img")
        expect(card).to_have_attribute("aria-label", re.compile(r"^\w+ of \w+|^joker"))
        expect(page.locator("#face-up-aside")).to_contain_text("Kitty")
        reason = page.locator("#log .reason").first
        expect(reason).to_be_visible()
        assert len(reason.inner_text()) > 5
        expect(page.locator("#announcer")).to_contain_text("Reason:")
        assert page.locator("#hand button").count() == 0  # a watcher holds no cards
        wait_until(page, "window.cutthroatState.hand_number >= 2")  # dealt by itself
        wait_until(page, "window.cutthroatState.face_up.cards.flat().length >= 10")
        seen = page.evaluate(SHOWN_FACE_UP)
        assert seen["hand"] >= 2
        assert [sorted(c) for c in seen["shown"]] == [sorted(c) for c in seen["cards"]]
