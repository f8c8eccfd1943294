"""The score pad's web application (Starlette): the parts it is made of and its routes.

Every write is a JSON request from the page's own script (or another program), checked
for a JSON content type and a same-origin ``Origin``/``Sec-Fetch-Site`` (a cross-site
form cannot send one), and committed to the database before the answer is sent.

The handlers are each concern's own (:mod:`.games_api`, :mod:`.editions_api`,
:mod:`.pages`, :mod:`.standings`, :mod:`.comparing`); :mod:`.handling` runs each of
them, and :mod:`.warming` works the compare reports out ahead.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import AsyncIterator, Iterable
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from .comparing import DiffPages, Make, Reports
from .editions_api import EditionsApi
from .games import Editions
from .games_api import GamesApi
from .handling import Activity, Guard
from .pages import STATIC, Pages, certificate_file, language, service_worker
from .security import Hosts, SameOrigin
from .sharing import Access, Sharing
from .standings import Standings, StatisticsPages
from .store import Store
from .threads import in_thread
from .warming import STOP_SECONDS, warm_reports

__all__ = ["Pad", "create_app"]


class Pad:
    """The score pad's parts that its handlers share: the store, the editions, whether
    the pad is shared, the requests being answered, each stored game's standing and the
    compare reports."""

    def __init__(self, store: Store, sharing: Sharing | None = None) -> None:
        self.store = store
        self.sharing = sharing or Sharing()
        self.editions = Editions()
        self.activity = Activity()
        self.standings = Standings(store=store, editions=self.editions)
        self.reports = Reports(editions=self.editions, store=store)

    def warm(
        self,
        stop: threading.Event,
        idle: float | None = None,
        *,
        pairs: Iterable[tuple[str, str]] | None = None,
        make: Make | None = None,
    ) -> None:
        """Work the compare reports out ahead while no request comes, until ``stop`` is
        set: :func:`.warming.warm_reports` of this pad's reports."""
        warm_reports(stop, idle, reports=self.reports, activity=self.activity, pairs=pairs, make=make)


def routes(pad: Pad, certificate_pem: bytes | None = None) -> list[BaseRoute]:
    """The pad's routes: the JSON API, then the pages (``certificate_pem``: served at
    ``/pad.crt``), each handler run by a :class:`~.handling.Guard`."""
    handler = Guard(store=pad.store, sharing=pad.sharing, activity=pad.activity)
    game, whole = Access.GAME, Access.PAD
    editions = EditionsApi(store=pad.store, editions=pad.editions)
    games = GamesApi(store=pad.store, editions=pad.editions, sharing=pad.sharing, standings=pad.standings)
    pages = Pages(store=pad.store, editions=pad.editions, standings=pad.standings)
    stats = StatisticsPages(standings=pad.standings)
    diff = DiffPages(editions=pad.editions, reports=pad.reports)
    api = [
        Route("/api/editions", handler(editions.listing)),
        Route("/api/editions/{edition}", handler(editions.choices)),
        Route("/api/rules", handler(editions.check_rules), methods=["POST"]),
        Route("/api/share", handler(games.share)),
        Route("/api/games", handler(games.listing)),
        Route("/api/games", handler(games.create, access=whole), methods=["POST"]),
        Route("/api/games/import", handler(games.import_sheet, access=whole), methods=["POST"]),
        Route("/api/games/{game}", handler(games.game)),
        Route("/api/games/{game}", handler(games.delete, access=game), methods=["DELETE"]),
        Route("/api/games/{game}", handler(games.rename, access=game), methods=["PATCH"]),
        Route("/api/games/{game}/rematch", handler(games.rematch, access=game), methods=["POST"]),
        Route("/api/games/{game}/share", handler(games.share)),
        Route("/api/games/{game}/form", handler(games.game_form)),
        Route("/api/games/{game}/draft", handler(games.draft)),
        Route("/api/games/{game}/draft", handler(games.put_draft, access=game), methods=["PUT"]),
        Route("/api/games/{game}/sheet.yaml", handler(games.sheet_file)),
        Route("/api/games/{game}/rules.yaml", handler(games.rules_file)),
        Route("/api/games/{game}/record.skr", handler(games.record_file)),
        Route("/api/games/{game}/rounds/{n}", handler(games.put_round, access=game), methods=["PUT"]),
        Route("/api/games/{game}/rounds/{n}", handler(games.delete_round, access=game), methods=["DELETE"]),
        Route("/api/games/{game}/rounds/{n}/preview", handler(games.preview_round), methods=["POST"]),
        Route("/api/trick", handler(editions.trick)),
        Route("/api/stats", handler(stats.api)),
        Route("/api/diff", handler(diff.api)),
    ]
    page_routes = [
        Route("/", handler(pages.index, page=True)),
        Route("/games/{game}", handler(pages.game, page=True)),
        Route("/games/{game}/edition", handler(pages.game_edition, page=True)),
        Route("/editions/{edition}", handler(pages.edition, page=True)),
        Route("/diff", handler(diff.page, page=True)),
        Route("/stats", handler(stats.page, page=True)),
        Route("/stats/players/{name:path}", handler(stats.player, page=True)),
        Route("/sw.js", service_worker),
        Route("/language", language),
        *([] if certificate_pem is None else [Route("/pad.crt", certificate_file(certificate_pem))]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return [*api, *page_routes]


def create_app(
    db: Path,
    *,
    hosts: Hosts | None = None,
    sharing: Sharing | None = None,
    warm: bool = False,
    certificate: bytes | None = None,
) -> Starlette:
    """The score pad's ASGI application, storing games in the SQLite file ``db``.
    ``hosts`` are the names and addresses requests may name as their host (``None``: any);
    ``sharing`` says whether changes need a key (see :mod:`.sharing`; default: they do not).
    ``certificate`` (PEM), served at ``/pad.crt``, is the one a phone installs to trust
    the pad served over HTTPS (see :mod:`.tls`).
    With ``warm``, from its start a thread works the compare page's reports out ahead
    while the pad is idle (:meth:`Pad.warm`), until it stops."""
    pad = Pad(Store(db), sharing)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        stop = threading.Event()
        warming = threading.Thread(target=pad.warm, args=(stop,), name="compare reports", daemon=True)
        warming.start()
        try:
            yield
        finally:
            stop.set()  # (it ends once the report in the making is made, and its worker with it)
            await in_thread(warming.join, STOP_SECONDS)

    app = Starlette(
        routes=routes(pad, certificate),
        middleware=[Middleware(SameOrigin, hosts=hosts)],
        lifespan=lifespan if warm else None,
    )
    app.state.pad = pad
    return app
