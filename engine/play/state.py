"""What a :class:`~skullking.play.round.Round` holds, declared once for the type checker.

The round is one class made of parts, each a class of its own module with the methods
of one responsibility: the set-up, the bids and the phases (:mod:`skullking.play.round`),
the deal (:mod:`skullking.play.dealing`), the play of the tricks (:mod:`skullking.play.trickplay`),
the abilities' decisions (:mod:`skullking.play.decisions`) and what a finished round gave
(:mod:`skullking.play.results`). Every part stands on :class:`RoundState`, which
declares the state the round keeps and the methods one part calls on another, so that
each part's methods are checked against the same declarations. At run time it is an
empty class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Hashable, Iterable

    from skullking.edition import Edition
    from skullking.model.cards import Play
    from skullking.model.records import Ghost, Phase, Scheme, Trick
    from skullking.play.decisions import Decision, _Grant
    from skullking.rounds.lookups import GrantSpec, Lookups, ModuleLookups, Seating
    from skullking.scoring.schemes import RoundScore, Scorer
    from skullking.tricks.interpreter import TrickResult


class RoundState:
    """The state of a :class:`~skullking.play.round.Round` (see the module's description)."""

    if TYPE_CHECKING:
        # the set-up: the same for every round set up with the same arguments
        edition: Edition
        players: tuple[str, ...]
        number: int
        ghost: Ghost | None
        seats: tuple[str, ...]
        _lookups: Lookups
        modules: frozenset[str]
        _kit: ModuleLookups
        scheme: Scheme
        _scorer: Scorer
        rounds: int
        cards: int
        _slices: tuple[tuple[str, slice], ...]
        first_leader: str
        bidding_order: tuple[str, ...]
        bid_range: tuple[int, int]
        _abilities: bool
        # the deal
        hands: dict[str, list[Play]]
        undealt: list[Play]
        # the moves and what they did
        phase: Phase
        _bids: dict[str, int]
        loads: dict[str, str]
        _trick: list[Play]
        tricks: list[Trick]
        _leader: int
        _previous: int
        _seatings: dict[Hashable, Seating]
        _order: tuple[int, ...]  # the seats of the trick in play, in play order
        _names: tuple[str, ...]  # and their names
        changes: dict[str, int]
        wagers: dict[str, int]
        leader_choices: dict[str, str]
        _leaders_chosen: dict[str, dict[str, str]]
        seen: dict[str, tuple[Play, ...]]
        discarded: dict[str, tuple[Play, ...]]
        _pending: list[Decision | _Grant]  # a grant waits behind a decision (see Decisions._use)
        _later: list[_Grant]
        # the tallies of the finished tricks, and the score once worked out
        _won: dict[str, int]
        _captured: list[tuple[str, tuple[str, ...]]]
        _allied: list[tuple[str, str]]
        _score: RoundScore | None

        # what one part asks of another
        @property
        def to_play(self) -> str | None: ...
        @property
        def pending(self) -> Decision | None: ...
        def _player(self, player: str) -> int: ...
        def _not_now(self) -> str: ...
        def _advance(self) -> None: ...
        def _cards(self, cards: str | Iterable[str | Play], what: str) -> list[Play]: ...
        def _seat(self, leader: int, previous: int) -> Seating: ...
        def _ghost_turns(self) -> None: ...
        def _tally(self, winner: str, names: tuple[str, ...], result: TrickResult) -> None: ...
        def _grant(self, player: str, specs: tuple[GrantSpec, ...], trick: int) -> None: ...
        def _use(self, kind: str, card: str, trick: int, player: str, cards: int) -> None: ...
