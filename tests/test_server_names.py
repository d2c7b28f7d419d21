"""The names players take and the lines they say at the web game's tables
(``cutthroat.server.names``): the limits docs/protocol.md gives, at their edges; the
look-alikes told apart or taken for one; the names the table makes (a default one, one
carried into a new game with a number after it), which must be names a player could
have chosen."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cutthroat.server.chat import clean_line
from cutthroat.server.names import (
    NAME_MAX,
    clean_name,
    clean_text,
    default_name,
    free_name,
    same_name,
    shown_name,
    shows_nothing,
)
from cutthroat.server.tables import Table, TableError
from server_helpers import _client, _create, _reason, _state, _stop_servers

__all__ = ["_stop_servers"]  # the fixture, used by name

_SCOTLAND = "\U0001f3f4" + "".join(chr(0xE0000 + ord(c)) for c in "gbsct") + "\U000e007f"


def test_a_letter_may_carry_eight_marks_and_no_more() -> None:
    """docs/protocol.md refuses "a letter carrying more than 8 accents or other marks":
    eight are taken, in a name and in a line of talk (at the very start of a line too,
    where they stand on no letter), a ninth is refused; a record's name keeps eight
    marks and leaves out the ninth."""
    eight, nine = "a" + "\u0301" * 8, "a" + "\u0301" * 9
    assert clean_line(eight) == eight
    assert clean_line("\u0301" * 8 + "x") == "\u0301" * 8 + "x"
    table = Table.create(["you", "open", "random"], names=[eight, None, None])
    assert table.seats[0].name == eight
    for text in (nine, "\u0301" * 9 + "x"):
        with pytest.raises(TableError, match="at most 8 accents or other marks"):
            clean_line(text)
    with pytest.raises(TableError, match="at most 8 accents or other marks"):
        Table.create(["you", "open", "random"], names=[nine, None, None])
    assert shown_name("Ann" + "\u0301" * 9) == "Ann" + "\u0301" * 8


def test_a_records_name_is_shown_whole_up_to_48_characters() -> None:
    """docs/protocol.md: a record's names are shown "at most 48 characters": 48 whole,
    49 cut to 47 and an ellipsis."""
    assert shown_name("x" * 48) == "x" * 48
    assert shown_name("y" * 49) == "y" * 47 + "…"


@pytest.mark.parametrize("text", ["\ufdff", "\ufe10"])
def test_the_characters_beside_the_variation_selectors_show(text: str) -> None:
    """The variation selectors U+FE00-U+FE0F show as nothing; their neighbours, an
    Arabic ligature (U+FDFF) and a vertical comma (U+FE10), show: a line of one of them
    is taken, and a name ending in one is not the name without it."""
    assert clean_line(text) == text
    assert not same_name("Ann" + text, "Ann")
    table = Table.create(["you", "open", "random"], names=["Ann", None, None])
    seat, _ = table.join("Ann" + text)
    assert table.seats[seat].name == "Ann" + text


def test_the_emoji_blocks_end_where_unicode_puts_them() -> None:
    """A code point this Python's Unicode does not know is a newer emoji only inside
    the emoji blocks (U+1F000-U+1FAFF): the last of them, not yet assigned, is taken;
    the one just before them (U+1EFFF, no emoji block) is refused."""
    assert clean_line("\U0001faff") == "\U0001faff"
    with pytest.raises(TableError, match="control characters or broken text"):
        clean_line("\U0001efff")


def test_text_folding_short_is_taken_up_to_its_raw_bound_and_refused_past_it() -> None:
    """The raw bound before cleaning (1,056 characters for a line of 200, 352 for a
    name of 24): text of exactly that many that folds short is taken, one character
    more is refused, in the words of a line or name too long."""
    line = "hi" + " " * 1049 + "there"
    assert len(line) == 1056 and clean_line(line) == "hi there"
    with pytest.raises(TableError, match="at most 200 characters long"):
        clean_line(line + " ")
    name = "Ann" + " " * 349
    made = Table.create(["you", "random", "random"], names=[name, None, None])
    assert len(name) == 352 and made.seats[0].name == "Ann"
    with pytest.raises(TableError, match="at most 24 characters long"):
        Table.create(["you", "random", "random"], names=[name + " ", None, None])


def test_names_alike_only_one_way_round_are_not_taken_for_one(tmp_path: Path) -> None:
    """"Ian" and "Lan" differ (a capital I, a capital L), though each passes for "lan"
    one way of comparing: each name is compared with the other's key of the same kind,
    whichever sat first. "AIice" and "Alice" pass for one either way round."""
    client = _client(tmp_path)
    for first, second in (("Ian", "Lan"), ("Lan", "Ian")):
        assert not same_name(first, second)
        made = _create(client, ["you", "open", "random"], name=first)
        joined = client.post(f"/api/games/{made['game']}/join", json={"name": second})
        assert joined.status_code == 200, joined.text
        assert [p["name"] for p in _state(client, made)["players"]][:2] == [first, second]
    assert same_name("AIice", "Alice") and same_name("Alice", "AIice")


@pytest.mark.parametrize(("seated", "name"), [
    ("Bob", "\u0184ob"),  # a Latin capital tone six, drawn as a small b: "bob"
    ("sam", "\u054fam"),  # an Armenian capital tiwn, drawn as an S: "Sam"
])
def test_a_look_alike_of_the_name_in_another_case_is_refused(tmp_path: Path, seated: str,
                                                             name: str) -> None:
    """A character that passes for a letter is read as that letter's whole group of
    look-alikes, the ASCII letter standing for it: "Ƅob" passes for "bob", which is
    "Bob" with case ignored."""
    assert same_name(name, seated) and same_name(seated, name)
    client = _client(tmp_path)
    made = _create(client, ["you", "open", "random"], name=seated)
    answer = client.post(f"/api/games/{made['game']}/join", json={"name": name})
    assert answer.status_code == 409, answer.text
    assert _reason(answer) == f"{seated} is already at this table: choose another name"


_NAMES = st.text(st.characters(codec="utf-8"), max_size=30)


@settings(max_examples=200, deadline=None)
@given(_NAMES, _NAMES)
def test_names_are_alike_both_ways_round_and_a_name_is_its_own(one: str, other: str) -> None:
    """same_name is symmetric, and a cleaned name is the same as itself; a name
    cleaned never shows as nothing (a blank one is the fallback), and cleaning it again
    changes nothing."""
    assert same_name(one, other) == same_name(other, one)
    try:
        name = clean_name(one, "Player 1")
    except TableError as exc:
        assert exc.status == 400 and str(exc)
        return
    assert same_name(name, name) and not shows_nothing(name)
    assert 0 < len(name) <= NAME_MAX and clean_name(name, "Player 1") == name


def test_default_names_skip_every_player_n_taken() -> None:
    """Seat 1's default is "Player 2"; with "Player 2" and "Player 4" taken it is the
    next free one, "Player 5" (docs/protocol.md: "the next Player N nobody at the table
    has"), not one further on, and the search ends."""
    table = Table.create(["you", "open", "open"], names=["Player 2", None, None], seed=1)
    table.join("Player 4", prefer=2)
    seat, _ = table.join()
    assert seat == 1 and table.seats[1].name == "Player 5"
    assert default_name(1, ["Player 2", "Player 4", "Player 5", None]) == "Player 6"


_CLEAN = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cf", "Cs", "Co",
                                                                  "Cn", "Mn", "Me")),
                 min_size=1, max_size=NAME_MAX).map(lambda s: " ".join(s.split())).filter(bool)


@settings(max_examples=150, deadline=None)
@given(_CLEAN, st.lists(st.one_of(st.none(), _CLEAN), max_size=4), st.integers(0, 2))
def test_a_name_made_free_or_by_default_passes_for_none_taken(
        name: str, taken: list[str | None], seat: int) -> None:
    """A name the table makes (a taken one with a number after it, a default one) is
    at most 24 characters and passes for none of the names taken."""
    made = free_name(name, [name, *taken])
    assert len(made) <= NAME_MAX
    assert not any(same_name(made, other) for other in [name, *taken] if other is not None)
    made = default_name(seat, taken)
    assert not any(same_name(made, other) for other in taken if other is not None)


@pytest.mark.parametrize(("name", "made"), [
    ("a" * 21 + " bc", "a" * 21 + " 2"),  # not "a..a  2": two spaces, shown as one
    ("a" * 20 + "\U0001f468\u200d\U0001f469x", "a" * 20 + "\U0001f468 2"),  # no joiner left
    ("a" * 17 + _SCOTLAND, "a" * 17 + "\U0001f3f4 2"),  # no tags left after the flag
    ("Ann", "Ann 2"),
])
def test_a_name_made_free_with_a_number_is_one_a_player_could_choose(name: str,
                                                                     made: str) -> None:
    """A long name carried into a game where it is taken is cut to make room for its
    number, where what is left is a name clean_text takes as it is: not inside an emoji
    sequence or a flag (a joiner or tags joining nothing), without a run of two spaces
    (which the page shows as one)."""
    assert clean_text(name, what="a name", limit=NAME_MAX) == name
    assert free_name(name, [name]) == made
    assert clean_text(made, what="a name", limit=NAME_MAX) == made


def test_a_name_cut_for_its_number_cannot_sit_beside_its_look_alike() -> None:
    """A player playing again whose name is taken gets it with a number; a newcomer
    may not then take a name that reads the same on the page."""
    long = "a" * 21 + " bc"
    table = Table.create(["you", "open", "open"], names=[long, None, None], seed=1)
    seat, _ = table.join(long, rename=True)  # playing again, the same name carried
    assert table.seats[seat].name == "a" * 21 + " 2"
    with pytest.raises(TableError, match="already at this table"):
        table.join("a" * 21 + " 2")


@pytest.mark.parametrize(("seated", "name"), [
    ("Bob", "B0b"), ("Ross", "R0SS"), ("Bill", "Bi11"), ("lan", "Ian"), ("Alice", "AIice"),
])
def test_a_digit_that_passes_for_a_letter_passes_for_it_in_either_case(
        seated: str, name: str) -> None:
    """A zero passes for an O and a one for an I or an l, whatever the case of the
    letters around them: "B0b" may not sit beside "Bob". Each group of look-alikes is
    read as its ASCII letter, so case is ignored the same way for all of them. A
    capital I and a capital L still differ ("Ian" and "Lan":
    test_names_alike_only_one_way_round_are_not_taken_for_one)."""
    assert same_name(name, seated) and same_name(seated, name)
    table = Table.create(["you", "open", "open"], names=[seated, None, None], seed=1)
    with pytest.raises(TableError, match=f"{seated} is already at this table"):
        table.join(name)


def test_a_musical_null_notehead_shows_as_nothing_in_a_name() -> None:
    """U+1D159, the null notehead of musical symbols, is drawn as nothing by the fonts
    that have it: a name holding it is refused (it would look like "Ann"), the name
    with it passes for the name without it, and a line of talk keeps it (a line is
    refused only when it shows nothing at all)."""
    with pytest.raises(TableError, match="characters that show as nothing"):
        clean_name("Ann\U0001d159", "Player 1")
    assert same_name("Ann\U0001d159", "Ann")
    assert shows_nothing("\U0001d159")
    assert clean_line("la \U0001d159 la") == "la \U0001d159 la"
