"""The conformance vectors' game kind, disputed-reading tags, content version and
glossary: whole rounds played from a deal, tags worked out by answering each vector
under the other reading, and the published files pinned by a hash."""

from __future__ import annotations

import functools
import io
import itertools
import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from repo_scripts import load_script

import skullking
from skullking.analysis.disputes import variants
from skullking.analysis.glossary import glossary
from skullking.analysis.vectors import KINDS, REQUEST_KINDS, answer, content_version, differences, documents, rule_of
from skullking.core.resources import rules_text
from skullking.tools.cli import main
from skullking.tools.pytest_vectors import vector_tests


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@functools.cache
def _docs(ident: str) -> dict[str, list[dict[str, Any]]]:
    return {doc["kind"]: doc["vectors"] for doc in documents(skullking.load_edition(ident))}


def test_game_vectors_show_leaders_abilities_loot_and_the_ghost() -> None:
    """The 2021 rulebook: whole rounds show Rosie's choice of leader, Bendt's exchange,
    Harry's change after the last trick, a Loot alliance paid at the round's end, the
    Kraken's trick before the last, and Graybeard's ghost hand at two players; each is
    tagged 'game' and the engine's answer from the input alone is the expected one."""
    edition = skullking.load_edition("skullking-2021")
    games = _docs("skullking-2021")["games"]
    said = " | ".join(v["description"] for v in games)
    for words in ("choose leader", "exchange", "after the last trick", "alliance", "kraken", "Graybeard"):
        assert words in said, words
    for vector in games:
        assert "game" in vector["tags"]
        given = json.loads(json.dumps(vector["input"]))
        assert answer(edition, "game", given) == vector["expected"], vector["id"]
        tricks = vector["expected"]["tricks"]
        assert len(tricks) == given["cards"]
        # who won a trick leads the next, unless nobody won it or an ability chose
        chose = any(c["kind"] == "choose_leader" for d in given.get("decisions", {}).values() for c in d)
        for before, after in itertools.pairwise(tricks):
            if before["winner"] is not None and not chose and before["winner"] != "Graybeard":
                assert after["leader"] == before["winner"], vector["id"]


def test_a_wrong_leader_fails_a_game_vector_under_its_leader_field() -> None:
    """A program that lets the first trick's leader lead every trick differs in the
    leaders of the later tricks; the failure is grouped under 'game: leader'."""
    vector = _docs("skullking-2021")["games"][0]
    got = json.loads(json.dumps(vector["expected"]))
    for trick in got["tricks"]:
        trick["leader"] = got["tricks"][0]["leader"]
    found = differences("games", vector["expected"], got)
    assert found and all(f["field"].endswith(".leader") for f in found)
    assert rule_of("games", vector, found) == "game: leader"


def test_kraken_leader_vectors_are_tagged_and_cite_the_official_faq() -> None:
    """The official FAQ: after the Kraken the player who would have won leads (the
    2021 rulebook's first printing: the player left of the Kraken's). The 2021
    edition's Kraken trick vectors that the other reading answers otherwise carry
    'disputed-leader-after-kraken', and those made by play cite the official FAQ."""
    tricks = _docs("skullking-2021")["tricks"]
    kraken = [v for v in tricks if v["expected"]["rule"] == "kraken"]
    played = [v for v in kraken if not v["id"].startswith("trick-example-")]
    assert played and all(v["source"].startswith("The official FAQ") for v in played)
    first = skullking.load_edition("skullking-2021-first-printing")
    other = [v for v in kraken if answer(first, "trick", v["input"])["next_leader"] != v["expected"]["next_leader"]]
    assert other
    assert all("disputed-leader-after-kraken" in v["tags"] for v in other)


def test_a_numbered_card_after_an_escape_led_character_is_tagged() -> None:
    """Whether a numbered card after an escape-led character sets the suit is disputed
    (the 2021 rulebook read literally, against the 2024 printing's Loot wording): the
    legal vectors of an escape, a character and a numbered card carry
    'disputed-escape-lead-then-character' in the 2021 edition."""
    legal = _docs("skullking-2021")["legal"]
    tagged = [v for v in legal if "disputed-escape-lead-then-character" in v["tags"]]
    assert tagged
    assert all(len(v["input"]["trick"]) == 3 and v["input"]["trick"][0] in ("E", "TIG:E", "LOOT") for v in tagged)


def test_a_card_played_as_an_escape_in_a_capture_bonus_is_tagged() -> None:
    """Whether the Skull King's +30 a pirate counts the Tigress played as an escape is
    disputed (no, says the official FAQ; yes, the original edition's rules for Scary
    Mary). The 2021 edition's vector of the Skull King taking the Tigress played as an
    escape (no bonus) carries 'disputed-declared-card-in-a-bonus'; the same trick read
    the other way pays 30, and a trick without a declared card carries no such tag."""
    tricks = _docs("skullking-2021")["tricks"]
    (tigress,) = [v for v in tricks if v["id"] == "trick-example-faq-tigress-escape-no-sk-bonus"]
    assert "disputed-declared-card-in-a-bonus" in tigress["tags"]
    edition = skullking.load_edition("skullking-2021")
    (other,) = [e for name, e in variants(edition) if name == "disputed-declared-card-in-a-bonus"]
    assert answer(other, "trick", tigress["input"])["bonus"] == 30
    plain = [v for v in tricks if "disputed-declared-card-in-a-bonus" in v["tags"]]
    assert all(any(":" in card for card in v["input"]["cards"]) for v in plain)


def test_zero_bids_are_tried_where_cards_equal_the_round_and_where_they_differ() -> None:
    """The 2021 rulebook scores a zero bid by the cards dealt: zero-bid vectors are in
    a round dealing its number (the default schedule) and one dealing another (a
    variant schedule, tagged as such); no vector pays capture bonuses to a player who
    won no trick."""
    rounds = _docs("skullking-2021")["rounds"]
    zero = [v["input"] for v in rounds if "zero-bid" in v["tags"]]
    assert any(g["cards"] == g["round"] and "schedule" not in g for g in zero)
    varied = [v for v in rounds if "schedule" in v["input"]]
    assert varied and all(v["input"]["cards"] != v["input"]["round"] for v in varied)
    assert all(f"schedule-{v['input']['schedule']}" in v["tags"] for v in varied)
    for vector in rounds:
        for player, ids in vector["input"].get("bonuses", {}).items():
            assert not ids or vector["input"]["won"][player] > 0, vector["id"]


def test_the_tigress_as_an_escape_is_not_always_the_leader() -> None:
    """The 2021 rulebook's Captain's Log: a trick of escapes is won by its first card.
    The Tigress declared escape is played in such a trick both leading and following."""
    tricks = _docs("skullking-2021")["tricks"]
    escapes = [
        v["input"]["cards"] for v in tricks if v["expected"]["rule"] == "all-escape" and "TIG:E" in v["input"]["cards"]
    ]
    assert any(c[0] == "TIG:E" for c in escapes) and any(c[0] != "TIG:E" for c in escapes)


def test_the_content_version_pins_the_vectors_and_the_glossary_names_every_code() -> None:
    """Each file of an edition carries the engine's version and one content version,
    which changes with any vector; the glossary names every card code a trick vector
    plays and every rule id it expects."""
    docs = documents(skullking.load_edition("skullking-original"))
    assert [d["kind"] for d in docs] == list(KINDS)
    assert len({d["content_version"] for d in docs}) == 1
    assert content_version(docs) == docs[0]["content_version"]
    changed = json.loads(json.dumps(docs))
    changed[0]["vectors"][0]["expected"]["winner"] = None
    assert content_version(changed) != docs[0]["content_version"]
    words = glossary(skullking.load_edition("skullking-2021"))
    codes = {c["code"] for c in words["cards"]}
    rules = {r["id"] for r in words["rules"]}
    for vector in _docs("skullking-2021")["tricks"]:
        for card in vector["input"]["cards"]:
            assert card in codes or card.rstrip("0123456789") in codes, card
        assert vector["expected"]["rule"] in rules | {""}, vector["id"]


def test_a_run_sends_the_game_vectors_only_when_asked() -> None:
    """A program written before the game vectors keeps passing: a run sends tricks,
    legal plays and rounds unless --kinds names games (or all); the engine's own adapter
    plays every game vector of the original edition; an unknown kind is refused with
    the closest one."""
    docs = documents(skullking.load_edition("skullking-original"))
    every = sum(len(d["vectors"]) for d in docs)
    games = sum(len(d["vectors"]) for d in docs if d["kind"] == "games")
    assert games
    for kinds, total in ((None, every - games), ("all", every), ("games", games)):
        chosen = [] if kinds is None else ["--kinds", kinds]
        code, out, _ = _run("conformance", "--self", "--edition", "skullking-original", "--format", "json", *chosen)
        report = json.loads(out)
        assert code == 0, report["failures"][:1]
        assert (report["passed"], report["failed"], report["skipped"]) == (total, 0, 0)
    code, _, err = _run("conformance", "--self", "--kinds", "gams")
    assert code == 2 and "unknown kind 'gams'; did you mean 'games'?" in err


def test_the_engines_answers_follow_the_answer_schema() -> None:
    """rules/answers.schema.json describes an answer line: the engine's own answer to
    every vector of the 2021 edition (each kind) validates, as does a skip; a line
    with neither an output nor a skip, or a trick without its winner, does not."""
    schema = json.loads(rules_text("answers.schema.json"))
    edition = skullking.load_edition("skullking-2021")
    for kind, vectors in _docs("skullking-2021").items():
        for vector in vectors[:40]:
            line = {"id": vector["id"], "output": answer(edition, REQUEST_KINDS[kind], vector["input"])}
            jsonschema.validate(line, schema)
    jsonschema.validate({"id": "game-001", "skip": "no whole rounds here"}, schema)
    for wrong in ({"id": "trick-001"}, {"id": "trick-001", "output": {"next_leader": 0, "bonus": 0, "alliances": []}}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(wrong, schema)


def test_the_tables_of_codes_in_the_docs_are_the_editions() -> None:
    """docs/conformance.md's tables of card codes, rules, bonuses, schemes and disputed
    tags are those the bundled editions give today (what scripts/vectors.py --check
    checks with the vector files): the Tigress declared escape (TIG:E), the 2021
    edition's black 14 worth 20 and the disputed escape lead are there."""
    script = load_script("vectors")
    now = script.PAGE.read_text(encoding="utf-8")
    assert script.page(now) == now
    tables = now.split(script.START, 1)[1].split(script.END, 1)[0]
    assert "| `TIG:E` | tigress played as escape (declared when played) |" in tables
    assert "| `black-14` | 20 points: the black 14 in the trick |" in tables
    assert "| `disputed-escape-lead-then-character` |" in tables


#: The engine's adapter, but each trick after the first led by the first trick's leader
#: (a program that forgets that the winner leads the next trick).
SAME_LEADER = """
import json, sys
import skullking
from skullking.tools.adapter import answer

edition = skullking.load_edition("skullking-2021")
for line in sys.stdin:
    request = json.loads(line)
    output = answer(edition, request["kind"], request["input"])
    if request["kind"] == "game":
        for trick in output["tricks"]:
            trick["leader"] = output["tricks"][0]["leader"]
    print(json.dumps({"id": request["id"], "output": output}), flush=True)
"""


def test_a_program_that_forgets_who_leads_fails_the_game_vectors(tmp_path: Path) -> None:
    """The 2021 rulebook: the winner of a trick leads the next. A program that keeps
    the first leader fails, run with --kinds games, exactly the game vectors whose
    later tricks another player leads, each grouped under 'game: leader'."""
    script = tmp_path / "same_leader.py"
    script.write_text(SAME_LEADER, encoding="utf-8")
    code, out, _ = _run("conformance", "--cmd", f"{sys.executable} {script}", "--kinds", "games", "--format", "json")
    report = json.loads(out)
    games = _docs("skullking-2021")["games"]
    moved = {v["id"] for v in games if len({t["leader"] for t in v["expected"]["tricks"]}) > 1}
    assert code == 1 and moved
    assert {f["id"] for f in report["failures"]} == moved
    assert {f["rule"] for f in report["failures"]} == {"game: leader"}
    assert report["passed"] == len(games) - len(moved)


def test_a_python_project_asks_for_the_game_vectors_by_kinds() -> None:
    """vector_tests makes no game test unless kinds names games; with every kind, the
    engine's answer passes a game vector's test."""
    edition = skullking.load_edition("skullking-original")

    def ours(kind: str, given: dict[str, Any]) -> Any:
        return answer(edition, kind, given)

    default = vector_tests(ours, "skullking-original")
    every = vector_tests(ours, "skullking-original", kinds=KINDS)
    ids = {p.id for p in default.pytestmark[0].args[1]}  # type: ignore[attr-defined]
    all_ids = {p.id for p in every.pytestmark[0].args[1]}  # type: ignore[attr-defined]
    assert not any(i.startswith("game-") for i in ids)
    game = next(p for p in every.pytestmark[0].args[1] if p.id.startswith("game-"))  # type: ignore[attr-defined]
    assert all_ids - ids == {p.id for p in every.pytestmark[0].args[1] if p.id.startswith("game-")}  # type: ignore[attr-defined]
    every(*game.values)
