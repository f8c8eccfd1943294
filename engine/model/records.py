"""The compiled parts of an edition: frozen, typed records built once from the YAML.

The loader (:mod:`skullking.loading.loader`) turns a validated edition file into these; the
trick resolver and the scorer then trust them and never look at YAML again.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from skullking.core.errors import ContextError
from skullking.language.expr import PAST, SEATS, TABLE, compile_expression
from skullking.language.notation import normalize
from skullking.model.cards import Lead, Play

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

    from skullking.language.expr import Expression

#: Words that ``winner.of`` reserves besides role and suit ids.
RESERVED_OF = frozenset({"trump", "led_suit", "numbered", "any"})
#: Names a precedence condition may use besides the role ids (counts in the trick).
TRICK_NAMES = ("numbered", "trump", "cards")
#: Names a precedence condition reads about the round besides the trick's: the round's
#: number, the players at the table, the rounds in the schedule and ``last_round``
#: (``cards`` there counts the cards in the trick, not the cards dealt).
TRICK_ROUND_NAMES = ("round", "players", "rounds", "last_round", SEATS)
#: Names of a scheme's ``made`` condition.
MADE_NAMES = ("bid", "won", "cards", "round", "players")
#: Names every round formula sees about the game: rounds in the schedule, and 1 in the
#: schedule's last round (else 0).
GAME_NAMES = ("rounds", "last_round")
#: Names a seat formula sees about the game so far (``play.dealer``, ``play.first_leader``,
#: ``bidding.first_bidder``), each a seat of the round's table: who won the previous
#: round's last trick, who scored most in it, and who leads and who trails the standings
#: before the round (see :mod:`skullking.rounds.context`).
GAME_SEAT_NAMES = ("previous_last_winner", "previous_top_scorer", "first_place", "last_place")
#: Names a formula about each player sees about the game so far (the limits of a bid,
#: the bidding rules, a scheme's made, cases and adjustments): the player's total
#: before the round, rank (1: leading) and ``last`` (1 for the lowest total, unless
#: everybody is level), ``deals`` (1 when dealing the round), and the player's points,
#: bid and tricks won in the previous round; and, hidden, every earlier round the
#: player played (:data:`~skullking.language.expr.PAST`, read by the ``past_``
#: aggregates).
GAME_PLAYER_NAMES = ("total", "rank", "last", "deals", "previous_points", "previous_bid", "previous_won", PAST)
#: The keys of a score sheet's round (editions add their choices' sheet keys).
ROUND_KEYS = ("cards", "bids", "won", "bonuses", "loot", "extra", "leader", "tricks", "players", "in_progress")
#: Names of a scheme's cases (besides ``played_<role>``, ``played_card_<card>`` and the
#: scheme's loads); ``made`` is 1 when the player's bid counts as made (the scheme's
#: ``made``), ``total_bids`` the sum of every bid of the round.
CASE_NAMES = (*MADE_NAMES, "made", "bonus", "alliance", "wager", *GAME_NAMES, "total_bids", *GAME_PLAYER_NAMES)
#: The name an adjustment of a scheme reads besides the cases' names: the points of the
#: case that applied, as the adjustments before it left them.
POINTS = "points"
#: Names about the round, the same for every player: the cards dealt, the round's
#: number, the players at the table, and :data:`GAME_NAMES`.
ROUND_NAMES = ("cards", "round", "players", *GAME_NAMES)
#: Names of the range of a bid (``bidding.min``/``max``): the round's, and each player's
#: about the game so far (a player's own range), with the aggregates over the table.
BID_RANGE_NAMES = (*ROUND_NAMES, *GAME_PLAYER_NAMES, TABLE)
#: Names of a rule's value that may change with the round: whether a suit is trump
#: (``deck.suits[].trump``), a bonus's points, an effect's points; and, through the
#: aggregates over the table (``highest(total)``), every player's game so far. The
#: rules of a round are these worked out for it (:meth:`skullking.edition.Edition.at_round`).
RULE_VALUE_NAMES = (*ROUND_NAMES, SEATS)
#: Names of the deck's numbers of copies (``deck.copies``, a suit's ``copies``, a special
#: card's ``count``, a named card's ``copies``): the round's, known when its cards are
#: shuffled (``if players >= 9 then 2 else 1``: a second deck from nine players). Not the
#: standings: the deck of every round a game may deal is checked when the rules load.
DECK_NAMES = ROUND_NAMES
#: Names of a bidding rule (besides the aggregates over every player's ``bid``):
#: ``position`` in the bidding order (0 first) and ``bids_before`` (the sum of the bids
#: made before it) only when players bid in turn.
BID_RULE_NAMES = ("bid", "total_bids", "position", "bids_before", *ROUND_NAMES, *GAME_PLAYER_NAMES)
#: Names of ``bidding.first_bidder``, and less ``leader`` (the seat leading the round's
#: first trick) of ``play.first_leader``, less ``dealer`` too of ``play.dealer``.
SEAT_NAMES = ("round", "players", "rounds", "leader", "dealer", *GAME_SEAT_NAMES, SEATS)


#: The moments of a game at which a name gets its value, in the order of play: what
#: the language reference's table of names says, and what the error for a name a
#: formula cannot read yet tells (:func:`when_known`).
MOMENTS = {
    "game": "for the whole game",
    "round": "from the start of each round, before the deal",
    "dealer": "once the round's dealer is worked out (play.dealer)",
    "leader": "once the round's first leader is worked out (play.first_leader)",
    "bid": "as each player bids",
    "bids": "once every bid of the round is in",
    "trick": "inside a trick, for the precedence rules deciding it",
    "played": "once the round's tricks are played",
    "case": "once a scoring case has given a player's points (the scheme's adjustments)",
    "end": "once the schedule's rounds are scored (a tie for first is broken)",
}
#: When each name of the rule language has a value (a key of :data:`MOMENTS`) and what
#: it is, in words (the ``played_<role>`` and ``played_card_<card>`` names, the
#: scheme's loads and the role counts of a trick follow their patterns).
NAMES: dict[str, tuple[str, str]] = {
    "players": ("game", "the players at the table"),
    "rounds": ("game", "the rounds in the schedule"),
    "last_cards": ("game", "the cards dealt in the schedule's last round"),
    "round": ("round", "the round's number"),
    "cards": ("round", "the cards dealt to each player this round"),
    "last_round": ("round", "1 in the schedule's last round, else 0"),
    "total": ("round", "the player's points before the round"),
    "rank": ("round", "the player's place in the standings before the round"),
    "last": ("round", "1 for the players with the lowest total before the round"),
    "deals": ("round", "1 for the player dealing the round"),
    "previous_points": ("round", "the player's points in the previous round"),
    "previous_bid": ("round", "the player's bid in the previous round"),
    "previous_won": ("round", "the player's tricks won in the previous round"),
    "previous_last_winner": ("round", "the seat that won the previous round's last trick"),
    "previous_top_scorer": ("round", "the seat that scored the most in the previous round"),
    "first_place": ("round", "the seat leading the standings before the round"),
    "last_place": ("round", "the seat trailing the standings before the round"),
    "dealer": ("dealer", "the seat dealing the round"),
    "leader": ("leader", "the seat leading the round's first trick"),
    "bid": ("bid", "the player's bid"),
    "position": ("bid", "the player's place in the bidding order"),
    "bids_before": ("bid", "the bids made before the player's"),
    "total_bids": ("bids", "every bid of the round added up"),
    "numbered": ("trick", "the numbered cards in the trick"),
    "trump": ("trick", "the trump cards in the trick"),
    "won": ("played", "the player's tricks won"),
    "made": ("played", "1 when the player's bid counts as made (the scheme's made)"),
    "bonus": ("played", "the player's capture bonus points"),
    "alliance": ("played", "the player's alliance points"),
    "wager": ("played", "the player's wager"),
    "points": ("case", "the points of the case that applied, as the adjustments before left them"),
}


def fixed(value: int | Expression) -> int:
    """A rule's number (or truth value) in rules worked out for a round
    (:meth:`skullking.edition.Edition.at_round`), or in an edition whose rules are the
    same in every round: never a formula there. Raises
    :class:`~skullking.core.errors.ContextError` for a formula (rules asked of an
    edition before it was given the round)."""
    if isinstance(value, int):
        return value
    raise ContextError(f"the rule '{value.source}' changes with the round: ask it of the rules of a round")


def when_known(name: str) -> str | None:
    """When ``name`` has a value and what it is, in words, for the error of a formula
    that cannot read it (``None`` for a name the language does not have)."""
    if name not in NAMES:
        return None
    moment, meaning = NAMES[name]
    return f"'{name}' ({meaning}) has a value {MOMENTS[moment]}"


def seat_names(key: str) -> tuple[str, ...]:
    """Names of the seat formula ``key`` (``dealer``, ``first_leader``, ``first_bidder``):
    every seat name but those it works out itself or that follow from it."""
    hidden = {"dealer": ("leader", "dealer"), "first_leader": ("leader",)}.get(key, ())
    return tuple(name for name in SEAT_NAMES if name not in hidden)


#: Names of ``scoring.tie_breaker`` (a formula about each player tied for first, once the
#: schedule's rounds are scored): the game's and each player's names about the whole
#: game (``total``, ``rank``, ``last``, the last round's, the ``past_`` aggregates over
#: every round), with the aggregates over the table.
TIE_BREAKER_NAMES = ("players", "rounds", *(n for n in GAME_PLAYER_NAMES if n != "deals"), TABLE)


#: Names of ``scoring.extra_round_cards``: the cards dealt in the schedule's last round.
EXTRA_ROUND_NAMES = ("last_cards", "players")


#: The values of keys an edition file may leave out, by key path ("[]": any item of a
#: list). The build uses them when a file says nothing, and ``validate`` warns about an
#: overlay that sets one of these keys to its default on a base that left it out.
DEFAULTS: dict[tuple[str, ...], object] = {
    ("lead", "character_after_pass"): "no_suit",
    ("play", "first_leader"): "round - 1",
    ("play", "dealer"): "round - 2",
    ("play", "no_winner_leads"): "trick_leader",
    ("play", "follow_suit"): "must",
    ("bidding", "order"): "simultaneous",
    ("bidding", "min"): 0,
    ("bidding", "max"): "cards",
    ("precedence", "[]", "winner", "ties"): "first_played",
    ("effects", "list", "[]", "precedence", "[]", "winner", "ties"): "first_played",
    ("effects", "list", "[]", "pays"): "both_made",
    ("effects", "list", "[]", "counts_for"): ["nobody"],
    ("effects", "list", "[]", "bonuses"): "not_paid",
    ("scoring", "ties"): "shared",
    ("scoring", "extra_round_cards"): "last_cards",
    ("scoring", "tie_break_winner"): "tied_players",
    ("scoring", "schemes", "[]", "otherwise"): "required",
    ("ghost", "leads_again"): "keep_order",
    ("ghost", "destroyed_lead"): "as_if_won",
}


def default(*path: str) -> object:
    """The value an edition file leaves out at ``path`` (items as ``[]``)."""
    return DEFAULTS[path]


def played_name(role: str) -> str | None:
    """The formula name counting a player's cards played in ``role`` this round
    (``played_escape``), or ``None`` when the role id cannot be a name (a '-' in it)."""
    return _name(f"played_{role}")


def played_card_name(card: str) -> str | None:
    """The formula name counting a player's cards of ``card`` (a special card's id, or a
    named individual's) played this round (``played_card_loot``), or ``None`` when the
    id cannot be a name (a '-' in it)."""
    return _name(f"played_card_{card}")


def _name(name: str) -> str | None:
    return name if all(c.isascii() and (c.islower() or c.isdigit() or c == "_") for c in name) else None


#: Names of ``schedule.hand_limit``.
HAND_LIMIT_NAMES = ("players",)


def played_names(role_ids: Iterable[str], card_ids: Iterable[str] = ()) -> tuple[str, ...]:
    """The ``played_<role>`` names of the roles, then the ``played_card_<card>`` names of
    the cards (and named individuals), whose ids make names (each name once)."""
    names = [*map(played_name, role_ids), *map(played_card_name, card_ids)]
    return tuple(dict.fromkeys(name for name in names if name is not None))


def listed_names(names: Iterable[str]) -> list[str]:
    """``names`` as a message lists them: the ``played_`` names of the roles and of the
    cards as the patterns ``played_<role>`` and ``played_card_<card>`` (an edition has a
    score of them; a did-you-mean still looks at every one)."""

    def pattern(name: str) -> str:
        if name.startswith("played_card_"):
            return "played_card_<card>"
        return "played_<role>" if name.startswith("played_") else name

    return list(dict.fromkeys(map(pattern, names)))


def card_ids(cards: Iterable[Mapping[str, Any]]) -> list[str]:
    """The ids of an edition file's special cards (``deck.cards``) and of their named
    individuals, in file order: what ``played_card_<card>`` names are made of."""
    return [ident for card in cards for ident in (card["id"], *(i["id"] for i in card.get("individuals", [])))]


def rule_key(effect: str | None, rule: str) -> str:
    """A precedence rule's key among every list of the edition: its id, after its
    effect's id for an effect's own list (``white-whale/highest-number``)."""
    return rule if effect is None else f"{effect}/{rule}"


def deck_copies(deck: Mapping[str, Any]) -> int:
    """How many times an edition file's deck (``deck``) is shuffled together."""
    return int(deck.get("copies", 1))


def suit_copies(deck: Mapping[str, Any], suit: Mapping[str, Any]) -> int:
    """The copies of each numbered card of ``suit`` in the deck ``deck`` (file data)."""
    copies: int = deck_copies(deck) * int(suit.get("copies", 1))
    return copies


def card_copies(deck: Mapping[str, Any], card: Mapping[str, Any]) -> int:
    """The copies of the special card ``card`` in the deck ``deck`` (file data), its named
    individuals among them."""
    return deck_copies(deck) * int(card.get("count", 1))


def individual_copies(deck: Mapping[str, Any], individual: Mapping[str, Any]) -> int:
    """The copies of the named individual card ``individual`` in the deck ``deck``."""
    return deck_copies(deck) * int(individual.get("copies", 1))


def deck_formulas(deck: Mapping[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    """Each number of copies of an edition file's deck (file data) written as a formula
    of the round's names (:data:`DECK_NAMES`), as (its path in the file, its text)."""
    found: list[tuple[tuple[str | int, ...], str]] = []
    if isinstance(deck.get("copies"), str):
        found.append((("deck", "copies"), deck["copies"]))
    for i, suit in enumerate(deck["suits"]):
        if isinstance(suit.get("copies"), str):
            found.append((("deck", "suits", i, "copies"), suit["copies"]))
    for i, card in enumerate(deck.get("cards", [])):
        if isinstance(card.get("count"), str):
            found.append((("deck", "cards", i, "count"), card["count"]))
        for j, individual in enumerate(card.get("individuals", [])):
            if isinstance(individual.get("copies"), str):
                found.append((("deck", "cards", i, "individuals", j, "copies"), individual["copies"]))
    return found


@functools.lru_cache(maxsize=256)
def _deck_formula(text: str) -> Expression:
    """A count of the deck written as a formula, compiled (once a text)."""
    return compile_expression(text, DECK_NAMES, "number")


def deck_at(deck: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """An edition file's deck (file data) with each number of copies written as a formula
    of the round's names worked out with ``values`` (the deck a round deals, as the
    file's checks read it). Raises :class:`~skullking.core.errors.ExpressionError` for a
    formula that does not compile and :class:`~skullking.core.errors.FormulaError` for
    one that cannot be worked out."""

    def work(value: Any) -> Any:
        return _deck_formula(value).evaluate(values) if isinstance(value, str) else value

    def counted(item: Mapping[str, Any], key: str) -> dict[str, Any]:
        return {**item, key: work(item[key])} if key in item else dict(item)

    out = counted(deck, "copies")
    out["suits"] = [counted(suit, "copies") for suit in deck["suits"]]
    if "cards" in deck:
        out["cards"] = [
            {
                **counted(card, "count"),
                **(
                    {"individuals": [counted(x, "copies") for x in card["individuals"]]}
                    if "individuals" in card
                    else {}
                ),
            }
            for card in deck["cards"]
        ]
    return out


def suit_cards(deck: Mapping[str, Any], suit: Mapping[str, Any]) -> int:
    """The cards of ``suit`` in the deck ``deck``, every copy counted (none for ranks
    written backwards)."""
    ranks: int = max(suit["ranks"]["to"] - suit["ranks"]["from"] + 1, 0)
    return ranks * suit_copies(deck, suit)


def made_names(played: tuple[str, ...]) -> tuple[str, ...]:
    """Names of a scheme's ``made``: the player's own values and the game's, the
    player's about the game so far, with the aggregates over every player."""
    return (*MADE_NAMES, *GAME_NAMES, "total_bids", *played, *GAME_PLAYER_NAMES, TABLE)


def case_names(played: tuple[str, ...], scheme: Mapping[str, Any]) -> tuple[str, ...]:
    """Names of a scheme's cases (with the aggregates over every player)."""
    return (*CASE_NAMES, *played, *scheme.get("loads", []), TABLE)


def adjustment_names(played: tuple[str, ...], scheme: Mapping[str, Any]) -> tuple[str, ...]:
    """Names of a scheme's adjustments: the cases' names and ``points`` (with the
    aggregates over every player, ``points`` among what they see of each)."""
    return (*CASE_NAMES, *played, *scheme.get("loads", []), POINTS, TABLE)


def bid_rule_names(order: str) -> tuple[str, ...]:
    """Names of a bidding rule: ``position`` and ``bids_before`` only when bidding in turn."""
    names = BID_RULE_NAMES if order == "in_turn" else tuple(n for n in BID_RULE_NAMES if n not in _IN_TURN_ONLY)
    return (*names, TABLE)


_IN_TURN_ONLY = ("position", "bids_before")


#: Each place a formula stands, the moment it is worked out at (a key of
#: :data:`MOMENTS`) and the names it reads (besides the patterns ``played_<role>`` and
#: ``played_card_<card>``, a scheme's loads and a trick's role counts): every name a
#: place reads has a value by then (a test holds the model to it). The language
#: reference's table of when each formula is worked out says the same.
PLACES: dict[str, tuple[str, tuple[str, ...]]] = {
    "schedule.hand_limit": ("game", HAND_LIMIT_NAMES),
    "scoring.extra_round_cards": ("game", EXTRA_ROUND_NAMES),
    "play.dealer": ("round", seat_names("dealer")),
    "play.first_leader": ("dealer", seat_names("first_leader")),
    "bidding.first_bidder": ("leader", seat_names("first_bidder")),
    "bidding.min": ("round", BID_RANGE_NAMES),
    "bidding.max": ("round", BID_RANGE_NAMES),
    "bidding.rules": ("bids", bid_rule_names("in_turn")),
    "deck.copies": ("round", DECK_NAMES),
    "deck.suits.copies": ("round", DECK_NAMES),
    "deck.cards.count": ("round", DECK_NAMES),
    "deck.cards.individuals.copies": ("round", DECK_NAMES),
    "deck.suits.trump": ("round", RULE_VALUE_NAMES),
    "bonuses.points": ("round", RULE_VALUE_NAMES),
    "effects.points": ("round", RULE_VALUE_NAMES),
    "precedence.when": ("trick", (*TRICK_NAMES, *TRICK_ROUND_NAMES)),
    "scoring.made": ("played", made_names(())),
    "scoring.cases": ("played", case_names((), {})),
    "scoring.adjustments": ("case", adjustment_names((), {})),
    "scoring.tie_breaker": ("end", TIE_BREAKER_NAMES),
}


class Pick(StrEnum):
    """How a precedence rule picks among the cards it looks at (``winner.pick``)."""

    FIRST = "first"
    LAST = "last"
    HIGHEST = "highest"
    LOWEST = "lowest"


class Among(StrEnum):
    """The card groups a rule may look at besides roles and suits (``winner.of``)."""

    TRUMP = "trump"
    LED_SUIT = "led_suit"
    NUMBERED = "numbered"
    ANY = "any"


class EffectKind(StrEnum):
    """The effects the engine knows; editions say which card has which (``effects.list``)."""

    DESTROY_TRICK = "destroy_trick"
    NEUTRALIZE = "neutralize"
    ALLIANCE = "alliance"


class NextLeader(StrEnum):
    """A seat of a trick without a winner, named by what it did in the trick: who leads
    after it (``effects.list[].next_leader``), and who it counts for
    (``effects.list[].counts_for``)."""

    WOULD_HAVE_WON_WITHOUT_EFFECTS = "would_have_won_without_effects"
    WOULD_HAVE_WON_WITHOUT_CARD = "would_have_won_without_card"
    EFFECT_PLAYER = "effect_player"
    LEFT_OF_EFFECT_PLAYER = "left_of_effect_player"
    TRICK_LEADER = "trick_leader"


class BonusesPaid(StrEnum):
    """Whether a trick that counts for a player nobody won it for pays its capture
    bonuses (``effects.list[].bonuses``)."""

    PAID = "paid"
    NOT_PAID = "not_paid"


#: The ``counts_for`` value that names nobody: strategies after it are never tried.
NOBODY = "nobody"


class Ties(StrEnum):
    """Which of several cards of equal rank wins a highest/lowest pick (``winner.ties``)."""

    FIRST_PLAYED = "first_played"
    LAST_PLAYED = "last_played"


class Fallback(StrEnum):
    """Who leads after a trick that nobody wins when no ``next_leader`` strategy names a
    seat, or no precedence rule finds a winner (``play.no_winner_leads``)."""

    TRICK_LEADER = "trick_leader"
    LEFT_OF_TRICK_LEADER = "left_of_trick_leader"
    LAST_PLAYER = "last_player"


class TieBreakWinner(StrEnum):
    """Who is ranked once a tie-break round is played (``scoring.tie_break_winner``): the
    players tied for first before it, or every player."""

    TIED_PLAYERS = "tied_players"
    ALL_PLAYERS = "all_players"


class AlliancePays(StrEnum):
    """When an alliance pays its points (``effects.list[].pays``)."""

    BOTH_MADE = "both_made"
    OWN_MADE = "own_made"
    ALWAYS = "always"


class Otherwise(StrEnum):
    """What a result that no scoring case covers gets (``schemes[].otherwise``)."""

    REQUIRED = "required"
    ZERO = "zero"


class WhenSeveral(StrEnum):
    """Which trick-altering card takes effect when several are in one trick."""

    LAST_PLAYED = "last_played"
    FIRST_PLAYED = "first_played"


class Suit(NamedTuple):
    id: str
    code: str
    slot: int
    ranks: tuple[int, ...]
    #: Whether the suit is trump: a truth value, or a formula of the round's names
    #: (:data:`RULE_VALUE_NAMES`) in an edition not yet worked out for a round.
    trump: bool | Expression
    module: str
    names: tuple[str, ...]


class Role(NamedTuple):
    id: str
    slot: int
    lead: Lead
    description: str


class Declaration(NamedTuple):
    role: str
    code: str
    names: tuple[str, ...]


class Individual(NamedTuple):
    id: str
    code: str
    names: tuple[str, ...]
    description: str


class CardKind(NamedTuple):
    """A special card of the deck (every copy alike, unless named individually)."""

    id: str
    code: str
    copies: int
    module: str
    role: str | None
    declarations: tuple[Declaration, ...]
    effect: str | None
    individuals: tuple[Individual, ...]
    names: tuple[str, ...]
    description: str


class DeckCounts(NamedTuple):
    """How many of each card a deck holds, as its file writes them, where one of them is
    a formula of the round's names (:data:`DECK_NAMES`): ``deck`` (``deck.copies``: decks
    shuffled together), each suit's ``copies`` and each special card's ``count`` in the
    file's order, and each named card's ``copies`` (by special card, in that order). The
    rules of a round (:meth:`~skullking.edition.Edition.at_round`) have them worked out
    into their cards' copies (:func:`deck_copies_of`)."""

    deck: int | Expression
    suits: tuple[int | Expression, ...]
    cards: tuple[int | Expression, ...]
    individuals: tuple[tuple[int | Expression, ...], ...]

    def formulas(self) -> list[tuple[str, int | None, int | None, Expression]]:
        """Each count that is a formula, as (what it counts: ``deck``, ``suit``, ``card``
        or ``individual``; the suit's or card's index; the individual's index; the
        formula), in the file's order."""
        found: list[tuple[str, int | None, int | None, Expression]] = []
        if not isinstance(self.deck, int):
            found.append(("deck", None, None, self.deck))
        found += [("suit", i, None, v) for i, v in enumerate(self.suits) if not isinstance(v, int)]
        for i, value in enumerate(self.cards):
            if not isinstance(value, int):
                found.append(("card", i, None, value))
            found += [("individual", i, j, v) for j, v in enumerate(self.individuals[i]) if not isinstance(v, int)]
        return found

    def worked_out(self, values: Mapping[str, Any]) -> DeckCounts:
        """The counts in a round whose names have ``values``. Raises
        :class:`~skullking.core.errors.FormulaError` where a formula cannot be worked out."""

        def work(value: int | Expression) -> int:
            return value if isinstance(value, int) else int(value.evaluate(values))

        return DeckCounts(
            deck=work(self.deck),
            suits=tuple(map(work, self.suits)),
            cards=tuple(map(work, self.cards)),
            individuals=tuple(tuple(map(work, row)) for row in self.individuals),
        )


def deck_copies_of(
    suits: Iterable[Suit], kinds: Iterable[CardKind], counts: DeckCounts
) -> tuple[tuple[CardKind, ...], dict[str, int]]:
    """The special cards with their copies, and the copies of each numbered card and
    named card the deck holds more than once by its code (an edition's ``kinds`` and
    ``copies``), from the deck's ``counts`` (every one a number: worked out for a round).
    A count still a formula counts 1 (the rules of no round)."""
    deck = counts.deck if isinstance(counts.deck, int) else 1

    def times(value: int | Expression) -> int:
        return deck * (value if isinstance(value, int) else 1)

    copies: dict[str, int] = {}
    for suit, count in zip(suits, counts.suits, strict=True):
        if times(count) > 1:
            copies.update((f"{suit.code}{rank}", times(count)) for rank in suit.ranks)
    found = []
    for kind, count, named in zip(kinds, counts.cards, counts.individuals, strict=True):
        found.append(kind._replace(copies=times(count)))
        for individual, each in zip(kind.individuals, named, strict=True):
            if times(each) > 1:
                copies[individual.code] = times(each)
    return tuple(found), copies


class Rule(NamedTuple):
    """A precedence rule: when ``when`` holds, ``pick`` a card ``of`` a group."""

    id: str
    description: str
    when: Expression | None
    pick: Pick
    of: str
    source: str
    ties: Ties = Ties.FIRST_PLAYED


class Effect(NamedTuple):
    id: str
    slot: int
    kind: EffectKind
    description: str
    next_leader: tuple[NextLeader, ...]
    becomes: str | None
    precedence: tuple[Rule, ...]
    cancels_alliances: bool
    #: alliance: the points each ally earns, a number or a formula of the round's names
    #: (:data:`RULE_VALUE_NAMES`) in an edition not yet worked out for a round.
    points: int | Expression
    source: str
    #: neutralize: roles that keep themselves (the effect's own card always does).
    spares: frozenset[str] = frozenset()
    #: alliance: when the allies earn ``points``.
    pays: AlliancePays = AlliancePays.BOTH_MADE
    #: destroy_trick, neutralize: who a trick the effect leaves without a winner counts
    #: for as a trick won, the first of these strategies that names a seat (the
    #: ``next_leader`` strategies); nobody when none does (none given: today's reading).
    #: Who leads next is ``next_leader``'s alone.
    counts_for: tuple[NextLeader, ...] = ()
    #: Whether such a trick pays its capture bonuses to whoever it counts for, as if the
    #: card that player played had won it.
    bonuses: BonusesPaid = BonusesPaid.NOT_PAID


#: Fields added to a record after game records began to carry an edition's fingerprint
#: (their ``Rules`` tag), by record: at their defaults the rules are those from before
#: the field, and the fingerprint leaves them out, so that a record made then replays.
LATER_FIELDS: dict[str, tuple[str, ...]] = {
    "Effect": ("counts_for", "bonuses"),
    "PlayRules": ("extra_round_dealer", "extra_round_leader"),
}


class Pattern(NamedTuple):
    """A card pattern of a bonus: a card matches when every given field matches."""

    roles: frozenset[str] | None = None
    suits: frozenset[str] | None = None
    ranks: frozenset[int] | None = None
    cards: frozenset[str] | None = None
    printed_roles: frozenset[str] | None = None
    #: before_winner / after_winner: only cards played before (after) the winning card;
    #: winning_card: only the winning card itself.
    played: str | None = None

    def matches(self, play: Play, role: str | None, printed: frozenset[str], offset: int = 0) -> bool:
        """Whether ``play``, playing ``role`` in its trick, matches; ``printed`` is the
        set of roles its card can take at all, ``offset`` its position minus the
        winning card's."""
        played = self.played
        if played is not None:
            if played == "winning_card":
                if offset != 0:
                    return False
            elif offset == 0 or (offset < 0) != (played == "before_winner"):
                return False
        if self.roles is not None and role not in self.roles:
            return False
        if self.suits is not None and play.card.suit not in self.suits:
            return False
        if self.ranks is not None and play.card.rank not in self.ranks:
            return False
        if self.cards is not None and play.card.kind not in self.cards:
            return False
        return self.printed_roles is None or bool(self.printed_roles & printed)

    @property
    def static(self) -> bool:
        """True when the match does not depend on the trick (roles played, positions)."""
        return self.roles is None and self.played is None

    @property
    def counts_winner(self) -> bool:
        """Whether the winning card itself may match (no ``played``, or ``winning_card``)."""
        return self.played in (None, "winning_card")


class Bonus(NamedTuple):
    id: str
    #: Points per matching card: a number, or a formula of the round's names
    #: (:data:`RULE_VALUE_NAMES`) in an edition not yet worked out for a round.
    points: int | Expression
    winner: Pattern | None
    captured: tuple[Pattern, ...]
    exclude_winner: bool
    description: str
    source: str


class Case(NamedTuple):
    when: Expression | None
    points: Expression
    id: str = ""


class Adjustment(NamedTuple):
    """A change to the points of whichever case applied (``schemes[].adjustments``):
    where ``when`` holds (always, without one), the points become ``points``, a formula
    that reads them as ``points``."""

    id: str
    when: Expression | None
    points: Expression


class Scheme(NamedTuple):
    id: str
    title: str
    made: Expression
    cases: tuple[Case, ...]
    source: str
    #: Choices a player makes per round under this scheme (Rascal's cannon loads); the
    #: first is the default. Each is a name in the cases: 1 when chosen, else 0.
    loads: tuple[str, ...] = ()
    #: Other names of the loads (normalized words -> load id), in any language.
    load_names: tuple[tuple[tuple[str, ...], str], ...] = ()
    #: What a result no case covers scores (``required``: the file must cover all).
    otherwise: Otherwise = Otherwise.REQUIRED
    #: Applied in order to the points of the case that applied (or the 0 of none).
    adjustments: tuple[Adjustment, ...] = ()

    def other_names(self, load: str) -> list[str]:
        """The other names of ``load``, as written words (its id left out)."""
        return [" ".join(name) for name, owner in self.load_names if owner == load and name != (load,)]

    def load_id(self, text: str) -> str | None:
        """The load ``text`` names (its id, or one of its names; case, '-' and '_' do
        not matter), or ``None``."""
        if text in self.loads:
            return text
        words = normalize(text)
        return next((load for name, load in self.load_names if name == words), None)


class BidRule(NamedTuple):
    """A rule every round's bids must keep (``bidding.rules``): ``require`` holds for each
    player. A rule that looks at other players' bids (``total_bids``, an aggregate) is
    checked once every bid is in, the others as each bid is made."""

    id: str
    require: Expression
    description: str
    source: str

    @property
    def needs_all(self) -> bool:
        """Whether the rule can only be checked once every bid is in."""
        return "total_bids" in self.require.variables or self.require.uses_table


class Bidding(NamedTuple):
    """How bids are made: their range, the rules over them, and the order."""

    min: Expression
    max: Expression
    #: simultaneous (everybody at once, any order) or in_turn (from ``first_bidder``).
    order: str = "simultaneous"
    first_bidder: Expression | None = None
    rules: tuple[BidRule, ...] = ()


class PlayRules(NamedTuple):
    """Choices about play that are no card's: who deals and who leads a round's first
    trick (and a tie-break round's, ``scoring.extra_round_dealer`` and
    ``extra_round_leader``), who leads after a trick nobody wins, and whether suit must
    be followed (``play``)."""

    #: The seat (0-based, taken modulo the players) leading round ``round``'s first trick.
    first_leader: Expression
    no_winner_leads: Fallback = Fallback.TRICK_LEADER
    #: must (a numbered card follows the led suit when the hand holds it) or may.
    follow_suit: str = "must"
    #: The seat dealing round ``round`` (None: ``round - 2``, the deal passing left, so
    #: that the last seat deals round 1 and the first leads it).
    dealer: Expression | None = None
    #: With ``ties: extra_round``, the seat of the tied players dealing a tie-break
    #: round (``scoring.extra_round_dealer``; None: as ``dealer`` says for its round).
    extra_round_dealer: Expression | None = None
    #: With ``ties: extra_round``, the seat of the tied players leading a tie-break
    #: round's first trick (``scoring.extra_round_leader``; None: ``dealer + 1`` where
    #: ``extra_round_dealer`` is given, else as ``first_leader`` says for its round).
    extra_round_leader: Expression | None = None


class Schedule(NamedTuple):
    id: str
    title: str
    rounds: tuple[int, ...]


class Module(NamedTuple):
    id: str
    title: str
    optional: bool
    min_players: int = 1


class Ghost(NamedTuple):
    """A hand that plays in every trick of small games without bidding or scoring."""

    name: str
    players: int
    position: int
    declares: str
    wins_lead: str
    description: str = ""
    #: When he leads a trick after leading and winning one: keep_order (the player who
    #: played after him before plays after him again) or seat_order (seat 0 does).
    leads_again: str = "keep_order"
    #: Who leads when a trick nobody won names him (the Kraken's trick he would have
    #: won): as_if_won (as ``wins_lead`` says), ghost (he does) or trick_leader (the
    #: player who led the trick does).
    destroyed_lead: str = "as_if_won"


def ghost_plays(ghost_players: int | None, players: int) -> bool:
    """Whether the ghost hand plays at a table of ``players``: at the one player count
    its ``ghost.players`` names (two in the 2021 rulebook), never without one
    (``ghost_players`` is ``None``). The rule for an edition (``Edition.ghost_at``) and for
    an edition file being checked, before its edition is built."""
    return ghost_players is not None and ghost_players == players


class SheetChoice(NamedTuple):
    """A per-player choice a score sheet records (a wager, a bid change): the sheet key,
    the values allowed, and the card whose winning trick grants it, if any."""

    sheet_key: str
    values: tuple[int, ...]
    card: str | None = None
    after_last_trick: bool = True
    #: When the choice is made in play: "immediate" (right after the trick that grants
    #: it, as the 2021 rulebook and the official FAQ have it) or "end_of_round" (after
    #: the round's last trick, as the French rulebook (Blackrock Games, 2022) has it).
    timing: str = "immediate"
    #: The module that brings the choice (None: always in use).
    module: str | None = None


class AbilityKind(StrEnum):
    """What an ability does (edition ``abilities[].kind``)."""

    CHOOSE_LEADER = "choose_leader"
    EXCHANGE = "exchange"
    LOOK_UNDEALT = "look_undealt"


class Ability(NamedTuple):
    """A power gained by winning a trick with ``card`` (a card or individual id);
    ``cards`` is how many an exchange draws and then discards, ``sheet_key`` the round
    key a score sheet records a leader choice under."""

    id: str
    card: str
    kind: AbilityKind
    cards: int = 0
    sheet_key: str | None = None
    after_last_trick: bool = False
    description: str = ""
    #: The module that brings the ability (None: always in use).
    module: str | None = None


class Phase(StrEnum):
    """Where a round stands."""

    BIDDING = "bidding"
    LOADING = "loading"  # a scheme with cannon loads: each player picks one after the bids
    PLAYING = "playing"
    DECIDING = "deciding"  # an ability waits for its player's choice
    OVER = "over"


# Reading an enum member through its class (``Phase.OVER``) costs about 0.1 us on
# Python 3.11, ten times a module constant: a round's moves, played thousands of times a
# second in simulations, compare with these names.
BIDDING, LOADING, PLAYING, DECIDING, OVER = Phase.BIDDING, Phase.LOADING, Phase.PLAYING, Phase.DECIDING, Phase.OVER
CHOOSE_LEADER, EXCHANGE, LOOK_UNDEALT = AbilityKind.CHOOSE_LEADER, AbilityKind.EXCHANGE, AbilityKind.LOOK_UNDEALT


class TrickResult(NamedTuple):
    """The outcome of one trick. Seats are 0-based; the i-th card was played by seat
    ``(leader + i) % players``.

    ``winner`` is ``None`` when nobody wins (a destroyed or discarded trick);
    ``counts_for`` is the seat the trick counts for as a trick won in the scoring: the
    winner's, or for a trick nobody wins the seat its effect's ``counts_for`` names
    (``None``: it counts for nobody); ``next_leader`` never depends on it. ``bonus`` is
    the capture-bonus points of the trick, paid to ``counts_for`` as the scoring's
    cases say (the 2021 rulebook's: if the bid holds; see
    :func:`~skullking.scoring.paid.when_paid`), and
    ``bonuses`` the bonus ids behind it, one per capture; ``alliances`` pairs each
    alliance card's seat with the winner's (a trick nobody wins forms none); ``rule`` is
    the id of the precedence rule or effect that decided, ``reason`` says it in words.
    """

    winner: int | None
    next_leader: int
    bonus: int
    alliances: tuple[tuple[int, int], ...]
    rule: str
    reason: str
    winning_card: int | None
    bonuses: tuple[str, ...]
    counts_for: int | None

    def as_json(self) -> dict[str, object]:
        """The ``skullking trick --format json`` record (the command line's contract);
        ``counts_for`` only where the trick counts for another seat than its winner's
        (a trick nobody wins that counts for somebody)."""
        out: dict[str, object] = {
            "winner": self.winner,
            "next_leader": self.next_leader,
            "bonus": self.bonus,
            "alliances": [list(pair) for pair in self.alliances],
            "reason": self.reason,
            "rule": self.rule,
            "bonuses": list(self.bonuses),
        }
        if self.counts_for != self.winner:
            out["counts_for"] = self.counts_for
        return out


class Trick(NamedTuple):
    """A finished trick of a round played move by move (:class:`skullking.Round`): who
    played in which order, the cards, the resolver's result, the winner's name
    (``None`` when nobody wins) and who leads next; :attr:`counts_for`, who it counts
    for in the scoring."""

    number: int
    players: tuple[str, ...]
    plays: tuple[Play, ...]
    result: TrickResult
    winner: str | None
    next_leader: str

    @property
    def counts_for(self) -> str | None:
        """Who the trick counts for as a trick won in the scoring: its winner, or for a
        trick nobody won whom its effect counts it for (``None``: nobody)."""
        seat = self.result.counts_for
        return None if seat is None else self.players[seat]
