"""The :class:`Edition`: a frozen, compiled edition and everything it can do.

>>> import skullking
>>> ed = skullking.load_edition("skullking-2021")
>>> result = ed.resolve_trick(ed.parse_cards("Y10 Y6 G14 B2"))
>>> result.winner, result.rule, result.bonus
(3, 'trump', 10)
>>> [str(p) for p in ed.legal_plays(ed.parse_cards("Y3 G5 E TIG"), ed.parse_cards("Y10"))]
['Y3', 'E', 'TIG']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from skullking.core.errors import ContextError, FormulaError, IllegalTrickError, NotationError, shorten
from skullking.core.suggest import unknown
from skullking.core.words import counted
from skullking.language.expr import PAST, SEATS, Expression, compile_expression
from skullking.model.cards import ALLIES, ALTERS, UNDECLARED, Card, Cards, Lead, Play
from skullking.model.records import (
    BID_RANGE_NAMES,
    EXTRA_ROUND_NAMES,
    LATER_FIELDS,
    TRICK_ROUND_NAMES,
    Ability,
    Bidding,
    Bonus,
    CardKind,
    DeckCounts,
    Effect,
    EffectKind,
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
    deck_copies_of,
    fixed,
    ghost_plays,
    rule_key,
    seat_names,
)
from skullking.model.registry import EDITIONS
from skullking.model.vocabulary import Vocabulary
from skullking.rounds.context import GameSoFar, so_far_of
from skullking.storage.codec import text
from skullking.tricks.compiled.plans import new_pattern_id
from skullking.tricks.compiled.resolver import CompiledTricks
from skullking.tricks.interpreter import Resolver, always_named, legal_plays

if TYPE_CHECKING:  # the sheet reader is loaded when a sheet is scored (not on the command line's start-up path)
    from skullking.reading.located import Node
    from skullking.scoring.sheets.score import SheetScore


class Edition:
    """A Skull King edition compiled from its file (see :func:`skullking.load_edition`).

    The fields mirror the edition file; the methods resolve tricks, list legal plays
    and score game sheets, all from those fields alone. Immutable. (A plain class, not
    a dataclass: this module is on every command's start-up path.)
    """

    #: The fields that come from the file (the derived lookups are rebuilt from them).
    FIELDS = (
        "id",
        "title",
        "description",
        "sources",
        "path",
        "min_players",
        "max_players",
        "modules",
        "roles",
        "suits",
        "kinds",
        "character_after_pass",
        "precedence",
        "effects",
        "when_several",
        "cancelled_role",
        "bonuses",
        "schemes",
        "default_scheme",
        "ties",
        "wagers",
        "bid_changes",
        "abilities",
        "schedules",
        "default_schedule",
        "hand_limit",
        "data",
        "provenance",
        "ghost",
        "play_rules",
        "bidding",
        "extra_round_cards",
        "tie_break_winner",
        "copies",
        "identical",
        "identical_rules",
        "tie_breaker",
        "deck_counts",
    )

    id: str
    title: str
    description: str
    sources: tuple[str, ...]
    path: str
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
    provenance: Mapping[str, str]
    ghost: Ghost | None
    play_rules: PlayRules
    bidding: Bidding
    extra_round_cards: Expression
    tie_break_winner: TieBreakWinner
    #: The copies of each numbered card and named individual the deck holds more than
    #: once, by card code (``deck.copies``, a suit's or an individual's ``copies``);
    #: a special card's are its kind's ``copies``.
    copies: Mapping[str, int]
    #: Which of two identical cards wins when a rule picks that card (``deck.identical``;
    #: ``None``: as the rule reads the trick).
    identical: Ties | None
    #: The rules that read identical copies their own way (``winner.identical``), by
    #: :func:`~skullking.model.records.rule_key`.
    identical_rules: Mapping[str, Ties]
    #: Who of the players tied for first after the schedule wins (``scoring.tie_breaker``):
    #: the highest value of this formula about each player; ``None``: nobody (the tie is
    #: shared or played off, as ``ties`` says).
    tie_breaker: Expression | None
    #: How many of each card the deck holds, as the file writes them, where one of them
    #: is a formula of the round's names (``deck.copies: "if players >= 9 then 2 else
    #: 1"``); ``None`` when every one is a number (then :attr:`copies` and the special
    #: cards' ``copies`` say them). In an edition as loaded with formulas, those are the
    #: deck of round 1 at the fewest players; the rules of a round have its own.
    deck_counts: DeckCounts | None
    # -- derived from the fields on construction --
    #: The names of the round the rules read (a suit's ``trump``, a bonus's or an
    #: effect's ``points``, a precedence condition): empty when the rules are the same
    #: in every round. Else the edition is the rules of every round, and
    #: :meth:`at_round` gives them in one: tricks are resolved there, never here.
    round_reads: frozenset[str]
    #: In the rules of one round (:meth:`at_round`), the values of the round's names
    #: they were worked out with (the first round's, where rounds whose formulas work
    #: out alike share one edition); ``None`` in an edition as loaded.
    bound: Mapping[str, Any] | None
    #: The edition as loaded that this one is the rules of a round of (itself, as loaded).
    template: Edition
    _rounds: dict[tuple[int, ...], Edition]
    #: The rules of the rounds made so far, by what their formulas work out to.
    _alike: dict[tuple[Any, ...], Edition]
    plays: Mapping[str, Play]
    pool_limits: tuple[int, ...]
    #: The copies of each named individual, by its code.
    named_limits: Mapping[str, int]
    role_names: tuple[str, ...]
    _vocabulary: Vocabulary
    #: The edition's trick rules read as they are written: the reference trick resolver
    #: (:meth:`interpret_trick`), and what rounds ask of the rules of play (the led suit,
    #: who must follow it).
    interpreter: Resolver
    #: The trick rules compiled at load: the fast trick resolver (:meth:`resolve_trick`),
    #: with its plans and plan tables.
    compiled: CompiledTricks
    _kinds: Mapping[str, CardKind]
    _decks: dict[frozenset[str], tuple[Card, ...]]
    #: The fingerprints worked out so far (``described`` -> the fingerprint): each is
    #: worked out once, as a record of many games checks it for each game.
    _fingerprints: dict[bool, str]
    _pools: Mapping[str, int]

    def __init__(
        self,
        *,
        id: str,
        title: str,
        description: str,
        sources: tuple[str, ...],
        path: str,
        min_players: int,
        max_players: int,
        modules: tuple[Module, ...],
        roles: tuple[Role, ...],
        suits: tuple[Suit, ...],
        kinds: tuple[CardKind, ...],
        character_after_pass: Lead,
        precedence: tuple[Rule, ...],
        effects: tuple[Effect, ...],
        when_several: WhenSeveral,
        cancelled_role: str | None,
        bonuses: tuple[Bonus, ...],
        schemes: tuple[Scheme, ...],
        default_scheme: str,
        ties: str,
        wagers: SheetChoice | None,
        bid_changes: SheetChoice | None,
        abilities: tuple[Ability, ...],
        schedules: tuple[Schedule, ...],
        default_schedule: str,
        hand_limit: Expression | None,
        data: Mapping[str, Any],
        provenance: Mapping[str, str],
        ghost: Ghost | None = None,
        play_rules: PlayRules | None = None,
        bidding: Bidding | None = None,
        extra_round_cards: Expression | None = None,
        tie_break_winner: TieBreakWinner,
        copies: Mapping[str, int] | None = None,
        identical: Ties | None = None,
        identical_rules: Mapping[str, Ties] | None = None,
        tie_breaker: Expression | None = None,
        deck_counts: DeckCounts | None = None,
    ) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "id", id)
        setattr_(self, "title", title)
        setattr_(self, "description", description)
        setattr_(self, "sources", sources)
        setattr_(self, "path", path)
        setattr_(self, "min_players", min_players)
        setattr_(self, "max_players", max_players)
        setattr_(self, "modules", modules)
        setattr_(self, "roles", roles)
        setattr_(self, "suits", suits)
        setattr_(self, "kinds", kinds)
        setattr_(self, "character_after_pass", character_after_pass)
        setattr_(self, "precedence", precedence)
        setattr_(self, "effects", effects)
        setattr_(self, "when_several", when_several)
        setattr_(self, "cancelled_role", cancelled_role)
        setattr_(self, "bonuses", bonuses)
        setattr_(self, "schemes", schemes)
        setattr_(self, "default_scheme", default_scheme)
        setattr_(self, "ties", ties)
        setattr_(self, "wagers", wagers)
        setattr_(self, "bid_changes", bid_changes)
        setattr_(self, "abilities", abilities)
        setattr_(self, "schedules", schedules)
        setattr_(self, "default_schedule", default_schedule)
        setattr_(self, "hand_limit", hand_limit)
        setattr_(self, "data", data)  # the merged file as plain data (for explain and diff)
        setattr_(self, "provenance", provenance)
        setattr_(self, "ghost", ghost)
        setattr_(self, "play_rules", play_rules or default_play_rules())
        setattr_(self, "bidding", bidding or default_bidding())
        setattr_(self, "extra_round_cards", extra_round_cards or default_extra_round_cards())
        setattr_(self, "tie_break_winner", tie_break_winner)
        setattr_(self, "copies", dict(copies or {}))
        setattr_(self, "identical", identical)
        setattr_(self, "identical_rules", dict(identical_rules or {}))
        setattr_(self, "tie_breaker", tie_breaker)
        setattr_(self, "deck_counts", deck_counts)
        self._derive()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"editions are immutable: cannot set {name!r}")

    def _derive(self) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "bound", None)
        setattr_(self, "template", self)
        setattr_(self, "_rounds", {})
        setattr_(self, "_alike", {})
        setattr_(self, "_fingerprints", {})
        reads = _round_reads(self)
        setattr_(self, "round_reads", reads)
        if reads:
            # The rules of every round: cards, decks and the notation are the same in
            # each, taken from round 1's rules at the fewest players; tricks are not
            # resolved here (which suit is trump, what a card pays depend on the round).
            shape = self._bind(self.round_values(1, self.min_players))
            for name in _SHAPED:
                setattr_(self, name, getattr(shape, name))
            if self.deck_counts is not None:  # (the deck of the first round, as described)
                setattr_(self, "kinds", shape.kinds)
                setattr_(self, "copies", shape.copies)
            setattr_(self, "resolve_trick", self._refuse)
            return
        setattr_(self, "_decks", {})  # module set -> the deck's cards, built on first use
        self_kinds = {k.id: k for k in self.kinds}
        setattr_(self, "_kinds", self_kinds)
        setattr_(self, "role_names", tuple(r.id for r in self.roles))
        pools: dict[str, int] = {}
        limits: list[int] = []
        for suit in self.suits:
            for rank in suit.ranks:
                pools[f"{suit.id}:{rank}"] = len(limits)
                limits.append(self.copies.get(f"{suit.code}{rank}", 1))
        for kind in self.kinds:
            pools[kind.id] = len(limits)
            limits.append(kind.copies)
        setattr_(self, "_pools", pools)
        setattr_(self, "pool_limits", tuple(limits))
        named = {i.code: self.copies.get(i.code, 1) for kind in self.kinds for i in kind.individuals}
        setattr_(self, "named_limits", named)
        static = [
            b for b in self.bonuses if b.winner is None and not b.exclude_winner and all(p.static for p in b.captured)
        ]
        printed_by_kind = {
            k.id: frozenset([k.role] if k.role else [d.role for d in k.declarations]) for k in self.kinds
        }
        plays: dict[str, Play] = {}
        patterns: dict[object, int] = {}
        for play in make_plays(self):
            printed = printed_by_kind.get(play.card.kind or "", frozenset())
            ids = tuple(b.id for b in static if any(c.matches(play, play.role, printed) for c in b.captured))
            # Plays alike for the rules (and paying the same card bonuses) share a
            # pattern id: compiled plans are kept per pattern (see skullking.tricks.compiled.plans).
            like: object = (play.suit_index, ids) if play.card.suit is not None else (play.card.kind, play.declared)
            if like not in patterns:
                patterns[like] = new_pattern_id()
            points = sum(fixed(b.points) for b in static if b.id in ids)
            mask = (ALTERS if play.alters else 0) | (ALLIES if play.allies else 0)
            undeclared = play.role is None and play.card.suit is None
            plays[play.code] = play.replace(
                static_bonus=points,
                static_bonus_ids=ids,
                printed=printed,
                pool=pools[play.card.pool],
                mask=mask,
                role_index=UNDECLARED if undeclared else play.role_index,
                pattern=patterns[like],
            )
        setattr_(self, "plays", plays)
        setattr_(self, "_vocabulary", Vocabulary(self, list(plays.values())))
        setattr_(self, "interpreter", Resolver(self))
        setattr_(self, "compiled", CompiledTricks(self, self.interpreter))
        # The instance's resolve_trick is the compiled resolver's own, one call less a
        # trick (the method below documents it, and serves calls made through the class).
        resolve = self.compiled.resolve_trick
        resolve.__doc__, resolve.__qualname__ = Edition.resolve_trick.__doc__, Edition.resolve_trick.__qualname__
        setattr_(self, "resolve_trick", resolve)

    # ------------------------------------------------------------------ rounds' rules

    def round_values(
        self,
        number: int,
        players: int,
        *,
        cards: int | None = None,
        schedule: str | None = None,
        so_far: GameSoFar | None = None,
    ) -> dict[str, Any]:
        """The values of the round's names (:data:`~skullking.model.records.ROUND_NAMES`)
        in round ``number`` at a table of ``players``: ``cards`` dealt each (default: the
        schedule's, or a tie-break round's past its end: :meth:`tie_break_cards`),
        ``rounds`` in the schedule and ``last_round``; where the rules read every
        player's game so far (an aggregate over the table), each seat's values
        (:data:`~skullking.language.expr.SEATS`) from ``so_far`` (left out: a game's
        start in round 1, and in a later round a
        :class:`~skullking.core.errors.ContextError`). Raises ``KeyError`` for an
        unknown schedule."""
        rounds = len(self.schedule(schedule).rounds)
        if cards is None:
            cards = self.cards_dealt(number, self.hands(players), schedule)
            if cards is None:
                cards = self.tie_break_cards(players, schedule)
        values: dict[str, Any] = {
            "round": number,
            "cards": cards,
            "players": players,
            "rounds": rounds,
            "last_round": int(number == rounds),
        }
        template = self.template
        if SEATS in template.round_reads:
            past = any(formula.uses_past for _, formula in template.round_formulas())
            game = so_far_of(so_far, number, players)
            rows = game.seat_values({SEATS, *([PAST] if past else [])}, "a rule of the round")[SEATS]
            values[SEATS] = tuple(tuple(row) for row in rows)
        return values

    def at_round(
        self,
        number: int,
        players: int,
        *,
        cards: int | None = None,
        schedule: str | None = None,
        so_far: GameSoFar | None = None,
    ) -> Edition:
        """The edition's rules in round ``number`` at a table of ``players`` (the values
        of :meth:`round_values`): every rule that is a formula of the round worked out
        for it (which suit is trump, what a bonus or an effect pays, which precedence
        rules hold), after the game so far ``so_far`` where they read the players'
        standings (see :meth:`round_values`). The edition itself when its rules are the same in every round
        (:attr:`round_reads` is empty); else one edition a distinct value, made once
        (about 5 ms) and kept, with its own compiled resolver and plans.

        >>> import skullking
        >>> ed = skullking.load_edition("skullking-2021")
        >>> ed.at_round(3, 4) is ed
        True
        """
        template = self.template
        if not template.round_reads:
            return template
        return template.rules_for(template.round_values(number, players, cards=cards, schedule=schedule, so_far=so_far))

    def rules_for(self, values: Mapping[str, Any]) -> Edition:
        """:meth:`at_round` from the values of the round's names (those the rules read
        must be given)."""
        template = self.template
        reads = sorted(template.round_reads)
        key = tuple(values[name] for name in reads)
        found = template._rounds.get(key)
        if found is None:
            if len(template._rounds) >= _ROUNDS_KEPT:
                template._rounds.clear()
                template._alike.clear()
            given = dict(zip(reads, key, strict=True))
            # Rounds whose formulas work out alike share their rules (a second deck from
            # nine players: one deck's rules up to eight, two decks' from nine).
            worked = tuple(
                formula.evaluate(given) if formula.variables <= given.keys() else formula.bind(given)
                for _, formula in template.round_formulas()
            )
            found = template._alike.get(worked)
            if found is None:
                found = template._alike[worked] = template._bind(given)
            template._rounds[key] = found
        return found

    def round_editions(self) -> tuple[Edition, ...]:
        """The rules of every round the edition deals, each distinct one once: every
        schedule's rounds and a first tie-break round, at every player count (what an
        analysis of every trick the rules allow goes through). The edition alone when
        its rules are the same in every round. Rounds whose rules cannot be worked out
        (a formula dividing by zero there) are left out. Rules that read the players'
        standings are taken at a game's start in each round (everybody level: the
        standings of a game are not gone through)."""
        template = self.template
        if not template.round_reads:
            return (template,)
        found: dict[int, Edition] = {}
        for number, players, schedule in template.rounds_dealt():
            try:
                rules = template.at_start(number, players, schedule=schedule)
            except FormulaError:
                continue
            found.setdefault(id(rules), rules)
        return tuple(found.values())

    def at_start(self, number: int, players: int, *, cards: int | None = None, schedule: str | None = None) -> Edition:
        """:meth:`at_round` at a game's start: where the rules read the players'
        standings, as if everybody were level before round ``number`` (what an analysis
        of a round's rules, out of any game, takes them to be)."""
        template = self.template
        level = GameSoFar.fresh(tuple(map(str, range(players))), number) if SEATS in template.round_reads else None
        return template.at_round(number, players, cards=cards, schedule=schedule, so_far=level)

    def rounds_dealt(self) -> list[tuple[int, int, str]]:
        """Every round the edition deals, as (round number, players, schedule id): each
        schedule's rounds and a first tie-break round, at every player count."""
        return [
            (number, players, schedule.id)
            for schedule in self.schedules
            for players in range(self.min_players, self.max_players + 1)
            for number in range(1, len(schedule.rounds) + 2)
        ]

    def round_formulas(self) -> list[tuple[str, Expression]]:
        """Each rule that is a formula of the round's names, as (where it stands, in
        words; the formula), in the file's order."""
        found: list[tuple[str, Expression]] = []
        template = self.template
        for suit in template.suits:
            if isinstance(suit.trump, Expression):
                found.append((f"suit {suit.id}: trump", suit.trump))
        for effect in template.effects:
            if isinstance(effect.points, Expression):
                found.append((f"effect {effect.id}: points", effect.points))
        for effect_id, rules in [(None, template.precedence), *((e.id, e.precedence) for e in template.effects)]:
            for rule in rules:
                if rule.when is not None and rule.when.variables & _TRICK_ROUND:
                    where = f"rule {rule.id}" if effect_id is None else f"effect {effect_id}'s rule {rule.id}"
                    found.append((f"{where}: when", rule.when))
        for bonus in template.bonuses:
            if isinstance(bonus.points, Expression):
                found.append((f"bonus {bonus.id}: points", bonus.points))
        counts = template.deck_counts
        for what, index, named, formula in [] if counts is None else counts.formulas():
            if what == "deck":
                found.append(("deck: copies", formula))
            elif what == "suit":
                found.append((f"suit {template.suits[index or 0].id}: copies", formula))
            elif what == "card":
                found.append((f"card {template.kinds[index or 0].id}: count", formula))
            else:
                individual = template.kinds[index or 0].individuals[named or 0]
                found.append((f"card {individual.id}: copies", formula))
        return found

    def _bind(self, values: Mapping[str, Any]) -> Edition:
        """The edition with every rule that is a formula of the round's names worked out
        with ``values``."""

        def rules(items: tuple[Rule, ...]) -> tuple[Rule, ...]:
            return tuple(r if r.when is None else r._replace(when=r.when.bind(values)) for r in items)

        fields = {name: getattr(self, name) for name in self.FIELDS}
        fields["suits"] = tuple(s._replace(trump=bool(_worked_out(s.trump, values))) for s in self.suits)
        fields["bonuses"] = tuple(b._replace(points=int(_worked_out(b.points, values))) for b in self.bonuses)
        fields["precedence"] = rules(self.precedence)
        fields["effects"] = tuple(
            e._replace(points=int(_worked_out(e.points, values)), precedence=rules(e.precedence)) for e in self.effects
        )
        if self.deck_counts is not None:
            fields["deck_counts"] = None
            fields["kinds"], fields["copies"] = deck_copies_of(
                self.suits, self.kinds, self.deck_counts.worked_out(values)
            )
        bound = Edition(**fields)
        object.__setattr__(bound, "bound", dict(values))
        object.__setattr__(bound, "template", self)
        return bound

    def _refuse(self, cards: Any = (), leader: int = 0, players: int | None = None) -> TrickResult:
        """Tricks of an edition whose rules change with the round: refused, naming them."""
        formulas = "; ".join(f"{where}: '{shorten(f.source, 60)}'" for where, f in self.round_formulas()[:3])
        raise ContextError(
            f"the rules of '{self.id}' change with the round ({formulas}): resolve a trick in a round "
            "(--round N; edition.at_round(number, players))"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle the file's fields only; the derived lookups are rebuilt on load.
        values = {name: getattr(self, name) for name in self.FIELDS}
        return (_rebuild, (values,))

    def __repr__(self) -> str:
        return f"<Edition {self.id!r}: {self.title}>"

    def fingerprint(self, *, described: bool = False) -> str:
        """The SHA-256 (hexadecimal) of the edition's rules as the model's codec writes
        them: the same for two copies of one edition, another for any change to a rule.
        Where its file lies never counts, nor the names the rule language offers each
        formula (a formula counts as its text, type and checked tree). Its name, title,
        descriptions and sources, the file as read, and the places in the files where
        each rule is written count only when ``described`` (the score pad's reports show
        them); without, a comment added to the file or the file read under another name
        keeps the fingerprint. A game
        record's ``Rules`` tag and the plan tables kept in the cache use it without. A
        field added to the model later counts only where it is not at its default
        (:data:`~skullking.model.records.LATER_FIELDS`): the rules from before it keep
        their fingerprint."""
        import hashlib

        known = self._fingerprints.get(described)
        if known is not None:
            return known
        left_out = ("path", "provenance") if described else _NOT_RULES
        values = {
            name: getattr(self, name)
            for name in self.FIELDS
            if name not in left_out and not (name in _UNSET and getattr(self, name) == _UNSET[name])
        }
        found = values if described else _without_places(values)
        fingerprint = hashlib.sha256(text(_earlier(EDITIONS.encode(found))).encode()).hexdigest()
        self._fingerprints[described] = fingerprint
        return fingerprint

    # ------------------------------------------------------------------ cards

    def kind(self, kind_id: str) -> CardKind:
        """The special card with id ``kind_id``."""
        return self._kinds[kind_id]

    def identical_for(self, effect: str | None, rule: str) -> Ties | None:
        """Which of identical copies wins when the rule ``rule`` (of the main list, or of
        the effect ``effect``'s) picks that card: its own ``winner.identical``, else the
        deck's ``identical``; ``None``: as the rule reads the trick."""

        return self.identical_rules.get(rule_key(effect, rule), self.identical)

    def kind_pool(self, kind_id: str) -> int:
        return self._pools.get(kind_id, -1)

    def deck(self, modules: Iterable[str] | None = None) -> list[Card]:
        """Every physical card of the deck (one entry per copy) for the given modules
        (default: all). Named individuals stand for copies of their card."""
        chosen = frozenset(modules) if modules is not None else frozenset(m.id for m in self.modules)
        known = self._decks.get(chosen)
        if known is not None:
            return list(known)
        cards: list[Card] = []
        for suit in self.suits:
            if suit.module in chosen:
                for r in suit.ranks:
                    card = Card(code=f"{suit.code}{r}", suit=suit.id, rank=r)
                    cards.extend([card] * self.copies.get(card.code, 1))
        for kind in self.kinds:
            if kind.module in chosen:
                named = [
                    Card(code=i.code, kind=kind.id, individual=i.id)
                    for i in kind.individuals
                    for _ in range(self.copies.get(i.code, 1))
                ]
                plain = [Card(code=kind.code, kind=kind.id)] * (kind.copies - len(named))
                cards.extend(named + plain)
        self._decks[chosen] = tuple(cards)
        return cards

    def parse_cards(self, cards: str | Iterable[str | Play]) -> Cards:
        """Parse cards written as codes or names, in any of the edition's languages.

        ``cards`` is one string holding any number of cards (separated by spaces,
        commas or semicolons), or a list of strings each holding exactly one card.
        Raises :class:`~skullking.core.errors.NotationError` naming the offending token.

        >>> import skullking
        >>> ed = skullking.load_edition("skullking-2021")
        >>> [str(p) for p in ed.parse_cards("green 7, Skull-King tigress:pirate Y14")]
        ['G7', 'SK', 'TIG:PIR', 'Y14']
        >>> [str(p) for p in ed.parse_cards(["weißer wal", "スカルキング", "black 14"])]
        ['WHALE', 'SK', 'B14']
        """
        if isinstance(cards, str):
            return self._cards(self._vocabulary.parse(cards))
        out: list[Play] = []
        for position, item in enumerate(cards, start=1):
            if isinstance(item, Play):
                out.append(self._own(item))
                continue
            if not isinstance(item, str):
                raise NotationError(
                    f"card {position}: {shorten(repr(item))} is not a card: write cards as text",
                    token=shorten(str(item)),
                )
            try:
                found = self._vocabulary.parse(item)
            except NotationError as exc:
                raise NotationError(f"card {position}: {exc}", token=exc.token) from None
            if len(found) != 1:
                what = "no card" if not found else f"{len(found)} cards ({', '.join(map(str, found))})"
                raise NotationError(f"card {position}: {shorten(item)!r} is {what}, not one card", token=shorten(item))
            out.append(found[0])
        return self._cards(out)

    def _cards(self, plays: list[Play]) -> Cards:
        """``plays`` (this edition's) as :class:`Cards`, their counts added up."""
        return Cards(plays, self.compiled, *self.compiled.summary(plays))

    def play_of(self, card: str | Play) -> Play:
        """The play ``card`` stands for: text naming exactly one card (``"TIG:PIR"``,
        ``"black 14"``), or a play of this edition. Raises
        :class:`~skullking.core.errors.NotationError` otherwise.

        >>> import skullking
        >>> ed = skullking.load_edition("skullking-2021")
        >>> ed.play_of("Skull King") is ed.play_of(ed.play_of("SK"))
        True
        """
        if isinstance(card, Play):
            return self._own(card)
        if not isinstance(card, str):
            raise NotationError(
                f"{shorten(repr(card))} is not a card: write cards as text, e.g. 'Y7'", token=shorten(str(card))
            )
        found = self._vocabulary.parse(card)
        if len(found) != 1:
            what = "no card" if not found else f"{len(found)} cards ({', '.join(map(str, found))})"
            raise NotationError(f"{shorten(card)!r} is {what}, not one card", token=shorten(card))
        return found[0]

    def _own(self, play: Play) -> Play:
        """This edition's play for ``play``: itself, or the play of the same code when
        ``play`` comes from another load of an edition with the same card (a bot that
        loads its own edition) or from the rules of another of its rounds
        (:meth:`at_round`); refused for a card this edition does not have so."""
        own = self.plays.get(play.code)
        if own is None or (own is not play and (own.card != play.card or own.declared != play.declared)):
            raise NotationError(f"'{play.code}' is not a card of edition '{self.id}'", token=play.code)
        return own

    # ------------------------------------------------------------------ tricks

    def resolve_trick(
        self, cards: str | Sequence[str | Play], leader: int = 0, players: int | None = None
    ) -> TrickResult:
        """Resolve one trick: who wins, why, who leads next, the bonus and alliances.

        The i-th card is played by seat ``(leader + i) % players``; ``players``
        defaults to the number of cards. Raises
        :class:`~skullking.core.errors.IllegalTrickError` for a trick that cannot happen.

        >>> import skullking
        >>> ed = skullking.load_edition("skullking-2021")
        >>> r = ed.resolve_trick(["Y12", "B3", "WHALE", "KRAKEN"], leader=2)
        >>> r.winner is None, r.next_leader, r.rule
        (True, 3, 'kraken')
        """
        return self.compiled.resolve_trick(cards, leader, players)

    def plan_tricks(self, *, build: bool = True) -> bool:
        """Plan every trick of up to four cards this edition can deal before play
        (:mod:`skullking.tricks.compiled.tables`), so that no short trick is met for the first time in
        a game: read from the cache, else (``build``) made, in about 1.4 s for
        skullking-2021, and stored there. Changes no result, only speed; worth it for
        thousands of games (``skullking simulate`` does it for large runs). Whether the
        tables are in place."""
        # (the table builder: kept off trick's, editions' and diff's start-up, the cache holds the tables)
        from skullking.tricks.compiled.tables import plan_tricks

        return plan_tricks(self.compiled, build_missing=build)

    def interpret_trick(
        self, cards: str | Sequence[str | Play], leader: int = 0, players: int | None = None
    ) -> TrickResult:
        """:meth:`resolve_trick` by the reference interpreter (the rules read as they are
        written, nothing compiled): the same answer, or the same error."""
        if self.round_reads:
            return self._refuse()
        return self.interpreter.resolve_trick(cards, leader, players)

    def led_suit(self, trick: str | Sequence[str | Play]) -> str | None:
        """The id of the suit the trick so far was led in, or ``None``."""
        plays = self.parse_cards(trick)
        index = self.interpreter.led_suit(plays)
        return self.suits[index].id if index >= 0 else None

    def legal_plays(
        self, hand: str | Sequence[str | Play], trick: str | Sequence[str | Play] = (), players: int | None = None
    ) -> tuple[Play, ...]:
        """The cards of ``hand`` that may be played on ``trick`` (the cards so far), in hand order.

        A numbered card must follow the led suit if the hand holds that suit; special
        cards may always be played (the 2021 rulebook). Raises for a trick or hand that cannot
        happen (undeclared cards in the trick, too many copies of a card, and with
        ``players`` a card whose module is not used at that player count).
        """
        held = self.parse_cards(hand)
        played = self.parse_cards(trick)
        if not held:
            raise IllegalTrickError("the hand is empty")
        if played:
            self.interpreter.check(played, 0, max(len(played), self.min_players))
        self.interpreter.check_copies([*held, *played], "in the hand and the trick")
        if players is not None:
            if not self.min_players <= players <= self.max_players:
                low, high = self.min_players, self.max_players
                raise IllegalTrickError(f"{counted(players, 'player')}: this edition is for {low} to {high} players")
            self.interpreter.check_players([*held, *played], players)
        return tuple(legal_plays(self.interpreter, held, played))

    # ------------------------------------------------------------------ rounds

    def scheme(self, scheme_id: str | None = None) -> Scheme:
        """The scoring scheme ``scheme_id`` (default: the edition's); KeyError if unknown."""
        return _find(self.schemes, scheme_id or self.default_scheme, "scoring scheme")

    def schedule(self, schedule_id: str | None = None) -> Schedule:
        """The round schedule ``schedule_id`` (default: the edition's); KeyError if unknown."""
        return _find(self.schedules, schedule_id or self.default_schedule, "schedule")

    def cards_dealt(self, round_number: int, players: int, schedule_id: str | None = None) -> int | None:
        """Cards dealt to each player in round ``round_number`` (1-based), capped by the
        hand limit; ``None`` past the schedule's last round."""
        rounds = self.schedule(schedule_id).rounds
        if not 1 <= round_number <= len(rounds):
            return None
        cards = rounds[round_number - 1]
        if self.hand_limit is not None:
            cards = min(cards, int(self.hand_limit.evaluate({"players": players})))
        return cards

    def tie_break_cards(self, players: int, schedule: str | None = None) -> int:
        """Cards dealt to each of ``players`` tied players in a tie-break round
        (``scoring.extra_round_cards``; by default as many as the schedule's last round)."""
        rounds = len(self.schedule(schedule).rounds)
        last = self.cards_dealt(rounds, self.hands(players), schedule) or 1
        return int(self.extra_round_cards.evaluate({"last_cards": last, "players": players}))

    def ghost_at(self, players: int) -> Ghost | None:
        """The ghost hand where it plays at a table of ``players`` (``ghost.players``: two
        in the 2021 rulebook), else ``None``."""
        ghost = self.ghost
        return ghost if ghost is not None and ghost_plays(ghost.players, players) else None

    def hands(self, players: int) -> int:
        """The hands dealt at a table of ``players``: theirs, and the ghost's where it plays."""
        return players + (self.ghost_at(players) is not None)

    def modules_for(self, players: int) -> list[str]:
        """The modules a game of ``players`` uses by default: every module used at that
        player count (``modules[].min_players``)."""
        return [m.id for m in self.modules if m.min_players <= players]

    def destroying_cards(self, modules: Iterable[str] | None = None) -> int:
        """How many cards in play can leave a trick that counts for nobody (tricks a
        round may lose): cards with a destroy_trick or neutralize effect, but those
        whose ``counts_for`` always names a player (a strategy that always names a seat
        is tried before any that may not)."""
        chosen = set(modules) if modules is not None else {m.id for m in self.modules}
        altering = {e.id for e in self.effects if e.kind is not EffectKind.ALLIANCE and not always_named(e.counts_for)}
        return sum(k.copies for k in self.kinds if k.module in chosen and k.effect in altering)

    def alliance_points(self) -> int:
        """Points each ally earns from an alliance card (0 when the edition has none)."""
        return next((fixed(e.points) for e in self.effects if e.kind is EffectKind.ALLIANCE), 0)

    def score_sheet(
        self,
        sheet: Mapping[str, Any] | str | Node,
        *,
        file: str = "<sheet>",
        scoring: str | None = None,
        schedule: str | None = None,
        check_edition: bool = True,
    ) -> SheetScore:
        """Score a whole game sheet: a mapping, YAML or JSON text, or a located tree
        (:func:`~skullking.scoring.sheets.score.score_sheet` says what each argument does).
        Raises :class:`~skullking.SheetError` listing every problem of the sheet, each
        located (``file`` names it in the messages)."""
        # (the sheet reader brings the YAML parser: kept off trick's start-up)
        from skullking.scoring.sheets.score import score_sheet

        return score_sheet(self, sheet, file=file, scoring=scoring, schedule=schedule, check_edition=check_edition)


#: The fields that name and describe an edition, and its file as read: no rule depends
#: on them.
_NOT_RULES = frozenset({"id", "title", "description", "sources", "path", "data", "provenance"})


def _earlier(data: Any) -> Any:
    """The codec's ``data`` with each record's :data:`LATER_FIELDS` left out where they
    all hold their defaults (they are the record's last fields)."""
    if isinstance(data, list):
        return [_earlier(item) for item in data]
    if not isinstance(data, dict):
        return data
    found = {key: _earlier(value) for key, value in data.items()}
    later = LATER_FIELDS.get(found.get("r", "")) if isinstance(found.get("r"), str) else None
    if later and found["f"][-len(later) :] == _later_defaults(found["r"]):
        found["f"] = found["f"][: -len(later)]
    return found


@functools.cache
def _later_defaults(record: str) -> list[Any]:
    """The codec's data of the defaults of ``record``'s :data:`LATER_FIELDS` (worked out
    once a record, not once each time a fingerprint meets one)."""
    defaults = EDITIONS.record(record)._field_defaults
    return [_earlier(EDITIONS.encode(defaults[name])) for name in LATER_FIELDS[record]]


#: Fields an edition may leave at these values, left out of its fingerprint when it does:
#: an edition that does not use them keeps the fingerprint it had before they existed
#: (the ``Rules`` tag of the game records played under it).
_UNSET: dict[str, object] = {
    "copies": {},
    "identical": None,
    "identical_rules": {},
    "tie_breaker": None,
    "deck_counts": None,
}


def _without_places(value: Any) -> Any:
    """``value`` with the ``source`` (file and line) of every record in it left empty,
    and each formula as its text, type and checked tree: the names its place offers
    are not a rule (a name the language gains leaves every rule as it was)."""
    if isinstance(value, Expression):
        return [value.source, value.type, value.tree]
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        items = [_without_places(v) for v in value]
        if "source" in value._fields:
            items[value._fields.index("source")] = ""
        record: Any = type(value)
        return record._make(items)
    if isinstance(value, dict):
        return {k: _without_places(v) for k, v in value.items()}
    if type(value) in (tuple, list):
        return type(value)(_without_places(v) for v in value)
    return value


#: What an edition whose rules change with the round takes from the rules of its
#: first round (the cards and their notation, the same in every round).
_SHAPED = (
    "_decks",
    "_kinds",
    "role_names",
    "_pools",
    "pool_limits",
    "named_limits",
    "plays",
    "_vocabulary",
    "interpreter",
    "compiled",
)
#: The rules of so many rounds kept by an edition at most (a distinct value each).
_ROUNDS_KEPT = 256
_TRICK_ROUND = frozenset(TRICK_ROUND_NAMES)


def _worked_out(value: Any, values: Mapping[str, Any]) -> Any:
    """A rule's value in a round: a formula evaluated with the round's ``values``."""
    return value.evaluate(values) if isinstance(value, Expression) else value


def _round_reads(edition: Edition) -> frozenset[str]:
    """The round's names the edition's rules read (see :attr:`Edition.round_reads`)."""
    found: set[str] = set()
    values = [s.trump for s in edition.suits] + [b.points for b in edition.bonuses]
    values += [e.points for e in edition.effects]
    for value in values:
        if isinstance(value, Expression):
            found |= value.variables
    if edition.deck_counts is not None:
        for *_, formula in edition.deck_counts.formulas():
            found |= formula.variables
    for rules in (edition.precedence, *(e.precedence for e in edition.effects)):
        for rule in rules:
            if rule.when is not None:
                found |= rule.when.variables & _TRICK_ROUND
    return frozenset(found)


def default_play_rules() -> PlayRules:
    """Today's play: the deal passing left, round n led by seat n-1 (the player after
    the dealer), the trick's leader leading after a trick nobody wins, suit followed."""
    return PlayRules(first_leader=compile_expression("round - 1", seat_names("first_leader"), "number"))


def default_bidding() -> Bidding:
    """Bids of 0 to the cards dealt, all at once, no rule over them."""
    return Bidding(
        min=compile_expression("0", BID_RANGE_NAMES, "number"),
        max=compile_expression("cards", BID_RANGE_NAMES, "number"),
    )


def default_extra_round_cards() -> Expression:
    """A tie-break round deals as many cards as the schedule's last round."""
    return compile_expression("last_cards", EXTRA_ROUND_NAMES, "number")


def make_plays(edition: Edition) -> list[Play]:
    """Every play the edition allows: each card, each declaration of a declared card,
    and (for hands) each declared card undeclared. Fields are compiled here."""
    roles = {r.id: r for r in edition.roles}
    effects = {e.id: e for e in edition.effects}
    plays: list[Play] = []

    def add(code: str, card: Card, declared: str | None, role_id: str | None, effect: str | None) -> None:
        role = roles.get(role_id) if role_id else None
        eff = effects.get(effect) if effect else None
        play = Play(
            code=code,
            card=card,
            declared=declared,
            role=role_id,
            role_index=role.slot if role else -1,
            lead=role.lead if role else None,
            effect_index=eff.slot if eff else -1,
            alters=eff is not None and eff.kind is not EffectKind.ALLIANCE,
            allies=eff is not None and eff.kind is EffectKind.ALLIANCE,
        )
        plays.append(play)

    for suit in edition.suits:
        for rank in suit.ranks:
            card = Card(code=f"{suit.code}{rank}", suit=suit.id, rank=rank)
            trump = bool(fixed(suit.trump))
            plays.append(Play(code=card.code, card=card, suit_index=suit.slot, rank=rank, trump=trump))
    for kind in edition.kinds:
        variants = [Card(code=kind.code, kind=kind.id)] + [
            Card(code=ind.code, kind=kind.id, individual=ind.id) for ind in kind.individuals
        ]
        for card in variants:
            if kind.declarations:
                add(card.code, card, None, None, kind.effect)
                for choice in kind.declarations:
                    add(f"{card.code}:{choice.code}", card, choice.role, choice.role, kind.effect)
            else:
                add(card.code, card, None, kind.role, kind.effect)
    return plays


_Named = TypeVar("_Named", Scheme, Schedule)


def _find(items: tuple[_Named, ...], wanted: str, what: str) -> _Named:
    for item in items:
        if item.id == wanted:
            return item

    raise KeyError(unknown(what, wanted, [i.id for i in items]))


def _rebuild(values: dict[str, Any]) -> Edition:
    return Edition(**values)


__all__ = ["Edition", "IllegalTrickError", "Play", "TrickResult"]
