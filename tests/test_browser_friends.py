"""Friends over the network, end to end in Chromium: the page finding its connection
again (a server restarted, the device offline, a socket that stops answering, a move
lost with its connection), "Play again" with a friend, and a bot that plays for an
absent player, or for a player who asks it to."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Page, Route, expect

from browser_helpers import (
    RECONNECT_MS,
    Pages,
    _finished_game_of_two,
    _free_port,
    _seat_page,
    ann_and_ben,
    browser,
    create_game,
    my_cards,
    pages,
    run_server,
    server,
    state,
    take_turn,
    wait_for_turn,
    wait_until,
    watch,
)

__all__ = ["browser", "pages", "server"]  # the fixtures, used by name


def test_the_page_reconnects_after_a_restart(tmp_path: Path, pages: Pages) -> None:
    # While the server is down, Chromium logs each failed attempt to reconnect.
    pages.allowed.append("WebSocket connection to")
    port, db = _free_port(), tmp_path / "games.db"
    page = pages.new()
    with run_server(port, db) as base:
        create_game(page, base, seed=5)
        wait_for_turn(page)
        cards = my_cards(page)
        expect(page.locator("#connection")).to_have_text("Connected")
    expect(page.locator("#connection")).to_contain_text("reconnecting")
    # Not a table to play at meanwhile: the prompt says why, the cards are greyed.
    expect(page.locator("#prompt")).to_have_text(
        "Not connected: reconnecting… Your move can be made once the connection is back.")
    expect(page.locator("#hand.offline")).to_have_count(1)
    with run_server(port, db):
        expect(page.locator("#connection")).to_have_text("Connected", timeout=RECONNECT_MS)
        assert wait_for_turn(page) == "playing"
        expect(page.locator("#prompt")).to_contain_text("Your turn.")
        expect(page.locator("#hand.offline")).to_have_count(0)
        assert sorted(my_cards(page)) == sorted(cards)
        assert take_turn(page) is not None


def test_going_offline_shows_the_connection_lost_and_the_move_is_made_back_online(
        server: str, pages: Pages) -> None:
    """The device goes offline (its socket may stay open for minutes, its messages
    held): the page says at once that the connection is lost, and why no card can be
    played; back online it connects again and the move can be made."""
    pages.allowed.append("WebSocket connection to")
    page = pages.new()
    create_game(page, server, seed=5)
    wait_for_turn(page)
    cards = my_cards(page)
    expect(page.locator("#connection")).to_have_text("Connected")
    page.context.set_offline(True)
    expect(page.locator("#connection")).to_contain_text("Connection lost")
    expect(page.locator("#connection")).to_contain_text("offline")
    expect(page.locator("#prompt")).to_have_text(
        "Not connected: reconnecting… Your move can be made once the connection is back.")
    expect(page.locator("#hand.offline")).to_have_count(1)
    expect(page.locator("#hint-button")).to_be_disabled()  # a hint is asked over the socket
    page.context.set_offline(False)
    expect(page.locator("#connection")).to_have_text("Connected")
    assert wait_for_turn(page) == "playing"
    expect(page.locator("#hint-button")).to_be_enabled()
    expect(page.locator("#prompt")).to_contain_text("Your turn.")
    assert sorted(my_cards(page)) == sorted(cards)
    assert take_turn(page) is not None


def test_a_connection_that_stops_answering_is_taken_for_lost(server: str,
                                                            pages: Pages) -> None:
    """A ping that the server does not answer within a few seconds (a connection dead
    without closing: nothing comes back on it) shows the connection lost, and the page
    connects again on a new socket."""
    page = pages.new()
    create_game(page, server, seed=5)
    wait_for_turn(page)
    expect(page.locator("#connection")).to_have_text("Connected")
    page.evaluate("""() => {  // nothing comes back on this socket any more
        window.oldSocket = window.cutthroatSocket;
        window.oldSocket.onmessage = () => {};
        window.cutthroatPing();
    }""")
    expect(page.locator("#connection")).to_contain_text("Connection lost")
    wait_until(page, "window.cutthroatSocket !== window.oldSocket"
               " && window.cutthroatSocket.readyState === WebSocket.OPEN")
    expect(page.locator("#connection")).to_have_text("Connected")
    assert take_turn(page) is not None


def test_play_again_with_a_friend_invites_them_in_the_talk(server: str, pages: Pages) -> None:
    """After the last hand, "Play again" starts a new game with the bot and the rules,
    the friend's seat open, and says where to join in the finished game's talk: a link
    the friend follows to the new game's join page. The answer to the first press, lost
    on the way, is no seat lost: pressed again, the page takes the same one."""
    probe = pages.new()
    game, ann, ben = _finished_game_of_two(server, probe)
    ann_page = _seat_page(pages, server, game, ann["token"])
    ben_page = _seat_page(pages, server, game, ben["token"])
    expect(ann_page.locator("#winners")).to_be_visible()
    lost: list[str] = []

    def lose_the_first_answer(route: Route) -> None:
        if lost:
            route.continue_()
            return
        route.fetch()  # the server starts the game, and its answer is lost on the way
        lost.append(route.request.url)
        route.abort("connectionreset")

    ann_page.route("**/again", lose_the_first_answer)
    pages.allowed.append("ERR_CONNECTION_RESET")
    ann_page.click("#rematch")
    expect(ann_page.locator("#over-error")).to_contain_text("could not be started")
    expect(ann_page.locator("#rematch")).to_have_text("Join the new game")  # (next_game)
    ann_page.click("#rematch")  # asked again: the same seat, not a refusal
    ann_page.wait_for_url(lambda url: "game=" in url and not url.endswith(game))
    assert len(lost) == 1
    new = ann_page.url.split("game=")[1]
    expect(ann_page.locator("#waiting")).to_be_visible()  # Ben's seat is open again
    seats = state(ann_page)["players"]
    assert [p["kind"] for p in seats] == ["human", "bot", "open"] and seats[0]["name"] == "Ann"
    assert state(ann_page)["rules"]["target"] == 1
    invite = ben_page.locator("#chat-lines .chat-line").last
    expect(invite).to_contain_text("Play again? Join me here:")
    expect(ben_page.locator("#chat-lines .chat-line", has_text="Join me")).to_have_count(1)
    link = invite.locator("a.chat-link")
    assert link.get_attribute("href") == f"{server}/?join={new}&from={game}"
    # a watcher of the old game who follows it finds Ben's seat kept for him
    eve = pages.new()
    eve.goto(link.get_attribute("href") or "")
    expect(eve.locator("#join-intro")).to_contain_text(
        "The seat is kept for Ben, who played the game before it, for ")
    eve.fill("#join-name", "Eve")
    pages.allowed.append("409")
    eve.click("#join-button")
    expect(eve.locator("#join-error")).to_contain_text(
        "You could not join: the seat left is kept for Ben")
    assert [p["kind"] for p in state(ann_page)["players"]] == ["human", "bot", "open"]
    link.click()  # Ben's browser, which sat in the old game, takes his seat at once
    ben_page.wait_for_url(f"**/?game={new}")
    expect(ann_page.locator("#waiting")).to_be_hidden()
    assert [p["name"] for p in state(ann_page)["players"]] == ["Ann", "Random", "Ben"]
    # Ann's other device, holding her seat of the finished game, joins the new one: her
    # seat there, with a new token; the page holding the one before is told it is no more
    phone = _seat_page(pages, server, game, ann["token"])
    phone.click("#rematch")
    phone.wait_for_url(f"**/?game={new}")
    expect(ann_page.locator("#connection")).to_contain_text(
        "this seat was given a new token when its player asked to play again")
    expect(phone.locator("#status[data-status=playing]")).to_have_count(1)


def test_a_link_to_join_with_from_never_starts_a_game_in_the_players_name(
        server: str, pages: Pages) -> None:
    """``/?join=ID&from=OLD`` in a browser holding a seat of the finished game OLD took
    the seat kept for it in OLD's next game at once; when nobody had played again yet,
    it started a new game in the player's name, from any link or site that sent them
    there (a security pass). Now it takes a seat only in ID, if ID is OLD's next game:
    otherwise nothing is started, and the page says why beside the join form."""
    probe = pages.new()
    game, ann, _ = _finished_game_of_two(server, probe)
    page = _seat_page(pages, server, game, ann["token"])
    pages.allowed.extend(["409", "404"])  # (refused, then no game abc to look up)
    page.goto(f"{server}/?join=abc&from={game}")
    expect(page.locator("#join-error")).to_contain_text(
        f"Your seat from game {game} could not be taken: game abc is not the game started "
        "to play again after this one")
    public = probe.request.get(f"{server}/api/games/{game}/public").json()
    assert public["next_game"] is None  # nothing started in Ann's name


def test_friends_pressing_play_again_at_once_sit_at_one_table(server: str,
                                                             pages: Pages) -> None:
    """Both friends press "Play again" at the same moment: one new game, both in it."""
    probe = pages.new()
    game, ann, ben = _finished_game_of_two(server, probe)
    ann_page = _seat_page(pages, server, game, ann["token"])
    ben_page = _seat_page(pages, server, game, ben["token"])
    expect(ann_page.locator("#rematch")).to_have_text("Play again")
    expect(ben_page.locator("#rematch")).to_have_text("Play again")
    for page in (ann_page, ben_page):  # no waiting for the first page to go
        page.evaluate("document.querySelector('#rematch').click()")
    for page in (ann_page, ben_page):
        page.wait_for_url(lambda url: "game=" in url and not url.endswith(game))
        wait_until(page, "g => window.cutthroatState?.game !== g"
                   " && window.cutthroatState?.status === 'playing'", arg=game)
    assert state(ann_page)["game"] == state(ben_page)["game"]
    assert sorted(p["name"] for p in state(ann_page)["players"]) == ["Ann", "Ben", "Random"]


def test_a_friends_old_tab_joins_the_new_game(server: str, pages: Pages,
                                              tmp_path: Path) -> None:
    """After Ann pressed "Play again", Ben's page of the finished game offers her new
    game; a page whose seat there was taken meanwhile says why, by the button."""
    probe = pages.new()
    game, ann, ben = _finished_game_of_two(server, probe)
    ben_page = _seat_page(pages, server, game, ben["token"])
    expect(ben_page.locator("#rematch")).to_have_text("Play again")
    started = probe.request.post(f"{server}/api/games/{game}/again",
                                 data={"token": ann["token"]}).json()
    expect(ben_page.locator("#rematch")).to_have_text("Join Ann's new game")
    ben_page.click("#rematch")
    ben_page.wait_for_url(f"**/?game={started['game']}")
    expect(ben_page.locator("#status")).to_have_attribute("data-status", "playing")
    ben_page.go_back()  # the finished game again: this browser sits in the new one
    expect(ben_page.locator("#rematch")).to_have_text("Go to the new game")
    ben_page.click("#rematch")
    ben_page.wait_for_url(f"**/?game={started['game']}")

    with run_server(_free_port(), tmp_path / "games.db", "--keep-seats", "0", pages=pages) as quick:
        _a_friends_seat_taken_meanwhile(quick, pages)


def _a_friends_seat_taken_meanwhile(server: str, pages: Pages) -> None:
    """(On a server that keeps no seat for the friends of the game before.)"""
    probe = pages.new()
    game, ann, ben = _finished_game_of_two(server, probe)
    ben_page = _seat_page(pages, server, game, ben["token"])
    started = probe.request.post(f"{server}/api/games/{game}/again",
                                 data={"token": ann["token"]}).json()
    assert probe.request.post(f"{server}/api/games/{started['game']}/join",
                              data={"name": "Cy"}).ok  # the open seat goes to somebody else
    pages.allowed.append("409")
    ben_page.click("#rematch")
    # Ben started no game: he could not join Ann's, which he may watch instead.
    expect(ben_page.locator("#over-error")).to_have_text(
        "You could not join Ann's new game: it has no open seat left.")
    expect(ben_page.locator("#rematch")).to_have_count(0)
    watch_it = ben_page.locator("#watch-full")
    expect(watch_it).to_have_text("Watch Ann's new game")
    assert watch_it.get_attribute("href") == f"/?watch={started['game']}"
    watch_it.click()
    ben_page.wait_for_url(f"**/?watch={started['game']}")
    wait_until(ben_page, "window.cutthroatState && window.cutthroatState.seat === null")


def test_a_move_lost_with_its_connection_is_offered_again_on_reconnecting(
        server: str, pages: Pages) -> None:
    """A move sent on a connection that then drops may never have reached the server
    (nor been saved, a server killed, say): connected again, the page forgets what it
    sent, and the same state (the same version) offers the move again."""
    page = pages.new()
    create_game(page, server, seed=9)
    wait_for_turn(page)
    version = state(page)["version"]
    page.evaluate("window.cutthroatSocket.send = () => {}")  # the move is lost
    page.locator("[data-action]").first.click()
    offered = page.locator("[data-action]:not([disabled])")
    expect(offered).to_have_count(0)
    page.evaluate("window.oldSocket = window.cutthroatSocket; window.oldSocket.close()")
    wait_until(page, "window.cutthroatSocket !== window.oldSocket"
               " && window.cutthroatSocket.readyState === WebSocket.OPEN")
    expect(offered.first).to_be_visible()  # offered again
    assert state(page)["version"] == version
    take_turn(page)  # and it is made, on the new connection


# --- a bot in an absent friend's seat ----------------------------------------------------


def confirm_stand_in(page: Page) -> None:
    """Answer "Let a bot play for me" in the dialog that asks first."""
    page.get_by_role("dialog", name="Let a bot play for you?").get_by_role(
        "button", name="Let a bot play for me").click()


def _seat_moves(page: Page, seat: int) -> int:
    """How many moves ``seat`` has made in the hand the page shows."""
    moves = state(page)["view"]["moves"]
    return sum(1 for m in moves if m.split(" ")[0] == str(seat))


def test_a_bot_plays_for_a_friend_who_left_until_they_come_back(tmp_path: Path,
                                                                 pages: Pages) -> None:
    """Ben closes his page: after the server's wait (1 s here) Ann's page offers "Let a
    bot play for Ben"; the bot plays his moves; when Ben opens the game again he plays
    his seat himself. With his page open but a move left waiting (2 s here), Ann may
    call the bot in again, and Ben's "Play myself" sends it away."""
    with run_server(_free_port(), tmp_path / "games.db", "--away-wait", "1",
                    "--turn-wait", "2", pages=pages) as base:
        ann, ben, game = ann_and_ben(pages, base)
        ben_seat = state(ben)["seat"]
        token = ben.evaluate("g => localStorage.getItem(`cutthroat:token:${g}`)", game)
        ben.context.close()
        pages.contexts.remove(ben.context)
        seat = ann.locator(f".seat[data-seat='{ben_seat}']")
        expect(seat.locator(".tag.away")).to_be_visible()
        offer = seat.locator("button[data-standin]")
        expect(offer).to_have_text("Let a bot play for Ben")
        before = _seat_moves(ann, ben_seat)
        offer.click()
        expect(seat.locator(".tag.standin")).to_have_text("a bot plays for them")
        expect(offer).to_have_count(0)
        # Ann plays on; the bot makes Ben's moves.
        deadline = time.monotonic() + 20  # a loaded machine's bot may take seconds
        while time.monotonic() < deadline:
            if _seat_moves(ann, ben_seat) > before or state(ann)["status"] != "playing":
                break
            if state(ann)["to_act"] == state(ann)["seat"]:
                take_turn(ann)
            else:
                ann.wait_for_timeout(100)
        assert _seat_moves(ann, ben_seat) > before or state(ann)["status"] == "hand_over"
        # Ben comes back: his seat is his again, on both pages.
        ben = _seat_page(pages, base, game, token)
        expect(seat.locator(".tag.standin")).to_have_count(0)
        expect(seat.locator(".tag.away")).to_have_count(0)
        mine = ben.locator(f".seat[data-seat='{ben_seat}']")
        expect(mine.locator(".tag.standin")).to_have_count(0)
        assert state(ben)["players"][ben_seat]["standin"] is None
        # Ben's page is open but he takes too long: Ann may call the bot in again.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            now = state(ann)
            if now["status"] == "hand_over":
                ann.click("#next-hand")
                wait_until(ann, "window.cutthroatState.status === 'playing'")
            elif now["to_act"] == ben_seat:
                break
            elif now["to_act"] == now["seat"]:
                take_turn(ann)
            else:
                ann.wait_for_timeout(100)
        assert state(ann)["to_act"] == ben_seat
        expect(offer).to_have_text("Let a bot play for Ben")
        offer.click()
        expect(mine.locator(".tag.standin")).to_have_text("a bot plays for you")
        ben.locator("button[data-back]").click()
        expect(mine.locator(".tag.standin")).to_have_count(0)
        expect(seat.locator(".tag.standin")).to_have_count(0)
        assert state(ann)["players"][ben_seat]["standin"] is None


def test_a_player_lets_a_bot_play_their_own_seat_and_takes_it_back(tmp_path: Path,
                                                                   pages: Pages) -> None:
    """A player who must step away presses "Let a bot play for me" on their own seat:
    at once, a bot plays their moves (here to the end of the hand); "Play myself" gives
    them the seat again. (The server's pause before it deals a table of bots the next
    hand is a minute here, so the hand over stays while the test looks at it.)"""
    with run_server(_free_port(), tmp_path / "games.db", "--hand-pause", "60", pages=pages) as base:
        _own_seat_to_a_bot_and_back(pages, base)


def _own_seat_to_a_bot_and_back(pages: Pages, server: str) -> None:
    page = pages.new()
    create_game(page, server, seed=8)
    me = page.locator(f".seat[data-seat='{state(page)['seat']}']")
    offer = page.locator("#self-standin button[data-standin]")  # after the moves
    expect(offer).to_have_text("Let a bot play for me")
    # The button is the same one from state to state (one made anew under a click, as
    # the bots' moves come in, would lose it).
    offer.evaluate("b => { b.dataset.marked = 'yes'; }")
    version = state(page)["version"]
    take_turn(page)
    wait_until(page, "v => window.cutthroatState.version > v", arg=version)
    expect(offer).to_have_attribute("data-marked", "yes")
    # Clicked once the bots have moved: a click while lines are still added to the log
    # may land where the button was a moment before (it missed once on a slow machine).
    assert wait_for_turn(page) == "playing"
    expect(offer).to_have_attribute("data-marked", "yes")
    offer.click()
    confirm_stand_in(page)
    expect(me.locator(".tag.standin")).to_have_text("a bot plays for you")
    expect(page.locator("#status[data-status=hand_over]")).to_have_count(1)
    assert _seat_moves(page, state(page)["seat"]) > 0
    page.locator("#self-standin button[data-back]").click()
    expect(me.locator(".tag.standin")).to_have_count(0)
    expect(offer).to_have_text("Let a bot play for me")
    page.click("#next-hand")
    wait_until(page, "window.cutthroatState.status === 'playing'")
    assert state(page)["players"][state(page)["seat"]]["standin"] is None


def test_a_game_left_to_the_bots_deals_on_by_itself(tmp_path: Path, pages: Pages) -> None:
    """Ann lets a bot play for her against two bots: at each hand's end her page (and a
    watcher's) says the next hand is dealt by itself after the server's pause (1 s
    here), and it is, with no "Next hand" pressed; "Play myself" ends it."""
    with run_server(_free_port(), tmp_path / "games.db", "--hand-pause", "1", pages=pages) as base:
        page = pages.new()
        game = create_game(page, base, seed=8)
        me = page.locator(f".seat[data-seat='{state(page)['seat']}']")
        page.locator("#self-standin button[data-standin]").click()
        confirm_stand_in(page)
        expect(page.locator("#next-by-itself")).to_have_text(
            "A bot plays for every player, so the next hand is dealt by itself in 1 second.")
        expect(page.locator("#next-hand")).to_be_visible()  # Ann may deal it sooner
        watcher = pages.new()
        watch(watcher, base, game)
        wait_until(watcher, "window.cutthroatState.hand_number >= 2")
        expect(watcher.locator("#next-wait")).to_contain_text("dealt by itself in 1 second")
        wait_until(page, "window.cutthroatState.hand_number >= 3")
        page.locator("#self-standin button[data-back]").click()
        expect(me.locator(".tag.standin")).to_have_count(0)
        expect(page.locator("#next-by-itself")).to_have_count(0)
