"""Numbers in messages as a reader says them: ``1 player``, ``2 players``."""

from __future__ import annotations

from skullking.core.limits import shown


def counted(number: object, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, the noun plural unless the number is one (``1 round``,
    ``0 rounds``, ``3 tricks``); a value that is not an integer (given through the Python
    API) is shown as it is, with the plural."""
    many = plural if plural is not None else f"{noun}s"
    one = isinstance(number, int) and not isinstance(number, bool) and number == 1
    return f"{shown(number)} {noun if one else many}"


def were(number: int, one: str = "was", many: str = "were") -> str:
    """The verb after a number: ``1 was``, ``2 were`` (or ``is``/``are``)."""
    return one if number == 1 else many
