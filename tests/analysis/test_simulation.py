"""Simulation at scale: `skullking simulate --games`,
`skullking compare`, worker processes, a Dask cluster, plots; statistics checked
against numbers worked out by hand from the games' own sheets."""

from __future__ import annotations

import csv
import io
import json
import math
import re
import statistics
from pathlib import Path
from typing import Any

import pytest
from clihelp import run, run_json

import skullking
from skullking.analysis.simulation import Setup, compare, simulate, write_game_record
from skullking.core.errors import SkullKingError
from skullking.core.limits import MAX_RECORD_WORDS
from skullking.core.resources import bundled_edition_files
from skullking.edition import Edition
from skullking.language.record import Deal, GameRecord, RoundRecord, Tag, parse_record, write_record

ROOT = Path(__file__).resolve().parents[2]


def _nearest_rank(values: list[int], q: float) -> int:
    """The quantile as docs/cli/simulate.md defines it: the lowest value with at least q of the
    values at or below it."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q * len(ordered))) - 1]


def test_statistics_are_those_of_the_games_written(tmp_path: Path) -> None:
    """The statistics of a small run are the ones worked out by hand
    from the games themselves: `--out` writes every game as a sheet, `skullking score`
    reads each back, and the mean, spread, quantiles, wins and bids made per seat are
    computed here from those sheets."""
    out = tmp_path / "games"
    record = run_json(
        "simulate", "--games", "7", "--seed", "11", "--players", "Ann,Bo,Cy", "--bots", "heuristic,random",
        "--out", str(out), "--jobs", "1", "-q",
    )  # fmt: skip
    sheets = sorted(out.glob("game-*.yaml"))
    assert [p.name for p in sheets] == [f"game-{i:06d}.yaml" for i in range(1, 8)]
    totals: dict[str, list[int]] = {"Ann": [], "Bo": [], "Cy": []}
    wins = dict.fromkeys(totals, 0)
    made = dict.fromkeys(totals, 0)
    rounds = dict.fromkeys(totals, 0)
    for sheet in sheets:
        scored = run_json("score", str(sheet))
        for player, total in scored["totals"].items():
            totals[player].append(total)
        if len(scored["winners"]) == 1:
            wins[scored["winners"][0]] += 1
        for r in scored["rounds"]:
            for player in r["bids"]:
                rounds[player] += 1
                made[player] += r["bids"][player] == r["won"][player]
    assert record["games"] == 7
    for seat in record["players"]:
        name = seat["name"]
        assert seat["bot"] == ("heuristic" if name in ("Ann", "Cy") else "random")
        assert seat["mean"] == pytest.approx(statistics.mean(totals[name]), abs=1e-3)
        assert seat["sd"] == pytest.approx(statistics.stdev(totals[name]), abs=1e-3)
        assert (seat["min"], seat["max"]) == (min(totals[name]), max(totals[name]))
        assert seat["quantiles"]["p50"] == _nearest_rank(totals[name], 0.5)
        assert seat["quantiles"]["p95"] == _nearest_rank(totals[name], 0.95)
        assert seat["wins"] == wins[name]
        assert seat["bid_hit_rate"] == pytest.approx(made[name] / rounds[name], abs=1e-4)


def test_a_record_of_more_words_than_replay_reads_is_not_written(tmp_path: Path) -> None:
    """`--records` writes no record that `skullking replay` would refuse: a game whose
    record, within the size limit, holds more than MAX_RECORD_WORDS words
    (docs/house-rules/limits.md) is refused with its count of words, and not written."""
    deal = Deal("Ann", ("Y1",) * MAX_RECORD_WORDS, 0, 0)
    played = RoundRecord(number=1, cards=1, leader=None, events=(deal,), line=0, column=0)
    tags = (
        Tag(name="Edition", values=("x",), line=0, column=0),
        Tag(name="Players", values=("Ann", "Bo"), line=0, column=0),
    )
    setup = Setup(edition="skullking-2021", players=("Ann", "Bo"), bots=("random",), seed=1, out=str(tmp_path))
    with pytest.raises(SkullKingError) as caught:
        write_game_record(GameRecord(tags=tags, rounds=(played,), line=0, column=0), setup, 0)
    # [Edition "skullking-2021"], [Players "Ann" "Bo"], [Event "..."], [Bots "random"
    # "random"]: 4 + 5 + 4 + 5 words; 'round 1 cards 1', 'deal Ann' and its cards, 'end'.
    assert str(caught.value) == (
        "game 1's record would not be read back by 'skullking replay': 100,025 words, more than the 100,000 a "
        "record may hold; it is not written (fewer rounds or players make a smaller one)"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("edition_id", sorted(bundled_edition_files()))
def test_records_written_by_a_run_replay_to_the_totals_it_reports(edition_id: str, tmp_path: Path) -> None:
    """`--out DIR --records` writes every game as a game record, the deal included, in
    its canonical form: `skullking replay` replays each to the totals the same run
    writes as score sheets (game by game) and to the run's statistics (each seat's
    mean, lowest and highest total). Games of as few players as the edition allows,
    where the ghost hand plays in two-player games, with a bot that uses the abilities."""
    edition = skullking.load_edition(edition_id)
    argv: tuple[str, ...] = ("simulate", "--edition", edition_id, "--games", "3", "--seed", "4")
    argv += ("--players", str(edition.min_players), "--bots", "heuristic,random", "--jobs", "1", "-q")
    stats = run_json(*argv, "--out", str(tmp_path / "records"), "--records")
    assert run_json(*argv, "--out", str(tmp_path / "sheets"))["players"] == stats["players"]
    records = sorted((tmp_path / "records").glob("game-*"))
    assert [p.name for p in records] == [f"game-{i:06d}.skr" for i in range(1, 4)]
    totals: dict[str, list[int]] = {}
    for i, path in enumerate(records, 1):
        text = path.read_text(encoding="utf-8")
        assert write_record(parse_record(text)) == text  # canonical
        assert f'[Edition "{edition_id}"]' in text and " deal " in text
        replayed = run_json("replay", str(path))["totals"]
        assert replayed == run_json("score", str(tmp_path / "sheets" / f"game-{i:06d}.yaml"))["totals"]
        for player, total in replayed.items():
            totals.setdefault(player, []).append(total)
    for seat in stats["players"]:
        mine = totals[seat["name"]]
        assert seat["mean"] == pytest.approx(statistics.mean(mine), abs=1e-3)
        assert (seat["min"], seat["max"]) == (min(mine), max(mine))


PLAYABLE = sorted((ROOT / "tests" / "data" / "playable").glob("*.yaml"))


@pytest.mark.parametrize("path", PLAYABLE, ids=[p.stem for p in PLAYABLE])
def test_a_run_counts_only_games_its_sheets_score(path: Path, tmp_path: Path) -> None:
    """The statistics of a run come from games whose sheets `skullking score` accepts:
    under house rules with two leader choices, two exchanges on one card or a bid change
    that may find no value to make, every game written by `--out` scores, and the mean
    of each seat is that of the sheets' totals (the bots play the abilities as players
    do; the sheet checks who led, who followed suit and what was chosen)."""
    out = tmp_path / "games"
    record = run_json(
        "simulate", "--edition", str(path), "--games", "12", "--seed", "5", "--players", "4",
        "--bots", "heuristic,random", "--out", str(out), "--jobs", "1", "-q",
    )  # fmt: skip
    totals: dict[str, list[int]] = {}
    for sheet in sorted(out.glob("game-*.yaml")):
        for player, total in run_json("score", str(sheet))["totals"].items():
            totals.setdefault(player, []).append(total)
    assert record["games"] == 12 and all(len(t) == 12 for t in totals.values())
    for seat in record["players"]:
        assert seat["mean"] == pytest.approx(statistics.mean(totals[seat["name"]]), abs=1e-3)


def test_hand_worked_quantiles_and_spread() -> None:
    """A seat's summary on scores worked out by hand: 10, 20, 20, 50
    -> mean 25, sd sqrt(300) (sample), p25 10, p50 20, p75 20, p95 50."""
    from skullking.analysis.simulation import Seat

    seat = Seat()
    for score in (10, 20, 20, 50):
        seat.total += score
        seat.squares += score * score
        seat.scores[score] += 1
    summary = seat.summary(4)
    assert summary["mean"] == 25
    assert summary["sd"] == pytest.approx(math.sqrt(300), abs=1e-3)
    assert summary["quantiles"] == {"p5": 10, "p25": 10, "p50": 20, "p75": 20, "p95": 50}


def test_results_depend_on_the_seed_only() -> None:
    """The same JSON for --jobs 1 and --jobs 2 (and again for the
    same seed); another seed gives other games."""
    base = ["simulate", "--games", "60", "--seed", "5", "--bots", "heuristic,random", "-q"]
    one = run_json(*base, "--jobs", "1")
    two = run_json(*base, "--jobs", "2")
    assert one == two
    assert run_json(*base, "--jobs", "2") == two
    other = run_json("simulate", "--games", "60", "--seed", "6", "--bots", "heuristic,random", "-q", "--jobs", "2")
    assert other["players"] != one["players"]


def test_the_statistics_hold_counts_not_games() -> None:
    """Statistics take constant memory: after 200 games a seat holds
    one count per different final score, and nothing per game."""
    edition = skullking.load_edition("skullking-2021")
    setup = Setup(edition="skullking-2021", players=("A", "B", "C"), bots=("random",), seed=1)
    stats = simulate(setup, 200)
    assert stats.games == 200
    for seat in stats.seats:
        assert sum(seat.scores.values()) == 200
        assert len(seat.scores) < 200
    record = stats.as_json(setup, edition)
    played = record["tricks"]["played"]
    assert sum(record["tricks"]["decided_by"].values()) == played
    assert record["tricks"]["without_winner"] <= played


def test_compare_an_edition_with_itself_finds_nothing() -> None:
    """Comparing an edition with itself gives no significant metric
    (the same deals, the same bots: every difference is 0)."""
    record = run_json("compare", "skullking-2021", "skullking-2021", "--games", "40", "--seed", "2", "-q")
    assert set(record) == {"a", "b", "games", "metrics"}
    assert record["games"] == 40
    assert record["metrics"]
    for metric in record["metrics"]:
        assert set(metric) == {"name", "a", "b", "diff", "ci95", "significant"}
        assert metric["diff"] == 0
        assert metric["significant"] is False


def test_compare_sees_loot_paying_more(tmp_path: Path) -> None:
    """The 2021 edition against an overlay whose Loot alliance pays 30
    (the 2021 rulebook: 20 each): the alliance points a game rise, significantly."""
    overlay = tmp_path / "loot-30.yaml"
    overlay.write_text("id: loot-30\nextends: skullking-2021\neffects:\n  list:\n    - id: loot\n      points: 30\n")
    record = run_json(
        "compare", "skullking-2021", str(overlay), "--games", "60", "--seed", "4", "--bots", "heuristic", "-q"
    )
    metric = next(m for m in record["metrics"] if m["name"] == "alliance points a game")
    assert metric["b"] > metric["a"]
    assert metric["diff"] > 0
    assert metric["significant"] is True
    assert metric["ci95"][0] > 0


def test_compare_in_words() -> None:
    """The text of `compare` names both editions and gives each metric's A,
    B, difference, interval and significance."""
    code, text, _ = run("compare", "skullking-2021", "bga", "--games", "10", "--seed", "1", "-q")
    assert code == 0
    assert text.startswith("A = skullking-2021: ")
    assert "B = bga: " in text
    assert "alliance points a game" in text
    assert "95% interval" in text


def test_csv_and_text_reports() -> None:
    """--format csv gives a row per seat; text gives the table,
    the bids made by round, the precedence rules, bonuses, alliances and ties."""
    code, text, _ = run("simulate", "--games", "10", "--seed", "3", "--format", "csv", "-q", "--jobs", "1")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["name"] for r in rows] == ["P1", "P2", "P3", "P4"]
    assert {"mean", "sd", "p5", "p50", "p95", "wins", "bid_hit_rate"} <= set(rows[0])
    code, text, _ = run("simulate", "--games", "10", "--seed", "3", "-q", "--jobs", "1")
    assert code == 0
    for words in ("10 games of skullking-2021", "Bids made by round (random)", "decided by:", "Bonuses paid"):
        assert words in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--games", "0"], "--games 0: from 1"),
        (["simulate", "--games", "5", "--jobs", "0"], "--jobs 0: at least 1"),
        (["simulate", "--jobs", "2"], "--jobs goes with --games"),
        (["simulate", "--games", "5", "--rounds", "2"], "--rounds goes without --games"),
        (["simulate", "--records"], "--records goes with --games"),
        (["simulate", "--games", "5", "--records"], "--records goes with --out DIR"),
        (["simulate", "--games", "5", "--bots", "heuristc"], "did you mean 'heuristic'"),
        (["simulate", "--games", "5", "--players", "9"], "skullking-2021 is played by 2 to 8 players, not 9"),
        (["simulate", "--games", "5", "--plot", "x.pdf"], "name a .png or .svg file"),
        (["compare", "skullking-2021", "bga", "--games", "0"], "--games 0: from 1"),
    ],
)
def test_bad_simulation_options(argv: list[str], message: str) -> None:
    """Bad options are one line, exit 2, before any game is played."""
    code, _, err = run(*argv)
    assert code == 2
    assert message in err


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_plots_are_drawn(tmp_path: Path, suffix: str) -> None:
    """--plot draws simulate's score spread and bid hit rates, and
    compare's A beside B (matplotlib, the 'plot' extra)."""
    one = tmp_path / f"one{suffix}"
    two = tmp_path / f"two{suffix}"
    assert run("simulate", "--games", "5", "--seed", "1", "-q", "--jobs", "1", "--plot", str(one))[0] == 0
    assert run("compare", "skullking-2021", "bga", "--games", "5", "-q", "--jobs", "1", "--plot", str(two))[0] == 0
    for path in (one, two):
        head = path.read_bytes()[:200]
        assert head.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in path.read_bytes()[:2000]


def test_a_dask_cluster_gives_the_local_results(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """--cluster sends the same work to a Dask distributed cluster (a
    local one of two worker processes on loopback here) and the results for a seed are
    identical to a local run (also with at most 2 chunks in flight, results coming back
    out of order). A run large enough to plan its tricks first has the workers plan
    them (they store the tables in their cache), not this process."""
    distributed = pytest.importorskip("distributed")
    import skullking.analysis.simulation
    from skullking.storage import cache
    from skullking.tricks.compiled import tables

    monkeypatch.setattr(skullking.analysis.simulation, "IN_FLIGHT", 2)
    monkeypatch.setattr(skullking.analysis.simulation, "PLAN_AT", 50)  # (read here: the setups carry it)
    monkeypatch.setenv("SKULLKING_CACHE_DIR", str(tmp_path))  # (the workers' too)
    planned: list[object] = []
    monkeypatch.setattr(Edition, "plan_tricks", lambda self, build=True: planned.append(self))
    table = tmp_path / f"{cache._key('plans', tables.fingerprint(skullking.load_edition('skullking-2021')))}.json"
    setup = Setup(edition="skullking-2021", players=("A", "B", "C", "D"), bots=("heuristic", "random"), seed=9)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        remote = simulate(setup, 60, cluster=cluster.scheduler_address)
        assert not planned and table.exists()
        code, text, err = run(
            "simulate", "--games", "60", "--seed", "9", "--bots", "heuristic,random", "-q", "--format", "json",
            "--players", "A,B,C,D", "--cluster", cluster.scheduler_address,
        )  # fmt: skip
        paired = compare(setup, setup, 30, cluster=cluster.scheduler_address)
    edition = skullking.load_edition("skullking-2021")
    local = simulate(setup, 60, jobs=1)
    assert remote.as_json(setup, edition) == local.as_json(setup, edition)
    assert code == 0, err
    assert json.loads(text) == local.as_json(setup, edition)
    assert paired.as_json(edition, edition) == compare(setup, setup, 30).as_json(edition, edition)


def test_one_game_still_prints_a_sheet_and_bots_may_play_it() -> None:
    """Without --games, simulate keeps printing one game as a sheet;
    --bots chooses who plays it, and `skullking score` reads it to the same totals."""
    record: dict[str, Any] = run_json("simulate", "--seed", "4", "--bots", "heuristic")
    assert record["sheet"]["rounds"]
    code, text, _ = run("simulate", "--seed", "4", "--bots", "heuristic")
    assert code == 0
    assert "played with bots (heuristic)" in text


def test_a_run_loads_its_edition_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Speed: the chunks of one run share the edition this process
    loaded (and the plans its tricks keep); a new run loads the file again (it may have
    changed), and a run's statistics do not depend on it."""
    setup = Setup(edition="skullking-2021", players=("A", "B", "C", "D"), bots=("random",), seed=5)
    loads: list[Setup] = []
    load = Setup.load

    def counted(self: Setup) -> Edition:
        loads.append(self)
        return load(self)

    monkeypatch.setattr(Setup, "load", counted)
    first = simulate(setup, 60)  # three chunks
    assert len(loads) == 1 and loads[0].run
    second = simulate(setup, 60)
    assert len(loads) == 2 and loads[1].run != loads[0].run
    assert first.as_json(setup, setup.load()) == second.as_json(setup, setup.load())
    del loads[:]
    compare(setup, setup, 60)
    assert len(loads) == 1  # the same edition on both sides: loaded once
    from skullking.analysis import simulation

    assert not simulation._loaded  # forgotten when the run ends


def test_bonus_and_alliance_points_paid_by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """Statistics checked by hand: the bonus and alliance points a run
    counts as paid are the ones the 2021 rulebook pays, worked out here from the rounds
    played: a trick's capture bonus goes to its winner when the winner made the bid (after
    Harry's change); a Loot alliance pays 20 to each ally when both made theirs."""
    from skullking.analysis import simulation

    played: list[Any] = []  # (a tie-break round of two plays with the ghost hand, who scores nothing)
    paid = simulation._paid

    def spy(round_: Any) -> Any:
        played.append(round_)
        return paid(round_)

    monkeypatch.setattr(simulation, "_paid", spy)
    edition = skullking.load_edition("skullking-2021")
    setup = Setup(edition="skullking-2021", players=("A", "B", "C", "D"), bots=("random",), seed=3)
    stats = simulation.Stats()
    for index in range(40):
        stats.add(simulation.play_game(edition, setup, index).stats)
    bonus = alliance = alliances = 0
    for round_ in played:
        score = round_.score()
        made = {p: score.bids[p] == score.won[p] for p in round_.players}
        for trick in round_.tricks:
            if made.get(trick.winner or ""):
                bonus += trick.result.bonus
            for loot, winner in trick.result.alliances:
                allies = (trick.players[loot], trick.players[winner])
                alliances += all(ally in made for ally in allies)  # (an alliance with the ghost: none)
                alliance += 2 * 20 if all(made.get(ally) for ally in allies) else 0
    assert stats.bonus_points == bonus > 0
    assert stats.alliance_points == alliance > 0
    assert stats.alliances == alliances


class _Terminal(io.StringIO):
    """Standard error as a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_a_progress_line_on_a_terminal(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A progress bar on standard error when it is a terminal, from
    0 games on (before a large run plans its tricks), one step a chunk of 25 games, the
    line ended when the run is; none with -q, none when standard error is not a terminal."""
    import sys

    editions = ["skullking-2021", "skullking-2021"] if command == "compare" else []
    argv = [command, *editions, "--games", "60", "--seed", "1", "--jobs", "1", "--format", "json"]
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code, _, err = run(*argv)
    assert code == 0 and err == ""
    steps = terminal.getvalue().split("\r")[1:]
    assert [step.split("] ")[1].strip() for step in steps] == [f"{n}/60 games" for n in (0, 25, 50, 60)]
    assert steps[0].startswith("[" + "." * 30 + "]") and steps[-1].startswith("[" + "#" * 30 + "]")
    assert terminal.getvalue().endswith("60/60 games\n")
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    assert run(*argv, "-q")[0] == 0
    assert quiet.getvalue() == ""
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    assert run(*argv)[0] == 0
    assert piped.getvalue() == ""


@pytest.mark.parametrize("command", [["simulate"], ["compare", "skullking-2021", "bga"]])
def test_jobs_beyond_the_cores_play_with_one_worker_a_core(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--jobs 100` starts no more worker processes than the cores this process may use
    (here 2, whatever the machine), says so on standard error, and gives the results
    of `--jobs 1`; with -q it says nothing."""
    import multiprocessing.pool

    from skullking.analysis import simulation

    monkeypatch.setattr(simulation, "default_jobs", lambda: 2)
    started: list[int] = []
    real = multiprocessing.pool.Pool.__init__

    def pool(self: Any, processes: int | None = None, *args: Any, **kwargs: Any) -> None:
        started.append(processes or 0)
        real(self, processes, *args, **kwargs)

    monkeypatch.setattr(multiprocessing.pool.Pool, "__init__", pool)
    argv = [*command, "--games", "60", "--seed", "5", "--format", "json"]
    code, many, _ = run(*argv, "--jobs", "100")
    assert code == 0 and started == [2]
    assert "note: --jobs 100: this machine lets skullking use 2 cores; playing with 2 worker processes" in (
        capsys.readouterr().err
    )
    assert json.loads(many) == run_json(*argv, "--jobs", "1")
    assert run(*argv, "--jobs", "100", "-q")[0] == 0 and capsys.readouterr().err == ""
    assert simulation.worker_count(100) == 2 and simulation.worker_count(1) == 1


# ---------------------------------------------------------------------- sheets at the limits


def _edition_at_the_limits(folder: Path) -> Path:
    """An edition as large as the limits allow where a sheet grows: 20 players, eight
    suits of 96 ranks and 232 special cards (1,000 cards), 100 rounds of 49 cards."""
    extra = [f"{a}{b}" for a in "abcdefghij" for b in "abcdefghijklmnopqrstuvwxyz"][:214]
    suits = "".join(f"    {s}: {{ranks: {{to: 96}}}}\n" for s in ("green", "yellow", "purple", "black"))
    suits += "".join(
        f"    {s}: {{code: {s[0].upper()}, ranks: {{from: 1, to: 96}}, names: {{en: [{s}]}}}}\n"
        for s in ("red", "cyan", "orange", "white")
    )
    roles = ("escape", "pirate", "skull_king", "mermaid")
    cards = "".join(
        f"    extra-{w}: {{code: X{w.upper()}, role: {roles[i % 4]}, names: {{en: [extra {w}]}}}}\n"
        for i, w in enumerate(extra)
    )
    path = folder / "limits.yaml"
    path.write_text(
        "extends: skullking-2021\nid: at-the-limits\nplayers: {max: 20}\n"
        f"deck:\n  suits:\n{suits}  cards:\n{cards}"
        "schedule:\n  hand_limit: 1000 // players - 1\n  variants:\n"
        f"    standard: {{rounds: [{', '.join(['49'] * 100)}]}}\n",
        encoding="utf-8",
    )
    return path


def test_a_game_at_the_limits_writes_a_sheet_score_reads(tmp_path: Path) -> None:
    """A game of 20 players and 100 rounds of 49 cards writes a sheet of more values
    than an edition file may hold (about 107,000: 98,000 cards in tricks); `skullking
    score` reads it back to the game's totals. Its game record would hold more words
    than a record may (each of the 98,000 plays is a player and a card): `score
    --to-record` refuses to write it, in one line (exit 2), rather than write a record
    that `skullking replay` refuses."""
    from skullking.core.limits import MAX_YAML_NODES
    from skullking.reading.bounded import yaml_limits
    from skullking.reading.located import Loader

    edition = _edition_at_the_limits(tmp_path)
    code, sheet, err = run("simulate", "--edition", str(edition), "--players", "20", "--seed", "1")
    assert code == 0, err
    assert yaml_limits(Loader, sheet, "sheet.yaml", values=MAX_YAML_NODES) is not None  # past an edition's limit
    path = tmp_path / "game.yaml"
    path.write_text(sheet, encoding="utf-8")
    scored = run_json("score", str(path))
    totals = sheet.splitlines()[1].split("Totals: ")[1].rstrip(".")
    assert ", ".join(f"{p} {t}" for p, t in scored["totals"].items()) == totals
    assert len(scored["rounds"]) == 100
    code, record, err = run("score", str(path), "--to-record")
    assert (code, record) == (2, "")
    assert err.count("\n") == 1
    assert re.search(
        r"game\.yaml: the game's record would not be read back by 'skullking replay': [\d,]+ words, more than "
        r"the 100,000 a record may hold; it is not written",
        err,
    ), err


def test_tie_breaks_stop_at_the_rounds_a_sheet_may_hold(tmp_path: Path) -> None:
    """A house rule under which every round scores 0 ties every game: after a schedule
    of 95 rounds only 5 tie-break rounds are played (not 10), so that the sheet holds
    the 100 rounds a sheet may, and `skullking score` reads it; so does every game
    `--out` writes."""
    edition = tmp_path / "always-tied.yaml"
    edition.write_text(
        "extends: skullking-2021\nid: always-tied\nscoring:\n  schemes:\n    classic:\n"
        "      cases: {zero-made: null, zero-missed: null, made: null, missed: {points: '0'}}\n"
        f"schedule:\n  variants:\n    standard: {{rounds: [{', '.join(['1'] * 95)}]}}\n",
        encoding="utf-8",
    )
    code, sheet, err = run("simulate", "--edition", str(edition), "--players", "3", "--seed", "1")
    assert code == 0, err
    (tmp_path / "game.yaml").write_text(sheet, encoding="utf-8")
    scored = run_json("score", str(tmp_path / "game.yaml"))
    assert len(scored["rounds"]) == 100 and len(set(scored["totals"].values())) == 1
    out = tmp_path / "games"
    record = run_json("simulate", "--edition", str(edition), "--games", "2", "--out", str(out), "-q", "--jobs", "1")
    assert record["tie_break_rounds"] == 2 * 5
    for game in sorted(out.glob("game-*.yaml")):
        assert len(run_json("score", str(game))["rounds"]) == 100


def test_a_sheet_score_would_refuse_is_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a game's sheet would be refused by `skullking score` (here with the values a
    sheet may hold lowered to 60, then the bytes of a sheet file to 500), simulate
    refuses it, exit 2, and writes nothing: no printed sheet, no file in `--out`."""
    from skullking.scoring.sheets import score as scoring

    monkeypatch.setattr(scoring, "MAX_SHEET_VALUES", 60)
    code, out, err = run("simulate", "--seed", "1", "--rounds", "3")
    assert code == 2 and out == ""
    assert err.strip().endswith(
        "the game's score sheet would not be read back by 'skullking score': the document holds more than 60 "
        "values (counting every value an alias repeats); it is not written (fewer rounds or players make a "
        "smaller sheet)"
    )
    games = tmp_path / "games"
    code, out, err = run("simulate", "--games", "2", "--out", str(games), "-q", "--jobs", "1")
    assert code == 2 and "would not be read back by 'skullking score'" in err
    assert list(games.iterdir()) == []
    monkeypatch.undo()
    monkeypatch.setattr(scoring, "MAX_FILE_BYTES", 500)  # a sheet file's size (long card codes reach it)
    code, out, err = run("simulate", "--seed", "1", "--rounds", "3")
    assert code == 2 and out == "" and "bytes, more than the 500 a sheet may have; it is not written" in err
