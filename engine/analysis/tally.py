"""How ``diff`` counts one kind of consequence of two editions' differences (tricks,
rounds, seats) and keeps varied examples of it (:class:`Tally`), and how it plays a grid
too large to play whole: a sample spread evenly over it (:func:`spread_sample`), which
the report's ``grid`` says (:func:`grid_json`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from typing import Any

EXAMPLES = 12  # examples kept per kind of consequence


class Tally:
    """The counts and varied examples of one kind of consequence (tricks, rounds): what
    both editions can have (``checked``, of which ``differ`` end differently) and what
    only one can (``only_a``, ``only_b``, with the reason the other cannot)."""

    def __init__(self, *, per_kind: int) -> None:
        self.checked = self.differ = 0
        self.only = {"a": 0, "b": 0}
        self.examples: list[dict[str, Any]] = []
        self.only_examples: dict[str, list[dict[str, Any]]] = {"a": [], "b": []}
        self.per_kind = per_kind  # differing examples kept per kind
        self._kinds: Counter[Hashable] = Counter()
        self._only_kinds: set[Hashable] = set()

    def differs(self, kind: Hashable) -> bool:
        """Count one more that ends differently; whether to keep its example (append it
        to ``examples``): while there is room and fewer than ``per_kind`` of ``kind`` are."""
        self.differ += 1
        if len(self.examples) >= EXAMPLES or self._kinds[kind] >= self.per_kind:
            return False
        self._kinds[kind] += 1
        return True

    def only_one(self, side: str, kind: Callable[[], Hashable]) -> bool:
        """Count one more that only ``side`` ("a" or "b") can have; whether to keep its
        example (with :meth:`keep_only`): one per ``kind()``, while there is room."""
        self.only[side] += 1
        if len(self.only_examples[side]) >= EXAMPLES:
            return False
        key = (side, kind())
        if key in self._only_kinds:
            return False
        self._only_kinds.add(key)
        return True

    def keep_only(self, side: str, record: dict[str, Any], outcome: Any, why: str) -> None:
        """Keep an example only ``side`` can have: its ``outcome`` there, ``why`` not the other."""
        other = "b" if side == "a" else "a"
        self.only_examples[side].append({**record, side: outcome, other: None, "why": why})

    def as_json(self) -> dict[str, Any]:
        return {
            "checked": self.checked,
            "differ": self.differ,
            "examples": self.examples,
            "only_a": self.only["a"],
            "only_b": self.only["b"],
            "only_a_examples": self.only_examples["a"],
            "only_b_examples": self.only_examples["b"],
        }


def spread_sample(size: int, most: int, seed: int) -> Iterator[int]:
    """Indices of a grid of ``size`` items to play: all of them, or (more than ``most``)
    one drawn at random (``seed``) from each of ``most`` equal stretches of it, in
    order: the whole grid is covered evenly, and nothing but the indices is held."""
    if size <= most:
        yield from range(size)
        return
    rng = random.Random(f"diff-grid-{seed}")
    for i in range(most):
        start, end = i * size // most, (i + 1) * size // most
        yield start + rng.randrange(end - start)


def grid_json(size: int, most: int) -> dict[str, Any]:
    """The report's ``grid``: how many of the grid's items were played, of how many."""
    return {"size": size, "compared": min(size, most), "sampled": size > most}
