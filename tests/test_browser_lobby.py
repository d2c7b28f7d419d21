"""The lobby, and starting or joining a game from it, end to end in Chromium: the way
to "How to play" and the rules it explains, the join page (who invites, a game full,
over or unknown), a game address without a seat, this browser's games listed with
their score, a seed refused for a friend's game, and a lobby that waits for its bots."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from browser_helpers import (
    Pages,
    _finished_game_of_two,
    browser,
    card_text,
    create_game,
    my_cards,
    pages,
    server,
    state,
    wait_for_turn,
)

__all__ = ["browser", "pages", "server"]  # the fixtures, used by name


def test_the_lobby_points_a_newcomer_to_how_to_play(server: str, pages: Pages) -> None:
    """A first-time player found "How to play" as a small pill in the header: the lobby
    says where to start, and its link opens the rules."""
    page = pages.new()
    page.goto(server + "/")
    expect(page.locator("#newcomer")).to_contain_text("New to cutthroat euchre?")
    page.click("#newcomer-rules")
    expect(page.locator("#how-to-play")).to_be_visible()
    expect(page.locator("#help-body h3").first).to_have_text("The deal")


def test_a_game_address_without_a_seat_offers_to_join_only_where_a_seat_is_open(
        server: str, pages: Pages) -> None:
    """/?game=ID in a browser that holds no seat there: "Join it" where a seat is open;
    a full game offers to watch it alone (the join page then only said it was full)."""
    maker = pages.new()
    full = create_game(maker, server, left="random", right="random")
    inviting = create_game(maker, server, left="random", right="open")
    stranger = pages.new()
    stranger.goto(f"{server}/?game={inviting}")
    expect(stranger.locator("#no-seat")).to_be_visible()
    expect(stranger.locator("#no-seat-join")).to_have_text("Join it")
    assert stranger.get_attribute("#no-seat-join", "href") == f"/?join={inviting}"
    stranger.goto(f"{server}/?game={full}")
    expect(stranger.locator("#no-seat")).to_be_visible()
    expect(stranger.locator("#no-seat-join-item")).to_be_hidden()
    expect(stranger.locator("#no-seat-watch")).to_be_visible()


def test_a_friend_joins_and_sees_only_their_cards(server: str, pages: Pages) -> None:
    ann = pages.new()
    create_game(ann, server, left="random", right="open")
    expect(ann.locator("#status")).to_contain_text("waiting")
    link = ann.locator("#join-link").inner_text()
    assert "/?join=" in link
    ben = pages.new()
    ben.goto(link)
    ben.fill("#join-name", "Ben")
    ben.click("#join-button")
    ben.wait_for_url("**/?game=*")
    hands = {}
    for page, other in ((ann, "Ben"), (ben, "Ann")):
        expect(page.locator("#status[data-status=playing]")).to_have_count(1)
        expect(page.locator("#waiting")).to_be_hidden()
        expect(page.locator("#hand button[data-card]")).to_have_count(5)
        expect(page.locator("#table .seats")).to_contain_text(other)
        expect(page.locator("#undo-button")).to_be_hidden()  # not with another player
        hands[id(page)] = my_cards(page)
    assert state(ann)["seat"] != state(ben)["seat"]
    assert not set(hands[id(ann)]) & set(hands[id(ben)])
    # Neither page shows the other's cards: no play can happen before both have bid.
    for page, other in ((ann, ben), (ben, ann)):
        text = page.locator("body").inner_text()
        for code in hands[id(other)]:
            assert card_text(code) not in text, f"{code} of the other seat is shown"
            assert page.locator(f'[data-card="{code}"]').count() == 0
        assert state(page)["view"]["current_trick"] == []
    # The game is full now: the join page says so before asking for a name, and
    # offers to watch it.
    late = pages.new()
    late.goto(link)
    expect(late.locator("#join-intro")).to_have_text(
        f"Game {state(ann)['game']} has no open seat left: every seat is taken.")
    expect(late.locator("#join-form")).to_be_hidden()
    expect(late.locator("#join-watch")).to_be_visible()
    assert late.get_attribute("#join-watch", "href") == f"/?watch={state(ann)['game']}"


def test_the_join_page_says_who_invites_or_why_the_game_cannot_be_joined(
        server: str, pages: Pages) -> None:
    """/?join=ID looks the game up first: who invites, to what rules and with whom; an
    unknown game or a finished one says so, with no form to fill in for nothing."""
    ann = pages.new()
    game = create_game(ann, server, left="random", right="open", rules="short")
    ben = pages.new()
    ben.goto(f"{server}/?join={game}")
    rules_text = state(ann)["rules_text"]
    assert "to 5" in rules_text  # the short game's rules, whatever the record calls them
    expect(ben.locator("#join-intro")).to_have_text(
        f"Ann invites you to game {game} (rules: {rules_text}). You would play"
        " with Ann and Random (a bot).")
    expect(ben.locator("#join-form")).to_be_visible()

    pages.allowed.append("status of 404")  # Chromium logs the request for no game
    ben.goto(f"{server}/?join=nosuchgame")
    expect(ben.locator("#join-intro")).to_contain_text("There is no game nosuchgame")
    expect(ben.locator("#join-form")).to_be_hidden()
    expect(ben.locator("#join-watch")).to_be_hidden()

    over, _, _ = _finished_game_of_two(server, ben)
    ben.goto(f"{server}/?join={over}")
    expect(ben.locator("#join-intro")).to_have_text(f"Game {over} is over: it cannot be joined.")
    expect(ben.locator("#join-form")).to_be_hidden()
    assert ben.get_attribute("#join-watch", "href") == f"/?replay={over}"


def test_how_to_play_explains_the_game_for_the_rules_in_force(server: str,
                                                              pages: Pages) -> None:
    """A newcomer finds the rules in short from the lobby, for the preset chosen there,
    and at a table for that game's rules (R2, R6, R7-R12, R17, R19-R22)."""
    page = pages.new()
    page.goto(server + "/")
    expect(page.locator("#seat1 option[value=random]")).to_have_count(1)
    page.click("#help-button")
    dialog = page.locator("#how-to-play")
    expect(dialog).to_be_visible()
    for words in ("right bower", "orders up", "dummy", "euchred", "each defender scores 2",
                  "reaches 10 points"):
        expect(dialog).to_contain_text(words)
    expect(page.locator("#help-game-rules")).to_have_text(
        "24 cards, dummy, march 3, to 10, ties play on")
    assert "joker is" not in page.locator("#help-body").inner_text()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.select_option("#rules", "benny")  # the lobby's choice of rules
    page.click("#help-button")
    expect(dialog).to_contain_text("the joker is highest")
    page.click("#help-close")
    expect(dialog).to_be_hidden()
    create_game(page, server, rules="short", seed=2)
    page.click("#help-button")
    expect(page.locator("#help-game-rules")).to_have_text(state(page)["rules_text"])
    expect(dialog).to_contain_text("reaches 5 points")
    page.click("#help-close")
    expect(dialog).to_be_hidden()


def test_the_lobby_lists_this_browsers_games_with_score_and_whose_move(server: str,
                                                                       pages: Pages) -> None:
    """Back in the lobby, a player finds the games this browser holds a seat in, each
    with its players, score and what it waits for (their move first), a finished one
    with who won (R22), and may forget one the server no longer has."""
    page = pages.new()
    finished, ann, _ben = _finished_game_of_two(server, page)
    playing = create_game(page, server, seed=3, name="Cleo")
    wait_for_turn(page)
    page.goto(server + "/")
    page.evaluate("([g, t]) => localStorage.setItem(`cutthroat:token:${g}`, t)",
                  [finished, ann["token"]])
    page.evaluate("localStorage.setItem('cutthroat:token:gone1234', 'no-such-token')")
    pages.allowed.append("404")  # the gone game's state is refused, as the page shows
    page.reload()
    items = page.locator("#my-games-list li")
    expect(items).to_have_count(3)
    first = items.nth(0)  # the game waiting for this player's move comes first
    assert first.get_attribute("data-game") == playing
    expect(first).to_contain_text("Cleo (you) 0")
    expect(first.locator(".game-news")).to_have_text("your move")
    wanted = page.request.post(f"{server}/api/games", data={
        "name": "Dee", "seats": ["you", "open", "random"]}).json()
    page.evaluate("([g, t]) => localStorage.setItem(`cutthroat:token:${g}`, t)",
                  [wanted["game"], wanted["token"]])
    page.reload()
    expect(items).to_have_count(4)
    waiting = page.locator(f"#my-games-list li[data-game='{wanted['game']}']")
    expect(waiting).to_contain_text("Dee (you) 0 · open seat 0 · Random 0")
    expect(waiting.locator(".game-news")).to_have_text("waiting for a friend to join")
    forget = waiting.get_by_role("button", name=f"Forget game {wanted['game']} on this browser")
    forget.click()  # a game going on: its seat would be lost, so the page asks first
    expect(waiting).to_contain_text("Your seat in it is kept only here: forget it for good?")
    keep = waiting.get_by_role("button", name="Keep it")
    expect(keep).to_be_focused()
    keep.click()
    expect(forget).to_be_focused()
    assert page.evaluate(f"localStorage.getItem('cutthroat:token:{wanted['game']}')")
    forget.click()
    waiting.get_by_role("button", name="Give up my seat").click()
    expect(waiting).to_have_count(0)
    assert page.evaluate("document.activeElement.matches('#my-games-list li a')")  # the next game
    page.reload()
    over = page.locator(f"#my-games-list li[data-game='{finished}']")
    final = page.request.get(f"{server}/api/games/{finished}",
                             params={"token": ann["token"]}).json()
    expect(over).to_contain_text(f"Ann (you) {final['scores'][0]}")
    won = "over: you won" if final["winners"] == [0] else "over: "
    expect(over.locator(".game-news")).to_contain_text(won)
    gone = page.locator("#my-games-list li[data-game='gone1234']")
    expect(gone).to_contain_text("cannot be opened")
    gone.get_by_role("button", name="Forget game gone1234 on this browser").click()
    gone.get_by_role("button", name="Give up my seat").click()
    expect(items).to_have_count(2)
    page.reload()
    expect(items).to_have_count(2)
    assert page.evaluate("localStorage.getItem('cutthroat:token:gone1234')") is None
    first.locator("a").click()
    page.wait_for_url(f"**/?game={playing}")
    expect(page.locator("#hand button[data-card]")).to_have_count(5)


def test_a_game_with_a_seat_for_a_friend_is_started_without_a_seed(server: str,
                                                                    pages: Pages) -> None:
    """A seed deals the same cards again, so whoever chose it would know every card of a
    friend's game: the lobby says to leave it empty and starts nothing; against bots the
    seed is taken."""
    page = pages.new()
    page.goto(server + "/")
    expect(page.locator("#seat1 option[value=random]")).to_have_count(1)
    page.select_option("#seat2", "open")
    page.fill("#seed", "3")
    page.click("#start")
    expect(page.locator("#lobby-error")).to_contain_text("dealt at random: leave the seed")
    assert "game=" not in page.url
    page.select_option("#seat2", "random")
    page.click("#start")
    page.wait_for_url("**/?game=*")


def test_the_lobby_listens_before_the_bots_are_named(server: str, pages: Pages) -> None:
    """A record picked while the lobby still waits for ``/api/bots`` opens (the picker
    listened from the start), and the seats get their bots when the answer comes."""
    examples = Path(__file__).resolve().parents[2] / "shared" / "examples"
    held: list = []
    page = pages.new()
    page.route("**/api/bots", lambda route: held.append(route))  # answered later
    page.goto(server + "/")
    expect(page.locator("#seat1 option")).to_have_count(0)
    page.click("#start")  # not sent as a plain form, nor with no bots named
    expect(page.locator("#lobby-error")).to_contain_text("still on their way")
    assert "?" not in page.url
    page.set_input_files("#record-file", str(examples / "01-standard-full-game.json"))
    expect(page.locator("#replay-title")).to_have_text("01-standard-full-game.json, watched again")
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("#seat1 option[value=expert]")).to_have_count(1)
    expect(page.locator("#lobby-error")).to_be_empty()  # the wait is over
    expect(page.locator("#watch-bot2")).to_have_value("expert")
