"""``extends``: house rules as overlays on a base edition (engine/merge.py).

An overlay states only what it changes: mappings merge, keyed lists merge by id,
``null`` removes, new rules go where ``before``/``after`` say, overlays compose.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from resolvers import ResolveTrick

import skullking
from skullking.analysis.explain import explain
from skullking.core.errors import EditionError
from skullking.loading.loader import check_file


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_kraken_leader_as_first_printed(resolve_trick: ResolveTrick, tmp_path: Path) -> None:
    """The 2021 rulebook's first printing: its 'left of the Kraken player' is one value away."""
    house = _write(
        tmp_path / "first-printing.yaml",
        "extends: skullking-2021\nid: first-printing\neffects:\n  list:\n"
        "    - id: kraken\n      next_leader: [left_of_effect_player]\n",
    )
    base = skullking.load_edition("skullking-2021")
    changed = skullking.load_edition(house)
    trick = ["Y12", "KRAKEN", "B3", "Y1"]  # without the Kraken, B3 (seat 2) would win
    assert resolve_trick(base, trick).next_leader == 2
    assert resolve_trick(changed, trick).next_leader == 2  # left of seat 1 is seat 2 as well
    trick = ["KRAKEN", "Y12", "B3", "Y1"]
    assert resolve_trick(base, trick).next_leader == 2
    assert resolve_trick(changed, trick).next_leader == 1


def test_mapping_form_and_null_remove(resolve_trick: ResolveTrick, tmp_path: Path) -> None:
    """A keyed list may be written as id -> item; null removes the item."""
    house = _write(
        tmp_path / "no-14s.yaml",
        "extends: skullking-2021\nid: no-14s\nbonuses:\n  standard-14: null\n  black-14: {points: 50}\n",
    )
    edition = skullking.load_edition(house)
    assert [b.id for b in edition.bonuses][:1] == ["black-14"]
    assert resolve_trick(edition, ["Y14", "G1"]).bonus == 0
    assert resolve_trick(edition, ["B14", "G1"]).bonus == 50


def test_new_rule_goes_where_before_says(resolve_trick: ResolveTrick, tmp_path: Path) -> None:
    """A new precedence rule is inserted before the rule it names."""
    house = _write(
        tmp_path / "escapes-rule.yaml",
        "extends: skullking-2021\nid: escapes-rule\nprecedence:\n"
        "  - id: escapes-first\n    before: mermaid-captures-skull-king\n"
        "    winner: {pick: last, of: escape}\n",
    )
    edition = skullking.load_edition(house)
    assert [r.id for r in edition.precedence][:2] == ["escapes-first", "mermaid-captures-skull-king"]
    result = resolve_trick(edition, ["SK", "E", "E"])
    assert (result.winner, result.rule) == (2, "escapes-first")


def test_overlays_compose_and_report_at_their_own_lines(resolve_trick: ResolveTrick, tmp_path: Path) -> None:
    """An overlay of an overlay merges both; problems are located in the file that has them."""
    _write(tmp_path / "a.yaml", "extends: skullking-2021\nid: a\nbonuses:\n  black-14: {points: 30}\n")
    b = _write(tmp_path / "b.yaml", "extends: a.yaml\nid: b\nbonuses:\n  standard-14: {points: 15}\n")
    edition = skullking.load_edition(b)
    assert resolve_trick(edition, ["B14", "Y14", "G2"]).bonus == 45
    bad = _write(
        tmp_path / "c.yaml",
        "extends: b.yaml\nid: c\nprecedence:\n  - id: pirate\n    winner: {pick: first, of: pirat}\n",
    )
    edition_c, problems = check_file(bad)
    assert edition_c is None
    assert [(p.file.endswith("c.yaml"), p.line, p.column) for p in problems] == [(True, 5, 31)]
    assert "unknown card group 'pirat'" in problems[0].message


def test_removing_nothing_is_a_warning(tmp_path: Path) -> None:
    """An overlay key that overrides nothing is reported, without failing."""
    house = _write(tmp_path / "w.yaml", "extends: skullking-2021\nid: w\nbonuses:\n  black-41: null\n")
    edition, problems = check_file(house)
    assert edition is not None
    assert [(p.severity, p.line, p.column) for p in problems] == [("warning", 4, 3)]
    assert "removes nothing" in problems[0].message


def test_missing_base_and_cycle(tmp_path: Path) -> None:
    """extends of a missing file, and a cycle, are located errors."""
    missing = _write(tmp_path / "m.yaml", "extends: nowhere.yaml\nid: m\n")
    with pytest.raises(EditionError, match=r"m.yaml:1:10: extends 'nowhere.yaml': no such edition or file"):
        skullking.load_edition(missing)
    _write(tmp_path / "x.yaml", "extends: y.yaml\nid: x\n")
    _write(tmp_path / "y.yaml", "extends: x.yaml\nid: y\n")
    with pytest.raises(EditionError, match="makes a cycle"):
        skullking.load_edition(tmp_path / "x.yaml")


def test_overlay_revalidates_the_deck(tmp_path: Path) -> None:
    """Removing cards re-runs the deck-size check on the merged edition."""
    house = _write(
        tmp_path / "thin.yaml",
        "extends: skullking-2021\nid: thin\ndeck:\n  cards:\n    escape: null\n    pirate: null\n",
    )
    edition, problems = check_file(house)
    assert edition is None
    assert any("the deck is too small" in p.message for p in problems)


def test_cache_follows_changes_to_the_base(resolve_trick: ResolveTrick, tmp_path: Path) -> None:
    """The compiled-edition cache is keyed by the hashes of every merged file."""
    base = _write(tmp_path / "base.yaml", "extends: skullking-2021\nid: base\nbonuses:\n  black-14: {points: 30}\n")
    top = _write(tmp_path / "top.yaml", "extends: base.yaml\nid: top\n")
    assert resolve_trick(skullking.load_edition(top), ["B14", "G1"]).bonus == 30
    _write(base, "extends: skullking-2021\nid: base\nbonuses:\n  black-14: {points: 35}\n")
    stamp = time.time() + 5
    os.utime(base, (stamp, stamp))
    assert resolve_trick(skullking.load_edition(top), ["B14", "G1"]).bonus == 35


def _refused(path: Path) -> list[str]:
    with pytest.raises(EditionError) as caught:
        skullking.load_edition(path)
    return [f"{p.line}:{p.column}: {p.message}" for p in caught.value.problems]


def test_a_misspelt_id_says_did_you_mean(tmp_path: Path) -> None:
    """An item under an id the base lacks, without the fields a new item needs, is a
    misspelt id: one message at the id, naming the base and the
    close ids, in the list form and the mapping form alike."""
    listed = _write(
        tmp_path / "rich-loot.yaml",
        "extends: skullking-2021\nid: rich-loot\neffects:\n  list:\n    - id: lot\n      points: 30\n",
    )
    assert _refused(listed) == ["5:11: no effect 'lot' in skullking-2021; did you mean 'loot'?"]
    placed = _write(
        tmp_path / "cases.yaml",
        "extends: skullking-2021\nid: cases\nscoring:\n  schemes:\n    classic:\n      cases:\n"
        "        zero-mad: {points: 0, after: missed}\n",
    )
    # a complete new case given a place is added, with warnings: its id is close to the
    # base's, and after the catch-all case it could never apply
    _, problems = check_file(placed, use_cache=False)
    assert [(p.severity, p.line, p.message) for p in sorted(problems, key=lambda p: p.column)] == [
        (
            "warning",
            7,
            "new case 'zero-mad' (skullking-2021 has none of that id); did you mean to change 'zero-made'?",
        ),
        (
            "warning",
            7,
            "case 'zero-mad' can never apply: case 'missed' before it has no 'when' (put it before, with 'before:')",
        ),
    ]
    far = _write(tmp_path / "far.yaml", "extends: skullking-2021\nid: far\nbonuses:\n  sea-serpent: {points: 5}\n")
    (message,) = _refused(far)
    assert message.startswith("4:3: no bonus 'sea-serpent' in skullking-2021 to change; a new bonus needs 'captured'")


def test_a_new_item_is_told_the_bases_ids_not_the_overlays_own(tmp_path: Path) -> None:
    """What a new item is compared with is what the base has: another item the same
    overlay adds is no id of the base's, so it is neither suggested for a misspelt id nor
    listed as the base's (a base without the list has none), while an item the overlay
    removed is no longer there to change."""
    added = _write(
        tmp_path / "added.yaml",
        "extends: skullking-2021\nid: added\nscoring:\n  schemes:\n    classic:\n      adjustments:\n"
        "        double: {points: points * 2}\n        doubled: {when: round == 1}\n",
    )
    assert _refused(added) == [
        "8:9: no adjustment 'doubled' in skullking-2021 to change; a new adjustment needs 'points' "
        "(skullking-2021 has: none)"
    ]
    removed = _write(
        tmp_path / "removed.yaml",
        "extends: skullking-2021\nid: removed\nbonuses:\n  black-14: null\n  sea-serpent: {points: 5}\n",
    )
    (message,) = _refused(removed)
    assert message.startswith("5:3: no bonus 'sea-serpent' in skullking-2021 to change; a new bonus needs 'captured'")
    assert "black-14" not in message and "standard-14" in message


ONE_LETTER = (
    "new role 'pirates' is one letter from skullking-2021's 'pirate', which would go on playing beside it; "
    "to change it, write its id as the base does; to add a new role, place it with 'before:' or 'after:', "
    "or say so with a comment '# skullking-validate: new'"
)


@pytest.mark.parametrize(
    "roles",
    [
        "roles:\n  pirates: {lead: no_suit, description: Plays as a number.}\n",
        "roles:\n  - id: pirates\n    lead: no_suit\n    description: Plays as a number.\n",
    ],
    ids=["mapping", "list"],
)
def test_a_new_item_one_letter_from_the_bases_is_refused(tmp_path: Path, roles: str) -> None:
    """A complete new item whose id is one letter from one of the base's (``pirates``
    beside ``pirate``) was most likely meant to change it: added as new, the base's
    rule would go on playing beside it unnoticed, so it is an error, not a warning, in
    the mapping form and the list form alike."""
    house = _write(tmp_path / "house.yaml", f"extends: skullking-2021\nid: house\n{roles}")
    assert _refused(house) == [f"4:{9 if 'id:' in roles else 3}: {ONE_LETTER}"]


@pytest.mark.parametrize(
    "roles",
    [
        "roles:\n  # skullking-validate: new\n  pirates: {lead: no_suit, description: Plays as a number.}\n",
        "roles:\n  pirates: {lead: no_suit, description: Plays as a number.}  # skullking-validate: new\n",
        "roles:\n  - id: pirates  # skullking-validate: new\n    lead: no_suit\n    description: Plays as a number.\n",
    ],
    ids=["comment-above", "comment-beside", "list"],
)
def test_a_new_item_said_to_be_meant_is_added_without_a_word(tmp_path: Path, roles: str) -> None:
    """The comment ``# skullking-validate: new`` on the id's line or the line above says
    the new item is meant: it is added beside the base's, with neither the error nor
    the did-you-mean warning."""
    house = _write(tmp_path / "house.yaml", f"extends: skullking-2021\nid: house\n{roles}")
    edition, problems = check_file(house, use_cache=False)
    assert edition is not None
    assert {"pirate", "pirates"} <= {r.id for r in edition.roles}
    assert not [p for p in problems if "pirates" in p.message]


def test_a_new_item_placed_with_before_is_meant(tmp_path: Path) -> None:
    """``before:`` (or ``after:``) gives the new item a place: the file says a new item
    is meant, so it is added, with the did-you-mean warning only."""
    house = _write(
        tmp_path / "house.yaml",
        "extends: skullking-2021\nid: house\nroles:\n"
        "  pirates: {before: pirate, lead: no_suit, description: Plays as a number.}\n",
    )
    edition, problems = check_file(house, use_cache=False)
    assert edition is not None and [r.id for r in edition.roles].index("pirates") == 1
    assert [(p.severity, p.message) for p in problems if "pirates" in p.message] == [
        ("warning", "new role 'pirates' (skullking-2021 has none of that id); did you mean to change 'pirate'?")
    ]


def test_a_complete_new_item_is_added_not_taken_for_a_misspelling(resolve_trick: ResolveTrick, tmp_path: Path) -> None:
    house = _write(
        tmp_path / "lots.yaml",
        "extends: skullking-2021\nid: lots\nbonuses:\n"
        "  lot: {points: 5, captured: {cards: [loot]}, description: each Loot in the trick}\n",
    )
    edition = skullking.load_edition(house)
    assert [b.id for b in edition.bonuses][-1] == "lot"
    assert resolve_trick(edition, ["Y3", "LOOT"]).bonus == 5


def test_an_overlay_gets_its_own_title_and_description(tmp_path: Path) -> None:
    """An overlay that gives no title or description does not show its
    base's (which describe another edition): they are made from its id and base."""
    plain = _write(
        tmp_path / "rich-loot.yaml", "extends: skullking-2021\nid: rich-loot\nbonuses: {black-14: {points: 30}}\n"
    )
    edition = skullking.load_edition(plain)
    base = skullking.load_edition("skullking-2021")
    assert edition.title == "skullking-2021 + rich-loot"
    assert edition.description == "The rules of skullking-2021, with the changes made by rich-loot."
    assert base.title not in explain(edition)
    titled = _write(tmp_path / "titled.yaml", "extends: skullking-2021\nid: titled\ntitle: Our table\n")
    assert (skullking.load_edition(titled).title, skullking.load_edition(titled).description) == (
        "Our table",
        "The rules of skullking-2021, with the changes made by titled.",
    )
    on_overlay = _write(tmp_path / "on-top.yaml", "extends: titled.yaml\nid: on-top\n")
    assert skullking.load_edition(on_overlay).title == "titled + on-top"
