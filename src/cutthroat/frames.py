"""A game as frames to step through, move by move, with every card face up.

A frame is the table at one moment of a hand: just after the deal, then after each
move. It holds every seat's cards, the dummy and the kitty, trump and its maker, the
trick in progress and the last one, the tricks won, the scores, and the move just made
in words. Nothing is hidden, so frames are for a game that is over (or a record that
is the viewer's own): the web game's replay viewer shows them, and anything else that
wants to go over a game again may.

>>> from cutthroat import Game
>>> from cutthroat.bots import RandomBot, play_game
>>> game = play_game(Game(seed=4), [RandomBot(seed=s) for s in range(3)])
>>> watched = game_frames(game)
>>> watched.frames[0].move is None, watched.frames[0].text.startswith("Hand 1: ")
(True, True)
>>> len(watched.frames) == sum(len(hand.moves) + 1 for hand in game.hands)
True
>>> watched.frames[-1].scores == game.scores
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .actions import Move, Verb
from .cards import Card, Suit
from .game import Game
from .render import describe_action, describe_outcome, describe_result
from .rules import Rules
from .scoring import GameOutcome, HandResult, game_outcome
from .state import Hand, Phase, Trick

__all__ = ["Frame", "GameFrames", "HandFrames", "current_frame", "game_frames"]

Scores = tuple[int, int, int]


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _plays(plays: Sequence[tuple[int, Card]]) -> list[list[int | str]]:
    return [[seat, str(card)] for seat, card in plays]


@dataclass(frozen=True, slots=True)
class Frame:
    """The table at one moment of a hand, every card face up.

    Attributes:
        hand: the hand's index in :attr:`GameFrames.hands` (0 for the first).
        move: the move just made, or ``None`` for the frame of the deal.
        text: that move in words (``"Ben orders up the KH"``), or the deal's.
        cards: each seat's cards now (ten for a maker choosing five to keep).
        dummy: the dummy's cards while it lies on the table.
        kitty: the cards face down in the kitty (with the up-card until the dealer
            takes it, and with the dealer's discard once made).
        upcard_taken: whether the dealer has taken the up-card.
        discard: the dealer's discard, once made.
        buried: the five cards the maker put back after taking the dummy.
        trump, maker: once trump is fixed.
        alone: the seats gone alone, ascending.
        sitting_out: the defender who sits out because the other went alone (R13).
        dummy_taken: whether the maker took the dummy.
        trick: the trick in progress, ``(seat, card)`` in the order played.
        last_trick: the last finished trick.
        tricks_won: tricks per seat so far.
        to_act: the seat to act next, ``None`` once the hand is over.
        scores: the scores before the hand, and after it in its last frame.
        result: the hand's result in words, in its last frame.
    """

    hand: int
    move: Move | None
    text: str
    cards: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    dummy: tuple[Card, ...]
    kitty: tuple[Card, ...]
    upcard_taken: bool
    discard: Card | None
    buried: tuple[Card, ...]
    trump: Suit | None
    maker: int | None
    alone: tuple[int, ...]
    sitting_out: int | None
    dummy_taken: bool
    trick: tuple[tuple[int, Card], ...]
    last_trick: Trick | None
    tricks_won: Scores
    to_act: int | None
    scores: Scores
    result: str | None

    def to_json(self) -> dict[str, Any]:
        """A compact JSON-ready dict: cards as text (``"JH"``), the move as a record
        writes it (``"1 order"``); the keys after ``scores`` only when they say
        something (not ``null``, empty or false)."""
        out: dict[str, Any] = {
            "hand": self.hand,
            "move": None if self.move is None else str(self.move),
            "text": self.text,
            "cards": [_cards(cards) for cards in self.cards],
            "kitty": _cards(self.kitty),
            "tricks_won": list(self.tricks_won),
            "to_act": self.to_act,
            "scores": list(self.scores),
        }
        optional: dict[str, Any] = {
            "dummy": _cards(self.dummy),
            "upcard_taken": self.upcard_taken,
            "discard": None if self.discard is None else str(self.discard),
            "buried": _cards(self.buried),
            "trump": None if self.trump is None else str(self.trump),
            "maker": self.maker,
            "alone": list(self.alone),
            "sitting_out": self.sitting_out,
            "dummy_taken": self.dummy_taken,
            "trick": _plays(self.trick),
            "last_trick": None if self.last_trick is None else {
                "plays": _plays(self.last_trick.plays), "winner": self.last_trick.winner},
            "result": self.result,
        }
        out.update((key, value) for key, value in optional.items()
                   if value is not None and value != [] and value is not False)
        return out


@dataclass(frozen=True, slots=True)
class HandFrames:
    """What stays the same through one hand's frames.

    Attributes:
        number: the hand's number in the game, from 1.
        dealer: its dealer.
        upcard: its up-card (R5).
        first: the index of its first frame (the deal) in :attr:`GameFrames.frames`.
        count: how many frames it has: the deal's and one per move.
        scores_before: the scores before it.
        scores_after: the scores after it, once it is over.
        result: its result, once it is over.
        text: the result in words, once it is over.
    """

    number: int
    dealer: int
    upcard: Card
    first: int
    count: int
    scores_before: Scores
    scores_after: Scores | None
    result: HandResult | None
    text: str | None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; ``result`` as ``cutthroat replay --json`` gives it."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "upcard": str(self.upcard),
            "first": self.first,
            "count": self.count,
            "scores_before": list(self.scores_before),
            "scores_after": None if self.scores_after is None else list(self.scores_after),
            "result": None if self.result is None else self.result.to_json(),
            "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class GameFrames:
    """A whole game as frames: the players, the rules, each hand, every frame in
    order (a hand's deal, then its moves), and the outcome."""

    players: tuple[str, str, str]
    rules: Rules
    hands: tuple[HandFrames, ...]
    frames: tuple[Frame, ...]
    outcome: GameOutcome

    def to_json(self) -> dict[str, Any]:
        """The answer of the web game's replay routes (docs/protocol.md, "Replays")."""
        return {
            "players": list(self.players),
            "rules": self.rules.to_json(),
            "rules_text": self.rules.describe(),
            "target": self.rules.target,
            "over": self.outcome.over,
            "winners": list(self.outcome.winners),
            "outcome": describe_outcome(self.outcome, self.players),
            "scores": list(self.outcome.scores),
            "hands": [hand.to_json() for hand in self.hands],
            "frames": [frame.to_json() for frame in self.frames],
        }


def game_frames(game: Game) -> GameFrames:
    """Every frame of ``game``: each hand dealt again from its cards and its moves made
    again one by one (the game is not changed). An unfinished last hand ends at its
    latest move."""
    hands: list[HandFrames] = []
    frames: list[Frame] = []
    results: list[HandResult] = []
    for index, played in enumerate(game.hands):
        before = game_outcome(game.rules, results).scores
        hand_frames = _hand_frames(game, index, played, before)
        after = None
        text = None
        if played.result is not None:
            results.append(played.result)
            after = game_outcome(game.rules, results).scores
            text = describe_result(played.result, game.players)
            hand_frames[-1] = _ended(hand_frames[-1], after, text)
        hands.append(HandFrames(
            number=index + 1, dealer=played.dealer, upcard=played.upcard, first=len(frames),
            count=len(hand_frames), scores_before=before, scores_after=after,
            result=played.result, text=text))
        frames.extend(hand_frames)
    return GameFrames(players=game.players, rules=game.rules, hands=tuple(hands),
                      frames=tuple(frames), outcome=game.outcome)


def current_frame(game: Game) -> Frame | None:
    """The table of the game's hand in play as it lies now, every card face up (as
    :func:`game_frames` would draw it after the latest move), with the scores before
    the hand; ``None`` before the first deal."""
    hand = game.hand
    if hand is None:
        return None
    before = game_outcome(game.rules, [h.result for h in game.hands[:-1]
                                       if h.result is not None]).scores
    return _frame(hand, len(game.hands) - 1, hand.moves[-1] if hand.moves else None, "",
                  before)


def _ended(frame: Frame, scores: Scores, result: str) -> Frame:
    """The last frame of a finished hand: the scores after it, and its result."""
    return replace(frame, scores=scores, result=result)


def _hand_frames(game: Game, index: int, played: Hand, scores: Scores) -> list[Frame]:
    """The frames of one hand: its deal, then the table after each of its moves."""
    names = game.players
    hand = Hand(game.rules, played.dealt, played.dealer)
    deal_text = (f"Hand {index + 1}: {names[hand.dealer]} deals; "
                 f"the up-card is {hand.upcard}")
    frames = [_frame(hand, index, None, deal_text, scores)]
    for move in played.moves:
        phase, tricks = hand.phase, len(hand.tricks)
        hand.push(move)
        text = describe_action(str(move), names, upcard=hand.upcard, maker=hand.maker,
                               defending=phase is Phase.DEFENDER_CHOICE, dealer=hand.dealer,
                               must_pick_up=game.rules.dealer_must_pick_up)
        if move.action.verb is Verb.PLAY and len(hand.tricks) > tricks:
            text += f"; {names[hand.tricks[-1].winner]} takes the trick"
        elif phase is Phase.BID_FIRST and hand.phase is Phase.BID_SECOND:
            text += f"; the {hand.upcard} is turned down"
        frames.append(_frame(hand, index, move, text, scores))
    return frames


def _frame(hand: Hand, index: int, move: Move | None, text: str, scores: Scores) -> Frame:
    """The table of ``hand`` now."""
    tricks = hand.tricks
    return Frame(
        hand=index, move=move, text=text,
        cards=(tuple(hand.cards(0)), tuple(hand.cards(1)), tuple(hand.cards(2))),
        dummy=tuple(hand.dummy), kitty=tuple(hand.kitty), upcard_taken=hand.upcard_taken,
        discard=hand.dealer_discard, buried=tuple(hand.buried), trump=hand.trump,
        maker=hand.maker, alone=hand.alone, sitting_out=hand.sitting_out,
        dummy_taken=hand.dummy_taken, trick=tuple(hand.current_trick),
        last_trick=tricks[-1] if tricks else None, tricks_won=hand.tricks_won,
        to_act=hand.to_act, scores=scores, result=None)
