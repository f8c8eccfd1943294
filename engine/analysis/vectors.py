"""Conformance test vectors: an edition's rules as plain JSON cases any Skull King
program can check itself against (as the JSON-Schema-Test-Suite is for validators and
perft files for chess move generators).

Four kinds, each a list of vectors (an id, a description, the source of the rule in
words, feature tags, the input and the expected output):

- ``tricks``: cards played, leader and players -> what ``skullking trick --format json``
  answers (winner, next leader, bonus, alliances, the rule that decided, ...). The tricks
  are those of the exhaustive play ``validate`` makes (:mod:`skullking.analysis.exhaustive`,
  smallest first): for every precedence rule (with one card and with several it picks
  among), effect, bonus, alliance (under each effect), card that wins and leader after
  a trick nobody wins, the first trick that shows it (and among the smallest tricks one
  for each least set of features); then the same tricks with each card declared when
  played or with an ability (the Tigress as a pirate) in place of a card of its role,
  and declared as another role in place of a card a capture bonus counts (the Tigress
  as an escape where the Skull King takes a pirate); then, for a deck that holds
  numbered or named cards more than once, tricks where two identical cards meet
  (tagged ``copies``); then the worked examples kept with the edition
  (:func:`worked_examples`).
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
  thing the round can add, at a game's start; in the default schedule's last round,
  and the zero bids again in a round whose cards dealt differ from its number. Where a
  scheme reads the game so far, each is given the game's earlier rounds (``before``,
  tagged ``game-so-far``), after several games.
- ``games``: whole rounds played from a deal -> each trick's leader and winner, the
  tricks won and the points (:mod:`skullking.analysis.gamevectors`). A run sends them
  only when asked (:data:`DEFAULT_KINDS`).

Tags are derived from the edition's data (roles, effects, modules, bonuses, cards
declared when played or with abilities, schemes, schedules, copies of a card), never
from a card's name, so that a program lacking a feature skips the vectors that need
it; a vector whose answer differs under another reading of a point the sources
dispute carries that point's tag (:mod:`skullking.analysis.disputes`). Each edition's
files carry the engine's version and their :func:`content_version`. Output is
deterministic: the same edition gives the same bytes.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from skullking.analysis.disputes import variants
from skullking.analysis.exhaustive import CardDomain, trick_sizes
from skullking.analysis.gamevectors import GAME_TAG, game_vectors, play_game
from skullking.analysis.glossary import glossary
from skullking.analysis.vectorbase import Tagger, key_comment, make_vector, rule_source, tag
from skullking.core import limits
from skullking.core.errors import SkullKingError, json_text
from skullking.core.resources import editions_dir
from skullking.core.version import __version__
from skullking.language.expr import SEATS
from skullking.model.cards import UNDECLARED, Lead, Play
from skullking.model.records import EffectKind
from skullking.rounds.context import GameSoFar, GameSoFarBuilder
from skullking.scoring.schemes import scorer

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.model.records import Scheme, TrickResult

#: The suite's name and format version, in every document.
SUITE = "skullking-conformance"
VERSION = 1
#: The kinds of vector: the file each is written to is ``KIND.json``; a request names
#: one vector's kind in the singular (:data:`REQUEST_KINDS`).
KINDS = ("tricks", "legal", "rounds", "games")
REQUEST_KINDS = {"tricks": "trick", "legal": "legal", "rounds": "round", "games": "game"}
#: The kinds of the protocol's first version, which every program under test knows: a
#: run sends these unless asked for others (``conformance --kinds``), so that a program
#: written before a kind was added keeps passing.
DEFAULT_KINDS = ("tricks", "legal", "rounds")
#: The players of the round vectors.
PLAYERS = ("A", "B")


class VectorsWarning(UserWarning):
    """The trick vectors were chosen among the smallest tricks only
    (:data:`~skullking.core.limits.MAX_VECTOR_TRICKS`)."""


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
    tagger: Tagger,
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
    # who leads after a trick nobody wins is the effect's next_leader: its own source
    leads = key_comment(effect.source, "next_leader") if effect is not None and result.winner is None else ""
    plays = edition.parse_cards(codes)
    tags = tagger.plays(plays)
    tags.update(tag(b) for b in result.bonuses)
    if result.counts_for != result.winner:
        tags.add("counts-for")
    if any(codes.count(code) > 1 for code in edition.copies if code in codes):
        tags.add("copies")  # identical numbered or named cards meet
    described = f"{' '.join(codes)}, seat {leader} leading: {result.reason}"
    return make_vector(
        ident,
        str(example["rule"]) if example else described,
        source=str(example["source"]) if example else leads or rule_source(own, edition),
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
    still meets every rule it has. Past :data:`~skullking.core.limits.MAX_VECTOR_TRICKS`
    kinds of trick the walk stops, and the tricks of the size it reached only in part
    are left out (unless it is the smallest), with a :class:`VectorsWarning`."""

    domain = CardDomain([edition])
    tagger = Tagger(edition)
    seen: dict[tuple[Any, ...], tuple[int, list[frozenset[str]]]] = {}
    smallest = min(trick_sizes(edition))
    chosen: list[list[Play]] = []
    most = limits.MAX_VECTOR_TRICKS
    for walked, (classes, plays) in enumerate(domain.tricks(positions=True)):
        if walked == most:
            # cut short: the tricks of the size reached only in part are left out (but the
            # smallest's), so that the vectors are those of the smallest tricks, every size
            # kept walked whole, not a few of a larger size met first
            reached = len(plays)
            if reached > smallest:
                chosen = [c for c in chosen if len(c) < reached]
            largest = max(smallest, reached - 1)
            kept_sizes = f"of {smallest} cards" if largest == smallest else f"of {smallest} to {largest} cards"
            warnings.warn(
                f"the trick vectors of '{edition.id}' are those its {most:,} smallest kinds of trick show, "
                f"the tricks {kept_sizes} (it has more, of up to {max(trick_sizes(edition))} cards): a rule that "
                "only a larger trick shows has no vector",
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
    chosen += _declared(edition, chosen) + _declared_otherwise(edition, chosen)
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
    of the first card of the same role that is not one and in that of the last (so that
    it leads and follows: the Tigress as an escape in a trick of escapes she does not
    lead), once for each rule and bonus
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
            places = [
                i
                for i, p in enumerate(plays)
                if p.role_index == special.role_index and p.declared is None and p.card.individual is None
            ]
            # a card declared when played in the first and in the last place of its role
            # (leading and not); a card with an ability in the first only
            for at in dict.fromkeys(places[:1] + (places[-1:] if special.declared is not None else [])):
                swapped = [*plays[:at], special, *plays[at + 1 :]]
                try:
                    result = edition.resolve_trick(swapped)
                except SkullKingError:
                    continue
                key = (result.rule, tuple(sorted(b for b in result.bonuses if b in by_roles)), at == 0)
                if key not in shown:  # each rule and bonus between roles it takes part in, leading and not, once
                    shown.add(key)
                    found.append(swapped)
            if special.declared is None and shown:
                break  # a card with an ability plays its role alike: one trick shows it is there
    return found


def _declared_otherwise(edition: Edition, tricks: list[list[Play]]) -> list[list[Play]]:
    """For each capture bonus that counts a role a card may be declared as, and each
    other role that card may be declared as: the first trick of ``tricks`` that pays the
    bonus, its card of that role (not the winning card) replaced by the card declared
    as the other (the Tigress as an escape where the Skull King takes a pirate). Whether
    the bonus counts it then is a point the sources dispute (``disputed-...``); a trick
    already among ``tricks`` is not given again."""
    found: list[list[Play]] = []
    declared = [p for p in edition.plays.values() if p.declared is not None and p.role is not None]
    for bonus in edition.bonuses:
        counted = {r for c in bonus.captured if c.roles is not None for r in c.roles}
        for special in declared:
            if special.role in counted or not counted & special.printed:
                continue
            for plays in tricks:
                try:
                    result = edition.resolve_trick(plays)
                except SkullKingError:
                    continue
                if bonus.id not in result.bonuses:
                    continue
                at = next((i for i, p in enumerate(plays) if p.role in counted and i != result.winning_card), None)
                if at is not None:
                    swapped = [*plays[:at], special, *plays[at + 1 :]]
                    if swapped not in tricks and swapped not in found:
                        found.append(swapped)
                    break
    return found


# ---------------------------------------------------------------------- legal plays


def _leads(edition: Edition) -> list[list[Play]]:
    """The tricks so far the legal vectors ask about: none; each class of card of the
    exhaustive play leading (a suit by its highest card); each card that passes the
    lead on, followed by each of those; and a numbered card after each special card
    that does not pass the lead, alone or after one that does."""
    domain = CardDomain([edition])
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
    tagger = Tagger(edition)
    base = edition.modules[0].id if edition.modules else ""
    # one card of each special kind that is not plain, undeclared
    others = [
        edition.parse_cards([k.code])[0]
        for k in edition.kinds
        if k.role is None or k.effect is not None or k.declarations or k.module != base
    ]
    vectors: list[dict[str, Any]] = []
    source = rule_source("", edition)
    taken: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()

    def numbered(said: str, tags: Iterable[str], hand: list[str], trick: list[str], legal: list[str]) -> None:
        """The next numbered vector: ``legal`` the plays of ``hand`` to ``trick``."""
        given, expected = {"hand": hand, "trick": trick}, {"legal": legal}
        vectors.append(
            make_vector(f"legal-{len(vectors) + 1:03d}", said, source=source, tags=tags, given=given, expected=expected)
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
            make_vector(
                ident, str(case["rule"]), source=str(case["source"]), tags=tags, given=given, expected={"legal": legal}
            )
        )
    return vectors


# ---------------------------------------------------------------------- round scores


def _rounds_played(edition: Edition) -> list[tuple[int, int, int, str | None, bool]]:
    """The rounds the round vectors are played in, each as (number, cards dealt, rounds
    of its schedule, the schedule's id where it is not the default, whether only the
    zero bids are tried there): the default schedule's last round; then, for the zero
    bids, a round whose cards dealt differ from its number where the edition's
    schedules hold one (a zero bid is worth 10 per card dealt in the 2021 rulebook, not
    per round: a program that counts rounds fails only there), or one whose cards equal
    its number where the last round's differ (both readings shown either way)."""
    players = max(edition.min_players, len(PLAYERS))
    schedule = edition.schedule()
    number = len(schedule.rounds)
    cards = edition.cards_dealt(number, players) or number
    played: list[tuple[int, int, int, str | None, bool]] = [(number, cards, number, None, False)]
    for other in (schedule, *edition.schedules):
        for at in range(1, len(other.rounds) + 1):
            dealt = edition.cards_dealt(at, players, other.id)
            if dealt is not None and (dealt != at) != (cards != number) and dealt >= 3:
                named = None if other.id == schedule.id else other.id
                return [*played, (at, dealt, len(other.rounds), named, True)]
    return played


def _round(edition: Edition, given: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The scorer of a round vector's scheme, and its results as the scorer takes them:
    the bid after its change, the capture bonuses by id, the alliances (the alliance
    card's player, the trick's winner), the wagers and the loads, after the game's
    earlier rounds (``before``: each a round's results, scored in turn), else at a
    game's start."""
    so_far = None
    if "before" in given:
        game = GameSoFarBuilder(given["players"])
        for earlier in given["before"]:
            table = {key: given[key] for key in _GAME_KEYS if key in given}
            scoring, results = _scored(edition, {**table, **earlier}, game.before())
            game.add(scoring.points(**results), last_leader=None, last_missing="a round vector plays no trick")
        so_far = game.before()
    return _scored(edition, given, so_far)


#: What an earlier round of a round vector (``before``) takes from the vector's input.
_GAME_KEYS = ("scoring", "players", "rounds", "schedule")


def _scored(edition: Edition, given: dict[str, Any], so_far: GameSoFar | None) -> tuple[Any, dict[str, Any]]:
    """:func:`_round` of one round, after the game ``so_far``."""
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
        "game": scoring.game(edition, so_far=so_far, players=players, number=given["round"], rounds=given["rounds"]),
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


def _additions(edition: Edition, scheme: Scheme, won: int) -> list[tuple[str, dict[str, Any], set[str]]]:
    """What a round can add to A's results (A having won ``won`` tricks), each with its
    words and tags: nothing, the capture bonuses (where A won a trick), an alliance, a
    wager, a bid change and each load but the default."""
    added: list[tuple[str, dict[str, Any], set[str]]] = [("", {}, set())]
    if edition.bonuses and won:  # (a player who won no trick captured nothing)
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


#: The tag of the round vectors given the game's earlier rounds (``before``).
GAME_SO_FAR = "game-so-far"
#: A's bid and tricks won in every earlier round of each game a round vector is given
#: where the scheme reads the game so far (B makes a bid of every trick A leaves); the
#: last: A makes every bid but the last two (a run of missed bids).
_HISTORIES: tuple[tuple[str, int, int], ...] = (
    ("A made every bid of 1", 1, 1),
    ("A missed every bid of 1", 1, 0),
    ("A made every bid of 0", 0, 0),
)


def _histories(edition: Edition, at: int, schedule: str | None) -> list[tuple[str, list[dict[str, Any]]]]:
    """The games before round ``at`` (of ``schedule``, default: the default schedule) a
    round vector of a scheme that reads the game so far is given, each in words with its
    earlier rounds' results (``before``); just round 1's game, without one."""
    if at == 1:
        return [("", [])]
    players = max(edition.min_players, len(PLAYERS))
    dealt = [edition.cards_dealt(k, players, schedule) or k for k in range(1, at)]
    span = "round 1" if at == 2 else f"rounds 1-{at - 1}"

    def game(results: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
        return [
            {"round": k, "cards": cards, "bids": {"A": bid, "B": cards - won}, "won": {"A": won, "B": cards - won}}
            for k, (cards, (bid, won)) in enumerate(zip(dealt, results, strict=True), start=1)
        ]

    found = [(f"{span} in which {words}", game([(bid, won)] * len(dealt))) for words, bid, won in _HISTORIES]
    if at >= 4:  # (a run of two missed bids after made ones)
        mixed = [(1, 1)] * (len(dealt) - 2) + [(1, 0)] * 2
        found.append((f"{span} in which A made every bid of 1 but missed the last two", game(mixed)))
    return found


def round_vectors(edition: Edition, number: int | None = None) -> list[dict[str, Any]]:
    """The round-score vectors of ``edition`` (see the module's docstring): two players,
    A and B; B always makes a bid of the tricks A leaves. With ``number``, in that round
    (of the default schedule, or a tie-break round past it); else in the rounds of
    :func:`_rounds_played`, those of a schedule other than the default tagged
    ``schedule-ID`` (their input names it: ``schedule``)."""
    if number is None:
        played = _rounds_played(edition)
    else:
        values = edition.template.round_values(number, max(edition.min_players, len(PLAYERS)))
        played = [(number, values["cards"], values["rounds"], None, False)]
    vectors: list[dict[str, Any]] = []
    for at, cards, rounds, schedule, zero_only in played:
        where = {"schedule": schedule} if schedule else {}
        schedule_tags = {f"schedule-{tag(schedule)}"} if schedule else set()
        for scheme in edition.schemes:
            scheme_tags = set() if scheme.id == edition.default_scheme else {f"scoring-{tag(scheme.id)}"}
            histories = _histories(edition, at, schedule) if scorer(edition, scheme).game_names else [("", [])]
            for (history, before), (words, bid, won) in itertools.product(histories, _RESULTS):
                if zero_only and bid:
                    continue
                additions = _additions(edition, scheme, won)
                plain = zero_only or history != histories[0][0]  # (each thing added once, after one history)
                for added, given, tags in additions[:1] if plain else additions:
                    left = cards - won
                    change = given.get("bid_changes", {}).get("A", 0)
                    base: dict[str, Any] = {
                        "scoring": scheme.id,
                        "round": at,
                        "cards": cards,
                        "rounds": rounds,
                        **where,
                        "players": list(PLAYERS),
                        "bids": {"A": bid - change, "B": left},
                        "won": {"A": won, "B": left},
                    }
                    if bid - change < 0:
                        continue
                    inputs = {**base, **given, **({"before": before} if before else {})}
                    try:
                        points = score_round(edition, inputs)
                        cases = round_cases(edition, inputs)
                    except (SkullKingError, KeyError):
                        continue
                    scored = {p: b + inputs.get("bid_changes", {}).get(p, 0) for p, b in inputs["bids"].items()}
                    zero = {"zero-bid"} if 0 in scored.values() else set()  # the bid scored, after its change
                    said = f"round {at}, {cards} cards dealt: A {words}" + (f", {added}" if added else "")
                    said += f" (schedule {schedule})" if schedule else ""
                    said += f", after {history}" if history else ""
                    vectors.append(
                        make_vector(
                            f"round-{len(vectors) + 1:03d}",
                            f"{scheme.title}: {said}",
                            source=rule_source(scheme.source, edition),
                            tags={*scheme_tags, *schedule_tags, *tags, *zero, *({GAME_SO_FAR} if before else ())},
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
    elif kind == "games":
        vectors = game_vectors(rules, number)
    else:
        vectors = {"tricks": trick_vectors, "legal": legal_vectors}[kind](rules)
    if number is not None:
        for vector in vectors:
            vector["input"]["round"] = number
    disputed(rules, kind, vectors)
    head = {"suite": SUITE, "version": VERSION, "edition": edition.id, "sources": list(edition.sources)}
    return {**head, **({"round": number} if number is not None else {}), "kind": kind, "vectors": vectors}


def answer(edition: Edition, kind: str, given: dict[str, Any]) -> dict[str, Any]:
    """This engine's output for one vector's input of ``kind`` (a request's: ``trick``,
    ``legal``, ``round`` or ``game``), in the rules of the input's ``round`` where it
    gives one (an edition whose rules change with the round): what the engine's own
    adapter answers. Raises :class:`~skullking.core.errors.SkullKingError` for an input
    the rules refuse, ``KeyError`` for one that lacks a field, ``ValueError`` for an
    unknown kind."""
    if "round" in given and edition.round_reads and kind != "game":
        edition = in_round(edition, int(given["round"]))
    if kind == "trick":
        return edition.resolve_trick(given["cards"], leader=given["leader"], players=given["players"]).as_json()
    if kind == "legal":
        return {"legal": [str(p) for p in edition.legal_plays(given["hand"], given["trick"])]}
    if kind == "round":
        return {"points": score_round(edition, given)}
    if kind == "game":
        return play_game(edition, given)
    raise ValueError(f"unknown kind '{kind}'")


def disputed(edition: Edition, kind: str, vectors: list[dict[str, Any]]) -> None:
    """Tag each of ``vectors`` (of ``kind``, made of ``edition``) whose answer differs
    under another reading of a point the sources dispute
    (:func:`skullking.analysis.disputes.variants`) with that point's tag: a program that
    reads it the other way skips them by name."""
    for name, other in variants(edition):
        for vector in vectors:
            if name in vector["tags"]:
                continue
            try:
                got: object = answer(other, REQUEST_KINDS[kind], vector["input"])
            except SkullKingError as exc:  # (a move the other reading refuses)
                got = {"error": str(exc)}
            if differences(kind, vector["expected"], got):
                vector["tags"] = sorted({*vector["tags"], name})


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
    :func:`document`), each with the engine's version (``engine``) and the content
    version of them all (``content_version``: :func:`content_version`)."""
    docs = [document(edition, kind, number) for kind in KINDS]
    stamp = {"engine": __version__, "content_version": content_version(docs)}
    return [{**{k: v for k, v in doc.items() if k not in _AFTER_STAMP}, **stamp, **_after(doc)} for doc in docs]


#: The fields of a vector document that come after its ``engine`` and ``content_version``.
_AFTER_STAMP = ("sources", "round", "kind", "vectors")


def _after(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: doc[k] for k in _AFTER_STAMP if k in doc}


def content_version(docs: Sequence[dict[str, Any]]) -> str:
    """The content version of an edition's vector files: ``sha256:`` and the SHA-256
    (hexadecimal) of the engine's version and of every file's kind and vectors, as
    compact JSON with sorted keys (``json.dumps(..., sort_keys=True, separators=(",",
    ":"), ensure_ascii=False)`` of ``{"engine": ..., "files": [{"kind": ..., "vectors":
    ...}, ...]}``, encoded as UTF-8). The same vectors from the same engine version
    always give the same one: a program pins the vectors it passed by it."""
    import hashlib
    import json

    files = [{"kind": doc["kind"], "vectors": doc["vectors"]} for doc in docs]
    body = json.dumps(
        {"engine": __version__, "files": files}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return "sha256:" + hashlib.sha256(body.encode("utf-8")).hexdigest()


def stdout_document(edition: Edition, number: int | None = None) -> dict[str, Any]:
    """Every vector file of ``edition`` as one document, with what its codes and ids
    mean (``glossary``: :func:`skullking.analysis.glossary.glossary`): what
    ``skullking vectors`` writes without ``--out``, and ``vectors.json`` with it."""
    return bundle(edition, documents(edition, number), number)


def bundle(edition: Edition, docs: list[dict[str, Any]], number: int | None = None) -> dict[str, Any]:
    """The vector files ``docs`` of ``edition`` (:func:`documents`) as one document
    (:func:`stdout_document`)."""
    head = {"suite": SUITE, "version": VERSION, "edition": edition.id, "engine": __version__}
    head["content_version"] = docs[0]["content_version"]
    rules = edition if number is None else in_round(edition, number)
    whole = {**head, **({"round": number} if number is not None else {}), "glossary": glossary(rules)}
    return {**whole, "files": docs}


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
            elif key == "glossary":
                parts = [f"{indent}  {json_text(k)}: {vectors(v, indent + '  ')}" for k, v in value.items()]
                shown = "{\n" + ",\n".join(parts) + f"\n{indent} }}"
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
#: The fields of each trick of a game's output that are compared (its ``cards`` are
#: shown, never compared: they follow from the leaders and the plays).
GAME_TRICK_FIELDS = ("leader", "winner")
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
    if kind == "games":
        tricks = got.get("tricks", ...)
        if not isinstance(tricks, list) or len(tricks) != len(expected["tricks"]):
            return [_differ("tricks", expected["tricks"], tricks)]
        for at, (want, given) in enumerate(zip(expected["tricks"], tricks, strict=True), start=1):
            if not isinstance(given, dict):
                found.append(_differ(f"tricks.{at}", want, given))
                continue
            for field in GAME_TRICK_FIELDS:
                if field not in given:
                    found.append(_differ(f"tricks.{at}.{field}", want[field]))
                elif not same(given[field], want[field]):
                    found.append(_differ(f"tricks.{at}.{field}", want[field], given[field]))
        found += _per_player("won", expected, got)
    return found + _per_player("points", expected, got)


def _per_player(field: str, expected: dict[str, Any], got: dict[str, Any]) -> list[dict[str, Any]]:
    """Where the output's ``field`` (a number per player: ``points``, ``won``) differs,
    player by player (``points.A``)."""
    given = got.get(field, ...)
    if not isinstance(given, dict):
        return [_differ(field, expected[field], given)]
    want: dict[str, Any] = expected[field]
    found: list[dict[str, Any]] = []
    for player in [*want, *(p for p in given if p not in want)]:
        if player not in given:
            found.append(_differ(f"{field}.{player}", want[player]))
        elif not same(given[player], want.get(player, ...)):
            found.append(_differ(f"{field}.{player}", want.get(player), given[player]))
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
    if kind == "games":
        parts = sorted(
            {f["field"].split(".")[-1] if f["field"].startswith("tricks.") else f["field"].split(".")[0] for f in found}
        )
        return f"{GAME_TAG}: {', '.join(parts) or 'round played'}"
    cases: dict[str, str] = expected.get("cases", {})
    named = [f["field"].removeprefix("points.") for f in found if f["field"].startswith("points.")]
    chosen = sorted({cases[p] for p in named if p in cases} or set(cases.values()))
    return f"{vector['input'].get('scoring', '')}: {', '.join(chosen)}"
