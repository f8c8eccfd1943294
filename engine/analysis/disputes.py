"""The readings the sources of the rules dispute that a conformance vector's answer can
hang on, each as the edition under its other readings.

A vector whose expected answer changes when one of these points is read the other way
carries the point's tag (``disputed-...``), so that a program that reads it the other
way skips the vectors by name (``--skip-tags``). Which vectors carry a tag is worked
out, never listed: each point gives the edition as it would be under each other
reading (a value of the edition changed, found by the roles, effects and choices it
holds, never by a card's name), and a vector whose answer differs there carries it
(:func:`skullking.analysis.vectors.document`). The conventions page
(``docs/conventions.md``) names each tag under the point it belongs to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.analysis.vectorbase import tag
from skullking.core.errors import FormulaError
from skullking.edition import Edition
from skullking.language.expr import compile_expression, restore
from skullking.model.cards import Lead
from skullking.model.records import (
    TRICK_NAMES,
    TRICK_ROUND_NAMES,
    Bonus,
    Effect,
    EffectKind,
    NextLeader,
    Pattern,
    Pick,
    Role,
    Rule,
    Scheme,
    WhenSeveral,
)

if TYPE_CHECKING:
    from skullking.edition import Edition

#: The start of every tag of a disputed reading.
PREFIX = "disputed-"


class Dispute(NamedTuple):
    """A point the sources dispute: its tag (``{effect}`` stands for the id of each
    effect it is about, in the tag and in the question), the question in words, the
    headings of the conventions page
    that explain it, and the edition under each other reading (tag, edition)."""

    tag: str
    question: str
    headings: tuple[str, ...]
    variants: Callable[[Edition], Iterator[tuple[str, Edition]]]


def _with(edition: Edition, **changed: Any) -> Edition:
    """``edition`` with some of its fields changed (the rest as they are)."""
    fields = {name: getattr(edition, name) for name in edition.FIELDS}
    return Edition(**{**fields, **changed})


def _character_after_pass(edition: Edition) -> Iterator[tuple[str, Edition]]:
    if any(r.lead is Lead.NO_SUIT for r in edition.roles):
        for lead in Lead:
            if lead is not edition.character_after_pass:
                yield PREFIX + "escape-lead-then-character", _with(edition, character_after_pass=lead)


def _character_lead(edition: Edition) -> Iterator[tuple[str, Edition]]:
    # The characters are the roles a precedence rule picks (they beat numbered cards, as
    # an escape never does) but the beasts' (their lead is the official FAQ's,
    # undisputed). The other reading swaps their lead: no suit for the trick, or the
    # next numbered card sets it (the original edition's data has every special card
    # lead so, escapes too: only the precedence tells its characters apart).
    beasts = {k.role for k in edition.kinds if k.effect is not None}
    characters = {r.of for r in edition.precedence} - beasts
    if any(r.id in characters for r in edition.roles):
        roles = tuple(
            r._replace(lead=Lead.PASS if r.lead is Lead.NO_SUIT else Lead.NO_SUIT) if r.id in characters else r
            for r in edition.roles
        )
        yield PREFIX + "character-lead", _with(edition, roles=roles)


#: The leaders after a trick nobody wins that the sources name (after the Kraken's
#: trick, after a White Whale's trick of special cards only).
_LEADERS = (NextLeader.WOULD_HAVE_WON_WITHOUT_EFFECTS, NextLeader.LEFT_OF_EFFECT_PLAYER, NextLeader.EFFECT_PLAYER)


def _leader_after(edition: Edition) -> Iterator[tuple[str, Edition]]:
    for at, effect in enumerate(edition.effects):
        if effect.kind not in (EffectKind.DESTROY_TRICK, EffectKind.NEUTRALIZE):
            continue
        for leader in _LEADERS:
            if effect.next_leader[:1] != (leader,):
                effects = list(edition.effects)
                effects[at] = effect._replace(next_leader=(leader,))
                yield f"{PREFIX}leader-after-{tag(effect.id)}", _with(edition, effects=tuple(effects))


def _when_several(edition: Edition) -> Iterator[tuple[str, Edition]]:
    if sum(1 for e in edition.effects if e.kind is not EffectKind.ALLIANCE) > 1:
        for order in WhenSeveral:
            if order is not edition.when_several:
                yield PREFIX + "effects-in-one-trick", _with(edition, when_several=order)


def _alliance_under(edition: Edition) -> Iterator[tuple[str, Edition]]:
    if not any(e.kind is EffectKind.ALLIANCE for e in edition.effects):
        return
    for at, effect in enumerate(edition.effects):
        if effect.kind is EffectKind.NEUTRALIZE:
            effects = list(edition.effects)
            effects[at] = effect._replace(cancels_alliances=not effect.cancels_alliances)
            yield f"{PREFIX}alliance-under-{tag(effect.id)}", _with(edition, effects=tuple(effects))


def _ghost_lead(edition: Edition) -> Iterator[tuple[str, Edition]]:
    if edition.ghost is not None:
        for leads in ("ghost", "trick_leader"):
            if leads != edition.ghost.wins_lead:
                yield PREFIX + "ghost-lead", _with(edition, ghost=edition.ghost._replace(wins_lead=leads))


def _escapes_only_under(edition: Edition) -> Iterator[tuple[str, Edition]]:
    # A trick a neutralizing effect turns with only escape-type cards in it (its
    # `becomes` role, as printed): discarded like one of special cards only, or won by
    # its first escape-type card? The other reading spares the `becomes` role and turns
    # the other special cards into a role of their own, which the effect's precedence
    # then looks for: none in the trick, its first card of the `becomes` role wins. (An
    # edition that spares the role already reads it so: no variant from that side.)
    ids = [r.id for r in edition.roles]
    turned = "character"
    while turned in ids:
        turned += "_"
    for at, effect in enumerate(edition.effects):
        becomes = effect.becomes
        if effect.kind is not EffectKind.NEUTRALIZE or becomes is None or becomes in effect.spares:
            continue
        names = (*ids, turned, *TRICK_NAMES, *TRICK_ROUND_NAMES)
        rule = Rule(
            id="escapes-only",
            description=f"only {becomes} cards as printed under the {effect.id} - the first wins",
            when=compile_expression(f"{turned} == 0", names, "truth value"),
            pick=Pick.FIRST,
            of=becomes,
            source=effect.source,
        )
        changed = effect._replace(
            becomes=turned, spares=effect.spares | {becomes}, precedence=(*_renamed(effect.precedence, names), rule)
        )
        effects = tuple(changed if i == at else _with_rules(e, names) for i, e in enumerate(edition.effects))
        roles = (*edition.roles, Role(turned, len(ids), Lead.NO_SUIT, f"a special card under the {effect.id}"))
        precedence = _renamed(edition.precedence, names)
        other = _with(edition, roles=roles, effects=effects, precedence=precedence)
        yield f"{PREFIX}escapes-only-under-{tag(effect.id)}", other


def _renamed(rules: tuple[Rule, ...], names: tuple[str, ...]) -> tuple[Rule, ...]:
    """``rules`` with their conditions reading ``names`` (the edition's roles with one
    added: a condition reads the roles' counts in their order, then the trick's names)."""
    return tuple(
        r if r.when is None else r._replace(when=restore(r.when.source, names, r.when.type, r.when.tree)) for r in rules
    )


def _with_rules(effect: Effect, names: tuple[str, ...]) -> Effect:
    return effect._replace(precedence=_renamed(effect.precedence, names))


def _alliance_in_part(edition: Edition) -> Iterator[tuple[str, Edition]]:
    # A scheme case that pays part of the capture bonuses for a bid it does not count
    # as made (Rascal's glancing blow, a bid missed by one: half of them), and no
    # alliance: does an alliance pay its part too? Both allies must make their bid,
    # says the official FAQ; the 2021 rulebook's sentence on bonuses reads as paying
    # half. The other reading counts the bid as made in that case too (an alliance pays
    # only when both allies made theirs) and pays the alliance there as the bonuses.
    schemes = tuple(map(_paid_in_part, edition.schemes))
    if schemes != edition.schemes:
        yield PREFIX + "alliance-paid-in-part", _with(edition, schemes=schemes)


def _paid_in_part(scheme: Scheme) -> Scheme:
    """``scheme`` under the other reading of :func:`_alliance_in_part` (itself where no
    case pays part of the bonuses and no alliance)."""
    made, cases = scheme.made, list(scheme.cases)
    for at, case in enumerate(scheme.cases):
        reads = case.points.variables
        if "bonus" not in reads or "alliance" in reads or case.when is None:
            continue
        if not case.when.variables <= set(made.names):
            continue
        try:
            share = case.points.evaluate({"bonus": 20}) - case.points.evaluate({})
        except FormulaError:  # (a formula dividing by a name that is 0 here: not a share)
            continue
        if not 0 < share < 20:  # (all of the bonuses, or none: not a part)
            continue
        text = case.points.source
        for column, _ in sorted(case.points.places(["bonus"]), reverse=True):
            text = f"{text[: column - 1]}(bonus + alliance){text[column - 1 + len('bonus') :]}"
        cases[at] = case._replace(points=compile_expression(text, case.points.names, "number"))
        made = compile_expression(f"({made.source}) or ({case.when.source})", made.names, "truth value")
    return scheme if made is scheme.made else scheme._replace(made=made, cases=tuple(cases))


def _wager_after_last_trick(edition: Edition) -> Iterator[tuple[str, Edition]]:
    # A wager an ability grants (Rascal of Roatan's): may it still be made when the
    # card wins the round's last trick? Only the bid change may, say the 2021 rulebook
    # and the official FAQ; the wager too, the Legendary Edition's printable (as a Go
    # implementation's issue threads quote it). The other abilities act on the tricks
    # left to play, so after the last they would change nothing (an edition cannot
    # grant them there).
    wagers = edition.wagers
    if wagers is not None and wagers.card is not None:
        other = wagers._replace(after_last_trick=not wagers.after_last_trick)
        yield PREFIX + "wager-after-last-trick", _with(edition, wagers=other)


def _declared_in_bonus(edition: Edition) -> Iterator[tuple[str, Edition]]:
    # A capture bonus naming a role a card may be declared as: does a card of that role
    # played as another (declared an escape) count? A bonus reads the card as played
    # (`roles`), or as printed: `printed_roles`, or a pattern naming the card beside
    # one that names the role (the original edition's Scary Mary). The other reading
    # swaps `roles` and `printed_roles`, and drops such a card from its pattern.
    declared = {kind.id: {d.role for d in kind.declarations} for kind in edition.kinds if kind.declarations}
    roles = set().union(*declared.values())
    bonuses = [_other_bonus(bonus, declared, roles) for bonus in edition.bonuses]
    if bonuses != list(edition.bonuses):
        yield PREFIX + "declared-card-in-a-bonus", _with(edition, bonuses=tuple(bonuses))


def _other_bonus(bonus: Bonus, declared: dict[str, set[str]], roles: set[str]) -> Bonus:
    """``bonus`` under the other reading of a declared card (:func:`_declared_in_bonus`):
    ``declared`` is each card's roles it may be declared as, ``roles`` all of them."""
    played = set().union(*(p.roles for p in bonus.captured if p.roles is not None and p.printed_roles is None))
    patterns: list[Pattern] = []
    printed = False  # (whether the bonus reads a declared card as printed)
    for pattern in bonus.captured:
        if pattern.printed_roles is not None and pattern.roles is None and pattern.printed_roles & roles:
            printed = True
            patterns.append(pattern._replace(roles=pattern.printed_roles, printed_roles=None))
        elif (
            pattern.cards is not None
            and pattern.roles is None
            and any(declared.get(c, set()) & played for c in pattern.cards)
        ):
            printed = True
            kept = frozenset(c for c in pattern.cards if not declared.get(c, set()) & played)
            patterns.extend([pattern._replace(cards=kept)] if kept else [])
        else:
            patterns.append(pattern)
    if printed:
        return bonus._replace(captured=tuple(patterns))
    swapped = [
        p._replace(roles=None, printed_roles=p.roles)
        if p.roles is not None and p.printed_roles is None and p.roles & roles
        else p
        for p in bonus.captured
    ]
    return bonus._replace(captured=tuple(swapped))


DISPUTES: tuple[Dispute, ...] = (
    Dispute(
        PREFIX + "escape-lead-then-character",
        "An escape-type card leads and a character follows: does the next numbered card set the suit?",
        ("An escape lead, then a character",),
        _character_after_pass,
    ),
    Dispute(
        PREFIX + "character-lead",
        "A character leads: does the next numbered card set the suit?",
        ("Suit after a character lead",),
        _character_lead,
    ),
    Dispute(
        PREFIX + "leader-after-{effect}",
        "Who leads after a trick the {effect} leaves to nobody: its player, the player to its left, or the player "
        "who would have won without it?",
        ("Leader after a Kraken", "Leader after a White Whale trick without numbered cards"),
        _leader_after,
    ),
    Dispute(
        PREFIX + "effects-in-one-trick",
        "Two trick-altering cards in one trick: does the first or the last played take effect?",
        ("Kraken and White Whale in one trick",),
        _when_several,
    ),
    Dispute(
        PREFIX + "alliance-under-{effect}",
        "An alliance card is played in a trick the {effect} turns: does the alliance stand?",
        ("The White Whale and a Loot alliance",),
        _alliance_under,
    ),
    Dispute(
        PREFIX + "ghost-lead",
        "The two-player ghost hand wins a trick: does he lead the next, or the player who led it?",
        ("Leader after Graybeard wins a trick",),
        _ghost_lead,
    ),
    Dispute(
        PREFIX + "declared-card-in-a-bonus",
        "A capture bonus for a role, and a card of that role played as another (declared an escape): does it count?",
        ("The Skull King capturing a card played as an escape",),
        _declared_in_bonus,
    ),
    Dispute(
        PREFIX + "escapes-only-under-{effect}",
        "A trick the {effect} turns holds only escape-type cards: is it discarded, or won by the first of them?",
        ("A White Whale trick of escapes only",),
        _escapes_only_under,
    ),
    Dispute(
        PREFIX + "alliance-paid-in-part",
        "A scheme pays part of the capture bonuses for a bid missed by one: does an alliance pay its part too?",
        ("Rascal's scoring and the Loot",),
        _alliance_in_part,
    ),
    Dispute(
        PREFIX + "wager-after-last-trick",
        "The card that grants a wager wins the round's last trick: may the wager still be made?",
        ("Abilities after the round's last trick",),
        _wager_after_last_trick,
    ),
    # When a bid change is made (at once, or after the round's last trick: `timing`)
    # is disputed too, but no vector's answer hangs on it: the bid scored is the same
    # either way, no trick's leader or winner reads a bid, and a game vector's answers
    # are taken by kind (gamevectors.play_game), so that asking later asks nothing else.
)


def variants(edition: Edition) -> list[tuple[str, Edition]]:
    """The edition under each other reading of each point of :data:`DISPUTES` that
    arises in it, with the point's tag."""
    return [found for dispute in DISPUTES for found in dispute.variants(edition)]


def disputed_tags(edition: Edition) -> list[tuple[str, str]]:
    """Each tag of a disputed reading that arises in ``edition`` (a vector of it may
    carry it), with the point's question."""
    found: dict[str, str] = {}
    for dispute in DISPUTES:
        stem = dispute.tag.split("{effect}")[0]
        for name, _ in dispute.variants(edition):
            effect = name.removeprefix(stem).replace("-", " ")
            found.setdefault(name, dispute.question.replace("{effect}", effect))
    return list(found.items())
