"""Game records: a text that holds one whole game or many, every event in order.

The grammar is ``rules/record.lark`` (LALR, built once and kept in the cache as JSON
data, as the other grammars are); the parser makes the objects as it reads, with no
parse tree. A record is read into frozen objects
(:class:`Record`, :class:`GameRecord`, :class:`RoundRecord` and one class per event),
each remembering the line and column it was written at, and written back in its
canonical form by :func:`write_record`: reading canonical text and writing it again
gives the very same text. What the events mean (whose turn, which card is legal) is the
edition's business: :mod:`skullking.play.replay` replays a record through the engine's
own rounds.

>>> text = '''[Edition "skullking-2021"]
... [Players "Ann" "Bo"]
...
... round 1 cards 1 leader Ann
...   deal Ann Y7
...   deal Bo Y3
...   deal Graybeard G1
...   bid Ann 1
...   bid Bo 0
...   trick 1: Ann Y7, Bo Y3, Graybeard G1
... end
... '''
>>> record = parse_record(text)
>>> game = record.games[0]
>>> game.edition, game.players, game.rounds[0].events[3]
('skullking-2021', ('Ann', 'Bo'), Bid(player='Ann', bid=1, line=8, column=3))
>>> write_record(record) == text
True
"""

from __future__ import annotations

import functools
import itertools
import re
import threading
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from lark import Token, Transformer

from skullking.core.errors import Problem, RecordError, shorten
from skullking.core.limits import MAX_FILE_BYTES, MAX_RECORD_GAMES, MAX_RECORD_WORDS
from skullking.storage.cache import lark_grammar

#: The words that begin a round, an event or the end of a round: a player so called is
#: written in quotes.
KEYWORDS = frozenset(
    {"round", "cards", "leader", "deal", "undealt", "bid", "load", "trick", "decide", "end"}
    | {"won", "bonus", "alliance", "extra"}
)

#: The tags a game's header gives a meaning to, in the order the canonical form writes
#: them; any other tag (a date, a place) is kept as it is, after them.
KNOWN_TAGS = ("Edition", "Rules", "Players", "Schedule", "Scoring", "Modules", "Abilities")

_E = TypeVar("_E")

_BARE = re.compile(r'[^\s,\[\]"#?:]+')


@dataclass(frozen=True, slots=True, kw_only=True)
class Tag:
    """A header line ``[Name "value" ...]``."""

    name: str
    values: tuple[str, ...]
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class RuleLine:
    """One line of a game's house rule carried inline (``| extends: skullking-2021``):
    ``text`` is the YAML after the ``|`` and the one space that follows it, which
    begins at ``line`` and ``column`` of the record."""

    text: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Deal:
    """The hand dealt to ``player`` (a player or the ghost hand): each card as written,
    ``None`` for a card the record's keeper did not see (``?``)."""

    player: str
    cards: tuple[str | None, ...]
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Undealt:
    """The top of the pile of cards left undealt, from the top, as far as an exchange
    (Bendt's) drew from it; ``None`` for a card the record's keeper did not see."""

    cards: tuple[str | None, ...]
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Bid:
    """``player`` bids ``bid`` tricks."""

    player: str
    bid: int
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Load:
    """``player`` chooses a cannon load (a scheme with loads, Rascal's scoring)."""

    player: str
    load: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Played:
    """One card of a trick: ``player`` (or the ghost hand) plays ``card``, as written
    (with its declaration: ``TIG:PIR``)."""

    player: str
    card: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class TrickPlayed:
    """Trick ``number`` of the round: its cards in the order played, from its leader."""

    number: int
    plays: tuple[Played, ...]
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Decide:
    """``player``'s answer to a decision that winning a trick with ``card`` asked for:
    ``kind`` is the decision's kind (``choose_leader``, ``change_bid``, ``wager``,
    ``exchange``), ``values`` the answer (a player, a number, or the cards discarded)."""

    player: str
    card: str
    kind: str
    values: tuple[str, ...]
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Won:
    """A round's result, as a score sheet keeps it (``won``): ``player`` won ``tricks``
    tricks."""

    player: str
    tricks: int
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Bonus:
    """A round's result: ``player`` earned the capture bonus ``bonus`` (its id in the
    edition); one line per capture, as a score sheet's ``bonuses`` repeat an id."""

    player: str
    bonus: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Alliance:
    """A round's result: ``player``'s Loot card allied them with ``winner``, who won its
    trick (a score sheet's ``loot`` pair)."""

    player: str
    winner: str
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Extra:
    """``points`` given to ``player`` outside the rules (a score sheet's ``extra``), in a
    round with its tricks or its results."""

    player: str
    points: int
    line: int
    column: int


#: The events of a round that gives its results instead of its tricks (a round of
#: either kind may also give :class:`Extra` points).
Result = Won | Bonus | Alliance

Event = Deal | Undealt | Bid | Load | TrickPlayed | Decide | Won | Bonus | Alliance | Extra


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundRecord:
    """Round ``number``, ``cards`` dealt to each hand, led first by ``leader`` (``None``:
    not written), and its events in order, up to its ``end``; a round with no ``end``
    (``ended`` false: only the record's last) is being played. A round gives its whole
    play (``trick`` lines) or its results (:data:`Result` events), not both."""

    number: int
    cards: int
    leader: str | None
    events: tuple[Event, ...]
    line: int
    column: int
    #: Where the round's ``end`` is written.
    end_line: int = 0
    end_column: int = 0
    #: Whether the round's ``end`` is written: only a game's last round may stop
    #: without it (a record of a game in progress, the round still in play).
    ended: bool = True

    @property
    def deals(self) -> tuple[Deal, ...]:
        return tuple(e for e in self.events if isinstance(e, Deal))

    @property
    def results(self) -> tuple[Result, ...]:
        """The round's results (``won``, ``bonus``, ``alliance``), in order."""
        return tuple(e for e in self.events if isinstance(e, Won | Bonus | Alliance))


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRecord:
    """One game: its header's tags, its house rule if it carries one inline (the
    lines of a YAML edition file, which may extend a bundled edition only), and its
    rounds."""

    tags: tuple[Tag, ...]
    rounds: tuple[RoundRecord, ...]
    line: int
    column: int
    rule: tuple[RuleLine, ...] = ()

    @property
    def rule_text(self) -> str | None:
        """The house rule carried inline, as YAML text; ``None``: the game carries none."""
        return "".join(r.text + "\n" for r in self.rule) if self.rule else None

    def tag(self, name: str) -> Tag | None:
        """The header's tag ``name`` (the first, if written twice), or ``None``."""
        return next((t for t in self.tags if t.name == name), None)

    def _one(self, name: str) -> str | None:
        found = self.tag(name)
        return found.values[0] if found is not None and found.values else None

    @property
    def edition(self) -> str | None:
        """The edition played: a bundled id, or a house rule's file."""
        return self._one("Edition")

    @property
    def rules(self) -> str | None:
        """The fingerprint of the edition's rules the game was played under."""
        return self._one("Rules")

    @property
    def players(self) -> tuple[str, ...]:
        """The players in seat order."""
        found = self.tag("Players")
        return found.values if found is not None else ()

    @property
    def schedule(self) -> str | None:
        return self._one("Schedule")

    @property
    def scoring(self) -> str | None:
        return self._one("Scoring")

    @property
    def modules(self) -> tuple[str, ...] | None:
        found = self.tag("Modules")
        return found.values if found is not None else None

    @property
    def abilities(self) -> bool:
        """Whether the pirates' abilities are played (``[Abilities "off"]``: not, an
        optional rule of the 2021 rulebook)."""
        return self._one("Abilities") != "off"


@dataclass(frozen=True, slots=True)
class Record:
    """A record's games, in order."""

    games: tuple[GameRecord, ...]


# ---------------------------------------------------------------------- reading


@functools.cache
def _parser() -> tuple[Any, _Build]:
    """The record's parser and the builder it calls as it reads: each rule's object is
    made as soon as the rule is read, no parse tree is built (a record's cost is its
    words, each read once), and the words are counted as the lexer hands them on."""
    from lark import Lark

    # (importlib.resources: kept off the start-up of a command whose grammar the cache holds)
    from skullking.core.resources import rules_text

    build = _Build()
    grammar = rules_text("record.lark")
    parser = lark_grammar(
        "record",
        grammar,
        lambda: Lark(grammar, parser="lalr"),
        transformer=build,
        postlex=_Words(build),
        propagate_positions=False,
    )
    return parser, build


#: One reading at a time: the builder's state is that of the text being read.
_READING = threading.Lock()


def _string(token: str) -> str:
    """The text of a quoted string: ``\\"`` and ``\\\\`` are its only escapes."""
    return re.sub(r"\\([\"\\])", r"\1", token[1:-1])


#: What an unexpected token is called in a message.
_NAMES = {
    "$END": "the end of the record",
    "STRING": "a quoted text",
    "WORD": "a word",
    "INT": "a whole number",
    "TAG": "a tag's name",
    "UNKNOWN": "'?'",
    "END": "'end'",
    "LSQB": "'['",
    "RSQB": "']'",
    "COLON": "':'",
    "COMMA": "','",
}


def _expected(names: set[str]) -> str:
    words = sorted({_NAMES.get(n, f"'{n.lower()}'" if n.isalpha() else n) for n in names})
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _rule_line(token: Token, before: int) -> RuleLine:
    """A line of an inline house rule: the text after its ``|`` and one space."""
    text = str(token)[1:].rstrip("\r")
    skip = 2 if text.startswith(" ") else 1
    return RuleLine(text[skip - 1 :], (token.line or 1) + before, (token.column or 1) + skip)


class _TooManyWords(RecordError):
    """A record of more than :data:`~skullking.core.limits.MAX_RECORD_WORDS` words."""


class _Words:
    """Counts the words the lexer hands to the parser (lark's post-lexer), and stops the
    reading at the first one past the most a record holds."""

    always_accept: tuple[str, ...] = ()

    def __init__(self, build: _Build) -> None:
        self.build = build

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        build = self.build
        for token in stream:
            build.words += 1
            if build.most is not None and build.words > build.most:
                message = f"a record holds at most {build.most:,} words: this is word {build.words:,}"
                raise _TooManyWords([Problem(build.file, *build._at(token), message)])
            yield token


class _Build(Transformer[Token, Any]):
    """Makes the record's frozen objects as the parser reads each rule, from the leaves
    up (the parser calls it: no parse tree is built); a number that is not one is noted
    in ``problems`` (as 0). Its state is that of one reading (:meth:`begin`): a rule's
    place is its first word's (the one that begins it), moved down by the lines before
    the text read."""

    def __init__(self) -> None:
        super().__init__()
        self.begin("<record>", 0)

    def begin(self, file: str, before: int) -> None:
        """Start reading a text of ``file`` that has ``before`` lines before it."""
        self.file = file
        self.before = before
        self.problems: list[Problem] = []
        #: Where the game being read begins (its first tag's '['), once read.
        self.first: tuple[int, int] | None = None
        #: Where the last rule read ends (after its last word).
        self.last = (1, 1)
        #: The words of the record read so far, and the most it may hold (``None``: any).
        self.words = 0
        self.most: int | None = MAX_RECORD_WORDS

    def _at(self, token: Token) -> tuple[int, int]:
        return (token.line or 1) + self.before, token.column or 1

    def _ends(self, parts: list[Any]) -> None:
        """Note where a rule ends: after its last word (a rule that ends with another's
        ends where that one does, noted as it was read)."""
        last = parts[-1]
        if isinstance(last, Token):
            self.last = (last.end_line or 1) + self.before, last.end_column or 1

    def _number(self, token: Token, what: str) -> int:
        text = str(token)
        if re.fullmatch(r"-?[0-9]{1,9}", text) is None:
            why = "is too large" if re.fullmatch(r"-?[0-9]+", text) else "is not a whole number"
            message = f"{what} {shorten(text)!r} {why}"
            self.problems.append(Problem(self.file, *self._at(token), message))
            return 0
        return int(text)

    @staticmethod
    def _cards(tokens: list[Token]) -> tuple[str | None, ...]:
        return tuple(None if t.type == "UNKNOWN" else str(t) for t in tokens)

    def start(self, games: list[GameRecord]) -> Record:
        return Record(tuple(games))

    def game(self, parts: list[Tag | Token | RoundRecord]) -> GameRecord:
        tags = tuple(p for p in parts if isinstance(p, Tag))
        rule = tuple(_rule_line(p, self.before) for p in parts if isinstance(p, Token))
        rounds = tuple(p for p in parts if isinstance(p, RoundRecord))
        for played, following in itertools.pairwise(rounds):
            if not played.ended:  # only the last round may be being played
                message = (
                    f"round {played.number} has no 'end' before round {following.number} begins "
                    "(only the record's last round may be being played)"
                )
                self.problems.append(Problem(self.file, following.line, following.column, message))
        assert self.first is not None  # (a game begins with a tag)
        (line, column), self.first = self.first, None
        return GameRecord(tags=tags, rounds=rounds, line=line, column=column, rule=rule)

    def tag(self, parts: list[Token]) -> Tag:
        bracket, name, *values = parts
        if self.first is None:
            self.first = self._at(bracket)
        texts = tuple(_string(str(v)) for v in values)
        return Tag(name=str(name), values=texts, line=(name.line or 1) + self.before, column=name.column or 1)

    def name(self, parts: list[Token]) -> Token:
        """A name, where it is written (quotes taken off)."""
        self._ends(parts)
        (token,) = parts
        return Token.new_borrow_pos(token.type, _string(token), token) if token.type == "STRING" else token

    def round(self, parts: list[Any]) -> RoundRecord:
        begin, number, cards, *rest = parts
        self._ends(parts)
        ended = bool(rest) and isinstance(rest[-1], Token) and rest[-1].type == "END"
        end: Token | None = rest.pop() if ended else None
        leader = str(rest.pop(0)) if rest and isinstance(rest[0], str) else None
        line, column = self._at(begin)
        end_line, end_column = self._at(end) if end is not None else self.last
        return RoundRecord(
            number=self._number(number, "the round's number"),
            cards=self._number(cards, "the cards dealt"),
            leader=leader,
            events=tuple(rest),
            line=line,
            column=column,
            end_line=end_line,
            end_column=end_column,
            ended=ended,
        )

    def deal(self, parts: list[Any]) -> Deal:
        self._ends(parts)
        begin, player, *cards = parts
        return Deal(str(player), self._cards(cards), *self._at(begin))

    def undealt(self, parts: list[Token]) -> Undealt:
        self._ends(parts)
        begin, *cards = parts
        return Undealt(self._cards(cards), *self._at(begin))

    def _counted(self, parts: list[Any], what: str, kind: Callable[[str, int, int, int], _E]) -> _E:
        """An event of a player and a number (a bid, tricks won, extra points)."""
        self._ends(parts)
        begin, player, number = parts
        return kind(str(player), self._number(number, f"{player}'s {what}"), *self._at(begin))

    def _named(self, parts: list[Any], kind: Callable[[str, str, int, int], _E]) -> _E:
        """An event of a player and one word (a load, a bonus's id, an ally), or a card
        played (a player and the card, placed where the player is written)."""
        self._ends(parts)
        *head, player, word = parts
        return kind(str(player), str(word), *self._at(head[0] if head else player))

    def bid(self, parts: list[Any]) -> Bid:
        return self._counted(parts, "bid", Bid)

    def load(self, parts: list[Any]) -> Load:
        return self._named(parts, Load)

    def play(self, parts: list[Any]) -> Played:
        return self._named(parts, Played)

    def trick(self, parts: list[Any]) -> TrickPlayed:
        begin, number, *plays = parts
        return TrickPlayed(self._number(number, "the trick's number"), tuple(plays), *self._at(begin))

    def decide(self, parts: list[Any]) -> Decide:
        self._ends(parts)
        begin, player, card, kind, *values = parts
        answer = tuple(_string(str(v)) if v.type == "STRING" else str(v) for v in values)
        return Decide(str(player), str(card), str(kind), answer, *self._at(begin))

    def won(self, parts: list[Any]) -> Won:
        return self._counted(parts, "tricks won", Won)

    def bonus(self, parts: list[Any]) -> Bonus:
        return self._named(parts, Bonus)

    def alliance(self, parts: list[Any]) -> Alliance:
        return self._named(parts, Alliance)

    def extra(self, parts: list[Any]) -> Extra:
        return self._counted(parts, "extra points", Extra)


def parse_record(text: str, file: str = "<record>") -> Record:
    """Read a record (one game or many); raise :class:`~skullking.core.errors.RecordError`
    with one located problem for text that is not a record, or one per number too large
    (of the first games that have one: :func:`iter_games`)."""
    return Record(tuple(iter_games(text, file)))


def iter_games(text: str, file: str = "<record>") -> Iterator[GameRecord]:
    """The games of a record, each read once the ones before it are taken: a record of
    many games is never held whole, so that reading one costs what its games cost one by
    one. The games are those :func:`parse_record` reads; where the text is not a record,
    or holds more than :data:`~skullking.core.limits.MAX_RECORD_GAMES` games or
    :data:`~skullking.core.limits.MAX_RECORD_WORDS` words,
    :class:`~skullking.core.errors.RecordError` is raised when the games before the
    problem have been given."""
    pieces = _game_texts(text)
    count = words = 0
    for before, piece, begin in pieces:
        try:
            games, problems, read = _read(piece, file, before, words)
        except _TooManyWords:
            raise
        except RecordError:
            if begin + len(piece) == len(text):
                raise
            # (the end of a piece is no end of the record: the problem is said as the
            # rest of the record, read whole, has it)
            games, problems, read = _read(text[begin:], file, before, words)
            pieces.close()
        words = read
        if problems:
            raise RecordError(problems)
        for game in games.games:
            count += 1
            if count > MAX_RECORD_GAMES:
                message = f"a record holds at most {MAX_RECORD_GAMES:,} games: this is game {count:,}"
                raise RecordError([Problem(file=file, line=game.line, column=game.column, message=message)])
            yield game


#: The characters that, on the last line before a line that begins with ``[`` (bar
#: blank lines and comments), keep that ``[`` from beginning a game for
#: :func:`_game_texts`: a tag's, a quoted text's, a comment's, an inline rule's. Without
#: them the line is a round's or an event's, after which a ``[`` begins the next game.
_NOT_BEFORE_A_GAME = frozenset('[]"#|')
#: The white space of the record's grammar (``%ignore WS``).
_SPACE = " \t\f\r"


def unreadable(text: str) -> str | None:
    """Why a record written as ``text`` would be refused by its reader for its size (more
    than :data:`~skullking.core.limits.MAX_FILE_BYTES` bytes or
    :data:`~skullking.core.limits.MAX_RECORD_WORDS` words), as a clause for a message;
    ``None`` when it is read. Commands that write records check it, so that none is
    written that ``skullking replay`` refuses."""
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        return f"{size:,} bytes, more than the {MAX_FILE_BYTES:,} a record may have"
    # (a word takes a byte at least: only a record of more bytes may hold too many)
    words = record_words(text) if size > MAX_RECORD_WORDS else 0
    if words > MAX_RECORD_WORDS:
        return f"{words:,} words, more than the {MAX_RECORD_WORDS:,} a record may hold"
    return None


def record_words(text: str) -> int:
    """The words of ``text``, a record, as its reader counts them against
    :data:`~skullking.core.limits.MAX_RECORD_WORDS`; or
    :class:`~skullking.core.errors.RecordError` for text that is not a record."""
    return _read(text, "<record>", 0, 0, None)[2]


def _game_texts(text: str) -> Generator[tuple[int, str, int], None, None]:
    """``text`` cut before games (never inside one): each piece of one or more whole
    games, with the number of lines before it, and where it begins in ``text``."""
    begin = line_begin = before = 0
    may_begin = False  # whether a '[' at the beginning of this line begins a game
    for number, line in enumerate(text.split("\n")):
        stripped = line.strip(_SPACE)
        if may_begin and stripped.startswith("["):
            yield before, text[begin:line_begin], begin
            begin, before = line_begin, number
        if stripped and not stripped.startswith("#"):
            may_begin = _NOT_BEFORE_A_GAME.isdisjoint(stripped)
        line_begin += len(line) + 1
    yield before, text[begin:], begin


def _read(
    text: str, file: str, before: int, words: int, most: int | None = MAX_RECORD_WORDS
) -> tuple[Record, list[Problem], int]:
    """The games of ``text``, a piece of a record that has ``before`` lines and
    ``words`` words before it (their places are the record's), the problems of the
    numbers in them and the words read to its end; or
    :class:`~skullking.core.errors.RecordError` for text that is not a record, or goes
    past ``most`` words."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

    parser, build = _parser()
    with _READING:
        build.begin(file, before)
        build.words, build.most = words, most
        try:
            return parser.parse(text), build.problems, build.words
        except UnexpectedInput as exc:
            line, column = exc.line if exc.line > 0 else 1, exc.column if exc.column > 0 else 1
            near = " ".join(exc.get_context(text, span=20).splitlines()[0].split())
            if isinstance(exc, UnexpectedToken):
                expected = _expected(set(exc.accepts or exc.expected))
                if exc.token.type == "$END":
                    message = f"the record ends too early: expected {expected}"
                else:
                    message = f"unexpected {shorten(str(exc.token))!r}: expected {expected}"
            elif isinstance(exc, UnexpectedCharacters):
                message = f"unexpected {text[exc.pos_in_stream or 0]!r}"
            else:
                message = "the record ends too early"
            if exc.line <= 0:  # (at the end of the text: no token to place it at)
                line = text.count("\n") + 1
                column = len(text) - (text.rfind("\n") + 1) + 1
            if near:
                message += f" (near {shorten(near)!r})"
            raise RecordError([Problem(file=file, line=line + before, column=column, message=message)]) from None
        finally:
            build.begin(file, 0)  # (what was read is not kept)


# ---------------------------------------------------------------------- writing


def quoted(text: str) -> str:
    """``text`` as a quoted string of the record."""
    if "\n" in text or "\r" in text:
        raise ValueError(f"{text!r}: a record cannot hold a line break in a name or a value")
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def name_text(name: str) -> str:
    """A player's name as the canonical form writes it: as it is where it is one word
    that is not one of the record's own words, else quoted."""
    if _BARE.fullmatch(name) and name not in KEYWORDS:
        return name
    return quoted(name)


def _tag_line(tag: Tag) -> str:
    return "[" + " ".join([tag.name, *(quoted(v) for v in tag.values)]) + "]"


def _event_line(event: Event) -> str:
    if isinstance(event, Deal):
        return " ".join(["deal", name_text(event.player), *("?" if c is None else c for c in event.cards)])
    if isinstance(event, Undealt):
        return " ".join(["undealt", *("?" if c is None else c for c in event.cards)])
    if isinstance(event, Bid):
        return f"bid {name_text(event.player)} {event.bid}"
    if isinstance(event, Load):
        return f"load {name_text(event.player)} {event.load}"
    if isinstance(event, TrickPlayed):
        plays = ", ".join(f"{name_text(p.player)} {p.card}" for p in event.plays)
        return f"trick {event.number}: {plays}"
    if isinstance(event, Won):
        return f"won {name_text(event.player)} {event.tricks}"
    if isinstance(event, Bonus):
        return f"bonus {name_text(event.player)} {event.bonus}"
    if isinstance(event, Alliance):
        return f"alliance {name_text(event.player)} {name_text(event.winner)}"
    if isinstance(event, Extra):
        return f"extra {name_text(event.player)} {event.points}"
    values = " ".join(name_text(v) for v in event.values)
    return f"decide {name_text(event.player)} {event.card} {event.kind}" + (f" {values}" if values else "")


def _game_lines(game: GameRecord) -> Iterator[str]:
    order = {name: i for i, name in enumerate(KNOWN_TAGS)}
    for tag in sorted(game.tags, key=lambda t: order.get(t.name, len(KNOWN_TAGS))):
        yield _tag_line(tag)
    if game.rule:
        yield ""
        for rule in game.rule:
            yield ("| " + rule.text).rstrip()
    for played in game.rounds:
        yield ""
        leader = "" if played.leader is None else f" leader {name_text(played.leader)}"
        yield f"round {played.number} cards {played.cards}{leader}"
        for event in played.events:
            yield "  " + _event_line(event)
        if played.ended:
            yield "end"


def with_rule(game: GameRecord, text: str) -> GameRecord:
    """``game`` carrying the house rule ``text`` (YAML) inline."""
    import dataclasses

    lines = tuple(RuleLine(line, 0, 0) for line in text.splitlines())
    return dataclasses.replace(game, rule=lines)


def write_record(record: Record | GameRecord) -> str:
    """The canonical text of ``record``: the known tags first, in the order
    :data:`KNOWN_TAGS` gives, then the others as read; a house rule carried inline after
    a blank line, each of its lines after ``|`` and a space; a blank line before each round and
    between games; each event on a line of its own, indented by two spaces, in the
    order it happened; one space between words, a comma and a space between the cards
    of a trick; names quoted only where they must be; no comments. Cards are written as
    the record holds them (a record written from a game holds their codes)."""
    games = record.games if isinstance(record, Record) else (record,)
    blocks = ["\n".join(_game_lines(game)) + "\n" for game in games]
    return "\n".join(blocks)
