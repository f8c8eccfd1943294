"""The score pad's pages: the home page (the games and a new game), a game's page, an
edition's rules (a bundled edition's, or a game's), and what the pages need beside
their templates: the service worker, the language switch and the certificate a phone
installs. The comparison page is :mod:`.comparing`'s, the statistics :mod:`.standings`'."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from skullking.analysis.explain import explain

from .games import Editions
from .i18n import COOKIE, LANGUAGES, chosen
from .rendering import render
from .requests import bundled
from .rules_html import rules_html
from .standings import Standings
from .store import Store, StoredGame
from .threads import in_thread

#: The page's script and stylesheet (the real folder: an editable install links its files).
STATIC = Path(__file__).resolve().parent / "static"


class Pages:
    """The handlers of the home page, a game's page and the edition pages."""

    def __init__(self, *, store: Store, editions: Editions, standings: Standings) -> None:
        self.store, self.editions, self.standings = store, editions, standings

    async def index(self, request: Request) -> Response:
        games = await self.standings.listed.get()
        return render("index.html", request, games=games, editions=self.editions.bundled())

    async def game(self, request: Request) -> Response:
        game = await in_thread(self.store.game, request.path_params["game"])
        return render("game.html", request, game=game)

    async def edition(self, request: Request) -> Response:
        edition = await bundled(self.editions, request.path_params["edition"])
        return await self._explained(request, edition, None)

    async def game_edition(self, request: Request) -> Response:
        game = await in_thread(self.store.game, request.path_params["game"])
        edition = await in_thread(self.editions.of, game)
        return await self._explained(request, edition, game)

    async def _explained(self, request: Request, edition: Any, game: StoredGame | None) -> Response:

        lang = chosen(request.cookies.get(COOKIE), request.headers.get("accept-language"))
        html = await in_thread(lambda: rules_html(explain(edition, lang)))
        return render("edition.html", request, edition=edition, html=html, game=game)


async def language(request: Request) -> Response:
    """The language switch: ``?to=de&back=/games/ID`` keeps ``de`` in the reader's
    cookie (a year) and goes back to the page (a path of the pad's own only)."""
    lang = request.query_params.get("to", "")
    back = request.query_params.get("back", "/")
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        back = "/"
    answer = RedirectResponse(back, status_code=303)
    if lang in LANGUAGES:
        answer.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    return answer


async def service_worker(request: Request) -> Response:
    """The service worker (static/sw.js), served at the root so that its scope is every
    page of the pad; checked for a newer one on every visit."""
    body = await in_thread((STATIC / "sw.js").read_bytes)
    return Response(body, media_type="text/javascript", headers={"cache-control": "no-cache"})


def certificate_file(pem: bytes) -> Callable[[Request], Awaitable[Response]]:
    """``/pad.crt``: the certificate a phone installs to trust the pad (``--tls``), as
    phones take a certificate authority to install."""

    async def answer(request: Request) -> Response:
        return Response(
            pem,
            media_type="application/x-x509-ca-cert",
            headers={"content-disposition": 'attachment; filename="skullking-pad.crt"'},
        )

    return answer
