"""Plan tables: every short trick an edition can deal, planned before play.

The compiled resolver keeps the outcome of a short trick's *pattern* as a plan
(:mod:`skullking.tricks.compiled.plans`) the second time it meets the pattern, so a pattern's first
tricks pay the whole resolution and the plan's building: games of new deals meet
thousands of them. A *plan
table* is the plan of every pattern tuple of up to :data:`TABLE_CARDS` cards (a
four-player game's tricks) the edition can deal, made once by resolving a trick of each
pattern tuple twice (about 1.4 s for skullking-2021: 66,582 possible tuples of four
cards of 18 patterns), and kept in the cache (:mod:`skullking.storage.cache`) as each plan's
builder and arguments, by the edition's own pattern numbers, so that another process
builds the same plans from it in a few tens of milliseconds.

:meth:`Edition.plan_tricks <skullking.edition.Edition.plan_tricks>` reads or builds an
edition's tables; large simulations do it before they play. A table changes no result,
only how soon a trick finds its plan (tests/tricks/compiled/test_plantable.py checks its plans against
the rules interpreted).
"""

from __future__ import annotations

import itertools
import weakref
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skullking.core.errors import SkullKingError
from skullking.model.cards import Play
from skullking.storage.cache import cached_plans, store_plans
from skullking.tricks.compiled.memo import PLANNED, SEEN
from skullking.tricks.compiled.plans import LIMIT, SPECS, Plan, fixed, no_winner, ranked

if TYPE_CHECKING:
    from skullking.model.rules import Rules
    from skullking.tricks.compiled.resolver import CompiledTricks

#: Tricks of up to this many cards are tabled (a four-player game's tricks): all the
#: resolver keeps plans for.
TABLE_CARDS = PLANNED
#: Pattern tuples one table may hold: an edition of many patterns tables fewer sizes
#: (skullking-2021: 18 patterns, 104,976 tuples of four cards).
MOST_TUPLES = 150_000
#: The plan builders a table may name.
BUILDERS: dict[str, Callable[..., Plan]] = {"fixed": fixed, "ranked": ranked, "no_winner": no_winner}

#: A table as stored (JSON data): the edition's :func:`fingerprint` and pattern count,
#: every plan's (builder, arguments), and for each trick size from one card, the plan
#: number of every pattern tuple in ``itertools.product`` order (-1: no plan, for an
#: impossible trick or one resolved trick by trick).
Table = dict[str, Any]


def patterns(edition: Rules) -> list[int]:
    """The edition's pattern ids, numbered in the order of its plays (the same numbers
    in every process, where the ids are not)."""
    return list(dict.fromkeys(play.pattern for play in edition.plays.values()))


def sizes(edition: Rules) -> range:
    """The trick sizes tabled: up to :data:`TABLE_CARDS` cards, as many as the edition
    seats, and no more pattern tuples than :data:`MOST_TUPLES`."""
    count = len(patterns(edition))
    most = 0
    while most < min(TABLE_CARDS, edition.max_players) and count ** (most + 1) <= MOST_TUPLES:
        most += 1
    return range(1, most + 1)


#: Each edition's fingerprint, worked out once (an edition never changes).
_FINGERPRINTS: weakref.WeakKeyDictionary[Rules, str] = weakref.WeakKeyDictionary()


def fingerprint(edition: Rules) -> str:
    """What a table depends on: the edition's rules (not its name, descriptions, file),
    :meth:`Edition.fingerprint`."""
    found = _FINGERPRINTS.get(edition)
    if found is None:
        found = _FINGERPRINTS[edition] = edition.fingerprint()
    return found


def build(tricks: CompiledTricks) -> Table:
    """The plan table of the edition of ``tricks``, made by resolving a trick of every
    pattern tuple twice (the plans are kept by the memo of ``tricks`` as they are found)."""
    edition = tricks.edition
    ids = patterns(edition)
    by_pattern: dict[int, list[Play]] = defaultdict(list)
    for play in edition.plays.values():
        by_pattern[play.pattern].append(play)
    numbers: dict[tuple[str, tuple[Any, ...]], int] = {}
    memo = tricks.memo
    limit, memo.limit = memo.limit, 1 << 62  # (every plan found kept while building)
    try:
        tables = _tables(tricks, ids, by_pattern, numbers)
    finally:
        memo.limit = limit
    specs = [[name, _listed(args)] for name, args in numbers]
    return {"edition": fingerprint(edition), "patterns": len(ids), "specs": specs, "tables": tables}


def _tables(
    tricks: CompiledTricks,
    ids: list[int],
    by_pattern: dict[int, list[Play]],
    numbers: dict[tuple[str, tuple[Any, ...]], int],
) -> list[list[int]]:
    """:func:`build`'s tables, each plan numbered in ``numbers``."""
    resolve, seats, plans = tricks.resolve_trick, tricks.edition.max_players, tricks.memo.plans
    tables: list[list[int]] = []
    for size in sizes(tricks.edition):
        table: list[int] = []
        for key in itertools.product(ids, repeat=size):
            met: Counter[int] = Counter()
            cards = []
            for pattern in key:  # the pattern's plays in turn (a card twice only when it must)
                options = by_pattern[pattern]
                cards.append(options[met[pattern] % len(options)])
                met[pattern] += 1
            try:
                resolve(cards, 0, seats)
                if plans.get(key) is SEEN:  # (a plan that costs nothing is kept at once)
                    resolve(cards, 0, seats)
            except SkullKingError:  # no such trick (a card beyond its copies, undeclared...)
                table.append(-1)
                continue
            spec = SPECS.get(plans.get(key, SEEN))
            table.append(-1 if spec is None else numbers.setdefault(spec, len(numbers)))
        tables.append(table)
    return tables


def _listed(value: Any) -> Any:
    """The builders' tuples as JSON's lists."""
    return [_listed(v) for v in value] if isinstance(value, tuple) else value


def _tupled(value: Any) -> Any:
    """JSON's lists as the tuples the builders were given."""
    return tuple(_tupled(v) for v in value) if isinstance(value, list | tuple) else value


def install(tricks: CompiledTricks, table: Table) -> int:
    """Keep the plans of ``table`` in the memo of ``tricks``; the number of pattern
    tuples planned. Raises ``ValueError`` (or another error of a damaged table) for a
    table that is not this edition's, before keeping any."""
    found = plans_of(tricks.edition, table)
    # kept to install again when the plans overflow, its numbers packed (2.7 MB as
    # lists of numbers for skullking-2021, 0.4 MB as arrays)
    packed = {**table, "tables": [array("i", numbers) for numbers in table["tables"]]}
    tricks.memo.install(packed, found, LIMIT + len(found))
    return len(found)


def plans_of(edition: Rules, table: Table) -> dict[tuple[int, ...], Plan]:
    """The plans of ``table`` by pattern tuple, built for ``edition`` once each entry is
    checked against it. Raises ``ValueError`` (or another error of a damaged table) for
    a table that is not this edition's."""
    ids = patterns(edition)
    if table["edition"] != fingerprint(edition) or table["patterns"] != len(ids):
        raise ValueError("a plan table of another edition")
    if len(table["tables"]) > len(sizes(edition)):
        raise ValueError("a plan table of more trick sizes than the edition tables")
    specs = [(name, _tupled(args)) for name, args in table["specs"]]
    reach = [_reach(edition, name, args) for name, args in specs]
    built = [BUILDERS[name](*args) for name, args in specs]
    found: dict[tuple[int, ...], Plan] = {}
    for size, numbers in enumerate(table["tables"], 1):
        keys = itertools.product(ids, repeat=size)
        for key, number in zip(keys, numbers, strict=True):
            if type(number) is not int or not -1 <= number < len(built):
                raise ValueError("a plan number that is no plan of the table")
            if number >= 0:
                if reach[number] >= size:
                    raise ValueError(f"a plan for a card beyond a trick of {size}")
                found[key] = built[number]
    return found


def _reach(edition: Rules, name: str, args: tuple[Any, ...]) -> int:
    """The last position in a trick that the plan ``name(*args)`` reads, once its
    arguments are checked against the edition (a table read back is input: a plan of
    another edition's rules, bonuses or seats, or of the wrong shape, is refused with
    ``ValueError``)."""
    rules = {"", *(r.id for r in edition.precedence), *(e.id for e in edition.effects)}
    rules.update(r.id for e in edition.effects for r in e.precedence)
    bonuses = {b.id for b in edition.bonuses}

    def positions(value: Any) -> list[int]:
        if type(value) is not tuple or any(type(p) is not int or p < 0 for p in value):
            raise ValueError("positions that are not a trick's")
        return list(value)

    def selected(selector: Any) -> list[int]:
        if type(selector) is int:
            return positions((selector,))
        if type(selector) is not tuple or len(selector) != 2 or selector[1] not in (1, -1) or not selector[0]:
            raise ValueError("a selector that is not one")
        return positions(selector[0])

    def paid(points: Any, ids: Any) -> None:
        if type(points) is not int or type(ids) is not tuple or not bonuses.issuperset(ids):
            raise ValueError("bonuses that are not the edition's")

    if name not in BUILDERS or type(args) is not tuple or len(args) not in (5, 7):
        raise ValueError("a plan that is no builder's")
    rule, reason, seats = args[-3:]
    if rule not in rules or type(reason) is not str or seats != edition.max_players:
        raise ValueError("a plan of another edition's rules or seats")
    if name == "fixed" and len(args) == 7:
        w, points, ids, loots = args[:4]
        paid(points, ids)
        return max(positions((w, *positions(loots))))
    if name == "no_winner" and len(args) == 5:
        selector, offset = args[:2]
        if type(offset) is not int or not 0 <= offset < seats:
            raise ValueError("a next leader beyond the seats")
        if type(selector) is int:  # seats on from the leader (left of a trick of one card: 1), no card read
            if not 0 <= selector < seats:
                raise ValueError("a next leader beyond the seats")
            return -1
        return max(selected(selector))
    if name == "ranked" and len(args) == 5 and type(args[1]) is tuple:
        found = selected(args[0])
        for item in args[1]:
            if type(item) is not tuple or len(item) != 2 or type(item[1]) is not tuple or len(item[1]) != 3:
                raise ValueError("a ranked plan's outcome that is not one")
            paid(*item[1][:2])
            found += positions((item[0], *positions(item[1][2])))
        if not set(selected(args[0])) <= {item[0] for item in args[1]}:
            raise ValueError("a ranked plan without an outcome for each card")
        return max(found)
    raise ValueError("a plan of the wrong shape")


def plan_tricks(tricks: CompiledTricks, *, build_missing: bool = True) -> bool:
    """Give ``tricks`` its edition's plan tables: from the cache, else (``build_missing``)
    built and stored there. Whether the tables are in place."""
    if tricks.memo.table is not None:
        return True

    key = fingerprint(tricks.edition)
    table = cached_plans(key)
    if table is not None:
        try:
            install(tricks, table)
            return True
        except Exception:  # a table that does not fit: built anew
            pass
    if not build_missing:
        return False
    table = build(tricks)
    tricks.memo.plans.clear()  # (the plans as the building left them: kept as a table read is)
    install(tricks, table)
    store_plans(key, table)
    return True
