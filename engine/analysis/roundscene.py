"""One round of ``diff``'s grid as the scored player sees it (:class:`Scene`), after the
game before it (:class:`Past`): whether an edition can have it (:func:`scene_refusal`:
its bids, bonus, alliance, wager, bid change, load and cards played) and what it scores
there (:func:`score_scene`), as a score sheet's round is scored, in the edition's
default schedule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from skullking.core.errors import SkullKingError
from skullking.model.records import EffectKind
from skullking.rounds import bidding
from skullking.rounds.context import GameSoFar, GameSoFarBuilder
from skullking.scoring.schemes import scorer

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.model.records import Scheme, SheetChoice


#: The players of a grid round: the one scored, an ally (who takes the trick of the Loot
#: the scored player plays, when the round has an alliance), and a third who takes the
#: tricks left.
PLAYERS = ("P1", "P2", "P3")


class Past(NamedTuple):
    """The game before a round of the grid, its rounds 1 to ``len(cards)`` (``cards``:
    the cards dealt in each), as every edition scores it. In each round but the last of
    them the seat ``lead`` bid all its cards and took every trick, the seat after it bid
    0 and the next bid 1, both winning none; in the last (the previous round) ``P1`` bid
    ``bid`` and won ``won``, ``P2`` bid 1 and won none, ``P3`` bid and won the tricks
    left, and the seat ``last`` won its last trick. An edition whose bidding refuses the
    bids of one of these rounds cannot have the game (:func:`game_so_far` says why)."""

    cards: tuple[int, ...]
    lead: int = 1
    bid: int = 1
    won: int = 1
    last: int = 0

    def results(self) -> list[tuple[int, dict[str, int], dict[str, int]]]:
        """(cards, bids, tricks won) of each round before, in order."""
        out = []
        seats = len(PLAYERS)
        for cards in self.cards[:-1]:
            taker, nil, short = (PLAYERS[(self.lead + k) % seats] for k in range(seats))
            out.append((cards, {taker: cards, nil: 0, short: 1}, {taker: cards, nil: 0, short: 0}))
        cards, left = self.cards[-1], self.cards[-1] - self.won
        out.append((cards, {"P1": self.bid, "P2": 1, "P3": left}, {"P1": self.won, "P2": 0, "P3": left}))
        return out

    def as_json(self) -> dict[str, Any]:
        return {
            "rounds": [
                {"round": number, "cards": cards, "bids": bids, "won": won}
                for number, (cards, bids, won) in enumerate(self.results(), start=1)
            ],
            "last_winner": PLAYERS[self.last],
        }


class Scene(NamedTuple):
    """One round of the grid, as the scored player ``P1`` sees it."""

    number: int
    cards: int
    bid: int  # as bid, before any bid change
    won: int
    captured: str | None = None  # a bonus id earned once
    ally: str | None = None  # an alliance whose ally "made" or "missed" the bid
    wager: int = 0
    change: int = 0  # the bid change
    load: str | None = None
    third_bid: int = 0  # P3's bid (varied where a formula reads the others' bids)
    played: tuple[str, ...] = ()  # P1's cards played that a played_ name counts (the rest numbered)
    past: Past | None = None  # the game before the round (None: the round is a game's start)

    def bids(self) -> dict[str, int]:
        """Every player's bid as bid (the ally bids 1 and takes one trick, the Loot's,
        to make the bid; bids 0 to miss it)."""
        return {"P1": self.bid, "P2": int(self.ally == "made"), "P3": self.third_bid}

    def tricks_won(self) -> dict[str, int]:
        """Every player's tricks won: the ally's one, and the third player's the rest."""
        ally = int(self.ally is not None)
        return {"P1": self.won, "P2": ally, "P3": self.cards - self.won - ally}

    def as_json(self) -> dict[str, Any]:
        bids, won = self.bids(), self.tricks_won()
        return {
            "round": self.number,
            "cards": self.cards,
            "players": len(PLAYERS),
            "bid": self.bid,
            "won": self.won,
            "captured": [self.captured] if self.captured else [],
            "ally": self.ally,
            "wager": self.wager,
            "bid_change": self.change,
            "load": self.load,
            "table": {p: {"bid": bids[p], "won": won[p]} for p in PLAYERS},
            "played": list(self.played),
            "game": self.past.as_json() if self.past is not None else None,
        }


#: The refusals of bids an edition's bidding gave, by round number, cards, bids and
#: the game before (with the scheme that scored it).
Refusals = dict[tuple[Any, ...], "str | None"]

#: The game before a round (or why it cannot be had), by the grid's past, for one
#: edition and scheme.
Pasts = dict[tuple[int, "Past"], "GameSoFar | str"]

#: The games before a round of the grid, per side ("a", "b") and scheme id: kept by
#: :func:`~skullking.analysis.compare.compare` for the rounds and the seats, which play
#: after the same games.
KeptPasts = dict[tuple[str, str], Pasts]


def bid_range(edition: Edition, cards: int, number: int) -> range:
    """The bids a player may make in round ``number`` of ``cards`` cards (the edition's
    ``bidding.min``/``max``, for the grid's three players and its default schedule);
    where they read a player's names about the game so far, every bid a player may make
    at a game's start and 0 to the cards dealt (:func:`bids_refusal` says which a player
    may not make after a given game)."""

    low, high = bidding.bid_range(
        edition, cards=cards, number=number, players=len(PLAYERS), rounds=default_rounds(edition)
    )
    if bidding.range_read(edition):
        low, high = min(low, 0), max(high, cards)
    return range(low, high + 1)


def default_rounds(edition: Edition) -> int:
    """The rounds of the edition's default schedule (a grid round is one of them)."""
    return len(edition.schedule().rounds)


def bids_refusal(
    edition: Edition, bids: Mapping[str, int], cards: int, number: int, so_far: GameSoFar | None = None
) -> str | None:
    """Why ``edition``'s bidding refuses these bids (every player's, as bid, in round
    ``number`` of ``cards`` cards, after the game ``so_far``: by default none, the
    round taken as a game's start): a bid out of its range, or a bidding rule broken
    (named), or ``None``."""

    rounds = default_rounds(edition)
    if so_far is None:
        so_far = GameSoFar.fresh(PLAYERS, number)
    if bidding.range_read(edition):  # each player's own range, after the game so far
        game = bidding.ranges_game(edition, so_far=so_far, players=PLAYERS, number=number, rounds=rounds)
        ranges = bidding.bid_ranges(edition, cards=cards, number=number, players=PLAYERS, rounds=rounds, game=game)
    else:
        low, high = bidding.bid_range(edition, cards=cards, number=number, players=len(PLAYERS), rounds=rounds)
        ranges = dict.fromkeys(PLAYERS, (low, high))
    for player, bid in bids.items():
        low, high = ranges[player]
        if not low <= bid <= high:
            return f"{player}'s bid {bid} is out of range {low}..{high}"
    if not edition.bidding.rules:
        return None
    leader = bidding.first_leader(edition, number=number, players=len(PLAYERS), rounds=rounds, so_far=so_far)
    order = bidding.bidding_order(edition, list(PLAYERS), leader=leader, number=number, rounds=rounds, so_far=so_far)
    game = bidding.rules_game(edition, so_far=so_far, players=PLAYERS, number=number, rounds=rounds)
    broken = bidding.broken_rules(edition, bids, order, cards=cards, number=number, rounds=rounds, game=game)
    return broken[0].message(bids) if broken else None


def game_so_far(edition: Edition, scheme: Scheme, number: int, past: Past | None) -> GameSoFar | str:
    """The game before round ``number`` as ``edition`` under ``scheme`` knows it: a
    game's start when ``past`` is ``None``, else ``past``'s rounds scored one by one, each
    after the game before it, as a game played or a score sheet scores them (or why one
    of them cannot be scored)."""

    if past is None:
        return GameSoFar.fresh(PLAYERS, number)
    scoring, rounds = scorer(edition, scheme), default_rounds(edition)
    loads = dict.fromkeys(PLAYERS, scheme.loads[0]) if scheme.loads else {}
    game = GameSoFarBuilder(PLAYERS)
    results = past.results()
    try:
        for before, (cards, bids, won) in enumerate(results, start=1):
            so_far = game.before()
            refused = bids_refusal(edition, bids, cards, before, so_far)
            if refused is not None:
                return f"in round {before} before it, {refused}"
            game.add(
                scoring.points(
                    number=before,
                    cards=cards,
                    players=PLAYERS,
                    bids=bids,
                    won=won,
                    captured=[],
                    alliances=[],
                    wagers={},
                    loads=loads,
                    rounds=rounds,
                    game=scoring.game(edition, so_far=so_far, players=PLAYERS, number=before, rounds=rounds),
                ),
                # (who leads on after each: the scene's assumption, and after the last its own)
                last_leader=PLAYERS[past.lead if before < len(results) else past.last],
            )
    except SkullKingError as exc:
        return f"the rounds before: {exc}"
    return game.before()


def kept_game_so_far(edition: Edition, scheme: Scheme, scene: Scene, pasts: Pasts | None) -> GameSoFar | str:
    """:func:`game_so_far` of the scene, kept in ``pasts`` (per edition and scheme)."""
    if pasts is None or scene.past is None:
        return game_so_far(edition, scheme, scene.number, scene.past)
    key = (scene.number, scene.past)
    if key not in pasts:
        pasts[key] = game_so_far(edition, scheme, scene.number, scene.past)
    return pasts[key]


def choice_refusal(choice: SheetChoice | None, value: int, scene: Scene, what: str) -> str | None:
    """Why a round cannot have P1's wager or bid change ``value`` (``what``) under an
    edition whose choice is ``choice``: it is not one of its values, or it comes with a
    trick won with a card and P1 won none, or only the round's last, after which the
    choice cannot be made."""
    if choice is None or value not in choice.values:
        return f"no {what} of {value:+d}" if what == "bid change" else f"no {what} of {value}"
    if choice.card is None:
        return None
    if scene.won == 0:
        return f"P1's {what} needs a trick won with {choice.card}; P1 won none"
    if scene.cards == 1 and not choice.after_last_trick:
        return f"P1's {what} needs a trick won with {choice.card} before the round's last; the round has one trick"
    return None


def _played_refusal(edition: Edition, played: Sequence[str]) -> str | None:
    """Why P1 cannot have played ``played`` under ``edition``: a card it lacks, or more
    copies than its deck has."""
    counts = Counter[str]()
    for code in played:
        play = edition.plays.get(code)
        if play is None:
            return f"no card '{code}'"
        counts[play.card.code] += 1
    copies = Counter(card.code for card in edition.deck())
    return next(
        (
            f"P1 played '{code}' {n} times: the deck has {copies[code]}"
            for code, n in counts.items()
            if n > copies[code]
        ),
        None,
    )


def scene_refusal(
    edition: Edition, scheme: Scheme, scene: Scene, refusals: Refusals | None = None, pasts: Pasts | None = None
) -> str | None:
    """Why ``edition`` under ``scheme`` cannot have the round ``scene``, or ``None``.
    ``refusals`` keeps what the bidding rules said of the bids of a round (they read
    neither the scheme, but through the game before, nor the tricks won: the grid asks
    of the same bids many times), ``pasts`` the game before (see :func:`game_so_far`)."""
    so_far: GameSoFar | None = None
    if scene.past is not None:
        before = kept_game_so_far(edition, scheme, scene, pasts)
        if isinstance(before, str):
            return before
        so_far = before
    bids = scene.bids()
    key = (scene.number, scene.cards, tuple(bids.values()), scene.past and (scene.past, scheme.id))
    if refusals is None or key not in refusals:
        refused = bids_refusal(edition, bids, scene.cards, scene.number, so_far)
        if refusals is not None:
            refusals[key] = refused
    else:
        refused = refusals[key]
    if refused is not None:
        return refused
    if scene.captured is not None and scene.captured not in {b.id for b in edition.bonuses}:
        return f"no bonus '{scene.captured}'"
    if scene.ally is not None and not any(e.kind is EffectKind.ALLIANCE for e in edition.effects):
        return "no alliances"
    if scene.wager and (refused := choice_refusal(edition.wagers, scene.wager, scene, "wager")):
        return refused
    if scene.change and (refused := choice_refusal(edition.bid_changes, scene.change, scene, "bid change")):
        return refused
    if not 0 <= scene.bid + scene.change <= scene.cards:
        return f"bid {scene.bid} changed by {scene.change:+d} leaves 0..{scene.cards}"
    if scene.load is not None and scene.load not in scheme.loads:
        return f"no load '{scene.load}' in scheme '{scheme.id}'"
    if scene.played:
        return _played_refusal(edition, scene.played)
    return None


def score_scene(
    edition: Edition,
    scheme: Scheme,
    scene: Scene,
    memo: dict[Scene, int] | None = None,
    refusals: Refusals | None = None,
    *,
    pasts: Pasts | None = None,
) -> int | str:
    """``P1``'s points for the round ``scene`` under ``edition`` and ``scheme``, scored as
    a score sheet's round is (in the edition's default schedule, after the game before
    it); or why the edition cannot have that round. ``memo`` keeps the points of rounds
    scored alike (a bid changed to 2 scores as a bid of 2), ``refusals`` what the
    bidding rules said and ``pasts`` the game before (see :func:`scene_refusal`)."""

    refused = scene_refusal(edition, scheme, scene, refusals, pasts)
    if refused is not None:
        return refused
    key = scene._replace(bid=scene.bid + scene.change, change=0)
    if memo is not None and key in memo:
        return memo[key]
    # (the rules of the scene's round: a bonus may pay what the round says)
    rules = edition.at_start(scene.number, len(PLAYERS), cards=scene.cards)
    scoring, rounds = scorer(rules, scheme), default_rounds(edition)
    game = None
    if scoring.game_names:
        so_far = kept_game_so_far(edition, scheme, scene, pasts)
        assert not isinstance(so_far, str)  # (refused above)
        game = scoring.game(edition, so_far=so_far, players=PLAYERS, number=scene.number, rounds=rounds)
    result = scoring.points(
        number=scene.number,
        cards=scene.cards,
        players=PLAYERS,
        bids=key.bids(),
        won=scene.tricks_won(),
        captured=[("P1", [scene.captured])] if scene.captured else [],
        alliances=[("P1", "P2")] if scene.ally else [],
        wagers={"P1": scene.wager} if scene.wager else {},
        loads={"P1": scene.load} if scene.load else {},
        rounds=rounds,
        played={"P1": [edition.plays[code] for code in scene.played]} if scene.played else None,
        game=game,
    )
    if memo is not None:
        memo[key] = result.points["P1"]
    return result.points["P1"]
