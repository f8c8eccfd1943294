"""What differs between two editions: changed values, then their consequences.

:func:`compare` lists the values that differ (by path, list items named by id), then
plays the same tricks under both editions (every ordered pair and triple of the cards
they share, and a seeded random sample of longer tricks) and the same rounds under
both scoring schemes, and keeps the examples whose outcome differs.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from .errors import SkullKingError

if TYPE_CHECKING:
    from .cards import Play
    from .edition import Edition
    from .trick import TrickResult

EXAMPLES = 12  # examples kept per kind of consequence


def _flatten(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from _flatten(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list) and value and all(isinstance(i, Mapping) and "id" in i for i in value):
        for item in value:
            yield from _flatten({k: v for k, v in item.items() if k != "id"}, f"{path}[{item['id']}]")
            yield f"{path}[{item['id']}]", "(present)"
    else:
        yield path, value


def changed_values(a: Edition, b: Edition) -> list[dict[str, Any]]:
    """Every path whose value differs; ``None`` stands for absent."""
    skip = ("id", "title", "description", "sources", "extends")
    left = {p: v for p, v in _flatten(a.data) if p.split(".")[0].split("[")[0] not in skip}
    right = {p: v for p, v in _flatten(b.data) if p.split(".")[0].split("[")[0] not in skip}
    return [
        {"path": path, "a": left.get(path), "b": right.get(path)}
        for path in sorted(set(left) | set(right))
        if left.get(path) != right.get(path)
    ]


def _resolve(edition: Edition, plays: list[Play]) -> TrickResult | None:
    try:
        return edition.resolve_trick(plays)
    except SkullKingError:
        return None  # a trick this edition cannot have (too many copies, players)


def _shared_codes(a: Edition, b: Edition) -> list[str]:
    return sorted(code for code, play in a.plays.items() if not play.undeclared and code in b.plays)


def trick_differences(
    a: Edition, b: Edition, *, sample: int = 2000, seed: int = 2021, depth: int = 3
) -> dict[str, Any]:
    """Tricks whose winner, next leader or bonus differs between the editions: every
    ordered trick of 2 to ``depth`` shared cards, then ``sample`` random longer ones."""
    codes = _shared_codes(a, b)
    checked = differ = 0
    examples: list[dict[str, Any]] = []
    kinds: dict[tuple[str, str], int] = {}  # examples kept per pair of deciding rules

    def tricks() -> Iterator[list[str]]:
        for size in range(2, depth + 1):
            yield from (list(t) for t in itertools.product(codes, repeat=size))
        rng = random.Random(seed)
        largest = min(a.max_players, b.max_players)
        for _ in range(sample if largest >= 4 else 0):
            yield rng.sample(codes, rng.randint(4, largest))

    plays_a, plays_b = a.plays, b.plays
    for trick in tricks():
        left = _resolve(a, [plays_a[c] for c in trick])
        right = _resolve(b, [plays_b[c] for c in trick])
        if left is None or right is None:
            continue
        checked += 1
        if left[:3] != right[:3]:
            differ += 1
            kind = (left.rule, right.rule)
            if len(examples) < EXAMPLES and kinds.get(kind, 0) < 2:  # varied examples
                kinds[kind] = kinds.get(kind, 0) + 1
                examples.append({"cards": trick, "a": left.as_json(), "b": right.as_json()})
    return {"checked": checked, "differ": differ, "examples": examples}


def round_differences(a: Edition, b: Edition) -> dict[str, Any]:
    """Rounds (cards dealt, round number, bid, tricks won, bonus, alliance) whose points
    differ between the editions' default scoring schemes."""
    left, right = a.scheme(), b.scheme()
    checked = differ = 0
    examples: list[dict[str, Any]] = []
    rounds = a.schedule().rounds
    for number, cards in enumerate(rounds, start=1):
        for bid, won, bonus, alliance in itertools.product(range(cards + 1), range(cards + 1), (0, 30), (0, 20)):
            if bonus and not won:
                continue  # a bonus needs a won trick
            values = {"bid": bid, "won": won, "cards": cards, "round": number, "players": 4}
            points = []
            for scheme in (left, right):
                made = bool(scheme.made.evaluate(values))
                env = {**values, "bonus": bonus, "alliance": alliance if made else 0}
                case = next(c for c in scheme.cases if c.when is None or c.when.evaluate(env))
                points.append(int(case.points.evaluate(env)))
            checked += 1
            if points[0] != points[1]:
                differ += 1
                if len(examples) < EXAMPLES:
                    examples.append({**values, "bonus": bonus, "alliance": alliance, "a": points[0], "b": points[1]})
    return {"checked": checked, "differ": differ, "examples": examples}


def compare(a: Edition, b: Edition, *, sample: int = 2000, seed: int = 2021, depth: int = 3) -> dict[str, Any]:
    """The full comparison (the ``skullking diff --format json`` record)."""
    return {
        "a": a.id,
        "b": b.id,
        "changes": changed_values(a, b),
        "tricks": trick_differences(a, b, sample=sample, seed=seed, depth=depth),
        "rounds": round_differences(a, b),
    }
