"""``skullking vectors`` and ``skullking conformance``: the vectors validate against their
schema and are the same bytes each run; the engine's own adapter passes every vector of
every bundled edition; adapters that get one rule wrong (as public implementations
do) fail exactly the vectors of that rule; a program that breaks the protocol ends the
run with one message and exit 2."""

from __future__ import annotations

import functools
import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from repo_scripts import load_script

import skullking
from skullking.analysis.exhaustive import CardDomain
from skullking.analysis.vectorbase import tag
from skullking.analysis.vectors import (
    DEFAULT_KINDS,
    KINDS,
    REQUEST_KINDS,
    VectorsWarning,
    agrees,
    documents,
    stdout_document,
    text,
    trick_vectors,
    worked_examples,
)
from skullking.core import limits
from skullking.core.resources import rules_text
from skullking.edition import Edition
from skullking.tools.adapter import answer
from skullking.tools.cli import main
from skullking.tools.pytest_vectors import vector_tests

EDITIONS = [ident for ident, _ in skullking.bundled_editions()]
SCHEMA = json.loads(rules_text("vectors.schema.json"))
ROOT = Path(__file__).resolve().parents[3]


@functools.cache
@functools.cache
def _documents(ident: str) -> list[dict[str, Any]]:
    """A bundled edition's vectors, made once for the module (it takes seconds; no test
    changes them)."""
    return documents(skullking.load_edition(ident))


def _sent(ident: str) -> list[dict[str, Any]]:
    """The vector files a run sends by default (the kinds every program knows)."""
    return [d for d in _documents(ident) if d["kind"] in DEFAULT_KINDS]


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("ident", EDITIONS)
def test_vectors_validate_and_the_engine_answers_them_all(ident: str) -> None:
    """Every bundled edition's vectors validate against rules/vectors.schema.json, each
    kind is there, ids are unique, and the engine's adapter answers every one as
    expected (the suite run against the project itself passes 100%)."""
    edition = skullking.load_edition(ident)
    docs = _documents(ident)
    jsonschema.validate({"suite": "skullking-conformance", "version": 1, "edition": ident, "files": docs}, SCHEMA)
    assert [d["kind"] for d in docs] == list(KINDS)
    for doc in docs:
        jsonschema.validate(doc, SCHEMA)
        assert doc["vectors"], doc["kind"]
        ids = [v["id"] for v in doc["vectors"]]
        assert len(ids) == len(set(ids))
        for vector in doc["vectors"]:
            got = answer(edition, REQUEST_KINDS[doc["kind"]], vector["input"])
            assert agrees(doc["kind"], vector["expected"], got), vector["id"]


@pytest.mark.parametrize("ident", EDITIONS)
def test_every_rule_effect_and_bonus_that_can_happen_has_a_trick_vector(ident: str) -> None:
    """Coverage: each precedence rule that decides some trick of the edition (under
    each effect), each effect that acts and each capture bonus that is paid, as the
    exhaustive play ``validate`` makes finds them, decides, acts or is paid in at least
    one trick vector; so is each rule that picks among several cards (the first of two
    mermaids wins, in the 2021 rulebook)."""
    from skullking.analysis.exhaustive import play_all

    edition = skullking.load_edition(ident)
    usage = play_all(edition)
    assert usage.complete
    tricks = _documents(ident)[0]["vectors"]
    effects = {e.id for e in edition.effects}
    decided = {v["expected"]["rule"] for v in tricks}
    assert {rule for _, rule in usage.rules} <= decided
    acted = {t for v in tricks for t in v["tags"]} & {tag(e) for e in effects}
    assert {tag(e) for e in usage.effects} <= acted
    assert usage.bonuses <= {b for v in tricks for b in v["expected"]["bonuses"]}
    if any(e.kind.value == "alliance" for e in edition.effects) and "loot" in usage.effects:
        assert any(v["expected"]["alliances"] for v in tricks)
    roles = {role.id for role in edition.roles}
    among = {r.id for r in edition.precedence if r.of in roles and not _single(edition, r.of)}
    several = {v["expected"]["rule"] for v in tricks if _several(edition, v)}
    assert among & {rule for _, rule in usage.rules} <= several


def _several(edition: Edition, vector: dict[str, Any]) -> bool:
    """Whether the winning card of a trick vector had another card of its role beside it."""
    winner = vector["expected"]["winner"]
    if winner is None:
        return False
    plays = edition.parse_cards(vector["input"]["cards"])
    won = plays[(winner - vector["input"]["leader"]) % vector["input"]["players"]]
    return sum(1 for p in plays if p.role is not None and p.role == won.role) > 1


def _single(edition: Edition, role: str) -> bool:
    """Whether one trick can hold at most one card of ``role`` (the Skull King)."""
    return sum(k.copies for k in edition.kinds if k.role == role) <= 1


def test_the_tigress_declared_pirate_is_captured_by_the_skull_king() -> None:
    """The 2021 rulebook pays 30 for each pirate the Skull King takes, the Tigress
    declared pirate among them: a trick vector shows it (a program that pays her no
    bonus as a pirate fails it)."""
    tricks = _documents("skullking-2021")[0]["vectors"]
    assert any("TIG:PIR" in v["input"]["cards"] and "pirate-by-skull-king" in v["expected"]["bonuses"] for v in tricks)


def test_the_worked_examples_are_vectors_with_their_own_words_and_sources() -> None:
    """The worked examples of the rulebooks and rules pages kept with skullking-2021 (a
    Swiss German rules page's Gelb 10, Gelb 6, Gruen 14: the yellow 10 holds, +10 for the
    green 14) are trick and legal vectors, each with its rule and source as the example
    file gives them; those played under an overlay are not vectors of the edition."""
    tricks = {v["id"]: v for v in _documents("skullking-2021")[0]["vectors"]}
    swiss = tricks["trick-example-swiss-page-yellow10-holds"]
    assert swiss["input"] == {"cards": ["Y10", "Y6", "G14"], "leader": 2, "players": 3}
    assert (swiss["expected"]["winner"], swiss["expected"]["bonus"]) == (2, 10)
    assert swiss["source"].startswith("a Swiss German rules page for the 2021 edition")
    legal = {v["id"]: v for v in _documents("skullking-2021")[1]["vectors"]}
    assert legal["legal-example-brief-example-yellow"]["expected"] == {"legal": ["Y3", "E", "TIG"]}
    edition = skullking.load_edition("skullking-2021")
    for kind, found in (("tricks", tricks), ("legal", legal)):
        cases = worked_examples(edition, kind)
        assert cases and all(f"{kind.rstrip('s')}-example-{c['id']}" in found for c in cases)
        assert not any("overlay" in c for c in cases)
    assert not worked_examples(skullking.load_edition("skullking-original"), "tricks")


def test_zero_bid_vectors_deal_other_than_the_round_number() -> None:
    """The 2021 rulebook scores a zero bid by the cards dealt; zero bids are also tried
    in a round that deals another number of cards, so that the difference shows."""
    rounds = _documents("skullking-2021")[2]["vectors"]
    zero = [v for v in rounds if "zero-bid" in v["tags"]]
    assert zero
    assert any(v["input"]["cards"] != v["input"]["round"] for v in zero)


def test_vectors_command_is_deterministic_and_writes_the_files(tmp_path: Path) -> None:
    """Without --out, one document on standard output, the same bytes each run; with
    --out, one file per kind holding the same vectors."""
    code, first, _ = _run("vectors", "skullking-original")
    assert code == 0
    assert _run("vectors", "skullking-original")[1] == first
    whole = json.loads(first)
    jsonschema.validate(whole, SCHEMA)
    assert first == text(stdout_document(skullking.load_edition("skullking-original")))
    code, _, _ = _run("vectors", "skullking-original", "--out", str(tmp_path / "v"))
    assert code == 0
    for doc in whole["files"]:
        written = json.loads((tmp_path / "v" / f"{doc['kind']}.json").read_text(encoding="utf-8"))
        assert written == doc


def test_the_vectors_in_the_docs_are_those_of_the_bundled_editions() -> None:
    """docs/vectors/ holds every bundled edition's vector files as the editions give
    them today (what ``scripts/vectors.py --check`` checks): run scripts/vectors.py after
    changing an edition."""
    script = load_script("vectors")
    assert script.stale(script.expected(_documents)) == []


def test_vectors_of_an_unknown_edition_is_a_usage_error() -> None:
    code, _, err = _run("vectors", "skullking-2022")
    assert code == 2
    assert err.count("\n") == 1 and "skullking-2022" in err


def test_the_engine_passes_through_its_own_adapter_as_a_child() -> None:
    """``conformance --self`` runs ``python -m skullking.tools.adapter`` over the
    protocol: every vector passes, exit 0, the JSON report counts them all."""
    code, out, _ = _run("conformance", "--self", "--edition", "skullking-original", "--format", "json")
    report = json.loads(out)
    total = sum(len(d["vectors"]) for d in _sent("skullking-original"))
    assert code == 0, report["failures"][:1]
    assert (report["passed"], report["failed"], report["skipped"]) == (total, 0, 0)


# ---------------------------------------------------------------------- wrong adapters

#: An adapter built on the engine's, with one rule changed (the body of ``wrong``).
WRONG = """
import json, sys
import skullking
from skullking.tools.adapter import answer

edition = skullking.load_edition("skullking-2021")

def wrong(kind, given, output):
{body}

for line in sys.stdin:
    request = json.loads(line)
    output = answer(edition, request["kind"], request["input"])
    wrong(request["kind"], request["input"], output)
    print(json.dumps({{"id": request["id"], "output": output}}), flush=True)
"""


def _failed_with(tmp_path: Path, body: str) -> set[str]:
    script = tmp_path / "wrong.py"
    script.write_text(WRONG.format(body=body), encoding="utf-8")
    code, out, _ = _run("conformance", "--cmd", f"{sys.executable} {script}", "--format", "json")
    report = json.loads(out)
    assert code == 1
    return {f["id"] for f in report["failures"]}


def _vectors(kind: str) -> list[dict[str, Any]]:
    vectors: list[dict[str, Any]] = _documents("skullking-2021")[KINDS.index(kind)]["vectors"]
    return vectors


def test_an_adapter_scoring_a_zero_bid_by_round_number_fails_the_zero_bid_vectors(tmp_path: Path) -> None:
    """The 2021 rulebook: a zero bid is worth 10 per card dealt. A program that counts
    the round number instead fails exactly the round vectors of a round dealing another
    number of cards where a player who bid zero is scored by a case that counts the
    cards dealt (the classic scheme's zero-made and zero-missed, Rascal's direct
    hit...), every classic one among them; where the cards dealt are the round's
    number it passes them."""
    body = """    changes = given.get("bid_changes", {})
    scored = {p: b + changes.get(p, 0) for p, b in given.get("bids", {}).items()}
    if kind == "round" and 0 in scored.values():
        from skullking.analysis.vectors import score_round
        by_round = score_round(edition, {**given, "cards": given["round"]})
        for p, bid in scored.items():
            if bid == 0:
                output["points"][p] = by_round[p]"""
    failed = _failed_with(tmp_path, body)
    edition = skullking.load_edition("skullking-2021")
    named = set()
    for v in _vectors("rounds"):
        if v["input"]["cards"] == v["input"]["round"]:
            continue
        cases = {c.id: c for c in edition.scheme(v["input"]["scoring"]).cases}
        changes = v["input"].get("bid_changes", {})
        for p, bid in v["input"]["bids"].items():
            if bid + changes.get(p, 0) == 0 and "cards" in cases[v["expected"]["cases"][p]].points.variables:
                named.add(v["id"])
    classic = {
        v["id"]
        for v in _vectors("rounds")
        if "zero-bid" in v["tags"] and v["input"]["scoring"] == "classic" and v["input"]["cards"] != v["input"]["round"]
    }
    assert classic and classic <= named
    assert failed == named


def test_an_adapter_allowing_trump_while_holding_the_led_suit_fails_those_legal_vectors(tmp_path: Path) -> None:
    """The 2021 rulebook: a player holding the led suit must follow it (or play a
    special card); trumping is allowed only when void. A program that lets a trump be
    played while holding the led suit fails exactly the legal vectors with a led suit
    other than the trump held and a trump in the hand."""
    body = """    if kind == "legal":
        led = edition.led_suit(given["trick"])
        hand = edition.parse_cards(given["hand"])
        if led is not None and any(p.card.suit == led for p in hand):
            output["legal"] += [str(p) for p in hand if p.trump and str(p) not in output["legal"]]"""
    failed = _failed_with(tmp_path, body)
    edition = skullking.load_edition("skullking-2021")
    named = set()
    for v in _vectors("legal"):
        led = edition.led_suit(v["input"]["trick"])
        hand = edition.parse_cards(v["input"]["hand"])
        trump = next(s.id for s in edition.suits if s.trump)
        if led not in (None, trump) and any(p.card.suit == led for p in hand) and any(p.trump for p in hand):
            named.add(v["id"])
    assert named
    assert failed == named


def test_an_adapter_where_the_first_mermaid_does_not_win_fails_those_trick_vectors(tmp_path: Path) -> None:
    """The 2021 rulebook: of two mermaids, the first played wins. A program that gives
    the trick to the last one fails exactly the trick vectors a mermaid wins with
    another mermaid in the trick."""
    body = """    if kind == "trick" and output["winner"] is not None:
        plays = edition.parse_cards(given["cards"])
        mermaids = [i for i, p in enumerate(plays) if p.role == "mermaid"]
        first = (output["winner"] - given["leader"]) % given["players"]
        if len(mermaids) > 1 and first == mermaids[0]:
            seat = (given["leader"] + mermaids[-1]) % given["players"]
            output["winner"] = output["next_leader"] = seat"""
    failed = _failed_with(tmp_path, body)
    edition = skullking.load_edition("skullking-2021")
    named = set()
    for v in _vectors("tricks"):
        plays = edition.parse_cards(v["input"]["cards"])
        mermaids = [i for i, p in enumerate(plays) if p.role == "mermaid"]
        winner = v["expected"]["winner"]
        seat = None if winner is None else (winner - v["input"]["leader"]) % v["input"]["players"]
        if len(mermaids) > 1 and seat == mermaids[0]:
            named.add(v["id"])
    assert named
    assert failed == named


# ---------------------------------------------------------------------- the protocol


@pytest.mark.parametrize(
    ("program", "words"),
    [
        ("import sys; sys.stdin.readline(); sys.exit(3)", "ended (exit code 3)"),
        ("import sys; sys.stdin.readline(); print('hello', flush=True)", "not JSON"),
        ('import sys; sys.stdin.readline(); print(\'{"id": "other"}\', flush=True)', 'answered id "other"'),
        ("import sys, time; sys.stdin.readline(); time.sleep(30)", "within 0.5 seconds"),
    ],
    ids=["dies", "not-json", "other-id", "timeout"],
)
def test_a_program_breaking_the_protocol_is_one_message_and_exit_2(program: str, words: str, tmp_path: Path) -> None:
    script = tmp_path / "child.py"
    script.write_text(program, encoding="utf-8")
    argv = ["conformance", "--cmd", f"{sys.executable} {script}", "--edition", "skullking-original"]
    code, _, err = _run(*argv, "--timeout", "0.5")
    assert code == 2
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_skips_and_tags_are_reported_by_feature(tmp_path: Path) -> None:
    """A program that skips every vector passes nothing and fails nothing (exit 0);
    --tags runs only the vectors with one of the tags, the rest are skipped."""
    script = tmp_path / "skipper.py"
    script.write_text(
        "import json, sys\nfor line in sys.stdin:\n"
        "    print(json.dumps({'id': json.loads(line)['id'], 'skip': 'not supported'}), flush=True)\n",
        encoding="utf-8",
    )
    argv = ["conformance", "--cmd", f"{sys.executable} {script}", "--edition", "skullking-original"]
    code, out, _ = _run(*argv, "--format", "json")
    report = json.loads(out)
    total = sum(len(d["vectors"]) for d in _sent("skullking-original"))
    assert (code, report["passed"], report["failed"], report["skipped"]) == (0, 0, 0, total)
    code, out, _ = _run("conformance", "--self", "--edition", "skullking-original", "--tags", "zero-bid")
    assert code == 0
    zero = sum("zero-bid" in v["tags"] for d in _sent("skullking-original") for v in d["vectors"])
    assert f": {zero} of {zero} vectors passed, 0 failed, {total - zero} skipped" in out


def test_the_engines_adapter_answers_a_bad_request_with_an_error_not_a_traceback() -> None:
    """A line that is not JSON, not an object or not a trick the edition can play gets
    an ``error`` answer with its id (the runner counts it as a failure)."""
    from skullking.tools.adapter import serve

    lines = [
        "hello",
        "[1]",
        json.dumps({"id": "t", "kind": "trick", "edition": "skullking-2021", "input": {"cards": ["Q9"]}}),
    ]
    out = io.StringIO()
    assert serve(io.StringIO("\n".join(lines) + "\n"), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["id"] for a in answers] == [None, None, "t"]
    assert all("error" in a and "output" not in a for a in answers)


def test_neither_or_both_of_cmd_and_self_is_a_usage_error() -> None:
    assert _run("conformance")[0] == 2
    assert _run("conformance", "--self", "--cmd", "true")[0] == 2


# ---------------------------------------------------------------------- the documentation's adapter


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_adapter_of_the_docs_passes_the_base_game_and_fails_the_advanced_cards() -> None:
    """docs/conformance/adapter.js resolves base-game tricks only: run on the base tags it
    passes; run on everything, it fails vectors of the advanced cards (the Kraken, the
    White Whale, the Loot) and no vector without one of them."""
    adapter = ROOT / "docs" / "conformance" / "adapter.js"
    cmd = f"node {adapter}"
    base = "--skip-tags=advanced,abilities,tigress,scoring-rascal,wager,bid-change,loads"
    code, out, _ = _run("conformance", "--cmd", cmd, base, "--format", "json")
    report = json.loads(out)
    assert code == 0, report["failures"][:1]
    assert report["passed"] > 0
    code, out, _ = _run("conformance", "--cmd", cmd, "--format", "json")
    report = json.loads(out)
    assert code == 1
    assert report["failures"]
    assert all("advanced" in f["tags"] for f in report["failures"])
    subprocess.run(["node", "--check", str(adapter)], check=True)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_report_by_rule_the_docs_show_is_the_javascript_adapters() -> None:
    """docs/conformance.md shows the adapter's run on everything, grouped by rule: the
    report prints what the page shows (``...`` standing for the lines left out)."""
    import doctest

    page = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    block = page.split("report groups the failures by the rule each breaks:\n\n```text\n", 1)[1].split("```", 1)[0]
    command, shown = block.split("\n", 1)
    assert command == '$ skullking conformance --cmd "node docs/conformance/adapter.js"'
    code, out, _ = _run("conformance", "--cmd", f"node {ROOT / 'docs' / 'conformance' / 'adapter.js'}")
    assert code == 1
    assert doctest.OutputChecker().check_output(shown, out, doctest.ELLIPSIS), out


def test_a_house_rule_counting_the_krakens_trick_has_vectors_for_it() -> None:
    """A house rule: the Kraken's trick counts for whoever would have won it without the
    trick-altering cards (examples/house-rules/kraken-trick-counts.yaml). Its vectors
    validate, give ``counts_for`` and the ``counts-for`` tag exactly where a trick
    nobody wins counts for somebody, that seat is the one the 2021 rulebook's precedence
    picks among the other cards, and a program that counts such a trick for its winner
    (nobody) fails exactly those vectors."""
    edition = skullking.load_edition(ROOT / "examples" / "house-rules" / "kraken-trick-counts.yaml")
    base = skullking.load_edition("skullking-2021")
    tricks = documents(edition)[0]
    jsonschema.validate(tricks, SCHEMA)
    counted = [v for v in tricks["vectors"] if "counts-for" in v["tags"]]
    assert counted
    for vector in tricks["vectors"]:
        expected, given = vector["expected"], vector["input"]
        assert agrees("tricks", expected, answer(edition, "trick", given)), vector["id"]
        if vector not in counted:
            assert "counts_for" not in expected, vector["id"]
            continue
        assert expected["winner"] is None and "kraken" in vector["tags"], vector["id"]
        kept = [i for i, code in enumerate(given["cards"]) if code not in ("KRAKEN", "WHALE")]
        without = base.resolve_trick([given["cards"][i] for i in kept])
        assert without.winning_card is not None
        seat = (given["leader"] + kept[without.winning_card]) % given["players"]
        assert expected["counts_for"] == seat == expected["next_leader"], vector["id"]
        assert expected["bonus"] == 0 and expected["bonuses"] == []  # (without bonuses)
        uncounted = {k: v for k, v in expected.items() if k != "counts_for"}
        assert not agrees("tricks", expected, uncounted), vector["id"]


# ---------------------------------------------------------------------- a report that names the rule


def test_failures_are_grouped_by_the_rule_each_showing_the_fields_that_differ(tmp_path: Path) -> None:
    """The 2021 rulebook: of two mermaids, the first played wins. A program that gives
    the trick to the last one fails vectors whose expected rule is a mermaid's; the
    report groups them under that rule (not under every tag of the vector), each
    failure naming the fields that differ with what was expected and what came, the
    first three of a rule in full and the rest counted."""
    body = """    if kind == "trick" and output["winner"] is not None:
        plays = edition.parse_cards(given["cards"])
        mermaids = [i for i, p in enumerate(plays) if p.role == "mermaid"]
        first = (output["winner"] - given["leader"]) % given["players"]
        if len(mermaids) > 1 and first == mermaids[0]:
            seat = (given["leader"] + mermaids[-1]) % given["players"]
            output["winner"] = output["next_leader"] = seat"""
    script = tmp_path / "wrong.py"
    script.write_text(WRONG.format(body=body), encoding="utf-8")
    cmd = f"{sys.executable} {script}"
    code, out, _ = _run("conformance", "--cmd", cmd, "--tags", "mermaid", "--format", "json")
    report = json.loads(out)
    assert code == 1
    by_rule: dict[str, list[dict[str, Any]]] = {}
    for f in report["failures"]:
        by_rule.setdefault(f["rule"], []).append(f)
        assert f["rule"] == f["expected"]["rule"]
        fields = {d["field"] for d in f["differences"]}
        assert fields == {"winner", "next_leader"}  # (the seat it counts for is the winner's: said once)
        winner = next(d for d in f["differences"] if d["field"] == "winner")
        assert winner["expected"] == f["expected"]["winner"] and winner["got"] == f["got"]["winner"]
    assert set(by_rule) <= {"mermaid", "mermaid-captures-skull-king"} and by_rule
    for rule, found in by_rule.items():
        assert report["rules"][rule]["failed"] == len(found)
    # the rules with failures come first, most failures first
    counts = [c["failed"] for c in report["rules"].values()]
    assert counts == sorted(counts, reverse=True)
    code, text, _ = _run("conformance", "--cmd", cmd, "--tags", "mermaid")
    assert code == 1
    lines = text.splitlines()
    start = lines.index("failed, by rule:")
    biggest = max(by_rule, key=lambda r: len(by_rule[r]))
    assert lines[start + 1].split() == [biggest, str(len(by_rule[biggest]))]
    section = lines.index(f"{biggest}: {len(by_rule[biggest])} failed")
    shown = [line for line in lines[section + 1 :] if line.startswith("  ") and not line.startswith("    ")]
    first = by_rule[biggest][0]
    assert shown[0].startswith(f"  {first['id']} (tricks): ")
    expected, got = first["expected"]["winner"], first["got"]["winner"]
    assert f"    winner: expected {expected}, got {got}" in lines
    if len(by_rule[biggest]) > 3:
        assert shown[3].startswith(f"  {len(by_rule[biggest]) - 3} more: {by_rule[biggest][3]['id']}")
    assert len([line for line in shown if "(tricks): " in line]) <= 3 * len(by_rule)


def test_a_rounds_failure_is_grouped_by_the_scoring_case_of_the_player_it_pays_wrong(tmp_path: Path) -> None:
    """The 2021 rulebook: a zero bid made is worth 10 per card dealt. A program paying
    it 10 per round fails exactly the vectors where a player is scored by the classic
    scheme's zero-bid cases, and the report groups them as ``classic: CASE`` with the
    player's points expected and got."""
    body = """    if kind == "round" and given["scoring"] == "classic":
        for p, bid in given["bids"].items():
            if bid == 0 and given["won"][p] == 0 and not given.get("bid_changes"):
                output["points"][p] = 10 * given["round"]"""
    script = tmp_path / "wrong.py"
    script.write_text(WRONG.format(body=body), encoding="utf-8")
    cmd = f"{sys.executable} {script}"
    code, out, _ = _run("conformance", "--cmd", cmd, "--tags", "zero-bid", "--format", "json")
    report = json.loads(out)
    assert code == 1 and report["failures"]
    for f in report["failures"]:
        assert f["kind"] == "rounds" and f["input"]["scoring"] == "classic"
        player = next(p for p, b in f["input"]["bids"].items() if b == 0 and f["input"]["won"][p] == 0)
        case = f["expected"]["cases"][player]
        assert f["rule"] == f"classic: {case}"
        assert f["differences"] == [
            {"field": f"points.{player}", "expected": f["expected"]["points"][player], "got": 10 * f["input"]["round"]}
        ]


def test_skipped_vectors_give_their_reason_in_the_json_report(tmp_path: Path) -> None:
    """Each skipped vector is listed with why: the tags that left it out, or the words
    of the program that skipped it (shortened)."""
    script = tmp_path / "skipper.py"
    script.write_text(
        "import json, sys\nfor line in sys.stdin:\n"
        "    print(json.dumps({'id': json.loads(line)['id'], 'skip': 'no scoring here ' * 20}), flush=True)\n",
        encoding="utf-8",
    )
    cmd = f"{sys.executable} {script}"
    code, out, _ = _run(
        "conformance", "--cmd", cmd, "--edition", "skullking-original", "--tags", "zero-bid", "--format", "json"
    )
    report = json.loads(out)
    assert code == 0
    vectors = [v for d in _sent("skullking-original") for v in d["vectors"]]
    assert len(report["skips"]) == report["skipped"] == len(vectors)
    reasons = {s["id"]: s for s in report["skips"]}
    for v in vectors:
        skip = reasons[v["id"]]
        if "zero-bid" in v["tags"]:
            assert skip["by"] == "program" and skip["reason"].startswith("no scoring here no scoring here")
            assert len(skip["reason"]) < 100
        else:
            assert skip == {
                "id": v["id"],
                "kind": skip["kind"],
                "by": "tags",
                "reason": "none of the tags of --tags (zero-bid)",
            }
    code, out, _ = _run(
        "conformance", "--self", "--edition", "skullking-original", "--skip-tags", "zero-bid", "--format", "json"
    )
    report = json.loads(out)
    assert code == 0 and report["skips"]
    assert all(s["reason"] == "a tag of --skip-tags (zero-bid)" for s in report["skips"])


@pytest.mark.parametrize("option", ["--tags", "--skip-tags"])
def test_an_unknown_tag_is_refused_with_the_closest_known_one(option: str) -> None:
    """A misspelt tag would select no vector and a run of nothing passes: it is refused
    (exit 2, one line) with the tag meant."""
    code, out, err = _run("conformance", "--self", option, "zero-bid,krakn")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert f"{option}: unknown tag 'krakn'; did you mean 'kraken'?" in err


@pytest.mark.parametrize("value", ["nan", "inf", "1e308", "-1", "0", "3601"])
def test_a_timeout_that_is_not_a_number_of_seconds_is_refused(value: str) -> None:
    """--timeout is seconds above 0, at most an hour: nan, inf and 1e308 are refused in
    one line (exit 2), never an internal error."""
    code, _, err = _run("conformance", "--self", f"--timeout={value}")
    assert code == 2
    assert err.count("\n") == 1 and "--timeout must be a number of seconds above 0 and at most 3,600" in err


# ---------------------------------------------------------------------- children that misbehave

#: How long a misbehaving child's test may take in all: the run is a process of its own,
#: killed past it, so a runner that hangs fails the test instead of holding the suite.
BOUND = 60


def _bounded(
    tmp_path: Path, program: str, *options: str, edition: str = "skullking-original"
) -> tuple[int, str, str, float]:
    """Run ``conformance`` on the child ``program`` as a process of its own, within
    :data:`BOUND` seconds: its exit code, output, error and seconds taken."""
    import time

    script = tmp_path / "child.py"
    script.write_text(program, encoding="utf-8")
    argv = [sys.executable, "-m", "skullking", "conformance", "--cmd", f"{sys.executable} {script}"]
    started = time.monotonic()
    done = subprocess.run(
        [*argv, "--edition", edition, *options], capture_output=True, text=True, timeout=BOUND, check=False
    )
    return done.returncode, done.stdout, done.stderr, time.monotonic() - started


def _one_line(code: int, err: str, words: str) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and words in err and "Traceback" not in err, err
    assert len(err) < 1_500


def test_a_child_that_closes_its_output_and_keeps_running_ends_the_run(tmp_path: Path) -> None:
    program = "import os, sys, time\nsys.stdin.readline()\nos.close(1)\ntime.sleep(300)\n"
    code, _, err, seconds = _bounded(tmp_path, program, "--timeout", "2")
    _one_line(code, err, "closed its standard output without answering 'trick-001'")
    assert seconds < 30


def test_a_child_that_writes_without_reading_its_input_ends_the_run(tmp_path: Path) -> None:
    """The child answers every vector (it knows their ids) but reads no request: the
    request pipe fills (the child makes it one page), and the write waits at most
    --timeout."""
    ids = [v["id"] for d in _sent("skullking-original") for v in d["vectors"]]
    program = (
        "import fcntl, json, sys, time\n"
        "fcntl.fcntl(0, 1031, 4096)  # F_SETPIPE_SZ: a pipe of one page\n"
        f"for i in {ids!r}:\n"
        "    print(json.dumps({'id': i, 'skip': 'no'}), flush=True)\n"
        "time.sleep(300)\n"
    )
    code, _, err, seconds = _bounded(tmp_path, program, "--timeout", "1")
    _one_line(code, err, "did not read the request")
    assert seconds < 30


def test_a_grandchild_holding_the_output_is_stopped_with_the_child(tmp_path: Path) -> None:
    """A wrapper (a shell script, ``npm run``) starts the program that answers and
    ends, or leaves a process behind that holds the output open: the run ends once
    the child has, and the process left behind is stopped, not left orphaned."""
    pid_file = tmp_path / "grandchild.pid"
    program = (
        "import json, subprocess, sys\n"
        "g = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'])\n"
        f"open({str(pid_file)!r}, 'w').write(str(g.pid))\n"
        "for line in sys.stdin:\n"
        "    print(json.dumps({'id': json.loads(line)['id'], 'skip': 'no'}), flush=True)\n"
    )
    code, out, err, seconds = _bounded(tmp_path, program, "--timeout", "2", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["skipped"] == sum(len(d["vectors"]) for d in _sent("skullking-original"))
    assert seconds < 30
    pid = int(pid_file.read_text(encoding="utf-8"))
    assert not _alive(pid)


def test_a_child_that_fails_while_a_grandchild_holds_its_output_ends_the_run(tmp_path: Path) -> None:
    pid_file = tmp_path / "grandchild.pid"
    program = (
        "import subprocess, sys\n"
        "g = subprocess.Popen(['sh', '-c', 'sleep 300'])\n"
        f"open({str(pid_file)!r}, 'w').write(str(g.pid))\n"
        "sys.stdin.readline()\n"
        "sys.exit(4)\n"
    )
    code, _, err, seconds = _bounded(tmp_path, program, "--timeout", "2")
    _one_line(code, err, "without answering 'trick-001'")
    assert seconds < 30
    assert not _alive(int(pid_file.read_text(encoding="utf-8")))


def _alive(pid: int) -> bool:
    """Whether the process ``pid`` runs (a zombie waiting to be reaped does not)."""
    import time

    for _ in range(50):  # (its new parent reaps it a moment after it is killed)
        try:
            state = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rpartition(")")[2].split()[0]
        except OSError:
            return False
        if state in ("Z", "X"):
            return False
        time.sleep(0.1)
    return True


def test_a_line_without_end_is_read_only_to_its_limit(tmp_path: Path) -> None:
    """300 MB without a newline: the run ends at the limit of an answer line (one
    line, exit 2) without holding what it did not read: the runner's memory stays far
    below the line's size. (Measured in a process of its own that runs only this run:
    the peak of a test process's children counts every child it ever ran.)"""
    program = (
        "import sys\nsys.stdin.readline()\nchunk = b'x' * 1_000_000\n"
        "for _ in range(300):\n    sys.stdout.buffer.write(chunk)\n"
    )
    script = tmp_path / "child.py"
    script.write_text(program, encoding="utf-8")
    measure = (
        "import resource, subprocess, sys\n"
        "done = subprocess.run(sys.argv[1:])\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        "sys.exit(done.returncode)\n"
    )
    runner = [sys.executable, "-m", "skullking", "conformance", "--cmd", f"{sys.executable} {script}"]
    done = subprocess.run(
        [sys.executable, "-c", measure, *runner, "--edition", "skullking-original", "--timeout", "10"],
        capture_output=True,
        text=True,
        timeout=BOUND,
        check=False,
    )
    _one_line(done.returncode, done.stderr, "wrote a line longer than 1,000,000 bytes")
    peak_kb = int(done.stdout.split()[-1])
    assert peak_kb < 250_000


@pytest.mark.parametrize(
    ("program", "words"),
    [
        # an id of 500 kB
        ("import json, sys; sys.stdin.readline(); print(json.dumps({'id': 'x' * 500_000}), flush=True)", "answered id"),
        # 20 MB on standard error, then an end without an answer
        (
            "import sys; sys.stdin.readline(); sys.stderr.write('e' * 20_000_000 + '\\nlast words\\n'); sys.exit(5)",
            "exit code 5",
        ),
        # an answer of 900 kB that is not JSON
        ("import sys; sys.stdin.readline(); print('[' + 'y' * 900_000, flush=True)", "not JSON"),
    ],
    ids=["long-id", "long-stderr", "long-answer"],
)
def test_every_value_a_message_echoes_is_shortened(program: str, words: str, tmp_path: Path) -> None:
    code, _, err, _ = _bounded(tmp_path, program, "--timeout", "10")
    _one_line(code, err, words)
    if "stderr" in program:
        assert err.rstrip().endswith("last words")


def test_an_answer_too_deep_or_of_the_wrong_shape_fails_its_vector(tmp_path: Path) -> None:
    """An answer nested 100,000 deep, with bonuses that are a number or true, a winner
    that is true, legal plays that are not a list, points that are not numbers or a
    number of 5,000 digits: each fails its vector (exit 1), none stops the run or is
    an internal error; what is kept of each is short."""
    program = """import json, sys
for n, line in enumerate(sys.stdin):
    ident = json.loads(line)["id"]
    kind = json.loads(line)["kind"]
    if n == 0:
        print('{"id": "%s", "output": %s}' % (ident, "[" * 100_000 + "]" * 100_000), flush=True)
    elif n == 1:
        print('{"id": "%s", "output": {"winner": %s}}' % (ident, "1" * 5000), flush=True)
    elif kind == "trick":
        out = {"winner": True, "next_leader": 0, "bonus": 0, "alliances": [], "bonuses": [7, 7] if n % 2 else 7}
        print(json.dumps({"id": ident, "output": out}), flush=True)
    elif kind == "legal":
        print(json.dumps({"id": ident, "output": {"legal": "Y1 Y2" * 100_000}}), flush=True)
    else:
        print(json.dumps({"id": ident, "output": {"points": {"A": "10", "B": None}}}), flush=True)
"""
    code, out, err, _ = _bounded(tmp_path, program, "--timeout", "10", "--format", "json")
    assert code == 1, err
    report = json.loads(out)
    total = sum(len(d["vectors"]) for d in _sent("skullking-original"))
    assert (report["failed"], report["passed"]) == (total, 0)
    first, second = report["failures"][:2]
    assert first["got"].startswith("(an answer not read: JSON nested deeper than 64 levels)")
    assert second["got"].startswith("(an answer not read: ")
    assert all(len(json.dumps(f)) < 10_000 for f in report["failures"])
    tricks = [f for f in report["failures"][2:] if f["kind"] == "tricks"]
    assert all({"winner", "bonuses"} <= {d["field"] for d in f["differences"]} for f in tricks)
    code, _, err, _ = _bounded(tmp_path, program, "--timeout", "10")
    assert code == 1 and "Traceback" not in err


def test_agrees_tells_json_values_apart_as_json_does() -> None:
    """A seat that is ``true`` is not seat 1, bonuses that are a number are not bonus
    ids, and ``1.0`` is the number 1: the comparison never raises on an output of
    another shape."""
    expected = {"winner": 1, "next_leader": 1, "bonus": 0, "alliances": [], "rule": "r", "bonuses": []}
    right = {"winner": 1, "next_leader": 1, "bonus": 0, "alliances": []}
    assert agrees("tricks", expected, right)
    assert agrees("tricks", expected, {**right, "bonus": 0.0, "bonuses": None})
    assert not agrees("tricks", expected, {**right, "winner": True, "next_leader": True})
    for bonuses in (7, True, "x", [7], {"a": 1}):
        assert not agrees("tricks", expected, {**right, "bonuses": bonuses})
    assert not agrees("legal", {"legal": ["Y1"]}, {"legal": "Y1"})
    assert not agrees("rounds", {"points": {"A": 10}}, {"points": {"A": "10"}})
    assert not agrees("rounds", {"points": {"A": 10}}, {"points": {"A": 10, "B": 0}})
    assert not agrees("rounds", {"points": {"A": 10}}, [])


# ---------------------------------------------------------------------- the suite as pytest tests

#: A Python project's test module running the suite through skullking.tools.pytest_vectors:
#: the engine's answers with one planted bug (a zero bid made scores 10 more) and legal
#: plays not supported.
PYTEST_MODULE = """
import pytest
import skullking
from skullking.tools.adapter import answer as engine
from skullking.tools.pytest_vectors import vector_tests

edition = skullking.load_edition("skullking-original")

def answer(kind, given):
    if kind == "legal":
        pytest.skip("no legal plays in this program")
    output = engine(edition, kind, given)
    if kind == "round":
        for p, bid in given["bids"].items():
            if bid == 0 and given["won"][p] == 0:
                output["points"][p] += 10
    return output

test_original = vector_tests(answer, "skullking-original", skip_tags=["scary-mary"])
"""


def test_a_python_project_runs_the_suite_as_one_pytest_test_per_vector(tmp_path: Path) -> None:
    """skullking.tools.pytest_vectors gives a pytest test with one case per vector (its
    id the vector's), the tags chosen as --skip-tags chooses them: the planted bug (the
    original rules pay a zero bid made 10 per card; this program 10 more) fails exactly
    the round vectors of a zero bid made, each failure naming its rule and the points
    that differ; the legal plays the program skips are skipped."""
    (tmp_path / "test_rules.py").write_text(PYTEST_MODULE, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rfs", "-p", "no:randomly", "-p", "no:cacheprovider", "test_rules.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    vectors = [(d["kind"], v) for d in _sent("skullking-original") for v in d["vectors"]]
    chosen = [(k, v) for k, v in vectors if "scary-mary" not in v["tags"]]
    zero_made = {
        v["id"]
        for k, v in chosen
        if k == "rounds" and any(b == 0 and v["input"]["won"][p] == 0 for p, b in v["input"]["bids"].items())
    }
    legal = [v for k, v in chosen if k == "legal"]
    assert zero_made and legal and len(chosen) < len(vectors)
    failed = set(re.findall(r"^FAILED test_rules\.py::test_original\[([\w-]+)\]", done.stdout, re.M))
    assert failed == zero_made, done.stdout[-3000:]
    passed = len(chosen) - len(zero_made) - len(legal)
    assert f"{len(zero_made)} failed, {passed} passed, {len(legal)} skipped" in done.stdout
    assert done.returncode == 1
    first = sorted(zero_made)[0]
    assert f"{first} (rounds): " in done.stdout and "rule: classic: zero-made" in done.stdout
    assert re.search(r"points\.A: expected (\d+), got (\d+)", done.stdout)


def test_the_pytest_suite_refuses_an_unknown_tag() -> None:
    """A misspelt tag in a project's tests is refused when the test module loads, with
    the tag meant (a selection of nothing would pass)."""

    with pytest.raises(ValueError, match="unknown tag 'pirat'; did you mean 'pirate'"):
        vector_tests(lambda kind, given: {}, "skullking-original", skip_tags=["pirat"])


# ---------------------------------------------------------------------- vectors at the limits


def test_vectors_of_an_edition_at_the_limits_are_chosen_among_the_smallest_tricks(tmp_path: Path) -> None:
    """A house rule at the documented limits (20 players, eight more suits of 100 ranks:
    871 cards) has billions of kinds of trick: ``vectors`` plays the 400,000 smallest
    (MAX_VECTOR_TRICKS), says so in one warning line and writes vectors that validate
    and that the engine answers as expected, within the test's own bound."""
    suits = "".join(f"    - {{id: s{i}, code: S{chr(65 + i)}, ranks: {{from: 1, to: 100}}}}\n" for i in range(8))
    path = tmp_path / "big.yaml"
    path.write_text(
        f"extends: skullking-2021\nid: big\ntitle: Big\nplayers: {{max: 20}}\ndeck:\n  suits:\n{suits}",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "skullking", "vectors", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("\n") == 1
    assert "warning: the trick vectors of 'big' are those its 400,000 smallest kinds of trick show" in done.stderr
    whole = json.loads(done.stdout)
    jsonschema.validate(whole, SCHEMA)
    edition = skullking.load_edition(path)
    for doc in whole["files"]:
        assert doc["vectors"]
        for vector in doc["vectors"]:
            got = answer(edition, REQUEST_KINDS[doc["kind"]], vector["input"])
            assert agrees(doc["kind"], vector["expected"], got), vector["id"]


def test_past_the_limit_the_trick_vectors_are_those_of_the_smallest_tricks(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the limit set below the 2021 edition's kinds of trick, the trick vectors
    are those the smallest tricks show, the size the walk reached only in part left
    out (each the same as without the limit, where both have it), with a warning; at
    the limit's own value no bundled edition is cut."""

    edition = skullking.load_edition("skullking-2021")
    whole = {json.dumps(v["input"]): v for v in _documents("skullking-2021")[0]["vectors"]}
    monkeypatch.setattr(limits, "MAX_VECTOR_TRICKS", 2_000)
    with pytest.warns(VectorsWarning, match="2,000 smallest kinds of trick show, the tricks of 3 cards"):
        cut = trick_vectors(edition)
    played = [p for p in cut if not p["id"].startswith("trick-example-")]
    assert 0 < len(played) < len([i for i in whole if not whole[i]["id"].startswith("trick-example-")])
    # the walk reached tricks of 4 cards in part: none of them is kept, only the smallest
    assert {len(v["input"]["cards"]) for v in played} == {3}
    same = [v for v in played if json.dumps(v["input"]) in whole]
    assert len(same) > len(played) // 2
    assert all(whole[json.dumps(v["input"])]["expected"] == v["expected"] for v in same)
    for vector in cut:
        assert agrees("tricks", vector["expected"], answer(edition, "trick", vector["input"])), vector["id"]
    monkeypatch.undo()
    assert all(
        CardDomain([skullking.load_edition(i)]).count(most=limits.MAX_VECTOR_TRICKS) < limits.MAX_VECTOR_TRICKS
        for i in EDITIONS
    )


def test_the_pytest_suite_reads_a_python_answer_as_json() -> None:
    """A Python program's answer is read as JSON would carry it: legal plays given as a
    tuple are the list the original rules expect; a set, which JSON cannot carry, fails
    its vector with the rule named, never an error of the comparison."""

    edition = skullking.load_edition("skullking-original")
    case = next(v for v in _documents("skullking-original")[1]["vectors"] if "scary-mary" in v["tags"])

    def as_tuple(kind: str, given: dict[str, Any]) -> dict[str, Any]:
        return {"legal": tuple(answer(edition, kind, given)["legal"])}

    vector_tests(as_tuple, "skullking-original", tags=["scary-mary"])(("legal", case))

    def as_set(kind: str, given: dict[str, Any]) -> dict[str, Any]:
        return {"legal": set(answer(edition, kind, given)["legal"])}

    with pytest.raises(pytest.fail.Exception, match=f"rule: legal plays\n{case['id']} \\(legal\\)"):
        vector_tests(as_set, "skullking-original", tags=["scary-mary"])(("legal", case))
