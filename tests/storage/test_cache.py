"""The compiled-edition cache cannot run code or lie: entries are JSON naming only the
engine's own types, signed under the user's own key, used only when they prove they
were built by this engine from the very files asked for (and the names an ``extends``
tried first are still absent), read only from a folder and files that are the user's
alone, and shown with today's file names. Whoever can write to the cache folder gets
neither code run nor a wrong answer: each attack below is tried and the right answer
comes back."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import pickle
import stat
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from clihelp import run

import skullking
from skullking.core.limits import MAX_EXPR_DEPTH
from skullking.language import expr
from skullking.loading import stored
from skullking.loading.loader import check_file
from skullking.model.records import Rule
from skullking.model.registry import EDITIONS
from skullking.storage import cache, codec
from skullking.tricks.compiled import tables


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
    assert EDITIONS.loads(EDITIONS.dumps({"a": (1, frozenset({2}))})) == {"a": (1, frozenset({2}))}
    with pytest.raises(codec.CodecError, match="unknown record 'Popen'"):
        EDITIONS.loads('{"r": "Popen", "f": [["sh"]]}')
    with pytest.raises(codec.CodecError):
        EDITIONS.loads('{"r": "Rule", "f": [1, 2]}')  # the wrong fields for a Rule
    with pytest.raises(codec.CodecError, match="cannot write"):
        EDITIONS.dumps(object())
    rule = skullking.load_edition("skullking-2021").precedence[0]
    assert isinstance(rule, Rule) and EDITIONS.loads(EDITIONS.dumps(rule)) == rule


def test_lark_grammars_are_cached_as_data(folder: Path) -> None:
    """lark's own cache pickles: its analysed grammars are kept as JSON data instead."""
    from lark import Lark

    from skullking.core.resources import rules_text

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


# --------------------------------------------------------------------------- attacks


def _plain_digest(record: dict[str, Any]) -> str:
    """The digest an attacker can work out from the install alone (what entries carried
    before they were signed): a SHA-256 of the entry's own fields."""
    return hashlib.sha256(f"{record['engine']}\0{record['deps']!r}\0{record['payload']}".encode()).hexdigest()


def _signed(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` signed with the user's own key, as only the engine itself can: to show
    that the checks behind the signature hold even for an entry that passes it."""
    secret = cache._secret()
    assert secret is not None
    return {**record, "digest": cache._entry_digest(secret, record["engine"], record["deps"], record["payload"])}


_CODE = "0\n__import__('pathlib').Path({marker!r}).write_text('ran')\ndef _unused(env):\n return 0"


def _plant_code(record: dict[str, Any], marker: Path) -> dict[str, Any]:
    """``record`` with the first number of its first formula's tree replaced by text
    that is Python code when written into a function's source."""
    payload = json.loads(record["payload"])
    planted = False

    def walk(node: Any) -> Any:
        nonlocal planted
        if isinstance(node, dict):
            if not planted and node.get("r") == "Number":
                planted = True
                return {"r": "Number", "f": [_CODE.format(marker=str(marker)), node["f"][1]]}
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    payload = walk(payload)
    assert planted
    return {**record, "payload": json.dumps(payload, separators=(",", ":"))}


@pytest.mark.parametrize("sign", [_plain_digest, None], ids=["plain-digest", "signed"])
def test_a_formula_planted_as_code_never_runs(folder: Path, tmp_path: Path, sign: Any) -> None:
    """A number in a stored formula's tree that is text holding Python code: with a
    digest worked out again from the install the entry is not the user's and is rebuilt;
    signed with the user's own key, the tree is still checked node by node (a number is
    an int) and the entry rebuilt. Either way the code never runs and the edition comes
    back exactly as the file builds it."""
    house = _house(tmp_path, "house", 30)
    skullking.load_edition(house)
    marker = tmp_path / "ran"
    entry = _entry(folder, house)
    record = _plant_code(json.loads(entry.read_text("utf-8")), marker)
    record = {**record, "digest": sign(record)} if sign is not None else _signed(record)
    entry.write_text(json.dumps(record), "utf-8")
    edition = skullking.load_edition(house)
    assert not marker.exists()
    assert edition.resolve_trick(["B14", "Y1"]).bonus == 30
    built = check_file(house, use_cache=False)[0]
    assert EDITIONS.dumps(stored._fields(edition)) == EDITIONS.dumps(stored._fields(built))
    assert not marker.exists()


def test_a_hand_edited_entry_with_a_recomputed_digest_is_rebuilt(folder: Path, tmp_path: Path) -> None:
    """The black 14's bonus (20 in the 2021 rulebook, 30 in this house rule) edited to
    999 in the stored edition, the digest worked out again as the install would: the
    entry does not carry the user's signature, so it is rebuilt."""
    house = _house(tmp_path, "house", 30)
    skullking.load_edition(house)
    entry = _entry(folder, house)
    record = json.loads(entry.read_text("utf-8"))
    edited = {**record, "payload": record["payload"].replace("30", "999")}
    assert edited["payload"] != record["payload"]
    entry.write_text(json.dumps({**edited, "digest": _plain_digest(edited)}), "utf-8")
    assert skullking.load_edition(house).resolve_trick(["B14", "Y1"]).bonus == 30
    assert check_file(house)[0].resolve_trick(["B14", "Y1"]).bonus == 30


def test_a_planted_plan_table_is_not_installed(folder: Path) -> None:
    """A plan table rewritten so that every trick is won by its first card for nothing
    (a simulation would then report every trick as won by the led suit with no bonuses):
    with a digest worked out again it is not the user's; signed, a table of a rule the
    edition does not have still fails the check against the edition. Neither is installed, and
    tricks resolve by the original rules (the Skull King takes the pirate: +30)."""
    first = skullking.load_edition("skullking-original")
    assert first.plan_tricks() is True
    (entry,) = [f for f in folder.glob("*.json") if '"specs"' in json.loads(f.read_text("utf-8"))["payload"]]
    record = json.loads(entry.read_text("utf-8"))
    table = json.loads(record["payload"])
    for rule, sign in (("led-suit", _plain_digest), ("no-such-rule", lambda r: _signed(r)["digest"])):
        table["specs"] = [["fixed", [0, 0, [], [], rule, "the led suit wins", 6]] for _ in table["specs"]]
        planted = {**record, "payload": json.dumps(table, separators=(",", ":"))}
        entry.write_text(json.dumps({**planted, "digest": sign(planted)}), "utf-8")
        fresh = skullking.load_edition("skullking-original")
        assert fresh.plan_tricks(build=False) is False and not fresh.compiled.plans
        result = fresh.resolve_trick(["PIR", "SK"])
        assert (result.winner, result.bonus) == (1, 30)


@pytest.mark.parametrize(
    "damage",
    [
        lambda spec: ["fixed", [9, *spec[1][1:]]] if spec[0] == "fixed" else spec,  # a card beyond the trick
        lambda spec: [spec[0], [*spec[1][:-1], 99]],  # other seats
        lambda spec: ["exec", spec[1]],  # no builder
    ],
    ids=["position", "seats", "builder"],
)
def test_a_damaged_plan_table_is_refused_before_any_plan_is_kept(damage: Any) -> None:
    """The table's plans are checked against the edition before one is kept: a position
    beyond the trick, another seat count, a builder that is not one."""
    edition = skullking.load_edition("skullking-original")
    table = tables.build(edition.compiled)
    damaged = {**table, "specs": [damage(spec) for spec in table["specs"]]}
    fresh = skullking.load_edition("skullking-original")
    with pytest.raises(ValueError):
        tables.install(fresh.compiled, damaged)
    assert not fresh.compiled.plans and fresh.compiled.table is None


def _bounded_load(path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``skullking trick`` under ``path``'s house rule in a process of its own, so that a
    hang ends the test (with a failure) instead of the suite."""
    return subprocess.run(
        [sys.executable, "-m", "skullking", "trick", "--edition", str(path), "--format", "json", "B14", "Y1"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **env},
        check=False,
    )


def test_a_fifo_or_a_device_in_place_of_an_entry_is_never_read(folder: Path, tmp_path: Path) -> None:
    """A FIFO under an entry's name (reading it would wait for ever), a symbolic link to
    /dev/zero (reading it would never end) and a symbolic link to another entry: none is
    opened for reading; the command answers at once with the house rule's 30."""
    house = _house(tmp_path, "house", 30)
    other = _house(tmp_path, "other", 5)
    skullking.load_edition(other)
    entry = _entry(folder, house)
    for plant in ("fifo", "zero", "link"):
        if entry.exists() or entry.is_symlink():
            entry.unlink()
        if plant == "fifo":
            os.mkfifo(entry)
        elif plant == "zero":
            entry.symlink_to("/dev/zero")
        else:
            entry.symlink_to(_entry(folder, other))
        assert cache._open_private(str(entry)) is None, plant
        done = _bounded_load(house, {"SKULLKING_CACHE_DIR": str(folder)})
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["bonus"] == 30, plant
        assert "warning" not in done.stderr


def test_an_entry_others_can_write_is_not_read(folder: Path, tmp_path: Path) -> None:
    house = _house(tmp_path, "house", 30)
    skullking.load_edition(house)
    entry = _entry(folder, house)
    assert cache.read("path", os.path.abspath(house), os.path.abspath(house)) is not None
    entry.chmod(0o666)
    assert cache.read("path", os.path.abspath(house), os.path.abspath(house)) is None
    assert skullking.load_edition(house).resolve_trick(["B14", "Y1"]).bonus == 30


def test_a_cache_folder_others_can_write_turns_the_cache_off(tmp_path: Path) -> None:
    """A folder made 0777 (by another account, say): nothing is read from it or written
    to it, the command says so once on standard error, and answers right."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    house = _house(tmp_path, "house", 30)
    done = _bounded_load(house, {"SKULLKING_CACHE_DIR": str(shared)})
    assert done.returncode == 0 and json.loads(done.stdout)["bonus"] == 30
    assert done.stderr.count("warning") == 1
    assert f"the cache is off: the cache folder {shared} is not yours alone" in done.stderr
    assert "writable by others (mode 0777)" in done.stderr
    assert list(shared.iterdir()) == []


def test_the_library_warns_once_of_a_cache_folder_others_can_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o775)
    monkeypatch.setenv("SKULLKING_CACHE_DIR", str(shared))
    house = _house(tmp_path, "house", 30)
    with pytest.warns(cache.CacheWarning, match="writable by others"):
        assert skullking.load_edition(house).resolve_trick(["B14", "Y1"]).bonus == 30
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        skullking.load_edition(house)  # (said once)
    assert list(shared.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a folder away")
def test_a_cache_folder_of_another_user_turns_the_cache_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o700)
    os.chown(theirs, 65534, -1)
    monkeypatch.setenv("SKULLKING_CACHE_DIR", str(theirs))
    with pytest.warns(cache.CacheWarning, match="belongs to another user"):
        assert skullking.load_edition(_house(tmp_path, "house", 30)).resolve_trick(["B14", "Y1"]).bonus == 30
    assert list(theirs.iterdir()) == []


def test_a_key_others_can_read_turns_the_cache_off(folder: Path, tmp_path: Path) -> None:
    """The signing key must stay secret: a key file others can read (or one that is not
    a key) turns the cache off with a warning."""
    keys = tmp_path / "config"
    keys.mkdir(mode=0o700)
    (keys / "cache-key").write_text("ab" * 32, "ascii")
    (keys / "cache-key").chmod(0o644)
    done = _bounded_load(_house(tmp_path, "house", 30), {"SKULLKING_CONFIG_DIR": str(keys)})
    assert done.returncode == 0 and json.loads(done.stdout)["bonus"] == 30
    assert "the cache is off: its key" in done.stderr and done.stderr.count("warning") == 1
    assert not folder.exists() or list(folder.iterdir()) == []


def test_the_key_is_made_once_private_and_kept(folder: Path, tmp_path: Path) -> None:
    keys = Path(cache.config_dir())
    made = keys / "cache-key"
    skullking.load_edition(_house(tmp_path, "house", 30))
    assert stat.S_IMODE(made.stat().st_mode) == 0o600 and len(made.read_text("ascii")) == 64
    assert stat.S_IMODE(keys.stat().st_mode) & 0o022 == 0
    before = made.read_text("ascii")
    cache._keys.clear()
    skullking.load_edition(_house(tmp_path, "again", 20))
    assert made.read_text("ascii") == before and not list(keys.glob("*.tmp"))


def test_a_name_extends_tried_first_must_stay_absent(folder: Path, tmp_path: Path) -> None:
    """``extends: b`` finds ``b.yaml`` while there is no file ``b``; once a file ``b``
    appears, a fresh load reads it (here: not an edition file), and so does the cached
    one: the cache recorded that ``b`` was absent."""
    (tmp_path / "b.yaml").write_text("extends: skullking-2021\nid: b\n", "utf-8")
    overlay = tmp_path / "a.yaml"
    overlay.write_text("extends: b\nid: a\n", "utf-8")
    assert run("validate", str(overlay))[0] == 0
    (tmp_path / "b").write_text("not: [an, edition\n", "utf-8")
    code, _, err = run("trick", "--edition", str(overlay), "B14", "Y1")
    assert code == 2 and "extends 'b'" in err
    assert run("validate", str(overlay))[0] == 1
    (tmp_path / "b").unlink()
    assert run("validate", str(overlay))[0] == 0


def test_a_full_disk_leaves_no_temporary_file(folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    assert skullking.load_edition(_house(tmp_path, "house", 30)).resolve_trick(["B14", "Y1"]).bonus == 30
    assert folder.exists() and list(folder.iterdir()) == []


_NUMBER = expr.Number(value=3, column=1)


def _unchecked(value: object) -> Any:
    """``value`` as the type checker lets through: what a planted entry can hold."""
    return value


def _nested(depth: int) -> expr.Expr:
    """``- - ... - 3``, ``depth`` times: deeper than any parsed formula."""
    tree: expr.Expr = _NUMBER
    for _ in range(depth):
        tree = expr.Negate(operand=tree, column=1)
    return tree


def _too_deep_for_python() -> expr.Expr:
    """``sum(- - ... - bid)``, as deep as a stored tree may be (twice the nesting a
    parsed formula may have): written as Python, 201 brackets deep, one more than
    Python's compiler takes."""
    tree: expr.Expr = expr.Variable(name="bid", column=1)
    for _ in range(2 * MAX_EXPR_DEPTH - 2):
        tree = expr.Negate(operand=tree, column=1)
    return expr.Call(function="sum", args=(tree,), column=1)


@pytest.mark.parametrize(
    ("tree", "names"),
    [
        (expr.Number(value=_unchecked("3"), column=1), ()),  # text for a number
        (expr.Number(value=True, column=1), ()),  # a truth value for a number
        (expr.Number(value=10**7, column=1), ()),  # beyond the literals the grammar reads
        (expr.Variable(name="__import__", column=1), ("bid",)),  # a name not offered
        (expr.Chain(first=_NUMBER, links=(expr.Link(op="**", operand=_NUMBER, column=2),), column=1), ()),
        (
            expr.Chain(
                first=_NUMBER,
                links=(expr.Link(op="+", operand=_NUMBER, column=2), expr.Link(op="and", operand=_NUMBER, column=3)),
                column=1,
            ),
            (),
        ),
        (expr.Compare(op="is", left=_NUMBER, right=_NUMBER, column=1), ()),
        (expr.Call(function="eval", args=(_NUMBER,), column=1), ()),
        (expr.Call(function="abs", args=_unchecked([_NUMBER]), column=1), ()),  # a list for the arguments
        (expr.Not(operand=_NUMBER, column=1), ()),  # checks as no type at all
        (_nested(500), ()),
        (_too_deep_for_python(), ("bid", expr.TABLE)),
        (("Number", 3, 1), ()),  # not a node
    ],
    ids=[
        "text-number",
        "bool-number",
        "huge-number",
        "unknown-name",
        "operator",
        "mixed-chain",
        "comparison",
        "function",
        "list-args",
        "ill-typed",
        "too-deep",
        "too-deep-for-python",
        "not-a-node",
    ],
)
def test_a_stored_tree_is_checked_node_by_node(tree: Any, names: tuple[str, ...]) -> None:
    """What the cache gives back as a formula's tree is input: only the grammar's nodes,
    each field of the parser's types and values, that check as the stored type and that
    Python's compiler takes."""
    with pytest.raises(ValueError):
        expr.restore("3", names, "number", tree)


def test_a_stored_tree_that_checks_is_restored() -> None:
    formula = expr.compile_expression("if bid == 0 then 10 * cards else 20 * bid", ("bid", "cards"))
    again = expr.restore(formula.source, formula.names, formula.type, formula.tree)
    assert again.evaluate({"bid": 0, "cards": 7}) == 70 and again.evaluate({"bid": 3, "cards": 7}) == 60
    assert EDITIONS.loads(EDITIONS.dumps(formula)).evaluate({"bid": 2, "cards": 7}) == 40


def test_generated_code_is_written_from_checked_values_only() -> None:
    """Even a tree that never went through the checks cannot put its text into the
    generated function: numbers are written as an int's repr, operators and functions
    from the grammar's own table."""
    with pytest.raises(ValueError):
        expr.python_text(expr.Number(value=_unchecked("__import__('os')"), column=1), lambda name, row: name)
    with pytest.raises(KeyError):
        expr.python_text(expr.Call(function="eval", args=(_NUMBER,), column=1), lambda name, row: name)
    with pytest.raises(KeyError):
        expr.python_text(expr.Compare(op="or __import__", left=_NUMBER, right=_NUMBER, column=1), lambda n, r: n)


def test_a_signed_entry_that_does_not_build_is_rebuilt(folder: Path, tmp_path: Path) -> None:
    """Even under the user's own signature, stored values that do not make an edition (a
    card kind of a module the edition does not have; an entry of another shape) are
    rebuilt, not raised."""
    house = _house(tmp_path, "house", 30)
    skullking.load_edition(house)
    entry = _entry(folder, house)
    record = json.loads(entry.read_text("utf-8"))
    for payload in (
        record["payload"].replace('"advanced"', '"no-such-module"'),
        json.dumps({"t": [1, 2, 3]}),
        json.dumps({"t": [{"o": {"id": "x"}}, []]}),
    ):
        assert payload != record["payload"]
        entry.write_text(json.dumps(_signed({**record, "payload": payload})), "utf-8")
        assert skullking.load_edition(house).resolve_trick(["B14", "Y1"]).bonus == 30


def test_a_table_whose_next_leader_sits_beyond_a_short_trick_is_kept(tmp_path: Path) -> None:
    """A plan of a trick nobody wins may name a seat past its cards (the player left of
    the leader of a one-card trick): that plan reads no card, and its table installs.
    (Without the rule that the first of all escapes wins, a trick of escapes has no
    winner.)"""
    rule = tmp_path / "left.yaml"
    rule.write_text(
        "extends: skullking-original\nid: left\nprecedence: {all-escape: null}\n"
        "play: {no_winner_leads: left_of_trick_leader}\n",
        "utf-8",
    )
    edition = skullking.load_edition(rule)
    table = tables.build(edition.compiled)
    assert any(name == "no_winner" and args[0] == 1 for name, args in table["specs"])
    fresh = skullking.load_edition(rule)
    assert tables.install(fresh.compiled, table) > 0


def test_the_engine_fingerprint_names_every_module_of_every_stage() -> None:
    """An entry records the engine that built it, and is used only by that engine: every
    module of every subpackage counts by its place in the package (so an entry built
    before a module moved is never used), its size and its modification time."""
    import importlib.util
    import pkgutil

    fingerprint = cache._engine_fingerprint().splitlines()
    package = Path(cache.__file__).parent.parent  # (as installed: an editable install links the files)
    named = {line.rsplit(":", 2)[0] for line in fingerprint[3:]}
    modules = list(pkgutil.walk_packages(skullking.__path__, "skullking."))
    stages = {m.name.split(".")[1] for m in modules if m.ispkg}
    assert {"core", "storage", "language", "loading", "tricks", "play", "scoring", "analysis"} <= stages
    for module in modules:
        spec = importlib.util.find_spec(module.name)
        assert spec is not None and spec.origin is not None
        place = os.path.relpath(spec.origin, package)
        assert place in named, module.name


def test_the_code_fingerprint_names_the_modules_that_write_the_pads_reports() -> None:
    """The score pad keeps its compare reports under the code fingerprint: it stands for
    the engine fingerprint, which names the command-line tools' modules too (the report's
    text is written by ``diff``'s, and the pad's settings are the pad's), so a report
    another version of them wrote is never read back."""
    named = {line.rsplit(":", 2)[0] for line in cache._engine_fingerprint().splitlines()[3:]}
    assert {"analysis/compare.py", "tools/diffcmd.py", "tools/pad/comparing.py"} <= named
    digest = cache.code_fingerprint()
    assert len(digest) == 64 and int(digest, 16) >= 0 and digest not in cache._engine_fingerprint()
