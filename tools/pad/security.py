"""The score pad's guard at the door: requests that name another host refused (DNS
rebinding), writes refused when another site sends them (cross-site request forgery),
and the security headers on every answer."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping
from typing import Any

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

_SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


class Hosts:
    """The names and addresses a request may give as its ``Host``: those the server is
    reachable as, and those the user allowed. A page of another site that points its own
    name at the server (DNS rebinding) sends that name, so it is refused; an address is
    also taken when the connection arrived on it, so each address of a server listening on
    all of them is answered without a list of the machine's addresses."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = frozenset(n for n in (canonical(name) for name in names) if n)

    def allows(self, host: str, local: str | None) -> bool:
        """Whether the ``Host`` header ``host`` is accepted on a connection that arrived
        on the address ``local``."""
        name = canonical(_without_port(host))
        if not name:
            return False
        if name in self.names:
            return True
        return local is not None and _is_address(name) and name == canonical(local)


def canonical(host: str) -> str:
    """A host as compared: a name in lower case without a final dot, an address in its
    usual spelling (``::ffff:10.0.0.5`` is ``10.0.0.5``, a zone and brackets dropped)."""
    text = host.strip().lower().removesuffix(".")
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    try:
        address = ipaddress.ip_address(text.partition("%")[0])
    except ValueError:
        return text
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(address)


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _without_port(host: str) -> str:
    """``name:8000`` -> ``name``; ``[::1]:8000`` -> ``[::1]``."""
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else ""
    name, colon, port = host.rpartition(":")
    return name if colon and port.isascii() and port.isdigit() else host


class SameOrigin:
    """Refuse requests that name a host the server is not (``hosts``; ``None``: any), and
    writes that come from another site (cross-site request forgery); add the security
    headers to every answer."""

    def __init__(self, app: ASGIApp, hosts: Hosts | None = None) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                present = {k.lower() for k, _ in message["headers"]}
                for key, value in _SECURITY_HEADERS.items():
                    if key.encode() not in present:
                        message["headers"].append((key.encode(), value.encode()))
            await send(message)

        refusal = self._unknown_host(headers.get("host", ""), scope.get("server"))
        if refusal is not None:
            await JSONResponse({"error": refusal}, status_code=400)(scope, receive, send_with_headers)
            return
        if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            refusal = _cross_site(headers, scope.get("scheme", "http"))
            if refusal is not None:
                await JSONResponse({"error": refusal}, status_code=403)(scope, receive, send_with_headers)
                return
        await self.app(scope, receive, send_with_headers)

    def _unknown_host(self, host: str, server: Any) -> str | None:
        """Why a request naming ``host`` is refused, or ``None``."""
        if self.hosts is None:
            return None
        local = str(server[0]) if server else None
        if self.hosts.allows(host, local):
            return None
        shown = _without_port(host)[:80] or "no host"
        return (
            f"refused: this score pad is not served as '{shown}'; "
            f"if that is its name, start it with --allow-host {shown}"
        )


def _cross_site(headers: Mapping[str, str], scheme: str) -> str | None:
    """Why a write is refused as coming from another site, or ``None``."""
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return f"refused: a change sent from another site ({site}); use the score pad's own pages"
    origin = headers.get("origin")
    if origin is not None and origin != "null":
        from urllib.parse import urlsplit

        parts = urlsplit(origin)
        if (parts.scheme, parts.netloc) != (scheme, headers.get("host", "")):
            return "refused: a change sent from another site (its Origin is not this server)"
    elif origin == "null":
        return "refused: a change sent from a page without an origin"
    return None
