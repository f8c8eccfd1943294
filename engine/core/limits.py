"""The engine's limits: how much of any input it reads and works on, and the bounds of
every value it accepts.

Every limit is a constant here, each with what it bounds and why its value is far above
anything a real edition, sheet or trick needs (2 to 8 players, ranks 1 to 14, 10 rounds,
a few hundred points). Going past one is bad input, reported with a located message
(file, line, column) and exit code 2, never a hang or a crash. Where a JSON Schema can
say a bound, ``scripts/gen_schema.py`` and ``scripts/gen_sheet_schema.py`` state it from
here; the README lists them.
"""

from __future__ import annotations

# --------------------------------------------------------------------------- input sizes
# Bounded work on hostile input. The bundled editions are under 20 kB,
# a ten-round sheet of eight players with every trick under 5 kB; each limit leaves
# a wide margin over them and still keeps the worst input under a second or two.

#: The most bytes read from an edition file, a score sheet or standard input: reading
#: stops after one byte more, so ``/dev/zero`` or an endless pipe ends there. (A
#: ``trick --batch`` input is read a line at a time instead: see the next two.)
MAX_FILE_BYTES = 1_000_000

#: The most bytes on one line of ``trick --batch`` (a trick of eight cards written by
#: their longest names takes a few hundred): a longer line is refused, unread. The
#: file itself may be as long as you like: it is read a line at a time.
MAX_BATCH_LINE = 10_000

#: The most bytes of a too-long ``--batch`` line skipped to reach the next line: past
#: it (an endless line, such as ``/dev/zero``) the rest of the input is not read.
MAX_BATCH_SKIP = 100_000_000

#: The most aliases (``*name``) in one YAML document. Editions and sheets may use a few
#: anchors and merge keys (``<<: *defaults``) to avoid repeating themselves; far more is
#: the shape of an alias bomb ("billion laughs"). The same limit as SnakeYAML's.
MAX_YAML_ALIASES = 50

#: The most values (mappings, lists and scalars) in one document, counting what every
#: alias expands to (keys count too): the 2021 edition has about 1,300.
MAX_YAML_NODES = 100_000

#: The most values in one score sheet, counted as for :data:`MAX_YAML_NODES`: enough
#: for every sheet ``simulate`` writes within these limits. A round it writes holds at
#: most 20 + 11 x MAX_PLAYERS values besides its tricks, and its tricks every card
#: dealt (MAX_DECK_CARDS at the most) and a list each (MAX_HAND): 1,340 values, so
#: MAX_ROUNDS rounds and the players and modules at the top stay under 140,000. (A
#: game of 20 players, 100 rounds of 49 cards writes about 107,000.)
MAX_SHEET_VALUES = 200_000

#: The most games in one game record (``replay``): a night's games, or a club's season,
#: fit many times over. Every game is read and replayed one after the other, and the
#: games of a record within :data:`MAX_FILE_BYTES` take their time and memory in turn:
#: at the most a thousand, the cost of a whole record stays within the limits' target.
MAX_RECORD_GAMES = 1_000

#: The most words one game record (``replay``) holds, over all its games: each name,
#: card, number and keyword, each mark (``[ ] : , ?``) and each line of a house rule
#: carried inline is one. Reading a record costs a few microseconds a word whatever its
#: games (about 5 on a busy 2-core machine) and replaying real games about 8 more,
#: and a record within :data:`MAX_FILE_BYTES` may hold a word a byte (``????``,
#: ``[A][A]``: a million words) or, of real games, 290,000 (150 games of six players).
#: At the most 100,000, any record replays within the limits' target (2 s of processor
#: time). A real game holds a few thousand words (six players, 10 rounds: about
#: 1,900; 20 players: about 5,600), so that a record holds 50 games of six players.
MAX_RECORD_WORDS = 100_000

#: The deepest nesting of mappings and lists in a document (or a ``--batch`` line):
#: the deepest bundled edition nests 9 levels.
MAX_NESTING = 64

#: The most items in one list (or keys in one mapping) of a document.
MAX_LIST_ITEMS = 5_000

#: The most cards a deck may hold, all modules and every copy counted (the largest
#: bundled deck has 74).
MAX_DECK_CARDS = 1_000

#: The most ranks a suit may have (``ranks: {from, to}``; the bundled suits have 13 or 14).
MAX_RANKS = 100

#: The most characters in one formula or condition of an edition (the longest bundled
#: one has under 50; a flat sum of 700 terms, which must be fine, takes about 4,200).
MAX_EXPRESSION_CHARS = 10_000

#: The most random tricks ``diff --sample`` plays (the default is 2,000; a million take
#: about a minute).
MAX_DIFF_SAMPLE = 1_000_000

#: The most ordered tricks of 2 and 3 cards ``diff`` plays both ways. Up to it, every
#: one of either deck (the bundled editions and examples have at most 533,708); past
#: it, as many spread over them (one drawn from each of so many equal stretches, seeded
#: by ``--seed``), and the report says it sampled: a deck of a thousand cards has a
#: billion of them.
MAX_DIFF_TRICKS = 600_000

#: The most rounds of ``diff``'s grid of rounds scored both ways (the bundled editions
#: have at most 3,570; an edition of 100 rounds of 49 cards has over 700,000): past it,
#: as many spread over the grid, as for the tricks.
MAX_DIFF_ROUNDS = 100_000

#: The most kinds of trick ``vectors`` plays to choose its trick vectors, smallest
#: first (the bundled editions have at most 167,694; a table of 20 players and a deck
#: of 1,000 cards has billions): past it, the vectors are those its smallest tricks
#: show, and ``vectors`` warns that a rule only a larger trick shows has none.
MAX_VECTOR_TRICKS = 400_000

#: The most bytes of one answer line ``conformance`` reads from the program under test
#: (an answer of the suite takes a few hundred): a longer line ends the run, unread
#: past the limit, so a program writing without a newline cannot fill the memory.
MAX_ANSWER_BYTES = 1_000_000

#: The most bytes of the end of the program under test's standard error ``conformance``
#: keeps to show when the program fails (the rest is read and dropped).
MAX_STDERR_KEPT = 4_000

#: The most seconds ``conformance --timeout`` may give a program to answer (an hour):
#: a wait longer than that, or not a number (``nan``, ``inf``), is refused.
MAX_ANSWER_SECONDS = 3_600

# --------------------------------------------------------------------------- values
# The bounds of values: numbers and counts read or computed.

#: The most players an edition may be for, a trick may seat and a sheet may name.
MAX_PLAYERS = 20
#: The highest rank of a numbered card (ranks start at 0 or more).
MAX_RANK = 100
#: The most copies of one card in a deck (a special card's ``count``, a suit's or a named
#: card's ``copies``), and the most times a deck may be copied (``deck.copies``).
MAX_COPIES = 100
#: The most cards a round may deal to each player, and so the highest bid.
MAX_HAND = 100
#: The most rounds in a schedule, and in a score sheet (its schedule's rounds and any
#: rounds played to break a tie).
MAX_ROUNDS = 100
#: The most tie-break rounds a game played out by the engine plays (``Game.play_out``): a
#: house rule could make every round score alike, and the tie would never end.
MAX_TIE_BREAKS = 10
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
