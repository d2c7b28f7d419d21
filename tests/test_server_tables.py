"""The web game's tables (docs/protocol.md): seats and names, moves refused with a
reason and nothing changed, and what each seat is told of the game (the hand before, a
hand's result, what its choices lead to); a seat never sees a card it may not see (R14).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from cutthroat.cards import cards_of_mask, deck_mask
from cutthroat.rules import Rules
from cutthroat.server.app import create_app
from cutthroat.server.names import NAME_MAX, free_name
from cutthroat.server.tables import Table, TableError, new_id
from server_helpers import (
    _bots_move,
    _cards_named,
    _client,
    _create,
    _finished,
    _reason,
    _state,
    _stop_servers,
)

__all__ = ["_stop_servers"]  # the fixture, used by name


# --- tables --------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "words"), [
    (["you", "expert"], "three seats"),
    (["expert", "expert", "expert"], "exactly one"),
    (["you", "you", "expert"], "exactly one"),
    (["you", "grandmaster", "expert"], "grandmaster"),
    (["you", "expert:play_sample=3", "expert"], "play_sample"),
])
def test_table_refuses_bad_seats(seats: list[str], words: str) -> None:
    with pytest.raises(TableError, match=words) as caught:
        Table.create(seats)
    assert caught.value.status == 400


def test_a_new_token_for_a_seat_replaces_the_one_before_and_can_be_taken_back() -> None:
    """``Table.new_token`` (a player who lost the answer holding their token, asking to
    play again): the new token is the seat's, the one before is no one's; the change
    taken back, the old one works again. A seat without a player has no token."""
    table = Table.create(["you", "open", "random"], seed=1)
    first = table.tokens[0]
    token, undo = table.new_token(0)
    assert token != first and table.seat_of(token) == 0 and table.tokens[0] == token
    with pytest.raises(TableError, match="not one of this game's seats"):
        table.seat_of(first)
    undo()
    assert table.seat_of(first) == 0 and table.tokens[0] == first
    with pytest.raises(TableError, match="not one of this game's seats"):
        table.seat_of(token)
    restored = Table.restore(table.id, table.stored_seats(), table.seed, table.record())
    _, undo = restored.new_token(0)  # read back: no token held in memory
    undo()
    assert restored.tokens == {} and restored.seat_of(first) == 0
    for seat in (1, 2):
        with pytest.raises(TableError, match="only a player's seat") as refused:
            table.new_token(seat)
        assert refused.value.status == 409
    assert table.stored_seats() == restored.stored_seats()


def test_table_names_and_bots_are_told_apart() -> None:
    table = Table.create(["expert", "you", "expert"], names=[None, "  Ann   Lee ", None], seed=1)
    assert [s.name for s in table.seats] == ["Expert 1", "Ann Lee", "Expert 2"]
    assert table.game.players == ("Expert 1", "Ann Lee", "Expert 2")
    with pytest.raises(TableError, match="at most 24"):
        Table.create(["you", "random", "random"], names=["x" * 25, None, None])


@pytest.mark.parametrize("name", ["\ud800", "\udc80x", "a\u0000b", "\x07bell", "\u202eevil"])
def test_names_with_broken_text_or_control_characters_are_refused(tmp_path: Path,
                                                                  name: str) -> None:
    """A name that could not be written as JSON (a lone surrogate) or that hides
    control characters is refused with a reason, and nothing is created or taken: one
    bad name must not break the game for everybody at the table."""
    with pytest.raises(TableError, match="control characters or broken text") as caught:
        Table.create(["you", "random", "random"], names=[name, None, None])
    assert caught.value.status == 400
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "open"], seed=4)
    as_json = {"content-type": "application/json"}  # escaped: \ud800 cannot be UTF-8
    answer = client.post(f"/api/games/{made['game']}/join",
                         content=json.dumps({"name": name}), headers=as_json)
    assert answer.status_code == 400 and "control characters" in _reason(answer)
    state = _state(client, made)  # the game still answers, the seat is still open
    assert state["players"][2]["kind"] == "open" and state["status"] == "waiting"
    created = client.post("/api/games", headers=as_json, content=json.dumps(
        {"seats": ["you", "random", "random"], "name": name}))
    assert created.status_code == 400 and "control characters" in _reason(created)


def test_blank_names_and_tabs_fold_into_a_default_or_spaces() -> None:
    table = Table.create(["you", "open", "open"], names=["  \t ", None, None], seed=2)
    assert table.seats[0].name == Table.create(["you", "open", "open"], seed=2).seats[0].name
    seat, _ = table.join("Ben\tLee\n")
    assert table.seats[seat].name == "Ben Lee"


def test_a_name_already_at_the_table_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """A friend who joins under a name already at the table, a player's or a bot's
    (case, spacing and compatibility forms aside), is refused with a word on what to
    do, and the seat stays open; a name of their own takes it."""
    client = _client(tmp_path)
    ann = _create(client, ["you", "open", "intermediate"], seed=4, name="Ann")
    before = _state(client, ann)
    for name, whose in (("Ann", "Ann"), ("  aNN ", "Ann"), ("\uff21nn", "Ann"),
                        ("intermediate", "Intermediate")):
        answer = client.post(f"/api/games/{ann['game']}/join", json={"name": name})
        assert answer.status_code == 409, answer.text
        assert _reason(answer) == f"{whose} is already at this table: choose another name"
        assert _state(client, ann) == before  # the seat still open, nothing dealt
    joined = client.post(f"/api/games/{ann['game']}/join", json={"name": "Annie"})
    assert joined.status_code == 200, joined.text
    names = [p["name"] for p in _state(client, ann)["players"]]
    assert names == ["Ann", "Annie", "Intermediate"]


def test_a_creator_named_as_a_bot_is_refused_and_defaults_are_told_apart() -> None:
    """The creator's name may not be a bot's at the table (400); a friend who gives no
    name gets a default one nobody at the table has."""
    with pytest.raises(TableError, match=r"^Expert 2 is already at this table") as caught:
        Table.create(["you", "expert", "expert"], names=["expert 2", None, None])
    assert caught.value.status == 400
    carried = Table.create(["you", "expert", "expert"], names=["expert 2", None, None],
                           rename=True)  # playing again: the name carried over
    assert [seat.name for seat in carried.seats] == ["expert 2 2", "Expert 1", "Expert 2"]
    table = Table.create(["you", "open", "open"], names=["Player 2", None, None], seed=1)
    table.join()
    table.join(None)
    names = [seat.name or "" for seat in table.seats]
    assert len({name.casefold() for name in names}) == 3 and names[0] == "Player 2"


def test_table_waits_for_open_seats_then_deals() -> None:
    table = Table.create(["you", "open", "open"], seed=2)
    assert table.status == "waiting" and table.game.hand is None
    assert table.state_for(0)["view"] is None
    with pytest.raises(TableError, match="waits for a player") as caught:
        table.act(0, "pass")
    assert caught.value.status == 409
    first, _ = table.join("Ben")
    assert first == 1 and table.status == "waiting"
    second, token = table.join(None)
    assert second == 2 and table.seat_of(token) == 2
    assert table.status == "playing" and len(table.game.hands) == 1
    with pytest.raises(TableError, match="no open seat") as full:
        table.join("Cal")
    assert full.value.status == 409


def test_table_tokens_are_checked_and_only_hashes_kept() -> None:
    table = Table.create(["you", "open", "random"], seed=3)
    token = table.tokens[0]
    assert table.seat_of(token) == 0
    assert token not in json.dumps(table.stored_seats())
    for bad, status in ((None, 401), ("", 401), ("guess", 403)):
        with pytest.raises(TableError) as caught:
            table.seat_of(bad)
        assert caught.value.status == status


def test_table_refuses_moves_and_changes_nothing() -> None:
    table = Table.create(["you", "random", "random"], seed=11)
    while table.bot_to_move() is not None:
        table.bot_move()
    before = table.record()
    me = table.game.to_act
    assert me == 0
    for bad in ("play", "dance", "", 7, None, "play JO", "keep 9C"):
        with pytest.raises(TableError) as caught:
            table.act(0, bad)
        assert caught.value.status == 400 and caught.value.reason
    with pytest.raises(TableError, match="not your turn") as turn:
        table.act(1, table.game.view(0).legal[0])
    assert turn.value.status == 409
    assert table.record() == before
    with pytest.raises(TableError, match="not over yet"):
        table.next_hand(0)
    with pytest.raises(TableError, match="no bot"):
        table.bot_move()


def test_R15_R16_a_refused_card_is_explained_to_its_player() -> None:
    """The engine's "seat 0 does not hold 9S" reads "you do not hold 9S" to the player."""
    for seed in range(40):
        table = Table.create(["you", "random", "random"], seed=seed)
        rng = random.Random(seed)
        hand = table.game.hand
        assert hand is not None
        while not hand.is_over and not (hand.to_act == 0 and hand.current_trick):
            if table.bot_to_move() is not None:
                table.bot_move()
            else:
                table.act(0, rng.choice(table.game.view(0).legal))
        if hand.is_over:
            continue
        stranger = next(c for c in cards_of_mask(deck_mask(table.game.rules.deck))
                        if c not in hand.cards(0))
        with pytest.raises(TableError, match=f"^you do not hold {stranger}$"):
            table.act(0, f"play {stranger}")
        return
    raise AssertionError("no deal put seat 0 on a trick")


def test_R7_a_move_of_another_phase_is_refused_in_a_player_s_words() -> None:
    """The engine's "play is not possible now: ..." reads "you cannot play a card now:
    ..." to the player who tried it."""
    table = Table.create(["random", "random", "you"], seed=3)
    while table.bot_to_move() is not None:
        table.bot_move()
    hand = table.game.hand
    assert hand is not None and hand.to_act == 2 and hand.phase.name == "BID_FIRST"
    with pytest.raises(TableError, match=r"^you cannot play a card now: it is the first "
                                         r"bidding round \(pass or order\)$"):
        table.act(2, "play 9H")
    assert table.game.hand is hand and hand.to_act == 2


def _hidden_from(table: Table, seat: int) -> set[str]:
    """The cards ``seat`` may not see now (R14)."""
    view = table.game.view(seat)
    return {str(c) for c in cards_of_mask(deck_mask(table.game.rules.deck)
                                          & ~view.seen_mask())}


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), deck=st.sampled_from([24, 25, 32]), dummy=st.booleans(),
       choices=st.randoms(use_true_random=False))
def test_R14_state_for_a_seat_or_a_watcher_never_shows_a_hidden_card(
        seed: int, deck: int, dummy: bool, choices: random.Random) -> None:
    table = Table.create(["you", "random", "open"] if seed % 2 else ["random", "you", "random"],
                         rules=Rules(deck=deck, dummy=dummy), seed=seed,
                         game_id=f"t{seed}")  # the same table each time Hypothesis runs it
    if table.status == "waiting":
        table.join("Ben")  # two players: each sees only what it may
    humans = [i for i, s in enumerate(table.seats) if s.kind == "human"]
    for _ in range(120):
        status = table.status
        for seat in humans:
            state = table.state_for(seat)
            if status == "playing":
                leaked = _cards_named(state) & _hidden_from(table, seat)
                assert not leaked, f"seat {seat} sees {leaked}"
        if status == "playing":  # a watcher, in no seat: the up-card and the cards played
            hand = table.game.hand
            public = {str(hand.upcard)} | {str(c) for t in hand.tricks for _, c in t.plays} \
                | {str(c) for _, c in hand.current_trick}
            leaked = _cards_named(table.state_for(None)) - public
            assert not leaked, f"a watcher sees {leaked}"
        if status == "over":
            break
        if status == "hand_over":
            state = table.state_for(humans[0])
            assert state["last_hand"]["deal"] == table.game.hand.dealt.to_json()
            table.next_hand(humans[0])
        elif table.bot_to_move() is not None:
            table.bot_move()
        else:
            seat = table.game.to_act
            table.act(seat, choices.choice(table.game.view(seat).legal))


def test_bot_options_only_where_the_server_allows_them(tmp_path: Path) -> None:
    table = Table.create(["you", "expert:bid_samples=8", "random"], seed=1)
    assert table.seats[1].bot == "expert:bid_samples=8"
    with pytest.raises(TableError, match="by name alone"):
        Table.create(["you", "expert:bid_samples=8", "random"], bot_options=False)
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'x.db'}", bot_options=True))
    with client:
        answer = client.post("/api/games", json={"seats": ["you", "expert:play_samples=4",
                                                           "random"]})
        assert answer.status_code == 201


def test_the_hand_before_is_told_while_the_next_is_played() -> None:
    """``previous_hand``: the hand before the one in play and its result in words, as
    ``last_hand`` said it, to each seat in its own words and to a watcher; none in the
    first hand, nor while a hand's own result is shown (``last_hand``)."""
    table = _first_hand(12, name="Zoë")
    assert all(table.state_for(s)["previous_hand"] is None for s in (0, 1, 2, None))
    ended = {s: table.state_for(s)["last_hand"]["text"] for s in (0, None)}
    table.next_hand(0)
    assert table.state_for(0)["last_hand"] is None
    assert table.state_for(0)["previous_hand"] == {"hand": 1, "text": ended[0]}
    assert table.state_for(None)["previous_hand"] == {"hand": 1, "text": ended[None]}


def test_a_finished_hand_is_told_to_each_seat_with_you_for_itself() -> None:
    """The hand-over box lists the seat's own cards under "You": its result line says
    "you" too, not the seat's name (a watcher reads every name)."""
    table = _first_hand(12, name="Zoë")
    mine = table.state_for(0)["last_hand"]["text"]
    theirs = table.state_for(None)["last_hand"]["text"]
    assert "Zoë" not in mine and re.search(r"\b[Yy]ou\b", mine)
    assert "Zoë" in theirs and not re.search(r"\b[Yy]ou\b", theirs)
    assert mine.lower() == theirs.replace("Zoë", "you").lower()


def _first_hand(seed: int, name: str = "Ann") -> Table:
    """Ann (seat 0, or ``name``: random legal moves from ``seed``) and two random bots,
    the first hand played out."""
    table = Table.create(["you", "random", "random"], seed=seed, names=[name, None, None])
    rng = random.Random(seed)
    hand = table.game.hand
    assert hand is not None
    while not hand.is_over:
        if table.bot_to_move() is not None:
            table.bot_move()
        else:
            table.act(0, str(rng.choice(hand.legal_actions())))
    return table


def test_a_hand_won_by_a_lone_defender_says_why_the_partner_who_sat_out_scores() -> None:
    """R21: when a defender alone beats the maker, the partner who sat out scores too.
    The web game's result says so after replay's own line (which stays as it is); other
    results are replay's line alone."""
    from cutthroat.render import describe_result

    table = _first_hand(5)  # Random 2 defends alone and beats Random 1: Ann sat out
    result = table.game.hands[0].result
    assert result is not None and result.alone == (1, 2) and result.euchred
    why = "too: when a defender alone beats the maker, both defenders score."
    mine = table.state_for(0)["last_hand"]["text"]
    assert mine == (describe_result(result, ["You", "Random 1", "Random 2"])
                    + f". You sat this hand out and score {why}")
    watched = table.state_for(None)["last_hand"]["text"]
    assert watched.endswith(f"(Ann +4, Random 2 +4). Ann sat this hand out and scores {why}")
    table = _first_hand(4)  # Ann defends alone and beats the maker: Random 2 sat out
    assert table.state_for(0)["last_hand"]["text"].endswith(
        f". Random 2 sat this hand out and scores {why}")
    for seed in (7, 0, 1):  # a plain euchre, a hand made, a lone defender beaten
        table = _first_hand(seed)
        result = table.game.hands[0].result
        assert result is not None
        assert table.state_for(None)["last_hand"]["text"] == describe_result(
            result, table.game.players)


def test_R7_R13_the_seat_to_decide_is_told_what_its_choices_lead_to() -> None:
    """``stakes``: the seat to act reads what its choices lead to (an order makes it the
    maker, who needs 3 tricks; going alone...), for its own phase and rules, the dealer
    in his own words; not while another seat is to act, nor a watcher, nor anybody over
    a card to play or discard."""
    from cutthroat.howto import stakes

    told = set()
    for seed in range(30):
        table = Table.create(["you", "random", "random"], seed=seed,
                             names=["Ann", None, None], rules=Rules.preset("benny"))
        rng = random.Random(seed)
        hand = table.game.hand
        assert hand is not None
        while not hand.is_over:
            said = table.state_for(0)["stakes"]
            assert table.state_for(None)["stakes"] is None
            if table.bot_to_move() is not None:
                assert said is None
                table.bot_move()
                continue
            dealer = hand.dealer == 0
            assert said == (stakes(table.game.rules, hand.phase, dealer=dealer) or None)
            if hand.phase.name in ("PLAY", "DISCARD"):
                assert said is None
            else:
                assert said and said.endswith("."), (hand.phase, said)
                told.add((hand.phase.name, dealer))
            table.act(0, str(rng.choice(hand.legal_actions())))
        assert table.state_for(0)["stakes"] is None
    assert {("BID_FIRST", True), ("BID_FIRST", False), ("BID_SECOND", False),
            ("MAKER_CHOICE", False), ("DEFENDER_CHOICE", False)} <= told, told


def test_the_state_for_a_seat_names_that_seat_and_a_watchers_names_none() -> None:
    """``state_for(seat)["seat"]`` is the seat the state is for (the page shows "You"
    and the seat's cards from it), ``None`` for a watcher; its view is that seat's."""
    table = Table.create(["you", "random", "random"], seed=12, names=["Ann", None, None])
    for seat in (0, 1, 2):
        state = table.state_for(seat)
        assert state["seat"] == seat and state["view"]["seat"] == seat
    assert table.state_for(None)["seat"] is None
    assert table.state_for(None)["view"]["seat"] is None


_URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")


def test_a_seats_token_is_long_random_text_and_a_games_id_eight_characters() -> None:
    """A seat's token is the only key to its cards and moves: 32 URL-safe characters
    (192 random bits or more: not a byte less to guess), none alike, at
    every seat, a creator's or a friend's who joins. A game's id, which anybody given it
    may watch with, is eight URL-safe characters (48 random bits), none alike."""
    tables = [Table.create(["you", "open", "open"], seed=1) for _ in range(40)]
    tokens = [table.tokens[0] for table in tables]
    tokens += [table.join("Ben")[1] for table in tables]
    assert all(len(token) >= 32 and _URL_SAFE.fullmatch(token) for token in tokens)
    assert len(set(tokens)) == len(tokens)
    ids = [table.id for table in tables] + [new_id() for _ in range(40)]
    assert all(len(game) == 8 and _URL_SAFE.fullmatch(game) for game in ids)
    assert len(set(ids)) == len(ids)


def test_a_joiner_takes_the_seat_asked_for_if_open_and_never_a_kept_one() -> None:
    """``prefer`` (a friend playing again sits where they sat from the starter) takes
    that seat even when an earlier one is open; a seat asked for that is taken, or kept
    for somebody else (``skip``), gives the first open seat that is not kept."""
    table = Table.create(["open", "you", "open"], seed=2, names=[None, "Ann", None])
    assert table.join("Ben", prefer=2)[0] == 2  # not seat 0, open before it
    assert table.join("Cal", prefer=2)[0] == 0  # taken: the first open seat
    kept = Table.create(["you", "open", "open"], seed=2, names=["Ann", None, None])
    assert kept.join("Eve", prefer=1, skip={1})[0] == 2
    with pytest.raises(TableError, match="no open seat") as refused:
        kept.join("Fay", skip={1})
    assert refused.value.status == 409 and kept.seats[1].kind == "open"


def test_table_join_refuses_a_name_at_the_table_and_coaches_nobody_unless_asked() -> None:
    """:meth:`Table.join` called as the docstring gives it: a name already at the table
    is refused (409, the seat still open) unless ``rename`` (a name carried over to a
    new game), which tells it apart by a number; the joiner is coached only if they
    ask (``coach``)."""
    table = Table.create(["you", "open", "open"], seed=2, names=["Ann", None, None])
    with pytest.raises(TableError, match="already at this table") as caught:
        table.join(" ANN ")
    assert caught.value.status == 409 and table.seats[1].kind == "open"
    seat, _ = table.join("Ben")
    assert table.seats[seat].coach is False
    seat, _ = table.join("Ann", rename=True, coach=True)
    assert table.seats[seat].name == "Ann 2" and table.seats[seat].coach is True


def test_a_friend_who_joins_is_named_in_the_game_its_record_and_its_results() -> None:
    """The name a friend joins under is the game's name for that seat at once (not
    "(open)" until the game is read back): in the record's ``players`` (RECORD.md) and
    so in each hand's result as every seat reads it."""
    table = Table.create(["you", "open", "random"], seed=3, names=["Ann", None, None])
    table.join("Ben")
    assert table.game.players == ("Ann", "Ben", "Random")
    assert table.record()["players"] == ["Ann", "Ben", "Random"]
    assert "(open)" not in str(table.state_for(0))


def test_a_seat_whose_join_could_not_be_saved_is_open_again_and_the_deal_undone() -> None:
    """A join that could not be saved is taken back (``reopen``): the seat is open, its
    token no longer opens it, and a first hand its join let be dealt is taken back, so
    the game waits and its version is as before the join (a join before the last seat
    deals nothing to take back). Once a move is made, no seat is reopened (409)."""
    table = Table.create(["you", "open", "open"], seed=2, names=["Ann", None, None])
    before = table.version
    seat, token = table.join("Ben")
    table.reopen(seat)  # nothing dealt yet: two seats were open
    assert table.seats[seat].kind == "open" and table.status == "waiting"
    assert table.version == before and seat not in table.tokens
    with pytest.raises(TableError) as stranger:
        table.seat_of(token)
    assert stranger.value.status == 403
    table.join("Ben")
    waiting = table.version
    last, _ = table.join("Cal")  # the last seat: the first hand is dealt
    assert table.status == "playing" and table.game.hand is not None
    table.reopen(last)
    assert table.game.hand is None and table.status == "waiting"
    assert table.version == waiting and table.seats[last].kind == "open"
    table.join("Cal")
    hand = table.game.hand
    assert hand is not None
    table.act(hand.to_act, str(hand.legal_actions()[0]))
    with pytest.raises(TableError, match="before the first move") as moved:
        table.reopen(last)
    assert moved.value.status == 409 and table.seats[last].kind == "human"


def test_an_undo_moves_the_version_on_never_back_to_a_number_it_has_had() -> None:
    """A move taken back still moves the version on (docs/protocol.md, "Versions"): a
    client that chose a move on a version from before the undo must find it refused,
    so the version after the undo is above every version the game has had."""
    table = Table.create(["you", "random", "random"], seed=1, names=["Ann", None, None])
    while table.bot_to_move() is not None:
        table.bot_move()
    seen = [table.version]
    hand = table.game.hand
    assert hand is not None and hand.to_act == 0
    table.act(0, str(hand.legal_actions()[0]))
    seen.append(table.version)
    while table.bot_to_move() is not None:
        table.bot_move()
        seen.append(table.version)
    assert len(seen) > 2  # the bots replied (seed 1: four moves)
    undone = table.undo(0)
    assert len(undone) == len(seen) - 1 and table.version > max(seen)


def test_a_default_name_taken_by_a_player_is_replaced_by_one_no_other_seat_would_get() -> None:
    """Seat 1's default is "Player 2"; the creator took it, so seat 1 is "Player 4",
    not "Player 3", which is seat 2's own default: two friends would otherwise be told
    apart only by who joined first."""
    table = Table.create(["you", "open", "open"], names=["Player 2", None, None], seed=1)
    table.join()
    table.join(None)
    assert [seat.name for seat in table.seats] == ["Player 2", "Player 4", "Player 3"]


def test_a_name_made_free_with_a_number_passes_over_look_alikes_and_keeps_to_the_limit() -> None:
    """A name carried into a game where it is taken gets the first free number: "ANN 3"
    is "Ann 3" to the eye, so "Ann 4"; a name of the longest length is cut to make room
    for its number, never made longer than a player could choose."""
    assert free_name("Ann", ["Ann", None]) == "Ann 2"
    assert free_name("Ann", ["Ann", "Ann 2", "\u0410NN 3"]) == "Ann 4"
    longest = "x" * NAME_MAX
    assert free_name(longest, [longest]) == "x" * (NAME_MAX - 2) + " 2"
    many = [longest] + [f"{'x' * (NAME_MAX - 1 - len(str(n)))} {n}" for n in range(2, 10)]
    made = free_name(longest, many)
    assert made == "x" * (NAME_MAX - 3) + " 10" and len(made) == NAME_MAX
    assert free_name("Ben", ["Ann", None]) == "Ben"


def test_a_finished_game_deals_no_next_hand_and_takes_no_stand_in() -> None:
    """Once the game is over, "next" is refused as such (409, "the game is over", not
    "the hand is not over yet"), and so are a bot to play for a player, a move and an
    undo (409): nothing changes."""
    table = _finished(3)
    assert table.status == "over"
    before, seats = table.record(), table.stored_seats()
    with pytest.raises(TableError, match=r"^the game is over$") as dealt:
        table.next_hand(0)
    assert dealt.value.status == 409
    with pytest.raises(TableError, match=r"^the game is over$") as stood:
        table.stand_in(0, 0)
    assert stood.value.status == 409
    with pytest.raises(TableError, match=r"^the game is over$") as moved:
        table.act(0, "pass")
    assert moved.value.status == 409
    with pytest.raises(TableError, match=r"^the hand is over and its cards have been "
                                         "shown: its moves can no longer be taken back$"):
        table.undo(0)
    assert table.record() == before and table.stored_seats() == seats


def test_a_stand_in_is_refused_409_for_an_open_seat_or_while_the_game_waits() -> None:
    """A bot may stand in for nobody at an open seat, nor before the game has begun
    (a seat still open): both are "not now" (409), said in words, nothing changed."""
    table = Table.create(["you", "open", "open"], seed=2, names=["Ann", None, None])
    table.join("Ben")
    before = table.stored_seats()
    with pytest.raises(TableError, match=r"^that seat is open: nobody sits there") as empty:
        table.stand_in(0, 2)
    assert empty.value.status == 409
    with pytest.raises(TableError, match=r"^the game waits for a player to join$") as early:
        table.stand_in(0, 1)
    assert early.value.status == 409
    assert table.stored_seats() == before and table.seats[1].standin is None


def test_a_bots_move_out_of_its_turn_is_refused_409_and_changes_nothing() -> None:
    """``bot_move`` when no bot is to move, and ``apply_bot`` for a seat whose turn it
    is not (a bot's choice made in a thread while the game moved on), are refused
    (409, naming whose turn it is not) and change nothing."""
    table = Table.create(["you", "random", "random"], seed=11, names=["Ann", None, None])
    _bots_move(table)
    hand = table.game.hand
    assert hand is not None and hand.to_act == 0
    before = table.record()
    with pytest.raises(TableError, match=r"^no bot is to move$") as idle:
        table.bot_move()
    assert idle.value.status == 409
    for seat, name in ((0, "Ann"), (1, "Random 1")):
        with pytest.raises(TableError, match=rf"^it is not the turn of {name}$") as late:
            table.apply_bot(seat, hand.legal_actions()[0])
        assert late.value.status == 409
    assert table.record() == before


def test_a_move_once_the_hand_is_over_is_told_to_deal_the_next_one_first() -> None:
    """A move sent after the hand ended (its result shown) is refused as "not now"
    (409), and the player reads what to do: deal the next hand first."""
    table = _first_hand(12)
    assert table.status == "hand_over"
    before = table.record()
    with pytest.raises(TableError, match=r"^the hand is over: deal the next one first$") as late:
        table.act(0, "pass")
    assert late.value.status == 409 and table.record() == before


def test_a_missing_or_strange_token_is_told_in_words() -> None:
    """No token (401) and a token of no seat here (403) each say which it is."""
    table = Table.create(["you", "open", "random"], seed=3)
    with pytest.raises(TableError, match=r"^a seat's token is needed$") as missing:
        table.seat_of("")
    assert missing.value.status == 401
    with pytest.raises(TableError, match=r"^that token is not one of this game's seats$") as odd:
        table.seat_of("guess")
    assert odd.value.status == 403


def test_the_version_is_counted_as_the_protocol_says() -> None:
    """docs/protocol.md, "The state for a seat": the version is the count of seats
    taken, hands dealt and moves made, plus twice the moves ever taken back: joining the
    last open seat deals the first hand (v2 to v4), and an undo of N moves takes N off
    the count and adds 2N (up by N)."""
    table = Table.create(["you", "open", "random"], seed=1, names=["Ann", None, None])
    assert table.version == 2  # Ann's seat and the bot's
    table.join("Ben")
    assert table.version == 4  # Ben's seat, and the first hand dealt
    hand = table.game.hand
    assert hand is not None
    if table.bot_to_move() is not None:
        table.bot_move()
    else:
        table.act(hand.to_act, str(hand.legal_actions()[0]))
    assert table.version == 5  # a move
    solo = Table.create(["you", "random", "random"], seed=1, names=["Ann", None, None])
    _bots_move(solo)
    solo.act(0, str(solo.game.view(0).legal[0]))
    _bots_move(solo)
    before = solo.version
    undone = solo.undo(0)
    assert solo.version == before + len(undone)


def test_no_seat_is_reopened_once_a_hand_has_been_played() -> None:
    """``reopen`` gives back only a seat joined before the first move: in the second
    hand, even before its first move, the seat stays its player's (409) and the hand
    stays dealt."""
    table = _first_hand(12)
    table.next_hand(0)
    hand = table.game.hand
    assert hand is not None and not hand.moves and len(table.game.hands) == 2
    with pytest.raises(TableError, match="before the first move") as late:
        table.reopen(0)
    assert late.value.status == 409
    assert table.seats[0].kind == "human" and table.game.hand is hand


def test_a_seat_reopened_takes_its_name_out_of_the_game_record() -> None:
    """A join that could not be saved is taken back whole: the record's ``players``
    (what a restart would read, and each result's words) no longer name the joiner."""
    table = Table.create(["you", "open", "open"], seed=2, names=["Ann", None, None])
    seat, _ = table.join("Ben")
    assert table.record()["players"][seat] == "Ben"
    table.reopen(seat)
    assert table.record()["players"] == ["Ann", "(open)", "(open)"]


def test_a_table_made_without_coach_coaches_nobody() -> None:
    """:meth:`Table.create` as its docstring gives it: the creator's seat is coached
    by the expert only with ``coach`` (the players' list says so to every seat)."""
    plain = Table.create(["you", "random", "random"], seed=1)
    assert plain.seats[0].coach is False and plain.players_json()[0]["coach"] is False
    coached = Table.create(["you", "random", "random"], seed=1, coach=True)
    assert coached.players_json()[0]["coach"] is True


def test_a_tables_own_seed_is_drawn_from_all_63_bit_numbers() -> None:
    """Without a seed the cards come from 63 random bits (``SEEDS``): never a seed that
    every such game shares, never one past a database's 64-bit integer, and drawn from
    the whole range (40 draws all below 2**62 would happen once in 2**40 runs)."""
    seeds = [Table.create(["you", "random", "random"]).seed for _ in range(40)]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed < 2**63 for seed in seeds)
    assert any(seed >= 2**62 for seed in seeds)


def test_a_bot_is_always_connected_and_a_player_only_with_a_page_open() -> None:
    """docs/protocol.md, "The state for a seat": each seat's ``connected``: a bot always
    is; a player only while a page of their seat is open; an open seat never."""
    table = Table.create(["you", "expert", "open"], seed=1, names=["Ann", None, None])
    assert [p["connected"] for p in table.players_json()] == [False, True, False]
    assert [p["connected"] for p in table.players_json(connected=[0])] == [True, True, False]
