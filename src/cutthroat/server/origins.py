"""Which pages may open the game's WebSockets: the server's own, and the origins the
host allows (``cutthroat serve --allow-origin``); and which names the server answers
to, where the host lists them (``cutthroat serve --allowed-host``).

A browser lets any site's page open a WebSocket to any server, and sends that page's
origin in the handshake's ``Origin`` header. A page of another site cannot read a
seat's token, so it could not play for anybody; but it could open watchers' sockets by
the dozen from its visitor's address and so use up that address's share of sockets
(``--ip-sockets``), locking the visitor, or everybody behind the same router, out of
their own tables. So a handshake whose ``Origin`` is another site's is refused (4403).
A program that is no browser sends no ``Origin`` and is not concerned.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Collection, Mapping
from urllib.parse import urlsplit

__all__ = ["DEFAULT_PORTS", "answers_to", "foreign_origin", "parse_host_name",
           "parse_origin"]

DEFAULT_PORTS = {"http": 80, "https": 443}
"""The port an address of each scheme has when it names none."""


def parse_origin(text: str) -> str:
    """An origin as browsers send it: ``scheme://host`` or ``scheme://host:port``,
    lower case, the scheme's default port left out; :class:`ValueError` for anything
    else (a path, a query, no scheme, a scheme other than http and https).

    >>> parse_origin("HTTPS://Cards.Example:443"), parse_origin("http://10.0.0.5:8000")
    ('https://cards.example', 'http://10.0.0.5:8000')
    """
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        parts, port = None, None
    if (parts is None or parts.scheme.lower() not in DEFAULT_PORTS or not parts.hostname
            or parts.path not in ("", "/") or parts.query or parts.fragment
            or parts.username is not None or parts.password is not None):
        raise ValueError(f"{text!r} is not an origin: write it as a page's address has "
                         "it, such as https://cards.example or http://10.0.0.5:8000")
    scheme = parts.scheme.lower()
    host = parts.hostname.lower()
    if ":" in host:  # an IPv6 address, in brackets in an address
        host = f"[{host}]"
    return f"{scheme}://{host}" + ("" if port in (None, DEFAULT_PORTS[scheme])
                                   else f":{port}")


_LABEL = r"[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?"
_HOST_NAME = re.compile(rf"(\*\.)?{_LABEL}(\.{_LABEL})*\.?|\[[0-9a-f:.]+\]")
"""A name a ``Host`` header may give, without its port: a domain (led by ``*.`` for
every name under it), an IPv4 address, or an IPv6 address in brackets."""


def parse_host_name(text: str) -> str:
    """A name the server answers to (``--allowed-host``), as a ``Host`` header gives it
    without its port, in lower case; :class:`ValueError` for anything else (a scheme, a
    port, a path, a ``*`` other than a leading ``*.``, a label led or ended by ``-``, an
    IPv6 address that is none); an IPv6 address in the shortest form, as browsers write
    it.

    >>> parse_host_name(" Cards.Example "), parse_host_name("*.example.com")
    ('cards.example', '*.example.com')
    >>> parse_host_name("[0:0::1]"), parse_host_name("10.0.0.5")
    ('[::1]', '10.0.0.5')
    """
    name = text.strip().lower()
    if name.startswith("[") and _HOST_NAME.fullmatch(name):
        try:  # as a browser writes it in an address: the shortest form
            return f"[{ipaddress.IPv6Address(name[1:-1]).compressed}]"
        except ValueError:
            pass
    elif _HOST_NAME.fullmatch(name):
        return name
    raise ValueError(f"{text!r} is not a host name: write it as an address names it, "
                     "without scheme, port or path, such as cards.example, "
                     "*.example.com (every name under it), 10.0.0.5 or [::1]")


def answers_to(name: str, hosts: Collection[str]) -> bool:
    """Whether a server that lists ``hosts`` (:func:`parse_host_name`'s) answers a
    request for ``name`` (a ``Host`` without its port), as Starlette's
    ``TrustedHostMiddleware`` decides it: the name itself, or one under a ``*.``.

    >>> answers_to("a.club.example", ["*.club.example"]), answers_to("localhost", ["x"])
    (True, False)
    """
    name = name.lower()
    return any(name == host or (host.startswith("*.") and name.endswith(host[1:]))
               for host in hosts)


def _host_of(origin: str, host: str | None) -> bool:
    """Whether ``origin`` (as :func:`parse_origin` gives it) names the server that the
    request's ``Host`` header names: its port too when the header names one, the host
    alone when it does not (nginx's ``$host``, which a proxy's ``Host`` is often set to,
    leaves out the port the players use: ``https://cards.example:8443``).

    >>> _host_of("https://cards.example:8443", "cards.example")
    True
    >>> _host_of("https://cards.example:8443", "cards.example:443")
    False
    """
    if not host:
        return False
    scheme, _, rest = origin.partition("://")
    try:
        named = urlsplit(f"{scheme}://{host}")
        if named.port is None and named.hostname:  # no port said: the host alone
            return parse_origin(f"{scheme}://{host}") == f"{scheme}://{_without_port(rest)}"
        return parse_origin(f"{scheme}://{host}") == origin
    except ValueError:
        return False


def _without_port(netloc: str) -> str:
    """An origin's host, its port left out (``[::1]:8000`` gives ``[::1]``)."""
    if netloc.startswith("["):
        return netloc[:netloc.index("]") + 1]
    return netloc.partition(":")[0]


def foreign_origin(headers: Mapping[str, str], allowed: Collection[str] = ()) -> str | None:
    """The ``Origin`` of a WebSocket handshake (its ``headers``) when it is another
    site's: not the server the ``Host`` header names, nor one a proxy's
    ``X-Forwarded-Host`` names (Apache's, which does not pass the ``Host`` on), nor one
    of ``allowed`` (origins as :func:`parse_origin` gives them); ``None`` when it may
    connect, or sends no ``Origin`` (a program that is no browser). A page cannot set
    either header on a WebSocket of its own: a browser writes them.

    >>> foreign_origin({"origin": "https://evil.example", "host": "cards.example"})
    'https://evil.example'
    >>> foreign_origin({"origin": "https://cards.example", "host": "cards.example"}) is None
    True
    """
    said = headers.get("origin")
    if said is None:
        return None
    try:
        origin = parse_origin(said)
    except ValueError:  # "null" (a sandboxed frame, a file), or no origin at all
        return said
    hosts = [headers.get("host"), *headers.get("x-forwarded-host", "").split(",")]
    if origin in allowed or any(_host_of(origin, host.strip()) for host in hosts if host):
        return None
    return origin
