"""The score pad's JSON API of editions: the bundled editions, an edition's choices
for a new game, a house rule checked as it is typed, and the trick checker (under an
edition, or at a game's table)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from skullking.core.limits import MAX_ROUNDS
from skullking.language.expr import SEATS
from skullking.rounds.seating import table_seating, table_trick
from skullking.scoring.paid import when_paid
from skullking.tools.common import DEFAULT_EDITION

from .games import Editions, game_before
from .requests import bad, bundled, choices_of, query_int, read_json
from .store import Store
from .threads import in_thread

if TYPE_CHECKING:
    from skullking.edition import Edition


class EditionsApi:
    """The handlers of ``/api/editions``, ``/api/rules`` and ``/api/trick``."""

    def __init__(self, *, store: Store, editions: Editions) -> None:
        self.store, self.editions = store, editions

    async def listing(self, request: Request) -> Response:
        return JSONResponse(self.editions.bundled())

    async def choices(self, request: Request) -> Response:
        edition = await bundled(self.editions, request.path_params["edition"])
        return JSONResponse(choices_of(edition))

    async def check_rules(self, request: Request) -> Response:
        """Check a house rule's text (the page does as you type); its choices when it loads."""
        body = await read_json(request)
        if not isinstance(body, dict) or not isinstance(body.get("rules"), str):
            raise bad('send {"rules": "<house rule YAML>"}')
        edition = await in_thread(self.editions.get, "", body["rules"])
        return JSONResponse(choices_of(edition))

    async def trick(self, request: Request) -> Response:
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
            edition = await in_thread(self.editions.of, game)
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
                return bonus_paid(edition, edition.resolve_trick(plays, leader=leader, players=players).as_json())

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
            return bonus_paid(edition, trick.as_json())

        return JSONResponse(await in_thread(at_table))


def bonus_paid(edition: Edition, record: dict[str, Any]) -> dict[str, Any]:
    """A trick's record with ``bonus_paid``: when the edition's default scheme pays its
    bonus, in the engine's words (``if the bid holds``, ``whatever the bid``: see
    :func:`skullking.scoring.paid.when_paid`), for the page to say beside the bonus."""

    return {**record, "bonus_paid": when_paid(edition.scheme(), "bonus").words()}
