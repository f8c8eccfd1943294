"""The score pad's web application (Starlette): the JSON API and the pages.

Every write is a JSON request from the page's own script (or another program), checked
for a JSON content type and a same-origin ``Origin``/``Sec-Fetch-Site`` (a cross-site
form cannot send one), and committed to the database before the answer is sent.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import json
import os
import signal
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from skullking.analysis.compare import compare, value_changes
from skullking.analysis.explain import explain
from skullking.core.errors import FormulaError, SheetError, SkullKingError
from skullking.core.limits import MAX_ROUNDS
from skullking.language.expr import SEATS
from skullking.rounds.seating import table_seating, table_trick
from skullking.scoring.paid import when_paid
from skullking.scoring.schemes import scorer
from skullking.scoring.sheets.score import read_sheet
from skullking.storage.cache import code_fingerprint
from skullking.tools.common import DEFAULT_EDITION

from .diffs import rows
from .games import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Editions,
    RoundError,
    RulesError,
    cards_to_tap,
    form,
    game_before,
    record_text,
    score,
    sheet_of,
    sheet_yaml,
)
from .i18n import COOKIE, LANGUAGES, chosen, script_messages, translations
from .requests import (
    MAX_GAME_ROUNDS,
    BadRequest,
    bad,
    check_choices,
    choices_of,
    player_names,
    query_int,
    read_body,
    read_json,
    round_number,
    seen_version,
    unchanged,
)
from .security import Hosts, SameOrigin
from .sharing import WATCH_ONLY, Access, Sharing
from .stats import statistics
from .store import Conflict, NotFound, StaleWrite, Store, StoredGame
from .threads import Flight, changing, in_thread

if TYPE_CHECKING:
    from skullking.edition import Edition

#: Random tricks the diff page plays (``skullking diff`` plays 2,000), its seed, and the
#: size of the tricks it plays every one of (as ``skullking diff``'s defaults).
DIFF_SAMPLE, DIFF_SEED, DIFF_DEPTH = 500, 2021, 3
#: Seconds without a request after which the pad works a compare report out ahead
#: (making one takes a second or two, which would slow the answers in between).
IDLE_SECONDS = 5.0
#: Seconds the pad waits, as it stops, for a report being worked out ahead.
STOP_SECONDS = 10.0

#: The page's script and stylesheet (the real folder: an editable install links its files).
STATIC = Path(__file__).resolve().parent / "static"

#: The header of an answer that holds a key: kept by no cache (the browser's, the
#: service worker's: see static/sw.js).
NOT_KEPT = {"cache-control": "no-store"}

# --------------------------------------------------------------------------- the app


class Pad:
    """The score pad: a store, the editions, and the request handlers."""

    def __init__(self, store: Store, sharing: Sharing | None = None) -> None:
        self.store = store
        self.sharing = sharing or Sharing()
        self.editions = Editions()
        # The diff page's reports, by the pair of editions compared: bundled editions are
        # loaded once and never change while the pad runs, so a report holds until then.
        self._diffs: dict[tuple[str, str], str] = {}
        self._diff_locks: dict[tuple[str, str], threading.Lock] = {}  # one a pair: made once
        self._diff_lock = threading.Lock()  # (guards the dictionary of locks)
        self._digests: dict[str, str] = {}  # each bundled edition's, by id
        #: Requests being answered, and since when none has been.
        self.busy, self.quiet_since = 0, time.monotonic()
        # Each game's score for the statistics and the list of games, by id: the version
        # it was worked out for and the edition and score record (None: not scored).
        self._scores: dict[str, tuple[int, tuple[str, Any] | None]] = {}
        # The statistics and the list of games, read from every stored game: worked out
        # once for the requests that ask at the same time (each read a thread of their
        # own otherwise, and 40 requests for the statistics of 1,000 games took every
        # thread of the pad for minutes, a change waiting behind them).
        self.stats = Flight(self.statistics, lambda: store.changes, "statistics")
        self.listed = Flight(self.games, lambda: store.changes, "list of games")

    def diff_report(self, a: str, b: str, make: Make | None = None) -> str:
        """``skullking diff A B --format json``'s record, as JSON text, for the bundled
        editions ``a`` and ``b`` (see :func:`_diff_json`; ``make``: made another way),
        worked out once a pair: kept
        while the pad runs, and in the store for the next time it runs
        (:meth:`report_key`), made again when the entry there is not as it was kept."""
        known = self._diffs.get((a, b))
        if known is not None:
            return known
        first, second = self.editions.get(a), self.editions.get(b)  # (an unknown id is refused here)
        with self._diff_lock:
            lock = self._diff_locks.setdefault((a, b), threading.Lock())
        with lock:
            known = self._diffs.get((a, b))
            if known is None:
                key = self.report_key(first, second)
                known = self.store.report(key)
                if known is None:
                    known = _diff_json(first, second) if make is None else make(first, second)
                    self.store.keep_report(key, code_fingerprint(), known)
                self._diffs[(a, b)] = known
            return known

    def report_key(self, a: Edition, b: Edition) -> str:
        """What the report of ``a`` and ``b`` is stored under: the code that makes it
        (the engine and the tools, as the engine's cache tells it), the page's settings,
        and all of both editions that a report reads (every field, but where the file
        lies): a report made by other code or of other rules is never read back."""
        settings = [code_fingerprint(), "json", DIFF_SAMPLE, DIFF_SEED, DIFF_DEPTH, self._digest(a), self._digest(b)]
        return hashlib.sha256(json.dumps(settings).encode()).hexdigest()

    def _digest(self, edition: Edition) -> str:
        found = self._digests.get(edition.id)
        if found is None:
            found = self._digests[edition.id] = _edition_digest(edition)
        return found

    def warm(
        self,
        stop: threading.Event,
        idle: float | None = None,
        *,
        pairs: Iterable[tuple[str, str]] | None = None,
        make: Make | None = None,
    ) -> None:
        """Work the compare page's report of every ordered pair of bundled editions
        (``pairs``: of these) out ahead, so that the pad's first page of a pair answers at
        once, until ``stop`` is set: read back from the store where it was kept, else made
        once no request has come for ``idle`` seconds (:data:`IDLE_SECONDS`), one pair at
        a time, in a worker process of low priority (``make``: another way)."""
        idle = IDLE_SECONDS if idle is None else idle
        if pairs is None:
            pairs = itertools.permutations([edition["id"] for edition in self.editions.bundled()], 2)
        worker = _Worker() if make is None else None
        try:
            for a, b in pairs:
                if stop.is_set():
                    return
                try:
                    if (a, b) in self._diffs:
                        continue
                    if self.store.report(self.report_key(self.editions.get(a), self.editions.get(b))) is None:
                        self._quiet(stop, idle)
                    if not stop.is_set():
                        self.diff_report(a, b, make or worker)
                except Exception:  # a pair that fails is worked out (and its error shown) when asked for
                    continue
        finally:
            if worker is not None:
                worker.close()

    def _quiet(self, stop: threading.Event, idle: float) -> None:
        """Wait until no request has come for ``idle`` seconds (or ``stop`` is set)."""
        while not stop.is_set():
            left = idle if self.busy else self.quiet_since + idle - time.monotonic()
            if left <= 0:
                return
            stop.wait(left)

    def edition_of(self, game: StoredGame) -> Any:
        return self.editions.get(game.edition, game.rules)

    def game_record(self, game: StoredGame) -> dict[str, Any]:
        """The score JSON of a game plus its sheet, id, title, version and house rule;
        each round also says who made the bid (``made``: see :func:`_mark_made`)."""

        edition = self.edition_of(game)
        record = score(edition, game)
        _mark_made(edition, game, record)
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
            return await in_thread(self.editions.get, ident)
        except RulesError as exc:
            raise NotFound(exc.problems[0].message) from None

    async def api_edition(self, request: Request) -> Response:
        edition = await self.bundled(request.path_params["edition"])
        return JSONResponse(choices_of(edition))

    async def api_rules(self, request: Request) -> Response:
        """Check a house rule's text (the page does as you type); its choices when it loads."""
        body = await read_json(request)
        if not isinstance(body, dict) or not isinstance(body.get("rules"), str):
            raise bad('send {"rules": "<house rule YAML>"}')
        edition = await in_thread(self.editions.get, "", body["rules"])
        return JSONResponse(choices_of(edition))

    async def api_games(self, request: Request) -> Response:
        games = await self.listed.get()
        return JSONResponse(games)

    async def api_create(self, request: Request) -> Response:
        body = await read_json(request)
        if not isinstance(body, dict):
            raise bad('send a JSON object: {"edition", "players", "schedule"?, "scoring"?, "rules"?}')
        known = {"edition", "players", "schedule", "scoring", "rules", "modules", "title"}
        for key in body:
            if key not in known:
                raise bad(f"unknown key '{str(key)[:40]}' (known: {', '.join(sorted(known))})")
        players = player_names(body.get("players"))
        rules = body.get("rules")
        if rules is not None and not isinstance(rules, str):
            raise bad("'rules' is a house rule's YAML text")
        if rules is not None and not rules.strip():
            rules = None
        ident = body.get("edition", DEFAULT_EDITION if rules is None else "")
        if not isinstance(ident, str):
            raise bad("'edition' is a bundled edition's id")
        for key in ("schedule", "scoring", "title"):
            if body.get(key) is not None and not isinstance(body[key], str):
                raise bad(f"'{key}' is text")
        modules = body.get("modules")
        if modules is not None and (not isinstance(modules, list) or not all(isinstance(m, str) for m in modules)):
            raise bad("'modules' is a list of module ids")
        edition = await in_thread(self.editions.get, ident, rules)
        check_choices(edition, body.get("schedule"), body.get("scoring"), modules, players)
        title = (body.get("title") or "").strip()[:80]
        distinct = not title  # (a title made from the names is numbered when taken)
        title = title or ", ".join(players)
        game_id = await in_thread(
            lambda: self.store.create(
                edition=edition.id,
                title=title,
                players=players,
                rules=rules,
                schedule=body.get("schedule"),
                scoring=body.get("scoring"),
                modules=modules,
                distinct=distinct,
            )
        )
        record = {"id": game_id, "url": f"/games/{game_id}", "version": 1}
        return JSONResponse(record, status_code=201, headers={"etag": '"1"'})

    async def api_import(self, request: Request) -> Response:
        """Import a score sheet (YAML or JSON); a house-rule game sends ``{"sheet", "rules"}``."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        rules: str | None = None
        if kind == "application/json":
            body = await read_json(request)
            if isinstance(body, dict) and isinstance(body.get("sheet"), str):
                text: Any = body["sheet"]
                rules = body.get("rules") if isinstance(body.get("rules"), str) else None
            else:
                text = body
        else:
            data = await read_body(request, yaml_ok=True)
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise bad(f"the sheet is not UTF-8 (byte {exc.start + 1}): save it as UTF-8") from None
        game_id = await in_thread(self._import, text, rules)
        return JSONResponse({"id": game_id, "url": f"/games/{game_id}"}, status_code=201)

    def _import(self, text: Any, rules: str | None) -> str:

        if isinstance(text, str):
            try:
                plain = read_sheet(text, "sheet.yaml").plain()
            except SheetError as exc:
                record = {"error": str(exc.problems[0]), "problems": [p.as_json() for p in exc.problems]}
                raise BadRequest(record) from None
        else:
            plain = text
        if not isinstance(plain, dict):
            raise bad("a score sheet is a mapping with 'players' and 'rounds'")
        unknown = sorted(set(plain) - {"edition", "players", "rounds", "scoring", "schedule", "modules"})
        if unknown:
            raise bad(f"unknown key '{unknown[0]}' in the sheet")
        if "rounds" not in plain:
            raise bad("'rounds' is missing: a score sheet lists its rounds ('rounds: []' for none yet)")
        players = player_names(plain.get("players"))
        named = plain.get("edition", DEFAULT_EDITION)
        if not isinstance(named, str):
            raise bad("'edition' names an edition")
        ident = named.removesuffix(".yaml") if rules is not None else named
        edition = self.editions.get(ident, rules)
        if rules is not None and edition.id != ident:
            raise bad(f"the sheet names edition '{named}', the house rule sent is '{edition.id}'")
        rounds = plain.get("rounds", [])
        if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
            raise bad("'rounds' is a list of rounds")
        if len(rounds) > MAX_GAME_ROUNDS:
            raise bad(f"a game holds at most {MAX_GAME_ROUNDS} rounds")
        choices = {k: plain.get(k) for k in ("schedule", "scoring", "modules")}
        for key in ("schedule", "scoring"):
            if choices[key] is not None and not isinstance(choices[key], str):
                raise bad(f"'{key}' is text")
        modules = choices["modules"]
        if modules is not None and (not isinstance(modules, list) or not all(isinstance(m, str) for m in modules)):
            raise bad("'modules' is a list of module ids")
        check_choices(edition, choices["schedule"], choices["scoring"], modules, players)
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
            distinct=True,
            players=players,
            rules=rules,
            schedule=choices["schedule"],
            scoring=choices["scoring"],
            modules=modules,
            rounds=rounds,
        )

    async def api_game(self, request: Request) -> Response:
        """The game's record; ``If-None-Match`` naming its version: 304, nothing more
        (how a phone watching the game asks, every few seconds, whether it changed)."""
        ident = request.path_params["game"]
        if "if-none-match" in request.headers:
            version = await in_thread(self.store.version, ident)
            if unchanged(request, version):
                return Response(status_code=304, headers={"etag": f'"{version}"'})
        game = await in_thread(self.store.game, ident)
        record = await in_thread(self.game_record, game)
        return JSONResponse(record, headers={"etag": f'"{game.version}"'})

    async def api_form(self, request: Request) -> Response:
        game = await in_thread(self.store.game, request.path_params["game"])
        edition = await in_thread(self.edition_of, game)
        lang = chosen(request.cookies.get(COOKIE), request.headers.get("accept-language"))
        return JSONResponse(form(edition, game, lang), headers={"vary": "accept-language, cookie"})

    async def api_sheet(self, request: Request) -> Response:
        game = await in_thread(self.store.game, request.path_params["game"])
        return PlainTextResponse(
            sheet_yaml(game),
            media_type="application/yaml",
            headers={"content-disposition": f'attachment; filename="skullking-{game.id}.yaml"'},
        )

    async def api_record(self, request: Request) -> Response:
        """The game as a game record (``skullking replay`` scores it); a game its edition
        no longer scores is refused (409) with the problems, as a round would be."""
        game = await in_thread(self.store.game, request.path_params["game"])
        edition = await in_thread(self.edition_of, game)
        try:
            text = await in_thread(record_text, edition, game)
        except RoundError as exc:
            raise BadRequest(exc.record(), 409) from None
        return PlainTextResponse(
            text,
            media_type="text/plain",
            headers={"content-disposition": f'attachment; filename="skullking-{game.id}.skr"'},
        )

    async def api_rules_file(self, request: Request) -> Response:
        game = await in_thread(self.store.game, request.path_params["game"])
        if game.rules is None:
            raise bad(f"game '{game.id}' is played under the bundled edition '{game.edition}'", 404)
        return PlainTextResponse(
            game.rules,
            media_type="application/yaml",
            headers={"content-disposition": f'attachment; filename="{game.edition}.yaml"'},
        )

    async def api_put_round(self, request: Request) -> Response:
        ident, number = request.path_params["game"], round_number(request)
        seen = seen_version(request)
        data = await read_json(request)
        if not isinstance(data, dict):
            raise bad('a round is a JSON object: {"bids": {...}, "won": {...}, ...}')
        result: dict[str, Any] = {}

        def check(game: StoredGame, rounds: list[dict[str, Any]]) -> None:
            result.update(score(self.edition_of(game), game, rounds))

        try:
            version = await in_thread(lambda: self.store.put_round(ident, number, data, seen=seen, check=check))
        except RoundError as exc:
            raise BadRequest(exc.record()) from None
        result["version"] = version
        return JSONResponse(result, headers={"etag": f'"{version}"'})

    async def api_draft(self, request: Request) -> Response:
        """The round being typed and not saved yet, as the last phone that typed it sent
        it: ``{"round", "data", "stamp"}`` (``{"round": null}`` for none); header
        ``ETag: "stamp"``, and 304 for ``If-None-Match`` naming it."""
        found = await in_thread(self.store.draft, request.path_params["game"])
        if found is None:
            return JSONResponse({"round": None, "data": None, "stamp": 0}, headers={"etag": '"0"'})
        number, data, stamp = found
        etag = f'"{stamp}"'
        if unchanged(request, stamp):
            return Response(status_code=304, headers={"etag": etag})
        return JSONResponse({"round": number, "data": data, "stamp": stamp}, headers={"etag": etag})

    async def api_put_draft(self, request: Request) -> Response:
        """``{"round": n, "data": {...}}``: what is typed into round ``n`` (the round being
        entered), kept for the other phones of the table until the round is saved; 200
        ``{"stamp"}``. Not scored, not in the sheet. ``If-Match`` names the game version
        it was typed on: 409 when the game changed since, and nothing is kept."""
        body = await read_json(request)
        if (
            not isinstance(body, dict)
            or set(body) != {"round", "data"}
            or not isinstance(body["round"], int)
            or isinstance(body["round"], bool)
            or not isinstance(body["data"], dict)
        ):
            raise bad('a draft is {"round": n, "data": {the round as typed}}')
        ident, seen = request.path_params["game"], seen_version(request)
        stamp = await in_thread(lambda: self.store.put_draft(ident, body["round"], body["data"], seen=seen))
        return JSONResponse({"stamp": stamp}, headers={"etag": f'"{stamp}"'})

    async def api_preview_round(self, request: Request) -> Response:
        """The game's score record with round ``n`` as the body gives it (the next round,
        or one already entered, replaced), nothing stored: what saving it would score.
        A round the rules refuse answers 400 with its problems; asked with
        ``?problems=inline``, 200 with the same body (a page that previews a round as it
        is typed asks so: a refusal then is no failed request in the browser's console)."""
        ident, number = request.path_params["game"], round_number(request)
        inline = request.query_params.get("problems") == "inline"
        data = await read_json(request)
        if not isinstance(data, dict):
            raise bad('a round is a JSON object: {"bids": {...}, "won": {...}, ...}')

        def preview() -> dict[str, Any]:
            game = self.store.game(ident)
            count = len(game.rounds)
            if not 1 <= number <= count + 1:
                raise Conflict(f"round {number} cannot be entered yet: the next is round {count + 1}")
            return score(self.edition_of(game), game, [*game.rounds[: number - 1], data, *game.rounds[number:]])

        try:
            return JSONResponse(await in_thread(preview))
        except RoundError as exc:
            if inline:
                return JSONResponse(exc.record())
            raise BadRequest(exc.record()) from None

    async def api_delete_round(self, request: Request) -> Response:
        ident, number = request.path_params["game"], round_number(request)
        seen = seen_version(request)
        game = await in_thread(lambda: self.store.delete_round(ident, number, seen=seen))
        record = await in_thread(self.game_record, game)
        return JSONResponse(record, headers={"etag": f'"{game.version}"'})

    def scored(self, ident: str, version: int) -> tuple[str, dict[str, Any]] | None:
        """Game ``ident``'s edition and score record (``skullking score --format json``'s),
        worked out once a version: a game changes only by a new version, and its rules (a
        bundled edition, or its own house rule) not while the pad runs. ``None`` for a
        game its rules no longer score (a house rule changed since) or deleted meanwhile."""
        known = self._scores.get(ident)
        if known is not None and known[0] == version:
            return known[1]
        try:
            game = self.store.game(ident)
        except NotFound:  # (deleted meanwhile)
            return None
        found: tuple[str, dict[str, Any]] | None
        try:
            found = (game.edition, score(self.edition_of(game), game))
        except (RoundError, RulesError, SkullKingError):
            found = None
        self._scores[ident] = (game.version, found)
        return found

    def statistics(self) -> dict[str, Any]:
        """:func:`skullking.tools.pad.stats.statistics` of every stored game (a game its
        edition no longer scores, a house rule changed since, is left out and counted)."""

        scores = {ident: self.scored(ident, version) for ident, version in self.store.started()}
        for gone in set(self._scores) - set(scores):  # (a deleted game's score goes)
            self._scores.pop(gone, None)
        result = statistics(found for found in scores.values() if found is not None)
        result["left_out"] = sum(found is None for found in scores.values())
        return result

    def games(self) -> list[dict[str, Any]]:
        """The stored games, newest change first (:meth:`Store.games`), each with where it
        stands: ``played`` (the rounds with their results; a round with its bids only is
        being played, ``in_progress`` its number, else ``null``), ``complete``, ``winners``
        (the leaders while it is played) and ``edition_title``; a game its rules no longer
        score has ``complete`` and ``winners`` ``null``."""
        listed = self.store.games()
        for entry in listed:
            found = self.scored(entry["id"], entry["version"])
            record = found[1] if found is not None else None
            going = record.get("in_progress") if record is not None else None
            entry.update(
                played=len(record["rounds"]) if record is not None else None,
                in_progress=going["round"] if going else None,
                complete=record["complete"] if record is not None else None,
                winners=record["winners"] if record is not None else None,
                edition_title=self.edition_title(entry["edition"]),
            )
        return listed

    def edition_title(self, ident: str) -> str:
        """The title of the bundled edition ``ident``; a house rule's id as it is."""
        titles = {edition["id"]: edition["title"] for edition in self.editions.bundled()}
        return str(titles.get(ident, ident))

    async def api_share(self, request: Request) -> Response:
        """The link (and QR code) that lets other phones in: see :meth:`Sharing.share`.
        An answer that holds the key is marked ``Cache-Control: no-store``: neither the
        browser nor the pad's service worker keeps it (a phone that forgets the key then
        keeps no copy of it)."""
        ident = request.path_params.get("game")
        if ident is not None:
            await in_thread(self.store.version, ident)  # (an unknown game: 404)
        share = await in_thread(self.sharing.share, self.store, request, ident)
        holds_key = bool(share["shared"] and share["writable"])
        return JSONResponse(share, headers=NOT_KEPT if holds_key else None)

    async def api_stats(self, request: Request) -> Response:
        return JSONResponse(await self.stats.get())

    async def page_stats(self, request: Request) -> Response:
        stats = await self.stats.get()
        return self.render("stats.html", request, stats=stats)

    async def page_player(self, request: Request) -> Response:
        """One player's page: their figures across every game and per edition, and the
        final score of each finished game (a chart the page script draws); a name
        no stored game has is not found."""
        name = request.path_params["name"]
        stats = await self.stats.get()
        if name not in stats["overall"]["players"]:
            raise NotFound(f"no stored game has a player named '{name}'")
        scopes = [("overall", None, stats["overall"]["players"][name])]
        scopes += [
            (f"edition-{n}", ident, table["players"][name])
            for n, (ident, table) in enumerate(stats["editions"].items(), start=1)
            if name in table["players"]
        ]
        return self.render("player.html", request, player=name, scopes=scopes)

    async def api_rematch(self, request: Request) -> Response:
        """A new game of the same players in the same seats, under the same rules (the
        edition or the house rule, the schedule, the scoring, the modules): 201 with its
        id and page, its title numbered as any game of the same table."""
        ident = request.path_params["game"]

        def rematch() -> str:
            game = self.store.game(ident)
            return self.store.create(
                edition=game.edition,
                title=", ".join(game.players),
                distinct=True,
                players=list(game.players),
                rules=game.rules,
                schedule=game.schedule,
                scoring=game.scoring,
                modules=game.modules,
            )

        game_id = await in_thread(rematch)
        record: dict[str, Any] = {"id": game_id, "url": f"/games/{game_id}", "version": 1}
        headers = {"etag": '"1"'}
        if self.sharing.shared:  # (the new game's key, for a phone that held only the old game's)
            record["key"] = await in_thread(self.store.secret, game_id)
            headers.update(NOT_KEPT)
        return JSONResponse(record, status_code=201, headers=headers)

    async def api_rename_game(self, request: Request) -> Response:
        """``{"title": ...}``: the game's new title (1 to 80 characters); 200 with the
        game's record; ``If-Match`` as for a round."""
        ident, seen = request.path_params["game"], seen_version(request)
        body = await read_json(request)
        if not isinstance(body, dict) or set(body) != {"title"} or not isinstance(body["title"], str):
            raise bad('a rename is {"title": "the new title"}')
        title = body["title"].strip()
        if not 1 <= len(title) <= 80:
            raise bad("a game's title is 1 to 80 characters")
        game = await in_thread(lambda: self.store.rename(ident, title, seen=seen))
        record = await in_thread(self.game_record, game)
        return JSONResponse(record, headers={"etag": f'"{game.version}"'})

    async def api_delete_game(self, request: Request) -> Response:
        ident, seen = request.path_params["game"], seen_version(request)
        try:
            await in_thread(lambda: self.store.delete_game(ident, seen=seen))
        except StaleWrite as exc:  # a failed If-Match: 412, as HTTP says for a deletion
            raise bad(str(exc), 412) from None
        return Response(status_code=204)

    async def api_trick(self, request: Request) -> Response:
        """A trick checked: under an edition, the ``skullking trick --format json`` record;
        under a game (``game=ID``) with ``players`` the seats of its table, played at
        that table: the seats of its players (and of the ghost hand, last,
        where he plays), his cards as his rules declare them, the record's seats the
        table's, with the seat of each card and the winning card's position (see
        :func:`skullking.rounds.seating.table_trick`). ``previous``, the seat that led
        the trick before, places the ghost's followers when he leads."""
        query = request.query_params
        game_id = query.get("game")
        game = None
        if game_id is not None:
            game = await in_thread(self.store.game, game_id)
            edition = await in_thread(self.edition_of, game)
        else:
            edition = await in_thread(self.editions.get, query.get("edition", DEFAULT_EDITION))
        # comma-separated: a card's name may hold spaces (green 7, skull king)
        cards = [c.strip() for c in query.get("cards", "").split(",") if c.strip()]
        if not cards:
            raise bad("no cards given (cards=Y10,Y6,G14,B2: codes or names, comma-separated)")
        leader = query_int(query.get("leader"), "leader", 0)
        players = query_int(query.get("players"), "players", None)
        previous = query_int(query.get("previous"), "previous", None)
        number = query_int(query.get("round"), "round", None)
        count = 0 if game is None else len(game.players)
        if number is not None:  # the rules of that round, where they change with the round
            if not 1 <= number <= MAX_ROUNDS + 1:
                raise bad(f"'round' must be a round from 1 to {MAX_ROUNDS + 1}, got {number}")
            at = count or (players if players is not None else len(cards))
            before = None  # (a game's: the standings before the round, for rules that read them)
            if game is not None and SEATS in edition.round_reads:
                before = await in_thread(game_before, edition, game, number)
            edition = await in_thread(functools.partial(edition.at_round, number, at, so_far=before))
        ghost = edition.ghost_at(count) if game is not None else None
        seats = count + (ghost is not None)
        if game is None or players != seats:  # (no table named: the plain record)

            def resolve() -> dict[str, Any]:
                plays = edition.parse_cards(cards)
                return _bonus_paid(edition, edition.resolve_trick(plays, leader=leader, players=players).as_json())

            return JSONResponse(await in_thread(resolve))
        table = ", ".join(game.players) + (f" and {ghost.name}" if ghost is not None else "")
        for name, seat in (("leader", leader), ("previous", previous)):
            if seat is not None and not 0 <= seat < seats:
                raise bad(f"'{name}' must be a seat from 0 to {seats - 1} ({table}), got {seat}")
        if len(cards) > seats:
            raise bad(f"{len(cards)} cards, but this game's table has {seats} seats ({table})")

        def at_table() -> dict[str, Any]:
            plays = edition.parse_cards(cards)
            seated = table_seating(edition, game.players, leader or 0, previous)
            trick = table_trick(edition, plays, seated)
            return _bonus_paid(edition, trick.as_json())

        return JSONResponse(await in_thread(at_table))

    # -- pages -------------------------------------------------------------

    async def page_index(self, request: Request) -> Response:
        games = await self.listed.get()
        return self.render("index.html", request, games=games, editions=self.editions.bundled())

    async def page_game(self, request: Request) -> Response:
        game = await in_thread(self.store.game, request.path_params["game"])
        return self.render("game.html", request, game=game)

    async def page_edition(self, request: Request) -> Response:
        edition = await self.bundled(request.path_params["edition"])
        return await self._explained(request, edition, None)

    async def page_game_edition(self, request: Request) -> Response:
        game = await in_thread(self.store.game, request.path_params["game"])
        edition = await in_thread(self.edition_of, game)
        return await self._explained(request, edition, game)

    async def _explained(self, request: Request, edition: Any, game: StoredGame | None) -> Response:

        lang = chosen(request.cookies.get(COOKIE), request.headers.get("accept-language"))
        html = await in_thread(lambda: _markdown(explain(edition, lang)))
        return self.render("edition.html", request, edition=edition, html=html, game=game)

    async def page_diff(self, request: Request) -> Response:
        """The comparison page: at once, the rule values that differ (what is quick to
        tell); the tricks and rounds played both ways, which take a while the first time
        a pair is asked, the page's script fetches from ``GET /api/diff`` and fills in."""

        a, b = request.query_params.get("a"), request.query_params.get("b")
        values = None
        if a and b:
            first, second = await self.bundled(a), await self.bundled(b)
            values = await in_thread(value_changes, first, second)
            values["rows"] = rows(values["changes"])
            values["titles"] = {"a": first.title, "b": second.title}
            values["deck"] = _deck_words(first, second)
        return self.render("diff.html", request, a=a, b=b, values=values, editions=self.editions.bundled())

    async def api_diff(self, request: Request) -> Response:
        """``?a=A&b=B``: ``skullking diff A B --format json``'s record for two bundled
        editions (with the page's smaller sample of random tricks: :data:`DIFF_SAMPLE`),
        worked out once a pair (:meth:`diff_report`)."""
        a, b = request.query_params.get("a"), request.query_params.get("b")
        if not a or not b:
            raise bad("name two bundled editions: /api/diff?a=skullking-2021&b=skullking-2024")
        await self.bundled(a)
        await self.bundled(b)
        report = await in_thread(self.diff_report, a, b)
        return Response(report, media_type="application/json")

    def render(self, name: str, request: Request, status: int = 200, **context: Any) -> Response:
        """The page ``name`` in the reader's language (see :mod:`.i18n`)."""
        lang = chosen(request.cookies.get(COOKIE), request.headers.get("accept-language"))
        here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        page = (
            _templates(lang)
            .get_template(name)
            .render(
                request=request,
                lang=lang,
                languages=LANGUAGES,
                messages=script_messages(lang),
                here=here,
                default_edition=DEFAULT_EDITION,
                min_players=MIN_PLAYERS,
                max_players=MAX_PLAYERS,
                **context,
            )
        )
        return HTMLResponse(page, status_code=status, headers={"vary": "accept-language, cookie"})


async def _language(request: Request) -> Response:
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


async def _service_worker(request: Request) -> Response:
    """The service worker (static/sw.js), served at the root so that its scope is every
    page of the pad; checked for a newer one on every visit."""
    body = await in_thread((STATIC / "sw.js").read_bytes)
    return Response(body, media_type="text/javascript", headers={"cache-control": "no-cache"})


def _certificate(pem: bytes) -> Callable[[Request], Awaitable[Response]]:
    """``/pad.crt``: the certificate a phone installs to trust the pad (``--tls``), as
    phones take a certificate authority to install."""

    async def answer(request: Request) -> Response:
        return Response(
            pem,
            media_type="application/x-x509-ca-cert",
            headers={"content-disposition": 'attachment; filename="skullking-pad.crt"'},
        )

    return answer


def _bonus_paid(edition: Edition, record: dict[str, Any]) -> dict[str, Any]:
    """A trick's record with ``bonus_paid``: when the edition's default scheme pays its
    bonus, in the engine's words (``if the bid holds``, ``whatever the bid``: see
    :func:`skullking.scoring.paid.when_paid`), for the page to say beside the bonus."""

    return {**record, "bonus_paid": when_paid(edition.scheme(), "bonus").words()}


def _deck_words(*editions: Edition) -> dict[str, dict[str, Any]]:
    """Every card of the editions' decks (every module) by the code a report writes it
    with, as the trick checker names it: its names per language (the first edition's
    where both have the card), and for a card declared as it is played, the role's."""

    found: dict[str, dict[str, Any]] = {}
    for edition in editions:
        for card in cards_to_tap(edition, {m.id for m in edition.modules}):
            found.setdefault(card["code"], card)
    return found


def _mark_made(edition: Edition, game: StoredGame, record: dict[str, Any]) -> None:
    """Give each round of ``record`` (a game's score record) ``made``: per player
    whether the bid was made, as the game's scoring scheme's ``made`` formula says (not
    always the tricks won equal to the bid: a house rule may say otherwise). A round
    the formula cannot judge (a value past its limits) gets none."""

    scheme = edition.scheme(game.scoring)
    judge = scorer(edition, scheme)
    rounds = len(edition.schedule(game.schedule).rounds)
    for number, scored in enumerate(record["rounds"], start=1):
        players = [p for p in record["players"] if p in scored["bids"] and p in scored["won"]]
        with contextlib.suppress(FormulaError):
            scored["made"] = judge.made(
                number=number,
                cards=scored["cards"],
                players=players,
                bids=scored["bids"],
                won=scored["won"],
                rounds=rounds,
            )


def _markdown(text: str) -> str:
    """An edition's rules as HTML. Its titles and descriptions are a house rule's author's
    text: raw HTML in them is shown as text, and so is an image (which would load from
    anywhere, and say that the page was read), and a link to another site (its words
    then its address, which the reader copies if they mean to go there: a link's words
    can name one site and lead to another)."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.add_render_rule("image", _image_as_text)
    md.add_render_rule("link_open", _link_open)
    md.add_render_rule("link_close", _link_close)
    rendered: str = md.render(text, {"links": []})
    return rendered


def _on_the_pad(address: str) -> bool:
    """Whether a link's address stays on the pad: a path of its own (``/games``, not
    ``//elsewhere``) or a place in the page (``#scoring``)."""
    return address.startswith("#") or (address.startswith("/") and not address.startswith(("//", "/\\")))


def _link_open(self: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
    """A link on the pad as a link; a link elsewhere opens nothing: its words are
    written, and :func:`_link_close` writes its address after them."""
    token = tokens[idx]
    address = token.attrGet("href") or ""
    if _on_the_pad(address):
        env["links"].append(None)
        rendered: str = self.renderToken(tokens, idx, options, env)
        return rendered
    words = ""
    for inside in tokens[idx + 1 :]:
        if inside.type == "link_close":
            break
        words += inside.content
    # (an address written as the link's words, <https://...>, is not said twice)
    env["links"].append("" if words == address or token.markup == "autolink" else address)
    return ""


def _link_close(self: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
    """The end of a link on the pad; after the words of a link elsewhere, its address."""
    from markdown_it.common.utils import escapeHtml  # (markdown-it loads with the first rules page, as in _markdown)

    address = env["links"].pop()
    if address is None:
        rendered: str = self.renderToken(tokens, idx, options, env)
        return rendered
    return f" ({escapeHtml(address)})" if address else ""


def _image_as_text(self: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
    """An image written as it was typed, ``![alt](src)``, escaped."""
    from markdown_it.common.utils import escapeHtml

    token = tokens[idx]
    alt = self.renderInlineAsText(token.children or [], options, env)
    title = token.attrGet("title")
    said = f' "{title}"' if title else ""
    source: str = escapeHtml(f"![{alt}]({token.attrGet('src') or ''}{said})")
    return source


#: How a compare report is made: the JSON text of the two editions' comparison.
Make = Callable[["Edition", "Edition"], str]


def _edition_digest(edition: Edition) -> str:
    """The fingerprint of an edition's rules, its names and descriptions and where each
    rule is written (the reports show them all): :meth:`Edition.fingerprint`."""
    return edition.fingerprint(described=True)


class _Worker:
    """Makes compare reports in a process of its own, at a low priority, started with the
    first: the pad's thread then only waits for it. (Made by a thread of the pad, a
    report held Python's interpreter lock for a second or two, and every answer
    meanwhile waited for it: a kept report took 0.8 s to show.)"""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def __call__(self, a: Edition, b: Edition) -> str:
        if self._pool is None:
            import multiprocessing

            context = multiprocessing.get_context("spawn")  # (a fork of a process with threads may hang)
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=context, initializer=_worker_started, initargs=(os.getpid(),)
            )
        digests, text = self._pool.submit(_worker_report, a.id, b.id).result()
        if digests != (_edition_digest(a), _edition_digest(b)):  # (their files changed since the pad loaded them)
            raise RuntimeError(f"the worker's editions '{a.id}' and '{b.id}' are not the pad's")
        return text

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)


def _worker_started(pad: int) -> None:
    """A worker of :class:`_Worker`, for the pad of process id ``pad``: behind the pad
    for the processor, deaf to Ctrl+C (which stops the pad, and the pad stops its
    worker), and gone once the pad is (killed, it could not stop the worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(AttributeError, OSError):  # (no os.nice on Windows)
        os.nice(10)
    threading.Thread(target=_ends_with, args=(pad,), name="the pad's worker", daemon=True).start()


def _ends_with(pad: int) -> None:
    """End this process once its parent, the pad ``pad``, is gone."""
    while os.getppid() == pad:
        time.sleep(1)
    os._exit(0)


@functools.cache
def _worker_editions() -> Editions:
    return Editions()


def _worker_report(a: str, b: str) -> tuple[tuple[str, str], str]:
    """In a worker: the digests of the bundled editions ``a`` and ``b`` as it read them,
    and their report."""
    first, second = _worker_editions().get(a), _worker_editions().get(b)
    return (_edition_digest(first), _edition_digest(second)), _diff_json(first, second)


def _diff_json(a: Any, b: Any) -> str:
    """``skullking diff A B --format json``'s record as JSON text (with a smaller random
    sample of tricks: a page answers fast)."""

    return json.dumps(compare(a, b, sample=DIFF_SAMPLE, seed=DIFF_SEED, depth=DIFF_DEPTH))


@functools.cache
def _templates(lang: str) -> Any:
    """The pages' templates with their messages in ``lang``."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    environment = Environment(
        loader=PackageLoader("skullking.tools.pad", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    environment.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    return environment


def _handler(
    method: Callable[[Request], Awaitable[Response]], *, page: bool = False, access: Access = Access.READ
) -> Callable[[Request], Awaitable[Response]]:
    """A handler that answers the pad's errors: JSON for the API, a page for pages. On a
    shared pad, a change (``access``) without the key that opens it is refused (403)."""

    async def run(request: Request) -> Response:
        pad: Pad = request.app.state.pad
        pad.busy += 1  # (the event loop's thread alone counts)
        try:
            return await answer(request, pad)
        finally:
            pad.busy -= 1
            pad.quiet_since = time.monotonic()

    async def answer(request: Request, pad: Pad) -> Response:
        if access is Access.READ:
            return await respond(request, pad)
        with changing():  # (in threads of the changes: never waiting behind reads)
            return await respond(request, pad)

    async def respond(request: Request, pad: Pad) -> Response:
        try:
            if access is not Access.READ and pad.sharing.shared:  # (on this machine only: no key asked)
                game = request.path_params.get("game")
                if not await in_thread(pad.sharing.allows, pad.store, request, access, game):
                    return JSONResponse({"error": WATCH_ONLY, "watch_only": True}, status_code=403)
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
            return pad.render("error.html", request, status=status, message=record["error"], status_code=status)
        return JSONResponse(record, status_code=status)

    return run


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
    game, whole = Access.GAME, Access.PAD

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

    api = [
        Route("/api/editions", _handler(pad.api_editions)),
        Route("/api/editions/{edition}", _handler(pad.api_edition)),
        Route("/api/rules", _handler(pad.api_rules), methods=["POST"]),
        Route("/api/share", _handler(pad.api_share)),
        Route("/api/games", _handler(pad.api_games)),
        Route("/api/games", _handler(pad.api_create, access=whole), methods=["POST"]),
        Route("/api/games/import", _handler(pad.api_import, access=whole), methods=["POST"]),
        Route("/api/games/{game}", _handler(pad.api_game)),
        Route("/api/games/{game}", _handler(pad.api_delete_game, access=game), methods=["DELETE"]),
        Route("/api/games/{game}", _handler(pad.api_rename_game, access=game), methods=["PATCH"]),
        Route("/api/games/{game}/rematch", _handler(pad.api_rematch, access=game), methods=["POST"]),
        Route("/api/games/{game}/share", _handler(pad.api_share)),
        Route("/api/games/{game}/form", _handler(pad.api_form)),
        Route("/api/games/{game}/draft", _handler(pad.api_draft)),
        Route("/api/games/{game}/draft", _handler(pad.api_put_draft, access=game), methods=["PUT"]),
        Route("/api/games/{game}/sheet.yaml", _handler(pad.api_sheet)),
        Route("/api/games/{game}/rules.yaml", _handler(pad.api_rules_file)),
        Route("/api/games/{game}/record.skr", _handler(pad.api_record)),
        Route("/api/games/{game}/rounds/{n}", _handler(pad.api_put_round, access=game), methods=["PUT"]),
        Route("/api/games/{game}/rounds/{n}", _handler(pad.api_delete_round, access=game), methods=["DELETE"]),
        Route("/api/games/{game}/rounds/{n}/preview", _handler(pad.api_preview_round), methods=["POST"]),
        Route("/api/trick", _handler(pad.api_trick)),
        Route("/api/stats", _handler(pad.api_stats)),
        Route("/api/diff", _handler(pad.api_diff)),
    ]
    pages = [
        Route("/", _handler(pad.page_index, page=True)),
        Route("/games/{game}", _handler(pad.page_game, page=True)),
        Route("/games/{game}/edition", _handler(pad.page_game_edition, page=True)),
        Route("/editions/{edition}", _handler(pad.page_edition, page=True)),
        Route("/diff", _handler(pad.page_diff, page=True)),
        Route("/stats", _handler(pad.page_stats, page=True)),
        Route("/stats/players/{name:path}", _handler(pad.page_player, page=True)),
        Route("/sw.js", _service_worker),
        Route("/language", _language),
        *([] if certificate is None else [Route("/pad.crt", _certificate(certificate))]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=[*api, *pages], middleware=[Middleware(SameOrigin, hosts=hosts)], lifespan=lifespan if warm else None
    )
    app.state.pad = pad
    return app
