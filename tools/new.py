"""``skullking new NAME --extends ID``: a commented house-rule file to start from.

The file extends its base, makes one small change that works (a bonus worth ten points
more), and lists in comments what else an overlay can change, each as a block to
uncomment, written with the base edition's own ids. Every block is valid on its own: a
test uncomments each in turn (``render(..., uncomment=i)``), validates the file and
checks that ``explain`` then reads differently.
"""

from __future__ import annotations

import re
import textwrap
from itertools import product
from typing import TYPE_CHECKING, NamedTuple

from skullking.core.errors import SkullKingError, printable
from skullking.language.expr import Expression
from skullking.model.records import EffectKind, NextLeader, Pick

if TYPE_CHECKING:
    from skullking.edition import Edition

#: An edition id: what ``id:`` accepts.
ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")

#: Comment lines are wrapped to this width.
WIDTH = 92

#: Where the disputed points are explained, for the file's header.
CONVENTIONS = "docs/conventions.md in the skullking-rules repository"


class Step(NamedTuple):
    """One thing to change next: why (comment lines) and how (YAML, commented out)."""

    why: tuple[str, ...]
    yaml: tuple[str, ...]


class Change(NamedTuple):
    """The working change the new file makes."""

    what: str
    yaml: tuple[str, ...]
    #: A trick that shows the change (``skullking trick`` arguments), if one was found.
    trick: str | None


def _first_change(base: Edition) -> Change:
    """A bonus worth ten points more (or, without bonuses, a new one for the top card
    of the first suit), and a two-card trick that earns it."""
    if base.bonuses:
        bonus = base.bonuses[0]
        points = bonus.points
        # (a formula of the round, as in 'points: round', becomes '(round) + 10')
        more = f"'({points.source}) + 10'" if isinstance(points, Expression) else str(points + 10)
        was = f"'{points.source}'" if isinstance(points, Expression) else str(points)
        what = f"the '{bonus.id}' bonus pays {more.strip(chr(39))} instead of {was.strip(chr(39))}"
        lines: tuple[str, ...] = (f"  {bonus.id}: {{points: {more}}}",)
        ident = bonus.id
        others = ", ".join(
            f"{b.id} (+{b.points.source if isinstance(b.points, Expression) else b.points})" for b in base.bonuses[1:]
        )
        if others:
            # A second bonus, to remove: a commented line the author can uncomment.
            lines += (
                *(f"  # {line}" for line in textwrap.wrap(f"Bonuses here: {others}.", width=WIDTH - 4)),
                f"  # {base.bonuses[1].id}: null    # null removes a bonus",
            )
    else:
        suit = base.suits[0]
        ident = "house-bonus"
        what = f"a new bonus: +10 for capturing the {suit.id} {suit.ranks[-1]}"
        lines = (
            f"  {ident}:",
            "    points: 10",
            f"    captured: {{suits: [{suit.id}], ranks: [{suit.ranks[-1]}]}}",
            "    description: A house bonus.",
        )
    return Change(what=what, yaml=("bonuses:", *lines), trick=_trick_earning(base, ident))


def _trick_earning(base: Edition, bonus: str) -> str | None:
    """The first two-card trick (in deck order) whose winner earns ``bonus``."""
    if base.bonuses and bonus not in {b.id for b in base.bonuses}:
        return None
    codes = list(base.plays)
    players = max(2, base.min_players)
    rules = base.at_round(1, players)  # (the rules of a round: a bonus may change with it)
    for a, b in product(codes, codes):
        try:
            result = rules.resolve_trick([a, b], players=players)
        except SkullKingError:
            continue
        if bonus in result.bonuses:
            return f"{a} {b}"
    return None


def _other(current: str, choices: list[str]) -> str:
    return next(c for c in choices if c != current)


def _steps(base: Edition) -> list[Step]:
    """What the author may change next, written with the base's ids (only what applies)."""
    steps: list[Step] = []
    leaders = [e for e in base.effects if e.kind is not EffectKind.ALLIANCE]
    if leaders:
        effect = leaders[0]
        ways = [str(n) for n in NextLeader]
        # The alternative offered: the most common other reading first.
        preferred = ["left_of_effect_player", "would_have_won_without_effects", "effect_player", "trick_leader"]
        steps.append(
            Step(
                (
                    "Who leads after a trick nobody wins: an effect's next_leader, ways tried in order:",
                    f"{', '.join(ways)}.",
                    f"Effects here: {', '.join(e.id for e in base.effects)}."
                    + (" effects.when_several says which of two in one trick acts." if len(leaders) > 1 else ""),
                ),
                (
                    "effects:",
                    "  list:",
                    f"    {effect.id}: {{next_leader: [{_other(effect.next_leader[0], preferred)}]}}",
                ),
            )
        )
        if not effect.counts_for:  # (a base that counts it for somebody already says so)
            steps.append(
                Step(
                    (
                        "Who a trick nobody wins counts for, as a trick won: an effect's counts_for, the same",
                        "ways (or nobody, the default); bonuses: paid pays that player the trick's bonuses.",
                    ),
                    (
                        "effects:",
                        "  list:",
                        f"    {effect.id}: {{counts_for: [would_have_won_without_effects]}}",
                    ),
                )
            )
    rules = [r for r in base.precedence if r.pick in (Pick.FIRST, Pick.LAST)]
    if rules:
        rule = rules[0]
        flipped = "last" if rule.pick is Pick.FIRST else "first"
        steps.append(
            Step(
                (
                    "Who wins a trick: the precedence rules, tried in order. Change one by its id, or add one",
                    "in list form ('- id: my-rule', with 'before: ID' or 'after: ID', a 'winner' and maybe a 'when').",
                    f"Rules here: {', '.join(r.id for r in base.precedence)}.",
                ),
                ("precedence:", f"  {rule.id}: {{winner: {{pick: {flipped}}}}}"),
            )
        )
    scoring = [
        "Scoring: the first case of a scheme whose 'when' holds gives the points; change a case by its",
        f"id. Schemes here: {', '.join(s.id for s in base.schemes)}. A tie for first: 'shared' or 'extra_round'.",
    ]
    scheme = base.scheme()
    lines = ["scoring:", f"  ties: {_other(base.ties, ['shared', 'extra_round'])}", "  schemes:", f"    {scheme.id}:"]
    named = [(case.id, case) for case in scheme.cases if case.id]
    if named:
        ident, case = named[0]
        scoring.append(f"Cases of '{scheme.id}': {', '.join(i for i, _ in named)}.")
        lines += ["      cases:", f"        {ident}: {{points: {case.points.source} + 10}}"]
    scoring.append(
        "Adjustments then change the points of whichever case applied, read as 'points': here the last round "
        "counts double (a catch-up bonus: 'when: last == 1 and won == bid, points: points + 10', where 'last' "
        "is 1 for the players in last place before the round)."
    )
    lines += ["      adjustments:", "        last-round-doubled: {when: last_round == 1, points: points * 2}"]
    steps.append(Step(tuple(scoring), tuple(lines)))
    if len(base.schedules) > 1:
        other = _other(base.default_schedule, [s.id for s in base.schedules])
        steps.append(
            Step(
                (
                    "The rounds: the default schedule, or a new one ('variants: {my-game: {rounds: [1, 3, 5]}}').",
                    f"Schedules here: {', '.join(s.id for s in base.schedules)}.",
                ),
                ("schedule:", f"  default: {other}"),
            )
        )
    else:
        steps.append(
            Step(
                ("The rounds: a new schedule, made the default.",),
                (
                    "schedule:",
                    "  default: short-game",
                    "  variants:",
                    "    short-game: {title: A short game, rounds: [1, 3, 5]}",
                ),
            )
        )
    if base.max_players > base.min_players:
        steps.append(Step(("How many may play.",), (f"players: {{max: {base.max_players - 1}}}",)))
    suit = base.suits[0]
    steps.append(
        Step(
            (
                "Copies: a suit's cards twice each (copies), or every card twice (deck: {copies: 2}: two decks",
                "for a big table, with players.max raised); deck.identical says which of two identical cards",
                "wins (first_played or last_played).",
            ),
            ("deck:", f"  suits: {{{suit.id}: {{copies: 2}}}}", "  identical: last_played"),
        )
    )
    optional = [m for m in base.modules if m.optional]
    if optional:
        module = optional[0]
        steps.append(
            Step(
                (
                    "Modules: a group of cards used only from some number of players on.",
                    f"Modules here: {', '.join(m.id for m in base.modules)}.",
                ),
                ("modules:", f"  {module.id}: {{min_players: {max(module.min_players, base.min_players) + 1}}}"),
            )
        )
    if base.abilities:
        ability = base.abilities[0]
        steps.append(
            Step(
                (
                    "The pirates' abilities: null removes one (winning with its card then grants nothing).",
                    f"Abilities here: {', '.join(a.id for a in base.abilities)}.",
                ),
                ("abilities:", f"  {ability.id}: null"),
            )
        )
    steps.append(
        Step(
            (
                "Leading: after an escape-type lead, whether a character leaves the trick without a suit",
                "('no_suit') or passes the choice on to the first numbered card ('pass').",
            ),
            ("lead:", f"  character_after_pass: {_other(base.character_after_pass, ['no_suit', 'pass'])}"),
        )
    )
    steps.append(
        Step(
            (
                "Bidding: the range of a bid, the order (simultaneous or in_turn), and rules every round's",
                "bids must keep: here the bids may not add up to the cards dealt.",
            ),
            (
                "bidding:",
                "  order: in_turn",
                "  rules:",
                "    no-exact-total: {require: total_bids != cards, description: the bids may not add up to the cards}",
            ),
        )
    )
    steps.append(
        Step(
            (
                "Play: who leads a round's first trick (a seat formula, which may read the game so far:",
                "here whoever won the previous round's last trick; also previous_top_scorer, first_place,",
                "last_place, or a seat number such as '0'), who deals (dealer), and whether suit must be",
                "followed.",
            ),
            ("play:", "  first_leader: previous_last_winner", "  follow_suit: may"),
        )
    )
    if base.ghost is not None:
        steps.append(Step((f"Two-player games without {base.ghost.name}, the ghost hand.",), ("ghost: null",)))
    return steps


def steps(base: Edition) -> int:
    """How many blocks ``render`` writes to uncomment."""
    return len(_steps(base))


def render(base: Edition, *, name: str, extends: str, schema: str, uncomment: int | None = None) -> str:
    """The new overlay's text. ``uncomment`` (for tests) writes block ``uncomment`` of
    the what-next list as live YAML instead of a comment."""
    change = _first_change(base)
    file = f"{name}.yaml"
    commands = [
        (f"skullking validate {file}", "check it: every problem with its line and column"),
        (f"skullking explain --edition {file}", "its rules, each naming the file that set it"),
        *(
            [(f"skullking trick --edition {file} {change.trick}", "a trick that earns that bonus")]
            if change.trick
            else []
        ),
        (f"skullking diff {extends} {file}", "what changes, and which tricks and rounds it changes"),
    ]
    width = max(len(command) for command, _ in commands)
    prose = [
        f"{name}: house rules on top of {extends}, {base.title}. This file states only what it changes; "
        f"everything else comes from {base.id}. Lists of items with an id (cards, suits, rules, effects, bonuses, "
        "schemes, scoring cases, schedules) are written as a mapping from id to what changes; null removes an item.",
        "Editors with the YAML language server check the file as you type and describe every key (the schema "
        "line above). Where the sources disagree, every reading is a value: the bundled editions' choices are "
        f"listed in {CONVENTIONS}.",
    ]
    head = [
        f"# yaml-language-server: $schema={schema}",
        "#",
        *_comment(prose[0]),
        "#",
        *(f"#   {command:<{width}}  {does}" for command, does in commands),
        "#",
        *_comment(prose[1]),
        f"extends: {extends}",
        f"id: {name}",
        f"title: {name} ({base.id} with house rules)",
        "",
        *_comment(f"The change this file makes: {change.what}."),
        *change.yaml,
        "",
        *_comment(
            f"What to change next: uncomment a block and edit it. 'skullking explain --edition {base.id}' shows "
            "every rule of the base with its id."
        ),
        "#",
    ]
    blocks = []
    for number, step in enumerate(_steps(base)):
        live = number == uncomment
        lines = [*_comment(" ".join(step.why)), *(line if live else f"# {line}" for line in step.yaml)]
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(head) + "\n" + "#\n".join(blocks)


def _comment(text: str) -> list[str]:
    """``text`` as comment lines of at most :data:`WIDTH` characters, a control character
    of the base's title or names in it escaped (YAML allows none in a file, even in a
    comment: the new file would not load)."""
    return [f"# {line}" for line in textwrap.wrap(printable(text), width=WIDTH - 2, break_on_hyphens=False)]
