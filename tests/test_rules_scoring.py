"""R19–R22: points for the maker, euchres, a lone defender, and the end of the game."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from conftest import make_deal, make_hand, play_out, push_all, random_playout
from cutthroat import Game, GameOverError, Hand, HandResult, Rules, Suit
from cutthroat.scoring import game_outcome, score_hand, winners_after

# --- the points rules, written out independently of the engine --------------------------


def reference_points(rules: Rules, maker: int, alone: tuple[int, ...],
                     tricks: tuple[int, int, int]) -> tuple[int, int, int]:
    """R19–R21 as RULES.md states them."""
    points = [0, 0, 0]
    defenders = [s for s in range(3) if s != maker]
    lone = [s for s in alone if s != maker]
    if lone and tricks[lone[0]] >= 3:  # R21
        for seat in defenders:
            points[seat] = 4 if tricks[lone[0]] == 5 else 2
    elif tricks[maker] == 5:  # R19 march
        lone_march = rules.march_points if rules.maker_alone_march is None \
            else rules.maker_alone_march
        points[maker] = lone_march if maker in alone else rules.march_points
    elif tricks[maker] >= 3:
        points[maker] = 1
    else:  # R20
        for seat in defenders:
            points[seat] = 2
    return points[0], points[1], points[2]


# --- score_hand tables ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "maker", "maker_alone", "tricks", "points"),
    [
        (Rules(), 0, False, (3, 1, 1), (1, 0, 0)),
        (Rules(), 0, False, (3, 2, 0), (1, 0, 0)),
        (Rules(), 0, False, (4, 1, 0), (1, 0, 0)),
        (Rules(), 0, False, (4, 0, 1), (1, 0, 0)),
        (Rules(), 0, False, (5, 0, 0), (3, 0, 0)),
        (Rules(), 1, False, (1, 3, 1), (0, 1, 0)),
        (Rules(), 2, False, (0, 0, 5), (0, 0, 3)),
        (Rules(), 0, True, (3, 2, 0), (1, 0, 0)),
        (Rules(), 0, True, (4, 0, 1), (1, 0, 0)),
        (Rules(), 0, True, (5, 0, 0), (3, 0, 0)),  # maker_alone_march null: march_points
        (Rules(march_points=2), 0, False, (5, 0, 0), (2, 0, 0)),
        (Rules(march_points=2), 0, True, (5, 0, 0), (2, 0, 0)),
        (Rules(march_points=4, maker_alone_march=6), 1, True, (0, 5, 0), (0, 6, 0)),
        (Rules(march_points=4, maker_alone_march=6), 1, False, (0, 5, 0), (0, 4, 0)),
        (Rules(maker_alone_march=4), 2, True, (0, 0, 5), (0, 0, 4)),
        (Rules(maker_alone_march=4), 2, False, (0, 0, 5), (0, 0, 3)),
        (Rules(maker_alone_march=1), 0, True, (5, 0, 0), (1, 0, 0)),
        (Rules(maker_alone_march=4), 0, True, (4, 1, 0), (1, 0, 0)),
    ],
)
def test_R19_maker_wins(rules: Rules, maker: int, maker_alone: bool,
                        tricks: tuple[int, int, int], points: tuple[int, int, int]) -> None:
    assert score_hand(rules, maker=maker, maker_alone=maker_alone, defender_alone=None,
                      tricks=tricks) == points


@pytest.mark.parametrize(
    ("maker", "maker_alone", "tricks", "points"),
    [
        (0, False, (2, 2, 1), (0, 2, 2)),
        (0, False, (2, 3, 0), (0, 2, 2)),
        (0, False, (1, 2, 2), (0, 2, 2)),
        (0, False, (0, 5, 0), (0, 2, 2)),
        (0, False, (0, 0, 5), (0, 2, 2)),  # no extra for the defenders' march
        (1, False, (2, 2, 1), (2, 0, 2)),
        (2, False, (3, 0, 2), (2, 2, 0)),
        (2, True, (3, 0, 2), (2, 2, 0)),  # a lone maker euchred: still 2 each
        (1, True, (5, 0, 0), (2, 0, 2)),
    ],
)
def test_R20_euchre(maker: int, maker_alone: bool, tricks: tuple[int, int, int],
                    points: tuple[int, int, int]) -> None:
    for rules in (Rules(), Rules(march_points=5, maker_alone_march=7)):
        assert score_hand(rules, maker=maker, maker_alone=maker_alone, defender_alone=None,
                          tricks=tricks) == points


@pytest.mark.parametrize(
    ("maker", "maker_alone", "lone", "tricks", "points"),
    [
        # The lone defender takes 5: 4 to each defender, the partner who sat out too.
        (0, False, 1, (0, 5, 0), (0, 4, 4)),
        (0, False, 2, (0, 0, 5), (0, 4, 4)),
        (1, False, 0, (5, 0, 0), (4, 0, 4)),
        (2, True, 1, (0, 5, 0), (4, 4, 0)),
        # 3 or 4 tricks: 2 to each defender.
        (0, False, 1, (1, 4, 0), (0, 2, 2)),
        (0, False, 1, (2, 3, 0), (0, 2, 2)),
        (1, True, 2, (0, 1, 4), (2, 0, 2)),
        (1, True, 2, (0, 2, 3), (2, 0, 2)),
        # Fewer than 3: the maker scores by R19 (lone march points if he was alone).
        (0, False, 1, (3, 2, 0), (1, 0, 0)),
        (0, False, 1, (4, 1, 0), (1, 0, 0)),
        (0, False, 1, (5, 0, 0), (3, 0, 0)),
        (0, True, 2, (5, 0, 0), (4, 0, 0)),
        (2, True, 0, (2, 0, 3), (0, 0, 1)),
    ],
)
def test_R21_lone_defender(maker: int, maker_alone: bool, lone: int,
                           tricks: tuple[int, int, int], points: tuple[int, int, int]) -> None:
    rules = Rules(maker_alone_march=4)
    assert score_hand(rules, maker=maker, maker_alone=maker_alone, defender_alone=lone,
                      tricks=tricks) == points


def test_R19_R20_R21_every_trick_split_matches_the_rules() -> None:
    variants = [Rules(), Rules(march_points=2), Rules(maker_alone_march=4),
                Rules(march_points=4, maker_alone_march=1)]
    checked = 0
    for rules in variants:
        for maker in range(3):
            for maker_alone in (False, True):
                for lone in (None, *(s for s in range(3) if s != maker)):
                    out = None if lone is None else 3 - maker - lone
                    for a in range(6):
                        for b in range(6 - a):
                            tricks = [a, b, 5 - a - b]
                            if out is not None and tricks[out]:
                                continue
                            alone = tuple(sorted(([maker] if maker_alone else [])
                                                 + ([] if lone is None else [lone])))
                            got = score_hand(rules, maker=maker, maker_alone=maker_alone,
                                             defender_alone=lone, tricks=tricks)
                            want = reference_points(rules, maker, alone,
                                                    (tricks[0], tricks[1], tricks[2]))
                            assert got == want, (rules, maker, maker_alone, lone, tricks)
                            checked += 1
    assert checked > 500


# --- whole hands, played out ------------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    """A deal (dealer 2, AS.. up-card), what follows seat 0 calling hearts in round two,
    each seat's wished order of play, and the expected tricks and points."""

    hands: tuple[str, str, str]
    upcard: str
    after_call: tuple[str, ...]
    wishes: tuple[str, str, str]
    tricks: tuple[int, int, int]
    points: tuple[int, int, int]
    alone: tuple[int, ...] = ()


def keep_own(hands: tuple[str, str, str]) -> tuple[str, str]:
    """Seat 0 takes the dummy and keeps his own five cards."""
    return ("0 dummy", f"0 keep {hands[0]}")


MARCH_HANDS = ("JH JD AH KH QH", "TH 9C TC JC QC", "9H KC AC 9D TD")
FOUR_HANDS = ("JH JD AH KH 9C", "TH AC TC JC QC", "9H QH KC 9D TD")
THREE_HANDS = ("JH JD AH 9C 9D", "TH AC AD TC JC", "9H QH KH KC QC")
EUCHRE_HANDS = ("JH JD 9C 9D TS", "AH AC AD AS TC", "KH QH TH 9H KC")
LONE5_HANDS = ("TH 9H 9C TC JC", "JH JD AH KH QH", "QC KC AC 9D TD")
LONE4_HANDS = ("QH TH 9H KC AC", "JH JD AH KH 9C", "TC JC QC 9D TD")
LONE3_HANDS = ("KH QH TH AC AD", "JH JD AH 9C 9D", "TC JC QC KC TD")
LONE2_HANDS = ("AH KH AC AD AS", "JH JD 9C 9D TS", "TC JC QC KC TD")
BOTH_HANDS = ("JH JD AH KH QH", "TH 9H 9C TC JC", "QC KC AC 9D TD")

SCENARIOS = {
    "march": Scenario(MARCH_HANDS, "9S", (*keep_own(MARCH_HANDS), "1 pass", "2 pass"),
                      ("JH JD AH KH QH", "TH 9C TC JC QC", "9H 9D TD KC AC"),
                      (5, 0, 0), (3, 0, 0)),
    "four": Scenario(FOUR_HANDS, "9S", (*keep_own(FOUR_HANDS), "1 pass", "2 pass"),
                     ("JH JD AH KH 9C", "TH TC JC QC AC", "9H QH 9D TD KC"),
                     (4, 1, 0), (1, 0, 0)),
    "three": Scenario(THREE_HANDS, "9S", (*keep_own(THREE_HANDS), "1 pass", "2 pass"),
                      ("JH JD AH 9C 9D", "TH TC JC AC AD", "9H QH KH QC KC"),
                      (3, 2, 0), (1, 0, 0)),
    "euchre": Scenario(EUCHRE_HANDS, "9S", (*keep_own(EUCHRE_HANDS), "1 pass", "2 pass"),
                       ("JH JD 9C 9D TS", "AH TC AC AD AS", "9H TH QH KH KC"),
                       (2, 1, 2), (0, 2, 2)),
    "lone defender 5": Scenario(LONE5_HANDS, "9S", (*keep_own(LONE5_HANDS), "1 alone"),
                                ("TH 9H 9C TC JC", "JH JD AH KH QH", ""),
                                (0, 5, 0), (0, 4, 4), (1,)),
    "lone defender 4": Scenario(LONE4_HANDS, "9S", (*keep_own(LONE4_HANDS), "1 alone"),
                                ("QH TH 9H KC AC", "JH JD AH KH 9C", ""),
                                (1, 4, 0), (0, 2, 2), (1,)),
    "lone defender 3": Scenario(LONE3_HANDS, "9S", (*keep_own(LONE3_HANDS), "1 alone"),
                                ("KH QH TH AC AD", "JH JD AH 9C 9D", ""),
                                (2, 3, 0), (0, 2, 2), (1,)),
    "lone defender 2": Scenario(LONE2_HANDS, "9S", (*keep_own(LONE2_HANDS), "1 alone"),
                                ("AH KH AC AD AS", "JH JD 9C 9D TS", ""),
                                (3, 2, 0), (1, 0, 0), (1,)),
    "second defender alone 5": Scenario(
        (LONE5_HANDS[0], LONE5_HANDS[2], LONE5_HANDS[1]), "9S",
        (*keep_own(LONE5_HANDS), "1 pass", "2 alone"),
        ("TH 9H 9C TC JC", "", "JH JD AH KH QH"), (0, 0, 5), (0, 4, 4), (2,)),
    "both alone": Scenario(BOTH_HANDS, "9S", ("0 alone", "1 alone"),
                           ("JH JD AH KH QH", "9C TC JC TH 9H", ""),
                           (5, 0, 0), (3, 0, 0), (0, 1)),
    "maker alone": Scenario(BOTH_HANDS, "9S", ("0 alone", "1 pass", "2 pass"),
                            ("JH JD AH KH QH", "9C TC JC TH 9H", "9D TD QC KC AC"),
                            (5, 0, 0), (3, 0, 0), (0,)),
}


def deal_scenario(hand_rules: Rules, s: Scenario) -> Hand:
    """The scenario's hand up to the first trick."""
    hand = make_hand(s.hands, s.upcard, rules=hand_rules, dealer=2)
    push_all(hand, ["0 pass", "1 pass", "2 pass", "0 call H", *s.after_call])
    return hand


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_R19_R20_R21_played_hands(name: str) -> None:
    s = SCENARIOS[name]
    hand = deal_scenario(Rules(), s)
    assert hand.alone == s.alone
    play_out(hand, dict(enumerate(s.wishes)))
    result = hand.result
    assert result is not None and not result.thrown_in
    assert (result.maker, result.trump, result.alone) == (0, Suit.HEARTS, s.alone)
    assert result.tricks == s.tricks
    assert result.points == s.points
    assert result.points == reference_points(Rules(), 0, s.alone, s.tricks)


@pytest.mark.parametrize(
    ("name", "rules", "points"),
    [
        ("march", Rules(march_points=2), (2, 0, 0)),
        ("march", Rules(march_points=4), (4, 0, 0)),
        ("march", Rules(maker_alone_march=5), (3, 0, 0)),  # not alone: march_points
        ("maker alone", Rules(maker_alone_march=5), (5, 0, 0)),
        ("maker alone", Rules(march_points=2), (2, 0, 0)),  # null: same as march_points
        ("maker alone", Rules(march_points=2, maker_alone_march=4), (4, 0, 0)),
        ("both alone", Rules(maker_alone_march=4), (4, 0, 0)),
        ("four", Rules(march_points=4), (1, 0, 0)),
        ("lone defender 5", Rules(march_points=5, maker_alone_march=6), (0, 4, 4)),
    ],
)
def test_R19_march_variants_in_play(name: str, rules: Rules,
                                    points: tuple[int, int, int]) -> None:
    s = SCENARIOS[name]
    hand = deal_scenario(rules, s)
    play_out(hand, dict(enumerate(s.wishes)))
    assert hand.result is not None and hand.result.points == points


@pytest.mark.parametrize(
    ("name", "after_call", "points"),
    [
        ("march", ("1 pass", "2 pass"), (3, 0, 0)),
        ("lone defender 5", ("1 alone",), (0, 4, 4)),
        ("euchre", ("1 pass", "2 pass"), (0, 2, 2)),
    ],
)
def test_R19_no_dummy_maker_never_counts_as_alone(name: str, after_call: tuple[str, ...],
                                                  points: tuple[int, int, int]) -> None:
    s = SCENARIOS[name]
    rules = Rules(dummy=False, maker_alone_march=5)
    hand = make_hand(s.hands, s.upcard, rules=rules, dealer=2)
    push_all(hand, ["0 pass", "1 pass", "2 pass", "0 call H", *after_call])
    play_out(hand, dict(enumerate(s.wishes)))
    assert hand.result is not None
    assert 0 not in hand.result.alone
    assert hand.result.tricks == s.tricks
    assert hand.result.points == points


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(deck=25), Rules(deck=32), Rules(dummy=False), Rules(march_points=2),
     Rules(maker_alone_march=4), Rules(march_points=4, maker_alone_march=2),
     Rules(dealer_must_pick_up=True, stick_the_dealer=True)],
    ids=lambda r: r.describe(),
)
def test_R19_R20_R21_random_hands_score_by_the_rules(rules: Rules) -> None:
    for seed in range(60):
        hand = Hand.deal(rules, seed=seed, dealer=seed % 3)
        random_playout(hand, seed)
        result = hand.result
        assert result is not None
        if result.thrown_in:
            assert result.points == (0, 0, 0)
            assert not result.euchred and not result.march
            continue
        assert result.maker is not None
        assert sum(result.tricks) == 5
        assert result.euchred is (result.tricks[result.maker] < 3)
        assert result.march is (result.tricks[result.maker] == 5)
        if hand.sitting_out is not None:
            assert result.tricks[hand.sitting_out] == 0
        assert result.points == reference_points(rules, result.maker, result.alone,
                                                 result.tricks)


# --- R22 the game -----------------------------------------------------------------------


def play_scenario(game: Game, name: str) -> Hand:
    """Throw in hands until seat 2 deals, then play the scenario."""
    s = SCENARIOS[name]
    while game.next_dealer != 2:
        game.deal(make_deal(game.rules, s.hands, s.upcard))
        for _ in range(6):
            game.push("pass")
    hand = game.deal(make_deal(game.rules, s.hands, s.upcard))
    for move in ["0 pass", "1 pass", "2 pass", "0 call H", *s.after_call]:
        game.push(move)
    play_out(hand, dict(enumerate(s.wishes)))
    return hand


def test_R22_game_ends_after_the_hand_reaching_the_target() -> None:
    game = Game(Rules(target=4), first_dealer=2)
    play_scenario(game, "march")
    assert game.scores == (3, 0, 0) and not game.is_over and game.needs_deal
    play_scenario(game, "three")
    assert game.scores == (4, 0, 0)
    assert game.is_over and game.winners == (0,)
    assert not game.needs_deal
    with pytest.raises(GameOverError, match="game is over"):
        game.deal()
    with pytest.raises(GameOverError):
        game.push("pass")


def test_R22_play_on_a_tie_above_the_target_until_one_is_alone_on_top() -> None:
    game = Game(Rules.preset("short"), first_dealer=2)  # target 5
    for name, scores in [("march", (3, 0, 0)), ("lone defender 4", (3, 2, 2)),
                         ("lone defender 5", (3, 6, 6))]:
        play_scenario(game, name)
        assert game.scores == scores
    # Seats 1 and 2 are level on top above the target: under play_on the game goes on.
    assert not game.is_over and game.winners == ()
    play_scenario(game, "lone defender 3")
    assert game.scores == (3, 8, 8) and not game.is_over
    play_scenario(game, "march")
    assert game.scores == (6, 8, 8) and not game.is_over
    play_scenario(game, "march")
    assert game.scores == (9, 8, 8)
    # Seat 0 is alone on top at or above the target: the game ends and he wins.
    assert game.is_over and game.winners == (0,)


def test_R22_tie_share_ends_the_game_with_a_shared_win() -> None:
    game = Game(Rules(target=2, tie="share"), first_dealer=2)
    play_scenario(game, "euchre")
    assert game.scores == (0, 2, 2)
    assert game.is_over and game.winners == (1, 2)
    assert game.outcome.over and game.outcome.winners == (1, 2)


def test_R22_tie_play_on_deals_until_one_player_alone_on_top() -> None:
    game = Game(Rules(target=2), first_dealer=2)
    play_scenario(game, "euchre")
    assert game.scores == (0, 2, 2)
    assert not game.is_over and game.needs_deal and game.winners == ()
    play_scenario(game, "three")  # seat 0 scores 1: seats 1 and 2 still level on top
    assert game.scores == (1, 2, 2) and not game.is_over
    play_scenario(game, "march")
    assert game.scores == (4, 2, 2)
    assert game.is_over and game.winners == (0,)


def test_R22_most_points_wins_when_two_pass_the_target() -> None:
    game = Game(Rules(target=2), first_dealer=2)
    play_scenario(game, "three")
    assert game.scores == (1, 0, 0) and not game.is_over
    play_scenario(game, "lone defender 5")
    assert game.scores == (1, 4, 4) and not game.is_over  # tied on top: play on
    play_scenario(game, "three")
    play_scenario(game, "three")
    play_scenario(game, "three")
    play_scenario(game, "three")
    assert game.scores == (5, 4, 4)
    assert game.is_over and game.winners == (0,)


def test_R22_view_shows_scores_before_the_hand() -> None:
    game = Game(Rules(target=10), first_dealer=2)
    play_scenario(game, "march")
    game.deal(make_deal(game.rules, MARCH_HANDS, "9S"))
    assert all(game.view(s).scores == (3, 0, 0) for s in range(3))


def results(*points: tuple[int, int, int]) -> list[HandResult]:
    """Finished hands with these points (the other fields do not matter to R22)."""
    return [HandResult(dealer=0, thrown_in=False, maker=0, trump=Suit.HEARTS, points=p)
            for p in points]


@pytest.mark.parametrize(
    ("rules", "points", "scores", "over", "winners"),
    [
        (Rules(), [(3, 0, 0)] * 3, (9, 0, 0), False, ()),
        (Rules(), [(3, 0, 0)] * 3 + [(1, 0, 0)], (10, 0, 0), True, (0,)),
        (Rules(), [(3, 0, 0)] * 4, (12, 0, 0), True, (0,)),
        # Hands after the end do not count.
        (Rules(), [(3, 0, 0)] * 4 + [(0, 4, 4)] * 3, (12, 0, 0), True, (0,)),
        (Rules(), [(0, 4, 4), (0, 4, 4), (0, 2, 2)], (0, 10, 10), False, ()),
        (Rules(tie="share"), [(0, 4, 4), (0, 4, 4), (0, 2, 2)], (0, 10, 10), True, (1, 2)),
        (Rules(), [(0, 4, 4), (0, 4, 4), (0, 2, 2), (0, 2, 2)], (0, 12, 12), False, ()),
        (Rules(), [(0, 4, 4), (0, 4, 4), (0, 2, 2), (1, 0, 0)], (1, 10, 10), False, ()),
        (Rules(), [(0, 4, 4), (0, 4, 4), (0, 2, 2), (0, 1, 0)], (0, 11, 10), True, (1,)),
        (Rules(), [(4, 4, 0), (4, 4, 0), (0, 2, 2)], (8, 10, 2), True, (1,)),
        (Rules(), [(4, 4, 0), (4, 4, 0), (2, 2, 0)], (10, 10, 0), False, ()),
        (Rules(), [(4, 4, 0), (4, 4, 0), (2, 2, 0), (0, 0, 3)], (10, 10, 3), False, ()),
        (Rules(), [(4, 4, 0), (4, 4, 0), (2, 2, 0), (3, 0, 0)], (13, 10, 0), True, (0,)),
        # A tie below the target is no tie for R22.
        (Rules(tie="share"), [(4, 4, 0), (4, 4, 0)], (8, 8, 0), False, ()),
        # Three level on top, at the target: play on.
        (Rules(march_points=2), [(4, 4, 0), (4, 4, 0), (2, 2, 0), (0, 0, 2)] + [(0, 0, 2)] * 4,
         (10, 10, 10), False, ()),
        (Rules(target=1), [(0, 0, 1)], (0, 0, 1), True, (2,)),
        (Rules(), [], (0, 0, 0), False, ()),
    ],
)
def test_R22_game_outcome(rules: Rules, points: list[tuple[int, int, int]],
                          scores: tuple[int, int, int], over: bool,
                          winners: tuple[int, ...]) -> None:
    outcome = game_outcome(rules, results(*points))
    assert (outcome.scores, outcome.over, outcome.winners) == (scores, over, winners)


def test_R22_thrown_in_hands_change_nothing() -> None:
    thrown = HandResult(dealer=1, thrown_in=True)
    outcome = game_outcome(Rules(target=3), [*results((2, 0, 0)), thrown, thrown])
    assert (outcome.scores, outcome.over) == ((2, 0, 0), False)


@pytest.mark.parametrize(("maker_tricks", "words"), [(0, "0 tricks"), (1, "1 trick"),
                                                     (2, "2 tricks"), (5, "5 tricks")])
def test_R20_a_results_line_counts_one_trick_in_the_singular(maker_tricks: int,
                                                             words: str) -> None:
    """The result line of a hand (the terminal, replay): "1 trick", not "1 tricks"."""
    rest = 5 - maker_tricks
    tricks = (maker_tricks, rest - rest // 2, rest // 2)
    points = score_hand(Rules(), maker=0, maker_alone=False, defender_alone=None, tricks=tricks)
    result = HandResult(dealer=2, thrown_in=False, maker=0, trump=Suit.SPADES, tricks=tricks,
                        points=points)
    assert f"seat 0 made spades trump: {words}, " in result.describe()


@pytest.mark.parametrize(("alone", "tricks", "line"), [
    ((), (2, 2, 1), "seat 1 made hearts trump: 2 tricks, euchred (seat 0 +2, seat 2 +2)"),
    ((), (1, 3, 1), "seat 1 made hearts trump: 3 tricks, made it (seat 1 +1)"),
    ((), (0, 5, 0), "seat 1 made hearts trump: 5 tricks, march (seat 1 +3)"),
    ((1,), (1, 3, 1), "seat 1 made hearts trump alone: 3 tricks, made it (seat 1 +1)"),
    ((1,), (0, 5, 0), "seat 1 made hearts trump alone: 5 tricks, march (seat 1 +3)"),
    ((2,), (0, 2, 3),
     "seat 1 made hearts trump against seat 2 alone: 2 tricks, euchred (seat 0 +2, seat 2 +2)"),
    ((2,), (0, 0, 5),
     "seat 1 made hearts trump against seat 2 alone: 0 tricks, euchred (seat 0 +4, seat 2 +4)"),
    ((1, 2), (0, 3, 2),
     "seat 1 made hearts trump alone against seat 2 alone: 3 tricks, made it (seat 1 +1)"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_R19_R20_R21_a_results_line_names_who_went_alone_and_how_it_ended(
        alone: tuple[int, ...], tricks: tuple[int, int, int], line: str) -> None:
    """The line a hand's result is told in (the terminal, replay's words): who went
    alone, the maker's tricks, and made, march or euchred as R19-R21 score it."""
    lone = next((s for s in alone if s != 1), None)
    points = score_hand(Rules(), maker=1, maker_alone=1 in alone, defender_alone=lone,
                        tricks=tricks)
    result = HandResult(dealer=0, thrown_in=False, maker=1, trump=Suit.HEARTS, alone=alone,
                        tricks=tricks, points=points)
    assert result.describe() == line
    assert str(result) == line[0].upper() + line[1:]
    assert result.euchred is (tricks[1] < 3) and result.march is (tricks[1] == 5)


def test_R10_a_thrown_in_hand_is_neither_euchred_nor_a_march() -> None:
    thrown = HandResult(dealer=0, thrown_in=True)
    assert (thrown.euchred, thrown.march) == (False, False)
    assert thrown.describe() == "thrown in: nobody named trump"


HAND_POINTS = sorted(
    {tuple(x if seat == maker else 0 for seat in range(3)) for maker in range(3)
     for x in (1, 2, 3, 4, 5)}
    | {tuple(0 if seat == maker else x for seat in range(3)) for maker in range(3)
       for x in (2, 4)})
"""What one hand may score (R19-R21, every variant): the maker alone 1 to 5 points, or
both defenders 2 or 4 each."""


@given(data=st.data(), points=st.sampled_from(HAND_POINTS),
       tie=st.sampled_from(["play_on", "share"]), target=st.integers(1, 12))
def test_R22_winners_after_a_hand_are_the_games_winners_after_it(
        data: st.DataObject, points: tuple[int, int, int], tie: str, target: int) -> None:
    """``winners_after`` (what the bots weigh a hand's points by) agrees with the game's
    own outcome after a hand that brings the scores to ``scores``, then one of ``points``;
    the game goes on (no winners) when it is not over.

    The scores are drawn below the target half the time, and up to 2 over it otherwise
    (a game that goes on past it, tied at the top: R22); drawn from 0 to 12 whatever
    the target, too few were of a game not over, and Hypothesis stopped the test on
    some seeds (a health check: too many inputs filtered out)."""
    top = data.draw(st.sampled_from([target - 1, target + 2]), label="highest score")
    scores = data.draw(st.tuples(*[st.integers(0, top)] * 3), label="scores")
    rules = Rules(target=target, tie=tie)  # type: ignore[arg-type]
    assume(not game_outcome(rules, results(scores)).over)
    assert winners_after(rules, scores, points) == game_outcome(
        rules, results(scores, points)).winners


@pytest.mark.parametrize(("rules", "scores", "points", "winners"), [
    (Rules(), (8, 9, 3), (0, 1, 0), (1,)),
    (Rules(), (9, 4, 8), (0, 0, 2), (2,)),
    (Rules(), (9, 4, 8), (2, 0, 2), (0,)),  # 11 and 10: one alone on top
    (Rules(tie="share"), (8, 4, 8), (2, 0, 2), (0, 2)),
    (Rules(), (8, 4, 8), (2, 0, 2), ()),
    (Rules(), (0, 0, 0), (3, 0, 0), ()),
])
def test_R22_winners_after_named_cases(rules: Rules, scores: tuple[int, int, int],
                                       points: tuple[int, int, int],
                                       winners: tuple[int, ...]) -> None:
    assert winners_after(rules, scores, points) == winners
