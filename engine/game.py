"""Kept for code written against the engine's first layout, which imported rounds and games
from ``skullking.game``: a round lives in :mod:`skullking.play.round`, a whole game in
:mod:`skullking.play.game`, random play in :mod:`skullking.play.randomplay`. New code
imports from there (or from :mod:`skullking`).
"""

from skullking.play.game import Game
from skullking.play.randomplay import play_randomly
from skullking.play.round import CHANGE_BID, WAGER, Decision, Phase, Round, Trick

__all__ = ["CHANGE_BID", "WAGER", "Decision", "Game", "Phase", "Round", "Trick", "play_randomly"]
