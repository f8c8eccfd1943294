"""What `trick` and `explain` say of when points are paid follows the rules in force.

The 2021 rulebook pays the capture bonuses and the Loot's alliance points only with the
bid made, and so `trick` says "Bonus if the bid holds" and `explain` heads its bonus
table "paid when the bid is made". A house rule may pay them otherwise: a scoring case
for a missed bid that adds `bonus`, every case adding it, none. These words are worked
out from the default scheme's cases (which case adds `bonus` or `alliance`, under which
condition), so each house rule below gets its own.
"""

from __future__ import annotations

from pathlib import Path

from clihelp import run, run_json

import skullking
from skullking.analysis.explain import explain
from skullking.language.expr import compile_expression
from skullking.scoring.paid import when_paid

#: The 2021 classic scheme's cases for a missed bid, adding the capture bonuses.
MISSED_TOO = "        missed: {points: -10 * abs(won - bid) + bonus - wager}\n"
#: ... and for a missed zero bid too.
ZERO_MISSED_TOO = "        zero-missed: {points: -10 * cards + bonus - wager}\n"
#: The 2021 classic scheme's cases for a made bid, without the capture bonuses.
MADE_WITHOUT = (
    "        zero-made: {points: 10 * cards + alliance + wager}\n        made: {points: 20 * bid + alliance + wager}\n"
)
#: The 2021 rulebook: the Skull King taken by a mermaid is worth 40 (seat 1 leads a
#: pirate, the Skull King follows, seat 3's mermaid takes both).
MERMAID_TRICK = ("PIR", "SK", "MER", "--leader", "1", "--players", "4")


def _cases(tmp_path: Path, lines: str, *, more: str = "", name: str = "house") -> str:
    """An overlay of skullking-2021 changing the classic scheme's cases, if any (and
    ``more``)."""
    path = tmp_path / f"{name}.yaml"
    scoring = f"scoring:\n  schemes:\n    classic:\n      cases:\n{lines}" if lines else ""
    path.write_text(f"extends: skullking-2021\nid: {name}\ntitle: House\n{scoring}{more}", encoding="utf-8")
    return str(path)


def _bonus_line(*edition: str) -> str:
    code, out, err = run("trick", *MERMAID_TRICK, *edition)
    assert (code, err) == (0, "")
    return next(line for line in out.splitlines() if line.startswith("Bonus"))


def _heading(edition: skullking.Edition) -> str:
    return next(line for line in explain(edition).splitlines() if line.startswith("## Bonuses"))


def test_bonus_paid_only_with_the_bid_made_keeps_its_words() -> None:
    """The 2021 rulebook: capture bonuses only with the bid made."""
    assert _bonus_line() == "Bonus if the bid holds: 40 (skull-king-by-mermaid)."
    assert _heading(skullking.load_edition("skullking-2021")) == "## Bonuses (paid when the bid is made)"


def test_bonus_paid_on_a_missed_bid_too_is_said(tmp_path: Path) -> None:
    """A house rule that adds the bonuses to a missed bid (not a zero bid's): `trick`
    and `explain` no longer say they come with the bid made alone."""
    house = _cases(tmp_path, MISSED_TOO)
    assert _bonus_line("--edition", house) == (
        "Bonus if the bid holds, and if it is missed as case `missed` says: 40 (skull-king-by-mermaid)."
    )
    assert _heading(skullking.load_edition(house)) == (
        "## Bonuses (paid when the bid is made, and when it is missed as case `missed` says)"
    )


def test_bonus_paid_whatever_the_bid_is_said(tmp_path: Path) -> None:
    """Every case of the scheme adds the bonuses: paid whatever the bid."""
    house = _cases(tmp_path, MISSED_TOO + ZERO_MISSED_TOO)
    assert _bonus_line("--edition", house) == "Bonus whatever the bid: 40 (skull-king-by-mermaid)."
    assert _heading(skullking.load_edition(house)) == "## Bonuses (paid whatever the bid)"


def test_bonus_no_case_adds_is_said_unpaid(tmp_path: Path) -> None:
    """No case adds the bonuses: the trick still has them, and the words say the scoring
    does not pay them."""
    house = _cases(tmp_path, MADE_WITHOUT)
    assert _bonus_line("--edition", house) == "Bonus not paid by the scoring: 40 (skull-king-by-mermaid)."
    assert _heading(skullking.load_edition(house)) == "## Bonuses (not paid by the scoring)"


def test_bonus_of_the_default_scheme_is_said(tmp_path: Path) -> None:
    """The 2021 rulebook's Rascal scoring pays half the bonuses on a glancing blow (a
    bid missed by one): with it the default, the words say so."""
    path = tmp_path / "rascal.yaml"
    path.write_text("extends: skullking-2021\nid: rascal-table\nscoring: {default: rascal}\n", encoding="utf-8")
    assert _bonus_line("--edition", str(path)) == (
        "Bonus if the bid holds, and if it is missed as case `glancing-blow` says: 40 (skull-king-by-mermaid)."
    )


def test_trick_json_keeps_its_fields(tmp_path: Path) -> None:
    """`trick --format json` is a contract: the words change, its record does not (the
    2021 rulebook: Y10 Y6 G14 B2 is won by seat 3's black 2, with the green 14's 10)."""
    record = run_json("trick", "Y10", "Y6", "G14", "B2")
    assert list(record) == ["winner", "next_leader", "bonus", "alliances", "reason", "rule", "bonuses"]
    assert (record["winner"], record["bonus"], record["bonuses"]) == (3, 10, ["standard-14"])
    house = _cases(tmp_path, MISSED_TOO)
    assert run_json("trick", "Y10", "Y6", "G14", "B2", "--edition", house) == record


def _ally_line(edition: str) -> str:
    text = explain(skullking.load_edition(edition))
    return next(line for line in text.splitlines() if "each ally earns" in line)


def test_alliance_words_follow_pays_and_the_cases(tmp_path: Path) -> None:
    """The 2021 rulebook: the Loot pays 20 to each ally when both made their bid. A
    house rule paying an ally who made their own bid says so; one whose missed cases add
    the alliance points too and that pays always says always."""
    assert _ally_line("skullking-2021") == "  - each ally earns 20 when both made their bid"
    own = _cases(tmp_path, "", more="effects:\n  list:\n    loot: {pays: own_made}\n")
    assert _ally_line(own) == "  - each ally earns 20 when they made their own bid"
    missed = (
        "        zero-missed: {points: -10 * cards + alliance - wager}\n"
        "        missed: {points: -10 * abs(won - bid) + alliance - wager}\n"
    )
    always = _cases(tmp_path, missed, more="effects:\n  list:\n    loot: {pays: always}\n", name="always")
    assert _ally_line(always) == "  - each ally earns 20 always"


def test_when_paid_asks_the_cases_not_their_text() -> None:
    """A bonus inside a condition of the points (from a bid of 2 only) is paid on some
    made bids only: the words name the case that says when."""
    edition = skullking.load_edition("skullking-2021")
    scheme = edition.scheme()
    made = next(i for i, case in enumerate(scheme.cases) if case.id == "made")
    points = compile_expression("20 * bid + (if bid >= 2 then bonus else 0)", scheme.cases[made].points.names)
    cases = list(scheme.cases)
    cases[made] = cases[made]._replace(points=points)
    paid = when_paid(scheme._replace(cases=tuple(cases)), "bonus")
    assert paid.words() == "if the bid holds as case `made` says"
    assert paid.made.cases == ("made",) and not paid.made.every and not paid.missed.cases


def test_a_condition_over_the_table_names_the_cases_that_add_the_bonus(tmp_path: Path) -> None:
    """A case that looks at every player (the only player who made the bid) is not
    asked over a grid of one player's results: the words name every case that adds the
    bonuses, which stays true whatever the table."""
    lone = "        lone: {when: won == bid and count(won == bid) == 1, points: 30 * bid + bonus, before: made}\n"
    house = _cases(tmp_path, lone)
    assert _bonus_line("--edition", house) == (
        "Bonus as cases `zero-made`, `lone` and `made` say: 40 (skull-king-by-mermaid)."
    )


def test_when_paid_asks_only_values_a_game_can_have() -> None:
    """A house rule: a missed bid keeps its capture bonuses when the table's bids add up
    to less than the player's own. No game has that (every bid is 0 or more, so the
    total is at least the player's bid), so the bonus is said to be paid with the bid
    made alone: the values asked are listed as `validate`'s analysis of the formulas
    lists them, the bids' total tied to the bids."""
    edition = skullking.load_edition("skullking-2021")
    scheme = edition.scheme()
    names = scheme.cases[0].points.names
    cases = list(scheme.cases)
    missed = next(i for i, case in enumerate(cases) if case.id == "missed")
    cases.insert(
        missed,
        cases[missed]._replace(
            id="missed-low-table",
            when=compile_expression("total_bids < bid", names),
            points=compile_expression("-10 * abs(won - bid) + bonus - wager", names),
        ),
    )
    paid = when_paid(scheme._replace(cases=tuple(cases)), "bonus")
    assert paid.cases == ("zero-made", "made", "missed-low-table")
    assert paid.words() == "if the bid holds"
    assert not paid.missed.cases
