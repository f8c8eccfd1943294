"""Writes docs/conventions.md: every point where the sources of the Skull King rules
disagree, each reading with its sources named in words and how an edition file says
it, and which bundled edition takes which reading. Which edition takes which is worked
out from the edition files, mostly by playing a trick or scoring a round under each.

    python scripts/conventions_page.py          # print the page
    python scripts/conventions_page.py --write  # write docs/conventions.md

A test keeps the page in step with the files. There are 28 points; the sources are
named in words, with the same names as the edition files' comments and `sources`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import skullking
from skullking.analysis.disputes import DISPUTES
from skullking.core.errors import SkullKingError
from skullking.core.resources import bundled_edition_files
from skullking.edition import Edition
from skullking.model.records import EffectKind
from skullking.rounds.seating import table_seating, table_trick

PAGE = Path(__file__).resolve().parent.parent / "docs" / "conventions.md"

# Sources, in words (as the edition files name them).
FAQ = "the official FAQ"
RULEBOOK_2021 = "the 2021 rulebook"  # as first printed
RULEBOOK_2024 = "the 2024 printing of the rulebook"  # one transcription of it
FRENCH = "the French rulebook (Blackrock Games, 2022)"
GUIDE = "an English rules guide"
GERMAN = "a German score keeper's article on the Kraken, the White Whale and the Loot"
SWISS = "a Swiss German rules page for the 2021 edition"
BGA_JA = "Board Game Arena's Japanese game help"
JP_BLOG = "a Japanese blog on the 2021 advanced cards"
ORIGINAL = "the original edition's rules"
FR_NOTES = "a French score keeper's design notes"
FR_EN = "a machine translation of the French rules"
THIRD_PARTY = "third-party score apps"
CSHARP = "a C# implementation's trick test suite"
GO = "a Go implementation"
GO_THREADS = "a Go implementation's issue threads"


class Reading(NamedTuple):
    says: str
    sources: str
    #: How an edition file says it.
    value: str


class Point(NamedTuple):
    #: The heading (its anchor is what the README and explain link to).
    title: str
    question: str
    readings: tuple[Reading, ...]
    #: Which readings an edition takes: (reading index, a note) pairs; none when the
    #: point does not arise in the edition (the note of ``absent`` says why).
    takes: Callable[[Edition], list[tuple[int, str]]]
    absent: str = "the point does not arise"
    #: A file of the repository with an overlay that takes a reading no bundled edition takes.
    example: str = ""
    #: Why no conformance vector's answer hangs on the point, where none does (its
    #: vectors then carry no tag of it).
    untagged: str = ""


def anchor(title: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^a-z0-9 -]", "", title.lower()).replace(" ", "-")


# ---------------------------------------------------------------------- classifiers


def _code(edition: Edition, *, role: str | None = None, effect: EffectKind | None = None) -> str | None:
    """The code of a special card playing ``role`` (or having an effect of that kind)."""
    kinds = {e.id: e.kind for e in edition.effects}
    for kind in edition.kinds:
        if role is not None and kind.role == role and kind.effect is None:
            return kind.code
        if effect is not None and kind.effect is not None and kinds.get(kind.effect) is effect:
            return kind.code
    return None


def _resolve(edition: Edition, cards: list[str | None]) -> skullking.TrickResult | None:
    if any(card is None for card in cards):
        return None
    try:
        return edition.resolve_trick([c for c in cards if c is not None])
    except SkullKingError:
        return None


def _leader(kind: EffectKind, readings: list[str]) -> Callable[[Edition], list[tuple[int, str]]]:
    def takes(edition: Edition) -> list[tuple[int, str]]:
        found = [e.next_leader[0] for e in edition.effects if e.kind is kind]
        return [(readings.index(f), "") if f in readings else (-1, f"`{f}`") for f in found]

    return takes


def _whale_escapes(edition: Edition) -> list[tuple[int, str]]:
    escape, whale = _code(edition, role="escape"), _code(edition, effect=EffectKind.NEUTRALIZE)
    result = _resolve(edition, [escape, whale, escape])
    return [] if result is None else [(0 if result.winner is None else 1, "")]


def _beasts(edition: Edition) -> list[tuple[int, str]]:
    altering = [e for e in edition.effects if e.kind is not EffectKind.ALLIANCE]
    if len(altering) < 2:
        return []
    return [(0 if edition.when_several == "last_played" else 1, "")]


def _whale_loot(edition: Edition) -> list[tuple[int, str]]:
    """A Loot, a 9 and the White Whale: the 9 wins; is the Loot's player its ally?"""
    loot, whale = _code(edition, effect=EffectKind.ALLIANCE), _code(edition, effect=EffectKind.NEUTRALIZE)
    suit = next((s for s in edition.suits if 9 in s.ranks), None)
    result = _resolve(edition, [loot, None if suit is None else f"{suit.code}9", whale])
    if result is None or result.winner != 1:
        return []
    return [(0 if result.alliances else 1, "")]


def _ghost(edition: Edition) -> list[tuple[int, str]]:
    if edition.ghost is None:
        return []
    return [(0 if edition.ghost.wins_lead == "ghost" else 1, "")]


def _ghost_destroyed(edition: Edition) -> list[tuple[int, str]]:
    """At the ghost's table, the first player leads a 5, the ghost turns over a 9 and
    the last player plays the Kraken: when the Kraken's rule names the ghost (he would
    have won), does he lead the next trick or does the trick's leader?"""
    ghost, kraken = edition.ghost, _code(edition, effect=EffectKind.DESTROY_TRICK)
    suit = next((s for s in edition.suits if not s.trump and {5, 9} <= set(s.ranks)), None)
    if ghost is None or kraken is None or suit is None:
        return []
    seated = table_seating(edition, [f"P{seat}" for seat in range(1, ghost.players + 1)], 0)
    seats = seated.order
    codes = [f"{suit.code}9" if seat == ghost.players else f"{suit.code}5" for seat in seats]
    codes[max(i for i, seat in enumerate(seats) if seat != ghost.players)] = kraken
    try:
        trick = table_trick(edition, edition.parse_cards(" ".join(codes)), seated)
    except SkullKingError:
        return []
    if trick.winner is not None or trick.seats[trick.result.next_leader] != ghost.players:
        return []  # the Kraken's rule does not name the player who would have won
    note = "as after a trick he wins" if ghost.destroyed_lead == "as_if_won" else ""
    return [(0 if trick.next_seat == ghost.players else 1, note)]


def _loot_two(edition: Edition) -> list[tuple[int, str]]:
    loot = _code(edition, effect=EffectKind.ALLIANCE)
    if loot is None or edition.min_players > 2:
        return []
    kind = next(k for k in edition.kinds if k.code == loot)
    return [(0 if kind.module in edition.modules_for(2) else 1, "")]


def _harry(edition: Edition) -> list[tuple[int, str]]:
    change = edition.bid_changes
    if change is None or change.card is None:
        return []
    return [(0 if change.timing == "immediate" else 1, "")]


def _last_trick(edition: Edition) -> list[tuple[int, str]]:
    cards = [c.card for c in (edition.wagers, edition.bid_changes) if c is not None and c.card and c.after_last_trick]
    cards += [a.card for a in edition.abilities if a.after_last_trick]
    if edition.bid_changes is None or edition.bid_changes.card is None:
        return []
    if sorted(cards) == ["harry"]:
        return [(0, "")]
    if sorted(cards) == ["harry", "rascal"]:
        return [(1, "")]
    return [(-1, ", ".join(sorted(cards)) or "none")]


def _schedule(*readings: list[int]) -> Callable[[Edition], list[tuple[int, str]]]:
    def takes(edition: Edition) -> list[tuple[int, str]]:
        found = []
        for schedule in edition.schedules:
            for index, rounds in enumerate(readings):
                if list(schedule.rounds) == rounds:
                    found.append((index, f"as `{schedule.id}`"))
        return found

    return takes


def _hand_limit(edition: Edition) -> list[tuple[int, str]]:
    if edition.max_players < 7 or edition.hand_limit is None:
        return []
    eight, seven = (int(edition.hand_limit.evaluate({"players": n})) for n in (8, 7))
    note = f"`hand_limit: {edition.hand_limit.source}`"
    return [(0, ""), (1, "")] if (seven, eight) == (10, 8) else [(-1, note)]


def _score(edition: Edition, scheme: str, round_: dict[str, object]) -> int | None:
    """Player a's points for one round of three players (a, b, c) under ``scheme``, as
    `skullking score` counts them; None when the edition cannot score such a round."""
    sheet = {"players": ["a", "b", "c"], "scoring": scheme, "rounds": [round_]}
    try:
        score = edition.score_sheet(sheet)
    except SkullKingError:
        return None
    points: int = score.rounds[0].points["a"]
    return points


def _zero(edition: Edition) -> list[tuple[int, str]]:
    """Round 1 dealt 8 cards: a made zero bid scores 80 by cards dealt, 10 by round."""
    round_ = {"cards": 8, "bids": {"a": 0, "b": 0, "c": 8}, "won": {"a": 0, "b": 0, "c": 8}}
    points = _score(edition, edition.default_scheme, round_)
    if points is None:
        return []
    return [(0, "")] if points == 80 else [(1, "")] if points == 10 else [(-1, f"{points}")]


def _bonus(
    cards: Callable[[Edition], list[str | None]], values: list[int]
) -> Callable[[Edition], list[tuple[int, str]]]:
    def takes(edition: Edition) -> list[tuple[int, str]]:
        result = _resolve(edition, cards(edition))
        if result is None:
            return []
        return [(values.index(result.bonus), "")] if result.bonus in values else [(-1, f"+{result.bonus}")]

    return takes


def _fourteens(edition: Edition) -> list[tuple[int, str]]:
    plain = [s for s in edition.suits if not s.trump and 14 in s.ranks]
    trump = [s for s in edition.suits if s.trump and 14 in s.ranks]
    if not plain and not trump:
        return [(1, "")]
    paid = [_resolve(edition, [f"{suit.code}14", f"{suit.code}1"]) for suit in plain[:1] + trump[:1]]
    values = [result.bonus if result else 0 for result in paid]
    return [(0, "")] if values == [10, 20] else [(-1, " and ".join(f"+{v}" for v in values))]


def _declared_escape(edition: Edition) -> list[tuple[int, str]]:
    for kind in edition.kinds:
        escape = [d for d in kind.declarations if d.role == "escape"]
        if escape and any(d.role == "pirate" for d in kind.declarations):
            result = _resolve(edition, [_code(edition, role="skull_king"), f"{kind.code}:{escape[0].code}"])
            if result is not None:
                return [(0 if result.bonus == 0 else 1, kind.id.replace("_", " ").title())]
    return []


def _suit_test(lead: Callable[[Edition], list[str | None]]) -> Callable[[Edition], list[tuple[int, str]]]:
    """Whether, after ``lead`` and a numbered card, a player holding that suit may
    still play another: yes when the trick has no suit."""

    def takes(edition: Edition) -> list[tuple[int, str]]:
        first, second = [s for s in edition.suits if not s.trump][:2]
        cards = lead(edition)
        if any(card is None for card in cards):
            return []
        trick = [c for c in cards if c is not None] + [f"{first.code}10"]
        try:
            legal = edition.legal_plays([f"{first.code}3", f"{second.code}5"], trick)
        except SkullKingError:
            return []
        return [(0 if len(legal) == 2 else 1, "")]

    return takes


def _pirate(edition: Edition) -> str | None:
    return _code(edition, role="pirate")


def _rascal_loot(edition: Edition) -> list[tuple[int, str]]:
    """Under a scheme that pays a glancing blow (a bid missed by one), does a Loot
    alliance pay the player who missed by one? Not when both must be exact."""
    found = []
    base = {"cards": 2, "bids": {"a": 0, "b": 0, "c": 1}, "won": {"a": 1, "b": 0, "c": 1}}
    for scheme in edition.schemes:
        alone = _score(edition, scheme.id, base)
        allied = _score(edition, scheme.id, {**base, "loot": [["b", "a"]]})
        if alone is not None and allied is not None and alone > 0:  # else the point does not arise
            found.append((0 if allied == alone else 1, f"scheme `{scheme.id}`"))
    return found


def _stakes(edition: Edition) -> list[tuple[int, str]]:
    if edition.wagers is None or edition.wagers.card is None:
        return []
    values = ", ".join(map(str, edition.wagers.values))
    return [(0, ""), (1, "")] if set(edition.wagers.values) == {0, 10, 20} else [(-1, values)]


def _ties(edition: Edition) -> list[tuple[int, str]]:
    return [(0 if edition.ties == "extra_round" else 1, "")]


def _tie_break_deal(edition: Edition) -> list[tuple[int, str]]:
    """How a tie-break round is dealt: the schedule's last count, dealt and led as any
    round, or values of the edition's own (named)."""
    if edition.ties != "extra_round":
        return []
    play = edition.play_rules
    cards = edition.extra_round_cards
    own = [
        f"`{key}: {formula.source}`"
        for key, formula in (
            ("extra_round_cards", cards if cards.source != "last_cards" else None),
            ("extra_round_dealer", play.extra_round_dealer),
            ("extra_round_leader", play.extra_round_leader),
        )
        if formula is not None
    ]
    return [(1, ", ".join(own))] if own else [(0, "")]


def _king_collects(edition: Edition) -> list[tuple[int, str]]:
    pirate, king = _pirate(edition), _code(edition, role="skull_king")
    before, after = _resolve(edition, [pirate, king]), _resolve(edition, [king, pirate])
    if before is None or after is None or not before.bonus:
        return []
    return [(0 if after.bonus else 1, "")]


def _mermaids(edition: Edition) -> list[tuple[int, str]]:
    mermaids = [k for k in edition.kinds if k.role == "mermaid"]
    if not mermaids or all(k.module == "base" for k in mermaids):
        return []
    return [(0, f"module `{mermaids[0].module}`"), (1, f"module `{mermaids[0].module}`")]


def _load_names(edition: Edition) -> list[tuple[int, str]]:
    """Each scheme with loads: the open-hand load's names (both readings when it has
    others)."""
    found = []
    for scheme in edition.schemes:
        if scheme.loads:
            found.append((0, ""))
            if scheme.other_names(scheme.loads[0]):
                found.append((1, ""))
    return found


# ---------------------------------------------------------------------- the points


def _schedule_point(name: str, deals: str, *readings: tuple[list[int], str]) -> Point:
    """A Captain's Log variant that sources deal two ways (each reading: rounds, sources)."""
    return Point(
        name,
        f"The Captain's Log variant {name} {deals}. Which?",
        tuple(
            Reading(", ".join(map(str, rounds)), sources, f"a schedule `rounds: {rounds}`")
            for rounds, sources in readings
        ),
        _schedule(*(rounds for rounds, _ in readings)),
        "no such schedule",
    )


POINTS: tuple[Point, ...] = (
    Point(
        "Leader after a Kraken",
        "The Kraken destroys the trick: nobody wins it. Who leads the next trick?",
        (
            Reading(
                "The player who would have won the trick without the Kraken",
                f"{FAQ} (the official ruling), {FRENCH}, {RULEBOOK_2024}, {JP_BLOG}, {GERMAN}, {GUIDE}",
                "`next_leader: [would_have_won_without_effects]` on the Kraken's effect",
            ),
            Reading(
                "The player to the left of the Kraken's player",
                f"{RULEBOOK_2021} as first printed (and the player aid of one print run, says {FAQ}), {BGA_JA}",
                "`next_leader: [left_of_effect_player]`",
            ),
        ),
        _leader(EffectKind.DESTROY_TRICK, ["would_have_won_without_effects", "left_of_effect_player"]),
        "no Kraken",
    ),
    Point(
        "Leader after a White Whale trick without numbered cards",
        "Under the White Whale the highest number wins; with no numbered card the trick is discarded. Who leads next?",
        (
            Reading(
                "The White Whale's player",
                f"{RULEBOOK_2021}, {JP_BLOG}, {GERMAN}, a C# implementation's comments",
                "`next_leader: [effect_player]` on the White Whale's effect",
            ),
            Reading(
                "The player who would have won without the White Whale",
                f"one transcription of {RULEBOOK_2024} (no other source)",
                "`next_leader: [would_have_won_without_effects]`",
            ),
        ),
        _leader(EffectKind.NEUTRALIZE, ["effect_player", "would_have_won_without_effects"]),
        "no White Whale",
    ),
    Point(
        "A White Whale trick of escapes only",
        "Under the White Whale every special card counts as an escape. If only escape-type cards "
        "(escapes, Loot) are in the trick, is it discarded or won?",
        (
            Reading(
                "Discarded, nobody wins (the rule for a trick of special cards only)",
                f"{RULEBOOK_2021}, the maintainer of {GO}, in its issue threads",
                "the White Whale's effect as bundled",
            ),
            Reading(
                "The first escape-type card wins",
                f"{CSHARP}, a player's report in {GO_THREADS}",
                "a role the other special cards play under it (`roles: [{id: neutral, lead: no_suit}]`), "
                "`becomes: neutral` and `spares: [escape]` on the effect, and a rule in its precedence "
                "`{id: escapes-only, when: neutral == 0, winner: {pick: first, of: escape}}`",
            ),
        ),
        _whale_escapes,
        "no White Whale",
        "tests/editions/test_conventions.py",
    ),
    Point(
        "The White Whale and a Loot alliance",
        "A Loot is played in a White Whale trick that a numbered card wins. The Loot plays as an escape "
        "either way; does its player become the winner's ally? The 2021 rulebook does not say.",
        (
            Reading(
                "Yes: the alliance stands, as in any won trick",
                f"{GERMAN} (it removes the alliance only in a trick the Kraken destroys, or one the Loot wins itself)",
                "`cancels_alliances: false` on the White Whale's effect (the default)",
            ),
            Reading(
                "No: the Whale cancels it, and it pays nothing",
                f'{GUIDE} (the Whale "destroys every special card\'s effect"), read literally',
                "`cancels_alliances: true`",
            ),
        ),
        _whale_loot,
        "no White Whale and Loot",
        "tests/editions/test_conventions.py",
    ),
    Point(
        "Kraken and White Whale in one trick",
        "Which of the two takes effect?",
        (
            Reading(
                "The one played second; the first counts as an escape",
                f"{RULEBOOK_2021}, {FAQ}, {FRENCH}, {GERMAN}, {GUIDE}",
                "`effects: {when_several: last_played}`",
            ),
            Reading(
                "The one played first",
                f"tables that add the beasts to the original edition, says {GERMAN}",
                "`effects: {when_several: first_played}`",
            ),
        ),
        _beasts,
        "not both beasts",
        "examples/house-rules/original-with-beasts.yaml",
    ),
    Point(
        "Leader after Graybeard wins a trick",
        "In two-player games a ghost hand, Graybeard, plays in every trick. When he wins one, who leads next?",
        (
            Reading("Graybeard leads", f"{RULEBOOK_2021}, {FRENCH}", "`ghost: {wins_lead: ghost}`"),
            Reading(
                "The player who led the trick leads again",
                f"{RULEBOOK_2024}, {GUIDE}",
                "`ghost: {wins_lead: trick_leader}`",
            ),
        ),
        _ghost,
        "no two-player ghost",
    ),
    Point(
        "Leader after a Kraken trick Graybeard would have won",
        "In two-player games the Kraken destroys a trick that Graybeard's ghost hand would have won. The "
        "player who would have won leads next: does Graybeard, or the player who led the trick? No source "
        "speaks of this trick; an edition file says it with `ghost: {destroyed_lead: ...}`, where "
        "`as_if_won` (the default) follows `wins_lead`, the rule for a trick he wins.",
        (
            Reading(
                "Graybeard leads, as the player who would have won",
                f"{FAQ} has the player who would have won lead, with no word on Graybeard; {RULEBOOK_2021} "
                f"has Graybeard lead after a trick he wins; {FRENCH} says both",
                "`ghost: {destroyed_lead: ghost}`, or `as_if_won` with `wins_lead: ghost`",
            ),
            Reading(
                "The player who led the trick leads",
                f"{RULEBOOK_2024} and {GUIDE} have the player who would have won lead, and after a trick "
                "Graybeard wins the player who led it; neither says which applies here",
                "`ghost: {destroyed_lead: trick_leader}`, or `as_if_won` with `wins_lead: trick_leader`",
            ),
        ),
        _ghost_destroyed,
        "no two-player ghost, or no Kraken whose leader is the player who would have won",
        "tests/editions/test_conventions.py",
    ),
    Point(
        "The Loot in two-player games",
        "Is the Loot used when two play?",
        (
            Reading(
                "Not addressed (used)", f"{RULEBOOK_2021}, {FRENCH}", "the Loot in a module used at every player count"
            ),
            Reading(
                "Not used",
                f"{RULEBOOK_2024}, {GUIDE}",
                "the Loot in a module of its own with `min_players: 3`",
            ),
        ),
        _loot_two,
        "no Loot, or not for two players",
    ),
    Point(
        "When Harry the Giant changes his bid",
        "Harry the Giant's winner may change their bid by one. When?",
        (
            Reading(
                "Right after the trick won with him (also when it was the round's last)",
                f"{RULEBOOK_2021}, {FAQ}, {GUIDE}",
                "`scoring: {bid_changes: {timing: immediate}}`",
            ),
            Reading(
                "After the round's last trick",
                f"{FRENCH}, {FR_EN}, a Spanish implementation",
                "`scoring: {bid_changes: {timing: end_of_round}}`",
            ),
        ),
        _harry,
        "no bid changes",
        "examples/house-rules/harry-after-last-trick.yaml",
        "the bid scored is the same whenever it is changed, no trick's leader or winner reads a bid, and a game "
        "vector gives each player's answers kind by kind, so a program that asks for the change after the last "
        "trick reads the same answer as one that asks at once",
    ),
    Point(
        "Abilities after the round's last trick",
        "Which pirates' abilities may still be used when won in the round's last trick? Rosie D'Laney's "
        "choice of leader and Bendt the Bandit's exchange act on the tricks still to play: after the last "
        "they would change nothing, and an edition file cannot grant them there (nor would Juanita Jade's "
        "look at the undealt cards change an answer). The point is Rascal's wager.",
        (
            Reading("Harry's only", f"{RULEBOOK_2021}, {FAQ}", "`after_last_trick: true` on `bid_changes` only"),
            Reading(
                "Harry's or Rascal's",
                f"the Legendary Expansion's 2018 printable rules, as quoted in {GO_THREADS}",
                "`after_last_trick: true` on `bid_changes` and `wagers`",
            ),
        ),
        _last_trick,
        "no abilities",
    ),
    _schedule_point(
        "Even Keeled",
        "deals even hands",
        ([2, 4, 6, 8, 10], f"{RULEBOOK_2024}, {GUIDE}, several {THIRD_PARTY}"),
        ([2, 2, 4, 4, 6, 6, 8, 8, 10, 10], f'{FRENCH} ("Deux manches de 2, 4, 6, 8 et enfin 10"), {THIRD_PARTY}'),
    ),
    _schedule_point(
        "Whirlpool",
        "deals falling odd hands",
        ([9, 7, 5, 3, 1], f"{RULEBOOK_2024}, {FR_EN}, {THIRD_PARTY}"),
        ([9, 9, 7, 7, 5, 5, 3, 3, 1, 1], f"{GUIDE}, {FRENCH}, {THIRD_PARTY} citing the rulebook's page 14"),
    ),
    Point(
        "Hands with 7 or 8 players",
        "The deck cannot deal 9 or 10 cards to 8 players. The two readings agree in practice.",
        (
            Reading(
                "Repeat a deal size so that everybody has the same number of cards",
                f"{RULEBOOK_2021}, {FRENCH}",
                "`schedule: {hand_limit: if players >= 8 then 8 else 10}`",
            ),
            Reading(
                "With 8 players at most 8 cards: rounds 9 and 10 deal 8",
                f"Grandpa Beck's Games' Skull King web page, {RULEBOOK_2024}, {SWISS}, {GUIDE}, {BGA_JA}",
                "the same `hand_limit`",
            ),
        ),
        _hand_limit,
        "at most 6 players",
    ),
    Point(
        "Zero bid points",
        "A made or missed zero bid scores 10 points times what?",
        (
            Reading(
                "The cards dealt this round",
                f"{RULEBOOK_2021}, {FRENCH}, {SWISS}, {GUIDE}, {BGA_JA}",
                "`10 * cards` in the zero-bid cases",
            ),
            Reading("The round number", ORIGINAL, "`10 * round` in the zero-bid cases"),
        ),
        _zero,
    ),
    Point(
        "A mermaid capturing the Skull King",
        "The bonus for a mermaid that wins a trick with the Skull King in it.",
        (
            Reading("+40", f"{RULEBOOK_2021} and later", "`points: 40` on that bonus"),
            Reading("+50", f"{ORIGINAL}, {FR_NOTES}", "`points: 50`"),
        ),
        _bonus(lambda e: [_code(e, role="skull_king"), _code(e, role="mermaid")], [40, 50]),
        "no mermaids and Skull King together",
    ),
    Point(
        "A pirate capturing a mermaid",
        "Is there a bonus for a pirate that wins a trick with a mermaid in it?",
        (
            Reading("+20 per mermaid", f"{RULEBOOK_2021} and later", "a bonus with `winner: {roles: [pirate]}`"),
            Reading("No bonus", ORIGINAL, "no such bonus"),
        ),
        _bonus(lambda e: [_code(e, role="mermaid"), _pirate(e)], [20, 0]),
        "no mermaids",
    ),
    Point(
        "Bonuses for 14s",
        "Capturing a 14 pays a bonus?",
        (
            Reading(
                "+10 per 14 of a plain suit, +20 for the black 14",
                f"{RULEBOOK_2021} and later",
                "bonuses with `captured: {ranks: [14]}`",
            ),
            Reading("None", f"{ORIGINAL} (suits 1 to 13)", "no such bonuses"),
        ),
        _fourteens,
    ),
    Point(
        "The Skull King capturing a card played as an escape",
        "The Tigress (in the original edition Scary Mary) is played as a pirate or an escape. "
        "Does the Skull King's +30 per pirate count her when she was played as an escape?",
        (
            Reading(
                "No: she is an escape",
                f"{FAQ}, {RULEBOOK_2021} (she takes on all the characteristics of the card chosen)",
                "`captured: {roles: [pirate]}` (roles as played)",
            ),
            Reading(
                "Yes: she always counts as a pirate",
                ORIGINAL,
                "`captured: [{roles: [pirate]}, {cards: [scary_mary]}]` (the printed card)",
            ),
        ),
        _declared_escape,
        "no card declared pirate or escape",
    ),
    Point(
        "Suit after a character lead",
        "A pirate, mermaid, Skull King or beast leads. Does the trick have a suit?",
        (
            Reading(
                "No suit: everybody may play anything",
                f"{RULEBOOK_2021}, {FRENCH}, {FAQ} (for the beasts)",
                "`lead: no_suit` on those roles",
            ),
            Reading("The next numbered card sets the suit", ORIGINAL, "`lead: pass` on those roles"),
        ),
        _suit_test(lambda e: [_pirate(e)]),
    ),
    Point(
        "An escape lead, then a character",
        "An escape leads, so the next card sets the suit; but the next card is a pirate. "
        "Does the trick then have no suit, or does the first numbered card set it?",
        (
            Reading(
                'No suit (a literal reading of "the next player sets the suit")',
                f"{RULEBOOK_2021}'s wording, read literally",
                "`lead: {character_after_pass: no_suit}`",
            ),
            Reading(
                "The first numbered card sets the suit",
                f"{RULEBOOK_2024}'s wording for the Loot, {GUIDE}, {GO}",
                "`lead: {character_after_pass: pass}`",
            ),
        ),
        _suit_test(lambda e: [_code(e, role="escape"), _pirate(e)]),
    ),
    Point(
        "A Loot lead",
        "The Loot plays as an escape. When it leads, who sets the suit? The same question as an escape lead.",
        (
            Reading(
                "The next player chooses (a character then leaves no suit)",
                FAQ,
                "`lead: {character_after_pass: no_suit}`",
            ),
            Reading(
                "The next numbered card sets it", f"{RULEBOOK_2024}, {GUIDE}", "`lead: {character_after_pass: pass}`"
            ),
        ),
        _suit_test(lambda e: [_code(e, effect=EffectKind.ALLIANCE), _pirate(e)]),
        "no Loot",
    ),
    Point(
        "Rascal's scoring and the Loot",
        "Rascal's scoring pays half the points and half the bonuses for a bid missed by one. Does a Loot "
        "alliance pay half too?",
        (
            Reading(
                "No: both allies must make their bid exactly",
                FAQ,
                "`made: won == bid` in the scheme (alliances pay only when both made their bid)",
            ),
            Reading(
                "Yes, half, like the other bonuses",
                f"{RULEBOOK_2021}'s general sentence on bonuses",
                "`made: abs(won - bid) <= 1` and `alliance // 2` in the glancing-blow case",
            ),
        ),
        _rascal_loot,
        "no scheme pays a bid missed by one",
    ),
    Point(
        "Rascal of Roatan's stakes",
        "What may Rascal of Roatan's winner wager? The readings are the same choice.",
        (
            Reading(
                "0, 10 or 20", f"{RULEBOOK_2021}, {FRENCH}, {BGA_JA}", "`scoring: {wagers: {values: [0, 10, 20]}}`"
            ),
            Reading('"Optionally bet 10 or 20"', RULEBOOK_2024, "the same values"),
        ),
        _stakes,
        "no wagers",
    ),
    Point(
        "A tie for first",
        "Two or more players end the game with the highest total.",
        (
            Reading(
                "The tied players play another round",
                f"{RULEBOOK_2024}, {GUIDE}, {FR_NOTES}",
                "`scoring: {ties: extra_round}`",
            ),
            Reading(
                "Not addressed: they share the win",
                f"{RULEBOOK_2021}; score apps allow co-winners",
                "`scoring: {ties: shared}`",
            ),
        ),
        _ties,
    ),
    Point(
        "How a tie-break round is dealt",
        "The tied players play another round: how many cards is each dealt, who deals, and who leads "
        "its first trick? No source says.",
        (
            Reading(
                "As many cards as the schedule's last round, dealt and led as any round (the deal passing on, "
                "the player after the dealer leading), among the tied players",
                f"not said: {RULEBOOK_2024}, {GUIDE} and {FR_NOTES} have the tied players play another round "
                f"and say no more of it; {RULEBOOK_2021} does not address ties",
                "`scoring.extra_round_cards`, `extra_round_dealer` and `extra_round_leader` left out "
                "(`last_cards`, and `play.dealer` and `play.first_leader` for round `rounds + 1`)",
            ),
            Reading(
                "Another count, dealer or leader",
                "not said either: a table's own choice",
                "any formula, e.g. `scoring: {extra_round_cards: 1, extra_round_dealer: players - 1}` "
                "(the player after that dealer leads unless `extra_round_leader` says)",
            ),
        ),
        _tie_break_deal,
        "no tie-break round: a tie for first is shared",
        "tests/editions/test_engine_choices.py",
    ),
    Point(
        "Which pirates the Skull King collects",
        "The Skull King earns a bonus per pirate in the trick he wins. Any pirate, or only those played before him?",
        (
            Reading("Any pirate in the trick", f"{ORIGINAL}, {RULEBOOK_2021}", "a pattern without `played`"),
            Reading(
                "Only pirates played before him",
                f"{FR_NOTES}, for the original edition (a single source, contradicted by its rules)",
                "`played: before_winner` in the captured pattern",
            ),
        ),
        _king_collects,
        example="tests/editions/test_conventions.py",
    ),
    Point(
        "Mermaids in the Legendary Edition",
        "The Legendary Edition's base game has no mermaids, so the Skull King always wins; the Legendary "
        "Expansion adds them. The sources agree once the expansion is in play.",
        (
            Reading(
                "No mermaids in the base game", "retailers' descriptions", "the mermaids in the expansion's module"
            ),
            Reading("Mermaids in the box, with the expansion", "a review of the edition", "the same"),
        ),
        _mermaids,
        "mermaids in the base game",
    ),
    Point(
        "Name of the open-hand cannon load",
        "Under Rascal's scoring each player chooses a cannon load; the open hand has several names.",
        (
            Reading("Grapeshot", RULEBOOK_2021, "the load's id"),
            Reading("Buckshot, chevrotine", f"{FR_EN}, {FRENCH}", "`load_names` (sheets may write either)"),
        ),
        _load_names,
        "no cannon loads",
    ),
)


# ---------------------------------------------------------------------- the page


def _editions() -> list[Edition]:
    return [skullking.load_edition(ident) for ident in bundled_edition_files()]


def _section(point: Point, editions: list[Edition]) -> list[str]:
    taken: dict[int, list[str]] = {}
    absent = []
    for edition in editions:
        found = point.takes(edition)
        if not found:
            absent.append(f"`{edition.id}`")
        for index, note in found:
            taken.setdefault(index, []).append(f"`{edition.id}`" + (f" ({note})" if note else ""))
    lines = [
        f"## {point.title}",
        "",
        point.question,
        "",
        "| reading | sources | in an edition file | bundled editions |",
    ]
    lines.append("|---|---|---|---|")
    for index, reading in enumerate(point.readings):
        letter = "AB"[index] if index < 2 else str(index + 1)
        who = ", ".join(taken.get(index, [])) or "none"
        lines.append(f"| {letter}: {reading.says} | {reading.sources} | {reading.value} | {who} |")
    if -1 in taken:
        lines.append(f"| another value | | | {', '.join(taken[-1])} |")
    if absent:
        lines += ["", f"Does not arise ({point.absent}): {', '.join(absent)}."]
    if point.example:
        lines += ["", f"An overlay that takes the other reading: `{point.example}`."]
    tags = _tags(point, editions)
    if point.untagged:
        lines += ["", f"No conformance vector's answer hangs on this point: {point.untagged}."]
    if tags:
        shown = ", ".join(f"`{t}`" for t in tags)
        lines += [
            "",
            f"Conformance vectors whose answer hangs on this point carry the tag {shown}: a program "
            "that reads it the other way skips them by name ([the conformance suite](conformance.md)).",
        ]
    return [*lines, ""]


def _tags(point: Point, editions: list[Edition]) -> list[str]:
    """The tags of the disputed readings (skullking.analysis.disputes) the vectors of
    the bundled editions carry for ``point``; a tag made for each effect, only the
    effect the point's title names."""
    found: set[str] = set()
    for dispute in DISPUTES:
        if point.title not in dispute.headings:
            continue
        for edition in editions:
            for name, _ in dispute.variants(edition):
                per_effect = "{effect}" in dispute.tag
                stem = dispute.tag.split("{effect}")[0]
                if not per_effect or name.removeprefix(stem).replace("-", " ") in point.title.lower():
                    found.add(name)
    return sorted(found)


def render() -> str:
    editions = _editions()
    lines = [
        "# Where the sources disagree",
        "",
        "<!-- Generated by scripts/conventions_page.py from the bundled edition files; do not edit. -->",
        "",
        "The rules of Skull King come in several printings, translations, an official FAQ and the help "
        "pages of online implementations, and they do not always agree. Each point where they differ is "
        "a value in an edition file, so a house rule picks the other reading by changing that value "
        "(`skullking new NAME --extends ID` starts such a file). For each point this page gives every "
        "reading, the sources that take it, how an edition file says it, and which bundled edition "
        "takes which; `skullking explain --edition ID` prints an edition's rules in full.",
        "",
        "Sources are named in words: the rulebooks (2021 first printing, 2024 printing, the French edition "
        "of 2022, the original edition of 2012/2013), the official FAQ of Grandpa Beck's Games, Board Game "
        "Arena's help pages, and, where noted, rules guides, score keepers' notes and implementations.",
        "",
    ]
    lines += [f"- [{p.title}](#{anchor(p.title)})" for p in POINTS]
    lines.append("")
    for point in POINTS:
        lines += _section(point, editions)
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    if "--write" in sys.argv:
        PAGE.parent.mkdir(exist_ok=True)
        PAGE.write_text(render(), encoding="utf-8")
    else:
        sys.stdout.write(render())
