"""Bots as a tool: a bot from outside the package (``module:Class``, the bot protocol),
`skullking ladder` (duplicate matches, an Elo-style rating with intervals), and
the --cluster mistakes answered in one line."""

from __future__ import annotations

import json
import math
import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clihelp import run, run_json

import skullking
from skullking.analysis.bots import make_bots
from skullking.analysis.ladder import Ladder, LadderSetup, fit, ladder, table_of
from skullking.analysis.simulation import Setup, simulate
from skullking.core.errors import GameError

OUTSIDE = textwrap.dedent(
    """
    from skullking.analysis.bots import HeuristicBot


    class Lowest:
        '''Bids and plays the first option every time.'''

        def __init__(self, rng):
            self.rng = rng

        def bid(self, view, options):
            return options[0]

        def load(self, view, options):
            return options[0]

        def play(self, view, options):
            return options[0]

        def decide(self, view, decision):
            if decision.kind == "exchange":
                return list(decision.options)[: decision.number]
            return decision.options[0]


    class Twin(HeuristicBot):
        '''The heuristic under another name.'''


    class Liar(Lowest):
        def bid(self, view, options):
            return 99


    class Crash(Lowest):
        def play(self, view, options):
            raise ZeroDivisionError("oops")


    class Half:
        def bid(self, view, options):
            return options[0]


    class NoRng(Lowest):
        def __init__(self):
            pass


    not_a_class = 3
    """
)


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A bot module written here, importable as ``outsidebots`` (on sys.path) and by its path."""
    path = tmp_path / "outsidebots.py"
    path.write_text(OUTSIDE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield path
    sys.modules.pop("outsidebots", None)


def test_a_bot_from_outside_plays_by_module_or_by_file(outside: Path) -> None:
    """A bot from outside follows the bot protocol (made as Class(rng), answering with one
    of the options from the seat's view): named module:Class or path.py:Class, it
    plays a whole game of the 2021 rulebook beside the bundled bots, and the same
    seed plays the same game whichever way it is named."""
    by_module = run_json("simulate", "--seed", "5", "--bots", "outsidebots:Lowest,heuristic")
    by_file = run_json("simulate", "--seed", "5", "--bots", f"{outside}:Lowest,heuristic")
    assert by_module["totals"] == by_file["totals"]
    rounds = by_module["sheet"]["rounds"]
    assert len(rounds) >= 10
    # the first option of a bid is 0: the outside bot (P1, P3) bids nothing every round
    assert all(r["bids"]["P1"] == 0 and r["bids"]["P3"] == 0 for r in rounds)
    stats = run_json("simulate", "--games", "4", "--seed", "2", "--bots", "outsidebots:Lowest,random", "-q")
    assert [b["bot"] for b in stats["by_bot"]] == ["outsidebots:Lowest", "random"]


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("nosuchmodule:Bot", "no module 'nosuchmodule'"),
        ("pimcc:5", "no module 'pimcc'; did you mean 'pimc'?"),
        ("outsidebots:Lowset", "outsidebots has no 'Lowset'; did you mean 'Lowest'?"),
        ("outsidebots:Half", "does not follow the bot protocol: it has no load, play or decide method"),
        ("outsidebots:not_a_class", "does not follow the bot protocol: it is not a class"),
        ("outsidebots:NoRng", "it is not made as NoRng(rng)"),
        ("/no/such/dir/bots.py:Bot", "no file /no/such/dir/bots.py"),
    ],
)
def test_a_bot_from_outside_that_cannot_play_is_one_line(outside: Path, bot: str, message: str) -> None:
    """A missing module or class, or a class that does not follow the bot protocol, is
    refused before any game: exit 2, one line naming the bot."""
    code, out, err = run("simulate", "--seed", "1", "--bots", bot)
    assert code == 2
    assert out == ""
    assert message in err and err.count("\n") == 1
    assert f"bot '{bot}'" in err


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("outsidebots:Liar", "answered its bid with 99, not one of the options [0, 1]"),
        ("outsidebots:Crash", "failed at its play: ZeroDivisionError: oops"),
    ],
)
def test_a_bot_from_outside_that_breaks_the_rules_stops_the_run(outside: Path, bot: str, message: str) -> None:
    """An outside bot's answer that is not one of the legal options, or an exception
    from its code, stops the game with one error naming the bot and its seat (exit 2,
    not an internal error of this program)."""
    code, _, err = run("simulate", "--seed", "1", "--bots", f"{bot},random")
    assert code == 2
    assert f"bot '{bot}' (P1)" in err and message in err
    with pytest.raises(GameError, match="P3"):
        simulate(Setup(edition="skullking-2021", players=("P1", "P2", "P3"), bots=("random", "random", bot), seed=1), 1)


def test_the_bot_the_bots_page_writes_plays(tmp_path: Path) -> None:
    """docs/bots.md's example of a bot from outside, written to a file as the page
    shows it, plays games by its path and is ranked by a ladder above random."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    source = page.split("```python\n# mybots.py\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "mybots.py"
    path.write_text(source, encoding="utf-8")
    stats = run_json("simulate", "--games", "3", "--seed", "1", "--bots", f"{path}:Greedy,random", "-q")
    assert stats["by_bot"][0]["bot"] == f"{path}:Greedy"
    record = run_json("ladder", f"{path}:Greedy", "random", "--deals", "10", "--rounds", "3", "--seed", "1", "-q")
    assert _ranks(record) == [f"{path}:Greedy", "random"]


def test_the_table_of_a_deal() -> None:
    """Duplicate matches: with more bots than seats every group of bots sits at the table
    in turn (5 bots at 3 seats: the 10 combinations, then again); with fewer, the bots
    fill the seats in turn."""
    groups = [tuple(table_of(5, 3, d)) for d in range(10)]
    assert groups == [(0, 1, 2), (0, 1, 3), (0, 1, 4), (0, 2, 3), (0, 2, 4), (0, 3, 4), (1, 2, 3), (1, 2, 4),
                      (1, 3, 4), (2, 3, 4)]  # fmt: skip
    assert table_of(5, 3, 10) == [0, 1, 2]
    assert table_of(3, 3, 7) == [0, 1, 2]
    assert table_of(2, 4, 0) == [0, 1, 0, 1]


def test_the_rating_is_bradley_terry_on_the_elo_scale() -> None:
    """Worked by hand: a bot that won 3 deals of 4 against another is 3 times as strong,
    400 log10 3 = 190.8 Elo apart, around a mean of 1500; even results rate alike."""
    low, high = fit([[0, 1], [3, 0]], 2)
    assert high - low == pytest.approx(400 * math.log10(3))
    assert (low + high) / 2 == pytest.approx(1500)
    assert fit([[0, 2, 2], [2, 0, 2], [2, 2, 0]], 3) == pytest.approx([1500, 1500, 1500])


def test_a_bot_against_its_twin_draws_every_deal(outside: Path) -> None:
    """Duplicate matches play every deal with every rotation of the seats: the heuristic
    against itself under another name plays the same cards the same way from every
    seat, so every deal is drawn and both rate 1500 (and the interval holds 1500)."""
    setup = Setup(edition="skullking-2021", players=("P1", "P2", "P3"), bots=("heuristic", "outsidebots:Twin"), seed=4)
    given = LadderSetup(setup, rounds=3)
    record = ladder(given, 6).as_json(given, skullking.load_edition("skullking-2021"))
    assert record["pairs"] == [{"a": "heuristic", "b": "outsidebots:Twin", "a_won": 0, "b_won": 0, "drawn": 6}]
    for bot in record["bots"]:
        assert bot["rating"] == 1500
        assert bot["ci95"][0] <= 1500 <= bot["ci95"][1]


def _ranks(record: dict[str, Any]) -> list[str]:
    return [b["bot"] for b in record["bots"]]


def test_the_ladder_is_the_same_on_any_number_of_processes() -> None:
    """A seed gives the same ladder, intervals included, in one process or several; and
    deal i is game i of a simulate run of the same seed: the same cards."""
    argv = ["ladder", "random", "heuristic", "--deals", "30", "--rounds", "2", "--seed", "8", "-q"]
    one = run_json(*argv, "--jobs", "1")
    two = run_json(*argv, "--jobs", "2")
    assert one == two
    assert _ranks(one) == ["heuristic", "random"]
    assert one["games"] == 30 * 2 and one["seats"] == 2
    code, text, _ = run(*argv, "--jobs", "1")
    assert code == 0 and text.startswith("Ladder of skullking-2021: 30 deals, each played 2 times")


def test_the_ladder_ranks_random_below_heuristic_below_the_search_bot() -> None:
    """The bots' order of strength: random < heuristic < the search bot (10 deals a
    question), on the 2021 rulebook, the heuristic clear of random (95% intervals that do
    not overlap). Small, fast settings: three seats, the first six rounds of each game (1
    to 6 cards), 20 deals each played three times: the run docs/bots.md shows, printed
    as the page shows it. At this size the search bot ranks first but its interval
    overlaps the heuristic's (the heuristic plays by its place in the trick, and so do
    the search's playouts): the page says so, and shows a larger ladder for the gap."""
    command = "skullking ladder random heuristic pimc:10 --rounds 6 --deals 20 --seed 1 -q"
    code, text, err = run(*command.split()[1:], "--jobs", "2")
    assert code == 0, err
    page = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    assert f"$ {command}\n{text}```" in page
    rows = re.findall(r"^ +\d+  (\S+) +(\d+)  \[(\d+), (\d+)\]", text, re.M)
    assert [bot for bot, *_ in rows] == ["pimc:10", "heuristic", "random"]
    (_, _, low, _), (_, _, _, high) = rows[1], rows[2]
    assert int(low) > int(high)  # the heuristic clear of random


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["heuristic"], "give at least two bots"),
        (["heuristic", "heuristic"], "'heuristic' is given twice"),
        (["heuristic", "random", "--deals", "0"], "--deals 0: from 1"),
        (["heuristic", "random", "--players", "9"], "not 9"),
        (["heuristic", "random", "--rounds", "11"], "--rounds 11: the schedule has 1 to 10 rounds"),
        (["heuristic", "nobot"], "unknown bot 'nobot'"),
    ],
)
def test_bad_ladder_options(argv: list[str], message: str) -> None:
    """A ladder's mistakes are one line, exit 2."""
    code, _, err = run("ladder", *argv, "-q")
    assert code == 2
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("127.0.0.1", "give the scheduler's port too (e.g. tcp://127.0.0.1:8786)"),
        ("ftp://x:1", "unknown address scheme 'ftp'"),
        ("inproc://x", "an inproc address names a scheduler inside one process"),
        ("tcp://h:99999", "the port is a number from 1 to 65535"),
        ("tcp://:8786", "no host"),
    ],
)
@pytest.mark.parametrize("command", [["simulate", "--games", "2"], ["compare", "bga", "bga", "--games", "2"]])
def test_a_cluster_address_mistake_is_one_line(command: list[str], address: str, message: str) -> None:
    """A --cluster address that names no scheduler is refused before any game: exit 2,
    one line (not an internal error)."""
    pytest.importorskip("distributed")
    code, _, err = run(*command, "-q", "--cluster", address)
    assert code == 2
    assert message in err and err.count("\n") == 1


def test_a_cluster_that_does_not_answer_is_one_line_after_the_timeout() -> None:
    """No scheduler listening: after --cluster-timeout seconds, exit 2 with one line saying
    so (port 1 on this machine: nothing listens there)."""
    pytest.importorskip("distributed")
    code, _, err = run("simulate", "--games", "2", "-q", "--cluster", "tcp://127.0.0.1:1", "--cluster-timeout", "0.5")
    assert code == 2
    assert "no Dask scheduler answered within 0.5 s" in err and err.count("\n") == 1
    code, _, err = run("simulate", "--games", "2", "-q", "--cluster-timeout", "5")
    assert code == 2 and "--cluster-timeout goes with --cluster" in err


def test_a_ladder_on_a_dask_cluster_is_the_local_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """--cluster plays the ladder's deals on a Dask cluster (a local one on loopback here),
    with the same results as a local run."""
    distributed = pytest.importorskip("distributed")
    monkeypatch.setenv("SKULLKING_CACHE_DIR", str(tmp_path))
    argv = ["ladder", "random", "heuristic", "--deals", "30", "--rounds", "2", "--seed", "3", "-q"]
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        remote = run_json(*argv, "--cluster", cluster.scheduler_address)
    assert remote == run_json(*argv, "--jobs", "1")


def test_the_ladder_record_adds_up(outside: Path) -> None:
    """Each bot's games are its seats over every rotation; the pairs count every deal."""
    setup = Setup(
        edition="skullking-2021", players=("P1", "P2", "P3"), bots=("random", "heuristic", "outsidebots:Lowest"), seed=2
    )
    given = LadderSetup(setup, rounds=2)
    result: Ladder = ladder(given, 5)
    record = json.loads(json.dumps(result.as_json(given, skullking.load_edition("skullking-2021"))))
    assert all(b["games"] == 5 * 3 for b in record["bots"])
    assert all(p["a_won"] + p["b_won"] + p["drawn"] == 5 for p in record["pairs"])
    assert len(make_bots(["outsidebots:Lowest"], ["A"])) == 1
