"""The counts of the compiled resolver (see :mod:`skullking.tricks.compiled.resolver` for the
design): :class:`Fields` lays an edition's plays out as integers of bit fields, one a
play, and compiles its precedence rules and trick-altering effects onto those fields
(:class:`Step`, :class:`CompiledEffect`); with how a compiled rule picks its card
(:class:`StepPick`), the numbers of the next-leader strategies, and the small functions
the other parts share."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.model.cards import UNDECLARED, Play
from skullking.model.records import Among, EffectKind, NextLeader, Pick, Rule, Ties, TrickResult, fixed
from skullking.tricks.interpreter import CompiledRule, unwon_reason

if TYPE_CHECKING:
    from skullking.language.expr import Expression
    from skullking.model.rules import Rules
    from skullking.tricks.interpreter import Resolver

_new = tuple.__new__


class StepPick(IntEnum):
    """How a compiled rule picks its card (a :class:`Step`'s ``how``), in this order: the
    first card of a role; the highest or lowest card of one suit, from its region; the
    first card; the highest or lowest of several suits, from the rank fields; any other
    pick (the last card of a role...), the reference's way; the highest or lowest card of
    the led suit (last: the deciders tell them by one comparison, ``how > OTHER``)."""

    ROLE_FIRST = 0
    HIGH = 1
    LOW = 2
    ANY_FIRST = 3
    RANKS_HIGH = 4
    RANKS_LOW = 5
    OTHER = 6
    LED_HIGH = 7
    LED_LOW = 8


#: More players than any edition seats (see :meth:`Fields.need`).
IMPOSSIBLE = 1 << 30
#: The most remembered values of one condition before starting afresh.
_MEMO_LIMIT = 1 << 16


def union(masks: Iterable[int]) -> int:
    """The bits of ``masks`` together: a mask of the counts is an OR of fields, never a
    sum, which would carry into the next field when two name the same one (two role
    bonuses counting one role)."""
    found = 0
    for mask in masks:
        found |= mask
    return found


def own_bonus_ids(cards: Sequence[Play]) -> list[str]:
    """The ids of the bonuses the cards of a trick pay by themselves (their own
    bonuses, a 14's), in play order: what the counts say only when one card pays."""
    found: list[str] = []
    for play in cards:
        if play.static_bonus_ids:
            found += play.static_bonus_ids
    return found


class Condition(NamedTuple):
    """A precedence rule's condition over the counts, its values remembered by the
    counts it reads."""

    #: The fields of the counts it reads.
    mask: int
    #: Its value by the counts it reads (``counts & mask``).
    values: dict[int, bool]
    when: Expression
    #: (the position of a name of ``when``, the shift of the field counting it), ...
    reads: tuple[tuple[int, int], ...]
    #: A field's mask, unshifted.
    ones: int

    def holds(self, key: int) -> bool:
        """The condition's value for the counts ``key`` (``counts & mask``), worked out
        and remembered."""
        values = [0] * len(self.when.names)
        for position, at in self.reads:
            values[position] = (key >> at) & self.ones
        value = bool(self.when.call(values))
        if len(self.values) >= _MEMO_LIMIT:
            self.values.clear()
        self.values[key] = value
        return value


class Step(NamedTuple):
    """A precedence rule compiled onto the counts."""

    how: StepPick
    #: ROLE_FIRST: the role; HIGH, LOW: the suit's region; RANKS_*: the ranks'.
    arg: Any
    #: The rule's field in the counts (all its bits), and the mask that clears it.
    field: int
    clear: int
    condition: Condition | None
    #: Highest or lowest, ties to the card played last.
    last: bool
    #: The rule as the reference reads it (its pick for OTHER, the cards it picks among).
    reference: CompiledRule
    rule: Rule
    #: The results when this rule decides, without bonus nor alliances, by the winning
    #: card's position and the winner's seat (shared: results are immutable).
    results: tuple[tuple[TrickResult, ...], ...]
    #: The step's number among the steps of every list, from 0.
    number: int


class Region(NamedTuple):
    """A suit's region of the counts: where it starts, its mask, the play at each bit,
    and the rank of the first bit."""

    at: int
    mask: int
    plays: tuple[Play | None, ...]
    low: int


class Ranks(NamedTuple):
    """The region of a group of suits by rank: a bit per suit of the group for each
    rank, from the lowest. Where it starts, its mask, the suits of the group, and the
    play at each bit."""

    at: int
    mask: int
    suits: int
    plays: tuple[Play | None, ...]


class CompiledEffect(NamedTuple):
    """A trick-altering effect compiled onto the counts."""

    destroys: bool
    #: Who leads when nobody wins (the effect's ``next_leader``).
    strategies: tuple[NextLeader, ...]
    #: The results when nobody wins, by the next leader's seat.
    nobody: tuple[TrickResult, ...]
    becomes: int
    spares: frozenset[int]
    cancels_alliances: bool
    #: The effect's rules need the plays' roles: one picks by role, or the reference
    #: decides the list (a condition that may divide by zero).
    by_role: bool
    #: The effect's rules read role counts (a condition, a rule of a role).
    reads_roles: bool
    #: The roles (-1: none) whose cards play ``becomes``: (role, its count's field, a
    #: card of it in counts); ``becomes``' card in counts.
    moves: tuple[tuple[int, int, int], ...]
    into: int
    #: The role of every card with this effect (None: they differ).
    own: int | None
    #: A trick the effect leaves without a winner may count for somebody (its
    #: ``counts_for``): the reference resolves it, and no plan is kept of it.
    counted: bool


class _Allocator:
    """Allocates the fields of the counts, from the lowest bit up."""

    def __init__(self) -> None:
        self.top = 0

    def take(self, bits: int) -> int:
        self.top += bits
        return self.top - bits


class Fields:
    """An edition's plays as counts (see :mod:`skullking.tricks.compiled.resolver`): each
    play's counts (:attr:`packed`), where each field lies and the masks that read them,
    the precedence lists compiled onto them (:attr:`steps`, :attr:`by_bit`), the
    effects (:attr:`effects`) and the role bonuses. Built once from the edition and its
    reference interpreter; read-only after."""

    def __init__(self, edition: Rules, reference: Resolver) -> None:
        plays = list(edition.plays.values())
        roles, suits = edition.roles, edition.suits
        max_players = edition.max_players
        width = max_players.bit_length()  # a count fits; a flagging field has one bit more
        ones = (1 << width) - 1
        self.ones = ones
        role_slots = {r.id: r.slot for r in roles}
        limits = edition.pool_limits
        lists = [edition.precedence, *(e.precedence for e in edition.effects)]
        references = [reference.main, *reference.effect_rules]
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

        fields = _Allocator()
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
            bool(edition.effects) and reference.cancelled < 0
        )
        roleless_at = fields.take(width) if roleless else -1
        #: The small fields: what deciding a trick reads.
        self.hot = (1 << fields.top) - 1
        # -- the fields that flag an impossible trick, and which card pays a bonus
        undeclared_at, needs_at, unique_count_at = fields.take(width), fields.take(width), fields.take(width + 1)
        # cards a trick could hold too many copies of: pools of special cards and of
        # numbered cards the deck holds several times, and named cards held several
        # times (a card held once has a one-copy bit below instead) -> their field
        named_limits = edition.named_limits
        overflow: dict[object, int] = {}
        most: dict[object, int] = {}  # (the copies the deck has)

        def several(play: Play) -> bool:
            """Whether the deck holds ``play``'s card (numbered or named) more than once."""
            if play.suit_index >= 0:
                return limits[play.pool] > 1
            return play.card.individual is not None and named_limits.get(play.card.code, 1) > 1

        for play in plays:
            for key, limit in _copy_keys(play, limits, named_limits, several(play)):
                if limit < max_players and key not in overflow:
                    overflow[key], most[key] = fields.take(width + 1), limit
        paying = [play for play in plays if play.static_bonus_ids]
        static_code_at = fields.take((max_players * len(paying)).bit_length())
        self.static_code = (static_code_at, (1 << (max_players * len(paying)).bit_length()) - 1)
        self.paying = ((), *(play.static_bonus_ids for play in paying))
        # -- one-copy cards: numbered cards by suit and rank, then named individuals
        unique_at = fields.top
        regions: list[Region] = []
        for suit in suits:
            low = min(suit.ranks, default=0)
            at_rank: list[Play | None] = [None] * (max(suit.ranks, default=0) - low + 1)
            for play in plays:
                if play.suit_index == suit.slot and not several(play):
                    at_rank[play.rank - low] = play
            regions.append(Region(fields.take(len(at_rank)), (1 << len(at_rank)) - 1, tuple(at_rank), low))
        named: dict[str, int] = {}
        for play in plays:
            if play.card.individual is not None and play.card.code not in named and not several(play):
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
        ranks: dict[tuple[int, ...], Ranks] = {}
        rank_bit: dict[tuple[tuple[int, ...], Play], int] = {}
        for group in sorted(groups):
            members = [play for play in plays if play.suit_index in group and not several(play)]
            low = min((play.rank for play in members), default=0)
            size = (max((play.rank for play in members), default=0) - low + 1) * len(group)
            at = fields.take(size)
            at_bit: list[Play | None] = [None] * size
            for play in members:
                bit = (play.rank - low) * len(group) + group.index(play.suit_index)
                at_bit[bit] = play
                rank_bit[group, play] = at + bit
            ranks[group] = Ranks(at, (1 << size) - 1, len(group), tuple(at_bit))
        static_at = fields.top  # the card bonuses, on top (either sign)

        top = 1 << width
        #: What every trick's counts start from (the copy fields' offsets).
        self.bias = sum((top - 1 - most[key]) << at for key, at in overflow.items())
        #: The flags of an impossible trick.
        self.checks = (ones << undeclared_at) | union(top << at for at in overflow.values())
        #: (where the one-copy bits start, their mask, where their count is, its mask)
        self.unique = (unique_at, (1 << (unique_end - unique_at)) - 1, unique_count_at, (1 << (width + 1)) - 1)
        self.regions = regions
        min_players = {m.id: m.min_players for m in edition.modules}
        #: Special cards of a module used from some player count on: their kind -> that count.
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
        #: By role + 1: a card of that role in counts.
        self.role_unit = role_unit

        # -- each play's counts
        #: The suits whose cards the deck holds more than once: no region tells their
        #: highest card (two copies of a rank would carry), the reference picks it.
        self.copied_suits: set[int] = set()
        packed: dict[Play, int] = {}
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
            copied = several(play)
            if copied and play.suit_index >= 0:
                self.copied_suits.add(play.suit_index)
            if play.suit_index >= 0 and not copied:
                region = regions[play.suit_index]
                value += 1 << (region.at + play.rank - region.low)
                bits += 1
                for group in ranks:
                    if play.suit_index in group:
                        value += 1 << rank_bit[group, play]
            if play.card.individual is not None and not copied:
                value += 1 << named[play.card.code]
                bits += 1
            value += bits << unique_count_at
            flags = (
                (play.alters, alters_at),
                (play.allies, allies_at),
                (bool(play.static_bonus_ids), static_ids_at),
                (play.role_index == UNDECLARED, undeclared_at),
                (self.module_players.get(play.card.kind or "", 1) > edition.min_players, needs_at),
            )
            value += sum(1 << at for flag, at in flags if flag)
            for key, _ in _copy_keys(play, limits, named_limits, copied):
                if key in overflow:
                    value += 1 << overflow[key]
            if play.alters:
                value += 1 << effect_at[play.effect_index]
            if play.static_bonus_ids:
                value += (paying.index(play) + 1) << static_code_at
            packed[play] = value + (play.static_bonus << static_at)
        #: Each play of the edition -> its counts.
        self.packed = packed

        # -- the precedence lists: by list (the main list first, then each effect's),
        # its steps, and the step of each bit of their fields (by the bit's position + 1:
        # its bit_length()); and whether a list is decided rule by rule, every condition
        # in turn, as the reference does (a condition that may divide by zero)
        self.steps: list[tuple[Step, ...]] = []
        self.by_bit: list[tuple[Step | None, ...]] = []
        self.ordered: list[bool] = []
        for rules, shifts_of, compiled in zip(lists, rule_at, references, strict=True):
            steps = tuple(
                self._step(edition, rule, shift, counted, role_slots, suits_of(rule.of), ranks, read, number)
                for number, (rule, shift, read) in enumerate(
                    zip(rules, shifts_of, compiled, strict=True), sum(map(len, self.steps))
                )
            )
            by_bit: list[Step | None] = [None] * (fields.top + 1)
            for step, shift in zip(steps, shifts_of, strict=True):
                for bit in range(width):
                    by_bit[shift + bit + 1] = step
            self.steps.append(steps)
            self.by_bit.append(tuple(by_bit))
            self.ordered.append(
                any(r.when is not None and ("//" in r.when.source or "%" in r.when.source) for r in rules)
            )

        # -- effects
        movable = [*((r.slot, counted[r.id]) for r in roles), *([(-1, roleless_at)] if roleless else [])]
        self.effects: list[CompiledEffect] = []
        for e in edition.effects:
            becomes, spares = reference.becomes[e.slot], reference.spares[e.slot]
            reason = unwon_reason(e)
            owners = {p.role_index for p in plays if p.effect_index == e.slot}
            self.effects.append(
                CompiledEffect(
                    destroys=e.kind is EffectKind.DESTROY_TRICK,
                    strategies=tuple(e.next_leader),
                    nobody=tuple(
                        _new(TrickResult, (None, s, 0, (), e.id, reason, None, (), None)) for s in range(max_players)
                    ),
                    becomes=becomes,
                    spares=spares,
                    cancels_alliances=e.cancels_alliances,
                    by_role=self.ordered[e.slot + 1] or any(rule.of in role_slots for rule in e.precedence),
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
                    counted=bool(e.counts_for),
                )
            )
        #: The highest bit of the effects' fields, when one card has an effect -> the effect.
        self.effect_by_bit = [-1] * (fields.top + 1)
        for slot, at in effect_at.items():
            self.effect_by_bit[at + 1] = slot
        self.effect_fields = union(ones << at for at in effect_at.values())

        # -- role bonuses, per winner role + 1: ((id, points, count shift), ...) and the
        # mask of those counts, or None when one needs the reference's pattern matching
        self.role_bonuses: list[tuple[tuple[str, int, int], ...] | None] = []
        self.role_bonus_mask: list[int] = []
        for dynamic in reference.dynamic:
            fast: list[tuple[str, int, int]] | None = []
            for bonus in dynamic:
                roles_counted = reference.by_roles.get(bonus.id)
                if roles_counted is None or fast is None:
                    fast = None
                    continue
                fast.extend((bonus.id, fixed(bonus.points), counted[roles[r].id]) for r in roles_counted)
            self.role_bonuses.append(None if fast is None else tuple(fast))
            self.role_bonus_mask.append(union(ones << at for _, _, at in fast or ()))
        self.alters_at, self.static_ids_at, self.static_at = alters_at, static_ids_at, static_at
        self.alters, self.allies = ones << alters_at, ones << allies_at
        self.needs, self.static_ids = ones << needs_at, ones << static_ids_at
        #: By winner role + 1: the fields of the counts that pay that winner anything.
        self.payable = [self.static_ids | mask for mask in self.role_bonus_mask]
        #: ``need(counts, plays)``: the fewest players with whom plays make a possible trick.
        self.need = self._need()

    def _step(
        self,
        edition: Rules,
        rule: Rule,
        at: int,
        counted: dict[str, int],
        roles: dict[str, int],
        suits: tuple[int, ...],
        ranks: dict[tuple[int, ...], Ranks],
        reference: CompiledRule,
        number: int,
    ) -> Step:
        condition: Condition | None = None
        if rule.when is not None:
            reads = tuple(
                (position, counted[name])
                for position, name in enumerate(rule.when.names)
                if name in rule.when.variables
            )
            condition = Condition(union(self.ones << s for _, s in reads), {}, rule.when, reads, self.ones)
        high, ranked = rule.pick is Pick.HIGHEST, rule.pick in (Pick.HIGHEST, Pick.LOWEST)
        how = StepPick.OTHER
        arg: Any = None
        if rule.of in roles:
            if rule.pick is Pick.FIRST:
                how, arg = StepPick.ROLE_FIRST, roles[rule.of]
        elif rule.of == Among.ANY:
            if rule.pick is Pick.FIRST:
                how = StepPick.ANY_FIRST
        elif not ranked:
            pass
        elif rule.of == Among.LED_SUIT:
            how = StepPick.LED_HIGH if high else StepPick.LED_LOW
        elif len(suits) == 1:  # one suit: no two cards of one rank
            how, arg = (StepPick.HIGH if high else StepPick.LOW), self.regions[suits[0]]
        elif suits:
            how, arg = (StepPick.RANKS_HIGH if high else StepPick.RANKS_LOW), ranks[suits]
        if reference.identical or (
            how not in (StepPick.ROLE_FIRST, StepPick.ANY_FIRST, StepPick.OTHER) and self._copied(how, suits)
        ):
            # identical copies read otherwise than the rule's order, or a suit whose
            # cards the deck holds twice: the reference's pick, by position
            how, arg = StepPick.OTHER, None
        seats = range(edition.max_players)
        results = tuple(
            tuple(_new(TrickResult, (seat, seat, 0, (), rule.id, rule.description, index, (), seat)) for seat in seats)
            for index in seats
        )
        last = rule.ties is Ties.LAST_PLAYED and ranked
        field = self.ones << at
        return Step(how, arg, field, ~field, condition, last, reference, rule, results, number)

    def _copied(self, how: StepPick, suits: tuple[int, ...]) -> bool:
        """Whether a pick by rank (``how``) among ``suits`` (any suit for the led suit's)
        meets a suit whose cards the deck holds more than once."""
        if how in (StepPick.LED_HIGH, StepPick.LED_LOW):
            return bool(self.copied_suits)
        return not self.copied_suits.isdisjoint(suits)

    def summary(self, plays: Sequence[Play]) -> tuple[int, int]:
        """The counts of ``plays`` (this edition's) added up, and the fewest players with
        whom they make a possible trick (:attr:`need`)."""
        counts = self.bias
        for play in plays:
            counts += self.packed[play]
        return counts, self.need(counts, plays)

    def _need(self) -> Callable[[int, Sequence[Play]], int]:
        """The function :attr:`need`, its masks bound as closure variables."""
        unique_at, unique_mask, count_at, count_mask = self.unique
        checks, needs, module_players = self.checks, self.needs, self.module_players

        def need(counts: int, plays: Sequence[Play]) -> int:
            """The fewest players with whom ``plays``, of ``counts``, make a possible
            trick as far as their cards go: the most players a module of theirs needs (1
            when none does), or :data:`IMPOSSIBLE`, more than any edition seats, when the
            cards themselves cannot be (too many copies of a card, a card played
            undeclared): the trick is checked when it seats fewer."""
            if counts & checks or (counts >> unique_at & unique_mask).bit_count() != counts >> count_at & count_mask:
                return IMPOSSIBLE
            if counts & needs:
                return max(module_players.get(p.card.kind or "", 1) for p in plays)
            return 1

        return need


def _copy_keys(
    play: Play, limits: Sequence[int], named_limits: Mapping[str, int], copied: bool
) -> Iterator[tuple[object, int]]:
    """The copies of cards ``play`` counts towards (a key for each, and the copies the
    deck has): a special card's kind; a numbered card held more than once (``copied``);
    a named card held more than once, besides its kind."""
    if play.suit_index < 0 or copied:
        yield play.pool, limits[play.pool]
    if copied and play.card.individual is not None:
        yield ("named", play.card.code), named_limits[play.card.code]


#: What the parts of the compiled resolver are typed as.
Resolve = Callable[..., TrickResult]
#: What decided a trick a card won under a trick-altering effect: the winning card's
#: position, the rule's step, the counts (the roles' counts as the effect gives them when
#: a role bonus reads them), the winning card's role, the plays' roles when the effect's
#: were worked out (else ``None``), and whether its alliances form (not 0).
Won = tuple[int, Step, int, int, "list[int] | None", int]
Altered = Callable[[Sequence[Play], int, int, int, int, "tuple[int, ...] | None"], "TrickResult | Won"]
