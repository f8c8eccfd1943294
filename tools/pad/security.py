"""The score pad's guard at the door: writes refused when another site sends them
(cross-site request forgery), and the security headers on every answer."""

from __future__ import annotations

from collections.abc import Mapping
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


class SameOrigin:
    """Refuse writes that come from another site (cross-site request forgery), and add
    the security headers to every answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

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

        if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
            refusal = _cross_site(headers, scope.get("scheme", "http"))
            if refusal is not None:
                await JSONResponse({"error": refusal}, status_code=403)(scope, receive, send_with_headers)
                return
        await self.app(scope, receive, send_with_headers)


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
