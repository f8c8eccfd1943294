"""The compiled resolver (engine/tricks/compiled/, with the plans it keeps for short
tricks) against the reference interpreter (engine/tricks/interpreter.py) on tricks no
worked example states: the same result, every field, or the same error, on every bundled
edition, every example house rule and overlays written to reach every way a rule can
pick, every effect setting and every kind of bonus; random tricks of 2 to 8 cards
(distinct 8-card tricks among them), random leaders and player counts, possible and
impossible tricks, each resolved in every form a trick is given (parsed, plays in a list
or a tuple, text; led by seat 0, as a round resolves it too) and twice (the second time
a short trick's pattern has its plan). The worked examples run under every resolver
(the ``resolve_trick`` fixture); tests/tricks/compiled/test_differential.py does the same on generated
house rules."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from agreement import agree, deck_plays

import skullking
from skullking.edition import Edition
from skullking.model.cards import Play
from skullking.model.records import EffectKind
from skullking.tricks.compiled.memo import PLANNED

ROOT = Path(__file__).resolve().parents[3]
FILES = sorted((ROOT / "editions").glob("*.yaml")) + sorted((ROOT / "examples" / "house-rules").glob("*.yaml"))

#: Overlays of skullking-2021 that take the compiled resolver off its common paths.
OVERLAYS = {
    # lowest picks, the last card of a role, the highest of a role, ties to the last played
    "picks": """
precedence:
  trump: {winner: {pick: lowest, of: trump}}
  led-suit: {winner: {pick: lowest, of: led_suit}}
  pirate: {winner: {pick: last, of: pirate}}
  mermaid: {winner: {pick: highest, of: mermaid}}
  all-escape: {winner: {pick: last, of: any}}
effects:
  list:
    white-whale:
      precedence:
        highest-number: {winner: {pick: lowest, of: numbered, ties: last_played}}
""",
    # a suit of its own, numbered cards at the main level, the highest of any card,
    # conditions on counts of every kind
    "groups": """
precedence:
  pirate: {when: "cards - numbered >= 2 or trump == 0"}
  greens:
    after: mermaid
    when: "numbered >= 3"
    winner: {pick: highest, of: green}
    description: with three numbered cards, the highest green
  numbers:
    before: all-escape
    winner: {pick: highest, of: numbered, ties: last_played}
    description: the highest number
  all-escape: {winner: {pick: highest, of: any}}
""",
    # a condition that divides (decided rule by rule, as the reference does)
    "division": """
precedence:
  skull-king: {when: "pirate // (numbered - 1) < 2"}
  pirate: {when: "cards % (trump + 1) == 0 or escape > 0"}
""",
    # two trump suits: the highest trump may tie
    "two-trumps": """
deck:
  suits:
    green: {trump: true}
""",
    # effects: the first beast played acts, the Whale spares pirates and makes mermaids,
    # cancels alliances, other next-leader strategies, no cancelled role
    "effects": """
effects:
  when_several: first_played
  list:
    kraken:
      next_leader: [would_have_won_without_card, left_of_effect_player]
    white-whale:
      becomes: mermaid
      spares: [pirate]
      cancels_alliances: true
      next_leader: [trick_leader]
      precedence:
        highest-number: {winner: {pick: first, of: pirate}}
        mermaids: {winner: {pick: first, of: mermaid}, description: the first mermaid}
play: {no_winner_leads: last_player}
""",
    # no cancelled role (a cancelled beast plays none), a Whale's rule that reads role
    # counts, a bonus any winner earns by role
    "neutral": """
effects:
  cancelled_role: null
  list:
    white-whale:
      precedence:
        highest-number: {when: "escape >= 1 and beast == 1 and pirate < 3"}
        first-card: {winner: {pick: first, of: any}, description: otherwise the first card}
bonuses:
  escapes-taken:
    points: 2
    captured: {roles: [escape]}
    description: each escape the winner takes
""",
    # tricks nobody wins that count for a player (house rules: the Kraken's for whoever
    # would have won it without the Kraken, else the seat after the Kraken's; the White
    # Whale's discarded trick for the Whale's player), bonuses paid as if that player's
    # card had won; a bonus by rank the reference pays
    "counts": """
effects:
  list:
    kraken:
      counts_for: [would_have_won_without_card, left_of_effect_player]
      bonuses: paid
    white-whale:
      counts_for: [effect_player]
      bonuses: paid
bonuses:
  sevens:
    points: 7
    captured: {ranks: [7]}
    winner: {roles: [beast, pirate]}
    description: each 7 the beast or a pirate takes
""",
    # bonuses the counts cannot pay: by rank, by position, the winner left out
    "bonuses": """
bonuses:
  sevens:
    points: 7
    winner: {roles: [pirate]}
    captured: {ranks: [7]}
    description: each 7 a pirate takes
  before:
    points: 3
    captured: {roles: [escape], played: before_winner}
    description: each escape played before the winning card
  others:
    points: 1
    winner: {roles: [skull_king]}
    captured: {roles: [skull_king, pirate]}
    exclude_winner: true
    description: the other characters the Skull King takes
  little-one:
    points: 5
    captured: {ranks: [1], played: winning_card}
    description: winning a trick with a 1
""",
}


def _editions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Edition]:
    for path in FILES:
        # (a house rule whose rules change with the round: the rules of its round 7)
        edition = skullking.load_edition(path)
        yield edition.at_round(7, edition.min_players)
    folder = tmp_path_factory.mktemp("overlays")
    for name, body in OVERLAYS.items():
        path = folder / f"{name}.yaml"
        path.write_text(f"extends: skullking-2021\nid: {name}\n{body}", encoding="utf-8")
        yield skullking.load_edition(path)


@pytest.fixture(scope="module")
def editions(tmp_path_factory: pytest.TempPathFactory) -> list[Edition]:
    return list(_editions(tmp_path_factory))


def _agree(edition: Edition, plays: Sequence[Play], leader: int, players: int | None) -> object:
    """Every way of resolving ``plays`` gives what the interpreter gives (:func:`agree`)."""
    return agree([edition], [str(p) for p in plays], leader, players)


def test_every_edition_agrees_on_random_possible_tricks(editions: list[Edition]) -> None:
    """2,000 tricks an edition's deck can make, per edition and overlay: 2 to 8 cards (up
    to the edition's players), at every player count from the cards up, random leaders."""
    for edition in editions:
        rng = random.Random(edition.id)
        deck = deck_plays(edition, rng)
        won = unwon = 0
        for _ in range(2_000):
            size = rng.randint(2, min(8, edition.max_players))
            players = rng.randint(max(size, edition.min_players), edition.max_players)
            result = _agree(edition, rng.sample(deck, size), rng.randrange(players), players)
            if isinstance(result, tuple) and not hasattr(result, "winner"):
                continue  # (a module not used at that count)
            won += getattr(result, "winner", None) is not None
            unwon += getattr(result, "winner", 0) is None
        altering = any(e.kind is not EffectKind.ALLIANCE for e in edition.effects)
        assert won > 650 and (unwon > 0 or not altering), edition.id


def test_distinct_eight_card_tricks_agree(editions: list[Edition]) -> None:
    """1,500 distinct 8-card tricks per edition of eight or more players: patterns never
    seen before, with and without Kraken, White Whale and Loot."""
    for edition in (e for e in editions if e.max_players >= 8):
        rng = random.Random(f"8-{edition.id}")
        deck = deck_plays(edition, rng)
        seen: set[tuple[str, ...]] = set()
        while len(seen) < 1_500:
            plays = rng.sample(deck, 8)
            codes = tuple(map(str, plays))
            if codes in seen:
                continue
            seen.add(codes)
            _agree(edition, plays, rng.randrange(8), 8)


def test_every_edition_agrees_on_impossible_tricks(editions: list[Edition]) -> None:
    """1,000 tricks per edition that may be impossible: any play (undeclared ones too)
    drawn with replacement, so that a card may stand twice or more than the deck holds;
    player counts and leaders out of range; the same error, raised for the same reason."""
    for edition in editions:
        rng = random.Random(f"x-{edition.id}")
        plays = list(edition.plays.values())
        errors = 0
        for _ in range(1_000):
            size = rng.randint(1, edition.max_players + 1)
            players = rng.choice([None, rng.randint(0, edition.max_players + 1)])
            leader = rng.randint(-1, (players or size) + 1)
            result = _agree(edition, rng.choices(plays, k=size), leader, players)
            errors += isinstance(result, tuple) and not hasattr(result, "winner")
        assert errors > 300, edition.id


def test_every_edition_refuses_an_empty_trick(editions: list[Edition]) -> None:
    """A trick of no cards is no trick, whatever the player count and leader: refused by
    the plans as by the interpreter (the plans once resolved it when players were given)."""
    for edition in editions:
        for players in (None, edition.min_players, edition.max_players):
            for leader in (0, 1):
                result = _agree(edition, [], leader, players)
                assert result == ("IllegalTrickError", "a trick needs at least one card"), (edition.id, players)


def test_repeated_cards_of_one_copy_are_caught(editions: list[Edition]) -> None:
    """A one-copy card twice (a numbered card, a named card, the Skull King, a declared
    card both ways) in every position pair, after its pattern has a plan."""
    for edition in editions:
        one_copy = [p for p in edition.plays.values() if not p.undeclared and edition.pool_limits[p.pool] == 1]
        rng = random.Random(f"1-{edition.id}")
        for play in rng.sample(one_copy, min(12, len(one_copy))):
            others = [p for p in one_copy if p.card == play.card] + [play]
            for other in others:
                filler = [p for p in one_copy if p.card != play.card][:2]
                for trick in ([play, other], [*filler, play, other], [play, *filler, other]):
                    _agree(edition, trick, 0, max(len(trick), edition.min_players))


def test_short_tricks_keep_plans_and_long_ones_do_not(edition: Edition) -> None:
    """A short trick's pattern has its plan after it came back; a trick of five cards or
    more never has one (their patterns come back too seldom to pay for a plan)."""
    compiled = edition.compiled
    short = edition.parse_cards("Y10 Y6 G14 B2")
    for _ in range(2):
        edition.resolve_trick(short)
    assert callable(compiled.plans.get(short.patterns))
    assert len(short) <= PLANNED
    for codes in ("Y10 Y6 G14 B2 E", "Y10 Y6 G14 B2 E PIR MER P3"):
        long = edition.parse_cards(codes)
        for _ in range(3):
            edition.resolve_trick(long)
        assert long.patterns not in compiled.plans


def test_conditions_are_remembered_by_the_counts_they_read(edition: Edition) -> None:
    """The 2021 edition's only condition (Skull King with a mermaid) reads two counts:
    its remembered values stay few however many tricks are resolved."""
    rng = random.Random(5)
    deck = deck_plays(edition, rng)
    for _ in range(2_000):
        edition.resolve_trick(rng.sample(deck, 8))
    (step,) = [s for s in edition.compiled.deciders[0].steps if s.condition is not None]
    assert step.condition is not None
    assert 0 < len(step.condition[1]) <= 2 * 3  # skull king 0-1, mermaids 0-2


def test_parsed_tricks_pickle_as_their_plays(edition: Edition) -> None:
    """What a parsed trick carries for the resolver stays in the process that parsed it:
    a copy or a pickle holds the plays only, and a copy resolves as the original."""
    parsed = edition.parse_cards("Y10 WHALE G14 LOOT")
    again = pickle.loads(pickle.dumps(parsed))
    assert [str(p) for p in again] == [str(p) for p in parsed] and again.facts[0] is None
    assert edition.resolve_trick(copy.copy(parsed)) == edition.resolve_trick(parsed)
