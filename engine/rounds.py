"""A round's points and seating, shared by score sheets (:mod:`skullking.scoring`) and
rounds played move by move (:mod:`skullking.game`): the scheme's cases over the table,
when alliances pay, who sits where in a trick (the two-player ghost included), and what
a won trick grants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .model import (
    Ability,
    AbilityKind,
    AlliancePays,
    Effect,
    EffectKind,
    Ghost,
    Scheme,
    SheetChoice,
)

if TYPE_CHECKING:
    from .cards import Play
    from .edition import Edition


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundScore:
    """One scored round: cards dealt, and per player bid, tricks won and points."""

    number: int
    cards: int
    bids: Mapping[str, int]
    won: Mapping[str, int]
    points: Mapping[str, int]


def standings(players: Sequence[str], rounds: Sequence[RoundScore]) -> tuple[dict[str, int], tuple[str, ...]]:
    """Totals per player over ``rounds`` (a player sitting out a tie-break round scores
    nothing in it), and the players with the highest total, in seat order."""
    totals = {p: sum(r.points.get(p, 0) for r in rounds) for p in players}
    best = max(totals.values()) if totals else 0
    return totals, tuple(p for p in players if totals[p] == best) if rounds else ()


def leader_ability(edition: Edition) -> Ability | None:
    """The edition's leader-choosing ability (Rosie D'Laney's), if any."""
    return next((a for a in edition.abilities if a.kind is AbilityKind.CHOOSE_LEADER), None)


def grants(choice: SheetChoice | Ability, play: Play, trick: int, tricks: int, modules: Set[str]) -> bool:
    """Whether winning trick ``trick`` of ``tricks`` with ``play`` grants ``choice`` (an
    ability, a wager, a bid change): the play is its card, its module is in play, and
    the round's last trick counts where the edition says so (digest 2.8, 5 #8)."""
    if choice.card is None or choice.card not in (play.card.kind, play.card.individual):
        return False
    if choice.module is not None and choice.module not in modules:
        return False
    return choice.after_last_trick or trick < tricks


def next_seat(seats: Sequence[int], next_leader: int, count: int, ghost: Ghost | None) -> int:
    """The seat that leads after a trick played by ``seats`` (in play order) whose
    result names position ``next_leader``: a ghost (seat ``count``) that won hands the
    lead back to the trick's leader where the edition says so (digest 5 #5)."""
    following = seats[next_leader]
    if ghost is not None and following == count and ghost.wins_lead == "trick_leader":
        return seats[0]
    return following


def opener(seats: Sequence[int], count: int, ghost: Ghost | None) -> int:
    """Who opened a trick played by ``seats``, as the next trick's order needs it: its
    leader, or when the ghost (seat ``count``) led it, the player who played after him
    (so that if he leads again the order is kept), or seat ``count`` when the edition
    says ``leads_again: seat_order`` (then seat 0 plays after him)."""
    if ghost is not None and seats[0] == count and ghost.leads_again == "keep_order":
        return seats[1]
    return seats[0]


def seat_order(leader: int, previous: int, count: int, ghost: Ghost | None) -> list[int]:
    """Seats in play order for a trick led by seat ``leader``. Players sit in order;
    a ghost (seat ``count``) plays at its position, or first when it leads, the player
    who led the trick it won (``previous``) playing next."""
    if ghost is None:
        return [(leader + i) % count for i in range(count)]
    if leader == count:
        return [count, *((previous + i) % count for i in range(count))]
    live = [(leader + i) % count for i in range(count)]
    live.insert(ghost.position - 1, count)
    return live


def ghost_play(edition: Edition, play: Play, ghost: Ghost) -> Play:
    """``play`` as the ghost plays it: a card declared when played takes the ghost's
    declaration (Graybeard's Tigress is an escape)."""
    kind = edition.kind(play.card.kind) if play.card.kind else None
    if kind is None or not kind.declarations:
        return play
    choice = next((d for d in kind.declarations if d.role == ghost.declares), None)
    if choice is None:
        return play
    return edition.plays[f"{play.card.code}:{choice.code}"]


def round_points(
    edition: Edition,
    *,
    number: int,
    cards: int,
    scheme: Scheme,
    players: list[str],
    bids: dict[str, int],
    won: dict[str, int],
    captures: dict[str, list[str]],
    alliances: list[tuple[str, str]],
    extra: dict[str, int],
    wagers: dict[str, int],
    loads: dict[str, str],
    rounds: int = 0,
    played: Mapping[str, Mapping[str, int]] | None = None,
) -> RoundScore:
    """Points for one round from its results: per player the bid (after any change), the
    tricks won, the capture bonus ids, the alliances formed, extra points, the wager and
    the load; the first case of ``scheme`` that holds gives each player's points (a
    result no case covers scores 0 where the scheme says ``otherwise: zero``).

    The formulas also see the game: ``rounds`` in the schedule, ``last_round`` (1 in the
    schedule's last round), ``total_bids``, and per player ``played_<role>`` from
    ``played`` (player -> role id -> cards played in that role; needed only by schemes
    that use those names, see :func:`played_names_used`), and aggregate over the table."""
    from .build import played_names
    from .model import played_name

    points_of = {b.id: b.points for b in edition.bonuses}
    total_bids = sum(bids.values())
    counted = played_names([r.id for r in edition.roles])
    table: list[dict[str, int]] = []
    for p in players:
        env = {
            "bid": bids[p],
            "won": won[p],
            "cards": cards,
            "round": number,
            "players": len(players),
            "rounds": rounds,
            "last_round": int(number == rounds),
            "total_bids": total_bids,
        }
        env.update(dict.fromkeys(counted, 0))
        for role, count in (played or {}).get(p, {}).items():
            name = played_name(role)
            if name is not None:
                env[name] = count
        table.append(env)
    made = {p: bool(scheme.made.evaluate_for(table, i)) for i, p in enumerate(players)}
    alliance = next((e for e in edition.effects if e.kind is EffectKind.ALLIANCE), None)
    points: dict[str, int] = {}
    for i, p in enumerate(players):
        env = table[i]
        env["bonus"] = sum(points_of[b] for b in captures.get(p, []))
        share = alliance.points if alliance is not None else 0
        env["alliance"] = sum(share for a, b in alliances if p in (a, b) and _pays(alliance, p, a, b, made))
        env["wager"] = wagers.get(p, 0)
        for load in scheme.loads:
            env[load] = int(loads.get(p) == load)
    for i, p in enumerate(players):
        case = next((c for c in scheme.cases if c.when is None or c.when.evaluate_for(table, i)), None)
        points[p] = (0 if case is None else int(case.points.evaluate_for(table, i))) + extra.get(p, 0)
    return RoundScore(number=number, cards=cards, bids=bids, won=won, points=points)


def _pays(alliance: Effect | None, player: str, loot: str, winner: str, made: Mapping[str, bool]) -> bool:
    """Whether ``player``, ally in the alliance (``loot``, ``winner``), earns its points."""
    if alliance is None:
        return False
    if alliance.pays is AlliancePays.ALWAYS:
        return True
    if alliance.pays is AlliancePays.OWN_MADE:
        return made[player]
    return made[loot] and made[winner]


def played_names_used(scheme: Scheme) -> list[str]:
    """The ``played_<role>`` names the scheme's formulas use (they need the whole play)."""
    used: set[str] = set(scheme.made.variables)
    for case in scheme.cases:
        used |= case.points.variables | (case.when.variables if case.when is not None else set())
    return sorted(n for n in used if n.startswith("played_"))
