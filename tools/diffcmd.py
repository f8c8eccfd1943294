"""``skullking diff``: what differs between two editions, and the report of it."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO

from skullking.analysis.compare import compare
from skullking.core.limits import MAX_DIFF_SAMPLE
from skullking.tools.common import UsageError, named_edition, text_lines, write_json

if TYPE_CHECKING:
    from skullking.edition import Edition


def _said(outcome: dict[str, Any]) -> str:
    if outcome["winner"] is None:
        text = f"nobody wins, seat {outcome['next_leader']} leads"
        if outcome.get("counts_for") is not None:  # (an effect's counts_for)
            text += f", it counts for seat {outcome['counts_for']}"
    else:
        text = f"seat {outcome['winner']} wins"
    if outcome["bonus"]:
        text += f" (+{outcome['bonus']})"
    return f"{text} [{outcome['rule']}]"


def _value(value: Any) -> str:
    return "(absent)" if value is None else repr(value)


def _change_value(change: dict[str, Any], side: str) -> str:
    """One side of a changed value: the value, or where the file leaves the key out,
    the value it plays with (``'round - 2' (default)``), else ``(absent)``."""
    if change[side] is None and f"{side}_default" in change:
        return f"{change[f'{side}_default']!r} (default)"
    return _value(change[side])


def _cards(count: int | None) -> str:
    return f"{count} card" + ("s" if count != 1 else "")


def _players(sizes: list[int]) -> str:
    """Table sizes in words: ``3 players``, ``2-8 players``, ``2, 4 players``."""
    if len(sizes) > 1 and sizes == list(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]}-{sizes[-1]} players"
    return ", ".join(map(str, sizes)) + (" players" if sizes != [1] else " player")


def _write_schedules(out: TextIO, schedules: list[dict[str, Any]]) -> None:
    """The schedules dealt differently, each with the cards of every round under A and
    under B and the rounds that differ, per table size (nothing when none)."""
    if not schedules:
        return
    out.write(f"Schedules dealt differently ({len(schedules)}):\n")
    for entry in schedules:
        where = entry["schedule"]
        if where == "(default)":
            where = f"the default schedules (A {entry['a']}, B {entry['b']})"
        for table in entry["tables"]:
            deals = [
                f"{' '.join(map(str, table[side]))} cards" if table[side] is not None else "no such schedule"
                for side in "ab"
            ]
            out.write(
                f"  {where}, {_players(table['players'])}: A {deals[0]} / B {deals[1]}; "
                f"{_numbers('round', table['rounds'])} differ\n"
            )


def _numbers(what: str, numbers: list[int]) -> str:
    """``rounds 1-3, 7`` (runs of consecutive numbers joined)."""
    return f"{what}{'s' if len(numbers) != 1 else ''} {_runs(numbers)}"


def _runs(numbers: list[int]) -> str:
    """``1-3, 7``: ``numbers`` (ascending), runs of consecutive ones joined."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _seats_case(example: dict[str, Any]) -> str:
    """A round of a game of the grid whose seats are compared, in words."""
    table = ", ".join(example["players"])
    if example["tie_break"]:
        return f"the tie-break round of {table} (level)"
    said = f"round {example['round']} ({_cards(example['cards'])}) of {table}"
    if example.get("game"):
        said += ", " + _game_said({"game": example["game"]})
    return said


def _seats_said(seats: dict[str, str] | None) -> str:
    if seats is None:
        return "-"
    return f"dealt by {seats['dealer']}, led by {seats['first_leader']}"


def _round_said(r: dict[str, Any]) -> str:
    """A round of the diff's grid in words: the scheme, round, bid and tricks won, what
    it has besides them, and its whole context (the other players' bids and tricks won,
    the cards the scored player played that the formulas count, whether it is a
    schedule's last round, the game before it)."""
    schemes = r["scheme"]["a"] if r["scheme"]["a"] == r["scheme"]["b"] else "{a}/{b}".format(**r["scheme"])
    cards = f"{r['cards']} card" + ("s" if r["cards"] != 1 else "")
    parts = [f"{schemes}, round {r['round']} ({cards}), bid {r['bid']}, won {r['won']}"]
    parts += [f"captured {bonus}" for bonus in r["captured"]]
    if r["ally"]:
        parts.append(f"ally {r['ally']} the bid")
    if r["wager"]:
        parts.append(f"wager {r['wager']}")
    if r["bid_change"]:
        parts.append(f"bid change {r['bid_change']:+d}")
    if r["load"]:
        parts.append(f"load {r['load']}")
    table = r.get("table")
    if table:  # (the JSON of an older report has none)
        parts.append(", ".join(f"{p} bid {v['bid']} won {v['won']}" for p, v in table.items() if p != "P1"))
    if r.get("played"):
        parts.append(f"P1 played {' '.join(r['played'])} (and numbered cards)")
    last = [side.upper() for side, value in r.get("last_round", {}).items() if value]
    if last:
        parts.append(
            "the last round of " + (" and ".join(last) + "'s schedule" if len(last) == 1 else "both schedules")
        )
    if r.get("game"):
        parts.append(_game_said(r))
    return ", ".join(parts)


def _game_said(r: dict[str, Any]) -> str:
    """The game before a round of the grid in words: the rounds before the previous one
    (who bid and took every trick), the previous round's bids and tricks won, who won
    its last trick, and the totals before the round under each edition."""
    rounds = r["game"]["rounds"]
    said = []
    if len(rounds) > 1:
        first = rounds[0]
        taker = next(p for p, won in first["won"].items() if won == first["cards"])
        others = ", ".join(f"{p} bid {bid}" for p, bid in first["bids"].items() if p != taker)
        span = "round 1" if len(rounds) == 2 else f"rounds 1-{len(rounds) - 1}"
        said.append(f"{span}: {taker} bid and took every trick, {others}")
    last = rounds[-1]
    table = ", ".join(f"{p} bid {last['bids'][p]} won {last['won'][p]}" for p in last["bids"])
    said.append(f"round {last['round']}: {table}, {r['game']['last_winner']} won its last trick")
    shown = {
        side.upper(): ", ".join(f"{p} {v}" for p, v in t.items())
        for side, t in r.get("totals", {}).items()
        if t is not None
    }
    if len(set(shown.values())) == 1:
        said.append(f"totals {next(iter(shown.values()))}")
    elif shown:
        said.append("totals " + "; ".join(f"{side} {t}" for side, t in shown.items()))
    return "game so far: " + "; ".join(said)


def _trick_cards(example: dict[str, Any]) -> str:
    """A trick example's cards, and the rounds it was played in where the rules change
    with the round (``rounds`` in the example)."""
    cards = " ".join(example["cards"])
    if "rounds" not in example:
        return cards
    numbers = example["rounds"]
    said = f"round {numbers[0]}" if len(numbers) == 1 else f"rounds {', '.join(map(str, numbers))}"
    said = said if numbers else "a tie-break round"
    if "players" in example:  # (rules of some player counts only)
        said += f" at {_runs(example['players'])} players"
    return f"{cards} (in {said})"


def _write_only(out: TextIO, report: dict[str, Any], what: str, said: Callable[[dict[str, Any]], str]) -> None:
    """The tricks or rounds only one edition can have: how many, and examples."""
    for side, other in (("a", "B"), ("b", "A")):
        count = report[f"only_{side}"]
        if not count:
            continue
        examples = report[f"only_{side}_examples"]
        out.write(f"{what} only {side.upper()} can have: {count}" + (", e.g.:\n" if examples else ".\n"))
        for example in examples:
            out.write(f"  {said(example)}; refused by {other}: {example['why']}\n")


def _write_sampled(out: TextIO, grid: dict[str, Any], what: str, of: str, does: str) -> None:
    """The line saying that a grid was sampled, and how much of it (nothing when not)."""
    if grid["sampled"]:
        out.write(
            f"{what}: a sample of {grid['compared']:,} of the {grid['size']:,} {of} (diff {does} at most "
            f"{grid['compared']:,}), spread evenly over them; --seed draws them.\n"
        )


class _Words(NamedTuple):
    """How a section of the report says things: its name, what its grid holds, what diff
    does with each case, how the differing ones are said, and what stands between the
    two editions' outcomes of an example."""

    what: str
    of: str
    does: str
    differ: str
    between: str


def _write_grid(
    out: TextIO,
    section: dict[str, Any],
    words: _Words,
    case: Callable[[dict[str, Any]], str],
    outcome: Callable[[Any], str],
) -> None:
    """One section of the report, tricks or rounds: whether the grid was sampled, how many
    of its cases end differently (with examples), and the cases only one edition can have;
    ``case`` and ``outcome`` put a case and one edition's outcome of it in words."""
    what, of, does, differ, between = words
    out.write("\n")
    _write_sampled(out, section["grid"], what, of, does)
    out.write(f"{what}: {section['differ']} of {section['checked']} {differ}")
    out.write(", e.g.:\n" if section["examples"] else ".\n")
    for example in section["examples"]:
        out.write(f"  {case(example)}: A {outcome(example['a'])}{between}B {outcome(example['b'])}\n")

    def one(example: dict[str, Any]) -> str:
        side = "a" if example["a"] is not None else "b"
        return f"{case(example)}: {side.upper()} {outcome(example[side])}"

    _write_only(out, section, what, one)


def cmd_diff(args: argparse.Namespace, out: TextIO) -> int:
    a, b = named_edition(args.a, args), named_edition(args.b, args)
    if not 2 <= args.depth <= 3:
        raise UsageError(f"--depth {args.depth}: every trick of 2 cards, or of 2 and 3 cards (2 or 3)")
    if not 0 <= args.sample <= MAX_DIFF_SAMPLE:
        raise UsageError(f"--sample {args.sample}: a number of random tricks from 0 to {MAX_DIFF_SAMPLE:,}")
    report = compare(a, b, sample=args.sample, seed=args.seed, depth=args.depth)
    if args.format == "json":
        write_json(out, report)
        return 0
    write_report(a, b, report, out, depth=args.depth)
    return 0


def write_report(a: Edition, b: Edition, report: dict[str, Any], out: TextIO, *, depth: int = 3) -> None:
    """``diff``'s text: what :func:`skullking.analysis.compare.compare` found between ``a`` and ``b``
    (with tricks of up to ``depth`` cards)."""
    out.write(text_lines([f"A = {a.id}: {a.title}", f"B = {b.id}: {b.title}", ""]))
    changes = report["changes"]
    out.write(f"Changed values ({len(changes)}):\n" if changes else "No value differs.\n")
    for change in changes:
        out.write(f"  {change['path']}: A {_change_value(change, 'a')} / B {_change_value(change, 'b')}\n")
    if report["about"]:  # their values are in the JSON
        out.write(f"Also different, not rules: {', '.join(c['path'] for c in report['about'])}.\n")
    for side in ("a", "b"):
        cards = report["cards"][f"only_{side}"]
        if cards:
            out.write(f"Cards only {side.upper()} has ({len(cards)}): {' '.join(cards)}\n")
    _write_schedules(out, report.get("schedules", []))
    sizes = " and ".join(str(n) for n in range(2, depth + 1)) + " cards"
    _write_grid(
        out,
        report["tricks"],
        _Words(
            "Tricks", f"ordered tricks of {sizes} of either deck", "plays", "played both ways end differently", "; "
        ),
        _trick_cards,
        _said,
    )
    rounds = report["rounds"]
    schemes = ", ".join(p["a"] if p["a"] == p["b"] else f"{p['a']}/{p['b']}" for p in rounds["schemes"])
    schemes = ("schemes " if len(rounds["schemes"]) > 1 else "scheme ") + schemes
    _write_grid(
        out,
        rounds,
        _Words("Rounds", "rounds of the grid", "scores", f"({schemes}) score differently", ", "),
        _round_said,
        str,
    )
    seats = report.get("seats")
    if seats and (seats["checked"] or seats["only_a"] or seats["only_b"]):  # (played only where seats may differ)
        _write_grid(
            out,
            {**seats, "grid": {"sampled": False}},
            _Words("Seats", "", "", "rounds of a game of the grid are dealt or led by another player", "; "),
            _seats_case,
            _seats_said,
        )
