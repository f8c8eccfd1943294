"""Reading cards written by people: codes and names, in any of the edition's languages.

The lexical shape is the lark grammar ``rules/cards.lark``; the words are the
edition's. Words are compared case-insensitively, with ``-``, ``_`` and spaces alike,
and a code or name glued to a rank (``Y10``, ``green7``) is split. Cards are then
found by longest match, so ``green 7 skull king Y3`` is three cards. A card that is
declared when played takes its choice after a colon (``TIG:PIR``, ``tigress:escape``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.core.errors import NotationError, shorten
from skullking.core.limits import MAX_DIGITS

if TYPE_CHECKING:
    from skullking.model.cards import Play

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

    from skullking.core.resources import rules_text
    from skullking.storage.cache import lark_grammar

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


class Vocabulary:
    """An edition's words for its cards, built once per edition.

    ``specials`` maps a name's words to the plain play of a special card (an
    individual's own name to that individual); ``suits`` maps a suit's words to its
    numbered plays by rank; ``declarations`` maps (card code, choice words) to plays.
    """

    def __init__(self, edition: Any, plays: Sequence[Play]) -> None:
        self.specials: dict[tuple[str, ...], Play] = {}
        self.suits: dict[tuple[str, ...], dict[int, Play]] = {}
        self.declarations: dict[str, dict[tuple[str, ...], Play]] = {}
        self.codes: dict[str, Play] = {p.code: p for p in plays}
        by_code = self.codes
        for suit in edition.suits:
            ranks = {rank: by_code[f"{suit.code}{rank}"] for rank in suit.ranks}
            for name in (suit.code, *suit.names):
                self.suits[name_words(name)] = ranks
        for kind in edition.kinds:
            entries = [(kind.code, kind.names)] + [(i.code, i.names) for i in kind.individuals]
            for code, names in entries:
                for name in (code, *names):
                    self.specials[name_words(name)] = by_code[code]
                if kind.declarations:
                    self.declarations[code] = {
                        name_words(name): by_code[f"{code}:{choice.code}"]
                        for choice in kind.declarations
                        for name in (choice.code, *choice.names, choice.role)
                    }
        self.longest = max(len(k) for k in [*self.specials, *self.suits])

    def known(self) -> list[str]:
        """Every spelling, for suggestions."""
        return [" ".join(k) for k in (*self.specials, *self.suits)]

    def parse(self, text: str) -> list[Play]:
        """Every card written in ``text``, in order. A text that is exactly one card's
        code (``Y10``, ``TIG:PIR``), as programs and records write cards, is that card
        without being split into words: the load's checks let no other spelling claim a
        code's words, so reading it word by word finds the same card."""
        exact = self.codes.get(text)
        if exact is not None:
            return [exact]
        found = words(text)
        plays: list[Play] = []
        i = 0
        while i < len(found):
            word = found[i]
            if word.kind == "SEP":
                i += 1
                continue
            if word.kind == "DECLARE":
                raise NotationError(f"':' at column {word.column} follows no card in {shorten(text)!r}", token=":")
            play, i = self._one(found, i, text)
            plays.append(play)
        return plays

    def _run(self, found: list[Word], i: int) -> list[str]:
        run: list[str] = []
        for word in found[i : i + self.longest + 1]:
            if word.kind != "WORD":
                break
            run.append(word.text)
        return run

    def _one(self, found: list[Word], i: int, text: str) -> tuple[Play, int]:
        run = self._run(found, i)
        for length in range(min(len(run), self.longest), 0, -1):
            key = tuple(run[:length])
            if key in self.specials:
                return self._declared(self.specials[key], found, i + length, text)
            if key in self.suits and length < len(run) and run[length].isdigit():
                ranks = self.suits[key]
                digits = run[length]
                # no rank has more digits than MAX_DIGITS: never convert a longer one
                rank = int(digits) if len(digits) <= MAX_DIGITS else None
                if rank is None or rank not in ranks:
                    first, last = found[i], found[i + length]
                    written = (
                        first.token
                        if first.token == last.token
                        else text[first.column - 1 : last.column - 1 + len(last.token)]
                    )
                    lo, hi = min(ranks), max(ranks)
                    raise NotationError(
                        f"no rank {shorten(digits)} in suit '{' '.join(key)}' (ranks {lo} to {hi}): "
                        f"{shorten(written)!r}",
                        token=shorten(written),
                    )
                return self._declared(ranks[rank], found, i + length + 1, text)
        from skullking.core.suggest import did_you_mean

        word = found[i]
        bad = shorten(word.token)
        suggestion = did_you_mean(word.text if len(run) < 2 else " ".join(run[:2]), self.known())
        if key_is_suit(run, self.suits):
            raise NotationError(f"'{bad}' needs a rank, e.g. '{bad} 7'", token=bad)
        raise NotationError(f"unknown card '{bad}'{suggestion}", token=bad)

    def _declared(self, play: Play, found: list[Word], i: int, text: str) -> tuple[Play, int]:
        if i >= len(found) or found[i].kind != "DECLARE":
            return play, i
        choices = self.declarations.get(play.card.code)
        colon = found[i]
        if choices is None:
            raise NotationError(
                f"'{play.code}' is not declared when played; nothing may follow ':' (column {colon.column})",
                token=f"{play.code}:",
            )
        run = self._run(found, i + 1)
        for length in range(len(run), 0, -1):
            key = tuple(run[:length])
            if key in choices:
                return choices[key], i + 1 + length
        options = sorted({p.code for p in choices.values()})
        bad = shorten(found[i + 1].token) if i + 1 < len(found) else ""
        raise NotationError(
            f"unknown declaration '{bad}' for {play.code} (choose {' or '.join(options)})", token=bad or ":"
        )


def key_is_suit(run: Iterable[str], suits: dict[tuple[str, ...], Any]) -> bool:
    run = list(run)
    return any(tuple(run[:n]) in suits for n in range(1, len(run) + 1))
