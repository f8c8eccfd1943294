"""How a score sheet's values are read: each checked where it stands in the located tree,
and every problem collected with its place. Each part of the sheet reader
(:mod:`skullking.scoring.sheets.score`, :mod:`skullking.scoring.sheets.round`,
:mod:`skullking.scoring.sheets.bonus`, :mod:`skullking.scoring.sheets.play`) reads
through the one :class:`ValueReader` of the sheet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from skullking.core.errors import Problem
from skullking.core.limits import MAX_DIGITS
from skullking.core.suggest import unknown
from skullking.reading.located import Location, Node

if TYPE_CHECKING:
    pass


class ValueReader:
    """Reads the values of one sheet (whole numbers in a range, mappings of player to
    value) and collects the problems found, in the order found, each located and
    prefixed with the round being read (``prefix``, set by the sheet reader)."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        #: What every problem's message begins with: ``"round 2: "`` while round 2 is read.
        self.prefix = ""

    def error(self, node: Node | Location, message: str) -> None:
        """Note a problem at ``node`` (or at a location, such as a key's)."""
        loc = node.loc if isinstance(node, Node) else node
        self.problems.append(loc.problem(self.prefix + message))

    def whole_number(self, node: Node, what: str, low: int, high: int | None = None) -> int | None:
        """The whole number at ``node`` from ``low`` to ``high`` (no upper limit when
        ``None``), or ``None`` with the problem noted (``what`` names it)."""
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

    def mapping(self, parent: Node, key: str, *, required: bool) -> dict[str, Node] | None:
        """The mapping under ``key`` of ``parent``; ``None`` when it is absent (a problem
        where it is ``required``) or not a mapping."""
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

    def per_player(self, parent: Node, key: str, players: Sequence[str], *, required: bool) -> dict[str, Node]:
        """The value of each player of ``players`` under ``key`` of ``parent`` (a name not
        at the table is a problem, and where the mapping is ``required``, so is a player
        missing from it)."""
        table = self.mapping(parent, key, required=required)
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
