"""What the codes and ids of an edition's conformance vectors mean, as data: every card
code (the suits and which is trump, the special cards, the cards declared when played
such as ``TIG:PIR``, the named cards), every rule id a trick's ``rule`` may name, every
capture bonus, scoring scheme (its cases and loads), module and schedule, and the tags
of the disputed readings. It is made from the edition, never written by hand, and
published with its vectors (``glossary`` in the one file of an edition's vectors) and
as the tables of ``docs/conformance.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skullking.analysis.disputes import disputed_tags

if TYPE_CHECKING:
    from skullking.edition import Edition


def _points(value: object) -> object:
    """A number of points as it is, or a formula as its text."""
    return value if isinstance(value, int) else str(getattr(value, "source", value))


def cards(edition: Edition) -> list[dict[str, Any]]:
    """Each card code: a suit's (its cards are the code and a rank, ``G14``), each
    special card's, each named card's and each card declared when played
    (``TIG:PIR``), with what it is."""
    found: list[dict[str, Any]] = []
    for suit in edition.suits:
        low, high = min(suit.ranks), max(suit.ranks)
        trump = suit.trump if isinstance(suit.trump, bool) else str(getattr(suit.trump, "source", suit.trump))
        what = f"{suit.id} suit, {suit.code}{low} to {suit.code}{high}" + (" (trump)" if trump is True else "")
        found.append(
            {
                "code": suit.code,
                "what": what,
                "suit": suit.id,
                "ranks": [low, high],
                "trump": trump,
                "module": suit.module,
            }
        )
    for kind in edition.kinds:
        role = kind.role or "declared when played"
        what = f"{kind.id.replace('_', ' ')} ({kind.copies} in the deck; {role.replace('_', ' ')})"
        entry = {"code": kind.code, "what": what, "kind": kind.id, "role": kind.role, "copies": kind.copies}
        found.append({**entry, "effect": kind.effect, "module": kind.module})
        for named in kind.individuals:
            name = named.names[0] if named.names else named.id
            what = f"{name}, a named {kind.id.replace('_', ' ')}" + (
                f": {named.description}" if named.description else ""
            )
            found.append({"code": named.code, "what": what, "kind": kind.id, "named": named.id, "role": kind.role})
        for declared in kind.declarations:
            code = f"{kind.code}:{declared.code}"
            what = f"{kind.id.replace('_', ' ')} played as {declared.role.replace('_', ' ')} (declared when played)"
            found.append(
                {"code": code, "what": what, "kind": kind.id, "declared": declared.role, "role": declared.role}
            )
    return found


def rules(edition: Edition) -> list[dict[str, Any]]:
    """Each id a trick's ``rule`` may name: the precedence rules, each effect, and the
    rules each effect brings (with the effect's id)."""
    found: list[dict[str, Any]] = [{"id": r.id, "what": r.description, "effect": None} for r in edition.precedence]
    for effect in edition.effects:
        found.append({"id": effect.id, "what": effect.description, "effect": effect.id, "kind": effect.kind.value})
        found += [{"id": r.id, "what": r.description, "effect": effect.id} for r in effect.precedence]
    return found


def glossary(edition: Edition) -> dict[str, Any]:
    """Every code and id the vectors of ``edition`` use, with what it is (see the
    module's description)."""
    schemes = [
        {
            "id": s.id,
            "title": s.title,
            "default": s.id == edition.default_scheme,
            "cases": [
                {"id": c.id, "when": c.when.source if c.when else None, "points": c.points.source} for c in s.cases
            ],
            "loads": list(s.loads),
        }
        for s in edition.schemes
    ]
    alliances = [
        {"id": e.id, "what": f"each ally of an alliance ({e.description})", "points": _points(e.points)}
        for e in edition.effects
        if e.points
    ]
    return {
        "cards": cards(edition),
        "rules": rules(edition),
        "bonuses": [{"id": b.id, "what": b.description, "points": _points(b.points)} for b in edition.bonuses]
        + alliances,
        "schemes": schemes,
        "modules": [{"id": m.id, "what": m.title, "optional": m.optional} for m in edition.modules],
        "schedules": [
            {"id": s.id, "what": s.title, "cards": list(s.rounds), "default": s.id == edition.default_schedule}
            for s in edition.schedules
        ],
        "disputed": [{"tag": name, "question": question} for name, question in disputed_tags(edition)],
    }
