"""Input generators and properties for fuzzing, shared by tests/test_fuzz.py (a few
thousand examples in the suite) and scripts/fuzz.py (a long run that counts its inputs).

Each property takes one input and raises ``AssertionError`` when the engine answers it
badly: an exception other than the library's own errors, a traceback or an exit code
outside the contract from the command line, a file problem without a place, plans and
the interpreter disagreeing, a legal play outside the hand.
"""

from __future__ import annotations

import io
import os
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

import skullking
from skullking.errors import SkullKingError
from skullking.loader import check_file
from skullking.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
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
    from skullking.errors import ExpressionError
    from skullking.expr import compile_expression

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
_VALUES: list[Any] = [0, 1, 2, -1, 10, 11, "x", None, [], {}, 10**30, True, 1.5]


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


PROPERTIES: dict[str, tuple[Callable[..., None], tuple[st.SearchStrategy[Any], ...]]] = {
    "command line": (check_command_line, (argv_strategy,)),
    "card notation": (check_notation, (card_text,)),
    "expressions": (check_expression, (expression_text, st.tuples(*[st.integers(-3, 12)] * 3))),
    "mutated editions": (check_mutated_edition, (st.integers(0, 2**32),)),
    "sheets": (check_sheet, (sheet_strategy(),)),
    "tricks": (check_trick, (trick_strategy, st.integers(0, 7))),
    "legal plays": (check_legal, (trick_strategy, st.lists(st.sampled_from(_PLAYABLE), max_size=5, unique=True))),
}
