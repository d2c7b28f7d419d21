"""The Python API as a programmer at the REPL finds it (a user's check of it): what
each call takes, and what a wrong one says, without changing anything."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from cutthroat import Action, Card, Game, Hand, Rules, record
from cutthroat.bots import BotSpecError, RandomBot, earlier_views, make_bot, play_game
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.cards import CardError, Rank, Suit
from cutthroat.deal import Deal
from cutthroat.errors import (
    ActionParseError,
    DealError,
    IllegalActionError,
    NotYourTurnError,
    SeatError,
)
from cutthroat.rules import RulesError


def test_R14_take_back_never_undoes_a_dummy_the_maker_took_after_your_move() -> None:
    """Seat 0's 'leave' came before seat 1 took the dummy: taking seat 0's move back
    took the dummy back too, and seat 1, having seen it, could then go alone."""
    hand = Hand.deal(Rules(), dealer=0, seed=1)
    for move in ["order", "leave", "dummy", "keep TC JC 9D QD KD", "pass"]:
        hand.push(move)
    before = list(hand.moves)
    with pytest.raises(IllegalActionError, match=r"the maker has taken the dummy since and "
                                                 r"seen its cards, so moves made before that "
                                                 r"cannot be taken back \(R14"):
        hand.take_back(0)
    assert list(hand.moves) == before
    assert [str(m) for m in hand.take_back(2)] == ["2 pass"]  # after the dummy: allowed


def test_is_legal_and_from_id_take_numpy_ids_as_push_does() -> None:
    hand = Hand.deal(seed=1)
    legal = hand.legal_action_ids()
    for aid in legal:
        assert hand.is_legal(np.int64(aid)) and hand.is_legal(aid)
    assert not hand.is_legal(True) and not hand.is_legal(np.float64(legal[0]))
    assert not hand.is_legal(None)
    assert Action.from_id(np.int64(5)) == Action.from_id(5)
    with pytest.raises(ActionParseError, match="not an absolute action id: True"):
        Action.from_id(True)


def test_a_replayed_game_deals_on_from_the_seed_or_rng_given() -> None:
    """Every replayed game dealt the same next hand (seed 0, always): the seed or the
    random source for the hands to come can now be given."""
    bots = [RandomBot(seed=s) for s in range(3)]
    text = record.dumps(play_game(Game(seed=7), bots, max_hands=1))
    default_a, default_b = record.replay(text), record.replay(text)
    assert default_a.deal().dealt == default_b.deal().dealt  # the same seed, 0
    seeded = [record.replay(text, seed=s).deal().dealt for s in (1, 2)]
    assert seeded[0] != seeded[1]
    assert record.replay(text, seed=1).deal().dealt == seeded[0]
    again = record.replay(text, rng=random.Random(1)).deal().dealt
    assert again == seeded[0]
    with pytest.raises(ValueError, match="a seed or an rng, not both"):
        record.replay(text, seed=1, rng=random.Random(1))


def test_Card_of_refuses_anything_but_a_rank_and_a_suit_in_that_order() -> None:
    assert Card.of(Rank.JACK, Suit.HEARTS) == Card.parse("JH")
    for rank, suit in [(Suit.SPADES, Rank.NINE), (-1, 0), (8, 0), (0, 4), ("J", "H"),
                       (True, 0), (None, 0)]:
        with pytest.raises(CardError, match=r"Card.of takes a Rank and a Suit, in that order"):
            Card.of(rank, suit)  # type: ignore[arg-type]


def test_cards_order_with_every_comparison_and_refuse_other_types() -> None:
    jack, ace = Card.parse("JH"), Card.parse("AH")
    assert jack < ace and jack <= ace and ace > jack and ace >= jack and jack <= jack
    with pytest.raises(TypeError):
        assert jack < 5  # type: ignore[operator]


@pytest.mark.parametrize("rules", [None, Rules()])
def test_R1_a_hand_and_a_deal_take_rules_as_everything_else_does(rules: Rules | None) -> None:
    deal = Deal.from_cards(rules, ["9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH"],
                           ["9S", "TS", "JS", "QS"], ["QH", "KH", "AH", "KS", "AS"])  # type: ignore[arg-type]
    assert Hand(rules, deal, 0).rules == Rules()  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"Rules.preset\('stick'\)"):
        Hand("stick", deal, 0)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        Deal.from_cards("stick", [], [])  # type: ignore[arg-type]
    with pytest.raises(DealError, match=r"^a deal has three hands$"):
        Deal.from_cards(rules, ["9C TC JC QC KC", "AC 9D TD JD QD"], ["9S", "TS", "JS", "QS"],
                        ["QH", "KH", "AH", "KS", "AS"])


def test_a_random_source_must_be_a_random_Random_and_not_beside_a_seed() -> None:
    generator = np.random.default_rng(1)
    for make in (lambda: Game(rng=generator), lambda: Hand.deal(rng=generator),
                 lambda: RandomBot(rng=generator)):
        with pytest.raises(TypeError, match=r"rng must be a random\.Random .*NumPy Generator"):
            make()  # type: ignore[no-untyped-call]
    with pytest.raises(ValueError, match="a seed or an rng, not both"):
        Game(seed=1, rng=random.Random(2))


def test_Action_simple_and_a_keeps_id_say_what_is_wrong() -> None:
    assert Action.simple("PASS") == Action.parse("pass")
    for verb in ("play", "nonsense"):
        with pytest.raises(ActionParseError, match=rf"'{verb}' is not an action without "
                                                   r"arguments \(") as refused:
            Action.simple(verb)
        listed = str(refused.value).split("(")[1].rstrip(")").split(", ")
        assert sorted(listed) == ["alone", "dummy", "leave", "order", "pass", "pickup"]
    with pytest.raises(ActionParseError, match="a keep id depends on the maker's cards"):
        _ = Action.parse("keep 9C TC JC QC KC").id


def test_bots_check_their_seed_spec_and_turn_as_the_rest_of_the_api() -> None:
    for seed in (1.0, "x", True):
        with pytest.raises(TypeError, match="a seed is an integer or None"):
            RandomBot(seed=seed)  # type: ignore[arg-type]
    with pytest.raises(BotSpecError, match=r"a bot spec is text, .* or a bot's class, not "
                                           r"NoneType$"):
        make_bot(None, 0)  # type: ignore[arg-type]
    with pytest.raises(BotSpecError, match=r"not RandomBot \(a bot already made: play_game "
                                           r"and the environments take one as it is; "
                                           r"make_bot takes its class, RandomBot\)"):
        make_bot(RandomBot(seed=1), 0)  # type: ignore[arg-type]
    game = Game(seed=2)
    hand = game.deal()
    waiting = next(s for s in range(3) if s != hand.to_act)
    for bot in (RandomBot(seed=1), IntermediateBot(seed=1), make_bot("expert", 1)):
        with pytest.raises(NotYourTurnError, match=f"seat {waiting}"):
            bot.choose(game.view(waiting))
    for call in (lambda: play_game(hand, [RandomBot()] * 3),  # type: ignore[arg-type]
                 lambda: earlier_views(hand, 0)):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"takes a Game, not Hand: a hand is part of a "
                                            r"game \(Game.deal\(\) deals one\)"):
            call()


def test_the_record_module_names_its_functions_and_save_says_its_order(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert {"dumps", "summary"} <= set(record.__all__)
    game = Game(seed=1)
    with pytest.raises(TypeError, match=r"save takes the path first, then the game"):
        record.save(game, tmp_path / "g.json")  # type: ignore[arg-type]
    record.save(tmp_path / "g.json", game)
    assert record.replay(tmp_path / "g.json").rules == game.rules


def test_a_views_repr_lists_a_keeps_252_actions_by_count_not_one_by_one() -> None:
    """repr(view) at a keep was 6,444 characters, every keep written out."""
    import dataclasses

    hand = Hand.deal(Rules(), dealer=0, seed=1)
    before = hand.view(hand.to_act)  # type: ignore[arg-type]
    for move in ["order", "leave", "dummy"]:
        hand.push(move)
    keep = hand.view(hand.to_act)  # type: ignore[arg-type]
    assert len(keep.legal) == 252 and len(repr(keep)) < 1000
    assert f"{keep.legal[0]!r}" in repr(keep) and "... 252 in all)" in repr(keep)
    for view in (before, keep):
        assert all(f"{f.name}=" in repr(view) for f in dataclasses.fields(view))
    assert f"legal={before.legal!r}" in repr(before)  # a few: as they are


# --- a second programmer's pass (2026-12-05) ----------------------------------------


@pytest.mark.parametrize(("bots", "kind", "said"), [
    (["random"] * 3, TypeError, r"seat 0: 'random' is a bot's name, not a bot: make one "
                                r"with make_bot\('random', seed\)"),
    ([RandomBot] * 3, TypeError, r"seat 0: RandomBot is a class, not a bot"),
    ([RandomBot(seed=0), RandomBot(seed=1), object()], TypeError,
     r"seat 2: 'object' is not a bot: it has no choose\(view\) method"),
    ([RandomBot(seed=0)] * 2, ValueError, r"a game needs three bots, not 2"),
    (RandomBot(seed=0), TypeError, r"a sequence of three bots"),
])
def test_play_game_refuses_what_is_not_three_bots_before_the_game_is_touched(
        bots: object, kind: type[Exception], said: str) -> None:
    """Names or classes of bots were taken, a hand was dealt (the game's random source
    moved on) and the first move failed as a BotError from inside the bot."""
    game = Game(seed=3)
    state = game.rng.getstate()
    with pytest.raises(kind, match=said):
        play_game(game, bots)  # type: ignore[arg-type]
    assert game.hands == [] and game.rng.getstate() == state


def test_a_move_is_checked_as_a_records_line_is() -> None:
    """``Move(7, ...)`` and ``Move("x", "pass")`` were made, and ``Move(1, "order")``
    kept its text, so it differed from ``Move.parse("1 order")`` and could not be
    pushed."""
    from cutthroat import Move

    assert Move(1, "order") == Move.parse("1 order") == Move(np.int64(1), Action("order"))
    assert type(Move(np.int64(1), "order").seat) is int
    hand = Hand.deal(Rules(), dealer=0, seed=1)
    assert str(hand.push(Move(1, "order"))) == "1 order"
    for seat in (7, -1, "x", True, 1.0, None):
        with pytest.raises(SeatError, match="a move's seat is 0, 1 or 2"):
            Move(seat, Action("pass"))  # type: ignore[arg-type]
    with pytest.raises(ActionParseError, match="a move's action is an Action or its text"):
        Move(1, 5)  # type: ignore[arg-type]
    with pytest.raises(ActionParseError):
        Move(1, "fly")  # type: ignore[arg-type]


def test_a_push_naming_two_seats_says_both_and_changes_nothing() -> None:
    """``push("2 order", seat=1)`` is an ActionParseError (which seat is meant cannot be
    told), as push's docstring now says; the message names both seats."""
    hand = Hand.deal(Rules(), dealer=0, seed=1)
    with pytest.raises(ActionParseError, match="names seat 2, but seat 1 was given"):
        hand.push("2 order", seat=1)
    assert hand.moves == []
    assert "names another seat than ``seat``" in " ".join((Hand.push.__doc__ or "").split())


@pytest.mark.parametrize(("rules", "rng", "said"), [
    (Rules(), 1, "Deal.random takes a random.Random, e.g. random.Random(7), not int"),
    (Rules(), None, "Deal.random takes a random.Random"),
    (Rules(), np.random.default_rng(1), "not Generator"),
    (None, random.Random(1), "rules must be a Rules"),
    ("stick", random.Random(1), "rules must be a Rules"),
])
def test_deal_random_refuses_what_it_cannot_deal_from(rules: object, rng: object,
                                                      said: str) -> None:
    with pytest.raises(TypeError, match=re.escape(said)):
        Deal.random(rules, rng)  # type: ignore[arg-type]


@pytest.mark.parametrize(("scores", "kind"), [
    ("abc", TypeError), ((1, 2), TypeError), ((1, 2, 3, 4), TypeError), (5, TypeError),
    ((1.0, 2, 3), TypeError), ((True, 0, 0), TypeError), ((1, -2, 3), ValueError),
])
def test_R14_a_view_refuses_scores_that_are_not_three_points(scores: object,
                                                             kind: type[Exception]) -> None:
    """``scores="abc"`` printed "Score: Seat 0 a, ..." and ``(1, 2)`` failed only when
    the view was printed or encoded."""
    from cutthroat.views import public_view_json

    hand = Hand.deal(Rules(), dealer=0, seed=1)
    with pytest.raises(kind, match="scores are"):
        hand.view(1, scores=scores)  # type: ignore[arg-type]
    with pytest.raises(kind, match="scores are"):
        public_view_json(hand, scores=scores)  # type: ignore[arg-type]
    view = hand.view(1, scores=[np.int64(3), 0, 7])  # type: ignore[arg-type]
    assert view.scores == (3, 0, 7) and "3" in str(view)


def test_hint_refuses_what_it_would_have_bent_or_left_out() -> None:
    """A text seed, 1.5 or True samples and an illegal or unreadable ``also`` were taken
    (rounded, or silently left out); 0 samples named an inner parameter."""
    from cutthroat.bots import hint

    game = Game(seed=3)
    hand = game.deal()
    view = game.view(hand.to_act)
    for seed in ("x", 1.5, True):
        with pytest.raises(TypeError, match="seed"):
            hint(view, seed=seed, samples=2)  # type: ignore[arg-type]
    for samples, kind in ((1.5, TypeError), (True, TypeError), ("3", TypeError),
                          (0, ValueError)):
        with pytest.raises(kind, match=r"samples is a whole number of deals, at least 1"):
            hint(view, samples=samples)  # type: ignore[arg-type]
    with pytest.raises(ActionParseError):
        hint(view, samples=2, also=["garbage"])
    with pytest.raises(IllegalActionError, match="also: play JH is not a legal move"):
        hint(view, samples=2, also=[Action("play JH")])
    with pytest.raises(TypeError, match="also is a sequence of moves"):
        hint(view, samples=2, also="pass")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hint(view, samples=2, earlier=[hand])  # type: ignore[list-item]
    valued = hint(view, samples=2, also=["pass"])
    assert "pass" in [str(option.action) for option in valued.options]


def test_keep_reads_its_cards_from_one_text_as_the_keep_move_writes_them() -> None:
    """``Action.keep("9C TC JC QC KC")`` read the text a character at a time
    (``not a card: '9'``)."""
    assert (Action.keep("9C TC JC QC KC") == Action.keep("9c, tc, jc, qc, kc")
            == Action.parse("keep 9C TC JC QC KC"))
    with pytest.raises(ActionParseError, match="keep takes five cards, not 3"):
        Action.keep("9C TC JC")


@pytest.mark.parametrize("options", [
    {"bid_samples": "80"}, {"play_samples": 2.5}, {"aware": 1}, {"inference": True},
    {"playout": 3}, {"time_limit": "1"},
])
def test_an_expert_made_directly_says_which_option_is_of_the_wrong_kind(
        options: dict[str, object]) -> None:
    """``ExpertBot(bid_samples="80")`` failed with "'<' not supported between
    instances of 'str' and 'int'": it is refused as ``make_bot`` refuses the spec."""
    from cutthroat.bots.expert import ExpertBot

    [(name, value)] = options.items()
    said = rf"the 'expert' bot's option {name} takes .*, not {re.escape(repr(value))}"
    with pytest.raises(BotSpecError, match=said):
        ExpertBot(**options)  # type: ignore[arg-type]
    with pytest.raises(BotSpecError, match=said):
        make_bot("expert", 0, **options)


def test_make_bot_takes_no_seed_as_seed_0_as_the_docs_say() -> None:
    assert repr(make_bot("random")) == repr(make_bot("random", 0)) == "RandomBot(seed=0)"
    assert repr(Game(seed=1)).startswith("<Game 0 hands,")
    game = Game(seed=1)
    game.deal()
    assert repr(game) == "<Game 1 hand, scores [0, 0, 0], in play>"


def test_a_views_repr_cuts_a_keep_to_its_first_three_actions_and_their_count() -> None:
    """repr(view) at a keep lists exactly the first three of its 252 keeps, then the
    count: neither two nor four (View.__repr__'s docstring)."""
    hand = Hand.deal(Rules(), dealer=0, seed=1)
    for move in ["order", "leave", "dummy"]:
        hand.push(move)
    keep = hand.view(hand.to_act)  # type: ignore[arg-type]
    first = ", ".join(repr(text) for text in keep.legal[:3])
    assert f"legal=({first}, ... 252 in all)" in repr(keep)
    assert repr(keep.legal[3]) not in repr(keep)
