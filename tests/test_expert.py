"""The expert bot, its valuation and its hints (fast checks; strength is in bench/)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cutthroat import Action, Card, Deal, Game, Hand, Phase, Rules
from cutthroat.bots import play_game
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.valuation import HAND_OUTCOMES, hand_value, win_chances
from cutthroat.bots.valuation_self import SELF
from cutthroat.bots.valuation_table import BY_NEED, OUTCOMES, OVERALL
from cutthroat.cli import app, random_variants
from cutthroat.views import View

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"


def small(seed: int = 0) -> ExpertBot:
    """An expert with a tiny budget, for speed."""
    return ExpertBot(seed=seed, play_samples=3, bid_samples=3, keep_candidates=2)


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
@pytest.mark.parametrize("game", range(6))
def test_expert_plays_legal_actions_in_every_phase(game: int) -> None:
    """Whole hands under random variants: every choice is one of view.legal."""
    rules = random_variants(random.Random(game))
    rng = random.Random(game)
    bot = small(game)
    phases = set()
    for deal_number in range(3):
        hand = Hand.deal(rules, dealer=deal_number % 3, rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            action = bot.choose(view)
            assert str(action) in view.legal or action in hand.legal_actions()
            phases.add(hand.phase)
            hand.push(action, seat)
    assert Phase.PLAY in phases


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_expert_full_game_against_itself() -> None:
    """Three experts finish a game."""
    game = Game(seed=3)
    play_game(game, [small(0), small(1), small(2)])
    assert game.is_over and game.winners


def test_expert_is_deterministic_given_its_seed() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=8)
    view = hand.view(1)
    assert small(4).analyse(view) == small(4).analyse(view)


def test_expert_sees_only_the_view() -> None:
    """Two deals that look the same to seat 1 get the same decision."""
    rules = Rules()
    base = Hand.deal(rules, dealer=0, seed=21).dealt
    # Swap seat 0's and seat 2's cards: seat 1's view does not change.
    other = Deal(hands=(base.hands[2], base.hands[1], base.hands[0]), dummy=base.dummy,
                 kitty=base.kitty)
    a = Hand(rules, base, 0)
    b = Hand(rules, other, 0)
    assert a.view(1) == b.view(1)
    assert small(9).analyse(a.view(1)) == small(9).analyse(b.view(1))


def test_analysis_ranks_options_and_explains() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=2)
    analysis = small(1).analyse(hand.view(1))
    values = [o.value for o in analysis.options]
    assert values == sorted(values, reverse=True)
    assert {str(o.action) for o in analysis.options} == {"pass", "order"}
    assert analysis.best == analysis.options[0].action
    assert analysis.reason and analysis.samples == 3


def test_expert_explains_card_play() -> None:
    """Reasons are produced for card play too, naming a card or a plan."""
    rng = random.Random(3)
    hand = Hand.deal(Rules(), dealer=0, seed=13)
    while hand.phase is not Phase.PLAY and not hand.is_over:
        hand.apply_id(rng.choice(hand.legal_action_ids()))
    reasons = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        analysis = small(2).analyse(hand.view(seat))
        reasons.append(analysis.reason)
        hand.push(analysis.best, seat)
    assert reasons and all(isinstance(r, str) and r for r in reasons)


def test_analyse_refuses_a_seat_not_to_act() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=1)
    with pytest.raises(ValueError):
        small().analyse(hand.view(0))


def test_time_limit_stops_sampling_early() -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=5)
    bot = ExpertBot(seed=0, bid_samples=10_000, time_limit=0.05)
    assert bot.analyse(hand.view(1)).samples < 10_000


# --- valuation -------------------------------------------------------------------------


def test_win_chances_are_a_distribution_and_exact_at_the_end() -> None:
    rules = Rules()
    for scores in [(0, 0, 0), (9, 2, 5), (4, 8, 8), (7, 7, 7)]:
        chances = win_chances(scores, rules)
        assert sum(chances) == pytest.approx(1.0)
    assert win_chances((10, 3, 4), rules) == (1.0, 0.0, 0.0)
    assert win_chances((10, 10, 4), Rules(tie="share")) == (0.5, 0.5, 0.0)
    tied = win_chances((11, 11, 4), rules)
    assert tied[0] == pytest.approx(tied[1], abs=0.05) and tied[1] > 100 * tied[2]
    closer = win_chances((8, 5, 5), rules)
    assert closer[0] > closer[1]


def test_R22_win_chances_know_who_bids_first_next_hand() -> None:
    # At 9-9-9 whoever makes trump wins, and the seat left of the dealer bids first.
    rules = Rules()
    for dealer in range(3):
        first = (dealer + 1) % 3
        chances = win_chances((9, 9, 9), rules, dealer)
        assert chances[first] > 0.4 > max(chances[s] for s in range(3) if s != first)
    # Not knowing the dealer, the three positions are averaged.
    assert sum(win_chances((9, 9, 9), rules)) == pytest.approx(1.0)
    assert win_chances((0, 0, 0), rules) == pytest.approx((1 / 3,) * 3)


@pytest.mark.parametrize("hero", [None, 0, 2])
def test_win_chances_solve_the_chain_of_hands(hero: int | None) -> None:
    # The estimate is a fixed point: a position is worth the average, over how the next
    # hand can end (with the frequencies measured for the points each seat still needs,
    # counted from the dealer), of the position it leads to, the deal passing left.
    # With a hero (the expert's own seat) each outcome's frequency is scaled by how
    # much more or less often it happens with the expert at that position.
    rules = Rules()

    def bucket(need: int) -> int:
        return 0 if need <= 1 else 1 if need <= 2 else 2 if need <= 4 else 3

    for scores, dealer in [((3, 5, 7), 0), ((8, 8, 2), 1), ((0, 9, 6), 2), ((9, 9, 9), 0)]:
        needs = tuple(bucket(10 - scores[(dealer + k) % 3]) for k in range(3))
        freqs = list(BY_NEED.get(needs, OVERALL))
        if hero is not None:
            own = SELF[(hero - dealer) % 3]
            freqs = [f * (m / o if o else 1.0)
                     for f, m, o in zip(freqs, own, OVERALL, strict=True)]
        expected = [0.0, 0.0, 0.0]
        for (offset, kind), freq in zip(OUTCOMES, freqs, strict=True):
            maker = (dealer + offset) % 3
            after = list(scores)
            if kind in ("make", "march"):
                after[maker] += 1 if kind == "make" else rules.march_points
            else:
                for seat in range(3):
                    if seat != maker:
                        after[seat] += 2 if kind == "euchre" else 4
            nxt = win_chances(after, rules, (dealer + 1) % 3, hero=hero)
            for seat in range(3):
                expected[seat] += freq / sum(freqs) * nxt[seat]
        assert win_chances(scores, rules, dealer, hero=hero) == pytest.approx(tuple(expected))
    assert sum(freq for _, _, freq in HAND_OUTCOMES) == pytest.approx(1.0, abs=1e-3)


def test_win_chances_of_the_expert_know_its_own_strength() -> None:
    # Valued as the expert among two intermediates, the expert is the favourite from
    # the start, and the opponent on its left (who bids after it) the weakest, as
    # measured in their games; the end of the game stays exact.
    rules = Rules()
    for hero in range(3):
        chances = win_chances((0, 0, 0), rules, hero=hero)
        assert sum(chances) == pytest.approx(1.0)
        assert chances[hero] > 0.36 > 0.33 > chances[(hero + 1) % 3]
        assert chances[hero] > chances[(hero + 2) % 3] > chances[(hero + 1) % 3]
        assert win_chances((10, 3, 4), rules, hero=hero) == (1.0, 0.0, 0.0)
    # The same position seen from any seat: the table turns with the hero.
    for dealer in range(3):
        seen = win_chances((7, 2, 5), rules, dealer, hero=1)
        turned = win_chances((2, 5, 7), rules, (dealer - 1) % 3, hero=0)
        assert seen == pytest.approx((turned[2], turned[0], turned[1]))
    # A hero position that does not exist in the long tables still has one.
    assert win_chances((0, 0, 0), Rules(target=500), hero=2)[2] > 1 / 3
    assert hand_value(0, (1, 0, 0), (9, 9, 9), rules, 0, hero=True) == pytest.approx(1.0,
                                                                                      abs=0.01)


def test_win_chances_follow_the_rules_in_force() -> None:
    # Bigger marches make bigger swings, which help the players behind; a shared tie
    # ends the game.
    assert win_chances((7, 5, 5), Rules(march_points=4))[1] > win_chances((7, 5, 5), Rules())[1]
    assert win_chances((11, 11, 9), Rules(tie="share")) == (0.5, 0.5, 0.0)
    # A long game is valued on a scaled table: symmetric, exact at the end, fast.
    long = Rules(target=500)
    assert win_chances((0, 0, 0), long) == pytest.approx((1 / 3,) * 3)
    assert win_chances((500, 499, 2), long) == (1.0, 0.0, 0.0)
    assert win_chances((450, 100, 100), long)[0] > 0.9
    short = Rules(target=1)
    assert win_chances((0, 0, 0), short, 0)[1] > win_chances((0, 0, 0), short, 0)[0]


def test_hand_value_prefers_points_and_fears_an_opponent_win() -> None:
    rules = Rules()
    assert hand_value(0, (1, 0, 0), (0, 0, 0), rules) > hand_value(0, (0, 0, 0), (0, 0, 0), rules)
    # A euchre that puts seat 1 on the target is a disaster for seat 0.
    assert hand_value(0, (0, 2, 2), (5, 8, 3), rules) < 0.01
    assert hand_value(0, (0, 0, 0), None, rules) == pytest.approx(1 / 3)


# --- hint ------------------------------------------------------------------------------


def test_hint_command_gives_a_legal_choice() -> None:
    record = EXAMPLES / "07-in-progress.json"
    runner = CliRunner()
    done = runner.invoke(app, ["hint", str(record), "--samples", "4", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["seat"] == 0 and data["phase"] == "bid_second"
    assert data["choice"] in {"call C", "call D", "call H", "pass"}
    assert {o["action"] for o in data["options"]} == {"call C", "call D", "call H", "pass"}
    text = runner.invoke(app, ["hint", str(record), "--samples", "4"])
    assert text.exit_code == 0 and "Hint:" in text.stdout


def test_hint_refuses_a_finished_game(tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["hint", str(EXAMPLES / "01-standard-full-game.json")])
    assert done.exit_code == 1
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert CliRunner().invoke(app, ["hint", str(bad)]).exit_code == 1


# --- the model of the other seats --------------------------------------------------------


class _Recorder:
    """Wraps the expert's model of the other seats and records the scores it was shown."""

    def __init__(self, policy: object) -> None:
        self.policy = policy
        self.scores: set[object] = set()

    def choose(self, view):  # type: ignore[no-untyped-def]
        self.scores.add(view.scores)
        return self.policy.choose(view)  # type: ignore[attr-defined]

    def choose_in(self, hand, seat, scores=None):  # type: ignore[no-untyped-def]
        self.scores.add(scores)
        return self.policy.choose_in(hand, seat, scores)  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(3))
def test_expert_models_the_others_at_the_real_score(seed: int) -> None:
    """The intermediate bot bids with the score in mind, so the expert's model of it must
    be shown the game's score in every rollout, replay and playout (not 0-0-0)."""
    scores = (8, 3, 9)
    rng = random.Random(seed)
    hand = Hand.deal(Rules(), dealer=seed % 3, rng=rng)
    bot = small(seed)
    recorder = _Recorder(bot._policy)
    bot._policy = bot.reader.policy = recorder  # type: ignore[assignment]
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.push(bot.choose(hand.view(seat, scores)), seat)
    assert recorder.scores == {scores}


def test_expert_knows_when_a_co_defender_plays_for_the_maker() -> None:
    """Seat 0 at 8 would win on a euchre, so seat 2 (the model) would rather the maker,
    seat 1, made his point: the solver's two-against-one would be wrong there."""
    from cutthroat.bots.expert import _turncoat

    hand = Hand.deal(Rules(), dealer=0, seed=11)
    while hand.phase is not Phase.PLAY:
        seat = hand.to_act
        assert seat is not None
        texts = hand.legal_texts()
        hand.push("order" if "order" in texts and seat == 1 else
                  "dummy" if "dummy" in texts else texts[0], seat)
    assert hand.maker == 1 and hand.sitting_out is None
    assert _turncoat(hand, (8, 3, 3))  # seat 2 would rather seat 1 made it
    assert _turncoat(hand, (3, 3, 8))  # seat 0 would: the expert in either seat counts
    assert not _turncoat(hand, (3, 3, 3))
    assert not _turncoat(hand, (3, 8, 3))  # the maker near the game: both defend
    assert not _turncoat(hand, None)


LET_THE_MAKER_MAKE = {  # scores 8 (seat 0), 2 (seat 1, the maker), 9 (seat 2)
    "dealer": 0,
    "deal": {"0": ["AS", "JH", "JD", "JS", "KH"], "1": ["KD", "QC", "QH", "9C", "QD"],
             "2": ["KC", "AH", "JC", "9H", "AC"], "dummy": ["KS", "TH", "9D", "TC", "TS"],
             "kitty": ["9S", "TD", "QS", "AD"]},
    "actions": ["1 order", "0 pickup", "0 discard JD", "1 dummy",
                "1 keep 9D QD KD TS KS", "2 pass"],
}


def test_R21_a_defender_goes_alone_to_let_the_maker_make_it_when_a_euchre_loses_the_game(
        ) -> None:
    """Seat 0 (8 points) defends with seat 2 (9 points) against seat 1 (2 points, a
    weak maker). Any euchre scores 2 for each defender (R20), and so does a lone
    defender's three tricks (R21, the partner who sat out too): seat 2 would win. Passing
    leaves seat 2 to euchre the maker; going alone puts his cards out of play, and seat
    0 can let the maker take three tricks. The expert valued "alone" as if it would play
    for the tricks (the solver's lone defender does): 0.9% to win, no better than
    passing; played as it will be played, it is about a third."""
    rules = Rules(stick_the_dealer=True)
    hand = Hand(rules, Deal.from_json(LET_THE_MAKER_MAKE["deal"], rules), dealer=0)
    for move in LET_THE_MAKER_MAKE["actions"]:
        hand.push(move)
    analysis = ExpertBot(seed=1).analyse(hand.view(0, scores=(8, 2, 9)))
    values = {str(option.action): option.value for option in analysis.options}
    assert analysis.best == Action.parse("alone")
    assert values["alone"] > 0.2 > 0.05 > values["pass"], values


@pytest.mark.parametrize("aware", [True, False])
def test_expert_values_outcomes_knowing_it_is_the_expert(aware: bool,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``aware`` the expert values a hand's points by its own chances among two
    intermediates (``hero``); without (the default) as among equals."""
    import cutthroat.bots.expert as expert

    seen: set[bool] = set()
    real = expert.hand_worth

    def spy(*args, hero: bool = False, **kwargs):  # type: ignore[no-untyped-def]
        seen.add(hero)
        return real(*args, hero=hero, **kwargs)

    monkeypatch.setattr(expert, "hand_worth", spy)
    bot = ExpertBot(seed=1, play_samples=2, bid_samples=2, keep_candidates=2, aware=aware)
    hand = Hand.deal(Rules(), dealer=0, seed=4)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.push(bot.choose(hand.view(seat, (4, 6, 2))), seat)
    assert seen == {aware}


def _at(phase: Phase, seed: int) -> Hand:
    """A hand dealt by seat 0 at its first decision in ``phase`` (seat 1 orders, takes
    the dummy, everybody else passes)."""
    hand = Hand.deal(Rules(), dealer=0, seed=seed)
    while hand.phase is not phase:
        seat = hand.to_act
        assert seat is not None
        texts = hand.legal_texts()
        hand.push("order" if "order" in texts and seat == 1 else
                  "dummy" if "dummy" in texts else
                  "pass" if "pass" in texts else texts[0], seat)
    return hand


def _ready_for_play(seed: int) -> Hand:
    """A hand at its first card, seat 1 the maker with the dummy, nobody alone."""
    hand = _at(Phase.PLAY, seed)
    assert hand.maker == 1 and not hand.alone
    return hand


@pytest.mark.parametrize("me", [0, 1])
def test_expert_calibrated_playout_counts_a_hand_as_really_played(me: int) -> None:
    """``calibrated``: a solved hand ends in every trick count the measured spread gives
    for its solved tricks (the table for the expert as maker when it is the maker),
    with those shares as weights; without, exactly as solved."""
    from cutthroat.bots.expert import SPREAD
    from cutthroat.bots.solver import solve

    for seed in range(4):
        hand = _ready_for_play(seed)
        solved = solve(hand)
        plain = ExpertBot(seed=0)._outcomes(hand, me, (0, 0, 0))
        assert [(side, weight) for _, side, weight in plain] == [
            (solved if me == 1 else 5 - solved, 1.0)]
        spread = ExpertBot(seed=0, calibrated=True)._outcomes(hand, me, (0, 0, 0))
        assert sum(weight for _, _, weight in spread) == pytest.approx(1.0)
        shares = SPREAD[me == 1][solved]
        for points, side, weight in spread:
            tricks = int(side) if me == 1 else 5 - int(side)
            assert weight == pytest.approx(shares[tricks])
            assert points[1] == (0 if tricks < 3 else 1 if tricks < 5 else 3)
        assert len(spread) == sum(1 for share in shares if share)
        mixed = ExpertBot(seed=0, calibrated=True, playout="mixed")._outcomes(hand, me,
                                                                              (0, 0, 0))
        assert sum(weight for _, _, weight in mixed) == pytest.approx(1.0)


def test_playout_calibration_is_a_fair_measure() -> None:
    """The measured spread of real play around the solver's verdict: every solved count
    was seen, and more tricks solved means more tricks really taken, for the expert
    as maker and against it."""
    from cutthroat.bots.expert import SPREAD
    from cutthroat.bots.playout_calibration import PLAYED

    for expert_maker, rows in SPREAD.items():
        assert all(sum(row) > 0 for row in PLAYED[expert_maker])
        means = [sum(t * share for t, share in enumerate(row)) for row in rows]
        assert means == sorted(means)
        for row in rows:
            assert sum(row) == pytest.approx(1.0)


@pytest.mark.parametrize("me", [0, 1])
def test_expert_table_playout_plays_a_hand_as_at_the_table(me: int) -> None:
    """``playout="table"``: the others play as the model does; as maker the expert plays
    a card the exact solver rates best at each turn, as a defender the model's card."""
    from cutthroat.bots.heuristic import IntermediateBot
    from cutthroat.bots.solver import evaluate_moves

    model = IntermediateBot(seed=0)
    scores = (3, 5, 1)
    differ = 0
    for seed in range(8):
        hand = _ready_for_play(seed)
        [(points, side, weight)] = ExpertBot(seed=0, playout="table")._outcomes(
            hand, me, scores)
        # Replay independently: the model everywhere, the solver's best for the maker me.
        replay = hand.copy()
        while not replay.is_over:
            seat = replay.to_act
            assert seat is not None
            card = model.choose(replay.view(seat, scores)).card
            assert card is not None
            if seat == me == 1:
                values = evaluate_moves(replay)
                best = {c for c, v in values.items() if v == max(values.values())}
                if card.id not in best:
                    differ += 1
                    card = Card.from_id(min(best))
            replay.push(Action.play(card), seat)
        result = replay.result
        assert result is not None
        assert weight == 1.0 and points == result.points
        assert side == (result.tricks[1] if me == 1 else 5 - result.tricks[1])
    if me == 1:
        assert differ > 0  # the solver's card is not always the model's


def test_expert_refuses_an_unknown_playout() -> None:
    with pytest.raises(ValueError, match="table"):
        ExpertBot(playout="perfect")


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_expert_with_the_table_playout_plays_legal_actions() -> None:
    bot = ExpertBot(seed=2, play_samples=2, bid_samples=3, keep_candidates=2, playout="table")
    for seed in range(3):
        hand = Hand.deal(Rules(), dealer=seed, seed=40 + seed)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat, (2, 7, 8))
            action = bot.choose(view)
            assert str(action) in view.legal
            hand.push(action, seat)


@pytest.mark.parametrize(("phase", "like"), [
    (Phase.BID_FIRST, "table"), (Phase.MAKER_CHOICE, "solver"),
    (Phase.DEFENDER_CHOICE, "solver")])
def test_expert_bidding_playout_plays_bids_out_as_at_the_table(phase: Phase,
                                                               like: str) -> None:
    """``playout="bidding"``: the bids that decide who makes trump are valued with the
    table's playout (the solver undervalues making trump), every other decision before
    play with the solver's; the two playouts value the same bid differently."""
    def values(playout: str, view: View) -> list[tuple[str, float]]:
        bot = ExpertBot(seed=5, bid_samples=6, play_samples=2, playout=playout)
        return [(str(o.action), o.value) for o in bot.analyse(view).options]

    differ = 0
    for seed in range(4):
        hand = _at(phase, seed)
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat, (4, 6, 2))
        assert values("bidding", view) == values(like, view)
        other = "solver" if like == "table" else "table"
        differ += values(other, view) != values(like, view)
    assert differ > 0


def test_R9_the_last_pass_of_the_second_round_is_valued_as_the_hand_thrown_in() -> None:
    """The dealer, last to speak in the second round after two passes (R9): passing
    throws the hand in, so it scores nothing and takes no trick, whatever the cards, and
    its chance to win is the same on any deal with the same score and dealer."""
    chances = []
    for seed in (8, 9):
        hand = Hand.deal(Rules(), dealer=0, seed=seed)
        for move in ("1 pass", "2 pass", "0 pass", "1 pass", "2 pass"):
            hand.push(move)
        assert hand.phase is Phase.BID_SECOND and hand.to_act == 0
        options = {str(o.action): o for o in small().analyse(hand.view(0, (3, 5, 7))).options}
        thrown = options["pass"]
        assert (thrown.points, thrown.tricks) == (0.0, 0.0)
        assert len(options) == 4 and all(o.tricks > 0 for a, o in options.items() if a != "pass")
        chances.append(thrown.win_chance)
    assert chances[0] == chances[1] and 0 < chances[0] < 1
