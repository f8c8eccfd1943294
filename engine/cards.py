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
from dataclasses import dataclass, field
from enum import StrEnum


class Lead(StrEnum):
    """What a card of a role does as the first card of a trick (edition ``roles[].lead``)."""

    PASS = "pass"
    NO_SUIT = "no_suit"


@dataclass(frozen=True, slots=True)
class Card:
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


@dataclass(frozen=True, slots=True, eq=False)
class Play:
    """A card as played, with the role declared for it (``None`` when nothing is declared).

    ``code`` is the canonical notation (``TIG:PIR``); the remaining fields are the
    edition's compiled view of the play. Plays are interned by their edition: there is
    one object per code, so equality is identity, and a play of one edition is not a
    play of another (its compiled fields would not fit).
    """

    code: str
    card: Card
    declared: str | None = None
    # -- compiled by the edition (not part of the value) --
    role: str | None = field(default=None, compare=False, repr=False)
    role_index: int = field(default=-1, compare=False, repr=False)
    suit_index: int = field(default=-1, compare=False, repr=False)
    rank: int = field(default=0, compare=False, repr=False)
    trump: bool = field(default=False, compare=False, repr=False)
    lead: Lead | None = field(default=None, compare=False, repr=False)
    effect_index: int = field(default=-1, compare=False, repr=False)
    alters: bool = field(default=False, compare=False, repr=False)
    allies: bool = field(default=False, compare=False, repr=False)
    static_bonus: int = field(default=0, compare=False, repr=False)
    static_bonus_ids: tuple[str, ...] = field(default=(), compare=False, repr=False)
    printed: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    pool: int = field(default=0, compare=False, repr=False)
    mask: int = field(default=0, compare=False, repr=False)
    pattern: int = field(default=0, compare=False, repr=False)

    def __str__(self) -> str:
        return self.code

    @property
    def numbered(self) -> bool:
        return self.suit_index >= 0

    @property
    def undeclared(self) -> bool:
        """True for a card that must be declared when played but was not (a Tigress in hand)."""
        return self.role_index == UNDECLARED


#: ``Play.role_index`` of a card that must be declared when played but was not.
UNDECLARED = -2
#: ``Play.mask`` bits: the play alters the trick / forms an alliance.
ALTERS = 1
ALLIES = 2


class Cards(tuple[Play, ...]):
    """Plays in order, as :meth:`Edition.parse_cards` returns them: a tuple that also
    carries what the trick resolver would otherwise work out on every call, the
    pattern ids of its plays and whether no card stands in it twice."""

    patterns: tuple[int, ...]
    distinct: bool

    def __new__(cls, plays: Iterable[Play] = ()) -> Cards:
        self = super().__new__(cls, plays)
        self.patterns = tuple(p.pattern for p in self)
        self.distinct = len(set(self)) == len(self)
        return self
