"""An edition's trick rules compiled at load into one resolver function.

:class:`~skullking.tricks.interpreter.Resolver` interprets the rules (the reference); this module
turns the same rules, once, when the edition is built (about a millisecond), into
tables over the edition's plays and one resolver function that plans nothing per
pattern: a trick never seen before costs what any other does. It is the instance's
:meth:`Edition.resolve_trick <skullking.edition.Edition.resolve_trick>`.

**One number per trick.** Every play of the edition gets one integer, its *counts*,
made of fields; a trick's counts are its plays' counts added up, in one pass. From the
lowest bits up:

* a field per precedence rule, in the rules' order, counting the cards the rule picks
  among (its role, its suit, trumps, numbered cards, any card): the rule that decides
  is the first whose field is not zero (the lowest set bit) and whose condition holds;
* fields for trick-altering cards (and each effect's own), alliance cards and cards
  that pay a bonus by themselves, and the counts the rules' conditions and the role
  bonuses read (a role, trumps, numbered cards, cards) that no rule's field counts
  already. A condition reads counts only, so its value is remembered by the counts it
  reads. These first fields are few: what the decision reads is a small integer;
* fields that flag an impossible trick: a card played undeclared, a card whose module
  needs more players, too many copies of a special card (that field starts at
  ``2**w - 1 - copies`` and reaches its top bit at one copy too many); and which card
  pays a bonus by itself, when one does;
* a bit per numbered card, in one region per suit at the card's rank, so that the
  highest card of a suit in the trick is the highest bit set in the suit's region; and
  a bit per named card (a named pirate). Played twice, such a card makes a carry: the
  bits then number fewer than the field that counts them says;
* for a rule that picks among the numbered cards of several suits (the White Whale's
  highest number), a bit per card again, rank by rank (above: a carry there never
  reaches the bits below);
* on top, the points the cards themselves pay to whoever wins them (the 14s).

The rule that decides then picks: the first card of a role by a loop over the plays;
the highest or lowest card of a suit (or of trumps, or of the led suit) from the
suit's region, the card found by its rank; among several suits, rank by rank, ties to
the card played first. An effect changes the roles of some cards (the White Whale's
escapes): their counts move from field to field, and the effect's own rules decide.
:meth:`Edition.parse_cards <skullking.edition.Edition.parse_cards>` adds up the counts
of the tricks it parses (:attr:`Cards.facts <skullking.model.cards.Cards.facts>`), so that a
parsed trick skips even the sum. The reference is asked only for what the tables do
not hold: a bonus by rank or by position, a next leader that would have won without
one of several trick-altering cards, and the words of an impossible trick.

Short tricks (at most :data:`PLANNED` cards) repeat their patterns (which roles, suits
and effects stand where) often: the second time a pattern is seen, the outcome found is
kept as a plan (:mod:`skullking.tricks.compiled.plans`), and its next tricks cost a look-up. Tricks of
more cards almost never repeat one, and keep nothing. :meth:`Edition.plan_tricks
<skullking.edition.Edition.plan_tricks>` plans every pattern of up to four cards
before play instead (:mod:`skullking.tricks.compiled.tables`: the plan tables, kept in the cache).

A precedence list with a condition that may divide by zero is decided rule by rule
instead, every condition in turn, as the reference does, so that the error comes where
it would. ``tests/tricks/compiled/test_compiled.py`` checks this resolver against the reference on
every bundled edition, every example house rule and overlays that reach every way a
rule can pick; ``tests/tricks/compiled/test_differential.py`` (and ``scripts/differential.py``, long) on
house rules generated at the level of rules.

The code: this module holds :class:`CompiledTricks`, which builds the tables;
:mod:`skullking.tricks.compiled.resolve` builds the resolver function from them,
:mod:`skullking.tricks.compiled.effects` the function that resolves a trick with a
trick-altering card, :mod:`skullking.tricks.compiled.decide` decides rule by rule what the
tables do not tell, :mod:`skullking.tricks.compiled.memo` builds and keeps the plans, and
:mod:`skullking.tricks.compiled.fields` holds what they share (the numbers of the picks, the
limits, the records of the rules and effects compiled).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from skullking.core.errors import NotationError
from skullking.model.cards import UNDECLARED, Lead, Play
from skullking.model.records import Among, EffectKind, Pick, Rule, Ties, WhenSeveral
from skullking.tricks.compiled.decide import Deciders
from skullking.tricks.compiled.effects import build_altered
from skullking.tricks.compiled.fields import (
    _ANY_FIRST,
    _HIGH,
    _IMPOSSIBLE,
    _LED_HIGH,
    _LED_LOW,
    _LOW,
    _OTHER,
    _RANKS_HIGH,
    _RANKS_LOW,
    _ROLE_FIRST,
    _SEEN,
    _STRATEGIES,
    PLANNED,
    Altered,
    Condition,
    Decide,
    Resolve,
    Step,
    _Effect,
    _new,
    _Ranks,
    _Region,
    own_bonus_ids,
    union,
)
from skullking.tricks.compiled.memo import Plans
from skullking.tricks.compiled.plans import Plan
from skullking.tricks.compiled.resolve import build_resolver
from skullking.tricks.interpreter import Resolver, TrickResult

if TYPE_CHECKING:
    from skullking.edition import Edition

# What other modules import from here (some defined in skullking.tricks.compiled.fields).
__all__ = ["PLANNED", "Altered", "CompiledTricks", "Condition", "Decide", "Resolve", "Step"]


class _Fields:
    """Allocates the fields of the counts, from the lowest bit up."""

    def __init__(self) -> None:
        self.top = 0

    def take(self, bits: int) -> int:
        self.top += bits
        return self.top - bits


class CompiledTricks(Plans, Deciders):
    """The trick rules of one edition, compiled (see the module's docstring).
    :attr:`resolve` is :meth:`Edition.resolve_trick <skullking.edition.Edition.resolve_trick>`."""

    resolve: Resolve

    def __init__(self, edition: Edition, resolver: Resolver) -> None:
        self.edition = edition
        self.resolver = resolver
        plays = list(edition.plays.values())
        roles, suits = edition.roles, edition.suits
        max_players = edition.max_players
        width = max_players.bit_length()  # a count fits; a flagging field has one bit more
        ones = (1 << width) - 1
        self.ones = ones
        role_slots = {r.id: r.slot for r in roles}
        limits = edition.pool_limits
        lists = [edition.precedence, *(e.precedence for e in edition.effects)]
        trumps = tuple(s.slot for s in suits if s.trump)

        def suits_of(of: str) -> tuple[int, ...]:
            """The suits a rule ``of`` this group picks among (not a role, not any card)."""
            if of == Among.TRUMP:
                return trumps
            if of in (Among.NUMBERED, Among.LED_SUIT):  # a led suit needs a numbered card
                return tuple(s.slot for s in suits)
            return tuple(s.slot for s in suits if s.id == of)

        def member(of: str, play: Play) -> bool:
            """Whether ``play`` is among the cards a rule ``of`` this group picks from."""
            if of in role_slots:
                return play.role_index == role_slots[of]
            return of == Among.ANY or play.suit_index in suits_of(of)

        fields = _Fields()
        # -- the small fields: rules (main first), flags, and the counts read
        rule_at = [[fields.take(width) for _ in rules] for rules in lists]
        alters_at, allies_at, static_ids_at = fields.take(width), fields.take(width), fields.take(width)
        # a field per trick-altering effect, counting its cards
        effect_at = {e.slot: fields.take(width) for e in edition.effects if e.kind is not EffectKind.ALLIANCE}
        counted: dict[str, int] = {}  # a name of the conditions -> its field
        same = {Among.NUMBERED.value: "numbered", Among.LED_SUIT.value: "numbered", Among.ANY.value: "cards"}
        for rules, shifts_of in zip(lists, rule_at, strict=True):
            for rule, shift in zip(rules, shifts_of, strict=True):
                name = same.get(rule.of, rule.of)
                if name in role_slots or name in ("numbered", "trump", "cards"):
                    counted.setdefault(name, shift)
        for name in (*role_slots, "numbered", "trump", "cards"):
            if name not in counted:
                counted[name] = fields.take(width)
        # special cards without a role (as an effect may leave the cards it cancels)
        roleless = any(p.suit_index < 0 and p.role_index == -1 for p in plays) or (
            bool(edition.effects) and resolver.cancelled < 0
        )
        roleless_at = fields.take(width) if roleless else -1
        self.hot = (1 << fields.top) - 1
        # -- the fields that flag an impossible trick, and which card pays a bonus
        undeclared_at, needs_at, unique_count_at = fields.take(width), fields.take(width), fields.take(width + 1)
        overflow: dict[int, int] = {}  # pools of special cards a trick could hold too many of
        for play in plays:
            if play.suit_index < 0 and limits[play.pool] < max_players and play.pool not in overflow:
                overflow[play.pool] = fields.take(width + 1)
        paying = [play for play in plays if play.static_bonus_ids]
        static_code_at = fields.take((max_players * len(paying)).bit_length())
        self.static_code = (static_code_at, (1 << (max_players * len(paying)).bit_length()) - 1)
        self.paying = ((), *(play.static_bonus_ids for play in paying))
        # -- one-copy cards: numbered cards by suit and rank, then named individuals
        unique_at = fields.top
        regions: list[_Region] = []
        for suit in suits:
            low = min(suit.ranks, default=0)
            at_rank: list[Play | None] = [None] * (max(suit.ranks, default=0) - low + 1)
            for play in plays:
                if play.suit_index == suit.slot:
                    at_rank[play.rank - low] = play
            regions.append(_Region(fields.take(len(at_rank)), (1 << len(at_rank)) - 1, tuple(at_rank), low))
        named: dict[str, int] = {}
        for play in plays:
            if play.card.individual is not None and play.card.code not in named:
                named[play.card.code] = fields.take(1)
        unique_end = fields.top  # (what lies above takes the carry of a card played twice)
        # -- the groups of several suits that a rule picks the best card of, by rank (a
        # bit per card again, above the one-copy bits: a carry here never reaches them)
        groups = {
            suits_of(rule.of)
            for rules in lists
            for rule in rules
            if rule.pick in (Pick.HIGHEST, Pick.LOWEST)
            and rule.of not in role_slots
            and rule.of not in (Among.ANY, Among.LED_SUIT)
            and len(suits_of(rule.of)) > 1
        }
        ranks: dict[tuple[int, ...], _Ranks] = {}
        rank_bit: dict[tuple[tuple[int, ...], Play], int] = {}
        for group in sorted(groups):
            members = [play for play in plays if play.suit_index in group]
            low = min((play.rank for play in members), default=0)
            size = (max((play.rank for play in members), default=0) - low + 1) * len(group)
            at = fields.take(size)
            at_bit: list[Play | None] = [None] * size
            for play in members:
                bit = (play.rank - low) * len(group) + group.index(play.suit_index)
                at_bit[bit] = play
                rank_bit[group, play] = at + bit
            ranks[group] = _Ranks(at, (1 << size) - 1, len(group), tuple(at_bit))
        static_at = fields.top  # the card bonuses, on top (either sign)

        top = 1 << width
        self.bias = sum((top - 1 - limits[pool]) << at for pool, at in overflow.items())
        self.checks = (ones << undeclared_at) | union(top << at for at in overflow.values())
        self.unique = (unique_at, (1 << (unique_end - unique_at)) - 1, unique_count_at, (1 << (width + 1)) - 1)
        self.regions = regions
        min_players = {m.id: m.min_players for m in edition.modules}
        self.module_players = {k.id: min_players[k.module] for k in edition.kinds if min_players[k.module] > 1}

        # -- a card of a role, in counts: the fields of the rules of that role and its
        # count (an effect that changes a card's role moves them); no role: the field of
        # special cards without one
        role_unit = [1 << roleless_at if roleless else 0] + [0] * len(roles)
        for r in roles:
            shifts = {counted[r.id]}
            for rules, shifts_of in zip(lists, rule_at, strict=True):
                shifts.update(shift for rule, shift in zip(rules, shifts_of, strict=True) if rule.of == r.id)
            role_unit[r.slot + 1] = union(1 << shift for shift in shifts)
        self.role_unit = role_unit

        # -- each play's counts, and how it leads (a suit, -1: no suit, -2: passes)
        packed: dict[Play, int] = {}
        lead: dict[Play, int] = {}
        for play in plays:
            shifts = {counted["cards"]}
            for rules, shifts_of in zip(lists, rule_at, strict=True):
                shifts.update(shift for rule, shift in zip(rules, shifts_of, strict=True) if member(rule.of, play))
            if play.role_index >= 0:
                shifts.add(counted[roles[play.role_index].id])
            elif play.suit_index < 0 and play.role_index == -1 and roleless:
                shifts.add(roleless_at)
            if play.suit_index >= 0:
                shifts.add(counted["numbered"])
                if play.trump:
                    shifts.add(counted["trump"])
            value = sum(1 << shift for shift in shifts)
            bits = 0
            if play.suit_index >= 0:
                region = regions[play.suit_index]
                value += 1 << (region.at + play.rank - region.low)
                bits += 1
                for group in ranks:
                    if play.suit_index in group:
                        value += 1 << rank_bit[group, play]
            if play.card.individual is not None:
                value += 1 << named[play.card.code]
                bits += 1
            value += bits << unique_count_at
            flags = (
                (play.alters, alters_at),
                (play.allies, allies_at),
                (bool(play.static_bonus_ids), static_ids_at),
                (play.role_index == UNDECLARED, undeclared_at),
                (self.module_players.get(play.card.kind or "", 1) > edition.min_players, needs_at),
                (play.pool in overflow, overflow.get(play.pool, 0)),
            )
            value += sum(1 << at for flag, at in flags if flag)
            if play.alters:
                value += 1 << effect_at[play.effect_index]
            if play.static_bonus_ids:
                value += (paying.index(play) + 1) << static_code_at
            packed[play] = value + (play.static_bonus << static_at)
            lead[play] = play.suit_index if play.suit_index >= 0 else -1 if play.lead is Lead.NO_SUIT else -2
        self.packed, self.lead = packed, lead

        # -- the precedence lists
        self.steps: list[tuple[Step, ...]] = []
        self.by_bit: list[tuple[Step | None, ...]] = []
        self.ordered: list[bool] = []
        self.deciders: list[Decide] = []
        for rules, shifts_of in zip(lists, rule_at, strict=True):
            steps = tuple(
                self._step(rule, shift, counted, role_slots, suits_of(rule.of), ranks)
                for rule, shift in zip(rules, shifts_of, strict=True)
            )
            by_bit: list[Step | None] = [None] * (fields.top + 1)
            for step, shift in zip(steps, shifts_of, strict=True):
                for bit in range(width):
                    by_bit[shift + bit + 1] = step  # a bit's position + 1: its bit_length()
            ordered = any(r.when is not None and ("//" in r.when.source or "%" in r.when.source) for r in rules)
            self.steps.append(steps)
            self.by_bit.append(tuple(by_bit))
            self.ordered.append(ordered)
            self.deciders.append(self._in_order(steps) if ordered else self._decider(steps, tuple(by_bit)))
        self.decide_main = self.deciders[0]

        # -- effects
        movable = [*((r.slot, counted[r.id]) for r in roles), *([(-1, roleless_at)] if roleless else [])]
        self.effects = []
        for e in edition.effects:
            becomes, spares = resolver.becomes[e.slot], resolver.spares[e.slot]
            steps = self.steps[e.slot + 1]
            only = None
            if (
                len(steps) == 1
                and steps[0].condition is None
                and steps[0].how in (_HIGH, _LOW, _RANKS_HIGH, _RANKS_LOW)
            ):
                only = steps[0]
            reason = e.description
            if e.kind is not EffectKind.DESTROY_TRICK:
                reason += "; no card wins, the trick is discarded"
            owners = {p.role_index for p in plays if p.effect_index == e.slot}
            self.effects.append(
                _Effect(
                    destroys=e.kind is EffectKind.DESTROY_TRICK,
                    strategies=tuple(_STRATEGIES[s] for s in e.next_leader),
                    nobody=tuple(
                        _new(TrickResult, (None, s, 0, (), e.id, reason, None, ())) for s in range(max_players)
                    ),
                    becomes=becomes,
                    spares=spares,
                    cancels_alliances=e.cancels_alliances,
                    by_role=any(rule.of in role_slots for rule in e.precedence),
                    reads_roles=any(
                        rule.of in role_slots or (rule.when is not None and rule.when.variables & role_slots.keys())
                        for rule in e.precedence
                    ),
                    moves=tuple(
                        (role, at, role_unit[role + 1])
                        for role, at in movable
                        if role != becomes and role not in spares
                    ),
                    into=role_unit[becomes + 1],
                    own=owners.pop() if len(owners) == 1 else None,
                    only=only,
                )
            )
        # the highest bit of the effects' fields, when one card has an effect -> the effect
        self.effect_by_bit = [-1] * (fields.top + 1)
        for slot, at in effect_at.items():
            self.effect_by_bit[at + 1] = slot
        self.effect_fields = union(ones << at for at in effect_at.values())

        # -- role bonuses, per winner role + 1: ((id, points, count shift), ...) and the
        # mask of those counts, or None when one needs the reference's pattern matching
        self.role_bonuses: list[tuple[tuple[str, int, int], ...] | None] = []
        self.role_bonus_mask: list[int] = []
        for dynamic in resolver.dynamic:
            fast: list[tuple[str, int, int]] | None = []
            for bonus in dynamic:
                roles_counted = resolver.by_roles.get(bonus.id)
                if roles_counted is None or fast is None:
                    fast = None
                    continue
                fast.extend((bonus.id, bonus.points, counted[roles[r].id]) for r in roles_counted)
            self.role_bonuses.append(None if fast is None else tuple(fast))
            self.role_bonus_mask.append(union(ones << at for _, _, at in fast or ()))
        self.first_played = edition.when_several is WhenSeveral.FIRST_PLAYED
        self.alters_at, self.static_ids_at, self.static_at = alters_at, static_ids_at, static_at
        self.alters, self.allies = ones << alters_at, ones << allies_at
        self.needs, self.static_ids = ones << needs_at, ones << static_ids_at
        self.plans: dict[tuple[int, ...], Plan] = {}
        self.altered = self._altered()
        self.resolve = self._resolver()
        self.resolve_dealt = self._dealt()

    # ------------------------------------------------------------------ building

    def _step(
        self,
        rule: Rule,
        at: int,
        counted: dict[str, int],
        roles: dict[str, int],
        suits: tuple[int, ...],
        ranks: dict[tuple[int, ...], _Ranks],
    ) -> Step:
        condition: Condition | None = None
        if rule.when is not None:
            reads = tuple(
                (position, counted[name])
                for position, name in enumerate(rule.when.names)
                if name in rule.when.variables
            )
            condition = (union(self.ones << s for _, s in reads), {}, rule.when, reads)
        high, ranked = rule.pick is Pick.HIGHEST, rule.pick in (Pick.HIGHEST, Pick.LOWEST)
        how: int = _OTHER
        arg: Any = None
        if rule.of in roles:
            if rule.pick is Pick.FIRST:
                how, arg = _ROLE_FIRST, roles[rule.of]
        elif rule.of == Among.ANY:
            if rule.pick is Pick.FIRST:
                how = _ANY_FIRST
        elif not ranked:
            pass
        elif rule.of == Among.LED_SUIT:
            how = _LED_HIGH if high else _LED_LOW
        elif len(suits) == 1:  # one suit: no two cards of one rank
            how, arg = (_HIGH if high else _LOW), self.regions[suits[0]]
        elif suits:
            how, arg = (_RANKS_HIGH if high else _RANKS_LOW), ranks[suits]
        seats = range(self.edition.max_players)
        results = tuple(
            tuple(_new(TrickResult, (seat, seat, 0, (), rule.id, rule.description, index, ())) for seat in seats)
            for index in seats
        )
        last = rule.ties is Ties.LAST_PLAYED and ranked
        return Step(how, arg, self.ones << at, condition, rule, results, last, suits, [None] * len(seats))

    def summary(self, plays: Sequence[Play]) -> tuple[int, int]:
        """The counts of ``plays`` (this edition's) added up, and the fewest players with
        whom they make a possible trick (:meth:`_need`)."""
        counts = self.bias
        for play in plays:
            counts += self.packed[play]
        return counts, self._need(counts, plays)

    def _need(self, counts: int, plays: Sequence[Play]) -> int:
        """The fewest players with whom ``plays``, of ``counts``, make a possible trick as
        far as their cards go: the most players a module of theirs needs (1 when none
        does), or more than any edition seats when the cards themselves cannot be (too
        many copies of a card, a card played undeclared): the trick is checked when it
        seats fewer."""
        unique_at, unique_mask, count_at, count_mask = self.unique
        if counts & self.checks or (counts >> unique_at & unique_mask).bit_count() != counts >> count_at & count_mask:
            return _IMPOSSIBLE
        if counts & self.needs:
            return max(self.module_players.get(p.card.kind or "", 1) for p in plays)
        return 1

    def _resolver(self) -> Resolve:
        """The resolver function (:func:`~skullking.tricks.compiled.resolve.build_resolver`)."""
        return build_resolver(self)

    def _dealt(self) -> Callable[[Sequence[Play], int], TrickResult]:
        """The resolver of tricks a round deals and plays (``resolve_dealt(cards,
        players)``): plays of this edition, one a seat, led by position 0, possible as
        a round makes them (no card beyond its copies, every module seated, a declared
        card declared). A short trick goes straight to its pattern's plan, without the
        checks a trick from outside needs; any other is :attr:`resolve`'s."""
        resolve, plans_get, planned = self.resolve, self.plans.get, PLANNED

        def resolve_dealt(cards: Sequence[Play], players: int) -> TrickResult:
            count = len(cards)
            key: tuple[int, ...]
            if count <= planned:
                # the pattern's key, written out for the common table sizes (a list
                # comprehension is a function call of its own on Python 3.11)
                if count == 4:
                    a, b, c, d = cards
                    key = (a.pattern, b.pattern, c.pattern, d.pattern)
                elif count == 3:
                    a, b, c = cards
                    key = (a.pattern, b.pattern, c.pattern)
                else:
                    key = tuple([play.pattern for play in cards])
                plan = plans_get(key)
                if plan is not None and plan is not _SEEN:
                    return plan(cards, 0, players)
            return resolve(cards, 0, players)

        return resolve_dealt

    # ------------------------------------------------------------------ checks

    def _unusual(self, cards: Any, leader: int, players: int | None) -> TrickResult:
        """Cards given as text, or plays that are not all this edition's."""
        if not all(isinstance(p, Play) for p in cards):
            return self.resolve(self.edition.parse_cards(cards), leader, players)
        seats = len(cards) if players is None else players
        self.resolver.check(cards, leader, seats)
        own = self.edition.plays
        for card in cards:
            if own.get(card.code) is not card:
                raise NotationError(f"'{card.code}' is not a card of edition '{self.edition.id}'", token=card.code)
        raise AssertionError("unreachable: every play is this edition's")  # pragma: no cover

    def _validate(self, cards: Sequence[Play], seats: int) -> None:
        """Raise for too many copies of a card, an undeclared card, or a card whose module
        needs more players than ``seats`` (the counts flagged one of them)."""
        self.resolver.check_copies(cards)
        self.resolver.check_declared(cards)
        self.resolver.check_players(cards, seats)

    # ------------------------------------------------------------------ effects

    def bonuses(self, cards: Sequence[Play], counts: int, role: int) -> tuple[int, tuple[str, ...]] | None:
        """Bonus points and ids for the winner of ``cards``, playing ``role``, as
        :meth:`Resolver.bonuses <skullking.tricks.interpreter.Resolver.bonuses>` gives them; ``None``
        when a bonus needs the reference's pattern matching."""
        entries = self.role_bonuses[role + 1]
        if entries is None:
            return None
        points = counts >> self.static_at if counts & self.static_ids else 0
        if not points and not entries:
            return 0, ()
        found = own_bonus_ids(cards) if counts & self.static_ids else []
        for bonus, value, at in entries:
            times = counts >> at & self.ones
            points += value * times
            found += [bonus] * times
        return points, tuple(found)

    def _altered(self) -> Altered:
        """The function that resolves a trick with a trick-altering card
        (:func:`~skullking.tricks.compiled.effects.build_altered`)."""
        return build_altered(self)
