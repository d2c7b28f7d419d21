"""R11–R14: maker and defenders, the maker's choice, a lone defender, hidden cards."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from conftest import make_hand, play_out, push_all, snapshot, texts
from cutthroat import (
    ActionParseError,
    Card,
    Hand,
    IllegalActionError,
    NotYourTurnError,
    Phase,
    Rules,
    View,
)
from cutthroat.cards import CardError
from cutthroat.errors import to_player
from cutthroat.views import public_view_json

SUITED = ["9C TC JC QC KC", "9D TD JD QD KD", "9H TH JH QH KH"]
# With the AS up-card the rest of the deck in id order gives:
DUMMY = ["AC", "AD", "AH", "9S", "TS"]
KITTY = ["AS", "JS", "QS", "KS"]


def suited(dealer: int = 0, rules: Rules | None = None) -> Hand:
    """Seat 0 clubs, seat 1 diamonds, seat 2 hearts; AS up; dummy AC AD AH 9S TS."""
    hand = make_hand(SUITED, "AS", dealer=dealer, rules=rules)
    assert texts(hand.dummy) == DUMMY and sorted(texts(hand.kitty)) == sorted(KITTY)
    return hand


def call_round_two(hand: Hand, caller: int, suit: str) -> None:
    """Everybody passes the first round; ``caller`` names ``suit`` in the second."""
    for _ in range(3):
        hand.push("pass")
    while hand.to_act != caller:
        hand.push("pass")
    hand.push(f"{caller} call {suit}")


def card_tokens(value: Any) -> set[str]:
    """Every card named anywhere in a JSON value (lists, dicts, action texts)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= card_tokens(item)
    elif isinstance(value, list):
        for item in value:
            found |= card_tokens(item)
    elif isinstance(value, str):
        for word in value.split():
            with contextlib.suppress(CardError):
                found.add(str(Card.parse(word)))
    return found


def visible(view: View) -> set[str]:
    """The cards a view shows."""
    return card_tokens(view.to_json())


# --- R11 maker and defenders ------------------------------------------------------------


@pytest.mark.parametrize("maker", [0, 1, 2])
def test_R11_the_two_other_seats_defend(maker: int) -> None:
    hand = suited(dealer=0)
    call_round_two(hand, maker, "C")
    hand.push("dummy")
    hand.push(f"keep {' '.join(SUITED[maker].split())}")
    deciders = []
    while hand.phase is Phase.DEFENDER_CHOICE:
        deciders.append(hand.to_act)
        hand.push("pass")
    assert deciders == [(maker + 1) % 3, (maker + 2) % 3]
    assert hand.maker == maker


def test_R11_defenders_score_as_partners() -> None:
    # Seat 1 calls hearts holding only the left bower and goes alone; seat 2 holds the
    # other hearts. Seat 0 takes no trick but shares the defenders' euchre points.
    hand = suited(dealer=0)
    call_round_two(hand, 1, "H")
    push_all(hand, ["1 alone", "2 pass", "0 pass"])
    play_out(hand, {0: "9C TC JC QC KC", 1: "JD 9D TD QD KD", 2: "JH KH QH TH 9H"})
    assert hand.tricks_won == (0, 0, 5)
    assert hand.result is not None and hand.result.points == (2, 0, 2)


# --- R12 maker's choice ----------------------------------------------------------------


def test_R12_maker_decides_dummy_or_alone_without_seeing_it() -> None:
    hand = suited(dealer=0)
    call_round_two(hand, 1, "H")
    assert hand.phase is Phase.MAKER_CHOICE and hand.to_act == 1
    assert set(texts(hand.legal_actions())) == {"dummy", "alone"}
    view = hand.view(1)
    assert set(view.legal) == {"dummy", "alone"}
    assert not visible(view) & set(DUMMY)
    for seat in (0, 2):
        with pytest.raises(NotYourTurnError):
            hand.push(f"{seat} alone")


def test_R12_maker_choice_follows_the_dealers_pickup_and_discard() -> None:
    hand = suited(dealer=0)
    hand.push("1 order")
    assert hand.phase is Phase.PICKUP
    assert not hand.is_legal("dummy")
    push_all(hand, ["0 pickup"])
    assert hand.phase is Phase.DISCARD and hand.to_act == 0
    with pytest.raises(NotYourTurnError):
        hand.push("1 dummy")
    hand.push("0 discard 9C")
    assert hand.phase is Phase.MAKER_CHOICE and hand.to_act == 1


def test_R12_dummy_then_keep_five_of_ten() -> None:
    hand = suited(dealer=0)
    call_round_two(hand, 1, "D")
    hand.push("1 dummy")
    assert hand.dummy_taken and hand.dummy == []
    assert hand.phase is Phase.KEEP and hand.to_act == 1
    ten = sorted([*SUITED[1].split(), *DUMMY], key=lambda c: Card.parse(c).id)
    assert texts(hand.cards(1)) == ten
    assert len(hand.view(1).cards) == 10
    ids = list(hand.legal_action_ids())
    assert len(ids) == len(set(ids)) == 252  # C(10, 5)
    kept = {frozenset(hand.action_from_id(i).cards) for i in ids}
    assert len(kept) == 252 and all(k <= set(hand.cards(1)) for k in kept)
    # A keep may mix his cards and the dummy's, written in any order.
    hand.push("1 keep AD jd KD 10s AH")
    assert texts(hand.cards(1)) == ["JD", "KD", "AD", "AH", "TS"]
    assert texts(hand.buried) == ["AC", "9D", "TD", "QD", "9S"]
    assert hand.phase is Phase.DEFENDER_CHOICE and hand.to_act == 2


def test_R12_keep_must_be_five_of_his_ten() -> None:
    hand = suited(dealer=0)
    call_round_two(hand, 1, "D")
    hand.push("1 dummy")
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="cannot keep KS"):
        hand.push("1 keep AD JD KD TS KS")
    with pytest.raises(ActionParseError, match="five cards"):
        hand.push("1 keep AD JD KD TS")
    assert snapshot(hand) == before


def test_R12_keep_refusals_do_not_assume_the_makers_sex() -> None:
    """The refusals are shown to the player at the table (``Not possible: ...``): they
    speak of the maker's cards, never of "his" cards."""
    hand = suited(dealer=0)
    call_round_two(hand, 1, "D")
    hand.push("1 dummy")
    with pytest.raises(IllegalActionError) as wrong_card:
        hand.push("1 keep AD JD KD TS KS")
    assert str(wrong_card.value) == (
        "seat 1 cannot keep KS: it is in neither seat 1's hand nor the dummy")
    assert to_player(str(wrong_card.value), 1) == (
        "you cannot keep KS: it is in neither your hand nor the dummy")
    with pytest.raises(IllegalActionError) as wrong_verb:
        hand.push("1 pass")
    assert "keep five of their ten cards" in str(wrong_verb.value)
    for text in (str(wrong_card.value), str(wrong_verb.value)):
        assert not {"his", "he", "him"} & set(text.replace(",", " ").split())


@pytest.mark.parametrize("maker", [0, 1, 2])
def test_R12_maker_alone_leaves_the_dummy_untouched(maker: int) -> None:
    hand = suited(dealer=2)
    call_round_two(hand, maker, "C")
    hand.push(f"{maker} alone")
    assert hand.alone == (maker,)
    assert not hand.dummy_taken and texts(hand.dummy) == DUMMY
    assert texts(hand.cards(maker)) == SUITED[maker].split()
    assert hand.phase is Phase.DEFENDER_CHOICE and hand.to_act == (maker + 1) % 3


def test_R12_dealer_maker_takes_dummy_after_his_discard() -> None:
    hand = suited(dealer=0)
    push_all(hand, ["1 pass", "2 pass", "0 order", "0 discard 9C", "0 dummy"])
    assert texts(hand.cards(0)) == ["TC", "JC", "QC", "KC", "AC", "AD", "AH", "9S", "TS", "AS"]
    hand.push("0 keep AS TS 9S AC KC")
    assert texts(hand.cards(0)) == ["KC", "AC", "9S", "TS", "AS"]


# --- R13 defender alone -----------------------------------------------------------------


@pytest.mark.parametrize("maker", [0, 1, 2])
def test_R13_first_defender_alone_ends_the_decisions(maker: int) -> None:
    hand = suited(dealer=0)
    call_round_two(hand, maker, "C")
    hand.push(f"{maker} dummy")
    hand.push(f"keep {SUITED[maker]}")
    first, second = (maker + 1) % 3, (maker + 2) % 3
    assert hand.to_act == first
    assert set(texts(hand.legal_actions())) == {"pass", "alone"}
    hand.push(f"{first} alone")
    # The partner takes no decision: play starts at once, and he sits out.
    assert hand.phase is Phase.PLAY
    assert hand.sitting_out == second
    assert hand.alone == (first,)
    assert str(hand.moves[-1]) == f"{first} alone"
    assert hand.to_act != second
    assert not hand.is_legal("alone") and not hand.is_legal("pass")


@pytest.mark.parametrize("maker", [0, 1, 2])
def test_R13_second_defender_alone_after_first_passes(maker: int) -> None:
    hand = suited(dealer=1)
    call_round_two(hand, maker, "H")
    hand.push("alone")
    first, second = (maker + 1) % 3, (maker + 2) % 3
    push_all(hand, [f"{first} pass"])
    assert hand.to_act == second
    assert set(texts(hand.legal_actions())) == {"pass", "alone"}
    hand.push(f"{second} alone")
    assert hand.phase is Phase.PLAY
    assert hand.sitting_out == first
    assert hand.alone == tuple(sorted((maker, second)))  # both maker and defender alone


def test_R13_both_defenders_pass() -> None:
    hand = suited(dealer=0)
    call_round_two(hand, 2, "H")
    push_all(hand, ["2 alone", "0 pass", "1 pass"])
    assert hand.phase is Phase.PLAY
    assert hand.sitting_out is None and hand.alone == (2,)


def test_R13_out_of_turn_defender_is_refused() -> None:
    hand = suited(dealer=0)
    call_round_two(hand, 0, "C")
    hand.push("0 alone")
    with pytest.raises(NotYourTurnError, match="seat 1's turn, not seat 2's"):
        hand.push("2 alone")


@pytest.mark.parametrize(("maker", "lone"), [(0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1)])
def test_R13_partner_cards_stay_out_of_play(maker: int, lone: int) -> None:
    hand = suited(dealer=0)
    call_round_two(hand, maker, "D")
    hand.push("alone")
    while hand.to_act != lone:
        hand.push("pass")
    hand.push("alone")
    out = 3 - maker - lone
    assert hand.sitting_out == out
    while not hand.is_over:
        assert hand.to_act != out
        assert hand.view(out).legal == ()
        hand.push_id(hand.legal_action_ids()[0])
    assert texts(hand.cards(out)) == SUITED[out].split()
    assert all(len(t.plays) == 2 for t in hand.tricks)
    assert all(out not in (s for s, _ in t.plays) for t in hand.tricks)
    assert hand.tricks_won[out] == 0
    assert hand.tricks_won[maker] + hand.tricks_won[lone] == 5


# --- R14 hidden cards -------------------------------------------------------------------


def test_R14_unused_dummy_and_kitty_never_shown() -> None:
    hand = suited(dealer=0)
    call_round_two(hand, 1, "H")
    push_all(hand, ["1 alone", "2 pass", "0 pass"])
    hidden = set(DUMMY) | (set(KITTY) - {"AS"})
    while True:
        for seat in range(3):
            assert not visible(hand.view(seat)) & hidden
        if hand.is_over:
            break
        hand.push_id(hand.legal_action_ids()[-1])
    assert texts(hand.dummy) == DUMMY  # still face down on the table


def test_R14_dealer_discard_known_only_to_him() -> None:
    hand = suited(dealer=0)
    push_all(hand, ["1 order", "0 pickup", "0 discard QC"])
    assert hand.view(0).discard == Card.parse("QC")
    assert "0 discard QC" in hand.view(0).moves
    for seat in (1, 2):
        view = hand.view(seat)
        assert view.discard is None
        assert view.moves == ("1 order", "0 pickup", "0 discard ?")
        assert "QC" not in visible(view)
        assert view.upcard_taken and view.upcard == Card.parse("AS")


@pytest.mark.parametrize(("deck_size", "dealer_cards"), [
    (32, "7C 8C 9C TC QC"),  # 7C is card id 0, the first a discard can be
    (25, "JO 9C TC QC KC"),  # the joker is card id 32, the last
])
def test_R14_every_card_the_dealer_may_discard_is_hidden_from_the_others(
        deck_size: int, dealer_cards: str) -> None:
    """Whichever card the dealer discards, the first card id (7C) and the last (the
    joker) included, only he reads it: the others and a watcher read ``0 discard ?``
    in the moves, in ``to_json`` and in ``print(view)``."""
    rules = Rules(deck=deck_size, dummy=False)
    hand = make_hand([dealer_cards, "9D TD QD KD AD", "9H TH QH KH AH"], "AC",
                     rules=rules)
    push_all(hand, ["1 order", "0 pickup"])
    discards = hand.legal_actions()
    assert {str(a.card) for a in discards} >= {dealer_cards[:2], "AC"}
    for action in discards:
        card = str(action.card)
        hand.push(action, 0)
        assert hand.view(0).moves[-1] == f"0 discard {card}"
        for seat in (1, 2):
            view = hand.view(seat)
            assert view.moves[-1] == "0 discard ?"
            assert view.to_json()["moves"][-1] == "0 discard ?"
            if card != "AC":  # the up-card was seen, though not where it went
                assert card not in str(view).split()
                assert card not in visible(view)
        assert public_view_json(hand)["moves"][-1] == "0 discard ?"
        hand.pop()


def test_R14_nobody_else_can_tell_whether_dealer_discarded_the_upcard() -> None:
    kept_up = suited(dealer=0)
    push_all(kept_up, ["1 order", "0 pickup", "0 discard 9C"])
    threw_up = suited(dealer=0)
    push_all(threw_up, ["1 order", "0 pickup", "0 discard AS"])
    for seat in (1, 2):
        assert kept_up.view(seat).to_json() == threw_up.view(seat).to_json()
    assert kept_up.view(0).to_json() != threw_up.view(0).to_json()


def test_R14_maker_discards_hidden_from_the_others() -> None:
    hand = suited(dealer=0)
    call_round_two(hand, 2, "H")
    push_all(hand, ["2 dummy", "2 keep JH QH KH AH AD"])
    buried = {"9H", "TH", "AC", "9S", "TS"}
    assert set(texts(hand.view(2).buried)) == buried
    assert "2 keep AD JH QH KH AH" in hand.view(2).moves
    for seat in (0, 1):
        view = hand.view(seat)
        assert view.buried == ()
        assert "2 keep ? ? ? ? ?" in view.moves
        assert not visible(view) & (buried | {"AD", "AH", "JH"})


def test_R14_sitting_out_cards_never_shown_to_others() -> None:
    hand = suited(dealer=0)
    call_round_two(hand, 0, "C")
    push_all(hand, ["0 alone", "1 alone"])
    assert hand.sitting_out == 2
    while not hand.is_over:
        for seat in (0, 1):
            assert not visible(hand.view(seat)) & set(SUITED[2].split())
        hand.push_id(hand.legal_action_ids()[0])
    assert texts(hand.view(2).cards) == SUITED[2].split()  # he still sees his own


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(deck=25), Rules(deck=32), Rules(dummy=False), Rules(deck=25, dummy=False),
     Rules(dealer_must_pick_up=True), Rules(stick_the_dealer=True)],
    ids=lambda r: r.describe(),
)
def test_R14_a_view_shows_only_cards_its_seat_has_seen(rules: Rules) -> None:
    """Over many random hands, every view at every step names only cards its seat has
    held, the up-card, and cards played to tricks."""
    for seed in range(15):
        hand = Hand.deal(rules, seed=seed, dealer=seed % 3)
        held = [set(texts(hand.cards(s))) for s in range(3)]
        dummy = set(texts(hand.dummy))
        up = str(hand.upcard)
        rng = random.Random(seed)
        while True:
            played = {str(c) for t in hand.tricks for _, c in t.plays}
            played |= {str(c) for _, c in hand.current_trick}
            for seat in range(3):
                if seat == hand.dealer and hand.upcard_taken:
                    held[seat].add(up)
                if seat == hand.maker and hand.dummy_taken:
                    held[seat] |= dummy
                known = held[seat] | played | {up}
                shown = visible(hand.view(seat))
                assert shown <= known, (seed, seat, shown - known)
            if hand.is_over:
                break
            ids = hand.legal_action_ids()
            hand.push_id(ids[rng.randrange(len(ids))])

