"""The server's HTTP connections, guarded against clients that hold them without using
them: uvicorn's own HTTP/1.1 protocol (h11), with a time to send each request in and a
cap on the connections one address holds open.

Without these, uvicorn keeps a connection that sends nothing, half a request's headers
or half its body for as long as the client likes; a few hundred such connections from
one machine would use up the server's open files, and every player would be locked
out ("slowloris"). Now:

- a request must arrive whole, headers and body, within :data:`READ_WAIT` seconds of
  the connection's opening or of the previous answer on it, or the connection is
  closed (a WebSocket, once upgraded, is the game's own business: its pings);
- one address holds at most :data:`CONNECTIONS_PER_ADDRESS` HTTP connections at a time;
  one more is closed at once. A trusted proxy's connections (``--forwarded-allow-ips``)
  are not counted: every player behind it shares its address.

Every limit on an address counts an IPv6 address as its /64 network (:func:`limited_as`):
one home or phone is given a whole /64, and could otherwise take a fresh address from it
for each connection.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar

from uvicorn.protocols.http.h11_impl import H11Protocol

if TYPE_CHECKING:
    import h11
    from starlette.requests import HTTPConnection

log = logging.getLogger("cutthroat.server")

__all__ = ["CONNECTIONS_PER_ADDRESS", "READ_WAIT", "GuardedH11Protocol", "client_address",
           "guarded_protocol", "limited_as", "note_refused", "trusts"]

READ_WAIT = 20.0
"""Seconds a client has to send a request whole, from the connection's opening or the
previous answer on it (a page's largest request, a record of 256 KiB, takes well under
a second on any network that can play)."""

CONNECTIONS_PER_ADDRESS = 64
"""The most HTTP connections one address holds at a time: a browser opens six to a
server, so a household of players behind one address stays far below it."""



REFUSALS_EVERY = 60.0
"""Seconds between two log lines of one limit refusing one address (:func:`note_refused`)."""
_refusals_said: dict[tuple[str, str], float] = {}


def note_refused(limit: str, address: str, option: str, how: str = "raise it with") -> None:
    """Log (a warning, at most once a minute for each limit and address) that ``limit``
    refused ``address``, and the option that raises it (``how`` says what it does): an
    organizer whose members share one address (a club's network) sees why some are
    turned away."""
    now = time.monotonic()
    key = (limit, address)
    if now - _refusals_said.get(key, -REFUSALS_EVERY) < REFUSALS_EVERY:
        return
    if len(_refusals_said) > 10_000:  # many addresses: the oldest are forgotten
        _refusals_said.clear()
    _refusals_said[key] = now
    log.warning("%s refused %s (%s %s; said once a minute)", limit, address, how, option)


def limited_as(host: str) -> str:
    """The address ``host`` counts as against the limits on an address: an IPv6 address
    as its /64 network, which one home or phone is given whole; an IPv4 client of a
    server listening on ``::`` as its IPv4 address; any other as itself.

    >>> limited_as("2001:db8:1:2:aaaa::1"), limited_as("::ffff:203.0.113.7")
    ('2001:db8:1:2::/64', '203.0.113.7')
    >>> limited_as("203.0.113.7"), limited_as("testclient")
    ('203.0.113.7', 'testclient')
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:  # a Unix socket's peer, a test client's name
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return host


def client_address(connection: HTTPConnection) -> str:
    """The address a request (or a WebSocket) came from, as the limits count it
    (:func:`limited_as`; the proxy's client behind a trusted proxy:
    ``--forwarded-allow-ips``)."""
    return limited_as(connection.client.host) if connection.client else "unknown"


def trusts(allowed: list[str] | str, host: str) -> bool:
    """Whether ``host`` is among the trusted proxies ``allowed`` (uvicorn's
    ``forwarded_allow_ips``: addresses and networks, separated by commas, or ``*``)."""
    items = allowed.split(",") if isinstance(allowed, str) else allowed
    try:
        address = ipaddress.ip_address(host)
    except ValueError:  # a Unix socket's peer, say: no address to limit
        return True
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # an IPv4 client of a server listening on "::"
    for item in (i.strip() for i in items):
        if item == "*":
            return True
        try:
            if address in ipaddress.ip_network(item, strict=False):
                return True
        except ValueError:
            continue
    return False


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on each request and a cap on each address's
    connections (the module's docstring). ``read_wait`` and ``per_address`` are the
    limits (a subclass may change them); the open connections are counted per address
    over the whole process."""

    read_wait: ClassVar[float] = READ_WAIT
    per_address: ClassVar[int] = CONNECTIONS_PER_ADDRESS
    open_by_address: ClassVar[Counter[str]] = Counter()

    _counted: str | None = None
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Count the connection against its address, closing it if that has too many
        open, and start the clock on its first request."""
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        if host is not None and not trusts(self.config.forwarded_allow_ips, host):
            counted = limited_as(host)
            if self.open_by_address[counted] >= self.per_address:
                transport.abort()  # refused: nothing read, nothing answered
                note_refused(f"the limit of {self.per_address} HTTP connections an "
                             "address", counted, "--ip-connections")
                return
            self.open_by_address[counted] += 1
            self._counted = counted
        self._start_clock()

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the clock and uncount the connection."""
        self._stop_clock()
        self._uncount()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        """An answer sent: the next request on the connection has its own time."""
        super().on_response_complete()
        if not self.transport.is_closing():
            self._start_clock()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """The connection becomes a WebSocket: no more HTTP requests to wait for."""
        self._stop_clock()
        self._uncount()
        super().handle_websocket_upgrade(event)

    def _start_clock(self) -> None:
        self._stop_clock()
        self._deadline = self.loop.call_later(self.read_wait, self._too_slow)

    def _stop_clock(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _uncount(self) -> None:
        host, self._counted = self._counted, None
        if host is not None:
            self.open_by_address[host] -= 1
            if self.open_by_address[host] <= 0:
                del self.open_by_address[host]

    def _waiting(self) -> bool:
        """Whether a request is still being waited for: none begun since the last
        answer, or one whose body has not all come."""
        cycle: Any = self.cycle
        return cycle is None or cycle.response_complete or cycle.more_body

    def _too_slow(self) -> None:
        """The deadline: a connection still waiting for its request is closed."""
        self._deadline = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        if self._waiting():
            try:
                self.timeout_keep_alive_handler()  # uvicorn's own way to end an idle one
            except Exception:  # halfway through a body h11 will not send "closed"
                self.transport.close()


def guarded_protocol(per_address: int = CONNECTIONS_PER_ADDRESS) -> type[GuardedH11Protocol]:
    """:class:`GuardedH11Protocol` with ``per_address`` connections an address (uvicorn's
    ``http=``; ``cutthroat serve --ip-connections``)."""
    if per_address == GuardedH11Protocol.per_address:
        return GuardedH11Protocol
    return type("GuardedH11Protocol", (GuardedH11Protocol,), {"per_address": per_address})
