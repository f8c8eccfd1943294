"""What the score pad's API accepts: request bodies (JSON, or a YAML sheet) read with a
bound, the game version a writer saw, round numbers and query numbers, player names,
an edition's choices (schedule, scoring, modules) for a new game, and a bundled edition
named in a path. Each refusal is a :class:`BadRequest` carrying its status and JSON
record."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, overload

from starlette.requests import Request

from skullking.core.limits import MAX_NESTING
from skullking.core.suggest import unknown
from skullking.reading.bounded import json_too_deep

from .games import MAX_PLAYERS, MIN_PLAYERS, Editions, RulesError, player_bounds
from .store import NotFound
from .threads import in_thread

#: The largest request body read (a pasted house rule or an imported sheet).
MAX_BODY = 1_000_000
#: The longest player name.
MAX_NAME = 40
#: The most rounds a game may hold (the longest schedule and tie-break rounds).
MAX_GAME_ROUNDS = 100


class BadRequest(Exception):
    """A request the API refuses: its status and JSON record."""

    def __init__(self, record: Mapping[str, Any], status: int = 400) -> None:
        self.record = dict(record)
        self.status = status
        super().__init__(self.record.get("error", ""))


def bad(message: str, status: int = 400) -> BadRequest:
    return BadRequest({"error": message}, status)


async def read_body(request: Request, *, yaml_ok: bool = False) -> bytes:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    allowed = ["application/json"] + (["application/yaml", "application/x-yaml", "text/yaml"] if yaml_ok else [])
    if kind not in allowed:
        raise bad(f"send {' or '.join(allowed)} (got {kind or 'no content type'})", 415)
    declared = request.headers.get("content-length")
    if declared is not None and digits(declared) and int(declared) > MAX_BODY:
        raise bad(f"the request is larger than {MAX_BODY:,} bytes", 413)
    from starlette.requests import ClientDisconnect

    data = bytearray()
    try:
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise bad(f"the request is larger than {MAX_BODY:,} bytes", 413)
    except ClientDisconnect:  # gone, or cut off for sending too slowly: no one reads the answer
        raise bad("the request's body did not arrive whole", 408) from None
    return bytes(data)


async def read_json(request: Request) -> Any:
    data = await read_body(request)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise bad("the request is not UTF-8") from None
    deep = json_too_deep(text)
    if deep is not None:
        raise bad(f"the JSON is nested more than {MAX_NESTING} levels deep (at character {deep})")
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        raise bad(f"the request is not JSON: {exc}") from None
    try:  # JSON's \ud800 escapes make strings that are not text (a lone surrogate)
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        half = exc.object[exc.start : exc.end].encode("unicode_escape").decode("ascii")
        raise bad(f"the request holds {half}, half of a character (a lone surrogate), which is not text") from None
    return value


def digits(text: str) -> bool:
    """Whether ``text`` is a whole number written in ASCII digits (``str.isdigit`` also
    takes superscripts and other scripts' digits, which ``int`` refuses or reads)."""
    return text.isascii() and text.isdigit()


def _no_constant(name: str) -> Any:
    """JSON's NaN, Infinity and -Infinity, which JSON itself does not have: refused."""
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent, refused where it is not finite (1e400)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def seen_version(request: Request) -> int | None:
    """The game version the writer saw (``If-Match``), if it names one."""
    given = request.headers.get("if-match")
    if given is None or given.strip() == "*":
        return None
    text = given.strip().removeprefix("W/").strip('"')
    if not digits(text):
        raise bad(f'If-Match must name a game version such as "3", got {given[:40]!r}')
    return int(text)


def unchanged(request: Request, tag: int) -> bool:
    """Whether the reader already has what is tagged ``tag`` (``If-None-Match`` names
    ``"tag"``, weak or strong, alone or in a list): then the answer is 304."""
    given = request.headers.get("if-none-match")
    if given is None:
        return False
    return f'"{tag}"' in (part.strip().removeprefix("W/") for part in given.split(","))


def round_number(request: Request) -> int:
    text = request.path_params["n"]
    if not digits(text) or not 1 <= int(text) <= MAX_GAME_ROUNDS:
        raise bad(f"a round number is 1 to {MAX_GAME_ROUNDS}, got '{text[:20]}'", 404)
    return int(text)


def player_names(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise bad("'players' must be a list of names")
    names = [" ".join(p.split()) for p in value]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise bad(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}")
    for name in names:
        if not name:
            raise bad("every player needs a name")
        if len(name) > MAX_NAME:
            raise bad(f"a player's name has at most {MAX_NAME} characters: '{name[:MAX_NAME]}...'")
        if not name.isprintable():
            raise bad(f"a player's name cannot hold control characters: {name!r}")
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise bad(f"two players are called '{name}': give each a different name")
        seen.add(name.casefold())
    return names


@overload
def query_int(text: str | None, name: str, default: int) -> int: ...
@overload
def query_int(text: str | None, name: str, default: None) -> int | None: ...
def query_int(text: str | None, name: str, default: int | None) -> int | None:
    if text is None or text == "":
        return default
    if not digits(text.removeprefix("-")) or len(text) > 6:
        raise bad(f"'{name}' must be a whole number, got '{text[:20]}'")
    return int(text)


def choices_of(edition: Any) -> dict[str, Any]:
    """What the new-game form offers for an edition."""
    return {
        "id": edition.id,
        "title": edition.title,
        **player_bounds(edition),
        "schedules": [{"id": s.id, "title": s.title} for s in edition.schedules],
        "default_schedule": edition.default_schedule,
        "schemes": [{"id": s.id, "title": s.title} for s in edition.schemes],
        "default_scheme": edition.default_scheme,
        "modules": [
            {"id": m.id, "title": m.title, "optional": m.optional, "min_players": m.min_players}
            for m in edition.modules
        ],
    }


def check_choices(
    edition: Any, schedule: str | None, scoring: str | None, modules: list[str] | None, names: list[str]
) -> None:
    players = len(names)
    ghost = edition.ghost
    if ghost is not None and ghost.players == players and ghost.name.casefold() in [n.casefold() for n in names]:
        raise bad(
            f"'{ghost.name}' plays the extra hand in {players}-player games of {edition.id}: "
            "give the player another name"
        )

    if schedule is not None and schedule not in [s.id for s in edition.schedules]:
        raise bad(unknown("schedule", schedule, [s.id for s in edition.schedules]))
    if scoring is not None and scoring not in [s.id for s in edition.schemes]:
        raise bad(unknown("scoring scheme", scoring, [s.id for s in edition.schemes]))
    if not edition.min_players <= players <= edition.max_players:
        raise bad(f"{edition.id} is played by {edition.min_players} to {edition.max_players} players, not {players}")
    if modules is not None:
        by_id = {m.id: m for m in edition.modules}
        for module in modules:
            if module not in by_id:
                raise bad(unknown("module", module, list(by_id)))
            if by_id[module].min_players > players:
                raise bad(f"module '{module}' is only used from {by_id[module].min_players} players")
        for module in edition.modules:
            if not module.optional and module.id not in modules and module.min_players <= players:
                raise bad(f"module '{module.id}' cannot be left out")


async def bundled(editions: Editions, ident: str) -> Any:
    """A bundled edition for a GET: an unknown id is not found (404)."""
    try:
        return await in_thread(editions.get, ident)
    except RulesError as exc:
        raise NotFound(exc.problems[0].message) from None
