"""What the score pad does with a game, apart from HTTP: the edition it is played under
(a bundled one, or a house rule pasted as text), its score sheet, its score, and the
round form the page shows (which fields the edition has, the cards dealt, bid ranges).

Rounds are stored as score-sheet rounds (``bids``, ``won``, ``bonuses``, ``loot``,
``wagers``, ...), so a game is always a sheet that ``skullking score`` reads, and every
check of a round is the one ``score`` makes.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import yaml

import skullking
from skullking.core.errors import ContextError, EditionError, Problem, SheetError
from skullking.core.resources import bundled_edition_files
from skullking.core.suggest import did_you_mean
from skullking.language.record import with_rule, write_record
from skullking.loading.loader import check_house_rule
from skullking.model.records import EffectKind
from skullking.reading.located import Location, Node
from skullking.rounds.bidding import bid_range, bid_ranges, dealer, first_leader, range_read, ranges_game
from skullking.rounds.context import seats_read
from skullking.rounds.seating import seat_order
from skullking.scoring.paid import when_paid
from skullking.scoring.sheets.record import sheet_record
from skullking.scoring.sheets.score import score_sheet

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.rounds.context import GameSoFar

    from .store import StoredGame

#: How a pasted house rule is named in its messages.
RULES_FILE = "house-rule.yaml"
#: How a game's sheet is named in messages about its rounds.
SHEET_FILE = "sheet"
#: The languages the page offers for card and bonus names (the rule pages' languages).
LANGUAGES = ("en", "de", "ja")
#: The most and fewest players a game of the pad has (a form's seats), whatever the edition.
MIN_PLAYERS, MAX_PLAYERS = 2, 8


def player_bounds(edition: Edition) -> dict[str, int]:
    """The fewest and most players a game of ``edition`` has at the pad: the edition's,
    within :data:`MIN_PLAYERS` to :data:`MAX_PLAYERS`."""
    return {"min_players": max(edition.min_players, MIN_PLAYERS), "max_players": min(edition.max_players, MAX_PLAYERS)}


class RulesError(Exception):
    """An edition or house rule that does not load: its problems, as ``validate`` gives them."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = [p for p in problems if p.severity == "error"] or list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def record(self) -> dict[str, Any]:
        """The API's error record: the first problem as ``validate`` words it, its line
        and column, and every problem."""
        first = self.problems[0]
        return {
            "error": str(first),
            "line": first.line,
            "column": first.column,
            "problems": [p.as_json() for p in self.problems],
        }


class RoundError(Exception):
    """A round (or sheet) that ``score`` refuses: each problem with the round and field."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        self.problems = problems
        super().__init__(problems[0]["message"] if problems else "the round is refused")

    def record(self) -> dict[str, Any]:
        return {"error": str(self), "problems": self.problems}


class Editions:
    """Editions by bundled id or house-rule text, compiled once and kept (a bounded
    number of house rules, the least recently used dropped first)."""

    def __init__(self, keep: int = 64) -> None:
        self._rules: OrderedDict[str, Edition] = OrderedDict()
        self._known: dict[str, Edition] = {}  # bundled editions, loaded once
        self._listed: list[dict[str, str]] | None = None
        self._keep = keep
        self._lock = threading.Lock()

    def bundled(self) -> list[dict[str, str]]:
        """``[{"id", "title"}]`` of the bundled editions, by id, from the editions kept
        here (the bundled files do not change while the pad runs)."""
        if self._listed is None:
            self._listed = [{"id": ident, "title": self.get(ident).title} for ident in bundled_edition_files()]
        return [dict(entry) for entry in self._listed]

    def get(self, edition: str, rules: str | None = None) -> Edition:
        """The bundled edition ``edition``, or the house rule ``rules`` (YAML text, which
        may extend only bundled editions); raise :class:`RulesError`."""
        if rules is None:
            known = self._known.get(edition)
            if known is None:
                known = self._known[edition] = self._bundled(edition)
            return known
        key = hashlib.sha256(rules.encode("utf-8", "surrogatepass")).hexdigest()
        with self._lock:
            known = self._rules.get(key)
            if known is not None:
                self._rules.move_to_end(key)
                return known
        built = self._house_rule(rules)
        with self._lock:
            self._rules[key] = built
            while len(self._rules) > self._keep:
                self._rules.popitem(last=False)
        return built

    def of(self, game: StoredGame) -> Edition:
        """The rules ``game`` is played under: its house rule, else its bundled edition."""
        return self.get(game.edition, game.rules)

    @staticmethod
    def _bundled(edition: str) -> Edition:
        ids = list(bundled_edition_files())
        if edition not in ids:
            message = f"no bundled edition '{edition}'{did_you_mean(edition, ids)} (bundled: {', '.join(ids)})"
            raise RulesError([Problem(file="edition", line=0, column=0, message=message)])
        try:
            return skullking.load_edition(edition)
        except EditionError as exc:  # a bundled file broken by hand: say so, do not crash
            raise RulesError(exc.problems) from None

    @staticmethod
    def _house_rule(rules: str) -> Edition:
        edition, problems = check_house_rule(rules, name=RULES_FILE)
        if edition is None:
            raise RulesError(problems)
        built: Edition = edition
        return built


# --------------------------------------------------------------------------- sheets


def sheet_of(game: StoredGame, rounds: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The game as a score sheet (plain data): edition, players, choices, rounds."""
    sheet: dict[str, Any] = {"edition": game.edition if game.rules is None else f"{game.edition}.yaml"}
    sheet["players"] = list(game.players)
    for key in ("scoring", "schedule", "modules"):
        value = getattr(game, key)
        if value is not None:
            sheet[key] = value
    sheet["rounds"] = [dict(r) for r in (game.rounds if rounds is None else rounds)]
    return sheet


def sheet_yaml(game: StoredGame) -> str:
    """The game as a YAML score sheet that ``skullking score`` reads to the same totals."""
    head = [f"# Skull King score pad, game {game.id}: {game.title}"]
    if game.rules is not None:
        head.append(
            f"# Played under a house rule: save it beside this sheet as {game.edition}.yaml "
            f"(the game page links it), then run: skullking score SHEET"
        )
    sheet = sheet_of(game)
    body = yaml.safe_dump(sheet, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)
    return "\n".join(head) + "\n" + body


def record_text(edition: Edition, game: StoredGame) -> str:
    """The game as a game record that ``skullking replay`` scores to the same totals: each
    round with its results (the pad keeps no cards played), the round being played with
    its bids and no ``end``; a house-rule game carries its rule inline, so that the
    record alone replays. Raises
    :class:`RoundError` for a game whose sheet ``score`` refuses."""

    paths: list[tuple[Any, ...]] = []
    sheet = sheet_of(game)
    root = _locate(sheet, (), paths)
    try:
        record = sheet_record(edition, root, file=SHEET_FILE)
    except SheetError as exc:
        raise RoundError([_problem(p, paths) for p in exc.problems]) from None
    head = [f"# Skull King score pad, game {game.id}: {game.title}"]
    if game.rules is not None:  # the record carries the house rule: it alone replays
        head.append("# Played under a house rule, carried below the tags: skullking replay RECORD")
        return "\n".join(head) + "\n" + write_record(with_rule(record, game.rules))
    return "\n".join(head) + "\n" + write_record(record)


def _locate(value: Any, path: tuple[Any, ...], paths: list[tuple[Any, ...]]) -> Node:
    """Plain data as a located tree whose line numbers index ``paths``: a problem's line
    tells which field of the data it is about."""
    paths.append(path)
    loc = Location(SHEET_FILE, len(paths), 1)
    if isinstance(value, Mapping):
        items: dict[str, Node] = {}
        keys: dict[str, Location] = {}
        for key, item in value.items():
            items[str(key)] = _locate(item, (*path, str(key)), paths)
            keys[str(key)] = items[str(key)].loc
        return Node(items, loc, key_loc=keys)
    if isinstance(value, list | tuple):
        return Node([_locate(item, (*path, i), paths) for i, item in enumerate(value)], loc)
    return Node(value, loc)


def score(edition: Edition, game: StoredGame, rounds: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The ``skullking score --format json`` record of the game (with ``rounds`` in place
    of its stored ones); raise :class:`RoundError` naming each problem's round and field."""

    paths: list[tuple[Any, ...]] = []
    root = _locate(sheet_of(game, rounds), (), paths)
    try:
        result = score_sheet(edition, root, file=SHEET_FILE, check_edition=False)
    except SheetError as exc:
        raise RoundError([_problem(p, paths) for p in exc.problems]) from None
    return result.as_json()


def _problem(problem: Problem, paths: list[tuple[Any, ...]]) -> dict[str, Any]:
    path = paths[problem.line - 1] if 1 <= problem.line <= len(paths) else ()
    record: dict[str, Any] = {"message": problem.message}
    if len(path) >= 2 and path[0] == "rounds":
        record["round"] = int(path[1]) + 1
        record["field"] = ".".join(str(step) for step in path[2:])
    elif path:
        record["field"] = ".".join(str(step) for step in path)
    return record


# --------------------------------------------------------------------------- the form


def _names(node: Mapping[str, Any]) -> dict[str, str]:
    """A thing's first name in each language the page offers (English when missing)."""
    names = node.get("names") or {}
    english = (names.get("en") or [node.get("id", "")])[0]
    return {lang: (names.get(lang) or [english])[0] for lang in LANGUAGES}


def _vocabulary(edition: Edition) -> dict[str, dict[str, str]]:
    """Names by language of every suit, card kind, individual card and role (the first
    card kind playing a role names it)."""
    deck = edition.data.get("deck", {})
    words: dict[str, dict[str, str]] = {}
    for suit in deck.get("suits", []):
        words[suit["id"]] = _names(suit)
    for kind in deck.get("cards", []):
        words[kind["id"]] = _names(kind)
        if kind.get("role"):
            words.setdefault("role:" + kind["role"], _names(kind))
        for person in kind.get("individuals", []):
            words[person["id"]] = _names(person)
    for kind in deck.get("cards", []):
        for said in kind.get("declare", []):
            words.setdefault("role:" + said["role"], _names(said))
    return words


def _pattern_names(pattern: Any, words: Mapping[str, Mapping[str, str]], lang: str) -> str:
    parts: list[str] = []
    if pattern.suits:
        parts.append("/".join(sorted(words.get(s, {}).get(lang, s) for s in pattern.suits)))
    if pattern.ranks:
        parts.append("/".join(str(r) for r in sorted(pattern.ranks)))
    for field, prefix in ((pattern.roles, "role:"), (pattern.printed_roles, "role:"), (pattern.cards, "")):
        if field:
            parts.append("/".join(sorted(words.get(prefix + x, {}).get(lang, x) for x in field)))
    return " ".join(parts)


def descriptions(node: Mapping[str, Any], english: str) -> dict[str, str]:
    """A thing's description in each language the page offers: as its ``descriptions``
    give it in that language, else ``english`` (its ``description``)."""
    given = node.get("descriptions") or {}
    return {lang: given.get(lang) or english for lang in LANGUAGES}


def bonus_labels(edition: Edition, lang: str = "en") -> list[dict[str, Any]]:
    """Each bonus: id, points, description (in ``lang`` where the edition gives it so,
    see :func:`descriptions`; ``descriptions``: in each language), and a short label
    per language built from the names of the cards it is paid for
    (``captured (winner)``)."""
    words = _vocabulary(edition)
    written = {b.get("id"): b for b in edition.data.get("bonuses", []) if isinstance(b, Mapping)}
    found = []
    for bonus in edition.bonuses:
        labels = {}
        for language in LANGUAGES:
            captured = ", ".join(_pattern_names(p, words, language) for p in bonus.captured)
            winner = _pattern_names(bonus.winner, words, language) if bonus.winner is not None else ""
            label = f"{captured} ({winner})" if captured and winner else captured or winner
            labels[language] = label or bonus.id
        said = descriptions(written.get(bonus.id, {}), bonus.description)
        found.append(
            {
                "id": bonus.id,
                # (a formula of the round is shown as written: 'round')
                "points": bonus.points if isinstance(bonus.points, int) else bonus.points.source,
                "description": said.get(lang, bonus.description),
                "descriptions": said,
                "names": labels,
            }
        )
    return found


def _choice(choice: Any, modules: set[str], words: Mapping[str, Mapping[str, str]]) -> dict[str, Any] | None:
    if choice is None or (choice.module is not None and choice.module not in modules):
        return None
    return {
        "key": choice.sheet_key,
        "values": list(choice.values),
        "card": choice.card,
        "names": dict(words.get(choice.card or "", {})) or None,
    }


def cards_to_tap(edition: Edition, modules: set[str]) -> Iterator[dict[str, Any]]:
    """The cards of the deck in play as the trick checker offers them: every numbered
    card, then each special card (each declaration of a card that declares one). Each
    says how many ``copies`` the deck has of it (of a card declared when played, of the
    card whatever the declaration): a trick may hold a code that many times (the page
    keeps the trick's cards in order, a copy at each position)."""
    words = _vocabulary(edition)
    for suit in edition.suits:
        if suit.module in modules:
            for rank in suit.ranks:
                code = f"{suit.code}{rank}"
                names = words.get(suit.id, {})
                yield {"code": code, "group": suit.id, "names": names, "copies": edition.copies.get(code, 1)}
    for kind in edition.kinds:
        if kind.module not in modules:
            continue
        if kind.declarations:
            for said in kind.declarations:
                yield {
                    "code": f"{kind.code}:{said.code}",
                    "group": kind.id,
                    "names": words.get(kind.id, {}),
                    "as": words.get("role:" + said.role, {}),
                    "copies": kind.copies,
                }
        elif kind.individuals:
            for person in kind.individuals:
                copies = edition.copies.get(person.code, 1)
                yield {"code": person.code, "group": kind.id, "names": words.get(person.id, {}), "copies": copies}
        else:
            yield {"code": kind.code, "group": kind.id, "names": words.get(kind.id, {}), "copies": kind.copies}


def game_before(edition: Edition, game: StoredGame, number: int) -> GameSoFar | None:
    """What round ``number`` of ``game`` sees of the game before it (``None`` while the
    rounds before have problems, or are not all saved)."""
    seen = _so_far(edition, game)
    return seen[number - 1] if 0 < number <= len(seen) else None


def _so_far(edition: Edition, game: StoredGame) -> tuple[GameSoFar, ...]:
    """What each round of ``game`` sees of the game before it, and the next round too
    (see :attr:`~skullking.scoring.sheets.score.SheetScore.so_far`): ``()`` while its
    rounds have problems."""

    paths: list[tuple[Any, ...]] = []
    try:
        return score_sheet(edition, _locate(sheet_of(game), (), paths), file=SHEET_FILE, check_edition=False).so_far
    except SheetError:
        return ()


def form(edition: Edition, game: StoredGame, lang: str = "en") -> dict[str, Any]:
    """What the page needs to enter a round of ``game``: the fields the edition has
    (bonuses, Loot alliances, wagers, bid changes, cannon loads), each round's cards,
    bid range (where each player has a range of their own, from the lowest to the
    highest of the players', once the rounds before are known), dealer and first
    leader (``None`` where the edition's rule for them reads rounds not played yet, or
    rounds that do not say it: who won the last trick of a round given by its tricks
    won), how many tricks may be lost to trick-destroying cards (those that may leave a
    trick counting for nobody: a card whose effect counts it for a player loses none),
    whether a bonus counts on a missed bid, the cards a trick can hold. Texts the
    edition gives in several languages are in ``lang`` (the page's)."""

    count = len(game.players)
    modules = set(game.modules if game.modules is not None else edition.modules_for(count))
    schedule = edition.schedule(game.schedule)
    scheme = edition.scheme(game.scoring)
    ghost = edition.ghost_at(count)
    hands = edition.hands(count)
    rounds = len(schedule.rounds)
    words = _vocabulary(edition)
    alliance = {e.id for e in edition.effects if e.kind is EffectKind.ALLIANCE}
    loot = any(k.module in modules and k.effect in alliance for k in edition.kinds)
    own_ranges = bool(range_read(edition))
    seen = _so_far(edition, game) if seats_read(edition) or own_ranges else ()
    paid = when_paid(scheme, "bonus")
    schedule_rounds = []
    for number in range(1, rounds + 1):
        cards = edition.cards_dealt(number, hands, schedule.id)
        if cards is None:
            break
        low, high = bid_range(edition, cards=cards, number=number, players=count, rounds=rounds)
        so_far = seen[number - 1] if number <= len(seen) else None
        if own_ranges and so_far is not None:  # each player's range: from the lowest to the highest
            try:
                game_so_far = ranges_game(edition, so_far=so_far, players=game.players, number=number, rounds=rounds)
                ranges = bid_ranges(
                    edition, cards=cards, number=number, players=game.players, rounds=rounds, game=game_so_far
                ).values()
                low, high = min(r[0] for r in ranges), max(r[1] for r in ranges)
            except ContextError:  # (the rounds before are not known: a game's start's range)
                pass
        seats: dict[str, int | None] = {}
        for key, rule in (("dealer", dealer), ("leader", first_leader)):
            try:
                seats[key] = rule(edition, number=number, players=count, rounds=rounds, so_far=so_far)
            except ContextError:  # a rule over rounds not played yet
                seats[key] = None
        schedule_rounds.append({"number": number, "cards": cards, "bids": [low, high], **seats})
    return {
        "edition": {"id": edition.id, "title": edition.title},
        "players": list(game.players),
        "ghost": ghost.name if ghost else None,
        # the seats (players, the ghost's last) in play order of a trick led by each seat
        "orders": [seat_order(leader, leader, count, ghost) for leader in range(hands)],
        "modules": sorted(modules),
        "schedule": {"id": schedule.id, "title": schedule.title},
        "scoring": {"id": scheme.id, "title": scheme.title, "loads": list(scheme.loads)},
        "rounds": schedule_rounds,
        "destroying": edition.destroying_cards(modules),
        "ties": edition.ties,
        "languages": list(LANGUAGES),
        "bonuses": bonus_labels(edition, lang),
        # whether a bonus counts for a player who missed the bid (None: as a case says)
        "bonus_on_miss": (paid.missed.every or bool(paid.missed.cases)) if paid.known else None,
        "loot": loot,
        "wagers": _choice(edition.wagers, modules, words),
        "bid_change": _choice(edition.bid_changes, modules, words),
        "cards": list(cards_to_tap(edition, modules)),
        **player_bounds(edition),
    }
