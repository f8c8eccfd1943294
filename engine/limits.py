"""The engine's limits: how much of any input it is willing to read and work on.

Every limit is a constant here, each with what it bounds and why its value is far above
anything a real edition, sheet or trick needs. Going past one is bad input, reported
with a located message (file, line, column) and exit code 2, never a hang or a crash.
"""

from __future__ import annotations

# --------------------------------------------------------------------------- input sizes
# Bounded work on hostile input (issue 8 s.3). The bundled editions are under 20 kB,
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

#: The most players an edition may allow (``players.max``), and the most a sheet,
#: a trick or a simulated game may name.
MAX_PLAYERS = 50

#: The most rounds in a schedule, and in a score sheet (its schedule's rounds and any
#: rounds played to break a tie).
MAX_ROUNDS = 100

#: The most characters in one formula or condition of an edition (the longest bundled
#: one has under 50).
MAX_EXPRESSION_CHARS = 2_000
