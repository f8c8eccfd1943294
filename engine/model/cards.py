"""Cards and plays: small frozen values whose notation parses back.

A :class:`Card` is a physical card of an edition's deck (``Y10``, ``SK``, ``TIG``,
``ROSIE``). A :class:`Play` is a card as played: it adds the choice declared when it
was played (the Tigress as pirate or escape, ``TIG:PIR``), as python-chess keeps the
promotion piece on the move rather than on the piece. Both print as their code, and
``edition.parse_cards(str(play))`` gives the very same play back.

Plays also carry, precomputed by the edition, the few integers the trick resolver
reads in its hot loop (role index, suit index, rank, pattern, flags).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple


class Lead(StrEnum):
    """What a card of a role does as the first card of a trick (edition ``roles[].lead``)."""

    PASS = "pass"
    NO_SUIT = "no_suit"


class Card(NamedTuple):
    """A card of the deck. ``suit``/``rank`` for numbered cards; ``kind`` (the special
    card's id) and optionally ``individual`` (a named copy, e.g. a named pirate) else."""

    code: str
    suit: str | None = None
    rank: int | None = None
    kind: str | None = None
    individual: str | None = None

    def __str__(self) -> str:
        return self.code

    @property
    def numbered(self) -> bool:
        return self.suit is not None

    @property
    def pool(self) -> str:
        """The name of the group of identical copies this card is drawn from."""
        return f"{self.suit}:{self.rank}" if self.suit is not None else str(self.kind)


class Play:
    """A card as played, with the role declared for it (``None`` when nothing is declared).

    ``code`` is the canonical notation (``TIG:PIR``); the remaining fields are the
    edition's compiled view of the play. Plays are immutable and interned by their
    edition: there is one object per code, so equality is identity, and a play of one
    edition is not a play of another (its compiled fields would not fit). Identical
    copies of a card (a deck with ``copies``) are one play: a trick, a hand or a round
    tells them apart by their positions, never by the play. (A plain
    slotted class rather than a dataclass: this module is on every command's start-up
    path, and the dataclasses module costs more to import than the rest of it.)
    """

    __slots__ = (
        "allies",
        "alters",
        "card",
        "code",
        "declared",
        "effect_index",
        "lead",
        "mask",
        "pattern",
        "pool",
        "printed",
        "rank",
        "role",
        "role_index",
        "static_bonus",
        "static_bonus_ids",
        "suit_index",
        "trump",
    )

    code: str
    card: Card
    declared: str | None
    role: str | None
    role_index: int
    suit_index: int
    rank: int
    trump: bool
    lead: Lead | None
    effect_index: int
    alters: bool
    allies: bool
    static_bonus: int
    static_bonus_ids: tuple[str, ...]
    printed: frozenset[str]
    pool: int
    mask: int
    pattern: int

    def __init__(
        self,
        *,
        code: str,
        card: Card,
        declared: str | None = None,
        role: str | None = None,
        role_index: int = -1,
        suit_index: int = -1,
        rank: int = 0,
        trump: bool = False,
        lead: Lead | None = None,
        effect_index: int = -1,
        alters: bool = False,
        allies: bool = False,
        static_bonus: int = 0,
        static_bonus_ids: tuple[str, ...] = (),
        printed: frozenset[str] = frozenset(),
        pool: int = 0,
        mask: int = 0,
        pattern: int = 0,
    ) -> None:
        values = locals()
        for name in self.__slots__:
            object.__setattr__(self, name, values[name])

    def replace(self, **changes: object) -> Play:
        """A copy with some fields changed (used while the edition compiles its plays)."""
        values = {name: getattr(self, name) for name in self.__slots__}
        values.update(changes)
        return Play(**values)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"plays are immutable: cannot set {name!r}")

    def __reduce__(self) -> tuple[object, ...]:
        return (_play, (tuple(getattr(self, name) for name in self.__slots__),))

    def __repr__(self) -> str:
        declared = f", declared={self.declared!r}" if self.declared else ""
        return f"Play(code={self.code!r}, card={self.card!r}{declared})"

    def __str__(self) -> str:
        return self.code

    @property
    def numbered(self) -> bool:
        return self.suit_index >= 0

    @property
    def undeclared(self) -> bool:
        """True for a card that must be declared when played but was not (a Tigress in hand)."""
        return self.role_index == UNDECLARED


def _play(values: tuple[object, ...]) -> Play:
    return Play(**dict(zip(Play.__slots__, values, strict=True)))  # type: ignore[arg-type]


#: ``Play.role_index`` of a card that must be declared when played but was not.
UNDECLARED = -2
#: ``Play.mask`` bits: the play alters the trick / forms an alliance.
ALTERS = 1
ALLIES = 2


class Cards(tuple[Play, ...]):
    """Plays in order, as :meth:`Edition.parse_cards` returns them: a tuple that also
    carries what the trick resolver would otherwise work out on every call (see
    :mod:`skullking.tricks.compiled.resolver`): the pattern ids of its plays, and ``facts``: the
    edition's compiled rules that parsed it, the plays' counts added up by them, the
    fewest players with whom the cards make a possible trick, and the pattern ids."""

    patterns: tuple[int, ...]
    facts: tuple[object, int, int, tuple[int, ...]]

    def __new__(cls, plays: Iterable[Play] = (), owner: object = None, counts: int = 0, need: int = 0) -> Cards:
        self = super().__new__(cls, plays)
        self.patterns = tuple(p.pattern for p in self)
        self.facts = (owner, counts, need, self.patterns)
        return self

    def __reduce__(self) -> tuple[object, ...]:
        # The plays only: the facts belong to the edition that parsed them, in this process.
        return (Cards, (tuple(self),))
