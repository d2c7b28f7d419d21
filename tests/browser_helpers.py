"""The browser tests' shared helpers (tests/test_browser*.py): a real server (``cutthroat
serve`` in a subprocess, on a free port, with a temporary SQLite file), Chromium's
headless shell from Debian's packages driven by Playwright (the fixtures ``server``,
``browser`` and ``pages``), and the helpers that drive the page and read it as a player,
a watcher or a screen reader does."""

from __future__ import annotations

import contextlib
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

CHROMIUM = "/usr/bin/chromium-headless-shell"
"""Debian's ``chromium-headless-shell``: Chromium's engine (Blink, V8) without the desktop
browser around it, as Playwright's own headless runs use. The full ``chromium`` in
headless mode takes three times the CPU to open a page in a new context and about twice
for the browser tests as a whole (docs/architecture.md, Tests)."""
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
def run_server(port: int, db: Path, *options: str,
               pages: Pages | None = None) -> Iterator[str]:
    """``cutthroat serve`` on ``port`` with the SQLite file ``db`` (and ``options``),
    until it answers; its base URL. Stopped on leaving, after closing ``pages``, the
    test's pages on it: a page left open tries to reconnect to the stopped server, and
    Chromium logs each refused try as a console error, which fails the test (seen
    under load). A test that restarts its server with a page open passes none."""
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
            if pages is not None:
                pages.close()
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
        pytest.fail(f"Chromium's headless shell is missing at {CHROMIUM}"
                    " (make services, or apt-get install chromium-headless-shell)")
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
        """Close every page made so far (once: closing again does nothing)."""
        while self.contexts:
            self.contexts.pop().close()


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


def state(page: Page) -> dict:
    """The last state the page received (``window.cutthroatState``)."""
    return page.evaluate("window.cutthroatState")


def my_cards(page: Page) -> list[str]:
    return page.locator("#hand button[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")


def review_shown(page: Page) -> None:
    """Wait for the expert's review asked for on ``page`` (its seconds of work, more
    under load): the waiting words gone, then its first line, which counts the
    player's choices ("Ann (seat 0): 1 choice, 0 where the expert would clearly have
    chosen otherwise ..."). The waiting words say "choices" too, so waiting for that
    word alone did not wait for the review at all."""
    expect(page.locator("#review .thinking")).to_have_count(0, timeout=60_000)
    expect(page.locator("#review p").first).to_contain_text(
        re.compile(r": \d+ choices?, \d+ where the expert would clearly have chosen"))


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


def watch(page: Page, base: str, game: str) -> None:
    """Open ``/?watch=ID`` and wait for the watcher's first state."""
    page.goto(f"{base}/?watch={game}")
    wait_until(page, "window.cutthroatState && window.cutthroatState.seat === null")


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


RANK_WORDS = dict(zip("789TJQKA", ("seven", "eight", "nine", "ten", "jack", "queen", "king",
                                   "ace"), strict=True))
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


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
