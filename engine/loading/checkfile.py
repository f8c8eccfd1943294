"""The file under check (:class:`CheckedFile`): what every check of an edition
(:mod:`skullking.loading.checks`) stands on. It holds the file's merged tree and the
problems found in it so far, locates a problem at its node, in the file that set it,
and checks ids, references and formulas where they stand."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from skullking.core.errors import ExpressionError, Problem, shorten
from skullking.core.limits import MAX_EXPRESSION_CHARS
from skullking.core.suggest import known_list, unknown
from skullking.language.expr import HIDDEN, compile_expression
from skullking.model.records import listed_names, when_known
from skullking.reading.located import Location, Node, position_in_scalar

#: What an id a formula names may look like (a role's, a load's).
FORMULA_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")


class CheckedFile:
    """An edition's merged tree (``root``, and as plain data ``data``) and the problems
    found in it (``problems``, in the order found). ``top`` is the file being checked:
    where a problem that the file and a base it extends cause together belongs."""

    def __init__(self, root: Node, sources: dict[str, str] | None = None, top: str = "") -> None:
        self.root = root
        self.data: dict[str, Any] = root.plain()
        #: The decks the rounds of a game deal, each distinct one once, with where it is
        #: dealt in words: the file's own deck (where empty) unless a count of copies is
        #: a formula of the round (set by the checks of the limits, which work them out).
        self.decks: list[tuple[str, dict[str, Any]]] = [("", self.data["deck"])] if "deck" in self.data else []
        self.problems: list[Problem] = []
        self.sources = sources or {}
        self.top = top

    def at(self, *path: str | int) -> Location:
        return self.root.locate(path)

    def sets(self, *path: str | int) -> bool:
        """Whether the checked file itself set the node at ``path`` (not a base it extends)."""
        return self.at(*path).file == self.top

    def add(self, problem: Problem) -> None:
        self.problems.append(problem)

    def error(self, message: str, *path: str | int) -> None:
        self.add(self.at(*path).problem(message))

    def blame(self, *candidates: tuple[str | int, ...]) -> tuple[str | int, ...]:
        """Of the nodes that together cause a problem, the first set by the checked file."""
        for path in candidates:
            if self.sets(*path):
                return path
        return candidates[0]

    def ids(self, path: tuple[str | int, ...], items: list[dict[str, Any]], what: str) -> set[str]:
        """The ids of ``items`` (the list at ``path``); a second item of one id is an error."""
        seen: dict[str, int] = {}
        for index, item in enumerate(items):
            ident = item["id"]
            if ident in seen:
                first = self.at(*path, seen[ident], "id")
                self.error(f"duplicate {what} id '{ident}' (first at line {first.line})", *path, index, "id")
            else:
                seen[ident] = index
        return set(seen)

    def known(self, value: str, known: Iterable[str], what: str, *path: str | int) -> bool:
        """Whether ``value`` (at ``path``) is one of ``known``; if not, an error naming them."""
        known = sorted(known)
        if value in known:
            return True
        self.error(unknown(what, value, known), *path)
        return False

    def expression(
        self, source: Any, names: Iterable[str], want: str, *path: str | int, elsewhere: Mapping[str, str] | None = None
    ) -> Any:
        """The formula at ``path`` compiled over ``names`` to a ``want`` ("number" or
        "truth value"), or ``None`` after an error located at its column in the file.
        ``elsewhere`` says, for names that other places offer but this one does not, why
        they are not known here (what the message for such a name adds)."""
        names = tuple(names)
        if isinstance(source, float):  # (a number written as a decimal: the schema's checks said so)
            return None
        text = str(source).lower() if isinstance(source, bool) else str(source)
        if len(text) > MAX_EXPRESSION_CHARS:
            self.error(
                f"the formula is {len(text):,} characters long: the most a formula may have is "
                f"{MAX_EXPRESSION_CHARS:,}",
                *path,
            )
            return None
        try:
            return compile_expression(text, names, want)  # type: ignore[arg-type]
        except ExpressionError as exc:
            node = self.root.at(path)
            loc = self.at(*path)
            if node is not None and not isinstance(node.value, dict | list):
                loc = position_in_scalar(node, exc.column, self.sources.get(node.loc.file))
            quoted = shorten(text, 200)
            said = f"{exc} in '{quoted}'"
            if exc.name is not None:  # an unknown name: the played_ names listed as their patterns
                why = (elsewhere or {}).get(exc.name)
                known = [n for n in names if n not in HIDDEN]
                listed = unknown("name", exc.name, known, listed=listed_names(known))
                said = f"unknown name '{exc.name}' in '{quoted}': {why}" if why else f"{listed} in '{quoted}'"
                when = when_known(exc.name)
                if not why and when is not None:  # a name of the language, not one of this formula
                    shown = known_list(listed_names(known))
                    said = f"unknown name '{exc.name}' in '{quoted}': {when}, but this formula cannot read it{shown}"
            self.add(loc.problem(said))
            return None
