"""The JSON Schema of edition files: valid draft-07, described, strict, in step with
its generator, and referenced from every bundled edition."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_PATH = ROOT / "rules" / "edition.schema.json"
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
EDITIONS = sorted((ROOT / "editions").glob("*.yaml"))


def _objects(node: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node:
            yield path, node
        for key, value in node.items():
            yield from _objects(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{path}/{i}")


def test_schema_is_valid_draft07() -> None:
    """The schema is checked against its metaschema."""
    jsonschema.Draft7Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#"


def test_every_property_has_a_description() -> None:
    """Editors show descriptions on hover, so every property has one."""
    missing = [
        f"{path}/{name}"
        for path, node in _objects(SCHEMA)
        for name, prop in node["properties"].items()
        if not prop.get("description")
    ]
    assert not missing


def test_unknown_keys_are_rejected_everywhere() -> None:
    """Unknown keys are rejected so typos are caught."""
    open_objects = [path for path, node in _objects(SCHEMA) if node.get("additionalProperties") is not False]
    assert not open_objects


def test_schema_matches_its_generator() -> None:
    """The committed schema is what scripts/gen_schema.py writes (run it after editing)."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_schema.py"), "--check"], check=False)
    assert done.returncode == 0, "rules/edition.schema.json is stale: run scripts/gen_schema.py"


@pytest.mark.parametrize("path", EDITIONS, ids=[p.name for p in EDITIONS])
def test_bundled_edition_validates_and_names_the_schema(path: Path) -> None:
    """Each bundled edition starts with a yaml-language-server modeline and validates
    against the schema as written (what an editor checks: an overlay, with ``extends``,
    against the schema's overlay form) and once merged onto its base (what the loader
    checks)."""
    from skullking.loading.loader import check_file

    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../rules/edition.schema.json"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator(SCHEMA).validate(data)
    edition, problems = check_file(path, use_cache=False)
    assert edition is not None and problems == []


def test_overlay_form_for_editors() -> None:
    """An overlay file as an editor sees it: nothing required but its id, null removes,
    keyed lists may be id -> item mappings, and typos are still errors."""
    validator = jsonschema.Draft7Validator(SCHEMA)
    overlay = {"extends": "skullking-2021", "id": "x", "bonuses": {"black-14": {"points": 5}, "standard-14": None}}
    assert not list(validator.iter_errors(overlay))
    overlay["bonuses"] = {"black-14": {"pointz": 5}}
    assert list(validator.iter_errors(overlay))
    assert list(validator.iter_errors({"extends": "skullking-2021"}))  # an overlay still needs its id


def test_schema_rejects_a_typo() -> None:
    """A misspelt key is an error, not silently ignored."""
    data = yaml.safe_load((ROOT / "editions" / "skullking-2021.yaml").read_text(encoding="utf-8"))
    data["precedence"][0]["winer"] = data["precedence"][0].pop("winner")
    errors = list(jsonschema.Draft7Validator(SCHEMA).iter_errors(data))
    assert any("winer" in e.message for e in errors)
