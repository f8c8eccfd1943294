"""`validate` warns about rules that cannot matter.

Each fixture under ``tests/data/lint/`` is a small overlay that makes one kind of
rule dead and announces, in its leading comment lines, every warning it must get::

    # warn: LINE:COL: substring of the message     (a place in the fixture itself)
    # warn: base: substring of the message         (a place in the bundled base file)

A fixture without ``# warn:`` lines must get no warning at all. Most fixtures cap the
players at 4, so that the exhaustive play stays small.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest
from clihelp import run

import skullking
from skullking.analysis import exhaustive
from skullking.analysis.exhaustive import MAX_TRICKS, Alike, CardDomain, play_all, trick_sizes
from skullking.analysis.lint import CODES, validate_file
from skullking.core.errors import Problem
from skullking.edition import Edition
from skullking.loading.loader import check_file
from skullking.model.cards import Play
from skullking.model.records import EffectKind
from skullking.scoring.schemes import scorer

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "lint"
FILES = sorted(FIXTURES.glob("*.yaml"))
EDITIONS = sorted((Path(__file__).resolve().parents[2] / "editions").glob("*.yaml"))
WARN = re.compile(r"# warn: (base|\d+:\d+): (.+)")


def expectations(path: Path) -> list[tuple[str, str]]:
    """The ``# warn:`` lines of the fixture's leading comment block: (place, text)."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        match = WARN.match(line)
        if match:
            found.append((match.group(1), match.group(2)))
    return found


def warnings(path: Path) -> list[Problem]:
    edition, problems = validate_file(path)
    assert edition is not None, problems
    assert all(p.severity == "warning" for p in problems), problems
    return problems


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_fixture_gets_exactly_its_warnings(path: Path) -> None:
    """Every announced warning, at its place (the fixture's line and column, or the
    base file's item with the named id), and no other."""
    found = warnings(path)
    expected = expectations(path)
    assert len(found) == len(expected), [str(p) for p in found]
    for place, text in expected:
        matches = [p for p in found if text in p.message]
        assert len(matches) == 1, (text, [str(p) for p in found])
        problem = matches[0]
        assert problem.code in CODES and str(problem).endswith(f"{problem.message} [{problem.code}]")
        if place == "base":
            assert Path(problem.file).name == "skullking-2021.yaml", problem
            name = re.search(r"'([^']+)'", problem.message)
            assert name is not None
            text_line = Path(problem.file).read_text(encoding="utf-8").splitlines()[problem.line - 1]
            assert f"id: {name.group(1)}" in text_line, (problem, text_line)
        else:
            assert Path(problem.file).resolve() == path.resolve(), problem
            assert f"{problem.line}:{problem.column}" == place, problem


def _random_tricks(edition: Edition, rng: random.Random, count: int) -> list[list[str]]:
    """``count`` random real tricks (as many cards as a table of some size plays, each
    card once, declared cards declared at random)."""
    tricks = []
    sizes = trick_sizes(edition)
    for _ in range(count):
        size, players = rng.choice(list(sizes.items()))
        modules = [m.id for m in edition.modules if m.min_players <= players]
        cards = rng.sample(edition.deck(modules), size)
        codes = []
        for card in cards:
            kind = edition.kind(card.kind) if card.kind else None
            if kind is not None and kind.declarations:
                codes.append(f"{card.code}:{rng.choice(kind.declarations).code}")
            else:
                codes.append(card.code)
        tricks.append(codes)
    return tricks


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_what_is_warned_never_happens_in_play(path: Path) -> None:
    """The warnings are sound: in 600 random real tricks, no rule warned about decides,
    no bonus warned about is paid, no card warned about wins, no card plays a role
    warned about, and no ``played_`` name warned about counts a card."""
    found = warnings(path)
    edition = skullking.load_edition(path)
    dead_rules = {m.group(1) for p in found if (m := re.match(r"precedence rule '([^']+)'", p.message))}
    dead_bonuses = {m.group(1) for p in found if (m := re.match(r"bonus '([^']+)'", p.message))}
    dead_cards = {m.group(1) for p in found if (m := re.match(r"card '([^']+)' can never win", p.message))}
    dead_roles = {m.group(1) for p in found if (m := re.match(r"no card plays the role '([^']+)'", p.message))}
    zero = {m.group(1) for p in found if (m := re.match(r"'(played_\w+)' in .* is 0 in every round", p.message))}
    counter = scorer(edition, edition.scheme())
    rng = random.Random(7)
    decided = 0
    for cards in _random_tricks(edition, rng, 600):
        plays = edition.parse_cards(cards)
        assert not dead_roles & {p.role for p in plays}, cards
        assert not zero & {name for name, count in counter.counts(plays).items() if count}, cards
        result = edition.resolve_trick(plays)
        if result.winning_card is None:
            continue
        decided += 1
        if not any(p.alters for p in plays):
            assert result.rule not in dead_rules, cards
        assert not dead_bonuses & set(result.bonuses), cards
        assert plays[result.winning_card].card.kind not in dead_cards, cards
    assert decided > 200


@pytest.mark.parametrize("path", EDITIONS, ids=[p.name for p in EDITIONS])
def test_bundled_editions_have_no_warnings(path: Path) -> None:
    """Every bundled edition is warning-free: each rule decides some trick, each bonus
    is paid, each card without an effect wins, each effect acts, each module and
    schedule can be used."""
    assert warnings(path) == []


def test_validate_prints_warnings_and_exits_0() -> None:
    """`validate` prints each warning as FILE:LINE:COL: warning: ... and still exits 0;
    the summary line counts them."""
    path = FIXTURES / "card-never-wins.yaml"
    code, out, _ = run("validate", str(path))
    assert code == 0
    line = next(line for line in out.splitlines() if "warning:" in line)
    where, message = line.split(": warning: ")
    file, place = where.rsplit(":", 2)[0], where.split(":", 1)[1] if False else ":".join(where.rsplit(":", 2)[1:])
    assert Path(file).resolve() == path.resolve() and place == "15:7"
    assert message.startswith("card 'anchor' can never win a trick") and message.endswith(" [card-never-wins]")
    assert out.splitlines()[-1].endswith(", 1 warning)")


def test_strict_makes_warnings_fail() -> None:
    """`validate --strict` exits 1 when a file has warnings, 0 when it has none."""
    assert run("validate", "--strict", str(FIXTURES / "card-never-wins.yaml"))[0] == 1
    assert run("validate", "--strict", str(FIXTURES / "change-in-play.yaml"))[0] == 0
    assert run("validate", "--strict", "skullking-2021")[0] == 0
    code, out, _ = run("validate", "--strict", "--format", "json", str(FIXTURES / "module-never-used.yaml"))
    assert code == 1 and len(json.loads(out)) == 2


def test_json_gives_warnings_with_their_severity() -> None:
    """`validate --format json`: each warning is a record with "severity": "warning"
    (errors keep their record without it); exit 0."""
    path = FIXTURES / "schedule-never-used.yaml"
    code, out, _ = run("validate", "--format", "json", str(path))
    assert code == 0
    records = json.loads(out)
    assert len(records) == 2
    for record in records:
        assert record["severity"] == "warning"
        assert Path(record["file"]).resolve() == path.resolve() and record["line"] > 0 and record["column"] > 0
        assert record["code"] == "schedule-never-used" and "[" not in record["message"]


def test_a_comment_allows_a_kind_of_warning(tmp_path: Path) -> None:
    """`# skullking-validate: allow CODE[, CODE]` in the checked file silences those
    warnings, and only those."""
    text = (FIXTURES / "bonus-never-earned.yaml").read_text(encoding="utf-8")
    allowed = tmp_path / "allowed.yaml"
    allowed.write_text(text + "# skullking-validate: allow bonus-never-earned\n", encoding="utf-8")
    assert [p.code for p in warnings(allowed)] == ["rule-never-decides"]
    both = tmp_path / "both.yaml"
    both.write_text(text + "# skullking-validate: allow bonus-never-earned, rule-never-decides\n", encoding="utf-8")
    assert warnings(both) == []


def test_what_scoring_reads_of_the_rules_of_play() -> None:
    """What a change of the rules of play is compared by besides tricks: every slot of
    each scheme's scorer (a slot added later too), and what a score sheet may claim,
    module by module: in the 2021 deck the advanced cards (the 2021 rulebook: Kraken,
    White Whale, 2 Loot) hold the two cards that leave a trick without a winner and the
    two alliance cards, the base cards neither."""
    from skullking.scoring.schemes import READ_AS, Scorer, rules_read
    from skullking.scoring.sheets.bonus import claims_read

    edition = skullking.load_edition("skullking-2021")
    read = rules_read(edition)
    assert {what for _, what, _ in read} == (set(Scorer.__slots__) - set(READ_AS)) | {"counts", "alliance"}
    assert {scheme for scheme, _, _ in read} == {s.id for s in edition.schemes}
    claims = {(module, what): value for module, what, value in claims_read(edition)}
    assert claims["advanced", "destroying"] == 2 and claims["advanced", "alliances"] == 2
    assert claims["base", "destroying"] == 0 and claims["base", "alliances"] == 0


def test_every_warning_code_is_documented() -> None:
    """Each kind of warning has its row on the validate page, what it means and how
    to answer it, and in the lint module's docstring."""
    from skullking.analysis import lint

    page = (Path(__file__).resolve().parents[2] / "docs" / "cli" / "validate.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `([a-z-]+)` \|", page, flags=re.MULTILINE))
    assert rows == set(CODES)
    assert lint.__doc__ is not None
    assert all(f"``{code}``" in lint.__doc__ for code in CODES)


def test_a_comment_allows_the_warnings_about_roles_and_names(tmp_path: Path) -> None:
    """The warnings about a role no card plays and a name always 0 are allowed as the
    others are, each by its code."""
    text = (FIXTURES / "name-always-zero.yaml").read_text(encoding="utf-8")
    roles = tmp_path / "roles.yaml"
    roles.write_text(text + "# skullking-validate: allow role-never-played\n", encoding="utf-8")
    assert [p.code for p in warnings(roles)] == ["name-always-zero"] * 2
    both = tmp_path / "both.yaml"
    both.write_text(text + "# skullking-validate: allow name-always-zero, role-never-played\n", encoding="utf-8")
    assert warnings(both) == []


def test_a_role_only_the_cancelled_role_gives_is_played(tmp_path: Path) -> None:
    """A role no card has but that trick-altering cards beside the one that takes effect
    play (the cancelled role: the 2021 rulebook's Kraken and White Whale, the first
    played of them playing as an escape) is a role cards play; moved to a card of a
    module no game uses, a role is warned about, at the role."""
    cancelled = tmp_path / "cancelled.yaml"
    cancelled.write_text(
        "extends: skullking-2021\nid: cancelled\nplayers: {max: 4}\n"
        "roles:\n  - {id: overruled, lead: pass, description: A beast that does not take effect.}\n"
        "effects: {cancelled_role: overruled}\n",
        encoding="utf-8",
    )
    assert [p for p in warnings(cancelled) if p.code == "role-never-played"] == []
    unused = tmp_path / "unused.yaml"
    unused.write_text(
        "extends: skullking-2021\nid: unused\nplayers: {max: 4}\n"
        "modules:\n  - {id: tides, title: The tide, min_players: 5}\n"
        "roles:\n  - {id: tide, lead: pass, description: Washes the trick away.}\n"
        "deck:\n  cards:\n    - {id: tide, code: TIDE, role: tide, module: tides}\n",
        encoding="utf-8",
    )
    found = [p for p in warnings(unused) if p.code == "role-never-played"]
    assert [(p.line, p.column) for p in found] == [(7, 5)]
    assert found[0].message.startswith("no card plays the role 'tide'")


def test_lint_is_cached_and_not_run_when_loading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis runs when `validate` checks a file, not when an edition is loaded
    to play; its result is cached with the file's hashes, so a second check does not
    play again."""
    path = tmp_path / "black-plain.yaml"
    path.write_text((FIXTURES / "rule-never-decides.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    edition, problems = check_file(path)
    assert edition is not None and problems == []  # loading: no analysis
    first = warnings(path)
    assert len(first) == 1

    def fail(*args: object, **kwargs: object) -> None:
        raise AssertionError("played again")

    monkeypatch.setattr("skullking.analysis.lint.play_all", fail)
    assert warnings(path) == first
    path.write_text(path.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="played again"):
        warnings(path)


def test_removes_nothing_warning_still_reported(tmp_path: Path) -> None:
    """The older overlay warning ('x: null' removes nothing) comes with the new ones."""
    path = tmp_path / "nothing.yaml"
    path.write_text("extends: skullking-2021\nid: nothing\nbonuses:\n  no-such-bonus: null\n", encoding="utf-8")
    code, out, _ = run("validate", "--strict", str(path))
    assert code == 1 and "warning: 'no-such-bonus: null' removes nothing" in out


def test_an_analysis_too_large_says_so_and_claims_nothing() -> None:
    """More tricks than the analysis may play: one `analysis-incomplete` warning (at
    the players), and no claim that anything can never matter."""
    from skullking.analysis.lint import lint_edition
    from skullking.loading.loader import load_tree

    path = FIXTURES / "rule-never-decides.yaml"
    edition = skullking.load_edition(path)
    root = load_tree(path, [], (path.resolve(),), [], {})
    assert root is not None
    complete = lint_edition(edition, root)
    assert [p.code for p in complete] == ["rule-never-decides"]
    found = lint_edition(edition, root, limit=100)
    assert len(found) == 1 and found[0].code == "analysis-incomplete"
    assert "more than 100 kinds of trick" in found[0].message
    assert (found[0].line, found[0].column) == (root.locate(("players",)).line, root.locate(("players",)).column)


BRUTE = sorted((Path(__file__).resolve().parent / "lint-brute").glob("*.yaml"))


@pytest.mark.parametrize("path", BRUTE, ids=[p.name for p in BRUTE])
def test_the_analysis_finds_what_every_ordered_trick_finds(path: Path) -> None:
    """Exhaustive, not sampled: on a small deck, the classes, multisets and orders the
    analysis plays find exactly the rules that decide, the bonuses paid, the cards that
    win and the effects that act over every ordered trick of the deck's cards (each
    declaration of a declared card; each copy of a card the deck holds twice a card of
    its own, so that identical copies meet: a house rule of two green suits)."""
    edition = skullking.load_edition(path)
    resolver = edition.interpreter
    choices = []
    for card in edition.deck():
        declarations = edition.kind(card.kind).declarations if card.kind else ()
        choices.append([f"{card.code}:{d.code}" for d in declarations] if declarations else [card.code])
    rules: set[tuple[str, str]] = set()
    bonuses: set[str] = set()
    winners: set[str] = set()
    effects: set[str] = set()
    for size in trick_sizes(edition):
        for picked in itertools.permutations(range(len(choices)), size):
            for codes in itertools.product(*(choices[i] for i in picked)):
                plays = [edition.plays[code] for code in codes]
                result = resolver.resolve(plays, 0, size)
                ruled = ""
                if any(p.alters for p in plays):
                    _, effect = resolver.active_effect(plays, [p.role_index for p in plays])
                    effects.add(effect.id)
                    ruled = effect.id if effect.kind is EffectKind.NEUTRALIZE else "-"
                if result.winning_card is None:
                    continue
                if ruled != "-":
                    rules.add((ruled, result.rule))
                won = plays[result.winning_card].card
                winners.add(f"suit:{won.suit}" if won.suit else f"card:{won.kind}")
                bonuses.update(result.bonuses)
                effects.update(edition.effects[plays[seat].effect_index].id for seat, _ in result.alliances)
    usage = play_all(edition)
    assert usage.tricks < 3000
    assert (usage.rules, usage.bonuses, usage.winners, usage.effects) == (rules, bonuses, winners, effects)


def test_cached_warnings_name_files_from_where_validate_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Warnings read from the cache name their file relative to the directory
    `validate` runs in now, not the one it ran in when they were cached."""
    folder = tmp_path / "rules"
    folder.mkdir()
    path = folder / "anchor.yaml"
    path.write_text((FIXTURES / "card-never-wins.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(folder)
    assert [p.file for p in warnings(path)] == ["anchor.yaml"]
    monkeypatch.chdir(tmp_path)
    assert [p.file for p in warnings(path)] == [str(Path("rules") / "anchor.yaml")]


def test_setting_a_key_to_the_default_its_base_leaves_out_changes_nothing(tmp_path: Path) -> None:
    """An overlay that writes the default of a key its base leaves out (`play:
    {follow_suit: must}` on skullking-2021) changes nothing, and is told so; a real
    change beside it is not."""

    path = tmp_path / "defaults.yaml"
    path.write_text(
        "extends: skullking-2021\nid: defaults\nplay: {follow_suit: must, no_winner_leads: last_player}\n"
        "bidding: {order: simultaneous}\n",
        encoding="utf-8",
    )
    _, problems = validate_file(path, use_cache=False)
    said = sorted((p.line, p.message) for p in problems if p.code == "change-changes-nothing")
    assert said == [
        (3, "'play.follow_suit' changes nothing: skullking-2021 leaves it out, and that is the default"),
        (4, "'bidding.order' changes nothing: skullking-2021 leaves it out, and that is the default"),
    ]


# ---------------------------------------------------------------------- shared play


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, Alike]]:
    """Every call of the overlay analysis's shared play: (editions compared, what it found)."""
    calls: list[tuple[int, Alike]] = []
    real = exhaustive.same_tricks_each

    def spy(edition: Edition, others: list[Edition], limit: int = MAX_TRICKS) -> Alike:
        alike = real(edition, others, limit)
        calls.append((len(others), alike))
        return alike

    monkeypatch.setattr("skullking.analysis.lint.same_tricks_each", spy)
    return calls


def test_values_restated_as_the_base_plays_them_are_told_without_playing_a_trick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Twelve values written otherwise than the 2021 edition writes them, each playing as
    the base does (a leader named twice, a condition that holds wherever its rule finds
    a card, black for the trumps, a list in another order): each is told to change
    nothing in play, and telling so plays no trick, however many values there are."""
    calls = _spy(monkeypatch)
    _, problems = validate_file(FIXTURES / "change-restated.yaml", use_cache=False)
    assert sum("changes nothing in play" in p.message for p in problems) == 12
    assert [(count, alike.tricks, alike.replayed) for count, alike in calls] == [(12, 0, 0)]


def test_changes_that_must_be_played_share_one_play_of_the_tricks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pirate that wins only in tricks of two cards or more changes nothing (a pirate is
    alone only where the Kraken's next leader is worked out, and wins there anyway), which
    only playing the tricks can tell; the last mermaid winning does change play. The
    tricks are resolved once under the file's edition for both changes, and again under
    an edition without one only where a rule it changes answered otherwise."""
    path = tmp_path / "pirates.yaml"
    path.write_text(
        "extends: skullking-2021\nid: pirates\nplayers: {max: 4}\nprecedence:\n"
        "  pirate: {when: cards >= 2}\n  mermaid: {winner: {pick: last}}\n",
        encoding="utf-8",
    )
    calls = _spy(monkeypatch)
    _, problems = validate_file(path, use_cache=False)
    assert [(p.line, p.message.split(":")[0]) for p in problems] == [
        (5, "'precedence[pirate].when' changes nothing in play")
    ]
    edition = skullking.load_edition(path)
    grid = CardDomain([edition, edition]).count()
    ((count, alike),) = calls
    assert count == 2 and alike.answers == [True, False]
    assert 0 < alike.tricks <= grid  # one play for both changes, not one for each
    assert alike.replayed <= grid // 100


#: Changes of a four-player 2021 edition, one each, of every kind the shared play tells
#: apart: conditions, picks and groups of precedence rules, next leaders, bonuses, and
#: changes it plays through (a card's role, which beast takes effect, leads).
VARIANTS = (
    "precedence: {skull-king: {when: skull_king >= 1}}",
    "precedence: {mermaid-captures-skull-king: {when: skull_king == 1 and mermaid >= 1}}",
    "precedence: {pirate: {when: cards >= 2}}",
    "precedence: {pirate: {winner: {pick: last}}}",
    "precedence: {skull-king: {winner: {pick: last}}}",
    "precedence: {trump: {winner: {pick: highest, of: black}}}",
    "precedence: {trump: {winner: {pick: lowest}}}",
    "precedence: {led-suit: {when: trump == 0}}",
    "effects: {list: {kraken: {next_leader: [left_of_effect_player]}}}",
    "effects: {list: {kraken: {next_leader: [would_have_won_without_effects, trick_leader]}}}",
    "effects: {list: {white-whale: {next_leader: [would_have_won_without_effects, effect_player]}}}",
    "effects: {list: {white-whale: {precedence: {highest-number: {winner: {ties: last_played}}}}}}",
    "bonuses: {mermaid-by-pirate: {winner: {roles: [pirate, skull_king]}}}",
    "bonuses: {pirate-by-skull-king: {captured: {roles: [pirate, mermaid]}}}",
    "bonuses: {black-14: {points: 25}}",
    "bonuses: {standard-14: {captured: {suits: [purple, yellow, green], ranks: [14]}}}",
    "deck: {cards: {mermaid: {role: pirate}}}",
    "effects: {when_several: first_played}",
    "lead: {character_after_pass: pass}",
)


def _ends(edition: Edition, plays: list[Play]) -> tuple[object, ...]:
    result = edition.interpreter.resolve([edition.plays[p.code] for p in plays], 0, len(plays))
    return result.winner, result.next_leader, result.bonus, result.alliances


@pytest.fixture(scope="module")
def pairs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Edition, list[Edition], list[bool]]:
    """The base edition, each change of it, and whether every trick of the analysis
    ends alike under both, found by playing each trick through both (once for the
    module: it does not depend on how the analysis runs)."""
    folder = tmp_path_factory.mktemp("pairs")
    (folder / "base.yaml").write_text("extends: skullking-2021\nid: base\nplayers: {max: 4}\n", encoding="utf-8")
    base = skullking.load_edition(folder / "base.yaml")
    others = []
    for i, change in enumerate(VARIANTS):
        (folder / f"v{i}.yaml").write_text(f"extends: base.yaml\nid: v{i}\n{change}\n", encoding="utf-8")
        others.append(skullking.load_edition(folder / f"v{i}.yaml"))
    expected = [
        all(_ends(base, plays) == _ends(other, plays) for _, plays in CardDomain([other, base]).tricks())
        for other in others
    ]
    return base, others, expected


@pytest.mark.parametrize("how", ["as is", "every rule asked", "played through"])
def test_the_shared_play_answers_as_playing_each_pair_through(
    how: str, pairs: tuple[Edition, list[Edition], list[bool]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """For each change, whether every trick of the analysis ends alike is what playing
    the edition and the changed one through, trick by trick, says: as the shared play
    runs, with every rule, leader and bonus asked trick by trick (nothing settled
    beforehand), and with every edition played through."""
    base, others, expected = pairs
    if how != "as is":
        monkeypatch.setattr(exhaustive, "_same_rule", lambda *args: False)
        monkeypatch.setattr(exhaustive, "tried_strategies", lambda strategies, fallback: tuple(strategies))
    if how == "played through":
        monkeypatch.setattr(exhaustive, "_watch", lambda *args: None)
    assert exhaustive.same_tricks_each(base, others).answers == expected
    assert expected.count(True) >= 6 and expected.count(False) >= 6


def test_who_a_destroyed_trick_counts_for_is_a_change_of_play(tmp_path: Path) -> None:
    """A house rule: the Kraken's trick counts for whoever would have won it without the
    Kraken (examples/house-rules/kraken-trick-counts.yaml). Nothing else of a trick
    changes (no winner, the same next leader, no bonus, no alliance), but the scoring
    counts one trick more for that player: it is not told to change nothing. Counting it
    for nobody is what the 2021 edition leaves out by default, and is told so."""
    example = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "kraken-trick-counts.yaml"
    _, problems = validate_file(example, use_cache=False)
    assert [p for p in problems if p.code == "change-changes-nothing"] == []
    path = tmp_path / "nobody.yaml"
    path.write_text(
        "extends: skullking-2021\nid: nobody\neffects: {list: {kraken: {counts_for: [nobody]}}}\n", encoding="utf-8"
    )
    _, problems = validate_file(path, use_cache=False)
    said = [(p.line, p.message) for p in problems if p.code == "change-changes-nothing"]
    assert said == [
        (
            3,
            "'effects.list[kraken].counts_for' changes nothing: skullking-2021 leaves it out, and that is the default",
        )
    ]
