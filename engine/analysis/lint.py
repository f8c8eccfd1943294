"""Warnings about rules that cannot matter, found by playing every kind of trick.

``skullking validate`` reports, as warnings (``FILE:LINE:COL: warning: ... [code]``):

- ``rule-never-decides``: a precedence rule (of the edition, or of an effect) that
  names the winner of no trick;
- ``bonus-never-earned``: a bonus that no won trick pays;
- ``card-never-wins``: a special card, or every card of a suit, that wins no trick,
  unless the card changes tricks with an effect of its own (the Kraken, the Whale);
- ``effect-never-acts``: an effect that never takes effect: no card of a usable module
  carries it, another always overrules it, or (an alliance) no trick forms one;
- ``module-never-used``: a module no suit, card or ability belongs to, or used from
  more players than the edition allows;
- ``schedule-never-used``: a round the hand limit always cuts, or a schedule that
  deals exactly as an earlier one at every player count;
- ``analysis-incomplete``: more kinds of trick than :data:`MAX_TRICKS` to play; the
  analysis then claims nothing of what playing finds;
- ``change-changes-nothing``: an overlay value equal to what its base already has; and a
  change of the rules of play (precedence, effects, roles, lead, bonuses, the cards'
  roles, declarations and effects, a suit's trump) without which, the file's other
  changes kept, every card leads alike (so the suit to follow is the same), the ghost
  hand plays every card alike, every trick of the analysis ends alike (same winner, next
  leader, bonus, alliances and player it counts for) and scoring reads the same of the rules
  (:func:`skullking.scoring.schemes.rules_read`: each card counts as the same role and
  card for the ``played_`` names the formulas read, alliances pay the same points on the
  same bids made; :func:`skullking.scoring.sheets.bonus.claims_read`: a score sheet may
  claim the same bonuses, alliances and tricks lost). Bidding reads none of these rules
  (its formulas see the bids, the round and the game so far, whose tricks and points are
  compared so); its rules are compared all the same, should that change. Text (titles,
  descriptions, names) is never said to change nothing in play, nor is a removal
  (``x: null``): removing what cannot matter is how a file answers the warnings above.
  Scoring formulas, schedules, abilities and the ghost's own keys are only compared
  value for value;
- ``no-legal-bid``, ``tie-break-unplayable``, ``bid-change-impossible``: rounds some
  games cannot play (a round without a bid to make, a tie-break round the deck cannot
  deal, a bid change with no value to make), found by :mod:`skullking.loading.playable`;
- ``role-never-played``: a role no card plays: no card of a usable module has it,
  printed or declared, and no effect gives it (a neutralizing effect's ``becomes``, the
  cancelled role). A precedence rule, bonus or formula naming it gives it no meaning
  (each looks for a card that is never there, and is warned about on its own);
- ``name-always-zero``: a name 0 wherever its formula is read, at its column in the
  formula: in a scoring formula, ``played_<role>`` of a role no card of a usable module
  has printed or declared, ``played_card_<card>`` of a card of a module no game uses,
  ``bonus``, ``alliance`` and ``wager`` where the edition pays none; in a precedence
  condition, the count of a role no card plays, and ``trump`` with no trump suit;
- ``case-never-applies``, ``case-never-reached``, ``bid-rule-never-matters``,
  ``adjustment-changes-nothing``: a scoring case whose condition never holds, or that
  the cases before it always pre-empt; a bidding rule that refuses no bid or every
  bid; an adjustment whose condition never holds or whose points are the points it is
  given. Found over every value the formulas' names can take in the edition's rounds
  (:mod:`skullking.analysis.formulas`), claiming nothing where a name cannot be
  bounded or the values to try are too many.

The role and name warnings are read from the rules, and the formula warnings found
over the formulas' values, without playing tricks: they are reported even when the
analysis is incomplete.

The analysis plays every kind of trick the edition allows (:mod:`skullking.analysis.exhaustive`:
classes of cards alike for every rule, every multiset of them, identical copies of a
card meeting where the deck holds them, each class leading). A
rule consulted only to find who leads after a destroyed trick counts as deciding
nothing.

The play stops once everything was seen to matter, so a sound edition costs a few
milliseconds; proving that something cannot matter costs the whole play (about a
second for the 2021 deck with up to 8 players; ``benchmarks/bench_lint.py``). The
editions without each change of an overlay are compared with the file's together
(:func:`skullking.analysis.exhaustive.same_tricks_each`): a change that only restates what the
base plays is told from the rules alone, the others share one play of the tricks. The
loader caches the warnings with the file's hashes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.analysis.exhaustive import MAX_TRICKS, Usage, play_all, same_tricks, same_tricks_each, trick_sizes
from skullking.core.errors import Problem
from skullking.core.files import display_name
from skullking.language.expr import SEATS
from skullking.loading.build import build_edition
from skullking.loading.loader import check
from skullking.loading.merge import merge
from skullking.loading.stored import cached_check, cached_lint, store_lint
from skullking.model.records import DEFAULTS, EffectKind, played_card_name, played_name
from skullking.reading.located import Location, Node, position_in_scalar

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.language.expr import Expression
    from skullking.model.records import Adjustment, CardKind, Case, Rule

#: Overlay keys whose change is text, not rules (never reported as changing nothing
#: in play; still reported when equal to the base's).
TEXT_KEYS = frozenset({"title", "description", "descriptions", "names", "source", "sources"})
#: The rules of play: top-level sections (and card fields) whose changes show only in
#: how tricks end and in what scoring reads of the cards played and of alliances.
TRICK_SECTIONS = frozenset({"precedence", "effects", "roles", "lead", "bonuses"})
TRICK_CARD_KEYS = frozenset({"role", "declare", "effect", "trump"})
#: Changes of an overlay whose editions (without each of them) are played together.
BATCH = 32


# ---------------------------------------------------------------------- warnings


#: The kinds of warning (``Problem.code``, shown after the message in brackets), which
#: a file may allow with a comment: ``# skullking-validate: allow card-never-wins``.
CODES = (
    "rule-never-decides",
    "bonus-never-earned",
    "card-never-wins",
    "effect-never-acts",
    "module-never-used",
    "schedule-never-used",
    "change-changes-nothing",
    "analysis-incomplete",
    "no-legal-bid",
    "tie-break-unplayable",
    "bid-change-impossible",
    "role-never-played",
    "name-always-zero",
    "case-never-applies",
    "case-never-reached",
    "bid-rule-never-matters",
    "adjustment-changes-nothing",
)
_ALLOW = re.compile(r"#\s*skullking-validate:\s*allow\s+([a-z, -]+)")


class _Warner:
    def __init__(self, root: Node) -> None:
        self.root = root
        self.problems: list[Problem] = []

    def warn(self, code: str, message: str, *path: str | int) -> None:
        self.at(self.root.locate(path), code, message)

    def at(self, loc: Location, code: str, message: str) -> None:
        assert code in CODES
        self.problems.append(
            Problem(file=loc.file, line=loc.line, column=loc.column, message=message, severity="warning", code=code)
        )


def _players(low: int, high: int) -> str:
    return f"{low} player{'s' if low != 1 else ''}" if low == high else f"{low} to {high} players"


def lint_edition(
    edition: Edition,
    root: Node,
    allowed: frozenset[str] = frozenset(),
    limit: int = MAX_TRICKS,
    sources: Mapping[str, str] | None = None,
) -> list[Problem]:
    """The warnings about ``edition`` (built from the merged tree ``root``); the codes
    ``allowed`` are neither looked for (the play may stop sooner) nor reported; more
    than ``limit`` tricks to play make one ``analysis-incomplete`` warning instead.
    ``sources`` (file -> text) places a name inside a formula of several lines. Rules
    that read the players' standings are played at a game's start alone (see
    :meth:`Edition.round_editions <skullking.edition.Edition.round_editions>`): a rule,
    bonus, card or effect that matters later in a game is not said never to matter."""
    if SEATS in edition.round_reads:
        allowed = allowed | {"rule-never-decides", "bonus-never-earned", "card-never-wins", "effect-never-acts"}
    w = _Warner(root)
    _modules(edition, w)
    _schedules(edition, w)
    _unplayable(edition, w)
    usable = _usable_modules(edition)
    altering = {e.id for e in edition.effects if e.kind is not EffectKind.ALLIANCE}
    rules = {("", r.id) for r in edition.precedence} | {
        (e.id, r.id) for e in edition.effects if e.kind is EffectKind.NEUTRALIZE for r in e.precedence
    }
    bonuses = {b.id for b in edition.bonuses}
    winners = {f"card:{k.id}" for k in edition.kinds if k.effect not in altering and k.module in usable}
    winners |= {f"suit:{s.id}" for s in edition.suits if s.module in usable}
    effects = {e.id for e in edition.effects}
    for code, targets in (
        ("rule-never-decides", rules),
        ("bonus-never-earned", bonuses),
        ("card-never-wins", winners),
        ("effect-never-acts", effects),
    ):
        if code in allowed:
            targets.clear()

    def done(u: Usage) -> bool:
        return u.rules >= rules and u.bonuses >= bonuses and u.winners >= winners and u.effects >= effects

    usage = play_all(edition, done=done, limit=limit)
    if not usage.complete:
        w.warn(
            "analysis-incomplete",
            f"this edition allows more than {usage.tricks:,} kinds of trick: they were not all played, so "
            "nothing is said about rules, bonuses, cards or effects that might never matter",
            "players",
        )
        _unplayed(edition, w, sources or {})
        return _unless(w.problems + _formulas(edition, w.root, allowed), allowed)
    sizes = trick_sizes(edition)
    span = f"tricks of {_players(min(sizes), max(sizes)).replace('players', 'cards').replace('player', 'card')}"
    roles_played = {p.role for p in edition.plays.values() if p.role is not None and p.card.suit is None}
    trump = any(s.trump for rules in edition.round_editions() for s in rules.suits)

    def why_rule(of: str) -> str:
        if of == "trump" and not trump:
            return "no suit is trump"
        if of in {r.id for r in edition.roles} and of not in roles_played:
            return f"no card plays the role '{of}'"
        return f"in no trick ({span}) is it the first rule that applies and finds a card"

    for i, rule in enumerate(edition.precedence):
        if ("", rule.id) not in usage.rules:
            w.warn(
                "rule-never-decides",
                f"precedence rule '{rule.id}' can never decide a trick: {why_rule(rule.of)}",
                "precedence",
                i,
            )
    for i, effect in enumerate(edition.effects):
        if effect.kind is not EffectKind.NEUTRALIZE or effect.id not in usage.effects:
            continue
        for j, rule in enumerate(effect.precedence):
            if (effect.id, rule.id) not in usage.rules:
                w.warn(
                    "rule-never-decides",
                    f"rule '{rule.id}' of effect '{effect.id}' can never decide a trick: {why_rule(rule.of)}",
                    "effects",
                    "list",
                    i,
                    "precedence",
                    j,
                )
    for i, bonus in enumerate(edition.bonuses):
        if bonus.id not in usage.bonuses:
            w.warn(
                "bonus-never-earned",
                f"bonus '{bonus.id}' can never be earned: no won trick ({span}) pays it",
                "bonuses",
                i,
            )
    for i, kind in enumerate(edition.kinds):
        if kind.effect in altering or kind.module not in usable:
            continue  # cards that change tricks matter by their effect
        if f"card:{kind.id}" not in usage.winners:
            w.warn("card-never-wins", f"card '{kind.id}' can never win a trick ({span})", "deck", "cards", i)
    for i, suit in enumerate(edition.suits):
        if suit.module in usable and f"suit:{suit.id}" not in usage.winners:
            w.warn("card-never-wins", f"no card of suit '{suit.id}' can ever win a trick ({span})", "deck", "suits", i)
    for i, effect in enumerate(edition.effects):
        if effect.id in usage.effects:
            continue
        carriers = [k for k in edition.kinds if k.effect == effect.id]
        if not carriers:
            why = "no card has it"
        elif all(k.module not in usable for k in carriers):
            why = "its cards' module is never used"
        elif effect.kind is EffectKind.ALLIANCE:
            why = f"no trick ({span}) forms an alliance with it"
        else:
            why = f"in every trick ({span}) another effect takes precedence"
        w.warn("effect-never-acts", f"effect '{effect.id}' can never act: {why}", "effects", "list", i)
    _unplayed(edition, w, sources or {})
    return _unless(w.problems + _formulas(edition, w.root, allowed), allowed)


def _formulas(edition: Edition, root: Node, allowed: frozenset[str]) -> list[Problem]:
    """Formulas that can never matter (:mod:`skullking.analysis.formulas`)."""
    # (the checks the cache's lint spares: kept off validate's start-up)
    from skullking.analysis.formulas import findings
    from skullking.loading.playable import tie_break_rounds

    w = _Warner(root)
    for finding in findings(edition, tie_break_rounds(edition, root.plain()), allowed):
        w.warn(finding.code, finding.message, *finding.path)
    return w.problems


def _usable_modules(edition: Edition) -> set[str]:
    """The ids of the modules some game of ``edition`` uses (from no more players than it
    allows)."""
    return {m.id for m in edition.modules if m.min_players <= edition.max_players}


def _unless(problems: list[Problem], allowed: frozenset[str]) -> list[Problem]:
    """``problems`` without the warnings whose code is ``allowed``."""
    return [p for p in problems if p.code not in allowed]


def _modules(edition: Edition, w: _Warner) -> None:
    used = {s.module for s in edition.suits} | {k.module for k in edition.kinds}
    used |= {a.module for a in edition.abilities if a.module} | {
        c.module for c in (edition.wagers, edition.bid_changes) if c is not None and c.module
    }
    for i, module in enumerate(edition.modules):
        if module.min_players > edition.max_players:
            w.warn(
                "module-never-used",
                f"module '{module.id}' can never be used: it is used from {module.min_players} players, "
                f"and the edition is for at most {edition.max_players}",
                "modules",
                i,
            )
        elif module.id not in used:
            w.warn(
                "module-never-used",
                f"module '{module.id}' can never be used: no suit, card or ability belongs to it",
                "modules",
                i,
            )


def _schedules(edition: Edition, w: _Warner) -> None:
    counts = range(edition.min_players, edition.max_players + 1)
    limits = [None if edition.hand_limit is None else int(edition.hand_limit.evaluate({"players": n})) for n in counts]
    dealt: dict[tuple[tuple[int, ...], ...], str] = {}
    for i, schedule in enumerate(edition.schedules):
        for j, cards in enumerate(schedule.rounds):
            if limits and all(limit is not None and cards > limit for limit in limits):
                most = max(limit for limit in limits if limit is not None)
                w.warn(
                    "schedule-never-used",
                    f"round {j + 1} of schedule '{schedule.id}' can never deal {cards} cards: "
                    f"the hand limit is at most {most} for {_players(counts[0], counts[-1])}",
                    "schedule",
                    "variants",
                    i,
                    "rounds",
                    j,
                )
        key = tuple(tuple(c if limit is None else min(c, limit) for c in schedule.rounds) for limit in limits)
        if key in dealt:
            w.warn(
                "schedule-never-used",
                f"schedule '{schedule.id}' can never be told apart from '{dealt[key]}': "
                "it deals the same rounds at every player count",
                "schedule",
                "variants",
                i,
            )
        else:
            dealt[key] = schedule.id


def _unplayable(edition: Edition, w: _Warner) -> None:
    """Rounds some games cannot play (:mod:`skullking.loading.playable`)."""
    # (the checks the cache's lint spares: kept off validate's start-up)
    from skullking.loading.playable import located, warnings

    for finding in warnings(edition, w.root.plain()):
        w.problems.append(located(edition, w.root, finding))


# ---------------------------------------------------------------------- roles and names


def _unplayed(edition: Edition, w: _Warner, sources: Mapping[str, str]) -> None:
    """Roles no card plays (``role-never-played``), and the names of formulas that are
    always 0 in the edition (``name-always-zero``), each at the name in its formula."""
    usable = _usable_modules(edition)
    printed = {role for k in edition.kinds if k.module in usable for role in _roles_of(k)}
    given = {e.becomes for e in edition.effects} | {edition.cancelled_role}
    in_trick: dict[str, str] = {}  # names of precedence conditions always 0 -> why
    for i, role in enumerate(edition.roles):
        if role.id not in printed and role.id not in given:
            w.warn(
                "role-never-played",
                f"no card plays the role '{role.id}': no card of a module in play has it, printed or "
                "declared, and no effect gives it (a trick-altering effect's 'becomes', the cancelled role)",
                "roles",
                i,
            )
            in_trick[role.id] = f"no card plays the role '{role.id}'"
    if not any(s.trump for s in edition.suits if s.module in usable):
        in_trick["trump"] = "no suit in play is trump"
    rules: list[tuple[Steps, str, Rule]] = [
        (("precedence", i), f"precedence rule '{r.id}'", r) for i, r in enumerate(edition.precedence)
    ]
    rules += [
        (("effects", "list", i, "precedence", j), f"rule '{r.id}' of effect '{e.id}'", r)
        for i, e in enumerate(edition.effects)
        for j, r in enumerate(e.precedence)
    ]
    for path, what, rule in rules:
        if rule.when is not None:
            where = f"the condition of {what}"
            _zero_names(w, sources, rule.when, in_trick, what=where, scope="every trick", path=(*path, "when"))
    scored = _always_zero(edition, usable, printed)
    for i, scheme in enumerate(edition.schemes):
        at: Steps = ("scoring", "schemes", i)
        formulas: list[tuple[Steps, str, Expression | None]] = [((*at, "made"), "'made'", scheme.made)]
        steps: list[tuple[str, int, Case | Adjustment]] = [("case", j, c) for j, c in enumerate(scheme.cases)]
        steps += [("adjustment", j, a) for j, a in enumerate(scheme.adjustments)]
        for part, j, step in steps:
            formulas += [
                ((*at, f"{part}s", j, key), f"{key} of {part} '{step.id or j + 1}'", getattr(step, key))
                for key in ("when", "points")
            ]
        for path, what, formula in formulas:
            if formula is not None:
                where = f"{what} of scheme '{scheme.id}'"
                _zero_names(w, sources, formula, scored, what=where, scope="every round", path=path)


def _roles_of(kind: CardKind) -> tuple[str, ...]:
    """The roles a card plays as printed or declared."""
    return (kind.role,) if kind.role is not None else tuple(d.role for d in kind.declarations)


def _always_zero(edition: Edition, usable: set[str], printed: set[str]) -> dict[str, str]:
    """The names of scoring formulas that are 0 in every round of ``edition`` -> why."""
    zero: dict[str, str] = {}
    for role in edition.roles:
        name = played_name(role.id)
        if name is not None and role.id not in printed:
            zero[name] = (
                f"no card of a module in play has the role '{role.id}', printed or declared (an effect in "
                "the trick does not change what a card counts as)"
            )
    for kind in edition.kinds:
        if kind.module not in usable:
            for ident in (kind.id, *(i.id for i in kind.individuals)):
                if (name := played_card_name(ident)) is not None:
                    zero[name] = f"the card '{ident}' comes with module '{kind.module}', which no game uses"
    if not any(b.points for b in edition.bonuses):
        zero["bonus"] = "every bonus is worth 0 points" if edition.bonuses else "the edition has no bonus"
    alliance = next((e for e in edition.effects if e.kind is EffectKind.ALLIANCE), None)
    carried = {e.id for e in edition.effects if e.kind is EffectKind.ALLIANCE}
    if alliance is None:
        zero["alliance"] = "the edition has no alliance effect"
    elif not alliance.points:
        zero["alliance"] = f"alliance '{alliance.id}' is worth 0 points"
    elif not any(k.effect in carried and k.module in usable for k in edition.kinds):
        zero["alliance"] = "no card of a module in play carries an alliance effect"
    wagers = edition.wagers
    if wagers is None:
        zero["wager"] = "the edition has no wagers"
    elif not any(wagers.values):
        zero["wager"] = "every wager allowed is 0"
    elif wagers.module is not None and wagers.module not in usable:
        zero["wager"] = f"wagers come with module '{wagers.module}', which no game uses"
    elif wagers.card is not None and not any(
        wagers.card in (k.id, *(i.id for i in k.individuals)) and k.module in usable for k in edition.kinds
    ):
        zero["wager"] = f"the card '{wagers.card}' that grants a wager is in no module in play"
    return zero


def _zero_names(
    w: _Warner,
    sources: Mapping[str, str],
    formula: Expression,
    zero: Mapping[str, str],
    *,
    what: str,
    scope: str,
    path: Steps,
) -> None:
    """Warn at the first use in ``formula`` (``what``, at ``path``) of each name of
    ``zero`` (name -> why it is 0 in ``scope``)."""
    first = {name: column for name, column in formula.columns().items() if name in zero}
    found = w.root.at(path)
    for name, column in sorted(first.items(), key=lambda item: item[1]):
        loc = w.root.locate(path)  # (a formula written as a number names nothing)
        if found is not None and not isinstance(found.value, dict | list):
            loc = position_in_scalar(found, column, sources.get(found.loc.file))
        w.at(loc, "name-always-zero", f"'{name}' in {what} is 0 in {scope} of this edition: {zero[name]}")


# ---------------------------------------------------------------------- overlays


def _keyed(node: Node) -> bool:
    return isinstance(node.value, list) and all(
        isinstance(item.value, dict) and isinstance(getattr(item.value.get("id"), "value", None), str)
        for item in node.value
    )


Steps = tuple[str | int, ...]


class _Change(NamedTuple):
    """A key an overlay sets: where, its path in the merged edition (items named
    ``[id]``), whether the base already had that very value, and the ``steps`` (keys
    and list positions) that lead to it in the overlay."""

    loc: Location
    path: tuple[str, ...]
    same: bool
    steps: Steps
    #: ``x: null``: never said to change nothing in play, since removing what cannot
    #: matter is how a file answers the other warnings.
    removal: bool = False
    #: The base leaves the key out, and the value is the default it then has.
    default: bool = False


def _changes(base: Node, overlay: Node, path: tuple[str, ...], steps: Steps = ()) -> Iterator[_Change]:
    """Every key ``overlay`` sets on ``base`` (merged as :mod:`skullking.loading.merge` does)."""
    if isinstance(overlay.value, dict) and isinstance(base.value, dict):
        for key, value in overlay.value.items():
            if key in ("id", "before", "after", "extends"):
                continue
            loc = overlay.key_loc.get(key, overlay.loc)
            if value.value is None and key not in base.value:
                continue  # removes nothing: merging warns about it
            if key not in base.value and isinstance(value.value, dict) and (*path, key) in _SECTIONS:
                # a section the base leaves out: each key set to its default changes nothing
                yield from _changes(Node({}, base.loc), value, (*path, key), (*steps, key))
            elif value.value is None or key not in base.value:
                same = value.value is not None and _is_default((*path, key), value.plain())
                yield _Change(loc, (*path, key), same, (*steps, key), value.value is None, default=same)
            else:
                yield from _nested(base.value[key], value, (*path, key), loc, (*steps, key))
        return
    if _keyed(base) and isinstance(overlay.value, dict):  # id -> item form
        items = {item.value["id"].value: item for item in base.value}
        for ident, value in overlay.value.items():
            loc = overlay.key_loc.get(ident, overlay.loc)
            if value.value is None and ident not in items:
                continue
            if value.value is None or ident not in items:
                yield _Change(loc, (*path, f"[{ident}]"), False, (*steps, ident), value.value is None)
            else:
                yield from _nested(items[ident], value, (*path, f"[{ident}]"), loc, (*steps, ident))
        return
    if _keyed(base) and _keyed(overlay):
        items = {item.value["id"].value: item for item in base.value}
        for index, item in enumerate(overlay.value):
            ident = item.value["id"].value
            if ident not in items or "before" in item.value or "after" in item.value:
                yield _Change(item.loc, (*path, f"[{ident}]"), False, (*steps, index))
            else:
                yield from _nested(items[ident], item, (*path, f"[{ident}]"), item.loc, (*steps, index))
        return
    yield _Change(overlay.loc, path, base.plain() == overlay.plain(), steps)


#: Sections of plain values with defaults (model.DEFAULTS): one a base leaves out is
#: looked into key by key, so that a key set to its default is told to change nothing.
_SECTIONS = {("play",), ("bidding",), ("lead",)}


def _is_default(path: tuple[str, ...], value: object) -> bool:
    """Whether ``value`` at ``path`` is what an edition that leaves the key out has."""
    pattern = tuple("[]" if step.startswith("[") else step for step in path)
    if pattern not in DEFAULTS:
        return False
    default = DEFAULTS[pattern]
    if isinstance(default, list):  # (a list of words, as ``counts_for: [nobody]``)
        return isinstance(value, list) and [str(v).strip() for v in value] == default
    return str(value).strip() == str(default) and not isinstance(value, dict | list)


def _nested(base: Node, overlay: Node, path: tuple[str, ...], loc: Location, steps: Steps) -> Iterator[_Change]:
    """The changes inside one key; a mapping restated whole as the base has it is one
    unchanged value, at its key."""
    inner = list(_changes(base, overlay, path, steps))
    if len(inner) > 1 and all(c.same for c in inner):
        yield _Change(loc, path, True, steps)
    else:
        yield from inner


def _without(node: Node, steps: Steps) -> Node:
    """``node`` (an overlay) with the key or list item at ``steps`` left out."""
    step, rest = steps[0], steps[1:]
    if isinstance(node.value, dict):
        value = dict(node.value)
        if rest:
            value[str(step)] = _without(value[str(step)], rest)
        else:
            del value[str(step)]
        return Node(value, node.loc, node.key_loc, removed=node.removed)
    items = list(node.value)
    assert isinstance(step, int)
    if rest:
        items[step] = _without(items[step], rest)
    else:
        del items[step]
    return Node(items, node.loc)


def _describe(path: tuple[str, ...]) -> str:
    """``bonuses[black-14].points``: keys joined by dots, items named by their id."""
    return "".join(step if step.startswith("[") or i == 0 else f".{step}" for i, step in enumerate(path))


def _in_play(path: tuple[str, ...]) -> bool:
    """Whether a change at ``path`` is of the rules of play (:data:`TRICK_SECTIONS`,
    :data:`TRICK_CARD_KEYS`): one that can only show in how tricks end, in what the
    scoring reads of the cards played and of the alliances (:func:`rules_read
    <skullking.scoring.schemes.rules_read>`) and of what a sheet may claim
    (:func:`claims_read <skullking.scoring.sheets.bonus.claims_read>`), and in nothing
    bidding reads."""
    if path[0] in TRICK_SECTIONS:
        return True
    return path[0] == "deck" and len(path) == 4 and path[3] in TRICK_CARD_KEYS


def _same_leads(a: Edition, b: Edition) -> bool:
    """Whether every card leads alike under ``a`` and ``b``: then the suit to follow is
    the same in every trick (it depends on suits and leads only), and so are the legal
    plays."""
    return a.character_after_pass is b.character_after_pass and all(
        play.lead is b.plays[code].lead for code, play in a.plays.items()
    )


def _same_ghost(a: Edition, b: Edition) -> bool:
    """Whether the ghost hand plays every card alike under ``a`` and ``b`` (a card
    declared when played as the declaration of the role he declares)."""
    # (the checks the cache's lint spares: kept off validate's start-up)
    from skullking.rounds.seating import ghost_play

    ghost, theirs = a.ghost, b.ghost
    if ghost is None or theirs is None:
        return ghost is theirs
    return all(
        ghost_play(a, play, ghost).code == ghost_play(b, b.plays[code], theirs).code for code, play in a.plays.items()
    )


def _merged(root: Node, path: tuple[str, ...]) -> Node | None:
    """The node at ``path`` (items named ``[id]``) in the merged tree ``root``."""
    node: Node | None = root
    for step in path:
        if node is None:
            return None
        if step.startswith("[") and isinstance(node.value, list):
            node = next((i for i in node.value if getattr(i.value.get("id"), "value", None) == step[1:-1]), None)
        elif isinstance(node.value, dict):
            node = node.value.get(step)
        else:
            return None
    return node


def lint_overlay(base: Node, overlay: Node, edition: Edition | None, w: _Warner) -> None:
    """Warn about each key of ``overlay`` that changes nothing: set to the base's own
    value, or (when ``edition``, the merged result, is given) a change of how tricks
    end without which every trick still ends alike. A change at or inside a node that
    already has a warning (a rule that decides nothing) is not played again."""
    base_id = base.value.get("id")
    name = str(base_id.value) if base_id is not None else "the base edition"
    changes = list(_changes(base, overlay, ()))
    for change in changes:
        if change.same:
            where = _describe(change.path)
            has = "leaves it out, and that is the default" if change.default else "already has it"
            w.at(change.loc, "change-changes-nothing", f"'{where}' changes nothing: {name} {has}")
    if edition is None:
        return
    # (the checks the cache's lint spares: kept off validate's start-up)
    from skullking.scoring.schemes import rules_read
    from skullking.scoring.sheets.bonus import claims_read

    warned = {(p.file, p.line, p.column) for p in w.problems}
    played: list[tuple[_Change, Edition]] = []
    scored: list[tuple[str, str, object]] | None = None
    for change in changes:
        if change.same or change.removal or change.path[-1] in TEXT_KEYS or not _in_play(change.path):
            continue
        nodes = [_merged(w.root, change.path[:n]) for n in range(1, len(change.path) + 1)]
        if any(n is not None and (n.loc.file, n.loc.line, n.loc.column) in warned for n in nodes):
            continue  # inside a rule, bonus, card or effect already warned about
        try:
            without = build_edition(merge(base, _without(overlay, change.steps), []), path=edition.path)
            if set(without.plays) != set(edition.plays) or not _same_leads(without, edition):
                continue  # other cards, or another suit to follow: the change matters
            if not _same_ghost(without, edition):
                continue  # the ghost hand plays a card otherwise
            if (SEATS in without.round_reads) != (SEATS in edition.round_reads):
                continue  # a rule that reads the standings, which the play at a game's start cannot judge
            if without.bidding != edition.bidding:
                continue  # (bidding reads none of the rules of play: kept so, should it ever)
            if scored is None:
                scored = [*rules_read(edition), *claims_read(edition)]
            if [*rules_read(without), *claims_read(without)] != scored:
                continue  # a card counts otherwise in the scoring, an alliance pays or a sheet claims otherwise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            continue  # the file needs this change to make sense: it matters
        played.append((change, without))
    # The editions without each change are played together (the tricks resolved once
    # under the file's edition), a batch at a time to hold few editions at once.
    for start in range(0, len(played), BATCH):
        batch = played[start : start + BATCH]
        if edition.round_reads or any(without.round_reads for _, without in batch):
            # (rules that change with the round: compared round by round)
            answers = [same_tricks(without, edition) for _, without in batch]
        else:
            answers = same_tricks_each(edition, [without for _, without in batch]).answers
        for (change, _), same in zip(batch, answers, strict=True):
            if same:
                w.at(
                    change.loc,
                    "change-changes-nothing",
                    f"'{_describe(change.path)}' changes nothing in play: without it every trick is followed "
                    "and ends the same (same suit to follow, winner, next leader, bonus, alliances and "
                    "player it counts for), "
                    "bids are made by the same rules, and it scores alike (each card counts as the same "
                    "role and card in the scoring formulas, alliances pay the same points on the same bids "
                    "made, and score sheets may claim the same bonuses, alliances and lost tricks)",
                )


def lint(
    edition: Edition,
    root: Node,
    layers: Iterable[tuple[Node, Node]] = (),
    source: str | None = None,
    sources: Mapping[str, str] | None = None,
) -> list[Problem]:
    """Every warning about ``edition``, built from the merged tree ``root``; ``layers``
    are the (base, overlay) pairs it was merged from, ``source`` the text of the file
    checked (whose ``# skullking-validate: allow CODE`` comments silence warnings),
    ``sources`` the text of every file read (file -> text), which places a name inside
    a formula of several lines."""
    allowed = frozenset(code.strip() for line in _ALLOW.findall(source or "") for code in line.split(","))
    w = _Warner(root)
    w.problems = lint_edition(edition, root, allowed, sources=sources)
    layers = list(layers)
    for n, (base, overlay) in enumerate(layers, start=1):
        lint_overlay(base, overlay, edition if n == len(layers) else None, w)
    return _unless(w.problems, allowed)


def validate_file(
    path: Path,
    *,
    use_cache: bool = True,
    text: bytes | None = None,
    allow_paths: bool = False,
    bundled_only: bool = False,
) -> tuple[Any, list[Problem]]:
    """What ``skullking validate`` reports of the edition file ``path``: the edition
    (``None`` on errors) and every problem of
    :func:`~skullking.loading.loader.check_file`, with the warnings about rules that
    cannot matter (:func:`lint`) after them. A file that passed before and has not
    changed since (nor its bases, nor the engine) is answered from the cache, its lint
    included; arguments as :func:`~skullking.loading.loader.check_file`'s."""
    use_cache = use_cache and text is None
    if use_cache:
        known = cached_check(path)
        linted = cached_lint(path) if known is not None else None
        if known is not None and linted is not None:
            return known[0], [*known[1], *linted]
    checked = check(path, text=text, allow_paths=allow_paths, bundled_only=bundled_only)
    if checked.edition is None or checked.root is None:
        return None, checked.problems
    found = lint(
        checked.edition, checked.root, checked.layers, checked.sources.get(display_name(path)), checked.sources
    )
    if text is None and not allow_paths:
        store_lint(path, checked.deps, [p._replace(file=str(Path(p.file).resolve())) for p in found])
    return checked.edition, [*checked.problems, *found]
