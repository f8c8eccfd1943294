"""House rules generated at the level of rules, and the agreement of the two trick
resolvers on them: shared by tests/tricks/compiled/test_differential.py (a few dozen editions
in the suite), tests/tricks/compiled/test_compiled.py and test_plantable.py (the helpers that resolve
one trick every way), and scripts/differential.py (a long run that counts them).

:func:`house_rules` is a hypothesis strategy of overlays of the bundled editions, as a
rule author writes them: new roles and other leads, suits made trump or given other
ranks, a new suit, cards given other roles, declarations, effects and counts, new
cards, precedence rules added, changed (conditions, picks, card groups, ties), moved
and removed, in the main list and in a neutralize effect's, effects of another kind or
with other settings, new effects, bonuses by roles, suits, ranks, cards, printed roles
and place, with or without the winner, and other player counts and module thresholds.
It tracks the merged rules as it goes so that what it writes loads: an overlay that
does not is counted by the callers, and discarded.

:func:`check_edition` resolves random tricks of a loaded edition (random cards of its
deck, declarations, player counts and leaders, and for each trick another of the same
pattern) through the interpreter and the compiled resolver: an edition object that
learns its plans as it goes, another that read its plan tables (``plan_tricks``), each
trick as parsed cards, a list and a tuple of plays, twice over (the pattern seen,
planned, then served by its plan), as text, and a round's path for a trick led by seat 0.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

import skullking
from skullking.core.errors import Problem, SkullKingError
from skullking.edition import Edition
from skullking.loading.loader import check_file
from skullking.model.cards import Play
from skullking.model.records import RESERVED_OF, TRICK_NAMES

#: The bundled editions, the bases of the generated house rules.
BASES: dict[str, Edition] = {ident: skullking.load_edition(ident) for ident, _ in skullking.bundled_editions()}

Overlay = dict[str, Any]

_PICKS = ("first", "last", "highest", "lowest")
_STRATEGIES = (
    "would_have_won_without_effects",
    "would_have_won_without_card",
    "effect_player",
    "left_of_effect_player",
    "trick_leader",
)
#: Ids and codes of what a house rule adds (no word of the bundled editions' cards).
_NEW_ROLES = ("ghoul", "selkie", "wraith")
_NEW_CARDS = (("nix", "NIX"), ("imp", "IMP"), ("hag", "HAG"), ("orc", "ORC"))
_NEW_EFFECTS = ("storm", "fog")
_DECLARATION_CODES = ("DA", "DB", "DC")


# ---------------------------------------------------------------------- resolving


def outcome(resolve: Callable[..., Any], cards: Any, leader: int, players: int | None) -> object:
    """The result, or the error's type and message."""
    try:
        return resolve(cards, leader, players)
    except SkullKingError as exc:
        return (type(exc).__name__, str(exc))


def agree(
    editions: Sequence[Edition], codes: Sequence[str], leader: int, players: int | None, *, times: int = 2
) -> object:
    """Every way of resolving the trick ``codes`` under each of ``editions`` (objects of
    one edition's rules) gives what the interpreter gives: parsed, plays in a list and
    in a tuple, ``times`` over (a short trick's pattern is planned the second time it is
    met and served by its plan from the third), as text, and for a possible trick led
    by seat 0 as a round resolves it. Returns that outcome."""
    codes = list(codes)
    expected = outcome(editions[0].interpret_trick, codes, leader, players)

    def check(got: object, how: str) -> None:
        assert got == expected, f"{(codes, leader, players)}: {how} gives {got}, the interpreter {expected}"

    for number, edition in enumerate(editions):
        plays = [edition.plays[code] for code in codes]
        for time in range(1, times + 1):
            for cards, form in ((edition.parse_cards(codes), "parsed"), (plays, "a list"), (tuple(plays), "a tuple")):
                got = outcome(edition.resolve_trick, cards, leader, players)
                check(got, f"resolve_trick of object {number}, {form}, time {time},")
        check(
            outcome(edition.resolve_trick, " ".join(codes), leader, players), f"resolve_trick of object {number}, text,"
        )
        if leader == 0 and players is not None and isinstance(expected, skullking.TrickResult):
            check(edition.compiled.resolve_dealt(plays, players), f"the round's resolver of object {number}")
    return expected


def deck_plays(edition: Edition, rng: random.Random, modules: list[str] | None = None) -> list[Play]:
    """A play for every physical card of the edition (of ``modules``, default all),
    declared cards declared at random."""
    out = []
    for card in edition.deck(modules):
        play = edition.plays[card.code]
        if play.undeclared:
            kind = edition.kind(card.kind or "")
            play = edition.plays[f"{card.code}:{rng.choice(kind.declarations).code}"]
        out.append(play)
    return out


def random_trick(edition: Edition, key: tuple[int, ...], rng: random.Random) -> list[Play] | None:
    """A random trick of the pattern tuple ``key``: each card a random play of its
    pattern (other ranks and cards than a plan of it was made from); ``None`` when the
    draw is not a possible trick."""
    by_pattern: dict[int, list[Play]] = defaultdict(list)
    for play in edition.plays.values():
        by_pattern[play.pattern].append(play)
    cards = [rng.choice(by_pattern[pattern]) for pattern in key]
    copies = Counter(play.pool for play in cards)
    if any(count > edition.pool_limits[pool] for pool, count in copies.items()):
        return None
    named = [play.card.code for play in cards if play.card.individual is not None]
    if len(set(named)) < len(named):
        return None  # a named card twice
    return cards


def tabled(edition: Edition) -> Edition:
    """Another object of ``edition``'s rules that read its plan tables from the cache,
    where a third object built and stored them (``Edition.plan_tricks``)."""
    builder: Edition = pickle.loads(pickle.dumps(edition))
    assert builder.plan_tricks()
    reader: Edition = pickle.loads(pickle.dumps(edition))
    assert reader.plan_tricks(build=False), "the plan tables were not kept (is the cache off?)"
    return reader


def check_edition(edition: Edition, rng: random.Random, tricks: int) -> int:
    """Resolve ``tricks`` random tricks of ``edition`` and for each another of the same
    pattern, every way (:func:`agree`), under this object (object 0: its plans learnt as
    it goes) and one with its plan tables (object 1, :func:`tabled`). Returns how many
    tricks were compared; raises ``AssertionError`` naming the first that disagrees.

    Most tricks are cards of the deck of the modules used at a random player count,
    led by a random seat (seat 0 half the time: a round's path); three in ten mostly
    special cards (their roles, effects and bonuses decide); one in twenty may be
    impossible: any plays drawn with replacement (too many copies, undeclared cards),
    and any leader and player count."""
    objects = [edition, tabled(edition)]
    every = list(edition.plays.values())
    decks: dict[int, list[Play]] = {}
    compared = 0
    for _ in range(tricks):
        players = rng.randint(edition.min_players, edition.max_players)
        if players not in decks:
            decks[players] = deck_plays(edition, rng, edition.modules_for(players) if rng.random() < 0.8 else None)
        deck = decks[players]
        size = min(rng.choice([1, *[2, 3, 4] * 5, *range(5, 9)]), players, len(deck))
        leader = rng.choice([0, rng.randrange(players)])
        seats: int | None = players
        kind = rng.random()
        if kind < 0.05:
            plays = rng.choices(every, k=size)
            seats = rng.choice([players, None, rng.randint(0, edition.max_players + 1)])
            leader = rng.choice([leader, rng.randint(-1, (seats or size) + 1)])
        elif kind < 0.35:
            special = [play for play in deck if play.suit_index < 0]
            numbered = [play for play in deck if play.suit_index >= 0]
            pool = special + rng.sample(numbered, min(len(numbered), rng.randint(1, 3)))
            plays = rng.sample(pool, min(size, len(pool)))
        else:
            plays = rng.sample(deck, size)
        agree(objects, [play.code for play in plays], leader, seats)
        compared += 1
        other = random_trick(edition, tuple(play.pattern for play in plays), rng)
        if other is not None:
            agree(objects, [play.code for play in other], leader, seats)
            compared += 1
    return compared


# ---------------------------------------------------------------------- loading


def overlay_text(overlay: Overlay) -> str:
    """The overlay as the YAML file a rule author would write."""
    return yaml.safe_dump(overlay, sort_keys=False, allow_unicode=True)


def load_overlay(overlay: Overlay, folder: Path) -> tuple[Edition | None, list[Problem]]:
    """Load ``overlay`` written as a file in ``folder``: the edition (``None`` when it
    does not load) and the problems found (errors, warnings)."""
    path = folder / f"{overlay['id']}.yaml"
    path.write_text(overlay_text(overlay), encoding="utf-8")
    edition, problems = check_file(path, use_cache=False)
    return edition, problems


def check_overlay(overlay: Overlay, folder: Path, trick_seed: int, tricks: int) -> int | None:
    """Load ``overlay`` (in ``folder``) and compare ``tricks`` random tricks of it and
    as many of their patterns (:func:`check_edition`, seeded by ``trick_seed``): how
    many were compared, ``None`` when it does not load. A disagreement raises
    ``AssertionError`` with the overlay as YAML and the trick."""
    edition, _ = load_overlay(overlay, folder)
    if edition is None:
        return None
    try:
        return check_edition(edition, random.Random(trick_seed), tricks)
    except AssertionError as exc:
        raise AssertionError(f"the resolvers disagree under\n\n{overlay_text(overlay)}\non the trick {exc}") from exc


# ---------------------------------------------------------------------- generating


class _Draft:
    """An overlay being written, and the rules it makes with its base (each change is
    made to both, so that later changes see the merged rules)."""

    def __init__(self, base: Edition) -> None:
        data = copy.deepcopy(base.data)
        self.base = base
        self.overlay: Overlay = {"extends": base.id, "id": "generated"}
        self.roles: list[str] = [r["id"] for r in data["roles"]]
        self.leads = {r["id"]: r["lead"] for r in data["roles"]}
        self.suits: dict[str, dict[str, Any]] = {s["id"]: s for s in data["deck"]["suits"]}
        self.cards: dict[str, dict[str, Any]] = {c["id"]: c for c in data["deck"].get("cards", [])}
        effects = data.get("effects", {})
        self.effects: dict[str, dict[str, Any]] = {e["id"]: e for e in effects.get("list", [])}
        self.rules: dict[str, dict[str, Any]] = {r["id"]: r for r in data["precedence"]}
        self.bonuses: dict[str, dict[str, Any]] = {b["id"]: b for b in data["bonuses"]}
        self.modules: dict[str, dict[str, Any]] = {m["id"]: m for m in data["modules"]}
        self.players: dict[str, int] = dict(data["players"])
        self.ghost_players: int | None = data["ghost"]["players"] if "ghost" in data else None
        self.hand_limit = base.hand_limit
        self.rounds = max(max(v["rounds"]) for v in data["schedule"]["variants"])
        self.cancelled = "cancelled_role" in effects  # (else there is none to remove)

    def section(self, *path: str) -> dict[str, Any]:
        """The overlay's mapping at ``path`` (made when missing)."""
        node = self.overlay
        for key in path:
            node = node.setdefault(key, {})
        return node

    def change(self, view: dict[str, Any], path: tuple[str, ...], ident: str, **values: Any) -> None:
        """Set ``values`` on the item ``ident`` of the list at ``path`` (``None`` removes
        the key), in the overlay and in ``view`` (the merged item; the overlay's own
        item when the overlay adds it)."""
        item = self.section(*path).setdefault(ident, {})
        for key, value in values.items():
            if value is None:
                if item is not view and key in view:
                    item[key] = None
                view.pop(key, None)
                continue
            item[key] = value
            view[key] = value

    def groups(self) -> list[str]:
        """What a precedence rule may pick among."""
        return [*self.roles, *self.suits, *sorted(RESERVED_OF)]

    def altering(self) -> int:
        """The copies of trick-altering cards in the deck."""
        kinds = {e: self.effects[e]["kind"] for e in self.effects}
        return sum(
            card.get("count", 1)
            for card in self.cards.values()
            if "effect" in card and kinds.get(card["effect"]) not in (None, "alliance")
        )

    def deck_size(self) -> int:
        """The cards of the deck without optional modules (what a hand limit must fit)."""
        required = {m for m, module in self.modules.items() if not module.get("optional", False)}
        size: int = sum(
            s["ranks"]["to"] - s["ranks"]["from"] + 1
            for s in self.suits.values()
            if s.get("module", "base") in required
        )
        size += sum(c.get("count", 1) for c in self.cards.values() if c.get("module", "base") in required)
        return size


@st.composite
def _condition(draw: st.DrawFn, names: Sequence[str]) -> str:
    """A precedence condition over the trick's counts (``names``), now and then one that
    divides (by zero too)."""

    def term() -> str:
        left = draw(st.one_of(st.sampled_from(names), st.integers(0, 3).map(str)))
        if draw(st.integers(0, 3)) == 0:
            op = draw(st.sampled_from(["+", "-", "*", "//", "%"]))
            # (a literal 0 after // or % is refused at load: a count may be 0 in play)
            low = 1 if op in ("//", "%") else 0
            return f"{left} {op} {draw(st.one_of(st.sampled_from(names), st.integers(low, 2).map(str)))}"
        return left

    def comparison() -> str:
        return f"{term()} {draw(st.sampled_from(['==', '!=', '<', '<=', '>', '>=']))} {term()}"

    shape = draw(st.integers(0, 5))
    if shape == 0:
        return f"{comparison()} and {comparison()}"
    if shape == 1:
        return f"{comparison()} or {comparison()}"
    if shape == 2:
        return f"not ({comparison()})"
    return comparison()


@st.composite
def _rule(draw: st.DrawFn, draft: _Draft, *, conditions: bool = True, favoured: Sequence[str] = ()) -> dict[str, Any]:
    """A precedence rule's ``winner`` (and maybe ``when``), with ties where it may tie;
    half the time a rule of the ``favoured`` card groups, when there are some."""
    pick = draw(st.sampled_from(_PICKS))
    groups = st.sampled_from(draft.groups())
    if favoured:
        groups = st.one_of(groups, st.sampled_from(favoured))
    winner: dict[str, Any] = {"pick": pick, "of": draw(groups)}
    if pick in ("highest", "lowest") and draw(st.booleans()):
        winner["ties"] = draw(st.sampled_from(["first_played", "last_played"]))
    rule: dict[str, Any] = {"winner": winner}
    if conditions and draw(st.integers(0, 2)) == 0:
        rule["when"] = draw(_condition([*draft.roles, *TRICK_NAMES]))
    return rule


def _rules(
    draw: st.DrawFn,
    draft: _Draft,
    rules: dict[str, dict[str, Any]],
    path: tuple[str, ...],
    base: set[str],
    *,
    changes: tuple[int, int] = (0, 3),
    favoured: Sequence[str] = (),
) -> None:
    """Change, add, move and remove rules of a precedence list (``rules``, the merged
    list by id, at ``path`` in the overlay; ``base``: the ids of the base's rules, the
    only ones a moved rule is placed next to), between ``changes`` times, rules of
    the ``favoured`` card groups more often."""
    section = draft.section(*path)

    def anchored(ident: str) -> bool:
        return any(
            isinstance(item, dict) and ident in (item.get("before"), item.get("after")) for item in section.values()
        )

    for _ in range(draw(st.integers(*changes))):
        ident = draw(st.sampled_from(sorted(rules)))
        rule = rules[ident]
        what = draw(st.integers(0, 4))
        if what == 0:  # another condition, or none
            when = draw(st.one_of(st.none(), _condition([*draft.roles, *TRICK_NAMES])))
            draft.change(rule, path, ident, when=when)
        elif what == 1:  # another pick or card group (ties dropped where they cannot apply)
            old = rule["winner"]
            winner = {**old, **draw(_rule(draft, conditions=False, favoured=favoured))["winner"]}
            if winner["pick"] not in ("highest", "lowest") and "ties" in winner:
                del winner["ties"]
            written = dict(winner)
            if "ties" in old and "ties" not in winner and section.get(ident) is not rule:
                written["ties"] = None  # (the base's ties removed: winner merges key by key)
            draft.change(rule, path, ident, winner=written)
            rule["winner"] = winner
        elif what == 2 and len(rules) > 1 and not anchored(ident):  # removed
            section[ident] = None
            del rules[ident]
        elif what == 3 and len(rules) > 1 and set(rules) & base - {ident}:  # moved
            item = section.setdefault(ident, {})
            item.pop("before", None)
            item.pop("after", None)
            item[draw(st.sampled_from(["before", "after"]))] = draw(
                st.sampled_from(sorted(set(rules) & base - {ident}))
            )
        else:  # a new rule, somewhere
            new = f"house-{len(rules)}"
            while new in rules or new in section:
                new += "x"
            rule = {"id": new, **draw(_rule(draft, favoured=favoured)), "description": f"house rule {new}"}
            rule[draw(st.sampled_from(["before", "after"]))] = draw(st.sampled_from(sorted(rules)))
            section[new] = rules[new] = rule


@st.composite
def _pattern(draw: st.DrawFn, draft: _Draft, *, captured: bool, roles_only: bool) -> dict[str, Any]:
    """A bonus's card pattern: roles alone (``roles_only``: what the compiled resolver
    counts without matching), else roles, suits, ranks, cards, printed roles and (of
    captured cards) a place."""
    roles = st.lists(st.sampled_from(draft.roles), min_size=1, max_size=3, unique=True)
    if roles_only:
        return {"roles": draw(roles)}
    ranks = sorted({rank for s in draft.suits.values() for rank in range(s["ranks"]["from"], s["ranks"]["to"] + 1)})
    options: dict[str, st.SearchStrategy[Any]] = {
        "roles": roles,
        "suits": st.lists(st.sampled_from(sorted(draft.suits)), min_size=1, max_size=2, unique=True),
        "ranks": st.lists(st.sampled_from(ranks), min_size=1, max_size=3, unique=True),
        "cards": st.lists(st.sampled_from(sorted(draft.cards)), min_size=1, max_size=2, unique=True),
        "printed_roles": st.lists(st.sampled_from(draft.roles), min_size=1, max_size=2, unique=True),
    }
    if captured:
        options["played"] = st.sampled_from(["before_winner", "after_winner"])
    return {
        key: draw(options[key])
        for key in draw(st.lists(st.sampled_from(sorted(options)), min_size=1, max_size=2, unique=True))
    }


def _bonuses(draw: st.DrawFn, draft: _Draft) -> None:
    """Bonuses changed, removed and added: in two overlays in three by roles alone (the
    compiled resolver counts those when every bonus a winner's role may earn is one),
    else one in two."""
    path = ("bonuses",)
    plain = draw(st.integers(0, 2)) > 0
    for _ in range(draw(st.integers(0, 4))):
        what = draw(st.integers(0, 4))
        if what == 0 and draft.bonuses:
            ident = draw(st.sampled_from(sorted(draft.bonuses)))
            draft.change(draft.bonuses[ident], path, ident, points=draw(st.integers(-30, 50)))
        elif what == 1 and draft.bonuses:
            ident = draw(st.sampled_from(sorted(draft.bonuses)))
            draft.section(*path)[ident] = None
            del draft.bonuses[ident]
        else:
            ident = f"house-bonus-{len(draft.bonuses)}"
            while ident in draft.bonuses:
                ident += "x"
            roles_only = plain or draw(st.booleans())
            bonus: dict[str, Any] = {"points": draw(st.integers(-20, 50)), "description": f"house bonus {ident}"}
            if draw(st.booleans()):
                bonus["winner"] = draw(_pattern(draft, captured=False, roles_only=roles_only))
            many = draw(st.integers(0, 3)) == 0
            patterns = draw(
                st.lists(_pattern(draft, captured=True, roles_only=roles_only), min_size=1, max_size=2 if many else 1)
            )
            bonus["captured"] = patterns if many else patterns[0]
            if not roles_only and draw(st.booleans()):
                bonus["exclude_winner"] = True
            draft.section(*path)[ident] = draft.bonuses[ident] = bonus


def _roles(draw: st.DrawFn, draft: _Draft) -> None:
    """New roles, and other leads."""
    for ident in draw(st.lists(st.sampled_from(_NEW_ROLES), max_size=2, unique=True)):
        lead = draw(st.sampled_from(["pass", "no_suit"]))
        draft.section("roles")[ident] = {"lead": lead, "description": f"house role {ident}"}
        draft.roles.append(ident)
        draft.leads[ident] = lead
    if draw(st.integers(0, 3)) == 0:
        ident = draw(st.sampled_from(draft.roles))
        lead = "pass" if draft.leads[ident] == "no_suit" else "no_suit"
        draft.section("roles").setdefault(ident, {})["lead"] = lead
        draft.leads[ident] = lead


def _suits(draw: st.DrawFn, draft: _Draft) -> None:
    """Suits made trump or not, other ranks, a new suit."""
    path = ("deck", "suits")
    for ident in draw(st.lists(st.sampled_from(sorted(draft.suits)), max_size=2, unique=True)):
        suit = draft.suits[ident]
        if draw(st.booleans()):
            draft.change(suit, path, ident, trump=not suit.get("trump", False))
        else:
            low = draw(st.integers(0, 3))
            draft.change(suit, path, ident, ranks={"from": low, "to": low + draw(st.integers(2, 16))})
    if draw(st.integers(0, 4)) == 0:
        low = draw(st.integers(0, 2))
        suit = {"code": "Z", "ranks": {"from": low, "to": low + draw(st.integers(1, 10))}}
        if draw(st.booleans()):
            suit["trump"] = True
        draft.section(*path)["stars"] = suit
        draft.suits["stars"] = suit


@st.composite
def _declare(draw: st.DrawFn, draft: _Draft) -> list[dict[str, str]]:
    roles = draw(st.lists(st.sampled_from(draft.roles), min_size=2, max_size=3, unique=True))
    return [{"role": role, "code": code} for role, code in zip(roles, _DECLARATION_CODES, strict=False)]


def _cards(draw: st.DrawFn, draft: _Draft) -> None:
    """Cards given other counts, roles, declarations and effects, and new cards."""
    path = ("deck", "cards")
    altering = {e for e, effect in draft.effects.items() if effect["kind"] != "alliance"}
    for ident in draw(st.lists(st.sampled_from(sorted(draft.cards)), max_size=3, unique=True)):
        card = draft.cards[ident]
        what = draw(st.integers(0, 3))
        if what == 0:  # another count (every named individual keeps a copy)
            draft.change(card, path, ident, count=draw(st.integers(max(1, len(card.get("individuals", []))), 6)))
        elif what == 1:  # another role, or declared
            if card.get("effect") not in altering and draw(st.booleans()):
                draft.change(card, path, ident, role=None, declare=draw(_declare(draft)))
            else:
                draft.change(card, path, ident, declare=None, role=draw(st.sampled_from(draft.roles)))
        elif what == 2 and draft.effects:  # another effect (a declared card only an alliance)
            choices = sorted(draft.effects) if "role" in card else sorted(set(draft.effects) - altering)
            effect = draw(st.one_of(st.none(), st.sampled_from(choices))) if choices else None
            if effect is not None or "effect" in card:
                draft.change(card, path, ident, effect=effect)
        elif what == 3 and len(draft.modules) > 1:
            draft.change(card, path, ident, module=draw(st.sampled_from(sorted(draft.modules))))
    for ident, code in draw(st.lists(st.sampled_from(_NEW_CARDS), max_size=2, unique=True)):
        card = {"code": code, "count": draw(st.integers(1, 4))}
        effect = draw(st.one_of(st.none(), st.sampled_from(sorted(draft.effects)))) if draft.effects else None
        if (effect is None or effect not in altering) and draw(st.integers(0, 2)) == 0:
            card["declare"] = draw(_declare(draft))
        else:
            card["role"] = draw(st.sampled_from(draft.roles))
        if effect is not None:
            card["effect"] = effect
        draft.section(*path)[ident] = card
        draft.cards[ident] = card


def _effects(draw: st.DrawFn, draft: _Draft) -> None:
    """Effects of another kind or with other settings, a new effect on a card, and
    which of several trick-altering cards acts."""
    path = ("effects", "list")
    keys = {
        "destroy_trick": {"next_leader", "counts_for", "bonuses"},
        "neutralize": {"next_leader", "counts_for", "bonuses", "becomes", "precedence", "cancels_alliances", "spares"},
        "alliance": {"points", "pays"},
    }
    if draw(st.integers(0, 3)) == 0:  # a new effect, given to a card with a role
        ident = draw(st.sampled_from(_NEW_EFFECTS))
        holders = sorted(c for c, card in draft.cards.items() if "role" in card)
        if holders and ident not in draft.effects:
            new = {"id": ident, "kind": "destroy_trick", "description": f"house effect {ident}"}
            draft.section(*path)[ident] = draft.effects[ident] = new
            holder = draw(st.sampled_from(holders))
            draft.change(draft.cards[holder], ("deck", "cards"), holder, effect=ident)
    for ident in [ident for ident in sorted(draft.effects) if draw(st.booleans())]:  # (each one time in two)
        effect = draft.effects[ident]
        kind = effect_kind = effect["kind"]
        if draw(st.integers(0, 3)) == 0:  # another kind: the old kind's keys removed
            declared = any("declare" in c and c.get("effect") == ident for c in draft.cards.values())
            kinds = ["alliance"] if declared else sorted(set(keys) - {kind})
            kind = draw(st.sampled_from(kinds))
            if kind != effect["kind"]:
                removed = {key: None for key in effect if key in set().union(*keys.values()) - keys[kind]}
                draft.change(effect, path, ident, kind=kind, **removed)
                if kind == "neutralize":
                    rule = {"id": "under", **draw(_rule(draft)), "description": "house rule under the effect"}
                    draft.change(effect, path, ident, becomes=draw(st.sampled_from(draft.roles)))
                    # (an effect the overlay adds gives its rules as a list: nothing merges in it)
                    added = draft.section(*path)[ident] is effect
                    draft.change(effect, path, ident, precedence=[rule] if added else {"under": rule})
                    effect["precedence"] = [rule]
                elif kind == "alliance":
                    draft.change(effect, path, ident, points=draw(st.integers(-10, 30)))
        if kind in ("destroy_trick", "neutralize") and draw(st.booleans()):
            strategies = draw(st.lists(st.sampled_from(_STRATEGIES), min_size=1, max_size=3, unique=True))
            draft.change(effect, path, ident, next_leader=strategies)
        if kind in ("destroy_trick", "neutralize") and draw(st.integers(0, 3)) == 0:
            # who a trick it leaves without a winner counts for, its bonuses paid or not
            counted = draw(st.lists(st.sampled_from(_STRATEGIES), min_size=1, max_size=2, unique=True))
            paid = draw(st.sampled_from(["paid", "not_paid"]))
            draft.change(effect, path, ident, counts_for=counted, bonuses=paid)
        if kind == "neutralize" and draft.section(*path).get(ident) is not effect:
            what = draw(st.integers(0, 3))
            if what == 0:
                draft.change(effect, path, ident, becomes=draw(st.sampled_from(draft.roles)))
            elif what == 1:
                spares = draw(st.lists(st.sampled_from(draft.roles), max_size=2, unique=True))
                draft.change(effect, path, ident, spares=spares or None)
            elif what == 2:
                draft.change(effect, path, ident, cancels_alliances=draw(st.booleans()))
            rules = {r["id"]: r for r in effect["precedence"]}
            base = {
                r.id for e in draft.base.effects if e.id == ident and e.kind.value == "neutralize" for r in e.precedence
            }
            # (rules of the roles the effect leaves are what decide under it)
            left = [effect["becomes"], *effect.get("spares", [])]
            left += [c["role"] for c in draft.cards.values() if c.get("effect") == ident and "role" in c]
            placed = (*path, ident, "precedence")
            base = base if kind == effect_kind else set()
            _rules(draw, draft, rules, placed, base, changes=(1, 3), favoured=left)
            effect["precedence"] = list(rules.values())
        if kind == "alliance" and draw(st.booleans()):
            draft.change(effect, path, ident, points=draw(st.integers(-10, 30)))
    if draft.altering() >= 2 and draw(st.booleans()):
        effects = draft.section("effects")
        effects["when_several"] = draw(st.sampled_from(["first_played", "last_played"]))
        if draw(st.booleans()):
            nothing = st.none() if draft.cancelled else st.nothing()
            effects["cancelled_role"] = draw(st.one_of(st.sampled_from(draft.roles), nothing))


def _players(draw: st.DrawFn, draft: _Draft) -> None:
    """Other player counts (fields of other widths), modules used from more players,
    and a hand limit that the deck fits."""
    if draw(st.integers(0, 2)) == 0:
        low = draw(st.integers(1, 2)) if draft.ghost_players is not None else draw(st.integers(1, 4))
        high = draw(st.sampled_from([3, 4, 5, 7, 8, 9, 15, 16]))
        high = max(high, low, draft.ghost_players or 0)
        draft.overlay["players"] = draft.players = {"min": low, "max": high}
    if len(draft.modules) > 1 and draw(st.integers(0, 3)) == 0:
        ident = draw(st.sampled_from(sorted(set(draft.modules) - {"base"})))
        need = draw(st.integers(2, draft.players["max"]))
        draft.change(draft.modules[ident], ("modules",), ident, min_players=need)
    size = draft.deck_size()
    for players in range(draft.players["min"], draft.players["max"] + 1):
        hand = draft.rounds
        if draft.hand_limit is not None:
            hand = min(hand, int(draft.hand_limit.evaluate({"players": players})))
        if players * hand > size:
            draft.overlay["schedule"] = {"hand_limit": f"max(1, {size} // players)"}
            break


@st.composite
def house_rules(draw: st.DrawFn) -> Overlay:
    """An overlay of a bundled edition that changes its rules (see the module's
    description); it loads, but for the rare combination the draft does not foresee."""
    draft = _Draft(BASES[draw(st.sampled_from(sorted(BASES)))])
    _roles(draw, draft)
    _suits(draw, draft)
    _cards(draw, draft)
    _effects(draw, draft)
    _rules(draw, draft, draft.rules, ("precedence",), {r.id for r in draft.base.precedence})
    _bonuses(draw, draft)
    _players(draw, draft)
    if draw(st.integers(0, 4)) == 0:
        draft.overlay["play"] = {
            "no_winner_leads": draw(st.sampled_from(["trick_leader", "left_of_trick_leader", "last_player"]))
        }
    if draw(st.integers(0, 4)) == 0:
        draft.overlay["lead"] = {"character_after_pass": draw(st.sampled_from(["pass", "no_suit"]))}
    return _pruned(draft.overlay)


def _pruned(node: dict[str, Any]) -> dict[str, Any]:
    """``node`` without the mappings left empty (sections and items nothing changed)."""
    out = {}
    for key, value in node.items():
        kept = _pruned(value) if isinstance(value, dict) else value
        if kept != {}:
            out[key] = kept
    return out
