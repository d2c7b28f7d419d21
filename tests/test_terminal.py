"""``cutthroat play``: one player against two bots in the terminal.

The player is driven by scripted lines (or by a random choice among the legal moves of
their own view); what the game writes is read as a player would read it. The things
that must never break: no hidden card is shown during a hand (R14), a line the game
cannot take changes nothing, and every move is in the saved record at once.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cutthroat import Action, Card, Game, HandResult, Phase, Rules, Suit, deck
from cutthroat import record as rec
from cutthroat import session as session_module
from cutthroat.bots import RandomBot
from cutthroat.cli import random_variants
from cutthroat.deal import Deal
from cutthroat.errors import CutthroatError
from cutthroat.howto import stakes
from cutthroat.render import (
    describe_game,
    describe_move,
    describe_result,
    describe_view,
    format_cards,
)
from cutthroat.session import Session, Sitting, program
from cutthroat.state import Hand
from cutthroat.terminal import (
    AGAIN,
    COACH_MARGIN,
    HELP,
    TerminalGame,
    human_seat,
    resumed,
    seat_names,
)
from cutthroat.views import View

CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|JO)\b")


def scripted(lines: Iterable[str], then: Callable[[], str] | None = None) -> Callable[[str], str]:
    """A reader giving ``lines`` in order, then ``then()`` (or EOF) for ever after."""
    queue = iter(lines)

    def read(prompt: str) -> str:
        for line in queue:
            return line
        if then is None:
            raise EOFError
        return then()

    return read


def table(game: Game, seat: int = 0, lines: Iterable[str] = (), *, bots: tuple[str, str] =
          ("random", "random"), random_rest: int | None = None, save: Path | None = None,
          ) -> tuple[TerminalGame, list[str]]:
    """A terminal game and the list its lines are written to. With ``random_rest``
    (a seed), the player picks a random legal move of their own view once ``lines``
    are used up."""
    out: list[str] = []
    holder: list[TerminalGame] = []
    then = None
    if random_rest is not None:
        rng = random.Random(random_rest)

        def then() -> str:
            return rng.choice(holder[0].view().legal)

    player = TerminalGame(game, seat, bots, read=scripted(lines, then), write=out.append,
                          save=save)
    holder.append(player)
    return player, out


def new_game(seed: int = 3, rules: Rules | None = None, seat: int = 0) -> Game:
    return Game(rules, seed=seed, players=seat_names(seat))


def seen_by(hand: Hand, seat: int) -> set[str]:
    """Every card ``seat`` may have seen during ``hand`` (R14): its own, the up-card,
    the cards played, and the dummy if it took it as maker."""
    cards = {str(c) for c in hand.dealt.hands[seat]} | {str(hand.upcard)}
    cards |= {str(c) for trick in hand.tricks for _, c in trick.plays}
    if hand.maker == seat and hand.dummy_taken:
        cards |= {str(c) for c in hand.dealt.dummy}
    return cards


def per_hand(out: list[str]) -> list[str]:
    """The text written during each hand, up to the deal's reveal at its end."""
    text = "\n".join(out)
    parts = re.split(r"\n(?=Hand \d+\n)", text)
    return [part.split("The deal was:")[0] for part in parts if part.startswith("Hand ")]


def at_first_move(lines: Iterable[str]) -> tuple[Hand, TerminalGame, list[str]]:
    """A new game's first hand, the player seated to make its first move, reading
    ``lines``."""
    game = new_game(3)
    hand = game.deal()
    assert hand.to_act is not None
    player, out = table(game, hand.to_act, lines)
    return hand, player, out


# --- whole games -------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), seat=st.integers(0, 2))
def test_R14_a_whole_game_in_the_terminal_shows_no_hidden_card_before_the_hand_ends(
        seed: int, seat: int) -> None:
    rules = random_variants(random.Random(seed))
    game = new_game(seed, rules, seat)
    player, out = table(game, seat, random_rest=seed)
    assert player.play() is True
    assert game.is_over
    texts = per_hand(out)
    assert len(texts) == len(game.hands)
    for hand, text in zip(game.hands, texts, strict=True):
        shown = set(CARD.findall(text))
        assert shown <= seen_by(hand, seat), (shown - seen_by(hand, seat), text)
    count = len(game.hands)
    assert out[-1].startswith(f"\nGame over after {count} hand{'s' if count != 1 else ''}.")
    # the bots' moves are all told, so a player can follow the game
    told = sum(1 for line in out if line.startswith(("Left ", "Right ")))
    others = sum(1 for hand in game.hands for move in hand.moves if move.seat != seat)
    assert told == others


def test_the_reveal_at_the_end_of_a_hand_shows_the_whole_deal() -> None:
    game = new_game(4)
    player, out = table(game, random_rest=4)
    player.play()
    hand = game.hands[0]
    text = "\n".join(out)
    reveal = text.split("The deal was:")[1].split("\nHand ")[0]  # (after the result)
    assert sorted(CARD.findall(reveal)) == sorted(
        [str(c) for cards in (*hand.dealt.hands, hand.dealt.dummy, hand.dealt.kitty)
         for c in cards] + [str(hand.upcard)])


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_every_move_is_saved_before_it_is_told_and_the_record_replays(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game = new_game(8, Rules(target=3))
    player, out = table(game, bots=("expert:bid_samples=4,play_samples=4", "intermediate"),
                        random_rest=8, save=save)
    checked: list[str] = []

    def write(line: str) -> None:
        if line.startswith(("You ", "Left ", "Right ")):  # a move, just made
            assert save.read_text(encoding="utf-8") == rec.dumps(game) + "\n"
            checked.append(line)
        out.append(line)

    player.write = write
    assert player.play() is True
    assert len(checked) == sum(len(hand.moves) for hand in game.hands)
    again = rec.replay(save.read_text(encoding="utf-8"))
    assert again.scores == game.scores and again.is_over
    assert not list(tmp_path.glob("*.tmp"))
    assert out[-1] == f"The expert's review of your choices: {program()} review {save}"


def test_moves_typed_with_tabs_are_saved_as_a_record_replay_accepts(tmp_path: Path) -> None:
    """The terminal takes a tab between a move's words (``play<TAB>JH``); the record,
    where only spaces may separate them, gets the move written with spaces."""
    save = tmp_path / "game.json"
    game = new_game(4, Rules(target=3))
    rng = random.Random(4)
    player, _ = table(game, save=save)
    player.read = lambda prompt: "\t" + "\t".join(rng.choice(player.view().legal).split())
    assert player.play() is True
    text = save.read_text(encoding="utf-8")
    assert "\\t" not in text
    assert rec.replay(text).scores == game.scores


# --- what the player types ---------------------------------------------------------


def test_lines_the_game_cannot_take_are_explained_and_change_nothing() -> None:
    game = new_game(3)
    game.deal()
    before = rec.dumps(game)
    hand = game.hand
    assert hand is not None
    bad = ["xyz", "9", "0", "play AS", "order alone", "1 pass", "keep AS", "hearts", ""]
    assert hand.to_act is not None
    player, out = table(game, hand.to_act, bad)
    assert player.play() is False  # EOF after the bad lines: stopped, not lost
    assert rec.dumps(game) == before
    errors = [line for line in out if line.startswith("Not possible: ")]
    assert len(errors) == len(bad) - 1  # the empty line just asks again
    assert any("choose a number from 1 to 2" in e for e in errors)
    assert any("'xyz' is not a move here: your choices are pass, order" in e for e in errors)
    assert any("first bidding round" in e for e in errors)


def test_R7_a_suit_named_in_the_first_round_or_a_card_played_too_soon_is_explained() -> None:
    """In the first round (R7) only the up-card's suit may be ordered: a suit typed
    then is answered with the choices there are, and a move of the wrong phase is
    said to be impossible once, not twice."""
    game = new_game(3)
    hand = game.deal()
    assert hand.to_act is not None
    player, out = table(game, hand.to_act, ["hearts", "play JH"])
    assert player.play() is False
    errors = [line for line in out if line.startswith("Not possible: ")]
    assert errors[0] == ("Not possible: a suit cannot be named now: your choices are pass, "
                         "order. Type help for how to write a move.")
    assert errors[1].startswith("Not possible: you cannot play a card now: ")
    assert all(line.count("not possible") + line.count("Not possible") == 1 for line in errors)


def test_a_line_of_commas_alone_is_no_move_and_changes_nothing() -> None:
    """A line of commas alone (they separate cards in a keep: "AS, KS, ...") was read
    as no words at all, and the game stopped with an IndexError (Hypothesis found it);
    it is answered as any line that names no move is, and the game goes on."""
    lines = [",", " , ,", ",,,"]
    hand, player, out = at_first_move(lines)
    assert player.play() is False and len(hand.moves) == 0
    errors = [line for line in out if line.startswith("Not possible: ")]
    assert errors == [f"Not possible: {said.strip()!r} is not a move here: your choices "
                      "are pass, order. Type help for how to write a move."
                      for said in lines]
    play = dataclasses.replace(player.view(), legal=("play JH", "play 9H"))
    with pytest.raises(CutthroatError) as refused:  # as any line naming no card is
        player._action(",", play)
    assert str(refused.value) == ("',' is not a move here: your choices are play JH, "
                                  "play 9H (a card is written rank then suit: JH, 10S)")


def test_words_a_newcomer_types_are_answered_with_the_choices_there_are() -> None:
    """"I fold" or "jack of harts" name no move: the answer gives the choices of the
    moment (and how a card is written), not the list of every verb."""
    hand, player, out = at_first_move(["I fold", "go fish"])
    assert player.play() is False and len(hand.moves) == 0
    errors = [line for line in out if line.startswith("Not possible: ")]
    assert errors == [f"Not possible: {said!r} is not a move here: your choices are pass, "
                      "order. Type help for how to write a move."
                      for said in ("I fold", "go fish")]
    play = dataclasses.replace(player.view(), legal=("play JH", "play 9H"))
    for said in ("jack of harts", "J\N{BLACK SPADE SUIT}\N{BLACK HEART SUIT}"):
        with pytest.raises(CutthroatError) as refused:
            player._action(said, play)
        assert str(refused.value) == (f"{said!r} is not a move here: your choices are "
                                      "play JH, play 9H (a card is written rank then "
                                      "suit: JH, 10S)")
    discard = dataclasses.replace(player.view(), legal=("discard JH", "discard 9H"))
    with pytest.raises(CutthroatError) as refused:  # the dealer's discard (R8) too
        player._action("jack of harts", discard)
    assert str(refused.value) == ("'jack of harts' is not a move here: your choices are "
                                  "discard JH, discard 9H (a card is written rank then "
                                  "suit: JH, 10S)")


@pytest.mark.parametrize(("said", "meant"), [
    ("I order it up", "order"), ("I assist", "order"), ("I accept.", "order"),
    ("Order it up!", "order"), ("i pass", "pass"), ("Pick it up", "pickup"),
    ("leave it", "leave"), ("Go alone", "alone"), ("take the dummy", "dummy"),
    # every other phrase the line game knows (docs/play.md), as a player might type it
    ("I order", "order"), ("order up", "order"), ("Assist!", "order"), ("accept", "order"),
    ("I order it.", "order"), ("order it", "order"), ("Pass it", "pass"),
    ("pick up", "pickup"), ("I pick it up", "pickup"), ("Take it", "pickup"),
    ("take it up", "pickup"), ("Leave it down", "leave"), ("I leave it", "leave"),
    ("I go alone", "alone"), ("defend alone", "alone"), ("Play alone", "alone"),
    ("Loner!", "alone"), ("the dummy", "dummy"), ("I take the dummy", "dummy"),
])
def test_R7_R8_R12_words_said_at_a_table_are_the_moves_they_mean(said: str,
                                                                  meant: str) -> None:
    """R7: "I order it up", "I assist" and "I accept" are all one action, order; the
    other things players say at a table are read as the move they mean."""
    _, player, _ = at_first_move([])
    view = dataclasses.replace(player.view(), legal=(meant, "pass"))
    assert str(player._action(said, view)) == meant


def test_a_phrase_for_a_move_not_possible_now_is_refused_with_the_reason() -> None:
    hand, player, out = at_first_move(["go alone", "quit"])
    assert player.play() is False and len(hand.moves) == 0
    errors = [line for line in out if line.startswith("Not possible: ")]
    assert errors == ["Not possible: you cannot go alone now: it is the first bidding "
                      "round (pass or order); going alone comes after the bidding and "
                      "the dealer's pick-up: the maker's choice where a dummy is dealt, "
                      "then the defenders'."]  # R5, R12 (well written: no "Type help")
    # R13: when it comes, for a four-handed player's "order alone" (no dummy: no maker's)


def test_R15_R16_a_card_refused_in_play_is_explained_to_you() -> None:
    """The engine's "seat 0 does not hold 9S" and "seat 0 must follow hearts" read
    "you do not hold 9S" and "you must follow hearts" to the player of seat 0."""
    for seed in range(40):
        game = new_game(seed)
        hand = game.deal()
        rng = random.Random(seed)
        while not hand.is_over and not (hand.phase == Phase.PLAY and hand.to_act == 0
                                        and hand.current_trick):
            hand.push(rng.choice(hand.legal_actions()))
        if hand.is_over:
            continue
        held = set(hand.cards(0))
        legal = {str(a) for a in hand.legal_actions()}
        stranger = next(c for c in deck(game.rules.deck) if c not in held)
        off = [c for c in held if f"play {c}" not in legal]
        if not off:
            continue
        player, out = table(game, 0, [f"play {stranger}", f"play {off[0]}"])
        assert player.play() is False
        errors = [line for line in out if line.startswith("Not possible: ")]
        assert errors[0] == f"Not possible: you do not hold {stranger}."  # (well written:
        # no "Type help for how to write a move", as a blind player's pass found it)
        assert errors[1].startswith("Not possible: you must follow ")
        return
    raise AssertionError("no deal put seat 0 on a trick it could fail to follow")


def test_digits_that_are_no_choice_are_refused_without_a_traceback() -> None:
    """A superscript digit, or a number too long for Python to read, was a crash."""
    game = new_game(3)
    hand = game.deal()
    before = rec.dumps(game)
    bad = ["\u00b2", "\u00b9", "9" * 5000, "0" * 5000 + "3"]
    assert hand.to_act is not None
    player, out = table(game, hand.to_act, bad)
    assert player.play() is False
    assert rec.dumps(game) == before
    errors = [line for line in out if line.startswith("Not possible: ")]
    assert errors == ["Not possible: choose a number from 1 to 2. Type help for how to "
                      "write a move."] * len(bad)


def test_a_very_long_line_is_answered_in_a_short_one() -> None:
    """The refusal repeated the whole line: a pasted page came back a page long."""
    game = new_game(3)
    hand = game.deal()
    assert hand.to_act is not None
    long_lines = ["x" * 100_000, "play " + "J" * 100_000, "0 " + "y" * 100_000]
    player, out = table(game, hand.to_act, long_lines)
    assert player.play() is False
    errors = [line for line in out if line.startswith("Not possible: ")]
    assert len(errors) == 3 and all(len(line) < 200 for line in errors)
    assert "(100000 characters)" in errors[0]


def test_a_number_a_card_a_suit_or_five_cards_are_moves() -> None:
    hand, player, _ = at_first_move(["2"])  # 1) pass 2) order
    player._human_move()
    assert str(hand.moves[-1].action) == "order"

    # a card alone in trick play, a suit by name in the second round, five cards to keep
    def at(legal: tuple[str, ...]) -> View:
        return dataclasses.replace(player.view(), legal=legal)

    assert str(player._action("jh", at(("play JH", "play 9H")))) == "play JH"
    assert str(player._action("9c", at(("discard 9C", "discard JH")))) == "discard 9C"
    assert str(player._action("Hearts", at(("pass", "call H", "call S")))) == "call H"
    assert str(player._action("s", at(("trump C", "trump S")))) == "trump S"
    assert str(player._action("call hearts", at(("pass", "call H")))) == "call H"
    assert str(player._action("Trump Spades", at(("trump C", "trump S")))) == "trump S"
    five = at(tuple(f"keep {i}" for i in range(252)))
    assert str(player._action("9s jh js qd tc", five)) == "keep TC QD JH 9S JS"


@pytest.mark.parametrize(("line", "legal"), [
    ("jh 9h qs ks as", ("play JH", "play 9H")),
    ("9c jh qs ks as", ("discard 9C", "discard JH")),
    ("hearts ah ks qs js", ("pass", "call H", "call S")),
    ("s 9s ts qs ks", ("trump C", "trump S")),
])
def test_R12_R15_five_words_are_a_keep_only_at_a_keep_not_the_first_card_or_suit(
        line: str, legal: tuple[str, ...]) -> None:
    """Five cards typed in play or at the dealer's discard played or discarded the first
    of them, and a suit followed by four cards called it: five words are a keep's
    shortcut (R12) and nothing else, refused as two cards are."""
    _, player, _ = at_first_move([])
    view = dataclasses.replace(player.view(), legal=legal)
    with pytest.raises(CutthroatError, match=r"is not a move here: your choices are"):
        player._action(line, view)
    assert str(player._action(line.split()[0], view)) in legal  # the first word alone is


def test_a_bare_verb_of_another_stage_says_not_now_not_how_to_write_it() -> None:
    """'call' alone in trick play was told 'call takes one suit, e.g. call H', and
    'call H' was then refused in turn; a verb of another stage is told it is not its
    stage, as 'keep' and 'call H' are."""
    _, player, _ = at_first_move([])

    def at(phase: Phase, legal: tuple[str, ...]) -> View:
        return dataclasses.replace(player.view(), phase=phase, legal=legal)

    play = at(Phase.PLAY, ("play JH", "play 9H"))
    for typed in ("call", "trump", "discard", "keep", "Call"):
        with pytest.raises(CutthroatError, match=rf"^{typed.lower()} is not possible now: "
                                                 r"it is trick play \(play CARD\)$"):
            player._action(typed, play)
    with pytest.raises(CutthroatError, match=r"^play takes one card"):
        player._action("play", play)  # the verb of the stage: how to write it
    with pytest.raises(CutthroatError, match=r"^call takes one suit"):
        player._action("call", at(Phase.BID_SECOND, ("pass", "call H", "call S")))


def test_numbers_are_refused_where_the_choices_are_not_listed() -> None:
    game = new_game(3)
    game.deal()
    player, _ = table(game)
    view = player.view()
    many = dataclasses.replace(view, legal=tuple(f"keep {i}" for i in range(252)))
    with pytest.raises(CutthroatError, match="five different places in Your cards"):
        player._action("3", many)  # one number: a keep takes five places, not a list's
    prompt = player._prompt(many)
    assert "keep five of your ten" in prompt and "1)" not in prompt
    assert "their places in Your cards (1 2 3 4 5; 0 is the tenth)" in prompt


def test_undo_takes_back_the_players_last_move_and_the_bots_replies() -> None:
    game = new_game(5)  # seed 5: no bot takes the dummy after the player's pass
    hand = game.deal()
    player, out = table(game, hand.to_act, ["undo", "pass", "undo", "quit"])  # type: ignore[arg-type]
    assert player.play() is False
    assert "Nothing to undo: you have not moved yet in this hand." in out
    assert any(line.startswith("Took back ") and ": You pass" in line for line in out)
    assert len(hand.moves) == 0
    assert any(line.startswith("You pass") for line in out)


def test_R14_undo_is_refused_once_a_bot_took_the_dummy_after_your_move() -> None:
    """Seed 3: a bot orders and takes the dummy after the player's pass. The undo took
    the bot's dummy back with it, so the bot, having seen the dummy, decided again."""
    game = new_game(3)
    hand = game.deal()
    player, out = table(game, hand.to_act, ["pass", "undo", "quit"])  # type: ignore[arg-type]
    assert player.play() is False
    assert ("Not possible: the maker has taken the dummy since and seen its cards, so moves "
            "made before that cannot be taken back (only the maker who takes the dummy sees "
            "its cards, and they cannot be unseen).") in out
    assert "dummy" in [m.action.verb.value for m in hand.moves]
    assert not any(line.startswith("Took back ") for line in out)


def test_tricks_lists_the_tricks_of_the_hand_so_far_R17() -> None:
    game = new_game(3)
    hand = game.deal()
    while not (len(hand.tricks) == 2 and hand.to_act == 0):
        if hand.is_over:
            hand = game.deal()
        seat = hand.to_act
        assert seat is not None
        hand.push(RandomBot(seed=len(hand.moves)).choose(game.view(seat)), seat)
    player, out = table(game, 0, ["tricks", "quit"])
    assert player.play() is False
    listed = [line for line in out if line.startswith("  Trick ") and " -> " in line]
    names = seat_names(0)
    assert listed == [
        f"  Trick {n}: " + ", ".join(f"{names[s]} {c}" for s, c in t.plays)
        + f" -> {names[t.winner]}" for n, t in enumerate(hand.tricks, 1)]
    assert len(listed) == 2
    _, fresh, fresh_out = at_first_move(["tricks", "quit"])
    assert fresh.play() is False
    assert "  No trick has been played yet in this hand." in fresh_out


def test_help_and_show_and_hint_answer_without_moving() -> None:
    hand, player, out = at_first_move(["help", "show", "hint", "quit"])
    player.hint_samples = 4
    assert player.play() is False
    text = "\n".join(out)
    assert "keep 9S JH JS QD TC" in text  # help
    said = stakes(hand.rules, Phase.BID_FIRST, dealer=hand.dealer == player.seat)
    assert " ".join(text.split()).count(f"Your choice now: {said}") == 1  # R7: an order's stakes
    assert "Your cards: " in text
    assert re.search(r"Hint: (pass|order) - \S", text)
    assert re.search(r"  (pass|order) +win +\d+\.\d%", text)
    assert len(hand.moves) == 0


# --- telling the moves ---------------------------------------------------------------


def test_R14_moves_are_told_as_the_seat_may_know_them() -> None:
    game = Game(Rules(), seed=0, first_dealer=0, players=seat_names(1))
    hand = game.deal()
    for text in ("1 pass", "2 order", "0 pickup"):
        hand.push(text)
    hand.push(f"0 discard {hand.cards(0)[0]}")
    dealer_view, other = hand.view(0), hand.view(1)
    names = seat_names(1)  # seat 1 is You, seat 2 Left, seat 0 Right
    assert describe_move(other, 0, names) == "You pass"
    assert describe_move(other, 1, names) == f"Left orders up the {hand.upcard}"
    assert describe_move(other, 2, names) == f"Right picks up the {hand.upcard}"
    assert describe_move(other, 3, names) == "Right discards a card face down"
    assert describe_move(dealer_view, 3, seat_names(0)) == (
        f"You discard {hand.dealer_discard} face down")
    hand.push("2 dummy")
    keep = hand.legal_texts()[0]
    hand.push(f"2 {keep}")
    assert describe_move(hand.view(1), 5, names) == (
        "Left keeps five of ten cards and buries the rest")
    # one's own keep in the order of Your cards (by suit, trumps last), not the record's
    shown = format_cards(hand.view(2).cards, hand.trump)
    assert describe_move(hand.view(2), 5, seat_names(2)) == f"You keep {shown} and bury the rest"
    assert sorted(shown.split()) == sorted(keep.split()[1:])
    assert f"Your cards: {shown}" in describe_view(hand.view(2), seat_names(2))
    hand.push("0 alone")
    assert describe_move(hand.view(1), 6, names) == "Right defends alone"
    hand2 = Game(Rules(), seed=0, first_dealer=0).deal()
    hand2.push("1 order")
    hand2.push("0 leave")
    hand2.push("1 alone")
    assert describe_move(hand2.view(1), 2, names) == "You go alone, leaving the dummy"
    assert describe_move(hand2.view(2), 1, names) == (
        f"Right leaves the {hand2.upcard} in the kitty")
    lone = hand.view(0)
    assert "you defend alone" in " ".join(describe_view(lone, seat_names(0)))
    assert "Right defends alone" in " ".join(describe_view(hand.view(1), names))


def test_a_result_line_names_each_seat_once_whatever_the_names_say() -> None:
    """A name may itself read "seat 2" (a web game's players choose their names): the
    result line must still credit the right players, not put names into names."""
    result = HandResult(dealer=2, thrown_in=False, maker=0, trump=Suit.HEARTS,
                        tricks=(3, 1, 1), points=(1, 0, 0))
    assert describe_result(result, ["Ann seat 1", "Bob seat 2", "Cal"]) == (
        "Ann seat 1 made hearts trump: 3 tricks, made it (Ann seat 1 +1)")
    assert describe_result(result, ["seat 2", "x", "y"]).startswith("seat 2 made hearts")


def test_R6_the_blind_trump_is_told_as_blind() -> None:
    rng = random.Random(0)
    joker = next(deal for deal in (Deal.random(Rules(deck=25), rng) for _ in range(1000))
                 if str(deal.upcard) == "JO")
    hand = Hand(Rules(deck=25), joker, dealer=0)
    view = hand.view(0)
    assert "Your cards: face down until you have named trump" in describe_view(
        view, seat_names(0))
    hand.push("0 trump H")
    assert describe_move(hand.view(1), 0, seat_names(1)) == (
        "Right names hearts as trump, blind (the joker was turned up)")


def test_a_terminal_games_replay_says_you_deal() -> None:
    """A record of the terminal game names its player "You": its replay said "Hand 1:
    You deals"; the other names keep "deals"."""
    dealers = set()
    for seed in range(12):
        game = Game(seed=seed, players=seat_names(0))
        hand = game.deal()
        first = describe_game(game).splitlines()[3]
        dealers.add(dealer := seat_names(0)[hand.dealer])
        said = "You deal" if dealer == "You" else f"{dealer} deals"
        assert first.startswith(f"Hand 1: {said}; up-card "), first
    assert "You" in dealers and len(dealers) == 3


def test_R8_a_dealer_who_orders_is_told_to_take_the_up_card() -> None:
    """The log read "Left orders up the KC. Left discards a card face down." with no
    word of the up-card taken: a dealer who orders takes it, and no move of his says so."""
    rng = random.Random(3)
    for _ in range(500):
        hand = Hand(Rules(), Deal.random(Rules(), rng), dealer=rng.randrange(3))
        while hand.phase is Phase.BID_FIRST and hand.to_act != hand.dealer:
            hand.push("pass")
        if hand.phase is not Phase.BID_FIRST:
            continue
        hand.push("order")
        for seat in range(3):
            told = describe_move(hand.view(seat), len(hand.moves) - 1, seat_names(seat))
            verb = "take" if seat == hand.dealer else "takes"
            assert told.endswith(f"up the {hand.upcard} and {verb} it"), told
        other = Hand(Rules(), Deal.random(Rules(), rng), dealer=0)
        other.push("order")  # seat 1 orders: the dealer, seat 0, takes it or not (R8)
        assert describe_move(other.view(2), 0, seat_names(2)).endswith(f"the {other.upcard}")
        return
    pytest.fail("no dealer's order in 500 hands")


def test_R14_words_for_a_player_name_no_rule_id() -> None:
    """Rule ids (R6, R21) are for RULES.md and the docs, not for a player at the table:
    every line a seat is shown (its view, each move, the phase, each result) in random
    hands under every variant, the joker's blind trump among them, says none."""
    from cutthroat.server.tables import result_text
    from cutthroat.tui.text import phase_words

    rule_id = re.compile(r"\bR\d+\b")
    rng = random.Random(6)
    blind = 0
    for _ in range(300):
        rules = random_variants(rng)
        hand = Hand(rules, Deal.random(rules, rng), dealer=rng.randrange(3))
        while not hand.is_over:
            for seat in range(3):
                view = hand.view(seat)
                names = seat_names(seat)
                words = [*describe_view(view, names), phase_words(view),
                         *(describe_move(view, i, names) for i in range(len(view.moves)))]
                blind += "face down until you have named trump" in "\n".join(words)
                assert not [w for w in words if rule_id.search(w)], words
            hand.push(rng.choice(hand.legal_actions()))
        result = hand.result
        assert result is not None
        for seat in range(3):
            assert not rule_id.search(result_text(result, seat_names(seat)))
    assert blind, "no hand of 300 had the joker turned up"


# --- saving and resuming -----------------------------------------------------------


def cli(where: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``cutthroat ARGS`` run in the folder ``where``, with ``stdin`` as its input."""
    return subprocess.run([sys.executable, "-m", "cutthroat.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, cwd=where)


def test_play_saves_every_move_and_resumes_where_it_stopped(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = cli(tmp_path, "play", "--seed", "3", "--bots", "random,random", "--save", str(save),
                stdin="2\n")
    assert first.returncode == 0, first.stderr
    assert "The game is saved: " in first.stdout and f"cutthroat play --resume {save}" \
        in first.stdout  # "cutthroat", or where it is: .venv/bin/cutthroat
    assert "Type help for the moves, rules for how to play." in first.stdout
    game = rec.replay(save.read_text(encoding="utf-8"))
    moves = sum(len(h.moves) for h in game.hands)
    assert any(m.seat == 0 for h in game.hands for m in h.moves)  # the player's move
    assert human_seat(game) == 0

    # starting a new game over the saved one is refused, and the file is untouched
    kept = save.read_bytes()
    again = cli(tmp_path, "play", "--save", str(save), stdin="quit\n")
    assert again.returncode == 1 and "already holds a game" in again.stderr
    assert save.read_bytes() == kept

    resumed_run = cli(tmp_path, "play", "--resume", str(save), "--bots", "random,random",
                      stdin="1\n1\n")
    assert resumed_run.returncode == 0, resumed_run.stderr
    assert "resumed" in resumed_run.stdout
    later = rec.replay(save.read_text(encoding="utf-8"))
    assert sum(len(h.moves) for h in later.hands) > moves
    assert [h.moves[: len(g.moves)] for h, g in zip(later.hands, game.hands, strict=False)] == [
        g.moves for g in game.hands]


def test_the_resume_command_printed_names_the_bots_the_game_was_played_with() -> None:
    """A record does not hold its bots: the command printed on stopping resumed a game
    against two experts that was played against other bots; it now gives --bots unless
    they are the default ones."""

    save = Path("games", "mine.json")
    cutthroat = program()  # "cutthroat" on the PATH, else .venv/bin/cutthroat
    others = Session(Game(seed=1, players=seat_names(2)), 2,
                     ["random", "expert:play_samples=5"], save=save)
    assert others.stopped_line() == (f"Stopped. The game is saved: {cutthroat} play --resume "
                                     "games/mine.json --bots random,expert:play_samples=5 "
                                     "--seed 0")
    experts = Session(Game(seed=1, players=seat_names(0)), 0, ["expert", "expert"],
                      save=save, sitting=Sitting(seeded=False, save=save))
    assert experts.stopped_line() == (f"Stopped. The game is saved: {cutthroat} play "
                                      "--resume games/mine.json")
    coached = Session(Game(seed=1, players=seat_names(0)), 0, ["expert", "expert"],
                      save=save, sitting=Sitting(seeded=False, save=save), coach=True,
                      hint_samples=40)
    assert coached.resume_command().endswith("--resume games/mine.json --coach "
                                              "--hint-samples 40")  # as it was played


def test_the_resume_command_printed_gives_the_seat_when_the_record_does_not(
        tmp_path: Path) -> None:
    """A record with no seat called You was resumed with --seat 0: the command printed on
    stopping gives --seat again, and running it goes on with the game."""
    save = tmp_path / "e07.json"
    examples = Path(__file__).resolve().parents[2] / "shared" / "examples"
    save.write_bytes((examples / "07-in-progress.json").read_bytes())
    first = cli(tmp_path, "play", "--resume", str(save), "--seat", "0", "--bots",
                "beginner,beginner", stdin="pass\nquit\n")
    assert first.returncode == 0, first.stderr
    command = first.stdout.strip().splitlines()[-1].split("The game is saved: ")[1]
    assert command.endswith("--bots beginner,beginner --seat 0")
    again = cli(tmp_path, *command.split()[1:], stdin="quit\n")
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip().splitlines()[-1].endswith(command)


def test_undo_shows_the_table_once(tmp_path: Path) -> None:
    """After an undo the table is shown afresh, once: the trick and the cards were told
    a second time before the prompt."""
    done = cli(tmp_path, "play", "--seed", "3", "--bots", "beginner,beginner", "--save",
               str(tmp_path / "g.json"), stdin="order\ntc\nalone\nJH\nundo\nquit\n")
    assert done.returncode == 0, done.stderr
    after = done.stdout.split("Took back ")[1].split("Your move:")[0]
    assert after.count("Trick 1: Left TH, Right QH") == 1
    assert after.count("Your cards: JC 9H KH AH JH") == 1


def test_a_keep_of_too_few_cards_says_how_many_with_the_players_own_cards(
        tmp_path: Path) -> None:
    """R12: the maker keeps five. Three cards typed (with commas, or after "keep") are
    refused with the count, and the example names cards the player holds."""
    done = cli(tmp_path, "play", "--seed", "3", "--bots", "beginner,beginner", "--save",
               str(tmp_path / "g.json"), stdin="order\ntc\ndummy\nJC, 9H, KH\nkeep jc 9h\n"
               "quit\n")
    assert done.returncode == 0, done.stderr
    example = re.search(r"keep five of your ten: type them, e.g. ((?:\S\S ){4}\S\S)",
                        done.stdout)
    assert example
    for count in (3, 2):
        assert (f"Not possible: keep takes five of your cards, not {count}: e.g. "
                f"{example.group(1)}.") in done.stdout


def test_R14_line_play_does_not_take_back_the_dummy_once_seen(tmp_path: Path) -> None:
    done = cli(tmp_path, "play", "--seed", "3", "--bots", "beginner,beginner", "--save",
               str(tmp_path / "g.json"), stdin="order\ntc\ndummy\nundo\nquit\n")
    assert done.returncode == 0, done.stderr
    assert ("Not possible: you have seen the dummy, so taking it cannot be taken back (only "
            "the maker who takes the dummy sees its cards" in done.stdout)
    assert done.stdout.count("keep five of your ten") >= 2  # still the keep, after it


def test_play_refuses_bad_options_and_bad_records(tmp_path: Path) -> None:
    assert "--bots takes two bots" in cli(tmp_path, "play", "--bots", "random").stderr
    assert "unknown bot" in cli(tmp_path, "play", "--bots", "random,grandmaster").stderr
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    result = cli(tmp_path, "play", "--resume", str(broken))
    assert result.returncode == 1 and "Cannot resume" in result.stderr
    good = tmp_path / "good.json"
    good.write_text(json.dumps(rec.to_record(Game(seed=1))), encoding="utf-8")
    nobody = cli(tmp_path, "play", "--resume", str(good))
    assert nobody.returncode == 1 and "no single seat of this game is called 'You'" in (
        nobody.stderr)
    assert cli(tmp_path, "play", "--resume", str(good), "--set", "target=5").returncode != 0


def test_play_names_the_option_at_fault(tmp_path: Path) -> None:
    """A folder for --save was 'already holds a game' (resume a folder?); --preset with
    --resume was blamed on --set; --save with --resume was silently ignored."""
    def said(run: subprocess.CompletedProcess[str]) -> str:  # the error box, one line
        return " ".join(re.sub("[│╭╮╰╯─]", " ", run.stderr).split())

    folder = cli(tmp_path, "play", "--save", str(tmp_path), stdin="quit\n")
    assert folder.returncode == 2 and "is a folder" in said(folder)
    assert "already holds a game" not in said(folder)
    save = tmp_path / "game.json"
    assert cli(tmp_path, "play", "--seed", "1", "--save", str(save), stdin="quit\n",
               ).returncode == 0
    kept = save.read_bytes()
    preset = cli(tmp_path, "play", "--resume", str(save), "--preset", "stick")
    assert preset.returncode == 2 and "--preset" in said(preset)
    assert "--set" not in said(preset)
    other = tmp_path / "other.json"
    both = cli(tmp_path, "play", "--resume", str(save), "--save", str(other), stdin="1\n")
    assert both.returncode == 2 and "--save" in said(both) and "saved back" in said(both)
    assert not other.exists() and save.read_bytes() == kept


def test_a_resumed_games_banner_names_each_bot_once(tmp_path: Path) -> None:
    """A web game's record names its bots (``Expert 1``): the banner does not say the
    level again, and says so when ``--bots`` puts another bot in a seat."""
    web = tmp_path / "web.json"
    game = Game(seed=2, players=["Ann", "Expert 1", "Expert 2"])
    game.deal()
    web.write_text(rec.dumps(game), encoding="utf-8")
    run = cli(tmp_path, "play", "--resume", str(web), "--seat", "0",
              "--bots", "expert,intermediate", stdin="quit\n")
    assert run.returncode == 0, run.stderr
    banner = run.stdout.splitlines()[1]
    assert banner.startswith("You play seat 0. Expert 1 is on your left (bidding after you); "
                             "Expert 2, on your right, is now played by intermediate.")
    assert "Expert 1 (on your left, bidding after you) is expert" not in run.stdout
    new = cli(tmp_path, "play", "--seed", "2", "--bots", "expert,random", "--save",
              str(tmp_path / "new.json"), stdin="quit\n")
    assert new.stdout.splitlines()[1].startswith(
        "You play seat 0. Left, on your left (bidding after you), is expert; Right, on your "
        "right, is random.")


def test_a_resumed_game_deals_on_from_its_seed() -> None:
    game = new_game(3)
    game.deal()
    text = rec.dumps(game)
    one, two = resumed(text, 5), resumed(text, 5)
    assert one.rng.random() == two.rng.random()
    assert resumed(text, 6).rng.random() != resumed(text, 5).rng.random()


# --- the coach -------------------------------------------------------------------------


def coached(values: dict[str, float], chosen: str) -> list[str]:
    """What the coach says of ``chosen`` when the expert values the options so."""
    from cutthroat.bots.expert import Analysis, Option

    hand, player, _ = at_first_move([])
    player.coach = True
    ranked = sorted(values.items(), key=lambda item: -item[1])
    analysis = Analysis(seat=player.seat, phase=hand.phase, samples=40,
                        reason="passing: the maker is euchred in 40% (win chance 30%, ...)",
                        options=tuple(Option(Action.parse(a), v, 0.0, 0.0) for a, v in ranked))
    player._analyse = lambda view, also=(), check=False: analysis  # type: ignore[method-assign]
    return player.coaching(player.view(), Action.parse(chosen))


def test_the_coach_speaks_only_when_the_expert_clearly_differs() -> None:
    assert coached({"pass": 0.30, "order": 0.25}, "pass") == []
    assert coached({"pass": 0.30, "order": 0.30 - COACH_MARGIN / 2}, "order") == []
    [line] = coached({"pass": 0.30, "order": 0.25}, "order")
    assert re.fullmatch(r"  Coach: the expert would pass \(on a second look: win 30% against "
                        r"25% after ordering up the "
                        r"[9TJQKA][CDHS]\)\. Why: passing: the maker is euchred in 40%\.",
                        line), line
    assert coached({"pass": 0.30}, "order") == []  # a choice not valued is not judged


def test_a_coached_game_tells_the_advice_after_the_move() -> None:
    game = new_game(11, Rules(target=3))
    player, out = table(game, random_rest=2, bots=("intermediate", "intermediate"))
    player.coach, player.hint_samples = True, 6
    assert player.play() is True
    advice = [i for i, line in enumerate(out) if line.startswith("  Coach: ")]
    assert advice
    assert all(out[i - 1].startswith("You ") for i in advice)


def test_a_terminal_shows_red_and_black_cards_and_nothing_else_changes(
        capsys: pytest.CaptureFixture[str]) -> None:
    from cutthroat.play_cli import _coloured_writer

    write = _coloured_writer(force=True)
    write("  Your cards: TC JH JO")
    write("Not possible: you must follow hearts")
    out = capsys.readouterr().out
    assert "\x1b[1;31mJH\x1b[0m" in out and "\x1b[1mTC\x1b[0m" in out
    assert "\x1b[1;31mNot possible:\x1b[0m" in out
    assert re.sub(r"\x1b\[[0-9;]*m", "", out) == (
        "  Your cards: TC JH JO\nNot possible: you must follow hearts\n")


def test_play_makes_the_folders_of_a_new_save_and_refuses_one_it_cannot_write(
        tmp_path: Path) -> None:
    nested = tmp_path / "a" / "b" / "game.json"
    made = cli(tmp_path, "play", "--bots", "random,random", "--save", str(nested), stdin="quit\n")
    assert made.returncode == 0, made.stderr
    assert rec.replay(nested.read_text(encoding="utf-8")).hands
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    refused = cli(tmp_path, "play", "--save", str(blocked / "game.json"), stdin="quit\n")
    assert refused.returncode == 1 and "Cannot save the game to" in refused.stderr


def test_a_save_that_fails_mid_game_is_reported_and_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cutthroat.session as session

    save = tmp_path / "game.json"
    game = new_game(3)
    player, out = table(game, random_rest=1, save=save)
    real = session.os.replace  # the record is written by the session
    failures = iter([True, True] + [False] * 10_000)

    def flaky(src: str, dst: str) -> None:
        if next(failures):
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(session.os, "replace", flaky)
    assert player.play() is True
    warnings = [line for line in out if line.startswith("Warning: could not save")]
    # said once for the two failures in a row (not at every move of a full disk)
    assert len(warnings) == 1 and "No space left on device" in warnings[0]
    assert rec.replay(save.read_text(encoding="utf-8")).scores == game.scores
    assert f"The expert's review of your choices: {program()} review {save}" in out


def test_a_game_stopped_while_saving_fails_is_not_said_to_be_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the disk full from some move on, stopping says the game could not be saved
    (the file holds an earlier moment), not "saved" with a command to resume it."""
    import cutthroat.session as session

    save = tmp_path / "game.json"
    game = new_game(3)
    replies = iter(["1", "1", "quit"])
    out: list[str] = []
    player = TerminalGame(game, 0, ["random", "random"], seed=1, save=save,
                          read=lambda prompt: next(replies), write=out.append)
    saves = [0]
    real = session.os.replace

    def full_after_two(src: str, dst: str) -> None:
        saves[0] += 1
        if saves[0] > 2:
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(session.os, "replace", full_after_two)
    assert player.play() is False
    assert len([line for line in out if line.startswith("Warning: could not save")]) == 1
    assert out[-1] == (f"Stopped. The game could not be saved to {save} (No space left "
                       "on device): the record there is of an earlier moment.")  # no Errno


def test_R12_the_maker_who_takes_the_dummy_sees_his_ten_cards_before_the_keep() -> None:
    """Taking the dummy and keeping five are two moves in a row of the same seat: the
    ten cards are shown between them, without having to type show."""
    for seed in range(40):
        game = new_game(seed)
        hand = game.deal()
        assert hand.to_act is not None
        if "order" not in hand.legal_texts():
            continue
        out: list[str] = []
        player = TerminalGame(game, hand.to_act, ("random", "random"), write=out.append)
        player.read = _make_then_stop_at_the_keep(player)
        assert player.play() is False
        if hand.phase is not Phase.KEEP:
            continue
        after = out[out.index("You take the dummy") + 1:]
        ten = format_cards(hand.cards(hand.to_act), hand.trump)
        assert any(line == f"  Your cards: {ten}" for line in after), out
        return
    raise AssertionError("no deal let the first bidder take the dummy")


def _make_then_stop_at_the_keep(player: TerminalGame) -> Callable[[str], str]:
    """A reader that orders, picks up, discards and takes the dummy, then stops."""
    def read(prompt: str) -> str:
        legal = player.view().legal
        for word in ("order", "dummy", "pickup"):
            if word in legal:
                return word
        if legal[0].startswith("discard"):
            return legal[0]
        raise EOFError  # the keep: stop here
    return read


def test_every_move_has_words_for_not_possible_now() -> None:
    from cutthroat.actions import Verb
    from cutthroat.errors import DOING

    assert set(DOING) == {verb.value for verb in Verb}


@pytest.mark.parametrize(("said", "meant"), [
    ("J\N{BLACK HEART SUIT}", "play JH"), ("play 9\N{WHITE HEART SUIT}", "play 9H"),
    ("10\N{BLACK SPADE SUIT}", "play TS"), ("call \N{BLACK CLUB SUIT}", "call C"),
])
def test_cards_written_with_suit_symbols_are_read(said: str, meant: str) -> None:
    """A card copied from the web page (J♥) is the card the game writes JH."""
    _, player, _ = at_first_move([])
    view = dataclasses.replace(player.view(), legal=(meant, "play AD"))
    assert str(player._action(said, view)) == meant


@pytest.mark.parametrize(("said", "legal", "meant"), [
    ("the ten of spades", ("play TS", "play AD"), "play TS"),
    ("Play the Jack of Hearts", ("play JH", "play AD"), "play JH"),
    ("10 of diamonds", ("discard TD", "discard AD"), "discard TD"),
    ("ace of diamond", ("play TS", "play AD"), "play AD"),
    ("the joker", ("play JO", "play AD"), "play JO"),
    ("right bower", ("play JD", "play JH"), "play JD"),  # trump is diamonds here
    ("the left bower", ("play JD", "play JH"), "play JH"),
])
def test_R3_cards_named_in_words_are_the_cards_they_name(said: str, legal: tuple[str, ...],
                                                        meant: str) -> None:
    """What a player says at a table ("the ten of spades", "the right bower") is the
    card the game writes (TS; the jack of trump, R3)."""
    _, player, _ = at_first_move([])
    view = dataclasses.replace(player.view(), legal=legal, trump=Suit.DIAMONDS,
                               rules=Rules(deck=25))  # (a deck with the joker in it)
    assert str(player._action(said, view)) == meant


def test_a_keep_may_name_its_cards_in_words_and_with_commas() -> None:
    _, player, _ = at_first_move([])
    view = dataclasses.replace(player.view(), legal=tuple(f"keep {i}" for i in range(252)),
                               trump=Suit.SPADES)
    said = "keep the ace of spades, king of spades, 9S, right bower, left bower"
    assert str(player._action(said, view)) == "keep JC 9S JS KS AS"


def test_a_bower_before_trump_is_made_is_refused_as_typed() -> None:
    _, player, _ = at_first_move([])
    view = dataclasses.replace(player.view(), legal=("pass", "order"), trump=None)
    with pytest.raises(CutthroatError, match="'right bower' is not a move here"):
        player._action("right bower", view)


# --- another game at the same table ------------------------------------------------------


def finished(save: Path | None = None, seed: int = 2) -> Game:
    """A game played to its end by random bots (to 3 points, R22), its record in
    ``save`` when given."""
    from cutthroat.bots import make_bot, play_game

    game = play_game(new_game(seed, Rules(target=3)), [make_bot("random", s) for s in range(3)])
    if save is not None:
        save.write_text(rec.dumps(game) + "\n", encoding="utf-8")
    return game


def test_a_seeded_sitting_deals_from_the_next_seed_and_saves_beside_the_first_record(
        tmp_path: Path) -> None:
    sitting = Sitting(seeded=True, save=tmp_path / "mine.json")
    assert [sitting.next_seed(7), sitting.next_seed(8)] == [8, 9]
    assert sitting.next_save(8) == tmp_path / "mine-2.json"
    (tmp_path / "mine-2.json").write_text("{}", encoding="utf-8")
    assert sitting.next_save(9) == tmp_path / "mine-3.json"  # never over a record
    assert Sitting(save=tmp_path / "plain").next_save(1) == tmp_path / "plain-2"


def test_a_sitting_without_a_seed_draws_a_fresh_one_and_names_each_record_for_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cutthroat.sitting as sittings

    sitting = Sitting(seeded=False, folder=tmp_path)
    assert re.fullmatch(rf"{re.escape(str(tmp_path))}/game-\d{{8}}-\d{{6}}-seed12\.json",
                        str(sitting.next_save(12)))
    monkeypatch.setattr(sittings, "new_seed", lambda: 424242)
    assert sitting.next_seed(7) == 424242
    monkeypatch.setattr(sittings, "default_save",
                        lambda seed, folder: folder / f"game-seed{seed}.json")
    assert sitting.next_save(5) == tmp_path / "game-seed5.json"
    (tmp_path / "game-seed5.json").write_text("{}", encoding="utf-8")
    assert sitting.next_save(5) == tmp_path / "game-seed5-2.json"


def test_R22_the_next_game_keeps_the_table_and_the_finished_games_record(
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game = finished(save)
    kept = save.read_bytes()
    table_ = Session(game, 0, ["random", "intermediate"], seed=5, save=save, coach=True,
                     hint_samples=3)
    lines = table_.next_game()
    new = table_.game
    assert new is not game and not new.hands and not new.is_over
    assert (new.rules, new.players, table_.seat) == (game.rules, game.players, 0)
    assert table_.specs == {1: "random", 2: "intermediate"}
    assert table_.coach and table_.hint_samples == 3
    assert (table_.seed, table_.number, table_.save) == (6, 2, tmp_path / "game-2.json")
    assert {s: bot.name for s, bot in table_.bots.items()} == {1: "random", 2: "intermediate"}
    assert save.read_bytes() == kept
    second = tmp_path / "game-2.json"
    assert rec.dumps(rec.replay(second.read_text(encoding="utf-8"))) == rec.dumps(new)
    assert lines == ["Game 2 at this table: the same bots and rules, a new deal (seed 6). "
                     f"Every move is saved to {table_.save}."]
    new.deal()  # the seed deals the game: as a new game of that seed would
    assert new.hands[0].dealt == Game(game.rules, seed=6).deal().dealt
    table_.next_game()  # the third: beside the first record, not the second's
    assert table_.save == tmp_path / "game-3.json" and table_.seed == 7


def test_the_next_game_of_a_game_not_saved_is_not_saved_either() -> None:
    table_ = Session(finished(), 0, ["random", "random"], seed=1)
    assert table_.next_game() == [
        "Game 2 at this table: the same bots and rules, a new deal (seed 2). It is not saved."]
    assert table_.save is None


def test_a_next_game_whose_record_cannot_be_written_raises_and_changes_nothing(
        tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    save = tmp_path / "game.json"
    game = finished(save)
    table_ = Session(game, 0, ["random", "random"], seed=5, save=save,
                     sitting=Sitting(save=blocked / "game.json"))
    with pytest.raises(OSError):
        table_.next_game()
    assert (table_.game, table_.seed, table_.save, table_.number) == (game, 5, save, 1)


def again_table(game: Game, answers: Iterable[str], save: Path, seed: int = 3,
                ) -> tuple[TerminalGame, list[str], list[str]]:
    """A line game that offers another game, the player choosing at random among their
    moves and answering :data:`AGAIN` with ``answers`` (then EOF); the lines written
    and the questions asked."""
    rng = random.Random(seed)
    replies = iter(answers)
    asked: list[str] = []
    out: list[str] = []

    def read(prompt: str) -> str:
        if prompt != AGAIN:
            return rng.choice(player.view().legal)
        asked.append(prompt)
        for reply in replies:
            return reply
        raise EOFError

    player = TerminalGame(game, 0, ["random", "random"], seed=seed, read=read,
                          write=out.append, save=save, again=True,
                          sitting=Sitting(save=save))
    return player, out, asked


def test_R22_the_line_game_asks_to_play_again_and_y_plays_the_next_game(
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game = new_game(3, Rules(target=3))
    save.write_text(rec.dumps(game) + "\n", encoding="utf-8")
    player, out, asked = again_table(game, ["y", "n"], save)
    assert player.play() is True
    assert asked == [AGAIN, AGAIN]
    first = rec.replay(save.read_text(encoding="utf-8"))
    second = rec.replay((tmp_path / "game-2.json").read_text(encoding="utf-8"))
    assert first.is_over and rec.dumps(first) == rec.dumps(game)
    assert second.is_over and rec.dumps(second) == rec.dumps(player.game)
    assert player.seed == 4 and not (tmp_path / "game-3.json").exists()
    ends = [i for i, line in enumerate(out) if line.startswith("\nGame over after ")]
    [told] = [i for i, line in enumerate(out) if line.startswith("\nGame 2 at this table")]
    assert len(ends) == 2 and ends[0] < told < ends[1]
    assert out[told + 2] == "Hand 1"
    second_save = tmp_path / "game-2.json"
    assert out[-1] == f"The expert's review of your choices: {program()} review {second_save}"


@pytest.mark.parametrize("answers", [[], [""], ["n"], ["nope"], ["quit"]],
                         ids=["eof", "enter", "n", "nope", "quit"])
def test_R22_anything_but_y_at_play_again_or_eof_ends_as_before(
        tmp_path: Path, answers: list[str]) -> None:
    save = tmp_path / "game.json"
    player, out, asked = again_table(finished(save), answers, save)
    assert player.play() is True
    assert asked == [AGAIN] and player.number == 1 and player.save == save
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert not any("at this table" in line for line in out)


def test_the_line_game_offers_no_other_game_unless_asked_to(tmp_path: Path) -> None:
    """Scripted or piped input (``again`` off) ends at the game's end, as it always has."""
    player, out, asked = again_table(new_game(3, Rules(target=3)), ["y"], tmp_path / "g.json")
    player.again = False
    assert player.play() is True
    assert asked == [] and out[-1].startswith("The expert's review")


def test_a_next_game_that_cannot_be_saved_is_said_and_the_line_game_ends(
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    player, out, _ = again_table(finished(save), ["y"], save)
    player.sitting = Sitting(save=blocked / "game.json")
    assert player.play() is True
    assert out[-1].startswith("Cannot start a new game: its record cannot be written (")
    assert player.number == 1


def test_play_piped_to_its_end_asks_nothing_and_ends_cleanly(tmp_path: Path) -> None:
    """Input from a pipe plays to the game's end and stops there: no question."""
    from typer.testing import CliRunner

    import cutthroat.cli as cli_module

    save = tmp_path / "game.json"
    done = CliRunner().invoke(cli_module.app, [
        "play", "--bots", "random,random", "--seed", "3", "--save", str(save),
        "--set", "target=1", "--set", "dummy=false"], input="1\n" * 400)
    assert done.exit_code == 0, done.output
    assert "Game over after " in done.output and "Play again" not in done.output
    assert done.output.rstrip().endswith(f"cutthroat review {save}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


@pytest.fixture
def line_game(monkeypatch: pytest.MonkeyPatch) -> list[TerminalGame]:
    """``cutthroat play --plain`` believes a person types at a terminal; the line game
    it makes is kept, not played."""
    from cutthroat import play_cli

    made: list[TerminalGame] = []
    monkeypatch.setattr(play_cli, "_typed_at_a_terminal", lambda: True)
    def kept(self: TerminalGame) -> bool:
        made.append(self)
        return False

    monkeypatch.setattr(TerminalGame, "play", kept)
    return made


def invoke_play(*args: str) -> str:
    """``cutthroat play --plain ARGS`` in-process; its output."""
    from typer.testing import CliRunner

    import cutthroat.cli as cli_module

    done = CliRunner().invoke(cli_module.app, ["play", "--plain", "--bots", "random,random",
                                               *args])
    assert done.exit_code == 0, done.output
    return done.output


def test_play_typed_at_a_terminal_offers_another_game_from_the_next_seed(
        tmp_path: Path, line_game: list[TerminalGame]) -> None:
    save = tmp_path / "mine.json"
    invoke_play("--seed", "9", "--save", str(save))
    [player] = line_game
    assert player.again and player.sitting == Sitting(seeded=True, save=save)
    invoke_play("--resume", str(save))
    assert line_game[1].sitting == Sitting(seeded=False, save=save)


def test_play_without_a_save_names_each_next_record_anew(
        tmp_path: Path, line_game: list[TerminalGame], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    invoke_play()
    [player] = line_game
    assert player.sitting == Sitting(seeded=False, save=None)
    assert player.save is not None and player.save.parent == Path("cutthroat-games")
    assert player.save.name.endswith(f"-seed{player.seed}.json")


# --- the bots' pace --------------------------------------------------------------------


@pytest.mark.parametrize("delay", [0.25, 0.0])
def test_the_line_games_bots_take_at_least_the_delay_and_the_player_no_pause(
        monkeypatch: pytest.MonkeyPatch, delay: float) -> None:
    import cutthroat.terminal as terminal

    slept: list[float] = []
    monkeypatch.setattr(terminal.time, "sleep", slept.append)
    game = new_game(5, Rules(target=3))
    player, _ = table(game, random_rest=5)
    player.delay = delay
    assert player.play() is True
    bot_moves = sum(1 for hand in game.hands for move in hand.moves if move.seat != 0)
    if delay:  # each bot's move waits out what is left of the delay after it chose
        assert len(slept) == bot_moves and all(0 < s <= delay for s in slept)
    else:  # --delay 0: at once
        assert slept == []


def test_a_bots_move_in_the_line_game_lasts_the_delay_on_the_clock() -> None:
    game = new_game(3)
    hand = game.deal()
    assert hand.to_act is not None
    seat = (hand.to_act + 2) % 3  # the player bids third: two bots' moves first
    player, _ = table(game, seat, ["quit"])
    player.delay = 0.1
    started = time.monotonic()
    assert player.play() is False
    assert len(hand.moves) == 2 and time.monotonic() - started >= 0.2


def test_a_piped_game_is_played_at_once_whatever_delay_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    import cutthroat.cli as cli_module
    import cutthroat.terminal as terminal

    def no_sleep(seconds: float) -> None:
        raise AssertionError("a piped game must not be paced")

    monkeypatch.setattr(terminal.time, "sleep", no_sleep)
    save = tmp_path / "game.json"
    done = CliRunner().invoke(cli_module.app, [
        "play", "--bots", "random,random", "--seed", "3", "--save", str(save), "--delay", "5",
        "--set", "target=1", "--set", "dummy=false"], input="1\n" * 400)
    assert done.exit_code == 0, done.output
    assert "Game over after " in done.output


def test_play_typed_at_a_terminal_paces_the_bots_as_delay_says(
        tmp_path: Path, line_game: list[TerminalGame]) -> None:
    from cutthroat.tui import DELAY

    for number, options in enumerate([["--delay", "1.5"], ["--delay", "0"], []]):
        invoke_play("--save", str(tmp_path / f"{number}.json"), *options)
    assert [player.delay for player in line_game] == [1.5, 0.0, DELAY]


def test_play_from_a_pipe_is_never_paced(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from cutthroat import play_cli

    made: list[TerminalGame] = []

    def kept(self: TerminalGame) -> bool:
        made.append(self)
        return False

    monkeypatch.setattr(play_cli, "_typed_at_a_terminal", lambda: False)
    monkeypatch.setattr(TerminalGame, "play", kept)
    invoke_play("--save", str(tmp_path / "game.json"), "--delay", "5")
    assert made[0].delay == 0.0 and not made[0].again


def test_the_resume_command_printed_keeps_the_players_seed(tmp_path: Path) -> None:
    """A game started with --seed stopped: the command printed carries the seed (a record
    does not hold it), so the hands still to come are dealt from it, alike each time the
    record is resumed; without --seed none is given."""
    save = tmp_path / "g.json"
    first = cli(tmp_path, "play", "--seed", "11", "--bots", "beginner,beginner", "--save",
                str(save), stdin="quit\n")
    assert first.returncode == 0, first.stderr
    command = first.stdout.strip().splitlines()[-1].split("The game is saved: ")[1]
    assert command.endswith("--bots beginner,beginner --seed 11")
    again = cli(tmp_path, *command.split()[1:], stdin="quit\n")
    assert again.returncode == 0, again.stderr
    assert "seed 11" in again.stdout and again.stdout.strip().endswith(command)
    unseeded = cli(tmp_path, "play", "--bots", "beginner,beginner", "--save",
                   str(tmp_path / "u.json"), stdin="quit\n")
    assert "--seed" not in unseeded.stdout.strip().splitlines()[-1]


def test_ctrl_c_while_a_bot_thinks_starts_the_stopped_line_on_a_line_of_its_own() -> None:
    """The terminal shows ^C where Ctrl-C was pressed: while a bot thought, 'Stopped.'
    followed it on the same line ('^CStopped. The game is saved: ...'); at the prompt
    it was already on a new one."""
    game = new_game(3)
    hand = game.deal()
    bot_seat = hand.to_act
    assert bot_seat is not None
    player, out = table(game, (bot_seat + 1) % 3)

    class Interrupted:
        name = "interrupted"

        def choose(self, view: View) -> str:
            raise KeyboardInterrupt

    player.bots[bot_seat] = Interrupted()  # type: ignore[assignment]
    assert player.play() is False
    assert out[-2:] == ["", player.stopped_line()]
    assert list(hand.moves) == []


@pytest.mark.parametrize("again", [False, True])
def test_ctrl_c_as_the_last_move_is_saved_says_the_game_is_over_not_stopped(
        tmp_path: Path, again: bool) -> None:
    """Ctrl-C in the moment between the game's last move and its save said "Stopped.
    The game is saved: ... --resume" of a game that was over: it is saved, and said to
    be over, with its winner and how to have it reviewed; no other game is offered
    (the player pressed Ctrl-C)."""
    game = new_game(5, Rules(target=1))
    save = tmp_path / "game.json"
    player, out = table(game, 0, random_rest=5, save=save)
    player.again = again
    record = player.save_record

    def interrupted(*, last: bool = False) -> str | None:
        if game.is_over and not last:  # the last move made, not yet written
            raise KeyboardInterrupt
        return record(last=last)

    player.save_record = interrupted  # type: ignore[method-assign]
    prompts: list[str] = []
    read = player.read
    player.read = lambda prompt: prompts.append(prompt) or read(prompt)  # type: ignore[func-returns-value]
    assert player.play() is True and game.is_over
    assert "Stopped" not in "\n".join(out) and AGAIN not in prompts, out[-6:]
    assert out[-2].startswith("\nGame over after ") and "Winner: " in out[-2], out[-3:]
    assert out[-1] == player.game_over_lines()[-1] and str(save) in out[-1]
    assert rec.replay(save.read_text(encoding="utf-8")).is_over  # the whole game is on disk


def test_h_and_u_are_the_tables_keys_here_too_never_a_move() -> None:
    """Line by line, ``h`` in the second round called hearts at once, where on the
    table it asks for a hint: ``h`` is the hint and ``u`` the undo in both; hearts are
    ``hearts`` or ``call H``."""
    game = new_game(3)
    hand = game.deal()
    while hand.phase is Phase.BID_FIRST:
        hand.push("pass")
    assert hand.phase is Phase.BID_SECOND and hand.to_act is not None
    player, out = table(game, hand.to_act, ["h", "quit"])
    player.hint_samples = 4
    moves = len(hand.moves)
    assert player.play() is False
    assert len(hand.moves) == moves  # h made no move: it asked for the hint
    assert re.search(r"Hint: (pass|call [CDHS]) - \S", "\n".join(out)), out
    player, out = table(game, hand.to_act, ["u", "quit"])
    assert player.play() is False
    assert len(hand.moves) < moves and "Took back" in "\n".join(out)  # u: the pass undone
    assert "(or h)" in HELP and "(or u)" in HELP


def test_a_keep_by_the_places_of_five_cards_as_the_tables_keys_pick_them() -> None:
    """Line by line a keep had to be five card names ('1 2 3 4 5' was "not a move
    here"), where the table picks them by their keys: the places in Your cards (1 to
    9, 0 the tenth) keep them too; a place twice or out of the row is refused."""
    from cutthroat.cards import sort_cards
    from strategies import hand_at_the_keep

    hand, seat = hand_at_the_keep()
    game = Game(players=seat_names(seat), first_dealer=hand.dealer)
    game.deal(hand.dealt)
    for move in hand.moves:
        game.push(move)
    player, out = table(game, seat, ["1 2 2 4 5", "keep 1 2 3", "3 4 7 9 0", "quit"])
    view = player.view()
    shown = sort_cards(view.cards, view.trump)
    assert player.play() is False
    assert game.hand is not None
    keeps = [m for m in game.hand.moves if str(m.action).startswith("keep ")]
    assert keeps and set(keeps[0].action.cards) == {shown[n] for n in (2, 3, 6, 8, 9)}
    refused = [line for line in out if line.startswith("Not possible")]
    assert len(refused) == 2 and all("five different places" in line for line in refused)


def test_R7_a_card_typed_while_bidding_is_told_cards_come_later() -> None:
    """A QA tester's finding: "10h", "ah" or "jack of hearts" at a bid were answered
    "'10h' is not a move here", where "play JH" is told that no card is played now."""
    hand, player, out = at_first_move(["10h", "A\N{BLACK HEART SUIT}", "jack of hearts",
                                       "quit"])
    assert player.play() is False and len(hand.moves) == 0
    errors = [line for line in out if line.startswith("Not possible: ")]
    assert errors == ["Not possible: you cannot play a card now: it is the first bidding "
                      "round (pass or order)."] * 3


def test_R7_R8_the_dealers_order_is_listed_as_taking_the_up_card() -> None:
    """The full-screen table's button says "pick up K♦" for the dealer's order, the
    line game said "order": it lists ``order (pick up KH)``, and "pick it up", which a
    dealer says at a table, is that order (it was refused, with "he orders it up himself
    with order (I accept)": the dealer's order is his pick-up, R8, and nothing else)."""
    game = new_game(3)
    hand = game.deal()
    while hand.to_act != hand.dealer:
        hand.push("pass")
    assert hand.dealer is not None
    player, out = table(game, hand.dealer, ["pick it up"])
    up = player.view().upcard
    assert player._prompt(player.view()).startswith(
        f"Your move: 1) pass  2) order (pick up {up})  (hint, help)")
    for said in ("pickup", f"pick up {up}", f"Pickup {str(up).lower()}"):  # the card named
        assert str(player._action(said, player.view())) == "order", said
    with pytest.raises(CutthroatError):  # another card is no pick-up of the up-card
        player._action("pick up JO" if str(up) != "JO" else "pick up 9S", player.view())
    assert player._human_move() is True
    assert str(hand.moves[-1].action) == "order" and hand.moves[-1].seat == hand.dealer
    assert not any(line.startswith("Not possible") for line in out)
    other = new_game(3)  # another seat's order is just "order"
    first = other.deal()
    assert first.to_act != first.dealer
    player, _ = table(other, first.to_act)
    assert "2) order  (hint" in player._prompt(player.view())


def test_R3_a_bower_played_is_named_as_one_in_the_moves_told() -> None:
    """A learner saw "Left plays JS" take their AS, and Left "not follow spades" with a
    spade in hand: the line game (and the full-screen table's log, which tells the same
    lines) said nothing of the bowers (a newcomer's QA pass). A bower or the joker
    played is named as one; other cards, and the replay's own lines, are as they were."""
    from cutthroat.cards import Rank

    seen: dict[str, int] = {}
    for seed in range(60):
        game = Game(Rules(deck=25) if seed % 2 else Rules(), seed=seed)
        hand = game.deal()
        while not hand.is_over:
            hand.push(hand.legal_actions()[-1])
        view = hand.view(0)
        for index, move in enumerate(view.moves):
            _, verb, *args = move.split(" ")
            if verb != "play":
                continue
            card = Card.parse(args[0])
            told = describe_move(view, index, ("You", "Left", "Right"))
            kind = ("joker" if card.is_joker else "right" if card.rank is Rank.JACK
                    and card.suit is hand.trump else "left" if card.rank is Rank.JACK
                    and card.suit is hand.trump.partner else "other")
            seen[kind] = seen.get(kind, 0) + 1
            assert told.endswith({  # (another trump played to another suit's trick
                # is "(a trump)": test_terminal_findings, R16)
                "joker": (f"{card} (the joker, the highest trump)",),
                "right": (f"{card} (the right bower, the jack of trump)",),
                "left": (f"{card} (the left bower, a trump)",),
                "other": (f" {card}", f" {card} (a trump)")}[kind]), told
    assert set(seen) == {"joker", "right", "left", "other"}, seen


def test_R8_R12_after_the_dealers_discard_his_five_cards_are_shown_before_dummy_or_alone() -> None:
    """The dealer who ordered and discarded chose the dummy or alone without his hand
    shown again: the last list he saw still held the card he had thrown away."""
    game = new_game(3)
    hand = game.deal()
    thrown = hand.cards(hand.dealer)[0]
    player, out = table(game, hand.dealer, ["order", f"discard {thrown}", "quit"],
                        bots=("beginner", "beginner"))
    player.play()
    text = "\n".join(out)
    assert "Left passes\nRight passes" in text  # (this deal: the dealer's turn comes)
    after = text.split(f"You discard {thrown} face down", 1)[1]
    assert hand.phase is Phase.MAKER_CHOICE and hand.to_act == hand.dealer
    shown = re.search(r"Your cards: (.*)\n", after)
    assert shown, after
    assert sorted(shown[1].split()) == sorted(str(c) for c in hand.view(hand.dealer).cards), after
    assert str(thrown) not in shown[1] and f"You discarded {thrown}" in after


def _every_save_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """Every save of a record fails (a full disk), and the fallback folder for a record
    that cannot be saved is ``tmp_path/elsewhere``: the record's path and that folder."""
    elsewhere = tmp_path / "elsewhere"

    def disk_full(path: Path, game: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(session_module.rec, "save", disk_full)
    monkeypatch.setattr(session_module, "fallback_folders", lambda folder: [elsewhere])
    return tmp_path / "g.json", elsewhere


def test_a_game_whose_saves_failed_is_saved_elsewhere_once_it_is_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every save of a game fails (a full disk: the game goes on, said once); once it is
    over, its record is saved to a new file in the fallback folder, and the end says
    where, with the whole game in it (terminal.py ``_play_one``: the last
    ``self._saved(last=True)`` dropped, or ``self.unsaved is not None`` negated: the
    finished game was lost, "the record there is of an earlier moment")."""
    save, elsewhere = _every_save_fails(tmp_path, monkeypatch)
    player, out = table(new_game(3), 0, random_rest=3, save=save)
    assert player.play() is True
    [moved] = elsewhere.iterdir()
    assert player.save == moved and player.unsaved is None
    assert rec.replay(moved.read_text(encoding="utf-8")).is_over
    assert rec.dumps(rec.replay(moved.read_text(encoding="utf-8"))) == rec.dumps(player.game)
    assert f"The game could not be saved to {save}, so it is saved to {moved}." in out
    assert sum("could not save the game" in line for line in out) == 2  # once, then at the end


def _play_out(session: Session) -> None:
    """Play ``session``'s game to its end: the player's first listed move each time,
    the bots' own choices."""
    game = session.game
    while not game.is_over:
        if game.needs_deal:
            game.deal()
        hand = game.hand
        assert hand is not None and hand.to_act is not None
        seat = hand.to_act
        view = game.view(seat)
        game.push(view.legal[0] if seat == session.seat else session.bot_choice(view), seat)


def test_the_next_game_at_the_table_is_played_as_its_seed_plays_it_alone() -> None:
    """With --seed S the next game at the table is dealt from S+1 and can be played
    again on its own with ``--seed S+1`` (Sitting): its bots are made anew from that
    seed, so the same moves of the player get the same game (session.py ``next_game``:
    ``self.bots = self.make_bots()`` dropped: the bots went on from game 1's draws)."""
    table_session = Session(Game(seed=3, players=seat_names(0)), 0, ["random", "random"],
                            seed=3)
    _play_out(table_session)
    table_session.next_game()
    assert table_session.seed == 4
    _play_out(table_session)
    alone = Session(Game(seed=4, players=seat_names(0)), 0, ["random", "random"], seed=4)
    _play_out(alone)
    assert rec.dumps(table_session.game) == rec.dumps(alone.game)


def test_the_next_games_record_folder_is_made_when_it_is_not_there(tmp_path: Path) -> None:
    """A next game whose record goes to a folder not there yet (the default folder of
    records, ``Sitting.folder``): the folder is made and the record written at once
    (session.py ``next_game``: ``save.parent.mkdir(parents=True, ...)`` dropped, or
    ``parents=False``: "Cannot start a new game")."""
    folder = tmp_path / "new" / "games"
    session = Session(Game(seed=3, players=seat_names(0)), 0, ["random", "random"], seed=3,
                      save=tmp_path / "first.json", sitting=Sitting(folder=folder))
    [line] = session.next_game()
    assert session.save is not None and session.save.parent == folder
    assert session.save.exists() and f"Every move is saved to {session.save}." in line


def test_a_game_stopped_while_its_saves_fail_is_saved_elsewhere_on_quit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing a player did is lost: every save fails (a full disk: the game goes on,
    said once), and the player quits; the game so far is then saved to a new file in the
    fallback folder, and the last line says where and how to resume it (terminal.py
    ``_play_one``: the ``self._saved(last=True)`` on quit dropped, or ``last=False``:
    "the record there is of an earlier moment", the moves lost)."""
    save, elsewhere = _every_save_fails(tmp_path, monkeypatch)
    game = new_game(5)
    hand = game.deal()
    player, out = table(game, hand.to_act, ["pass", "quit"], save=save)  # type: ignore[arg-type]
    assert player.play() is False
    [moved] = elsewhere.iterdir()
    assert rec.dumps(rec.replay(moved.read_text(encoding="utf-8"))) == rec.dumps(game)
    assert any(move.seat == player.seat for move in hand.moves)  # the player's pass, kept
    assert out[-1].startswith(f"Stopped. The game could not be saved to {save}, so it is "
                              f"saved to {moved}: ")
    assert "--resume" in out[-1]


def test_a_hints_key_is_said_again_with_the_first_hint_of_the_next_game() -> None:
    """The key to a hint's figures is said with the first hint of each game, the next
    game at the table included (terminal.py ``_play_again``:
    ``self._said_once, self._reading = set(), None`` dropped: game 2's hints had no key)."""
    rng = random.Random(1)
    state = {"games": 0, "hinted": False}
    holder: list[TerminalGame] = []

    def read(prompt: str) -> str:
        if prompt == AGAIN:
            state["games"] += 1
            state["hinted"] = False
            return "y" if state["games"] == 1 else "n"
        if not state["hinted"]:
            state["hinted"] = True
            return "hint"
        return rng.choice(holder[0].view().legal)

    out: list[str] = []
    player = TerminalGame(Game(Rules(target=3), seed=3, players=seat_names(0)), 0,
                          ["random", "random"], seed=1, hint_samples=4, read=read,
                          write=out.append, again=True)
    holder.append(player)
    assert player.play() is True
    keys = [n for n, line in enumerate(out) if line.startswith("Key: ")]
    [second] = [n for n, line in enumerate(out) if line.startswith("\nGame 2 at this table")]
    assert len(keys) == 2 and keys[0] < second < keys[1]


def test_an_undo_is_in_the_saved_record_at_once(tmp_path: Path) -> None:
    """Every change is written to the record at once, an undo too: while the player
    thinks over the move after an undo, the file holds the game as it is now, without
    the moves taken back (terminal.py ``_undo``: ``self._saved()`` dropped: a terminal
    closed then resumed the moves the player took back)."""
    save = tmp_path / "g.json"
    game = new_game(5)
    hand = game.deal()
    on_disk: list[str] = []

    def lines() -> Iterator[str]:
        yield "pass"
        yield "undo"
        on_disk.append(save.read_text(encoding="utf-8"))  # at the prompt after the undo
        yield "quit"

    typed = lines()
    player = TerminalGame(game, hand.to_act, ["random", "random"],  # type: ignore[arg-type]
                          read=lambda prompt: next(typed), write=lambda line: None,
                          save=save)
    assert player.play() is False
    assert len(hand.moves) == 0  # the pass and the bots' replies taken back
    assert on_disk and rec.dumps(rec.replay(on_disk[0])) == rec.dumps(game)


def test_the_bots_moves_are_in_the_saved_record_before_the_player_is_asked(
        tmp_path: Path) -> None:
    """Every move is written to the record at once, a bot's too: when the player is
    asked for a move, the file holds the bots' moves made since (terminal.py
    ``_next_move``: ``self._saved()`` after a bot's move dropped: a terminal closed
    then lost them, and the game resumed with other moves of the bots)."""
    first = Game(seed=5).deal().to_act
    assert first is not None
    seat = (first + 1) % 3  # the player bids second: one bot moves first
    save = tmp_path / "g.json"
    game = new_game(5, seat=seat)
    on_disk: list[str] = []

    def read(prompt: str) -> str:
        on_disk.append(save.read_text(encoding="utf-8"))
        raise EOFError

    player = TerminalGame(game, seat, ["random", "random"], read=read,
                          write=lambda line: None, save=save)
    assert player.play() is False
    hand = game.hand
    assert hand is not None and hand.moves and all(m.seat != seat for m in hand.moves)
    assert rec.dumps(rec.replay(on_disk[0])) == rec.dumps(game)


def test_take_back_before_the_players_first_move_is_false_and_changes_nothing() -> None:
    """Session.take_back() is ``False`` (not merely falsy) when the player has not moved
    yet in this hand, as its docstring says; undo() is then ``None``."""
    game = new_game(5)
    hand = game.deal()
    session = Session(game, hand.to_act, ["random", "random"])  # type: ignore[arg-type]
    assert session.take_back() is False
    assert session.undo() is None and len(hand.moves) == 0


def test_R22_a_game_over_after_one_hand_says_one_hand_and_its_one_winner() -> None:
    """The game's end in words, for a game of one hand (to 1 point) won by one player:
    "1 hand", not "1 hands"; "Winner: You", not "You share the win" (R22)."""
    from cutthroat.bots import make_bot, play_game

    game = play_game(new_game(2, Rules(target=1)), [make_bot("random", s) for s in range(3)])
    assert len(game.hands) == 1 and game.winners == (0,)
    assert Session(game, 0, ["random", "random"]).game_over_lines() == [
        "Game over after 1 hand. Winner: You. Final score: You 1, Left 0, Right 0."]


def test_a_finished_game_that_could_not_be_saved_anywhere_says_so_and_offers_no_review(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the disk full at the last save and nowhere else to write, the game's end says
    the record holds an earlier moment, and gives no review command for it."""
    import tempfile

    import cutthroat.session as session

    save = tmp_path / "game.json"
    game = finished(save)  # this file's helper: random bots to 3 points, seed 2
    table_ = Session(game, 0, ["random", "random"], seed=2, save=save)

    def full(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session.os, "replace", full)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temp"))  # no file in /tmp
    warning = table_.save_record(last=True)
    assert warning is not None and warning.startswith(
        f"Warning: could not save the game to {save} (No space left on device), nor to")
    lines = table_.game_over_lines()
    assert lines[0].startswith("Game over after ")
    assert lines[1:] == [f"The game could not be saved to {save} (No space left on "
                         "device): the record there is of an earlier moment."]  # no Errno


def test_a_hint_is_the_expert_on_the_hint_samples_not_the_coachs_second_look() -> None:
    """A hint (the line game's ``hint``, the table's) gives the expert's figures on the
    player's ``hint_samples`` deals, as :func:`cutthroat.bots.hints.hint` does for that
    view; the second look's budget (four times the deals, another seed) is the coach's
    only (session.py ``analyse``: ``check: bool = False`` -> ``True``, or ``if check``
    negated)."""
    from cutthroat.bots import hints

    game = Game(seed=3, players=seat_names(0))
    hand = game.deal()
    assert hand.to_act is not None
    session = Session(game, hand.to_act, ["random", "random"], hint_samples=4)
    view = session.view()
    expected = hints.hint_lines(hints.hint(view, samples=4), session.names)
    assert session.hint_lines(view) == expected
    assert session.analyse(view).samples == 4


def coached_twice(first: dict[str, float], second: dict[str, float], chosen: str) -> list[str]:
    """What the coach says of ``chosen`` when the expert values the options as ``first``
    on the hint's deals and as ``second`` on the second look's (``check``)."""
    from cutthroat.bots.expert import Analysis, Option

    hand, player, _ = at_first_move([])
    player.coach = True

    def analysis(values: dict[str, float]) -> Analysis:
        ranked = sorted(values.items(), key=lambda item: -item[1])
        return Analysis(seat=player.seat, phase=hand.phase, samples=40,
                        reason="passing: the maker is euchred in 40% (win chance 30%, ...)",
                        options=tuple(Option(Action.parse(a), v, 0.0, 0.0) for a, v in ranked))

    looks = {False: analysis(first), True: analysis(second)}
    player._analyse = lambda view, also=(), check=False: looks[check]  # type: ignore[method-assign]
    return player.coaching(player.view(), Action.parse(chosen))


def test_the_coach_speaks_only_when_the_second_look_confirms_the_mistake() -> None:
    """The coach checks a "mistake" on the second look's deals before it speaks, and gives
    that look's figures: no word when the second look finds the player's move about as
    good (a lucky draw of the hint's deals), the second look's win chances when it does
    not (session.py ``coaching``: the second ``verdict = second_opinion(...,
    check=True)`` dropped, or ``check=True`` -> ``False``)."""
    assert coached_twice({"pass": 0.30, "order": 0.25}, {"pass": 0.26, "order": 0.255},
                         "order") == []
    [line] = coached_twice({"pass": 0.30, "order": 0.25}, {"pass": 0.40, "order": 0.20},
                           "order")
    assert "(on a second look: win 40% against 20% after ordering up the " in line, line
