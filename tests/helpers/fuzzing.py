"""Input generators and properties for fuzzing, shared by tests/hardening/test_fuzz.py (a few
thousand examples in the suite) and scripts/fuzz.py (a long run that counts its inputs).

Each property takes one input and raises ``AssertionError`` when the engine answers it
badly: an exception other than the library's own errors, a traceback or an exit code
outside the contract from the command line (its arguments or its standard input), a
file problem without a place, plans and the interpreter disagreeing, a legal play
outside the hand, a cache entry edited by someone else trusted.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

import skullking
from skullking.core.errors import SkullKingError
from skullking.loading.loader import check_file
from skullking.tools.cli import main

ROOT = Path(__file__).resolve().parents[2]
EDITION = skullking.load_edition("skullking-2021")
#: Exit codes of the command line: ok, validate found problems, bad input (3, an
#: internal error, is what fuzzing looks for).
EXIT_CODES = {0, 1, 2}

_WORDS = [
    "trick", "legal", "score", "validate", "explain", "diff", "simulate", "editions", "schema", "new",
    "--edition", "--format", "json", "text", "--players", "--leader", "--batch", "--hand", "--seed", "--rounds",
    "--schedule", "--scoring", "--modules", "--strict", "--depth", "--sample", "-", "skullking-2021", "bga",
    "skullking-original", "Y10", "B2", "SK", "MER", "PIR", "TIG:PIR", "TIG", "KRAKEN", "WHALE", "LOOT", "E",
    "0", "1", "-2", "99999999999999999999", "4", "8", "classic", "rascal", "whirlpool-twice", "base,advanced",
    "editions/skullking-2021.yaml", "examples/house-rules/our-table.yaml", "examples/sheets/harbour-night.yaml",
    "/", ".", "..", "\x00", "\u2028", "🏴\u200d☠️", "green 7", "Y", "Y0", "Y15", "G7,B2",
]  # fmt: skip

argv_strategy = st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=12)), min_size=1, max_size=7)


def check_command_line(argv: list[str]) -> None:
    """``skullking ARGV``: an exit code of the contract and no traceback (run in a
    scratch folder, so that ``new`` and friends write nothing in the repository)."""
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        for name in ("editions", "examples"):
            os.symlink(ROOT / name, Path(scratch) / name)
        os.chdir(scratch)
        try:
            code = main(argv, out=out, err=err)
        finally:
            os.chdir(here)
    text = out.getvalue() + err.getvalue()
    assert code in EXIT_CODES, (argv, code, text[-2000:])
    assert "Traceback" not in text, (argv, text[-2000:])


card_text = st.one_of(
    st.lists(st.sampled_from(sorted({str(p) for p in EDITION.plays.values()} | set(_WORDS))), max_size=9).map(" ".join),
    st.text(max_size=30),
)


def check_notation(text: str) -> None:
    """Card text parses into plays that print back to themselves, or is a NotationError."""
    try:
        plays = EDITION.parse_cards(text)
    except SkullKingError:
        return
    for play in plays:
        assert EDITION.parse_cards(str(play))[0] is play


expression_text = st.one_of(
    st.lists(
        st.sampled_from(
            [
                "bid",
                "won",
                "cards",
                "1",
                "0",
                "7",
                "+",
                "-",
                "*",
                "//",
                "%",
                "(",
                ")",
                "==",
                "<",
                "and",
                "or",
                "not",
                "if",
                "then",
                "else",
                "abs(",
                "min(",
                "max(",
                ",",
                "true",
                "sum(",
                "count(",
            ]
        ),
        max_size=14,
    ).map(" ".join),
    st.text(max_size=20),
)


def check_expression(text: str, values: tuple[int, int, int]) -> None:
    """A formula compiles or is an ExpressionError with a column; a compiled one
    evaluates to a number or a truth value, or raises the library's own error."""
    from skullking.core.errors import ExpressionError
    from skullking.language.expr import compile_expression

    try:
        expression = compile_expression(text, ("bid", "won", "cards"))
    except ExpressionError as exc:
        assert exc.column >= 1
        return
    try:
        result = expression.evaluate(dict(zip(("bid", "won", "cards"), values, strict=True)))
    except SkullKingError:
        return
    assert isinstance(result, bool | int)


_BUNDLED = sorted((ROOT / "editions").glob("*.yaml"))


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with a few random edits of the kinds people and tools make."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        at = rng.randrange(len(lines))
        if kind == 0:
            del lines[at]
        elif kind == 1:
            lines.insert(at, lines[rng.randrange(len(lines))])
        elif kind == 2 and lines[at]:
            col = rng.randrange(len(lines[at]))
            lines[at] = (
                lines[at][:col]
                + rng.choice([":", "-", " ", "'", "{", "[", "&a", "*a", "9" * 30, "\t"])
                + lines[at][col:]
            )
        elif kind == 3 and ":" in lines[at]:
            key, _, _ = lines[at].partition(":")
            lines[at] = f"{key}: {rng.choice(['null', '[]', '{}', '-1', '0', 'x', '99999', '1e9', 'true', '[[1]]'])}"
        elif kind == 4:
            lines[at] = "  " + lines[at]
        else:
            lines[at] = lines[at][: len(lines[at]) // 2]
    return "\n".join(lines)


def check_mutated_edition(seed: int) -> None:
    """A bundled edition file with random edits loads, or is refused with every problem
    placed in a file (line 1 or later); it never raises."""
    rng = random.Random(seed)
    source = rng.choice(_BUNDLED)
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / source.name
        path.write_text(mutate(source.read_text(encoding="utf-8"), rng), encoding="utf-8")
        edition, problems = check_file(path, use_cache=False)
    for problem in problems:
        assert problem.line >= 1 or "no such file" in problem.message, problem
    if edition is not None:
        edition.resolve_trick(["Y10", "B2"])


_NAMES = ["Ann", "Bo", "Cy", "", "Ann ", 7, None]
#: Floats where a whole number belongs: whole ones, halves, huge, negative zero, not a
#: number and infinity (YAML writes the last two ``.nan``, ``.inf``).
_FLOATS: list[Any] = [1.0, 0.5, 1.5, -0.0, 2.0, 1e300, -1e-300, float("nan"), float("inf"), float("-inf")]
_VALUES: list[Any] = [0, 1, 2, -1, 10, 11, "x", None, [], {}, 10**30, True, *_FLOATS]


def sheet_strategy() -> st.SearchStrategy[Any]:
    players = st.sampled_from([["Ann", "Bo"], ["Ann", "Bo", "Cy"], ["Ann"], [], ["Ann", "Ann"], "Ann", None])
    per_player = st.dictionaries(st.sampled_from(_NAMES), st.sampled_from(_VALUES), max_size=4)
    round_ = st.fixed_dictionaries(
        {"bids": per_player, "won": per_player},
        optional={
            "cards": st.sampled_from(_VALUES),
            "bonuses": st.dictionaries(st.sampled_from(_NAMES), st.lists(st.sampled_from(["black-14", "x", 3]))),
            "loot": st.lists(st.lists(st.sampled_from(_NAMES), max_size=3), max_size=3),
            "tricks": st.lists(st.lists(st.sampled_from(["Y1", "Y2", "B2", "SK", "E", "Q"]), max_size=4), max_size=3),
            "leader": st.sampled_from(_NAMES),
            "extra": per_player,
            "wagers": per_player,
            "harry": per_player,
            "in_progress": st.sampled_from([True, False, 1.0, None]),
        },
    )
    return st.fixed_dictionaries(
        {"players": players, "rounds": st.one_of(st.lists(round_, max_size=3), st.sampled_from(_VALUES))},
        optional={"scoring": st.sampled_from(["classic", "rascal", "x", 3]), "edition": st.sampled_from(_VALUES)},
    )


def check_sheet(sheet: Any) -> None:
    """A sheet (written as a YAML file) scores, or is a SheetError whose every problem
    has a place in the file."""
    import yaml

    text = yaml.safe_dump(sheet, allow_unicode=True)
    try:
        EDITION.score_sheet(text, file="sheet.yaml")
    except SkullKingError as exc:
        for problem in getattr(exc, "problems", []):
            assert problem.line >= 1, problem


def check_trick(plays: list[str], leader: int) -> None:
    """The compiled plans and the interpreter agree on every trick."""
    players = max(len(plays), 2)
    try:
        planned = EDITION.resolve_trick(plays, leader=leader % players, players=players)
    except SkullKingError:
        return
    assert EDITION.interpret_trick(plays, leader=leader % players, players=players) == planned


def check_legal(hand: list[str], trick: list[str]) -> None:
    """Legal plays are cards of the hand, and there is one whenever the hand has one."""
    try:
        legal = EDITION.legal_plays(hand, trick)
    except SkullKingError:
        return
    held = EDITION.parse_cards(hand)
    assert legal and all(play in held for play in legal)


_PLAYABLE = sorted(str(p) for p in EDITION.plays.values() if not p.undeclared)
trick_strategy = st.lists(st.sampled_from(_PLAYABLE), min_size=1, max_size=8, unique=True)


#: Commands that read standard input, and what they read.
_STDIN_COMMANDS = [
    ["validate", "-"],
    ["validate", "--format", "json", "-"],
    ["score", "-"],
    ["score", "--format", "json", "-"],
    ["trick", "--batch", "-"],
    ["trick", "--batch", "-", "--format", "json"],
]
_BATCH_LINES = [
    '{"cards": ["Y10", "B2"]}',
    '{"cards": ["SK", "MER"], "leader": 1, "players": 3}',
    '{"cards": []}',
    '{"cards": ["Y1"], "players": 99}',
    "{",
    "[]",
    '{"cards": "Y1 Y2"}',
    "",
]


def stdin_strategy() -> st.SearchStrategy[bytes]:
    """What a pipe may bring: a bundled edition or example sheet with random edits, lines
    of batch tricks, a generated sheet, or any bytes."""
    sheets = sorted((ROOT / "examples" / "sheets").glob("*.yaml"))
    edited = st.tuples(st.sampled_from(_BUNDLED + sheets), st.integers(0, 2**32)).map(
        lambda pick: mutate(pick[0].read_text(encoding="utf-8"), random.Random(pick[1])).encode("utf-8")
    )
    batch = st.lists(st.sampled_from(_BATCH_LINES), max_size=5).map(lambda lines: "\n".join(lines).encode())
    sheet = sheet_strategy().map(lambda value: __import__("yaml").safe_dump(value, allow_unicode=True).encode())
    return st.one_of(edited, batch, sheet, st.binary(max_size=200))


def _run(argv: list[str], data: bytes) -> tuple[int, str, str]:
    """``skullking ARGV`` with ``data`` on standard input: its exit code and outputs."""
    import sys

    stdin, out, err = sys.stdin, io.StringIO(), io.StringIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="surrogateescape")
    try:
        code = main(argv, out=out, err=err)
    finally:
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue()


def check_stdin(command: list[str], data: bytes) -> None:
    """A command reading standard input answers any bytes with an exit code of the
    contract and no traceback."""
    code, out, err = _run(command, data)
    text = out + err
    assert code in EXIT_CODES, (command, data[:500], code, text[-2000:])
    assert "Traceback" not in text, (command, data[:500], text[-2000:])


#: The file planted code would make (it must never appear).
_RAN = Path(tempfile.gettempdir()) / "skullking-fuzz-planted-code-ran"


def _json_edits() -> st.SearchStrategy[list[tuple[float, Any]]]:
    """Edits of a JSON document: (where, by a fraction of its nodes; the new value)."""
    code = f"0\n__import__('pathlib').Path({str(_RAN)!r}).touch()\ndef _unused(env):\n return 0"
    planted = [code, "__import__", "**", "eval", "bid", True, 10**7, -1, None, [], {}, "", 1.5]
    values = st.one_of(st.sampled_from(planted), st.integers(), st.text(max_size=8))
    return st.lists(st.tuples(st.floats(0, 1, exclude_max=True), values), min_size=1, max_size=4)


@functools.cache
def _stored_house() -> tuple[str, str, dict[str, Any], str]:
    """A house rule stored in a cache folder of its own (kept for the process): its
    folder, file, entry and the edition's data as the file builds it."""
    from skullking.loading import stored
    from skullking.model.registry import EDITIONS
    from skullking.storage import cache

    scratch = Path(tempfile.mkdtemp(prefix="skullking-fuzz-cache-"))
    folder, saved = scratch / "cache", os.environ.get("SKULLKING_CACHE_DIR")
    os.environ["SKULLKING_CACHE_DIR"] = str(folder)
    try:
        house = scratch / "house.yaml"
        house.write_text("extends: skullking-2021\nid: house\nbonuses: {black-14: {points: 30}}\n", "utf-8")
        built = skullking.load_edition(house)
        entry = folder / f"{cache._key('path', os.path.abspath(house))}.json"
        record = json.loads(entry.read_text("utf-8"))
    finally:
        _restore_variable("SKULLKING_CACHE_DIR", saved)
    return str(folder), os.path.abspath(house), record, EDITIONS.dumps(stored._fields(built))


def _restore_variable(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


def check_cache_entry(edits: list[tuple[float, Any]], signed: bool) -> None:
    """A stored edition with random edits to its data: without the user's signature it
    is never used (the edition is rebuilt), whatever was edited; signed, with edits to
    its formulas' trees (numbers, names, operators, nodes: what the engine writes into
    Python source), reading it raises nothing and runs nothing (a marker file a planted
    formula would write never appears), and an entry that reads is an edition. (Other
    signed values are the user's own engine's: a count of copies edited to millions
    would build millions of cards.)"""
    from skullking.edition import Edition
    from skullking.loading import stored
    from skullking.model.registry import EDITIONS
    from skullking.storage import cache

    folder, house, record, built = _stored_house()
    payload = json.loads(record["payload"])
    nodes: list[tuple[Any, Any]] = []  # (container, key) of every value edited

    def collect(node: Any, in_tree: bool) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            inside = in_tree or (isinstance(node, dict) and key == "x")  # (an expression's tag)
            if inside or not signed:
                nodes.append((node, key))
            collect(value, inside)

    collect(payload, False)
    for where, value in edits:
        container, key = nodes[int(where * len(nodes))]
        container[key] = value
    text = json.dumps(payload)
    if signed:
        secret = cache._secret()
        assert secret is not None
        digest = cache._entry_digest(secret, record["engine"], record["deps"], text)
    else:
        digest = hashlib.sha256(f"{record['engine']}\0{record['deps']!r}\0{text}".encode()).hexdigest()
    entry = Path(folder) / f"{cache._key('path', house)}.json"
    saved = os.environ.get("SKULLKING_CACHE_DIR")
    os.environ["SKULLKING_CACHE_DIR"] = folder
    try:
        entry.write_text(json.dumps({**record, "payload": text, "digest": digest}), "utf-8")
        found = stored.cached_check(house)
    finally:
        _restore_variable("SKULLKING_CACHE_DIR", saved)
        entry.write_text(json.dumps(record), "utf-8")
    assert not _RAN.exists()
    if not signed:
        assert found is None
    elif found is not None:
        assert isinstance(found[0], Edition)
        if text == record["payload"]:
            assert EDITIONS.dumps(stored._fields(found[0])) == built


#: Characters a terminal would obey or that show text in another order (which text for a
#: person escapes and data keeps), the record's own marks, and a line break.
_HOSTILE = ["\u2066", "\u2069", "\u202e", "\x7f", "\x85", "\x9b", "\u2028", "\x1b", "\x00", '"', "\\", "#", "[", "]"]
_HOSTILE += [",", ":", "?", "|", " ", "\t", "\n", "\r", "é", "字", "\U0001f3f4", "end", "bid", "round"]
#: A player's name: ordinary, hostile, or any text.
name_strategy = st.one_of(
    st.sampled_from(["Ann", "Bo", "Cy", "Graybeard", "end", "round", "?"]),
    st.lists(st.sampled_from([*_HOSTILE, "A", "b"]), min_size=1, max_size=5).map("".join),
    st.text(min_size=1, max_size=6),
)
#: What a record may write where a whole number belongs: whole numbers, floats, words.
_NUMBERS = ["0", "1", "2", "3", "10", "20", "-1", "1.0", "1.5", "0.5", "-0", "1e3", "nan", "inf", "99999999999", "x"]


def _quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


@st.composite
def record_strategy(draw: st.DrawFn) -> str:
    """A game record (one game or two) of generated names and events, every whole number
    of it possibly a float or a word: rounds that give their results or their tricks,
    decisions, extra points, a round without ``end``; the rule of a record's events
    taken loosely, so that some replay and most are refused."""
    number = st.sampled_from(_NUMBERS)
    games = []
    for _ in range(draw(st.integers(1, 2))):
        players = draw(st.lists(name_strategy, min_size=1, max_size=4, unique=True))
        seat = st.sampled_from(players)
        tags = [f'[Edition "{draw(st.sampled_from(["skullking-2021", "bga", "x"]))}"]']
        tags.append("[Players " + " ".join(_quote(p) for p in players) + "]")
        if draw(st.booleans()):
            tags.append(f"[Rules {_quote(draw(st.text(max_size=70)))}]")
        lines = tags
        for index in range(draw(st.integers(0, 3))):
            cards = draw(st.sampled_from(["1", "2", draw(number)]))
            lines.append(f"round {draw(st.sampled_from([str(index + 1), draw(number)]))} cards {cards}")
            for player in players:
                lines.append(f"  bid {_quote(player)} {draw(number)}")
            kind = draw(st.sampled_from(["won", "tricks", "none"]))
            if kind == "won":
                lines += [f"  won {_quote(p)} {draw(number)}" for p in players]
            elif kind == "tricks":
                plays = ", ".join(
                    f"{_quote(p)} {draw(st.sampled_from(['Y1', 'Y2', 'SK', 'E', 'RASCAL']))}" for p in players
                )
                lines.append(f"  trick {draw(st.sampled_from(['1', draw(number)]))}: {plays}")
            for _ in range(draw(st.integers(0, 2))):
                event = draw(st.sampled_from(["extra", "decide", "bonus", "alliance"]))
                who = _quote(draw(seat))
                if event == "extra":
                    lines.append(f"  extra {who} {draw(number)}")
                elif event == "decide":
                    lines.append(f"  decide {who} RASCAL wager {draw(number)}")
                elif event == "bonus":
                    lines.append(f"  bonus {who} black-14")
                else:
                    lines.append(f"  alliance {who} {_quote(draw(seat))}")
            if draw(st.integers(0, 4)):
                lines.append("end")
        games.append("\n".join(lines) + "\n")
    return "\n".join(games)


#: The ways ``replay`` answers a record: its table, its JSON, its score sheet.
_REPLAYS = [["replay", "-"], ["replay", "--format", "json", "-"], ["replay", "--to-sheet", "-"]]


def check_record(command: list[str], text: str) -> None:
    """``replay`` answers any record with an exit code of the contract and no traceback;
    its JSON (an answer or an error) is JSON; the score sheet it writes is read back by
    ``score``, to the totals ``replay --format json`` gives."""
    code, out, err = _run(command, text.encode("utf-8", "surrogatepass"))
    assert code in (0, 2), (command, text[:1000], code, (out + err)[-2000:])
    assert "Traceback" not in out + err, (command, text[:1000], (out + err)[-2000:])
    if "json" in command:
        json.loads(out)
    if "--to-sheet" in command and code == 0:
        scored, answer, problems = _run(["score", "--format", "json", "-"], out.encode("utf-8", "surrogatepass"))
        assert scored == 0, (text[:1000], out[:1000], answer + problems)
        replayed, totals, _ = _run(["replay", "--format", "json", "-"], text.encode("utf-8", "surrogatepass"))
        assert replayed == 0 and json.loads(totals)["totals"] == json.loads(answer)["totals"], (text[:1000], answer)


def check_names_in_data(names: list[str]) -> None:
    """Any names of players in every data output: a sheet of them is refused at the line
    of a name with a line break (exit 2), or its record (``score --to-record``) replays,
    its score sheet (``replay --to-sheet``) names the same players in the same seats,
    and the JSON of ``score`` and ``replay`` names them exactly."""
    from skullking.scoring.sheets.score import sheet_text

    bids = {n: int(i == 0) for i, n in enumerate(names)}
    sheet = sheet_text({"players": names, "rounds": [{"cards": 1, "bids": bids, "won": dict(bids)}]})
    data = sheet.encode("utf-8", "surrogatepass")
    code, record, err = _run(["score", "--to-record", "-"], data)
    broken = any("\n" in n or "\r" in n for n in names)
    expected_code = 2 if broken or not 2 <= len(names) <= 8 else 0
    assert code == expected_code and "Traceback" not in err, (names, code, err[-2000:])
    if code != 0:
        assert err.startswith("<stdin>:"), (names, err[:500])
        return
    code, scored, err = _run(["score", "--format", "json", "-"], data)
    assert code == 0 and json.loads(scored)["players"] == names, (names, scored[:500], err[:500])
    code, back, err = _run(["replay", "--to-sheet", "-"], record.encode("utf-8", "surrogatepass"))
    assert code == 0, (names, record[:1000], err[-2000:])
    import yaml

    assert yaml.safe_load(back)["players"] == names, (names, back[:500])
    code, replayed, err = _run(["replay", "--format", "json", "-"], record.encode("utf-8", "surrogatepass"))
    assert code == 0 and json.loads(replayed)["totals"] == json.loads(scored)["totals"], (names, replayed[:500])


def check_vector_text(strings: list[str]) -> None:
    """A vector document holding any text is written as JSON that reads back the same,
    with no character a terminal would obey as it is."""
    from skullking.analysis.vectors import text

    document = {"suite": "s", "sources": strings, "vectors": [{"id": s, "description": s} for s in strings]}
    written = text(document)
    assert json.loads(written) == document
    assert not set("\x1b\x85\x9b\u202e\u2066\x7f").intersection(written), written


PROPERTIES: dict[str, tuple[Callable[..., None], tuple[st.SearchStrategy[Any], ...]]] = {
    "command line": (check_command_line, (argv_strategy,)),
    "card notation": (check_notation, (card_text,)),
    "expressions": (check_expression, (expression_text, st.tuples(*[st.integers(-3, 12)] * 3))),
    "mutated editions": (check_mutated_edition, (st.integers(0, 2**32),)),
    "sheets": (check_sheet, (sheet_strategy(),)),
    "tricks": (check_trick, (trick_strategy, st.integers(0, 7))),
    "legal plays": (check_legal, (trick_strategy, st.lists(st.sampled_from(_PLAYABLE), max_size=5, unique=True))),
    "standard input": (check_stdin, (st.sampled_from(_STDIN_COMMANDS), stdin_strategy())),
    "cache entries": (check_cache_entry, (_json_edits(), st.booleans())),
    "records": (check_record, (st.sampled_from(_REPLAYS), record_strategy())),
    "names in data": (check_names_in_data, (st.lists(name_strategy, min_size=1, max_size=9, unique=True),)),
    "vector text": (check_vector_text, (st.lists(st.one_of(name_strategy, st.text(max_size=10)), max_size=4),)),
}
