"""Playing every kind of trick an edition allows, exhaustively but not naively.

The outcome of a trick depends on its *pattern*, not on every card (see
:mod:`skullking.plan`), so cards are grouped into classes alike for every rule: a
special card's role, effect and lead, and which bonus patterns it matches (the Tigress
declared pirate joins the pirates when no bonus tells them apart); the cards of a
suit, dealt from the highest rank down, with the ranks that rank-dependent bonuses name
as classes of their own; and suits no rule or bonus tells apart are interchangeable,
so one arrangement of their cards stands for all of them. Every multiset of classes
is played, for every trick size the edition's player counts give (a module used from N
players only in tricks of N cards or more), within the deck's copies, led by each
class in turn, the rest as listed and, where positions can change who wins, reversed.

:func:`play_all` records what mattered (the rules that decided, the bonuses paid, the
cards that won, the effects that acted) for :mod:`skullking.lint`; :func:`same_tricks`
tells whether two editions with the same cards end every such trick alike. Tests
compare both with every ordered trick of small decks.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import UNDECLARED, Play
from .model import EffectKind, Fallback, Pattern, Pick, Ties

if TYPE_CHECKING:
    from .edition import Edition


class _Class(NamedTuple):
    """Cards alike for every rule: ``supply`` lists concrete plays (one per copy, in the
    order they are used: a suit's from its highest rank down); ``owners`` the card keys
    (``card:ID`` / ``suit:ID``) a win by this class counts for."""

    supply: tuple[Play, ...]
    owners: tuple[str, ...]


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
    ghost = edition.ghost
    sizes: dict[int, int] = {}
    for players in range(edition.min_players, edition.max_players + 1):
        size = players + 1 if ghost is not None and ghost.players == players else players
        sizes[size] = max(sizes.get(size, 0), players)
    return dict(sorted(sizes.items()))


class _Domain:
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
        for members in by_signature.values():
            # Copies of cards no other class draws from are used first.
            members.sort(key=lambda p: (pool_classes[p.pool], p.code))
            supply = [p for p in members for _ in range(first.pool_limits[p.pool])]
            owners = tuple(sorted({f"card:{p.card.kind}" for p in members}))
            minp = min(modules[0][first.kind(p.card.kind or "").module] for p in members)
            self.classes.append(_Class(tuple(supply), owners))
            self.units.append(_Unit((len(self.classes) - 1,), (len(supply),), -1, minp))
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
                self.classes.append(_Class(tuple(supply), (f"suit:{suit.id}",)))
                indices.append(len(self.classes) - 1)
            limits = tuple(len(self.classes[i].supply) for i in indices)
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
        for size, players in trick_sizes(first).items():
            for counts in self.multisets(size, players):
                cards: list[Play] = []
                owners: list[int] = []
                used: dict[int, int] = {}
                feasible = True
                for c, n in enumerate(counts):
                    if not n:
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
                leads: dict[int, int] = {}
                for position, c in enumerate(owners):
                    leads.setdefault(c, position)
                starts = list(leads.values())
                if backwards:  # a suit's lowest card leading too (its cards before the highest)
                    last = {c: position for position, c in enumerate(owners)}
                    starts += [p for c, p in last.items() if p != leads[c]]
                for position in starts:
                    rest = [i for i in range(len(cards)) if i != position]
                    both = len(rest) > 1 and (backwards or sum(1 for p in cards if p.alters) > 1)
                    for order in (rest, rest[::-1]) if both else (rest,):
                        arrangement = [position, *order]
                        yield [owners[i] for i in arrangement], [cards[i] for i in arrangement]


def _vectors(limits: tuple[int, ...], most: int) -> Iterator[tuple[int, ...]]:
    """Count vectors within ``limits`` adding up to at most ``most``."""
    for vector in itertools.product(*(range(min(limit, most) + 1) for limit in limits)):
        if sum(vector) <= most:
            yield vector


# ---------------------------------------------------------------------- playing


def play_all(edition: Edition, *, done: Callable[[Usage], bool] | None = None, limit: int | None = None) -> Usage:
    """Play every trick of the analysis under ``edition`` and record what mattered;
    stop early once ``done`` says everything there is to find was found."""
    started = time.perf_counter()
    limit = MAX_TRICKS if limit is None else limit
    domain = _Domain([edition])
    usage = Usage()
    resolver = edition._resolver
    effects = edition.effects
    destroyers = {e.slot for e in effects if e.kind is EffectKind.DESTROY_TRICK}
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
            usage.bonuses.update(result.bonuses)
            for seat, _ in result.alliances:
                usage.effects.add(effects[plays[seat].effect_index].id)
        if done is not None and usage.tricks % 64 == 0 and done(usage):
            break
    usage.seconds = time.perf_counter() - started
    return usage


def same_tricks(a: Edition, b: Edition, limit: int = MAX_TRICKS) -> bool:
    """Whether every trick of the analysis ends alike under ``a`` and ``b`` (editions
    with the same cards): same winner, next leader, bonus and alliances. Stops at the
    first trick that differs; more than ``limit`` tricks count as a difference (the
    answer must be proven to be yes)."""
    domain = _Domain([a, b])
    resolve_a, resolve_b, plays_b = a._resolver.resolve, b._resolver.resolve, b.plays
    for count, (_, plays) in enumerate(domain.tricks()):
        if count >= limit:
            return False
        x = resolve_a(plays, 0, len(plays))
        y = resolve_b([plays_b[p.code] for p in plays], 0, len(plays))
        if (x.winner, x.next_leader, x.bonus, x.alliances) != (y.winner, y.next_leader, y.bonus, y.alliances):
            return False
    return True
