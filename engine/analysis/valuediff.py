"""What two editions say differently as written, before any play: the rule values that
differ (by path, list items named by id, with the value a side that leaves a key out
plays with), the title, descriptions and sources, the cards only one deck has, and the
rounds their schedules deal differently. :func:`value_changes` gathers them; it is the
first part of :func:`skullking.analysis.compare.compare`'s report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from skullking.model.records import DEFAULTS

if TYPE_CHECKING:
    from skullking.edition import Edition


#: Top-level keys that say what an edition is, not what its rules are: reported under
#: ``about``, apart from the rule changes (``id`` is the report's ``a`` and ``b``).
ABOUT = ("title", "description", "descriptions", "sources")

_SKIP = ("id", "extends", *ABOUT)


def value_changes(a: Edition, b: Edition) -> dict[str, Any]:
    """What differs as written, before any play: the editions' ids, the changed rule
    values (with the value a side that leaves a key out plays with:
    :func:`with_defaults`), the changed title, description and sources, the cards only
    one deck has, and the rounds the schedules deal differently
    (:func:`schedule_differences`)."""
    return {
        "a": a.id,
        "b": b.id,
        "changes": with_defaults(changed_values(a, b), a, b),
        "about": changed_about(a, b),
        "cards": only_cards(a, b),
        "schedules": schedule_differences(a, b),
    }


def _flatten(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, Mapping) and value:
        for key, item in value.items():
            yield from _flatten(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list) and value and all(isinstance(i, Mapping) and "id" in i for i in value):
        for item in value:
            yield from _flatten({k: v for k, v in item.items() if k != "id"}, f"{path}[{item['id']}]")
            yield f"{path}[{item['id']}]", "(present)"
    else:
        yield path, value


def _differences(a: Mapping[str, Any], b: Mapping[str, Any], keep: Iterable[str]) -> list[dict[str, Any]]:
    keys = set(keep)
    left = dict(_flatten({k: v for k, v in a.items() if k in keys}))
    right = dict(_flatten({k: v for k, v in b.items() if k in keys}))
    return [
        {"path": path, "a": left.get(path), "b": right.get(path)}
        for path in sorted(set(left) | set(right))
        if left.get(path) != right.get(path)
    ]


def changed_values(a: Edition, b: Edition) -> list[dict[str, Any]]:
    """Every path of the rules whose value differs; ``None`` stands for absent. Every
    top-level key but the ones naming and describing the edition is walked, so a key
    added to the edition file is compared without a change here."""
    keys = (set(a.data) | set(b.data)) - set(_SKIP)
    return _differences(a.data, b.data, keys)


def changed_about(a: Edition, b: Edition) -> list[dict[str, Any]]:
    """The title, descriptions and sources, where they differ (not rules: kept apart)."""
    return _differences(a.data, b.data, ABOUT)


def _default_of(edition: Edition, path: str) -> Any:
    """The value ``edition`` plays with at ``path`` (a changed value's path, list items
    named by id) where its file leaves the key out: the formula of who deals or leads
    it works out (``dealer + 1`` after a dealer of its own, a tie-break round as any
    round), else the engine's default (:data:`~skullking.model.records.DEFAULTS`);
    ``None`` where the key has none."""

    play = edition.play_rules
    if path == "play.first_leader":
        return play.first_leader.source
    if path == "scoring.extra_round_dealer":
        dealer = play.extra_round_dealer or play.dealer
        return dealer.source if dealer is not None else DEFAULTS[("play", "dealer")]
    if path == "scoring.extra_round_leader":
        return (play.extra_round_leader or play.first_leader).source
    key = tuple("[]" if part.startswith("[") else part for part in _path_parts(path))
    return DEFAULTS.get(key)


def _path_parts(path: str) -> list[str]:
    """A changed value's path in parts: ``effects.list[kraken].pays`` -> ``effects``,
    ``list``, ``[kraken]``, ``pays``."""
    parts: list[str] = []
    for piece in path.split("."):
        name, _, items = piece.partition("[")
        if name:
            parts.append(name)
        parts += [f"[{item}" for item in items.split("[") if item] if items else []
    return parts


def with_defaults(changes: list[dict[str, Any]], a: Edition, b: Edition) -> list[dict[str, Any]]:
    """``changes`` (:func:`changed_values`) with, where one side leaves the key out
    (``None``) and the engine has a value for it, that value as ``a_default`` or
    ``b_default``: what the edition plays with, e.g. ``round - 2`` for a dealer."""
    out = []
    for change in changes:
        shown = dict(change)
        for side, edition in (("a", a), ("b", b)):
            if change[side] is None:
                value = _default_of(edition, change["path"])
                if value is not None:
                    shown[f"{side}_default"] = value
        out.append(shown)
    return out


def deck_copies(edition: Edition) -> Counter[str]:
    """Each card code of the edition's deck (every module) with its copies; a named
    individual counts as its copies, and also as copies of its card's own code."""
    copies: Counter[str] = Counter()
    for suit in edition.suits:
        for rank in suit.ranks:
            code = f"{suit.code}{rank}"
            copies[code] = edition.copies.get(code, 1)
    for kind in edition.kinds:
        copies[kind.code] = kind.copies
        for individual in kind.individuals:
            copies[individual.code] = edition.copies.get(individual.code, 1)
    return copies


def only_cards(a: Edition, b: Edition) -> dict[str, list[str]]:
    """The cards only one deck has: ``only_a`` lists each code of A once per copy A has
    beyond B's (a card B lacks, or a second copy), in A's deck order; ``only_b`` alike."""
    left, right = deck_copies(a), deck_copies(b)
    return {
        "only_a": [code for code, n in left.items() for _ in range(n - right.get(code, 0))],
        "only_b": [code for code, n in right.items() for _ in range(n - left.get(code, 0))],
    }


def schedule_differences(a: Edition, b: Edition) -> list[dict[str, Any]]:
    """The schedules the editions deal differently: each schedule id either has, and
    the default schedules where their ids differ (``schedule``: ``(default)``), with
    the id each edition has (``a``, ``b``; ``None`` without it) and ``tables``: for the
    table sizes both editions allow at which the two deal alike among themselves
    (``players``), the cards each deals in every round (``a``, ``b``: lists, ``None``
    without the schedule) and the rounds that differ (``rounds``). Schedules dealt the
    same at every table are left out."""
    ids = list(dict.fromkeys([*(s.id for s in a.schedules), *(s.id for s in b.schedules)]))
    sizes = range(max(a.min_players, b.min_players), min(a.max_players, b.max_players) + 1)
    labels = ids if a.default_schedule == b.default_schedule else ["(default)", *ids]
    out = []
    for label in labels:
        pick_a = a.default_schedule if label == "(default)" else label
        pick_b = b.default_schedule if label == "(default)" else label
        has_a, has_b = pick_a in {s.id for s in a.schedules}, pick_b in {s.id for s in b.schedules}
        tables: dict[tuple[Any, Any], list[int]] = {}
        for players in sizes:
            left = _dealt(a, pick_a, players) if has_a else None
            right = _dealt(b, pick_b, players) if has_b else None
            if left != right:
                tables.setdefault((left and tuple(left), right and tuple(right)), []).append(players)
        if tables:
            out.append(
                {
                    "schedule": label,
                    "a": pick_a if has_a else None,
                    "b": pick_b if has_b else None,
                    "tables": [
                        {
                            "players": players,
                            "a": None if left is None else list(left),
                            "b": None if right is None else list(right),
                            "rounds": _rounds_differing(left, right),
                        }
                        for (left, right), players in tables.items()
                    ],
                }
            )
    return out


def _rounds_differing(left: Sequence[int | None] | None, right: Sequence[int | None] | None) -> list[int]:
    """The round numbers whose cards differ between two deals (a missing round differs)."""
    a, b = list(left or ()), list(right or ())
    length = max(len(a), len(b))
    a += [None] * (length - len(a))
    b += [None] * (length - len(b))
    return [number for number, (x, y) in enumerate(zip(a, b, strict=True), start=1) if x != y]


def _dealt(edition: Edition, schedule: str, players: int) -> list[int | None]:
    """The cards ``edition`` deals each player in each round of ``schedule`` at a table
    of ``players``."""
    rounds = len(edition.schedule(schedule).rounds)
    hands = edition.hands(players)
    return [edition.cards_dealt(number, hands, schedule) for number in range(1, rounds + 1)]
