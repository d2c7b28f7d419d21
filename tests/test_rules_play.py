"""R15–R18: the opening lead, following suit, winning tricks, no renege."""

from __future__ import annotations

import pytest

from conftest import make_deal, make_hand, play_out, push_all, snapshot, texts
from cutthroat import (
    ActionParseError,
    Card,
    GameOverError,
    Hand,
    IllegalActionError,
    NotYourTurnError,
    Phase,
    Rules,
    Suit,
    deck,
)
from cutthroat.cards import effective_suit
from cutthroat.scoring import trick_winner

SUITED = ["9C TC JC QC KC", "9D TD JD QD KD", "9H TH JH QH KH"]


def to_play(dealer: int, maker: int, maker_alone: bool, lone: int | None,
            rules: Rules | None = None) -> Hand:
    """The suited deal (AS up): ``maker`` calls clubs in round two, takes the dummy and
    keeps his own cards unless ``maker_alone``; defender ``lone`` (if any) goes alone."""
    hand = make_hand(SUITED, "AS", dealer=dealer, rules=rules)
    for _ in range(3):
        hand.push("pass")
    while hand.to_act != maker:
        hand.push("pass")
    hand.push(f"{maker} call C")
    if hand.rules.dummy:
        if maker_alone:
            hand.push("alone")
        else:
            push_all(hand, ["dummy", f"keep {SUITED[maker]}"])
    while hand.phase is Phase.DEFENDER_CHOICE:
        hand.push("alone" if hand.to_act == lone else "pass")
    assert hand.phase is Phase.PLAY
    return hand


# --- R15 opening lead -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "maker", "maker_alone", "lone", "leader"),
    [
        # Nobody alone: the dealer's left leads, whoever made trump.
        (0, 1, False, None, 1),
        (1, 1, False, None, 2),
        (1, 0, False, None, 2),
        (2, 0, False, None, 0),
        (2, 2, False, None, 0),
        # Maker alone: the maker's left leads.
        (0, 0, True, None, 1),
        (0, 1, True, None, 2),
        (0, 2, True, None, 0),
        (2, 0, True, None, 1),
        (1, 2, True, None, 0),
        # A defender alone: his left leads, skipping his partner who sits out.
        (0, 0, False, 1, 0),
        (0, 0, False, 2, 0),
        (0, 1, False, 2, 1),
        (2, 2, False, 1, 2),
        (2, 2, False, 0, 2),
        (1, 1, False, 0, 1),
        # Both alone: the maker's left, skipping the defender who sits out.
        (0, 0, True, 1, 1),
        (0, 0, True, 2, 2),
        (1, 1, True, 2, 2),
        (1, 1, True, 0, 0),
        (2, 2, True, 0, 0),
        (2, 2, True, 1, 1),
    ],
)
def test_R15_opening_lead(
    dealer: int, maker: int, maker_alone: bool, lone: int | None, leader: int
) -> None:
    hand = to_play(dealer, maker, maker_alone, lone)
    alone = ([maker] if maker_alone else []) + ([lone] if lone is not None else [])
    assert hand.alone == tuple(sorted(alone))
    assert hand.to_act == leader
    assert hand.leader == leader
    assert hand.view(leader).legal == tuple(f"play {c}" for c in texts(hand.cards(leader)))


@pytest.mark.parametrize(("dealer", "maker", "lone", "leader"),
                         [(0, 0, None, 1), (0, 0, 1, 0), (0, 0, 2, 0), (1, 0, None, 2),
                          (2, 1, 2, 1), (2, 1, 0, 1)])
def test_R15_opening_lead_without_dummy(dealer: int, maker: int, lone: int | None,
                                        leader: int) -> None:
    # With no dummy the maker is never alone: only the defender's part of R15 applies.
    hand = to_play(dealer, maker, False, lone, rules=Rules(dummy=False))
    assert maker not in hand.alone
    assert hand.to_act == leader


@pytest.mark.parametrize(("maker", "lone"), [(0, 1), (0, 2), (1, 0), (2, 1)])
def test_R15_sitting_out_seat_is_skipped_in_every_trick(maker: int, lone: int) -> None:
    hand = to_play(0, maker, False, lone)
    out = 3 - maker - lone
    while not hand.is_over:
        first = hand.to_act
        assert first is not None and first != out
        hand.push_id(hand.legal_action_ids()[-1])
        if hand.is_over:
            break
        assert hand.to_act == 3 - out - first  # the other active player, never the out seat
        hand.push_id(hand.legal_action_ids()[-1])
    assert len(hand.tricks) == 5


# --- R16 following ------------------------------------------------------------------------


def after_lead(size: int, trump: str, lead: str, second: str, zero: str = "") -> Hand:
    """A hand at the second card of the first trick.

    Seat 0 calls ``trump`` in round two (dealer 2) and goes alone, seat 1 leads ``lead``
    and seat 2, holding ``second``, is to play. Seat 0 holds ``zero``. The other cards
    are filled from the deck, avoiding the led suit so that nothing else constrains play.
    """
    rules = Rules(deck=size)
    t = Suit.parse(trump)
    led = effective_suit(Card.parse(lead), t)
    taken = {lead, *second.split(), *zero.split()}
    pool = [str(c) for c in deck(size)
            if str(c) not in taken and not c.is_joker and effective_suit(c, t) != led]
    up = next(c for c in pool if c[-1] != trump and effective_suit(Card.parse(c), t) != t)
    pool.remove(up)
    seat1 = " ".join([lead, *pool[:4]])
    seat0 = " ".join([*zero.split(), *pool[4:9 - len(zero.split())]])
    hand = Hand(rules, make_deal(rules, [seat0, seat1, second], up), 2)
    push_all(hand, ["0 pass", "1 pass", "2 pass", f"0 call {trump}", "0 alone", "1 pass",
                    "2 pass"])
    assert hand.to_act == 1
    assert set(texts(hand.legal_actions())) == {f"play {c}" for c in seat1.split()}
    hand.push(f"1 play {lead}")
    assert hand.to_act == 2
    return hand


@pytest.mark.parametrize(
    ("size", "trump", "lead", "second", "legal"),
    [
        # Follow the led suit when able; otherwise any card.
        (24, "H", "AC", "9C KC 9D TS KH", "9C KC"),
        (24, "H", "AC", "JD QD 9S TS KH", "JD QD 9S TS KH"),
        # Trump led: the left bower is a trump and must be played if it is the only one.
        (24, "H", "AH", "JD 9D TD 9S TS", "JD"),
        (24, "S", "AS", "JC 9C TC 9D TD", "JC"),
        # The left bower's printed suit led: the left bower does not follow it.
        (24, "H", "AD", "JD 9C 9S TS KH", "JD 9C 9S TS KH"),
        (24, "H", "AD", "JD QD 9C 9S TS", "QD"),
        (24, "C", "AS", "JS 9H TH 9D TD", "JS 9H TH 9D TD"),
        (24, "C", "AS", "JS KS 9H TH 9D", "KS"),
        # The left bower led is a trump lead: trumps follow, its printed suit does not.
        (24, "H", "JD", "9H QD KD 9C TC", "9H"),
        (24, "H", "JD", "QD KD 9C TC TS", "QD KD 9C TC TS"),
        (24, "D", "JH", "QH KH AD 9C 9S", "AD"),
        # The joker is a trump, led or held.
        (25, "H", "JO", "9H QD KD 9C TC", "9H"),
        (25, "S", "JO", "JC QD KD 9H TC", "JC"),
        (25, "H", "AH", "JO QD KD 9C TC", "JO"),
        (25, "H", "AC", "JO 9C KD 9S TS", "9C"),
        (25, "H", "AC", "JO QD KD 9S TS", "JO QD KD 9S TS"),
        # 32 cards: sevens and eights follow like any card.
        (32, "H", "7C", "8C AC 7H 7D 8S", "8C AC"),
        (32, "D", "8D", "JH 7H 8H 7S 8S", "JH"),
        (32, "D", "8H", "JH 7C 8C 7S 8S", "JH 7C 8C 7S 8S"),
    ],
)
def test_R16_follow_suit(size: int, trump: str, lead: str, second: str, legal: str) -> None:
    hand = after_lead(size, trump, lead, second)
    expected = {f"play {c}" for c in legal.split()}
    assert set(texts(hand.legal_actions())) == expected
    assert set(hand.view(2).legal) == expected
    suit = effective_suit(Card.parse(lead), Suit.parse(trump))
    led = suit.plural
    for card in second.split():
        action = f"play {card}"
        assert hand.is_legal(action) == (action in expected)
        if action not in expected:
            before = snapshot(hand)
            with pytest.raises(IllegalActionError, match=f"seat 2 must follow {led}") as no:
                hand.push(f"2 {action}")
            assert snapshot(hand) == before
            # The joker or the left bower of the suit led: why it does not follow (R3).
            held = Card.parse(card)
            if held.is_joker or held.suit is suit:
                name = "the joker" if held.is_joker else card
                assert no.value.reason == f"seat 2 must follow {led}: {name} is a trump (R3)"
            else:
                assert no.value.reason == f"seat 2 must follow {led}"


def test_R16_third_player_follows_too() -> None:
    # Seat 0 calls hearts and goes alone; seat 1 leads AC; both others hold one club.
    hand = make_hand(["KC 9H TH 9S TS", "AC 9D TD QD KD", "9C JH QH KH AH"], "AS", dealer=2)
    push_all(hand, ["0 pass", "1 pass", "2 pass", "0 call H", "0 alone", "1 pass", "2 pass",
                    "1 play AC"])
    assert texts(hand.legal_actions()) == ["play 9C"]
    hand.push("2 play 9C")
    assert texts(hand.legal_actions()) == ["play KC"]
    with pytest.raises(IllegalActionError, match="seat 0 must follow clubs"):
        hand.push("0 play 9H")
    hand.push("0 play KC")
    assert hand.tricks[0].winner == 1


# --- R17 winning a trick ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "cards", "winner"),
    [
        ("H", "AC KC QC", 0),
        ("H", "9C TC AS", 1),  # an ace of another plain suit does not win
        ("H", "AC 9H KC", 1),  # the lowest trump beats the led ace
        ("H", "AC 9H TH", 2),
        ("H", "AH JD JH", 2),  # right bower over left bower over ace
        ("H", "AH JD KH", 1),
        ("H", "AD JD KD", 1),  # the left bower trumps its printed suit's lead
        ("H", "JD AH KH", 0),
        ("H", "9D QD JD", 2),
        ("H", "KD AD 9C", 1),
        ("C", "AS JS KS", 1),
        ("C", "JS JC AC", 1),
        ("D", "JH 9H AH", 0),  # the left bower led is trump; hearts are plain here
        ("S", "QH JC KH", 1),
        ("H", "JH JO 9C", 1),  # the joker beats the right bower
        ("H", "JO JH AH", 0),
        ("S", "AC JO 9S", 1),
        ("S", "AC 7S KC", 1),  # 32 cards
        ("S", "7C 8C 9D", 1),
        ("S", "8S 7S JC", 2),
        ("D", "8C 7D AC", 1),
        ("H", "AC KC", 0),  # a trick of two (someone sits out)
        ("H", "AC 9H", 1),
    ],
)
def test_R17_trick_winner(trump: str, cards: str, winner: int) -> None:
    assert trick_winner([Card.parse(c) for c in cards.split()], Suit.parse(trump)) == winner


@pytest.mark.parametrize(
    ("size", "trump", "plays", "winner"),
    [
        # plays: seat 1 leads, then seat 2, then seat 0 (maker alone called in round 2).
        (24, "H", "AD JD KD", 2),
        (24, "H", "AD KD JD", 0),
        (24, "H", "AH JD JH", 0),
        (24, "H", "9C TC AS", 2),
        (24, "C", "JS JC AC", 2),
        (25, "H", "JH JO 9C", 2),
        (32, "S", "AC 7S KC", 2),
        (32, "S", "7C 8C 9D", 2),
        (24, "H", "AC KC 9H", 0),
        (24, "D", "JH AD KD", 1),
        (24, "S", "KD AD TD", 2),
    ],
)
def test_R17_trick_winner_in_play_leads_next(size: int, trump: str, plays: str,
                                            winner: int) -> None:
    first, second, third = plays.split()
    hand = after_lead(size, trump, first, " ".join(
        [second, *fillers(size, trump, first, {first, second, third})]), zero=third)
    hand.push(f"2 play {second}")
    hand.push(f"0 play {third}")
    assert len(hand.tricks) == 1
    assert [(s, str(c)) for s, c in hand.tricks[0].plays] == [(1, first), (2, second),
                                                              (0, third)]
    assert hand.tricks[0].winner == winner
    assert hand.tricks_won[winner] == 1 and sum(hand.tricks_won) == 1
    assert hand.to_act == winner and hand.leader == winner


def fillers(size: int, trump: str, lead: str, taken: set[str]) -> list[str]:
    """Cards that do not follow ``lead`` under ``trump`` (so they never force a play)."""
    t = Suit.parse(trump)
    led = effective_suit(Card.parse(lead), t)
    return [str(c) for c in deck(size) if str(c) not in taken and not c.is_joker
            and effective_suit(c, t) not in (led, t)][-4:]


def test_R17_five_tricks_then_the_hand_is_over() -> None:
    hand = to_play(2, 0, False, None)
    play_out(hand, {0: "KC QC JC TC 9C", 1: "9D TD JD QD KD", 2: "9H TH JH QH KH"})
    assert len(hand.tricks) == 5
    assert hand.phase is Phase.OVER and hand.is_over and hand.to_act is None
    assert hand.tricks_won == (5, 0, 0)
    for before, after in zip(hand.tricks, hand.tricks[1:], strict=False):
        assert after.leader == before.winner
    with pytest.raises(GameOverError):
        hand.push("0 play KC")


# --- R18 no renege ------------------------------------------------------------------------


def test_R18_renege_is_refused_and_state_unchanged() -> None:
    hand = after_lead(24, "H", "AH", "JD 9D TD 9S TS")
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.push("2 play 9S")
    assert str(info.value) == "seat 2 must follow hearts"
    assert info.value.reason == "seat 2 must follow hearts" and info.value.seat == 2
    assert not isinstance(info.value, NotYourTurnError)
    with pytest.raises(IllegalActionError, match="seat 2 must follow hearts"):
        hand.push_id(Card.parse("9D").id)
    with pytest.raises(IllegalActionError, match="seat 2 must follow hearts"):
        hand.apply_id(Card.parse("TD").id)
    assert snapshot(hand) == before
    hand.push("2 play JD")  # the legal card still goes through
    assert len(hand.current_trick) == 2


def test_R18_card_not_held_is_refused() -> None:
    hand = after_lead(24, "H", "AC", "9C KC 9D TS KH")
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="seat 2 does not hold AS"):
        hand.push("play AS")
    with pytest.raises(IllegalActionError, match="does not hold AC"):
        hand.push("2 play AC")  # already on the table
    assert snapshot(hand) == before


def test_R18_wrong_kind_of_action_in_play_is_refused() -> None:
    hand = after_lead(24, "H", "AC", "9C KC 9D TS KH")
    before = snapshot(hand)
    for action in ("pass", "order", "call H", "discard 9C", "alone"):
        with pytest.raises(IllegalActionError, match="not possible now: it is trick play"):
            hand.push(action)
    with pytest.raises(ActionParseError, match="unknown verb"):
        hand.push("lead 9C")
    with pytest.raises(ActionParseError):
        hand.push("play 1C")
    assert snapshot(hand) == before


@pytest.mark.parametrize("wrong", [0, 1])
def test_R18_out_of_turn_play_raises_not_your_turn(wrong: int) -> None:
    hand = after_lead(24, "H", "AC", "9C KC 9D TS KH")
    before = snapshot(hand)
    card = texts(hand.cards(wrong))[0]
    with pytest.raises(NotYourTurnError, match=f"it is seat 2's turn, not seat {wrong}'s") as info:
        hand.push(f"{wrong} play {card}")
    assert info.value.seat == wrong
    with pytest.raises(NotYourTurnError):
        hand.push(f"play {card}", seat=wrong)
    with pytest.raises(NotYourTurnError):
        hand.push_id(Card.parse("9C").id, seat=wrong)  # legal for seat 2, but not his turn
    assert snapshot(hand) == before


@pytest.mark.parametrize(
    ("script", "bad", "error", "message"),
    [
        ([], "2 pass", NotYourTurnError, "it is seat 1's turn, not seat 2's"),
        ([], "0 order", NotYourTurnError, "it is seat 1's turn, not seat 0's"),
        ([], "call H", IllegalActionError, "first bidding round"),
        ([], "pickup", IllegalActionError, "first bidding round"),
        (["1 order"], "1 pickup", NotYourTurnError, "seat 0's turn"),
        (["1 order"], "0 discard 9C", IllegalActionError, "pickup or leave"),
        (["1 order", "0 pickup"], "0 discard 9D", IllegalActionError, "does not hold 9D"),
        (["1 order", "0 pickup", "0 discard 9C"], "2 alone", NotYourTurnError, "seat 1's"),
        (["1 order", "0 pickup", "0 discard 9C"], "1 pass", IllegalActionError, "dummy or"),
    ],
)
def test_R18_refused_decisions_leave_state_unchanged(
    script: list[str], bad: str, error: type[Exception], message: str
) -> None:
    hand = make_hand(SUITED, "AS", dealer=0)
    push_all(hand, script)
    before = snapshot(hand)
    with pytest.raises(error, match=message):
        hand.push(bad)
    assert snapshot(hand) == before
    if error is IllegalActionError:
        assert not hand.is_legal(bad.split(" ", 1)[1] if bad[0].isdigit() else bad)


def test_R18_is_legal_agrees_with_push_on_the_seat() -> None:
    hand = make_hand(SUITED, "AS", dealer=0)
    assert hand.to_act == 1
    with pytest.raises(NotYourTurnError):
        hand.push("2 pass")
    assert not hand.is_legal("2 pass")
