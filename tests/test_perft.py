"""Perft: brute-force counts of the legal action tree, checked against counts derived
by hand from RULES.md.

``perft`` walks every distinct legal action sequence (DFS with push/pop over
``legal_action_ids()``) from a position to a stopping point: for the bidding counts,
the first moment the phase is PLAY or the hand is thrown in; for the trick counts, the
end of the hand.

Hand derivation of the bidding counts (every constant below comes from these lines).
Seats in bidding order: L1 (dealer's left), L2, D (dealer).

* After trump is fixed, the tail T (R12, R13):
  maker ``dummy`` then ``keep`` (C(10, 5) = 252 ways: his five cards and the dummy's
  five are always ten different cards) or ``alone`` (1): 253 ways; then the defenders
  (R13): the first goes ``alone`` (1, his partner then takes no decision) or passes and
  the second goes ``alone`` or passes (2): 3 ways. With a dummy T = 253 × 3 = 759;
  with ``dummy = false`` there is no maker's choice (R5): T = 3.
* First round (R7, R8): L1 ``order`` → the dealer ``pickup`` then ``discard`` (6 cards:
  his five and the up-card) or ``leave``: 6 + 1 = 7 ways, then T: 7T. L1 passes and L2
  orders: 7T. L1, L2 pass and D orders: he must take the card, no pick-up decision,
  only the discard: 6T. With ``dealer_must_pick_up`` every order gives 6T.
* Second round (R9, R10): each seat in turn may name one of the 3 suits other than the
  turned-down one (4 with ``may_name_turned_down_suit``) or pass: 3T + 3T + 3T, plus 1
  sequence where all pass and the hand is thrown in, none with ``stick_the_dealer``.
* Standard: 7T + 7T + 6T + 9T + 1 = 29T + 1.
* Joker turned up (R6): no bidding; the dealer names one of 4 suits, then discards one
  of 6 cards (his five and the joker): 4 × 6 × T = 24T.

None of these counts depends on which cards were dealt (only on whether the joker is
the up-card), so two different standard deals must give the same number.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable

import pytest

from cutthroat import Deal, Hand, Phase, Rules

# --- the deals (explicit) ---------------------------------------------------------------

# Hand 0 of examples/01-standard-full-game.json.
STD_A = (["9D KS KH TD 9H", "JC TH 9C AD JD", "QC QS AH TC QD"],
         "QH AS TS KC", "9S JS JH KD AC")
# Hand 1 of the same record.
STD_B = (["9H JS AC KD QH", "JD TC AH 9C QS", "TD JC KS QD KC"],
         "TH AD TS JH", "9D QC AS KH 9S")
# 25 cards, the joker turned up (hand 1 of examples/05-joker-turned-up.json).
BENNY_UP = (["9C KC AH KS QC", "QD 9D JS TH TS", "AC KH TC JH AD"],
            "JO JC JD 9H QS", "TD AS 9S QH KD")
# 25 cards, the joker in the dummy, the up-card TH (hand 0 of the same record).
BENNY_DOWN = (["TS 9S QH KD 9H", "QC JS AC QD KS", "JC KH 9D JH JD"],
              "TH 9C TC AD KC", "AH JO QS TD AS")
# 32 cards, up-card JH.
LONG = (["7C 8D 9H TS JC", "QD KH AS 7D 8H", "9S TC JD QH KS"],
        "JH QS KC AD 7S 8C 9D TH JS QC KD AH", "AC 7H 8S 9C TD")
# 32 cards without a dummy (the kitty holds the other 17), up-card AC.
LONG_NO_DUMMY = (["7C 8D 9H TS JC", "QD KH AS 7D 8H", "9S TC JD QH KS"],
                 "AC 7H 8S 9C TD JH QS KC AD 7S 8C 9D TH JS QC KD AH", "")
# 24 cards without a dummy, up-card QH.
NO_DUMMY = (["9C TD JH QS KC", "AD 9H TS JC QD", "KH AS 9D TC JS"],
            "QH KD AH 9S QC AC TH KS JD", "")
# 25 cards without a dummy, the joker turned up.
NO_DUMMY_BENNY_UP = (["9C TD JH QS KC", "AD 9H TS JC QD", "KH AS 9D TC JS"],
                     "JO QH KD AH 9S QC AC TH KS JD", "")

DealText = tuple[list[str], str, str]


def make(rules: Rules, cards: DealText, dealer: int) -> Hand:
    """A hand from an explicit deal: three hands, the kitty (up-card first), the dummy."""
    hands, kitty, dummy = cards
    deal = Deal.from_cards(rules, [h.split() for h in hands], kitty.split(), dummy.split())
    return Hand(rules, deal, dealer)


def _bidding_done(hand: Hand) -> bool:
    return hand.phase in (Phase.PLAY, Phase.THROWN_IN)


def perft(
    hand: Hand,
    done: Callable[[Hand], bool] = _bidding_done,
    leaves: Counter[Hashable] | None = None,
    key: Callable[[Hand], Hashable] | None = None,
) -> int:
    """The number of distinct legal action sequences from ``hand`` until ``done(hand)``
    (or the hand is over); the hand is left as it was. With ``leaves``, each final
    position's ``key(hand)`` is counted there."""
    if done(hand) or hand.is_over:
        if leaves is not None:
            assert key is not None
            leaves[key(hand)] += 1
        return 1
    before = len(hand.moves)
    total = 0
    for aid in list(hand.legal_action_ids()):
        hand.apply_id(aid)
        total += perft(hand, done, leaves, key)
        hand.pop()
    assert len(hand.moves) == before
    return total


T_DUMMY = (252 + 1) * 3  # = 759
T_NO_DUMMY = 3

# (case id, rules, deal, dealer, expected count: the hand arithmetic)
BIDDING_CASES = [
    # 29T + 1 = 29 × 759 + 1
    ("standard", Rules(), STD_A, 0, 22012),
    # same rules, another deal and dealer: the count does not depend on the cards
    ("standard-other-deal", Rules(), STD_B, 1, 22012),
    # stick the dealer (R10): no thrown-in sequence: 29T = 29 × 759
    ("stick_the_dealer", Rules(stick_the_dealer=True), STD_A, 0, 22011),
    # dealer must pick up (R8): 6T + 6T + 6T + 9T + 1 = 27T + 1 = 27 × 759 + 1
    ("dealer_must_pick_up", Rules(dealer_must_pick_up=True), STD_A, 0, 20494),
    # may name the turned-down suit (R9): 7T + 7T + 6T + 12T + 1 = 32T + 1 = 32 × 759 + 1
    ("may_name_turned_down_suit", Rules(may_name_turned_down_suit=True), STD_A, 2, 24289),
    # all three: 6T + 6T + 6T + 12T = 30T = 30 × 759
    ("all-three-variants",
     Rules(stick_the_dealer=True, dealer_must_pick_up=True, may_name_turned_down_suit=True),
     STD_A, 0, 22770),
    # no dummy (R5): T = 3, 29T + 1 = 29 × 3 + 1
    ("no-dummy", Rules(dummy=False), NO_DUMMY, 1, 88),
    # no dummy, stick the dealer: 29 × 3
    ("no-dummy-stick", Rules(dummy=False, stick_the_dealer=True), NO_DUMMY, 2, 87),
    # deck 25, joker turned up (R6): 4 suits × 6 discards × T = 24 × 759
    ("benny-joker-up", Rules(deck=25), BENNY_UP, 0, 18216),
    # the bidding variants play no part when the joker is up: still 24 × 759
    ("benny-joker-up-variants",
     Rules(deck=25, stick_the_dealer=True, dealer_must_pick_up=True,
           may_name_turned_down_suit=True), BENNY_UP, 1, 18216),
    # deck 25, joker up, no dummy: 4 × 6 × 3
    ("benny-joker-up-no-dummy", Rules(deck=25, dummy=False), NO_DUMMY_BENNY_UP, 2, 72),
    # deck 25, joker not the up-card: as standard, 29 × 759 + 1
    ("benny-joker-down", Rules(deck=25), BENNY_DOWN, 2, 22012),
    # deck 32: as standard (still 6 discards, 252 keeps), 29 × 759 + 1
    ("long-deck", Rules(deck=32), LONG, 2, 22012),
    # deck 32, no dummy: 29 × 3 + 1
    ("long-deck-no-dummy", Rules(deck=32, dummy=False), LONG_NO_DUMMY, 0, 88),
]


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
@pytest.mark.parametrize(("rules", "cards", "dealer", "expected"),
                         [case[1:] for case in BIDDING_CASES],
                         ids=[case[0] for case in BIDDING_CASES])
def test_perft_bidding(rules: Rules, cards: DealText, dealer: int, expected: int) -> None:
    """R6–R13: the number of decision sequences from the deal to trick play (or the
    throw-in) equals the count derived by hand."""
    hand = make(rules, cards, dealer)
    assert perft(hand) == expected
    assert hand.moves == [] and hand.phase in (Phase.BID_FIRST, Phase.JOKER_TRUMP)


def test_perft_divide_standard() -> None:
    """R7–R10 split: by the first decision, by how the bidding ends, and by maker.

    Dealer 0, so L1 = 1, L2 = 2, D = 0. L1 ``order``: 7T = 5313; L1 ``pass``:
    7T + 6T + 9T + 1 = 22T + 1 = 16699. Thrown in: exactly 1 sequence. By maker: seat 1
    orders (7T) or names a suit (3T): 10T = 7590; seat 2 the same, 7590; the dealer
    orders (6T) or names (3T): 9T = 6831; 7590 + 7590 + 6831 + 1 = 22012.
    """
    hand = make(Rules(), STD_A, 0)
    divide = {}
    for aid in list(hand.legal_action_ids()):
        move = hand.push_id(aid)
        divide[str(move)] = perft(hand)
        hand.pop()
    assert divide == {"1 pass": 22 * T_DUMMY + 1, "1 order": 7 * T_DUMMY}
    leaves: Counter[Hashable] = Counter()
    perft(hand, leaves=leaves, key=lambda h: (h.phase.name, h.maker))
    assert leaves == {
        ("PLAY", 1): 10 * T_DUMMY,
        ("PLAY", 2): 10 * T_DUMMY,
        ("PLAY", 0): 9 * T_DUMMY,
        ("THROWN_IN", None): 1,
    }


def test_perft_R12_R13_alone_split() -> None:
    """R12, R13 split of one tail T, after ``1 order`` and ``0 leave``: nobody alone
    252 (dummy, keep, both defenders pass); defender 2 alone 252; defender 0 alone 252;
    the maker alone 1, with defender 2 alone 1, with defender 0 alone 1. Total 759."""
    hand = make(Rules(), STD_A, 0)
    hand.push("1 order")
    hand.push("0 leave")
    leaves: Counter[Hashable] = Counter()
    assert perft(hand, leaves=leaves, key=lambda h: (h.alone, h.sitting_out)) == T_DUMMY
    assert leaves == {
        ((), None): 252,
        ((2,), 0): 252,
        ((0,), 2): 252,
        ((1,), None): 1,
        ((1, 2), 0): 1,
        ((0, 1), 2): 1,
    }


# --- trick play (R15–R17) -----------------------------------------------------------------

# Standard rules, dealer 0, up-card 9H. Seat 1 orders hearts and goes alone (so seat 2
# leads, R15); nobody sits out.
TRICK_DEAL = (["TH TS AS KC 9D", "JH JD AH KS AC", "QH 9S QS 9C TD"],
              "9H AD KD QD", "KH JS JC QC TC")
TRICK_BIDDING = ["1 order", "0 leave", "1 alone", "2 pass", "0 pass"]
# Trick 1: clubs led, everyone follows, AC (seat 1) wins. Trick 2: seat 1 leads the
# right bower, both defenders must follow with their one heart.
TWO_TRICKS = ["2 play 9C", "0 play KC", "1 play AC", "1 play JH", "2 play QH", "0 play TH"]


def test_perft_R16_R17_after_two_tricks() -> None:
    """Seat 1 (to lead) holds JD AH KS (JD is the left bower, a heart), seat 2 holds
    9S QS TD, seat 0 TS AS 9D; neither defender has a trump.

    * Lead JD: each defender has no trump and plays any of 3 (3 × 3 pairs); seat 1 wins
      and holds AH KS. Trick 4, lead AH: 2 × 2 = 4 per pair, 9 × 4 = 36. Lead KS: each
      defender must follow spades: seat 2 keeps {QS,TD}→1, {9S,TD}→1, {9S,QS}→2 choices
      (4 over his 3 discards), seat 0 likewise {AS,9D}→1, {TS,9D}→1, {TS,AS}→2 (4):
      4 × 4 = 16. Trick 5 is forced. 36 + 16 = 52.
    * Lead AH: the same with JD for AH: 52.
    * Lead KS: seat 2 follows with 9S or QS (2), seat 0 with TS or AS (2).
      Seat 0 plays TS: seat 1 wins, leads one of his two trumps (2), each defender any
      of 2: 2 × 2 × 2 = 8, times seat 2's 2 choices = 16. Seat 0 plays AS: seat 0 wins
      and leads TS or 9D; seat 1 cannot follow either (JD is a heart) and plays any of
      2, seat 2 must follow (1): 2 × 2 = 4, times seat 2's 2 choices = 8. 16 + 8 = 24.

    Total 52 + 52 + 24 = 128.
    """
    hand = make(Rules(), TRICK_DEAL, 0)
    for move in TRICK_BIDDING + TWO_TRICKS:
        hand.push(move)
    assert hand.phase is Phase.PLAY and hand.to_act == 1 and len(hand.tricks) == 2
    assert perft(hand, done=lambda h: False) == 128


def test_perft_R16_R17_after_three_tricks() -> None:
    """After trick 3 (seat 1 leads JD, seat 2 TD, seat 0 9D: seat 1 wins) seat 1 holds
    AH KS, seat 2 9S QS, seat 0 TS AS. Lead AH: 2 × 2; lead KS: both must follow
    spades with either spade, 2 × 2. Trick 5 is forced. Total 8."""
    hand = make(Rules(), TRICK_DEAL, 0)
    for move in [*TRICK_BIDDING, *TWO_TRICKS, "1 play JD", "2 play TD", "0 play 9D"]:
        hand.push(move)
    assert len(hand.tricks) == 3 and hand.to_act == 1
    leaves: Counter[Hashable] = Counter()
    assert perft(hand, done=lambda h: False, leaves=leaves,
                 key=lambda h: h.result and h.result.points) == 8
    # Seat 1 (alone, 3 tricks already) marches for 3 points unless seat 0's AS takes
    # his KS: after a KS lead seat 0 plays AS in 2 of the 4 lines; after an AH lead seat 0
    # throws TS and keeps AS for the KS in 2 of the 4 lines. So 4 lines score 1, 4 score 3.
    assert leaves == {(0, 3, 0): 4, (0, 1, 0): 4}


def test_perft_R13_R15_lone_defender_after_two_tricks() -> None:
    """Seat 2 also goes alone (R13): seat 0 sits out and never acts; seat 2 leads
    (R15, the maker alone). After 9C/AC and JH/QH seat 1 holds JD AH KS, seat 2
    9S QS TD.

    * Lead JD: seat 2 has no trump, any of 3; then seat 1 leads AH (seat 2: 2 choices)
      or KS (seat 2 keeps {QS,TD}→1, {9S,TD}→1, {9S,QS}→2): (2+1) + (2+1) + (2+2) = 10.
    * Lead AH: likewise 10.
    * Lead KS: seat 2 follows with 9S or QS (2); seat 1 wins and leads either trump (2),
      seat 2 plays either card (2): 2 × 2 × 2 = 8.

    Total 28.
    """
    hand = make(Rules(), TRICK_DEAL, 0)
    for move in ["1 order", "0 leave", "1 alone", "2 alone",
                 "2 play 9C", "1 play AC", "1 play JH", "2 play QH"]:
        hand.push(move)
    assert hand.sitting_out == 0 and hand.to_act == 1
    seats: set[int] = set()

    def never(h: Hand) -> bool:
        if h.to_act is not None:
            seats.add(h.to_act)
        return False

    assert perft(hand, done=never) == 28
    assert seats == {1, 2}
