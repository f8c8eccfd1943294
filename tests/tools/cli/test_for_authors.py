"""For authors outside this repository: `skullking schema`, the
score-sheet schema, `skullking new`, and the licence."""

from __future__ import annotations

import importlib.util
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from clihelp import run, run_json
from repo_scripts import load_script

import skullking
from skullking.analysis.explain import explain
from skullking.analysis.lint import validate_file
from skullking.core.resources import bundled_edition_files
from skullking.loading.loader import check_file
from skullking.tools import new

ROOT = Path(__file__).resolve().parents[3]
SHEET_SCHEMA = json.loads((ROOT / "rules" / "sheet.schema.json").read_text(encoding="utf-8"))
EXAMPLE_SHEETS = sorted((ROOT / "examples" / "sheets").glob("*.yaml"))
BUNDLED = list(bundled_edition_files())


def _sheet_errors(sheet: Any) -> list[str]:
    return [e.message for e in jsonschema.Draft7Validator(SHEET_SCHEMA).iter_errors(sheet)]


# ---------------------------------------------------------------------- skullking schema


@pytest.mark.parametrize("which", ["edition", "sheet", "vectors"])
def test_schema_prints_the_installed_schema_and_its_path(which: str) -> None:
    """`skullking schema [edition|sheet|vectors]` prints the JSON Schema; `--path` where it is."""
    code, out, err = run("schema", which)
    assert code == 0 and err == ""
    assert out == (ROOT / "rules" / f"{which}.schema.json").read_text(encoding="utf-8")
    code, out, _ = run("schema", which, "--path")
    path = Path(out.strip())
    assert code == 0 and path.name == f"{which}.schema.json" and path.is_file()
    assert json.loads(path.read_text(encoding="utf-8"))["$id"].endswith(f"/{which}.schema.json")


def test_schema_defaults_to_the_edition_schema_and_refuses_other_names() -> None:
    assert run("schema")[1] == run("schema", "edition")[1]
    code, _, err = run("schema", "sheets")
    assert code == 2 and "invalid choice: 'sheets'" in err and "Traceback" not in err


def test_sheet_schema_is_package_data() -> None:
    """An installed `skullking schema sheet --path` needs the file in the wheel: the
    package data of skullking.rules takes every JSON file of rules/."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["skullking.rules"]
    assert any(Path("sheet.schema.json").match(pattern) for pattern in patterns)


# ---------------------------------------------------------------------- the sheet schema


def test_sheet_schema_is_valid_draft07_and_described() -> None:
    jsonschema.Draft7Validator.check_schema(SHEET_SCHEMA)
    described = [SHEET_SCHEMA["properties"], SHEET_SCHEMA["definitions"]["round"]["properties"]]
    assert all(prop.get("description") for props in described for prop in props.values())


def test_sheet_schema_matches_its_generator() -> None:
    """rules/sheet.schema.json is what scripts/gen_sheet_schema.py writes (run it after
    changing the scorer's keys or a bundled edition's names)."""
    spec = importlib.util.spec_from_file_location("gen_sheet_schema", ROOT / "scripts" / "gen_sheet_schema.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    on_disk = (ROOT / "rules" / "sheet.schema.json").read_text(encoding="utf-8")
    assert module.render() == on_disk, "rules/sheet.schema.json is stale: run scripts/gen_sheet_schema.py"


@pytest.mark.parametrize("path", EXAMPLE_SHEETS, ids=[p.name for p in EXAMPLE_SHEETS])
def test_example_sheet_names_and_passes_the_sheet_schema(path: Path) -> None:
    """Each example sheet starts with the modeline and validates against the sheet schema."""
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == "# yaml-language-server: $schema=../../rules/sheet.schema.json"
    assert _sheet_errors(yaml.safe_load(text)) == []


@pytest.mark.parametrize("edition", ["skullking-2021", "legendary-2018", "skullking-original"])
def test_simulated_sheets_pass_the_sheet_schema(edition: str) -> None:
    """What `skullking simulate` writes (every trick, Rosie's choices, Harry's changes,
    wagers, loads, tie-break rounds) is a sheet the schema accepts."""
    for players, scoring in (("2", "classic"), ("5", "rascal" if edition == "skullking-2021" else "classic")):
        record = run_json("simulate", "--edition", edition, "--seed", "7", "--players", players, "--scoring", scoring)
        assert _sheet_errors(record["sheet"]) == []


def test_sheet_schema_allows_the_round_keys_an_edition_adds() -> None:
    """wagers, harry, rosie and loads are allowed (the 2021 rulebook), and a sheet whose
    edition is a house-rule file may use keys of its own choices."""
    sheet: dict[str, Any] = {
        "edition": "skullking-2021",
        "scoring": "rascal",
        "players": ["Ann", "Bo", "Cy"],
        "rounds": [
            {
                "bids": {"Ann": 1, "Bo": 0, "Cy": 0},
                "won": {"Ann": 1, "Bo": 0, "Cy": 0},
                "wagers": {"Ann": 20},
                "harry": {"Bo": 0},
                "loads": {"Ann": "cannonball"},
            },
            {
                "bids": {"Ann": 0, "Bo": 2, "Cy": 0},
                "leader": "Bo",
                "tricks": [["ROSIE", "Y3", "Y2"], ["Y4", "Y5", "Y1"]],
                "rosie": {"Bo": "Bo"},
            },
        ],
    }
    assert _sheet_errors(sheet) == []
    house = dict(sheet, edition="house.yaml", rounds=[dict(sheet["rounds"][0], giant={"Ann": 1})])
    assert _sheet_errors(house) == []


def test_sheet_schema_catches_typos_for_a_bundled_edition() -> None:
    """A sheet naming a bundled edition is checked against its names: a misspelt round
    key, bonus id, scheme or module is an error, as `skullking score` says too."""
    good = {"edition": "skullking-original", "players": ["Ann", "Bo"], "rounds": [{"bids": {"Ann": 0, "Bo": 1}}]}
    assert any("'won'" in e or "is not valid under any" in e for e in _sheet_errors(good))
    bad_round = {"bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}, "wagers": {"Ann": 10}}
    assert _sheet_errors(dict(good, rounds=[bad_round]))  # the original edition has no wagers
    bonus = {"bids": {"Ann": 1, "Bo": 0}, "won": {"Ann": 1, "Bo": 0}, "bonuses": {"Ann": ["black-14"]}}
    assert _sheet_errors(dict(good, rounds=[bonus]))  # no 14s in the original edition
    assert _sheet_errors(dict(good, edition="skullking-2021", rounds=[bonus])) == []
    assert _sheet_errors(dict(good, edition="skullking-2021", scoring="rascals", rounds=[bonus]))
    assert _sheet_errors(dict(good, modules=["advanced"], rounds=[bonus]))
    assert _sheet_errors(dict(good, player=["Ann"]))  # not a sheet key


# ---------------------------------------------------------------------- skullking new


def _new(tmp_path: Path, name: str, base: str, *extra: str) -> Path:
    code, out, err = run("new", name, "--extends", base, "-o", str(tmp_path), *extra)
    assert code == 0, err
    target = tmp_path / f"{name}.yaml"
    assert f"wrote {target}" in out
    return target


@pytest.mark.parametrize("base", BUNDLED)
def test_new_writes_an_overlay_that_validates_and_changes_something(tmp_path: Path, base: str) -> None:
    """`skullking new NAME --extends ID`: a commented overlay with the schema modeline
    that passes `skullking validate`, and whose change shows in `explain` and `diff`."""
    target = _new(tmp_path, "our-rules", base)
    text = target.read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    schema = Path(first.split("=", 1)[1])
    installed = Path(run("schema", "--path")[1].strip())  # the repository's, or the installed package's
    assert (target.parent / schema).resolve() == installed.resolve()
    assert installed.read_text(encoding="utf-8") == (ROOT / "rules" / "edition.schema.json").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert (data["extends"], data["id"]) == (base, "our-rules")
    assert jsonschema.Draft7Validator(json.loads(run("schema")[1])).is_valid(data)
    code, out, err = run("validate", str(target))
    assert (code, err) == (0, "") and out == f"{target}: ok (our-rules: {data['title']})\n"
    assert explain(skullking.load_edition(target)) != explain(skullking.load_edition(base))
    report = run_json("diff", base, str(target), "--depth", "2", "--sample", "10")
    assert [c["path"].split("[")[0] for c in report["changes"]] == ["bonuses"]


def test_new_shows_a_trick_that_earns_the_changed_bonus(tmp_path: Path) -> None:
    """The header's `trick` command plays a trick whose bonus the file changed (the 2021 rulebook:
    a 14 of a standard suit is worth 10; the new file makes it 20)."""
    target = _new(tmp_path, "rich", "skullking-2021")
    line = next(line for line in target.read_text(encoding="utf-8").splitlines() if "skullking trick" in line)
    cards = line.split("rich.yaml", 1)[1].split("  ")[0].split()
    assert cards == ["G1", "G14"]
    assert run_json("trick", "--edition", str(target), *cards)["bonus"] == 20
    assert run_json("trick", *cards)["bonus"] == 10


@pytest.mark.parametrize("base", BUNDLED)
def test_every_next_step_in_the_comments_works(tmp_path: Path, base: str) -> None:
    """The comments teach what else an overlay can change: each commented block, once
    uncommented, validates cleanly, without a warning (it sets only what it changes),
    and changes the rules `explain` prints."""
    edition = skullking.load_edition(base)
    as_written = tmp_path / "ours.yaml"
    as_written.write_text(new.render(edition, name="ours", extends=base, schema="s.json"), encoding="utf-8")
    before = explain(skullking.load_edition(as_written))
    assert new.steps(edition) >= 5
    for number in range(new.steps(edition)):
        path = tmp_path / f"step{number}.yaml"
        text = new.render(edition, name="ours", extends=base, schema="s.json", uncomment=number)
        path.write_text(text, encoding="utf-8")
        changed, problems = validate_file(path, use_cache=False)
        assert problems == [] and changed is not None, (number, text, problems)
        after = explain(changed).replace(path.name, as_written.name)
        assert after != before, f"step {number} changes nothing:\n{text}"
    removal = next(line for line in as_written.read_text(encoding="utf-8").splitlines() if ": null " in line)
    removed = removal.split("#")[1].split(":")[0].strip()  # '  # black-14: null  # ...' -> black-14
    path = tmp_path / "removal.yaml"
    path.write_text(as_written.read_text(encoding="utf-8").replace(removal, f"  {removed}: null"), encoding="utf-8")
    changed, problems = check_file(path)
    assert problems == [] and changed is not None
    assert removed in {b.id for b in edition.bonuses} - {b.id for b in changed.bonuses}


def test_new_extends_a_file_relative_to_the_new_one(tmp_path: Path) -> None:
    """A base given as a path is written as `extends` reads it: relative to the new file."""
    (tmp_path / "club").mkdir()
    base = _new(tmp_path / "club", "club", "skullking-2024")
    (tmp_path / "mine").mkdir()
    code, out, err = run("new", "mine", "--extends", str(base), "-o", str(tmp_path / "mine" / "mine.yaml"))
    assert code == 0, err
    target = tmp_path / "mine" / "mine.yaml"
    assert yaml.safe_load(target.read_text(encoding="utf-8"))["extends"] == "../club/club.yaml"
    # A base outside the new file's folder is read only with --allow-paths, and new says so.
    assert f"check it with: skullking validate --allow-paths {target}" in out
    assert run("validate", "--allow-paths", str(target))[0] == 0
    assert run("validate", str(target))[0] == 1
    assert skullking.load_edition(target, allow_paths=True).ties == "extra_round"  # from 2024, through club.yaml


def test_new_to_standard_output(tmp_path: Path) -> None:
    code, out, _ = run("new", "house", "--extends", "bga", "-o", "-")
    assert code == 0 and out.startswith("# yaml-language-server: $schema=/")
    assert yaml.safe_load(out)["extends"] == "bga"
    assert not (Path.cwd() / "house.yaml").exists()


def test_new_never_overwrites_a_file(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("# mine\n", encoding="utf-8")
    code, out, err = run("new", "mine", "--extends", "skullking-2021", "-o", str(tmp_path))
    assert (code, out) == (2, "")
    assert err == f"skullking: error: {target}: the file exists; not overwritten (choose another NAME or -o PATH)\n"
    assert target.read_text(encoding="utf-8") == "# mine\n"


def test_new_reports_a_file_it_cannot_write(tmp_path: Path) -> None:
    """A file system that refuses the file (here: a name too long) is bad input, not a traceback."""
    target = tmp_path / ("x" * 300 + ".yaml")
    code, out, err = run("new", "mine", "--extends", "skullking-2021", "-o", str(target))
    assert (code, out) == (2, "")
    assert err.startswith(f"skullking: error: {target}: cannot write the file: ") and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["Our Rules", "--extends", "skullking-2021"], "'Our Rules' is not an edition id"),
        (["ours", "--extends", "skullking-2012"], "no such file or bundled edition; did you mean 'skullking-2024'"),
        (["ours", "--extends", "skullking-2021", "-o", "no/such/folder/x.yaml"], "no such folder 'no/such/folder'"),
        (["ours"], "the following arguments are required: --extends"),
    ],
)
def test_new_refuses_bad_input_with_one_line(argv: list[str], message: str) -> None:
    code, out, err = run("new", *argv)
    assert code == 2 and out == "" and message in err
    assert len(err.splitlines()) == 1 and "Traceback" not in err


# ---------------------------------------------------------------------- licence


def test_licence_matches_pyproject() -> None:
    """An MIT LICENSE file, as pyproject declares (an SPDX expression and the licence file),
    with the project's copyright line."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["license"] == "MIT"
    assert config["project"]["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert re.search(r"^Copyright \(c\) 2026 the skullking-rules authors$", text, re.MULTILINE)
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text


# ---------------------------------------------------------------------- user-facing text

#: References to documents users do not have: the rules digest's sections and points,
#: and its source keys (sources are named in words instead).
DIGEST = re.compile(
    r"digest|#\d|\b(?:S00\d|GBG(?:-\w+)?|EN20\d\d|FR20\d\d|FR-DOC|PREM|APPS|AMIR|KRYO|LEGACY|SCRIBD|EXP26)\b"
    r"|\b(?:BGA-(?:EN|JA)|JP-(?:OLD|NEW|ED)|LEG-(?:REVIEW|SHOP)|BGG-NEWS)\b"
)


def _strings(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [s for value in node.values() for s in _strings(value)]
    if isinstance(node, list):
        return [s for value in node for s in _strings(value)]
    return [node] if isinstance(node, str) else []


def _descriptions(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["description"]] if isinstance(node.get("description"), str) else []
        return own + [s for value in node.values() for s in _descriptions(value)]
    if isinstance(node, list):
        return [s for value in node for s in _descriptions(value)]
    return []


def _user_facing() -> dict[str, str]:
    """Every text a player or rule author reads, by where it is shown."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    texts = {page.relative_to(ROOT).as_posix(): page.read_text(encoding="utf-8") for page in pages}
    assert "docs/conventions.md" in texts and "docs/house-rules/first-house-rule.md" in texts
    for which in ("edition", "sheet", "vectors"):
        schema = json.loads(run("schema", which)[1])
        texts[f"{which} schema descriptions"] = "\n".join(_descriptions(schema))
    for ident in BUNDLED:
        texts[f"explain {ident}"] = run("explain", "--edition", ident)[1]
        texts[f"new --extends {ident}"] = run("new", "x", "--extends", ident, "-o", "-")[1]
        values = yaml.safe_load((ROOT / "editions" / f"{ident}.yaml").read_text(encoding="utf-8"))
        texts[f"values of editions/{ident}.yaml"] = "\n".join(_strings(values))
    for path in sorted((ROOT / "examples").rglob("*.yaml")):
        texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")  # comments included
    texts["--help"] = run("--help")[1]
    commands = re.findall(r"^    ([a-z]+)  ", texts["--help"], re.MULTILINE)
    for command in commands:
        texts[f"{command} --help"] = run(command, "--help")[1]
    return texts


def test_user_facing_text_names_no_digest_reference() -> None:
    """Players and rule authors do not have the rules digest: no "digest 5 #22", no bare
    source keys such as S000 or GBG-FAQ, in the README, the documentation pages, the schema
    descriptions, explain's output, the files `new` writes, the bundled editions' values,
    the examples, or --help. Sources are named in words ("the official FAQ")."""
    texts = _user_facing()
    assert len([name for name in texts if name.endswith("--help")]) >= 11  # every command's
    found = {name: sorted(set(DIGEST.findall(text))) for name, text in texts.items() if DIGEST.search(text)}
    assert found == {}
    assert DIGEST.search("as the rules digest 5 #22 says") and DIGEST.search("(GBG-FAQ)")  # the check can fail


# ---------------------------------------------------------------------- the conventions page


def _script(name: str) -> Any:
    return load_script(name)


def test_conventions_page_matches_the_edition_files() -> None:
    """docs/conventions.md is generated from the bundled editions: run
    scripts/conventions_page.py --write after changing one."""
    page = (ROOT / "docs" / "conventions.md").read_text(encoding="utf-8")
    assert _script("conventions_page").render() == page, "docs/conventions.md is stale"


def test_conventions_page_has_every_point_reading_and_edition() -> None:
    """Each of the 28 disputed points has a section with at least two
    readings, each with its sources; every bundled edition is placed under a reading or
    said not to have the point."""
    module = _script("conventions_page")
    page = (ROOT / "docs" / "conventions.md").read_text(encoding="utf-8")
    assert len(module.POINTS) == 28
    sections = page.split("\n## ")[1:]
    assert [s.splitlines()[0] for s in sections] == [p.title for p in module.POINTS]
    for point, section in zip(module.POINTS, sections, strict=True):
        rows = [line for line in section.splitlines() if line.startswith(("| A: ", "| B: "))]
        assert len(rows) == len(point.readings) >= 2
        assert all(row.split(" | ")[1].strip() for row in rows)  # sources named
        for ident in BUNDLED:
            assert f"`{ident}`" in section, (point.title, ident)
        assert not point.example or (ROOT / point.example).is_file()


def test_conventions_page_places_the_editions_by_their_values() -> None:
    """The generated placement follows the files (the Kraken's leader, the zero bid, ties): the first
    printing and Board Game Arena take the Kraken's left-neighbour reading, the original
    edition scores a zero bid by round number, and 2021 breaks ties with another round. No
    bundled edition lets the White Whale cancel a Loot alliance; after a Kraken trick
    Graybeard would have won, he leads in 2021 and the trick's leader does in 2024 (each as
    after a trick he wins)."""
    page = (ROOT / "docs" / "conventions.md").read_text(encoding="utf-8")
    rows = {line.split(" | ")[0]: line.split(" | ")[-1] for line in page.splitlines() if line.startswith("| ")}
    assert rows["| B: The player to the left of the Kraken's player"] == "`bga`, `skullking-2021-first-printing` |"
    assert rows["| B: The round number"] == "`skullking-original` |"
    assert rows["| A: The tied players play another round"] == "`skullking-2021`, `skullking-2024` |"
    assert rows["| B: The first escape-type card wins"] == "none |"
    assert rows["| B: No: the Whale cancels it, and it pays nothing"] == "none |"
    assert (
        rows["| A: Graybeard leads, as the player who would have won"]
        == "`skullking-2021` (as after a trick he wins) |"
    )
    assert rows["| B: The player who led the trick leads"] == "`skullking-2024` (as after a trick he wins) |"


def test_readme_and_explain_link_to_the_conventions_page() -> None:
    """The conventions table rows of the editions page have plain names, each linking to
    its point on the conventions page; the README and explain name the page too."""
    module = _script("conventions_page")
    anchors = {module.anchor(p.title) for p in module.POINTS}
    page = (ROOT / "docs" / "editions.md").read_text(encoding="utf-8")
    table = page.split("<!-- conventions:start -->")[1].split("<!-- conventions:end -->")[0]
    links = re.findall(r"\]\(conventions\.md#([a-z0-9-]+)\)", table)
    assert len(links) >= 10 and set(links) <= anchors
    assert not re.search(r"^\| #", table, re.MULTILINE)
    assert "](docs/conventions.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    for ident in BUNDLED:
        assert "`docs/conventions.md`" in run("explain", "--edition", ident)[1]


# ---------------------------------------------------------------------- the walk-through


def test_write_your_first_house_rule_as_the_page_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk-through docs/house-rules/first-house-rule.md: new, edit, validate, explain,
    trick and diff print what the page shows, and so do the scores under its scoring
    adjustments (the last round doubled, ten more for a made bid in last place, 30 less
    for a third missed bid in a row), the error for a bid out of a range that reads the
    standings, its Kraken's trick counted for who would have won it (a house rule), and
    the big table of two decks with the trick of two yellow 7s it plays."""
    section = (ROOT / "docs" / "house-rules" / "first-house-rule.md").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("new", "rich-14s", "--extends", "skullking-2021")
    assert code == 0 and out.strip() in section
    path = tmp_path / "rich-14s.yaml"
    edit = "  standard-14: {points: 20}\n"
    assert edit in path.read_text(encoding="utf-8")
    assert "   bonuses:\n     standard-14: {points: 20}\n     black-14: {points: 40}\n" in section
    path.write_text(path.read_text(encoding="utf-8").replace(edit, edit + "  black-14: {points: 40}\n"), "utf-8")
    explained = [line for line in run("explain", "rich-14s.yaml")[1].splitlines() if "-14`:" in line]
    assert len(explained) == 2  # the two 14s' bonuses
    shown = [
        run("validate", "rich-14s.yaml")[1],
        run("trick", "--edition", "rich-14s.yaml", "Y3", "B14")[1],
        *explained,
        *[
            line
            for line in run("diff", "skullking-2021", "rich-14s.yaml", "--depth", "2")[1].splitlines()
            if "14]" in line
        ],
    ]
    for text in shown:
        for line in text.strip().splitlines():
            assert line.strip() in section, line
    # Steps 7 to 9: the scoring adjustments, each written to the file as the page shows
    # it, and the sheets the page scores under them.
    sheet = "edition: rich-14s.yaml\nplayers: [Ann, Bo]\n"
    made = "{bids: {Ann: 1, Bo: 0}, won: {Ann: 1, Bo: 0}}"
    for adjustment, sheet_name, rounds in (
        (
            "scoring:\n  schemes:\n    classic:\n      adjustments:\n"
            "        double-last-round: {when: last_round == 1, points: points * 2}\n",
            "last-round.yaml",
            f"schedule: past-your-bedtime      # one round of 1 card: the last\nrounds:\n  - {made}\n",
        ),
        (
            "        catch-up: {when: last == 1 and won == bid, points: points + 10}\n",
            "two-rounds.yaml",
            f"rounds:\n  - {made}\n"
            "  - {bids: {Ann: 1, Bo: 1}, won: {Ann: 1, Bo: 1}}   # Bo is behind before this round\n",
        ),
        (
            "        three-missed: {when: won != bid and past_run(won != bid) >= 2, points: points - 30}\n",
            "three-rounds.yaml",
            "rounds:\n  - {bids: {Ann: 1, Bo: 0}, won: {Ann: 0, Bo: 1}}\n"
            "  - {bids: {Ann: 0, Bo: 0}, won: {Ann: 2, Bo: 0}}\n"
            "  - {bids: {Ann: 0, Bo: 3}, won: {Ann: 3, Bo: 0}}   # Ann's third miss in a row\n",
        ),
    ):
        assert all(f"   {line}" in section for line in adjustment.splitlines())
        assert all(f"   {line}" in section for line in (sheet + rounds).splitlines())
        path.write_text(path.read_text(encoding="utf-8") + adjustment, "utf-8")
        (tmp_path / sheet_name).write_text(sheet + rounds, "utf-8")
        assert run("validate", "--strict", "rich-14s.yaml")[0] == 0
        code, out, _ = run("score", sheet_name)
        assert code == 0 and f"$ skullking score {sheet_name}" in section
        for line in out.strip().splitlines():
            assert f"   {line}" in section, line
    # Step 10: a bid's range over the standings refuses round 3's zero bid of Ann, last.
    limit = "bidding:\n  min: if last == 1 then 1 else 0\n"
    assert all(f"    {line}" in section for line in limit.splitlines())
    path.write_text(path.read_text(encoding="utf-8") + limit, "utf-8")
    assert run("validate", "--strict", "rich-14s.yaml")[0] == 0
    code, out, err = run("score", "three-rounds.yaml")
    assert code == 2 and out == ""
    assert f"    {err.strip()}\n    2\n" in section
    # Step 11: who the Kraken's trick counts for, in the trick and in a sheet's whole play.
    counts = "effects:\n  list:\n    kraken: {counts_for: [would_have_won_without_effects]}\n"
    assert all(f"   {line}" in section for line in counts.splitlines())
    path.write_text(path.read_text(encoding="utf-8") + counts, "utf-8")
    assert run("validate", "--strict", "rich-14s.yaml")[0] == 0
    code, out, _ = run("trick", "--edition", "rich-14s.yaml", "KRAKEN", "Y3", "Y9")
    assert code == 0 and "$ skullking trick --edition rich-14s.yaml KRAKEN Y3 Y9" in section
    assert all(f"   {line}" in section for line in out.strip().splitlines())
    start = section.index("edition: rich-14s.yaml\n    players: [Ann, Bo, Cy]")
    sheet_text = section[start : section.index("```", start)].replace("\n    ", "\n")
    (tmp_path / "kraken.yaml").write_text(sheet_text, "utf-8")
    code, out, _ = run("score", "kraken.yaml")
    assert code == 0 and "$ skullking score kraken.yaml" in section
    # Step 12: two decks for a big table, in a file of its own as the page shows it, and
    # the trick of two yellow 7s it plays
    found = re.search(r"```yaml\n    # big-14s.yaml\n(.*?)    ```", section, re.S)
    assert found is not None
    (tmp_path / "big-14s.yaml").write_text(
        "".join(line[4:] + "\n" for line in found.group(1).splitlines()), encoding="utf-8"
    )
    assert run("validate", "--strict", "big-14s.yaml")[0] == 0
    code, out, _ = run("trick", "--edition", "big-14s.yaml", "--players", "10", "Y7", "Y3", "Y7")
    assert code == 0 and "$ skullking trick --edition big-14s.yaml --players 10 Y7 Y3 Y7" in section
    for line in out.strip().splitlines():
        assert f"   {line}" in section, line
    # Step 13: rules that change with the round, and the same trick in rounds 3 and 4
    found = re.search(r"```yaml\n    # round-14s.yaml\n(.*?)    ```", section, re.S)
    assert found is not None
    (tmp_path / "round-14s.yaml").write_text(
        "".join(line[4:] + "\n" for line in found.group(1).splitlines()), encoding="utf-8"
    )
    assert run("validate", "--strict", "round-14s.yaml")[0] == 0
    for number in ("3", "4"):
        code, out, _ = run("trick", "--edition", "round-14s.yaml", "--round", number, "Y3", "B14")
        assert code == 0 and f"$ skullking trick --edition round-14s.yaml --round {number} Y3 B14" in section
        for line in out.strip().splitlines():
            assert f"    {line}" in section, line


def test_sheet_schema_takes_a_last_round_in_progress_with_its_bids_alone() -> None:
    """A round being played has its bids and ``in_progress: true``, and neither ``won``
    nor ``tricks``; a played round does not say it is in progress."""
    going = {"players": ["Ann", "Bo"], "rounds": [{"bids": {"Ann": 1, "Bo": 0}, "in_progress": True}]}
    assert _sheet_errors(going) == []
    for extra in ({"won": {"Ann": 1, "Bo": 0}}, {"tricks": [["Y1", "Y2", "Y3"]]}):
        both = {"players": ["Ann", "Bo"], "rounds": [{"bids": {"Ann": 1, "Bo": 0}, "in_progress": True, **extra}]}
        assert _sheet_errors(both) != [], extra
    assert _sheet_errors({"players": ["Ann"], "rounds": [{"bids": {"Ann": 1}, "in_progress": False}]}) != []
