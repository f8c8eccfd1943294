"""Resolving a trick from an edition's rules, and the follow-suit rule.

Resolution is a pure function of the edition and the plays. In order:

1. **Trick-altering cards.** If several are in the trick, the edition's
   ``effects.when_several`` picks the one that takes effect; the others play the
   ``cancelled_role``. A ``destroy_trick`` effect ends the trick with no winner; a
   ``neutralize`` effect gives every special card its ``becomes`` role and decides
   the trick with its own precedence list.
2. **Precedence.** The rules of the list are tried in order; the first whose
   condition holds and that finds a card names the winner.
3. **Bonuses and alliances** of the won trick, and who leads next (the winner, or
   the effect's ``next_leader`` strategies when nobody won). A trick nobody won counts
   for the first seat the effect's ``counts_for`` strategies name (nobody when none
   does), paid the bonuses of that seat's card where the effect's ``bonuses`` says so.

:class:`Resolver` holds the edition's rules in the form this interpretation reads
(role and suit indices, compiled conditions, bonus tables), and checks tricks that
cannot happen. It is the reference, and one of the edition's two trick resolvers (a
:class:`~skullking.tricks.protocol.TrickResolver`: :meth:`Resolver.resolve_trick`, behind
:meth:`Edition.interpret_trick <skullking.edition.Edition.interpret_trick>`). The other,
:meth:`Edition.resolve_trick <skullking.edition.Edition.resolve_trick>`, runs the rules
compiled at load (:mod:`skullking.tricks.compiled.resolver`), and gives the same answer
or the same error (every trick case of the tests runs under both). It asks this one for
what is written here once: the led suit (:meth:`led_suit`), the cards a rule picks among
and the card it picks (:meth:`among`, :meth:`pick`), a list of rules whose conditions must
be asked in turn (:meth:`decide`), the trick-altering card that takes effect
(:meth:`active_effect`) and the roles a neutralize effect gives (:meth:`neutralized`);
and for what it has no table for (a bonus by rank or position, a next leader that would
have won without one of several trick-altering cards), and to put an impossible trick in
words.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from skullking.core.errors import IllegalTrickError
from skullking.core.limits import shown
from skullking.core.words import counted
from skullking.model.cards import ALLIES, ALTERS, UNDECLARED, Lead, Play
from skullking.model.records import (
    Among,
    Bonus,
    BonusesPaid,
    Effect,
    EffectKind,
    Fallback,
    NextLeader,
    Pick,
    Rule,
    Ties,
    TrickResult,
    WhenSeveral,
    fixed,
)

if TYPE_CHECKING:
    from skullking.model.rules import Rules

#: Where a strategy that asks who would have won finds him: a position, or what picks
#: one (the compiled resolver's plans, see Resolver.next_leader).
_At = TypeVar("_At")


class CardGroup(IntEnum):
    """The cards a compiled rule picks among (a :class:`CompiledRule`'s ``group``): a
    role's (its ``param``: the role's index), a suit's (the suit's index), the trumps, the
    led suit's, the numbered cards, any card."""

    ROLE = 0
    SUIT = 1
    TRUMP = 2
    LED = 3
    NUMBERED = 4
    ANY = 5


# The groups as module constants: the reference compares a rule's group with them for
# every trick it resolves (a member read through its enum costs about six times as much).
_ROLE, _SUIT, _TRUMP = CardGroup.ROLE, CardGroup.SUIT, CardGroup.TRUMP
_LED, _NUMBERED, _ANY = CardGroup.LED, CardGroup.NUMBERED, CardGroup.ANY


class _Counts:
    """The variables of a precedence condition, counted on demand from a trick."""

    __slots__ = ("plays", "roles", "size")

    def __init__(self, roles: list[int], plays: Sequence[Play], size: int) -> None:
        self.roles, self.plays, self.size = roles, plays, size

    def __getitem__(self, slot: int) -> int:
        if slot < self.size:
            return self.roles.count(slot)
        if slot == self.size:  # numbered
            return sum(1 for p in self.plays if p.suit_index >= 0)
        if slot == self.size + 1:  # trump
            return sum(1 for p in self.plays if p.trump)
        return len(self.plays)  # cards


class CompiledRule(NamedTuple):
    """A precedence rule as the reference reads it (:meth:`Resolver.among`,
    :meth:`Resolver.pick`, :func:`pick_among`): the cards it picks among, how it picks
    one, and which of identical copies wins. The compiled resolver keeps it with each of
    its steps, for the picks it leaves to the reference."""

    rule: Rule
    when: object  # Expression | None
    group: CardGroup
    param: int
    pick: Pick
    #: highest/lowest with ties to the card played last: candidates are listed last first.
    reverse: bool = False
    #: Of identical copies of the card picked, the one that wins when the edition's
    #: ``deck.identical`` reads them otherwise than the rule's order: +1 the last
    #: played, -1 the first played; 0 as the rule picks (see :func:`_copy`).
    identical: int = 0


class Resolver:
    """An edition's trick rules compiled into lookup structures."""

    #: The attributes worked out from the edition's plays alone (its plays of each suit):
    #: what compares two editions' plays compares these too.
    BY_PLAYS = ("suit_plays", "following")

    def __init__(self, edition: Rules) -> None:
        self.edition = edition
        roles = {r.id: r.slot for r in edition.roles}
        suits = {s.id: s.slot for s in edition.suits}
        self.role_count = len(edition.roles)
        self.main = self._compile(edition.precedence, roles, suits, functools.partial(edition.identical_for, None))
        self.effects = edition.effects
        self.effect_rules = [
            self._compile(e.precedence, roles, suits, functools.partial(edition.identical_for, e.id))
            for e in edition.effects
        ]
        self.first_played = edition.when_several is WhenSeveral.FIRST_PLAYED
        self.cancelled = roles.get(edition.cancelled_role or "", -1)
        self.becomes = [roles.get(e.becomes or "", -1) for e in edition.effects]
        self.spares = [frozenset(roles[r] for r in e.spares if r in roles) for e in edition.effects]
        self.pass_on_character = edition.character_after_pass is Lead.PASS
        self.must_follow = edition.play_rules.follow_suit == "must"
        # The edition's plays of each suit, by suit index: whether a hand holds the led
        # suit; and those that may be played on a trick led in that suit by a hand that
        # holds it (the suit's, and every card without a suit).
        self.suit_plays = tuple(
            frozenset(p for p in edition.plays.values() if p.suit_index == s.slot) for s in edition.suits
        )
        self.following = tuple(
            frozenset(p for p in edition.plays.values() if p.suit_index < 0 or p.suit_index == s.slot)
            for s in edition.suits
        )
        self.fallback = edition.play_rules.no_winner_leads
        #: Each bonus's points, by its id.
        self.points = {b.id: fixed(b.points) for b in edition.bonuses}
        self.dynamic: list[tuple[Bonus, ...]] = []
        dynamic = [b for b in edition.bonuses if not _is_static(b)]
        for index in range(-1, self.role_count):
            role = edition.roles[index].id if index >= 0 else None
            self.dynamic.append(
                tuple(b for b in dynamic if b.winner is None or b.winner.roles is None or role in b.winner.roles)
            )
        self.limits = edition.pool_limits
        # Cards from modules used only from some player count on: special card id ->
        # that count.
        min_players = {m.id: m.min_players for m in edition.modules}
        self.module_players = {k.id: min_players[k.module] for k in edition.kinds if min_players[k.module] > 1}
        # Bonuses that look at roles only (winner and captured cards): the role indices
        # they count. Their winner roles are already what ``dynamic`` is indexed by.
        self.by_roles: dict[str, tuple[int, ...]] = {}
        for bonus in dynamic:
            patterns = [*bonus.captured, *([bonus.winner] if bonus.winner is not None else [])]
            roles_only = all(
                p.roles is not None and (p.suits, p.ranks, p.cards, p.printed_roles, p.played) == (None,) * 5
                for p in patterns
            )
            if roles_only and not bonus.exclude_winner:
                captured = set().union(*(p.roles or () for p in bonus.captured))
                self.by_roles[bonus.id] = tuple(sorted(roles[r] for r in captured))

    @staticmethod
    def _compile(
        rules: Sequence[Rule],
        roles: dict[str, int],
        suits: dict[str, int],
        identical_for: Callable[[str], Ties | None] = lambda rule: None,
    ) -> list[CompiledRule]:
        """``rules`` as this resolver reads them; ``identical_for(rule id)`` says which of
        identical copies wins when the rule picks that card (see :func:`_copy`)."""
        out = []
        for rule in rules:
            if rule.of in roles:
                group, param = _ROLE, roles[rule.of]
            elif rule.of in suits:
                group, param = _SUIT, suits[rule.of]
            else:
                group = {
                    Among.TRUMP: _TRUMP,
                    Among.LED_SUIT: _LED,
                    Among.NUMBERED: _NUMBERED,
                    Among.ANY: _ANY,
                }[Among(rule.of)]
                param = -1
            reverse = rule.ties is Ties.LAST_PLAYED and rule.pick in (Pick.HIGHEST, Pick.LOWEST)
            # the copy the rule's own order picks: the last played for pick last and for
            # highest/lowest with ties to the last played, else the first played
            natural = Ties.LAST_PLAYED if reverse or rule.pick is Pick.LAST else Ties.FIRST_PLAYED
            identical = identical_for(rule.id)
            copy = 0 if identical in (None, natural) else (1 if identical is Ties.LAST_PLAYED else -1)
            out.append(CompiledRule(rule, rule.when, group, param, rule.pick, reverse, copy))
        return out

    # ------------------------------------------------------------------ checks

    def check(self, plays: Sequence[Play], leader: int, players: int) -> None:
        """Raise :class:`IllegalTrickError` for a trick that cannot happen."""
        count = len(plays)
        if count == 0:
            raise IllegalTrickError("a trick needs at least one card")
        if players < 1:
            low, high = self.edition.min_players, self.edition.max_players
            raise IllegalTrickError(f"{counted(players, 'player')}: this edition is for {low} to {high} players")
        if count > players:
            raise IllegalTrickError(
                f"{counted(count, 'card')} but only {counted(players, 'player')}: "
                f"nobody is left to play '{plays[players]}'"
            )
        if not 0 <= leader < players:
            raise IllegalTrickError(f"leader seat {shown(leader)} is not a seat of {counted(players, 'player')}")
        low, high = self.edition.min_players, self.edition.max_players
        if not low <= players <= high:
            raise IllegalTrickError(f"{counted(players, 'player')}: this edition is for {low} to {high} players")
        self.check_copies(plays)
        self.check_declared(plays)

    def check_declared(self, plays: Sequence[Play]) -> None:
        """Raise for a card played without the declaration it needs (a bare Tigress)."""
        for p in plays:
            if p.role_index == UNDECLARED:
                options = " or ".join(f"{p.code}:{c.code}" for c in self.edition.kind(p.card.kind or "").declarations)
                raise IllegalTrickError(f"'{p.code}' must be declared when played: write {options}")

    def check_copies(self, plays: Sequence[Play], where: str = "in one trick") -> None:
        """Raise when ``plays`` hold more copies of a card than the deck has (a named
        individual is one copy of its card, and also one of a kind)."""
        if len({p.pool for p in plays}) == len(plays):
            return  # every card from a different pool: one copy each
        # (counted in plain dictionaries: a Counter costs more than the count of a trick)
        pools: dict[int, int] = {}
        named: dict[str, int] = {}
        named_limits = self.edition.named_limits
        for p in plays:
            pools[p.pool] = pools.get(p.pool, 0) + 1
            if p.card.individual is not None:
                named[p.card.code] = named.get(p.card.code, 0) + 1
        for p in plays:
            limit = self.limits[p.pool]
            if pools[p.pool] > limit:
                if p.card.suit is not None:
                    what = p.code
                else:
                    kind = self.edition.kind(p.card.kind or "")
                    what = kind.names[0] if kind.names else kind.id
                raise IllegalTrickError(f"'{p.code}' {pools[p.pool]} times {where}: the deck has {limit} {what}")
            most = named_limits.get(p.card.code, 1)
            if named.get(p.card.code, 0) > most:
                has = "one" if most == 1 else str(most)
                raise IllegalTrickError(f"'{p.card.code}' {named[p.card.code]} times {where}: the deck has {has}")

    def check_players(self, plays: Sequence[Play], players: int) -> None:
        """Raise for a card whose module is not used with ``players`` players."""
        for play in plays:
            need = self.module_players.get(play.card.kind or "", 1)
            if need > players:
                kind = self.edition.kind(play.card.kind or "")
                raise IllegalTrickError(
                    f"'{play.code}' is not used with {players} players (module '{kind.module}' is used from {need})"
                )

    # ------------------------------------------------------------------ resolution

    def led_suit(self, plays: Sequence[Play]) -> int:
        """The index of the suit the trick was led in, or -1 when it has none."""
        led = self.lead(plays)
        return -1 if led is None else led

    def lead(self, plays: Sequence[Play]) -> int | None:
        """The led suit as far as ``plays``, a trick's first cards, settle it: its index,
        -1 once a card leaves the trick without one (a character led), or ``None`` while
        no card has settled it (none played yet, or only cards that pass the lead on, as
        an escape does). Cards played after the one that settles it change nothing."""
        passed = False
        for p in plays:
            if p.suit_index >= 0:
                return p.suit_index
            if p.lead is Lead.NO_SUIT and (not passed or not self.pass_on_character):
                return -1
            passed = True
        return None

    def candidates(
        self, rules: list[CompiledRule], plays: Sequence[Play], roles: list[int]
    ) -> tuple[Rule | None, list[int], CompiledRule | None]:
        """The rule that decides the trick, the positions it chooses among, and the rule
        as compiled (how it picks, :func:`pick_among`). Depends only on the roles, suits and
        trumps in the trick, never on ranks (which is what lets a plan of
        :mod:`skullking.tricks.compiled.plans` serve every trick of a pattern of cards: a
        plan picks among the cards :meth:`among` finds)."""
        counts = None
        for compiled in rules:
            when = compiled.when
            if when is not None:
                if counts is None:
                    counts = _Counts(roles, plays, self.role_count)
                if not when.call(counts):  # type: ignore[attr-defined]
                    continue
            found = self.among(compiled, plays, roles)
            if found:
                return compiled.rule, found, compiled
        return None, [], None

    def among(self, compiled: CompiledRule, plays: Sequence[Play], roles: list[int] | None = None) -> list[int]:
        """The positions of the cards a rule picks among (its role, its suit, the trumps,
        the led suit, the numbered cards, any card), in the order its pick reads them:
        the card played last first where ties go to it. ``roles`` are the roles the
        plays play (by default as played)."""
        group, param = compiled.group, compiled.param
        if group == _ROLE:
            if roles is None:
                roles = [p.role_index for p in plays]
            found = [i for i, r in enumerate(roles) if r == param]
        elif group == _ANY:
            found = list(range(len(plays)))
        else:
            if group == _LED:
                param = self.led_suit(plays)
                if param < 0:
                    return []
            found = numbered_in(plays, group, param)
        return found[::-1] if compiled.reverse else found

    def pick(self, compiled: CompiledRule, plays: Sequence[Play], roles: list[int] | None = None) -> int:
        """The position of the card a rule picks (its condition aside), -1 when it finds
        none; ``roles`` as :meth:`among` reads them."""
        found = self.among(compiled, plays, roles)
        return pick_among(found, plays, compiled) if found else -1

    def decide(self, rules: list[CompiledRule], plays: Sequence[Play], roles: list[int]) -> tuple[int, Rule | None]:
        """The index of the winning play under ``rules`` (-1 when none) and the rule."""
        first = rules[0] if rules else None
        if (
            first is not None
            and first.when is None
            and first.group == _ROLE
            and first.pick is Pick.FIRST
            and not first.identical
            and first.param in roles
        ):  # the common shape, without building candidate lists
            return roles.index(first.param), first.rule
        rule, found, compiled = self.candidates(rules, plays, roles)
        if rule is None or compiled is None:
            return -1, None
        return pick_among(found, plays, compiled), rule

    def resolve_trick(
        self, cards: str | Sequence[str | Play], leader: int = 0, players: int | None = None
    ) -> TrickResult:
        """:meth:`Edition.interpret_trick <skullking.edition.Edition.interpret_trick>`
        (the :class:`~skullking.tricks.protocol.TrickResolver` contract): the cards
        parsed, the trick checked (:meth:`check`, :meth:`check_players`), then
        :meth:`resolve`."""
        plays = self.edition.parse_cards(cards)
        seats = len(plays) if players is None else players
        self.check(plays, leader, seats)
        self.check_players(plays, seats)
        return self.resolve(plays, leader, seats)

    def resolve(self, plays: Sequence[Play], leader: int, players: int) -> TrickResult:
        """Interpret the rules directly for one trick that can happen (checked by the
        caller): the reference the compiled resolver agrees with."""
        mask = 0
        for p in plays:
            mask |= p.mask
        roles = [p.role_index for p in plays]
        if not mask & ALTERS:
            index, rule = self.decide(self.main, plays, roles)
            if index < 0:
                seat = self.fallback_seat(len(plays), leader, players)
                return TrickResult(None, seat, 0, (), "", "no precedence rule finds a winner", None, (), None)
            winner = (leader + index) % players
            bonus, ids = self.bonuses(plays, roles, index)
            alliances: tuple[tuple[int, int], ...] = ()
            if mask & ALLIES:
                alliances = tuple(
                    ((leader + i) % players, winner) for i, p in enumerate(plays) if p.allies and i != index
                )
            assert rule is not None
            return TrickResult(winner, winner, bonus, alliances, rule.id, rule.description, index, ids, winner)
        return self._altered(plays, roles, leader, players)

    def active_effect(self, plays: Sequence[Play], roles: list[int]) -> tuple[int, Effect]:
        """The position and effect of the trick-altering card that takes effect; the
        others play the cancelled role (``roles`` is changed in place)."""
        altering = [i for i, p in enumerate(plays) if p.alters]
        active = altering[0] if self.first_played else altering[-1]
        for i in altering:
            if i != active:
                roles[i] = self.cancelled
        return active, self.effects[plays[active].effect_index]

    def _altered(self, plays: Sequence[Play], roles: list[int], leader: int, players: int) -> TrickResult:
        active, effect = self.active_effect(plays, roles)
        if effect.kind is EffectKind.DESTROY_TRICK:
            index, rule = -1, None
        else:  # neutralize
            roles = self.neutralized(effect.slot, plays, roles, active)
            index, rule = self.decide(self.effect_rules[effect.slot], plays, roles)
        if index < 0:
            seat = self._next_leader(effect, plays, active, leader, players)
            reason = unwon_reason(effect)
            if not effect.counts_for:
                return TrickResult(None, seat, 0, (), effect.id, reason, None, (), None)
            return self._counted(effect, plays, roles, active, leader=leader, players=players, seat=seat)
        assert rule is not None
        winner = (leader + index) % players
        bonus, ids = self.bonuses(plays, roles, index)
        alliances: tuple[tuple[int, int], ...] = ()
        if not effect.cancels_alliances:
            alliances = tuple(((leader + i) % players, winner) for i, p in enumerate(plays) if p.allies and i != index)
        return TrickResult(winner, winner, bonus, alliances, rule.id, rule.description, index, ids, winner)

    def _counted(
        self,
        effect: Effect,
        plays: Sequence[Play],
        roles: list[int],
        active: int,
        *,
        leader: int,
        players: int,
        seat: int,
    ) -> TrickResult:
        """The result of ``plays`` (led by seat ``leader``; ``roles`` as the effect at
        ``active`` leaves them), which ``effect`` left without a winner, seat ``seat``
        leading next: counted for the first seat the effect's ``counts_for`` strategies
        name (the walk of :meth:`next_leader`, without its fallback), with the bonuses of
        the card that seat played, as if it had won, where the effect pays them."""
        found = self.walk(effect.counts_for, active, lambda strategy: self._without(strategy, plays, active))
        reason = unwon_reason(effect)
        if found is None:
            return TrickResult(None, seat, 0, (), effect.id, reason, None, (), None)
        position, on, strategy = found
        at = (position + on) % players
        bonus = 0
        ids: tuple[str, ...] = ()
        paid = effect.bonuses is BonusesPaid.PAID
        if paid and at < len(plays):
            bonus, ids = self.bonuses(plays, roles, at)
        reason += f"; it counts for {COUNTED[strategy]}, {'with' if paid else 'without'} bonuses"
        return TrickResult(None, seat, bonus, (), effect.id, reason, None, ids, (leader + at) % players)

    def neutralized(self, slot: int, plays: Sequence[Play], roles: list[int], active: int) -> list[int]:
        """The roles under a neutralize effect: every special card plays the effect's
        ``becomes`` role, except the effect's own card and roles the effect spares."""
        becomes, spares = self.becomes[slot], self.spares[slot]
        return [
            becomes if p.suit_index < 0 and i != active and r not in spares else r
            for i, (p, r) in enumerate(zip(plays, roles, strict=True))
        ]

    def would_have_won(self, plays: Sequence[Play], keep: list[int]) -> int | None:
        """The position of the card that would have won with only the plays at ``keep``
        (positions kept), or ``None`` when none would have."""
        if not keep:
            return None
        subset = [plays[i] for i in keep]
        roles = [p.role_index for p in subset]
        if any(p.alters for p in subset):
            result = self._altered(subset, roles, 0, len(subset))
            index = result.winning_card
        else:
            index, _ = self.decide(self.main, subset, roles)
            index = index if index >= 0 else None
        return None if index is None else keep[index]

    def next_leader(
        self,
        strategies: Sequence[NextLeader],
        count: int,
        active: int,
        without: Callable[[NextLeader], _At | None],
    ) -> tuple[_At | int, int]:
        """Who leads after a trick of ``count`` cards that an effect leaves without a
        winner, its card at position ``active``: the first of the effect's ``strategies``
        (its ``next_leader``) that names somebody, else ``play.no_winner_leads``; as a
        position in the trick and how many seats on from it. ``without(strategy)`` answers
        the two strategies that ask who would have won without some of the cards (the
        trick-altering cards, or the effect's own): that card's position, or ``None``
        when no card would have won (the next strategy is tried). The one walk of the
        strategies: this resolver's, and the compiled resolver's and its plans', each
        answering ``without`` its own way. (:func:`tried_strategies` says which
        strategies it reaches: change them together.)"""
        found = self.walk(strategies, active, without)
        if found is None:
            return self.fallback_position(count), 0
        return found[0], found[1]

    @staticmethod
    def walk(
        strategies: Sequence[NextLeader], active: int, without: Callable[[NextLeader], _At | None]
    ) -> tuple[_At | int, int, NextLeader] | None:
        """The first of ``strategies`` that names a seat of a trick whose effect's card is
        at position ``active`` (``without`` as for :meth:`next_leader`): a position in the
        trick, how many seats on from it, and the strategy; ``None`` when none names one.
        Who leads next (:meth:`next_leader`) and who a trick nobody wins counts for (an
        effect's ``counts_for``) are both this walk."""
        for strategy in strategies:
            if (
                strategy is NextLeader.WOULD_HAVE_WON_WITHOUT_EFFECTS
                or strategy is NextLeader.WOULD_HAVE_WON_WITHOUT_CARD
            ):
                found = without(strategy)
                if found is not None:
                    return found, 0, strategy
            elif strategy is NextLeader.EFFECT_PLAYER:
                return active, 0, strategy
            elif strategy is NextLeader.LEFT_OF_EFFECT_PLAYER:
                return active, 1, strategy
            else:  # the trick's leader
                return 0, 0, strategy
        return None

    def _without(self, strategy: NextLeader, plays: Sequence[Play], active: int) -> int | None:
        """The position of the card of ``plays`` that would have won without the
        trick-altering cards (``would_have_won_without_effects``) or without the effect's
        own card at ``active`` (``would_have_won_without_card``), ``None`` when none would."""
        if strategy is NextLeader.WOULD_HAVE_WON_WITHOUT_EFFECTS:
            return self.would_have_won(plays, [i for i, p in enumerate(plays) if not p.alters])
        return self.would_have_won(plays, [i for i in range(len(plays)) if i != active])

    def _next_leader(self, effect: Effect, plays: Sequence[Play], active: int, leader: int, players: int) -> int:
        """The seat that leads after ``plays``, led by seat ``leader``, which ``effect``
        (its card at ``active``) left without a winner (see :meth:`next_leader`)."""
        position, on = self.next_leader(
            effect.next_leader, len(plays), active, lambda strategy: self._without(strategy, plays, active)
        )
        return (leader + position + on) % players

    def fallback_position(self, count: int) -> int:
        """The position in a trick of ``count`` cards of who leads next when nobody won
        and no strategy named a seat (``play.no_winner_leads``)."""
        if self.fallback is Fallback.LEFT_OF_TRICK_LEADER:
            return 1
        if self.fallback is Fallback.LAST_PLAYER:
            return count - 1
        return 0

    def fallback_seat(self, count: int, leader: int, players: int) -> int:
        """The seat of :meth:`fallback_position` in a trick led by seat ``leader``."""
        return (leader + self.fallback_position(count)) % players

    # ------------------------------------------------------------------ bonuses

    def bonuses(self, plays: Sequence[Play], roles: list[int], index: int) -> tuple[int, tuple[str, ...]]:
        """Bonus points (and ids, one per capture) for the winner of ``plays``."""
        total = 0
        for p in plays:
            total += p.static_bonus
        dynamic = self.dynamic[roles[index] + 1]
        if not total and not dynamic:
            return 0, ()
        ids: list[str] = []
        for p in plays:
            ids.extend(p.static_bonus_ids)
        if dynamic:
            names = self.edition.role_names
            winner = plays[index]
            wrole = names[roles[index]] if roles[index] >= 0 else None
            points = self.points
            for bonus in dynamic:
                counted = self.by_roles.get(bonus.id)
                if counted is not None:  # roles only: count with list.count, no pattern matching
                    for _ in range(sum(roles.count(r) for r in counted)):
                        total += points[bonus.id]
                        ids.append(bonus.id)
                    continue
                if bonus.winner is not None and not bonus.winner.matches(winner, wrole, winner.printed):
                    continue
                for i, p in enumerate(plays):
                    if bonus.exclude_winner and i == index:
                        continue
                    role = names[roles[i]] if roles[i] >= 0 else None
                    if any(c.matches(p, role, p.printed, i - index) for c in bonus.captured):
                        total += points[bonus.id]
                        ids.append(bonus.id)
        return total, tuple(ids)


def unwon_reason(effect: Effect) -> str:
    """The reason of a trick ``effect`` leaves without a winner, in words."""
    if effect.kind is EffectKind.DESTROY_TRICK:
        return effect.description
    return effect.description + "; no card wins, the trick is discarded"


#: Who a trick nobody wins counts for, in words, by the strategy that named the seat.
COUNTED = {
    NextLeader.WOULD_HAVE_WON_WITHOUT_EFFECTS: "the player who would have won it without the trick-altering cards",
    NextLeader.WOULD_HAVE_WON_WITHOUT_CARD: "the player who would have won it without the effect's card",
    NextLeader.EFFECT_PLAYER: "the effect's player",
    NextLeader.LEFT_OF_EFFECT_PLAYER: "the player after the effect's",
    NextLeader.TRICK_LEADER: "the trick's leader",
}

#: Next-leader strategies that always name a seat.
_SEATED = frozenset({NextLeader.EFFECT_PLAYER, NextLeader.LEFT_OF_EFFECT_PLAYER, NextLeader.TRICK_LEADER})


def always_named(strategies: Sequence[NextLeader]) -> bool:
    """Whether the walk of ``strategies`` (:meth:`Resolver.walk`) always names a seat:
    one of them always does (the ``would_have_won`` ones name nobody where no card
    would have won, and the walk goes on past them)."""
    return any(strategy in _SEATED for strategy in strategies)


def tried_strategies(strategies: Sequence[NextLeader], fallback: Fallback) -> tuple[NextLeader, ...]:
    """The next-leader strategies :meth:`Resolver.next_leader` can reach, in order:
    each once (one that named nobody names nobody again), none after one that always
    names a seat, and not a last ``trick_leader`` where the ``fallback`` (who leads
    when no strategy names anybody) is the trick's leader too. Two lists with the
    same strategies tried lead alike."""
    tried: list[NextLeader] = []
    for strategy in strategies:
        if strategy not in tried:
            tried.append(strategy)
        if strategy in _SEATED:
            break
    if tried and tried[-1] is NextLeader.TRICK_LEADER and fallback is Fallback.TRICK_LEADER:
        tried.pop()
    return tuple(tried)


def _is_static(bonus: Bonus) -> bool:
    """A bonus whose payment depends on the cards alone, not on roles or the winner."""
    return bonus.winner is None and not bonus.exclude_winner and all(p.static for p in bonus.captured)


def numbered_in(plays: Sequence[Play], group: CardGroup, param: int) -> list[int]:
    """The positions of the numbered cards of ``plays`` in ``group``: the trumps, every
    numbered card, or (any other group) the cards of the suit of index ``param``."""
    if group == _TRUMP:
        return [i for i, p in enumerate(plays) if p.trump]
    if group == _NUMBERED:
        return [i for i, p in enumerate(plays) if p.suit_index >= 0]
    return [i for i, p in enumerate(plays) if p.suit_index == param]


def pick_among(found: list[int], plays: Sequence[Play], compiled: CompiledRule) -> int:
    """The position of the card ``compiled``'s rule picks among the positions ``found``
    (in the order :meth:`Resolver.among` lists them)."""
    pick = compiled.pick
    if pick is Pick.FIRST:
        best = found[0]
    elif pick is Pick.LAST:
        best = found[-1]
    else:
        best = found[0]
        for i in found[1:]:  # ties go to the card listed first
            if (plays[i].rank > plays[best].rank) if pick is Pick.HIGHEST else (plays[i].rank < plays[best].rank):
                best = i
    return _copy(found, plays, best, compiled.identical) if compiled.identical else best


def _copy(found: list[int], plays: Sequence[Play], best: int, identical: int) -> int:
    """Of the card at ``best`` and its identical copies among ``found`` (the same play:
    plays are interned, one object per code), the last played (``identical`` > 0) or
    the first played (< 0): the edition's ``deck.identical``. Cards that differ, however
    alike for the rule, are not copies of each other."""
    card = plays[best]
    copies = [i for i in found if plays[i] is card]
    return max(copies) if identical > 0 else min(copies)


def legal_plays(resolver: Resolver, hand: Sequence[Play], trick: Sequence[Play]) -> list[Play]:
    """The cards of ``hand`` that may be played on ``trick``: a numbered card must follow
    the led suit when the hand holds that suit (unless ``play.follow_suit`` is ``may``);
    special cards may always be played."""
    return follow_suit(resolver, hand, resolver.led_suit(trick))


def follow_suit(resolver: Resolver, hand: Sequence[Play], led: int) -> list[Play]:
    """The cards of ``hand`` that may be played on a trick led in suit ``led`` (its
    index; -1 when the trick has no led suit yet, or none): the rule of
    :func:`legal_plays`, for a caller that keeps the led suit of the trick in play."""
    if led >= 0 and resolver.must_follow and not resolver.suit_plays[led].isdisjoint(hand):
        return list(filter(resolver.following[led].__contains__, hand))
    return list(hand)
