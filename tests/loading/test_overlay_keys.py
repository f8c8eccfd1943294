"""No key of an overlay is accepted and then ignored.

The test walks every key path the edition schema allows (its complete form: the
``else`` branch, with ``[]`` for list items and ``*`` for free keys);
tests/loading/overlay-keys.yaml holds one or more hand-written overlays of skullking-2021 for each.
Every overlay expects either

- ``shows``: ``explain`` of the overlay differs from ``explain`` of a control overlay
  (the same file without the change) in lines that show the new value, or
- ``refused``: loading fails with a problem located in the overlay file.

A key added to the schema without a case here fails ``test_every_schema_key_has_a_case``;
a key that stops mattering fails its case. Then ``before``/``after`` on items of the base
(engine/merge.py): they move the item, and are refused when they make no sense.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import yaml
from resolvers import ResolveTrick

import skullking
from skullking.analysis.explain import explain
from skullking.core.errors import EditionError
from skullking.edition import Edition

SCHEMA = Path(__file__).resolve().parents[2] / "rules" / "edition.schema.json"
#: The cases, one or more a key: path, overlay body, and what it shows or why it is refused.
CASES_FILE = Path(__file__).resolve().parent / "overlay-keys.yaml"
HEADER = "extends: skullking-2021\nid: walk\n"
#: An item's provenance at the end of an explain line: it names the file, not the value.
_FROM = re.compile(r" \*\([^)]*\)\*$")


class Case(NamedTuple):
    """One overlay body (YAML after the header) changing ``path``: it either ``shows``
    this text in the explain lines it changes, or is ``refused`` with this message."""

    path: str
    body: str
    shows: str | None = None
    refused: str | None = None


def _key_paths(node: Any, path: str = "") -> Iterator[str]:
    """Every leaf key path under a schema node: through properties, array ``items``
    (``[]``), ``additionalProperties`` schemas (``*``) and anyOf/oneOf/allOf branches.
    A ``null`` branch (an overlay's removal) is no key of its own."""
    if not isinstance(node, dict) or node.get("type") == "null":
        return
    for keyword in ("anyOf", "oneOf", "allOf"):
        for branch in node.get(keyword, []):
            yield from _key_paths(branch, path)
    children = False
    for name, sub in node.get("properties", {}).items():
        children = True
        yield from _key_paths(sub, f"{path}.{name}" if path else name)
    if isinstance(node.get("items"), dict):
        children = True
        yield from _key_paths(node["items"], f"{path}[]")
    if isinstance(node.get("additionalProperties"), dict):
        children = True
        yield from _key_paths(node["additionalProperties"], f"{path}.*")
    if not children and not any(k in node for k in ("anyOf", "oneOf", "allOf")):
        yield path


def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return schema


def _cases() -> list[Case]:
    items = yaml.safe_load(CASES_FILE.read_text(encoding="utf-8"))
    for item in items:  # each case expects one thing: a change that shows, or a refusal
        assert set(item) in ({"path", "body", "shows"}, {"path", "body", "refused"}), item
    return [Case(i["path"], i["body"] + "\n", i.get("shows"), i.get("refused")) for i in items]


#: One or more cases for every leaf key of the complete form.
CASES = _cases()


def _case_id(case: Case) -> str:
    return f"{case.path}:{'shows' if case.shows is not None else 'refused'}"


def test_every_schema_key_has_a_case() -> None:
    """Every leaf key of the complete form has a case, and every case names a real key."""
    paths = set(_key_paths(_schema()["else"]))
    covered = {case.path for case in CASES}
    assert sorted(paths - covered) == [], "keys of the schema without a case here"
    assert sorted(covered - paths) == [], "cases naming no key of the schema"


def test_the_overlay_form_allows_the_same_keys() -> None:
    """The overlay form (``then``) allows the complete form's keys, lists also as
    mappings by id (``*``), and ``before``/``after`` on items: nothing more."""
    complete = set(_key_paths(_schema()["else"]))
    for path in _key_paths(_schema()["then"]):
        if path.rsplit(".", 1)[-1] in ("before", "after"):
            continue
        readings = {""}
        for part in re.split(r"(\.\*|\[\])", path):
            as_list = "[]" if part == ".*" else part
            readings = {r + p for r in readings for p in {part, as_list}}
        assert readings & complete, f"the overlay form allows '{path}', which the complete form does not"


def _explain_lines(text: str) -> list[str]:
    return [_FROM.sub("", line) for line in text.splitlines()]


def _write(folder: Path, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "walk.yaml"
    header = HEADER
    if body.startswith("extends:"):
        header = "id: walk\n"
    elif body.startswith("id:"):
        header = "extends: skullking-2021\n"
    path.write_text(header + body, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def control(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """explain of the overlay that changes nothing."""
    path = _write(tmp_path_factory.mktemp("control"), "")
    return _explain_lines(explain(skullking.load_edition(path)))


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_changing_a_key_shows_in_explain_or_is_refused(case: Case, control: list[str], tmp_path: Path) -> None:
    path = _write(tmp_path, case.body)
    if case.refused is not None:
        with pytest.raises(EditionError) as caught:
            skullking.load_edition(path)
        located = [p for p in caught.value.problems if p.file.endswith("walk.yaml") and p.line > 0]
        assert any(case.refused in p.message for p in located), [str(p) for p in caught.value.problems]
        return
    assert case.shows is not None
    lines = _explain_lines(explain(skullking.load_edition(path)))
    matcher = difflib.SequenceMatcher(a=control, b=lines, autojunk=False)
    changed = "\n".join(
        line for tag, _, _, start, end in matcher.get_opcodes() if tag != "equal" for line in lines[start:end]
    )
    assert changed, "explain prints the same as without the change"
    assert case.shows in changed, changed


# --------------------------------------------------------------------- before / after

BASE = skullking.load_edition("skullking-2021")


def _load(tmp_path: Path, body: str) -> Edition:
    return skullking.load_edition(_write(tmp_path, body))


def _refusal(tmp_path: Path, body: str) -> list[str]:
    """The overlay's problems as ``line:column: message``, each located in the overlay."""
    with pytest.raises(EditionError) as caught:
        _load(tmp_path, body)
    assert all(p.file.endswith("walk.yaml") and p.line > 0 for p in caught.value.problems)
    return [f"{p.line}:{p.column}: {p.message}" for p in caught.value.problems]


@pytest.mark.parametrize(
    "body",
    [
        "precedence: {all-escape: {before: mermaid-captures-skull-king}}\n",
        "precedence: [{id: all-escape, before: mermaid-captures-skull-king}]\n",
    ],
    ids=["mapping", "list"],
)
def test_before_moves_a_precedence_rule_of_the_base(resolve_trick: ResolveTrick, tmp_path: Path, body: str) -> None:
    """Precedence is an ordered list: the first rule that finds a card decides (the
    2021 rulebook). Moved first, the catch-all rule ('the first card played wins') decides every
    trick, so an escape led beats a pirate."""
    edition = _load(tmp_path, body)
    ids = [r.id for r in edition.precedence]
    assert ids == ["all-escape", *[r.id for r in BASE.precedence if r.id != "all-escape"]]
    assert resolve_trick(BASE, ["E", "PIR"]).winner == 1
    assert resolve_trick(edition, ["E", "PIR"]).winner == 0
    assert resolve_trick(edition, ["E", "PIR"]).rule == "all-escape"


def test_before_moves_a_scoring_case_of_the_base(tmp_path: Path) -> None:
    """The first case whose `when` holds scores the round (the 2021 rulebook): moved before
    `zero-made`, `made` (20 per bid) scores a made zero bid, 0 instead of 10 per card."""
    edition = _load(tmp_path, "scoring: {schemes: {classic: {cases: {made: {before: zero-made}}}}}\n")
    classic = next(s for s in edition.schemes if s.id == "classic")
    assert [c.id for c in classic.cases] == ["made", "zero-made", "zero-missed", "missed"]
    sheet = {"players": ["Ann", "Bo"], "rounds": [{"bids": {"Ann": 0, "Bo": 1}, "won": {"Ann": 0, "Bo": 1}}]}
    assert dict(BASE.score_sheet(sheet).totals) == {"Ann": 10, "Bo": 20}
    assert dict(edition.score_sheet(sheet).totals) == {"Ann": 0, "Bo": 20}


def test_after_moves_a_bonus_of_the_base(resolve_trick: ResolveTrick, tmp_path: Path) -> None:
    """A bonus moved after another keeps its points (the 2021 rulebook) and lists (and explains)
    in its new place."""
    edition = _load(tmp_path, "bonuses: {standard-14: {after: black-14}}\n")
    assert [b.id for b in edition.bonuses][:2] == ["black-14", "standard-14"]
    assert [b.id for b in BASE.bonuses][:2] == ["standard-14", "black-14"]
    assert resolve_trick(edition, ["Y14", "B14"]).bonus == resolve_trick(BASE, ["Y14", "B14"]).bonus == 30
    text = explain(edition)
    assert text.index("`black-14`") < text.index("`standard-14`")


def test_before_naming_a_missing_id_suggests_the_closest(tmp_path: Path) -> None:
    messages = _refusal(tmp_path, "precedence:\n  pirate: {before: mermiad}\n")
    assert messages == ["4:20: 'before: mermiad': no precedence rule 'mermiad' in this list; did you mean 'mermaid'?"]


def test_before_and_after_together_are_refused(tmp_path: Path) -> None:
    messages = _refusal(tmp_path, "bonuses:\n  black-14: {before: standard-14, after: mermaid-by-pirate}\n")
    assert messages == ["4:42: give 'before' or 'after', not both"]


def test_an_item_placed_next_to_itself_is_refused(tmp_path: Path) -> None:
    messages = _refusal(tmp_path, "scoring:\n  schemes:\n    classic:\n      cases:\n        made: {after: made}\n")
    assert messages == ["7:23: 'after: made' names the item itself"]


@pytest.mark.parametrize(
    "rules",
    [
        "[{id: low, require: bid >= 0}, {id: high, require: bid <= 9, before: low}]",
        "{low: {require: bid >= 0}, high: {require: bid <= 9, before: low}}",
    ],
    ids=["list", "mapping"],
)
def test_before_places_items_of_a_list_the_base_lacks(tmp_path: Path, rules: str) -> None:
    """skullking-2021 has no bidding rules: an overlay's new list still honours
    before/after, in the list form as in the mapping form (the list form used to be
    refused with 'unknown key before')."""
    edition = _load(tmp_path, f"bidding: {{rules: {rules}}}\n")
    assert [r.id for r in edition.bidding.rules] == ["high", "low"]
