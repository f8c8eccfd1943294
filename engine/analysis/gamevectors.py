"""Game vectors: whole rounds of several tricks played from a deal, for what one trick
cannot show: who leads each trick, the abilities' decisions (a leader chosen, an
exchange with the undealt cards, a bid changed after the last trick, a wager the last
trick does not grant), an alliance made in one trick and paid at the round's end, and
the two-player ghost hand (a trick he wins, one nobody wins that names him to lead,
an alliance at his table).

A vector's input is the deal (each hand, the ghost's under his name, in the order his
cards are turned over; the undealt cards an exchange draws, from the front), who leads
the first trick, the bids and each player's moves in the order that player makes them
(the cards played; the answers to the decisions the abilities ask, taken kind by kind:
when a decision is asked, a bid change at once or after the last trick, never changes
which answer it reads). Its expected answer is each trick's leader, cards and winner,
the tricks each player won and each player's points, as
:class:`~skullking.play.round.Round` plays them.

The rounds are found by play, never listed: rounds dealt and played at random with
seeds 0, 1, 2, ... (without the modules that hold cards other than the first's, then
with every module),
the first that shows each thing kept (:func:`game_vectors`), so an edition of other
cards and abilities gets its own.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from skullking.analysis.vectorbase import Tagger, make_vector, rule_source, tag
from skullking.model.records import EXCHANGE, OVER
from skullking.play.randomplay import play_randomly
from skullking.play.round import Round
from skullking.scoring.schemes import reads_the_game

if TYPE_CHECKING:
    from skullking.edition import Edition

#: The players of the game vectors (two where the edition has a two-player ghost hand).
GAME_PLAYERS = ("A", "B", "C", "D")
#: The round the game vectors play, and the cards each player is dealt in it.
GAME_ROUND = 5
#: The seeds tried for each table and deck before giving up on what is not found.
SEEDS = 300
#: The tag every game vector carries: a program that does not play whole rounds skips them.
GAME_TAG = "game"


def play_game(edition: Edition, given: dict[str, Any]) -> dict[str, Any]:
    """A game vector's answer: the round of ``given`` (a vector's input) played move by
    move: each trick's ``leader``, ``cards`` and ``winner`` (``None`` when nobody wins),
    ``won`` (tricks each player won) and ``points``. Raises
    :class:`~skullking.core.errors.GameError` for a move the rules refuse."""
    players = list(given["players"])
    undealt = given.get("undealt")
    round_ = Round(
        edition,
        players,
        number=given["round"],
        cards=given["cards"],
        hands=given["hands"],
        undealt=undealt,
        modules=given["modules"],
        leader=given["leader"],
        scheme=given.get("scoring"),
    )
    for player in round_.bidding_order:
        round_.bid(player, given["bids"][player])
    for player, load in given.get("loads", {}).items():
        round_.load(player, load)
    plays = {p: list(cards) for p, cards in given["plays"].items()}
    # each player's answers of each kind, in the order asked: when a kind is asked
    # (a bid change at once or after the last trick) never changes which answer it takes
    choices: dict[tuple[str, str], list[Any]] = {}
    for player, made in given.get("decisions", {}).items():
        for choice in made:
            choices.setdefault((player, choice["kind"]), []).append(choice["choice"])
    while round_.phase is not OVER:
        decision = round_.pending
        if decision is not None:
            left = choices.get((decision.player, decision.kind)) or [None]
            round_.decide(decision.player, left.pop(0))
            continue
        mover = round_.to_play
        assert mover is not None  # (a round not over waits for a decision or a play)
        left = plays.get(mover) or [None]
        round_.play(mover, left.pop(0))
    tricks = [{"leader": t.players[0], "cards": [p.code for p in t.plays], "winner": t.winner} for t in round_.tricks]
    return {"tricks": tricks, "won": dict(round_.won), "points": dict(round_.score().points)}


def _input(round_: Round, undealt: list[str], scoring: str | None) -> dict[str, Any]:
    """A played round as a game vector's input (see the module's description)."""
    live = round_.players
    plays: dict[str, list[str]] = {p: [] for p in live}
    for trick in round_.tricks:
        for name, play in zip(trick.players, trick.plays, strict=True):
            if name in plays:
                plays[name].append(play.code)
    decisions: dict[str, list[dict[str, Any]]] = {}
    for decision, choice, _ in round_.decisions:
        answer = [p.code for p in choice] if decision.kind == EXCHANGE else choice
        decisions.setdefault(decision.player, []).append({"kind": decision.kind, "choice": answer})
    exchanged = any(decision.kind == EXCHANGE for decision, _, _ in round_.decisions)
    given: dict[str, Any] = {
        "players": list(live),
        "round": round_.number,
        "cards": round_.cards,
        "modules": sorted(round_.modules),
        **({"scoring": scoring} if scoring else {}),
        "hands": {name: [p.code for p in hand] for name, hand in round_.dealt.items()},
        **({"undealt": undealt} if exchanged else {}),
        "leader": round_.tricks[0].players[0],
        "bids": dict(round_.first_bids),
        **({"loads": dict(round_.loads)} if round_.loads else {}),
        "plays": plays,
        **({"decisions": decisions} if decisions else {}),
    }
    return given


def _shows(round_: Round) -> list[tuple[tuple[Any, ...], str]]:
    """What a played round shows that one trick cannot, each with its words: a round of
    several tricks; each kind of decision, and each after the round's last trick; a
    wager or bid change its card's win in the last trick does not grant; a trick nobody
    wins before the last, and one whose effect names the ghost hand to lead (he would
    have won it); an alliance made before the last trick, and one at a table with the
    ghost; the ghost hand winning a trick before the last."""
    last = round_.cards
    shown: list[tuple[tuple[Any, ...], str]] = [(("round", len(round_.seats)), "who leads each trick")]
    for decision, _, done in round_.decisions:
        shown.append((("decision", decision.kind), f"{decision.card}'s {decision.kind.replace('_', ' ')}"))
        if done >= last:
            words = f"{decision.card}'s {decision.kind.replace('_', ' ')} after the last trick"
            shown.append((("after last", decision.kind), words))
    ghost = round_.ghost_name
    final = round_.tricks[-1]
    if final.winner is not None and final.winner != ghost:
        play = final.plays[final.players.index(final.winner)]
        edition = round_.edition
        for kind, choice in (("wager", edition.wagers), ("bid change", edition.bid_changes)):
            if choice is None or choice.card is None or choice.after_last_trick:
                continue
            if choice.card in (play.card.kind, play.card.individual) and choice.module in (None, *round_.modules):
                shown.append((("not after last", kind), f"{choice.card} wins the last trick, which grants no {kind}"))
    for trick in round_.tricks:
        if ghost is not None and trick.result.alliances:
            shown.append((("alliance", ghost), f"an alliance at a table with {ghost}"))
    for trick in round_.tricks[:-1]:
        effect = trick.result.rule
        if trick.winner is None:
            shown.append((("nobody wins", effect), f"who leads after the {effect}'s trick"))
            if ghost is not None and trick.players[trick.result.next_leader] == ghost:
                shown.append(
                    (("names the ghost", effect), f"who leads after the {effect}'s trick when it names {ghost}")
                )
        elif trick.result.alliances:
            shown.append((("alliance",), "an alliance made before the last trick, paid at the round's end"))
        if ghost is not None and trick.winner == ghost:
            shown.append((("ghost wins",), f"who leads after {ghost} wins a trick"))
    return shown


def game_vectors(edition: Edition, number: int | None = None) -> list[dict[str, Any]]:
    """The game vectors of ``edition`` (see the module's description): four players,
    then two where the edition has a two-player ghost hand; the deck of its first
    module, then of every module; for each thing :func:`_shows` names, the first round
    that shows it. The round is :data:`GAME_ROUND` (round 1 where the edition reads the
    game before a round), or ``number`` (an edition whose rules change with the round),
    each player dealt :data:`GAME_ROUND` cards."""
    tagger = Tagger(edition)
    held = {s.module for s in edition.suits} | {k.module for k in edition.kinds}
    first = edition.modules[0].id if edition.modules else ""
    kept = {m.id for m in edition.modules if not m.optional}  # (modules a game cannot leave out)
    tables = [GAME_PLAYERS[:n] for n in (4, 2) if edition.min_players <= n <= edition.max_players]
    tables = [t for t in tables if len(t) == 4 or edition.ghost_at(len(t)) is not None]
    # A round played alone is a game's first where the edition reads the game before it
    # (who deals, the standings, the earlier rounds): a vector gives no game so far.
    at = number or (1 if reads_the_game(edition, edition.scheme()) else GAME_ROUND)
    seen: set[tuple[Any, ...]] = set()
    vectors: list[dict[str, Any]] = []
    for players in tables:
        every = edition.modules_for(len(players))
        for modules in ([m for m in every if m == first or m not in held or m in kept], every):
            for seed in range(SEEDS):
                round_ = Round(edition, players, number=at, cards=GAME_ROUND, seed=seed, modules=modules)
                undealt = [p.code for p in round_.undealt]
                play_randomly(round_, random.Random(seed))
                new = [(key, words) for key, words in _shows(round_) if key not in seen]
                if not new:
                    continue
                seen.update(key for key, _ in new)
                given = _input(round_, undealt, None)
                played = edition.parse_cards([c for hand in given["hands"].values() for c in hand])
                tags = {GAME_TAG, *tagger.plays(played)}
                tags.update(tag(b) for t in round_.tricks for b in t.result.bonuses)
                if round_.ghost is not None:
                    tags.add("ghost")
                said = "; ".join(dict.fromkeys(words for _, words in new))
                vectors.append(
                    make_vector(
                        f"game-{len(vectors) + 1:03d}",
                        f"round {at}, {len(players)} players: {said}",
                        source=rule_source("", edition),
                        tags=tags,
                        given=given,
                        expected=play_game(edition, given),
                    )
                )
    return vectors
