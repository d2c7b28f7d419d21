"""R1–R10: seats, decks, ranking, the dealer, the deal, the joker up-card and bidding."""

from __future__ import annotations

import random

import pytest

from conftest import make_deal, make_hand, push_all, snapshot, texts
from cutthroat import (
    Card,
    Deal,
    DealError,
    Game,
    GameOverError,
    Hand,
    IllegalActionError,
    NotYourTurnError,
    Phase,
    Rules,
    Suit,
    deck,
)

# Seat 0 all clubs, seat 1 all diamonds, seat 2 all hearts (the ace of each suit stays out).
SUITED = ["9C TC JC QC KC", "9D TD JD QD KD", "9H TH JH QH KH"]
ALL_CALLS = {"call C", "call D", "call H", "call S"}


def suited(upcard: str = "AS", *, rules: Rules | None = None, dealer: int = 0) -> Hand:
    """A hand where each seat holds one suit, with this up-card."""
    return make_hand(SUITED, upcard, rules=rules, dealer=dealer)


def all_pass_first_round(hand: Hand) -> None:
    """Three passes from the dealer's left."""
    for _ in range(3):
        hand.push(f"{hand.to_act} pass")


# --- R1 seats -------------------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "order"), [(0, [1, 2, 0]), (1, [2, 0, 1]), (2, [0, 1, 2])])
def test_R1_bidding_goes_clockwise_from_dealers_left(dealer: int, order: list[int]) -> None:
    hand = suited(dealer=dealer)
    seen = []
    while not hand.is_over:
        seen.append(hand.to_act)
        hand.push("pass")
    # Both rounds visit the three seats, left of the dealer first; the dummy never bids.
    assert seen == order + order
    assert hand.phase is Phase.THROWN_IN


def test_R1_only_three_seats() -> None:
    hand = suited()
    with pytest.raises(ValueError, match="seat"):
        hand.view(3)
    with pytest.raises(ValueError, match="dealer"):
        Hand(Rules(), hand.dealt, 3)


# --- R2 deck --------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "extra"), [(24, set()), (25, {"JO"}), (32, {"7C", "8S"})])
def test_R2_random_deal_uses_exactly_the_deck(size: int, extra: set[str]) -> None:
    rules = Rules(deck=size)
    for seed in range(20):
        hand = Hand.deal(rules, seed=seed)
        cards = [str(c) for c in hand.dealt.all_cards()]
        assert len(cards) == len(set(cards)) == size
        assert set(cards) == {str(c) for c in deck(size)}
        assert extra <= set(cards)


@pytest.mark.parametrize(
    ("size", "stranger"), [(24, "7C"), (24, "JO"), (25, "8D"), (32, "JO")]
)
def test_R2_deal_with_a_card_from_another_deck_is_refused(size: int, stranger: str) -> None:
    rules = Rules(deck=size)
    good = make_deal(rules, SUITED, "AS")
    kitty = [stranger, *[str(c) for c in good.kitty[1:]]]
    hands = [[str(c) for c in h] for h in good.hands]
    with pytest.raises(DealError, match=f"{stranger} is not in the {size}-card deck"):
        Deal.from_cards(rules, hands, kitty, [str(c) for c in good.dummy])


def test_R2_card_dealt_twice_is_refused() -> None:
    with pytest.raises(DealError, match="9C is dealt twice"):
        Deal.from_cards(Rules(), [SUITED[0].split(), SUITED[0].split(), SUITED[2].split()],
                        ["AC", "AD", "AH", "AS"], ["9S", "TS", "JS", "QS", "KS"])


# --- R3 ranking (exhaustive tables in test_cards.py) ------------------------------------


def test_R3_bowers_outrank_the_ace_in_play() -> None:
    # Hearts trump (seat 0 orders the AH up-card); seat 1 leads the ace, the bowers fall.
    hand = make_hand(["JH 9C TC JC QC", "KH 9D TD QD KD", "JD 9S TS JS QS"], "AH", dealer=0)
    push_all(hand, ["1 pass", "2 pass", "0 order", "0 discard 9C", "0 alone",
                    "1 pass", "2 pass"])
    assert hand.to_act == 1  # the maker is alone: his left leads (R15)
    push_all(hand, ["1 play KH", "2 play JD", "0 play AH"])
    assert hand.tricks[-1].winner == 2  # left bower over the ace
    push_all(hand, ["2 play 9S", "0 play TC", "1 play 9D"])
    assert hand.tricks[-1].winner == 2  # nobody trumped: the spade led wins
    push_all(hand, ["2 play TS", "0 play JH", "1 play TD"])
    assert hand.tricks[-1].winner == 0  # right bower trumps the spade


# --- R4 dealer ------------------------------------------------------------------------


def test_R4_first_dealer_is_reproducible_from_a_seed() -> None:
    firsts = []
    for seed in range(40):
        a, b = Game(seed=seed), Game(seed=seed)
        assert a.first_dealer == b.first_dealer
        assert Game(rng=random.Random(seed)).first_dealer == a.first_dealer
        assert a.deal().dealer == a.first_dealer
        assert a.hand is not None and b.deal().dealt == a.hand.dealt
        firsts.append(a.first_dealer)
    # Drawn at random: every seat deals first for some seed.
    assert set(firsts) == {0, 1, 2}


@pytest.mark.parametrize("first", [0, 1, 2])
def test_R4_deal_passes_left_after_every_hand_including_thrown_in(first: int) -> None:
    game = Game(first_dealer=first, seed=3)
    dealers = []
    for _ in range(5):
        hand = game.deal(make_deal(game.rules, SUITED, "AS"))
        dealers.append(hand.dealer)
        while not hand.is_over:
            game.push("pass")
        assert hand.result is not None and hand.result.thrown_in
        assert game.next_dealer == (hand.dealer + 1) % 3
    assert dealers == [(first + i) % 3 for i in range(5)]
    assert game.scores == (0, 0, 0)


def test_R4_first_dealer_can_be_given_but_not_out_of_range() -> None:
    assert Game(first_dealer=2).first_dealer == 2
    with pytest.raises(ValueError, match="first_dealer"):
        Game(first_dealer=3)


# --- R5 deal --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "dummy", "kitty"),
    [(24, True, 4), (32, True, 12), (25, True, 5), (24, False, 9), (32, False, 17),
     (25, False, 10)],
)
def test_R5_deal_sizes(size: int, dummy: bool, kitty: int) -> None:
    rules = Rules(deck=size, dummy=dummy)
    for seed in range(5):
        hand = Hand.deal(rules, seed=seed, dealer=seed % 3)
        assert [len(hand.cards(s)) for s in range(3)] == [5, 5, 5]
        assert len(hand.dummy) == (5 if dummy else 0)
        assert len(hand.kitty) == kitty
        assert hand.upcard == hand.dealt.kitty[0] and hand.upcard in hand.kitty
        # The up-card is face up: every seat sees it.
        assert all(hand.view(s).upcard == hand.upcard for s in range(3))


def test_R5_random_deal_is_reproducible() -> None:
    a = Hand.deal(Rules(), seed=11)
    b = Hand.deal(Rules(), rng=random.Random(11))
    assert a.dealt == b.dealt
    assert Hand.deal(Rules(), seed=12).dealt != a.dealt


@pytest.mark.parametrize(
    ("rules", "hands", "kitty", "dummy", "message"),
    [
        (Rules(), [SUITED[0].split()[:4], SUITED[1].split(), SUITED[2].split()],
         ["9S", "AC", "AD", "AH", "AS"], ["TS", "JS", "QS", "KS", "KC"], "seat 0 must be dealt 5"),
        (Rules(), [s.split() for s in SUITED], ["AC", "AD", "AH"],
         ["9S", "TS", "JS", "QS", "KS", "AS"], "dummy must be dealt 5"),
        (Rules(), [s.split() for s in SUITED], ["AC", "AD", "AH", "AS", "9S"],
         ["TS", "JS", "QS", "KS"], "dummy must be dealt 5"),
        (Rules(dummy=False), [s.split() for s in SUITED], ["AC", "AD", "AH", "AS"],
         ["9S", "TS", "JS", "QS", "KS"], "no dummy"),
    ],
)
def test_R5_deal_of_wrong_shape_is_refused(
    rules: Rules, hands: list[list[str]], kitty: list[str], dummy: list[str], message: str
) -> None:
    with pytest.raises(DealError, match=message):
        Deal.from_cards(rules, hands, kitty, dummy)


def test_R5_no_dummy_means_no_maker_choice_and_never_alone() -> None:
    rules = Rules(dummy=False, maker_alone_march=5)
    hand = suited("AS", rules=rules, dealer=0)
    assert hand.dummy == []
    assert len(hand.kitty) == 9
    push_all(hand, ["1 order", "0 leave"])
    # Straight to the defenders: the maker (seat 1) takes no dummy-or-alone decision.
    assert hand.phase is Phase.DEFENDER_CHOICE
    assert hand.to_act == 2
    assert texts(hand.legal_actions()) == ["pass", "alone"]
    push_all(hand, ["2 pass", "0 pass"])
    assert hand.phase is Phase.PLAY
    assert hand.alone == ()
    assert not hand.dummy_taken
    assert hand.to_act == 1  # dealer's left leads (R15)


# --- R6 joker turned up -----------------------------------------------------------------

BENNY = Rules(deck=25)


def joker_up(dealer: int, rules: Rules = BENNY) -> Hand:
    """A 25-card hand with the joker turned up."""
    return make_hand(SUITED, "JO", rules=rules, dealer=dealer)


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_R6_joker_up_dealer_names_any_suit_blind(dealer: int) -> None:
    hand = joker_up(dealer)
    assert hand.upcard.is_joker
    assert hand.phase is Phase.JOKER_TRUMP
    assert hand.to_act == dealer
    assert set(texts(hand.legal_actions())) == {"trump C", "trump D", "trump H", "trump S"}
    view = hand.view(dealer)
    assert view.cards == ()  # decided before his cards are shown to him
    assert set(view.legal) == {"trump C", "trump D", "trump H", "trump S"}
    assert view.seen_mask() == Card.parse("JO").bit
    for seat in range(3):
        if seat != dealer:
            other = hand.view(seat)
            assert texts(other.cards) == SUITED[seat].split()
            assert other.legal == ()


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_R6_joker_up_no_bidding(dealer: int) -> None:
    hand = joker_up(dealer)
    before = snapshot(hand)
    for action in ("pass", "order", "call H", "pickup"):
        with pytest.raises(IllegalActionError, match="joker is up"):
            hand.push(action)
    with pytest.raises(NotYourTurnError):
        hand.push(f"{(dealer + 1) % 3} trump S")
    assert snapshot(hand) == before


@pytest.mark.parametrize("suit", ["C", "D", "H", "S"])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_R6_dealer_becomes_maker_takes_joker_and_discards(dealer: int, suit: str) -> None:
    hand = joker_up(dealer)
    hand.push(f"{dealer} trump {suit}")
    assert hand.maker == dealer
    assert hand.trump is Suit.parse(suit)
    assert hand.upcard_taken
    assert hand.phase is Phase.DISCARD and hand.to_act == dealer
    held = sorted([*SUITED[dealer].split(), "JO"], key=lambda c: Card.parse(c).id)
    assert texts(hand.cards(dealer)) == held
    assert set(texts(hand.legal_actions())) == {f"discard {c}" for c in held}
    assert len(hand.view(dealer).cards) == 6


@pytest.mark.parametrize("dummy", [True, False])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_R6_dealer_may_discard_the_joker(dealer: int, dummy: bool) -> None:
    hand = joker_up(dealer, Rules(deck=25, dummy=dummy))
    push_all(hand, [f"{dealer} trump H", f"{dealer} discard JO"])
    assert texts(hand.cards(dealer)) == SUITED[dealer].split()
    assert Card.parse("JO") in hand.kitty
    assert hand.dealer_discard == Card.parse("JO")
    if dummy:
        assert hand.phase is Phase.MAKER_CHOICE and hand.to_act == dealer
    else:
        assert hand.phase is Phase.DEFENDER_CHOICE and hand.to_act == (dealer + 1) % 3
    assert hand.view(dealer).discard == Card.parse("JO")
    for seat in range(3):
        if seat != dealer:
            view = hand.view(seat)
            assert view.discard is None
            assert view.moves == (f"{dealer} trump H", f"{dealer} discard ?")


# --- R7 first round -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "upcard", "script", "maker", "phase", "to_act"),
    [
        (0, "AS", ["1 order"], 1, Phase.PICKUP, 0),
        (0, "AS", ["1 pass", "2 order"], 2, Phase.PICKUP, 0),
        (0, "AC", ["1 pass", "2 pass", "0 order"], 0, Phase.DISCARD, 0),
        (1, "AD", ["2 order"], 2, Phase.PICKUP, 1),
        (1, "AH", ["2 pass", "0 order"], 0, Phase.PICKUP, 1),
        (2, "AC", ["0 order"], 0, Phase.PICKUP, 2),
        (2, "AH", ["0 pass", "1 pass", "2 order"], 2, Phase.DISCARD, 2),
    ],
)
def test_R7_first_order_ends_the_round(
    dealer: int, upcard: str, script: list[str], maker: int, phase: Phase, to_act: int
) -> None:
    hand = suited(upcard, dealer=dealer)
    for move in script:
        assert texts(hand.legal_actions()) == ["pass", "order"]
        hand.push(move)
    assert hand.maker == maker
    assert hand.trump is Card.parse(upcard).suit
    assert hand.phase is phase
    assert hand.to_act == to_act
    assert "order" not in texts(hand.legal_actions())


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_R7_three_passes_go_to_the_second_round(dealer: int) -> None:
    hand = suited("AS", dealer=dealer)
    all_pass_first_round(hand)
    assert hand.phase is Phase.BID_SECOND
    assert hand.to_act == (dealer + 1) % 3
    assert hand.maker is None and hand.trump is None
    assert not hand.upcard_taken


def test_R7_order_is_one_action_for_every_seat() -> None:
    # "I order it up", "I assist", "I accept": all the same action `order`.
    for passes in range(3):
        hand = suited("AS", dealer=0)
        for _ in range(passes):
            hand.push("pass")
        move = hand.push("order")
        assert str(move.action) == "order"
        assert move.seat == (1 + passes) % 3


# --- R8 pick-up -------------------------------------------------------------------------


def test_R8_dealer_picks_up_and_discards_any_card() -> None:
    hand = suited("AS", dealer=0)
    push_all(hand, ["1 order"])
    assert set(texts(hand.legal_actions())) == {"pickup", "leave"}
    hand.push("0 pickup")
    assert hand.upcard_taken
    assert hand.phase is Phase.DISCARD and hand.to_act == 0
    assert texts(hand.cards(0)) == ["9C", "TC", "JC", "QC", "KC", "AS"]
    assert texts(hand.legal_actions()) == [f"discard {c}" for c in texts(hand.cards(0))]
    hand.push("0 discard 9C")
    assert texts(hand.cards(0)) == ["TC", "JC", "QC", "KC", "AS"]
    assert Card.parse("9C") in hand.kitty and Card.parse("AS") not in hand.kitty
    assert hand.trump is Suit.SPADES and hand.maker == 1
    assert hand.phase is Phase.MAKER_CHOICE and hand.to_act == 1


def test_R8_dealer_may_discard_the_upcard() -> None:
    hand = suited("AS", dealer=2)
    push_all(hand, ["0 order", "2 pickup", "2 discard AS"])
    assert texts(hand.cards(2)) == SUITED[2].split()
    assert Card.parse("AS") in hand.kitty
    assert hand.trump is Suit.SPADES and hand.maker == 0
    assert hand.phase is Phase.MAKER_CHOICE and hand.to_act == 0


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_R8_dealer_may_leave_the_upcard(dealer: int) -> None:
    hand = suited("AD", dealer=dealer)
    orderer = (dealer + 1) % 3
    push_all(hand, [f"{orderer} order", f"{dealer} leave"])
    assert not hand.upcard_taken
    assert texts(hand.cards(dealer)) == SUITED[dealer].split()
    assert Card.parse("AD") in hand.kitty
    assert hand.trump is Suit.DIAMONDS  # the suit stands
    assert hand.maker == orderer
    assert hand.phase is Phase.MAKER_CHOICE and hand.to_act == orderer
    assert hand.dealer_discard is None


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_R8_dealer_who_ordered_must_take_it(dealer: int) -> None:
    hand = suited("AH", dealer=dealer)
    all_but_dealer = [f"{(dealer + 1) % 3} pass", f"{(dealer + 2) % 3} pass"]
    push_all(hand, [*all_but_dealer, f"{dealer} order"])
    assert hand.phase is Phase.DISCARD and hand.to_act == dealer
    assert hand.upcard_taken and Card.parse("AH") in hand.cards(dealer)
    for action in ("pickup", "leave"):
        assert not hand.is_legal(action)
        with pytest.raises(IllegalActionError, match="discard"):
            hand.push(action)
    assert all(a.startswith("discard ") for a in texts(hand.legal_actions()))


@pytest.mark.parametrize("orderer", [1, 2, 0])
def test_R8_dealer_must_pick_up_variant(orderer: int) -> None:
    rules = Rules(dealer_must_pick_up=True)
    hand = suited("AS", rules=rules, dealer=0)
    while hand.to_act != orderer:
        hand.push("pass")
    hand.push("order")
    assert hand.phase is Phase.DISCARD and hand.to_act == 0
    assert hand.upcard_taken
    assert texts(hand.legal_actions()) == [f"discard {c}" for c in texts(hand.cards(0))]
    assert len(hand.cards(0)) == 6
    assert not hand.is_legal("leave")
    hand.push("discard KC")
    assert hand.phase is Phase.MAKER_CHOICE and hand.to_act == orderer
    assert hand.trump is Suit.SPADES


def test_R8_only_the_dealer_picks_up() -> None:
    hand = suited("AS", dealer=0)
    hand.push("1 order")
    with pytest.raises(NotYourTurnError, match="seat 0's turn"):
        hand.push("1 pickup")
    with pytest.raises(NotYourTurnError):
        hand.push("2 leave")


def test_R8_pickup_without_dummy_goes_to_defenders() -> None:
    hand = suited("AS", rules=Rules(dummy=False), dealer=0)
    push_all(hand, ["1 pass", "2 order", "0 pickup", "0 discard 9C"])
    assert hand.phase is Phase.DEFENDER_CHOICE and hand.to_act == 0


# --- R9 second round ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("upcard", "forbidden"),
    [("AC", "C"), ("AD", "D"), ("AH", "H"), ("AS", "S"), ("JS", "S"), ("JD", "D"),
     ("9H", "H"), ("QC", "C")],
)
def test_R9_turned_down_suit_may_not_be_named(upcard: str, forbidden: str) -> None:
    # Build a deal around the up-card: seats hold the nines and tens of the other suits.
    rest = [str(c) for c in deck(24) if str(c) != upcard]
    hands = [" ".join(rest[0:5]), " ".join(rest[5:10]), " ".join(rest[10:15])]
    hand = make_hand(hands, upcard, dealer=1)
    all_pass_first_round(hand)
    allowed = {c for c in ALL_CALLS if c != f"call {forbidden}"} | {"pass"}
    for seat in (2, 0, 1):
        assert hand.to_act == seat
        assert set(texts(hand.legal_actions())) == allowed
        assert "order" not in texts(hand.legal_actions())
        before = snapshot(hand)
        with pytest.raises(IllegalActionError, match=f"{Suit.parse(forbidden).plural} was "
                                                     "turned down"):
            hand.push(f"call {forbidden}")
        assert snapshot(hand) == before
        hand.push("pass")
    assert hand.phase is Phase.THROWN_IN


def test_R9_jack_of_spades_turned_down_forbids_spades_not_clubs() -> None:
    hand = suited("JS", dealer=0)
    all_pass_first_round(hand)
    assert not hand.is_legal("call S")
    assert hand.is_legal("call C")
    hand.push("1 call C")
    assert hand.trump is Suit.CLUBS and hand.maker == 1


@pytest.mark.parametrize("upcard", ["AC", "JS", "AH", "AD", "9S"])
def test_R9_variant_may_name_turned_down_suit(upcard: str) -> None:
    rules = Rules(may_name_turned_down_suit=True)
    hand = suited(upcard, rules=rules, dealer=2)
    all_pass_first_round(hand)
    assert set(texts(hand.legal_actions())) == ALL_CALLS | {"pass"}
    suit = upcard[-1]
    hand.push(f"0 call {suit}")
    assert hand.trump is Suit.parse(suit) and hand.maker == 0


@pytest.mark.parametrize(("dealer", "caller", "suit"), [(0, 1, "H"), (0, 2, "D"), (0, 0, "C"),
                                                        (1, 2, "C"), (2, 1, "H")])
def test_R9_first_to_name_a_suit_is_maker(dealer: int, caller: int, suit: str) -> None:
    hand = suited("AS", dealer=dealer)
    all_pass_first_round(hand)
    while hand.to_act != caller:
        hand.push("pass")
    hand.push(f"{caller} call {suit}")
    assert hand.maker == caller
    assert hand.trump is Suit.parse(suit)
    assert not hand.upcard_taken
    assert [texts(hand.cards(s)) for s in range(3)] == [s.split() for s in SUITED]
    assert hand.phase is Phase.MAKER_CHOICE and hand.to_act == caller


# --- R10 thrown in ----------------------------------------------------------------------


def test_R10_all_pass_twice_is_thrown_in() -> None:
    hand = suited("AS", dealer=1)
    for _ in range(6):
        hand.push("pass")
    assert hand.phase is Phase.THROWN_IN
    assert hand.is_over and hand.to_act is None
    assert hand.legal_actions() == []
    result = hand.result
    assert result is not None and result.thrown_in
    assert result.points == (0, 0, 0) and result.maker is None and result.dealer == 1
    with pytest.raises(GameOverError):
        hand.push("pass")


def test_R10_thrown_in_game_scores_nothing_and_next_dealer_deals() -> None:
    game = Game(first_dealer=2)
    hand = game.deal(make_deal(game.rules, SUITED, "AS"))
    for _ in range(6):
        game.push("pass")
    assert hand.is_over and game.needs_deal and not game.is_over
    assert game.scores == (0, 0, 0)
    assert game.deal(make_deal(game.rules, SUITED, "AD")).dealer == 0


@pytest.mark.parametrize(
    ("rules", "upcard", "dealer_legal"),
    [
        (Rules(stick_the_dealer=True), "AS", {"call C", "call D", "call H"}),
        (Rules(stick_the_dealer=True), "AC", {"call D", "call H", "call S"}),
        (Rules(stick_the_dealer=True, may_name_turned_down_suit=True), "AS", ALL_CALLS),
        (Rules.preset("stick"), "AH", {"call C", "call D", "call S"}),
    ],
)
def test_R10_stick_the_dealer(rules: Rules, upcard: str, dealer_legal: set[str]) -> None:
    hand = suited(upcard, rules=rules, dealer=0)
    all_pass_first_round(hand)
    push_all(hand, ["1 pass", "2 pass"])  # the others may still pass
    assert hand.to_act == 0
    assert set(texts(hand.legal_actions())) == dealer_legal
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="dealer and must name a suit"):
        hand.push("0 pass")
    assert snapshot(hand) == before
    call = sorted(dealer_legal)[0]
    hand.push(call)
    assert hand.maker == 0 and hand.phase is Phase.MAKER_CHOICE


def test_R10_without_stick_the_dealer_may_pass() -> None:
    hand = suited("AS", dealer=0)
    all_pass_first_round(hand)
    push_all(hand, ["1 pass", "2 pass"])
    assert "pass" in texts(hand.legal_actions())


@pytest.mark.parametrize("stick", [False, True], ids=["may pass", "stick the dealer"])
def test_R10_a_move_of_another_stage_in_round_two_says_whether_the_dealer_is_stuck(
        stick: bool) -> None:
    """The refusal of a move of another stage names the second round's moves; only a
    dealer stuck under stick the dealer is told he must name trump, not the seats
    before him, and never under the standard rules."""
    hand = suited("AS", rules=Rules(stick_the_dealer=stick), dealer=0)
    all_pass_first_round(hand)
    for seat in (1, 2, 0):  # the dealer's left, then the dealer
        stuck = stick and seat == 0
        for verb in ("order", "pickup"):
            with pytest.raises(IllegalActionError) as refused:
                hand.push(f"{seat} {verb}")
            said = str(refused.value)
            assert said.startswith(f"{verb} is not possible now: it is the second bidding round")
            assert ("the dealer is stuck: he must name trump (call SUIT)" in said) is stuck
            assert ("(pass or call SUIT)" in said) is not stuck
        if seat != 0:
            hand.push(f"{seat} pass")


def test_R7_going_alone_asked_while_bidding_is_told_when_it_comes() -> None:
    """A four-handed player's "alone" as he bids is told it comes after the bidding and
    the dealer's pick-up; a bid of the wrong round is told the round only."""
    hand = suited("AS", dealer=0)
    hint = "; going alone comes after the bidding and the dealer's pick-up"
    with pytest.raises(IllegalActionError) as alone:
        hand.push("1 alone")
    assert hint in str(alone.value)
    with pytest.raises(IllegalActionError) as call:
        hand.push("1 call C")
    assert str(call.value) == ("call is not possible now: it is the first bidding round "
                               "(pass or order)")
