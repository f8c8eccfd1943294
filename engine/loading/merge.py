"""``extends``: merging an overlay edition onto its base, on located trees.

Mappings merge key by key; a key set to ``null`` removes it. Lists whose items are
mappings with an ``id`` (cards, suits, rules, bonuses, effects, schemes, ...) merge
item by item, keyed by id: an overlay item with a known id changes that item, a new
id is added (at the end, or where its ``before``/``after`` says). In an overlay such a
list may also be written as a mapping from id to item, where ``null`` removes the item.
Every other value replaces the base's. ``before``/``after`` on an item moves it (an
item of the base) or places it (a new one) next to the item with that id. Each merged
node keeps the location it came from, so problems are reported in the file that
caused them; an item added under an id the base does not have remembers the base's
ids, so that one missing required fields is reported as a misspelt id.
"""

from __future__ import annotations

from skullking.core.errors import Problem
from skullking.core.suggest import did_you_mean
from skullking.reading.located import Added, Location, Node


def _is_keyed_list(node: Node) -> bool:
    return isinstance(node.value, list) and all(
        isinstance(item.value, dict) and isinstance(item.value.get("id", Node(None, node.loc)).value, str)
        for item in node.value
    )


def _item_id(item: Node) -> str:
    ident = item.value["id"].value
    assert isinstance(ident, str)
    return ident


#: What the items of each keyed list are called in messages (by the list's key).
ITEM_NAMES = {
    "modules": "module",
    "roles": "role",
    "suits": "suit",
    "cards": "card",
    "individuals": "individual card",
    "precedence": "precedence rule",
    "list": "effect",
    "bonuses": "bonus",
    "schemes": "scheme",
    "cases": "case",
    "adjustments": "adjustment",
    "variants": "schedule",
    "abilities": "ability",
    "rules": "bidding rule",
}


def merge(base: Node, overlay: Node, problems: list[Problem], where: str = "", base_id: str = "the base") -> Node:
    """Merge ``overlay`` onto ``base`` (the edition ``base_id``); warnings about
    overrides of nothing go to ``problems``."""
    if isinstance(base.value, dict) and isinstance(overlay.value, dict):
        return _merge_mapping(base, overlay, problems, where, base_id)
    if isinstance(base.value, list) and _is_keyed_list(base):
        if isinstance(overlay.value, dict):
            return _merge_keyed_mapping(base, overlay, problems, where, base_id)
        if isinstance(overlay.value, list) and _is_keyed_list(overlay) and base.value:
            return _merge_keyed_list(base, overlay, problems, where, base_id)
    return overlay


def _fresh(key: str, node: Node, problems: list[Problem], where: str, base_id: str) -> Node:
    """A value the base does not have, with the id -> item shorthand turned into lists
    wherever it is used inside it."""
    if key in ITEM_NAMES and _is_item_mapping(node):
        return _merge_keyed_mapping(Node([], node.loc), node, problems, where, base_id)
    if key in ITEM_NAMES and _is_keyed_list(node) and any(_hints(item) for item in node.value):
        # A list the base lacks still places its items by before/after, as the mapping form does.
        return _merge_keyed_list(Node([], node.loc), node, problems, where, base_id)
    if isinstance(node.value, dict):
        value = {k: _fresh(k, v, problems, f"{where}{k}.", base_id) for k, v in node.value.items()}
        return Node(value, node.loc, node.key_loc, node.style, node.end, node.removed, node.added)
    return node


def _hints(item: Node) -> bool:
    return isinstance(item.value, dict) and ("before" in item.value or "after" in item.value)


def _is_item_mapping(node: Node) -> bool:
    """A mapping whose values are all mappings or null: items written by id."""
    return isinstance(node.value, dict) and all(isinstance(v.value, dict | None) for v in node.value.values())


def _what(where: str) -> str:
    key = where.rstrip(".").rsplit(".", 1)[-1].split("[")[0]
    return ITEM_NAMES.get(key, "item")


def _mark_added(item: Node, where: str, base_id: str, items: list[Node], added: set[str]) -> Node:
    """``item``, marked as new to the base, with the ids of the base's ``items`` still in
    the list (those of the items the overlay ``added`` left out), and its id added."""
    known = tuple(i for i in map(_item_id, items) if i not in added)
    item.added = Added(_what(where), base_id, known, placed=_hints(item))
    added.add(_item_id(item))
    return item


def _merge_mapping(base: Node, overlay: Node, problems: list[Problem], where: str, base_id: str) -> Node:
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
        if key in merged:
            merged[key] = merge(merged[key], value, problems, f"{where}{key}.", base_id)
        else:
            merged[key] = _fresh(key, value, problems, f"{where}{key}.", base_id)
        key_loc[key] = kloc
        removed.pop(key, None)
    return Node(merged, overlay.loc, key_loc, removed=removed)


def _place(items: list[Node], new: Node, problems: list[Problem], where: str, at: int | None = None) -> None:
    """Insert a keyed item where its before/after says, else at ``at`` (an item kept in
    its place) or at the end (a new item)."""
    hints = [(hint, new.value[hint]) for hint in ("before", "after") if hint in new.value]
    if len(hints) == 2:
        problems.append(hints[1][1].loc.problem("give 'before' or 'after', not both"))
    for hint, anchor in hints[:1]:
        if not isinstance(anchor.value, str):
            problems.append(anchor.loc.problem(f"'{hint}' names the id of an item of this list (text)"))
            break
        offset = 0 if hint == "before" else 1
        if anchor.value == _item_id(new):
            problems.append(anchor.loc.problem(f"'{hint}: {anchor.value}' names the item itself"))
            break
        for position, item in enumerate(items):
            if _item_id(item) == anchor.value:
                items.insert(position + offset, new)
                return
        known = [_item_id(i) for i in items]
        problems.append(
            anchor.loc.problem(
                f"'{hint}: {anchor.value}': no {_what(where)} '{anchor.value}' in this list"
                f"{did_you_mean(str(anchor.value), known)}"
            )
        )
    items.insert(len(items) if at is None else at, new)


def _move(items: list[Node], position: int, merged: Node, problems: list[Problem], where: str) -> None:
    """Put a changed item back: where its before/after says, else where it was."""
    del items[position]
    _place(items, merged, problems, where, at=position)


def _strip_hints(node: Node) -> Node:
    if _hints(node):
        value = {k: v for k, v in node.value.items() if k not in ("before", "after")}
        key_loc = {k: v for k, v in node.key_loc.items() if k in value}
        return Node(value, node.loc, key_loc, removed=node.removed, added=node.added)
    return node


def _merge_keyed_list(base: Node, overlay: Node, problems: list[Problem], where: str, base_id: str) -> Node:
    items = list(base.value)
    added: set[str] = set()
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
                _move(items, position, merge(item, new, problems, f"{where}{ident}.", base_id), problems, where)
                break
        else:
            _place(items, _mark_added(new, where, base_id, items, added), problems, where)
    return Node([_strip_hints(i) for i in items], overlay.loc)


def _merge_keyed_mapping(base: Node, overlay: Node, problems: list[Problem], where: str, base_id: str) -> Node:
    items = list(base.value)
    added: set[str] = set()
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
            problems.append(value["id"].loc.problem(f"id '{value['id'].plain()}' differs from its key '{ident}'"))
            continue  # kept out of the list: the items that follow are found by their ids
        with_id = Node(value, new.loc, key_loc)
        if position is None:
            _place(items, _mark_added(with_id, where, base_id, items, added), problems, where)
        else:
            merged = merge(items[position], with_id, problems, f"{where}{ident}.", base_id)
            _move(items, position, merged, problems, where)
    return Node([_strip_hints(i) for i in items], overlay.loc)
