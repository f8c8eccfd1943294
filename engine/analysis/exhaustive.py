"""Playing every kind of trick an edition allows, exhaustively but not naively.

The outcome of a trick depends on its *pattern*, not on every card (see
:mod:`skullking.tricks.compiled.plans`), so cards are grouped into classes alike for every rule: a
special card's role, effect and lead, and which bonus patterns it matches (the Tigress
declared pirate joins the pirates when no bonus tells them apart); the cards of a
suit, dealt from the highest rank down, with the ranks that rank-dependent bonuses name
as classes of their own; and suits no rule or bonus tells apart are interchangeable,
so one arrangement of their cards stands for all of them. Every multiset of classes
is played, for every trick size the edition's player counts give (a module used from N
players only in tricks of N cards or more), within the deck's copies, led by each
class in turn, the rest as listed and, where positions can change who wins, reversed.
Where the deck holds a suit's cards several times (``deck.copies``, a suit's
``copies``), the cards a trick takes from a class of that suit are dealt every way the
copies allow, from the highest rank down: each rank once or as several identical
copies (of three, ``G13 G12 G11``, ``G13 G13 G12`` and ``G13 G12 G12`` with two
copies of each), so that identical numbered cards meet at the top of the class, at its
bottom and between, and the edition's ``deck.identical`` (or a rule's
``winner.identical``) says which copy wins. Where a rule reads identical copies
otherwise than its own order, the named cards of a kind (a pirate of no name stands
for them otherwise) are dealt by name in the same way, so that two that differ (Rosie
and Harry) are not taken for copies. An edition without copies deals each class one
way, as before.

:func:`play_all` records what mattered (the rules that decided, the bonuses paid, the
cards that won, the effects that acted) for :mod:`skullking.analysis.lint`; :func:`same_tricks`
tells whether two editions with the same cards end every such trick alike, and
:func:`same_tricks_each` tells it for several editions against one, sharing the work.
Tests compare them with every ordered trick of small decks, and with playing each pair
through.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.core.errors import FormulaError, SkullKingError
from skullking.model.cards import UNDECLARED, Play
from skullking.model.records import BonusesPaid, Effect, EffectKind, Fallback, NextLeader, Pattern, Pick, Rule, Ties
from skullking.tricks.interpreter import (
    CardGroup,
    CompiledRule,
    Resolver,
    numbered_in,
    pick_among,
    tried_strategies,
)

if TYPE_CHECKING:
    from skullking.edition import Edition


class _Class(NamedTuple):
    """Cards alike for every rule: ``supply`` lists concrete plays (one per copy, in the
    order they are used: a suit's from its highest rank down); ``owners`` the card keys
    (``card:ID`` / ``suit:ID``) a win by this class counts for. ``copies``, for a class
    of a suit the deck holds several times (or of named cards, where a rule reads
    identical copies otherwise than its order), gives the copies of each play of
    ``supply`` (which then lists each card once): its tricks deal the class every way
    :func:`_draws` gives; empty where ``supply`` is used as listed."""

    supply: tuple[Play, ...]
    owners: tuple[str, ...]
    copies: tuple[int, ...] = ()

    @property
    def most(self) -> int:
        """The most cards of the class one trick can hold."""
        return sum(self.copies) if self.copies else len(self.supply)


class _Unit(NamedTuple):
    """What the enumeration chooses a count for: a class of special cards, or a suit
    (a count per rank class). ``group`` ties interchangeable suits (-1: none)."""

    classes: tuple[int, ...]
    limits: tuple[int, ...]
    group: int
    min_players: int


#: The most tricks the analysis plays (about ten seconds): an edition with more kinds
#: of trick gets one warning that the analysis is incomplete, and no claim about what
#: cannot matter.
MAX_TRICKS = 1_000_000


class Usage:
    """What the exhaustive play found: rules that decided, bonuses paid, cards that
    won, effects that acted; how many tricks it played, in how many seconds."""

    def __init__(self) -> None:
        self.rules: set[tuple[str, str]] = set()  # ("" or effect id, rule id)
        self.bonuses: set[str] = set()
        self.winners: set[str] = set()
        self.effects: set[str] = set()
        self.tricks = 0
        self.seconds = 0.0
        #: False when the play gave up at :data:`MAX_TRICKS`: nothing is proven then.
        self.complete = True


def _static_signature(play: Play, patterns: Sequence[Pattern]) -> tuple[bool, ...]:
    """Which bonus patterns ``play`` matches, roles and positions left out."""
    return tuple(p._replace(roles=None, played=None).matches(play, None, play.printed) for p in patterns)


def _patterns(edition: Edition) -> list[Pattern]:
    return [p for b in edition.bonuses for p in (*([b.winner] if b.winner else []), *b.captured)]


def trick_sizes(edition: Edition) -> dict[int, int]:
    """Trick size -> the most players a trick of that size is played by."""
    sizes: dict[int, int] = {}
    for players in range(edition.min_players, edition.max_players + 1):
        size = edition.hands(players)
        sizes[size] = max(sizes.get(size, 0), players)
    return dict(sorted(sizes.items()))


class CardDomain:
    """The classes and units of one or more editions with the same cards (plays are
    matched by code, classes split wherever any of the editions tells cards apart)."""

    def __init__(self, editions: Sequence[Edition]) -> None:
        first = editions[0]
        self.editions = editions
        modules = [{m.id: m.min_players for m in e.modules} for e in editions]
        patterns = [_patterns(e) for e in editions]
        self.classes: list[_Class] = []
        self.units: list[_Unit] = []
        # Special cards: one class per signature (over every edition).
        by_signature: dict[tuple[Any, ...], list[Play]] = {}
        for play in first.plays.values():
            if play.card.suit is not None or play.card.individual is not None or play.role_index == UNDECLARED:
                continue
            kind = play.card.kind or ""
            signature: tuple[Any, ...] = ()
            for e, mods, pats in zip(editions, modules, patterns, strict=True):
                own = e.plays[play.code]
                signature += (
                    own.role_index,
                    own.effect_index,
                    own.lead,
                    own.alters,
                    own.allies,
                    mods[e.kind(kind).module],
                    _static_signature(own, pats),
                )
            by_signature.setdefault(signature, []).append(play)
        pool_classes: dict[int, int] = {}
        for members in by_signature.values():
            for p in members:
                pool_classes[p.pool] = pool_classes.get(p.pool, 0) + 1
        # Where a rule reads identical copies otherwise than its own order (deck.identical,
        # winner.identical), two named cards of a kind (Rosie and Harry) are not two
        # copies of one: they are dealt by name, each named card once or as copies.
        by_name = _named_plays(first) if _reads_copies(editions) else {}
        for members in by_signature.values():
            # Copies of cards no other class draws from are used first.
            members.sort(key=lambda p: (pool_classes[p.pool], p.code))
            owners = tuple(sorted({f"card:{p.card.kind}" for p in members}))
            minp = min(modules[0][first.kind(p.card.kind or "").module] for p in members)
            if any(p.code in by_name for p in members):
                cards = [(q, n) for p in members for q, n in by_name.get(p.code, [(p, first.pool_limits[p.pool])])]
                special = _Class(tuple(q for q, _ in cards), owners, tuple(n for _, n in cards))
            else:
                special = _Class(tuple(p for p in members for _ in range(first.pool_limits[p.pool])), owners)
            self.classes.append(special)
            self.units.append(_Unit((len(self.classes) - 1,), (special.most,), -1, minp))
        # Suits: rank classes (ranks named by rank-dependent patterns, then the rest
        # from the highest down), and interchangeable suits grouped.
        # A rank named by a bonus that looks at the winner or at roles is a class of its
        # own; so is one named by a card-only bonus, unless those ranks are the suit's
        # highest (dealt first anyway).
        dynamic: set[int] = set()
        static: set[int] = set()
        for e in editions:
            for b in e.bonuses:
                alone = b.winner is None and not b.exclude_winner and all(c.static for c in b.captured)
                for pattern in (*([b.winner] if b.winner else []), *b.captured):
                    (static if alone else dynamic).update(pattern.ranks or ())
        groups: dict[tuple[Any, ...], int] = {}
        for suit in first.suits:
            key: tuple[Any, ...] = ()
            for e, mods, pats in zip(editions, modules, patterns, strict=True):
                same = next(s for s in e.suits if s.id == suit.id)
                rules = [r.of == suit.id for r in e.precedence] + [
                    r.of == suit.id for eff in e.effects for r in eff.precedence
                ]
                key += (
                    same.trump,
                    same.ranks,
                    mods[same.module],
                    tuple(p.suits is not None and suit.id in p.suits for p in pats),
                    tuple(rules),
                    tuple(_static_signature(e.plays[f"{same.code}{r}"], pats) for r in same.ranks),
                    tuple(e.pool_limits[e.plays[f"{same.code}{r}"].pool] for r in same.ranks),
                )
            group = groups.setdefault(key, len(groups))
            plays = sorted((first.plays[f"{suit.code}{r}"] for r in suit.ranks), key=lambda p: -p.rank)
            top = {p.rank for p in plays[: len(static & set(suit.ranks))]}
            named_ranks = dynamic | (static if not static & set(suit.ranks) <= top else set())
            named = [p for p in plays if p.rank in named_ranks]
            rest = [p for p in plays if p.rank not in named_ranks]
            indices = []
            minp = modules[0][suit.module]
            for supply in [*([p] for p in named), *([rest] if rest else [])]:
                copies = tuple(first.pool_limits[p.pool] for p in supply)
                repeated = copies if any(n > 1 for n in copies) else ()
                self.classes.append(_Class(tuple(supply), (f"suit:{suit.id}",), repeated))
                indices.append(len(self.classes) - 1)
            limits = tuple(self.classes[i].most for i in indices)
            self.units.append(_Unit(tuple(indices), limits, group, minp))
        # Interchangeable suits next to each other (the enumeration plays one
        # arrangement of their cards), and sharing their owners (it plays for them all).
        specials = [u for u in self.units if u.group < 0]
        self.units = specials + sorted((u for u in self.units if u.group >= 0), key=lambda u: u.group)
        by_group: dict[int, set[str]] = {}
        for unit in self.units:
            if unit.group >= 0:
                by_group.setdefault(unit.group, set()).update(self.classes[unit.classes[0]].owners)
        for unit in self.units:
            if unit.group >= 0 and sum(1 for u in self.units if u.group == unit.group) > 1:
                for i in unit.classes:
                    self.classes[i] = self.classes[i]._replace(owners=tuple(sorted(by_group[unit.group])))

    def key(self) -> tuple[Any, ...]:
        """What the tricks :meth:`tricks` plays with ``positions`` depend on: domains
        with the same key play the same tricks (the same codes in the same order)."""
        first = self.editions[0]
        classes = tuple((tuple((p.code, p.pool) for p in c.supply), c.owners, c.copies) for c in self.classes)
        return classes, tuple(self.units), first.pool_limits, tuple(trick_sizes(first).items())

    # ------------------------------------------------------------------ enumeration

    def multisets(self, size: int, players: int) -> Iterator[list[int]]:
        """Every multiset of ``size`` cards usable by ``players`` players, as counts
        per class (interchangeable suits in one arrangement only)."""
        units = [u for u in self.units if u.min_players <= players]
        options = [list(_vectors(u.limits, size)) for u in units]
        counts = [0] * len(self.classes)

        def walk(i: int, left: int, previous: tuple[int, tuple[int, ...]] | None) -> Iterator[list[int]]:
            if i == len(units):
                if left == 0:
                    yield counts
                return
            unit = units[i]
            same = i > 0 and unit.group >= 0 and units[i - 1].group == unit.group
            for vector in options[i]:
                total = sum(vector)
                if total > left:
                    continue
                key = (total, vector)
                if same and previous is not None and key > previous:
                    continue  # interchangeable suits: most cards first
                for c, n in zip(unit.classes, vector, strict=True):
                    counts[c] = n
                yield from walk(i + 1, left - total, key)
                for c in unit.classes:
                    counts[c] = 0

        yield from walk(0, size, None)

    def tricks(self, *, positions: bool = True) -> Iterator[tuple[list[int], list[Play]]]:
        """(class of each card, plays) of every trick the analysis plays, smallest first.
        Each class leads in turn (a suit by its highest card, and where positions count
        by its lowest as well), the rest follows as listed and reversed; without
        ``positions`` (where only which class wins matters, not which seat) the reversed
        order is played only where it can change that: with a rule that picks the last
        card or gives ties to the last played, a bonus that looks at positions, a leader
        after a trick nobody wins counted from the trick's end, or two trick-altering
        cards."""
        for cards, owners, starts, both in self._deals(positions):
            for arrangement in _arrangements(len(cards), starts, both):
                yield [owners[i] for i in arrangement], [cards[i] for i in arrangement]

    def count(self, *, positions: bool = True, most: int | None = None) -> int:
        """How many tricks :meth:`tricks` plays (counted, not built); once past
        ``most``, the count so far."""
        total = 0
        for _, _, starts, both in self._deals(positions):
            total += len(starts) * (2 if both else 1)
            if most is not None and total > most:
                break
        return total

    def _deals(self, positions: bool) -> Iterator[tuple[list[Play], list[int], list[int], bool]]:
        """Each multiset of :meth:`tricks` as its cards (class by class), their classes,
        the positions that lead in turn, and whether the rest is also played reversed."""
        backwards = (
            positions
            or any(
                r.pick is Pick.LAST or r.ties is Ties.LAST_PLAYED
                for e in self.editions
                for r in (*e.precedence, *(r for f in e.effects for r in f.precedence))
            )
            or any(e.play_rules.no_winner_leads is not Fallback.TRICK_LEADER for e in self.editions)
            or any(p.played is not None for e in self.editions for p in _patterns(e))
        )
        first = self.editions[0]
        limits = first.pool_limits
        draws: dict[tuple[int, int], list[tuple[Play, ...]]] = {}  # (class, count) -> its ways
        for size, players in trick_sizes(first).items():
            for counts in self.multisets(size, players):
                cards: list[Play] = []
                owners: list[int] = []
                used: dict[int, int] = {}
                # classes of copies dealt several ways: (where their cards go, class, the ways)
                split: list[tuple[int, int, list[tuple[Play, ...]]]] = []
                feasible = True
                for c, n in enumerate(counts):
                    if not n:
                        continue
                    if n > 1 and self.classes[c].copies:
                        ways = draws.get((c, n))
                        if ways is None:
                            ways = draws[c, n] = _draws(self.classes[c], n)
                        split.append((len(cards), c, ways))
                        continue
                    taken = 0
                    for p in self.classes[c].supply:
                        if taken == n:
                            break
                        if used.get(p.pool, 0) < limits[p.pool]:
                            used[p.pool] = used.get(p.pool, 0) + 1
                            cards.append(p)
                            owners.append(c)
                            taken += 1
                    if taken < n:
                        feasible = False
                        break
                if not feasible:
                    continue
                if not split:
                    yield _deal(cards, owners, backwards)
                    continue
                for chosen in itertools.product(*(ways for _, _, ways in split)):
                    room = dict(used)  # (named cards share their kind's copies, a declared card its card's)
                    if not all(_take(room, limits, drawn) for drawn in chosen):
                        continue
                    dealt, classes = list(cards), list(owners)
                    for (at, c, _), drawn in zip(reversed(split), reversed(chosen), strict=True):
                        dealt[at:at] = drawn  # (from the last: the places before stay)
                        classes[at:at] = [c] * len(drawn)
                    yield _deal(dealt, classes, backwards)


def _deal(cards: list[Play], owners: list[int], backwards: bool) -> tuple[list[Play], list[int], list[int], bool]:
    """A deal of :meth:`CardDomain._deals`: ``cards`` (class by class) and their classes
    ``owners``, the positions that lead in turn (the first card of each class, and with
    ``backwards`` its last too), and whether the rest is also played reversed."""
    leads: dict[int, int] = {}
    for position, c in enumerate(owners):
        leads.setdefault(c, position)
    starts = list(leads.values())
    if backwards:  # a suit's lowest card leading too (its cards before the highest)
        last = {c: position for position, c in enumerate(owners)}
        starts += [p for c, p in last.items() if p != leads[c]]
    both = len(cards) > 2 and (backwards or sum(1 for p in cards if p.alters) > 1)
    return cards, owners, starts, both


def _take(room: dict[int, int], limits: Sequence[int], drawn: Sequence[Play]) -> bool:
    """Take the cards ``drawn`` from the copies left (``room``: the copies of each pool
    taken so far); whether the deck holds them."""
    for p in drawn:
        room[p.pool] = room.get(p.pool, 0) + 1
        if room[p.pool] > limits[p.pool]:
            return False
    return True


def _reads_copies(editions: Sequence[Edition]) -> bool:
    """Whether a rule of ``editions`` picks, of identical copies, another copy than its
    own order would (``deck.identical`` or ``winner.identical``): only then do two
    identical cards end a trick otherwise than two alike cards that differ."""
    return any(
        r.identical for e in editions for rules in (e.interpreter.main, *e.interpreter.effect_rules) for r in rules
    )


def _named_plays(edition: Edition) -> dict[str, list[tuple[Play, int]]]:
    """For each play of a card with named individuals (``PIR``, a pirate of no name),
    the cards it stands for, each with its copies: its named individuals as played
    alike (``ROSIE`` ..., those the deck holds most often first), and itself for the
    copies without a name."""
    out: dict[str, list[tuple[Play, int]]] = {}
    for play in edition.plays.values():
        kind = edition.kind(play.card.kind) if play.card.suit is None and play.card.kind else None
        if kind is None or not kind.individuals or play.card.individual is not None:
            continue
        cards: list[tuple[Play, int]] = []
        # (named cards are alike for every rule: those held most often first, so that a
        # trick of a few of them meets their copies)
        for individual in sorted(kind.individuals, key=lambda i: -edition.named_limits.get(i.code, 1)):
            code = individual.code if play.declared is None else play.code.replace(play.card.code, individual.code, 1)
            if code not in edition.plays:
                break  # (not played by name so: the play stands for them all)
            cards.append((edition.plays[code], edition.named_limits.get(individual.code, 1)))
        else:
            unnamed = _held(edition, play)
            out[play.code] = [*cards, *([(play, unnamed)] if unnamed > 0 else [])]
    return out


def _held(edition: Edition, play: Play) -> int:
    """The identical copies of ``play``'s card the deck holds: a named card's copies,
    the copies of its kind without a name for a play of no name, else its card's."""
    if play.card.individual is not None:
        return edition.named_limits.get(play.card.code, 1)
    kind = edition.kind(play.card.kind) if play.card.suit is None and play.card.kind else None
    if kind is not None and kind.individuals:
        return kind.copies - sum(edition.named_limits.get(i.code, 1) for i in kind.individuals)
    return edition.pool_limits[play.pool]


def _draws(cls: _Class, count: int) -> list[tuple[Play, ...]]:
    """Every way a trick holds ``count`` cards of ``cls``, a class dealt with the copies
    of each card (``cls.copies``): from its first card on (a suit's highest rank, a
    kind's first named card), each card once or as several identical copies, up to its
    copies, the next card only after the one before (the cards a class holds are alike
    for every rule but a suit's ranks' order, so a card skipped would deal nothing
    new). The cards each once come first. Cards that share their copies with another
    class (a named card its kind's, a declared card its card's) are checked against
    what the deal holds when the classes are put together (:func:`_take`)."""
    ways: list[tuple[Play, ...]] = []

    def walk(i: int, left: int, drawn: tuple[Play, ...]) -> None:
        if not left:
            ways.append(drawn)
            return
        if i == len(cls.supply):
            return
        for n in range(1, min(cls.copies[i], left) + 1):
            walk(i + 1, left - n, drawn + (cls.supply[i],) * n)

    walk(0, count, ())
    return ways


def _arrangements(count: int, starts: Sequence[int], both: bool) -> Iterator[list[int]]:
    """The orders a deal of ``count`` cards is played in: each of ``starts`` leading, the
    rest as dealt and (``both``) reversed."""
    for position in starts:
        rest = [i for i in range(count) if i != position]
        for order in (rest, rest[::-1]) if both else (rest,):
            yield [position, *order]


def _vectors(limits: tuple[int, ...], most: int) -> Iterator[tuple[int, ...]]:
    """Count vectors within ``limits`` adding up to at most ``most``."""
    for vector in itertools.product(*(range(min(limit, most) + 1) for limit in limits)):
        if sum(vector) <= most:
            yield vector


# ---------------------------------------------------------------------- playing


def play_all(edition: Edition, *, done: Callable[[Usage], bool] | None = None, limit: int | None = None) -> Usage:
    """Play every trick of the analysis under ``edition`` (in the rules of each of its
    rounds, where they change with the round: :meth:`Edition.round_editions
    <skullking.edition.Edition.round_editions>`) and record what mattered; stop early
    once ``done`` says everything there is to find was found."""
    started = time.perf_counter()
    limit = MAX_TRICKS if limit is None else limit
    usage = Usage()
    for rules in edition.round_editions():
        _play_into(usage, rules, done, limit)
        if not usage.complete or (done is not None and done(usage)):
            break
    usage.seconds = time.perf_counter() - started
    return usage


def _play_into(usage: Usage, edition: Edition, done: Callable[[Usage], bool] | None, limit: int) -> None:
    """:func:`play_all` under ``edition``'s rules (the same in every round), into ``usage``."""
    domain = CardDomain([edition])
    resolver = edition.interpreter
    effects = edition.effects
    # (effects whose trick pays nothing: one that counts it for a player with its
    # bonuses pays as a won trick does)
    destroyers = {
        e.slot
        for e in effects
        if e.kind is EffectKind.DESTROY_TRICK and not (e.counts_for and e.bonuses is BonusesPaid.PAID)
    }
    for classes, plays in domain.tricks(positions=False):
        if usage.tricks >= limit:
            usage.complete = False
            break
        usage.tricks += 1
        ruled = ""
        if any(p.alters for p in plays):
            _, effect = resolver.active_effect(plays, [p.role_index for p in plays])
            if effect.slot in destroyers and effect.id in usage.effects:
                continue  # a destroyed trick decides, pays and allies nothing
            usage.effects.add(effect.id)
            ruled = effect.id if effect.kind is EffectKind.NEUTRALIZE else "-"
        result = resolver.resolve(plays, 0, len(plays))
        if result.winning_card is not None:
            if ruled != "-":
                usage.rules.add((ruled, result.rule))
            usage.winners.update(domain.classes[classes[result.winning_card]].owners)
            for seat, _ in result.alliances:
                usage.effects.add(effects[plays[seat].effect_index].id)
        usage.bonuses.update(result.bonuses)  # (a trick nobody won pays where it counts for somebody)
        if done is not None and usage.tricks % 64 == 0 and done(usage):
            break


def same_tricks(a: Edition, b: Edition, limit: int = MAX_TRICKS) -> bool:
    """Whether every trick of the analysis ends alike under ``a`` and ``b`` (editions
    with the same cards): same winner, next leader, bonus and alliances, in every round
    (:func:`round_pairs`). More than ``limit`` tricks count as a difference (the answer
    must be proven to be yes)."""
    return all(same_tricks_each(y, [x], limit).answers[0] for x, y in round_pairs(a, b))


def round_pairs(a: Edition, b: Edition) -> list[tuple[Edition, Edition]]:
    """The rules of ``a`` and ``b`` in the same round, each distinct pair once, over
    every round either edition deals (:meth:`Edition.round_editions
    <skullking.edition.Edition.round_editions>`): ``[(a, b)]`` when neither's rules
    change with the round."""
    if not (a.round_reads or b.round_reads):
        return [(a, b)]
    found: dict[tuple[int, int], tuple[Edition, Edition]] = {}
    for number, players, schedule in dict.fromkeys([*a.rounds_dealt(), *b.rounds_dealt()]):
        try:
            pair = (a.at_start(number, players, schedule=schedule), b.at_start(number, players, schedule=schedule))
        except (KeyError, FormulaError):
            continue  # a round one of them does not deal, or whose rules cannot be worked out
        found.setdefault((id(pair[0]), id(pair[1])), pair)
    return list(found.values())


class Alike(NamedTuple):
    """What :func:`same_tricks_each` found, and the work it took."""

    #: For each edition compared, whether every trick of the analysis ends alike.
    answers: list[bool]
    #: Tricks of the analysis played under the edition compared with (every edition
    #: with the same classes of cards shares one play of them).
    tricks: int
    #: Tricks played again under one of the editions compared: only those where a rule
    #: that edition changes was consulted and answered otherwise, or every trick for
    #: an edition that differs in more than its rules, leaders and bonuses.
    replayed: int


def same_tricks_each(edition: Edition, others: Sequence[Edition], limit: int = MAX_TRICKS) -> Alike:
    """For each of ``others`` (editions with ``edition``'s cards), whether every trick
    of the analysis of the two ends alike: same winner, next leader, bonus, alliances
    and player it counts for; more than ``limit`` tricks count as a difference.

    The answers are those of playing each pair through, with the work shared: the
    tricks of the analysis are enumerated and resolved under ``edition`` once for all
    the editions whose classes of cards are the same. An edition that differs only in
    precedence rules, an effect's next leader or bonuses is not played through: while
    ``edition`` resolves a trick, each of those rules, leaders and bonuses is also
    asked as that edition has it, with the same cards and roles; where every answer is
    the same, the trick ends alike under both (nothing else differs), and only the
    other tricks are played again under that edition. An edition that differs in
    nothing the resolution reads ends every trick alike."""
    answers = [True] * len(others)
    groups: dict[tuple[Any, ...], tuple[CardDomain, list[int]]] = {}
    for i, other in enumerate(others):
        domain = CardDomain([other, edition])
        groups.setdefault(domain.key(), (domain, []))[1].append(i)
    tricks = replayed = 0
    for domain, members in groups.values():
        if domain.count(most=limit) > limit:
            for i in members:
                answers[i] = False  # too many tricks to prove anything
            continue
        watched = {i: _watch(edition, others[i]) for i in members}
        whole = {i for i, w in watched.items() if w is None}  # played through
        undecided = {i for i, w in watched.items() if w is None or w.any}
        if not undecided:
            continue  # they differ in nothing a trick reads (or nothing they can tell apart)
        tracer = _Tracer(edition, others, {i: w for i, w in watched.items() if w is not None and w.any})
        needs = {i: w.cards for i, w in watched.items() if w is not None}
        for cards, _, starts, both in domain._deals(True):
            if not undecided:
                break
            dealt = [p.code for p in cards]
            if not whole and all((c := needs[i]) is not None and c.isdisjoint(dealt) for i in undecided):
                continue  # none of the cards the changed rules and leaders look at: alike
            mine = [edition.plays[c] for c in dealt]
            for arrangement in _arrangements(len(cards), starts, both):
                tricks += 1
                tracer.flagged.clear()
                x = tracer.resolve([mine[k] for k in arrangement], 0, len(arrangement))
                for i in whole | tracer.flagged:
                    theirs = others[i].plays
                    y = others[i].interpreter.resolve([theirs[dealt[k]] for k in arrangement], 0, len(arrangement))
                    replayed += 1
                    if (x.winner, x.next_leader, x.bonus, x.alliances, x.counts_for) != (
                        y.winner,
                        y.next_leader,
                        y.bonus,
                        y.alliances,
                        y.counts_for,
                    ):
                        answers[i] = False
                        undecided.discard(i)
                        whole.discard(i)
                        tracer.forget(i)
                if not undecided:
                    break
    return Alike(answers, tricks, replayed)


# ---------------------------------------------------------------------- what differs


#: A play's fields the reference resolver reads (``pattern`` is the compiled plans' own).
_PLAY_FIELDS = tuple(name for name in Play.__slots__ if name != "pattern")
#: Fields of a play that only bonuses read.
_BONUS_FIELDS = frozenset({"static_bonus", "static_bonus_ids"})


class _Watch(NamedTuple):
    """Where an edition differs from the one it is compared with, in what resolving a
    trick reads: precedence rules (list -1 is the main one, else an effect's slot ->
    position -> that edition's rule), effects' next leaders (slot -> that edition's
    strategies), and bonuses."""

    rules: dict[int, dict[int, CompiledRule]]
    leaders: dict[int, tuple[NextLeader, ...]]
    bonuses: bool
    #: The cards without which a trick reads none of it (``None``: every trick may).
    cards: frozenset[str] | None = None

    @property
    def any(self) -> bool:
        return bool(self.rules or self.leaders or self.bonuses)


def _reads(edition: Edition) -> dict[str, Any]:
    """Everything the reference resolver reads to resolve a trick, but the edition and
    what it works out from the plays alone (``Resolver.BY_PLAYS``), which :func:`_watch`
    compares as plays."""
    skipped = ("edition", *Resolver.BY_PLAYS)
    state = {name: value for name, value in vars(edition.interpreter).items() if name not in skipped}
    state["role_names"] = edition.role_names
    return state


def _watch(edition: Edition, other: Edition) -> _Watch | None:
    """Where ``other`` differs from ``edition`` in what resolving a trick reads, or
    ``None`` when it differs in more than precedence rules, next leaders and bonuses
    (it is then played through)."""
    if edition.plays.keys() != other.plays.keys():
        return None
    bonuses = False
    for code, play in edition.plays.items():
        theirs = other.plays[code]
        differ = {name for name in _PLAY_FIELDS if getattr(play, name) != getattr(theirs, name)}
        if not differ <= _BONUS_FIELDS:
            return None
        bonuses = bonuses or bool(differ)
    mine, their = _reads(edition), _reads(other)
    if mine.keys() != their.keys():
        return None
    rules: dict[int, dict[int, CompiledRule]] = {}
    leaders: dict[int, tuple[NextLeader, ...]] = {}
    for name, value in mine.items():
        if value == their[name]:
            continue
        if name == "main":
            lists = {-1: (value, their[name])}
        elif name == "effect_rules" and len(value) == len(their[name]):
            lists = dict(enumerate(zip(value, their[name], strict=True)))
        elif name == "effects" and len(value) == len(their[name]):
            for a, b in zip(value, their[name], strict=True):
                if a._replace(next_leader=(), precedence=()) != b._replace(next_leader=(), precedence=()):
                    return None  # precedence is read as effect_rules
                fallback = edition.play_rules.no_winner_leads
                if tried_strategies(a.next_leader, fallback) != tried_strategies(b.next_leader, fallback):
                    leaders[a.slot] = b.next_leader
            continue
        elif name in ("dynamic", "by_roles"):
            bonuses = True
            continue
        else:
            return None
        for slot, (a_rules, b_rules) in lists.items():
            if len(a_rules) != len(b_rules):
                return None
            changed = {
                k: b
                for k, (a, b) in enumerate(zip(a_rules, b_rules, strict=True))
                if a != b and not _same_rule(edition, a, b)
            }
            if changed:
                rules[slot] = changed
    return _Watch(rules, leaders, bonuses, None if bonuses else _read_with(edition, rules, leaders))


def _read_with(
    edition: Edition, rules: dict[int, dict[int, CompiledRule]], leaders: dict[int, tuple[NextLeader, ...]]
) -> frozenset[str] | None:
    """The cards a trick must hold for any of ``rules`` (either edition's) to find a
    card in it or any of ``leaders`` to be asked (``None``: any trick)."""
    resolver = edition.interpreter
    codes: set[str] = set()
    for slot, changed in rules.items():
        own = resolver.main if slot < 0 else resolver.effect_rules[slot]
        for position, theirs in changed.items():
            for rule in (own[position], theirs):
                found = _findable(edition, rule)
                if found is None:
                    return None
                codes.update(p.code for p in found)
    codes.update(code for code, p in edition.plays.items() if p.alters and p.effect_index in leaders)
    return frozenset(codes)


#: The most condition values :func:`_same_rule` works out to tell two conditions alike.
MAX_CONDITION_VALUES = 20_000


def _same_rule(edition: Edition, a: CompiledRule, b: CompiledRule) -> bool:
    """Whether two precedence rules of editions with the same cards and roles answer
    alike wherever they are read: they pick alike among the same cards, and wherever
    such a card is in the trick their conditions agree (tried for every count of the
    cards they read, up to the largest trick)."""
    if _among(edition, a) != _among(edition, b):
        return False
    if (a.pick, a.reverse) != (b.pick, b.reverse) and _most_found(edition, a) > 1:
        return False  # (among one card at most, every way of picking picks it)
    if a.identical != b.identical and _copies_found(edition, a):
        return False  # which of two identical copies wins, where the rule can find two
    when_a, when_b = a.rule.when, b.rule.when
    if when_a == when_b:
        return True
    role = edition.role_names[a.param] if a.group == CardGroup.ROLE else None
    needed = role or ("cards" if a.group == CardGroup.ANY else "numbered")  # at least one, when the rule finds a card
    names = sorted({needed, *(n for c in (when_a, when_b) if c is not None for n in c.variables)})
    top = max(trick_sizes(edition))
    slots = {r: i for i, r in enumerate(edition.role_names)}
    ranges = [range(int(min(top, _most_in_role(edition, slots[n]) if n in slots else top)) + 1) for n in names]
    if math.prod(len(r) for r in ranges) > MAX_CONDITION_VALUES:
        return False
    for values in itertools.product(*ranges):
        counts = dict(zip(names, values, strict=True))
        if not counts[needed]:
            continue
        try:
            if (when_a is None or when_a.evaluate(counts)) != (when_b is None or when_b.evaluate(counts)):
                return False
        except SkullKingError:
            return False
    return True


def _most_found(edition: Edition, rule: CompiledRule) -> float:
    """The most cards a rule can pick among in one trick (no bound for the led suit, any
    card, or a role an effect gives)."""
    found = _findable(edition, rule) if rule.group != CardGroup.LED else None
    return math.inf if found is None else _copies(edition, found)


def _copies_found(edition: Edition, rule: CompiledRule) -> bool:
    """Whether a trick can hold two identical copies of a card the rule can find (a
    card the deck holds several times; not two named cards of one kind that differ)."""
    found = _findable(edition, rule)
    plays = edition.plays.values() if found is None else found
    return any(_held(edition, p) > 1 for p in plays)


def _most_in_role(edition: Edition, slot: int) -> float:
    """The most cards of one trick that can play the role at ``slot``."""
    found = _in_role(edition, slot)
    return math.inf if found is None else _copies(edition, found)


def _findable(edition: Edition, rule: CompiledRule) -> list[Play] | None:
    """The plays a rule can find in a trick (``None``: any play)."""
    every = list(edition.plays.values())
    if rule.group == CardGroup.ROLE:
        return _in_role(edition, rule.param)
    if rule.group == CardGroup.ANY:
        return None
    group = CardGroup.NUMBERED if rule.group == CardGroup.LED else rule.group  # the led suit's cards are numbered
    return [every[i] for i in numbered_in(every, group, rule.param)]


def _in_role(edition: Edition, slot: int) -> list[Play] | None:
    """The plays that can play the role at ``slot`` in a trick (``None``: any play, where
    an effect gives the role)."""
    role = edition.role_names[slot]
    if edition.cancelled_role == role or any(e.becomes == role for e in edition.effects):
        return None
    return [p for p in edition.plays.values() if p.role_index == slot]


def _copies(edition: Edition, plays: Iterable[Play]) -> int:
    """The most of ``plays`` one trick can hold (the copies of their cards)."""
    return sum(edition.pool_limits[pool] for pool in {p.pool for p in plays})


def _among(edition: Edition, rule: CompiledRule) -> tuple[Any, ...]:
    """The cards a rule picks among: a role (as the trick plays them), the led suit, any
    card, or a set of numbered cards (a suit's, the trumps, every numbered card)."""
    if rule.group in (CardGroup.ROLE, CardGroup.LED, CardGroup.ANY):
        return rule.group, rule.param if rule.group == CardGroup.ROLE else -1
    plays = list(edition.plays.values())
    return ("cards", frozenset(plays[i].code for i in numbered_in(plays, rule.group, rule.param)))


class _Tracer(Resolver):
    """``edition``'s reference resolver that, as it resolves a trick, asks each rule,
    next leader and bonus it reads as the editions watched have it (with the same
    cards and roles), and flags the editions that answer otherwise: for the others,
    the trick cannot end differently (everything else they read is the same)."""

    def __init__(self, edition: Edition, others: Sequence[Edition], watched: dict[int, _Watch]) -> None:
        super().__init__(edition)
        self.others = others
        self.watched = dict(watched)
        self.flagged: set[int] = set()
        self._quiet = 0
        self._index()

    def forget(self, other: int) -> None:
        """Stop watching ``other`` (its answer is known)."""
        self.watched.pop(other, None)
        self._index()

    def _index(self) -> None:
        lists = {-1: self.main, **dict(enumerate(self.effect_rules))}
        self._rules: dict[int, list[tuple[int, int, CompiledRule]]] = {}
        self._leaders: dict[int, list[tuple[int, tuple[NextLeader, ...]]]] = {}
        self._bonuses = [i for i, w in self.watched.items() if w.bonuses]
        for i, watch in self.watched.items():
            for slot, changed in watch.rules.items():
                for position, rule in changed.items():
                    self._rules.setdefault(id(lists[slot]), []).append((position, i, rule))
            for slot, strategies in watch.leaders.items():
                self._leaders.setdefault(slot, []).append((i, strategies))

    def decide(self, rules: list[CompiledRule], plays: Sequence[Play], roles: list[int]) -> tuple[int, Rule | None]:
        index, rule = super().decide(rules, plays, roles)
        watched = self._rules.get(id(rules))
        if watched and not self._quiet:
            # rules before the one that decided found nothing; the rules after it were not read
            decided = len(rules) if rule is None else next(k for k, r in enumerate(rules) if r.rule is rule)
            for position, other, theirs in watched:
                if position > decided or other in self.flagged:
                    continue
                try:
                    found, among, compiled = self.candidates([theirs], plays, roles)
                    answer = -1 if found is None or compiled is None else pick_among(among, plays, compiled)
                except SkullKingError:
                    answer = -2  # played again, where it raises as it would have
                if answer != (index if position == decided else -1):
                    self.flagged.add(other)
        return index, rule

    def _next_leader(self, effect: Effect, plays: Sequence[Play], active: int, leader: int, players: int) -> int:
        seat = super()._next_leader(effect, plays, active, leader, players)
        watched = self._leaders.get(effect.slot)
        if watched and not self._quiet:
            self._quiet += 1  # what their strategies read is not what this trick reads
            try:
                for other, strategies in watched:
                    theirs = effect._replace(next_leader=strategies)
                    if (
                        other not in self.flagged
                        and super()._next_leader(theirs, plays, active, leader, players) != seat
                    ):
                        self.flagged.add(other)
            finally:
                self._quiet -= 1
        return seat

    def bonuses(self, plays: Sequence[Play], roles: list[int], index: int) -> tuple[int, tuple[str, ...]]:
        paid = super().bonuses(plays, roles, index)
        if self._bonuses and not self._quiet:
            for other in self._bonuses:
                if other in self.flagged:
                    continue
                edition = self.others[other]
                if edition.interpreter.bonuses([edition.plays[p.code] for p in plays], roles, index) != paid:
                    self.flagged.add(other)
        return paid
