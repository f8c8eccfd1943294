"""What ``extends`` may read: a bundled id or a file in the overlay's folder;
an absolute path or one leaving the folder with '..' only with --allow-paths (or
``load_edition(..., allow_paths=True)``); a file that does not read as an edition is
refused without a word of what it holds.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clihelp import run

import skullking
from skullking.core.errors import EditionError

SECRET = "password: hunter2\napi_key: s3cr3t-k3y\n"
SHEET = Path(__file__).resolve().parents[2] / "examples" / "sheets" / "harbour-night.yaml"
BASE = "extends: skullking-2024\nid: club\ntitle: The club's rules\n"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """club/ (a base edition), private/ (secrets), ours/ (the overlays), cwd at tmp_path."""
    monkeypatch.chdir(tmp_path)
    for folder in ("club", "private", "ours"):
        (tmp_path / folder).mkdir()
    (tmp_path / "club" / "club.yaml").write_text(BASE, encoding="utf-8")
    for name in ("secret.txt", "secret.yaml"):
        (tmp_path / "private" / name).write_text(SECRET, encoding="utf-8")
    return tmp_path


def _overlay(folder: Path, extends: str, name: str = "ours.yaml") -> Path:
    path = folder / name
    path.write_text(f"extends: {extends}\nid: ours\n", encoding="utf-8")
    return path


def _problems(path: Path, *, allow_paths: bool = False) -> list[str]:
    with pytest.raises(EditionError) as caught:
        skullking.load_edition(path, allow_paths=allow_paths)
    return [str(p) for p in caught.value.problems]


PATHS_ONLY_WHEN_ALLOWED = (
    "is read only when allowed (--allow-paths on the command line, allow_paths=True in Python); "
    "name a bundled edition or a file in this file's folder"
)


@pytest.mark.parametrize(
    ("extends", "why"),
    [("../club/club.yaml", "a path that leaves the folder with '..'"), ("ABSOLUTE", "an absolute path")],
)
def test_a_base_outside_the_folder_is_read_only_when_allowed(tree: Path, extends: str, why: str) -> None:
    extends = str(tree / "club" / "club.yaml") if extends == "ABSOLUTE" else extends
    path = _overlay(tree / "ours", extends)
    assert _problems(path) == [f"ours/ours.yaml:1:10: extends '{extends}': {why} {PATHS_ONLY_WHEN_ALLOWED}"]
    assert skullking.load_edition(path, allow_paths=True).ties == "extra_round"  # 2024's, through club.yaml
    assert run("validate", str(path))[0] == 1
    assert run("validate", "--allow-paths", str(path))[0] == 0


def test_a_refused_path_is_refused_alike_whether_or_not_it_exists(tree: Path) -> None:
    """No file is touched for a refused path: the answer tells nothing of what is outside."""
    there = _problems(_overlay(tree / "ours", "../private/secret.yaml"))
    gone = _problems(_overlay(tree / "ours", "../private/nothing.yaml"))
    assert [p.replace("secret", "nothing") for p in there] == gone


@pytest.mark.parametrize("extends", ["''", "'.'", "'./'"])
def test_the_folder_itself_is_no_base(tree: Path, extends: str) -> None:
    """'.' once found the folder's own name + .yaml, a file beside the folder, outside it:
    '.' is the folder (said to be one), '' nothing."""
    (tree / "ours.yaml").write_text(BASE, encoding="utf-8")
    (message,) = _problems(_overlay(tree / "ours", extends))
    assert ("no such edition or file" if extends == "''" else "a folder, not an edition file") in message


def test_a_base_in_the_folder_or_below_needs_no_permission(tree: Path) -> None:
    (tree / "ours" / "bases").mkdir()
    (tree / "ours" / "bases" / "club.yaml").write_text(BASE, encoding="utf-8")
    assert skullking.load_edition(_overlay(tree / "ours", "bases/club.yaml")).id == "ours"
    assert skullking.load_edition(_overlay(tree / "ours", "bases/club", "short.yaml")).id == "ours"


@pytest.mark.parametrize("allow_paths", [False, True])
def test_a_file_that_is_not_an_edition_is_refused_without_its_content(tree: Path, allow_paths: bool) -> None:
    """Before: `extends: ../private/secret.txt` quoted the secret file's keys. Now neither
    its keys nor its values show, with or without --allow-paths."""
    (tree / "private" / "overlay.yaml").write_text("extends: secret.yaml\nid: ours\n", encoding="utf-8")
    messages = _problems(tree / "private" / "overlay.yaml", allow_paths=allow_paths)
    assert messages == [
        "private/overlay.yaml:1:10: extends 'secret.yaml': private/secret.yaml does not read as an edition file: "
        "an edition file is a YAML mapping with an 'id' and keys such as title, deck and scoring; nothing of it "
        "is shown here (validate it by itself to see why)"
    ]
    if allow_paths:
        txt = _problems(_overlay(tree / "ours", "../private/secret.txt"), allow_paths=True)
        assert txt == [
            "ours/ours.yaml:1:10: extends '../private/secret.txt': not an edition file: an edition file's "
            "name ends in .yaml, .yml, .json"
        ]
        messages += _problems(_overlay(tree / "ours", "../private/secret.yaml"), allow_paths=True)
    for secret in ("password", "hunter2", "api_key", "s3cr3t"):
        assert not any(secret in m for m in messages)


def test_a_base_with_a_syntax_error_is_placed_but_not_quoted(tree: Path) -> None:
    (tree / "ours" / "broken.yaml").write_text("id: broken\ntitle: [unclosed 'hunter2'\n", encoding="utf-8")
    (message,) = _problems(_overlay(tree / "ours", "broken.yaml"))
    assert "does not read as an edition file (reading stopped at line 3, column 1)" in message
    assert "hunter2" not in message and "unclosed" not in message


def test_a_base_that_reads_as_an_edition_shows_its_own_problems(tree: Path) -> None:
    """A real edition file with a mistake keeps its located messages."""
    (tree / "ours" / "base.yaml").write_text(BASE + "players: {min: 9, max: 3}\n", encoding="utf-8")
    messages = _problems(_overlay(tree / "ours", "base.yaml"))
    assert any(m.startswith("ours/base.yaml:4:") for m in messages), messages


def test_a_sheet_naming_a_file_that_is_not_an_edition_does_not_show_it(tree: Path) -> None:
    """A sheet's `edition` may name any file (the sheet is the user's), but one that does
    not read as an edition is refused at the sheet's line without its content."""
    sheet = tree / "ours" / "game.yaml"
    sheet.write_text(
        "edition: ../private/secret.yaml\nplayers: [Ann, Bo]\n"
        "rounds:\n  - {bids: {Ann: 0, Bo: 0}, won: {Ann: 0, Bo: 0}}\n",
        encoding="utf-8",
    )
    code, out, err = run("score", str(sheet))
    assert code == 2 and out == ""
    assert err.startswith(f"{sheet}:1:10: edition '../private/secret.yaml': private/secret.yaml does not read as")
    assert "hunter2" not in err and "password" not in err


def test_an_edition_built_with_allow_paths_is_not_cached_for_strict_loads(tree: Path) -> None:
    """A permissive load stores nothing, so a later strict load still refuses the path."""
    path = _overlay(tree / "ours", "../club/club.yaml")
    assert skullking.load_edition(path, allow_paths=True).id == "ours"
    assert skullking.load_edition(path, allow_paths=True).id == "ours"
    assert _problems(path)[0].startswith("ours/ours.yaml:1:10: extends '../club/club.yaml': a path that leaves")


@pytest.mark.parametrize(
    "command",
    [
        ["validate", "ours/ours.yaml"],
        ["trick", "--edition", "ours/ours.yaml", "Y1", "Y2"],
        ["legal", "--edition", "ours/ours.yaml", "--hand", "Y1,E", "Y2"],
        ["explain", "--edition", "ours/ours.yaml"],
        ["simulate", "--edition", "ours/ours.yaml", "--seed", "1", "--rounds", "1"],
        ["diff", "ours/ours.yaml", "bga", "--sample", "10", "--depth", "2"],
        ["score", "--edition", "ours/ours.yaml", str(SHEET)],
        ["new", "mine", "--extends", "ours/ours.yaml", "-o", "-"],
    ],
    ids=lambda argv: argv[0],
)
def test_every_command_that_loads_an_edition_takes_allow_paths(tree: Path, command: list[str]) -> None:
    _overlay(tree / "ours", "../club/club.yaml")
    refused = run(*command)
    assert refused[0] in (1, 2) and "--allow-paths" in refused[1] + refused[2]
    code, _, err = run(*command, "--allow-paths")
    assert code == 0, err


@pytest.mark.parametrize("command", [["editions"], ["schema"]])
def test_commands_that_load_no_edition_file_refuse_allow_paths(command: list[str]) -> None:
    code, _, err = run(*command, "--allow-paths")
    assert code == 2 and "unrecognized arguments: --allow-paths" in err
