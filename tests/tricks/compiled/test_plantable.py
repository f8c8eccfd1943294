"""Plan tables (engine/tricks/compiled/tables.py): every short trick an edition can deal planned before
play (no cold path: the edition is compiled completely at load).
A table's plans agree with the rules interpreted (engine/tricks/interpreter.py) on tricks of every
pattern it plans, for every bundled edition and example house rule; it is stored in the
cache by the edition's own pattern numbers and read back by another edition object (other
pattern ids) as the same plans; a table of other rules or a damaged entry is never used."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from agreement import random_trick

import skullking
from skullking.analysis import simulation
from skullking.analysis.simulation import Setup, simulate
from skullking.core.errors import SkullKingError
from skullking.edition import Edition
from skullking.model.cards import Play
from skullking.tricks.compiled import tables
from skullking.tricks.compiled.memo import SEEN as _SEEN
from skullking.tricks.compiled.plans import SPECS

ROOT = Path(__file__).resolve().parents[3]
EDITIONS = sorted(p.stem for p in (ROOT / "editions").glob("*.yaml"))
HOUSE_RULES = sorted(str(p) for p in (ROOT / "examples" / "house-rules").glob("*.yaml"))


@pytest.fixture(scope="module")
def tabled() -> tuple[Edition, tables.Table]:
    """skullking-2021 with its table built (once for the module)."""
    edition = skullking.load_edition("skullking-2021")
    return edition, tables.build(edition.compiled)


@pytest.mark.parametrize("name", EDITIONS + HOUSE_RULES, ids=lambda n: Path(n).stem)
def test_tabled_plans_agree_with_the_interpreter(name: str) -> None:
    """The trick rules (precedence, effects, bonuses, who leads after a trick nobody wins)
    as planned by the table = as interpreted: for 1,500 pattern tuples the table plans
    (tricks of 1 to 4 cards), a random trick of each pattern with a random leader and
    seat count, resolved by a fresh edition object that only read the table (so nothing
    was learnt in play), every field of the result."""
    # (a house rule whose rules change with the round: the rules of its round 7)
    loaded = skullking.load_edition(name, allow_paths=True)
    built = loaded.at_round(7, loaded.min_players)
    table = tables.build(built.compiled)
    again = skullking.load_edition(name, allow_paths=True)  # other pattern ids
    edition = again.at_round(7, again.min_players)
    planned = tables.install(edition.compiled, json.loads(json.dumps(table)))
    ids = tables.patterns(edition)
    keys = [
        key
        for size, numbers in enumerate(table["tables"], 1)
        for key, number in zip(itertools.product(ids, repeat=size), numbers, strict=True)
        if number >= 0
    ]
    assert len(keys) == planned > 0
    rng = random.Random(name)
    checked = 0
    for key in rng.sample(keys, min(1_500, len(keys))):
        for _ in range(20):  # a possible trick of the pattern, drawn at random
            cards = random_trick(edition, key, rng)
            if cards is None:
                continue
            players = rng.randint(max(len(cards), edition.min_players), edition.max_players)
            leader = rng.randrange(players)
            codes = [play.code for play in cards]
            try:
                expected = edition.interpret_trick(codes, leader, players)
            except SkullKingError:  # (a module that needs more players)
                continue
            plan = edition.compiled.plans[key]
            assert plan is not _SEEN
            assert plan(cards, leader, players) == expected, codes
            assert edition.resolve_trick(edition.parse_cards(codes), leader, players) == expected, codes
            checked += 1
            break
    assert checked >= min(1_500, len(keys)) * 0.9


def test_a_table_read_back_builds_the_same_plans(tabled: tuple[Edition, tables.Table]) -> None:
    """A table kept as JSON and read by another edition object (whose pattern ids differ:
    they are numbered afresh for every edition loaded) gives each pattern tuple the very
    plan the building edition kept for it: tables are stored by the edition's own pattern
    numbers, and plans by their builder and arguments."""
    built, table = tabled
    other = skullking.load_edition("skullking-2021")
    here, there = tables.patterns(built), tables.patterns(other)
    assert here != there and len(here) == len(there)
    tables.install(other.compiled, json.loads(json.dumps(table)))
    translate = dict(zip(here, there, strict=True))
    compared = 0
    for key, plan in built.compiled.plans.items():
        if plan is _SEEN or len(key) > 4:
            continue
        assert other.compiled.plans[tuple(translate[p] for p in key)] is plan, key
        assert SPECS[plan][0] in tables.BUILDERS
        compared += 1
    assert compared == sum(1 for numbers in table["tables"] for n in numbers if n >= 0)


def test_every_possible_trick_of_four_cards_is_planned(tabled: tuple[Edition, tables.Table]) -> None:
    """The numbers docs/internals.md gives: skullking-2021 has 18 patterns; of the 104,976
    tuples of four of them 66,582 make a possible trick, and each has its plan."""
    edition, table = tabled
    assert table["patterns"] == 18
    assert [len(numbers) for numbers in table["tables"]] == [18, 18**2, 18**3, 18**4]
    assert sum(1 for n in table["tables"][3] if n >= 0) == 66_582
    # what the games deal: every 4-card trick of 300 random games finds its plan
    resolve_dealt, plans = edition.compiled.resolve_dealt, edition.compiled.plans
    met: list[tuple[int, ...]] = []

    def spy(cards: list[Play], players: int) -> object:
        if len(cards) == 4:
            met.append(tuple(play.pattern for play in cards))
        return resolve_dealt(cards, players)

    edition.compiled.resolve_dealt = spy  # type: ignore[assignment]
    try:
        simulation.play_game(edition, Setup("skullking-2021", ("A", "B", "C", "D"), ("random",), 3), 0)
    finally:
        edition.compiled.resolve_dealt = resolve_dealt
    assert met and all(plans.get(key, _SEEN) is not _SEEN for key in met)


def test_the_cache_keeps_a_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Edition.plan_tricks builds the table once and stores it; another edition object of
    the same rules reads it (nothing built); a damaged entry is built again; with the
    cache off, ``build=False`` leaves the edition without tables."""
    monkeypatch.setenv("SKULLKING_CACHE_DIR", str(tmp_path))
    builds: list[object] = []
    build = tables.build

    def counted(tricks: object) -> tables.Table:
        builds.append(tricks)
        return build(tricks)  # type: ignore[arg-type]

    monkeypatch.setattr(tables, "build", counted)
    first = skullking.load_edition("skullking-original")
    assert first.compiled.table is None
    assert first.plan_tricks() is True and len(builds) == 1
    assert first.plan_tricks() is True and len(builds) == 1  # in place already
    second = skullking.load_edition("skullking-original")
    assert second.plan_tricks(build=False) is True and len(builds) == 1
    assert second.compiled.table == first.compiled.table
    for entry in tmp_path.glob("*.json"):  # damage every entry: the table is built again
        entry.write_text(entry.read_text()[:-40], encoding="utf-8")
    third = skullking.load_edition("skullking-original")
    assert third.plan_tricks(build=False) is False and third.compiled.table is None
    assert third.plan_tricks() is True and len(builds) == 2
    monkeypatch.setenv("SKULLKING_NO_CACHE", "1")
    fourth = skullking.load_edition("skullking-original")
    assert fourth.plan_tricks(build=False) is False


def test_a_table_of_other_rules_is_refused(tabled: tuple[Edition, tables.Table], tmp_path: Path) -> None:
    """A table is tied to the rules it was built for (not to the edition's name, title or
    file): the same rules in another file take it, a house rule does not."""
    _, table = tabled
    copy = tmp_path / "copy.yaml"
    copy.write_text("extends: skullking-2021\nid: skullking-2021\n", encoding="utf-8")
    assert tables.fingerprint(skullking.load_edition(copy)) == table["edition"]
    loot = skullking.load_edition(ROOT / "examples" / "house-rules" / "loot-worth-10.yaml")
    assert tables.fingerprint(loot) != table["edition"]
    with pytest.raises(ValueError, match="another edition"):
        tables.install(loot.compiled, table)
    assert loot.compiled.table is None and not loot.compiled.plans


def test_the_tables_outlive_a_full_plan_cache(
    tabled: tuple[Edition, tables.Table], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plans kept in play are bounded (plan.LIMIT beyond the tables'); when they
    overflow, the ones kept in play go and the tables' stay."""
    _, table = tabled
    monkeypatch.setattr(tables, "LIMIT", 3)  # room for three patterns met in play
    edition = skullking.load_edition("skullking-2021")
    compiled = edition.compiled
    planned = tables.install(compiled, table)
    assert compiled.memo.limit == planned + 3
    tabled_keys = set(compiled.plans)
    rng = random.Random(5)
    codes = [card.code if card.code != "TIG" else "TIG:PIR" for card in edition.deck()]
    for _ in range(200):  # five-card tricks: not tabled
        edition.resolve_trick(rng.sample(codes, 5), 0, 5)
        assert tabled_keys <= set(compiled.plans) and len(compiled.plans) <= planned + 3


def test_fewer_sizes_for_an_edition_of_many_patterns(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table holds at most MOST_TUPLES pattern tuples: with room for 400, skullking-2021
    (18 patterns) tables tricks of one and two cards only."""
    monkeypatch.setattr(tables, "MOST_TUPLES", 400)
    edition = skullking.load_edition("skullking-2021")
    assert tables.sizes(edition) == range(1, 3)
    table = tables.build(edition.compiled)
    assert [len(numbers) for numbers in table["tables"]] == [18, 324]


def test_a_large_run_plans_its_tricks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run of PLAN_AT games or more plans its short tricks before
    play; a smaller one does not; the statistics are the same either way (a table
    changes no result)."""
    planned: list[Edition] = []
    plan_tricks = Edition.plan_tricks

    def counted(self: Edition, *, build: bool = True) -> bool:
        planned.append(self)
        return plan_tricks(self, build=build)

    monkeypatch.setattr(Edition, "plan_tricks", counted)
    setup = Setup(edition="skullking-2021", players=("A", "B", "C", "D"), bots=("random",), seed=8)
    edition = skullking.load_edition("skullking-2021")
    monkeypatch.setattr(simulation, "PLAN_AT", 50)
    small = simulate(setup, 49).as_json(setup, edition)
    assert not planned
    monkeypatch.setattr(simulation, "PLAN_AT", 49)
    large = simulate(setup, 49).as_json(setup, edition)
    assert len(planned) == 1 and planned[0].compiled.table is not None
    assert large == small
