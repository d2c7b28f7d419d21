"""The heuristic bots: ``beginner`` and ``intermediate``.

Both return a legal action in every phase under every variant, are deterministic given
their seed, decide from the seat's view alone, and take the sensible decision in a set
of hand-made positions. The strength checks at the end are slow (``make strength``).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable

import pytest

from conftest import make_hand, push_all
from cutthroat import Action, Card, Deal, Game, Hand, Phase, Rules, Verb, View, deck
from cutthroat.bots import Bot, RandomBot, play_game
from cutthroat.bots.heuristic import BeginnerBot, IntermediateBot
from cutthroat.bots.heuristic_bidding import (
    best_keep,
    card_odds,
    estimate_tricks,
    p_make,
    p_march,
    win_chance,
)
from cutthroat.bots.heuristic_play import Table, defender_wants_tricks, for_the_maker
from cutthroat.cards import Suit, mask_of, parse_cards
from cutthroat.cli import random_variants

BotClass = type[BeginnerBot] | type[IntermediateBot]
BOTS: tuple[BotClass, ...] = (BeginnerBot, IntermediateBot)


class Checked:
    """Wraps a bot: checks every answer is legal and records phases and reasons."""

    def __init__(self, bot: BeginnerBot | IntermediateBot) -> None:
        self.bot = bot
        self.name = bot.name
        self.phases: Counter[Phase] = Counter()
        self.reasons: list[str] = []

    def choose(self, view: View) -> Action:
        assert isinstance(view, View)
        action, reason = self.bot.choose_with_reason(view)
        assert str(action) in view.legal, (view.phase, action, view.legal[:5])
        assert reason and self.bot.reason == reason
        self.phases[view.phase] += 1
        self.reasons.append(reason)
        return action


def decide(bot_class: BotClass, view: View) -> tuple[Action, str]:
    return bot_class(seed=0).choose_with_reason(view)


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


# --- legal, deterministic, view-only -------------------------------------------------


@pytest.mark.parametrize("mix", ["beginner", "intermediate", "mixed"])
def test_bots_return_legal_actions_in_every_phase_under_random_variants(mix: str) -> None:
    phases: Counter[Phase] = Counter()
    for game_no in range(30):
        rng = random.Random(1000 + game_no)
        rules = random_variants(rng)
        if mix == "mixed":
            classes: list[BotClass] = [BeginnerBot, IntermediateBot, IntermediateBot]
        else:
            classes = [BeginnerBot if mix == "beginner" else IntermediateBot] * 3
        bots = [Checked(cls(seed=game_no * 3 + s)) for s, cls in enumerate(classes)]
        game = play_game(Game(rules, seed=game_no), bots)
        assert game.is_over
        for bot in bots:
            phases.update(bot.phases)
            assert not any(r.startswith("fallback") for r in bot.reasons)
    expected = set(Phase) - {Phase.OVER, Phase.THROWN_IN, Phase.JOKER_TRUMP}
    assert expected <= set(phases)


@pytest.mark.parametrize("bot_class", BOTS)
def test_joker_turned_up_dealer_names_trump_blind(bot_class: BotClass) -> None:
    rules = Rules(deck=25)
    hand = make_hand(["9C TC JC QC KC", "9D TD JD QD KD", "9H TH JH QH KH"], "JO",
                     rules=rules, dealer=0)
    view = hand.view(0)
    assert view.phase is Phase.JOKER_TRUMP and view.cards == ()
    action, _ = decide(bot_class, view)
    assert action.verb is Verb.TRUMP
    hand.push(action, 0)
    action, _ = decide(bot_class, hand.view(0))
    assert action.verb is Verb.DISCARD
    hand.push(action, 0)
    assert hand.phase is Phase.MAKER_CHOICE


@pytest.mark.parametrize("bot_class", BOTS)
def test_bots_are_deterministic_given_their_seed(bot_class: BotClass) -> None:
    def record(seed: int) -> list[str]:
        rules = random_variants(random.Random(seed))
        bots = [bot_class(seed=seed + s) for s in range(3)]
        game = play_game(Game(rules, seed=seed), bots)
        return [str(m) for h in game.hands for m in h.moves]

    for seed in (1, 2, 3):
        assert record(seed) == record(seed)


def _reshuffled(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same hand for ``seat`` (its cards, the up-card), every hidden card moved."""
    rules = hand.rules
    mine = hand.cards(seat)
    up = hand.upcard
    hidden = [c for c in deck(rules.deck) if c not in mine and c != up]
    rng.shuffle(hidden)
    hands: list[list[Card]] = []
    for s in range(3):
        if s == seat:
            hands.append(list(mine))
        else:
            hands.append(hidden[:5])
            hidden = hidden[5:]
    dummy = hidden[:5] if rules.dummy else []
    kitty = [up, *(hidden[5:] if rules.dummy else hidden)]
    return Hand(rules, Deal.from_cards(rules, hands, kitty, dummy), hand.dealer)


@pytest.mark.parametrize("bot_class", BOTS)
def test_bots_decide_from_the_view_alone(bot_class: BotClass) -> None:
    # Moving every card the seat cannot see never changes its decision.
    rng = random.Random(5)
    for n in range(40):
        hand = Hand.deal(Rules(), dealer=n % 3, seed=n)
        seat = hand.to_act
        assert seat is not None
        first = decide(bot_class, hand.view(seat))
        for _ in range(3):
            other = _reshuffled(hand, seat, rng)
            assert decide(bot_class, other.view(seat)) == first


def test_intermediate_choice_is_a_function_of_the_view() -> None:
    # Whatever its seed and history, the intermediate bot answers a view the same way
    # (the expert bot uses it as a model of the other seats).
    rules = Rules(deck=25)
    game = Game(rules, seed=3)
    first, second = IntermediateBot(seed=1), IntermediateBot(seed=99)
    for _ in range(4):
        if game.is_over:
            break
        hand = game.deal()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = game.view(seat)
            action = first.choose(view)
            assert second.choose(view) == action == first.choose(view)
            hand.push(action, seat)
    joker = make_hand(["9C TC JC QC KC", "9D TD JD QD KD", "9H TH JH QH KH"], "JO",
                      rules=rules, dealer=0)
    assert {str(IntermediateBot(seed=s).choose(joker.view(0))) for s in range(5)} == {
        "trump S"}


@pytest.mark.parametrize("bot_class", BOTS)
def test_bot_refuses_a_view_with_nothing_to_do(bot_class: BotClass) -> None:
    hand = Hand.deal(Rules(), dealer=0, seed=1)
    with pytest.raises(ValueError, match="nothing to do"):
        bot_class(seed=0).choose(hand.view(0))


def test_intermediate_decisions_are_fast() -> None:
    bots = [IntermediateBot(seed=s) for s in range(3)]
    spent = 0.0
    count = 0

    class Timer:
        name = "timer"

        def __init__(self, bot: IntermediateBot) -> None:
            self.bot = bot

        def choose(self, view: View) -> Action:
            nonlocal spent, count
            start = time.perf_counter()
            action = self.bot.choose(view)
            spent += time.perf_counter() - start
            count += 1
            return action

    for seed in range(3):
        play_game(Game(Rules(), seed=seed), [Timer(b) for b in bots])
    assert spent / count < 0.001


# --- bidding ------------------------------------------------------------------------------


STRONG = "JH JD AH KH AS"
JUNK = "9C TC 9S TS QD"


@pytest.mark.parametrize("bot_class", BOTS)
def test_orders_with_a_strong_hand(bot_class: BotClass) -> None:
    hand = make_hand([JUNK.replace("QD", "KD"), STRONG, "QC KC QS KS AD"], "9H", dealer=0)
    assert hand.to_act == 1
    action, reason = decide(bot_class, hand.view(1))
    assert str(action) == "order", reason


@pytest.mark.parametrize("bot_class", BOTS)
def test_passes_with_junk(bot_class: BotClass) -> None:
    hand = make_hand([STRONG, JUNK, "QC KC QS KS AD"], "9H", dealer=0)
    action, reason = decide(bot_class, hand.view(1))
    assert str(action) == "pass", reason


@pytest.mark.parametrize("bot_class", BOTS)
def test_passes_junk_in_round_two_without_a_dummy(bot_class: BotClass) -> None:
    # (With a dummy, the intermediate bot may call a poor suit in round two: the dummy
    # is worth about a trick and a half, and a pass lets the next seat call instead.)
    hand = make_hand([STRONG, JUNK, "QC KC QS KS AD"], "9H", rules=Rules(dummy=False),
                     dealer=0)
    push_all(hand, ["1 pass", "2 pass", "0 pass"])
    action, reason = decide(bot_class, hand.view(1))
    assert str(action) == "pass", reason


@pytest.mark.parametrize("bot_class", BOTS)
def test_stuck_dealer_calls_a_suit(bot_class: BotClass) -> None:
    rules = Rules(stick_the_dealer=True, dummy=False)
    hand = make_hand(["9C TC 9S TS QD", "QC KC QS KS AD", "JH JD AH KH AS"], "9H",
                     rules=rules, dealer=0)
    push_all(hand, ["1 pass", "2 pass", "0 pass", "1 pass", "2 pass"])
    view = hand.view(0)
    assert "pass" not in view.legal
    action, _ = decide(bot_class, view)
    assert action.verb is Verb.CALL and action.suit is not Suit.HEARTS


@pytest.mark.parametrize("bot_class", BOTS)
def test_calls_its_strong_suit_in_round_two(bot_class: BotClass) -> None:
    hand = make_hand(["QC KC QD KD AD", "JS JC AS TS QS", "9C TC 9D TD KH"], "9H", dealer=0)
    push_all(hand, ["1 pass", "2 pass", "0 pass"])
    action, reason = decide(bot_class, hand.view(1))
    assert str(action) == "call S", reason


def test_intermediate_is_bolder_when_a_make_wins_the_game() -> None:
    # A middling hand: passed at 0-0-0, ordered when one point wins the game.
    hand = make_hand(["9C KC TH AH TS", "JC 9D 9S JS AS", "TC QC 9H JH KS"], "AD", dealer=0)
    assert str(decide(IntermediateBot, hand.view(1, scores=(0, 0, 0)))[0]) == "pass"
    assert str(decide(IntermediateBot, hand.view(1, scores=(5, 9, 5)))[0]) == "order"


def test_intermediate_is_careful_when_a_euchre_hands_an_opponent_the_game() -> None:
    # Ordered at 0-0-0; passed when a euchre would take seat 0 from 8 to the target.
    hand = make_hand(["9C QC AC JD QS", "QD AH TS JS AS", "TC TD QH KH 9S"], "JC", dealer=0)
    assert str(decide(IntermediateBot, hand.view(1, scores=(0, 0, 0)))[0]) == "order"
    assert str(decide(IntermediateBot, hand.view(1, scores=(8, 0, 0)))[0]) == "pass"


@pytest.mark.parametrize("bot_class", BOTS)
def test_dealer_picks_up_and_discards_a_side_card_making_a_void(bot_class: BotClass) -> None:
    hand = make_hand(["9C QH KH AS KS", "QC KC QS JS AD", "TC TD JD 9S TS"], "JH", dealer=0)
    push_all(hand, ["1 order"])
    action, _ = decide(bot_class, hand.view(0))
    assert str(action) == "pickup"
    hand.push(action, 0)
    action, reason = decide(bot_class, hand.view(0))
    assert str(action) == "discard 9C", reason


def test_R8_intermediate_dealer_leaves_an_up_card_that_cannot_improve_his_hand() -> None:
    """Five trumps above the up-card: taking it only means discarding it again, so the
    intermediate dealer leaves it, and says why (the beginner always takes it)."""
    hand = make_hand(["JH JD AH KH QH", "QC KC QS JS AD", "TC TD 9D 9S TS"], "TH", dealer=0)
    push_all(hand, ["1 order"])
    assert decide(IntermediateBot, hand.view(0)) == (
        Action.parse("leave"), "leave the TH: it does not improve the hand")
    assert str(decide(BeginnerBot, hand.view(0))[0]) == "pickup"


@pytest.mark.parametrize("bot_class", BOTS)
def test_discards_a_trump_only_when_all_are_trumps(bot_class: BotClass) -> None:
    hand = make_hand(["JH JD AH KH QH", "QC KC QS JS AD", "TC TD 9D 9S TS"], "TH", dealer=0)
    push_all(hand, ["1 pass", "2 pass", "0 order"])
    action, _ = decide(bot_class, hand.view(0))
    assert str(action) == "discard TH"


@pytest.mark.parametrize("bot_class", BOTS)
def test_keeps_the_obvious_best_five(bot_class: BotClass) -> None:
    hand = make_hand(["9C TC 9S JS 9D", "QC KC QS KS AD", "TD JD AC TS AS"], "QD",
                     dealer=0, dummy="JH AH KH QH 9H")
    push_all(hand, ["1 pass", "2 pass", "0 pass", "1 pass", "2 pass", "0 call H",
                    "0 dummy"])
    action, _ = decide(bot_class, hand.view(0))
    assert set(action.cards) == cards("JH AH KH QH 9H")


def test_intermediate_keep_makes_voids_and_keeps_an_ace() -> None:
    hand = make_hand(["9C TC 9S AS AD", "QS KS KD JC KC", "TD JD TS JS AC"], "QD",
                     dealer=0, dummy="JH AH KH 9H QC")
    push_all(hand, ["1 pass", "2 pass", "0 pass", "1 pass", "2 pass", "0 call H",
                    "0 dummy"])
    action, reason = decide(IntermediateBot, hand.view(0))
    kept = set(action.cards)
    assert cards("JH AH KH 9H") < kept, reason
    assert (kept - cards("JH AH KH 9H")) <= cards("AS AD")


def test_intermediate_takes_the_dummy_unless_alone_pays_more() -> None:
    hands = ["9C TC 9S TS 9D", "QC KC QS KS AD", "JH JD AH KH QH"]
    for rules, expected in ((Rules(), "dummy"), (Rules(maker_alone_march=5), "alone")):
        hand = make_hand(hands, "TD", rules=rules, dealer=0)
        push_all(hand, ["1 pass", "2 pass", "0 pass", "1 pass", "2 call H"])
        assert str(decide(IntermediateBot, hand.view(2))[0]) == expected


def test_beginner_takes_the_dummy_unless_overwhelming() -> None:
    for hands, expected in ((["9C TC 9S TS 9D", "QC KC QS KS AD", "JH JD AH KH QH"], "alone"),
                            (["9C TC 9S TS 9D", "QC KC QS KS AD", "JH TH AH KH QH"], "dummy")):
        hand = make_hand(hands, "TD", dealer=0)
        push_all(hand, ["1 pass", "2 pass", "0 pass", "1 pass", "2 call H"])
        assert str(decide(BeginnerBot, hand.view(2))[0]) == expected


@pytest.mark.parametrize("bot_class", BOTS)
def test_defender_does_not_go_alone_with_an_ordinary_hand(bot_class: BotClass) -> None:
    hand = make_hand(["AC KC QD KD AS", "9C TC 9S TS 9D", "JH JD AH KH QH"], "TD", dealer=0)
    push_all(hand, ["1 pass", "2 pass", "0 pass", "1 pass", "2 call H", "2 dummy"])
    keep = Action.keep(parse_cards("JH JD AH KH QH"))
    hand.push(keep, 2)
    assert str(decide(bot_class, hand.view(0))[0]) == "pass"


def test_intermediate_defends_alone_with_sure_tricks_unless_it_helps_the_partner_win() -> None:
    hand = make_hand(["JH JD AH KH AS", "9C TC 9S TS 9D", "QH TH AC KC QC"], "TD", dealer=1)
    push_all(hand, ["2 pass", "0 pass", "1 pass", "2 call H", "2 dummy"])
    hand.push(Action.keep(hand.cards(2)[:5]), 2)
    assert hand.to_act == 0
    assert str(decide(IntermediateBot, hand.view(0, scores=(0, 0, 0)))[0]) == "alone"
    # +4 each would take the partner (seat 1) to the target: only +2 is safe.
    assert str(decide(IntermediateBot, hand.view(0, scores=(0, 7, 0)))[0]) == "pass"


# --- play ---------------------------------------------------------------------------------


def _defence(rules: Rules | None = None, me: str = "AC TC 9D TD JS") -> Hand:
    """Dealer 2; seat 1 calls hearts (no dummy); seat 0 (the partner) leads KC, the maker
    follows 9C; seat 2 (this seat, a defender) is last to play."""
    rules = rules or Rules(dummy=False)
    hand = make_hand(["KC QD KD QS KS", "9C JH AH KH QH", me], "9S", rules=rules, dealer=2)
    push_all(hand, ["0 pass", "1 pass", "2 pass", "0 pass", "1 call H", "2 pass", "0 pass",
                    "0 play KC", "1 play 9C"])
    return hand


def test_R20_letting_the_maker_have_it_says_what_a_euchre_would_really_do() -> None:
    """The intermediate plays for the maker when a euchre helps its partner more than
    itself: its reason names the game only when the euchre would really end it, and
    otherwise the points a euchre would bring each defender."""
    hand = _defence()
    push_all(hand, ["2 play TC"])  # the partner wins trick 1: the march is stopped
    push_all(hand, ["0 play KD", "1 play QH"])  # the maker trumps; seat 2 to follow
    for scores, said in (((8, 3, 0), "a euchre would hand the partner the game"),
                         ((5, 2, 0), "a euchre would take the partner to 7 and you to 2: "
                                     "your chance to win is better if the maker makes it")):
        view = hand.view(2, scores=scores)
        assert not defender_wants_tricks(view, Table.from_view(view))
        _, reason = decide(IntermediateBot, view)
        assert f"let the maker have it ({said})" in reason, reason
    # The words follow R22 whenever they are asked for: level on 10, the game plays on.
    view = hand.view(2, scores=(8, 3, 8))
    assert for_the_maker(view, Table.from_view(view)).startswith(
        "a euchre would take the partner to 10 and you to 10")


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_R11_the_intermediate_never_says_it_does_not_overtake_when_it_does() -> None:
    """Over many real tricks: "do not overtake" only with a card that does not beat the
    partner's; a card forced over the partner's (every legal card beats it) says so; and
    "let the maker have it" is never said of a card that takes the lead."""
    rng = random.Random(41)
    checked = {"forced": 0, "do not": 0}
    for game_seed in range(60):
        game = Game(Rules(), rng=random.Random(game_seed))
        bots = [IntermediateBot(seed=s) for s in range(3)]
        while not game.is_over:
            hand = game.hand if game.hand is not None and not game.hand.is_over else game.deal()
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                view = hand.view(seat, scores=tuple(rng.randrange(10) for _ in range(3)))
                action, reason = decide(IntermediateBot, view)
                trick = hand.current_trick if hand.phase is Phase.PLAY else ()
                if trick and action.card is not None:
                    beats = _beats_all(hand, action.card)
                    if "do not overtake" in reason:
                        checked["do not"] += 1
                        assert not beats, reason
                    if "forced to overtake" in reason:
                        checked["forced"] += 1
                        assert all(_beats_all(hand, a.card) for a in hand.legal_actions()
                                   if a.card is not None), reason
                    if "let the maker have it" in reason:
                        assert not beats, reason
                hand.push(bots[seat].choose(hand.view(seat)))
            if not game.is_over:
                game.deal()
    assert checked["do not"] > 20 and checked["forced"] > 0, checked


def _beats_all(hand: Hand, card: Card) -> bool:
    """Whether ``card`` would take the lead of the trick in play (R11)."""
    from cutthroat.scoring import trick_winner

    trick = list(hand.current_trick)
    cards = [c for _, c in trick] + [card]
    return trick_winner(cards, hand.trump) == len(cards) - 1


def test_intermediate_does_not_overtake_the_partners_winning_card() -> None:
    hand = _defence()
    action, reason = decide(IntermediateBot, hand.view(2))
    assert str(action) == "play TC", reason
    assert "partner" in reason


def test_beginner_plays_its_highest_card_to_win() -> None:
    hand = _defence()
    assert str(decide(BeginnerBot, hand.view(2))[0]) == "play AC"


def test_intermediate_does_not_ruff_the_partners_winning_trick() -> None:
    hand = _defence(me="9H TD 9D JS TS")
    action, reason = decide(IntermediateBot, hand.view(2))
    assert action.card is not None and action.card.suit is not Suit.HEARTS, reason


def test_intermediate_wins_cheaply_when_last_against_the_maker() -> None:
    rules = Rules(dummy=False)
    hand = make_hand(["9C QD KD QS KS", "KC JH AH KH QH", "AC TC 9D TD JS"], "9S",
                     rules=rules, dealer=2)
    push_all(hand, ["0 pass", "1 pass", "2 pass", "0 pass", "1 call H", "2 pass", "0 pass",
                    "0 play 9C", "1 play KC"])
    assert str(decide(IntermediateBot, hand.view(2))[0]) == "play AC"


def test_maker_draws_trumps_with_the_top_trump() -> None:
    rules = Rules(dummy=False)
    hand = make_hand(["9C QD KD QS KS", "AC JH JD KH QH", "KC TC 9D TD JS"], "9S",
                     rules=rules, dealer=0)
    push_all(hand, ["1 pass", "2 pass", "0 pass", "1 call H", "2 pass", "0 pass"])
    assert hand.to_act == 1  # the dealer's left leads
    action, reason = decide(IntermediateBot, hand.view(1))
    assert str(action) == "play JH", reason


def test_defender_cashes_a_top_card() -> None:
    rules = Rules(dummy=False)
    hand = make_hand(["AC QD KD QS 9C", "TC JH JD KH QH", "KC 9H 9D TD JS"], "9S",
                     rules=rules, dealer=2)
    push_all(hand, ["0 pass", "1 pass", "2 pass", "0 pass", "1 call H", "2 pass", "0 pass"])
    action, reason = decide(IntermediateBot, hand.view(0))
    assert str(action) == "play AC", reason


def test_table_tracks_voids_and_the_upcard() -> None:
    rules = Rules(dummy=False)
    hand = make_hand(["9C QD KD QS KS", "KC JH AH KH QH", "AC TC 9D TD JS"], "9H",
                     rules=rules, dealer=2)
    push_all(hand, ["0 order", "2 pickup", "2 discard JS", "1 pass", "2 pass",
                    "0 play QS", "1 play KH"])
    table = Table.from_view(hand.view(2))
    assert table.voids[1] == 1 << Suit.SPADES
    assert table.known[2] == 0  # the dealer himself: his up-card is in his hand
    table0 = Table.from_view(hand.view(0))
    assert table0.known[2] == Card.parse("9H").bit
    assert table0.partner is None and table0.opponents == (1, 2)
    assert Table.from_view(hand.view(2)).partner == 1


def test_R20_defender_stops_helping_a_partner_whom_the_euchre_would_make_win() -> None:
    # Seat 0 (the partner) has 8: a euchre gives him 10 and the game, while the maker's
    # making it ends nothing. Once the march is stopped, seat 2 lets the maker have it.
    hand = _defence()
    push_all(hand, ["2 play TC"])  # the partner wins trick 1: the march is stopped
    table = Table.from_view(hand.view(0))
    assert defender_wants_tricks(hand.view(0, scores=(0, 0, 0)), table)
    view = hand.view(2, scores=(8, 3, 0))
    assert not defender_wants_tricks(view, Table.from_view(view))
    assert defender_wants_tricks(hand.view(2, scores=(0, 3, 0)), Table.from_view(view))


# --- the evaluation ------------------------------------------------------------------------


def _mask(text: str) -> int:
    return mask_of(parse_cards(text))


def test_estimate_orders_hands_sensibly() -> None:
    def est(text: str) -> float:
        mine = _mask(text)
        return estimate_tricks(mine, Suit.HEARTS, card_odds(24, mine), 24)

    assert est("JH JD AH KH QH") > est("JH JD AH AS AC") > est("JH 9H AS KS QC")
    assert est("9C TC 9S TS QD") < 0.5
    assert est("9C TC 9S TS QD") >= 0 and est("JH JD AH KH QH") <= 5


def test_best_keep_keeps_all_trumps_when_asked() -> None:
    six = _mask("9H AS KS AC KC AD")
    keep, _ = best_keep(six, Suit.HEARTS, card_odds(24, six), 24, min_trumps=6)
    assert keep >> Card.parse("9H").id & 1


def test_chances_grow_with_the_estimate() -> None:
    for dummy in (True, False):
        values = [p_make(x / 2, dummy) for x in range(11)]
        assert values == sorted(values)
        assert all(p_march(x / 2, dummy) <= p_make(x / 2, dummy) for x in range(11))


def test_win_chance() -> None:
    rules = Rules()
    assert math.isclose(win_chance((0, 0, 0), rules, 1), 1 / 3)
    assert win_chance((10, 4, 4), rules, 0) == 1.0
    assert win_chance((10, 11, 4), rules, 0) == 0.0
    assert win_chance((10, 10, 4), rules.replace(tie="share"), 0) == 0.5
    assert win_chance((9, 0, 0), rules, 0) > win_chance((5, 0, 0), rules, 0) > 1 / 3


# --- strength (slow: make strength) ---------------------------------------------------------


def _win_rate(hero: Callable[[int], Bot], villain: Callable[[int], Bot], games: int,
              variants: bool = False) -> tuple[float, float]:
    """The hero's share of wins (a shared win counts as a share) and a 95% half-width."""
    total = 0.0
    for g in range(games):
        rules = random_variants(random.Random(g)) if variants else Rules()
        seat = g % 3
        bots = [hero(3 * g + s) if s == seat else villain(3 * g + s) for s in range(3)]
        game = play_game(Game(rules, seed=g), bots)
        if seat in game.winners:
            total += 1 / len(game.winners)
    rate = total / games
    return rate, 1.96 * math.sqrt(rate * (1 - rate) / games)


def _seeded(cls: type[BeginnerBot] | type[IntermediateBot] | type[RandomBot]
            ) -> Callable[[int], Bot]:
    return lambda seed: cls(seed=seed)


@pytest.mark.slow
def test_strength_beginner_beats_random() -> None:
    rate, half = _win_rate(_seeded(BeginnerBot), _seeded(RandomBot), 300)
    print(f"beginner vs 2 random: {rate:.3f} ± {half:.3f} (300 games)")
    assert rate >= 0.85


@pytest.mark.slow
def test_strength_intermediate_beats_beginners() -> None:
    rate, half = _win_rate(_seeded(IntermediateBot), _seeded(BeginnerBot), 300)
    print(f"intermediate vs 2 beginners: {rate:.3f} ± {half:.3f} (300 games)")
    assert rate - half > 1 / 3


@pytest.mark.parametrize("block", range(4))
def test_the_models_fast_path_chooses_as_on_the_view_R14_R16(block: int) -> None:
    """``IntermediateBot.choose_in`` (a card, the dealer's discard and the maker's keep
    read from the hand itself, for the expert's searches and inference) is exactly
    ``choose`` on the seat's view, with the same reason, and ``Table.from_hand`` is the
    table ``from_view`` reads, at every play position of hands under random variants
    (lone makers and defenders, a seat sitting out, the joker, 32 cards), bid by the
    bot or at random, played at random; ``Hand.trick_ids`` lists the tricks' cards."""
    from cutthroat.bots.heuristic_play import decide_play, decide_play_in
    from cutthroat.cli import random_variants

    bot = IntermediateBot(seed=0)
    positions = hidden = 0
    for game in range(50 * block, 50 * block + 50):
        rng = random.Random(game)
        rules = random_variants(rng)
        hand = Hand.deal(rules, dealer=game % 3, rng=rng)
        scores = (rng.randrange(10), rng.randrange(10), rng.randrange(10)) \
            if game % 2 else None
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat, scores)
            if hand.phase is Phase.PLAY:
                assert Table.from_hand(hand, seat) == Table.from_view(view)
                assert decide_play_in(hand, seat, scores) == decide_play(view)
                assert bot.choose_in(hand, seat, scores) == bot.choose(view)
                plays = [t.plays for t in view.tricks] + (
                    [view.current_trick] if view.current_trick else [])
                assert hand.trick_ids() == [tuple((s, c.id) for s, c in p) for p in plays]
                positions += 1
                hand.apply_id(rng.choice(hand.legal_action_ids()))
            elif hand.phase in (Phase.DISCARD, Phase.KEEP):
                fast = bot.choose_in(hand, seat, scores), bot.reason
                assert fast == bot.choose_with_reason(view)
                hidden += 1
                hand.push(fast[0], seat)
            elif rng.random() < 0.5:
                assert bot.choose_in(hand, seat, scores) == bot.choose(view)
                hand.push(bot.choose(view), seat)
            else:
                hand.apply_id(rng.choice(hand.legal_action_ids()))
    assert positions > 500 and hidden > 20


def test_the_keep_reason_counts_one_trump_in_the_singular() -> None:
    from cutthroat.bots.heuristic_bidding import keep_decision
    from cutthroat.cards import mask_of

    one = mask_of(parse_cards("9H AC KC QC TC AS KS QS TS 9S"))
    two = mask_of(parse_cards("9H TH AC KC QC TC AS KS QS 9S"))
    assert ": 1 trump, about" in keep_decision(24, one, int(Suit.HEARTS), 0, 0)[1]
    assert ": 2 trumps, about" in keep_decision(24, two, int(Suit.HEARTS), 0, 0)[1]


def test_intermediate_says_which_trumps_it_counts_to_defend_alone_R13() -> None:
    """It defends alone on the top trumps still out held in an unbroken run: with the
    right bower, the ace and the king, but not the left bower, that is one, and the
    reason said "1 sure trick is not enough", though the ace and king may well win."""
    from cutthroat.bots.hand_estimate import sure_trumps
    from cutthroat.cards import mask_of

    said: dict[int, str] = {}
    rng = random.Random(8)
    for _ in range(3000):
        hand = Hand.deal(Rules(), dealer=rng.randrange(3), rng=rng)
        while not hand.is_over and hand.phase is not Phase.DEFENDER_CHOICE:
            hand.push(rng.choice(hand.legal_actions()))
        if hand.phase is not Phase.DEFENDER_CHOICE:
            continue
        seat = hand.to_act
        assert seat is not None and hand.trump is not None
        view = hand.view(seat)
        gone = 0 if view.upcard_taken else 1 << view.upcard.id
        sure = sure_trumps(mask_of(view.cards), int(hand.trump), gone, 24)
        action, reason = decide(IntermediateBot, view)
        if sure < 3:
            assert action == Action.parse("pass")
            said.setdefault(sure, reason)
        if len(said) == 3:
            break
    assert said == {
        0: "pass: you hold no top trump, and defending alone takes the top three",
        1: "pass: you hold only the top trump, and defending alone takes the top three",
        2: "pass: you hold the top 2 trumps, and defending alone takes the top three"}


def test_R3_the_intermediates_reasons_name_the_bowers() -> None:
    """Under spades "JC" reads as a club to a newcomer: the intermediate's reasons name
    each bower where they first write it ("lead JC (the left bower): ..."), on the view
    and on the expert's fast path alike, and never a jack that is no bower."""
    from cutthroat.cards import Rank

    bot = IntermediateBot(seed=0)
    named = 0
    for game in range(40):
        rng = random.Random(game)
        hand = Hand.deal(Rules(), dealer=game % 3, rng=rng)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action, reason = bot.choose_with_reason(hand.view(seat))
            trump = hand.trump
            if trump is not None:
                bot.choose_in(hand, seat)
                assert bot.reason == reason  # the fast path's reason names them too
                for suit, name in ((trump, "right"), (trump.partner, "left")):
                    code = str(Card.of(Rank.JACK, suit))
                    if code in reason:
                        assert f"{code} (the {name} bower)" in reason, reason
                        assert reason.count("bower") <= 2
                        named += 1
                others = [str(Card.of(Rank.JACK, s)) for s in Suit
                          if s not in (trump, trump.partner)]
                assert not any(f"{code} (the" in reason for code in others), reason
            hand.push(action, seat)
    assert named > 20
