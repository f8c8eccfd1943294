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
  bits then number fewer than the field that counts them says. A numbered or named card
  the deck holds several times (``copies``) has no bit: a field flags a copy too many,
  as for a special card, and a rule that picks by rank among a suit of copies picks the
  reference's way (by position), as does every rule when ``deck.identical`` reads
  identical cards otherwise than the rule's order;
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
parsed trick skips even the sum. The reference is asked for the rules of play it holds
(below), and for what the tables do not hold: a bonus by rank or by position, a next
leader that would have won without one of several trick-altering cards, and the words of
an impossible trick.

Short tricks (at most :data:`PLANNED` cards) repeat their patterns (which roles, suits
and effects stand where) often: the second time a pattern is seen, the outcome found is
kept as a plan (:mod:`skullking.tricks.compiled.plans`), and its next tricks cost a look-up. Tricks of
more cards almost never repeat one, and keep nothing. :meth:`Edition.plan_tricks
<skullking.edition.Edition.plan_tricks>` plans every pattern of up to four cards
before play instead (:mod:`skullking.tricks.compiled.tables`: the plan tables, kept in the cache).

A precedence list with a condition that may divide by zero is decided by the reference
instead, every condition in turn, so that the error comes where it would. Every trick
case of the tests runs through this resolver (with and without its plan tables) and
through the reference alike; ``tests/tricks/compiled/test_compiled.py`` checks the two agree on random
tricks of the bundled editions, the example house rules and overlays that reach every
way a rule can pick, ``tests/tricks/compiled/test_differential.py`` (and ``scripts/differential.py``,
long) on house rules generated at the level of rules.

The code: :class:`CompiledTricks`, here, is the compiled resolver (a
:class:`~skullking.tricks.protocol.TrickResolver`), one object made of parts with names
and tasks of their own, each built once from the edition and its reference interpreter:

* its :class:`~skullking.tricks.compiled.fields.Fields`: the counts (where each field
  lies, each play's counts), and the rules, effects and bonuses compiled onto them;
* a :class:`~skullking.tricks.compiled.decide.Decider` for each precedence list (the
  main list, then each effect's): the one loop that finds the rule that decides a trick
  from its counts, and the card it picks;
* its :class:`~skullking.tricks.compiled.effects.Effects`: what a trick-altering card
  does to a trick (which one takes effect, the roles it gives, its own precedence list,
  who leads when nobody wins);
* its :class:`~skullking.tricks.compiled.memo.PlanMemo`: the plans kept by pattern
  (built by :mod:`skullking.tricks.compiled.plans`), and the plan tables installed in it
  (:mod:`skullking.tricks.compiled.tables`).

The resolver function itself is built here from those parts: it checks the trick, finds
its pattern's plan, has the trick decided (by the main list's decider, or by the effects),
and pays the winner (the bonuses the counts hold) and builds the result, for every won
trick in one place. What the reference
interpreter holds is asked of it, never written again: the led suit, which trick-altering
card takes effect and the roles it gives, the cards a rule picks among (for a plan, and
for the picks the counts do not hold), a list of rules whose conditions must be asked in
turn, and the checks of an impossible trick.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from skullking.model.cards import Cards, Play
from skullking.model.records import TrickResult
from skullking.tricks.compiled.decide import Decider
from skullking.tricks.compiled.effects import Effects
from skullking.tricks.compiled.fields import Fields, Resolve, StepPick, own_bonus_ids
from skullking.tricks.compiled.memo import PLANNED, SEEN, PlanMemo
from skullking.tricks.compiled.plans import Plan, no_winner
from skullking.tricks.interpreter import Resolver

if TYPE_CHECKING:
    from skullking.model.rules import Rules
    from skullking.tricks.compiled.tables import Table

#: A result made from its values as a plain tuple is (no call of its class's ``__new__``).
_new = tuple.__new__
_NO_RULE = "no precedence rule finds a winner"
#: What a trick not parsed by an edition knows of itself: nothing.
_NO_FACTS: tuple[object, int, int, tuple[int, ...]] = (None, 0, 0, ())


class CompiledTricks:
    """The trick rules of one edition, compiled (see the module's docstring): the
    :class:`~skullking.tricks.protocol.TrickResolver` of :meth:`Edition.resolve_trick
    <skullking.edition.Edition.resolve_trick>`, which is its :attr:`resolve_trick`."""

    #: The resolver function (``resolve_trick(cards, leader=0, players=None)``).
    resolve_trick: Resolve

    def __init__(self, edition: Rules, reference: Resolver) -> None:
        self.edition = edition
        #: The reference interpreter, asked for what the counts do not hold.
        self.reference = reference
        fields = self.fields = Fields(edition, reference)
        #: A decider per precedence list: the main list's first, then each effect's.
        self.deciders = [
            Decider(steps, by_bit, ordered, fields.regions, reference, rules)
            for steps, by_bit, ordered, rules in zip(
                fields.steps, fields.by_bit, fields.ordered, [reference.main, *reference.effect_rules], strict=True
            )
        ]
        self.memo = PlanMemo(edition, fields, self.deciders[0].decide, reference)
        #: The counts of plays added up, and the fewest players they need (what
        #: :meth:`Edition.parse_cards <skullking.edition.Edition.parse_cards>` keeps with them).
        self.summary = fields.summary
        #: Tricks with a trick-altering card.
        self.effects = Effects(fields, self.deciders, self.memo, reference)
        self.resolve_trick = self._resolver()
        self.resolve_dealt = self._dealt()

    @property
    def plans(self) -> dict[tuple[int, ...], Plan]:
        """The plans kept, by pattern (its memo's)."""
        return self.memo.plans

    @property
    def table(self) -> Table | None:
        """The plan tables installed (its memo's), ``None`` before any."""
        return self.memo.table

    def _resolver(self) -> Resolve:
        """The resolver function, the parts' tables bound as closure variables."""
        fields, memo, reference, edition = self.fields, self.memo, self.reference, self.edition
        packed, bias, hot, alters, allies = fields.packed, fields.bias, fields.hot, fields.alters, fields.allies
        role_bonuses, payable, role_bonus_mask = fields.role_bonuses, fields.payable, fields.role_bonus_mask
        ones, static_ids, static_at, static_ids_at = (
            fields.ones,
            fields.static_ids,
            fields.static_at,
            fields.static_ids_at,
        )
        (static_code_at, static_code_mask), paying = fields.static_code, fields.paying
        check, need_of, reference_bonuses = reference.check, fields.need, reference.bonuses
        fallback_seat, fallback_position = reference.fallback_seat, reference.fallback_position
        validate, unusual, altered, decide = (
            self._validate,
            self._unusual,
            self.effects.resolve,
            self.deciders[0].decide,
        )
        low_players, high_players = edition.min_players, edition.max_players
        plans = memo.plans  # (one dictionary for the memo's life)
        plans_get, plan_for, plain, keep, planned = plans.get, memo.plan_for, memo.plain, memo.keep, PLANNED
        own = frozenset(packed)
        # Plays not parsed may find their pattern's plan first when a pattern tells all
        # that makes a trick possible but a card played twice: no named card can be
        # declared two ways, and the trick seats as many players as every module needs
        # (a module used from 3 players, with 3 seated or more).
        quick = not any(k.individuals and k.declarations for k in edition.kinds)
        seated = max(fields.module_players.values(), default=1)
        me = self
        first_kept = (StepPick.ROLE_FIRST, StepPick.ANY_FIRST)

        def resolve_trick(cards: Any, leader: int = 0, players: int | None = None) -> TrickResult:
            key: tuple[int, ...] | None
            fresh: tuple[int, ...] | None = None
            plan: Plan | None = None
            looked = False  # (the pattern's plan was looked up)
            owner, counts, need, key = cards.facts if cards.__class__ is Cards else _NO_FACTS
            if owner is not me:  # not parsed by this edition
                count = len(cards)
                key = None
                if quick and count <= planned:  # a short trick of this edition's plays, its plan kept
                    once = False  # (no card in it twice)
                    try:
                        # written out for three cards (diff's grid of tricks), as resolve_dealt's key
                        if count == 3:
                            a, b, c = cards
                            key = (a.pattern, b.pattern, c.pattern)
                            once = a is not b and a is not c and b is not c
                        else:
                            key = tuple([play.pattern for play in cards])
                            once = len(set(cards)) == count
                    except AttributeError:  # (text)
                        pass
                    else:
                        plan, looked = plans_get(key), True
                    if plan is not None and plan is not SEEN and once and own.issuperset(cards):
                        # (the plan's pattern makes a possible trick: only a card twice is not seen)
                        seats = count if players is None else players
                        if not (0 < count <= seats and low_players <= seats <= high_players and 0 <= leader < seats):
                            check(cards, leader, seats)
                        if seats >= seated:
                            return plan(cards, leader, seats)
                # add the counts up
                counts = bias
                try:
                    for play in cards:
                        counts += packed[play]
                except (KeyError, TypeError):  # text, or plays of another edition
                    return unusual(cards, leader, players)
                need = need_of(counts, cards)
            count = len(cards)
            seats = count if players is None else players
            if not (0 < count <= seats and low_players <= seats <= high_players and 0 <= leader < seats):
                check(cards, leader, seats)
            if need > seats:
                validate(cards, seats)
            if count <= planned:  # a short trick: its pattern's plan, if one was kept
                if key is None:
                    key = tuple([play.pattern for play in cards])
                    plan = plans_get(key)
                elif not looked:
                    plan = plans_get(key)
                if plan is None:  # seen first: kept as seen, its plan built if it comes back
                    if len(plans) >= memo.limit:
                        memo.restart()
                    plans[key] = SEEN
                    fresh, key = key, None  # (unless its plan costs nothing to keep: see below)
                elif plan is not SEEN:
                    return plan(cards, leader, seats)
            else:
                key = None
            low = counts & hot
            roles: list[int] | None = None
            if low & alters:
                decided = altered(cards, leader, seats, counts, low, key)
                if isinstance(decided, TrickResult):  # nobody wins
                    return decided
                index, step, counts, role, roles, allied = decided
                low = counts & hot
                fresh = None  # (a trick an effect changes keeps its plan the second time it is met)
            else:
                index, found = decide(cards, None, counts)
                if found is None:
                    if key is not None:
                        keep(key, no_winner(fallback_position(count), 0, "", _NO_RULE, high_players))
                    return _new(
                        TrickResult, (None, fallback_seat(count, leader, seats), 0, (), "", _NO_RULE, None, (), None)
                    )
                step, role, allied = found, cards[index].role_index, low & allies
            # what the winner earns, and the pattern's plan
            entries = role_bonuses[role + 1]
            points = 0
            ids: tuple[str, ...] = ()
            if entries is None:  # a bonus the counts do not pay: the reference's, and no plan
                points, ids = reference_bonuses(cards, [p.role_index for p in cards] if roles is None else roles, index)
            else:
                if low & payable[role + 1]:  # (else nothing pays: no points, no ids)
                    if low & static_ids:  # the cards' own bonuses
                        points = counts >> static_at
                        if low >> static_ids_at & ones == 1:
                            ids = paying[counts >> static_code_at & static_code_mask]
                        else:
                            ids = tuple(own_bonus_ids(cards))
                    if low & role_bonus_mask[role + 1]:  # the bonuses by role, counted
                        for bonus, value, at in entries:
                            times = low >> at & ones
                            if times:
                                points += value * times
                                ids += (bonus,) * times
                    elif not points and not entries:
                        ids = ()  # as the reference: no ids when nothing pays
                if key is not None:
                    keep(key, plan_for(cards, index, step, points, ids, allied))
                elif fresh is not None and step.how in first_kept and not (points or ids or allied):
                    # a rule that picks a card by its place, paying nothing: its plan costs
                    # nothing to build, kept at the first sight of the pattern
                    keep(fresh, plain(index, step))
            winner = (leader + index) % seats
            if points or ids or allied:
                formed: tuple[tuple[int, int], ...] = ()
                if allied:  # each alliance card's seat with the winner's
                    for i, play in enumerate(cards):
                        if play.allies and i != index:
                            formed += (((leader + i) % seats, winner),)
                rule = step.rule
                return _new(
                    TrickResult, (winner, winner, points, formed, rule.id, rule.description, index, ids, winner)
                )
            return step.results[index][winner]

        return resolve_trick

    def _dealt(self) -> Callable[[Sequence[Play], int], TrickResult]:
        """The resolver of tricks a round deals and plays (``resolve_dealt(cards,
        players)``): plays of this edition, one a seat, led by position 0, possible as
        a round makes them (no card beyond its copies, every module seated, a declared
        card declared). A short trick goes straight to its pattern's plan, without the
        checks a trick from outside needs; any other is :attr:`resolve_trick`'s."""
        resolve, plans_get, planned = self.resolve_trick, self.memo.plans.get, PLANNED

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
                if plan is not None and plan is not SEEN:
                    return plan(cards, 0, players)
            return resolve(cards, 0, players)

        return resolve_dealt

    # ------------------------------------------------------------------ checks

    def _unusual(self, cards: Any, leader: int, players: int | None) -> TrickResult:
        """Cards given as text, or plays that are not all this edition's."""
        if not all(isinstance(p, Play) for p in cards):
            return self.resolve_trick(self.edition.parse_cards(cards), leader, players)
        own = self.edition.plays
        if any(own.get(card.code) is not card for card in cards):
            # plays of another load of the edition, taken by their code where the card is
            # the same card (Edition.play_of refuses any other, naming it)
            return self.resolve_trick([self.edition.play_of(card) for card in cards], leader, players)
        seats = len(cards) if players is None else players
        self.reference.check(cards, leader, seats)
        raise AssertionError("unreachable: every play is this edition's")  # pragma: no cover

    def _validate(self, cards: Sequence[Play], seats: int) -> None:
        """Raise for too many copies of a card, an undeclared card, or a card whose module
        needs more players than ``seats`` (the counts flagged one of them)."""
        self.reference.check_copies(cards)
        self.reference.check_declared(cards)
        self.reference.check_players(cards, seats)
