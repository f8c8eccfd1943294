"""What a finished round gave and how it is written down: the tallies of its tricks
(tricks won, captures, alliances), its points under the scheme, the cards played per
role, and the round as a score sheet's round. :class:`RoundResults` is a part of
:class:`~skullking.play.round.Round` (its methods run on the round)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from skullking.core.errors import GameError
from skullking.model.records import OVER
from skullking.play.state import RoundState
from skullking.rounds.seating import leader_abilities
from skullking.scoring.schemes import RoundScore

if TYPE_CHECKING:
    from collections.abc import Sequence

    from skullking.tricks.interpreter import TrickResult


class RoundResults(RoundState):
    """The results of a :class:`~skullking.play.round.Round` (a part of it: see the module's
    description)."""

    def score(self) -> RoundScore:
        """The round's points under its scheme; only when the round is over."""
        if self.phase is not OVER:
            raise GameError(f"the round is not over ({self._not_now()})")
        if self._score is None:
            self._score = self._points()
        return self._score

    def _tally(self, winner: str, names: tuple[str, ...], result: TrickResult) -> None:
        """Count a finished trick that ``winner`` won (its players ``names`` in play
        order): the trick, its capture bonuses and the alliances it formed, for the
        players of the round (not the ghost). Every finished trick is tallied once: here,
        or by :func:`~skullking.play.randomplay.random_plays`, which writes this out for
        rounds without the ghost (a test keeps both equal to what the tricks say)."""
        won = self._won
        if winner in won:
            won[winner] += 1
            _, _, _, allied, _, _, _, bonuses = result
            if bonuses:
                self._captured.append((winner, bonuses))
            for ally, _ in allied:
                if names[ally] in won:
                    self._allied.append((names[ally], winner))

    def results(self) -> tuple[dict[str, int], dict[str, list[str]], list[tuple[str, str]]]:
        """What the finished tricks gave the players: tricks won, the capture bonus ids
        of each player's tricks, and the alliances formed (ally, trick winner)."""
        captures: dict[str, list[str]] = {p: [] for p in self.players}
        for winner, bonuses in self._captured:
            captures[winner].extend(bonuses)
        return dict(self._won), captures, list(self._allied)

    def _points(
        self,
        captured: Sequence[tuple[str, Sequence[str]]] | None = None,
        alliances: list[tuple[str, str]] | None = None,
    ) -> RoundScore:
        """The round's points from its tallies; with ``captured`` (the capture bonus ids
        as (winner, ids) a trick) or ``alliances`` given, what it would score with those
        instead of its own (how a simulation counts what bonuses and alliances paid)."""
        scorer = self._scorer
        changes, bids = self.changes, self._bids
        bids = {p: b + changes.get(p, 0) for p, b in bids.items()} if changes else dict(bids)
        return scorer.points(
            number=self.number,
            cards=self.cards,
            players=self.players,
            bids=bids,
            won=dict(self._won),
            captured=self._captured if captured is None else captured,
            alliances=self._allied if alliances is None else alliances,
            wagers=self.wagers,
            loads=self.loads,
            rounds=self.rounds,
            played=self.played if scorer.uses_played else None,
        )

    @property
    def played(self) -> dict[str, Counter[str]]:
        """Per player, the cards played so far in each role (as declared)."""
        out: dict[str, Counter[str]] = {p: Counter() for p in self.players}
        for trick in self.tricks:
            for seat, play in zip(trick.players, trick.plays, strict=True):
                if seat in out and play.role is not None:
                    out[seat][play.role] += 1
        return out

    def as_sheet_round(self) -> dict[str, Any]:
        """The round as a score sheet records the whole play (see :mod:`skullking.scoring.sheets.score`):
        the cards, the first leader, the bids, every trick in play order and the choices
        the abilities made. ``skullking score`` gives it the points :meth:`score` gives."""
        record: dict[str, Any] = {
            "cards": self.cards,
            "leader": self.first_leader,
            "bids": dict(self._bids),
            "tricks": [[p.code for p in t.plays] for t in self.tricks],
        }
        for choice, made in ((self.edition.wagers, self.wagers), (self.edition.bid_changes, self.changes)):
            if choice is not None and made:
                record[choice.sheet_key] = dict(made)
        for chooser in leader_abilities(self.edition):
            picks = self._leaders_chosen.get(chooser.card)
            if chooser.sheet_key and picks:
                record[chooser.sheet_key] = dict(picks)
        if self.loads and any(load != self.scheme.loads[0] for load in self.loads.values()):
            record["loads"] = {p: load for p, load in self.loads.items() if load != self.scheme.loads[0]}
        return record
