"""The hint's reasons say only what is true of the position: the score notes by the
game's real end (R20–R22, ties and both defenders' euchre points counted), the trumps
and voids the seat has seen (R16, R17), one rationale where the score is the reason.
Found by a strong player's check of the hints; each test builds its position with the
Python API."""

from __future__ import annotations

import itertools

from conftest import make_hand, push_all
from cutthroat import Action, Card, Hand, Phase, Rules, Suit
from cutthroat.bots.expert import Option, Outcomes
from cutthroat.bots.reasons import euchre_costs, explain
from cutthroat.bots.valuation import hand_value
from cutthroat.scoring import winners_after
from cutthroat.views import View
from test_hint_reasons import (
    DEFENDER_HOLDS,
    cards_of_mask_unseen,
    defender_view,
    first_round,
    option,
    played,
    trick_positions,
)


def valued(text: str, value: float, points: float = 0.0, chance: float | None = None,
           **shares: float) -> Option:
    """An option worth ``value`` with ``points`` expected in the hand (and ``chance`` to
    win the game, the tie-break left out, when given)."""
    return Option(Action.parse(text), value, points, 0.0, Outcomes(**shares), chance)


RISKY_ORDER = option("order", 0.3, made=0.3, euchred=0.7)
PASS = option("pass", 0.1, stopped=0.5, conceded=0.5)


# --- A: the score notes follow the game's end (R20, R22) ---------------------------

def test_a_euchre_that_ties_the_leaders_gives_nobody_the_game_r20_r22_play_on() -> None:
    """At 8-4-8, seat 1 ordering up: a euchre makes it 10-4-10, two players level on
    top, and under ``tie = play_on`` the game goes on: no "would give ... the game"."""
    reason = explain(first_round(scores=(8, 4, 8)), [RISKY_ORDER, PASS])
    assert "the game" not in reason, reason
    # a pass, the order its rival: the same euchre, the same silence
    assert "the game" not in explain(first_round(scores=(8, 4, 8)), [
        option("pass", 0.3, stopped=0.5, conceded=0.5),
        option("order", 0.1, made=0.6, euchred=0.4)])
    # one of them alone on 8: the euchre does give him the game
    alone = explain(first_round(scores=(8, 4, 6)), [RISKY_ORDER, PASS])
    assert "a euchre would give the player on your right (on 8 points) the game" in alone


def test_a_euchre_that_ties_the_leaders_is_a_shared_game_r22_tie_share() -> None:
    """Under ``tie = share`` the same euchre ends the game, the two sharing the win."""
    view = Hand.deal(Rules(tie="share"), dealer=0, seed=4).view(1, (8, 4, 8))
    reason = explain(view, [RISKY_ORDER, PASS])
    assert ("a euchre would end the game, the player on your left (on 8 points) and the "
            "player on your right (on 8 points) sharing the win") in reason, reason


def test_a_player_one_point_away_is_not_given_the_game_by_a_tied_euchre_r20_r22() -> None:
    """At 10-7-10 (both leaders level past the target, the game going on), the order
    keeps the player on the left from the point that would win, but a euchre, 12-7-12,
    wins nobody the game."""
    reason = explain(first_round(scores=(10, 7, 10)), [
        option("order", 0.3, made=0.42, euchred=0.57), PASS])
    assert ("it keeps the player on your left (on 10 points), one point from the game, "
            "from making trump") in reason, reason
    assert "though a euchre" not in reason


def test_all_five_win_nothing_behind_two_players_past_the_target_r19_r22() -> None:
    """Seat 0 on 7, the others on 11: a march takes it to 10, still behind both."""
    reason = explain(first_round(seat=0, scores=(7, 11, 11)), [
        option("order", 0.3, made=0.2, marched=0.1, euchred=0.7), PASS])
    assert "all five would win you the game" not in reason, reason
    behind = explain(first_round(seat=0, scores=(9, 11, 11)), [
        option("order", 0.3, made=0.9, euchred=0.1), PASS])
    assert "one point wins you the game" not in behind, behind
    ahead = explain(first_round(seat=0, scores=(11, 11, 5)), [
        option("order", 0.3, made=0.9, euchred=0.1), PASS])
    assert "one point wins you the game" in ahead, ahead


def test_a_lone_defence_that_would_hand_the_partner_the_game_says_so_r13_r21_r22() -> None:
    """Seat 2 on 0 defends, its partner on 8: a euchre gives the partner the game (10
    against 2), and the hint says that, not that its points "help him more"."""
    reason = explain(defender_view((8, 5, 0)), [
        option("alone", 0.25, stopped=0.1, conceded=0.9),
        option("pass", 0.24, stopped=0.6, swept=0.1, conceded=0.3)])
    assert ("a euchre would give the player on your left (on 8 points) the game, and he "
            "wins it even while he sits out: defending alone, without his cards, only makes a "
            "euchre less likely") in reason, reason
    assert "more than you" not in reason


# --- B, C: trumps and voids as the seat has seen them (R16, R17) -------------------

def called_hearts(hands: tuple[str, str, str], upcard: str, *keep: str) -> Hand:
    """Dealer 0; all pass the first round; seat 1 calls hearts, takes the dummy, keeps
    ``keep`` (its own five) and both defenders pass: seat 1 to lead."""
    hand = make_hand(hands, upcard)
    push_all(hand, ["1 pass", "2 pass", "0 pass", "1 call H", "1 dummy",
                    "1 keep " + " ".join(keep), "2 pass", "0 pass"])
    return hand


def lead(view: View, card: str) -> str:
    return explain(view, [option(f"play {card}", 0.5, made=1.0)])


def test_no_trump_is_left_against_you_when_both_opponents_showed_void_r16_r17() -> None:
    """The maker leads the right bower and both opponents show void in trump: the three
    trumps still unseen lie in the kitty. Leading a trump then draws nothing, and an ace
    cannot be trumped: "no trump is left against you"."""
    hand = called_hearts(("9D TD QD KD AD", "JH JD AH KH AS", "9S TS JS QS KS"), "9C",
                         "JH", "JD", "AH", "KH", "AS")
    first = hand.view(1, (0, 0, 0))
    assert lead(first, "KH").startswith("leading KH draws the trumps still out")
    push_all(hand, ["1 play JH", "2 play 9S", "0 play 9D"])
    view = hand.view(1, (0, 0, 0))
    assert view.current_trick == () and hand.to_act == 1
    for card in ("KH", "AH"):
        reason = lead(view, card)
        assert reason.startswith(f"leading {card}: no trump is left against you"), reason
        assert "draws" not in reason
    assert lead(view, "JD").startswith("leading the left bower: no trump is left against you")
    assert lead(view, "AS").startswith("cashing AS: no trump is left against you")


def test_a_low_trump_led_under_a_higher_one_still_out_is_not_said_to_draw_them_r17() -> None:
    """The right bower unseen (seat 2 holds it), a lower trump led only draws a round of
    trumps: it is not said to draw "the trumps still out"."""
    hand = called_hearts(("9D TD QD KD AD", "JD AH KH TH AS", "9S TS JS QS JH"), "9C",
                         "JD", "AH", "KH", "TH", "AS")
    view = hand.view(1, (0, 0, 0))
    reason = lead(view, "TH")
    assert reason.startswith("leading TH draws a round of trumps, though a higher trump is "
                             "still out"), reason


def test_an_ace_is_not_cashed_before_it_can_be_trumped_by_a_player_void_in_it_r16() -> None:
    """Seat 2 showed void in clubs (it threw 9S on KC) and may hold trumps: leading the
    ace of clubs is not "before it can be trumped"; the ace of spades, a suit nobody has
    shown void in, is."""
    hand = called_hearts(("9C TC QD KD AD", "AC KC JH AH AS", "9S TS QH KH TD"), "9D",
                         "AC", "KC", "JH", "AH", "AS")
    push_all(hand, ["1 play KC", "2 play 9S", "0 play 9C"])
    view = hand.view(1, (0, 0, 0))
    assert hand.to_act == 1 and not view.current_trick
    reason = lead(view, "AC")
    assert "before it can be trumped" not in reason, reason
    assert reason.startswith("leading AC, though the player on your left has shown void in "
                             "clubs and may trump it"), reason
    assert lead(view, "AS").startswith("cashing AS before it can be trumped")


# --- E: the score note weighs the choice against an option that differs -------------

def dealer_discarding() -> View:
    """Seed 24: seat 1 orders spades, the dealer (seat 0, a defender) picks up and holds
    both bowers (JS, JC); seat 0 on 3, the maker on 5, its partner (seat 2) on 8."""
    view = played(24, "1 order", "0 pickup").view(0, (3, 5, 8))
    assert view.phase is Phase.DISCARD and str(view.trump) == "S"
    assert {"JC", "JS", "QD"} <= {str(c) for c in view.cards}
    return view


def test_a_score_note_is_not_lost_behind_an_option_worth_as_much_r20_r22() -> None:
    """The best discards tie; the next worth less euchres the maker every time, which
    would give the partner the game: the note compares with that one, and says so."""
    reason = explain(dealer_discarding(), [
        option("discard JC", 0.005, stopped=0.65, conceded=0.35),
        option("discard JS", 0.005, stopped=0.65, conceded=0.35),
        option("discard QD", 0.001, stopped=1.0)])
    assert reason.startswith("discarding the left bower: the maker is euchred in 65% of the "
                             "deals sampled, against 100% after discarding QD; a euchre "
                             "would give the player on your right (on 8 points) the game"), \
        reason


# --- F: one rationale when the score is the reason ---------------------------------

def test_a_card_that_spares_the_maker_gives_the_score_as_its_one_reason_r16_r20_r22() -> None:
    """Leading through the maker to euchre him less, because a euchre would give the
    partner the game: the hint says that, not also that the lead lets the partner play
    last (a reason to euchre, which is not why the card is chosen)."""
    import dataclasses

    from cutthroat.cards import effective_suit

    for view in trick_positions(200, seed=29, leading=True):
        maker, me, trump = view.maker, view.seat, view.trump
        if maker is None or me == maker or view.sitting_out is not None \
                or (me + 1) % 3 != maker or trump is None:
            continue
        plain = [c for c in (Action.parse(t).card for t in view.legal)
                 if c is not None and effective_suit(c, trump) != trump
                 and str(c)[0] not in "AJ"]
        if len(plain) < 2:
            continue
        assert "through the maker" in explain(view, [option(f"play {plain[0]}", 0.3)])
        partner = 3 - me - maker
        scores = [3, 3, 3]
        scores[partner] = 8
        behind = dataclasses.replace(view, scores=(scores[0], scores[1], scores[2]))
        reason = explain(behind, [option(f"play {plain[0]}", 0.3, stopped=0.2, conceded=0.8),
                                  option(f"play {plain[1]}", 0.2, stopped=0.4, conceded=0.6)])
        assert "through the maker" not in reason, reason
        assert reason.startswith(f"leading {plain[0]}: the maker is euchred in 20% of the "
                                 f"deals sampled, against 40% after leading {plain[1]}; a "
                                 "euchre would give the player on your "), reason
        assert "(on 8 points) the game (win chance" in reason, reason
        return
    raise AssertionError("no defender to lead through the maker in 200 random hands")


# --- wording ------------------------------------------------------------------------

def test_chances_level_to_a_hundredth_of_a_percent_are_said_to_be_the_same() -> None:
    """Both certain to win (values parted only by the tie-break on points), or both
    lost: the hint says the next best is worth the same to the chance to win, not
    "win chance 100% ... next best pass 100%"."""
    view = defender_view((6, 4, 8))
    won = explain(view, [valued("alone", 1.00040, 2.15, stopped=1.0),
                         valued("pass", 1.00025, 2.00, stopped=1.0)])
    assert "next best" not in won, won
    assert ("not defending alone is worth the same to your chance to win, to a hundredth of a "
            "percent, but scores fewer points (+2.00 against +2.15)") in won, won
    lost = explain(view, [valued("pass", 0.00004, stopped=1.0),
                          valued("alone", 0.0, stopped=1.0)])
    assert "alone is worth the same to your chance to win" in lost and "next best" \
        not in lost, lost


def test_a_game_lost_whatever_is_chosen_shows_no_chance_to_win() -> None:
    """Seat 2 at 0, the maker and the other defender at 9 (to 10): whoever makes it, or
    euchres the maker, wins, never seat 2. The hint said "win chance 0.13%; next best
    pass 0.07%": the tie-break on points (hand_value's) in the chance shown. The chance
    a player reads is the chance alone, exactly 0 here, and the options are said to be
    worth the same to it; the expert ranks them as before (by the tie-break)."""
    from cutthroat.bots import ExpertBot
    from cutthroat.bots.hints import hint_json, hint_lines

    view = defender_view((9, 9, 0))
    analysis = ExpertBot(seed=1, bid_samples=10).analyse(view)
    assert [o.win_chance for o in analysis.options] == [0.0, 0.0]
    assert all(o.value < 0 for o in analysis.options)  # the tie-break: the maker scores
    shown = [line for line in hint_lines(analysis) if "  win " in line]
    assert len(shown) == 2 and all(" win   0.0% " in line for line in shown), shown
    assert [o["win_chance"] for o in hint_json(analysis)["options"]] == [0.0, 0.0]
    # Lone defence euchres the maker for 4 points, passing for 2: values 0.13% and
    # 0.07% by the tie-break alone, which two decimals tell apart.
    lost = explain(view, [valued("alone", 0.0013, 4.0, euchred=1.0, chance=0.0),
                          valued("pass", 0.0007, 2.0, euchred=1.0, chance=0.0)])
    assert "win chance 0%" in lost and "next best" not in lost, lost
    assert ("not defending alone is worth the same to your chance to win, to a hundredth of a "
            "percent, but scores fewer points (+2.00 against +4.00)") in lost, lost


def test_a_discard_names_the_bowers_as_play_does_r3() -> None:
    """"discarding the left bower", as a card played is named, not "discarding JC"."""
    view = dealer_discarding()
    reason = explain(view, [option("discard JC", 0.3, stopped=0.5, conceded=0.5),
                            option("discard QD", 0.2, stopped=0.4, conceded=0.6)])
    assert reason.startswith("discarding the left bower"), reason
    right = explain(view, [option("discard JS", 0.3, stopped=0.5, conceded=0.5),
                           option("discard QD", 0.2, stopped=0.4, conceded=0.6)])
    assert right.startswith("discarding the right bower"), right


def test_the_dealers_last_pass_says_it_throws_the_hand_in_r10() -> None:
    """The dealer, last to bid in the second round after two passes, throws the hand in
    by passing: the reason says so. A pass with a player still to bid does not."""
    hand = played(4, "1 pass", "2 pass", "0 pass", "1 pass", "2 pass")
    view = hand.view(0, (0, 0, 0))
    assert view.phase is Phase.BID_SECOND and hand.to_act == 0 == view.dealer
    call = next(a for a in view.legal if a.startswith("call"))
    reason = explain(view, [option("pass", 0.3, thrown_in=1.0),
                            option(call, 0.2, made=0.4, euchred=0.6)])
    assert reason.startswith("passing throws the hand in: were you to call "), reason
    alone = explain(view, [option("pass", 0.3, thrown_in=1.0)])
    assert alone.startswith("passing throws the hand in: it is worth most"), alone
    earlier = played(4, "1 pass", "2 pass", "0 pass").view(1, (0, 0, 0))
    assert "throws the hand in" not in explain(earlier, [
        option("pass", 0.3, stopped=0.5, conceded=0.5),
        option(call, 0.2, made=0.4, euchred=0.6)])


def test_a_rate_of_none_of_the_deals_sampled_is_said_as_none() -> None:
    """"against 0% after going alone" read as "impossible" to a newcomer, who then
    defended alone and euchred the maker: of the deals sampled, none."""
    view = defender_view((0, 0, 0))
    reason = explain(view, [valued("pass", 0.4, stopped=0.22, conceded=0.78),
                            valued("alone", 0.3, conceded=1.0)])
    assert reason.startswith(f"not defending alone{DEFENDER_HOLDS}: "
                             "the maker is euchred in 22% of the deals "
                             "sampled, against none after defending alone"), reason


def test_a_reason_and_the_table_beside_it_round_a_half_alike() -> None:
    """One deal in 40 is 2.5%: the reason said "2%" (Python rounds a half to even) where
    the page's table of options said "3%"; both round a half up now."""
    from cutthroat.bots.hints import _ending

    view = defender_view((0, 0, 0))
    reason = explain(view, [valued("pass", 0.3, stopped=0.025, conceded=0.975),
                            valued("alone", 0.2, stopped=0.1, conceded=0.9)])
    assert reason.startswith(f"not defending alone{DEFENDER_HOLDS}: "
                             "the maker is euchred in 3% of the "
                             "deals sampled"), reason
    assert _ending(Outcomes(stopped=0.025, conceded=0.975)) == "   maker euchred 3%"
    made = explain(first_round(), [valued("order", 0.5, made=0.825, euchred=0.175),
                                   valued("pass", 0.2, stopped=1.0)])
    assert "you make it in 83% of the deals sampled, euchred in 17%" in made, made


def test_R20_an_option_that_euchres_more_but_is_worth_less_is_not_said_as_the_reason() -> None:
    """A newcomer read "the maker is euchred in 15% of the deals sampled, against 20%
    after discarding JS" as a reason to discard the JS: the option that euchres more
    often, but is worth less to the chance to win, is said as what it does not buy."""
    view = defender_view((0, 0, 0))
    reason = explain(view, [valued("pass", 0.4, stopped=0.2, conceded=0.8),
                            valued("alone", 0.3, stopped=0.4, conceded=0.6)])
    assert reason.startswith(f"not defending alone{DEFENDER_HOLDS}: the maker is euchred in "
                             "20% of the deals sampled; defending alone would euchre him more "
                             "often (40%), but leaves you less chance to win the game "
                             "(win chance 40%"), reason
    assert "against 40%" not in reason
    # Worth as much to the chance to win (the points' tie-break apart): no claim of less
    # chance; the next best is said to be worth the same.
    level = explain(view, [valued("pass", 0.40001, chance=0.4, stopped=0.2, conceded=0.8),
                           valued("alone", 0.4, chance=0.4, stopped=0.4, conceded=0.6)])
    assert level.startswith(f"not defending alone{DEFENDER_HOLDS}: the maker is euchred in "
                            "20% of the deals sampled; defending alone is worth the same to "
                            "your chance to win, to a hundredth of a percent (win"), level
    # An option that euchres less often, worth less, stays the contrast.
    fewer = explain(view, [valued("pass", 0.4, stopped=0.4, conceded=0.6),
                           valued("alone", 0.3, stopped=0.2, conceded=0.8)])
    assert fewer.startswith(f"not defending alone{DEFENDER_HOLDS}: the maker is euchred in "
                            "40% of the deals sampled, against 20% after defending alone"), fewer


def test_R20_R22_an_option_euchring_more_is_turned_down_for_the_score_and_says_so() -> None:
    """A QA pass: nearly every option that euchred more often but was worth less was
    turned down because a euchre would give the partner the game, and the reason hid
    it ("... but leaves you less chance to win the game") wherever the euchres differed
    by less than a tenth. The score's reason is said however small the gap (a share
    said differently), before play and in play alike."""
    view = defender_view((9, 3, 4))  # seat 2 defends against seat 1; seat 0 is on 9
    reason = explain(view, [valued("pass", 0.4, stopped=0.15, conceded=0.85),
                            valued("alone", 0.3, stopped=0.2, conceded=0.8)])
    assert (f"not defending alone{DEFENDER_HOLDS}: the maker is euchred in 15% of the deals "
            "sampled, against 20% after defending alone; a euchre would give the player on "
            "your left (on 9 points) the game") in reason, reason
    assert "less chance" not in reason
    # Where the next best euchres as often, a later option that euchres more is told
    # apart by the score too (the defending dealer's discard, R8).
    discard = played(4, "1 order", "0 pickup").view(0, (0, 3, 9))  # seat 2 on 9
    assert discard.phase is Phase.DISCARD and discard.maker == 1
    third = explain(discard, [valued("discard TC", 0.4, stopped=0.15, conceded=0.85),
                              valued("discard QH", 0.3, stopped=0.15, conceded=0.85),
                              valued("discard QS", 0.2, stopped=0.2, conceded=0.8)])
    assert ("the maker is euchred in 15% of the deals sampled; discarding QS would euchre "
            "him more often (20%), but a euchre would give the player on your right (on 9 "
            "points) the game") in third, third


def test_an_option_euchring_more_is_not_weighed_twice_against_the_choice() -> None:
    """The next best's own clause says why it is not chosen (more points for less
    chance, or a close call): the reason does not also say "but leaves you less chance
    to win the game" before it."""
    view = defender_view((0, 0, 0))
    more_points = explain(view, [valued("pass", 0.4, 0.2, stopped=0.15, conceded=0.85),
                                 valued("alone", 0.399, 0.4, stopped=0.2, conceded=0.8)])
    assert more_points.count("less chance to win the game") == 1, more_points
    assert ("; defending alone would euchre him more often (20%); defending alone scores "
            "more points (+0.40 against +0.20) but leaves you less chance to win the game"
            ) in more_points, more_points
    close = explain(view, [valued("pass", 0.4, stopped=0.15, conceded=0.85),
                           valued("alone", 0.39, stopped=0.2, conceded=0.8)],
                    {"lead": 0.01, "lead_noise": 0.02})
    assert ("; defending alone would euchre him more often (20%); a close call: defending "
            "alone averaged only 1.0% less") in close, close
    assert "less chance" not in close


def test_R19_a_march_contrast_that_favours_the_other_option_is_not_the_reason() -> None:
    """"the maker takes all five in 42% of them, against none after picking up the TH"
    was given for leaving it: the marches are said only where they speak for the
    choice."""
    view = defender_view((0, 0, 0))
    worse = explain(view, [valued("pass", 0.4, stopped=0.3, conceded=0.3, marched_on=0.4),
                           valued("alone", 0.39, stopped=0.3, conceded=0.7)])
    assert "all five" not in worse, worse
    better = explain(view, [valued("pass", 0.4, stopped=0.3, conceded=0.7),
                            valued("alone", 0.39, stopped=0.3, conceded=0.3, marched_on=0.4)])
    assert ("the maker takes all five in none of them, against 40% after defending alone"
            in better), better
    # Past an option with fewer marches, the first with more is the contrast.
    discard = played(4, "1 order", "0 pickup").view(0, (0, 0, 0))
    later = explain(discard, [
        valued("discard TC", 0.4, stopped=0.3, conceded=0.5, marched_on=0.2),
        valued("discard QH", 0.3, stopped=0.3, conceded=0.6, marched_on=0.1),
        valued("discard QS", 0.2, stopped=0.3, conceded=0.3, marched_on=0.4)])
    assert "the maker takes all five in 20% of them, against 40% after discarding QS" \
        in later, later


def test_R22_one_point_to_win_is_no_reason_for_a_bid_rarely_made() -> None:
    """A call made in none of the deals sampled (a stuck dealer's, in a QA pass) was
    told "one point wins you the game": not a reason for a bid rarely made, here a
    first-round order."""
    view = first_round(scores=(0, 9, 0))
    rare = explain(view, [valued("order", 0.3, made=0.05, euchred=0.95),
                          valued("pass", 0.2, stopped=0.5, conceded=0.5)])
    assert "one point wins you the game" not in rare, rare
    made = explain(view, [valued("order", 0.3, made=0.5, euchred=0.5),
                          valued("pass", 0.2, stopped=0.5, conceded=0.5)])
    assert "one point wins you the game" in made, made


def test_R13_R14_the_up_card_of_a_dealer_who_sits_out_is_not_still_out() -> None:
    """The dealer took the up-card (the AC, trump) and then sat out behind his partner's
    lone defence: the AC is in his hand or his discard, out of play either way. A QA
    pass found the maker's right bower said to draw "the trumps still out" where only
    the TC could still be played."""
    hand = Hand.deal(Rules(), dealer=1, seed=10)
    push_all(hand, ["2 order", "1 pickup", "1 discard QH", "2 dummy",
                    "2 keep 9C JC QC KC JS", "0 alone"])
    assert hand.sitting_out == 1 == hand.dealer and str(hand.upcard) == "AC"
    view = hand.view(2, (9, 0, 0))
    reason = lead(view, "JC")
    assert reason.startswith("leading the right bower draws the last trump still out"), reason
    # Where the dealer plays, the up-card he took is still out to the others, as before.
    other = Hand.deal(Rules(), dealer=1, seed=10)
    push_all(other, ["2 order", "1 pickup", "1 discard QH", "2 dummy",
                     "2 keep 9C JC QC KC JS", "0 pass", "1 pass"])
    assert lead(other.view(2, (9, 0, 0)), "JC").startswith(
        "leading the right bower draws the trumps still out")


def _power(card: Card, view: View, led: Suit | None = None) -> int:
    """``card``'s power in the trick under way (R17), or in a trick of ``led``."""
    from cutthroat.cards import effective_suit, trick_power

    assert view.trump is not None
    if led is None:
        led = effective_suit(view.current_trick[0][1], view.trump)
    return trick_power(card.id, int(view.trump), int(led))


def test_R17_a_top_card_thrown_when_nothing_wins_is_not_called_least_useful() -> None:
    """A lone defender threw his AS with nothing winning the trick, "your least useful
    card", which a player reads as wrong of the best spade left: a card that no card
    still out beats in its suit is said to be one, and the keep to be worth more."""
    from cutthroat.cards import effective_suit

    seen = {True: 0, False: 0}
    for view in trick_positions(300, seed=29):
        trump = view.trump
        assert trump is not None
        hand = [Action.parse(t).card for t in view.legal]
        winner = max(view.current_trick, key=lambda p: _power(p[1], view))[1]
        if any(_power(c, view) > _power(winner, view) for c in hand if c is not None):
            continue  # something wins this trick
        out = cards_of_mask_unseen(view)
        for card in hand:
            assert card is not None
            others = [c for c in hand if c != card]
            reason = explain(view, [option(f"play {card}", 0.5)]
                             + [option(f"play {c}", 0.4) for c in others])
            if not reason.startswith("nothing wins this trick"):
                continue
            suit = effective_suit(card, trump)
            top = not any(effective_suit(c, trump) == suit
                          and _power(c, view, suit) > _power(card, view, suit) for c in out)
            seen[top] += 1
            assert ("though no card still out beats it in its suit" in reason) == top, reason
            assert ("your least useful card" in reason) == (not top), reason
    assert seen[True] and seen[False], seen


def test_R20_R22_more_euchres_the_score_makes_costly_are_not_the_reason() -> None:
    """A learner read "not defending alone: the maker is euchred in 10% of the deals
    sampled, against none after defending alone" just after a hint that a euchre would
    give his partner the game: the euchres are said with that cost, then what speaks
    for the choice (the marches it stops, else that it leaves more chance to win)."""
    view = defender_view((9, 3, 4))  # the partner, seat 0, on 9
    reason = explain(view, [
        valued("pass", 0.4, stopped=0.1, conceded=0.55, marched_on=0.35),
        valued("alone", 0.3, conceded=0.07, marched_on=0.93)])
    assert reason.startswith(
        f"not defending alone{DEFENDER_HOLDS}: the maker is euchred in 10% of the deals "
        "sampled, against none after defending alone, though a euchre would give the "
        "player on your left (on 9 points) the game; the maker takes all five in 35% of "
        "them, against 93% after defending alone"), reason
    plain = explain(view, [valued("pass", 0.4, stopped=0.1, conceded=0.9),
                           valued("alone", 0.3, conceded=1.0)])
    assert plain.startswith(
        f"not defending alone{DEFENDER_HOLDS}: the maker is euchred in 10% of the deals "
        "sampled, against none after defending alone, though a euchre would give the "
        "player on your left (on 9 points) the game; it leaves you more chance to win the "
        "game all the same"), plain
    # Where a euchre serves him, the euchres are the reason, as before.
    served = explain(defender_view((0, 0, 0)), [valued("pass", 0.4, stopped=0.1, conceded=0.9),
                                                valued("alone", 0.3, conceded=1.0)])
    assert "though" not in served and "all the same" not in served, served


def test_R19_an_order_made_in_no_deal_says_none_and_a_card_led_is_led() -> None:
    """A learner read "you make it in 0% of the deals sampled" (a share that rounds to 0%
    is "none", as bots.md says) and "leading KD: ... against 95% after playing TH" of
    two leads."""
    never = explain(first_round(), [valued("order", 0.3, euchred=1.0),
                                    valued("pass", 0.2, stopped=0.5, conceded=0.5)])
    assert "you make it in none of the deals sampled, euchred in 100%" in never, never
    view = next(v for v in trick_positions(60, seed=3, leading=True)
                if v.maker not in (None, v.seat) and len(v.legal) > 1)
    first, second = view.legal[:2]
    reason = explain(view, [valued(first, 0.4, stopped=0.3, conceded=0.6, marched_on=0.1),
                            valued(second, 0.3, stopped=0.3, conceded=0.3, marched_on=0.4)])
    card = Action.parse(second).card
    assert card is not None
    from cutthroat.move_words import card_name

    named = card_name(card, None if view.trump is None else int(view.trump))
    assert f"against 40% after leading {named}" in reason, reason
    assert "after playing" not in reason


def test_R22_one_point_is_said_to_win_only_where_one_point_reaches_the_target() -> None:
    """Seat 0 on 8 (target 10): one point takes it to 9, two would be needed; the
    order's reason says nothing of one point winning (nor of all five, never taken)."""
    reason = explain(first_round(seat=0, scores=(8, 3, 3)),
                     [option("order", 0.3, made=0.9, euchred=0.1), PASS])
    assert "wins you the game" not in reason, reason


def test_R22_one_point_wins_said_from_a_make_rate_of_ten_percent() -> None:
    """The rarely-made cut-off is 10% of the deals as maker: at exactly 10% the order
    one point from the game still says that one point wins it, at 9% it does not."""
    view = first_round(seat=0, scores=(9, 3, 3))
    reason = explain(view, [option("order", 0.3, made=0.1, euchred=0.9), PASS])
    assert "one point wins you the game" in reason, reason
    rare = explain(view, [option("order", 0.3, made=0.09, euchred=0.91), PASS])
    assert "one point wins you the game" not in rare, rare


def test_R19_R22_an_order_not_alone_reckons_all_five_as_the_ordinary_march() -> None:
    """With ``maker_alone_march = 5`` and the default three for an ordinary march, seat
    0 on 6 ordering up (not alone): all five take it to 9, not the game; on 7 they do."""
    hand = Hand.deal(Rules(maker_alone_march=5), dealer=0, seed=4)
    options = [option("order", 0.3, made=0.5, marched=0.3, euchred=0.2), PASS]
    short = explain(hand.view(0, (6, 3, 3)), options)
    assert "all five would win you the game" not in short, short
    enough = explain(hand.view(0, (7, 3, 3)), options)
    assert "all five would win you the game" in enough, enough


def test_R7_R22_an_order_keeps_the_dealer_on_the_right_from_making_trump() -> None:
    """Seat 1 bids first; the dealer (seat 0, on its right) on 9 is still to bid: the
    order keeps him out, though its euchre would give him the game (both opponents
    are weighed, not only the one on the left)."""
    reason = explain(first_round(scores=(9, 4, 0)),
                     [option("order", 0.2, made=0.6, euchred=0.4),
                      option("pass", 0.1, stopped=0.2, conceded=0.8)])
    assert ("it keeps the player on your right (on 9 points), one point from the game, "
            "from making trump, though a euchre would give that player the game") in reason, \
        reason


def test_R20_R22_euchre_costs_speak_only_to_a_defender() -> None:
    """``euchre_costs`` (also behind the game review's verdicts): a euchre costs a
    defender whose opponent on 8 it would hand the game, but the maker himself, or a
    seat in the bidding (no maker yet), is told nothing."""
    hand = played(4, "1 order", "0 leave", "1 dummy")
    hand.push(Action.parse("keep " + " ".join(str(c) for c in hand.view(1).cards[:5])), 1)
    scores = (8, 5, 3)
    assert hand.view(1, scores).maker == 1
    assert euchre_costs(hand.view(2, scores)) == (
        "a euchre would give the player on your left (on 8 points) the game", True)
    assert euchre_costs(hand.view(1, scores)) == ("", False)
    assert euchre_costs(first_round(scores=scores)) == ("", False)


def test_R20_R22_euchre_costs_weigh_two_points_to_each_defender_none_to_the_maker() -> None:
    """A euchre is said to cost the defender exactly where the valuation ranks its
    points (R20: two to each defender, none to the maker) below the maker's point
    (R19), and to end the game exactly where those points give another the game (R22),
    over every score to 11 for both defenders."""
    hand = played(4, "1 order", "0 leave", "1 dummy")
    hand.push(Action.parse("keep " + " ".join(str(c) for c in hand.view(1).cards[:5])), 1)
    rules = hand.view(1).rules
    euchre, made = (2, 0, 2), (0, 1, 0)
    for scores in itertools.product(range(12), repeat=3):
        for me in (0, 2):
            text, ends = euchre_costs(hand.view(me, scores))
            costly = (hand_value(me, euchre, scores, rules, 0)
                      < hand_value(me, made, scores, rules, 0))
            assert bool(text) == costly, (scores, me, text)
            winners = winners_after(rules, scores, euchre)
            assert ends == (costly and bool(winners) and me not in winners), (scores, me)


def test_R20_R22_costly_euchres_claim_no_more_chance_where_the_chances_read_alike() -> None:
    """Not defending alone though a euchre would give the partner the game: "it leaves
    you more chance to win the game all the same" only where the chances differ as
    shown; two reading 30% alike get no such claim."""
    view = defender_view((9, 3, 4))
    reason = explain(view, [valued("pass", 0.4, 0.0, 0.30001, stopped=0.1, conceded=0.9),
                            valued("alone", 0.3, 0.0, 0.3, conceded=1.0)])
    assert "though a euchre would give the player on your left (on 9 points) the game" \
        in reason, reason
    assert "all the same" not in reason, reason


def test_an_option_euchring_more_for_a_chance_that_reads_alike_is_not_said_to_lose_any() -> None:
    """Defending alone at 0-0-0, passing would euchre the maker more often, for a
    chance to win reading the same (30%): no "would euchre him more often, but leaves
    you less chance to win the game"."""
    reason = explain(defender_view((0, 0, 0)), [
        valued("alone", 0.4, 0.0, 0.30001, stopped=0.1, conceded=0.9),
        valued("pass", 0.3, 0.0, 0.3, stopped=0.5, conceded=0.5)])
    assert reason.startswith(f"defending alone{DEFENDER_HOLDS}: the maker is euchred in "
                             "10%"), reason
    assert "would euchre him more often" not in reason, reason


def test_R22_a_player_on_one_point_is_on_one_point_not_one_points() -> None:
    """In a short game (``target`` 3) a euchre's two points give a player on 1 or 2
    points the game: the hint says "(on 1 point)" and "(on 2 points)", as a player
    would, in the note and in the reason beside it."""
    hand = Hand.deal(Rules(target=3), dealer=0, seed=4)
    for text in ("1 order", "0 leave", "1 dummy"):
        seat, rest = text.split(" ", 1)
        hand.push(Action.parse(rest), int(seat))
    hand.push(Action.parse("keep " + " ".join(str(c) for c in hand.view(1).cards[:5])), 1)
    view = hand.view(2, (1, 0, 0))  # seat 2 defends against seat 1; its partner on 1
    assert view.phase is Phase.DEFENDER_CHOICE and view.maker == 1
    assert euchre_costs(view) == (
        "a euchre would give the player on your left (on 1 point) the game", True)
    assert euchre_costs(hand.view(2, (2, 0, 0))) == (
        "a euchre would give the player on your left (on 2 points) the game", True)
    reason = explain(view, [option("alone", 0.25, stopped=0.1, conceded=0.9),
                            option("pass", 0.24, stopped=0.6, conceded=0.4)])
    assert "a euchre would give the player on your left (on 1 point) the game" in reason, \
        reason


def test_R19_a_march_contrast_names_a_discard_without_what_it_leaves() -> None:
    """The defending dealer's discard (R8): the option after which the maker takes all
    five more often is named after "after" as "discarding QH", not with what it leaves
    ("after discarding QH leaves you void in hearts" reads as garbled); the choice
    itself still says the void it makes."""
    discard = played(4, "1 order", "0 pickup").view(0, (0, 0, 0))
    assert discard.phase is Phase.DISCARD and discard.maker == 1
    reason = explain(discard, [
        valued("discard TC", 0.4, stopped=0.3, conceded=0.5, marched_on=0.2),
        valued("discard QH", 0.3, stopped=0.3, conceded=0.3, marched_on=0.4)])
    assert reason.startswith("discarding TC leaves you void in clubs: "), reason
    assert ("; the maker takes all five in 20% of them, against 40% after discarding QH "
            "(win chance") in reason, reason
