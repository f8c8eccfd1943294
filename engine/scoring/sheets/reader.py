"""The reader every score-sheet check builds on (see :mod:`skullking.scoring.sheets.score`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from skullking.core.errors import Problem
from skullking.core.limits import MAX_DIGITS
from skullking.core.suggest import unknown
from skullking.model.records import (
    Ghost,
)
from skullking.reading.located import Location, Node

if TYPE_CHECKING:
    from skullking.edition import Edition


class SheetReader:
    """A sheet being read: the edition, the located tree, and the problems found, each
    prefixed with the round being read. The checks of :mod:`skullking.scoring.sheets.score`,
    :mod:`skullking.scoring.sheets.round`, :mod:`skullking.scoring.sheets.bonus` and
    :mod:`skullking.scoring.sheets.play` build on it."""

    def __init__(self, edition: Edition, root: Node) -> None:
        self.edition = edition
        self.root = root
        self.problems: list[Problem] = []
        self.prefix = ""

    def error(self, node: Node | Location, message: str) -> None:
        loc = node.loc if isinstance(node, Node) else node
        self.problems.append(loc.problem(self.prefix + message))

    def _int(self, node: Node, what: str, low: int, high: int | None = None) -> int | None:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(node, f"{what} must be a whole number, got {node.plain()!r}")
            return None
        if value < low or (high is not None and value > high):
            upper = f"..{high}" if high is not None else " or more"
            shown = value if abs(value) < 10**MAX_DIGITS else "(a number too large)"
            self.error(node, f"{what} {shown} is out of range {low}{upper}")
            return None
        return value

    def _mapping(self, parent: Node, key: str, required: bool) -> dict[str, Node] | None:
        node = parent.value.get(key)
        if node is None:
            if required:
                self.error(parent, f"'{key}' is missing")
            return None
        if not isinstance(node.value, dict):
            self.error(node, f"'{key}' must be a mapping of player to value")
            return None
        table: dict[str, Node] = node.value
        return table

    def _per_player(self, parent: Node, key: str, players: Sequence[str], required: bool) -> dict[str, Node]:
        table = self._mapping(parent, key, required)
        if table is None:
            return {}
        out: dict[str, Node] = {}
        for name, node in table.items():
            if name not in players:
                self.error(
                    parent.value[key].key_loc.get(name, node.loc), unknown("player", name, players, where=f"'{key}'")
                )
            else:
                out[name] = node
        if required:
            missing = [p for p in players if p not in table]
            if missing:
                self.error(parent.value[key], f"'{key}' lacks {', '.join(missing)}")
        return out

    def _ghost(self, players: list[str]) -> Ghost | None:
        ghost = self.edition.ghost
        return ghost if ghost is not None and ghost.players == len(players) else None
