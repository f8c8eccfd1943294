"""Who sits where and what a won trick grants, shared by score sheets and rounds played
move by move: the leader-choosing abilities, what winning a trick with a card grants,
the seats of a trick in play order (the two-player ghost included), who leads next, and
how the ghost plays a card declared when played."""

from __future__ import annotations

from collections.abc import Sequence, Set
from typing import TYPE_CHECKING, NamedTuple

from skullking.model.records import Ability, AbilityKind, Ghost, SheetChoice

if TYPE_CHECKING:
    from skullking.edition import Edition
    from skullking.model.cards import Play


def leader_abilities(edition: Edition) -> tuple[Ability, ...]:
    """The edition's leader-choosing abilities (Rosie D'Laney's), in the file's order:
    each on a card of its own, each recorded on sheets under its own key."""
    return tuple(a for a in edition.abilities if a.kind is AbilityKind.CHOOSE_LEADER)


def grants(choice: SheetChoice | Ability, play: Play, trick: int, tricks: int, modules: Set[str]) -> bool:
    """Whether winning trick ``trick`` of ``tricks`` with ``play`` grants ``choice`` (an
    ability, a wager, a bid change): the play is its card, its module is in play, and
    the round's last trick counts where the edition says so (the 2021 rulebook and the
    official FAQ let only Harry the Giant's ability follow it; the Legendary Edition's
    printable, as a Go implementation's issue threads quote it, Rascal's too)."""
    if choice.card is None or choice.card not in (play.card.kind, play.card.individual):
        return False
    if choice.module is not None and choice.module not in modules:
        return False
    return choice.after_last_trick or trick < tricks


def next_seat(seats: Sequence[int], next_leader: int, count: int, ghost: Ghost | None) -> int:
    """The seat that leads after a trick played by ``seats`` (in play order) whose
    result names position ``next_leader``: a ghost (seat ``count``) that won hands the
    lead back to the trick's leader where the edition says so (as the 2024 printing of
    the rulebook does; in the 2021 rulebook the ghost leads)."""
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


class Seating(NamedTuple):
    """How a trick sits: its seats in play order (``order``, seat numbers; the ghost's
    is the players' count) and their names (``names``), who opened it as the next
    trick's order needs it (``opened``, see :func:`opener`), and for each position of
    the trick the seat that leads the next one when the result names that position
    (``leads``, see :func:`next_seat`)."""

    order: tuple[int, ...]
    names: tuple[str, ...]
    opened: int
    leads: tuple[int, ...]


def seating(leader: int, previous: int, seats: Sequence[str], ghost: Ghost | None) -> Seating:
    """The :class:`Seating` of a trick led by seat ``leader`` after one led by seat
    ``previous``, at a table of ``seats`` (names; the ghost's, if any, last)."""
    count = len(seats) - (ghost is not None)
    order = tuple(seat_order(leader, previous, count, ghost))
    leads = tuple(next_seat(order, position, count, ghost) for position in range(len(order)))
    return Seating(order, tuple(seats[s] for s in order), opener(order, count, ghost), leads)


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
