"""An edition's rules as readable Markdown, generated from the compiled edition.

It shows every value the file sets (names language by language, descriptions and
sources as the file words them), so that no key of an overlay goes unseen. Every item
says which file set it (``*skullking-2021.yaml:120*``): with ``extends``, that is the
overlay for what the overlay changed and the base for the rest. A line is credited to
the keys that say it, each place once: the range of a bid to ``bidding.min`` and
``max`` (not to a bidding rule an overlay adds), each line about play to its key of
``play``, the default scheme and schedule also to ``scoring.default`` and
``schedule.default``; a value no file sets (the engine's default) is credited to none.
When bonuses and alliances are paid is said as the default scheme's cases pay them
(:func:`~skullking.scoring.paid.when_paid`).

>>> import skullking
>>> text = explain(skullking.load_edition("skullking-2021"))
>>> print(text.splitlines()[0])
# Skull King, 2021 edition (Grandpa Beck's Games) with the official FAQ rulings
>>> "1. **mermaid-captures-skull-king**" in text
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from skullking.core.errors import FormulaError
from skullking.language.expr import SEATS, Expression
from skullking.model.records import (
    DEFAULTS,
    AbilityKind,
    AlliancePays,
    BonusesPaid,
    Effect,
    EffectKind,
    Pattern,
    Rule,
    TieBreakWinner,
    rule_key,
)
from skullking.scoring.paid import cases_say, when_paid
from skullking.tricks.interpreter import COUNTED, always_named

if TYPE_CHECKING:
    from skullking.edition import Edition


#: Where the points the sources disagree on are explained (the page names every reading
#: and which bundled edition takes which).
CONVENTIONS = (
    "Where the sources of the rules disagree, each reading is a value of this file: "
    "the page `docs/conventions.md` of the skullking-rules repository lists every disputed point, "
    "its readings, their sources and the bundled editions that take each."
)


def _tie_break_seats(edition: Edition) -> str:
    """Who deals and who leads a tie-break round, in words: its own formulas where the
    edition gives them (``scoring.extra_round_dealer``, ``extra_round_leader``), else
    the formulas of every round (no source says)."""
    play = edition.play_rules
    dealer = play.extra_round_dealer or play.dealer
    leader = play.extra_round_leader or play.first_leader
    dealt = dealer.source if dealer is not None else str(DEFAULTS[("play", "dealer")])
    own = play.extra_round_dealer is not None or play.extra_round_leader is not None
    how = "" if own else " as any round (no source says)"
    keys = ("extra_round_dealer", "extra_round_leader") if own else ("play.dealer", "play.first_leader")
    return (
        f"a tie-break round (round `rounds + 1` on, of the tied players: 0 = the first of them) is dealt by "
        f"seat `{dealt}` and its first trick led by seat `{leader.source}`{how}{_from(edition, *keys)}"
    )


def _from(edition: Edition, *keys: str) -> str:
    """Where the values of ``keys`` were set (``*(file.yaml:12)*``), each line once, a
    file's lines after its name (``*(base.yaml:12, 13; house.yaml:4)*``); nothing for a
    value no file sets (the engine's default)."""
    places: dict[str, list[str]] = {}
    for key in keys:
        where = edition.provenance.get(key)
        if where is None:
            continue
        file, _, line = where.rpartition(":")
        lines = places.setdefault(os.path.basename(file), [])
        if line not in lines:
            lines.append(line)
    said = "; ".join(f"{file}:{', '.join(lines)}" for file, lines in places.items())
    return f" *({said})*" if said else ""


def _languages(node: Mapping[str, Any]) -> str:
    """An item's names, language by language: ``en: green, parrot; de: grün``."""
    names: Mapping[str, list[str]] = node.get("names", {})
    return "; ".join(f"{language}: {', '.join(words)}" for language, words in names.items())


def _destroyers(edition: Edition) -> str:
    """The tricks the cards whose effect destroys a trick leave without a winner, named
    as the edition names those cards (each one's first name, as a proper name: "the
    Kraken's"; several joined by "or"); nothing where no card does."""
    effects = {e.id for e in edition.effects if e.kind is EffectKind.DESTROY_TRICK}
    named = []
    for kind in edition.kinds:
        if kind.effect in effects and kind.names:
            words = kind.names[0].split()
            if words[0].lower() == "the" and len(words) > 1:
                words = words[1:]
            named.append("the " + " ".join(w[:1].upper() + w[1:] for w in words) + "'s")
    return " or ".join(named)


def _said(text: str, said: Mapping[str, str] | None = None) -> str:
    """A description appended to a line (nothing when the file gives none), in the
    reader's language where ``said`` (see :func:`_in_language`) has it."""
    text = (said or {}).get(text, text)
    return f" - {text}" if text else ""


def _in_language(value: Any, language: str | None, found: dict[str, str] | None = None) -> dict[str, str]:
    """Every description of the file (``value``, its data) that the file also gives in
    other languages (its ``descriptions``), by the description: said in ``language``
    where the file gives it so, and without a ``language`` followed by every other
    language's (``the black 14 (de: die schwarze 14)``)."""
    found = {} if found is None else found
    if isinstance(value, Mapping):
        text, other = value.get("description"), value.get("descriptions")
        if isinstance(text, str) and isinstance(other, Mapping) and other:
            if language is None:
                found.setdefault(text, f"{text} ({'; '.join(f'{k}: {v}' for k, v in other.items())})")
            elif other.get(language):
                found.setdefault(text, str(other[language]))
        for item in value.values():
            _in_language(item, language, found)
    elif isinstance(value, list):
        for item in value:
            _in_language(item, language, found)
    return found


def _pattern(pattern: Pattern) -> str:
    parts = []
    if pattern.roles is not None:
        parts.append("role " + " or ".join(sorted(pattern.roles)))
    if pattern.suits is not None:
        parts.append("suit " + " or ".join(sorted(pattern.suits)))
    if pattern.ranks is not None:
        parts.append("rank " + " or ".join(str(r) for r in sorted(pattern.ranks)))
    if pattern.cards is not None:
        parts.append("card " + " or ".join(sorted(pattern.cards)))
    if pattern.printed_roles is not None:
        parts.append("a card that can be a " + " or ".join(sorted(pattern.printed_roles)))
    if pattern.played is not None:
        if pattern.played == "winning_card":
            parts.append("the winning card itself")
        else:
            parts.append(f"played {pattern.played.replace('_winner', '')} the winning card")
    return ", ".join(parts) or "any card"


def _rules(
    edition: Edition,
    rules: tuple[Rule, ...],
    lines: list[str],
    *,
    credited: bool = True,
    said: Mapping[str, str] | None = None,
    effect: str | None = None,
) -> None:
    """The precedence rules, numbered; each ``credited`` to its item of the edition's
    ``precedence`` (an effect's own rules, ``effect``'s, are its item's, credited on its
    line)."""
    for number, rule in enumerate(rules, start=1):
        when = f" when `{rule.when.source}`:" if rule.when is not None else ":"
        group = {
            "any": "card played",
            "trump": "trump card",
            "led_suit": "card of the led suit",
            "numbered": "numbered card, whatever its suit",
        }.get(rule.of, rule.of.replace("_", " "))
        ties = ""
        if rule.pick in ("highest", "lowest"):
            ties = f" (equal ranks: the {rule.ties.replace('_', ' ')} wins)"
        own = edition.identical_rules.get(rule_key(effect, rule.id))
        if own is not None:
            ties += f" (identical copies: the {own.replace('_', ' ')} wins)"
        lines.append(
            f"{number}. **{rule.id}**{when} the {rule.pick} {group} wins{ties} - "
            f"{(said or {}).get(rule.description, rule.description)}"
            f"{_from(edition, f'rule:{rule.id}') if credited else ''}"
        )


_ABILITY_WORDS = {
    AbilityKind.CHOOSE_LEADER: "chooses any player, themself included, to lead the next trick",
    AbilityKind.EXCHANGE: "draws {n} cards from the undealt deck, then discards {n}",
    AbilityKind.LOOK_UNDEALT: "looks at the cards not dealt this round",
}


def _when(timing: str, after_last_trick: bool) -> str:
    if timing == "immediate":
        return "at once, also after the round's last trick" if after_last_trick else "at once; not in the last trick"
    return (
        "after the round's last trick, also when won in it"
        if after_last_trick
        else ("after the round's last trick, but not when won in it")
    )


def _ability_source(edition: Edition, ident: str) -> str:
    item: Mapping[str, Any] = next((a for a in edition.data.get("abilities", []) if a["id"] == ident), {})
    return f" (source: {item['source']})" if "source" in item else ""


def _abilities(edition: Edition, lines: list[str], said: Mapping[str, str]) -> None:
    """What winning a trick with a card grants, when, and whether the last trick counts."""
    found: list[str] = []
    for ability in edition.abilities:
        does = _ABILITY_WORDS[ability.kind].format(n=ability.cards)
        key = f" (sheet key `{ability.sheet_key}`)" if ability.sheet_key else ""
        key += f" - with module `{ability.module}`" if ability.module else ""
        source = _ability_source(edition, ability.id)
        found.append(
            f"- **{ability.card}** (`{ability.id}`): the winner {does}{key}, "
            f"{_when('immediate', ability.after_last_trick)}{_said(ability.description, said)}{source}"
            f"{_from(edition, f'ability:{ability.id}')}"
        )
    for name, choice, does in (
        ("wagers", edition.wagers, "wagers one of"),
        ("bid_changes", edition.bid_changes, "changes their bid by one of"),
    ):
        if choice is None or choice.card is None:
            continue
        values = ", ".join(f"{v:+d}" if name == "bid_changes" and v else str(v) for v in choice.values)
        found.append(
            f"- **{choice.card}**: the winner {does} {values} (sheet key `{choice.sheet_key}`)"
            + (f" - with module `{choice.module}`" if choice.module else "")
            + ", "
            f"{_when(choice.timing, choice.after_last_trick)}{_from(edition, name)}"
        )
    if found:
        lines += ["## Abilities (for winning a trick with the card)", "", *found, ""]


#: When an alliance pays, as its ``pays`` says.
_PAYS = {
    AlliancePays.BOTH_MADE: "when both made their bid",
    AlliancePays.OWN_MADE: "when they made their own bid",
    AlliancePays.ALWAYS: "always",
}


def _counted(effect: Effect) -> str:
    """Who a trick ``effect`` leaves without a winner counts for (its ``counts_for``),
    and whether it pays its bonuses, in words."""
    named = [COUNTED[strategy] for strategy in effect.counts_for]
    if not always_named(effect.counts_for):
        named.append("nobody")
    paid = "its capture bonuses paid" if effect.bonuses is BonusesPaid.PAID else "no capture bonus paid"
    return f"the trick counts as a trick won for {', else '.join(named)} ({paid}; who leads next is as above)"


def _value(value: int | Expression) -> str:
    """A rule's value as written: a number, or its formula of the round in backquotes."""
    return f"`{value.source}`" if isinstance(value, Expression) else str(value)


def _in_rounds(edition: Edition, lines: list[str]) -> None:
    """The rules that change with the round, each with its formula and its values in a
    few rounds of the default schedule (the first three and the last) at a table of four
    (or the nearest count the edition allows); a precedence rule's condition with the
    round's names written as their values; a rule that reads the players' standings
    has its value at the game's start in round 1 alone."""
    formulas = edition.round_formulas()
    if not formulas:
        return
    players = max(edition.min_players, min(4, edition.max_players))
    length = len(edition.schedule().rounds)
    numbers = sorted({*range(1, min(3, length) + 1), length})
    lines += [
        "## Rules that change with the round",
        "",
        f"Worked out for each round (`skullking trick --round N`); here in rounds "
        f"{', '.join(map(str, numbers))} of the `{edition.default_schedule}` schedule at {players} players:",
        "",
    ]
    for where, formula in formulas:
        shown = []
        for number in numbers:
            if number > 1 and SEATS in formula.variables:  # (it reads the standings: the game's own)
                shown.append(f"round {number}: as the standings before it say")
                continue
            values = edition.round_values(number, players)
            try:
                if formula.variables <= values.keys():
                    value = formula.evaluate(values)
                    said = str(value).lower() if formula.type == "truth value" else str(value)
                else:  # (a trick's condition: the round's names written as their values)
                    said = f"`{_substituted(formula, values)}`"
            except FormulaError as exc:
                said = f"cannot be worked out ({exc})"
            shown.append(f"round {number}: {said}")
        if "players" in formula.variables and SEATS not in formula.variables:
            shown.append(f"in round 1 at {_by_players(edition, formula)}")
        lines.append(f"- {where} `{formula.source}` - {'; '.join(shown)}")
    lines.append("")


def _by_players(edition: Edition, formula: Expression) -> str:
    """``formula``'s values in round 1 at each player count the edition allows, the
    counts that give one value together: ``2-8 players: 1, 9-12 players: 2``."""
    runs: list[tuple[int, int, str]] = []
    for players in range(edition.min_players, edition.max_players + 1):
        values = edition.round_values(1, players)
        try:
            value = str(formula.evaluate(values)).lower() if formula.variables <= values.keys() else "?"
        except FormulaError:
            value = "cannot be worked out"
        if runs and runs[-1][2] == value:
            runs[-1] = (runs[-1][0], players, value)
        else:
            runs.append((players, players, value))
    return ", ".join(f"{low}{'' if low == high else f'-{high}'} players: {value}" for low, high, value in runs)


def _substituted(formula: Expression, values: Mapping[str, int]) -> str:
    """``formula``'s text with each name of ``values`` written as its value."""
    text = formula.source
    found = formula.places(values.keys())
    for column, name in sorted(found, reverse=True):
        text = text[: column - 1] + str(values[name]) + text[column - 1 + len(name) :]
    return text


def _alliance_paid(edition: Edition, effect: Effect) -> str:
    """What each ally earns and when: as the alliance's ``pays`` says, where the
    default scheme's cases pay ``alliance`` (the 2021 rulebook's scoring adds it to a
    made bid only, so an alliance that pays ``always`` still pays only an ally who made
    their bid)."""
    paid = when_paid(edition.scheme(), "alliance")
    pays, made = _PAYS[effect.pays], paid.made
    if not paid.cases:
        return f"nothing: the scoring does not pay the alliance's {_value(effect.points)}"
    if not paid.known:
        return f"{_value(effect.points)} {pays}, paid {paid.words()}"
    if made.every and paid.missed.every:
        return f"{_value(effect.points)} {pays}"
    if effect.pays is not AlliancePays.ALWAYS:  # (only an ally who made the bid earns)
        if made.every:
            return f"{_value(effect.points)} {pays}"
        if made.cases:
            return f"{_value(effect.points)} {pays}, as {cases_say(made.cases)}"
        return f"nothing: the scoring does not pay the alliance's {_value(effect.points)} on a made bid"
    if made.every and not paid.missed.every and not paid.missed.cases:
        own = _PAYS[AlliancePays.OWN_MADE]
        return f"{_value(effect.points)} {own} (the alliance pays always, the scoring on a made bid)"
    return f"{_value(effect.points)} {paid.words(verb='when', holds='is made')}"


def _bidding(edition: Edition, lines: list[str], said: Mapping[str, str]) -> None:
    bidding = edition.bidding
    lines += ["## Bidding", ""]
    lines.append(
        f"- a bid is from `{bidding.min.source}` to `{bidding.max.source}`"
        f"{_from(edition, 'bidding.min', 'bidding.max')}"
    )
    if bidding.order == "in_turn":
        first = bidding.first_bidder.source if bidding.first_bidder is not None else "leader"
        lines.append(
            f"- in turn, in seat order from seat `{first}` (leader: the round's first leader)"
            f"{_from(edition, 'bidding.order', 'bidding.first_bidder')}"
        )
    else:
        lines.append(f"- all at once (the order does not matter){_from(edition, 'bidding.order')}")
    for rule in bidding.rules:
        lines.append(
            f"- rule **{rule.id}**: `{rule.require.source}` - {said.get(rule.description, rule.description)}"
            f"{_from(edition, f'bidding rule:{rule.id}')}"
        )
    lines.append("")


def explain(edition: Edition, language: str | None = None) -> str:
    """The edition's rules as Markdown; with a ``language`` (``de``), each description
    the file also gives in that language (its ``descriptions``) is said in it."""
    said = _in_language(edition.data, language)
    lines = [f"# {edition.title}", ""]
    if edition.description:
        lines += [said.get(edition.description, edition.description), ""]
    if edition.sources:
        lines += [f"Sources: {'; '.join(edition.sources)}.", ""]
    lines += [f"Edition id `{edition.id}`, file `{os.path.basename(edition.path)}`.", ""]
    lines += [CONVENTIONS, ""]

    lines += ["## Players and modules", ""]
    lines.append(
        f"- {edition.min_players} to {edition.max_players} players{_from(edition, 'players.min', 'players.max')}"
    )
    for module in edition.modules:
        notes = [
            n
            for n in (
                "optional" if module.optional else "",
                f"from {module.min_players} players" if module.min_players > 1 else "",
            )
            if n
        ]
        extra = f" ({', '.join(notes)})" if notes else ""
        lines.append(f"- module `{module.id}`: {module.title}{extra}{_from(edition, f'module:{module.id}')}")
    lines.append("")

    lines += ["## Deck", ""]
    deck = edition.data["deck"]
    for suit, data in zip(edition.suits, deck["suits"], strict=True):
        trump = ", **trump**" if suit.trump is True else ""
        if isinstance(suit.trump, Expression):
            trump = f", **trump** when `{suit.trump.source}`"
        names = f"; names {_languages(data)}" if data.get("names") else ""
        copies = edition.copies.get(f"{suit.code}{suit.ranks[0]}", 1) if suit.ranks else 1
        each = f", {copies} copies of each" if copies > 1 else ""
        lines.append(
            f"- {suit.id} (`{suit.code}`, module {suit.module}{trump}): ranks {suit.ranks[0]} to {suit.ranks[-1]}"
            f"{each}{names}{_from(edition, f'suit:{suit.id}')}"
        )
    for kind, data in zip(edition.kinds, deck.get("cards", []), strict=True):
        if kind.declarations:
            plays = ", ".join(
                f"`{kind.code}:{d.code}` as {d.role} ({_languages(x)})"
                for d, x in zip(kind.declarations, data["declare"], strict=True)
            )
            plays_as = f"declared when played: {plays}"
        else:
            plays_as = f"role {kind.role}"
        effect_note = f"; effect `{kind.effect}`" if kind.effect else ""
        lines.append(
            f"- {kind.copies} x {kind.id} (`{kind.code}`, module {kind.module}): {plays_as}{effect_note}"
            f"{_said(kind.description, said)}{_from(edition, f'card:{kind.id}')}"
        )
        if data.get("names"):
            lines.append(f"  - names {_languages(data)}")
        for individual, x in zip(kind.individuals, data.get("individuals", []), strict=True):
            copies = edition.copies.get(individual.code, 1)
            times = f" ({copies} copies)" if copies > 1 else ""
            lines.append(
                f"  - named `{individual.code}` ({individual.id}){times}: {_languages(x) or 'no names'}"
                f"{_said(individual.description, said)}"
            )
    if edition.deck_counts is None:
        lines.append(f"- {len(edition.deck())} cards with every module")
    else:  # (the counts above are round 1's at the fewest players)
        lines.append(
            f"- {len(edition.deck())} cards with every module in round 1 at {edition.min_players} players; "
            "the deck's counts change with the round (see 'Rules that change with the round')"
        )
    if edition.identical is not None:
        which = "first" if edition.identical == "first_played" else "last"
        lines.append(
            f"- Of identical cards (copies of one card, played alike) that a rule picks, the one played {which} "
            f"wins{_from(edition, 'identical')}"
        )
    elif edition.copies:
        lines.append(
            "- Of identical cards (copies of one card, played alike) that a rule picks, the one its order reads "
            "first wins: the first played, the last for pick last or ties to the last played"
        )
    lines.append("")

    lines += ["## Leading and following", ""]
    play = edition.play_rules
    if play.follow_suit == "must":
        follow = "a player holding it must follow with a numbered card of that suit; special cards may always be played"
    else:
        follow = "nobody has to follow it: any card may be played"
    lines.append(f"- A numbered card led sets the suit; {follow}{_from(edition, 'play.follow_suit')}")
    if play.dealer is not None:
        lines.append(
            f"- Round `round` is dealt by seat `{play.dealer.source}` (0 = the first player, counted round the "
            f"table){_from(edition, 'play.dealer')}"
        )
    lines.append(
        f"- The first trick of round `round` is led by seat `{play.first_leader.source}` (0 = the first player, "
        f"counted round the table){_from(edition, 'play.first_leader')}"
    )
    fallback = {
        "trick_leader": "the trick's leader",
        "left_of_trick_leader": "the player after the trick's leader",
        "last_player": "who played the trick's last card",
    }[play.no_winner_leads]
    lines.append(
        f"- After a trick nobody wins (and nothing else says who leads): {fallback}"
        f"{_from(edition, 'play.no_winner_leads')}"
    )
    for role in edition.roles:
        what = "the next card sets the suit" if role.lead == "pass" else "the trick has no suit"
        lines.append(f"- {role.id} led: {what}{_said(role.description, said)}{_from(edition, f'role:{role.id}')}")
    after = (
        "the trick has no suit"
        if edition.character_after_pass == "no_suit"
        else "the first numbered card sets the suit"
    )
    lines.append(
        f"- after an escape-type lead, a card that would leave no suit: {after}"
        f"{_from(edition, 'lead.character_after_pass')}"
    )
    lines.append("")

    lines += ["## Who wins a trick", "", "The first rule whose condition holds and that finds a card decides:", ""]
    _rules(edition, edition.precedence, lines, said=said)
    lines.append("")

    if edition.effects:
        lines += ["## Cards that change a trick", ""]
        altering = [e for e in edition.effects if e.kind is not EffectKind.ALLIANCE]
        if len(altering) > 1:
            lines.append(
                f"- When several are played, the {edition.when_several.replace('_', ' ')} one takes effect; "
                f"the others play {edition.cancelled_role}{_from(edition, 'when_several', 'cancelled_role')}"
            )
        for effect in edition.effects:
            words = said.get(effect.description, effect.description)
            head = f"- **{effect.id}** ({effect.kind}): {words}{_from(edition, f'effect:{effect.id}')}"
            lines.append(head)
            if effect.kind is EffectKind.NEUTRALIZE:
                spared = ", ".join(sorted(effect.spares))
                but = f" (except the roles {spared} and the effect's own card)" if spared else ""
                lines.append(f"  - every special card plays {effect.becomes}{but}; then:")
                sub: list[str] = []
                _rules(edition, effect.precedence, sub, credited=False, said=said, effect=effect.id)
                lines += [f"    {line}" for line in sub]
                alliances = "cancelled" if effect.cancels_alliances else "kept"
                lines.append(f"  - alliances formed in the trick are {alliances}")
            if effect.kind is EffectKind.ALLIANCE:
                lines.append(f"  - each ally earns {_alliance_paid(edition, effect)}")
            else:
                order = ", else ".join(s.replace("_", " ") for s in effect.next_leader)
                lines.append(f"  - when nobody wins, the next leader is: {order}")
                if effect.counts_for:
                    lines.append(f"  - when nobody wins, {_counted(effect)}")
        lines.append("")

    paid = when_paid(edition.scheme(), "bonus").words(verb="when", holds="is made", paid="paid ")
    lines += [f"## Bonuses ({paid})", ""]
    for bonus in edition.bonuses:
        winner = f" when the winning card is {_pattern(bonus.winner)}" if bonus.winner else ""
        captured = " or ".join(_pattern(p) for p in bonus.captured)
        itself = ", the winning card itself not counted" if bonus.exclude_winner else ""
        lines.append(
            f"- `{bonus.id}`: +{_value(bonus.points)} per card of {captured} in the trick{winner}{itself}"
            f"{_said(bonus.description, said)}{_from(edition, f'bonus:{bonus.id}')}"
        )
    lines.append("")

    lines += ["## Scoring", ""]
    for scheme, data in zip(edition.schemes, edition.data["scoring"]["schemes"], strict=True):
        default = " (default)" if scheme.id == edition.default_scheme else ""
        set_by = (f"scheme:{scheme.id}", *(["default_scheme"] if default else []))
        lines.append(f"- **{scheme.id}**{default}: {scheme.title}{_from(edition, *set_by)}")
        lines.append(f"  - a bid is made when `{scheme.made.source}`")
        if scheme.loads:
            loads = []
            for k, load in enumerate(scheme.loads):
                notes = ["the default"] if k == 0 else []
                others = data.get("load_names", {}).get(load, {})
                notes += [f"names {_languages({'names': others})}"] if others else []
                loads.append(f"{load} ({'; '.join(notes)})" if notes else load)
            lines.append(f"  - after the bids each player chooses a load: {', '.join(loads)}")
        for case in scheme.cases:
            when = f"when `{case.when.source}`" if case.when is not None else "otherwise"
            lines.append(f"  - `{case.id}` {when}: `{case.points.source}`")
        if scheme.otherwise == "zero":
            lines.append("  - a result no case covers: 0")
        for adjustment in scheme.adjustments:
            when = f"when `{adjustment.when.source}`" if adjustment.when is not None else "always"
            lines.append(f"  - then `{adjustment.id}` {when}: the points become `{adjustment.points.source}`")
    if edition.ties == "extra_round":
        cards = edition.extra_round_cards.source
        ties = f"another round of the tied players, dealing `{cards}` cards{_from(edition, 'extra_round_cards')}"
    else:
        ties = "co-winners"
    if edition.tie_breaker is not None:
        broken = f"the tied players with the highest `{edition.tie_breaker.source}` win; those still level: "
        lines.append(f"- a tie for first: {broken}{ties}{_from(edition, 'tie_breaker')}")
    else:
        lines.append(f"- a tie for first: {ties}{_from(edition, 'ties')}")
    if edition.ties == "extra_round":
        if edition.tie_break_winner is TieBreakWinner.TIED_PLAYERS:
            ranked = "only the tied players are ranked (those still tied play another round)"
        else:
            ranked = "every player's total is ranked (a player who was not tied can win)"
        lines.append(f"- after a tie-break round: {ranked}{_from(edition, 'tie_break_winner')}")
        lines.append(f"- {_tie_break_seats(edition)}")
    lines.append("")

    _bidding(edition, lines, said)

    _abilities(edition, lines, said)
    if edition.ghost is not None:
        ghost = edition.ghost
        after = "he leads the next trick" if ghost.wins_lead == "ghost" else "the player who led it leads the next"
        if ghost.wins_lead == "ghost":
            again = (
                "the player who played after him before plays after him again"
                if ghost.leads_again == "keep_order"
                else "the first player listed plays after him"
            )
            after += f" (when he led the trick he won, {again})"
        destroyed = _destroyers(edition)
        unwon = "a trick nobody wins that names him to lead" + (
            f" ({destroyed} he would have won)" if destroyed else ""
        )
        after += {
            "as_if_won": f"; so too after {unwon}",
            "ghost": f"; after {unwon}, he leads",
            "trick_leader": f"; after {unwon}, the player who led it leads",
        }[ghost.destroyed_lead]
        lines += [
            f"## {ghost.name}",
            "",
            f"- With {ghost.players} players a ghost hand, {ghost.name}, plays in every trick: number "
            f"{ghost.position} in a trick a player leads; he never follows suit, bids or scores; his declared "
            f"cards are played as {ghost.declares}; when he wins a trick {after}{_said(ghost.description, said)}"
            f"{_from(edition, 'ghost')}",
            "",
        ]
    _in_rounds(edition, lines)
    lines += ["## Rounds", ""]
    if edition.hand_limit is not None:
        lines.append(f"- hand limit: `{edition.hand_limit.source}`{_from(edition, 'hand_limit')}")
    for schedule, data in zip(edition.schedules, edition.data["schedule"]["variants"], strict=True):
        default = " (default)" if schedule.id == edition.default_schedule else ""
        set_by = (f"schedule:{schedule.id}", *(["default_schedule"] if default else []))
        cards = ", ".join(map(str, schedule.rounds))
        source = f" (source: {data['source']})" if "source" in data else ""
        lines.append(f"- `{schedule.id}`{default}: {schedule.title} - {cards}{source}{_from(edition, *set_by)}")
    return "\n".join(lines).rstrip() + "\n"
