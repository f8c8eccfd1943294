"""Score sheets: the bonuses and Loot alliances a round claims, checked against the
cards in play (captured cards, winning cards, alliances)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING

from skullking.core.suggest import unknown
from skullking.model.records import (
    Bonus,
    Pattern,
)
from skullking.reading.located import Node

if TYPE_CHECKING:
    from skullking.model.rules import Rules
    from skullking.scoring.sheets.reader import ValueReader


class BonusClaims:
    """Reads a round's ``bonuses`` and ``loot``, given with ``won``: what a sheet claims
    must fit the cards in play. The problems go to the sheet's
    :class:`~skullking.scoring.sheets.reader.ValueReader`."""

    def __init__(self, edition: Rules, values: ValueReader) -> None:
        self.edition = edition
        self.values = values

    def bonuses(
        self, node: Node, players: list[str], won: Mapping[str, int | None], modules: set[str]
    ) -> dict[str, list[str]]:
        """The capture bonus ids each player claims (``bonuses: {Emma: [...]}``), the
        unknown ones left out; ``won``: the tricks each won (``None`` where not read)."""
        known = {b.id for b in self.edition.bonuses}
        before = len(self.values.problems)
        table = self.values.per_player(node, "bonuses", players, required=False)
        captures: dict[str, list[str]] = {}
        counted: Counter[str] = Counter()
        first_node: dict[str, Node] = {}
        for player, ids in table.items():
            if not isinstance(ids.value, list):
                self.values.error(ids, f"bonuses of {player} must be a list of bonus ids")
                continue
            captures[player] = []
            for item in ids.value:
                if not isinstance(item.value, str) or item.value not in known:
                    self.values.error(item, unknown("bonus id", str(item.plain()), known))
                    continue
                captures[player].append(item.value)
                counted[item.value] += 1
                first_node.setdefault(item.value, item)
            tricks = won.get(player)
            size = self.edition.hands(len(players))  # a trick's cards: the ghost hand's too
            needed = self._cards_needed(captures[player], modules)
            if captures[player] and tricks == 0:
                self.values.error(ids, f"{player} won no trick, so captured no bonus")
            elif tricks is not None and needed > tricks * size:
                claims = len(captures[player])
                need = "" if needed == claims else f" need {needed} cards"
                self.values.error(
                    ids,
                    f"{claims} bonus captures for {player}{need}, but {tricks} won trick"
                    f"{'s' if tricks != 1 else ''} of {size} cards hold at most {tricks * size} cards",
                )
        limits = self._max_captures(modules)
        over = [b for b, count in counted.items() if count > limits[b]]
        for bonus_id in over:
            self.values.error(
                first_node[bonus_id],
                f"bonus '{bonus_id}' {counted[bonus_id]} times, but the cards in play allow at most {limits[bonus_id]}",
            )
        if not over:
            self._shared_cards(captures, counted, first_node, modules)
        if not over and len(self.values.problems) == before:
            self._winning_cards(captures, table, won, modules)
        return captures

    def _cards_needed(self, ids: list[str], modules: set[str]) -> int:
        """The fewest cards one player's claimed bonuses ``ids`` can be paid for: a card
        pays each bonus whose captured patterns it matches once, so bonuses whose
        patterns can match the same kinds of card (joined into groups through the kinds
        they share) need as many cards as the one claimed most often, and groups with no
        kind in common need cards of their own."""
        bonuses = {b.id: b for b in self.edition.bonuses}
        groups: list[tuple[set[str], Counter[str]]] = []  # (kinds of card, claims of each bonus)
        for bonus_id, count in Counter(ids).items():
            pools = set().union(*(self._pools(p, modules) for p in bonuses[bonus_id].captured))
            merged: Counter[str] = Counter({bonus_id: count})
            for group in [g for g in groups if g[0] & pools]:
                groups.remove(group)
                pools |= group[0]
                merged.update(group[1])
            groups.append((pools, merged))
        return sum(max(claims.values()) for _, claims in groups)

    def _max_captures(self, modules: set[str]) -> dict[str, int]:
        """Bonus id -> the most times it can be paid in one round: the cards in play that
        can match one of its patterns in some role they may take."""
        deck = self.edition.deck(modules)
        out: dict[str, int] = {}
        for bonus in self.edition.bonuses:
            pools = set().union(*(self._pools(p, modules) for p in bonus.captured))
            out[bonus.id] = sum(1 for card in deck if card.pool in pools)
        return out

    def _winning_cards(
        self, captures: dict[str, list[str]], table: dict[str, Node], won: Mapping[str, int | None], modules: set[str]
    ) -> None:
        """Bonuses paid for a trick won with some card (the Skull King's +30 per pirate)
        need that winning card: two players cannot both have won with the one Skull King.
        Each player's bonuses with a winner pattern need a winning card from each
        pattern's cards (one card serves patterns that share it); the cards in play must
        give every player their own (a matching of players' needs to cards, each copy
        of a card one winner). Counted from the bonus patterns and the deck in play."""
        bonuses = {b.id: b for b in self.edition.bonuses}
        copies = Counter(card.pool for card in self.edition.deck(modules))
        needs: list[tuple[str, frozenset[str], list[str]]] = []  # (player, cards that serve, bonus ids)
        for player, ids in captures.items():
            groups: list[tuple[set[str], list[str]]] = []
            for bonus_id in dict.fromkeys(ids):
                winner = bonuses[bonus_id].winner
                if winner is None:
                    continue
                pools, merged = set(self._pools(winner, modules)), [bonus_id]
                for group in [g for g in groups if g[0] & pools]:  # a card shared may serve both
                    groups.remove(group)
                    pools |= group[0]
                    merged = group[1] + merged
                groups.append((pools, merged))
            needs += [(player, frozenset(pools), merged) for pools, merged in groups]
            tricks = won.get(player)
            if tricks is not None and len(groups) > tricks:
                kinds = "; ".join(
                    f"{', '.join(repr(b) for b in ids)} by {' or '.join(sorted(pools))}" for pools, ids in groups
                )
                self.values.error(
                    table[player],
                    f"{player}'s bonuses need {len(groups)} tricks won with different cards ({kinds}), "
                    f"but {player} won {tricks}",
                )
                return
        cards = [(pool, k) for pool in sorted(copies) for k in range(copies[pool])]
        holder: dict[tuple[str, int], int] = {}

        def assign(need: int, seen: set[tuple[str, int]]) -> bool:
            for card in cards:
                if card[0] in needs[need][1] and card not in seen:
                    seen.add(card)
                    if card not in holder or assign(holder[card], seen):
                        holder[card] = need
                        return True
            return False

        for index, (player, serving, ids) in enumerate(needs):
            if assign(index, set()):
                continue
            rivals = [p for p in captures if p != player and any(q == p and other & serving for q, other, _ in needs)]
            available = sum(copies[pool] for pool in serving)
            claims = ", ".join(repr(b) for b in ids)
            self.values.error(
                table[player],
                f"{player}'s {claims} needs a trick won with {' or '.join(sorted(serving))}, but "
                f"{', '.join(rivals) or player}'s bonuses need such a winning card too, and the cards in play "
                f"hold {available} (each wins one trick)",
            )
            return

    def _shared_cards(
        self, captures: dict[str, list[str]], counted: Counter[str], first_node: dict[str, Node], modules: set[str]
    ) -> None:
        """Bonuses that need the same one-of-a-kind cards: the Skull King cannot both win a
        trick with pirates and be taken by a mermaid in one round. Counted for patterns
        that only one kind of card can match, the claims' patterns together: a card lies
        in one trick, won by one player, so each player's claims need cards of their own.
        Within one player's claims a captured card pays every bonus whose pattern it
        matches, each bonus once (the black 14 a Skull King takes pays the 2021
        rulebook's black-14 and a house rule's bonus for the Skull King taking it), so
        they need as many cards of a kind as the bonus claimed most often. A bonus with
        a winner pattern needs a winning card; that card lies in its own trick too, so
        it also serves the bonuses that count the winning card and whose winner pattern
        it matches, and the others need cards besides it. The winning cards of several
        players are counted once here: who won with which card is for
        :meth:`_winning_cards`."""
        bonuses = {b.id: b for b in self.edition.bonuses}
        need: Counter[str] = Counter()
        winning_players: Counter[str] = Counter()
        for ids in captures.values():
            claimed: dict[str, Counter[str]] = {}  # kind of card -> claims of each bonus on it
            winning: set[str] = set()
            for bonus_id in ids:
                bonus = bonuses[bonus_id]
                captured = set().union(*(self._pools(p, modules) for p in bonus.captured))
                if len(captured) == 1:
                    claimed.setdefault(next(iter(captured)), Counter())[bonus_id] += 1
                if bonus.winner is not None:
                    pools = self._pools(bonus.winner, modules)
                    if len(pools) == 1:
                        winning |= pools
            for pool in claimed.keys() | winning:
                claims = claimed.get(pool, Counter())
                if pool not in winning:
                    need[pool] += max(claims.values())
                    continue
                winning_players[pool] += 1
                besides = [n - self._served_by_winner(bonuses[b], pool, modules) for b, n in claims.items()]
                need[pool] += 1 + max([0, *besides])
        for pool, players in winning_players.items():
            need[pool] -= players - 1
        limits = self.edition.pool_limits
        for pool, count in need.items():
            limit = limits[self.edition.kind_pool(pool)] if self.edition.kind_pool(pool) >= 0 else 1
            if count > limit:
                claims_on = [b for b in counted if pool in self._pools_any(bonuses[b], modules)]
                self.values.error(
                    first_node[claims_on[0]],
                    f"bonuses {', '.join(repr(b) for b in claims_on)} need {count} {pool} cards, "
                    f"but the deck has {limit}",
                )

    def _served_by_winner(self, bonus: Bonus, pool: str, modules: set[str]) -> int:
        """1 when a winning card of kind ``pool`` may also be a card ``bonus`` pays for
        (its captured patterns count the winning card and its winner pattern, if any,
        takes that kind), else 0."""
        if bonus.exclude_winner or not any(p.counts_winner for p in bonus.captured):
            return 0  # (read by claims_read too)
        return int(bonus.winner is None or pool in self._pools(bonus.winner, modules))

    def _pools(self, pattern: Pattern, modules: set[str]) -> set[str]:
        return matching(self.edition, pattern, modules)

    def _pools_any(self, bonus: Bonus, modules: set[str]) -> set[str]:
        out = set().union(*(self._pools(p, modules) for p in bonus.captured))
        return out | (self._pools(bonus.winner, modules) if bonus.winner is not None else set())

    def loot(
        self, node: Node, players: list[str], won: Mapping[str, int | None], modules: set[str]
    ) -> list[tuple[str, str]]:
        """The alliances the round claims (``loot: [[Loot player, trick winner], ...]``);
        a pair with a problem is left out."""
        loot = node.value.get("loot")
        if loot is None:
            return []
        if not isinstance(loot.value, list):
            self.values.error(loot, "'loot' must be a list of [Loot player, trick winner] pairs")
            return []
        limit = alliance_cards(self.edition, modules)
        if len(loot.value) > limit:
            self.values.error(
                loot,
                f"{len(loot.value)} alliance{'s' if len(loot.value) != 1 else ''}, but the cards in play "
                f"hold {limit} alliance card{'s' if limit != 1 else ''}",
            )
        pairs = []
        for pair in loot.value:
            names = [p.value for p in pair.value] if isinstance(pair.value, list) else None
            if names is None or len(names) != 2:
                self.values.error(pair, "each alliance is a pair [Loot player, trick winner]")
                continue
            bad = [item for item in pair.value if item.value not in players]
            if bad:
                self.values.error(bad[0], unknown("player", str(bad[0].plain()), players, where="'loot'"))
                continue
            if names[0] == names[1]:
                self.values.error(
                    pair, f"{names[0]} cannot ally with themself: winning your own Loot forms no alliance"
                )
                continue
            if won.get(names[1]) == 0:
                self.values.error(pair, f"{names[1]} won no trick, so took no Loot")
                continue
            pairs.append((names[0], names[1]))
        return pairs


def matching(edition: Rules, pattern: Pattern, modules: set[str]) -> set[str]:
    """The kinds of card (special card ids, or 'suit:rank') of ``modules`` that can match
    ``pattern`` in some role they may take (printed, declared, or given by an effect)."""
    taken_on = {edition.cancelled_role} | {e.becomes for e in edition.effects}
    found = set()
    for card in edition.deck(modules):
        printed = edition.plays[card.code].printed
        roles = (printed | taken_on) - {None} if card.suit is None else frozenset()
        if (
            (pattern.roles is None or bool(pattern.roles & roles))
            and (pattern.suits is None or card.suit in pattern.suits)
            and (pattern.ranks is None or card.rank in pattern.ranks)
            and (pattern.cards is None or card.kind in pattern.cards)
            and (pattern.printed_roles is None or bool(pattern.printed_roles & printed))
        ):
            found.add(card.pool)
    return found


def alliance_cards(edition: Rules, modules: set[str]) -> int:
    """How many cards of ``modules`` carry an alliance effect: the most alliances a
    round may claim."""
    return sum(
        k.copies
        for k in edition.kinds
        if k.module in modules and any(e.id == k.effect and e.kind.value == "alliance" for e in edition.effects)
    )


def claims_read(edition: Rules) -> list[tuple[str, str, object]]:
    """What checking a score sheet's claims reads of ``edition``'s rules of play, module
    by module (each check adds up or joins what the modules in play give), as (module
    id, what, value): for each bonus, the cards that can match its captured patterns
    and its winner pattern (which bonuses a round may claim, how often, with which
    winning cards); the alliance cards (how many alliances); and the cards that can
    leave a trick without a winner (how few tricks a round may count in all). For a
    bonus, also whether the winning card may be one it pays for (claims on a winning
    card's kind may share it). Two editions with the same cards whose answers are equal
    accept and refuse the same sheets' claims."""
    found: list[tuple[str, str, object]] = []
    for module in edition.modules:
        chosen = {module.id}
        found.append((module.id, "destroying", edition.destroying_cards(chosen)))
        found.append((module.id, "alliances", alliance_cards(edition, chosen)))
        for bonus in edition.bonuses:
            captured = set().union(*(matching(edition, p, chosen) for p in bonus.captured))
            winner = None if bonus.winner is None else matching(edition, bonus.winner, chosen)
            counts_winner = not bonus.exclude_winner and any(p.counts_winner for p in bonus.captured)
            found.append((module.id, f"bonus {bonus.id}", (captured, winner, counts_winner)))
    return found
