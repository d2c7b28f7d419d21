"""``cutthroat serve`` and ``cutthroat prune`` (cutthroat.server.command) where a host
meets them (found by a mutation pass over the module): a port the system will not give,
or one IPv4 holds under ``--host ::``, refused in words before anything is announced; a
port a stopped server just used taken; the address friends on the network use, as the
system answers; no web extra, a stop; prune's usage errors."""

from __future__ import annotations

import os
import socket
import sys
import time
from pathlib import Path

import pytest

from cutthroat.server.command import check_listening, network_address
from cutthroat.server.store import Store
from test_cli_errors import invoke, no_server, unboxed

__all__ = ["no_server"]  # the fixture, used by name


def test_a_port_a_stopped_server_just_used_is_not_refused_as_in_use() -> None:
    """A host restarting the server (an upgrade, a crash) finds its port still holding
    the last connections in TIME_WAIT for a minute: uvicorn binds it all the same
    (SO_REUSEADDR), so the check must too, or `serve` says "port 8000 is already in
    use" to a host whose port is free."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    served, _ = listener.accept()
    served.close()  # the server's side closes first: its port stays in TIME_WAIT
    time.sleep(0.1)
    client.close()
    listener.close()
    check_listening("127.0.0.1", port)  # no BadParameter: uvicorn could listen there


def test_serve_on_every_address_refuses_a_port_ipv4_already_uses(
        no_server: None) -> None:
    """``--host ::`` listens on IPv4 too (dual_stack_socket): a port another program
    holds on IPv4 is refused before the address is announced, not found when uvicorn
    fails to bind after the host was told the game is there."""
    try:
        socket.socket(socket.AF_INET6).close()
    except OSError:
        pytest.skip("no IPv6 on this machine")
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = invoke("serve", "--host", "::", "--port", str(port), "--db", "sqlite://")
    assert done.exit_code == 2 and done.stdout == "", done.output
    assert f"port {port} is already in use: choose another with --port" in unboxed(
        done.stderr)


@pytest.mark.parametrize(("error", "said", "option"), [
    (13, "port 80 is not allowed here: choose another with --port (1024 or above)",
     "--port"),  # EACCES: a port below 1024 for a user who is not root
    (22, "cannot listen on 127.0.0.1 port 80: Invalid argument", "--host"),  # EINVAL
])
def test_serve_on_a_port_the_system_will_not_give_is_refused_in_words(
        no_server: None, monkeypatch: pytest.MonkeyPatch,
        error: int, said: str, option: str) -> None:
    """A host trying port 80 without root was told nothing of use (or the server went
    on to fail in uvicorn, after announcing its address): the port's refusal is a usage
    error naming the option to change, before anything is announced."""
    def refused(self: socket.socket, address: object) -> None:
        raise OSError(error, os.strerror(error))

    monkeypatch.setattr(socket.socket, "bind", refused)
    done = invoke("serve", "--host", "127.0.0.1", "--port", "80", "--db", "sqlite://")
    assert done.exit_code == 2 and done.stdout == "", done.output
    text = unboxed(done.stderr)
    assert said in text and option in text, text


def test_prune_of_a_database_given_that_is_missing_does_not_call_it_the_default(
        tmp_path: Path) -> None:
    """``prune --db games.db`` with a file that is not there: the message names the
    path given, without "(the default, in this folder)", which would send the host
    looking for a file they never meant."""
    done = invoke("prune", "--db", tmp_path / "none.db", "--older-than", "30")
    assert done.exit_code == 2
    text = unboxed(done.stderr)
    assert "there is no database at" in text and "--db" in text
    assert "the default" not in text, text


@pytest.mark.parametrize(("args", "said"), [
    (("--db", "{db}", "--older-than", "1e300"), "1e+300 days is beyond any date"),
    (("--db", "nosuchdialect://x", "--older-than", "30"), "cannot open the database"),
])
def test_prune_refuses_days_beyond_any_date_and_a_url_it_cannot_read(
        tmp_path: Path, args: tuple[str, ...], said: str) -> None:
    """``prune --older-than 1e300`` (beyond any date) and ``prune --db`` with a URL of
    no database kind known are usage errors saying so (exit 2), not a traceback."""
    db = tmp_path / "games.db"
    Store(f"sqlite:///{db}").close()  # a database there, with no games
    done = invoke("prune", *(a.format(db=db) for a in args))
    assert done.exit_code == 2, (done.exit_code, done.output, done.exception)
    assert said in unboxed(done.stderr)


@pytest.mark.parametrize(("sent_from", "found"), [
    ("192.168.1.23", "192.168.1.23"),  # the machine's address on its network
    ("127.0.1.1", None),  # a loopback address: no friend reaches it
    ("0.0.0.0", None),  # no route chosen
    (None, None),  # no network at all: the system refuses the route
])
def test_the_network_address_is_the_one_the_system_would_send_from(
        monkeypatch: pytest.MonkeyPatch, sent_from: str | None, found: str | None) -> None:
    """``serve --host 0.0.0.0`` tells the host the address friends on the network use;
    the test before this one takes whatever this machine has (often none, where nothing
    is checked). Here the system's answer is given: the address it would send from is
    said, a loopback one or none is not, and a machine with no route says nothing."""
    class Probe:
        def __init__(self, *args: object) -> None:
            self.connected = False

        def __enter__(self) -> Probe:
            return self

        def __exit__(self, *args: object) -> None:
            pass

        def connect(self, address: object) -> None:
            if sent_from is None:
                raise OSError(101, "Network is unreachable")
            self.connected = True

        def getsockname(self) -> tuple[str, int]:
            return (sent_from if self.connected else "0.0.0.0") or "0.0.0.0", 5353

    monkeypatch.setattr(socket, "socket", Probe)
    assert network_address() == found


def test_serve_without_the_web_extra_stops_after_saying_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the web extra ``serve`` says how to install it and stops there (exit 1);
    going on, it would fail a moment later on the missing module (a NameError, a
    traceback under the helpful line)."""
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn: ImportError
    done = invoke("serve", "--db", "sqlite://")
    assert done.exit_code == 1, done.output
    assert isinstance(done.exception, SystemExit), done.exception
