"""A stateful test (Hypothesis ``RuleBasedStateMachine``) of the engine's public API
across whole games under random rule variants.

Where tests/test_properties.py walks one linear line through a hand or a game, the
machine here interleaves at random every operation a caller may make on a
:class:`~cutthroat.Game`: deals (random or explicit) and undeals, legal moves in every
form (``Action``, ``Move``, text, integer id, with and without a seat), undos anywhere
(mid-hand, at a hand's start, after a hand's last trick and after the game's end),
illegal moves of every kind, copies mutated on both sides, and records written and read
back, then played on. After every step it checks what must always hold: cards
conserved (R2, R5), scores the sum of the hands' results and the end of the game as
R22 says, what each seat and a watcher may see (R14), and every earlier hand sealed.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from cutthroat import (
    Action,
    ActionParseError,
    Game,
    GameOverError,
    IllegalActionError,
    Move,
    NoHandError,
    NothingToUndoError,
    NotYourTurnError,
    Phase,
    Rules,
    Verb,
    deck,
)
from cutthroat.actions import NUM_ACTIONS
from cutthroat.deal import Deal
from cutthroat.errors import HandNotOverError, SeatError
from cutthroat.record import replay, to_record
from strategies import (
    cards_in,
    deals,
    fingerprint,
    known_mask,
    placed_cards,
    played_mask,
    rules_st,
    seeds,
    shown_cards,
)

Snapshot = tuple[Any, ...]

FORMS = ("action", "action seat", "move", "text", "seat text", "text seat", "id", "id seat")
"""The ways to push one legal action (``Game.push``): all must make the same move."""

GARBAGE: tuple[object, ...] = (
    "fly JH", "", "   ", "play", "play ZZ", "call X", "keep JH", "3 pass", "-1 pass",
    "1 2 pass", "pass pass", "order now", "\x00", "01 pass", "1pass", "play 11H",
    "keep JH JH JH JH JH", "call S S", 5.0, None, True, False, [], b"pass", object(),
    -1, NUM_ACTIONS, 10**30,
)
"""Things that are no action at all: each is an ``ActionParseError`` (docs/engine.md)."""

NOT_SEATS: tuple[object, ...] = (3, -1, True, 1.0, "1")
"""Seats that are no seat: each is a ``SeatError`` (docs/engine.md)."""


def snapshot(game: Game) -> Snapshot:
    """Everything observable of a game but its random source: each hand (the last with
    the three seats' views), the scoreboard, who acts and what is legal, the game's
    views and the public view."""
    hands = game.hands
    seen: tuple[Any, ...] = tuple(fingerprint(h) for h in hands[:-1])
    if hands:
        seen += (fingerprint(hands[-1], views=True),)
        seen += (tuple(game.view(seat) for seat in range(3)), json.dumps(game.public_view()))
    return (
        seen, game.rules, game.players, game.first_dealer, game.next_dealer,
        game.outcome, game.results, game.to_act, game.needs_deal,
        tuple(str(a) for a in game.legal_actions()),
    )


def expected_outcome(rules: Rules, points: list[tuple[int, int, int]]
                     ) -> tuple[tuple[int, int, int], bool, tuple[int, ...]]:
    """Scores, end and winners after hands scoring ``points``, worked out from R22
    alone; no hand may have been dealt after the game ended."""
    totals = [0, 0, 0]
    over, winners = False, ()
    for index, hand_points in enumerate(points):
        assert not over, f"hand {index} was dealt after the game ended"
        totals = [t + p for t, p in zip(totals, hand_points, strict=True)]
        top = max(totals)
        leaders = tuple(s for s in range(3) if totals[s] == top)
        if top >= rules.target and (rules.tie == "share" or len(leaders) == 1):
            over, winners = True, leaders
    return (totals[0], totals[1], totals[2]), over, winners


def respelled(text: str, style: int) -> str:
    """The same action in other words the API reads: lower case, ``10`` for ``T``, or
    any white space between words (docs/engine.md)."""
    if style == 1:
        return text.lower()
    if style == 2:
        return text.replace("T", "10")
    if style == 3:
        return "  " + "\t ".join(text.split()) + " "
    return text


class EngineSequences(RuleBasedStateMachine):
    """A game driven through its public API by random interleaved operations, with a
    record of the state before each move and each deal to check undo against."""

    def __init__(self) -> None:
        super().__init__()
        self.game = Game()
        self.before_push: list[list[tuple[Snapshot, Move]]] = []
        """Per hand: the snapshot before each of its moves, and the move."""
        self.before_deal: list[tuple[Snapshot, Any]] = []
        """Per hand: the snapshot before it was dealt, and the random source's state
        then if it was dealt from it by this game (``None`` otherwise)."""
        self.frozen: list[tuple[Game, Snapshot, Any]] = []
        """Games left alone since made (copies, and games replaced by one): each must
        stay as it was, whatever is done to the game in play."""

    # --- helpers ---------------------------------------------------------------------

    def refused(self, error: type[BaseException], attempt: Callable[[Game], object],
                *, exact: bool = False, not_: type[BaseException] | None = None) -> None:
        """``attempt(game)`` raises ``error`` (that very class with ``exact``; not
        ``not_``) and changes nothing, the random source included; and the same on the
        game read back from its record, which nothing has asked its legal actions
        yet (the engine checks a move without them then). The last move then undone
        and made again gives the same game: the refusal left the undo history alone."""
        cold = replay(to_record(self.game)) if self.game.hands else None
        before, state = snapshot(self.game), self.game.rng.getstate()
        for game in (self.game, cold):
            if game is None:
                continue
            with pytest.raises(error) as info:
                attempt(game)
            if exact:
                assert type(info.value) is error, repr(info.value)
            if not_ is not None:
                assert not isinstance(info.value, not_), repr(info.value)
            assert snapshot(game) == before
            if game.hand is not None and game.hand.moves:  # the undo history intact too
                assert game.push(game.pop()) == game.hand.moves[-1]
                assert snapshot(game) == before
        assert self.game.rng.getstate() == state

    def in_play(self) -> bool:
        """Whether a hand is being played (dealt and not over)."""
        hand = self.game.hand
        return hand is not None and not hand.is_over

    def freeze(self, game: Game) -> None:
        """Keep ``game`` (at most the two latest) to check it never changes again."""
        self.frozen = [*self.frozen[-1:], (game, snapshot(game), game.rng.getstate())]

    # --- the game ---------------------------------------------------------------------

    @initialize(rules=rules_st(targets=st.integers(min_value=1, max_value=8)), seed=seeds,
                first=st.none() | st.integers(min_value=0, max_value=2),
                named=st.booleans(), opening=st.integers(0, 150))
    def start(self, rules: Rules, seed: int, first: int | None, named: bool,
              opening: int) -> None:
        """A new game under drawn rules, seed, first dealer and players' names, played
        on for ``opening`` random moves (every one checked as :meth:`push` checks it),
        so that the steps after it start anywhere in a game, at its end included."""
        players = ("Ann", "", "Ann") if named else None
        self.game = Game(rules, seed=seed, first_dealer=first, players=players)
        rng = random.Random(seed)
        for _ in range(opening):
            if self.game.is_over:
                break
            if self.game.needs_deal:
                self.deal_one(None)
            else:
                self.push_one(rng)

    @precondition(lambda self: self.game.needs_deal)
    @rule(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        """Deal the next hand, random or with drawn cards (the joker often turned up
        with 25 cards, R6)."""
        self.deal_one(data.draw(st.none() | deals(self.game.rules)))

    def deal_one(self, cards: Deal | None) -> None:
        """Deal the next hand (random, or ``cards``): dealt by the next dealer (R4),
        with no move, and the random source used only for a random deal."""
        game = self.game
        before, state = snapshot(game), game.rng.getstate()
        dealer = game.next_dealer
        hand = game.deal(cards)
        assert hand is game.hand and hand.dealer == dealer and hand.moves == []
        if cards is not None:
            assert hand.dealt == cards and game.rng.getstate() == state
        self.before_deal.append((before, None if cards is not None else state))
        self.before_push.append([])

    @precondition(lambda self: not self.game.needs_deal)
    @rule()
    def deal_refused(self) -> None:
        """Dealing while a hand is played is a ``HandNotOverError``, and once the game
        is over a ``GameOverError`` (R22); nothing changes."""
        if self.game.is_over:
            self.refused(GameOverError, Game.deal, not_=HandNotOverError)
        else:
            self.refused(HandNotOverError, Game.deal)

    @rule()
    def undeal(self) -> None:
        """Take back the last hand dealt while it has no move: the game is exactly as
        before that deal (the hand before it open again), and the random source too, so
        the same cards are dealt again. Otherwise refused, and nothing changes."""
        game = self.game
        hand = game.hand
        if hand is None:
            self.refused(NoHandError, Game.undeal)
            return
        if hand.moves:
            self.refused(GameOverError, Game.undeal, not_=NoHandError)
            return
        assert game.undeal() is hand
        before, state = self.before_deal.pop()
        self.before_push.pop()
        assert snapshot(game) == before
        if state is not None:
            assert game.rng.getstate() == state
            assert game.copy().deal().dealt == hand.dealt

    # --- moves --------------------------------------------------------------------------

    @precondition(lambda self: not self.game.is_over)
    @rule(count=st.integers(1, 40), seed=seeds)
    def push(self, count: int, seed: int) -> None:
        """Push ``count`` random legal actions (to the end of the hand at most), each in
        a random form, after dealing a hand (random or given cards) if none is in play;
        each other form, on a copy, makes the same move and leads to the same game."""
        rng = random.Random(seed)
        for step in range(count):
            if self.game.is_over or (step and self.game.needs_deal):
                if rng.random() < 0.5:
                    self.undo_and_redo()
                return  # a hand ends the run: the next step may undo its last move
            if self.game.needs_deal:
                explicit = rng.random() < 0.5
                self.deal_one(Deal.random(self.game.rules, rng) if explicit else None)
                continue
            self.push_one(rng)

    def undo_and_redo(self) -> None:
        """Undo the move that ended the hand (and maybe the game): the game is as before
        it, the hand's result out of the scores (R22); the same move again ends it the
        same way."""
        game = self.game
        after = snapshot(game)
        before, move = self.before_push[-1][-1]
        assert game.pop() == move
        assert snapshot(game) == before and game.hand is not None and not game.hand.is_over
        assert game.push(move) == move
        assert snapshot(game) == after

    def push_one(self, rng: random.Random) -> None:
        """Push one legal action, drawn with ``rng``, in a form and spelling drawn too,
        maybe after an illegal one (refused, changing nothing). Everything asked before
        and after is asked of copies, so that the game is not asked its legal actions
        between two pushes of one :meth:`push` (the engine then checks a card played
        without them)."""
        game = self.game
        probe = game.copy()
        hand = probe.hand
        assert hand is not None
        legal = probe.legal_actions()
        assert legal and legal == hand.legal_actions()
        action = rng.choice(legal)
        if Action.parse("pass") in legal and rng.random() < 0.4:
            action = Action.parse("pass")  # hands thrown in, defenders not alone
        seat = hand.to_act
        assert seat is not None
        text = str(action)
        if action.verb is Verb.KEEP:  # its cards in any order
            words = text.split()[1:]
            rng.shuffle(words)
            text = "keep " + " ".join(words)
        text = respelled(text, rng.randrange(4))
        aid = hand.action_id(action)
        assert hand.action_from_id(aid) == action and hand.action_id(text) == aid
        ways: dict[str, Callable[[Game], Move]] = {
            "action": lambda g: g.push(action),
            "action seat": lambda g: g.push(action, seat),
            "move": lambda g: g.push(Move(seat, action)),
            "text": lambda g: g.push(text),
            "seat text": lambda g: g.push(f"{seat} {text}"),
            "text seat": lambda g: g.push(text, seat=seat),
            "id": lambda g: g.push(aid),
            "id seat": lambda g: g.push(aid, seat),
        }
        form = rng.choice(FORMS)
        before = snapshot(probe)
        if rng.random() < 0.5:  # an illegal move first (often a card held that does not
            # follow suit, R16), refused and changing nothing
            ids = hand.legal_action_ids()
            reneges = [card.id for card in hand.cards(seat)
                       if hand.phase is Phase.PLAY and card.id not in ids]
            bad = rng.choice(reneges if reneges and rng.random() < 0.8 else
                             [i for i in range(NUM_ACTIONS) if i not in ids])
            with pytest.raises(IllegalActionError) as info:
                game.push(bad, rng.choice((None, seat)))
            assert not isinstance(info.value, NotYourTurnError)
            assert snapshot(game.copy()) == before
        if rng.random() < 0.3:  # the legal move by another seat (R18), the game asked
            other = (seat + rng.randrange(1, 3)) % 3  # its legal actions or not
            for target in (game, probe):
                with pytest.raises(NotYourTurnError):
                    target.push(aid, other)
            assert snapshot(game.copy()) == before == snapshot(probe)
        others = {name: game.copy() for name in ("action", "text", "id") if name != form}
        others["asked"] = probe  # asked its legal actions before the move
        move = ways[form](game)
        assert move == Move(seat, action)
        assert game.hand is not None and game.hand.moves[-1] == move
        after = game.copy()
        for name, other in others.items():
            assert ways.get(name, ways["id"])(other) == move, name
            assert snapshot(other) == snapshot(after), name
        self.before_push[-1].append((before, move))
        self.check_views(after)

    @rule(count=st.integers(1, 4))
    def pop(self, count: int) -> None:
        """Undo the last ``count`` moves, one by one, of the hand being played (or just
        finished, or that ended the game): each time the game is exactly as before that
        move, its result out of the scores again. With no move to undo,
        ``NothingToUndoError``, and nothing changes."""
        game = self.game
        for _ in range(count):
            if game.hand is None or not game.hand.moves:
                self.refused(NothingToUndoError, Game.pop)
                return
            before, move = self.before_push[-1].pop()
            assert game.pop() == move
            assert snapshot(game) == before
            self.check_views(game)

    @precondition(lambda self: bool(self.game.hands))
    @rule(keep=st.integers(0, 3), back=st.integers(0, 25), again=st.booleans())
    def rewind_hands(self, keep: int, back: int, again: bool) -> None:
        """Undo every move of the last hand, checking each, then take the hand back: the
        game is as before it was dealt, the hand before it open again, and undoing
        goes on there (undo across the start of a hand); so until at most ``keep``
        hands are left, then ``back`` moves of the hand opened again (to be played
        otherwise next). With ``again``, deal the next hand at once (a new hand object
        where the old one was, as often as not)."""
        while True:
            while self.game.hand is not None and self.game.hand.moves:
                self.pop(1)
            self.undeal()
            if len(self.game.hands) <= keep:
                break
        if self.game.hand is not None and back:
            self.pop(min(back, len(self.game.hand.moves)) or 1)
        if again and self.game.needs_deal:
            self.deal_one(None)

    @precondition(lambda self: len(self.game.hands) > 1)
    @rule(data=st.data())
    def pop_a_sealed_hand(self, data: st.DataObject) -> None:
        """An earlier hand is sealed once the next is dealt: undoing one of its moves
        (through the hand itself) is a ``GameOverError``, and nothing changes."""
        hands = self.game.hands
        index = data.draw(st.integers(0, len(hands) - 2))
        self.refused(GameOverError, lambda g: g.hands[index].pop(), exact=True)
        self.refused(GameOverError, lambda g: g.hands[index].undo(), exact=True)

    @rule(data=st.data())
    def push_illegal(self, data: st.DataObject) -> None:
        """Anything but a legal move of the seat to act is refused with the documented
        error (docs/engine.md, R18), and nothing changes: an illegal action in each
        form, a legal one by another seat, a seat that is no seat, text or an id that
        is no action, any move when no hand is in play or the game is over."""
        game = self.game
        hand = game.hand
        if not self.in_play():
            junk = data.draw(st.sampled_from(("pass", 66, Action.parse("order"), *GARBAGE)))
            if game.is_over:
                self.refused(GameOverError, lambda g: g.push(junk), not_=NoHandError)
            else:
                self.refused(NoHandError, lambda g: g.push(junk))
            return
        assert hand is not None
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_action_ids()
        kind = data.draw(st.sampled_from(
            ("illegal id", "illegal action", "wrong seat", "two seats", "garbage", "no seat")))
        if kind == "illegal id":
            bad = data.draw(st.integers(0, NUM_ACTIONS - 1).filter(lambda i: i not in legal))
            self.refused(IllegalActionError, lambda g: g.push(bad), not_=NotYourTurnError)
            self.refused(IllegalActionError, lambda g: g.hand.push_id(bad), not_=NotYourTurnError)
            self.refused(IllegalActionError, lambda g: g.hand.apply_id(bad), not_=NotYourTurnError)
        elif kind == "illegal action":
            bad = data.draw(st.integers(0, 79).filter(lambda i: i not in legal))
            action = Action.from_id(bad)
            for attempt in (action, str(action), f"{seat} {action}", Move(seat, action)):
                self.refused(IllegalActionError, lambda g, a=attempt: g.push(a),
                             not_=NotYourTurnError)
        elif kind in ("wrong seat", "two seats"):
            action = data.draw(st.sampled_from(hand.legal_actions()))
            aid = hand.action_id(action)
            other = data.draw(st.sampled_from([s for s in range(3) if s != seat]))
            if kind == "wrong seat":
                for attempt in (lambda g: g.push(action, other),
                                lambda g: g.push(f"{other} {action}"),
                                lambda g: g.push(Move(other, action)),
                                lambda g: g.push(aid, other),
                                lambda g: g.push(str(action), seat=other)):
                    self.refused(NotYourTurnError, attempt)
            else:  # the text names one seat, the caller another: which is meant?
                self.refused(ActionParseError, lambda g: g.push(f"{other} {action}", seat))
                self.refused(ActionParseError, lambda g: g.push(f"{seat} {action}", other))
        elif kind == "garbage":
            junk = data.draw(st.sampled_from(GARBAGE))
            self.refused(ActionParseError, lambda g: g.push(junk))
            self.refused(ActionParseError, lambda g: g.push(junk, seat))
        else:
            action = data.draw(st.sampled_from(hand.legal_actions()))
            not_seat = data.draw(st.sampled_from(NOT_SEATS))
            self.refused(SeatError, lambda g: g.push(action, not_seat))  # type: ignore[arg-type]
            self.refused(SeatError, lambda g: g.view(not_seat))  # type: ignore[arg-type]

    # --- copies and records -------------------------------------------------------------

    @rule(data=st.data(), steps=st.integers(0, 30))
    def copy_and_mutate(self, data: st.DataObject, steps: int) -> None:
        """A copy equals the game, random source included; playing on the copy (moves,
        undos, deals, undeals) leaves the game as it was. The copy is then kept, and
        must not change whatever is done to the game later."""
        game = self.game
        before, state = snapshot(game), game.rng.getstate()
        clone = game.copy()
        assert snapshot(clone) == before and clone.rng.getstate() == state
        rng = random.Random(data.draw(seeds))
        for _ in range(steps):
            choice = rng.random()
            if clone.needs_deal:
                clone.deal()
            elif choice < 0.2 and clone.hand is not None and clone.hand.moves:
                clone.pop()
            elif choice < 0.25 and clone.hand is not None and not clone.hand.moves:
                clone.undeal()
            elif clone.legal_actions():
                clone.push(rng.choice(clone.legal_actions()))
        assert snapshot(game) == before and game.rng.getstate() == state
        self.freeze(game.copy())

    @rule()
    def play_on_a_copy(self) -> None:
        """Go on with a copy of the game; the game left behind must not change as the
        copy is played (a copy shares nothing with it)."""
        old = self.game
        self.game = old.copy()
        self.freeze(old)

    @rule(play_on=st.booleans(), seed=seeds)
    def record_round_trip(self, play_on: bool, seed: int) -> None:
        """The game's record, at any point (mid-hand, between hands, at the end), read
        back through JSON text is the same game: the same hands and moves, scores, end,
        seat to act, legal actions and views, and it writes the same record. With
        ``play_on`` the game goes on from the record read back."""
        game = self.game
        record = to_record(game)
        loaded = replay(json.dumps(record), seed=seed)
        assert to_record(loaded) == record
        if not game.hands:  # a record of no hand holds no first dealer (docs/record.md)
            assert loaded.rules == game.rules and loaded.players == game.players
            return
        assert snapshot(loaded) == snapshot(game)
        if play_on:
            self.freeze(game)
            self.game = loaded
            self.before_deal = [(before, None) for before, _ in self.before_deal]

    # --- what must always hold ------------------------------------------------------------

    @invariant()
    def cards_conserved(self) -> None:
        """Every card of the deck is in exactly one place in the hand: a seat, the
        dummy, the kitty, the buried cards or the tricks (R2, R5)."""
        hand = self.game.hand
        if hand is not None:
            assert Counter(placed_cards(hand)) == Counter(deck(self.game.rules.deck))

    @invariant()
    def scores_and_end_follow_R22(self) -> None:
        """Scores are the sum of the finished hands' points; the game is over exactly
        when R22 says (target reached, a tie played on or shared), with its winners;
        a hand is in play, or one is to be dealt, or the game is over."""
        game = self.game
        results = game.results
        assert results == [h.result for h in game.hands if h.is_over]
        scores, over, winners = expected_outcome(game.rules, [r.points for r in results])
        assert (game.scores, game.is_over, game.winners) == (scores, over, winners)
        in_play = self.in_play()
        assert game.needs_deal == (not over and not in_play)
        assert (game.to_act is None) == (not in_play)
        if not in_play:
            assert game.legal_actions() == []
        for before, after in zip(game.hands, game.hands[1:], strict=False):
            assert before.is_over and after.dealer == (before.dealer + 1) % 3  # R4
        if game.hands:
            assert game.hands[0].dealer == game.first_dealer

    @invariant()
    def earlier_hands_sealed(self) -> None:
        """Every hand before the last is sealed: undoing its moves is refused (a
        ``GameOverError``; the state is checked by :meth:`pop_a_sealed_hand`)."""
        for hand in self.game.hands[:-1]:
            with pytest.raises(GameOverError):
                hand.undo()

    @invariant()
    def views_hide_what_R14_hides(self) -> None:
        """Views are checked after every step, each move included
        (:meth:`check_views`)."""
        self.check_views(self.game)

    def check_views(self, game: Game) -> None:
        """Each seat's view shows only the cards that seat may know, its own cards and
        the legal moves when it is to act, and the scores before the hand; a watcher
        sees only the up-card and the cards played (R14, R6)."""
        hand = game.hand
        if hand is None:
            return
        before = expected_outcome(game.rules, [h.result.points for h in game.hands[:-1]
                                               if h.result is not None])[0]
        for seat in range(3):
            view = game.view(seat)
            known = known_mask(hand, seat)
            for card in shown_cards(view) + cards_in(view.to_json()):
                assert known >> card.id & 1, (seat, str(card), view.moves)
            blind = hand.phase is Phase.JOKER_TRUMP and seat == hand.dealer
            assert view.cards == (() if blind else tuple(hand.cards(seat)))
            assert view.legal == (tuple(str(a) for a in game.legal_actions())
                                  if seat == game.to_act else ())
            assert view.scores == before
        watched = game.public_view()
        public = played_mask(hand) | 1 << hand.upcard.id
        for card in cards_in(watched):
            assert public >> card.id & 1, (str(card), watched["moves"])
        assert watched["cards"] == [] and watched["legal"] == [] and watched["seat"] is None
        assert watched["scores"] == list(before)

    @invariant()
    def games_left_alone_do_not_change(self) -> None:
        """The copies kept, and the games given up for a copy or a record, are as they
        were when left."""
        for game, shot, state in self.frozen:
            assert game is not self.game
            assert snapshot(game) == shot and game.rng.getstate() == state


@pytest.mark.no_cover  # run without coverage (12 times slower under it): docs/architecture.md
def test_R4_R14_R18_R22_engine_api_across_whole_games() -> None:
    """Any sequence of deals, undeals, moves in every form, take-backs, refused moves,
    copies and records read back (:class:`EngineSequences`) keeps the cards, the scores
    (R22), the views (R14) and every game left behind as they must be."""
    run_state_machine_as_test(EngineSequences, settings=settings(
        max_examples=25, stateful_step_count=80, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]))
