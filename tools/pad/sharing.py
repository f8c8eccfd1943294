"""The score pad shared with the phones at the table: who may change what, and the
links (with their QR codes) that let a phone in.

Served on this machine only (loopback, the default) the pad asks no key: only programs
of this machine reach it, and they could change its database anyway. Served beyond
loopback (``skullking serve --lan``, or a ``--host`` that is not loopback), a change
needs a key, sent as ``Authorization: Bearer KEY``:

- a game's secret opens that game: its rounds, its title, undoing, deleting, a rematch;
- the pad's secret opens every game and starts or imports new ones.

Without a key a phone watches: it reads the games, their scores and rules, checks
tricks and previews a round, and changes nothing. Each secret is 128 random bits
(:data:`~.store.SECRET_BYTES`), made when first asked for and kept in the database; the
links carry it after ``#key=``, a part of the address that the browser never sends, so
no request line, log or ``Referer`` holds it. The page keeps it (in the phone's local
storage) and sends it with each change.
"""

from __future__ import annotations

import enum
import hmac
import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from .store import WHOLE_PAD, Store


class Access(enum.Enum):
    """What a request does, and so which key it needs on a shared pad."""

    READ = "read"  #: changes nothing: no key
    GAME = "game"  #: changes one game: its secret or the pad's
    PAD = "pad"  #: starts a game: the pad's secret


#: What a phone without the key is told when it tries a change.
WATCH_ONLY = (
    "this phone can only watch: to enter scores on a shared score pad, open the game's link "
    "with its key (scan the QR code shown on a phone that keeps the score)"
)


@dataclass(frozen=True)
class Sharing:
    """How the pad is served: ``shared`` (beyond loopback: changes need a key) and
    ``address``, the pad's root as the phones on the network reach it (``None``: the
    address each request names)."""

    shared: bool = False
    address: str | None = None
    #: The SHA-256 fingerprint of the certificate a phone installs to trust the pad,
    #: served at ``/pad.crt`` (``--tls``); ``None``: plain HTTP.
    certificate: str | None = None

    def allows(self, store: Store, request: Request, access: Access, game: str | None) -> bool:
        """Whether ``request`` may do what ``access`` says (to ``game``, for a change of one)."""
        if not self.shared or access is Access.READ:
            return True
        key = presented(request)
        if key is None:
            return False
        if _same(key, store.secret(WHOLE_PAD)):
            return True
        return access is Access.GAME and game is not None and _same(key, store.secret(game))

    def share(self, store: Store, request: Request, game: str | None) -> dict[str, Any]:
        """The link other phones open for the pad's games (``game`` ``None``) or for one
        game, with its QR code: with the key when the request holds one that opens it
        (so the phone that keeps the score can let the others in), else the watching
        link. ``shared``: whether the pad is served beyond this machine; ``writable``:
        whether the request may change what the link opens."""
        trust = None if self.certificate is None else {"url": "/pad.crt", "fingerprint": self.certificate}
        if not self.shared:
            return {"shared": False, "writable": True, "url": None, "watch_url": None, "qr": None, "certificate": trust}
        access = Access.PAD if game is None else Access.GAME
        writable = self.allows(store, request, access, game)
        root = self.address or str(request.base_url).rstrip("/")
        watch = root + ("/" if game is None else f"/games/{game}")
        url = watch
        if writable:
            url += "#key=" + store.secret(WHOLE_PAD if game is None else game)
        return {
            "shared": True,
            "writable": writable,
            "url": url,
            "watch_url": watch,
            "qr": qr_data_uri(url),
            "certificate": trust,
        }


def presented(request: Request) -> str | None:
    """The key a request sends (``Authorization: Bearer KEY``), or ``None``."""
    scheme, _, key = request.headers.get("authorization", "").partition(" ")
    key = key.strip()
    return key if scheme.lower() == "bearer" and key else None


def _same(given: str, secret: str) -> bool:
    """Compared in a time that does not tell how much of ``given`` was right."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), secret.encode())


# --------------------------------------------------------------------------- QR codes


def qr_data_uri(text: str) -> str:
    """``text`` as a QR code, an SVG picture in a ``data:`` address (drawn by segno)."""
    import segno

    uri: str = segno.make(text, error="m").svg_data_uri(scale=4, border=2)
    return uri


def qr_text(text: str) -> str:
    """``text`` as a QR code drawn with the terminal's block characters, two rows of
    modules a line (dark on light, as a phone's camera reads it)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


# --------------------------------------------------------------------------- addresses


def network_addresses(bound: Iterable[str]) -> list[str]:
    """The addresses phones on the local network reach a server listening on ``bound``
    at: each that is not loopback, and for one that stands for every address (0.0.0.0,
    ::) the addresses this machine goes out to the network from. Private IPv4
    addresses first (the ones a home or club network gives), then the others."""
    found: dict[str, None] = {}
    for text in bound:
        address = ipaddress.ip_address(text.partition("%")[0])
        if address.is_unspecified:
            for family in (socket.AF_INET, socket.AF_INET6) if address.version == 6 else (socket.AF_INET,):
                found.update(dict.fromkeys(_outward(family)))
        elif not address.is_loopback:
            found[str(address)] = None

    def order(text: str) -> tuple[bool, bool, str]:
        address = ipaddress.ip_address(text)
        return (address.version != 4, not address.is_private, text)

    return sorted(found, key=order)


def _outward(family: socket.AddressFamily) -> list[str]:
    """The addresses of this machine in ``family`` that are not loopback: the one its
    route to the network leaves from (a connected UDP socket sends nothing), and those
    its host name has."""
    probe = "10.254.254.254" if family == socket.AF_INET else "fd00::1"
    addresses: list[str] = []
    with socket.socket(family, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect((probe, 9))
            addresses.append(str(sock.getsockname()[0]))
        except OSError:
            pass
    try:
        named = socket.getaddrinfo(socket.gethostname(), None, family, socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        named = []
    addresses += [str(info[4][0]) for info in named]
    usable = []
    for text in addresses:
        address = ipaddress.ip_address(text.partition("%")[0])
        if not (address.is_loopback or address.is_unspecified or address.is_link_local):
            usable.append(str(address))
    return usable


def url_of(address: str, port: int, *, secure: bool = False) -> str:
    """``http://ADDRESS:PORT`` (``https`` when ``secure``; an IPv6 address in brackets)."""
    shown = f"[{address}]" if ":" in address else address
    return f"{'https' if secure else 'http'}://{shown}:{port}"
