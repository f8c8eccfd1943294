"""An edition's words for its cards: the card notation of :mod:`skullking.language.notation`
read into the edition's plays (codes and names, in any of its languages, found by longest
match)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from skullking.core.errors import NotationError, shorten
from skullking.core.limits import MAX_DIGITS
from skullking.core.suggest import did_you_mean
from skullking.language.notation import Word, name_words, words
from skullking.model.cards import Play

if TYPE_CHECKING:
    from skullking.model.rules import Rules


class Vocabulary:
    """An edition's words for its cards, built once per edition.

    ``specials`` maps a name's words to the plain play of a special card (an
    individual's own name to that individual); ``suits`` maps a suit's words to its
    numbered plays by rank; ``declarations`` maps (card code, choice words) to plays.
    """

    def __init__(self, edition: Rules, plays: Sequence[Play]) -> None:
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
