"""The comparison of two bundled editions: its page (``/diff``), and its reports
(``skullking diff A B --format json``'s record, ``GET /api/diff``), each worked out once
a pair and kept in the store for the next time the pad runs."""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response

from skullking.analysis.compare import compare
from skullking.analysis.valuediff import value_changes
from skullking.storage.cache import code_fingerprint

from .diffs import rows
from .games import Editions, cards_to_tap
from .rendering import render
from .requests import bad, bundled
from .store import Store
from .threads import in_thread

if TYPE_CHECKING:
    from skullking.edition import Edition

#: Random tricks the diff page plays (``skullking diff`` plays 2,000), its seed, and the
#: size of the tricks it plays every one of (as ``skullking diff``'s defaults).
DIFF_SAMPLE, DIFF_SEED, DIFF_DEPTH = 500, 2021, 3

#: How a compare report is made: the JSON text of the two editions' comparison.
Make = Callable[["Edition", "Edition"], str]


def diff_json(a: Any, b: Any) -> str:
    """``skullking diff A B --format json``'s record as JSON text (with a smaller random
    sample of tricks: a page answers fast)."""

    return json.dumps(compare(a, b, sample=DIFF_SAMPLE, seed=DIFF_SEED, depth=DIFF_DEPTH))


def edition_digest(edition: Edition) -> str:
    """The fingerprint of an edition's rules, its names and descriptions and where each
    rule is written (the reports show them all): :meth:`Edition.fingerprint`."""
    return edition.fingerprint(described=True)


class Reports:
    """The compare reports of pairs of bundled editions, by the pair compared: bundled
    editions are loaded once and never change while the pad runs, so a report holds
    until then; the store keeps it for the next time the pad runs."""

    def __init__(self, *, editions: Editions, store: Store) -> None:
        self.editions, self.store = editions, store
        self._diffs: dict[tuple[str, str], str] = {}
        self._diff_locks: dict[tuple[str, str], threading.Lock] = {}  # one a pair: made once
        self._diff_lock = threading.Lock()  # (guards the dictionary of locks)
        self._digests: dict[str, str] = {}  # each bundled edition's, by id

    def report(self, a: str, b: str, make: Make | None = None) -> str:
        """``skullking diff A B --format json``'s record, as JSON text, for the bundled
        editions ``a`` and ``b`` (see :func:`diff_json`; ``make``: made another way),
        worked out once a pair: kept
        while the pad runs, and in the store for the next time it runs
        (:meth:`key`), made again when the entry there is not as it was kept."""
        known = self._diffs.get((a, b))
        if known is not None:
            return known
        first, second = self.editions.get(a), self.editions.get(b)  # (an unknown id is refused here)
        with self._diff_lock:
            lock = self._diff_locks.setdefault((a, b), threading.Lock())
        with lock:
            known = self._diffs.get((a, b))
            if known is None:
                key = self.key(first, second)
                known = self.store.report(key)
                if known is None:
                    known = diff_json(first, second) if make is None else make(first, second)
                    self.store.keep_report(key, code_fingerprint(), known)
                self._diffs[(a, b)] = known
            return known

    def known(self, a: str, b: str) -> bool:
        """Whether the report of ``a`` and ``b`` is at hand (worked out while the pad runs)."""
        return (a, b) in self._diffs

    def stored(self, a: str, b: str) -> bool:
        """Whether the store keeps a report of ``a`` and ``b`` made by this code."""
        return self.store.report(self.key(self.editions.get(a), self.editions.get(b))) is not None

    def key(self, a: Edition, b: Edition) -> str:
        """What the report of ``a`` and ``b`` is stored under: the code that makes it
        (the engine and the tools, as the engine's cache tells it), the page's settings,
        and all of both editions that a report reads (every field, but where the file
        lies): a report made by other code or of other rules is never read back."""
        settings = [code_fingerprint(), "json", DIFF_SAMPLE, DIFF_SEED, DIFF_DEPTH, self._digest(a), self._digest(b)]
        return hashlib.sha256(json.dumps(settings).encode()).hexdigest()

    def _digest(self, edition: Edition) -> str:
        found = self._digests.get(edition.id)
        if found is None:
            found = self._digests[edition.id] = edition_digest(edition)
        return found


class DiffPages:
    """The comparison page and the reports it fetches."""

    def __init__(self, *, editions: Editions, reports: Reports) -> None:
        self.editions, self.reports = editions, reports

    async def page(self, request: Request) -> Response:
        """The comparison page: at once, the rule values that differ (what is quick to
        tell); the tricks and rounds played both ways, which take a while the first time
        a pair is asked, the page's script fetches from ``GET /api/diff`` and fills in."""

        a, b = request.query_params.get("a"), request.query_params.get("b")
        values = None
        if a and b:
            first, second = await bundled(self.editions, a), await bundled(self.editions, b)
            values = await in_thread(value_changes, first, second)
            values["rows"] = rows(values["changes"])
            values["titles"] = {"a": first.title, "b": second.title}
            values["deck"] = deck_words(first, second)
        return render("diff.html", request, a=a, b=b, values=values, editions=self.editions.bundled())

    async def api(self, request: Request) -> Response:
        """``?a=A&b=B``: ``skullking diff A B --format json``'s record for two bundled
        editions (with the page's smaller sample of random tricks: :data:`DIFF_SAMPLE`),
        worked out once a pair (:meth:`Reports.report`)."""
        a, b = request.query_params.get("a"), request.query_params.get("b")
        if not a or not b:
            raise bad("name two bundled editions: /api/diff?a=skullking-2021&b=skullking-2024")
        await bundled(self.editions, a)
        await bundled(self.editions, b)
        report = await in_thread(self.reports.report, a, b)
        return Response(report, media_type="application/json")


def deck_words(*editions: Edition) -> dict[str, dict[str, Any]]:
    """Every card of the editions' decks (every module) by the code a report writes it
    with, as the trick checker names it: its names per language (the first edition's
    where both have the card), and for a card declared as it is played, the role's."""

    found: dict[str, dict[str, Any]] = {}
    for edition in editions:
        for card in cards_to_tap(edition, {m.id for m in edition.modules}):
            found.setdefault(card["code"], card)
    return found
