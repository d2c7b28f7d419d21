"""The hand a reason before play is weighed on (R3, R7–R13): the trumps and aces the
seat holds for the trump an order or a call would make, or plays under, said as the
cards really are, and nothing of a card the seat may not see (R14)."""

from __future__ import annotations

import re

from hypothesis import given, settings

from cutthroat import Action, Card, Hand, Phase, Rules
from cutthroat.actions import Verb
from cutthroat.bots.play_reasons import holding
from cutthroat.bots.reasons import explain
from cutthroat.cards import trump_order
from strategies import Playthrough, playthroughs
from test_hint_reasons import option, played

_WORDS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
          "seven": 7}
_SAID = re.compile(
    r"^, (?P<how>holding|which gives you) (?:no trump|(?P<n>\w+) trumps? \((?P<names>[^)]*)\))"
    r"(?: (?P<but>and|but) (?:an ace|(?P<aces>\w+) aces))?"
    r"(?P<dummy>, with the dummy's five cards to take)?$")


def _name(card: Card, trump: Card) -> str:
    """A trump as the reason names it, worked out here from the cards alone (R3)."""
    if card.is_joker:
        return "the joker"
    if card.rank is not None and card.rank.name == "JACK":
        return "the right bower" if card.suit == trump.suit else "the left bower"
    return str(card)


def _expected(hand: Hand, action: Action) -> tuple[list[Card], bool, bool] | None:
    """The cards the seat to act would hold under the trump of ``action``, whether the
    up-card joins them, and whether the action makes this seat the maker; ``None``
    where the reason says nothing of the hand."""
    seat, phase, verb = hand.to_act, hand.phase, action.verb
    assert seat is not None
    cards = list(hand.view(seat).cards)
    up = hand.upcard
    if phase is Phase.BID_FIRST and verb is Verb.ORDER:
        takes = seat == hand.dealer
        return ([*cards, up] if takes else cards), takes, True
    if phase is Phase.BID_SECOND and verb is Verb.CALL:
        return cards, False, True
    if phase is Phase.PICKUP and verb is Verb.PICKUP:
        return [*cards, up], True, False
    if phase is Phase.PICKUP and verb is Verb.LEAVE:
        return cards, False, False
    if (phase, verb) in ((Phase.MAKER_CHOICE, Verb.DUMMY), (Phase.MAKER_CHOICE, Verb.ALONE),
                         (Phase.DEFENDER_CHOICE, Verb.ALONE),
                         (Phase.DEFENDER_CHOICE, Verb.PASS)):
        return cards, False, False
    return None


def _trump_of(hand: Hand, action: Action) -> Card:
    """A card of the trump suit ``action`` makes or plays under (for its suit)."""
    if hand.phase is Phase.BID_FIRST:
        return hand.upcard
    if hand.phase is Phase.BID_SECOND:
        assert action.suit is not None
        return Card.parse("A" + "CDHS"[int(action.suit)])
    assert hand.trump is not None
    return Card.parse("A" + "CDHS"[int(hand.trump)])


@settings(max_examples=150, deadline=None)
@given(line=playthroughs())
def test_R3_R7_R13_the_hand_said_is_the_seats_own_trumps_and_aces(line: Playthrough) -> None:
    """At every decision before play, for every legal action: the trumps named are
    exactly the seat's (with the up-card where it would be his, R8), highest first, the
    left bower and the joker among them (R3); the aces are those of other suits; the
    dummy is said only for a bid that makes trump with fewer than three trumps under
    rules with a dummy (R5, R12); and nothing is said of other moves, or of a trump
    named blind (R6)."""
    for hand, _ in line.states():
        if hand.is_over or hand.phase is Phase.PLAY:
            continue
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        for action in hand.legal_actions():
            said = holding(view, action)
            expected = _expected(hand, action)
            if expected is None:
                assert said == "", (hand.phase, action, said)
                continue
            cards, takes, makes = expected
            trump = _trump_of(hand, action)
            order = trump_order(trump.suit, hand.rules.deck)  # type: ignore[arg-type]
            trumps = sorted((c for c in cards if c in order), key=order.index)
            aces = [c for c in cards if c not in order and c.rank is not None
                    and c.rank.name == "ACE"]
            match = _SAID.match(said)
            assert match, said
            assert match["how"] == ("which gives you" if takes else "holding"), said
            if trumps:
                assert _WORDS[match["n"]] == len(trumps), said
                names = [_name(c, trump) for c in trumps]
                listed = names[0] if len(names) == 1 else \
                    f"{', '.join(names[:-1])} and {names[-1]}"
                assert match["names"] == listed, said
            else:
                assert match["n"] is None, said
            assert match["but"] in (None, "but" if not trumps else "and"), said
            assert (0 if "ace" not in said else _WORDS.get(match["aces"] or "one")) \
                == len(aces), said
            assert bool(match["dummy"]) == (makes and hand.rules.dummy and len(trumps) < 3), said


def test_R8_the_dealers_order_counts_the_up_card_as_his() -> None:
    hand = played(4, "1 pass", "2 pass")  # dealer 0: TC QD QH QS KS, the JD turned up
    view = hand.view(0)
    assert holding(view, Action.parse("order")) == (
        ", which gives you two trumps (the right bower and QD), with the dummy's five "
        "cards to take")
    reason = explain(view, [option("order", 0.5, made=0.8, euchred=0.2),
                            option("pass", 0.4, stopped=0.5, conceded=0.5)])
    assert reason.startswith("picking up the JD, which gives you two trumps (the right "
                             "bower and QD), with the dummy's five cards to take: you make "
                             "it in 80% of the deals sampled"), reason


def test_R8_a_defending_dealers_pick_up_says_what_it_gives_him_and_leaving_what_he_holds() -> None:
    hand = played(4, "1 order")
    view = hand.view(0)
    assert view.phase is Phase.PICKUP
    assert holding(view, Action.parse("pickup")) == \
        ", which gives you two trumps (the right bower and QD)"
    assert holding(view, Action.parse("leave")) == ", holding one trump (QD)"
    reason = explain(view, [option("pickup", 0.4, stopped=0.35, conceded=0.65),
                            option("leave", 0.3, stopped=0.15, conceded=0.85)])
    assert reason.startswith("picking up the JD, which gives you two trumps (the right "
                             "bower and QD): the maker is euchred in 35% of the deals "
                             "sampled, against 15% after leaving the JD"), reason


def test_R9_a_call_names_the_trumps_of_the_suit_called() -> None:
    hand = played(4, "1 pass", "2 pass", "0 pass")  # seat 1: KC AH 9S TS JS
    view = hand.view(1)
    assert holding(view, Action.parse("call S")) == \
        ", holding three trumps (the right bower, TS and 9S) and an ace"
    assert holding(view, Action.parse("call C")) == (  # the JS is the left bower
        ", holding two trumps (the left bower and KC) and an ace, with the dummy's five "
        "cards to take")
    reason = explain(view, [option("pass", 0.4, stopped=0.4, conceded=0.6),
                            option("call C", 0.3, made=0.3, euchred=0.7)])
    assert reason.startswith("passing: were you to call clubs, holding two trumps (the left bower "
                             "and KC) and an ace, with the dummy's five cards to take, you "
                             "would be euchred in 70%"), reason


def test_R5_without_a_dummy_no_dummy_is_promised() -> None:
    hand = Hand.deal(Rules(dummy=False), dealer=0, seed=4)
    said = holding(hand.view(2), Action.parse("order"))
    assert said.startswith(", holding") and "dummy" not in said, said


def test_R6_a_trump_named_blind_says_nothing_of_the_hand() -> None:
    rules = Rules(deck=25)
    for seed in range(500):
        hand = Hand.deal(rules, dealer=0, seed=seed)
        if hand.phase is Phase.JOKER_TRUMP:
            break
    else:
        raise AssertionError("no joker turned up in 500 deals")
    view = hand.view(0)
    assert all(holding(view, a) == "" for a in hand.legal_actions())
