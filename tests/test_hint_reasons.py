"""The hint's reasons before play (R7–R13, R19–R21): what tends to follow each choice,
in a player's words, and what the score adds to it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import keep_views
from cutthroat import Action, Card, Hand, Phase, Rules, Suit
from cutthroat.bots.analysis import Analysis, Option, Outcomes, outcome_kind
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.hints import hint, hint_json, hint_lines
from cutthroat.bots.play_reasons import _unseen, describe_option
from cutthroat.bots.reasons import explain
from cutthroat.cards import EFF_SUIT, PLAIN_POWER, sort_cards, trump_order
from cutthroat.cli import app
from cutthroat.move_words import card_name
from cutthroat.scoring import trick_winner
from cutthroat.views import View

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"


def small(seed: int = 0) -> ExpertBot:
    """An expert with a small budget, for speed."""
    return ExpertBot(seed=seed, play_samples=4, bid_samples=6, keep_candidates=2)


def played(seed: int, *actions: str) -> Hand:
    """A hand dealt by seat 0 with ``actions`` (``"SEAT VERB ..."``) applied."""
    hand = Hand.deal(Rules(), dealer=0, seed=seed)
    for text in actions:
        seat, rest = text.split(" ", 1)
        hand.push(Action.parse(rest), int(seat))
    return hand


def option(text: str, value: float, **shares: float) -> Option:
    return Option(Action.parse(text), value, 0.0, 0.0, Outcomes(**shares))


def trick_positions(hands: int, seed: int, *, leading: bool = False) -> Iterator[View]:
    """The views of the seat to play, with a trick under way (or, ``leading``, to lead
    with a choice of cards), in ``hands`` hands of random play (dealt from seeds 0, 1,
    ...; the play drawn from ``seed``)."""
    rng = random.Random(seed)
    for deal in range(hands):
        hand = Hand.deal(Rules(), dealer=0, seed=deal)
        while not hand.is_over:
            view = hand.view(hand.to_act)  # type: ignore[arg-type]
            if view.phase is Phase.PLAY and (
                    len(view.legal) > 1 and not view.current_trick if leading
                    else bool(view.current_trick)):
                yield view
            hand.push(rng.choice(hand.legal_actions()))


def test_R15_a_forced_card_is_said_to_be_the_only_legal_card() -> None:
    """One card to play (the last, or the only one that follows suit): the reason says
    "the only legal card", as the intermediate's does (it said "the only legal action",
    the engine's word, in watch --explain and the hints); a single move of another kind,
    which no rule gives today, would be "the only legal move"."""
    import dataclasses

    forced = next(view for view in trick_positions(5, 1) if len(view.legal) == 1)
    analysis = small().analyse(forced)
    assert analysis.reason == "the only legal card"
    assert [str(o.action) for o in analysis.options] == list(forced.legal)
    bid = played(2).view(1)
    lone = dataclasses.replace(bid, legal=("pass",))
    assert small().analyse(lone).reason == "the only legal move"


def test_kind_sorts_every_ending_of_a_hand_R19_R20_R21() -> None:
    maker = 1
    assert [outcome_kind(1, maker, t) for t in (5, 4, 3, 2, 0)] == [1, 0, 0, 2, 2]
    assert [outcome_kind(0, maker, t) for t in (5, 4, 3, 2, 0)] == [4, 3, 3, 5, 7]
    assert outcome_kind(0, None, 0) == 6
    assert [Outcomes.__slots__[k] for k in (3, 4, 5, 7)] == [
        "stopped", "swept", "conceded", "marched_on"]
    mixed = Outcomes(made=0.2, marched=0.1, euchred=0.1, stopped=0.3, swept=0.1,
                     conceded=0.1, marched_on=0.1)
    assert mixed.make_rate == pytest.approx(0.75) and mixed.defence_rate == pytest.approx(2 / 3)
    assert Outcomes(thrown_in=1.0).make_rate == 0.0 == Outcomes().defence_rate


def test_outcomes_follow_the_seat_side_in_each_option_R7_R13() -> None:
    """Ordering makes the seat the maker on every sample; a defender's choice keeps it
    defending; card play shares add up; all as shares of the samples."""
    hand = played(4)
    view = hand.view(1, (0, 0, 0))
    analysis = small(1).analyse(view)
    by_action = {str(o.action): o.outcomes for o in analysis.options}
    assert by_action["order"].as_maker == pytest.approx(1.0)
    for outcome in by_action.values():
        assert sum(outcome.to_json().values()) == pytest.approx(1.0, abs=1e-3)
    hand = played(4, "1 order", "0 pickup")
    hand.push(Action.parse(f"discard {hand.view(0).cards[0]}"), 0)
    hand.push(Action.parse("dummy"), 1)
    keep = small(2).analyse(hand.view(1, (0, 0, 0)))
    assert keep.phase is Phase.KEEP and all(o.outcomes.as_maker == pytest.approx(1.0)
                                            for o in keep.options)
    hand.push(keep.best, 1)
    defence = small(3).analyse(hand.view(2, (0, 0, 0)))
    assert defence.phase is Phase.DEFENDER_CHOICE
    assert all(o.outcomes.defending == pytest.approx(1.0) for o in defence.options)
    while hand.phase is not Phase.PLAY:
        hand.push(Action.parse("pass"), hand.to_act)
    card = small(4).analyse(hand.view(hand.to_act, (0, 0, 0)))
    for o in card.options:
        assert sum(o.outcomes.to_json().values()) == pytest.approx(1.0, abs=1e-3)


FIRST_HOLDS = ", holding no trump but an ace, with the dummy's five cards to take"
"""What :func:`first_round`'s seat holds for an order of the JD (KC AH 9S TS JS)."""

DEFENDER_HOLDS = ", holding one trump (the left bower)"
"""What :func:`defender_view`'s seat holds under diamonds (9C JC QC JH KH)."""


def first_round(seat: int = 1, scores: tuple[int, int, int] = (0, 0, 0)) -> View:
    hand = played(4)
    assert hand.to_act == 1
    return hand.view(seat, scores)


def test_an_order_made_less_often_than_not_says_what_passing_gives_R7() -> None:
    """Ordering up with a hand made only now and then is right when passing lets an
    opponent make trump almost surely: the reason says so, not only how often the order
    fails; an order euchred in under 40% of the deals needs no such word, and one
    euchred in 40% or more (made only a little more often than not: an order with one
    trump, which a strong player read as a mistake by its odds alone) has it too."""
    view = first_round()
    weak = explain(view, [option("order", 0.3, made=0.2, euchred=0.8),
                          option("pass", 0.2, stopped=0.03, conceded=0.96, made=0.01)])
    assert weak.startswith(f"ordering up the JD{FIRST_HOLDS}: "
                           "you make it in 20% of the deals sampled, "
                           "euchred in 80%; passing, another player makes trump in 99% of "
                           "the deals sampled, and of those he is euchred in only 3%"), weak
    assert "all five" not in weak  # marched on in none of these samples
    strong = explain(view, [option("order", 0.5, made=0.61, euchred=0.39),
                            option("pass", 0.2, stopped=0.1, conceded=0.9)])
    assert "passing, another player" not in strong  # (the next best is named "passing")
    risky = explain(view, [option("order", 0.5, made=0.6, euchred=0.4),
                           option("pass", 0.2, stopped=0.1, conceded=0.9)])
    assert risky.startswith(f"ordering up the JD{FIRST_HOLDS}: "
                            "you make it in 60% of the deals sampled, "
                            "euchred in 40%; passing, another player makes trump in 100% of "
                            "the deals sampled, and of those he is euchred in only 10%"), risky


def test_a_pass_is_explained_by_the_order_it_declines_R7() -> None:
    view = first_round()
    reason = explain(view, [option("pass", 0.4, stopped=0.3, conceded=0.3, made=0.4),
                            option("order", 0.3, made=0.45, marched=0.05, euchred=0.5)])
    assert reason.startswith(f"passing: were you to order up the JD{FIRST_HOLDS}, "
                             "you would be euchred in 50% of the deals sampled; passing, "
                             "you name trump yourself in the second round in 40% of the "
                             "deals sampled, and are euchred in none of those; defending, "
                             "your side euchres the maker in 50%"), reason
    rarely = explain(view, [option("pass", 0.4, stopped=0.4, conceded=0.4, made=0.1,
                                   euchred=0.1),
                            option("order", 0.3, made=0.45, marched=0.05, euchred=0.5)])
    assert "second round" not in rarely  # a maker later in a fifth of the deals: not said
    later = explain(view, [option("pass", 0.4, stopped=0.1, conceded=0.1, made=0.6,
                                  euchred=0.2),
                           option("order", 0.3, made=0.45, marched=0.05, euchred=0.5)])
    assert ("passing, you name trump yourself in the second round in 80% of the deals "
            "sampled, and are euchred in 25% of those; defending") in later, later


def test_an_order_says_how_often_it_is_made_and_euchred_R19_R20() -> None:
    view = first_round()
    reason = explain(view, [option("order", 0.5, made=0.6, marched=0.2, euchred=0.2),
                            option("pass", 0.4, stopped=0.5, conceded=0.5)])
    assert reason.startswith(f"ordering up the JD{FIRST_HOLDS}: "
                             "you make it in 80% of the deals sampled "
                             "(all five in 20%), euchred in 20% (win chance 50%")


def test_one_point_from_the_game_the_reason_says_so_R22() -> None:
    view = first_round(scores=(3, 9, 4))
    reason = explain(view, [option("order", 0.9, made=0.9, euchred=0.1),
                            option("pass", 0.6, stopped=0.5, conceded=0.5)])
    assert "one point wins you the game" in reason


def test_an_order_that_keeps_trump_from_a_player_one_point_away_R7_R22() -> None:
    # Seat 1 bids first (dealer 0); seat 2 at 9 is still to bid.
    view = first_round(scores=(0, 4, 9))
    reason = explain(view, [option("order", 0.2, made=0.6, euchred=0.4),
                            option("pass", 0.1, stopped=0.2, conceded=0.8)])
    assert ("keeps the player on your left (on 9 points), one point from the game, "
            "from making trump, though a euchre would give that player the game") in reason
    # made for sure: no euchre to speak of
    sure = explain(view, [option("order", 0.9, made=1.0),
                          option("pass", 0.1, stopped=0.2, conceded=0.8)])
    assert "from making trump" in sure and "though a euchre" not in sure


def test_a_player_who_already_passed_the_second_round_is_not_said_to_be_kept_out_R9() -> None:
    hand = played(4, "1 pass", "2 pass", "0 pass", "1 pass")
    view = hand.view(2, (0, 9, 4))
    assert view.phase is Phase.BID_SECOND
    suit = next(a for a in view.legal if a.startswith("call"))
    options = [option(suit, 0.5, made=0.7, euchred=0.3),
               option("pass", 0.3, stopped=0.5, conceded=0.5)]
    assert "from making trump" not in explain(view, options)
    # The dealer, still to bid, is.
    dealer = explain(hand.view(2, (9, 0, 4)), options)
    assert "keeps the player on your left (on 9 points)" in dealer


def test_a_pass_that_avoids_a_euchre_ending_the_game_for_another_R20_R22() -> None:
    view = first_round(scores=(8, 3, 2))
    reason = explain(view, [option("pass", 0.3, stopped=0.3, conceded=0.7),
                            option("order", 0.1, made=0.6, euchred=0.4)])
    assert "a euchre would give the player on your right (on 8 points) the game" in reason


def defender_view(scores: tuple[int, int, int]) -> View:
    hand = played(4, "1 order", "0 leave", "1 dummy")
    hand.push(Action.parse("keep " + " ".join(str(c) for c in hand.view(1).cards[:5])), 1)
    view = hand.view(2, scores)
    assert view.phase is Phase.DEFENDER_CHOICE
    return view


def test_defending_less_hard_when_a_euchre_helps_the_partner_more_R13_R20() -> None:
    view = defender_view((6, 2, 4))  # seat 2 at 4; its partner, seat 0, at 6
    reason = explain(view, [option("alone", 0.25, stopped=0.1, conceded=0.9),
                            option("pass", 0.24, stopped=0.6, swept=0.1, conceded=0.3)])
    assert reason.startswith(f"defending alone{DEFENDER_HOLDS}: "
                             "the maker is euchred in 10% of the deals "
                             "sampled, against 70% after not defending alone")
    assert "a euchre's two points would help the player on your left (on 6 points) more than you" \
        in reason
    # Level scores: a euchre would serve him, so the score is not the reason.
    level = explain(defender_view((3, 3, 3)), [
        option("alone", 0.25, stopped=0.1, conceded=0.9),
        option("pass", 0.24, stopped=0.6, swept=0.1, conceded=0.3)])
    assert "more than you" not in level


def test_a_lone_defence_for_all_five_R21() -> None:
    view = defender_view((0, 0, 0))
    reason = explain(view, [option("alone", 0.5, stopped=0.6, swept=0.4),
                            option("pass", 0.4, stopped=0.8, swept=0.2)])
    assert reason.startswith(f"defending alone{DEFENDER_HOLDS}: "
                             "you take all five in 40% of the deals sampled, "
                             "4 points to each defender, and the maker is euchred in 100%")


def test_a_lone_defence_for_rare_sweeps_says_so_not_the_euchres_against_it_R21() -> None:
    """A QA player's hint: "defending alone: the maker is euchred in 98% of the deals
    sampled, against 100% after not defending alone", where the lone defence was chosen
    for its sweeps (4 points to a defender on 6: the game), rarer than one deal in ten.
    The euchres argued the other way; the sweeps are the reason given."""
    view = defender_view((0, 0, 0))
    reason = explain(view, [option("alone", 0.66, stopped=0.92, swept=0.06, conceded=0.02),
                            option("pass", 0.64, stopped=0.9, swept=0.1)])
    assert reason.startswith(f"defending alone{DEFENDER_HOLDS}: "
                             "you take all five in 6% of the deals sampled, "
                             "4 points to each defender, and the maker is euchred in 98%"), reason
    # Where the euchres speak for it, they stay the reason.
    more = explain(view, [option("alone", 0.66, stopped=0.97, swept=0.03),
                          option("pass", 0.64, stopped=0.8, conceded=0.2)])
    assert more.startswith(f"defending alone{DEFENDER_HOLDS}: the maker is euchred in 100%"), more


def test_keep_and_discard_say_what_they_leave_R8_R12() -> None:
    hand = played(4, "1 order", "0 pickup")
    view = hand.view(0, (0, 0, 0))
    assert view.phase is Phase.DISCARD and view.trump is not None
    trump = int(view.trump)

    suits = [EFF_SUIT[trump][c.id] for c in view.cards]
    single = next((c for c, s in zip(view.cards, suits, strict=True)
                   if s != trump and suits.count(s) == 1), None)
    assert single is not None, "this deal gives the dealer a singleton to discard"
    reason = explain(view, [option(f"discard {single}", 0.3, stopped=0.3, conceded=0.7),
                            option(f"discard {view.cards[0]}", 0.2, stopped=0.2,
                                   conceded=0.8)])
    assert f"discarding {single} leaves you void in" in reason
    hand.push(Action.parse(f"discard {single}"), 0)
    hand.push(Action.parse("dummy"), 1)
    cards = hand.view(1).cards
    kept = sorted(cards, key=lambda c: (EFF_SUIT[trump][c.id] != trump, c.id))[:5]
    trumps = sum(1 for c in kept if EFF_SUIT[trump][c.id] == trump)
    reason = explain(hand.view(1), [
        option("keep " + " ".join(map(str, kept)), 0.4, made=1.0),
        option("keep " + " ".join(map(str, cards[:5])), 0.3, made=1.0)])
    words = ("no", "one", "two", "three", "four", "five")
    assert f"({words[trumps]} trump" in reason
    # A keep risks the euchre whatever is kept: the risk is said, not that the next
    # best keep "is worse" for it.
    risky = explain(hand.view(1, (8, 3, 2)), [
        option("keep " + " ".join(map(str, kept)), 0.4, made=0.6, euchred=0.4),
        option("keep " + " ".join(map(str, cards[:5])), 0.3, made=0.5, euchred=0.5)])
    assert "a euchre would give the player on your right (on 8 points) the game" in risky
    assert "is worse" not in risky, risky


def test_a_chance_is_never_shown_below_nothing() -> None:
    """The valuation's tie-break on points may take a lost cause a hair below 0."""
    view = first_round()
    reason = explain(view, [option("pass", -0.0004, stopped=0.5, conceded=0.5),
                            option("order", -0.0009, made=0.5, euchred=0.5)])
    assert "-0%" not in reason and "win chance 0%" in reason


def test_hint_json_gives_each_option_its_outcomes() -> None:
    done = CliRunner().invoke(app, ["hint", str(EXAMPLES / "07-in-progress.json"),
                                    "--samples", "4", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    for entry in data["options"]:
        shares = entry["outcomes"]
        assert set(shares) == {"made", "marched", "euchred", "stopped", "swept",
                               "conceded", "thrown_in", "marched_on"}
        assert sum(shares.values()) == pytest.approx(1.0, abs=1e-3)


def test_hint_text_shows_how_often_each_call_is_made_R9() -> None:
    done = CliRunner().invoke(app, ["hint", str(EXAMPLES / "07-in-progress.json"),
                                    "--samples", "4"])
    assert done.exit_code == 0, done.output
    calls = [line for line in done.stdout.splitlines() if line.strip().startswith("call ")]
    assert len(calls) == 3
    assert all(" made " in line and line.rstrip().endswith("%") for line in calls)


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
@pytest.mark.parametrize("game", range(4))
def test_reasons_under_every_variant_read_as_shares_R2_R5_R6(game: int) -> None:
    """Whole hands under random variants (joker, no dummy, 32 cards...): every decision
    gets a reason whose percentages are shares between 0 and 100, never NaN."""
    import re

    from cutthroat.cli import random_variants

    rules = random_variants(random.Random(100 + game))
    rng = random.Random(game)
    bot = small(game)
    for deal_number in range(2):
        hand = Hand.deal(rules, dealer=deal_number % 3, rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            analysis = bot.analyse(hand.view(seat, (game, 2 * game, 9 - game)))
            assert analysis.reason and "nan" not in analysis.reason
            shares = [int(x) for x in re.findall(r"(-?\d+)%", analysis.reason)]
            assert all(0 <= x <= 100 for x in shares), analysis.reason
            hand.push(analysis.best, seat)


def test_a_card_that_spares_the_maker_says_why_R16_R20() -> None:
    """In play too: a defender who would rather not euchre (his partner is ahead) is
    told so, as the card's one reason (how often the maker is euchred after it and after
    the alternative): the card's own job would be a second reason, not why it is
    chosen; with the scores even, the card's own reason alone."""
    hand = played(4, "1 order", "0 leave", "1 dummy")
    hand.push(Action.parse("keep " + " ".join(str(c) for c in hand.view(1).cards[:5])), 1)
    while hand.phase is not Phase.PLAY:
        hand.push(Action.parse("pass"), hand.to_act)
    assert hand.to_act == 1  # the maker leads (dealer 0's left)
    hand.push(Action.parse(hand.view(1).legal[0]), 1)
    seat = hand.to_act
    assert seat == 2
    cards = list(hand.view(seat).legal[:2])
    partner = 3 - seat - 1
    scores = [3, 3, 3]
    scores[partner] = 7  # a euchre takes him to 9, short of the game (R22)
    view = hand.view(seat, (scores[0], scores[1], scores[2]))
    options = [option(cards[0], 0.3, stopped=0.2, conceded=0.8),
               option(cards[1], 0.2, stopped=0.7, conceded=0.3)]
    reason = explain(view, options)
    assert f"(on {scores[partner]} points) more than you" in reason
    assert reason.startswith("playing "), reason
    assert ": the maker is euchred in 20% of the deals sampled, against 70% after playing " \
        in reason, reason
    assert reason.index("more than you") < reason.index("(win chance")
    even = explain(hand.view(seat, (3, 3, 3)), options)
    assert "more than you" not in even and not even.startswith("playing ")
    # No euchre in any deal is "none", as everywhere else (it read "in 0% of the deals").
    never = [option(cards[0], 0.3, stopped=0.0, conceded=1.0),
             option(cards[1], 0.2, stopped=0.7, conceded=0.3)]
    assert ": the maker is euchred in none of the deals sampled, against 70% after " \
        "playing " in explain(view, never)


def test_a_choice_that_makes_no_difference_says_so_first_R16() -> None:
    """When every option is worth the same (a hand already lost, say), the hint says
    the choice makes no difference before the natural move's own reason; when one
    option is worth more, it says nothing of the kind."""
    hand = played(4, "1 order", "0 leave", "1 dummy")
    hand.push(Action.parse("keep " + " ".join(str(c) for c in hand.view(1).cards[:5])), 1)
    while hand.phase is not Phase.PLAY:
        hand.push(Action.parse("pass"), hand.to_act)
    view = hand.view(1, (0, 0, 0))
    cards = list(view.legal)
    assert len(cards) > 2
    alike = [option(text, 0.25, euchred=1.0) for text in cards]
    reason = explain(view, alike)
    assert reason.startswith("it makes no difference: every card is worth the same on the "
                             "deals sampled; this one is simply the natural move: ")
    assert "(win chance 25%" in reason
    two = explain(view, alike[:2])
    assert two.startswith("it makes no difference: both cards are worth the same")
    better = [option(cards[0], 0.26, euchred=1.0), *alike[1:]]
    assert "makes no difference" not in explain(view, better)
    bidding = first_round()
    same = explain(bidding, [option("pass", 0.3, stopped=0.5, conceded=0.5),
                             option("order", 0.3, made=0.5, euchred=0.5)])
    assert same.startswith("it makes no difference: both choices are worth the same")
    # The same chance and points, but one more trick for the side after one card (a
    # trick that changes no score): the difference is said not to be to the score.
    tricks = [Option(Action.parse(text), 0.25, 0.0, 1.0 if i == 0 else 0.2,
                     Outcomes(euchred=1.0)) for i, text in enumerate(cards)]
    assert explain(view, tricks).startswith(
        "it makes no difference to the score: every card is worth the same")


def test_the_expert_says_when_no_option_is_worth_more_R17_R20() -> None:
    """Through the expert itself, in whole hands: exactly the decisions on which every
    option is worth the same (a hand whose result is already settled, say) are said to
    make no difference, and some are found."""
    bot = small(5)
    found = 0
    for seed in range(40):
        hand = Hand.deal(Rules(), dealer=seed % 3, seed=seed)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            analysis = bot.analyse(hand.view(seat, (0, 0, 0)))
            top = analysis.options[0].value
            alike = all(abs(o.value - top) <= 1e-9 for o in analysis.options)
            if len(analysis.options) > 1:
                assert alike == analysis.reason.startswith("it makes no difference"), \
                    analysis.reason
                found += alike
            hand.push(analysis.best, seat)
        if found >= 3:
            break
    assert found >= 3


def test_a_blind_trump_is_said_to_be_luck_R6() -> None:
    """Naming trump blind (the joker turned up), no suit is better than another before
    the dealer's cards are shown: the reason says the sampled differences are luck; the
    terminal's coach does not second-guess the choice."""
    import dataclasses

    from cutthroat import Deal, Game
    from cutthroat.bots.reasons import BLIND
    from cutthroat.terminal import TerminalGame, seat_names

    rules = Rules(deck=25)
    rng = random.Random(0)
    deal = next(d for d in (Deal.random(rules, rng) for _ in range(1000))
                if d.upcard.is_joker)
    hand = Hand(rules, deal, dealer=0)
    view = hand.view(0, (0, 0, 0))
    assert view.phase is Phase.JOKER_TRUMP and not view.cards
    analysis = small(3).analyse(view)
    assert analysis.reason.startswith(BLIND + "; naming ")
    game = Game(rules, players=seat_names(0), first_dealer=0)
    game.deal(deal)
    table = TerminalGame(game, 0, ["random", "random"], coach=True,
                         read=lambda prompt: "", write=lambda line: None)
    wide = dataclasses.replace(analysis, extra={}, options=(  # a wide gap, no close call
        dataclasses.replace(analysis.options[0], value=0.6),
        dataclasses.replace(analysis.options[-1], value=0.1)))
    table._analyse = lambda view, also=(), check=False: wide  # type: ignore[method-assign]
    assert table.coaching(view, analysis.options[-1].action) == []
    # the same gap anywhere else is coached
    bid = played(5)
    bid_view = bid.view(1, (0, 0, 0))
    table._analyse = lambda view, also=(), check=False: dataclasses.replace(  # type: ignore[method-assign]
        wide, phase=bid_view.phase, options=(option("order", 0.6), option("pass", 0.1)))
    assert table.coaching(bid_view, Action.parse("pass"))
    played_view = played(5, "1 order").view(0, (0, 0, 0))
    assert not explain(played_view, [option("pickup", 0.3), option("leave", 0.2)]).startswith(
        BLIND)


def test_printing_a_hint_gives_the_lines_cutthroat_hint_prints() -> None:
    """``print(hint(view))`` at the REPL shows what ``cutthroat hint`` shows: the seat to
    act, the choice with its reason, and each option's chance to win."""
    from cutthroat.bots import hint

    view = played(3).view(1)
    advice = hint(view, samples=6)
    text = str(advice)
    assert text == "\n".join(hint_lines(advice))
    assert text.splitlines()[0] == "Seat 1 to act: first round of bidding"
    assert text.splitlines()[1].startswith(f"Hint: {advice.best} - ")
    assert {line.split()[0] for line in text.splitlines()[3:-1]} == {"pass", "order"}
    assert text.splitlines()[-1].startswith("Key: win = your chance to win the game")


def test_a_defender_not_alone_is_told_nothing_of_all_five_R20_R21() -> None:
    """Two defenders who take all five score what a euchre scores (R20): "your side
    takes all five in 40%" read as a bonus that is not there. Alone, all five is worth
    twice a euchre (R21), and is said."""
    view = defender_view((0, 0, 0))
    reason = explain(view, [option("pass", 0.5, stopped=0.6, swept=0.4),
                            option("alone", 0.4, stopped=0.8, swept=0.2)])
    assert reason.startswith(f"not defending alone{DEFENDER_HOLDS}: "
                             "the maker is euchred in 100% of the "
                             "deals sampled")
    assert "all five" not in reason
    alone = explain(view, [option("alone", 0.5, stopped=0.6, swept=0.2, conceded=0.4),
                           option("pass", 0.4, stopped=0.8)])
    assert "you take all five in" in alone


def test_an_order_where_passing_lets_the_maker_through_untouched_says_none_R7() -> None:
    """"euchred in only 0%" read oddly; "never" claimed more than the deals sampled
    show: "euchred in none" of them."""
    reason = explain(first_round(), [
        option("order", 0.3, made=0.2, euchred=0.8),
        option("pass", 0.2, stopped=0.001, conceded=0.999)])
    assert ("passing, another player makes trump in 100% of the deals sampled, and of "
            "those he is euchred in none") in reason and "only" not in reason


def test_a_sacrifice_order_says_how_often_the_other_maker_would_march_R7_R19() -> None:
    """An order with one trump or none is sound where passing lets another player make
    trump and often take all five (3 points, R19): the reason says how often, of the
    deals where this seat would defend."""
    reason = explain(first_round(), [
        option("order", 0.3, made=0.2, euchred=0.8),
        option("pass", 0.2, conceded=0.6, marched_on=0.4)])
    assert ("passing, another player makes trump in 100% of the deals sampled, and of "
            "those he is euchred in none and takes all five in 40% (") in reason, reason


def test_overtaking_the_partners_winning_card_says_so_and_why_R16_R17() -> None:
    """"trumping with KH takes the trick" over the partner's winning 9H said nothing
    of the partner: a player learning from it would think the trick was the maker's."""
    from cutthroat.bots.play_reasons import _beats

    seen = set()
    for view in trick_positions(600, seed=31):
        maker, me = view.maker, view.seat
        if maker is None or me == maker or view.sitting_out is not None:
            continue
        partner = 3 - maker - me
        plays = dict(view.current_trick)
        winner = plays.get(partner)
        if winner is None or not all(_beats(view, winner, c) for s, c in plays.items()
                                     if s != partner):
            continue  # the partner has not played, or is not winning
        for text in view.legal:
            card = Action.parse(text).card
            assert card is not None
            if not _beats(view, card, winner):
                continue
            reason = explain(view, [option(text, 0.5)])
            last = len(plays) == 2
            assert "your partner's" in reason, reason
            if last:
                forced = reason.startswith("every card you may play beats your partner's")
                assert ("from your partner's" in reason or forced) \
                    and ", to lead next" in reason, reason
                seen.add("last")
            else:
                assert "so the maker must beat yours" in reason, reason
                seen.add("before the maker")
        if seen == {"last", "before the maker"}:
            return
    pytest.fail(f"only {seen} found in 600 random hands")


def test_reasons_speak_to_a_player_not_of_rule_ids() -> None:
    """No rule id (R6, R21) in words meant for a player, and a score said as one."""
    view = defender_view((0, 0, 0))
    lone = explain(view, [option("alone", 0.5, stopped=0.6, swept=0.4),
                          option("pass", 0.4, stopped=0.8, swept=0.2)])
    assert "(R" not in lone
    partner = explain(defender_view((1, 2, 4)),
                      [option("alone", 0.25, stopped=0.1, conceded=0.9),
                       option("pass", 0.24, stopped=0.6, swept=0.1, conceded=0.3)])
    assert "(R" not in partner
    from cutthroat.bots.reasons import BLIND

    assert "(R" not in BLIND


def test_a_lead_from_the_top_of_a_run_says_the_higher_card_stays_R17() -> None:
    """Leading KS with AS held, every spade above KS seen: KS wins as surely as AS. The
    reason said "keeps your winners for later", as if KS were not one itself."""

    for view in trick_positions(400, seed=7, leading=True):
        trump, me = view.trump, view.seat
        if trump is None or (view.sitting_out is None and view.maker == (me + 1) % 3):
            continue  # (a lead through the maker says so first)
        unseen = _unseen(view)
        for card in view.cards:
            suit = EFF_SUIT[trump][card.id]
            if suit == trump or str(card)[0] == "A" or f"play {card}" not in view.legal:
                continue
            above = [c for c in view.cards if EFF_SUIT[trump][c.id] == suit
                     and PLAIN_POWER[c.id] > PLAIN_POWER[card.id]]
            if above and not any(EFF_SUIT[trump][c.id] == suit
                                 and PLAIN_POWER[c.id] > PLAIN_POWER[card.id] for c in unseen):
                reason = explain(view, [option(f"play {card}", 0.5)])
                low = min(above, key=lambda c: PLAIN_POWER[c.id])
                start = f"leading {card}, as good as your {low} (no higher "
                assert reason.startswith(start), reason
                assert f"is left out): {low} stays for later" in reason, reason
                singular = ["club", "diamond", "heart", "spade"][suit]  # not "spad"
                assert f"(no higher {singular} is left out)" in reason, reason
                return
    pytest.fail("no lead from the top of a run in 400 random hands")


def test_an_overtake_of_the_partner_that_is_forced_is_said_to_be_R16() -> None:
    """Every card the seat may play beats its partner's winning card: the reason said
    "the left bower takes the trick from your partner's QH, to lead next", as if chosen."""
    from cutthroat.bots.play_reasons import _beats, _current_winner, _partner

    for view in trick_positions(600, seed=11):
        partner = _partner(view)
        winner = _current_winner(view)
        if partner is None or winner is None or winner[0] != partner:
            continue
        legal = [Action.parse(t).card for t in view.legal]
        if len(legal) < 2 or not all(c is not None and _beats(view, c, winner[1]) for c in legal):
            continue
        reason = explain(view, [option(view.legal[0], 0.5), option(view.legal[1], 0.4)])
        assert "every card you may play beats your partner's " in reason, reason
        return
    pytest.fail("no forced overtake of a partner in 600 random hands")


def test_the_partners_bower_is_named_as_a_player_would_R16() -> None:
    """"your partner's left bower", not "your partner's the left bower"."""
    for view in trick_positions(400, seed=5):
        for text in view.legal:
            reason = explain(view, [option(text, 0.5)])
            if "already wins the trick" in reason and "bower" in reason:
                assert "your partner's right bower" in reason \
                    or "your partner's left bower" in reason
                assert "partner's the" not in reason
                return
    pytest.fail("no position of 400 random hands has a partner's bower winning a trick")


def test_hint_json_gives_chances_between_nothing_and_certainty() -> None:
    """The valuation's tie-break on points may take a value a hair outside 0–1: the
    JSON's ``win_chance`` is a chance, never -0.0013 nor -0.0."""
    from cutthroat.bots.expert import Analysis

    analysis = Analysis(seat=0, phase=Phase.BID_FIRST, samples=4, options=(
        option("pass", -0.0013), option("order", -0.00001), option("pass", 1.0004)))
    chances = [o["win_chance"] for o in hint_json(analysis)["options"]]
    assert chances == [0.0, 0.0, 1.0]
    assert all(str(c) != "-0.0" for c in chances)


def test_hint_json_of_a_forced_move_gives_no_figures() -> None:
    """One legal move is not weighed (``samples`` 0): its figures are null in the
    JSON, not a chance to win of 0% (``cutthroat hint --json`` on a forced card)."""

    for view in trick_positions(200, seed=11):
        if len(view.legal) == 1:
            shown = hint_json(hint(view))
            assert shown["samples"] == 0 and shown["choice"] == view.legal[0]
            assert shown["options"] == [{"action": view.legal[0], "win_chance": None,
                                         "points": None, "tricks": None, "outcomes": None}]
            return
    pytest.fail("no position of 200 random hands has one card to play")


def test_a_card_is_said_to_take_the_trick_only_when_nobody_plays_after_it_R16() -> None:
    """Second to play, a card that beats the lead may still be beaten: it "beats the
    cards played so far"; last to play, it "takes the trick"."""
    seen = set()
    for view in trick_positions(300, seed=7):
        playing = 3 if view.sitting_out is None else 2
        last = len(view.current_trick) + 1 == playing
        for text in view.legal:
            reason = explain(view, [option(text, 0.5)])
            if "takes the trick" in reason:
                assert last, reason
                seen.add("last")
            if "beats the cards played so far" in reason:
                assert not last, reason
                seen.add("second")
        if seen == {"last", "second"}:
            return
    pytest.fail(f"only {seen} found in 300 random hands")


def _higher(lead: Card, trump: Suit, a: Card, b: Card) -> bool:
    """Whether ``a`` beats ``b`` in a trick led by ``lead`` (the engine's own judge)."""

    return trick_winner([lead, b, a], trump) == 2


def test_a_winner_says_why_it_and_not_another_that_would_win_too_R17() -> None:
    """Among cards that would all beat the trick so far, the lowest "keeps" the highest
    of the others "for later"; a higher one with a player still to come says the lower
    "would too, but a card still out could overtake it", and only when an unseen card
    lies between them (judged here by the engine's own trick winner)."""
    from functools import partial

    from cutthroat.cards import cards_of_mask, deck_mask

    seen = set()
    for view in trick_positions(400, seed=11):
        assert view.trump is not None
        trump = view.trump
        table = [card for _, card in view.current_trick]
        higher = partial(_higher, table[0], trump)
        cards = [Action.parse(t).card for t in view.legal]
        winners = sorted(
            (c for c in cards
             if c is not None and trick_winner([*table, c], trump) == len(table)),
            key=lambda c: sum(higher(c, o) for o in cards if o))
        last = len(table) + 1 == (3 if view.sitting_out is None else 2)
        unseen = cards_of_mask(deck_mask(view.rules.deck) & ~view.seen_mask())
        if view.upcard_taken and view.dealer != view.seat and view.upcard not in (
                [c for t in view.tricks for _, c in t.plays] + table):
            unseen.append(view.upcard)  # in the dealer's hand, unless he discarded it
        # Only the partner to come (a defender second to play): nothing to fear.
        partner_last = (view.maker is not None and view.seat != view.maker
                        and view.sitting_out is None and len(table) == 1
                        and (view.seat + 1) % 3 != view.maker)
        for index, card in enumerate(winners):
            reason = explain(view, [option(f"play {card}", 0.5)]
                             + [option(t, 0.4) for t in view.legal if t != f"play {card}"])
            keeps = "for later" in reason
            overtake = "could overtake it" in reason
            assert keeps == (index == 0 and len(winners) > 1), reason
            if keeps:
                seen.add("keeps")
                assert str(winners[-1]) in reason or "bower" in reason or "joker" in reason
            between = index > 0 and any(
                higher(u, winners[index - 1]) and higher(card, u) for u in unseen)
            assert overtake == (between and not last and not partner_last), reason
            if overtake:
                seen.add("overtake")
        if seen == {"keeps", "overtake"}:
            return
    pytest.fail(f"only {seen} found in 400 random hands")


def test_a_close_call_and_a_tie_with_the_next_best_are_said_R17() -> None:
    """A choice that leads the next best by no more than the samples' noise is called a
    close call, with both figures; one worth exactly as much as the next says so (and
    how many more tie), naming it once; a clear choice says neither, and "every option
    alike" is said once, not twice."""
    view = first_round()
    options = [option("pass", 0.305, stopped=1.0), option("order", 0.300, made=1.0)]
    close = explain(view, options, {"lead": 0.005, "lead_noise": 0.012})
    assert "a close call: ordering up the JD averaged only 0.5% less, within the samples' noise " \
        "of ±1.2% (win chance" in close  # (not two brackets back to back, a QA pass)
    assert close.index("a close call") < close.index("(win chance")
    tiny = explain(view, options, {"lead": 0.0002, "lead_noise": 0.01})
    assert "averaged only 0.02% less" in tiny  # not "under 0.1%" beside 30.5% and 30.0%
    clear = explain(view, options)
    assert "close call" not in clear and "worth as much" not in clear
    tie = explain(view, [option("pass", 0.3, stopped=1.0), option("order", 0.3, made=1.0),
                         option("pass", 0.1, stopped=1.0)])
    assert "ordering up the JD is worth as much on the deals sampled" in tie
    assert "next best" not in tie  # named once, by the tie, not again in the figures
    ties = explain(view, [option("pass", 0.3, stopped=1.0), option("order", 0.3, made=1.0),
                          option("order", 0.3, made=1.0), option("order", 0.3, made=1.0),
                          option("pass", 0.1, stopped=1.0)])
    assert "ordering up the JD and two others are worth as much on the deals sampled" in ties
    assert "next best" in close and "next best" in clear
    alike = explain(view, [option("pass", 0.3, stopped=1.0), option("order", 0.3, made=1.0)])
    assert alike.startswith("it makes no difference") and "worth as much" not in alike


def test_the_expert_records_a_close_call_only_within_one_standard_error() -> None:
    """``lead`` is the first option's average lead over the second, recorded only when
    it is at most ``lead_noise``; across real positions some calls are close and some
    are not."""
    kinds = set()
    for seed in range(12):
        hand = Hand.deal(Rules(), dealer=0, seed=seed)
        analysis = small(seed).analyse(hand.view(hand.to_act, (0, 0, 0)))  # type: ignore[arg-type]
        first, second = analysis.options[:2]
        gap = first.value - second.value
        if "lead" in analysis.extra:
            kinds.add("close")
            assert analysis.extra["lead"] == pytest.approx(gap)
            assert 0 < analysis.extra["lead"] <= analysis.extra["lead_noise"]
            assert "a close call" in analysis.reason
        else:
            kinds.add("clear" if gap > 1e-9 else "tie")
            assert "a close call" not in analysis.reason
    assert {"close", "clear"} <= kinds


def test_the_hint_key_names_only_the_endings_shown() -> None:
    """The key under the options says what each figure is, and names "made" and
    "maker euchred" only when a row shows it."""
    from cutthroat.bots.expert import Analysis

    both = Analysis(seat=1, phase=Phase.BID_FIRST, samples=4, options=(
        option("pass", 0.3, stopped=1.0), option("order", 0.2, made=1.0)))
    key = hint_lines(both)[-1]
    assert key.startswith("Key: win = your chance to win the game; points = ")
    assert "made = how often you make it" in key and "maker euchred = " in key
    defending = Analysis(seat=2, phase=Phase.DEFENDER_CHOICE, samples=4, options=(
        option("pass", 0.3, stopped=1.0), option("alone", 0.2, stopped=1.0)))
    key = hint_lines(defending)[-1]
    assert "maker euchred = " in key and "made = " not in key


def harvest_hand(game: int, *actions: str) -> Hand:
    """A hand of the audit's harvest: standard rules, dealt by ``game % 3`` from
    ``random.Random(7 * game + 1)``, with ``actions`` applied."""
    hand = Hand.deal(Rules(), dealer=game % 3, rng=random.Random(7 * game + 1))
    for text in actions:
        seat, rest = text.split(" ", 1)
        hand.push(Action.parse(rest), int(seat))
    return hand


def test_nothing_wins_only_when_no_card_would_win_the_trick_R17() -> None:
    """A card that lets an opponent's trick go while another card would take it is not
    said to be thrown because "nothing wins": the reason names the card kept back."""
    hand = harvest_hand(1011, "1 order", "0 pickup", "0 discard TD", "1 dummy",
                        "1 keep TH KH AH QS KS", "2 pass", "0 pass", "1 play KH",
                        "2 play 9H", "0 play JH", "1 play TH")
    view = hand.view(2, (0, 7, 7))
    assert "play JC" in view.legal and "play 9C" in view.legal  # JC, the left bower, wins
    reason = explain(view, [option("play 9C", 0.5, stopped=0.5, conceded=0.5),
                            option("play JC", 0.4, stopped=0.4, conceded=0.6)])
    assert "nothing wins" not in reason
    assert reason.startswith("letting this trick go: throw 9C and keep the left bower, "
                             "which would beat the cards played so far")
    # With no winner among the cards, nothing wins indeed.
    for view in trick_positions(200, seed=3):
        maker, me = view.maker, view.seat
        winner = max(range(len(view.current_trick)), key=lambda i: _trick_value(view, i))
        if (maker is None or me == maker or view.current_trick[winner][0] == maker) \
                and len(view.legal) > 1:
            table = [c for _, c in view.current_trick]
            assert view.trump is not None
            from cutthroat.scoring import trick_winner

            wins = [t for t in view.legal
                    if trick_winner([*table, Action.parse(t).card], view.trump) == len(table)]
            if not wins:
                text = explain(view, [option(t, 0.5) for t in view.legal])
                assert "nothing wins this trick: throw " in text, text
                return
    pytest.fail("no position found")


def _trick_value(view: View, index: int) -> int:
    """Whether the card at ``index`` of the trick in progress wins it so far (1 or 0)."""

    assert view.trump is not None
    cards = [c for _, c in view.current_trick]
    return int(trick_winner(cards, view.trump) == index)


def test_a_lone_defender_has_no_partner_to_play_last_R13_R15() -> None:
    """Leading through the maker "so your partner plays last" is said only where the
    partner plays: a lone defender's partner sits out."""
    rules = Rules(dealer_must_pick_up=True, may_name_turned_down_suit=True, march_points=4,
                  maker_alone_march=5, target=5, tie="share")
    hand = Hand.deal(rules, dealer=1019 % 3, rng=random.Random(7 * 1019 + 1))
    for text in ("0 order", "2 discard 9H", "0 dummy", "0 keep JC AC AD 9S TS", "1 pass",
                 "2 alone", "0 play JC", "2 play JS"):
        seat, rest = text.split(" ", 1)
        hand.push(Action.parse(rest), int(seat))
    view = hand.view(2, (1, 1, 4))
    assert view.phase is Phase.PLAY and not view.current_trick and view.sitting_out == 1
    assert (view.seat + 1) % 3 == view.maker
    reason = explain(view, [option("play TH", 0.9, stopped=1.0),
                            option("play QH", 0.8, stopped=1.0)])
    assert "partner" not in reason, reason


def test_the_up_card_the_dealer_took_is_a_trump_still_out_R8_R14() -> None:
    """The dealer's up-card is in his hand until he plays it (unless he discarded it,
    which only he knows): leading a trump while he may hold it is not "no trump is left
    against you"."""
    hand = harvest_hand(1005, "1 order", "0 pickup", "0 discard 9C", "1 dummy",
                        "1 keep JC AH JS QS AS", "2 pass", "0 pass", "1 play JS",
                        "2 play 9S", "0 play TS")
    view = hand.view(1, (6, 9, 8))
    assert view.upcard_taken and str(view.upcard) == "KS" and view.dealer == 0
    reason = explain(view, [option("play JC", 0.9, made=1.0), option("play AS", 0.8, made=1.0)])
    assert "no trump is left against you" not in reason
    assert reason.startswith("leading the left bower draws the last trump still out")


def test_a_card_still_out_is_feared_only_from_an_opponent_to_come_R11_R17() -> None:
    """Second to play with only the partner to come, a higher winner is not chosen for
    fear that a card still out "could overtake" the lower one: the partner's card would
    win for the side too."""
    hand = harvest_hand(1101, "1 order", "0 pickup", "0 discard KH", "1 dummy",
                        "1 keep TC KC JH QH AH", "2 pass", "0 pass", "1 play AH")
    view = hand.view(2, (6, 2, 2))
    assert view.maker == 1 and view.current_trick == ((1, Card.parse("AH")),)
    reason = explain(view, [option("play JS", 0.5, stopped=0.5, conceded=0.5),
                            *(option(t, 0.4, stopped=0.4, conceded=0.6)
                              for t in view.legal if t != "play JS")])
    assert reason.startswith("trumping with the left bower beats the cards played so far")
    assert "overtake" not in reason, reason


def test_a_pass_keeps_nobody_from_making_trump_R7_R9() -> None:
    """A pass after which this seat would usually call in the second round is not said to
    keep a player one point from the game from making trump: only a bid does."""
    view = first_round(scores=(0, 4, 9))
    reason = explain(view, [option("pass", 0.3, made=0.6, stopped=0.2, conceded=0.2),
                            option("order", 0.1, made=0.1, euchred=0.9)])
    assert "from making trump" not in reason, reason
    order = explain(view, [option("order", 0.3, made=0.6, euchred=0.4),
                           option("pass", 0.1, made=0.6, stopped=0.2, conceded=0.2)])
    assert "keeps the player on your left (on 9 points)" in order


def test_going_alone_to_euchre_less_is_not_sold_by_its_sweeps_R13_R21() -> None:
    """A defender who goes alone because a euchre would help his partner more than him
    is not told that he takes all five "4 points to each defender": those points would
    help the partner too, which is what he avoids. Alone, he takes them, not "your
    side" (his partner sits out)."""
    view = defender_view((6, 2, 4))
    reason = explain(view, [option("alone", 0.25, swept=0.2, conceded=0.8),
                            option("pass", 0.24, stopped=0.6, conceded=0.4)])
    assert "more than you" in reason
    assert "4 points to each defender" not in reason, reason
    assert reason.startswith(f"defending alone{DEFENDER_HOLDS}: "
                             "the maker is euchred in 20% of the deals "
                             "sampled (you take all five in 20%), against 60% after not "
                             "defending alone")


def test_a_partners_card_wins_already_only_when_nothing_can_beat_it_R16_R17() -> None:
    """A defender second to play, his partner's card winning and the maker to come, is
    told that card is winning "so far" when a card still out could beat it; last to play,
    or when nothing still out beats it, that it "already wins"."""

    seen = set()
    for view in trick_positions(400, seed=13):
        maker, me = view.maker, view.seat
        if maker is None or me == maker or view.sitting_out is not None:
            continue
        partner = 3 - me - maker
        table = [c for _, c in view.current_trick]
        assert view.trump is not None
        if view.current_trick[trick_winner(table, view.trump)][0] != partner:
            continue
        low = [t for t in view.legal
               if trick_winner([*table, Action.parse(t).card], view.trump) != len(table)]
        if not low:
            continue
        reason = explain(view, [option(low[0], 0.5, stopped=1.0)])
        last = len(table) == 2
        unseen = cards_of_mask_unseen(view)
        beaten = any(trick_winner([*table, u], view.trump) == len(table) for u in unseen)
        if last or not beaten:
            assert "already wins the trick: play low" in reason, reason
            seen.add("already")
        else:
            assert "is winning the trick so far: play low" in reason, reason
            seen.add("so far")
        if seen == {"already", "so far"}:
            return
    pytest.fail(f"only {seen} found in 400 random hands")


def cards_of_mask_unseen(view: View) -> list[Card]:
    """The cards still out for ``view``'s seat, with the up-card the dealer took, unless
    he sits out (R13: it is then in his hand or his discard, out of play)."""
    from cutthroat.cards import cards_of_mask, deck_mask

    unseen = cards_of_mask(deck_mask(view.rules.deck) & ~view.seen_mask())
    played = [c for t in view.tricks for _, c in t.plays] + [c for _, c in view.current_trick]
    if (view.upcard_taken and view.dealer != view.seat and view.upcard not in played
            and view.sitting_out != view.dealer):
        unseen.append(view.upcard)
    return unseen


def _top(card: Card, view: View, unseen: list[Card]) -> bool:
    """Whether no card still out beats ``card`` in its suit (trump: R3's order)."""
    from cutthroat.cards import effective_suit

    trump = view.trump
    assert trump is not None
    suit = effective_suit(card, trump)
    if suit == trump:
        order = trump_order(trump, view.rules.deck)
        return not any(u in order and order.index(u) < order.index(card) for u in unseen)
    return not any(effective_suit(u, trump) == suit and u.id % 8 > card.id % 8
                   for u in unseen)


def test_a_low_lead_keeps_winners_only_when_it_has_some_R3_R17() -> None:
    """"keeps your AS and right bower for later" names the winners held besides the
    card led: each trump no trump still out beats, each highest card still out of its
    suit; a hand of low trumps "holds no top card", a hand of neither "no trump or top
    card"."""
    from cutthroat.cards import effective_suit

    seen = set()
    for view in trick_positions(300, seed=17, leading=True):
        trump = view.trump
        assert trump is not None
        unseen = cards_of_mask_unseen(view)
        for text in view.legal:
            reason = explain(view, [option(text, 0.5)])
            card = Action.parse(text).card
            others = [c for c in view.cards if c != card]
            winners = [card_name(c, int(trump)).removeprefix("the ") for c in others
                       if _top(c, view, unseen)]
            trumps = any(effective_suit(c, trump) == trump for c in others)
            if " for later" in reason and "keeps your " in reason:
                named = reason.split("keeps your ")[1].split(" for later")[0]
                assert named.replace(" and ", ", ").split(", ") == winners, reason
                seen.add("held" if len(winners) == 1 else "several")
            if "you hold no top card to keep back" in reason:
                assert not winners and trumps, reason
                seen.add("low trumps")
            if "no trump or top card to keep back" in reason:
                assert not winners and not trumps, reason
                seen.add("none")
        if seen == {"held", "several", "low trumps", "none"}:
            return
    pytest.fail(f"only {seen} found")


def test_a_lone_makers_march_is_scored_as_a_lone_march_R12_R19() -> None:
    """"all five would win you the game" for going alone reckons with the lone march's
    points (``maker_alone_march``), not the ordinary march's."""
    for march, lone, says in ((2, 5, True), (4, 2, False)):
        rules = Rules(march_points=march, maker_alone_march=lone)
        hand = Hand.deal(rules, dealer=0, seed=4)
        hand.push(Action.parse("order"), 1)
        hand.push(Action.parse("leave"), 0)
        view = hand.view(1, (0, 6, 0))  # four points from the game
        assert view.phase is Phase.MAKER_CHOICE
        reason = explain(view, [option("alone", 0.5, made=0.6, marched=0.3, euchred=0.1),
                                option("dummy", 0.4, made=0.9, marched=0.1)])
        assert ("all five would win you the game" in reason) == says, reason


def test_a_blind_trump_is_not_said_to_beat_the_other_suits_R6_R20() -> None:
    """Naming trump blind, a euchre that would give another player the game is said, but
    not that "the alternative is worse": every suit is as good as another (the note
    that starts the reason)."""
    from cutthroat import Deal

    rules = Rules(deck=25)
    rng = random.Random(0)
    deal = next(d for d in (Deal.random(rules, rng) for _ in range(1000)) if d.upcard.is_joker)
    view = Hand(rules, deal, dealer=0).view(0, (3, 8, 2))
    assert view.phase is Phase.JOKER_TRUMP
    reason = explain(view, [option("trump D", 0.3, made=0.6, euchred=0.4),
                            option("trump C", 0.2, made=0.5, euchred=0.5)])
    assert "a euchre would give the player on your left (on 8 points) the game" in reason
    assert "is worse" not in reason, reason
    # Where there is an alternative that makes no trump, it is said.
    order = explain(first_round(seat=0, scores=(3, 8, 2)),
                    [option("order", 0.3, made=0.6, euchred=0.4),
                     option("pass", 0.2, stopped=0.5, conceded=0.5)])
    assert "the game, but passing is worse" in order


def test_an_ace_is_cashed_before_it_can_be_trumped_only_while_trumps_are_out_R17() -> None:
    """Leading a side ace with every trump accounted for, the ace cannot be trumped: the
    reason says no trump is left to take it; with trumps still out (the up-card in the
    dealer's hand counts) but every opponent shown void in trump, none is left against
    you; with an opponent who may trump it and has shown void in its suit, that he may;
    otherwise "before it can be trumped" (voids judged here from the tricks, R16)."""
    from cutthroat.cards import effective_suit

    seen = set()
    for view in trick_positions(400, seed=19, leading=True):
        trump = view.trump
        assert trump is not None
        out = any(effective_suit(c, trump) == trump for c in cards_of_mask_unseen(view))
        voids: dict[int, set[Suit]] = {0: set(), 1: set(), 2: set()}
        for trick in [t.plays for t in view.tricks]:
            led = effective_suit(trick[0][1], trump)
            for seat, card in trick[1:]:
                if effective_suit(card, trump) != led:
                    voids[seat].add(led)
        partner = (None if view.maker in (None, view.seat) or view.sitting_out is not None
                   else 3 - view.seat - view.maker)
        against = [s for s in range(3) if s not in (view.seat, partner, view.sitting_out)
                   and trump not in voids[s]] if out else []
        for text in view.legal:
            card = Action.parse(text).card
            assert card is not None
            if str(card)[0] != "A" or effective_suit(card, trump) == trump:
                continue
            reason = explain(view, [option(text, 0.5)])
            if not out:
                assert reason.startswith(f"cashing {card}: no trump is left to take it")
                seen.add("none")
            elif not against:
                assert reason.startswith(f"cashing {card}: no trump is left against you")
                seen.add("none against")
            elif any(card.suit in voids[s] for s in against):
                assert reason.startswith(f"leading {card}, though the player on your "), \
                    reason
                seen.add("void")
            else:
                assert reason.startswith(f"cashing {card} before it can be trumped")
                seen.add("out")
        if seen == {"out", "none", "none against", "void"}:
            return
    pytest.fail(f"only {seen} found")


def test_a_tiny_noise_is_not_shown_as_none() -> None:
    """A close call on a noise below 0.05% gives it to a hundredth ("±0.04%"), and
    "under ±0.01%" below that, never "±0.0%"."""
    view = first_round()
    options = [option("pass", 0.3003, stopped=1.0), option("order", 0.3, made=1.0)]
    reason = explain(view, options, {"lead": 0.0003, "lead_noise": 0.0004})
    assert "averaged only 0.03% less, within the samples' noise of ±0.04%" in reason
    assert "±0.0%" not in reason
    least = explain(view, options, {"lead": 0.00001, "lead_noise": 0.00002})
    assert "only under 0.01% less, within the samples' noise of under ±0.01%" in least
    assert "noise of ±1.2%" in explain(view, options, {"lead": 0.0003, "lead_noise": 0.012})


def test_play_low_is_said_only_of_the_lowest_card_R3_R16() -> None:
    """Under a partner's winning card, "play low" only when the card chosen is as low
    as any the seat may play; a higher one is named instead ("throw KS")."""
    from cutthroat.cards import effective_suit

    seen = set()
    for view in trick_positions(400, seed=23):
        maker, me = view.maker, view.seat
        if maker is None or me == maker or view.sitting_out is not None:
            continue
        assert view.trump is not None
        trump = view.trump
        cards = [Action.parse(t).card for t in view.legal]
        for card in cards:
            assert card is not None
            rest = [option(f"play {c}", 0.4) for c in cards if c != card]
            reason = explain(view, [option(f"play {card}", 0.5), *rest])
            if "your partner's" not in reason or ("wins the trick" not in reason \
                    and "winning the trick" not in reason):
                continue  # not letting the partner's card win (overtaking it, say)
            plain = all(effective_suit(c, trump) != trump for c in cards if c is not None)
            lowest = all(card.id % 8 <= o.id % 8 for o in cards if o is not None)
            if plain:  # plain cards alone, judged by rank (the card's id is 8 × suit + rank)
                if lowest:
                    assert ": play low" in reason, reason
                    seen.add("low")
                else:
                    assert f"throw {card}" in reason and "play low" not in reason, reason
                    seen.add("throw")
        if seen == {"low", "throw"}:
            return
    pytest.fail(f"only {seen} found in 400 random hands")


def valued(text: str, value: float, points: float, **shares: float) -> Option:
    """An option worth ``value`` with ``points`` expected in the hand."""
    return Option(Action.parse(text), value, points, 0.0, Outcomes(**shares))


def test_a_lone_defence_to_euchre_less_keeps_no_points_from_the_partner_R13_R20_R21() -> None:
    """A defender who goes alone because a euchre would help his partner more is not
    told, or left to think, that going alone keeps the euchre's points from the partner:
    sitting out, the partner scores them all the same (R21); going alone only takes his
    cards out of the hand, so that a euchre is less likely. A pass that euchres less
    (no one sits out) needs no such word."""
    view = defender_view((6, 2, 4))  # seat 2 at 4; its partner, seat 0, at 6
    alone = explain(view, [option("alone", 0.25, stopped=0.1, conceded=0.9),
                           option("pass", 0.24, stopped=0.6, swept=0.1, conceded=0.3)])
    assert ("a euchre's two points would help the player on your left (on 6 points) more "
            "than you, and he scores them even while he sits out: defending alone, without his "
            "cards, only makes a euchre less likely") in alone, alone
    assert "(R" not in alone
    passing = explain(view, [option("pass", 0.25, stopped=0.1, conceded=0.9),
                             option("alone", 0.24, stopped=0.6, swept=0.1, conceded=0.3)])
    assert "more than you" in passing and "sits out" not in passing, passing


def qa_position() -> tuple[View, list[Option]]:
    """The tester's position (seed 77): this seat on 0 defends, its partner on 8, the
    maker on 5; a euchre gives the partner the game, so going alone (euchred in 12%)
    wins more often than passing (43%), although passing scores more points."""
    view = defender_view((8, 5, 0))
    return view, [valued("alone", 0.003497, 0.25, stopped=0.125, conceded=0.875),
                  valued("pass", 0.002615, 0.85, stopped=0.275, swept=0.15, conceded=0.575)]


def test_chances_that_look_alike_are_shown_apart() -> None:
    """Two chances that round to the same whole percent are shown with as many decimals
    as tell them apart ("0.35%" against "0.26%", not "0%" against "0%", which reads as a
    tie); whole percents otherwise, and when only rounding below nothing parts them."""
    view, options = qa_position()
    reason = explain(view, options)
    assert "(win chance 0.35%, +0.25 points" in reason
    assert "next best: not defending alone, 0.26%)" in reason
    near = explain(view, [valued("alone", 0.0030, 0.25, stopped=1.0),
                          valued("pass", 0.0026, 0.85, stopped=1.0)])
    assert "win chance 0.30%" in near and "next best: not defending alone, 0.26%" in near
    tenth = explain(view, [valued("alone", 0.304, 0.25, stopped=1.0),
                           valued("pass", 0.298, 0.85, stopped=1.0)])
    assert "win chance 30.4%" in tenth and "next best: not defending alone, 29.8%" in tenth
    whole = explain(view, [valued("alone", 0.31, 0.25, stopped=1.0),
                           valued("pass", 0.29, 0.85, stopped=1.0)])
    assert "win chance 31%" in whole and "next best: not defending alone, 29%" in whole


def test_a_next_best_that_scores_more_points_is_said_to_R19_R20() -> None:
    """Where the next best option scores more points in the hand than the choice, the
    hint says so: with chances that look alike, that it leaves less chance to win; in a
    close call, that it scores more; in a tie, which the points break, that the other
    scores fewer. Not where the choice is clear and scores more itself."""
    view, options = qa_position()
    reason = explain(view, options)
    assert ("not defending alone scores more points (+0.85 against +0.25) but leaves you less "
            "chance to win the game") in reason, reason
    assert reason.index("scores more points") < reason.index("(win chance")
    close = explain(view, options, {"lead": 0.0009, "lead_noise": 0.002})
    assert ("a close call: not defending alone averaged only 0.1% less, within the samples' "
            "noise of ±0.2%, though it scores more points (+0.85 against +0.25)") in close, close
    tie = explain(view, [valued("pass", 0.003, 0.85, stopped=1.0),
                         valued("alone", 0.003, 0.25, stopped=1.0),
                         valued("alone", 0.001, 0.0, stopped=1.0)])
    assert "alone is worth as much on the deals sampled but scores fewer points " \
        "(+0.25 against +0.85)" in tie, tie
    clear = explain(view, [valued("alone", 0.40, 0.25, stopped=1.0),
                           valued("pass", 0.30, 0.85, stopped=1.0)])
    assert "scores more points" not in clear
    fewer = explain(view, [valued("pass", 0.0035, 0.85, stopped=1.0),
                           valued("alone", 0.0026, 0.25, stopped=1.0)])
    assert "points (+" not in fewer


def test_options_alike_in_chance_but_not_in_points_say_so_R19() -> None:
    """Every option worth the same chance to win but not the same points: it makes no
    difference to the chance, and the choice scores the most points."""
    view = defender_view((0, 0, 0))
    reason = explain(view, [valued("pass", 0.2, 0.85, stopped=1.0),
                            valued("alone", 0.2, 0.25, stopped=1.0)])
    assert reason.startswith("it makes no difference to your chance to win on the deals "
                             "sampled, and this one scores the most points; "), reason


def test_the_expert_breaks_a_tie_in_value_by_points_then_the_natural_move() -> None:
    """Options of exactly equal value go first by the points expected in the hand, then
    the natural move (the intermediate bot's); an option ahead by less than the
    samples' noise is still chosen, however few its points."""
    view = defender_view((8, 5, 0))
    natural, other = Action.parse("pass"), Action.parse("alone")
    per = [0.01, 0.0, 0.02, 0.01]  # the value on each of four samples

    def row(action: Action, values: list[float], points: float
            ) -> tuple[Action, list[float], list[float]]:
        return action, [sum(values), points * len(values), 0.0, *[0.0] * 7], values

    bot = ExpertBot(seed=0)
    ranked = bot._ranked(view, 4, [row(natural, per, 0.25), row(other, per, 0.85)], natural)
    assert ranked.best == other
    level = bot._ranked(view, 4, [row(other, per, 0.5), row(natural, per, 0.5)], natural)
    assert level.best == natural
    ahead = [v + d for v, d in zip(per, (0.002, 0.002, -0.001, -0.001), strict=True)]
    close = bot._ranked(view, 4, [row(natural, per, 0.85), row(other, ahead, 0.25)], natural)
    assert close.best == other and "lead" in close.extra


def test_a_card_weighed_against_is_named_as_in_play_and_as_led_R3() -> None:
    """The next best card is named as the reason's own is: "leading the right bower"
    where the seat leads, "playing the left bower" where it follows, never "playing JD"
    beside "the right bower" for the same card."""

    seen = set()
    for leading in (True, False):
        for view in trick_positions(200, seed=21, leading=leading):
            trump = view.trump
            assert trump is not None
            cards = [Action.parse(t) for t in view.legal]
            named = [a for a in cards if a.card is not None
                     and card_name(a.card, int(trump)) != str(a.card)]
            rest = [a for a in cards if a not in named]
            if not named or not rest:
                continue
            reason = explain(view, [option(str(rest[0]), 0.5), option(str(named[0]), 0.4)])
            assert named[0].card is not None
            how = "leading" if leading else "playing"
            assert f"next best: {how} {card_name(named[0].card, int(trump))}, 40%)" in reason
            seen.add(how)
            break
    assert seen == {"leading", "playing"}


def test_options_that_euchre_alike_are_told_apart_by_the_makers_marches_R19() -> None:
    """Two defences after which the maker is euchred as often differ in how often he
    takes all five (3 points, R19): the reason says so, not the euchre rate alone."""
    view = defender_view((0, 0, 0))
    reason = explain(view, [option("pass", 0.3, stopped=0.2, conceded=0.7, marched_on=0.1),
                            option("alone", 0.2, stopped=0.2, conceded=0.4,
                                   marched_on=0.4)])
    assert reason.startswith(f"not defending alone{DEFENDER_HOLDS}: "
                             "the maker is euchred in 20% of the deals "
                             "sampled; the maker takes all five in 10% of them, against "
                             "40% after defending alone"), reason


def test_a_share_of_none_is_said_as_none_R19_R20() -> None:
    """A rate of none of the deals sampled reads "none", as "against none" does, not
    "0%", which would read as a certainty."""
    view = defender_view((0, 0, 0))
    reason = explain(view, [option("pass", 0.3, conceded=1.0),
                            option("alone", 0.2, stopped=0.3, conceded=0.7)])
    assert reason.startswith(f"not defending alone{DEFENDER_HOLDS}: "
                             "the maker is euchred in none of the deals sampled; "
                             "defending alone would euchre him more often (30%), but "
                             "leaves you less chance to win the game"), reason
    made = explain(first_round(), [option("order", 0.5, made=1.0),
                                   option("pass", 0.2, stopped=0.5, conceded=0.5)])
    assert made.startswith(f"ordering up the JD{FIRST_HOLDS}: "
                           "you make it in 100% of the deals sampled, "
                           "euchred in none"), made


def test_a_defenders_card_that_stops_a_march_says_so_R19() -> None:
    """Two cards after which the maker is euchred as often (none, say) may differ in how
    often he takes all five (3 points, R19): the reason says so, where it said only that
    the card "beats the cards played so far" beside two rows of "maker euchred 0%"."""

    for view in trick_positions(100, seed=5):
        if view.maker is None or view.maker == view.seat or len(view.legal) < 2:
            continue
        first, second = view.legal[:2]
        reason = explain(view, [option(first, 0.3, conceded=0.9, marched_on=0.1),
                                option(second, 0.2, conceded=0.4, marched_on=0.6)])
        card = Action.parse(second).card
        assert card is not None and view.trump is not None
        assert (f"; the maker takes all five in 10% of the deals sampled, against 60% "
                f"after playing {card_name(card, int(view.trump))} (win chance") in reason
        alike = explain(view, [option(first, 0.3, conceded=0.9, marched_on=0.1),
                               option(second, 0.2, conceded=0.9, marched_on=0.1)])
        assert "takes all five" not in alike
        return
    pytest.fail("no defender's card to choose")


def test_R13_a_hint_on_the_table_names_a_defenders_pass_as_its_button_does() -> None:
    """The full-screen table's hint said "not defend alone" beside a "don't defend
    alone" button (and the web page's hint says "Don't defend alone"); with the view
    given, the hint's lines name it as the button does; without, as the record does."""

    view = defender_view((0, 0, 0))
    analysis = small(5).analyse(view)
    shown = "\n".join(hint_lines(analysis, ("You", "Left", "Right"), view))
    assert "don't defend alone" in shown and "not defend alone " not in shown, shown
    assert "  pass " in "\n".join(hint_lines(analysis, ("You", "Left", "Right")))


def test_hint_lines_show_a_chance_above_certainty_as_100_percent() -> None:
    """The tie-break on points may take a value a hair above 1: the line for people
    says 100.0%, as the JSON says 1.0, never 100.1%; an option after which no hand was
    made or defended (all thrown in) ends with its tricks, no ending after them."""
    analysis = Analysis(seat=1, phase=Phase.BID_FIRST, samples=4,
                        options=(option("order", 1.0013), option("pass", 0.5)))
    order = next(line for line in hint_lines(analysis) if line.lstrip().startswith("order"))
    assert "win 100.0%" in order, order
    assert order.endswith("side tricks 0.00"), order


def test_hint_lines_name_a_bidding_move_as_a_player_says_it_R7() -> None:
    """With the view, the moves are written as a player says them ("order up the JD");
    a pass in the bidding is a pass, not the defender's "don't defend alone" button
    (R13), which names a pass only in a defender's choice."""
    view = first_round()
    analysis = Analysis(seat=1, phase=Phase.BID_FIRST, samples=4, reason="why",
                        options=(option("pass", 0.5), option("order", 0.4)))
    lines = hint_lines(analysis, view=view)
    assert lines[1] == "Hint: pass - why", lines
    assert any(line.startswith(f"  order up the {view.upcard}") for line in lines), lines
    assert "defend alone" not in "\n".join(lines)


def test_a_hint_on_one_sample_per_option_is_valued() -> None:
    """``samples=1`` is the least the hint takes, and its figures are shown (not the
    nulls of a forced move, which is not valued)."""
    view = first_round()
    analysis = hint(view, samples=1)
    assert analysis.samples == 1
    for shown in hint_json(analysis)["options"]:
        assert isinstance(shown["win_chance"], float), shown
        assert isinstance(shown["points"], float) and isinstance(shown["tricks"], float)


def test_hint_json_rounds_chances_to_four_places_points_and_tricks_to_three() -> None:
    """The JSON's figures, rounded as the protocol's example shows them: a chance to a
    hundredth of a percent, points and tricks to thousandths."""
    analysis = Analysis(seat=1, phase=Phase.BID_FIRST, samples=4, options=(
        Option(Action.parse("order"), 0.123456, 1.23456, 2.34567, Outcomes(made=1.0)),))
    shown = hint_json(analysis)["options"][0]
    assert (shown["win_chance"], shown["points"], shown["tricks"]) == (0.1235, 1.235, 2.346)


def test_R15_a_lead_through_the_maker_is_said_only_with_the_maker_on_your_left() -> None:
    """A defender leads "through the maker, so your partner plays last" only when the
    maker sits on his left (plays next) and nobody sits out (R13, R15); and a plain
    card that is no ace, led there, is always said to go through him."""
    seen = set()
    for view in trick_positions(200, seed=3, leading=True):
        assert view.trump is not None
        trump, me, maker = int(view.trump), view.seat, view.maker
        through_maker = (maker is not None and me != maker and view.sitting_out is None
                         and maker == (me + 1) % 3)
        for text in view.legal:
            card = Action.parse(text).card
            assert card is not None
            reason = explain(view, [option(text, 0.5)])
            through = "through the maker" in reason
            assert not through or through_maker, (me, maker, reason)
            plain = EFF_SUIT[trump][card.id] != trump and str(card)[0] != "A"
            if plain and through_maker:
                assert through, (me, maker, reason)
                seen.add(me)
        if seen == {0, 1, 2}:
            return
    pytest.fail(f"a lead through the maker found only from seats {seen}")


def test_R17_a_card_is_said_to_trump_only_when_it_is_a_trump_on_a_plain_lead() -> None:
    """"trumping with X" is said of a winning trump played to a trick led in another
    suit, and of nothing else: a card that follows suit and beats the trick does not
    trump it, nor does a higher trump on a trump lead."""
    seen = set()
    for view in trick_positions(300, seed=13):
        assert view.trump is not None
        trump = int(view.trump)
        led_trump = EFF_SUIT[trump][view.current_trick[0][1].id] == trump
        for text in view.legal:
            card = Action.parse(text).card
            assert card is not None
            reason = explain(view, [option(text, 0.5)])
            is_trump = EFF_SUIT[trump][card.id] == trump
            trumping = f"trumping with {card_name(card, trump)}" in reason
            table = [c for _, c in view.current_trick]
            wins = trick_winner([*table, card], view.trump) == len(table)
            assert trumping == (is_trump and not led_trump and wins), reason
            if wins:
                seen.add((is_trump, led_trump))
        if len(seen) == 3:  # (a plain card never wins a trick led in trump)
            return
    pytest.fail(f"only {seen} winners found in 300 random hands")


def test_R14_the_up_card_played_to_the_trick_in_progress_is_not_still_out() -> None:
    """The dealer's up-card, once he has played it to the trick under way, is seen: the
    cards "still out" that a reason counts (a higher trump, the last trump) leave it
    out, as they do once the trick is over."""
    for view in trick_positions(400, seed=17):
        if (view.upcard_taken and view.dealer != view.seat
                and (view.dealer, view.upcard) in view.current_trick):
            assert view.upcard not in _unseen(view), view
            return
    pytest.fail("no trick in 400 random hands has the dealer's up-card played to it")


def test_R17_a_lead_is_as_good_as_a_higher_card_only_with_none_between_still_out() -> None:
    """"leading KS, as good as your AS (no higher spade is left out)" is said only when
    no card of that suit above the one led is still out (a QS led under an unseen KS is
    not as good as the AS)."""
    said = 0
    for view in trick_positions(400, seed=7, leading=True):
        assert view.trump is not None
        trump = int(view.trump)
        unseen = _unseen(view)
        for text in view.legal:
            card = Action.parse(text).card
            assert card is not None
            reason = explain(view, [option(text, 0.5)])
            if ", as good as your " in reason:
                suit = EFF_SUIT[trump][card.id]
                assert not any(EFF_SUIT[trump][c.id] == suit
                               and PLAIN_POWER[c.id] > PLAIN_POWER[card.id]
                               for c in unseen), reason
                said += 1
    assert said, "no lead from the top of a run in 400 random hands"


def test_R12_a_keep_counts_trumps_and_aces_in_words() -> None:
    """A keep of five is said with what it holds: "(two trumps and an ace)", "(no
    trumps)" counted in words ("no", not "0"), an ace joined with "and", never "but"
    after a count of trumps. (Low priority: wording.)"""
    said = set()
    for view in keep_views(6, seed=2):
        for text in view.legal[:60]:
            shown = describe_option(view, option(text, 0.5))
            summary = shown[shown.index("(") + 1:-1]
            assert not summary[0].isdigit() and " but " not in summary, shown
            said.update(word for word in ("no trumps", " and an ace") if word in summary)
    assert said == {"no trumps", " and an ace"}, said


def test_R21_a_lone_defence_sweeping_often_says_so_even_where_it_euchres_more() -> None:
    """Sweeps in 10% of the deals or more are the lone defence's reason whatever the
    other option's euchres (here it euchres less than defending alone)."""
    reason = explain(defender_view((0, 0, 0)), [
        option("alone", 0.5, stopped=0.5, swept=0.3, conceded=0.2),
        option("pass", 0.4, stopped=0.5, conceded=0.5)])
    assert reason.startswith(f"defending alone{DEFENDER_HOLDS}: you take all five in 30% "
                             "of the deals sampled, 4 points to each defender, and the "
                             "maker is euchred in 80%"), reason


def test_R7_passing_that_euchres_the_other_maker_half_the_time_is_not_called_only() -> None:
    """A risky order against a pass after which the other maker is euchred in 60%: the
    reason says "euchred in 60%", not "only 60%"."""
    reason = explain(first_round(), [option("order", 0.3, made=0.5, euchred=0.5),
                                     option("pass", 0.2, stopped=0.6, conceded=0.4)])
    assert "and of those he is euchred in 60%" in reason, reason
    assert "only" not in reason, reason


def test_R21_a_lone_defence_for_sweeps_in_one_deal_in_a_hundred_says_so() -> None:
    """Sweeps as rare as 1% of the deals are still the reason where defending alone
    euchres no more often than the alternative."""
    reason = explain(defender_view((0, 0, 0)), [
        option("alone", 0.66, stopped=0.97, swept=0.01, conceded=0.02),
        option("pass", 0.64, stopped=1.0)])
    assert reason.startswith(f"defending alone{DEFENDER_HOLDS}: you take all five in 1% "
                             "of the deals sampled"), reason


def test_R17_the_natural_move_kept_on_a_noisy_edge_says_what_it_gave_up() -> None:
    """With ``edge`` and ``noise`` in ``extra`` (the expert's ``margin``) the natural
    move is chosen although the next option averaged a little more: the reason gives
    the choice's own reason (the bid in words, or the card's job in play), then names
    that next option, by how much it averaged more and within what noise, in words
    ("ordering up the JD", "leading AC"); not a later option, nor the choice itself."""
    view = first_round()
    bid = explain(view, [option("pass", 0.300, stopped=1.0), option("order", 0.305, made=1.0)],
                  {"edge": 0.005, "noise": 0.012})  # two options, as before play
    assert bid.startswith("passing; ordering up the JD averaged only 0.5% more, within the "
                          "samples' noise of ±1.2% (win chance 30.0%, "), bid
    assert bid.count("ordering up the JD") == 2  # here, and as the next best in the figures
    hand = played(4, "1 order", "0 leave", "1 dummy")
    hand.push(Action.parse("keep " + " ".join(str(c) for c in hand.view(1).cards[:5])), 1)
    while hand.phase is not Phase.PLAY:
        hand.push(Action.parse("pass"), hand.to_act)
    lead = hand.view(1, (0, 0, 0))
    assert lead.legal[:3] == ("play KC", "play AC", "play 9D")
    card = explain(lead, [option("play KC", 0.30, made=1.0), option("play AC", 0.31, made=1.0),
                          option("play 9D", 0.2, made=1.0)],
                   {"edge": 0.01, "noise": 0.02})
    assert card.startswith("leading KC, as good as your AC (no higher club is left out): AC "
                           "stays for later; leading AC averaged only 1.0% more, within the "
                           "samples' noise of ±2.0% (win chance 30%, "), card


def test_R3_R16_a_card_that_spares_the_maker_names_the_bowers_as_play_does() -> None:
    """A defender's card chosen to euchre the maker less often (his partner would gain
    more by the euchre) names a bower as play does, "the right bower", whether it is the
    card chosen or the one weighed against (not "JC", which under clubs reads as a
    plain club to a newcomer)."""
    hand = played(1, "1 pass", "2 pass", "0 order", "0 discard TH", "0 dummy",
                  "0 keep QH KH AH JS QS", "1 alone", "0 play KH")
    view = hand.view(1, (3, 3, 7))  # seat 1 defends against seat 0; its partner on 7
    assert view.phase is Phase.PLAY and str(view.trump) == "C" and view.maker == 0
    assert {"play JC", "play TC"} <= set(view.legal)
    spares = explain(view, [option("play JC", 0.3, stopped=0.2, conceded=0.8),
                            option("play TC", 0.2, stopped=0.7, conceded=0.3)])
    assert spares.startswith("playing the right bower: the maker is euchred in 20% of the "
                             "deals sampled, against 70% after playing TC; a euchre's two "
                             "points would help"), spares
    against = explain(view, [option("play TC", 0.3, stopped=0.2, conceded=0.8),
                             option("play JC", 0.2, stopped=0.7, conceded=0.3)])
    assert against.startswith("playing TC: the maker is euchred in 20% of the deals sampled, "
                              "against 70% after playing the right bower; "), against


def test_R17_R19_the_next_best_speaks_of_points_only_where_they_speak_for_it() -> None:
    """The runner-up's clause: a tie with one more option says "and one other" (not
    "others"); a tie on equal points says nothing of points; a close call, or chances
    alike to a hundredth, where the choice itself scores more, says nothing of the next
    best scoring more or the choice fewer (each would be false)."""
    view = first_round()
    one_more = explain(view, [option("pass", 0.3, stopped=1.0), option("order", 0.3, made=1.0),
                              option("order", 0.3, made=1.0), option("pass", 0.1, stopped=1.0)])
    assert "; ordering up the JD and one other are worth as much on the deals sampled " \
        "(win chance" in one_more, one_more
    level = explain(view, [option("pass", 0.3, stopped=1.0), option("order", 0.3, made=1.0),
                           option("pass", 0.1, stopped=1.0)])
    assert "; ordering up the JD is worth as much on the deals sampled (win chance 30%, " \
        "+0.00 points" in level, level
    defence = defender_view((0, 0, 0))
    close = explain(defence, [valued("alone", 0.0035, 0.85, stopped=1.0),
                              valued("pass", 0.0026, 0.25, stopped=1.0)],
                    {"lead": 0.0009, "lead_noise": 0.002})
    assert "; a close call: not defending alone averaged only 0.1% less, within the " \
        "samples' noise of ±0.2% (win chance 0.4%, +0.85 points" in close, close
    alike = explain(defence, [
        Option(Action.parse("pass"), 0.40001, 0.25, 0.0, Outcomes(stopped=0.2, conceded=0.8),
               0.4),
        Option(Action.parse("alone"), 0.4, 0.85, 0.0, Outcomes(stopped=0.2, conceded=0.8),
               0.4)])
    assert "; defending alone is worth the same to your chance to win, to a hundredth of a " \
        "percent (win chance 40%, +0.25 points" in alike, alike
    assert "fewer points" not in alike and "scores more" not in alike


def test_a_keeps_hint_writes_its_cards_in_the_hands_order_as_its_reason_does_R12() -> None:
    """``cutthroat hint`` at a keep wrote the move in the record's order (by card id) and
    its reason in the hand's (by suit, trumps last): "keep QC KC AD JS AS - keeping AD
    AS QC KC JS". Both now follow the hand, as the line game shows it, and so do the
    options (a keep is typed in any order, R12)."""
    for view in keep_views(6, seed=12):
        analysis = small(5).analyse(view)
        assert analysis.trump is view.trump is not None
        shown = ["keep " + " ".join(map(str, sort_cards(o.action.cards, view.trump)))
                 for o in analysis.options]
        lines = hint_lines(analysis)
        assert lines[1].startswith(f"Hint: {shown[0]} - keeping {shown[0][5:]}")
        table = [line.split("  win ")[0].strip() for line in lines[3:3 + len(shown)]]
        assert table == shown
        assert Action.parse(shown[0]) == analysis.best  # the line game takes it as it is
        if any(s != str(o.action) for s, o in zip(shown, analysis.options, strict=True)):
            break
    else:
        raise AssertionError("no keep here whose hand order is not the record's")
