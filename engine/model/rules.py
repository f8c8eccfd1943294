"""What the stages below the edition read of it: :class:`Rules`.

The stages below :class:`~skullking.edition.Edition` (the trick resolvers, the rules of
a round, the scoring, play) are handed an edition but may not import it: it sits above
them and builds on them. They name this protocol instead, which declares what they read
of an edition (its records, the lookups over them, its card notation and its trick
resolver) with the model's types; an ``Edition`` has every member, and the type checker
holds it to each wherever one is passed. The stages that also read the edition's trick
resolvers themselves or the rules of one round take
:class:`~skullking.rounds.rules.GameRules`, which adds those.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence

    from skullking.language.expr import Expression
    from skullking.model.cards import Card, Cards, Lead, Play
    from skullking.model.records import (
        Ability,
        Bidding,
        Bonus,
        CardKind,
        Effect,
        Ghost,
        Module,
        PlayRules,
        Role,
        Rule,
        Schedule,
        Scheme,
        SheetChoice,
        Suit,
        TieBreakWinner,
        Ties,
        TrickResult,
        WhenSeveral,
    )


class Rules(Protocol):
    """An edition's rules as the stages below the edition read them: the fields of its
    file, what the edition works out from them on construction, and its methods over
    them (each documented on :class:`~skullking.edition.Edition`). Read only: an edition
    is immutable."""

    # -- the fields of the edition file
    id: str
    min_players: int
    max_players: int
    modules: tuple[Module, ...]
    roles: tuple[Role, ...]
    suits: tuple[Suit, ...]
    kinds: tuple[CardKind, ...]
    character_after_pass: Lead
    precedence: tuple[Rule, ...]
    effects: tuple[Effect, ...]
    when_several: WhenSeveral
    cancelled_role: str | None
    bonuses: tuple[Bonus, ...]
    schemes: tuple[Scheme, ...]
    default_scheme: str
    ties: str
    wagers: SheetChoice | None
    bid_changes: SheetChoice | None
    abilities: tuple[Ability, ...]
    schedules: tuple[Schedule, ...]
    default_schedule: str
    hand_limit: Expression | None
    data: Mapping[str, Any]
    play_rules: PlayRules
    bidding: Bidding
    tie_break_winner: TieBreakWinner
    copies: Mapping[str, int]
    tie_breaker: Expression | None

    # -- worked out from the fields
    round_reads: frozenset[str]
    plays: Mapping[str, Play]
    pool_limits: tuple[int, ...]
    named_limits: Mapping[str, int]
    role_names: tuple[str, ...]

    def fingerprint(self, *, described: bool = False) -> str: ...

    # (rounds keep what they look up again and again by edition)
    def __hash__(self) -> int: ...

    # -- cards
    def kind(self, kind_id: str) -> CardKind: ...
    def identical_for(self, effect: str | None, rule: str) -> Ties | None: ...
    def kind_pool(self, kind_id: str) -> int: ...
    def deck(self, modules: Iterable[str] | None = None) -> list[Card]: ...
    def parse_cards(self, cards: str | Iterable[str | Play]) -> Cards: ...
    def play_of(self, card: str | Play) -> Play: ...

    # -- tricks
    def resolve_trick(
        self, cards: str | Sequence[str | Play], leader: int = 0, players: int | None = None
    ) -> TrickResult: ...
    def led_suit(self, trick: str | Sequence[str | Play]) -> str | None: ...

    # -- rounds
    def round_formulas(self) -> list[tuple[str, Expression]]: ...
    def scheme(self, scheme_id: str | None = None) -> Scheme: ...
    def schedule(self, schedule_id: str | None = None) -> Schedule: ...
    def cards_dealt(self, round_number: int, players: int, schedule_id: str | None = None) -> int | None: ...
    def tie_break_cards(self, players: int, schedule: str | None = None) -> int: ...
    def ghost_at(self, players: int) -> Ghost | None: ...
    def hands(self, players: int) -> int: ...
    def modules_for(self, players: int) -> list[str]: ...
    def destroying_cards(self, modules: Iterable[str] | None = None) -> int: ...
