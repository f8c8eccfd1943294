"""Schema problems explained: the JSON Schema's errors for a merged edition turned into
one located message each, in words (an unknown key with the allowed ones, a value not
in a list of choices with a did-you-mean, a misspelt overlay id)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from skullking.core.errors import Problem, shorten
from skullking.core.resources import rules_text
from skullking.core.suggest import close_matches, did_you_mean, one_letter_apart
from skullking.reading.located import Location, Node


def schema_problems_of(root: Node) -> list[Problem]:
    import json

    import jsonschema

    schema = json.loads(rules_text("edition.schema.json"))
    validator = jsonschema.Draft7Validator(schema)
    problems: list[Problem] = []
    for error in sorted(validator.iter_errors(root.plain()), key=lambda e: list(map(str, e.absolute_path))):
        problems.extend(_explain_schema_error(root, error))
    return problems + _decimals(root)


def _decimals(root: Node) -> list[Problem]:
    """A whole number written as a decimal (``30.0``), which JSON Schema takes for an
    integer: every number of an edition file is whole, so each is refused at its place,
    saying how to write it (a decimal that is not whole is the schema's own problem)."""
    found: list[Problem] = []
    stack: list[tuple[Node, tuple[str | int, ...]]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        value = node.value
        if isinstance(value, dict):
            stack.extend((child, (*path, key)) for key, child in value.items())
        elif isinstance(value, list):
            stack.extend((child, (*path, index)) for index, child in enumerate(value))
        elif isinstance(value, float) and value.is_integer():
            where = describe(root, path)
            found.append(
                node.loc.problem(f"{where}: {value!r} is written as a decimal: write the whole number {int(value)}")
            )
    return sorted(found, key=lambda p: (p.file, p.line, p.column))


def describe(root: Node, path: tuple[str | int, ...]) -> str:
    """A path for messages, naming list items by their id: ``deck.cards[kraken].role``."""
    out = ""
    for depth, step in enumerate(path):
        if isinstance(step, int):
            item = root.at((*path[:depth], step))
            ident = item.value.get("id") if item is not None and isinstance(item.value, dict) else None
            out += f"[{ident.value}]" if ident is not None and isinstance(ident.value, str) else f"[{step}]"
        else:
            out += f".{step}" if out else step
    return out or "the file"


def _explain_schema_error(root: Node, error: Any) -> Iterator[Problem]:
    path = tuple(error.absolute_path)
    where = describe(root, path)
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(error.instance) - set(allowed))
        for key in extra:
            hint = did_you_mean(key, allowed)
            yield root.locate_key(path, key).problem(
                f"unknown key '{key}' in {where}{hint} (allowed: {', '.join(allowed)})"
            )
        return
    if "propertyNames" in error.schema_path:
        key = str(error.instance)
        yield root.locate_key(path, key).problem(f"'{key}' in {where} is not a language code (like en, de, ja)")
        return
    if error.validator in ("oneOf", "anyOf") and error.context:
        # Explain the branch that fits the value's shape (a mapping or a list).
        shape = "object" if isinstance(error.instance, dict) else "array" if isinstance(error.instance, list) else None
        branches = [e for e in error.context if e.validator != "type" and _branch_type(error, e) == shape]
        if branches:
            for sub in branches:
                yield from _explain_schema_error(root, sub)
            return
        yield root.locate(path).problem(f"{where}: must be {_shapes(error)}")
        return
    if error.validator == "enum":
        choices = ", ".join(str(c) for c in error.validator_value)
        hint = did_you_mean(str(error.instance), [str(c) for c in error.validator_value])
        yield root.locate(path).problem(f"{where}: {_quoted(error.instance)} is not one of: {choices}{hint}")
        return
    if error.validator == "required":
        node = root.at(path)
        missing = [k for k in error.validator_value if k not in (error.instance or {})]
        if (
            node is not None
            and node.added is not None
            and isinstance(node.value.get("id", Node(0, node.loc)).value, str)
        ):
            yield _misspelt(node, missing)
            return
        for key in missing:
            if node is not None and key in node.removed:
                yield node.removed[key].problem(f"'{key}' is a required property of {where}; '{key}: null' removes it")
            else:
                yield root.locate(path).problem(f"{where}: '{key}' is a required property")
        return
    if error.validator == "if":  # reported through its then/else sub-errors
        return
    message = error.message.replace(repr(error.instance), _quoted(error.instance))
    yield root.locate(path).problem(f"{where}: {shorten(message, 300)}")


def _quoted(value: Any) -> str:
    """``value`` as messages quote it: its repr, cut where it is long (a message never
    echoes a large part of the file back)."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:40]}... ({len(text):,} characters)"


#: The comment that says a new item is meant, on its id's line or the line above it.
NEW_ITEM = re.compile(r"#\s*skullking-validate:\s*new\b")


def close_to_base_ids(node: Node, sources: Mapping[str, str] | None = None) -> Iterator[Problem]:
    """Problems of complete items an overlay added under an id close to one its base
    has, where a change of the base's item was likely meant and the base's rule would
    go on playing beside the new one: an error for an id one letter from the base's
    (``pirates`` beside ``pirate``, ``zero-mad`` beside ``zero-made``) unless the item
    is placed with ``before:``/``after:``, a warning for one merely like it. A comment
    ``# skullking-validate: new`` on the id's line or the line above (``sources`` holds
    each file's text by the name its locations give) says the new item is meant, and
    silences both."""
    if (
        node.added is not None
        and isinstance(node.value, dict)
        and isinstance(node.value.get("id", Node(0, node.loc)).value, str)
        and not _marked_new(node.value["id"].loc, sources or {})
    ):
        what, base_id, known, placed = node.added
        ident = node.value["id"]
        near = [k for k in known if one_letter_apart(str(ident.value), k)]
        if near and not placed:
            hint = " or ".join(repr(m) for m in near)
            yield ident.loc.problem(
                f"new {what} '{ident.value}' is one letter from {base_id}'s {hint}, which would go on playing "
                f"beside it; to change it, write its id as the base does; to add a new {what}, place it with "
                "'before:' or 'after:', or say so with a comment '# skullking-validate: new'"
            )
        else:
            matches = close_matches(str(ident.value), known, cutoff=0.8)  # a new item may well be like another
            if matches:
                hint = " or ".join(repr(m) for m in matches)
                yield ident.loc.problem(
                    f"new {what} '{ident.value}' ({base_id} has none of that id); did you mean to change {hint}?",
                    severity="warning",
                )
    children = (
        node.value.values() if isinstance(node.value, dict) else node.value if isinstance(node.value, list) else []
    )
    for child in children:
        yield from close_to_base_ids(child, sources)


def _marked_new(loc: Location, sources: Mapping[str, str]) -> bool:
    """Whether the line of ``loc``, or the line above it, says ``# skullking-validate: new``."""
    text = sources.get(loc.file)
    if text is None:
        return False
    lines = text.splitlines()
    return any(NEW_ITEM.search(lines[n]) for n in (loc.line - 1, loc.line - 2) if 0 <= n < len(lines))


def _misspelt(node: Node, missing: list[str]) -> Problem:
    """An item an overlay added under an id its base lacks, without every required field:
    most likely a misspelt id (``- id: lot`` for ``loot``)."""
    assert node.added is not None
    what, base_id, known, _ = node.added
    ident: Node = node.value["id"]
    matches = close_matches(str(ident.value), known)
    if matches:
        hint = " or ".join(repr(m) for m in matches)
        return ident.loc.problem(f"no {what} '{ident.value}' in {base_id}; did you mean {hint}?")
    needs = ", ".join(f"'{k}'" for k in missing)
    return ident.loc.problem(
        f"no {what} '{ident.value}' in {base_id} to change; a new {what} needs {needs} "
        f"({base_id} has: {', '.join(known) or 'none'})"
    )


def _branch_type(error: Any, sub: Any) -> str | None:
    branch = error.validator_value[sub.schema_path[0]] if sub.schema_path else {}
    kind = branch.get("type") if isinstance(branch, dict) else None
    return kind if isinstance(kind, str) else None


def _shapes(error: Any) -> str:
    kinds = [b.get("type") for b in error.validator_value if isinstance(b, dict)]
    return " or ".join({"object": "a mapping", "array": "a list"}.get(str(k), str(k)) for k in kinds)
