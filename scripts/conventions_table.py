"""Prints the table of the values the bundled editions give to the main points where
the sources of the rules disagree, read from the edition files, for the page of the
bundled editions (docs/editions.md). Each disputed row links to its point on
docs/conventions.md (scripts/conventions_page.py).

    python scripts/conventions_table.py          # print the table
    python scripts/conventions_table.py --write  # replace it in docs/editions.md

A test keeps docs/editions.md in step with the files.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conventions_page import POINTS, anchor

import skullking
from skullking.core.resources import bundled_edition_files
from skullking.edition import Edition
from skullking.model.records import EffectKind, Pattern

START, END = "<!-- conventions:start -->", "<!-- conventions:end -->"
EDITIONS_PAGE = Path(__file__).resolve().parent.parent / "docs" / "editions.md"


def _leader(edition: Edition, kind: EffectKind) -> str:
    found = [", ".join(e.next_leader) for e in edition.effects if e.kind is kind]
    return "; ".join(found) or "-"


def _pattern(pattern: Pattern) -> str:
    parts = []
    for name in ("roles", "suits", "ranks", "cards", "printed_roles"):
        value = getattr(pattern, name)
        if value is not None:
            parts.append(f"{name.replace('_', ' ')} {'/'.join(sorted(map(str, value)))}")
    return " ".join(parts)


def _king_bonus(edition: Edition) -> str:
    for bonus in edition.bonuses:
        king = bonus.winner is not None and any("skull" in r for r in bonus.winner.roles or ())
        if king and any(p.roles and any("pirate" in r for r in p.roles) for p in bonus.captured):
            counted = " or ".join(_pattern(p) for p in bonus.captured)
            return f"+{bonus.points} per card: {counted}"
    return "-"


def _zero(edition: Edition) -> str:
    scheme = edition.scheme()
    for case in scheme.cases:
        if case.when is not None and "bid == 0" in case.when.source and "won == 0" in case.when.source:
            return f"`{case.points.source}`"
    return "-"


#: Where the disputed points are explained, relative to the editions page.
PAGE = "conventions.md"


def _link(title: str, label: str | None = None) -> str:
    """A row label linking to a point of the conventions page (which must have it)."""
    if title not in {p.title for p in POINTS}:
        raise SystemExit(f"docs/conventions.md has no point {title!r}")
    return f"[{label or title}]({PAGE}#{anchor(title)})"


def rows() -> list[tuple[str, list[str]]]:
    editions = [skullking.load_edition(ident) for ident in bundled_edition_files()]
    table: list[tuple[str, list[str]]] = [
        ("players", [f"{e.min_players}-{e.max_players}" for e in editions]),
        ("cards (all modules)", [str(len(e.deck())) for e in editions]),
        (
            "modules",
            [
                ", ".join(
                    m.id
                    + (" (optional)" if m.optional else "")
                    + (f" (from {m.min_players} players)" if m.min_players > 1 else "")
                    for m in e.modules
                )
                for e in editions
            ],
        ),
        (_link("Leader after a Kraken"), [_leader(e, EffectKind.DESTROY_TRICK) for e in editions]),
        (
            _link("Leader after a White Whale trick without numbered cards"),
            [_leader(e, EffectKind.NEUTRALIZE) for e in editions],
        ),
        (
            _link("The White Whale and a Loot alliance"),
            [
                "; ".join(
                    "cancelled" if x.cancels_alliances else "kept"
                    for x in e.effects
                    if x.kind is EffectKind.NEUTRALIZE and any(y.kind is EffectKind.ALLIANCE for y in e.effects)
                )
                or "-"
                for e in editions
            ],
        ),
        (
            _link("Kraken and White Whale in one trick"),
            [
                e.when_several if sum(x.kind is not EffectKind.ALLIANCE for x in e.effects) > 1 else "-"
                for e in editions
            ],
        ),
        (
            _link("Suit after a character lead"),
            [
                "no suit" if any(r.lead == "no_suit" for r in e.roles) else "next numbered card sets the suit"
                for e in editions
            ],
        ),
        (_link("An escape lead, then a character"), [e.character_after_pass for e in editions]),
        (_link("Zero bid points", "Made zero bid"), [_zero(e) for e in editions]),
        (
            _link("The Skull King capturing a card played as an escape", "Skull King's pirate bonus"),
            [_king_bonus(e) for e in editions],
        ),
        (
            _link("Leader after Graybeard wins a trick", "Leader after the two-player ghost wins"),
            [
                f"{e.ghost.name}: " + ("he leads" if e.ghost.wins_lead == "ghost" else "the trick's leader leads")
                if e.ghost
                else "-"
                for e in editions
            ],
        ),
        (
            _link(
                "Leader after a Kraken trick Graybeard would have won", "Leader after a trick the ghost would have won"
            ),
            [e.ghost.destroyed_lead if e.ghost else "-" for e in editions],
        ),
        (
            _link("When Harry the Giant changes his bid", "Harry's bid change"),
            [
                (e.bid_changes.timing.replace("_", " ") if e.bid_changes is not None and e.bid_changes.card else "-")
                for e in editions
            ],
        ),
        (
            _link("Abilities after the round's last trick"),
            [
                ", ".join(
                    c.card
                    for c in (e.wagers, e.bid_changes)
                    if c is not None and c.card is not None and c.after_last_trick
                )
                or "-"
                for e in editions
            ],
        ),
        (_link("A tie for first"), [e.ties for e in editions]),
    ]
    return [("edition", [f"`{e.id}`" for e in editions]), *table]


def render() -> str:
    table = rows()
    header, *body = table
    lines = [
        "| " + " | ".join(["", *header[1]]) + " |",
        "|" + "---|" * (len(header[1]) + 1),
    ]
    lines += ["| " + " | ".join([name, *values]) + " |" for name, values in body]
    return "\n".join(lines) + "\n"


def replace_in(text: str) -> str:
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{render()}{END}{tail}"


if __name__ == "__main__":
    if "--write" in sys.argv:
        EDITIONS_PAGE.write_text(replace_in(EDITIONS_PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        sys.stdout.write(render())
