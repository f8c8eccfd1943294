"""Reading cards written by people: codes and names, in any of the edition's languages.

The lexical shape is the lark grammar ``rules/cards.lark``; the words are the
edition's. Words are compared case-insensitively, with ``-``, ``_`` and spaces alike,
and a code or name glued to a rank (``Y10``, ``green7``) is split. Cards are then
found by longest match (:class:`skullking.model.vocabulary.Vocabulary`, which holds an
edition's words for its plays), so ``green 7 skull king Y3`` is three cards. A card
that is declared when played takes its choice after a colon (``TIG:PIR``,
``tigress:escape``).
"""

from __future__ import annotations

import functools
import re
from typing import Any, NamedTuple

from skullking.core.errors import NotationError, shorten
from skullking.storage.cache import lark_grammar

_GLUED_RANK = re.compile(r"^(\D+?)(\d+)$")
# The shapes "WORD" and "WORD:WORD" of rules/cards.lark (its WORD terminal), read
# without loading lark: most cards on a command line look like this. A test checks
# that both paths split every text alike.
_WORD = r'[^\s,;:\[\]"]+'
_SIMPLE = re.compile(rf"\s*({_WORD})(?:\s*(:)\s*({_WORD}))?\s*")


def normalize(text: str) -> tuple[str, ...]:
    """The words of a name as compared: case-folded, ``-``/``_`` as spaces."""
    return tuple(text.casefold().replace("-", " ").replace("_", " ").split())


def name_words(text: str) -> tuple[str, ...]:
    """The words of a name as the notation reads them: normalized, ranks split off."""
    out: list[str] = []
    for part in normalize(text):
        glued = _GLUED_RANK.match(part)
        out.extend(glued.groups() if glued else (part,))
    return tuple(out)


class Word(NamedTuple):
    text: str  # normalized
    column: int  # 1-based column of the token it came from
    token: str  # the token as written
    kind: str = "WORD"  # WORD, DECLARE or SEP


@functools.cache
def _lexer() -> Any:
    from lark import Lark

    # (importlib.resources: kept off the start-up of a command whose grammar the cache holds)
    from skullking.core.resources import rules_text

    grammar = rules_text("cards.lark")
    return lark_grammar("cards", grammar, lambda: Lark(grammar, parser="lalr"))


def tokens(text: str, *, use_grammar: bool = False) -> list[tuple[str, str, int]]:
    """The tokens of card notation as (type, text, 1-based column), by rules/cards.lark."""
    simple = None if use_grammar else _SIMPLE.fullmatch(text)
    if simple is not None:
        found = [("WORD", simple.group(1), simple.start(1) + 1)]
        if simple.group(2):
            found.append(("DECLARE", ":", simple.start(2) + 1))
            found.append(("WORD", simple.group(3), simple.start(3) + 1))
        return found
    from lark.exceptions import UnexpectedInput

    try:
        tree = _lexer().parse(text)
    except UnexpectedInput as exc:
        column = getattr(exc, "column", 1) or 1
        bad = text[column - 1 : column] if 0 < column <= len(text) else text
        raise NotationError(f"unexpected {bad!r} at column {column} in {shorten(text)!r}", token=bad) from None
    return [(t.type, str(t), t.column or 1) for t in tree.children]


def words(text: str) -> list[Word]:
    """Split card notation into normalized words (ranks split off their codes)."""
    out: list[Word] = []
    for kind, token, column in tokens(text):
        if kind != "WORD":
            out.append(Word(token, column, token, kind))
            continue
        for part in normalize(token):
            glued = _GLUED_RANK.match(part)
            if glued:
                out.append(Word(glued.group(1), column, token))
                out.append(Word(glued.group(2), column, token))
            else:
                out.append(Word(part, column, token))
    return out
