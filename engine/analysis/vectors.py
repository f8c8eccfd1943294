"""Conformance test vectors: an edition's rules as plain JSON cases any Skull King
program can check itself against (as the JSON-Schema-Test-Suite is for validators and
perft files for chess move generators).

Three kinds, each a list of vectors (an id, a description, the source of the rule in
words, feature tags, the input and the expected output):

- ``tricks``: cards played, leader and players -> what ``skullking trick --format json``
  answers (winner, next leader, bonus, alliances, the rule that decided, ...). The tricks
  are those of the exhaustive play ``validate`` makes (:mod:`skullking.analysis.exhaustive`,
  smallest first): for every precedence rule (with one card and with several it picks
  among), effect, bonus, alliance (under each effect), card that wins and leader after
  a trick nobody wins, the first trick that shows it (and among the smallest tricks one
  for each least set of features); then the same tricks with each card declared when
  played or with an ability (the Tigress as a pirate) in place of a card of its role;
  then, for a deck that holds numbered or named cards more than once, tricks where two
  identical cards meet (tagged ``copies``); then the worked examples kept with the
  edition (:func:`worked_examples`).
- ``legal``: a hand and the trick so far -> the cards that may be played, as
  ``skullking legal`` answers: every kind of lead (each class of card, each after a
  card that passes the lead on, and a numbered card after each special card), with a
  hand that holds the led suit and one that does not; for a deck of copies, a hand
  holding two copies of a card of the led suit (tagged ``copies``); then the worked
  examples kept with the edition.
- ``rounds``: a round's results (bids, bid changes, tricks won, capture bonuses,
  alliances, wagers, loads, cards dealt, round number) -> each player's points and the
  case of the scheme that scored them, as a score sheet's round is scored
  (:class:`~skullking.scoring.schemes.Scorer`), under each scoring scheme: a zero bid
  made and missed, a bid made, missed by one and by two, each plain and with each
  thing the round can add, at a game's start.

Tags are derived from the edition's data (roles, effects, modules, bonuses, cards
declared when played or with abilities, schemes, copies of a card), never from a card's name, so that a
program lacking a feature skips the vectors that need it. Output is deterministic: the
same edition gives the same bytes.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skullking.analysis.exhaustive import _Domain, trick_sizes
from skullking.core import limits
from skullking.core.errors import SkullKingError, json_text
from skullking.language.expr import SEATS
from skullking.model.cards import UNDECLARED, Lead, Play
from skullking.model.records import EffectKind

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.model.records import Scheme
    from skullking.tricks.interpreter import TrickResult

#: The suite's name and format version, in every document.
SUITE = "skullking-conformance"
VERSION = 1
#: The kinds of vector: the file each is written to is ``KIND.json``; a request names
#: one vector's kind in the singular (:data:`REQUEST_KINDS`).
KINDS = ("tricks", "legal", "rounds")
REQUEST_KINDS = {"tricks": "trick", "legal": "legal", "rounds": "round"}
#: The players of the round vectors.
PLAYERS = ("A", "B")


class VectorsWarning(UserWarning):
    """The trick vectors were chosen among the smallest tricks only
    (:data:`~skullking.core.limits.MAX_VECTOR_TRICKS`)."""


def tag(identifier: str) -> str:
    """A feature tag of an id of the edition: its underscores as hyphens (``skull_king``
    -> ``skull-king``)."""
    return identifier.replace("_", "-")


class _Tagger:
    """The feature tags of plays: the role played, the card's effect, its module (when
    not the edition's first), ``trump`` for a trump suit's card, the card kind's id for
    a card declared when played, ``abilities`` and the card's id for a card an ability,
    a wager or a bid change comes with."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.base = edition.modules[0].id if edition.modules else ""
        granted = {a.card for a in edition.abilities}
        granted.update(c.card for c in (edition.wagers, edition.bid_changes) if c is not None and c.card)
        self.granted = granted
        self.modules = {s.id: s.module for s in edition.suits}
        self._known: dict[str, frozenset[str]] = {}

    def play(self, play: Play) -> frozenset[str]:
        found = self._known.get(play.code)
        if found is None:
            found = self._known[play.code] = frozenset(self._play(play))
        return found

    def _play(self, play: Play) -> set[str]:
        tags: set[str] = set()
        card = play.card
        if card.suit is not None:
            if play.trump:
                tags.add("trump")
            module = self.modules.get(card.suit, self.base)
        else:
            kind = self.edition.kind(card.kind or "")
            module = kind.module
            if play.role:
                tags.add(tag(play.role))
            if kind.effect:
                tags.add(tag(kind.effect))
            if kind.declarations:
                tags.add(tag(kind.id))
            owner = card.individual or kind.id
            if owner in self.granted:
                tags.update(("abilities", tag(owner)))
        if module != self.base:
            tags.add(tag(module))
        return tags

    def plays(self, plays: Iterable[Play]) -> set[str]:
        return set().union(*map(self.play, plays))


def _source(own: str, edition: Edition) -> str:
    """The source of a rule in words: the comment just above the item in its edition
    file (``own`` is where the item was read, ``FILE:LINE``), else the edition's first
    source (the rulebook it follows; every source it names is in the document's
    ``sources``)."""
    comment = _comment_above(own) if own else ""
    return comment or (edition.sources[0] if edition.sources else edition.title)


@functools.lru_cache(maxsize=16)
def _lines(file: str) -> tuple[str, ...]:
    """The lines of an edition file as its items' locations name it (a bundled one as
    ``editions/ID.yaml``); none when it cannot be read (then no comment is a source)."""
    from skullking.core.resources import bundled_edition_files, is_file

    bundled = bundled_edition_files()
    name = Path(file).name.removesuffix(".yaml")
    try:
        if file.startswith("editions/") and name in bundled:
            return tuple(bundled[name].read_text(encoding="utf-8").splitlines())
        path = Path(file)
        return tuple(path.read_text(encoding="utf-8").splitlines()) if is_file(path) else ()
    except (OSError, UnicodeDecodeError):
        return ()


def _comment_above(located: str) -> str:
    """The comment lines just above ``FILE:LINE`` (an item's first line), as one text."""
    file, _, line = located.rpartition(":")
    if not line.isdigit():
        return ""
    lines = _lines(file)
    found: list[str] = []
    at = int(line) - 2
    while 0 <= at < len(lines) and lines[at].strip().startswith("#"):
        found.append(lines[at].strip().lstrip("#").strip())
        at -= 1
    return " ".join(reversed(found))


def _vector(
    ident: str, description: str, *, source: str, tags: Iterable[str], given: Any, expected: Any
) -> dict[str, Any]:
    return {
        "id": ident,
        "description": description,
        "source": source,
        "tags": sorted(set(tags)),
        "input": given,
        "expected": expected,
    }


# ---------------------------------------------------------------------- tricks


def _trick_keys(
    edition: Edition, plays: Sequence[Play], result: TrickResult, owners: tuple[str, ...]
) -> list[tuple[Any, ...]]:
    """What a trick shows: the rule that decided (under which effect, picking among one
    card or several), the effect that acted, the bonuses, the alliances, the cards that
    won, and who leads after a trick nobody wins (counted from the leader)."""
    keys: list[tuple[Any, ...]] = []
    acting = ""
    if any(p.alters for p in plays):
        _, effect = edition.interpreter.active_effect(plays, [p.role_index for p in plays])
        acting = effect.id
        keys.append(("effect", acting))
    if result.winning_card is None:
        keys.append(("leader", acting, result.next_leader % len(plays)))
        if result.counts_for is not None:  # (a trick nobody won that counts for somebody)
            keys.append(("counts", acting, result.counts_for % len(plays)))
            keys.extend(("bonus", b) for b in result.bonuses)
        return keys
    won = plays[result.winning_card]
    alike = sum(1 for p in plays if p.role_index == won.role_index and p.suit_index == won.suit_index)
    keys.append(("rule", acting, result.rule, alike > 1))
    keys.append(("wins", owners))
    keys.extend(("bonus", b) for b in result.bonuses)
    if result.alliances:
        keys.append(("alliance", acting, len(result.alliances)))
    return keys


def _trick_vector(
    edition: Edition,
    tagger: _Tagger,
    ident: str,
    codes: list[str],
    *,
    leader: int,
    players: int,
    example: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A trick's vector: its tags, the source of the rule that decided it (or the
    worked ``example``'s own words and source)."""
    result = edition.resolve_trick(codes, leader=leader, players=players)
    rule = next((r for r in edition.precedence if r.id == result.rule), None)
    effect = next((e for e in edition.effects if e.id == result.rule), None)
    for e in edition.effects:
        rule = rule or next((r for r in e.precedence if r.id == result.rule), None)
    own = rule.source if rule is not None else effect.source if effect is not None else ""
    plays = edition.parse_cards(codes)
    tags = tagger.plays(plays)
    tags.update(tag(b) for b in result.bonuses)
    if result.counts_for != result.winner:
        tags.add("counts-for")
    if any(codes.count(code) > 1 for code in edition.copies if code in codes):
        tags.add("copies")  # identical numbered or named cards meet
    described = f"{' '.join(codes)}, seat {leader} leading: {result.reason}"
    return _vector(
        ident,
        str(example["rule"]) if example else described,
        source=str(example["source"]) if example else _source(own, edition),
        tags=tags,
        given={"cards": codes, "leader": leader, "players": players},
        expected=result.as_json(),
    )


def worked_examples(edition: Edition, kind: str) -> list[dict[str, Any]]:
    """The worked examples of the rulebooks and rules pages kept for ``edition``
    (``editions/worked-examples/ID.KIND.yaml``, ``kind`` ``tricks`` or ``legal``; the
    tests check the engine against each), but those played under an overlay of it (a
    reading the sources leave open, played both ways)."""
    import yaml

    from skullking.core.resources import editions_dir

    entry = editions_dir().joinpath("worked-examples", f"{edition.id}.{kind}.yaml")
    if not entry.is_file():
        return []
    cases = yaml.safe_load(entry.read_text(encoding="utf-8")) or []
    return [c for c in cases if isinstance(c, dict) and "overlay" not in c]


def trick_vectors(edition: Edition) -> list[dict[str, Any]]:
    """The trick vectors of ``edition`` (see the module's docstring). A trick shows
    again what an earlier trick showed when both are of the smallest size and it needs
    fewer features (its tags are not a superset of theirs): each thing shown is kept
    with the smallest tricks of each least set of tags (the White Whale among escapes
    as well as among Loot cards and mermaids), so that a program lacking a feature
    still meets every rule it has."""

    domain = _Domain([edition])
    tagger = _Tagger(edition)
    seen: dict[tuple[Any, ...], tuple[int, list[frozenset[str]]]] = {}
    smallest = min(trick_sizes(edition))
    chosen: list[list[Play]] = []
    most = limits.MAX_VECTOR_TRICKS
    for walked, (classes, plays) in enumerate(domain.tricks(positions=True)):
        if walked == most:
            warnings.warn(
                f"the trick vectors of '{edition.id}' are those its {most:,} smallest kinds of trick show "
                f"(it has more, of up to {max(trick_sizes(edition))} cards): a rule that only a larger trick "
                "shows has no vector",
                VectorsWarning,
                stacklevel=2,
            )
            break
        try:
            result = edition.resolve_trick(plays)
        except SkullKingError:
            continue
        owners = () if result.winning_card is None else domain.classes[classes[result.winning_card]].owners
        tags: frozenset[str] | None = None
        new = False
        for key in _trick_keys(edition, plays, result, owners):
            size, kept = seen.setdefault(key, (len(plays), []))
            if kept and not size == len(plays) == smallest:
                continue
            tags = tags or frozenset(tagger.plays(plays))
            if not any(tags >= other for other in kept):
                kept.append(tags)
                new = True
        if new:
            chosen.append(list(plays))
    chosen += _declared(edition, chosen)
    chosen += _copies(edition)
    vectors = [
        _trick_vector(
            edition,
            tagger,
            f"trick-{i:03d}",
            codes,
            leader=i % len(codes),
            players=max(len(codes), edition.min_players),
        )
        for i, codes in enumerate(([p.code for p in plays] for plays in chosen), start=1)
    ]
    for case in worked_examples(edition, "tricks"):
        codes = [str(c) for c in case["cards"]]
        given = {"leader": case.get("leader", 0), "players": case.get("players", len(codes))}
        vectors.append(_trick_vector(edition, tagger, f"trick-example-{case['id']}", codes, **given, example=case))
    return vectors


def _copies(edition: Edition) -> list[list[Play]]:
    """Tricks where identical cards meet, for a deck that holds numbered or named cards
    more than once (``deck.copies``, a suit's or a named card's ``copies``): in each
    suit of copies, its highest card twice around its second highest (twice alone for
    two players; which of the two wins is the edition's ``deck.identical``); each named
    card of copies twice. (The
    exhaustive play deals identical numbered cards together too, but keeps one of its
    tricks only where it shows something new.)"""
    tricks: list[list[Play]] = []
    plays = edition.plays
    for suit in edition.suits:
        ranks = sorted(suit.ranks, reverse=True)
        if len(ranks) >= 2 and edition.copies.get(f"{suit.code}{ranks[0]}", 1) > 1:
            top, second = plays[f"{suit.code}{ranks[0]}"], plays[f"{suit.code}{ranks[1]}"]
            tricks.append([top, second, top] if edition.max_players >= 3 else [top, top])
    for kind in edition.kinds:
        for individual in kind.individuals:
            if edition.copies.get(individual.code, 1) > 1:
                tricks.append([plays[individual.code]] * 2)
    return tricks


def _declared(edition: Edition, tricks: list[list[Play]]) -> list[list[Play]]:
    """The tricks of ``tricks`` again with each card declared when played in the place
    of the first card of the same role that is not one, once for each rule and bonus
    between roles it takes part in (a program that treats that card apart from its
    role, a Tigress that earns no bonus as a pirate, fails them), and with each card an
    ability comes with, once (its ability is not a rule of the trick; a bonus that names
    the card puts it in the exhaustive play's tricks already)."""
    apart = [
        p
        for p in edition.plays.values()
        if p.card.suit is None
        and p.role_index != UNDECLARED
        and (p.declared is not None or p.card.individual is not None)
    ]
    by_roles = {b.id for b in edition.bonuses if b.winner is not None or any(c.roles for c in b.captured)}
    found: list[list[Play]] = []
    for special in apart:
        shown: set[tuple[Any, ...]] = set()
        for plays in tricks:
            at = next(
                (
                    i
                    for i, p in enumerate(plays)
                    if p.role_index == special.role_index and p.declared is None and p.card.individual is None
                ),
                None,
            )
            if at is None:
                continue
            swapped = [*plays[:at], special, *plays[at + 1 :]]
            try:
                result = edition.resolve_trick(swapped)
            except SkullKingError:
                continue
            key = (result.rule, tuple(sorted(b for b in result.bonuses if b in by_roles)))
            if key not in shown:  # each rule and bonus between roles the card takes part in, once
                shown.add(key)
                found.append(swapped)
                if special.declared is None:
                    break  # a card with an ability plays its role alike: one trick shows it is there
    return found


# ---------------------------------------------------------------------- legal plays


def _leads(edition: Edition) -> list[list[Play]]:
    """The tricks so far the legal vectors ask about: none; each class of card of the
    exhaustive play leading (a suit by its highest card); each card that passes the
    lead on, followed by each of those; and a numbered card after each special card
    that does not pass the lead, alone or after one that does."""
    domain = _Domain([edition])
    firsts: list[Play] = []
    for c in domain.classes:
        play = c.supply[0]
        if all(play.card.suit is None or p.card.suit != play.card.suit for p in firsts):
            firsts.append(play)
    leads: list[list[Play]] = [[], *([p] for p in firsts)]
    passing = [p for p in firsts if p.lead is Lead.PASS]
    leads += [[p, q] for p in passing for q in firsts if q.card.pool != p.card.pool]
    # whether a numbered card after a special lead sets the suit (the original edition's
    # rules and the 2021 rulebook disagree), after a card that passes the lead too
    numbered = next((p for p in firsts if p.card.suit is not None and not p.trump), None)
    specials = [q for q in firsts if q.card.suit is None and q.lead is not Lead.PASS]
    if numbered is not None:
        leads += [[q, numbered] for q in specials]
        leads += [[p, q, numbered] for p in passing for q in specials if q.card.pool != p.card.pool]
    return leads


def _hand(edition: Edition, trick: Sequence[Play], *, extra: Play | None, follow: bool) -> list[str]:
    """A hand for the trick so far: a card of each suit (the lowest no card of the trick
    is), the led suit's left out unless ``follow``, then one card of each plain
    special kind of the edition's first module (no effect, no declaration), and
    ``extra``."""
    led = edition.interpreter.led_suit(list(trick))
    used = {p.card.code for p in trick}
    hand: list[str] = []
    for suit in edition.suits:
        if suit.slot == led and not follow:
            continue
        rank = next((r for r in sorted(suit.ranks) if f"{suit.code}{r}" not in used), None)
        if rank is not None:
            hand.append(f"{suit.code}{rank}")
    base = edition.modules[0].id if edition.modules else ""
    for kind in edition.kinds:
        plain = kind.module == base and kind.role is not None and kind.effect is None and not kind.declarations
        if plain and kind.copies > sum(1 for p in trick if p.card.kind == kind.id):
            hand.append(kind.code)
    if extra is not None:
        hand.append(extra.card.code)
    return hand


def _copies_held(edition: Edition) -> list[tuple[list[str], list[str]]]:
    """For each suit the deck holds cards of more than once: a trick led by its highest
    card, and a hand holding two copies of its second highest and a card of another
    suit (tricks and hands of codes)."""
    found: list[tuple[list[str], list[str]]] = []
    for suit in edition.suits:
        ranks = sorted(suit.ranks, reverse=True)
        other = next((s for s in edition.suits if s.slot != suit.slot and s.ranks), None)
        if len(ranks) >= 2 and other is not None and edition.copies.get(f"{suit.code}{ranks[0]}", 1) > 1:
            second = f"{suit.code}{ranks[1]}"
            found.append(([f"{suit.code}{ranks[0]}"], [second, second, f"{other.code}{other.ranks[0]}"]))
    return found


def legal_vectors(edition: Edition) -> list[dict[str, Any]]:
    """The legal-play vectors of ``edition`` (see the module's docstring)."""
    tagger = _Tagger(edition)
    base = edition.modules[0].id if edition.modules else ""
    # one card of each special kind that is not plain, undeclared
    others = [
        edition.parse_cards([k.code])[0]
        for k in edition.kinds
        if k.role is None or k.effect is not None or k.declarations or k.module != base
    ]
    vectors: list[dict[str, Any]] = []
    source = _source("", edition)
    taken: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()

    def numbered(said: str, tags: Iterable[str], hand: list[str], trick: list[str], legal: list[str]) -> None:
        """The next numbered vector: ``legal`` the plays of ``hand`` to ``trick``."""
        given, expected = {"hand": hand, "trick": trick}, {"legal": legal}
        vectors.append(
            _vector(f"legal-{len(vectors) + 1:03d}", said, source=source, tags=tags, given=given, expected=expected)
        )

    for trick in _leads(edition):
        led = edition.interpreter.led_suit(trick)
        ways: list[tuple[bool, Play | None]] = [(True, None)]
        if led >= 0:
            ways.append((False, None))
        if len(trick) == 1 and led >= 0:
            ways += [(True, p) for p in others if p.card.pool != trick[0].card.pool]
        for follow, extra in ways:
            codes = [p.code for p in trick]
            hand = _hand(edition, trick, extra=extra, follow=follow)
            key = (tuple(codes), tuple(hand))
            if key in taken:
                continue
            try:
                legal = [str(p) for p in edition.legal_plays(hand, codes)]
            except SkullKingError:
                continue
            taken.add(key)
            held = edition.parse_cards(hand)
            tags = tagger.plays([*trick, *held])
            if led >= 0:
                suit = edition.suits[led].id
                holds = "holding it" if follow else "not holding it"
                said = f"{suit} led, {holds}"
            else:
                said = "no led suit" if trick else "leading"
            numbered(f"{' '.join(codes) or 'an empty trick'}: {said}", tags, hand, codes, legal)
    for led_cards, hand in _copies_held(edition):
        legal = [str(p) for p in edition.legal_plays(hand, led_cards)]
        tags = {*tagger.plays(edition.parse_cards([*led_cards, *hand])), "copies"}
        numbered(f"{' '.join(led_cards)}: holding two copies of a card of the led suit", tags, hand, led_cards, legal)
    for case in worked_examples(edition, "legal"):
        hand, codes = [str(c) for c in case["hand"]], [str(c) for c in case["trick"]]
        legal = [str(p) for p in edition.legal_plays(hand, codes)]
        tags = tagger.plays([*edition.parse_cards(codes), *edition.parse_cards(hand)])
        given = {"hand": hand, "trick": codes}
        ident = f"legal-example-{case['id']}"
        vectors.append(
            _vector(
                ident, str(case["rule"]), source=str(case["source"]), tags=tags, given=given, expected={"legal": legal}
            )
        )
    return vectors


# ---------------------------------------------------------------------- round scores


def _round_and_cards(edition: Edition) -> tuple[int, int, int]:
    """A round number, the cards dealt in it and the rounds of its schedule, where the
    cards dealt differ from the round number if any schedule of the edition deals so
    (a zero bid is worth 10 per card dealt in the 2021 rulebook, not per round: a
    program that counts rounds fails the zero-bid vectors only then); else the default
    schedule's last round."""
    players = max(edition.min_players, len(PLAYERS))
    for schedule in (edition.schedule(), *edition.schedules):
        for number in range(1, len(schedule.rounds) + 1):
            cards = edition.cards_dealt(number, players, schedule.id)
            if cards is not None and cards != number and cards >= 3:
                return number, cards, len(schedule.rounds)
    schedule = edition.schedule()
    number = len(schedule.rounds)
    return number, edition.cards_dealt(number, players) or number, number


def _round(edition: Edition, given: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The scorer of a round vector's scheme, and its results as the scorer takes them:
    the bid after its change, the capture bonuses by id, the alliances (the alliance
    card's player, the trick's winner), the wagers and the loads, at a game's start."""
    from skullking.scoring.schemes import scorer

    scoring = scorer(edition, edition.scheme(given["scoring"]))
    players = list(given["players"])
    changes = given.get("bid_changes", {})
    results = {
        "number": given["round"],
        "cards": given["cards"],
        "players": players,
        "bids": {p: b + changes.get(p, 0) for p, b in given["bids"].items()},
        "won": dict(given["won"]),
        "captured": list(given.get("bonuses", {}).items()),
        "alliances": [(a, b) for a, b in given.get("alliances", [])],
        "wagers": dict(given.get("wagers", {})),
        "loads": dict(given.get("loads", {})),
        "rounds": given["rounds"],
        "game": scoring.game(edition, so_far=None, players=players, number=given["round"], rounds=given["rounds"]),
    }
    return scoring, results


def score_round(edition: Edition, given: dict[str, Any]) -> dict[str, int]:
    """Each player's points for a round vector's input, as a score sheet's round is
    scored (see :func:`_round`)."""
    scoring, results = _round(edition, given)
    return dict(scoring.points(**results).points)


def round_cases(edition: Edition, given: dict[str, Any]) -> dict[str, str]:
    """The id of the scheme's case that scores each player of a round vector's input:
    the rule behind the points (as a trick's ``rule``)."""
    scoring, results = _round(edition, given)
    cases: dict[str, str] = scoring.deciding(**results)
    return cases


#: A's bid and tricks won in the round vectors: a zero bid made and missed, a bid made,
#: missed by one and by two.
_RESULTS: tuple[tuple[str, int, int], ...] = (
    ("zero bid made", 0, 0),
    ("zero bid missed", 0, 1),
    ("bid made", 2, 2),
    ("missed by one", 2, 1),
    ("missed by two", 1, 3),
)


def _additions(edition: Edition, scheme: Scheme) -> list[tuple[str, dict[str, Any], set[str]]]:
    """What a round can add to A's results, each with its words and tags: nothing, the
    capture bonuses, an alliance, a wager, a bid change and each load but the default."""
    added: list[tuple[str, dict[str, Any], set[str]]] = [("", {}, set())]
    if edition.bonuses:
        ids = [b.id for b in edition.bonuses[:2]]
        added.append((f"capturing {', '.join(ids)}", {"bonuses": {"A": ids}}, {"bonus", *map(tag, ids)}))
    alliance = next((e for e in edition.effects if e.kind is EffectKind.ALLIANCE), None)
    if alliance is not None:
        added.append(("allied with B", {"alliances": [["A", "B"]]}, {tag(alliance.id)}))

    def card_tags(card: str | None) -> set[str]:
        return {"abilities", tag(card)} if card else set()

    if edition.wagers is not None:
        wager = max(edition.wagers.values)
        added.append((f"wagering {wager}", {"wagers": {"A": wager}}, {"wager", *card_tags(edition.wagers.card)}))
    if edition.bid_changes is not None:
        change = max(edition.bid_changes.values)
        changes = card_tags(edition.bid_changes.card)
        added.append((f"changing the bid by {change:+d}", {"bid_changes": {"A": change}}, {"bid-change", *changes}))
    for load in scheme.loads[1:]:
        added.append((f"loading {load}", {"loads": {"A": load}}, {"loads", tag(load)}))
    return added


def round_vectors(edition: Edition, number: int | None = None) -> list[dict[str, Any]]:
    """The round-score vectors of ``edition`` (see the module's docstring): two players,
    A and B; B always makes a bid of the tricks A leaves. With ``number``, in that round
    (of the default schedule, or a tie-break round past it)."""
    if number is None:
        number, cards, rounds = _round_and_cards(edition)
    else:
        values = edition.template.round_values(number, max(edition.min_players, len(PLAYERS)))
        cards, rounds = values["cards"], values["rounds"]
    vectors: list[dict[str, Any]] = []
    for scheme in edition.schemes:
        scheme_tags = set() if scheme.id == edition.default_scheme else {f"scoring-{tag(scheme.id)}"}
        for words, bid, won in _RESULTS:
            for added, given, tags in _additions(edition, scheme):
                left = cards - won
                change = given.get("bid_changes", {}).get("A", 0)
                base: dict[str, Any] = {
                    "scoring": scheme.id,
                    "round": number,
                    "cards": cards,
                    "rounds": rounds,
                    "players": list(PLAYERS),
                    "bids": {"A": bid - change, "B": left},
                    "won": {"A": won, "B": left},
                }
                if bid - change < 0:
                    continue
                inputs = {**base, **given}
                try:
                    points = score_round(edition, inputs)
                    cases = round_cases(edition, inputs)
                except (SkullKingError, KeyError):
                    continue
                scored = {p: b + inputs.get("bid_changes", {}).get(p, 0) for p, b in inputs["bids"].items()}
                zero = {"zero-bid"} if 0 in scored.values() else set()  # the bid scored, after its change
                said = f"round {number}, {cards} cards dealt: A {words}" + (f", {added}" if added else "")
                vectors.append(
                    _vector(
                        f"round-{len(vectors) + 1:03d}",
                        f"{scheme.title}: {said}",
                        source=_source(scheme.source, edition),
                        tags={*scheme_tags, *tags, *zero},
                        given=inputs,
                        expected={"points": points, "cases": cases},
                    )
                )
    return vectors


# ---------------------------------------------------------------------- documents


def document(edition: Edition, kind: str, number: int | None = None) -> dict[str, Any]:
    """The vector file of one kind (``tricks``, ``legal`` or ``rounds``); with
    ``number``, of the rules of that round (an edition whose rules change with the
    round, :meth:`Edition.at_round <skullking.edition.Edition.at_round>`: every vector's
    input then says its ``round``, and the document its ``round``)."""
    rules = edition if number is None else in_round(edition, number)
    if kind == "rounds":
        vectors = round_vectors(rules, number)
    else:
        vectors = {"tricks": trick_vectors, "legal": legal_vectors}[kind](rules)
    if number is not None:
        for vector in vectors:
            vector["input"]["round"] = number
    head = {"suite": SUITE, "version": VERSION, "edition": edition.id, "sources": list(edition.sources)}
    return {**head, **({"round": number} if number is not None else {}), "kind": kind, "vectors": vectors}


#: The round's names that are the same at every table: its number in the schedule.
_NUMBER = frozenset({"round", "rounds", "last_round"})


def in_round(edition: Edition, number: int) -> Edition:
    """The rules of round ``number`` the vectors of an edition whose rules change with
    the round are made from: those of every table, as the rules may read the round's
    number (``round``, ``rounds``, ``last_round``) but not the players or the cards dealt
    (a vector's trick is played at its own table). Raises ``ValueError`` otherwise."""
    read = edition.round_reads - _NUMBER
    table = sorted(("the players' standings" if name == SEATS else name) for name in read)
    if table:
        formulas = ", ".join(f"{where}: '{f.source}'" for where, f in edition.round_formulas() if f.variables & read)
        raise ValueError(
            f"the rules of '{edition.id}' read {' and '.join(table)} ({formulas}): vectors are made of the rules "
            "of a round at any table, so they may read the round's number only"
        )
    return edition.at_round(number, edition.min_players)


def documents(edition: Edition, number: int | None = None) -> list[dict[str, Any]]:
    """Every vector file of ``edition``, in :data:`KINDS` order (``number``: see
    :func:`document`)."""
    return [document(edition, kind, number) for kind in KINDS]


def stdout_document(edition: Edition, number: int | None = None) -> dict[str, Any]:
    """Every vector file of ``edition`` as one document (``skullking vectors`` without
    ``--out``)."""
    head = {"suite": SUITE, "version": VERSION, "edition": edition.id}
    return {**head, **({"round": number} if number is not None else {}), "files": documents(edition, number)}


def text(document: dict[str, Any]) -> str:
    """A vector document as the files hold it: JSON with one vector a line (short, and
    a change shows as the lines of the vectors it changes), the same bytes for the
    same edition; every string exact, a control character in a description written as
    JSON writes it (:func:`~skullking.core.errors.json_text`), which reads back as the
    same string and is never obeyed by a terminal."""

    def vectors(items: list[Any], indent: str) -> str:
        inner = ",\n".join(f"{indent} {json_text(v)}" for v in items)
        return f"[\n{inner}\n{indent}]" if items else "[]"

    def fields(doc: dict[str, Any], indent: str) -> str:
        lines = []
        for key, value in doc.items():
            if key == "vectors":
                shown = vectors(value, indent + " ")
            elif key == "files":
                shown = "[\n" + ",\n".join(f"{indent}  {fields(f, indent + '  ')}" for f in value) + f"\n{indent} ]"
            else:
                shown = json_text(value)
            lines.append(f"{indent} {json_text(key)}: {shown}")
        return "{\n" + ",\n".join(lines) + f"\n{indent}}}"

    return fields(document, "") + "\n"


#: The fields of a trick's output a program must give, and those compared when it gives
#: them (the words of ``reason`` are this engine's, never compared). ``counts_for``, the
#: seat a trick nobody won counts for, is given only where it differs from ``winner``:
#: an output without it counts its trick for its winner.
TRICK_FIELDS = ("winner", "next_leader", "bonus", "alliances")
TRICK_OPTIONAL = ("bonuses", "rule", "counts_for")
#: The group of every legal-play vector's failure (a legal play has no rule id).
LEGAL_GROUP = "legal plays"


def same(a: object, b: object) -> bool:
    """Whether two JSON values are equal as JSON says: ``true`` is not ``1`` (Python's
    ``True == 1`` would say it is), ``1`` and ``1.0`` are the same number, lists in
    order, objects by key."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def _names(value: object) -> list[str] | None:
    """A list of strings (bonus ids, card codes) sorted, or ``None`` for any other value."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None
    return sorted(value)


def _differ(field: str, expected: object, got: object = ...) -> dict[str, Any]:
    """One field that differs: ``got`` left out where the output does not give the field."""
    return {"field": field, "expected": expected, **({} if got is ... else {"got": got})}


def differences(kind: str, expected: dict[str, Any], got: object) -> list[dict[str, Any]]:
    """The fields where a program's output for a vector of ``kind`` (``tricks``,
    ``legal`` or ``rounds``) differs from the expected one, each ``{"field",
    "expected", "got"}`` (``got`` left out where the output lacks the field); none when
    it agrees. An output of another shape (not an object, a list that is a number, a
    seat that is ``true``) differs in that field: it never raises.

    For a trick: the winner, next leader, bonus and alliances; the bonus ids (in any
    order; ``null`` as none) and the deciding rule's id where it gives them; the seat
    the trick counts for (its ``counts_for``, else its winner). For legal plays, the
    same cards in any order. For a round, each player's points (``points.A``); the
    ``cases`` that name the scheme's rules are this edition's ids, never compared."""
    if not isinstance(got, dict):
        return [_differ("output", expected, got)]
    found: list[dict[str, Any]] = []
    if kind == "tricks":
        for k in TRICK_FIELDS:
            if k not in got:
                found.append(_differ(k, expected[k]))
            elif not same(got[k], expected[k]):
                found.append(_differ(k, expected[k], got[k]))
        counted = expected.get("counts_for", expected["winner"])
        if "counts_for" in got or "counts_for" in expected:  # (else it is the winner, compared above)
            given = got.get("counts_for", got.get("winner"))
            if not same(given, counted):
                found.append(_differ("counts_for", counted, given))
        if "bonuses" in got:
            given = [] if got["bonuses"] is None else got["bonuses"]
            if _names(given) != sorted(expected["bonuses"]):
                found.append(_differ("bonuses", expected["bonuses"], got["bonuses"]))
        if "rule" in got and not same(got["rule"], expected["rule"]):
            found.append(_differ("rule", expected["rule"], got["rule"]))
        return found
    if kind == "legal":
        if "legal" not in got:
            return [_differ("legal", expected["legal"])]
        if _names(got["legal"]) != sorted(expected["legal"]):
            found.append(_differ("legal", expected["legal"], got["legal"]))
        return found
    points = got.get("points", ...)
    if not isinstance(points, dict):
        return [_differ("points", expected["points"], points)]
    for player in [*expected["points"], *(p for p in points if p not in expected["points"])]:
        if player not in points:
            found.append(_differ(f"points.{player}", expected["points"][player]))
        elif not same(points[player], expected["points"].get(player, ...)):
            found.append(_differ(f"points.{player}", expected["points"].get(player), points[player]))
    return found


def agrees(kind: str, expected: dict[str, Any], got: object) -> bool:
    """Whether a program's output for a vector of ``kind`` is the expected one: it has
    no :func:`differences`."""
    return not differences(kind, expected, got)


def rule_of(kind: str, vector: dict[str, Any], found: Sequence[dict[str, Any]] = ()) -> str:
    """The rule a vector's failure is grouped under: a trick's expected ``rule`` (the
    precedence rule or effect that decides it); for a round, the scheme and the case
    that scores each player whose points differ (``classic: zero-missed``; every
    player's case where no player's points are named in ``found``); for legal plays,
    :data:`LEGAL_GROUP`."""
    expected = vector["expected"]
    if kind == "tricks":
        return str(expected.get("rule") or "(no rule)")
    if kind == "legal":
        return LEGAL_GROUP
    cases: dict[str, str] = expected.get("cases", {})
    named = [f["field"].removeprefix("points.") for f in found if f["field"].startswith("points.")]
    chosen = sorted({cases[p] for p in named if p in cases} or set(cases.values()))
    return f"{vector['input'].get('scoring', '')}: {', '.join(chosen)}"
