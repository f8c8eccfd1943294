"""The compiled-edition cache cannot run code or lie (issue 8, section 4): entries are
JSON naming only the engine's own types, used only when they prove they were built by
this engine from the very files asked for, and shown with today's file names."""

from __future__ import annotations

import json
import os
import pickle
import stat
from pathlib import Path

import pytest
from clihelp import run

import skullking
from skullking import cache, codec
from skullking.loader import check_file
from skullking.model import Rule


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache folder for one test."""
    where = tmp_path / "cache"
    monkeypatch.setenv("SKULLKING_CACHE_DIR", str(where))
    return where


def _house(tmp_path: Path, name: str, points: int) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: skullking-2021\nid: {name}\nbonuses: {{black-14: {{points: {points}}}}}\n", "utf-8")
    return path


def _entry(folder: Path, path: Path) -> Path:
    return folder / f"{cache._key('path', os.path.abspath(path))}.json"


def test_entries_are_json_naming_only_the_engines_types(folder: Path, tmp_path: Path) -> None:
    house = _house(tmp_path, "house", 30)
    assert skullking.load_edition(house).resolve_trick(["B14", "Y1"]).bonus == 30
    files = sorted(folder.iterdir())
    assert files and all(f.suffix == ".json" for f in files)
    for f in files:
        record = json.loads(f.read_text("utf-8"))
        assert set(record) == {"engine", "deps", "payload", "digest"}
        assert b"pickle" not in f.read_bytes()
    assert skullking.load_edition(house).resolve_trick(["B14", "Y1"]).bonus == 30  # read back from the cache


def test_a_planted_entry_for_other_files_is_rebuilt_not_trusted(folder: Path, tmp_path: Path) -> None:
    """An entry built from another file, copied under the key of this one: its recorded
    files are unchanged, but the file asked for is not among them, so it is rebuilt."""
    rich, poor = _house(tmp_path, "rich", 50), _house(tmp_path, "poor", 5)
    assert skullking.load_edition(rich).resolve_trick(["B14", "Y1"]).bonus == 50
    skullking.load_edition(poor)
    _entry(folder, rich).write_bytes(_entry(folder, poor).read_bytes())
    assert skullking.load_edition(rich).resolve_trick(["B14", "Y1"]).bonus == 50
    assert check_file(rich)[0].resolve_trick(["B14", "Y1"]).bonus == 50


@pytest.mark.parametrize(
    "damage",
    [
        lambda record: {**record, "payload": record["payload"].replace("50", "5")},  # changed data, old digest
        lambda record: {**record, "engine": "another engine"},
        lambda record: {**record, "deps": [[d[0], "0" * 64] for d in record["deps"]]},
    ],
    ids=["edited-payload", "other-engine", "other-bytes"],
)
def test_a_damaged_or_edited_entry_is_rebuilt(folder: Path, tmp_path: Path, damage: object) -> None:
    rich = _house(tmp_path, "rich", 50)
    skullking.load_edition(rich)
    entry = _entry(folder, rich)
    record = json.loads(entry.read_text("utf-8"))
    entry.write_text(json.dumps(damage(record)), "utf-8")  # type: ignore[operator]
    assert skullking.load_edition(rich).resolve_trick(["B14", "Y1"]).bonus == 50


def test_a_pickle_planted_under_the_key_is_never_run(folder: Path, tmp_path: Path) -> None:
    """What unpickling would do (here: create a file) never happens: entries are JSON."""
    rich = _house(tmp_path, "rich", 50)
    skullking.load_edition(rich)
    marker = tmp_path / "ran"

    class Boom:
        def __reduce__(self) -> tuple[object, ...]:
            return (open, (str(marker), "w"))

    _entry(folder, rich).write_bytes(pickle.dumps(Boom()))
    (folder / (_entry(folder, rich).stem + ".pickle")).write_bytes(pickle.dumps(Boom()))
    assert skullking.load_edition(rich).resolve_trick(["B14", "Y1"]).bonus == 50
    assert not marker.exists()


def test_the_codec_builds_only_registered_types() -> None:
    assert codec.loads(codec.dumps({"a": (1, frozenset({2}))})) == {"a": (1, frozenset({2}))}
    with pytest.raises(codec.CodecError, match="unknown record 'Popen'"):
        codec.loads('{"r": "Popen", "f": [["sh"]]}')
    with pytest.raises(codec.CodecError):
        codec.loads('{"r": "Rule", "f": [1, 2]}')  # the wrong fields for a Rule
    with pytest.raises(codec.CodecError, match="cannot write"):
        codec.dumps(object())
    rule = skullking.load_edition("skullking-2021").precedence[0]
    assert isinstance(rule, Rule) and codec.loads(codec.dumps(rule)) == rule


def test_lark_grammars_are_cached_as_data(folder: Path) -> None:
    """lark's own cache pickles: its analysed grammars are kept as JSON data instead."""
    from lark import Lark

    from skullking.resources import rules_text

    grammar = rules_text("expr.lark")
    built = cache.lark_grammar("expr", grammar, lambda: Lark(grammar, parser="lalr", propagate_positions=True))
    calls: list[int] = []

    def again() -> Lark:
        calls.append(1)
        return Lark(grammar, parser="lalr", propagate_positions=True)

    loaded = cache.lark_grammar("expr", grammar, again)
    assert calls == [] and loaded.parse("if a then 2 else 3 + abs(1)") == built.parse("if a then 2 else 3 + abs(1)")
    assert all(f.suffix == ".json" for f in folder.iterdir())


def test_cached_warnings_name_files_as_given_this_time(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A warning cached while validating from one folder is shown relative to the folder
    validate runs from the next time."""
    sub = tmp_path / "rules"
    sub.mkdir()
    house = sub / "house.yaml"
    house.write_text("extends: skullking-2021\nid: house\nbonuses: {nothing-here: null}\n", "utf-8")
    monkeypatch.chdir(sub)
    first = run("validate", "house.yaml")[1]
    assert first.startswith("house.yaml:3:")
    monkeypatch.chdir(tmp_path)
    again = run("validate", "rules/house.yaml")[1]
    assert again.startswith("rules/house.yaml:3:") and "house.yaml" in again


def test_the_cache_folder_follows_the_platform_and_is_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SKULLKING_CACHE_DIR")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # the XDG spec: a relative path is ignored
    assert cache.cache_dir() == str(tmp_path / ".cache" / "skullking")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == str(tmp_path / "xdg" / "skullking")
    skullking.load_edition(_house(tmp_path, "house", 30))
    where = Path(str(cache.cache_dir()))
    assert stat.S_IMODE(where.stat().st_mode) == 0o700
    assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in where.iterdir())
    monkeypatch.setenv("SKULLKING_NO_CACHE", "1")
    assert cache.cache_dir() is None
