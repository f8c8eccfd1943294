"""Where every stored game stands, scored once a version: the list of games (the home
page's, ``GET /api/games``) and the statistics across games (``/stats``, a player's
page, ``GET /api/stats``)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from skullking.core.errors import SkullKingError

from .games import Editions, RoundError, RulesError, score
from .rendering import render
from .stats import statistics
from .store import NotFound, Store
from .threads import Flight


class Standings:
    """Each stored game's score, worked out once a version, and what the pad reads from
    every stored game: the statistics and the list of games."""

    def __init__(self, *, store: Store, editions: Editions) -> None:
        self.store, self.editions = store, editions
        # Each game's score for the statistics and the list of games, by id: the version
        # it was worked out for and the edition and score record (None: not scored).
        self._scores: dict[str, tuple[int, tuple[str, Any] | None]] = {}
        # The statistics and the list of games, read from every stored game: worked out
        # once for the requests that ask at the same time (each read a thread of their
        # own otherwise, and 40 requests for the statistics of 1,000 games took every
        # thread of the pad for minutes, a change waiting behind them).
        self.stats = Flight(self.statistics, lambda: store.changes, "statistics")
        self.listed = Flight(self.games, lambda: store.changes, "list of games")

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
            found = (game.edition, score(self.editions.of(game), game))
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


class StatisticsPages:
    """The statistics across games: as JSON, as a page, and one player's page."""

    def __init__(self, *, standings: Standings) -> None:
        self.standings = standings

    async def api(self, request: Request) -> Response:
        return JSONResponse(await self.standings.stats.get())

    async def page(self, request: Request) -> Response:
        stats = await self.standings.stats.get()
        return render("stats.html", request, stats=stats)

    async def player(self, request: Request) -> Response:
        """One player's page: their figures across every game and per edition, and the
        final score of each finished game (a chart the page script draws); a name
        no stored game has is not found."""
        name = request.path_params["name"]
        stats = await self.standings.stats.get()
        if name not in stats["overall"]["players"]:
            raise NotFound(f"no stored game has a player named '{name}'")
        scopes = [("overall", None, stats["overall"]["players"][name])]
        scopes += [
            (f"edition-{n}", ident, table["players"][name])
            for n, (ident, table) in enumerate(stats["editions"].items(), start=1)
            if name in table["players"]
        ]
        return render("player.html", request, player=name, scopes=scopes)
