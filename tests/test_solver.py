"""The exact play-phase solver (R11, R13, R15–R17) against brute-force minimax.

The reference here is independent of the solver: plain minimax over the engine's own
``legal_action_ids()`` with ``apply_id``/``pop``, no pruning and no card renumbering. Its
exact values are memoised at trick boundaries (the key holds everything that decides the
rest of the hand), which changes no value and only keeps full five-trick checks fast.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import make_hand, push_all
from cutthroat import Card, Hand, Rules, parse_cards
from cutthroat.actions import ALONE, PASS
from cutthroat.bots.solver import (
    SolverError,
    best_move,
    evaluate_masks,
    evaluate_moves,
    solve,
    solve_masks,
    solve_with_nodes,
)
from cutthroat.cards import EFF_SUIT, deck_mask, ids_of_mask, mask_of, trick_power
from cutthroat.state import Phase

DECKS = (24, 25, 32)
VARIANTS = [
    pytest.param(deck, dummy, lone, id=f"deck{deck}-{'dummy' if dummy else 'nodummy'}"
                 f"{'-lone' if lone else ''}")
    for deck in DECKS for dummy in (True, False) for lone in (False, True)
]

Memo = dict[tuple[int, ...], int]


# --- the reference ---------------------------------------------------------------------


def brute(hand: Hand, memo: Memo) -> int:
    """The maker's final trick count by exhaustive minimax over the engine's moves."""
    maker = hand.maker
    assert maker is not None
    if hand.is_over:
        return hand.tricks_won[maker]
    key: tuple[int, ...] | None = None
    if not hand.current_trick:
        leader = hand.leader
        assert leader is not None
        key = (hand.cards_mask(0), hand.cards_mask(1), hand.cards_mask(2), leader,
               hand.tricks_won[maker])
        if key in memo:
            return memo[key]
    values = [brute_after(hand, a, memo) for a in tuple(hand.legal_action_ids())]
    value = max(values) if hand.to_act == maker else min(values)
    if key is not None:
        memo[key] = value
    return value


def brute_after(hand: Hand, card: int, memo: Memo) -> int:
    """The reference value after the seat to act plays ``card``."""
    hand.apply_id(card)
    try:
        return brute(hand, memo)
    finally:
        hand.pop()


def brute_moves(hand: Hand) -> dict[int, int]:
    """The reference value after each legal card of the seat to act."""
    memo: Memo = {}
    return {a: brute_after(hand, a, memo) for a in tuple(hand.legal_action_ids())}


# --- positions ---------------------------------------------------------------------------


def bid_to_play(rng: random.Random, rules: Rules, *, lone: bool) -> Hand:
    """A random deal bid at random until trick play; at the defenders' choice, the first
    defender goes alone if ``lone``, else both pass."""
    while True:
        hand = Hand.deal(rules, dealer=rng.randrange(3), rng=rng)
        while not hand.is_over and hand.phase is not Phase.PLAY:
            if hand.phase is Phase.DEFENDER_CHOICE:
                hand.apply_id(ALONE if lone else PASS)
            else:
                hand.apply_id(rng.choice(tuple(hand.legal_action_ids())))
        if hand.phase is Phase.PLAY:
            return hand


def position(rng: random.Random, rules: Rules, *, lone: bool, left: int) -> Hand:
    """A random play position with ``left`` tricks to play (the one in progress
    included), often in the middle of a trick."""
    hand = bid_to_play(rng, rules, lone=lone)
    n_active = len(hand.active_seats())
    plays = (5 - left) * n_active + (rng.randrange(n_active) if rng.random() < 0.6 else 0)
    for _ in range(plays):
        hand.apply_id(rng.choice(tuple(hand.legal_action_ids())))
    assert hand.phase is Phase.PLAY
    return hand


def fingerprint(hand: Hand) -> tuple[Any, ...]:
    """Everything observable of a hand, to check that the solver changes nothing."""
    return (
        hand.phase, hand.to_act, hand.leader, hand.tricks_won, [str(m) for m in hand.moves],
        [hand.cards_mask(s) for s in range(3)], hand.current_trick, hand.tricks,
        tuple(hand.legal_action_ids()), hand.sitting_out,
    )


def masks_of(hand: Hand) -> dict[str, Any]:
    """:func:`solve_masks` arguments for a hand in trick play."""
    maker = hand.maker
    trump = hand.trump
    assert maker is not None and trump is not None
    return {
        "hands": [hand.cards_mask(s) for s in range(3)],
        "trump": int(trump),
        "leader": hand.leader,
        "trick": [c.id for _, c in hand.current_trick],
        "maker": maker,
        "maker_tricks": hand.tricks_won[maker],
        "sitting_out": hand.sitting_out,
    }


def check_against_brute(hand: Hand) -> None:
    """solve, evaluate_moves and the mask functions agree with the reference; the hand
    is unchanged."""
    before = fingerprint(hand)
    expected = brute_moves(hand)
    pick = max if hand.to_act == hand.maker else min
    assert evaluate_moves(hand) == expected
    assert solve(hand) == pick(expected.values())
    args = masks_of(hand)
    assert solve_masks(**args) == pick(expected.values())
    assert evaluate_masks(**args) == expected
    assert expected[best_move(hand)] == pick(expected.values())
    assert fingerprint(hand) == before


# --- against the reference -----------------------------------------------------------------


@pytest.mark.parametrize(("deck", "dummy", "lone"), VARIANTS)
def test_R16_R17_solver_matches_brute_force_short(deck: int, dummy: bool, lone: bool) -> None:
    """Positions with one to three tricks left, often mid-trick, in every variant."""
    rng = random.Random(f"short-{deck}-{dummy}-{lone}")
    rules = Rules(deck=deck, dummy=dummy)
    for i in range(250):
        check_against_brute(position(rng, rules, lone=lone, left=1 + i % 3))


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
@pytest.mark.parametrize(("deck", "dummy", "lone"), VARIANTS)
def test_R16_R17_solver_matches_brute_force_long(deck: int, dummy: bool, lone: bool) -> None:
    """Positions after one trick (four left) and whole hands from the opening lead."""
    rng = random.Random(f"long-{deck}-{dummy}-{lone}")
    rules = Rules(deck=deck, dummy=dummy)
    for left in (4, 5):
        for _ in range(25):
            hand = position(rng, rules, lone=lone, left=left)
            if left == 5 and not hand.current_trick:
                # A whole hand: compare the value only (the move check is the slow part).
                assert solve(hand) == brute(hand, {})
            else:
                check_against_brute(hand)


def test_solver_value_is_best_move_value_on_whole_hands() -> None:
    """solve() is the maximum (maker to act) or minimum (a defender) of evaluate_moves(),
    and best_move() attains it, on many opening positions."""
    rng = random.Random("consistency")
    for i in range(150):
        rules = Rules(deck=DECKS[i % 3], dummy=i % 2 == 0)
        hand = bid_to_play(rng, rules, lone=i % 4 == 0)
        values = evaluate_moves(hand)
        pick = max if hand.to_act == hand.maker else min
        assert set(values) == set(hand.legal_action_ids())
        assert solve(hand) == pick(values.values())
        assert values[best_move(hand)] == solve(hand)
        assert 0 <= solve(hand) <= 5


# --- hand-checked positions -----------------------------------------------------------


def opening(hands: list[str], upcard: str, rules: Rules) -> Hand:
    """Seat 1 orders the up-card's suit, the dealer (seat 0) leaves it, both defenders
    pass; seat 1 leads (R15)."""
    hand = make_hand(hands, upcard, rules=rules, dealer=0)
    push_all(hand, ["1 order", "0 leave", "2 pass", "0 pass"])
    assert hand.phase is Phase.PLAY and hand.to_act == 1 and hand.maker == 1
    return hand


@pytest.mark.parametrize(
    ("deck", "maker_cards", "upcard"),
    [(24, "JH JD AH KH QH", "9H"), (25, "JO JH JD AH KH", "9H"), (32, "JH JD AH KH QH", "7H")],
)
def test_R3_R17_five_top_trumps_take_five(deck: int, maker_cards: str, upcard: str) -> None:
    """A maker holding the five highest trumps takes every trick, whatever he leads."""
    rules = Rules(deck=deck, dummy=False)
    hand = opening([
        "9C TC JC QC KC", maker_cards, "9S TS JS QS KS"], upcard, rules)
    assert solve(hand) == 5
    assert set(evaluate_moves(hand).values()) == {5}
    # The same in the middle of the first trick.
    hand.push("1 play " + maker_cards.split()[-1])
    assert solve(hand) == 5


def test_R17_maker_must_duck() -> None:
    """Trump diamonds; the maker (seat 1) holds JD QD QS, a defender holds AD TD.
    Clubs are led and the other defender has trumped with the KD. Overtrumping with the
    right bower leaves the maker on lead with QD QS: he loses both (the AD and the TD
    take them). Discarding the QS instead leaves the defender on lead into JD QD, the
    maker's tenace over AD TD: he takes both."""
    hands = [mask_of(parse_cards(t)) for t in ("TD AD", "JD QD QS", "JC AH")]
    trick = [Card.parse("9C").id, Card.parse("KD").id]
    args: dict[str, Any] = {"hands": hands, "trump": 1, "leader": 2, "trick": trick,
                            "maker": 1, "maker_tricks": 0}
    assert solve_masks(**args) == 2
    values = {str(Card.from_id(c)): v for c, v in evaluate_masks(**args).items()}
    assert values == {"QS": 2, "QD": 1, "JD": 1}


def test_R13_lone_defender_maker_draws_trump() -> None:
    """Maker JS KH against a lone defender's 9S AD (trump spades): leading the right
    bower draws the 9S and the KH then wins; leading the KH lets the 9S ruff it. The
    seat sitting out is ignored, whatever its mask."""
    hands = [mask_of(parse_cards(t)) for t in ("JS KH", "9S AD", "9C TC QC")]
    args: dict[str, Any] = {"trump": 3, "leader": 0, "maker": 0, "maker_tricks": 2,
                            "sitting_out": 2}
    values = {str(Card.from_id(c)): v for c, v in evaluate_masks(hands, **args).items()}
    assert values == {"JS": 4, "KH": 3}
    assert solve_masks(hands, **args) == 4
    assert solve_masks([hands[0], hands[1], 0], **args) == 4


def test_R16_equivalent_cards_share_a_value() -> None:
    """KC and QC of one hand are equivalent when the only club between them (JC) is
    out of play: the value of each is the value of leading it."""
    hands = [mask_of(parse_cards(t)) for t in ("KC QC 9H", "AC 9C TD", "TC 9S AS")]
    values = evaluate_masks(hands, trump=2, leader=0, maker=0)
    assert values[Card.parse("KC").id] == values[Card.parse("QC").id]
    hand_values = {c: solve_masks(
        [hands[0] & ~(1 << c), hands[1], hands[2]], trump=2, leader=0, trick=[c], maker=0)
        for c in values}
    assert values == hand_values


# --- the API ---------------------------------------------------------------------------


def test_solver_refuses_a_hand_not_in_play() -> None:
    hand = Hand.deal(seed=3)
    with pytest.raises(SolverError, match="not in trick play"):
        solve(hand)
    with pytest.raises(SolverError, match="not in trick play"):
        evaluate_moves(hand)


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"trump": 4}, "trump"),
        ({"hands": [1, 2]}, "three seats"),
        ({"hands": [0b11, 0b100, 0b1000]}, "seat 1 holds 1 of the 2 cards"),
        ({"hands": [0b1, 0b1, 0b100]}, "elsewhere"),
        ({"trick": [0, 1, 2]}, "fewer cards"),
        ({"trick": [3]}, "seat 1 holds 1 of the 2 cards"),
        ({"leader": 3}, "seats 0-2"),
        ({"sitting_out": 0}, "seats 0-2"),
        ({"maker_tricks": 5}, "make no hand"),
        ({"sitting_out": 5}, "sitting_out"),
        ({"trick": [40]}, "not a card on the table"),
        ({"hands": [0b1, 0b10, 1 << 40]}, "holds no card id"),
    ],
)
def test_solve_masks_refuses_bad_masks(changes: dict[str, Any], match: str) -> None:
    args: dict[str, Any] = {"hands": [0b1, 0b10, 0b100], "trump": 0, "leader": 0,
                            "maker": 0}
    args.update(changes)
    with pytest.raises(SolverError, match=match):
        solve_masks(**args)


def test_solver_leaves_the_hand_unchanged_and_reports_nodes() -> None:
    rng = random.Random("unchanged")
    for i in range(20):
        hand = position(rng, Rules(deck=DECKS[i % 3]), lone=i % 2 == 1, left=1 + i % 5)
        before = fingerprint(hand)
        value, nodes = solve_with_nodes(hand)
        evaluate_moves(hand)
        best_move(hand)
        assert fingerprint(hand) == before
        assert value == solve(hand)
        assert nodes >= 1


def _legal(hand: int, trick: list[int], trump: int) -> list[int]:
    """The cards of ``hand`` (a mask) that may be played to ``trick`` (R16)."""
    if trick:
        led = EFF_SUIT[trump][trick[0]]
        follow = [c for c in ids_of_mask(hand) if EFF_SUIT[trump][c] == led]
        if follow:
            return follow
    return list(ids_of_mask(hand))


def _mask_brute(hands: list[int], trump: int, leader: int, trick: list[int], maker: int,
                won: int, active: list[int], memo: dict[Any, int]) -> int:
    """The maker's final trick count by exhaustive minimax over card masks."""
    n = len(active)
    if len(trick) == n:
        led = EFF_SUIT[trump][trick[0]]
        i = max(range(n), key=lambda j: trick_power(trick[j], trump, led))
        winner = active[(active.index(leader) + i) % n]
        won += winner == maker
        if not any(hands[s] for s in active):
            return won
        return _mask_brute(hands, trump, winner, [], maker, won, active, memo)
    key = (tuple(hands), leader, won)
    if not trick and key in memo:
        return memo[key]
    seat = active[(active.index(leader) + len(trick)) % n]
    values = []
    for c in _legal(hands[seat], trick, trump):
        hands[seat] ^= 1 << c
        values.append(_mask_brute(hands, trump, leader, [*trick, c], maker, won, active, memo))
        hands[seat] ^= 1 << c
    value = max(values) if seat == maker else min(values)
    if not trick:
        memo[key] = value
    return value


@st.composite
def mask_positions(draw: st.DrawFn) -> tuple[dict[str, Any], list[int]]:
    """solve_masks arguments for a random trick-play position with one to four tricks
    left, and the seats that play."""
    size = draw(st.sampled_from((24, 25, 32)))
    cards = draw(st.permutations(list(ids_of_mask(deck_mask(size)))))
    trump = draw(st.integers(0, 3))
    maker = draw(st.integers(0, 2))
    sitting_out = draw(st.sampled_from([None, *(s for s in range(3) if s != maker)]))
    active = [s for s in range(3) if s != sitting_out]
    leader = draw(st.sampled_from(active))
    left = draw(st.integers(1, 4))
    hands = [0, 0, 0]
    for i, s in enumerate(active):
        for c in cards[i * left:(i + 1) * left]:
            hands[s] |= 1 << c
    trick: list[int] = []
    seat = leader
    for _ in range(draw(st.integers(0, len(active) - 1))):
        card = draw(st.sampled_from(_legal(hands[seat], trick, trump)))
        hands[seat] ^= 1 << card
        trick.append(card)
        seat = active[(active.index(seat) + 1) % len(active)]
    won = draw(st.integers(0, 5 - left))
    args = {"hands": hands, "trump": trump, "leader": leader, "trick": trick,
            "maker": maker, "maker_tricks": won, "sitting_out": sitting_out}
    return args, active


@settings(max_examples=300, deadline=None)
@given(mask_positions())
def test_R16_R17_solver_matches_mask_brute_force_on_drawn_positions(
    position: tuple[dict[str, Any], list[int]],
) -> None:
    """solve_masks and evaluate_masks agree with an independent minimax over card masks
    (_mask_brute: no tables, no bounds, no move ordering)
    on positions drawn directly: every deck, trump, maker and leader, with or without a
    lone defender, one to four tricks left, often mid-trick."""
    args, active = position
    seat = active[(active.index(args["leader"]) + len(args["trick"])) % len(active)]
    memo: dict[Any, int] = {}
    expected = {}
    hands = list(args["hands"])
    for c in _legal(hands[seat], args["trick"], args["trump"]):
        hands[seat] ^= 1 << c
        expected[c] = _mask_brute(hands, args["trump"], args["leader"], [*args["trick"], c],
                                  args["maker"], args["maker_tricks"], active, memo)
        hands[seat] ^= 1 << c
    pick = max if seat == args["maker"] else min
    assert evaluate_masks(**args) == expected
    assert solve_masks(**args) == pick(expected.values())


def test_best_move_breaks_ties_by_the_lowest_card_id() -> None:
    """best_move gives, among the cards of the best value, the lowest card id (maker or
    defender to act), as its docstring promises: the same position gives the same card.
    (Untested before: only the best value was checked.)"""
    rng = random.Random("ties")
    checked = {True: 0, False: 0}
    while min(checked.values()) < 20:
        hand = Hand.deal(Rules(deck=rng.choice((24, 25, 32))), dealer=rng.randrange(3), rng=rng)
        while not hand.is_over and hand.phase is not Phase.PLAY:
            hand.apply_id(rng.choice(tuple(hand.legal_action_ids())))
        if hand.phase is not Phase.PLAY:
            continue
        for _ in range(rng.randrange(6)):
            hand.apply_id(rng.choice(tuple(hand.legal_action_ids())))
        values = evaluate_moves(hand)
        maker_to_act = hand.to_act == hand.maker
        best = (max if maker_to_act else min)(values.values())
        tied = [c for c, v in values.items() if v == best]
        if len(tied) > 1:
            assert best_move(hand) == min(tied), str(Card.from_id(best_move(hand)))
            checked[maker_to_act] += 1
