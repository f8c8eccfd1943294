"""The score pad's JSON API of games: the list, a new game (or one imported from a
score sheet, or a rematch), a game's record, its files (the sheet, the house rule, the
game record), its rounds (saved, previewed, deleted), the round being typed (the
draft), its title, its deletion, and the links that share the pad or a game."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from skullking.core.errors import FormulaError, SheetError
from skullking.scoring.schemes import scorer
from skullking.scoring.sheets.score import read_sheet
from skullking.tools.common import DEFAULT_EDITION

from .games import Editions, RoundError, form, record_text, score, sheet_of, sheet_yaml
from .i18n import COOKIE, chosen
from .requests import (
    MAX_GAME_ROUNDS,
    BadRequest,
    bad,
    check_choices,
    player_names,
    read_body,
    read_json,
    round_number,
    seen_version,
    unchanged,
)
from .sharing import Sharing
from .standings import Standings
from .store import Conflict, StaleWrite, Store, StoredGame
from .threads import in_thread

if TYPE_CHECKING:
    from skullking.edition import Edition

#: The header of an answer that holds a key: kept by no cache (the browser's, the
#: service worker's: see static/sw.js).
NOT_KEPT = {"cache-control": "no-store"}


class GamesApi:
    """The handlers of ``/api/games`` and ``/api/share``."""

    def __init__(self, *, store: Store, editions: Editions, sharing: Sharing, standings: Standings) -> None:
        self.store, self.editions, self.sharing, self.standings = store, editions, sharing, standings

    async def listing(self, request: Request) -> Response:
        games = await self.standings.listed.get()
        return JSONResponse(games)

    async def create(self, request: Request) -> Response:
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

    async def import_sheet(self, request: Request) -> Response:
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

    async def game(self, request: Request) -> Response:
        """The game's record; ``If-None-Match`` naming its version: 304, nothing more
        (how a phone watching the game asks, every few seconds, whether it changed)."""
        ident = request.path_params["game"]
        if "if-none-match" in request.headers:
            version = await in_thread(self.store.version, ident)
            if unchanged(request, version):
                return Response(status_code=304, headers={"etag": f'"{version}"'})
        game = await in_thread(self.store.game, ident)
        record = await in_thread(game_record, self.editions, game)
        return JSONResponse(record, headers={"etag": f'"{game.version}"'})

    async def game_form(self, request: Request) -> Response:
        game = await in_thread(self.store.game, request.path_params["game"])
        edition = await in_thread(self.editions.of, game)
        lang = chosen(request.cookies.get(COOKIE), request.headers.get("accept-language"))
        return JSONResponse(form(edition, game, lang), headers={"vary": "accept-language, cookie"})

    async def sheet_file(self, request: Request) -> Response:
        game = await in_thread(self.store.game, request.path_params["game"])
        return PlainTextResponse(
            sheet_yaml(game),
            media_type="application/yaml",
            headers={"content-disposition": f'attachment; filename="skullking-{game.id}.yaml"'},
        )

    async def record_file(self, request: Request) -> Response:
        """The game as a game record (``skullking replay`` scores it); a game its edition
        no longer scores is refused (409) with the problems, as a round would be."""
        game = await in_thread(self.store.game, request.path_params["game"])
        edition = await in_thread(self.editions.of, game)
        try:
            text = await in_thread(record_text, edition, game)
        except RoundError as exc:
            raise BadRequest(exc.record(), 409) from None
        return PlainTextResponse(
            text,
            media_type="text/plain",
            headers={"content-disposition": f'attachment; filename="skullking-{game.id}.skr"'},
        )

    async def rules_file(self, request: Request) -> Response:
        game = await in_thread(self.store.game, request.path_params["game"])
        if game.rules is None:
            raise bad(f"game '{game.id}' is played under the bundled edition '{game.edition}'", 404)
        return PlainTextResponse(
            game.rules,
            media_type="application/yaml",
            headers={"content-disposition": f'attachment; filename="{game.edition}.yaml"'},
        )

    async def rename(self, request: Request) -> Response:
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
        record = await in_thread(game_record, self.editions, game)
        return JSONResponse(record, headers={"etag": f'"{game.version}"'})

    async def delete(self, request: Request) -> Response:
        ident, seen = request.path_params["game"], seen_version(request)
        try:
            await in_thread(lambda: self.store.delete_game(ident, seen=seen))
        except StaleWrite as exc:  # a failed If-Match: 412, as HTTP says for a deletion
            raise bad(str(exc), 412) from None
        return Response(status_code=204)

    async def rematch(self, request: Request) -> Response:
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

    async def share(self, request: Request) -> Response:
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

    async def put_round(self, request: Request) -> Response:
        ident, number = request.path_params["game"], round_number(request)
        seen = seen_version(request)
        data = await read_json(request)
        if not isinstance(data, dict):
            raise bad('a round is a JSON object: {"bids": {...}, "won": {...}, ...}')
        result: dict[str, Any] = {}

        def check(game: StoredGame, rounds: list[dict[str, Any]]) -> None:
            result.update(score(self.editions.of(game), game, rounds))

        try:
            version = await in_thread(lambda: self.store.put_round(ident, number, data, seen=seen, check=check))
        except RoundError as exc:
            raise BadRequest(exc.record()) from None
        result["version"] = version
        return JSONResponse(result, headers={"etag": f'"{version}"'})

    async def delete_round(self, request: Request) -> Response:
        ident, number = request.path_params["game"], round_number(request)
        seen = seen_version(request)
        game = await in_thread(lambda: self.store.delete_round(ident, number, seen=seen))
        record = await in_thread(game_record, self.editions, game)
        return JSONResponse(record, headers={"etag": f'"{game.version}"'})

    async def preview_round(self, request: Request) -> Response:
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
            return score(self.editions.of(game), game, [*game.rounds[: number - 1], data, *game.rounds[number:]])

        try:
            return JSONResponse(await in_thread(preview))
        except RoundError as exc:
            if inline:
                return JSONResponse(exc.record())
            raise BadRequest(exc.record()) from None

    async def draft(self, request: Request) -> Response:
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

    async def put_draft(self, request: Request) -> Response:
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


def game_record(editions: Editions, game: StoredGame) -> dict[str, Any]:
    """The score JSON of a game plus its sheet, id, title, version and house rule;
    each round also says who made the bid (``made``: see :func:`mark_made`)."""

    edition = editions.of(game)
    record = score(edition, game)
    mark_made(edition, game, record)
    record.update(
        id=game.id,
        title=game.title,
        version=game.version,
        house_rule=game.rules is not None,
        sheet=sheet_of(game),
    )
    return record


def mark_made(edition: Edition, game: StoredGame, record: dict[str, Any]) -> None:
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
