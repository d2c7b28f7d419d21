"""Which pages may open the web game's WebSockets (docs/protocol.md, "Close codes";
docs/web.md): the server's own, the origins ``--allow-origin`` names, and programs that
send no ``Origin``. A page of another site is refused (4403), so it cannot use up its
visitor's share of sockets and lock them out of their own table (a security pass).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from cutthroat.cli import app
from cutthroat.server.app import create_app
from cutthroat.server.origins import (
    answers_to,
    foreign_origin,
    parse_host_name,
    parse_origin,
)
from server_helpers import _create, _seat_socket, _socket_closed
from test_cli_errors import no_server

__all__ = ["no_server"]  # the fixture, used by name

EVIL = {"Origin": "https://evil.example"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}",
                               sockets_per_address=2,
                               allow_origins=["HTTPS://Cards.Example:443"])) as client:
        yield client


def test_a_page_of_another_site_cannot_open_the_games_sockets(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Another site's page opened watchers' sockets from its visitor's address until
    the address's limit (here 2) closed the visitor's own seat socket with 4429. Now
    each is refused (4403) and counts nothing: the seat's socket still opens."""
    made = _create(client, ["you", "random", "random"])
    watch = f"/api/games/{made['game']}/watch"
    caplog.set_level(logging.WARNING, "cutthroat.server")
    for headers in (EVIL, {"Origin": "null"}, {"Origin": "http://testserver.evil.example"},
                    EVIL | {"Authorization": f"Bearer {made['token']}"}):
        for path in (watch, _seat_socket(made)):
            refused = _socket_closed(client, path, headers)
            assert refused.code == 4403, (headers, path)
            assert "for its own pages" in refused.reason
    assert client.app.state.server.sockets_by_address == {}  # type: ignore[attr-defined]
    with client.websocket_connect(_seat_socket(made)) as ws:
        assert ws.receive_json()["state"]["seat"] == made["seat"]
    assert "a WebSocket from a page of 'https://evil.example' refused testclient" in caplog.text
    assert "(if that is your site's address, allow it with --allow-origin;" in caplog.text


@pytest.mark.parametrize("headers", [
    {},  # a program that is no browser
    {"Origin": "http://testserver"},  # the server's own page
    {"Origin": "http://TESTSERVER:80"},
    {"Origin": "https://cards.example"},  # --allow-origin, written otherwise
])
def test_the_servers_own_pages_allowed_origins_and_programs_connect(
        client: TestClient, headers: dict[str, str]) -> None:
    made = _create(client, ["you", "random", "random"])
    with client.websocket_connect(_seat_socket(made), headers=headers) as ws:
        assert ws.receive_json()["type"] == "state"
    with client.websocket_connect(f"/api/games/{made['game']}/watch", headers=headers) as ws:
        assert ws.receive_json()["type"] == "state"


@pytest.mark.parametrize(("origin", "host", "foreign"), [
    ("https://cards.example", "cards.example", False),  # behind a proxy with TLS
    ("https://cards.example", "cards.example:443", False),
    ("http://cards.example:8000", "cards.example:8000", False),
    ("http://[::1]:8000", "[::1]:8000", False),
    # A proxy's Host without the port the players use (nginx's $host): the host alone.
    ("https://cards.example:8443", "cards.example", False),
    ("http://box:8080", "box", False),
    ("http://[::1]:8000", "[::1]", False),
    ("https://evil.example:8443", "cards.example", True),
    ("http://cards.example:8000", "cards.example:8001", True),
    ("https://cards.example", "cards.example:80", True),
    ("http://cards.example", "other.example", True),
    ("http://cards.example", "", True),
    ("file://", "cards.example", True),
    ("null", "cards.example", True),
])
def test_foreign_origin_compares_the_origin_with_the_host(origin: str, host: str,
                                                          foreign: bool) -> None:
    found = foreign_origin({"origin": origin, "host": host})
    assert (found is not None) is foreign
    assert foreign_origin({"host": host}) is None  # no Origin: no browser's page
    # Behind a proxy that does not pass the Host on (Apache), but says it forwarded it:
    proxied = {"origin": origin, "host": "127.0.0.1:8000", "x-forwarded-host": host}
    assert (foreign_origin(proxied) is not None) is foreign
    proxied["x-forwarded-host"] = f"elsewhere.example, {host}"  # (two proxies)
    assert (foreign_origin(proxied) is not None) is foreign


@pytest.mark.parametrize("text", ["cards.example", "https://cards.example/play",
                                  "ftp://cards.example", "https://", "https://a:b@c.example",
                                  "https://cards.example:99999", "https://cards.example?x=1"])
def test_an_allowed_origin_is_an_origin(text: str) -> None:
    with pytest.raises(ValueError, match="is not an origin"):
        parse_origin(text)
    with pytest.raises(ValueError, match="is not an origin"):
        create_app("sqlite://", allow_origins=[text])


def test_serve_allow_origin_that_is_no_origin_is_a_usage_error(no_server: None) -> None:
    done = CliRunner().invoke(app, ["serve", "--allow-origin", "cards.example",
                                    "--db", "sqlite://"])
    assert done.exit_code == 2
    assert "--allow-origin" in done.output and "is not an origin" in done.output


def test_a_page_of_another_site_cannot_post_to_the_api(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """A page of another site could make its visitor's browser send a bodiless POST
    (no type: it passed the JSON-only check) or a record to replay: a new game from the
    visitor's address (spending their quota of 30), an open seat taken in their name,
    their quota of replays spent. Every POST to the API from another site's page is
    refused (403) before it is read, and changes nothing; the server's own page and
    programs are not concerned, and reading (GET) is not."""
    made = _create(client, ["you", "open", "random"])
    join = f"/api/games/{made['game']}/join"
    caplog.set_level(logging.WARNING, "cutthroat.server")
    for headers in (EVIL, {"Origin": "null"}):
        for path, body in (("/api/games", None), (join, None),
                           ("/api/replay", b'{"format": "cutthroat-record/1"}')):
            refused = client.post(path, content=body, headers=headers)
            assert refused.status_code == 403, (path, refused.text)
            assert "a page of another site" in refused.json()["error"]["reason"]
            assert refused.headers["x-frame-options"] == "DENY"
    # the host's log says so, with the option (a club host's finding: a proxy passing
    # no Host had every first POST refused, and the log said nothing), once a minute
    said = "a POST from a page of 'https://evil.example' refused testclient"
    assert caplog.text.count(said) == 1, caplog.text
    assert "(if that is your site's address, allow it with --allow-origin;" in caplog.text
    public = client.get(f"/api/games/{made['game']}/public", headers=EVIL)
    assert public.status_code == 200  # (a page elsewhere cannot read it: no CORS)
    assert [p["kind"] for p in public.json()["players"]] == ["human", "open", "bot"]
    for headers in ({}, {"Origin": "http://testserver"}, {"Origin": "https://cards.example"}):
        assert client.post("/api/replay", content=b'{"format": "cutthroat-record/1"}',
                           headers=headers).status_code == 200
    assert client.post(join, json={"name": "Ben"},
                       headers={"Origin": "http://testserver"}).status_code == 200


def test_with_allowed_hosts_a_request_for_another_name_is_refused(tmp_path: Path) -> None:
    """DNS rebinding: a page of another site points its own name at the server (on the
    player's own machine, say), so its requests and sockets are its own site's, Origin
    and Host alike, and pass the origin checks. Where the host lists the names the server
    answers to (``--allowed-host``), a request naming any other is refused (400), HTTP
    and WebSocket alike, before it changes anything; the names listed are answered,
    ``*.`` for every name under one, with any port."""
    import sqlite3

    from starlette.testclient import WebSocketDenialResponse

    db = tmp_path / "games.db"
    listed = create_app(f"sqlite:///{db}", allowed_hosts=["Cards.Example", "*.club.example"])
    with TestClient(listed, base_url="http://cards.example") as client:
        for host in ("cards.example", "CARDS.example:8443", "a.club.example"):
            assert client.get("/", headers={"Host": host}).status_code == 200, host
        made = _create(client, ["you", "random", "random"])
        with client.websocket_connect(f"/api/games/{made['game']}/watch",
                                      headers={"Host": "cards.example"}) as ws:
            assert ws.receive_json()["type"] == "state"
        for host in ("evil.example:8000", "club.example", "cards.example.evil.example"):
            assert client.get("/", headers={"Host": host}).status_code == 400, host
        rebound = {"Host": "evil.example:8000", "Origin": "http://evil.example:8000"}
        refused = client.post("/api/games", headers=rebound,
                              json={"seats": ["you", "random", "random"]})
        assert refused.status_code == 400 and "host" in refused.text.lower()
        assert refused.headers["x-frame-options"] == "DENY"
        with pytest.raises(WebSocketDenialResponse) as denied, \
                client.websocket_connect(f"/api/games/{made['game']}/watch", headers=rebound):
            pass
        assert denied.value.status_code == 400
    with sqlite3.connect(db) as kept:  # the refused POST made no game
        assert kept.execute("select count(*) from games").fetchone() == (1,)
    with TestClient(create_app(f"sqlite:///{db}")) as client:  # by default: any name
        assert client.get("/", headers={"Host": "evil.example:8000"}).status_code == 200


@pytest.mark.parametrize("text", ["https://cards.example", "cards.example:8000",
                                  "cards.example/play", "*", "cards.*.example", "", "a b",
                                  "-", "-cards.example", "cards-.example", "[:::]", "[1.2]"])
def test_an_allowed_host_is_a_host_name(text: str, no_server: None) -> None:
    with pytest.raises(ValueError, match="is not a host name"):
        parse_host_name(text)
    with pytest.raises(ValueError, match="is not a host name"):
        create_app("sqlite://", allowed_hosts=[text])
    done = CliRunner().invoke(app, ["serve", "--allowed-host", text, "--db", "sqlite://"])
    said = " ".join(re.sub("[│╭╮╰╯─]", " ", done.output).split())  # (the box taken off)
    assert done.exit_code == 2
    assert "--allowed-host" in said and "is not a host name" in said, said


def test_serve_says_when_the_address_it_gives_is_not_an_allowed_host(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A reviewer's finding: ``serve --allowed-host cards.example`` announced
    http://localhost:8000/, which it then refused (400): it says so, and where to open
    the game instead; with the name listed, or no list, it says nothing of it."""
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: None)
    for names, noted in ((["cards.example"], True), (["LOCALHOST"], False),
                         (["*.example", "localhost"], False), ([], False)):
        given = [arg for name in names for arg in ("--allowed-host", name)]
        done = CliRunner().invoke(app, ["serve", "--db", "sqlite://", *given])
        assert done.exit_code == 0, done.output
        said = ("Note: localhost is not among --allowed-host, so the game refuses pages "
                f"opened there: open it at a name listed ({', '.join(names)})")
        assert (said in done.output) is noted, done.output


@pytest.mark.parametrize(("text", "origin"), [
    ("http://cards.example:80", "http://cards.example"),
    ("HTTP://Cards.Example:80/", "http://cards.example"),
    ("http://cards.example:443", "http://cards.example:443"),
])
def test_an_origin_leaves_out_the_default_port_of_plain_http_too(text: str,
                                                                  origin: str) -> None:
    """(Untested before: DEFAULT_PORTS["http"] 80 -> 81 or 0.) A browser never writes
    ``:80`` in an ``http`` origin: one given so, to ``--allow-origin``, is the same origin."""
    assert parse_origin(text) == origin


def test_a_host_header_naming_port_80_is_the_plain_http_origin_without_it() -> None:
    """(Untested before.) A proxy or client that writes
    ``Host: cards.example:80`` serves the page whose origin is ``http://cards.example``:
    its own page's sockets and POSTs must not be refused (4403/403) as another site's."""
    assert foreign_origin({"origin": "http://cards.example",
                           "host": "cards.example:80"}) is None
    assert foreign_origin({"origin": "http://cards.example",
                           "host": "127.0.0.1:8000",
                           "x-forwarded-host": "cards.example:80"}) is None
    assert foreign_origin({"origin": "http://cards.example:8080",
                           "host": "cards.example:80"}) == "http://cards.example:8080"


@pytest.mark.parametrize("text", ["https://cards.example#play", "https://ben@cards.example"])
def test_an_origin_has_no_fragment_and_no_user(text: str) -> None:
    """(Untested before: the ``parts.fragment`` or ``parts.username`` test dropped.)
    ``--allow-origin`` refuses what is no origin: an address with a fragment or a user
    is a mistake, and no browser would ever send it."""
    with pytest.raises(ValueError, match="is not an origin"):
        parse_origin(text)


@pytest.mark.parametrize("text", ["[::1", "[::1:8000", "[fe80::1%eth0]"])
def test_an_allowed_host_in_brackets_is_a_whole_ipv6_address(text: str) -> None:
    """(Untested before: ``_HOST_NAME.fullmatch`` dropped from the bracket branch.) An
    IPv6 name without its closing bracket (``[::1:8000``, read as the address ``::1:800``)
    or with a zone (no browser sends one in ``Host``) is refused, not taken as another
    address."""
    with pytest.raises(ValueError, match="is not a host name"):
        parse_host_name(text)


def test_answers_to_compares_names_in_any_case() -> None:
    """(Untested before: ``name = name.lower()`` dropped.) A ``Host`` may be written in
    capitals; the names listed (``parse_host_name``'s) are lower case."""
    assert answers_to("Cards.Example", ["cards.example"])
    assert answers_to("A.CLUB.example", ["*.club.example"])
    assert not answers_to("Evil.Example", ["cards.example"])


def test_an_origin_may_be_given_with_a_trailing_slash_as_an_address_bar_shows_it() -> None:
    """(Untested before: the ``"/"`` of ``parts.path not in ("", "/")`` changed.) A host
    copies ``https://cards.example/`` from the address bar into ``--allow-origin``."""
    assert parse_origin("https://cards.example/") == "https://cards.example"


@pytest.mark.parametrize("host", ["cards.example:notaport", "cards.example:99999",
                                  "cards.example/path", "user@cards.example"])
def test_a_host_header_that_cannot_be_read_lets_no_other_site_in(host: str) -> None:
    """(Untested before: ``return False`` -> ``return True`` where the ``Host`` cannot be
    read.) The check fails closed: a ``Host`` (or ``X-Forwarded-Host``) that is no
    host makes no origin the server's own."""
    evil = "https://evil.example"
    assert foreign_origin({"origin": evil, "host": host}) == evil
    assert foreign_origin({"origin": evil, "host": "127.0.0.1:8000",
                           "x-forwarded-host": host}) == evil


@pytest.mark.parametrize(("name", "hosts", "answered"), [
    ("a.club.example", ["*.club.example"], True),
    ("b.a.club.example", ["*.club.example"], True),
    ("localhost", ["*.club.example"], False),          # (not merely its end)
    ("evilclub.example", ["*.club.example"], False),   # (the dot counts)
    ("club.example", ["*.club.example"], False),       # as TrustedHostMiddleware
])
def test_answers_to_a_wildcard_only_for_names_under_it(name: str, hosts: list[str],
                                                        answered: bool) -> None:
    """``*.club.example`` answers ``a.club.example`` and nothing that
    merely ends in ``club.example``: ``serve`` notes an announced address it would refuse."""
    assert answers_to(name, hosts) is answered


def test_a_long_foreign_origin_is_logged_cut_to_its_first_80_characters(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Any page may send any Origin: the log line names its first 80 characters, no
    more (a line of the organizer's log kept short), and the close reason is cut to
    the frame."""
    made = _create(client, ["you", "random", "random"])
    origin = "https://" + "a" * 100 + ".example"
    caplog.set_level(logging.WARNING, "cutthroat.server")
    refused = _socket_closed(client, f"/api/games/{made['game']}/watch", {"Origin": origin})
    assert refused.code == 4403 and len(refused.reason.encode()) <= 123
    assert f"a WebSocket from a page of {origin[:80]!r} refused" in caplog.text
