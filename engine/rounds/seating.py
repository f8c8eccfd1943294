"""Who sits where and what a won trick grants, shared by score sheets and rounds played
move by move: the leader-choosing abilities, what winning a trick with a card grants,
the seats of a trick in play order (the two-player ghost included), who leads next,
how the ghost plays a card declared when played, and what a finished trick counts for
in the scoring."""

from __future__ import annotations

from collections.abc import Hashable, Sequence, Set
from typing import TYPE_CHECKING, NamedTuple

from skullking.core.errors import IllegalTrickError
from skullking.model.records import Ability, AbilityKind, Ghost, SheetChoice

if TYPE_CHECKING:
    from skullking.model.cards import Play
    from skullking.model.records import TrickResult
    from skullking.model.rules import Rules


def tally(
    won: dict[str, int],
    captured: list[tuple[str, tuple[str, ...]]],
    allied: list[tuple[str, str]],
    names: Sequence[str],
    result: TrickResult,
) -> None:
    """Count a finished trick (played by ``names``, in play order; ``result`` its
    resolution) for the players of the round (the keys of ``won``; not the ghost hand):
    a trick more for the player it counts for (its winner, or whom an effect counts a
    trick nobody won for), its capture bonuses in ``captured`` as (that player, the
    bonus ids), and the alliances it formed in ``allied`` as (the ally, that player),
    an ally being a player of the round too. A round played move by move counts each
    trick so as it ends, a score sheet's replay each trick it reads."""
    position = result.counts_for
    if position is None:
        return
    player = names[position]
    if player in won:
        won[player] += 1
        _, _, _, alliances, _, _, _, bonuses, _ = result
        if bonuses:
            captured.append((player, bonuses))
        for ally, _ in alliances:
            if names[ally] in won:
                allied.append((names[ally], player))


def leader_abilities(edition: Rules) -> tuple[Ability, ...]:
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


def next_seat(seats: Sequence[int], next_leader: int, count: int, ghost: Ghost | None, *, won: bool) -> int:
    """The seat that leads after a trick played by ``seats`` (in play order) whose
    result names position ``next_leader`` (``won``: a card won the trick; else nobody
    did, and the trick-altering card's rule named that position). When that is the
    ghost (seat ``count``), the edition says who leads: after a trick he won,
    ``ghost.wins_lead`` (the 2021 rulebook: he does; the 2024 printing of the rulebook:
    the trick's leader); after a trick nobody won, such as the Kraken's that he would
    have won, ``ghost.destroyed_lead`` (the sources do not say; by default as after a
    trick he won)."""
    following = seats[next_leader]
    if ghost is None or following != count:
        return following
    rule = ghost.wins_lead if won or ghost.destroyed_lead == "as_if_won" else ghost.destroyed_lead
    return seats[0] if rule == "trick_leader" else following


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
    """How a trick sits, the one record of it a round played move by move and a trick
    at a table read (:func:`seating` builds it): its seats in play order (``order``,
    seat numbers; the ghost's is the players' count) and their names (``names``), who
    opened it as the next trick's order needs it (``opened``, see :func:`opener`), for
    each position of the trick the seat that leads the next one when the result names
    that position (see :func:`next_seat`): ``leads`` when the trick was won,
    ``unwon_leads`` when nobody won it (the same tuple without a ghost), and the ghost
    hand's rules where he plays (``ghost``)."""

    order: tuple[int, ...]
    names: tuple[str, ...]
    opened: int
    leads: tuple[int, ...]
    unwon_leads: tuple[int, ...]
    ghost: Ghost | None

    @property
    def ghost_at(self) -> int | None:
        """The ghost hand's position in the trick (``None`` where he does not play)."""
        return None if self.ghost is None else self.order.index(len(self.order) - 1)

    def leads_next(self, result: TrickResult) -> int:
        """The seat that leads the trick after this one, resolved as ``result``."""
        return (self.leads if result.winner is not None else self.unwon_leads)[result.next_leader]


def seating(leader: int, previous: int, seats: Sequence[str], ghost: Ghost | None) -> Seating:
    """The :class:`Seating` of a trick led by seat ``leader`` after one led by seat
    ``previous``, at a table of ``seats`` (names; the ghost's, if any, last)."""
    count = len(seats) - (ghost is not None)
    order = tuple(seat_order(leader, previous, count, ghost))
    leads = tuple(next_seat(order, position, count, ghost, won=True) for position in range(len(order)))
    unwon = leads
    if ghost is not None:
        unwon = tuple(next_seat(order, position, count, ghost, won=False) for position in range(len(order)))
    return Seating(order, tuple(seats[s] for s in order), opener(order, count, ghost), leads, unwon, ghost)


def seated(
    known: dict[Hashable, Seating], leader: int, previous: int, seats: Sequence[str], ghost: Ghost | None
) -> Seating:
    """:func:`seating`, kept in ``known`` (the seatings met at this table, see
    :meth:`~skullking.rounds.lookups.Lookups.seatings`): a trick's leader, with the
    ghost the pair leader and previous leader, seats a trick one way."""
    key = (leader, previous) if ghost is not None else leader
    found = known.get(key)
    if found is None:
        found = known[key] = seating(leader, previous, seats, ghost)
    return found


def table_seating(edition: Rules, players: Sequence[str], leader: int, previous: int | None = None) -> Seating:
    """The :class:`Seating` of a trick at a table of ``players`` (names, in seat order;
    the ghost hand joins them last where the edition has him play at their number) led
    by seat ``leader``, after a trick led by ``previous`` (by default ``leader``: it
    places the ghost hand's followers when he leads)."""
    ghost = edition.ghost_at(len(players))
    names = (*players, ghost.name) if ghost is not None else tuple(players)
    return seating(leader, leader if previous is None else previous, names, ghost)


def ghost_play(edition: Rules, play: Play, ghost: Ghost) -> Play:
    """``play`` as the ghost plays it: a card declared when played takes the ghost's
    declaration (Graybeard's Tigress is an escape)."""
    kind = edition.kind(play.card.kind) if play.card.kind else None
    if kind is None or not kind.declarations:
        return play
    choice = next((d for d in kind.declarations if d.role == ghost.declares), None)
    if choice is None:
        return play
    return edition.plays[f"{play.card.code}:{choice.code}"]


def ghost_card(edition: Rules, play: Play, ghost: Ghost) -> Play:
    """``play``, turned over by the ghost hand, as he plays it (:func:`ghost_play`); a
    card declared another way than his rules declare it is refused
    (:class:`~skullking.core.errors.IllegalTrickError`): the ghost never chooses (the
    2021 rulebook: Graybeard's Tigress is an escape)."""
    wanted = ghost_play(edition, play, ghost)
    if play.undeclared or play is wanted:
        return wanted
    raise IllegalTrickError(f"{ghost.name} plays {play.card.code} as {ghost.declares} ({wanted.code})")


class TableTrick(NamedTuple):
    """A trick played at a table (:func:`table_trick`): its result (positions in the
    trick, as :meth:`Edition.resolve_trick <skullking.edition.Edition.resolve_trick>`
    gives them for a trick led at position 0), the seat that played each card, and the
    seat that leads the next trick."""

    result: TrickResult
    seats: tuple[int, ...]
    next_seat: int

    @property
    def winner(self) -> int | None:
        """The winner's seat, ``None`` when nobody wins."""
        position = self.result.winner
        return None if position is None else self.seats[position]

    @property
    def counts_for(self) -> int | None:
        """The seat the trick counts for in the scoring (``None``: nobody); worked out
        when asked, as ``winner`` is (a score sheet's replay reads the result's own)."""
        position = self.result.counts_for
        return None if position is None else self.seats[position]

    def as_json(self) -> dict[str, object]:
        """The ``skullking trick --format json`` record with seats of the table for
        ``winner``, ``next_leader`` and ``counts_for`` (where the result gives it), and
        the seat of each card (``seats``) and the winning card's position
        (``winning_card``)."""
        out = {
            **self.result.as_json(),
            "winner": self.winner,
            "next_leader": self.next_seat,
            "alliances": [[self.seats[a], self.seats[b]] for a, b in self.result.alliances],
            "seats": list(self.seats),
            "winning_card": self.result.winning_card,
        }
        if "counts_for" in out:
            out["counts_for"] = self.counts_for
        return out


def table_trick(edition: Rules, plays: Sequence[Play], at: Seating) -> TableTrick:
    """``plays``, in play order, as a trick sitting as ``at`` says (:func:`seating`,
    :func:`table_seating`; the ghost hand, where he plays, is the seat after the
    players'). Every rule of the table applies: the seats in play order, his card as he
    plays it (:func:`ghost_card`), and who leads next (:func:`next_seat`). A score
    sheet's tricks are replayed by the same rules."""
    cards = list(plays)
    position = at.ghost_at
    if at.ghost is not None and position is not None and position < len(cards):
        cards[position] = ghost_card(edition, cards[position], at.ghost)
    result = edition.resolve_trick(cards, leader=0, players=len(at.order))
    return TableTrick(result, at.order[: len(cards)], at.leads_next(result))
