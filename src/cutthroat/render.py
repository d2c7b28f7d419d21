"""Plain-text accounts of hands and games, for people (the terminal, bug reports)."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Verb
from .cards import Card, sort_cards
from .game import Game
from .state import Hand

__all__ = ["describe_game", "describe_hand", "format_cards"]


def format_cards(cards: Sequence[Card], trump: object = None) -> str:
    """Cards as text, sorted by suit (trumps last when ``trump`` is a suit)."""
    from .cards import Suit

    key = trump if isinstance(trump, Suit) else None
    return " ".join(str(c) for c in sort_cards(cards, key))


def describe_hand(hand: Hand, players: Sequence[str] = ("Seat 0", "Seat 1", "Seat 2"),
                  number: int | None = None) -> list[str]:
    """Lines telling a hand: the deal, the bidding, each trick and the result."""
    name = list(players)
    title = f"Hand {number}" if number is not None else "Hand"
    deal = hand.dealt
    lines = [f"{title}: {name[hand.dealer]} deals; up-card {deal.upcard}"]
    for seat in range(3):
        lines.append(f"  {name[seat]:>10}: {format_cards(deal.hands[seat])}")
    if deal.dummy:
        lines.append(f"  {'dummy':>10}: {format_cards(deal.dummy)}")
    bidding: list[str] = []
    for move in hand.moves:
        if move.action.verb is Verb.PLAY:
            break
        bidding.append(f"{name[move.seat]} {move.action}")
    if bidding:
        lines.append("  " + "; ".join(bidding))
    trump = hand.trump
    for number_, trick in enumerate(hand.tricks, 1):
        plays = ", ".join(f"{name[s]} {c}" for s, c in trick.plays)
        lines.append(f"  trick {number_}: {plays} -> {name[trick.winner]}")
    if hand.current_trick:
        plays = ", ".join(f"{name[s]} {c}" for s, c in hand.current_trick)
        lines.append(f"  trick {len(hand.tricks) + 1} (in progress): {plays}")
    result = hand.result
    if result is not None:
        text = result.describe()
        for seat in range(3):
            text = text.replace(f"seat {seat}", name[seat])
        lines.append("  " + text)
    elif hand.to_act is not None:
        trump_text = "" if trump is None else f" (trump {trump.plural})"
        lines.append(f"  {name[hand.to_act]} to act{trump_text}")
    return lines


def describe_game(game: Game) -> str:
    """The whole game as text: every hand, then the scores and the winner."""
    lines = [f"Rules: {game.rules.describe()}",
             "Players: " + ", ".join(f"{s} {n}" for s, n in enumerate(game.players))]
    running = [0, 0, 0]
    for number, hand in enumerate(game.hands, 1):
        lines.append("")
        lines.extend(describe_hand(hand, game.players, number))
        if hand.result is not None:
            running = [a + b for a, b in zip(running, hand.result.points, strict=True)]
            lines.append("  score: " + ", ".join(
                f"{game.players[s]} {running[s]}" for s in range(3)))
    outcome = game.outcome
    lines.append("")
    if outcome.over:
        names = " and ".join(game.players[s] for s in outcome.winners)
        verb = "share the win" if len(outcome.winners) > 1 else "wins"
        lines.append(f"Game over: {names} {verb} with {max(outcome.scores)} points.")
    else:
        lines.append("Game in progress: " + ", ".join(
            f"{game.players[s]} {outcome.scores[s]}" for s in range(3)))
    return "\n".join(lines)
