"""How ``skullking serve`` meets the network: the sockets it listens on, the names it
answers to, and a guard against clients that hold connections open without sending or
without reading.

uvicorn closes a kept-alive connection left idle, but it waits for ever on a request
whose headers or body arrive a byte at a time, on a client that takes none of its
answer (a connection whose answer is being written has no timer), and it accepts
connections until the process runs out of files: a handful of such clients could leave
the pad answering no one. :class:`GuardedH11Protocol` adds what it lacks, at the level
where the bytes arrive and leave (a middleware sees a request only once its headers are
whole, and never sees whether its answer is read).
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .security import canonical


def _default_connections() -> int:
    """Connections held at once: well under the open-file limit (each connection is a
    file, as are the database's files and those of the threads that read it), at most 500."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return 500
    if soft == resource.RLIM_INFINITY:
        return 500
    return max(8, min(500, soft // 4))


#: Connections one client (one address) holds at once, unless told otherwise: a browser
#: opens up to six to a server, and a phone or a computer may show the pad in a few tabs.
CLIENT_CONNECTIONS = 32
#: The longest write time ``serve --write-timeout`` takes (seconds).
MAX_WRITE_SECONDS = 3600.0


@dataclass(frozen=True, kw_only=True)
class Limits:
    """What the server waits for and holds. ``header_seconds``: from a request's first
    byte (or from the connection, for its first request) until its headers are whole;
    ``body_seconds``: from then until its body is whole; ``write_seconds``: how long an
    answer waits for its client to take any of it (the client reads nothing, and what is
    written to it piles up), as a closed connection's last bytes do, before the
    connection is dropped; ``connections``: open at once (when all are taken, a new one
    replaces the one that has waited longest for its client, to send or to read, or is
    answered 503 when every one is being answered); ``client_connections``: open at once
    from one address (past it, a new one from that address replaces the one of that
    address that has waited longest, or is answered 503 when every one is being
    answered), at most ``connections``."""

    header_seconds: float = 20.0
    body_seconds: float = 60.0
    write_seconds: float = 60.0
    connections: int = field(default_factory=_default_connections)
    client_connections: int = CLIENT_CONNECTIONS


class ListenError(Exception):
    """The server cannot listen where it was told: the message says why, in one line."""


def listen(host: str, port: int, *, backlog: int) -> list[socket.socket]:
    """Sockets listening on every address ``host`` names, at ``port`` (0: a free one),
    as uvicorn would bind them; raise :class:`ListenError` when that cannot be done."""
    try:
        found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, socket.gaierror) else str(exc)
        raise ListenError(
            f"--host {host}: not an address of this machine nor a name it can look up ({reason})"
        ) from None
    sockets: list[socket.socket] = []
    try:
        for family, kind, proto, _, given in dict.fromkeys((f, k, p, "", a) for f, k, p, _, a in found):
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:  # as asyncio: "::" is IPv6 only, 0.0.0.0 is IPv4's
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            address = given
            if port == 0 and sockets[0] is not sock:  # every address on the one free port found first
                address = (given[0], sockets[0].getsockname()[1], *given[2:])
            try:
                sock.bind(address)
                sock.listen(backlog)
            except OSError as exc:
                raise ListenError(_cannot_listen(exc, host, port, str(address[0]))) from None
    except BaseException:
        for sock in sockets:
            sock.close()
        raise
    return sockets


def _cannot_listen(exc: OSError, host: str, port: int, address: str) -> str:
    where = f"[{address}]:{port}" if ":" in address else f"{address}:{port}"
    if exc.errno == errno.EADDRINUSE:
        return f"--port {port}: {where} is in use by another program; choose another port (--port 0 takes a free one)"
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"--host {host}: {address} is not an address of this machine"
    if exc.errno == errno.EACCES:
        return f"--port {port}: not allowed to listen on {where} (ports below 1024 need the administrator)"
    return f"--host {host}: cannot listen on {where}: {exc.strerror or exc}"


def reachable_names(host: str, bound: Iterable[str], allowed: Iterable[str] = ()) -> list[str]:
    """The names and addresses a client may give as the ``Host`` of a server listening
    on the addresses ``bound`` (for ``--host host``), plus ``allowed`` (``--allow-host``):
    its addresses; the loopback names when it listens there; ``host`` itself when it is
    a name; the machine's host name when it listens on every address or on one that name
    leads to, and ``NAME.local`` (its name on the local network) when it listens beyond
    loopback. A connection is also answered under the address it arrived on (see
    :class:`~.security.Hosts`)."""
    listening = {canonical(address) for address in bound}
    addresses = {ipaddress.ip_address(a) for a in listening}
    everywhere = any(a.is_unspecified for a in addresses)
    names = {str(a) for a in addresses if not a.is_unspecified}
    names.update(canonical(name) for name in allowed)
    if everywhere or any(a.is_loopback for a in addresses):
        names.update(("localhost", "127.0.0.1", "::1"))
    if host and not _numeric(host):
        names.add(canonical(host))
    machine = socket.gethostname().lower()
    if machine and machine != "localhost":
        label = machine.split(".")[0]
        local_network = everywhere or any(not a.is_loopback for a in addresses)
        for name in dict.fromkeys((machine, label)):
            if everywhere or _leads_to(name, listening):
                names.add(name)
        if local_network:
            names.add(f"{label}.local")
    return sorted(names)


def _numeric(host: str) -> bool:
    """Whether ``host`` is an address however spelled (``2130706433`` is 127.0.0.1)."""
    try:
        socket.getaddrinfo(host, None, flags=socket.AI_NUMERICHOST)
    except (socket.gaierror, UnicodeError):
        return False
    return True


def _leads_to(name: str, bound: set[str]) -> bool:
    try:
        found = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        return False
    return any(canonical(str(address[0])) in bound for *_, address in found)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with :class:`Limits`: a connection whose request's
    headers or body are not whole in time is closed (408 when part of it came), one
    whose client takes none of its answer in time is dropped, and open connections are
    bounded, in all and per client. uvicorn's own keep-alive timeout still closes an idle
    connection between requests; the timers here start with a request's first byte and
    with an answer that its client stops taking."""

    limits: ClassVar[Limits] = Limits()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._timer: asyncio.TimerHandle | None = None
        self._timed = ""  # what the timer waits for: "headers", "body" or ""
        self._heard = False  # a byte of the awaited request came
        self._waiting_since = 0.0
        self._writer: asyncio.TimerHandle | None = None  # the write timer
        self._unsent = 0  # bytes written and not yet taken by the client, when last looked at
        self._unread_since: float | None = None  # since when the client takes nothing (None: it does)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._waiting_since = self.loop.time()
        if self._make_room():
            self._start("headers", self.limits.header_seconds)

    def data_received(self, data: bytes) -> None:
        if not self._timed and self._awaiting() == "headers":
            self._start("headers", self.limits.header_seconds)
        self._heard = True
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        self._stop()
        self._heard = False
        self._waiting_since = self.loop.time()
        super().on_response_complete()
        self._follow()
        self._linger()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop()
        if self._writer is not None:
            self._writer.cancel()
            self._writer = None
        super().connection_lost(exc)

    def pause_writing(self) -> None:
        """The answers written pile up unread (past the transport's high-water mark):
        the client has :attr:`Limits.write_seconds` to take some."""
        super().pause_writing()
        self._watch_writing()

    def resume_writing(self) -> None:
        super().resume_writing()
        if not self.transport.is_closing() and self._writer is not None:
            self._writer.cancel()
            self._writer, self._unread_since = None, None

    def timeout_keep_alive_handler(self) -> None:
        super().timeout_keep_alive_handler()
        self._linger()

    def send_400_response(self, msg: str) -> None:
        super().send_400_response(msg)
        self._linger()

    def shutdown(self) -> None:
        super().shutdown()
        self._linger()

    def _awaiting(self) -> str:
        """What the server waits for from the client: "headers" (of a request), "body",
        or "" (the request is whole: the answer is being made)."""
        cycle = self.cycle
        if cycle is None or cycle.response_complete:
            return "headers"
        return "body" if cycle.more_body else ""

    def _waiting(self) -> float | None:
        """Since when this connection has waited for its client (to send a request, or
        to take what was written to it); ``None`` while its answer is being made."""
        if self._unread_since is not None:
            return self._unread_since
        return self._waiting_since if self._awaiting() else None

    def _follow(self) -> None:
        awaiting = self._awaiting()
        if not awaiting:
            self._stop()
        elif awaiting == "body" and self._timed != "body":
            self._waiting_since = self.loop.time()
            self._start("body", self.limits.body_seconds)

    def _start(self, what: str, seconds: float) -> None:
        self._stop()
        self._timed = what
        self._timer = self.loop.call_later(seconds, self._too_slow)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._timed = None, ""

    def _too_slow(self) -> None:
        self._timer, self._timed = None, ""
        if self.transport.is_closing():
            return
        cycle = self.cycle
        answering = cycle is not None and cycle.response_started and not cycle.response_complete
        if self._heard and not answering:
            self._refuse(408, "Request Timeout", "the request did not arrive in time")
        else:  # a connection that never sent a request: closed as an idle one is
            self.transport.close()
            self._linger()

    def _watch_writing(self) -> None:
        """Start the write timer (unless it runs): the client must take some of what was
        written to it within :attr:`Limits.write_seconds`, and then again (nginx's
        ``send_timeout``: a slow reader is served, one that reads nothing is dropped)."""
        if self._writer is None:
            self._unread_since = self.loop.time()
            self._unsent = self.transport.get_write_buffer_size()
            self._writer = self.loop.call_later(self.limits.write_seconds, self._unread)

    def _unread(self) -> None:
        self._writer = None
        unsent = self.transport.get_write_buffer_size()
        if unsent and unsent < self._unsent:  # it took some: it has the time again
            self._unsent = unsent
            self._writer = self.loop.call_later(self.limits.write_seconds, self._unread)
        elif unsent or self.flow.write_paused:
            self.transport.abort()  # (closing would wait for the bytes to be taken)
        else:
            self._unread_since = None

    def _linger(self) -> None:
        """A connection closed with bytes its client has not taken stays open until it
        takes them: it gets the write timer too."""
        if self.transport.is_closing() and self.transport.get_write_buffer_size():
            self._watch_writing()

    def _holds(self) -> bool:
        """Whether this connection holds its place (and its file): open, or closed with
        bytes still to be taken by its client."""
        return not self.transport.is_closing() or self.transport.get_write_buffer_size() > 0

    def _drop(self) -> None:
        """End this connection now, to make room for another."""
        if self.transport.is_closing() or self.transport.get_write_buffer_size():
            self.transport.abort()
        else:
            self.transport.close()

    def _address(self) -> str:
        return canonical(str(self.client[0])) if self.client else ""

    def _make_room(self) -> bool:
        """Keep the open connections within the limits, of this client's and of all:
        close the one that has waited longest for its client (of this client's, when its
        own limit is crossed), or refuse this one (503) when every other is being
        answered. Whether this connection stays."""
        limits, address = self.limits, self._address()
        own = min(limits.client_connections, limits.connections)
        for mine in (True, False):
            held = [
                c
                for c in self.connections
                if isinstance(c, GuardedH11Protocol) and c._holds() and (not mine or c._address() == address)
            ]
            if len(held) <= (own if mine else limits.connections):
                continue
            waiting = [(since, c) for c in held if c is not self and (since := c._waiting()) is not None]
            if not waiting:
                busy = "this device holds too many connections" if mine else "the score pad is busy"
                self._refuse(503, "Service Unavailable", f"{busy}; try again", retry=True)
                return False
            min(waiting, key=lambda pair: pair[0])[1]._drop()
        return True

    def _refuse(self, status: int, reason: str, text: str, *, retry: bool = False) -> None:
        """Answer ``status`` outside the request cycle (none is under way) and close."""
        body = text.encode()
        head = (
            f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n" + ("retry-after: 2\r\n" if retry else "") + "\r\n"
        )
        self.transport.write(head.encode() + body)
        self.transport.close()
        self._linger()


def guarded(limits: Limits) -> type[GuardedH11Protocol]:
    """The protocol class for a server with ``limits``."""
    return type("GuardedH11Protocol", (GuardedH11Protocol,), {"limits": limits})


def server(app: Any, limits: Limits, *, tls: tuple[Path, Path] | None = None) -> uvicorn.Server:
    """A uvicorn server for ``app`` with ``limits``, to run on sockets from :func:`listen`
    (with ``backlog=limits.connections``: connections accepted at once stay near the limit);
    over HTTPS with ``tls``, the certificate chain's and the key's PEM files."""
    config = uvicorn.Config(
        app,
        http=guarded(limits),
        ws="none",  # the pad has no WebSocket: an upgrade is not handed to another protocol
        backlog=limits.connections,
        log_level="warning",
        access_log=False,
        ssl_certfile=None if tls is None else str(tls[0]),
        ssl_keyfile=None if tls is None else str(tls[1]),
    )
    return uvicorn.Server(config)
