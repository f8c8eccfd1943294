"""What the conformance vectors' modules share: a feature tag of an id, the tags of the
plays of a trick, the source of a rule in words, and one vector as the files hold it."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skullking.core.resources import bundled_edition_files, is_file

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.model.cards import Play


def tag(identifier: str) -> str:
    """A feature tag of an id of the edition: its underscores as hyphens (``skull_king``
    -> ``skull-king``)."""
    return identifier.replace("_", "-")


class Tagger:
    """The feature tags of plays: the role played, the card's effect, its module (when
    not the edition's first), ``trump`` for a trump suit's card, the card kind's id for
    a card declared when played, ``abilities`` and the card's id for a card an ability,
    a wager or a bid change comes with."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.base = edition.modules[0].id if edition.modules else ""
        granted = {a.card for a in edition.abilities}
        granted.update(c.card for c in (edition.wagers, edition.bid_changes) if c is not None and c.card)
        self.granted = granted
        self.modules = {s.id: s.module for s in edition.suits}
        self._known: dict[str, frozenset[str]] = {}

    def play(self, play: Play) -> frozenset[str]:
        found = self._known.get(play.code)
        if found is None:
            found = self._known[play.code] = frozenset(self._play(play))
        return found

    def _play(self, play: Play) -> set[str]:
        tags: set[str] = set()
        card = play.card
        if card.suit is not None:
            if play.trump:
                tags.add("trump")
            module = self.modules.get(card.suit, self.base)
        else:
            kind = self.edition.kind(card.kind or "")
            module = kind.module
            if play.role:
                tags.add(tag(play.role))
            if kind.effect:
                tags.add(tag(kind.effect))
            if kind.declarations:
                tags.add(tag(kind.id))
            owner = card.individual or kind.id
            if owner in self.granted:
                tags.update(("abilities", tag(owner)))
        if module != self.base:
            tags.add(tag(module))
        return tags

    def plays(self, plays: Iterable[Play]) -> set[str]:
        return set().union(*map(self.play, plays))


def rule_source(own: str, edition: Edition) -> str:
    """The source of a rule in words: the comment just above the item in its edition
    file (``own`` is where the item was read, ``FILE:LINE``), else the edition's first
    source (the rulebook it follows; every source it names is in the document's
    ``sources``)."""
    comment = _comment_above(own) if own else ""
    return comment or (edition.sources[0] if edition.sources else edition.title)


@functools.lru_cache(maxsize=16)
def _lines(file: str) -> tuple[str, ...]:
    """The lines of an edition file as its items' locations name it (a bundled one as
    ``editions/ID.yaml``); none when it cannot be read (then no comment is a source)."""

    bundled = bundled_edition_files()
    name = Path(file).name.removesuffix(".yaml")
    try:
        if file.startswith("editions/") and name in bundled:
            return tuple(bundled[name].read_text(encoding="utf-8").splitlines())
        path = Path(file)
        return tuple(path.read_text(encoding="utf-8").splitlines()) if is_file(path) else ()
    except (OSError, UnicodeDecodeError):
        return ()


def _comment_above(located: str) -> str:
    """The comment lines just above ``FILE:LINE`` (an item's first line), as one text."""
    file, _, line = located.rpartition(":")
    if not line.isdigit():
        return ""
    lines = _lines(file)
    found: list[str] = []
    at = int(line) - 2
    while 0 <= at < len(lines) and lines[at].strip().startswith("#"):
        found.append(lines[at].strip().lstrip("#").strip())
        at -= 1
    return " ".join(reversed(found))


def make_vector(
    ident: str, description: str, *, source: str, tags: Iterable[str], given: Any, expected: Any
) -> dict[str, Any]:
    return {
        "id": ident,
        "description": description,
        "source": source,
        "tags": sorted(set(tags)),
        "input": given,
        "expected": expected,
    }


def key_comment(located: str, key: str) -> str:
    """The comment lines just above the ``key`` of the item whose first line is
    ``FILE:LINE`` (an effect's ``next_leader``), as one text; empty where the item has
    no such key or no comment above it."""
    file, _, line = located.rpartition(":")
    if not line.isdigit():
        return ""
    lines = _lines(file)
    first = int(line) - 1
    if not 0 <= first < len(lines):
        return ""
    indent = len(lines[first]) - len(lines[first].lstrip(" -"))
    for at in range(first + 1, len(lines)):
        text = lines[at]
        if text.strip() and not text.strip().startswith("#") and len(text) - len(text.lstrip()) < indent:
            break
        if text.strip().startswith(f"{key}:"):
            return _comment_above(f"{file}:{at + 1}")
    return ""
