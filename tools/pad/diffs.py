"""The comparison page's words: each rule value that differs between two editions (from
:func:`skullking.analysis.valuediff.value_changes`) as a row a player reads, what the value
is (the edition schema's description of its key) and its value under each edition in
words. The tricks and rounds played both ways are the page script's to show (they come
later, from ``GET /api/diff``)."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from typing import Any

from skullking.core.resources import rules_text

#: A step of a changed value's path: a key, or a list item named by its id (``[loot]``).
_STEP = re.compile(r"([^.\[\]]+)|\[([^\]]*)\]")


@functools.cache
def _schema() -> dict[str, Any]:

    schema: dict[str, Any] = json.loads(rules_text("edition.schema.json"))
    return schema


def _branches(node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """``node`` and every schema it may be (its ``anyOf``/``oneOf`` branches, deeply)."""
    found = [node]
    for key in ("anyOf", "oneOf"):
        for branch in node.get(key, []):
            if isinstance(branch, Mapping):
                found.extend(_branches(branch))
    return found


def _step(node: Mapping[str, Any], key: str | None) -> Mapping[str, Any] | None:
    """The schema of ``key`` in ``node`` (``None``: of an item of a list or mapping)."""
    for branch in _branches(node):
        if key is not None and key in branch.get("properties", {}):
            found: Mapping[str, Any] = branch["properties"][key]
            return found
    for branch in _branches(node):
        for inner in ("items", "additionalProperties"):
            if isinstance(branch.get(inner), Mapping):
                item: Mapping[str, Any] = branch[inner]
                return item if key is None else _step(item, key)
    return None


def described(path: str) -> str | None:
    """What the value at ``path`` (``deck.cards[loot].module``) is, as the edition
    schema describes its key; ``None`` where it has no description."""
    node: Mapping[str, Any] | None = _schema().get("else", _schema())
    said: str | None = None
    for match in _STEP.finditer(path):
        if node is None:
            return said
        node = _step(node, match[1]) if match[1] is not None else _step(node, None)
        if node is not None and isinstance(node.get("description"), str):
            said = node["description"]
    return said


def rows(changes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each changed value as the page shows it: ``{"path", "what", "a", "b"}``, each side
    ``{"value", "default"}``: the value (``None``: not written), and whether it is the
    value the edition plays with where its file leaves the key out."""
    found = []
    for change in changes:
        sides = {}
        for side in ("a", "b"):
            if change[side] is None and f"{side}_default" in change:
                sides[side] = {"value": _plain(change[f"{side}_default"]), "default": True}
            else:
                sides[side] = {"value": _plain(change[side]), "default": False}
        found.append({"path": change["path"], "what": described(change["path"]), **sides})
    return found


def _plain(value: Any) -> Any:
    """A value as words: a list joined by commas, a mapping as ``key: value`` pairs."""
    if isinstance(value, list):
        return ", ".join(str(_plain(v)) for v in value)
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    return value
