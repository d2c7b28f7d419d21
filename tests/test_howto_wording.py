"""How to play (src/cutthroat/howto.py), its wording in every variant: the second
round's sentence reads whole (R9, R10), the "Maker and defenders" section never says
"Then" after nothing (R5, R12, R13), and the summary line leaves out a setting that does
not apply (R5: ``maker_alone_march`` without a dummy)."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings

from cutthroat.howto import how_to_play, how_to_play_text, stakes
from cutthroat.phases import Phase
from cutthroat.rules import PRESETS, Rules
from test_cli import invoke
from test_howto import rules_strategy

SECOND_ROUND = {
    (True, True): "may name any suit as trump, the turned-down one included, or pass; "
                  "the dealer, though, may not pass: he must name a suit.",
    (True, False): "may name any suit as trump, the turned-down one included, or pass; "
                   "if all pass again, the hand is thrown in.",
    (False, True): "may name a suit other than the turned-down one as trump or pass; "
                   "the dealer, though, may not pass: he must name a suit.",
    (False, False): "may name a suit other than the turned-down one as trump or pass; "
                    "if all pass again, the hand is thrown in.",
}


def _section(rules: Rules, title: str) -> str:
    return " ".join(dict(how_to_play(rules))[title])


@pytest.mark.parametrize(("may_name", "stick"), list(itertools.product([True, False],
                                                                        repeat=2)))
def test_rules_text_R9_R10_the_second_round_reads_whole(may_name: bool, stick: bool
                                                        ) -> None:
    for dummy in (True, False):
        rules = Rules(may_name_turned_down_suit=may_name, stick_the_dealer=stick,
                      dummy=dummy)
        bidding = dict(how_to_play(rules))["Bidding"]
        assert bidding[0].endswith(
            "If all three pass, the up-card is turned down and each in turn, from the "
            f"dealer's left again, {SECOND_ROUND[may_name, stick]}"), bidding
        assert bidding[1] == ("Mind whom an order helps: when another player deals, "
                              "ordering up lets him take the up-card, a trump, into his "
                              "hand.")
        bidding = " ".join(bidding)
        assert "included as trump" not in bidding


def test_rules_text_R5_R12_R13_then_follows_the_makers_choice_or_is_not_said() -> None:
    with_dummy = _section(Rules(), "Maker and defenders")
    assert ("or goes alone without it (it stays face down). Then each defender in turn"
            in with_dummy)
    without = _section(Rules(dummy=False), "Maker and defenders")
    assert "Then" not in without and "then sits" in without
    assert without == (
        "Whoever makes trump is the maker and plays against the other two, who defend "
        "together for this hand only. Once trump is made, each defender in turn, from "
        "the maker's left, may defend alone: his partner then sits the hand out, cards "
        "face down, but still scores with him.")


def test_rules_text_R5_the_deal_reads_whole_with_and_without_a_dummy() -> None:
    assert ("Each player gets five cards, five more go to the dummy (a hand that belongs "
            "to nobody), and the rest (4 cards) form the kitty" in _section(Rules(), "The deal"))
    assert ("Each player gets five cards and the rest (9 cards) form the kitty"
            in _section(Rules(dummy=False), "The deal"))
    assert "the rest (12 cards)" in _section(Rules(deck=32), "The deal")  # R5
    assert "the rest (5 cards)" in _section(Rules(deck=25), "The deal")


def test_rules_text_R4_R12_R21_who_deals_first_and_what_going_alone_pays() -> None:
    """A newcomer asked who deals first, and why anybody would go alone: under the
    standard rules a lone maker scores as one with the dummy."""
    deal = _section(Rules(), "The deal")
    assert ("The first dealer is drawn at random, and the deal passes to the left after "
            "every hand, a thrown-in one too.") in deal
    standard = dict(how_to_play(Rules()))["Maker and defenders"]
    assert standard[1].startswith("Under these rules a maker alone scores no more than "
                                  "one with the dummy")
    lone = dict(how_to_play(Rules(maker_alone_march=5)))["Maker and defenders"]
    assert lone[1].startswith("A maker who goes alone scores as one with the dummy but "
                              "for a march: 5 points instead of 3 points.")  # R19: made
    # for 1 point alone too ("pays only for a march" read as no point for 3 tricks)
    assert len(dict(how_to_play(Rules(dummy=False)))["Maker and defenders"]) == 1


def test_rules_text_R5_R19_no_lone_march_in_the_summary_without_a_dummy() -> None:
    rules = Rules(deck=32, dummy=False, may_name_turned_down_suit=True,
                  stick_the_dealer=True, maker_alone_march=4)
    header = how_to_play_text(rules).splitlines()[1]
    assert header == ("Rules: 32 cards, no dummy, turned-down suit may be named, stick "
                      "the dealer, march 3, to 10, ties play on")
    with_dummy = how_to_play_text(Rules(maker_alone_march=4)).splitlines()[1]
    assert "lone march 4" in with_dummy
    assert rules.describe() == header.removeprefix("Rules: ")  # every screen's summary


def test_rules_text_R5_the_command_of_the_report() -> None:
    done = invoke("rules", "--set", "deck=32", "--set", "dummy=false", "--set",
                  "may_name_turned_down_suit=true", "--set", "stick_the_dealer=true",
                  "--set", "maker_alone_march=4")
    assert done.exit_code == 0, done.output
    flat = " ".join(done.stdout.split())
    assert "lone march" not in flat and "for a maker who went alone" not in flat
    assert "may name any suit as trump, the turned-down one included, or pass;" in flat
    assert "Then each defender" not in flat


@settings(max_examples=150, deadline=None)
@given(rules=rules_strategy)
def test_rules_text_R5_R9_R10_R19_every_variant_reads_cleanly(rules: Rules) -> None:
    text = how_to_play_text(rules, width=10_000)
    flat = " ".join(text.split())
    assert ("lone march" in text.splitlines()[1]) == (
        rules.dummy and rules.maker_alone_march is not None)
    assert ("went alone" in _section(rules, "Scoring")) == (
        rules.dummy and rules.lone_march_points != rules.march_points)
    assert not re.search(r" [,;.:]|,,|\.\.|[,;] *[.;]", flat), flat
    assert "included as trump" not in flat
    maker = _section(rules, "Maker and defenders")
    assert maker.count("Then ") == rules.dummy


def test_every_preset_summary_is_its_describe_line() -> None:
    """No preset carries a setting that does not apply: the summary is describe()'s."""
    for rules in PRESETS.values():
        assert how_to_play_text(rules).splitlines()[1] == f"Rules: {rules.describe()}"


@settings(max_examples=150, deadline=None)
@given(rules=rules_strategy)
def test_R7_R9_R12_R13_R19_R21_stakes_follow_the_rules_in_force(rules: Rules) -> None:
    """What a choice leads to (``stakes``, beside the prompt) says the points of the
    rules in force: a maker's march (R19), a lone maker's (R12), the euchre's 2 (R20),
    a lone defender's 2 and 4 (R21); who may pass in the second round (R10); whether the
    dealer may take the up-card after an order (R8). Nothing for a card to play."""
    march = f"{rules.march_points} point{'' if rules.march_points == 1 else 's'}"
    for phase in Phase:
        for dealer in (False, True):
            text = stakes(rules, phase, dealer=dealer)
            never = ((phase in (Phase.MAKER_CHOICE, Phase.KEEP) and not rules.dummy)
                     or (phase is Phase.PICKUP and rules.dealer_must_pick_up)
                     or (phase is Phase.JOKER_TRUMP and rules.deck != 25))
            if phase in (Phase.PLAY, Phase.DISCARD, Phase.OVER, Phase.THROWN_IN) or never:
                assert text == ""  # (R5, R6, R8: no such decision under these rules)
                continue
            assert text.endswith(".") and not re.search(r" [,;.:]|\.\.", text), text
            if phase in (Phase.BID_FIRST, Phase.BID_SECOND, Phase.JOKER_TRUMP):
                lone = (f", {rules.lone_march_points} point" if rules.dummy
                        and rules.lone_march_points != rules.march_points else "")
                made = ("(1 point, all five too)" if rules.march_points == 1 and not lone
                        else f"(1 point; {march} for all five{lone}")
                assert f"you need 3 of the 5 tricks {made}" in text, text
                assert ("each of them scores 2 points (4 if one defends alone and takes "
                        "all five)") in text  # R20, R21
    assert ("may then take" in stakes(rules, Phase.BID_FIRST)) != rules.dealer_must_pick_up
    assert "fewer than 3, and the maker scores" in stakes(rules, Phase.DEFENDER_CHOICE)
    assert stakes(rules, Phase.BID_FIRST, dealer=True).startswith("Accepting ")
    second = {dealer: stakes(rules, Phase.BID_SECOND, dealer=dealer) for dealer in (0, 1)}
    assert ("thrown in" in second[0]) == ("thrown in" in second[1]) == (
        not rules.stick_the_dealer)
    assert ("you must call" in second[1]) == rules.stick_the_dealer
    # R9: the suit turned down, which the second round's buttons leave out unless allowed
    assert second[0].startswith("Calling any suit, the one turned down too, makes it trump"
                                if rules.may_name_turned_down_suit else
                                "Calling a suit other than the one turned down makes it trump")
    alone = stakes(rules, Phase.MAKER_CHOICE)
    if rules.dummy:
        assert ("pays no more" in alone) == (rules.lone_march_points == rules.march_points)
        assert f"{rules.lone_march_points} point" in alone
    lone_defence = stakes(rules, Phase.DEFENDER_CHOICE)
    assert "each of you scores 2 points, all five and each scores 4" in lone_defence
