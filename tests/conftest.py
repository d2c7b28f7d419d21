"""Shared helpers for the rule tests: explicit deals, scripted actions, scripted play;
and the web game's databases, a SQLite file or a private PostgreSQL server."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

import pytest

from cutthroat import Card, Deal, Hand, Phase, Rules, View, deck, parse_cards
from cutthroat.bots.heuristic import IntermediateBot
from postgres import Cluster

# The shared helpers' asserts explain a failure as a test's own do (the test modules
# import them after this).
pytest.register_assert_rewrite("server_helpers", "sockets", "browser_helpers", "cli_helpers")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A test skipped by ``pytest.importorskip`` fails instead: ``make test`` installs
    every extra (``dev``), so a package missing is a broken set-up, and its tests must
    not pass unseen as skipped."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.skipped and call.excinfo is not None and str(call.excinfo.value).startswith(
            "could not import"):
        report.outcome = "failed"
        report.longrepr = (f"{call.excinfo.value}: make test installs every extra (dev), "
                           "and a test skipped for a missing package would pass unseen")


@pytest.fixture(autouse=True)
def _refusals_forgotten() -> None:
    """Each test starts with the server's log of refusals forgotten: it says a limit
    refused an address at most once a minute (``connections.note_refused``), for the
    whole process, so a test counting those lines would miss its own after an earlier
    test in the same worker had been refused the same way."""
    connections = sys.modules.get("cutthroat.server.connections")
    if connections is not None:
        connections._refusals_said.clear()


def make_deal(
    rules: Rules,
    hands: Sequence[str],
    upcard: str,
    dummy: str | None = None,
) -> Deal:
    """A deal with the given hands (space-separated card text per seat) and up-card.

    The dummy (unless given) and the rest of the kitty are the remaining cards of the
    deck in id order, so every deal is explicit and reproducible.
    """
    held = [parse_cards(h) for h in hands]
    up = Card.parse(upcard)
    given_dummy = parse_cards(dummy) if dummy is not None else None
    used = {c for h in held for c in h} | {up} | set(given_dummy or ())
    rest = [c for c in deck(rules.deck) if c not in used]
    if rules.dummy:
        if given_dummy is None:
            given_dummy, rest = rest[:5], rest[5:]
    else:
        given_dummy = []
    return Deal.from_cards(rules, held, [up, *rest], given_dummy)


def make_hand(
    hands: Sequence[str],
    upcard: str,
    *,
    rules: Rules | None = None,
    dealer: int = 0,
    dummy: str | None = None,
) -> Hand:
    """A hand from an explicit deal (see :func:`make_deal`)."""
    rules = rules or Rules()
    return Hand(rules, make_deal(rules, hands, upcard, dummy), dealer)


def push_all(hand: Hand, moves: Iterable[str]) -> None:
    """Push each move (``"SEAT VERB [ARGS]"``), checking the seat named is to act."""
    for move in moves:
        hand.push(move)


def play_out(hand: Hand, wishes: Mapping[int, str]) -> None:
    """Play the tricks: each seat plays the first legal card of its wish list."""
    order = {seat: parse_cards(text) for seat, text in wishes.items()}
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = {a.card for a in hand.legal_actions()}
        card = next(c for c in order[seat] if c in legal)
        hand.push(f"{seat} play {card}")


def texts(items: Iterable[object]) -> list[str]:
    """``str`` of each item (actions, cards, moves)."""
    return [str(x) for x in items]


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything observable about a hand, to compare before and after a refused action."""
    return (
        hand.phase, hand.to_act, texts(hand.moves), texts(hand.legal_actions()),
        [texts(hand.cards(s)) for s in range(3)], texts(hand.kitty), texts(hand.dummy),
        hand.maker, hand.trump, hand.alone, hand.sitting_out, hand.tricks_won,
        texts(hand.tricks), [(s, str(c)) for s, c in hand.current_trick], hand.leader,
        [hand.view(s).to_json() for s in range(3)],
    )


def random_playout(hand: Hand, seed: int) -> None:
    """Finish the hand with uniformly random legal actions (reproducible from ``seed``)."""
    rng = random.Random(seed)
    while not hand.is_over:
        hand.push_id(rng.choice(list(hand.legal_action_ids())))


def keep_views(count: int, seed: int, rules: Rules | None = None) -> list[View]:
    """Views of makers about to keep five of ten, from hands bid by intermediate bots
    (``rules`` must deal a dummy; standard by default)."""
    rng = random.Random(seed)
    bot = IntermediateBot(seed=0)
    out: list[View] = []
    while len(out) < count:
        hand = Hand.deal(rules or Rules(), dealer=rng.randrange(3), rng=rng)
        while not hand.is_over and hand.phase is not Phase.PLAY:
            seat = hand.to_act
            assert seat is not None
            if hand.phase is Phase.KEEP:
                out.append(hand.view(seat))
                break
            hand.push(bot.choose(hand.view(seat)), seat)
    return out


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A private PostgreSQL server for one test module's tests (tests/postgres.py),
    started when a test of the module first asks for it."""
    server = Cluster().start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each backend: a SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    url: str = request.getfixturevalue("cluster").database()
    return url
