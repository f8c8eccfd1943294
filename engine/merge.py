"""``extends``: merging an overlay edition onto its base, on located trees.

Mappings merge key by key; a key set to ``null`` removes it. Lists whose items are
mappings with an ``id`` (cards, suits, rules, bonuses, effects, schemes, ...) merge
item by item, keyed by id: an overlay item with a known id changes that item, a new
id is added (at the end, or where its ``before``/``after`` says). In an overlay such a
list may also be written as a mapping from id to item, where ``null`` removes the item.
Every other value replaces the base's. Each merged node keeps the location it came
from, so problems are reported in the file that caused them.
"""

from __future__ import annotations

from .errors import Problem
from .located import Location, Node


def _is_keyed_list(node: Node) -> bool:
    return isinstance(node.value, list) and all(
        isinstance(item.value, dict) and isinstance(item.value.get("id", Node(None, node.loc)).value, str)
        for item in node.value
    )


def _item_id(item: Node) -> str:
    ident = item.value["id"].value
    assert isinstance(ident, str)
    return ident


def merge(base: Node, overlay: Node, problems: list[Problem], where: str = "") -> Node:
    """Merge ``overlay`` onto ``base``; warnings about overrides of nothing go to ``problems``."""
    if isinstance(base.value, dict) and isinstance(overlay.value, dict):
        return _merge_mapping(base, overlay, problems, where)
    if isinstance(base.value, list) and _is_keyed_list(base):
        if isinstance(overlay.value, dict):
            return _merge_keyed_mapping(base, overlay, problems, where)
        if isinstance(overlay.value, list) and _is_keyed_list(overlay) and base.value:
            return _merge_keyed_list(base, overlay, problems, where)
    return overlay


def _merge_mapping(base: Node, overlay: Node, problems: list[Problem], where: str) -> Node:
    merged = dict(base.value)
    key_loc = dict(base.key_loc)
    removed = dict(base.removed)
    for key, value in overlay.value.items():
        kloc = overlay.key_loc.get(key, overlay.loc)
        if value.value is None:
            if key not in merged:
                problems.append(
                    kloc.problem(f"'{key}: null' removes nothing: the base has no '{where}{key}'", severity="warning")
                )
            merged.pop(key, None)
            key_loc.pop(key, None)
            removed[key] = kloc
            continue
        merged[key] = merge(merged[key], value, problems, f"{where}{key}.") if key in merged else value
        key_loc[key] = kloc
        removed.pop(key, None)
    return Node(merged, overlay.loc, key_loc, removed=removed)


def _place(items: list[Node], new: Node, problems: list[Problem]) -> None:
    """Insert a new keyed item where its before/after says (else at the end)."""
    for hint, offset in (("before", 0), ("after", 1)):
        anchor = new.value.get(hint)
        if anchor is None:
            continue
        for position, item in enumerate(items):
            if _item_id(item) == anchor.value:
                items.insert(position + offset, new)
                return
        problems.append(anchor.loc.problem(f"'{hint}: {anchor.value}' names no item of this list"))
    items.append(new)


def _strip_hints(node: Node) -> Node:
    if isinstance(node.value, dict) and ("before" in node.value or "after" in node.value):
        value = {k: v for k, v in node.value.items() if k not in ("before", "after")}
        return Node(value, node.loc, {k: v for k, v in node.key_loc.items() if k in value})
    return node


def _merge_keyed_list(base: Node, overlay: Node, problems: list[Problem], where: str) -> Node:
    items = list(base.value)
    seen: dict[str, Node] = {}
    for new in overlay.value:
        ident = _item_id(new)
        if ident in seen:
            first = seen[ident].loc.line
            problems.append(
                new.value["id"].loc.problem(f"duplicate id '{ident}' in {where.rstrip('.')} (first at line {first})")
            )
            continue
        seen[ident] = new
        for position, item in enumerate(items):
            if _item_id(item) == ident:
                items[position] = _strip_hints(merge(item, new, problems, f"{where}{ident}."))
                break
        else:
            _place(items, new, problems)
    return Node([_strip_hints(i) for i in items], overlay.loc)


def _merge_keyed_mapping(base: Node, overlay: Node, problems: list[Problem], where: str) -> Node:
    items = list(base.value)
    for ident, new in overlay.value.items():
        kloc: Location = overlay.key_loc.get(ident, overlay.loc)
        position = next((i for i, item in enumerate(items) if _item_id(item) == ident), None)
        if new.value is None:
            if position is None:
                problems.append(
                    kloc.problem(
                        f"'{ident}: null' removes nothing: the base has no '{ident}' in {where.rstrip('.')}",
                        severity="warning",
                    )
                )
            else:
                del items[position]
            continue
        if not isinstance(new.value, dict):
            problems.append(new.loc.problem(f"'{ident}' must be a mapping (the item's fields) or null"))
            continue
        value = dict(new.value)
        key_loc = dict(new.key_loc)
        if "id" not in value:
            value["id"] = Node(ident, kloc)
            key_loc["id"] = kloc
        elif value["id"].value != ident:
            problems.append(value["id"].loc.problem(f"id '{value['id'].value}' differs from its key '{ident}'"))
        with_id = Node(value, new.loc, key_loc)
        if position is None:
            _place(items, with_id, problems)
        else:
            items[position] = merge(items[position], with_id, problems, f"{where}{ident}.")
    return Node([_strip_hints(i) for i in items], overlay.loc)
