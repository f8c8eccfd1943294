"""Did-you-mean suggestions for names looked up in editions, sheets and commands.

Every place that looks a name up (a card, role, suit, rule, effect, bonus, scheme,
schedule, module or player) and does not find it says so through :func:`unknown`,
so that messages read alike everywhere::

    >>> unknown("effect", "lot", ["kraken", "loot", "white-whale"])
    "unknown effect 'lot'; did you mean 'loot'? (known: kraken, loot, white-whale)"
    >>> unknown("module", "extra", ["advanced", "base"])
    "unknown module 'extra' (known: advanced, base)"

A list of more than :data:`LIST_AT_MOST` names is left out of the message.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from skullking.core.errors import QUOTE_AT_MOST, shorten


def close_matches(word: str, known: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """The known names closest to ``word`` (case-insensitive), best first; ``cutoff``
    (0 to 1) is how alike they must be."""
    if len(word) > 2 * QUOTE_AT_MOST:  # nothing is that long: no need to compare
        return []
    by_lower: dict[str, str] = {}
    for name in known:
        by_lower.setdefault(name.lower(), name)
    return [by_lower[m] for m in difflib.get_close_matches(word.lower(), list(by_lower), n=n, cutoff=cutoff)]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` (or ``'x' or 'y'``) for the closest known names, else ``""``."""
    matches = close_matches(word, known)
    if not matches:
        return ""
    return "; did you mean " + " or ".join(repr(m) for m in matches) + "?"


#: Known names are listed in a message when there are at most this many.
LIST_AT_MOST = 24


def known_list(known: Iterable[str]) -> str:
    """`` (known: a, b, c)`` for a short list of names, else ``""``."""
    names = sorted(set(known))
    if len(names) > LIST_AT_MOST:
        return ""
    return f" (known: {', '.join(names) or 'none'})"


def unknown(what: str, word: str, known: Iterable[str], *, where: str = "", listed: Iterable[str] | None = None) -> str:
    """The message for a name that is not known: ``unknown WHAT 'WORD'[ in WHERE]``,
    then a did-you-mean when a known name is close, and the known names when few (or
    ``listed``, what stands for them: a pattern for a family of names)."""
    names = sorted(set(known))
    place = f" in {where}" if where else ""
    shown = known_list(names if listed is None else listed)
    return f"unknown {what} '{shorten(word)}'{place}{did_you_mean(word, names)}{shown}"


def one_letter_apart(word: str, other: str) -> bool:
    """Whether ``word`` and ``other`` differ by one letter, case aside: one added, left
    out, changed, or two neighbours swapped (``pirates``/``pirate``, ``lot``/``loot``,
    ``zero-mad``/``zero-made``, ``kraken``/``karken``); so do two names told apart only
    by ``-`` and ``_`` or by case.

    >>> one_letter_apart("pirates", "pirate"), one_letter_apart("karken", "kraken")
    (True, True)
    >>> one_letter_apart("zero_made", "zero-made"), one_letter_apart("loot", "lots")
    (True, False)
    """
    a, b = (w.lower().replace("_", "-") for w in (word, other))
    if a == b:
        return word != other
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    start = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))
    if len(a) < len(b):  # one letter added to the shorter
        return a[start:] == b[start + 1 :]
    if a[start + 1 :] == b[start + 1 :]:  # one letter changed
        return True
    return a[start : start + 2] == b[start : start + 2][::-1] and a[start + 2 :] == b[start + 2 :]
