"""Plain-text accounts of hands and games, for people (the terminal, bug reports)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from .actions import Verb
from .cards import Card, Suit, bower_name, effective_suit, parse_cards, sort_cards
from .deal import Deal
from .game import Game
from .rules import Rules
from .scoring import GameOutcome, HandResult
from .state import Hand, Phase
from .views import View

__all__ = ["defends", "describe_action", "describe_deal", "describe_game", "describe_hand",
           "describe_holdings", "describe_move", "describe_outcome", "describe_phase",
           "describe_plays", "describe_result", "describe_seat", "describe_view",
           "everybody_passed", "format_cards", "level_on_top", "lone_defence_note",
           "printable_names", "sentences", "telling_apart", "tricks_text", "trump_note",
           "upcard_turned_down"]


def format_cards(cards: Sequence[Card], trump: object = None) -> str:
    """Cards as text, sorted by suit (trumps last when ``trump`` is a suit)."""
    key = trump if isinstance(trump, Suit) else None
    return " ".join(str(c) for c in sort_cards(cards, key))


def describe_hand(hand: Hand, players: Sequence[str] = ("Seat 0", "Seat 1", "Seat 2"),
                  number: int | None = None) -> list[str]:
    """Lines telling a hand: the deal, the bidding, each trick and the result."""
    name = list(players)
    title = f"Hand {number}" if number is not None else "Hand"
    deal = hand.dealt
    dealer = name[hand.dealer]  # "You" of the terminal game's records: "You deal"
    lines = [f"{title}: {dealer} {'deal' if dealer == 'You' else 'deals'}; up-card "
             f"{deal.upcard}"]
    lines.extend(describe_deal(deal, name))
    bidding: list[str] = []
    for move in hand.moves:
        if move.action.verb is Verb.PLAY:
            break
        bidding.append(f"{name[move.seat]} {move.action}")
    if bidding:
        lines.append("  " + "; ".join(bidding))
    trump = hand.trump
    for number_, trick in enumerate(hand.tricks, 1):
        lines.append(f"  trick {number_}: {describe_plays(trick.plays, name)} -> "
                     f"{name[trick.winner]}")
    if hand.current_trick:
        lines.append(f"  trick {len(hand.tricks) + 1} (in progress): "
                     f"{describe_plays(hand.current_trick, name)}")
    result = hand.result
    if result is not None:
        lines.append("  " + describe_result(result, name))
    elif hand.to_act is not None:
        trump_text = "" if trump is None else f" (trump {trump.plural})"
        lines.append(f"  {name[hand.to_act]} to act{trump_text}")
    return lines


def describe_plays(plays: Sequence[tuple[int, Card]], players: Sequence[str]) -> str:
    """The cards of a trick in the order played, each after its player's name."""
    return ", ".join(f"{players[seat]} {card}" for seat, card in plays)


_PHASE_WORDS = {
    Phase.JOKER_TRUMP: "blind trump (the joker turned up)",
    Phase.BID_FIRST: "first round of bidding",
    Phase.PICKUP: "pick-up",
    Phase.DISCARD: "discard",
    Phase.BID_SECOND: "second round of bidding",
    Phase.MAKER_CHOICE: "dummy or alone",
    Phase.KEEP: "keep five",
    Phase.DEFENDER_CHOICE: "defend alone or not",
    Phase.PLAY: "trick play",
    Phase.OVER: "hand over",
    Phase.THROWN_IN: "thrown in",
}


def describe_phase(phase: Phase) -> str:
    """A decision's stage in words for people: ``first round of bidding`` (not the
    phase's name, ``bid_first``, which reads as "bid first in turn")."""
    return _PHASE_WORDS[phase]


def describe_seat(seat: int, players: Sequence[str]) -> str:
    """A seat for a heading: ``Seat 1``, or ``Ann (seat 1)`` when it has a name."""
    name = players[seat]
    return f"Seat {seat}" if name == f"Seat {seat}" else f"{name} (seat {seat})"


def describe_deal(deal: Deal, players: Sequence[str]) -> list[str]:
    """The cards dealt to each seat, the dummy's if there is one, and the kitty's (the
    up-card first), a line each, the names right-aligned (to the longest, at least ten
    wide): every card of the deck."""
    width = _name_width(players)
    lines = [f"  {players[seat]:>{width}}: {format_cards(deal.hands[seat])}"
             for seat in range(3)]
    if deal.dummy:
        lines.append(f"  {'dummy':>{width}}: {format_cards(deal.dummy)}")
    lines.append(f"  {'kitty':>{width}}: {format_cards(deal.kitty)} (up-card {deal.upcard})")
    return lines


def describe_holdings(hand: Hand, players: Sequence[str]) -> list[str]:
    """The cards each active seat holds now, aligned as :func:`describe_deal` aligns
    the deal (trumps last)."""
    width = _name_width(players)
    return ["  cards in hand now:"] + [
        f"  {players[seat]:>{width}}: {format_cards(hand.cards(seat), hand.trump)}"
        for seat in hand.active_seats()]


def _name_width(players: Sequence[str]) -> int:
    return max(10, *(len(name) for name in players))


def describe_result(result: HandResult, players: Sequence[str], *,
                    you_in_points: str = "you") -> str:
    """A hand's result in one line, with the players' names for the seats (the
    terminal's player, "You", is "you" inside the sentence; among the points, as
    ``you_in_points`` says: the terminal game writes "You" there, as the other names).

    >>> from cutthroat import HandResult, Suit
    >>> lone = HandResult(dealer=0, thrown_in=False, maker=1, trump=Suit.HEARTS,
    ...                   tricks=(2, 3, 0), points=(0, 1, 0), alone=(0,))
    >>> describe_result(lone, ("You", "West", "East"))
    'West made hearts trump against you alone: 3 tricks, made it (West +1)'
    >>> euchred = HandResult(dealer=0, thrown_in=False, maker=1, trump=Suit.HEARTS,
    ...                      tricks=(2, 1, 2), points=(2, 0, 2))
    >>> describe_result(euchred, ("You", "West", "East"), you_in_points="You")
    'West made hearts trump: 1 trick, euchred (You +2, East +2)'
    """

    def name(seat: re.Match[str]) -> str:
        said = players[int(seat[1])]
        if said != "You" or seat.start() == 0:
            return said
        return you_in_points if seat.string.startswith(" +", seat.end()) else "you"

    return re.sub(r"seat ([012])", name, result.describe())


def telling_apart(players: Sequence[str]) -> tuple[str, str, str]:
    """Names a reader can tell apart: as given when they are distinct and not blank,
    else each with its seat (``Ann (seat 0)``, ``Seat 1`` for a blank one). A record
    may name its players anything (RECORD.md), ``""`` and twice the same included.

    >>> telling_apart(["Ann", "Ann", " "])
    ('Ann (seat 0)', 'Ann (seat 1)', 'Seat 2')
    """
    players = printable_names(players)
    if len({p.strip() for p in players}) == 3 and all(p.strip() for p in players):
        return (players[0], players[1], players[2])
    shown = [f"{p.strip()} (seat {s})" if p.strip() else f"Seat {s}"
             for s, p in enumerate(players)]
    return (shown[0], shown[1], shown[2])


def name_and_points(name: str, points: int) -> str:
    """A player's name with their points, as a score line lists them: ``Ann 3``, with
    a colon where the name ends in a digit (``Expert 1: 0``, ``Seat 2: 5``), so the
    points cannot be read as part of the name.

    >>> ", ".join(name_and_points(n, p) for n, p in [("Ann", 3), ("Expert 1", 0)])
    'Ann 3, Expert 1: 0'
    """
    return f"{name}: {points}" if name[-1:].isdigit() else f"{name} {points}"


def scores_text(players: Sequence[str], scores: Sequence[int], between: str = ", ") -> str:
    """The three scores with the players' names (:func:`name_and_points`):
    ``Ann 3, Ben 5, Seat 2: 0``."""
    return between.join(name_and_points(players[s], scores[s]) for s in range(3))


def printable_names(players: Sequence[str]) -> tuple[str, ...]:
    r"""The players' names with control characters (a newline, a terminal's escape
    code) written as escapes, so a record's names cannot break a line of text or
    drive the terminal it is printed on; everything else (emoji too) as it is.

    >>> printable_names(["Line\nBreak", "\x1b[31mRed", "👨\u200d👩\u200d👧"])
    ('Line\\nBreak', '\\x1b[31mRed', '👨\u200d👩\u200d👧')
    """
    return tuple("".join(c.encode("unicode_escape").decode("ascii")
                         if unicodedata.category(c) == "Cc" else c for c in name)
                 for name in players)


def describe_game(game: Game) -> str:
    """The whole game as text: every hand, then the scores and the winner."""
    players = telling_apart(game.players)
    named = tuple(game.players) != tuple(f"Seat {s}" for s in range(3))
    lines = [f"Rules: {game.rules.describe()}",
             "Players: " + (", ".join(f"{s} {n}" if n.strip() else f"{s} (no name)"
                                      for s, n in enumerate(printable_names(game.players)))
                            if named else "seats 0, 1 and 2, not named")]
    running = [0, 0, 0]
    for number, hand in enumerate(game.hands, 1):
        lines.append("")
        lines.extend(describe_hand(hand, players, number))
        if hand.result is not None:
            running = [a + b for a, b in zip(running, hand.result.points, strict=True)]
            lines.append("  score: " + scores_text(players, running))
    lines.append("")
    lines.append(describe_outcome(game.outcome, players))
    return "\n".join(lines)


def describe_outcome(outcome: GameOutcome, players: Sequence[str]) -> str:
    """The game's last line: who won (a shared win too), or the scores so far.

    >>> from cutthroat.scoring import GameOutcome
    >>> describe_outcome(GameOutcome((10, 4, 10), True, (0, 2)), ["Ann", "Ben", "Cal"])
    'Game over: Ann and Cal share the win with 10 points.'
    >>> describe_outcome(GameOutcome((0, 1, 0), True, (1,)), ["Ann", "Ben", "Cal"])
    'Game over: Ben wins with 1 point.'
    """
    if outcome.over:
        names = " and ".join(players[s] for s in outcome.winners)
        verb = ("share the win" if len(outcome.winners) > 1
                else "win" if names == "You" else "wins")
        top = max(outcome.scores)
        return f"Game over: {names} {verb} with {top} point{'' if top == 1 else 's'}."
    return "Game in progress: " + scores_text(players, outcome.scores)


_WORDS = {"pass": ("passes", "pass"), "order": ("orders up", "order up"),
          "pickup": ("picks up", "pick up"), "leave": ("leaves", "leave"),
          "dummy": ("takes the dummy", "take the dummy"), "play": ("plays", "play"),
          "call": ("calls", "call"), "trump": ("names", "name"),
          "discard": ("discards", "discard"), "keep": ("keeps", "keep"),
          "alone": ("goes alone, leaving the dummy", "go alone, leaving the dummy"),
          "defend": ("defends alone", "defend alone")}


def describe_move(view: View, index: int, players: Sequence[str]) -> str:
    """Move ``index`` of ``view``'s public log, in words, as that seat may know it.

    A discard or a keep by another seat stays face down: only the seat that made it
    sees its cards (R14), because the log of a view never holds them. The view's own
    seat is spoken to (``"You pass"``); its keep is told in the order its cards are
    shown (by suit, trumps last), not the record's.
    """
    move = view.moves[index]
    verb, _, card = move.partition(" ")[2].partition(" ")
    if verb == "keep" and "?" not in card:  # one's own keep: in the order of Your cards
        move = f"{move.split(' ')[0]} keep {format_cards(parse_cards(card), view.trump)}"
    said = describe_action(move, players, upcard=view.upcard,
                           maker=view.maker, you=view.seat, dealer=view.dealer,
                           defending=defends(view.moves, index),
                           must_pick_up=view.rules.dealer_must_pick_up)
    if verb != "play":
        return said
    note = trump_note(Card.parse(card), view.trump)
    return said + (note or (" (a trump)" if _trumps_in(view, index) else ""))


def _trumps_in(view: View, index: int) -> bool:
    """Whether move ``index`` of ``view``'s log, a card played, is a trump played to a
    trick led in another suit (R16): a listener, or a learner, is told why a nine took
    the trick. The plays of the log are those of the view's tricks, in order."""
    if view.trump is None:
        return False
    place = sum(move.split(" ")[1] == "play" for move in view.moves[:index])
    for plays in [*(trick.plays for trick in view.tricks), view.current_trick]:
        if place < len(plays):
            trump = view.trump
            return (place > 0 and effective_suit(plays[place][1], trump) is trump
                    and effective_suit(plays[0][1], trump) is not trump)
        place -= len(plays)
    return False


_WHAT_IT_IS = {"the joker": "the highest trump", "the right bower": "the jack of trump",
               "the left bower": "a trump"}
"""What :func:`trump_note` adds to a bower's or the joker's name (R3)."""


def trump_note(card: Card, trump: Suit | None) -> str:
    """What a card played is under ``trump``, where its face does not say it: a bower
    or the joker (R3), so that a learner sees why the JS took the AS (``" (the left
    bower, a trump)"``); ``""`` for any other card.

    >>> trump_note(Card.parse("JD"), Suit.HEARTS), trump_note(Card.parse("JH"), Suit.HEARTS)
    (' (the left bower, a trump)', ' (the right bower, the jack of trump)')
    >>> trump_note(Card.parse("AH"), Suit.HEARTS), trump_note(Card.parse("JD"), None)
    ('', '')
    """
    name = None if trump is None else bower_name(card, int(trump))
    return "" if name is None else f" ({name}, {_WHAT_IT_IS[name]})"


def defends(moves: Sequence[str], index: int) -> bool:
    """Whether move ``index`` of a hand's log (``"1 order"``) is a defender's: a
    ``pass`` after trump was made (an ``order``, a ``call`` or the blind ``trump``) is a
    defender's "not alone" (R13), not a bid."""
    return any(move.split(" ")[1] in ("order", "call", "trump") for move in moves[:index])


def describe_action(move: str, players: Sequence[str], *, upcard: Card, maker: int | None,
                    you: int | None = None, defending: bool = False,
                    dealer: int | None = None, must_pick_up: bool = False) -> str:
    """A move as a hand's log writes it (``"1 order"``; ``"0 discard ?"`` for a card
    face down), in words: the hand's ``upcard``, its ``maker`` once trump is fixed (a
    defender's ``alone`` defends), the seat ``you`` spoken to, if any, and whether it
    is a defender's choice (``defending``: a ``pass`` then does not defend alone,
    :func:`defends`). A ``dealer`` who orders takes the up-card then (R8), which no
    move of its own says: his order says so. Under ``must_pick_up`` (the variant
    ``dealer_must_pick_up``, R8) another's order says that the dealer takes it, which
    no move of his says either.

    >>> from cutthroat.cards import Card
    >>> names = ("Ann", "Ben", "Cal")
    >>> describe_action("2 order", names, upcard=Card.parse("KH"), maker=2, dealer=2)
    'Cal orders up the KH and takes it'
    >>> describe_action("1 order", names, upcard=Card.parse("KH"), maker=1)
    'Ben orders up the KH'
    >>> describe_action("1 order", names, upcard=Card.parse("KH"), maker=1, dealer=0,
    ...                 you=0, must_pick_up=True)
    'Ben orders up the KH: you take it (the dealer must, under these rules)'
    >>> describe_action("2 keep 9S JH JS QD TC", names, upcard=Card.parse("KH"), maker=2)
    'Cal keeps 9S JH JS QD TC and buries the rest'
    >>> describe_action("0 pass", names, upcard=Card.parse("KH"), maker=2, defending=True)
    'Ann does not defend alone'
    """
    seat_text, _, rest = move.partition(" ")
    seat = int(seat_text)
    verb, _, args = rest.partition(" ")
    if verb == "alone" and seat != maker:
        verb = "defend"
    spoken_to = seat == you
    if verb == "pass" and defending:
        return f"{'You do' if spoken_to else players[seat] + ' does'} not defend alone"
    words = _WORDS[verb][1 if spoken_to else 0]
    if verb == "discard":
        what = f"{words} a card face down" if args == "?" else f"{words} {args} face down"
    elif verb == "keep":
        bury = "bury" if spoken_to else "buries"
        what = (f"{words} five of ten cards and buries the rest" if "?" in args
                else f"{words} {args} and {bury} the rest")
    elif verb in ("order", "pickup"):
        what = f"{words} the {upcard}"
        if verb == "order" and seat == dealer:
            what += f" and {'take' if spoken_to else 'takes'} it"
        elif verb == "order" and must_pick_up and dealer is not None:
            taker = "you take" if dealer == you else f"{players[dealer]} takes"
            what += f": {taker} it (the dealer must, under these rules)"
    elif verb == "leave":
        what = f"{words} the {upcard} in the kitty"
    elif verb == "call":
        what = f"{words} {Suit.parse(args).plural} as trump"
    elif verb == "trump":
        what = f"{words} {Suit.parse(args).plural} as trump, blind (the joker was turned up)"
    else:
        what = f"{words} {args}".rstrip()
    who = "You" if spoken_to else players[seat]
    return f"{who} {what}"


def lone_defence_note(result: HandResult, players: Sequence[str]) -> str:
    """Why the defender who sat out scores too, when a defender who went alone beat the
    maker (R21), which a player cannot guess from the points alone; else ``""``.

    >>> from cutthroat import Suit
    >>> lone = HandResult(dealer=0, thrown_in=False, maker=1, trump=Suit.CLUBS,
    ...                   alone=(1, 2), tricks=(0, 0, 5), points=(4, 0, 4))
    >>> print(lone_defence_note(lone, ("You", "Ben", "Cal")))  # doctest: +NORMALIZE_WHITESPACE
    You sat this hand out and score too: when a defender alone beats the maker, both
    defenders score.
    """
    lone = [seat for seat in result.alone if seat != result.maker]
    if not lone or not result.euchred or result.maker is None:
        return ""
    out = next(seat for seat in range(3) if seat not in (result.maker, lone[0]))
    who = players[out]
    verb = "score" if who == "You" else "scores"
    return (f"{who} sat this hand out and {verb} too: when a defender alone beats the "
            "maker, both defenders score.")


def sentences(*texts: str) -> str:
    """Texts one after another, each ended by a full stop but the last (as the result
    of a hand is shown, with no stop of its own), the empty ones left out.

    >>> sentences("made it (Ann +1)", "", "Ann and Ben are level")
    'made it (Ann +1). Ann and Ben are level'
    >>> sentences("Ben scores too.", ""), sentences("", "")
    ('Ben scores too.', '')
    """
    said = [text for text in texts if text]
    return ". ".join([*(text.rstrip(".") for text in said[:-1]), *said[-1:]])


def level_on_top(scores: Sequence[int], rules: Rules, players: Sequence[str],
                 over: bool) -> str:
    """Why a game goes on though a player has reached the target: two or more are
    level on the most points at or past it, and ties play on (R22); else ``""``.

    >>> print(level_on_top((4, 0, 4), Rules(target=2), ("You", "Left", "Right"), False))
    ... # doctest: +NORMALIZE_WHITESPACE
    You and Right are level on 4 points, at the target (2) or past it: ties play on, so
    the game goes on until one is ahead alone.
    >>> level_on_top((4, 0, 4), Rules(target=2, tie="share"), ("You", "Left", "Right"), False)
    ''
    """
    top = max(scores)
    level = [seat for seat in range(3) if scores[seat] == top]
    if over or rules.tie != "play_on" or top < rules.target or len(level) < 2:
        return ""
    who = " and ".join(players[seat] for seat in level)
    return (f"{who} are level on {top} points, at the target ({rules.target}) or past it: "
            "ties play on, so the game goes on until one is ahead alone.")


def describe_view(view: View, players: Sequence[str], *, brief: bool = False,
                  say_turned_down: bool = False) -> list[str]:
    """The table as ``view``'s seat sees it: scores, the deal, trump, the trick, its
    cards.

    ``brief`` leaves out what has not changed since the hand began: the score, and in
    trick play the deal, trump, the tricks won and the seat's own discards.
    ``say_turned_down``: once everybody has passed the first round, the up-card is
    told as turned down (``turned down: KH``, R9) rather than as the up-card (the
    terminal game's words; the default keeps every other caller's text as it was).
    """
    name = list(players)
    playing = view.phase >= Phase.PLAY
    lines = []
    if view.scores is not None and not brief:
        lines.append("Score: " + scores_text(name, view.scores)
                     + f" (playing to {view.rules.target})")
    if not (brief and playing):
        lines.extend(_deal_lines(view, name, say_turned_down))
    if view.current_trick:
        lines.append(f"Trick {len(view.tricks) + 1}: "
                     f"{describe_plays(view.current_trick, name)}")
    elif view.phase is Phase.PLAY and view.to_act == view.seat:
        # (a learner saw no trick line at his own lead, only his cards and "play KC")
        who = name[view.seat]
        lines.append(f"Trick {len(view.tricks) + 1}: {who} "
                     f"{'lead' if who == 'You' else 'leads'}")
    if view.cards:
        lines.append(f"Your cards: {format_cards(view.cards, view.trump)}")
    elif view.phase is Phase.JOKER_TRUMP and view.seat == view.dealer:
        lines.append("Your cards: face down until you have named trump")
    if not (brief and playing):
        if view.discard is not None:
            lines.append(f"You discarded {view.discard}")
        if view.buried:
            lines.append(f"You buried {format_cards(view.buried, view.trump)}")
    return lines


def upcard_turned_down(view: View) -> bool:
    """Whether the up-card has been turned face down: everybody passed the first round
    (R9), so the second round is on, or was (a suit called in it), or the hand was
    thrown in (R10)."""
    return (view.phase in (Phase.BID_SECOND, Phase.THROWN_IN)
            or any(move.split()[1] == "call" for move in view.moves))


def everybody_passed(view: View) -> str:
    """What the first round's third pass means, as the log says it after that pass: the
    up-card turned down (R9), which suits the second round may name, and, under stick
    the dealer, that the dealer may not pass (R10).

    >>> from cutthroat import Hand
    >>> hand = Hand.deal(seed=1, dealer=0)
    >>> for _ in range(3):
    ...     _ = hand.push("pass")
    >>> everybody_passed(hand.view(0))  # doctest: +ELLIPSIS
    'Everybody passed: the ... is turned down; in the second round trump may be any suit but ...'
    """
    turned = view.upcard.suit  # (never the joker: under it trump is named blind, R6)
    suits = ("any suit" if view.rules.may_name_turned_down_suit or turned is None
             else f"any suit but {turned.plural}")
    stuck = ", and the dealer may not pass" if view.rules.stick_the_dealer else ""
    return (f"Everybody passed: the {view.upcard} is turned down; in the second round "
            f"trump may be {suits}{stuck}")


def _deal_lines(view: View, name: list[str], say_turned_down: bool = False) -> list[str]:
    """The dealer and up-card; trump, its maker and the tricks won once it is fixed."""
    taken = (" (taken by the dealer)" if view.upcard_taken else " (left in the kitty)"
             if any(move.split()[1] == "leave" for move in view.moves) else "")
    deals = "You deal" if view.dealer == view.seat else f"{name[view.dealer]} deals"
    if say_turned_down and upcard_turned_down(view):
        lines = [f"{deals}; turned down: {view.upcard}"]
    else:
        lines = [f"{deals}; up-card {view.upcard}{taken}"]
    if view.trump is None or view.maker is None:
        return lines
    how = []
    if view.maker in view.alone:
        how.append("alone")
    elif view.dummy_taken:
        how.append("with the dummy")
    lone = [s for s in view.alone if s != view.maker]
    if lone:
        how.append("you defend alone" if lone[0] == view.seat else f"{name[lone[0]]} defends alone")
    extra = f" ({'; '.join(how)})" if how else ""
    lines.append(f"Trump: {view.trump.plural}, made by {name[view.maker]}{extra}")
    if view.phase >= Phase.PLAY:
        lines.append(f"Tricks: {tricks_text(view, name)}")
    return lines


def tricks_text(view: View, players: Sequence[str]) -> str:
    """The tricks each player has taken in ``view``'s hand (``You 2, Left 1, Right 0``),
    the partner who sits out a lone defence left out (R13)."""
    return ", ".join(f"{players[seat]} {view.tricks_won[seat]}" for seat in range(3)
                     if seat != view.sitting_out)
