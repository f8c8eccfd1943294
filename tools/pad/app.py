"""The score pad's web application (Starlette): the JSON API and the pages.

Every write is a JSON request from the page's own script (or another program), checked
for a JSON content type and a same-origin ``Origin``/``Sec-Fetch-Site`` (a cross-site
form cannot send one), and committed to the database before the answer is sent.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from skullking.errors import SkullKingError

from .games import MAX_PLAYERS, MIN_PLAYERS, Editions, RoundError, RulesError, form, score, sheet_yaml
from .store import Conflict, NotFound, StaleWrite, Store, StoredGame

#: The largest request body read (a pasted house rule or an imported sheet).
MAX_BODY = 1_000_000
#: The longest player name.
MAX_NAME = 40
#: Random tricks the diff page plays (``skullking diff`` plays 2,000).
DIFF_SAMPLE = 500
#: The most rounds a game may hold (the longest schedule and tie-break rounds).
MAX_GAME_ROUNDS = 100

#: The page's script and stylesheet (the real folder: an editable install links its files).
STATIC = Path(__file__).resolve().parent / "static"

_SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


class BadRequest(Exception):
    """A request the API refuses: its status and JSON record."""

    def __init__(self, record: Mapping[str, Any], status: int = 400) -> None:
        self.record = dict(record)
        self.status = status
        super().__init__(self.record.get("error", ""))


def _bad(message: str, status: int = 400) -> BadRequest:
    return BadRequest({"error": message}, status)


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


# --------------------------------------------------------------------------- helpers


async def _body(request: Request, *, yaml_ok: bool = False) -> bytes:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    allowed = ["application/json"] + (["application/yaml", "application/x-yaml", "text/yaml"] if yaml_ok else [])
    if kind not in allowed:
        raise _bad(f"send {' or '.join(allowed)} (got {kind or 'no content type'})", 415)
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise _bad(f"the request is larger than {MAX_BODY:,} bytes", 413)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise _bad(f"the request is larger than {MAX_BODY:,} bytes", 413)
    return bytes(data)


async def _json(request: Request) -> Any:
    from skullking.bounded import json_too_deep
    from skullking.limits import MAX_NESTING

    data = await _body(request)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _bad("the request is not UTF-8") from None
    deep = json_too_deep(text)
    if deep is not None:
        raise _bad(f"the JSON is nested more than {MAX_NESTING} levels deep (at character {deep})")
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        raise _bad(f"the request is not JSON: {exc}") from None
    try:  # JSON's \ud800 escapes make strings that are not text (a lone surrogate)
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start : exc.end].encode("unicode_escape").decode("ascii")
        raise _bad(f"the request holds {bad}, half of a character (a lone surrogate), which is not text") from None
    return value


def _version(request: Request) -> int | None:
    """The game version the writer saw (``If-Match``), if it names one."""
    given = request.headers.get("if-match")
    if given is None or given.strip() == "*":
        return None
    text = given.strip().removeprefix("W/").strip('"')
    if not text.isdigit():
        raise _bad(f'If-Match must name a game version such as "3", got {given[:40]!r}')
    return int(text)


def _round_number(request: Request) -> int:
    text = request.path_params["n"]
    if not text.isdigit() or not 1 <= int(text) <= MAX_GAME_ROUNDS:
        raise _bad(f"a round number is 1 to {MAX_GAME_ROUNDS}, got '{text[:20]}'", 404)
    return int(text)


def _players(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise _bad("'players' must be a list of names")
    names = [" ".join(p.split()) for p in value]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise _bad(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}")
    for name in names:
        if not name:
            raise _bad("every player needs a name")
        if len(name) > MAX_NAME:
            raise _bad(f"a player's name has at most {MAX_NAME} characters: '{name[:MAX_NAME]}...'")
        if not name.isprintable():
            raise _bad(f"a player's name cannot hold control characters: {name!r}")
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise _bad(f"two players are called '{name}': give each a different name")
        seen.add(name.casefold())
    return names


# --------------------------------------------------------------------------- the app


class Pad:
    """The score pad: a store, the editions, and the request handlers."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.editions = Editions()

    def edition_of(self, game: StoredGame) -> Any:
        return self.editions.get(game.edition, game.rules)

    def game_record(self, game: StoredGame) -> dict[str, Any]:
        """The score JSON of a game plus its sheet, id, title, version and house rule."""
        from .games import sheet_of

        record = score(self.edition_of(game), game)
        record.update(
            id=game.id,
            title=game.title,
            version=game.version,
            house_rule=game.rules is not None,
            sheet=sheet_of(game),
        )
        return record

    # -- API ---------------------------------------------------------------

    async def api_editions(self, request: Request) -> Response:
        return JSONResponse(self.editions.bundled())

    async def bundled(self, ident: str) -> Any:
        """A bundled edition for a GET: an unknown id is not found (404)."""
        try:
            return await run_in_threadpool(self.editions.get, ident)
        except RulesError as exc:
            raise NotFound(exc.problems[0].message) from None

    async def api_edition(self, request: Request) -> Response:
        edition = await self.bundled(request.path_params["edition"])
        return JSONResponse(_choices(edition))

    async def api_rules(self, request: Request) -> Response:
        """Check a house rule's text (the page does as you type); its choices when it loads."""
        body = await _json(request)
        if not isinstance(body, dict) or not isinstance(body.get("rules"), str):
            raise _bad('send {"rules": "<house rule YAML>"}')
        edition = await run_in_threadpool(self.editions.get, "", body["rules"])
        return JSONResponse(_choices(edition))

    async def api_games(self, request: Request) -> Response:
        games = await run_in_threadpool(self.store.games)
        return JSONResponse(games)

    async def api_create(self, request: Request) -> Response:
        body = await _json(request)
        if not isinstance(body, dict):
            raise _bad('send a JSON object: {"edition", "players", "schedule"?, "scoring"?, "rules"?}')
        known = {"edition", "players", "schedule", "scoring", "rules", "modules", "title"}
        for key in body:
            if key not in known:
                raise _bad(f"unknown key '{str(key)[:40]}' (known: {', '.join(sorted(known))})")
        players = _players(body.get("players"))
        rules = body.get("rules")
        if rules is not None and not isinstance(rules, str):
            raise _bad("'rules' is a house rule's YAML text")
        if rules is not None and not rules.strip():
            rules = None
        ident = body.get("edition", "skullking-2021" if rules is None else "")
        if not isinstance(ident, str):
            raise _bad("'edition' is a bundled edition's id")
        for key in ("schedule", "scoring", "title"):
            if body.get(key) is not None and not isinstance(body[key], str):
                raise _bad(f"'{key}' is text")
        modules = body.get("modules")
        if modules is not None and (not isinstance(modules, list) or not all(isinstance(m, str) for m in modules)):
            raise _bad("'modules' is a list of module ids")
        edition = await run_in_threadpool(self.editions.get, ident, rules)
        _check_choices(edition, body.get("schedule"), body.get("scoring"), modules, players)
        title = (body.get("title") or "").strip()[:80] or f"{', '.join(players)}"
        game_id = await run_in_threadpool(
            lambda: self.store.create(
                edition=edition.id,
                title=title,
                players=players,
                rules=rules,
                schedule=body.get("schedule"),
                scoring=body.get("scoring"),
                modules=modules,
            )
        )
        record = {"id": game_id, "url": f"/games/{game_id}", "version": 1}
        return JSONResponse(record, status_code=201, headers={"etag": '"1"'})

    async def api_import(self, request: Request) -> Response:
        """Import a score sheet (YAML or JSON); a house-rule game sends ``{"sheet", "rules"}``."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        rules: str | None = None
        if kind == "application/json":
            body = await _json(request)
            if isinstance(body, dict) and isinstance(body.get("sheet"), str):
                text: Any = body["sheet"]
                rules = body.get("rules") if isinstance(body.get("rules"), str) else None
            else:
                text = body
        else:
            data = await _body(request, yaml_ok=True)
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise _bad(f"the sheet is not UTF-8 (byte {exc.start + 1}): save it as UTF-8") from None
        game_id = await run_in_threadpool(self._import, text, rules)
        return JSONResponse({"id": game_id, "url": f"/games/{game_id}"}, status_code=201)

    def _import(self, text: Any, rules: str | None) -> str:
        from skullking.errors import SheetError
        from skullking.scoring import read_sheet

        if isinstance(text, str):
            try:
                plain = read_sheet(text, "sheet.yaml").plain()
            except SheetError as exc:
                record = {"error": str(exc.problems[0]), "problems": [p.as_json() for p in exc.problems]}
                raise BadRequest(record) from None
        else:
            plain = text
        if not isinstance(plain, dict):
            raise _bad("a score sheet is a mapping with 'players' and 'rounds'")
        unknown = sorted(set(plain) - {"edition", "players", "rounds", "scoring", "schedule", "modules"})
        if unknown:
            raise _bad(f"unknown key '{unknown[0]}' in the sheet")
        if "rounds" not in plain:
            raise _bad("'rounds' is missing: a score sheet lists its rounds ('rounds: []' for none yet)")
        players = _players(plain.get("players"))
        named = plain.get("edition", "skullking-2021")
        if not isinstance(named, str):
            raise _bad("'edition' names an edition")
        ident = named.removesuffix(".yaml") if rules is not None else named
        edition = self.editions.get(ident, rules)
        if rules is not None and edition.id != ident:
            raise _bad(f"the sheet names edition '{named}', the house rule sent is '{edition.id}'")
        rounds = plain.get("rounds", [])
        if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
            raise _bad("'rounds' is a list of rounds")
        if len(rounds) > MAX_GAME_ROUNDS:
            raise _bad(f"a game holds at most {MAX_GAME_ROUNDS} rounds")
        choices = {k: plain.get(k) for k in ("schedule", "scoring", "modules")}
        for key in ("schedule", "scoring"):
            if choices[key] is not None and not isinstance(choices[key], str):
                raise _bad(f"'{key}' is text")
        modules = choices["modules"]
        if modules is not None and (not isinstance(modules, list) or not all(isinstance(m, str) for m in modules)):
            raise _bad("'modules' is a list of module ids")
        _check_choices(edition, choices["schedule"], choices["scoring"], modules, players)
        probe = StoredGame(
            id="",
            edition=edition.id,
            title="",
            rules=rules,
            players=players,
            schedule=choices["schedule"],
            scoring=choices["scoring"],
            modules=modules,
            created=0,
            updated=0,
            version=0,
            rounds=rounds,
        )
        try:
            score(edition, probe)
        except RoundError as exc:
            raise BadRequest(exc.record()) from None
        return self.store.create(
            edition=edition.id,
            title=", ".join(players),
            players=players,
            rules=rules,
            schedule=choices["schedule"],
            scoring=choices["scoring"],
            modules=modules,
            rounds=rounds,
        )

    async def api_game(self, request: Request) -> Response:
        game = await run_in_threadpool(self.store.game, request.path_params["game"])
        record = await run_in_threadpool(self.game_record, game)
        return JSONResponse(record, headers={"etag": f'"{game.version}"'})

    async def api_form(self, request: Request) -> Response:
        game = await run_in_threadpool(self.store.game, request.path_params["game"])
        edition = await run_in_threadpool(self.edition_of, game)
        return JSONResponse(form(edition, game))

    async def api_sheet(self, request: Request) -> Response:
        game = await run_in_threadpool(self.store.game, request.path_params["game"])
        return PlainTextResponse(
            sheet_yaml(game),
            media_type="application/yaml",
            headers={"content-disposition": f'attachment; filename="skullking-{game.id}.yaml"'},
        )

    async def api_rules_file(self, request: Request) -> Response:
        game = await run_in_threadpool(self.store.game, request.path_params["game"])
        if game.rules is None:
            raise _bad(f"game '{game.id}' is played under the bundled edition '{game.edition}'", 404)
        return PlainTextResponse(
            game.rules,
            media_type="application/yaml",
            headers={"content-disposition": f'attachment; filename="{game.edition}.yaml"'},
        )

    async def api_put_round(self, request: Request) -> Response:
        ident, number = request.path_params["game"], _round_number(request)
        seen = _version(request)
        data = await _json(request)
        if not isinstance(data, dict):
            raise _bad('a round is a JSON object: {"bids": {...}, "won": {...}, ...}')
        result: dict[str, Any] = {}

        def check(game: StoredGame, rounds: list[dict[str, Any]]) -> None:
            result.update(score(self.edition_of(game), game, rounds))

        try:
            version = await run_in_threadpool(lambda: self.store.put_round(ident, number, data, seen=seen, check=check))
        except RoundError as exc:
            raise BadRequest(exc.record()) from None
        result["version"] = version
        return JSONResponse(result, headers={"etag": f'"{version}"'})

    async def api_delete_round(self, request: Request) -> Response:
        ident, number = request.path_params["game"], _round_number(request)
        seen = _version(request)
        game = await run_in_threadpool(lambda: self.store.delete_round(ident, number, seen=seen))
        record = await run_in_threadpool(self.game_record, game)
        return JSONResponse(record, headers={"etag": f'"{game.version}"'})

    async def api_delete_game(self, request: Request) -> Response:
        await run_in_threadpool(self.store.delete_game, request.path_params["game"])
        return Response(status_code=204)

    async def api_trick(self, request: Request) -> Response:
        query = request.query_params
        game_id = query.get("game")
        if game_id is not None:
            game = await run_in_threadpool(self.store.game, game_id)
            edition = await run_in_threadpool(self.edition_of, game)
        else:
            edition = await run_in_threadpool(self.editions.get, query.get("edition", "skullking-2021"))
        # comma-separated: a card's name may hold spaces (green 7, skull king)
        cards = [c.strip() for c in query.get("cards", "").split(",") if c.strip()]
        if not cards:
            raise _bad("no cards given (cards=Y10,Y6,G14,B2: codes or names, comma-separated)")
        leader = _query_int(query.get("leader"), "leader", 0)
        players = _query_int(query.get("players"), "players", None)

        def resolve() -> dict[str, Any]:
            plays = edition.parse_cards(cards)
            record: dict[str, Any] = edition.resolve_trick(plays, leader=leader, players=players).as_json()
            return record

        return JSONResponse(await run_in_threadpool(resolve))

    # -- pages -------------------------------------------------------------

    async def page_index(self, request: Request) -> Response:
        games = await run_in_threadpool(self.store.games)
        return self.render("index.html", request, games=games, editions=self.editions.bundled())

    async def page_game(self, request: Request) -> Response:
        game = await run_in_threadpool(self.store.game, request.path_params["game"])
        return self.render("game.html", request, game=game)

    async def page_edition(self, request: Request) -> Response:
        edition = await self.bundled(request.path_params["edition"])
        return await self._explained(request, edition, None)

    async def page_game_edition(self, request: Request) -> Response:
        game = await run_in_threadpool(self.store.game, request.path_params["game"])
        edition = await run_in_threadpool(self.edition_of, game)
        return await self._explained(request, edition, game)

    async def _explained(self, request: Request, edition: Any, game: StoredGame | None) -> Response:
        from skullking.explain import explain

        html = await run_in_threadpool(lambda: _markdown(explain(edition)))
        return self.render("edition.html", request, edition=edition, html=html, game=game)

    async def page_diff(self, request: Request) -> Response:
        a, b = request.query_params.get("a"), request.query_params.get("b")
        report = None
        if a and b:
            ea = await run_in_threadpool(self.editions.get, a)
            eb = await run_in_threadpool(self.editions.get, b)
            report = await run_in_threadpool(_diff_text, ea, eb)
        return self.render("diff.html", request, a=a, b=b, report=report, editions=self.editions.bundled())

    def render(self, name: str, request: Request, status: int = 200, **context: Any) -> Response:
        template = _templates().get_template(name)
        return HTMLResponse(template.render(request=request, **context), status_code=status)


def _query_int(text: str | None, name: str, default: int | None) -> int | None:
    if text is None or text == "":
        return default
    if not text.lstrip("-").isdigit() or len(text) > 6:
        raise _bad(f"'{name}' must be a whole number, got '{text[:20]}'")
    return int(text)


def _choices(edition: Any) -> dict[str, Any]:
    """What the new-game form offers for an edition."""
    return {
        "id": edition.id,
        "title": edition.title,
        "min_players": max(edition.min_players, MIN_PLAYERS),
        "max_players": min(edition.max_players, MAX_PLAYERS),
        "schedules": [{"id": s.id, "title": s.title} for s in edition.schedules],
        "default_schedule": edition.default_schedule,
        "schemes": [{"id": s.id, "title": s.title} for s in edition.schemes],
        "default_scheme": edition.default_scheme,
        "modules": [
            {"id": m.id, "title": m.title, "optional": m.optional, "min_players": m.min_players}
            for m in edition.modules
        ],
    }


def _check_choices(
    edition: Any, schedule: str | None, scoring: str | None, modules: list[str] | None, names: list[str]
) -> None:
    from skullking.suggest import unknown

    players = len(names)
    ghost = edition.ghost
    if ghost is not None and ghost.players == players and ghost.name.casefold() in [n.casefold() for n in names]:
        raise _bad(
            f"'{ghost.name}' plays the extra hand in {players}-player games of {edition.id}: "
            "give the player another name"
        )

    if schedule is not None and schedule not in [s.id for s in edition.schedules]:
        raise _bad(unknown("schedule", schedule, [s.id for s in edition.schedules]))
    if scoring is not None and scoring not in [s.id for s in edition.schemes]:
        raise _bad(unknown("scoring scheme", scoring, [s.id for s in edition.schemes]))
    if not edition.min_players <= players <= edition.max_players:
        raise _bad(f"{edition.id} is played by {edition.min_players} to {edition.max_players} players, not {players}")
    if modules is not None:
        by_id = {m.id: m for m in edition.modules}
        for module in modules:
            if module not in by_id:
                raise _bad(unknown("module", module, list(by_id)))
            if by_id[module].min_players > players:
                raise _bad(f"module '{module}' is only used from {by_id[module].min_players} players")
        for module in edition.modules:
            if not module.optional and module.id not in modules and module.min_players <= players:
                raise _bad(f"module '{module.id}' cannot be left out")


def _markdown(text: str) -> str:
    from markdown_it import MarkdownIt

    rendered: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    return rendered


def _diff_text(a: Any, b: Any) -> str:
    """``skullking diff A B``'s text (with a smaller random sample: a page answers fast)."""
    import io

    from skullking.compare import compare
    from skullking.tools.diffcmd import write_report

    out = io.StringIO()
    write_report(a, b, compare(a, b, sample=DIFF_SAMPLE, seed=2021, depth=3), out)
    return out.getvalue()


_TEMPLATES: Any = None


def _templates() -> Any:
    global _TEMPLATES  # noqa: PLW0603 - built once, on first use
    if _TEMPLATES is None:
        from jinja2 import Environment, PackageLoader, select_autoescape

        _TEMPLATES = Environment(
            loader=PackageLoader("skullking.tools.pad", "templates"),
            autoescape=select_autoescape(default=True, default_for_string=True),
            trim_blocks=True,
            lstrip_blocks=True,
        )
    return _TEMPLATES


def _handler(
    method: Callable[[Request], Awaitable[Response]], *, page: bool = False
) -> Callable[[Request], Awaitable[Response]]:
    """A handler that answers the pad's errors: JSON for the API, a page for pages."""

    async def run(request: Request) -> Response:
        try:
            return await method(request)
        except BadRequest as exc:
            record, status = exc.record, exc.status
        except RulesError as exc:
            record, status = exc.record(), 400
        except NotFound as exc:
            record, status = {"error": str(exc)}, 404
        except StaleWrite as exc:
            record, status = {"error": str(exc)}, 409
        except Conflict as exc:
            record, status = {"error": str(exc)}, 409
        except SkullKingError as exc:
            record, status = {"error": str(exc)}, 400
        except sqlite3.OperationalError as exc:  # the database busy past its timeout, or the disk full
            record, status = {"error": f"the score pad's database cannot take the change now ({exc}); try again"}, 503
            if not page:
                return JSONResponse(record, status_code=status, headers={"retry-after": "2"})
        if page:
            pad: Pad = request.app.state.pad
            return pad.render("error.html", request, status=status, message=record["error"], status_code=status)
        return JSONResponse(record, status_code=status)

    return run


def create_app(db: Path, *, allowed_hosts: list[str] | None = None) -> Starlette:
    """The score pad's ASGI application, storing games in the SQLite file ``db``.
    ``allowed_hosts`` are the host names requests may name (``None``: any)."""
    pad = Pad(Store(db))
    api = [
        Route("/api/editions", _handler(pad.api_editions)),
        Route("/api/editions/{edition}", _handler(pad.api_edition)),
        Route("/api/rules", _handler(pad.api_rules), methods=["POST"]),
        Route("/api/games", _handler(pad.api_games)),
        Route("/api/games", _handler(pad.api_create), methods=["POST"]),
        Route("/api/games/import", _handler(pad.api_import), methods=["POST"]),
        Route("/api/games/{game}", _handler(pad.api_game)),
        Route("/api/games/{game}", _handler(pad.api_delete_game), methods=["DELETE"]),
        Route("/api/games/{game}/form", _handler(pad.api_form)),
        Route("/api/games/{game}/sheet.yaml", _handler(pad.api_sheet)),
        Route("/api/games/{game}/rules.yaml", _handler(pad.api_rules_file)),
        Route("/api/games/{game}/rounds/{n}", _handler(pad.api_put_round), methods=["PUT"]),
        Route("/api/games/{game}/rounds/{n}", _handler(pad.api_delete_round), methods=["DELETE"]),
        Route("/api/trick", _handler(pad.api_trick)),
    ]
    pages = [
        Route("/", _handler(pad.page_index, page=True)),
        Route("/games/{game}", _handler(pad.page_game, page=True)),
        Route("/games/{game}/edition", _handler(pad.page_game_edition, page=True)),
        Route("/editions/{edition}", _handler(pad.page_edition, page=True)),
        Route("/diff", _handler(pad.page_diff, page=True)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(SameOrigin)]
    if allowed_hosts is not None:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    app = Starlette(routes=[*api, *pages], middleware=middleware)
    app.state.pad = pad
    return app


def allowed_hosts_for(host: str) -> list[str] | None:
    """The host names a server bound to ``host`` answers: loopback names for a loopback
    address (a page on another site cannot reach it by a name of its own), any for
    another address."""
    if host in ("127.0.0.1", "localhost", "::1"):
        return ["127.0.0.1", "localhost", "[::1]", "::1"]
    return None
