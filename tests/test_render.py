"""What the terminal shows of a hand (cutthroat.render): the lines of a seat's view
that a mutation pass found untested, each checked in every view of many random hands
where it can come up (the buried cards, a lone maker, the tricks taken, the
dealer's cards under a blind trump) and the names of two players called alike."""

from __future__ import annotations

from collections.abc import Iterator

from cutthroat import Phase
from cutthroat.bots import RandomBot
from cutthroat.render import describe_view, format_cards, telling_apart
from cutthroat.state import Hand
from cutthroat.terminal import seat_names
from cutthroat.views import View


def _views(deals: int) -> Iterator[tuple[Hand, View]]:
    """Every view of the seat to act, in ``deals`` hands played by random bots (seeded,
    the dealer going round), and last each hand's end as its dealer sees it."""
    for seed in range(deals):
        hand = Hand.deal(seed=seed, dealer=seed % 3)
        bots = [RandomBot(seed * 3 + s) for s in range(3)]
        while hand.to_act is not None:
            view = hand.view(hand.to_act)
            yield hand, view
            hand.push(bots[hand.to_act].choose(view), hand.to_act)
        yield hand, hand.view(hand.dealer)


def _shown(view: View) -> list[str]:
    """The lines the terminal shows the view's seat."""
    return describe_view(view, seat_names(view.seat))


def test_r6_the_dealers_empty_hand_is_not_said_to_be_face_down_outside_the_blind_trump(
        ) -> None:
    """"Your cards: face down until you have named trump" is for the dealer under a
    turned-up joker only (R6): a dealer whose cards are all played (the hand over) is
    not told his cards are face down and that he is to name trump."""
    ends = [view for _, view in _views(20) if view.phase is Phase.OVER and not view.cards]
    assert ends
    for view in ends:
        assert not any("face down until" in line for line in _shown(view)), _shown(view)


def test_r12_the_table_tells_a_seat_the_cards_it_buried_and_only_when_it_buried_some(
        ) -> None:
    """After keeping five of ten (the dummy taken, R12) a player sees "You buried ..."
    with the cards he put away; a seat that buried nothing is never shown an empty "You
    buried" line."""
    buried = 0
    for _, view in _views(60):
        told = [line for line in _shown(view) if line.startswith("You buried")]
        if view.buried:
            buried += 1
            assert told == [f"You buried {format_cards(view.buried, view.trump)}"]
        else:
            assert told == [], _shown(view)
    assert buried > 0


def test_r12_the_trump_line_says_alone_exactly_when_the_maker_went_alone() -> None:
    """"Trump: hearts, made by Left (alone)" tells every seat that the maker plays
    without the dummy (R12): said of a maker who took the dummy, or left out for one who
    went alone, the player misreads how many tricks the maker can take."""
    seen = {True: 0, False: 0}
    for _, view in _views(80):
        if view.trump is not None and view.maker is not None:
            [line] = [line for line in _shown(view) if line.startswith("Trump:")]
            alone = view.maker in view.alone
            seen[alone] += 1
            assert ("(alone" in line) == alone, line
    assert seen[True] > 0 and seen[False] > 0


def test_the_tricks_taken_are_shown_in_trick_play_and_not_before() -> None:
    """Once the cards are played the whole table says "Tricks: You 2, Left 1, Right 0":
    the count a player needs to know whether the maker can still make it. Before trick
    play there are no tricks to count, and no such line."""
    seen = {True: 0, False: 0}
    for _, view in _views(30):
        if view.trump is not None and view.maker is not None:
            playing = view.phase >= Phase.PLAY
            seen[playing] += 1
            assert any(line.startswith("Tricks: ") for line in _shown(view)) == playing
    assert seen[True] > 0 and seen[False] > 0


def test_two_players_of_one_name_are_told_apart_by_their_seats() -> None:
    """A record may name two players alike ("Ann" twice): a replay that printed both as
    "Ann" would leave the reader unable to say who took a trick or scored."""
    assert telling_apart(["Ann", "Ann", "Bob"]) == ("Ann (seat 0)", "Ann (seat 1)",
                                                    "Bob (seat 2)")
    assert telling_apart(["Ann", "Bob", "Cal"]) == ("Ann", "Bob", "Cal")
