"""Building a frozen :class:`~skullking.edition.Edition` from a checked edition tree.

Runs after the schema and the semantic checks passed, so it may trust the shape of
the data. Expressions are compiled here, and every card that can be played is
turned into an interned :class:`~skullking.model.cards.Play` with its precomputed fields.
"""

from __future__ import annotations

from typing import Any

from skullking.edition import Edition
from skullking.language.expr import Expression, compile_expression
from skullking.language.notation import normalize
from skullking.model.cards import Lead
from skullking.model.records import (
    BID_RANGE_NAMES,
    DECK_NAMES,
    EXTRA_ROUND_NAMES,
    HAND_LIMIT_NAMES,
    NOBODY,
    RULE_VALUE_NAMES,
    TIE_BREAKER_NAMES,
    TRICK_NAMES,
    TRICK_ROUND_NAMES,
    Ability,
    AbilityKind,
    Adjustment,
    AlliancePays,
    Bidding,
    BidRule,
    Bonus,
    BonusesPaid,
    CardKind,
    Case,
    DeckCounts,
    Declaration,
    Effect,
    EffectKind,
    Fallback,
    Ghost,
    Individual,
    Module,
    NextLeader,
    Otherwise,
    Pattern,
    Pick,
    PlayRules,
    Role,
    Rule,
    Schedule,
    Scheme,
    SheetChoice,
    Suit,
    TieBreakWinner,
    Ties,
    WhenSeveral,
    adjustment_names,
    bid_rule_names,
    card_ids,
    case_names,
    deck_copies_of,
    default,
    made_names,
    played_names,
    rule_key,
    seat_names,
)
from skullking.reading.located import Node


def _names(node: dict[str, Any]) -> tuple[str, ...]:
    return tuple(name for words in node.get("names", {}).values() for name in words)


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _counts_for(strategies: list[str]) -> tuple[NextLeader, ...]:
    """An effect's ``counts_for``: its strategies up to ``nobody`` (the checks refuse any
    after it)."""
    found: list[NextLeader] = []
    for strategy in strategies:
        if strategy == NOBODY:
            break
        found.append(NextLeader(strategy))
    return tuple(found)


def _source(root: Node, path: tuple[str | int, ...]) -> str:
    loc = root.locate(path)
    return f"{loc.file}:{loc.line}"


def _rules(
    root: Node, path: tuple[str | int, ...], rules: list[dict[str, Any]], role_ids: list[str]
) -> tuple[Rule, ...]:
    names = (*role_ids, *TRICK_NAMES, *TRICK_ROUND_NAMES)
    return tuple(
        Rule(
            id=r["id"],
            description=r.get("description", r["id"]),
            when=compile_expression(_text(r["when"]), names, "truth value") if "when" in r else None,
            pick=Pick(r["winner"]["pick"]),
            of=r["winner"]["of"],
            source=_source(root, (*path, i)),
            ties=Ties(r["winner"].get("ties", default("precedence", "[]", "winner", "ties"))),
        )
        for i, r in enumerate(rules)
    )


def _number(value: Any) -> int | Expression:
    """A rule's number: as written, or a formula of the round's names (text)."""
    return compile_expression(value, RULE_VALUE_NAMES, "number") if isinstance(value, str) else int(value)


def _truth(value: Any) -> bool | Expression:
    """A rule's truth value: as written, or a formula of the round's names (text)."""
    return compile_expression(value, RULE_VALUE_NAMES, "truth value") if isinstance(value, str) else bool(value)


def _pattern(data: dict[str, Any]) -> Pattern:
    def field(key: str) -> frozenset[Any] | None:
        return frozenset(data[key]) if key in data else None

    return Pattern(
        roles=field("roles"),
        suits=field("suits"),
        ranks=field("ranks"),
        cards=field("cards"),
        printed_roles=field("printed_roles"),
        played=data.get("played"),
    )


def _choices(data: dict[str, Any] | None) -> SheetChoice | None:
    if data is None:
        return None
    return SheetChoice(
        sheet_key=str(data["sheet_key"]),
        values=tuple(data["values"]),
        card=data.get("card"),
        after_last_trick=bool(data.get("after_last_trick", True)),
        timing=str(data.get("timing", "immediate")),
        module=data.get("module"),
    )


def _load_names(scheme: dict[str, Any]) -> tuple[tuple[tuple[str, ...], str], ...]:
    """Normalized name -> load id for every load's id and other names."""
    pairs = [(normalize(load), load) for load in scheme.get("loads", [])]
    for load, languages in scheme.get("load_names", {}).items():
        pairs += [(normalize(name), load) for names in languages.values() for name in names]
    return tuple(pairs)


def sheet_key(ability: dict[str, Any]) -> str | None:
    """The round key of score sheets that records what an ability chose: a
    ``choose_leader`` ability's ``sheet_key``, by default its card's id."""
    if ability["kind"] != "choose_leader":
        return None
    return str(ability.get("sheet_key", ability["card"]))


def _abilities(items: list[dict[str, Any]]) -> tuple[Ability, ...]:
    return tuple(
        Ability(
            id=a["id"],
            card=a["card"],
            kind=AbilityKind(a["kind"]),
            cards=int(a.get("count", 0)),
            sheet_key=sheet_key(a),
            after_last_trick=bool(a.get("after_last_trick", False)),
            description=a.get("description", ""),
            module=a.get("module"),
        )
        for a in items
    )


def build_edition(root: Node, *, path: str) -> Any:
    d: dict[str, Any] = root.plain()
    roles = tuple(
        Role(id=r["id"], slot=i, lead=Lead(r["lead"]), description=r.get("description", ""))
        for i, r in enumerate(d["roles"])
    )
    role_ids = [r.id for r in roles]
    suits = tuple(
        Suit(
            id=s["id"],
            code=s["code"],
            slot=i,
            ranks=tuple(range(s["ranks"]["from"], s["ranks"]["to"] + 1)),
            trump=_truth(s.get("trump", False)),
            module=s.get("module", "base"),
            names=_names(s),
        )
        for i, s in enumerate(d["deck"]["suits"])
    )
    kinds = tuple(
        CardKind(
            id=c["id"],
            code=c["code"],
            copies=1,  # (the deck's counts set it: below)
            module=c.get("module", "base"),
            role=c.get("role"),
            declarations=tuple(
                Declaration(role=x["role"], code=x["code"], names=_names(x)) for x in c.get("declare", [])
            ),
            effect=c.get("effect"),
            individuals=tuple(
                Individual(id=x["id"], code=x["code"], names=_names(x), description=x.get("description", ""))
                for x in c.get("individuals", [])
            ),
            names=_names(c),
            description=c.get("description", ""),
        )
        for c in d["deck"].get("cards", [])
    )
    counts = _deck_counts(d["deck"])
    kinds, copies = deck_copies_of(suits, kinds, counts)
    section = d.get("effects", {})
    effects = tuple(
        Effect(
            id=e["id"],
            slot=i,
            kind=EffectKind(e["kind"]),
            description=e.get("description", e["id"]),
            next_leader=tuple(NextLeader(x) for x in e.get("next_leader", ["trick_leader"])),
            becomes=e.get("becomes"),
            spares=frozenset(e.get("spares", [])),
            precedence=_rules(root, ("effects", "list", i, "precedence"), e.get("precedence", []), role_ids),
            cancels_alliances=bool(e.get("cancels_alliances", False)),
            points=_number(e.get("points", 0)),
            pays=AlliancePays(e.get("pays", default("effects", "list", "[]", "pays"))),
            counts_for=_counts_for(e.get("counts_for", default("effects", "list", "[]", "counts_for"))),
            bonuses=BonusesPaid(e.get("bonuses", default("effects", "list", "[]", "bonuses"))),
            source=_source(root, ("effects", "list", i)),
        )
        for i, e in enumerate(section.get("list", []))
    )
    bonuses = tuple(
        Bonus(
            id=b["id"],
            points=_number(b["points"]),
            winner=_pattern(b["winner"]) if "winner" in b else None,
            captured=tuple(
                _pattern(p) for p in (b["captured"] if isinstance(b["captured"], list) else [b["captured"]])
            ),
            exclude_winner=bool(b.get("exclude_winner", False)),
            description=b.get("description", b["id"]),
            source=_source(root, ("bonuses", i)),
        )
        for i, b in enumerate(d["bonuses"])
    )
    played = played_names(role_ids, card_ids(d["deck"].get("cards", [])))
    schemes = tuple(
        Scheme(
            id=s["id"],
            title=s.get("title", s["id"]),
            made=compile_expression(_text(s["made"]), made_names(played), "truth value"),
            cases=tuple(
                Case(
                    when=compile_expression(_text(c["when"]), case_names(played, s), "truth value")
                    if "when" in c
                    else None,
                    points=compile_expression(_text(c["points"]), case_names(played, s), "number"),
                    id=str(c.get("id", "")),
                )
                for c in s["cases"]
            ),
            source=_source(root, ("scoring", "schemes", i)),
            loads=tuple(s.get("loads", [])),
            load_names=_load_names(s),
            otherwise=Otherwise(s.get("otherwise", default("scoring", "schemes", "[]", "otherwise"))),
            adjustments=tuple(
                Adjustment(
                    id=a["id"],
                    when=compile_expression(_text(a["when"]), adjustment_names(played, s), "truth value")
                    if "when" in a
                    else None,
                    points=compile_expression(_text(a["points"]), adjustment_names(played, s), "number"),
                )
                for a in s.get("adjustments", [])
            ),
        )
        for i, s in enumerate(d["scoring"]["schemes"])
    )
    schedule = d["schedule"]
    schedules = tuple(
        Schedule(id=v["id"], title=v.get("title", v["id"]), rounds=tuple(v["rounds"])) for v in schedule["variants"]
    )
    hand_limit = (
        compile_expression(_text(schedule["hand_limit"]), HAND_LIMIT_NAMES, "number")
        if "hand_limit" in schedule
        else None
    )
    return Edition(
        id=d["id"],
        title=d.get("title", d["id"]),
        description=d.get("description", ""),
        sources=tuple(d.get("sources", [])),
        path=path,
        min_players=d["players"]["min"],
        max_players=d["players"]["max"],
        modules=tuple(
            Module(
                id=m["id"],
                title=m.get("title", m["id"]),
                optional=bool(m.get("optional", False)),
                min_players=int(m.get("min_players", 1)),
            )
            for m in d["modules"]
        ),
        roles=roles,
        suits=suits,
        kinds=kinds,
        character_after_pass=Lead(
            d.get("lead", {}).get("character_after_pass", default("lead", "character_after_pass"))
        ),
        precedence=_rules(root, ("precedence",), d["precedence"], role_ids),
        effects=effects,
        when_several=WhenSeveral(section.get("when_several", "last_played")),
        cancelled_role=section.get("cancelled_role"),
        bonuses=bonuses,
        schemes=schemes,
        default_scheme=d["scoring"]["default"],
        ties=d["scoring"].get("ties", default("scoring", "ties")),
        wagers=_choices(d["scoring"].get("wagers")),
        bid_changes=_choices(d["scoring"].get("bid_changes")),
        abilities=_abilities(d.get("abilities", [])),
        schedules=schedules,
        default_schedule=schedule["default"],
        hand_limit=hand_limit,
        data=d,
        provenance=provenance(root),
        ghost=Ghost(
            name=d["ghost"]["name"],
            players=d["ghost"]["players"],
            position=d["ghost"]["position"],
            declares=d["ghost"]["declares"],
            wins_lead=d["ghost"]["wins_lead"],
            description=d["ghost"].get("description", ""),
            leads_again=d["ghost"].get("leads_again", default("ghost", "leads_again")),
            destroyed_lead=d["ghost"].get("destroyed_lead", default("ghost", "destroyed_lead")),
        )
        if "ghost" in d
        else None,
        play_rules=_play_rules(d.get("play", {}), d["scoring"]),
        bidding=_bidding(root, d.get("bidding", {})),
        extra_round_cards=compile_expression(
            _text(d["scoring"].get("extra_round_cards", default("scoring", "extra_round_cards"))),
            EXTRA_ROUND_NAMES,
            "number",
        ),
        tie_break_winner=TieBreakWinner(d["scoring"].get("tie_break_winner", default("scoring", "tie_break_winner"))),
        copies=copies,
        identical=Ties(d["deck"]["identical"]) if "identical" in d["deck"] else None,
        identical_rules=_identical_rules(d),
        tie_breaker=compile_expression(_text(d["scoring"]["tie_breaker"]), TIE_BREAKER_NAMES, "number")
        if "tie_breaker" in d["scoring"]
        else None,
        deck_counts=counts if counts.formulas() else None,
    )


def _identical_rules(d: dict[str, Any]) -> dict[str, Ties]:
    """The rules that say which of identical copies wins (``winner.identical``), by
    :func:`~skullking.model.records.rule_key`."""
    lists = [(None, d["precedence"])]
    lists += [(e["id"], e.get("precedence", [])) for e in d.get("effects", {}).get("list", [])]
    return {
        rule_key(effect, r["id"]): Ties(r["winner"]["identical"])
        for effect, rules in lists
        for r in rules
        if "identical" in r["winner"]
    }


def _deck_counts(deck: dict[str, Any]) -> DeckCounts:
    """How many of each card the file's ``deck`` holds, each a number or a formula of
    the round's names (:data:`~skullking.model.records.DECK_NAMES`)."""

    def count(value: Any) -> int | Expression:
        return compile_expression(value, DECK_NAMES, "number") if isinstance(value, str) else int(value)

    cards = deck.get("cards", [])
    return DeckCounts(
        deck=count(deck.get("copies", 1)),
        suits=tuple(count(s.get("copies", 1)) for s in deck["suits"]),
        cards=tuple(count(c.get("count", 1)) for c in cards),
        individuals=tuple(tuple(count(x.get("copies", 1)) for x in c.get("individuals", [])) for c in cards),
    )


def _play_rules(data: dict[str, Any], scoring: dict[str, Any]) -> PlayRules:
    # The player after the dealer leads by default: 'round - 1' under the default dealer.
    leader = data.get("first_leader", "dealer + 1" if "dealer" in data else default("play", "first_leader"))
    # A tie-break round is dealt and led as any round unless 'scoring' says otherwise;
    # the player after its own dealer leads where only its dealer is given.
    extra_leader = scoring.get("extra_round_leader", "dealer + 1" if "extra_round_dealer" in scoring else None)
    return PlayRules(
        first_leader=compile_expression(_text(leader), seat_names("first_leader"), "number"),
        no_winner_leads=Fallback(data.get("no_winner_leads", default("play", "no_winner_leads"))),
        follow_suit=str(data.get("follow_suit", default("play", "follow_suit"))),
        dealer=compile_expression(_text(data["dealer"]), seat_names("dealer"), "number") if "dealer" in data else None,
        extra_round_dealer=compile_expression(_text(scoring["extra_round_dealer"]), seat_names("dealer"), "number")
        if "extra_round_dealer" in scoring
        else None,
        extra_round_leader=compile_expression(_text(extra_leader), seat_names("first_leader"), "number")
        if extra_leader is not None
        else None,
    )


def _bidding(root: Node, data: dict[str, Any]) -> Bidding:
    order = str(data.get("order", default("bidding", "order")))
    return Bidding(
        min=compile_expression(_text(data.get("min", default("bidding", "min"))), BID_RANGE_NAMES, "number"),
        max=compile_expression(_text(data.get("max", default("bidding", "max"))), BID_RANGE_NAMES, "number"),
        order=order,
        first_bidder=compile_expression(_text(data["first_bidder"]), seat_names("first_bidder"), "number")
        if "first_bidder" in data
        else None,
        rules=tuple(
            BidRule(
                id=r["id"],
                require=compile_expression(_text(r["require"]), bid_rule_names(order), "truth value"),
                description=r.get("description", r["id"]),
                source=_source(root, ("bidding", "rules", i)),
            )
            for i, r in enumerate(data.get("rules", []))
        ),
    )


#: Where provenance looks for items with ids: section path -> the name items get.
_KEYED = {
    ("modules",): "module",
    ("roles",): "role",
    ("deck", "suits"): "suit",
    ("deck", "cards"): "card",
    ("precedence",): "rule",
    ("effects", "list"): "effect",
    ("bonuses",): "bonus",
    ("scoring", "schemes"): "scheme",
    ("schedule", "variants"): "schedule",
    ("abilities",): "ability",
    ("bidding", "rules"): "bidding rule",
}
#: Single values whose provenance is kept (name -> path).
_SINGLE = {
    "players": ("players",),
    "lead": ("lead",),
    "when_several": ("effects", "when_several"),
    "cancelled_role": ("effects", "cancelled_role"),
    "default_scheme": ("scoring", "default"),
    "ties": ("scoring", "ties"),
    "copies": ("deck", "copies"),
    "identical": ("deck", "identical"),
    "default_schedule": ("schedule", "default"),
    "hand_limit": ("schedule", "hand_limit"),
    "ghost": ("ghost",),
    "wagers": ("scoring", "wagers"),
    "bid_changes": ("scoring", "bid_changes"),
    "play": ("play",),
    "bidding": ("bidding",),
    # the keys of a mapping one at a time, for a statement that one of them makes: an
    # overlay that sets one key of the mapping does not set the others
    "players.min": ("players", "min"),
    "players.max": ("players", "max"),
    "lead.character_after_pass": ("lead", "character_after_pass"),
    "play.dealer": ("play", "dealer"),
    "play.first_leader": ("play", "first_leader"),
    "play.no_winner_leads": ("play", "no_winner_leads"),
    "play.follow_suit": ("play", "follow_suit"),
    "bidding.min": ("bidding", "min"),
    "bidding.max": ("bidding", "max"),
    "bidding.order": ("bidding", "order"),
    "bidding.first_bidder": ("bidding", "first_bidder"),
    "extra_round_cards": ("scoring", "extra_round_cards"),
    "extra_round_dealer": ("scoring", "extra_round_dealer"),
    "extra_round_leader": ("scoring", "extra_round_leader"),
    "tie_break_winner": ("scoring", "tie_break_winner"),
    "tie_breaker": ("scoring", "tie_breaker"),
}


def provenance(root: Node) -> dict[str, str]:
    """Which file (and line) set each item and value: 'card:kraken' -> 'file.yaml:120'.
    After ``extends`` a merged item keeps the location of the last file that changed it."""
    out: dict[str, str] = {}

    def where(node: Node) -> str:
        return f"{node.loc.file}:{node.loc.line}"

    for path, name in _KEYED.items():
        section = root.at(path)
        if section is None or not isinstance(section.value, list):
            continue
        for item in section.value:
            ident = item.value.get("id") if isinstance(item.value, dict) else None
            if ident is not None:
                out[f"{name}:{ident.value}"] = where(item)
    for name, path in _SINGLE.items():
        node = root.at(path)
        if node is not None:
            out[name] = where(node)
    return out
