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
from skullking.model.cards import Lead
from skullking.model.records import EffectKind, NextLeader, WhenSeveral

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
    from skullking.edition import Edition

    fields = {name: getattr(edition, name) for name in edition.FIELDS}
    return Edition(**{**fields, **changed})


def _character_after_pass(edition: Edition) -> Iterator[tuple[str, Edition]]:
    if any(r.lead is Lead.NO_SUIT for r in edition.roles):
        for lead in Lead:
            if lead is not edition.character_after_pass:
                yield PREFIX + "escape-lead-then-character", _with(edition, character_after_pass=lead)


def _character_lead(edition: Edition) -> Iterator[tuple[str, Edition]]:
    # the characters: roles leading no suit whose cards have no effect (the beasts' lead
    # is the official FAQ's, undisputed)
    beasts = {k.role for k in edition.kinds if k.effect is not None}
    flipped = [r for r in edition.roles if r.lead is Lead.NO_SUIT and r.id not in beasts]
    if flipped:
        roles = tuple(r._replace(lead=Lead.PASS) if r in flipped else r for r in edition.roles)
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


def _bid_change_timing(edition: Edition) -> Iterator[tuple[str, Edition]]:
    if edition.bid_changes is not None:
        for timing in ("immediate", "end_of_round"):
            if timing != edition.bid_changes.timing:
                changes = edition.bid_changes._replace(timing=timing)
                yield PREFIX + "bid-change-timing", _with(edition, bid_changes=changes)


def _declared_in_bonus(edition: Edition) -> Iterator[tuple[str, Edition]]:
    # a capture bonus naming a role a card may be declared as: does a card of that role
    # played as another (declared an escape) count? 'roles' reads the card as played,
    # 'printed_roles' as printed: the other reading swaps the one for the other
    declared = {d.role for kind in edition.kinds for d in kind.declarations}
    bonuses, changed = [], False
    for bonus in edition.bonuses:
        patterns = []
        for pattern in bonus.captured:
            other = pattern
            if pattern.roles is not None and pattern.printed_roles is None and pattern.roles & declared:
                other = pattern._replace(roles=None, printed_roles=pattern.roles)
            elif pattern.printed_roles is not None and pattern.roles is None and pattern.printed_roles & declared:
                other = pattern._replace(roles=pattern.printed_roles, printed_roles=None)
            changed = changed or other is not pattern
            patterns.append(other)
        bonuses.append(bonus._replace(captured=tuple(patterns)))
    if changed:
        yield PREFIX + "declared-card-in-a-bonus", _with(edition, bonuses=tuple(bonuses))


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
        PREFIX + "bid-change-timing",
        "A bid change an ability grants: made at once, or after the round's last trick?",
        ("When Harry the Giant changes his bid",),
        _bid_change_timing,
    ),
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
