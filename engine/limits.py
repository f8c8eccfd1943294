"""The bounds of every value the rules engine accepts: numbers and counts.

Each bound is far beyond any real game of Skull King (2 to 8 players, ranks 1 to 14,
10 rounds, a few hundred points), and small enough that no value read from a file, a
command line or a batch line, and no value a formula computes from them, can exhaust
memory or reach sizes Python refuses to print. Where a JSON Schema can say a bound,
``scripts/gen_schema.py`` and ``scripts/gen_sheet_schema.py`` state it from here; the
README lists them. (Sizes of files, lines, nesting and YAML aliases are bounded
elsewhere: these are the bounds of *values*.)
"""

from __future__ import annotations

#: The most players an edition may be for, a trick may seat and a sheet may name.
MAX_PLAYERS = 20
#: The highest rank of a numbered card (ranks start at 0 or more).
MAX_RANK = 100
#: The most copies of one special card in a deck.
MAX_COPIES = 100
#: The most cards a round may deal to each player, and so the highest bid.
MAX_HAND = 100
#: The most rounds a schedule may have.
MAX_ROUNDS = 100
#: The largest number (either sign) written in an edition: a bonus's points, a
#: formula's literal, a wager's value.
MAX_LITERAL = 10**6
#: The largest number (either sign) a formula may compute, and a round's or a game's
#: points may reach; a formula that goes beyond it is an error when it is evaluated.
MAX_VALUE = 10**12
#: The largest number (either sign) a sheet may give as a round's ``extra`` points.
MAX_EXTRA = 10**9
#: The most digits an integer may be written with in any YAML or JSON input: longer
#: ones are refused before they are converted (Python converts at most 4,300).
MAX_DIGITS = 30
#: The deepest nesting of a formula (parentheses, 'not', '-', 'if' inside one another).
#: Long flat chains (a sum of 700 terms) are not nesting and have no bound here.
MAX_EXPR_DEPTH = 100


def shown(value: object) -> str:
    """``value`` as a message writes it (``repr``), but an integer too long to write
    out (one given through the Python API, beyond :data:`MAX_DIGITS` digits) as
    words: Python refuses to convert one of more than 4,300 digits to text."""
    if isinstance(value, int) and not -(10**MAX_DIGITS) < value < 10**MAX_DIGITS:
        return f"(a number of more than {MAX_DIGITS} digits)"
    return repr(value)
